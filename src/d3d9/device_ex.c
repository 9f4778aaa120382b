/* src/d3d9/device_ex.c — IDirect3DDevice9Ex: the device CreateDeviceEx (or an IDirect3D9Ex's
 * CreateDevice) makes.
 *
 * The object is device.c's (struct d3d9_device, `ex` set) with the IDirect3DDevice9Ex vtable:
 * its first 119 slots are IDirect3DDevice9's functions, so every D3D9 method behaves as on a
 * D3D9 device, except for the 9Ex rules ("Direct3D 9Ex Improvements", "Feature Summary
 * (Direct3D 9 for Windows Vista)"):
 *  - D3DPOOL_MANAGED does not exist on an Ex device: CreateTexture, CreateVolumeTexture,
 *    CreateCubeTexture, CreateVertexBuffer and CreateIndexBuffer refuse it with
 *    D3DERR_INVALIDCALL (CreateOffscreenPlainSurface refuses it on every device);
 *  - no lost devices: TestCooperativeLevel is S_OK (swapchain.c); Reset/ResetEx keep resources
 *    and state (swapchain.c, d3d9_device_reset) and do not need D3DPOOL_DEFAULT objects
 *    released; a failed one leaves the device lost for CheckDeviceState and Present until one
 *    succeeds;
 *  - D3DPOOL_DEFAULT textures are lockable when D3DUSAGE_DYNAMIC (texture.c's rule on every
 *    device); SwapEffect FLIPEX and up to 30 back buffers (d3d9.c); the PresentEx flags
 *    (swapchain.c).
 * QueryInterface answers IID_IDirect3DDevice9Ex as well; the swap chains of an Ex device are
 * IDirect3DSwapChain9Ex (swapchain_ex.c).
 *
 * The Ex methods:
 *  - SetConvolutionMonoKernel(width, height, rows, columns): width and height odd, 1 to
 *    D3DCONVOLUTIONMONO_MAXWIDTH/HEIGHT (7), else D3DERR_INVALIDCALL; rows/columns may be NULL
 *    (uniform weights).  The size is kept; the kernel serves D3DTEXF_CONVOLUTIONMONO only, which
 *    needs D3DPTFILTERCAPS_CONVOLUTIONMONO, a cap no profile has, so nothing samples with it.
 *  - ComposeRects: both surfaces must be D3DFMT_A1 ("the source and destination surfaces must
 *    be in D3DFMT_A1"); softd3d has no A1 format (CheckDeviceFormat refuses it, no surface of it
 *    can exist), so every call is D3DERR_INVALIDCALL with a message.
 *  - PresentEx: Present of the implicit swap chain with the 9Ex flags.
 *  - Get/SetGPUThreadPriority: -7..7 (reference page), 0 at creation; kept, no scheduling
 *    effect (the renderer's workers are the process's threads).
 *  - WaitForVBlank(iSwapChain): iSwapChain 0 (the one implicit chain), else D3DERR_INVALIDCALL;
 *    returns when the virtual display's raster (swapchain.c's model) is in its vertical blank.
 *  - CheckResourceResidency(pResourceArray, NumResources): NumResources at most 65535 (the
 *    reference page's maximum), the array and each entry
 *    non-NULL, each a resource of this device; S_OK: everything lives in system memory, which
 *    is where the renderer reads it (never S_NOT_RESIDENT).
 *  - Set/GetMaximumFrameLatency: "the value is typically 3, but can range from 1 to 20; a value
 *    of 0 will reset latency to the default" (reference page): above 20 is D3DERR_INVALIDCALL;
 *    kept (Present never queues: it completes before it returns).
 *  - CheckDeviceState(hDestinationWindow): S_OK (headless: no window can be occluded, no mode
 *    changes), D3DERR_DEVICELOST after a failed Reset/ResetEx until one succeeds.
 *  - CreateRenderTargetEx / CreateOffscreenPlainSurfaceEx / CreateDepthStencilSurfaceEx: the
 *    D3D9 methods with a Usage: 0 or the content-protection bits D3DUSAGE_RESTRICTED_CONTENT,
 *    D3DUSAGE_RESTRICT_SHARED_RESOURCE(_DRIVER), which change nothing here (no resource is ever
 *    shared: pSharedHandle must be NULL); any other bit is D3DERR_INVALIDCALL.
 *  - ResetEx(pp, pFullscreenDisplayMode): Reset with CreateDeviceEx's display-mode rule.
 *  - GetDisplayModeEx(iSwapChain, pMode, pRotation): GetDisplayMode as a D3DDISPLAYMODEEX
 *    (swapchain_ex.c).
 */
