/* src/pipeline/om_blend.c — blending and colour writes (om.h; spec 17.1-17.5, 17.14, 17.15).
 *
 * Per target, for the lanes of a batch, structure-of-arrays (DESIGN.md principle 6):
 *   1. src[c][i]  the shader's colour;  dst[c][i] the target's texel through texel_load
 *      (UNORM -> [0, 1] exactly as 3.2.3.5, sRGB decoded to linear as 3.2.3.7 -- spec 17.4
 *      "Gamma Correction": the blender works on linear values; missing components read as
 *      (0, 0, 0, 1), so an alpha-less target has destination alpha 1, as 19.3.4 says for
 *      R11G11B10_FLOAT).
 *   2. Fixed-point targets (UNORM, SNORM, sRGB): src and the blend factor are clamped to the
 *      target's range first (17.5: "Values entering Blending Hardware, including the
 *      BlendFactor value, are always clamped to the range of the RenderTarget"); the clamp is
 *      max-then-min with the 3.1.3.2 rules, so a NaN entering a UNORM blend becomes 0.  Float
 *      targets are not clamped (17.5 permits it for float16/11/10; float32's range is all of
 *      float) and NaN propagates through every term, 0 weights included (17.5: "NaN's and
 *      signed zeros must be propagated ... including 0.0 blend weights") -- which is why the
 *      destination is always read when blending, even for a ZERO destination factor.
 *      Dual-source factors (SRC1_*, 17.6) read the batch's colour 1 (the program's o1),
 *      clamped the same way.
 *   3. The blend, per channel, in float32 (17.5 allows "equal or more" precision than the
 *      format; float32 is what the spec's own floating-point rules describe):
 *          ADD           src * Fs + dst * Fd
 *          SUBTRACT      src * Fs - dst * Fd
 *          REV_SUBTRACT  dst * Fd - src * Fs
 *          MIN / MAX     om_fmin / om_fmax(src, dst), the factors ignored (17.1)
 *      Intermediate terms such as (1 - x) are not clamped (17.5, said for SNORM).
 *   4. The result goes through texel_store: "a clamp to the RenderTarget range after blend"
 *      (17.5) and the format conversion: UNORM round-to-nearest (3.2.3.6), sRGB encode
 *      (3.2.3.8), float16/11/10 round toward zero (3.2.2).
 *   5. The write mask (17.15): a full mask stores the texel; a partial one stores into a copy
 *      of the old texel and merges the bits of the enabled channels only, so masked channels
 *      keep their exact bits (no decode/encode round trip: SNORM's -128 survives).
 * Without blending, steps 1-3 are skipped: src goes straight to texel_store.
 */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include "pipeline/om.h"
#include "pipeline/om_priv.h"
#include "pipeline/om_blend_values.h"

#include <math.h>
#include <string.h>

#include "sample/texel.h"

#define LANES OM_LANES

static uint8_t *pixel_at(const struct om_surface *s, const struct om_batch *b, unsigned i,
                         unsigned bytes)
{
    uint32_t x = (uint32_t)b->x[i / 4] + (i & 1), y = (uint32_t)b->y[i / 4] + ((i >> 1) & 1);
    return s->data + (size_t)y * s->row_pitch + (size_t)x * bytes;
}

/* Write one texel: whole, or merged under the write mask (the copy starts as the old texel so
 * that bits of no channel are kept too). */
static void write_texel(const struct om_target_state *ts, uint8_t *p, const float v[4],
                        const uint32_t *iv)
{
    if (ts->full_write && !iv) {
        texel_store(ts->fmt, v, p, 0, 0);
        return;
    }
    uint8_t tmp[16];
    memcpy(tmp, p, ts->bytes);
    if (iv)
        texel_store_int(ts->fmt, iv, tmp, 0, 0);
    else
        texel_store(ts->fmt, v, tmp, 0, 0);
    for (unsigned b = 0; b < ts->bytes; b++)
        p[b] = (uint8_t)((p[b] & ~ts->write_bits[b]) | (tmp[b] & ts->write_bits[b]));
}

/* ---- logic operations (D3D11.1 CreateBlendState1; D3D11_1_DDI_LOGIC_OP) -------------------
 *
 * s is the shader's value as the target stores it (converted through the format first:
 * texel_store_int's clamp, so that ~s of 300 on an 8-bit channel is ~255, not ~300 clamped),
 * d the stored value; the operation runs on each channel's own bits, and the result (masked
 * to the channel for UINT; SINT values stay sign-extended under any bitwise operation) is
 * what write_texel then stores under the write mask. */
