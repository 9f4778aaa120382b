/* src/d3d11/view_validate.c — the pure validation of CreateShaderResourceView,
 * CreateRenderTargetView, CreateDepthStencilView and CreateUnorderedAccessView.
 *
 * Sources:
 *  - Seed 004 rows (the public "10Level9 ID3D11Device Methods" page says the same):
 *    CreateShaderResourceView: MostDetailedMip + MipLevels must include the lowest LOD (the
 *    smallest subresource), and the view must include all array elements;
 *    CreateRenderTargetView: render-target views only of Texture2D objects;
 *    CreateDepthStencilView: "does not support two-sided stencil" (decision below);
 *    CreateUnorderedAccessView: not supported at any 9_x level.
 *  - The general rules of the Create*View pages and the view-description structures: the
 *    resource must have the matching bind flag; pDesc NULL views the whole resource (render
 *    target and depth-stencil views: mip 0) in the resource's format, which then must not be
 *    typeless; a view's format is the resource's, DXGI_FORMAT_UNKNOWN (= the resource's), or,
 *    for a _TYPELESS resource, a typed member of its family; the view dimension must fit the
 *    resource; mip and array ranges within the resource (MipLevels -1: every mip from
 *    MostDetailedMip on).
 *  - The view format must support the use at the level (format_support.h): SHADER_SAMPLE or
 *    SHADER_LOAD, RENDER_TARGET, DEPTH_STENCIL; TEXTURECUBE / TEXTURE3D for those dimensions.
 *  - Dimensions 10Level9 lacks ("Direct3D feature levels" overview: no texture arrays, no cube
 *    arrays at 9_x; no multisampled resources in softd3d): TEXTURE2DARRAY and TEXTURECUBEARRAY
 *    shader-resource views, every multisampled dimension, buffer and 1D dimensions.
 *  - From 10_0, Texture1D(Array) resources have SRV, RTV and DSV views of the TEXTURE1D /
 *    TEXTURE1DARRAY dimensions (the view-description pages); a 1D view dimension fits only a
 *    Texture1D and every other texture dimension only its own resource kind.
 *
 * Decisions:
 *  - Two-sided stencil (seed 004, CreateDepthStencilView; the seed README's note).  The public
 *    English page says the same words ("Does not support two-sided stencil") under
 *    CreateDepthStencilView, but D3D11_DEPTH_STENCIL_VIEW_DESC has no member that selects
 *    one- or two-sided stencil: sidedness lives in D3D11_DEPTH_STENCIL_DESC (FrontFace /
 *    BackFace), CreateDepthStencilState has no 10Level9 row, and seed 000 requires
 *    D3DSTENCILCAPS_TWOSIDED of every 9_1 driver.  So CreateDepthStencilView refuses nothing on
 *    that account (a D24_UNORM_S8_UINT view is created at every level) and two-sided stencil
 *    states stay legal (state.c).  Tested by seed004_CreateDepthStencilView_two_sided_stencil.
 *  - Read-only depth-stencil views (Flags D3D11_DSV_READ_ONLY_DEPTH / _STENCIL) are refused
 *    below 11_0: the "Direct3D 11 Features" page lists read-only depth or stencil views as a
 *    Direct3D 11 hardware feature, and a 10Level9 driver (the D3D9 DDI) has no such view.
 *  - Render-target views of cube faces: TEXTURE2DARRAY render-target views are allowed at 9_x
 *    (within the resource), because that is how a cube face is rendered to at 9_x (10Level9
 *    ID3D11DeviceContext page, ClearRenderTargetView: "create a render target view for each
 *    face or array slice").  A NULL description on a cube views all six faces as an array.
 *  - A NULL shader-resource-view description on a cube texture makes a TEXTURECUBE view (the
 *    only view of all six faces that exists at 9_x).
 */
#include "d3d11/d3d11_resource.h"

#include "d3d11/format_support.h"

#include <string.h>

#define REFUSE(...) return d3d11_res_refuse(E_INVALIDARG, msg, msg_size, __VA_ARGS__)
#define LEVEL d3d11_level_name(level)
#define IS_9X (level < D3D_FEATURE_LEVEL_10_0)

static const char *resource_kind(const struct d3d11_resource *res)
{
    switch (res->dim) {
    case D3D11_RESOURCE_DIMENSION_BUFFER: return "a buffer";
    case D3D11_RESOURCE_DIMENSION_TEXTURE1D: return "a Texture1D";
    case D3D11_RESOURCE_DIMENSION_TEXTURE2D: return "a Texture2D";
    default: return "a Texture3D";
    }
}

/* The view's format: the resource's (typed) format, UNKNOWN for it, or a typed member of a
 * typeless resource's family. */
static HRESULT resolve_format(const char *m, const struct d3d11_resource *res, DXGI_FORMAT want,
                              DXGI_FORMAT *out, char *msg, size_t msg_size)
{
    const core_format_desc *f;
    if (want == DXGI_FORMAT_UNKNOWN) {
        if (d3d11_format_is_typeless(res->format))
            REFUSE("%s: the resource's format DXGI_FORMAT_%s is typeless: the view needs a typed "
                   "Format (pDesc NULL or Format DXGI_FORMAT_UNKNOWN use the resource's)", m,
                   d3d11_format_name(res->format));
        *out = res->format;
        return S_OK;
    }
    if (!(f = core_format_get(want)) || f->d3d9_only)
        REFUSE("%s: Format %u is not a DXGI_FORMAT value", m, (unsigned)want);
    if (f->kind == CORE_FMT_TYPELESS)
        REFUSE("%s: a view cannot have the typeless format DXGI_FORMAT_%s", m, f->name);
    if (want != res->format) {
        if (!d3d11_format_is_typeless(res->format))
            REFUSE("%s: Format DXGI_FORMAT_%s differs from the resource's DXGI_FORMAT_%s (views "
                   "of a typed resource use its format, or DXGI_FORMAT_UNKNOWN)", m, f->name,
                   d3d11_format_name(res->format));
        if (f->typeless_family != (core_format)res->format)
            REFUSE("%s: Format DXGI_FORMAT_%s is not in the family of the resource's "
                   "DXGI_FORMAT_%s", m, f->name, d3d11_format_name(res->format));
    }
    *out = want;
    return S_OK;
}

/* MostDetailedMip / MipLevels (-1: to the last mip) within the resource. */
static HRESULT check_mips(const char *m, const struct d3d11_resource *res, UINT first, UINT count,
                          struct d3d11_view_info *info, char *msg, size_t msg_size)
{
    if (first >= res->mip_levels)
        REFUSE("%s: MostDetailedMip %u is beyond the resource's %u mip levels", m, first,
               res->mip_levels);
    if (count == (UINT)-1)
        count = res->mip_levels - first;
    if (!count || count > res->mip_levels - first)
        REFUSE("%s: MipLevels %u from MostDetailedMip %u exceeds the resource's %u mip levels", m,
               count, first, res->mip_levels);
    info->first_mip = first;
    info->mip_count = count;
    return S_OK;
}

static HRESULT check_mip_slice(const char *m, const struct d3d11_resource *res, UINT mip,
                               struct d3d11_view_info *info, char *msg, size_t msg_size)
{
    if (mip >= res->mip_levels)
        REFUSE("%s: MipSlice %u is beyond the resource's %u mip levels", m, mip, res->mip_levels);
    info->first_mip = mip;
    info->mip_count = 1;
    return S_OK;
}

static HRESULT check_slices(const char *m, const struct d3d11_resource *res, UINT first,
                            UINT count, struct d3d11_view_info *info, char *msg, size_t msg_size)
{
    if (first >= res->array_size || !count || count > res->array_size - first)
        REFUSE("%s: array slices %u..%u (FirstArraySlice %u, ArraySize %u) are not within the "
               "resource's %u slices", m, first, first + count - 1, first, count,
               res->array_size);
    info->first_slice = first;
    info->slice_count = count;
    return S_OK;
}

