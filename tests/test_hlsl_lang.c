/* tests/test_hlsl_lang.c — language features of issue 13 run on the VM: switch with cases that
 * fall through, if/else-if chains (the else branch must not see the then branch's constants),
 * nested structs as entry point inputs and outputs; and their refusals.  Programs are decoded
 * (the SM4 program, or the level-9 one of a *_level_9_1 container) and run over 32 lanes;
 * every expected value is closed-form.
 */
#define COBJMACROS
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#include "hlsl_run.h"

#define fb hlsl_fb
#define uf hlsl_uf

static char *compile_src(const char *src, const char *target, ID3DBlob **code)
{
    return hlsl_run_compile(src, target, code);
}

/* Constant buffers for run_src_cb: d3dbc programs read c# from cb0, i# from cb1, b# from cb2
 * (IR_D3D9_CB_*); 16 vec4 each. */
static uint32_t run_cb[3][16 * 4];

static bool run_src_cb(const char *src, const char *target, vm_reg *in, unsigned nin,
                       vm_reg *out, bool with_cb)
{
    struct vm_env base;
    memset(&base, 0, sizeof(base));
    for (unsigned k = 0; with_cb && k < 3; k++) {
        base.cb[k].data = run_cb[k];
        base.cb[k].size = 16;
    }
    return hlsl_run(src, target, in, nin, out, &base);
}

static bool run_src(const char *src, const char *target, vm_reg *in, unsigned nin, vm_reg *out)
{
    return hlsl_run(src, target, in, nin, out, NULL);
}

/* ---- switch with fall-through, and the else-if chain ------------------------------------- */

static const char switch_ps[] =
    "float4 main(float4 a : TEXCOORD0) : SV_Target\n"
    "{\n"
    "    int i = (int)a.x;\n"
    "    float r = 0, q = 0;\n"
    "    switch (i) {\n"
    "    case 0: r += 1;\n"             /* falls into case 1 */
    "    case 1: r += 2; break;\n"
    "    case 2: { r = 5; break; }\n"
    "    case 3:\n"
    "    case 4: r = 10;\n"             /* falls into default */
    "    default: r += 100;\n"
    "    }\n"
    "    if (i == 0) q = 1; else if (i == 1) q += 2; else q = 7;\n"
    "    return float4(r, q, 0, 1);\n"
    "}\n";

static float switch_ref(int i)
{
    return i == 0 ? 3 : i == 1 ? 2 : i == 2 ? 5 : i == 3 || i == 4 ? 110 : 100;
}

TEST(hlsl_switch_fallthrough_runs)
{
    static const char *const targets[] = {"ps_4_0", "ps_4_0_level_9_1"};
    for (unsigned t = 0; t < 2; t++) {
        static vm_reg in[1], out[16];
        for (unsigned l = 0; l < VM_LANES; l++)
            in[0][0][l] = fb((float)(l % 7));
        if (!run_src(switch_ps, targets[t], in, 1, out))
            continue;
        for (unsigned l = 0; l < VM_LANES; l++) {
            int i = (int)(l % 7);
            CHECK_EQ(uf(out[0][0][l]), switch_ref(i));
            CHECK_EQ(uf(out[0][1][l]), i == 0 ? 1.0f : i == 1 ? 2.0f : 7.0f);
        }
    }
}

/* ---- nested structs as entry point inputs and outputs ------------------------------------ */

static const char nested_vs[] =
    "struct Inner { float4 c : COLOR0; float2 uv : TEXCOORD0; };\n"
    "struct In { float4 pos : POSITION; Inner inner; };\n"
    "struct Out { float4 pos : SV_Position; Inner inner; };\n"
    "Out main(In i)\n"
    "{\n"
    "    Out o;\n"
    "    o.pos = i.pos * 2;\n"
    "    o.inner = i.inner;\n"
    "    o.inner.uv += i.inner.c.xy;\n"
    "    return o;\n"
    "}\n";

