/* tests/test_d3d9_swapchain.c — Direct3D 9 additional swap chains (CreateAdditionalSwapChain:
 * the present-parameter checks and their written-back defaults, one full-screen chain per
 * adapter, lifetimes and the device reference, GetNumberOfSwapChains / GetSwapChain, every
 * IDirect3DSwapChain9 method, rendering into its back buffer and presenting it, the PNG present
 * dump, Reset's refusal while one is held) and GetRasterStatus (D3DCAPS_READ_SCANLINE on max
 * only; the virtual display's raster). */
#include <dirent.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "test_d3d9_util.h"

#include "util/log.h"
#include "test_png_util.h"

/* The first pixel that differs from `want` in a surface read through GetFrontBufferData or
 * GetRenderTargetData into a SYSTEMMEM A8R8G8B8 / X8R8G8B8 surface; true when all match. */
static bool all_pixels(IDirect3DSurface9 *s, uint32_t mask, uint32_t want, const char *what)
{
    D3DSURFACE_DESC d;
    D3DLOCKED_RECT lr;
    bool ok = true;
    IDirect3DSurface9_GetDesc(s, &d);
    if (FAILED(IDirect3DSurface9_LockRect(s, &lr, NULL, D3DLOCK_READONLY)))
        return false;
    for (UINT y = 0; y < d.Height && ok; y++) {
        for (UINT x = 0; x < d.Width; x++) {
            uint32_t v = ((const uint32_t *)((const char *)lr.pBits + y * lr.Pitch))[x];
            if ((v & mask) != want) {
                harness_fail(__FILE__, __LINE__, "%s: (%u,%u) = 0x%08x, want 0x%08x", what, x, y,
                             v, want);
                ok = false;
                break;
            }
        }
    }
    IDirect3DSurface9_UnlockRect(s);
    return ok;
}

static uint32_t pixel(IDirect3DSurface9 *s, UINT x, UINT y)
{
    D3DLOCKED_RECT lr;
    uint32_t v;
    if (FAILED(IDirect3DSurface9_LockRect(s, &lr, NULL, D3DLOCK_READONLY)))
        return 0xdeadbeefu;
    v = ((const uint32_t *)((const char *)lr.pBits + y * lr.Pitch))[x];
    IDirect3DSurface9_UnlockRect(s);
    return v;
}

static IDirect3DSurface9 *sysmem(IDirect3DDevice9 *dev, UINT w, UINT h, D3DFORMAT f)
{
    IDirect3DSurface9 *s = NULL;
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, w, h, f, D3DPOOL_SYSTEMMEM, &s,
                                                          NULL), D3D_OK);
    return s;
}

/* ------------------------------------------------------------------ creation */

