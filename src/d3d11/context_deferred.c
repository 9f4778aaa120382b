/* src/d3d11/context_deferred.c — the deferred ID3D11DeviceContext2 (issue 11 part 7): created by
 * ID3D11Device::CreateDeferredContext (and ...1, ...2) at every feature level the device offers,
 * 9_x included: Windows emulates deferred contexts in its runtime when the driver has no command
 * lists (D3D11_FEATURE_DATA_THREADING, DriverCommandLists FALSE: "the API will emulate deferred
 * contexts and command lists with software"), and softd3d does the same.  The design is
 * d3d11_deferred.h's.
 *
 * Rules (ID3D11Device::CreateDeferredContext and the context methods' reference pages):
 *  - CreateDeferredContext: ContextFlags "reserved for future use. Pass 0": others E_INVALIDARG;
 *    a device created with D3D11_CREATE_DEVICE_SINGLETHREADED: DXGI_ERROR_INVALID_CALL; a NULL
 *    ppDeferredContext validates only (S_FALSE, as the device's Create methods).
 *  - GetType: D3D11_DEVICE_CONTEXT_DEFERRED; GetContextFlags: the ContextFlags given (0).
 *  - Map: "If you call Map on a deferred context, you can only pass D3D11_MAP_WRITE_DISCARD,
 *    D3D11_MAP_WRITE_NO_OVERWRITE, or both": other types E_INVALIDARG.  The resource must be
 *    DYNAMIC with CPU write (D3D11_MAP_WRITE_DISCARD); NO_OVERWRITE only after a WRITE_DISCARD
 *    of the same subresource in the same command list (the driver guide, "Mapping on deferred
 *    contexts": the runtime guarantees that the first use of a mapped dynamic resource on a
 *    deferred context discards its contents), and only on vertex and index buffers (D3D11_MAP,
 *    the D3D11.0 rule).  D3D11_MAP_FLAG_DO_NOT_WAIT is refused with these types (D3D11_MAP_FLAG).
 *    The application writes into memory of the command being recorded; Unmap captures it.  A
 *    NO_OVERWRITE map starts from the subresource's previous capture, so what the application
 *    does not overwrite keeps its contents.
 *  - GetData: "cannot be called on a deferred context": DXGI_ERROR_INVALID_CALL.  Begin and End
 *    are recorded (ExecuteCommandList refuses a list that touches a query the target context has
 *    begun: command_list.c).
 *  - FinishCommandList(RestoreDeferredContextState, ppCommandList): the recording becomes a
 *    command list; FALSE: the deferred context "will return to its default state" (ClearState),
 *    TRUE: its state is kept for the application's Get* calls and the next commands, but "each
 *    call to FinishCommandList will record only the state set since any previous call", so the
 *    next list does not set it again.  Decision: with a subresource still mapped,
 *    DXGI_ERROR_INVALID_CALL (the list could not hold its data).  ppCommandList NULL:
 *    E_INVALIDARG, nothing changes.
 *  - ExecuteCommandList on a deferred context records the list (merging lists, as the method's
 *    page allows); the deferred state afterwards is as on the immediate context: cleared unless
 *    RestoreContextState.
 *  - Flush records nothing (a deferred context has no queue of its own).
 *  - Not implemented on deferred contexts (E_NOTIMPL / a message, README): the tile methods of
 *    ID3D11DeviceContext2 (UpdateTileMappings, CopyTileMappings, CopyTiles, UpdateTiles,
 *    ResizeTilePool, TiledResourceBarrier), SetResourceMinLOD (the immediate context's method
 *    refuses deferred contexts: it is not recorded), and whatever the immediate context does
 *    not implement either (the ID3D11DeviceContext1 additions).
 */
#include "d3d11/d3d11_deferred.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11/d3d11_resource.h"
#include "d3d11/d3d11_shader.h"
#include "d3d11/d3d11_state.h"
#include "d3d11/d3d11_tiled.h"
#include "util/log.h"

/* A subresource mapped on the deferred context, until Unmap captures it. */
struct dc_mapping {
    struct d3d11_resource *res;
    UINT sub;
    void *data;
    size_t size;
    UINT row_pitch, depth_pitch;
};

struct d3d11_deferred {
    struct d3d11_context base;             /* base.iface: the application's interface */
    const ID3D11DeviceContext2Vtbl *inner; /* the level's immediate vtable (state, Get*) */
    UINT flags;
    struct dc_stream stream;
    bool out_of_memory;                    /* a command could not be recorded */
    struct dc_mapping *maps;
    size_t map_count, map_capacity;
};

static struct d3d11_deferred *dc_impl(ID3D11DeviceContext2 *iface)
{
    return container_of(iface, struct d3d11_deferred, base.iface);
}

#define INNER(iface) (dc_impl(iface)->inner)
#define DEV(iface) (dc_impl(iface)->base.device)

/* ---- what may be recorded ------------------------------------------------------------------ */

/* The device of a softd3d object, or NULL for a pointer that is not one (every accessor checks
 * the vtable, so a foreign COM object is recognised without being misread). */
static struct d3d11_device *object_device(void *p)
{
    struct d3d11_resource *res = d3d11_resource_from_iface(p);
    struct d3d11_child *c;
    struct d3d11_tiled_ref tr;
    struct d3d11_tiled_buffer *pool;
    struct d3d11_command_list *cl;
    if (res)
        return res->device;
    if ((c = d3d11_view_child(p)) || (c = d3d11_shader_child(p)) ||
        (c = d3d11_input_layout_child(p)) || (c = d3d11_state_object_child(p)) ||
        (c = d3d11_query_child(p)))
        return c->device;
    if (d3d11_tiled_srv_of(p))
        return d3d11_tiled_srv_of(p)->child.device;
    if (d3d11_tiled_rtv_of(p))
        return d3d11_tiled_rtv_of(p)->child.device;
    if (d3d11_tiled_of(p, &tr))
        return tr.dev;
    if ((pool = d3d11_tiled_pool_of(p)))
        return pool->child.device;
    if ((cl = d3d11_command_list_of(p)))
        return d3d11_command_list_device(cl);
    return NULL;
}

/* NULL, or a softd3d object of this context's device: safe to hold and replay. */
static bool recordable(ID3D11DeviceContext2 *iface, const void *p)
{
    return !p || object_device((void *)p) == DEV(iface);
}

static bool all_recordable(ID3D11DeviceContext2 *iface, void *const *objs, UINT n)
{
    for (UINT i = 0; i < n; i++)
        if (!recordable(iface, objs[i]))
            return false;
    return true;
}

static void *hold(void *p)
{
    if (p)
        IUnknown_AddRef((IUnknown *)p);
    return p;
}

/* A new zeroed command at the end of the recording, or NULL (out of memory: the list will be
 * refused by FinishCommandList). */
static struct dc_cmd *push(ID3D11DeviceContext2 *iface, enum dc_op op)
{
    struct d3d11_deferred *d = dc_impl(iface);
    struct dc_stream *s = &d->stream;
    if (s->count == s->capacity) {
        size_t cap = s->capacity ? s->capacity * 2 : 64;
        struct dc_cmd *n = realloc(s->cmds, cap * sizeof(*n));
        if (!n) {
            d->out_of_memory = true;
            d3d11_msg(d->base.device, "deferred context: out of memory recording a command");
            return NULL;
        }
        s->cmds = n;
        s->capacity = cap;
    }
    struct dc_cmd *c = &s->cmds[s->count++];
    memset(c, 0, sizeof(*c));
    c->op = op;
    return c;
}

