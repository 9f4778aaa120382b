/* src/d3d9/display.c — the display-side methods of IDirect3DDevice9: the cursor
 * (SetCursorProperties, SetCursorPosition, ShowCursor), the gamma ramp (SetGammaRamp,
 * GetGammaRamp) and SetDialogBoxMode.
 *
 * softd3d is headless: there is no screen, so the cursor is never drawn and the gamma ramp is
 * never applied (it is a table of the display, between the front buffer and the monitor, not a
 * change of any buffer's contents: back buffers, GetFrontBufferData and the present dumps keep
 * the rendered values).  The state is kept and returned as documented.
 *
 * Rules (the methods' reference pages):
 *  - SetCursorProperties: pCursorBitmap "must point to an 8888 ARGB surface (format
 *    D3DFMT_A8R8G8B8)"; "the dimensions of this surface must be less than the dimensions of the
 *    display mode, and must be a power of two in each direction, although not necessarily the
 *    same power of two" (the display mode: the adapter's current mode when windowed, the swap
 *    chain's back-buffer size in full screen, as GetDisplayMode says); D3DERR_INVALIDCALL
 *    otherwise, with nothing changed.  "The contents of this surface will be copied": softd3d
 *    keeps only the size and hot spot (nothing displays the image); "the alpha channel must be
 *    either 0.0 or 1.0" is the caller's duty and not checked.  "The cursor does not survive
 *    when the device is lost": a lost device does not exist here, and Reset keeps it.
 *  - SetCursorPosition: the position is stored; D3DCURSOR_IMMEDIATE_UPDATE (the only flag)
 *    changes nothing headless.
 *  - ShowCursor: returns the previous visibility (TRUE if the cursor was visible); the cursor
 *    starts hidden.
 *  - SetGammaRamp / GetGammaRamp: the ramp of the implicit swap chain ("Sets the gamma
 *    correction ramp for the implicit swap chain"): iSwapChain 0 only; another value, a NULL
 *    pRamp or Flags other than D3DSGR_NO_CALIBRATION / D3DSGR_CALIBRATE change nothing and print
 *    one line (the methods return nothing: "no error return is given").  No calibrator is
 *    installed (no D3DCAPS2_CANCALIBRATEGAMMA), so D3DSGR_CALIBRATE passes the ramp "directly
 *    to the device", as NO_CALIBRATION does: GetGammaRamp returns what was set.  Before any
 *    SetGammaRamp the ramp is the identity: entry i of each channel is i * 257 (0 .. 65535, the
 *    byte i repeated), the display's pass-through table.
 *  - SetDialogBoxMode: D3DERR_INVALIDCALL "unless all of the following are true": the back
 *    buffer format is D3DFMT_X1R5G5B5, D3DFMT_R5G6B5 or D3DFMT_X8R8G8B8; no multisampling;
 *    D3DSWAPEFFECT_DISCARD; D3DPRESENTFLAG_LOCKABLE_BACKBUFFER; no
 *    D3DCREATE_ADAPTERGROUP_DEVICE; not between BeginScene and EndScene.  Otherwise D3D_OK and
 *    the setting is stored ("no effect for windowed mode applications"; headless there are no
 *    GDI dialogs to show in full screen either).  "SetDialogBoxMode causes all back buffers on
 *    the swap chain to be discarded": their contents become undefined, and softd3d leaves them
 *    as they are, which is one of the undefined outcomes.
 */
#include <stdio.h>
#include <string.h>

#include "d3d9/d3d9_private.h"
#include "d3d9/d3d9_resource.h"
#include "util/log.h"

static bool pow2(UINT v)
{
    return v && !(v & (v - 1));
}

