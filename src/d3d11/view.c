/* src/d3d11/view.c — ID3D11Device: CreateShaderResourceView, CreateRenderTargetView,
 * CreateDepthStencilView, CreateUnorderedAccessView (11_0); the view objects.
 *
 * A view is a device child that holds one reference on its resource (GetResource AddRefs it
 * again for the caller) and keeps its description as GetDesc reports it: the one given, or the
 * whole-resource one for pDesc NULL, with Format UNKNOWN and MipLevels -1 resolved.  The rules
 * and decisions are in view_validate.c.  A resource of another device is refused (E_INVALIDARG),
 * as is a pointer that is not a softd3d resource.
 */
#include "d3d11/d3d11_resource.h"

#include <stdlib.h>

#include "d3d11/device_child.h"
#include "d3d11/d3d11_tiled.h"

struct d3d11_srv {
    ID3D11ShaderResourceView iface;
    struct d3d11_child child;
    D3D11_SHADER_RESOURCE_VIEW_DESC desc;
    struct d3d11_view_info info;
};

struct d3d11_rtv {
    ID3D11RenderTargetView iface;
    struct d3d11_child child;
    D3D11_RENDER_TARGET_VIEW_DESC desc;
    struct d3d11_view_info info;
};

struct d3d11_dsv {
    ID3D11DepthStencilView iface;
    struct d3d11_child child;
    D3D11_DEPTH_STENCIL_VIEW_DESC desc;
    struct d3d11_view_info info;
};

/* The unordered-access view keeps its description and counter in `uav` (d3d11_resource.h);
 * `info` mirrors uav.view so that the shared templates below read one field name. */
struct d3d11_uav {
    ID3D11UnorderedAccessView iface;
    struct d3d11_child child;
    D3D11_UNORDERED_ACCESS_VIEW_DESC desc;
    struct d3d11_view_info info;
    struct d3d11_uav_info uav;
};

/* A view holds its resource twice: one context-kind reference (life) for as long as the view
 * exists, and one application reference while the application holds the view (GetResource's
 * counts are the runtime's).  A view that only the context keeps bound so drops the resource's
 * device reference with its own (device_child.h, on_app_refs): otherwise a bound view and its
 * resource would keep the device alive after the application released everything. */
static void view_app_refs(struct d3d11_resource *res, bool held)
{
    if (held)
        d3d11_resource_addref(res);
    else
        d3d11_resource_release(res);
}

#define VIEW_DESTROY(prefix, Type)                                                             \
    static void prefix##_destroy(Type *v)                                                      \
    {                                                                                          \
        d3d11_resource_unbind(v->info.resource);   /* the application's went with the view's */ \
        free(v);                                                                               \
    }                                                                                          \
    static void prefix##_app_refs(struct d3d11_child *c, bool held)                            \
    {                                                                                          \
        view_app_refs(container_of(c, Type, child)->info.resource, held);                     \
    }

VIEW_DESTROY(srv, struct d3d11_srv)
VIEW_DESTROY(rtv, struct d3d11_rtv)
VIEW_DESTROY(dsv, struct d3d11_dsv)
VIEW_DESTROY(uav, struct d3d11_uav)

static const GUID *const srv_iids[] = { &IID_ID3D11View, &IID_ID3D11ShaderResourceView, NULL };
static const GUID *const rtv_iids[] = { &IID_ID3D11View, &IID_ID3D11RenderTargetView, NULL };
static const GUID *const dsv_iids[] = { &IID_ID3D11View, &IID_ID3D11DepthStencilView, NULL };
static const GUID *const uav_iids[] = { &IID_ID3D11View, &IID_ID3D11UnorderedAccessView, NULL };

D3D11_CHILD_IMPLEMENT(srv, ID3D11ShaderResourceView, struct d3d11_srv, srv_iids, srv_destroy)
D3D11_CHILD_IMPLEMENT(rtv, ID3D11RenderTargetView, struct d3d11_rtv, rtv_iids, rtv_destroy)
D3D11_CHILD_IMPLEMENT(dsv, ID3D11DepthStencilView, struct d3d11_dsv, dsv_iids, dsv_destroy)
D3D11_CHILD_IMPLEMENT(uav, ID3D11UnorderedAccessView, struct d3d11_uav, uav_iids, uav_destroy)

