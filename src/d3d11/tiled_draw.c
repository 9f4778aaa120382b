/* src/d3d11/tiled_draw.c — the immediate context at feature level 11_1 (issues 7, 11, 15): the
 * ordinary context (context*.c: every binding, state, draw and query of 10_0..11_0) with
 * tiled resources in its pipeline.
 *
 * Shader-resource views of tiled textures made by tiled_views.c carry `tiled_view` and are
 * sampled through the page table in every stage (sample/texel_tiled.h: NULL tiles read 0, the
 * `_s` forms return the residency status that CheckAccessFullyMapped reads).  Every other view
 * of a tiled resource (render targets, depth-stencil, unordered access, buffer and cube
 * shader-resource views) points at a resource without linear memory (d3d11_resource.h
 * `tiled_tr`), so each draw, dispatch, clear and GenerateMips here lends the resources of the
 * views it uses a linear copy for that one operation (tiled_lend.c: read through the page
 * table, NULL tiles 0; what the operation changed written back, writes to NULL tiles dropped,
 * seed 001 "Unmapped tiles").  ClearRenderTargetView of a tiled_views.c render-target view
 * writes the mapped tiles directly.
 *
 * The copies cost a read and a write of what the views select per operation: correct, not
 * fast (README).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11/d3d11_context.h"
#include "d3d11/d3d11_tiled.h"
#include "d3d11/d3d11_resource.h"
#include "sample/texel.h"
#include "util/log.h"

static ID3D11DeviceContext2Vtbl ctx11_vtbl;
static const ID3D11DeviceContext2Vtbl *base;

static struct d3d11_context *impl(ID3D11DeviceContext2 *iface)
{
    return container_of(iface, struct d3d11_context, iface);
}

/* ---- views of tiled resources through a linear copy (tiled_lend.c) ------------------------- */

static void add_srvs(struct d3d11_tiled_lend *l, const struct d3d11_shader_stage_state *st)
{
    for (unsigned i = 0; i < D3D11_CTX_SRV_SLOTS; i++)
        d3d11_tiled_lend_add(l, st->srvs[i].info, false);
}

/* What a draw uses: the render targets, the depth-stencil view, the pixel stage's UAVs
 * (written) and the shader-resource views of every graphics stage (read). */
static void add_draw_views(struct d3d11_context *ctx, struct d3d11_tiled_lend *l)
{
    const struct d3d11_context_state *s = &ctx->state;
    for (unsigned i = 0; i < D3D11_CTX_RT_SLOTS; i++)
        d3d11_tiled_lend_add(l, s->rtvs[i].info, true);
    d3d11_tiled_lend_add(l, s->dsv.info, true);
    for (unsigned i = 0; i < D3D11_CTX_UAV_SLOTS; i++)
        d3d11_tiled_lend_add(l, s->om_uavs[i].info, true);
    add_srvs(l, &s->vs);
    add_srvs(l, &s->hs);
    add_srvs(l, &s->ds);
    add_srvs(l, &s->gs);
    add_srvs(l, &s->ps);
}

static void add_dispatch_views(struct d3d11_context *ctx, struct d3d11_tiled_lend *l)
{
    for (unsigned i = 0; i < D3D11_CTX_UAV_SLOTS; i++)
        d3d11_tiled_lend_add(l, ctx->state.cs_uavs[i].info, true);
    add_srvs(l, &ctx->state.cs);
}

/* Every operation below: lend, the ordinary operation, its pixels finished (a draw may wait
 * in the scene, context_draw.c), then what it wrote back through the page table.  ADD fills
 * the lend `l` for the context `ctx`. */
