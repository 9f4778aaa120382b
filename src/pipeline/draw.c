/* src/pipeline/draw.c — programs, linkage, the draw context and draw_execute (see draw.h).
 *
 * Section numbers are those of the D3D11.3 functional specification ("the spec"); the pipeline
 * stages live in vertex.c, clip.c and pixel.c (draw_priv.h shows how a draw flows through them).
 */
#include "pipeline/draw_priv.h"
#include "shader/ir_eval.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "util/threadpool.h"

/* ---- programs -------------------------------------------------------------------------------- */

int draw_program_create(const struct ir_program *ir, struct draw_program **out)
{
    if (!out)
        return DRAW_E_INVALID;
    *out = NULL;
    if (!ir)
        return DRAW_E_INVALID;
    struct draw_program *p = calloc(1, sizeof(*p));
    if (!p)
        return DRAW_E_NOMEM;
    int ret = vm_program_create(ir, &p->vm);
    if (ret != VM_OK) {
        free(p);
        return ret == VM_E_NOMEM ? DRAW_E_NOMEM : DRAW_E_INVALID;
    }
    p->type = ir->type;
    p->input_count = ir->input_count;
    p->output_count = ir->output_count;
    p->position_out = -1;
    for (unsigned k = 0; k < 4; k++)
        p->stream_position[k] = -1;
    p->gs_input = ir->gs_input;
    p->gs_output = ir->gs_output;
    p->gs_max_vertices = ir->gs_max_vertices;
    p->gs_instances = ir->gs_instances;
    p->layer_out = p->viewport_out = -1;
    /* Several declarations may share a register (components of packed elements); ir_validate
     * guarantees they do not overlap, and D3D requires one interpolation mode per register. */
    for (uint32_t i = 0; i < ir->inputs.count; i++) {
        const struct ir_io_decl *io = &ir->inputs.items[i];
        if (io->file == IR_FILE_INPUT_COVERAGE)
            p->reads_coverage = true;
        if (io->file != IR_FILE_INPUT || io->reg >= IR_MAX_INPUTS)
            continue;
        if (ir->type == IR_SHADER_PIXEL &&
            (io->sysval == IR_SV_SAMPLE_INDEX || io->interpolation == IR_INTERP_LINEAR_SAMPLE ||
             io->interpolation == IR_INTERP_LINEAR_NOPERSPECTIVE_SAMPLE))
            p->sample_freq = true;
        if (ir->type == IR_SHADER_PIXEL &&
            (io->interpolation == IR_INTERP_LINEAR_CENTROID ||
             io->interpolation == IR_INTERP_LINEAR_NOPERSPECTIVE_CENTROID))
            p->has_centroid = true;
        p->in_mask[io->reg] |= io->mask;
        if (io->sysval)
            p->in_sysval[io->reg] = (uint8_t)io->sysval;
        if (io->interpolation)
            p->in_interp[io->reg] = io->interpolation;
    }
    for (uint32_t i = 0; i < ir->outputs.count; i++) {
        const struct ir_io_decl *io = &ir->outputs.items[i];
        if (io->file == IR_FILE_DEPTH_OUT)
            p->writes_depth = true;
        if (io->file == IR_FILE_COVERAGE_OUT)
            p->writes_coverage = true;
        if (io->file != IR_FILE_OUTPUT || io->reg >= IR_MAX_OUTPUTS)
            continue;
        p->out_mask[io->reg] |= io->mask;
        /* a one-component uint system value (signature element of one component) */
        if (io->sysval == IR_SV_RENDER_TARGET_ARRAY_INDEX && io->mask) {
            p->layer_out = (int8_t)io->reg;
            p->layer_comp = (int8_t)__builtin_ctz(io->mask);
        } else if (io->sysval == IR_SV_VIEWPORT_ARRAY_INDEX && io->mask) {
            p->viewport_out = (int8_t)io->reg;
            p->viewport_comp = (int8_t)__builtin_ctz(io->mask);
        }
        if (io->sysval) {
            p->out_sysval[io->reg] = (uint8_t)io->sysval;
            if (io->sysval == IR_SV_POSITION && p->position_out < 0)
                p->position_out = (int)io->reg;
            if (io->sysval == IR_SV_POSITION && p->stream_position[io->stream & 3u] < 0)
                p->stream_position[io->stream & 3u] = (int)io->reg;
        }
    }
    /* IR_OPF_PIXEL marks what needs the 2x2 quad (derivatives, implicit-LOD sampling) and
     * discard, which is per lane. */
    draw_fused_analyse(ir, &p->fused);
    p->lane_local = true;
    for (uint32_t i = 0; i < ir->instructions.count; i++) {
        unsigned op = ir->instructions.items[i].op;
        const struct ir_op_info *info = ir_op_get(op);
        if (!info || ((info->flags & IR_OPF_PIXEL) && op != IR_OP_DISCARD))
            p->lane_local = false;
    }
    for (uint32_t i = 0; i < ir->uavs.count; i++)
        if (ir->uavs.items[i].slot < 64)
            p->uav_mask |= 1ull << ir->uavs.items[i].slot;
    for (uint32_t i = 0; i < ir->instructions.count; i++) {
        const struct ir_op_info *info = ir_op_get(ir->instructions.items[i].op);
        if (info && (info->flags & IR_OPF_MEM))
            p->mem = true;
        if (ir_op_is_eval(ir->instructions.items[i].op))
            p->pulls = true;
    }
    /* (an oDepth such a program writes is ignored: spec 16.12.1, pixel.c shade_early) */
    p->early_depth = (ir->global_flags & IR_GLOBAL_FORCE_EARLY_DEPTH_STENCIL) != 0;
    if (p->uav_mask || p->mem) {
        p->lane_local = false;
        p->fused.kind = DRAW_FUSED_NONE;
    }
    for (uint32_t i = 0; i < ir->cbuffers.count; i++)
        p->cb_vec4_total += ir->cbuffers.items[i].size;
    for (uint32_t i = 0; i < ir->resources.count; i++)
        if (ir->resources.items[i].slot < DRAW_MAX_TEXTURES)
            p->texture_mask[ir->resources.items[i].slot / 32] |=
                1u << (ir->resources.items[i].slot % 32);
    for (uint32_t i = 0; i < ir->samplers.count; i++)
        if (ir->samplers.items[i].slot < 32)
            p->sampler_mask |= 1u << ir->samplers.items[i].slot;
    *out = p;
    return DRAW_OK;
}

