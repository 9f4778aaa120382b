/* The D3D11 view methods (src/d3d11/view.c, view_validate.c): CreateShaderResourceView,
 * CreateRenderTargetView, CreateDepthStencilView, CreateUnorderedAccessView.  One test per
 * seed-004 row at 9_1, 9_2 and 9_3, then the general rules, the objects and the accessors the
 * pipeline uses. */
#define COBJMACROS
#include "harness.h"

#include <stdlib.h>

#include "d3d11_2.h"
#include "d3d11/d3d11_resource.h"
#include "util/log.h"

static const D3D_FEATURE_LEVEL levels9[] = { D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2,
                                             D3D_FEATURE_LEVEL_9_3 };
#define FOR_EACH_LEVEL(l) for (size_t li_ = 0; li_ < 3 && ((l) = levels9[li_], 1); li_++)
#define LAST util_last_message()

static ID3D11Device *dev_at(D3D_FEATURE_LEVEL level)
{
    ID3D11Device *dev = NULL;
    unsetenv("SOFTD3D_PROFILE");
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                               D3D11_SDK_VERSION, &dev, NULL, NULL), S_OK);
    return dev;
}

static void dev_done(ID3D11Device *dev)
{
    if (dev)
        CHECK_EQ(ID3D11Device_Release(dev), 0);
}

static ID3D11Texture2D *make_tex2d(ID3D11Device *dev, UINT w, UINT h, UINT mips,
                                   DXGI_FORMAT format, UINT bind, bool is_cube)
{
    D3D11_TEXTURE2D_DESC d = { 0 };
    ID3D11Texture2D *t = NULL;
    d.Width = w;
    d.Height = h;
    d.MipLevels = mips;
    d.ArraySize = is_cube ? 6 : 1;
    d.Format = format;
    d.SampleDesc.Count = 1;
    d.Usage = D3D11_USAGE_DEFAULT;
    d.BindFlags = bind;
    d.MiscFlags = is_cube ? D3D11_RESOURCE_MISC_TEXTURECUBE : 0;
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, &t), S_OK);
    return t;
}

static ID3D11Texture3D *make_tex3d(ID3D11Device *dev, UINT size, UINT mips)
{
    D3D11_TEXTURE3D_DESC d = { size, size, size, mips, DXGI_FORMAT_R8G8B8A8_UNORM,
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    ID3D11Texture3D *t = NULL;
    CHECK_HR(ID3D11Device_CreateTexture3D(dev, &d, NULL, &t), S_OK);
    return t;
}

static ID3D11Buffer *make_vb(ID3D11Device *dev)
{
    D3D11_BUFFER_DESC d = { 64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0 };
    ID3D11Buffer *b = NULL;
    CHECK_HR(ID3D11Device_CreateBuffer(dev, &d, NULL, &b), S_OK);
    return b;
}

/* Creates a view, checks the invariants (refused: *out NULL and a message; created: GetResource
 * returns the resource, Release returns 0) and returns the HRESULT. */
static HRESULT try_srv(ID3D11Device *dev, void *res, const D3D11_SHADER_RESOURCE_VIEW_DESC *d,
                       D3D11_SHADER_RESOURCE_VIEW_DESC *got)
{
    ID3D11ShaderResourceView *v = (ID3D11ShaderResourceView *)(uintptr_t)1;
    HRESULT hr;
    util_clear_last_message();
    hr = ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)res, d, &v);
    if (FAILED(hr)) {
        CHECK(v == NULL);
        CHECK(LAST[0] != 0);
        return hr;
    }
    if (v) {
        ID3D11Resource *r = NULL;
        ID3D11ShaderResourceView_GetResource(v, &r);
        CHECK(r == (ID3D11Resource *)res);
        if (r)
            ID3D11Resource_Release(r);
        if (got)
            ID3D11ShaderResourceView_GetDesc(v, got);
        CHECK_EQ(ID3D11ShaderResourceView_Release(v), 0);
    }
    return hr;
}

