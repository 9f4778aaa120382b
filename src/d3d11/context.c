/* src/d3d11/context.c — the immediate ID3D11DeviceContext2 (ID3D11DeviceContext and
 * ID3D11DeviceContext1 share its vtable).
 *
 * Here: IUnknown, ID3D11DeviceChild (GetDevice, private data), GetType, GetContextFlags and the
 * index buffer.  The other pipeline-state setters and getters, ClearState and Flush are in
 * context_state.c; Map, Unmap, copies, UpdateSubresource, clears and GenerateMips in
 * context_resource.c; Begin, End and GetData in context_query.c.  The state the draw path reads
 * is d3d11_context.h.  Draws (and the refused dispatches) are in context_draw.c.
 * ResolveSubresource is context_resource.c's; ExecuteCommandList and FinishCommandList are
 * command_list.c's (deferred contexts: context_deferred.c); *SetConstantBuffers1 are
 * context_cbuffer.c's, CopySubresourceRegion1 / UpdateSubresource1 context_copy1.c's,
 * SwapDeviceContextState context_state_object.c's, the annotation methods
 * context_annotation.c's; ClearView and the Discard methods are context_clear_view.c's, in
 * the 11_1 context only (tiled_draw.c; below 11_1 comgen's logged E_NOTIMPL stubs, README).
 * The vtable built here is not the one the application calls: device creation wraps it (and
 * the 11_1 one of tiled_draw.c) in comgen's locking copy, for ID3D11Multithread
 * (multithread.c); deferred contexts use it unwrapped.
 * Lifetime: see d3d11_private.h — while the application holds the context, the context holds
 * the device.
 */
#include "d3d11/d3d11_private.h"

#include <pthread.h>

#include "d3d11/d3d11_deferred.h"
#include "d3d11/d3d11_resource.h"
#include "softd3d_com_stubs.h"
#include "util/log.h"

static inline struct d3d11_context *impl(ID3D11DeviceContext2 *iface)
{
    return container_of(iface, struct d3d11_context, iface);
}

