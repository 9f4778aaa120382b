/* src/sample/sampler_fast.c — the 2D fast path of the sampler: a batch of lanes at a time,
 * structure of arrays, for 4 x 8-bit UNORM/sRGB views (texel.h "Fast paths") sampled with POINT
 * or LINEAR min/mag filters (any mip filter) and WRAP or CLAMP addressing, standard reduction.
 * Built twice (util/simd.h): sampler_sample_fast_c, and sampler_sample_fast_avx2 from
 * src/x86/, which also compiles the intrinsics kernel under SOFTD3D_SIMD_TWIN_AVX2.
 *
 * Read me first.  This is an optimisation of sampler.c, not a second definition: every number
 * is the reference's, bit for bit (tests/test_fastpath.c compares the two on seeded random
 * coordinates, derivatives, biases, LODs, views and states).  What is different:
 *   - LOD: the reference computes the LOD of every lane (sampler.c steps 1-3).  For a 2D view
 *     that LOD depends only on the lane's ddx/ddy of u and v, its lod[] (sample_l) and bias[]
 *     (sample_b) -- and implicit-LOD derivatives are coarse, equal over a quad.  So the lane's
 *     decisions are computed once per distinct set of those inputs (once per quad when its
 *     lanes agree), compared bit for bit, and reused -- also across batches, through the
 *     caller's memo (sampler.h, struct sampler_lod_cache); and computed by the reference's own
 *     code (sampler_priv.h).
 *   - Texel addressing (steps 5, 6) runs over all the batch's lanes in plain loops the compiler
 *     can vectorise (selects on bits, util/fsel.h): range reduction with an exact floor, once for
 *     both levels; the 24.8 fixed-point snap in float with an exact round-to-nearest-even
 *     (fixed_24_8); WRAP/CLAMP on the integer addresses (range reduction bounds them, see
 *     wrap() below).
 *   - A texel is one 32-bit load; channels decode as (float)v / 255.0f, which is exactly
 *     texel_unorm_to_float(v, 8), or through texel_srgb8_table() (exactly texel_srgb_to_float).
 *   - Bilinear blends are the reference's step 7: the exact blend N / (255 * 65536) of the
 *     integer texels for UNORM channels (top and bottom rows as 16-bit products, then N in
 *     float, exact below 2^24), the lerp chain for sRGB colour channels; the mip lerp is the
 *     reference's formula a + w (b - a), whose "weight 0 returns a" test is dropped because
 *     every operand is finite (see lerp()).
 * What it does not take (sampler_sample falls back to sampler.c): other formats, 3D and cube
 * views, BORDER / MIRROR / MIRROR_ONCE, anisotropic, comparison and min/max filtering, and min
 * and mag filters that differ.
 */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include "sample/sampler.h"
#include "sample/sampler_priv.h"

#include <math.h>
#include <string.h>

#include "util/fsel.h"
#include "util/simd.h"

#if defined(SOFTD3D_SIMD_TWIN_AVX2)
#include <immintrin.h>
#endif

#define L SAMPLER_LANES
_Static_assert(L % 8 == 0, "the kernels take lanes eight at a time");

#define sel util_fsel

/* sampler.c lerp() returns a unchanged for a weight of exactly 0 so that NaN and Inf in a
 * zero-weight texel do not leak.  Here every operand is finite -- decoded 8-bit texels in
 * [0, 1] and lerps of them -- so a + 0 * (b - a) = a + (+-0) = a already, the sign of a zero a
 * included (a >= +0): the plain formula gives the same bits without the select. */
static inline float lerp(float a, float b, float w)
{
    return a + w * (b - a);
}

/* floorf, exactly (the sign of zero included), without branches so that the loops over lanes
 * vectorise: |u| >= 2^23, Inf and NaN are their own floor; below, truncate through int32 (a
 * zero of u's sign) and step down where that went up. */
static inline float floor_exact(float u)
{
    bool small = fabsf(u) < 8388608.0f;
    float t = copysignf((float)(int32_t)sel(small, u, 0.0f), u);
    t = sel(t > u, t - 1.0f, t);
    return sel(small, t, u);
}

/* sampler.c reduce() for WRAP (u - floorf(u)) and CLAMP ([-10, 10], NaN passes). */
static inline float reduce_wrap(float u)
{
    return u - floor_exact(u);
}

static inline float reduce_clamp(float u)
{
    return sel(u <= -10.0f, -10.0f, sel(u >= 10.0f, 10.0f, u));
}

/* sampler.c to_fixed((double)x, 24, 8) for the x this file passes: a reduced coordinate times
 * a level size (<= 65536), minus 0.5 -- |x| < 10 * 65536 + 1, NaN possible, never Inf.  Then
 * x * 256 is exact in float, |x * 256| < 2^28 never saturates, and NaN gives 0.  Round to
 * nearest even: at or above 2^23 a float is an integer; below, adding and subtracting 2^23
 * rounds |x| by the current (nearest-even) rounding mode, as rint does, and the sign goes
 * back on. */
static inline int32_t fixed_24_8(float x)
{
    float d = x * 256.0f;
    float a = fabsf(d);
    float r = sel(a < 8388608.0f, (a + 8388608.0f) - 8388608.0f, a);
    r = sel(d == d, copysignf(r, d), 0.0f);
    /* never taken (|d| < 2^28, above); keeps the conversion defined whatever the input */
    r = sel(r > 268435456.0f, 268435456.0f, sel(r < -268435456.0f, -268435456.0f, r));
    return (int32_t)r;
}

/* Integer addresses (sampler.c address()).  After range reduction a WRAP address lies in
 * [-1, n]: reduce_wrap gives [0, 1] (1 when u is a tiny negative), times n minus 0.5 for
 * LINEAR, snapped: [-128, 256 n - 128] in 24.8, so the left texel is in [-1, n - 1] and the
 * right one in [0, n]; POINT gives [0, n].  On [-n, 2n) one add or subtract is the modulo. */
static inline int32_t wrap(int32_t t, int32_t n)
{
    t = t < 0 ? t + n : t;
    return t >= n ? t - n : t;
}

static inline int32_t clamp_addr(int32_t t, int32_t n)
{
    return t < 0 ? 0 : t > n - 1 ? n - 1 : t;
}

