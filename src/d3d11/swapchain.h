/* src/d3d11/swapchain.h — the headless swap chain object, shared by swapchain.c (creation, the
 * description's rules, the IDXGISwapChain methods) and swapchain1.c (IDXGISwapChain1 .. 4). */
#ifndef SOFTD3D_D3D11_SWAPCHAIN_H
#define SOFTD3D_D3D11_SWAPCHAIN_H

#include "d3d11/d3d11_private.h"

#include <stdint.h>

struct dxgi_swapchain {
    IDXGISwapChain4 iface;            /* IDXGISwapChain .. IDXGISwapChain4: one vtable */
    atomic_uint refcount;
    core_private_data private_data;
    struct dxgi_factory *factory;     /* GetParent; one reference */
    struct d3d11_device *device;      /* one reference */
    HWND window;                      /* OutputWindow / hWnd: never dereferenced */
    DXGI_SWAP_CHAIN_DESC1 desc;       /* as GetDesc1 reports it (0 sizes resolved) */
    DXGI_SWAP_CHAIN_FULLSCREEN_DESC fullscreen;   /* GetFullscreenDesc: Windowed always TRUE */
    UINT window_width, window_height; /* the headless window's client size (ResizeTarget) */
    UINT buffer_count;                /* buffers made: 1 for DISCARD effects, BufferCount else */
    ID3D11Texture2D *buffers[DXGI_MAX_SWAP_CHAIN_BUFFERS];
    uint8_t *front;                   /* buffer 0's texels at the last Present, tightly packed */
    size_t front_pitch;
    UINT present_count;
    uint64_t frames;
    unsigned serial;
    /* DXGI 1.2 .. 1.5 state (swapchain1.c) */
    DXGI_RGBA background;             /* Set/GetBackgroundColor; black at creation */
    DXGI_MODE_ROTATION rotation;      /* Set/GetRotation; IDENTITY at creation */
    UINT source_width, source_height; /* SetSourceSize; the buffer size after create / resize */
    DXGI_COLOR_SPACE_TYPE color_space;   /* SetColorSpace1 */
};

#define SC_REFUSE(hr, ...)                                                                      \
    do {                                                                                        \
        d3d11_msg(dev, __VA_ARGS__);                                                            \
        return (hr);                                                                            \
    } while (0)

static inline struct dxgi_swapchain *dxgi_swapchain_impl(IDXGISwapChain4 *iface)
{
    return container_of(iface, struct dxgi_swapchain, iface);
}

static inline bool dxgi_swap_effect_is_flip(DXGI_SWAP_EFFECT e)
{
    return e == DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL || e == DXGI_SWAP_EFFECT_FLIP_DISCARD;
}

/* swapchain.c: Present / Present1's work (`method` names the caller in messages; `params` may be
 * NULL), and ResizeBuffers / ResizeBuffers1's. */
HRESULT dxgi_swapchain_present(struct dxgi_swapchain *sc, const char *method, UINT sync,
                               UINT flags, const DXGI_PRESENT_PARAMETERS *params);
HRESULT dxgi_swapchain_resize(struct dxgi_swapchain *sc, const char *method, UINT count,
                              UINT width, UINT height, DXGI_FORMAT format, UINT flags);

/* swapchain1.c: sets the IDXGISwapChain1 .. 4 slots of the chains' vtable. */
void dxgi_swapchain1_fill_vtbl(IDXGISwapChain4Vtbl *v);

#endif
