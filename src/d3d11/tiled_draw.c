/* src/d3d11/tiled_draw.c — the immediate context at feature level 11_1 (issues 7, 11, 15): the
 * ordinary context (context*.c: every binding, state, draw and query of 10_0..11_0) with
 * tiled textures in its pipeline.
 *
 * Shader-resource views of tiled textures are bound like any view (their d3d11_view_info
 * carries `tiled_view`, tiled_views.c) and sampled through the page table in every stage
 * (sample/texel_tiled.h: NULL tiles read 0, the `_s` forms return the residency status that
 * CheckAccessFullyMapped reads).  Render-target views of tiled textures are bound like any
 * view too; their resource has no linear memory (d3d11_resource.h `tiled`), so every draw
 * here lends each tiled render target a linear copy of its texture for the draw: the bound
 * mips are read through the page table (NULL tiles read 0, seed 001), the ordinary draw
 * renders into the copy, and the copy is written back through the page table, where writes to
 * NULL tiles are dropped (seed 001 "Unmapped tiles").  Elements the draw did not touch are
 * written back with the value they were read with, so the round trip changes nothing else.
 * ClearRenderTargetView of a tiled view writes the mapped tiles directly.
 *
 * The copy costs a read and a write of the bound mip per draw: correct, not fast (README).
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

/* ---- render targets through the page table --------------------------------------------------- */

/* Copies mip `mip` of slice 0 between the page table and the linear copy `core`. */
static void mip_transfer(struct d3d11_tiled_texture *t, core_resource *core, uint32_t mip,
                         bool to_linear)
{
    const core_tiled *tr = &t->tr;
    const core_subresource *sub = &core->sub[mip];
    uint32_t ew = (core_tiled_mip_width(tr, mip) + tr->block_w - 1) / tr->block_w;
    uint32_t eh = (core_tiled_mip_height(tr, mip) + tr->block_h - 1) / tr->block_h;
    for (uint32_t y = 0; y < eh; y++)
        for (uint32_t x = 0; x < ew; x++) {
            uint8_t *p = core_tiled_element(tr, mip, 0, x, y);
            uint8_t *q = core->data + sub->offset + y * sub->row_pitch + (size_t)x * tr->block_bytes;
            if (to_linear) {
                if (p)
                    memcpy(q, p, tr->block_bytes);
                else
                    memset(q, 0, tr->block_bytes);   /* NULL tiles read 0 */
            } else if (p) {
                memcpy(p, q, tr->block_bytes);       /* writes to NULL tiles are dropped */
            }
        }
}

struct lent {
    struct d3d11_tiled_texture *tex[D3D11_CTX_RT_SLOTS];
    unsigned count;
    bool any;          /* some bound target is tiled */
};

/* Before a draw: a linear copy for each tiled texture a bound render-target view selects;
 * false (with a message) when one cannot be made. */
static bool lend_targets(struct d3d11_context *ctx, const char *method, struct lent *l)
{
    l->count = 0;
    l->any = false;
    for (unsigned i = 0; i < D3D11_CTX_RT_SLOTS; i++) {
        const struct d3d11_view_info *v = ctx->state.rtvs[i].info;
        struct d3d11_tiled_texture *t = v && v->resource ? v->resource->tiled : NULL;
        if (!t)
            continue;
        l->any = true;
        if (!t->res.core) {
            core_resource_desc d = {
                CORE_RES_TEX2D, 0, (core_format)t->desc.Format, t->desc.Width,
                t->desc.Height, 1, t->desc.MipLevels, 1, 0,
            };
            if (core_resource_create(&d, D3D11_MAX_RESOURCE_BYTES, &t->res.core) != CORE_RES_OK) {
                t->res.core = NULL;
                d3d11_msg(ctx->device, "%s: out of memory for the linear copy of a tiled render "
                                       "target", method);
                return false;
            }
            l->tex[l->count++] = t;
        }
        mip_transfer(t, t->res.core, v->first_mip, true);
    }
    return true;
}

/* After it: the rendered mips back through the page table, the copies freed. */
static void return_targets(struct d3d11_context *ctx, struct lent *l, bool store)
{
    for (unsigned i = 0; store && i < D3D11_CTX_RT_SLOTS; i++) {
        const struct d3d11_view_info *v = ctx->state.rtvs[i].info;
        struct d3d11_tiled_texture *t = v && v->resource ? v->resource->tiled : NULL;
        if (t && t->res.core)
            mip_transfer(t, t->res.core, v->first_mip, false);
    }
    for (unsigned k = 0; k < l->count; k++) {
        core_resource_destroy(l->tex[k]->res.core);
        l->tex[k]->res.core = NULL;
    }
}

#define LENT_DRAW(Name, params, args)                                                         \
    static void STDMETHODCALLTYPE c11_##Name params                                           \
    {                                                                                         \
        struct lent l;                                                                        \
        bool ok = lend_targets(impl(iface), #Name, &l);                                       \
        if (ok)                                                                               \
            base->Name args;                                                                  \
        /* the draw may wait in the scene (context_draw.c): its pixels first */              \
        if (l.any)                                                                            \
            d3d11_context_flush_draws(impl(iface));                                           \
        return_targets(impl(iface), &l, ok);                                                  \
    }

LENT_DRAW(Draw, (ID3D11DeviceContext2 *iface, UINT a, UINT b), (iface, a, b))
LENT_DRAW(DrawIndexed, (ID3D11DeviceContext2 *iface, UINT a, UINT b, INT c), (iface, a, b, c))
LENT_DRAW(DrawInstanced, (ID3D11DeviceContext2 *iface, UINT a, UINT b, UINT c, UINT d),
          (iface, a, b, c, d))
LENT_DRAW(DrawIndexedInstanced,
          (ID3D11DeviceContext2 *iface, UINT a, UINT b, UINT c, INT d, UINT e),
          (iface, a, b, c, d, e))
LENT_DRAW(DrawAuto, (ID3D11DeviceContext2 *iface), (iface))
LENT_DRAW(DrawInstancedIndirect, (ID3D11DeviceContext2 *iface, ID3D11Buffer *b, UINT o),
          (iface, b, o))
LENT_DRAW(DrawIndexedInstancedIndirect, (ID3D11DeviceContext2 *iface, ID3D11Buffer *b, UINT o),
          (iface, b, o))

static void STDMETHODCALLTYPE c11_ClearRenderTargetView(ID3D11DeviceContext2 *iface,
                                                        ID3D11RenderTargetView *view,
                                                        const FLOAT color[4])
{
    struct d3d11_tiled_rtv *r = d3d11_tiled_rtv_of(view);
    const struct texel_format *f;
    uint8_t elem[16] = { 0 };
    if (!r) {
        base->ClearRenderTargetView(iface, view, color);   /* not a tiled view */
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
    d3d11_clear_view_fill(&ctx11_vtbl);   /* context_clear_view.c: 11_1 only */
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

void d3d11_tiled_context_init(struct d3d11_context *ctx)
{
    base = ctx->iface.lpVtbl;
    pthread_once(&once, fill);
    ctx->iface.lpVtbl = &ctx11_vtbl;
}
