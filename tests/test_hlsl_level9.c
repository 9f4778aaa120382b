/* tests/test_hlsl_level9.c — the level-9 (SM2) translation checked against the SM4 program it
 * sits beside, and the d3dbc targets (vs/ps_2_0, 2_a/2_b, 3_0: the same translation, D3D9's
 * registers) against the vs/ps_4_0 program of the same source.  softd3d's devices run the SM4 program of a *_level_9_x shader, so the Aon9
 * program is what real 10Level9 hardware would run; here both are decoded (tpf_decode_blob,
 * and d3dbc_decode on the Aon9 bytes) and run on the VM with the same inputs, constants and
 * texture, and must agree.  The mapping between the two (sm2_write.c): vs inputs v# = v#, the
 * position output o(pos) = oPos, the k-th other output = oT(k) (decoded o5 + k); ps inputs: the
 * k-th non-position register = t(k) (decoded v2 + k); a shader's one cbuffer starts at c1 (vs,
 * c0 being the position offset, zero here) or c0 (ps). */
#define COBJMACROS
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "d3dcompiler.h"
#include "shader/d3dbc_ir.h"
#include "shader/dxbc.h"
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

static void uv_texture(void *ctx, const struct vm_sample_request *req, struct vm_sample_result *res)
{
    (void)ctx;
    for (unsigned l = 0; l < VM_LANES; l++) {
        res->value[0][l] = bits(req->address.f[0][l]);
        res->value[1][l] = bits(req->address.f[1][l] * 0.5f);
        res->value[2][l] = bits(0.25f);
        res->value[3][l] = bits(1.0f);
    }
}

struct prog {
    struct ir_program ir;
    struct vm_program *p;
    struct vm_state *st;
};

/* kind: 0 the SM4 program of a container, 1 its level-9 program, 2 a d3dbc program alone */
static bool prog_load(struct prog *p, int kind, const void *blob, size_t size)
{
    memset(p, 0, sizeof(*p));
    if (kind == 2) {
        struct d3dbc_error err;
        if (d3dbc_decode(blob, size, &p->ir, &err)) {
            harness_fail(__FILE__, __LINE__, "d3dbc_decode: %s", err.message);
            return false;
        }
    } else if (kind == 1) {
        struct dxbc_shader_info info;
        struct dxbc_error derr;
        if (dxbc_parse(blob, size, 0, &info, &derr) || !info.has_level9) {
            harness_fail(__FILE__, __LINE__, "no level-9 program");
            return false;
        }
        struct d3dbc_error err;
        int r = d3dbc_decode((const uint8_t *)blob + info.level9_program_offset,
                             info.level9_program_size, &p->ir, &err);
        dxbc_info_free(&info);
        if (r) {
            harness_fail(__FILE__, __LINE__, "d3dbc_decode: %s", err.message);
            return false;
        }
    } else {
        struct tpf_error err;
        if (tpf_decode_blob(blob, size, 0, &p->ir, &err)) {
            harness_fail(__FILE__, __LINE__, "tpf_decode_blob: %s", err.message);
            return false;
        }
    }
    CHECK_EQ(vm_program_create(&p->ir, &p->p), VM_OK);
    CHECK_EQ(vm_state_create(p->p, &p->st), VM_OK);
    return p->p && p->st;
}

static void prog_free(struct prog *p)
{
    vm_state_destroy(p->st);
    vm_program_destroy(p->p);
    ir_program_free(&p->ir);
}

/* Inputs: per SM4 input register, random floats in [lo, hi) (or small integers when hi < 0:
 * 0 .. -hi - 1). */
struct input_spec {
    float lo, hi;
};

static uint32_t rng = 12345;

static float frand(float lo, float hi)
{
    rng = rng * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(rng >> 8) / 16777216.0f;
}

static bool close_enough(float a, float b)
{
    if (a != a || b != b)
        return (a != a) == (b != b);
    return fabsf(a - b) <= 2e-3f * (1.0f + fabsf(b));
}

