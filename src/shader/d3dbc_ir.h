/* src/shader/d3dbc_ir.h — d3dbc (SM1-SM3) -> the validated IR of ir.h.
 *
 * READ ME FIRST
 *   d3dbc_decode() reads D3D9 shader tokens (d3dbc_read, d3dbc.h) and translates every
 *   instruction of vs_1_1, vs_2_0, vs_2_x, vs_3_0, ps_1_1..ps_1_4, ps_2_0, ps_2_x, ps_3_0 into
 *   IR, then runs ir_validate().  The layout of what it produces, which the D3D9 front-end binds
 *   and links by, is fixed here:
 *
 *   Constants (ir.h READ ME FIRST)
 *     cb0 (IR_D3D9_CB_FLOAT)  c#, one vec4 a register; declared with the version's register
 *                             count (vs 256, ps_1_x 8, ps_2_x 32, ps_3_0 224), dynamic when
 *                             the program addresses c# relatively.
 *     cb1 (IR_D3D9_CB_INT)    i#, int4 (16 registers).  cb2 (IR_D3D9_CB_BOOL) b#: .x is 0 or
 *                             0xffffffff (16 registers).
 *     cb3 (D3DBC_IR_CB_BUMPENV) ps_1_x only, when a bump-mapping instruction is used: for stage
 *                             s, vec4 2s = (BUMPENVMAT00, BUMPENVMAT01, BUMPENVMAT10,
 *                             BUMPENVMAT11), vec4 2s+1 = (BUMPENVLSCALE, BUMPENVLOFFSET, 0, 0).
 *     def/defi/defb registers are immediates in the code; a relative c# read in a program with
 *     def constants also selects from an immediate constant buffer ([0, N) the def values,
 *     [N, 2N) a per-component mask saying which are defined), so def wins as in D3D9.
 *   Inputs
 *     vs             v# -> v#, usage/usage_index from dcl (every v# read must be declared).
 *     ps_1_x, ps_2_x v0, v1 -> v0, v1 (COLOR 0, 1); t0..t7 -> v2..v9 (TEXCOORD 0..7).
 *     ps_3_0         v# -> v# (usage from dcl); vPos -> v10 (IR_SV_POSITION, .xy, linear
 *                    noperspective), vFace -> v11 (IR_SV_IS_FRONT_FACE, .x, constant).
 *   Outputs
 *     vs_1_1..vs_2_x oPos -> o0 (POSITION, IR_SV_POSITION), oFog -> o1 (FOG, .x),
 *                    oPts -> o2 (PSIZE, .x), oD0/oD1 -> o3/o4 (COLOR), oT0..oT7 -> o5..o12
 *                    (TEXCOORD).  Only registers the program writes are declared.
 *     vs_3_0         o# -> o# with the dcl usage (position0 also IR_SV_POSITION).
 *     ps             oC# -> o# (COLOR #), oDepth -> IR_FILE_DEPTH_OUT; ps_1_x: r0 -> o0 at
 *                    the end of the program.
 *   Samplers: s# declares resource t# and sampler s# (2d/cube/volume from dcl; vs_3_0 s0..s3
 *     are the vertex samplers D3DVERTEXTEXTURESAMPLER0..3).  ps_1_x has no declarations: the
 *     stage an instruction samples is declared 2d, or cube for the texm3x3 lookups and
 *     texreg2rgb (the sampling callback should sample the texture actually bound, with every
 *     address component given).  Texture-stage state that changes ps_1_1..1_3 sampling
 *     (D3DTTFF_PROJECTED on tex) is not part of the program: not applied here.
 *
 *   a0 is IR_FILE_ADDRESS; aL and the loop counters are temporaries past the program's own
 *   (IR_FILE_LOOP_COUNTER has no writer in the IR), p0 is IR_FILE_PREDICATE.
 *
 *   Where D3D9 and D3D10 disagree about special values (0 * Inf, which D3D9 leaves undefined;
 *   rcp(-0) = +Inf and log(0) = -FLT_MAX in the D3D9 pseudo-code; NaN in min/max/cmp), the IR's
 *   D3D10 rules apply (-Inf for both).  ps_1_x arithmetic is 32-bit float with no
 *   MaxPixelShaderValue clamp.  See d3dbc_ir.c for every expansion and its reference page.
 *
 *   Errors: "d3dbc: offset 0x..: instruction N (name): ..." for the translation, the reader's
 *   own messages for malformed tokens, "d3dbc: offset 0x..: invalid program: ir: ..." when the
 *   IR validator refuses the result (unbalanced flow control, undefined labels, recursion...).
 */
#ifndef SOFTD3D_SHADER_D3DBC_IR_H
#define SOFTD3D_SHADER_D3DBC_IR_H

#include <stddef.h>

#include "shader/d3dbc.h"
#include "shader/ir.h"

/* The constant buffer slot of the ps_1_x bump-environment state (see above). */
#define D3DBC_IR_CB_BUMPENV 3
#define D3DBC_IR_BUMPENV_SIZE 16

/* Fixed IR registers of the layout above. */
enum {
    D3DBC_IR_VS_OPOS = 0, D3DBC_IR_VS_OFOG = 1, D3DBC_IR_VS_OPTS = 2, D3DBC_IR_VS_OD0 = 3,
    D3DBC_IR_VS_OT0 = 5,
    D3DBC_IR_PS_T0 = 2,       /* ps_1_x / ps_2_x texture coordinate t0 */
    D3DBC_IR_PS_VPOS = 10, D3DBC_IR_PS_VFACE = 11,
};

/* Results beyond enum d3dbc_result. */
enum d3dbc_ir_result {
    D3DBC_E_UNSUPPORTED = -20,     /* a program this translation cannot express (too many
                                    * temporaries for the IR, a declaration D3D9 requires is
                                    * missing, sampler not declared...) */
    D3DBC_E_INVALID_PROGRAM = -21, /* translated, but ir_validate refused it */
};

/* Decodes size bytes of d3dbc tokens into *out, validated.  Returns 0 with *out owning the
 * program (ir_program_free), or a negative d3dbc_result / d3dbc_ir_result with *out zeroed and
 * *err (when non-NULL) filled.  The input need not be aligned. */
int d3dbc_decode(const void *tokens, size_t size, struct ir_program *out,
                 struct d3dbc_error *err);

/* The same from a program d3dbc_read() or d3dbc_assemble() produced (offsets in messages are
 * those of the program's instructions). */
int d3dbc_to_ir(const struct d3dbc_program *p, struct ir_program *out, struct d3dbc_error *err);

#endif /* SOFTD3D_SHADER_D3DBC_IR_H */
