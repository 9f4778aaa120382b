/* tests/test_hlsl_draw.c — HLSL compiled by D3DCompile for the level_9 targets and drawn on
 * 9_1 / 9_3 devices: the container must be one 10Level9 accepts (Aon9 program of the right
 * version), the input layout must match the compiled signature, and the pixels must be the
 * closed-form values. */
#include "test_render_util.h"

#include "d3dcompiler.h"

static ID3DBlob *hc(const char *src, const char *target)
{
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "draw.hlsl", NULL, NULL, "main", target, 0, 0, &code,
                            &errors);
    if (FAILED(hr))
        harness_fail(__FILE__, __LINE__, "D3DCompile(%s): 0x%08x %s", target, (unsigned)hr,
                     errors ? (const char *)ID3D10Blob_GetBufferPointer(errors) : "");
    if (errors)
        ID3D10Blob_Release(errors);
    return code;
}

static bool close_to(int got, int want)
{
    return got - want <= 1 && want - got <= 1;
}

#define CHECK_PIXEL(img, w, x, y, r_, g_, b_, a_)                                               \
    do {                                                                                      \
        const uint8_t *p_ = (img) + ((size_t)(y) * (w) + (x)) * 4;                            \
        if (!close_to(p_[0], r_) || !close_to(p_[1], g_) || !close_to(p_[2], b_) ||           \
            !close_to(p_[3], a_))                                                             \
            harness_fail(__FILE__, __LINE__, "pixel (%d, %d) = (%d, %d, %d, %d), want "       \
                         "(%d, %d, %d, %d)", (int)(x), (int)(y), p_[0], p_[1], p_[2], p_[3],  \
                         (int)(r_), (int)(g_), (int)(b_), (int)(a_));                         \
    } while (0)

/* Dear ImGui's D3D11 backend shaders, as it compiles them (its vs_4_0/ps_4_0 pair, here for
 * the level_9_1 targets) */
static const char ui_vs[] =
    "cbuffer vertexBuffer : register(b0)\n"
    "{\n"
    "    float4x4 ProjectionMatrix;\n"
    "};\n"
    "struct VS_INPUT\n"
    "{\n"
    "    float2 pos : POSITION;\n"
    "    float4 col : COLOR0;\n"
    "    float2 uv  : TEXCOORD0;\n"
    "};\n"
    "struct PS_INPUT\n"
    "{\n"
    "    float4 pos : SV_POSITION;\n"
    "    float4 col : COLOR0;\n"
    "    float2 uv  : TEXCOORD0;\n"
    "};\n"
    "PS_INPUT main(VS_INPUT input)\n"
    "{\n"
    "    PS_INPUT output;\n"
    "    output.pos = mul( ProjectionMatrix, float4(input.pos.xy, 0.f, 1.f));\n"
    "    output.col = input.col;\n"
    "    output.uv  = input.uv;\n"
    "    return output;\n"
    "}\n";

static const char ui_ps[] =
    "struct PS_INPUT\n"
    "{\n"
    "    float4 pos : SV_POSITION;\n"
    "    float4 col : COLOR0;\n"
    "    float2 uv  : TEXCOORD0;\n"
    "};\n"
    "sampler sampler0;\n"
    "Texture2D texture0;\n"
    "float4 main(PS_INPUT input) : SV_Target\n"
    "{\n"
    "    float4 out_col = input.col * texture0.Sample(sampler0, input.uv);\n"
    "    return out_col;\n"
    "}\n";

struct ui_vtx {
    float pos[2];
    float col[4];
    float uv[2];
};

