/* tests/test_d3d11_fl10.c — feature levels 10_0 and 10_1 (issue 11, first step): the profiles,
 * D3D11CreateDevice's negotiation, the resource limits of the levels, the stages that are not
 * there yet, the context rules without the 10Level9 limits, CheckFeatureSupport, and draws of
 * plain vs_4_0 / ps_4_0 programs (no level-9 chunk) that only 10_0 accepts: DrawInstanced,
 * indexed point lists, vertex-shader textures, rendering into an array slice. */
#include "test_render_util.h"

#include <stdio.h>

#include "core/profile.h"
#include "dxbc_builder.h"

static const D3D_FEATURE_LEVEL L93 = D3D_FEATURE_LEVEL_9_3,
                               L100 = D3D_FEATURE_LEVEL_10_0, L101 = D3D_FEATURE_LEVEL_10_1,
                               L110 = D3D_FEATURE_LEVEL_11_0;

/* ---- profiles and negotiation --------------------------------------------------------------- */

TEST(fl10_profiles_by_name)
{
    const core_profile *p = NULL;
    CHECK_EQ(core_profile_by_name("10_0", &p), 0);
    CHECK(p && p->id == CORE_PROFILE_10_0 && p->d3d11_level == CORE_LEVEL_10_0);
    CHECK(p && core_profile_d3d11_level(p, NULL, 0) == CORE_LEVEL_10_0);
    CHECK_EQ(core_profile_by_name("10_1", &p), 0);
    CHECK(p && p->id == CORE_PROFILE_10_1 && p->d3d11_level == CORE_LEVEL_10_1);
    CHECK(core_profile_get(CORE_PROFILE_10_1) == p);
    /* the D3D9 face of the 10_x profiles: the max caps */
    CHECK(p && !memcmp(&p->caps, &core_profile_get(CORE_PROFILE_MAX)->caps, sizeof(p->caps)));
    /* max offers up to 11_0 (11_1 when named: issues 11, 15, 16), though its D3DCAPS9 derive
     * 9_3 by seed 000 */
    CHECK_EQ(core_profile_d3d11_level(core_profile_get(CORE_PROFILE_MAX), NULL, 0),
             CORE_LEVEL_11_0);
    CHECK_EQ(core_level_from_caps(&core_profile_get(CORE_PROFILE_MAX)->caps, NULL, 0),
             CORE_LEVEL_9_3);
    CHECK_EQ(core_profile_by_name("10_2", &p), -1);
    CHECK(!strcmp(core_level_name(CORE_LEVEL_10_0), "10_0"));
    CHECK(!strcmp(core_level_name(CORE_LEVEL_10_1), "10_1"));
    CHECK_EQ(core_level_from_name("10_1"), CORE_LEVEL_10_1);
    CHECK_EQ(core_level_from_name("11_2"), CORE_LEVEL_NONE);
}

TEST(fl10_negotiation)
{
    static const D3D_FEATURE_LEVEL ask_11_10[] = { D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1,
                                                   D3D_FEATURE_LEVEL_10_0 };
    static const D3D_FEATURE_LEVEL ask_low_first[] = { D3D_FEATURE_LEVEL_9_1,
                                                       D3D_FEATURE_LEVEL_10_0 };
    static const D3D_FEATURE_LEVEL ask_10_1_9_3[] = { D3D_FEATURE_LEVEL_10_1,
                                                      D3D_FEATURE_LEVEL_9_3 };
    static const struct {
        const char *profile;
        const D3D_FEATURE_LEVEL *levels;
        UINT n;
        HRESULT hr;
        D3D_FEATURE_LEVEL got;
    } cases[] = {
        /* NULL: the default array {11_0, 10_1, 10_0, 9_3, 9_2, 9_1} */
        { "10_0", NULL, 0, S_OK, D3D_FEATURE_LEVEL_10_0 },
        { "10_1", NULL, 0, S_OK, D3D_FEATURE_LEVEL_10_1 },
        { "max", NULL, 0, S_OK, D3D_FEATURE_LEVEL_11_0 },
        { "", NULL, 0, S_OK, D3D_FEATURE_LEVEL_11_0 },        /* unset: max */
        /* the ImGui-style request: the first supported in the caller's order */
        { "10_0", ask_11_10, 3, S_OK, D3D_FEATURE_LEVEL_10_0 },
        { "10_1", ask_11_10, 3, S_OK, D3D_FEATURE_LEVEL_10_1 },
        { "max", ask_11_10, 3, S_OK, D3D_FEATURE_LEVEL_11_0 },
        { "max", &L110, 1, S_OK, D3D_FEATURE_LEVEL_11_0 },
        { "max", ask_low_first, 2, S_OK, D3D_FEATURE_LEVEL_9_1 },
        { "10_1", ask_low_first, 2, S_OK, D3D_FEATURE_LEVEL_9_1 },
        { "10_0", ask_10_1_9_3, 2, S_OK, D3D_FEATURE_LEVEL_9_3 },
        { "10_0", &L101, 1, DXGI_ERROR_UNSUPPORTED, 0 },
        { "10_1", &L110, 1, DXGI_ERROR_UNSUPPORTED, 0 },
        { "9_3", &L100, 1, DXGI_ERROR_UNSUPPORTED, 0 },
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        D3D_FEATURE_LEVEL got = (D3D_FEATURE_LEVEL)123;
        ID3D11Device *dev = NULL;
        setenv("SOFTD3D_PROFILE", cases[i].profile, 1);
        CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, cases[i].levels,
                                   cases[i].n, D3D11_SDK_VERSION, &dev, &got, NULL),
                 cases[i].hr);
        CHECK_EQ(got, cases[i].got);
        if (dev) {
            CHECK_EQ(ID3D11Device_GetFeatureLevel(dev), cases[i].got);
            ID3D11Device_Release(dev);
        }
    }
    unsetenv("SOFTD3D_PROFILE");
}

TEST(fl10_level_above_profile_explained)
{
    ID3D11Device *dev = NULL;
    setenv("SOFTD3D_PROFILE", "10_0", 1);
    util_clear_last_message();
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &L101, 1,
                               D3D11_SDK_VERSION, &dev, NULL, NULL), DXGI_ERROR_UNSUPPORTED);
    CHECK(dev == NULL);
    CHECK_STR_CONTAINS(LAST, "profile 10_0 (highest: 10_0)");
    unsetenv("SOFTD3D_PROFILE");
}

/* ---- resources ------------------------------------------------------------------------------ */

