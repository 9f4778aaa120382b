/* bench/shaders.h — the shaders softd3d-bench and softd3d-demo draw with, as assembly listings
 * in fxc's /Fc syntax (src/shader/tpf_asm.c), turned into DXBC by the project's assembler at run
 * time.  All are vs/ps_4_0_level_9_1, so every 9_x level accepts them (seed 004); each listing
 * carries its SM2 ("Level9 shader bytecode") translation as fxc would write it.
 *
 *   bench_vs_color   POSITION (xyz, pixels), COLOR -> SV_Position, COLOR.  cb0[0..3]: the
 *                    4x4 matrix, column-major (x*cb0[0] + y*cb0[1] + z*cb0[2] + cb0[3]).
 *   bench_vs_tex     as bench_vs_color, plus TEXCOORD (xy) passed through.
 *   bench_ps_color   out = COLOR.
 *   bench_ps_tex     out = sample(t0, s0, TEXCOORD) * COLOR.
 */
#ifndef SOFTD3D_BENCH_SHADERS_H
#define SOFTD3D_BENCH_SHADERS_H

#include <stddef.h>

extern const char bench_vs_color[];
extern const char bench_vs_tex[];
extern const char bench_ps_color[];
extern const char bench_ps_tex[];

/* Assembles a listing (shader_assemble); on success *blob is malloc'ed (free it).  0 or -1 with
 * the assembler's message in err. */
int bench_assemble(const char *listing, void **blob, size_t *size, char *err, size_t err_size);

#endif /* SOFTD3D_BENCH_SHADERS_H */
