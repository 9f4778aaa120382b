/* src/d3d10/object.c — the D3D10 faces of D3D11 objects (see d3d10_private.h): one vtable per
 * kind, each method converting to the D3D11 object's own.
 *
 * Rules of the D3D10 interfaces that differ from D3D11's (learn.microsoft.com, "ID3D10Buffer::
 * Map", "ID3D10Texture2D::Map", "ID3D10Resource::GetType"...): a resource is mapped through
 * itself, not through a context (Map(MapType, MapFlags, ...) / Unmap(Subresource)); the
 * mapped-memory structures are D3D10_MAPPED_TEXTURE2D/3D; GetDevice gives the ID3D10Device.
 * Map and Unmap run on the D3D11 immediate context, which validates them (map types, CPU access,
 * subresource, already mapped) and prints the refusal.
 */
#include "d3d10/d3d10_private.h"

#include <stdlib.h>
#include <string.h>

#include "util/log.h"

static const GUID *const kind_iids[D3D10_KIND_COUNT][4] = {
    [D3D10_KIND_BUFFER] = { &IID_ID3D10Resource, &IID_ID3D10Buffer },
    [D3D10_KIND_TEXTURE1D] = { &IID_ID3D10Resource, &IID_ID3D10Texture1D },
    [D3D10_KIND_TEXTURE2D] = { &IID_ID3D10Resource, &IID_ID3D10Texture2D },
    [D3D10_KIND_TEXTURE3D] = { &IID_ID3D10Resource, &IID_ID3D10Texture3D },
    [D3D10_KIND_SRV] = { &IID_ID3D10View, &IID_ID3D10ShaderResourceView,
                         &IID_ID3D10ShaderResourceView1 },
    [D3D10_KIND_RTV] = { &IID_ID3D10View, &IID_ID3D10RenderTargetView },
    [D3D10_KIND_DSV] = { &IID_ID3D10View, &IID_ID3D10DepthStencilView },
    [D3D10_KIND_VS] = { &IID_ID3D10VertexShader },
    [D3D10_KIND_GS] = { &IID_ID3D10GeometryShader },
    [D3D10_KIND_PS] = { &IID_ID3D10PixelShader },
    [D3D10_KIND_INPUT_LAYOUT] = { &IID_ID3D10InputLayout },
    [D3D10_KIND_BLEND] = { &IID_ID3D10BlendState, &IID_ID3D10BlendState1 },
    [D3D10_KIND_DEPTH_STENCIL] = { &IID_ID3D10DepthStencilState },
    [D3D10_KIND_RASTERIZER] = { &IID_ID3D10RasterizerState },
    [D3D10_KIND_SAMPLER] = { &IID_ID3D10SamplerState },
    [D3D10_KIND_QUERY] = { &IID_ID3D10Asynchronous, &IID_ID3D10Query },
    [D3D10_KIND_PREDICATE] = { &IID_ID3D10Asynchronous, &IID_ID3D10Query, &IID_ID3D10Predicate },
    [D3D10_KIND_COUNTER] = { &IID_ID3D10Asynchronous, &IID_ID3D10Counter },
};

/* The D3D11 interface a kind's objects have (the object's IID list contains it). */
static const GUID *const kind_iid11[D3D10_KIND_COUNT] = {
    [D3D10_KIND_BUFFER] = &IID_ID3D11Buffer,
    [D3D10_KIND_TEXTURE1D] = &IID_ID3D11Texture1D,
    [D3D10_KIND_TEXTURE2D] = &IID_ID3D11Texture2D,
    [D3D10_KIND_TEXTURE3D] = &IID_ID3D11Texture3D,
    [D3D10_KIND_SRV] = &IID_ID3D11ShaderResourceView,
    [D3D10_KIND_RTV] = &IID_ID3D11RenderTargetView,
    [D3D10_KIND_DSV] = &IID_ID3D11DepthStencilView,
    [D3D10_KIND_VS] = &IID_ID3D11VertexShader,
    [D3D10_KIND_GS] = &IID_ID3D11GeometryShader,
    [D3D10_KIND_PS] = &IID_ID3D11PixelShader,
    [D3D10_KIND_INPUT_LAYOUT] = &IID_ID3D11InputLayout,
    [D3D10_KIND_BLEND] = &IID_ID3D11BlendState,
    [D3D10_KIND_DEPTH_STENCIL] = &IID_ID3D11DepthStencilState,
    [D3D10_KIND_RASTERIZER] = &IID_ID3D11RasterizerState,
    [D3D10_KIND_SAMPLER] = &IID_ID3D11SamplerState,
    [D3D10_KIND_QUERY] = &IID_ID3D11Query,
    [D3D10_KIND_PREDICATE] = &IID_ID3D11Predicate,
    [D3D10_KIND_COUNTER] = &IID_ID3D11Counter,
};