static HRESULT tex2d(ID3D11Device *dev, UINT w, UINT h, UINT mips, UINT array, UINT misc)
{
    D3D11_TEXTURE2D_DESC d = { w, h, mips, array, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, misc };
    ID3D11Texture2D *t = NULL;
    HRESULT hr = ID3D11Device_CreateTexture2D(dev, &d, NULL, &t);
    if (t)
        ID3D11Texture2D_Release(t);
    return hr;
}

static HRESULT tex3d(ID3D11Device *dev, UINT w, UINT h, UINT depth, UINT mips)
{
    D3D11_TEXTURE3D_DESC d = { w, h, depth, mips, DXGI_FORMAT_R8G8B8A8_UNORM,
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    ID3D11Texture3D *t = NULL;
    HRESULT hr = ID3D11Device_CreateTexture3D(dev, &d, NULL, &t);
    if (t)
        ID3D11Texture3D_Release(t);
    return hr;
}

TEST(fl10_texture2d_limits)
{
    const char *profiles[] = { "10_0", "10_1" };
    const D3D_FEATURE_LEVEL levels[] = { L100, L101 };
    for (int i = 0; i < 2; i++) {
        ID3D11Device *dev = rd_profile_device(profiles[i], levels[i], NULL);
        if (!dev)
            continue;
        /* D3D10_REQ_TEXTURE2D_U_OR_V_DIMENSION 8192 */
        CHECK_HR(tex2d(dev, 8192, 1, 1, 1, 0), S_OK);
        CHECK_HR(tex2d(dev, 1, 8192, 1, 1, 0), S_OK);
        util_clear_last_message();
        CHECK_HR(tex2d(dev, 8193, 1, 1, 1, 0), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "maximum texture dimension 8192");
        /* D3D10_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION 512: arrays exist from 10_0 */
        CHECK_HR(tex2d(dev, 4, 4, 1, 512, 0), S_OK);
        CHECK_HR(tex2d(dev, 4, 4, 1, 513, 0), E_INVALIDARG);
        /* no 10Level9 power-of-two rule: a mipmapped 100x60 texture, a full chain */
        CHECK_HR(tex2d(dev, 100, 60, 0, 1, 0), S_OK);
        /* cubes up to 8192 (D3D10_REQ_TEXTURECUBE_DIMENSION), not powers of two either */
        CHECK_HR(tex2d(dev, 24, 24, 0, 6, D3D11_RESOURCE_MISC_TEXTURECUBE), S_OK);
        CHECK_HR(tex2d(dev, 8193, 8193, 1, 6, D3D11_RESOURCE_MISC_TEXTURECUBE), E_INVALIDARG);
        /* cube arrays: 10_1 ("Direct3D feature levels": cubemap resource arrays) */
        util_clear_last_message();
        CHECK_HR(tex2d(dev, 8, 8, 1, 12, D3D11_RESOURCE_MISC_TEXTURECUBE),
                 levels[i] == L101 ? S_OK : E_INVALIDARG);
        if (levels[i] == L100)
            CHECK_STR_CONTAINS(LAST, "needs feature level 10_1");
        CHECK_HR(tex2d(dev, 8, 8, 1, 9, D3D11_RESOURCE_MISC_TEXTURECUBE), E_INVALIDARG);
        ID3D11Device_Release(dev);
    }
    /* the same requests at 9_3 keep the 10Level9 rules */
    {
        ID3D11Device *dev = rd_profile_device("max", L93, NULL);
        if (dev) {
            CHECK_HR(tex2d(dev, 4, 4, 1, 2, 0), E_INVALIDARG);
            CHECK_HR(tex2d(dev, 100, 60, 0, 1, 0), E_INVALIDARG);
            CHECK_HR(tex2d(dev, 8192, 1, 1, 1, 0), E_INVALIDARG);
            ID3D11Device_Release(dev);
        }
    }
}

TEST(fl10_texture3d_limits)
{
    ID3D11Device *dev = rd_profile_device("10_0", L100, NULL);
    if (!dev)
        return;
    /* D3D10_REQ_TEXTURE3D_U_V_OR_W_DIMENSION 2048, any size (no power-of-two rule) */
    CHECK_HR(tex3d(dev, 2048, 1, 1, 1), S_OK);
    CHECK_HR(tex3d(dev, 1, 1, 2048, 1), S_OK);
    CHECK_HR(tex3d(dev, 2049, 1, 1, 1), E_INVALIDARG);
    CHECK_HR(tex3d(dev, 1, 2049, 1, 1), E_INVALIDARG);
    CHECK_HR(tex3d(dev, 12, 10, 6, 0), S_OK);
    {
        /* a Texture3D render target and its view (drawn into: tests/test_d3d11_gs_layers.c) */
        D3D11_TEXTURE3D_DESC d = { 4, 4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_RENDER_TARGET, 0, 0 };
        ID3D11Texture3D *t = NULL;
        ID3D11RenderTargetView *rtv = NULL;
        CHECK_HR(ID3D11Device_CreateTexture3D(dev, &d, NULL, &t), S_OK);
        if (t) {
            CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)t, NULL, &rtv),
                     S_OK);
            CHECK(rtv != NULL);
            RD_RELEASE(rtv);
            RD_RELEASE(t);
        }
    }
    ID3D11Device_Release(dev);
    if ((dev = rd_profile_device("max", L93, NULL))) {
        CHECK_HR(tex3d(dev, 12, 10, 6, 0), E_INVALIDARG);   /* seed 004: powers of two */
        ID3D11Device_Release(dev);
    }
}

/* Texture2DArray views of some slices (the 9_x "all array elements" rule is gone); cube-array
 * views from 10_1; typed buffer views (their rules: test_d3d11_fl10_buffers.c). */