/* The command's object array: copies of `objs` (n of them), each held. */
static bool set_objs(ID3D11DeviceContext2 *iface, struct dc_cmd *c, void *const *objs, UINT n)
{
    if (!n)
        return true;
    if (!(c->objs = calloc(n, sizeof(void *)))) {
        dc_impl(iface)->out_of_memory = true;
        return false;
    }
    for (UINT i = 0; i < n; i++)
        c->objs[i] = hold(objs[i]);
    c->nobjs = n;
    return true;
}

static bool set_words(ID3D11DeviceContext2 *iface, struct dc_cmd *c, const UINT *a, UINT na,
                      const UINT *b, UINT nb)
{
    if (!na && !nb)
        return true;
    if (!(c->words = malloc((size_t)(na + nb) * sizeof(UINT)))) {
        dc_impl(iface)->out_of_memory = true;
        return false;
    }
    if (na)
        memcpy(c->words, a, na * sizeof(UINT));
    if (nb)
        memcpy(c->words + na, b, nb * sizeof(UINT));
    c->nwords = na + nb;
    return true;
}

static bool set_bytes(ID3D11DeviceContext2 *iface, struct dc_cmd *c, const void *p, size_t n)
{
    if (!n)
        return true;
    if (!(c->bytes = malloc(n))) {
        dc_impl(iface)->out_of_memory = true;
        return false;
    }
    memcpy(c->bytes, p, n);
    c->nbytes = n;
    return true;
}

/* A command of up to two objects and scalar arguments (the common shape). */
static struct dc_cmd *record2(ID3D11DeviceContext2 *iface, enum dc_op op, void *a, void *b)
{
    struct dc_cmd *c;
    if (!recordable(iface, a) || !recordable(iface, b) || !(c = push(iface, op)))
        return NULL;
    c->obj[0] = hold(a);
    c->obj[1] = hold(b);
    return c;
}

/* ---- IUnknown, ID3D11DeviceChild, the context's identity ----------------------------------- */

static void mappings_free(struct d3d11_deferred *d)
{
    for (size_t i = 0; i < d->map_count; i++) {
        free(d->maps[i].data);
        d3d11_resource_release(d->maps[i].res);
    }
    free(d->maps);
    d->maps = NULL;
    d->map_count = d->map_capacity = 0;
}

static ULONG STDMETHODCALLTYPE dc_AddRef(ID3D11DeviceContext2 *iface)
{
    return atomic_fetch_add(&dc_impl(iface)->base.refcount, 1) + 1;
}

static ULONG STDMETHODCALLTYPE dc_Release(ID3D11DeviceContext2 *iface)
{
    struct d3d11_deferred *d = dc_impl(iface);
    ULONG left = atomic_fetch_sub(&d->base.refcount, 1) - 1;
    if (!left) {
        struct d3d11_device *dev = d->base.device;
        mappings_free(d);
        dc_stream_free(&d->stream);
        d3d11_context_cleanup(&d->base);   /* bound objects, private data */
        free(d);
        ID3D11Device2_Release(&dev->iface);   /* last: the device may die here */
    }
    return left;
}

static D3D11_DEVICE_CONTEXT_TYPE STDMETHODCALLTYPE dc_GetType(ID3D11DeviceContext2 *iface)
{
    (void)iface;
    return D3D11_DEVICE_CONTEXT_DEFERRED;
}

static UINT STDMETHODCALLTYPE dc_GetContextFlags(ID3D11DeviceContext2 *iface)
{
    return dc_impl(iface)->flags;
}

/* ---- the stages' slot setters and shaders (one template for the six stages) ---------------- */

/* Set*ConstantBuffers / ShaderResources / Samplers: recorded when the range is one the API has
 * (the forwarded call refuses the rest) and every entry is recordable. */
static void record_slots(ID3D11DeviceContext2 *iface, UINT method, UINT start, UINT n,
                         void *const *objs)
{
    struct dc_cmd *c;
    if ((n && !objs) || n > D3D11_CTX_SRV_SLOTS || start > D3D11_CTX_SRV_SLOTS ||
        !all_recordable(iface, objs, n) || !(c = push(iface, DC_SLOTS)))
        return;
    c->u[0] = method;
    c->u[1] = start;
    set_objs(iface, c, objs, n);
}

#define DC_STAGE(P, index, Shader)                                                            \
    static void STDMETHODCALLTYPE dc_##P##SetShader(ID3D11DeviceContext2 *iface, Shader *s,    \
                                                    ID3D11ClassInstance *const *inst, UINT n)  \
    {                                                                                          \
        struct dc_cmd *c = record2(iface, DC_SHADER, s, NULL);                                 \
        if (c) {                                                                               \
            c->u[0] = index;                                                                   \
            c->u[1] = n;                                                                       \
        }                                                                                      \
        INNER(iface)->P##SetShader(iface, s, inst, n);                                         \
    }                                                                                          \
    static void STDMETHODCALLTYPE dc_##P##SetConstantBuffers(                                  \
        ID3D11DeviceContext2 *iface, UINT start, UINT n, ID3D11Buffer *const *b)               \
    {                                                                                          \
        void *o[D3D11_CTX_SRV_SLOTS];                                                          \
        for (UINT i = 0; b && i < n && i < D3D11_CTX_SRV_SLOTS; i++)                           \
            o[i] = b[i];                                                                       \
        record_slots(iface, DC_SLOT_CB + 3 * index, start, n, b ? o : NULL);                   \
        INNER(iface)->P##SetConstantBuffers(iface, start, n, b);                               \
    }                                                                                          \
    static void STDMETHODCALLTYPE dc_##P##SetShaderResources(                                  \
        ID3D11DeviceContext2 *iface, UINT start, UINT n, ID3D11ShaderResourceView *const *v)   \
    {                                                                                          \
        void *o[D3D11_CTX_SRV_SLOTS];                                                          \
        for (UINT i = 0; v && i < n && i < D3D11_CTX_SRV_SLOTS; i++)                           \
            o[i] = v[i];                                                                       \
        record_slots(iface, DC_SLOT_SRV + 3 * index, start, n, v ? o : NULL);                  \
        INNER(iface)->P##SetShaderResources(iface, start, n, v);                               \
    }                                                                                          \
    static void STDMETHODCALLTYPE dc_##P##SetSamplers(ID3D11DeviceContext2 *iface, UINT start, \
                                                      UINT n, ID3D11SamplerState *const *s)    \
    {                                                                                          \
        void *o[D3D11_CTX_SRV_SLOTS];                                                          \
        for (UINT i = 0; s && i < n && i < D3D11_CTX_SRV_SLOTS; i++)                           \
            o[i] = s[i];                                                                       \
        record_slots(iface, DC_SLOT_SAMPLER + 3 * index, start, n, s ? o : NULL);              \
        INNER(iface)->P##SetSamplers(iface, start, n, s);                                      \
    }

