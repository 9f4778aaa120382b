/* src/d3d11/device.c — the ID3D11Device2 object (ID3D11Device, ID3D11Device1 and ID3D11Device2
 * share its vtable) and its IDXGIDevice4 face (dxgi_device.c).
 *
 * Implemented here: IUnknown (also ID3D11Multithread, multithread.c; ID3D11Debug and
 * ID3D11InfoQueue of a debug device, debug.c), GetFeatureLevel, GetCreationFlags, GetDeviceRemovedReason,
 * Get/SetExceptionMode, GetImmediateContext(1/2), private data, CheckFeatureSupport (in
 * feature_support.c).  Everything else is filled with comgen's E_NOTIMPL stubs (listed in the
 * README) until the 10Level9 and rendering work lands.
 */
#include "d3d11/d3d11_private.h"

#include <pthread.h>
#include <stdlib.h>

#include "d3d11/d3d11_deferred.h"
#include "d3d10_1.h"
#include "d3d11sdklayers.h"
#include "softd3d_com_stubs.h"
#include "util/log.h"

HRESULT d3d11_pd_hresult(core_pd_status st)
{
    switch (st) {
    case CORE_PD_OK: return S_OK;
    case CORE_PD_NOT_FOUND: return DXGI_ERROR_NOT_FOUND;
    case CORE_PD_MORE_DATA: return DXGI_ERROR_MORE_DATA;
    case CORE_PD_OUT_OF_MEMORY: return E_OUTOFMEMORY;
    case CORE_PD_INVALID: default: return E_INVALIDARG;
    }
}

static inline struct d3d11_device *impl(ID3D11Device2 *iface)
{
    return d3d11_device_from_iface(iface);
}

static HRESULT STDMETHODCALLTYPE device_QueryInterface(ID3D11Device2 *iface, REFIID riid, void **out)
{
    struct d3d11_device *dev = impl(iface);
    if (!out)
        return E_POINTER;
    if (!riid) {
        *out = NULL;
        return E_INVALIDARG;
    }
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_ID3D11Device) ||
        IsEqualGUID(riid, &IID_ID3D11Device1) || IsEqualGUID(riid, &IID_ID3D11Device2)) {
        *out = &dev->iface;
    } else if (IsEqualGUID(riid, &IID_IDXGIObject) || IsEqualGUID(riid, &IID_IDXGIDevice) ||
               IsEqualGUID(riid, &IID_IDXGIDevice1) || IsEqualGUID(riid, &IID_IDXGIDevice2) ||
               IsEqualGUID(riid, &IID_IDXGIDevice3) || IsEqualGUID(riid, &IID_IDXGIDevice4)) {
        *out = &dev->dxgi_iface;
    } else if (IsEqualGUID(riid, &IID_ID3D11Debug) || IsEqualGUID(riid, &IID_ID3D11InfoQueue)) {
        /* Only a D3D11_CREATE_DEVICE_DEBUG device has them (debug.c); E_NOINTERFACE otherwise,
         * as Windows answers without the SDK layers. */
        return d3d11_debug_layer_query(dev, riid, out);
    } else if (dev->d3d10_device &&
               (IsEqualGUID(riid, &IID_ID3D10Device) || IsEqualGUID(riid, &IID_ID3D10Device1))) {
        /* The Direct3D 10 device running on this one (src/d3d10/): reached from the DXGI face
         * and from a swap chain's GetDevice. */
        return IUnknown_QueryInterface(dev->d3d10_device, riid, out);
    } else if (IsEqualGUID(riid, &IID_ID3D11Multithread)) {
        /* The immediate context's face (multithread.c): it holds a context reference. */
        ID3D11Multithread_AddRef(&dev->mt.iface);
        *out = &dev->mt.iface;
        return S_OK;
    } else {
        *out = NULL;
        return E_NOINTERFACE;
    }
    ID3D11Device2_AddRef(iface);
    return S_OK;
}

static ULONG STDMETHODCALLTYPE device_AddRef(ID3D11Device2 *iface)
{
    return atomic_fetch_add(&impl(iface)->refcount, 1) + 1;
}

