/* src/shader/shader_asm.h — shader assembly text <-> bytecode, for both formats, in C.
 *
 *   shader_assemble()     listing text -> bytecode.  The first version statement decides:
 *                           vs_1_1 .. vs_3_0, ps_1_1 .. ps_3_0       d3dbc tokens (d3dbc_asm.c)
 *                           vs_4_0, ps_4_0, vs/ps_4_1, vs/ps_5_0,
 *                           vs/ps_4_0_level_9_1, vs/ps_4_0_level_9_3  a signed DXBC container
 *                                                                     (tpf_asm.c)
 *                         A listing whose comments hold "Level9 shader bytecode:" is SM4 even
 *                         though its first statement (the level-9 program's) reads vs_2_0.
 *   shader_disassemble()  bytecode -> listing text that shader_assemble() turns back into the
 *                         same bytes (for bytecode shader_assemble() wrote).  A blob starting
 *                         with "DXBC" is a container (SM4/SM5, tpf_dis.c); anything else is
 *                         read as d3dbc tokens.
 *
 * The SM4 listing syntax is fxc's (/Fc): comment blocks with the creator, buffer definitions,
 * resource bindings, signatures and level-9 tables, then `vs_4_0` and one declaration or
 * instruction a line.  tpf_asm.c documents it.  Tests embed assembly text with these calls.
 *
 * Errors: a message in err (err_size bytes, NUL-terminated, may be NULL/0).  Assembler messages
 * start "line L, column C: "; disassembler messages name the byte offset.
 */
#ifndef SOFTD3D_SHADER_SHADER_ASM_H
#define SOFTD3D_SHADER_SHADER_ASM_H

#include <stddef.h>
#include <stdint.h>

enum shader_asm_result {
    SHADER_ASM_OK = 0,
    SHADER_ASM_E_INVALID_ARG = -1, /* NULL pointer from the caller */
    SHADER_ASM_E_SYNTAX = -2,      /* the text is not a listing this assembler takes */
    SHADER_ASM_E_NOMEM = -3,
    SHADER_ASM_E_BAD_BLOB = -4,    /* disassembler: malformed or unsupported bytecode */
};

/* Assembles len bytes of text (need not be NUL-terminated).  On success *out is a malloc'ed
 * blob of *out_size bytes (free() it).  On failure *out is NULL and err says why. */
int shader_assemble(const char *text, size_t len, void **out, size_t *out_size, char *err,
                    size_t err_size);

enum shader_dis_flags {
    SHADER_DIS_IR = 1u << 0,       /* print the decoded IR (ir_print) instead of the listing
                                    * (DXBC: tpf.c, d3dbc: d3dbc_ir.c) */
};

/* Disassembles size bytes of bytecode.  On success *text is a malloc'ed NUL-terminated string
 * of *text_len bytes (text_len may be NULL).  On failure *text is NULL and err says why. */
int shader_disassemble(const void *blob, size_t size, char **text, size_t *text_len,
                       unsigned flags, char *err, size_t err_size);

/* The SM4 halves, for callers that know the format. */
int tpf_assemble(const char *text, size_t len, void **out, size_t *out_size, char *err,
                 size_t err_size);
int tpf_disassemble(const void *blob, size_t size, char **text, size_t *text_len,
                    unsigned flags, char *err, size_t err_size);

/* Does this text hold an SM4/SM5 listing (an SM4 version statement, or a "Level9 shader
 * bytecode" block)?  What shader_assemble() dispatches on. */
int shader_text_is_sm4(const char *text, size_t len);

#endif /* SOFTD3D_SHADER_SHADER_ASM_H */
