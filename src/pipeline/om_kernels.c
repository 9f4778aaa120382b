/* src/pipeline/om_kernels.c — the output merger's fast kernels (om_fast.c's top comment says
 * what they do and when they run): depth of up to 24 UNORM bits without stencil, and 4 x 8-bit
 * UNORM/sRGB colour with the blend arithmetic of om_blend_values.h.  Built twice (util/simd.h):
 * om_*_fast_c here, om_*_fast_avx2 from src/x86/om_kernels_avx2.c; om_fast.c picks one.
 * tests/test_fastpath.c compares both with the reference. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include "pipeline/om_blend_values.h"
#include "pipeline/om_priv.h"

#include <string.h>

#include "sample/texel.h"
#include "util/fsel.h"
#include "util/simd.h"

#if defined(SOFTD3D_SIMD_TWIN_AVX2)
#include <immintrin.h>

#include "util/unorm8_avx2.h"
#endif

#define unorm8 om_unorm8
#define rd32 om_rd32
#define wr32 om_wr32

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

uint32_t SIMD_FN(om_depth_fast)(const struct om_state *st, const struct om_draw *draw,
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
            dq[i] = (uint32_t)(int32_t)((double)z * dmaxd + 0.5);   /* < 2^24: fits int32 */
        }
    } else {
        for (unsigned i = 0; i < n; i++)
            dq[i] = 0;
    }
#if defined(SOFTD3D_SIMD_TWIN_AVX2)
    /* 4-byte depth, eight lanes at a time: the pixels read with masked gathers (lanes outside
     * the mask are not read: they may lie outside the surface), compared as vectors (dq and
     * the stored depth are below 2^24, so signed compares order them), then the same writes
     * as below for the passing lanes whose depth changes.  Offsets fit int32: a surface is at
     * most 16384 rows of 16384 4-byte texels, plus row padding (checked). */
    if (bytes == 4 && (uint64_t)ds->row_pitch * ds->height <= (uint64_t)INT32_MAX) {
        int32_t off[OM_LANES];
        const unsigned n8 = (n + 7) & ~7u;
        for (unsigned q = 0; q * 4 < n8; q++) {
            int32_t o = q * 4 < n ? (int32_t)((size_t)batch->y[q] * ds->row_pitch +
                                              (size_t)batch->x[q] * 4)
                                  : 0;
            off[4 * q + 0] = o;
            off[4 * q + 1] = o + 4;
            off[4 * q + 2] = o + (int32_t)ds->row_pitch;
            off[4 * q + 3] = o + (int32_t)ds->row_pitch + 4;
            if (q * 4 >= n)
                dq[4 * q] = dq[4 * q + 1] = dq[4 * q + 2] = dq[4 * q + 3] = 0;
        }
        const __m256i lanebit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
        const __m256i vmax = _mm256_set1_epi32((int)dmax);
        const unsigned func = st->key.depth_func;
        uint32_t pass = 0;
        for (unsigned h = 0; h < n8; h += 8) {
            __m256i m = _mm256_cmpeq_epi32(
                _mm256_and_si256(_mm256_set1_epi32((int)((mask >> h) & 255u)), lanebit), lanebit);
            /* scalar 32-bit loads, not a gather: the previous batch's depth writes (often the
             * same pixels: neighbouring small triangles share quads) forward to loads of their
             * own size, while a gather waits for them to reach the cache */
            /* lanes outside the mask read pixel 0 (theirs may lie outside the surface): their
             * offsets masked eight at a time; their values are never used (c is ANDed with m
             * below, and only passing lanes are written) */
            _Alignas(32) int32_t om8[8];
            _mm256_store_si256((__m256i *)(void *)om8,
                               _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(off + h)), m));
            uint32_t v[8];
            for (unsigned i = 0; i < 8; i++)
                memcpy(&v[i], ds->data + (uint32_t)om8[i], sizeof(v[i]));
            /* the vector built in registers: stored as eight words and loaded as one vector,
             * the load would wait for the stores (no forwarding from narrower stores) */
            __m128i lo = _mm_cvtsi32_si128((int)v[0]), hi = _mm_cvtsi32_si128((int)v[4]);
            lo = _mm_insert_epi32(lo, (int)v[1], 1);
            hi = _mm_insert_epi32(hi, (int)v[5], 1);
            lo = _mm_insert_epi32(lo, (int)v[2], 2);
            hi = _mm_insert_epi32(hi, (int)v[6], 2);
            lo = _mm_insert_epi32(lo, (int)v[3], 3);
            hi = _mm_insert_epi32(hi, (int)v[7], 3);
            __m256i r = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
            _mm256_storeu_si256((__m256i *)(raw + h), r);
            __m256i st8 = _mm256_and_si256(r, vmax);
            _mm256_storeu_si256((__m256i *)(stored + h), st8);
            __m256i d = _mm256_loadu_si256((const __m256i *)(dq + h)), c;
            switch (func) {
            case OM_CMP_NEVER: c = _mm256_setzero_si256(); break;
            case OM_CMP_LESS: c = _mm256_cmpgt_epi32(st8, d); break;
            case OM_CMP_EQUAL: c = _mm256_cmpeq_epi32(d, st8); break;
            case OM_CMP_LESS_EQUAL: c = _mm256_xor_si256(_mm256_cmpgt_epi32(d, st8), m); break;
            case OM_CMP_GREATER: c = _mm256_cmpgt_epi32(d, st8); break;
            case OM_CMP_NOT_EQUAL: c = _mm256_xor_si256(_mm256_cmpeq_epi32(d, st8), m); break;
            case OM_CMP_GREATER_EQUAL: c = _mm256_xor_si256(_mm256_cmpgt_epi32(st8, d), m); break;
            default: c = m; break;   /* ALWAYS */
            }
            pass |= ((uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_and_si256(c, m))))
                    << h;
        }
        pass &= mask;
        if (!st->depth_write)
            return pass;
        for (uint32_t b = pass; b; b &= b - 1) {
            unsigned i = (unsigned)__builtin_ctz(b);
            if (dq[i] != stored[i])
                wr32(ds->data + off[i], (raw[i] & ~dmax) | dq[i]);
        }
        return pass;
    }
