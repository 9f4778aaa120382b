/* src/d3d9/d3d9ex.c — Direct3DCreate9Ex and IDirect3D9Ex (Direct3D 9Ex, the Windows Vista
 * runtime's extension of Direct3D 9).
 *
 * The object is the IDirect3D9 of d3d9.c (struct d3d9, `ex` set) with the IDirect3D9Ex vtable:
 * its first 17 methods are IDirect3D9's own, slot for slot, so everything IDirect3D9 does is
 * the same; QueryInterface also answers IID_IDirect3D9Ex.  An object of Direct3DCreate9 does not
 * answer IID_IDirect3D9Ex (it is not a 9Ex runtime object), and neither do its devices.
 *
 * Direct3DCreate9Ex(SDKVersion, ppD3D): ppD3D NULL is D3DERR_INVALIDCALL; the SDK version and
 * SOFTD3D_PROFILE as Direct3DCreate9 (a bad one: D3DERR_NOTAVAILABLE, the documented answer when
 * "the Direct3D 9Ex runtime is not available" for the version asked; *ppD3D NULL); otherwise
 * S_OK.  Either CreateDevice or CreateDeviceEx of this object makes an Ex device (device_ex.c).
 *
 * The adapter's modes (d3d9.c's virtual display, all progressive):
 *  - GetAdapterModeCountEx(Adapter, pFilter): pFilter must not be NULL and its Size must be
 *    sizeof(D3DDISPLAYMODEFILTER); ScanLineOrdering UNKNOWN or PROGRESSIVE count
 *    GetAdapterModeCount(Format) modes, INTERLACED none.  Any failure returns 0.
 *  - EnumAdapterModesEx(Adapter, pFilter, Mode, pMode): the filter as above and pMode->Size ==
 *    sizeof(D3DDISPLAYMODEEX), else D3DERR_INVALIDCALL; then EnumAdapterModes' rules; an
 *    INTERLACED filter has no modes (D3DERR_INVALIDCALL for every index).  ScanLineOrdering of
 *    every mode: D3DSCANLINEORDERING_PROGRESSIVE.
 *  - GetAdapterDisplayModeEx(Adapter, pMode, pRotation): the current mode (pMode->Size as above)
 *    and D3DDISPLAYROTATION_IDENTITY; either pointer may be NULL (the reference page marks both
 *    optional), not both.
 *  - GetAdapterLUID: {LowPart 0x53D3D, HighPart 0}, the LUID the DXGI adapter reports
 *    (src/d3d11/dxgi.c), so an application can match the D3D9Ex adapter with the DXGI one.
 *
 * CreateDeviceEx: CreateDevice's rules (d3d9.c header comment) with the 9Ex additions of
 * d3d9_validate_present_params (SwapEffect FLIPEX, windowed only; OVERLAY refused: no profile
 * has D3DCAPS_OVERLAY; up to D3DPRESENT_BACK_BUFFERS_MAX_EX (30) back buffers), and
 * pFullscreenDisplayMode: "for windowed mode, this parameter must be NULL" (reference page), a
 * full-screen device must give one (its Size sizeof(D3DDISPLAYMODEEX)) whose Width, Height and
 * Format are the back buffer's (Format X8R8G8B8 for an A8R8G8B8 back buffer), RefreshRate 0 or
 * 60 (the display's rate, which FullScreen_RefreshRateInHz must also be or leave 0), ScanLineOrdering UNKNOWN or PROGRESSIVE.  All D3DERR_INVALIDCALL.
 */
#include "d3d9/d3d9_private.h"

#include <pthread.h>
#include <string.h>

#include "softd3d_com_stubs.h"
#include "util/export.h"
#include "util/log.h"

#define SOFTD3D_ADAPTER_LUID_LOW 0x53D3Du   /* as the DXGI adapter's AdapterLuid */
#define D3D9EX_DISPLAY_REFRESH_RATE 60u     /* the virtual display's one rate (d3d9.c) */

static IDirect3D9Vtbl base;           /* d3d9.c's vtable, filled */
static IDirect3D9ExVtbl ex_vtbl;

static inline IDirect3D9 *as_base(IDirect3D9Ex *iface)
{
    return (IDirect3D9 *)iface;   /* the same object: IDirect3D9Ex derives from IDirect3D9 */
}

static inline struct d3d9 *impl(IDirect3D9Ex *iface)
{
    return d3d9_from_iface(as_base(iface));
}

static HRESULT STDMETHODCALLTYPE ex_QueryInterface(IDirect3D9Ex *iface, REFIID riid, void **out)
{
    if (out && riid && IsEqualGUID(riid, &IID_IDirect3D9Ex)) {
        atomic_fetch_add(&impl(iface)->refcount, 1);
        *out = iface;
        return S_OK;
    }
    return base.QueryInterface(as_base(iface), riid, out);
}

