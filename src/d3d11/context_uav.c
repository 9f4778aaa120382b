/* src/d3d11/context_uav.c — CSSetUnorderedAccessViews and the UAV part of
 * OMSetRenderTargetsAndUnorderedAccessViews at 11_0/11_1 (issue 15): the compute and the
 * graphics stages' unordered-access slots (u0..u7 at 11_0, u0..u63 at 11_1), the hidden
 * counters' initial values and the hazard rule between shader-resource and unordered-access
 * bindings.
 *
 * Rules (CSSetUnorderedAccessViews page; D3D11_PS_CS_UAV_REGISTER_COUNT):
 *  - StartSlot + NumUAVs within the level's slots: 8 at 11_0, D3D11_1_UAV_SLOT_COUNT (64) at
 *    11_1 ("For the Direct3D 11.1 runtime ... this value can range from 0 to
 *    D3D11_1_UAV_SLOT_COUNT - 1"; limits.h uav_slots);
 *    ppUnorderedAccessViews may be NULL only with NumUAVs 0; each entry NULL or a UAV of this
 *    device.  A refused call changes nothing.
 *  - pUAVInitialCounts: "A value of -1 indicates to keep the current offset. Any other values
 *    set the hidden counter for that appendable and consumable UAV ... only relevant for UAVs
 *    that were created with either D3D11_BUFFER_UAV_FLAG_APPEND or
 *    D3D11_BUFFER_UAV_FLAG_COUNTER"; NULL keeps every counter.
 *  - Hazards ("Resource being set to CS UnorderedAccessView slot is still bound on input",
 *    the runtime's documented debug warning): a subresource bound as an unordered-access view
 *    is unbound from every stage's shader-resource slots, with a message line; the other way
 *    round, *SetShaderResources binds NULL instead of a view of a subresource bound as a UAV
 *    (context_state.c, set_shader_resources). */
#include "d3d11/d3d11_private.h"

#include "d3d11/d3d11_context.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/device_child.h"

#include <stdio.h>

#include "d3d11/limits.h"

UINT d3d11_context_uav_slots(const struct d3d11_context *ctx)
{
    const struct d3d11_level_limits *l = d3d11_level_limits(ctx->device->level);
    UINT n = l ? l->uav_slots : 0;
    return n < D3D11_CTX_UAV_SLOTS ? n : D3D11_CTX_UAV_SLOTS;
}

bool d3d11_context_bound_as_uav(const struct d3d11_context *ctx,
                                const struct d3d11_view_info *info)
{
    for (UINT i = 0; i < D3D11_CTX_UAV_SLOTS; i++)
        if (d3d11_context_views_overlap(ctx->state.cs_uavs[i].info, info) ||
            d3d11_context_views_overlap(ctx->state.om_uavs[i].info, info))
            return true;
    return false;
}

/* Unbinds every shader-resource view that shares a subresource with a bound UAV. */
static void unbind_input_hazards(struct d3d11_context *ctx, const char *method)
{
    struct d3d11_shader_stage_state *stages[] = { &ctx->state.vs, &ctx->state.ps, &ctx->state.gs,
                                                  &ctx->state.hs, &ctx->state.ds, &ctx->state.cs };
    static const char *const names[] = { "vertex", "pixel", "geometry", "hull", "domain",
                                         "compute" };
    for (size_t s = 0; s < sizeof(stages) / sizeof(stages[0]); s++)
        for (UINT i = 0; i < D3D11_CTX_SRV_SLOTS; i++) {
            struct d3d11_bound_view *v = &stages[s]->srvs[i];
            if (!v->info || !d3d11_context_bound_as_uav(ctx, v->info))
                continue;
            d3d11_msg(ctx->device, "%s: a bound unordered-access view shares a subresource "
                      "with %s shader-resource slot %u, which is set to NULL", method, names[s],
                      i);
            d3d11_context_view_set(v, NULL, NULL, NULL);
        }
}

/* The slot range and the views of a call (shared by both methods); msg on refusal. */
static HRESULT check_uavs(const struct d3d11_context *ctx, const char *method, UINT start,
                          UINT count, ID3D11UnorderedAccessView *const *uavs, char *msg,
                          size_t size, UINT slots)
{
    if (start > slots || count > slots - start) {
        snprintf(msg, size, "%s: StartSlot %u + NumUAVs %u exceeds the %u unordered-access "
                 "slots of feature level %s", method, start, count, slots,
                 d3d11_level_name(ctx->device->level));
        return E_INVALIDARG;
    }
    if (count && !uavs) {
        snprintf(msg, size, "%s: ppUnorderedAccessViews is NULL with NumUAVs %u", method, count);
        return E_INVALIDARG;
    }
    for (UINT i = 0; i < count; i++) {
        struct d3d11_uav_info *u = d3d11_uav_info(uavs[i]);
        if (uavs[i] && !u) {
            snprintf(msg, size, "%s: ppUnorderedAccessViews[%u] is not a softd3d "
                     "unordered-access view", method, i);
            return E_INVALIDARG;
        }
        if (u && u->view.resource->device != ctx->device) {
            snprintf(msg, size, "%s: ppUnorderedAccessViews[%u] belongs to another device",
                     method, i);
            return E_INVALIDARG;
        }
    }
    return S_OK;
}