TEST(d3d9_additional_swap_chain_refusals)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    D3DPRESENT_PARAMETERS pp, before;
    IDirect3DSwapChain9 *sc = (IDirect3DSwapChain9 *)(uintptr_t)1;
    ULONG refs;
    if (!dev)
        SKIP("no device");
    refs = t9_refcount(dev);
    pp = t9_pp(32, 16);
    /* NULL pointers. */
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, NULL), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(util_last_message(), "CreateAdditionalSwapChain: pSwapChain is NULL");
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, NULL, &sc), D3DERR_INVALIDCALL);
    CHECK(sc == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "pPresentationParameters is NULL");
    /* The CreateDevice checks, each refusal setting *ppSwapChain to NULL. */
    before = pp;
    pp.SwapEffect = (D3DSWAPEFFECT)0;
    sc = (IDirect3DSwapChain9 *)(uintptr_t)1;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3DERR_INVALIDCALL);
    CHECK(sc == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "CreateAdditionalSwapChain: 0 is not a D3DSWAPEFFECT");
    pp = before;
    pp.SwapEffect = D3DSWAPEFFECT_FLIPEX;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3DERR_INVALIDCALL);
    pp = before;
    pp.BackBufferCount = D3DPRESENT_BACK_BUFFERS_MAX + 1;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(util_last_message(), "exceeds D3DPRESENT_BACK_BUFFERS_MAX");
    pp = before;
    pp.SwapEffect = D3DSWAPEFFECT_COPY;
    pp.BackBufferCount = 2;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3DERR_INVALIDCALL);
    CHECK_EQ(pp.BackBufferCount, 2);   /* unchanged on failure */
    pp = before;
    pp.MultiSampleType = D3DMULTISAMPLE_3_SAMPLES;   /* 2, 4 and 8 are offered (max) */
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3DERR_NOTAVAILABLE);
    pp = before;
    pp.MultiSampleQuality = 1;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3DERR_INVALIDCALL);
    pp = before;
    pp.Flags = 0x80000000u;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3DERR_INVALIDCALL);
    pp = before;
    pp.FullScreen_RefreshRateInHz = 60;   /* windowed: must be 0 */
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3DERR_INVALIDCALL);
    pp = before;
    pp.PresentationInterval = D3DPRESENT_INTERVAL_TWO;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3DERR_INVALIDCALL);
    pp = before;
    pp.BackBufferFormat = D3DFMT_A8L8;   /* not a back-buffer format */
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3DERR_INVALIDCALL);
    pp = before;
    pp.BackBufferWidth = 16385;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(util_last_message(), "at most 16384 pixels a side");
    pp = before;
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_A8R8G8B8;   /* not a depth format */
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3DERR_INVALIDCALL);
    pp = before;
    pp.Windowed = FALSE;   /* full screen: 32x16 is no display mode */
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(util_last_message(), "is not a display mode");
    CHECK(sc == NULL);
    /* Nothing was made: no device reference, Reset is not blocked. */
    CHECK_EQ(t9_refcount(dev), refs);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_additional_swap_chain_defaults_and_lifetime)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    D3DPRESENT_PARAMETERS pp, got;
    IDirect3DSwapChain9 *sc, *implicit, *other;
    IDirect3DDevice9 *owner;
    ULONG refs;
    if (!dev)
        SKIP("no device");
    refs = t9_refcount(dev);
    /* "If BackBufferCount == 0 ... increase it to 1"; a windowed 0 size takes 640x480 (no
     * window to measure); D3DFMT_UNKNOWN the display format. */
    pp = t9_pp(0, 0);
    pp.BackBufferFormat = D3DFMT_UNKNOWN;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3D_OK);
    CHECK_EQ(pp.BackBufferCount, 1);
    CHECK_EQ(pp.BackBufferWidth, 640);
    CHECK_EQ(pp.BackBufferHeight, 480);
    CHECK_EQ(pp.BackBufferFormat, D3DFMT_X8R8G8B8);
    CHECK_HR(IDirect3DSwapChain9_GetPresentParameters(sc, &got), D3D_OK);
    CHECK_EQ(memcmp(&got, &pp, sizeof(pp)), 0);
    CHECK_HR(IDirect3DSwapChain9_GetPresentParameters(sc, NULL), D3DERR_INVALIDCALL);
    /* The chain holds a device reference, like every object the application holds. */
    CHECK_EQ(t9_refcount(dev), refs + 1);
    CHECK_EQ(t9_refcount(sc), 1);
    CHECK_HR(IDirect3DSwapChain9_GetDevice(sc, &owner), D3D_OK);
    CHECK(owner == dev);
    IDirect3DDevice9_Release(owner);
    CHECK_HR(IDirect3DSwapChain9_GetDevice(sc, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DSwapChain9_QueryInterface(sc, &IID_IDirect3DSwapChain9, (void **)&other),
             D3D_OK);
    CHECK(other == sc);
    IDirect3DSwapChain9_Release(other);
    /* GetNumberOfSwapChains counts the implicit swap chains only, and the iSwapChain index of
     * the device methods reaches those only. */
    CHECK_EQ(IDirect3DDevice9_GetNumberOfSwapChains(dev), 1);
    CHECK_HR(IDirect3DDevice9_GetSwapChain(dev, 1, &other), D3DERR_INVALIDCALL);
    CHECK(other == NULL);
    CHECK_HR(IDirect3DDevice9_GetSwapChain(dev, 0, &implicit), D3D_OK);
    CHECK(implicit != sc);
    IDirect3DSwapChain9_Release(implicit);
    /* A second one is independent. */
    pp = t9_pp(8, 8);
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &other), D3D_OK);
    CHECK(other != sc);
    CHECK_EQ(t9_refcount(dev), refs + 2);
    CHECK_EQ(IDirect3DSwapChain9_Release(other), 0);
    CHECK_EQ(IDirect3DSwapChain9_Release(sc), 0);
    CHECK_EQ(t9_refcount(dev), refs);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_additional_swap_chain_one_full_screen)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    D3DPRESENT_PARAMETERS pp = t9_pp(800, 600), fs;
    IDirect3DSwapChain9 *a, *b = NULL;
    D3DDISPLAYMODE mode;
    if (!dev)
        SKIP("no device");
    /* A windowed device may have one full-screen additional chain ... */
    pp.Windowed = FALSE;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &a), D3D_OK);
    CHECK_HR(IDirect3DSwapChain9_GetDisplayMode(a, &mode), D3D_OK);
    CHECK(mode.Width == 800 && mode.Height == 600 && mode.RefreshRate == 60 &&
          mode.Format == D3DFMT_X8R8G8B8);
    CHECK_HR(IDirect3DSwapChain9_GetDisplayMode(a, NULL), D3DERR_INVALIDCALL);
    /* ... but not two: "only one swap chain at a time can be full-screen on each adapter". */
    fs = pp;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &fs, &b), D3DERR_INVALIDCALL);
    CHECK(b == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "only one can be full screen");
    /* Windowed ones are fine meanwhile, and report the adapter's mode. */
    fs = t9_pp(16, 16);
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &fs, &b), D3D_OK);
    CHECK_HR(IDirect3DSwapChain9_GetDisplayMode(b, &mode), D3D_OK);
    CHECK(mode.Width == 1920 && mode.Height == 1080);
    IDirect3DSwapChain9_Release(b);
    /* Once the full-screen one is gone, another may be made. */
    IDirect3DSwapChain9_Release(a);
    fs = pp;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &fs, &a), D3D_OK);
    IDirect3DSwapChain9_Release(a);
    T9_RELEASE_DEVICE(dev);

    /* A full-screen device owns the full-screen chain: additional ones must be windowed. */
    pp = t9_pp(640, 480);
    pp.Windowed = FALSE;
    dev = t9_device_pp(NULL, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp);
    CHECK(dev != NULL);
    if (!dev)
        return;
    fs = t9_pp(800, 600);
    fs.Windowed = FALSE;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &fs, &a), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(util_last_message(), "the device's");
    fs = t9_pp(800, 600);
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &fs, &a), D3D_OK);
    IDirect3DSwapChain9_Release(a);
    T9_RELEASE_DEVICE(dev);
}

