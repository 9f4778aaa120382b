/* IDXGISwapChain (src/d3d11/swapchain.c): D3D11CreateDeviceAndSwapChain and
 * IDXGIFactory::CreateSwapChain, rendering into the back buffer, Present and its PNG dump,
 * ResizeBuffers / ResizeTarget, the description's refusals, identities and lifetimes. */
#include "test_d3d11_context_util.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dxgi1_6.h"
#include "test_png_util.h"

#define FAKE_HWND ((HWND)(uintptr_t)0x1234)

static DXGI_SWAP_CHAIN_DESC sc_desc(UINT w, UINT h, DXGI_FORMAT format)
{
    DXGI_SWAP_CHAIN_DESC d;
    memset(&d, 0, sizeof(d));
    d.BufferDesc.Width = w;
    d.BufferDesc.Height = h;
    d.BufferDesc.Format = format;
    d.BufferDesc.RefreshRate.Numerator = 60;
    d.BufferDesc.RefreshRate.Denominator = 1;
    d.SampleDesc.Count = 1;
    d.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    d.BufferCount = 1;
    d.OutputWindow = FAKE_HWND;
    d.Windowed = TRUE;
    d.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
    return d;
}

static HRESULT create_with_sc(D3D_FEATURE_LEVEL level, const DXGI_SWAP_CHAIN_DESC *d,
                              IDXGISwapChain **sc, ID3D11Device **dev, ID3D11DeviceContext **ctx)
{
    unsetenv("SOFTD3D_PROFILE");
    return D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                                         D3D11_SDK_VERSION, d, sc, dev, NULL, ctx);
}

/* Clears buffer 0 of `sc` through a render-target view. */
static void clear_back_buffer(IDXGISwapChain *sc, ID3D11Device *dev, ID3D11DeviceContext *ctx,
                              const float color[4])
{
    ID3D11Texture2D *bb = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&bb), S_OK);
    if (!bb)
        return;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)bb, NULL, &rtv), S_OK);
    if (rtv) {
        ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, &rtv, NULL);
        ID3D11DeviceContext_ClearRenderTargetView(ctx, rtv, color);
        ID3D11DeviceContext_OMSetRenderTargets(ctx, 0, NULL, NULL);
        ID3D11RenderTargetView_Release(rtv);
    }
    ID3D11Texture2D_Release(bb);
}

/* Texel (x, y) of buffer 0, read through a STAGING copy. */
static uint32_t read_back_buffer(IDXGISwapChain *sc, ID3D11Device *dev, ID3D11DeviceContext *ctx,
                                 UINT x, UINT y)
{
    ID3D11Texture2D *bb = NULL, *st = NULL;
    D3D11_TEXTURE2D_DESC d;
    D3D11_MAPPED_SUBRESOURCE m;
    uint32_t v = 0xdeadbeef;
    CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&bb), S_OK);
    if (!bb)
        return v;
    ID3D11Texture2D_GetDesc(bb, &d);
    d.Usage = D3D11_USAGE_STAGING;
    d.BindFlags = 0;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, &st), S_OK);
    if (st) {
        ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)st, (ID3D11Resource *)bb);
        CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m),
                 S_OK);
        memcpy(&v, (const uint8_t *)m.pData + (size_t)y * m.RowPitch + x * 4, 4);
        ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)st, 0);
        ID3D11Texture2D_Release(st);
    }
    ID3D11Texture2D_Release(bb);
    return v;
}

static IDXGIFactory *device_factory(ID3D11Device *dev)
{
    IDXGIDevice *dxgi = NULL;
    IDXGIAdapter *ad = NULL;
    IDXGIFactory *f = NULL;
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_IDXGIDevice, (void **)&dxgi), S_OK);
    if (!dxgi)
        return NULL;
    CHECK_HR(IDXGIDevice_GetAdapter(dxgi, &ad), S_OK);
    if (ad) {
        CHECK_HR(IDXGIAdapter_GetParent(ad, &IID_IDXGIFactory, (void **)&f), S_OK);
        IDXGIAdapter_Release(ad);
    }
    IDXGIDevice_Release(dxgi);
    return f;
}

