/* src/pipeline/om_fast.c — the output merger's fast paths and the dispatch between them and the
 * reference (om_depth.c, om_blend.c).
 *
 * Read me first.  om_state_init decides once per state (softpipe habit, STYLE.md) whether a
 * target or the depth buffer has a fast path; om_depth_stencil and om_color then take it per
 * batch.  A fast path does exactly the arithmetic of the reference -- the same conversions, the
 * same blend code (om_blend_values) -- but reads and writes whole 32-bit pixels instead of going
 * through the generic bit-field texel_load/texel_store per channel:
 *   colour  4 x 8-bit UNORM or sRGB targets (R8G8B8A8, B8G8R8A8, B8G8R8X8 and their _SRGB),
 *           written whole (the write mask covers every present channel): decode by table
 *           (texel_unorm8_table / texel_srgb8_table), encode by texel_float_to_unorm8 (the
 *           reference's exact "+0.5 and truncate" in double) or texel_float_to_srgb;
 *   depth   UNORM depth of up to 24 bits at bit 0 of a 2- or 4-byte pixel (D16, D24S8, D24X8)
 *           with the stencil test off: quantize (texel_float_to_unorm's formula), compare, write
 *           the depth bits, keep the rest.
 * tests/test_fastpath.c runs both paths on seeded random states, surfaces and batches and
 * compares every byte and every returned mask.
 */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include "pipeline/om_priv.h"

#include <string.h>

#include "sample/texel.h"
#include "util/fsel.h"

/* ---- choice (om_state_init) ----------------------------------------------------------------- */

void om_fast_init_target(struct om_target_state *ts)
{
    struct texel_rgba8 l;
    ts->fast = false;
    if (ts->kind != OM_RT_NORM || !ts->full_write || !texel_rgba8_layout(ts->fmt, &l))
        return;
    ts->fast = true;
    ts->fast_srgb = l.srgb;
    memcpy(ts->fast_shift, l.shift, sizeof l.shift);
    ts->fast_keep = l.keep;
    ts->fast_alpha_one = !l.has_alpha;
}

void om_fast_init_depth(struct om_state *st)
{
    st->fast_depth = st->depth_kind == OM_DEPTH_UNORM && (st->ds_bytes == 2 || st->ds_bytes == 4) &&
                     st->depth_shift == 0 && st->depth_bits >= 1 && st->depth_bits <= 24 &&
                     !st->key.stencil_enable;
}

/* texel_float_to_unorm8 (texel.h) without branches, so that the encode loops vectorise:
 * clamping to [0, 1] first (NaN and -0 to +0) gives the same integer at both ends. */
static inline uint32_t unorm8(float c)
{
    float cc = util_fsel(c > 0.0f, c, 0.0f);
    cc = util_fsel(cc < 1.0f, cc, 1.0f);
    return (uint32_t)(int32_t)((double)cc * 255.0 + 0.5);
}

/* ---- pixel access ---------------------------------------------------------------------------- */

static inline uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static inline uint8_t *lane_pixel(const struct om_surface *s, const struct om_batch *b, unsigned i,
                                  unsigned bytes)
{
    uint32_t x = (uint32_t)b->x[i / 4] + (i & 1), y = (uint32_t)b->y[i / 4] + ((i >> 1) & 1);
    return s->data + (size_t)y * s->row_pitch + (size_t)x * bytes;
}

/* ---- depth ----------------------------------------------------------------------------------- */

#define DEPTH_LOOP(OP)                                                                        \
    for (unsigned i = 0; i < n; i++)                                                          \
        pass |= (uint32_t)(dq[i] OP stored[i]) << i;                                          \
    break

