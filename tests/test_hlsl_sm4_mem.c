/* tests/test_hlsl_sm4_mem.c — StructuredBuffer<T> and ByteAddressBuffer read by vs/gs/ps 4_0
 * and 4_1 programs from D3DCompile (issue 11; D3D11.3 18.7.2.4: with D3D10_X_HARDWARE_OPTIONS
 * those shader models gain dcl_resource_raw / _structured, ld_raw and ld_structured), drawn by
 * devices at 10_0 and 10_1 with exact pixels: a pixel program reading structure members
 * (a column_major matrix among them) and raw words, past the end of a view too; a vertex program
 * placing points from a structured buffer and a geometry program tinting them from a raw one.
 * The instructions are those of ps_5_0 (compared listing lines); what 4_x lacks (UAVs,
 * GetDimensions' bufinfo, writes, the level_9 targets) is refused with the reason. */
#include "test_render_util.h"

#include <stdio.h>

#include "d3dcompiler.h"
#include "hlsl_run.h"

static ID3DBlob *hc(const char *src, const char *target)
{
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "mem.hlsl", NULL, NULL, "main", target, 0, 0,
                            &code, &errors);
    if (FAILED(hr))
        harness_fail(__FILE__, __LINE__, "D3DCompile(%s): %s", target,
                     errors ? (const char *)ID3D10Blob_GetBufferPointer(errors) : "");
    if (errors)
        ID3D10Blob_Release(errors);
    return code;
}

/* A full-target quad from SV_VertexID (a 4-vertex strip). */
static const char quad_vs[] =
    "float4 main(uint id : SV_VertexID) : SV_Position\n"
    "{\n"
    "    float2 uv = float2(id & 1, id >> 1);\n"
    "    return float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);\n"
    "}\n";

/* Pixel x reads structure x (stride 28: uint2, float, float2x2 column_major) and raw words:
 * r = rg.x * scale, g = Load(x).rg.y + m[1][0] (memory order m00 m10 m01 m11), b = word x,
 * a = Load2(16).y (word 5); over 255, so each channel is the integer exactly. */
static const char mem_ps[] =
    "struct Rec { uint2 rg; float scale; float2x2 m; };\n"
    "StructuredBuffer<Rec> recs : register(t0);\n"
    "ByteAddressBuffer words : register(t1);\n"
    "float4 main(float4 pos : SV_Position) : SV_Target\n"
    "{\n"
    "    uint x = (uint)pos.x;\n"
    "    Rec r = recs[x];\n"
    "    float g = recs.Load(x).rg.y + r.m[1][0];\n"
    "    uint2 w = words.Load2(16);\n"
    "    return float4(r.rg.x * r.scale, g, words.Load(x * 4), w.y) / 255.0;\n"
    "}\n";

struct rec {
    uint32_t rg[2];
    float scale, m[4];
};

static const struct rec recs[3] = {
    {{10, 20}, 2.0f, {1, 3, 100, 200}},
    {{30, 40}, 3.0f, {1, 5, 100, 200}},
    {{50, 60}, 4.0f, {1, 7, 100, 200}},
};
static const uint32_t words[6] = {11, 22, 33, 44, 55, 66};

static ID3D11ShaderResourceView *buffer_view(struct rd *r, const void *data, UINT size,
                                             UINT stride, UINT elements, ID3D11Buffer **buf)
{
    D3D11_BUFFER_DESC bd = {size, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                            stride ? D3D11_RESOURCE_MISC_BUFFER_STRUCTURED
                                   : D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, stride};
    D3D11_SUBRESOURCE_DATA init = {data, 0, 0};
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    ID3D11ShaderResourceView *v = NULL;
    *buf = NULL;
    CHECK_HR(ID3D11Device_CreateBuffer(r->dev, &bd, &init, buf), S_OK);
    if (!*buf)
        return NULL;
    memset(&sd, 0, sizeof(sd));
    if (stride) {
        sd.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
        sd.Buffer.NumElements = elements;
    } else {
        sd.Format = DXGI_FORMAT_R32_TYPELESS;
        sd.ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX;
        sd.BufferEx.NumElements = elements;
        sd.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW;
    }
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r->dev, (ID3D11Resource *)*buf, &sd, &v),
             S_OK);
    return v;
}