static void draw_ui(D3D_FEATURE_LEVEL level, const char *vs_target, const char *ps_target)
{
    struct rd r;
    enum { W = 16, H = 16 };
    if (!rd_begin(&r, level, W, H))
        return;
    ID3DBlob *vsb = hc(ui_vs, vs_target), *psb = hc(ui_ps, ps_target);
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11InputLayout *layout = NULL;
    ID3D11Buffer *vb = NULL, *cb = NULL;
    ID3D11Texture2D *tex = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *smp = NULL;
    if (!vsb || !psb)
        goto done;
    CHECK_HR(ID3D11Device_CreateVertexShader(r.dev, ID3D10Blob_GetBufferPointer(vsb),
                                             ID3D10Blob_GetBufferSize(vsb), NULL, &vs), S_OK);
    CHECK_HR(ID3D11Device_CreatePixelShader(r.dev, ID3D10Blob_GetBufferPointer(psb),
                                            ID3D10Blob_GetBufferSize(psb), NULL, &ps), S_OK);
    static const D3D11_INPUT_ELEMENT_DESC el[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 24, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    CHECK_HR(ID3D11Device_CreateInputLayout(r.dev, el, 3, ID3D10Blob_GetBufferPointer(vsb),
                                            ID3D10Blob_GetBufferSize(vsb), &layout), S_OK);
    /* a quad over the whole target in pixel coordinates, ImGui's orthographic projection */
    static const struct ui_vtx quad[6] = {
        {{0, 0}, {1, 0.5f, 1, 1}, {0, 0}}, {{W, 0}, {1, 0.5f, 1, 1}, {1, 0}},
        {{0, H}, {1, 0.5f, 1, 1}, {0, 1}}, {{W, 0}, {1, 0.5f, 1, 1}, {1, 0}},
        {{W, H}, {1, 0.5f, 1, 1}, {1, 1}}, {{0, H}, {1, 0.5f, 1, 1}, {0, 1}},
    };
    vb = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, quad, sizeof(quad));
    float L = 0, R = W, T = 0, B = H;
    float mvp[4][4] = {
        {2.0f / (R - L), 0.0f, 0.0f, 0.0f},
        {0.0f, 2.0f / (T - B), 0.0f, 0.0f},
        {0.0f, 0.0f, 0.5f, 0.0f},
        {(R + L) / (L - R), (T + B) / (B - T), 0.5f, 1.0f},
    };
    cb = rd_buffer(r.dev, D3D11_BIND_CONSTANT_BUFFER, mvp, sizeof(mvp));
    /* a 4x4 texture: texel (x, y) = (64x, 64y, 200, 255) */
    uint8_t texels[4][4][4];
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            texels[y][x][0] = (uint8_t)(64 * x);
            texels[y][x][1] = (uint8_t)(64 * y);
            texels[y][x][2] = 200;
            texels[y][x][3] = 255;
        }
    tex = rd_texture(r.dev, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE, texels, 16);
    if (tex)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)tex, NULL, &srv),
                 S_OK);
    D3D11_SAMPLER_DESC sd;
    memset(&sd, 0, sizeof(sd));
    sd.Filter = D3D11_FILTER_MIN_MAG_MIP_POINT;
    sd.AddressU = sd.AddressV = sd.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
    sd.MaxAnisotropy = 1;
    sd.ComparisonFunc = D3D11_COMPARISON_ALWAYS;
    sd.MaxLOD = FLT_MAX;
    CHECK_HR(ID3D11Device_CreateSamplerState(r.dev, &sd, &smp), S_OK);
    UINT stride = sizeof(struct ui_vtx), offset = 0;
    ID3D11DeviceContext_IASetInputLayout(r.ctx, layout);
    ID3D11DeviceContext_IASetVertexBuffers(r.ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(r.ctx, vs, NULL, 0);
    ID3D11DeviceContext_VSSetConstantBuffers(r.ctx, 0, 1, &cb);
    ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, &srv);
    ID3D11DeviceContext_PSSetSamplers(r.ctx, 0, 1, &smp);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    uint8_t img[W * H * 4];
    rd_read(&r, img);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int tx = x / 4, ty = y / 4;
            /* colour (1, 0.5, 1, 1) times the texel */
            CHECK_PIXEL(img, W, x, y, 64 * tx, (64 * ty + 1) / 2, 200, 255);
        }
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(smp);
    RD_RELEASE(srv);
    RD_RELEASE(tex);
    RD_RELEASE(cb);
    RD_RELEASE(vb);
    RD_RELEASE(layout);
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    if (vsb)
        ID3D10Blob_Release(vsb);
    if (psb)
        ID3D10Blob_Release(psb);
    rd_end(&r);
}

TEST(hlsl_draw_ui_pair_level_9_1)
{
    draw_ui(D3D_FEATURE_LEVEL_9_1, "vs_4_0_level_9_1", "ps_4_0_level_9_1");
}