TEST(fl10_views)
{
    for (int i = 0; i < 2; i++) {
        ID3D11Device *dev = rd_profile_device(i ? "10_1" : "10_0", i ? L101 : L100, NULL);
        D3D11_TEXTURE2D_DESC d = { 8, 8, 1, 12, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                   D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, 0 };
        ID3D11Texture2D *t = NULL;
        ID3D11ShaderResourceView *srv = NULL;
        ID3D11RenderTargetView *rtv = NULL;
        D3D11_SHADER_RESOURCE_VIEW_DESC sd;
        D3D11_RENDER_TARGET_VIEW_DESC rd;
        if (!dev)
            continue;
        if (i)
            d.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
        CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, &t), S_OK);
        if (!t) {
            ID3D11Device_Release(dev);
            continue;
        }
        memset(&sd, 0, sizeof(sd));
        sd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
        sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
        sd.Texture2DArray.MipLevels = 1;
        sd.Texture2DArray.FirstArraySlice = 3;
        sd.Texture2DArray.ArraySize = 2;
        CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)t, &sd, &srv),
                 S_OK);
        RD_RELEASE(srv);
        sd.Texture2DArray.ArraySize = 10;   /* 3 + 10 > 12 */
        CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)t, &sd, &srv),
                 E_INVALIDARG);
        memset(&sd, 0, sizeof(sd));
        sd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
        sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBEARRAY;
        sd.TextureCubeArray.MipLevels = 1;
        sd.TextureCubeArray.NumCubes = 2;
        CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)t, &sd, &srv),
                 i ? S_OK : E_INVALIDARG);   /* the 10_0 texture is no cube, and 10_0 has none */
        RD_RELEASE(srv);
        memset(&rd, 0, sizeof(rd));
        rd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
        rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
        rd.Texture2DArray.FirstArraySlice = 11;
        rd.Texture2DArray.ArraySize = 1;
        CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)t, &rd, &rtv), S_OK);
        RD_RELEASE(rtv);
        RD_RELEASE(t);
        {
            D3D11_BUFFER_DESC bd = { 64, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0,
                                     0 };
            ID3D11Buffer *b = NULL;
            CHECK_HR(ID3D11Device_CreateBuffer(dev, &bd, NULL, &b), S_OK);
            if (b) {
                memset(&sd, 0, sizeof(sd));
                sd.Format = DXGI_FORMAT_R32_FLOAT;
                sd.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
                sd.Buffer.NumElements = 16;
                CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)b, &sd,
                                                               &srv), S_OK);
                RD_RELEASE(srv);
                sd.Buffer.NumElements = 17;   /* 68 bytes of a 64-byte buffer */
                CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)b, &sd,
                                                               &srv), E_INVALIDARG);
                CHECK(srv == NULL);
                RD_RELEASE(b);
            }
        }
        ID3D11Device_Release(dev);
    }
}

/* ---- stages, multisampling, feature support --------------------------------------------------- */

TEST(fl10_stages_not_there_yet)
{
    ID3D11Device *dev = rd_profile_device("10_0", L100, NULL);
    uint8_t blob[512];
    ID3D11GeometryShader *gs = (ID3D11GeometryShader *)(uintptr_t)1;
    ID3D11HullShader *hs = (ID3D11HullShader *)(uintptr_t)1;
    ID3D11ComputeShader *cs = (ID3D11ComputeShader *)(uintptr_t)1;
    size_t n = dxbc_build_simple(DXBC_PROGRAM_VERTEX, 4, 0, 0, blob, sizeof(blob));
    if (!dev)
        return;
    /* geometry shaders are 10_0's (tests/test_d3d11_gs.c); a vertex program is not one */
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateGeometryShader(dev, blob, n, NULL, &gs), E_INVALIDARG);
    CHECK(gs == NULL);
    CHECK_STR_CONTAINS(LAST, "not a geometry shader");
    /* hull shaders need 11_0; a vertex program is no compute shader (cs_4_x at 10_x:
     * tests/test_d3d11_cs4.c) */
    CHECK_HR(ID3D11Device_CreateHullShader(dev, blob, n, NULL, &hs), E_INVALIDARG);
    CHECK(hs == NULL);
    CHECK_HR(ID3D11Device_CreateComputeShader(dev, blob, n, NULL, &cs), E_INVALIDARG);
    CHECK(cs == NULL);
    ID3D11Device_Release(dev);
}

TEST(fl10_plain_sm4_shaders)
{
    uint8_t vs[512], ps[512];
    size_t nvs = dxbc_build_simple(DXBC_PROGRAM_VERTEX, 4, 0, 0, vs, sizeof(vs));
    size_t nps = dxbc_build_simple(DXBC_PROGRAM_PIXEL, 4, 0, 0, ps, sizeof(ps));
    size_t nps41 = 0;
    uint8_t ps41[512];
    nps41 = dxbc_build_simple(DXBC_PROGRAM_PIXEL, 4, 1, 0, ps41, sizeof(ps41));
    for (int i = 0; i < 3; i++) {
        const char *profile = i == 0 ? "max" : i == 1 ? "10_0" : "10_1";
        D3D_FEATURE_LEVEL level = i == 0 ? L93 : i == 1 ? L100 : L101;
        ID3D11Device *dev = rd_profile_device(profile, level, NULL);
        ID3D11VertexShader *v = NULL;
        ID3D11PixelShader *p = NULL;
        if (!dev)
            continue;
        /* a vs_4_0 / ps_4_0 blob without a level-9 program: 10_0 and up */
        CHECK_HR(ID3D11Device_CreateVertexShader(dev, vs, nvs, NULL, &v),
                 i ? S_OK : E_INVALIDARG);
        RD_RELEASE(v);
        CHECK_HR(ID3D11Device_CreatePixelShader(dev, ps, nps, NULL, &p), i ? S_OK : E_INVALIDARG);
        RD_RELEASE(p);
        /* ps_4_1 needs 10_1 */
        CHECK_HR(ID3D11Device_CreatePixelShader(dev, ps41, nps41, NULL, &p),
                 i == 2 ? S_OK : E_INVALIDARG);
        RD_RELEASE(p);
        ID3D11Device_Release(dev);
    }
}

TEST(fl10_multisample_levels)
{
    ID3D11Device *dev = rd_profile_device("10_1", L101, NULL);
    UINT q = 7;
    if (!dev)
        return;
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_R8G8B8A8_UNORM, 1, &q),
             S_OK);
    CHECK_EQ(q, 1);
    /* the standard patterns: one level for 2, 4 and 8 samples, none for 16 */
    for (UINT count = 2; count <= 16; count *= 2) {
        q = 7;
        CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_R8G8B8A8_UNORM,
                                                            count, &q), S_OK);
        CHECK_EQ(q, count <= 8 ? 1 : 0);
    }
    ID3D11Device_Release(dev);
}

