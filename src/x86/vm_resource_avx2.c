/* src/x86/vm_resource_avx2.c — vm/vm_resource.c compiled with -mavx2 -mno-fma: its operation
 * table is vm_resource_fn_avx2 (util/simd.h). */
#define SOFTD3D_SIMD_TWIN_AVX2 1
#include "vm/vm_resource.c"