static const void *const kind_vtbls[D3D10_KIND_COUNT];

/* ---- lifetime ---- */

void *d3d10_wrap(struct d3d10_device *dev, IUnknown *obj11, enum d3d10_kind kind)
{
    struct d3d11_child *c;
    struct d3d10_object *o;
    if (!obj11)
        return NULL;
    c = D3D11_CHILD_OF(obj11);
    pthread_mutex_lock(&dev->lock);
    if ((o = c->d3d10_face)) {
        o->refcount++;
    } else if ((o = calloc(1, sizeof(*o)))) {
        o->lpVtbl = kind_vtbls[kind];
        o->refcount = 1;
        o->kind = kind;
        o->device = dev;
        o->obj11 = obj11;
        IUnknown_AddRef(obj11);
        ID3D10Device1_AddRef(&dev->iface);
        c->d3d10_face = o;
    }
    pthread_mutex_unlock(&dev->lock);
    return o;
}

void *d3d10_wrap_owned(struct d3d10_device *dev, IUnknown *obj11, enum d3d10_kind kind)
{
    void *face = d3d10_wrap(dev, obj11, kind);
    if (obj11)
        IUnknown_Release(obj11);
    return face;
}

static ULONG face_addref(struct d3d10_object *o)
{
    ULONG n;
    pthread_mutex_lock(&o->device->lock);
    n = ++o->refcount;
    pthread_mutex_unlock(&o->device->lock);
    return n;
}

static ULONG face_release(struct d3d10_object *o)
{
    struct d3d10_device *dev = o->device;
    ULONG n;
    pthread_mutex_lock(&dev->lock);
    if (!(n = --o->refcount))
        D3D11_CHILD_OF(o->obj11)->d3d10_face = NULL;
    pthread_mutex_unlock(&dev->lock);
    if (!n) {
        IUnknown_Release(o->obj11);
        free(o);
        ID3D10Device1_Release(&dev->iface);   /* last: the device may die here */
    }
    return n;
}

static HRESULT face_query(struct d3d10_object *o, REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_ID3D10DeviceChild)) {
        *out = o;
    } else {
        for (int i = 0; i < 4 && kind_iids[o->kind][i]; i++)
            if (IsEqualGUID(riid, kind_iids[o->kind][i]))
                *out = o;
    }
    if (!*out)
        return E_NOINTERFACE;
    face_addref(o);
    return S_OK;
}

IUnknown *d3d10_unwrap(struct d3d10_device *dev, const void *iface, unsigned kinds,
                       const char *method, bool *ok)
{
    const struct d3d10_object *o = iface;
    if (!iface)
        return NULL;
    for (int k = 0; k < D3D10_KIND_COUNT; k++)
        if ((kinds & D3D10_KIND_BIT(k)) && o->lpVtbl == kind_vtbls[k] && o->device == dev)
            return o->obj11;
    d3d11_msg(dev->impl11, "%s: %p is not a %s object of this Direct3D 10 device", method,
             iface, kinds == D3D10_KINDS_RESOURCE ? "resource" : "suitable");
    *ok = false;
    return NULL;
}