static uint32_t depth_fast(const struct om_state *st, const struct om_draw *draw,
                           const struct om_batch *batch, uint32_t mask, unsigned n)
{
    const struct om_surface *ds = &draw->ds;
    const unsigned bytes = st->ds_bytes;
    const uint32_t dmax = (1u << st->depth_bits) - 1u;
    const double dmaxd = (double)dmax;
    uint32_t dq[OM_LANES], stored[OM_LANES], raw[OM_LANES];
    uint8_t *px[OM_LANES];

    /* texel_float_to_unorm(z, bits): NaN and z <= 0 -> 0, z >= 1 -> max, else floor(z max + 0.5);
     * clamping first gives the same integers at both ends, without branches (as unorm8) */
    if (batch->z) {
        for (unsigned i = 0; i < n; i++) {
            float z = util_fsel(batch->z[i] > 0.0f, batch->z[i], 0.0f);
            z = util_fsel(z < 1.0f, z, 1.0f);
            dq[i] = (uint32_t)(int64_t)((double)z * dmaxd + 0.5);
        }
    } else {
        for (unsigned i = 0; i < n; i++)
            dq[i] = 0;
    }
    /* pixel addresses per quad; only lanes in the mask are read (the others may lie outside
     * the surface) */
    for (unsigned q = 0; q * 4 < n; q++) {
        uint8_t *row0 = ds->data + (size_t)batch->y[q] * ds->row_pitch + (size_t)batch->x[q] * bytes;
        uint8_t *row1 = row0 + ds->row_pitch;
        px[4 * q + 0] = row0;
        px[4 * q + 1] = row0 + bytes;
        px[4 * q + 2] = row1;
        px[4 * q + 3] = row1 + bytes;
    }
    for (unsigned i = 0; i < n; i++) {
        raw[i] = 0;
        if (!(mask >> i & 1))
            continue;
        raw[i] = bytes == 4 ? rd32(px[i]) : (uint32_t)px[i][0] | (uint32_t)px[i][1] << 8;
    }
    for (unsigned i = 0; i < n; i++)
        stored[i] = raw[i] & dmax;

    uint32_t pass = 0;
    switch (st->key.depth_func) {
    case OM_CMP_NEVER: break;
    case OM_CMP_LESS: DEPTH_LOOP(<);
    case OM_CMP_EQUAL: DEPTH_LOOP(==);
    case OM_CMP_LESS_EQUAL: DEPTH_LOOP(<=);
    case OM_CMP_GREATER: DEPTH_LOOP(>);
    case OM_CMP_NOT_EQUAL: DEPTH_LOOP(!=);
    case OM_CMP_GREATER_EQUAL: DEPTH_LOOP(>=);
    default: pass = 0xffffffffu; break;   /* ALWAYS */
    }
    pass &= mask;
    if (!st->depth_write)
        return pass;
    for (unsigned i = 0; i < n; i++) {
        if (!(pass >> i & 1) || dq[i] == stored[i])
            continue;
        uint32_t v = (raw[i] & ~dmax) | dq[i];
        if (bytes == 4) {
            wr32(px[i], v);
        } else {
            px[i][0] = (uint8_t)v;
            px[i][1] = (uint8_t)(v >> 8);
        }
    }
    return pass;
}

static uint32_t depth_dispatch(const struct om_state *st, const struct om_draw *draw,
                               const struct om_batch *batch, uint32_t mask, bool premasked)
{
    if (!st->fast_depth || !st->depth_test)
        return om_depth_stencil_ref(st, draw, batch, mask);
    /* The reference's prologue (om_depth.c): no surface, everything passes. */
    if (!draw->ds.data)
        return mask;
    uint32_t count = batch->count < OM_MAX_QUADS ? batch->count : OM_MAX_QUADS;
    unsigned n = 4 * count;
    if (!premasked)
        mask &= om_surface_mask(&draw->ds, batch) & (n >= 32 ? 0xffffffffu : (1u << n) - 1u);
    if (!mask)
        return 0;
    return depth_fast(st, draw, batch, mask, n);
}

uint32_t om_depth_stencil(const struct om_state *st, const struct om_draw *draw,
                          const struct om_batch *batch, uint32_t mask)
{
    return depth_dispatch(st, draw, batch, mask, false);
}

uint32_t om_depth_stencil_premasked(const struct om_state *st, const struct om_draw *draw,
                                    const struct om_batch *batch, uint32_t mask)
{
    return depth_dispatch(st, draw, batch, mask, true);
}