void draw_program_destroy(struct draw_program *prog)
{
    if (!prog)
        return;
    vm_program_destroy(prog->vm);
    free(prog);
}

/* ---- linkage --------------------------------------------------------------------------------- */

/* The n-th set bit of mask (0-based), or -1. */
static int nth_component(uint8_t mask, unsigned n)
{
    for (int c = 0; c < 4; c++)
        if (mask & (1u << c)) {
            if (!n)
                return c;
            n--;
        }
    return -1;
}

static unsigned rank_in_mask(uint8_t mask, int c)
{
    unsigned n = 0;
    for (int k = 0; k < c; k++)
        n += (mask >> k) & 1u;
    return n;
}

static int attr_slot(struct draw_linkage *l, unsigned reg)
{
    for (uint32_t k = 0; k < l->attr_count; k++)
        if (l->attr_reg[k] == reg)
            return (int)k;
    if (l->attr_count >= IR_MAX_OUTPUTS)
        return -1;
    l->attr_reg[l->attr_count] = (uint8_t)reg;
    return (int)l->attr_count++;
}

/* D3D10+ linkage (signatures): a pixel input is fed by the vertex output of the same semantic
 * name and index, component for component — the compilers give both elements the same
 * components (a pixel element's mask may be a subset: the components it reads).  Should the
 * output element lack a component, the input's k-th component reads the output's k-th. */
void draw_link(const struct draw_program *vs, const struct dxbc_signature *vs_out,
               const struct draw_program *ps, const struct dxbc_signature *ps_in,
               struct draw_linkage *out)
{
    memset(out, 0, sizeof(*out));
    if (!ps)
        return;
    for (uint32_t r = 0; r < ps->input_count && r < IR_MAX_INPUTS; r++) {
        uint8_t mask = ps->in_mask[r];
        if (!mask)
            continue;
        if (ps->in_sysval[r] == IR_SV_POSITION || ps->in_sysval[r] == IR_SV_IS_FRONT_FACE ||
            ps->in_sysval[r] == IR_SV_SAMPLE_INDEX) {
            uint8_t kind = ps->in_sysval[r] == IR_SV_POSITION ? DRAW_IN_POSITION :
                           ps->in_sysval[r] == IR_SV_SAMPLE_INDEX ? DRAW_IN_SAMPLE_INDEX :
                                                                    DRAW_IN_FRONT_FACE;
            for (int c = 0; c < 4; c++)
                if (mask & (1u << c))
                    out->in[r][c] = (struct draw_input_src){ kind, 0, (uint8_t)c };
            continue;
        }
        if (!ps_in || !vs_out || !vs)
            continue;
        for (uint32_t e = 0; e < ps_in->count; e++) {
            const struct dxbc_signature_element *pe = &ps_in->elements[e];
            if (pe->register_index != r || pe->system_value == 9 /* D3D_NAME_IS_FRONT_FACE */)
                continue;
            const struct dxbc_signature_element *ve =
                dxbc_signature_find(vs_out, pe->semantic_name, pe->semantic_index);
            if (!ve || ve->register_index >= vs->output_count ||
                ve->register_index >= IR_MAX_OUTPUTS)
                continue;
            int slot = attr_slot(out, ve->register_index);
            if (slot < 0)
                continue;
            unsigned interp = ps->in_interp[r];
            if (interp == IR_INTERP_LINEAR_NOPERSPECTIVE ||
                interp == IR_INTERP_LINEAR_NOPERSPECTIVE_CENTROID ||
                interp == IR_INTERP_LINEAR_NOPERSPECTIVE_SAMPLE)
                out->attr_noperspective[slot] = true;
            for (int c = 0; c < 4; c++) {
                if (!(pe->mask & (1u << c)))
                    continue;
                int vc = (ve->mask & (1u << c)) ? c :
                         nth_component(ve->mask, rank_in_mask(pe->mask, c));
                if (vc >= 0)
                    out->in[r][c] = (struct draw_input_src){ DRAW_IN_ATTR, (uint8_t)slot,
                                                             (uint8_t)vc };
            }
        }
    }
}

