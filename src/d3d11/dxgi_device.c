/* src/d3d11/dxgi_device.c — the IDXGIDevice4 face of the D3D11 device (IDXGIDevice ..
 * IDXGIDevice4 share one vtable; the device's QueryInterface answers each, device.c).
 *
 * IUnknown and private data are the device's.  GetParent and GetAdapter: the adapter;
 * Get/SetGPUThreadPriority (-7..7), Get/SetMaximumFrameLatency (0..16, 0 = the default 3): stored
 * and reported (softd3d queues no frames, so neither changes scheduling).
 * IDXGIDevice2/4 OfferResources(1) / ReclaimResources(1) and IDXGIDevice3::Trim: see below.
 * Not implemented (E_NOTIMPL): CreateSurface, QueryResourceResidency, EnqueueSetEvent (the
 * event is a Win32 event HANDLE, which softd3d cannot set).
 */
#include "d3d11/d3d11_private.h"

#include <pthread.h>

#include "softd3d_com_stubs.h"
#include "util/log.h"

static inline struct d3d11_device *dxgidev_impl(IDXGIDevice4 *iface)
{
    return container_of(iface, struct d3d11_device, dxgi_iface);
}

static HRESULT STDMETHODCALLTYPE dxgidev_QueryInterface(IDXGIDevice4 *iface, REFIID riid,
                                                        void **out)
{
    return ID3D11Device2_QueryInterface(&dxgidev_impl(iface)->iface, riid, out);
}

static ULONG STDMETHODCALLTYPE dxgidev_AddRef(IDXGIDevice4 *iface)
{
    return ID3D11Device2_AddRef(&dxgidev_impl(iface)->iface);
}

static ULONG STDMETHODCALLTYPE dxgidev_Release(IDXGIDevice4 *iface)
{
    return ID3D11Device2_Release(&dxgidev_impl(iface)->iface);
}