/* *SetConstantBuffers1: recorded with its windows, forwarded as the slot methods are. */
static void record_cb1(ID3D11DeviceContext2 *iface, UINT stage, UINT start, UINT n,
                       ID3D11Buffer *const *b, const UINT *first, const UINT *num)
{
    void *o[D3D11_CTX_CB_SLOTS];
    struct dc_cmd *c;
    bool windows = first && num;
    if ((n && !b) || (n && (!first) != (!num)) || n > D3D11_CTX_CB_SLOTS ||
        start > D3D11_CTX_CB_SLOTS)
        return;   /* the forwarded call refuses it (replayed, half a window would bind all) */
    for (UINT i = 0; i < n; i++)
        o[i] = b[i];
    if (!all_recordable(iface, o, n) || !(c = push(iface, DC_CB1)))
        return;
    c->u[0] = stage;
    c->u[1] = start;
    c->u[2] = windows;
    if (set_objs(iface, c, o, n) && windows)
        set_words(iface, c, first, n, num, n);
}

#define DC_CB1_METHOD(P, index)                                                               \
    static void STDMETHODCALLTYPE dc_##P##SetConstantBuffers1(                                 \
        ID3D11DeviceContext2 *iface, UINT start, UINT n, ID3D11Buffer *const *b,              \
        const UINT *first, const UINT *num)                                                    \
    {                                                                                          \
        record_cb1(iface, index, start, n, b, first, num);                                     \
        INNER(iface)->P##SetConstantBuffers1(iface, start, n, b, first, num);                  \
    }
DC_CB1_METHOD(VS, 0)
DC_CB1_METHOD(PS, 1)
DC_CB1_METHOD(GS, 2)
DC_CB1_METHOD(HS, 3)
DC_CB1_METHOD(DS, 4)
DC_CB1_METHOD(CS, 5)
#undef DC_CB1_METHOD

DC_STAGE(VS, 0, ID3D11VertexShader)
DC_STAGE(PS, 1, ID3D11PixelShader)
DC_STAGE(GS, 2, ID3D11GeometryShader)
DC_STAGE(HS, 3, ID3D11HullShader)
DC_STAGE(DS, 4, ID3D11DomainShader)
DC_STAGE(CS, 5, ID3D11ComputeShader)

/* ---- input assembler, rasterizer, output merger -------------------------------------------- */

static void STDMETHODCALLTYPE dc_IASetInputLayout(ID3D11DeviceContext2 *iface,
                                                  ID3D11InputLayout *layout)
{
    record2(iface, DC_IA_LAYOUT, layout, NULL);
    INNER(iface)->IASetInputLayout(iface, layout);
}

static void STDMETHODCALLTYPE dc_IASetVertexBuffers(ID3D11DeviceContext2 *iface, UINT start,
                                                    UINT n, ID3D11Buffer *const *b,
                                                    const UINT *strides, const UINT *offsets)
{
    void *o[D3D11_CTX_VB_SLOTS];
    struct dc_cmd *c;
    /* Recorded when the forwarded call can accept it (16 slots, arrays present). */
    if (n <= D3D11_CTX_VB_SLOTS && start <= D3D11_CTX_VB_SLOTS && (!n || (b && strides && offsets))) {
        for (UINT i = 0; i < n; i++)
            o[i] = b[i];
        if (all_recordable(iface, o, n) && (c = push(iface, DC_IA_VB))) {
            c->u[0] = start;
            if (set_objs(iface, c, o, n))
                set_words(iface, c, strides, n, offsets, n);
        }
    }
    INNER(iface)->IASetVertexBuffers(iface, start, n, b, strides, offsets);
}

static void STDMETHODCALLTYPE dc_IASetIndexBuffer(ID3D11DeviceContext2 *iface, ID3D11Buffer *b,
                                                  DXGI_FORMAT format, UINT offset)
{
    struct dc_cmd *c = record2(iface, DC_IA_IB, b, NULL);
    if (c) {
        c->u[0] = (UINT)format;
        c->u[1] = offset;
    }
    INNER(iface)->IASetIndexBuffer(iface, b, format, offset);
}

static void STDMETHODCALLTYPE dc_IASetPrimitiveTopology(ID3D11DeviceContext2 *iface,
                                                        D3D11_PRIMITIVE_TOPOLOGY t)
{
    struct dc_cmd *c = push(iface, DC_TOPOLOGY);
    if (c)
        c->u[0] = (UINT)t;
    INNER(iface)->IASetPrimitiveTopology(iface, t);
}

static void STDMETHODCALLTYPE dc_RSSetState(ID3D11DeviceContext2 *iface,
                                            ID3D11RasterizerState *state)
{
    record2(iface, DC_RS_STATE, state, NULL);
    INNER(iface)->RSSetState(iface, state);
}

static void record_rects(ID3D11DeviceContext2 *iface, enum dc_op op, UINT n, const void *p,
                         size_t size)
{
    struct dc_cmd *c;
    if ((n && !p) || n > D3D11_CTX_VIEWPORTS || !(c = push(iface, op)))
        return;
    c->u[0] = n;
    set_bytes(iface, c, p, n * size);
}

static void STDMETHODCALLTYPE dc_RSSetViewports(ID3D11DeviceContext2 *iface, UINT n,
                                                const D3D11_VIEWPORT *vps)
{
    record_rects(iface, DC_VIEWPORTS, n, vps, sizeof(*vps));
    INNER(iface)->RSSetViewports(iface, n, vps);
}

static void STDMETHODCALLTYPE dc_RSSetScissorRects(ID3D11DeviceContext2 *iface, UINT n,
                                                   const D3D11_RECT *rects)
{
    record_rects(iface, DC_SCISSORS, n, rects, sizeof(*rects));
    INNER(iface)->RSSetScissorRects(iface, n, rects);
}

static void STDMETHODCALLTYPE dc_OMSetRenderTargets(ID3D11DeviceContext2 *iface, UINT n,
                                                    ID3D11RenderTargetView *const *rtvs,
                                                    ID3D11DepthStencilView *dsv)
{
    void *o[D3D11_CTX_RT_SLOTS];
    struct dc_cmd *c;
    if (n <= D3D11_CTX_RT_SLOTS && (!n || rtvs)) {
        for (UINT i = 0; i < n; i++)
            o[i] = rtvs[i];
        if (all_recordable(iface, o, n) && (c = record2(iface, DC_OM_RT, dsv, NULL))) {
            c->u[0] = n;
            set_objs(iface, c, o, n);
        }
    }
    INNER(iface)->OMSetRenderTargets(iface, n, rtvs, dsv);
}