static inline uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Per batch: what the kernels need of the view and the sampler. */
struct fast_ctx {
    const struct texture_view *t;
    bool wrap_u, wrap_v, linear;
    const float *srgb;      /* decode table of r, g, b when sRGB, else NULL */
};

/* The texel-space position of every lane on one axis: left (or only) texel, weight of the
 * right one (LINEAR), both addressed. */
static void reduce16(const float *coord, bool wrap_mode, float *red)
{
#if defined(SOFTD3D_SIMD_TWIN_AVX2)
    /* The AVX2 twin: the same u - floor(u) with the instruction that rounds down exactly
     * (floor_exact's results, the sign of zero included; for NaN the quieted input, and a NaN
     * coordinate addresses texel 0 either way, fixed_24_8), and the same clamp. */
    if (wrap_mode) {
        for (int i = 0; i < L; i += 8) {
            __m256 u = _mm256_loadu_ps(coord + i);
            _mm256_storeu_ps(red + i, _mm256_sub_ps(u, _mm256_floor_ps(u)));
        }
        return;
    }
#endif
    if (wrap_mode)
        for (int i = 0; i < L; i++)
            red[i] = reduce_wrap(coord[i]);
    else
        for (int i = 0; i < L; i++)
            red[i] = reduce_clamp(coord[i]);
}

/* red: the range-reduced coordinates (reduce16), the same for every level. */
static void axis(const float *red, const int32_t *size, bool wrap_mode, bool linear,
                 int32_t *t0, int32_t *t1, float *w, int32_t *wi)
{
    if (linear) {
        for (int i = 0; i < L; i++) {
            int32_t f = fixed_24_8(red[i] * (float)size[i] - 0.5f);
            t0[i] = f >> 8;
            t1[i] = (f >> 8) + 1;
            wi[i] = f & 255;
            w[i] = (float)(f & 255) / 256.0f;
        }
    } else {
        for (int i = 0; i < L; i++) {
            t0[i] = fixed_24_8(red[i] * (float)size[i]) >> 8;
            t1[i] = t0[i];
            wi[i] = 0;
            w[i] = 0.0f;
        }
    }
    if (wrap_mode)
        for (int i = 0; i < L; i++) {
            t0[i] = wrap(t0[i], size[i]);
            t1[i] = wrap(t1[i], size[i]);
        }
    else
        for (int i = 0; i < L; i++) {
            t0[i] = clamp_addr(t0[i], size[i]);
            t1[i] = clamp_addr(t1[i], size[i]);
        }
}

/* Decode channel c (bit shift sh) of a batch of pixels (the AVX2 twin: the same quotients
 * without a division, util/unorm8_avx2.h). */
#if defined(SOFTD3D_SIMD_TWIN_AVX2)
#include "util/unorm8_avx2.h"
#endif
static void decode(const struct fast_ctx *F, int c, unsigned sh, const uint32_t *px, float *out)
{
    if (c < 3 && F->srgb) {
        for (int i = 0; i < L; i++)
            out[i] = F->srgb[(px[i] >> sh) & 255];
        return;
    }
#if defined(SOFTD3D_SIMD_TWIN_AVX2)
    util_unorm8_channel_avx2(px, sh, out, L);
#else
    for (int i = 0; i < L; i++)
        out[i] = (float)((px[i] >> sh) & 255) / 255.0f;
#endif
}

#if defined(SOFTD3D_SIMD_TWIN_AVX2)
/* The AVX2 twin's bilinear kernel for the common case: every lane on one level.  The same
 * operations as axis() and filter16() below, eight lanes per instruction, in the same order
 * (lerp = a + w (b - a); the division by 255 and the 24.8 snap as written there); texels are
 * gathered as whole 32-bit pixels (rd32 is a little-endian load).  Offsets fit int32: a level
 * is at most 16384 x 16384 texels of 4 bytes (2^30 bytes). */
#include <immintrin.h>

#include "util/unorm8_avx2.h"

static inline __m256 lerp8(__m256 a, __m256 b, __m256 w)
{
    return _mm256_add_ps(a, _mm256_mul_ps(w, _mm256_sub_ps(b, a)));
}

/* fixed_24_8, eight lanes: x * 256 rounded to nearest even by the conversion itself (the
 * default rounding mode, as fixed_24_8's 2^23 trick assumes too; |x * 256| < 2^28, so it is in
 * int32's range and fixed_24_8's saturation is never reached), NaN to 0. */
static inline __m256i fixed8(__m256 x)
{
    __m256 d = _mm256_mul_ps(x, _mm256_set1_ps(256.0f));
    return _mm256_and_si256(_mm256_cvtps_epi32(d),
                            _mm256_castps_si256(_mm256_cmp_ps(d, d, _CMP_EQ_OQ)));
}

/* address8 for the bilinear pair of a WRAP-reduced coordinate: wrap() notes that the left
 * texel is in [-1, n - 1] and the right one in [0, n], so only one of the two corrections can
 * apply to each -- the left one's + n below 0, the right one's n -> 0. */
static inline __m256i address8_left(__m256i t, __m256i n, bool wrap_mode)
{
    if (wrap_mode)
        return _mm256_add_epi32(t, _mm256_and_si256(n, _mm256_cmpgt_epi32(_mm256_setzero_si256(), t)));
    t = _mm256_max_epi32(t, _mm256_setzero_si256());
    return _mm256_min_epi32(t, _mm256_sub_epi32(n, _mm256_set1_epi32(1)));
}

static inline __m256i address8_right(__m256i t, __m256i n, bool wrap_mode)
{
    if (wrap_mode)
        return _mm256_andnot_si256(_mm256_cmpeq_epi32(t, n), t);
    t = _mm256_max_epi32(t, _mm256_setzero_si256());
    return _mm256_min_epi32(t, _mm256_sub_epi32(n, _mm256_set1_epi32(1)));
}

static inline __attribute__((target("avx2,fma"))) __m256 decode8(const float *srgb, int c,
                                                                   unsigned sh, __m256i px)
{
    __m256i v = _mm256_and_si256(_mm256_srli_epi32(px, (int)sh), _mm256_set1_epi32(255));
    if (c < 3 && srgb)
        return _mm256_i32gather_ps(srgb, v, 4);
    return util_unorm8_div_avx2(_mm256_cvtepi32_ps(v));   /* = / 255.0f, exactly */
}

