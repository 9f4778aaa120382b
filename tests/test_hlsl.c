/* tests/test_hlsl.c — the HLSL compiler (src/hlsl/, issue 13) through D3DCompile: compile and
 * run, and the refusals.
 *
 * vs_4_0 / ps_4_0 programs need feature level 10_0 to be drawn with vertex buffers, which the
 * device does not have yet, so here they are decoded with the project's DXBC reader
 * (tpf_decode_blob) and run on the VM directly, with inputs, constant buffers and a texture
 * callback the test owns; test_hlsl_tiled.c draws an SV_VertexID pair at 10_0/10_1/11_1, and
 * the level_9 targets are drawn on 9_1/9_3 devices (test_hlsl_draw.c).  Every expected value
 * is closed-form.
 */
#define COBJMACROS
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "d3dcompiler.h"
#include "hlsl/hlsl.h"
#include "shader/tpf.h"
#include "vm/vm.h"

static float fl(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static bool near(float a, float b)
{
    return fabsf(a - b) <= 1e-4f * (1.0f + fabsf(b));
}

#define CHECK_NEAR(a, b)                                                                        \
    do {                                                                                      \
        float na_ = (a), nb_ = (b);                                                           \
        if (!near(na_, nb_))                                                                  \
            harness_fail(__FILE__, __LINE__, "%s == %s: %.7g != %.7g", #a, #b, (double)na_,   \
                         (double)nb_);                                                        \
    } while (0)

/* Compiles; on failure prints the messages and returns NULL. */
static ID3DBlob *compile(const char *src, const char *entry, const char *target,
                         const D3D_SHADER_MACRO *defines, ID3DInclude *inc, UINT flags)
{
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "test.hlsl", defines, inc, entry, target, flags, 0,
                            &code, &errors);
    if (FAILED(hr)) {
        harness_fail(__FILE__, __LINE__, "D3DCompile(%s) failed 0x%08x: %s", target,
                     (unsigned)hr, errors ? (const char *)ID3D10Blob_GetBufferPointer(errors) : "");
    }
    if (errors)
        ID3D10Blob_Release(errors);
    return SUCCEEDED(hr) ? code : NULL;
}

/* The error text of a refused compilation (malloc'ed), checking E_FAIL. */
static char *refusal(const char *src, const char *entry, const char *target)
{
    ID3DBlob *code = (ID3DBlob *)1, *errors = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "bad.hlsl", NULL, NULL, entry, target, 0, 0, &code,
                            &errors);
    CHECK_HR(hr, E_FAIL);
    CHECK(code == NULL);
    char *text = NULL;
    if (errors) {
        text = strdup(ID3D10Blob_GetBufferPointer(errors));
        ID3D10Blob_Release(errors);
    }
    if (!text)
        harness_fail(__FILE__, __LINE__, "no error blob");
    return text;
}

/* ---- running a compiled program on the VM ---------------------------------------------------- */

struct run {
    vm_reg in[8], out[8];
    struct vm_env env;
    uint32_t cb[4][64 * 4];
    struct vm_program *prog;
    struct vm_state *st;
    struct ir_program ir;
};

static bool run_prepare(struct run *r, ID3DBlob *code)
{
    struct tpf_error err;
    memset(&r->env, 0, sizeof(r->env));
    if (!code)
        return false;
    int ret = tpf_decode_blob(ID3D10Blob_GetBufferPointer(code), ID3D10Blob_GetBufferSize(code), 0,
                              &r->ir, &err);
    if (ret) {
        harness_fail(__FILE__, __LINE__, "tpf_decode_blob: %s", err.message);
        return false;
    }
    CHECK_EQ(vm_program_create(&r->ir, &r->prog), VM_OK);
    CHECK_EQ(vm_state_create(r->prog, &r->st), VM_OK);
    r->env.inputs = (const vm_reg *)r->in;
    r->env.outputs = r->out;
    for (int i = 0; i < 4; i++) {
        r->env.cb[i].data = r->cb[i];
        r->env.cb[i].size = 64;
    }
    return r->prog && r->st;
}

static void run_free(struct run *r)
{
    vm_state_destroy(r->st);
    vm_program_destroy(r->prog);
    ir_program_free(&r->ir);
}

static void set_in(struct run *r, unsigned reg, unsigned lane, float x, float y, float z, float w)
{
    r->in[reg][0][lane] = bits(x);
    r->in[reg][1][lane] = bits(y);
    r->in[reg][2][lane] = bits(z);
    r->in[reg][3][lane] = bits(w);
}

static void set_cb(struct run *r, unsigned slot, unsigned reg, float x, float y, float z, float w)
{
    uint32_t *p = &r->cb[slot][reg * 4];
    p[0] = bits(x);
    p[1] = bits(y);
    p[2] = bits(z);
    p[3] = bits(w);
}

static float out(const struct run *r, unsigned reg, unsigned comp, unsigned lane)
{
    return fl(r->out[reg][comp][lane]);
}

/* A texture whose texel at (u, v) is (u, v, 0.25, 1): what `sample` returns, for any LOD. */
static void uv_texture(void *ctx, const struct vm_sample_request *req, struct vm_sample_result *res)
{
    (void)ctx;
    for (unsigned l = 0; l < VM_LANES; l++) {
        res->value[0][l] = bits(req->address.f[0][l]);
        res->value[1][l] = bits(req->address.f[1][l]);
        res->value[2][l] = bits(0.25f);
        res->value[3][l] = bits(1.0f);
    }
}

/* ---- the UI pair (Dear ImGui's D3D11 backend shaders) ------------------------------------ */

static const char ui_vs[] =
    "cbuffer vertexBuffer : register(b0)\n"
    "{\n"
    "    float4x4 ProjectionMatrix;\n"
    "};\n"
    "struct VS_INPUT { float2 pos : POSITION; float4 col : COLOR0; float2 uv : TEXCOORD0; };\n"
    "struct PS_INPUT { float4 pos : SV_POSITION; float4 col : COLOR0; float2 uv : TEXCOORD0; };\n"
    "PS_INPUT main(VS_INPUT input)\n"
    "{\n"
    "    PS_INPUT output;\n"
    "    output.pos = mul( ProjectionMatrix, float4(input.pos.xy, 0.f, 1.f));\n"
    "    output.col = input.col;\n"
    "    output.uv  = input.uv;\n"
    "    return output;\n"
    "}\n";

static const char ui_ps[] =
    "struct PS_INPUT { float4 pos : SV_POSITION; float4 col : COLOR0; float2 uv : TEXCOORD0; };\n"
    "sampler sampler0;\n"
    "Texture2D texture0;\n"
    "float4 main(PS_INPUT input) : SV_Target\n"
    "{\n"
    "    float4 out_col = input.col * texture0.Sample(sampler0, input.uv);\n"
    "    return out_col;\n"
    "}\n";