TEST(d3d11_swapchain_clear_present_readback)
{
    static const float color[4] = { 1.0f, 0.0f, 0.5f, 1.0f };
    for (int li = 0; li < 3; li++) {
        DXGI_SWAP_CHAIN_DESC d = sc_desc(8, 4, DXGI_FORMAT_R8G8B8A8_UNORM), got;
        IDXGISwapChain *sc = NULL;
        ID3D11Device *dev = NULL;
        ID3D11DeviceContext *ctx = NULL;
        ID3D11Texture2D *bb = NULL;
        D3D11_TEXTURE2D_DESC td;
        UINT count = 99;
        CHECK_HR(create_with_sc(ctx_levels[li], &d, &sc, &dev, &ctx), S_OK);
        if (!sc || !dev || !ctx)
            continue;
        CHECK_EQ(ID3D11Device_GetFeatureLevel(dev), ctx_levels[li]);
        CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&bb), S_OK);
        if (bb) {
            ID3D11Texture2D_GetDesc(bb, &td);
            CHECK_EQ(td.Width, 8);
            CHECK_EQ(td.Height, 4);
            CHECK_EQ(td.Format, DXGI_FORMAT_R8G8B8A8_UNORM);
            CHECK_EQ(td.BindFlags, D3D11_BIND_RENDER_TARGET);
            CHECK_EQ(td.Usage, D3D11_USAGE_DEFAULT);
            ID3D11Texture2D_Release(bb);
        }
        clear_back_buffer(sc, dev, ctx, color);
        CHECK_HR(IDXGISwapChain_GetLastPresentCount(sc, &count), S_OK);
        CHECK_EQ(count, 0);
        CHECK_HR(IDXGISwapChain_Present(sc, 0, 0), S_OK);
        CHECK_HR(IDXGISwapChain_Present(sc, 1, DXGI_PRESENT_TEST), S_OK);
        CHECK_HR(IDXGISwapChain_Present(sc, 5, 0), DXGI_ERROR_INVALID_CALL);
        CHECK_STR_CONTAINS(LAST, "SyncInterval 5");
        CHECK_HR(IDXGISwapChain_Present(sc, 0, DXGI_PRESENT_STEREO_PREFER_RIGHT),
                 DXGI_ERROR_INVALID_CALL);
        CHECK_HR(IDXGISwapChain_GetLastPresentCount(sc, &count), S_OK);
        CHECK_EQ(count, 1);
        /* bytes R, G, B, A in memory = 0xAABBGGRR little-endian */
        CHECK_EQ(read_back_buffer(sc, dev, ctx, 0, 0), 0xff8000ffu);
        CHECK_EQ(read_back_buffer(sc, dev, ctx, 7, 3), 0xff8000ffu);
        CHECK_HR(IDXGISwapChain_GetDesc(sc, &got), S_OK);
        CHECK_EQ(got.BufferDesc.Width, 8);
        CHECK_EQ(got.BufferCount, 1);
        CHECK(got.OutputWindow == FAKE_HWND);
        CHECK_EQ(IDXGISwapChain_Release(sc), 0);
        ctx_done(dev, ctx);
    }
}

/* Finds DIR/softd3d-d3d11-sc<N>-frame<frame>.png and returns its first pixel (0xRRGGBB) and
 * its size. */
static uint32_t dumped_image(const char *dir, const char *frame, int *found, uint32_t *width,
                             uint32_t *height)
{
    return png_dump_first_pixel(dir, "softd3d-d3d11-sc", frame, found, width, height);
}

/* dumped_image of the 4 x 2 chains of the dump test. */
static uint32_t dumped_pixel(const char *dir, const char *frame, int *found)
{
    uint32_t w = 0, h = 0, px = dumped_image(dir, frame, found, &w, &h);
    if (*found) {
        CHECK_EQ(w, 4);
        CHECK_EQ(h, 2);
    }
    return px;
}

