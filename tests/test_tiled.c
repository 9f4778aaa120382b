/* tests/test_tiled.c — issue 7 (seed 001): profile 11_1-tiled and tiled resources, tier 2. */
#include "harness.h"

#include <stdlib.h>

#define COBJMACROS
#include "d3d11_2.h"

static ID3D11Device2 *tiled_device(ID3D11DeviceContext2 **ctx)
{
    D3D_FEATURE_LEVEL want = D3D_FEATURE_LEVEL_11_1, got = 0;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *c = NULL;
    setenv("SOFTD3D_PROFILE", "11_1-tiled", 1);
    HRESULT hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &want, 1,
                                   D3D11_SDK_VERSION, &dev, &got, &c);
    unsetenv("SOFTD3D_PROFILE");
    if (FAILED(hr) || got != D3D_FEATURE_LEVEL_11_1)
        return NULL;
    *ctx = (ID3D11DeviceContext2 *)c;
    return (ID3D11Device2 *)dev;
}

TEST(tiled_9_x_refuses_tiled_and_pool)
{
    D3D_FEATURE_LEVEL lv = D3D_FEATURE_LEVEL_9_3;
    ID3D11Device *dev = NULL;
    ID3D11Buffer *b = (ID3D11Buffer *)1;
    D3D11_BUFFER_DESC bd = { 65536, D3D11_USAGE_DEFAULT, 0, 0, D3D11_RESOURCE_MISC_TILE_POOL, 0 };
    CHECK_EQ(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &lv, 1,
                               D3D11_SDK_VERSION, &dev, NULL, NULL), S_OK);
    CHECK(FAILED(ID3D11Device_CreateBuffer(dev, &bd, NULL, &b)));
    CHECK(b == NULL);
    bd.MiscFlags = D3D11_RESOURCE_MISC_TILED;
    CHECK(FAILED(ID3D11Device_CreateBuffer(dev, &bd, NULL, &b)));
    /* 11_1 only from the profiles that offer it (max and 11_1, when named): not 10_1 */
    lv = D3D_FEATURE_LEVEL_11_1;
    setenv("SOFTD3D_PROFILE", "10_1", 1);
    CHECK_EQ(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &lv, 1,
                               D3D11_SDK_VERSION, NULL, NULL, NULL), DXGI_ERROR_UNSUPPORTED);
    unsetenv("SOFTD3D_PROFILE");
    CHECK_EQ(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &lv, 1,
                               D3D11_SDK_VERSION, NULL, NULL, NULL), S_FALSE);
    CHECK_EQ(ID3D11Device_Release(dev), 0u);
}

/* The 11_1 device (profile 11_1, here through its old name 11_1-tiled) is the ordinary device
 * plus tiled resources: tier 2 reported, and what 11_0 has works there too. */
TEST(tiled_profile_reports_tier2_on_the_ordinary_device)
{
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    D3D11_FEATURE_DATA_D3D11_OPTIONS1 o = { 0 };
    D3D11_SAMPLER_DESC sd = { 0 };
    ID3D11SamplerState *s = NULL;
    ID3D11Buffer *b = NULL;
    /* an unordered-access buffer (11_0's, so 11_1's too) */
    D3D11_BUFFER_DESC bd = { 256, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0, 0 };
    CHECK(dev != NULL);
    if (!dev)
        return;
    CHECK_EQ(ID3D11Device2_CheckFeatureSupport(dev, D3D11_FEATURE_D3D11_OPTIONS1, &o, sizeof(o)),
             S_OK);
    CHECK_EQ(o.TiledResourcesTier, D3D11_TILED_RESOURCES_TIER_2);
    CHECK_EQ(o.MinMaxFiltering, TRUE);
    CHECK_EQ(ID3D11Device_GetFeatureLevel((ID3D11Device *)dev), D3D_FEATURE_LEVEL_11_1);
    /* a zeroed sampler description has address modes 0, which no D3D11_TEXTURE_ADDRESS_MODE
     * is */
    CHECK_EQ(ID3D11Device2_CreateSamplerState(dev, &sd, &s), E_INVALIDARG);
    CHECK(s == NULL);
    {
        D3D11_BLEND_DESC bl = { 0 };
        ID3D11BlendState *st = NULL;
        bl.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
        bl.RenderTarget[0].SrcBlend = bl.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
        bl.RenderTarget[0].DestBlend = bl.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO;
        bl.RenderTarget[0].BlendOp = bl.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
        CHECK_EQ(ID3D11Device2_CreateBlendState(dev, &bl, &st), S_OK);
        if (st)
            ID3D11BlendState_Release(st);
    }
    CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &bd, NULL, &b), S_OK);
    if (b)
        ID3D11Buffer_Release(b);
    /* the NULL array stops at 11_0 under this profile (11_1 only when named) */
    {
        D3D_FEATURE_LEVEL got = 0;
        setenv("SOFTD3D_PROFILE", "11_1", 1);
        CHECK_EQ(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                   D3D11_SDK_VERSION, NULL, &got, NULL), S_FALSE);
        unsetenv("SOFTD3D_PROFILE");
        CHECK_EQ(got, D3D_FEATURE_LEVEL_11_0);
    }
    ID3D11DeviceContext2_Release(ctx);
    CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}