static ID3DBlob *compile(const char *src, const char *target)
{
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "l9.hlsl", NULL, NULL, "main", target, 0, 0, &code,
                            &errors);
    if (FAILED(hr))
        harness_fail(__FILE__, __LINE__, "D3DCompile(%s): %s", target,
                     errors ? (const char *)ID3D10Blob_GetBufferPointer(errors) : "");
    if (errors)
        ID3D10Blob_Release(errors);
    return code;
}

/* Where the SM2 program finds what the SM4 one has: the decoded register of each SM4 input and
 * output, and the c# of the SM4 constant buffer's register 0. */
struct mapping {
    unsigned in_to[8], out_to[8], cb_at;
    unsigned cb_skip;             /* SM4 registers before the first the SM2 program has */
    /* D3D9's layout where it differs from the packing rules: for each c# from cb_at, the
     * first SM4 component and how many (NULL: the same registers) */
    const unsigned (*regs)[2];
    unsigned nregs;
};

/* Runs the SM4 program `a` and the SM2 one `b` of one source on 32 lanes and compares the
 * outputs. */
static void compare_programs(const char *target, ID3DBlob *a_code, ID3DBlob *b_code, int b_kind,
                             const struct input_spec *in, unsigned nin, unsigned nout,
                             unsigned ncb_regs, float cb_lo, float cb_hi, const struct mapping *m)
{
    struct prog a, b;
    bool ok_a = prog_load(&a, 0, ID3D10Blob_GetBufferPointer(a_code),
                          ID3D10Blob_GetBufferSize(a_code));
    bool ok_b = prog_load(&b, b_kind, ID3D10Blob_GetBufferPointer(b_code),
                          ID3D10Blob_GetBufferSize(b_code));
    if (ok_a && ok_b) {
        static vm_reg in4[8], in2[16], out4[8], out2[16];
        static uint32_t cb4[64 * 4], cb2[256 * 4];
        memset(in4, 0, sizeof(in4));
        memset(in2, 0, sizeof(in2));
        memset(cb2, 0, sizeof(cb2));
        for (unsigned r = 0; r < ncb_regs * 4; r++)
            cb4[r] = bits(frand(cb_lo, cb_hi));
        if (m->regs)
            for (unsigned r = 0; r < m->nregs; r++)
                memcpy(cb2 + (m->cb_at + r) * 4, cb4 + m->regs[r][0], m->regs[r][1] * 4);
        else
            memcpy(cb2 + m->cb_at * 4, cb4 + m->cb_skip * 4, (ncb_regs - m->cb_skip) * 16);
        for (unsigned i = 0; i < nin; i++)
            for (unsigned c = 0; c < 4; c++)
                for (unsigned l = 0; l < VM_LANES; l++) {
                    float v = in[i].hi < 0 ? (float)(int)frand(0, -in[i].hi)
                                           : frand(in[i].lo, in[i].hi);
                    in4[i][c][l] = bits(v);
                }
        for (unsigned i = 0; i < nin; i++)
            memcpy(in2[m->in_to[i]], in4[i], sizeof(vm_reg));
        struct vm_env e4, e2;
        memset(&e4, 0, sizeof(e4));
        memset(&e2, 0, sizeof(e2));
        e4.inputs = (const vm_reg *)in4;
        e4.outputs = out4;
        e4.cb[0].data = cb4;
        e4.cb[0].size = 64;
        e4.sample = uv_texture;
        e2.inputs = (const vm_reg *)in2;
        e2.outputs = out2;
        e2.cb[IR_D3D9_CB_FLOAT].data = cb2;
        e2.cb[IR_D3D9_CB_FLOAT].size = 256;
        e2.sample = uv_texture;
        vm_run(a.p, a.st, &e4, 0xffffffffu);
        vm_run(b.p, b.st, &e2, 0xffffffffu);
        CHECK_EQ(e4.discarded, e2.discarded);
        unsigned bad = 0;
        for (unsigned o = 0; o < nout && bad < 4; o++) {
            unsigned o2 = m->out_to[o];
            for (unsigned c = 0; c < 4; c++)
                for (unsigned l = 0; l < VM_LANES && bad < 4; l++) {
                    if (e4.discarded >> l & 1)
                        continue;
                    float x = fl(out4[o][c][l]), y = fl(out2[o2][c][l]);
                    if (!close_enough(y, x)) {
                        harness_fail(__FILE__, __LINE__, "%s output %u.%c lane %u: SM4 %.7g, "
                                     "level-9 %.7g", target, o, "xyzw"[c], l, (double)x, (double)y);
                        bad++;
                    }
                }
        }
    }
    if (ok_a)
        prog_free(&a);
    if (ok_b)
        prog_free(&b);
}