/* IDXGISwapChain2::SetSourceSize: the presented image is the source region [0, 0, w, h]. */
TEST(dxgi12_swapchain_present_dump_source_size)
{
    static const float color[4] = { 0.0f, 1.0f, 1.0f, 1.0f };
    char dir[] = "/tmp/softd3d-d3d11-src-XXXXXX";
    DXGI_SWAP_CHAIN_DESC d = sc_desc(8, 4, DXGI_FORMAT_R8G8B8A8_UNORM);
    IDXGISwapChain *sc = NULL;
    IDXGISwapChain2 *sc2 = NULL;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    uint32_t w = 0, h = 0, px;
    int found = 0;
    if (!mkdtemp(dir))
        SKIP("mkdtemp failed");
    setenv("SOFTD3D_PRESENT_DUMP", dir, 1);
    CHECK_HR(create_with_sc(D3D_FEATURE_LEVEL_9_2, &d, &sc, &dev, &ctx), S_OK);
    if (sc && dev && ctx) {
        CHECK_HR(IDXGISwapChain_QueryInterface(sc, &IID_IDXGISwapChain2, (void **)&sc2), S_OK);
        if (sc2) {
            CHECK_HR(IDXGISwapChain2_SetSourceSize(sc2, 3, 2), S_OK);
            clear_back_buffer(sc, dev, ctx, color);
            CHECK_HR(IDXGISwapChain2_Present(sc2, 0, 0), S_OK);
            IDXGISwapChain2_Release(sc2);
        }
        IDXGISwapChain_Release(sc);
        ctx_done(dev, ctx);
    }
    unsetenv("SOFTD3D_PRESENT_DUMP");
    px = dumped_image(dir, "-frame000000.png", &found, &w, &h);
    CHECK_EQ(found, 1);
    CHECK_EQ(w, 3);
    CHECK_EQ(h, 2);
    CHECK_EQ(px, 0x00ffffu);
    rmdir(dir);
}

TEST(d3d11_swapchain_present_dump)
{
    static const float color[4] = { 1.0f, 0.5f, 0.0f, 1.0f };
    static const float color2[4] = { 0.0f, 0.0f, 1.0f, 1.0f };
    char dir[] = "/tmp/softd3d-d3d11-sc-XXXXXX";
    DXGI_SWAP_CHAIN_DESC d = sc_desc(4, 2, DXGI_FORMAT_B8G8R8A8_UNORM);
    IDXGISwapChain *sc = NULL;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    int found = 0;
    uint32_t px;
    if (!mkdtemp(dir))
        SKIP("mkdtemp failed");
    setenv("SOFTD3D_PRESENT_DUMP", dir, 1);
    CHECK_HR(create_with_sc(D3D_FEATURE_LEVEL_9_1, &d, &sc, &dev, &ctx), S_OK);
    if (sc && dev && ctx) {
        clear_back_buffer(sc, dev, ctx, color);
        CHECK_HR(IDXGISwapChain_Present(sc, 1, 0), S_OK);
        clear_back_buffer(sc, dev, ctx, color2);
        CHECK_HR(IDXGISwapChain_Present(sc, 1, DXGI_PRESENT_TEST), S_OK);   /* no file */
        CHECK_HR(IDXGISwapChain_Present(sc, 1, 0), S_OK);
        IDXGISwapChain_Release(sc);
        ctx_done(dev, ctx);
    }
    unsetenv("SOFTD3D_PRESENT_DUMP");
    px = dumped_pixel(dir, "-frame000000.png", &found);
    CHECK_EQ(found, 1);
    CHECK_EQ(px, 0xff8000u);   /* B8G8R8A8 stored, RGB in the PNG */
    px = dumped_pixel(dir, "-frame000001.png", &found);
    CHECK_EQ(found, 1);
    CHECK_EQ(px, 0x0000ffu);
    dumped_pixel(dir, "-frame000002.png", &found);
    CHECK_EQ(found, 0);
    rmdir(dir);
}