static void draw_ps(const char *profile, D3D_FEATURE_LEVEL level, const char *vs_target,
                    const char *ps_target)
{
    struct rd r;
    uint8_t img[4 * 4];
    if (!rd_begin_profile(&r, profile, level, 4, 1)) {
        rd_end(&r);
        return;
    }
    ID3DBlob *vsb = hc(quad_vs, vs_target), *psb = hc(mem_ps, ps_target);
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11Buffer *sb = NULL, *rb = NULL;
    ID3D11ShaderResourceView *views[2] = {
        buffer_view(&r, recs, sizeof(recs), sizeof(struct rec), 3, &sb),
        buffer_view(&r, words, sizeof(words), 0, 6, &rb),
    };
    if (vsb)
        CHECK_HR(ID3D11Device_CreateVertexShader(r.dev, ID3D10Blob_GetBufferPointer(vsb),
                                                 ID3D10Blob_GetBufferSize(vsb), NULL, &vs), S_OK);
    if (psb)
        CHECK_HR(ID3D11Device_CreatePixelShader(r.dev, ID3D10Blob_GetBufferPointer(psb),
                                                ID3D10Blob_GetBufferSize(psb), NULL, &ps), S_OK);
    if (vs && ps && views[0] && views[1]) {
        ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
        ID3D11DeviceContext_VSSetShader(r.ctx, vs, NULL, 0);
        ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
        ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 2, views);
        rd_clear(&r, 0.5f, 0.5f, 0.5f, 0.5f);
        ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 4, 0));
        rd_read(&r, img);
        for (int x = 0; x < 4; x++) {
            /* structure 3 lies past the 3-element view: ld_structured reads 0 */
            uint32_t want[4] = {0, 0, words[x], words[5]};
            if (x < 3) {
                want[0] = (uint32_t)((float)recs[x].rg[0] * recs[x].scale);
                want[1] = recs[x].rg[1] + (uint32_t)recs[x].m[1];
            }
            for (int k = 0; k < 4; k++)
                if (img[4 * x + k] != want[k])
                    harness_fail(__FILE__, __LINE__, "%s at %s: pixel %d channel %d = %u, want "
                                 "%u", ps_target, profile, x, k, img[4 * x + k], want[k]);
        }
    }
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(views[0]);
    RD_RELEASE(views[1]);
    RD_RELEASE(sb);
    RD_RELEASE(rb);
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    if (vsb)
        ID3D10Blob_Release(vsb);
    if (psb)
        ID3D10Blob_Release(psb);
    rd_end(&r);
}

TEST(hlsl_sm4_mem_pixel_at_10_0_and_10_1)
{
    draw_ps("10_0", D3D_FEATURE_LEVEL_10_0, "vs_4_0", "ps_4_0");
    draw_ps("10_1", D3D_FEATURE_LEVEL_10_1, "vs_4_1", "ps_4_1");
}

/* ---- vertex and geometry programs ------------------------------------------------------------
 * Four points on a 4 x 1 target: the vertex program reads structure SV_VertexID = (x, red,
 * green) and places the point at pixel x's centre; the geometry program adds raw word
 * (the point's blue index) to blue, read through its own stage's t0. */
static const char points_vs[] =
    "struct P { float x; uint2 rg; uint k; };\n"
    "StructuredBuffer<P> pts : register(t0);\n"
    "struct V { float4 pos : SV_Position; float4 col : COLOR; uint k : K; };\n"
    "V main(uint id : SV_VertexID)\n"
    "{\n"
    "    V o;\n"
    "    P p = pts[id];\n"
    "    o.pos = float4(p.x, 0, 0, 1);\n"
    "    o.col = float4(p.rg / 255.0, 0, 1);\n"
    "    o.k = p.k;\n"
    "    return o;\n"
    "}\n";

static const char points_gs[] =
    "ByteAddressBuffer tint : register(t0);\n"
    "struct V { float4 pos : SV_Position; float4 col : COLOR; uint k : K; };\n"
    "[maxvertexcount(1)]\n"
    "void main(point V input[1], inout PointStream<V> stream)\n"
    "{\n"
    "    V o = input[0];\n"
    "    o.col.z = tint.Load(o.k * 4) / 255.0;\n"
    "    stream.Append(o);\n"
    "}\n";