static HRESULT try_rtv(ID3D11Device *dev, void *res, const D3D11_RENDER_TARGET_VIEW_DESC *d,
                       D3D11_RENDER_TARGET_VIEW_DESC *got)
{
    ID3D11RenderTargetView *v = (ID3D11RenderTargetView *)(uintptr_t)1;
    HRESULT hr;
    util_clear_last_message();
    hr = ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)res, d, &v);
    if (FAILED(hr)) {
        CHECK(v == NULL);
        CHECK(LAST[0] != 0);
        return hr;
    }
    if (v) {
        if (got)
            ID3D11RenderTargetView_GetDesc(v, got);
        CHECK_EQ(ID3D11RenderTargetView_Release(v), 0);
    }
    return hr;
}

static HRESULT try_dsv(ID3D11Device *dev, void *res, const D3D11_DEPTH_STENCIL_VIEW_DESC *d,
                       D3D11_DEPTH_STENCIL_VIEW_DESC *got)
{
    ID3D11DepthStencilView *v = (ID3D11DepthStencilView *)(uintptr_t)1;
    HRESULT hr;
    util_clear_last_message();
    hr = ID3D11Device_CreateDepthStencilView(dev, (ID3D11Resource *)res, d, &v);
    if (FAILED(hr)) {
        CHECK(v == NULL);
        CHECK(LAST[0] != 0);
        return hr;
    }
    if (v) {
        if (got)
            ID3D11DepthStencilView_GetDesc(v, got);
        CHECK_EQ(ID3D11DepthStencilView_Release(v), 0);
    }
    return hr;
}

static D3D11_SHADER_RESOURCE_VIEW_DESC srv2d(DXGI_FORMAT f, UINT most_detailed, UINT mips)
{
    D3D11_SHADER_RESOURCE_VIEW_DESC d = { 0 };
    d.Format = f;
    d.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
    d.Texture2D.MostDetailedMip = most_detailed;
    d.Texture2D.MipLevels = mips;
    return d;
}

/* ==== CreateShaderResourceView ============================================================== */

TEST(seed004_CreateShaderResourceView_includes_lowest_lod)
{
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        ID3D11Texture2D *t;
        D3D11_SHADER_RESOURCE_VIEW_DESC d, got;
        if (!dev)
            continue;
        t = make_tex2d(dev, 64, 64, 0, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE,
                       false);   /* 7 levels */
        if (t) {
            CHECK_HR(try_srv(dev, t, NULL, &got), S_OK);
            CHECK_EQ(got.Texture2D.MipLevels, 7);
            d = srv2d(DXGI_FORMAT_R8G8B8A8_UNORM, 0, (UINT)-1);
            CHECK_HR(try_srv(dev, t, &d, &got), S_OK);
            CHECK_EQ(got.Texture2D.MipLevels, 7);   /* -1 resolved */
            d = srv2d(DXGI_FORMAT_UNKNOWN, 2, 5);   /* mips 2..6: reaches the smallest */
            CHECK_HR(try_srv(dev, t, &d, &got), S_OK);
            CHECK_EQ(got.Format, DXGI_FORMAT_R8G8B8A8_UNORM);
            d = srv2d(DXGI_FORMAT_R8G8B8A8_UNORM, 0, 3);
            CHECK_HR(try_srv(dev, t, &d, NULL), E_INVALIDARG);
            CHECK_STR_CONTAINS(LAST, "CreateShaderResourceView: MostDetailedMip 0 + MipLevels 3 "
                                     "must reach the smallest mip");
            CHECK_STR_CONTAINS(LAST, d3d11_level_name(l));
            CHECK_STR_CONTAINS(LAST, "(seed 004)");
            d = srv2d(DXGI_FORMAT_R8G8B8A8_UNORM, 2, 2);
            CHECK_HR(try_srv(dev, t, &d, NULL), E_INVALIDARG);
            CHECK_STR_CONTAINS(LAST, "(seed 004)");
            /* out of range regardless of the level */
            d = srv2d(DXGI_FORMAT_R8G8B8A8_UNORM, 7, 1);
            CHECK_HR(try_srv(dev, t, &d, NULL), E_INVALIDARG);
            d = srv2d(DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0);
            CHECK_HR(try_srv(dev, t, &d, NULL), E_INVALIDARG);
            CHECK_EQ(ID3D11Texture2D_Release(t), 0);
        }
        dev_done(dev);
    }
}