/* Eight pairs of adjacent texels at byte offsets o: the left ones in *left, the right ones in
 * *right (two 4 x 64-bit gathers, then even / odd 32-bit halves back in lane order). */
static inline __m128i load_pair2(const unsigned char *b, int o0, int o1)
{
    long long v0, v1;
    memcpy(&v0, b + o0, 8);
    memcpy(&v1, b + o1, 8);
    return _mm_insert_epi64(_mm_cvtsi64_si128(v0), v1, 1);
}

static inline void pair8(const int *base, __m256i o, __m256i *left, __m256i *right)
{
    const unsigned char *b = (const unsigned char *)(const void *)base;
    _Alignas(32) int off[8];
    _mm256_store_si256((__m256i *)off, o);
    __m256 g0 = _mm256_castsi256_ps(_mm256_inserti128_si256(
        _mm256_castsi128_si256(load_pair2(b, off[0], off[1])), load_pair2(b, off[2], off[3]), 1));
    __m256 g1 = _mm256_castsi256_ps(_mm256_inserti128_si256(
        _mm256_castsi128_si256(load_pair2(b, off[4], off[5])), load_pair2(b, off[6], off[7]), 1));
    /* shuffle: lanes (0 1 4 5 | 2 3 6 7); the 64-bit permute puts them in order */
    __m256i even = _mm256_castps_si256(_mm256_shuffle_ps(g0, g1, _MM_SHUFFLE(2, 0, 2, 0)));
    __m256i odd = _mm256_castps_si256(_mm256_shuffle_ps(g0, g1, _MM_SHUFFLE(3, 1, 3, 1)));
    *left = _mm256_permute4x64_epi64(even, _MM_SHUFFLE(3, 1, 2, 0));
    *right = _mm256_permute4x64_epi64(odd, _MM_SHUFFLE(3, 1, 2, 0));
}

/* srgb is a constant at each call (always inlined): no per-texel test of it */
static inline __attribute__((always_inline, target("avx2,fma"))) void
filter16_linear_level(const struct fast_ctx *F, const float *srgb, unsigned level, const float *u,
                      const float *v, float out[4][L])
{
    const struct texture_level *lv = &F->t->level[level];
    const struct texel_rgba8 *fmt = &F->t->rgba8;
    const int *base = (const int *)(const void *)lv->data;
    const __m256 fw = _mm256_set1_ps((float)(int32_t)lv->width);
    const __m256 fh = _mm256_set1_ps((float)(int32_t)lv->height);
    const __m256i nw = _mm256_set1_epi32((int32_t)lv->width);
    const __m256i nh = _mm256_set1_epi32((int32_t)lv->height);
    const __m256i pitch = _mm256_set1_epi32((int32_t)lv->row_pitch);
    const __m256 half = _mm256_set1_ps(0.5f), inv256 = _mm256_set1_ps(1.0f / 256.0f);
    const __m256i one = _mm256_set1_epi32(1), lo8 = _mm256_set1_epi32(255);
    const __m256i lo16 = _mm256_set1_epi32(0xffff);
    /* Two passes: every group's texels first, then every group's blend, so the loads of one
     * group overlap the others' instead of stalling the arithmetic that waits on them. */
    __m256i tap[L / 8][4], wgt[L / 8][2];
    for (int h = 0; h < L; h += 8) {
        __m256i fu = fixed8(_mm256_sub_ps(_mm256_mul_ps(_mm256_loadu_ps(u + h), fw), half));
        __m256i fv = fixed8(_mm256_sub_ps(_mm256_mul_ps(_mm256_loadu_ps(v + h), fh), half));
        __m256i au = _mm256_and_si256(fu, lo8), av = _mm256_and_si256(fv, lo8);
        wgt[h / 8][0] = au;
        wgt[h / 8][1] = av;
        __m256i x0 = _mm256_srai_epi32(fu, 8), y0 = _mm256_srai_epi32(fv, 8);
        __m256i x1 = _mm256_add_epi32(x0, one), y1 = _mm256_add_epi32(y0, one);
        x0 = address8_left(x0, nw, F->wrap_u);
        x1 = address8_right(x1, nw, F->wrap_u);
        y0 = address8_left(y0, nh, F->wrap_v);
        y1 = address8_right(y1, nh, F->wrap_v);
        __m256i r0 = _mm256_mullo_epi32(y0, pitch), r1 = _mm256_mullo_epi32(y1, pitch);
        x0 = _mm256_slli_epi32(x0, 2);
        x1 = _mm256_slli_epi32(x1, 2);
        __m256i p00, p01, p10, p11;
        __m256i o0 = _mm256_add_epi32(r0, x0), o1 = _mm256_add_epi32(r1, x0);
        /* x1 = x0 + 1 in every lane (no wrap or clamp between them): each row's two texels
         * are one 64-bit load, half the gathered elements (x0 + 1 < width: inside the row) */
        __m256i adjacent = _mm256_cmpeq_epi32(x1, _mm256_add_epi32(x0, _mm256_set1_epi32(4)));
        if (_mm256_movemask_epi8(adjacent) == -1) {
            pair8(base, o0, &p00, &p01);
            pair8(base, o1, &p10, &p11);
        } else {
            p00 = _mm256_i32gather_epi32(base, o0, 1);
            p01 = _mm256_i32gather_epi32(base, _mm256_add_epi32(r0, x1), 1);
            p10 = _mm256_i32gather_epi32(base, o1, 1);
            p11 = _mm256_i32gather_epi32(base, _mm256_add_epi32(r1, x1), 1);
        }
        tap[h / 8][0] = p00;
        tap[h / 8][1] = p01;
        tap[h / 8][2] = p10;
        tap[h / 8][3] = p11;
    }
    for (int h = 0; h < L; h += 8) {
        const __m256i p00 = tap[h / 8][0], p01 = tap[h / 8][1], p10 = tap[h / 8][2],
                      p11 = tap[h / 8][3], au = wgt[h / 8][0], av = wgt[h / 8][1];
        const __m256 wu = _mm256_mul_ps(_mm256_cvtepi32_ps(au), inv256);
        const __m256 wv = _mm256_mul_ps(_mm256_cvtepi32_ps(av), inv256);
        /* sampler.c step 7's exact blend, all four bytes of the pixel at once: the rows'
         * blends t0 (256 - a) + t1 a <= 65280 are exact 16-bit products and sums, bytes 0 and
         * 2 in one register's 16-bit halves, bytes 1 and 3 in another's; then N = top
         * (256 - b) + bottom b in float (exact: integers below 2^24, the fma rounds once, to
         * itself) and the correctly rounded N / (255 * 65536). */
        __m256 nbyte[4];
        {
            const __m256i m8 = _mm256_set1_epi32(0x00ff00ff);
            __m256i ia = _mm256_sub_epi32(_mm256_set1_epi32(256), au);
            __m256i wa = _mm256_or_si256(ia, _mm256_slli_epi32(ia, 16));
            __m256i wb = _mm256_or_si256(au, _mm256_slli_epi32(au, 16));
            __m256 fc = _mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_set1_epi32(256), av));
            __m256 fd = _mm256_cvtepi32_ps(av);
            for (int odd = 0; odd < 2; odd++) {
                __m256i q00 = _mm256_and_si256(odd ? _mm256_srli_epi32(p00, 8) : p00, m8);
                __m256i q01 = _mm256_and_si256(odd ? _mm256_srli_epi32(p01, 8) : p01, m8);
                __m256i q10 = _mm256_and_si256(odd ? _mm256_srli_epi32(p10, 8) : p10, m8);
                __m256i q11 = _mm256_and_si256(odd ? _mm256_srli_epi32(p11, 8) : p11, m8);
                __m256i top = _mm256_add_epi16(_mm256_mullo_epi16(q00, wa),
                                               _mm256_mullo_epi16(q01, wb));
                __m256i bot = _mm256_add_epi16(_mm256_mullo_epi16(q10, wa),
                                               _mm256_mullo_epi16(q11, wb));
                for (int hi = 0; hi < 2; hi++) {
                    __m256i t = hi ? _mm256_srli_epi32(top, 16) : _mm256_and_si256(top, lo16);
                    __m256i b = hi ? _mm256_srli_epi32(bot, 16) : _mm256_and_si256(bot, lo16);
                    __m256 n = _mm256_fmadd_ps(_mm256_cvtepi32_ps(t), fc,
                                               _mm256_mul_ps(_mm256_cvtepi32_ps(b), fd));
                    nbyte[odd + 2 * hi] = util_unorm8_blend_div_avx2(n);
                }
            }
        }
        for (int c = 0; c < 4; c++) {
            if (c == 3 && !fmt->has_alpha) {
                _mm256_storeu_ps(out[3] + h, _mm256_set1_ps(1.0f));
                continue;
            }
            unsigned sh = fmt->shift[c];
            if (c == 3 || !srgb) {
                _mm256_storeu_ps(out[c] + h, nbyte[sh >> 3]);
                continue;
            }
            __m256 top = lerp8(decode8(srgb, c, sh, p00), decode8(srgb, c, sh, p01), wu);
            __m256 bot = lerp8(decode8(srgb, c, sh, p10), decode8(srgb, c, sh, p11), wu);
            _mm256_storeu_ps(out[c] + h, lerp8(top, bot, wv));
        }
    }
}
static __attribute__((target("avx2,fma"))) void
filter16_linear_one_level(const struct fast_ctx *F, unsigned level, const float *u, const float *v,
                          float out[4][L])
{
    if (F->srgb)
        filter16_linear_level(F, F->srgb, level, u, v, out);
    else
        filter16_linear_level(F, NULL, level, u, v, out);
}
#endif

