/* src/d3d11/tiled_views.c — views and sampler states at feature level 11_1 (profile
 * 11_1-tiled, issue 7): what a ps_5_0 program needs to read a tiled texture and what a draw
 * needs to write one.
 *
 *  - CreateShaderResourceView: a Texture2D or Texture2DArray view (D3D11_SRV_DIMENSION_
 *    TEXTURE2D / TEXTURE2DARRAY, or a NULL description: every mip and slice) of a tiled
 *    texture with D3D11_BIND_SHADER_RESOURCE, in the
 *    resource's format or one of its family with the same element size.  It owns the sampler's
 *    texture_view of the page table (sample/texel_tiled.h).  Other dimensions, and views of
 *    non-tiled resources, are refused with E_NOTIMPL (not implemented at 11_1).
 *  - CreateRenderTargetView: one mip (D3D11_RTV_DIMENSION_TEXTURE2D) of a tiled texture with
 *    D3D11_BIND_RENDER_TARGET; the draw writes through the page table (tiled_draw.c).
 *  - CreateSamplerState: D3D11_SAMPLER_DESC with the 11_1 rules (D3D11_SAMPLER_DESC,
 *    D3D11_FILTER): every filter of the enumeration, including the COMPARISON_, MINIMUM_ and
 *    MAXIMUM_ reductions (D3D11_FEATURE_DATA_D3D11_OPTIONS1.MinMaxFiltering is TRUE in this
 *    profile; the 9_x profiles do not create them), address modes 1..5, MaxAnisotropy 1..16 for
 *    anisotropic filters, ComparisonFunc 1..8 for comparison filters, MipLODBias in
 *    [-16, 15.99], MinLOD and MaxLOD not NaN.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11/d3d11_tiled.h"
#include "util/log.h"

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
    if (!d3d11_tiled_of(res, &r) || !r.tex)
        return d3d11_level_unimplemented(dev, "CreateShaderResourceView (views of resources "
                                              "other than tiled Texture2Ds)");
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
        if (desc->ViewDimension != D3D11_SRV_DIMENSION_TEXTURE2D &&
            desc->ViewDimension != D3D11_SRV_DIMENSION_TEXTURE2DARRAY)
            return d3d11_level_unimplemented(dev, "CreateShaderResourceView (dimensions other "
                                                  "than TEXTURE2D and TEXTURE2DARRAY)");
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
    ID3D11Texture2D_AddRef(&r.tex->iface);
    d3d11_child_init(&v->child, dev);
    *out = &v->iface;
    return S_OK;
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

HRESULT d3d11_tiled_create_rtv(struct d3d11_device *dev, ID3D11Resource *res,
                               const D3D11_RENDER_TARGET_VIEW_DESC *desc,
                               ID3D11RenderTargetView **out)
{
    struct d3d11_tiled_ref r;
    struct d3d11_tiled_rtv *v;
    D3D11_RENDER_TARGET_VIEW_DESC d = { .ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D };

    if (out)
        *out = NULL;
    if (!d3d11_tiled_of(res, &r) || !r.tex)
        return d3d11_level_unimplemented(dev, "CreateRenderTargetView (views of resources "
                                              "other than tiled Texture2Ds)");
    if (!(r.tex->desc.BindFlags & D3D11_BIND_RENDER_TARGET)) {
        d3d11_msg(dev, "CreateRenderTargetView: the texture was created without "
                       "D3D11_BIND_RENDER_TARGET");
        return E_INVALIDARG;
    }
    if (desc && desc->ViewDimension != D3D11_RTV_DIMENSION_TEXTURE2D)
        return d3d11_level_unimplemented(dev, "CreateRenderTargetView (dimensions other than "
                                              "D3D11_RTV_DIMENSION_TEXTURE2D)");
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
    ID3D11Texture2D_AddRef(&r.tex->iface);
    d3d11_child_init(&v->child, dev);
    *out = &v->iface;
    return S_OK;
}

/* ---- sampler states -------------------------------------------------------------------------- */

static void smp_destroy(struct d3d11_tiled_sampler *s)
{
    d3d11_state_cache_unlink(&s->entry);
    free(s);
}
static const GUID *const smp_iids[] = { &IID_ID3D11SamplerState, NULL };
D3D11_CHILD_IMPLEMENT(smp, ID3D11SamplerState, struct d3d11_tiled_sampler, smp_iids,
                      smp_destroy)

static void STDMETHODCALLTYPE smp_GetDesc(ID3D11SamplerState *iface, D3D11_SAMPLER_DESC *desc)
{
    if (desc)
        *desc = smp_impl(iface)->desc;
}
static ID3D11SamplerStateVtbl smp_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(smp), .GetDesc = smp_GetDesc,
};

static void smp_init_vtbl(void *o)
{
    ((struct d3d11_tiled_sampler *)o)->iface.lpVtbl = &smp_vtbl;
}

/* The sampler built from the stored description (which passed translation before the cache
 * was asked, so it builds again). */
static void smp_init_from_key(void *o)
{
    struct d3d11_tiled_sampler *s = o;
    struct sampler_state st;
    const char *why;
    if (d3d11_tiled_translate_sampler(&s->desc, &st, &why))
        sampler_init(&s->s, &st);
}

