/* src/x86/vm_math_avx2.c — vm/vm_math.c compiled with -mavx2 -mno-fma: the lane functions
 * vm_lanes_*_avx2 (util/simd.h). */
#define SOFTD3D_SIMD_TWIN_AVX2 1
#include "vm/vm_math.c"