TEST(seed004_CreateShaderResourceView_all_array_elements)
{
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        ID3D11Texture2D *t;
        D3D11_SHADER_RESOURCE_VIEW_DESC d = { 0 }, got;
        if (!dev)
            continue;
        t = make_tex2d(dev, 32, 32, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE,
                       true);
        if (t) {
            CHECK_HR(try_srv(dev, t, NULL, &got), S_OK);
            CHECK_EQ(got.ViewDimension, D3D11_SRV_DIMENSION_TEXTURECUBE);
            CHECK_EQ(got.TextureCube.MipLevels, 1);
            d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
            d.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBE;
            d.TextureCube.MipLevels = 1;
            CHECK_HR(try_srv(dev, t, &d, NULL), S_OK);
            /* one face of six */
            d = srv2d(DXGI_FORMAT_R8G8B8A8_UNORM, 0, 1);
            CHECK_HR(try_srv(dev, t, &d, NULL), E_INVALIDARG);
            CHECK_STR_CONTAINS(LAST, "must include all 6 array elements of the resource");
            CHECK_STR_CONTAINS(LAST, "(seed 004)");
            d.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
            d.Texture2DArray.MipLevels = 1;
            d.Texture2DArray.FirstArraySlice = 1;
            d.Texture2DArray.ArraySize = 5;
            CHECK_HR(try_srv(dev, t, &d, NULL), E_INVALIDARG);
            CHECK_STR_CONTAINS(LAST, "covers array slices 1..5");
            CHECK_STR_CONTAINS(LAST, "(seed 004)");
            /* all six as a 2D array: no texture-array views below 10_0 */
            d.Texture2DArray.FirstArraySlice = 0;
            d.Texture2DArray.ArraySize = 6;
            CHECK_HR(try_srv(dev, t, &d, NULL), E_INVALIDARG);
            CHECK_STR_CONTAINS(LAST, "D3D11_SRV_DIMENSION_TEXTURE2DARRAY needs feature level "
                                     "10_0");
            CHECK_EQ(ID3D11Texture2D_Release(t), 0);
        }
        dev_done(dev);
    }
}