static const char points_ps[] =
    "float4 main(float4 pos : SV_Position, float4 col : COLOR) : SV_Target { return col; }\n";

struct pt {
    float x;
    uint32_t rg[2], k;
};

TEST(hlsl_sm4_mem_vertex_geometry_at_10_0)
{
    static const struct pt pts[4] = {
        {-0.75f, {1, 2}, 3}, {-0.25f, {50, 60}, 0}, {0.25f, {90, 100}, 2}, {0.75f, {250, 7}, 1},
    };
    static const uint32_t tint[4] = {40, 80, 120, 160};
    struct rd r;
    uint8_t img[4 * 4];
    if (!rd_begin_profile(&r, "10_0", D3D_FEATURE_LEVEL_10_0, 4, 1)) {
        rd_end(&r);
        return;
    }
    ID3DBlob *vsb = hc(points_vs, "vs_4_0"), *gsb = hc(points_gs, "gs_4_0");
    ID3DBlob *psb = hc(points_ps, "ps_4_0");
    ID3D11VertexShader *vs = NULL;
    ID3D11GeometryShader *gs = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11Buffer *sb = NULL, *rb = NULL;
    ID3D11ShaderResourceView *sv = buffer_view(&r, pts, sizeof(pts), sizeof(struct pt), 4, &sb);
    ID3D11ShaderResourceView *rv = buffer_view(&r, tint, sizeof(tint), 0, 4, &rb);
    if (vsb)
        CHECK_HR(ID3D11Device_CreateVertexShader(r.dev, ID3D10Blob_GetBufferPointer(vsb),
                                                 ID3D10Blob_GetBufferSize(vsb), NULL, &vs), S_OK);
    if (gsb)
        CHECK_HR(ID3D11Device_CreateGeometryShader(r.dev, ID3D10Blob_GetBufferPointer(gsb),
                                                   ID3D10Blob_GetBufferSize(gsb), NULL, &gs),
                 S_OK);
    if (psb)
        CHECK_HR(ID3D11Device_CreatePixelShader(r.dev, ID3D10Blob_GetBufferPointer(psb),
                                                ID3D10Blob_GetBufferSize(psb), NULL, &ps), S_OK);
    if (vs && gs && ps && sv && rv) {
        ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
        ID3D11DeviceContext_VSSetShader(r.ctx, vs, NULL, 0);
        ID3D11DeviceContext_GSSetShader(r.ctx, gs, NULL, 0);
        ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
        ID3D11DeviceContext_VSSetShaderResources(r.ctx, 0, 1, &sv);
        ID3D11DeviceContext_GSSetShaderResources(r.ctx, 0, 1, &rv);
        rd_clear(&r, 0, 0, 0, 0);
        ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 4, 0));
        rd_read(&r, img);
        for (int x = 0; x < 4; x++) {
            const uint32_t want[4] = {pts[x].rg[0], pts[x].rg[1], tint[pts[x].k], 255};
            for (int k = 0; k < 4; k++)
                if (img[4 * x + k] != want[k])
                    harness_fail(__FILE__, __LINE__, "pixel %d channel %d = %u, want %u", x, k,
                                 img[4 * x + k], want[k]);
        }
    }
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(sv);
    RD_RELEASE(rv);
    RD_RELEASE(sb);
    RD_RELEASE(rb);
    RD_RELEASE(ps);
    RD_RELEASE(gs);
    RD_RELEASE(vs);
    if (vsb)
        ID3D10Blob_Release(vsb);
    if (gsb)
        ID3D10Blob_Release(gsb);
    if (psb)
        ID3D10Blob_Release(psb);
    rd_end(&r);
}

/* ---- the listing ------------------------------------------------------------------------------ */

/* The instruction lines of a disassembly (from the first ld / mov / ftou after the
 * declarations: everything past the last dcl_ line). */
static const char *body(const char *t)
{
    const char *last = strstr(t, "dcl_"), *p;
    while (last && (p = strstr(last + 4, "dcl_")))
        last = p;
    return last ? strchr(last, '\n') : t;
}

