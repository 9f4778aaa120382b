/* src/d3d11/dxgi_adapter.c — softd3d's one adapter, IDXGIAdapter4 (IDXGIAdapter .. 4 share its
 * vtable and QueryInterface answers each).
 *
 * softd3d is headless, so the adapter has no outputs (EnumOutputs answers DXGI_ERROR_NOT_FOUND
 * for every index).  Its identity (GetDesc, GetDesc1, GetDesc2, GetDesc3):
 *   Description "softd3d software adapter", VendorId 0x53D3D, DeviceId 0x0001, SubSysId 0,
 *   Revision 0, DedicatedVideoMemory 0, DedicatedSystemMemory 0, SharedSystemMemory = half of
 *   physical memory (capped to SIZE_T), AdapterLuid {0x53D3D, 0}, Flags DXGI_ADAPTER_FLAG_SOFTWARE
 *   (GetDesc3: DXGI_ADAPTER_FLAG3_SOFTWARE: no monitored fences, no keyed mutexes).
 *   VendorId 0x53D3D is deliberately above 0xFFFF, so it can never collide with a PCI vendor id
 *   (which are 16-bit), and it is outside the 0x10000-0x1FFFF range Khronos assigns.
 *   Preemption granularity (GetDesc2/3): DMA_BUFFER_BOUNDARY for graphics and compute — a draw,
 *   once started, runs to its end; nothing is preempted inside one.
 *
 * IDXGIAdapter3 memory (QueryVideoMemoryInfo), node 0 only (one node; another NodeIndex:
 * E_INVALIDARG).  The adapter renders from system memory, like an integrated (UMA) adapter, so
 * all of its memory is the LOCAL segment group and NON_LOCAL reports zeros:
 *   LOCAL Budget = SharedSystemMemory of the description; CurrentUsage = the texel and buffer
 *   bytes of every resource alive in the process (core_resource_bytes_in_use: what softd3d has
 *   allocated for resources, both APIs); AvailableForReservation = Budget; CurrentReservation =
 *   the last SetVideoMemoryReservation (process-wide, as the reservation belongs to the process,
 *   not to one adapter object).
 *   SetVideoMemoryReservation: above AvailableForReservation (so anything but 0 for NON_LOCAL):
 *   E_INVALIDARG.  The numbers never change except CurrentUsage, so the budget-change
 *   notification never fires; RegisterVideoMemoryBudgetChangeNotificationEvent and
 *   RegisterHardwareContentProtectionTeardownStatusEvent (no content protection, so no teardown)
 *   validate their arguments (NULL event or cookie pointer: DXGI_ERROR_INVALID_CALL) and hand
 *   out cookies; the Unregister methods accept any cookie.
 * CheckInterfaceSupport: documented for ID3D10Device only; softd3d has no Direct3D 10 device:
 * DXGI_ERROR_UNSUPPORTED.
 */
#include "d3d11/d3d11_private.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/com_object.h"
#include "core/resource.h"
#include "softd3d_com_stubs.h"
#include "util/log.h"

#define SOFTD3D_VENDOR_ID 0x53D3Du
#define SOFTD3D_DEVICE_ID 0x0001u

/* SetVideoMemoryReservation's LOCAL reservation (NON_LOCAL can only be 0). */
static _Atomic uint64_t local_reservation;

LUID dxgi_adapter_luid(void)
{
    LUID l = { SOFTD3D_VENDOR_ID, 0 };
    return l;
}

static void adapter_destroy(struct dxgi_adapter *a)
{
    core_pd_free(&a->private_data);
    IDXGIFactory6_Release(&a->factory->iface);
    free(a);
}

static const GUID *const adapter_iids[] = { &IID_IDXGIAdapter, &IID_IDXGIAdapter1,
                                            &IID_IDXGIAdapter2, &IID_IDXGIAdapter3,
                                            &IID_IDXGIAdapter4, NULL };
CORE_COM_IUNKNOWN(adapter, IDXGIAdapter4, struct dxgi_adapter, refcount, &IID_IDXGIObject,
                  adapter_iids, adapter_destroy)
CORE_COM_PRIVATE_DATA(adapter, IDXGIAdapter4, struct dxgi_adapter, private_data, d3d11_pd_hresult)

static HRESULT STDMETHODCALLTYPE adapter_GetParent(IDXGIAdapter4 *iface, REFIID riid, void **out)
{
    return IDXGIFactory6_QueryInterface(&adapter_impl(iface)->factory->iface, riid, out);
}

static HRESULT STDMETHODCALLTYPE adapter_EnumOutputs(IDXGIAdapter4 *iface, UINT index,
                                                     IDXGIOutput **out)
{
    (void)iface;
    (void)index;
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    return DXGI_ERROR_NOT_FOUND;   /* headless: no outputs */
}

