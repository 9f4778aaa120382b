/* src/d3d11/context_state.c — every pipeline-state setter and getter of the immediate
 * ID3D11DeviceContext, ClearState and Flush.  The state they write is d3d11_context_state
 * (d3d11_context.h), which the draw path reads.
 *
 * Shape of every setter: a pure validation (arguments + feature level + what the rule needs of the
 * bound state -> HRESULT + one message line), then, only when it passes, the change.  The methods
 * return nothing, so a refusal is the message (printed under SOFTD3D_DEBUG=1 or the device's debug
 * flag, kept as util_last_message()) and an unchanged state: a call is all or nothing.
 *
 * References: a bound object is held with a context reference (d3d11_child_bind), dropped when it
 * is replaced, by ClearState and when the device dies; it keeps the object alive but not the
 * device (device_child.h).  Getters return application references (AddRef'd) and NULL for empty
 * slots.  An object of another device, or a pointer that is not a softd3d object of the expected
 * kind, is refused.
 *
 * The 10Level9 rules come from the public page "10Level9 ID3D11DeviceContext Methods" (cited as
 * "10Level9 context reference") and seed 004; the general ones from each method's reference page:
 *  - IASetPrimitiveTopology: "primitive topologies with adjacency are not supported" at 9_x;
 *    the 32 patch lists need a hull shader, which no 9_x or 10_x level has (seed 004,
 *    CreateHullShader): accepted from 11_0.  Which stages a draw then needs is the draw's rule
 *    (context_draw.c), as on Windows, where the topology alone is never refused at 11_0.
 *  - OMSetRenderTargets: one render target at 9_1/9_2, four at 9_3 (limits.h, seed 000
 *    NumSimultaneousRTs), and at 9_3 "all bound resources must have same bit depth" (checked among
 *    the render targets).  The limit counts the non-NULL views: NULL slots past it are accepted,
 *    as Windows does (issue 11 part 10; an independent conformance suite).  General
 *    rules (OMSetRenderTargets page): a subresource in at most one slot, every view the same size
 *    (width, height, array size) and sample count, the depth-stencil view included.  Hazards: a
 *    subresource bound as a render target or depth-stencil view is removed from the shader-resource
 *    slots ("those bind points will be set to NULL"), and PSSetShaderResources binds NULL instead
 *    of a view whose subresources are bound for output (the runtime's documented debug warning);
 *    each case leaves a message line.
 *  - OMSetBlendState: "SampleMask cannot be zero" at 9_x; pBlendFactor NULL means {1, 1, 1, 1}.
 *  - PSSetShaderResources: "no more than 8 simultaneously bound shader resources" — decision:
 *    the count of non-NULL pixel-shader views after the call, in the general 128 slots.
 *  - PSSetSamplers: "no more than 16 samplers" — the general 16 slots.
 *  - VSSetShaderResources, VSSetSamplers, the GS/HS/DS/CS methods, SOSetTargets, SetPredication,
 *    the UAV slots: "not supported on any 9.* feature level" (GS from 10_0, HS/DS from 11_0: the
 *    same methods as the vertex stage's; below, as here).  None of those objects can exist at
 *    9_x, so NULL is accepted (and changes nothing) and anything else refused; getters return NULL.
 *  - VS/PSSetConstantBuffers: the 14 slots of 10_0 ("see feature level 10.0"); the buffer must
 *    have D3D11_BIND_CONSTANT_BUFFER.  The constant-count limits are the draw path's (the shader
 *    decides how many it uses).
 *  - *SetShader: class instances need dynamic linkage (11_0; CreateClassLinkage), so below
 *    11_0 NumClassInstances must be 0.  From 11_0 (the SetShader pages: "Each interface used
 *    by a shader must have a corresponding class instance or the shader will get disabled"):
 *    NumClassInstances is 0 or the shader's interface slot count (at most
 *    D3D11_SHADER_MAX_INTERFACES); ppClassInstances not NULL with a count; each entry NULL
 *    (the slot left empty: draws with the shader are dropped) or a class instance of this
 *    device, from the linkage the shader was created with, of a class type the shader knows
 *    and that implements the slot's interface (the shader's IFCE names a function table for
 *    it there).  Refused otherwise, nothing changed.  The shader profile rule was checked
 *    when it was created.
 *  - RSSetViewports: "only the zeroth viewport is available" (one viewport); the page's note that
 *    a negative top-left corner fails at 9_x (refused here); D3D11_VIEWPORT: Width, Height >= 0,
 *    MinDepth and MaxDepth in [0, 1], and for levels 10_1 and below the D3D10 bounds
 *    [-16384, 16383] (TopLeft + size <= the maximum).  RSSetScissorRects: one rectangle.
 *  - IASetVertexBuffers: 16 input slots below 11_0 (limits.h); BIND_VERTEX_BUFFER; a stride of at
 *    most D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES (2048).
 */
#include "d3d11/d3d11_private.h"

#include <math.h>
#include <stdlib.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "d3d11/d3d11_context.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/d3d11_shader.h"
#include "d3d11/d3d11_state.h"
#include "d3d11/device_child.h"
#include "d3d11/limits.h"
#include "util/log.h"

#define MSG_SIZE D3D11_RESOURCE_MSG_SIZE
#define REF9 "(10Level9 context reference)"

/* D3D10_VIEWPORT_BOUNDS_MIN / _MAX: D3D11_VIEWPORT gives them for feature levels 10_1 and below. */
#define VIEWPORT_BOUNDS_MIN_10 (-16384.0f)
#define VIEWPORT_BOUNDS_MAX_10 16383.0f
/* D3D11_VIEWPORT_BOUNDS_MIN / _MAX: the bounds above 10_1 (D3D11_VIEWPORT). */
#define VIEWPORT_BOUNDS_MIN_11 (-32768.0f)
#define VIEWPORT_BOUNDS_MAX_11 32767.0f

static inline struct d3d11_context *impl(ID3D11DeviceContext2 *iface)
{
    return container_of(iface, struct d3d11_context, iface);
}

/* ---- the rules, as data ------------------------------------------------------------------- */

struct context_rules {
    D3D_FEATURE_LEVEL level;
    bool rt_same_bit_depth;        /* 9_3 OMSetRenderTargets */
    UINT viewports, scissors;      /* "only the zeroth viewport / scissor rect is available" */
    bool viewport_origin_positive; /* the RSSetViewports note: a negative top-left fails at 9_x */
    float viewport_min, viewport_max;   /* D3D11_VIEWPORT: D3D10 bounds at 10_1 and below */
    UINT ps_views_bound;           /* PSSetShaderResources: "no more than 8" */
    bool vs_resources;             /* VSSetShaderResources / VSSetSamplers supported */
    bool sample_mask_nonzero;      /* OMSetBlendState: "SampleMask cannot be zero" */
};

static const struct context_rules rules_table[] = {
    { D3D_FEATURE_LEVEL_9_1, false, 1, 1, true, VIEWPORT_BOUNDS_MIN_10, VIEWPORT_BOUNDS_MAX_10,
      8, false, true },
    { D3D_FEATURE_LEVEL_9_2, false, 1, 1, true, VIEWPORT_BOUNDS_MIN_10, VIEWPORT_BOUNDS_MAX_10,
      8, false, true },
    { D3D_FEATURE_LEVEL_9_3, true, 1, 1, true, VIEWPORT_BOUNDS_MIN_10, VIEWPORT_BOUNDS_MAX_10,
      8, false, true },
    /* 10_0 / 10_1 (issue 11): none of the 10Level9 rows apply — D3D11_VIEWPORT_AND_SCISSORRECT_
     * OBJECT_COUNT_PER_PIPELINE (16) viewports and scissors, any origin within the D3D10 bounds
     * (D3D11_VIEWPORT: "for feature level 10_1 and below"), all 128 views bound, vertex-shader
     * resources, any SampleMask, render targets of different formats. */
    { D3D_FEATURE_LEVEL_10_0, false, D3D11_CTX_VIEWPORTS, D3D11_CTX_VIEWPORTS, false,
      VIEWPORT_BOUNDS_MIN_10, VIEWPORT_BOUNDS_MAX_10, D3D11_CTX_SRV_SLOTS, true, false },
    { D3D_FEATURE_LEVEL_10_1, false, D3D11_CTX_VIEWPORTS, D3D11_CTX_VIEWPORTS, false,
      VIEWPORT_BOUNDS_MIN_10, VIEWPORT_BOUNDS_MAX_10, D3D11_CTX_SRV_SLOTS, true, false },
    /* 11_0 (issue 15): 10_1's rules with the D3D11 viewport bounds. */
    { D3D_FEATURE_LEVEL_11_0, false, D3D11_CTX_VIEWPORTS, D3D11_CTX_VIEWPORTS, false,
      VIEWPORT_BOUNDS_MIN_11, VIEWPORT_BOUNDS_MAX_11, D3D11_CTX_SRV_SLOTS, true, false },
    /* 11_1 (issues 11/15): 11_0's rules. */
    { D3D_FEATURE_LEVEL_11_1, false, D3D11_CTX_VIEWPORTS, D3D11_CTX_VIEWPORTS, false,
      VIEWPORT_BOUNDS_MIN_11, VIEWPORT_BOUNDS_MAX_11, D3D11_CTX_SRV_SLOTS, true, false },
};

static const struct context_rules *rules_for(D3D_FEATURE_LEVEL level)
{
    for (size_t i = 0; i < sizeof(rules_table) / sizeof(rules_table[0]); i++)
        if (rules_table[i].level == level)
            return &rules_table[i];
    return &rules_table[2];   /* not reached: every level this context serves has a row */
}

struct topology_rule {
    const char *name;
    D3D_FEATURE_LEVEL min_level;   /* 0: not a topology */
    const char *why;
};

static struct topology_rule topology_rule(D3D11_PRIMITIVE_TOPOLOGY t)
{
    static const char *const names[] = {
        "D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED", "D3D11_PRIMITIVE_TOPOLOGY_POINTLIST",
        "D3D11_PRIMITIVE_TOPOLOGY_LINELIST", "D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP",
        "D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST", "D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP",
    };
    static const char *const adj[] = {
        "D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ", "D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ",
        "D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ", "D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ",
    };
    UINT v = (UINT)t;
    if (v <= 5)
        return (struct topology_rule){ names[v], D3D_FEATURE_LEVEL_9_1, NULL };
    if (v >= 10 && v <= 13)
        return (struct topology_rule){ adj[v - 10], D3D_FEATURE_LEVEL_10_0,
                                       "primitive topologies with adjacency are not supported "
                                       REF9 };
    if (v >= 33 && v <= 64)
        return (struct topology_rule){ "a control-point patch list", D3D_FEATURE_LEVEL_11_0,
                                       "patch lists need a hull shader, which needs feature "
                                       "level 11_0 (seed 004, CreateHullShader)" };
    return (struct topology_rule){ NULL, 0, NULL };
}

