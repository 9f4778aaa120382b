/* DXGI 1.2 .. 1.6 (src/d3d11/dxgi.c, dxgi_adapter.c, dxgi_device.c, swapchain.c, swapchain1.c):
 * which interfaces each object answers, CreateDXGIFactory2, the adapter enumerations and
 * descriptions, video-memory queries, CreateSwapChainForHwnd and its refusals, the
 * IDXGISwapChain1 .. 4 methods, tearing, and the IDXGIDevice2 .. 4 face of the device. */
#include "test_d3d11_context_util.h"

#include <string.h>

#include "dxgi1_6.h"

#define FAKE_HWND ((HWND)(uintptr_t)0x1234)
#define FAKE_EVENT ((HANDLE)(uintptr_t)0x5678)

static IDXGIFactory2 *factory_of(ID3D11Device *dev)
{
    IDXGIDevice *dxgi = NULL;
    IDXGIAdapter *ad = NULL;
    IDXGIFactory2 *f = NULL;
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_IDXGIDevice, (void **)&dxgi), S_OK);
    if (!dxgi)
        return NULL;
    CHECK_HR(IDXGIDevice_GetAdapter(dxgi, &ad), S_OK);
    if (ad) {
        CHECK_HR(IDXGIAdapter_GetParent(ad, &IID_IDXGIFactory2, (void **)&f), S_OK);
        IDXGIAdapter_Release(ad);
    }
    IDXGIDevice_Release(dxgi);
    return f;
}

static DXGI_SWAP_CHAIN_DESC1 desc1(UINT w, UINT h, DXGI_FORMAT format, DXGI_SWAP_EFFECT effect,
                                   UINT count)
{
    DXGI_SWAP_CHAIN_DESC1 d;
    memset(&d, 0, sizeof(d));
    d.Width = w;
    d.Height = h;
    d.Format = format;
    d.SampleDesc.Count = 1;
    d.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    d.BufferCount = count;
    d.SwapEffect = effect;
    return d;
}

/* A 9_3 device, its context and factory, and a FLIP_DISCARD chain of `d` (or NULL). */
struct rig {
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
    IDXGIFactory2 *f;
    IDXGISwapChain1 *sc;
};

static bool rig_open(struct rig *r, const DXGI_SWAP_CHAIN_DESC1 *d)
{
    memset(r, 0, sizeof(*r));
    r->dev = ctx_device(D3D_FEATURE_LEVEL_9_3, &r->ctx);
    if (!r->dev)
        return false;
    r->f = factory_of(r->dev);
    if (r->f && d)
        CHECK_HR(IDXGIFactory2_CreateSwapChainForHwnd(r->f, (IUnknown *)r->dev, FAKE_HWND, d, NULL,
                                                      NULL, &r->sc), S_OK);
    return r->f && (!d || r->sc);
}

static void rig_close(struct rig *r)
{
    if (r->sc)
        CHECK_EQ(IDXGISwapChain1_Release(r->sc), 0);
    if (r->f)
        IDXGIFactory2_Release(r->f);
    ctx_done(r->dev, r->ctx);
}

/* Clears buffer 0 of `sc` to `color` and reads its texel (x, y) back through a staging copy. */
static uint32_t clear_and_read(struct rig *r, const float color[4], UINT x, UINT y)
{
    ID3D11Texture2D *bb = NULL, *st = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    D3D11_TEXTURE2D_DESC td;
    D3D11_MAPPED_SUBRESOURCE m;
    uint32_t v = 0xdeadbeef;
    CHECK_HR(IDXGISwapChain1_GetBuffer(r->sc, 0, &IID_ID3D11Texture2D, (void **)&bb), S_OK);
    if (!bb)
        return v;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r->dev, (ID3D11Resource *)bb, NULL, &rtv), S_OK);
    if (rtv) {
        ID3D11DeviceContext_ClearRenderTargetView(r->ctx, rtv, color);
        ID3D11RenderTargetView_Release(rtv);
    }
    ID3D11Texture2D_GetDesc(bb, &td);
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    CHECK_HR(ID3D11Device_CreateTexture2D(r->dev, &td, NULL, &st), S_OK);
    if (st) {
        ID3D11DeviceContext_CopyResource(r->ctx, (ID3D11Resource *)st, (ID3D11Resource *)bb);
        CHECK_HR(ID3D11DeviceContext_Map(r->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m),
                 S_OK);
        memcpy(&v, (const uint8_t *)m.pData + (size_t)y * m.RowPitch + x * 4, 4);
        ID3D11DeviceContext_Unmap(r->ctx, (ID3D11Resource *)st, 0);
        ID3D11Texture2D_Release(st);
    }
    ID3D11Texture2D_Release(bb);
    return v;
}

/* QueryInterface answers `yes` and refuses `no` (E_NOINTERFACE, *out NULL). */
static void check_answers(IUnknown *obj, const GUID *const *yes, const GUID *const *no)
{
    for (; *yes; yes++) {
        IUnknown *u = NULL;
        CHECK_HR(IUnknown_QueryInterface(obj, *yes, (void **)&u), S_OK);
        if (u)
            IUnknown_Release(u);
    }
    for (; *no; no++) {
        IUnknown *u = (IUnknown *)(uintptr_t)1;
        CHECK_HR(IUnknown_QueryInterface(obj, *no, (void **)&u), E_NOINTERFACE);
        CHECK(u == NULL);
    }
}