#include "d3d9/d3d9_private.h"

#include <pthread.h>
#include <string.h>
#include <time.h>

#include "d3d9/d3d9_resource.h"
#include "softd3d_com_stubs.h"
#include "util/log.h"

#define D3D9EX_MAX_GPU_PRIORITY 7
#define D3D9EX_MAX_FRAME_LATENCY 20u
#define D3D9EX_MAX_RESIDENCY_RESOURCES 65535u
#define D3D9EX_CONTENT_USAGES                                                                \
    (D3DUSAGE_RESTRICTED_CONTENT | D3DUSAGE_RESTRICT_SHARED_RESOURCE |                       \
     D3DUSAGE_RESTRICT_SHARED_RESOURCE_DRIVER)

static IDirect3DDevice9Vtbl base;     /* device.c's vtable, filled */
static IDirect3DDevice9ExVtbl ex_vtbl;

static inline IDirect3DDevice9 *as_base(IDirect3DDevice9Ex *iface)
{
    return (IDirect3DDevice9 *)iface;   /* IDirect3DDevice9Ex derives from IDirect3DDevice9 */
}

static inline struct d3d9_device *impl(IDirect3DDevice9Ex *iface)
{
    return d3d9_device_from_iface(as_base(iface));
}

static HRESULT STDMETHODCALLTYPE ex_QueryInterface(IDirect3DDevice9Ex *iface, REFIID riid,
                                                   void **out)
{
    if (out && riid && IsEqualGUID(riid, &IID_IDirect3DDevice9Ex)) {
        IDirect3DDevice9_AddRef(as_base(iface));
        *out = iface;
        return S_OK;
    }
    return base.QueryInterface(as_base(iface), riid, out);
}

/* ----------------------------------------------------------- no D3DPOOL_MANAGED */

static bool pool_refused(const char *method, D3DPOOL pool, void **out)
{
    if (pool != D3DPOOL_MANAGED)
        return false;
    util_msg(false, "%s: D3DPOOL_MANAGED is not valid on a Direct3D 9Ex device (use "
                    "D3DPOOL_DEFAULT, or D3DPOOL_SYSTEMMEM and UpdateTexture)", method);
    if (out)
        *out = NULL;
    return true;
}

static HRESULT STDMETHODCALLTYPE ex_CreateTexture(IDirect3DDevice9Ex *iface, UINT w, UINT h,
                                                  UINT levels, DWORD usage, D3DFORMAT format,
                                                  D3DPOOL pool, IDirect3DTexture9 **out,
                                                  HANDLE *shared)
{
    if (pool_refused("CreateTexture", pool, (void **)out))
        return D3DERR_INVALIDCALL;
    return base.CreateTexture(as_base(iface), w, h, levels, usage, format, pool, out, shared);
}

static HRESULT STDMETHODCALLTYPE ex_CreateVolumeTexture(IDirect3DDevice9Ex *iface, UINT w,
                                                        UINT h, UINT d, UINT levels,
                                                        DWORD usage, D3DFORMAT format,
                                                        D3DPOOL pool,
                                                        IDirect3DVolumeTexture9 **out,
                                                        HANDLE *shared)
{
    if (pool_refused("CreateVolumeTexture", pool, (void **)out))
        return D3DERR_INVALIDCALL;
    return base.CreateVolumeTexture(as_base(iface), w, h, d, levels, usage, format, pool, out,
                                    shared);
}

static HRESULT STDMETHODCALLTYPE ex_CreateCubeTexture(IDirect3DDevice9Ex *iface, UINT edge,
                                                      UINT levels, DWORD usage, D3DFORMAT format,
                                                      D3DPOOL pool, IDirect3DCubeTexture9 **out,
                                                      HANDLE *shared)
{
    if (pool_refused("CreateCubeTexture", pool, (void **)out))
        return D3DERR_INVALIDCALL;
    return base.CreateCubeTexture(as_base(iface), edge, levels, usage, format, pool, out, shared);
}

static HRESULT STDMETHODCALLTYPE ex_CreateVertexBuffer(IDirect3DDevice9Ex *iface, UINT length,
                                                       DWORD usage, DWORD fvf, D3DPOOL pool,
                                                       IDirect3DVertexBuffer9 **out,
                                                       HANDLE *shared)
{
    if (pool_refused("CreateVertexBuffer", pool, (void **)out))
        return D3DERR_INVALIDCALL;
    return base.CreateVertexBuffer(as_base(iface), length, usage, fvf, pool, out, shared);
}