TEST(hlsl_ui_vs_4_0_runs)
{
    struct run r = {0};
    ID3DBlob *code = compile(ui_vs, "main", "vs_4_0", NULL, NULL, 0);
    if (!run_prepare(&r, code))
        goto done;
    /* column_major ProjectionMatrix: register c holds column c.  M = ortho-like:
     * x' = 2x/W - 1, y' = 1 - 2y/H (W = 100, H = 50); mul(M, v) = M v. */
    float M[4][4] = {{0.02f, 0, 0, -1}, {0, -0.04f, 0, 1}, {0, 0, 0.5f, 0.5f}, {0, 0, 0, 1}};
    for (int c = 0; c < 4; c++)
        set_cb(&r, 0, (unsigned)c, M[0][c], M[1][c], M[2][c], M[3][c]);
    for (unsigned l = 0; l < 4; l++) {
        set_in(&r, 0, l, 10.0f * (float)l, 5.0f * (float)l, 0, 0);
        set_in(&r, 1, l, 0.1f * (float)l, 0.2f, 0.3f, 0.4f);
        set_in(&r, 2, l, 0.5f, 0.25f * (float)l, 0, 0);
    }
    vm_run(r.prog, r.st, &r.env, 0xf);
    for (unsigned l = 0; l < 4; l++) {
        float x = 10.0f * (float)l, y = 5.0f * (float)l;
        CHECK_NEAR(out(&r, 0, 0, l), 0.02f * x - 1);
        CHECK_NEAR(out(&r, 0, 1, l), -0.04f * y + 1);
        CHECK_NEAR(out(&r, 0, 2, l), 0.5f);
        CHECK_NEAR(out(&r, 0, 3, l), 1.0f);
        CHECK_NEAR(out(&r, 1, 0, l), 0.1f * (float)l);
        CHECK_NEAR(out(&r, 1, 3, l), 0.4f);
        CHECK_NEAR(out(&r, 2, 1, l), 0.25f * (float)l);
    }
done:
    run_free(&r);
    if (code)
        ID3D10Blob_Release(code);
}

TEST(hlsl_ui_ps_4_0_runs)
{
    struct run r = {0};
    ID3DBlob *code = compile(ui_ps, "main", "ps_4_0", NULL, NULL, 0);
    if (!run_prepare(&r, code))
        goto done;
    r.env.sample = uv_texture;
    for (unsigned l = 0; l < 4; l++) {
        set_in(&r, 1, l, 1.0f, 0.5f, 2.0f, 0.5f);
        set_in(&r, 2, l, 0.125f * (float)l, 0.75f, 0, 0);
    }
    vm_run(r.prog, r.st, &r.env, 0xf);
    for (unsigned l = 0; l < 4; l++) {
        CHECK_NEAR(out(&r, 0, 0, l), 0.125f * (float)l);
        CHECK_NEAR(out(&r, 0, 1, l), 0.5f * 0.75f);
        CHECK_NEAR(out(&r, 0, 2, l), 2.0f * 0.25f);
        CHECK_NEAR(out(&r, 0, 3, l), 0.5f);
    }
done:
    run_free(&r);
    if (code)
        ID3D10Blob_Release(code);
}

/* ---- per-pixel lighting: cbuffer struct, light array, [unroll], a real loop, clip ------- */

static const char light_ps[] =
    "#define NUM_LIGHTS 3\n"
    "struct Light { float3 dir; float pad; float4 color; };\n"
    "cbuffer Scene : register(b1)\n"
    "{\n"
    "    row_major float4x4 world;\n"
    "    Light lights[NUM_LIGHTS];\n"
    "    float4 ambient;\n"
    "    int count;\n"
    "};\n"
    "static const float kScale = 0.5;\n"
    "float3 shade(float3 n, Light l, out float ndl)\n"
    "{\n"
    "    ndl = saturate(dot(n, -l.dir));\n"
    "    return l.color.rgb * ndl;\n"
    "}\n"
    "float4 main(float4 pos : SV_Position, float3 normal : NORMAL, float2 uv : TEXCOORD0) : SV_Target\n"
    "{\n"
    "    float3 n = normalize(normal);\n"
    "    float3 c = ambient.rgb;\n"
    "    float total = 0;\n"
    "    [unroll] for (int i = 0; i < NUM_LIGHTS; i++) {\n"
    "        float d;\n"
    "        c += shade(n, lights[i], d);\n"
    "        total += d;\n"
    "    }\n"
    "    for (int j = 0; j < count; j++)\n"
    "        c += lights[j].color.rgb * 0.1;\n"
    "    clip(uv.x - 0.5);\n"
    "    if (total < 0.01)\n"
    "        discard;\n"
    "    return float4(c * kScale, total);\n"
    "}\n";

TEST(hlsl_lighting_ps_4_0_runs)
{
    struct run r = {0};
    ID3DBlob *code = compile(light_ps, "main", "ps_4_0", NULL, NULL, 0);
    if (!run_prepare(&r, code))
        goto done;
    /* Scene at cb1: world c0..c3, lights[i] at c4 + 2i (dir, pad) and c5 + 2i (color),
     * ambient c10, count c11.x (packing rules: each array element starts a register). */
    set_cb(&r, 1, 4, 0, 0, -1, 0);      /* light 0 straight down the -z axis */
    set_cb(&r, 1, 5, 1, 0, 0, 1);
    set_cb(&r, 1, 6, -1, 0, 0, 0);      /* light 1 along -x */
    set_cb(&r, 1, 7, 0, 1, 0, 1);
    set_cb(&r, 1, 8, 0, -1, 0, 0);      /* light 2 along -y */
    set_cb(&r, 1, 9, 0, 0, 1, 1);
    set_cb(&r, 1, 10, 0.1f, 0.2f, 0.3f, 0);
    r.cb[1][11 * 4] = 2;                /* count: the dynamic loop adds 0.1 * colors 0 and 1 */
    /* lane 0: normal +z (only light 0); lane 1: normal (1,1,0)/sqrt2 (lights 1 and 2);
     * lane 2: uv.x < 0.5, clipped; lane 3: normal -z (no light: total 0, discarded) */
    set_in(&r, 1, 0, 0, 0, 2, 0);
    set_in(&r, 1, 1, 3, 3, 0, 0);
    set_in(&r, 1, 2, 0, 0, 1, 0);
    set_in(&r, 1, 3, 0, 0, -1, 0);
    for (unsigned l = 0; l < 4; l++)
        set_in(&r, 2, l, l == 2 ? 0.25f : 0.75f, 0, 0, 0);
    vm_run(r.prog, r.st, &r.env, 0xf);
    CHECK_EQ(r.env.discarded, 0xcu);
    float s = 1.0f / sqrtf(2.0f);
    /* lane 0: c = ambient + color0 + 0.1 * (color0 + color1) */
    CHECK_NEAR(out(&r, 0, 0, 0), (0.1f + 1 + 0.1f) * 0.5f);
    CHECK_NEAR(out(&r, 0, 1, 0), (0.2f + 0.1f) * 0.5f);
    CHECK_NEAR(out(&r, 0, 2, 0), 0.3f * 0.5f);
    CHECK_NEAR(out(&r, 0, 3, 0), 1.0f);
    /* lane 1: n = (s, s, 0): light 1 gives s * green, light 2 s * blue */
    CHECK_NEAR(out(&r, 0, 0, 1), (0.1f + 0.1f) * 0.5f);
    CHECK_NEAR(out(&r, 0, 1, 1), (0.2f + s + 0.1f) * 0.5f);
    CHECK_NEAR(out(&r, 0, 2, 1), (0.3f + s) * 0.5f);
    CHECK_NEAR(out(&r, 0, 3, 1), 2 * s);
done:
    run_free(&r);
    if (code)
        ID3D10Blob_Release(code);
}