TEST(dxgi12_factory_versions_and_flags)
{
    static const GUID *const yes[] = { &IID_IDXGIObject, &IID_IDXGIFactory, &IID_IDXGIFactory1,
                                       &IID_IDXGIFactory2, &IID_IDXGIFactory3, &IID_IDXGIFactory4,
                                       &IID_IDXGIFactory5, &IID_IDXGIFactory6, NULL };
    static const GUID *const no[] = { &IID_IDXGIFactory7, &IID_IDXGIFactoryMedia,
                                      &IID_IDXGIAdapter, NULL };
    IDXGIFactory6 *f = NULL;
    IDXGIFactory3 *f3 = NULL;
    void *bad = (void *)(uintptr_t)1;

    CHECK_HR(CreateDXGIFactory2(0, &IID_IDXGIFactory6, (void **)&f), S_OK);
    if (f) {
        check_answers((IUnknown *)f, yes, no);
        CHECK_EQ(IDXGIFactory6_GetCreationFlags(f), 0);
        CHECK_EQ(IDXGIFactory6_IsCurrent(f), TRUE);
        CHECK_EQ(IDXGIFactory6_IsWindowedStereoEnabled(f), FALSE);
        CHECK_EQ(IDXGIFactory6_Release(f), 0);
    }
    CHECK_HR(CreateDXGIFactory2(DXGI_CREATE_FACTORY_DEBUG, &IID_IDXGIFactory3, (void **)&f3), S_OK);
    if (f3) {
        CHECK_EQ(IDXGIFactory3_GetCreationFlags(f3), DXGI_CREATE_FACTORY_DEBUG);
        IDXGIFactory3_Release(f3);
    }
    /* CreateDXGIFactory1 makes the same object: the newer interfaces are there too */
    CHECK_HR(CreateDXGIFactory1(&IID_IDXGIFactory5, (void **)&f), S_OK);
    if (f)
        IDXGIFactory6_Release(f);
    CHECK_HR(CreateDXGIFactory2(2, &IID_IDXGIFactory2, &bad), E_INVALIDARG);
    CHECK(bad == NULL);
    CHECK_STR_CONTAINS(LAST, "DXGI_CREATE_FACTORY_DEBUG");
    bad = (void *)(uintptr_t)1;
    CHECK_HR(CreateDXGIFactory2(0, &IID_IDXGIFactory7, &bad), E_NOINTERFACE);
    CHECK(bad == NULL);
    CHECK_HR(CreateDXGIFactory2(0, &IID_IDXGIFactory2, NULL), DXGI_ERROR_INVALID_CALL);
    bad = (void *)(uintptr_t)1;
    CHECK_HR(DXGIGetDebugInterface1(0, &IID_IUnknown, &bad), E_NOINTERFACE);
    CHECK(bad == NULL);
}

TEST(dxgi12_adapter_enumeration_and_descriptions)
{
    static const GUID *const yes[] = { &IID_IDXGIObject, &IID_IDXGIAdapter, &IID_IDXGIAdapter1,
                                       &IID_IDXGIAdapter2, &IID_IDXGIAdapter3, &IID_IDXGIAdapter4,
                                       NULL };
    static const GUID *const no[] = { &IID_IDXGIFactory, &IID_IDXGIOutput, NULL };
    IDXGIFactory6 *f = NULL;
    IDXGIAdapter1 *a1 = NULL;
    IDXGIAdapter4 *a4 = NULL, *warp = NULL, *pref = NULL;
    IDXGIAdapter *byluid = NULL;
    DXGI_ADAPTER_DESC1 d1;
    DXGI_ADAPTER_DESC2 d2;
    DXGI_ADAPTER_DESC3 d3;
    LUID other;
    void *p = (void *)(uintptr_t)1;

    CHECK_HR(CreateDXGIFactory2(0, &IID_IDXGIFactory6, (void **)&f), S_OK);
    if (!f)
        return;
    CHECK_HR(IDXGIFactory6_EnumAdapters1(f, 0, &a1), S_OK);
    CHECK_HR(IDXGIFactory6_EnumAdapters1(f, 1, (IDXGIAdapter1 **)&p), DXGI_ERROR_NOT_FOUND);
    CHECK(p == NULL);
    if (a1) {
        check_answers((IUnknown *)a1, yes, no);
        CHECK_HR(IDXGIAdapter1_QueryInterface(a1, &IID_IDXGIAdapter4, (void **)&a4), S_OK);
        IDXGIAdapter1_Release(a1);
    }
    if (!a4) {
        IDXGIFactory6_Release(f);
        return;
    }
    memset(&d2, 0xcc, sizeof(d2));
    memset(&d3, 0xcc, sizeof(d3));
    CHECK_HR(IDXGIAdapter4_GetDesc1(a4, &d1), S_OK);
    CHECK_HR(IDXGIAdapter4_GetDesc2(a4, &d2), S_OK);
    CHECK_HR(IDXGIAdapter4_GetDesc3(a4, &d3), S_OK);
    CHECK_HR(IDXGIAdapter4_GetDesc3(a4, NULL), E_INVALIDARG);
    CHECK_EQ(d3.VendorId, 0x53D3D);
    CHECK_EQ(d3.DeviceId, 1);
    CHECK_EQ(d3.Flags, DXGI_ADAPTER_FLAG3_SOFTWARE);
    CHECK_EQ(d2.Flags, DXGI_ADAPTER_FLAG_SOFTWARE);
    CHECK_EQ(d2.GraphicsPreemptionGranularity, DXGI_GRAPHICS_PREEMPTION_DMA_BUFFER_BOUNDARY);
    CHECK_EQ(d3.ComputePreemptionGranularity, DXGI_COMPUTE_PREEMPTION_DMA_BUFFER_BOUNDARY);
    CHECK(d3.Description[0] == 's' && d3.Description[7] == ' ');
    CHECK(memcmp(&d1, &d2, offsetof(DXGI_ADAPTER_DESC1, Flags) + 4) == 0);
    CHECK(memcmp(&d2, &d3, sizeof(d2)) == 0);
    CHECK(d3.SharedSystemMemory > 0 && d3.DedicatedVideoMemory == 0);

    /* by LUID: its own finds it, another does not */
    CHECK_HR(IDXGIFactory6_EnumAdapterByLuid(f, d3.AdapterLuid, &IID_IDXGIAdapter,
                                             (void **)&byluid), S_OK);
    if (byluid)
        IDXGIAdapter_Release(byluid);
    other = d3.AdapterLuid;
    other.HighPart = 7;
    p = (void *)(uintptr_t)1;
    CHECK_HR(IDXGIFactory6_EnumAdapterByLuid(f, other, &IID_IDXGIAdapter, &p),
             DXGI_ERROR_NOT_FOUND);
    CHECK(p == NULL);
    CHECK_STR_CONTAINS(LAST, "no adapter has LUID");
    /* WARP: the one software adapter */
    CHECK_HR(IDXGIFactory6_EnumWarpAdapter(f, &IID_IDXGIAdapter4, (void **)&warp), S_OK);
    if (warp) {
        DXGI_ADAPTER_DESC3 w;
        CHECK_HR(IDXGIAdapter4_GetDesc3(warp, &w), S_OK);
        CHECK(w.AdapterLuid.LowPart == d3.AdapterLuid.LowPart &&
              w.AdapterLuid.HighPart == d3.AdapterLuid.HighPart);
        IDXGIAdapter4_Release(warp);
    }
    CHECK_HR(IDXGIFactory6_EnumWarpAdapter(f, &IID_IDXGIAdapter, NULL), DXGI_ERROR_INVALID_CALL);
    /* GPU preference: index 0 for every preference, then the end of the list */
    for (int pf = 0; pf <= 2; pf++) {
        CHECK_HR(IDXGIFactory6_EnumAdapterByGpuPreference(f, 0, (DXGI_GPU_PREFERENCE)pf,
                                                          &IID_IDXGIAdapter4, (void **)&pref),
                 S_OK);
        if (pref)
            IDXGIAdapter4_Release(pref);
        pref = (IDXGIAdapter4 *)(uintptr_t)1;
        CHECK_HR(IDXGIFactory6_EnumAdapterByGpuPreference(f, 1, (DXGI_GPU_PREFERENCE)pf,
                                                          &IID_IDXGIAdapter4, (void **)&pref),
                 DXGI_ERROR_NOT_FOUND);
        CHECK(pref == NULL);
    }
    CHECK_HR(IDXGIFactory6_EnumAdapterByGpuPreference(f, 0, (DXGI_GPU_PREFERENCE)3,
                                                      &IID_IDXGIAdapter4, (void **)&pref),
             E_INVALIDARG);
    CHECK(pref == NULL);
    IDXGIAdapter4_Release(a4);
    CHECK_EQ(IDXGIFactory6_Release(f), 0);
}