/* ---- colour ---------------------------------------------------------------------------------- */

static void color_fast(const struct om_state *st, int t, const struct om_draw *draw,
                       const struct om_batch *batch, uint32_t mask, unsigned n)
{
    const struct om_target_state *ts = &st->rt[t];
    const struct om_surface *surf = &draw->rt[t];
    const unsigned sr = ts->fast_shift[0], sg = ts->fast_shift[1], sb = ts->fast_shift[2];
    const unsigned sa = ts->fast_shift[3];
    const uint32_t keep = ts->fast_keep;
    static const float zeros[OM_LANES];
    float out_buf[4][OM_LANES];
    const float *in[4], *out[4];

    for (int c = 0; c < 4; c++)
        out[c] = in[c] = batch->color[t][c] ? batch->color[t][c] : zeros;
    if (ts->blend) {
        const float *ct = ts->fast_srgb ? texel_srgb8_table() : texel_unorm8_table();
        float dst[4][OM_LANES];
        uint32_t px[OM_LANES];
        for (unsigned i = 0; i < n; i++)
            px[i] = mask >> i & 1 ? rd32(lane_pixel(surf, batch, i, 4)) : 0;
        if (ts->fast_srgb) {
            for (unsigned i = 0; i < n; i++) {
                dst[0][i] = ct[(px[i] >> sr) & 255];
                dst[1][i] = ct[(px[i] >> sg) & 255];
                dst[2][i] = ct[(px[i] >> sb) & 255];
            }
        } else {
            /* (float)v / 255.0f is texel_unorm_to_float(v, 8), the table's value; this form
             * vectorises */
            for (unsigned i = 0; i < n; i++) {
                dst[0][i] = (float)((px[i] >> sr) & 255) / 255.0f;
                dst[1][i] = (float)((px[i] >> sg) & 255) / 255.0f;
                dst[2][i] = (float)((px[i] >> sb) & 255) / 255.0f;
            }
        }
        if (ts->fast_alpha_one)
            for (unsigned i = 0; i < n; i++)
                dst[3][i] = 1.0f;
        else
            for (unsigned i = 0; i < n; i++)
                dst[3][i] = (float)((px[i] >> sa) & 255) / 255.0f;
        /* lanes outside the mask: the reference's (0, 0, 0, 1) */
        for (unsigned i = 0; i < n; i++)
            if (!(mask >> i & 1)) {
                dst[0][i] = dst[1][i] = dst[2][i] = 0.0f;
                dst[3][i] = 1.0f;
            }
        om_blend_values(st, t, draw, in, dst, out_buf, n);
        for (int c = 0; c < 4; c++)
            out[c] = out_buf[c];
    }

    uint32_t enc[OM_LANES];
    if (ts->fast_srgb) {
        for (unsigned i = 0; i < n; i++)
            enc[i] = texel_float_to_srgb(out[0][i], 8) << sr |
                     texel_float_to_srgb(out[1][i], 8) << sg |
                     texel_float_to_srgb(out[2][i], 8) << sb;
    } else {
        for (unsigned i = 0; i < n; i++)
            enc[i] = unorm8(out[0][i]) << sr | unorm8(out[1][i]) << sg | unorm8(out[2][i]) << sb;
    }
    if (!ts->fast_alpha_one)
        for (unsigned i = 0; i < n; i++)
            enc[i] |= unorm8(out[3][i]) << sa;

    for (unsigned q = 0; q * 4 < n; q++) {
        unsigned qm = (mask >> (4 * q)) & 15u;
        if (!qm)
            continue;
        uint8_t *row0 = lane_pixel(surf, batch, 4 * q, 4);
        uint8_t *row1 = row0 + surf->row_pitch;
        for (unsigned p = 0; p < 4; p++) {
            if (!(qm >> p & 1))
                continue;
            uint8_t *dp = (p & 2 ? row1 : row0) + 4 * (p & 1);
            uint32_t v = enc[4 * q + p];
            if (keep)
                v |= rd32(dp) & keep;
            wr32(dp, v);
        }
    }
}