/* ---- derivatives ------------------------------------------------------------------------ */

TEST(hlsl_ddx_ddy_ps_4_0)
{
    static const char src[] =
        "float4 main(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target\n"
        "{ return float4(ddx(uv), ddy(uv.x * uv.y), 0); }\n";
    struct run r = {0};
    ID3DBlob *code = compile(src, "main", "ps_4_0", NULL, NULL, 0);
    if (!run_prepare(&r, code))
        goto done;
    /* one quad: TL, TR, BL, BR at uv = (x * 2, y * 3) for pixel (x, y) */
    for (unsigned l = 0; l < 4; l++)
        set_in(&r, 1, l, 2.0f * (float)(l & 1), 3.0f * (float)(l >> 1), 0, 0);
    vm_run(r.prog, r.st, &r.env, 0xf);
    for (unsigned l = 0; l < 4; l++) {
        CHECK_NEAR(out(&r, 0, 0, l), 2.0f);
        CHECK_NEAR(out(&r, 0, 1, l), 0.0f);
        /* d(x*y)/dy on the left column: uv.x = 0 there (coarse: TL, BL) */
        CHECK_NEAR(out(&r, 0, 2, l), 0.0f);
    }
done:
    run_free(&r);
    if (code)
        ID3D10Blob_Release(code);
}

/* ---- the language: functions, loops, matrices, conversions ------------------------------- */

static const char lang_vs[] =
    "#pragma pack_matrix(row_major)\n"
    "cbuffer C : register(b0) { float4x4 M; float3x3 R; float k; };\n"
    "typedef float3 vec3;\n"
    "struct O { float4 pos : SV_Position; float4 a : TEXCOORD0; float4 b : TEXCOORD1; };\n"
    "static const float table[4] = { 1, 2, 4, 8 };\n"
    "int fib(int n) { int a = 0, b = 1; for (int i = 0; i < n; i++) { int t = a + b; a = b; b = t; } return a; }\n"
    "float early(float x) { if (x > 0) return 1; return -1; }\n"
    "void twice(inout float x) { x *= 2; }\n"
    "O main(float4 p : POSITION, uint id : SV_VertexID)\n"
    "{\n"
    "    O o = (O)0;\n"
    "    o.pos = mul(p, M);\n"
    "    vec3 r = mul(R, p.xyz);\n"
    "    float s = 0;\n"
    "    [unroll] for (int i = 0; i < 4; ++i) s += table[i];\n"
    "    int w = 0; while (w < 5) { w += 2; if (w == 4) break; }\n"
    "    int d = 0; do { d++; } while (d < 3);\n"
    "    float t = p.x; twice(t);\n"
    "    o.a = float4(r, s);\n"
    "    o.b = float4(fib(7), early(p.y) + w * 10, t + d * 100, id > 2 ? k : -k);\n"
    "    o.b.x += (float)(7 / 2) + 7 % 3 + (-7) / 2;\n"
    "    return o;\n"
    "}\n";

TEST(hlsl_language_vs_4_0_runs)
{
    struct run r = {0};
    ID3DBlob *code = compile(lang_vs, "main", "vs_4_0", NULL, NULL, 0);
    if (!run_prepare(&r, code))
        goto done;
    /* row_major M (pack_matrix): register i is row i.  M = diag(2, 3, 4, 1) + translation row */
    set_cb(&r, 0, 0, 2, 0, 0, 0);
    set_cb(&r, 0, 1, 0, 3, 0, 0);
    set_cb(&r, 0, 2, 0, 0, 4, 0);
    set_cb(&r, 0, 3, 10, 20, 30, 1);
    /* row_major R (3x3): rows at c4, c5, c6: a permutation (y, z, x) */
    set_cb(&r, 0, 4, 0, 1, 0, 0);
    set_cb(&r, 0, 5, 0, 0, 1, 0);
    /* k packs into the free w of R's last register (packing rules: a scalar fits after
     * three components) */
    set_cb(&r, 0, 6, 1, 0, 0, 0.5f);
    for (unsigned l = 0; l < 4; l++) {
        set_in(&r, 0, l, 1.0f + (float)l, l & 1 ? -1.0f : 1.0f, 3, 1);
        r.in[1][0][l] = l;
    }
    vm_run(r.prog, r.st, &r.env, 0xf);
    for (unsigned l = 0; l < 4; l++) {
        float x = 1.0f + (float)l, y = l & 1 ? -1.0f : 1.0f;
        CHECK_NEAR(out(&r, 0, 0, l), 2 * x + 10);
        CHECK_NEAR(out(&r, 0, 1, l), 3 * y + 20);
        CHECK_NEAR(out(&r, 0, 2, l), 4 * 3 + 30);
        CHECK_NEAR(out(&r, 0, 3, l), 1);
        CHECK_NEAR(out(&r, 1, 0, l), y);
        CHECK_NEAR(out(&r, 1, 1, l), 3);
        CHECK_NEAR(out(&r, 1, 2, l), x);
        CHECK_NEAR(out(&r, 1, 3, l), 15);
        /* fib(7) = 13; 7/2 = 3, 7%3 = 1, -7/2 = -3 (truncation) */
        CHECK_NEAR(out(&r, 2, 0, l), 13 + 3 + 1 - 3);
        CHECK_NEAR(out(&r, 2, 1, l), (y > 0 ? 1 : -1) + 40);
        CHECK_NEAR(out(&r, 2, 2, l), 2 * x + 300);
        CHECK_NEAR(out(&r, 2, 3, l), l > 2 ? 0.5f : -0.5f);
    }
done:
    run_free(&r);
    if (code)
        ID3D10Blob_Release(code);
}

/* ---- #include, defines, D3DPreprocess ----------------------------------------------------- */

struct test_include {
    ID3DInclude iface;
    int opened, closed;
};