static void device_destroy(struct d3d11_device *dev)
{
    /* Objects still bound to the context hold no device reference (device_child.h); dropping
     * them below takes and releases one in pairs, so hold the count at 1 meanwhile — it must not
     * reach 0 a second time. */
    atomic_store(&dev->refcount, 1);
    d3d11_context_cleanup(&dev->context);
    d3d11_multithread_cleanup(dev);
    d3d11_debug_layer_destroy(dev);   /* after the context: its bound children unlink first */
    core_pd_free(&dev->private_data);
    IDXGIAdapter1_Release(&dev->adapter->iface);
    free(dev);
}

static ULONG STDMETHODCALLTYPE device_Release(ID3D11Device2 *iface)
{
    struct d3d11_device *dev = impl(iface);
    ULONG left = atomic_fetch_sub(&dev->refcount, 1) - 1;
    if (!left)
        device_destroy(dev);
    return left;
}

static D3D_FEATURE_LEVEL STDMETHODCALLTYPE device_GetFeatureLevel(ID3D11Device2 *iface)
{
    return impl(iface)->level;
}

static UINT STDMETHODCALLTYPE device_GetCreationFlags(ID3D11Device2 *iface)
{
    return impl(iface)->flags;
}

static HRESULT STDMETHODCALLTYPE device_GetDeviceRemovedReason(ID3D11Device2 *iface)
{
    (void)iface;
    return S_OK;   /* a software device is never removed */
}

static HRESULT STDMETHODCALLTYPE device_SetExceptionMode(ID3D11Device2 *iface, UINT flags)
{
    struct d3d11_device *dev = impl(iface);
    if (flags & ~(UINT)D3D11_RAISE_FLAG_DRIVER_INTERNAL_ERROR) {
        d3d11_msg(dev, "SetExceptionMode: unknown flags 0x%x", flags);
        return E_INVALIDARG;
    }
    dev->exception_mode = flags;
    return S_OK;
}

static UINT STDMETHODCALLTYPE device_GetExceptionMode(ID3D11Device2 *iface)
{
    return impl(iface)->exception_mode;
}

static void STDMETHODCALLTYPE device_GetImmediateContext(ID3D11Device2 *iface,
                                                         ID3D11DeviceContext **out)
{
    struct d3d11_device *dev = impl(iface);
    if (!out) {
        d3d11_msg(dev, "GetImmediateContext: ppImmediateContext is NULL");
        return;
    }
    ID3D11DeviceContext2_AddRef(&dev->context.iface);
    *out = (ID3D11DeviceContext *)&dev->context.iface;
}

static void STDMETHODCALLTYPE device_GetImmediateContext1(ID3D11Device2 *iface,
                                                          ID3D11DeviceContext1 **out)
{
    device_GetImmediateContext(iface, (ID3D11DeviceContext **)out);
}

static void STDMETHODCALLTYPE device_GetImmediateContext2(ID3D11Device2 *iface,
                                                          ID3D11DeviceContext2 **out)
{
    device_GetImmediateContext(iface, (ID3D11DeviceContext **)out);
}

static HRESULT STDMETHODCALLTYPE device_CheckFeatureSupport(ID3D11Device2 *iface,
                                                            D3D11_FEATURE feature, void *data,
                                                            UINT size)
{
    return d3d11_check_feature_support(impl(iface), feature, data, size);
}

static HRESULT STDMETHODCALLTYPE device_GetPrivateData(ID3D11Device2 *iface, REFGUID guid,
                                                       UINT *size, void *data)
{
    return d3d11_pd_hresult(core_pd_get(&impl(iface)->private_data, guid, size, data));
}

static HRESULT STDMETHODCALLTYPE device_SetPrivateData(ID3D11Device2 *iface, REFGUID guid,
                                                       UINT size, const void *data)
{
    return d3d11_pd_hresult(core_pd_set(&impl(iface)->private_data, guid, size, data));
}

static HRESULT STDMETHODCALLTYPE device_SetPrivateDataInterface(ID3D11Device2 *iface,
                                                                REFGUID guid,
                                                                const IUnknown *data)
{
    return d3d11_pd_hresult(
        core_pd_set_interface(&impl(iface)->private_data, guid, (IUnknown *)data));
}

