/* src/d3d9/d3d9.c — Direct3DCreate9 and IDirect3D9: the adapter, its virtual display, the
 * Check* queries and CreateDevice.
 *
 * Direct3DCreate9(SDKVersion) returns NULL (with a message under SOFTD3D_DEBUG=1) unless
 * SDKVersion is D3D_SDK_VERSION (32) or D3D9b_SDK_VERSION (31, what the DirectX 9.0b SDK's
 * headers pass and the 9.0c runtime still accepts), either possibly with bit 31 set (the form
 * D3D_DEBUG_INFO builds pass).  It reads SOFTD3D_PROFILE once: an unknown profile name returns
 * NULL (the message is always printed); the IDirect3D9 keeps that profile for its lifetime.
 *
 * The adapter.  One adapter, ordinal 0; any other ordinal is D3DERR_INVALIDCALL (or 0 / NULL for
 * the methods that return a count or a handle).  GetAdapterIdentifier reports:
 *   Driver "softd3d", Description "softd3d software adapter", DeviceName "\\.\DISPLAY1" (the
 *   usual primary-display name), DriverVersion 0.1.0.0 (Product 0, Version 1, SubVersion 0,
 *   Build 0: the project version), VendorId 0x53D3D and DeviceId 1 (as the DXGI adapter: a
 *   vendor id above 0xFFFF collides with no PCI vendor), SubSysId 0, Revision 0,
 *   DeviceIdentifier {c9226a4c-87d3-46a5-81b9-6f7c7cb2a8c4} (softd3d's own), WHQLLevel 0 (not
 *   WHQL-certified).  Flags may be 0, D3DENUM_WHQL_LEVEL or D3DENUM_NO_DRIVERVERSION (the latter
 *   changes nothing); other bits are D3DERR_INVALIDCALL.  GetAdapterMonitor returns NULL: there
 *   is no monitor.
 *
 * The virtual display (headless).  Modes, in this order, each at 60 Hz, in D3DFMT_X8R8G8B8 and in
 * D3DFMT_R5G6B5 (5 modes per format): 640x480, 800x600, 1024x768, 1280x720, 1920x1080.  The
 * current mode is 1920x1080 X8R8G8B8 at 60 Hz, and stays so: a full-screen device switches its
 * own swap chain to its mode, not the (virtual) desktop.  GetAdapterModeCount is 0 for any other
 * format; EnumAdapterModes answers D3DERR_NOTAVAILABLE for the display formats without modes
 * (X1R5G5B5, A2R10G10B10) and D3DERR_INVALIDCALL for formats that are no display format.
 *
 * Device types.  softd3d is one device, D3DDEVTYPE_HAL.  D3DDEVTYPE_REF is the reference
 * rasterizer, a separate DLL that only a Windows SDK installs (D3DDEVTYPE reference page); softd3d
 * does not pretend to be it, so every method answers REF with D3DERR_NOTAVAILABLE, as Direct3D 9
 * does on a machine without that DLL (an application asking for REF learns it is absent).
 * D3DDEVTYPE_SW is a pluggable rasterizer registered with RegisterSoftwareDevice; none can be
 * registered, so it is D3DERR_INVALIDCALL.  D3DDEVTYPE_NULLREF is D3DERR_INVALIDCALL in the
 * query methods (documented: they all fail with NULLREF) and D3DERR_NOTAVAILABLE in CreateDevice
 * (it needs the reference DLL too).  Any other value: D3DERR_INVALIDCALL.
 *
 * RegisterSoftwareDevice: the argument is the initialization entry point of a Windows
 * user-mode software rasterizer DLL, which cannot be driven on Linux.  NULL is
 * D3DERR_INVALIDCALL; anything else E_NOTIMPL (with a message), and nothing is registered.
 *
 * GetDeviceCaps(HAL) returns the profile's caps: the hardware vertex-processing capabilities,
 * the only ones that can be queried before a device exists (seed 002).
 *
 * CreateDevice rules (D3DCREATE_* and D3DPRESENT_PARAMETERS reference pages, seed 002):
 *  - ppReturnedDeviceInterface NULL: D3DERR_INVALIDCALL.  On any failure it is set to NULL,
 *    the caller's D3DPRESENT_PARAMETERS are left unchanged and nothing is created.
 *  - BehaviorFlags: exactly one of D3DCREATE_SOFTWARE_VERTEXPROCESSING, _HARDWARE_ and _MIXED_;
 *    D3DCREATE_PUREDEVICE only with _HARDWARE_; unknown bits refused; hardware or mixed needs
 *    D3DDEVCAPS_HWTRANSFORMANDLIGHT and a pure device D3DDEVCAPS_PUREDEVICE in the caps;
 *    D3DCREATE_ADAPTERGROUP_DEVICE only full screen.  All D3DERR_INVALIDCALL.
 *    FPU_PRESERVE, MULTITHREADED, DISABLE_DRIVER_MANAGEMENT(_EX), NOWINDOWCHANGES,
 *    DISABLE_PSGP_THREADING, ENABLE_PRESENTSTATS, DISABLE_PRINTSCREEN and SCREENSAVER are
 *    accepted and kept (GetCreationParameters); softd3d never changes the caller's FPU state.
 *  - pPresentationParameters required.  SwapEffect DISCARD, FLIP or COPY (OVERLAY and FLIPEX
 *    are Direct3D 9Ex's: on an Ex object FLIPEX is taken windowed, OVERLAY refused, see
 *    d3d9ex.c); BackBufferCount <= D3DPRESENT_BACK_BUFFERS_MAX (3; 9Ex: _MAX_EX, 30), 0 meaning 1, and 1
 *    with COPY; MultiSampleType D3DMULTISAMPLE_NONE with quality 0 (a known multisample type is
 *    D3DERR_NOTAVAILABLE: multisampling is not implemented); Flags among LOCKABLE_BACKBUFFER,
 *    DISCARD_DEPTHSTENCIL, DEVICECLIP, VIDEO, NOAUTOROTATE, UNPRUNEDMODE; back buffers at most
 *    16384 pixels a side; with EnableAutoDepthStencil, AutoDepthStencilFormat must be a
 *    depth-stencil format that matches the back buffer (CheckDepthStencilMatch).
 *  - Windowed: no window is needed — softd3d is headless and never touches an HWND, so
 *    hFocusWindow and hDeviceWindow may both be NULL (the reference page asks for one of them;
 *    softd3d does not).  BackBufferWidth/Height 0 would take the window's client size; softd3d
 *    has no window to measure and takes 640 for a zero width and 480 for a zero height.
 *    BackBufferFormat D3DFMT_UNKNOWN takes the display format (X8R8G8B8).  The back buffer
 *    format must pass CheckDeviceType (windowed); FullScreen_RefreshRateInHz must be 0;
 *    PresentationInterval DEFAULT, ONE or IMMEDIATE.
 *  - Full screen: width, height and format must be those of a display mode (X8R8G8B8 or
 *    A8R8G8B8 back buffers on X8R8G8B8 modes, R5G6B5 on R5G6B5 ones) and pass CheckDeviceType;
 *    FullScreen_RefreshRateInHz 0 or 60; PresentationInterval DEFAULT or one the caps list.
 *  - The filled-in values (size, format, count) are written back into the caller's structure on
 *    success, as the runtime does.
 */