static HRESULT STDMETHODCALLTYPE device_SetCursorProperties(IDirect3DDevice9 *iface, UINT hot_x,
                                                            UINT hot_y,
                                                            IDirect3DSurface9 *bitmap)
{
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    struct d3d9_surface *s = d3d9_surface_from_iface(bitmap);
    if (!s || s->r.life.device != dev) {
        util_msg(false, "SetCursorProperties: pCursorBitmap is NULL or not a surface of this "
                 "device");
        return D3DERR_INVALIDCALL;
    }
    if (s->format != D3DFMT_A8R8G8B8) {
        util_msg(false, "SetCursorProperties: pCursorBitmap must be a D3DFMT_A8R8G8B8 surface "
                 "(format %u)", (unsigned)s->format);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    UINT mode_w = dev->pp.BackBufferWidth, mode_h = dev->pp.BackBufferHeight;
    if (dev->pp.Windowed) {
        D3DDISPLAYMODE mode;
        d3d9_current_display_mode(&mode);
        mode_w = mode.Width;
        mode_h = mode.Height;
    }
    HRESULT hr = D3D_OK;
    if (!pow2(s->width) || !pow2(s->height)) {
        util_msg(false, "SetCursorProperties: the cursor size %ux%u is not a power of two in "
                 "each direction", s->width, s->height);
        hr = D3DERR_INVALIDCALL;
    } else if (s->width >= mode_w || s->height >= mode_h) {
        util_msg(false, "SetCursorProperties: the cursor size %ux%u is not less than the display "
                 "mode's %ux%u", s->width, s->height, mode_w, mode_h);
        hr = D3DERR_INVALIDCALL;
    } else {
        dev->cursor.hot_x = hot_x;
        dev->cursor.hot_y = hot_y;
        dev->cursor.width = s->width;
        dev->cursor.height = s->height;
    }
    d3d9_device_unlock(dev);
    return hr;
}

static void STDMETHODCALLTYPE device_SetCursorPosition(IDirect3DDevice9 *iface, int x, int y,
                                                       DWORD flags)
{
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    (void)flags;    /* D3DCURSOR_IMMEDIATE_UPDATE: nothing is displayed */
    d3d9_device_lock(dev);
    dev->cursor.x = x;
    dev->cursor.y = y;
    d3d9_device_unlock(dev);
}

static BOOL STDMETHODCALLTYPE device_ShowCursor(IDirect3DDevice9 *iface, BOOL show)
{
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    d3d9_device_lock(dev);
    BOOL was = dev->cursor.visible ? TRUE : FALSE;
    dev->cursor.visible = show != FALSE;
    d3d9_device_unlock(dev);
    return was;
}

static void STDMETHODCALLTYPE device_SetGammaRamp(IDirect3DDevice9 *iface, UINT swapchain,
                                                  DWORD flags, const D3DGAMMARAMP *ramp)
{
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    if (swapchain != 0) {
        util_msg(false, "SetGammaRamp: iSwapChain %u: the ramp is the implicit swap chain's "
                 "(0); nothing changed", swapchain);
        return;
    }
    if (!ramp) {
        util_msg(false, "SetGammaRamp: pRamp is NULL; nothing changed");
        return;
    }
    if (flags != D3DSGR_NO_CALIBRATION && flags != D3DSGR_CALIBRATE) {
        util_msg(false, "SetGammaRamp: Flags 0x%x is not D3DSGR_NO_CALIBRATION or "
                 "D3DSGR_CALIBRATE; nothing changed", (unsigned)flags);
        return;
    }
    d3d9_device_lock(dev);
    dev->gamma = *ramp;
    dev->gamma_set = true;
    d3d9_device_unlock(dev);
}

static void STDMETHODCALLTYPE device_GetGammaRamp(IDirect3DDevice9 *iface, UINT swapchain,
                                                  D3DGAMMARAMP *ramp)
{
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    if (swapchain != 0 || !ramp) {
        util_msg(false, "GetGammaRamp: %s", ramp ? "iSwapChain must be 0 (the implicit swap "
                 "chain's ramp)" : "pRamp is NULL");
        return;
    }
    d3d9_device_lock(dev);
    if (dev->gamma_set) {
        *ramp = dev->gamma;
    } else {
        for (unsigned i = 0; i < 256; i++)
            ramp->red[i] = ramp->green[i] = ramp->blue[i] = (WORD)(i * 257u);
    }
    d3d9_device_unlock(dev);
}

static HRESULT STDMETHODCALLTYPE device_SetDialogBoxMode(IDirect3DDevice9 *iface, BOOL enable)
{
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    const char *why = NULL;
    d3d9_device_lock(dev);
    const D3DPRESENT_PARAMETERS *pp = &dev->pp;
    D3DFORMAT f = pp->BackBufferFormat;
    if (f != D3DFMT_X1R5G5B5 && f != D3DFMT_R5G6B5 && f != D3DFMT_X8R8G8B8)
        why = "the back buffer format is not one GDI shares (X1R5G5B5, R5G6B5, X8R8G8B8)";
    else if (pp->MultiSampleType != D3DMULTISAMPLE_NONE)
        why = "the back buffer is multisampled";
    else if (pp->SwapEffect != D3DSWAPEFFECT_DISCARD)
        why = "the swap effect is not D3DSWAPEFFECT_DISCARD";
    else if (!(pp->Flags & D3DPRESENTFLAG_LOCKABLE_BACKBUFFER))
        why = "the back buffer is not lockable (D3DPRESENTFLAG_LOCKABLE_BACKBUFFER)";
    else if (dev->create.BehaviorFlags & D3DCREATE_ADAPTERGROUP_DEVICE)
        why = "the device was created with D3DCREATE_ADAPTERGROUP_DEVICE";
    else if (dev->in_scene)
        why = "a scene is open (between BeginScene and EndScene)";
    if (!why)
        dev->dialog_boxes = enable != FALSE;
    d3d9_device_unlock(dev);
    if (why) {
        util_msg(false, "SetDialogBoxMode: %s", why);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

void d3d9_display_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    v->SetCursorProperties = device_SetCursorProperties;
    v->SetCursorPosition = device_SetCursorPosition;
    v->ShowCursor = device_ShowCursor;
    v->SetGammaRamp = device_SetGammaRamp;
    v->GetGammaRamp = device_GetGammaRamp;
    v->SetDialogBoxMode = device_SetDialogBoxMode;
}
