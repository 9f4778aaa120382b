/* src/d3d11/command_list.c — ID3D11CommandList (what FinishCommandList makes) and its replay:
 * ExecuteCommandList on the immediate context (and, recorded, on a deferred one), and the
 * immediate context's FinishCommandList refusal.  Design: d3d11_deferred.h.
 *
 * Rules (ID3D11DeviceContext::ExecuteCommandList, FinishCommandList, ID3D11CommandList pages):
 *  - "Immediate context state is cleared before and after a command list is executed.  A command
 *    list has no concept of inheritance."  RestoreContextState TRUE: the target's state is saved
 *    before and restored after; FALSE: the target "returns to its default state" (ClearState).
 *  - "Queries that are begun in a device context cannot be manipulated indirectly by executing a
 *    command list (that is, Begin or End was invoked against the same query by the deferred
 *    context which generated the command list).  If such a condition occurs, the
 *    ExecuteCommandList method does not execute the command list.  However, the state of the
 *    device context is still maintained" (cleared, or restored).
 *  - FinishCommandList on the immediate context: DXGI_ERROR_INVALID_CALL ("if FinishCommandList
 *    cannot be called from the current context").
 *  - ID3D11CommandList::GetContextFlags: the flags of the deferred context that recorded it (0).
 * Replay calls the target's own vtable with the recorded arguments, so every rule, refusal and
 * pixel is the immediate code's.  A command list is immutable and may be executed any number of
 * times, on any thread that owns the target context.
 */
#include "d3d11/d3d11_deferred.h"

#include <stdlib.h>
#include <string.h>

#include "d3d11/d3d11_resource.h"
#include "d3d11/device_child.h"
#include "util/log.h"

struct d3d11_command_list {
    ID3D11CommandList iface;
    struct d3d11_child child;
    struct dc_stream stream;
};

static void release_obj(void *p)
{
    if (p)
        IUnknown_Release((IUnknown *)p);
}

void dc_stream_free(struct dc_stream *s)
{
    for (size_t i = 0; i < s->count; i++) {
        struct dc_cmd *c = &s->cmds[i];
        release_obj(c->obj[0]);
        release_obj(c->obj[1]);
        for (UINT k = 0; k < c->nobjs; k++)
            release_obj(c->objs[k]);
        free(c->objs);
        free(c->words);
        free(c->bytes);
    }
    free(s->cmds);
    memset(s, 0, sizeof(*s));
}

static void cl_destroy(struct d3d11_command_list *cl)
{
    dc_stream_free(&cl->stream);
    free(cl);
}

static const GUID *const cl_iids[] = { &IID_ID3D11CommandList, NULL };
D3D11_CHILD_IMPLEMENT(cl, ID3D11CommandList, struct d3d11_command_list, cl_iids, cl_destroy)

static UINT STDMETHODCALLTYPE cl_GetContextFlags(ID3D11CommandList *iface)
{
    (void)iface;
    return 0;   /* CreateDeferredContext takes ContextFlags 0 only */
}

static const ID3D11CommandListVtbl cl_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(cl),
    .GetContextFlags = cl_GetContextFlags,
};

struct d3d11_command_list *d3d11_command_list_of(ID3D11CommandList *list)
{
    return list && list->lpVtbl == &cl_vtbl ? cl_impl(list) : NULL;
}

struct d3d11_device *d3d11_command_list_device(const struct d3d11_command_list *cl)
{
    return cl->child.device;
}

HRESULT d3d11_command_list_create(struct d3d11_device *dev, struct dc_stream *stream,
                                  ID3D11CommandList **out)
{
    struct d3d11_command_list *cl = calloc(1, sizeof(*cl));
    if (!cl) {
        d3d11_msg(dev, "FinishCommandList: out of memory");
        return E_OUTOFMEMORY;
    }
    cl->iface.lpVtbl = (ID3D11CommandListVtbl *)&cl_vtbl;
    cl->stream = *stream;
    d3d11_child_init(&cl->child, dev);
    *out = &cl->iface;
    return S_OK;
}

/* ---- replay ---------------------------------------------------------------------------------- */

