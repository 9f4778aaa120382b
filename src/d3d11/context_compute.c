/* src/d3d11/context_compute.c — the compute work of the immediate context at 10_0+ (issue 15):
 * Dispatch, DispatchIndirect, ClearUnorderedAccessViewUint / Float, CopyStructureCount.  The
 * CS* setters are context_state.c's (the same template as every stage), the UAV slots
 * context_uav.c's.  Below 10_0 the methods keep context_draw.c's / the generated refusals.
 *
 * At 10_0 / 10_1 (cs_4_x, D3D10_X_HARDWARE_OPTIONS; D3D11.3 18.7.2.1): Dispatch as at 11_0
 * except that "the Z dimension can be no more than 1 (larger gives undefined behavior)"
 * (D3D11_CS_4_X_DISPATCH_MAX_THREAD_GROUPS_IN_Z_DIMENSION; decision: dropped with a message);
 * "DispatchIndirect() is unsupported on downlevel HW, so the runtime will do nothing": dropped
 * with a message; the clears as at 11_0 (10_x UAVs are raw or structured, so the float clear
 * always refuses); CopyStructureCount keeps the refusal below 11_0 (no 10_x view has a hidden
 * counter: APPEND / COUNTER views need 11_0, view_validate.c).
 *
 * A dispatch translates the bound compute state into the API-neutral compute_dispatch
 * (src/pipeline/compute.h) and runs it on the renderer's worker pool; it returns when every
 * group has run, so Map, the copies and GetData see finished results without a flush.
 *
 * Rules (each method's reference page):
 *  - Dispatch: "If any of ThreadGroupCountX, Y, Z is 0, no dispatch occurs"; each "must be
 *    less than or equal to D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION (65535)":
 *    decision, a larger count drops the call with a message (the debug layer's error).  A
 *    compute shader must be bound (nothing runs otherwise, with a message).
 *  - DispatchIndirect: the arguments (three UINTs, D3D11_DISPATCH... ThreadGroupCountX/Y/Z)
 *    at AlignedByteOffsetForArgs, "must be a multiple of 4", in a buffer created with
 *    D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS; the three UINTs must lie within it.
 *  - ClearUnorderedAccessViewUint: "copies the lower ni bits from each array element i to the
 *    corresponding channel ... no format conversion.  For a raw or structured buffer view,
 *    only the first array element value is used" (every 32-bit word gets Values[0]).
 *  - ClearUnorderedAccessViewFloat: "works on FLOAT, UNORM, and SNORM unordered access views
 *    (UAVs), with format conversion from FLOAT to *NORM where appropriate.  On other UAVs,
 *    the operation is invalid and the call will not reach the driver": refused with a message
 *    for raw, structured, UINT and SINT views.
 *  - CopyStructureCount: the hidden counter of pSrcView (a UAV created with
 *    D3D11_BUFFER_UAV_FLAG_APPEND or _COUNTER) as a UINT at DstAlignedByteOffset ("must be a
 *    multiple of 4") of pDstBuffer; refused otherwise, and for an immutable destination.
 *  - SetPredication: these are "rendering or resource manipulation commands": not performed
 *    while the predicate is true (d3d11_context_predicated).
 *  - Pipeline statistics: CSInvocations counts one per thread of every group run.
 */
#include "util/hash.h"
#include "d3d11/d3d11_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11/d3d11_context.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/d3d11_shader.h"
#include "d3d11/d3d11_tiled.h"
#include "pipeline/compute.h"
#include "pipeline/draw.h"
#include "shader/tpf.h"

#define PROGRAM_CACHE 32

static inline struct d3d11_context *impl(ID3D11DeviceContext2 *iface)
{
    return container_of(iface, struct d3d11_context, iface);
}

/* ---- decoded programs ------------------------------------------------------------------------
 * Keyed by the bytecode (equal bytes run the same program, so a shader object freed and
 * another created at the same address can never be confused); the oldest entry makes room. */
