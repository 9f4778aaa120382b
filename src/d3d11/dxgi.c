/* src/d3d11/dxgi.c — the DXGI factory: CreateDXGIFactory / CreateDXGIFactory1 /
 * CreateDXGIFactory2 and the IDXGIFactory6 object (IDXGIFactory .. IDXGIFactory6 share its
 * vtable; QueryInterface answers each of them, not IDXGIFactory7 nor IDXGIFactoryMedia).
 *
 * The factory enumerates one adapter, softd3d's software rasterizer (dxgi_adapter.c), whatever
 * the order or preference asked:
 *   - EnumAdapters / EnumAdapters1(0): the adapter; any other index DXGI_ERROR_NOT_FOUND.
 *   - EnumAdapterByLuid (IDXGIFactory4): the adapter when the LUID is its AdapterLuid, else
 *     DXGI_ERROR_NOT_FOUND ("no adapter with that LUID").
 *   - EnumWarpAdapter (IDXGIFactory4): the same adapter.  WARP is Windows' software rasterizer;
 *     softd3d's one adapter *is* a software rasterizer (DXGI_ADAPTER_FLAG_SOFTWARE), so a program
 *     asking for WARP (typically as the fallback when no hardware device can be made) gets the
 *     only device softd3d has, rather than a refusal.
 *   - EnumAdapterByGpuPreference (IDXGIFactory6): index 0 is the adapter for every preference;
 *     a preference outside DXGI_GPU_PREFERENCE: E_INVALIDARG.
 *   - IsCurrent: TRUE, always (the adapter set never changes).
 * Swap chains (swapchain.c): CreateSwapChain and CreateSwapChainForHwnd make headless chains.
 * CreateSwapChainForCoreWindow and CreateSwapChainForComposition return E_NOTIMPL: softd3d has
 * neither CoreWindow (WinRT) windows nor DirectComposition, and E_NOTIMPL is what the
 * documentation gives for a desktop runtime without them (both method pages: "Platform Update
 * for Windows 7: ... fails with E_NOTIMPL").
 * IDXGIFactory2's status registrations: a headless swap chain is never occluded and stereo is
 * never enabled (IsWindowedStereoEnabled FALSE), so the registered window or event is never
 * notified; Register* validates its arguments (NULL window / event / cookie pointer:
 * DXGI_ERROR_INVALID_CALL) and hands out a cookie, Unregister* accepts any cookie (void).
 * GetSharedResourceAdapterLuid: softd3d never shares resources, so no handle is a shared
 * resource: E_INVALIDARG.
 * IDXGIFactory5::CheckFeatureSupport(DXGI_FEATURE_PRESENT_ALLOW_TEARING): TRUE — Present never
 * waits for a vertical blank, and flip-model chains accept DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING and
 * DXGI_PRESENT_ALLOW_TEARING with the documented rules (swapchain.c).  A size other than
 * sizeof(BOOL) or an unknown feature: E_INVALIDARG.
 * CreateDXGIFactory2 Flags: 0 or DXGI_CREATE_FACTORY_DEBUG (reported by GetCreationFlags; the
 * factory then prints its refusals as the D3D11 debug flag does); other bits E_INVALIDARG.
 * DXGIGetDebugInterface1: softd3d has no DXGI debug layer (IDXGIDebug, IDXGIInfoQueue):
 * E_NOINTERFACE, as on a system without the Graphics Tools.
 * Not implemented: CreateSoftwareAdapter (E_NOTIMPL).
 */
#include "d3d11/d3d11_private.h"

#include <pthread.h>
#include <stdlib.h>

#include "core/com_object.h"
#include "softd3d_com_stubs.h"
#include "util/export.h"
#include "util/log.h"

#define FACTORY_REFUSE(f, hr, ...)                                                            \
    do {                                                                                      \
        util_msg((f)->debug, __VA_ARGS__);                                                    \
        return (hr);                                                                          \
    } while (0)

static void factory_destroy(struct dxgi_factory *f)
{
    core_pd_free(&f->private_data);
    free(f);
}