TEST(d3d11_swapchain_resize_buffers)
{
    DXGI_SWAP_CHAIN_DESC d = sc_desc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM), got;
    IDXGISwapChain *sc = NULL;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Texture2D *bb = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    DXGI_MODE_DESC mode;
    CHECK_HR(create_with_sc(D3D_FEATURE_LEVEL_9_3, &d, &sc, &dev, &ctx), S_OK);
    if (!sc || !dev || !ctx)
        return;
    CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&bb), S_OK);
    /* a direct reference */
    CHECK_HR(IDXGISwapChain_ResizeBuffers(sc, 0, 16, 8, DXGI_FORMAT_UNKNOWN, 0),
             DXGI_ERROR_INVALID_CALL);
    CHECK_STR_CONTAINS(LAST, "still referenced");
    /* an indirect one: a view, then a context binding of the view */
    CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)bb, NULL, &rtv), S_OK);
    ID3D11Texture2D_Release(bb);
    CHECK_HR(IDXGISwapChain_ResizeBuffers(sc, 0, 16, 8, DXGI_FORMAT_UNKNOWN, 0),
             DXGI_ERROR_INVALID_CALL);
    ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, &rtv, NULL);
    ID3D11RenderTargetView_Release(rtv);
    CHECK_HR(IDXGISwapChain_ResizeBuffers(sc, 0, 16, 8, DXGI_FORMAT_UNKNOWN, 0),
             DXGI_ERROR_INVALID_CALL);
    ID3D11DeviceContext_OMSetRenderTargets(ctx, 0, NULL, NULL);
    CHECK_HR(IDXGISwapChain_GetDesc(sc, &got), S_OK);
    CHECK_EQ(got.BufferDesc.Width, 8);   /* refusals changed nothing */
    CHECK_HR(IDXGISwapChain_ResizeBuffers(sc, 0, 16, 4, DXGI_FORMAT_UNKNOWN, 0), S_OK);
    CHECK_HR(IDXGISwapChain_GetDesc(sc, &got), S_OK);
    CHECK_EQ(got.BufferDesc.Width, 16);
    CHECK_EQ(got.BufferDesc.Height, 4);
    CHECK_EQ(got.BufferDesc.Format, DXGI_FORMAT_R8G8B8A8_UNORM);
    CHECK_EQ(got.BufferCount, 1);
    CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&bb), S_OK);
    if (bb) {
        D3D11_TEXTURE2D_DESC td;
        ID3D11Texture2D_GetDesc(bb, &td);
        CHECK_EQ(td.Width, 16);
        CHECK_EQ(td.Height, 4);
        ID3D11Texture2D_Release(bb);
    }
    /* new format and count; a bad format or count changes nothing */
    CHECK_HR(IDXGISwapChain_ResizeBuffers(sc, 2, 0, 0, DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, 0), S_OK);
    CHECK_HR(IDXGISwapChain_GetDesc(sc, &got), S_OK);
    CHECK_EQ(got.BufferDesc.Width, 640);   /* 0: the headless window's client size */
    CHECK_EQ(got.BufferDesc.Height, 480);
    CHECK_EQ(got.BufferDesc.Format, DXGI_FORMAT_B8G8R8A8_UNORM_SRGB);
    CHECK_EQ(got.BufferCount, 2);
    CHECK_HR(IDXGISwapChain_ResizeBuffers(sc, 0, 4, 4, DXGI_FORMAT_R16G16B16A16_FLOAT, 0),
             DXGI_ERROR_INVALID_CALL);
    CHECK_HR(IDXGISwapChain_ResizeBuffers(sc, 17, 4, 4, DXGI_FORMAT_UNKNOWN, 0),
             DXGI_ERROR_INVALID_CALL);
    CHECK_HR(IDXGISwapChain_ResizeBuffers(sc, 0, 8192, 4, DXGI_FORMAT_UNKNOWN, 0), E_INVALIDARG);
    CHECK_HR(IDXGISwapChain_GetDesc(sc, &got), S_OK);
    CHECK_EQ(got.BufferDesc.Width, 640);
    /* ResizeTarget: the window's new size, used by a later 0 size */
    CHECK_HR(IDXGISwapChain_ResizeTarget(sc, NULL), DXGI_ERROR_INVALID_CALL);
    memset(&mode, 0, sizeof(mode));
    mode.Width = 32;
    mode.Height = 24;
    CHECK_HR(IDXGISwapChain_ResizeTarget(sc, &mode), S_OK);
    CHECK_HR(IDXGISwapChain_GetDesc(sc, &got), S_OK);
    CHECK_EQ(got.BufferDesc.Width, 640);   /* the buffers wait for ResizeBuffers */
    CHECK_HR(IDXGISwapChain_ResizeBuffers(sc, 0, 0, 0, DXGI_FORMAT_UNKNOWN, 0), S_OK);
    CHECK_HR(IDXGISwapChain_GetDesc(sc, &got), S_OK);
    CHECK_EQ(got.BufferDesc.Width, 32);
    CHECK_EQ(got.BufferDesc.Height, 24);
    CHECK_EQ(IDXGISwapChain_Release(sc), 0);
    ctx_done(dev, ctx);
}

