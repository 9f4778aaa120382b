/* src/d3d11/context.c — the immediate ID3D11DeviceContext2 (ID3D11DeviceContext and
 * ID3D11DeviceContext1 share its vtable).
 *
 * Implemented: IUnknown, ID3D11DeviceChild (GetDevice, private data), GetType, GetContextFlags.
 * Pipeline state, draws and resource operations arrive with the rendering work; until then the
 * remaining methods are comgen's logged E_NOTIMPL stubs (README status table).
 * Lifetime: see d3d11_private.h — while the application holds the context, the context holds
 * the device.
 */
#include "d3d11/d3d11_private.h"

#include <pthread.h>

#include "softd3d_com_stubs.h"

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
};

static pthread_once_t vtbl_once = PTHREAD_ONCE_INIT;

static void vtbl_fill(void)
{
    comgen_fill_ID3D11DeviceContext2(&ctx_vtbl);
}

void d3d11_context_init(struct d3d11_context *ctx, struct d3d11_device *device)
{
    pthread_once(&vtbl_once, vtbl_fill);
    ctx->iface.lpVtbl = &ctx_vtbl;
    atomic_init(&ctx->refcount, 0);
    ctx->device = device;
    core_pd_init(&ctx->private_data);
}

void d3d11_context_cleanup(struct d3d11_context *ctx)
{
    core_pd_free(&ctx->private_data);
}