static const GUID *const factory_iids[] = { &IID_IDXGIFactory, &IID_IDXGIFactory1,
                                            &IID_IDXGIFactory2, &IID_IDXGIFactory3,
                                            &IID_IDXGIFactory4, &IID_IDXGIFactory5,
                                            &IID_IDXGIFactory6, NULL };
CORE_COM_IUNKNOWN(factory, IDXGIFactory6, struct dxgi_factory, refcount, &IID_IDXGIObject,
                  factory_iids, factory_destroy)
CORE_COM_PRIVATE_DATA(factory, IDXGIFactory6, struct dxgi_factory, private_data, d3d11_pd_hresult)

static HRESULT STDMETHODCALLTYPE factory_GetParent(IDXGIFactory6 *iface, REFIID riid, void **out)
{
    (void)iface;
    (void)riid;
    if (out)
        *out = NULL;
    return E_NOINTERFACE;   /* a factory has no parent */
}

/* The adapter, as interface `riid` (*out NULL on failure). */
static HRESULT adapter_as(struct dxgi_factory *f, REFIID riid, void **out)
{
    struct dxgi_adapter *ad;
    HRESULT hr;
    if (FAILED(hr = dxgi_adapter_create(f, &ad)))
        return hr;
    hr = IDXGIAdapter4_QueryInterface(&ad->iface, riid, out);
    IDXGIAdapter4_Release(&ad->iface);
    return hr;
}

static HRESULT STDMETHODCALLTYPE factory_EnumAdapters1(IDXGIFactory6 *iface, UINT index,
                                                       IDXGIAdapter1 **out)
{
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    if (index != 0)
        return DXGI_ERROR_NOT_FOUND;
    return adapter_as(factory_impl(iface), &IID_IDXGIAdapter1, (void **)out);
}

static HRESULT STDMETHODCALLTYPE factory_EnumAdapters(IDXGIFactory6 *iface, UINT index,
                                                      IDXGIAdapter **out)
{
    return factory_EnumAdapters1(iface, index, (IDXGIAdapter1 **)out);
}

static HRESULT STDMETHODCALLTYPE factory_MakeWindowAssociation(IDXGIFactory6 *iface, HWND window,
                                                               UINT flags)
{
    (void)iface;
    (void)window;
    if (flags & ~(UINT)(DXGI_MWA_NO_WINDOW_CHANGES | DXGI_MWA_NO_ALT_ENTER |
                        DXGI_MWA_NO_PRINT_SCREEN))
        return DXGI_ERROR_INVALID_CALL;
    return S_OK;   /* headless: there is no window to watch */
}

static HRESULT STDMETHODCALLTYPE factory_GetWindowAssociation(IDXGIFactory6 *iface, HWND *out)
{
    (void)iface;
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    return S_OK;
}

static BOOL STDMETHODCALLTYPE factory_IsCurrent(IDXGIFactory6 *iface)
{
    (void)iface;
    return TRUE;   /* the adapter set never changes */
}

static HRESULT STDMETHODCALLTYPE factory_CreateSwapChain(IDXGIFactory6 *iface, IUnknown *device,
                                                         DXGI_SWAP_CHAIN_DESC *desc,
                                                         IDXGISwapChain **out)
{
    return dxgi_swapchain_create(factory_impl(iface), device, desc, out);
}

/* ---- IDXGIFactory2 ---- */

static BOOL STDMETHODCALLTYPE factory_IsWindowedStereoEnabled(IDXGIFactory6 *iface)
{
    (void)iface;
    return FALSE;   /* no stereo display */
}

static HRESULT STDMETHODCALLTYPE factory_CreateSwapChainForHwnd(
    IDXGIFactory6 *iface, IUnknown *device, HWND window, const DXGI_SWAP_CHAIN_DESC1 *desc,
    const DXGI_SWAP_CHAIN_FULLSCREEN_DESC *fullscreen, IDXGIOutput *restrict_to,
    IDXGISwapChain1 **out)
{
    return dxgi_swapchain_create_for_hwnd(factory_impl(iface), device, window, desc, fullscreen,
                                          restrict_to, out);
}