/* The recorded slot setters, typed again for the call (the stage is method / 3). */
static void replay_slots(ID3D11DeviceContext2 *t, const struct dc_cmd *c)
{
    const ID3D11DeviceContext2Vtbl *v = t->lpVtbl;
    UINT start = c->u[1], n = c->nobjs;
    union {
        ID3D11Buffer *cb[D3D11_CTX_SRV_SLOTS];
        ID3D11ShaderResourceView *srv[D3D11_CTX_SRV_SLOTS];
        ID3D11SamplerState *smp[D3D11_CTX_SRV_SLOTS];
    } a;
    for (UINT i = 0; i < n; i++) {
        if (c->u[0] % 3 == DC_SLOT_CB)
            a.cb[i] = c->objs[i];
        else if (c->u[0] % 3 == DC_SLOT_SRV)
            a.srv[i] = c->objs[i];
        else
            a.smp[i] = c->objs[i];
    }
#define STAGE_CASE(index, P)                                                                   \
    case 3 * index + DC_SLOT_CB: v->P##SetConstantBuffers(t, start, n, a.cb); break;           \
    case 3 * index + DC_SLOT_SRV: v->P##SetShaderResources(t, start, n, a.srv); break;         \
    case 3 * index + DC_SLOT_SAMPLER: v->P##SetSamplers(t, start, n, a.smp); break;
    switch (c->u[0]) {
        STAGE_CASE(0, VS)
        STAGE_CASE(1, PS)
        STAGE_CASE(2, GS)
        STAGE_CASE(3, HS)
        STAGE_CASE(4, DS)
        STAGE_CASE(5, CS)
    }
#undef STAGE_CASE
}

static void replay_shader(ID3D11DeviceContext2 *t, const struct dc_cmd *c)
{
    const ID3D11DeviceContext2Vtbl *v = t->lpVtbl;
    /* No class instance can be recorded (none can be created); a count is passed on as NULL
     * entries, for the target to refuse or accept as it would. */
    ID3D11ClassInstance *none[256] = { 0 };
    UINT n = c->u[1] < 256 ? c->u[1] : 256;
    switch (c->u[0]) {
    case 0: v->VSSetShader(t, c->obj[0], none, n); break;
    case 1: v->PSSetShader(t, c->obj[0], none, n); break;
    case 2: v->GSSetShader(t, c->obj[0], none, n); break;
    case 3: v->HSSetShader(t, c->obj[0], none, n); break;
    case 4: v->DSSetShader(t, c->obj[0], none, n); break;
    default: v->CSSetShader(t, c->obj[0], none, n); break;
    }
}

static void replay_cb1(ID3D11DeviceContext2 *t, const struct dc_cmd *c)
{
    const ID3D11DeviceContext2Vtbl *v = t->lpVtbl;
    ID3D11Buffer *b[D3D11_CTX_CB_SLOTS];
    UINT n = c->nobjs < D3D11_CTX_CB_SLOTS ? c->nobjs : D3D11_CTX_CB_SLOTS, start = c->u[1];
    const UINT *first = c->u[2] && c->words ? c->words : NULL;
    const UINT *num = first ? c->words + c->nobjs : NULL;
    for (UINT i = 0; i < n; i++)
        b[i] = c->objs[i];
    switch (c->u[0]) {
    case 0: v->VSSetConstantBuffers1(t, start, n, b, first, num); break;
    case 1: v->PSSetConstantBuffers1(t, start, n, b, first, num); break;
    case 2: v->GSSetConstantBuffers1(t, start, n, b, first, num); break;
    case 3: v->HSSetConstantBuffers1(t, start, n, b, first, num); break;
    case 4: v->DSSetConstantBuffers1(t, start, n, b, first, num); break;
    default: v->CSSetConstantBuffers1(t, start, n, b, first, num); break;
    }
}

/* A captured WRITE_DISCARD map: the whole subresource, written through the target's Map. */
static void replay_map(ID3D11DeviceContext2 *t, const struct dc_cmd *c)
{
    D3D11_MAPPED_SUBRESOURCE m;
    if (FAILED(t->lpVtbl->Map(t, c->obj[0], c->u[0], D3D11_MAP_WRITE_DISCARD, 0, &m)))
        return;
    if (m.RowPitch == c->u[1] && m.DepthPitch == c->u[2])
        memcpy(m.pData, c->bytes, c->nbytes);   /* the same layout: the same core subresource */
    t->lpVtbl->Unmap(t, c->obj[0], c->u[0]);
}