/* One mip level per lane (lvl[i]): the filtered texel of every lane, out[c][i]; u and v are
 * the range-reduced coordinates. */
static void filter16(const struct fast_ctx *F, const uint8_t *lvl, const float *u, const float *v,
                     float out[4][L])
{
#if defined(SOFTD3D_SIMD_TWIN_AVX2)
    if (F->linear) {
        /* every lane on one level: compare eight bytes at a time */
        uint64_t first = 0x0101010101010101ull * lvl[0], diff = 0;
        for (int i = 0; i < L; i += 8) {
            uint64_t w8;
            memcpy(&w8, lvl + i, sizeof(w8));
            diff |= w8 ^ first;
        }
        if (!diff) {
            filter16_linear_one_level(F, lvl[0], u, v, out);
            return;
        }
    }
#endif
    const struct texture_view *t = F->t;
    const struct texel_rgba8 *fmt = &t->rgba8;
    int32_t w[L], h[L];
    const uint8_t *base[L];
    size_t pitch[L];
    for (int i = 0; i < L; i++) {
        const struct texture_level *lv = &t->level[lvl[i]];
        w[i] = (int32_t)lv->width;
        h[i] = (int32_t)lv->height;
        base[i] = lv->data;
        pitch[i] = lv->row_pitch;
    }
    int32_t x0[L], x1[L], y0[L], y1[L], au[L], av[L];
    float wu[L], wv[L];
    axis(u, w, F->wrap_u, F->linear, x0, x1, wu, au);
    axis(v, h, F->wrap_v, F->linear, y0, y1, wv, av);

    if (!F->linear) {
        uint32_t px[L];
        for (int i = 0; i < L; i++)
            px[i] = rd32(base[i] + (size_t)y0[i] * pitch[i] + (size_t)x0[i] * 4);
        for (int c = 0; c < 3; c++)
            decode(F, c, fmt->shift[c], px, out[c]);
        if (fmt->has_alpha)
            decode(F, 3, fmt->shift[3], px, out[3]);
        else
            for (int i = 0; i < L; i++)
                out[3][i] = 1.0f;
        return;
    }

    uint32_t p00[L], p01[L], p10[L], p11[L];
    for (int i = 0; i < L; i++) {
        const uint8_t *r0 = base[i] + (size_t)y0[i] * pitch[i];
        const uint8_t *r1 = base[i] + (size_t)y1[i] * pitch[i];
        p00[i] = rd32(r0 + (size_t)x0[i] * 4);
        p01[i] = rd32(r0 + (size_t)x1[i] * 4);
        p10[i] = rd32(r1 + (size_t)x0[i] * 4);
        p11[i] = rd32(r1 + (size_t)x1[i] * 4);
    }
    for (int c = 0; c < 4; c++) {
        if (c == 3 && !fmt->has_alpha) {
            /* every tap is 1.0; lerp(1, 1, w) = 1 */
            for (int i = 0; i < L; i++)
                out[3][i] = 1.0f;
            continue;
        }
        unsigned sh = fmt->shift[c];
        if (c == 3 || !F->srgb) {
            /* sampler.c step 7: the exact blend of the integer texels (every product and
             * partial sum an integer below 2^24) */
            for (int i = 0; i < L; i++) {
                int32_t t00 = (int32_t)(p00[i] >> sh & 255), t10 = (int32_t)(p01[i] >> sh & 255);
                int32_t t01 = (int32_t)(p10[i] >> sh & 255), t11 = (int32_t)(p11[i] >> sh & 255);
                int32_t top = t00 * (256 - au[i]) + t10 * au[i];
                int32_t bottom = t01 * (256 - au[i]) + t11 * au[i];
                out[c][i] = (float)(top * (256 - av[i]) + bottom * av[i]) / 16711680.0f;
            }
            continue;
        }
        float a[L], b[L], cc[L], d[L];
        decode(F, c, sh, p00, a);
        decode(F, c, sh, p01, b);
        decode(F, c, sh, p10, cc);
        decode(F, c, sh, p11, d);
        /* sampler.c filter_linear: taps (x0,y0) (x1,y0) (x0,y1) (x1,y1), lerped along u, then v */
        for (int i = 0; i < L; i++)
            out[c][i] = lerp(lerp(a[i], b[i], wu[i]), lerp(cc[i], d[i], wu[i]), wv[i]);
    }
}

