/* src/d3d11/tiled.c — tiled resources, tier 2 (issues 7 and 11, seed 001), on the 11_1 device
 * (profile 11_1; 11_1-tiled is its old name).
 *
 * A device created at D3D_FEATURE_LEVEL_11_1 gets the ordinary device's vtable (device.c) with
 * the methods below in place: CreateBuffer / CreateTexture2D take tiled resources and tile pools
 * (anything else goes to the ordinary methods), CreateTexture3D refuses tiled volumes (tier 3),
 * GetResourceTiling, CheckFeatureSupport (tier 2), and the view methods for tiled objects
 * (tiled_views.c).
 *
 * Objects: a tile pool (ID3D11Buffer, MISC_TILE_POOL: ByteWidth a multiple of 64 KiB, zeroed
 * memory) and a tiled resource (ID3D11Buffer or ID3D11Texture2D, MISC_TILED: USAGE_DEFAULT, no
 * initial data, no CPU access; "Tiled resource creation parameters") with a page table
 * (core/tiles.h).  d3d11_resource_from_iface does not return them; their views carry a
 * d3d11_resource picture of them (`res`, `tiled_tr` set) that the context lends linear memory
 * per operation (tiled_lend.c).  The tile methods are tiled_context.c's.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11/d3d11_tiled.h"
#include "softd3d_com_stubs.h"
#include "util/log.h"

static void tbuf_destroy(struct d3d11_tiled_buffer *b)
{
    if (b->pool)
        ID3D11Buffer_Release(&b->pool->iface);
    free(b->mem.memory);
    free(b->tr.pages);
    free(b);
}

static void ttex_destroy(struct d3d11_tiled_texture *t)
{
    if (t->pool)
        ID3D11Buffer_Release(&t->pool->iface);
    free(t->tr.pages);
    free(t);
}

static const GUID *const tbuf_iids[] = { &IID_ID3D11Resource, &IID_ID3D11Buffer, NULL };
static const GUID *const ttex_iids[] = { &IID_ID3D11Resource, &IID_ID3D11Texture2D, NULL };
D3D11_CHILD_IMPLEMENT(tbuf, ID3D11Buffer, struct d3d11_tiled_buffer, tbuf_iids, tbuf_destroy)
D3D11_CHILD_IMPLEMENT(ttex, ID3D11Texture2D, struct d3d11_tiled_texture, ttex_iids, ttex_destroy)

static void STDMETHODCALLTYPE tbuf_GetType(ID3D11Buffer *iface, D3D11_RESOURCE_DIMENSION *d)
{
    (void)iface;
    *d = D3D11_RESOURCE_DIMENSION_BUFFER;
}
static void STDMETHODCALLTYPE ttex_GetType(ID3D11Texture2D *iface, D3D11_RESOURCE_DIMENSION *d)
{
    (void)iface;
    *d = D3D11_RESOURCE_DIMENSION_TEXTURE2D;
}
static void STDMETHODCALLTYPE tbuf_SetEvictionPriority(ID3D11Buffer *iface, UINT p)
{
    (void)iface;
    (void)p;
}
static UINT STDMETHODCALLTYPE tbuf_GetEvictionPriority(ID3D11Buffer *iface)
{
    (void)iface;
    return DXGI_RESOURCE_PRIORITY_NORMAL;
}
static void STDMETHODCALLTYPE ttex_SetEvictionPriority(ID3D11Texture2D *iface, UINT p)
{
    (void)iface;
    (void)p;
}
static UINT STDMETHODCALLTYPE ttex_GetEvictionPriority(ID3D11Texture2D *iface)
{
    (void)iface;
    return DXGI_RESOURCE_PRIORITY_NORMAL;
}
static void STDMETHODCALLTYPE tbuf_GetDesc(ID3D11Buffer *iface, D3D11_BUFFER_DESC *desc)
{
    if (desc)
        *desc = tbuf_impl(iface)->desc;
}
static void STDMETHODCALLTYPE ttex_GetDesc(ID3D11Texture2D *iface, D3D11_TEXTURE2D_DESC *desc)
{
    if (desc)
        *desc = ttex_impl(iface)->desc;
}

static ID3D11BufferVtbl tbuf_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(tbuf), .GetType = tbuf_GetType,
    .SetEvictionPriority = tbuf_SetEvictionPriority,
    .GetEvictionPriority = tbuf_GetEvictionPriority, .GetDesc = tbuf_GetDesc,
};
static ID3D11Texture2DVtbl ttex_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(ttex), .GetType = ttex_GetType,
    .SetEvictionPriority = ttex_SetEvictionPriority,
    .GetEvictionPriority = ttex_GetEvictionPriority, .GetDesc = ttex_GetDesc,
};

static struct d3d11_tiled_buffer *tbuf_from(ID3D11Resource *r)
{
    return r && ((ID3D11Buffer *)r)->lpVtbl == &tbuf_vtbl ? tbuf_impl((ID3D11Buffer *)r) : NULL;
}
static struct d3d11_tiled_texture *ttex_from(ID3D11Resource *r)
{
    return r && ((ID3D11Texture2D *)r)->lpVtbl == &ttex_vtbl ? ttex_impl((ID3D11Texture2D *)r)
                                                               : NULL;
}

bool d3d11_tiled_of(ID3D11Resource *r, struct d3d11_tiled_ref *v)
{
    struct d3d11_tiled_buffer *b = tbuf_from(r);
    struct d3d11_tiled_texture *t = ttex_from(r);
    if (b && (b->desc.MiscFlags & D3D11_RESOURCE_MISC_TILED)) {
        *v = (struct d3d11_tiled_ref){ &b->tr, &b->pool, b->child.device, NULL, b };
        return true;
    }
    if (t) {
        *v = (struct d3d11_tiled_ref){ &t->tr, &t->pool, t->child.device, t, NULL };
        return true;
    }
    return false;
}

struct d3d11_tiled_buffer *d3d11_tiled_pool_of(ID3D11Resource *r)
{
    struct d3d11_tiled_buffer *b = tbuf_from(r);
    return b && (b->desc.MiscFlags & D3D11_RESOURCE_MISC_TILE_POOL) ? b : NULL;
}

bool d3d11_tiled_is_object(ID3D11Resource *r)
{
    return tbuf_from(r) || ttex_from(r);
}

void d3d11_tiled_set_pool(struct d3d11_tiled_ref *v, struct d3d11_tiled_buffer *pool)
{
    if (*v->pool == pool)
        return;
    if (pool)
        ID3D11Buffer_AddRef(&pool->iface);
    if (*v->pool)
        ID3D11Buffer_Release(&(*v->pool)->iface);
    *v->pool = pool;
    v->tr->pool = pool ? &pool->mem : NULL;
}

static const ID3D11Device2Vtbl *tiled_base;   /* device.c's vtable (d3d11_tiled_device_vtbl) */

