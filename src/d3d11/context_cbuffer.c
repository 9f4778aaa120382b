/* src/d3d11/context_cbuffer.c — the constant-buffer slots of the six shader stages:
 * *SetConstantBuffers / *GetConstantBuffers (called by context_state.c's stage templates) and
 * the ID3D11DeviceContext1 additions *SetConstantBuffers1 / *GetConstantBuffers1, with the
 * range each slot shows the shader (d3d11_context_cb_view, read by the draw and dispatch paths).
 *
 * Rules (the VSSetConstantBuffers / VSSetConstantBuffers1 pages; the other stages' pages say the
 * same):
 *  - StartSlot + NumBuffers <= D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT (14); a buffer
 *    must be one of this device's buffers with D3D11_BIND_CONSTANT_BUFFER.
 *  - pFirstConstant / pNumConstants count 16-byte constants; "each offset must be a multiple of
 *    16 constants", each number "a multiple of 16 constants, in the range [0..4096]"; a number
 *    past 4096 makes "the runtime drop the call".  The window may run past the buffer's end:
 *    "the constant buffer is the intersection of the actual memory allocation for the buffer and
 *    the window", so what lies outside reads 0 (out-of-range constant-buffer reads, D3D11.3
 *    functional spec 7.5).  Decision: both arrays or neither (one alone is refused: the window
 *    would be half given); neither binds the whole buffer, as the plain method does.
 *  - Levels: "the runtime emulates this feature for feature level 9.1, 9.2, and 9.3 ... always
 *    available on new drivers for feature level 10 and higher" (VSSetConstantBuffers1), so the
 *    1-methods work at every level this device offers (D3D11_OPTIONS.ConstantBufferOffsetting
 *    TRUE, feature_support.c).  A stage the level lacks (GS and CS below 10_0, HS/DS below 11_0)
 *    accepts only NULL buffers, as its plain method does (context_state.c).
 *  - The plain *GetConstantBuffers1 of a slot bound by the plain method answers 0 and the
 *    buffer's size in constants (at most 4096): what the shader sees.
 * A refused call changes nothing and leaves one message line; the methods return nothing.
 */
#include "d3d11/d3d11_private.h"

#include <stdarg.h>
#include <stdio.h>

#include "d3d11/d3d11_context.h"
#include "d3d11/d3d11_resource.h"
#include "util/log.h"

#define MSG_SIZE D3D11_RESOURCE_MSG_SIZE
/* D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT: the constants one shader-visible buffer holds. */
#define CB_MAX_CONSTANTS 4096u

static const char *const stage_prefix[] = { "VS", "PS", "GS", "HS", "DS", "CS" };
/* The level each stage exists from (seed 004: no GS at 9_x; HS and DS from 11_0, CS from
 * 10_0 with cs_4_x; as context_state.c's gates). */
static const D3D_FEATURE_LEVEL stage_min_level[] = {
    D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_10_0,
    D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_0,
};

static inline struct d3d11_context *impl(ID3D11DeviceContext2 *iface)
{
    return container_of(iface, struct d3d11_context, iface);
}

static struct d3d11_shader_stage_state *stage_state(struct d3d11_context *ctx, unsigned st)
{
    struct d3d11_shader_stage_state *const all[] = { &ctx->state.vs, &ctx->state.ps,
                                                     &ctx->state.gs, &ctx->state.hs,
                                                     &ctx->state.ds, &ctx->state.cs };
    return all[st];
}

/* E_INVALIDARG with the message in msg (the resource validators' helper) */
#define refuse(msg, ...) d3d11_res_refuse(E_INVALIDARG, msg, MSG_SIZE, __VA_ARGS__)

/* The whole buffer, in constants, as far as a shader can see it. */
static UINT whole_buffer(const struct d3d11_resource *res)
{
    UINT n = res ? res->width / 16 : 0;
    return n < CB_MAX_CONSTANTS ? n : CB_MAX_CONSTANTS;
}

void d3d11_context_cb_view(const struct d3d11_shader_stage_state *s, unsigned i,
                           const uint32_t **data, uint32_t *size)
{
    const struct d3d11_resource *b = s->constant_buffers[i];
    UINT total, first;
    *data = NULL;
    *size = 0;
    if (!b || !b->core)
        return;
    total = b->width / 16;
    first = s->cb_first[i];
    if (first >= total) {   /* the window lies wholly past the end: every read gives 0 */
        *data = (const uint32_t *)(const void *)b->core->data;
        return;
    }
    *data = (const uint32_t *)(const void *)((const unsigned char *)b->core->data +
                                                (size_t)first * 16);
    *size = total - first < s->cb_count[i] ? total - first : s->cb_count[i];
}

/* The set methods' work: `first` / `num` NULL for the plain method (or the 1-method given
 * neither). */