HRESULT d3d10_child_query(struct d3d11_device *dev11, IUnknown *child, REFIID riid, void **out)
{
    struct d3d10_device *dev = dev11->d3d10_device
                                   ? container_of((ID3D10Device1 *)dev11->d3d10_device,
                                                  struct d3d10_device, iface)
                                   : NULL;
    const GUID *const *iids = NULL;
    *out = NULL;
    if (!dev || !riid)
        return E_NOINTERFACE;
    /* The D3D11 object's own IID list (device_child.h) says which kind it is. */
    if (IUnknown_QueryInterface(child, &d3d11_child_iid_list, (void **)&iids) != S_FALSE)
        return E_NOINTERFACE;
    for (int k = 0; k < D3D10_KIND_COUNT; k++) {
        bool is_kind = false, asked = false;
        for (const GUID *const *p = iids; p && *p; p++)
            is_kind |= IsEqualGUID(*p, kind_iid11[k]);
        for (int i = 0; i < 4 && kind_iids[k][i]; i++)
            asked |= IsEqualGUID(riid, kind_iids[k][i]);
        if (is_kind && asked) {
            *out = d3d10_wrap(dev, child, (enum d3d10_kind)k);
            return *out ? S_OK : E_OUTOFMEMORY;
        }
    }
    return E_NOINTERFACE;
}

/* ---- the methods every face has (IUnknown, ID3D10DeviceChild) ---- */

static void face_get_device(struct d3d10_object *o, ID3D10Device **out)
{
    if (!out)
        return;
    ID3D10Device1_AddRef(&o->device->iface);
    *out = (ID3D10Device *)&o->device->iface;
}

/* Private data is the D3D11 object's (every D3D11 child interface starts with
 * ID3D11DeviceChild's methods). */
#define CHILD11(o) ((ID3D11DeviceChild *)(o)->obj11)

#define D3D10_FACE_COMMON(prefix, Iface)                                                       \
    static HRESULT STDMETHODCALLTYPE prefix##_QueryInterface(Iface *iface, REFIID riid,       \
                                                             void **out)                      \
    {                                                                                          \
        return face_query((struct d3d10_object *)iface, riid, out);                          \
    }                                                                                          \
    static ULONG STDMETHODCALLTYPE prefix##_AddRef(Iface *iface)                              \
    {                                                                                          \
        return face_addref((struct d3d10_object *)iface);                                     \
    }                                                                                          \
    static ULONG STDMETHODCALLTYPE prefix##_Release(Iface *iface)                             \
    {                                                                                          \
        return face_release((struct d3d10_object *)iface);                                    \
    }                                                                                          \
    static void STDMETHODCALLTYPE prefix##_GetDevice(Iface *iface, ID3D10Device **out)        \
    {                                                                                          \
        face_get_device((struct d3d10_object *)iface, out);                                   \
    }                                                                                          \
    static HRESULT STDMETHODCALLTYPE prefix##_GetPrivateData(Iface *iface, REFGUID guid,      \
                                                             UINT *size, void *data)          \
    {                                                                                          \
        return ID3D11DeviceChild_GetPrivateData(CHILD11((struct d3d10_object *)iface), guid,  \
                                                size, data);                                   \
    }                                                                                          \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateData(Iface *iface, REFGUID guid,      \
                                                             UINT size, const void *data)     \
    {                                                                                          \
        return ID3D11DeviceChild_SetPrivateData(CHILD11((struct d3d10_object *)iface), guid,  \
                                                size, data);                                   \
    }                                                                                          \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateDataInterface(                        \
        Iface *iface, REFGUID guid, const IUnknown *data)                                      \
    {                                                                                          \
        return ID3D11DeviceChild_SetPrivateDataInterface(CHILD11((struct d3d10_object *)iface), \
                                                         guid, data);                          \
    }

#define D3D10_FACE_COMMON_ENTRIES(prefix)                                                      \
    .QueryInterface = prefix##_QueryInterface, .AddRef = prefix##_AddRef,                     \
    .Release = prefix##_Release, .GetDevice = prefix##_GetDevice,                             \
    .GetPrivateData = prefix##_GetPrivateData, .SetPrivateData = prefix##_SetPrivateData,     \
    .SetPrivateDataInterface = prefix##_SetPrivateDataInterface