static void STDMETHODCALLTYPE dc_OMSetRenderTargetsAndUnorderedAccessViews(
    ID3D11DeviceContext2 *iface, UINT nrtv, ID3D11RenderTargetView *const *rtvs,
    ID3D11DepthStencilView *dsv, UINT uav_start, UINT nuav,
    ID3D11UnorderedAccessView *const *uavs, const UINT *counts)
{
    void *o[D3D11_CTX_RT_SLOTS + D3D11_1_UAV_SLOT_COUNT];
    UINT rt = nrtv == D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL ? 0 : nrtv;
    UINT ua = nuav == D3D11_KEEP_UNORDERED_ACCESS_VIEWS ? 0 : nuav;
    struct dc_cmd *c;
    if (rt <= D3D11_CTX_RT_SLOTS && ua <= D3D11_1_UAV_SLOT_COUNT && (!rt || rtvs) &&
        (!ua || uavs)) {
        for (UINT i = 0; i < rt; i++)
            o[i] = rtvs[i];
        for (UINT i = 0; i < ua; i++)
            o[rt + i] = uavs[i];
        if (all_recordable(iface, o, rt + ua) &&
            (c = record2(iface, DC_OM_RT_UAV, rt == nrtv ? dsv : NULL, NULL))) {
            c->u[0] = nrtv;
            c->u[1] = uav_start;
            c->u[2] = nuav;
            c->u[3] = counts != NULL;
            if (set_objs(iface, c, o, rt + ua) && counts)
                set_words(iface, c, counts, ua, NULL, 0);
        }
    }
    INNER(iface)->OMSetRenderTargetsAndUnorderedAccessViews(iface, nrtv, rtvs, dsv, uav_start,
                                                           nuav, uavs, counts);
}

static void STDMETHODCALLTYPE dc_OMSetBlendState(ID3D11DeviceContext2 *iface,
                                                 ID3D11BlendState *state, const FLOAT factor[4],
                                                 UINT mask)
{
    struct dc_cmd *c = record2(iface, DC_BLEND, state, NULL);
    if (c) {
        for (int i = 0; i < 4; i++)   /* OMSetBlendState: NULL means {1, 1, 1, 1} */
            c->f[i] = factor ? factor[i] : 1.0f;
        c->u[0] = mask;
    }
    INNER(iface)->OMSetBlendState(iface, state, factor, mask);
}

static void STDMETHODCALLTYPE dc_OMSetDepthStencilState(ID3D11DeviceContext2 *iface,
                                                        ID3D11DepthStencilState *state, UINT ref)
{
    struct dc_cmd *c = record2(iface, DC_DEPTH_STENCIL, state, NULL);
    if (c)
        c->u[0] = ref;
    INNER(iface)->OMSetDepthStencilState(iface, state, ref);
}

static void STDMETHODCALLTYPE dc_SOSetTargets(ID3D11DeviceContext2 *iface, UINT n,
                                              ID3D11Buffer *const *b, const UINT *offsets)
{
    void *o[D3D11_SO_BUFFER_SLOT_COUNT];
    struct dc_cmd *c;
    if (n <= D3D11_SO_BUFFER_SLOT_COUNT && (!n || b)) {
        for (UINT i = 0; i < n; i++)
            o[i] = b[i];
        if (all_recordable(iface, o, n) && (c = push(iface, DC_SO))) {
            c->u[0] = offsets != NULL;
            if (set_objs(iface, c, o, n) && offsets)
                set_words(iface, c, offsets, n, NULL, 0);
        }
    }
    INNER(iface)->SOSetTargets(iface, n, b, offsets);
}

static void STDMETHODCALLTYPE dc_SetPredication(ID3D11DeviceContext2 *iface,
                                                ID3D11Predicate *p, BOOL value)
{
    struct dc_cmd *c = record2(iface, DC_PREDICATION, p, NULL);
    if (c)
        c->u[0] = (UINT)value;
    INNER(iface)->SetPredication(iface, p, value);
}

static void STDMETHODCALLTYPE dc_CSSetUnorderedAccessViews(ID3D11DeviceContext2 *iface,
                                                           UINT start, UINT n,
                                                           ID3D11UnorderedAccessView *const *u,
                                                           const UINT *counts)
{
    void *o[D3D11_1_UAV_SLOT_COUNT];
    struct dc_cmd *c;
    if (n <= D3D11_1_UAV_SLOT_COUNT && (!n || u)) {
        for (UINT i = 0; i < n; i++)
            o[i] = u[i];
        if (all_recordable(iface, o, n) && (c = push(iface, DC_CS_UAV))) {
            c->u[0] = start;
            c->u[1] = counts != NULL;
            if (set_objs(iface, c, o, n) && counts)
                set_words(iface, c, counts, n, NULL, 0);
        }
    }
    INNER(iface)->CSSetUnorderedAccessViews(iface, start, n, u, counts);
}

static void STDMETHODCALLTYPE dc_ClearState(ID3D11DeviceContext2 *iface)
{
    push(iface, DC_CLEAR_STATE);
    INNER(iface)->ClearState(iface);
}

static void STDMETHODCALLTYPE dc_Flush(ID3D11DeviceContext2 *iface)
{
    (void)iface;   /* nothing is queued on a deferred context */
}

/* ---- work: recorded only (replayed on the target context) ---------------------------------- */

static void record_u(ID3D11DeviceContext2 *iface, enum dc_op op, void *obj, UINT a, UINT b,
                     UINT c_, UINT d, UINT e)
{
    struct dc_cmd *c = record2(iface, op, obj, NULL);
    if (c) {
        c->u[0] = a, c->u[1] = b, c->u[2] = c_, c->u[3] = d, c->u[4] = e;
    }
}

static void STDMETHODCALLTYPE dc_Draw(ID3D11DeviceContext2 *iface, UINT n, UINT start)
{
    record_u(iface, DC_DRAW, NULL, n, start, 0, 0, 0);
}

static void STDMETHODCALLTYPE dc_DrawIndexed(ID3D11DeviceContext2 *iface, UINT n, UINT start,
                                             INT base)
{
    record_u(iface, DC_DRAW_INDEXED, NULL, n, start, (UINT)base, 0, 0);
}

static void STDMETHODCALLTYPE dc_DrawInstanced(ID3D11DeviceContext2 *iface, UINT n, UINT inst,
                                               UINT start, UINT start_inst)
{
    record_u(iface, DC_DRAW_INSTANCED, NULL, n, inst, start, start_inst, 0);
}

static void STDMETHODCALLTYPE dc_DrawIndexedInstanced(ID3D11DeviceContext2 *iface, UINT n,
                                                      UINT inst, UINT start, INT base,
                                                      UINT start_inst)
{
    record_u(iface, DC_DRAW_INDEXED_INSTANCED, NULL, n, inst, start, (UINT)base, start_inst);
}

static void STDMETHODCALLTYPE dc_DrawAuto(ID3D11DeviceContext2 *iface)
{
    push(iface, DC_DRAW_AUTO);
}

static void STDMETHODCALLTYPE dc_DrawInstancedIndirect(ID3D11DeviceContext2 *iface,
                                                       ID3D11Buffer *b, UINT off)
{
    record_u(iface, DC_DRAW_INSTANCED_INDIRECT, b, off, 0, 0, 0, 0);
}

static void STDMETHODCALLTYPE dc_DrawIndexedInstancedIndirect(ID3D11DeviceContext2 *iface,
                                                              ID3D11Buffer *b, UINT off)
{
    record_u(iface, DC_DRAW_INDEXED_INSTANCED_INDIRECT, b, off, 0, 0, 0, 0);
}

static void STDMETHODCALLTYPE dc_Dispatch(ID3D11DeviceContext2 *iface, UINT x, UINT y, UINT z)
{
    record_u(iface, DC_DISPATCH, NULL, x, y, z, 0, 0);
}

