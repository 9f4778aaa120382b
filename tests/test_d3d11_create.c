/* D3D11CreateDevice, feature-level negotiation, driver types, out-parameters, QueryInterface,
 * DXGI adapter queries, CheckFeatureSupport and reference counting (src/d3d11/). */
#define COBJMACROS
#include "harness.h"

#include <stdlib.h>

#include "d3d11_2.h"
#include "dxgi.h"
#include "util/log.h"

static void use_profile(const char *name)
{
    if (name)
        setenv("SOFTD3D_PROFILE", name, 1);
    else
        unsetenv("SOFTD3D_PROFILE");
}

static HRESULT create(const D3D_FEATURE_LEVEL *levels, UINT n, ID3D11Device **dev,
                      D3D_FEATURE_LEVEL *got)
{
    return D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, levels, n,
                             D3D11_SDK_VERSION, dev, got, NULL);
}

TEST(d3d11_create_each_level)
{
    static const D3D_FEATURE_LEVEL all[] = { D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2,
                                             D3D_FEATURE_LEVEL_9_3 };
    use_profile(NULL);
    for (int i = 0; i < 3; i++) {
        ID3D11Device *dev = NULL;
        ID3D11DeviceContext *ctx = NULL;
        D3D_FEATURE_LEVEL got = 0;
        CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &all[i], 1,
                                   D3D11_SDK_VERSION, &dev, &got, &ctx), S_OK);
        CHECK_EQ(got, all[i]);
        if (!dev || !ctx)
            continue;
        CHECK_EQ(ID3D11Device_GetFeatureLevel(dev), all[i]);
        CHECK_EQ(ID3D11DeviceContext_GetType(ctx), D3D11_DEVICE_CONTEXT_IMMEDIATE);
        ID3D11DeviceContext_Release(ctx);
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
}

TEST(d3d11_create_default_levels_follow_profile)
{
    static const struct { const char *profile; D3D_FEATURE_LEVEL level; } cases[] = {
        { "9_1", D3D_FEATURE_LEVEL_9_1 }, { "9_2", D3D_FEATURE_LEVEL_9_2 },
        { "9_3", D3D_FEATURE_LEVEL_9_3 }, { "10_0", D3D_FEATURE_LEVEL_10_0 },
        { "10_1", D3D_FEATURE_LEVEL_10_1 },
        { "11_0", D3D_FEATURE_LEVEL_11_0 }, { "11_1", D3D_FEATURE_LEVEL_11_0 },
        /* max (and the unset variable) offers every level up to 11_0, 11_1 when named
         * (issues 11, 15, 16): the default array {11_0, 10_1, 10_0, 9_3, 9_2, 9_1} gives 11_0 */
        { "max", D3D_FEATURE_LEVEL_11_0 }, { "", D3D_FEATURE_LEVEL_11_0 },
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        ID3D11Device *dev = NULL;
        D3D_FEATURE_LEVEL got = 0;
        use_profile(cases[i].profile);
        CHECK_HR(create(NULL, 0, &dev, &got), S_OK);
        CHECK_EQ(got, cases[i].level);
        if (dev)
            ID3D11Device_Release(dev);
    }
    use_profile(NULL);
}

TEST(d3d11_create_level_above_profile_refused)
{
    static const D3D_FEATURE_LEVEL l93 = D3D_FEATURE_LEVEL_9_3;
    ID3D11Device *dev = (ID3D11Device *)(uintptr_t)1;
    D3D_FEATURE_LEVEL got = (D3D_FEATURE_LEVEL)123;
    use_profile("9_2");
    util_clear_last_message();
    CHECK_HR(create(&l93, 1, &dev, &got), DXGI_ERROR_UNSUPPORTED);
    CHECK(dev == NULL);
    CHECK_EQ(got, 0);
    CHECK_STR_CONTAINS(util_last_message(), "profile 9_2");
    use_profile(NULL);
}