/* ------------------------------------------------------------- its methods */

TEST(d3d9_additional_swap_chain_back_buffers)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    D3DPRESENT_PARAMETERS pp = t9_pp(24, 12);
    IDirect3DSwapChain9 *sc, *container;
    IDirect3DSurface9 *bb0, *bb1, *bb;
    D3DSURFACE_DESC d;
    D3DLOCKED_RECT lr;
    ULONG refs;
    if (!dev)
        SKIP("no device");
    pp.BackBufferCount = 2;
    pp.SwapEffect = D3DSWAPEFFECT_FLIP;
    pp.BackBufferFormat = D3DFMT_A8R8G8B8;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3D_OK);
    refs = t9_refcount(dev);
    /* GetBackBuffer: index < BackBufferCount, non-NULL out; the type is ignored (Windows). */
    CHECK_HR(IDirect3DSwapChain9_GetBackBuffer(sc, 2, D3DBACKBUFFER_TYPE_MONO, &bb),
             D3DERR_INVALIDCALL);
    CHECK(bb == NULL);
    CHECK_HR(IDirect3DSwapChain9_GetBackBuffer(sc, 2, D3DBACKBUFFER_TYPE_LEFT, &bb),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DSwapChain9_GetBackBuffer(sc, 0, D3DBACKBUFFER_TYPE_MONO, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DSwapChain9_GetBackBuffer(sc, 0, D3DBACKBUFFER_TYPE_MONO, &bb0), D3D_OK);
    CHECK_HR(IDirect3DSwapChain9_GetBackBuffer(sc, 1, D3DBACKBUFFER_TYPE_MONO, &bb1), D3D_OK);
    CHECK(bb0 != bb1);
    /* Its back buffers share the chain's count: no new device reference. */
    CHECK_EQ(t9_refcount(sc), 3);
    CHECK_EQ(t9_refcount(dev), refs);
    IDirect3DSurface9_GetDesc(bb0, &d);
    CHECK(d.Width == 24 && d.Height == 12 && d.Format == D3DFMT_A8R8G8B8 &&
          d.Type == D3DRTYPE_SURFACE && d.Usage == D3DUSAGE_RENDERTARGET &&
          d.Pool == D3DPOOL_DEFAULT && d.MultiSampleType == D3DMULTISAMPLE_NONE);
    /* GetContainer is the chain. */
    CHECK_HR(IDirect3DSurface9_GetContainer(bb0, &IID_IDirect3DSwapChain9, (void **)&container),
             D3D_OK);
    CHECK(container == sc);
    IDirect3DSwapChain9_Release(container);
    /* Not lockable without D3DPRESENTFLAG_LOCKABLE_BACKBUFFER. */
    CHECK_HR(IDirect3DSurface9_LockRect(bb0, &lr, NULL, 0), D3DERR_INVALIDCALL);
    /* The application may release the chain first: its back buffers keep it alive. */
    CHECK_EQ(IDirect3DSwapChain9_Release(sc), 2);
    IDirect3DSurface9_GetDesc(bb1, &d);
    CHECK_EQ(d.Width, 24);
    CHECK_EQ(IDirect3DSurface9_Release(bb0), 1);
    CHECK_EQ(IDirect3DSurface9_Release(bb1), 0);
    CHECK_EQ(t9_refcount(dev), refs - 1);
    T9_RELEASE_DEVICE(dev);
}

