/* src/util/simd.c — util_simd_level() (see simd.h). */
#include "util/simd.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

atomic_int util_simd_active = -1;

int util_simd_supported(void)
{
#if defined(SOFTD3D_HAVE_AVX2) && (defined(__x86_64__) || defined(__i386__))
    __builtin_cpu_init();
    /* the AVX2 level also uses FMA where it gives the exact result of the plain code (e.g.
     * sampler_fast.c's division by 255): every AVX2 CPU shipped (Haswell+, Zen+) has both */
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return UTIL_SIMD_AVX2;
#endif
    return UTIL_SIMD_C;
}

static int from_environment(void)
{
    int best = util_simd_supported();
    const char *e = getenv("SOFTD3D_SIMD");
    if (!e || !*e)
        return best;
    if (!strcmp(e, "c"))
        return UTIL_SIMD_C;
    if (!strcmp(e, "avx2"))
        return best < UTIL_SIMD_AVX2 ? best : UTIL_SIMD_AVX2;
    fprintf(stderr, "softd3d: SOFTD3D_SIMD=%s is not \"c\" or \"avx2\"; ignored\n", e);
    return best;
}

int util_simd_choose(void)
{
    int l = from_environment();
    atomic_store_explicit(&util_simd_active, l, memory_order_relaxed);
    return l;
}

void util_simd_force(int level)
{
    if (level < 0) {
        atomic_store(&util_simd_active, from_environment());
        return;
    }
    int best = util_simd_supported();
    atomic_store(&util_simd_active, level < best ? level : best);
}