TEST(d3d11_create_first_supported_in_caller_order)
{
    static const D3D_FEATURE_LEVEL a[] = { D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_3 };
    static const D3D_FEATURE_LEVEL b[] = { D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_0,
                                           D3D_FEATURE_LEVEL_9_2 };
    D3D_FEATURE_LEVEL got = 0;
    use_profile(NULL);
    CHECK_HR(create(a, 2, NULL, &got), S_FALSE);
    CHECK_EQ(got, D3D_FEATURE_LEVEL_9_1);
    CHECK_HR(create(b, 3, NULL, &got), S_FALSE);
    CHECK_EQ(got, D3D_FEATURE_LEVEL_11_0);
    use_profile("10_1");
    CHECK_HR(create(b, 3, NULL, &got), S_FALSE);
    CHECK_EQ(got, D3D_FEATURE_LEVEL_10_0);   /* 11_0 skipped: 10_1 stops there */
    use_profile("9_3");
    CHECK_HR(create(b, 3, NULL, &got), S_FALSE);
    CHECK_EQ(got, D3D_FEATURE_LEVEL_9_2);
    use_profile(NULL);
}

/* Issue 11 acceptance: {11_0, 10_1, 10_0} gets 11_0 under max now that compute and
 * tessellation work (10_1 under the 10_1 profile); {11_1, 11_0} gets 11_1 (named), the
 * 10_1 profile refuses 11_0 alone with its highest. */
TEST(d3d11_create_max_offers_11_0_and_named_11_1)
{
    static const D3D_FEATURE_LEVEL req[] = { D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1,
                                             D3D_FEATURE_LEVEL_10_0 };
    static const D3D_FEATURE_LEVEL named[] = { D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0 };
    static const D3D_FEATURE_LEVEL l110 = D3D_FEATURE_LEVEL_11_0;
    ID3D11Device *dev = NULL;
    D3D_FEATURE_LEVEL got = 0;
    use_profile(NULL);
    CHECK_HR(create(req, 3, &dev, &got), S_OK);
    CHECK_EQ(got, D3D_FEATURE_LEVEL_11_0);
    if (dev) {
        CHECK_EQ(ID3D11Device_GetFeatureLevel(dev), D3D_FEATURE_LEVEL_11_0);
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
    dev = NULL;
    CHECK_HR(create(named, 2, &dev, &got), S_OK);
    CHECK_EQ(got, D3D_FEATURE_LEVEL_11_1);
    if (dev) {
        CHECK_EQ(ID3D11Device_GetFeatureLevel(dev), D3D_FEATURE_LEVEL_11_1);
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
    use_profile("10_1");
    CHECK_HR(create(req, 3, &dev, &got), S_OK);
    CHECK_EQ(got, D3D_FEATURE_LEVEL_10_1);
    if (dev)
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    dev = (ID3D11Device *)(uintptr_t)1;
    util_clear_last_message();
    CHECK_HR(create(&l110, 1, &dev, &got), DXGI_ERROR_UNSUPPORTED);
    CHECK(dev == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "profile 10_1 (highest: 10_1)");
    use_profile(NULL);
}

TEST(d3d11_create_null_device_reports_level_only)
{
    D3D_FEATURE_LEVEL got = 0;
    use_profile("9_1");
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                               D3D11_SDK_VERSION, NULL, &got, NULL), S_FALSE);
    CHECK_EQ(got, D3D_FEATURE_LEVEL_9_1);
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                               D3D11_SDK_VERSION, NULL, NULL, NULL), S_FALSE);
    use_profile(NULL);
}

TEST(d3d11_create_context_only)
{
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Device *dev = NULL;
    use_profile(NULL);
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                               D3D11_SDK_VERSION, NULL, NULL, &ctx), S_OK);
    if (!ctx)
        return;
    ID3D11DeviceContext_GetDevice(ctx, &dev);
    CHECK(dev != NULL);
    if (dev)
        CHECK_EQ(ID3D11Device_Release(dev), 1);   /* the context's reference remains */
    CHECK_EQ(ID3D11DeviceContext_Release(ctx), 0);
}