/* ID3D10Resource's three, forwarded (the dimensions have the same values). */
#define D3D10_FACE_RESOURCE(prefix, Iface)                                                     \
    static void STDMETHODCALLTYPE prefix##_GetType(Iface *iface, D3D10_RESOURCE_DIMENSION *t) \
    {                                                                                          \
        ID3D11Resource_GetType((ID3D11Resource *)((struct d3d10_object *)iface)->obj11,       \
                               (D3D11_RESOURCE_DIMENSION *)t);                                 \
    }                                                                                          \
    static void STDMETHODCALLTYPE prefix##_SetEvictionPriority(Iface *iface, UINT p)          \
    {                                                                                          \
        ID3D11Resource_SetEvictionPriority(                                                    \
            (ID3D11Resource *)((struct d3d10_object *)iface)->obj11, p);                      \
    }                                                                                          \
    static UINT STDMETHODCALLTYPE prefix##_GetEvictionPriority(Iface *iface)                  \
    {                                                                                          \
        return ID3D11Resource_GetEvictionPriority(                                             \
            (ID3D11Resource *)((struct d3d10_object *)iface)->obj11);                         \
    }

#define D3D10_FACE_RESOURCE_ENTRIES(prefix)                                                    \
    D3D10_FACE_COMMON_ENTRIES(prefix), .GetType = prefix##_GetType,                           \
    .SetEvictionPriority = prefix##_SetEvictionPriority,                                      \
    .GetEvictionPriority = prefix##_GetEvictionPriority

static inline struct d3d10_object *obj(const void *iface)
{
    return (struct d3d10_object *)iface;
}

static HRESULT map11(struct d3d10_object *o, UINT sub, D3D10_MAP type, UINT flags,
                     D3D11_MAPPED_SUBRESOURCE *m)
{
    memset(m, 0, sizeof(*m));
    /* D3D10_MAP and D3D10_MAP_FLAG_DO_NOT_WAIT have D3D11's values. */
    return ID3D11DeviceContext_Map(o->device->ctx11, (ID3D11Resource *)o->obj11, sub,
                                   (D3D11_MAP)type, flags, m);
}

static void unmap11(struct d3d10_object *o, UINT sub)
{
    ID3D11DeviceContext_Unmap(o->device->ctx11, (ID3D11Resource *)o->obj11, sub);
}

/* ---- buffers ---- */

D3D10_FACE_COMMON(buffer, ID3D10Buffer)
D3D10_FACE_RESOURCE(buffer, ID3D10Buffer)

static HRESULT tex_map(struct d3d10_object *o, UINT sub, D3D10_MAP type, UINT flags, void **data,
                       UINT *row, UINT *depth, const char *method);

static HRESULT STDMETHODCALLTYPE buffer_Map(ID3D10Buffer *iface, D3D10_MAP type, UINT flags,
                                            void **data)
{
    return tex_map(obj(iface), 0, type, flags, data, NULL, NULL, "ID3D10Buffer::Map");
}

static void STDMETHODCALLTYPE buffer_Unmap(ID3D10Buffer *iface)
{
    unmap11(obj(iface), 0);
}

static void STDMETHODCALLTYPE buffer_GetDesc(ID3D10Buffer *iface, D3D10_BUFFER_DESC *out)
{
    D3D11_BUFFER_DESC d;
    if (!out)
        return;
    ID3D11Buffer_GetDesc((ID3D11Buffer *)obj(iface)->obj11, &d);
    d3d10_buffer_desc_from11(&d, out);
}

static const ID3D10BufferVtbl buffer_vtbl = {
    D3D10_FACE_RESOURCE_ENTRIES(buffer),
    .Map = buffer_Map,
    .Unmap = buffer_Unmap,
    .GetDesc = buffer_GetDesc,
};

/* ---- textures: the descriptions have D3D11's layouts but for the misc flags ---- */