/* Do the LOD inputs of lanes i and j agree bit for bit?  For a 2D view sampler.c's lane_setup
 * reads ddx/ddy of u and v (implicit LOD and sample_d), lod[] (sample_l) and bias[]
 * (sample_b); nothing else of the lane. */
static inline uint32_t bits_at(const float *a, int i)
{
    uint32_t u;
    memcpy(&u, &a[i], sizeof(u));
    return u;
}

static inline bool same_lod_inputs(const struct sample_coords *c, int i, int j)
{
    if (c->lod_mode == SAMPLE_LOD_DERIVATIVES) {
        uint32_t d = (bits_at(c->ddx[0], i) ^ bits_at(c->ddx[0], j)) |
                     (bits_at(c->ddx[1], i) ^ bits_at(c->ddx[1], j)) |
                     (bits_at(c->ddy[0], i) ^ bits_at(c->ddy[0], j)) |
                     (bits_at(c->ddy[1], i) ^ bits_at(c->ddy[1], j));
        if (d)
            return false;
    }
    if (c->lod_mode == SAMPLE_LOD_EXPLICIT && bits_at(c->lod, i) != bits_at(c->lod, j))
        return false;
    return !c->has_bias || bits_at(c->bias, i) == bits_at(c->bias, j);
}

/* sampler.c lane_setup for a 2D view and an isotropic filter: the LOD from the derivatives in
 * texels of level 0 (or lod[], or 0), then the shared tail (sampler_priv.h). */
static void lane_lod(const struct sampler *s, const struct texture_view *t,
                     const struct sample_coords *c, int i, struct sampler_lod *out)
{
    double lod;
    out->ratio = 1.0f;
    out->probes = 1;
    out->axis[0] = out->axis[1] = 0.0f;
    if (c->lod_mode == SAMPLE_LOD_EXPLICIT) {
        lod = c->lod[i];
    } else if (c->lod_mode == SAMPLE_LOD_ZERO) {
        lod = 0.0;
    } else {
        double w0 = t->level[0].width, h0 = t->level[0].height;
        const double dX[3] = { (double)c->ddx[0][i] * w0, (double)c->ddx[1][i] * h0, 0.0 };
        const double dY[3] = { (double)c->ddy[0][i] * w0, (double)c->ddy[1][i] * h0, 0.0 };
        lod = sampler_lod_isotropic(dX, dY);
    }
    sampler_lod_finish(s, t, lod, c, i, out);
}

/* The memo (sampler.h): lanes with implicit-LOD inputs only, keyed by their exact bits. */
static struct sampler_lod_entry *lod_memo(const struct sample_coords *c, int i, uint32_t key[4])
{
    if (!c->lod_cache || c->lod_mode != SAMPLE_LOD_DERIVATIVES || c->has_bias)
        return NULL;
    memcpy(&key[0], &c->ddx[0][i], 4);
    memcpy(&key[1], &c->ddx[1][i], 4);
    memcpy(&key[2], &c->ddy[0][i], 4);
    memcpy(&key[3], &c->ddy[1][i], 4);
    uint32_t h = key[0] * 2654435761u ^ key[1] * 2246822519u ^ key[2] * 3266489917u ^
                 key[3] * 668265263u;
    return &c->lod_cache->e[(h >> 16) % SAMPLER_LOD_CACHE_SIZE];
}

/* Do the four floats at p hold the same bits? */
static inline bool quad_uniform(const float *p)
{
    uint64_t lo, hi;
    memcpy(&lo, p, sizeof(lo));
    memcpy(&hi, p + 2, sizeof(hi));
    return lo == hi && (uint32_t)lo == (uint32_t)(lo >> 32);
}

/* Lane i's mip decisions: from the memo when it has them, else computed (and remembered). */
static void lane_decide(const struct sampler *s, const struct texture_view *t,
                        const struct sample_coords *c, int i, uint8_t *lvl0, uint8_t *lvl1,
                        float *weight, bool *two, struct sampler_lod *lod)
{
    uint32_t key[4];
    struct sampler_lod_entry *m = lod_memo(c, i, key);
    if (m && m->gen == c->lod_cache->gen && m->s == s && m->t == t &&
        !memcmp(m->key, key, sizeof(key))) {
        lvl0[i] = m->level0;
        lvl1[i] = m->level1;
        weight[i] = m->weight;
        *two |= m->two;
        return;
    }
    lane_lod(s, t, c, i, lod);
    lvl0[i] = (uint8_t)lod->level[0];
    lvl1[i] = (uint8_t)(lod->nlevels == 2 ? lod->level[1] : lod->level[0]);
    weight[i] = lod->nlevels == 2 ? lod->weight : 0.0f;
    *two |= lod->nlevels == 2;
    if (m) {
        memcpy(m->key, key, sizeof(key));
        m->s = s;
        m->t = t;
        m->gen = c->lod_cache->gen;
        m->level0 = lvl0[i];
        m->level1 = lvl1[i];
        m->two = lod->nlevels == 2;
        m->weight = weight[i];
    }
}