static void replay(ID3D11DeviceContext2 *t, struct d3d11_context *ctx, const struct dc_cmd *c)
{
    const ID3D11DeviceContext2Vtbl *v = t->lpVtbl;
    void *o0 = c->obj[0], *o1 = c->obj[1];
    switch (c->op) {
    case DC_SLOTS: replay_slots(t, c); break;
    case DC_SHADER: replay_shader(t, c); break;
    case DC_IA_LAYOUT: v->IASetInputLayout(t, o0); break;
    case DC_IA_VB: {
        ID3D11Buffer *b[D3D11_CTX_VB_SLOTS];
        for (UINT i = 0; i < c->nobjs; i++)
            b[i] = c->objs[i];
        v->IASetVertexBuffers(t, c->u[0], c->nobjs, b, c->words, c->words + c->nobjs);
        break;
    }
    case DC_IA_IB: v->IASetIndexBuffer(t, o0, (DXGI_FORMAT)c->u[0], c->u[1]); break;
    case DC_TOPOLOGY: v->IASetPrimitiveTopology(t, (D3D11_PRIMITIVE_TOPOLOGY)c->u[0]); break;
    case DC_RS_STATE: v->RSSetState(t, o0); break;
    case DC_VIEWPORTS: v->RSSetViewports(t, c->u[0], c->bytes); break;
    case DC_SCISSORS: v->RSSetScissorRects(t, c->u[0], c->bytes); break;
    case DC_OM_RT: {
        ID3D11RenderTargetView *r[D3D11_CTX_RT_SLOTS];
        for (UINT i = 0; i < c->nobjs; i++)
            r[i] = c->objs[i];
        v->OMSetRenderTargets(t, c->u[0], r, o0);
        break;
    }
    case DC_OM_RT_UAV: {
        ID3D11RenderTargetView *r[D3D11_CTX_RT_SLOTS];
        ID3D11UnorderedAccessView *u[D3D11_1_UAV_SLOT_COUNT];
        UINT nr = c->u[0] == D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL ? 0 : c->u[0];
        for (UINT i = 0; i < c->nobjs; i++) {
            if (i < nr)
                r[i] = c->objs[i];
            else
                u[i - nr] = c->objs[i];
        }
        v->OMSetRenderTargetsAndUnorderedAccessViews(t, c->u[0], r, o0, c->u[1], c->u[2], u,
                                                    c->u[3] ? c->words : NULL);
        break;
    }
    case DC_BLEND: v->OMSetBlendState(t, o0, c->f, c->u[0]); break;
    case DC_DEPTH_STENCIL: v->OMSetDepthStencilState(t, o0, c->u[0]); break;
    case DC_SO: {
        ID3D11Buffer *b[D3D11_SO_BUFFER_SLOT_COUNT];
        for (UINT i = 0; i < c->nobjs; i++)
            b[i] = c->objs[i];
        v->SOSetTargets(t, c->nobjs, b, c->u[0] ? c->words : NULL);
        break;
    }
    case DC_PREDICATION: v->SetPredication(t, o0, (BOOL)c->u[0]); break;
    case DC_CS_UAV: {
        ID3D11UnorderedAccessView *u[D3D11_1_UAV_SLOT_COUNT];
        for (UINT i = 0; i < c->nobjs; i++)
            u[i] = c->objs[i];
        v->CSSetUnorderedAccessViews(t, c->u[0], c->nobjs, u, c->u[1] ? c->words : NULL);
        break;
    }
    case DC_DRAW: v->Draw(t, c->u[0], c->u[1]); break;
    case DC_DRAW_INDEXED: v->DrawIndexed(t, c->u[0], c->u[1], (INT)c->u[2]); break;
    case DC_DRAW_INSTANCED: v->DrawInstanced(t, c->u[0], c->u[1], c->u[2], c->u[3]); break;
    case DC_DRAW_INDEXED_INSTANCED:
        v->DrawIndexedInstanced(t, c->u[0], c->u[1], c->u[2], (INT)c->u[3], c->u[4]);
        break;
    case DC_DRAW_AUTO: v->DrawAuto(t); break;
    case DC_DRAW_INSTANCED_INDIRECT: v->DrawInstancedIndirect(t, o0, c->u[0]); break;
    case DC_DRAW_INDEXED_INSTANCED_INDIRECT: v->DrawIndexedInstancedIndirect(t, o0, c->u[0]); break;
    case DC_DISPATCH: v->Dispatch(t, c->u[0], c->u[1], c->u[2]); break;
    case DC_DISPATCH_INDIRECT: v->DispatchIndirect(t, o0, c->u[0]); break;
    case DC_COPY_REGION:
        v->CopySubresourceRegion(t, o0, c->u[0], c->u[1], c->u[2], c->u[3], o1, c->u[4],
                                 c->has_box ? &c->box : NULL);
        break;
    case DC_COPY: v->CopyResource(t, o0, o1); break;
    case DC_UPDATE:
        v->UpdateSubresource(t, o0, c->u[0], c->has_box ? &c->box : NULL, c->bytes, c->u[1],
                             c->u[2]);
        break;
    case DC_COPY_STRUCTURE_COUNT: v->CopyStructureCount(t, o0, c->u[0], o1); break;
    case DC_CLEAR_RTV: v->ClearRenderTargetView(t, o0, c->f); break;
    case DC_CLEAR_UAV_UINT: v->ClearUnorderedAccessViewUint(t, o0, c->u); break;
    case DC_CLEAR_UAV_FLOAT: v->ClearUnorderedAccessViewFloat(t, o0, c->f); break;
    case DC_CLEAR_DSV: v->ClearDepthStencilView(t, o0, c->u[0], c->f[0], (UINT8)c->u[1]); break;
    case DC_GENERATE_MIPS: v->GenerateMips(t, o0); break;
    case DC_RESOLVE: v->ResolveSubresource(t, o0, c->u[0], o1, c->u[1], (DXGI_FORMAT)c->u[2]); break;
    case DC_BEGIN: v->Begin(t, o0); break;
    case DC_END: v->End(t, o0); break;
    case DC_EXECUTE:
        d3d11_command_list_execute(t, ctx, d3d11_command_list_of(o0), (BOOL)c->u[0]);
        break;
    case DC_CLEAR_STATE: v->ClearState(t); break;
    case DC_MAP: replay_map(t, c); break;
    case DC_CB1: replay_cb1(t, c); break;
    case DC_COPY_REGION1:
        v->CopySubresourceRegion1(t, o0, c->u[0], c->u[1], c->u[2], c->u[3], o1, c->u[4],
                                  c->has_box ? &c->box : NULL, c->u[5]);
        break;
    case DC_UPDATE1:
        v->UpdateSubresource1(t, o0, c->u[0], c->has_box ? &c->box : NULL, c->bytes, c->u[1],
                              c->u[2], c->u[5]);
        break;
    }
}