TEST(d3d11_CreateShaderResourceView_rules)
{
    ID3D11Device *dev = dev_at(D3D_FEATURE_LEVEL_9_1);
    ID3D11Texture2D *t = NULL, *rt = NULL;
    ID3D11Texture3D *vol = NULL;
    ID3D11Buffer *vb = NULL;
    D3D11_SHADER_RESOURCE_VIEW_DESC d, got;
    if (!dev)
        return;
    t = make_tex2d(dev, 16, 16, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE,
                   false);
    rt = make_tex2d(dev, 16, 16, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET, false);
    vol = make_tex3d(dev, 8, 0);
    vb = make_vb(dev);
    if (!t || !rt || !vol || !vb)
        goto done;
    /* buffers are never shader resources at 9_x */
    CHECK_HR(try_srv(dev, vb, NULL, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "shader-resource views of buffers are not supported at feature "
                             "level 9_1");
    /* the bind flag */
    CHECK_HR(try_srv(dev, rt, NULL, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "not created with D3D11_BIND_SHADER_RESOURCE");
    /* the format of a typed resource: its own or UNKNOWN */
    d = srv2d(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 0, 1);
    CHECK_HR(try_srv(dev, t, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "differs from the resource's DXGI_FORMAT_R8G8B8A8_UNORM");
    d = srv2d(DXGI_FORMAT_R8G8B8A8_TYPELESS, 0, 1);
    CHECK_HR(try_srv(dev, t, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "cannot have the typeless format");
    /* dimensions that do not fit */
    d = srv2d(DXGI_FORMAT_R8G8B8A8_UNORM, 0, 1);
    d.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBE;
    CHECK_HR(try_srv(dev, t, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "needs a resource created with D3D11_RESOURCE_MISC_TEXTURECUBE");
    d.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE3D;
    CHECK_HR(try_srv(dev, t, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "D3D11_SRV_DIMENSION_TEXTURE3D does not fit a Texture2D");
    d.ViewDimension = D3D11_SRV_DIMENSION_UNKNOWN;
    CHECK_HR(try_srv(dev, t, &d, NULL), E_INVALIDARG);
    /* a 3D texture's whole-resource view */
    CHECK_HR(try_srv(dev, vol, NULL, &got), S_OK);
    CHECK_EQ(got.ViewDimension, D3D11_SRV_DIMENSION_TEXTURE3D);
    CHECK_EQ(got.Texture3D.MipLevels, 4);
    /* NULL resource; NULL out-pointer validates only */
    CHECK_HR(try_srv(dev, NULL, NULL, NULL), E_INVALIDARG);
    CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)t, NULL, NULL),
             S_FALSE);
done:
    if (t)
        CHECK_EQ(ID3D11Texture2D_Release(t), 0);
    if (rt)
        CHECK_EQ(ID3D11Texture2D_Release(rt), 0);
    if (vol)
        CHECK_EQ(ID3D11Texture3D_Release(vol), 0);
    if (vb)
        CHECK_EQ(ID3D11Buffer_Release(vb), 0);
    dev_done(dev);
}

TEST(d3d11_view_format_of_typeless_resource)
{
    /* No typeless resource exists at 9_x (no format support), so the family rule is checked
     * on the validator with a resource description. */
    struct d3d11_resource res = { .dim = D3D11_RESOURCE_DIMENSION_TEXTURE2D,
                                  .bind_flags = D3D11_BIND_SHADER_RESOURCE,
                                  .format = DXGI_FORMAT_R8G8B8A8_TYPELESS, .width = 4,
                                  .height = 4, .depth = 1, .mip_levels = 1, .array_size = 1,
                                  .sample_count = 1 };
    char msg[D3D11_RESOURCE_MSG_SIZE];
    D3D11_SHADER_RESOURCE_VIEW_DESC d = srv2d(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 0, 1), out;
    struct d3d11_view_info info;
    CHECK_HR(d3d11_validate_srv(&res, &d, D3D_FEATURE_LEVEL_9_3, &out, &info, msg, sizeof(msg)),
             S_OK);
    CHECK_EQ(info.format, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
    d.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
    CHECK_HR(d3d11_validate_srv(&res, &d, D3D_FEATURE_LEVEL_9_3, &out, &info, msg, sizeof(msg)),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(msg, "is not in the family of the resource's DXGI_FORMAT_R8G8B8A8_TYPELESS");
    d.Format = DXGI_FORMAT_UNKNOWN;
    CHECK_HR(d3d11_validate_srv(&res, &d, D3D_FEATURE_LEVEL_9_3, &out, &info, msg, sizeof(msg)),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(msg, "is typeless: the view needs a typed Format");
    CHECK_HR(d3d11_validate_srv(&res, NULL, D3D_FEATURE_LEVEL_9_3, &out, &info, msg,
                                sizeof(msg)), E_INVALIDARG);
}

TEST(d3d11_view_holds_its_resource)
{
    ID3D11Device *dev = dev_at(D3D_FEATURE_LEVEL_9_2), *other = dev_at(D3D_FEATURE_LEVEL_9_2);
    ID3D11Texture2D *t = NULL;
    ID3D11ShaderResourceView *v = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11Resource *r = NULL;
    ID3D11View *view = NULL;
    const struct d3d11_view_info *info;
    D3D11_SHADER_RESOURCE_VIEW_DESC desc;
    if (!dev || !other)
        goto done;
    t = make_tex2d(dev, 16, 16, 0, DXGI_FORMAT_R8G8B8A8_UNORM,
                   D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, false);
    if (!t)
        goto done;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)t, NULL, &v), S_OK);
    CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)t, NULL, &rtv), S_OK);
    /* a resource of another device */
    util_clear_last_message();
    CHECK_HR(try_srv(other, t, NULL, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "pResource belongs to another device");
    /* a pointer that is not a resource */
    CHECK_HR(try_srv(dev, other, NULL, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "pResource is not a softd3d resource");
    CHECK_EQ(ID3D11Texture2D_Release(t), 2);   /* the two views keep it */
    if (v) {
        CHECK_HR(ID3D11ShaderResourceView_QueryInterface(v, &IID_ID3D11View, (void **)&view),
                 S_OK);
        if (view) {
            ID3D11View_GetResource(view, &r);
            CHECK(r == (ID3D11Resource *)t);
            if (r)
                CHECK_EQ(ID3D11Resource_Release(r), 2);
            ID3D11View_Release(view);
        }
        /* the accessor the pipeline uses, and its vtable check */
        info = d3d11_srv_info(v, &desc);
        CHECK(info != NULL);
        if (info) {
            CHECK(info->resource == d3d11_resource_from_iface((ID3D11Resource *)t));
            CHECK_EQ(info->format, DXGI_FORMAT_R8G8B8A8_UNORM);
            CHECK_EQ(info->first_mip, 0);
            CHECK_EQ(info->mip_count, 5);
            CHECK_EQ(info->slice_count, 1);
            CHECK_EQ(desc.Texture2D.MipLevels, 5);
        }
        CHECK(d3d11_srv_info((ID3D11ShaderResourceView *)rtv, NULL) == NULL);
        CHECK(d3d11_rtv_info(rtv, NULL) != NULL);
        CHECK(d3d11_dsv_info((ID3D11DepthStencilView *)rtv, NULL) == NULL);
        CHECK(d3d11_srv_info(NULL, NULL) == NULL);
        CHECK_EQ(ID3D11ShaderResourceView_Release(v), 0);
    }
    if (rtv)
        CHECK_EQ(ID3D11RenderTargetView_Release(rtv), 0);   /* frees the texture too */
done:
    dev_done(dev);
    dev_done(other);
}

/* ==== CreateRenderTargetView ================================================================ */

TEST(seed004_CreateRenderTargetView_texture2d_only)
{
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        ID3D11Texture2D *t = NULL;
        ID3D11Texture3D *vol = NULL;
        ID3D11Buffer *vb = NULL;
        D3D11_RENDER_TARGET_VIEW_DESC d = { 0 }, got;
        if (!dev)
            continue;
        t = make_tex2d(dev, 64, 64, 1, DXGI_FORMAT_B8G8R8A8_UNORM, D3D11_BIND_RENDER_TARGET,
                       false);
        vol = make_tex3d(dev, 8, 1);
        vb = make_vb(dev);
        if (t) {
            CHECK_HR(try_rtv(dev, t, NULL, &got), S_OK);
            CHECK_EQ(got.ViewDimension, D3D11_RTV_DIMENSION_TEXTURE2D);
            CHECK_EQ(got.Format, DXGI_FORMAT_B8G8R8A8_UNORM);
            d.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
            d.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
            CHECK_HR(try_rtv(dev, t, &d, NULL), S_OK);
        }
        if (vol) {
            CHECK_HR(try_rtv(dev, vol, NULL, NULL), E_INVALIDARG);
            CHECK_STR_CONTAINS(LAST, "render-target views can only be made of Texture2D objects "
                                     "at feature level");
            CHECK_STR_CONTAINS(LAST, "the resource is a Texture3D (seed 004)");
        }
        if (vb) {
            CHECK_HR(try_rtv(dev, vb, NULL, NULL), E_INVALIDARG);
            CHECK_STR_CONTAINS(LAST, "the resource is a buffer (seed 004)");
        }
        if (t)
            CHECK_EQ(ID3D11Texture2D_Release(t), 0);
        if (vol)
            CHECK_EQ(ID3D11Texture3D_Release(vol), 0);
        if (vb)
            CHECK_EQ(ID3D11Buffer_Release(vb), 0);
        dev_done(dev);
    }
}

TEST(d3d11_CreateRenderTargetView_rules)
{
    ID3D11Device *dev = dev_at(D3D_FEATURE_LEVEL_9_3);
    ID3D11Texture2D *t = NULL, *c = NULL, *sr = NULL;
    D3D11_RENDER_TARGET_VIEW_DESC d = { 0 }, got;
    if (!dev)
        return;
    t = make_tex2d(dev, 64, 64, 3, DXGI_FORMAT_R8G8B8A8_UNORM,
                   D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, false);
    c = make_tex2d(dev, 64, 64, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                   D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, true);
    sr = make_tex2d(dev, 64, 64, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE,
                    false);
    if (!t || !c || !sr)
        goto done;
    d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    d.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
    d.Texture2D.MipSlice = 2;
    CHECK_HR(try_rtv(dev, t, &d, &got), S_OK);
    CHECK_EQ(got.Texture2D.MipSlice, 2);
    d.Texture2D.MipSlice = 3;
    CHECK_HR(try_rtv(dev, t, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "MipSlice 3 is beyond the resource's 3 mip levels");
    /* one face of a cube, as 9_x renders to cube faces */
    d.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
    d.Texture2DArray.MipSlice = 0;
    d.Texture2DArray.FirstArraySlice = 3;
    d.Texture2DArray.ArraySize = 1;
    CHECK_HR(try_rtv(dev, c, &d, NULL), S_OK);
    d.Texture2DArray.FirstArraySlice = 6;
    CHECK_HR(try_rtv(dev, c, &d, NULL), E_INVALIDARG);
    CHECK_HR(try_rtv(dev, c, NULL, &got), S_OK);
    CHECK_EQ(got.ViewDimension, D3D11_RTV_DIMENSION_TEXTURE2DARRAY);
    CHECK_EQ(got.Texture2DArray.ArraySize, 6);
    /* the bind flag; multisampled dimensions; a format that differs */
    CHECK_HR(try_rtv(dev, sr, NULL, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "not created with D3D11_BIND_RENDER_TARGET");
    d.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DMS;
    CHECK_HR(try_rtv(dev, t, &d, NULL), E_INVALIDARG);
    d.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
    d.Texture2D.MipSlice = 0;
    d.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
    CHECK_HR(try_rtv(dev, t, &d, NULL), E_INVALIDARG);
    CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)t, NULL, NULL), S_FALSE);
done:
    if (t)
        CHECK_EQ(ID3D11Texture2D_Release(t), 0);
    if (c)
        CHECK_EQ(ID3D11Texture2D_Release(c), 0);
    if (sr)
        CHECK_EQ(ID3D11Texture2D_Release(sr), 0);
    dev_done(dev);
}