#define LENT_BODY(ADD, Method, args)                                                          \
    {                                                                                         \
        struct d3d11_context *ctx = impl(iface);                                              \
        struct d3d11_tiled_lend l;                                                            \
        bool ok;                                                                              \
        d3d11_tiled_lend_init(&l);                                                            \
        ADD;                                                                                  \
        if (!l.any) {                                                                         \
            base->Method args;                                                                \
            return;                                                                           \
        }                                                                                     \
        d3d11_context_flush_draws(ctx);                                                       \
        if ((ok = d3d11_tiled_lend_take(&l, ctx->device, #Method))) {                         \
            base->Method args;                                                                \
            d3d11_context_flush_draws(ctx);                                                   \
        }                                                                                     \
        d3d11_tiled_lend_return(&l, ok);                                                      \
    }
#define LENT_OP(Name, add, params, args)                                                      \
    static void STDMETHODCALLTYPE c11_##Name params LENT_BODY(add(ctx, &l), Name, args)

LENT_OP(Draw, add_draw_views, (ID3D11DeviceContext2 *iface, UINT a, UINT b), (iface, a, b))
LENT_OP(DrawIndexed, add_draw_views, (ID3D11DeviceContext2 *iface, UINT a, UINT b, INT c),
        (iface, a, b, c))
LENT_OP(DrawInstanced, add_draw_views,
        (ID3D11DeviceContext2 *iface, UINT a, UINT b, UINT c, UINT d), (iface, a, b, c, d))
LENT_OP(DrawIndexedInstanced, add_draw_views,
        (ID3D11DeviceContext2 *iface, UINT a, UINT b, UINT c, INT d, UINT e),
        (iface, a, b, c, d, e))
LENT_OP(DrawAuto, add_draw_views, (ID3D11DeviceContext2 *iface), (iface))
LENT_OP(DrawInstancedIndirect, add_draw_views,
        (ID3D11DeviceContext2 *iface, ID3D11Buffer *b, UINT o), (iface, b, o))
LENT_OP(DrawIndexedInstancedIndirect, add_draw_views,
        (ID3D11DeviceContext2 *iface, ID3D11Buffer *b, UINT o), (iface, b, o))
LENT_OP(Dispatch, add_dispatch_views, (ID3D11DeviceContext2 *iface, UINT x, UINT y, UINT z),
        (iface, x, y, z))
LENT_OP(DispatchIndirect, add_dispatch_views,
        (ID3D11DeviceContext2 *iface, ID3D11Buffer *b, UINT o), (iface, b, o))

/* DispatchIndirect with a tiled argument buffer (D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS with
 * MISC_TILED, "Tiled resource creation parameters"): the three UINTs read through the page
 * table (NULL tiles read 0, so a NULL-mapped argument dispatches nothing: "If any of
 * ThreadGroupCountX, Y, Z is 0, no dispatch occurs"), then Dispatch with them.  Other argument
 * buffers: the ordinary method (context_compute.c). */
static void STDMETHODCALLTYPE c11_DispatchIndirectTiled(ID3D11DeviceContext2 *iface,
                                                        ID3D11Buffer *args, UINT offset)
{
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_tiled_ref r;
    uint8_t bytes[12];
    UINT groups[3];
    if (!d3d11_tiled_of((ID3D11Resource *)args, &r) || !r.buf) {
        c11_DispatchIndirect(iface, args, offset);
        return;
    }
    if (r.dev != ctx->device) {
        d3d11_msg(ctx->device, "DispatchIndirect: pBufferForArgs is not a buffer of this device");
        return;
    }
    if (!(r.buf->desc.MiscFlags & D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS)) {
        d3d11_msg(ctx->device, "DispatchIndirect: pBufferForArgs was not created with "
                  "D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS (MiscFlags 0x%x)", r.buf->desc.MiscFlags);
        return;
    }
    if (offset % 4 || offset > r.buf->desc.ByteWidth ||
        r.buf->desc.ByteWidth - offset < sizeof(groups)) {
        d3d11_msg(ctx->device, "DispatchIndirect: AlignedByteOffsetForArgs %u is not a multiple "
                  "of 4 or leaves no room for the three UINTs in the buffer's %u bytes", offset,
                  r.buf->desc.ByteWidth);
        return;
    }
    for (unsigned i = 0; i < sizeof(bytes); i++) {
        const uint8_t *p = core_tiled_element(&r.buf->tr, 0, 0, offset + i, 0);
        bytes[i] = p ? *p : 0;
    }
    memcpy(groups, bytes, sizeof(groups));
    c11_Dispatch(iface, groups[0], groups[1], groups[2]);
}

/* CopyStructureCount into a tiled buffer: the ordinary checks (context_compute.c), the UINT
 * written through the page table (dropped on a NULL tile).  Other destinations: the ordinary
 * method (a counter of a view of a tiled buffer is the view's, as for any view). */
static void STDMETHODCALLTYPE c11_CopyStructureCount(ID3D11DeviceContext2 *iface,
                                                     ID3D11Buffer *dst, UINT offset,
                                                     ID3D11UnorderedAccessView *view)
{
    static const char method[] = "CopyStructureCount";
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_tiled_ref r;
    struct d3d11_uav_info *u;
    uint32_t count;
    if (!d3d11_tiled_of((ID3D11Resource *)dst, &r) || !r.buf) {
        base->CopyStructureCount(iface, dst, offset, view);
        return;
    }
    d3d11_context_flush_draws(ctx);
    if (d3d11_context_predicated(ctx))
        return;
    if (!(u = d3d11_uav_info(view)) || u->view.resource->device != ctx->device) {
        d3d11_msg(ctx->device, "%s: pSrcView is not an unordered-access view of this device",
                  method);
        return;
    }
    if (!u->has_counter) {
        d3d11_msg(ctx->device, "%s: pSrcView was not created with D3D11_BUFFER_UAV_FLAG_APPEND "
                  "or D3D11_BUFFER_UAV_FLAG_COUNTER: it has no hidden counter", method);
        return;
    }
    if (r.dev != ctx->device) {
        d3d11_msg(ctx->device, "%s: pDstBuffer is not a buffer of this device", method);
        return;
    }
    if (offset % 4 || offset > r.buf->desc.ByteWidth || r.buf->desc.ByteWidth - offset < 4) {
        d3d11_msg(ctx->device, "%s: DstAlignedByteOffset %u is not a multiple of 4 or leaves no "
                  "room for a UINT in the buffer's %u bytes", method, offset,
                  r.buf->desc.ByteWidth);
        return;
    }
    count = __atomic_load_n(&u->counter, __ATOMIC_RELAXED);
    for (unsigned i = 0; i < 4; i++) {
        uint8_t *p = core_tiled_element(&r.buf->tr, 0, 0, offset + i, 0);
        if (p)   /* writes to NULL tiles are dropped */
            *p = (uint8_t)(count >> (8 * i));
    }
}

/* The clears of one view: the ordinary clear into the view's lent copy, whose changed
 * elements go back (NULL tiles drop them). */
static void add_one(struct d3d11_tiled_lend *l, const struct d3d11_view_info *v)
{
    d3d11_tiled_lend_add(l, v, true);
}
#define LENT_CLEAR(Name, Method, info_of, params, args)                                       \
    static void STDMETHODCALLTYPE c11_##Name params                                           \
        LENT_BODY(add_one(&l, info_of), Method, args)

static const struct d3d11_view_info *uav_view(ID3D11UnorderedAccessView *v)
{
    struct d3d11_uav_info *u = d3d11_uav_info(v);
    return u ? &u->view : NULL;
}

LENT_CLEAR(ClearDepthStencilView, ClearDepthStencilView, d3d11_dsv_info(view, NULL),
           (ID3D11DeviceContext2 *iface, ID3D11DepthStencilView *view, UINT f, FLOAT d,
            UINT8 s), (iface, view, f, d, s))
LENT_CLEAR(ClearUnorderedAccessViewUint, ClearUnorderedAccessViewUint, uav_view(view),
           (ID3D11DeviceContext2 *iface, ID3D11UnorderedAccessView *view, const UINT v[4]),
           (iface, view, v))
LENT_CLEAR(ClearUnorderedAccessViewFloat, ClearUnorderedAccessViewFloat, uav_view(view),
           (ID3D11DeviceContext2 *iface, ID3D11UnorderedAccessView *view, const FLOAT v[4]),
           (iface, view, v))
LENT_CLEAR(ClearOrdinaryRenderTargetView, ClearRenderTargetView, d3d11_rtv_info(view, NULL),
           (ID3D11DeviceContext2 *iface, ID3D11RenderTargetView *view, const FLOAT c[4]),
           (iface, view, c))

/* ClearView (context_clear_view.c) of a render-target or unordered-access view of a tiled
 * resource: into the view's lent copy, its changed elements written back. */
static void (STDMETHODCALLTYPE *base_ClearView)(ID3D11DeviceContext2 *, ID3D11View *,
                                                const FLOAT[4], const D3D11_RECT *, UINT);
static void STDMETHODCALLTYPE c11_ClearView(ID3D11DeviceContext2 *iface, ID3D11View *view,
                                            const FLOAT color[4], const D3D11_RECT *rects,
                                            UINT count)
{
    struct d3d11_context *ctx = impl(iface);
    const struct d3d11_view_info *v = d3d11_rtv_info((ID3D11RenderTargetView *)view, NULL);
    struct d3d11_tiled_lend l;
    bool ok;
    if (!v)
        v = uav_view((ID3D11UnorderedAccessView *)view);
    d3d11_tiled_lend_init(&l);
    d3d11_tiled_lend_add(&l, v, true);
    if (!l.any) {
        base_ClearView(iface, view, color, rects, count);
        return;
    }
    d3d11_context_flush_draws(ctx);
    if ((ok = d3d11_tiled_lend_take(&l, ctx->device, "ClearView")))
        base_ClearView(iface, view, color, rects, count);
    d3d11_tiled_lend_return(&l, ok);
}

/* SetResourceMinLOD / GetResourceMinLOD of a tiled texture: the ordinary rules
 * (context_resource.c: D3D11_RESOURCE_MISC_RESOURCE_CLAMP, MinLOD within 0..MipLevels, not on
 * a deferred context), kept in the texture's pipeline picture, which every view of it reads
 * (context_draw.c translate_view; the page-table views too). */
static void STDMETHODCALLTYPE c11_SetResourceMinLOD(ID3D11DeviceContext2 *iface,
                                                    ID3D11Resource *resource, FLOAT min_lod)
{
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_tiled_ref r;
    if (!d3d11_tiled_of(resource, &r)) {
        base->SetResourceMinLOD(iface, resource, min_lod);
        return;
    }
    if (ctx != &ctx->device->context) {
        softd3d_log_unimplemented("ID3D11DeviceContext::SetResourceMinLOD on a deferred context");
        return;
    }
    if (r.dev != ctx->device)
        d3d11_msg(ctx->device, "SetResourceMinLOD: pResource belongs to another device");
    else if (!r.tex)
        d3d11_msg(ctx->device, "SetResourceMinLOD: a buffer has no mip levels");
    else if (!(r.tex->desc.MiscFlags & D3D11_RESOURCE_MISC_RESOURCE_CLAMP))
        d3d11_msg(ctx->device, "SetResourceMinLOD: the resource was not created with "
                               "D3D11_RESOURCE_MISC_RESOURCE_CLAMP");
    else if (!(min_lod >= 0.0f && min_lod <= (float)r.tex->desc.MipLevels))
        d3d11_msg(ctx->device, "SetResourceMinLOD: MinLOD %g is outside 0..%u (the resource's "
                               "MipLevels)", (double)min_lod, r.tex->desc.MipLevels);
    else
        r.tex->res.min_lod = min_lod;
}

static FLOAT STDMETHODCALLTYPE c11_GetResourceMinLOD(ID3D11DeviceContext2 *iface,
                                                     ID3D11Resource *resource)
{
    struct d3d11_tiled_ref r;
    if (!d3d11_tiled_of(resource, &r))
        return base->GetResourceMinLOD(iface, resource);
    return r.tex ? r.tex->res.min_lod : 0.0f;
}

/* GenerateMips of a view of a tiled texture (D3D11_RESOURCE_MISC_GENERATE_MIPS with
 * MISC_TILED, "Tiled resource creation parameters"): the ordinary box filter over the view's
 * mips in a lent copy; the view is lent as a writable one (its page-table texture view is not
 * what the filter reads). */
static void STDMETHODCALLTYPE c11_GenerateMips(ID3D11DeviceContext2 *iface,
                                               ID3D11ShaderResourceView *view)
{
    struct d3d11_context *ctx = impl(iface);
    const struct d3d11_view_info *v = d3d11_srv_info(view, NULL);
    struct d3d11_view_info whole;
    struct d3d11_tiled_lend l;
    bool ok;
    if (!v || !v->resource || !v->resource->tiled_tr) {
        base->GenerateMips(iface, view);
        return;
    }
    whole = *v;
    whole.tiled_view = NULL;
    d3d11_tiled_lend_init(&l);
    d3d11_tiled_lend_add(&l, &whole, true);
    d3d11_context_flush_draws(ctx);
    if ((ok = d3d11_tiled_lend_take(&l, ctx->device, "GenerateMips"))) {
        base->GenerateMips(iface, view);
        d3d11_context_flush_draws(ctx);
    }
    d3d11_tiled_lend_return(&l, ok);
}

static void STDMETHODCALLTYPE c11_ClearRenderTargetView(ID3D11DeviceContext2 *iface,
                                                        ID3D11RenderTargetView *view,
                                                        const FLOAT color[4])
{
    struct d3d11_tiled_rtv *r = d3d11_tiled_rtv_of(view);
    const struct texel_format *f;
    uint8_t elem[16] = { 0 };
    if (!r) {
        /* an ordinary view: of an ordinary resource, or an array view of a tiled one */
        c11_ClearOrdinaryRenderTargetView(iface, view, color);
        return;
    }
    if (!color) {
        d3d11_msg(impl(iface)->device, "ClearRenderTargetView: ColorRGBA is NULL");
        return;
    }
    f = texel_format_get((core_format)r->desc.Format);
    texel_store(f, color, elem, 0, 0);
    /* every element on a mapped tile takes the colour; NULL tiles drop the writes */
    const core_tiled *tr = &r->tex->tr;
    uint32_t mip = r->desc.Texture2D.MipSlice;
    uint32_t ew = (core_tiled_mip_width(tr, mip) + tr->block_w - 1) / tr->block_w;
    uint32_t eh = (core_tiled_mip_height(tr, mip) + tr->block_h - 1) / tr->block_h;
    for (uint32_t y = 0; y < eh; y++)
        for (uint32_t x = 0; x < ew; x++) {
            uint8_t *p = core_tiled_element(tr, mip, 0, x, y);
            if (p)
                memcpy(p, elem, tr->block_bytes);
        }
}

static void fill(void)
{
    ctx11_vtbl = *base;
    ctx11_vtbl.ClearRenderTargetView = c11_ClearRenderTargetView;
    ctx11_vtbl.Draw = c11_Draw;
    ctx11_vtbl.DrawIndexed = c11_DrawIndexed;
    ctx11_vtbl.DrawInstanced = c11_DrawInstanced;
    ctx11_vtbl.DrawIndexedInstanced = c11_DrawIndexedInstanced;
    ctx11_vtbl.DrawAuto = c11_DrawAuto;
    ctx11_vtbl.DrawInstancedIndirect = c11_DrawInstancedIndirect;
    ctx11_vtbl.DrawIndexedInstancedIndirect = c11_DrawIndexedInstancedIndirect;
    ctx11_vtbl.Dispatch = c11_Dispatch;
    ctx11_vtbl.GenerateMips = c11_GenerateMips;
    ctx11_vtbl.CopyStructureCount = c11_CopyStructureCount;
    ctx11_vtbl.SetResourceMinLOD = c11_SetResourceMinLOD;
    ctx11_vtbl.GetResourceMinLOD = c11_GetResourceMinLOD;
    ctx11_vtbl.DispatchIndirect = c11_DispatchIndirectTiled;
    ctx11_vtbl.ClearDepthStencilView = c11_ClearDepthStencilView;
    ctx11_vtbl.ClearUnorderedAccessViewUint = c11_ClearUnorderedAccessViewUint;
    ctx11_vtbl.ClearUnorderedAccessViewFloat = c11_ClearUnorderedAccessViewFloat;
    d3d11_clear_view_fill(&ctx11_vtbl);   /* context_clear_view.c: 11_1 only */
    base_ClearView = ctx11_vtbl.ClearView;
    ctx11_vtbl.ClearView = c11_ClearView;
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

void d3d11_tiled_context_init(struct d3d11_context *ctx)
{
    base = ctx->iface.lpVtbl;
    pthread_once(&once, fill);
    ctx->iface.lpVtbl = &ctx11_vtbl;
}
