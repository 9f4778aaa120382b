/* tests/hlsl_run.c — hlsl_run.h: D3DCompile, decode, and one VM run. */
#include "hlsl_run.h"

#include "harness.h"

#include <stdlib.h>
#include <string.h>

#include "shader/d3dbc_ir.h"
#include "shader/dxbc.h"
#include "shader/tpf.h"

char *hlsl_run_compile(const char *src, const char *target, ID3DBlob **code)
{
    ID3DBlob *errors = NULL;
    *code = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "lang.hlsl", NULL, NULL, "main", target, 0, 0, code,
                            &errors);
    char *text = errors ? strdup(ID3D10Blob_GetBufferPointer(errors)) : NULL;
    if (errors)
        ID3D10Blob_Release(errors);
    if (FAILED(hr))
        *code = NULL;
    return text;
}

ID3DBlob *hlsl_run_compile_ok(const char *src, const char *target)
{
    ID3DBlob *code;
    char *errors = hlsl_run_compile(src, target, &code);
    if (!code)
        harness_fail(__FILE__, __LINE__, "%s: %s", target, errors ? errors : "(no errors)");
    free(errors);
    return code;
}

char *hlsl_run_disassembly(const char *src, const char *target)
{
    ID3DBlob *code = hlsl_run_compile_ok(src, target), *text = NULL;
    if (!code)
        return strdup("");
    HRESULT hr = D3DDisassemble(ID3D10Blob_GetBufferPointer(code), ID3D10Blob_GetBufferSize(code),
                                0, NULL, &text);
    ID3D10Blob_Release(code);
    if (FAILED(hr))
        harness_fail(__FILE__, __LINE__, "D3DDisassemble(%s): 0x%08x", target, (unsigned)hr);
    char *t = strdup(text ? (const char *)ID3D10Blob_GetBufferPointer(text) : "");
    if (text)
        ID3D10Blob_Release(text);
    return t;
}

/* A d3dbc target (vs/ps_2_0 .. 3_0): D3DCompile returns the bare token stream. */
static bool is_d3dbc(const char *target)
{
    return target[3] == '2' || target[3] == '3';
}

bool hlsl_run(const char *src, const char *target, vm_reg *in, unsigned nin, vm_reg *out,
              const struct vm_env *base)
{
    ID3DBlob *code = hlsl_run_compile_ok(src, target);
    if (!code)
        return false;
    const uint8_t *blob = ID3D10Blob_GetBufferPointer(code);
    size_t size = ID3D10Blob_GetBufferSize(code);
    bool level9 = strstr(target, "level_9") != NULL;
    struct ir_program ir;
    int r;
    if (is_d3dbc(target)) {
        struct d3dbc_error err;
        r = d3dbc_decode(blob, size, &ir, &err);
    } else if (level9) {
        struct dxbc_shader_info info;
        struct dxbc_error derr;
        struct d3dbc_error err;
        r = dxbc_parse(blob, size, 0, &info, &derr) || !info.has_level9;
        if (!r) {
            r = d3dbc_decode(blob + info.level9_program_offset, info.level9_program_size, &ir, &err);
            dxbc_info_free(&info);
        }
    } else {
        struct tpf_error err;
        r = tpf_decode_blob(blob, size, 0, &ir, &err);
    }
    ID3D10Blob_Release(code);
    CHECK_EQ(r, 0);
    if (r)
        return false;
    static vm_reg regs[16];
    memset(regs, 0, sizeof(regs));
    bool ps9 = (level9 || (is_d3dbc(target) && target[3] == '2')) && target[0] == 'p';
    for (unsigned i = 0; i < nin; i++)
        memcpy(regs[ps9 ? D3DBC_IR_PS_T0 + i : i], in[i], sizeof(vm_reg));
    struct vm_program *p = NULL;
    struct vm_state *st = NULL;
    bool ok = vm_program_create(&ir, &p) == VM_OK && vm_state_create(p, &st) == VM_OK;
    CHECK(ok);
    if (ok) {
        struct vm_env env;
        if (base)
            env = *base;
        else
            memset(&env, 0, sizeof(env));
        env.inputs = (const vm_reg *)regs;
        env.outputs = out;
        vm_run(p, st, &env, 0xffffffffu);
    }
    vm_state_destroy(st);
    vm_program_destroy(p);
    ir_program_free(&ir);
    return ok;
}
