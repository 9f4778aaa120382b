/* src/d3d9/device.c — the IDirect3DDevice9 object.
 *
 * This file: the object (creation, destruction, IUnknown), GetAvailableTextureMem (a fixed
 * 1024 MiB, see d3d9_private.h), EvictManagedResources (D3D_OK: managed resources live in system
 * memory, there is nothing to evict), GetDirect3D, GetDeviceCaps, GetCreationParameters,
 * GetNumberOfSwapChains (1: the reference page counts the implicit swap chains only, those
 * CreateDevice makes; additional swap chains are not among them) and
 * Get/SetSoftwareVertexProcessing.  The other methods live by concern: resources in texture.c,
 * surface.c, buffer.c, vertex_decl.c; state in state.c, state_vertex.c, stateblock.c; copies in
 * blit.c; presentation, render targets, scenes, additional swap chains, GetRasterStatus, Reset
 * and TestCooperativeLevel in swapchain.c; draws in draw.c; shaders in shader.c.  Each fills its
 * slots of the vtable (d3d9_*_fill_vtbl); what is left is one of comgen's logged E_NOTIMPL stubs
 * (see the README's status table).  ValidateDevice's state and caps checks are in validate.c;
 * CreateQuery and the query object in query.c.
 *
 * Lifetime (d3d9_resource.h): every object the application holds keeps a reference on the
 * device; when the device's count reaches 0 it unbinds everything it holds (state, render
 * targets, the implicit swap chain), which destroys the objects only it kept alive.
 *
 * Vertex processing (seed 002 and the Get/SetSoftwareVertexProcessing reference pages):
 *  - a D3DCREATE_SOFTWARE_VERTEXPROCESSING device is always in software mode:
 *    SetSoftwareVertexProcessing(TRUE) is D3D_OK, (FALSE) is D3DERR_INVALIDCALL;
 *  - a D3DCREATE_HARDWARE_VERTEXPROCESSING device is always in hardware mode:
 *    (FALSE) is D3D_OK, (TRUE) is D3DERR_INVALIDCALL;
 *  - a D3DCREATE_MIXED_VERTEXPROCESSING device starts in hardware mode ("the vertex processing
 *    will be done in hardware by default") and switches at any time, both ways.
 * Any nonzero BOOL counts as TRUE.
 *
 * GetDeviceCaps.  Seed 002 says that only the hardware vertex-processing caps can be queried at
 * run time and that the software ones are fixed.  softd3d reads it with the reference page of
 * IDirect3DDevice9::GetDeviceCaps, which says the method "retrieves the software vertex pipeline
 * capabilities when the device is being used in software vertex processing mode": what
 * IDirect3D9::GetDeviceCaps (the query made before any device exists) can report is only the
 * hardware set; a device reports the caps of the mode it is in.  So the device's GetDeviceCaps
 * returns profile->sw_caps (the fixed software set: VertexProcessingCaps exactly the six flags of
 * seed 002, unlimited lights ...) while the device is in software mode — always for a software
 * device, and for a mixed device after SetSoftwareVertexProcessing(TRUE) — and profile->caps
 * otherwise.
 */
#include "d3d9/d3d9_private.h"

#include <pthread.h>
#include <stdlib.h>

#include "d3d9/d3d9_draw.h"
#include "d3d9/d3d9_resource.h"
#include "d3d9/d3d9_state.h"
#include "core/com_object.h"
#include "softd3d_com_stubs.h"
#include "util/log.h"

static inline struct d3d9_device *impl(IDirect3DDevice9 *iface)
{
    return d3d9_device_from_iface(iface);
}

static DWORD vp_mode(const struct d3d9_device *dev)
{
    return dev->create.BehaviorFlags &
           (D3DCREATE_SOFTWARE_VERTEXPROCESSING | D3DCREATE_HARDWARE_VERTEXPROCESSING |
            D3DCREATE_MIXED_VERTEXPROCESSING);
}

/* Drops everything the device holds.  Objects the application still references cannot exist
 * here (each would hold a device reference); what goes is what only the device kept alive. */
