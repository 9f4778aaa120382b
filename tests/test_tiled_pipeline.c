/* tests/test_tiled_pipeline.c — tiled textures in the ordinary pipeline of the 11_1 device
 * (issue 11 acceptance item 2, issue 15): an input layout with vertex and index buffers,
 * DrawIndexed, an ordinary depth buffer with the depth test, a tiled texture sampled with
 * point filtering and CheckAccessFullyMapped, a tiled render target (writes to its NULL tile
 * dropped), read back with CopyResource into an ordinary staging texture and Map.
 *
 * Target: R8G8B8A8_UNORM 512x256, 4x2 tiles of 128x128, tiles 0..6 mapped, tile 7 (x >= 384,
 * y >= 128) NULL.  Texture: R8_UNORM 512x256, 2 tiles of 256x256: tile 0 mapped, every texel
 * 255 but column 255 = 153; tile 1 NULL.
 * Draw 1: the whole target at z 0.5, red.  Draw 2: the left half at z 0.25, sampling the
 * texture: (r, mapped ? 1 : 0, 0, 1).  Draw 3: the whole target at z 0.75, blue: behind
 * everything, the LESS depth test rejects all of it. */
#include "test_tiled_util.h"

#include "shader/shader_asm.h"

#define W 512
#define H 256

static const char vs_text[] =
    "// Input signature:\n//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// POSITION                 0   xyz         0     NONE   float   xyz \n"
    "// TEXCOORD                 0   xy          1     NONE   float   xy  \n//\n"
    "// Output signature:\n//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "// TEXCOORD                 0   xy          1     NONE   float   xy  \n//\n"
    "vs_5_0\n"
    "dcl_input v0.xyz\n"
    "dcl_input v1.xy\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xy\n"
    "mov o0.xyz, v0.xyzx\n"
    "mov o0.w, l(1.000000)\n"
    "mov o1.xy, v1.xyxx\n"
    "ret\n";

#define PS_HEAD                                                                                \
    "// Input signature:\n//\n"                                                                \
    "// Name                 Index   Mask Register SysValue  Format   Used\n"                  \
    "// -------------------- ----- ------ -------- -------- ------- ------\n"                  \
    "// SV_Position              0   xyzw        0      POS   float   xy  \n"                  \
    "// TEXCOORD                 0   xy          1     NONE   float   xy  \n//\n"              \
    "// Output signature:\n//\n"                                                               \
    "// Name                 Index   Mask Register SysValue  Format   Used\n"                  \
    "// -------------------- ----- ------ -------- -------- ------- ------\n"                  \
    "// SV_Target                0   xyzw        0   TARGET   float   xyzw\n//\n"              \
    "ps_5_0\n"

static const char ps_red[] = PS_HEAD "dcl_output o0.xyzw\n"
                                     "mov o0.xyzw, l(1.000000, 0, 0, 1.000000)\nret\n";
static const char ps_blue[] = PS_HEAD "dcl_output o0.xyzw\n"
                                      "mov o0.xyzw, l(0, 0, 1.000000, 1.000000)\nret\n";
static const char ps_sample[] =
    PS_HEAD "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xy\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 2\n"
    "sample_cl_s r0.xyzw, r1.x, v1.xyxx, t0.xyzw, s0, l(0.000000)\n"
    "check_access_fully_mapped r1.y, r1.x\n"
    "and r0.y, r1.y, l(0x3f800000)\n"
    "mov o0.xy, r0.xyxx\nmov o0.zw, l(0, 0, 0, 1.000000)\nret\n";

static void *assemble(const char *text, size_t *size)
{
    void *blob = NULL;
    char err[256] = "";
    if (shader_assemble(text, strlen(text), &blob, size, err, sizeof(err)) != SHADER_ASM_OK) {
        fprintf(stderr, "assemble: %s\n", err);
        return NULL;
    }
    return blob;
}