/* ---- creation ------------------------------------------------------------------------------ */

/* The rules every tiled resource shares (D3D11_RESOURCE_MISC_FLAG: TILED "cannot be used with
 * CPU access", tile pools and tiled resources are USAGE_DEFAULT; no initial data, since a new
 * tiled resource has every tile NULL). */
static HRESULT check_tiled_common(struct d3d11_device *dev, const char *method, D3D11_USAGE usage,
                                  UINT cpu, UINT misc, const void *init)
{
    if ((misc & D3D11_RESOURCE_MISC_TILED) && (misc & D3D11_RESOURCE_MISC_TILE_POOL)) {
        d3d11_msg(dev, "%s: D3D11_RESOURCE_MISC_TILED and D3D11_RESOURCE_MISC_TILE_POOL "
                       "exclude each other", method);
        return E_INVALIDARG;
    }
    if (usage != D3D11_USAGE_DEFAULT || cpu) {
        d3d11_msg(dev, "%s: tiled resources and tile pools must be D3D11_USAGE_DEFAULT without "
                       "CPU access (Usage %d, CPUAccessFlags 0x%x)", method, (int)usage, cpu);
        return E_INVALIDARG;
    }
    if (init && (misc & D3D11_RESOURCE_MISC_TILED)) {
        d3d11_msg(dev, "%s: a tiled resource takes no initial data (its tiles start NULL)",
                  method);
        return E_INVALIDARG;
    }
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE tiled_CreateBuffer(ID3D11Device2 *iface,
                                                    const D3D11_BUFFER_DESC *desc,
                                                    const D3D11_SUBRESOURCE_DATA *init,
                                                    ID3D11Buffer **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    struct d3d11_tiled_buffer *b;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (!desc) {
        d3d11_msg(dev, "CreateBuffer: pDesc is NULL");
        return E_INVALIDARG;
    }
    if (!(desc->MiscFlags & (D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_TILE_POOL))) {
        return tiled_base->CreateBuffer(iface, desc, init, out);   /* the ordinary buffers */
    }
    if (FAILED(hr = check_tiled_common(dev, "CreateBuffer", desc->Usage, desc->CPUAccessFlags,
                                       desc->MiscFlags, init)))
        return hr;
    {
        /* the ordinary rules too (bind flags, structured / raw flags and stride), as the views
         * of a tiled buffer are the ordinary views (tiled_views.c) */
        char msg[D3D11_RESOURCE_MSG_SIZE];
        if (FAILED(hr = d3d11_validate_buffer_desc(desc, NULL, dev->level, msg, sizeof(msg)))) {
            d3d11_msg(dev, "%s", msg);
            return hr;
        }
    }
    if (desc->ByteWidth == 0 ||
        ((desc->MiscFlags & D3D11_RESOURCE_MISC_TILE_POOL) && desc->ByteWidth % CORE_TILE_BYTES)) {
        d3d11_msg(dev, "CreateBuffer: ByteWidth %u of a tile pool must be a nonzero multiple of "
                       "65536 (64 KiB tiles)", desc->ByteWidth);
        return E_INVALIDARG;
    }
    /* "Tiled resource creation parameters": NOT supported: _CONSTANT_BUFFER, _VERTEX_BUFFER,
     * _INDEX_BUFFER, _STREAM_OUTPUT ("binding a tiled Buffer as an SRV/UAV/RTV is still ok") */
    if ((desc->MiscFlags & D3D11_RESOURCE_MISC_TILED) &&
        (desc->BindFlags & (D3D11_BIND_CONSTANT_BUFFER | D3D11_BIND_VERTEX_BUFFER |
                            D3D11_BIND_INDEX_BUFFER | D3D11_BIND_STREAM_OUTPUT))) {
        d3d11_msg(dev, "CreateBuffer: BindFlags 0x%x: a tiled buffer cannot be a constant, "
                       "vertex, index or stream-output buffer (only shader-resource, "
                       "render-target and unordered-access views)", desc->BindFlags);
        return E_INVALIDARG;
    }
    if ((desc->MiscFlags & D3D11_RESOURCE_MISC_TILE_POOL) && desc->BindFlags) {
        d3d11_msg(dev, "CreateBuffer: a tile pool takes no BindFlags (0x%x)", desc->BindFlags);
        return E_INVALIDARG;
    }
    if (!out)
        return S_FALSE;
    if (!(b = calloc(1, sizeof(*b))))
        return E_OUTOFMEMORY;
    b->iface.lpVtbl = &tbuf_vtbl;
    b->desc = *desc;
    if (desc->MiscFlags & D3D11_RESOURCE_MISC_TILE_POOL) {
        if ((b->mem.memory = calloc(1, desc->ByteWidth)))
            b->mem.bytes = b->mem.capacity = desc->ByteWidth;
    } else {
        core_tile_layout_compute(desc->ByteWidth, 0, 1, 1, 8, 1, 1, &b->tr.layout, NULL, 0);
        b->tr.width = desc->ByteWidth;
        b->tr.height = b->tr.block_w = b->tr.block_h = b->tr.block_bytes = 1;
        if ((b->tr.pages = malloc(sizeof(*b->tr.pages) * b->tr.layout.total_tiles)))
            for (uint32_t i = 0; i < b->tr.layout.total_tiles; i++)
                b->tr.pages[i] = CORE_TILE_NULL;
    }
    if (!b->mem.memory && !b->tr.pages) {
        free(b);
        d3d11_msg(dev, "CreateBuffer: out of memory");
        return E_OUTOFMEMORY;
    }
    if (b->tr.pages)   /* the ordinary pipeline's picture of a tiled buffer (its views) */
        b->res = (struct d3d11_resource){
            .iface = &b->iface, .child = &b->child, .device = dev,
            .dim = D3D11_RESOURCE_DIMENSION_BUFFER, .usage = desc->Usage,
            .bind_flags = desc->BindFlags, .misc_flags = desc->MiscFlags,
            .format = DXGI_FORMAT_UNKNOWN, .width = desc->ByteWidth, .height = 1, .depth = 1,
            .mip_levels = 1, .array_size = 1, .sample_count = 1,
            .structure_stride = desc->StructureByteStride, .tiled_tr = &b->tr,
        };
    d3d11_child_init(&b->child, dev);
    *out = &b->iface;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE tiled_CreateTexture2D(ID3D11Device2 *iface,
                                                       const D3D11_TEXTURE2D_DESC *desc,
                                                       const D3D11_SUBRESOURCE_DATA *init,
                                                       ID3D11Texture2D **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    struct d3d11_tiled_texture *t;
    const core_format_desc *fd;
    core_tile_layout layout;
    char why[200];
    UINT mips;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (!desc) {
        d3d11_msg(dev, "CreateTexture2D: pDesc is NULL");
        return E_INVALIDARG;
    }
    if (!(desc->MiscFlags & D3D11_RESOURCE_MISC_TILED))   /* the ordinary textures */
        return tiled_base->CreateTexture2D(iface, desc, init, out);
    if (FAILED(hr = check_tiled_common(dev, "CreateTexture2D", desc->Usage, desc->CPUAccessFlags,
                                       desc->MiscFlags, init)))
        return hr;
    /* "Tiled resource creation parameters": TextureCube[Array] is a variant of
     * Texture2D[Array] (its cube views are the ordinary ones, tiled_views.c); GENERATE_MIPS
     * and RESOURCE_CLAMP are allowed (tiled_draw.c's GenerateMips and SetResourceMinLOD) */
    if (desc->MiscFlags & ~(UINT)(D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_TEXTURECUBE |
                                  D3D11_RESOURCE_MISC_GENERATE_MIPS |
                                  D3D11_RESOURCE_MISC_RESOURCE_CLAMP)) {
        /* the page's NOT-supported list (SHARED..., GDI_COMPATIBLE, GUARDED, TILE_POOL) and
         * anything else */
        d3d11_msg(dev, "CreateTexture2D: MiscFlags 0x%x: a tiled texture takes only "
                       "D3D11_RESOURCE_MISC_TEXTURECUBE, _GENERATE_MIPS and _RESOURCE_CLAMP "
                       "besides _TILED (\"Tiled resource creation parameters\")",
                  desc->MiscFlags);
        return E_INVALIDARG;
    }
    if ((desc->MiscFlags & D3D11_RESOURCE_MISC_GENERATE_MIPS) &&
        (desc->BindFlags & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE)) !=
            (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE)) {
        /* D3D11_RESOURCE_MISC_FLAG: "The resource must be created with the bind flags that
         * specify that the resource is a render target and a shader resource" */
        d3d11_msg(dev, "CreateTexture2D: D3D11_RESOURCE_MISC_GENERATE_MIPS needs "
                       "D3D11_BIND_RENDER_TARGET and D3D11_BIND_SHADER_RESOURCE");
        return E_INVALIDARG;
    }
    if ((desc->MiscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE) &&
        (desc->ArraySize % 6 || desc->Width != desc->Height)) {
        d3d11_msg(dev, "CreateTexture2D: D3D11_RESOURCE_MISC_TEXTURECUBE needs square faces and "
                       "an ArraySize that is a multiple of 6 (%ux%u, ArraySize %u)", desc->Width,
                  desc->Height, desc->ArraySize);
        return E_INVALIDARG;
    }
    if (desc->Width == 0 || desc->Height == 0 || desc->ArraySize == 0 ||
        desc->Width > D3D11_REQ_TEXTURE2D_U_OR_V_DIMENSION ||
        desc->Height > D3D11_REQ_TEXTURE2D_U_OR_V_DIMENSION ||
        desc->ArraySize > D3D11_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION ||
        desc->SampleDesc.Count != 1 || desc->SampleDesc.Quality != 0) {
        /* Multisampled tiled textures: a count is valid only where
         * CheckMultisampleQualityLevels1(..., D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_
         * RESOURCE) reports quality levels, and this device reports 0 for every format
         * (format_support.c), so any count above 1 is an invalid description. */
        d3d11_msg(dev, "CreateTexture2D: %ux%u, ArraySize %u, %u sample(s) (quality %u): out of "
                       "the 11_1 limits (16384, 2048) or multisampled (no tiled MSAA: "
                       "CheckMultisampleQualityLevels1 with the TILED_RESOURCE flag reports 0 "
                       "levels)", desc->Width, desc->Height, desc->ArraySize,
                  desc->SampleDesc.Count, desc->SampleDesc.Quality);
        return E_INVALIDARG;
    }
    fd = core_format_get((core_format)desc->Format);
    if (!fd || fd->d3d9_only || fd->planar || fd->block_width != fd->block_height ||
        !core_tile_shape_2d(fd->block_bytes * 8u, &(UINT){ 0 }, &(UINT){ 0 })) {
        d3d11_msg(dev, "CreateTexture2D: Format %d has no standard tile shape implemented "
                       "(8- to 128-bit elements only)", (int)desc->Format);
        return E_INVALIDARG;
    }
    mips = desc->MipLevels;
    if (mips == 0) {
        UINT m = desc->Width > desc->Height ? desc->Width : desc->Height;
        for (mips = 1; m > 1; m >>= 1)
            mips++;
    }
    if (core_tile_layout_compute(desc->Width, desc->Height, mips, desc->ArraySize,
                                 fd->block_bytes * 8u, fd->block_width, fd->block_height,
                                 &layout, why, sizeof(why)) < 0) {
        d3d11_msg(dev, "CreateTexture2D: %s", why);
        return E_INVALIDARG;
    }
    if (!out)
        return S_FALSE;
    if (!(t = calloc(1, sizeof(*t))) ||
        !(t->tr.pages = malloc(sizeof(*t->tr.pages) * layout.total_tiles))) {
        free(t);
        d3d11_msg(dev, "CreateTexture2D: out of memory");
        return E_OUTOFMEMORY;
    }
    for (uint32_t i = 0; i < layout.total_tiles; i++)
        t->tr.pages[i] = CORE_TILE_NULL;
    t->iface.lpVtbl = &ttex_vtbl;
    t->desc = *desc;
    t->desc.MipLevels = mips;
    t->tr.layout = layout;
    t->tr.width = desc->Width;
    t->tr.height = desc->Height;
    t->tr.block_w = fd->block_width;
    t->tr.block_h = fd->block_height;
    t->tr.block_bytes = fd->block_bytes;
    /* the ordinary pipeline's picture of it (d3d11_resource.h `tiled`): no linear memory */
    t->res = (struct d3d11_resource){
        .iface = &t->iface, .child = &t->child, .device = dev,
        .dim = D3D11_RESOURCE_DIMENSION_TEXTURE2D, .usage = desc->Usage,
        .bind_flags = desc->BindFlags, .misc_flags = desc->MiscFlags, .format = desc->Format,
        .width = desc->Width, .height = desc->Height, .depth = 1, .mip_levels = mips,
        .array_size = desc->ArraySize, .sample_count = 1, .tiled = t, .tiled_tr = &t->tr,
    };
    d3d11_child_init(&t->child, dev);
    *out = &t->iface;
    return S_OK;
}

/* Texture3D tiled resources are tier 3 (D3D11_TILED_RESOURCES_TIER: "TIER_3 ... support for
 * Texture3D tiled resources"; the functional spec's tiled-resources chapter: volume tiled
 * resources need tier 3), and this device reports tier 2 (CheckFeatureSupport below), so the
 * description is invalid here: E_INVALIDARG, as for any resource the device's tier excludes. */
static HRESULT STDMETHODCALLTYPE tiled_CreateTexture3D(ID3D11Device2 *iface,
                                                       const D3D11_TEXTURE3D_DESC *desc,
                                                       const D3D11_SUBRESOURCE_DATA *init,
                                                       ID3D11Texture3D **out)
{
    if (desc && (desc->MiscFlags & D3D11_RESOURCE_MISC_TILED)) {
        if (out)
            *out = NULL;
        d3d11_msg(d3d11_device_from_iface(iface), "CreateTexture3D: Texture3D tiled resources "
                  "need D3D11_TILED_RESOURCES_TIER_3; this device reports tier 2");
        return E_INVALIDARG;
    }
    return tiled_base->CreateTexture3D(iface, desc, init, out);
}

/* ---- ID3D11Device2::GetResourceTiling -------------------------------------------------------- */

static void STDMETHODCALLTYPE tiled_GetResourceTiling(
    ID3D11Device2 *iface, ID3D11Resource *res, UINT *num_tiles, D3D11_PACKED_MIP_DESC *packed,
    D3D11_TILE_SHAPE *shape, UINT *num_sub, UINT first_sub, D3D11_SUBRESOURCE_TILING *subs)
{
    struct d3d11_tiled_ref v;
    const core_tile_layout *l;
    UINT count;

    if (!d3d11_tiled_of(res, &v)) {
        d3d11_msg(d3d11_device_from_iface(iface), "GetResourceTiling: not a tiled resource");
        if (num_tiles)
            *num_tiles = 0;
        if (num_sub)
            *num_sub = 0;
        return;
    }
    l = &v.tr->layout;
    if (num_tiles)
        *num_tiles = l->total_tiles;
    if (packed)
        *packed = (D3D11_PACKED_MIP_DESC){
            .NumStandardMips = (UINT8)l->standard_mips, .NumPackedMips = (UINT8)l->packed_mips,
            .NumTilesForPackedMips = l->packed_tiles,
            .StartTileIndexInOverallResource = l->packed_mips ? l->tiles_per_slice -
                                                                    l->packed_tiles : 0,
        };
    if (shape)
        *shape = (D3D11_TILE_SHAPE){ l->tile_w, l->tile_h, 1 };
    if (!num_sub)
        return;
    count = l->mips * l->array_size;
    for (UINT i = 0; i < *num_sub && subs; i++) {
        UINT s = first_sub + i;
        UINT mip = s % l->mips, slice = s / l->mips;
        if (s >= count)
            break;
        if (mip >= l->standard_mips)
            subs[i] = (D3D11_SUBRESOURCE_TILING){ 0, 0, 0, D3D11_PACKED_TILE };
        else
            subs[i] = (D3D11_SUBRESOURCE_TILING){
                l->mip_w_tiles[mip], (UINT16)l->mip_h_tiles[mip], 1,
                slice * l->tiles_per_slice + l->mip_start[mip] };
    }
    *num_sub = first_sub < count ? (count - first_sub < *num_sub ? count - first_sub : *num_sub)
                                 : 0;
}

void d3d11_tiled_fill_context_vtbl(ID3D11DeviceContext2Vtbl *v)
{
    d3d11_tiled_context_fill(v);   /* tiled_context.c */
}

/* ---- the 11_1 device vtable ------------------------------------------------------------------ */

HRESULT d3d11_level_unimplemented(struct d3d11_device *dev, const char *method)
{
    d3d11_msg(dev, "%s: not implemented for tiled resources at feature level %s", method,
              d3d11_level_name(dev->level));
    return E_NOTIMPL;
}

static HRESULT STDMETHODCALLTYPE tiled_CheckFeatureSupport(ID3D11Device2 *iface,
                                                           D3D11_FEATURE feature, void *data,
                                                           UINT size)
{
    HRESULT hr = tiled_base->CheckFeatureSupport(iface, feature, data, size);
    if (feature == D3D11_FEATURE_D3D11_OPTIONS1 && SUCCEEDED(hr)) {
        D3D11_FEATURE_DATA_D3D11_OPTIONS1 *d = data;
        d->TiledResourcesTier = D3D11_TILED_RESOURCES_TIER_2;   /* seed 001 */
        /* the MINIMUM_/MAXIMUM_ filters (state.c allows them at 11_1; sampler.h reductions) */
        d->MinMaxFiltering = TRUE;
    }
    return hr;
}

/* Views of tiled objects here (tiled_views.c); of any other resource, device.c's. */
static HRESULT STDMETHODCALLTYPE tiled_CreateShaderResourceView(
    ID3D11Device2 *iface, ID3D11Resource *res, const D3D11_SHADER_RESOURCE_VIEW_DESC *desc,
    ID3D11ShaderResourceView **out)
{
    if (!d3d11_tiled_is_object(res))
        return tiled_base->CreateShaderResourceView(iface, res, desc, out);
    return d3d11_tiled_create_srv(d3d11_device_from_iface(iface), res, desc, out);
}

static HRESULT STDMETHODCALLTYPE tiled_CreateRenderTargetView(
    ID3D11Device2 *iface, ID3D11Resource *res, const D3D11_RENDER_TARGET_VIEW_DESC *desc,
    ID3D11RenderTargetView **out)
{
    if (!d3d11_tiled_is_object(res))
        return tiled_base->CreateRenderTargetView(iface, res, desc, out);
    return d3d11_tiled_create_rtv(d3d11_device_from_iface(iface), res, desc, out);
}

static HRESULT STDMETHODCALLTYPE tiled_CreateDepthStencilView(
    ID3D11Device2 *iface, ID3D11Resource *res, const D3D11_DEPTH_STENCIL_VIEW_DESC *desc,
    ID3D11DepthStencilView **out)
{
    if (!d3d11_tiled_is_object(res))
        return tiled_base->CreateDepthStencilView(iface, res, desc, out);
    return d3d11_tiled_create_dsv(d3d11_device_from_iface(iface), res, desc, out);
}

static HRESULT STDMETHODCALLTYPE tiled_CreateUnorderedAccessView(
    ID3D11Device2 *iface, ID3D11Resource *res, const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc,
    ID3D11UnorderedAccessView **out)
{
    if (!d3d11_tiled_is_object(res))
        return tiled_base->CreateUnorderedAccessView(iface, res, desc, out);
    return d3d11_tiled_create_uav(d3d11_device_from_iface(iface), res, desc, out);
}

static ID3D11Device2Vtbl tiled_vtbl;
static pthread_once_t tiled_once = PTHREAD_ONCE_INIT;

/* Issues 11/15: the 11_1 device is the ordinary device (device.c's vtable, every method of
 * 10_0..11_0) with tiled resources added: tiled buffers, textures and pools, their views and
 * GetResourceTiling; everything else goes to the ordinary methods unchanged. */
static void tiled_vtbl_fill(void)
{
    tiled_vtbl = *tiled_base;
    tiled_vtbl.CreateBuffer = tiled_CreateBuffer;
    tiled_vtbl.CreateTexture2D = tiled_CreateTexture2D;
    tiled_vtbl.CreateTexture3D = tiled_CreateTexture3D;
    tiled_vtbl.CheckFeatureSupport = tiled_CheckFeatureSupport;
    tiled_vtbl.GetResourceTiling = tiled_GetResourceTiling;
    tiled_vtbl.CreateShaderResourceView = tiled_CreateShaderResourceView;
    tiled_vtbl.CreateRenderTargetView = tiled_CreateRenderTargetView;
    tiled_vtbl.CreateDepthStencilView = tiled_CreateDepthStencilView;
    tiled_vtbl.CreateUnorderedAccessView = tiled_CreateUnorderedAccessView;
}

ID3D11Device2Vtbl *d3d11_tiled_device_vtbl(const ID3D11Device2Vtbl *base)
{
    tiled_base = base;
    pthread_once(&tiled_once, tiled_vtbl_fill);
    return &tiled_vtbl;
}