TEST(hlsl_draw_ui_pair_level_9_3)
{
    draw_ui(D3D_FEATURE_LEVEL_9_3, "vs_4_0_level_9_3", "ps_4_0_level_9_3");
}

/* ---- per-pixel lighting at 9_3: a light array in a cbuffer struct, [unroll], clip, ddx ---- */

static const char light_vs[] =
    "struct VSOut { float4 pos : SV_Position; float3 n : NORMAL; float2 uv : TEXCOORD0; };\n"
    "VSOut main(float4 p : POSITION, float3 n : NORMAL, float2 uv : TEXCOORD0)\n"
    "{\n"
    "    VSOut o;\n"
    "    o.pos = p;\n"
    "    o.n = n;\n"
    "    o.uv = uv;\n"
    "    return o;\n"
    "}\n";

static const char light_ps[] =
    "#define NUM_LIGHTS 2\n"
    "struct Light { float3 dir; float intensity; float4 color; };\n"
    "cbuffer Lights : register(b0)\n"
    "{\n"
    "    Light lights[NUM_LIGHTS];\n"
    "    float4 ambient;\n"
    "};\n"
    "float lambert(float3 n, float3 l) { return saturate(dot(n, -l)); }\n"
    "float4 main(float4 pos : SV_Position, float3 n : NORMAL, float2 uv : TEXCOORD0) : SV_Target\n"
    "{\n"
    "    clip(uv.x - 0.5);\n"
    "    float3 nn = normalize(n);\n"
    "    float3 c = ambient.rgb;\n"
    "    [unroll] for (int i = 0; i < NUM_LIGHTS; i++)\n"
    "        c += lights[i].color.rgb * lights[i].intensity * lambert(nn, lights[i].dir);\n"
    "    float slope = ddx(uv.x) * 16;   /* one pixel of 16 across */\n"
    "    return float4(c, slope);\n"
    "}\n";