static const struct d3d11_state_class smp_class = {
    .kind = D3D11_STATE_KIND_TILED_SAMPLER, .what = "sampler-state",
    .limit = D3D11_REQ_SAMPLER_OBJECT_COUNT_PER_DEVICE, .size = sizeof(struct d3d11_tiled_sampler),
    .child_offset = offsetof(struct d3d11_tiled_sampler, child),
    .entry_offset = offsetof(struct d3d11_tiled_sampler, entry),
    .key_offset = offsetof(struct d3d11_tiled_sampler, desc),
    .key_size = sizeof(D3D11_SAMPLER_DESC),
    .init_vtbl = smp_init_vtbl, .init_from_key = smp_init_from_key,
};

struct d3d11_tiled_sampler *d3d11_tiled_sampler_of(ID3D11SamplerState *s)
{
    return s && s->lpVtbl == &smp_vtbl ? smp_impl(s) : NULL;
}

/* D3D11_FILTER: bit 0 mip linear, bit 2 mag linear, bit 4 min linear, 0x40 anisotropic (with
 * 0x15), bits 7-8 the reduction: 0 standard, 1 comparison, 2 minimum, 3 maximum. */
bool d3d11_tiled_translate_sampler(const D3D11_SAMPLER_DESC *d, struct sampler_state *st,
                                   const char **why)
{
    UINT f = (UINT)d->Filter, base = f & 0x7f;
    bool aniso = base == 0x55;
    *why = NULL;
    if ((f & ~0x1d5u) || (base & 0x40 && !aniso)) {
        *why = "Filter is not a D3D11_FILTER value";
        return false;
    }
    memset(st, 0, sizeof(*st));
    st->min_filter = aniso ? SAMPLER_FILTER_ANISOTROPIC :
                     (f & 0x10) ? SAMPLER_FILTER_LINEAR : SAMPLER_FILTER_POINT;
    st->mag_filter = aniso ? SAMPLER_FILTER_ANISOTROPIC :
                     (f & 0x04) ? SAMPLER_FILTER_LINEAR : SAMPLER_FILTER_POINT;
    st->mip_filter = (f & 0x01) ? SAMPLER_MIP_LINEAR : SAMPLER_MIP_POINT;
    st->reduction = (enum sampler_reduction)((f >> 7) & 3);   /* the enums coincide */
    if (d->AddressU < 1 || d->AddressU > 5 || d->AddressV < 1 || d->AddressV > 5 ||
        d->AddressW < 1 || d->AddressW > 5) {
        *why = "an address mode is not D3D11_TEXTURE_ADDRESS_WRAP..MIRROR_ONCE";
        return false;
    }
    if (aniso && (d->MaxAnisotropy < 1 || d->MaxAnisotropy > 16)) {
        *why = "MaxAnisotropy must be 1..16 for anisotropic filtering";
        return false;
    }
    if (st->reduction == SAMPLER_REDUCTION_COMPARISON &&
        (d->ComparisonFunc < 1 || d->ComparisonFunc > 8)) {
        *why = "ComparisonFunc is not a D3D11_COMPARISON_FUNC";
        return false;
    }
    if (!(d->MipLODBias >= -16.0f && d->MipLODBias <= 15.99f) || d->MinLOD != d->MinLOD ||
        d->MaxLOD != d->MaxLOD) {
        *why = "MipLODBias must be in [-16, 15.99] and MinLOD/MaxLOD not NaN";
        return false;
    }
    st->max_anisotropy = aniso ? d->MaxAnisotropy : 1;
    st->address_u = (enum sampler_address)d->AddressU;
    st->address_v = (enum sampler_address)d->AddressV;
    st->address_w = (enum sampler_address)d->AddressW;
    memcpy(st->border_color, d->BorderColor, sizeof(st->border_color));
    st->lod_bias = d->MipLODBias;
    st->min_lod = d->MinLOD;
    st->max_lod = d->MaxLOD;
    st->compare = (enum sampler_compare)(d->ComparisonFunc ? d->ComparisonFunc : 1);
    return true;
}

HRESULT d3d11_tiled_create_sampler(struct d3d11_device *dev, const D3D11_SAMPLER_DESC *desc,
                                   ID3D11SamplerState **out)
{
    struct d3d11_tiled_sampler *s;
    struct sampler_state st;
    struct sampler smp;
    const char *why;
    void *obj;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (!desc) {
        d3d11_msg(dev, "CreateSamplerState: pSamplerDesc is NULL");
        return E_INVALIDARG;
    }
    if (!d3d11_tiled_translate_sampler(desc, &st, &why) || !sampler_init(&smp, &st)) {
        d3d11_msg(dev, "CreateSamplerState: %s (Filter 0x%x)",
                  why ? why : "the sampler cannot be built", (unsigned)desc->Filter);
        return E_INVALIDARG;
    }
    if (!out)
        return S_FALSE;
    /* Identical descriptions return the same object, at 11_1 as at 9_x (CreateSamplerState;
     * Windows does so at every level: issue 11 part 10). */
    hr = d3d11_state_cache_get(dev, &smp_class, "CreateSamplerState", desc, &obj);
    if (FAILED(hr))
        return hr;
    s = obj;
    *out = &s->iface;
    return S_OK;
}