TEST(fl10_feature_support)
{
    for (int i = 0; i < 2; i++) {
        ID3D11Device *dev = rd_profile_device(i ? "10_1" : "10_0", i ? L101 : L100, NULL);
        D3D11_FEATURE_DATA_D3D9_OPTIONS d9;
        D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT inst;
        D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS hw;
        D3D11_FEATURE_DATA_DOUBLES dbl;
        D3D11_FEATURE_DATA_D3D11_OPTIONS1 o1;
        D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT sh;
        D3D11_FEATURE_DATA_D3D9_OPTIONS1 d91;
        if (!dev)
            continue;
        /* "TRUE for hardware at Direct3D 10 and higher feature levels" (sample_c of depth
         * formats: tests/test_d3d11_fl10_formats.c) */
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D9_SHADOW_SUPPORT, &sh,
                                                  sizeof(sh)), S_OK);
        CHECK_EQ(sh.SupportsDepthAsTextureWithLessEqualComparisonFilter, TRUE);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D9_OPTIONS1, &d91,
                                                  sizeof(d91)), S_OK);
        CHECK_EQ(d91.DepthAsTextureWithLessEqualComparisonFilterSupported, TRUE);
        CHECK_EQ(d91.FullNonPow2TextureSupported, TRUE);
        CHECK_EQ(d91.SimpleInstancingSupported, TRUE);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D9_OPTIONS, &d9,
                                                  sizeof(d9)), S_OK);
        CHECK_EQ(d9.FullNonPow2TextureSupport, TRUE);   /* and fl10_texture2d_limits makes one */
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D9_SIMPLE_INSTANCING_SUPPORT,
                                                  &inst, sizeof(inst)), S_OK);
        CHECK_EQ(inst.SimpleInstancingSupported, TRUE);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS,
                                                  &hw, sizeof(hw)), S_OK);
        CHECK_EQ(hw.ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x, TRUE);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_DOUBLES, &dbl, sizeof(dbl)),
                 S_OK);
        CHECK_EQ(dbl.DoublePrecisionFloatShaderOps, FALSE);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D11_OPTIONS1, &o1,
                                                  sizeof(o1)), S_OK);
        CHECK_EQ(o1.TiledResourcesTier, D3D11_TILED_RESOURCES_NOT_SUPPORTED);
        ID3D11Device_Release(dev);
    }
}

/* ---- the context without the 10Level9 rows ---------------------------------------------------- */

TEST(fl10_context_rules)
{
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Device *dev = rd_profile_device("10_0", L100, &ctx);
    D3D11_VIEWPORT vps[16], got[16];
    UINT n = 16;
    ID3D11Texture2D *t = NULL;
    ID3D11ShaderResourceView *srv = NULL, *srvs[12], *back = NULL;
    D3D11_TEXTURE2D_DESC td = { 4, 4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    if (!dev)
        return;
    for (int i = 0; i < 16; i++)
        vps[i] = (D3D11_VIEWPORT){ -8.0f * (float)i, 0.0f, 16.0f, 16.0f, 0.0f, 1.0f };
    /* 16 viewports, negative origins: both 10Level9-only refusals */
    ACCEPTED(ID3D11DeviceContext_RSSetViewports(ctx, 16, vps));
    ID3D11DeviceContext_RSGetViewports(ctx, &n, got);
    CHECK_EQ(n, 16);
    CHECK(got[15].TopLeftX == -120.0f);
    /* still the D3D10 bounds (D3D11_VIEWPORT, 10_1 and below) */
    vps[0].TopLeftX = -20000.0f;
    util_clear_last_message();
    ID3D11DeviceContext_RSSetViewports(ctx, 1, vps);
    CHECK_STR_CONTAINS(LAST, "outside [-16384, 16383]");
    /* SampleMask 0 is a legal mask from 10_0 */
    ACCEPTED(ID3D11DeviceContext_OMSetBlendState(ctx, NULL, NULL, 0));
    /* vertex-shader resources, and more than 8 pixel-shader views */
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &td, NULL, &t), S_OK);
    if (t)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)t, NULL, &srv),
                 S_OK);
    for (int i = 0; i < 12; i++)
        srvs[i] = srv;
    ACCEPTED(ID3D11DeviceContext_VSSetShaderResources(ctx, 0, 1, &srv));
    ID3D11DeviceContext_VSGetShaderResources(ctx, 0, 1, &back);
    CHECK(back == srv);
    if (back)
        ID3D11ShaderResourceView_Release(back);
    ACCEPTED(ID3D11DeviceContext_PSSetShaderResources(ctx, 100, 12, srvs));
    ID3D11DeviceContext_ClearState(ctx);
    if (srv)
        ID3D11ShaderResourceView_Release(srv);
    RD_RELEASE(t);
    ID3D11DeviceContext_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* ---- draws -------------------------------------------------------------------------------------- */

/* Plain SM4 listings (no level-9 program, so only 10_0+ creates them). */
#define VS4_OFFSET                                                                               \
    "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"           \
    "dcl_output o1.xyzw\nadd o0.xyzw, v0.xyzw, v1.xyzw\nmov o1.xyzw, l(1.0, 0.5, 0.0, 1.0)\n"   \
    "ret\n"
#define PS4_ATTR                                                                                 \
    "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v1.xyzw\nret\n"

/* DrawInstanced (refused at every 9_x level): per-instance offsets move a left-half quad to the
 * right half, so both halves are written only when both instances are drawn. */
TEST(fl10_draw_instanced)
{
    struct rd r;
    static const float quad[6][4] = { { -1, 1, 0, 1 }, { 0, 1, 0, 1 }, { -1, -1, 0, 1 },
                                      { -1, -1, 0, 1 }, { 0, 1, 0, 1 }, { 0, -1, 0, 1 } };
    static const float offsets[2][4] = { { 0, 0, 0, 0 }, { 1, 0, 0, 0 } };
    static const D3D11_INPUT_ELEMENT_DESC layout[] = {
        { "TEXCOORD", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        { "TEXCOORD", 1, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 1 },
    };
    uint8_t img[8 * 8 * 4];
    if (!rd_begin_profile(&r, "10_0", L100, 8, 8)) {
        rd_end(&r);
        return;
    }
    ID3D11VertexShader *vs = rd_vs(r.dev, VS4_OFFSET);
    ID3D11PixelShader *ps = rd_ps(r.dev, PS4_ATTR);
    ID3D11InputLayout *il = rd_layout(r.dev, layout, 2, VS4_OFFSET);
    ID3D11Buffer *vb[2] = { rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, quad, sizeof(quad)),
                            rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, offsets, sizeof(offsets)) };
    UINT strides[2] = { 16, 16 }, offs[2] = { 0, 0 };
    ID3D11DeviceContext_IASetInputLayout(r.ctx, il);
    ID3D11DeviceContext_IASetVertexBuffers(r.ctx, 0, 2, vb, strides, offs);
    ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(r.ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_DrawInstanced(r.ctx, 6, 2, 0, 0));
    rd_read(&r, img);
    for (UINT y = 0; y < 8; y++)
        for (UINT x = 0; x < 8; x++) {
            const uint8_t *px = RD_PIXEL(img, &r, x, y);
            CHECK(px[0] == 255 && px[1] == 128 && px[2] == 0 && px[3] == 255);
        }
    /* one instance from StartInstanceLocation 1: only the right half */
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_DrawInstanced(r.ctx, 6, 1, 0, 1));
    rd_read(&r, img);
    CHECK_EQ(RD_PIXEL(img, &r, 1, 4)[0], 0);
    CHECK_EQ(RD_PIXEL(img, &r, 6, 4)[0], 255);
    RD_RELEASE(vb[0]);
    RD_RELEASE(vb[1]);
    RD_RELEASE(il);
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    rd_end(&r);
}

