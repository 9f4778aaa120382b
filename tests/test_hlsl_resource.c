/* tests/test_hlsl_resource.c — the SM4/SM5 resource objects of issue 13 step 2: Texture1DArray,
 * TextureCubeArray, Texture2DMS(Array) (Load as ld_ms, GetDimensions with sampleinfo),
 * Buffer<T> (Load as ld), Gather / GatherRed..Alpha / GatherCmp* (gather4, gather4_c with the
 * channel on the sampler's swizzle), their offsets; and the refusals.
 *
 * Each form is compiled, its listing (D3DDisassemble of the container the assembler built and
 * the decoder validated) checked for the instruction the D3D10/11 instruction reference gives
 * it ("ld_ms", "gather4", "gather4_c", "sampleinfo", "resinfo" pages), and the program run on
 * the VM with a probe texture that answers from what the request asked for (the resource's slot
 * and declared dimension, address, sample index, offset, channel, reference value), so every
 * value checked is closed-form.
 */
#define COBJMACROS
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#include "hlsl_run.h"
#include "shader/ir.h"

#define fb hlsl_fb
#define uf hlsl_uf

/* The listing of src for target (malloc'ed; the errors reported when it does not compile). */
static char *listing(const char *src, const char *target)
{
    return hlsl_run_disassembly(src, target);
}

/* The last requests, by resource slot (t0..t7). */
static struct vm_sample_request last_req[8];

/* Answers (x, y, z, w) = (address or ld address as float, 100 * slot + dimension,
 * sample index + 1000 * gather channel, 10000 + offset u * 100 + offset v + ref); resinfo /
 * sampleinfo: (11, 12, 13, 14) and sample count 4. */
static void probe(void *ctx, const struct vm_sample_request *req, struct vm_sample_result *res)
{
    (void)ctx;
    if (req->resource < 8)
        last_req[req->resource] = *req;
    for (unsigned l = 0; l < VM_LANES; l++) {
        bool ints = req->kind == VM_TEX_LD || req->kind == VM_TEX_LD_MS;
        float a = ints ? (float)(req->address.i[0][l] + 10 * req->address.i[1][l] +
                                 100 * req->address.i[2][l])
                       : req->address.f[0][l] + 10 * req->address.f[1][l] +
                             100 * req->address.f[2][l] + 1000 * req->address.f[3][l];
        float v[4] = {a, (float)(100 * req->resource + req->resource_dim),
                      (float)(req->sample_index[l] + 1000 * req->gather_channel),
                      (float)(10000 + 100 * req->texel_offset[0] + req->texel_offset[1]) +
                          req->ref[l]};
        if (req->kind == VM_TEX_RESINFO) {
            for (unsigned k = 0; k < 4; k++)
                res->value[k][l] = 11 + k;
            continue;
        }
        if (req->kind == VM_TEX_SAMPLEINFO) {
            res->value[0][l] = 4;
            continue;
        }
        for (unsigned k = 0; k < 4; k++)
            res->value[k][l] = ints && req->resource == 3 ? (uint32_t)v[k] : fb(v[k]);
    }
}

static bool run_probe(const char *src, const char *target, vm_reg *in, unsigned nin, vm_reg *out)
{
    struct vm_env base;
    memset(&base, 0, sizeof(base));
    base.sample = probe;
    memset(last_req, 0, sizeof(last_req));
    return hlsl_run(src, target, in, nin, out, &base);
}

/* ---- arrays of 1D textures and of cubes ---------------------------------------------------- */

static const char arrays_ps[] =
    "Texture1DArray<float4> ta : register(t0);\n"
    "TextureCubeArray tc : register(t1);\n"
    "SamplerState s : register(s0);\n"
    "struct Out { float4 a : SV_Target0; float4 b : SV_Target1; float4 c : SV_Target2; };\n"
    "Out main(float4 p : TEXCOORD0)\n"
    "{\n"
    "    Out o;\n"
    "    o.a = ta.Sample(s, p.xy, -3);\n"
    "    o.b = tc.SampleLevel(s, p, 0);\n"
    "    uint w, e, n;\n"
    "    ta.GetDimensions(0, w, e, n);\n"
    "    o.c = float4(w, e, n, ta.Load(int3(5, 2, 1)).x);\n"
    "    return o;\n"
    "}\n";

/* tbuffer registers as a buffer of mixed type: register r, component k holds the float
 * 10 r + k (c: the int 7 at register 1 .y); what ld asked for is recorded */