static uint64_t shared_system_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    uint64_t mem = pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
    mem /= 2;
    return mem > (uint64_t)SIZE_MAX ? (uint64_t)SIZE_MAX : mem;
}

/* DXGI_ADAPTER_DESC3 is the longest description; the others are its prefix (DESC, DESC1, DESC2
 * have the same members in the same places, Flags / granularities being UINT-sized enums). */
static void fill_desc3(DXGI_ADAPTER_DESC3 *d)
{
    static const char name[] = "softd3d software adapter";
    memset(d, 0, sizeof(*d));
    for (size_t i = 0; i < sizeof(name) && i < 127; i++)
        d->Description[i] = (WCHAR)name[i];
    d->VendorId = SOFTD3D_VENDOR_ID;
    d->DeviceId = SOFTD3D_DEVICE_ID;
    d->SharedSystemMemory = (SIZE_T)shared_system_memory();
    d->AdapterLuid = dxgi_adapter_luid();
    d->Flags = DXGI_ADAPTER_FLAG3_SOFTWARE;
    d->GraphicsPreemptionGranularity = DXGI_GRAPHICS_PREEMPTION_DMA_BUFFER_BOUNDARY;
    d->ComputePreemptionGranularity = DXGI_COMPUTE_PREEMPTION_DMA_BUFFER_BOUNDARY;
}

_Static_assert(offsetof(DXGI_ADAPTER_DESC3, Flags) == sizeof(DXGI_ADAPTER_DESC) &&
               offsetof(DXGI_ADAPTER_DESC1, Flags) == sizeof(DXGI_ADAPTER_DESC) &&
               offsetof(DXGI_ADAPTER_DESC2, ComputePreemptionGranularity) ==
                   offsetof(DXGI_ADAPTER_DESC3, ComputePreemptionGranularity) &&
               sizeof(DXGI_ADAPTER_DESC2) == sizeof(DXGI_ADAPTER_DESC3),
               "the adapter descriptions are prefixes of DXGI_ADAPTER_DESC3");