/* Binds slots [start, start + count) of `slots` (checked above); the initial counts of the
 * APPEND / COUNTER views.  A deferred context (not the device's own) only records the call:
 * the counters are the views', set when the command list executes on the immediate context
 * (command_list.c replays the call), not while recording. */
static void bind_uavs(const struct d3d11_context *ctx, struct d3d11_bound_view *slots,
                      UINT start, UINT count, ID3D11UnorderedAccessView *const *uavs,
                      const UINT *counts)
{
    if (ctx != &ctx->device->context)
        counts = NULL;
    for (UINT i = 0; i < count; i++) {
        struct d3d11_uav_info *u = d3d11_uav_info(uavs[i]);
        d3d11_context_view_set(&slots[start + i], uavs[i],
                               u ? d3d11_view_child((ID3D11View *)uavs[i]) : NULL,
                               u ? &u->view : NULL);
        if (u && u->has_counter && counts && counts[i] != (UINT)-1)
            u->counter = counts[i];
    }
}

void d3d11_context_set_cs_uavs(struct d3d11_context *ctx, UINT start, UINT count,
                               ID3D11UnorderedAccessView *const *uavs, const UINT *counts)
{
    static const char method[] = "CSSetUnorderedAccessViews";
    char msg[512];
    /* 10_x: cs_4_x's one slot (D3D11.3 18.7.2.2, D3D11_CS_4_X_UAV_REGISTER_COUNT) */
    UINT slots = ctx->device->level >= D3D_FEATURE_LEVEL_11_0 ? d3d11_context_uav_slots(ctx)
                                                              : D3D11_CS_4_X_UAV_REGISTER_COUNT;
    if (FAILED(check_uavs(ctx, method, start, count, uavs, msg, sizeof(msg), slots))) {
        d3d11_msg(ctx->device, "%s", msg);
        return;
    }
    bind_uavs(ctx, ctx->state.cs_uavs, start, count, uavs, counts);
    unbind_input_hazards(ctx, method);
}

/* OMSetRenderTargetsAndUnorderedAccessViews (its reference page): "UAVStartSlot ... must be
 * equal to or greater than NumRTVs" (render targets and UAVs share the 8 output slots at
 * 11_0, UAVs after the targets; at 11_1 the UAV range is the 64 slots, still from NumRTVs on), D3D11_KEEP_UNORDERED_ACCESS_VIEWS keeps the bound UAVs (UAVStartSlot
 * and the rest ignored); otherwise the call's UAVs replace the whole set: the slots outside
 * [UAVStartSlot, UAVStartSlot + NumUAVs) are unbound.  With
 * D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL the bound render targets count. */
HRESULT d3d11_context_check_om_uavs(const struct d3d11_context *ctx, UINT rtv_count, UINT start,
                                    UINT count, ID3D11UnorderedAccessView *const *uavs,
                                    char *msg, size_t msg_size)
{
    static const char method[] = "OMSetRenderTargetsAndUnorderedAccessViews";
    if (count == D3D11_KEEP_UNORDERED_ACCESS_VIEWS)
        return S_OK;
    if (rtv_count == D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL) {
        rtv_count = 0;
        for (UINT i = 0; i < D3D11_CTX_RT_SLOTS; i++)
            if (ctx->state.rtvs[i].iface)
                rtv_count = i + 1;
    }
    HRESULT hr = check_uavs(ctx, method, start, count, uavs, msg, msg_size,
                            d3d11_context_uav_slots(ctx));
    if (SUCCEEDED(hr) && count && start < rtv_count) {
        snprintf(msg, msg_size, "%s: UAVStartSlot %u is below NumRTVs %u (the UAVs follow the "
                 "render targets)", method, start, rtv_count);
        hr = E_INVALIDARG;
    }
    return hr;
}

void d3d11_context_set_om_uavs(struct d3d11_context *ctx, UINT start, UINT count,
                               ID3D11UnorderedAccessView *const *uavs, const UINT *counts)
{
    if (count == D3D11_KEEP_UNORDERED_ACCESS_VIEWS)
        return;
    for (UINT i = 0; i < D3D11_CTX_UAV_SLOTS; i++)
        if (i < start || i - start >= count)
            d3d11_context_view_set(&ctx->state.om_uavs[i], NULL, NULL, NULL);
    bind_uavs(ctx, ctx->state.om_uavs, start, count, uavs, counts);
    unbind_input_hazards(ctx, "OMSetRenderTargetsAndUnorderedAccessViews");
}
