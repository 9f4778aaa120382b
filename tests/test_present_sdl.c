/* tests/test_present_sdl.c — presenting into an SDL2 window (src/sample/present_sdl.c; issue 12
 * item 6), through both front-ends, against tests/wsi/fake_sdl2.c: a library with SDL2's five
 * functions and surface layout, loaded by softd3d through SOFTD3D_WSI_LIBRARY exactly as it
 * would load libSDL2, so the window path is checked pixel for pixel without SDL2 or a display.
 * The test opens the same library to make windows and read back what was presented. */
#define COBJMACROS
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11.h"
#include "d3d9.h"

#include "harness.h"
#include "util/log.h"

#ifndef FAKE_SDL_PATH
#error "FAKE_SDL_PATH must name tests/wsi/fake_sdl2.c's library (tests/meson.build)"
#endif

struct fake {
    void *(*create)(int w, int h, int bytes, uint32_t r, uint32_t g, uint32_t b, uint32_t a,
                    int rle);
    void (*destroy)(void *w);
    uint32_t (*pixel)(void *w, int x, int y);
    int (*counts)(void *w, int *locks, int *unlocks, int *bad);
};

static bool fake_open(struct fake *f)
{
    void *lib = dlopen(FAKE_SDL_PATH, RTLD_NOW | RTLD_LOCAL);
    void *p[4];
    const char *names[4] = { "fake_sdl_create_window", "fake_sdl_destroy_window",
                             "fake_sdl_pixel", "fake_sdl_counts" };
    if (!lib)
        return false;
    for (int i = 0; i < 4; i++)
        if (!(p[i] = dlsym(lib, names[i])))
            return false;
    memcpy(&f->create, &p[0], sizeof(p[0]));
    memcpy(&f->destroy, &p[1], sizeof(p[1]));
    memcpy(&f->pixel, &p[2], sizeof(p[2]));
    memcpy(&f->counts, &p[3], sizeof(p[3]));
    return true;
}

static void wsi_on(void)
{
    setenv("SOFTD3D_WSI", "sdl2", 1);
    setenv("SOFTD3D_WSI_LIBRARY", FAKE_SDL_PATH, 1);
}

static void wsi_off(void)
{
    unsetenv("SOFTD3D_WSI");
    unsetenv("SOFTD3D_WSI_LIBRARY");
}

/* ---- Direct3D 11 ------------------------------------------------------------------------- */

struct d3d11_chain {
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
    IDXGISwapChain *sc;
};

static bool chain11(struct d3d11_chain *c, void *window, UINT w, UINT h, DXGI_FORMAT format)
{
    DXGI_SWAP_CHAIN_DESC d;
    D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_3;
    memset(&d, 0, sizeof(d));
    d.BufferDesc.Width = w;
    d.BufferDesc.Height = h;
    d.BufferDesc.Format = format;
    d.SampleDesc.Count = 1;
    d.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    d.BufferCount = 1;
    d.OutputWindow = (HWND)window;
    d.Windowed = TRUE;
    d.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
    memset(c, 0, sizeof(*c));
    return SUCCEEDED(D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level,
                                                   1, D3D11_SDK_VERSION, &d, &c->sc, &c->dev,
                                                   NULL, &c->ctx));
}

static void chain11_release(struct d3d11_chain *c)
{
    if (c->sc)
        IDXGISwapChain_Release(c->sc);
    if (c->ctx)
        ID3D11DeviceContext_Release(c->ctx);
    if (c->dev)
        ID3D11Device_Release(c->dev);
}

/* Clears the rectangle [x0, x1) x [y0, y1) of buffer 0 (a scissored clear is not in 9_3: a
 * clear of the whole buffer, then UpdateSubresource of the rectangle) */
static void fill11(struct d3d11_chain *c, const float color[4], const uint32_t *rect_pixels,
                   UINT x0, UINT y0, UINT x1, UINT y1)
{
    ID3D11Texture2D *bb = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    CHECK_HR(IDXGISwapChain_GetBuffer(c->sc, 0, &IID_ID3D11Texture2D, (void **)&bb), S_OK);
    if (!bb)
        return;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(c->dev, (ID3D11Resource *)bb, NULL, &rtv), S_OK);
    if (rtv) {
        ID3D11DeviceContext_ClearRenderTargetView(c->ctx, rtv, color);
        ID3D11RenderTargetView_Release(rtv);
    }
    if (rect_pixels) {
        D3D11_BOX box = { x0, y0, 0, x1, y1, 1 };
        ID3D11DeviceContext_UpdateSubresource(c->ctx, (ID3D11Resource *)bb, 0, &box, rect_pixels,
                                              (x1 - x0) * 4, 0);
    }
    ID3D11Texture2D_Release(bb);
}

/* A cleared chain shows its colour in an XRGB8888 window of the same size, every pixel, with
 * one update per Present; an sRGB chain shows its stored bytes. */