TEST(tiled_resource_tiling_shapes_packed_mips_and_mappings)
{
    static const struct { DXGI_FORMAT f; UINT w, h; } shapes[] = {
        { DXGI_FORMAT_R8_UNORM, 256, 256 }, { DXGI_FORMAT_R8G8_UNORM, 256, 128 },
        { DXGI_FORMAT_R8G8B8A8_UNORM, 128, 128 }, { DXGI_FORMAT_R16G16B16A16_FLOAT, 128, 64 },
        { DXGI_FORMAT_R32G32B32A32_FLOAT, 64, 64 },
    };
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    CHECK(dev != NULL);
    if (!dev)
        return;
    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
        D3D11_TEXTURE2D_DESC td = { 512, 512, 0, 1, shapes[i].f, { 1, 0 }, D3D11_USAGE_DEFAULT,
                                    D3D11_BIND_SHADER_RESOURCE, 0, D3D11_RESOURCE_MISC_TILED };
        ID3D11Texture2D *t = NULL;
        D3D11_TILE_SHAPE sh = { 0 };
        D3D11_PACKED_MIP_DESC pm = { 0 };
        UINT n = 0;
        CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &td, NULL, &t), S_OK);
        if (!t)
            continue;
        ID3D11Device2_GetResourceTiling(dev, (ID3D11Resource *)t, &n, &pm, &sh, NULL, 0, NULL);
        CHECK_EQ(sh.WidthInTexels, shapes[i].w);
        CHECK_EQ(sh.HeightInTexels, shapes[i].h);
        /* 512x512 with 10 mips: standard while a mip holds a whole tile */
        CHECK_EQ(pm.NumStandardMips + pm.NumPackedMips, 10u);
        CHECK(pm.NumPackedMips > 0);
        CHECK(pm.NumTilesForPackedMips >= 1);
        CHECK_EQ(ID3D11Texture2D_Release(t), 0u);
    }
    {
        /* 32-bit, 256x256, 9 mips: mips 0 (2x2 tiles) and 1 (1 tile) standard, 7 packed */
        D3D11_TEXTURE2D_DESC td = { 256, 256, 0, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                    D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                                    D3D11_RESOURCE_MISC_TILED };
        D3D11_BUFFER_DESC pd = { 4 * 65536, D3D11_USAGE_DEFAULT, 0, 0,
                                 D3D11_RESOURCE_MISC_TILE_POOL, 0 };
        ID3D11Texture2D *t = NULL;
        ID3D11Buffer *pool = NULL;
        D3D11_PACKED_MIP_DESC pm = { 0 };
        UINT n = 0;
        D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 0 };
        D3D11_TILE_REGION_SIZE rs = { 4, FALSE, 0, 0, 0 };
        UINT flags = 0, off = 0, cnt = 4, null_flag = D3D11_TILE_RANGE_NULL;
        CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &td, NULL, &t), S_OK);
        CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &pd, NULL, &pool), S_OK);
        ID3D11Device2_GetResourceTiling(dev, (ID3D11Resource *)t, &n, &pm, NULL, NULL, 0, NULL);
        CHECK_EQ(pm.NumStandardMips, 2u);
        CHECK_EQ(pm.NumPackedMips, 7u);
        CHECK_EQ(pm.NumTilesForPackedMips, 1u);
        CHECK_EQ(n, 6u);
        CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)t, 1, &c, &rs,
                                                         pool, 1, &flags, &off, &cnt, 0), S_OK);
        CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)t, 1, &c, &rs,
                                                         NULL, 1, &null_flag, NULL, &cnt,
                                                         D3D11_TILE_MAPPING_NO_OVERWRITE), S_OK);
        /* beyond the pool (5 tiles of a 4-tile pool) */
        off = 1;
        CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)t, 1, &c, &rs,
                                                         pool, 1, &flags, &off, &cnt, 0),
                 E_INVALIDARG);
        /* packed mips: all or none (subresource 2 is packed; 0 of 1 tile is refused via X) */
        c.Subresource = 2;
        c.X = 1;
        rs.NumTiles = 1;
        cnt = 1;
        off = 0;
        CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)t, 1, &c, &rs,
                                                         pool, 1, &flags, &off, &cnt, 0),
                 E_INVALIDARG);
        c.X = 0;
        CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)t, 1, &c, &rs,
                                                         pool, 1, &flags, &off, &cnt, 0), S_OK);
        /* ResizeTilePool: grow, shrink (tiled_ops tests the rules), non-multiple refused */
        CHECK_EQ(ID3D11DeviceContext2_ResizeTilePool(ctx, pool, 8 * 65536), S_OK);
        CHECK_EQ(ID3D11DeviceContext2_ResizeTilePool(ctx, pool, 65536), S_OK);
        CHECK_EQ(ID3D11DeviceContext2_ResizeTilePool(ctx, pool, 1000), E_INVALIDARG);
        pd.ByteWidth = 1000;
        {
            ID3D11Buffer *bad = NULL;
            CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &pd, NULL, &bad), E_INVALIDARG);
        }
        /* array size > 1 with packed mips refused (seed 001 limitation) */
        td.ArraySize = 2;
        {
            ID3D11Texture2D *bad = NULL;
            CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &td, NULL, &bad), E_INVALIDARG);
            td.MipLevels = 2;
            CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &td, NULL, &bad), S_OK);
            if (bad)
                CHECK_EQ(ID3D11Texture2D_Release(bad), 0u);
        }
        ID3D11Texture2D_Release(t);
        CHECK_EQ(ID3D11Buffer_Release(pool), 0u);
    }
    ID3D11DeviceContext2_Release(ctx);
    CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}
