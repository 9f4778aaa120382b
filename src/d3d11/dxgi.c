/* src/d3d11/dxgi.c — the DXGI objects a Direct3D 11 application meets: IDXGIFactory1 (from
 * CreateDXGIFactory/1), the one software IDXGIAdapter1 it enumerates, and the IDXGIDevice1 face
 * of the D3D11 device.
 *
 * The adapter: softd3d is headless, so the adapter has no outputs (EnumOutputs answers
 * DXGI_ERROR_NOT_FOUND for every index); CreateSwapChain makes headless swap chains
 * (swapchain.c).  Its identity:
 *   Description "softd3d software adapter", VendorId 0x53D3D, DeviceId 0x0001, SubSysId 0,
 *   Revision 0, DedicatedVideoMemory 0, DedicatedSystemMemory 0, SharedSystemMemory = half of
 *   physical memory (capped to SIZE_T), AdapterLuid {0x53D3D, 0}, Flags DXGI_ADAPTER_FLAG_SOFTWARE.
 *   VendorId 0x53D3D is deliberately above 0xFFFF, so it can never collide with a PCI vendor id
 *   (which are 16-bit), and it is outside the 0x10000-0x1FFFF range Khronos assigns.
 */
#include "d3d11/d3d11_private.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/com_object.h"
#include "softd3d_com_stubs.h"
#include "util/export.h"
#include "util/log.h"

#define SOFTD3D_VENDOR_ID 0x53D3Du
#define SOFTD3D_DEVICE_ID 0x0001u

/* ------------------------------------------------------------------ factory */

static void factory_destroy(struct dxgi_factory *f)
{
    core_pd_free(&f->private_data);
    free(f);
}

static const GUID *const factory_iids[] = { &IID_IDXGIFactory, &IID_IDXGIFactory1, NULL };
CORE_COM_IUNKNOWN(factory, IDXGIFactory1, struct dxgi_factory, refcount, &IID_IDXGIObject,
                  factory_iids, factory_destroy)
CORE_COM_PRIVATE_DATA(factory, IDXGIFactory1, struct dxgi_factory, private_data, d3d11_pd_hresult)

static HRESULT STDMETHODCALLTYPE factory_GetParent(IDXGIFactory1 *iface, REFIID riid, void **out)
{
    (void)iface;
    (void)riid;
    if (out)
        *out = NULL;
    return E_NOINTERFACE;   /* a factory has no parent */
}