/* One decision for the whole batch, when provably every active lane's is the same: implicit
 * LOD without per-lane bias.  A lane's LOD is 0.5 log2(m), m = max(|dX|^2, |dY|^2) in texels of
 * level 0 (sampler_lod_isotropic, in double), and its mip decision is a function of the 8.8
 * fixed-point LOD fx = to_fixed(clamp((float)lod + MipLODBias)).  Every step from m to fx is
 * monotone non-decreasing (log2; the float conversion; adding a finite bias; fminf/fmaxf
 * against MinLOD/MaxLOD; rint), except that sampler_log2_d is log2 within 2e-14, not exactly.
 * So if every lane's m lies in [lo, hi], its computed LOD lies in [lod(lo) - 4e-14,
 * lod(hi) + 4e-14]; when fx at lod(lo) - 1e-12 equals fx at lod(hi) + 1e-12, every lane has
 * that fx, hence the decisions sampler_lod_finish makes at lod(lo).
 * The bounds come from m computed in float over all lanes at once (vectorised): four
 * roundings of positive terms put the float m within 2^-21 of the double one (relative), so
 * [m_min (1 - 2^-20), m_max (1 + 2^-20)] holds every lane's double m -- outside the float
 * range where that fails (m_min below 2^-100: 0 is the bound; m_max above 2^100: +Inf).
 * Non-negative floats order as their bit patterns (int32), which keeps the min / max
 * integer; NaN (bits above +Inf's, once the sign bit is cleared) sends the batch to the
 * per-quad path, as does anything else unproven. */
static bool batch_decide_d(const struct sampler *s, const struct texture_view *t,
                           const float *dxu, const float *dxv, const float *dyu,
                           const float *dyv, struct sampler_lod_cache *cache, uint32_t mask,
                           struct sampler_lod *lod);

static bool batch_decide(const struct sampler *s, const struct texture_view *t,
                         const struct sample_coords *c, uint32_t mask, struct sampler_lod *lod)
{
    if (c->lod_mode != SAMPLE_LOD_DERIVATIVES || c->has_bias)
        return false;
    return batch_decide_d(s, t, c->ddx[0], c->ddx[1], c->ddy[0], c->ddy[1], c->lod_cache, mask,
                          lod);
}

/* batch_decide with the derivatives of u and v given (implicit LOD, no bias[]). */
static bool batch_decide_d(const struct sampler *s, const struct texture_view *t,
                           const float *dxu, const float *dxv, const float *dyu,
                           const float *dyv, struct sampler_lod_cache *cache, uint32_t mask,
                           struct sampler_lod *lod)
{
    if (!isfinite(s->state.lod_bias))
        return false;
    const float w0 = (float)t->level[0].width, h0 = (float)t->level[0].height;
    int32_t m[L];
    for (int i = 0; i < L; i++) {
        float x0 = dxu[i] * w0, x1 = dxv[i] * h0;
        float y0 = dyu[i] * w0, y1 = dyv[i] * h0;
        float sqx = x0 * x0 + x1 * x1, sqy = y0 * y0 + y1 * y1;
        int32_t bx, by;
        memcpy(&bx, &sqx, sizeof(bx));
        memcpy(&by, &sqy, sizeof(by));
        bx &= INT32_MAX;
        by &= INT32_MAX;
        m[i] = bx > by ? bx : by;
    }
    int32_t lo = INT32_MAX, hi = 0;
    if (mask == (L >= 32 ? 0xffffffffu : (1u << L) - 1u)) {
        for (int i = 0; i < L; i++) {
            lo = m[i] < lo ? m[i] : lo;
            hi = m[i] > hi ? m[i] : hi;
        }
    } else {
        for (uint32_t b = mask; b; b &= b - 1) {
            int i = __builtin_ctz(b);
            lo = m[i] < lo ? m[i] : lo;
            hi = m[i] > hi ? m[i] : hi;
        }
    }
    if (hi > 0x7f800000 || lo > hi)
        return false;
    /* the bounds of the last batches (a surface's batches often share them; a program
     * sampling several views alternates between them): a hit is the same computation's result */
    struct sampler_lod_batch *memo = NULL;
    if (cache) {
        for (unsigned k = 0; k < SAMPLER_LOD_BATCH_MEMO; k++) {
            const struct sampler_lod_batch *e = &cache->batch[k];
            if (e->lo == lo && e->hi == hi && e->s == s && e->t == t && e->gen == cache->gen) {
                lod->nlevels = e->nlevels;
                lod->level[0] = e->level0;
                lod->level[1] = e->level1;
                lod->weight = e->weight;
                return e->ok;
            }
        }
        memo = &cache->batch[cache->batch_next++ % SAMPLER_LOD_BATCH_MEMO];
    }
    float flo, fhi;
    memcpy(&flo, &lo, sizeof(flo));
    memcpy(&fhi, &hi, sizeof(fhi));
    double mlo = flo < 0x1p-100f ? 0.0 : (double)flo * (1.0 - 0x1p-20);
    double mhi = fhi > 0x1p100f ? INFINITY : (double)fhi * (1.0 + 0x1p-20);
    double lod_lo = 0.5 * sampler_log2_d(mlo), lod_hi = 0.5 * sampler_log2_d(mhi);
    bool ok = sampler_lod_fx(s, lod_lo - 1e-12) == sampler_lod_fx(s, lod_hi + 1e-12);
    if (ok) {
        lod->ratio = 1.0f;
        lod->probes = 1;
        lod->axis[0] = lod->axis[1] = 0.0f;
        static const struct sample_coords no_bias;   /* sampler_lod_finish reads has_bias */
        sampler_lod_finish(s, t, lod_lo, &no_bias, 0, lod);
    }
    if (memo) {
        *memo = (struct sampler_lod_batch){ .lo = lo, .hi = hi, .s = s, .t = t,
                                            .gen = cache->gen, .ok = ok };
        if (ok) {
            memo->nlevels = (uint8_t)lod->nlevels;
            memo->level0 = (uint8_t)lod->level[0];
            memo->level1 = (uint8_t)lod->level[1];
            memo->weight = lod->weight;
        }
    }
    return ok;
}