/* Renders into an additional chain's back buffer (SetRenderTarget, Clear, ColorFill), presents
 * it, and reads it back through GetFrontBufferData and GetRenderTargetData; the implicit chain
 * is untouched. */
TEST(d3d9_additional_swap_chain_render_and_present)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    D3DPRESENT_PARAMETERS pp = t9_pp(32, 16);
    IDirect3DSwapChain9 *sc;
    IDirect3DSurface9 *bb, *rt, *fb, *copy, *ds;
    D3DVIEWPORT9 vp;
    RECT r = { 4, 2, 12, 6 };
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3D_OK);
    CHECK_HR(IDirect3DSwapChain9_GetBackBuffer(sc, 0, D3DBACKBUFFER_TYPE_MONO, &bb), D3D_OK);
    /* As render target 0: the viewport becomes the whole 32x16 target. */
    CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, bb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetViewport(dev, &vp), D3D_OK);
    CHECK(vp.X == 0 && vp.Y == 0 && vp.Width == 32 && vp.Height == 16);
    CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 0, &rt), D3D_OK);
    CHECK(rt == bb);
    IDirect3DSurface9_Release(rt);
    /* The automatic depth-stencil surface is 64x64: Clear the colour only. */
    CHECK_HR(IDirect3DDevice9_GetDepthStencilSurface(dev, &ds), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0x00336699, 1.0f, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, bb, &r, 0x00ff0000), D3D_OK);
    /* Before Present its front buffer is black. */
    fb = sysmem(dev, 32, 16, D3DFMT_A8R8G8B8);
    CHECK_HR(IDirect3DSwapChain9_GetFrontBufferData(sc, fb), D3D_OK);
    CHECK(all_pixels(fb, 0xffffffffu, 0xff000000u, "before Present"));
    CHECK_HR(IDirect3DSwapChain9_Present(sc, NULL, NULL, NULL, NULL, 0), D3D_OK);
    CHECK_HR(IDirect3DSwapChain9_GetFrontBufferData(sc, fb), D3D_OK);
    CHECK_EQ(pixel(fb, 0, 0), 0xff336699u);
    CHECK_EQ(pixel(fb, 31, 15), 0xff336699u);
    CHECK_EQ(pixel(fb, 4, 2), 0xffff0000u);
    CHECK_EQ(pixel(fb, 11, 5), 0xffff0000u);
    CHECK_EQ(pixel(fb, 12, 5), 0xff336699u);
    CHECK_EQ(pixel(fb, 4, 6), 0xff336699u);
    /* GetRenderTargetData of the back buffer: the same image (DISCARD keeps it here). */
    copy = sysmem(dev, 32, 16, D3DFMT_X8R8G8B8);
    CHECK_HR(IDirect3DDevice9_GetRenderTargetData(dev, bb, copy), D3D_OK);
    CHECK_EQ(pixel(copy, 0, 0) & 0xffffffu, 0x336699u);
    CHECK_EQ(pixel(copy, 5, 3) & 0xffffffu, 0xff0000u);
    IDirect3DSurface9_Release(copy);
    /* The destination must have the chain's size, be A8R8G8B8 and in SYSTEMMEM. */
    copy = sysmem(dev, 64, 64, D3DFMT_A8R8G8B8);
    CHECK_HR(IDirect3DSwapChain9_GetFrontBufferData(sc, copy), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(util_last_message(), "(32x16)");
    IDirect3DSurface9_Release(copy);
    CHECK_HR(IDirect3DSwapChain9_GetFrontBufferData(sc, NULL), D3DERR_INVALIDCALL);
    /* DISCARD: no rectangles; dwFlags as documented. */
    CHECK_HR(IDirect3DSwapChain9_Present(sc, &r, NULL, NULL, NULL, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DSwapChain9_Present(sc, NULL, NULL, NULL, NULL, 0x100), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DSwapChain9_Present(sc, NULL, NULL, NULL, NULL, D3DPRESENT_DONOTWAIT),
             D3D_OK);
    /* The implicit chain saw nothing of it. */
    IDirect3DSurface9_Release(fb);
    fb = sysmem(dev, 64, 64, D3DFMT_A8R8G8B8);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetFrontBufferData(dev, 0, fb), D3D_OK);
    CHECK(all_pixels(fb, 0xffffffffu, 0xff000000u, "implicit front buffer"));
    IDirect3DSurface9_Release(fb);
    /* Released while still render target 0: it lives on until the binding goes. */
    IDirect3DSurface9_Release(bb);
    CHECK_EQ(IDirect3DSwapChain9_Release(sc), 0);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0x00010203, 1.0f, 0), D3D_OK);
    bb = NULL;
    CHECK_HR(IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, bb), D3D_OK);   /* the chain dies here */
    CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, ds), D3D_OK);
    IDirect3DSurface9_Release(bb);
    IDirect3DSurface9_Release(ds);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_additional_swap_chain_flip_and_copy)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    D3DPRESENT_PARAMETERS pp = t9_pp(8, 8);
    IDirect3DSwapChain9 *sc;
    IDirect3DSurface9 *bb0, *bb1, *fb;
    RECT src = { 0, 0, 4, 4 }, dst = { 4, 4, 8, 8 };
    if (!dev)
        SKIP("no device");
    /* FLIP with two back buffers: the buffers rotate. */
    pp.SwapEffect = D3DSWAPEFFECT_FLIP;
    pp.BackBufferCount = 2;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3D_OK);
    IDirect3DSwapChain9_GetBackBuffer(sc, 0, D3DBACKBUFFER_TYPE_MONO, &bb0);
    IDirect3DSwapChain9_GetBackBuffer(sc, 1, D3DBACKBUFFER_TYPE_MONO, &bb1);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, bb0, NULL, 0x00ff0000), D3D_OK);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, bb1, NULL, 0x0000ff00), D3D_OK);
    fb = sysmem(dev, 8, 8, D3DFMT_A8R8G8B8);
    CHECK_HR(IDirect3DSwapChain9_Present(sc, NULL, NULL, NULL, NULL, 0), D3D_OK);
    CHECK_HR(IDirect3DSwapChain9_GetFrontBufferData(sc, fb), D3D_OK);
    CHECK(all_pixels(fb, 0xffffffffu, 0xffff0000u, "first flip"));
    CHECK_HR(IDirect3DSwapChain9_Present(sc, NULL, NULL, NULL, NULL, 0), D3D_OK);
    CHECK_HR(IDirect3DSwapChain9_GetFrontBufferData(sc, fb), D3D_OK);
    CHECK(all_pixels(fb, 0xffffffffu, 0xff00ff00u, "second flip"));
    IDirect3DSurface9_Release(bb0);
    IDirect3DSurface9_Release(bb1);
    IDirect3DSwapChain9_Release(sc);
    /* COPY: source and destination rectangles. */
    pp = t9_pp(8, 8);
    pp.SwapEffect = D3DSWAPEFFECT_COPY;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3D_OK);
    IDirect3DSwapChain9_GetBackBuffer(sc, 0, D3DBACKBUFFER_TYPE_MONO, &bb0);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, bb0, NULL, 0x000000ff), D3D_OK);
    CHECK_HR(IDirect3DSwapChain9_Present(sc, &src, &dst, NULL, NULL, 0), D3D_OK);
    CHECK_HR(IDirect3DSwapChain9_GetFrontBufferData(sc, fb), D3D_OK);
    CHECK_EQ(pixel(fb, 3, 3), 0xff000000u);
    CHECK_EQ(pixel(fb, 4, 4), 0xff0000ffu);
    CHECK_EQ(pixel(fb, 7, 7), 0xff0000ffu);
    dst.right = 9;
    CHECK_HR(IDirect3DSwapChain9_Present(sc, &src, &dst, NULL, NULL, 0), D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(bb0);
    IDirect3DSurface9_Release(fb);
    IDirect3DSwapChain9_Release(sc);
    T9_RELEASE_DEVICE(dev);
}