#endif
    /* pixel addresses per quad; only lanes in the mask are read (the others may lie outside
     * the surface) */
    for (unsigned q = 0; q * 4 < n; q++) {
        uint8_t *row0 = ds->data + (size_t)batch->y[q] * ds->row_pitch +
                        (size_t)batch->x[q] * bytes;
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

/* out[i] = channel (px[i] >> sh) & 255 as UNORM: (float)v / 255.0f (texel_unorm_to_float(v, 8));
 * n a multiple of 8 (the AVX2 twin: the same quotients without a division). */
static void decode_unorm8(const uint32_t *px, unsigned sh, float *out, unsigned n)
{
#if defined(SOFTD3D_SIMD_TWIN_AVX2)
    util_unorm8_channel_avx2(px, sh, out, n);
#else
    for (unsigned i = 0; i < n; i++)
        out[i] = (float)((px[i] >> sh) & 255) / 255.0f;
#endif
}

void SIMD_FN(om_color_fast)(const struct om_state *st, int t, const struct om_draw *draw,
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
        /* Lanes up to nn, a constant (16: a raster batch; else all): fixed trip counts
         * vectorise.  Lanes past n read as outside the mask; their results are not written. */
        const unsigned nn = n <= 16 ? 16 : OM_LANES;
        const float *ct = ts->fast_srgb ? texel_srgb8_table() : texel_unorm8_table();
        float dst[4][OM_LANES];
        uint32_t px[OM_LANES];
        /* per quad: its two rows; lanes outside the mask are not read (they may lie outside
         * the surface) */
        for (unsigned q = 0; q * 4 < nn; q++) {
            unsigned qm = q * 4 < n ? (mask >> (4 * q)) & 15u : 0u;
            if (!qm) {
                px[4 * q] = px[4 * q + 1] = px[4 * q + 2] = px[4 * q + 3] = 0;
                continue;
            }
            const uint8_t *r0 = lane_pixel(surf, batch, 4 * q, 4), *r1 = r0 + surf->row_pitch;
            px[4 * q + 0] = qm & 1 ? rd32(r0) : 0;
            px[4 * q + 1] = qm & 2 ? rd32(r0 + 4) : 0;
            px[4 * q + 2] = qm & 4 ? rd32(r1) : 0;
            px[4 * q + 3] = qm & 8 ? rd32(r1 + 4) : 0;
        }
        if (ts->fast_srgb) {
            for (unsigned i = 0; i < nn; i++) {
                dst[0][i] = ct[(px[i] >> sr) & 255];
                dst[1][i] = ct[(px[i] >> sg) & 255];
                dst[2][i] = ct[(px[i] >> sb) & 255];
            }
        } else {
            /* (float)v / 255.0f is texel_unorm_to_float(v, 8), the table's value; this form
             * vectorises (the AVX2 twin: the same quotients without a division) */
            for (int c = 0; c < 3; c++)
                decode_unorm8(px, c == 0 ? sr : c == 1 ? sg : sb, dst[c], nn);
        }
        if (ts->fast_alpha_one)
            for (unsigned i = 0; i < nn; i++)
                dst[3][i] = 1.0f;
        else
            decode_unorm8(px, sa, dst[3], nn);
        /* lanes outside the mask: the reference's (0, 0, 0, 1) */
        for (unsigned i = 0; i < nn; i++) {
            uint32_t in_mask = 0u - ((mask >> i) & 1u);
            for (int c = 0; c < 4; c++) {
                uint32_t v, none = c == 3 ? 0x3f800000u : 0u;
                memcpy(&v, &dst[c][i], 4);
                v = (v & in_mask) | (none & ~in_mask);
                memcpy(&dst[c][i], &v, 4);
            }
        }
        if (nn == 16)
            om_blend_values_inline(st, t, draw, in, dst, out_buf, 16);
        else
            om_blend_values_inline(st, t, draw, in, dst, out_buf, OM_LANES);
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
        if (qm == 15 && !keep) {   /* the whole quad: two 8-byte rows (little-endian pixels) */
            uint32_t top[2] = { enc[4 * q], enc[4 * q + 1] };
            uint32_t bottom[2] = { enc[4 * q + 2], enc[4 * q + 3] };
            for (int k = 0; k < 2; k++) {
                wr32(row0 + 4 * k, top[k]);
                wr32(row1 + 4 * k, bottom[k]);
            }
            continue;
        }
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