/* Runs both programs of one compiled level_9 shader and compares the outputs. */
static void compare(const char *src, const char *target, const struct input_spec *in,
                    unsigned nin, unsigned nout, unsigned ncb_regs, float cb_lo, float cb_hi)
{
    bool ps = target[0] == 'p';
    ID3DBlob *code = compile(src, target);
    if (!code)
        return;
    /* ps: v0 is SV_Position (unread by level-9 programs); v1.. are t0.. (v2.. decoded);
     * vs: v# = v#, o0 the position, the other outputs oT0.. */
    struct mapping m = {{0}, {0}, 0, 0, NULL, 0};
    for (unsigned i = 0; i < 8; i++) {
        m.in_to[i] = ps ? (i ? i + 1 : 15) : i;
        m.out_to[i] = ps ? i : (i == 0 ? D3DBC_IR_VS_OPOS : D3DBC_IR_VS_OT0 + i - 1);
    }
    m.cb_at = ps ? 0 : 1;
    m.cb_skip = 0;
    compare_programs(target, code, code, 1, in, nin, nout, ncb_regs, cb_lo, cb_hi, &m);
    ID3D10Blob_Release(code);
}

/* The same source compiled for vs/ps_4_0 and for a d3dbc target, run against each other. */
static void compare_d3dbc(const char *src, const char *target, const struct input_spec *in,
                          unsigned nin, unsigned nout, unsigned ncb_regs, float cb_lo, float cb_hi,
                          const struct mapping *m)
{
    ID3DBlob *a = compile(src, target[0] == 'p' ? "ps_4_0" : "vs_4_0"), *b = compile(src, target);
    if (a && b)
        compare_programs(target, a, b, 2, in, nin, nout, ncb_regs, cb_lo, cb_hi, m);
    if (a)
        ID3D10Blob_Release(a);
    if (b)
        ID3D10Blob_Release(b);
}

/* vertex shaders: output 0 is SV_Position */
static const char vs_math[] =
    "cbuffer C { float4x4 M; float4 k; };\n"
    "struct O { float4 pos : SV_Position; float4 a : TEXCOORD0; float4 b : TEXCOORD1; float3 c : TEXCOORD2; };\n"
    "O main(float4 p : POSITION, float4 q : TEXCOORD0)\n"
    "{\n"
    "    O o;\n"
    "    o.pos = mul(M, p);\n"
    "    o.a = float4(sin(q.x * 3), cos(q.y * 3), frac(q.z * 2.5), floor(q.w * 3));\n"
    "    o.b = float4(abs(q.x) + sign(q.y), step(0.25, q.z), any(q > 1.5) ? 1 : 0, sqrt(abs(q.w)));\n"
    "    float3 n = normalize(q.xyz + 3);\n"
    "    o.c = n / (k.xyz * k.xyz + 0.5) + max(q.x, q.y) - min(q.z, k.w) + (q.x < k.x ? 2 : -2);\n"
    "    return o;\n"
    "}\n";