/* Indexed point lists ("not supported" at 9_x) and index values past 9_3's 1048575. */
TEST(fl10_draw_indexed_points)
{
    struct rd r;
    /* pixel centres (1.5, 1.5) and (6.5, 6.5) of the 8x8 target */
    static const float pts[3][4] = { { -0.625f, 0.625f, 0, 1 }, { 0.625f, -0.625f, 0, 1 },
                                     { 0, 0, 0, 1 } };
    static const float zero[4] = { 0, 0, 0, 0 };
    static const uint32_t idx[2] = { 0, 1 };
    static const D3D11_INPUT_ELEMENT_DESC layout[] = {
        { "TEXCOORD", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        { "TEXCOORD", 1, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 0 },
    };
    uint8_t img[8 * 8 * 4];
    if (!rd_begin_profile(&r, "10_1", L101, 8, 8)) {
        rd_end(&r);
        return;
    }
    ID3D11VertexShader *vs = rd_vs(r.dev, VS4_OFFSET);
    ID3D11PixelShader *ps = rd_ps(r.dev, PS4_ATTR);
    ID3D11InputLayout *il = rd_layout(r.dev, layout, 2, VS4_OFFSET);
    ID3D11Buffer *vb[2] = { rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, pts, sizeof(pts)),
                            rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, zero, sizeof(zero)) };
    ID3D11Buffer *ib = rd_buffer(r.dev, D3D11_BIND_INDEX_BUFFER, idx, sizeof(idx));
    UINT strides[2] = { 16, 16 }, offs[2] = { 0, 0 };
    ID3D11DeviceContext_IASetInputLayout(r.ctx, il);
    ID3D11DeviceContext_IASetVertexBuffers(r.ctx, 0, 2, vb, strides, offs);
    ID3D11DeviceContext_IASetIndexBuffer(r.ctx, ib, DXGI_FORMAT_R32_UINT, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D11DeviceContext_VSSetShader(r.ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_DrawIndexed(r.ctx, 2, 0, 0));
    rd_read(&r, img);
    CHECK_EQ(RD_PIXEL(img, &r, 1, 1)[0], 255);
    CHECK_EQ(RD_PIXEL(img, &r, 6, 6)[0], 255);
    {
        unsigned lit = 0;
        for (UINT i = 0; i < 64; i++)
            lit += img[4 * i] == 255;
        CHECK_EQ(lit, 2);   /* two one-pixel points; vertex 2 (not indexed) is not drawn */
    }
    RD_RELEASE(ib);
    RD_RELEASE(vb[0]);
    RD_RELEASE(vb[1]);
    RD_RELEASE(il);
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    rd_end(&r);
}

/* A vertex shader that samples a texture (VSSetShaderResources / VSSetSamplers: 10_0+) and
 * passes the texel on as the colour. */
#define VS4_TEX                                                                                  \
    "vs_4_0\ndcl_sampler s0, mode_default\n"                                                     \
    "dcl_resource_texture2d (float,float,float,float) t0\n"                                      \
    "dcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"                   \
    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\n"                                                 \
    "sample_l o1.xyzw, v1.xyxx, t0.xyzw, s0, l(0.0)\nret\n"

TEST(fl10_vertex_shader_texture)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float uv[4] = { 0.5f, 0.5f, 0, 0 };
    static const uint8_t texel[4] = { 10, 200, 30, 255 };
    uint8_t img[4 * 4 * 4];
    if (!rd_begin_profile(&r, "10_0", L100, 4, 4)) {
        rd_end(&r);
        return;
    }
    rd_quad(v, 0.0f, uv, uv, uv, uv);
    rd_pipe_begin(&r, &p, VS4_TEX, PS4_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11Texture2D *t = rd_texture(r.dev, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                    D3D11_BIND_SHADER_RESOURCE, texel, 4);
    ID3D11ShaderResourceView *srv = NULL;
    D3D11_SAMPLER_DESC sd = { D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                              D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                              D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    ID3D11SamplerState *smp = NULL;
    if (t)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, NULL, &srv),
                 S_OK);
    CHECK_HR(ID3D11Device_CreateSamplerState(r.dev, &sd, &smp), S_OK);
    ACCEPTED(ID3D11DeviceContext_VSSetShaderResources(r.ctx, 0, 1, &srv));
    ACCEPTED(ID3D11DeviceContext_VSSetSamplers(r.ctx, 0, 1, &smp));
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    rd_read(&r, img);
    for (UINT i = 0; i < 16; i++)
        CHECK(!memcmp(img + 4 * i, texel, 4));
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(smp);
    RD_RELEASE(srv);
    RD_RELEASE(t);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* A render-target view of one slice of a Texture2DArray: the draw writes that slice only. */
