/* src/d3d11/tiled_views.c — views of tiled resources at feature level 11_1 (issues 7, 11):
 * what a shader needs to read a tiled resource and what an operation needs to write one.
 *
 *  - CreateShaderResourceView of a tiled texture as TEXTURE2D / TEXTURE2DARRAY (or a NULL
 *    description: every mip and slice), with D3D11_BIND_SHADER_RESOURCE, in the resource's
 *    format or one of its family with the same element size: a view of this file that owns the
 *    sampler's texture_view of the page table (sample/texel_tiled.h: NULL tiles, status
 *    feedback, the LOD clamp), bound in every stage like any view (its d3d11_view_info).
 *  - CreateRenderTargetView of one mip of a tiled texture (TEXTURE2D): a view of this file;
 *    draws and clears write through the page table (tiled_draw.c).
 *  - Every other view of a tiled resource (cube and cube-array shader-resource views, views
 *    of tiled buffers, render-target array views, depth-stencil and unordered-access views):
 *    the ordinary view objects (view.c, every rule of view_validate.c) over the resource's
 *    pipeline picture (`res`), which each operation using one lends a linear copy
 *    (tiled_lend.c).  A tile pool has no views (E_INVALIDARG).
 * Sampler states at 11_1 are the ordinary ones (state.c; MINIMUM_/MAXIMUM_ filters allowed
 * there at 11_1, MinMaxFiltering TRUE).
 */
#include <stdlib.h>
#include <string.h>

#include "d3d11/d3d11_tiled.h"
#include "util/log.h"

/* The tiled resource behind `res` (false with a message: a tile pool, which has no views, or
 * an object of another device). */
static bool tiled_resource(struct d3d11_device *dev, const char *method, ID3D11Resource *res,
                           struct d3d11_tiled_ref *r)
{
    if (!d3d11_tiled_of(res, r)) {
        d3d11_msg(dev, "%s: pResource is a tile pool, which cannot be viewed (only the tiled "
                       "resources mapped onto it)", method);
        return false;
    }
    if (r->dev != dev) {
        d3d11_msg(dev, "%s: pResource belongs to another device", method);
        return false;
    }
    return true;
}

/* ---- shader-resource views ----------------------------------------------------------------- */

static void srv_destroy(struct d3d11_tiled_srv *v)
{
    ID3D11Texture2D_Release(&v->tex->iface);
    free(v);
}
static const GUID *const srv_iids[] = { &IID_ID3D11View, &IID_ID3D11ShaderResourceView, NULL };
D3D11_CHILD_IMPLEMENT(srv, ID3D11ShaderResourceView, struct d3d11_tiled_srv, srv_iids,
                      srv_destroy)

static void STDMETHODCALLTYPE srv_GetResource(ID3D11ShaderResourceView *iface,
                                              ID3D11Resource **out)
{
    struct d3d11_tiled_srv *v = srv_impl(iface);
    ID3D11Texture2D_AddRef(&v->tex->iface);
    *out = (ID3D11Resource *)&v->tex->iface;
}
static void STDMETHODCALLTYPE srv_GetDesc(ID3D11ShaderResourceView *iface,
                                          D3D11_SHADER_RESOURCE_VIEW_DESC *desc)
{
    if (desc)
        *desc = srv_impl(iface)->desc;
}
static ID3D11ShaderResourceViewVtbl srv_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(srv), .GetResource = srv_GetResource, .GetDesc = srv_GetDesc,
};

struct d3d11_tiled_srv *d3d11_tiled_srv_of(ID3D11ShaderResourceView *v)
{
    return v && v->lpVtbl == &srv_vtbl ? srv_impl(v) : NULL;
}

/* The view format: the resource's, or one of its family with the same element size. */
static bool view_format(struct d3d11_tiled_texture *t, DXGI_FORMAT want, DXGI_FORMAT *out)
{
    const core_format_desc *a = core_format_get((core_format)t->desc.Format);
    const core_format_desc *b;
    if (want == DXGI_FORMAT_UNKNOWN)
        want = t->desc.Format;
    b = core_format_get((core_format)want);
    *out = want;
    return a && b && core_format_cast_compatible(a->id, b->id) &&
           a->block_bytes == b->block_bytes && texel_format_get(b->id);
}

