/* src/d3d9/swapchain.c — presentation, headless: the implicit swap chain and additional swap
 * chains (IDirect3DSwapChain9), render targets and the depth-stencil surface, scenes, Present,
 * GetRasterStatus, Reset and TestCooperativeLevel.
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
 *   successful Present writes the front buffer as an 8-bit RGB PNG (sample/present_dump.c) to
 *   DIR/softd3d-d3d9-dev<N>-frame<NNNNNN>.png, N the n-th D3D9 device of the process (from 1)
 *   and NNNNNN the swap chain's frame counter (from 0; the implicit chain's counter goes on
 *   across Reset, so frames after a Reset do not overwrite the ones before); an additional
 *   swap chain writes DIR/softd3d-d3d9-dev<N>-swapchain<K>-frame<NNNNNN>.png, K its number on
 *   the device (from 1).
 *   A file that cannot be written prints one line and does not fail Present.
 * GetFrontBufferData: the destination is a D3DPOOL_SYSTEMMEM surface of format D3DFMT_A8R8G8B8
 *   ("converted to the standard 32 bits per pixel format") and — headless, the front buffer is the
 *   swap chain's, not the desktop — of the back buffers' size; X8R8G8B8 images read with alpha
 *   0xFF.  Before the first Present the front buffer is black.
 * GetBackBuffer: iBackBuffer < BackBufferCount.  The Type argument is ignored: the reference page
 *   says only D3DBACKBUFFER_TYPE_MONO is valid (Direct3D 9 has no stereo), but Windows returns
 *   the back buffer for LEFT, RIGHT or any other value (issue 14's conformance suite), so softd3d
 *   does too; iSwapChain must be 0 (GetNumberOfSwapChains is 1).  The device methods that
 *   take iSwapChain (GetSwapChain, GetBackBuffer, GetDisplayMode, GetFrontBufferData,
 *   GetRasterStatus) reach the implicit swap chain only: the index counts the swap chains
 *   GetNumberOfSwapChains counts, "the number of implicit swap chains"; an additional swap chain
 *   is used through its own IDirect3DSwapChain9.
 * GetDisplayMode: windowed, the adapter's mode; full screen, the swap chain's (back-buffer size,
 *   X8R8G8B8 for an A8R8G8B8 back buffer, 60 Hz).
 *
 * GetRasterStatus (IDirect3DDevice9::GetRasterStatus, IDirect3DSwapChain9::GetRasterStatus,
 *   D3DRASTER_STATUS): D3DERR_INVALIDCALL "if pRasterStatus is invalid or if the device does not
 *   support reading the current scan line" — D3DCAPS_READ_SCANLINE in D3DCAPS9::Caps, which only
 *   the max profile sets (the 9_x profiles are the seed-000 minimums, and the flag is no row of
 *   it).  There is no monitor: the raster is the virtual display's, a model run from
 *   CLOCK_MONOTONIC.  The display of a swap chain is the adapter's mode when windowed and the swap
 *   chain's mode when full screen (GetDisplayMode); a frame lasts 1/RefreshRate s and is `Height`
 *   visible lines followed by a vertical blank of Height/32 lines (at least 1; about the 3% of
 *   reduced-blanking monitor timings), all lines of equal duration.  In the blank InVBlank is TRUE
 *   and ScanLine 0 ("set to zero"); otherwise InVBlank is FALSE and ScanLine the visible line,
 *   0 at the top to Height-1 at the bottom.  Present does not wait for the blank (the swap chain
 *   has no real display to tear).
 *
 * Additional swap chains (IDirect3DDevice9::CreateAdditionalSwapChain; "Presenting Multiple
 *   Views in Windowed Mode"; IDirect3DDevice9::Reset):
 *   - pPresentationParameters and ppSwapChain must not be NULL (D3DERR_INVALIDCALL); a lost
 *     device (a Reset failed) answers D3DERR_DEVICELOST;
 *   - the present parameters are checked as CreateDevice checks them and their defaults written
 *     back (BackBufferCount 0 becomes 1; a windowed chain's 0 width / height take 640 / 480, the
 *     size softd3d gives a window it does not have; D3DFMT_UNKNOWN the display format) — on
 *     failure the caller's structure is unchanged;
 *   - "only one swap chain at a time can be full-screen on each adapter": a full-screen chain is
 *     D3DERR_INVALIDCALL when the device (its implicit chain) or another additional chain is full
 *     screen;
 *   - EnableAutoDepthStencil makes no surface: D3DPRESENT_PARAMETERS describes the automatic
 *     depth-stencil buffer as the device's, made with the device; the format is still checked;
 *   - the chain is a D3DPOOL_DEFAULT-like object: while the application holds it (or one of its
 *     back buffers, which share its count), Reset fails with D3DERR_INVALIDCALL — the Reset page
 *     asks that "additional swap chains" be released first.  A chain the application released
 *     but whose back buffer is still a render target lives on until the binding goes (Reset,
 *     SetRenderTarget, the device's end);
 *   - it is not counted by GetNumberOfSwapChains nor reachable through GetSwapChain (above);
 *   - its methods are the implicit chain's: Present (the same swap effects and rules),
 *     GetFrontBufferData, GetBackBuffer, GetDisplayMode, GetRasterStatus, GetDevice,
 *     GetPresentParameters; its back buffers are render targets of the device (SetRenderTarget,
 *     Clear, ColorFill, StretchRect, GetRenderTargetData) and their GetContainer is the chain.
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
 *     (explicit render targets and depth-stencil surfaces included), an additional swap chain,
 *     the swap chain, a back buffer or the automatic depth-stencil surface;
 *   - on success: a new swap chain (and automatic depth-stencil surface), every state back to its
 *     default (bound objects released, state block recording abandoned), render target 0 and the
 *     depth-stencil surface the new ones, no scene open;
 *   - a failed Reset leaves the device lost: TestCooperativeLevel answers D3DERR_DEVICENOTRESET
 *     (a headless device can be reset at once, so it never stays in D3DERR_DEVICELOST) and
 *     Present D3DERR_DEVICELOST, until a Reset succeeds.
 *   - on a Direct3D 9Ex device (device_ex.c) Reset and ResetEx keep resources and state (see
 *     reset_keep_state), TestCooperativeLevel is always S_OK and a failed Reset shows in
 *     CheckDeviceState; its swap chains take FLIPEX (rotating as FLIP) and the 9Ex Present flags.
 */