TEST(hlsl_sm4_mem_listing_matches_ps_5_0)
{
    static const char *const targets[] = {"ps_4_0", "ps_4_1"};
    char *t5 = hlsl_run_disassembly(mem_ps, "ps_5_0");
    for (int i = 0; i < 2; i++) {
        char *t4 = hlsl_run_disassembly(mem_ps, targets[i]);
        CHECK_STR_CONTAINS(t4, "dcl_globalFlags enableRawAndStructuredBuffers");
        CHECK_STR_CONTAINS(t4, "dcl_resource_structured t0, 28");
        CHECK_STR_CONTAINS(t4, "dcl_resource_raw t1");
        CHECK_STR_CONTAINS(t4, "ld_structured");
        CHECK_STR_CONTAINS(t4, "ld_raw");
        if (t4 && t5 && strcmp(body(t4), body(t5)))
            harness_fail(__FILE__, __LINE__, "%s's instructions differ from ps_5_0's:\n%s\n"
                         "---\n%s", targets[i], body(t4), body(t5));
        free(t4);
    }
    /* no flag where nothing needs it */
    char *plain = hlsl_run_disassembly(points_ps, "ps_4_0");
    if (plain && strstr(plain, "enableRawAndStructuredBuffers"))
        harness_fail(__FILE__, __LINE__, "a ps_4_0 without buffers has the flag:\n%s", plain);
    free(plain);
    free(t5);
}

/* ---- what 4_x does not have ------------------------------------------------------------------- */

TEST(hlsl_sm4_mem_refusals)
{
    static const struct { const char *src, *target, *want; } bad[] = {
        {"RWStructuredBuffer<float4> b : register(u1);\n"
         "float4 main(uint i : I) : SV_Target { return b[i]; }\n", "ps_4_0",
         "error X3000: RWStructuredBuffer<float4>: unordered access views need shader model 5 "
         "in pixel programs"},
        {"RWByteAddressBuffer b;\nfloat4 main(uint i : I) : SV_Position { return b.Load(i); }\n",
         "vs_4_1", "unordered access views need shader model 5 in vertex programs"},
        {"RWStructuredBuffer<float> b : register(u1);\n"
         "float4 main(uint i : I) : SV_Target { b[i] = 1; return 0; }\n", "ps_4_0",
         "unordered access views need shader model 5"},
        {"StructuredBuffer<float> b;\n"
         "float4 main(uint i : I) : SV_Target { uint n, s; b.GetDimensions(n, s); return n; }\n",
         "ps_4_0", "error X3000: StructuredBuffer<float>.GetDimensions needs shader model 5 "
         "(bufinfo)"},
        {"ByteAddressBuffer b;\n"
         "float4 main(uint i : I) : SV_Position { uint n; b.GetDimensions(n); return n; }\n",
         "vs_4_0", "ByteAddressBuffer.GetDimensions needs shader model 5"},
        {"StructuredBuffer<float> b;\nfloat4 main(uint i : I) : SV_Target { b[i] = 1; return 0; }\n",
         "ps_4_0", "error X3025: l-value specifies const object"},
        {"ByteAddressBuffer b;\nfloat4 main(uint i : I) : SV_Target { b.Store(0, i); return 0; }\n",
         "ps_4_0", "error X3018: 'Store' is no method of 'ByteAddressBuffer'"},
        {"ByteAddressBuffer b;\nfloat4 main(uint i : I) : SV_Target { return b.Load(i); }\n",
         "ps_4_0_level_9_3", "ByteAddressBuffer is not supported yet on ps_4_0_level_9_3"},
        {"StructuredBuffer<float> b;\nfloat4 main(uint i : I) : SV_Position { return b[i]; }\n",
         "vs_3_0", "StructuredBuffer<float> is not supported yet on vs_3_0"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        ID3DBlob *code = NULL, *errors = NULL;
        HRESULT hr = D3DCompile(bad[i].src, strlen(bad[i].src), "mem.hlsl", NULL, NULL, "main",
                                bad[i].target, 0, 0, &code, &errors);
        const char *msg = errors ? (const char *)ID3D10Blob_GetBufferPointer(errors) : "";
        CHECK_HR(hr, E_FAIL);
        CHECK(code == NULL);
        if (!strstr(msg, bad[i].want))
            harness_fail(__FILE__, __LINE__, "case %zu (%s): \"%s\" lacks \"%s\"", i,
                         bad[i].target, msg, bad[i].want);
        if (code)
            ID3D10Blob_Release(code);
        if (errors)
            ID3D10Blob_Release(errors);
    }
}