/* The mips of a view -- [first, first + count) for a shader-resource view, the one mip `first`
 * for a render-target or depth-stencil view (`one_mip`; count unused) -- and, for an ...ARRAY
 * dimension (`array`), slices [first_slice, first_slice + slices); other dimensions view one
 * slice. */
static HRESULT check_range(const char *m, const struct d3d11_resource *res, bool one_mip,
                           UINT first, UINT count, bool array, UINT first_slice, UINT slices,
                           struct d3d11_view_info *info, char *msg, size_t msg_size)
{
    HRESULT hr = one_mip ? check_mip_slice(m, res, first, info, msg, msg_size)
                         : check_mips(m, res, first, count, info, msg, msg_size);
    info->slice_count = 1;
    info->array = array;
    if (FAILED(hr) || !array)
        return hr;
    return check_slices(m, res, first_slice, slices, info, msg, msg_size);
}

/* The default render-target / depth-stencil view of a Texture2D: TEXTURE2D + this, both enums
 * running TEXTURE2D, TEXTURE2DARRAY, TEXTURE2DMS, TEXTURE2DMSARRAY (bit 0: an array, bit 1:
 * multisampled). */
static unsigned default_2d_kind(const struct d3d11_resource *res)
{
    return (res->array_size > 1 ? 1u : 0u) | (res->sample_count > 1 ? 2u : 0u);
}

/* Render-target and depth-stencil views of multisampled textures: the TEXTURE2DMS(ARRAY)
 * dimensions exactly for resources with SampleDesc.Count > 1 (the D3D11_RTV_DIMENSION /
 * D3D11_DSV_DIMENSION pages: "The resource will be accessed as a 2D texture with
 * multisampling"); TEXTURE2DMS has no members (slice 0), TEXTURE2DMSARRAY gives the slices. */
static HRESULT check_ms_view(const char *m, const struct d3d11_resource *res, int dim,
                             int texture2d, UINT first, UINT count, struct d3d11_view_info *vi,
                             char *msg, size_t msg_size)
{
    /* dim - texture2d: default_2d_kind's numbering, for the four 2D dimensions */
    bool ms = dim == texture2d + 2 || dim == texture2d + 3, array = dim == texture2d + 3;
    if (ms != (res->sample_count > 1))
        REFUSE("%s: ViewDimension %d (%s) does not fit a resource with SampleDesc.Count %u", m,
               dim, ms ? "multisampled" : "not multisampled", res->sample_count);
    if (!ms)
        return S_OK;
    vi->first_mip = 0;
    vi->mip_count = 1;
    if (!array) {
        vi->first_slice = 0;
        vi->slice_count = 1;
        return S_OK;
    }
    return check_slices(m, res, first, count, vi, msg, msg_size);
}

static HRESULT check_support(const char *m, DXGI_FORMAT format, UINT any_of, const char *what,
                             D3D_FEATURE_LEVEL level, char *msg, size_t msg_size)
{
    if (!(d3d11_format_support_bits(level, format) & any_of))
        REFUSE("%s: DXGI_FORMAT_%s cannot be used for %s at feature level %s "
               "(CheckFormatSupport)", m, d3d11_format_name(format), what, LEVEL);
    return S_OK;
}

/* Render-target and depth-stencil views: a 1D view dimension needs a Texture1D, any other a
 * Texture2D (the D3D11_RTV_DIMENSION / D3D11_DSV_DIMENSION pages). */
static bool view_is_1d(int dim, int one, int one_array)
{
    return dim == one || dim == one_array;
}

static HRESULT check_target_dim(const char *m, const struct d3d11_resource *res, bool view_1d,
                                int dim, char *msg, size_t msg_size)
{
    if (view_1d != (res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE1D))
        REFUSE("%s: ViewDimension %d does not fit %s", m, dim, resource_kind(res));
    return S_OK;
}

/* Buffer views: NumElements elements of the view format's size from FirstElement, within the
 * buffer's ByteWidth (D3D11_BUFFER_SRV, D3D11_BUFFER_RTV). */
static HRESULT check_elements(const char *m, const struct d3d11_resource *res,
                              const core_format_desc *f, UINT first, UINT count,
                              struct d3d11_view_info *vi, char *msg, size_t msg_size)
{
    if (!count)
        REFUSE("%s: Buffer.NumElements is 0", m);
    if ((uint64_t)first + count > res->width / f->block_bytes)
        REFUSE("%s: elements %u..%u of DXGI_FORMAT_%s (%u bytes each) are not within the "
               "buffer's %u bytes", m, first, first + count - 1, f->name, f->block_bytes,
               res->width);
    vi->resource = (struct d3d11_resource *)res;
    vi->mip_count = 1;
    vi->slice_count = 1;
    vi->first_element = first;
    vi->element_count = count;
    return S_OK;
}

/* ---- buffer views --------------------------------------------------------------------------
 * D3D11_BUFFER_SRV: a typed view of NumElements elements of the view format's size from
 * FirstElement (D3D11_BUFFER_SRV page; the elements are whole texels of the format), which must
 * lie in the buffer's ByteWidth.  The format must be typed and support
 * D3D11_FORMAT_SUPPORT_BUFFER at the level.  From 11_0 (issue 15):
 *  - a structured buffer (D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) is viewed with Format
 *    DXGI_FORMAT_UNKNOWN, its elements StructureByteStride bytes (D3D11_BUFFER_SRV page: "the
 *    format must be DXGI_FORMAT_UNKNOWN" for structured buffers); pDesc NULL views all of it;
 *  - D3D11_SRV_DIMENSION_BUFFEREX with D3D11_BUFFEREX_SRV_FLAG_RAW is a raw view: Format
 *    DXGI_FORMAT_R32_TYPELESS, elements of 4 bytes, of a buffer created with
 *    D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS (D3D11_BUFFEREX_SRV_FLAG page); BUFFEREX
 *    without the flag is a typed or structured view like BUFFER. */