/* ---------------------------------------------------------------------- Reset */

TEST(d3d9_additional_swap_chain_blocks_reset)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    D3DPRESENT_PARAMETERS pp = t9_pp(16, 16), reset = t9_pp(64, 64);
    IDirect3DSwapChain9 *sc, *sc2 = (IDirect3DSwapChain9 *)(uintptr_t)1;
    IDirect3DSurface9 *bb;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3D_OK);
    /* "The application should release any ... additional swap chains" before Reset. */
    CHECK_HR(IDirect3DDevice9_Reset(dev, &reset), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(util_last_message(), "additional swap chain");
    CHECK_HR(IDirect3DDevice9_TestCooperativeLevel(dev), D3DERR_DEVICENOTRESET);
    /* A lost device makes none, and its chains present nothing. */
    pp = t9_pp(16, 16);
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc2), D3DERR_DEVICELOST);
    CHECK(sc2 == NULL);
    CHECK_HR(IDirect3DSwapChain9_Present(sc, NULL, NULL, NULL, NULL, 0), D3DERR_DEVICELOST);
    /* Holding only a back buffer holds the chain. */
    CHECK_HR(IDirect3DSwapChain9_GetBackBuffer(sc, 0, D3DBACKBUFFER_TYPE_MONO, &bb), D3D_OK);
    IDirect3DSwapChain9_Release(sc);
    reset = t9_pp(64, 64);
    CHECK_HR(IDirect3DDevice9_Reset(dev, &reset), D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(bb);
    reset = t9_pp(64, 64);
    CHECK_HR(IDirect3DDevice9_Reset(dev, &reset), D3D_OK);
    CHECK_HR(IDirect3DDevice9_TestCooperativeLevel(dev), D3D_OK);
    pp = t9_pp(16, 16);
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3D_OK);
    IDirect3DSwapChain9_Release(sc);
    T9_RELEASE_DEVICE(dev);
}