/* ---- the context ----------------------------------------------------------------------------- */

struct draw_context *draw_context_create(unsigned threads)
{
    struct draw_context *dc = calloc(1, sizeof(*dc));
    if (!dc)
        return NULL;
    dc->pool = threadpool_create(threads);
    if (!dc->pool) {
        free(dc);
        return NULL;
    }
    dc->nworkers = threadpool_size(dc->pool);
    size_t bytes = sizeof(struct draw_worker) * dc->nworkers;
    bytes = (bytes + 63) & ~(size_t)63;
    dc->workers = aligned_alloc(64, bytes);
    if (!dc->workers) {
        threadpool_destroy(dc->pool);
        free(dc);
        return NULL;
    }
    memset(dc->workers, 0, bytes);
    dc->run.dc = dc;
    return dc;
}

void draw_context_destroy(struct draw_context *dc)
{
    if (!dc)
        return;
    raster_scene_destroy(dc->scenes[0]);
    raster_scene_destroy(dc->scenes[1]);
    for (unsigned i = 0; i < dc->nworkers; i++)
        vm_state_destroy(dc->workers[i].ps_state);
    free(dc->workers);
    vm_state_destroy(dc->run.vs_state);
    vm_state_destroy(dc->run.gs_state);
    draw_gs_destroy(dc->run.gs);
    draw_tess_destroy(dc->run.tess);
    free(dc->run.pool);
    free(dc->run.prims);
    draw_arena_free(dc);
    threadpool_destroy(dc->pool);
    free(dc);
}

void draw_context_parallel(struct draw_context *dc, unsigned njobs,
                           void (*fn)(void *ctx, unsigned job, unsigned worker), void *ctx)
{
    if (dc && njobs) {
        draw_context_flush(dc);   /* (the front-ends' clears write the targets) */
        threadpool_run(dc->pool, njobs, fn, ctx);
    }
}

unsigned draw_context_threads(const struct draw_context *dc)
{
    return dc ? dc->nworkers : 0;
}

struct threadpool *draw_context_pool(struct draw_context *dc)
{
    return dc ? dc->pool : NULL;
}

static void draw_scene_setup(struct draw_run *r, struct raster_scene *scene);

/* ---- flushing -------------------------------------------------------------------------------- */

/* The tables are double-buffered: each half has its own scene.  When the half being filled is
 * full, its scene starts rasterizing on the pool's threads (raster_scene_flush_begin) and the
 * calling thread goes on with vertices and setup into the other half -- once that half's
 * previous flush has ended.  Tiles still see every primitive in order: one flush runs at a
 * time, each begun after the one before it ended. */
void draw_reserve(struct draw_run *r, size_t verts, size_t prims)
{
    if (r->pool_count + verts <= r->pool_cap && r->prim_count + prims <= r->prim_cap)
        return;
    draw_switch_half(r);
}

void draw_switch_half(struct draw_run *r)
{
    struct draw_context *dc = r->dc;
    /* Everything binned into this half reads its records: rasterize it. */
    draw_submit_pending(r);
    unsigned next = r->half ^ 1u;
    raster_scene_flush_end(dc->scenes[next]);   /* the other half is free again */
    raster_scene_flush_begin(r->scene);
    /* Start the other half, keeping the (at most two) vertices the assembler holds; they may
     * be in any order, even equal (a deduplicated index): copy out first. */
    uint32_t keep[2][4 * (1 + IR_MAX_OUTPUTS)];
    for (unsigned i = 0; i < r->as.count; i++)
        memcpy(keep[i], &r->pool[(size_t)r->as.held[i] * r->stride], sizeof(uint32_t) * r->stride);
    r->half = next;
    /* the half's records in this draw's stride: [first multiple in it, last one that fits) */
    size_t base = (next * r->pool_half_words + r->stride - 1) / r->stride;
    for (unsigned i = 0; i < r->as.count; i++) {
        memcpy(&r->pool[(base + i) * r->stride], keep[i], sizeof(uint32_t) * r->stride);
        r->as.held[i] = (uint32_t)(base + i);
    }
    r->pool_count = base + r->as.count;
    r->pool_cap = (next + 1) * r->pool_half_words / r->stride;
    r->prim_count = next * r->prim_half;
    r->prim_cap = r->prim_count + r->prim_half;
    r->scene = dc->scenes[next];
    /* the draw's state on the scene it goes on in (with a viewport array: the scissor of
     * the viewport routed now); the scene may have held other draws before its flush */
    draw_scene_setup(r, r->scene);
}