TEST(hlsl_draw_lighting_level_9_3)
{
    struct rd r;
    enum { W = 16, H = 8 };
    if (!rd_begin(&r, D3D_FEATURE_LEVEL_9_3, W, H))
        return;
    ID3DBlob *vsb = hc(light_vs, "vs_4_0_level_9_3"), *psb = hc(light_ps, "ps_4_0_level_9_3");
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11InputLayout *layout = NULL;
    ID3D11Buffer *vb = NULL, *cb = NULL;
    if (!vsb || !psb)
        goto done;
    CHECK_HR(ID3D11Device_CreateVertexShader(r.dev, ID3D10Blob_GetBufferPointer(vsb),
                                             ID3D10Blob_GetBufferSize(vsb), NULL, &vs), S_OK);
    CHECK_HR(ID3D11Device_CreatePixelShader(r.dev, ID3D10Blob_GetBufferPointer(psb),
                                            ID3D10Blob_GetBufferSize(psb), NULL, &ps), S_OK);
    static const D3D11_INPUT_ELEMENT_DESC el[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 28, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    CHECK_HR(ID3D11Device_CreateInputLayout(r.dev, el, 3, ID3D10Blob_GetBufferPointer(vsb),
                                            ID3D10Blob_GetBufferSize(vsb), &layout), S_OK);
    /* a full-screen quad; the normal (0, 0, 2) everywhere: normalized to +z */
    struct lv { float p[4], n[3], uv[2]; };
    static const struct lv quad[6] = {
        {{-1, 1, 0, 1}, {0, 0, 2}, {0, 0}}, {{1, 1, 0, 1}, {0, 0, 2}, {1, 0}},
        {{-1, -1, 0, 1}, {0, 0, 2}, {0, 1}}, {{1, 1, 0, 1}, {0, 0, 2}, {1, 0}},
        {{1, -1, 0, 1}, {0, 0, 2}, {1, 1}}, {{-1, -1, 0, 1}, {0, 0, 2}, {0, 1}},
    };
    vb = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, quad, sizeof(quad));
    /* light 0: along -z (facing the normal: lambert 1), red, intensity 0.5; light 1: at 60
     * degrees (dir (0, -sin60, -cos60): lambert 0.5), green, intensity 1; ambient 0.1 blue */
    float all[20] = {0, 0, -1, 0.5f, 1, 0, 0, 0, 0, -0.8660254f, -0.5f, 1.0f, 0, 1, 0, 0,
                     0, 0, 0.1f, 0};
    cb = rd_buffer(r.dev, D3D11_BIND_CONSTANT_BUFFER, all, sizeof(all));
    UINT stride = sizeof(struct lv), offset = 0;
    ID3D11DeviceContext_IASetInputLayout(r.ctx, layout);
    ID3D11DeviceContext_IASetVertexBuffers(r.ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(r.ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetConstantBuffers(r.ctx, 0, 1, &cb);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    uint8_t img[W * H * 4];
    rd_read(&r, img);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            if (x < W / 2) /* uv.x < 0.5: clipped, the clear colour stays */
                CHECK_PIXEL(img, W, x, y, 0, 0, 0, 0);
            else /* red 0.5 * 1, green 1 * 0.5, blue 0.1; alpha ddx(uv.x) * 16 = 1 */
                CHECK_PIXEL(img, W, x, y, 128, 128, 26, 255);
        }
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(cb);
    RD_RELEASE(vb);
    RD_RELEASE(layout);
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    if (vsb)
        ID3D10Blob_Release(vsb);
    if (psb)
        ID3D10Blob_Release(psb);
    rd_end(&r);
}

TEST(hlsl_level_9_1_refuses_what_it_cannot_run)
{
    static const char ddx_ps[] =
        "float4 main(float4 p : SV_Position, float2 uv : TEXCOORD0) : SV_Target\n"
        "{ return ddx(uv).xyxy; }\n";
    ID3DBlob *code = NULL, *errors = NULL;
    CHECK_HR(D3DCompile(ddx_ps, strlen(ddx_ps), "l9.hlsl", NULL, NULL, "main", "ps_4_0_level_9_1",
                        0, 0, &code, &errors), E_FAIL);
    CHECK(errors != NULL);
    if (errors) {
        CHECK_STR_CONTAINS((const char *)ID3D10Blob_GetBufferPointer(errors), "ddx/ddy");
        ID3D10Blob_Release(errors);
    }
    static const char loop_ps[] =
        "cbuffer C { int n; };\n"
        "float4 main(float4 p : SV_Position) : SV_Target\n"
        "{ float4 c = 0; for (int i = 0; i < n; i++) c += 0.1; return c; }\n";
    errors = NULL;
    CHECK_HR(D3DCompile(loop_ps, strlen(loop_ps), "l9.hlsl", NULL, NULL, "main",
                        "ps_4_0_level_9_3", 0, 0, &code, &errors), E_FAIL);
    if (errors) {
        CHECK_STR_CONTAINS((const char *)ID3D10Blob_GetBufferPointer(errors),
                           "l9.hlsl(3,17-20): error X3511: unable to unroll loop");
        ID3D10Blob_Release(errors);
    }
}

/* ---- level 9 has no flow control: ifs are flattened, discards predicated ---------------- */

static const char uv_vs[] =
    "float4 main(float4 p : POSITION, float2 uv : TEXCOORD0, out float2 ouv : TEXCOORD0) : SV_Position\n"
    "{ ouv = uv; return p; }\n";

static const char flat_ps[] =
    "cbuffer C { float threshold; float4 tint; };\n"
    "float4 main(float4 p : SV_Position, float2 uv : TEXCOORD0) : SV_Target\n"
    "{\n"
    "    float4 c = float4(uv, 0, 1);\n"
    "    if (uv.x > threshold) {\n"
    "        c.rgb = tint.rgb;\n"
    "        if (uv.y > 0.5) discard;\n"
    "    } else\n"
    "        c.b = 1;\n"
    "    float k = uv.y < 0.25 ? 2 : 1;\n"
    "    return c * k;\n"
    "}\n";

static int unorm(float v)
{
    v = v < 0 ? 0 : v > 1 ? 1 : v;
    return (int)(v * 255.0f + 0.5f);
}

TEST(hlsl_draw_flattened_if_level_9_1)
{
    struct rd r;
    enum { W = 16, H = 16 };
    if (!rd_begin(&r, D3D_FEATURE_LEVEL_9_1, W, H))
        return;
    ID3DBlob *vsb = hc(uv_vs, "vs_4_0_level_9_1"), *psb = hc(flat_ps, "ps_4_0_level_9_1");
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11InputLayout *layout = NULL;
    ID3D11Buffer *vb = NULL, *cb = NULL;
    if (!vsb || !psb)
        goto done;
    CHECK_HR(ID3D11Device_CreateVertexShader(r.dev, ID3D10Blob_GetBufferPointer(vsb),
                                             ID3D10Blob_GetBufferSize(vsb), NULL, &vs), S_OK);
    CHECK_HR(ID3D11Device_CreatePixelShader(r.dev, ID3D10Blob_GetBufferPointer(psb),
                                            ID3D10Blob_GetBufferSize(psb), NULL, &ps), S_OK);
    static const D3D11_INPUT_ELEMENT_DESC el[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    CHECK_HR(ID3D11Device_CreateInputLayout(r.dev, el, 2, ID3D10Blob_GetBufferPointer(vsb),
                                            ID3D10Blob_GetBufferSize(vsb), &layout), S_OK);
    struct uvv { float p[4], uv[2]; };
    static const struct uvv quad[6] = {
        {{-1, 1, 0, 1}, {0, 0}}, {{1, 1, 0, 1}, {1, 0}}, {{-1, -1, 0, 1}, {0, 1}},
        {{1, 1, 0, 1}, {1, 0}}, {{1, -1, 0, 1}, {1, 1}}, {{-1, -1, 0, 1}, {0, 1}},
    };
    vb = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, quad, sizeof(quad));
    /* $Globals: threshold c0.x, tint c1 */
    static const float consts[8] = {0.5f, 0, 0, 0, 0.25f, 0.5f, 0.75f, 0};
    cb = rd_buffer(r.dev, D3D11_BIND_CONSTANT_BUFFER, consts, sizeof(consts));
    UINT stride = sizeof(struct uvv), offset = 0;
    ID3D11DeviceContext_IASetInputLayout(r.ctx, layout);
    ID3D11DeviceContext_IASetVertexBuffers(r.ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(r.ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetConstantBuffers(r.ctx, 0, 1, &cb);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    uint8_t img[W * H * 4];
    rd_read(&r, img);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float u = ((float)x + 0.5f) / W, v = ((float)y + 0.5f) / H;
            float k = v < 0.25f ? 2.0f : 1.0f;
            if (u > 0.5f && v > 0.5f)
                CHECK_PIXEL(img, W, x, y, 0, 0, 0, 0);
            else if (u > 0.5f)
                CHECK_PIXEL(img, W, x, y, unorm(0.25f * k), unorm(0.5f * k), unorm(0.75f * k),
                            unorm(k));
            else
                CHECK_PIXEL(img, W, x, y, unorm(u * k), unorm(v * k), unorm(k), unorm(k));
        }
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(cb);
    RD_RELEASE(vb);
    RD_RELEASE(layout);
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    if (vsb)
        ID3D10Blob_Release(vsb);
    if (psb)
        ID3D10Blob_Release(psb);
    rd_end(&r);
}

/* ---- a bone palette indexed per vertex: relative constant addressing (vs_2_0's a0) ------- */

static const char bones_vs[] =
    "cbuffer Skin : register(b0) { float4 pad; float4x3 Bones[3]; };\n"
    "struct O { float4 pos : SV_Position; float3 col : COLOR0; };\n"
    "O main(float4 p : POSITION, float4 idx : BLENDINDICES)\n"
    "{\n"
    "    O o;\n"
    "    o.pos = p;\n"
    "    float4x3 b = Bones[(int)idx.x];\n"
    "    o.col = mul(float4(1, 0, 0, 0), b) + b[3] * 0.5;   /* row 0, and half of row 3 */\n"
    "    return o;\n"
    "}\n";

static const char col_ps[] =
    "float4 main(float4 p : SV_Position, float3 c : COLOR0) : SV_Target { return float4(c, 1); }\n";

TEST(hlsl_draw_bone_palette_level_9_1)
{
    struct rd r;
    enum { W = 16, H = 8 };
    if (!rd_begin(&r, D3D_FEATURE_LEVEL_9_1, W, H))
        return;
    ID3DBlob *vsb = hc(bones_vs, "vs_4_0_level_9_1"), *psb = hc(col_ps, "ps_4_0_level_9_1");
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11InputLayout *layout = NULL;
    ID3D11Buffer *vb = NULL, *cb = NULL;
    if (!vsb || !psb)
        goto done;
    CHECK_HR(ID3D11Device_CreateVertexShader(r.dev, ID3D10Blob_GetBufferPointer(vsb),
                                             ID3D10Blob_GetBufferSize(vsb), NULL, &vs), S_OK);
    CHECK_HR(ID3D11Device_CreatePixelShader(r.dev, ID3D10Blob_GetBufferPointer(psb),
                                            ID3D10Blob_GetBufferSize(psb), NULL, &ps), S_OK);
    static const D3D11_INPUT_ELEMENT_DESC el[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"BLENDINDICES", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    CHECK_HR(ID3D11Device_CreateInputLayout(r.dev, el, 2, ID3D10Blob_GetBufferPointer(vsb),
                                            ID3D10Blob_GetBufferSize(vsb), &layout), S_OK);
    /* left half: bone 2, right half: bone 1 */
    struct bv { float p[4], idx[4]; };
    static const struct bv quads[12] = {
        {{-1, 1, 0, 1}, {2}}, {{0, 1, 0, 1}, {2}}, {{-1, -1, 0, 1}, {2}},
        {{0, 1, 0, 1}, {2}}, {{0, -1, 0, 1}, {2}}, {{-1, -1, 0, 1}, {2}},
        {{0, 1, 0, 1}, {1}}, {{1, 1, 0, 1}, {1}}, {{0, -1, 0, 1}, {1}},
        {{1, 1, 0, 1}, {1}}, {{1, -1, 0, 1}, {1}}, {{0, -1, 0, 1}, {1}},
    };
    vb = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, quads, sizeof(quads));
    /* column_major float4x3: three registers, register c holding column c (rows x..w).
     * Bone k at c1 + 3k.  Row 0 = (m00, m01, m02) = (reg0.x, reg1.x, reg2.x); row 3 the .w. */
    float consts[4 * 10] = {0};
    for (int k = 0; k < 3; k++)
        for (int c = 0; c < 3; c++) {
            float *reg = &consts[(1 + 3 * k + c) * 4];
            reg[0] = 0.1f * (float)(k + 1) + 0.2f * (float)c; /* row 0 */
            reg[3] = 0.2f;                                    /* row 3 */
        }
    cb = rd_buffer(r.dev, D3D11_BIND_CONSTANT_BUFFER, consts, sizeof(consts));
    UINT stride = sizeof(struct bv), offset = 0;
    ID3D11DeviceContext_IASetInputLayout(r.ctx, layout);
    ID3D11DeviceContext_IASetVertexBuffers(r.ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(r.ctx, vs, NULL, 0);
    ID3D11DeviceContext_VSSetConstantBuffers(r.ctx, 0, 1, &cb);
    ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 12, 0));
    uint8_t img[W * H * 4];
    rd_read(&r, img);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int k = x < W / 2 ? 2 : 1;
            float base = 0.1f * (float)(k + 1);
            CHECK_PIXEL(img, W, x, y, unorm(base + 0.1f), unorm(base + 0.2f + 0.1f),
                        unorm(base + 0.4f + 0.1f), 255);
        }
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(cb);
    RD_RELEASE(vb);
    RD_RELEASE(layout);
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    if (vsb)
        ID3D10Blob_Release(vsb);
    if (psb)
        ID3D10Blob_Release(psb);
    rd_end(&r);
}

