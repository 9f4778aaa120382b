/* tests/dxbc_builder.h — builds small, valid, signed DXBC containers for the device tests.
 *
 * A built shader has the chunks CreateVertexShader / CreatePixelShader / CreateInputLayout look
 * at: ISGN and OSGN (from the element lists), a SHDR (SM4) or SHEX (SM5) program holding just
 * `ret`, and, when level9_token is non-zero, an "Aon9" chunk with a level-9 (SM2) program that
 * holds just its version token and `end` (laid out as fxc lays out its *_4_0_level_9_x output:
 * see the notes above parse_level9() in src/shader/dxbc.c).  The container is signed with
 * dxbc_sign(), so dxbc_parse() accepts it unless a test breaks it on purpose.
 *
 * The level-9 version token decides which 10Level9 profile the shader counts as:
 *   0xfffe0200 vs_2_0 (vs_4_0_level_9_1)   0xfffe0201 vs_2_x (vs_4_0_level_9_3)
 *   0xffff0200 ps_2_0 (ps_4_0_level_9_1)   0xffff0201 ps_2_x (ps_4_0_level_9_3)
 */
#ifndef SOFTD3D_TESTS_DXBC_BUILDER_H
#define SOFTD3D_TESTS_DXBC_BUILDER_H

#include <stddef.h>
#include <stdint.h>

#include "shader/dxbc.h"

#define DXBC_BUILDER_VS_9_1 0xfffe0200u
#define DXBC_BUILDER_VS_9_3 0xfffe0201u
#define DXBC_BUILDER_PS_9_1 0xffff0200u
#define DXBC_BUILDER_PS_9_3 0xffff0201u

struct dxbc_builder_element {
    const char *name;
    uint32_t index;            /* semantic index */
    uint32_t system_value;     /* D3D_NAME */
    uint32_t component_type;   /* D3D_REGISTER_COMPONENT_TYPE: 1 uint, 2 sint, 3 float */
    uint32_t reg;
    uint8_t mask;              /* components the element occupies */
    uint8_t rw_mask;           /* inputs: components read (0: declared, never read) */
};

struct dxbc_builder_shader {
    enum dxbc_program_type type;
    uint32_t major, minor;     /* SM4/5 version: 4.0 -> SHDR, 5.x -> SHEX */
    uint32_t level9_token;     /* 0: no Aon9 chunk */
    const struct dxbc_builder_element *inputs;
    uint32_t input_count;
    const struct dxbc_builder_element *outputs;
    uint32_t output_count;
    int no_program;            /* leave out the SHDR/SHEX chunk */
    int no_input_signature;    /* leave out the ISGN chunk */
};

/* Writes the container into out (cap bytes); returns its size, or 0 if cap is too small. */
size_t dxbc_build_shader(const struct dxbc_builder_shader *desc, uint8_t *out, size_t cap);

/* The everyday case: a vertex shader reading float4 POSITION0 (v0) and writing SV_Position, or a
 * pixel shader writing SV_Target, of shader model major.minor, with a level-9 program of the
 * given token (0 for none). */
size_t dxbc_build_simple(enum dxbc_program_type type, uint32_t major, uint32_t minor,
                         uint32_t level9_token, uint8_t *out, size_t cap);

#endif