TEST(dxgi12_tearing_feature)
{
    IDXGIFactory5 *f = NULL;
    BOOL allow = FALSE;
    CHECK_HR(CreateDXGIFactory1(&IID_IDXGIFactory5, (void **)&f), S_OK);
    if (!f)
        return;
    CHECK_HR(IDXGIFactory5_CheckFeatureSupport(f, DXGI_FEATURE_PRESENT_ALLOW_TEARING, &allow,
                                               sizeof(allow)), S_OK);
    CHECK_EQ(allow, TRUE);
    CHECK_HR(IDXGIFactory5_CheckFeatureSupport(f, DXGI_FEATURE_PRESENT_ALLOW_TEARING, &allow, 1),
             E_INVALIDARG);
    CHECK_HR(IDXGIFactory5_CheckFeatureSupport(f, DXGI_FEATURE_PRESENT_ALLOW_TEARING, NULL, 4),
             E_INVALIDARG);
    CHECK_HR(IDXGIFactory5_CheckFeatureSupport(f, (DXGI_FEATURE)1, &allow, sizeof(allow)),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "not a DXGI_FEATURE");
    IDXGIFactory5_Release(f);
}

TEST(dxgi12_video_memory_info)
{
    struct rig r;
    IDXGIAdapter1 *a1 = NULL;
    IDXGIAdapter3 *a = NULL;
    DXGI_QUERY_VIDEO_MEMORY_INFO before, during, after, nonlocal;
    DXGI_ADAPTER_DESC1 d;
    ID3D11Texture2D *tex = NULL;
    D3D11_TEXTURE2D_DESC td = ctx_tex_desc(256, 256, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                           D3D11_BIND_SHADER_RESOURCE);
    DWORD c1 = 0, c2 = 0;

    if (!rig_open(&r, NULL))
        goto done;
    CHECK_HR(IDXGIFactory2_EnumAdapters1(r.f, 0, &a1), S_OK);
    if (!a1)
        goto done;
    CHECK_HR(IDXGIAdapter1_QueryInterface(a1, &IID_IDXGIAdapter3, (void **)&a), S_OK);
    IDXGIAdapter1_Release(a1);
    if (!a)
        goto done;
    CHECK_HR(IDXGIAdapter3_GetDesc1(a, &d), S_OK);
    CHECK_HR(IDXGIAdapter3_QueryVideoMemoryInfo(a, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &before),
             S_OK);
    CHECK_EQ(before.Budget, (UINT64)d.SharedSystemMemory);
    CHECK_EQ(before.AvailableForReservation, before.Budget);
    /* a 256 x 256 RGBA8 texture is 256 KiB of texels: the usage follows it exactly */
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &td, NULL, &tex), S_OK);
    CHECK_HR(IDXGIAdapter3_QueryVideoMemoryInfo(a, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &during),
             S_OK);
    CHECK_EQ(during.CurrentUsage - before.CurrentUsage, 256u * 256u * 4u);
    if (tex)
        ID3D11Texture2D_Release(tex);
    CHECK_HR(IDXGIAdapter3_QueryVideoMemoryInfo(a, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &after),
             S_OK);
    CHECK_EQ(after.CurrentUsage, before.CurrentUsage);
    /* UMA: nothing is non-local */
    memset(&nonlocal, 0xcc, sizeof(nonlocal));
    CHECK_HR(IDXGIAdapter3_QueryVideoMemoryInfo(a, 0, DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL,
                                                &nonlocal), S_OK);
    CHECK(nonlocal.Budget == 0 && nonlocal.CurrentUsage == 0 &&
          nonlocal.AvailableForReservation == 0 && nonlocal.CurrentReservation == 0);
    CHECK_HR(IDXGIAdapter3_QueryVideoMemoryInfo(a, 1, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &after),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "NodeIndex 1");
    CHECK_HR(IDXGIAdapter3_QueryVideoMemoryInfo(a, 0, (DXGI_MEMORY_SEGMENT_GROUP)2, &after),
             E_INVALIDARG);
    CHECK_HR(IDXGIAdapter3_QueryVideoMemoryInfo(a, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, NULL),
             E_INVALIDARG);
    /* reservations: within what is available, LOCAL only */
    CHECK_HR(IDXGIAdapter3_SetVideoMemoryReservation(a, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL,
                                                     1u << 20), S_OK);
    CHECK_HR(IDXGIAdapter3_QueryVideoMemoryInfo(a, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &after),
             S_OK);
    CHECK_EQ(after.CurrentReservation, 1u << 20);
    CHECK_HR(IDXGIAdapter3_SetVideoMemoryReservation(a, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL,
                                                     before.Budget + 1), E_INVALIDARG);
    CHECK_HR(IDXGIAdapter3_SetVideoMemoryReservation(a, 0, DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL, 1),
             E_INVALIDARG);
    CHECK_HR(IDXGIAdapter3_SetVideoMemoryReservation(a, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, 0),
             S_OK);
    /* notifications that never fire: distinct cookies, NULL arguments refused */
    CHECK_HR(IDXGIAdapter3_RegisterVideoMemoryBudgetChangeNotificationEvent(a, FAKE_EVENT, &c1),
             S_OK);
    CHECK_HR(IDXGIAdapter3_RegisterHardwareContentProtectionTeardownStatusEvent(a, FAKE_EVENT,
                                                                                &c2), S_OK);
    CHECK(c1 != 0 && c2 != 0 && c1 != c2);
    IDXGIAdapter3_UnregisterVideoMemoryBudgetChangeNotification(a, c1);
    IDXGIAdapter3_UnregisterHardwareContentProtectionTeardownStatus(a, c2);
    CHECK_HR(IDXGIAdapter3_RegisterVideoMemoryBudgetChangeNotificationEvent(a, NULL, &c1),
             DXGI_ERROR_INVALID_CALL);
    CHECK_HR(IDXGIAdapter3_RegisterVideoMemoryBudgetChangeNotificationEvent(a, FAKE_EVENT, NULL),
             DXGI_ERROR_INVALID_CALL);
    IDXGIAdapter3_Release(a);
