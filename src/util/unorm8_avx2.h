/* src/util/unorm8_avx2.h — v / 255 for 8-bit UNORM decodes, eight lanes, without a division.
 *
 * texel_unorm_to_float(v, 8) is the correctly rounded (float)v / 255.0f; a ymm division costs
 * as much as the rest of a channel's decode and lerps, and the SIMD twins decode four taps per
 * channel.  q = v * r with r = fl(1/255) is one ulp off for 126 of the 256 values; one Newton
 * step on the exact residual -- e = fma(-q, 255, v) is exact because q is within an ulp of
 * v/255, then q' = fma(e, r, q) -- gives fl(v / 255) for all 256 inputs (exhaustively checked
 * by tests/test_fastpath.c, fastpath_unorm8_div).  Callers hold v in [0, 255] as floats.
 * The function carries its own target attribute, so any file may include it; call it only
 * when util_simd_level() is UTIL_SIMD_AVX2 (which requires FMA, util/simd.c). */
#ifndef SOFTD3D_UTIL_UNORM8_AVX2_H
#define SOFTD3D_UTIL_UNORM8_AVX2_H

#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

static inline __attribute__((target("avx2,fma"))) __m256 util_unorm8_div_avx2(__m256 v)
{
    const __m256 r = _mm256_set1_ps(1.0f / 255.0f);
    __m256 q = _mm256_mul_ps(v, r);
    __m256 e = _mm256_fnmadd_ps(q, _mm256_set1_ps(255.0f), v);
    return _mm256_fmadd_ps(e, r, q);
}

/* n / (255 * 65536) for the exact bilinear blends of 8-bit UNORM texels (sampler.c step 7): n
 * an integer in [0, 16711680] held as a float.  The same Newton step on the exact residual as
 * above; the result is the correctly rounded quotient for every such n (exhaustively checked by
 * tests/test_fastpath.c, fastpath_unorm8_blend_div). */
static inline __attribute__((target("avx2,fma"))) __m256 util_unorm8_blend_div_avx2(__m256 n)
{
    const __m256 r = _mm256_set1_ps(1.0f / 16711680.0f);
    __m256 q = _mm256_mul_ps(n, r);
    __m256 e = _mm256_fnmadd_ps(q, _mm256_set1_ps(16711680.0f), n);
    return _mm256_fmadd_ps(e, r, q);
}

/* Channel `sh` of n (a multiple of 8) 32-bit texels as UNORM floats, eight at a time. */
static inline __attribute__((target("avx2,fma"))) void
util_unorm8_channel_avx2(const uint32_t *px, unsigned sh, float *out, size_t n)
{
    for (size_t i = 0; i < n; i += 8) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(px + i));
        v = _mm256_and_si256(_mm256_srli_epi32(v, (int)sh), _mm256_set1_epi32(255));
        _mm256_storeu_ps(out + i, util_unorm8_div_avx2(_mm256_cvtepi32_ps(v)));
    }
}
#endif

#endif
