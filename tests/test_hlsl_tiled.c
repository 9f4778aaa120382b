/* tests/test_hlsl_tiled.c — vs/ps 4_0, 4_1 and 5_0 from D3DCompile drawn by devices: a
 * full-target quad whose pixels come from a cbuffer, integer vertex-id arithmetic, a loop and
 * a conditional, each checked against its closed form.  4_0 is drawn at feature level 10_0
 * and 4_1 at 10_1 (SOFTD3D_PROFILE=10_0 / 10_1); 5_0 at 11_1 (the 11_1-tiled profile takes
 * SM5 programs for draws from SV_VertexID into tiled render targets, tests/test_tiled_draw.c),
 * the only level that takes them yet. */
#include "test_render_util.h"
#include "test_tiled_util.h"

#include "d3dcompiler.h"

static const char vs_src[] =
    "struct O { float4 pos : SV_Position; float2 uv : TEXCOORD0; };\n"
    "O main(uint id : SV_VertexID)\n"
    "{\n"
    "    O o;\n"
    "    o.uv = float2(id & 1, id >> 1);\n"
    "    o.pos = float4(o.uv * float2(2, -2) + float2(-1, 1), 0, 1);\n"
    "    return o;\n"
    "}\n";

static const char ps_src[] =
    "cbuffer Look : register(b0) { float4 tint; int bands; };\n"
    "float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target\n"
    "{\n"
    "    int band = 0;\n"
    "    [loop] for (int i = 1; i < bands; i++)\n"
    "        if (uv.x * bands >= i) band = i;\n"
    "    float g = (float)band / (bands - 1);\n"
    "    float b = pos.y < 64 ? 0.25 : 0.75;\n"
    "    return float4(tint.r, g, b, 1) * tint.a;\n"
    "}\n";

static ID3DBlob *hc(const char *src, const char *target)
{
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "tiled.hlsl", NULL, NULL, "main", target, 0, 0,
                            &code, &errors);
    if (FAILED(hr))
        harness_fail(__FILE__, __LINE__, "D3DCompile(%s): %s", target,
                     errors ? (const char *)ID3D10Blob_GetBufferPointer(errors) : "");
    if (errors)
        ID3D10Blob_Release(errors);
    return code;
}

enum { W = 128, H = 128 };   /* one 64 KiB tile of RGBA8 */

/* Every pixel of the W x H RGBA8 image against the closed form. */
static void check_image(const uint8_t *img, const char *ps_target)
{
    unsigned bad = 0;
    for (int y = 0; y < H && bad < 5; y++)
        for (int x = 0; x < W && bad < 5; x++) {
            const uint8_t *p = img + ((size_t)y * W + x) * 4;
            float u = ((float)x + 0.5f) / W;
            int band = 0;
            for (int i = 1; i < 4; i++)
                if (u * 4 >= (float)i)
                    band = i;
            int g = (int)((float)band / 3.0f * 255.0f + 0.5f);
            int b = y < 64 ? 64 : 191;
            if (abs(p[0] - 128) > 1 || abs(p[1] - g) > 1 || abs(p[2] - b) > 1 || p[3] != 255) {
                harness_fail(__FILE__, __LINE__, "%s: pixel (%d, %d) = (%u, %u, %u, %u), want "
                             "(128, %d, %d, 255)", ps_target, x, y, p[0], p[1], p[2], p[3], g, b);
                bad++;
            }
        }
}

static const struct { float tint[4]; int bands, pad[3]; } look = {{0.5f, 0, 0, 1}, 4, {0}};

/* The pair drawn by a plain device at 10_0 / 10_1 (a 4-vertex strip from SV_VertexID). */
static void draw_at_10(const char *profile, D3D_FEATURE_LEVEL level, const char *vs_target,
                       const char *ps_target)
{
    struct rd r;
    if (!rd_begin_profile(&r, profile, level, W, H)) {
        rd_end(&r);
        return;
    }
    ID3DBlob *vsb = hc(vs_src, vs_target), *psb = hc(ps_src, ps_target);
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11Buffer *cb = rd_buffer(r.dev, D3D11_BIND_CONSTANT_BUFFER, &look, sizeof(look));
    uint8_t *img = malloc((size_t)W * H * 4);
    if (vsb)
        CHECK_HR(ID3D11Device_CreateVertexShader(r.dev, ID3D10Blob_GetBufferPointer(vsb),
                                                 ID3D10Blob_GetBufferSize(vsb), NULL, &vs), S_OK);
    if (psb)
        CHECK_HR(ID3D11Device_CreatePixelShader(r.dev, ID3D10Blob_GetBufferPointer(psb),
                                                ID3D10Blob_GetBufferSize(psb), NULL, &ps), S_OK);
    if (vs && ps && cb && img) {
        ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
        ID3D11DeviceContext_VSSetShader(r.ctx, vs, NULL, 0);
        ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
        ID3D11DeviceContext_PSSetConstantBuffers(r.ctx, 0, 1, &cb);
        rd_clear(&r, 0, 0, 0, 0);
        ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 4, 0));
        rd_read(&r, img);
        check_image(img, ps_target);
    }
    ID3D11DeviceContext_ClearState(r.ctx);
    free(img);
    RD_RELEASE(cb);
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    if (vsb)
        ID3D10Blob_Release(vsb);
    if (psb)
        ID3D10Blob_Release(psb);
    rd_end(&r);
}

