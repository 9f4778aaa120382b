/* src/d3d9/swapchain.c — presentation, headless: the implicit swap chain (IDirect3DSwapChain9),
 * render targets and the depth-stencil surface, scenes, Present, Reset and
 * TestCooperativeLevel.
 *
 * The swap chain.  CreateDevice and Reset make one swap chain of BackBufferCount back buffers
 * (render-target surfaces in D3DPOOL_DEFAULT, lockable with D3DPRESENTFLAG_LOCKABLE_BACKBUFFER)
 * and, with EnableAutoDepthStencil, the depth-stencil surface of AutoDepthStencilFormat (its
 * Discard flag from D3DPRESENTFLAG_DISCARD_DEPTHSTENCIL).  Back buffer 0 becomes render target 0
 * and the automatic surface the depth-stencil surface.  There is no window: the front buffer is
 * an internal surface of the back buffers' size and format holding the last presented image.
 *
 * Present (IDirect3DDevice9::Present, IDirect3DSwapChain9::Present, D3DSWAPEFFECT):
 *   - pSourceRect, pDestRect and pDirtyRegion must be NULL unless the swap effect is
 *     D3DSWAPEFFECT_COPY; hDestWindowOverride is ignored (no window); dwFlags of the swap
 *     chain's Present: 0, D3DPRESENT_DONOTWAIT or D3DPRESENT_LINEAR_CONTENT;
 *   - DISCARD: back buffer 0 is copied to the front buffer (its content stays; the effect allows
 *     any content); FLIP: the buffers rotate — back buffer 0 becomes the front buffer, the old
 *     front buffer the last back buffer; COPY: the source rectangle of back buffer 0 (NULL: all)
 *     goes to the destination rectangle of the front buffer (NULL: all), point-stretched when
 *     the sizes differ, the rest of the front buffer keeps its content;
 *   - a locked back buffer is D3DERR_INVALIDCALL;
 *   - after a failed Reset, Present returns D3DERR_DEVICELOST until a Reset succeeds.
 *   Present dump: when the environment variable SOFTD3D_PRESENT_DUMP names a directory, every
 *   successful Present writes the front buffer as an 8-bit RGB PNG (src/util/png.c) to
 *   DIR/softd3d-d3d9-dev<N>-frame<NNNNNN>.png, N the n-th D3D9 device of the process (from 1)
 *   and NNNNNN the swap chain's frame counter (from 0).  A file that cannot be written prints
 *   one line and does not fail Present.
 * GetFrontBufferData: the destination is a D3DPOOL_SYSTEMMEM surface of format D3DFMT_A8R8G8B8
 *   ("converted to the standard 32 bits per pixel format") and — headless, the front buffer is the
 *   swap chain's, not the desktop — of the back buffers' size; X8R8G8B8 images read with alpha
 *   0xFF.  Before the first Present the front buffer is black.
 * GetBackBuffer: Type must be D3DBACKBUFFER_TYPE_MONO (Direct3D 9 has no stereo), iBackBuffer <
 *   BackBufferCount; iSwapChain must be 0 (GetNumberOfSwapChains is 1).
 * GetDisplayMode: windowed, the adapter's mode; full screen, the swap chain's (back-buffer size,
 *   X8R8G8B8 for an A8R8G8B8 back buffer, 60 Hz).
 *
 * Render targets (SetRenderTarget, GetRenderTarget, SetDepthStencilSurface): RenderTargetIndex <
 *   NumSimultaneousRTs; index 0 cannot be NULL; a surface must be of this device with
 *   D3DUSAGE_RENDERTARGET (a render target, a back buffer, a render-target texture level).
 *   Setting render target 0 sets the viewport to the whole new target (MinZ 0, MaxZ 1) and
 *   the scissor rect to the whole target ("analogous to the viewport reset").  GetRenderTarget of
 *   an empty index and GetDepthStencilSurface without a surface: D3DERR_NOTFOUND, *pp NULL.
 *   SetDepthStencilSurface takes NULL or a surface with D3DUSAGE_DEPTHSTENCIL.  The restrictions
 *   between render targets and the depth-stencil surface (size, multisampling, format match) are
 *   checked when drawing, as the debug runtime does ("only validated ... when Draw is called").
 * BeginScene / EndScene: BeginScene inside a scene and EndScene outside one are
 *   D3DERR_INVALIDCALL.
 * Reset (reference remarks, "Lost Devices (Direct3D 9)"):
 *   - the present parameters are checked as CreateDevice checks them (d3d9.c), and the filled-in
 *     values written back;
 *   - it fails with D3DERR_INVALIDCALL while the application holds any D3DPOOL_DEFAULT resource
 *     (explicit render targets and depth-stencil surfaces included), the swap chain, a back
 *     buffer or the automatic depth-stencil surface;
 *   - on success: a new swap chain (and automatic depth-stencil surface), every state back to its
 *     default (bound objects released, state block recording abandoned), render target 0 and the
 *     depth-stencil surface the new ones, no scene open;
 *   - a failed Reset leaves the device lost: TestCooperativeLevel answers D3DERR_DEVICENOTRESET
 *     (a headless device can be reset at once, so it never stays in D3DERR_DEVICELOST) and
 *     Present D3DERR_DEVICELOST, until a Reset succeeds.
 */
