/* src/util/simd.h — which instruction-set level the kernels run at, and the twin naming.
 *
 * Some hot C files are compiled twice from the same source (DESIGN.md "Performance rules",
 * STYLE.md checkasm): once as the plain-C baseline (x86-64 SSE2, or any other architecture),
 * once in src/x86/ with -mavx2 (never contracting to FMA, which would change results).  The source names
 * its exported kernels SIMD_FN(name): name_c in the baseline, name_avx2 in the twin.  Both are
 * the same C, so they compute the same bits (ISO C float semantics, -ffp-contract=off via
 * -std=c11); tests/test_simd.c runs both on random inputs and compares every byte anyway.
 *
 * util_simd_level() picks the level once per process: the best the CPU has, lowered by the
 * environment variable SOFTD3D_SIMD ("c" = plain C only, "avx2"); an unknown value prints one
 * line and is ignored.  The output never depends on the level (DESIGN.md principle 6). */
#ifndef SOFTD3D_UTIL_SIMD_H
#define SOFTD3D_UTIL_SIMD_H

#include <stdatomic.h>
#include <stdbool.h>

enum util_simd_level {
    UTIL_SIMD_C = 0,
    UTIL_SIMD_AVX2 = 1,
};

#if defined(SOFTD3D_SIMD_TWIN_AVX2)
#define SIMD_FN(name) name##_avx2
#else
#define SIMD_FN(name) name##_c
#endif

/* The twin of `name` that util_simd_level() selects (only the twins this build has).  (An
 * AVX-512 level was tried: no measurable gain on the bench scenes over AVX2.) */
#if defined(SOFTD3D_HAVE_AVX2)
#define SIMD_PICK(name) (util_simd_level() >= UTIL_SIMD_AVX2 ? name##_avx2 : name##_c)
#else
#define SIMD_PICK(name) (name##_c)
#endif

/* The level dispatchers use (above): an inline load of the chosen level, and the one-time
 * choice behind it (a call per SIMD_PICK cost about 1% of the small-triangle scenes). */
extern atomic_int util_simd_active;
int util_simd_choose(void);
static inline int util_simd_level(void)
{
    int l = atomic_load_explicit(&util_simd_active, memory_order_relaxed);
    return l >= 0 ? l : util_simd_choose();
}

/* The best level this CPU and this build support (ignores SOFTD3D_SIMD). */
int util_simd_supported(void);

/* Tests: run at `level` (clamped to util_simd_supported()); -1 goes back to the default. */
void util_simd_force(int level);

#endif