/* ---- ExecuteCommandList ---------------------------------------------------------------------- */

/* The target context's pipeline state, each bound object held (d3d11_context.h). */
struct saved_state {
    struct d3d11_context_state state;
};

static void bound_hold(const struct d3d11_bound *b)
{
    if (b->child)
        d3d11_child_bind(b->child);
}

static void view_hold(const struct d3d11_bound_view *b)
{
    if (b->child)
        d3d11_child_bind(b->child);
}

static void res_hold(struct d3d11_resource *r)
{
    if (r)
        d3d11_resource_bind(r);
}

static void stage_hold(const struct d3d11_shader_stage_state *s)
{
    bound_hold(&s->shader);
    for (UINT i = 0; i < D3D11_CTX_CB_SLOTS; i++)
        res_hold(s->constant_buffers[i]);
    for (UINT i = 0; i < D3D11_CTX_SRV_SLOTS; i++)
        view_hold(&s->srvs[i]);
    for (UINT i = 0; i < D3D11_CTX_SAMPLER_SLOTS; i++)
        bound_hold(&s->samplers[i]);
}

/* A copy of the state with one more context reference on everything in it: put back by
 * state_restore, which hands those references to the context. */
static struct saved_state *state_save(struct d3d11_context *ctx)
{
    struct saved_state *s = malloc(sizeof(*s));
    const struct d3d11_context_state *st = &ctx->state;
    if (!s)
        return NULL;
    s->state = *st;
    bound_hold(&st->input_layout);
    for (UINT i = 0; i < D3D11_CTX_VB_SLOTS; i++)
        res_hold(st->vertex_buffers[i].buffer);
    res_hold(st->index_buffer);
    stage_hold(&st->vs);
    stage_hold(&st->ps);
    stage_hold(&st->gs);
    stage_hold(&st->hs);   /* every stage: restore hands all of them back to the context */
    stage_hold(&st->ds);
    stage_hold(&st->cs);
    for (UINT i = 0; i < D3D11_CTX_UAV_SLOTS; i++) {
        view_hold(&st->cs_uavs[i]);
        view_hold(&st->om_uavs[i]);
    }
    for (UINT i = 0; i < D3D11_SO_BUFFER_SLOT_COUNT; i++)
        res_hold(st->so_targets[i]);
    bound_hold(&st->rasterizer);
    for (UINT i = 0; i < D3D11_CTX_RT_SLOTS; i++)
        view_hold(&st->rtvs[i]);
    view_hold(&st->dsv);
    bound_hold(&st->blend);
    bound_hold(&st->depth_stencil);
    bound_hold(&st->predicate);
    return s;
}

