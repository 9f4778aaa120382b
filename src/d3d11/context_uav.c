/* src/d3d11/context_uav.c — CSSetUnorderedAccessViews at 11_0 (issue 15): the compute
 * unordered-access slots u0..u7, the hidden counters' initial values and the hazard rule
 * between shader-resource and unordered-access bindings.
 *
 * Rules (CSSetUnorderedAccessViews page; D3D11_PS_CS_UAV_REGISTER_COUNT):
 *  - StartSlot + NumUAVs within the 8 slots of 11_0 (D3D11_1_UAV_SLOT_COUNT, 64, is 11_1's);
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

bool d3d11_context_bound_as_uav(const struct d3d11_context *ctx,
                                const struct d3d11_view_info *info)
{
    for (UINT i = 0; i < D3D11_CTX_UAV_SLOTS; i++)
        if (d3d11_context_views_overlap(ctx->state.cs_uavs[i].info, info))
            return true;
    return false;
}

/* Unbinds every shader-resource view that shares a subresource with a bound UAV. */
static void unbind_input_hazards(struct d3d11_context *ctx)
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
            d3d11_msg(ctx->device, "CSSetUnorderedAccessViews: a bound unordered-access view "
                      "shares a subresource with %s shader-resource slot %u, which is set to "
                      "NULL", names[s], i);
            d3d11_context_view_set(v, NULL, NULL, NULL);
        }
}

void d3d11_context_set_cs_uavs(struct d3d11_context *ctx, UINT start, UINT count,
                               ID3D11UnorderedAccessView *const *uavs, const UINT *counts)
{
    static const char method[] = "CSSetUnorderedAccessViews";
    struct d3d11_uav_info *u[D3D11_CTX_UAV_SLOTS];
    struct d3d11_child *child[D3D11_CTX_UAV_SLOTS];

    if (start > D3D11_CTX_UAV_SLOTS || count > D3D11_CTX_UAV_SLOTS - start) {
        d3d11_msg(ctx->device, "%s: StartSlot %u + NumUAVs %u exceeds the %u unordered-access "
                  "slots of feature level %s", method, start, count, D3D11_CTX_UAV_SLOTS,
                  d3d11_level_name(ctx->device->level));
        return;
    }
    if (count && !uavs) {
        d3d11_msg(ctx->device, "%s: ppUnorderedAccessViews is NULL with NumUAVs %u", method,
                  count);
        return;
    }
    for (UINT i = 0; i < count; i++) {
        u[i] = d3d11_uav_info(uavs[i]);
        child[i] = u[i] ? d3d11_view_child((ID3D11View *)uavs[i]) : NULL;
        if (uavs[i] && !u[i]) {
            d3d11_msg(ctx->device, "%s: ppUnorderedAccessViews[%u] is not a softd3d "
                      "unordered-access view", method, i);
            return;
        }
        if (child[i] && child[i]->device != ctx->device) {
            d3d11_msg(ctx->device, "%s: ppUnorderedAccessViews[%u] belongs to another device",
                      method, i);
            return;
        }
    }
    for (UINT i = 0; i < count; i++) {
        d3d11_context_view_set(&ctx->state.cs_uavs[start + i], uavs[i], child[i],
                               u[i] ? &u[i]->view : NULL);
        if (u[i] && u[i]->has_counter && counts && counts[i] != (UINT)-1)
            u[i]->counter = counts[i];
    }
    unbind_input_hazards(ctx);
}
