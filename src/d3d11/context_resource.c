/* src/d3d11/context_resource.c — the immediate context's memory operations on core_resource:
 * Map, Unmap, UpdateSubresource, CopyResource, CopySubresourceRegion, ClearRenderTargetView,
 * ClearDepthStencilView, GenerateMips; and the refusals of the 9_x-absent ones
 * (ResolveSubresource, CopyStructureCount, ClearUnorderedAccessView*).
 *
 * Every method validates first (a pure function: resources + arguments + feature level ->
 * HRESULT + one message line), then acts; a refused void method changes nothing and leaves its
 * message (printed under SOFTD3D_DEBUG=1 or the device's debug flag).  Everything happens before
 * the method returns: no work is ever in flight.
 *
 * Map (D3D11_MAP, D3D11_USAGE, ID3D11DeviceContext::Map):
 *  - DEFAULT and IMMUTABLE resources cannot be mapped; DYNAMIC ones with WRITE_DISCARD or
 *    WRITE_NO_OVERWRITE; STAGING ones with READ, WRITE or READ_WRITE, each needing the matching
 *    D3D11_CPU_ACCESS flags.  WRITE_NO_OVERWRITE is "only valid on vertex and index buffers",
 *    and at 11_1 also on dynamic constant buffers and shader-resource buffers (the 11.1 options
 *    MapNoOverwriteOnDynamicConstantBuffer / MapNoOverwriteOnDynamicBufferSRV, TRUE there:
 *    d3d11_map_no_overwrite_ok): at 9_x a buffer has exactly one of VB/IB/CB (seed 004), so it
 *    is a dynamic VB or IB.
 *  - Refused with E_INVALIDARG: an unknown map type, MapFlags other than DO_NOT_WAIT, a
 *    subresource index past the resource's, pMappedResource NULL (only 11.3's default-texture
 *    mapping allows it), and a subresource that is already mapped (decision: the debug layer's
 *    "already mapped" error; E_INVALIDARG as for every other invalid Map).
 *  - D3D11_MAP_FLAG_DO_NOT_WAIT: nothing is ever in flight, so DXGI_ERROR_WAS_STILL_DRAWING is
 *    never returned.
 *  - pData points into the resource itself; RowPitch / DepthPitch are the core layout's (tight
 *    rows of blocks; a buffer reports its ByteWidth for both).  WRITE_DISCARD keeps the memory
 *    and its contents (the documented "undefined" contents are simply the old ones, so every run
 *    is the same).  A mapped resource is held with a context reference until Unmap.
 *
 * UpdateSubresource: not into IMMUTABLE or DYNAMIC resources, depth-stencil or multisampled
 * resources (its remarks), nor a constant buffer with a box ("not possible ... to partially update
 * a shader-constant buffer"; the 11.1 partial update, ConstantBufferPartialUpdate, is
 * UpdateSubresource1's: context_copy1.c).  STAGING and DEFAULT destinations are accepted.  The box must lie inside the
 * subresource; an empty box is a no-op; pSrcData must not be NULL.  Source pitches are taken as
 * given (bytes between rows of blocks / slices).
 *
 * Copies (CopyResource / CopySubresourceRegion remarks): different (sub)resources of one type,
 * formats identical or of one typeless family (core_format_cast_compatible; 10.1's BC <->
 * integer reinterpretation does not exist at 9_x), not mapped, no IMMUTABLE destination;
 * CopyResource needs identical dimensions, mips and array size.  9_x (the same remarks):
 * D3D11_BIND_DEPTH_STENCIL resources only as a source; a depth-stencil or multisampled source is
 * copied whole (DstX/Y/Z 0, pSrcBox NULL) into a subresource of the same size and sample count.
 * 10Level9 context reference, both copies: "only Texture2D and buffers may be copied within
 * GPU-accessible memory"; "Texture3D cannot be copied from GPU-accessible memory to CPU-accessible
 * memory"; "any resource that has only D3D10_BIND_SHADER_RESOURCE cannot be copied from
 * GPU-accessible memory to CPU-accessible memory"; CopySubresourceRegion: "you can't copy
 * mipmapped volume textures".  GPU-accessible = DEFAULT, IMMUTABLE, DYNAMIC; CPU-accessible =
 * STAGING.  Box rules: inside the source; the destination region inside the destination (the
 * debug layer's error for what the runtime leaves undefined); for block formats (BC1-3) left/top
 * and DstX/DstY on block boundaries and right/bottom on a boundary or the mip's edge.
 *
 * Clears: ClearRenderTargetView converts the float colour to the view's format (src/sample's
 * texel_store: UNORM/SNORM clamp and round, sRGB encodes the linear colour, floats convert) and
 * writes every texel of the view — at 9_x only its first array slice ("only the first array slice
 * will be cleared", 10Level9 context reference).  ClearDepthStencilView: ClearFlags DEPTH and/or
 * STENCIL (other bits refused, 0 does nothing); Depth "will be clamped between 0 and 1" (NaN ->
 * 0); the stencil byte is left alone without D3D11_CLEAR_STENCIL, the depth bits without
 * D3D11_CLEAR_DEPTH.  Viewports and scissors do not apply.
 *
 * GenerateMips: only for a resource created with BIND_RENDER_TARGET, BIND_SHADER_RESOURCE and
 * MISC_GENERATE_MIPS (otherwise "no effect"), not for volume textures at 9_x, and only for view
 * formats whose support has D3D11_FORMAT_SUPPORT_MIP_AUTOGEN at the level (format_support.c: the
 * GenerateMips page's lists; others "silently fail").  Filter: each mip of the view after the most
 * detailed one is a 2x2 box filter of the one above it — the mean of texels (2x, 2y), (2x+1, 2y),
 * (2x, 2y+1), (2x+1, 2y+1), a coordinate past the edge clamped to it — computed on decoded floats
 * (linear values for sRGB formats: decode, average, re-encode), per array slice / cube face.
 */
#include "d3d11/d3d11_private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11/d3d11_context.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/format_support.h"
#include "pipeline/draw.h"
#include "pipeline/resolve.h"
#include "sample/texel.h"
#include "util/log.h"

#define MSG_SIZE D3D11_RESOURCE_MSG_SIZE
#define REF9 "(10Level9 context reference)"

static inline struct d3d11_context *impl(ID3D11DeviceContext2 *iface)
{
    return container_of(iface, struct d3d11_context, iface);
}

#define refuse(msg, ...) d3d11_res_refuse(E_INVALIDARG, msg, MSG_SIZE, __VA_ARGS__)

static const char *usage_name(D3D11_USAGE u)
{
    switch (u) {
    case D3D11_USAGE_DEFAULT: return "D3D11_USAGE_DEFAULT";
    case D3D11_USAGE_IMMUTABLE: return "D3D11_USAGE_IMMUTABLE";
    case D3D11_USAGE_DYNAMIC: return "D3D11_USAGE_DYNAMIC";
    case D3D11_USAGE_STAGING: return "D3D11_USAGE_STAGING";
    default: return "an unknown usage";
    }
}

