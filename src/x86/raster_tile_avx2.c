/* src/x86/raster_tile_avx2.c — pipeline/raster_tile.c compiled with -mavx2 -mno-fma: its
 * triangle kernel is raster_tile_tri_avx2 (util/simd.h). */
#define SOFTD3D_SIMD_TWIN_AVX2 1
#include "pipeline/raster_tile.c"