TEST(d3d11_swapchain_desc_refusals)
{
    static const struct {
        const char *what;
        HRESULT hr;
        const char *msg;
    } cases[] = {
        { "no window", DXGI_ERROR_INVALID_CALL, "OutputWindow is NULL" },
        { "0 buffers", DXGI_ERROR_INVALID_CALL, "BufferCount 0" },
        { "17 buffers", DXGI_ERROR_INVALID_CALL, "BufferCount 17" },
        { "flip 1 buffer", DXGI_ERROR_INVALID_CALL, "BufferCount 1 is outside 2..16" },
        /* (the default profile offers 2, 4 and 8 samples: tests/test_d3d11_msaa.c) */
        { "msaa", DXGI_ERROR_INVALID_CALL, "reports 0 quality level(s)" },
        { "quality", DXGI_ERROR_INVALID_CALL, "Count 1 takes Quality 0" },
        { "no RTO usage", DXGI_ERROR_INVALID_CALL, "lacks DXGI_USAGE_RENDER_TARGET_OUTPUT" },
        { "shared usage", DXGI_ERROR_INVALID_CALL, "not allowed" },
        { "shader input", E_INVALIDARG, "D3D10_DDI_BIND_PRESENT" },
        /* E_INVALIDARG as on Windows (issue 11 part 10, an independent conformance suite) */
        { "format", E_INVALIDARG, "not a display format" },
        { "unknown format", E_INVALIDARG, "not a display format" },
        { "flip srgb", DXGI_ERROR_INVALID_CALL, "no sRGB" },
        { "effect", DXGI_ERROR_INVALID_CALL, "not a DXGI_SWAP_EFFECT" },
        { "gdi", DXGI_ERROR_UNSUPPORTED, "not supported" },
        { "unknown flag", DXGI_ERROR_INVALID_CALL, "unknown DXGI_SWAP_CHAIN_FLAG" },
        { "scaling", DXGI_ERROR_INVALID_CALL, "DXGI_MODE_SCALING" },
        { "too wide", E_INVALIDARG, "the back buffer" },
    };
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    IDXGIFactory *f;
    dev = ctx_device(D3D_FEATURE_LEVEL_9_1, &ctx);
    if (!dev)
        return;
    f = device_factory(dev);
    if (!f) {
        ctx_done(dev, ctx);
        return;
    }
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        DXGI_SWAP_CHAIN_DESC d = sc_desc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM);
        IDXGISwapChain *sc = (IDXGISwapChain *)(uintptr_t)1;
        switch (i) {
        case 0: d.OutputWindow = NULL; break;
        case 1: d.BufferCount = 0; break;
        case 2: d.BufferCount = 17; break;
        case 3: d.SwapEffect = DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL; break;
        case 4: d.SampleDesc.Count = 3; break;
        case 5: d.SampleDesc.Quality = 1; break;
        case 6: d.BufferUsage = DXGI_USAGE_SHADER_INPUT; break;
        case 7: d.BufferUsage |= DXGI_USAGE_SHARED; break;
        case 8: d.BufferUsage |= DXGI_USAGE_SHADER_INPUT; break;
        case 9: d.BufferDesc.Format = DXGI_FORMAT_B5G6R5_UNORM; break;
        case 10: d.BufferDesc.Format = DXGI_FORMAT_UNKNOWN; break;
        case 11:
            d.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
            d.BufferCount = 2;
            d.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
            break;
        case 12: d.SwapEffect = (DXGI_SWAP_EFFECT)2; break;
        case 13: d.Flags = DXGI_SWAP_CHAIN_FLAG_GDI_COMPATIBLE; break;
        case 14: d.Flags = 0x10000; break;
        case 15: d.BufferDesc.Scaling = (DXGI_MODE_SCALING)7; break;
        case 16: d.BufferDesc.Width = 4096; break;   /* 9_1: at most 2048 */
        }
        util_clear_last_message();
        CHECK_HR(IDXGIFactory_CreateSwapChain(f, (IUnknown *)dev, &d, &sc), cases[i].hr);
        CHECK(sc == NULL);
        CHECK_STR_CONTAINS(LAST, cases[i].msg);
        if (sc && sc != (IDXGISwapChain *)(uintptr_t)1)
            IDXGISwapChain_Release(sc);
    }
    {
        DXGI_SWAP_CHAIN_DESC d = sc_desc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM);
        IDXGISwapChain *sc = (IDXGISwapChain *)(uintptr_t)1;
        IUnknown *not_device = (IUnknown *)f;
        CHECK_HR(IDXGIFactory_CreateSwapChain(f, (IUnknown *)dev, NULL, &sc),
                 DXGI_ERROR_INVALID_CALL);
        CHECK(sc == NULL);
        CHECK_HR(IDXGIFactory_CreateSwapChain(f, (IUnknown *)dev, &d, NULL),
                 DXGI_ERROR_INVALID_CALL);
        sc = (IDXGISwapChain *)(uintptr_t)1;
        CHECK_HR(IDXGIFactory_CreateSwapChain(f, NULL, &d, &sc), DXGI_ERROR_INVALID_CALL);
        CHECK(sc == NULL);
        CHECK_HR(IDXGIFactory_CreateSwapChain(f, not_device, &d, &sc), DXGI_ERROR_INVALID_CALL);
        CHECK_STR_CONTAINS(LAST, "not a softd3d Direct3D 11 device");
        /* the factory's CreateSwapChain with a good description; 0 sizes: 640 x 480 */
        d.BufferDesc.Width = 0;
        d.BufferDesc.Height = 0;
        d.SwapEffect = DXGI_SWAP_EFFECT_SEQUENTIAL;
        d.BufferCount = 3;
        CHECK_HR(IDXGIFactory_CreateSwapChain(f, (IUnknown *)dev, &d, &sc), S_OK);
        if (sc) {
            DXGI_SWAP_CHAIN_DESC got;
            ID3D11Texture2D *b2 = NULL;
            CHECK_HR(IDXGISwapChain_GetDesc(sc, &got), S_OK);
            CHECK_EQ(got.BufferDesc.Width, 640);
            CHECK_EQ(got.BufferDesc.Height, 480);
            CHECK_HR(IDXGISwapChain_GetDesc(sc, NULL), DXGI_ERROR_INVALID_CALL);
            /* SEQUENTIAL: every buffer index below BufferCount */
            CHECK_HR(IDXGISwapChain_GetBuffer(sc, 2, &IID_ID3D11Texture2D, (void **)&b2), S_OK);
            if (b2)
                ID3D11Texture2D_Release(b2);
            CHECK_HR(IDXGISwapChain_GetBuffer(sc, 3, &IID_ID3D11Texture2D, (void **)&b2),
                     DXGI_ERROR_INVALID_CALL);
            CHECK(b2 == NULL);
            CHECK_HR(IDXGISwapChain_Present(sc, 0, 0), S_OK);
            CHECK_EQ(IDXGISwapChain_Release(sc), 0);
        }
    }
    IDXGIFactory_Release(f);
    ctx_done(dev, ctx);
}

