/* src/d3d11/tiled_draw.c — the immediate context at feature level 11_1 (profile 11_1-tiled,
 * issue 7): enough of the 11_1 pipeline for pixel shaders that read tiled textures with
 * ps_5_0's status, clamp and gather instructions, and for draws into tiled render targets.
 *
 * The 11_1 context has a vtable of its own (like the 11_1 device, tiled.c), so that no 9_x rule
 * runs silently at 11_1:
 *   - kept from the 9_x context, whose validators are level-aware and hold at 11_1 (they refuse
 *     only what 11_1 refuses too): VSSetShader / PSSetShader (vs/ps 4_0..5_0 code), the
 *     constant buffers, IASetPrimitiveTopology, RSSetViewports / RSSetScissorRects, the copies
 *     and Map (tiled_context.c), the tile methods, Flush, ClearState (extended below);
 *   - 11_1 versions here: PSSetShaderResources / PSSetSamplers / OMSetRenderTargets (and their
 *     Get twins) for the views and samplers of tiled_views.c, ClearRenderTargetView, Draw;
 *   - refused with a message (not implemented at 11_1): the other draws, Dispatch, vertex-shader
 *     resources and samplers, input layouts and vertex buffers (a Draw reads its vertices from
 *     SV_VertexID / SV_InstanceID only), depth-stencil views, blend / rasterizer / depth states
 *     (none can be created at 11_1: the draw uses the D3D11 defaults — no blending, solid,
 *     back faces culled, no depth).
 *
 * A draw into a tiled render target goes through a linear copy of the target mip: every
 * element is read through the page table (NULL tiles read 0, seed 001), the pipeline draws
 * into the copy, and the copy is written back through the page table, where writes to NULL
 * tiles are dropped (seed 001 "Unmapped tiles").  Elements the draw did not touch are written
 * back with the value they were read with, so the round trip changes nothing else.
 */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11/d3d11_deferred.h"
#include "d3d11/d3d11_tiled.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/d3d11_shader.h"
#include "pipeline/draw.h"
#include "shader/tpf.h"
#include "util/log.h"

#define TB_SRVS 16
#define TB_SAMPLERS 16
#define TB_RTVS 8

struct d3d11_tiled_bindings {
    struct d3d11_tiled_srv *srv[TB_SRVS];       /* PS t#, each with a context reference */
    struct d3d11_tiled_sampler *smp[TB_SAMPLERS];
    struct d3d11_tiled_rtv *rtv[TB_RTVS];
    struct draw_context *dc;                    /* made at the first draw */
};

static ID3D11DeviceContext2Vtbl ctx11_vtbl;
static const ID3D11DeviceContext2Vtbl *base;

static struct d3d11_context *impl(ID3D11DeviceContext2 *iface)
{
    return container_of(iface, struct d3d11_context, iface);
}

static struct d3d11_tiled_bindings *bindings(struct d3d11_context *ctx)
{
    if (!ctx->extra.tiled)
        ctx->extra.tiled = calloc(1, sizeof(struct d3d11_tiled_bindings));
    return ctx->extra.tiled;
}

static void unimplemented(ID3D11DeviceContext2 *iface, const char *method)
{
    d3d11_msg(impl(iface)->device, "%s: not implemented at feature level 11_1 (profile "
                                   "11_1-tiled implements tiled resources only)", method);
}

/* ---- bindings -------------------------------------------------------------------------------- */

#define REBIND(slot, obj)                                                                     \
    do {                                                                                      \
        if ((obj) != (slot)) {                                                                \
            if (obj)                                                                          \
                d3d11_child_bind(&(obj)->child);                                              \
            if (slot)                                                                         \
                d3d11_child_unbind(&(slot)->child, (IUnknown *)&(slot)->iface);               \
            (slot) = (obj);                                                                   \
        }                                                                                     \
    } while (0)