static uint32_t logic_apply(unsigned op, uint32_t s, uint32_t d)
{
    switch (op) {
    case OM_LOGIC_OP_CLEAR: return 0;
    case OM_LOGIC_OP_SET: return ~0u;
    case OM_LOGIC_OP_COPY: return s;
    case OM_LOGIC_OP_COPY_INVERTED: return ~s;
    case OM_LOGIC_OP_NOOP: return d;
    case OM_LOGIC_OP_INVERT: return ~d;
    case OM_LOGIC_OP_AND: return s & d;
    case OM_LOGIC_OP_NAND: return ~(s & d);
    case OM_LOGIC_OP_OR: return s | d;
    case OM_LOGIC_OP_NOR: return ~(s | d);
    case OM_LOGIC_OP_XOR: return s ^ d;
    case OM_LOGIC_OP_EQUIV: return ~(s ^ d);
    case OM_LOGIC_OP_AND_REVERSE: return s & ~d;
    case OM_LOGIC_OP_AND_INVERTED: return ~s & d;
    case OM_LOGIC_OP_OR_REVERSE: return s | ~d;
    default: return ~s | d;   /* OM_LOGIC_OP_OR_INVERTED */
    }
}

static void logic_texel(const struct om_target_state *ts, const uint8_t *p, uint32_t iv[4])
{
    uint8_t tmp[16];
    uint32_t s[4], d[4];
    memset(tmp, 0, sizeof tmp);
    if (!texel_store_int(ts->fmt, iv, tmp, 0, 0) || !texel_load_int(ts->fmt, tmp, 0, 0, s) ||
        !texel_load_int(ts->fmt, p, 0, 0, d))
        return;
    for (int c = 0; c < 4; c++) {
        const struct texel_channel *ch = &ts->fmt->ch[c];
        if (!ch->type)
            continue;
        uint32_t r = logic_apply(ts->logic_op, s[c], d[c]);
        if (ch->type == TEXEL_UINT && ch->bits < 32)
            r &= (1u << ch->bits) - 1u;
        iv[c] = r;
    }
}

void om_blend_values(const struct om_state *st, int t, const struct om_draw *draw,
                     const float *const in[4], float (*dst)[OM_LANES], float (*out)[OM_LANES],
                     unsigned n)
{
    om_blend_values_inline(st, t, draw, in, dst, out, n);
}

/* ---- dual-source blending (spec 17.6; 10_0+) ---------------------------------------------------
 *
 * A target whose factors include SRC1_* (om_target_state.dual_source; never a fast-kernel
 * target, om_fast_init_target) blends here: each SRC1 factor is the matching SRC factor read
 * from the second source s1 (the program's colour 1, clamped like the first: 17.5), so
 * SRC1_COLOR = s1[c], INV_SRC1_COLOR = 1 - s1[c], SRC1_ALPHA = s1.a, INV_SRC1_ALPHA = 1 - s1.a;
 * the other factors and the operations are blend_channel's, in the same float32 order. */
static unsigned src1_as_src(unsigned f)
{
    switch (f) {
    case OM_BLEND_SRC1_COLOR: return OM_BLEND_SRC_COLOR;
    case OM_BLEND_INV_SRC1_COLOR: return OM_BLEND_INV_SRC_COLOR;
    case OM_BLEND_SRC1_ALPHA: return OM_BLEND_SRC_ALPHA;
    case OM_BLEND_INV_SRC1_ALPHA: return OM_BLEND_INV_SRC_ALPHA;
    default: return 0;
    }
}

static void dual_factor(unsigned f, int c, float (*s)[LANES], float (*s1)[LANES],
                        float (*d)[LANES], const float bf[4], float *out, unsigned n)
{
    unsigned g = src1_as_src(f);
    if (g)
        blend_factor(g, c, s1, d, bf, out, n);
    else
        blend_factor(f, c, s, d, bf, out, n);
}

static void dual_channel(unsigned op, unsigned fsrc, unsigned fdst, int c, float (*s)[LANES],
                         float (*s1)[LANES], float (*d)[LANES], const float bf[4], float *out,
                         unsigned n)
{
    if (op == OM_BLEND_OP_MIN || op == OM_BLEND_OP_MAX) {   /* the factors are ignored */
        blend_channel(op, fsrc, fdst, c, s, d, bf, out, n);
        return;
    }
    float fs[LANES], fd[LANES];
    dual_factor(fsrc, c, s, s1, d, bf, fs, n);
    dual_factor(fdst, c, s, s1, d, bf, fd, n);
    for (unsigned i = 0; i < n; i++) {
        float a = s[c][i] * fs[i], b = d[c][i] * fd[i];
        out[i] = op == OM_BLEND_OP_SUBTRACT ? a - b : op == OM_BLEND_OP_REV_SUBTRACT ? b - a
                                                                                   : a + b;
    }
}