/* Issue 11 part 10: a non-display format through D3D11CreateDeviceAndSwapChain is E_INVALIDARG
 * (Windows; not DXGI_ERROR_INVALID_CALL), and every out-pointer stays NULL. */
TEST(issue11_swapchain_non_display_format_through_create_device)
{
    DXGI_SWAP_CHAIN_DESC d = sc_desc(8, 8, DXGI_FORMAT_B5G6R5_UNORM);
    IDXGISwapChain *sc = (IDXGISwapChain *)(uintptr_t)1;
    ID3D11Device *dev = (ID3D11Device *)(uintptr_t)1;
    ID3D11DeviceContext *ctx = (ID3D11DeviceContext *)(uintptr_t)1;
    util_clear_last_message();
    CHECK_HR(create_with_sc(D3D_FEATURE_LEVEL_9_3, &d, &sc, &dev, &ctx), E_INVALIDARG);
    CHECK(sc == NULL && dev == NULL && ctx == NULL);
    CHECK_STR_CONTAINS(LAST, "not a display format");
}

/* Issue 11 part 10: an R8G8B8A8_UNORM swap chain on the 11_1 device (profile 11_1-tiled), which
 * Windows accepts; a non-display format is refused there too. */
TEST(issue11_swapchain_r8g8b8a8_at_11_1)
{
    static const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
    DXGI_SWAP_CHAIN_DESC d = sc_desc(8, 4, DXGI_FORMAT_R8G8B8A8_UNORM), got;
    IDXGISwapChain *sc = NULL;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    setenv("SOFTD3D_PROFILE", "11_1-tiled", 1);
    HRESULT hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                                               D3D11_SDK_VERSION, &d, &sc, &dev, NULL, &ctx);
    unsetenv("SOFTD3D_PROFILE");
    CHECK_HR(hr, S_OK);
    if (FAILED(hr))
        return;
    CHECK_HR(IDXGISwapChain_GetDesc(sc, &got), S_OK);
    CHECK_EQ(got.BufferDesc.Format, DXGI_FORMAT_R8G8B8A8_UNORM);
    CHECK_HR(IDXGISwapChain_Present(sc, 0, 0), S_OK);
    {
        IDXGIFactory *f = device_factory(dev);
        IDXGISwapChain *sc2 = (IDXGISwapChain *)(uintptr_t)1;
        DXGI_SWAP_CHAIN_DESC bad = sc_desc(8, 4, DXGI_FORMAT_R8G8_UNORM);
        if (f) {
            CHECK_HR(IDXGIFactory_CreateSwapChain(f, (IUnknown *)dev, &bad, &sc2), E_INVALIDARG);
            CHECK(sc2 == NULL);
            IDXGIFactory_Release(f);
        }
    }
    CHECK_EQ(IDXGISwapChain_Release(sc), 0);
    ctx_done(dev, ctx);
}