TEST(fl10_render_into_array_slice)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float c[4] = { 0, 0, 0, 0 };
    uint8_t img[4 * 4 * 4];
    D3D11_TEXTURE2D_DESC d = { 4, 4, 1, 3, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0 };
    D3D11_RENDER_TARGET_VIEW_DESC rvd;
    ID3D11Texture2D *arr = NULL, *st = NULL;
    ID3D11RenderTargetView *rtv = NULL, *all = NULL;
    const float grey[4] = { 0.5f, 0.5f, 0.5f, 0.5f };
    if (!rd_begin_profile(&r, "10_0", L100, 4, 4)) {
        rd_end(&r);
        return;
    }
    rd_quad(v, 0.0f, c, c, c, c);
    rd_pipe_begin(&r, &p, VS4_OFFSET, PS4_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &d, NULL, &arr), S_OK);
    d.Usage = D3D11_USAGE_STAGING;
    d.BindFlags = 0;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &d, NULL, &st), S_OK);
    if (!arr || !st)
        goto done;
    /* every slice grey, then slice 1 drawn over */
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)arr, NULL, &all), S_OK);
    if (all)
        ACCEPTED(ID3D11DeviceContext_ClearRenderTargetView(r.ctx, all, grey));
    memset(&rvd, 0, sizeof(rvd));
    rvd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    rvd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
    rvd.Texture2DArray.FirstArraySlice = 1;
    rvd.Texture2DArray.ArraySize = 1;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)arr, &rvd, &rtv), S_OK);
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &rtv, NULL);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    ID3D11DeviceContext_CopyResource(r.ctx, (ID3D11Resource *)st, (ID3D11Resource *)arr);
    for (UINT slice = 0; slice < 3; slice++) {
        D3D11_MAPPED_SUBRESOURCE m;
        const uint8_t want[4] = { slice == 1 ? 255 : 128, 128, slice == 1 ? 0 : 128,
                                  slice == 1 ? 255 : 128 };
        CHECK_HR(ID3D11DeviceContext_Map(r.ctx, (ID3D11Resource *)st, slice, D3D11_MAP_READ, 0,
                                         &m), S_OK);
        if (!m.pData)
            continue;
        for (UINT y = 0; y < 4; y++)
            memcpy(img + y * 16, (const uint8_t *)m.pData + y * m.RowPitch, 16);
        ID3D11DeviceContext_Unmap(r.ctx, (ID3D11Resource *)st, slice);
        for (UINT i = 0; i < 16; i++)
            if (memcmp(img + 4 * i, want, 4)) {
                harness_fail(__FILE__, __LINE__, "slice %u pixel %u: %u %u %u %u", slice, i,
                             img[4 * i], img[4 * i + 1], img[4 * i + 2], img[4 * i + 3]);
                break;
            }
    }
done:
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &r.rtv, NULL);
    RD_RELEASE(rtv);
    RD_RELEASE(all);
    RD_RELEASE(st);
    RD_RELEASE(arr);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* Queries at 10_x: the 9_x four work (occlusion included), and the 10_0 types are created. */
TEST(fl10_queries)
{
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Device *dev = rd_profile_device("10_0", L100, &ctx);
    D3D11_QUERY_DESC d = { D3D11_QUERY_OCCLUSION, 0 };
    ID3D11Query *q = NULL;
    ID3D11Predicate *p = (ID3D11Predicate *)(uintptr_t)1;
    UINT64 samples = 99;
    if (!dev)
        return;
    CHECK_HR(ID3D11Device_CreateQuery(dev, &d, &q), S_OK);
    if (q) {
        ID3D11DeviceContext_Begin(ctx, (ID3D11Asynchronous *)q);
        ID3D11DeviceContext_End(ctx, (ID3D11Asynchronous *)q);
        CHECK_HR(ID3D11DeviceContext_GetData(ctx, (ID3D11Asynchronous *)q, &samples,
                                             sizeof(samples), 0), S_OK);
        CHECK_EQ(samples, 0);
        RD_RELEASE(q);
    }
    /* every 10_0 type is created (results: tests/test_d3d11_fl10_queries.c) */
    d.Query = D3D11_QUERY_PIPELINE_STATISTICS;
    CHECK_HR(ID3D11Device_CreateQuery(dev, &d, &q), S_OK);
    RD_RELEASE(q);
    /* ... but only the predicate types by CreatePredicate */
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreatePredicate(dev, &d, &p), E_INVALIDARG);
    CHECK(p == NULL);
    CHECK(LAST[0] != 0);
    d.Query = D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM2;
    CHECK_HR(ID3D11Device_CreatePredicate(dev, &d, &p), S_OK);
    RD_RELEASE(p);
    ACCEPTED(ID3D11DeviceContext_SetPredication(ctx, NULL, FALSE));
    ID3D11DeviceContext_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* Texture arrays: a view of one slice of a Texture2DArray samples that slice; a view of both
 * samples the slice its array coordinate selects (0 here; the rounding and clamping rules:
 * test_d3d11_fl10_arrays.c). */
#define PS4_TEX_ARRAY                                                                            \
    "ps_4_0\ndcl_sampler s0, mode_default\n"                                                     \
    "dcl_resource_texture2darray (float,float,float,float) t0\n"                                 \
    "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"                                          \
    "sample o0.xyzw, l(0.5, 0.5, 0.0, 0.0), t0.xyzw, s0\nret\n"

TEST(fl10_sample_array_slice)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float c[4] = { 0, 0, 0, 0 };
    static const uint8_t texels[2][4] = { { 1, 2, 3, 4 }, { 200, 100, 50, 255 } };
    uint8_t img[4 * 4 * 4];
    D3D11_TEXTURE2D_DESC d = { 1, 1, 1, 2, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    D3D11_SUBRESOURCE_DATA init[2] = { { texels[0], 4, 0 }, { texels[1], 4, 0 } };
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    ID3D11Texture2D *t = NULL;
    ID3D11ShaderResourceView *one = NULL, *both = NULL;
    if (!rd_begin_profile(&r, "10_0", L100, 4, 4)) {
        rd_end(&r);
        return;
    }
    rd_quad(v, 0.0f, c, c, c, c);
    rd_pipe_begin(&r, &p, VS4_OFFSET, PS4_TEX_ARRAY, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &d, init, &t), S_OK);
    memset(&sd, 0, sizeof(sd));
    sd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
    sd.Texture2DArray.MipLevels = 1;
    sd.Texture2DArray.FirstArraySlice = 1;
    sd.Texture2DArray.ArraySize = 1;
    if (t) {
        CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, &sd, &one),
                 S_OK);
        CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, NULL, &both),
                 S_OK);
    }
    ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, &one);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    rd_read(&r, img);
    for (UINT i = 0; i < 16; i++)
        CHECK(!memcmp(img + 4 * i, texels[1], 4));
    ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, &both);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    rd_read(&r, img);
    for (UINT i = 0; i < 16; i++)
        CHECK(!memcmp(img + 4 * i, texels[0], 4));
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(one);
    RD_RELEASE(both);
    RD_RELEASE(t);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* State options of 10_x that 9_x refuses, drawn: AlphaToCoverageEnable (pixels:
 * tests/test_d3d11_msaa.c), DepthBiasClamp, and DepthClipEnable FALSE (spec 15.4): a quad at
 * z = 1.5 or -0.5 (outside 0 <= z <= w) is clipped away with depth clipping on and drawn with
 * it off, its depth clamped to the viewport's [0, 1] before the depth test (15.6): against a
 * depth buffer cleared to 0.5 with LESS, z -0.5 (clamped 0) passes, z 1.5 (clamped 1) fails. */