static HRESULT STDMETHODCALLTYPE ex_CreateIndexBuffer(IDirect3DDevice9Ex *iface, UINT length,
                                                      DWORD usage, D3DFORMAT format,
                                                      D3DPOOL pool, IDirect3DIndexBuffer9 **out,
                                                      HANDLE *shared)
{
    if (pool_refused("CreateIndexBuffer", pool, (void **)out))
        return D3DERR_INVALIDCALL;
    return base.CreateIndexBuffer(as_base(iface), length, usage, format, pool, out, shared);
}

/* ------------------------------------------------------------------ Ex methods */

static HRESULT STDMETHODCALLTYPE ex_SetConvolutionMonoKernel(IDirect3DDevice9Ex *iface, UINT w,
                                                             UINT h, float *rows, float *columns)
{
    struct d3d9_device *dev = impl(iface);
    (void)rows;
    (void)columns;
    if (!w || !h || w > D3DCONVOLUTIONMONO_MAXWIDTH || h > D3DCONVOLUTIONMONO_MAXHEIGHT ||
        !(w & 1) || !(h & 1)) {
        util_msg(false, "SetConvolutionMonoKernel: the kernel is %ux%u (odd sizes 1 to %d)", w,
                 h, D3DCONVOLUTIONMONO_MAXWIDTH);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    dev->convolution_width = w;
    dev->convolution_height = h;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE ex_ComposeRects(IDirect3DDevice9Ex *iface,
                                                 IDirect3DSurface9 *src, IDirect3DSurface9 *dst,
                                                 IDirect3DVertexBuffer9 *src_descs, UINT count,
                                                 IDirect3DVertexBuffer9 *dst_descs,
                                                 D3DCOMPOSERECTSOP op, int x, int y)
{
    (void)iface;
    (void)src_descs;
    (void)dst_descs;
    (void)x;
    (void)y;
    if (!src || !dst || count > D3DCOMPOSERECTS_MAXNUMRECTS || op < D3DCOMPOSERECTS_COPY ||
        op > D3DCOMPOSERECTS_NEG) {
        util_msg(false, "ComposeRects: a NULL surface, NumRects %u above %u or Operation %d",
                 count, D3DCOMPOSERECTS_MAXNUMRECTS, (int)op);
        return D3DERR_INVALIDCALL;
    }
    util_msg(false, "ComposeRects: both surfaces must be D3DFMT_A1, a format softd3d does not "
                    "offer (no surface of it exists)");
    return D3DERR_INVALIDCALL;
}

static HRESULT STDMETHODCALLTYPE ex_PresentEx(IDirect3DDevice9Ex *iface, const RECT *src,
                                              const RECT *dst, HWND window,
                                              const RGNDATA *dirty, DWORD flags)
{
    struct d3d9_device *dev = impl(iface);
    (void)window;   /* headless: no window to present to */
    if (!dev->swapchain) {
        util_msg(false, "PresentEx: the device is lost (a Reset failed): Reset it");
        return D3DERR_DEVICELOST;
    }
    return d3d9_swapchain_present(dev->swapchain, src, dst, dirty, flags);
}

static HRESULT STDMETHODCALLTYPE ex_GetGPUThreadPriority(IDirect3DDevice9Ex *iface, INT *out)
{
    struct d3d9_device *dev = impl(iface);
    if (!out) {
        util_msg(false, "GetGPUThreadPriority: pPriority is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    *out = dev->gpu_priority;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE ex_SetGPUThreadPriority(IDirect3DDevice9Ex *iface, INT priority)
{
    struct d3d9_device *dev = impl(iface);
    if (priority < -D3D9EX_MAX_GPU_PRIORITY || priority > D3D9EX_MAX_GPU_PRIORITY) {
        util_msg(false, "SetGPUThreadPriority: %d is outside -7..7", priority);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    dev->gpu_priority = priority;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

/* The time until the virtual display's next vertical blank (0 inside one): swapchain.c's raster
 * model, `Height` visible lines then Height/32 blank ones in 1/RefreshRate s. */
static uint64_t ns_to_vblank(const D3DDISPLAYMODE *mode)
{
    uint64_t frame_ns = d3d9_display_frame_ns(mode);
    uint64_t total = (uint64_t)mode->Height + (mode->Height / 32 ? mode->Height / 32 : 1);
    uint64_t blank_start = (uint64_t)mode->Height * frame_ns / total;
    uint64_t pos = d3d9_display_now_ns() % frame_ns;
    return pos >= blank_start ? 0 : blank_start - pos;
}

static HRESULT STDMETHODCALLTYPE ex_WaitForVBlank(IDirect3DDevice9Ex *iface, UINT index)
{
    struct d3d9_device *dev = impl(iface);
    D3DDISPLAYMODE mode;
    uint64_t wait;
    struct timespec ts;
    if (index) {
        util_msg(false, "WaitForVBlank: swap chain %u does not exist (one swap chain: 0)", index);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    if (dev->swapchain)
        d3d9_swapchain_display_mode(dev->swapchain, &mode);
    else
        d3d9_current_display_mode(&mode);
    d3d9_device_unlock(dev);
    wait = ns_to_vblank(&mode);
    ts.tv_sec = (time_t)(wait / 1000000000u);
    ts.tv_nsec = (long)(wait % 1000000000u);
    while (wait && nanosleep(&ts, &ts))
        ;   /* interrupted: sleep the rest */
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE ex_CheckResourceResidency(IDirect3DDevice9Ex *iface,
                                                           IDirect3DResource9 **resources,
                                                           UINT32 count)
{
    static const char method[] = "CheckResourceResidency";
    if (count > D3D9EX_MAX_RESIDENCY_RESOURCES) {
        util_msg(false, "%s: NumResources %u is above %u", method, count,
                 D3D9EX_MAX_RESIDENCY_RESOURCES);
        return D3DERR_INVALIDCALL;
    }
    if (count && !resources) {
        util_msg(false, "%s: pResourceArray is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    for (UINT32 i = 0; i < count; i++) {
        IDirect3DDevice9 *owner = NULL;
        if (!resources[i]) {
            util_msg(false, "%s: resource %u is NULL", method, i);
            return D3DERR_INVALIDCALL;
        }
        IDirect3DResource9_GetDevice(resources[i], &owner);
        if (owner)
            IDirect3DDevice9_Release(owner);
        if (owner != as_base(iface)) {
            util_msg(false, "%s: resource %u belongs to another device", method, i);
            return D3DERR_INVALIDCALL;
        }
    }
    return S_OK;   /* all resident: resources live in the memory the renderer reads */
}

static HRESULT STDMETHODCALLTYPE ex_SetMaximumFrameLatency(IDirect3DDevice9Ex *iface, UINT n)
{
    struct d3d9_device *dev = impl(iface);
    if (n > D3D9EX_MAX_FRAME_LATENCY) {
        util_msg(false, "SetMaximumFrameLatency: %u is above %u", n, D3D9EX_MAX_FRAME_LATENCY);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    dev->max_latency = n ? n : D3D9EX_DEFAULT_FRAME_LATENCY;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE ex_GetMaximumFrameLatency(IDirect3DDevice9Ex *iface, UINT *out)
{
    struct d3d9_device *dev = impl(iface);
    if (!out) {
        util_msg(false, "GetMaximumFrameLatency: pMaxLatency is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    *out = dev->max_latency;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE ex_CheckDeviceState(IDirect3DDevice9Ex *iface, HWND window)
{
    struct d3d9_device *dev = impl(iface);
    HRESULT hr;
    (void)window;   /* headless: never occluded */
    d3d9_device_lock(dev);
    hr = dev->needs_reset ? D3DERR_DEVICELOST : S_OK;
    d3d9_device_unlock(dev);
    return hr;
}

static bool usage_refused(const char *method, DWORD usage, void **out)
{
    if (!(usage & ~(DWORD)D3D9EX_CONTENT_USAGES))
        return false;
    util_msg(false, "%s: Usage 0x%x (only D3DUSAGE_RESTRICTED_CONTENT and "
                    "D3DUSAGE_RESTRICT_SHARED_RESOURCE(_DRIVER) are taken)", method,
             (unsigned)usage);
    if (out)
        *out = NULL;
    return true;
}

static HRESULT STDMETHODCALLTYPE ex_CreateRenderTargetEx(IDirect3DDevice9Ex *iface, UINT w,
                                                         UINT h, D3DFORMAT format,
                                                         D3DMULTISAMPLE_TYPE ms, DWORD quality,
                                                         BOOL lockable, IDirect3DSurface9 **out,
                                                         HANDLE *shared, DWORD usage)
{
    if (usage_refused("CreateRenderTargetEx", usage, (void **)out))
        return D3DERR_INVALIDCALL;
    return base.CreateRenderTarget(as_base(iface), w, h, format, ms, quality, lockable, out,
                                   shared);
}

static HRESULT STDMETHODCALLTYPE ex_CreateOffscreenPlainSurfaceEx(IDirect3DDevice9Ex *iface,
                                                                  UINT w, UINT h,
                                                                  D3DFORMAT format, D3DPOOL pool,
                                                                  IDirect3DSurface9 **out,
                                                                  HANDLE *shared, DWORD usage)
{
    if (usage_refused("CreateOffscreenPlainSurfaceEx", usage, (void **)out))
        return D3DERR_INVALIDCALL;
    return base.CreateOffscreenPlainSurface(as_base(iface), w, h, format, pool, out, shared);
}

static HRESULT STDMETHODCALLTYPE ex_CreateDepthStencilSurfaceEx(IDirect3DDevice9Ex *iface,
                                                                UINT w, UINT h, D3DFORMAT format,
                                                                D3DMULTISAMPLE_TYPE ms,
                                                                DWORD quality, BOOL discard,
                                                                IDirect3DSurface9 **out,
                                                                HANDLE *shared, DWORD usage)
{
    if (usage_refused("CreateDepthStencilSurfaceEx", usage, (void **)out))
        return D3DERR_INVALIDCALL;
    return base.CreateDepthStencilSurface(as_base(iface), w, h, format, ms, quality, discard,
                                          out, shared);
}

static HRESULT STDMETHODCALLTYPE ex_ResetEx(IDirect3DDevice9Ex *iface,
                                            D3DPRESENT_PARAMETERS *params,
                                            D3DDISPLAYMODEEX *mode)
{
    return d3d9_device_reset(impl(iface), "ResetEx", params, mode);
}

static HRESULT STDMETHODCALLTYPE ex_GetDisplayModeEx(IDirect3DDevice9Ex *iface, UINT index,
                                                     D3DDISPLAYMODEEX *mode,
                                                     D3DDISPLAYROTATION *rotation)
{
    struct d3d9_device *dev = impl(iface);
    HRESULT hr;
    if (index) {
        util_msg(false, "GetDisplayModeEx: swap chain %u does not exist (one swap chain: 0)",
                 index);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    hr = dev->swapchain ? d3d9_swapchain_display_mode_ex(dev->swapchain, "GetDisplayModeEx",
                                                         mode, rotation)
                        : D3DERR_INVALIDCALL;
    d3d9_device_unlock(dev);
    return hr;
}

_Static_assert(offsetof(IDirect3DDevice9ExVtbl, SetConvolutionMonoKernel) ==
                   sizeof(IDirect3DDevice9Vtbl),
               "IDirect3DDevice9Ex's own methods follow IDirect3DDevice9's");

static pthread_once_t vtbl_once = PTHREAD_ONCE_INIT;

static void vtbl_fill(void)
{
    d3d9_device_copy_vtbl(&base);
    memcpy(&ex_vtbl, &base, sizeof(base));   /* the IDirect3DDevice9 slots, the same functions */
    ex_vtbl.QueryInterface = ex_QueryInterface;
    ex_vtbl.CreateTexture = ex_CreateTexture;
    ex_vtbl.CreateVolumeTexture = ex_CreateVolumeTexture;
    ex_vtbl.CreateCubeTexture = ex_CreateCubeTexture;
    ex_vtbl.CreateVertexBuffer = ex_CreateVertexBuffer;
    ex_vtbl.CreateIndexBuffer = ex_CreateIndexBuffer;
    ex_vtbl.SetConvolutionMonoKernel = ex_SetConvolutionMonoKernel;
    ex_vtbl.ComposeRects = ex_ComposeRects;
    ex_vtbl.PresentEx = ex_PresentEx;
    ex_vtbl.GetGPUThreadPriority = ex_GetGPUThreadPriority;
    ex_vtbl.SetGPUThreadPriority = ex_SetGPUThreadPriority;
    ex_vtbl.WaitForVBlank = ex_WaitForVBlank;
    ex_vtbl.CheckResourceResidency = ex_CheckResourceResidency;
    ex_vtbl.SetMaximumFrameLatency = ex_SetMaximumFrameLatency;
    ex_vtbl.GetMaximumFrameLatency = ex_GetMaximumFrameLatency;
    ex_vtbl.CheckDeviceState = ex_CheckDeviceState;
    ex_vtbl.CreateRenderTargetEx = ex_CreateRenderTargetEx;
    ex_vtbl.CreateOffscreenPlainSurfaceEx = ex_CreateOffscreenPlainSurfaceEx;
    ex_vtbl.CreateDepthStencilSurfaceEx = ex_CreateDepthStencilSurfaceEx;
    ex_vtbl.ResetEx = ex_ResetEx;
    ex_vtbl.GetDisplayModeEx = ex_GetDisplayModeEx;
    comgen_fill_IDirect3DDevice9Ex(&ex_vtbl);
}

IDirect3DDevice9Vtbl *d3d9_device_ex_vtbl(void)
{
    pthread_once(&vtbl_once, vtbl_fill);
    return (IDirect3DDevice9Vtbl *)(void *)&ex_vtbl;
}