static ID3D11PixelShader *make_ps(ID3D11Device2 *dev, const char *text)
{
    size_t size = 0;
    void *blob = assemble(text, &size);
    ID3D11PixelShader *ps = NULL;
    if (blob)
        CHECK_EQ(ID3D11Device2_CreatePixelShader(dev, blob, size, NULL, &ps), S_OK);
    free(blob);
    return ps;
}

struct vtx {
    float x, y, z, u, v;
};

/* Three quads (4 vertices each): the whole target at z 0.5, its left half at 0.25, the whole
 * target at 0.75; (u, v) spans the area each covers. */
static const struct vtx verts[12] = {
    { -1, 1, 0.5f, 0, 0 },   { 1, 1, 0.5f, 1, 0 },   { -1, -1, 0.5f, 0, 1 },   { 1, -1, 0.5f, 1, 1 },
    { -1, 1, 0.25f, 0, 0 },  { 0, 1, 0.25f, 0.5f, 0 }, { -1, -1, 0.25f, 0, 1 },
    { 0, -1, 0.25f, 0.5f, 1 },
    { -1, 1, 0.75f, 0, 0 },  { 1, 1, 0.75f, 1, 0 },  { -1, -1, 0.75f, 0, 1 },  { 1, -1, 0.75f, 1, 1 },
};
static const uint16_t indices[6] = { 0, 1, 2, 2, 1, 3 };

static bool px_is(const uint8_t *img, size_t pitch, int x, int y, uint8_t r, uint8_t g,
                  uint8_t b, uint8_t a)
{
    const uint8_t *p = img + (size_t)y * pitch + (size_t)x * 4;
    if (p[0] == r && p[1] == g && p[2] == b && p[3] == a)
        return true;
    fprintf(stderr, "pixel (%d, %d) = (%u, %u, %u, %u), expected (%u, %u, %u, %u)\n", x, y,
            p[0], p[1], p[2], p[3], r, g, b, a);
    return false;
}