static HRESULT STDMETHODCALLTYPE dxgidev_SetPrivateData(IDXGIDevice4 *iface, REFGUID guid,
                                                        UINT size, const void *data)
{
    return ID3D11Device2_SetPrivateData(&dxgidev_impl(iface)->iface, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE dxgidev_SetPrivateDataInterface(IDXGIDevice4 *iface,
                                                                 REFGUID guid,
                                                                 const IUnknown *unk)
{
    return ID3D11Device2_SetPrivateDataInterface(&dxgidev_impl(iface)->iface, guid, unk);
}

static HRESULT STDMETHODCALLTYPE dxgidev_GetPrivateData(IDXGIDevice4 *iface, REFGUID guid,
                                                        UINT *size, void *data)
{
    return ID3D11Device2_GetPrivateData(&dxgidev_impl(iface)->iface, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE dxgidev_GetParent(IDXGIDevice4 *iface, REFIID riid, void **out)
{
    /* A DXGI device's parent is its adapter. */
    return IDXGIAdapter4_QueryInterface(&dxgidev_impl(iface)->adapter->iface, riid, out);
}

static HRESULT STDMETHODCALLTYPE dxgidev_GetAdapter(IDXGIDevice4 *iface, IDXGIAdapter **out)
{
    struct d3d11_device *dev = dxgidev_impl(iface);
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    IDXGIAdapter4_AddRef(&dev->adapter->iface);
    *out = (IDXGIAdapter *)&dev->adapter->iface;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgidev_SetGPUThreadPriority(IDXGIDevice4 *iface, INT prio)
{
    if (prio < -7 || prio > 7)   /* documented range */
        return E_INVALIDARG;
    dxgidev_impl(iface)->gpu_thread_priority = prio;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgidev_GetGPUThreadPriority(IDXGIDevice4 *iface, INT *prio)
{
    if (!prio)
        return E_POINTER;
    *prio = dxgidev_impl(iface)->gpu_thread_priority;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgidev_SetMaximumFrameLatency(IDXGIDevice4 *iface, UINT n)
{
    if (n > 16)   /* documented: 0 (the default, 3) to 16 */
        return DXGI_ERROR_INVALID_CALL;
    dxgidev_impl(iface)->max_frame_latency = n ? n : 3;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgidev_GetMaximumFrameLatency(IDXGIDevice4 *iface, UINT *n)
{
    if (!n)
        return DXGI_ERROR_INVALID_CALL;
    *n = dxgidev_impl(iface)->max_frame_latency;
    return S_OK;
}

/* ---- IDXGIDevice2 .. 4: offering and reclaiming resources, Trim ---- */

/* OfferResources(1) / ReclaimResources(1) take IDXGIResource pointers; softd3d's D3D11
 * resources do not answer IDXGIResource (yet), so no pointer an application holds can be a
 * resource of this device, and every non-empty call is refused as the documentation refuses a
 * resource the device does not own: E_INVALIDARG.  An empty list is E_INVALIDARG too
 * (NumResources must be at least 1).  The checks run in this order: the list, the
 * priority (OfferResources: DXGI_OFFER_RESOURCE_PRIORITY_LOW .. HIGH), the flags (OfferResources1:
 * 0 or DXGI_OFFER_RESOURCE_FLAG_ALLOW_DECOMMIT), then the resources. */
static HRESULT check_resources(struct d3d11_device *dev, const char *method, UINT count,
                               IDXGIResource *const *resources)
{
    if (!count || !resources) {
        d3d11_msg(dev, "IDXGIDevice2::%s: %s", method,
                  count ? "ppResources is NULL" : "NumResources is 0");
        return E_INVALIDARG;
    }
    /* No IDXGIResource an application can hold is softd3d's, so the first one already fails. */
    d3d11_msg(dev, "IDXGIDevice2::%s: resource 0 is not an IDXGIResource of this device "
              "(softd3d's resources do not implement IDXGIResource)", method);
    return E_INVALIDARG;
}

static HRESULT offer(struct d3d11_device *dev, const char *method, UINT count,
                     IDXGIResource *const *resources, DXGI_OFFER_RESOURCE_PRIORITY priority,
                     UINT flags)
{
    if (!count || !resources)
        return check_resources(dev, method, count, resources);
    if (priority < DXGI_OFFER_RESOURCE_PRIORITY_LOW ||
        priority > DXGI_OFFER_RESOURCE_PRIORITY_HIGH) {
        d3d11_msg(dev, "IDXGIDevice2::%s: %d is not a DXGI_OFFER_RESOURCE_PRIORITY", method,
                  (int)priority);
        return E_INVALIDARG;
    }
    if (flags & ~(UINT)DXGI_OFFER_RESOURCE_FLAG_ALLOW_DECOMMIT) {
        d3d11_msg(dev, "IDXGIDevice4::%s: unknown flags 0x%x", method, flags);
        return E_INVALIDARG;
    }
    return check_resources(dev, method, count, resources);
}

static HRESULT STDMETHODCALLTYPE dxgidev_OfferResources(IDXGIDevice4 *iface, UINT count,
                                                        IDXGIResource *const *resources,
                                                        DXGI_OFFER_RESOURCE_PRIORITY priority)
{
    return offer(dxgidev_impl(iface), "OfferResources", count, resources, priority, 0);
}

static HRESULT STDMETHODCALLTYPE dxgidev_OfferResources1(IDXGIDevice4 *iface, UINT count,
                                                         IDXGIResource *const *resources,
                                                         DXGI_OFFER_RESOURCE_PRIORITY priority,
                                                         UINT flags)
{
    return offer(dxgidev_impl(iface), "OfferResources1", count, resources, priority, flags);
}

static HRESULT STDMETHODCALLTYPE dxgidev_ReclaimResources(IDXGIDevice4 *iface, UINT count,
                                                          IDXGIResource *const *resources,
                                                          BOOL *discarded)
{
    (void)discarded;
    return check_resources(dxgidev_impl(iface), "ReclaimResources", count, resources);
}

static HRESULT STDMETHODCALLTYPE dxgidev_ReclaimResources1(IDXGIDevice4 *iface, UINT count,
                                                           IDXGIResource *const *resources,
                                                           DXGI_RECLAIM_RESOURCE_RESULTS *results)
{
    (void)results;
    return check_resources(dxgidev_impl(iface), "ReclaimResources1", count, resources);
}

/* IDXGIDevice3::Trim releases "temporary driver allocations" made on the application's behalf.
 * softd3d frees its internal memory (compiled shaders, the renderer's scene memory) with the
 * objects that own it and releases none of it early, so there is nothing to trim. */
static void STDMETHODCALLTYPE dxgidev_Trim(IDXGIDevice4 *iface)
{
    (void)iface;
}

static IDXGIDevice4Vtbl dxgidev_vtbl = {
    .QueryInterface = dxgidev_QueryInterface,
    .AddRef = dxgidev_AddRef,
    .Release = dxgidev_Release,
    .SetPrivateData = dxgidev_SetPrivateData,
    .SetPrivateDataInterface = dxgidev_SetPrivateDataInterface,
    .GetPrivateData = dxgidev_GetPrivateData,
    .GetParent = dxgidev_GetParent,
    .GetAdapter = dxgidev_GetAdapter,
    .SetGPUThreadPriority = dxgidev_SetGPUThreadPriority,
    .GetGPUThreadPriority = dxgidev_GetGPUThreadPriority,
    .SetMaximumFrameLatency = dxgidev_SetMaximumFrameLatency,
    .GetMaximumFrameLatency = dxgidev_GetMaximumFrameLatency,
    .OfferResources = dxgidev_OfferResources,
    .ReclaimResources = dxgidev_ReclaimResources,
    .Trim = dxgidev_Trim,
    .OfferResources1 = dxgidev_OfferResources1,
    .ReclaimResources1 = dxgidev_ReclaimResources1,
};

/* ------------------------------------------------------------------ creation */

static pthread_once_t vtbl_once = PTHREAD_ONCE_INIT;

static void vtbl_fill(void)
{
    comgen_fill_IDXGIDevice4(&dxgidev_vtbl);
}

void dxgi_device_init_vtbl(struct d3d11_device *dev)
{
    pthread_once(&vtbl_once, vtbl_fill);
    dev->dxgi_iface.lpVtbl = &dxgidev_vtbl;
}

struct d3d11_device *dxgi_device_from_unknown(IUnknown *unk)
{
    IDXGIDevice4 *dxgi = NULL;
    struct d3d11_device *dev = NULL;
    if (FAILED(IUnknown_QueryInterface(unk, &IID_IDXGIDevice4, (void **)&dxgi)) || !dxgi)
        return NULL;
    if (dxgi->lpVtbl == &dxgidev_vtbl)
        dev = dxgidev_impl(dxgi);
    IDXGIDevice4_Release(dxgi);
    return dev;
}