done:
    rig_close(&r);
}

TEST(dxgi12_create_swap_chain_for_hwnd)
{
    static const GUID *const yes[] = { &IID_IDXGIObject, &IID_IDXGIDeviceSubObject,
                                       &IID_IDXGISwapChain, &IID_IDXGISwapChain1,
                                       &IID_IDXGISwapChain2, &IID_IDXGISwapChain3,
                                       &IID_IDXGISwapChain4, NULL };
    static const GUID *const no[] = { &IID_IDXGISwapChainMedia, &IID_IDXGIDecodeSwapChain,
                                      &IID_IDXGIFactory, NULL };
    static const float color[4] = { 0.0f, 1.0f, 0.0f, 1.0f };
    DXGI_SWAP_CHAIN_DESC1 d = desc1(32, 16, DXGI_FORMAT_B8G8R8A8_UNORM,
                                    DXGI_SWAP_EFFECT_FLIP_DISCARD, 2), got1;
    DXGI_SWAP_CHAIN_FULLSCREEN_DESC fs;
    DXGI_SWAP_CHAIN_DESC got;
    RECT dirty = { 0, 0, 8, 8 };
    DXGI_PRESENT_PARAMETERS pp = { 1, &dirty, NULL, NULL };
    HWND hwnd = NULL;
    UINT count = 0;
    void *p = (void *)(uintptr_t)1;
    struct rig r;

    d.AlphaMode = DXGI_ALPHA_MODE_IGNORE;
    d.Scaling = DXGI_SCALING_NONE;
    if (!rig_open(&r, &d))
        goto done;
    check_answers((IUnknown *)r.sc, yes, no);
    CHECK_HR(IDXGISwapChain1_GetDesc1(r.sc, &got1), S_OK);
    CHECK(memcmp(&got1, &d, sizeof(d)) == 0);
    CHECK_HR(IDXGISwapChain1_GetDesc(r.sc, &got), S_OK);
    CHECK(got.BufferDesc.Width == 32 && got.BufferDesc.Height == 16 &&
          got.BufferDesc.Format == DXGI_FORMAT_B8G8R8A8_UNORM && got.BufferCount == 2 &&
          got.OutputWindow == FAKE_HWND && got.Windowed == TRUE &&
          got.SwapEffect == DXGI_SWAP_EFFECT_FLIP_DISCARD);
    CHECK_HR(IDXGISwapChain1_GetFullscreenDesc(r.sc, &fs), S_OK);
    CHECK_EQ(fs.Windowed, TRUE);
    CHECK_HR(IDXGISwapChain1_GetHwnd(r.sc, &hwnd), S_OK);
    CHECK(hwnd == FAKE_HWND);
    CHECK_HR(IDXGISwapChain1_GetHwnd(r.sc, NULL), DXGI_ERROR_INVALID_CALL);
    CHECK_HR(IDXGISwapChain1_GetCoreWindow(r.sc, &IID_IUnknown, &p), DXGI_ERROR_INVALID_CALL);
    CHECK(p == NULL);
    /* render, Present1 with a dirty rectangle, read back */
    CHECK_EQ(clear_and_read(&r, color, 31, 15), 0xff00ff00u);
    CHECK_HR(IDXGISwapChain1_Present1(r.sc, 0, 0, &pp), S_OK);
    CHECK_HR(IDXGISwapChain1_Present1(r.sc, 1, 0, NULL), S_OK);
    CHECK_HR(IDXGISwapChain1_GetLastPresentCount(r.sc, &count), S_OK);
    CHECK_EQ(count, 2);
    CHECK_EQ(IDXGISwapChain1_IsTemporaryMonoSupported(r.sc), FALSE);
    p = (void *)(uintptr_t)1;
    CHECK_HR(IDXGISwapChain1_GetRestrictToOutput(r.sc, (IDXGIOutput **)&p), S_OK);
    CHECK(p == NULL);
done:
    rig_close(&r);
    /* 0 sizes: the headless window's 640 x 480; a NULL full-screen description is windowed */
    d = desc1(0, 0, DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_SWAP_EFFECT_SEQUENTIAL, 1);
    if (rig_open(&r, &d)) {
        CHECK_HR(IDXGISwapChain1_GetDesc1(r.sc, &got1), S_OK);
        CHECK(got1.Width == 640 && got1.Height == 480);
    }
    rig_close(&r);
}