struct compute_entry {
    uint8_t *bytes;
    size_t size;
    uint64_t hash;
    struct vm_program *prog;       /* NULL when it could not be prepared: error says why */
    char error[200];
};

struct d3d11_compute_cache {
    struct compute_entry programs[PROGRAM_CACHE];
    unsigned count, next;
    /* per-dispatch translation scratch */
    struct vm_cs_env views;
    struct compute_image images[IR_MAX_UAVS];
    struct texture_view textures[COMPUTE_MAX_TEXTURES];
    const struct texture_view *texture_ptr[COMPUTE_MAX_TEXTURES];
    struct sampler samplers[COMPUTE_MAX_SAMPLERS];
    const struct sampler *sampler_ptr[COMPUTE_MAX_SAMPLERS];
    struct vm_cbuffer cb[IR_MAX_CB_SLOTS];
};

static void entry_free(struct compute_entry *e)
{
    vm_program_destroy(e->prog);
    free(e->bytes);
    memset(e, 0, sizeof(*e));
}

void d3d11_context_compute_cleanup(struct d3d11_context *ctx)
{
    struct d3d11_compute_cache *c = ctx->extra.compute;
    if (!c)
        return;
    for (unsigned i = 0; i < c->count; i++)
        entry_free(&c->programs[i]);
    free(c);
    ctx->extra.compute = NULL;
}

static struct d3d11_compute_cache *cache_of(struct d3d11_context *ctx)
{
    if (!ctx->extra.compute)
        ctx->extra.compute = calloc(1, sizeof(*ctx->extra.compute));
    return ctx->extra.compute;
}

/* The entry of a shader's bytecode, decoded on first use; NULL when out of memory. */
static const struct compute_entry *program_of(struct d3d11_compute_cache *c,
                                              const struct d3d11_shader_code *code)
{
    uint64_t h = util_fnv1a64(code->bytecode, code->size);
    for (unsigned i = 0; i < c->count; i++) {
        const struct compute_entry *e = &c->programs[i];
        if (e->hash == h && e->size == code->size && !memcmp(e->bytes, code->bytecode, e->size))
            return e;
    }
    struct compute_entry *e;
    if (c->count < PROGRAM_CACHE) {
        e = &c->programs[c->count++];
    } else {
        e = &c->programs[c->next];
        c->next = (c->next + 1) % PROGRAM_CACHE;
        entry_free(e);
    }
    memset(e, 0, sizeof(*e));
    if (!(e->bytes = malloc(code->size ? code->size : 1)))
        goto nomem;
    memcpy(e->bytes, code->bytecode, code->size);
    e->size = code->size;
    e->hash = h;
    struct ir_program ir;
    struct tpf_error err;
    int ret = tpf_decode_blob(code->bytecode, code->size, 0, &ir, &err);
    if (ret == TPF_E_NOMEM)
        goto nomem;
    if (ret) {
        snprintf(e->error, sizeof(e->error), "%s", err.message);
        return e;
    }
    ret = vm_program_create(&ir, &e->prog);
    ir_program_free(&ir);
    if (ret == VM_E_NOMEM)
        goto nomem;
    if (ret || vm_program_cs_unsupported(e->prog)) {
        snprintf(e->error, sizeof(e->error), "%s",
                 e->prog ? vm_program_cs_unsupported(e->prog) : "the VM cannot prepare it");
        vm_program_destroy(e->prog);
        e->prog = NULL;
    }
    return e;
nomem:
    free(e->bytes);
    memset(e, 0, sizeof(*e));
    /* the slot stays empty: its place in the table is reused by the next decode */
    return NULL;
}

/* ---- views as the pipeline reads them -------------------------------------------------------- */

/* The memory of a buffer view (a UAV's counter set by the caller): raw and structured views
 * for the memory instructions; a typed buffer view answers bufinfo only (its element count:
 * the validator lets no raw or structured access name a typed declaration). */