/* ---- deferred draws -------------------------------------------------------------------------- */

void draw_context_flush(struct draw_context *dc)
{
    if (!dc || !dc->pending)
        return;
    struct draw_run *r = &dc->run;
    raster_scene_flush_end(dc->scenes[r->half ^ 1u]);
    raster_scene_flush(dc->scenes[r->half]);
    uint64_t fused = 0;
    for (unsigned i = 0; i < dc->nworkers; i++) {
        fused += dc->workers[i].fused_runs;
        dc->workers[i].fused_runs = 0;
    }
    draw_debug_count_fused(fused);
    dc->pending = false;
    draw_arena_reset(dc);
}

bool draw_context_pending(const struct draw_context *dc)
{
    return dc && dc->pending;
}

/* ---- draw_execute ---------------------------------------------------------------------------- */

static int refuse(char *msg, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int refuse(char *msg, size_t size, const char *fmt, ...)
{
    if (msg && size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, size, fmt, ap);
        va_end(ap);
    }
    return DRAW_E_INVALID;
}

static bool grow(void **p, size_t *cap_bytes, size_t need)
{
    if (*cap_bytes >= need)
        return true;
    void *n = realloc(*p, need);
    if (!n)
        return false;
    *p = n;
    *cap_bytes = need;
    return true;
}

/* The implicit scissor of viewport v (15.7): its extents rounded toward negative infinity,
 * intersected with the scissor rectangle sc when ScissorEnable is set. */
static struct raster_rect draw_scissor(const struct draw_viewport *v, bool enable,
                                       struct raster_rect sc)
{
    struct raster_rect r;
    double x0 = floor(v->x), y0 = floor(v->y);
    double x1 = floor((double)(v->x + v->width)), y1 = floor((double)(v->y + v->height));
    r.x0 = (int32_t)fmax(fmin(x0, RASTER_MAX_SIZE), -1.0);
    r.y0 = (int32_t)fmax(fmin(y0, RASTER_MAX_SIZE), -1.0);
    r.x1 = (int32_t)fmax(fmin(x1, RASTER_MAX_SIZE), -1.0);
    r.y1 = (int32_t)fmax(fmin(y1, RASTER_MAX_SIZE), -1.0);
    if (enable) {
        if (sc.x0 > r.x0) r.x0 = sc.x0;
        if (sc.y0 > r.y0) r.y0 = sc.y0;
        if (sc.x1 < r.x1) r.x1 = sc.x1;
        if (sc.y1 < r.y1) r.y1 = sc.y1;
    }
    return r;
}

static bool draw_viewport_visible(const struct draw_viewport *v, struct raster_rect sc)
{
    return v->width > 0.0f && v->height > 0.0f && sc.x0 < sc.x1 && sc.y0 < sc.y1;
}

/* Viewport k of the draw (draw.h: k 0 is d->viewport, an index outside the array is 0) and its
 * implicit scissor. */
static const struct draw_viewport *draw_viewport_of(const struct draw_desc *d, uint32_t k,
                                                    struct raster_rect *sc)
{
    if (k == 0 || k >= d->viewport_count || k >= DRAW_MAX_VIEWPORTS) {
        *sc = draw_scissor(&d->viewport, d->scissor_enable, d->scissor);
        return &d->viewport;
    }
    *sc = draw_scissor(&d->viewports[k], d->scissor_enable, d->scissors[k]);
    return &d->viewports[k];
}

/* The viewport transform of v for clip.c (15.6) and the guard band.  Setup accepts |x|, |y| <=
 * RASTER_GUARD_BAND_PX; clipping keeps render-target coordinates within half of it, G, so the
 * rounding of the divide and the viewport scale cannot push a clipped vertex out.  In
 * normalized coordinates X = x / w:
 *   Xrt = (X + 1) * Width / 2 + TopLeftX <= G   <=>  X <= (G - TopLeftX) * 2 / Width - 1
 *   Yrt = (1 - Y) * Height / 2 + TopLeftY <= G <=>  Y >= 1 - (G - TopLeftY) * 2 / Height
 * and likewise for -G; clip.c turns the bounds into planes x - gx_lo * w >= 0 ... */
static void draw_viewport_apply(struct draw_run *r, const struct draw_viewport *v)
{
    const float g = RASTER_GUARD_BAND_PX * 0.5f;
    r->vx = v->x;
    r->vy = v->y;
    r->vw = v->width;
    r->vh = v->height;
    r->zmin = v->min_depth;
    r->zrange = v->max_depth - v->min_depth;
    r->gx_lo = (-g - v->x) * 2.0f / v->width - 1.0f;
    r->gx_hi = (g - v->x) * 2.0f / v->width - 1.0f;
    r->gy_lo = 1.0f - (g - v->y) * 2.0f / v->height;
    r->gy_hi = 1.0f + (g + v->y) * 2.0f / v->height;
}