TEST(dxgi12_create_swap_chain_for_hwnd_refusals)
{
    static const struct {
        HRESULT hr;
        const char *msg;
    } cases[] = {
        { DXGI_ERROR_INVALID_CALL, "hWnd is NULL" },
        { DXGI_ERROR_INVALID_CALL, "Stereo needs a flip effect" },
        { DXGI_ERROR_UNSUPPORTED, "no stereo display" },
        { DXGI_ERROR_INVALID_CALL, "DXGI_SCALING_NONE is supported only with a flip" },
        { DXGI_ERROR_INVALID_CALL, "not a DXGI_SCALING" },
        { DXGI_ERROR_INVALID_CALL, "not a DXGI_ALPHA_MODE" },
        { DXGI_ERROR_INVALID_CALL, "ALLOW_TEARING needs a flip" },
        { DXGI_ERROR_INVALID_CALL, "BufferCount 1 is outside 2..16" },
        { DXGI_ERROR_INVALID_CALL, "no sRGB" },
        { E_INVALIDARG, "not a display format" },
        { DXGI_ERROR_INVALID_CALL, "the flip model takes single-sample buffers" },
        { DXGI_ERROR_INVALID_CALL, "pRestrictToOutput" },
        { DXGI_ERROR_INVALID_CALL, "not a DXGI_MODE_SCALING" },
        { DXGI_ERROR_UNSUPPORTED, "not supported" },
    };
    struct rig r;
    if (!rig_open(&r, NULL))
        goto done;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        DXGI_SWAP_CHAIN_DESC1 d = desc1(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM,
                                        DXGI_SWAP_EFFECT_DISCARD, 1);
        DXGI_SWAP_CHAIN_FULLSCREEN_DESC fs = { { 60, 1 }, DXGI_MODE_SCANLINE_ORDER_UNSPECIFIED,
                                               DXGI_MODE_SCALING_UNSPECIFIED, TRUE };
        IDXGISwapChain1 *sc = (IDXGISwapChain1 *)(uintptr_t)1;
        IDXGIOutput *restrict_to = NULL;
        HWND hwnd = FAKE_HWND;
        switch (i) {
        case 0: hwnd = NULL; break;
        case 1: d.Stereo = TRUE; break;
        case 2:
            d.Stereo = TRUE;
            d.SwapEffect = DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL;
            d.BufferCount = 2;
            break;
        case 3: d.Scaling = DXGI_SCALING_NONE; break;
        case 4: d.Scaling = (DXGI_SCALING)3; break;
        case 5: d.AlphaMode = (DXGI_ALPHA_MODE)4; break;
        case 6: d.Flags = DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING; break;
        case 7: d.SwapEffect = DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL; break;
        case 8:
            d.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
            d.BufferCount = 2;
            d.Format = DXGI_FORMAT_B8G8R8A8_UNORM_SRGB;
            break;
        case 9: d.Format = DXGI_FORMAT_R16G16B16A16_FLOAT; break;   /* 10_0+ only */
        case 10:   /* multisampled flip chain (bitblt chains may be: tests/test_d3d11_msaa.c) */
            d.SampleDesc.Count = 2;
            d.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
            d.BufferCount = 2;
            break;
        case 11: restrict_to = (IDXGIOutput *)(uintptr_t)8; break;
        case 12: fs.Scaling = (DXGI_MODE_SCALING)9; break;
        case 13: d.Flags = DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT; break;
        }
        util_clear_last_message();
        CHECK_HR(IDXGIFactory2_CreateSwapChainForHwnd(r.f, (IUnknown *)r.dev, hwnd, &d, &fs,
                                                      restrict_to, &sc), cases[i].hr);
        CHECK(sc == NULL);
        CHECK_STR_CONTAINS(LAST, cases[i].msg);
        if (sc && sc != (IDXGISwapChain1 *)(uintptr_t)1)
            IDXGISwapChain1_Release(sc);
    }
    {
        DXGI_SWAP_CHAIN_DESC1 d = desc1(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM,
                                        DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL, 2);
        DXGI_SWAP_CHAIN_FULLSCREEN_DESC fs = { { 60, 1 }, DXGI_MODE_SCANLINE_ORDER_PROGRESSIVE,
                                               DXGI_MODE_SCALING_CENTERED, FALSE };
        IDXGISwapChain1 *sc = (IDXGISwapChain1 *)(uintptr_t)1;
        DXGI_SWAP_CHAIN_FULLSCREEN_DESC got;
        BOOL full = TRUE;
        CHECK_HR(IDXGIFactory2_CreateSwapChainForHwnd(r.f, (IUnknown *)r.dev, FAKE_HWND, NULL,
                                                      NULL, NULL, &sc), DXGI_ERROR_INVALID_CALL);
        CHECK(sc == NULL);
        CHECK_HR(IDXGIFactory2_CreateSwapChainForHwnd(r.f, (IUnknown *)r.dev, FAKE_HWND, &d,
                                                      NULL, NULL, NULL), DXGI_ERROR_INVALID_CALL);
        CHECK_HR(IDXGIFactory2_CreateSwapChainForHwnd(r.f, (IUnknown *)r.f, FAKE_HWND, &d,
                                                      NULL, NULL, &sc), DXGI_ERROR_INVALID_CALL);
        CHECK_STR_CONTAINS(LAST, "not a softd3d Direct3D 11 device");
        /* full screen asked for: a windowed chain and DXGI_STATUS_OCCLUDED, as CreateSwapChain */
        CHECK_HR(IDXGIFactory2_CreateSwapChainForHwnd(r.f, (IUnknown *)r.dev, FAKE_HWND, &d, &fs,
                                                      NULL, &sc), DXGI_STATUS_OCCLUDED);
        if (sc) {
            CHECK_HR(IDXGISwapChain1_GetFullscreenDesc(sc, &got), S_OK);
            CHECK(got.Windowed == TRUE && got.Scaling == DXGI_MODE_SCALING_CENTERED &&
                  got.ScanlineOrdering == DXGI_MODE_SCANLINE_ORDER_PROGRESSIVE &&
                  got.RefreshRate.Numerator == 60);
            CHECK_HR(IDXGISwapChain1_GetFullscreenState(sc, &full, NULL), S_OK);
            CHECK_EQ(full, FALSE);
            CHECK_EQ(IDXGISwapChain1_Release(sc), 0);
        }
        /* CoreWindow and composition chains: E_NOTIMPL, the desktop runtime's answer */
        sc = (IDXGISwapChain1 *)(uintptr_t)1;
        CHECK_HR(IDXGIFactory2_CreateSwapChainForCoreWindow(r.f, (IUnknown *)r.dev,
                                                            (IUnknown *)r.f, &d, NULL, &sc),
                 E_NOTIMPL);
        CHECK(sc == NULL);
        CHECK_STR_CONTAINS(LAST, "CoreWindow");
        sc = (IDXGISwapChain1 *)(uintptr_t)1;
        CHECK_HR(IDXGIFactory2_CreateSwapChainForComposition(r.f, (IUnknown *)r.dev, &d, NULL,
                                                             &sc), E_NOTIMPL);
        CHECK(sc == NULL);
        CHECK_STR_CONTAINS(LAST, "DirectComposition");
    }
done:
    rig_close(&r);
}

