/* src/x86/sampler_fast_avx2.c — sample/sampler_fast.c compiled with -mavx2 -mno-fma: its
 * kernels are sampler_sample_fast_avx2 (util/simd.h). */
#define SOFTD3D_SIMD_TWIN_AVX2 1
#include "sample/sampler_fast.c"