#include "d3d9/d3d9_private.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "softd3d_com_stubs.h"
#include "core/com_object.h"
#include "d3d9/d3d9_resource.h"
#include "util/export.h"
#include "util/log.h"

#define SOFTD3D_VENDOR_ID 0x53D3Du
#define SOFTD3D_DEVICE_ID 0x0001u
#define D3D9_DEBUG_SDK_BIT 0x80000000u

/* {c9226a4c-87d3-46a5-81b9-6f7c7cb2a8c4}: the DeviceIdentifier of softd3d's adapter. */
static const GUID softd3d_device_identifier = {
    0xc9226a4c, 0x87d3, 0x46a5, { 0x81, 0xb9, 0x6f, 0x7c, 0x7c, 0xb2, 0xa8, 0xc4 }
};

/* ---------------------------------------------------------------------- the display */

#define D3D9_REFRESH_RATE 60u
#define D3D9_WINDOWED_DEFAULT_WIDTH 640u
#define D3D9_WINDOWED_DEFAULT_HEIGHT 480u
#define D3D9_MAX_BACKBUFFER_SIZE 16384u

static const struct {
    UINT width, height;
} display_modes[] = {
    { 640, 480 }, { 800, 600 }, { 1024, 768 }, { 1280, 720 }, { 1920, 1080 },
};
#define DISPLAY_MODE_COUNT (sizeof(display_modes) / sizeof(display_modes[0]))

static const D3DDISPLAYMODE current_mode = { 1920, 1080, D3D9_REFRESH_RATE, D3DFMT_X8R8G8B8 };

static bool display_has_mode(UINT width, UINT height, D3DFORMAT format)
{
    if (!d3d9_is_adapter_format(format))
        return false;
    for (size_t i = 0; i < DISPLAY_MODE_COUNT; i++)
        if (display_modes[i].width == width && display_modes[i].height == height)
            return true;
    return false;
}

void d3d9_current_display_mode(D3DDISPLAYMODE *mode)
{
    *mode = current_mode;
}

/* ---------------------------------------------------------------- argument checks */