static HRESULT buffer_elements(const char *m, const struct d3d11_resource *res, bool raw,
                               DXGI_FORMAT format, UINT first, UINT count,
                               struct d3d11_view_info *vi, char *msg, size_t msg_size)
{
    const core_format_desc *f;
    bool structured = res->misc_flags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
    UINT bytes;
    if (raw) {
        if (!(res->misc_flags & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
            REFUSE("%s: a raw view needs a buffer created with "
                   "D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS (MiscFlags 0x%x)", m,
                   res->misc_flags);
        if (format != DXGI_FORMAT_R32_TYPELESS)
            REFUSE("%s: a raw view's Format must be DXGI_FORMAT_R32_TYPELESS, not %s%s", m,
                   format ? "DXGI_FORMAT_" : "", format ? d3d11_format_name(format) : "UNKNOWN");
        vi->buffer_kind = D3D11_BUFFER_VIEW_RAW;
        bytes = 4;
    } else if (structured) {
        if (format != DXGI_FORMAT_UNKNOWN)
            REFUSE("%s: a view of a structured buffer must have Format DXGI_FORMAT_UNKNOWN, not "
                   "DXGI_FORMAT_%s", m, d3d11_format_name(format));
        vi->buffer_kind = D3D11_BUFFER_VIEW_STRUCTURED;
        bytes = res->structure_stride;
    } else {
        if (format == DXGI_FORMAT_UNKNOWN)
            REFUSE("%s: a typed buffer view needs a Format (DXGI_FORMAT_UNKNOWN is for structured "
                   "buffers, feature level 11_0)", m);
        if (!(f = core_format_get(format)) || f->d3d9_only)
            REFUSE("%s: Format %u is not a DXGI_FORMAT value", m, (unsigned)format);
        if (f->kind == CORE_FMT_TYPELESS)
            REFUSE("%s: a view cannot have the typeless format DXGI_FORMAT_%s%s", m, f->name,
                   format == DXGI_FORMAT_R32_TYPELESS ? " (raw views: the RAW flag)" : "");
        vi->buffer_kind = D3D11_BUFFER_VIEW_TYPED;
        bytes = f->block_bytes;
    }
    if (!count)
        REFUSE("%s: NumElements is 0", m);
    if ((uint64_t)first + count > res->width / bytes)
        REFUSE("%s: elements %u..%u (%u bytes each) are not within the buffer's %u bytes", m,
               first, first + count - 1, bytes, res->width);
    vi->resource = (struct d3d11_resource *)res;
    vi->format = format;
    vi->mip_count = 1;
    vi->slice_count = 1;
    vi->first_element = first;
    vi->element_count = count;
    vi->element_bytes = bytes;
    return S_OK;
}

static HRESULT validate_buffer_srv(const struct d3d11_resource *res,
                                   const D3D11_SHADER_RESOURCE_VIEW_DESC *desc,
                                   D3D_FEATURE_LEVEL level, D3D11_SHADER_RESOURCE_VIEW_DESC *out,
                                   struct d3d11_view_info *info, char *msg, size_t msg_size)
{
    const char *m = "CreateShaderResourceView";
    struct d3d11_view_info vi = { 0 };
    D3D11_SHADER_RESOURCE_VIEW_DESC d;
    bool structured = res->misc_flags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, raw = false;
    UINT first, count;
    HRESULT hr;
    if (!desc && !structured)
        REFUSE("%s: a view of a buffer needs a description (pDesc is NULL): the buffer has no "
               "format", m);
    if (desc) {
        d = *desc;
    } else {
        memset(&d, 0, sizeof(d));
        d.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
        d.Buffer.NumElements = res->width / res->structure_stride;
    }
    /* raw (BUFFEREX with the RAW flag) and structured SRVs exist from 10_0 on this device:
     * D3D10_X_HARDWARE_OPTIONS is TRUE at 10_x (D3D11.3 18.7.2.3: "all shader stages on
     * downlevel HW ... support binding Raw and Structured Buffers as SRVs") */
    if (d.ViewDimension == D3D11_SRV_DIMENSION_BUFFEREX && level < D3D_FEATURE_LEVEL_10_0)
        REFUSE("%s: D3D11_SRV_DIMENSION_BUFFEREX needs feature level 10_0 (with "
               "D3D10_X_HARDWARE_OPTIONS); not supported at feature level %s", m, LEVEL);
    if (d.ViewDimension == D3D11_SRV_DIMENSION_BUFFEREX) {
        if (d.BufferEx.Flags & ~(UINT)D3D11_BUFFEREX_SRV_FLAG_RAW)
            REFUSE("%s: BufferEx.Flags 0x%x has bits that are not D3D11_BUFFEREX_SRV_FLAG values",
                   m, d.BufferEx.Flags);
        raw = d.BufferEx.Flags & D3D11_BUFFEREX_SRV_FLAG_RAW;
        first = d.BufferEx.FirstElement;
        count = d.BufferEx.NumElements;
    } else if (d.ViewDimension == D3D11_SRV_DIMENSION_BUFFER) {
        first = d.Buffer.FirstElement;
        count = d.Buffer.NumElements;
    } else {
        REFUSE("%s: ViewDimension %d does not fit a buffer", m, (int)d.ViewDimension);
    }
    if (FAILED(hr = buffer_elements(m, res, raw, d.Format, first, count, &vi, msg, msg_size)))
        return hr;
    if (vi.buffer_kind == D3D11_BUFFER_VIEW_TYPED &&
        !(d3d11_format_support_bits(level, d.Format) & D3D11_FORMAT_SUPPORT_BUFFER))
        REFUSE("%s: DXGI_FORMAT_%s cannot be used for buffers at feature level %s "
               "(CheckFormatSupport)", m, d3d11_format_name(d.Format), LEVEL);
    if (out)
        *out = d;
    if (info)
        *info = vi;
    return S_OK;
}

/* ---- shader-resource views ---------------------------------------------------------------- */

static const struct srv_dim {
    D3D11_SRV_DIMENSION dim;
    const char *name;
    D3D11_RESOURCE_DIMENSION res;
    D3D_FEATURE_LEVEL min_level;
} srv_dims[] = {
    { D3D11_SRV_DIMENSION_BUFFER, "D3D11_SRV_DIMENSION_BUFFER", D3D11_RESOURCE_DIMENSION_BUFFER,
      D3D_FEATURE_LEVEL_10_0 },
    { D3D11_SRV_DIMENSION_TEXTURE1D, "D3D11_SRV_DIMENSION_TEXTURE1D",
      D3D11_RESOURCE_DIMENSION_TEXTURE1D, D3D_FEATURE_LEVEL_10_0 },
    { D3D11_SRV_DIMENSION_TEXTURE1DARRAY, "D3D11_SRV_DIMENSION_TEXTURE1DARRAY",
      D3D11_RESOURCE_DIMENSION_TEXTURE1D, D3D_FEATURE_LEVEL_10_0 },
    { D3D11_SRV_DIMENSION_TEXTURE2D, "D3D11_SRV_DIMENSION_TEXTURE2D",
      D3D11_RESOURCE_DIMENSION_TEXTURE2D, D3D_FEATURE_LEVEL_9_1 },
    { D3D11_SRV_DIMENSION_TEXTURE2DARRAY, "D3D11_SRV_DIMENSION_TEXTURE2DARRAY",
      D3D11_RESOURCE_DIMENSION_TEXTURE2D, D3D_FEATURE_LEVEL_10_0 },
    { D3D11_SRV_DIMENSION_TEXTURE2DMS, "D3D11_SRV_DIMENSION_TEXTURE2DMS",
      D3D11_RESOURCE_DIMENSION_TEXTURE2D, D3D_FEATURE_LEVEL_10_0 },
    { D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY, "D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY",
      D3D11_RESOURCE_DIMENSION_TEXTURE2D, D3D_FEATURE_LEVEL_10_0 },
    { D3D11_SRV_DIMENSION_TEXTURE3D, "D3D11_SRV_DIMENSION_TEXTURE3D",
      D3D11_RESOURCE_DIMENSION_TEXTURE3D, D3D_FEATURE_LEVEL_9_1 },
    { D3D11_SRV_DIMENSION_TEXTURECUBE, "D3D11_SRV_DIMENSION_TEXTURECUBE",
      D3D11_RESOURCE_DIMENSION_TEXTURE2D, D3D_FEATURE_LEVEL_9_1 },
    { D3D11_SRV_DIMENSION_TEXTURECUBEARRAY, "D3D11_SRV_DIMENSION_TEXTURECUBEARRAY",
      D3D11_RESOURCE_DIMENSION_TEXTURE2D, D3D_FEATURE_LEVEL_10_1 },
    { D3D11_SRV_DIMENSION_BUFFEREX, "D3D11_SRV_DIMENSION_BUFFEREX",
      D3D11_RESOURCE_DIMENSION_BUFFER, D3D_FEATURE_LEVEL_11_0 },
};

HRESULT d3d11_validate_srv(const struct d3d11_resource *res,
                           const D3D11_SHADER_RESOURCE_VIEW_DESC *desc, D3D_FEATURE_LEVEL level,
                           D3D11_SHADER_RESOURCE_VIEW_DESC *out, struct d3d11_view_info *info,
                           char *msg, size_t msg_size)
{
    const char *m = "CreateShaderResourceView";
    const struct srv_dim *dim = NULL;
    D3D11_SHADER_RESOURCE_VIEW_DESC d;
    struct d3d11_view_info vi = { 0 };
    bool cube = false;
    HRESULT hr;

    if (!res)
        REFUSE("%s: pResource is NULL or not a resource of this device", m);
    /* Buffers cannot be shader resources at 9_x: CreateBuffer (seed 004) allows only vertex,
     * index and constant buffers, and no format supports D3D11_FORMAT_SUPPORT_BUFFER. */
    if (IS_9X && res->dim == D3D11_RESOURCE_DIMENSION_BUFFER)
        REFUSE("%s: shader-resource views of buffers are not supported at feature level %s "
               "(buffers are only vertex, index or constant buffers, seed 004)", m, LEVEL);
    if (!(res->bind_flags & D3D11_BIND_SHADER_RESOURCE))
        REFUSE("%s: the resource was not created with D3D11_BIND_SHADER_RESOURCE (BindFlags "
               "0x%x)", m, res->bind_flags);
    if (res->dim == D3D11_RESOURCE_DIMENSION_BUFFER)
        return validate_buffer_srv(res, desc, level, out, info, msg, msg_size);

    if (desc) {
        d = *desc;
    } else {
        /* The whole resource, in its format. */
        d = (D3D11_SHADER_RESOURCE_VIEW_DESC){ .Format = DXGI_FORMAT_UNKNOWN };
        if (res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D) {
            d.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE3D;
            d.Texture3D.MipLevels = res->mip_levels;
        } else if (res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE1D) {
            d.ViewDimension = res->array_size > 1 ? D3D11_SRV_DIMENSION_TEXTURE1DARRAY
                                                  : D3D11_SRV_DIMENSION_TEXTURE1D;
            d.Texture1DArray.MipLevels = res->mip_levels;
            if (res->array_size > 1)
                d.Texture1DArray.ArraySize = res->array_size;
        } else if (res->misc_flags & D3D11_RESOURCE_MISC_TEXTURECUBE) {
            d.ViewDimension = res->array_size > 6 ? D3D11_SRV_DIMENSION_TEXTURECUBEARRAY
                                                  : D3D11_SRV_DIMENSION_TEXTURECUBE;
            d.TextureCubeArray.MipLevels = res->mip_levels;
            if (res->array_size > 6)
                d.TextureCubeArray.NumCubes = res->array_size / 6;
        } else if (res->sample_count > 1) {
            d.ViewDimension = res->array_size > 1 ? D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY
                                                  : D3D11_SRV_DIMENSION_TEXTURE2DMS;
            d.Texture2DMSArray.ArraySize = res->array_size;
        } else if (res->array_size > 1) {
            d.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
            d.Texture2DArray.MipLevels = res->mip_levels;
            d.Texture2DArray.ArraySize = res->array_size;
        } else {
            d.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
            d.Texture2D.MipLevels = res->mip_levels;
        }
    }
    if (FAILED(hr = resolve_format(m, res, d.Format, &d.Format, msg, msg_size)))
        return hr;

    for (size_t i = 0; i < sizeof(srv_dims) / sizeof(srv_dims[0]); i++)
        if (srv_dims[i].dim == d.ViewDimension)
            dim = &srv_dims[i];
    if (!dim)
        REFUSE("%s: ViewDimension %d is not a D3D11_SRV_DIMENSION of a view", m,
               (int)d.ViewDimension);
    if (dim->res != res->dim)
        REFUSE("%s: %s does not fit %s", m, dim->name, resource_kind(res));
    /* a multisampled texture is read only through the TEXTURE2DMS(ARRAY) dimensions */
    if (res->sample_count > 1 && d.ViewDimension != D3D11_SRV_DIMENSION_TEXTURE2DMS &&
        d.ViewDimension != D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY)
        REFUSE("%s: %s does not fit a multisampled resource (SampleDesc.Count %u)", m, dim->name,
               res->sample_count);

    switch (d.ViewDimension) {
    case D3D11_SRV_DIMENSION_TEXTURE1D:
        hr = check_range(m, res, false, d.Texture1D.MostDetailedMip, d.Texture1D.MipLevels, false,
                         0, 1, &vi, msg, msg_size);
        break;
    case D3D11_SRV_DIMENSION_TEXTURE1DARRAY:
        hr = check_range(m, res, false, d.Texture1DArray.MostDetailedMip,
                         d.Texture1DArray.MipLevels, true, d.Texture1DArray.FirstArraySlice,
                         d.Texture1DArray.ArraySize, &vi, msg, msg_size);
        break;
    case D3D11_SRV_DIMENSION_TEXTURE2D:
        hr = check_range(m, res, false, d.Texture2D.MostDetailedMip, d.Texture2D.MipLevels, false,
                         0, 1, &vi, msg, msg_size);
        break;
    case D3D11_SRV_DIMENSION_TEXTURE2DARRAY:
        hr = check_range(m, res, false, d.Texture2DArray.MostDetailedMip,
                         d.Texture2DArray.MipLevels, true, d.Texture2DArray.FirstArraySlice,
                         d.Texture2DArray.ArraySize, &vi, msg, msg_size);
        break;
    case D3D11_SRV_DIMENSION_TEXTURE3D:
        hr = check_range(m, res, false, d.Texture3D.MostDetailedMip, d.Texture3D.MipLevels, false,
                         0, 1, &vi, msg, msg_size);
        break;
    case D3D11_SRV_DIMENSION_TEXTURE2DMS:
        /* Texture2DMS loads (ld_ms) from 10_0; D3D11_TEX2DMS_SRV has no members */
        if (level < D3D_FEATURE_LEVEL_10_0)
            REFUSE("%s: D3D11_SRV_DIMENSION_TEXTURE2DMS needs feature level 10_0; not supported "
                   "at feature level %s", m, LEVEL);
        if (res->sample_count < 2)
            REFUSE("%s: D3D11_SRV_DIMENSION_TEXTURE2DMS does not fit a resource with "
                   "SampleDesc.Count 1", m);
        vi.first_mip = vi.first_slice = 0;
        vi.mip_count = vi.slice_count = 1;
        hr = S_OK;
        break;
    case D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY:
        /* Texture2DMSArray loads (ld_ms with the slice in z) from 10_0, as Texture2DMS */
        if (level < D3D_FEATURE_LEVEL_10_0)
            REFUSE("%s: D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY needs feature level 10_0; not "
                   "supported at feature level %s", m, LEVEL);
        if (res->sample_count < 2)
            REFUSE("%s: D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY does not fit a resource with "
                   "SampleDesc.Count 1", m);
        vi.first_mip = 0;
        vi.mip_count = 1;
        hr = check_slices(m, res, d.Texture2DMSArray.FirstArraySlice,
                          d.Texture2DMSArray.ArraySize, &vi, msg, msg_size);
        vi.array = true;
        break;
    case D3D11_SRV_DIMENSION_TEXTURECUBE:
        if (!(res->misc_flags & D3D11_RESOURCE_MISC_TEXTURECUBE))
            REFUSE("%s: D3D11_SRV_DIMENSION_TEXTURECUBE needs a resource created with "
                   "D3D11_RESOURCE_MISC_TEXTURECUBE", m);
        hr = check_mips(m, res, d.TextureCube.MostDetailedMip, d.TextureCube.MipLevels, &vi, msg,
                        msg_size);
        vi.slice_count = 6;
        cube = true;
        break;
    case D3D11_SRV_DIMENSION_TEXTURECUBEARRAY:
        if (!(res->misc_flags & D3D11_RESOURCE_MISC_TEXTURECUBE))
            REFUSE("%s: D3D11_SRV_DIMENSION_TEXTURECUBEARRAY needs a resource created with "
                   "D3D11_RESOURCE_MISC_TEXTURECUBE", m);
        if (FAILED(hr = check_mips(m, res, d.TextureCubeArray.MostDetailedMip,
                                   d.TextureCubeArray.MipLevels, &vi, msg, msg_size)))
            return hr;
        if (d.TextureCubeArray.NumCubes > res->array_size / 6)
            REFUSE("%s: NumCubes %u exceeds the resource's %u cubes", m,
                   d.TextureCubeArray.NumCubes, res->array_size / 6);
        hr = check_slices(m, res, d.TextureCubeArray.First2DArrayFace,
                          d.TextureCubeArray.NumCubes * 6, &vi, msg, msg_size);
        cube = true;
        vi.array = true;
        break;
    default:
        /* Buffer and multisampled views: no such resources at 9_x. */
        if (level < dim->min_level)
            REFUSE("%s: %s needs feature level %s; not supported at feature level %s", m,
                   dim->name, d3d11_level_name(dim->min_level), LEVEL);
        /* Issue 11: legal from 10_0 but not implemented yet (README status table). */
        return d3d11_res_refuse(E_NOTIMPL, msg, msg_size, "%s: %s views are not implemented yet "
                                "(feature level %s)", m, dim->name, LEVEL);
    }
    if (FAILED(hr))
        return hr;

    if (IS_9X) {
        /* seed 004, CreateShaderResourceView: MostDetailedMip + MipLevels must include the
         * lowest LOD (the smallest subresource). */
        if (vi.first_mip + vi.mip_count != res->mip_levels)
            REFUSE("%s: MostDetailedMip %u + MipLevels %u must reach the smallest mip (level %u "
                   "of %u) at feature level %s (seed 004)", m, vi.first_mip, vi.mip_count,
                   res->mip_levels - 1, res->mip_levels, LEVEL);
        /* seed 004, CreateShaderResourceView: the view must include all array elements. */
        if (vi.first_slice != 0 || vi.slice_count != res->array_size)
            REFUSE("%s: the view covers array slices %u..%u but must include all %u array "
                   "elements of the resource at feature level %s (seed 004)", m, vi.first_slice,
                   vi.first_slice + vi.slice_count - 1, res->array_size, LEVEL);
    }
    if (level < dim->min_level)
        REFUSE("%s: %s needs feature level %s; not supported at feature level %s", m, dim->name,
               d3d11_level_name(dim->min_level), LEVEL);
    if (FAILED(hr = check_support(m, d.Format, D3D11_FORMAT_SUPPORT_SHADER_SAMPLE |
                                  D3D11_FORMAT_SUPPORT_SHADER_LOAD, "shader resources", level,
                                  msg, msg_size)))
        return hr;
    if (cube && FAILED(hr = check_support(m, d.Format, D3D11_FORMAT_SUPPORT_TEXTURECUBE,
                                          "cube textures", level, msg, msg_size)))
        return hr;

    /* What GetDesc reports: the resolved format and mip count. */
    switch (d.ViewDimension) {
    case D3D11_SRV_DIMENSION_TEXTURE1D: d.Texture1D.MipLevels = vi.mip_count; break;
    case D3D11_SRV_DIMENSION_TEXTURE1DARRAY: d.Texture1DArray.MipLevels = vi.mip_count; break;
    case D3D11_SRV_DIMENSION_TEXTURE2D: d.Texture2D.MipLevels = vi.mip_count; break;
    case D3D11_SRV_DIMENSION_TEXTURE2DARRAY: d.Texture2DArray.MipLevels = vi.mip_count; break;
    case D3D11_SRV_DIMENSION_TEXTURE3D: d.Texture3D.MipLevels = vi.mip_count; break;
    case D3D11_SRV_DIMENSION_TEXTURECUBE: d.TextureCube.MipLevels = vi.mip_count; break;
    case D3D11_SRV_DIMENSION_TEXTURECUBEARRAY: d.TextureCubeArray.MipLevels = vi.mip_count; break;
    default: break;   /* Texture2DMS(Array): no mips (the union's second word is ArraySize) */
    }
    vi.resource = (struct d3d11_resource *)res;
    vi.format = d.Format;
    vi.cube = cube;
    if (out)
        *out = d;
    if (info)
        *info = vi;
    return S_OK;
}

/* D3D11_BUFFER_RTV: a row of NumElements texels of a typed format that supports both BUFFER
 * and RENDER_TARGET at the level; a buffer has no format, so a description is needed. */
static HRESULT validate_buffer_rtv(const struct d3d11_resource *res,
                                   const D3D11_RENDER_TARGET_VIEW_DESC *desc,
                                   D3D_FEATURE_LEVEL level, D3D11_RENDER_TARGET_VIEW_DESC *out,
                                   struct d3d11_view_info *info, char *msg, size_t msg_size)
{
    const char *m = "CreateRenderTargetView";
    const UINT need = D3D11_FORMAT_SUPPORT_BUFFER | D3D11_FORMAT_SUPPORT_RENDER_TARGET;
    const core_format_desc *f;
    struct d3d11_view_info vi = { 0 };
    HRESULT hr;
    if (!desc)
        REFUSE("%s: a view of a buffer needs a description (pDesc is NULL): the buffer has no "
               "format", m);
    if (desc->ViewDimension != D3D11_RTV_DIMENSION_BUFFER)
        REFUSE("%s: ViewDimension %d does not fit a buffer", m, (int)desc->ViewDimension);
    if (!(f = core_format_get(desc->Format)) || f->d3d9_only)
        REFUSE("%s: Format %u is not a typed DXGI_FORMAT value", m, (unsigned)desc->Format);
    if (f->kind == CORE_FMT_TYPELESS)
        REFUSE("%s: a view cannot have the typeless format DXGI_FORMAT_%s", m, f->name);
    if ((d3d11_format_support_bits(level, desc->Format) & need) != need)
        REFUSE("%s: DXGI_FORMAT_%s cannot be used for buffer render targets at feature level %s "
               "(CheckFormatSupport: BUFFER and RENDER_TARGET)", m, f->name, LEVEL);
    if (FAILED(hr = check_elements(m, res, f, desc->Buffer.FirstElement,
                                   desc->Buffer.NumElements, &vi, msg, msg_size)))
        return hr;
    vi.format = desc->Format;
    if (out)
        *out = *desc;
    if (info)
        *info = vi;
    return S_OK;
}

/* ---- render-target views ------------------------------------------------------------------ */

/* A render-target view of a Texture3D (10_0+; 9_x refused it above): D3D11_TEX3D_RTV's
 * MipSlice and the depth slices FirstWSlice .. FirstWSlice + WSize - 1 of that mip, WSize -1
 * meaning every slice from FirstWSlice (the D3D11_TEX3D_RTV page); the slices are kept in the
 * view info's slice range (drawn as layers: SV_RenderTargetArrayIndex picks one). */
static HRESULT validate_3d_rtv(const struct d3d11_resource *res,
                               const D3D11_RENDER_TARGET_VIEW_DESC *desc, D3D_FEATURE_LEVEL level,
                               D3D11_RENDER_TARGET_VIEW_DESC *out, struct d3d11_view_info *info,
                               char *msg, size_t msg_size)
{
    const char *m = "CreateRenderTargetView";
    D3D11_RENDER_TARGET_VIEW_DESC d;
    struct d3d11_view_info vi = { 0 };
    HRESULT hr;
    if (desc) {
        d = *desc;
    } else {
        d = (D3D11_RENDER_TARGET_VIEW_DESC){ .Format = DXGI_FORMAT_UNKNOWN,
                                             .ViewDimension = D3D11_RTV_DIMENSION_TEXTURE3D };
        d.Texture3D.WSize = (UINT)-1;
    }
    if (FAILED(hr = resolve_format(m, res, d.Format, &d.Format, msg, msg_size)))
        return hr;
    if (d.ViewDimension != D3D11_RTV_DIMENSION_TEXTURE3D)
        REFUSE("%s: ViewDimension %d does not fit %s (D3D11_RTV_DIMENSION_TEXTURE3D)", m,
               (int)d.ViewDimension, resource_kind(res));
    if (FAILED(hr = check_mip_slice(m, res, d.Texture3D.MipSlice, &vi, msg, msg_size)))
        return hr;
    UINT depth = res->depth >> d.Texture3D.MipSlice ? res->depth >> d.Texture3D.MipSlice : 1;
    UINT first = d.Texture3D.FirstWSlice, count = d.Texture3D.WSize;
    if (count == (UINT)-1 && first < depth)
        count = depth - first;
    if (first >= depth || !count || count > depth - first)
        REFUSE("%s: depth slices FirstWSlice %u, WSize %u are not within the %u slices of mip "
               "%u", m, first, d.Texture3D.WSize, depth, d.Texture3D.MipSlice);
    if (FAILED(hr = check_support(m, d.Format, D3D11_FORMAT_SUPPORT_RENDER_TARGET,
                                  "render targets", level, msg, msg_size)))
        return hr;
    d.Texture3D.WSize = count;
    vi.first_slice = first;
    vi.slice_count = count;
    vi.array = true;
    vi.resource = (struct d3d11_resource *)res;
    vi.format = d.Format;
    if (out)
        *out = d;
    if (info)
        *info = vi;
    return S_OK;
}

HRESULT d3d11_validate_rtv(const struct d3d11_resource *res,
                           const D3D11_RENDER_TARGET_VIEW_DESC *desc, D3D_FEATURE_LEVEL level,
                           D3D11_RENDER_TARGET_VIEW_DESC *out, struct d3d11_view_info *info,
                           char *msg, size_t msg_size)
{
    const char *m = "CreateRenderTargetView";
    D3D11_RENDER_TARGET_VIEW_DESC d;
    struct d3d11_view_info vi = { 0 };
    HRESULT hr;

    if (!res)
        REFUSE("%s: pResource is NULL or not a resource of this device", m);
    /* seed 004, CreateRenderTargetView: render-target views only of Texture2D objects. */
    if (IS_9X && res->dim != D3D11_RESOURCE_DIMENSION_TEXTURE2D)
        REFUSE("%s: render-target views can only be made of Texture2D objects at feature level "
               "%s; the resource is %s (seed 004)", m, LEVEL, resource_kind(res));
    if (!(res->bind_flags & D3D11_BIND_RENDER_TARGET))
        REFUSE("%s: the resource was not created with D3D11_BIND_RENDER_TARGET (BindFlags 0x%x)",
               m, res->bind_flags);
    if (res->dim == D3D11_RESOURCE_DIMENSION_BUFFER)
        return validate_buffer_rtv(res, desc, level, out, info, msg, msg_size);
    if (res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D)
        return validate_3d_rtv(res, desc, level, out, info, msg, msg_size);

    if (desc) {
        d = *desc;
    } else {
        /* Mip 0 of the whole resource, in its format. */
        d = (D3D11_RENDER_TARGET_VIEW_DESC){ .Format = DXGI_FORMAT_UNKNOWN };
        if (res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE1D) {
            d.ViewDimension = res->array_size > 1 ? D3D11_RTV_DIMENSION_TEXTURE1DARRAY
                                                  : D3D11_RTV_DIMENSION_TEXTURE1D;
            if (res->array_size > 1)
                d.Texture1DArray.ArraySize = res->array_size;
        } else {
            unsigned kind = default_2d_kind(res);
            d.ViewDimension = (D3D11_RTV_DIMENSION)(D3D11_RTV_DIMENSION_TEXTURE2D + kind);
            if (kind & 1)
                *(kind & 2 ? &d.Texture2DMSArray.ArraySize : &d.Texture2DArray.ArraySize) =
                    res->array_size;
        }
    }
    if (FAILED(hr = resolve_format(m, res, d.Format, &d.Format, msg, msg_size)))
        return hr;
    if (FAILED(hr = check_target_dim(m, res,
                                     view_is_1d(d.ViewDimension, D3D11_RTV_DIMENSION_TEXTURE1D,
                                                D3D11_RTV_DIMENSION_TEXTURE1DARRAY),
                                     (int)d.ViewDimension, msg, msg_size)))
        return hr;
    if (FAILED(hr = check_ms_view(m, res, (int)d.ViewDimension, D3D11_RTV_DIMENSION_TEXTURE2D,
                                  d.Texture2DMSArray.FirstArraySlice,
                                  d.Texture2DMSArray.ArraySize, &vi, msg, msg_size)))
        return hr;
    switch (d.ViewDimension) {
    case D3D11_RTV_DIMENSION_TEXTURE1D:
        hr = check_range(m, res, true, d.Texture1D.MipSlice, 1, false, 0, 1, &vi, msg, msg_size);
        break;
    case D3D11_RTV_DIMENSION_TEXTURE1DARRAY:
        hr = check_range(m, res, true, d.Texture1DArray.MipSlice, 1, true,
                         d.Texture1DArray.FirstArraySlice, d.Texture1DArray.ArraySize, &vi, msg,
                         msg_size);
        break;
    case D3D11_RTV_DIMENSION_TEXTURE2D:
        hr = check_range(m, res, true, d.Texture2D.MipSlice, 1, false, 0, 1, &vi, msg, msg_size);
        break;
    case D3D11_RTV_DIMENSION_TEXTURE2DARRAY:
        /* Decision above: per-face / per-slice views of cube textures exist at 9_x. */
        hr = check_range(m, res, true, d.Texture2DArray.MipSlice, 1, true,
                         d.Texture2DArray.FirstArraySlice, d.Texture2DArray.ArraySize, &vi, msg,
                         msg_size);
        break;
    case D3D11_RTV_DIMENSION_TEXTURE2DMS:
    case D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY:
        break;   /* check_ms_view */
    default:
        REFUSE("%s: ViewDimension %d is not a render-target view dimension of %s", m,
               (int)d.ViewDimension, resource_kind(res));
    }
    if (FAILED(hr))
        return hr;
    if (FAILED(hr = check_support(m, d.Format, D3D11_FORMAT_SUPPORT_RENDER_TARGET,
                                  "render targets", level, msg, msg_size)))
        return hr;
    vi.resource = (struct d3d11_resource *)res;
    vi.format = d.Format;
    if (out)
        *out = d;
    if (info)
        *info = vi;
    return S_OK;
}

/* ---- depth-stencil views ------------------------------------------------------------------ */

HRESULT d3d11_validate_dsv(const struct d3d11_resource *res,
                           const D3D11_DEPTH_STENCIL_VIEW_DESC *desc, D3D_FEATURE_LEVEL level,
                           D3D11_DEPTH_STENCIL_VIEW_DESC *out, struct d3d11_view_info *info,
                           char *msg, size_t msg_size)
{
    const char *m = "CreateDepthStencilView";
    static const UINT known_flags = D3D11_DSV_READ_ONLY_DEPTH | D3D11_DSV_READ_ONLY_STENCIL;
    D3D11_DEPTH_STENCIL_VIEW_DESC d;
    struct d3d11_view_info vi = { 0 };
    HRESULT hr;

    if (!res)
        REFUSE("%s: pResource is NULL or not a resource of this device", m);
    if (res->dim != D3D11_RESOURCE_DIMENSION_TEXTURE2D &&
        res->dim != D3D11_RESOURCE_DIMENSION_TEXTURE1D)
        REFUSE("%s: depth-stencil views can only be made of Texture1D or Texture2D objects; the "
               "resource is %s", m, resource_kind(res));
    if (!(res->bind_flags & D3D11_BIND_DEPTH_STENCIL))
        REFUSE("%s: the resource was not created with D3D11_BIND_DEPTH_STENCIL (BindFlags 0x%x)",
               m, res->bind_flags);

    if (desc) {
        d = *desc;
    } else {
        d = (D3D11_DEPTH_STENCIL_VIEW_DESC){ .Format = DXGI_FORMAT_UNKNOWN };
        if (res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE1D) {
            d.ViewDimension = res->array_size > 1 ? D3D11_DSV_DIMENSION_TEXTURE1DARRAY
                                                  : D3D11_DSV_DIMENSION_TEXTURE1D;
            if (res->array_size > 1)
                d.Texture1DArray.ArraySize = res->array_size;
        } else {
            unsigned kind = default_2d_kind(res);
            d.ViewDimension = (D3D11_DSV_DIMENSION)(D3D11_DSV_DIMENSION_TEXTURE2D + kind);
            if (kind & 1)
                *(kind & 2 ? &d.Texture2DMSArray.ArraySize : &d.Texture2DArray.ArraySize) =
                    res->array_size;
        }
    }
    if (d.Flags & ~known_flags)
        REFUSE("%s: Flags 0x%x has bits that are not D3D11_DSV_FLAG values", m, d.Flags);
    /* Decision above: read-only depth-stencil views are a Direct3D 11 (11_0) feature. */
    if (d.Flags && level < D3D_FEATURE_LEVEL_11_0)
        REFUSE("%s: read-only depth-stencil views (Flags 0x%x) need feature level 11_0; not "
               "supported at feature level %s", m, d.Flags, LEVEL);
    /* Seed 004, "does not support two-sided stencil": nothing in a depth-stencil view selects
     * stencil sidedness, so nothing is refused here (decision above). */
    if (FAILED(hr = resolve_format(m, res, d.Format, &d.Format, msg, msg_size)))
        return hr;
    if (FAILED(hr = check_target_dim(m, res,
                                     view_is_1d(d.ViewDimension, D3D11_DSV_DIMENSION_TEXTURE1D,
                                                D3D11_DSV_DIMENSION_TEXTURE1DARRAY),
                                     (int)d.ViewDimension, msg, msg_size)))
        return hr;
    if (FAILED(hr = check_ms_view(m, res, (int)d.ViewDimension, D3D11_DSV_DIMENSION_TEXTURE2D,
                                  d.Texture2DMSArray.FirstArraySlice,
                                  d.Texture2DMSArray.ArraySize, &vi, msg, msg_size)))
        return hr;
    switch (d.ViewDimension) {
    case D3D11_DSV_DIMENSION_TEXTURE1D:
        hr = check_range(m, res, true, d.Texture1D.MipSlice, 1, false, 0, 1, &vi, msg, msg_size);
        break;
    case D3D11_DSV_DIMENSION_TEXTURE1DARRAY:
        hr = check_range(m, res, true, d.Texture1DArray.MipSlice, 1, true,
                         d.Texture1DArray.FirstArraySlice, d.Texture1DArray.ArraySize, &vi, msg,
                         msg_size);
        break;
    case D3D11_DSV_DIMENSION_TEXTURE2D:
        hr = check_range(m, res, true, d.Texture2D.MipSlice, 1, false, 0, 1, &vi, msg, msg_size);
        break;
    case D3D11_DSV_DIMENSION_TEXTURE2DARRAY:
        hr = check_range(m, res, true, d.Texture2DArray.MipSlice, 1, true,
                         d.Texture2DArray.FirstArraySlice, d.Texture2DArray.ArraySize, &vi, msg,
                         msg_size);
        break;
    case D3D11_DSV_DIMENSION_TEXTURE2DMS:
    case D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY:
        break;   /* check_ms_view */
    default:
        REFUSE("%s: ViewDimension %d is not a depth-stencil view dimension of %s", m,
               (int)d.ViewDimension, resource_kind(res));
    }
    if (FAILED(hr))
        return hr;
    if (FAILED(hr = check_support(m, d.Format, D3D11_FORMAT_SUPPORT_DEPTH_STENCIL,
                                  "depth-stencil targets", level, msg, msg_size)))
        return hr;
    vi.resource = (struct d3d11_resource *)res;
    vi.format = d.Format;
    vi.dsv_flags = d.Flags;
    if (out)
        *out = d;
    if (info)
        *info = vi;
    return S_OK;
}

/* ---- unordered-access views ---------------------------------------------------------------
 * CreateUnorderedAccessView and D3D11_UNORDERED_ACCESS_VIEW_DESC (with D3D11_BUFFER_UAV,
 * D3D11_TEX1D/2D/3D(_ARRAY)_UAV, D3D11_BUFFER_UAV_FLAG):
 *  - 10_0 and above (seed 004: none at 9_x); the resource must have
 *    D3D11_BIND_UNORDERED_ACCESS; multisampled textures have no UAV dimension.  At 10_x
 *    (cs_4_x, D3D10_X_HARDWARE_OPTIONS TRUE; D3D11.3 18.7.2.2) raw and structured buffer views
 *    only: "not Typed UAVs ... Texture1D/2D/3D UAVs are not supported", no APPEND / COUNTER
 *    (cs_4_x has no append/consume or counters), and "the base offset for a RAW UAV must be
 *    256 byte aligned" (D3D11_CS_4_X_RAW_UAV_BYTE_ALIGNMENT): FirstElement * 4 a multiple of
 *    256.
 *  - Buffers (D3D11_UAV_DIMENSION_BUFFER): FirstElement / NumElements within ByteWidth, in
 *    elements of the view: D3D11_BUFFER_UAV_FLAG_RAW "Resource contains raw, unstructured
 *    data. Requires the UAV format to be DXGI_FORMAT_R32_TYPELESS" (and a buffer with
 *    ALLOW_RAW_VIEWS), 4-byte elements; a structured buffer: Format UNKNOWN, elements of its
 *    stride, optionally APPEND ("allow data to be added to the end of the buffer") or COUNTER
 *    ("adds a counter to the unordered-access-view buffer"), which "can only be used on a UAV
 *    that is a RWStructuredBuffer", never both; otherwise typed, in the view format.  pDesc
 *    NULL: the whole structured buffer (other buffers have no format to view).
 *  - Textures: the view format the resource's or a typed member of its family, with
 *    D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW at the level; one MipSlice; array slices
 *    within the resource; a 3D view's FirstWSlice / WSize (-1: to the last) within the depth
 *    of that mip.  pDesc NULL: mip 0, every slice (an ...ARRAY dimension for arrays), every W
 *    slice.  Typed UAV loads at 11_0 are R32_FLOAT / R32_UINT / R32_SINT views only ("Typed
 *    unordered access view loads"); the view itself may have any typed-UAV format (the
 *    dispatch decides what ld_uav_typed reads: context_compute.c). */
static HRESULT validate_buffer_uav(const struct d3d11_resource *res,
                                   const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc,
                                   D3D_FEATURE_LEVEL level, D3D11_UNORDERED_ACCESS_VIEW_DESC *out,
                                   struct d3d11_view_info *info, char *msg, size_t msg_size)
{
    const char *m = "CreateUnorderedAccessView";
    const UINT known = D3D11_BUFFER_UAV_FLAG_RAW | D3D11_BUFFER_UAV_FLAG_APPEND |
                       D3D11_BUFFER_UAV_FLAG_COUNTER;
    struct d3d11_view_info vi = { 0 };
    D3D11_UNORDERED_ACCESS_VIEW_DESC d;
    bool structured = res->misc_flags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
    HRESULT hr;
    if (!desc && !structured)
        REFUSE("%s: a view of a buffer needs a description (pDesc is NULL): the buffer has no "
               "format", m);
    if (desc) {
        d = *desc;
    } else {
        memset(&d, 0, sizeof(d));
        d.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
        d.Buffer.NumElements = res->width / res->structure_stride;
    }
    if (d.ViewDimension != D3D11_UAV_DIMENSION_BUFFER)
        REFUSE("%s: ViewDimension %d does not fit a buffer", m, (int)d.ViewDimension);
    UINT flags = d.Buffer.Flags;
    if (flags & ~known)
        REFUSE("%s: Buffer.Flags 0x%x has bits that are not D3D11_BUFFER_UAV_FLAG values", m,
               flags);
    if ((flags & D3D11_BUFFER_UAV_FLAG_APPEND) && (flags & D3D11_BUFFER_UAV_FLAG_COUNTER))
        REFUSE("%s: D3D11_BUFFER_UAV_FLAG_APPEND and D3D11_BUFFER_UAV_FLAG_COUNTER cannot be "
               "combined", m);
    if ((flags & (D3D11_BUFFER_UAV_FLAG_APPEND | D3D11_BUFFER_UAV_FLAG_COUNTER)) && !structured)
        REFUSE("%s: D3D11_BUFFER_UAV_FLAG_%s needs a structured buffer "
               "(D3D11_RESOURCE_MISC_BUFFER_STRUCTURED)", m,
               flags & D3D11_BUFFER_UAV_FLAG_APPEND ? "APPEND" : "COUNTER");
    if (FAILED(hr = buffer_elements(m, res, flags & D3D11_BUFFER_UAV_FLAG_RAW, d.Format,
                                    d.Buffer.FirstElement, d.Buffer.NumElements, &vi, msg,
                                    msg_size)))
        return hr;
    if (level < D3D_FEATURE_LEVEL_11_0) {
        if (vi.buffer_kind == D3D11_BUFFER_VIEW_TYPED)
            REFUSE("%s: typed unordered-access views need feature level 11_0; at %s only raw "
                   "and structured buffer views (cs_4_x, D3D11.3 18.7.2.2)", m, LEVEL);
        if (flags & (D3D11_BUFFER_UAV_FLAG_APPEND | D3D11_BUFFER_UAV_FLAG_COUNTER))
            REFUSE("%s: D3D11_BUFFER_UAV_FLAG_%s needs feature level 11_0 (cs_4_x has no "
                   "append/consume or counters, D3D11.3 18.7.2.5)", m,
                   flags & D3D11_BUFFER_UAV_FLAG_APPEND ? "APPEND" : "COUNTER");
        if (vi.buffer_kind == D3D11_BUFFER_VIEW_RAW &&
            (d.Buffer.FirstElement * 4ull) % D3D11_CS_4_X_RAW_UAV_BYTE_ALIGNMENT)
            REFUSE("%s: a raw view at feature level %s starts at a multiple of 256 bytes "
                   "(D3D11_CS_4_X_RAW_UAV_BYTE_ALIGNMENT); FirstElement %u is byte %llu", m,
                   LEVEL, d.Buffer.FirstElement, d.Buffer.FirstElement * 4ull);
    }
    if (vi.buffer_kind == D3D11_BUFFER_VIEW_TYPED &&
        FAILED(hr = check_support(m, d.Format, D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW,
                                  "typed unordered-access views", level, msg, msg_size)))
        return hr;
    if (out)
        *out = d;
    if (info)
        *info = vi;
    return S_OK;
}

HRESULT d3d11_validate_uav(const struct d3d11_resource *res,
                           const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc, D3D_FEATURE_LEVEL level,
                           D3D11_UNORDERED_ACCESS_VIEW_DESC *out, struct d3d11_view_info *info,
                           char *msg, size_t msg_size)
{
    const char *m = "CreateUnorderedAccessView";
    struct d3d11_view_info vi = { 0 };
    D3D11_UNORDERED_ACCESS_VIEW_DESC d;
    HRESULT hr;
    /* seed 004, CreateUnorderedAccessView: not supported at any 9_x level; at 10_x buffers
     * only (above). */
    if (level < D3D_FEATURE_LEVEL_10_0)
        REFUSE("%s: unordered-access views are not supported at feature level %s (seed 004)", m,
               LEVEL);
    if (!res)
        REFUSE("%s: pResource is NULL or not a resource of this device", m);
    if (!(res->bind_flags & D3D11_BIND_UNORDERED_ACCESS))
        REFUSE("%s: the resource was not created with D3D11_BIND_UNORDERED_ACCESS (BindFlags "
               "0x%x)", m, res->bind_flags);
    if (res->dim == D3D11_RESOURCE_DIMENSION_BUFFER)
        return validate_buffer_uav(res, desc, level, out, info, msg, msg_size);
    if (level < D3D_FEATURE_LEVEL_11_0)
        REFUSE("%s: texture unordered-access views need feature level 11_0; at %s only raw and "
               "structured buffer views (cs_4_x, D3D11.3 18.7.2.2)", m, LEVEL);
    if (res->sample_count > 1)
        REFUSE("%s: a multisampled texture (SampleDesc.Count %u) has no unordered-access view", m,
               res->sample_count);
    if (desc) {
        d = *desc;
    } else {
        memset(&d, 0, sizeof(d));
        if (res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D) {
            d.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE3D;
            d.Texture3D.WSize = (UINT)-1;
        } else if (res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE1D) {
            d.ViewDimension = res->array_size > 1 ? D3D11_UAV_DIMENSION_TEXTURE1DARRAY
                                                  : D3D11_UAV_DIMENSION_TEXTURE1D;
            d.Texture1DArray.ArraySize = res->array_size;
        } else {
            d.ViewDimension = res->array_size > 1 ? D3D11_UAV_DIMENSION_TEXTURE2DARRAY
                                                  : D3D11_UAV_DIMENSION_TEXTURE2D;
            d.Texture2DArray.ArraySize = res->array_size;
        }
    }
    if (FAILED(hr = resolve_format(m, res, d.Format, &d.Format, msg, msg_size)))
        return hr;
    switch (d.ViewDimension) {
    case D3D11_UAV_DIMENSION_TEXTURE1D:
    case D3D11_UAV_DIMENSION_TEXTURE1DARRAY:
        if (res->dim != D3D11_RESOURCE_DIMENSION_TEXTURE1D)
            REFUSE("%s: ViewDimension %d does not fit %s", m, (int)d.ViewDimension,
                   resource_kind(res));
        hr = d.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE1D
                 ? check_range(m, res, true, d.Texture1D.MipSlice, 1, false, 0, 1, &vi, msg,
                               msg_size)
                 : check_range(m, res, true, d.Texture1DArray.MipSlice, 1, true,
                               d.Texture1DArray.FirstArraySlice, d.Texture1DArray.ArraySize, &vi,
                               msg, msg_size);
        break;
    case D3D11_UAV_DIMENSION_TEXTURE2D:
    case D3D11_UAV_DIMENSION_TEXTURE2DARRAY:
        if (res->dim != D3D11_RESOURCE_DIMENSION_TEXTURE2D)
            REFUSE("%s: ViewDimension %d does not fit %s", m, (int)d.ViewDimension,
                   resource_kind(res));
        hr = d.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE2D
                 ? check_range(m, res, true, d.Texture2D.MipSlice, 1, false, 0, 1, &vi, msg,
                               msg_size)
                 : check_range(m, res, true, d.Texture2DArray.MipSlice, 1, true,
                               d.Texture2DArray.FirstArraySlice, d.Texture2DArray.ArraySize, &vi,
                               msg, msg_size);
        break;
    case D3D11_UAV_DIMENSION_TEXTURE3D: {
        if (res->dim != D3D11_RESOURCE_DIMENSION_TEXTURE3D)
            REFUSE("%s: ViewDimension %d does not fit %s", m, (int)d.ViewDimension,
                   resource_kind(res));
        if (FAILED(hr = check_mip_slice(m, res, d.Texture3D.MipSlice, &vi, msg, msg_size)))
            return hr;
        UINT depth = core_mip_size(res->depth, d.Texture3D.MipSlice);
        UINT first = d.Texture3D.FirstWSlice, n = d.Texture3D.WSize;
        if (n == (UINT)-1 && first < depth)
            n = depth - first;
        if (first >= depth || !n || n > depth - first)
            REFUSE("%s: W slices from FirstWSlice %u (WSize %d) are not within the %u slices of "
                   "mip %u", m, first, (int)d.Texture3D.WSize, depth, d.Texture3D.MipSlice);
        d.Texture3D.WSize = n;
        vi.first_slice = first;
        vi.slice_count = n;
        break;
    }
    default:
        REFUSE("%s: ViewDimension %d is not a D3D11_UAV_DIMENSION of a texture view", m,
               (int)d.ViewDimension);
    }
    if (FAILED(hr))
        return hr;
    if (FAILED(hr = check_support(m, d.Format, D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW,
                                  "typed unordered-access views", level, msg, msg_size)))
        return hr;
    vi.resource = (struct d3d11_resource *)res;
    vi.format = d.Format;
    if (out)
        *out = d;
    if (info)
        *info = vi;
    return S_OK;
}