TEST(d3d11_create_bad_arguments)
{
    static const D3D_FEATURE_LEVEL bogus = (D3D_FEATURE_LEVEL)0x9400;
    static const D3D_FEATURE_LEVEL ok = D3D_FEATURE_LEVEL_9_1;
    ID3D11Device *dev;
    use_profile(NULL);
    CHECK_HR(create(&bogus, 1, &dev, NULL), E_INVALIDARG);
    CHECK(dev == NULL);
    CHECK_HR(create(&ok, 0, &dev, NULL), E_INVALIDARG);
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                               D3D11_SDK_VERSION + 1, &dev, NULL, NULL), E_INVALIDARG);
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_UNKNOWN, NULL, 0, NULL, 0,
                               D3D11_SDK_VERSION, &dev, NULL, NULL), E_INVALIDARG);
    CHECK_HR(D3D11CreateDevice(NULL, (D3D_DRIVER_TYPE)77, NULL, 0, NULL, 0,
                               D3D11_SDK_VERSION, &dev, NULL, NULL), E_INVALIDARG);
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0x80000000u, NULL, 0,
                               D3D11_SDK_VERSION, &dev, NULL, NULL), E_INVALIDARG);
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL,
                               D3D11_CREATE_DEVICE_SWITCH_TO_REF, NULL, 0,
                               D3D11_SDK_VERSION, &dev, NULL, NULL), E_INVALIDARG);
    CHECK(dev == NULL);
}

TEST(d3d11_create_driver_types)
{
    static const D3D_DRIVER_TYPE ok[] = { D3D_DRIVER_TYPE_HARDWARE, D3D_DRIVER_TYPE_WARP,
                                          D3D_DRIVER_TYPE_REFERENCE, D3D_DRIVER_TYPE_NULL };
    ID3D11Device *dev;
    use_profile(NULL);
    for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
        dev = NULL;
        CHECK_HR(D3D11CreateDevice(NULL, ok[i], NULL, 0, NULL, 0, D3D11_SDK_VERSION, &dev, NULL,
                                   NULL), S_OK);
        if (dev)
            ID3D11Device_Release(dev);
    }
    /* SOFTWARE: needs a module, and a Windows rasterizer DLL cannot be loaded here. */
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_SOFTWARE, NULL, 0, NULL, 0,
                               D3D11_SDK_VERSION, &dev, NULL, NULL), E_INVALIDARG);
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_SOFTWARE, (HMODULE)(uintptr_t)0x1000, 0,
                               NULL, 0, D3D11_SDK_VERSION, &dev, NULL, NULL),
             DXGI_ERROR_UNSUPPORTED);
    /* A module handle with another driver type is refused. */
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, (HMODULE)(uintptr_t)0x1000, 0,
                               NULL, 0, D3D11_SDK_VERSION, &dev, NULL, NULL), E_INVALIDARG);
}

TEST(d3d11_create_with_adapter)
{
    IDXGIFactory1 *factory = NULL;
    IDXGIAdapter1 *adapter = NULL;
    ID3D11Device *dev = NULL;
    use_profile(NULL);
    CHECK_HR(CreateDXGIFactory1(&IID_IDXGIFactory1, (void **)&factory), S_OK);
    if (!factory)
        return;
    CHECK_HR(IDXGIFactory1_EnumAdapters1(factory, 1, &adapter), DXGI_ERROR_NOT_FOUND);
    CHECK_HR(IDXGIFactory1_EnumAdapters1(factory, 0, &adapter), S_OK);
    if (adapter) {
        /* With an adapter, the driver type must be UNKNOWN. */
        CHECK_HR(D3D11CreateDevice((IDXGIAdapter *)adapter, D3D_DRIVER_TYPE_HARDWARE, NULL, 0,
                                   NULL, 0, D3D11_SDK_VERSION, &dev, NULL, NULL), E_INVALIDARG);
        CHECK_HR(D3D11CreateDevice((IDXGIAdapter *)adapter, D3D_DRIVER_TYPE_UNKNOWN, NULL, 0,
                                   NULL, 0, D3D11_SDK_VERSION, &dev, NULL, NULL), S_OK);
        if (dev)
            ID3D11Device_Release(dev);
        CHECK_EQ(IDXGIAdapter1_Release(adapter), 0);
    }
    CHECK_EQ(IDXGIFactory1_Release(factory), 0);
}