#include "d3d9/d3d9_resource.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "d3d9/d3d9_state.h"
#include "sample/texel.h"
#include "softd3d_com_stubs.h"
#include "util/log.h"
#include "util/png.h"

#define DEV(iface) d3d9_device_from_iface(iface)

/* ------------------------------------------------------------------ the object */

static const GUID *const sc_iids[] = { &IID_IDirect3DSwapChain9, NULL };
D3D9_LIFE_IUNKNOWN(sc, IDirect3DSwapChain9, struct d3d9_swapchain, iface, life, sc_iids)

static void sc_destroy(struct d3d9_life *life)
{
    free(container_of(life, struct d3d9_swapchain, life));
}

void d3d9_swapchain_release_owned(struct d3d9_swapchain *sc)
{
    for (UINT i = 0; i < sc->pp.BackBufferCount; i++)
        if (sc->back[i])
            d3d9_life_unbind(&sc->back[i]->r.life);
    if (sc->front)
        d3d9_life_unbind(&sc->front->r.life);
    d3d9_life_unbind(&sc->life);
}

bool d3d9_swapchain_referenced(const struct d3d9_swapchain *sc)
{
    if (atomic_load(&sc->life.refcount))
        return true;
    for (UINT i = 0; i < sc->pp.BackBufferCount; i++)
        if (atomic_load(&sc->back[i]->r.life.refcount))
            return true;
    return false;
}

/* Copies rectangle sr of src to dr of dst (same format), point-stretching. */
static void copy_stretch_point(struct d3d9_surface *src, const RECT *sr, struct d3d9_surface *dst,
                               const RECT *dr)
{
    const core_format_desc *d = core_format_get(src->cfmt);
    size_t bpp = d->block_bytes, sp = d3d9_surface_pitch(src), dp = d3d9_surface_pitch(dst);
    long sw = sr->right - sr->left, sh = sr->bottom - sr->top;
    long dw = dr->right - dr->left, dh = dr->bottom - dr->top;
    for (long y = 0; y < dh; y++) {
        long sy = sr->top + (long)(((2 * (int64_t)y + 1) * sh) / (2 * (int64_t)dh));
        unsigned char *out = d3d9_surface_data(dst) + (size_t)(dr->top + y) * dp;
        const unsigned char *in = d3d9_surface_data(src) + (size_t)sy * sp;
        for (long x = 0; x < dw; x++) {
            long sx = sr->left + (long)(((2 * (int64_t)x + 1) * sw) / (2 * (int64_t)dw));
            memcpy(out + (size_t)(dr->left + x) * bpp, in + (size_t)sx * bpp, bpp);
        }
    }
}