static void set_cbs(struct d3d11_context *ctx, unsigned st, bool one, UINT start, UINT count,
                    ID3D11Buffer *const *buffers, const UINT *first, const UINT *num)
{
    struct d3d11_device *dev = ctx->device;
    struct d3d11_resource *res[D3D11_CTX_CB_SLOTS];
    char method[32], msg[MSG_SIZE];
    bool present = dev->level >= stage_min_level[st];
    HRESULT hr = S_OK;

    snprintf(method, sizeof(method), "%sSetConstantBuffers%s", stage_prefix[st], one ? "1" : "");
    if ((uint64_t)start + count > D3D11_CTX_CB_SLOTS)
        hr = refuse(msg, "%s: StartSlot %u + NumBuffers %u exceeds the %u constant-buffer slots",
                    method, start, count, D3D11_CTX_CB_SLOTS);
    else if (count && !buffers)
        hr = refuse(msg, "%s: ppConstantBuffers is NULL with NumBuffers %u", method, count);
    else if (count && (!first) != (!num))
        hr = refuse(msg, "%s: pFirstConstant and pNumConstants must both be given or both be "
                    "NULL", method);
    for (UINT i = 0; SUCCEEDED(hr) && i < count; i++) {
        res[i] = d3d11_resource_from_iface((ID3D11Resource *)buffers[i]);
        if (!buffers[i])
            continue;
        if (!present)
            hr = refuse(msg, "%s: ppConstantBuffers[%u] is not NULL; the %s stage does not exist "
                        "at feature level %s", method, i, stage_prefix[st],
                        d3d11_level_name(dev->level));
        else if (!res[i] || res[i]->dim != D3D11_RESOURCE_DIMENSION_BUFFER)
            hr = refuse(msg, "%s: ppConstantBuffers[%u] is not a softd3d buffer", method, i);
        else if (res[i]->device != dev)
            hr = refuse(msg, "%s: ppConstantBuffers[%u] belongs to another device", method, i);
        else if (!(res[i]->bind_flags & D3D11_BIND_CONSTANT_BUFFER))
            hr = refuse(msg, "%s: ppConstantBuffers[%u] was not created with "
                        "D3D11_BIND_CONSTANT_BUFFER (BindFlags 0x%x)", method, i,
                        res[i]->bind_flags);
        else if (first && (first[i] % 16 || num[i] % 16))
            hr = refuse(msg, "%s: pFirstConstant[%u] %u and pNumConstants[%u] %u must be "
                        "multiples of 16 constants", method, i, first[i], i, num[i]);
        else if (first && num[i] > CB_MAX_CONSTANTS)
            hr = refuse(msg, "%s: pNumConstants[%u] %u exceeds the %u constants a shader can "
                        "read (the runtime drops the call)", method, i, num[i],
                        CB_MAX_CONSTANTS);
    }
    if (FAILED(hr)) {
        d3d11_msg(dev, "%s", msg);
        return;
    }
    struct d3d11_shader_stage_state *s = stage_state(ctx, st);
    for (UINT i = 0; i < count; i++) {
        struct d3d11_resource *old = s->constant_buffers[start + i];
        if (res[i])
            d3d11_resource_bind(res[i]);   /* first: rebinding the same buffer must not free it */
        s->constant_buffers[start + i] = res[i];
        s->cb_first[start + i] = res[i] && first ? first[i] : 0;
        s->cb_count[start + i] = res[i] ? (first ? num[i] : whole_buffer(res[i])) : 0;
        if (old)
            d3d11_resource_unbind(old);
    }
}

static void get_cbs(struct d3d11_context *ctx, unsigned st, bool one, UINT start, UINT count,
                    ID3D11Buffer **buffers, UINT *first, UINT *num)
{
    const struct d3d11_shader_stage_state *s = stage_state(ctx, st);
    if ((uint64_t)start + count > D3D11_CTX_CB_SLOTS) {
        d3d11_msg(ctx->device, "%sGetConstantBuffers%s: StartSlot %u + NumBuffers %u exceeds %u "
                  "slots", stage_prefix[st], one ? "1" : "", start, count, D3D11_CTX_CB_SLOTS);
        return;
    }
    for (UINT i = 0; i < count; i++) {
        struct d3d11_resource *r = s->constant_buffers[start + i];
        if (buffers) {
            buffers[i] = r ? (ID3D11Buffer *)r->iface : NULL;
            if (r)
                d3d11_resource_addref(r);
        }
        if (first)
            first[i] = s->cb_first[start + i];
        if (num)
            num[i] = s->cb_count[start + i];
    }
}

void d3d11_context_set_cbs(struct d3d11_context *ctx, unsigned stage, UINT start, UINT count,
                           ID3D11Buffer *const *buffers)
{
    set_cbs(ctx, stage, false, start, count, buffers, NULL, NULL);
}

void d3d11_context_get_cbs(struct d3d11_context *ctx, unsigned stage, UINT start, UINT count,
                           ID3D11Buffer **buffers)
{
    get_cbs(ctx, stage, false, start, count, buffers, NULL, NULL);
}

#define CB1_METHODS(P, st)                                                                      \
    static void STDMETHODCALLTYPE ctx_##P##SetConstantBuffers1(                                 \
        ID3D11DeviceContext2 *iface, UINT start, UINT n, ID3D11Buffer *const *b,               \
        const UINT *first, const UINT *num)                                                     \
    {                                                                                           \
        set_cbs(impl(iface), st, true, start, n, b, first, num);                                \
    }                                                                                           \
    static void STDMETHODCALLTYPE ctx_##P##GetConstantBuffers1(                                 \
        ID3D11DeviceContext2 *iface, UINT start, UINT n, ID3D11Buffer **b, UINT *first,        \
        UINT *num)                                                                              \
    {                                                                                           \
        get_cbs(impl(iface), st, true, start, n, b, first, num);                                \
    }

CB1_METHODS(VS, 0)
CB1_METHODS(PS, 1)
CB1_METHODS(GS, 2)
CB1_METHODS(HS, 3)
CB1_METHODS(DS, 4)
CB1_METHODS(CS, 5)
#undef CB1_METHODS

void d3d11_context_cbuffer_fill_vtbl(ID3D11DeviceContext2Vtbl *v)
{
#define SLOTS(P)                                                                                \
    v->P##SetConstantBuffers1 = ctx_##P##SetConstantBuffers1,                                   \
    v->P##GetConstantBuffers1 = ctx_##P##GetConstantBuffers1
    SLOTS(VS);
    SLOTS(PS);
    SLOTS(GS);
    SLOTS(HS);
    SLOTS(DS);
    SLOTS(CS);
#undef SLOTS
}