#define VIEW_METHODS(prefix, Iface, Desc)                                                      \
    static void STDMETHODCALLTYPE prefix##_GetResource(Iface *iface, ID3D11Resource **out)    \
    {                                                                                          \
        struct d3d11_resource *res = prefix##_impl(iface)->info.resource;                     \
        if (!out)                                                                              \
            return;                                                                            \
        d3d11_resource_addref(res);                                                            \
        *out = d3d11_resource_iface(res);                                                      \
    }                                                                                          \
    static void STDMETHODCALLTYPE prefix##_GetDesc(Iface *iface, Desc *desc)                  \
    {                                                                                          \
        if (desc)                                                                              \
            *desc = prefix##_impl(iface)->desc;                                                \
    }

VIEW_METHODS(srv, ID3D11ShaderResourceView, D3D11_SHADER_RESOURCE_VIEW_DESC)
VIEW_METHODS(rtv, ID3D11RenderTargetView, D3D11_RENDER_TARGET_VIEW_DESC)
VIEW_METHODS(dsv, ID3D11DepthStencilView, D3D11_DEPTH_STENCIL_VIEW_DESC)
VIEW_METHODS(uav, ID3D11UnorderedAccessView, D3D11_UNORDERED_ACCESS_VIEW_DESC)

static const ID3D11ShaderResourceViewVtbl srv_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(srv),
    .GetResource = srv_GetResource,
    .GetDesc = srv_GetDesc,
};

static const ID3D11RenderTargetViewVtbl rtv_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(rtv),
    .GetResource = rtv_GetResource,
    .GetDesc = rtv_GetDesc,
};

static const ID3D11DepthStencilViewVtbl dsv_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(dsv),
    .GetResource = dsv_GetResource,
    .GetDesc = dsv_GetDesc,
};

static const ID3D11UnorderedAccessViewVtbl uav_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(uav),
    .GetResource = uav_GetResource,
    .GetDesc = uav_GetDesc,
};

/* `other`: the views of tiled textures (tiled_views.c), which the pipeline reads like these
 * (their info's tiled_view / resource->tiled); NULL where there are none. */