/* ---- the bench's shaders from HLSL render the same pixels as its hand-written listings --- */

#include "../bench/shaders.h"

static const char bench_vs_tex_hlsl[] =
    "cbuffer Transform : register(b0) { float4x4 transform; };\n"
    "struct VSOut { float4 pos : SV_Position; float4 col : COLOR; float2 uv : TEXCOORD; };\n"
    "VSOut main(float3 pos : POSITION, float4 col : COLOR, float2 uv : TEXCOORD)\n"
    "{\n"
    "    VSOut o;\n"
    "    o.pos = mul(transform, float4(pos, 1));   /* x*c0 + y*c1 + z*c2 + c3 */\n"
    "    o.col = col;\n"
    "    o.uv = uv;\n"
    "    return o;\n"
    "}\n";

static const char bench_ps_tex_hlsl[] =
    "Texture2D tex; SamplerState smp;\n"
    "float4 main(float4 pos : SV_Position, float4 col : COLOR, float2 uv : TEXCOORD) : SV_Target\n"
    "{ return tex.Sample(smp, uv) * col; }\n";

static const char bench_vs_color_hlsl[] =
    "cbuffer Transform : register(b0) { float4x4 transform; };\n"
    "struct VSOut { float4 pos : SV_Position; float4 col : COLOR; };\n"
    "VSOut main(float3 pos : POSITION, float4 col : COLOR)\n"
    "{ VSOut o; o.pos = mul(transform, float4(pos, 1)); o.col = col; return o; }\n";