static const char vs_bones[] =
    "cbuffer C { float4 pad; float4x3 Bones[3]; };\n"
    "struct O { float4 pos : SV_Position; float3 col : COLOR0; };\n"
    "O main(float4 p : POSITION, float4 idx : BLENDINDICES)\n"
    "{\n"
    "    O o;\n"
    "    o.pos = float4(mul(p, Bones[(int)idx.x]), 1);\n"
    "    o.col = mul(p, Bones[(int)idx.y]) * 0.5 + Bones[(int)idx.z][1];\n"
    "    return o;\n"
    "}\n";

static const char ps_math[] =
    "cbuffer C { float threshold; float4 tint; float power; };\n"
    "Texture2D t; SamplerState s;\n"
    "float4 main(float4 pos : SV_Position, float4 uv : TEXCOORD0, float4 col : TEXCOORD1) : SV_Target\n"
    "{\n"
    "    float4 c = t.Sample(s, uv.xy) * col;\n"
    "    if (uv.z > threshold) {\n"
    "        c.rgb = lerp(c.rgb, tint.rgb, 0.5);\n"
    "        if (uv.w > 0.75) discard;\n"
    "    } else\n"
    "        c.b = dot(col.rgb, float3(0.299, 0.587, 0.114));\n"
    "    clip(uv.x + 0.9);\n"
    "    float sm = smoothstep(0.2, 0.8, uv.y);\n"
    "    float p = pow(abs(col.a) + 0.1, power);\n"
    "    float d = 1 / (col.r * col.r + 0.25);\n"
    "    return float4(c.rg * sm, c.b + p, d + (col.g >= col.b ? 1 : 0) + rsqrt(abs(col.b) + 1));\n"
    "}\n";

static const char ps_93[] =
    "float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target\n"
    "{ return float4(ddx(uv.x * uv.y), ddy(uv), exp(uv.x) + log(abs(uv.y) + 1)); }\n";

TEST(hlsl_level9_vs_math_agrees)
{
    static const struct input_spec in[2] = {{-2, 2}, {-2, 2}};
    compare(vs_math, "vs_4_0_level_9_1", in, 2, 4, 5, -2, 2);
    compare(vs_math, "vs_4_0_level_9_3", in, 2, 4, 5, -2, 2);
}

TEST(hlsl_level9_vs_relative_addressing_agrees)
{
    static const struct input_spec in[2] = {{-2, 2}, {0, -3}};
    compare(vs_bones, "vs_4_0_level_9_1", in, 2, 2, 10, -2, 2);
}

TEST(hlsl_level9_ps_math_agrees)
{
    static const struct input_spec in[3] = {{0, 1}, {-1, 1}, {0, 1}};
    compare(ps_math, "ps_4_0_level_9_1", in, 3, 1, 3, 0, 1);
    compare(ps_math, "ps_4_0_level_9_3", in, 3, 1, 3, 0, 1);
}

TEST(hlsl_level9_ps_9_3_derivatives_agree)
{
    static const struct input_spec in[2] = {{0, 1}, {-1, 1}};
    compare(ps_93, "ps_4_0_level_9_3", in, 2, 1, 0, 0, 1);
}