TEST(sdl_d3d11_xrgb8888)
{
    struct fake f;
    if (!fake_open(&f))
        SKIP("tests/wsi/fake_sdl2 not loadable");
    void *win = f.create(16, 8, 4, 0xff0000u, 0xff00u, 0xffu, 0, 0);
    struct d3d11_chain c;
    wsi_on();
    CHECK(chain11(&c, win, 16, 8, DXGI_FORMAT_R8G8B8A8_UNORM));
    if (c.sc) {
        const float color[4] = { 1.0f, 0.5f, 0.25f, 0.0f };
        fill11(&c, color, NULL, 0, 0, 0, 0);
        CHECK_HR(IDXGISwapChain_Present(c.sc, 0, 0), S_OK);
        int locks, unlocks, bad;
        CHECK_EQ(f.counts(win, &locks, &unlocks, &bad), 1);
        CHECK_EQ(locks, 0);   /* (no RLE: no lock needed) */
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < 16; x++)
                CHECK_EQ(f.pixel(win, x, y), 0xff8040u);   /* 0.5 -> 128, 0.25 -> 64 */
        /* DXGI_PRESENT_TEST presents nothing */
        CHECK_HR(IDXGISwapChain_Present(c.sc, 0, DXGI_PRESENT_TEST), S_OK);
        CHECK_EQ(f.counts(win, &locks, &unlocks, &bad), 1);
    }
    chain11_release(&c);

    /* B8G8R8A8_UNORM_SRGB: the stored bytes, alpha into the surface's alpha as opaque */
    void *win2 = f.create(4, 4, 4, 0xffu, 0xff00u, 0xff0000u, 0xff000000u, 0);
    CHECK(chain11(&c, win2, 4, 4, DXGI_FORMAT_B8G8R8A8_UNORM_SRGB));
    if (c.sc) {
        const float color[4] = { 0.5f, 0.0f, 1.0f, 0.0f };   /* linear 0.5 -> sRGB 188 */
        fill11(&c, color, NULL, 0, 0, 0, 0);
        CHECK_HR(IDXGISwapChain_Present(c.sc, 0, 0), S_OK);
        CHECK_EQ(f.pixel(win2, 3, 3), 0xffff00bcu);
    }
    chain11_release(&c);
    wsi_off();
    f.destroy(win);
    f.destroy(win2);
}

/* The image is stretched to the window by nearest texel: a 4x2 pattern in an 8x4 window gives
 * each texel a 2x2 block; in a 2x1 window every other texel.  RGB565 surfaces get the top
 * bits; an RLE surface is locked around the write and unlocked before the update. */
TEST(sdl_d3d11_stretch_565_locked)
{
    struct fake f;
    if (!fake_open(&f))
        SKIP("tests/wsi/fake_sdl2 not loadable");
    uint32_t pattern[8];
    for (int i = 0; i < 8; i++)   /* R8G8B8A8 in memory: r = 16 i + 8, g = 255 - 16 i, b = 0 */
        pattern[i] = (uint32_t)(16 * i + 8) | (uint32_t)(255 - 16 * i) << 8 | 0xff000000u;
    const float black[4] = { 0, 0, 0, 1 };
    void *big = f.create(8, 4, 4, 0xff0000u, 0xff00u, 0xffu, 0, 1);
    void *small = f.create(2, 1, 2, 0xf800u, 0x07e0u, 0x001fu, 0, 0);
    struct d3d11_chain c;
    wsi_on();
    CHECK(chain11(&c, big, 4, 2, DXGI_FORMAT_R8G8B8A8_UNORM));
    if (c.sc) {
        fill11(&c, black, pattern, 0, 0, 4, 2);
        CHECK_HR(IDXGISwapChain_Present(c.sc, 0, 0), S_OK);
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 8; x++) {
                int i = (y / 2) * 4 + x / 2;
                uint32_t r = (uint32_t)(16 * i + 8), g = (uint32_t)(255 - 16 * i);
                CHECK_EQ(f.pixel(big, x, y), r << 16 | g << 8);
            }
        int locks, unlocks, bad;
        CHECK_EQ(f.counts(big, &locks, &unlocks, &bad), 1);
        CHECK_EQ(locks, 1);
        CHECK_EQ(unlocks, 1);
        CHECK_EQ(bad, 0);
    }
    chain11_release(&c);
    CHECK(chain11(&c, small, 4, 2, DXGI_FORMAT_R8G8B8A8_UNORM));
    if (c.sc) {
        fill11(&c, black, pattern, 0, 0, 4, 2);
        CHECK_HR(IDXGISwapChain_Present(c.sc, 0, 0), S_OK);
        /* window x 0 -> texel floor(0.5 * 4 / 2) = 1, x 1 -> 3; row 0 -> texel row 1 */
        for (int x = 0; x < 2; x++) {
            int i = 4 + 2 * x + 1;
            uint32_t r = (uint32_t)(16 * i + 8), g = (uint32_t)(255 - 16 * i);
            CHECK_EQ(f.pixel(small, x, 0), (r >> 3) << 11 | (g >> 2) << 5);
        }
    }
    chain11_release(&c);
    wsi_off();
    f.destroy(big);
    f.destroy(small);
}