static const char bench_ps_color_hlsl[] =
    "float4 main(float4 pos : SV_Position, float4 col : COLOR) : SV_Target { return col; }\n";

static void bench_scene(const void *vs_code, size_t vs_size, const void *ps_code, size_t ps_size,
                        uint8_t *img)
{
    struct rd r;
    enum { W = 32, H = 32 };
    if (!rd_begin(&r, D3D_FEATURE_LEVEL_9_1, W, H))
        return;
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11InputLayout *layout = NULL;
    ID3D11Buffer *vb = NULL, *cb = NULL;
    ID3D11Texture2D *tex = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *smp = NULL;
    CHECK_HR(ID3D11Device_CreateVertexShader(r.dev, vs_code, vs_size, NULL, &vs), S_OK);
    CHECK_HR(ID3D11Device_CreatePixelShader(r.dev, ps_code, ps_size, NULL, &ps), S_OK);
    static const D3D11_INPUT_ELEMENT_DESC el[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 28, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    CHECK_HR(ID3D11Device_CreateInputLayout(r.dev, el, 3, vs_code, vs_size, &layout), S_OK);
    struct bv { float p[3], c[4], uv[2]; };
    static const struct bv tri[3] = {
        {{2, 3, 0.25f}, {1, 0.2f, 0.7f, 1}, {0.1f, 0.05f}},
        {{30, 9, 0.5f}, {0.3f, 1, 0.1f, 0.5f}, {0.9f, 0.3f}},
        {{11, 29, 0.75f}, {0.6f, 0.4f, 1, 0.8f}, {0.4f, 0.95f}},
    };
    vb = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, tri, sizeof(tri));
    /* pixels to clip space, column-major: register i is column i */
    const float m[16] = {2.0f / W, 0, 0, 0, 0, -2.0f / H, 0, 0, 0, 0, 1, 0, -1, 1, 0, 1};
    cb = rd_buffer(r.dev, D3D11_BIND_CONSTANT_BUFFER, m, sizeof(m));
    uint8_t texels[8][8][4];
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++) {
            texels[y][x][0] = (uint8_t)(x * 37);
            texels[y][x][1] = (uint8_t)(y * 29);
            texels[y][x][2] = (uint8_t)((x ^ y) * 31);
            texels[y][x][3] = 255;
        }
    tex = rd_texture(r.dev, 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE, texels, 32);
    if (tex)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)tex, NULL, &srv),
                 S_OK);
    D3D11_SAMPLER_DESC sd;
    memset(&sd, 0, sizeof(sd));
    sd.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR;
    sd.AddressU = sd.AddressV = sd.AddressW = D3D11_TEXTURE_ADDRESS_WRAP;
    sd.MaxAnisotropy = 1;
    sd.ComparisonFunc = D3D11_COMPARISON_ALWAYS;
    sd.MaxLOD = FLT_MAX;
    CHECK_HR(ID3D11Device_CreateSamplerState(r.dev, &sd, &smp), S_OK);
    UINT stride = sizeof(struct bv), offset = 0;
    ID3D11DeviceContext_IASetInputLayout(r.ctx, layout);
    ID3D11DeviceContext_IASetVertexBuffers(r.ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(r.ctx, vs, NULL, 0);
    ID3D11DeviceContext_VSSetConstantBuffers(r.ctx, 0, 1, &cb);
    ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, &srv);
    ID3D11DeviceContext_PSSetSamplers(r.ctx, 0, 1, &smp);
    rd_clear(&r, 0.1f, 0.1f, 0.1f, 1);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 3, 0));
    rd_read(&r, img);
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(smp);
    RD_RELEASE(srv);
    RD_RELEASE(tex);
    RD_RELEASE(cb);
    RD_RELEASE(vb);
    RD_RELEASE(layout);
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    rd_end(&r);
}