TEST(d3d11_create_bad_profile_env)
{
    ID3D11Device *dev = (ID3D11Device *)(uintptr_t)1;
    use_profile("9_4");
    util_clear_last_message();
    CHECK_HR(create(NULL, 0, &dev, NULL), E_INVALIDARG);
    CHECK(dev == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "SOFTD3D_PROFILE");
    use_profile(NULL);
}

TEST(d3d11_create_debug_flag_and_messages)
{
    static const D3D_FEATURE_LEVEL bogus = (D3D_FEATURE_LEVEL)0x9400;
    ID3D11Device *dev = NULL;
    use_profile(NULL);
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, D3D11_CREATE_DEVICE_DEBUG,
                               NULL, 0, D3D11_SDK_VERSION, &dev, NULL, NULL), S_OK);
    if (dev) {
        CHECK_EQ(ID3D11Device_GetCreationFlags(dev), D3D11_CREATE_DEVICE_DEBUG);
        ID3D11Device_Release(dev);
    }
    util_clear_last_message();
    CHECK_HR(create(&bogus, 1, &dev, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "pFeatureLevels[0] = 0x9400");
}

TEST(d3d11_create_and_swapchain)
{
    DXGI_SWAP_CHAIN_DESC desc;
    IDXGISwapChain *sc = (IDXGISwapChain *)(uintptr_t)1;
    ID3D11Device *dev = (ID3D11Device *)(uintptr_t)1;
    memset(&desc, 0, sizeof(desc));
    use_profile(NULL);
    CHECK_HR(D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                           D3D11_SDK_VERSION, &desc, &sc, &dev, NULL, NULL),
             DXGI_ERROR_INVALID_CALL);   /* a zeroed description has no OutputWindow */
    CHECK(sc == NULL && dev == NULL);
    CHECK_HR(D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                           D3D11_SDK_VERSION, NULL, NULL, &dev, NULL, NULL), S_OK);
    if (dev)
        ID3D11Device_Release(dev);
}

TEST(d3d11_query_interface_and_dxgi)
{
    ID3D11Device *dev = NULL;
    ID3D11Device1 *dev1 = NULL;
    ID3D11Device2 *dev2 = NULL;
    IDXGIDevice1 *dxgi = NULL;
    IDXGIAdapter *adapter = NULL;
    IUnknown *unk = NULL, *unk2 = NULL;
    DXGI_ADAPTER_DESC desc;
    void *p = (void *)1;
    use_profile(NULL);
    CHECK_HR(create(NULL, 0, &dev, NULL), S_OK);
    if (!dev)
        return;
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11Device1, (void **)&dev1), S_OK);
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11Device2, (void **)&dev2), S_OK);
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_IDXGIDevice1, (void **)&dxgi), S_OK);
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11DeviceContext, &p), E_NOINTERFACE);
    CHECK(p == NULL);
    /* COM identity: IUnknown from any face is the same pointer. */
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_IUnknown, (void **)&unk), S_OK);
    if (dxgi)
        CHECK_HR(IDXGIDevice1_QueryInterface(dxgi, &IID_IUnknown, (void **)&unk2), S_OK);
    CHECK(unk && unk == unk2);
    if (dxgi) {
        UINT latency = 0;
        CHECK_HR(IDXGIDevice1_GetAdapter(dxgi, &adapter), S_OK);
        CHECK_HR(IDXGIDevice1_GetMaximumFrameLatency(dxgi, &latency), S_OK);
        CHECK_EQ(latency, 3);
        CHECK_HR(IDXGIDevice1_SetMaximumFrameLatency(dxgi, 17), DXGI_ERROR_INVALID_CALL);
    }
    if (adapter) {
        IDXGIOutput *out = (IDXGIOutput *)(uintptr_t)1;
        CHECK_HR(IDXGIAdapter_GetDesc(adapter, &desc), S_OK);
        CHECK_EQ(desc.VendorId, 0x53D3D);
        CHECK_EQ(desc.DeviceId, 1);
        CHECK_EQ(desc.Description[0], 's');
        CHECK_HR(IDXGIAdapter_EnumOutputs(adapter, 0, &out), DXGI_ERROR_NOT_FOUND);
        CHECK(out == NULL);
        IDXGIAdapter_Release(adapter);
    }
    if (unk) IUnknown_Release(unk);
    if (unk2) IUnknown_Release(unk2);
    if (dxgi) IDXGIDevice1_Release(dxgi);
    if (dev2) ID3D11Device2_Release(dev2);
    if (dev1) ID3D11Device1_Release(dev1);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

