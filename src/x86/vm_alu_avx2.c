/* src/x86/vm_alu_avx2.c — vm/vm_alu.c compiled with -mavx2 -mno-fma: its operation table is
 * vm_alu_fn_avx2 (util/simd.h). */
#define SOFTD3D_SIMD_TWIN_AVX2 1
#include "vm/vm_alu.c"