static void STDMETHODCALLTYPE dc_DispatchIndirect(ID3D11DeviceContext2 *iface, ID3D11Buffer *b,
                                                  UINT off)
{
    record_u(iface, DC_DISPATCH_INDIRECT, b, off, 0, 0, 0, 0);
}

static void STDMETHODCALLTYPE dc_CopySubresourceRegion(ID3D11DeviceContext2 *iface,
                                                       ID3D11Resource *dst, UINT dsub, UINT x,
                                                       UINT y, UINT z, ID3D11Resource *src,
                                                       UINT ssub, const D3D11_BOX *box)
{
    struct dc_cmd *c = record2(iface, DC_COPY_REGION, dst, src);
    if (c) {
        c->u[0] = dsub, c->u[1] = x, c->u[2] = y, c->u[3] = z, c->u[4] = ssub;
        if ((c->has_box = box != NULL))
            c->box = *box;
    }
}

/* CopySubresourceRegion1: recorded as CopySubresourceRegion with its CopyFlags (checked when
 * the list executes, by the immediate method). */
static void STDMETHODCALLTYPE dc_CopySubresourceRegion1(ID3D11DeviceContext2 *iface,
                                                        ID3D11Resource *dst, UINT dsub, UINT x,
                                                        UINT y, UINT z, ID3D11Resource *src,
                                                        UINT ssub, const D3D11_BOX *box,
                                                        UINT flags)
{
    struct dc_cmd *c = record2(iface, DC_COPY_REGION1, dst, src);
    if (c) {
        c->u[0] = dsub, c->u[1] = x, c->u[2] = y, c->u[3] = z, c->u[4] = ssub, c->u[5] = flags;
        if ((c->has_box = box != NULL))
            c->box = *box;
    }
}

static void STDMETHODCALLTYPE dc_CopyResource(ID3D11DeviceContext2 *iface, ID3D11Resource *dst,
                                              ID3D11Resource *src)
{
    record2(iface, DC_COPY, dst, src);
}

/* The bytes UpdateSubresource reads from pSrcData: a box of the destination subresource in
 * blocks, rows of `row_bytes` at RowPitch, slices at DepthPitch.  False when the destination or
 * the box cannot be measured (the forwarded call's refusal is then left to replay). */
static bool update_extent(ID3D11Resource *dst, UINT sub, const D3D11_BOX *box, UINT *row_bytes,
                          UINT *rows, UINT *slices)
{
    struct d3d11_resource *res = d3d11_resource_from_iface(dst);
    UINT w, h, d, subs;
    if (!res)
        return false;
    subs = res->dim == D3D11_RESOURCE_DIMENSION_BUFFER ? 1 : res->mip_levels * res->array_size;
    if (sub >= subs)
        return false;
    w = res->width, h = res->height, d = res->depth;
    if (res->dim != D3D11_RESOURCE_DIMENSION_BUFFER) {
        UINT mip = sub % res->mip_levels;
        w = w >> mip ? w >> mip : 1, h = h >> mip ? h >> mip : 1, d = d >> mip ? d >> mip : 1;
    }
    if (box) {
        if (box->left >= box->right || box->top >= box->bottom || box->front >= box->back ||
            box->right > w || box->bottom > h || box->back > d)
            return false;
        w = box->right - box->left, h = box->bottom - box->top, d = box->back - box->front;
    }
    if (res->dim == D3D11_RESOURCE_DIMENSION_BUFFER) {
        *row_bytes = w, *rows = 1, *slices = 1;
        return true;
    }
    const core_format_desc *f = core_format_get(res->format);
    if (!f)
        return false;
    *row_bytes = (w + f->block_width - 1) / f->block_width * f->block_bytes;
    *rows = (h + f->block_height - 1) / f->block_height;
    *slices = d;
    return true;
}

/* UpdateSubresource (op DC_UPDATE) and UpdateSubresource1 (DC_UPDATE1, with its CopyFlags). */
static void record_update(ID3D11DeviceContext2 *iface, enum dc_op op, ID3D11Resource *dst,
                          UINT sub, const D3D11_BOX *box, const void *data, UINT row_pitch,
                          UINT depth_pitch, UINT flags)
{
    UINT row_bytes, rows, slices;
    struct dc_cmd *c;
    if (!data || !update_extent(dst, sub, box, &row_bytes, &rows, &slices)) {
        /* An empty box is a documented no-op; anything else the immediate code refuses. */
        d3d11_msg(DEV(iface), "%s: %s (deferred context: not recorded)",
                  op == DC_UPDATE1 ? "UpdateSubresource1" : "UpdateSubresource",
                  !data ? "pSrcData is NULL" : "the destination or pDstBox is not valid");
        return;
    }
    if (!(c = record2(iface, op, dst, NULL)))
        return;
    c->u[0] = sub;
    c->u[5] = flags;
    if ((c->has_box = box != NULL))
        c->box = *box;
    /* Captured tightly: rows of row_bytes, slices of rows. */
    c->u[1] = row_bytes;
    c->u[2] = row_bytes * rows;
    if (!(c->bytes = malloc((size_t)row_bytes * rows * slices))) {
        dc_impl(iface)->out_of_memory = true;
        return;
    }
    c->nbytes = (size_t)row_bytes * rows * slices;
    for (UINT z = 0; z < slices; z++)
        for (UINT y = 0; y < rows; y++)
            memcpy((char *)c->bytes + ((size_t)z * rows + y) * row_bytes,
                   (const char *)data + (size_t)z * depth_pitch + (size_t)y * row_pitch,
                   row_bytes);
}

static void STDMETHODCALLTYPE dc_UpdateSubresource(ID3D11DeviceContext2 *iface,
                                                   ID3D11Resource *dst, UINT sub,
                                                   const D3D11_BOX *box, const void *data,
                                                   UINT row_pitch, UINT depth_pitch)
{
    record_update(iface, DC_UPDATE, dst, sub, box, data, row_pitch, depth_pitch, 0);
}

static void STDMETHODCALLTYPE dc_UpdateSubresource1(ID3D11DeviceContext2 *iface,
                                                    ID3D11Resource *dst, UINT sub,
                                                    const D3D11_BOX *box, const void *data,
                                                    UINT row_pitch, UINT depth_pitch, UINT flags)
{
    record_update(iface, DC_UPDATE1, dst, sub, box, data, row_pitch, depth_pitch, flags);
}

static void STDMETHODCALLTYPE dc_CopyStructureCount(ID3D11DeviceContext2 *iface,
                                                    ID3D11Buffer *b, UINT off,
                                                    ID3D11UnorderedAccessView *v)
{
    struct dc_cmd *c = record2(iface, DC_COPY_STRUCTURE_COUNT, b, v);
    if (c)
        c->u[0] = off;
}

static void STDMETHODCALLTYPE dc_ClearRenderTargetView(ID3D11DeviceContext2 *iface,
                                                       ID3D11RenderTargetView *v,
                                                       const FLOAT color[4])
{
    struct dc_cmd *c;
    if (!color) {
        d3d11_msg(DEV(iface), "ClearRenderTargetView: ColorRGBA is NULL");
        return;
    }
    if ((c = record2(iface, DC_CLEAR_RTV, v, NULL)))
        memcpy(c->f, color, sizeof(c->f));
}