static void draw_at_11_1(const char *vs_target, const char *ps_target)
{
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    if (!dev)
        return;
    ID3DBlob *vsb = hc(vs_src, vs_target), *psb = hc(ps_src, ps_target);
    ID3D11Buffer *pool = tiled_pool(dev, 1), *cb = NULL;
    ID3D11Texture2D *rt = tiled_texture(dev, W, H, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                        D3D11_BIND_RENDER_TARGET);
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    uint8_t *img = malloc(TILE);
    if (!vsb || !psb || !pool || !rt || !img)
        goto done;
    CHECK_EQ(tiled_map(ctx, rt, pool, 0, 1, 0), S_OK);
    CHECK_EQ(ID3D11Device2_CreateRenderTargetView(dev, (ID3D11Resource *)rt, NULL, &rtv), S_OK);
    CHECK_EQ(ID3D11Device2_CreateVertexShader(dev, ID3D10Blob_GetBufferPointer(vsb),
                                              ID3D10Blob_GetBufferSize(vsb), NULL, &vs), S_OK);
    CHECK_EQ(ID3D11Device2_CreatePixelShader(dev, ID3D10Blob_GetBufferPointer(psb),
                                             ID3D10Blob_GetBufferSize(psb), NULL, &ps), S_OK);
    D3D11_BUFFER_DESC bd = {sizeof(look), D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
    D3D11_SUBRESOURCE_DATA init = {&look, 0, 0};
    CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &bd, &init, &cb), S_OK);
    if (!rtv || !vs || !ps || !cb)
        goto done;
    D3D11_VIEWPORT vp = {0, 0, W, H, 0, 1};
    ID3D11DeviceContext2_RSSetViewports(ctx, 1, &vp);
    ID3D11DeviceContext2_IASetPrimitiveTopology(ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ID3D11DeviceContext2_VSSetShader(ctx, vs, NULL, 0);
    ID3D11DeviceContext2_PSSetShader(ctx, ps, NULL, 0);
    ID3D11DeviceContext2_PSSetConstantBuffers(ctx, 0, 1, &cb);
    ID3D11DeviceContext2_OMSetRenderTargets(ctx, 1, &rtv, NULL);
    ID3D11DeviceContext2_Draw(ctx, 4, 0);
    CHECK(tiled_read((ID3D11Device2 *)dev, ctx, rt, 0, 1, img));
    check_image(img, ps_target);
done:
    if (ctx)
        ID3D11DeviceContext2_ClearState(ctx);
    free(img);
    if (cb) ID3D11Buffer_Release(cb);
    if (ps) ID3D11PixelShader_Release(ps);
    if (vs) ID3D11VertexShader_Release(vs);
    if (rtv) ID3D11RenderTargetView_Release(rtv);
    if (rt) ID3D11Texture2D_Release(rt);
    if (pool) ID3D11Buffer_Release(pool);
    if (vsb) ID3D10Blob_Release(vsb);
    if (psb) ID3D10Blob_Release(psb);
    if (ctx) ID3D11DeviceContext2_Release(ctx);
    CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}

TEST(hlsl_draw_vs_ps_4_0_at_10_0_and_4_1_at_10_1)
{
    draw_at_10("10_0", D3D_FEATURE_LEVEL_10_0, "vs_4_0", "ps_4_0");
    draw_at_10("10_1", D3D_FEATURE_LEVEL_10_1, "vs_4_1", "ps_4_1");
}

TEST(hlsl_draw_vs_ps_5_0_at_11_1)
{
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    if (!dev)
        SKIP("no 11_1-tiled device");
    ID3D11DeviceContext2_Release(ctx);
    ID3D11Device2_Release(dev);
    draw_at_11_1("vs_5_0", "ps_5_0");
}