/* real-world shapes: normal mapping, D3D9-style globals and semantics, tex2D */
static const char ps_nmap[] =
    "Texture2D<float4> DiffuseMap : register(t0);\n"
    "Texture2D NormalMap : register(t1);\n"
    "SamplerState Linear : register(s0);\n"
    "cbuffer PerFrame : register(b0) { float3 LightDir; float SpecPower; float3 EyePos; };\n"
    "struct PSIn { float4 pos : SV_POSITION; float2 uv : TEXCOORD0; float3 T : TEXCOORD1;\n"
    "              float3 B : TEXCOORD2; float3 N : TEXCOORD3; float3 wp : TEXCOORD4; };\n"
    "float4 main(PSIn i) : SV_TARGET0\n"
    "{\n"
    "    float3 tn = NormalMap.Sample(Linear, i.uv).xyz * 2.0 - 1.0;\n"
    "    float3x3 TBN = float3x3(normalize(i.T), normalize(i.B), normalize(i.N));\n"
    "    float3 n = normalize(mul(tn, TBN));\n"
    "    float3 l = -normalize(LightDir);\n"
    "    float diff = max(dot(n, l), 0.0);\n"
    "    float3 v = normalize(EyePos - i.wp);\n"
    "    float3 h = normalize(l + v);\n"
    "    float spec = pow(saturate(dot(n, h)), SpecPower);\n"
    "    float4 albedo = DiffuseMap.Sample(Linear, i.uv);\n"
    "    return float4(albedo.rgb * diff + spec.xxx, albedo.a);\n"
    "}\n";

static const char vs_d3d9_style[] =
    "float4x4 World;\n"
    "float4x4 ViewProjection;\n"
    "float Time = 1.0;\n"
    "struct VS_OUTPUT { float4 Position : POSITION; float4 Color : COLOR0; float2 Tex : TEXCOORD0; };\n"
    "void main(in float4 pos : POSITION, in float3 n : NORMAL, out VS_OUTPUT o)\n"
    "{\n"
    "    o = (VS_OUTPUT)0;\n"
    "    float4 wp = mul(pos, World);\n"
    "    o.Position = mul(wp, ViewProjection);\n"
    "    float3 wn = normalize(mul(n, (float3x3)World));\n"
    "    o.Color = float4(saturate(wn * 0.5 + 0.5), any(wn > 0.5) ? 1 : 0);\n"
    "    o.Tex = float2(sin(Time), cos(Time)) * 0.25 + 0.5.xx;\n"
    "    o.Color.rgb *= frac(Time) + floor(Time) + abs(-Time) + step(0.5, Time);\n"
    "}\n";

static const char ps_tex2d[] =
    "sampler2D Tex0 : register(s0);\n"
    "float4 Params : register(c0);\n"
    "float4 main(float4 p : SV_Position, float2 uv : TEXCOORD0, float4 col : COLOR0) : COLOR\n"
    "{\n"
    "    float4 t = tex2D(Tex0, uv);\n"
    "    float l = dot(t.rgb, float3(0.299, 0.587, 0.114));\n"
    "    float3 g = lerp(t.rgb, l.xxx, Params.x);\n"
    "    float v = smoothstep(0.2, 0.8, uv.x);\n"
    "    return float4(g * col.rgb * v, t.a * col.a);\n"
    "}\n";

TEST(hlsl_level9_real_world_shapes_agree)
{
    static const struct input_spec nm[6] = {{0, 1}, {0, 1}, {-1, 1}, {-1, 1}, {-1, 1}, {-2, 2}};
    compare(ps_nmap, "ps_4_0_level_9_1", nm, 6, 1, 2, 0.5f, 2);
    compare(ps_nmap, "ps_4_0_level_9_3", nm, 6, 1, 2, 0.5f, 2);
    static const struct input_spec d9[2] = {{-2, 2}, {-1, 1}};
    compare(vs_d3d9_style, "vs_4_0_level_9_1", d9, 2, 3, 9, -2, 2);
    static const struct input_spec tx[3] = {{0, 1}, {0, 1}, {0, 1}};
    compare(ps_tex2d, "ps_4_0_level_9_1", tx, 3, 1, 1, 0, 1);
}

/* ---- flattening keeps the meaning: level_9's flattened SM4 program against ps_4_0's flow --- */