static bool rect_inside(const RECT *r, UINT w, UINT h)
{
    return r->left >= 0 && r->top >= 0 && r->left < r->right && r->top < r->bottom &&
           (uint64_t)r->right <= w && (uint64_t)r->bottom <= h;
}

static void dump_front(struct d3d9_swapchain *sc)
{
    const char *dir = getenv("SOFTD3D_PRESENT_DUMP");
    struct d3d9_surface *f = sc->front;
    const struct texel_format *tf;
    uint8_t *rgb;
    char path[4096];
    if (!dir || !*dir)
        return;
    if (!(tf = texel_format_get(f->cfmt)) || !(rgb = malloc((size_t)f->width * f->height * 3))) {
        util_msg(true, "SOFTD3D_PRESENT_DUMP: cannot convert the front buffer");
        return;
    }
    for (UINT y = 0; y < f->height; y++) {
        for (UINT x = 0; x < f->width; x++) {
            float c[4];
            texel_load(tf, d3d9_surface_data(f), d3d9_surface_pitch(f), x, y, c);
            for (int k = 0; k < 3; k++)
                rgb[((size_t)y * f->width + x) * 3 + k] = (uint8_t)texel_float_to_unorm(c[k], 8);
        }
    }
    snprintf(path, sizeof(path), "%s/softd3d-d3d9-dev%u-frame%06" PRIu64 ".png", dir,
             sc->life.device->serial, sc->frames);
    if (util_png_write(path, rgb, f->width, f->height, (size_t)f->width * 3, 3))
        util_msg(true, "SOFTD3D_PRESENT_DUMP: cannot write %s", path);
    free(rgb);
}