/* Without SOFTD3D_WSI nothing reaches the window; a handle that is no window (SDL refuses it)
 * and a library that cannot be loaded leave Present succeeding, with one message. */
TEST(sdl_d3d11_off_and_refusals)
{
    struct fake f;
    if (!fake_open(&f))
        SKIP("tests/wsi/fake_sdl2 not loadable");
    const float color[4] = { 1, 1, 1, 1 };
    void *win = f.create(4, 4, 4, 0xff0000u, 0xff00u, 0xffu, 0, 0);
    struct d3d11_chain c;
    int locks, unlocks, bad;
    wsi_off();
    CHECK(chain11(&c, win, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM));
    if (c.sc) {
        fill11(&c, color, NULL, 0, 0, 0, 0);
        CHECK_HR(IDXGISwapChain_Present(c.sc, 0, 0), S_OK);
        CHECK_EQ(f.counts(win, &locks, &unlocks, &bad), 0);
        CHECK_EQ(f.pixel(win, 0, 0), 0);
        setenv("SOFTD3D_WSI", "x11", 1);   /* not a window system: ignored, with a line */
        CHECK_HR(IDXGISwapChain_Present(c.sc, 0, 0), S_OK);
        CHECK_EQ(f.counts(win, &locks, &unlocks, &bad), 0);
    }
    chain11_release(&c);

    wsi_on();
    static int not_a_window;
    CHECK(chain11(&c, &not_a_window, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM));
    if (c.sc) {
        util_clear_last_message();
        CHECK_HR(IDXGISwapChain_Present(c.sc, 0, 0), S_OK);
        CHECK_STR_CONTAINS(util_last_message(), "Invalid window");
    }
    chain11_release(&c);

    setenv("SOFTD3D_WSI_LIBRARY", "/nonexistent/libSDL2-2.0.so.0", 1);
    CHECK(chain11(&c, win, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM));
    if (c.sc) {
        fill11(&c, color, NULL, 0, 0, 0, 0);
        util_clear_last_message();
        CHECK_HR(IDXGISwapChain_Present(c.sc, 0, 0), S_OK);
        CHECK_STR_CONTAINS(util_last_message(), "cannot load /nonexistent/libSDL2-2.0.so.0");
        CHECK_EQ(f.counts(win, &locks, &unlocks, &bad), 0);
        /* back to the fake: presenting resumes */
        setenv("SOFTD3D_WSI_LIBRARY", FAKE_SDL_PATH, 1);
        CHECK_HR(IDXGISwapChain_Present(c.sc, 0, 0), S_OK);
        CHECK_EQ(f.counts(win, &locks, &unlocks, &bad), 1);
        CHECK_EQ(f.pixel(win, 2, 2), 0xffffffu);
    }
    chain11_release(&c);
    wsi_off();
    f.destroy(win);
}

/* ---- Direct3D 9 -------------------------------------------------------------------------- */

/* D3D9 Present shows the front buffer in hDeviceWindow, or, when that is NULL, in the focus
 * window CreateDevice got (D3DPRESENT_PARAMETERS). */
TEST(sdl_d3d9_device_and_focus_window)
{
    struct fake f;
    if (!fake_open(&f))
        SKIP("tests/wsi/fake_sdl2 not loadable");
    void *device_window = f.create(8, 8, 4, 0xff0000u, 0xff00u, 0xffu, 0, 0);
    void *focus = f.create(8, 8, 4, 0xff0000u, 0xff00u, 0xffu, 0, 0);
    wsi_on();
    unsetenv("SOFTD3D_PROFILE");
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    CHECK(d3d != NULL);
    for (int k = 0; d3d && k < 2; k++) {
        D3DPRESENT_PARAMETERS pp;
        IDirect3DDevice9 *dev = NULL;
        memset(&pp, 0, sizeof(pp));
        pp.Windowed = TRUE;
        pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
        pp.BackBufferWidth = pp.BackBufferHeight = 8;
        pp.BackBufferFormat = D3DFMT_X8R8G8B8;
        pp.hDeviceWindow = k == 0 ? (HWND)device_window : NULL;
        CHECK_HR(IDirect3D9_CreateDevice(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, (HWND)focus,
                                         D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev),
                 D3D_OK);
        if (!dev)
            continue;
        D3DCOLOR color = k == 0 ? D3DCOLOR_XRGB(0x12, 0x34, 0x56) : D3DCOLOR_XRGB(0xab, 0xcd, 0xef);
        CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, color, 1.0f, 0), D3D_OK);
        CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
        void *shown = k == 0 ? device_window : focus;
        int locks, unlocks, bad;
        CHECK_EQ(f.counts(shown, &locks, &unlocks, &bad), 1);
        CHECK_EQ(f.pixel(shown, 7, 7), color & 0xffffffu);
        IDirect3DDevice9_Release(dev);
    }
    int locks, unlocks, bad;
    CHECK_EQ(f.counts(focus, &locks, &unlocks, &bad), 1);   /* only the second device's */
    if (d3d)
        IDirect3D9_Release(d3d);
    wsi_off();
    f.destroy(device_window);
    f.destroy(focus);
}