#include "d3d9/d3d9_resource.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "d3d9/d3d9_state.h"
#include "sample/present_dump.h"
#include "sample/present_sdl.h"
#include "sample/texel.h"
#include "softd3d_com_stubs.h"
#include "util/log.h"

#define DEV(iface) d3d9_device_from_iface(iface)

/* ------------------------------------------------------------------ the object */

static const GUID *const sc_iids[] = { &IID_IDirect3DSwapChain9, NULL };
D3D9_LIFE_IUNKNOWN(sc, IDirect3DSwapChain9, struct d3d9_swapchain, iface, life, sc_iids)

static void sc_destroy(struct d3d9_life *life)
{
    struct d3d9_swapchain *sc = container_of(life, struct d3d9_swapchain, life);
    if (sc->additional) {
        /* Its surfaces are sub-objects: they die with it (the implicit chain's are owner-held
         * separately and already gone). */
        for (UINT i = 0; i < D3DPRESENT_BACK_BUFFERS_MAX_EX; i++) {
            if (sc->back[i]) {
                d3d9_surface_cleanup(sc->back[i]);
                free(sc->back[i]);
            }
        }
        if (sc->front) {
            d3d9_surface_cleanup(sc->front);
            free(sc->front);
        }
        if (!sc->pp.Windowed)
            atomic_fetch_sub(&sc->life.device->fullscreen_additional, 1);
    }
    free(sc);
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
    struct d3d9_surface *f = sc->front;
    char name[256];
    /* the window (issue 12: an SDL_Window * as the HWND, SOFTD3D_WSI=sdl2): the swap chain's
     * hDeviceWindow, else the device's focus window (D3DPRESENT_PARAMETERS: "if NULL, the
     * focus window is taken"); the whole front buffer, stretched to the window */
    if (present_sdl_enabled()) {
        HWND window = sc->pp.hDeviceWindow ? sc->pp.hDeviceWindow
                                           : sc->life.device->create.hFocusWindow;
        present_sdl_write(window, f->cfmt, d3d9_surface_data(f), d3d9_surface_pitch(f),
                          f->width, f->height);
    }
    if (!present_dump_enabled())
        return;
    if (sc->additional)
        snprintf(name, sizeof(name), "softd3d-d3d9-dev%u-swapchain%u-frame%06" PRIu64 ".png",
                 sc->life.device->serial, sc->number, sc->frames);
    else
        snprintf(name, sizeof(name), "softd3d-d3d9-dev%u-frame%06" PRIu64 ".png",
                 sc->life.device->serial, sc->frames);
    present_dump_write(name, f->cfmt, d3d9_surface_data(f), d3d9_surface_pitch(f), f->width,
                       f->height);
}