static HRESULT check_adapter(const char *method, UINT adapter)
{
    if (adapter != D3DADAPTER_DEFAULT) {
        util_msg(false, "%s: adapter %u does not exist (softd3d has one adapter, 0)", method,
                 adapter);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

static HRESULT check_devtype(const char *method, D3DDEVTYPE type)
{
    switch (type) {
    case D3DDEVTYPE_HAL:
        return D3D_OK;
    case D3DDEVTYPE_REF:
        util_msg(false, "%s: D3DDEVTYPE_REF: no reference rasterizer is installed (softd3d is "
                        "the D3DDEVTYPE_HAL device)", method);
        return D3DERR_NOTAVAILABLE;
    case D3DDEVTYPE_SW:
        util_msg(false, "%s: D3DDEVTYPE_SW: no software device is registered", method);
        return D3DERR_INVALIDCALL;
    case D3DDEVTYPE_NULLREF:
        util_msg(false, "%s: D3DDEVTYPE_NULLREF is valid only for CreateDevice", method);
        return D3DERR_INVALIDCALL;
    default:
        util_msg(false, "%s: %d is not a D3DDEVTYPE", method, (int)type);
        return D3DERR_INVALIDCALL;
    }
}

static HRESULT check_adapter_devtype(const char *method, UINT adapter, D3DDEVTYPE type)
{
    HRESULT hr = check_adapter(method, adapter);
    return FAILED(hr) ? hr : check_devtype(method, type);
}

/* --------------------------------------------------------------------- IUnknown */

static void d3d9_destroy(struct d3d9 *d3d)
{
    free(d3d);
}

/* IDirect3D9Ex is answered by the Ex object's own QueryInterface (d3d9ex.c) only. */
static const GUID *const d3d9_iids[] = { &IID_IDirect3D9, NULL };
CORE_COM_IUNKNOWN(d3d9, IDirect3D9, struct d3d9, refcount, NULL, d3d9_iids, d3d9_destroy)

static inline struct d3d9 *impl(IDirect3D9 *iface)
{
    return d3d9_impl(iface);
}

/* --------------------------------------------------------------------- adapter */

static HRESULT STDMETHODCALLTYPE d3d9_RegisterSoftwareDevice(IDirect3D9 *iface, void *init)
{
    (void)iface;
    if (!init) {
        util_msg(false, "RegisterSoftwareDevice: pInitializeFunction is NULL");
        return D3DERR_INVALIDCALL;
    }
    util_msg(false, "RegisterSoftwareDevice: pluggable software rasterizers (Windows DLLs) "
                    "cannot be registered; softd3d itself is the D3DDEVTYPE_HAL device");
    return E_NOTIMPL;
}

static UINT STDMETHODCALLTYPE d3d9_GetAdapterCount(IDirect3D9 *iface)
{
    (void)iface;
    return 1;
}

static HRESULT STDMETHODCALLTYPE d3d9_GetAdapterIdentifier(IDirect3D9 *iface, UINT adapter,
                                                           DWORD flags,
                                                           D3DADAPTER_IDENTIFIER9 *id)
{
    const DWORD known = D3DENUM_WHQL_LEVEL | D3DENUM_NO_DRIVERVERSION;
    HRESULT hr;
    (void)iface;
    if (FAILED(hr = check_adapter("GetAdapterIdentifier", adapter)))
        return hr;
    if (flags & ~known) {
        util_msg(false, "GetAdapterIdentifier: unknown Flags bits 0x%x",
                 (unsigned)(flags & ~known));
        return D3DERR_INVALIDCALL;
    }
    if (!id) {
        util_msg(false, "GetAdapterIdentifier: pIdentifier is NULL");
        return D3DERR_INVALIDCALL;
    }
    memset(id, 0, sizeof(*id));
    snprintf(id->Driver, sizeof(id->Driver), "softd3d");
    snprintf(id->Description, sizeof(id->Description), "softd3d software adapter");
    snprintf(id->DeviceName, sizeof(id->DeviceName), "\\\\.\\DISPLAY1");
    id->DriverVersion.HighPart = (0 << 16) | 1;   /* Product 0, Version 1 */
    id->DriverVersion.LowPart = (0 << 16) | 0;    /* SubVersion 0, Build 0 */
    id->VendorId = SOFTD3D_VENDOR_ID;
    id->DeviceId = SOFTD3D_DEVICE_ID;
    id->SubSysId = 0;
    id->Revision = 0;
    id->DeviceIdentifier = softd3d_device_identifier;
    id->WHQLLevel = 0;   /* not certified, whether or not D3DENUM_WHQL_LEVEL asked */
    return D3D_OK;
}

static UINT STDMETHODCALLTYPE d3d9_GetAdapterModeCount(IDirect3D9 *iface, UINT adapter,
                                                       D3DFORMAT format)
{
    (void)iface;
    if (adapter != D3DADAPTER_DEFAULT || !d3d9_is_adapter_format(format))
        return 0;
    return DISPLAY_MODE_COUNT;
}

static HRESULT STDMETHODCALLTYPE d3d9_EnumAdapterModes(IDirect3D9 *iface, UINT adapter,
                                                       D3DFORMAT format, UINT mode,
                                                       D3DDISPLAYMODE *out)
{
    char buf[32];
    HRESULT hr;
    (void)iface;
    if (FAILED(hr = check_adapter("EnumAdapterModes", adapter)))
        return hr;
    if (!out) {
        util_msg(false, "EnumAdapterModes: pMode is NULL");
        return D3DERR_INVALIDCALL;
    }
    if (!d3d9_is_display_format(format)) {
        util_msg(false, "EnumAdapterModes: %s is not a display format",
                 d3d9_format_name(format, buf, sizeof(buf)));
        return D3DERR_INVALIDCALL;
    }
    if (!d3d9_is_adapter_format(format)) {
        util_msg(false, "EnumAdapterModes: the virtual display has no %s modes",
                 d3d9_format_name(format, buf, sizeof(buf)));
        return D3DERR_NOTAVAILABLE;
    }
    if (mode >= DISPLAY_MODE_COUNT) {
        util_msg(false, "EnumAdapterModes: Mode %u is out of range (%u modes)", mode,
                 (unsigned)DISPLAY_MODE_COUNT);
        return D3DERR_INVALIDCALL;
    }
    out->Width = display_modes[mode].width;
    out->Height = display_modes[mode].height;
    out->RefreshRate = D3D9_REFRESH_RATE;
    out->Format = format;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d9_GetAdapterDisplayMode(IDirect3D9 *iface, UINT adapter,
                                                            D3DDISPLAYMODE *out)
{
    HRESULT hr;
    (void)iface;
    if (FAILED(hr = check_adapter("GetAdapterDisplayMode", adapter)))
        return hr;
    if (!out) {
        util_msg(false, "GetAdapterDisplayMode: pMode is NULL");
        return D3DERR_INVALIDCALL;
    }
    *out = current_mode;
    return D3D_OK;
}

static HMONITOR STDMETHODCALLTYPE d3d9_GetAdapterMonitor(IDirect3D9 *iface, UINT adapter)
{
    (void)iface;
    (void)adapter;
    return NULL;   /* headless: no monitor for any adapter */
}

/* ------------------------------------------------------------------- Check* */

static HRESULT STDMETHODCALLTYPE d3d9_CheckDeviceType(IDirect3D9 *iface, UINT adapter,
                                                      D3DDEVTYPE type, D3DFORMAT adapter_fmt,
                                                      D3DFORMAT bb_fmt, BOOL windowed)
{
    HRESULT hr;
    if (FAILED(hr = check_adapter_devtype("CheckDeviceType", adapter, type)))
        return hr;
    return d3d9_check_device_type(impl(iface)->profile, "CheckDeviceType", adapter_fmt, bb_fmt,
                                  windowed);
}

static HRESULT STDMETHODCALLTYPE d3d9_CheckDeviceFormat(IDirect3D9 *iface, UINT adapter,
                                                        D3DDEVTYPE type, D3DFORMAT adapter_fmt,
                                                        DWORD usage, D3DRESOURCETYPE rtype,
                                                        D3DFORMAT format)
{
    HRESULT hr;
    if (FAILED(hr = check_adapter_devtype("CheckDeviceFormat", adapter, type)))
        return hr;
    return d3d9_check_device_format(impl(iface)->profile, adapter_fmt, usage, rtype, format);
}

static HRESULT STDMETHODCALLTYPE d3d9_CheckDeviceMultiSampleType(IDirect3D9 *iface, UINT adapter,
                                                                 D3DDEVTYPE type,
                                                                 D3DFORMAT format, BOOL windowed,
                                                                 D3DMULTISAMPLE_TYPE ms,
                                                                 DWORD *quality_levels)
{
    HRESULT hr;
    if (FAILED(hr = check_adapter_devtype("CheckDeviceMultiSampleType", adapter, type)))
        return hr;
    return d3d9_check_multisample(impl(iface)->profile, format, windowed, ms, quality_levels);
}

static HRESULT STDMETHODCALLTYPE d3d9_CheckDepthStencilMatch(IDirect3D9 *iface, UINT adapter,
                                                             D3DDEVTYPE type,
                                                             D3DFORMAT adapter_fmt,
                                                             D3DFORMAT rt_fmt, D3DFORMAT ds_fmt)
{
    HRESULT hr;
    if (FAILED(hr = check_adapter_devtype("CheckDepthStencilMatch", adapter, type)))
        return hr;
    return d3d9_check_depth_stencil_match(impl(iface)->profile, "CheckDepthStencilMatch",
                                          adapter_fmt, rt_fmt, ds_fmt);
}

static HRESULT STDMETHODCALLTYPE d3d9_CheckDeviceFormatConversion(IDirect3D9 *iface, UINT adapter,
                                                                  D3DDEVTYPE type, D3DFORMAT src,
                                                                  D3DFORMAT dst)
{
    HRESULT hr;
    if (FAILED(hr = check_adapter_devtype("CheckDeviceFormatConversion", adapter, type)))
        return hr;
    return d3d9_check_format_conversion(impl(iface)->profile, src, dst);
}

static HRESULT STDMETHODCALLTYPE d3d9_GetDeviceCaps(IDirect3D9 *iface, UINT adapter,
                                                    D3DDEVTYPE type, D3DCAPS9 *caps)
{
    HRESULT hr;
    if (FAILED(hr = check_adapter_devtype("GetDeviceCaps", adapter, type)))
        return hr;
    if (!caps) {
        util_msg(false, "GetDeviceCaps: pCaps is NULL");
        return D3DERR_INVALIDCALL;
    }
    *caps = impl(iface)->profile->caps;
    caps->DeviceType = D3DDEVTYPE_HAL;
    caps->AdapterOrdinal = adapter;
    return D3D_OK;
}

/* ------------------------------------------------------------------ CreateDevice */

#define VP_FLAGS                                                                             \
    (D3DCREATE_SOFTWARE_VERTEXPROCESSING | D3DCREATE_HARDWARE_VERTEXPROCESSING |             \
     D3DCREATE_MIXED_VERTEXPROCESSING)
#define KNOWN_CREATE_FLAGS                                                                   \
    (VP_FLAGS | D3DCREATE_FPU_PRESERVE | D3DCREATE_MULTITHREADED | D3DCREATE_PUREDEVICE |    \
     D3DCREATE_DISABLE_DRIVER_MANAGEMENT | D3DCREATE_ADAPTERGROUP_DEVICE |                   \
     D3DCREATE_DISABLE_DRIVER_MANAGEMENT_EX | D3DCREATE_NOWINDOWCHANGES |                    \
     D3DCREATE_DISABLE_PSGP_THREADING | D3DCREATE_ENABLE_PRESENTSTATS |                      \
     D3DCREATE_DISABLE_PRINTSCREEN | D3DCREATE_SCREENSAVER)
#define KNOWN_PRESENT_FLAGS                                                                  \
    (D3DPRESENTFLAG_LOCKABLE_BACKBUFFER | D3DPRESENTFLAG_DISCARD_DEPTHSTENCIL |              \
     D3DPRESENTFLAG_DEVICECLIP | D3DPRESENTFLAG_VIDEO | D3DPRESENTFLAG_NOAUTOROTATE |          \
     D3DPRESENTFLAG_UNPRUNEDMODE)

/* Seed 002: exactly one vertex-processing flag; a pure device needs hardware vertex
 * processing.  Plus the caps the chosen mode needs. */
static HRESULT validate_behavior_flags(const core_profile *p, DWORD flags)
{
    DWORD vp = flags & VP_FLAGS;
    if (flags & ~(DWORD)KNOWN_CREATE_FLAGS) {
        util_msg(false, "CreateDevice: unknown BehaviorFlags bits 0x%x",
                 (unsigned)(flags & ~(DWORD)KNOWN_CREATE_FLAGS));
        return D3DERR_INVALIDCALL;
    }
    if (!vp) {
        util_msg(false, "CreateDevice: BehaviorFlags need one of D3DCREATE_SOFTWARE_"
                        "VERTEXPROCESSING, _HARDWARE_ and _MIXED_VERTEXPROCESSING (seed 002)");
        return D3DERR_INVALIDCALL;
    }
    if (vp & (vp - 1)) {
        util_msg(false, "CreateDevice: only one vertex processing flag may be set "
                        "(BehaviorFlags 0x%x, seed 002)", (unsigned)flags);
        return D3DERR_INVALIDCALL;
    }
    if ((flags & D3DCREATE_PUREDEVICE) && vp != D3DCREATE_HARDWARE_VERTEXPROCESSING) {
        util_msg(false, "CreateDevice: D3DCREATE_PUREDEVICE requires "
                        "D3DCREATE_HARDWARE_VERTEXPROCESSING (seed 002)");
        return D3DERR_INVALIDCALL;
    }
    if (vp != D3DCREATE_SOFTWARE_VERTEXPROCESSING &&
        !(p->caps.DevCaps & D3DDEVCAPS_HWTRANSFORMANDLIGHT)) {
        util_msg(false, "CreateDevice: hardware vertex processing needs "
                        "D3DDEVCAPS_HWTRANSFORMANDLIGHT, which profile %s does not have", p->name);
        return D3DERR_INVALIDCALL;
    }
    if ((flags & D3DCREATE_PUREDEVICE) && !(p->caps.DevCaps & D3DDEVCAPS_PUREDEVICE)) {
        util_msg(false, "CreateDevice: profile %s has no D3DDEVCAPS_PUREDEVICE", p->name);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

/* Checks *pp and fills in its defaults (0 sizes, 0 count, UNKNOWN format). */
HRESULT d3d9_validate_present_params(const char *method, const core_profile *p, DWORD flags,
                                     bool ex, D3DPRESENT_PARAMETERS *pp)
{
    char b1[32], b2[32];
    HRESULT hr;

    const UINT max_buffers = ex ? D3DPRESENT_BACK_BUFFERS_MAX_EX : D3DPRESENT_BACK_BUFFERS_MAX;

    if (pp->SwapEffect != D3DSWAPEFFECT_DISCARD && pp->SwapEffect != D3DSWAPEFFECT_FLIP &&
        pp->SwapEffect != D3DSWAPEFFECT_COPY && !(ex && pp->SwapEffect == D3DSWAPEFFECT_FLIPEX)) {
        if (pp->SwapEffect == D3DSWAPEFFECT_OVERLAY && ex)
            util_msg(false, "%s: D3DSWAPEFFECT_OVERLAY needs D3DCAPS_OVERLAY, which no profile "
                            "has (there is no display to overlay)", method);
        else if (pp->SwapEffect == D3DSWAPEFFECT_OVERLAY ||
                 pp->SwapEffect == D3DSWAPEFFECT_FLIPEX)
            util_msg(false, "%s: SwapEffect %d is for Direct3D 9Ex devices only", method,
                     (int)pp->SwapEffect);
        else
            util_msg(false, "%s: %d is not a D3DSWAPEFFECT", method, (int)pp->SwapEffect);
        return D3DERR_INVALIDCALL;
    }
    /* D3DSWAPEFFECT_FLIPEX is the windowed flip model ("Direct3D 9Ex Flip Model"). */
    if (pp->SwapEffect == D3DSWAPEFFECT_FLIPEX && !pp->Windowed) {
        util_msg(false, "%s: D3DSWAPEFFECT_FLIPEX is for windowed swap chains only", method);
        return D3DERR_INVALIDCALL;
    }
    if (pp->BackBufferCount > max_buffers) {
        util_msg(false, "%s: BackBufferCount %u exceeds D3DPRESENT_BACK_BUFFERS_MAX%s (%u)",
                 method, pp->BackBufferCount, ex ? "_EX" : "", max_buffers);
        return D3DERR_INVALIDCALL;
    }
    if (!pp->BackBufferCount)
        pp->BackBufferCount = 1;
    if (pp->SwapEffect == D3DSWAPEFFECT_COPY && pp->BackBufferCount != 1) {
        util_msg(false, "%s: D3DSWAPEFFECT_COPY needs exactly one back buffer (got %u)", method,
                 pp->BackBufferCount);
        return D3DERR_INVALIDCALL;
    }
    if ((unsigned)pp->MultiSampleType > D3DMULTISAMPLE_16_SAMPLES) {
        util_msg(false, "%s: %u is not a D3DMULTISAMPLE_TYPE", method,
                 (unsigned)pp->MultiSampleType);
        return D3DERR_INVALIDCALL;
    }
    /* D3DPRESENT_PARAMETERS: MultiSampleType "must be D3DMULTISAMPLE_NONE unless SwapEffect
     * has been set to D3DSWAPEFFECT_DISCARD"; the type and quality against the formats: below,
     * once BackBufferFormat is known. */
    if (pp->MultiSampleType != D3DMULTISAMPLE_NONE && pp->SwapEffect != D3DSWAPEFFECT_DISCARD) {
        util_msg(false, "%s: MultiSampleType %u needs D3DSWAPEFFECT_DISCARD", method,
                 (unsigned)pp->MultiSampleType);
        return D3DERR_INVALIDCALL;
    }
    if (pp->MultiSampleType == D3DMULTISAMPLE_NONE && pp->MultiSampleQuality != 0) {
        util_msg(false, "%s: MultiSampleQuality %u with D3DMULTISAMPLE_NONE (1 quality "
                        "level: 0)", method, (unsigned)pp->MultiSampleQuality);
        return D3DERR_INVALIDCALL;
    }
    if (pp->Flags & ~(DWORD)KNOWN_PRESENT_FLAGS) {
        util_msg(false, "%s: Flags bits 0x%x are unknown or for Direct3D 9Ex overlay "
                        "swap chains", method, (unsigned)(pp->Flags & ~(DWORD)KNOWN_PRESENT_FLAGS));
        return D3DERR_INVALIDCALL;
    }

    if (pp->Windowed) {
        if (flags & D3DCREATE_ADAPTERGROUP_DEVICE) {
            util_msg(false, "%s: D3DCREATE_ADAPTERGROUP_DEVICE needs a full-screen "
                            "device", method);
            return D3DERR_INVALIDCALL;
        }
        if (pp->FullScreen_RefreshRateInHz != 0) {
            util_msg(false, "%s: FullScreen_RefreshRateInHz must be 0 when windowed "
                            "(got %u)", method, pp->FullScreen_RefreshRateInHz);
            return D3DERR_INVALIDCALL;
        }
        if (!pp->BackBufferWidth)
            pp->BackBufferWidth = D3D9_WINDOWED_DEFAULT_WIDTH;
        if (!pp->BackBufferHeight)
            pp->BackBufferHeight = D3D9_WINDOWED_DEFAULT_HEIGHT;
        if (pp->BackBufferFormat == D3DFMT_UNKNOWN)
            pp->BackBufferFormat = current_mode.Format;
        if (FAILED(d3d9_check_device_type(p, method, current_mode.Format,
                                          pp->BackBufferFormat, TRUE)))
            return D3DERR_INVALIDCALL;   /* message issued */
        if (pp->PresentationInterval != D3DPRESENT_INTERVAL_DEFAULT &&
            pp->PresentationInterval != D3DPRESENT_INTERVAL_ONE &&
            pp->PresentationInterval != D3DPRESENT_INTERVAL_IMMEDIATE) {
            util_msg(false, "%s: windowed, PresentationInterval must be DEFAULT, ONE "
                            "or IMMEDIATE (got 0x%x)", method, pp->PresentationInterval);
            return D3DERR_INVALIDCALL;
        }
    } else {
        D3DFORMAT display = pp->BackBufferFormat == D3DFMT_A8R8G8B8 ? D3DFMT_X8R8G8B8
                                                                    : pp->BackBufferFormat;
        if (!display_has_mode(pp->BackBufferWidth, pp->BackBufferHeight, display)) {
            util_msg(false, "%s: full screen, %ux%u %s is not a display mode", method,
                     pp->BackBufferWidth, pp->BackBufferHeight,
                     d3d9_format_name(pp->BackBufferFormat, b1, sizeof(b1)));
            return D3DERR_INVALIDCALL;
        }
        if (FAILED(d3d9_check_device_type(p, method, display, pp->BackBufferFormat,
                                          FALSE)))
            return D3DERR_INVALIDCALL;
        if (pp->FullScreen_RefreshRateInHz != D3DPRESENT_RATE_DEFAULT &&
            pp->FullScreen_RefreshRateInHz != D3D9_REFRESH_RATE) {
            util_msg(false, "%s: the display modes are %u Hz (got "
                            "FullScreen_RefreshRateInHz %u)", method, D3D9_REFRESH_RATE,
                     pp->FullScreen_RefreshRateInHz);
            return D3DERR_INVALIDCALL;
        }
        if (pp->PresentationInterval != D3DPRESENT_INTERVAL_DEFAULT) {
            UINT pi = pp->PresentationInterval;
            if ((pi & (pi - 1)) || !(pi & p->caps.PresentationIntervals)) {
                util_msg(false, "%s: PresentationInterval 0x%x is not one of the "
                                "profile's (0x%x)", method, pi,
                         (unsigned)p->caps.PresentationIntervals);
                return D3DERR_INVALIDCALL;
            }
        }
    }
    if (pp->BackBufferWidth > D3D9_MAX_BACKBUFFER_SIZE ||
        pp->BackBufferHeight > D3D9_MAX_BACKBUFFER_SIZE) {
        util_msg(false, "%s: back buffers are at most %u pixels a side (got %ux%u)", method,
                 D3D9_MAX_BACKBUFFER_SIZE, pp->BackBufferWidth, pp->BackBufferHeight);
        return D3DERR_INVALIDCALL;
    }
    if (pp->EnableAutoDepthStencil) {
        hr = d3d9_check_depth_stencil_match(p, method, current_mode.Format,
                                            pp->BackBufferFormat, pp->AutoDepthStencilFormat);
        if (FAILED(hr)) {
            util_msg(false, "%s: AutoDepthStencilFormat %s cannot go with a %s back "
                            "buffer on profile %s", method,
                     d3d9_format_name(pp->AutoDepthStencilFormat, b1, sizeof(b1)),
                     d3d9_format_name(pp->BackBufferFormat, b2, sizeof(b2)), p->name);
            return D3DERR_INVALIDCALL;
        }
    }
    if (pp->MultiSampleType != D3DMULTISAMPLE_NONE &&
        (FAILED(hr = d3d9_check_surface_multisample(p, method, pp->BackBufferFormat,
                                                    pp->MultiSampleType,
                                                    pp->MultiSampleQuality)) ||
         (pp->EnableAutoDepthStencil &&
          FAILED(hr = d3d9_check_surface_multisample(p, method, pp->AutoDepthStencilFormat,
                                                     pp->MultiSampleType,
                                                     pp->MultiSampleQuality)))))
        return hr;
    return D3D_OK;
}

HRESULT d3d9_create_device(struct d3d9 *d3d, const char *method, UINT adapter, D3DDEVTYPE type,
                           HWND focus, DWORD flags, D3DPRESENT_PARAMETERS *params,
                           const D3DDISPLAYMODEEX *mode, struct d3d9_device **out)
{
    D3DDEVICE_CREATION_PARAMETERS create;
    D3DPRESENT_PARAMETERS pp;
    HRESULT hr;

    *out = NULL;
    if (FAILED(hr = check_adapter(method, adapter)))
        return hr;
    if (type == D3DDEVTYPE_NULLREF) {
        util_msg(false, "%s: D3DDEVTYPE_NULLREF needs the reference rasterizer, which is not "
                        "installed", method);
        return D3DERR_NOTAVAILABLE;
    }
    if (FAILED(hr = check_devtype(method, type)))
        return hr;
    if (FAILED(hr = validate_behavior_flags(d3d->profile, flags)))
        return hr;
    if (!params) {
        util_msg(false, "%s: pPresentationParameters is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    pp = *params;
    if (FAILED(hr = d3d9_validate_present_params(method, d3d->profile, flags, d3d->ex, &pp)))
        return hr;
    if (d3d->ex && FAILED(hr = d3d9ex_check_fullscreen_mode(method, &pp, mode)))
        return hr;

    create.AdapterOrdinal = adapter;
    create.DeviceType = type;
    create.hFocusWindow = focus;
    create.BehaviorFlags = flags;
    if (FAILED(hr = d3d9_device_create(d3d, &create, &pp, d3d->ex, out)))
        return hr;
    *params = pp;   /* the filled-in defaults, as the runtime reports them */
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d9_CreateDevice(IDirect3D9 *iface, UINT adapter,
                                                   D3DDEVTYPE type, HWND focus, DWORD flags,
                                                   D3DPRESENT_PARAMETERS *params,
                                                   IDirect3DDevice9 **out)
{
    struct d3d9_device *dev;
    HRESULT hr;
    if (!out) {
        util_msg(false, "CreateDevice: ppReturnedDeviceInterface is NULL");
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    /* An IDirect3D9Ex's CreateDevice makes an Ex device too (with no display mode: full screen
     * then fails, as CreateDeviceEx with a NULL pFullscreenDisplayMode). */
    hr = d3d9_create_device(impl(iface), "CreateDevice", adapter, type, focus, flags, params,
                            NULL, &dev);
    if (SUCCEEDED(hr))
        *out = &dev->iface;
    return hr;
}

/* ------------------------------------------------------------------- creation */

static IDirect3D9Vtbl d3d9_vtbl = {
    .QueryInterface = d3d9_QueryInterface,
    .AddRef = d3d9_AddRef,
    .Release = d3d9_Release,
    .RegisterSoftwareDevice = d3d9_RegisterSoftwareDevice,
    .GetAdapterCount = d3d9_GetAdapterCount,
    .GetAdapterIdentifier = d3d9_GetAdapterIdentifier,
    .GetAdapterModeCount = d3d9_GetAdapterModeCount,
    .EnumAdapterModes = d3d9_EnumAdapterModes,
    .GetAdapterDisplayMode = d3d9_GetAdapterDisplayMode,
    .CheckDeviceType = d3d9_CheckDeviceType,
    .CheckDeviceFormat = d3d9_CheckDeviceFormat,
    .CheckDeviceMultiSampleType = d3d9_CheckDeviceMultiSampleType,
    .CheckDepthStencilMatch = d3d9_CheckDepthStencilMatch,
    .CheckDeviceFormatConversion = d3d9_CheckDeviceFormatConversion,
    .GetDeviceCaps = d3d9_GetDeviceCaps,
    .GetAdapterMonitor = d3d9_GetAdapterMonitor,
    .CreateDevice = d3d9_CreateDevice,
};

static pthread_once_t vtbl_once = PTHREAD_ONCE_INIT;

static void vtbl_fill(void)
{
    /* Every IDirect3D9 method is implemented; this only guards against a future slot. */
    comgen_fill_IDirect3D9(&d3d9_vtbl);
}

void d3d9_copy_vtbl(IDirect3D9Vtbl *out)
{
    pthread_once(&vtbl_once, vtbl_fill);
    *out = d3d9_vtbl;
}

struct d3d9 *d3d9_object_create(const char *method, UINT SDKVersion, bool ex)
{
    const core_profile *profile;
    UINT version = SDKVersion & ~D3D9_DEBUG_SDK_BIT;
    struct d3d9 *d3d;

    if (version != D3D_SDK_VERSION && version != D3D9b_SDK_VERSION) {
        util_msg(false, "%s: SDKVersion %u (0x%x) is not D3D_SDK_VERSION (%d)", method,
                 SDKVersion, SDKVersion, D3D_SDK_VERSION);
        return NULL;
    }
    if (core_profile_from_env(&profile) < 0)
        return NULL;   /* message printed by core_profile_from_env */
    pthread_once(&vtbl_once, vtbl_fill);
    if (!(d3d = calloc(1, sizeof(*d3d)))) {
        util_msg(false, "%s: out of memory", method);
        return NULL;
    }
    d3d->iface.lpVtbl = ex ? d3d9ex_vtbl() : &d3d9_vtbl;
    atomic_init(&d3d->refcount, 1);
    d3d->profile = profile;
    d3d->ex = ex;
    return d3d;
}

SOFTD3D_EXPORT IDirect3D9 *WINAPI Direct3DCreate9(UINT SDKVersion)
{
    struct d3d9 *d3d = d3d9_object_create("Direct3DCreate9", SDKVersion, false);
    return d3d ? &d3d->iface : NULL;
}