/* ------------------------------------------------------------- present dump */

TEST(d3d9_additional_swap_chain_present_dump)
{
    char dir[] = "/tmp/softd3d-present-sc-XXXXXX";
    IDirect3DDevice9 *dev;
    IDirect3DSwapChain9 *sc;
    IDirect3DSurface9 *bb;
    D3DPRESENT_PARAMETERS pp = t9_pp(8, 4);
    DIR *d;
    struct dirent *e;
    int files = 0, chain_files = 0;
    if (!mkdtemp(dir))
        SKIP("mkdtemp failed");
    setenv("SOFTD3D_PRESENT_DUMP", dir, 1);
    dev = t9_device(NULL);
    CHECK(dev != NULL);
    if (dev) {
        CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3D_OK);
        IDirect3DSwapChain9_GetBackBuffer(sc, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
        IDirect3DDevice9_ColorFill(dev, bb, NULL, 0x00a0b0c0);
        CHECK_HR(IDirect3DSwapChain9_Present(sc, NULL, NULL, NULL, NULL, 0), D3D_OK);
        CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
        IDirect3DSurface9_Release(bb);
        IDirect3DSwapChain9_Release(sc);
        T9_RELEASE_DEVICE(dev);
    }
    unsetenv("SOFTD3D_PRESENT_DUMP");
    if (!(d = opendir(dir)))
        SKIP("cannot list the dump directory");
    while ((e = readdir(d))) {
        char path[512];
        uint8_t *buf, *px = NULL;
        uint32_t w = 0, h = 0;
        long size;
        FILE *f;
        if (e->d_name[0] == '.')
            continue;
        files++;
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        CHECK(!strncmp(e->d_name, "softd3d-d3d9-dev", 16));
        if (strstr(e->d_name, "-swapchain1-frame000000.png")) {
            chain_files++;
            f = fopen(path, "rb");
            fseek(f, 0, SEEK_END);
            size = ftell(f);
            fseek(f, 0, SEEK_SET);
            buf = malloc((size_t)size);
            CHECK_EQ(fread(buf, 1, (size_t)size, f), size);
            fclose(f);
            CHECK_EQ(png_decode_stored(buf, (size_t)size, &w, &h, &px), 3);
            CHECK(w == 8 && h == 4);
            if (px)
                CHECK(px[0] == 0xa0 && px[1] == 0xb0 && px[(3 * 8 + 7) * 3 + 2] == 0xc0);
            free(px);
            free(buf);
        } else {
            CHECK(strstr(e->d_name, "-frame000000.png") && !strstr(e->d_name, "swapchain"));
        }
        unlink(path);
    }
    closedir(d);
    rmdir(dir);
    CHECK_EQ(files, 2);
    CHECK_EQ(chain_files, 1);
}