/* A resource the application passed: one of this device's, or NULL with a message. */
static struct d3d11_resource *resource_of(struct d3d11_context *ctx, const char *method,
                                          const char *param, ID3D11Resource *iface, char *msg)
{
    struct d3d11_resource *res = d3d11_resource_from_iface(iface);
    if (!iface)
        refuse(msg, "%s: %s is NULL", method, param);
    else if (!res)
        refuse(msg, "%s: %s is not a softd3d resource", method, param);
    else if (res->device != ctx->device)
        refuse(msg, "%s: %s belongs to another device", method, param);
    else
        return res;
    return NULL;
}

static bool cpu_accessible(const struct d3d11_resource *r)
{
    return r->usage == D3D11_USAGE_STAGING;
}

/* ---- the mapped subresources ------------------------------------------------------------- */

bool d3d11_context_resource_is_mapped(const struct d3d11_context *ctx,
                                      const struct d3d11_resource *res, UINT subresource)
{
    const struct d3d11_context_extra *x = &ctx->extra;
    for (size_t i = 0; i < x->map_count; i++)
        if (x->maps[i].res == res &&
            (subresource == D3D11_ANY_SUBRESOURCE || x->maps[i].subresource == subresource))
            return true;
    return false;
}

void d3d11_context_resources_cleanup(struct d3d11_context *ctx)
{
    struct d3d11_context_extra *x = &ctx->extra;
    while (x->map_count)
        d3d11_resource_unbind(x->maps[--x->map_count].res);
    free(x->maps);
    x->maps = NULL;
    x->map_capacity = 0;
}

struct map_rule {
    const char *name;
    D3D11_USAGE usage;        /* the one usage that may use this type */
    UINT cpu_access;          /* D3D11_CPU_ACCESS flags it needs */
    bool vb_ib_only;          /* WRITE_NO_OVERWRITE */
};

static const struct map_rule map_rules[] = {
    [D3D11_MAP_READ] = { "D3D11_MAP_READ", D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ, false },
    [D3D11_MAP_WRITE] = { "D3D11_MAP_WRITE", D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_WRITE, false },
    [D3D11_MAP_READ_WRITE] = { "D3D11_MAP_READ_WRITE", D3D11_USAGE_STAGING,
                               D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE, false },
    [D3D11_MAP_WRITE_DISCARD] = { "D3D11_MAP_WRITE_DISCARD", D3D11_USAGE_DYNAMIC,
                                  D3D11_CPU_ACCESS_WRITE, false },
    [D3D11_MAP_WRITE_NO_OVERWRITE] = { "D3D11_MAP_WRITE_NO_OVERWRITE", D3D11_USAGE_DYNAMIC,
                                       D3D11_CPU_ACCESS_WRITE, true },
};

/* WRITE_NO_OVERWRITE: vertex and index buffers at every level; at 11_1 also dynamic constant
 * buffers and buffers with shader-resource views (D3D11_MAP: "Direct3D 11.1 ... can use
 * D3D11_MAP_WRITE_NO_OVERWRITE with dynamic constant buffers" / "dynamic buffers bound as shader
 * resources" when D3D11_OPTIONS' MapNoOverwriteOnDynamicConstantBuffer /
 * MapNoOverwriteOnDynamicBufferSRV say so: TRUE at 11_1, feature_support.c). */
bool d3d11_map_no_overwrite_ok(const struct d3d11_resource *res, D3D_FEATURE_LEVEL level)
{
    UINT ok = D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER;
    if (level >= D3D_FEATURE_LEVEL_11_1)
        ok |= D3D11_BIND_CONSTANT_BUFFER | D3D11_BIND_SHADER_RESOURCE;
    return res->dim == D3D11_RESOURCE_DIMENSION_BUFFER && (res->bind_flags & ok);
}