/* A batch decision for every lane: levels and weights; true when two levels are read. */
static bool spread_decision(const struct sampler_lod *lod, uint8_t *lvl0, uint8_t *lvl1,
                            float *weight)
{
    bool two = lod->nlevels == 2;
    memset(lvl0, (int)lod->level[0], L);
    memset(lvl1, (int)(two ? lod->level[1] : lod->level[0]), L);
    for (int i = 0; i < L; i++)
        weight[i] = two ? lod->weight : 0.0f;
    return two;
}

/* Steps 5 and 6 for a batch whose mip decisions are made: lanes in mask of out. */
static void filter_batch(const struct sampler *s, const struct texture_view *t, const float *u,
                         const float *v, const uint8_t *lvl0, const uint8_t *lvl1,
                         const float *weight, bool two, uint32_t mask, int n, float out[4][L])
{
    struct fast_ctx F = {
        .t = t,
        .wrap_u = s->state.address_u == SAMPLER_ADDRESS_WRAP,
        .wrap_v = s->state.address_v == SAMPLER_ADDRESS_WRAP,
        .linear = s->state.min_filter == SAMPLER_FILTER_LINEAR,
        .srgb = t->rgba8.srgb ? texel_srgb8_table() : NULL,
    };
    float ru[L], rv[L], r0[4][L];
    reduce16(u, F.wrap_u, ru);
    reduce16(v, F.wrap_v, rv);
    /* every lane (the usual batch): the results go straight to out */
    const bool all = mask == (L >= 32 ? 0xffffffffu : (1u << L) - 1u);
    float (*res)[L] = all && !two ? out : r0;
    filter16(&F, lvl0, ru, rv, res);
    if (two) {
        float r1[4][L];
        filter16(&F, lvl1, ru, rv, r1);
        /* sampler.c combine(): lerp between the levels (weight 0 keeps level 0) */
        float (*dst)[L] = all ? out : r0;
        for (int k = 0; k < 4; k++)
            for (int i = 0; i < L; i++)
                dst[k][i] = lerp(r0[k][i], r1[k][i], weight[i]);
    }
    if (all)
        return;
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < n; i++)
            if (mask >> i & 1)
                out[k][i] = r0[k][i];
}

bool SIMD_FN(sampler_sample_fast)(const struct sampler *s, const struct texture_view *t,
                                  const struct sample_coords *c, int n, struct float4_soa *out)
{
    if (!s || !t || !t->texel || !t->fast_rgba8 || !s->fast2d || t->dim != TEXTURE_DIM_2D)
        return false;
    if (n > L)
        n = L;
    uint32_t mask = c->mask & (n >= 32 ? 0xffffffffu : (1u << n) - 1u);
    if (n <= 0 || !mask)
        return true;

    /* Mip decisions, once per distinct set of LOD inputs (a lane's decisions are a function of
     * its LOD inputs alone).  Implicit-LOD quads share their derivatives: a whole active quad
     * whose four lanes hold the same bits is decided once; anything else lane by lane, reusing
     * the previous active lane's answer when its inputs are equal. */
    uint8_t lvl0[L], lvl1[L];
    float weight[L];
    bool two = false;
    int prev = -1;
    struct sampler_lod lod;
    bool decided = batch_decide(s, t, c, mask, &lod);
    if (decided)
        two = spread_decision(&lod, lvl0, lvl1, weight);
    for (int q = 0; q < L && !decided; q += 4) {
        if (((mask >> q) & 15u) == 15u && c->lod_mode == SAMPLE_LOD_DERIVATIVES &&
            !c->has_bias && quad_uniform(c->ddx[0] + q) && quad_uniform(c->ddx[1] + q) &&
            quad_uniform(c->ddy[0] + q) && quad_uniform(c->ddy[1] + q)) {
            int i = q;
            if (prev >= 0 && same_lod_inputs(c, i, prev)) {
                lvl0[i] = lvl0[prev];
                lvl1[i] = lvl1[prev];
                weight[i] = weight[prev];
            } else {
                lane_decide(s, t, c, i, lvl0, lvl1, weight, &two, &lod);
            }
            memset(lvl0 + q + 1, lvl0[q], 3);
            memset(lvl1 + q + 1, lvl1[q], 3);
            for (int k = 1; k < 4; k++)
                weight[q + k] = weight[q];
            prev = q + 3;
            continue;
        }
        for (int i = q; i < q + 4; i++) {
            lvl0[i] = lvl1[i] = 0;
            weight[i] = 0.0f;
            if (!(mask >> i & 1))
                continue;
            if (prev >= 0 && same_lod_inputs(c, i, prev)) {
                lvl0[i] = lvl0[prev];
                lvl1[i] = lvl1[prev];
                weight[i] = weight[prev];
            } else {
                lane_decide(s, t, c, i, lvl0, lvl1, weight, &two, &lod);
            }
            prev = i;
        }
    }

    filter_batch(s, t, c->u, c->v, lvl0, lvl1, weight, two, mask, n, out->c);
    return true;
}

bool SIMD_FN(sampler_sample_fast_uv)(const struct sampler *s, const struct texture_view *t,
                                     const float *u, const float *v, const float *dxu,
                                     const float *dxv, const float *dyu, const float *dyv,
                                     uint32_t mask, struct sampler_lod_cache *cache,
                                     float out[4][SAMPLER_LANES])
{
    if (!s || !t || !t->texel || !t->fast_rgba8 || !s->fast2d || t->dim != TEXTURE_DIM_2D)
        return false;
    if (!mask)
        return true;
    struct sampler_lod lod;
    if (!batch_decide_d(s, t, dxu, dxv, dyu, dyv, cache, mask, &lod))
        return false;
    /* sampler_sample_fast after its batch decision */
    uint8_t lvl0[L], lvl1[L];
    float weight[L];
    bool two = spread_decision(&lod, lvl0, lvl1, weight);
    filter_batch(s, t, u, v, lvl0, lvl1, weight, two, mask, L, out);
    return true;
}