static void clamp_source(const struct om_target_state *ts, const float *const in[4],
                         float (*out)[LANES], unsigned n)
{
    for (int c = 0; c < 4; c++)
        for (unsigned i = 0; i < n; i++)
            out[c][i] = ts->kind == OM_RT_NORM ? om_fmin(om_fmax(in[c][i], ts->lo[c]), ts->hi[c])
                                               : in[c][i];
}

static void om_blend_values_dual(const struct om_state *st, int t, const struct om_draw *draw,
                                 const float *const in[4], const float *const in1[4],
                                 float (*dst)[OM_LANES], float (*out)[OM_LANES], unsigned n)
{
    static const float zeros1[LANES];
    const struct om_target_state *ts = &st->rt[t];
    const struct om_target_key *k = &st->key.rt[t];
    float src[4][LANES], src1[4][LANES], bf[4];
    const float *sec[4];
    for (int c = 0; c < 4; c++)
        sec[c] = in1[c] ? in1[c] : zeros1;
    clamp_source(ts, in, src, n);
    clamp_source(ts, sec, src1, n);
    memcpy(bf, draw->blend_factor, sizeof bf);
    if (ts->kind == OM_RT_NORM)
        for (int c = 0; c < 4; c++)
            bf[c] = om_fmin(om_fmax(bf[c], ts->lo[c]), ts->hi[c]);
    for (int c = 0; c < 3; c++)
        dual_channel(k->op_color, k->src_color, k->dst_color, c, src, src1, dst, bf, out[c], n);
    dual_channel(k->op_alpha, k->src_alpha, k->dst_alpha, 3, src, src1, dst, bf, out[3], n);
}

void om_color_target_ref(const struct om_state *st, int t, const struct om_draw *draw,
                         const struct om_batch *batch, uint32_t mask, unsigned n)
{
    const struct om_target_state *ts = &st->rt[t];
    const struct om_surface *surf = &draw->rt[t];
    static const float zeros[LANES];

    float src[4][LANES];
    for (int c = 0; c < 4; c++) {
        const float *in = batch->color[t][c] ? batch->color[t][c] : zeros;
        memcpy(src[c], in, sizeof(float) * n);
    }

    if (ts->kind == OM_RT_INT) {
        /* Integer targets: the registers' raw bits, never blended; with a logic operation,
         * combined bitwise with the stored value first (logic_texel). */
        for (unsigned i = 0; i < n; i++) {
            if (!(mask >> i & 1))
                continue;
            uint32_t iv[4];
            uint8_t *p = pixel_at(surf, batch, i, ts->bytes);
            for (int c = 0; c < 4; c++)
                memcpy(&iv[c], &src[c][i], sizeof iv[c]);
            if (ts->logic_op)
                logic_texel(ts, p, iv);
            write_texel(ts, p, NULL, iv);
        }
        return;
    }

    float out[4][LANES];
    if (ts->blend) {
        float dst[4][LANES];
        for (unsigned i = 0; i < n; i++) {
            float v[4] = { 0.0f, 0.0f, 0.0f, 1.0f };
            if (mask >> i & 1)
                ts->fmt->load(ts->fmt, pixel_at(surf, batch, i, ts->bytes), 0, 0, v);
            for (int c = 0; c < 4; c++)
                dst[c][i] = v[c];
        }
        const float *const in[4] = { src[0], src[1], src[2], src[3] };
        if (ts->dual_source)   /* the second source: the program's colour 1 (17.6) */
            om_blend_values_dual(st, t, draw, in, batch->color[1], dst, out, n);
        else
            om_blend_values(st, t, draw, in, dst, out, n);
    } else {
        memcpy(out, src, sizeof out);
    }

    for (unsigned i = 0; i < n; i++) {
        if (!(mask >> i & 1))
            continue;
        float v[4] = { out[0][i], out[1][i], out[2][i], out[3][i] };
        write_texel(ts, pixel_at(surf, batch, i, ts->bytes), v, NULL);
    }
}

void om_color_ref(const struct om_state *st, const struct om_draw *draw,
                  const struct om_batch *batch, uint32_t mask)
{
    uint32_t count = batch->count < OM_MAX_QUADS ? batch->count : OM_MAX_QUADS;
    unsigned n = 4 * count;
    mask &= n >= 32 ? 0xffffffffu : (1u << n) - 1u;
    for (int t = 0; t < OM_MAX_TARGETS; t++) {
        if (st->rt[t].kind == OM_RT_NONE || !draw->rt[t].data || !batch->color[t][0])
            continue;
        uint32_t m = mask & om_surface_mask(&draw->rt[t], batch);
        if (m)
            om_color_target_ref(st, t, draw, batch, m, n);
    }
}