TEST(hlsl_nested_struct_io_runs)
{
    static vm_reg in[3], out[16];
    for (unsigned r = 0; r < 3; r++)
        for (unsigned k = 0; k < 4; k++)
            for (unsigned l = 0; l < VM_LANES; l++)
                in[r][k][l] = fb((float)(r * 100 + k * 10 + l));
    if (!run_src(nested_vs, "vs_4_0", in, 3, out))
        return;
    /* v0 pos, v1 inner.c, v2 inner.uv; o0 pos, o1 inner.c, o2 inner.uv */
    for (unsigned l = 0; l < VM_LANES; l++) {
        CHECK_EQ(uf(out[0][3][l]), 2.0f * (float)(30 + l));
        CHECK_EQ(uf(out[1][2][l]), (float)(120 + l));
        CHECK_EQ(uf(out[2][0][l]), (float)(200 + l) + (float)(100 + l));
        CHECK_EQ(uf(out[2][1][l]), (float)(210 + l) + (float)(110 + l));
    }
}

TEST(hlsl_lang_refusals)
{
    static const struct {
        const char *src, *target, *want;
    } bad[] = {
        {"struct Inner { float4 c; };\nstruct In { float4 pos : POSITION; Inner inner; };\n"
         "float4 main(In i) : SV_Position { return i.pos + i.inner.c; }\n", "vs_4_0",
         "lang.hlsl(1,23-24): error X4576"},
        {"float4 main(float4 a : TEXCOORD0) : SV_Target\n{ switch (a.x) { default: return 1; } }\n",
         "ps_4_0", "lang.hlsl(2,13-14): error X3019"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        ID3DBlob *code;
        char *errors = compile_src(bad[i].src, bad[i].target, &code);
        CHECK(code == NULL);
        if (code)
            ID3D10Blob_Release(code);
        CHECK_STR_CONTAINS(errors, bad[i].want);
        free(errors);
    }
}

/* ---- local arrays written at a run-time index ---------------------------------------------- */

/* arr[i] = ..., arr[3 - i] += ..., a struct member through a run-time index, and the read
 * arr[i] afterwards: every target, SM2/SM3 through selects (no indexable temps there). */
static const char dynwrite_ps[] =
    "struct S { float2 p; float q; };\n"
    "struct Out { float4 a : SV_Target0; float4 b : SV_Target1; };\n"
    "Out main(float4 a : TEXCOORD0)\n"
    "{\n"
    "    float arr[4] = {1, 2, 3, 4};\n"
    "    S s[3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};\n"
    "    int i = (int)a.x;\n"
    "    arr[i] = 10 * a.y;\n"
    "    arr[3 - i] += 5;\n"
    "    s[i].p.y = a.y;\n"
    "    s[2 - i].q *= 2;\n"
    "    Out o;\n"
    "    o.a = float4(arr[0], arr[1], arr[2], arr[3]);\n"
    "    o.b = float4(s[0].p.y + s[0].q * 100, s[1].p.y + s[1].q * 100, s[2].p.y + s[2].q * 100,"
    " arr[i]);\n"
    "    return o;\n"
    "}\n";

TEST(hlsl_dynamic_array_write_runs)
{
    static const char *const targets[] = {"ps_4_0", "ps_5_0", "ps_4_0_level_9_3", "ps_2_0",
                                          "ps_3_0"};
    for (unsigned t = 0; t < sizeof(targets) / sizeof(targets[0]); t++) {
        static vm_reg in[1], out[16];
        for (unsigned l = 0; l < VM_LANES; l++) {
            in[0][0][l] = fb((float)(l % 3));
            in[0][1][l] = fb((float)l);
        }
        if (!run_src(dynwrite_ps, targets[t], in, 1, out))
            continue;
        for (unsigned l = 0; l < VM_LANES; l++) {
            int i = (int)(l % 3);
            float arr[4] = {1, 2, 3, 4}, py[3] = {2, 5, 8}, q[3] = {3, 6, 9};
            arr[i] = 10.0f * (float)l;
            arr[3 - i] += 5;
            py[i] = (float)l;
            q[2 - i] *= 2;
            for (unsigned k = 0; k < 4; k++)
                CHECK_EQ(uf(out[0][k][l]), arr[k]);
            for (unsigned k = 0; k < 3; k++)
                CHECK_EQ(uf(out[1][k][l]), py[k] + q[k] * 100);
            CHECK_EQ(uf(out[1][3][l]), arr[i]);
        }
    }
}

/* A run-time loop filling an array at its counter, then a run-time read of it. */
static const char dynloop_ps[] =
    "float4 main(float4 a : TEXCOORD0) : SV_Target\n"
    "{\n"
    "    float4 v[5] = (float4[5])0;\n"
    "    int n = (int)a.x;\n"
    "    [loop] for (int k = 0; k < n; k++)\n"
    "        v[k] = float4(k, k * a.y, 1, 0);\n"
    "    float4 r = 0;\n"
    "    [loop] for (int j = 0; j < 5; j++)\n"
    "        r += v[j] * (j + 1);\n"
    "    return r + v[(int)a.z].yyyy * float4(0, 0, 0, 1000);\n"
    "}\n";

TEST(hlsl_dynamic_array_loop_runs)
{
    static const char *const targets[] = {"ps_4_0", "ps_3_0"};
    for (unsigned t = 0; t < sizeof(targets) / sizeof(targets[0]); t++) {
        static vm_reg in[1], out[16];
        for (unsigned l = 0; l < VM_LANES; l++) {
            in[0][0][l] = fb((float)(l % 6));
            in[0][1][l] = fb((float)(l + 1));
            in[0][2][l] = fb((float)(l % 5));
        }
        if (!run_src(dynloop_ps, targets[t], in, 1, out))
            continue;
        for (unsigned l = 0; l < VM_LANES; l++) {
            unsigned n = l % 6;
            float r[4] = {0, 0, 0, 0}, vy[5] = {0, 0, 0, 0, 0};
            for (unsigned k = 0; k < n && k < 5; k++) {
                vy[k] = (float)k * (float)(l + 1);
                r[0] += (float)k * (float)(k + 1);
                r[1] += vy[k] * (float)(k + 1);
                r[2] += (float)(k + 1);
            }
            r[3] += vy[l % 5] * 1000;
            for (unsigned k = 0; k < 4; k++)
                CHECK_EQ(uf(out[0][k][l]), r[k]);
        }
    }
}

/* ---- break out of a switch from inside a case's if -------------------------------------- */

static const char switch_break_ps[] =
    "float4 main(float4 a : TEXCOORD0) : SV_Target\n"
    "{\n"
    "    int i = (int)a.x;\n"
    "    float r = 0;\n"
    "    switch (i) {\n"
    "    case 0:\n"
    "        r = 1;\n"
    "        if (a.y > 10) break;\n"         /* leaves the switch: no += 20 */
    "        r += 20;\n"
    "    case 1:\n"                          /* case 0 falls in here unless it broke */
    "        if (a.y > 20) { r += 300; break; }\n"
    "        r += 4000;\n"
    "        break;\n"
    "    default:\n"
    "        r = -1;\n"
    "    }\n"
    "    return float4(r, 0, 0, 1);\n"
    "}\n";

static float switch_break_ref(int i, float y)
{
    float r = 0;
    switch (i) {
    case 0:
        r = 1;
        if (y > 10)
            break;
        r += 20;
        /* fall through */
    case 1:
        if (y > 20) {
            r += 300;
            break;
        }
        r += 4000;
        break;
    default:
        r = -1;
    }
    return r;
}

TEST(hlsl_switch_break_in_if_runs)
{
    static const char *const targets[] = {"ps_4_0", "ps_5_0", "ps_3_0"};
    for (unsigned t = 0; t < sizeof(targets) / sizeof(targets[0]); t++) {
        static vm_reg in[1], out[16];
        for (unsigned l = 0; l < VM_LANES; l++) {
            in[0][0][l] = fb((float)(l % 3));
            in[0][1][l] = fb((float)l);
        }
        if (!run_src(switch_break_ps, targets[t], in, 1, out))
            continue;
        for (unsigned l = 0; l < VM_LANES; l++)
            CHECK_EQ(uf(out[0][0][l]), switch_break_ref((int)(l % 3), (float)l));
    }
}

TEST(hlsl_dynamic_write_refusals)
{
    static const struct {
        const char *src, *target, *want;
    } bad[] = {
        /* no flow control on level 9 / ps_2_0: the break cannot leave at run time */
        {switch_break_ps, "ps_4_0_level_9_1", "lang.hlsl(8,9-11): error X3000"},
        {switch_break_ps, "ps_2_0", "lang.hlsl(8,9-11): error X3000"},
        /* a continue of an outer loop inside such a switch */
        {"float4 main(float4 a : TEXCOORD0) : SV_Target\n{ float r = 0;\n"
         " [loop] for (int k = 0; k < (int)a.x; k++) {\n"
         "  switch (k) { case 0: if (a.y > 1) break; r += 1; continue; default: r += 2; }\n"
         " }\n return r; }\n", "ps_4_0", "lang.hlsl(4,24-26): error X3000"},
        /* more elements to choose from than a select chain takes */
        {"float4 main(float4 a : TEXCOORD0) : SV_Target\n{ float r[20][20] = (float[20][20])0;\n"
         " r[(int)a.x][(int)a.y] = 1;\n return r[1][2]; }\n", "ps_4_0",
         "lang.hlsl(3,13-14): error X3500"},
        /* a constant index out of range is still X3504 */
        {"float4 main(float4 a : TEXCOORD0) : SV_Target\n{ float r[2] = {1, 2};\n"
         " r[2] = a.x;\n return r[0]; }\n", "ps_4_0", "lang.hlsl(3,4-5): error X3504"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        ID3DBlob *code;
        char *errors = compile_src(bad[i].src, bad[i].target, &code);
        CHECK(code == NULL);
        if (code)
            ID3D10Blob_Release(code);
        CHECK_STR_CONTAINS(errors, bad[i].want);
        free(errors);
    }
}

/* ---- vs/ps_3_0 uniforms in b# and i#: `if b#`, `rep i#` ----------------------------------- */

static const char static_flow_ps[] =
    "bool useTint;\n"
    "int count : register(i2);\n"
    "float4 tint;\n"
    "bool other : register(b3);\n"
    "float4 main(float4 a : TEXCOORD0) : COLOR\n"
    "{\n"
    "    float4 r = a;\n"
    "    if (useTint) r *= tint; else r += 1;\n"
    "    if (!other) r.w = 7;\n"
    "    for (int i = 0; i < count; i++) r.x += i + 1;\n"
    "    return r;\n"
    "}\n";

/* The listing and the constant table: both bools in b#, the loop bound in i2, tint in c0. */
TEST(hlsl_d3dbc_static_constants_compile)
{
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr = D3DCompile(static_flow_ps, sizeof(static_flow_ps) - 1, "lang.hlsl", NULL, NULL,
                            "main", "ps_3_0", 0, 0, &code, &errors);
    CHECK_EQ(hr, S_OK);
    if (errors)
        ID3D10Blob_Release(errors);
    if (FAILED(hr))
        return;
    ID3DBlob *text = NULL;
    hr = D3DDisassemble(ID3D10Blob_GetBufferPointer(code), ID3D10Blob_GetBufferSize(code), 0, NULL,
                        &text);
    CHECK_EQ(hr, S_OK);
    if (SUCCEEDED(hr)) {
        const char *t = ID3D10Blob_GetBufferPointer(text);
        CHECK_STR_CONTAINS(t, "if b0");
        CHECK_STR_CONTAINS(t, "if b3");
        CHECK_STR_CONTAINS(t, "rep i2");
        CHECK(strstr(t, "defi") == NULL);   /* no i0 = 255 loop: the count is the uniform */
        ID3D10Blob_Release(text);
    }
    /* the constant table: D3DXRS_BOOL = 0, D3DXRS_INT4 = 1, D3DXRS_FLOAT4 = 2 */
    const uint32_t *tok = ID3D10Blob_GetBufferPointer(code);
    CHECK_EQ(tok[1] & 0xffff, 0xfffeu);
    CHECK(!memcmp(&tok[2], "CTAB", 4));
    const uint8_t *tab = (const uint8_t *)&tok[3];
    uint32_t n, info;
    memcpy(&n, tab + 12, 4);
    memcpy(&info, tab + 16, 4);
    CHECK_EQ(n, 4u);
    static const struct { const char *name; unsigned regset, reg; } want[] = {
        {"tint", 2, 0}, {"useTint", 0, 0}, {"other", 0, 3}, {"count", 1, 2}};
    for (unsigned i = 0; i < 4 && i < n; i++) {
        const uint8_t *e = tab + info + 20 * i;
        uint32_t name;
        uint16_t regset, reg;
        memcpy(&name, e, 4);
        memcpy(&regset, e + 4, 2);
        memcpy(&reg, e + 6, 2);
        CHECK(!strcmp((const char *)tab + name, want[i].name));
        CHECK_EQ(regset, want[i].regset);
        CHECK_EQ(reg, want[i].reg);
    }
    ID3D10Blob_Release(code);
}

TEST(hlsl_d3dbc_static_constants_run)
{
    static vm_reg in[1], out[16];
    for (unsigned l = 0; l < VM_LANES; l++)
        for (unsigned k = 0; k < 4; k++)
            in[0][k][l] = fb((float)(l + k));
    for (unsigned setup = 0; setup < 4; setup++) {
        int count = (int)(setup * 3);       /* 0, 3, 6, 9 iterations */
        bool tinted = setup & 1, other = setup >= 2;
        memset(run_cb, 0, sizeof(run_cb));
        for (unsigned k = 0; k < 4; k++)
            run_cb[0][k] = fb(2.0f + (float)k);      /* tint, c0 */
        run_cb[1][2 * 4] = (uint32_t)count;        /* i2.x: the iteration count */
        run_cb[2][0] = tinted ? ~0u : 0;           /* b0 */
        run_cb[2][3 * 4] = other ? ~0u : 0;        /* b3 */
        if (!run_src_cb(static_flow_ps, "ps_3_0", in, 1, out, true))
            return;
        for (unsigned l = 0; l < VM_LANES; l++) {
            float r[4];
            for (unsigned k = 0; k < 4; k++)
                r[k] = tinted ? (float)(l + k) * (2.0f + (float)k) : (float)(l + k) + 1;
            if (!other)
                r[3] = 7;
            r[0] += (float)(count * (count + 1) / 2);
            for (unsigned k = 0; k < 4; k++)
                CHECK_EQ(uf(out[0][k][l]), r[k]);
        }
    }
}

/* Uses that need the value keep it in c#: arithmetic on the bool, a loop that changes its
 * counter, a [flatten]ed if. */
TEST(hlsl_d3dbc_static_constants_fallback)
{
    static const char *const srcs[] = {
        "bool b; float4 main(float4 a : TEXCOORD0) : COLOR { if (b) a *= 2; return a + b; }\n",
        "int n; float4 main(float4 a : TEXCOORD0) : COLOR\n"
        "{ for (int i = 0; i < n; i++) { a += 1; i += 1; } return a; }\n",
        "bool b; float4 main(float4 a : TEXCOORD0) : COLOR { [flatten] if (b) a *= 2; return a; }\n",
        "int n; float4 main(float4 a : TEXCOORD0) : COLOR\n"
        "{ [unroll(4)] for (int i = 0; i < n; i++) a += 1; return a; }\n",
    };
    for (unsigned i = 0; i < sizeof(srcs) / sizeof(srcs[0]); i++) {
        ID3DBlob *code;
        char *errors = compile_src(srcs[i], "ps_3_0", &code);
        free(errors);
        CHECK(code != NULL);
        if (!code)
            continue;
        ID3DBlob *text = NULL;
        if (SUCCEEDED(D3DDisassemble(ID3D10Blob_GetBufferPointer(code),
                                     ID3D10Blob_GetBufferSize(code), 0, NULL, &text))) {
            const char *t = ID3D10Blob_GetBufferPointer(text);
            CHECK(strstr(t, "if b") == NULL);
            CHECK_STR_CONTAINS(t, "c0");
            ID3D10Blob_Release(text);
        }
        ID3D10Blob_Release(code);
    }
    /* register(i#) past the 16 there are, and two uniforms on one b# */
    static const struct { const char *src, *want; } bad[] = {
        {"int n : register(i16); float4 main(float4 a : TEXCOORD0) : COLOR\n"
         "{ for (int i = 0; i < n; i++) a += 1; return a; }\n", "error X4509"},
        {"bool p : register(b1); bool q : register(b1);\n"
         "float4 main(float4 a : TEXCOORD0) : COLOR { if (p) a += 1; if (q) a += 2; return a; }\n",
         "lang.hlsl(1,29-30): error X3530"},
    };
    for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        ID3DBlob *code;
        char *errors = compile_src(bad[i].src, "ps_3_0", &code);
        CHECK(code == NULL);
        if (code)
            ID3D10Blob_Release(code);
        CHECK_STR_CONTAINS(errors, bad[i].want);
        free(errors);
    }
}

/* ---- ddx_fine / ddy_fine (shader model 5): per row / column of the 2x2 quad --------------- */

static const char fine_ps[] =
    "float4 main(float4 a : TEXCOORD0) : SV_Target\n"
    "{ return float4(ddx_fine(a.x), ddy_fine(a.x), ddx(a.x), ddy_coarse(a.x)); }\n";

TEST(hlsl_fine_derivatives_run)
{
    static vm_reg in[1], out[16];
    for (unsigned l = 0; l < VM_LANES; l++)
        in[0][0][l] = fb((float)(l * l));   /* not affine in the quad: fine != coarse */
    if (!run_src(fine_ps, "ps_5_0", in, 1, out))
        return;
    for (unsigned q = 0; q < VM_LANES; q += 4) {
        float v[4];
        for (unsigned k = 0; k < 4; k++)
            v[k] = (float)((q + k) * (q + k));
        for (unsigned k = 0; k < 4; k++) {
            unsigned l = q + k;
            bool bottom = k == VM_QUAD_BL || k == VM_QUAD_BR, right = k == VM_QUAD_TR ||
                                                                      k == VM_QUAD_BR;
            /* fine: the pixel's own row / column; coarse: the top row / left column */
            float fx = bottom ? v[VM_QUAD_BR] - v[VM_QUAD_BL] : v[VM_QUAD_TR] - v[VM_QUAD_TL];
            float fy = right ? v[VM_QUAD_BR] - v[VM_QUAD_TR] : v[VM_QUAD_BL] - v[VM_QUAD_TL];
            CHECK_EQ(uf(out[0][0][l]), fx);
            CHECK_EQ(uf(out[0][1][l]), fy);
            CHECK_EQ(uf(out[0][2][l]), v[VM_QUAD_TR] - v[VM_QUAD_TL]);
            CHECK_EQ(uf(out[0][3][l]), v[VM_QUAD_BL] - v[VM_QUAD_TL]);
        }
    }
    static const char *const bad[] = {"ps_4_1", "ps_4_0_level_9_3", "ps_3_0"};
    for (unsigned i = 0; i < 3; i++) {
        ID3DBlob *code;
        char *errors = compile_src(fine_ps, bad[i], &code);
        CHECK(code == NULL);
        if (code)
            ID3D10Blob_Release(code);
        CHECK_STR_CONTAINS(errors,
                           "lang.hlsl(2,17-25): error X4532: ddx_fine needs shader model 5.0");
        free(errors);
    }
}

/* ---- a return under a flattened if in a function with out parameters (level 9) ----------- */

static const char flat_out_ps[] =
    "float f(float x, out float y, inout float z)\n"
    "{\n"
    "    y = 1;\n"
    "    z += 1;\n"
    "    if (x > 2) { y = 5; return 10; }\n"
    "    y = 7;\n"
    "    z *= 3;\n"
    "    if (x > 1) return 20;\n"
    "    y += 100;\n"
    "    return x;\n"
    "}\n"
    "void main(float4 a : TEXCOORD0, out float4 c : SV_Target)\n"
    "{\n"
    "    float y, z = a.y;\n"
    "    float r = f(a.x, y, z);\n"
    "    c = float4(r, y, z, 1);\n"
    "    if (a.x > 3) { c.w = 2; return; }\n"
    "    c.w = 3;\n"
    "}\n";

TEST(hlsl_flat_return_with_out_parameters_runs)
{
    /* (the flattened program takes 16 temps: 9_3's ps_2_x has 32, 9_1/ps_2_0 12 — below) */
    static const char *const targets[] = {"ps_4_0", "ps_4_0_level_9_3", "ps_3_0"};
    for (unsigned t = 0; t < 3; t++) {
        static vm_reg in[1], out[16];
        for (unsigned l = 0; l < VM_LANES; l++) {
            in[0][0][l] = fb((float)(l % 6) * 0.75f);   /* 0 .. 3.75 */
            in[0][1][l] = fb((float)l);
        }
        if (!run_src(flat_out_ps, targets[t], in, 1, out))
            continue;
        for (unsigned l = 0; l < VM_LANES; l++) {
            float x = (float)(l % 6) * 0.75f, y, z = (float)l + 1, r;
            if (x > 2) {
                y = 5;
                r = 10;
            } else if (z *= 3, x > 1) {
                y = 7;
                r = 20;
            } else {
                y = 107;
                r = x;
            }
            CHECK_EQ(uf(out[0][0][l]), r);
            CHECK_EQ(uf(out[0][1][l]), y);
            CHECK_EQ(uf(out[0][2][l]), z);
            CHECK_EQ(uf(out[0][3][l]), x > 3 ? 2.0f : 3.0f);
        }
    }
}

/* The same with one out parameter and one early return: small enough for 9_1 and ps_2_0. */
static const char flat_out_small_ps[] =
    "float f(float x, out float y)\n"
    "{\n"
    "    y = x * 2;\n"
    "    if (x > 2) { y = 5; return 10; }\n"
    "    y += 1;\n"
    "    return x;\n"
    "}\n"
    "float4 main(float4 a : TEXCOORD0) : SV_Target\n"
    "{\n"
    "    float y;\n"
    "    float r = f(a.x, y);\n"
    "    return float4(r, y, 0, 1);\n"
    "}\n";

TEST(hlsl_flat_return_with_out_parameter_level_9_1_runs)
{
    static const char *const targets[] = {"ps_4_0_level_9_1", "ps_2_0"};
    for (unsigned t = 0; t < 2; t++) {
        static vm_reg in[1], out[16];
        for (unsigned l = 0; l < VM_LANES; l++)
            in[0][0][l] = fb((float)(l % 5) * 0.75f);
        if (!run_src(flat_out_small_ps, targets[t], in, 1, out))
            continue;
        for (unsigned l = 0; l < VM_LANES; l++) {
            float x = (float)(l % 5) * 0.75f;
            CHECK_EQ(uf(out[0][0][l]), x > 2 ? 10.0f : x);
            CHECK_EQ(uf(out[0][1][l]), x > 2 ? 5.0f : x * 2 + 1);
        }
    }
}

/* ---- return inside the loops of a called function ------------------------------------------ */

static const char loop_return_ps[] =
    "float find(float4 w, float t)\n"
    "{\n"
    "    float v[4] = {w.x, w.y, w.z, w.w};\n"
    "    [loop] for (int i = 0; i < 4; i++) {\n"
    "        [loop] for (int j = 0; j < 2; j++) {\n"
    "            if (v[i] * (j + 1) > t)\n"
    "                return i * 10 + j;\n"
    "        }\n"
    "    }\n"
    "    return -1;\n"
    "}\n"
    "float4 main(float4 a : TEXCOORD0) : SV_Target\n"
    "{\n"
    "    return float4(find(a, 5), find(a.wzyx, 100), 0, 1);\n"
    "}\n";

static float find_ref(const float *v, float t)
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 2; j++)
            if (v[i] * (float)(j + 1) > t)
                return (float)(i * 10 + j);
    return -1;
}