/* ---- helpers ------------------------------------------------------------------------------ */

static HRESULT refuse(char *msg, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static HRESULT refuse(char *msg, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, MSG_SIZE, fmt, ap);
    va_end(ap);
    return E_INVALIDARG;
}

/* start + count <= limit, without overflow. */
static bool range_ok(UINT start, UINT count, UINT limit)
{
    return (uint64_t)start + count <= limit;
}

/* An object the application passed: NULL passes; otherwise `child` (from the kind's accessor)
 * must be non-NULL and of this device. */
static HRESULT check_object(const struct d3d11_device *dev, const char *method, const char *param,
                            const char *kind, const void *iface, const struct d3d11_child *child,
                            char *msg)
{
    if (!iface)
        return S_OK;
    if (!child)
        return refuse(msg, "%s: %s is not a softd3d %s", method, param, kind);
    if (child->device != dev)
        return refuse(msg, "%s: %s belongs to another device", method, param);
    return S_OK;
}

/* A buffer: NULL passes; else one of this device's buffers with `bind`. */
static HRESULT check_buffer(const struct d3d11_device *dev, const char *method, const char *param,
                            ID3D11Buffer *iface, UINT bind, const char *bind_name,
                            struct d3d11_resource **out, char *msg)
{
    struct d3d11_resource *res = d3d11_resource_from_iface((ID3D11Resource *)iface);
    *out = res;
    if (!iface)
        return S_OK;
    if (!res || res->dim != D3D11_RESOURCE_DIMENSION_BUFFER)
        return refuse(msg, "%s: %s is not a softd3d buffer", method, param);
    if (res->device != dev)
        return refuse(msg, "%s: %s belongs to another device", method, param);
    if (!(res->bind_flags & bind))
        return refuse(msg, "%s: %s was not created with %s (BindFlags 0x%x)", method, param,
                      bind_name, res->bind_flags);
    return S_OK;
}

static void bound_set(struct d3d11_bound *slot, void *iface, struct d3d11_child *child)
{
    struct d3d11_bound old = *slot;
    if (child)
        d3d11_child_bind(child);   /* first: rebinding the same object must not free it */
    slot->iface = child ? iface : NULL;
    slot->child = child;
    if (old.child)
        d3d11_child_unbind(old.child, (IUnknown *)old.iface);
}

static void view_set(struct d3d11_bound_view *slot, void *iface, struct d3d11_child *child,
                     const struct d3d11_view_info *info)
{
    struct d3d11_bound_view old = *slot;
    if (child)
        d3d11_child_bind(child);
    slot->iface = child ? iface : NULL;
    slot->child = child;
    slot->info = child ? info : NULL;
    if (old.child)
        d3d11_child_unbind(old.child, (IUnknown *)old.iface);
}

static void resource_set(struct d3d11_resource **slot, struct d3d11_resource *res)
{
    struct d3d11_resource *old = *slot;
    if (res)
        d3d11_resource_bind(res);
    *slot = res;
    if (old)
        d3d11_resource_unbind(old);
}

/* An application reference on a bound object, or NULL. */
static void *get_ref(void *iface)
{
    if (iface)
        IUnknown_AddRef((IUnknown *)iface);
    return iface;
}

static void *get_resource_ref(struct d3d11_resource *res)
{
    if (!res)
        return NULL;
    d3d11_resource_addref(res);
    return res->iface;
}

/* Views of one resource sharing a subresource (a Texture3D's mip is one subresource: a 3D
 * render-target view's depth slices are all of it). */
static bool views_overlap(const struct d3d11_view_info *a, const struct d3d11_view_info *b)
{
    return a && b && a->resource == b->resource && a->first_mip < b->first_mip + b->mip_count &&
           b->first_mip < a->first_mip + a->mip_count &&
           (a->resource->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D ||
            (a->first_slice < b->first_slice + b->slice_count &&
             b->first_slice < a->first_slice + a->slice_count));
}

/* The view is bound for output (a render target or the depth-stencil view). */
static bool bound_for_output(const struct d3d11_context_state *s, const struct d3d11_view_info *v)
{
    for (UINT i = 0; i < D3D11_CTX_RT_SLOTS; i++)
        if (views_overlap(s->rtvs[i].info, v))
            return true;
    return views_overlap(s->dsv.info, v);
}

/* For context_uav.c (d3d11_context.h): the same slot update and overlap rule. */
void d3d11_context_view_set(struct d3d11_bound_view *slot, void *iface, struct d3d11_child *child,
                            const struct d3d11_view_info *info)
{
    view_set(slot, iface, child, info);
}

bool d3d11_context_views_overlap(const struct d3d11_view_info *a, const struct d3d11_view_info *b)
{
    return views_overlap(a, b);
}

static void report(struct d3d11_context *ctx, HRESULT hr, const char *msg)
{
    if (FAILED(hr))
        d3d11_msg(ctx->device, "%s", msg);
}

/* ---- input assembler ---------------------------------------------------------------------- */

static void STDMETHODCALLTYPE ctx_IASetInputLayout(ID3D11DeviceContext2 *iface,
                                                   ID3D11InputLayout *layout)
{
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_child *child = d3d11_input_layout_child(layout);
    char msg[MSG_SIZE];
    HRESULT hr = check_object(ctx->device, "IASetInputLayout", "pInputLayout", "input layout",
                              layout, child, msg);
    if (FAILED(hr))
        return report(ctx, hr, msg);
    bound_set(&ctx->state.input_layout, layout, child);
    ctx->state.input_layout_info = child ? d3d11_input_layout_info(layout) : NULL;
}

static void STDMETHODCALLTYPE ctx_IAGetInputLayout(ID3D11DeviceContext2 *iface,
                                                   ID3D11InputLayout **layout)
{
    if (layout)
        *layout = get_ref(impl(iface)->state.input_layout.iface);
}

static HRESULT validate_vertex_buffers(const struct d3d11_device *dev, UINT start, UINT count,
                                       ID3D11Buffer *const *buffers, const UINT *strides,
                                       const UINT *offsets, struct d3d11_resource **res,
                                       char *msg)
{
    const struct d3d11_level_limits *lim = d3d11_level_limits(dev->level);
    UINT slots = lim ? lim->input_slots : D3D11_CTX_VB_SLOTS;
    char param[40];
    HRESULT hr;

    if (!range_ok(start, count, slots))
        return refuse(msg, "IASetVertexBuffers: StartSlot %u + NumBuffers %u exceeds the %u "
                      "input slots of feature level %s", start, count, slots,
                      d3d11_level_name(dev->level));
    if (count && !buffers)
        return refuse(msg, "IASetVertexBuffers: ppVertexBuffers is NULL with NumBuffers %u",
                      count);
    for (UINT i = 0; i < count; i++) {
        snprintf(param, sizeof(param), "ppVertexBuffers[%u]", i);
        if (FAILED(hr = check_buffer(dev, "IASetVertexBuffers", param, buffers[i],
                                     D3D11_BIND_VERTEX_BUFFER, "D3D11_BIND_VERTEX_BUFFER", &res[i],
                                     msg)))
            return hr;
        if (!res[i])
            continue;
        if (!strides || !offsets)
            return refuse(msg, "IASetVertexBuffers: %s is NULL while buffers are bound",
                          strides ? "pOffsets" : "pStrides");
        if (strides[i] > D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES)
            return refuse(msg, "IASetVertexBuffers: pStrides[%u] %u exceeds %u bytes "
                          "(D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES)", i, strides[i],
                          D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES);
    }
    return S_OK;
}

static void STDMETHODCALLTYPE ctx_IASetVertexBuffers(ID3D11DeviceContext2 *iface, UINT start,
                                                     UINT count, ID3D11Buffer *const *buffers,
                                                     const UINT *strides, const UINT *offsets)
{
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_resource *res[D3D11_CTX_VB_SLOTS];
    char msg[MSG_SIZE];
    HRESULT hr;

    /* The validator checks the slot range first, so res[] is only written in bounds. */
    hr = validate_vertex_buffers(ctx->device, start, count, buffers, strides, offsets, res, msg);
    if (FAILED(hr))
        return report(ctx, hr, msg);
    for (UINT i = 0; i < count; i++) {
        struct d3d11_vertex_buffer_binding *b = &ctx->state.vertex_buffers[start + i];
        resource_set(&b->buffer, res[i]);
        b->stride = res[i] ? strides[i] : 0;
        b->offset = res[i] ? offsets[i] : 0;
    }
}

static void STDMETHODCALLTYPE ctx_IAGetVertexBuffers(ID3D11DeviceContext2 *iface, UINT start,
                                                     UINT count, ID3D11Buffer **buffers,
                                                     UINT *strides, UINT *offsets)
{
    struct d3d11_context *ctx = impl(iface);
    const struct d3d11_level_limits *lim = d3d11_level_limits(ctx->device->level);
    UINT slots = lim ? lim->input_slots : D3D11_CTX_VB_SLOTS;   /* the level's, as the setter */
    if (!range_ok(start, count, slots)) {
        d3d11_msg(ctx->device, "IAGetVertexBuffers: StartSlot %u + NumBuffers %u exceeds %u "
                  "slots", start, count, slots);
        return;
    }
    for (UINT i = 0; i < count; i++) {
        const struct d3d11_vertex_buffer_binding *b = &ctx->state.vertex_buffers[start + i];
        if (buffers)
            buffers[i] = get_resource_ref(b->buffer);
        if (strides)
            strides[i] = b->stride;
        if (offsets)
            offsets[i] = b->offset;
    }
}

static HRESULT validate_topology(D3D_FEATURE_LEVEL level, D3D11_PRIMITIVE_TOPOLOGY t, char *msg)
{
    struct topology_rule r = topology_rule(t);
    if (!r.name)
        return refuse(msg, "IASetPrimitiveTopology: %u is not a D3D11_PRIMITIVE_TOPOLOGY value",
                      (UINT)t);
    if (level < r.min_level)
        return refuse(msg, "IASetPrimitiveTopology: %s (%u) is not supported at feature level "
                      "%s: %s", r.name, (UINT)t, d3d11_level_name(level), r.why);
    return S_OK;
}