static struct vm_memory buffer_memory(const struct d3d11_view_info *v)
{
    struct vm_memory m = {0};
    const struct d3d11_resource *res = v->resource;
    if (!res || !res->core || res->dim != D3D11_RESOURCE_DIMENSION_BUFFER)
        return m;
    /* validated to lie in the buffer (view_validate.c buffer_elements) */
    m.data = res->core->data + (size_t)v->first_element * v->element_bytes;
    m.size = v->element_count * v->element_bytes;
    m.stride = v->buffer_kind == D3D11_BUFFER_VIEW_STRUCTURED ? v->element_bytes : 0;
    m.elements = v->buffer_kind == D3D11_BUFFER_VIEW_RAW ? m.size : v->element_count;
    if (res->tiled_tr) {   /* a lent copy (tiled_lend.c): the _s loads ask its page table */
        m.unmapped = d3d11_tiled_unmapped;
        m.unmapped_ctx = res;
    }
    return m;
}

void d3d11_translate_buffer_srvs(const struct d3d11_bound_view *srvs, struct vm_cs_env *views)
{
    for (unsigned k = 0; k < D3D11_CTX_SRV_SLOTS && k < IR_MAX_RESOURCES; k++)
        views->srv[k] = srvs[k].info ? buffer_memory(srvs[k].info)
                                     : (struct vm_memory){0};
}

/* A typed UAV (buffer or texture view) as elements x, y, z: false when it is not one. */
static bool uav_image(const struct d3d11_view_info *v, struct compute_image *im)
{
    const struct d3d11_resource *res = v->resource;
    memset(im, 0, sizeof(*im));
    if (!res || !res->core || !(im->texel = texel_format_get((core_format)v->format)) ||
        im->texel->block_w != 1 || im->texel->block_h != 1)
        return false;
    const core_resource *core = res->core;
    if (res->tiled_tr) {   /* a lent copy (tiled_lend.c): ld_uav_typed_s asks its page table */
        im->unmapped = d3d11_tiled_unmapped;
        im->unmapped_ctx = res;
    }
    if (res->dim == D3D11_RESOURCE_DIMENSION_BUFFER) {
        if (v->buffer_kind != D3D11_BUFFER_VIEW_TYPED)
            return false;
        im->data = core->data + (size_t)v->first_element * v->element_bytes;
        im->size[0] = v->element_count;
        im->size[1] = im->size[2] = 1;
        im->row_pitch = (size_t)v->element_count * v->element_bytes;
        im->coords = 1;
        return true;
    }
    uint32_t mips = core->desc.mip_levels, index = v->first_mip + v->first_slice * mips;
    const core_subresource *sub = &core->sub[res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D
                                                 ? v->first_mip : index];
    im->size[0] = sub->width;
    im->row_pitch = sub->row_pitch;
    if (res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D) {
        /* the W slices [first_slice, first_slice + slice_count) of the mip */
        im->data = core->data + sub->offset + (size_t)v->first_slice * sub->depth_pitch;
        im->size[1] = sub->height;
        im->size[2] = v->slice_count;
        im->slice_pitch = sub->depth_pitch;
        im->coords = 3;
        return true;
    }
    /* array slices of one mip are equally far apart (core/resource.h) */
    size_t slice_pitch = v->slice_count > 1 ? core->sub[index + mips].offset - sub->offset : 0;
    im->data = core->data + sub->offset;
    if (res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE1D) {
        /* RWTexture1DArray: the slice is the second coordinate */
        im->size[1] = v->slice_count;
        im->size[2] = 1;
        im->row_pitch = slice_pitch;
        im->coords = v->array ? 2 : 1;
    } else {
        im->size[1] = sub->height;
        im->size[2] = v->slice_count;
        im->slice_pitch = slice_pitch;
        im->coords = v->array ? 3 : 2;
    }
    return true;
}