static void state_restore(ID3D11DeviceContext2 *t, struct d3d11_context *ctx,
                          struct saved_state *s)
{
    t->lpVtbl->ClearState(t);   /* drops the list's state */
    ctx->state = s->state;      /* the saved references become the context's */
    free(s);
}

/* Whether the list Begins or Ends a query that the target context has begun (its status is
 * BUILDING: Begin ran on the immediate context and End did not yet; a deferred context's Begin
 * only records, so it never sets that status). */
static bool touches_active_query(const struct d3d11_command_list *cl)
{
    for (size_t i = 0; i < cl->stream.count; i++) {
        const struct dc_cmd *c = &cl->stream.cmds[i];
        const struct d3d11_query_result *r;
        if ((c->op == DC_BEGIN || c->op == DC_END) && (r = d3d11_query_result(c->obj[0])) &&
            r->status == D3D11_QUERY_STATUS_BUILDING)
            return true;
    }
    return false;
}

void d3d11_command_list_execute(ID3D11DeviceContext2 *t, struct d3d11_context *ctx,
                                struct d3d11_command_list *cl, BOOL restore)
{
    struct saved_state *saved = NULL;
    if (!cl)
        return;
    if (restore && !(saved = state_save(ctx))) {
        d3d11_msg(ctx->device, "ExecuteCommandList: out of memory saving the context state");
        return;
    }
    t->lpVtbl->ClearState(t);   /* "cleared before ... a command list is executed" */
    if (touches_active_query(cl))
        d3d11_msg(ctx->device, "ExecuteCommandList: the command list Begins or Ends a query this "
                               "context has begun; the list is not executed");
    else
        for (size_t i = 0; i < cl->stream.count; i++)
            replay(t, ctx, &cl->stream.cmds[i]);
    if (saved)
        state_restore(t, ctx, saved);
    else
        t->lpVtbl->ClearState(t);   /* "...and after" */
}

/* ---- the immediate context's two methods ------------------------------------------------------ */

static void STDMETHODCALLTYPE imm_ExecuteCommandList(ID3D11DeviceContext2 *iface,
                                                     ID3D11CommandList *list, BOOL restore)
{
    struct d3d11_context *ctx = container_of(iface, struct d3d11_context, iface);
    struct d3d11_command_list *cl = d3d11_command_list_of(list);
    if (!cl || cl->child.device != ctx->device) {
        d3d11_msg(ctx->device, "ExecuteCommandList: pCommandList is not a command list of this "
                               "device");
        return;
    }
    d3d11_command_list_execute(iface, ctx, cl, restore);
}

static HRESULT STDMETHODCALLTYPE imm_FinishCommandList(ID3D11DeviceContext2 *iface, BOOL restore,
                                                       ID3D11CommandList **out)
{
    struct d3d11_context *ctx = container_of(iface, struct d3d11_context, iface);
    (void)restore;
    if (out)
        *out = NULL;
    d3d11_msg(ctx->device, "FinishCommandList: the immediate context records no command list "
                           "(only deferred contexts do)");
    return DXGI_ERROR_INVALID_CALL;
}

void d3d11_command_list_fill_immediate_vtbl(ID3D11DeviceContext2Vtbl *v)
{
    v->ExecuteCommandList = imm_ExecuteCommandList;
    v->FinishCommandList = imm_FinishCommandList;
}