/* The filter's checks; false (message issued) when it is unusable. */
static bool filter_ok(const char *method, const D3DDISPLAYMODEFILTER *filter)
{
    if (!filter) {
        util_msg(false, "%s: pFilter is NULL", method);
        return false;
    }
    if (filter->Size != sizeof(*filter)) {
        util_msg(false, "%s: pFilter->Size is %u, not sizeof(D3DDISPLAYMODEFILTER) (%u)", method,
                 filter->Size, (unsigned)sizeof(*filter));
        return false;
    }
    if ((unsigned)filter->ScanLineOrdering > D3DSCANLINEORDERING_INTERLACED) {
        util_msg(false, "%s: %u is not a D3DSCANLINEORDERING", method,
                 (unsigned)filter->ScanLineOrdering);
        return false;
    }
    return true;
}

static UINT STDMETHODCALLTYPE ex_GetAdapterModeCountEx(IDirect3D9Ex *iface, UINT adapter,
                                                       const D3DDISPLAYMODEFILTER *filter)
{
    if (!filter_ok("GetAdapterModeCountEx", filter) ||
        filter->ScanLineOrdering == D3DSCANLINEORDERING_INTERLACED)
        return 0;   /* every mode of the virtual display is progressive */
    return base.GetAdapterModeCount(as_base(iface), adapter, filter->Format);
}

static bool mode_ex_ok(const char *method, const D3DDISPLAYMODEEX *mode)
{
    if (mode->Size != sizeof(*mode)) {
        util_msg(false, "%s: pMode->Size is %u, not sizeof(D3DDISPLAYMODEEX) (%u)", method,
                 mode->Size, (unsigned)sizeof(*mode));
        return false;
    }
    return true;
}

static void mode_to_ex(const D3DDISPLAYMODE *m, D3DDISPLAYMODEEX *out)
{
    out->Width = m->Width;
    out->Height = m->Height;
    out->RefreshRate = m->RefreshRate;
    out->Format = m->Format;
    out->ScanLineOrdering = D3DSCANLINEORDERING_PROGRESSIVE;
}