TEST(d3d11_swapchain_create_device_and_swapchain_args)
{
    DXGI_SWAP_CHAIN_DESC d = sc_desc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM);
    IDXGISwapChain *sc = (IDXGISwapChain *)(uintptr_t)1;
    ID3D11Device *dev = (ID3D11Device *)(uintptr_t)1;
    ID3D11DeviceContext *ctx = (ID3D11DeviceContext *)(uintptr_t)1;
    D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_2, got = (D3D_FEATURE_LEVEL)1;
    BOOL fs = TRUE;
    IDXGIOutput *out = (IDXGIOutput *)(uintptr_t)1;
    unsetenv("SOFTD3D_PROFILE");
    /* ppSwapChain without a description */
    CHECK_HR(D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                                           D3D11_SDK_VERSION, NULL, &sc, &dev, &got, &ctx),
             E_INVALIDARG);
    CHECK(sc == NULL && dev == NULL && ctx == NULL && got == 0);
    /* a refused description: nothing created */
    d.BufferCount = 0;
    CHECK_HR(create_with_sc(level, &d, &sc, &dev, &ctx), DXGI_ERROR_INVALID_CALL);
    CHECK(sc == NULL && dev == NULL && ctx == NULL);
    /* a description without ppSwapChain: just the device */
    CHECK_HR(create_with_sc(level, &d, NULL, &dev, &ctx), S_OK);
    ctx_done(dev, ctx);
    /* full screen: no output, created windowed with DXGI_STATUS_OCCLUDED */
    d.BufferCount = 1;
    d.Windowed = FALSE;
    CHECK_HR(create_with_sc(level, &d, &sc, NULL, NULL), DXGI_STATUS_OCCLUDED);
    if (sc) {
        DXGI_SWAP_CHAIN_DESC g;
        DXGI_FRAME_STATISTICS stats;
        CHECK_HR(IDXGISwapChain_GetDesc(sc, &g), S_OK);
        CHECK(g.Windowed);
        CHECK_HR(IDXGISwapChain_GetFullscreenState(sc, &fs, &out), S_OK);
        CHECK(!fs && out == NULL);
        CHECK_HR(IDXGISwapChain_GetFullscreenState(sc, NULL, NULL), S_OK);
        CHECK_HR(IDXGISwapChain_SetFullscreenState(sc, TRUE, NULL),
                 DXGI_ERROR_NOT_CURRENTLY_AVAILABLE);
        CHECK_HR(IDXGISwapChain_SetFullscreenState(sc, FALSE, NULL), S_OK);
        out = (IDXGIOutput *)(uintptr_t)1;
        CHECK_HR(IDXGISwapChain_GetContainingOutput(sc, &out), DXGI_ERROR_NOT_FOUND);
        CHECK(out == NULL);
        CHECK_HR(IDXGISwapChain_GetFrameStatistics(sc, &stats), DXGI_ERROR_INVALID_CALL);
        CHECK_HR(IDXGISwapChain_GetBuffer(sc, 1, &IID_ID3D11Texture2D, (void **)&out),
                 DXGI_ERROR_INVALID_CALL);   /* DISCARD: only buffer 0 */
        CHECK_STR_CONTAINS(LAST, "only buffer 0");
        /* the swap chain alone keeps the device */
        CHECK_EQ(IDXGISwapChain_Release(sc), 0);
    }
}

