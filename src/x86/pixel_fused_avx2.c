/* src/x86/pixel_fused_avx2.c — pipeline/pixel_fused.c compiled with -mavx2 -mno-fma: its
 * kernel is draw_fused_run_avx2 (util/simd.h). */
#define SOFTD3D_SIMD_TWIN_AVX2 1
#include "pipeline/pixel_fused.c"