/* The bound UAVs of `slots` as the VM reads them: raw and structured ones as memory (with
 * their counters), typed ones as images behind the typed callbacks. */
void d3d11_translate_uavs(const struct d3d11_bound_view *slots, struct vm_cs_env *views,
                          struct compute_image *images)
{
    memset(views, 0, sizeof(*views));
    memset(images, 0, sizeof(struct compute_image) * IR_MAX_UAVS);
    for (unsigned k = 0; k < D3D11_CTX_UAV_SLOTS && k < IR_MAX_UAVS; k++) {
        struct d3d11_uav_info *u = d3d11_uav_info(slots[k].iface);
        if (!u)
            continue;
        /* a typed buffer view is both: an image, and memory for bufinfo */
        bool typed = uav_image(&u->view, &images[k]);
        if (!typed || u->view.resource->dim == D3D11_RESOURCE_DIMENSION_BUFFER) {
            views->uav[k] = buffer_memory(&u->view);
            views->uav[k].counter = u->has_counter ? &u->counter : NULL;
        }
    }
    compute_bind_images(views, images);
}

/* ---- Dispatch ------------------------------------------------------------------------------- */

static void dispatch(struct d3d11_context *ctx, const char *method, const UINT groups[3])
{
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    const struct d3d11_context_state *s = &ctx->state;
    struct d3d11_compute_cache *c;
    const struct compute_entry *e;
    struct draw_context *dc;

    if (d3d11_context_predicated(ctx))   /* SetPredication: not performed */
        return;
    for (int k = 0; k < 3; k++)
        if (groups[k] > COMPUTE_MAX_GROUPS_PER_DIMENSION) {
            d3d11_msg(ctx->device, "%s: ThreadGroupCount%c %u exceeds "
                      "D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION (65535); nothing is "
                      "dispatched", method, 'X' + k, groups[k]);
            return;
        }
    if (groups[2] > D3D11_CS_4_X_DISPATCH_MAX_THREAD_GROUPS_IN_Z_DIMENSION &&
        ctx->device->level < D3D_FEATURE_LEVEL_11_0) {
        d3d11_msg(ctx->device, "%s: ThreadGroupCountZ %u exceeds "
                  "D3D11_CS_4_X_DISPATCH_MAX_THREAD_GROUPS_IN_Z_DIMENSION (1) at feature level "
                  "%s; nothing is dispatched", method, groups[2],
                  d3d11_level_name(ctx->device->level));
        return;
    }
    if (!s->cs.code) {
        d3d11_msg(ctx->device, "%s: no compute shader is bound (CSSetShader); nothing is "
                  "dispatched", method);
        return;
    }
    if (!groups[0] || !groups[1] || !groups[2])
        return;   /* documented: no dispatch occurs */
    if (!(c = cache_of(ctx)) || !(e = program_of(c, s->cs.code)) ||
        !(dc = d3d11_context_renderer(ctx))) {
        d3d11_msg(ctx->device, "%s: out of memory", method);
        return;
    }
    if (!e->prog) {
        d3d11_msg(ctx->device, "%s: the compute shader cannot run: %s", method, e->error);
        return;
    }

    d3d11_translate_uavs(s->cs_uavs, &c->views, c->images);
    d3d11_translate_buffer_srvs(s->cs.srvs, &c->views);
    memset(c->texture_ptr, 0, sizeof(c->texture_ptr));
    for (unsigned k = 0; k < COMPUTE_MAX_TEXTURES; k++) {
        const struct d3d11_view_info *v = s->cs.srvs[k].info;
        bool typed = v && (v->resource->dim != D3D11_RESOURCE_DIMENSION_BUFFER ||
                           v->buffer_kind == D3D11_BUFFER_VIEW_TYPED);
        if (typed && d3d11_translate_srv(v, &c->textures[k]))
            c->texture_ptr[k] = &c->textures[k];
    }
    for (unsigned k = 0; k < COMPUTE_MAX_SAMPLERS; k++)
        c->sampler_ptr[k] = d3d11_translate_sampler(s->cs.samplers[k].iface, &c->samplers[k])
                                ? &c->samplers[k] : NULL;
    memset(c->cb, 0, sizeof(c->cb));
    for (unsigned k = 0; k < D3D11_CTX_CB_SLOTS && k < IR_MAX_CB_SLOTS; k++)
        d3d11_context_cb_view(&s->cs, k, &c->cb[k].data, &c->cb[k].size);   /* its window */

    struct compute_dispatch d = {e->prog, &c->views, {groups[0], groups[1], groups[2]},
                                 c->cb, c->texture_ptr, c->sampler_ptr, c->images};
    int ret = compute_dispatch_run(draw_context_pool(dc), &d);
    if (ret != COMPUTE_OK) {
        d3d11_msg(ctx->device, "%s: %s", method,
                  ret == COMPUTE_E_NOMEM ? "out of memory" : "the dispatch was refused");
        return;
    }
    struct draw_stats st;
    memset(&st, 0, sizeof(st));
    st.cs_invocations = (uint64_t)groups[0] * groups[1] * groups[2] *
                        compute_group_threads(e->prog);
    d3d11_context_add_pipeline_statistics(ctx, &st);
}