TEST(d3d11_swapchain_identities_and_lifetime)
{
    static const GUID guid = { 0x1234, 0x5678, 0x9abc, { 1, 2, 3, 4, 5, 6, 7, 8 } };
    DXGI_SWAP_CHAIN_DESC d = sc_desc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM);
    IDXGISwapChain *sc = NULL;
    ID3D11Device *dev = NULL, *dev2 = NULL;
    ID3D11DeviceContext *ctx = NULL;
    IDXGIFactory *f = NULL, *f2 = NULL;
    IDXGIDeviceSubObject *sub = NULL;
    ID3D11Resource *res = NULL;
    ID3D11Texture2D *bb = NULL;
    IUnknown *unk = NULL;
    UINT v = 42, size = sizeof(v);
    CHECK_HR(create_with_sc(D3D_FEATURE_LEVEL_9_3, &d, &sc, &dev, &ctx), S_OK);
    if (!sc || !dev || !ctx)
        return;
    CHECK_HR(IDXGISwapChain_GetDevice(sc, &IID_ID3D11Device, (void **)&dev2), S_OK);
    CHECK(dev2 == dev);
    if (dev2)
        ID3D11Device_Release(dev2);
    f = device_factory(dev);
    CHECK_HR(IDXGISwapChain_GetParent(sc, &IID_IDXGIFactory, (void **)&f2), S_OK);
    CHECK(f2 != NULL && f2 == f);
    if (f2)
        IDXGIFactory_Release(f2);
    if (f)
        IDXGIFactory_Release(f);
    CHECK_HR(IDXGISwapChain_QueryInterface(sc, &IID_IDXGIDeviceSubObject, (void **)&sub), S_OK);
    CHECK((void *)sub == (void *)sc);
    if (sub)
        IDXGIDeviceSubObject_Release(sub);
    CHECK_HR(IDXGISwapChain_QueryInterface(sc, &IID_ID3D11Device, (void **)&unk), E_NOINTERFACE);
    /* private data */
    CHECK_HR(IDXGISwapChain_SetPrivateData(sc, &guid, sizeof(v), &v), S_OK);
    v = 0;
    CHECK_HR(IDXGISwapChain_GetPrivateData(sc, &guid, &size, &v), S_OK);
    CHECK_EQ(v, 42);
    /* GetBuffer: the same texture through either interface, one reference each */
    CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Resource, (void **)&res), S_OK);
    CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&bb), S_OK);
    CHECK((void *)res == (void *)bb);
    CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_IDXGIFactory, (void **)&unk), E_NOINTERFACE);
    CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, NULL),
             DXGI_ERROR_INVALID_CALL);
    if (res)
        ID3D11Resource_Release(res);
    /* the application lets go of the device and the chain first: the buffer it still holds
     * stays valid (a texture of the device, which it keeps alive) */
    ID3D11DeviceContext_Release(ctx);
    ID3D11Device_Release(dev);
    CHECK_EQ(IDXGISwapChain_Release(sc), 0);
    if (bb) {
        D3D11_TEXTURE2D_DESC td;
        ID3D11Texture2D_GetDesc(bb, &td);
        CHECK_EQ(td.Width, 4);
        CHECK_EQ(ID3D11Texture2D_Release(bb), 0);
    }
}