static uint32_t tb_reqs;

static void tbuffer_answer(void *ctx, const struct vm_sample_request *req,
                           struct vm_sample_result *res)
{
    (void)ctx;
    CHECK_EQ(req->kind, VM_TEX_LD);
    CHECK_EQ(req->resource, 2);
    for (unsigned l = 0; l < VM_LANES; l++) {
        int32_t r = req->address.i[0][l];
        tb_reqs |= 1u << (r & 31);
        for (unsigned k = 0; k < 4; k++)
            res->value[k][l] = r == 1 && k == 1 ? 7u : fb((float)(10 * r + (int)k));
    }
}

/* tbuffer: bound to t#, each variable read from its registers with the packing rules */
TEST(hlsl_tbuffer_reads_registers)
{
    static const char src[] =
        "tbuffer T : register(t2) { float4 a; float b; int c; float4 arr[2]; float4x4 m; };\n"
        "float4 main(float4 p : TEXCOORD0) : SV_Target { return a * b + c + arr[1] + mul(p, m); }\n";
    char *t = listing(src, "ps_4_0");
    CHECK_STR_CONTAINS(t, "dcl_resource_buffer (mixed,mixed,mixed,mixed) t2\n");
    CHECK_STR_CONTAINS(t, "ld r0.xyzw, l(0, 0, 0, 0), t2.xyzw\n");
    free(t);
    vm_reg in[1], out[1];
    for (unsigned l = 0; l < VM_LANES; l++) {
        in[0][0][l] = fb(1);
        in[0][1][l] = fb(2);
        in[0][2][l] = fb(0);
        in[0][3][l] = fb((float)l);
    }
    struct vm_env base;
    memset(&base, 0, sizeof(base));
    base.sample = tbuffer_answer;
    tb_reqs = 0;
    if (!hlsl_run(src, "ps_4_0", in, 1, out, &base))
        return;
    /* a = (0,1,2,3), b = 10, c = 7, arr[1] = register 3 (30..33); m (column_major) has
     * registers 4..7 as its columns: m[row][col] = 10 (4 + col) + row */
    CHECK_EQ(tb_reqs, 0xfbu);   /* registers 0, 1, 3..7: 2 (arr[0]) is never loaded */
    for (unsigned l = 0; l < VM_LANES; l += 7)
        for (unsigned k = 0; k < 4; k++) {
            float pv[4] = {1, 2, 0, (float)l};
            float mp = 0;
            for (unsigned r = 0; r < 4; r++)
                mp += pv[r] * (float)(10 * (4 + (int)k) + (int)r);
            float want = (float)k * 10 + 7 + (float)(30 + k) + mp;
            CHECK_EQ(uf(out[0][k][l]), want);
        }
}

/* Buffer<T>[i] is Buffer.Load(i): the same ld, and the same program */
TEST(hlsl_buffer_index_is_load)
{
    static const char idx[] = "Buffer<float4> b;\n"
        "float4 main(uint i : TEXCOORD0) : SV_Target { return b[i] * 2; }\n";
    static const char load[] = "Buffer<float4> b;\n"
        "float4 main(uint i : TEXCOORD0) : SV_Target { return b.Load(i) * 2; }\n";
    char *a = listing(idx, "ps_4_0"), *l = listing(load, "ps_4_0");
    CHECK_STR_CONTAINS(a, "dcl_resource_buffer (float,float,float,float) t0\n");
    CHECK_STR_CONTAINS(a, "ld r0.xyzw, v0.xxxx, t0.xyzw\n");
    CHECK(!strcmp(a, l));
    free(a);
    free(l);
}