HRESULT d3d11_tiled_create_srv(struct d3d11_device *dev, ID3D11Resource *res,
                               const D3D11_SHADER_RESOURCE_VIEW_DESC *desc,
                               ID3D11ShaderResourceView **out)
{
    struct d3d11_tiled_ref r;
    struct d3d11_tiled_srv *v;
    D3D11_SHADER_RESOURCE_VIEW_DESC d;
    UINT first = 0, count;

    if (out)
        *out = NULL;
    if (!tiled_resource(dev, "CreateShaderResourceView", res, &r))
        return E_INVALIDARG;
    /* tiled buffers, and the dimensions the sampler's page-table view does not cover (cube and
     * cube-array views): the ordinary view over the resource's pipeline picture, whose texels a
     * linear copy lent per operation provides (tiled_lend.c) */
    if (!r.tex)
        return d3d11_create_srv_of(dev, &r.buf->res, desc, out);
    if (desc && desc->ViewDimension != D3D11_SRV_DIMENSION_TEXTURE2D &&
        desc->ViewDimension != D3D11_SRV_DIMENSION_TEXTURE2DARRAY)
        return d3d11_create_srv_of(dev, &r.tex->res, desc, out);
    if (!(r.tex->desc.BindFlags & D3D11_BIND_SHADER_RESOURCE)) {
        d3d11_msg(dev, "CreateShaderResourceView: the texture was created without "
                       "D3D11_BIND_SHADER_RESOURCE");
        return E_INVALIDARG;
    }
    count = r.tex->desc.MipLevels;
    /* NULL: the whole resource, an array view when ArraySize > 1 */
    d = (D3D11_SHADER_RESOURCE_VIEW_DESC){
        .ViewDimension = r.tex->desc.ArraySize > 1 ? D3D11_SRV_DIMENSION_TEXTURE2DARRAY
                                                   : D3D11_SRV_DIMENSION_TEXTURE2D };
    d.Texture2DArray.ArraySize = r.tex->desc.ArraySize;
    if (desc) {
        const D3D11_TEX2D_SRV *t2 = &desc->Texture2D;
        const D3D11_TEX2D_ARRAY_SRV *ta = &desc->Texture2DArray;
        d.ViewDimension = desc->ViewDimension;
        /* MostDetailedMip and MipLevels sit at the same place in both unions */
        first = desc->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2D ? t2->MostDetailedMip
                                                                     : ta->MostDetailedMip;
        count = desc->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2D ? t2->MipLevels
                                                                     : ta->MipLevels;
        if (count == (UINT)-1)
            count = first < r.tex->desc.MipLevels ? r.tex->desc.MipLevels - first : 0;
        if (first >= r.tex->desc.MipLevels || !count || count > r.tex->desc.MipLevels - first) {
            d3d11_msg(dev, "CreateShaderResourceView: mips %u..+%u outside the texture's %u",
                      first, count, r.tex->desc.MipLevels);
            return E_INVALIDARG;
        }
        if (desc->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DARRAY) {
            if (!ta->ArraySize || ta->FirstArraySlice >= r.tex->desc.ArraySize ||
                ta->ArraySize > r.tex->desc.ArraySize - ta->FirstArraySlice) {
                d3d11_msg(dev, "CreateShaderResourceView: slices %u..+%u outside the texture's "
                               "%u", ta->FirstArraySlice, ta->ArraySize, r.tex->desc.ArraySize);
                return E_INVALIDARG;
            }
            d.Texture2DArray.FirstArraySlice = ta->FirstArraySlice;
            d.Texture2DArray.ArraySize = ta->ArraySize;
        } else if (r.tex->desc.ArraySize > 1) {
            /* a TEXTURE2D view of an array sees slice 0 (the view's one slice) */
            d.Texture2DArray.ArraySize = 0;
        }
    } else if (r.tex->desc.ArraySize == 1) {
        d.Texture2DArray.ArraySize = 0;
    }
    if (!view_format(r.tex, desc ? desc->Format : DXGI_FORMAT_UNKNOWN, &d.Format)) {
        d3d11_msg(dev, "CreateShaderResourceView: Format %d cannot view the texture's format %d "
                       "(same family and element size, sampleable)", (int)d.Format,
                  (int)r.tex->desc.Format);
        return E_INVALIDARG;
    }
    {
        UINT first_slice = d.Texture2DArray.FirstArraySlice, slices = d.Texture2DArray.ArraySize;
        if (d.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DARRAY) {
            d.Texture2DArray.MostDetailedMip = first;
            d.Texture2DArray.MipLevels = count;
            d.Texture2DArray.FirstArraySlice = first_slice;
            d.Texture2DArray.ArraySize = slices;
        } else {
            memset(&d.Texture2DArray, 0, sizeof(d.Texture2DArray));
            d.Texture2D.MostDetailedMip = first;
            d.Texture2D.MipLevels = count;
        }
    }
    if (!out)
        return S_FALSE;
    if (!(v = calloc(1, sizeof(*v))))
        return E_OUTOFMEMORY;
    v->iface.lpVtbl = &srv_vtbl;
    v->desc = d;
    v->tex = r.tex;
    v->tt = (struct texel_tiled){ &r.tex->tr, first, 0, false, 0 };
    if (d.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DARRAY) {
        v->tt.first_slice = d.Texture2DArray.FirstArraySlice;
        v->tt.array_size = d.Texture2DArray.ArraySize;
    }
    if (!texel_tiled_view_init(&v->view, &v->tt, (core_format)d.Format, count)) {
        free(v);
        d3d11_msg(dev, "CreateShaderResourceView: format %d cannot be sampled", (int)d.Format);
        return E_INVALIDARG;
    }
    /* what the ordinary bindings of every stage read (d3d11_resource.h) */
    v->info = (struct d3d11_view_info){
        .resource = &r.tex->res, .format = d.Format, .first_mip = first, .mip_count = count,
        .first_slice = v->tt.first_slice, .slice_count = v->tt.array_size ? v->tt.array_size : 1,
        .array = d.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DARRAY,
        .tiled_view = &v->view,
    };
    ID3D11Texture2D_AddRef(&r.tex->iface);
    d3d11_child_init(&v->child, dev);
    *out = &v->iface;
    return S_OK;
}

