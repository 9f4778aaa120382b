/* bench/shaders_tess.h — the tess scene's programs (scenes.h BENCH_TESS, issue 16): the same
 * four stages as SM5 assembly for softd3d (bench/softd3d_tess.c, feature level 11_0) and as
 * GLSL 4.00 for llvmpipe (bench/llvmpipe_glsl.c, an OpenGL 4.x core context), the same
 * operations in the same order.
 *
 *   vertex     the control point (POSITION xyz, pixels) through.
 *   hull /     4 control points out as they came; every edge TessFactor c[0].x, both inside
 *   control    ones c[0].y; quad domain, fractional_odd partitioning, clockwise triangles.
 *   domain /   the point p on the bilinear patch (p01 = p0 + u (p1 - p0), p32 = p3 + u (p2 - p3),
 *   eval       p = p01 + v (p32 - p01)); a height field h = sin(a) cos(b), a = p.x c[1].x,
 *              b = p.y c[1].y, lit per point: n = normalize(-c[1].z cos a cos b,
 *              c[1].w sin a sin b, 1) (its slope, the amplitudes folded in c[1].zw), diffuse =
 *              saturate(n . c[2].xyz), colour = (0.2 + 0.8 diffuse) (0.5 + 0.5 h, 0.6,
 *              0.8 - 0.3 h, 1); position = the matrix times (p, 1).
 *   pixel      the interpolated colour.
 * D3D11 constant buffers: the hull's cb0[0] = c[0]; the domain's cb0[0..3] = the scene's matrix
 * columns (scenes.h), cb0[4] = c[1], cb0[5] = c[2].  GL: uniform vec4 c[3] and mat4 u_matrix
 * (bench_gl_matrix). */
#ifndef SOFTD3D_BENCH_SHADERS_TESS_H
#define SOFTD3D_BENCH_SHADERS_TESS_H

extern const char bench_tess_vs[], bench_tess_hs[], bench_tess_ds[], bench_tess_ps[];
extern const char bench_glsl_tess_vs[], bench_glsl_tess_tcs[], bench_glsl_tess_tes[],
    bench_glsl_tess_fs[];

#endif