static void (STDMETHODCALLTYPE *base_Dispatch)(ID3D11DeviceContext2 *, UINT, UINT, UINT);
static void (STDMETHODCALLTYPE *base_DispatchIndirect)(ID3D11DeviceContext2 *, ID3D11Buffer *,
                                                       UINT);
static void (STDMETHODCALLTYPE *base_ClearUint)(ID3D11DeviceContext2 *,
                                                ID3D11UnorderedAccessView *, const UINT[4]);
static void (STDMETHODCALLTYPE *base_ClearFloat)(ID3D11DeviceContext2 *,
                                                 ID3D11UnorderedAccessView *, const FLOAT[4]);
static void (STDMETHODCALLTYPE *base_CopyStructureCount)(ID3D11DeviceContext2 *, ID3D11Buffer *,
                                                         UINT, ID3D11UnorderedAccessView *);

static bool below_10_0(ID3D11DeviceContext2 *iface)
{
    return impl(iface)->device->level < D3D_FEATURE_LEVEL_10_0;
}

static bool below_11_0(ID3D11DeviceContext2 *iface)
{
    return impl(iface)->device->level < D3D_FEATURE_LEVEL_11_0;
}

static void STDMETHODCALLTYPE ctx_Dispatch(ID3D11DeviceContext2 *iface, UINT x, UINT y, UINT z)
{
    const UINT groups[3] = {x, y, z};
    if (below_10_0(iface))
        base_Dispatch(iface, x, y, z);
    else
        dispatch(impl(iface), "Dispatch", groups);
}

static void STDMETHODCALLTYPE ctx_DispatchIndirect(ID3D11DeviceContext2 *iface,
                                                   ID3D11Buffer *args, UINT offset)
{
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    struct d3d11_resource *res = d3d11_resource_from_iface((ID3D11Resource *)args);
    UINT groups[3];
    if (below_10_0(iface)) {
        base_DispatchIndirect(iface, args, offset);
        return;
    }
    if (below_11_0(iface)) {
        /* D3D11.3 18.7.2.1 (and 18.7.3.2: "DispatchIndirect() will always be dropped on
         * pre-D3D11 hardware") */
        d3d11_msg(ctx->device, "DispatchIndirect: not available at feature level %s (the "
                  "runtime drops it on 10_x hardware, D3D11.3 18.7.2.1); nothing is dispatched",
                  d3d11_level_name(ctx->device->level));
        return;
    }
    if (!res || res->dim != D3D11_RESOURCE_DIMENSION_BUFFER || res->device != ctx->device) {
        d3d11_msg(ctx->device, "DispatchIndirect: pBufferForArgs is not a buffer of this device");
        return;
    }
    if (!(res->misc_flags & D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS)) {
        d3d11_msg(ctx->device, "DispatchIndirect: pBufferForArgs was not created with "
                  "D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS (MiscFlags 0x%x)", res->misc_flags);
        return;
    }
    if (offset % 4 || offset > res->width || res->width - offset < sizeof(groups)) {
        d3d11_msg(ctx->device, "DispatchIndirect: AlignedByteOffsetForArgs %u is not a multiple "
                  "of 4 or leaves no room for the three UINTs in the buffer's %u bytes", offset,
                  res->width);
        return;
    }
    memcpy(groups, res->core->data + offset, sizeof(groups));
    dispatch(ctx, "DispatchIndirect", groups);
}