TEST(tiled_11_1_indexed_draws_with_input_layout_depth_and_staging_readback)
{
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    ID3D11Buffer *pool = NULL, *vb = NULL, *ib = NULL;
    ID3D11Texture2D *tex = NULL, *rt = NULL, *depth = NULL, *staging = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *red = NULL, *blue = NULL, *smp_ps = NULL;
    ID3D11InputLayout *il = NULL;
    ID3D11SamplerState *smp = NULL;
    void *vs_blob = NULL;
    size_t vs_size = 0;
    CHECK(dev != NULL);
    if (!dev)
        return;
    pool = tiled_pool(dev, 16);
    tex = tiled_texture(dev, W, H, 1, DXGI_FORMAT_R8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    rt = tiled_texture(dev, W, H, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
    CHECK(pool && tex && rt);
    if (!pool || !tex || !rt)
        goto done;
    CHECK_EQ(tiled_map(ctx, tex, pool, 0, 1, 0), S_OK);
    CHECK_EQ(tiled_map(ctx, rt, pool, 0, 7, 1), S_OK);
    {
        uint8_t *t0 = malloc(TILE);
        D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 0 };
        CHECK(t0 != NULL);
        if (!t0)
            goto done;
        memset(t0, 255, TILE);
        for (int y = 0; y < 256; y++)
            t0[y * 256 + 255] = 153;
        ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)tex, &c, NULL, t0, 0);
        free(t0);
    }
    CHECK_EQ(ID3D11Device2_CreateShaderResourceView(dev, (ID3D11Resource *)tex, NULL, &srv),
             S_OK);
    CHECK_EQ(ID3D11Device2_CreateRenderTargetView(dev, (ID3D11Resource *)rt, NULL, &rtv), S_OK);
    {
        /* an ordinary depth buffer next to the tiled target */
        D3D11_TEXTURE2D_DESC dd = { W, H, 1, 1, DXGI_FORMAT_D24_UNORM_S8_UINT, { 1, 0 },
                                    D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL, 0, 0 };
        D3D11_TEXTURE2D_DESC sd = { W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                    D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0 };
        D3D11_BUFFER_DESC vd = { sizeof(verts), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER,
                                 0, 0, 0 };
        D3D11_BUFFER_DESC id = { sizeof(indices), D3D11_USAGE_DEFAULT, D3D11_BIND_INDEX_BUFFER,
                                 0, 0, 0 };
        D3D11_SUBRESOURCE_DATA vinit = { verts, 0, 0 }, iinit = { indices, 0, 0 };
        D3D11_SAMPLER_DESC smd = { D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                                   D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                                   D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
        CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &dd, NULL, &depth), S_OK);
        CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &sd, NULL, &staging), S_OK);
        CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &vd, &vinit, &vb), S_OK);
        CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &id, &iinit, &ib), S_OK);
        CHECK_EQ(ID3D11Device2_CreateSamplerState(dev, &smd, &smp), S_OK);
        if (depth)
            CHECK_EQ(ID3D11Device2_CreateDepthStencilView(dev, (ID3D11Resource *)depth, NULL,
                                                          &dsv), S_OK);
    }
    vs_blob = assemble(vs_text, &vs_size);
    if (vs_blob) {
        static const D3D11_INPUT_ELEMENT_DESC el[2] = {
            { "POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0 },
            { "TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        };
        CHECK_EQ(ID3D11Device2_CreateVertexShader(dev, vs_blob, vs_size, NULL, &vs), S_OK);
        CHECK_EQ(ID3D11Device2_CreateInputLayout(dev, el, 2, vs_blob, vs_size, &il), S_OK);
    }
    red = make_ps(dev, ps_red);
    blue = make_ps(dev, ps_blue);
    smp_ps = make_ps(dev, ps_sample);
    CHECK(srv && rtv && dsv && staging && vb && ib && smp && vs && il && red && blue && smp_ps);
    if (!srv || !rtv || !dsv || !staging || !vb || !ib || !smp || !vs || !il || !red || !blue ||
        !smp_ps)
        goto done;
    {
        static const float clear[4] = { 0.0f, 1.0f, 0.0f, 1.0f };
        D3D11_VIEWPORT vp = { 0, 0, W, H, 0, 1 };
        UINT stride = sizeof(struct vtx), offset = 0;
        D3D11_MAPPED_SUBRESOURCE m;
        ID3D11DeviceContext2_ClearRenderTargetView(ctx, rtv, clear);
        ID3D11DeviceContext2_ClearDepthStencilView(ctx, dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
        ID3D11DeviceContext2_RSSetViewports(ctx, 1, &vp);
        ID3D11DeviceContext2_IASetPrimitiveTopology(ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        ID3D11DeviceContext2_IASetInputLayout(ctx, il);
        ID3D11DeviceContext2_IASetVertexBuffers(ctx, 0, 1, &vb, &stride, &offset);
        ID3D11DeviceContext2_IASetIndexBuffer(ctx, ib, DXGI_FORMAT_R16_UINT, 0);
        ID3D11DeviceContext2_VSSetShader(ctx, vs, NULL, 0);
        ID3D11DeviceContext2_PSSetShaderResources(ctx, 0, 1, &srv);
        ID3D11DeviceContext2_PSSetSamplers(ctx, 0, 1, &smp);
        ID3D11DeviceContext2_OMSetRenderTargets(ctx, 1, &rtv, dsv);
        util_clear_last_message();
        ID3D11DeviceContext2_PSSetShader(ctx, red, NULL, 0);
        ID3D11DeviceContext2_DrawIndexed(ctx, 6, 0, 0);
        ID3D11DeviceContext2_PSSetShader(ctx, smp_ps, NULL, 0);
        ID3D11DeviceContext2_DrawIndexed(ctx, 6, 0, 4);
        ID3D11DeviceContext2_PSSetShader(ctx, blue, NULL, 0);
        ID3D11DeviceContext2_DrawIndexed(ctx, 6, 0, 8);
        CHECK_EQ(LAST[0], 0);
        if (LAST[0])
            fprintf(stderr, "%s\n", LAST);
        /* the tiled target -> an ordinary staging texture, mapped */
        ID3D11DeviceContext2_CopyResource(ctx, (ID3D11Resource *)staging, (ID3D11Resource *)rt);
        CHECK_EQ(LAST[0], 0);
        CHECK_EQ(ID3D11DeviceContext2_Map(ctx, (ID3D11Resource *)staging, 0, D3D11_MAP_READ, 0,
                                          &m), S_OK);
        if (m.pData) {
            const uint8_t *img = m.pData;
            for (int y = 0; y < H; y += 17) {
                /* left half: the sampled texture, in front of the red quad */
                CHECK(px_is(img, m.RowPitch, 0, y, 255, 255, 0, 255));
                CHECK(px_is(img, m.RowPitch, 254, y, 255, 255, 0, 255));
                CHECK(px_is(img, m.RowPitch, 255, y, 153, 255, 0, 255));
                /* right half: red (draw 3's blue is behind it) */
                CHECK(px_is(img, m.RowPitch, 256, y, 255, 0, 0, 255));
                CHECK(px_is(img, m.RowPitch, 383, y, 255, 0, 0, 255));
            }
            /* RT tile 7 is NULL: the clear's and the draws' writes dropped, it reads 0 */
            CHECK(px_is(img, m.RowPitch, 400, 100, 255, 0, 0, 255));
            CHECK(px_is(img, m.RowPitch, 400, 200, 0, 0, 0, 0));
            CHECK(px_is(img, m.RowPitch, 511, 255, 0, 0, 0, 0));
            ID3D11DeviceContext2_Unmap(ctx, (ID3D11Resource *)staging, 0);
        }
        /* CopyResource needs identical dimensions: a smaller staging texture is refused */
        {
            D3D11_TEXTURE2D_DESC sd = { W / 2, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                        D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0 };
            ID3D11Texture2D *small = NULL;
            CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &sd, NULL, &small), S_OK);
            util_clear_last_message();
            ID3D11DeviceContext2_CopyResource(ctx, (ID3D11Resource *)small, (ID3D11Resource *)rt);
            CHECK_STR_CONTAINS(LAST, "CopyResource: the resources differ");
            if (small)
                ID3D11Texture2D_Release(small);
        }
        /* a depth-stencil view of a tiled texture without D3D11_BIND_DEPTH_STENCIL: the
         * ordinary rule (test_tiled_views.c: depth through the page table) */
        {
            ID3D11DepthStencilView *tdsv = (ID3D11DepthStencilView *)1;
            util_clear_last_message();
            CHECK_EQ(ID3D11Device2_CreateDepthStencilView(dev, (ID3D11Resource *)rt, NULL, &tdsv),
                     E_INVALIDARG);
            CHECK(LAST[0] != 0);
            CHECK(tdsv == NULL);
        }
    }
done:
    if (ctx)
        ID3D11DeviceContext2_ClearState(ctx);
    free(vs_blob);
    if (il)
        ID3D11InputLayout_Release(il);
    if (vs)
        ID3D11VertexShader_Release(vs);
    if (red)
        ID3D11PixelShader_Release(red);
    if (blue)
        ID3D11PixelShader_Release(blue);
    if (smp_ps)
        ID3D11PixelShader_Release(smp_ps);
    if (smp)
        ID3D11SamplerState_Release(smp);
    if (srv)
        ID3D11ShaderResourceView_Release(srv);
    if (rtv)
        ID3D11RenderTargetView_Release(rtv);
    if (dsv)
        ID3D11DepthStencilView_Release(dsv);
    if (depth)
        ID3D11Texture2D_Release(depth);
    if (staging)
        ID3D11Texture2D_Release(staging);
    if (vb)
        ID3D11Buffer_Release(vb);
    if (ib)
        ID3D11Buffer_Release(ib);
    if (tex)
        ID3D11Texture2D_Release(tex);
    if (rt)
        ID3D11Texture2D_Release(rt);
    if (pool)
        ID3D11Buffer_Release(pool);
    if (ctx)
        ID3D11DeviceContext2_Release(ctx);
    CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}