static HRESULT STDMETHODCALLTYPE inc_open(ID3DInclude *iface, D3D_INCLUDE_TYPE type,
                                          LPCSTR name, LPCVOID parent, LPCVOID *data, UINT *bytes)
{
    struct test_include *t = (struct test_include *)iface;
    static const char common[] = "#define SCALE 3.0\nfloat4 tint(float4 c) { return c * SCALE; }\n";
    (void)type;
    (void)parent;
    if (strcmp(name, "common.hlsli"))
        return E_FAIL;
    t->opened++;
    *data = common;
    *bytes = sizeof(common) - 1;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE inc_close(ID3DInclude *iface, LPCVOID data)
{
    (void)data;
    ((struct test_include *)iface)->closed++;
    return S_OK;
}

static ID3DIncludeVtbl inc_vtbl = {inc_open, inc_close};

TEST(hlsl_include_and_defines)
{
    static const char src[] =
        "#include \"common.hlsli\"\n"
        "#if defined(USE_RED) && RED_LEVEL > 1\n"
        "#define COLOR float4(RED_LEVEL * 0.125, 0, 0, 1)\n"
        "#else\n"
        "#define COLOR float4(0, 1, 0, 1)\n"
        "#endif\n"
        "#define MAD(a, b, c) ((a) * (b) + (c))\n"
        "float4 main(float4 p : SV_Position) : SV_Target { return tint(COLOR) + MAD(1, 2, __LINE__) * 0; }\n";
    struct test_include inc = {{&inc_vtbl}, 0, 0};
    D3D_SHADER_MACRO defs[] = {{"USE_RED", NULL}, {"RED_LEVEL", "2"}, {NULL, NULL}};
    struct run r = {0};
    ID3DBlob *code = compile(src, "main", "ps_4_0", defs, &inc.iface, 0);
    CHECK_EQ(inc.opened, 1);
    CHECK_EQ(inc.closed, 1);
    if (!run_prepare(&r, code))
        goto done;
    vm_run(r.prog, r.st, &r.env, 0x1);
    CHECK_NEAR(out(&r, 0, 0, 0), 0.25f * 3);
    CHECK_NEAR(out(&r, 0, 1, 0), 0);
    CHECK_NEAR(out(&r, 0, 3, 0), 3);
    /* D3DPreprocess: the macros are gone, the include is expanded */
    ID3DBlob *text = NULL, *errors = NULL;
    CHECK_HR(D3DPreprocess(src, sizeof(src) - 1, "p.hlsl", defs, &inc.iface, &text, &errors), S_OK);
    if (text) {
        const char *t = ID3D10Blob_GetBufferPointer(text);
        CHECK_STR_CONTAINS(t, "float4 tint(float4 c) { return c * 3.0; }");
        CHECK_STR_CONTAINS(t, "float4(2 * 0.125, 0, 0, 1)");
        CHECK(!strstr(t, "MAD"));
        ID3D10Blob_Release(text);
    }
    if (errors)
        ID3D10Blob_Release(errors);
done:
    run_free(&r);
    if (code)
        ID3D10Blob_Release(code);
}

/* ---- refusals: file(line,col) in the error blob, E_FAIL, no code --------------------------- */

TEST(hlsl_refuses_syntax_error)
{
    char *t = refusal("float4 main() : SV_Target\n{\n    return float4(1, 2, 3 4);\n}\n",
                      "main", "ps_4_0");
    CHECK_STR_CONTAINS(t, "bad.hlsl(3,27-28): error X3000: syntax error: unexpected token '4'");
    free(t);
}

TEST(hlsl_refuses_undeclared_identifier)
{
    char *t = refusal("float4 main() : SV_Target\n{\n  return colour;\n}\n", "main", "ps_4_0");
    CHECK_STR_CONTAINS(t, "bad.hlsl(3,10-16): error X3004: undeclared identifier 'colour'");
    free(t);
}

TEST(hlsl_refuses_type_mismatch)
{
    char *t = refusal("Texture2D tex;\nfloat4 main() : SV_Target\n{\n  float4 c = tex;\n"
                      "  return c;\n}\n", "main", "ps_4_0");
    CHECK_STR_CONTAINS(t, "bad.hlsl(4,14-17): error X3017: cannot implicitly convert from "
                          "'Texture2D' to 'float4'");
    free(t);
    t = refusal("float4 main() : SV_Target { float2 a = 1; float3 b = a; return b.xxxx; }",
                "main", "ps_4_0");
    CHECK_STR_CONTAINS(t, "bad.hlsl(1,");
    CHECK_STR_CONTAINS(t, "error X3017: cannot convert from 'float2' to 'float3'");
    free(t);
}

TEST(hlsl_refuses_missing_entry_point)
{
    char *t = refusal("float4 ps() : SV_Target { return 0; }\n", "main", "ps_4_0");
    CHECK_STR_CONTAINS(t, "error X3501: 'main': entrypoint not found");
    free(t);
}

TEST(hlsl_refuses_bad_target)
{
    char *t = refusal("float4 main() : SV_Target { return 0; }\n", "main", "ps_9_9");
    CHECK_STR_CONTAINS(t, "unrecognized compiler target 'ps_9_9'");
    free(t);
    /* hull and domain programs (tests/test_hlsl_tess.c): a program without their attributes
     * is refused for that */
    static const char *const tess[] = {"hs_5_0", "ds_5_0"};
    for (unsigned i = 0; i < 2; i++) {
        t = refusal("float4 main() : SV_Target { return 0; }\n", "main", tess[i]);
        CHECK_STR_CONTAINS(t, "error X3000: 'main': a ");
        CHECK_STR_CONTAINS(t, " shader needs [domain(\"tri\")], [domain(\"quad\")] or [domain(\"isoline\")]");
        free(t);
    }
    /* geometry programs have no level-9 or SM2/3 targets */
    t = refusal("float4 main() : SV_Target { return 0; }\n", "main", "gs_4_0_level_9_1");
    CHECK_STR_CONTAINS(t, "unrecognized compiler target 'gs_4_0_level_9_1'");
    free(t);
}

TEST(hlsl_refuses_preprocessor_errors)
{
    char *t = refusal("#include \"missing.h\"\n", "main", "ps_4_0");
    CHECK_STR_CONTAINS(t, "bad.hlsl(1,1-1): error X1507: failed to open source file: 'missing.h'");
    free(t);
    t = refusal("#if 1\nfloat x;\n", "main", "ps_4_0");
    CHECK_STR_CONTAINS(t, "unexpected end of file in #if");
    free(t);
    t = refusal("#error stop here\n", "main", "ps_4_0");
    CHECK_STR_CONTAINS(t, "bad.hlsl(1,1-1): error X1501: #error stop here");
    free(t);
}

TEST(hlsl_refuses_semantics_and_recursion)
{
    char *t = refusal("float4 main(float4 p) : SV_Target { return p; }", "main", "ps_4_0");
    CHECK_STR_CONTAINS(t, "missing a semantic");
    free(t);
    t = refusal("float f(float x) { return f(x); }\n"
                "float4 main() : SV_Target { return f(1); }", "main", "ps_4_0");
    CHECK_STR_CONTAINS(t, "recursive functions are not allowed");
    free(t);
    t = refusal("float4 main(float4 p : POSITION) : TEXCOORD0 { return p; }", "main", "vs_4_0");
    CHECK_STR_CONTAINS(t, "must write SV_Position");
    free(t);
    t = refusal("float f(float x) { if (x > 0) return 1; }\n"
                "float4 main() : SV_Target { return f(1); }", "main", "ps_4_0");
    CHECK_STR_CONTAINS(t, "bad.hlsl(1,7-8): error X3080: 'f': function must return a value");
    free(t);
}

TEST(hlsl_null_arguments)
{
    ID3DBlob *code = NULL;
    CHECK_HR(D3DCompile(NULL, 4, NULL, NULL, NULL, "main", "ps_4_0", 0, 0, &code, NULL),
             E_INVALIDARG);
    CHECK_HR(D3DCompile("x", 1, NULL, NULL, NULL, "main", NULL, 0, 0, &code, NULL), E_INVALIDARG);
    CHECK_HR(D3DCompile("x", 1, NULL, NULL, NULL, "main", "ps_4_0", 0, 0, NULL, NULL),
             E_INVALIDARG);
    ID3DBlob *b = NULL;
    CHECK_HR(D3DCreateBlob(16, &b), S_OK);
    if (b) {
        CHECK_EQ(ID3D10Blob_GetBufferSize(b), 16);
        CHECK(ID3D10Blob_GetBufferPointer(b) != NULL);
        CHECK_EQ(ID3D10Blob_Release(b), 0);
    }
}

/* ---- run-time flow on ps_4_0: loop/break/continue, early return, nested loops ------------ */

static const char flow_ps[] =
    "cbuffer C : register(b0) { int n; int skip; float limit; };\n"
    "float sum_to(int m)\n"
    "{\n"
    "    float s = 0;\n"
    "    [loop] for (int i = 0; i < m; i++) {\n"
    "        if (i == skip) continue;      /* the step still runs */\n"
    "        s += i;\n"
    "        if (s > limit) break;\n"
    "    }\n"
    "    return s;\n"
    "}\n"
    "float first_positive(float4 v)\n"
    "{\n"
    "    if (v.x > 0) return 1;\n"
    "    if (v.y > 0) return 2;\n"
    "    return 3;\n"
    "}\n"
    "float4 main(float4 p : SV_Position, float4 v : TEXCOORD0) : SV_Target\n"
    "{\n"
    "    if (v.w < 0)\n"
    "        return float4(-1, -1, -1, -1);   /* an early return from the entry point */\n"
    "    float a = sum_to(n);\n"
    "    int k = 0, steps = 0;\n"
    "    [loop] do { k += 2; steps++; } while (k < (int)v.z);\n"
    "    float nested = 0;\n"
    "    [loop] for (int i = 0; i < 3; i++)\n"
    "        [loop] for (int j = 0; j <= i; j++)\n"
    "            nested += 1;\n"
    "    return float4(a, first_positive(v), steps, nested);\n"
    "}\n";

TEST(hlsl_flow_ps_4_0_runs)
{
    struct run r = {0};
    ID3DBlob *code = compile(flow_ps, "main", "ps_4_0", NULL, NULL, 0);
    if (!run_prepare(&r, code))
        goto done;
    r.cb[0][0] = 6;               /* n */
    r.cb[0][1] = 2;               /* skip i == 2 */
    r.cb[0][2] = bits(100.0f);    /* limit: no break ... */
    set_in(&r, 1, 0, 1, 0, 5, 0);
    set_in(&r, 1, 1, -1, 1, 1, 0);
    set_in(&r, 1, 2, -1, -1, 8, 0);
    set_in(&r, 1, 3, 1, 1, 1, -1);
    vm_run(r.prog, r.st, &r.env, 0xf);
    /* 0+1+3+4+5 = 13; do-while: k = 2, 4, 6 until >= v.z; nested: 1+2+3 */
    for (unsigned l = 0; l < 3; l++) {
        CHECK_NEAR(out(&r, 0, 0, l), 13);
        CHECK_NEAR(out(&r, 0, 3, l), 6);
    }
    CHECK_NEAR(out(&r, 0, 1, 0), 1);
    CHECK_NEAR(out(&r, 0, 1, 1), 2);
    CHECK_NEAR(out(&r, 0, 1, 2), 3);
    CHECK_NEAR(out(&r, 0, 2, 0), 3);
    CHECK_NEAR(out(&r, 0, 2, 1), 1);
    CHECK_NEAR(out(&r, 0, 2, 2), 4);
    for (unsigned c = 0; c < 4; c++)
        CHECK_NEAR(out(&r, 0, c, 3), -1);
    /* ... and with the limit: 0+1+3 = 4 > 3.5 breaks */
    r.cb[0][2] = bits(3.5f);
    vm_run(r.prog, r.st, &r.env, 0x1);
    CHECK_NEAR(out(&r, 0, 0, 0), 4);
done:
    run_free(&r);
    if (code)
        ID3D10Blob_Release(code);
}

/* ---- texture methods: offsets, explicit LOD, Load ----------------------------------------- */

static float last_lod[VM_LANES];
static int last_offset[2];

/* Returns (u, v, lod or bias, 7) for sample_l / sample_b, (x, y, mip, 9) for ld. */
static void probe_texture(void *ctx, const struct vm_sample_request *req,
                          struct vm_sample_result *res)
{
    (void)ctx;
    last_offset[0] = req->texel_offset[0];
    last_offset[1] = req->texel_offset[1];
    for (unsigned l = 0; l < VM_LANES; l++) {
        bool ld = req->kind == VM_TEX_LD;
        res->value[0][l] = ld ? bits((float)req->address.i[0][l]) : bits(req->address.f[0][l]);
        res->value[1][l] = ld ? bits((float)req->address.i[1][l]) : bits(req->address.f[1][l]);
        res->value[2][l] = ld ? bits((float)req->address.i[2][l]) : bits(req->lod[l] + req->bias[l]);
        res->value[3][l] = bits(ld ? 9.0f : 7.0f);
        last_lod[l] = req->lod[l];
    }
}

TEST(hlsl_texture_methods_vs_4_0)
{
    static const char src[] =
        "Texture2D t : register(t3);\n"
        "SamplerState s : register(s2);\n"
        "float4 main(float4 p : POSITION, out float4 a : TEXCOORD0, out float4 b : TEXCOORD1) : SV_Position\n"
        "{\n"
        "    a = t.SampleLevel(s, p.xy, 2.5, int2(-1, 3));\n"
        "    b = t.Load(int3(p.zw, 1));\n"
        "    return p;\n"
        "}\n";
    struct run r = {0};
    ID3DBlob *code = compile(src, "main", "vs_4_0", NULL, NULL, 0);
    if (!run_prepare(&r, code))
        goto done;
    r.env.sample = probe_texture;
    set_in(&r, 0, 0, 0.25f, 0.5f, 3, 4);
    vm_run(r.prog, r.st, &r.env, 0x1);
    /* outputs in order: the out parameters, then the return value (o2) */
    CHECK_NEAR(out(&r, 0, 0, 0), 0.25f);
    CHECK_NEAR(out(&r, 0, 1, 0), 0.5f);
    CHECK_NEAR(out(&r, 0, 2, 0), 2.5f);
    CHECK_NEAR(out(&r, 0, 3, 0), 7);
    CHECK_EQ(last_offset[0], 0);   /* the last request was the Load, without offset */
    CHECK_NEAR(out(&r, 1, 0, 0), 3);
    CHECK_NEAR(out(&r, 1, 1, 0), 4);
    CHECK_NEAR(out(&r, 1, 3, 0), 9);
    CHECK_NEAR(out(&r, 2, 2, 0), 3);
    /* the listing: explicit bindings and the texel offset */
    struct hlsl_args a = {0};
    a.source = src;
    a.size = sizeof(src) - 1;
    a.entry = "main";
    a.target = "vs_4_0";
    struct hlsl_result res;
    CHECK_EQ(hlsl_compile(&a, &res), 0);
    CHECK_STR_CONTAINS(res.listing, "sample_l_aoffimmi(-1,3,0) ");
    CHECK_STR_CONTAINS(res.listing, "t3.xyzw, s2, l(2.5)");
    CHECK_STR_CONTAINS(res.listing, "dcl_resource_texture2d (float,float,float,float) t3");
    hlsl_result_free(&res);
done:
    run_free(&r);
    if (code)
        ID3D10Blob_Release(code);
}

/* ---- switch, uniform parameters, GetDimensions, more intrinsics -------------------------- */

static void dims_texture(void *ctx, const struct vm_sample_request *req,
                         struct vm_sample_result *res)
{
    (void)ctx;
    for (unsigned l = 0; l < VM_LANES; l++) {
        uint32_t shift = req->kind == VM_TEX_RESINFO ? req->lod_u[l] : 0;
        res->value[0][l] = 64u >> shift;
        res->value[1][l] = 32u >> shift;
        res->value[2][l] = 0;
        res->value[3][l] = 7;
    }
}

TEST(hlsl_switch_uniform_getdimensions_ps_4_0)
{
    static const char src[] =
        "Texture2D t;\n"
        "float pick(int k)\n"
        "{\n"
        "    float r;\n"
        "    switch (k) {\n"
        "    case 0: r = 10; break;\n"
        "    case 1:\n"
        "    case 2: r = 20; break;\n"
        "    default: r = 30; break;\n"
        "    }\n"
        "    return r;\n"
        "}\n"
        "float4 main(float4 p : SV_Position, nointerpolation int k : TEXCOORD0,\n"
        "            uniform float scale) : SV_Target\n"
        "{\n"
        "    uint w, h, levels;\n"
        "    t.GetDimensions(1, w, h, levels);\n"
        "    float2x2 m = float2x2(2, 1, 1, 3);\n"
        "    float3 rf = refract(float3(0, -1, 0), float3(0, 1, 0), 1.0);\n"
        "    bool bad = isnan(asfloat(0x7fc00000)) && !isinf(1.0) && isinf(asfloat(0x7f800000));\n"
        "    return float4(pick(k) * scale, w + h * 1000 + levels * 1000000, determinant(m),\n"
        "                  (bad ? 1 : 0) + rf.y * 10);\n"
        "}\n";
    struct run r = {0};
    ID3DBlob *code = compile(src, "main", "ps_4_0", NULL, NULL, 0);
    if (!run_prepare(&r, code))
        goto done;
    r.env.sample = dims_texture;
    r.cb[0][0] = bits(0.5f); /* $Globals: scale */
    for (unsigned l = 0; l < 4; l++)
        r.in[1][0][l] = l;
    vm_run(r.prog, r.st, &r.env, 0xf);
    static const float picked[4] = {10, 20, 20, 30};
    for (unsigned l = 0; l < 4; l++) {
        CHECK_NEAR(out(&r, 0, 0, l), picked[l] * 0.5f);
        CHECK_NEAR(out(&r, 0, 1, l), 32 + 16 * 1000 + 7 * 1000000.0f);
        CHECK_NEAR(out(&r, 0, 2, l), 5);
        CHECK_NEAR(out(&r, 0, 3, l), 1 - 10);
    }
done:
    run_free(&r);
    if (code)
        ID3D10Blob_Release(code);
}

TEST(hlsl_local_array_runtime_index_ps_4_0)
{
    static const char src[] =
        "cbuffer C : register(b0) { int n; };\n"
        "struct S { float a; float2 b; };\n"
        "float4 main(float4 p : SV_Position, nointerpolation int k : TEXCOORD0) : SV_Target\n"
        "{\n"
        "    float w[4] = { 1, 2, 4, 8 };\n"
        "    S s[2];\n"
        "    s[0].a = 3; s[0].b = float2(5, 6); s[1].a = 7; s[1].b = float2(9, 10);\n"
        "    w[1] = 16;                      /* written before it is indexed */\n"
        "    float sum = 0;\n"
        "    [loop] for (int i = 0; i < n; i++) sum += w[i];\n"
        "    return float4(sum, w[k], s[k & 1].b.y, s[(k + 1) & 1].a);\n"
        "}\n";
    struct run r = {0};
    ID3DBlob *code = compile(src, "main", "ps_4_0", NULL, NULL, 0);
    if (!run_prepare(&r, code))
        goto done;
    r.cb[0][0] = 3;
    for (unsigned l = 0; l < 4; l++)
        r.in[1][0][l] = l;
    vm_run(r.prog, r.st, &r.env, 0xf);
    static const float w[4] = {1, 16, 4, 8};
    for (unsigned l = 0; l < 4; l++) {
        CHECK_NEAR(out(&r, 0, 0, l), 1 + 16 + 4);
        CHECK_NEAR(out(&r, 0, 1, l), w[l]);
        CHECK_NEAR(out(&r, 0, 2, l), l & 1 ? 10 : 6);
        CHECK_NEAR(out(&r, 0, 3, l), l & 1 ? 3 : 7);
    }
done:
    run_free(&r);
    if (code)
        ID3D10Blob_Release(code);
}

/* ---- D3DCompileFromFile with the standard include handler --------------------------------- */

#include <stdio.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

TEST(hlsl_compile_from_file_with_includes)
{
    char dir[] = "/tmp/softd3d-hlsl-XXXXXX";
    if (!mkdtemp(dir))
        SKIP("no temporary directory");
    char path[256], sub[256], inc[256], inc2[256];
    snprintf(sub, sizeof(sub), "%s/sub", dir);
    CHECK_EQ(mkdir(sub, 0700), 0);
    snprintf(path, sizeof(path), "%s/main.hlsl", dir);
    snprintf(inc, sizeof(inc), "%s/sub/a.hlsli", dir);
    snprintf(inc2, sizeof(inc2), "%s/sub/b.hlsli", dir);
    write_text(path, "#include \"sub/a.hlsli\"\n#include \"sub\\a.hlsli\"\n"
                     "float4 main(float4 p : SV_Position) : SV_Target { return A + B + twice(0); }\n");
    write_text(inc, "#pragma once\n#include \"b.hlsli\"   // next to the including file\n"
                    "#define A 0.25\nfloat twice(float x) { return 2 * x; }\n");
    write_text(inc2, "#define B float4(1, 2, 3, 4)\n");
    WCHAR wpath[256];
    size_t i;
    for (i = 0; path[i] && i < 255; i++)
        wpath[i] = (WCHAR)path[i];
    wpath[i] = 0;
    ID3DBlob *code = NULL, *errors = NULL;
    CHECK_HR(D3DCompileFromFile(wpath, NULL, D3D_COMPILE_STANDARD_FILE_INCLUDE, "main", "ps_4_0", 0,
                                0, &code, &errors), S_OK);
    struct run r = {0};
    if (run_prepare(&r, code)) {
        vm_run(r.prog, r.st, &r.env, 0x1);
        CHECK_NEAR(out(&r, 0, 0, 0), 1.25f);
        CHECK_NEAR(out(&r, 0, 3, 0), 4.25f);
    }
    run_free(&r);
    if (code)
        ID3D10Blob_Release(code);
    if (errors)
        ID3D10Blob_Release(errors);
    /* an error inside an included file names that file and line */
    write_text(inc2, "\n#define B float4(1, 2, 3, 4)\nfloat oops = ;\n");
    code = errors = NULL;
    CHECK_HR(D3DCompileFromFile(wpath, NULL, D3D_COMPILE_STANDARD_FILE_INCLUDE, "main", "ps_4_0", 0,
                                0, &code, &errors), E_FAIL);
    if (errors) {
        CHECK_STR_CONTAINS((const char *)ID3D10Blob_GetBufferPointer(errors),
                           "b.hlsli(3,14-15): error X3000: syntax error: unexpected token ';'");
        ID3D10Blob_Release(errors);
    }
    /* a missing file */
    wpath[i - 1] = 'x';
    CHECK_HR(D3DCompileFromFile(wpath, NULL, NULL, "main", "ps_4_0", 0, 0, &code, NULL),
             HRESULT_FROM_WIN32(2));
    unlink(inc2);
    unlink(inc);
    unlink(path);
    rmdir(sub);
    rmdir(dir);
}

/* ---- the container names its cbuffers, variables and resources (RDEF) --------------------- */

#include "shader/shader_asm.h"

TEST(hlsl_rdef_names)
{
    static const char src[] =
        "Texture2D<float4> DiffuseMap : register(t1);\n"
        "SamplerState Linear;\n"
        "cbuffer PerFrame : register(b2) { float3 LightDir; float SpecPower; row_major float4x4 M; float w[3]; };\n"
        "float4 main(float4 p : SV_Position, float2 uv : TEXCOORD0) : SV_Target\n"
        "{ return DiffuseMap.Sample(Linear, uv) * SpecPower + mul(p, M) + w[2]; }\n";
    ID3DBlob *code = compile(src, "main", "ps_4_0", NULL, NULL, 0);
    if (!code)
        return;
    char *text = NULL, err[256];
    CHECK_EQ(shader_disassemble(ID3D10Blob_GetBufferPointer(code), ID3D10Blob_GetBufferSize(code),
                                &text, NULL, 0, err, sizeof(err)), 0);
    if (text) {
        CHECK_STR_CONTAINS(text, "// cbuffer PerFrame");
        CHECK_STR_CONTAINS(text, "float SpecPower;");
        CHECK_STR_CONTAINS(text, "// Offset:   12 Size:     4");
        CHECK_STR_CONTAINS(text, "row_major float4x4 M;");
        CHECK_STR_CONTAINS(text, "float w[3];");
        CHECK_STR_CONTAINS(text, "// Offset:   80 Size:    36");
        CHECK_STR_CONTAINS(text, "DiffuseMap");
        CHECK_STR_CONTAINS(text, "Linear");
        CHECK_STR_CONTAINS(text, "cb2");
        free(text);
    }
    ID3D10Blob_Release(code);
}

static void slice_texture(void *ctx, const struct vm_sample_request *req,
                          struct vm_sample_result *res)
{
    (void)ctx;
    for (unsigned l = 0; l < VM_LANES; l++)
        for (unsigned c = 0; c < 4; c++)
            res->value[c][l] = bits(c < 3 ? req->address.f[c][l] : (float)req->resource_dim);
}

TEST(hlsl_texture2darray_ps_4_0)
{
    static const char src[] =
        "Texture2DArray<float4> layers : register(t0); SamplerState s : register(s0);\n"
        "float4 main(float4 p : SV_Position, float2 uv : TEXCOORD0) : SV_Target\n"
        "{ return layers.Sample(s, float3(uv, 3), int2(1, -1)); }\n";
    struct run r = {0};
    ID3DBlob *code = compile(src, "main", "ps_4_0", NULL, NULL, 0);
    if (!run_prepare(&r, code))
        goto done;
    r.env.sample = slice_texture;
    for (unsigned l = 0; l < 4; l++)
        set_in(&r, 1, l, 0.25f, 0.5f, 0, 0);
    vm_run(r.prog, r.st, &r.env, 0xf);
    CHECK_NEAR(out(&r, 0, 0, 0), 0.25f);
    CHECK_NEAR(out(&r, 0, 1, 0), 0.5f);
    CHECK_NEAR(out(&r, 0, 2, 0), 3);
    CHECK_NEAR(out(&r, 0, 3, 0), (float)IR_RES_TEXTURE2DARRAY);
done:
    run_free(&r);
    if (code)
        ID3D10Blob_Release(code);
}

/* ---- SPIRV-Cross's HLSL (sokol-shdc and others generate it): statics as stage variables,
 * packoffset, #line into another file ------------------------------------------------------ */

static const char spirv_cross_vs[] =
    "cbuffer vs_params : register(b0)\n"
    "{\n"
    "    row_major float4x4 _19_mvp : packoffset(c0);\n"
    "};\n"
    "static float4 gl_Position;\n"
    "static float4 position;\n"
    "static float4 color;\n"
    "static float4 color0;\n"
    "struct SPIRV_Cross_Input { float4 position : TEXCOORD0; float4 color0 : TEXCOORD1; };\n"
    "struct SPIRV_Cross_Output { float4 color : TEXCOORD0; float4 gl_Position : SV_Position; };\n"
    "#line 17 \"triangle.glsl\"\n"
    "void vert_main()\n"
    "{\n"
    "    gl_Position = mul(position, _19_mvp);\n"
    "    color = color0;\n"
    "}\n"
    "SPIRV_Cross_Output main(SPIRV_Cross_Input stage_input)\n"
    "{\n"
    "    position = stage_input.position;\n"
    "    color0 = stage_input.color0;\n"
    "    vert_main();\n"
    "    SPIRV_Cross_Output stage_output;\n"
    "    stage_output.gl_Position = gl_Position;\n"
    "    stage_output.color = color;\n"
    "    return stage_output;\n"
    "}\n";

TEST(hlsl_spirv_cross_style_vs_4_0)
{
    struct run r = {0};
    ID3DBlob *code = compile(spirv_cross_vs, "main", "vs_4_0", NULL, NULL, 0);
    if (!run_prepare(&r, code))
        goto done;
    /* row_major: register i is row i; v * M with M = 2 * identity + translation (1, 2, 3) */
    set_cb(&r, 0, 0, 2, 0, 0, 0);
    set_cb(&r, 0, 1, 0, 2, 0, 0);
    set_cb(&r, 0, 2, 0, 0, 2, 0);
    set_cb(&r, 0, 3, 1, 2, 3, 1);
    set_in(&r, 0, 0, 1, 2, 3, 1);
    set_in(&r, 1, 0, 0.5f, 0.25f, 0.125f, 1);
    vm_run(r.prog, r.st, &r.env, 0x1);
    CHECK_NEAR(out(&r, 1, 0, 0), 3);
    CHECK_NEAR(out(&r, 1, 1, 0), 6);
    CHECK_NEAR(out(&r, 1, 2, 0), 9);
    CHECK_NEAR(out(&r, 1, 3, 0), 1);
    CHECK_NEAR(out(&r, 0, 0, 0), 0.5f);
    CHECK_NEAR(out(&r, 0, 2, 0), 0.125f);
done:
    run_free(&r);
    if (code)
        ID3D10Blob_Release(code);
    /* an error after the #line names the GLSL file */
    char *t = refusal("#line 40 \"x.glsl\"\nfloat4 main() : SV_Target { return oops; }\n", "main",
                      "ps_4_0");
    CHECK_STR_CONTAINS(t, "x.glsl(40,36-40): error X3004: undeclared identifier 'oops'");
    free(t);
}

/* ---- shadow-map sampling: SampleCmpLevelZero with a PCF kernel from a static const table -- */

/* A depth map whose depth at (u, v) is u: the comparison (LESS_EQUAL) passes when ref <= u. */
static void depth_compare(void *ctx, const struct vm_sample_request *req,
                          struct vm_sample_result *res)
{
    (void)ctx;
    for (unsigned l = 0; l < VM_LANES; l++) {
        float pass = req->ref[l] <= req->address.f[0][l] ? 1.0f : 0.0f;
        for (unsigned c = 0; c < 4; c++)
            res->value[c][l] = bits(pass);
    }
}

TEST(hlsl_shadow_map_sample_cmp_ps_4_0)
{
    static const char src[] =
        "Texture2D ShadowMap : register(t0);\n"
        "SamplerComparisonState ShadowSampler : register(s0);\n"
        "static const float2 offsets[4] = { float2(-1, 0), float2(1, 0), float2(0, -1), float2(0, 1) };\n"
        "cbuffer C { float texel; };\n"
        "float4 main(float4 pos : SV_Position, float4 sp : TEXCOORD0) : SV_Target\n"
        "{\n"
        "    float3 p = sp.xyz / sp.w;\n"
        "    float s = 0;\n"
        "    for (int i = 0; i < 4; i++)   /* a small constant loop: unrolled without being asked */\n"
        "        s += ShadowMap.SampleCmpLevelZero(ShadowSampler, p.xy + offsets[i] * texel, p.z);\n"
        "    return s / 4;\n"
        "}\n";
    struct run r = {0};
    ID3DBlob *code = compile(src, "main", "ps_4_0", NULL, NULL, 0);
    if (!run_prepare(&r, code))
        goto done;
    r.env.sample = depth_compare;
    r.cb[0][0] = bits(0.125f);
    /* u = 0.5 (x / w), taps at u = 0.375, 0.625, 0.5, 0.5; ref = z / w */
    static const float ref[4] = {0.3f, 0.45f, 0.55f, 0.7f};
    static const float want[4] = {1.0f, 0.75f, 0.25f, 0.0f};
    for (unsigned l = 0; l < 4; l++)
        set_in(&r, 1, l, 1.0f, 0.5f, ref[l] * 2, 2.0f);
    vm_run(r.prog, r.st, &r.env, 0xf);
    for (unsigned l = 0; l < 4; l++)
        CHECK_NEAR(out(&r, 0, 0, l), want[l]);
    /* level 9 has no comparison sampling */
    char *t = refusal(src, "main", "ps_4_0_level_9_3");
    CHECK_STR_CONTAINS(t, "SampleCmpLevelZero needs feature level 10_0");
    free(t);
done:
    run_free(&r);
    if (code)
        ID3D10Blob_Release(code);
}

TEST(hlsl_cbuffer_bools_are_any_non_zero)
{
    static const char src[] =
        "cbuffer C { bool useTint; bool invert; float4 tint; };\n"
        "float4 main(float4 p : SV_Position) : SV_Target\n"
        "{\n"
        "    float4 c = useTint ? tint : float4(1, 1, 1, 1);\n"
        "    if (!invert) return c;\n"
        "    return 1 - c;\n"
        "}\n";
    struct run r = {0};
    ID3DBlob *code = compile(src, "main", "ps_4_0", NULL, NULL, 0);
    if (!run_prepare(&r, code))
        goto done;
    r.cb[0][0] = 1;  /* TRUE as an application writes it */
    r.cb[0][1] = 0;
    set_cb(&r, 0, 1, 0.25f, 0.5f, 0.75f, 1);
    vm_run(r.prog, r.st, &r.env, 0x1);
    CHECK_NEAR(out(&r, 0, 0, 0), 0.25f);
    CHECK_NEAR(out(&r, 0, 2, 0), 0.75f);
    r.cb[0][1] = 1;
    vm_run(r.prog, r.st, &r.env, 0x1);
    CHECK_NEAR(out(&r, 0, 0, 0), 0.75f);
    CHECK_NEAR(out(&r, 0, 3, 0), 0.0f);
done:
    run_free(&r);
    if (code)
        ID3D10Blob_Release(code);
}

/* ---- softd3d-fxc: fxc's command line, the same bytes as D3DCompile ------------------------- */

#ifdef SOFTD3D_FXC
static char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(1 << 20);
    size_t n = buf ? fread(buf, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    if (buf)
        buf[n] = '\0';
    *size = n;
    return buf;
}

TEST(hlsl_softd3d_fxc_command_line)
{
    char dir[] = "/tmp/softd3d-fxc-XXXXXX";
    if (!mkdtemp(dir))
        SKIP("no temporary directory");
    char src[256], inc_dir[256], inc[256], cso[256], lst[256], hdr[256], cmd[2048];
    snprintf(src, sizeof(src), "%s/s.hlsl", dir);
    snprintf(inc_dir, sizeof(inc_dir), "%s/inc", dir);
    snprintf(inc, sizeof(inc), "%s/inc/k.hlsli", dir);
    snprintf(cso, sizeof(cso), "%s/s.cso", dir);
    snprintf(lst, sizeof(lst), "%s/s.asm", dir);
    snprintf(hdr, sizeof(hdr), "%s/s.h", dir);
    CHECK_EQ(mkdir(inc_dir, 0700), 0);
    static const char text[] = "#include \"k.hlsli\"\n"
                               "float4 ps(float4 c : COLOR0) : SV_Target { return c * K; }\n";
    write_text(src, text);
    write_text(inc, "float4 unused_helper(float4 x) { return x; }\n");
    snprintf(cmd, sizeof(cmd), "%s /nologo -T ps_4_0_level_9_1 /E ps /DK=2.0 -I %s /Fo%s /Fc %s "
             "/Fh %s /Vn g_tint 2>/dev/null %s", SOFTD3D_FXC, inc_dir, cso, lst, hdr, src);
    CHECK_EQ(system(cmd), 0);
    size_t n_cso = 0, n_lst = 0, n_hdr = 0;
    char *b_cso = slurp(cso, &n_cso), *b_lst = slurp(lst, &n_lst), *b_hdr = slurp(hdr, &n_hdr);
    CHECK(b_cso && b_lst && b_hdr);
    if (b_lst)
        CHECK_STR_CONTAINS(b_lst, "// Level9 shader bytecode:");
    if (b_hdr)
        CHECK_STR_CONTAINS(b_hdr, "const BYTE g_tint[] =");
    /* the same bytes as D3DCompile with the same defines */
    D3D_SHADER_MACRO defs[] = {{"K", "2.0"}, {NULL, NULL}};
    static const char flat[] = "float4 unused_helper(float4 x) { return x; }\n"
                               "float4 ps(float4 c : COLOR0) : SV_Target { return c * K; }\n";
    ID3DBlob *code = compile(flat, "ps", "ps_4_0_level_9_1", defs, NULL, 0);
    if (code && b_cso) {
        CHECK_EQ(n_cso, ID3D10Blob_GetBufferSize(code));
        CHECK(n_cso == ID3D10Blob_GetBufferSize(code) &&
              !memcmp(b_cso, ID3D10Blob_GetBufferPointer(code), n_cso));
    }
    if (code)
        ID3D10Blob_Release(code);
    /* an error: status 1, fxc's message on stderr */
    write_text(src, "float4 ps() : SV_Target { return nope; }\n");
    snprintf(cmd, sizeof(cmd), "%s /T ps_4_0 /E ps %s 2>%s", SOFTD3D_FXC, src, lst);
    int st = system(cmd);
    CHECK(st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 1);
    free(b_lst);
    b_lst = slurp(lst, &n_lst);
    if (b_lst)
        CHECK_STR_CONTAINS(b_lst, "s.hlsl(1,34-38): error X3004: undeclared identifier 'nope'");
    free(b_cso);
    free(b_lst);
    free(b_hdr);
    unlink(inc);
    unlink(src);
    unlink(cso);
    unlink(lst);
    unlink(hdr);
    rmdir(inc_dir);
    rmdir(dir);
}
#endif