static void run_sm4(const char *src, const char *target, vm_reg *in, unsigned nin, vm_reg *out,
                    uint32_t *cb, uint32_t *discarded)
{
    ID3DBlob *code = compile(src, target);
    if (!code)
        return;
    struct prog p;
    if (prog_load(&p, 0, ID3D10Blob_GetBufferPointer(code), ID3D10Blob_GetBufferSize(code))) {
        struct vm_env e;
        memset(&e, 0, sizeof(e));
        (void)nin;
        e.inputs = (const vm_reg *)in;
        e.outputs = out;
        e.cb[0].data = cb;
        e.cb[0].size = 16;
        e.sample = uv_texture;
        vm_run(p.p, p.st, &e, 0xffffffffu);
        *discarded = e.discarded;
    }
    prog_free(&p);
    ID3D10Blob_Release(code);
}

static const char ps_returns[] =
    "cbuffer C { float a; float b; };\n"
    "float classify(float x)\n"
    "{\n"
    "    if (x < a) return -1;\n"
    "    if (x > b) return 1;\n"
    "    return 0;\n"
    "}\n"
    "float4 main(float4 pos : SV_Position, float4 uv : TEXCOORD0) : SV_Target\n"
    "{\n"
    "    float k = classify(uv.x);\n"
    "    if (uv.y > 0.8) return float4(1, 2, 3, 4);\n"
    "    if (uv.z > 0.7) { if (uv.w > 0.5) return uv; discard; }\n"
    "    [unroll] for (int i = 0; i < 3; i++)\n"
    "        if (uv.w * 3 < i) return float4(i, k, 0, 0);\n"
    "    clip(uv.x - 0.1);\n"
    "    return float4(k, uv.yzw);\n"
    "}\n";

TEST(hlsl_level9_flattened_returns_keep_their_meaning)
{
    static vm_reg in[2], o4[1], o9[1];
    static uint32_t cb[16 * 4];
    memset(in, 0, sizeof(in));
    for (unsigned c = 0; c < 4; c++)
        for (unsigned l = 0; l < VM_LANES; l++)
            in[1][c][l] = bits(frand(0, 1));
    cb[0] = bits(0.3f);
    cb[1] = bits(0.6f);
    uint32_t d4 = 0, d9 = 0;
    run_sm4(ps_returns, "ps_4_0", in, 2, o4, cb, &d4);
    run_sm4(ps_returns, "ps_4_0_level_9_1", in, 2, o9, cb, &d9);
    CHECK_EQ(d4, d9);
    CHECK(d4 != 0 && d4 != 0xffffffffu);
    unsigned bad = 0;
    for (unsigned c = 0; c < 4; c++)
        for (unsigned l = 0; l < VM_LANES && bad < 4; l++)
            if (!(d4 >> l & 1) && o4[0][c][l] != o9[0][c][l]) {
                harness_fail(__FILE__, __LINE__, "lane %u .%c: ps_4_0 %g, level_9 %g (uv %g %g %g "
                             "%g)", l, "xyzw"[c], (double)fl(o4[0][c][l]), (double)fl(o9[0][c][l]),
                             (double)fl(in[1][0][l]), (double)fl(in[1][1][l]),
                             (double)fl(in[1][2][l]), (double)fl(in[1][3][l]));
                bad++;
            }
    /* and the level-9 program agrees with its SM4 program */
    static const struct input_spec sp[2] = {{0, 1}, {0, 1}};
    compare(ps_returns, "ps_4_0_level_9_1", sp, 2, 1, 1, 0.3f, 0.6f);
}

/* ---- the d3dbc targets against vs/ps_4_0 ---------------------------------------------------- */

/* vs: v# = v#; outputs by target.  ps: SM4 input i -> the decoded register given. */
static struct mapping vs_map(const char *target, const unsigned *outs2, unsigned nout)
{
    struct mapping m = {{0}, {0}, 0, 0, NULL, 0};
    for (unsigned i = 0; i < 8; i++) {
        m.in_to[i] = i;
        m.out_to[i] = strstr(target, "3_0") ? i : i < nout ? outs2[i] : 0;
    }
    return m;
}