static HRESULT STDMETHODCALLTYPE ctx_QueryInterface(ID3D11DeviceContext2 *iface, REFIID riid,
                                                    void **out)
{
    if (!out)
        return E_POINTER;
    if (!riid) {
        *out = NULL;
        return E_INVALIDARG;
    }
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_ID3D11DeviceChild) ||
        IsEqualGUID(riid, &IID_ID3D11DeviceContext) ||
        IsEqualGUID(riid, &IID_ID3D11DeviceContext1) ||
        IsEqualGUID(riid, &IID_ID3D11DeviceContext2)) {
        ID3D11DeviceContext2_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    if (IsEqualGUID(riid, &IID_ID3DUserDefinedAnnotation)) {   /* context_annotation.c */
        iface->lpVtbl->AddRef(iface);
        *out = &impl(iface)->annotation;
        return S_OK;
    }
    /* ID3D11Multithread: the immediate context's only (multithread.c); a deferred context's
     * QueryInterface is this one too, and it does not answer it. */
    if (IsEqualGUID(riid, &IID_ID3D11Multithread) && iface == &impl(iface)->device->context.iface) {
        struct d3d11_device *dev = impl(iface)->device;
        ID3D11DeviceContext2_AddRef(iface);
        *out = &dev->mt.iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE ctx_AddRef(ID3D11DeviceContext2 *iface)
{
    struct d3d11_context *ctx = impl(iface);
    ULONG n = atomic_fetch_add(&ctx->refcount, 1) + 1;
    if (n == 1)
        ID3D11Device2_AddRef(&ctx->device->iface);
    return n;
}

static ULONG STDMETHODCALLTYPE ctx_Release(ID3D11DeviceContext2 *iface)
{
    struct d3d11_context *ctx = impl(iface);
    ULONG n = atomic_fetch_sub(&ctx->refcount, 1) - 1;
    if (!n)
        ID3D11Device2_Release(&ctx->device->iface);   /* may free ctx (it lives in the device) */
    return n;
}

static void STDMETHODCALLTYPE ctx_GetDevice(ID3D11DeviceContext2 *iface, ID3D11Device **out)
{
    struct d3d11_context *ctx = impl(iface);
    if (!out)
        return;
    ID3D11Device2_AddRef(&ctx->device->iface);
    *out = (ID3D11Device *)&ctx->device->iface;
}

static HRESULT STDMETHODCALLTYPE ctx_GetPrivateData(ID3D11DeviceContext2 *iface, REFGUID guid,
                                                    UINT *size, void *data)
{
    return d3d11_pd_hresult(core_pd_get(&impl(iface)->private_data, guid, size, data));
}

static HRESULT STDMETHODCALLTYPE ctx_SetPrivateData(ID3D11DeviceContext2 *iface, REFGUID guid,
                                                    UINT size, const void *data)
{
    return d3d11_pd_hresult(core_pd_set(&impl(iface)->private_data, guid, size, data));
}

static HRESULT STDMETHODCALLTYPE ctx_SetPrivateDataInterface(ID3D11DeviceContext2 *iface,
                                                             REFGUID guid, const IUnknown *data)
{
    return d3d11_pd_hresult(
        core_pd_set_interface(&impl(iface)->private_data, guid, (IUnknown *)data));
}

static D3D11_DEVICE_CONTEXT_TYPE STDMETHODCALLTYPE ctx_GetType(ID3D11DeviceContext2 *iface)
{
    (void)iface;
    return D3D11_DEVICE_CONTEXT_IMMEDIATE;
}

static UINT STDMETHODCALLTYPE ctx_GetContextFlags(ID3D11DeviceContext2 *iface)
{
    (void)iface;
    return 0;   /* documented: the immediate context's flags are 0 */
}

/* ---- input assembler ---------------------------------------------------------------------- */

/* IASetIndexBuffer.  A refused call (the debug layer's message; the method returns nothing)
 * leaves the binding unchanged.  Rules: the buffer must be one of softd3d's buffers created with
 * D3D11_BIND_INDEX_BUFFER; the format R16_UINT, or R32_UINT from 9_2 (seed 004, CreateBuffer:
 * "only DXGI_FORMAT_R16_UINT index buffers" at 9_1); unbinding (NULL) accepts any format. */
static void STDMETHODCALLTYPE ctx_IASetIndexBuffer(ID3D11DeviceContext2 *iface, ID3D11Buffer *buffer,
                                                   DXGI_FORMAT format, UINT offset)
{
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_device *dev = ctx->device;
    struct d3d11_resource *res = NULL;
    char msg[D3D11_RESOURCE_MSG_SIZE];

    if (buffer) {
        res = d3d11_resource_from_iface((ID3D11Resource *)buffer);
        if (!res || res->dim != D3D11_RESOURCE_DIMENSION_BUFFER || res->device != dev) {
            d3d11_msg(dev, "IASetIndexBuffer: pIndexBuffer is not a buffer of this device");
            return;
        }
        if (!(res->bind_flags & D3D11_BIND_INDEX_BUFFER)) {
            d3d11_msg(dev, "IASetIndexBuffer: the buffer was not created with "
                           "D3D11_BIND_INDEX_BUFFER (BindFlags 0x%x)", res->bind_flags);
            return;
        }
        if (FAILED(d3d11_validate_index_format("IASetIndexBuffer", format, dev->level, msg,
                                               sizeof(msg)))) {
            d3d11_msg(dev, "%s", msg);
            return;
        }
        if (offset % (format == DXGI_FORMAT_R32_UINT ? 4 : 2)) {
            d3d11_msg(dev, "IASetIndexBuffer: Offset %u is not a multiple of the index size",
                      offset);
            return;
        }
        d3d11_resource_bind(res);
    }
    if (ctx->state.index_buffer)
        d3d11_resource_unbind(ctx->state.index_buffer);
    ctx->state.index_buffer = res;
    ctx->state.index_format = res ? format : DXGI_FORMAT_UNKNOWN;
    ctx->state.index_offset = res ? offset : 0;
}

static void STDMETHODCALLTYPE ctx_IAGetIndexBuffer(ID3D11DeviceContext2 *iface, ID3D11Buffer **buffer,
                                                   DXGI_FORMAT *format, UINT *offset)
{
    struct d3d11_context *ctx = impl(iface);
    if (buffer) {
        *buffer = ctx->state.index_buffer ? (ID3D11Buffer *)ctx->state.index_buffer->iface : NULL;
        if (*buffer)
            d3d11_resource_addref(ctx->state.index_buffer);
    }
    if (format)
        *format = ctx->state.index_format;
    if (offset)
        *offset = ctx->state.index_offset;
}

static ID3D11DeviceContext2Vtbl ctx_vtbl = {
    .QueryInterface = ctx_QueryInterface,
    .AddRef = ctx_AddRef,
    .Release = ctx_Release,
    .GetDevice = ctx_GetDevice,
    .GetPrivateData = ctx_GetPrivateData,
    .SetPrivateData = ctx_SetPrivateData,
    .SetPrivateDataInterface = ctx_SetPrivateDataInterface,
    .GetType = ctx_GetType,
    .GetContextFlags = ctx_GetContextFlags,
    .IASetIndexBuffer = ctx_IASetIndexBuffer,
    .IAGetIndexBuffer = ctx_IAGetIndexBuffer,
};

static pthread_once_t vtbl_once = PTHREAD_ONCE_INIT;

static void vtbl_fill(void)
{
    d3d11_context_state_fill_vtbl(&ctx_vtbl);
    d3d11_context_cbuffer_fill_vtbl(&ctx_vtbl);   /* *SetConstantBuffers1, every level */
    d3d11_context_state_object_fill_vtbl(&ctx_vtbl);   /* SwapDeviceContextState */
    d3d11_context_annotation_fill_vtbl(&ctx_vtbl);   /* IsAnnotationEnabled & co. */
    d3d11_context_resource_fill_vtbl(&ctx_vtbl);
    d3d11_context_query_fill_vtbl(&ctx_vtbl);
    d3d11_context_draw_fill_vtbl(&ctx_vtbl);
    d3d11_context_compute_fill_vtbl(&ctx_vtbl);   /* after draw, resource: keeps 10_x refusals */
    d3d11_tiled_fill_context_vtbl(&ctx_vtbl);   /* tiled.c: refuses non-tiled resources */
    d3d11_context_copy1_fill_vtbl(&ctx_vtbl);   /* after tiled: wraps its copies */
    d3d11_command_list_fill_immediate_vtbl(&ctx_vtbl);   /* command_list.c */
    comgen_fill_ID3D11DeviceContext2(&ctx_vtbl);
}

void d3d11_context_init(struct d3d11_context *ctx, struct d3d11_device *device)
{
    pthread_once(&vtbl_once, vtbl_fill);
    ctx->iface.lpVtbl = &ctx_vtbl;
    atomic_init(&ctx->refcount, 0);
    ctx->device = device;
    core_pd_init(&ctx->private_data);
    d3d11_context_annotation_init(ctx);
    d3d11_context_state_reset(ctx);   /* the ClearState defaults (nothing is bound yet) */
}

/* The device is going away: drop the context's references (mappings, queries between Begin and
 * End, bound objects).  The objects' device references are already gone or going, so this only
 * ends the lives of objects nothing else holds. */
void d3d11_context_cleanup(struct d3d11_context *ctx)
{
    d3d11_context_resources_cleanup(ctx);
    d3d11_context_state_object_cleanup(ctx);
    d3d11_context_queries_cleanup(ctx);
    d3d11_context_draw_cleanup(ctx);
    d3d11_context_compute_cleanup(ctx);
    d3d11_context_state_reset(ctx);
    core_pd_free(&ctx->private_data);
}