TEST(hlsl_texture_arrays_compile_and_run)
{
    char *t = listing(arrays_ps, "ps_4_1");
    if (t) {
        CHECK_STR_CONTAINS(t, "dcl_resource_texture1darray (float,float,float,float) t0");
        CHECK_STR_CONTAINS(t, "dcl_resource_texturecubearray (float,float,float,float) t1");
        CHECK_STR_CONTAINS(t, "sample_aoffimmi(-3,0,0) o0.xyzw, v0.xyyy, t0.xyzw, s0\n");
        CHECK_STR_CONTAINS(t, "sample_l o1.xyzw, v0.xyzw, t1.xyzw, s0, l(0)\n");
        CHECK_STR_CONTAINS(t, "resinfo_uint r");
        free(t);
    }
    static vm_reg in[1], out[16];
    for (unsigned l = 0; l < VM_LANES; l++)
        for (unsigned k = 0; k < 4; k++)
            in[0][k][l] = fb((float)(l % 7) + (float)k * 0.25f);
    if (!run_probe(arrays_ps, "ps_4_1", in, 1, out))
        return;
    for (unsigned l = 0; l < VM_LANES; l++) {
        float x = (float)(l % 7), y = x + 0.25f, z = x + 0.5f, w = x + 0.75f;
        CHECK_EQ(uf(out[0][0][l]), x + 1110 * y);     /* 1D array: (u, slice), .xyyy */
        CHECK_EQ(uf(out[0][1][l]), (float)(0 * 100 + IR_RES_TEXTURE1DARRAY));
        CHECK_EQ(uf(out[0][3][l]), (float)(10000 - 300));
        CHECK_EQ(uf(out[1][0][l]), x + 10 * y + 100 * z + 1000 * w);   /* cube array: xyz, cube */
        CHECK_EQ(uf(out[1][1][l]), (float)(100 + IR_RES_TEXTURECUBEARRAY));
        CHECK_EQ(uf(out[2][0][l]), 11.0f);            /* width: resinfo .x */
        CHECK_EQ(uf(out[2][1][l]), 12.0f);            /* elements: .y for a 1D array */
        CHECK_EQ(uf(out[2][2][l]), 14.0f);            /* levels: .w */
        CHECK_EQ(uf(out[2][3][l]), 125.0f);           /* ld (5, slice 2, 1): .xyzz */
    }
    CHECK_EQ(last_req[0].kind, VM_TEX_LD);
    CHECK_EQ(last_req[0].address.i[3][0], 1);         /* the mip, where ld reads it */
}

/* ---- multisampled textures and typed buffers ---------------------------------------------- */

static const char ms_ps[] =
    "Texture2DMS<float4, 4> tm : register(t2);\n"
    "Buffer<uint2> bf : register(t3);\n"
    "Texture2DMSArray<float> tma : register(t4);\n"
    "struct Out { float4 a : SV_Target0; float4 b : SV_Target1; float4 c : SV_Target2; };\n"
    "Out main(float4 p : TEXCOORD0, nointerpolation int4 q : TEXCOORD1)\n"
    "{\n"
    "    Out o;\n"
    "    o.a = tm.Load(q.xy, q.z, int2(1, -1));\n"
    "    o.b = float4(bf.Load(q.w), tma.Load(int3(q.xy, 3), 2), 0);\n"
    "    uint w, h, n;\n"
    "    tm.GetDimensions(w, h, n);\n"
    "    o.c = float4(w, h, n, 0);\n"
    "    return o;\n"
    "}\n";

TEST(hlsl_multisample_and_buffer_compile_and_run)
{
    char *t = listing(ms_ps, "ps_4_1");
    if (t) {
        CHECK_STR_CONTAINS(t, "dcl_resource_texture2dms(4) (float,float,float,float) t2");
        CHECK_STR_CONTAINS(t, "dcl_resource_buffer (uint,uint,uint,uint) t3");
        CHECK_STR_CONTAINS(t, "dcl_resource_texture2dmsarray(0) (float,float,float,float) t4");
        CHECK_STR_CONTAINS(t, "ld_ms_aoffimmi(1,-1,0) o0.xyzw, v1.xyyy, t2.xyzw, v1.z\n");
        CHECK_STR_CONTAINS(t, "v1.wwww, t3.xyzw");
        CHECK_STR_CONTAINS(t, "t4.xxxx, l(2)\n");
        CHECK_STR_CONTAINS(t, "sampleinfo_uint r");
        free(t);
    }
    static vm_reg in[2], out[16];
    for (unsigned l = 0; l < VM_LANES; l++)
        for (unsigned k = 0; k < 4; k++)
            in[1][k][l] = (uint32_t)(l % 5 + k);
    if (!run_probe(ms_ps, "ps_4_1", in, 2, out))
        return;
    for (unsigned l = 0; l < VM_LANES; l++) {
        unsigned x = l % 5, y = x + 1, z = x + 2, w = x + 3;
        CHECK_EQ(uf(out[0][0][l]), (float)(x + 110 * y));   /* .xyyy */
        CHECK_EQ(uf(out[0][1][l]), (float)(200 + IR_RES_TEXTURE2DMS));
        CHECK_EQ(uf(out[0][2][l]), (float)z);          /* the sample index */
        CHECK_EQ(uf(out[0][3][l]), (float)(10000 + 100 - 1));
        CHECK_EQ(uf(out[1][0][l]), (float)(111 * w));  /* the buffer element (.wwww), uint .x */
        CHECK_EQ(uf(out[1][1][l]), (float)(300 + IR_RES_BUFFER));
        CHECK_EQ(uf(out[1][2][l]), (float)(x + 10 * y + 300));   /* (x, y, slice 3) */
        CHECK_EQ(uf(out[2][0][l]), 11.0f);
        CHECK_EQ(uf(out[2][1][l]), 12.0f);
        CHECK_EQ(uf(out[2][2][l]), 4.0f);              /* sampleinfo */
    }
    CHECK_EQ(last_req[4].sample_index[0], 2);
}