TEST(d3d11_context_keeps_device_alive)
{
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL, *ctx2 = NULL;
    ID3D11Device *back = NULL;
    use_profile(NULL);
    CHECK_HR(create(NULL, 0, &dev, NULL), S_OK);
    if (!dev)
        return;
    ID3D11Device_GetImmediateContext(dev, &ctx);
    ID3D11Device_GetImmediateContext(dev, &ctx2);
    CHECK(ctx && ctx == ctx2);
    ID3D11DeviceContext_Release(ctx2);
    CHECK_EQ(ID3D11Device_Release(dev), 1);   /* the context still holds the device */
    ID3D11DeviceContext_GetDevice(ctx, &back);
    CHECK(back == dev);
    CHECK_EQ(ID3D11Device_Release(back), 1);
    CHECK_EQ(ID3D11DeviceContext_Release(ctx), 0);
}

TEST(d3d11_private_data)
{
    static const GUID g = { 0xabcdef01, 1, 2, { 3, 4, 5, 6, 7, 8, 9, 10 } };
    ID3D11Device *dev = NULL;
    char buf[16];
    UINT size = sizeof(buf);
    use_profile(NULL);
    CHECK_HR(create(NULL, 0, &dev, NULL), S_OK);
    if (!dev)
        return;
    CHECK_HR(ID3D11Device_GetPrivateData(dev, &g, &size, buf), DXGI_ERROR_NOT_FOUND);
    CHECK_HR(ID3D11Device_SetPrivateData(dev, &g, 4, "abcd"), S_OK);
    size = 2;
    CHECK_HR(ID3D11Device_GetPrivateData(dev, &g, &size, buf), DXGI_ERROR_MORE_DATA);
    CHECK_EQ(size, 4);
    size = sizeof(buf);
    CHECK_HR(ID3D11Device_GetPrivateData(dev, &g, &size, buf), S_OK);
    CHECK(!memcmp(buf, "abcd", 4));
    /* a device interface stored in itself would be a cycle; store the context instead */
    {
        ID3D11DeviceContext *ctx = NULL;
        ID3D11Device_GetImmediateContext(dev, &ctx);
        CHECK_HR(ID3D11Device_SetPrivateDataInterface(dev, &g, (IUnknown *)ctx), S_OK);
        CHECK_HR(ID3D11Device_SetPrivateData(dev, &g, 0, NULL), S_OK);   /* releases it */
        ID3D11DeviceContext_Release(ctx);
    }
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* CheckFeatureSupport: the values at each level (see feature_support.c for the reasoning). */
TEST(d3d11_check_feature_support_per_level)
{
    static const D3D_FEATURE_LEVEL all[] = { D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2,
                                             D3D_FEATURE_LEVEL_9_3 };
    use_profile(NULL);
    for (int i = 0; i < 3; i++) {
        ID3D11Device *dev = NULL;
        D3D11_FEATURE_DATA_THREADING th;
        D3D11_FEATURE_DATA_DOUBLES dbl;
        D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS hw;
        D3D11_FEATURE_DATA_D3D11_OPTIONS o;
        D3D11_FEATURE_DATA_D3D11_OPTIONS1 o1;
        D3D11_FEATURE_DATA_ARCHITECTURE_INFO arch;
        D3D11_FEATURE_DATA_D3D9_OPTIONS d9;
        D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT sh;
        D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT inst;
        /* the 11.1 options of the 1-methods that work at every level (context_cbuffer.c,
         * context_copy1.c); everything else FALSE at 9_x */
        D3D11_FEATURE_DATA_D3D11_OPTIONS zero_opts;
        memset(&zero_opts, 0, sizeof(zero_opts));
        zero_opts.ConstantBufferOffsetting = TRUE;
        zero_opts.ConstantBufferPartialUpdate = TRUE;
        zero_opts.FlagsForUpdateAndCopySeenByDriver = TRUE;

        CHECK_HR(create(&all[i], 1, &dev, NULL), S_OK);
        if (!dev)
            continue;
        memset(&o, 0xff, sizeof(o));
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_THREADING, &th, sizeof(th)), S_OK);
        CHECK_EQ(th.DriverConcurrentCreates, TRUE);
        CHECK_EQ(th.DriverCommandLists, FALSE);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_DOUBLES, &dbl, sizeof(dbl)), S_OK);
        CHECK_EQ(dbl.DoublePrecisionFloatShaderOps, FALSE);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS, &hw, sizeof(hw)), S_OK);
        CHECK_EQ(hw.ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x, FALSE);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D11_OPTIONS, &o, sizeof(o)), S_OK);
        CHECK(!memcmp(&o, &zero_opts, sizeof(o)));
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D11_OPTIONS1, &o1, sizeof(o1)), S_OK);
        CHECK_EQ(o1.TiledResourcesTier, D3D11_TILED_RESOURCES_NOT_SUPPORTED);
        CHECK_EQ(o1.MinMaxFiltering, FALSE);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_ARCHITECTURE_INFO, &arch, sizeof(arch)), S_OK);
        CHECK_EQ(arch.TileBasedDeferredRenderer, FALSE);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D9_OPTIONS, &d9, sizeof(d9)), S_OK);
        CHECK_EQ(d9.FullNonPow2TextureSupport, FALSE);   /* 9_x minimum: conditional NPOT only */
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D9_SHADOW_SUPPORT, &sh, sizeof(sh)), S_OK);
        CHECK_EQ(sh.SupportsDepthAsTextureWithLessEqualComparisonFilter, FALSE);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D9_SIMPLE_INSTANCING_SUPPORT, &inst, sizeof(inst)), S_OK);
        CHECK_EQ(inst.SimpleInstancingSupported, all[i] == D3D_FEATURE_LEVEL_9_3);
        /* wrong sizes and unknown features */
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_THREADING, &th, sizeof(th) + 1), E_INVALIDARG);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_THREADING, NULL, sizeof(th)), E_INVALIDARG);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, (D3D11_FEATURE)999, &th, sizeof(th)), E_INVALIDARG);
        ID3D11Device_Release(dev);
    }
}