/* CoreWindow and composition swap chains: the "Platform Update for Windows 7" answer. */
static HRESULT no_window_system(struct dxgi_factory *f, const char *method, const char *missing,
                                IDXGISwapChain1 **out)
{
    if (out)
        *out = NULL;
    FACTORY_REFUSE(f, E_NOTIMPL, "IDXGIFactory2::%s: softd3d has no %s (E_NOTIMPL, as a desktop "
                   "runtime without them answers); use CreateSwapChainForHwnd", method, missing);
}

static HRESULT STDMETHODCALLTYPE factory_CreateSwapChainForCoreWindow(
    IDXGIFactory6 *iface, IUnknown *device, IUnknown *window, const DXGI_SWAP_CHAIN_DESC1 *desc,
    IDXGIOutput *restrict_to, IDXGISwapChain1 **out)
{
    (void)device;
    (void)window;
    (void)desc;
    (void)restrict_to;
    return no_window_system(factory_impl(iface), "CreateSwapChainForCoreWindow",
                            "CoreWindow windows", out);
}

static HRESULT STDMETHODCALLTYPE factory_CreateSwapChainForComposition(
    IDXGIFactory6 *iface, IUnknown *device, const DXGI_SWAP_CHAIN_DESC1 *desc,
    IDXGIOutput *restrict_to, IDXGISwapChain1 **out)
{
    (void)device;
    (void)desc;
    (void)restrict_to;
    return no_window_system(factory_impl(iface), "CreateSwapChainForComposition",
                            "DirectComposition", out);
}

static HRESULT STDMETHODCALLTYPE factory_GetSharedResourceAdapterLuid(IDXGIFactory6 *iface,
                                                                      HANDLE resource, LUID *luid)
{
    struct dxgi_factory *f = factory_impl(iface);
    (void)resource;
    if (luid)
        memset(luid, 0, sizeof(*luid));
    FACTORY_REFUSE(f, E_INVALIDARG, "IDXGIFactory2::GetSharedResourceAdapterLuid: softd3d never "
                   "shares resources, so no handle names a shared resource");
}