/* ---- Gather ------------------------------------------------------------------------------- */

static const char gather_ps[] =
    "Texture2D t : register(t5);\n"
    "Texture2DArray ta : register(t6);\n"
    "SamplerState s : register(s1);\n"
    "SamplerComparisonState sc : register(s0);\n"
    "struct Out { float4 a : SV_Target0; float4 b : SV_Target1; float4 c : SV_Target2;\n"
    "             float4 d : SV_Target3; };\n"
    "Out main(float4 p : TEXCOORD0)\n"
    "{\n"
    "    Out o;\n"
    "    o.a = t.Gather(s, p.xy, int2(2, -3));\n"
    "    o.b = t.GatherBlue(s, p.xy);\n"
    "    o.c = ta.GatherCmpAlpha(sc, p.xyz, p.w, int2(-1, 1));\n"
    "    o.d = t.GatherCmp(sc, p.xy, 0.5);\n"
    "    return o;\n"
    "}\n";

TEST(hlsl_gather_compile_and_run)
{
    char *t = listing(gather_ps, "ps_5_0");
    if (t) {
        CHECK_STR_CONTAINS(t, "gather4_aoffimmi(2,-3,0) o0.xyzw, v0.xyyy, t5.xyzw, s1.x\n");
                CHECK_STR_CONTAINS(t, "gather4 o1.xyzw, v0.xyyy, t5.xyzw, s1.z\n");
        CHECK_STR_CONTAINS(t, "gather4_c_aoffimmi(-1,1,0) o2.xyzw, v0.xyzz, t6.xyzw, s0.w, v0.w\n");
                CHECK_STR_CONTAINS(t, "gather4_c o3.xyzw, v0.xyyy, t5.xyzw, s0.x, l(0.500000)\n");
        free(t);
    }
    /* Gather alone is shader model 4.1 */
    t = listing("Texture2D t; SamplerState s;\n"
                "float4 main(float2 p : TEXCOORD0) : SV_Target { return t.Gather(s, p); }\n",
                "ps_4_1");
    if (t) {
        CHECK_STR_CONTAINS(t, "gather4 o0.xyzw, v0.xyyy, t0.xyzw, s0.x");
        free(t);
    }
    static vm_reg in[1], out[16];
    for (unsigned l = 0; l < VM_LANES; l++)
        for (unsigned k = 0; k < 4; k++)
            in[0][k][l] = fb((float)(l % 3) + (float)k);
    if (!run_probe(gather_ps, "ps_5_0", in, 1, out))
        return;
    for (unsigned l = 0; l < VM_LANES; l++) {
        float x = (float)(l % 3);
        CHECK_EQ(uf(out[0][0][l]), x + 1110 * (x + 1));
        CHECK_EQ(uf(out[0][1][l]), (float)(500 + IR_RES_TEXTURE2D));
        CHECK_EQ(uf(out[0][2][l]), 0.0f);                        /* red */
        CHECK_EQ(uf(out[0][3][l]), (float)(10000 + 200 - 3));
        CHECK_EQ(uf(out[1][2][l]), 2000.0f);                     /* blue */
        CHECK_EQ(uf(out[2][0][l]), x + 10 * (x + 1) + 1100 * (x + 2));
        CHECK_EQ(uf(out[2][1][l]), (float)(600 + IR_RES_TEXTURE2DARRAY));
        CHECK_EQ(uf(out[2][2][l]), 3000.0f);                     /* alpha */
        CHECK_EQ(uf(out[2][3][l]), (float)(10000 - 100 + 1) + x + 3);   /* ref = p.w */
        CHECK_EQ(uf(out[3][3][l]), 10000.5f);
    }
    CHECK_EQ(last_req[5].sampler, 0u);
    CHECK_EQ(last_req[6].kind, VM_TEX_GATHER4_C);
}