/* D3D9_OPTIONS.FullNonPow2TextureSupport follows the level, not only the profile: the max
 * profile has no POW2 cap (seed 003), but at 9_3 CreateTexture2D still refuses mipmapped
 * non-power-of-two textures (seed 004), so FALSE there, like 9_3's. */
TEST(d3d11_full_nonpow2_follows_level)
{
    static const struct { const char *profile; D3D_FEATURE_LEVEL level; BOOL full; } cases[] = {
        { "9_3", D3D_FEATURE_LEVEL_9_3, FALSE },
        { "max", D3D_FEATURE_LEVEL_9_3, FALSE },
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        ID3D11Device *dev = NULL;
        D3D11_FEATURE_DATA_D3D9_OPTIONS d9;
        D3D11_FEATURE_DATA_D3D9_OPTIONS1 d91;
        D3D11_TEXTURE2D_DESC td = { 100, 60, 0, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                    D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0 };
        ID3D11Texture2D *tex = NULL;
        use_profile(cases[i].profile);
        CHECK_HR(create(&cases[i].level, 1, &dev, NULL), S_OK);
        use_profile(NULL);
        if (!dev)
            continue;
        d9.FullNonPow2TextureSupport = 7;
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D9_OPTIONS, &d9,
                                                  sizeof(d9)), S_OK);
        CHECK_EQ(d9.FullNonPow2TextureSupport, cases[i].full);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D9_OPTIONS1, &d91,
                                                  sizeof(d91)), S_OK);
        CHECK_EQ(d91.FullNonPow2TextureSupported, cases[i].full);
        /* what the value promises: a mipmapped 100x60 texture */
        CHECK_HR(ID3D11Device_CreateTexture2D(dev, &td, NULL, &tex),
                 cases[i].full ? S_OK : E_INVALIDARG);
        if (tex)
            ID3D11Texture2D_Release(tex);
        ID3D11Device_Release(dev);
    }
}