static void bench_pair(const char *vs_listing, const char *ps_listing, const char *vs_hlsl,
                       const char *ps_hlsl);

TEST(hlsl_bench_shaders_match_their_listings)
{
    bench_pair(bench_vs_tex, bench_ps_tex, bench_vs_tex_hlsl, bench_ps_tex_hlsl);
    bench_pair(bench_vs_color, bench_ps_color, bench_vs_color_hlsl, bench_ps_color_hlsl);
}

static void bench_pair(const char *vs_listing, const char *ps_listing, const char *vs_hlsl,
                       const char *ps_hlsl)
{
    static uint8_t a[32 * 32 * 4], b[32 * 32 * 4];
    void *lvs = NULL, *lps = NULL;
    size_t lvs_n = 0, lps_n = 0;
    char err[256];
    CHECK_EQ(bench_assemble(vs_listing, &lvs, &lvs_n, err, sizeof(err)), 0);
    CHECK_EQ(bench_assemble(ps_listing, &lps, &lps_n, err, sizeof(err)), 0);
    ID3DBlob *hvs = hc(vs_hlsl, "vs_4_0_level_9_1");
    ID3DBlob *hps = hc(ps_hlsl, "ps_4_0_level_9_1");
    if (lvs && lps && hvs && hps) {
        bench_scene(lvs, lvs_n, lps, lps_n, a);
        bench_scene(ID3D10Blob_GetBufferPointer(hvs), ID3D10Blob_GetBufferSize(hvs),
                    ID3D10Blob_GetBufferPointer(hps), ID3D10Blob_GetBufferSize(hps), b);
        unsigned covered = 0, differ = 0;
        for (size_t i = 0; i < sizeof(a); i += 4) {
            covered += a[i] != 26 || a[i + 1] != 26;
            differ += memcmp(a + i, b + i, 4) != 0;
        }
        CHECK(covered > 100);   /* the triangle is there */
        CHECK_EQ(differ, 0);
    }
    free(lvs);
    free(lps);
    if (hvs)
        ID3D10Blob_Release(hvs);
    if (hps)
        ID3D10Blob_Release(hps);
}