const struct d3d11_view_info *d3d11_tiled_srv_info(ID3D11ShaderResourceView *view,
                                                   D3D11_SHADER_RESOURCE_VIEW_DESC *desc)
{
    struct d3d11_tiled_srv *v = d3d11_tiled_srv_of(view);
    if (v && desc)
        *desc = v->desc;
    return v ? &v->info : NULL;
}

/* ---- render-target views ------------------------------------------------------------------- */

static void rtv_destroy(struct d3d11_tiled_rtv *v)
{
    ID3D11Texture2D_Release(&v->tex->iface);
    free(v);
}
static const GUID *const rtv_iids[] = { &IID_ID3D11View, &IID_ID3D11RenderTargetView, NULL };
D3D11_CHILD_IMPLEMENT(rtv, ID3D11RenderTargetView, struct d3d11_tiled_rtv, rtv_iids,
                      rtv_destroy)

static void STDMETHODCALLTYPE rtv_GetResource(ID3D11RenderTargetView *iface, ID3D11Resource **out)
{
    struct d3d11_tiled_rtv *v = rtv_impl(iface);
    ID3D11Texture2D_AddRef(&v->tex->iface);
    *out = (ID3D11Resource *)&v->tex->iface;
}
static void STDMETHODCALLTYPE rtv_GetDesc(ID3D11RenderTargetView *iface,
                                          D3D11_RENDER_TARGET_VIEW_DESC *desc)
{
    if (desc)
        *desc = rtv_impl(iface)->desc;
}
static ID3D11RenderTargetViewVtbl rtv_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(rtv), .GetResource = rtv_GetResource, .GetDesc = rtv_GetDesc,
};

struct d3d11_tiled_rtv *d3d11_tiled_rtv_of(ID3D11RenderTargetView *v)
{
    return v && v->lpVtbl == &rtv_vtbl ? rtv_impl(v) : NULL;
}

const struct d3d11_view_info *d3d11_tiled_rtv_info(ID3D11RenderTargetView *view,
                                                   D3D11_RENDER_TARGET_VIEW_DESC *desc)
{
    struct d3d11_tiled_rtv *v = d3d11_tiled_rtv_of(view);
    if (v && desc)
        *desc = v->desc;
    return v ? &v->info : NULL;
}

