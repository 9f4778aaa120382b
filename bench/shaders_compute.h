/* bench/shaders_compute.h — the compute scene's program (scenes.h BENCH_COMPUTE): a 3x3
 * binomial blur of the source image into a UAV, as HLSL cs_5_0 for softd3d (compiled with
 * D3DCompile, as a program would at run time: bench/softd3d_tess.c) and GLSL 4.30 for llvmpipe
 * (bench/llvmpipe_glsl.c).  The same operations in the same order: s = 0, then w * texel added
 * for dy = -1..1, dx = -1..1 (w = (2 - |dx|)(2 - |dy|), exact), addresses clamped to the image,
 * s / 16 as s * 0.0625 (exact), stored as RGBA8 UNORM.  16 x 16 threads a group. */
#ifndef SOFTD3D_BENCH_SHADERS_COMPUTE_H
#define SOFTD3D_BENCH_SHADERS_COMPUTE_H

#define BENCH_COMPUTE_GROUP 16

extern const char bench_hlsl_cs_blur[];
extern const char bench_glsl_cs_blur[];

#endif