/* ---- clears and CopyStructureCount --------------------------------------------------------- */

/* The view of a clear or copy: a UAV of this device, or NULL with a message. */
static struct d3d11_uav_info *uav_of(struct d3d11_context *ctx, const char *method,
                                     ID3D11UnorderedAccessView *view)
{
    struct d3d11_uav_info *u = d3d11_uav_info(view);
    if (!u)
        d3d11_msg(ctx->device, "%s: the view is NULL or not a softd3d unordered-access view",
                  method);
    else if (u->view.resource->device != ctx->device)
        d3d11_msg(ctx->device, "%s: the view belongs to another device", method);
    else
        return u;
    return NULL;
}

/* Writes the element `block` (the format's bytes) to every element of a typed view. */
static void fill_image(const struct compute_image *im, const uint8_t *block)
{
    unsigned bytes = im->texel->block_bytes;
    for (uint32_t z = 0; z < im->size[2]; z++)
        for (uint32_t y = 0; y < im->size[1]; y++) {
            uint8_t *row = im->data + (size_t)z * im->slice_pitch + (size_t)y * im->row_pitch;
            for (uint32_t x = 0; x < im->size[0]; x++)
                memcpy(row + (size_t)x * bytes, block, bytes);
        }
}

/* ClearUnorderedAccessViewUint's element: the low `bits` bits of values[c] in each present
 * channel's bits (texel.h: channel c at bit `shift`, little-endian), the rest 0. */
static void pack_uint(const struct texel_format *f, const UINT values[4], uint8_t *block)
{
    memset(block, 0, 16);
    for (unsigned c = 0; c < 4; c++) {
        const struct texel_channel *ch = &f->ch[c];
        if (!(f->present & (1u << c)) || !ch->bits)
            continue;
        for (unsigned b = 0; b < ch->bits && b < 32; b++)
            if ((values[c] >> b) & 1u)
                block[(ch->shift + b) / 8] |= (uint8_t)(1u << ((ch->shift + b) % 8));
    }
}

static void STDMETHODCALLTYPE ctx_ClearUnorderedAccessViewUint(ID3D11DeviceContext2 *iface,
                                                               ID3D11UnorderedAccessView *view,
                                                               const UINT values[4])
{
    static const char method[] = "ClearUnorderedAccessViewUint";
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    struct d3d11_uav_info *u;
    struct compute_image im;
    uint8_t block[16];
    if (below_10_0(iface)) {
        base_ClearUint(iface, view, values);
        return;
    }
    if (d3d11_context_predicated(ctx) || !(u = uav_of(ctx, method, view)))
        return;
    if (!values) {
        d3d11_msg(ctx->device, "%s: Values is NULL", method);
        return;
    }
    if (!uav_image(&u->view, &im)) {
        struct vm_memory m = buffer_memory(&u->view);
        for (uint32_t i = 0; i + 4 <= m.size; i += 4)
            memcpy(m.data + i, &values[0], 4);
        return;
    }
    pack_uint(im.texel, values, block);
    fill_image(&im, block);
}