struct d3d11_child *d3d11_tiled_view_child(ID3D11View *view)
{
    struct d3d11_tiled_srv *s = d3d11_tiled_srv_of((ID3D11ShaderResourceView *)view);
    struct d3d11_tiled_rtv *r = d3d11_tiled_rtv_of((ID3D11RenderTargetView *)view);
    return s ? &s->child : r ? &r->child : NULL;
}

HRESULT d3d11_tiled_create_rtv(struct d3d11_device *dev, ID3D11Resource *res,
                               const D3D11_RENDER_TARGET_VIEW_DESC *desc,
                               ID3D11RenderTargetView **out)
{
    struct d3d11_tiled_ref r;
    struct d3d11_tiled_rtv *v;
    D3D11_RENDER_TARGET_VIEW_DESC d = { .ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D };

    if (out)
        *out = NULL;
    if (!tiled_resource(dev, "CreateRenderTargetView", res, &r))
        return E_INVALIDARG;
    /* array views and views of tiled buffers: the ordinary view (as for shader-resource views
     * above); the draws lend its slices a linear copy (tiled_lend.c) */
    if (!r.tex)
        return d3d11_create_rtv_of(dev, &r.buf->res, desc, out);
    if (desc && desc->ViewDimension != D3D11_RTV_DIMENSION_TEXTURE2D)
        return d3d11_create_rtv_of(dev, &r.tex->res, desc, out);
    if (!(r.tex->desc.BindFlags & D3D11_BIND_RENDER_TARGET)) {
        d3d11_msg(dev, "CreateRenderTargetView: the texture was created without "
                       "D3D11_BIND_RENDER_TARGET");
        return E_INVALIDARG;
    }
    d.Texture2D.MipSlice = desc ? desc->Texture2D.MipSlice : 0;
    if (d.Texture2D.MipSlice >= r.tex->desc.MipLevels) {
        d3d11_msg(dev, "CreateRenderTargetView: MipSlice %u of %u mips", d.Texture2D.MipSlice,
                  r.tex->desc.MipLevels);
        return E_INVALIDARG;
    }
    if (!view_format(r.tex, desc ? desc->Format : DXGI_FORMAT_UNKNOWN, &d.Format) ||
        !texel_format_get((core_format)d.Format)->store) {
        d3d11_msg(dev, "CreateRenderTargetView: Format %d cannot be a render target of the "
                       "texture's format %d", (int)d.Format, (int)r.tex->desc.Format);
        return E_INVALIDARG;
    }
    if (!out)
        return S_FALSE;
    if (!(v = calloc(1, sizeof(*v))))
        return E_OUTOFMEMORY;
    v->iface.lpVtbl = &rtv_vtbl;
    v->desc = d;
    v->tex = r.tex;
    v->info = (struct d3d11_view_info){
        .resource = &r.tex->res, .format = d.Format, .first_mip = d.Texture2D.MipSlice,
        .mip_count = 1, .first_slice = 0, .slice_count = 1,
    };
    ID3D11Texture2D_AddRef(&r.tex->iface);
    d3d11_child_init(&v->child, dev);
    *out = &v->iface;
    return S_OK;
}

/* ---- depth-stencil and unordered-access views ---------------------------------------------- */

/* Both are the ordinary views (view.c, every rule of view_validate.c) over the resource's
 * pipeline picture; every operation that uses one lends the subresources it selects a linear
 * copy, read through the page table and written back through it (tiled_lend.c). */
HRESULT d3d11_tiled_create_dsv(struct d3d11_device *dev, ID3D11Resource *res,
                               const D3D11_DEPTH_STENCIL_VIEW_DESC *desc,
                               ID3D11DepthStencilView **out)
{
    struct d3d11_tiled_ref r;
    if (out)
        *out = NULL;
    if (!tiled_resource(dev, "CreateDepthStencilView", res, &r))
        return E_INVALIDARG;
    return d3d11_create_dsv_of(dev, r.tex ? &r.tex->res : &r.buf->res, desc, out);
}

HRESULT d3d11_tiled_create_uav(struct d3d11_device *dev, ID3D11Resource *res,
                               const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc,
                               ID3D11UnorderedAccessView **out)
{
    struct d3d11_tiled_ref r;
    if (out)
        *out = NULL;
    if (!tiled_resource(dev, "CreateUnorderedAccessView", res, &r))
        return E_INVALIDARG;
    return d3d11_create_uav_of(dev, r.tex ? &r.tex->res : &r.buf->res, desc, out);
}