/* The pure part of Map. */
static HRESULT validate_map(const struct d3d11_resource *res, UINT sub, D3D11_MAP type,
                            UINT flags, bool mapped, bool have_out, char *msg)
{
    const struct map_rule *r;
    if ((UINT)type >= sizeof(map_rules) / sizeof(map_rules[0]) || !map_rules[type].name)
        return refuse(msg, "Map: MapType %u is not a D3D11_MAP value", (UINT)type);
    r = &map_rules[type];
    if (flags & ~(UINT)D3D11_MAP_FLAG_DO_NOT_WAIT)
        return refuse(msg, "Map: MapFlags 0x%x has bits other than D3D11_MAP_FLAG_DO_NOT_WAIT",
                      flags);
    if (!have_out)
        return refuse(msg, "Map: pMappedResource is NULL");
    if (sub >= res->core->subresource_count)
        return refuse(msg, "Map: Subresource %u is past the resource's %u subresources", sub,
                      res->core->subresource_count);
    if (res->usage == D3D11_USAGE_DEFAULT || res->usage == D3D11_USAGE_IMMUTABLE)
        return refuse(msg, "Map: a %s resource cannot be mapped (D3D11_USAGE)",
                      usage_name(res->usage));
    if (res->usage != r->usage)
        return refuse(msg, "Map: %s needs a %s resource; this one is %s", r->name,
                      usage_name(r->usage), usage_name(res->usage));
    if ((res->cpu_access_flags & r->cpu_access) != r->cpu_access)
        return refuse(msg, "Map: %s needs CPUAccessFlags 0x%x; the resource has 0x%x", r->name,
                      r->cpu_access, res->cpu_access_flags);
    if (r->vb_ib_only && !d3d11_map_no_overwrite_ok(res, res->device->level))
        return refuse(msg, "Map: %s is only valid on vertex and index buffers (D3D11_MAP)%s",
                      r->name, res->device->level >= D3D_FEATURE_LEVEL_11_1
                                   ? ", dynamic constant buffers and shader-resource buffers"
                                   : "");
    if (mapped)
        return refuse(msg, "Map: Subresource %u is already mapped (Unmap it first)", sub);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE ctx_Map(ID3D11DeviceContext2 *iface, ID3D11Resource *resource,
                                         UINT sub, D3D11_MAP type, UINT flags,
                                         D3D11_MAPPED_SUBRESOURCE *out)
{
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_context_extra *x = &ctx->extra;
    struct d3d11_resource *res;
    const core_subresource *s;
    char msg[MSG_SIZE];
    HRESULT hr;

    if (out)
        memset(out, 0, sizeof(*out));
    if (!(res = resource_of(ctx, "Map", "pResource", resource, msg))) {
        d3d11_msg(ctx->device, "%s", msg);
        return E_INVALIDARG;
    }
    hr = validate_map(res, sub, type, flags, d3d11_context_resource_is_mapped(ctx, res, sub),
                      out != NULL, msg);
    if (FAILED(hr)) {
        d3d11_msg(ctx->device, "%s", msg);
        return hr;
    }
    d3d11_context_flush_for(ctx, res);   /* (binning across draws: context_draw.c) */
    if (x->map_count == x->map_capacity) {
        size_t cap = x->map_capacity ? x->map_capacity * 2 : 8;
        struct d3d11_mapping *p = realloc(x->maps, cap * sizeof(*p));
        if (!p) {
            d3d11_msg(ctx->device, "Map: out of memory");
            return E_OUTOFMEMORY;
        }
        x->maps = p;
        x->map_capacity = cap;
    }
    d3d11_resource_bind(res);
    x->maps[x->map_count++] = (struct d3d11_mapping){ res, sub, type };
    s = &res->core->sub[sub];
    out->pData = core_resource_sub_data(res->core, sub);
    out->RowPitch = (UINT)s->row_pitch;
    out->DepthPitch = (UINT)s->depth_pitch;
    return S_OK;
}

static void STDMETHODCALLTYPE ctx_Unmap(ID3D11DeviceContext2 *iface, ID3D11Resource *resource,
                                        UINT sub)
{
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_context_extra *x = &ctx->extra;
    struct d3d11_resource *res = d3d11_resource_from_iface(resource);
    for (size_t i = 0; res && i < x->map_count; i++)
        if (x->maps[i].res == res && x->maps[i].subresource == sub) {
            x->maps[i] = x->maps[--x->map_count];
            d3d11_resource_unbind(res);
            return;
        }
    d3d11_msg(ctx->device, "Unmap: Subresource %u of pResource is not mapped", sub);
}

/* ---- regions ------------------------------------------------------------------------------ */

/* A region of one subresource, in texels (bytes for buffers). */
struct region {
    UINT x, y, z, w, h, d;
};

struct block_layout {
    UINT bw, bh, bytes;   /* block width, height (texels) and size (bytes); 1,1,1 for buffers */
};

static struct block_layout block_layout(const struct d3d11_resource *res)
{
    const core_format_desc *f = core_format_get(res->format);
    if (res->dim == D3D11_RESOURCE_DIMENSION_BUFFER || !f)
        return (struct block_layout){ 1, 1, 1 };
    return (struct block_layout){ f->block_width, f->block_height, f->block_bytes };
}

/* The box as a region of subresource `sub` (NULL: all of it).  S_FALSE: the box is empty (the
 * documented no-op). */
static HRESULT box_region(const char *method, const char *param, const struct d3d11_resource *res,
                          UINT sub, const D3D11_BOX *box, struct region *out, char *msg)
{
    const core_subresource *s = &res->core->sub[sub];
    struct block_layout b = block_layout(res);
    if (!box) {
        *out = (struct region){ 0, 0, 0, s->width, s->height, s->depth };
        return S_OK;
    }
    if (box->left >= box->right || box->top >= box->bottom || box->front >= box->back)
        return S_FALSE;
    if (box->right > s->width || box->bottom > s->height || box->back > s->depth)
        return refuse(msg, "%s: %s (%u,%u,%u)-(%u,%u,%u) is not inside the %ux%ux%u subresource "
                      "%u", method, param, box->left, box->top, box->front, box->right,
                      box->bottom, box->back, s->width, s->height, s->depth, sub);
    if (box->left % b.bw || box->top % b.bh ||
        (box->right % b.bw && box->right != s->width) ||
        (box->bottom % b.bh && box->bottom != s->height))
        return refuse(msg, "%s: %s (%u,%u)-(%u,%u) is not aligned to the format's %ux%u blocks",
                      method, param, box->left, box->top, box->right, box->bottom, b.bw, b.bh);
    *out = (struct region){ box->left, box->top, box->front, box->right - box->left,
                            box->bottom - box->top, box->back - box->front };
    return S_OK;
}

/* Copies a region between subresources of one block layout (memmove: src and dst may share a
 * resource, never a subresource). */
static void copy_region(struct d3d11_resource *dst, UINT dsub, UINT dx, UINT dy, UINT dz,
                        const struct d3d11_resource *src, UINT ssub, const struct region *r)
{
    struct block_layout b = block_layout(src);
    const core_subresource *ss = &src->core->sub[ssub], *ds = &dst->core->sub[dsub];
    size_t row_bytes = (size_t)((r->w + b.bw - 1) / b.bw) * b.bytes;
    UINT rows = (r->h + b.bh - 1) / b.bh;
    const unsigned char *sp = core_resource_sub_data(src->core, ssub);
    unsigned char *dp = core_resource_sub_data(dst->core, dsub);
    for (UINT z = 0; z < r->d; z++)
        for (UINT y = 0; y < rows; y++)
            memmove(dp + (size_t)(dz + z) * ds->depth_pitch + (size_t)(dy / b.bh + y) * ds->row_pitch +
                        (size_t)(dx / b.bw) * b.bytes,
                    sp + (size_t)(r->z + z) * ss->depth_pitch +
                        (size_t)(r->y / b.bh + y) * ss->row_pitch + (size_t)(r->x / b.bw) * b.bytes,
                    row_bytes);
}

/* ---- UpdateSubresource ------------------------------------------------------------------- */

static HRESULT validate_update(const struct d3d11_resource *res, UINT sub, const D3D11_BOX *box,
                               const void *data, struct region *r, char *msg)
{
    static const char m[] = "UpdateSubresource";
    if (sub >= res->core->subresource_count)
        return refuse(msg, "%s: DstSubresource %u is past the resource's %u subresources", m, sub,
                      res->core->subresource_count);
    if (res->usage == D3D11_USAGE_IMMUTABLE || res->usage == D3D11_USAGE_DYNAMIC)
        return refuse(msg, "%s: the destination is %s (only DEFAULT and STAGING resources can "
                      "be updated)", m, usage_name(res->usage));
    if (res->bind_flags & D3D11_BIND_DEPTH_STENCIL)
        return refuse(msg, "%s: the destination is a depth-stencil resource", m);
    if (res->sample_count > 1)
        return refuse(msg, "%s: the destination is multisampled", m);
    if (box && (res->bind_flags & D3D11_BIND_CONSTANT_BUFFER))
        return refuse(msg, "%s: pDstBox must be NULL for a constant buffer (partial "
                      "updates are UpdateSubresource1's: ConstantBufferPartialUpdate)", m);
    if (!data)
        return refuse(msg, "%s: pSrcData is NULL", m);
    return box_region(m, "pDstBox", res, sub, box, r, msg);
}

static void STDMETHODCALLTYPE ctx_UpdateSubresource(ID3D11DeviceContext2 *iface,
                                                    ID3D11Resource *resource, UINT sub,
                                                    const D3D11_BOX *box, const void *data,
                                                    UINT row_pitch, UINT depth_pitch)
{
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_resource *res;
    struct block_layout b;
    const core_subresource *s;
    struct region r;
    char msg[MSG_SIZE];
    HRESULT hr;

    if (d3d11_context_predicated(ctx))   /* SetPredication: not performed */
        return;
    if (!(res = resource_of(ctx, "UpdateSubresource", "pDstResource", resource, msg))) {
        d3d11_msg(ctx->device, "%s", msg);
        return;
    }
    if ((hr = validate_update(res, sub, box, data, &r, msg)) != S_OK) {
        if (FAILED(hr))
            d3d11_msg(ctx->device, "%s", msg);
        return;   /* S_FALSE: an empty box */
    }
    d3d11_context_flush_for(ctx, res);   /* (binning across draws: context_draw.c) */
    b = block_layout(res);
    s = &res->core->sub[sub];
    {
        size_t row_bytes = (size_t)((r.w + b.bw - 1) / b.bw) * b.bytes;
        UINT rows = (r.h + b.bh - 1) / b.bh;
        unsigned char *dp = core_resource_sub_data(res->core, sub);
        const unsigned char *sp = data;
        for (UINT z = 0; z < r.d; z++)
            for (UINT y = 0; y < rows; y++)
                memcpy(dp + (size_t)(r.z + z) * s->depth_pitch +
                           (size_t)(r.y / b.bh + y) * s->row_pitch + (size_t)(r.x / b.bw) * b.bytes,
                       sp + (size_t)z * depth_pitch + (size_t)y * row_pitch, row_bytes);
    }
}

/* ---- copies ------------------------------------------------------------------------------- */

/* Rules both copies share: types, formats, usage, bind flags, the 10Level9 rows.  `whole`:
 * CopyResource (the subresource-region rules are checked by the caller). */
static HRESULT validate_copy_pair(const char *m, D3D_FEATURE_LEVEL level,
                                  const struct d3d11_resource *dst,
                                  const struct d3d11_resource *src, char *msg)
{
    bool gpu_to_gpu = !cpu_accessible(src) && !cpu_accessible(dst);
    bool gpu_to_cpu = !cpu_accessible(src) && cpu_accessible(dst);
    if (dst->dim != src->dim)
        return refuse(msg, "%s: the resources are of different types (dimensions %u and %u)", m,
                      (UINT)dst->dim, (UINT)src->dim);
    if (dst->dim != D3D11_RESOURCE_DIMENSION_BUFFER &&
        !core_format_cast_compatible(dst->format, src->format))
        return refuse(msg, "%s: DXGI_FORMAT_%s and DXGI_FORMAT_%s are not of one type group", m,
                      d3d11_format_name(dst->format), d3d11_format_name(src->format));
    if (dst->usage == D3D11_USAGE_IMMUTABLE)
        return refuse(msg, "%s: an IMMUTABLE resource cannot be a destination", m);
    if (level < D3D_FEATURE_LEVEL_10_1 && (dst->bind_flags & D3D11_BIND_DEPTH_STENCIL))
        return refuse(msg, "%s: at feature level %s a D3D11_BIND_DEPTH_STENCIL resource can only "
                      "be a source", m, d3d11_level_name(level));
    if (dst->sample_count != src->sample_count || dst->sample_quality != src->sample_quality)
        return refuse(msg, "%s: sample counts differ (%u and %u)", m, dst->sample_count,
                      src->sample_count);
    if (level < D3D_FEATURE_LEVEL_10_0) {
        if (gpu_to_gpu && dst->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D)
            return refuse(msg, "%s: only Texture2D and buffers may be copied within "
                          "GPU-accessible memory at feature level %s " REF9, m,
                          d3d11_level_name(level));
        if (gpu_to_cpu && src->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D)
            return refuse(msg, "%s: a Texture3D cannot be copied from GPU-accessible memory to "
                          "a STAGING resource at feature level %s " REF9, m,
                          d3d11_level_name(level));
        if (gpu_to_cpu && src->bind_flags == D3D11_BIND_SHADER_RESOURCE)
            return refuse(msg, "%s: a resource with only D3D11_BIND_SHADER_RESOURCE cannot be "
                          "copied from GPU-accessible memory to a STAGING resource at feature "
                          "level %s " REF9, m, d3d11_level_name(level));
    }
    return S_OK;
}

static HRESULT validate_copy_resource(const struct d3d11_context *ctx,
                                      const struct d3d11_resource *dst,
                                      const struct d3d11_resource *src, char *msg)
{
    static const char m[] = "CopyResource";
    HRESULT hr;
    if (dst == src)
        return refuse(msg, "%s: source and destination are the same resource", m);
    if (FAILED(hr = validate_copy_pair(m, ctx->device->level, dst, src, msg)))
        return hr;
    if (dst->width != src->width || dst->height != src->height || dst->depth != src->depth ||
        dst->mip_levels != src->mip_levels || dst->array_size != src->array_size)
        return refuse(msg, "%s: the dimensions differ (%ux%ux%u, %u mips, %u slices and "
                      "%ux%ux%u, %u mips, %u slices)", m, dst->width, dst->height, dst->depth,
                      dst->mip_levels, dst->array_size, src->width, src->height, src->depth,
                      src->mip_levels, src->array_size);
    if (d3d11_context_resource_is_mapped(ctx, dst, D3D11_ANY_SUBRESOURCE) ||
        d3d11_context_resource_is_mapped(ctx, src, D3D11_ANY_SUBRESOURCE))
        return refuse(msg, "%s: a resource is mapped", m);
    return S_OK;
}

static void STDMETHODCALLTYPE ctx_CopyResource(ID3D11DeviceContext2 *iface, ID3D11Resource *dst_iface,
                                               ID3D11Resource *src_iface)
{
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    struct d3d11_resource *dst, *src = NULL;
    char msg[MSG_SIZE];
    if (d3d11_context_predicated(ctx))   /* SetPredication: not performed */
        return;
    if (!(dst = resource_of(ctx, "CopyResource", "pDstResource", dst_iface, msg)) ||
        !(src = resource_of(ctx, "CopyResource", "pSrcResource", src_iface, msg)) ||
        FAILED(validate_copy_resource(ctx, dst, src, msg))) {
        d3d11_msg(ctx->device, "%s", msg);
        return;
    }
    /* Same dimensions and block size: the same core layout. */
    memcpy(dst->core->data, src->core->data, src->core->size);
}

static HRESULT validate_copy_region(const struct d3d11_context *ctx,
                                    const struct d3d11_resource *dst, UINT dsub, UINT dx, UINT dy,
                                    UINT dz, const struct d3d11_resource *src, UINT ssub,
                                    const D3D11_BOX *box, struct region *r, char *msg)
{
    static const char m[] = "CopySubresourceRegion";
    D3D_FEATURE_LEVEL level = ctx->device->level;
    const core_subresource *ds, *ss;
    struct block_layout b;
    HRESULT hr;

    if (dsub >= dst->core->subresource_count)
        return refuse(msg, "%s: DstSubresource %u is past the destination's %u subresources", m,
                      dsub, dst->core->subresource_count);
    if (ssub >= src->core->subresource_count)
        return refuse(msg, "%s: SrcSubresource %u is past the source's %u subresources", m, ssub,
                      src->core->subresource_count);
    if (dst == src && dsub == ssub)
        return refuse(msg, "%s: source and destination are the same subresource", m);
    if (FAILED(hr = validate_copy_pair(m, level, dst, src, msg)))
        return hr;
    if (level < D3D_FEATURE_LEVEL_10_0 &&
        ((dst->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D && dst->mip_levels > 1) ||
         (src->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D && src->mip_levels > 1)))
        return refuse(msg, "%s: mipmapped volume textures cannot be copied at feature level %s "
                      REF9, m, d3d11_level_name(level));
    if (d3d11_context_resource_is_mapped(ctx, dst, dsub) ||
        d3d11_context_resource_is_mapped(ctx, src, ssub))
        return refuse(msg, "%s: a subresource is mapped", m);
    if (dst->dim != D3D11_RESOURCE_DIMENSION_TEXTURE3D && dz)
        return refuse(msg, "%s: DstZ %u must be 0 for a buffer or 2D subresource", m, dz);
    if (dst->dim == D3D11_RESOURCE_DIMENSION_BUFFER && dy)
        return refuse(msg, "%s: DstY %u must be 0 for a buffer", m, dy);
    ds = &dst->core->sub[dsub];
    ss = &src->core->sub[ssub];
    if ((src->bind_flags & D3D11_BIND_DEPTH_STENCIL) || src->sample_count > 1) {
        /* "you must copy the whole subresource" */
        if (dx || dy || dz || box)
            return refuse(msg, "%s: a depth-stencil or multisampled subresource is copied whole "
                          "(DstX/DstY/DstZ 0, pSrcBox NULL)", m);
        if (ds->width != ss->width || ds->height != ss->height || ds->depth != ss->depth)
            return refuse(msg, "%s: the whole %ux%u source subresource does not match the %ux%u "
                          "destination", m, ss->width, ss->height, ds->width, ds->height);
    }
    if ((hr = box_region(m, "pSrcBox", src, ssub, box, r, msg)) != S_OK)
        return hr;   /* S_FALSE: an empty box */
    b = block_layout(dst);
    if (dx % b.bw || dy % b.bh)
        return refuse(msg, "%s: DstX %u / DstY %u is not aligned to the format's %ux%u blocks", m,
                      dx, dy, b.bw, b.bh);
    if ((uint64_t)dx + r->w > ds->width || (uint64_t)dy + r->h > ds->height ||
        (uint64_t)dz + r->d > ds->depth)
        return refuse(msg, "%s: the %ux%ux%u region at (%u,%u,%u) does not fit the %ux%ux%u "
                      "destination subresource %u", m, r->w, r->h, r->d, dx, dy, dz, ds->width,
                      ds->height, ds->depth, dsub);
    return S_OK;
}

static void STDMETHODCALLTYPE ctx_CopySubresourceRegion(ID3D11DeviceContext2 *iface,
                                                        ID3D11Resource *dst_iface, UINT dsub,
                                                        UINT dx, UINT dy, UINT dz,
                                                        ID3D11Resource *src_iface, UINT ssub,
                                                        const D3D11_BOX *box)
{
    static const char m[] = "CopySubresourceRegion";
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    struct d3d11_resource *dst, *src = NULL;
    struct region r;
    char msg[MSG_SIZE];
    HRESULT hr;
    if (d3d11_context_predicated(ctx))   /* SetPredication: not performed */
        return;
    if (!(dst = resource_of(ctx, m, "pDstResource", dst_iface, msg)) ||
        !(src = resource_of(ctx, m, "pSrcResource", src_iface, msg))) {
        d3d11_msg(ctx->device, "%s", msg);
        return;
    }
    if ((hr = validate_copy_region(ctx, dst, dsub, dx, dy, dz, src, ssub, box, &r, msg)) != S_OK) {
        if (FAILED(hr))
            d3d11_msg(ctx->device, "%s", msg);
        return;   /* S_FALSE: an empty box, the documented no-op */
    }
    copy_region(dst, dsub, dx, dy, dz, src, ssub, &r);
}

/* ---- clears ------------------------------------------------------------------------------- */

/* Fills texels [0, w) x [0, h) of one 2D slice with the block `block` (one block of the format,
 * every texel already the fill value): draw_fill_rows (pipeline/fill.c), rows of blocks in
 * bands on the renderer's workers. */
static void fill_slice(struct d3d11_context *ctx, unsigned char *data, size_t row_pitch,
                       const struct block_layout *b, UINT w, UINT h, const unsigned char *block)
{
    UINT bx = (w + b->bw - 1) / b->bw, by = (h + b->bh - 1) / b->bh;
    if (!bx || !by)
        return;
    size_t row = (size_t)bx * b->bytes;
    draw_fill_rows(row * by > DRAW_FILL_BAND_BYTES ? d3d11_context_renderer(ctx) : NULL, data,
                   row_pitch, row, by, block, NULL, b->bytes);
}

/* Rows a clear of subresource s writes: its height, times the sample count of a multisampled
 * texture, whose sample planes follow each other depth_pitch = row_pitch * rows apart
 * (core/resource.h) -- one surface of height * samples rows, every sample cleared ("clears
 * every sample", the multisampled resources page). */
static UINT clear_rows(const struct d3d11_resource *res, const core_subresource *s)
{
    return res->sample_count > 1 ? s->height * res->sample_count : s->height;
}

static void STDMETHODCALLTYPE ctx_ClearRenderTargetView(ID3D11DeviceContext2 *iface,
                                                        ID3D11RenderTargetView *view,
                                                        const FLOAT color[4])
{
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    const struct d3d11_view_info *v = d3d11_rtv_info(view, NULL);
    const struct texel_format *tf;
    struct d3d11_resource *res;
    struct block_layout b;
    unsigned char block[16];
    UINT slices;

    if (d3d11_context_predicated(ctx))   /* SetPredication: not performed */
        return;
    if (!v || v->resource->device != ctx->device) {
        d3d11_msg(ctx->device, "ClearRenderTargetView: pRenderTargetView is %s",
                  !view ? "NULL" : !v ? "not a softd3d render-target view"
                                      : "of another device");
        return;
    }
    if (!color) {
        d3d11_msg(ctx->device, "ClearRenderTargetView: ColorRGBA is NULL");
        return;
    }
    if (!(tf = texel_format_get(v->format)) || !tf->store || tf->block_bytes > sizeof(block)) {
        d3d11_msg(ctx->device, "ClearRenderTargetView: DXGI_FORMAT_%s cannot be encoded",
                  d3d11_format_name(v->format));
        return;
    }
    res = v->resource;
    b = block_layout(res);
    if (res->dim == D3D11_RESOURCE_DIMENSION_BUFFER)   /* elements of the view's format */
        b = (struct block_layout){ 1, 1, tf->block_bytes };
    memset(block, 0, sizeof(block));
    for (UINT y = 0; y < b.bh; y++)
        for (UINT x = 0; x < b.bw; x++) {
            if (tf->integer) {
                uint32_t u[4];
                for (int c = 0; c < 4; c++)   /* integer formats: the value, truncated */
                    u[c] = isfinite(color[c]) ? (uint32_t)(int64_t)color[c] : 0;
                texel_store_int(tf, u, block, x, y);
            } else {
                texel_store(tf, color, block, x, y);
            }
        }
    if (res->dim == D3D11_RESOURCE_DIMENSION_BUFFER) {   /* a buffer view: one row */
        fill_slice(ctx, res->core->data + (size_t)v->first_element * b.bytes,
                   (size_t)v->element_count * b.bytes, &b, v->element_count, 1, block);
        return;
    }
    if (res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D) {
        /* a 3D view (10_0+): its depth slices FirstWSlice .. of the one mip */
        const core_subresource *s = &res->core->sub[v->first_mip];
        for (UINT z = v->first_slice; z < v->first_slice + v->slice_count && z < s->depth; z++)
            fill_slice(ctx, core_resource_sub_data(res->core, v->first_mip) +
                            (size_t)z * s->depth_pitch,
                       s->row_pitch, &b, s->width, clear_rows(res, s), block);
        return;
    }
    /* 10Level9 context reference: at 9_x "only the first array slice will be cleared". */
    slices = ctx->device->level < D3D_FEATURE_LEVEL_10_0 ? 1 : v->slice_count;
    for (UINT i = 0; i < slices; i++) {
        UINT sub = v->first_mip + (v->first_slice + i) * res->mip_levels;
        const core_subresource *s = &res->core->sub[sub];
        for (UINT z = 0; z < s->depth; z++)
            fill_slice(ctx, core_resource_sub_data(res->core, sub) + (size_t)z * s->depth_pitch,
                       s->row_pitch, &b, s->width, clear_rows(res, s), block);
    }
}

/* The depth-stencil formats: where depth and stencil live in one texel. */
struct ds_layout {
    DXGI_FORMAT format;
    UINT bytes;           /* per texel */
    UINT depth_bits;      /* UNORM depth in the low bits; 0 for a float depth */
    int stencil_byte;     /* byte offset of the 8-bit stencil, -1 for none */
};

static const struct ds_layout ds_layouts[] = {
    { DXGI_FORMAT_D16_UNORM, 2, 16, -1 },
    { DXGI_FORMAT_D24_UNORM_S8_UINT, 4, 24, 3 },
    { DXGI_FORMAT_D32_FLOAT, 4, 0, -1 },
    { DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 8, 0, 4 },
};

static void STDMETHODCALLTYPE ctx_ClearDepthStencilView(ID3D11DeviceContext2 *iface,
                                                        ID3D11DepthStencilView *view, UINT flags,
                                                        FLOAT depth, UINT8 stencil)
{
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    const struct d3d11_view_info *v = d3d11_dsv_info(view, NULL);
    const struct ds_layout *l = NULL;
    struct d3d11_resource *res;
    bool do_depth = flags & D3D11_CLEAR_DEPTH, do_stencil = flags & D3D11_CLEAR_STENCIL;

    if (d3d11_context_predicated(ctx))   /* SetPredication: not performed */
        return;
    if (!v || v->resource->device != ctx->device) {
        d3d11_msg(ctx->device, "ClearDepthStencilView: pDepthStencilView is %s",
                  !view ? "NULL" : !v ? "not a softd3d depth-stencil view"
                                      : "of another device");
        return;
    }
    if (flags & ~(UINT)(D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL)) {
        d3d11_msg(ctx->device, "ClearDepthStencilView: ClearFlags 0x%x has bits other than "
                  "D3D11_CLEAR_DEPTH and D3D11_CLEAR_STENCIL", flags);
        return;
    }
    for (size_t i = 0; i < sizeof(ds_layouts) / sizeof(ds_layouts[0]); i++)
        if (ds_layouts[i].format == v->format)
            l = &ds_layouts[i];
    if (!l) {
        d3d11_msg(ctx->device, "ClearDepthStencilView: DXGI_FORMAT_%s is not a depth-stencil "
                  "format softd3d clears", d3d11_format_name(v->format));
        return;
    }
    /* "This value will be clamped between 0 and 1" (NaN -> 0). */
    depth = depth >= 0.0f ? (depth <= 1.0f ? depth : 1.0f) : 0.0f;
    do_stencil = do_stencil && l->stencil_byte >= 0;
    if (!do_depth && !do_stencil)
        return;
    res = v->resource;
    /* Whole texels (depth and stencil, or a format without stencil, and no unused bits): one
     * fill, as for colour. */
    if (do_depth && (do_stencil || l->stencil_byte < 0) && l->bytes <= 4) {
        unsigned char block[4] = { 0 };
        uint32_t d = l->depth_bits ? texel_float_to_unorm(depth, l->depth_bits) : 0;
        if (l->depth_bits == 16) {
            block[0] = (unsigned char)d;
            block[1] = (unsigned char)(d >> 8);
        } else if (l->depth_bits == 24) {
            block[0] = (unsigned char)d;
            block[1] = (unsigned char)(d >> 8);
            block[2] = (unsigned char)(d >> 16);
        } else {
            memcpy(block, &depth, 4);
        }
        if (do_stencil)
            block[l->stencil_byte] = stencil;
        struct block_layout b = { 1, 1, l->bytes };
        for (UINT i = 0; i < v->slice_count; i++) {
            UINT sub = v->first_mip + (v->first_slice + i) * res->mip_levels;
            const core_subresource *s = &res->core->sub[sub];
            fill_slice(ctx, core_resource_sub_data(res->core, sub), s->row_pitch, &b, s->width,
                       clear_rows(res, s), block);
        }
        return;
    }
    /* One part of each texel (depth alone, or stencil alone, or both of a texel with unused
     * bytes): the texel's value and the mask of the bytes written, filled row by row on the
     * workers (draw_fill_rows keeps the other bytes). */
    unsigned char value[8] = { 0 }, mask[8] = { 0 };
    if (do_depth) {
        uint32_t d = l->depth_bits ? texel_float_to_unorm(depth, l->depth_bits) : 0;
        unsigned depth_bytes = l->depth_bits == 16 ? 2 : l->depth_bits == 24 ? 3 : 4;
        if (l->depth_bits == 16 || l->depth_bits == 24) {
            for (unsigned k = 0; k < depth_bytes; k++)
                value[k] = (unsigned char)(d >> (8 * k));
        } else {
            memcpy(value, &depth, 4);
        }
        memset(mask, 0xff, depth_bytes);
    }
    if (do_stencil) {
        value[l->stencil_byte] = stencil;
        mask[l->stencil_byte] = 0xff;
    }
    for (UINT i = 0; i < v->slice_count; i++) {
        UINT sub = v->first_mip + (v->first_slice + i) * res->mip_levels;
        const core_subresource *s = &res->core->sub[sub];
        size_t row = (size_t)s->width * l->bytes;
        UINT rows = clear_rows(res, s);
        draw_fill_rows(row * rows > DRAW_FILL_BAND_BYTES ? d3d11_context_renderer(ctx) : NULL,
                       core_resource_sub_data(res->core, sub), s->row_pitch, row, rows,
                       value, mask, l->bytes);
    }
}

/* ---- GenerateMips ------------------------------------------------------------------------- */

static void box_filter(const struct texel_format *tf, const struct block_layout *b,
                       const unsigned char *src, const core_subresource *ss, unsigned char *dst,
                       const core_subresource *ds)
{
    for (UINT y = 0; y < ds->height; y++)
        for (UINT x = 0; x < ds->width; x++) {
            UINT x0 = 2 * x < ss->width ? 2 * x : ss->width - 1;
            UINT y0 = 2 * y < ss->height ? 2 * y : ss->height - 1;
            UINT x1 = x0 + 1 < ss->width ? x0 + 1 : x0, y1 = y0 + 1 < ss->height ? y0 + 1 : y0;
            float t[4][4], out[4];
            texel_load(tf, src, ss->row_pitch, x0, y0, t[0]);
            texel_load(tf, src, ss->row_pitch, x1, y0, t[1]);
            texel_load(tf, src, ss->row_pitch, x0, y1, t[2]);
            texel_load(tf, src, ss->row_pitch, x1, y1, t[3]);
            for (int c = 0; c < 4; c++)
                out[c] = (t[0][c] + t[1][c] + t[2][c] + t[3][c]) * 0.25f;
            texel_store(tf, out,
                        dst + (size_t)(y / b->bh) * ds->row_pitch + (size_t)(x / b->bw) * b->bytes,
                        x % b->bw, y % b->bh);
        }
}

static void STDMETHODCALLTYPE ctx_GenerateMips(ID3D11DeviceContext2 *iface,
                                               ID3D11ShaderResourceView *view)
{
    static const UINT needed = D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE;
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    const struct d3d11_view_info *v = d3d11_srv_info(view, NULL);
    D3D_FEATURE_LEVEL level = ctx->device->level;
    const struct texel_format *tf;
    struct d3d11_resource *res;
    struct block_layout b;

    if (d3d11_context_predicated(ctx))   /* SetPredication: not performed */
        return;
    if (!v || v->resource->device != ctx->device) {
        d3d11_msg(ctx->device, "GenerateMips: pShaderResourceView is %s",
                  !view ? "NULL" : !v ? "not a softd3d shader-resource view"
                                      : "of another device");
        return;
    }
    res = v->resource;
    if ((res->bind_flags & needed) != needed ||
        !(res->misc_flags & D3D11_RESOURCE_MISC_GENERATE_MIPS)) {
        d3d11_msg(ctx->device, "GenerateMips: no effect: the resource was not created with "
                  "D3D11_BIND_RENDER_TARGET, D3D11_BIND_SHADER_RESOURCE and "
                  "D3D11_RESOURCE_MISC_GENERATE_MIPS");
        return;
    }
    if (res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D && level < D3D_FEATURE_LEVEL_10_0) {
        d3d11_msg(ctx->device, "GenerateMips: feature level %s cannot generate the mipmaps of "
                  "volume textures (GenerateMips)", d3d11_level_name(level));
        return;
    }
    if (!(d3d11_format_support_bits(level, v->format) & D3D11_FORMAT_SUPPORT_MIP_AUTOGEN) ||
        !(tf = texel_format_get(v->format)) || !tf->store) {
        d3d11_msg(ctx->device, "GenerateMips: DXGI_FORMAT_%s has no mipmap generation at feature "
                  "level %s (D3D11_FORMAT_SUPPORT_MIP_AUTOGEN)", d3d11_format_name(v->format),
                  d3d11_level_name(level));
        return;
    }
    b = block_layout(res);
    for (UINT i = 0; i < v->slice_count; i++)
        for (UINT mip = v->first_mip + 1; mip < v->first_mip + v->mip_count; mip++) {
            UINT dsub = mip + (v->first_slice + i) * res->mip_levels;
            box_filter(tf, &b, core_resource_sub_data(res->core, dsub - 1),
                       &res->core->sub[dsub - 1], core_resource_sub_data(res->core, dsub),
                       &res->core->sub[dsub]);
        }
}

/* ---- what 9_x lacks ------------------------------------------------------------------------ */

/* The ResolveSubresource page's rules: a multisampled source and a single-sampled
 * D3D11_USAGE_DEFAULT destination, both Texture2D, subresources that exist and have the same
 * size, and a Format with D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE that is each resource's
 * format or, for a typeless resource, a member of its family. */
static bool resolve_check(const struct d3d11_device *dev, const struct d3d11_resource *dst,
                          UINT dsub, const struct d3d11_resource *src, UINT ssub,
                          DXGI_FORMAT format, char *msg)
{
    const char *m = "ResolveSubresource";
    const core_format_desc *fd = core_format_get((core_format)format);
    if (src->sample_count < 2)
        return refuse(msg, "%s: pSrcResource has %u sample(s); the source must be multisampled",
                      m, src->sample_count), false;
    if (dst->sample_count != 1 || dst->usage != D3D11_USAGE_DEFAULT)
        return refuse(msg, "%s: pDstResource must be single-sampled D3D11_USAGE_DEFAULT (has %u "
                      "samples, %s)", m, dst->sample_count, usage_name(dst->usage)), false;
    if (dst->dim != D3D11_RESOURCE_DIMENSION_TEXTURE2D)
        return refuse(msg, "%s: pDstResource is not a Texture2D", m), false;
    if (ssub >= src->core->subresource_count || dsub >= dst->core->subresource_count)
        return refuse(msg, "%s: SrcSubresource %u / DstSubresource %u out of range (%u / %u "
                      "subresources)", m, ssub, dsub, src->core->subresource_count,
                      dst->core->subresource_count), false;
    const core_subresource *s = &src->core->sub[ssub], *d = &dst->core->sub[dsub];
    if (s->width != d->width || s->height != d->height)
        return refuse(msg, "%s: the subresources differ in size (%ux%u and %ux%u)", m, s->width,
                      s->height, d->width, d->height), false;
    const struct d3d11_resource *r[2] = { src, dst };
    for (int i = 0; i < 2; i++) {
        const core_format_desc *rd = core_format_get((core_format)r[i]->format);
        bool typeless = rd && rd->typeless_family == (core_format)r[i]->format;
        if (!fd || (r[i]->format != format &&
                    !(typeless && core_format_cast_compatible((core_format)r[i]->format,
                                                              (core_format)format))))
            return refuse(msg, "%s: Format DXGI_FORMAT_%s does not fit %s's DXGI_FORMAT_%s", m,
                          d3d11_format_name(format), i ? "pDstResource" : "pSrcResource",
                          d3d11_format_name(r[i]->format)), false;
    }
    if (!(d3d11_device_format_support(dev, format) & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE))
        return refuse(msg, "%s: DXGI_FORMAT_%s has no D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE at "
                      "feature level %s", m, d3d11_format_name(format),
                      d3d11_level_name(dev->level)), false;
    return true;
}

static void STDMETHODCALLTYPE ctx_ResolveSubresource(ID3D11DeviceContext2 *iface,
                                                     ID3D11Resource *dst_iface, UINT dsub,
                                                     ID3D11Resource *src_iface, UINT ssub,
                                                     DXGI_FORMAT format)
{
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    struct d3d11_resource *src, *dst;
    char msg[MSG_SIZE];
    if (d3d11_context_predicated(ctx))   /* SetPredication: not performed */
        return;
    if (!(dst = resource_of(ctx, "ResolveSubresource", "pDstResource", dst_iface, msg)) ||
        !(src = resource_of(ctx, "ResolveSubresource", "pSrcResource", src_iface, msg)) ||
        !resolve_check(ctx->device, dst, dsub, src, ssub, format, msg)) {
        d3d11_msg(ctx->device, "%s", msg);
        return;
    }
    const core_subresource *s = &src->core->sub[ssub], *d = &dst->core->sub[dsub];
    struct resolve_surface rs = { core_resource_sub_data(src->core, ssub), s->row_pitch,
                                  s->depth_pitch, src->sample_count };
    struct resolve_surface rd = { core_resource_sub_data(dst->core, dsub), d->row_pitch,
                                  d->depth_pitch, 1 };
    resolve_average((core_format)format, &rs, &rd, d->width, d->height);
}

static void STDMETHODCALLTYPE ctx_CopyStructureCount(ID3D11DeviceContext2 *iface,
                                                     ID3D11Buffer *dst, UINT offset,
                                                     ID3D11UnorderedAccessView *src)
{
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    (void)dst, (void)offset, (void)src;
    d3d11_msg(ctx->device, "CopyStructureCount: not supported at feature level %s " REF9,
              d3d11_level_name(ctx->device->level));
}

static void STDMETHODCALLTYPE ctx_ClearUnorderedAccessViewUint(ID3D11DeviceContext2 *iface,
                                                               ID3D11UnorderedAccessView *view,
                                                               const UINT values[4])
{
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    (void)view, (void)values;
    d3d11_msg(ctx->device, "ClearUnorderedAccessViewUint: not supported at feature level %s "
              REF9, d3d11_level_name(ctx->device->level));
}

static void STDMETHODCALLTYPE ctx_ClearUnorderedAccessViewFloat(ID3D11DeviceContext2 *iface,
                                                                ID3D11UnorderedAccessView *view,
                                                                const FLOAT values[4])
{
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    (void)view, (void)values;
    d3d11_msg(ctx->device, "ClearUnorderedAccessViewFloat: not supported at feature level %s "
              REF9, d3d11_level_name(ctx->device->level));
}

/* ---- SetResourceMinLOD / GetResourceMinLOD ------------------------------------------------
 * The SetResourceMinLOD page: the resource must have been created with
 * D3D11_RESOURCE_MISC_RESOURCE_CLAMP; MinLOD ranges from 0 to the resource's MipLevels; every
 * later access honours it (sampling clamps its LOD to it, ld and the empty set read 0:
 * sampler.h texture_view.min_lod).  A refused call (a buffer, no RESOURCE_CLAMP, MinLOD NaN or
 * outside the range) changes nothing and says why.  Deferred contexts would have to record the
 * call into their command list, which they do not yet: refused there with a message. */
static void STDMETHODCALLTYPE ctx_SetResourceMinLOD(ID3D11DeviceContext2 *iface,
                                                    ID3D11Resource *resource, FLOAT min_lod)
{
    struct d3d11_context *ctx = impl(iface);
    const char *m = "SetResourceMinLOD";
    char msg[MSG_SIZE];
    struct d3d11_resource *res = resource_of(ctx, m, "pResource", resource, msg);
    if (!res) {
        d3d11_msg(ctx->device, "%s", msg);
        return;
    }
    if (ctx != &ctx->device->context) {
        softd3d_log_unimplemented("ID3D11DeviceContext::SetResourceMinLOD on a deferred context");
        return;
    }
    if (res->dim == D3D11_RESOURCE_DIMENSION_BUFFER)
        refuse(msg, "%s: a buffer has no mip levels", m);
    else if (!(res->misc_flags & D3D11_RESOURCE_MISC_RESOURCE_CLAMP))
        refuse(msg, "%s: the resource was not created with D3D11_RESOURCE_MISC_RESOURCE_CLAMP", m);
    else if (!(min_lod >= 0.0f && min_lod <= (float)res->mip_levels))
        refuse(msg, "%s: MinLOD %g is outside 0..%u (the resource's MipLevels)", m,
               (double)min_lod, res->mip_levels);
    else {
        res->min_lod = min_lod;
        return;
    }
    d3d11_msg(ctx->device, "%s", msg);
}

static FLOAT STDMETHODCALLTYPE ctx_GetResourceMinLOD(ID3D11DeviceContext2 *iface,
                                                     ID3D11Resource *resource)
{
    struct d3d11_context *ctx = impl(iface);
    char msg[MSG_SIZE];
    struct d3d11_resource *res = resource_of(ctx, "GetResourceMinLOD", "pResource", resource, msg);
    if (!res) {
        d3d11_msg(ctx->device, "%s", msg);
        return 0.0f;
    }
    return res->min_lod;
}

void d3d11_context_resource_fill_vtbl(ID3D11DeviceContext2Vtbl *v)
{
    v->SetResourceMinLOD = ctx_SetResourceMinLOD;
    v->GetResourceMinLOD = ctx_GetResourceMinLOD;
    v->Map = ctx_Map;
    v->Unmap = ctx_Unmap;
    v->UpdateSubresource = ctx_UpdateSubresource;
    v->CopyResource = ctx_CopyResource;
    v->CopySubresourceRegion = ctx_CopySubresourceRegion;
    v->ClearRenderTargetView = ctx_ClearRenderTargetView;
    v->ClearDepthStencilView = ctx_ClearDepthStencilView;
    v->GenerateMips = ctx_GenerateMips;
    v->ResolveSubresource = ctx_ResolveSubresource;
    v->CopyStructureCount = ctx_CopyStructureCount;
    v->ClearUnorderedAccessViewUint = ctx_ClearUnorderedAccessViewUint;
    v->ClearUnorderedAccessViewFloat = ctx_ClearUnorderedAccessViewFloat;
}