TEST(dxgi12_factory2_status_registrations)
{
    struct rig r;
    DWORD c[4] = { 0 };
    LUID luid = { 1, 1 };
    if (!rig_open(&r, NULL))
        goto done;
    CHECK_HR(IDXGIFactory2_RegisterOcclusionStatusWindow(r.f, FAKE_HWND, 0x401, &c[0]), S_OK);
    CHECK_HR(IDXGIFactory2_RegisterOcclusionStatusEvent(r.f, FAKE_EVENT, &c[1]), S_OK);
    CHECK_HR(IDXGIFactory2_RegisterStereoStatusWindow(r.f, FAKE_HWND, 0x402, &c[2]), S_OK);
    CHECK_HR(IDXGIFactory2_RegisterStereoStatusEvent(r.f, FAKE_EVENT, &c[3]), S_OK);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < i; k++)
            CHECK(c[i] != 0 && c[i] != c[k]);
    IDXGIFactory2_UnregisterOcclusionStatus(r.f, c[0]);
    IDXGIFactory2_UnregisterStereoStatus(r.f, c[2]);
    CHECK_HR(IDXGIFactory2_RegisterOcclusionStatusEvent(r.f, NULL, &c[1]), DXGI_ERROR_INVALID_CALL);
    CHECK_HR(IDXGIFactory2_RegisterStereoStatusWindow(r.f, FAKE_HWND, 0x402, NULL),
             DXGI_ERROR_INVALID_CALL);
    CHECK_STR_CONTAINS(LAST, "pdwCookie is NULL");
    CHECK_HR(IDXGIFactory2_GetSharedResourceAdapterLuid(r.f, FAKE_EVENT, &luid), E_INVALIDARG);
    CHECK(luid.LowPart == 0 && luid.HighPart == 0);
done:
    rig_close(&r);
}

TEST(dxgi12_swap_chain1_state)
{
    DXGI_SWAP_CHAIN_DESC1 d = desc1(16, 8, DXGI_FORMAT_R8G8B8A8_UNORM,
                                    DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL, 3);
    DXGI_RGBA bg = { 0.25f, 0.5f, 0.75f, 1.0f }, got = { 0 };
    DXGI_MODE_ROTATION rot = DXGI_MODE_ROTATION_UNSPECIFIED;
    struct rig r;
    if (!rig_open(&r, &d))
        goto done;
    CHECK_HR(IDXGISwapChain1_GetBackgroundColor(r.sc, &got), S_OK);
    CHECK(got.r == 0.0f && got.a == 0.0f);
    CHECK_HR(IDXGISwapChain1_SetBackgroundColor(r.sc, &bg), S_OK);
    CHECK_HR(IDXGISwapChain1_GetBackgroundColor(r.sc, &got), S_OK);
    CHECK(memcmp(&got, &bg, sizeof(bg)) == 0);
    CHECK_HR(IDXGISwapChain1_SetBackgroundColor(r.sc, NULL), DXGI_ERROR_INVALID_CALL);
    CHECK_HR(IDXGISwapChain1_GetRotation(r.sc, &rot), S_OK);
    CHECK_EQ(rot, DXGI_MODE_ROTATION_IDENTITY);
    CHECK_HR(IDXGISwapChain1_SetRotation(r.sc, DXGI_MODE_ROTATION_ROTATE90), S_OK);
    CHECK_HR(IDXGISwapChain1_GetRotation(r.sc, &rot), S_OK);
    CHECK_EQ(rot, DXGI_MODE_ROTATION_ROTATE90);
    CHECK_HR(IDXGISwapChain1_SetRotation(r.sc, DXGI_MODE_ROTATION_UNSPECIFIED),
             DXGI_ERROR_INVALID_CALL);
    CHECK_HR(IDXGISwapChain1_SetRotation(r.sc, (DXGI_MODE_ROTATION)5), DXGI_ERROR_INVALID_CALL);
    CHECK_HR(IDXGISwapChain1_GetRotation(r.sc, &rot), S_OK);
    CHECK_EQ(rot, DXGI_MODE_ROTATION_ROTATE90);
done:
    rig_close(&r);
    /* "The swap chain must be flip model to successfully call SetRotation" */
    d = desc1(16, 8, DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_SWAP_EFFECT_DISCARD, 1);
    if (rig_open(&r, &d)) {
        CHECK_HR(IDXGISwapChain1_SetRotation(r.sc, DXGI_MODE_ROTATION_IDENTITY),
                 DXGI_ERROR_INVALID_CALL);
        CHECK_STR_CONTAINS(LAST, "flip model");
    }
    rig_close(&r);
}

TEST(dxgi12_present1_parameters)
{
    DXGI_SWAP_CHAIN_DESC1 d = desc1(16, 8, DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_SWAP_EFFECT_DISCARD,
                                    1);
    RECT bad = { 8, 0, 4, 4 }, scroll = { 0, 0, 16, 8 };
    POINT offset = { 0, -1 };
    DXGI_PRESENT_PARAMETERS pp;
    UINT count = 9;
    struct rig r;
    if (!rig_open(&r, &d))
        goto done;
    pp = (DXGI_PRESENT_PARAMETERS){ 2, NULL, NULL, NULL };
    CHECK_HR(IDXGISwapChain1_Present1(r.sc, 0, 0, &pp), DXGI_ERROR_INVALID_CALL);
    CHECK_STR_CONTAINS(LAST, "pDirtyRects NULL");
    pp = (DXGI_PRESENT_PARAMETERS){ 1, &bad, NULL, NULL };
    CHECK_HR(IDXGISwapChain1_Present1(r.sc, 0, 0, &pp), DXGI_ERROR_INVALID_CALL);
    CHECK_STR_CONTAINS(LAST, "not ordered");
    pp = (DXGI_PRESENT_PARAMETERS){ 0, NULL, &scroll, &offset };
    CHECK_HR(IDXGISwapChain1_Present1(r.sc, 0, 0, &pp), DXGI_ERROR_INVALID_CALL);
    CHECK_STR_CONTAINS(LAST, "scroll rectangle needs a flip");
    CHECK_HR(IDXGISwapChain1_Present1(r.sc, 5, 0, NULL), DXGI_ERROR_INVALID_CALL);
    CHECK_STR_CONTAINS(LAST, "Present1: SyncInterval 5");
    CHECK_HR(IDXGISwapChain1_GetLastPresentCount(r.sc, &count), S_OK);
    CHECK_EQ(count, 0);   /* nothing was presented */
done:
    rig_close(&r);
    /* flip model: scrolling is allowed */
    d = desc1(16, 8, DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL, 2);
    if (rig_open(&r, &d)) {
        pp = (DXGI_PRESENT_PARAMETERS){ 0, NULL, &scroll, &offset };
        CHECK_HR(IDXGISwapChain1_Present1(r.sc, 0, 0, &pp), S_OK);
    }
    rig_close(&r);
}