/* ---- refusals ----------------------------------------------------------------------------- */

TEST(hlsl_resource_refusals)
{
    static const struct {
        const char *src, *target, *want;
    } bad[] = {
        {"TextureCube t;\nfloat4 main(int4 p : TEXCOORD0) : SV_Target { return t.Load(p); }\n",
         "ps_4_0", "lang.hlsl(2,56-60): error X3018: 'Load' is no method of 'TextureCube'"},
        {"Texture2D t; SamplerState s;\n"
         "float4 main(float2 p : TEXCOORD0) : SV_Target { return t.Gather(s, p); }\n",
         "ps_4_0", "lang.hlsl(2,58-64): error X4532: Gather needs shader model 4.1"},
        {"Texture2D t; SamplerState s;\n"
         "float4 main(float2 p : TEXCOORD0) : SV_Target { return t.GatherRed(s, p); }\n",
         "ps_4_1", "error X4532: GatherRed needs shader model 5.0"},
        {"Texture3D t; SamplerState s;\n"
         "float4 main(float3 p : TEXCOORD0) : SV_Target { return t.Gather(s, p); }\n",
         "ps_5_0", "error X3018: 'Gather' is no method of 'Texture3D'"},
        {"TextureCubeArray t; SamplerState s;\n"
         "float4 main(float4 p : TEXCOORD0) : SV_Target { return t.Sample(s, p); }\n",
         "ps_4_0", "error X4532: TextureCubeArray needs shader model 4.1"},
        {"Texture1DArray t; SamplerState s;\n"
         "float4 main(float2 p : TEXCOORD0) : SV_Target { return t.Sample(s, p); }\n",
         "ps_4_0_level_9_3", "error X3000: Texture1DArray needs feature level 10_0"},
        {"Buffer<float4> b;\n"
         "float4 main(float2 p : TEXCOORD0) : SV_Target { uint n; b.GetDimensions(n); return n; }\n",
         "ps_4_0", "error X3000: Buffer is not supported yet on ps_4_0 (shader model 5 objects"},
        {"Buffer<float4> b; SamplerState s;\n"
         "float4 main(float2 p : TEXCOORD0) : SV_Target { return b.Sample(s, p.x); }\n",
         "ps_5_0", "error X3018: 'Sample' is no method of 'Buffer'"},
        {"Texture2DMS<float4, 2> t;\n"
         "float4 main(float2 p : TEXCOORD0) : SV_Target { uint w, h, n; t.GetDimensions(w, h, n);"
         " return w; }\n", "ps_4_0", "error X4532: the sample count of GetDimensions needs"},
        {"Texture2DMS<float4, 2> t;\n"
         "float4 main(int2 p : TEXCOORD0) : SV_Target { return t.Load(p); }\n",
         "ps_4_1", "error X3013: Load takes a location, a sample index"},
        {"Texture2DMS<float4, 33> t;\nfloat4 main() : SV_Target { return 0; }\n", "ps_4_1",
         "lang.hlsl(1,21-23): error X3000: the sample count must be between 1 and 32"},
        {"TextureCube t; SamplerState s;\n"
         "float4 main(float3 p : TEXCOORD0) : SV_Target { return t.Sample(s, p, int3(1, 0, 0)); }\n",
         "ps_4_0", "error X3013: cube textures take no texel offset"},
        {"tbuffer T : register(b1) { float4 a; };\nfloat4 main() : SV_Target { return a; }\n",
         "ps_4_0", "lang.hlsl(1,9-10): error X3530: a tbuffer is bound to a t# register"},
        {"tbuffer T { float4 a; };\nfloat4 main() : SV_Target { return a; }\n",
         "ps_4_0_level_9_3", "error X3000: tbuffer needs feature level 10_0"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        ID3DBlob *code;
        char *errors = hlsl_run_compile(bad[i].src, bad[i].target, &code);
        CHECK(code == NULL);
        if (code)
            ID3D10Blob_Release(code);
        CHECK_STR_CONTAINS(errors, bad[i].want);
        free(errors);
    }
}