TEST(hlsl_return_in_called_loops_runs)
{
    static const char *const targets[] = {"ps_4_0", "ps_5_0", "ps_3_0"};
    for (unsigned t = 0; t < 3; t++) {
        static vm_reg in[1], out[16];
        for (unsigned l = 0; l < VM_LANES; l++)
            for (unsigned k = 0; k < 4; k++)
                in[0][k][l] = fb((float)((l * (k + 3)) % 9));
        if (!run_src(loop_return_ps, targets[t], in, 1, out))
            continue;
        for (unsigned l = 0; l < VM_LANES; l++) {
            float v[4], r[4];
            for (unsigned k = 0; k < 4; k++) {
                v[k] = (float)((l * (k + 3)) % 9);
                r[3 - k] = v[k];
            }
            CHECK_EQ(uf(out[0][0][l]), find_ref(v, 5));
            CHECK_EQ(uf(out[0][1][l]), find_ref(r, 100));
        }
    }
}

/* ---- a vector component and a matrix row at a run-time index --------------------------- */

static const char dyncomp_ps[] =
    "cbuffer C : register(b0) { float4x4 M; };\n"
    "struct Out { float4 a : SV_Target0; float4 b : SV_Target1; };\n"
    "Out main(float4 a : TEXCOORD0)\n"
    "{\n"
    "    int i = (int)a.x, j = 3 - i, h = i > 1 ? i - 2 : i;\n"
    "    float4 v = float4(10, 20, 30, 40);\n"
    "    float4x4 m = (float4x4)0;\n"
    "    float4 arr[2] = {v, v * 2};\n"
    "    v[i] = a.y;\n"
    "    m[j] = float4(1, 2, 3, 4) * a.y;\n"
    "    arr[h][j] += 1000;\n"
    "    Out o;\n"
    "    o.a = float4(v[j], M[i].y, m[j].z, arr[h][j]);\n"
    "    o.b = v + m[3] + a[i];\n"
    "    return o;\n"
    "}\n";