/* ==== CreateDepthStencilView ================================================================ */

/* Seed 004's "no two-sided stencil" row: decided in view_validate.c -- a depth-stencil view has
 * nothing that selects stencil sidedness, so views of stencil formats are created at every
 * level; two-sided stencil stays legal in depth-stencil states (seed 000 requires
 * D3DSTENCILCAPS_TWOSIDED at 9_1). */
TEST(seed004_CreateDepthStencilView_two_sided_stencil)
{
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        ID3D11Texture2D *t;
        D3D11_DEPTH_STENCIL_VIEW_DESC d = { 0 }, got;
        D3D11_DEPTH_STENCIL_DESC ds = { 0 };
        ID3D11DepthStencilState *state = NULL;
        HRESULT hr;
        if (!dev)
            continue;
        t = make_tex2d(dev, 64, 64, 1, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL,
                       false);
        if (t) {
            CHECK_HR(try_dsv(dev, t, NULL, &got), S_OK);
            CHECK_EQ(got.Format, DXGI_FORMAT_D24_UNORM_S8_UINT);
            CHECK_EQ(got.ViewDimension, D3D11_DSV_DIMENSION_TEXTURE2D);
            CHECK_EQ(got.Flags, 0);
            d.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
            d.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
            CHECK_HR(try_dsv(dev, t, &d, NULL), S_OK);
            CHECK_EQ(ID3D11Texture2D_Release(t), 0);
        }
        /* Different front and back stencil operations: accepted where depth-stencil states are
         * implemented (state.c). */
        ds.DepthEnable = TRUE;
        ds.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
        ds.DepthFunc = D3D11_COMPARISON_LESS;
        ds.StencilEnable = TRUE;
        ds.StencilReadMask = ds.StencilWriteMask = 0xff;
        ds.FrontFace.StencilFailOp = ds.FrontFace.StencilDepthFailOp = D3D11_STENCIL_OP_KEEP;
        ds.FrontFace.StencilPassOp = D3D11_STENCIL_OP_INCR;
        ds.FrontFace.StencilFunc = D3D11_COMPARISON_ALWAYS;
        ds.BackFace = ds.FrontFace;
        ds.BackFace.StencilPassOp = D3D11_STENCIL_OP_DECR;
        hr = ID3D11Device_CreateDepthStencilState(dev, &ds, &state);
        if (hr != E_NOTIMPL)
            CHECK_HR(hr, S_OK);
        if (state)
            ID3D11DepthStencilState_Release(state);
        dev_done(dev);
    }
}