static ID3D11Device2Vtbl device_vtbl = {
    .QueryInterface = device_QueryInterface,
    .AddRef = device_AddRef,
    .Release = device_Release,
    .CheckFeatureSupport = device_CheckFeatureSupport,
    .GetPrivateData = device_GetPrivateData,
    .SetPrivateData = device_SetPrivateData,
    .SetPrivateDataInterface = device_SetPrivateDataInterface,
    .GetFeatureLevel = device_GetFeatureLevel,
    .GetCreationFlags = device_GetCreationFlags,
    .GetDeviceRemovedReason = device_GetDeviceRemovedReason,
    .GetImmediateContext = device_GetImmediateContext,
    .SetExceptionMode = device_SetExceptionMode,
    .GetExceptionMode = device_GetExceptionMode,
    .GetImmediateContext1 = device_GetImmediateContext1,
    .GetImmediateContext2 = device_GetImmediateContext2,
};

static pthread_once_t vtbl_once = PTHREAD_ONCE_INIT;

static void vtbl_fill(void)
{
    d3d11_format_support_fill_device_vtbl(&device_vtbl);
    d3d11_resource_fill_device_vtbl(&device_vtbl);
    d3d11_state_fill_device_vtbl(&device_vtbl);
    d3d11_query_fill_device_vtbl(&device_vtbl);
    d3d11_shader_fill_device_vtbl(&device_vtbl);
    d3d11_deferred_fill_device_vtbl(&device_vtbl);   /* context_deferred.c */
    d3d11_state_object_fill_device_vtbl(&device_vtbl);   /* CreateDeviceContextState */
    comgen_fill_ID3D11Device2(&device_vtbl);
}

HRESULT d3d11_device_create(const core_profile *profile, D3D_FEATURE_LEVEL level, UINT flags,
                            D3D_DRIVER_TYPE type, struct dxgi_adapter *adapter,
                            struct d3d11_device **out)
{
    struct d3d11_device *dev;

    pthread_once(&vtbl_once, vtbl_fill);
    *out = NULL;
    if (!(dev = calloc(1, sizeof(*dev)))) {
        util_msg((flags & D3D11_CREATE_DEVICE_DEBUG) != 0, "D3D11CreateDevice: out of memory");
        return E_OUTOFMEMORY;
    }
    dev->iface.lpVtbl = &device_vtbl;
    if (level == D3D_FEATURE_LEVEL_11_1)   /* the ordinary vtable + tiled resources (tiled.c) */
        dev->iface.lpVtbl = d3d11_tiled_device_vtbl(&device_vtbl);
    dxgi_device_init_vtbl(dev);
    atomic_init(&dev->refcount, 1);
    dev->level = level;
    dev->flags = flags;
    dev->driver_type = type;
    dev->debug = (flags & D3D11_CREATE_DEVICE_DEBUG) != 0;
    dev->profile = profile;
    dev->adapter = adapter;
    IDXGIAdapter1_AddRef(&adapter->iface);
    dev->max_frame_latency = 3;   /* IDXGIDevice1::GetMaximumFrameLatency documents 3 as default */
    core_pd_init(&dev->private_data);
    if (dev->debug && !d3d11_debug_layer_create(dev)) {
        util_msg(true, "D3D11CreateDevice: out of memory (the debug layer)");
        core_pd_free(&dev->private_data);
        IDXGIAdapter1_Release(&adapter->iface);
        free(dev);
        return E_OUTOFMEMORY;
    }
    d3d11_context_init(&dev->context, dev);
    if (level == D3D_FEATURE_LEVEL_11_1)   /* draws into tiled render targets (tiled_draw.c) */
        d3d11_tiled_context_init(&dev->context);
    if (!d3d11_multithread_init(dev)) {   /* last: it wraps the context's final vtable */
        util_msg(dev->debug, "D3D11CreateDevice: cannot create the context's mutex");
        d3d11_context_cleanup(&dev->context);
        d3d11_debug_layer_destroy(dev);
        core_pd_free(&dev->private_data);
        IDXGIAdapter1_Release(&adapter->iface);
        free(dev);
        return E_OUTOFMEMORY;
    }
    *out = dev;
    return S_OK;
}