/* ------------------------------------------------------------ GetRasterStatus */

/* The 9_x profiles are the seed-000 minimums: no D3DCAPS_READ_SCANLINE, so GetRasterStatus is
 * D3DERR_INVALIDCALL ("if the device does not support reading the current scan line"). */
TEST(d3d9_raster_status_without_read_scanline)
{
    for (int i = 0; i < 3; i++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[i]);
        IDirect3DSwapChain9 *sc;
        D3DRASTER_STATUS rs = { 7, 7 };
        D3DCAPS9 caps;
        if (!dev)
            SKIP("no device");
        IDirect3DDevice9_GetDeviceCaps(dev, &caps);
        CHECK_EQ(caps.Caps & D3DCAPS_READ_SCANLINE, 0u);
        CHECK_HR(IDirect3DDevice9_GetRasterStatus(dev, 0, &rs), D3DERR_INVALIDCALL);
        CHECK_STR_CONTAINS(util_last_message(), "no D3DCAPS_READ_SCANLINE");
        CHECK(rs.InVBlank == 7 && rs.ScanLine == 7);   /* untouched */
        IDirect3DDevice9_GetSwapChain(dev, 0, &sc);
        CHECK_HR(IDirect3DSwapChain9_GetRasterStatus(sc, &rs), D3DERR_INVALIDCALL);
        IDirect3DSwapChain9_Release(sc);
        T9_RELEASE_DEVICE(dev);
    }
}