/* ld of a 4 x 8-bit UNORM/sRGB 2D view (fast_rgba8: 2D, one slice, not tiled), for
 * pixel.c's draw_sample_load: lanes in `mask` read texel (x, y) = addr[0..1] of level addr[3]
 * (addr[2] must be 0 when the view is a one-slice array), each channel decoded exactly as the
 * format's load function does (texel_unorm_to_float / texel_srgb_to_float of the byte: the
 * tables; the AVX2 twin: the division-free v / 255, util/unorm8_avx2.h), alpha 1 without one;
 * lanes outside the level, the view's levels or its minimum LOD read 0; lanes outside `mask`
 * are not written.  The AVX2 twin takes eight lanes at a time when every lane in the mask
 * reads one level (the usual ld of a compute or pixel program), gathering the texels. */
static void load_rgba8_lanes(const struct texture_view *t, uint32_t mask,
                             const int32_t (*addr)[L], uint32_t (*value)[L])
{
    const struct texel_rgba8 *fmt = &t->rgba8;
    const float *unorm = texel_unorm8_table();
    const float *colour = fmt->srgb ? texel_srgb8_table() : unorm;
    const float minlod = floorf(t->min_lod);
    for (unsigned l = 0; l < L; l++) {
        if (!(mask >> l & 1))
            continue;
        for (int k = 0; k < 4; k++)
            value[k][l] = 0;
        int32_t x = addr[0][l], y = addr[1][l], mip = addr[3][l];
        if (t->array_size && addr[2][l] != 0)
            continue;
        if (mip < 0 || (uint32_t)mip >= t->levels || (float)mip < minlod || x < 0 || y < 0)
            continue;
        const struct texture_level *lv = &t->level[mip];
        if ((uint32_t)x >= lv->width || (uint32_t)y >= lv->height)
            continue;
        uint32_t px = rd32(lv->data + (size_t)y * lv->row_pitch + (size_t)x * 4);
        float f[4];
        for (int k = 0; k < 3; k++)
            f[k] = colour[(px >> fmt->shift[k]) & 255];
        f[3] = fmt->has_alpha ? unorm[(px >> fmt->shift[3]) & 255] : 1.0f;
        memcpy(&value[0][l], &f[0], 4);
        memcpy(&value[1][l], &f[1], 4);
        memcpy(&value[2][l], &f[2], 4);
        memcpy(&value[3][l], &f[3], 4);
    }
}

#if defined(SOFTD3D_SIMD_TWIN_AVX2)
static __attribute__((target("avx2,fma"))) void
load_rgba8_level(const struct texture_view *t, uint32_t mask, int32_t mip,
                 const int32_t (*addr)[L], uint32_t (*value)[L])
{
    const struct texel_rgba8 *fmt = &t->rgba8;
    const struct texture_level *lv = &t->level[mip];
    const float *srgb = fmt->srgb ? texel_srgb8_table() : NULL;
    const __m256i w = _mm256_set1_epi32((int32_t)lv->width - 1);
    const __m256i h = _mm256_set1_epi32((int32_t)lv->height - 1);
    const __m256i pitch = _mm256_set1_epi32((int32_t)lv->row_pitch);
    const __m256i lanebit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    const int *base = (const int *)(const void *)lv->data;
    for (int g = 0; g < L; g += 8) {
        unsigned m8 = (mask >> g) & 255u;
        if (!m8)
            continue;
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(addr[0] + g));
        __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(addr[1] + g));
        __m256i in = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32((int)m8), lanebit),
                                        lanebit);
        /* inside: 0 <= x <= width - 1 and 0 <= y <= height - 1 (as unsigned: one compare) */
        __m256i bad = _mm256_or_si256(
            _mm256_cmpgt_epi32(_mm256_xor_si256(x, _mm256_set1_epi32(INT32_MIN)),
                               _mm256_xor_si256(w, _mm256_set1_epi32(INT32_MIN))),
            _mm256_cmpgt_epi32(_mm256_xor_si256(y, _mm256_set1_epi32(INT32_MIN)),
                               _mm256_xor_si256(h, _mm256_set1_epi32(INT32_MIN))));
        if (t->array_size)
            bad = _mm256_or_si256(bad, _mm256_xor_si256(_mm256_cmpeq_epi32(
                _mm256_loadu_si256((const __m256i *)(const void *)(addr[2] + g)),
                _mm256_setzero_si256()), _mm256_set1_epi32(-1)));
        __m256i ok = _mm256_andnot_si256(bad, in);
        __m256i off = _mm256_add_epi32(_mm256_mullo_epi32(y, pitch), _mm256_slli_epi32(x, 2));
        off = _mm256_and_si256(off, ok);   /* lanes not read: offset 0, masked off anyway */
        __m256i px = _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), base, off, ok, 1);
        for (int c = 0; c < 4; c++) {
            __m256 f;
            if (c == 3 && !fmt->has_alpha) {
                f = _mm256_set1_ps(1.0f);
            } else {
                __m256i v = _mm256_and_si256(_mm256_srli_epi32(px, fmt->shift[c]),
                                             _mm256_set1_epi32(255));
                f = c < 3 && srgb ? _mm256_i32gather_ps(srgb, v, 4)
                                  : util_unorm8_div_avx2(_mm256_cvtepi32_ps(v));
            }
            /* outside the level: 0; outside the mask: as it was */
            __m256i r = _mm256_and_si256(_mm256_castps_si256(f), ok);
            __m256i old = _mm256_loadu_si256((const __m256i *)(const void *)(value[c] + g));
            _mm256_storeu_si256((__m256i *)(void *)(value[c] + g),
                                _mm256_blendv_epi8(old, r, in));
        }
    }
}
#endif

void SIMD_FN(sampler_load_rgba8)(const struct texture_view *t, uint32_t mask,
                                 const int32_t (*addr)[SAMPLER_LANES],
                                 uint32_t (*value)[SAMPLER_LANES])
{
#if defined(SOFTD3D_SIMD_TWIN_AVX2)
    /* one level for every lane in the mask, and that level there (not below the minimum LOD) */
    if (mask) {
        int32_t mip = addr[3][__builtin_ctz(mask)];
        bool one = mip >= 0 && (uint32_t)mip < t->levels && (float)mip >= floorf(t->min_lod);
        for (uint32_t b = mask; b && one; b &= b - 1)
            one = addr[3][__builtin_ctz(b)] == mip;
        if (one) {
            load_rgba8_level(t, mask, mip, addr, value);
            return;
        }
    }
#endif
    load_rgba8_lanes(t, mask, addr, value);
}