TEST(dxgi12_tearing_swap_chain)
{
    DXGI_SWAP_CHAIN_DESC1 d = desc1(16, 8, DXGI_FORMAT_R8G8B8A8_UNORM,
                                    DXGI_SWAP_EFFECT_FLIP_DISCARD, 2);
    struct rig r;
    d.Flags = DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING;
    if (!rig_open(&r, &d))
        goto done;
    CHECK_HR(IDXGISwapChain1_Present(r.sc, 0, DXGI_PRESENT_ALLOW_TEARING), S_OK);
    CHECK_HR(IDXGISwapChain1_Present(r.sc, 1, DXGI_PRESENT_ALLOW_TEARING), DXGI_ERROR_INVALID_CALL);
    CHECK_STR_CONTAINS(LAST, "needs SyncInterval 0");
    /* ResizeBuffers cannot add or remove the flag */
    CHECK_HR(IDXGISwapChain1_ResizeBuffers(r.sc, 0, 32, 16, DXGI_FORMAT_UNKNOWN, 0),
             DXGI_ERROR_INVALID_CALL);
    CHECK_STR_CONTAINS(LAST, "cannot be added or removed");
    CHECK_HR(IDXGISwapChain1_ResizeBuffers(r.sc, 0, 32, 16, DXGI_FORMAT_UNKNOWN,
                                           DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING), S_OK);
done:
    rig_close(&r);
    d.Flags = 0;
    if (rig_open(&r, &d)) {
        CHECK_HR(IDXGISwapChain1_Present(r.sc, 0, DXGI_PRESENT_ALLOW_TEARING),
                 DXGI_ERROR_INVALID_CALL);
        CHECK_STR_CONTAINS(LAST, "created with DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING");
        CHECK_HR(IDXGISwapChain1_ResizeBuffers(r.sc, 0, 0, 0, DXGI_FORMAT_UNKNOWN,
                                               DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING),
                 DXGI_ERROR_INVALID_CALL);
    }
    rig_close(&r);
}

TEST(dxgi12_swap_chain2_to_4)
{
    DXGI_SWAP_CHAIN_DESC1 d = desc1(16, 8, DXGI_FORMAT_R8G8B8A8_UNORM,
                                    DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL, 2);
    static const UINT masks_ok[2] = { 1, 0 }, masks_bad[2] = { 1, 2 };
    IUnknown *queue = (IUnknown *)(uintptr_t)8;
    DXGI_HDR_METADATA_HDR10 hdr10 = { { 34000, 16000 }, { 13250, 34500 }, { 7500, 3000 },
                                      { 15635, 16450 }, 10000000, 1, 1000, 400 };
    DXGI_MATRIX_3X2_F mat = { 1, 0, 0, 1, 0, 0 };
    IDXGISwapChain4 *sc = NULL;
    UINT w = 0, h = 0, latency = 7, support = 9;
    struct rig r;
    if (!rig_open(&r, &d))
        goto done;
    CHECK_HR(IDXGISwapChain1_QueryInterface(r.sc, &IID_IDXGISwapChain4, (void **)&sc), S_OK);
    if (!sc)
        goto done;
    /* IDXGISwapChain2: source size within the buffers */
    CHECK_HR(IDXGISwapChain4_GetSourceSize(sc, &w, &h), S_OK);
    CHECK(w == 16 && h == 8);
    CHECK_HR(IDXGISwapChain4_SetSourceSize(sc, 10, 4), S_OK);
    CHECK_HR(IDXGISwapChain4_GetSourceSize(sc, &w, &h), S_OK);
    CHECK(w == 10 && h == 4);
    CHECK_HR(IDXGISwapChain4_SetSourceSize(sc, 17, 4), E_INVALIDARG);
    CHECK_HR(IDXGISwapChain4_SetSourceSize(sc, 0, 4), E_INVALIDARG);
    CHECK_HR(IDXGISwapChain4_GetSourceSize(sc, &w, NULL), DXGI_ERROR_INVALID_CALL);
    CHECK_HR(IDXGISwapChain4_GetSourceSize(sc, &w, &h), S_OK);
    CHECK(w == 10 && h == 4);
    /* no waitable-object chain, no composition chain */
    CHECK_HR(IDXGISwapChain4_SetMaximumFrameLatency(sc, 2), DXGI_ERROR_INVALID_CALL);
    CHECK_STR_CONTAINS(LAST, "FRAME_LATENCY_WAITABLE_OBJECT");
    CHECK_HR(IDXGISwapChain4_GetMaximumFrameLatency(sc, &latency), DXGI_ERROR_INVALID_CALL);
    CHECK(IDXGISwapChain4_GetFrameLatencyWaitableObject(sc) == NULL);
    CHECK_HR(IDXGISwapChain4_SetMatrixTransform(sc, &mat), DXGI_ERROR_INVALID_CALL);
    CHECK_HR(IDXGISwapChain4_GetMatrixTransform(sc, &mat), DXGI_ERROR_INVALID_CALL);
    CHECK_STR_CONTAINS(LAST, "composition");
    /* IDXGISwapChain3: buffer 0 stays the back buffer; sRGB is the one colour space */
    CHECK_EQ(IDXGISwapChain4_GetCurrentBackBufferIndex(sc), 0);
    CHECK_HR(IDXGISwapChain4_Present(sc, 0, 0), S_OK);
    CHECK_EQ(IDXGISwapChain4_GetCurrentBackBufferIndex(sc), 0);
    CHECK_HR(IDXGISwapChain4_CheckColorSpaceSupport(sc, DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709,
                                                    &support), S_OK);
    CHECK_EQ(support, DXGI_SWAP_CHAIN_COLOR_SPACE_SUPPORT_FLAG_PRESENT);
    CHECK_HR(IDXGISwapChain4_CheckColorSpaceSupport(sc, DXGI_COLOR_SPACE_RGB_FULL_G2084_NONE_P2020,
                                                    &support), S_OK);
    CHECK_EQ(support, 0);
    CHECK_HR(IDXGISwapChain4_CheckColorSpaceSupport(sc, DXGI_COLOR_SPACE_RGB_FULL_G10_NONE_P709,
                                                    NULL), DXGI_ERROR_INVALID_CALL);
    CHECK_HR(IDXGISwapChain4_SetColorSpace1(sc, DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709), S_OK);
    CHECK_HR(IDXGISwapChain4_SetColorSpace1(sc, DXGI_COLOR_SPACE_RGB_FULL_G10_NONE_P709),
             E_INVALIDARG);
    /* ResizeBuffers1: one node, no Direct3D 12 queues; the source size follows the buffers */
    CHECK_HR(IDXGISwapChain4_ResizeBuffers1(sc, 2, 24, 12, DXGI_FORMAT_UNKNOWN, 0, masks_bad,
                                            NULL), DXGI_ERROR_INVALID_CALL);
    CHECK_STR_CONTAINS(LAST, "pCreationNodeMask[1]");
    CHECK_HR(IDXGISwapChain4_ResizeBuffers1(sc, 2, 24, 12, DXGI_FORMAT_UNKNOWN, 0, NULL, &queue),
             DXGI_ERROR_INVALID_CALL);
    CHECK_HR(IDXGISwapChain4_ResizeBuffers1(sc, 2, 24, 12, DXGI_FORMAT_UNKNOWN, 0, masks_ok, NULL),
             S_OK);
    CHECK_HR(IDXGISwapChain4_GetSourceSize(sc, &w, &h), S_OK);
    CHECK(w == 24 && h == 12);
    /* IDXGISwapChain4: HDR metadata */
    CHECK_HR(IDXGISwapChain4_SetHDRMetaData(sc, DXGI_HDR_METADATA_TYPE_NONE, 0, NULL), S_OK);
    CHECK_HR(IDXGISwapChain4_SetHDRMetaData(sc, DXGI_HDR_METADATA_TYPE_HDR10, sizeof(hdr10),
                                            &hdr10), S_OK);
    CHECK_HR(IDXGISwapChain4_SetHDRMetaData(sc, DXGI_HDR_METADATA_TYPE_HDR10, sizeof(hdr10) - 2,
                                            &hdr10), E_INVALIDARG);
    CHECK_HR(IDXGISwapChain4_SetHDRMetaData(sc, DXGI_HDR_METADATA_TYPE_HDR10PLUS, 72, NULL),
             E_INVALIDARG);
    CHECK_HR(IDXGISwapChain4_SetHDRMetaData(sc, (DXGI_HDR_METADATA_TYPE)3, 0, NULL), E_INVALIDARG);
    IDXGISwapChain4_Release(sc);
done:
    rig_close(&r);
}

