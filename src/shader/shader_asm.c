/* src/shader/shader_asm.c — shader_assemble / shader_disassemble: the one C entry point for
 * both formats (see shader_asm.h).  SM4/SM5 goes to tpf_asm.c / tpf_dis.c, SM1-SM3 to
 * d3dbc_asm.c / d3dbc_dis.c.
 */
#include "shader/shader_asm.h"

#include "shader/d3dbc.h"
#include "shader/d3dbc_ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int d3dbc_code(int ret)
{
    return ret == D3DBC_E_NOMEM ? SHADER_ASM_E_NOMEM :
           ret == D3DBC_E_INVALID_ARG ? SHADER_ASM_E_INVALID_ARG : SHADER_ASM_E_SYNTAX;
}

int shader_assemble(const char *text, size_t len, void **out, size_t *out_size, char *err,
                    size_t err_size)
{
    if (out)
        *out = NULL;
    if (out_size)
        *out_size = 0;
    if (!out || !out_size || (!text && len)) {
        if (err && err_size)
            snprintf(err, err_size, "NULL argument");
        return SHADER_ASM_E_INVALID_ARG;
    }
    if (shader_text_is_sm4(text, len))
        return tpf_assemble(text, len, out, out_size, err, err_size);

    struct d3dbc_error derr;
    uint32_t *tokens;
    size_t size;
    int ret = d3dbc_assemble_tokens(text ? text : "", len, &tokens, &size, &derr);
    if (ret) {
        if (err && err_size)
            snprintf(err, err_size, "%s", derr.message);
        return d3dbc_code(ret);
    }
    *out = tokens;
    *out_size = size;
    return 0;
}

int shader_disassemble(const void *blob, size_t size, char **text, size_t *text_len,
                       unsigned flags, char *err, size_t err_size)
{
    if (text)
        *text = NULL;
    if (text_len)
        *text_len = 0;
    if (!blob || !text) {
        if (err && err_size)
            snprintf(err, err_size, "NULL argument");
        return SHADER_ASM_E_INVALID_ARG;
    }
    if (size >= 4 && !memcmp(blob, "DXBC", 4))
        return tpf_disassemble(blob, size, text, text_len, flags, err, err_size);
    if (flags & SHADER_DIS_IR) {
        struct ir_program ir;
        struct d3dbc_error derr;
        int ret = d3dbc_decode(blob, size, &ir, &derr);
        if (ret) {
            if (err && err_size)
                snprintf(err, err_size, "%s", derr.message);
            return ret == D3DBC_E_NOMEM ? SHADER_ASM_E_NOMEM : SHADER_ASM_E_BAD_BLOB;
        }
        *text = ir_print_to_string(&ir);
        ir_program_free(&ir);
        if (!*text) {
            if (err && err_size)
                snprintf(err, err_size, "out of memory");
            return SHADER_ASM_E_NOMEM;
        }
        if (text_len)
            *text_len = strlen(*text);
        return 0;
    }

    struct d3dbc_program p;
    struct d3dbc_error derr;
    size_t len;
    int ret = d3dbc_read(blob, size, &p, &derr);
    if (ret) {
        if (err && err_size)
            snprintf(err, err_size, "%s", derr.message);
        return ret == D3DBC_E_NOMEM ? SHADER_ASM_E_NOMEM : SHADER_ASM_E_BAD_BLOB;
    }
    ret = d3dbc_disassemble(&p, text, &len);
    d3dbc_program_free(&p);
    if (ret) {
        if (err && err_size)
            snprintf(err, err_size, "out of memory");
        return SHADER_ASM_E_NOMEM;
    }
    if (text_len)
        *text_len = len;
    return 0;
}