static void device_teardown(struct d3d9_device *dev)
{
    d3d9_draw_flush(dev);
    d3d9_stateblock_discard_recording(dev);
    if (dev->state)
        d3d9_state_clear(dev->state);
    d3d9_device_release_presentation(dev);
    d3d9_vertex_decl_free_cache(dev);
    d3d9_draw_cleanup(dev);
    free(dev->palettes);
    free(dev->state);
    pthread_mutex_destroy(&dev->lock);
}

static void device_destroy(struct d3d9_device *dev)
{
    struct d3d9 *d3d = dev->d3d;
    device_teardown(dev);
    free(dev);
    IDirect3D9_Release(&d3d->iface);   /* the device held its IDirect3D9 */
}

static const GUID *const device_iids[] = { &IID_IDirect3DDevice9, NULL };
CORE_COM_IUNKNOWN(device, IDirect3DDevice9, struct d3d9_device, refcount, NULL, device_iids,
                  device_destroy)

static UINT STDMETHODCALLTYPE device_GetAvailableTextureMem(IDirect3DDevice9 *iface)
{
    (void)iface;
    return D3D9_AVAILABLE_TEXTURE_MEM;
}

static HRESULT STDMETHODCALLTYPE device_EvictManagedResources(IDirect3DDevice9 *iface)
{
    (void)iface;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetDirect3D(IDirect3DDevice9 *iface, IDirect3D9 **out)
{
    struct d3d9_device *dev = impl(iface);
    if (!out) {
        util_msg(false, "IDirect3DDevice9::GetDirect3D: ppD3D9 is NULL");
        return D3DERR_INVALIDCALL;
    }
    IDirect3D9_AddRef(&dev->d3d->iface);
    *out = &dev->d3d->iface;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetDeviceCaps(IDirect3DDevice9 *iface, D3DCAPS9 *caps)
{
    struct d3d9_device *dev = impl(iface);
    if (!caps) {
        util_msg(false, "IDirect3DDevice9::GetDeviceCaps: pCaps is NULL");
        return D3DERR_INVALIDCALL;
    }
    *caps = atomic_load(&dev->software_vp) ? dev->profile->sw_caps : dev->profile->caps;
    caps->DeviceType = dev->create.DeviceType;
    caps->AdapterOrdinal = dev->create.AdapterOrdinal;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetCreationParameters(IDirect3DDevice9 *iface,
                                                              D3DDEVICE_CREATION_PARAMETERS *out)
{
    if (!out) {
        util_msg(false, "IDirect3DDevice9::GetCreationParameters: pParameters is NULL");
        return D3DERR_INVALIDCALL;
    }
    *out = impl(iface)->create;
    return D3D_OK;
}

static UINT STDMETHODCALLTYPE device_GetNumberOfSwapChains(IDirect3DDevice9 *iface)
{
    (void)iface;
    return 1;
}

static HRESULT STDMETHODCALLTYPE device_SetSoftwareVertexProcessing(IDirect3DDevice9 *iface,
                                                                    BOOL software)
{
    struct d3d9_device *dev = impl(iface);
    bool sw = software != FALSE;
    switch (vp_mode(dev)) {
    case D3DCREATE_MIXED_VERTEXPROCESSING:
        atomic_store(&dev->software_vp, sw);
        return D3D_OK;
    case D3DCREATE_SOFTWARE_VERTEXPROCESSING:
        if (sw)
            return D3D_OK;
        util_msg(false, "SetSoftwareVertexProcessing(FALSE): a device created with "
                        "D3DCREATE_SOFTWARE_VERTEXPROCESSING cannot switch to hardware "
                        "(only a mixed device can, seed 002)");
        return D3DERR_INVALIDCALL;
    default:
        if (!sw)
            return D3D_OK;
        util_msg(false, "SetSoftwareVertexProcessing(TRUE): a device created with "
                        "D3DCREATE_HARDWARE_VERTEXPROCESSING cannot switch to software "
                        "(only a mixed device can, seed 002)");
        return D3DERR_INVALIDCALL;
    }
}

static BOOL STDMETHODCALLTYPE device_GetSoftwareVertexProcessing(IDirect3DDevice9 *iface)
{
    return atomic_load(&impl(iface)->software_vp) ? TRUE : FALSE;
}

static IDirect3DDevice9Vtbl device_vtbl = {
    .QueryInterface = device_QueryInterface,
    .AddRef = device_AddRef,
    .Release = device_Release,
    .GetAvailableTextureMem = device_GetAvailableTextureMem,
    .EvictManagedResources = device_EvictManagedResources,
    .GetDirect3D = device_GetDirect3D,
    .GetDeviceCaps = device_GetDeviceCaps,
    .GetCreationParameters = device_GetCreationParameters,
    .GetNumberOfSwapChains = device_GetNumberOfSwapChains,
    .SetSoftwareVertexProcessing = device_SetSoftwareVertexProcessing,
    .GetSoftwareVertexProcessing = device_GetSoftwareVertexProcessing,
};

static pthread_once_t vtbl_once = PTHREAD_ONCE_INIT;

static void vtbl_fill(void)
{
    d3d9_texture_fill_vtbl(&device_vtbl);
    d3d9_surface_fill_vtbl(&device_vtbl);
    d3d9_buffer_fill_vtbl(&device_vtbl);
    d3d9_vertex_decl_fill_vtbl(&device_vtbl);
    d3d9_blit_fill_vtbl(&device_vtbl);
    d3d9_swapchain_fill_vtbl(&device_vtbl);
    d3d9_state_fill_vtbl(&device_vtbl);
    d3d9_stateblock_fill_vtbl(&device_vtbl);
    d3d9_validate_fill_vtbl(&device_vtbl);
    d3d9_query_fill_vtbl(&device_vtbl);
    d3d9_draw_fill_vtbl(&device_vtbl);
    d3d9_process_fill_vtbl(&device_vtbl);
    d3d9_display_fill_vtbl(&device_vtbl);
    d3d9_shader_fill_vtbl(&device_vtbl);
    comgen_fill_IDirect3DDevice9(&device_vtbl);
}

static atomic_uint device_serial;

void d3d9_device_copy_vtbl(IDirect3DDevice9Vtbl *out)
{
    pthread_once(&vtbl_once, vtbl_fill);
    *out = device_vtbl;
}

HRESULT d3d9_device_create(struct d3d9 *d3d, const D3DDEVICE_CREATION_PARAMETERS *create,
                           const D3DPRESENT_PARAMETERS *pp, bool ex, struct d3d9_device **out)
{
    struct d3d9_device *dev;
    pthread_mutexattr_t attr;
    HRESULT hr;

    pthread_once(&vtbl_once, vtbl_fill);
    *out = NULL;
    if (!(dev = calloc(1, sizeof(*dev))) || !(dev->state = calloc(1, sizeof(*dev->state)))) {
        free(dev);
        util_msg(false, "CreateDevice: out of memory");
        return E_OUTOFMEMORY;
    }
    /* Set before the swap chain is made: an Ex device's chains are IDirect3DSwapChain9Ex. */
    dev->ex = ex;
    dev->iface.lpVtbl = ex ? d3d9_device_ex_vtbl() : &device_vtbl;
    dev->max_latency = D3D9EX_DEFAULT_FRAME_LATENCY;
    atomic_init(&dev->refcount, 1);
    dev->profile = d3d->profile;
    dev->create = *create;
    dev->pp = *pp;
    /* Software mode only for a software device; a mixed device starts in hardware mode. */
    atomic_init(&dev->software_vp,
                (create->BehaviorFlags & D3DCREATE_SOFTWARE_VERTEXPROCESSING) != 0);
    atomic_init(&dev->default_alive, 0);
    atomic_init(&dev->fullscreen_additional, 0);
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&dev->lock, &attr);
    pthread_mutexattr_destroy(&attr);
    dev->clip_status.ClipUnion = 0;
    dev->clip_status.ClipIntersection = 0xffffffffu;
    dev->serial = atomic_fetch_add(&device_serial, 1) + 1;
    if (FAILED(hr = d3d9_device_init_presentation(dev, true))) {
        device_teardown(dev);
        free(dev);
        return hr;
    }
    dev->d3d = d3d;
    IDirect3D9_AddRef(&d3d->iface);
    *out = dev;
    return D3D_OK;
}