static void color_dispatch(const struct om_state *st, const struct om_draw *draw,
                           const struct om_batch *batch, uint32_t mask, bool premasked)
{
    uint32_t count = batch->count < OM_MAX_QUADS ? batch->count : OM_MAX_QUADS;
    unsigned n = 4 * count;
    mask &= n >= 32 ? 0xffffffffu : (1u << n) - 1u;
    for (int t = 0; t < OM_MAX_TARGETS; t++) {
        if (st->rt[t].kind == OM_RT_NONE || !draw->rt[t].data || !batch->color[t][0])
            continue;
        uint32_t m = premasked ? mask : mask & om_surface_mask(&draw->rt[t], batch);
        if (!m)
            continue;
        if (st->rt[t].fast)
            color_fast(st, t, draw, batch, m, n);
        else
            om_color_target_ref(st, t, draw, batch, m, n);
    }
}

void om_color(const struct om_state *st, const struct om_draw *draw,
              const struct om_batch *batch, uint32_t mask)
{
    color_dispatch(st, draw, batch, mask, false);
}

void om_color_premasked(const struct om_state *st, const struct om_draw *draw,
                        const struct om_batch *batch, uint32_t mask)
{
    color_dispatch(st, draw, batch, mask, true);
}

/* ---- constant-colour rectangles -------------------------------------------------------------- */

bool om_fill_possible(const struct om_state *st, uint32_t targets)
{
    if (st->depth_test || st->depth_write || st->stencil_test || st->stencil_write)
        return false;
    for (int t = 0; t < OM_MAX_TARGETS; t++) {
        const struct om_target_state *ts = &st->rt[t];
        if (!(targets >> t & 1) || ts->kind == OM_RT_NONE)
            continue;
        if (!ts->fast || ts->blend || ts->fast_keep)
            return false;
    }
    return true;
}

void om_fill_rect(const struct om_state *st, const struct om_draw *draw, int32_t x0, int32_t y0,
                  int32_t x1, int32_t y1, const float *const color[OM_MAX_TARGETS])
{
    for (int t = 0; t < OM_MAX_TARGETS; t++) {
        const struct om_target_state *ts = &st->rt[t];
        const struct om_surface *surf = &draw->rt[t];
        if (ts->kind == OM_RT_NONE || !surf->data || !color[t])
            continue;
        /* om_surface_mask: pixels outside the surface are never written */
        int32_t cx1 = x1 < (int32_t)surf->width ? x1 : (int32_t)surf->width;
        int32_t cy1 = y1 < (int32_t)surf->height ? y1 : (int32_t)surf->height;
        int32_t cx0 = x0 > 0 ? x0 : 0, cy0 = y0 > 0 ? y0 : 0;
        if (cx0 >= cx1 || cy0 >= cy1)
            continue;
        /* color_fast's encoding, once (no blending: the shader's colour is written) */
        const float *c = color[t];
        uint32_t v;
        if (ts->fast_srgb)
            v = texel_float_to_srgb(c[0], 8) << ts->fast_shift[0] |
                texel_float_to_srgb(c[1], 8) << ts->fast_shift[1] |
                texel_float_to_srgb(c[2], 8) << ts->fast_shift[2];
        else
            v = unorm8(c[0]) << ts->fast_shift[0] | unorm8(c[1]) << ts->fast_shift[1] |
                unorm8(c[2]) << ts->fast_shift[2];
        if (!ts->fast_alpha_one)
            v |= unorm8(c[3]) << ts->fast_shift[3];
        uint8_t *row = surf->data + (size_t)cy0 * surf->row_pitch + (size_t)cx0 * 4;
        size_t bytes = (size_t)(cx1 - cx0) * 4;
        for (int32_t x = 0; x < cx1 - cx0; x++)
            wr32(row + 4 * (size_t)x, v);
        for (int32_t y = cy0 + 1; y < cy1; y++)
            memcpy(row + (size_t)(y - cy0) * surf->row_pitch, row, bytes);
    }
}