/* Samples the raster until both a blank and a visible line were seen (at most 2 s: a frame is
 * 1/60 s), checking every answer: InVBlank TRUE with ScanLine 0, or a line < height. */
static void raster_sweep(HRESULT (*get)(void *, D3DRASTER_STATUS *), void *obj, UINT height)
{
    struct timespec t0, t;
    bool blank = false, visible = false;
    UINT lo = ~0u, hi = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do {
        D3DRASTER_STATUS rs = { 7, 7 };
        if (get(obj, &rs) != D3D_OK) {
            harness_fail(__FILE__, __LINE__, "GetRasterStatus failed");
            return;
        }
        if (rs.InVBlank) {
            if (rs.InVBlank != TRUE || rs.ScanLine != 0) {
                harness_fail(__FILE__, __LINE__, "in the blank: InVBlank %d ScanLine %u",
                             (int)rs.InVBlank, rs.ScanLine);
                return;
            }
            blank = true;
        } else {
            if (rs.ScanLine >= height) {
                harness_fail(__FILE__, __LINE__, "ScanLine %u >= %u", rs.ScanLine, height);
                return;
            }
            visible = true;
            lo = rs.ScanLine < lo ? rs.ScanLine : lo;
            hi = rs.ScanLine > hi ? rs.ScanLine : hi;
        }
        clock_gettime(CLOCK_MONOTONIC, &t);
    } while (!(blank && visible && hi - lo > height / 2) && t.tv_sec - t0.tv_sec < 2);
    CHECK(blank);
    CHECK(visible);
    CHECK(hi - lo > height / 2);   /* the raster moves over the display */
}

static HRESULT dev_raster(void *dev, D3DRASTER_STATUS *rs)
{
    return IDirect3DDevice9_GetRasterStatus((IDirect3DDevice9 *)dev, 0, rs);
}

static HRESULT sc_raster(void *sc, D3DRASTER_STATUS *rs)
{
    return IDirect3DSwapChain9_GetRasterStatus((IDirect3DSwapChain9 *)sc, rs);
}

TEST(d3d9_raster_status_max_profile)
{
    IDirect3DDevice9 *dev = t9_device("max");
    D3DPRESENT_PARAMETERS pp = t9_pp(8, 8);
    IDirect3DSwapChain9 *sc, *extra;
    D3DRASTER_STATUS rs = { 7, 7 };
    D3DCAPS9 caps;
    if (!dev)
        SKIP("no device");
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK_EQ(caps.Caps & D3DCAPS_READ_SCANLINE, (DWORD)D3DCAPS_READ_SCANLINE);
    /* Bad input. */
    CHECK_HR(IDirect3DDevice9_GetRasterStatus(dev, 0, NULL), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(util_last_message(), "pRasterStatus is NULL");
    CHECK_HR(IDirect3DDevice9_GetRasterStatus(dev, 1, &rs), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(util_last_message(), "swap chain 1 does not exist");
    CHECK(rs.InVBlank == 7 && rs.ScanLine == 7);
    IDirect3DDevice9_GetSwapChain(dev, 0, &sc);
    CHECK_HR(IDirect3DSwapChain9_GetRasterStatus(sc, NULL), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(util_last_message(), "IDirect3DSwapChain9::GetRasterStatus: pRasterStatus");
    /* Windowed: the adapter's 1920x1080 display. */
    raster_sweep(dev_raster, dev, 1080);
    raster_sweep(sc_raster, sc, 1080);
    IDirect3DSwapChain9_Release(sc);
    /* A full-screen additional chain: its own 640x480 mode. */
    pp = t9_pp(640, 480);
    pp.Windowed = FALSE;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &extra), D3D_OK);
    raster_sweep(sc_raster, extra, 480);
    IDirect3DSwapChain9_Release(extra);
    T9_RELEASE_DEVICE(dev);
}