static HRESULT STDMETHODCALLTYPE factory_EnumAdapters1(IDXGIFactory1 *iface, UINT index,
                                                       IDXGIAdapter1 **out)
{
    struct dxgi_adapter *ad;
    HRESULT hr;
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    if (index != 0)
        return DXGI_ERROR_NOT_FOUND;
    if (FAILED(hr = dxgi_adapter_create(factory_impl(iface), &ad)))
        return hr;
    *out = &ad->iface;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE factory_EnumAdapters(IDXGIFactory1 *iface, UINT index,
                                                      IDXGIAdapter **out)
{
    return factory_EnumAdapters1(iface, index, (IDXGIAdapter1 **)out);
}

static HRESULT STDMETHODCALLTYPE factory_MakeWindowAssociation(IDXGIFactory1 *iface, HWND window,
                                                               UINT flags)
{
    (void)iface;
    (void)window;
    if (flags & ~(UINT)(DXGI_MWA_NO_WINDOW_CHANGES | DXGI_MWA_NO_ALT_ENTER |
                        DXGI_MWA_NO_PRINT_SCREEN))
        return DXGI_ERROR_INVALID_CALL;
    return S_OK;   /* headless: there is no window to watch */
}

static HRESULT STDMETHODCALLTYPE factory_GetWindowAssociation(IDXGIFactory1 *iface, HWND *out)
{
    (void)iface;
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    return S_OK;
}

static BOOL STDMETHODCALLTYPE factory_IsCurrent(IDXGIFactory1 *iface)
{
    (void)iface;
    return TRUE;   /* the adapter set never changes */
}

static HRESULT STDMETHODCALLTYPE factory_CreateSwapChain(IDXGIFactory1 *iface, IUnknown *device,
                                                         DXGI_SWAP_CHAIN_DESC *desc,
                                                         IDXGISwapChain **out)
{
    return dxgi_swapchain_create(factory_impl(iface), device, desc, out);
}

static IDXGIFactory1Vtbl factory_vtbl = {
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
};

/* ------------------------------------------------------------------ adapter */

static void adapter_destroy(struct dxgi_adapter *a)
{
    core_pd_free(&a->private_data);
    IDXGIFactory1_Release(&a->factory->iface);
    free(a);
}

static const GUID *const adapter_iids[] = { &IID_IDXGIAdapter, &IID_IDXGIAdapter1, NULL };
CORE_COM_IUNKNOWN(adapter, IDXGIAdapter1, struct dxgi_adapter, refcount, &IID_IDXGIObject,
                  adapter_iids, adapter_destroy)
CORE_COM_PRIVATE_DATA(adapter, IDXGIAdapter1, struct dxgi_adapter, private_data, d3d11_pd_hresult)

static HRESULT STDMETHODCALLTYPE adapter_GetParent(IDXGIAdapter1 *iface, REFIID riid, void **out)
{
    return IDXGIFactory1_QueryInterface(&adapter_impl(iface)->factory->iface, riid, out);
}

static HRESULT STDMETHODCALLTYPE adapter_EnumOutputs(IDXGIAdapter1 *iface, UINT index,
                                                     IDXGIOutput **out)
{
    (void)iface;
    (void)index;
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    return DXGI_ERROR_NOT_FOUND;   /* headless: no outputs */
}

static void fill_desc1(DXGI_ADAPTER_DESC1 *d)
{
    static const char name[] = "softd3d software adapter";
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    unsigned long long mem = pages > 0 && page > 0 ? (unsigned long long)pages * (unsigned long long)page : 0;

    memset(d, 0, sizeof(*d));
    for (size_t i = 0; i < sizeof(name) && i < 127; i++)
        d->Description[i] = (WCHAR)name[i];
    d->VendorId = SOFTD3D_VENDOR_ID;
    d->DeviceId = SOFTD3D_DEVICE_ID;
    d->SharedSystemMemory = (SIZE_T)(mem / 2);
    d->AdapterLuid.LowPart = SOFTD3D_VENDOR_ID;
    d->AdapterLuid.HighPart = 0;
    d->Flags = DXGI_ADAPTER_FLAG_SOFTWARE;
}

static HRESULT STDMETHODCALLTYPE adapter_GetDesc1(IDXGIAdapter1 *iface, DXGI_ADAPTER_DESC1 *desc)
{
    (void)iface;
    if (!desc)
        return E_INVALIDARG;
    fill_desc1(desc);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE adapter_GetDesc(IDXGIAdapter1 *iface, DXGI_ADAPTER_DESC *desc)
{
    DXGI_ADAPTER_DESC1 d1;
    (void)iface;
    if (!desc)
        return E_INVALIDARG;
    fill_desc1(&d1);
    /* DXGI_ADAPTER_DESC is DXGI_ADAPTER_DESC1 without the trailing Flags member. */
    memcpy(desc, &d1, sizeof(*desc));
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE adapter_CheckInterfaceSupport(IDXGIAdapter1 *iface, REFGUID guid,
                                                               LARGE_INTEGER *version)
{
    (void)iface;
    (void)guid;
    (void)version;
    /* Documented for ID3D10Device only; softd3d has no Direct3D 10 device. */
    return DXGI_ERROR_UNSUPPORTED;
}

static IDXGIAdapter1Vtbl adapter_vtbl = {
    .QueryInterface = adapter_QueryInterface,
    .AddRef = adapter_AddRef,
    .Release = adapter_Release,
    .SetPrivateData = adapter_SetPrivateData,
    .SetPrivateDataInterface = adapter_SetPrivateDataInterface,
    .GetPrivateData = adapter_GetPrivateData,
    .GetParent = adapter_GetParent,
    .EnumOutputs = adapter_EnumOutputs,
    .GetDesc = adapter_GetDesc,
    .CheckInterfaceSupport = adapter_CheckInterfaceSupport,
    .GetDesc1 = adapter_GetDesc1,
};

/* ------------------------------------------------------------------ IDXGIDevice1 of the device */

static inline struct d3d11_device *dxgidev_impl(IDXGIDevice1 *iface)
{
    return container_of(iface, struct d3d11_device, dxgi_iface);
}

static HRESULT STDMETHODCALLTYPE dxgidev_QueryInterface(IDXGIDevice1 *iface, REFIID riid,
                                                        void **out)
{
    return ID3D11Device2_QueryInterface(&dxgidev_impl(iface)->iface, riid, out);
}

static ULONG STDMETHODCALLTYPE dxgidev_AddRef(IDXGIDevice1 *iface)
{
    return ID3D11Device2_AddRef(&dxgidev_impl(iface)->iface);
}

static ULONG STDMETHODCALLTYPE dxgidev_Release(IDXGIDevice1 *iface)
{
    return ID3D11Device2_Release(&dxgidev_impl(iface)->iface);
}

static HRESULT STDMETHODCALLTYPE dxgidev_SetPrivateData(IDXGIDevice1 *iface, REFGUID guid,
                                                        UINT size, const void *data)
{
    return ID3D11Device2_SetPrivateData(&dxgidev_impl(iface)->iface, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE dxgidev_SetPrivateDataInterface(IDXGIDevice1 *iface,
                                                                 REFGUID guid,
                                                                 const IUnknown *unk)
{
    return ID3D11Device2_SetPrivateDataInterface(&dxgidev_impl(iface)->iface, guid, unk);
}

static HRESULT STDMETHODCALLTYPE dxgidev_GetPrivateData(IDXGIDevice1 *iface, REFGUID guid,
                                                        UINT *size, void *data)
{
    return ID3D11Device2_GetPrivateData(&dxgidev_impl(iface)->iface, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE dxgidev_GetParent(IDXGIDevice1 *iface, REFIID riid, void **out)
{
    /* A DXGI device's parent is its adapter. */
    return IDXGIAdapter1_QueryInterface(&dxgidev_impl(iface)->adapter->iface, riid, out);
}

static HRESULT STDMETHODCALLTYPE dxgidev_GetAdapter(IDXGIDevice1 *iface, IDXGIAdapter **out)
{
    struct d3d11_device *dev = dxgidev_impl(iface);
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    IDXGIAdapter1_AddRef(&dev->adapter->iface);
    *out = (IDXGIAdapter *)&dev->adapter->iface;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgidev_SetGPUThreadPriority(IDXGIDevice1 *iface, INT prio)
{
    if (prio < -7 || prio > 7)   /* documented range */
        return E_INVALIDARG;
    dxgidev_impl(iface)->gpu_thread_priority = prio;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgidev_GetGPUThreadPriority(IDXGIDevice1 *iface, INT *prio)
{
    if (!prio)
        return E_POINTER;
    *prio = dxgidev_impl(iface)->gpu_thread_priority;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgidev_SetMaximumFrameLatency(IDXGIDevice1 *iface, UINT n)
{
    if (n > 16)   /* documented: 0 (the default, 3) to 16 */
        return DXGI_ERROR_INVALID_CALL;
    dxgidev_impl(iface)->max_frame_latency = n ? n : 3;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgidev_GetMaximumFrameLatency(IDXGIDevice1 *iface, UINT *n)
{
    if (!n)
        return DXGI_ERROR_INVALID_CALL;
    *n = dxgidev_impl(iface)->max_frame_latency;
    return S_OK;
}

static IDXGIDevice1Vtbl dxgidev_vtbl = {
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
};

/* ------------------------------------------------------------------ creation */

static pthread_once_t vtbl_once = PTHREAD_ONCE_INIT;

static void vtbl_fill(void)
{
    comgen_fill_IDXGIFactory1(&factory_vtbl);
    comgen_fill_IDXGIAdapter1(&adapter_vtbl);
    comgen_fill_IDXGIDevice1(&dxgidev_vtbl);
}

void dxgi_device_init_vtbl(struct d3d11_device *dev)
{
    pthread_once(&vtbl_once, vtbl_fill);
    dev->dxgi_iface.lpVtbl = &dxgidev_vtbl;
}

HRESULT dxgi_factory_create(struct dxgi_factory **out)
{
    struct dxgi_factory *f;
    pthread_once(&vtbl_once, vtbl_fill);
    *out = NULL;
    if (!(f = calloc(1, sizeof(*f))))
        return E_OUTOFMEMORY;
    f->iface.lpVtbl = &factory_vtbl;
    atomic_init(&f->refcount, 1);
    core_pd_init(&f->private_data);
    *out = f;
    return S_OK;
}

HRESULT dxgi_adapter_create(struct dxgi_factory *factory, struct dxgi_adapter **out)
{
    struct dxgi_adapter *a;
    pthread_once(&vtbl_once, vtbl_fill);
    *out = NULL;
    if (!(a = calloc(1, sizeof(*a))))
        return E_OUTOFMEMORY;
    a->iface.lpVtbl = &adapter_vtbl;
    atomic_init(&a->refcount, 1);
    a->factory = factory;
    IDXGIFactory1_AddRef(&factory->iface);
    core_pd_init(&a->private_data);
    *out = a;
    return S_OK;
}

struct dxgi_adapter *dxgi_adapter_from_iface(IDXGIAdapter *iface)
{
    if (!iface || iface->lpVtbl != (const IDXGIAdapterVtbl *)(const void *)&adapter_vtbl)
        return NULL;
    return adapter_impl((IDXGIAdapter1 *)iface);
}

struct d3d11_device *dxgi_device_from_unknown(IUnknown *unk)
{
    IDXGIDevice1 *dxgi = NULL;
    struct d3d11_device *dev = NULL;
    if (FAILED(IUnknown_QueryInterface(unk, &IID_IDXGIDevice1, (void **)&dxgi)) || !dxgi)
        return NULL;
    if (dxgi->lpVtbl == &dxgidev_vtbl)
        dev = dxgidev_impl(dxgi);
    IDXGIDevice1_Release(dxgi);
    return dev;
}

static HRESULT create_factory(REFIID riid, void **out)
{
    struct dxgi_factory *f;
    HRESULT hr;
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;
    if (FAILED(hr = dxgi_factory_create(&f)))
        return hr;
    hr = IDXGIFactory1_QueryInterface(&f->iface, riid, out);
    IDXGIFactory1_Release(&f->iface);
    return hr;
}

SOFTD3D_EXPORT HRESULT WINAPI CreateDXGIFactory(REFIID riid, void **ppFactory)
{
    return create_factory(riid, ppFactory);
}

SOFTD3D_EXPORT HRESULT WINAPI CreateDXGIFactory1(REFIID riid, void **ppFactory)
{
    return create_factory(riid, ppFactory);
}