static void STDMETHODCALLTYPE ctx_IASetPrimitiveTopology(ID3D11DeviceContext2 *iface,
                                                         D3D11_PRIMITIVE_TOPOLOGY topology)
{
    struct d3d11_context *ctx = impl(iface);
    char msg[MSG_SIZE];
    HRESULT hr = validate_topology(ctx->device->level, topology, msg);
    if (FAILED(hr))
        return report(ctx, hr, msg);
    ctx->state.topology = topology;
}

static void STDMETHODCALLTYPE ctx_IAGetPrimitiveTopology(ID3D11DeviceContext2 *iface,
                                                         D3D11_PRIMITIVE_TOPOLOGY *topology)
{
    if (topology)
        *topology = impl(iface)->state.topology;
}

/* ---- vertex and pixel shader stages ------------------------------------------------------- */

enum stage { STAGE_VS, STAGE_PS, STAGE_GS, STAGE_HS, STAGE_DS, STAGE_CS };

static const char *const stage_prefix[] = { "VS", "PS", "GS", "HS", "DS", "CS" };

static struct d3d11_shader_stage_state *stage_state(struct d3d11_context *ctx, enum stage st)
{
    struct d3d11_shader_stage_state *const all[] = { &ctx->state.vs, &ctx->state.ps,
                                                     &ctx->state.gs, &ctx->state.hs,
                                                     &ctx->state.ds, &ctx->state.cs };
    return all[st];
}

/* The code behind a shader interface of the stage (NULL: NULL or not such a shader). */
static const struct d3d11_shader_code *stage_code(enum stage st, void *shader)
{
    switch (st) {
    case STAGE_VS: return d3d11_vertex_shader_code(shader);
    case STAGE_PS: return d3d11_pixel_shader_code(shader);
    case STAGE_GS: return d3d11_geometry_shader_code(shader);
    case STAGE_HS: return d3d11_hull_shader_code(shader);
    case STAGE_CS: return d3d11_compute_shader_code(shader);
    default: return d3d11_domain_shader_code(shader);
    }
}

/* The class instances of a *SetShader call against the shader (rules at the top). */
static HRESULT check_instances(const struct d3d11_context *ctx, const char *method,
                               const struct d3d11_shader_code *code,
                               ID3D11ClassInstance *const *inst, UINT n,
                               struct d3d11_child **child, char *msg)
{
    if (!n)
        return S_OK;
    if (n > D3D11_SHADER_MAX_INTERFACES)
        return refuse(msg, "%s: NumClassInstances %u exceeds D3D11_SHADER_MAX_INTERFACES (%u)",
                      method, n, D3D11_SHADER_MAX_INTERFACES);
    if (!inst)
        return refuse(msg, "%s: ppClassInstances is NULL with NumClassInstances %u", method, n);
    if (!code)
        return refuse(msg, "%s: NumClassInstances %u without a shader", method, n);
    if (n != code->classes.slot_count)
        return refuse(msg, "%s: NumClassInstances %u, but the shader has %u interface slots",
                      method, n, code->classes.slot_count);
    for (UINT i = 0; i < n; i++) {
        child[i] = NULL;
        if (!inst[i])
            continue;
        const struct d3d11_class_instance_info *ci = d3d11_class_instance_info(inst[i]);
        if (!ci)
            return refuse(msg, "%s: ppClassInstances[%u] is not a softd3d class instance",
                          method, i);
        child[i] = d3d11_class_instance_child(inst[i]);
        if (child[i]->device != ctx->device)
            return refuse(msg, "%s: ppClassInstances[%u] belongs to another device", method, i);
        if (ci->linkage != code->linkage)
            return refuse(msg, "%s: ppClassInstances[%u] is not of the class linkage the shader "
                          "was created with", method, i);
        const struct dxbc_class_type *t = dxbc_class_type_named(&code->classes, ci->type_name);
        bool fits = false;
        for (uint32_t k = 0; t && k < code->classes.entry_count && !fits; k++)
            fits = code->classes.entries[k].slot == i && code->classes.entries[k].type == t->id;
        if (!fits)
            return refuse(msg, "%s: ppClassInstances[%u], of class '%s', does not implement the "
                          "interface of slot %u", method, i, ci->type_name, i);
    }
    return S_OK;
}

static void instances_set(struct d3d11_shader_stage_state *s, ID3D11ClassInstance *const *inst,
                          struct d3d11_child **child, UINT n, struct d3d11_bound *fresh)
{
    for (UINT i = 0; i < n; i++) {
        fresh[i].iface = NULL;
        fresh[i].child = NULL;
        bound_set(&fresh[i], inst[i], child[i]);
    }
    for (UINT i = 0; i < s->instance_count; i++)
        bound_set(&s->instances[i], NULL, NULL);
    free(s->instances);
    s->instances = n ? fresh : NULL;
    s->instance_count = n;
    if (!n)
        free(fresh);
}

static void set_shader(struct d3d11_context *ctx, enum stage st, void *shader,
                       ID3D11ClassInstance *const *instances, UINT instance_count)
{
    const struct d3d11_shader_code *code = stage_code(st, shader);
    static const char *const params[] = { "pVertexShader", "pPixelShader", "pShader",
                                          "pHullShader", "pDomainShader", "pComputeShader" };
    static const char *const kinds[] = { "vertex shader", "pixel shader", "geometry shader",
                                         "hull shader", "domain shader", "compute shader" };
    struct d3d11_child *child = code ? d3d11_shader_child(shader) : NULL;
    char method[24], msg[MSG_SIZE];
    HRESULT hr;

    struct d3d11_child *ichild[D3D11_SHADER_MAX_INTERFACES];
    snprintf(method, sizeof(method), "%sSetShader", stage_prefix[st]);
    if (instance_count && ctx->device->level < D3D_FEATURE_LEVEL_11_0)
        hr = refuse(msg, "%s: NumClassInstances %u must be 0 at feature level %s (class "
                    "instances need dynamic linkage, feature level 11_0)", method, instance_count,
                    d3d11_level_name(ctx->device->level));
    else
        hr = check_object(ctx->device, method, params[st], kinds[st], shader, child, msg);
    if (SUCCEEDED(hr))
        hr = check_instances(ctx, method, code, instances, instance_count, ichild, msg);
    struct d3d11_bound *fresh = NULL;
    if (SUCCEEDED(hr) && instance_count &&
        !(fresh = calloc(instance_count, sizeof(*fresh))))
        hr = E_OUTOFMEMORY, snprintf(msg, MSG_SIZE, "%s: out of memory", method);
    if (FAILED(hr))
        return report(ctx, hr, msg);
    bound_set(&stage_state(ctx, st)->shader, shader, child);
    stage_state(ctx, st)->code = code;
    instances_set(stage_state(ctx, st), instances, ichild, instance_count, fresh);
}

/* *GetShader: ppClassInstances, when not NULL, takes up to *pNumClassInstances entries (its
 * capacity on entry; AddRef'd, NULL for empty slots); *pNumClassInstances is then the bound
 * count (softd3d's reading of the pages, which call it "the number of class-instance
 * elements in the array"). */
static void get_shader(struct d3d11_context *ctx, enum stage st, void **shader,
                       ID3D11ClassInstance **instances, UINT *instance_count)
{
    const struct d3d11_shader_stage_state *s = stage_state(ctx, st);
    if (shader)
        *shader = get_ref(s->shader.iface);
    if (instances && instance_count)
        for (UINT i = 0; i < *instance_count; i++)
            instances[i] = i < s->instance_count ? get_ref(s->instances[i].iface) : NULL;
    if (instance_count)
        *instance_count = s->instance_count;
}

/* The views of a Set*ShaderResources call, checked; info[i] NULL for NULL entries. */
static HRESULT validate_shader_resources(const struct d3d11_context *ctx, enum stage st,
                                         const char *method, UINT start, UINT count,
                                         ID3D11ShaderResourceView *const *views,
                                         const struct d3d11_view_info **info,
                                         struct d3d11_child **child, char *msg)
{
    const struct context_rules *r = rules_for(ctx->device->level);
    const struct d3d11_shader_stage_state *s = stage_state((struct d3d11_context *)ctx, st);
    char param[48];
    UINT bound = 0;
    HRESULT hr;

    if (!range_ok(start, count, D3D11_CTX_SRV_SLOTS))
        return refuse(msg, "%s: StartSlot %u + NumViews %u exceeds the %u shader-resource slots",
                      method, start, count, D3D11_CTX_SRV_SLOTS);
    if (count && !views)
        return refuse(msg, "%s: ppShaderResourceViews is NULL with NumViews %u", method, count);
    for (UINT i = 0; i < count; i++) {
        info[i] = d3d11_srv_info(views[i], NULL);
        child[i] = info[i] ? d3d11_view_child((ID3D11View *)views[i]) : NULL;
        snprintf(param, sizeof(param), "ppShaderResourceViews[%u]", i);
        if (FAILED(hr = check_object(ctx->device, method, param, "shader-resource view",
                                     views[i], child[i], msg)))
            return hr;
        if (views[i] && st == STAGE_VS && !r->vs_resources)
            return refuse(msg, "%s: vertex-shader resources are not supported at feature level "
                          "%s " REF9, method, d3d11_level_name(ctx->device->level));
    }
    /* PSSetShaderResources at 9_x: no more than 8 views bound at once, counted after the call. */
    for (UINT slot = 0; slot < D3D11_CTX_SRV_SLOTS; slot++) {
        bool in_call = slot >= start && slot - start < count;
        if (in_call ? views[slot - start] != NULL : s->srvs[slot].iface != NULL)
            bound++;
    }
    if (st == STAGE_PS && bound > r->ps_views_bound)
        return refuse(msg, "%s: %u shader-resource views would be bound; feature level %s "
                      "allows no more than %u " REF9, method, bound,
                      d3d11_level_name(ctx->device->level), r->ps_views_bound);
    return S_OK;
}

static void set_shader_resources(struct d3d11_context *ctx, enum stage st, UINT start, UINT count,
                                 ID3D11ShaderResourceView *const *views)
{
    const struct d3d11_view_info *info[D3D11_CTX_SRV_SLOTS];
    struct d3d11_child *child[D3D11_CTX_SRV_SLOTS];
    char method[32], msg[MSG_SIZE];
    HRESULT hr;

    snprintf(method, sizeof(method), "%sSetShaderResources", stage_prefix[st]);
    /* The slot range is checked first, so info[] and child[] are only written in bounds. */
    hr = validate_shader_resources(ctx, st, method, start, count, views, info, child, msg);
    if (FAILED(hr))
        return report(ctx, hr, msg);
    for (UINT i = 0; i < count; i++) {
        if (info[i] && bound_for_output(&ctx->state, info[i])) {
            /* Documented hazard rule: a subresource bound for output is not bound for input. */
            d3d11_msg(ctx->device, "%s: the resource of ppShaderResourceViews[%u] is bound as a "
                      "render target or depth-stencil view; slot %u is set to NULL", method, i,
                      start + i);
            info[i] = NULL, child[i] = NULL;
        }
        if (info[i] && d3d11_context_bound_as_uav(ctx, info[i])) {
            /* The same rule for compute: a subresource bound as an unordered-access view is
             * not bound for input (the runtime forces the shader-resource slot to NULL). */
            d3d11_msg(ctx->device, "%s: the resource of ppShaderResourceViews[%u] is bound as an "
                      "unordered-access view; slot %u is set to NULL", method, i, start + i);
            info[i] = NULL, child[i] = NULL;
        }
        view_set(&stage_state(ctx, st)->srvs[start + i], views[i], child[i], info[i]);
    }
}