TEST(dxgi12_dxgi_device_2_to_4)
{
    static const GUID *const yes[] = { &IID_IDXGIDevice, &IID_IDXGIDevice1, &IID_IDXGIDevice2,
                                       &IID_IDXGIDevice3, &IID_IDXGIDevice4, &IID_ID3D11Device,
                                       NULL };
    static const GUID *const no[] = { &IID_IDXGIAdapter, &IID_IDXGISwapChain, NULL };
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_1, &ctx);
    IDXGIDevice4 *d4 = NULL;
    IDXGIResource *fake[1] = { (IDXGIResource *)(uintptr_t)16 };
    DXGI_RECLAIM_RESOURCE_RESULTS res[1];
    BOOL discarded[1];
    IDXGIAdapter *ad = NULL;
    if (!dev)
        return;
    check_answers((IUnknown *)dev, yes, no);
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_IDXGIDevice4, (void **)&d4), S_OK);
    if (d4) {
        CHECK_HR(IDXGIDevice4_GetAdapter(d4, &ad), S_OK);
        if (ad)
            IDXGIAdapter_Release(ad);
        IDXGIDevice4_Trim(d4);
        CHECK_HR(IDXGIDevice4_OfferResources(d4, 0, NULL, DXGI_OFFER_RESOURCE_PRIORITY_LOW),
                 E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "NumResources is 0");
        CHECK_HR(IDXGIDevice4_OfferResources(d4, 1, fake, (DXGI_OFFER_RESOURCE_PRIORITY)4),
                 E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "not a DXGI_OFFER_RESOURCE_PRIORITY");
        CHECK_HR(IDXGIDevice4_OfferResources1(d4, 1, fake, DXGI_OFFER_RESOURCE_PRIORITY_HIGH, 2),
                 E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "unknown flags");
        CHECK_HR(IDXGIDevice4_OfferResources(d4, 1, fake, DXGI_OFFER_RESOURCE_PRIORITY_NORMAL),
                 E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "not an IDXGIResource of this device");
        CHECK_HR(IDXGIDevice4_ReclaimResources(d4, 1, fake, discarded), E_INVALIDARG);
        CHECK_HR(IDXGIDevice4_ReclaimResources1(d4, 1, NULL, res), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "ppResources is NULL");
        IDXGIDevice4_Release(d4);
    }
    ctx_done(dev, ctx);
}

/* A chain from IDXGIFactory::CreateSwapChain seen through IDXGISwapChain1: DXGI_SCALING_STRETCH
 * ("the implicit behavior ... when you call CreateSwapChain"), the full-screen members of its
 * DXGI_MODE_DESC in GetFullscreenDesc. */
TEST(dxgi12_create_swap_chain_desc1_view)
{
    DXGI_SWAP_CHAIN_DESC d;
    DXGI_SWAP_CHAIN_DESC1 got;
    DXGI_SWAP_CHAIN_FULLSCREEN_DESC fs;
    IDXGISwapChain *sc = NULL;
    IDXGISwapChain1 *sc1 = NULL;
    struct rig r;
    memset(&d, 0, sizeof(d));
    d.BufferDesc.Width = 8;
    d.BufferDesc.Height = 8;
    d.BufferDesc.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
    d.BufferDesc.RefreshRate.Numerator = 75;
    d.BufferDesc.RefreshRate.Denominator = 1;
    d.BufferDesc.Scaling = DXGI_MODE_SCALING_STRETCHED;
    d.SampleDesc.Count = 1;
    d.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    d.BufferCount = 2;
    d.OutputWindow = FAKE_HWND;
    d.Windowed = TRUE;
    d.SwapEffect = DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL;
    if (!rig_open(&r, NULL))
        goto done;
    CHECK_HR(IDXGIFactory2_CreateSwapChain(r.f, (IUnknown *)r.dev, &d, &sc), S_OK);
    if (!sc)
        goto done;
    CHECK_HR(IDXGISwapChain_QueryInterface(sc, &IID_IDXGISwapChain1, (void **)&sc1), S_OK);
    if (sc1) {
        CHECK_HR(IDXGISwapChain1_GetDesc1(sc1, &got), S_OK);
        CHECK(got.Width == 8 && got.Height == 8 && got.Format == DXGI_FORMAT_B8G8R8A8_UNORM &&
              got.BufferCount == 2 && got.Scaling == DXGI_SCALING_STRETCH &&
              got.AlphaMode == DXGI_ALPHA_MODE_UNSPECIFIED && !got.Stereo &&
              got.SwapEffect == DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL);
        CHECK_HR(IDXGISwapChain1_GetFullscreenDesc(sc1, &fs), S_OK);
        CHECK(fs.RefreshRate.Numerator == 75 && fs.Scaling == DXGI_MODE_SCALING_STRETCHED &&
              fs.Windowed == TRUE);
        IDXGISwapChain1_Release(sc1);
    }
    CHECK_EQ(IDXGISwapChain_Release(sc), 0);
done:
    rig_close(&r);
}