#define VIEW_INFO(prefix, Iface, Desc, other)                                                  \
    const struct d3d11_view_info *d3d11_##prefix##_info(Iface *view, Desc *desc)              \
    {                                                                                          \
        struct d3d11_##prefix *v;                                                              \
        if (!view)                                                                             \
            return NULL;                                                                       \
        if (view->lpVtbl != &prefix##_vtbl)                                                    \
            return other;                                                                      \
        v = prefix##_impl(view);                                                               \
        if (desc)                                                                              \
            *desc = v->desc;                                                                   \
        return &v->info;                                                                       \
    }

VIEW_INFO(srv, ID3D11ShaderResourceView, D3D11_SHADER_RESOURCE_VIEW_DESC,
          d3d11_tiled_srv_info(view, desc))
VIEW_INFO(rtv, ID3D11RenderTargetView, D3D11_RENDER_TARGET_VIEW_DESC,
          d3d11_tiled_rtv_info(view, desc))
VIEW_INFO(dsv, ID3D11DepthStencilView, D3D11_DEPTH_STENCIL_VIEW_DESC, NULL)

struct d3d11_uav_info *d3d11_uav_info(ID3D11UnorderedAccessView *view)
{
    if (!view || view->lpVtbl != &uav_vtbl)
        return NULL;
    return &uav_impl(view)->uav;
}

/* The device-child part of any of the three views, for the context's bindings (d3d11_child_bind /
 * unbind); NULL when `view` is NULL or not a softd3d view. */
struct d3d11_child *d3d11_view_child(ID3D11View *view)
{
    const void *vtbl = view ? view->lpVtbl : NULL;
    if (vtbl == (const void *)&srv_vtbl)
        return &srv_impl((ID3D11ShaderResourceView *)view)->child;
    if (vtbl == (const void *)&rtv_vtbl)
        return &rtv_impl((ID3D11RenderTargetView *)view)->child;
    if (vtbl == (const void *)&dsv_vtbl)
        return &dsv_impl((ID3D11DepthStencilView *)view)->child;
    if (vtbl == (const void *)&uav_vtbl)
        return &uav_impl((ID3D11UnorderedAccessView *)view)->child;
    return d3d11_tiled_view_child(view);   /* views of tiled textures, or NULL */
}

/* The resource, if it is one of this device's (NULL otherwise, with a message). */
static const struct d3d11_resource *view_resource(struct d3d11_device *dev, const char *method,
                                                  ID3D11Resource *iface)
{
    struct d3d11_resource *res = d3d11_resource_from_iface(iface);
    if (iface && !res)
        d3d11_msg(dev, "%s: pResource is not a softd3d resource", method);
    else if (res && res->device != dev)
        d3d11_msg(dev, "%s: pResource belongs to another device", method);
    else
        return res;
    return NULL;
}

/* The four Create methods share this shape: resource check, validation, S_FALSE for a NULL
 * out-pointer, then the object, which takes a reference on the resource.  d3d11_create_xxx_of
 * is the part after the resource check, for tiled_views.c: the views of tiled resources are
 * these objects over the resource's pipeline picture (d3d11_resource.h `tiled_tr`). */
#define CREATE_VIEW(prefix, Iface, Desc, Method)                                               \
    HRESULT d3d11_create_##prefix##_of(struct d3d11_device *dev,                              \
                                       const struct d3d11_resource *res, const Desc *desc,    \
                                       Iface **out)                                           \
    {                                                                                          \
        char msg[D3D11_RESOURCE_MSG_SIZE];                                                     \
        struct d3d11_##prefix *v;                                                              \
        struct d3d11_view_info info;                                                           \
        Desc resolved;                                                                         \
        HRESULT hr;                                                                            \
                                                                                               \
        if (out)                                                                               \
            *out = NULL;                                                                       \
        if (FAILED(hr = d3d11_validate_##prefix(res, desc, dev->level, &resolved, &info, msg, \
                                                sizeof(msg)))) {                               \
            d3d11_msg(dev, "%s", msg);                                                         \
            return hr;                                                                         \
        }                                                                                      \
        if (!out)                                                                              \
            return S_FALSE;                                                                    \
        if (!(v = calloc(1, sizeof(*v)))) {                                                    \
            d3d11_msg(dev, #Method ": out of memory");                                        \
            return E_OUTOFMEMORY;                                                              \
        }                                                                                      \
        v->iface.lpVtbl = &prefix##_vtbl;                                                      \
        v->desc = resolved;                                                                    \
        v->info = info;                                                                        \
        prefix##_init_extra(v);                                                                \
        d3d11_resource_addref(v->info.resource);                                               \
        d3d11_resource_bind(v->info.resource);                                                 \
        d3d11_child_init(&v->child, dev);                                                      \
        v->child.on_app_refs = prefix##_app_refs;                                              \
        *out = &v->iface;                                                                      \
        return S_OK;                                                                           \
    }                                                                                          \
    static HRESULT STDMETHODCALLTYPE device_##Method(ID3D11Device2 *iface,                    \
                                                      ID3D11Resource *resource,                \
                                                      const Desc *desc, Iface **out)           \
    {                                                                                          \
        struct d3d11_device *dev = d3d11_device_from_iface(iface);                            \
        const struct d3d11_resource *res;                                                      \
                                                                                               \
        if (out)                                                                               \
            *out = NULL;                                                                       \
        res = view_resource(dev, #Method, resource);                                          \
        if (resource && !res)                                                                  \
            return E_INVALIDARG;                                                               \
        return d3d11_create_##prefix##_of(dev, res, desc, out);                               \
    }

static void srv_init_extra(struct d3d11_srv *v) { (void)v; }
static void rtv_init_extra(struct d3d11_rtv *v) { (void)v; }
static void dsv_init_extra(struct d3d11_dsv *v) { (void)v; }
/* The hidden counter of an APPEND / COUNTER view starts at 0 until an initial count is given
 * (CSSetUnorderedAccessViews: "-1 indicates to keep the current offset"). */
static void uav_init_extra(struct d3d11_uav *v)
{
    v->uav.view = v->info;
    v->uav.desc = v->desc;
    v->uav.counter = 0;
    v->uav.has_counter = v->desc.ViewDimension == D3D11_UAV_DIMENSION_BUFFER &&
                         (v->desc.Buffer.Flags & (D3D11_BUFFER_UAV_FLAG_APPEND |
                                                  D3D11_BUFFER_UAV_FLAG_COUNTER));
}

CREATE_VIEW(srv, ID3D11ShaderResourceView, D3D11_SHADER_RESOURCE_VIEW_DESC,
            CreateShaderResourceView)
CREATE_VIEW(rtv, ID3D11RenderTargetView, D3D11_RENDER_TARGET_VIEW_DESC, CreateRenderTargetView)
CREATE_VIEW(dsv, ID3D11DepthStencilView, D3D11_DEPTH_STENCIL_VIEW_DESC, CreateDepthStencilView)
CREATE_VIEW(uav, ID3D11UnorderedAccessView, D3D11_UNORDERED_ACCESS_VIEW_DESC,
            CreateUnorderedAccessView)

void d3d11_view_fill_device_vtbl(ID3D11Device2Vtbl *v)
{
    v->CreateShaderResourceView = device_CreateShaderResourceView;
    v->CreateRenderTargetView = device_CreateRenderTargetView;
    v->CreateDepthStencilView = device_CreateDepthStencilView;
    v->CreateUnorderedAccessView = device_CreateUnorderedAccessView;
}