/* The draw's raster state, shade callback and hints on one scene (raster_scene_set_draw
 * clears the hints). */
static void draw_scene_setup(struct draw_run *r, struct raster_scene *scene)
{
    raster_scene_set_draw(scene, &r->raster, draw_shade, r->sh);
    if (r->sh->fill_ok)
        raster_scene_set_fill(scene, draw_fill);
    raster_scene_set_prefetch(scene, draw_prefetch);
    raster_scene_set_tile_prefetch(scene, draw_tile_prefetch);
}

/* Every primitive so far rasterized: both halves' scenes flushed and done. */
static void draw_flush_all(struct draw_run *r)
{
    draw_submit_pending(r);
    raster_scene_flush_end(r->dc->scenes[r->half ^ 1u]);
    raster_scene_flush(r->scene);
}

/* Layered rendering and viewport arrays (draw_priv.h).  The slice decides which bytes the
 * workers write (r->d->om), and the viewport's depth range is read by them (the depth clamp,
 * pixel.c): changing either waits for the primitives before it.  A viewport of the same depth
 * range changes only what the calling thread computes (clip.c's transform) and the scissor
 * of the primitives binned next (raster_scene_set_draw keeps each draw's state with them). */
void draw_route(struct draw_run *r, uint32_t layer, uint32_t viewport)
{
    const struct draw_desc *d = r->route_src;
    uint32_t slices = 1;
    for (unsigned t = 0; t <= OM_MAX_TARGETS; t++)
        if (d->layer_count[t] > slices)
            slices = d->layer_count[t];
    if (layer >= slices)
        layer = 0;   /* outside every surface's slices: slice 0 everywhere (draw.h) */
    if (viewport >= d->viewport_count || viewport >= DRAW_MAX_VIEWPORTS)
        viewport = 0;
    if (layer == r->route_layer && viewport == r->route_viewport)
        return;
    struct raster_rect sc;
    const struct draw_viewport *v = draw_viewport_of(d, viewport, &sc);
    struct draw_desc *cur = &r->routed;
    bool flushed = layer != r->route_layer || v->min_depth != cur->viewport.min_depth ||
                   v->max_depth != cur->viewport.max_depth;
    if (flushed)
        draw_flush_all(r);
    else
        draw_submit_pending(r);
    if (layer != r->route_layer) {
        for (unsigned t = 0; t <= OM_MAX_TARGETS; t++) {
            const struct om_surface *src = t < OM_MAX_TARGETS ? &d->om.rt[t] : &d->om.ds;
            struct om_surface *dst = t < OM_MAX_TARGETS ? &cur->om.rt[t] : &cur->om.ds;
            if (src->data)
                dst->data = src->data + (layer < d->layer_count[t] ? layer : 0) *
                                        d->layer_pitch[t];
        }
        r->route_layer = layer;
    }
    if (viewport != r->route_viewport) {
        cur->viewport = *v;
        draw_viewport_apply(r, v);
        r->raster.scissor = sc;
        draw_scene_setup(r, r->scene);
        r->route_viewport = viewport;
    }
    if (flushed) {   /* (no worker reads the draw's pixel state now) */
        r->sh->px.om = cur->om;
        r->sh->px.viewport = cur->viewport;
    }
}

/* "r" of the depth-bias formula (15.10) for the bound depth buffer, as the output merger
 * stores it: 1 / (2^n - 1) for n-bit UNORM depth (also without a depth buffer: 24 bits), the
 * float rule otherwise. */
static void depth_bias_kind(const struct om_state *om, struct raster_state *st)
{
    st->depth_kind = RASTER_DEPTH_UNORM;
    st->depth_bias_r = 1.0f / 16777215.0f;
    if (om->depth_kind == OM_DEPTH_FLOAT32 || om->depth_kind == OM_DEPTH_FLOAT24)
        st->depth_kind = RASTER_DEPTH_FLOAT;
    else if (om->depth_kind == OM_DEPTH_UNORM && om->depth_bits >= 1 && om->depth_bits < 32)
        st->depth_bias_r = (float)(1.0 / (double)((1u << om->depth_bits) - 1u));
    else if (om->depth_kind == OM_DEPTH_UNORM && om->depth_bits == 32)
        st->depth_bias_r = (float)(1.0 / 4294967295.0);
}