static void STDMETHODCALLTYPE c11_PSSetShaderResources(ID3D11DeviceContext2 *iface, UINT start,
                                                       UINT n, ID3D11ShaderResourceView *const *v)
{
    struct d3d11_tiled_bindings *b = bindings(impl(iface));
    if (!b || start > TB_SRVS || n > TB_SRVS - start || (n && !v)) {
        d3d11_msg(impl(iface)->device, "PSSetShaderResources: slots %u..+%u outside the %u "
                                       "implemented at 11_1", start, n, TB_SRVS);
        return;
    }
    for (UINT i = 0; i < n; i++)
        if (v[i] && !d3d11_tiled_srv_of(v[i])) {
            d3d11_msg(impl(iface)->device, "PSSetShaderResources: view %u is not a view of a "
                                           "tiled texture (the only views at 11_1)", i);
            return;
        }
    for (UINT i = 0; i < n; i++) {
        struct d3d11_tiled_srv *s = d3d11_tiled_srv_of(v[i]);
        REBIND(b->srv[start + i], s);
    }
}

static void STDMETHODCALLTYPE c11_PSGetShaderResources(ID3D11DeviceContext2 *iface, UINT start,
                                                       UINT n, ID3D11ShaderResourceView **v)
{
    struct d3d11_tiled_bindings *b = bindings(impl(iface));
    for (UINT i = 0; v && i < n; i++) {
        struct d3d11_tiled_srv *s = b && start + i < TB_SRVS ? b->srv[start + i] : NULL;
        v[i] = s ? &s->iface : NULL;
        if (s)
            ID3D11ShaderResourceView_AddRef(&s->iface);
    }
}

static void STDMETHODCALLTYPE c11_PSSetSamplers(ID3D11DeviceContext2 *iface, UINT start, UINT n,
                                                ID3D11SamplerState *const *v)
{
    struct d3d11_tiled_bindings *b = bindings(impl(iface));
    if (!b || start > TB_SAMPLERS || n > TB_SAMPLERS - start || (n && !v)) {
        d3d11_msg(impl(iface)->device, "PSSetSamplers: slots %u..+%u outside 0..%u", start, n,
                  TB_SAMPLERS - 1);
        return;
    }
    for (UINT i = 0; i < n; i++)
        if (v[i] && !d3d11_tiled_sampler_of(v[i])) {
            d3d11_msg(impl(iface)->device, "PSSetSamplers: sampler %u is not a softd3d 11_1 "
                                           "sampler state", i);
            return;
        }
    for (UINT i = 0; i < n; i++) {
        struct d3d11_tiled_sampler *s = d3d11_tiled_sampler_of(v[i]);
        REBIND(b->smp[start + i], s);
    }
}

static void STDMETHODCALLTYPE c11_PSGetSamplers(ID3D11DeviceContext2 *iface, UINT start, UINT n,
                                                ID3D11SamplerState **v)
{
    struct d3d11_tiled_bindings *b = bindings(impl(iface));
    for (UINT i = 0; v && i < n; i++) {
        struct d3d11_tiled_sampler *s = b && start + i < TB_SAMPLERS ? b->smp[start + i] : NULL;
        v[i] = s ? &s->iface : NULL;
        if (s)
            ID3D11SamplerState_AddRef(&s->iface);
    }
}

static void STDMETHODCALLTYPE c11_OMSetRenderTargets(ID3D11DeviceContext2 *iface, UINT n,
                                                     ID3D11RenderTargetView *const *v,
                                                     ID3D11DepthStencilView *dsv)
{
    struct d3d11_tiled_bindings *b = bindings(impl(iface));
    if (!b || n > TB_RTVS || (n && !v)) {
        d3d11_msg(impl(iface)->device, "OMSetRenderTargets: %u views (at most %u)", n, TB_RTVS);
        return;
    }
    if (dsv) {
        unimplemented(iface, "OMSetRenderTargets (depth-stencil views)");
        return;
    }
    for (UINT i = 0; i < n; i++)
        if (v[i] && !d3d11_tiled_rtv_of(v[i])) {
            d3d11_msg(impl(iface)->device, "OMSetRenderTargets: view %u is not a render-target "
                                           "view of a tiled texture (the only ones at 11_1)", i);
            return;
        }
    for (UINT i = 0; i < TB_RTVS; i++) {
        struct d3d11_tiled_rtv *r = i < n ? d3d11_tiled_rtv_of(v[i]) : NULL;
        REBIND(b->rtv[i], r);
    }
}