/* A status registration that never fires (see the header comment). */
static HRESULT register_status(struct dxgi_factory *f, const char *method, const void *target,
                               DWORD *cookie)
{
    if (!target || !cookie)
        FACTORY_REFUSE(f, DXGI_ERROR_INVALID_CALL, "IDXGIFactory2::%s: %s is NULL", method,
                       target ? "pdwCookie" : "the window or event");
    *cookie = atomic_fetch_add(&f->next_cookie, 1) + 1;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE factory_RegisterStereoStatusWindow(IDXGIFactory6 *iface,
                                                                    HWND window, UINT msg,
                                                                    DWORD *cookie)
{
    (void)msg;
    return register_status(factory_impl(iface), "RegisterStereoStatusWindow", window, cookie);
}

static HRESULT STDMETHODCALLTYPE factory_RegisterStereoStatusEvent(IDXGIFactory6 *iface,
                                                                   HANDLE event, DWORD *cookie)
{
    return register_status(factory_impl(iface), "RegisterStereoStatusEvent", event, cookie);
}

static HRESULT STDMETHODCALLTYPE factory_RegisterOcclusionStatusWindow(IDXGIFactory6 *iface,
                                                                       HWND window, UINT msg,
                                                                       DWORD *cookie)
{
    (void)msg;
    return register_status(factory_impl(iface), "RegisterOcclusionStatusWindow", window, cookie);
}

static HRESULT STDMETHODCALLTYPE factory_RegisterOcclusionStatusEvent(IDXGIFactory6 *iface,
                                                                      HANDLE event, DWORD *cookie)
{
    return register_status(factory_impl(iface), "RegisterOcclusionStatusEvent", event, cookie);
}

static void STDMETHODCALLTYPE factory_UnregisterStatus(IDXGIFactory6 *iface, DWORD cookie)
{
    (void)iface;
    (void)cookie;   /* nothing was ever going to be notified */
}

/* ---- IDXGIFactory3 .. 6 ---- */

static UINT STDMETHODCALLTYPE factory_GetCreationFlags(IDXGIFactory6 *iface)
{
    return factory_impl(iface)->flags;
}

static HRESULT STDMETHODCALLTYPE factory_EnumAdapterByLuid(IDXGIFactory6 *iface, LUID luid,
                                                           REFIID riid, void **out)
{
    struct dxgi_factory *f = factory_impl(iface);
    LUID ours = dxgi_adapter_luid();
    if (!out)
        FACTORY_REFUSE(f, DXGI_ERROR_INVALID_CALL, "IDXGIFactory4::EnumAdapterByLuid: "
                       "ppvAdapter is NULL");
    *out = NULL;
    if (luid.LowPart != ours.LowPart || luid.HighPart != ours.HighPart)
        FACTORY_REFUSE(f, DXGI_ERROR_NOT_FOUND, "IDXGIFactory4::EnumAdapterByLuid: no adapter "
                       "has LUID %08x:%08x (softd3d's: %08x:%08x)", (unsigned)luid.HighPart,
                       (unsigned)luid.LowPart, (unsigned)ours.HighPart, (unsigned)ours.LowPart);
    return adapter_as(f, riid, out);
}

static HRESULT STDMETHODCALLTYPE factory_EnumWarpAdapter(IDXGIFactory6 *iface, REFIID riid,
                                                         void **out)
{
    struct dxgi_factory *f = factory_impl(iface);
    if (!out)
        FACTORY_REFUSE(f, DXGI_ERROR_INVALID_CALL, "IDXGIFactory4::EnumWarpAdapter: ppvAdapter "
                       "is NULL");
    *out = NULL;
    return adapter_as(f, riid, out);   /* the software adapter (see the header comment) */
}

static HRESULT STDMETHODCALLTYPE factory_CheckFeatureSupport(IDXGIFactory6 *iface,
                                                             DXGI_FEATURE feature, void *data,
                                                             UINT size)
{
    struct dxgi_factory *f = factory_impl(iface);
    if (feature != DXGI_FEATURE_PRESENT_ALLOW_TEARING)
        FACTORY_REFUSE(f, E_INVALIDARG, "IDXGIFactory5::CheckFeatureSupport: %d is not a "
                       "DXGI_FEATURE", (int)feature);
    if (!data || size != sizeof(BOOL))
        FACTORY_REFUSE(f, E_INVALIDARG, "IDXGIFactory5::CheckFeatureSupport: "
                       "DXGI_FEATURE_PRESENT_ALLOW_TEARING takes a BOOL (size %u, %zu expected)",
                       size, sizeof(BOOL));
    *(BOOL *)data = TRUE;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE factory_EnumAdapterByGpuPreference(IDXGIFactory6 *iface,
                                                                    UINT index,
                                                                    DXGI_GPU_PREFERENCE pref,
                                                                    REFIID riid, void **out)
{
    struct dxgi_factory *f = factory_impl(iface);
    if (!out)
        FACTORY_REFUSE(f, DXGI_ERROR_INVALID_CALL, "IDXGIFactory6::EnumAdapterByGpuPreference: "
                       "ppvAdapter is NULL");
    *out = NULL;
    if ((UINT)pref > DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE)
        FACTORY_REFUSE(f, E_INVALIDARG, "IDXGIFactory6::EnumAdapterByGpuPreference: %d is not a "
                       "DXGI_GPU_PREFERENCE", (int)pref);
    if (index != 0)
        return DXGI_ERROR_NOT_FOUND;   /* the end of the list, not a refusal: no message */
    return adapter_as(f, riid, out);
}

static IDXGIFactory6Vtbl factory_vtbl = {
    .QueryInterface = factory_QueryInterface,
    .AddRef = factory_AddRef,
    .Release = factory_Release,
    .SetPrivateData = factory_SetPrivateData,
    .SetPrivateDataInterface = factory_SetPrivateDataInterface,
    .GetPrivateData = factory_GetPrivateData,
    .GetParent = factory_GetParent,
    .EnumAdapters = factory_EnumAdapters,
    .MakeWindowAssociation = factory_MakeWindowAssociation,
    .GetWindowAssociation = factory_GetWindowAssociation,
    .CreateSwapChain = factory_CreateSwapChain,
    .EnumAdapters1 = factory_EnumAdapters1,
    .IsCurrent = factory_IsCurrent,
    .IsWindowedStereoEnabled = factory_IsWindowedStereoEnabled,
    .CreateSwapChainForHwnd = factory_CreateSwapChainForHwnd,
    .CreateSwapChainForCoreWindow = factory_CreateSwapChainForCoreWindow,
    .GetSharedResourceAdapterLuid = factory_GetSharedResourceAdapterLuid,
    .RegisterStereoStatusWindow = factory_RegisterStereoStatusWindow,
    .RegisterStereoStatusEvent = factory_RegisterStereoStatusEvent,
    .UnregisterStereoStatus = factory_UnregisterStatus,
    .RegisterOcclusionStatusWindow = factory_RegisterOcclusionStatusWindow,
    .RegisterOcclusionStatusEvent = factory_RegisterOcclusionStatusEvent,
    .UnregisterOcclusionStatus = factory_UnregisterStatus,
    .CreateSwapChainForComposition = factory_CreateSwapChainForComposition,
    .GetCreationFlags = factory_GetCreationFlags,
    .EnumAdapterByLuid = factory_EnumAdapterByLuid,
    .EnumWarpAdapter = factory_EnumWarpAdapter,
    .CheckFeatureSupport = factory_CheckFeatureSupport,
    .EnumAdapterByGpuPreference = factory_EnumAdapterByGpuPreference,
};

/* ------------------------------------------------------------------ creation */

static pthread_once_t vtbl_once = PTHREAD_ONCE_INIT;

static void vtbl_fill(void)
{
    comgen_fill_IDXGIFactory6(&factory_vtbl);
}

HRESULT dxgi_factory_create(UINT flags, struct dxgi_factory **out)
{
    struct dxgi_factory *f;
    pthread_once(&vtbl_once, vtbl_fill);
    *out = NULL;
    if (!(f = calloc(1, sizeof(*f))))
        return E_OUTOFMEMORY;
    f->iface.lpVtbl = &factory_vtbl;
    atomic_init(&f->refcount, 1);
    atomic_init(&f->next_cookie, 0);
    core_pd_init(&f->private_data);
    f->flags = flags;
    f->debug = (flags & DXGI_CREATE_FACTORY_DEBUG) != 0;
    *out = f;
    return S_OK;
}

static HRESULT create_factory(UINT flags, REFIID riid, void **out)
{
    struct dxgi_factory *f;
    HRESULT hr;
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;
    if (flags & ~(UINT)DXGI_CREATE_FACTORY_DEBUG) {
        util_msg(false, "CreateDXGIFactory2: Flags 0x%x: only DXGI_CREATE_FACTORY_DEBUG is "
                 "defined", flags);
        return E_INVALIDARG;
    }
    if (FAILED(hr = dxgi_factory_create(flags, &f)))
        return hr;
    hr = IDXGIFactory6_QueryInterface(&f->iface, riid, out);
    IDXGIFactory6_Release(&f->iface);
    return hr;
}

SOFTD3D_EXPORT HRESULT WINAPI CreateDXGIFactory(REFIID riid, void **ppFactory)
{
    return create_factory(0, riid, ppFactory);
}

SOFTD3D_EXPORT HRESULT WINAPI CreateDXGIFactory1(REFIID riid, void **ppFactory)
{
    return create_factory(0, riid, ppFactory);
}

SOFTD3D_EXPORT HRESULT WINAPI CreateDXGIFactory2(UINT Flags, REFIID riid, void **ppFactory)
{
    return create_factory(Flags, riid, ppFactory);
}

SOFTD3D_EXPORT HRESULT WINAPI DXGIGetDebugInterface1(UINT Flags, REFIID riid, void **pDebug)
{
    (void)Flags;
    (void)riid;
    if (!pDebug)
        return E_POINTER;
    *pDebug = NULL;
    util_msg(false, "DXGIGetDebugInterface1: softd3d has no DXGI debug layer (E_NOINTERFACE)");
    return E_NOINTERFACE;
}