HRESULT d3d9_swapchain_present(struct d3d9_swapchain *sc, const RECT *src, const RECT *dst,
                               const RGNDATA *dirty, DWORD flags)
{
    struct d3d9_device *dev = sc->life.device;
    struct d3d9_surface *back = sc->back[0];
    RECT sr, dr;

    if (flags & ~(DWORD)(D3DPRESENT_DONOTWAIT | D3DPRESENT_LINEAR_CONTENT)) {
        util_msg(false, "Present: dwFlags 0x%x", (unsigned)flags);
        return D3DERR_INVALIDCALL;
    }
    if (sc->pp.SwapEffect != D3DSWAPEFFECT_COPY && (src || dst || dirty)) {
        util_msg(false, "Present: pSourceRect, pDestRect and pDirtyRegion must be NULL unless "
                        "the swap effect is D3DSWAPEFFECT_COPY");
        return D3DERR_INVALIDCALL;
    }
    sr = src ? *src : (RECT){ 0, 0, (LONG)back->width, (LONG)back->height };
    dr = dst ? *dst : (RECT){ 0, 0, (LONG)sc->front->width, (LONG)sc->front->height };
    if (!rect_inside(&sr, back->width, back->height) ||
        !rect_inside(&dr, sc->front->width, sc->front->height)) {
        util_msg(false, "Present: a rectangle is empty or outside its buffer");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    if (dev->needs_reset) {
        d3d9_device_unlock(dev);
        util_msg(false, "Present: the device is lost (a Reset failed): Reset it");
        return D3DERR_DEVICELOST;
    }
    for (UINT i = 0; i < sc->pp.BackBufferCount; i++) {
        if (sc->back[i]->locked) {
            d3d9_device_unlock(dev);
            util_msg(false, "Present: back buffer %u is locked", i);
            return D3DERR_INVALIDCALL;
        }
    }
    if (sc->pp.SwapEffect == D3DSWAPEFFECT_FLIP) {
        core_resource *front = sc->front->storage;
        UINT n = sc->pp.BackBufferCount;
        sc->front->storage = sc->back[0]->storage;
        for (UINT i = 0; i + 1 < n; i++)
            sc->back[i]->storage = sc->back[i + 1]->storage;
        sc->back[n - 1]->storage = front;
    } else {
        copy_stretch_point(back, &sr, sc->front, &dr);
    }
    dump_front(sc);
    sc->frames++;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

HRESULT d3d9_swapchain_front_buffer_data(struct d3d9_swapchain *sc, struct d3d9_surface *dst)
{
    static const char method[] = "GetFrontBufferData";
    struct d3d9_device *dev = sc->life.device;
    struct d3d9_surface *f = sc->front;
    const struct texel_format *in, *out;
    if (!d3d9_surface_is_valid(dst, dev)) {
        util_msg(false, "%s: pDestSurface is not a surface of this device", method);
        return D3DERR_INVALIDCALL;
    }
    if (dst->r.pool != D3DPOOL_SYSTEMMEM || dst->format != D3DFMT_A8R8G8B8 ||
        dst->width != f->width || dst->height != f->height) {
        util_msg(false, "%s: the destination must be a D3DPOOL_SYSTEMMEM D3DFMT_A8R8G8B8 surface "
                        "of the front buffer's size (%ux%u)", method, f->width, f->height);
        return D3DERR_INVALIDCALL;
    }
    in = texel_format_get(f->cfmt);
    out = texel_format_get(dst->cfmt);
    if (!in || !out || !out->store)
        return D3DERR_INVALIDCALL;
    d3d9_device_lock(dev);
    for (UINT y = 0; y < f->height; y++) {
        uint8_t *row = d3d9_surface_data(dst) + (size_t)y * d3d9_surface_pitch(dst);
        for (UINT x = 0; x < f->width; x++) {
            float c[4];
            texel_load(in, d3d9_surface_data(f), d3d9_surface_pitch(f), x, y, c);
            out->store(out, c, row + (size_t)x * 4, 0, 0);
        }
    }
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE sc_Present(IDirect3DSwapChain9 *iface, const RECT *src,
                                            const RECT *dst, HWND window, const RGNDATA *dirty,
                                            DWORD flags)
{
    (void)window;
    return d3d9_swapchain_present(sc_impl(iface), src, dst, dirty, flags);
}

static HRESULT STDMETHODCALLTYPE sc_GetFrontBufferData(IDirect3DSwapChain9 *iface,
                                                       IDirect3DSurface9 *dst)
{
    return d3d9_swapchain_front_buffer_data(sc_impl(iface), d3d9_surface_from_iface(dst));
}

static HRESULT sc_get_back_buffer(struct d3d9_swapchain *sc, UINT index, D3DBACKBUFFER_TYPE type,
                                  IDirect3DSurface9 **out)
{
    if (!out) {
        util_msg(false, "GetBackBuffer: ppBackBuffer is NULL");
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    if (type != D3DBACKBUFFER_TYPE_MONO || index >= sc->pp.BackBufferCount) {
        util_msg(false, "GetBackBuffer: back buffer %u of type %u (D3DBACKBUFFER_TYPE_MONO, "
                        "index < %u)", index, (unsigned)type, sc->pp.BackBufferCount);
        return D3DERR_INVALIDCALL;
    }
    d3d9_life_addref(&sc->back[index]->r.life);
    *out = &sc->back[index]->iface;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetBackBuffer(IDirect3DSwapChain9 *iface, UINT index,
                                                  D3DBACKBUFFER_TYPE type,
                                                  IDirect3DSurface9 **out)
{
    struct d3d9_swapchain *sc = sc_impl(iface);
    HRESULT hr;
    d3d9_device_lock(sc->life.device);
    hr = sc_get_back_buffer(sc, index, type, out);
    d3d9_device_unlock(sc->life.device);
    return hr;
}

static HRESULT sc_display_mode(struct d3d9_swapchain *sc, D3DDISPLAYMODE *mode)
{
    if (!mode) {
        util_msg(false, "GetDisplayMode: pMode is NULL");
        return D3DERR_INVALIDCALL;
    }
    if (sc->pp.Windowed) {
        d3d9_current_display_mode(mode);
    } else {
        mode->Width = sc->pp.BackBufferWidth;
        mode->Height = sc->pp.BackBufferHeight;
        mode->RefreshRate = 60;
        mode->Format = sc->pp.BackBufferFormat == D3DFMT_A8R8G8B8 ? D3DFMT_X8R8G8B8
                                                                  : sc->pp.BackBufferFormat;
    }
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetDisplayMode(IDirect3DSwapChain9 *iface,
                                                   D3DDISPLAYMODE *mode)
{
    return sc_display_mode(sc_impl(iface), mode);
}

static HRESULT STDMETHODCALLTYPE sc_GetDevice(IDirect3DSwapChain9 *iface, IDirect3DDevice9 **out)
{
    struct d3d9_swapchain *sc = sc_impl(iface);
    if (!out) {
        util_msg(false, "IDirect3DSwapChain9::GetDevice: ppDevice is NULL");
        return D3DERR_INVALIDCALL;
    }
    IDirect3DDevice9_AddRef(&sc->life.device->iface);
    *out = &sc->life.device->iface;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetPresentParameters(IDirect3DSwapChain9 *iface,
                                                         D3DPRESENT_PARAMETERS *pp)
{
    if (!pp) {
        util_msg(false, "GetPresentParameters: pPresentationParameters is NULL");
        return D3DERR_INVALIDCALL;
    }
    *pp = sc_impl(iface)->pp;
    return D3D_OK;
}

static IDirect3DSwapChain9Vtbl sc_vtbl = {
    .QueryInterface = sc_QueryInterface,
    .AddRef = sc_AddRef,
    .Release = sc_Release,
    .Present = sc_Present,
    .GetFrontBufferData = sc_GetFrontBufferData,
    .GetBackBuffer = sc_GetBackBuffer,
    .GetDisplayMode = sc_GetDisplayMode,
    .GetDevice = sc_GetDevice,
    .GetPresentParameters = sc_GetPresentParameters,
    /* GetRasterStatus: comgen stub */
};

HRESULT d3d9_swapchain_create(struct d3d9_device *dev, const D3DPRESENT_PARAMETERS *pp,
                              struct d3d9_swapchain **out)
{
    static const char method[] = "CreateDevice";
    struct d3d9_swapchain *sc = calloc(1, sizeof(*sc));
    bool lockable = pp->Flags & D3DPRESENTFLAG_LOCKABLE_BACKBUFFER;
    HRESULT hr;
    *out = NULL;
    if (!sc) {
        util_msg(false, "%s: out of memory", method);
        return E_OUTOFMEMORY;
    }
    sc->iface.lpVtbl = &sc_vtbl;
    d3d9_life_init(&sc->life, dev, sc_destroy, false, true);
    sc->pp = *pp;
    for (UINT i = 0; i < pp->BackBufferCount; i++) {
        if (FAILED(hr = d3d9_surface_create(dev, method, D3D9_SURFACE_BACKBUFFER,
                                            pp->BackBufferWidth, pp->BackBufferHeight,
                                            pp->BackBufferFormat, D3DPOOL_DEFAULT,
                                            D3DUSAGE_RENDERTARGET, pp->MultiSampleType,
                                            pp->MultiSampleQuality, lockable, false, true,
                                            &sc->back[i])))
            goto fail;
        sc->back[i]->swapchain = sc;
    }
    if (FAILED(hr = d3d9_surface_create(dev, method, D3D9_SURFACE_BACKBUFFER,
                                        pp->BackBufferWidth, pp->BackBufferHeight,
                                        pp->BackBufferFormat, D3DPOOL_DEFAULT,
                                        D3DUSAGE_RENDERTARGET, pp->MultiSampleType,
                                        pp->MultiSampleQuality, false, false, true, &sc->front)))
        goto fail;
    sc->front->swapchain = sc;
    *out = sc;
    return D3D_OK;
fail:
    d3d9_swapchain_release_owned(sc);
    return hr;
}

/* ------------------------------------------------------------- device methods */

static HRESULT check_swapchain_index(const char *method, UINT index)
{
    if (index) {
        util_msg(false, "%s: swap chain %u does not exist (one swap chain: 0)", method, index);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetSwapChain(IDirect3DDevice9 *iface, UINT index,
                                                     IDirect3DSwapChain9 **out)
{
    struct d3d9_device *dev = DEV(iface);
    HRESULT hr;
    if (!out) {
        util_msg(false, "GetSwapChain: pSwapChain is NULL");
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    if (FAILED(hr = check_swapchain_index("GetSwapChain", index)))
        return hr;
    d3d9_device_lock(dev);
    if (dev->swapchain) {
        d3d9_life_addref(&dev->swapchain->life);
        *out = &dev->swapchain->iface;
    } else {
        hr = D3DERR_INVALIDCALL;   /* after a failed Reset */
    }
    d3d9_device_unlock(dev);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_GetBackBuffer(IDirect3DDevice9 *iface, UINT sc_index,
                                                      UINT index, D3DBACKBUFFER_TYPE type,
                                                      IDirect3DSurface9 **out)
{
    struct d3d9_device *dev = DEV(iface);
    HRESULT hr;
    if (out)
        *out = NULL;
    if (FAILED(hr = check_swapchain_index("GetBackBuffer", sc_index)))
        return hr;
    d3d9_device_lock(dev);
    hr = dev->swapchain ? sc_get_back_buffer(dev->swapchain, index, type, out)
                        : D3DERR_INVALIDCALL;
    d3d9_device_unlock(dev);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_GetDisplayMode(IDirect3DDevice9 *iface, UINT sc_index,
                                                       D3DDISPLAYMODE *mode)
{
    struct d3d9_device *dev = DEV(iface);
    HRESULT hr;
    if (FAILED(hr = check_swapchain_index("GetDisplayMode", sc_index)))
        return hr;
    d3d9_device_lock(dev);
    hr = dev->swapchain ? sc_display_mode(dev->swapchain, mode) : D3DERR_INVALIDCALL;
    d3d9_device_unlock(dev);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_Present(IDirect3DDevice9 *iface, const RECT *src,
                                                const RECT *dst, HWND window,
                                                const RGNDATA *dirty)
{
    struct d3d9_device *dev = DEV(iface);
    (void)window;
    if (!dev->swapchain) {
        util_msg(false, "Present: the device is lost (a Reset failed): Reset it");
        return D3DERR_DEVICELOST;
    }
    return d3d9_swapchain_present(dev->swapchain, src, dst, dirty, 0);
}

static HRESULT STDMETHODCALLTYPE device_GetFrontBufferData(IDirect3DDevice9 *iface,
                                                           UINT sc_index, IDirect3DSurface9 *dst)
{
    struct d3d9_device *dev = DEV(iface);
    HRESULT hr;
    if (FAILED(hr = check_swapchain_index("GetFrontBufferData", sc_index)))
        return hr;
    if (!dev->swapchain)
        return D3DERR_INVALIDCALL;
    return d3d9_swapchain_front_buffer_data(dev->swapchain, d3d9_surface_from_iface(dst));
}

static HRESULT STDMETHODCALLTYPE device_SetRenderTarget(IDirect3DDevice9 *iface, DWORD index,
                                                        IDirect3DSurface9 *surface)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_surface *s = d3d9_surface_from_iface(surface);
    DWORD max = dev->profile->caps.NumSimultaneousRTs;
    if (index >= max || index >= D3D9_MAX_RTS) {
        util_msg(false, "SetRenderTarget: index %u >= NumSimultaneousRTs %u (profile %s)",
                 (unsigned)index, (unsigned)max, dev->profile->name);
        return D3DERR_INVALIDCALL;
    }
    if (!surface && index == 0) {
        util_msg(false, "SetRenderTarget: render target 0 cannot be NULL");
        return D3DERR_INVALIDCALL;
    }
    if (surface && (!d3d9_surface_is_valid(s, dev) || !(s->r.usage & D3DUSAGE_RENDERTARGET))) {
        util_msg(false, "SetRenderTarget: the surface is not a render target of this device "
                        "(D3DUSAGE_RENDERTARGET)");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    d3d9_bind_surface(&dev->rt[index], s);
    if (index == 0)
        d3d9_state_reset_viewport(dev);
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetRenderTarget(IDirect3DDevice9 *iface, DWORD index,
                                                        IDirect3DSurface9 **out)
{
    struct d3d9_device *dev = DEV(iface);
    HRESULT hr = D3D_OK;
    if (!out) {
        util_msg(false, "GetRenderTarget: ppRenderTarget is NULL");
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    if (index >= dev->profile->caps.NumSimultaneousRTs || index >= D3D9_MAX_RTS) {
        util_msg(false, "GetRenderTarget: index %u >= NumSimultaneousRTs", (unsigned)index);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    if (dev->rt[index]) {
        d3d9_life_addref(&dev->rt[index]->r.life);
        *out = &dev->rt[index]->iface;
    } else {
        hr = D3DERR_NOTFOUND;
    }
    d3d9_device_unlock(dev);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_SetDepthStencilSurface(IDirect3DDevice9 *iface,
                                                               IDirect3DSurface9 *surface)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_surface *s = d3d9_surface_from_iface(surface);
    if (surface && (!d3d9_surface_is_valid(s, dev) || !(s->r.usage & D3DUSAGE_DEPTHSTENCIL))) {
        util_msg(false, "SetDepthStencilSurface: not a depth-stencil surface of this device "
                        "(D3DUSAGE_DEPTHSTENCIL)");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    d3d9_bind_surface(&dev->ds, s);
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetDepthStencilSurface(IDirect3DDevice9 *iface,
                                                               IDirect3DSurface9 **out)
{
    struct d3d9_device *dev = DEV(iface);
    HRESULT hr = D3D_OK;
    if (!out) {
        util_msg(false, "GetDepthStencilSurface: ppZStencilSurface is NULL");
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    d3d9_device_lock(dev);
    if (dev->ds) {
        d3d9_life_addref(&dev->ds->r.life);
        *out = &dev->ds->iface;
    } else {
        hr = D3DERR_NOTFOUND;
    }
    d3d9_device_unlock(dev);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_BeginScene(IDirect3DDevice9 *iface)
{
    struct d3d9_device *dev = DEV(iface);
    HRESULT hr = D3D_OK;
    d3d9_device_lock(dev);
    if (dev->in_scene) {
        util_msg(false, "BeginScene: a scene is already open (EndScene first)");
        hr = D3DERR_INVALIDCALL;
    }
    dev->in_scene = true;
    d3d9_device_unlock(dev);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_EndScene(IDirect3DDevice9 *iface)
{
    struct d3d9_device *dev = DEV(iface);
    HRESULT hr = D3D_OK;
    d3d9_device_lock(dev);
    if (!dev->in_scene) {
        util_msg(false, "EndScene: no scene is open (BeginScene first)");
        hr = D3DERR_INVALIDCALL;
    }
    dev->in_scene = false;
    d3d9_device_unlock(dev);
    return hr;
}

/* ------------------------------------------------------ presentation set-up */

void d3d9_device_release_presentation(struct d3d9_device *dev)
{
    for (int i = 0; i < D3D9_MAX_RTS; i++)
        d3d9_bind_surface(&dev->rt[i], NULL);
    d3d9_bind_surface(&dev->ds, NULL);
    if (dev->auto_ds)
        d3d9_life_unbind(&dev->auto_ds->r.life);
    dev->auto_ds = NULL;
    if (dev->swapchain)
        d3d9_swapchain_release_owned(dev->swapchain);
    dev->swapchain = NULL;
}

HRESULT d3d9_device_init_presentation(struct d3d9_device *dev)
{
    const D3DPRESENT_PARAMETERS *pp = &dev->pp;
    HRESULT hr;
    if (FAILED(hr = d3d9_swapchain_create(dev, pp, &dev->swapchain)))
        return hr;
    if (pp->EnableAutoDepthStencil &&
        FAILED(hr = d3d9_surface_create(dev, "CreateDevice", D3D9_SURFACE_DEPTHSTENCIL,
                                        pp->BackBufferWidth, pp->BackBufferHeight,
                                        pp->AutoDepthStencilFormat, D3DPOOL_DEFAULT,
                                        D3DUSAGE_DEPTHSTENCIL, pp->MultiSampleType,
                                        pp->MultiSampleQuality,
                                        d3d9_is_lockable_depth_format(pp->AutoDepthStencilFormat),
                                        pp->Flags & D3DPRESENTFLAG_DISCARD_DEPTHSTENCIL, true,
                                        &dev->auto_ds))) {
        d3d9_device_release_presentation(dev);
        return hr;
    }
    d3d9_state_init_defaults(dev, dev->state);
    d3d9_bind_surface(&dev->rt[0], dev->swapchain->back[0]);
    d3d9_bind_surface(&dev->ds, dev->auto_ds);
    d3d9_state_reset_viewport(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_Reset(IDirect3DDevice9 *iface, D3DPRESENT_PARAMETERS *params)
{
    struct d3d9_device *dev = DEV(iface);
    D3DPRESENT_PARAMETERS pp;
    HRESULT hr;
    if (!params) {
        util_msg(false, "Reset: pPresentationParameters is NULL");
        return D3DERR_INVALIDCALL;
    }
    pp = *params;
    d3d9_device_lock(dev);
    if (FAILED(hr = d3d9_validate_present_params(dev->profile, dev->create.BehaviorFlags, &pp)))
        goto lost;
    if (atomic_load(&dev->default_alive) ||
        (dev->swapchain && d3d9_swapchain_referenced(dev->swapchain))) {
        util_msg(false, "Reset: release every D3DPOOL_DEFAULT resource, the swap chain and its "
                        "back buffers first (%u D3DPOOL_DEFAULT objects held)",
                 atomic_load(&dev->default_alive));
        hr = D3DERR_INVALIDCALL;
        goto lost;
    }
    d3d9_stateblock_discard_recording(dev);
    d3d9_state_clear(dev->state);
    d3d9_device_release_presentation(dev);
    dev->pp = pp;
    dev->in_scene = false;
    if (FAILED(hr = d3d9_device_init_presentation(dev)))
        goto lost;
    dev->needs_reset = false;
    d3d9_device_unlock(dev);
    *params = pp;
    return D3D_OK;
lost:
    dev->needs_reset = true;
    d3d9_device_unlock(dev);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_TestCooperativeLevel(IDirect3DDevice9 *iface)
{
    struct d3d9_device *dev = DEV(iface);
    HRESULT hr;
    d3d9_device_lock(dev);
    hr = dev->needs_reset ? D3DERR_DEVICENOTRESET : D3D_OK;
    d3d9_device_unlock(dev);
    return hr;
}

void d3d9_swapchain_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    v->GetSwapChain = device_GetSwapChain;
    v->GetBackBuffer = device_GetBackBuffer;
    v->GetDisplayMode = device_GetDisplayMode;
    v->Present = device_Present;
    v->GetFrontBufferData = device_GetFrontBufferData;
    v->SetRenderTarget = device_SetRenderTarget;
    v->GetRenderTarget = device_GetRenderTarget;
    v->SetDepthStencilSurface = device_SetDepthStencilSurface;
    v->GetDepthStencilSurface = device_GetDepthStencilSurface;
    v->BeginScene = device_BeginScene;
    v->EndScene = device_EndScene;
    v->Reset = device_Reset;
    v->TestCooperativeLevel = device_TestCooperativeLevel;
    comgen_fill_IDirect3DSwapChain9(&sc_vtbl);
}