static void STDMETHODCALLTYPE c11_OMGetRenderTargets(ID3D11DeviceContext2 *iface, UINT n,
                                                     ID3D11RenderTargetView **v,
                                                     ID3D11DepthStencilView **dsv)
{
    struct d3d11_tiled_bindings *b = bindings(impl(iface));
    for (UINT i = 0; v && i < n; i++) {
        struct d3d11_tiled_rtv *r = b && i < TB_RTVS ? b->rtv[i] : NULL;
        v[i] = r ? &r->iface : NULL;
        if (r)
            ID3D11RenderTargetView_AddRef(&r->iface);
    }
    if (dsv)
        *dsv = NULL;
}

static void unbind_all(struct d3d11_context *ctx)
{
    struct d3d11_tiled_bindings *b = ctx->extra.tiled;
    if (!b)
        return;
    for (unsigned i = 0; i < TB_SRVS; i++) {
        struct d3d11_tiled_srv *none = NULL;
        REBIND(b->srv[i], none);
    }
    for (unsigned i = 0; i < TB_SAMPLERS; i++) {
        struct d3d11_tiled_sampler *none = NULL;
        REBIND(b->smp[i], none);
    }
    for (unsigned i = 0; i < TB_RTVS; i++) {
        struct d3d11_tiled_rtv *none = NULL;
        REBIND(b->rtv[i], none);
    }
}

/* ExecuteCommandList(RestoreContextState TRUE) (command_list.c, d3d11_deferred.h): the
 * bindings, each held once more, and put back in place of whatever is bound then. */
void *d3d11_tiled_bindings_save(struct d3d11_context *ctx)
{
    struct d3d11_tiled_bindings *b = ctx->extra.tiled, *s;
    if (!b || !(s = calloc(1, sizeof(*s))))
        return NULL;
    for (unsigned i = 0; i < TB_SRVS; i++)
        REBIND(s->srv[i], b->srv[i]);
    for (unsigned i = 0; i < TB_SAMPLERS; i++)
        REBIND(s->smp[i], b->smp[i]);
    for (unsigned i = 0; i < TB_RTVS; i++)
        REBIND(s->rtv[i], b->rtv[i]);
    return s;
}

void d3d11_tiled_bindings_restore(struct d3d11_context *ctx, void *saved)
{
    struct d3d11_tiled_bindings *s = saved, *b;
    if (!s)
        return;
    unbind_all(ctx);
    if ((b = ctx->extra.tiled)) {   /* the saved references move to the context */
        memcpy(b->srv, s->srv, sizeof(b->srv));
        memcpy(b->smp, s->smp, sizeof(b->smp));
        memcpy(b->rtv, s->rtv, sizeof(b->rtv));
    }
    free(s);
}

static void STDMETHODCALLTYPE c11_ClearState(ID3D11DeviceContext2 *iface)
{
    base->ClearState(iface);
    unbind_all(impl(iface));
}

void d3d11_tiled_context_cleanup(struct d3d11_context *ctx)
{
    struct d3d11_tiled_bindings *b = ctx->extra.tiled;
    if (!b)
        return;
    unbind_all(ctx);
    draw_context_destroy(b->dc);
    free(b);
    ctx->extra.tiled = NULL;
}

/* ---- render targets through the page table --------------------------------------------------- */

struct shadow {
    uint8_t *data;
    uint32_t w, h, ew, eh, bb;
    size_t pitch;
};

/* Reads the RTV's mip into a linear copy (NULL tiles read 0). */
static bool shadow_load(const struct d3d11_tiled_rtv *r, struct shadow *s)
{
    const core_tiled *tr = &r->tex->tr;
    uint32_t mip = r->desc.Texture2D.MipSlice;
    s->w = core_tiled_mip_width(tr, mip);
    s->h = core_tiled_mip_height(tr, mip);
    s->bb = tr->block_bytes;
    s->ew = (s->w + tr->block_w - 1) / tr->block_w;
    s->eh = (s->h + tr->block_h - 1) / tr->block_h;
    s->pitch = (size_t)s->ew * s->bb;
    if (!(s->data = calloc(s->eh, s->pitch)))
        return false;
    for (uint32_t y = 0; y < s->eh; y++)
        for (uint32_t x = 0; x < s->ew; x++) {
            const uint8_t *p = core_tiled_element(tr, mip, 0, x, y);
            if (p)
                memcpy(s->data + y * s->pitch + (size_t)x * s->bb, p, s->bb);
        }
    return true;
}