static void get_shader_resources(struct d3d11_context *ctx, enum stage st, UINT start, UINT count,
                                 ID3D11ShaderResourceView **views)
{
    if (!range_ok(start, count, D3D11_CTX_SRV_SLOTS)) {
        d3d11_msg(ctx->device, "%sGetShaderResources: StartSlot %u + NumViews %u exceeds %u "
                  "slots", stage_prefix[st], start, count, D3D11_CTX_SRV_SLOTS);
        return;
    }
    for (UINT i = 0; views && i < count; i++)
        views[i] = get_ref(stage_state(ctx, st)->srvs[start + i].iface);
}

static void set_samplers(struct d3d11_context *ctx, enum stage st, UINT start, UINT count,
                         ID3D11SamplerState *const *samplers)
{
    struct d3d11_child *child[D3D11_CTX_SAMPLER_SLOTS];
    char method[32], param[40], msg[MSG_SIZE];
    HRESULT hr = S_OK;

    snprintf(method, sizeof(method), "%sSetSamplers", stage_prefix[st]);
    if (!range_ok(start, count, D3D11_CTX_SAMPLER_SLOTS))
        hr = refuse(msg, "%s: StartSlot %u + NumSamplers %u exceeds the %u sampler slots%s",
                    method, start, count, D3D11_CTX_SAMPLER_SLOTS,
                    st == STAGE_PS ? " (\"no more than 16 samplers\", " REF9 ")" : "");
    else if (count && !samplers)
        hr = refuse(msg, "%s: ppSamplers is NULL with NumSamplers %u", method, count);
    for (UINT i = 0; SUCCEEDED(hr) && i < count; i++) {
        child[i] = d3d11_sampler_state_desc(samplers[i])
                       ? d3d11_state_object_child((ID3D11DeviceChild *)samplers[i])
                       : NULL;
        snprintf(param, sizeof(param), "ppSamplers[%u]", i);
        hr = check_object(ctx->device, method, param, "sampler state", samplers[i], child[i],
                          msg);
        if (SUCCEEDED(hr) && samplers[i] && st == STAGE_VS &&
            !rules_for(ctx->device->level)->vs_resources)
            hr = refuse(msg, "%s: vertex-shader samplers are not supported at feature level %s "
                        REF9, method, d3d11_level_name(ctx->device->level));
    }
    if (FAILED(hr))
        return report(ctx, hr, msg);
    for (UINT i = 0; i < count; i++)
        bound_set(&stage_state(ctx, st)->samplers[start + i], samplers[i], child[i]);
}

static void get_samplers(struct d3d11_context *ctx, enum stage st, UINT start, UINT count,
                         ID3D11SamplerState **samplers)
{
    if (!range_ok(start, count, D3D11_CTX_SAMPLER_SLOTS)) {
        d3d11_msg(ctx->device, "%sGetSamplers: StartSlot %u + NumSamplers %u exceeds %u slots",
                  stage_prefix[st], start, count, D3D11_CTX_SAMPLER_SLOTS);
        return;
    }
    for (UINT i = 0; samplers && i < count; i++)
        samplers[i] = get_ref(stage_state(ctx, st)->samplers[start + i].iface);
}

/* The methods of both stages, one template (they differ only in interface types). */
#define STAGE_METHODS(P, st, Shader)                                                            \
    static void STDMETHODCALLTYPE ctx_##P##SetShader(ID3D11DeviceContext2 *iface, Shader *s,   \
                                                     ID3D11ClassInstance *const *inst, UINT n) \
    {                                                                                           \
        set_shader(impl(iface), st, s, inst, n);                                                \
    }                                                                                           \
    static void STDMETHODCALLTYPE ctx_##P##GetShader(ID3D11DeviceContext2 *iface, Shader **s,  \
                                                     ID3D11ClassInstance **inst, UINT *n)      \
    {                                                                                           \
        get_shader(impl(iface), st, (void **)s, inst, n);                                       \
    }                                                                                           \
    static void STDMETHODCALLTYPE ctx_##P##SetConstantBuffers(                                  \
        ID3D11DeviceContext2 *iface, UINT start, UINT n, ID3D11Buffer *const *b)                \
    {                                                                                           \
        d3d11_context_set_cbs(impl(iface), st, start, n, b);                                    \
    }                                                                                           \
    static void STDMETHODCALLTYPE ctx_##P##GetConstantBuffers(ID3D11DeviceContext2 *iface,     \
                                                              UINT start, UINT n,               \
                                                              ID3D11Buffer **b)                 \
    {                                                                                           \
        d3d11_context_get_cbs(impl(iface), st, start, n, b);                                    \
    }                                                                                           \
    static void STDMETHODCALLTYPE ctx_##P##SetShaderResources(                                  \
        ID3D11DeviceContext2 *iface, UINT start, UINT n, ID3D11ShaderResourceView *const *v)    \
    {                                                                                           \
        set_shader_resources(impl(iface), st, start, n, v);                                     \
    }                                                                                           \
    static void STDMETHODCALLTYPE ctx_##P##GetShaderResources(                                  \
        ID3D11DeviceContext2 *iface, UINT start, UINT n, ID3D11ShaderResourceView **v)          \
    {                                                                                           \
        get_shader_resources(impl(iface), st, start, n, v);                                     \
    }                                                                                           \
    static void STDMETHODCALLTYPE ctx_##P##SetSamplers(ID3D11DeviceContext2 *iface, UINT start, \
                                                       UINT n, ID3D11SamplerState *const *s)    \
    {                                                                                           \
        set_samplers(impl(iface), st, start, n, s);                                             \
    }                                                                                           \
    static void STDMETHODCALLTYPE ctx_##P##GetSamplers(ID3D11DeviceContext2 *iface, UINT start, \
                                                       UINT n, ID3D11SamplerState **s)          \
    {                                                                                           \
        get_samplers(impl(iface), st, start, n, s);                                             \
    }

STAGE_METHODS(VS, STAGE_VS, ID3D11VertexShader)
STAGE_METHODS(PS, STAGE_PS, ID3D11PixelShader)
STAGE_METHODS(GS10, STAGE_GS, ID3D11GeometryShader)
STAGE_METHODS(HS11, STAGE_HS, ID3D11HullShader)
STAGE_METHODS(DS11, STAGE_DS, ID3D11DomainShader)
STAGE_METHODS(CS11, STAGE_CS, ID3D11ComputeShader)

/* ---- the stages and slots 9_x lacks -------------------------------------------------------- */

/* Every entry of an array the application passes must be NULL (no such object can exist at 9_x:
 * seed 004 refuses their creation); `why` ends the message. */
static void accept_nulls(struct d3d11_context *ctx, const char *method, UINT start, UINT count,
                         UINT slots, const void *const *array, const char *why)
{
    if (!range_ok(start, count, slots)) {
        d3d11_msg(ctx->device, "%s: StartSlot %u + count %u exceeds the %u slots", method, start,
                  count, slots);
        return;
    }
    if (count && !array) {
        d3d11_msg(ctx->device, "%s: the array is NULL with a count of %u", method, count);
        return;
    }
    for (UINT i = 0; i < count; i++)
        if (array[i]) {
            d3d11_msg(ctx->device, "%s: entry %u is not NULL; %s at feature level %s", method, i,
                      why, d3d11_level_name(ctx->device->level));
            return;
        }
}

static void get_nulls(struct d3d11_context *ctx, const char *method, UINT start, UINT count,
                      UINT slots, void **array)
{
    if (!range_ok(start, count, slots)) {
        d3d11_msg(ctx->device, "%s: StartSlot %u + count %u exceeds the %u slots", method, start,
                  count, slots);
        return;
    }
    for (UINT i = 0; array && i < count; i++)
        array[i] = NULL;
}

static void set_null_shader(struct d3d11_context *ctx, const char *method, const void *shader,
                            UINT instance_count, const char *why)
{
    if (shader)
        d3d11_msg(ctx->device, "%s: the shader is not NULL; %s at feature level %s", method, why,
                  d3d11_level_name(ctx->device->level));
    else if (instance_count)
        d3d11_msg(ctx->device, "%s: NumClassInstances %u must be 0 at feature level %s", method,
                  instance_count, d3d11_level_name(ctx->device->level));
}

#define NO_GS "geometry shaders are not supported (seed 004, CreateGeometryShader)"
#define NO_HS "hull shaders are not supported (seed 004, CreateHullShader)"
#define NO_DS "domain shaders are not supported (seed 004, CreateDomainShader)"
#define NO_CS "compute shaders are not supported (" REF9 ", CSSetShader)"
#define NO_UAV "unordered-access views are not supported (seed 004, CreateUnorderedAccessView)"