static void STDMETHODCALLTYPE dc_ClearUnorderedAccessViewUint(ID3D11DeviceContext2 *iface,
                                                              ID3D11UnorderedAccessView *v,
                                                              const UINT values[4])
{
    struct dc_cmd *c;
    if (values && (c = record2(iface, DC_CLEAR_UAV_UINT, v, NULL)))
        memcpy(c->u, values, 4 * sizeof(UINT));
}

static void STDMETHODCALLTYPE dc_ClearUnorderedAccessViewFloat(ID3D11DeviceContext2 *iface,
                                                               ID3D11UnorderedAccessView *v,
                                                               const FLOAT values[4])
{
    struct dc_cmd *c;
    if (values && (c = record2(iface, DC_CLEAR_UAV_FLOAT, v, NULL)))
        memcpy(c->f, values, sizeof(c->f));
}

static void STDMETHODCALLTYPE dc_ClearDepthStencilView(ID3D11DeviceContext2 *iface,
                                                       ID3D11DepthStencilView *v, UINT flags,
                                                       FLOAT depth, UINT8 stencil)
{
    struct dc_cmd *c = record2(iface, DC_CLEAR_DSV, v, NULL);
    if (c) {
        c->u[0] = flags, c->u[1] = stencil;
        c->f[0] = depth;
    }
}

static void STDMETHODCALLTYPE dc_GenerateMips(ID3D11DeviceContext2 *iface,
                                              ID3D11ShaderResourceView *v)
{
    record2(iface, DC_GENERATE_MIPS, v, NULL);
}

static void STDMETHODCALLTYPE dc_ResolveSubresource(ID3D11DeviceContext2 *iface,
                                                    ID3D11Resource *dst, UINT dsub,
                                                    ID3D11Resource *src, UINT ssub,
                                                    DXGI_FORMAT format)
{
    struct dc_cmd *c = record2(iface, DC_RESOLVE, dst, src);
    if (c)
        c->u[0] = dsub, c->u[1] = ssub, c->u[2] = (UINT)format;
}

static void STDMETHODCALLTYPE dc_Begin(ID3D11DeviceContext2 *iface, ID3D11Asynchronous *q)
{
    if (!q || !d3d11_query_child(q) || !recordable(iface, q)) {
        d3d11_msg(DEV(iface), "Begin: pAsync is not a query of this device");
        return;
    }
    record2(iface, DC_BEGIN, q, NULL);
}

static void STDMETHODCALLTYPE dc_End(ID3D11DeviceContext2 *iface, ID3D11Asynchronous *q)
{
    if (!q || !d3d11_query_child(q) || !recordable(iface, q)) {
        d3d11_msg(DEV(iface), "End: pAsync is not a query of this device");
        return;
    }
    record2(iface, DC_END, q, NULL);
}