TEST(fl10_states_honoured)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    uint8_t img[16 * 4];
    static const float c[4] = { 0, 0, 0, 0 };
    D3D11_BLEND_DESC bd;
    D3D11_RASTERIZER_DESC rs = { D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE,
                                 FALSE, FALSE, FALSE };
    ID3D11BlendState *b = NULL;
    ID3D11RasterizerState *rz = NULL;
    ID3D11Texture2D *dt = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    ID3D11DepthStencilState *less = NULL;
    if (!rd_begin_profile(&r, "10_0", L100, 4, 4)) {
        rd_end(&r);
        return;
    }
    rd_quad(v, 0.0f, c, c, c, c);
    rd_pipe_begin(&r, &p, VS4_OFFSET, PS4_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    memset(&bd, 0, sizeof(bd));
    bd.AlphaToCoverageEnable = TRUE;
    bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    CHECK_HR(ID3D11Device_CreateBlendState(r.dev, &bd, &b), S_OK);
    ID3D11DeviceContext_OMSetBlendState(r.ctx, b, NULL, 0xffffffff);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));   /* tests/test_d3d11_msaa.c: pixels */
    ID3D11DeviceContext_OMSetBlendState(r.ctx, NULL, NULL, 0xffffffff);
    rd_pipe_end(&p);
    for (int off = 0; off < 2; off++) {
        static const float zs[2] = { 1.5f, -0.5f };
        rs.DepthClipEnable = off ? FALSE : TRUE;
        CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &rs, &rz), S_OK);
        ID3D11DeviceContext_RSSetState(r.ctx, rz);
        for (int k = 0; k < 2; k++) {
            rd_quad(v, zs[k], c, c, c, c);
            rd_pipe_begin(&r, &p, VS4_OFFSET, PS4_ATTR, v, 6,
                          D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
            rd_clear(&r, 0, 0, 0, 0);
            ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
            rd_read(&r, img);
            rd_pipe_end(&p);
            for (int i = 0; i < 16; i++) {
                CHECK_EQ(img[i * 4], off ? 255 : 0);
                CHECK_EQ(img[i * 4 + 1], off ? 128 : 0);
            }
        }
        RD_RELEASE(rz);
    }
    /* the clamp before the depth test, depth clipping off */
    D3D11_TEXTURE2D_DESC dd;
    memset(&dd, 0, sizeof(dd));
    dd.Width = dd.Height = 4;
    dd.MipLevels = dd.ArraySize = 1;
    dd.Format = DXGI_FORMAT_D32_FLOAT;
    dd.SampleDesc.Count = 1;
    dd.BindFlags = D3D11_BIND_DEPTH_STENCIL;
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &dd, NULL, &dt), S_OK);
    if (dt)
        CHECK_HR(ID3D11Device_CreateDepthStencilView(r.dev, (ID3D11Resource *)dt, NULL, &dsv),
                 S_OK);
    D3D11_DEPTH_STENCIL_DESC ds;
    memset(&ds, 0, sizeof(ds));
    ds.DepthEnable = TRUE;
    ds.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
    ds.DepthFunc = D3D11_COMPARISON_LESS;
    CHECK_HR(ID3D11Device_CreateDepthStencilState(r.dev, &ds, &less), S_OK);
    rs.DepthClipEnable = FALSE;
    CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &rs, &rz), S_OK);
    for (int k = 0; dsv && less && rz && k < 2; k++) {
        static const float zs[2] = { 1.5f, -0.5f };
        ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &r.rtv, dsv);
        ID3D11DeviceContext_OMSetDepthStencilState(r.ctx, less, 0);
        ID3D11DeviceContext_RSSetState(r.ctx, rz);
        ID3D11DeviceContext_ClearDepthStencilView(r.ctx, dsv, D3D11_CLEAR_DEPTH, 0.5f, 0);
        rd_quad(v, zs[k], c, c, c, c);
        rd_pipe_begin(&r, &p, VS4_OFFSET, PS4_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        rd_clear(&r, 0, 0, 0, 0);
        ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
        rd_read(&r, img);
        rd_pipe_end(&p);
        for (int i = 0; i < 16; i++)
            CHECK_EQ(img[i * 4], k ? 255 : 0);
    }
    RD_RELEASE(rz);
    ID3D11DeviceContext_ClearState(r.ctx);
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &r.rtv, NULL);
    rs.DepthClipEnable = TRUE;
    rs.DepthBiasClamp = 0.5f;   /* a 9_x refusal, legal and honoured at 10_x */
    CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &rs, &rz), S_OK);
    rd_quad(v, 0.0f, c, c, c, c);
    rd_pipe_begin(&r, &p, VS4_OFFSET, PS4_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_RSSetState(r.ctx, rz);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(rz);
    RD_RELEASE(less);
    RD_RELEASE(dsv);
    RD_RELEASE(dt);
    RD_RELEASE(b);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* Blending into a format the level's table does not mark BLENDABLE is not drawn (the debug
 * layer's execution error): R8G8B8A8_SNORM is blendable from 10_1, R8G8B8A8_UINT never; blend
 * state 0 covers every target unless IndependentBlendEnable. */
static bool blend_draw(struct rd *r, ID3D11RenderTargetView *const *rtvs, UINT n,
                       BOOL independent, BOOL blend0, BOOL blend1)
{
    D3D11_BLEND_DESC bd;
    ID3D11BlendState *b = NULL;
    uint8_t img[4 * 4 * 4];
    memset(&bd, 0, sizeof(bd));
    bd.IndependentBlendEnable = independent;
    for (int i = 0; i < 2; i++) {
        D3D11_RENDER_TARGET_BLEND_DESC *rt = &bd.RenderTarget[i];
        rt->BlendEnable = i ? blend1 : blend0;
        rt->SrcBlend = rt->SrcBlendAlpha = D3D11_BLEND_ONE;
        rt->DestBlend = rt->DestBlendAlpha = D3D11_BLEND_ONE;
        rt->BlendOp = rt->BlendOpAlpha = D3D11_BLEND_OP_ADD;
        rt->RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    }
    CHECK_HR(ID3D11Device_CreateBlendState(r->dev, &bd, &b), S_OK);
    ID3D11DeviceContext_OMSetBlendState(r->ctx, b, NULL, 0xffffffff);
    ID3D11DeviceContext_OMSetRenderTargets(r->ctx, n, rtvs, NULL);
    rd_clear(r, 0, 0, 0, 0);
    util_clear_last_message();
    ID3D11DeviceContext_Draw(r->ctx, 6, 0);
    ID3D11DeviceContext_OMSetRenderTargets(r->ctx, 1, &r->rtv, NULL);
    ID3D11DeviceContext_OMSetBlendState(r->ctx, NULL, NULL, 0xffffffff);
    RD_RELEASE(b);
    rd_read(r, img);
    return img[0] != 0;   /* r->rtv (slot 0 in every case) drawn: 0 + 1.0 */
}

TEST(fl10_blending_needs_blendable_target)
{
    for (int l = 0; l < 2; l++) {
        struct rd r;
        struct rd_pipe p;
        struct vtx v[6];
        static const float c[4] = { 0, 0, 0, 0 };
        ID3D11Texture2D *snorm = NULL, *uint = NULL;
        ID3D11RenderTargetView *rtv_snorm = NULL, *rtv_uint = NULL;
        if (!rd_begin_profile(&r, l ? "10_1" : "10_0", l ? L101 : L100, 4, 4)) {
            rd_end(&r);
            continue;
        }
        rd_quad(v, 0.0f, c, c, c, c);
        rd_pipe_begin(&r, &p, VS4_OFFSET, PS4_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        snorm = rd_texture(r.dev, 4, 4, DXGI_FORMAT_R8G8B8A8_SNORM, D3D11_BIND_RENDER_TARGET,
                           NULL, 0);
        uint = rd_texture(r.dev, 4, 4, DXGI_FORMAT_R8G8B8A8_UINT, D3D11_BIND_RENDER_TARGET, NULL,
                          0);
        if (snorm)
            CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)snorm, NULL,
                                                         &rtv_snorm), S_OK);
        if (uint)
            CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)uint, NULL,
                                                         &rtv_uint), S_OK);
        if (rtv_snorm && rtv_uint) {
            ID3D11RenderTargetView *with_uint[2] = { r.rtv, rtv_uint };
            ID3D11RenderTargetView *with_snorm[2] = { r.rtv, rtv_snorm };
            /* the UNORM target alone blends at both levels */
            CHECK(blend_draw(&r, with_uint, 1, FALSE, TRUE, FALSE));
            /* state 0 for both targets: the UINT one cannot blend */
            CHECK(!blend_draw(&r, with_uint, 2, FALSE, TRUE, FALSE));
            CHECK_STR_CONTAINS(LAST, "render target 1, whose format DXGI_FORMAT_R8G8B8A8_UINT "
                                     "cannot be blended");
            /* independent blend, off for the UINT target: drawn */
            CHECK(blend_draw(&r, with_uint, 2, TRUE, TRUE, FALSE));
            CHECK(!LAST[0]);
            /* SNORM: blendable at 10_1 only */
            CHECK_EQ(blend_draw(&r, with_snorm, 2, FALSE, TRUE, FALSE), l == 1);
            if (!l)
                CHECK_STR_CONTAINS(LAST, "at feature level 10_0");
            /* no blending: every format draws */
            CHECK(blend_draw(&r, with_snorm, 2, FALSE, FALSE, FALSE));
        }
        ID3D11DeviceContext_ClearState(r.ctx);
        RD_RELEASE(rtv_uint);
        RD_RELEASE(rtv_snorm);
        RD_RELEASE(uint);
        RD_RELEASE(snorm);
        rd_pipe_end(&p);
        rd_end(&r);
    }
}