#define ABSENT_STAGE(P, N, Shader, why)                                                            \
    static void STDMETHODCALLTYPE ctx_##P##SetShader(ID3D11DeviceContext2 *iface, Shader *s,   \
                                                     ID3D11ClassInstance *const *inst, UINT n) \
    {                                                                                           \
        (void)inst;                                                                             \
        set_null_shader(impl(iface), #N "SetShader", s, n, why);                                \
    }                                                                                           \
    static void STDMETHODCALLTYPE ctx_##P##GetShader(ID3D11DeviceContext2 *iface, Shader **s,  \
                                                     ID3D11ClassInstance **inst, UINT *n)      \
    {                                                                                           \
        (void)iface, (void)inst;                                                                \
        if (s)                                                                                  \
            *s = NULL;                                                                          \
        if (n)                                                                                  \
            *n = 0;                                                                             \
    }                                                                                           \
    static void STDMETHODCALLTYPE ctx_##P##SetConstantBuffers(                                  \
        ID3D11DeviceContext2 *iface, UINT start, UINT n, ID3D11Buffer *const *b)                \
    {                                                                                           \
        accept_nulls(impl(iface), #N "SetConstantBuffers", start, n, D3D11_CTX_CB_SLOTS,       \
                     (const void *const *)b, why);                                              \
    }                                                                                           \
    static void STDMETHODCALLTYPE ctx_##P##GetConstantBuffers(ID3D11DeviceContext2 *iface,     \
                                                              UINT start, UINT n,               \
                                                              ID3D11Buffer **b)                 \
    {                                                                                           \
        get_nulls(impl(iface), #N "GetConstantBuffers", start, n, D3D11_CTX_CB_SLOTS,          \
                  (void **)b);                                                                  \
    }                                                                                           \
    static void STDMETHODCALLTYPE ctx_##P##SetShaderResources(                                  \
        ID3D11DeviceContext2 *iface, UINT start, UINT n, ID3D11ShaderResourceView *const *v)    \
    {                                                                                           \
        accept_nulls(impl(iface), #N "SetShaderResources", start, n, D3D11_CTX_SRV_SLOTS,      \
                     (const void *const *)v, why);                                              \
    }                                                                                           \
    static void STDMETHODCALLTYPE ctx_##P##GetShaderResources(                                  \
        ID3D11DeviceContext2 *iface, UINT start, UINT n, ID3D11ShaderResourceView **v)          \
    {                                                                                           \
        get_nulls(impl(iface), #N "GetShaderResources", start, n, D3D11_CTX_SRV_SLOTS,         \
                  (void **)v);                                                                  \
    }                                                                                           \
    static void STDMETHODCALLTYPE ctx_##P##SetSamplers(ID3D11DeviceContext2 *iface, UINT start, \
                                                       UINT n, ID3D11SamplerState *const *s)    \
    {                                                                                           \
        accept_nulls(impl(iface), #N "SetSamplers", start, n, D3D11_CTX_SAMPLER_SLOTS,         \
                     (const void *const *)s, why);                                              \
    }                                                                                           \
    static void STDMETHODCALLTYPE ctx_##P##GetSamplers(ID3D11DeviceContext2 *iface, UINT start, \
                                                       UINT n, ID3D11SamplerState **s)          \
    {                                                                                           \
        get_nulls(impl(iface), #N "GetSamplers", start, n, D3D11_CTX_SAMPLER_SLOTS, (void **)s); \
    }

ABSENT_STAGE(GS9, GS, ID3D11GeometryShader, NO_GS)

/* The geometry stage exists from 10_0, the hull and domain stages from 11_0 (seed 004: none of
 * them at 9_x, the tessellation stages not at 10_x either), where their methods accept only
 * NULL, as before issues 11 and 16.  Below: which implementation a method of stage P takes. */
#define STAGE_GATE(P, high, low, min, name, args, call)                                         \
    static void STDMETHODCALLTYPE ctx_##P##name args                                            \
    {                                                                                           \
        if (impl(iface)->device->level >= (min))                                                \
            ctx_##high##name call;                                                              \
        else                                                                                    \
            ctx_##low##name call;                                                               \
    }
#define STAGE_GATES(P, high, low, min, Shader)                                                  \
    STAGE_GATE(P, high, low, min, SetShader, (ID3D11DeviceContext2 *iface, Shader *s,           \
               ID3D11ClassInstance *const *inst, UINT n), (iface, s, inst, n))                  \
    STAGE_GATE(P, high, low, min, GetShader, (ID3D11DeviceContext2 *iface, Shader **s,          \
               ID3D11ClassInstance **inst, UINT *n), (iface, s, inst, n))                       \
    STAGE_GATE(P, high, low, min, SetConstantBuffers, (ID3D11DeviceContext2 *iface, UINT start, \
               UINT n, ID3D11Buffer *const *b), (iface, start, n, b))                           \
    STAGE_GATE(P, high, low, min, GetConstantBuffers, (ID3D11DeviceContext2 *iface, UINT start, \
               UINT n, ID3D11Buffer **b), (iface, start, n, b))                                 \
    STAGE_GATE(P, high, low, min, SetShaderResources, (ID3D11DeviceContext2 *iface, UINT start, \
               UINT n, ID3D11ShaderResourceView *const *v), (iface, start, n, v))               \
    STAGE_GATE(P, high, low, min, GetShaderResources, (ID3D11DeviceContext2 *iface, UINT start, \
               UINT n, ID3D11ShaderResourceView **v), (iface, start, n, v))                     \
    STAGE_GATE(P, high, low, min, SetSamplers, (ID3D11DeviceContext2 *iface, UINT start,        \
               UINT n, ID3D11SamplerState *const *s), (iface, start, n, s))                     \
    STAGE_GATE(P, high, low, min, GetSamplers, (ID3D11DeviceContext2 *iface, UINT start,        \
               UINT n, ID3D11SamplerState **s), (iface, start, n, s))
STAGE_GATES(GS, GS10, GS9, D3D_FEATURE_LEVEL_10_0, ID3D11GeometryShader)
ABSENT_STAGE(HS10, HS, ID3D11HullShader, NO_HS)
ABSENT_STAGE(DS10, DS, ID3D11DomainShader, NO_DS)
STAGE_GATES(HS, HS11, HS10, D3D_FEATURE_LEVEL_11_0, ID3D11HullShader)
STAGE_GATES(DS, DS11, DS10, D3D_FEATURE_LEVEL_11_0, ID3D11DomainShader)
/* Compute from 10_0 (issue 15: cs_4_x at 10_x, D3D10_X_HARDWARE_OPTIONS TRUE; cs_5_0 at
 * 11_0): below, the methods accept only NULL (10Level9 context reference). */
ABSENT_STAGE(CS9, CS, ID3D11ComputeShader, NO_CS)
STAGE_GATES(CS, CS11, CS9, D3D_FEATURE_LEVEL_10_0, ID3D11ComputeShader)
#undef STAGE_GATES
#undef STAGE_GATE

static void STDMETHODCALLTYPE ctx_CSSetUnorderedAccessViews(ID3D11DeviceContext2 *iface,
                                                            UINT start, UINT count,
                                                            ID3D11UnorderedAccessView *const *uavs,
                                                            const UINT *initial_counts)
{
    struct d3d11_context *ctx = impl(iface);
    if (ctx->device->level >= D3D_FEATURE_LEVEL_11_0) {
        d3d11_context_set_cs_uavs(ctx, start, count, uavs, initial_counts);
        return;
    }
    if (ctx->device->level >= D3D_FEATURE_LEVEL_10_0) {
        /* D3D11.3 18.7.2.2: "only a single UAV can be bound to the pipeline at a time via
         * CSSetUnorderedAccessViews" on 10_x hardware (D3D11_CS_4_X_UAV_REGISTER_COUNT) */
        if (start > D3D11_CS_4_X_UAV_REGISTER_COUNT ||
            count > D3D11_CS_4_X_UAV_REGISTER_COUNT - start) {
            d3d11_msg(ctx->device, "CSSetUnorderedAccessViews: StartSlot %u + NumUAVs %u "
                      "exceeds the one unordered-access slot of feature level %s "
                      "(D3D11_CS_4_X_UAV_REGISTER_COUNT)", start, count,
                      d3d11_level_name(ctx->device->level));
            return;
        }
        d3d11_context_set_cs_uavs(ctx, start, count, uavs, initial_counts);
        return;
    }
    accept_nulls(ctx, "CSSetUnorderedAccessViews", start, count,
                 D3D11_PS_CS_UAV_REGISTER_COUNT, (const void *const *)uavs, NO_UAV);
}

static void STDMETHODCALLTYPE ctx_CSGetUnorderedAccessViews(ID3D11DeviceContext2 *iface,
                                                            UINT start, UINT count,
                                                            ID3D11UnorderedAccessView **uavs)
{
    UINT slots = impl(iface)->device->level >= D3D_FEATURE_LEVEL_11_0
                     ? d3d11_context_uav_slots(impl(iface)) : D3D11_PS_CS_UAV_REGISTER_COUNT;
    get_nulls(impl(iface), "CSGetUnorderedAccessViews", start, count, slots, (void **)uavs);
    /* (10_x: cs_4_x's one UAV slot, u0, read back with the rest NULL) */
    if (impl(iface)->device->level >= D3D_FEATURE_LEVEL_10_0 && uavs &&
        range_ok(start, count, slots))
        for (UINT i = 0; i < count; i++)
            uavs[i] = get_ref(impl(iface)->state.cs_uavs[start + i].iface);
}

/* SOSetTargets (10_0+; at 9_x only NULL entries, REF9): NumBuffers <= 4, buffers created with
 * D3D11_BIND_STREAM_OUTPUT; the slots from NumBuffers on are unbound.  pOffsets[i] is where
 * buffer i is written from, in bytes; -1 appends (continues after the last stream-output write
 * to that buffer, its BufferFilledSize); pOffsets NULL writes from 0. */
static void STDMETHODCALLTYPE ctx_SOSetTargets(ID3D11DeviceContext2 *iface, UINT count,
                                               ID3D11Buffer *const *targets, const UINT *offsets)
{
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_resource *res[D3D11_SO_BUFFER_SLOT_COUNT] = { NULL, NULL, NULL, NULL };
    char param[32], msg[MSG_SIZE];
    HRESULT hr = S_OK;
    if (ctx->device->level < D3D_FEATURE_LEVEL_10_0) {
        accept_nulls(ctx, "SOSetTargets", 0, count, D3D11_SO_BUFFER_SLOT_COUNT,
                     (const void *const *)targets,
                     "stream output is not supported (" REF9 ", SOSetTargets)");
        return;
    }
    if (count > D3D11_SO_BUFFER_SLOT_COUNT)
        hr = refuse(msg, "SOSetTargets: NumBuffers %u exceeds the %u stream-output slots", count,
                    D3D11_SO_BUFFER_SLOT_COUNT);
    else if (count && !targets)
        hr = refuse(msg, "SOSetTargets: ppSOTargets is NULL with NumBuffers %u", count);
    for (UINT i = 0; SUCCEEDED(hr) && i < count; i++) {
        snprintf(param, sizeof(param), "ppSOTargets[%u]", i);
        hr = check_buffer(ctx->device, "SOSetTargets", param, targets[i],
                          D3D11_BIND_STREAM_OUTPUT, "D3D11_BIND_STREAM_OUTPUT", &res[i], msg);
    }
    if (FAILED(hr))
        return report(ctx, hr, msg);
    for (UINT i = 0; i < D3D11_SO_BUFFER_SLOT_COUNT; i++) {
        resource_set(&ctx->state.so_targets[i], res[i]);
        if (res[i] && (!offsets || offsets[i] != (UINT)-1))
            res[i]->so_filled = offsets ? offsets[i] : 0;
    }
}

static void STDMETHODCALLTYPE ctx_SOGetTargets(ID3D11DeviceContext2 *iface, UINT count,
                                               ID3D11Buffer **targets)
{
    struct d3d11_context *ctx = impl(iface);
    if (count > D3D11_SO_BUFFER_SLOT_COUNT) {
        d3d11_msg(ctx->device, "SOGetTargets: NumBuffers %u exceeds the %u slots", count,
                  D3D11_SO_BUFFER_SLOT_COUNT);
        return;
    }
    for (UINT i = 0; targets && i < count; i++)
        targets[i] = get_resource_ref(ctx->state.so_targets[i]);
}

/* SetPredication page: NULL means no predication (the value is kept for GetPredication); the
 * predicate must be "issued" (End called; softd3d has no later "signaled" state to wait for).
 * A refused call changes nothing. */
static void STDMETHODCALLTYPE ctx_SetPredication(ID3D11DeviceContext2 *iface,
                                                 ID3D11Predicate *predicate, BOOL value)
{
    struct d3d11_context *ctx = impl(iface);
    ID3D11Asynchronous *async = (ID3D11Asynchronous *)predicate;
    const D3D11_QUERY_DESC *desc = d3d11_query_desc(async);
    const struct d3d11_query_result *r = d3d11_query_result(async);
    /* 10Level9 context reference: SetPredication "not supported on any 9.* feature level";
     * no predicate can be created (seed 004, CreatePredicate), so only NULL (no predication). */
    if (predicate && ctx->device->level < D3D_FEATURE_LEVEL_10_0) {
        d3d11_msg(ctx->device, "SetPredication: predication is not supported at feature level "
                  "%s " REF9, d3d11_level_name(ctx->device->level));
        return;
    }
    if (predicate && (!desc || d3d11_query_child(async)->device != ctx->device ||
                      (desc->Query != D3D11_QUERY_OCCLUSION_PREDICATE &&
                       desc->Query != D3D11_QUERY_SO_OVERFLOW_PREDICATE &&
                       desc->Query != D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0 &&
                       desc->Query != D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM1 &&
                       desc->Query != D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM2 &&
                       desc->Query != D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3))) {
        d3d11_msg(ctx->device, "SetPredication: pPredicate is not a predicate of this device");
        return;
    }
    if (predicate && r->status != D3D11_QUERY_STATUS_ISSUED) {
        d3d11_msg(ctx->device, "SetPredication: the predicate must be issued (End called) to "
                  "be used for predication");
        return;
    }
    bound_set(&ctx->state.predicate, predicate, predicate ? d3d11_query_child(async) : NULL);
    ctx->state.predicate_value = value;
}

static void STDMETHODCALLTYPE ctx_GetPredication(ID3D11DeviceContext2 *iface,
                                                 ID3D11Predicate **predicate, BOOL *value)
{
    struct d3d11_context *ctx = impl(iface);
    if (predicate) {
        *predicate = ctx->state.predicate.iface;
        if (*predicate)
            ID3D11Predicate_AddRef(*predicate);
    }
    if (value)
        *value = ctx->state.predicate_value;
}

/* ---- rasterizer --------------------------------------------------------------------------- */

static void STDMETHODCALLTYPE ctx_RSSetState(ID3D11DeviceContext2 *iface,
                                             ID3D11RasterizerState *state)
{
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_child *child = d3d11_rasterizer_state_desc(state)
                                    ? d3d11_state_object_child((ID3D11DeviceChild *)state)
                                    : NULL;
    char msg[MSG_SIZE];
    HRESULT hr = check_object(ctx->device, "RSSetState", "pRasterizerState", "rasterizer state",
                              state, child, msg);
    if (FAILED(hr))
        return report(ctx, hr, msg);
    bound_set(&ctx->state.rasterizer, state, child);
}

static void STDMETHODCALLTYPE ctx_RSGetState(ID3D11DeviceContext2 *iface,
                                             ID3D11RasterizerState **state)
{
    if (state)
        *state = get_ref(impl(iface)->state.rasterizer.iface);
}

/* One axis of a viewport: origin and size against the level's bounds. */
static HRESULT check_viewport_axis(const struct context_rules *r, UINT i, char axis, float origin,
                                   float size, char *msg)
{
    const char *name = axis == 'X' ? "Width" : "Height";
    if (!isfinite(origin) || !isfinite(size))
        return refuse(msg, "RSSetViewports: pViewports[%u] TopLeft%c or %s is not finite", i, axis,
                      name);
    if (size < 0.0f)
        return refuse(msg, "RSSetViewports: pViewports[%u].%s %g is negative (D3D11_VIEWPORT)",
                      i, name, size);
    if (r->viewport_origin_positive && origin < 0.0f)
        return refuse(msg, "RSSetViewports: pViewports[%u].TopLeft%c %g is negative, which fails "
                      "at feature level %s " REF9, i, axis, origin, d3d11_level_name(r->level));
    if (origin < r->viewport_min || origin + size > r->viewport_max)
        return refuse(msg, "RSSetViewports: pViewports[%u] spans %g..%g in %c, outside [%g, %g] "
                      "at feature level %s (D3D11_VIEWPORT: D3D10 bounds at 10_1 and below)", i,
                      origin, origin + size, axis, r->viewport_min, r->viewport_max,
                      d3d11_level_name(r->level));
    return S_OK;
}

static HRESULT validate_viewports(D3D_FEATURE_LEVEL level, UINT count,
                                  const D3D11_VIEWPORT *vps, char *msg)
{
    const struct context_rules *r = rules_for(level);
    HRESULT hr;
    if (count > r->viewports)
        return refuse(msg, "RSSetViewports: NumViewports %u exceeds %u at feature level %s "
                      "(\"only the zeroth viewport is available\", " REF9 ")", count,
                      r->viewports, d3d11_level_name(level));
    if (count && !vps)
        return refuse(msg, "RSSetViewports: pViewports is NULL with NumViewports %u", count);
    for (UINT i = 0; i < count; i++) {
        const D3D11_VIEWPORT *v = &vps[i];
        if (FAILED(hr = check_viewport_axis(r, i, 'X', v->TopLeftX, v->Width, msg)) ||
            FAILED(hr = check_viewport_axis(r, i, 'Y', v->TopLeftY, v->Height, msg)))
            return hr;
        if (!(v->MinDepth >= 0.0f && v->MinDepth <= 1.0f) ||
            !(v->MaxDepth >= 0.0f && v->MaxDepth <= 1.0f))
            return refuse(msg, "RSSetViewports: pViewports[%u] MinDepth %g / MaxDepth %g must be "
                          "in [0, 1] (D3D11_VIEWPORT)", i, v->MinDepth, v->MaxDepth);
    }
    return S_OK;
}

static void STDMETHODCALLTYPE ctx_RSSetViewports(ID3D11DeviceContext2 *iface, UINT count,
                                                 const D3D11_VIEWPORT *vps)
{
    struct d3d11_context *ctx = impl(iface);
    char msg[MSG_SIZE];
    HRESULT hr = validate_viewports(ctx->device->level, count, vps, msg);
    if (FAILED(hr))
        return report(ctx, hr, msg);
    memset(ctx->state.viewports, 0, sizeof(ctx->state.viewports));
    if (count)
        memcpy(ctx->state.viewports, vps, count * sizeof(*vps));
    ctx->state.viewport_count = count;
}

/* RSGetViewports / RSGetScissorRects: NULL array -> the count; else up to *count entries, the
 * ones past the bound count zeroed (documented), and *count becomes the bound count. */
static void get_rects(UINT *count, void *out, const void *bound, UINT bound_count, size_t size)
{
    UINT n;
    if (!count)
        return;
    if (out) {
        n = *count < D3D11_CTX_VIEWPORTS ? *count : D3D11_CTX_VIEWPORTS;
        memset(out, 0, n * size);
        memcpy(out, bound, (n < bound_count ? n : bound_count) * size);
    }
    *count = bound_count;
}

static void STDMETHODCALLTYPE ctx_RSGetViewports(ID3D11DeviceContext2 *iface, UINT *count,
                                                 D3D11_VIEWPORT *vps)
{
    struct d3d11_context *ctx = impl(iface);
    get_rects(count, vps, ctx->state.viewports, ctx->state.viewport_count, sizeof(*vps));
}

static void STDMETHODCALLTYPE ctx_RSSetScissorRects(ID3D11DeviceContext2 *iface, UINT count,
                                                    const D3D11_RECT *rects)
{
    struct d3d11_context *ctx = impl(iface);
    const struct context_rules *r = rules_for(ctx->device->level);
    if (count > r->scissors) {
        d3d11_msg(ctx->device, "RSSetScissorRects: NumRects %u exceeds %u at feature level %s "
                  "(\"only the zeroth scissor rect is available\", " REF9 ")", count, r->scissors,
                  d3d11_level_name(ctx->device->level));
        return;
    }
    if (count && !rects) {
        d3d11_msg(ctx->device, "RSSetScissorRects: pRects is NULL with NumRects %u", count);
        return;
    }
    memset(ctx->state.scissors, 0, sizeof(ctx->state.scissors));
    if (count)
        memcpy(ctx->state.scissors, rects, count * sizeof(*rects));
    ctx->state.scissor_count = count;
}

static void STDMETHODCALLTYPE ctx_RSGetScissorRects(ID3D11DeviceContext2 *iface, UINT *count,
                                                    D3D11_RECT *rects)
{
    struct d3d11_context *ctx = impl(iface);
    get_rects(count, rects, ctx->state.scissors, ctx->state.scissor_count, sizeof(*rects));
}

/* ---- output merger ------------------------------------------------------------------------ */

/* Size of what a render-target or depth-stencil view selects. */
static void view_extent(const struct d3d11_view_info *v, UINT *w, UINT *h)
{
    if (v->resource->dim == D3D11_RESOURCE_DIMENSION_BUFFER) {
        *w = v->element_count;   /* a buffer render-target view: one row of elements */
        *h = 1;
        return;
    }
    /* from the description, not the memory: a tiled texture has none (d3d11_resource.h) */
    *w = core_mip_size(v->resource->width, v->first_mip);
    *h = core_mip_size(v->resource->height, v->first_mip);
}

struct om_views {
    const struct d3d11_view_info *rtv[D3D11_CTX_RT_SLOTS];
    struct d3d11_child *rtv_child[D3D11_CTX_RT_SLOTS];
    const struct d3d11_view_info *dsv;
    struct d3d11_child *dsv_child;
};

static HRESULT validate_render_targets(const struct d3d11_device *dev, UINT count,
                                       ID3D11RenderTargetView *const *rtvs,
                                       ID3D11DepthStencilView *dsv, struct om_views *out,
                                       char *msg)
{
    const struct context_rules *r = rules_for(dev->level);
    const struct d3d11_level_limits *lim = d3d11_level_limits(dev->level);
    /* limits.h (seed 000 NumSimultaneousRTs; 10Level9 context reference, OMSetRenderTargets) */
    UINT max_rts = lim ? lim->render_targets : D3D11_CTX_RT_SLOTS;
    const struct d3d11_view_info *first = NULL;
    char param[40];
    HRESULT hr;

    memset(out, 0, sizeof(*out));
    if (count > D3D11_CTX_RT_SLOTS)
        return refuse(msg, "OMSetRenderTargets: NumViews %u exceeds "
                      "D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT (%u)", count, D3D11_CTX_RT_SLOTS);
    if (count && !rtvs)
        return refuse(msg, "OMSetRenderTargets: ppRenderTargetViews is NULL with NumViews %u",
                      count);
    /* Only non-NULL views count against the level's render targets: Windows accepts NULL slots
     * past them (an independent D3D11 conformance suite, issue 11 part 10). */
    for (UINT i = max_rts; i < count; i++)
        if (rtvs[i])
            return refuse(msg, "OMSetRenderTargets: ppRenderTargetViews[%u] is not NULL; feature "
                          "level %s has %u render target%s " REF9, i,
                          d3d11_level_name(dev->level), max_rts, max_rts == 1 ? "" : "s");
    for (UINT i = 0; i < count; i++) {
        out->rtv[i] = d3d11_rtv_info(rtvs[i], NULL);
        out->rtv_child[i] = out->rtv[i] ? d3d11_view_child((ID3D11View *)rtvs[i]) : NULL;
        snprintf(param, sizeof(param), "ppRenderTargetViews[%u]", i);
        if (FAILED(hr = check_object(dev, "OMSetRenderTargets", param, "render-target view",
                                     rtvs[i], out->rtv_child[i], msg)))
            return hr;
    }
    out->dsv = d3d11_dsv_info(dsv, NULL);
    out->dsv_child = out->dsv ? d3d11_view_child((ID3D11View *)dsv) : NULL;
    if (FAILED(hr = check_object(dev, "OMSetRenderTargets", "pDepthStencilView",
                                 "depth-stencil view", dsv, out->dsv_child, msg)))
        return hr;

    /* General rules: one slot per subresource; one size and sample count for all. */
    for (UINT i = 0; i < count; i++) {
        const struct d3d11_view_info *v = out->rtv[i];
        UINT w, h, fw, fh;
        if (!v)
            continue;
        for (UINT j = 0; j < i; j++)
            if (views_overlap(out->rtv[j], v))
                return refuse(msg, "OMSetRenderTargets: ppRenderTargetViews[%u] and [%u] select "
                              "the same subresource", j, i);
        if (!first) {
            first = v;
            continue;
        }
        view_extent(first, &fw, &fh);
        view_extent(v, &w, &h);
        if (w != fw || h != fh || v->slice_count != first->slice_count)
            return refuse(msg, "OMSetRenderTargets: ppRenderTargetViews[%u] is %ux%u (%u slices), "
                          "the first bound view %ux%u (%u slices): all must be the same size", i,
                          w, h, v->slice_count, fw, fh, first->slice_count);
        if (v->resource->sample_count != first->resource->sample_count)
            return refuse(msg, "OMSetRenderTargets: ppRenderTargetViews[%u] has %u samples, the "
                          "first bound view %u", i, v->resource->sample_count,
                          first->resource->sample_count);
        /* 9_3: "all bound resources must have same bit depth". */
        if (r->rt_same_bit_depth) {
            const core_format_desc *a = core_format_get(first->format);
            const core_format_desc *b = core_format_get(v->format);
            UINT abits = a ? a->block_bytes * 8u : 0, bbits = b ? b->block_bytes * 8u : 0;
            if (abits != bbits)
                return refuse(msg, "OMSetRenderTargets: ppRenderTargetViews[%u] has %u bits per "
                              "element, the first bound view %u: feature level %s needs the "
                              "same bit depth " REF9, i, bbits, abits,
                              d3d11_level_name(dev->level));
        }
    }
    if (out->dsv && first) {
        UINT w, h, fw, fh;
        view_extent(first, &fw, &fh);
        view_extent(out->dsv, &w, &h);
        if (w != fw || h != fh || out->dsv->slice_count != first->slice_count)
            return refuse(msg, "OMSetRenderTargets: pDepthStencilView is %ux%u (%u slices), the "
                          "render targets %ux%u (%u slices): all must be the same size", w, h,
                          out->dsv->slice_count, fw, fh, first->slice_count);
        if (out->dsv->resource->sample_count != first->resource->sample_count)
            return refuse(msg, "OMSetRenderTargets: pDepthStencilView has %u samples, the render "
                          "targets %u", out->dsv->resource->sample_count,
                          first->resource->sample_count);
    }
    return S_OK;
}

/* Unbinds every shader-resource view that reads a subresource now bound for output. */
static void unbind_output_hazards(struct d3d11_context *ctx, const char *method)
{
    struct d3d11_shader_stage_state *stages[] = { &ctx->state.vs, &ctx->state.ps, &ctx->state.gs,
                                                  &ctx->state.hs, &ctx->state.ds, &ctx->state.cs };
    static const char *const names[] = { "vertex", "pixel", "geometry", "hull", "domain",
                                         "compute" };
    for (size_t s = 0; s < 6; s++)
        for (UINT i = 0; i < D3D11_CTX_SRV_SLOTS; i++) {
            struct d3d11_bound_view *v = &stages[s]->srvs[i];
            if (!v->info || !bound_for_output(&ctx->state, v->info))
                continue;
            d3d11_msg(ctx->device, "%s: a bound render target or depth-stencil view shares a "
                      "subresource with %s shader-resource slot %u, which is set to NULL", method,
                      names[s], i);
            view_set(v, NULL, NULL, NULL);
        }
}

/* Binds the targets; false (nothing changed, a message) when the call is refused. */
static bool set_render_targets(struct d3d11_context *ctx, const char *method, UINT count,
                               ID3D11RenderTargetView *const *rtvs, ID3D11DepthStencilView *dsv)
{
    struct om_views v;
    char msg[MSG_SIZE];
    HRESULT hr = validate_render_targets(ctx->device, count, rtvs, dsv, &v, msg);
    if (FAILED(hr)) {
        if (strcmp(method, "OMSetRenderTargets"))   /* name the method the application called */
            d3d11_msg(ctx->device, "%s (render targets): %s", method,
                      msg + strlen("OMSetRenderTargets: "));
        else
            d3d11_msg(ctx->device, "%s", msg);
        return false;
    }
    for (UINT i = 0; i < D3D11_CTX_RT_SLOTS; i++)   /* slots past NumViews become NULL */
        view_set(&ctx->state.rtvs[i], i < count ? rtvs[i] : NULL, v.rtv_child[i], v.rtv[i]);
    view_set(&ctx->state.dsv, dsv, v.dsv_child, v.dsv);
    unbind_output_hazards(ctx, method);
    return true;
}

static void STDMETHODCALLTYPE ctx_OMSetRenderTargets(ID3D11DeviceContext2 *iface, UINT count,
                                                     ID3D11RenderTargetView *const *rtvs,
                                                     ID3D11DepthStencilView *dsv)
{
    set_render_targets(impl(iface), "OMSetRenderTargets", count, rtvs, dsv);
}

static void get_render_targets(struct d3d11_context *ctx, const char *method, UINT count,
                               ID3D11RenderTargetView **rtvs, ID3D11DepthStencilView **dsv)
{
    if (count > D3D11_CTX_RT_SLOTS) {
        d3d11_msg(ctx->device, "%s: NumViews %u exceeds %u", method, count, D3D11_CTX_RT_SLOTS);
        return;
    }
    for (UINT i = 0; rtvs && i < count; i++)
        rtvs[i] = get_ref(ctx->state.rtvs[i].iface);
    if (dsv)
        *dsv = get_ref(ctx->state.dsv.iface);
}

static void STDMETHODCALLTYPE ctx_OMGetRenderTargets(ID3D11DeviceContext2 *iface, UINT count,
                                                     ID3D11RenderTargetView **rtvs,
                                                     ID3D11DepthStencilView **dsv)
{
    get_render_targets(impl(iface), "OMGetRenderTargets", count, rtvs, dsv);
}

/* Render targets as OMSetRenderTargets (unless D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL); the
 * unordered-access part: at 11_0 the pixel stage's UAVs (context_uav.c: checked first, bound
 * after the targets, so a refused call changes nothing); below, only "keep" or NULL views (none
 * can exist there). */
static void STDMETHODCALLTYPE ctx_OMSetRenderTargetsAndUnorderedAccessViews(
    ID3D11DeviceContext2 *iface, UINT rtv_count, ID3D11RenderTargetView *const *rtvs,
    ID3D11DepthStencilView *dsv, UINT uav_start, UINT uav_count,
    ID3D11UnorderedAccessView *const *uavs, const UINT *initial_counts)
{
    static const char method[] = "OMSetRenderTargetsAndUnorderedAccessViews";
    struct d3d11_context *ctx = impl(iface);
    if (ctx->device->level >= D3D_FEATURE_LEVEL_11_0) {
        char msg[MSG_SIZE];
        if (FAILED(d3d11_context_check_om_uavs(ctx, rtv_count, uav_start, uav_count, uavs, msg,
                                               sizeof(msg)))) {
            d3d11_msg(ctx->device, "%s", msg);
            return;
        }
        if (rtv_count == D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL ||
            set_render_targets(ctx, method, rtv_count, rtvs, dsv))
            d3d11_context_set_om_uavs(ctx, uav_start, uav_count, uavs, initial_counts);
        return;
    }
    (void)initial_counts;
    if (uav_count != D3D11_KEEP_UNORDERED_ACCESS_VIEWS) {
        if (!range_ok(uav_start, uav_count, D3D11_PS_CS_UAV_REGISTER_COUNT)) {
            d3d11_msg(ctx->device, "%s: UAVStartSlot %u + NumUAVs %u exceeds %u", method,
                      uav_start, uav_count, D3D11_PS_CS_UAV_REGISTER_COUNT);
            return;
        }
        for (UINT i = 0; uavs && i < uav_count; i++)
            if (uavs[i]) {
                /* 10_x has UAVs for cs_4_x only: "Pixel Shaders on downlevel HW do not
                 * support UAV access" (D3D11.3 18.7.2.2) */
                d3d11_msg(ctx->device, "%s: ppUnorderedAccessViews[%u] is not NULL; %s at "
                          "feature level %s", method, i,
                          ctx->device->level >= D3D_FEATURE_LEVEL_10_0
                              ? "pixel-shader unordered-access views need 11_0 (D3D11.3 "
                                "18.7.2.2)" : NO_UAV,
                          d3d11_level_name(ctx->device->level));
                return;
            }
    }
    if (rtv_count != D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL)
        set_render_targets(ctx, method, rtv_count, rtvs, dsv);
}

static void STDMETHODCALLTYPE ctx_OMGetRenderTargetsAndUnorderedAccessViews(
    ID3D11DeviceContext2 *iface, UINT rtv_count, ID3D11RenderTargetView **rtvs,
    ID3D11DepthStencilView **dsv, UINT uav_start, UINT uav_count,
    ID3D11UnorderedAccessView **uavs)
{
    struct d3d11_context *ctx = impl(iface);
    get_render_targets(ctx, "OMGetRenderTargetsAndUnorderedAccessViews", rtv_count, rtvs, dsv);
    UINT slots = ctx->device->level >= D3D_FEATURE_LEVEL_11_0 ? d3d11_context_uav_slots(ctx)
                                                             : D3D11_PS_CS_UAV_REGISTER_COUNT;
    get_nulls(ctx, "OMGetRenderTargetsAndUnorderedAccessViews", uav_start, uav_count, slots,
              (void **)uavs);
    if (uavs && range_ok(uav_start, uav_count, slots))
        for (UINT i = 0; i < uav_count; i++)
            uavs[i] = get_ref(ctx->state.om_uavs[uav_start + i].iface);
}

static void STDMETHODCALLTYPE ctx_OMSetBlendState(ID3D11DeviceContext2 *iface,
                                                  ID3D11BlendState *state,
                                                  const FLOAT factor[4], UINT sample_mask)
{
    static const FLOAT ones[4] = { 1.0f, 1.0f, 1.0f, 1.0f };
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_child *child = d3d11_blend_state_desc(state)
                                    ? d3d11_state_object_child((ID3D11DeviceChild *)state)
                                    : NULL;
    char msg[MSG_SIZE];
    HRESULT hr = check_object(ctx->device, "OMSetBlendState", "pBlendState", "blend state", state,
                              child, msg);
    if (SUCCEEDED(hr) && !sample_mask && rules_for(ctx->device->level)->sample_mask_nonzero)
        hr = refuse(msg, "OMSetBlendState: SampleMask cannot be zero at feature level %s " REF9,
                    d3d11_level_name(ctx->device->level));
    if (FAILED(hr))
        return report(ctx, hr, msg);
    bound_set(&ctx->state.blend, state, child);
    /* OMSetBlendState: a NULL pBlendFactor means {1, 1, 1, 1}. */
    memcpy(ctx->state.blend_factor, factor ? factor : ones, sizeof(ones));
    ctx->state.sample_mask = sample_mask;
}

static void STDMETHODCALLTYPE ctx_OMGetBlendState(ID3D11DeviceContext2 *iface,
                                                  ID3D11BlendState **state, FLOAT factor[4],
                                                  UINT *sample_mask)
{
    struct d3d11_context *ctx = impl(iface);
    if (state)
        *state = get_ref(ctx->state.blend.iface);
    if (factor)
        memcpy(factor, ctx->state.blend_factor, sizeof(ctx->state.blend_factor));
    if (sample_mask)
        *sample_mask = ctx->state.sample_mask;
}

static void STDMETHODCALLTYPE ctx_OMSetDepthStencilState(ID3D11DeviceContext2 *iface,
                                                         ID3D11DepthStencilState *state,
                                                         UINT stencil_ref)
{
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_child *child = d3d11_depth_stencil_state_desc(state)
                                    ? d3d11_state_object_child((ID3D11DeviceChild *)state)
                                    : NULL;
    char msg[MSG_SIZE];
    HRESULT hr = check_object(ctx->device, "OMSetDepthStencilState", "pDepthStencilState",
                              "depth-stencil state", state, child, msg);
    if (FAILED(hr))
        return report(ctx, hr, msg);
    bound_set(&ctx->state.depth_stencil, state, child);
    ctx->state.stencil_ref = stencil_ref;
}

static void STDMETHODCALLTYPE ctx_OMGetDepthStencilState(ID3D11DeviceContext2 *iface,
                                                         ID3D11DepthStencilState **state,
                                                         UINT *stencil_ref)
{
    struct d3d11_context *ctx = impl(iface);
    if (state)
        *state = get_ref(ctx->state.depth_stencil.iface);
    if (stencil_ref)
        *stencil_ref = ctx->state.stencil_ref;
}

/* ---- ClearState, Flush -------------------------------------------------------------------- */

static void stage_reset(struct d3d11_shader_stage_state *s)
{
    bound_set(&s->shader, NULL, NULL);
    for (UINT i = 0; i < s->instance_count; i++)
        bound_set(&s->instances[i], NULL, NULL);
    free(s->instances);
    s->instances = NULL;
    s->instance_count = 0;
    for (UINT i = 0; i < D3D11_CTX_CB_SLOTS; i++)
        resource_set(&s->constant_buffers[i], NULL);
    for (UINT i = 0; i < D3D11_CTX_SRV_SLOTS; i++)
        view_set(&s->srvs[i], NULL, NULL, NULL);
    for (UINT i = 0; i < D3D11_CTX_SAMPLER_SLOTS; i++)
        bound_set(&s->samplers[i], NULL, NULL);
}

/* ClearState: "sets all input/output resource slots, shaders, input layouts, predications,
 * scissor rectangles, depth-stencil state, rasterizer state, blend state, sampler state, and
 * viewports to NULL.  The primitive topology is set to UNDEFINED."  Blend factor and sample mask
 * take their OMSetBlendState defaults ({1,1,1,1}, 0xffffffff), the stencil reference 0.  Also the
 * context's state at creation (called by d3d11_context_init) and at the device's death. */
void d3d11_context_state_reset(struct d3d11_context *ctx)
{
    d3d11_context_state_release(&ctx->state);
}

/* The ClearState defaults of a state that holds nothing (context_state_object.c's new states
 * start as these too). */
void d3d11_context_state_defaults(struct d3d11_context_state *s)
{
    memset(s, 0, sizeof(*s));
    s->topology = D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED;
    s->index_format = DXGI_FORMAT_UNKNOWN;
    for (int i = 0; i < 4; i++)
        s->blend_factor[i] = 1.0f;
    s->sample_mask = D3D11_DEFAULT_SAMPLE_MASK;
    s->stencil_ref = 0;
}

/* Drops every context reference `s` holds and leaves it at the defaults. */
void d3d11_context_state_release(struct d3d11_context_state *s)
{
    bound_set(&s->input_layout, NULL, NULL);
    for (UINT i = 0; i < D3D11_CTX_VB_SLOTS; i++)
        resource_set(&s->vertex_buffers[i].buffer, NULL);
    resource_set(&s->index_buffer, NULL);
    stage_reset(&s->vs);
    stage_reset(&s->ps);
    stage_reset(&s->gs);
    stage_reset(&s->hs);
    stage_reset(&s->ds);
    stage_reset(&s->cs);
    for (UINT i = 0; i < D3D11_CTX_UAV_SLOTS; i++) {
        view_set(&s->cs_uavs[i], NULL, NULL, NULL);
        view_set(&s->om_uavs[i], NULL, NULL, NULL);
    }
    for (UINT i = 0; i < D3D11_SO_BUFFER_SLOT_COUNT; i++)
        resource_set(&s->so_targets[i], NULL);
    bound_set(&s->rasterizer, NULL, NULL);
    for (UINT i = 0; i < D3D11_CTX_RT_SLOTS; i++)
        view_set(&s->rtvs[i], NULL, NULL, NULL);
    view_set(&s->dsv, NULL, NULL, NULL);
    bound_set(&s->blend, NULL, NULL);
    bound_set(&s->depth_stencil, NULL, NULL);
    bound_set(&s->predicate, NULL, NULL);
    d3d11_context_state_defaults(s);   /* everything is unbound: only values are left */
}

static void STDMETHODCALLTYPE ctx_ClearState(ID3D11DeviceContext2 *iface)
{
    d3d11_context_state_reset(impl(iface));
}

/* Flush: "sends queued-up commands in the command buffer to the GPU".  softd3d executes every
 * context method before it returns (copies, clears, query ends; draws will too until the pipeline
 * queues work), so there is never anything queued: a documented no-op. */
static void STDMETHODCALLTYPE ctx_Flush(ID3D11DeviceContext2 *iface)
{
    d3d11_context_flush_draws(impl(iface));   /* the draws waiting in the scene (context_draw.c) */
}

void d3d11_context_state_fill_vtbl(ID3D11DeviceContext2Vtbl *v)
{
#define SLOT(name) v->name = ctx_##name
#define STAGE_SLOTS(P)                                                                          \
    SLOT(P##SetShader), SLOT(P##GetShader), SLOT(P##SetConstantBuffers),                        \
        SLOT(P##GetConstantBuffers), SLOT(P##SetShaderResources), SLOT(P##GetShaderResources),  \
        SLOT(P##SetSamplers), SLOT(P##GetSamplers)
    SLOT(IASetInputLayout), SLOT(IAGetInputLayout), SLOT(IASetVertexBuffers);
    SLOT(IAGetVertexBuffers), SLOT(IASetPrimitiveTopology), SLOT(IAGetPrimitiveTopology);
    STAGE_SLOTS(VS);
    STAGE_SLOTS(PS);
    STAGE_SLOTS(GS);
    STAGE_SLOTS(HS);
    STAGE_SLOTS(DS);
    STAGE_SLOTS(CS);
    SLOT(CSSetUnorderedAccessViews), SLOT(CSGetUnorderedAccessViews);
    SLOT(SOSetTargets), SLOT(SOGetTargets), SLOT(SetPredication), SLOT(GetPredication);
    SLOT(RSSetState), SLOT(RSGetState), SLOT(RSSetViewports), SLOT(RSGetViewports);
    SLOT(RSSetScissorRects), SLOT(RSGetScissorRects);
    SLOT(OMSetRenderTargets), SLOT(OMGetRenderTargets);
    SLOT(OMSetRenderTargetsAndUnorderedAccessViews);
    SLOT(OMGetRenderTargetsAndUnorderedAccessViews);
    SLOT(OMSetBlendState), SLOT(OMGetBlendState);
    SLOT(OMSetDepthStencilState), SLOT(OMGetDepthStencilState);
    SLOT(ClearState), SLOT(Flush);
#undef STAGE_SLOTS
#undef SLOT
}