TEST(hlsl_dynamic_component_and_row_run)
{
    static uint32_t cb[16];
    for (unsigned k = 0; k < 16; k++)
        cb[k] = fb((float)(k * k));   /* column_major M: register c = column c, .r = row r */
    /* (ps_2_0's 12 temps are too few for this program's selects: 18) */
    static const char *const targets[] = {"ps_4_0", "ps_5_0", "ps_3_0", "ps_4_0_level_9_3"};
    for (unsigned t = 0; t < sizeof(targets) / sizeof(targets[0]); t++) {
        static vm_reg in[1], out[16];
        for (unsigned l = 0; l < VM_LANES; l++) {
            in[0][0][l] = fb((float)(l % 4));
            in[0][1][l] = fb((float)l + 0.5f);
        }
        memset(run_cb, 0, sizeof(run_cb));
        memcpy(run_cb[0], cb, sizeof(cb));
        if (!run_src_cb(dyncomp_ps, targets[t], in, 1, out, true))
            continue;
        for (unsigned l = 0; l < VM_LANES; l++) {
            int i = (int)(l % 4), j = 3 - i;
            float y = (float)l + 0.5f;
            float v[4] = {10, 20, 30, 40}, m3[4] = {0, 0, 0, 0}, arr[2][4];
            for (unsigned k = 0; k < 4; k++) {
                arr[0][k] = v[k];
                arr[1][k] = v[k] * 2;
            }
            v[i] = y;
            if (j == 3)
                for (unsigned k = 0; k < 4; k++)
                    m3[k] = (float)(k + 1) * y;
            arr[i % 2][j] += 1000;
            float a4[4] = {(float)i, y, 0, 0};
            CHECK_EQ(uf(out[0][0][l]), v[j]);
            CHECK_EQ(uf(out[0][1][l]), (float)((1 * 4 + i) * (1 * 4 + i)));   /* M[i].y */
            CHECK_EQ(uf(out[0][2][l]), 3 * y);
            CHECK_EQ(uf(out[0][3][l]), arr[i % 2][j]);
            for (unsigned k = 0; k < 4; k++)
                CHECK_EQ(uf(out[1][k][l]), v[k] + m3[k] + a4[i]);
        }
    }
}
