/* tests/hlsl_run.h — compile HLSL with D3DCompile and run the program on the VM over 32 lanes
 * (tests/test_hlsl_lang.c, tests/test_hlsl_resource.c).  The program run is the SM4 one, the
 * level-9 one of a *_level_9_x container, or the d3dbc token stream of vs/ps_2_0..3_0. */
#ifndef SOFTD3D_TESTS_HLSL_RUN_H
#define SOFTD3D_TESTS_HLSL_RUN_H

#define COBJMACROS
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "d3dcompiler.h"
#include "vm/vm.h"

/* Compiles src (file name "lang.hlsl", entry "main"); returns the error/warning text (malloc'ed,
 * NULL when none); *code NULL when it failed. */
char *hlsl_run_compile(const char *src, const char *target, ID3DBlob **code);

/* The same, reporting a failure to the harness (NULL then). */
ID3DBlob *hlsl_run_compile_ok(const char *src, const char *target);

/* The disassembly (D3DDisassemble: the project's decoder) of src compiled for target
 * (malloc'ed; "" with the failure reported when it does not compile). */
char *hlsl_run_disassembly(const char *src, const char *target);

/* Float bits and back (VM registers hold raw bits). */
static inline uint32_t hlsl_fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static inline float hlsl_uf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* Compiles and runs src for target with in[i] into input register i (level-9 and ps_2_0 ps:
 * t(i); ps_3_0: v(i) in declaration order); the outputs into out.  base (NULL: none) gives the
 * constant buffers and the sampling callback.  A failure is reported to the harness. */
bool hlsl_run(const char *src, const char *target, vm_reg *in, unsigned nin, vm_reg *out,
              const struct vm_env *base);

#endif /* SOFTD3D_TESTS_HLSL_RUN_H */
