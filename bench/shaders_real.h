/* bench/shaders_real.h — the programs of the realistic scenes (scenes.h: light, alu, tex4,
 * skin), twice: as fxc-style vs/ps_4_0_level_9_3 listings for softd3d (assembled at run time by
 * bench_assemble, shaders.h; each carries its ps_2_x / vs_2_x "Level9 shader bytecode"
 * translation, which the 9_3 device requires but does not run), and as GLSL 3.30 core for
 * llvmpipe (bench/llvmpipe_glsl.c).  The GLSL does the same operations in the same order; only
 * the implementations of sin/cos, exp2/log2, inversesqrt and the filtering differ.
 *
 *   vertex                     pixel             cb0 of the pixel program (scene->constants)
 *   bench_vs_surface           bench_ps_light    8 float4: eye, 2 lights, ambient, fog
 *   bench_vs_surface           bench_ps_alu      8 float4: scales, offsets, mix weights
 *   bench_vs_surface           bench_ps_tex4     2 float4: the four tap offsets
 *   bench_vs_skin              bench_ps_color    (cb1 of the vertex program: the bones)
 *
 * Vertex inputs: surface POSITION (xyz), NORMAL (xyz), TEXCOORD (xy) — struct
 * bench_surface_vertex; skin POSITION, BLENDINDICES, BLENDWEIGHT, COLOR — struct
 * bench_skin_vertex.  GL: the same order as attribute locations 0.., uniforms u_matrix (the GL
 * matrix of scenes.h), c[] (cb0) or bones[] (cb1), samplers t0 and t1 on units 0 and 1.
 */
#ifndef SOFTD3D_BENCH_SHADERS_REAL_H
#define SOFTD3D_BENCH_SHADERS_REAL_H

extern const char bench_vs_surface[];
extern const char bench_ps_light[];
extern const char bench_ps_alu[];
extern const char bench_ps_tex4[];
extern const char bench_vs_skin[];

extern const char bench_glsl_vs_surface[];
extern const char bench_glsl_fs_light[];
extern const char bench_glsl_fs_alu[];
extern const char bench_glsl_fs_tex4[];
extern const char bench_glsl_vs_skin[];
extern const char bench_glsl_fs_color[];

#endif /* SOFTD3D_BENCH_SHADERS_REAL_H */