/* Eight render targets (10_0: D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT): o0..o7 each reach their
 * own R8G8B8A8_UINT target, o_i = (30 i + 1, 255 - 30 i, i, 255). */
TEST(fl10_eight_render_targets)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float c[4] = { 0, 0, 0, 0 };
    ID3D11Texture2D *tex[8] = { NULL };
    ID3D11RenderTargetView *rtv[8] = { NULL };
    char ps[2048];
    size_t m;
    if (!rd_begin_profile(&r, "10_0", L100, 4, 4)) {
        rd_end(&r);
        return;
    }
    m = (size_t)snprintf(ps, sizeof(ps), "ps_4_0\n");
    for (int i = 0; i < 8; i++)
        m += (size_t)snprintf(ps + m, sizeof(ps) - m, "dcl_output o%d.xyzw\n", i);
    for (int i = 0; i < 8; i++)
        m += (size_t)snprintf(ps + m, sizeof(ps) - m, "mov o%d.xyzw, l(%d, %d, %d, 255)\n", i,
                              i * 30 + 1, 255 - i * 30, i);
    snprintf(ps + m, sizeof(ps) - m, "ret\n");
    for (int i = 0; i < 8; i++) {
        tex[i] = rd_texture(r.dev, 4, 4, DXGI_FORMAT_R8G8B8A8_UINT, D3D11_BIND_RENDER_TARGET,
                            NULL, 0);
        if (tex[i])
            CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)tex[i], NULL,
                                                         &rtv[i]), S_OK);
    }
    rd_quad(v, 0.0f, c, c, c, c);
    rd_pipe_begin(&r, &p, VS4_OFFSET, ps, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 8, rtv, NULL);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    for (int i = 0; i < 8; i++) {
        uint8_t img[4 * 4 * 4];
        const uint8_t want[4] = { (uint8_t)(i * 30 + 1), (uint8_t)(255 - i * 30), (uint8_t)i,
                                  255 };
        if (!tex[i])
            continue;
        rd_read_tex(&r, tex[i], 4, 4, DXGI_FORMAT_R8G8B8A8_UINT, 4, img);
        for (int k = 0; k < 16; k++)
            if (memcmp(img + 4 * k, want, 4)) {
                harness_fail(__FILE__, __LINE__, "target %d pixel %d: %u %u %u %u", i, k,
                             img[4 * k], img[4 * k + 1], img[4 * k + 2], img[4 * k + 3]);
                break;
            }
    }
    ID3D11DeviceContext_ClearState(r.ctx);
    for (int i = 0; i < 8; i++) {
        RD_RELEASE(rtv[i]);
        RD_RELEASE(tex[i]);
    }
    rd_pipe_end(&p);
    rd_end(&r);
}