HRESULT d3d9_swapchain_present(struct d3d9_swapchain *sc, const RECT *src, const RECT *dst,
                               const RGNDATA *dirty, DWORD flags)
{
    struct d3d9_device *dev = sc->life.device;
    struct d3d9_surface *back = sc->back[0];
    RECT sr, dr;

    /* 9Ex adds flags that change only timing on a real display (DONOTFLIP, FLIPRESTART,
     * VIDEO_RESTRICT_TO_MONITOR, FORCEIMMEDIATE: nothing to do headless); the overlay ones need
     * D3DSWAPEFFECT_OVERLAY, which no profile offers (D3DPRESENT reference page). */
    const DWORD ex_flags = D3DPRESENT_DONOTFLIP | D3DPRESENT_FLIPRESTART |
                           D3DPRESENT_VIDEO_RESTRICT_TO_MONITOR | D3DPRESENT_FORCEIMMEDIATE;
    DWORD known = D3DPRESENT_DONOTWAIT | D3DPRESENT_LINEAR_CONTENT;
    if (dev->ex)
        known |= ex_flags;
    if (flags & ~known) {
        util_msg(false, "Present: dwFlags 0x%x%s", (unsigned)flags,
                 dev->ex ? " (the overlay flags need D3DSWAPEFFECT_OVERLAY)" : "");
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
    if (sc->pp.SwapEffect == D3DSWAPEFFECT_FLIP || sc->pp.SwapEffect == D3DSWAPEFFECT_FLIPEX) {
        core_resource *front = sc->front->storage;
        UINT n = sc->pp.BackBufferCount;
        sc->front->storage = sc->back[0]->storage;
        for (UINT i = 0; i + 1 < n; i++)
            sc->back[i]->storage = sc->back[i + 1]->storage;
        sc->back[n - 1]->storage = front;
    } else if (back->ms_type != D3DMULTISAMPLE_NONE) {
        /* DISCARD only (d3d9_validate_present_params), whole buffers: the resolve */
        d3d9_surface_resolve(back, sc->front);
    } else {
        copy_stretch_point(back, &sr, sc->front, &dr);
    }
    dump_front(sc);
    sc->frames++;
    sc->present_ns = d3d9_display_now_ns();
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
    (void)type;   /* ignored, as Windows does (header comment) */
    if (index >= sc->pp.BackBufferCount) {
        util_msg(false, "GetBackBuffer: back buffer %u (index < %u)", index,
                 sc->pp.BackBufferCount);
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

uint64_t d3d9_display_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t d3d9_display_frame_ns(const D3DDISPLAYMODE *mode)
{
    return 1000000000u / (mode->RefreshRate ? mode->RefreshRate : 60u);
}

HRESULT d3d9_swapchain_display_mode(struct d3d9_swapchain *sc, D3DDISPLAYMODE *mode)
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
    return d3d9_swapchain_display_mode(sc_impl(iface), mode);
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

/* The virtual display's raster now (see the header comment). */
static HRESULT sc_raster_status(struct d3d9_swapchain *sc, const char *method,
                                D3DRASTER_STATUS *rs)
{
    struct d3d9_device *dev = sc->life.device;
    D3DDISPLAYMODE mode;
    uint64_t frame_ns, total, now, line;
    if (!rs) {
        util_msg(false, "%s: pRasterStatus is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    if (!(d3d9_device_caps(dev)->Caps & D3DCAPS_READ_SCANLINE)) {
        util_msg(false, "%s: profile %s cannot read the scan line (no D3DCAPS_READ_SCANLINE in "
                        "D3DCAPS9::Caps)", method, dev->profile->name);
        return D3DERR_INVALIDCALL;
    }
    d3d9_swapchain_display_mode(sc, &mode);
    frame_ns = d3d9_display_frame_ns(&mode);
    total = (uint64_t)mode.Height + (mode.Height / 32 ? mode.Height / 32 : 1);
    now = d3d9_display_now_ns();
    line = now % frame_ns * total / frame_ns;   /* < 1.7e7 * 16900: no overflow */
    rs->InVBlank = line >= mode.Height;
    rs->ScanLine = rs->InVBlank ? 0 : (UINT)line;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetRasterStatus(IDirect3DSwapChain9 *iface,
                                                    D3DRASTER_STATUS *rs)
{
    return sc_raster_status(sc_impl(iface), "IDirect3DSwapChain9::GetRasterStatus", rs);
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
    .GetRasterStatus = sc_GetRasterStatus,
};

/* One buffer of the swap chain: device-owned for the implicit chain, a sub-object sharing the
 * chain's counts for an additional one. */
static HRESULT sc_buffer_create(struct d3d9_swapchain *sc, const char *method, bool lockable,
                                bool front, struct d3d9_surface **out)
{
    const D3DPRESENT_PARAMETERS *pp = &sc->pp;
    /* the front buffer is what the display shows: the resolved image, one sample */
    HRESULT hr = d3d9_surface_create(sc->life.device, method, D3D9_SURFACE_BACKBUFFER,
                                     pp->BackBufferWidth, pp->BackBufferHeight,
                                     pp->BackBufferFormat, D3DPOOL_DEFAULT, D3DUSAGE_RENDERTARGET,
                                     front ? D3DMULTISAMPLE_NONE : pp->MultiSampleType,
                                     front ? 0 : pp->MultiSampleQuality, lockable, false,
                                     true, out);
    if (FAILED(hr))
        return hr;
    (*out)->swapchain = sc;
    if (sc->additional)
        d3d9_life_init_child(&(*out)->r.life, &sc->life);
    return D3D_OK;
}

HRESULT d3d9_swapchain_create(struct d3d9_device *dev, const char *method,
                              const D3DPRESENT_PARAMETERS *pp, bool additional,
                              struct d3d9_swapchain **out)
{
    struct d3d9_swapchain *sc = calloc(1, sizeof(*sc));
    bool lockable = pp->Flags & D3DPRESENTFLAG_LOCKABLE_BACKBUFFER;
    HRESULT hr;
    *out = NULL;
    if (!sc) {
        util_msg(false, "%s: out of memory", method);
        return E_OUTOFMEMORY;
    }
    sc->iface.lpVtbl = dev->ex ? d3d9_swapchain_ex_vtbl() : &sc_vtbl;
    sc->pp = *pp;
    sc->additional = additional;
    /* An additional chain: the application's, counted as a D3DPOOL_DEFAULT object. */
    d3d9_life_init(&sc->life, dev, sc_destroy, additional, !additional);
    if (additional) {
        sc->number = ++dev->additional_chains;
        if (!pp->Windowed)
            atomic_fetch_add(&dev->fullscreen_additional, 1);
    }
    for (UINT i = 0; i < pp->BackBufferCount; i++)
        if (FAILED(hr = sc_buffer_create(sc, method, lockable, false, &sc->back[i])))
            goto fail;
    if (FAILED(hr = sc_buffer_create(sc, method, false, true, &sc->front)))
        goto fail;
    *out = sc;
    return D3D_OK;
fail:
    if (additional)
        d3d9_life_release(&sc->life);   /* destroys it, and what it made */
    else
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
    hr = dev->swapchain ? d3d9_swapchain_display_mode(dev->swapchain, mode) : D3DERR_INVALIDCALL;
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

static HRESULT STDMETHODCALLTYPE device_GetRasterStatus(IDirect3DDevice9 *iface, UINT sc_index,
                                                        D3DRASTER_STATUS *rs)
{
    static const char method[] = "IDirect3DDevice9::GetRasterStatus";
    struct d3d9_device *dev = DEV(iface);
    HRESULT hr;
    if (!rs) {
        util_msg(false, "%s: pRasterStatus is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = check_swapchain_index(method, sc_index)))
        return hr;
    d3d9_device_lock(dev);
    if (dev->swapchain) {
        hr = sc_raster_status(dev->swapchain, method, rs);
    } else {
        util_msg(false, "%s: the device is lost (a Reset failed): Reset it", method);
        hr = D3DERR_INVALIDCALL;
    }
    d3d9_device_unlock(dev);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_CreateAdditionalSwapChain(IDirect3DDevice9 *iface,
                                                                  D3DPRESENT_PARAMETERS *params,
                                                                  IDirect3DSwapChain9 **out)
{
    static const char method[] = "CreateAdditionalSwapChain";
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_swapchain *sc;
    D3DPRESENT_PARAMETERS pp;
    HRESULT hr;
    if (!out) {
        util_msg(false, "%s: pSwapChain is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    if (!params) {
        util_msg(false, "%s: pPresentationParameters is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    pp = *params;
    d3d9_device_lock(dev);
    if (dev->needs_reset) {
        util_msg(false, "%s: the device is lost (a Reset failed): Reset it", method);
        hr = D3DERR_DEVICELOST;
        goto done;
    }
    if (FAILED(hr = d3d9_validate_present_params(method, dev->profile,
                                                 dev->create.BehaviorFlags, dev->ex, &pp)))
        goto done;
    /* "Only one swap chain at a time can be full-screen on each adapter." */
    if (!pp.Windowed && (!dev->pp.Windowed || atomic_load(&dev->fullscreen_additional))) {
        util_msg(false, "%s: a full-screen swap chain exists already (%s); only one can be full "
                        "screen", method, dev->pp.Windowed ? "an additional one" : "the device's");
        hr = D3DERR_INVALIDCALL;
        goto done;
    }
    if (FAILED(hr = d3d9_swapchain_create(dev, method, &pp, true, &sc)))
        goto done;
    *params = pp;   /* the filled-in defaults, as CreateDevice writes them back */
    *out = &sc->iface;
done:
    d3d9_device_unlock(dev);
    return hr;
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
    d3d9_device_lock_state(dev);   /* (a scene boundary finishes no draw: Present, Lock... do) */
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
    d3d9_device_lock_state(dev);   /* (a scene boundary finishes no draw: Present, Lock... do) */
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

HRESULT d3d9_device_init_presentation(struct d3d9_device *dev, bool reset_state)
{
    const D3DPRESENT_PARAMETERS *pp = &dev->pp;
    HRESULT hr;
    if (FAILED(hr = d3d9_swapchain_create(dev, "CreateDevice", pp, false, &dev->swapchain)))
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
    if (reset_state)
        d3d9_state_init_defaults(dev, dev->state);
    d3d9_bind_surface(&dev->rt[0], dev->swapchain->back[0]);
    d3d9_bind_surface(&dev->ds, dev->auto_ds);
    d3d9_state_reset_viewport(dev);
    return D3D_OK;
}

/* 9Ex: "unlike previous versions of DirectX, calling ResetEx does not cause surface, texture or
 * state information to be lost" (ResetEx reference page), and Reset on an Ex device is the same
 * call.  Only the implicit swap chain and the automatic depth-stencil surface are made anew:
 * render target 0 becomes the new back buffer 0 (viewport and scissor rect reset with it, as
 * SetRenderTarget(0) does), the depth-stencil binding the new automatic surface if it was the
 * old one; render targets 1-3 and an application's depth-stencil surface stay bound, every other
 * state is kept, and D3DPOOL_DEFAULT objects may stay alive. */
static HRESULT reset_keep_state(struct d3d9_device *dev)
{
    struct d3d9_surface *keep_rt[D3D9_MAX_RTS] = { NULL }, *keep_ds = NULL;
    HRESULT hr;
    for (int i = 1; i < D3D9_MAX_RTS; i++)
        d3d9_bind_surface(&keep_rt[i], dev->rt[i]);
    if (dev->ds != dev->auto_ds)
        d3d9_bind_surface(&keep_ds, dev->ds);
    d3d9_device_release_presentation(dev);
    hr = d3d9_device_init_presentation(dev, false);
    for (int i = 1; i < D3D9_MAX_RTS; i++) {
        if (SUCCEEDED(hr))
            d3d9_bind_surface(&dev->rt[i], keep_rt[i]);
        d3d9_bind_surface(&keep_rt[i], NULL);
    }
    if (keep_ds) {
        if (SUCCEEDED(hr))
            d3d9_bind_surface(&dev->ds, keep_ds);
        d3d9_bind_surface(&keep_ds, NULL);
    }
    return hr;
}

HRESULT d3d9_device_reset(struct d3d9_device *dev, const char *method,
                          D3DPRESENT_PARAMETERS *params, const D3DDISPLAYMODEEX *mode)
{
    D3DPRESENT_PARAMETERS pp;
    HRESULT hr;
    if (!params) {
        util_msg(false, "%s: pPresentationParameters is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    pp = *params;
    d3d9_device_lock(dev);
    if (FAILED(hr = d3d9_validate_present_params(method, dev->profile, dev->create.BehaviorFlags,
                                                 dev->ex, &pp)))
        goto lost;
    if (dev->ex && FAILED(hr = d3d9ex_check_fullscreen_mode(method, &pp, mode)))
        goto lost;
    if (dev->ex && dev->swapchain && d3d9_swapchain_referenced(dev->swapchain)) {
        util_msg(false, "%s: release the swap chain and its back buffers first", method);
        hr = D3DERR_INVALIDCALL;
        goto lost;
    }
    if (!dev->ex && (atomic_load(&dev->default_alive) ||
                     (dev->swapchain && d3d9_swapchain_referenced(dev->swapchain)))) {
        util_msg(false, "%s: release every D3DPOOL_DEFAULT resource and additional swap "
                        "chain, the swap chain and its back buffers first (%u D3DPOOL_DEFAULT "
                        "objects and additional swap chains held)", method,
                 atomic_load(&dev->default_alive));
        hr = D3DERR_INVALIDCALL;
        goto lost;
    }
    if (dev->swapchain)
        dev->frames_before_reset = dev->swapchain->frames;
    dev->in_scene = false;
    if (dev->ex) {
        dev->pp = pp;
        hr = reset_keep_state(dev);
    } else {
        d3d9_stateblock_discard_recording(dev);
        d3d9_state_clear(dev->state);
        d3d9_device_release_presentation(dev);
        dev->pp = pp;
        hr = d3d9_device_init_presentation(dev, true);
    }
    if (FAILED(hr))
        goto lost;
    /* The new chain goes on counting frames (the PNG dump's names: no file overwritten). */
    if (dev->swapchain)
        dev->swapchain->frames = dev->frames_before_reset;
    dev->needs_reset = false;
    d3d9_device_unlock(dev);
    *params = pp;
    return D3D_OK;
lost:
    /* A failed Reset/ResetEx leaves the device lost (ResetEx: "the device will be placed in the
     * lost state", CheckDeviceState then D3DERR_DEVICELOST) until one succeeds. */
    dev->needs_reset = true;
    d3d9_device_unlock(dev);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_Reset(IDirect3DDevice9 *iface, D3DPRESENT_PARAMETERS *params)
{
    return d3d9_device_reset(DEV(iface), "Reset", params, NULL);
}

/* 9Ex devices are not lost the D3D9 way: TestCooperativeLevel is S_OK ("Lost Device Behavior
 * Changes"; CheckDeviceState reports a failed ResetEx instead). */
static HRESULT STDMETHODCALLTYPE device_TestCooperativeLevel(IDirect3DDevice9 *iface)
{
    struct d3d9_device *dev = DEV(iface);
    HRESULT hr;
    d3d9_device_lock(dev);
    hr = dev->needs_reset && !dev->ex ? D3DERR_DEVICENOTRESET : D3D_OK;
    d3d9_device_unlock(dev);
    return hr;
}

void d3d9_swapchain_copy_vtbl(IDirect3DSwapChain9Vtbl *out)
{
    *out = sc_vtbl;   /* filled by d3d9_swapchain_fill_vtbl, under the device's vtable once */
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
    v->GetRasterStatus = device_GetRasterStatus;
    v->CreateAdditionalSwapChain = device_CreateAdditionalSwapChain;
    comgen_fill_IDirect3DSwapChain9(&sc_vtbl);
}