static struct mapping ps_map(const unsigned *ins, unsigned nin)
{
    struct mapping m = {{0}, {0}, 0, 0, NULL, 0};
    for (unsigned i = 0; i < 8; i++) {
        m.in_to[i] = i < nin ? ins[i] : 15;
        m.out_to[i] = i;
    }
    return m;
}

enum { OPOS = D3DBC_IR_VS_OPOS, OD0 = D3DBC_IR_VS_OD0, OT0 = D3DBC_IR_VS_OT0, T0 = D3DBC_IR_PS_T0,
       UNREAD = 15 };

TEST(hlsl_d3dbc_vs_agrees_with_vs_4_0)
{
    static const char *const targets[] = {"vs_2_0", "vs_2_a", "vs_3_0"};
    for (unsigned t = 0; t < 3; t++) {
        static const struct input_spec in[2] = {{-2, 2}, {-2, 2}};
        static const unsigned o_math[4] = {OPOS, OT0, OT0 + 1, OT0 + 2};
        struct mapping m = vs_map(targets[t], o_math, 4);
        compare_d3dbc(vs_math, targets[t], in, 2, 4, 5, -2, 2, &m);
        /* Bones[] with a run-time index (a0); `pad` is unread, so Bones starts at c0 */
        static const struct input_spec bi[2] = {{-2, 2}, {0, -3}};
        static const unsigned o_bones[2] = {OPOS, OD0};
        m = vs_map(targets[t], o_bones, 2);
        m.cb_skip = 1;
        compare_d3dbc(vs_bones, targets[t], bi, 2, 2, 10, -2, 2, &m);
        static const struct input_spec d9[2] = {{-2, 2}, {-1, 1}};
        static const unsigned o_d9[3] = {OPOS, OD0, OT0};
        m = vs_map(targets[t], o_d9, 3);
        compare_d3dbc(vs_d3d9_style, targets[t], d9, 2, 3, 9, -2, 2, &m);
    }
}

TEST(hlsl_d3dbc_ps_agrees_with_ps_4_0)
{
    /* ps_2_x: TEXCOORDn is tn, COLORn vn; ps_3_0: v# in the order of the inputs read */
    static const struct input_spec in[3] = {{0, 1}, {-1, 1}, {0, 1}};
    static const unsigned m2[3] = {UNREAD, T0, T0 + 1}, m3[3] = {UNREAD, 0, 1};
    struct mapping m = ps_map(m2, 3);
    compare_d3dbc(ps_math, "ps_2_0", in, 3, 1, 3, 0, 1, &m);
    compare_d3dbc(ps_math, "ps_2_b", in, 3, 1, 3, 0, 1, &m);
    m = ps_map(m3, 3);
    compare_d3dbc(ps_math, "ps_3_0", in, 3, 1, 3, 0, 1, &m);   /* if/else with discard */
    static const struct input_spec tx[3] = {{0, 1}, {0, 1}, {0, 1}};
    static const unsigned t2[3] = {UNREAD, T0, 0}, t3[3] = {UNREAD, 0, 1};
    m = ps_map(t2, 3);
    compare_d3dbc(ps_tex2d, "ps_2_0", tx, 3, 1, 1, 0, 1, &m);
    m = ps_map(t3, 3);
    compare_d3dbc(ps_tex2d, "ps_3_0", tx, 3, 1, 1, 0, 1, &m);
    static const struct input_spec nm[6] = {{0, 1}, {0, 1}, {-1, 1}, {-1, 1}, {-1, 1}, {-2, 2}};
    static const unsigned n2[6] = {UNREAD, T0, T0 + 1, T0 + 2, T0 + 3, T0 + 4},
                          n3[6] = {UNREAD, 0, 1, 2, 3, 4};
    /* float3 LightDir; float SpecPower; float3 EyePos: packed c0.xyz, c0.w, c1.xyz for 4_0;
     * c0, c1, c2 for D3D9 */
    static const unsigned nregs[3][2] = {{0, 3}, {3, 1}, {4, 3}};
    m = ps_map(n2, 6);
    m.regs = nregs;
    m.nregs = 3;
    compare_d3dbc(ps_nmap, "ps_2_0", nm, 6, 1, 2, 0.5f, 2, &m);
    m = ps_map(n3, 6);
    m.regs = nregs;
    m.nregs = 3;
    compare_d3dbc(ps_nmap, "ps_3_0", nm, 6, 1, 2, 0.5f, 2, &m);
    /* derivatives: ps_2_a and ps_3_0 */
    static const struct input_spec dd[2] = {{0, 1}, {-1, 1}};
    static const unsigned d2[2] = {UNREAD, T0}, d3[2] = {UNREAD, 0};
    m = ps_map(d2, 2);
    compare_d3dbc(ps_93, "ps_2_a", dd, 2, 1, 0, 0, 1, &m);
    m = ps_map(d3, 2);
    compare_d3dbc(ps_93, "ps_3_0", dd, 2, 1, 0, 0, 1, &m);
}