/* Map of a resource: the D3D10 forms give the data pointer, and for 2D/3D the pitches. */
static HRESULT tex_map(struct d3d10_object *o, UINT sub, D3D10_MAP type, UINT flags, void **data,
                       UINT *row, UINT *depth, const char *method)
{
    D3D11_MAPPED_SUBRESOURCE m;
    HRESULT hr;
    if (!data) {
        d3d11_msg(o->device->impl11, "%s: the output pointer is NULL", method);
        return E_INVALIDARG;
    }
    hr = map11(o, sub, type, flags, &m);
    *data = m.pData;
    if (row)
        *row = m.RowPitch;
    if (depth)
        *depth = m.DepthPitch;
    return hr;
}

/* Unmap and GetDesc of texture n; Map is written per kind (its output differs). */
#define D3D10_FACE_TEXTURE(n, Iface, Desc10, Iface11, Desc11)                                  \
    D3D10_FACE_COMMON(tex##n, Iface)                                                           \
    D3D10_FACE_RESOURCE(tex##n, Iface)                                                         \
    static void STDMETHODCALLTYPE tex##n##_Unmap(Iface *iface, UINT sub)                      \
    {                                                                                          \
        unmap11(obj(iface), sub);                                                              \
    }                                                                                          \
    static void STDMETHODCALLTYPE tex##n##_GetDesc(Iface *iface, Desc10 *out)                 \
    {                                                                                          \
        _Static_assert(sizeof(Desc10) == sizeof(Desc11), "layout");                          \
        if (!out)                                                                              \
            return;                                                                            \
        Iface11##_GetDesc((Iface11 *)obj(iface)->obj11, (Desc11 *)out);                       \
        out->MiscFlags = d3d10_misc_from11(out->MiscFlags);                                   \
    }

D3D10_FACE_TEXTURE(1d, ID3D10Texture1D, D3D10_TEXTURE1D_DESC, ID3D11Texture1D,
                   D3D11_TEXTURE1D_DESC)
D3D10_FACE_TEXTURE(2d, ID3D10Texture2D, D3D10_TEXTURE2D_DESC, ID3D11Texture2D,
                   D3D11_TEXTURE2D_DESC)
D3D10_FACE_TEXTURE(3d, ID3D10Texture3D, D3D10_TEXTURE3D_DESC, ID3D11Texture3D,
                   D3D11_TEXTURE3D_DESC)

static HRESULT STDMETHODCALLTYPE tex1d_Map(ID3D10Texture1D *iface, UINT sub, D3D10_MAP type,
                                           UINT flags, void **data)
{
    return tex_map(obj(iface), sub, type, flags, data, NULL, NULL, "ID3D10Texture1D::Map");
}

static HRESULT STDMETHODCALLTYPE tex2d_Map(ID3D10Texture2D *iface, UINT sub, D3D10_MAP type,
                                           UINT flags, D3D10_MAPPED_TEXTURE2D *out)
{
    return tex_map(obj(iface), sub, type, flags, out ? &out->pData : NULL,
                   out ? &out->RowPitch : NULL, NULL, "ID3D10Texture2D::Map");
}

static HRESULT STDMETHODCALLTYPE tex3d_Map(ID3D10Texture3D *iface, UINT sub, D3D10_MAP type,
                                           UINT flags, D3D10_MAPPED_TEXTURE3D *out)
{
    return tex_map(obj(iface), sub, type, flags, out ? &out->pData : NULL,
                   out ? &out->RowPitch : NULL, out ? &out->DepthPitch : NULL,
                   "ID3D10Texture3D::Map");
}

#define D3D10_TEXTURE_VTBL(n, Iface)                                                           \
    static const Iface##Vtbl tex##n##_vtbl = {                                                 \
        D3D10_FACE_RESOURCE_ENTRIES(tex##n),                                                   \
        .Map = tex##n##_Map,                                                                   \
        .Unmap = tex##n##_Unmap,                                                               \
        .GetDesc = tex##n##_GetDesc,                                                           \
    };
D3D10_TEXTURE_VTBL(1d, ID3D10Texture1D)
D3D10_TEXTURE_VTBL(2d, ID3D10Texture2D)
D3D10_TEXTURE_VTBL(3d, ID3D10Texture3D)

/* ---- views ---- */

/* The face of a view's resource. */
static void view_resource(struct d3d10_object *o, ID3D10Resource **out)
{
    ID3D11Resource *r = NULL;
    D3D11_RESOURCE_DIMENSION dim = D3D11_RESOURCE_DIMENSION_UNKNOWN;
    static const enum d3d10_kind by_dim[] = { D3D10_KIND_BUFFER, D3D10_KIND_BUFFER,
                                              D3D10_KIND_TEXTURE1D, D3D10_KIND_TEXTURE2D,
                                              D3D10_KIND_TEXTURE3D };
    if (!out)
        return;
    ID3D11View_GetResource((ID3D11View *)o->obj11, &r);
    if (r)
        ID3D11Resource_GetType(r, &dim);
    *out = d3d10_wrap_owned(o->device, (IUnknown *)r, by_dim[dim <= 4 ? dim : 0]);
}

#define D3D10_FACE_VIEW(prefix, Iface)                                                         \
    D3D10_FACE_COMMON(prefix, Iface)                                                           \
    static void STDMETHODCALLTYPE prefix##_GetResource(Iface *iface, ID3D10Resource **out)    \
    {                                                                                          \
        view_resource(obj(iface), out);                                                       \
    }

D3D10_FACE_VIEW(srv, ID3D10ShaderResourceView1)

/* The D3D10 view descriptions are D3D11's members in D3D11's places (without D3D11's larger
 * union members), so the first bytes of the D3D11 description are the D3D10 one. */
static void STDMETHODCALLTYPE srv_GetDesc1(ID3D10ShaderResourceView1 *iface,
                                           D3D10_SHADER_RESOURCE_VIEW_DESC1 *out)
{
    D3D11_SHADER_RESOURCE_VIEW_DESC d;
    _Static_assert(sizeof(D3D10_SHADER_RESOURCE_VIEW_DESC1) <= sizeof(d), "layout");
    if (!out)
        return;
    ID3D11ShaderResourceView_GetDesc((ID3D11ShaderResourceView *)obj(iface)->obj11, &d);
    memcpy(out, &d, sizeof(*out));
}

static void STDMETHODCALLTYPE srv_GetDesc(ID3D10ShaderResourceView1 *iface,
                                          D3D10_SHADER_RESOURCE_VIEW_DESC *out)
{
    D3D10_SHADER_RESOURCE_VIEW_DESC1 d;
    if (!out)
        return;
    srv_GetDesc1(iface, &d);
    memcpy(out, &d, sizeof(*out));
}

static const ID3D10ShaderResourceView1Vtbl srv_vtbl = {
    D3D10_FACE_COMMON_ENTRIES(srv),
    .GetResource = srv_GetResource,
    .GetDesc = srv_GetDesc,
    .GetDesc1 = srv_GetDesc1,
};

D3D10_FACE_VIEW(rtv, ID3D10RenderTargetView)

static void STDMETHODCALLTYPE rtv_GetDesc(ID3D10RenderTargetView *iface,
                                          D3D10_RENDER_TARGET_VIEW_DESC *out)
{
    D3D11_RENDER_TARGET_VIEW_DESC d;
    _Static_assert(sizeof(D3D10_RENDER_TARGET_VIEW_DESC) <= sizeof(d), "layout");
    if (!out)
        return;
    ID3D11RenderTargetView_GetDesc((ID3D11RenderTargetView *)obj(iface)->obj11, &d);
    memcpy(out, &d, sizeof(*out));
}

static const ID3D10RenderTargetViewVtbl rtv_vtbl = {
    D3D10_FACE_COMMON_ENTRIES(rtv),
    .GetResource = rtv_GetResource,
    .GetDesc = rtv_GetDesc,
};

D3D10_FACE_VIEW(dsv, ID3D10DepthStencilView)

static void STDMETHODCALLTYPE dsv_GetDesc(ID3D10DepthStencilView *iface,
                                          D3D10_DEPTH_STENCIL_VIEW_DESC *out)
{
    D3D11_DEPTH_STENCIL_VIEW_DESC d;
    if (!out)
        return;
    ID3D11DepthStencilView_GetDesc((ID3D11DepthStencilView *)obj(iface)->obj11, &d);
    d3d10_dsv_desc_from11(&d, out);
}

static const ID3D10DepthStencilViewVtbl dsv_vtbl = {
    D3D10_FACE_COMMON_ENTRIES(dsv),
    .GetResource = dsv_GetResource,
    .GetDesc = dsv_GetDesc,
};

/* ---- shaders and input layouts: only the common methods ---- */

D3D10_FACE_COMMON(vs, ID3D10VertexShader)
static const ID3D10VertexShaderVtbl vs_vtbl = { D3D10_FACE_COMMON_ENTRIES(vs) };
D3D10_FACE_COMMON(gs, ID3D10GeometryShader)
static const ID3D10GeometryShaderVtbl gs_vtbl = { D3D10_FACE_COMMON_ENTRIES(gs) };
D3D10_FACE_COMMON(ps, ID3D10PixelShader)
static const ID3D10PixelShaderVtbl ps_vtbl = { D3D10_FACE_COMMON_ENTRIES(ps) };
D3D10_FACE_COMMON(layout, ID3D10InputLayout)
static const ID3D10InputLayoutVtbl layout_vtbl = { D3D10_FACE_COMMON_ENTRIES(layout) };

/* ---- state objects ---- */

D3D10_FACE_COMMON(blend, ID3D10BlendState1)

static void STDMETHODCALLTYPE blend_GetDesc1(ID3D10BlendState1 *iface, D3D10_BLEND_DESC1 *out)
{
    _Static_assert(sizeof(D3D10_BLEND_DESC1) == sizeof(D3D11_BLEND_DESC), "layout");
    if (out)
        ID3D11BlendState_GetDesc((ID3D11BlendState *)obj(iface)->obj11, (D3D11_BLEND_DESC *)out);
}

static void STDMETHODCALLTYPE blend_GetDesc(ID3D10BlendState1 *iface, D3D10_BLEND_DESC *out)
{
    D3D11_BLEND_DESC d;
    if (!out)
        return;
    ID3D11BlendState_GetDesc((ID3D11BlendState *)obj(iface)->obj11, &d);
    d3d10_blend_desc_from11(&d, out);
}

static const ID3D10BlendState1Vtbl blend_vtbl = {
    D3D10_FACE_COMMON_ENTRIES(blend),
    .GetDesc = blend_GetDesc,
    .GetDesc1 = blend_GetDesc1,
};

/* Depth-stencil, rasterizer and sampler descriptions have D3D11's layouts. */
#define D3D10_FACE_STATE(prefix, Iface, Desc, Iface11, Desc11)                                 \
    D3D10_FACE_COMMON(prefix, Iface)                                                           \
    static void STDMETHODCALLTYPE prefix##_GetDesc(Iface *iface, Desc *out)                   \
    {                                                                                          \
        _Static_assert(sizeof(Desc) == sizeof(Desc11), "layout");                            \
        if (out)                                                                               \
            Iface11##_GetDesc((Iface11 *)obj(iface)->obj11, (Desc11 *)out);                   \
    }                                                                                          \
    static const Iface##Vtbl prefix##_vtbl = {                                                 \
        D3D10_FACE_COMMON_ENTRIES(prefix),                                                     \
        .GetDesc = prefix##_GetDesc,                                                           \
    };

D3D10_FACE_STATE(depth, ID3D10DepthStencilState, D3D10_DEPTH_STENCIL_DESC,
                 ID3D11DepthStencilState, D3D11_DEPTH_STENCIL_DESC)
D3D10_FACE_STATE(raster, ID3D10RasterizerState, D3D10_RASTERIZER_DESC, ID3D11RasterizerState,
                 D3D11_RASTERIZER_DESC)
D3D10_FACE_STATE(sampler, ID3D10SamplerState, D3D10_SAMPLER_DESC, ID3D11SamplerState,
                 D3D11_SAMPLER_DESC)

/* ---- queries, predicates, counters: Begin/End/GetData run on the immediate context ---- */

#define D3D10_FACE_ASYNC(prefix, Iface, Desc, Iface11, Desc11)                                 \
    D3D10_FACE_COMMON(prefix, Iface)                                                           \
    static void STDMETHODCALLTYPE prefix##_Begin(Iface *iface)                                \
    {                                                                                          \
        ID3D11DeviceContext_Begin(obj(iface)->device->ctx11,                                  \
                                  (ID3D11Asynchronous *)obj(iface)->obj11);                   \
    }                                                                                          \
    static void STDMETHODCALLTYPE prefix##_End(Iface *iface)                                  \
    {                                                                                          \
        ID3D11DeviceContext_End(obj(iface)->device->ctx11,                                    \
                                (ID3D11Asynchronous *)obj(iface)->obj11);                     \
    }                                                                                          \
    static HRESULT STDMETHODCALLTYPE prefix##_GetData(Iface *iface, void *data, UINT size,    \
                                                      UINT flags)                             \
    {                                                                                          \
        return ID3D11DeviceContext_GetData(obj(iface)->device->ctx11,                         \
                                           (ID3D11Asynchronous *)obj(iface)->obj11, data,     \
                                           size, flags);                                      \
    }                                                                                          \
    static UINT STDMETHODCALLTYPE prefix##_GetDataSize(Iface *iface)                          \
    {                                                                                          \
        return ID3D11Asynchronous_GetDataSize((ID3D11Asynchronous *)obj(iface)->obj11);       \
    }                                                                                          \
    static void STDMETHODCALLTYPE prefix##_GetDesc(Iface *iface, Desc *out)                   \
    {                                                                                          \
        _Static_assert(sizeof(Desc) == sizeof(Desc11), "layout");                            \
        if (out)                                                                               \
            Iface11##_GetDesc((Iface11 *)obj(iface)->obj11, (Desc11 *)out);                   \
    }                                                                                          \
    static const Iface##Vtbl prefix##_vtbl = {                                                 \
        D3D10_FACE_COMMON_ENTRIES(prefix),                                                     \
        .Begin = prefix##_Begin,                                                               \
        .End = prefix##_End,                                                                   \
        .GetData = prefix##_GetData,                                                           \
        .GetDataSize = prefix##_GetDataSize,                                                   \
        .GetDesc = prefix##_GetDesc,                                                           \
    };