TEST(hlsl_level_9_refuses_system_values_and_targets_it_lacks)
{
    static const struct { const char *src, *target, *want; } cases[] = {
        {"float4 main(uint id : SV_VertexID) : SV_Position { return id; }", "vs_4_0_level_9_3",
         "SV_VertexID is not available on level_9 targets"},
        {"struct O { float4 a : SV_Target0; float4 b : SV_Target1; };\n"
         "O main() { O o; o.a = 0; o.b = 1; return o; }", "ps_4_0_level_9_1",
         "SV_Target1: ps_4_0_level_9_1 writes one render target"},
        {"float4 main(bool f : SV_IsFrontFace) : SV_Target { return f ? 1 : 0; }",
         "ps_4_0_level_9_3", "SV_IsFrontFace is not available on level_9 targets"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        ID3DBlob *code = NULL, *errors = NULL;
        CHECK_HR(D3DCompile(cases[i].src, strlen(cases[i].src), "l9.hlsl", NULL, NULL, "main",
                            cases[i].target, 0, 0, &code, &errors), E_FAIL);
        if (errors) {
            CHECK_STR_CONTAINS((const char *)ID3D10Blob_GetBufferPointer(errors), cases[i].want);
            ID3D10Blob_Release(errors);
        }
    }
    /* four render targets at 9_3 are fine */
    static const char mrt[] = "struct O { float4 a : SV_Target0; float4 b : SV_Target3; };\n"
                              "O main() { O o; o.a = 0; o.b = 1; return o; }";
    ID3DBlob *code = hc(mrt, "ps_4_0_level_9_3");
    if (code)
        ID3D10Blob_Release(code);
}