TEST(d3d11_CreateDepthStencilView_rules)
{
    ID3D11Device *dev = dev_at(D3D_FEATURE_LEVEL_9_1);
    ID3D11Texture2D *t = NULL, *color = NULL;
    D3D11_DEPTH_STENCIL_VIEW_DESC d = { 0 };
    if (!dev)
        return;
    t = make_tex2d(dev, 64, 64, 1, DXGI_FORMAT_D16_UNORM, D3D11_BIND_DEPTH_STENCIL, false);
    color = make_tex2d(dev, 64, 64, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET,
                       false);
    if (!t || !color)
        goto done;
    d.Format = DXGI_FORMAT_D16_UNORM;
    d.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
    CHECK_HR(try_dsv(dev, t, &d, NULL), S_OK);
    /* read-only views are an 11_0 feature */
    d.Flags = D3D11_DSV_READ_ONLY_DEPTH;
    CHECK_HR(try_dsv(dev, t, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "read-only depth-stencil views (Flags 0x1) need feature level "
                             "11_0; not supported at feature level 9_1");
    d.Flags = 0x4;
    CHECK_HR(try_dsv(dev, t, &d, NULL), E_INVALIDARG);
    d.Flags = 0;
    d.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;   /* not the resource's format */
    CHECK_HR(try_dsv(dev, t, &d, NULL), E_INVALIDARG);
    d.Format = DXGI_FORMAT_D16_UNORM;
    d.Texture2D.MipSlice = 1;
    CHECK_HR(try_dsv(dev, t, &d, NULL), E_INVALIDARG);
    CHECK_HR(try_dsv(dev, color, NULL, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "not created with D3D11_BIND_DEPTH_STENCIL");
    CHECK_HR(ID3D11Device_CreateDepthStencilView(dev, (ID3D11Resource *)t, NULL, NULL), S_FALSE);
done:
    if (t)
        CHECK_EQ(ID3D11Texture2D_Release(t), 0);
    if (color)
        CHECK_EQ(ID3D11Texture2D_Release(color), 0);
    dev_done(dev);
}

/* ==== CreateUnorderedAccessView ============================================================= */

TEST(seed004_CreateUnorderedAccessView_not_supported)
{
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        ID3D11Texture2D *t;
        ID3D11UnorderedAccessView *v = (ID3D11UnorderedAccessView *)(uintptr_t)1;
        if (!dev)
            continue;
        t = make_tex2d(dev, 16, 16, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE,
                       false);
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateUnorderedAccessView(dev, (ID3D11Resource *)t, NULL, &v),
                 E_INVALIDARG);
        CHECK(v == NULL);
        CHECK_STR_CONTAINS(LAST, "CreateUnorderedAccessView: unordered-access views are not "
                                 "supported at feature level");
        CHECK_STR_CONTAINS(LAST, d3d11_level_name(l));
        CHECK_STR_CONTAINS(LAST, "(seed 004)");
        CHECK_HR(ID3D11Device_CreateUnorderedAccessView(dev, NULL, NULL, NULL), E_INVALIDARG);
        if (t)
            CHECK_EQ(ID3D11Texture2D_Release(t), 0);
        dev_done(dev);
    }
}