static HRESULT STDMETHODCALLTYPE dc_GetData(ID3D11DeviceContext2 *iface, ID3D11Asynchronous *q,
                                            void *data, UINT size, UINT flags)
{
    (void)q, (void)data, (void)size, (void)flags;
    d3d11_msg(DEV(iface), "GetData: cannot be called on a deferred context (ID3D11DeviceContext::"
                          "GetData): DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
}

/* ---- Map / Unmap --------------------------------------------------------------------------- */

static struct dc_mapping *find_mapping(struct d3d11_deferred *d, const struct d3d11_resource *r,
                                       UINT sub)
{
    for (size_t i = 0; i < d->map_count; i++)
        if (d->maps[i].res == r && d->maps[i].sub == sub)
            return &d->maps[i];
    return NULL;
}

/* The last capture of (res, sub) in the recording, or NULL. */
static const struct dc_cmd *last_capture(const struct d3d11_deferred *d, void *res_iface, UINT sub)
{
    for (size_t i = d->stream.count; i--;) {
        const struct dc_cmd *c = &d->stream.cmds[i];
        if (c->op == DC_MAP && c->obj[0] == res_iface && c->u[0] == sub)
            return c;
    }
    return NULL;
}

static HRESULT map_refuse(ID3D11DeviceContext2 *iface, D3D11_MAPPED_SUBRESOURCE *out,
                          const char *why)
{
    if (out)
        memset(out, 0, sizeof(*out));
    d3d11_msg(DEV(iface), "Map: %s (deferred context)", why);
    return E_INVALIDARG;
}

static HRESULT STDMETHODCALLTYPE dc_Map(ID3D11DeviceContext2 *iface, ID3D11Resource *resource,
                                        UINT sub, D3D11_MAP type, UINT flags,
                                        D3D11_MAPPED_SUBRESOURCE *out)
{
    struct d3d11_deferred *d = dc_impl(iface);
    struct d3d11_resource *res = d3d11_resource_from_iface(resource);
    const struct dc_cmd *prev;
    struct dc_mapping *m;
    UINT subs;

    if (type != D3D11_MAP_WRITE_DISCARD && type != D3D11_MAP_WRITE_NO_OVERWRITE)
        return map_refuse(iface, out, "only D3D11_MAP_WRITE_DISCARD and "
                          "D3D11_MAP_WRITE_NO_OVERWRITE can be used on a deferred context "
                          "(ID3D11DeviceContext::Map)");
    if (!res || res->device != d->base.device)
        return map_refuse(iface, out, "pResource is not a resource of this device");
    if (flags)
        return map_refuse(iface, out, "MapFlags must be 0 (D3D11_MAP_FLAG_DO_NOT_WAIT cannot be "
                          "used with WRITE_DISCARD or WRITE_NO_OVERWRITE)");
    if (!out)
        return map_refuse(iface, out, "pMappedResource is NULL");
    if (res->usage != D3D11_USAGE_DYNAMIC || !(res->cpu_access_flags & D3D11_CPU_ACCESS_WRITE))
        return map_refuse(iface, out, "the resource is not D3D11_USAGE_DYNAMIC with "
                          "D3D11_CPU_ACCESS_WRITE (D3D11_MAP)");
    subs = res->dim == D3D11_RESOURCE_DIMENSION_BUFFER ? 1 : res->mip_levels * res->array_size;
    if (sub >= subs)
        return map_refuse(iface, out, "Subresource is out of range");
    if (find_mapping(d, res, sub))
        return map_refuse(iface, out, "the subresource is already mapped");
    prev = last_capture(d, res->iface, sub);
    if (type == D3D11_MAP_WRITE_NO_OVERWRITE) {
        if (!d3d11_map_no_overwrite_ok(res, DEV(iface)->level))
            return map_refuse(iface, out, "D3D11_MAP_WRITE_NO_OVERWRITE needs a vertex or index "
                              "buffer (D3D11_MAP; at 11_1 also a constant or shader-resource "
                              "buffer)");
        if (!prev)
            return map_refuse(iface, out, "D3D11_MAP_WRITE_NO_OVERWRITE needs a "
                              "D3D11_MAP_WRITE_DISCARD of the subresource earlier in the "
                              "command list (the first map of a dynamic resource on a deferred "
                              "context discards it)");
    }
    if (d->map_count == d->map_capacity) {
        size_t cap = d->map_capacity ? d->map_capacity * 2 : 4;
        struct dc_mapping *n = realloc(d->maps, cap * sizeof(*n));
        if (!n)
            return E_OUTOFMEMORY;
        d->maps = n;
        d->map_capacity = cap;
    }
    m = &d->maps[d->map_count];
    const core_subresource *s = &res->core->sub[sub];
    m->size = s->size;
    m->row_pitch = (UINT)s->row_pitch;
    m->depth_pitch = (UINT)s->depth_pitch;
    /* WRITE_DISCARD: contents undefined (zeros here, deterministic); NO_OVERWRITE: the previous
     * capture, which the application promises not to overwrite where it is in use. */
    if (!(m->data = calloc(1, m->size ? m->size : 1)))
        return E_OUTOFMEMORY;
    if (type == D3D11_MAP_WRITE_NO_OVERWRITE)
        memcpy(m->data, prev->bytes, prev->nbytes < m->size ? prev->nbytes : m->size);
    m->res = res;
    m->sub = sub;
    d3d11_resource_addref(res);
    d->map_count++;
    out->pData = m->data;
    out->RowPitch = m->row_pitch;
    out->DepthPitch = m->depth_pitch;
    return S_OK;
}

static void STDMETHODCALLTYPE dc_Unmap(ID3D11DeviceContext2 *iface, ID3D11Resource *resource,
                                       UINT sub)
{
    struct d3d11_deferred *d = dc_impl(iface);
    struct d3d11_resource *res = d3d11_resource_from_iface(resource);
    struct dc_mapping *m = res ? find_mapping(d, res, sub) : NULL;
    struct dc_mapping taken;
    struct dc_cmd *c;
    if (!m) {
        d3d11_msg(d->base.device, "Unmap: subresource %u is not mapped on this deferred context",
                  sub);
        return;
    }
    taken = *m;
    *m = d->maps[--d->map_count];
    if ((c = push(iface, DC_MAP))) {
        c->obj[0] = taken.res->iface;   /* the mapping's reference moves to the command */
        c->u[0] = taken.sub;
        c->u[1] = taken.row_pitch;
        c->u[2] = taken.depth_pitch;
        c->bytes = taken.data;
        c->nbytes = taken.size;
    } else {
        free(taken.data);
        d3d11_resource_release(taken.res);
    }
}

/* ---- command lists -------------------------------------------------------------------------- */

static HRESULT STDMETHODCALLTYPE dc_FinishCommandList(ID3D11DeviceContext2 *iface, BOOL restore,
                                                      ID3D11CommandList **out)
{
    struct d3d11_deferred *d = dc_impl(iface);
    HRESULT hr;
    if (!out) {
        d3d11_msg(d->base.device, "FinishCommandList: ppCommandList is NULL");
        return E_INVALIDARG;
    }
    *out = NULL;
    if (d->map_count) {
        d3d11_msg(d->base.device, "FinishCommandList: %zu subresource(s) still mapped on the "
                  "deferred context", d->map_count);
        return DXGI_ERROR_INVALID_CALL;
    }
    if (d->out_of_memory) {
        /* The recording is incomplete: refuse it whole, and start afresh. */
        dc_stream_free(&d->stream);
        d->out_of_memory = false;
        hr = E_OUTOFMEMORY;
    } else if (SUCCEEDED(hr = d3d11_command_list_create(d->base.device, &d->stream, out))) {
        memset(&d->stream, 0, sizeof(d->stream));
    }
    if (SUCCEEDED(hr) && !restore)
        d->inner->ClearState(iface);   /* FALSE: "return to its default state" */
    return hr;
}

static void STDMETHODCALLTYPE dc_ExecuteCommandList(ID3D11DeviceContext2 *iface,
                                                    ID3D11CommandList *list, BOOL restore)
{
    struct d3d11_command_list *cl = d3d11_command_list_of(list);
    struct dc_cmd *c;
    if (!cl || d3d11_command_list_device(cl) != DEV(iface)) {
        d3d11_msg(DEV(iface), "ExecuteCommandList: pCommandList is not a command list of this "
                              "device");
        return;
    }
    if ((c = record2(iface, DC_EXECUTE, list, NULL)))
        c->u[0] = (UINT)restore;
    /* The deferred context's state afterwards is the target's after the call: cleared unless
     * RestoreContextState (then unchanged, since the list's own state is put back). */
    if (!restore)
        dc_impl(iface)->inner->ClearState(iface);
}

/* ---- not on deferred contexts (yet) --------------------------------------------------------- */

static void tile_method(ID3D11DeviceContext2 *iface, const char *method)
{
    d3d11_msg(DEV(iface), "%s: not implemented on a deferred context (softd3d records the tile "
                          "methods only on the immediate context)", method);
}

static HRESULT STDMETHODCALLTYPE dc_UpdateTileMappings(
    ID3D11DeviceContext2 *iface, ID3D11Resource *r, UINT n, const D3D11_TILED_RESOURCE_COORDINATE *c,
    const D3D11_TILE_REGION_SIZE *s, ID3D11Buffer *pool, UINT nr, const UINT *f, const UINT *o,
    const UINT *cnt, UINT flags)
{
    (void)r, (void)n, (void)c, (void)s, (void)pool, (void)nr, (void)f, (void)o, (void)cnt;
    (void)flags;
    tile_method(iface, "UpdateTileMappings");
    return E_NOTIMPL;
}

static HRESULT STDMETHODCALLTYPE dc_CopyTileMappings(
    ID3D11DeviceContext2 *iface, ID3D11Resource *d, const D3D11_TILED_RESOURCE_COORDINATE *dc,
    ID3D11Resource *s, const D3D11_TILED_RESOURCE_COORDINATE *sc,
    const D3D11_TILE_REGION_SIZE *size, UINT flags)
{
    (void)d, (void)dc, (void)s, (void)sc, (void)size, (void)flags;
    tile_method(iface, "CopyTileMappings");
    return E_NOTIMPL;
}

static void STDMETHODCALLTYPE dc_CopyTiles(ID3D11DeviceContext2 *iface, ID3D11Resource *r,
                                           const D3D11_TILED_RESOURCE_COORDINATE *c,
                                           const D3D11_TILE_REGION_SIZE *s, ID3D11Buffer *b,
                                           UINT64 off, UINT flags)
{
    (void)r, (void)c, (void)s, (void)b, (void)off, (void)flags;
    tile_method(iface, "CopyTiles");
}

static void STDMETHODCALLTYPE dc_UpdateTiles(ID3D11DeviceContext2 *iface, ID3D11Resource *r,
                                             const D3D11_TILED_RESOURCE_COORDINATE *c,
                                             const D3D11_TILE_REGION_SIZE *s, const void *data,
                                             UINT flags)
{
    (void)r, (void)c, (void)s, (void)data, (void)flags;
    tile_method(iface, "UpdateTiles");
}

static HRESULT STDMETHODCALLTYPE dc_ResizeTilePool(ID3D11DeviceContext2 *iface, ID3D11Buffer *b,
                                                   UINT64 size)
{
    (void)b, (void)size;
    tile_method(iface, "ResizeTilePool");
    return E_NOTIMPL;
}

static void STDMETHODCALLTYPE dc_TiledResourceBarrier(ID3D11DeviceContext2 *iface,
                                                      ID3D11DeviceChild *a, ID3D11DeviceChild *b)
{
    (void)a, (void)b;
    tile_method(iface, "TiledResourceBarrier");
}

/* ---- the vtable and creation ---------------------------------------------------------------- */

/* The deferred methods over a copy of the level's immediate vtable: every other slot (Get*,
 * QueryInterface, GetDevice, private data, and what the level does not implement) is the level's
 * own code, run on the deferred context's state. */
static void dc_fill(ID3D11DeviceContext2Vtbl *v)
{
#define DC(name) v->name = dc_##name
#define DC_STAGE_SLOTS(P)                                                                      \
    DC(P##SetShader), DC(P##SetConstantBuffers), DC(P##SetShaderResources), DC(P##SetSamplers)
    DC(AddRef), DC(Release), DC(GetType), DC(GetContextFlags);
    DC_STAGE_SLOTS(VS);
    DC_STAGE_SLOTS(PS);
    DC_STAGE_SLOTS(GS);
    DC_STAGE_SLOTS(HS);
    DC_STAGE_SLOTS(DS);
    DC_STAGE_SLOTS(CS);
    DC(IASetInputLayout), DC(IASetVertexBuffers), DC(IASetIndexBuffer);
    DC(IASetPrimitiveTopology), DC(RSSetState), DC(RSSetViewports), DC(RSSetScissorRects);
    DC(OMSetRenderTargets), DC(OMSetRenderTargetsAndUnorderedAccessViews), DC(OMSetBlendState);
    DC(OMSetDepthStencilState), DC(SOSetTargets), DC(SetPredication);
    DC(CSSetUnorderedAccessViews), DC(ClearState), DC(Flush);
    DC(Draw), DC(DrawIndexed), DC(DrawInstanced), DC(DrawIndexedInstanced), DC(DrawAuto);
    DC(DrawInstancedIndirect), DC(DrawIndexedInstancedIndirect), DC(Dispatch);
    DC(DispatchIndirect), DC(CopySubresourceRegion), DC(CopyResource), DC(UpdateSubresource);
    DC(CopyStructureCount), DC(ClearRenderTargetView), DC(ClearUnorderedAccessViewUint);
    DC(ClearUnorderedAccessViewFloat), DC(ClearDepthStencilView), DC(GenerateMips);
    DC(ResolveSubresource), DC(Begin), DC(End), DC(GetData), DC(Map), DC(Unmap);
    DC(FinishCommandList), DC(ExecuteCommandList);
    DC(VSSetConstantBuffers1), DC(PSSetConstantBuffers1), DC(GSSetConstantBuffers1);
    DC(HSSetConstantBuffers1), DC(DSSetConstantBuffers1), DC(CSSetConstantBuffers1);
    DC(CopySubresourceRegion1), DC(UpdateSubresource1);
    DC(UpdateTileMappings), DC(CopyTileMappings), DC(CopyTiles), DC(UpdateTiles);
    DC(ResizeTilePool), DC(TiledResourceBarrier);
#undef DC_STAGE_SLOTS
#undef DC
}

/* One deferred vtable per immediate vtable (9_x and 11_1 have their own), made once. */
struct dc_vtbl_entry {
    const ID3D11DeviceContext2Vtbl *inner;
    ID3D11DeviceContext2Vtbl vtbl;
};
static struct dc_vtbl_entry dc_vtbls[4];
static size_t dc_vtbl_count;
static pthread_mutex_t dc_vtbl_lock = PTHREAD_MUTEX_INITIALIZER;

static const ID3D11DeviceContext2Vtbl *vtbl_for(const ID3D11DeviceContext2Vtbl *inner)
{
    const ID3D11DeviceContext2Vtbl *found = NULL;
    pthread_mutex_lock(&dc_vtbl_lock);
    for (size_t i = 0; i < dc_vtbl_count && !found; i++)
        if (dc_vtbls[i].inner == inner)
            found = &dc_vtbls[i].vtbl;
    if (!found && dc_vtbl_count < sizeof(dc_vtbls) / sizeof(dc_vtbls[0])) {
        struct dc_vtbl_entry *e = &dc_vtbls[dc_vtbl_count];
        e->inner = inner;
        e->vtbl = *inner;
        dc_fill(&e->vtbl);
        found = &e->vtbl;
        dc_vtbl_count++;
    }
    pthread_mutex_unlock(&dc_vtbl_lock);
    return found;
}

HRESULT d3d11_deferred_context_create(struct d3d11_device *dev, UINT flags, const char *method,
                                      ID3D11DeviceContext2 **out)
{
    struct d3d11_deferred *d;
    const ID3D11DeviceContext2Vtbl *v;
    if (out)
        *out = NULL;
    if (flags) {
        d3d11_msg(dev, "%s: ContextFlags 0x%x must be 0 (reserved)", method, flags);
        return E_INVALIDARG;
    }
    if (dev->flags & D3D11_CREATE_DEVICE_SINGLETHREADED) {
        d3d11_msg(dev, "%s: the device was created with D3D11_CREATE_DEVICE_SINGLETHREADED",
                  method);
        return DXGI_ERROR_INVALID_CALL;
    }
    if (!out)
        return S_FALSE;
    if (!(d = calloc(1, sizeof(*d)))) {
        d3d11_msg(dev, "%s: out of memory", method);
        return E_OUTOFMEMORY;
    }
    /* The context as the immediate one is made, at the device's level... */
    d3d11_context_init(&d->base, dev);
    if (dev->level == D3D_FEATURE_LEVEL_11_1)   /* tiled render targets (device.c) */
        d3d11_tiled_context_init(&d->base);
    d->inner = d->base.iface.lpVtbl;
    /* ...then the deferred face over it. */
    if (!(v = vtbl_for(d->inner))) {
        d3d11_context_cleanup(&d->base);
        free(d);
        return E_OUTOFMEMORY;
    }
    d->base.iface.lpVtbl = (ID3D11DeviceContext2Vtbl *)v;
    d->flags = flags;
    atomic_store(&d->base.refcount, 1);
    ID3D11Device2_AddRef(&dev->iface);
    *out = &d->base.iface;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE device_CreateDeferredContext(ID3D11Device2 *iface, UINT flags,
                                                              ID3D11DeviceContext **out)
{
    return d3d11_deferred_context_create(d3d11_device_from_iface(iface), flags,
                                         "CreateDeferredContext", (ID3D11DeviceContext2 **)out);
}

static HRESULT STDMETHODCALLTYPE device_CreateDeferredContext1(ID3D11Device2 *iface, UINT flags,
                                                               ID3D11DeviceContext1 **out)
{
    return d3d11_deferred_context_create(d3d11_device_from_iface(iface), flags,
                                         "CreateDeferredContext1", (ID3D11DeviceContext2 **)out);
}

static HRESULT STDMETHODCALLTYPE device_CreateDeferredContext2(ID3D11Device2 *iface, UINT flags,
                                                               ID3D11DeviceContext2 **out)
{
    return d3d11_deferred_context_create(d3d11_device_from_iface(iface), flags,
                                         "CreateDeferredContext2", out);
}

void d3d11_deferred_fill_device_vtbl(ID3D11Device2Vtbl *v)
{
    v->CreateDeferredContext = device_CreateDeferredContext;
    v->CreateDeferredContext1 = device_CreateDeferredContext1;
    v->CreateDeferredContext2 = device_CreateDeferredContext2;
}