/* 3_0 flow control: a loop whose trip count is a constant (rep + break_ne), a while loop
 * broken out of on a value, nested ifs, and a returning function inlined in a loop */
static const char ps_loops[] =
    "cbuffer C { float4 k; };\n"
    "float4 main(float4 pos : SV_Position, float4 uv : TEXCOORD0) : SV_Target\n"
    "{\n"
    "    float4 acc = 0;\n"
    "    [loop] for (int i = 0; i < (int)k.x; i++)\n"
    "        acc += uv * (i + 1);\n"
    "    float x = uv.y * 8 + 1;\n"
    "    int n = 0;\n"
    "    [loop] while (true) { x *= 0.5; n++; if (x < 0.3) break; }\n"
    "    if (uv.z > k.y) { if (uv.w > k.z) acc.w = -1; else acc.w = 2; } else acc.z += n;\n"
    "    return acc + float4(0, x, n, 0);\n"
    "}\n";

static const char vs_loops[] =
    "float4 counts;\n"
    "float4 main(float4 p : POSITION, out float4 o : TEXCOORD0) : POSITION\n"
    "{\n"
    "    o = 0;\n"
    "    [loop] for (int i = 0; i < (int)counts.x; i++) {\n"
    "        o.x += p.x;\n"
    "        [branch] if (o.x > counts.y) break;\n"
    "        o.y += i;\n"
    "    }\n"
    "    return p;\n"
    "}\n";

TEST(hlsl_d3dbc_3_0_flow_control_agrees)
{
    static const struct input_spec in[2] = {{0, 1}, {0, 1}};
    static const unsigned m3[2] = {UNREAD, 0};
    struct mapping m = ps_map(m3, 2);
    compare_d3dbc(ps_loops, "ps_3_0", in, 2, 1, 1, 0, 7, &m);
    static const struct input_spec vi[1] = {{0, 2}};
    m = vs_map("vs_3_0", NULL, 0);
    compare_d3dbc(vs_loops, "vs_3_0", vi, 1, 2, 1, 0, 6, &m);
    /* the same loops have no unrolled form for a 2_0 target: X3511 */
    ID3DBlob *code = NULL, *errors = NULL;
    CHECK_HR(D3DCompile(ps_loops, strlen(ps_loops), "l.hlsl", NULL, NULL, "main", "ps_2_0", 0, 0,
                        &code, &errors), E_FAIL);
    CHECK(code == NULL);
    CHECK(errors != NULL);
    if (errors) {
        CHECK_STR_CONTAINS((const char *)ID3D10Blob_GetBufferPointer(errors), "l.hlsl(5,");
        CHECK_STR_CONTAINS((const char *)ID3D10Blob_GetBufferPointer(errors), "error X3511");
        ID3D10Blob_Release(errors);
    }
}
