/* src/x86/om_kernels_avx2.c — pipeline/om_kernels.c compiled with -mavx2 -mno-fma: its kernels
 * are om_depth_fast_avx2 and om_color_fast_avx2 (util/simd.h). */
#define SOFTD3D_SIMD_TWIN_AVX2 1
#include "pipeline/om_kernels.c"