static void STDMETHODCALLTYPE ctx_ClearUnorderedAccessViewFloat(ID3D11DeviceContext2 *iface,
                                                                ID3D11UnorderedAccessView *view,
                                                                const FLOAT values[4])
{
    static const char method[] = "ClearUnorderedAccessViewFloat";
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    struct d3d11_uav_info *u;
    struct compute_image im;
    uint8_t block[16];
    if (below_10_0(iface)) {
        base_ClearFloat(iface, view, values);
        return;
    }
    if (d3d11_context_predicated(ctx) || !(u = uav_of(ctx, method, view)))
        return;
    if (!values) {
        d3d11_msg(ctx->device, "%s: Values is NULL", method);
        return;
    }
    if (!uav_image(&u->view, &im) || im.texel->integer) {
        d3d11_msg(ctx->device, "%s: the view is %s; the float clear works on FLOAT, UNORM and "
                  "SNORM views only", method,
                  u->view.buffer_kind == D3D11_BUFFER_VIEW_RAW ? "a raw buffer view"
                  : u->view.buffer_kind == D3D11_BUFFER_VIEW_STRUCTURED
                      ? "a structured buffer view" : "of an integer format");
        return;
    }
    memset(block, 0, sizeof(block));
    texel_store(im.texel, values, block, 0, 0);
    fill_image(&im, block);
}

static void STDMETHODCALLTYPE ctx_CopyStructureCount(ID3D11DeviceContext2 *iface,
                                                     ID3D11Buffer *dst, UINT offset,
                                                     ID3D11UnorderedAccessView *view)
{
    static const char method[] = "CopyStructureCount";
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    struct d3d11_resource *res = d3d11_resource_from_iface((ID3D11Resource *)dst);
    struct d3d11_uav_info *u;
    if (below_11_0(iface)) {
        base_CopyStructureCount(iface, dst, offset, view);
        return;
    }
    if (d3d11_context_predicated(ctx) || !(u = uav_of(ctx, method, view)))
        return;
    if (!u->has_counter) {
        d3d11_msg(ctx->device, "%s: pSrcView was not created with D3D11_BUFFER_UAV_FLAG_APPEND "
                  "or D3D11_BUFFER_UAV_FLAG_COUNTER: it has no hidden counter", method);
        return;
    }
    if (!res || res->dim != D3D11_RESOURCE_DIMENSION_BUFFER || res->device != ctx->device) {
        d3d11_msg(ctx->device, "%s: pDstBuffer is not a buffer of this device", method);
        return;
    }
    if (res->usage == D3D11_USAGE_IMMUTABLE) {
        d3d11_msg(ctx->device, "%s: pDstBuffer is immutable", method);
        return;
    }
    if (offset % 4 || offset > res->width || res->width - offset < 4) {
        d3d11_msg(ctx->device, "%s: DstAlignedByteOffset %u is not a multiple of 4 or leaves no "
                  "room for a UINT in the buffer's %u bytes", method, offset, res->width);
        return;
    }
    uint32_t count = __atomic_load_n(&u->counter, __ATOMIC_RELAXED);
    memcpy(res->core->data + offset, &count, sizeof(count));
}

void d3d11_context_compute_fill_vtbl(ID3D11DeviceContext2Vtbl *v)
{
    base_Dispatch = v->Dispatch;
    base_DispatchIndirect = v->DispatchIndirect;
    base_ClearUint = v->ClearUnorderedAccessViewUint;
    base_ClearFloat = v->ClearUnorderedAccessViewFloat;
    base_CopyStructureCount = v->CopyStructureCount;
    v->Dispatch = ctx_Dispatch;
    v->DispatchIndirect = ctx_DispatchIndirect;
    v->ClearUnorderedAccessViewUint = ctx_ClearUnorderedAccessViewUint;
    v->ClearUnorderedAccessViewFloat = ctx_ClearUnorderedAccessViewFloat;
    v->CopyStructureCount = ctx_CopyStructureCount;
}