static HRESULT STDMETHODCALLTYPE ex_EnumAdapterModesEx(IDirect3D9Ex *iface, UINT adapter,
                                                       const D3DDISPLAYMODEFILTER *filter,
                                                       UINT index, D3DDISPLAYMODEEX *out)
{
    static const char method[] = "EnumAdapterModesEx";
    D3DDISPLAYMODE m;
    HRESULT hr;
    if (!filter_ok(method, filter))
        return D3DERR_INVALIDCALL;
    if (!out) {
        util_msg(false, "%s: pMode is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    if (!mode_ex_ok(method, out))
        return D3DERR_INVALIDCALL;
    if (filter->ScanLineOrdering == D3DSCANLINEORDERING_INTERLACED) {
        util_msg(false, "%s: the virtual display has no interlaced modes", method);
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = base.EnumAdapterModes(as_base(iface), adapter, filter->Format, index, &m)))
        return hr;   /* message issued */
    mode_to_ex(&m, out);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE ex_GetAdapterDisplayModeEx(IDirect3D9Ex *iface, UINT adapter,
                                                            D3DDISPLAYMODEEX *out,
                                                            D3DDISPLAYROTATION *rotation)
{
    static const char method[] = "GetAdapterDisplayModeEx";
    D3DDISPLAYMODE m;
    HRESULT hr;
    if (!out && !rotation) {
        util_msg(false, "%s: pMode and pRotation are both NULL", method);
        return D3DERR_INVALIDCALL;
    }
    if (out && !mode_ex_ok(method, out))
        return D3DERR_INVALIDCALL;
    if (FAILED(hr = base.GetAdapterDisplayMode(as_base(iface), adapter, &m)))
        return hr;
    if (out)
        mode_to_ex(&m, out);
    if (rotation)
        *rotation = D3DDISPLAYROTATION_IDENTITY;
    return D3D_OK;
}

HRESULT d3d9ex_check_fullscreen_mode(const char *method, const D3DPRESENT_PARAMETERS *pp,
                                     const D3DDISPLAYMODEEX *mode)
{
    D3DFORMAT display = pp->BackBufferFormat == D3DFMT_A8R8G8B8 ? D3DFMT_X8R8G8B8
                                                                : pp->BackBufferFormat;
    if (pp->Windowed) {
        if (mode) {
            util_msg(false, "%s: pFullscreenDisplayMode must be NULL for a windowed device",
                     method);
            return D3DERR_INVALIDCALL;
        }
        return D3D_OK;
    }
    if (!mode) {
        util_msg(false, "%s: a full-screen device needs pFullscreenDisplayMode", method);
        return D3DERR_INVALIDCALL;
    }
    if (!mode_ex_ok(method, mode))
        return D3DERR_INVALIDCALL;
    if (mode->Width != pp->BackBufferWidth || mode->Height != pp->BackBufferHeight ||
        mode->Format != display ||
        (mode->RefreshRate && mode->RefreshRate != D3D9EX_DISPLAY_REFRESH_RATE) ||
        (mode->ScanLineOrdering != D3DSCANLINEORDERING_UNKNOWN &&
         mode->ScanLineOrdering != D3DSCANLINEORDERING_PROGRESSIVE)) {
        util_msg(false, "%s: pFullscreenDisplayMode (%ux%u, format %d, %u Hz, scan-line "
                        "ordering %d) is not the back buffer's mode (%ux%u, %u Hz)", method,
                 mode->Width, mode->Height, (int)mode->Format, mode->RefreshRate,
                 (int)mode->ScanLineOrdering, pp->BackBufferWidth, pp->BackBufferHeight,
                 pp->FullScreen_RefreshRateInHz);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE ex_CreateDeviceEx(IDirect3D9Ex *iface, UINT adapter,
                                                   D3DDEVTYPE type, HWND focus, DWORD flags,
                                                   D3DPRESENT_PARAMETERS *params,
                                                   D3DDISPLAYMODEEX *mode,
                                                   IDirect3DDevice9Ex **out)
{
    struct d3d9_device *dev;
    HRESULT hr;
    if (!out) {
        util_msg(false, "CreateDeviceEx: ppReturnedDeviceInterface is NULL");
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    hr = d3d9_create_device(impl(iface), "CreateDeviceEx", adapter, type, focus, flags, params,
                            mode, &dev);
    if (SUCCEEDED(hr))
        *out = (IDirect3DDevice9Ex *)&dev->iface;
    return hr;
}

static HRESULT STDMETHODCALLTYPE ex_GetAdapterLUID(IDirect3D9Ex *iface, UINT adapter, LUID *luid)
{
    (void)iface;
    if (adapter != D3DADAPTER_DEFAULT) {
        util_msg(false, "GetAdapterLUID: adapter %u does not exist (softd3d has one adapter, 0)",
                 adapter);
        return D3DERR_INVALIDCALL;
    }
    if (!luid) {
        util_msg(false, "GetAdapterLUID: pLUID is NULL");
        return D3DERR_INVALIDCALL;
    }
    luid->LowPart = SOFTD3D_ADAPTER_LUID_LOW;
    luid->HighPart = 0;
    return D3D_OK;
}

_Static_assert(offsetof(IDirect3D9ExVtbl, GetAdapterModeCountEx) == sizeof(IDirect3D9Vtbl),
               "IDirect3D9Ex's own methods follow IDirect3D9's");

static pthread_once_t vtbl_once = PTHREAD_ONCE_INIT;

static void vtbl_fill(void)
{
    d3d9_copy_vtbl(&base);
    memcpy(&ex_vtbl, &base, sizeof(base));   /* the IDirect3D9 slots, the same functions */
    ex_vtbl.QueryInterface = ex_QueryInterface;
    ex_vtbl.GetAdapterModeCountEx = ex_GetAdapterModeCountEx;
    ex_vtbl.EnumAdapterModesEx = ex_EnumAdapterModesEx;
    ex_vtbl.GetAdapterDisplayModeEx = ex_GetAdapterDisplayModeEx;
    ex_vtbl.CreateDeviceEx = ex_CreateDeviceEx;
    ex_vtbl.GetAdapterLUID = ex_GetAdapterLUID;
    comgen_fill_IDirect3D9Ex(&ex_vtbl);
}

IDirect3D9Vtbl *d3d9ex_vtbl(void)
{
    pthread_once(&vtbl_once, vtbl_fill);
    return (IDirect3D9Vtbl *)(void *)&ex_vtbl;
}

SOFTD3D_EXPORT HRESULT WINAPI Direct3DCreate9Ex(UINT SDKVersion, IDirect3D9Ex **ppD3D)
{
    struct d3d9 *d3d;
    if (!ppD3D) {
        util_msg(false, "Direct3DCreate9Ex: ppD3D is NULL");
        return D3DERR_INVALIDCALL;
    }
    *ppD3D = NULL;
    if (!(d3d = d3d9_object_create("Direct3DCreate9Ex", SDKVersion, true)))
        return D3DERR_NOTAVAILABLE;   /* message issued */
    *ppD3D = (IDirect3D9Ex *)&d3d->iface;
    return S_OK;
}