/* Copies the first `size` bytes of the full description to `out`. */
static HRESULT get_desc(void *out, size_t size)
{
    DXGI_ADAPTER_DESC3 d;
    if (!out)
        return E_INVALIDARG;
    fill_desc3(&d);
    memcpy(out, &d, size);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE adapter_GetDesc(IDXGIAdapter4 *iface, DXGI_ADAPTER_DESC *desc)
{
    (void)iface;
    return get_desc(desc, sizeof(*desc));
}

static HRESULT STDMETHODCALLTYPE adapter_GetDesc1(IDXGIAdapter4 *iface, DXGI_ADAPTER_DESC1 *desc)
{
    (void)iface;
    /* DXGI_ADAPTER_DESC1's tail padding is not part of the copy: Flags is its last member. */
    return get_desc(desc, offsetof(DXGI_ADAPTER_DESC1, Flags) + sizeof(desc->Flags));
}

static HRESULT STDMETHODCALLTYPE adapter_GetDesc2(IDXGIAdapter4 *iface, DXGI_ADAPTER_DESC2 *desc)
{
    (void)iface;
    return get_desc(desc, sizeof(*desc));
}

static HRESULT STDMETHODCALLTYPE adapter_GetDesc3(IDXGIAdapter4 *iface, DXGI_ADAPTER_DESC3 *desc)
{
    (void)iface;
    return get_desc(desc, sizeof(*desc));
}

static HRESULT STDMETHODCALLTYPE adapter_CheckInterfaceSupport(IDXGIAdapter4 *iface, REFGUID guid,
                                                               LARGE_INTEGER *version)
{
    (void)iface;
    (void)guid;
    (void)version;
    /* Documented for ID3D10Device only; softd3d has no Direct3D 10 device. */
    return DXGI_ERROR_UNSUPPORTED;
}

/* ---- IDXGIAdapter3 ---- */

static HRESULT register_event(struct dxgi_adapter *a, const char *method, HANDLE event,
                              DWORD *cookie)
{
    if (!event || !cookie) {
        util_msg(false, "IDXGIAdapter3::%s: %s is NULL", method, event ? "pdwCookie" : "hEvent");
        return DXGI_ERROR_INVALID_CALL;
    }
    *cookie = atomic_fetch_add(&a->next_cookie, 1) + 1;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE adapter_RegisterHardwareContentProtectionTeardownStatusEvent(
    IDXGIAdapter4 *iface, HANDLE event, DWORD *cookie)
{
    return register_event(adapter_impl(iface),
                          "RegisterHardwareContentProtectionTeardownStatusEvent", event, cookie);
}

static HRESULT STDMETHODCALLTYPE adapter_RegisterVideoMemoryBudgetChangeNotificationEvent(
    IDXGIAdapter4 *iface, HANDLE event, DWORD *cookie)
{
    return register_event(adapter_impl(iface), "RegisterVideoMemoryBudgetChangeNotificationEvent",
                          event, cookie);
}

static void STDMETHODCALLTYPE adapter_Unregister(IDXGIAdapter4 *iface, DWORD cookie)
{
    (void)iface;
    (void)cookie;   /* the event was never going to be set */
}

static HRESULT check_segment(const char *method, UINT node, DXGI_MEMORY_SEGMENT_GROUP group)
{
    if (node != 0) {
        util_msg(false, "IDXGIAdapter3::%s: NodeIndex %u: the adapter has one node (0)", method,
                 node);
        return E_INVALIDARG;
    }
    if ((UINT)group > DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL) {
        util_msg(false, "IDXGIAdapter3::%s: %d is not a DXGI_MEMORY_SEGMENT_GROUP", method,
                 (int)group);
        return E_INVALIDARG;
    }
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE adapter_QueryVideoMemoryInfo(IDXGIAdapter4 *iface, UINT node,
                                                              DXGI_MEMORY_SEGMENT_GROUP group,
                                                              DXGI_QUERY_VIDEO_MEMORY_INFO *info)
{
    HRESULT hr;
    (void)iface;
    if (!info) {
        util_msg(false, "IDXGIAdapter3::QueryVideoMemoryInfo: pVideoMemoryInfo is NULL");
        return E_INVALIDARG;
    }
    memset(info, 0, sizeof(*info));
    if (FAILED(hr = check_segment("QueryVideoMemoryInfo", node, group)))
        return hr;
    if (group == DXGI_MEMORY_SEGMENT_GROUP_LOCAL) {
        info->Budget = shared_system_memory();
        info->CurrentUsage = core_resource_bytes_in_use();
        info->AvailableForReservation = info->Budget;
        info->CurrentReservation = atomic_load(&local_reservation);
    }
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE adapter_SetVideoMemoryReservation(IDXGIAdapter4 *iface, UINT node,
                                                                   DXGI_MEMORY_SEGMENT_GROUP group,
                                                                   UINT64 reservation)
{
    uint64_t available;
    HRESULT hr;
    (void)iface;
    if (FAILED(hr = check_segment("SetVideoMemoryReservation", node, group)))
        return hr;
    available = group == DXGI_MEMORY_SEGMENT_GROUP_LOCAL ? shared_system_memory() : 0;
    if (reservation > available) {
        util_msg(false, "IDXGIAdapter3::SetVideoMemoryReservation: %llu bytes exceed the %llu "
                 "available for reservation in the %s segment group",
                 (unsigned long long)reservation, (unsigned long long)available,
                 group == DXGI_MEMORY_SEGMENT_GROUP_LOCAL ? "LOCAL" : "NON_LOCAL");
        return E_INVALIDARG;
    }
    if (group == DXGI_MEMORY_SEGMENT_GROUP_LOCAL)
        atomic_store(&local_reservation, reservation);
    return S_OK;
}

static IDXGIAdapter4Vtbl adapter_vtbl = {
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
    .GetDesc2 = adapter_GetDesc2,
    .RegisterHardwareContentProtectionTeardownStatusEvent =
        adapter_RegisterHardwareContentProtectionTeardownStatusEvent,
    .UnregisterHardwareContentProtectionTeardownStatus = adapter_Unregister,
    .QueryVideoMemoryInfo = adapter_QueryVideoMemoryInfo,
    .SetVideoMemoryReservation = adapter_SetVideoMemoryReservation,
    .RegisterVideoMemoryBudgetChangeNotificationEvent =
        adapter_RegisterVideoMemoryBudgetChangeNotificationEvent,
    .UnregisterVideoMemoryBudgetChangeNotification = adapter_Unregister,
    .GetDesc3 = adapter_GetDesc3,
};

static pthread_once_t vtbl_once = PTHREAD_ONCE_INIT;

static void vtbl_fill(void)
{
    comgen_fill_IDXGIAdapter4(&adapter_vtbl);
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
    atomic_init(&a->next_cookie, 0);
    a->factory = factory;
    IDXGIFactory6_AddRef(&factory->iface);
    core_pd_init(&a->private_data);
    *out = a;
    return S_OK;
}

struct dxgi_adapter *dxgi_adapter_from_iface(IDXGIAdapter *iface)
{
    if (!iface || iface->lpVtbl != (const IDXGIAdapterVtbl *)(const void *)&adapter_vtbl)
        return NULL;
    return adapter_impl((IDXGIAdapter4 *)iface);
}