/* Writes the copy back; elements on NULL tiles are dropped. */
static void shadow_store(const struct d3d11_tiled_rtv *r, struct shadow *s)
{
    for (uint32_t y = 0; y < s->eh; y++)
        for (uint32_t x = 0; x < s->ew; x++) {
            uint8_t *p = core_tiled_element(&r->tex->tr, r->desc.Texture2D.MipSlice, 0, x, y);
            if (p)
                memcpy(p, s->data + y * s->pitch + (size_t)x * s->bb, s->bb);
        }
}

static void STDMETHODCALLTYPE c11_ClearRenderTargetView(ID3D11DeviceContext2 *iface,
                                                        ID3D11RenderTargetView *view,
                                                        const FLOAT color[4])
{
    struct d3d11_tiled_rtv *r = d3d11_tiled_rtv_of(view);
    const struct texel_format *f;
    uint8_t elem[16] = { 0 };
    if (!r || !color) {
        d3d11_msg(impl(iface)->device, "ClearRenderTargetView: not a render-target view of a "
                                       "tiled texture, or ColorRGBA is NULL");
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

/* ---- Draw ------------------------------------------------------------------------------------ */

static struct draw_program *compile(const struct d3d11_shader_code *code, char *why, size_t n)
{
    struct ir_program ir;
    struct tpf_error err;
    struct draw_program *p = NULL;
    if (tpf_decode_blob(code->bytecode, code->size, 0, &ir, &err)) {
        snprintf(why, n, "%s", err.message);
        return NULL;
    }
    if (draw_program_create(&ir, &p))
        snprintf(why, n, "the program cannot be prepared for the VM");
    ir_program_free(&ir);
    return p;
}

static void STDMETHODCALLTYPE c11_Draw(ID3D11DeviceContext2 *iface, UINT count, UINT start)
{
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_device *dev = ctx->device;
    const struct d3d11_context_state *st = &ctx->state;
    struct d3d11_tiled_bindings *b = bindings(ctx);
    struct draw_program *vs = NULL, *ps = NULL;
    struct shadow sh[TB_RTVS];
    struct draw_desc *d = NULL;
    struct draw_linkage *link = NULL;
    struct sampler defaults;
    char why[256];
    uint32_t w = 0, h = 0;

    memset(sh, 0, sizeof(sh));
    if (!b || !(d = calloc(1, sizeof(*d))) || !(link = calloc(1, sizeof(*link)))) {
        d3d11_msg(dev, "Draw: out of memory");
        goto done;
    }
    if (!st->vs.code) {
        d3d11_msg(dev, "Draw: no vertex shader is bound");
        goto done;
    }
    if (!(vs = compile(st->vs.code, why, sizeof(why)))) {
        d3d11_msg(dev, "Draw: the vertex shader cannot run: %s", why);
        goto done;
    }
    if (vs->position_out < 0) {
        d3d11_msg(dev, "Draw: the vertex shader does not write SV_Position");
        goto done;
    }
    for (uint32_t r = 0; r < vs->input_count && r < IR_MAX_INPUTS; r++)
        if (vs->in_mask[r] && vs->in_sysval[r] != IR_SV_VERTEX_ID &&
            vs->in_sysval[r] != IR_SV_INSTANCE_ID) {
            unimplemented(iface, "Draw (vertex shader inputs other than SV_VertexID / "
                                 "SV_InstanceID: input layouts)");
            goto done;
        }
    if (st->ps.code && !(ps = compile(st->ps.code, why, sizeof(why)))) {
        d3d11_msg(dev, "Draw: the pixel shader cannot run: %s", why);
        goto done;
    }
    for (unsigned i = 0; i < TB_RTVS; i++) {
        if (!b->rtv[i])
            continue;
        if (!shadow_load(b->rtv[i], &sh[i])) {
            d3d11_msg(dev, "Draw: out of memory");
            goto done;
        }
        if (w && (sh[i].w != w || sh[i].h != h)) {
            d3d11_msg(dev, "Draw: render targets of different sizes (%ux%u, %ux%u)", w, h,
                      sh[i].w, sh[i].h);
            goto done;
        }
        w = sh[i].w;
        h = sh[i].h;
    }
    if (!w || !count)
        goto done;   /* nothing to draw into, or nothing to draw */

    draw_link(vs, &st->vs.code->info.output, ps, ps ? &st->ps.code->info.input : NULL, link);
    d->topology = (enum draw_topology)st->topology;
    d->count = count;
    d->start = start;
    d->instance_count = 1;
    d->vs = vs;
    d->ps = ps;
    d->link = link;
    for (unsigned i = 0; i < D3D11_CTX_CB_SLOTS && i < IR_MAX_CB_SLOTS; i++) {
        struct d3d11_resource *const *cbs[2] = { st->vs.constant_buffers,
                                                 st->ps.constant_buffers };
        struct vm_cbuffer *out[2] = { d->vs_cb, d->ps_cb };
        for (int k = 0; k < 2; k++)
            if (cbs[k][i] && cbs[k][i]->core)
                out[k][i] = (struct vm_cbuffer){ (const uint32_t *)cbs[k][i]->core->data,
                                                 cbs[k][i]->width / 16 };
    }
    {
        /* an empty sampler slot samples with the D3D11_SAMPLER_DESC defaults */
        static const D3D11_SAMPLER_DESC dd = {
            D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_CLAMP,
            D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0.0f, 1,
            D3D11_COMPARISON_NEVER, { 1.0f, 1.0f, 1.0f, 1.0f }, -FLT_MAX, FLT_MAX,
        };
        struct sampler_state ss;
        const char *bad;
        d3d11_tiled_translate_sampler(&dd, &ss, &bad);
        sampler_init(&defaults, &ss);
    }
    for (unsigned i = 0; i < DRAW_MAX_TEXTURES && i < TB_SRVS; i++)
        if (b->srv[i])
            d->textures[i] = &b->srv[i]->view;
    for (unsigned i = 0; i < DRAW_MAX_SAMPLERS && i < TB_SAMPLERS; i++)
        d->samplers[i] = b->smp[i] ? &b->smp[i]->s : &defaults;
    d->fill = DRAW_FILL_SOLID;
    d->cull = RASTER_CULL_BACK;   /* the default rasterizer state */
    if (st->viewport_count) {
        const D3D11_VIEWPORT *v = &st->viewports[0];
        d->viewport = (struct draw_viewport){ v->TopLeftX, v->TopLeftY, v->Width, v->Height,
                                              v->MinDepth, v->MaxDepth };
    }
    d->width = w;
    d->height = h;
    for (unsigned i = 0; i < TB_RTVS && i < OM_MAX_TARGETS; i++) {
        if (!b->rtv[i])
            continue;
        d->om_key.rt[i].format = (uint32_t)b->rtv[i]->desc.Format;
        d->om_key.rt[i].write_mask = OM_WRITE_ALL;
        d->om.rt[i] = (struct om_surface){ sh[i].data, sh[i].pitch, w, h, 0 };
    }
    if (!b->dc && !(b->dc = draw_context_create(0))) {
        d3d11_msg(dev, "Draw: out of memory");
        goto done;
    }
    int ret = draw_execute(b->dc, d, NULL, why, sizeof(why));
    if (ret) {
        d3d11_msg(dev, "Draw: %s", ret == DRAW_E_NOMEM ? "out of memory" : why);
        goto done;
    }
    for (unsigned i = 0; i < TB_RTVS; i++)
        if (b->rtv[i])
            shadow_store(b->rtv[i], &sh[i]);
done:
    for (unsigned i = 0; i < TB_RTVS; i++)
        free(sh[i].data);
    draw_program_destroy(vs);
    draw_program_destroy(ps);
    free(link);
    free(d);
}

/* ---- what 11_1 does not implement ------------------------------------------------------------ */

static void STDMETHODCALLTYPE c11_DrawIndexed(ID3D11DeviceContext2 *i, UINT a, UINT b, INT c)
{
    (void)a, (void)b, (void)c;
    unimplemented(i, "DrawIndexed");
}
static void STDMETHODCALLTYPE c11_DrawInstanced(ID3D11DeviceContext2 *i, UINT a, UINT b, UINT c,
                                                UINT d)
{
    (void)a, (void)b, (void)c, (void)d;
    unimplemented(i, "DrawInstanced");
}
static void STDMETHODCALLTYPE c11_DrawIndexedInstanced(ID3D11DeviceContext2 *i, UINT a, UINT b,
                                                       UINT c, INT d, UINT e)
{
    (void)a, (void)b, (void)c, (void)d, (void)e;
    unimplemented(i, "DrawIndexedInstanced");
}
static void STDMETHODCALLTYPE c11_Dispatch(ID3D11DeviceContext2 *i, UINT a, UINT b, UINT c)
{
    (void)a, (void)b, (void)c;
    unimplemented(i, "Dispatch");
}
static void STDMETHODCALLTYPE c11_VSSetShaderResources(ID3D11DeviceContext2 *i, UINT a, UINT b,
                                                       ID3D11ShaderResourceView *const *c)
{
    (void)a, (void)b, (void)c;
    unimplemented(i, "VSSetShaderResources");
}
static void STDMETHODCALLTYPE c11_VSSetSamplers(ID3D11DeviceContext2 *i, UINT a, UINT b,
                                                ID3D11SamplerState *const *c)
{
    (void)a, (void)b, (void)c;
    unimplemented(i, "VSSetSamplers");
}
static void STDMETHODCALLTYPE c11_IASetInputLayout(ID3D11DeviceContext2 *i, ID3D11InputLayout *l)
{
    if (l)
        unimplemented(i, "IASetInputLayout");
}
static void STDMETHODCALLTYPE c11_IASetVertexBuffers(ID3D11DeviceContext2 *i, UINT a, UINT n,
                                                     ID3D11Buffer *const *b, const UINT *s,
                                                     const UINT *o)
{
    (void)a, (void)b, (void)s, (void)o;
    if (n)
        unimplemented(i, "IASetVertexBuffers");
}
static void STDMETHODCALLTYPE c11_IASetIndexBuffer(ID3D11DeviceContext2 *i, ID3D11Buffer *b,
                                                   DXGI_FORMAT f, UINT o)
{
    (void)f, (void)o;
    if (b)
        unimplemented(i, "IASetIndexBuffer");
}
static void STDMETHODCALLTYPE c11_ClearDepthStencilView(ID3D11DeviceContext2 *i,
                                                        ID3D11DepthStencilView *v, UINT f,
                                                        FLOAT d, UINT8 s)
{
    (void)v, (void)f, (void)d, (void)s;
    unimplemented(i, "ClearDepthStencilView");
}
static void STDMETHODCALLTYPE c11_GenerateMips(ID3D11DeviceContext2 *i,
                                               ID3D11ShaderResourceView *v)
{
    (void)v;
    unimplemented(i, "GenerateMips");
}

static void fill(void)
{
    ctx11_vtbl = *base;
    ctx11_vtbl.PSSetShaderResources = c11_PSSetShaderResources;
    ctx11_vtbl.PSGetShaderResources = c11_PSGetShaderResources;
    ctx11_vtbl.PSSetSamplers = c11_PSSetSamplers;
    ctx11_vtbl.PSGetSamplers = c11_PSGetSamplers;
    ctx11_vtbl.OMSetRenderTargets = c11_OMSetRenderTargets;
    ctx11_vtbl.OMGetRenderTargets = c11_OMGetRenderTargets;
    ctx11_vtbl.ClearState = c11_ClearState;
    ctx11_vtbl.ClearRenderTargetView = c11_ClearRenderTargetView;
    ctx11_vtbl.Draw = c11_Draw;
    ctx11_vtbl.DrawIndexed = c11_DrawIndexed;
    ctx11_vtbl.DrawInstanced = c11_DrawInstanced;
    ctx11_vtbl.DrawIndexedInstanced = c11_DrawIndexedInstanced;
    ctx11_vtbl.Dispatch = c11_Dispatch;
    ctx11_vtbl.VSSetShaderResources = c11_VSSetShaderResources;
    ctx11_vtbl.VSSetSamplers = c11_VSSetSamplers;
    ctx11_vtbl.IASetInputLayout = c11_IASetInputLayout;
    ctx11_vtbl.IASetVertexBuffers = c11_IASetVertexBuffers;
    ctx11_vtbl.IASetIndexBuffer = c11_IASetIndexBuffer;
    ctx11_vtbl.ClearDepthStencilView = c11_ClearDepthStencilView;
    ctx11_vtbl.GenerateMips = c11_GenerateMips;
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

void d3d11_tiled_context_init(struct d3d11_context *ctx)
{
    base = ctx->iface.lpVtbl;
    pthread_once(&once, fill);
    ctx->iface.lpVtbl = &ctx11_vtbl;
}