D3D10_FACE_ASYNC(query, ID3D10Query, D3D10_QUERY_DESC, ID3D11Query, D3D11_QUERY_DESC)
D3D10_FACE_ASYNC(predicate, ID3D10Predicate, D3D10_QUERY_DESC, ID3D11Query, D3D11_QUERY_DESC)
D3D10_FACE_ASYNC(counter, ID3D10Counter, D3D10_COUNTER_DESC, ID3D11Counter, D3D11_COUNTER_DESC)

static const void *const kind_vtbls[D3D10_KIND_COUNT] = {
    [D3D10_KIND_BUFFER] = &buffer_vtbl,
    [D3D10_KIND_TEXTURE1D] = &tex1d_vtbl,
    [D3D10_KIND_TEXTURE2D] = &tex2d_vtbl,
    [D3D10_KIND_TEXTURE3D] = &tex3d_vtbl,
    [D3D10_KIND_SRV] = &srv_vtbl,
    [D3D10_KIND_RTV] = &rtv_vtbl,
    [D3D10_KIND_DSV] = &dsv_vtbl,
    [D3D10_KIND_VS] = &vs_vtbl,
    [D3D10_KIND_GS] = &gs_vtbl,
    [D3D10_KIND_PS] = &ps_vtbl,
    [D3D10_KIND_INPUT_LAYOUT] = &layout_vtbl,
    [D3D10_KIND_BLEND] = &blend_vtbl,
    [D3D10_KIND_DEPTH_STENCIL] = &depth_vtbl,
    [D3D10_KIND_RASTERIZER] = &raster_vtbl,
    [D3D10_KIND_SAMPLER] = &sampler_vtbl,
    [D3D10_KIND_QUERY] = &query_vtbl,
    [D3D10_KIND_PREDICATE] = &predicate_vtbl,
    [D3D10_KIND_COUNTER] = &counter_vtbl,
};