int draw_execute(struct draw_context *dc, const struct draw_desc *d, uint64_t *samples,
                 char *msg, size_t msg_size)
{
    if (samples)
        *samples = 0;
    if (msg && msg_size)
        msg[0] = 0;
    if (!dc || !d)
        return refuse(msg, msg_size, "draw: NULL argument");
    if (!d->vs || !d->vs->vm || !d->link)
        return refuse(msg, msg_size, "draw: no vertex program or linkage");
    if (d->gs && (!d->gs->vm || d->gs->type != IR_SHADER_GEOMETRY || !d->gs_link))
        return refuse(msg, msg_size, "draw: the geometry program or its linkage is missing");
    bool patches = d->topology >= DRAW_PATCH_LIST_1 && d->topology <= DRAW_PATCH_LIST_32;
    if ((patches || d->hs || d->ds) && draw_tess_check(d, msg, msg_size))
        return DRAW_E_INVALID;
    if (!d->gs && !d->hs && !patches && d->vs->position_out < 0 &&
        !(d->so && !d->so->rasterize))
        return refuse(msg, msg_size, "draw: the vertex program does not write SV_Position");
    /* the rasterized stream (D3D11_SO_DECLARATION's RasterizedStream) needs a position */
    if (d->gs && (!d->so || d->so->rasterize) &&
        d->gs->stream_position[d->so ? d->so->raster_stream & 3u : 0] < 0)
        return refuse(msg, msg_size, "draw: the geometry program's rasterized stream does not "
                      "write SV_Position");
    bool adj = d->topology >= DRAW_LINE_LIST_ADJ && d->topology <= DRAW_TRIANGLE_STRIP_ADJ;
    if ((d->topology < DRAW_POINT_LIST || d->topology > DRAW_TRIANGLE_STRIP) && !adj && !patches)
        return refuse(msg, msg_size, "draw: topology %d is not a point/line/triangle list or "
                      "strip, or one with adjacency", (int)d->topology);
    if (d->gs && !d->hs && !draw_gs_topology_ok(d->topology, d->gs->gs_input))
        return refuse(msg, msg_size, "draw: topology %d does not match the geometry program's "
                      "input primitive", (int)d->topology);
    if (!d->width || !d->height || d->width > RASTER_MAX_SIZE || d->height > RASTER_MAX_SIZE)
        return refuse(msg, msg_size, "draw: target size %ux%u outside 1..%u", d->width,
                      d->height, RASTER_MAX_SIZE);
    if (d->element_count > DRAW_MAX_ELEMENTS || d->link->attr_count > IR_MAX_OUTPUTS)
        return refuse(msg, msg_size, "draw: too many elements or attributes");
    if (!dc->om_valid || !om_key_equal(&dc->om_key, &d->om_key)) {
        dc->om_valid = om_state_init(&dc->om, &d->om_key);
        dc->om_key = d->om_key;
        if (!dc->om_valid)
            return refuse(msg, msg_size, "draw: the output-merger state is not usable (a "
                          "target format that cannot be written, or an enum out of range)");
    }

    /* Nothing can reach a pixel: an empty viewport or implicit scissor (15.6, 15.7) -- every
     * one of them when the geometry program picks viewports. */
    struct raster_rect sc;
    const struct draw_viewport *v = draw_viewport_of(d, 0, &sc);
    bool visible = draw_viewport_visible(v, sc);
    bool routed = d->gs && (d->gs->layer_out >= 0 || d->gs->viewport_out >= 0);
    for (uint32_t k = 1; routed && d->gs->viewport_out >= 0 && k < d->viewport_count &&
                         k < DRAW_MAX_VIEWPORTS; k++) {
        struct raster_rect sk;
        const struct draw_viewport *vk = draw_viewport_of(d, k, &sk);
        visible |= draw_viewport_visible(vk, sk);
    }
    if (!d->instance_count || !d->count || (!visible && !d->so)) {
        if (d->stats)
            memset(d->stats, 0, sizeof(*d->stats));
        if (d->so)
            draw_so_reset_counts(d->so);
        return DRAW_OK;
    }

    /* Binning across draws (draw_defer.c): a draw that may wait joins the waiting ones, or
     * they are rasterized first; a draw that may not wait finishes here, alone. */
    bool defer = !routed && draw_defer_possible(d, samples != NULL);
    if (dc->pending && (!defer || !draw_defer_joins(dc, d)))
        draw_context_flush(dc);
    bool fresh = !dc->pending;
    if (fresh)
        draw_arena_reset(dc);   /* (nothing waits on its records) */

    struct draw_run *r = &dc->run;
    r->d = d;
    memset(&r->stats, 0, sizeof(r->stats));
    r->routed_on = routed;
    if (routed) {
        /* slice 0 and viewport 0 to start with; draw_route changes this copy */
        r->route_src = d;
        r->routed = *d;
        r->d = &r->routed;
        r->route_layer = r->route_viewport = 0;
    }
    struct draw_shade *sh = draw_shade_new(dc, r->d);
    if (sh)
        sh->om = &dc->om;   /* (a deferred draw's: copied by draw_shade_copy) */
    if (!sh || (defer && !draw_shade_copy(dc, sh))) {
        if (fresh)
            draw_arena_reset(dc);
        return DRAW_E_NOMEM;
    }
    r->sh = sh;
    r->stride = 4 * (1 + d->link->attr_count);
    r->wrap = false;
    for (uint32_t k = 0; k < d->link->attr_count; k++)
        r->wrap |= d->link->attr_wrap[k] != 0;
    r->vs_link = d->link;
    r->vs_stride = r->stride;
    r->topology = d->topology;
    r->gs_topology = d->topology;
    r->gs_src = d->vs;
    for (uint32_t e = 0; e < d->element_count; e++)
        r->efmt[e] = texel_format_get(d->elements[e].format);

    /* Tables: each half of the pool holds DRAW_POOL_BYTES, at least four windows' worth of
     * records of any stride (so deferred draws of different strides share it: each starts
     * at a multiple of its own stride) */
    _Static_assert((size_t)4 * DRAW_CHUNK_VERTS * 4 * (1 + IR_MAX_OUTPUTS) * sizeof(uint32_t) <=
                       DRAW_POOL_BYTES, "a pool half holds four windows of the largest records");
    size_t half_words = DRAW_POOL_BYTES / sizeof(uint32_t);
    /* Primitives per scene flush: a flush rasterizes every touched tile, reading its depth and
     * colour, so larger flushes move fewer tile bytes -- but the tiles then read primitive
     * records binned long before, so past a few MiB of records (about 65536 triangles) those
     * fall out of the caches instead.  Measured on the bench's triangle scene. */
    size_t prim_cap = DRAW_FLUSH_PRIMS > 4 * (size_t)DRAW_CHUNK_PRIMS ? DRAW_FLUSH_PRIMS
                                                                       : 4 * (size_t)DRAW_CHUNK_PRIMS;
    if (fresh) {
        /* two halves of each (draw_reserve) */
        if (!grow((void **)&r->pool, &dc->pool_bytes, 2 * half_words * sizeof(uint32_t)) ||
            !grow((void **)&r->prims, &dc->prim_bytes, 2 * prim_cap * sizeof(struct draw_prim))) {
            draw_arena_reset(dc);
            return DRAW_E_NOMEM;
        }
        r->pool_half_words = half_words;
        r->prim_half = prim_cap;
        r->half = 0;
        r->pool_word = 0;
        /* the first half is flushed after a quarter of its primitives: the workers start
         * sooner, so less of the draw's vertex work runs alone (later halves are full) */
        r->prim_cap = prim_cap / 4 > DRAW_CHUNK_PRIMS ? prim_cap / 4 : prim_cap;
        r->prim_count = 0;
    }
    /* this draw's records from the first multiple of its stride past the waiting draws' */
    size_t start = r->half * r->pool_half_words;
    if (r->pool_word > start)
        start = r->pool_word;
    r->pool_count = (start + r->stride - 1) / r->stride;
    r->pool_cap = (r->half + 1) * r->pool_half_words / r->stride;
    r->ntris = r->nlines = r->npoints = 0;
    sh->pool = r->pool;
    sh->prims = r->prims;
    sh->stride = r->stride;

    /* Register files: the vertex program's here, the pixel program's on each worker. */
    if (!r->vs_state || !vm_state_fits(r->vs_state, d->vs->vm)) {
        vm_state_destroy(r->vs_state);
        r->vs_state = NULL;
        if (vm_state_create(d->vs->vm, &r->vs_state) != VM_OK)
            return DRAW_E_NOMEM;
    }
    r->gs_on = d->gs || d->so;
    /* stream output still runs when nothing can be rasterized (14.1: the rasterizer may be
     * off) */
    r->raster_on = visible && (!d->so || d->so->rasterize);
    if (d->so) {
        draw_so_reset_counts(d->so);
        if (d->so->count > DRAW_SO_MAX_ELEMENTS)
            return refuse(msg, msg_size, "draw: %u stream-output elements", d->so->count);
    }
    if (d->gs && (!r->gs_state || !vm_state_fits(r->gs_state, d->gs->vm))) {
        vm_state_destroy(r->gs_state);
        r->gs_state = NULL;
        if (vm_state_create(d->gs->vm, &r->gs_state) != VM_OK)
            return DRAW_E_NOMEM;
    }
    r->tess_on = d->hs != NULL;
    if (r->tess_on) {
        /* the vertex records go to the tessellation stage's window, as to the GS's; the
         * domain program's records then to the geometry stage when there is one (it sets
         * gs_topology and gs_src first) */
        int ret = draw_tess_prepare(r);
        if (ret != DRAW_OK)
            return ret;
    }
    if (r->gs_on) {
        int ret = draw_gs_prepare(r);
        if (ret != DRAW_OK)
            return ret;
    }
    r->gs_on |= r->tess_on;
    /* (the waiting draws' register files fit this program: draw_defer_joins) */
    for (unsigned i = 0; fresh && i < dc->nworkers; i++) {
        struct draw_worker *w = &dc->workers[i];
        w->sample_cur = -1;
        w->c_on = false;
        w->samples = 0;
        w->fused_runs = 0;
        w->ps_invocations = 0;
        if (d->ps && (!w->ps_state || !vm_state_fits(w->ps_state, d->ps->vm))) {
            vm_state_destroy(w->ps_state);
            w->ps_state = NULL;
            if (vm_state_create(d->ps->vm, &w->ps_state) != VM_OK)
                return DRAW_E_NOMEM;
        }
    }

    /* The scenes, one per table half: made for a target size (the thread pool is the
     * context's). */
    if (fresh && (!dc->scenes[0] || !dc->scenes[1] || dc->scene_w != d->width ||
                  dc->scene_h != d->height)) {
        for (int k = 0; k < 2; k++) {
            raster_scene_destroy(dc->scenes[k]);
            dc->scenes[k] = raster_scene_create(dc->pool, d->width, d->height);
        }
        dc->scene_w = d->width;
        dc->scene_h = d->height;
        if (!dc->scenes[0] || !dc->scenes[1])
            return DRAW_E_NOMEM;
    }
    r->scene = dc->scenes[r->half];

    draw_viewport_apply(r, v);
    /* user clip planes after the fixed ones (clip.c) */
    unsigned nuser = d->user_clip_count < DRAW_MAX_USER_CLIP ? d->user_clip_count
                                                               : DRAW_MAX_USER_CLIP;
    r->nplanes = 7 + nuser;
    memcpy(r->user_clip, d->user_clip, sizeof(float[4]) * nuser);

    struct raster_state *st = &r->raster;
    memset(st, 0, sizeof(*st));
    st->cull = d->fill == DRAW_FILL_WIREFRAME ? RASTER_CULL_NONE : d->cull;   /* clip.c culls
                                                                                * wireframe */
    st->front_ccw = d->front_ccw;
    st->scissor_enable = true;
    st->scissor = sc;
    st->depth_bias = d->depth_bias;
    st->depth_bias_clamp = d->depth_bias_clamp;
    st->slope_scaled_depth_bias = d->slope_scaled_depth_bias;
    depth_bias_kind(&dc->om, st);
    raster_ms_pattern(st, d->raster_samples ? d->raster_samples : d->om.samples, d->ms_center);
    st->sample_weights = st->samples >= 2 && d->ps && (d->ps->sample_freq || d->ps->has_centroid);
    if (d->quad_lines && (r->topology == DRAW_LINE_LIST || r->topology == DRAW_LINE_STRIP ||
                          r->topology == DRAW_LINE_LIST_ADJ ||
                          r->topology == DRAW_LINE_STRIP_ADJ))
        st->cull = RASTER_CULL_NONE;   /* lines are never culled (15.10) */
    if (d->points.enable && r->topology == DRAW_POINT_LIST) {
        /* point squares (draw.h): the triangles clip.c makes of points are neither culled nor
         * biased, as the points they stand for would not be */
        st->cull = RASTER_CULL_NONE;
        st->depth_bias = 0;
        st->slope_scaled_depth_bias = 0.0f;
    }
    sh->raster = *st;
    draw_shade_prepare(sh);
    draw_scene_setup(r, r->scene);   /* (the other half's scene: draw_reserve) */

    for (uint32_t i = 0; i < d->instance_count; i++)
        draw_run_instance(r, i);
    draw_submit_pending(r);
    if (defer) {
        r->pool_word = r->pool_count * r->stride;
        /* Once the waiting draws of this half hold DRAW_DEFER_KICK primitives, the half starts
         * rasterizing on the workers while the calling thread bins the next draws into the
         * other (a frame of small draws: its front-end and vertex work overlaps the pixels) */
        if (r->prim_count - (size_t)r->half * r->prim_half >= DRAW_DEFER_KICK) {
            r->as.count = 0;   /* (the draw is over: nothing is held for it) */
            draw_switch_half(r);
            r->pool_word = r->pool_count * r->stride;
        }
        if (fresh) {
            dc->pending_om = d->om;
            dc->pending_w = d->width;
            dc->pending_h = d->height;
        }
        dc->pending = true;
        draw_debug_count_defer();
        r->d = NULL;
        return DRAW_OK;
    }
    raster_scene_flush_end(dc->scenes[r->half ^ 1u]);
    raster_scene_flush(r->scene);
    draw_arena_reset(dc);

    uint64_t total = 0, fused = 0, pixels = 0;
    for (unsigned i = 0; i < dc->nworkers; i++) {
        total += dc->workers[i].samples;
        fused += dc->workers[i].fused_runs;
        pixels += dc->workers[i].ps_invocations;
    }
    if (d->stats) {
        *d->stats = r->stats;
        /* without the geometry stage, the primitives assembled are the input assembler's */
        if (!r->gs_on)
            d->stats->ia_primitives = r->stats.c_invocations;
        d->stats->ia_vertices = (uint64_t)d->count * d->instance_count;
        d->stats->ps_invocations = d->ps ? pixels : 0;
    }
    draw_debug_count_fused(fused);
    if (samples)
        *samples = total;
    r->d = NULL;
    return DRAW_OK;
}
