/* src/pipeline/pixel.c — the pixel stage: the rasterizer's shade callback (draw_priv.h).
 *
 * Section numbers are the D3D11.3 functional specification's ("the spec").
 *
 * One call gets up to RASTER_BATCH_QUADS (= VM_LANES / 4) 2x2 quads of one primitive, on one
 * worker thread; the worker's scratch (draw_worker) is its own, so nothing is shared but
 * read-only data.  Lane i = 4q + p is pixel p of quad q in the order top-left, top-right,
 * bottom-left, bottom-right — the rasterizer's, the VM's and the output merger's layout.
 *
 * Attribute interpolation (16.4).  The rasterizer gives, for each pixel centre, the weights of
 * v1 and v2 (v0 gets the rest), perspective-correct (pw) and screen-linear (lw).  A component
 * whose pixel-input register is declared
 *   linear (also centroid / sample: one sample per pixel)   a0 + pw1 (a1 - a0) + pw2 (a2 - a0)
 *   linear noperspective (also centroid / sample)           the same with lw1, lw2
 *   constant                                                the leading vertex's bits (8.14)
 * where on multisampled targets `centroid` takes the weights of the centroid point
 * (centroid_points, 3.5.5) and `sample` those of the sample being shaded (shade_per_sample).
 * Lines have w2 = 0 (their v2 repeats v0), points w1 = w2 = 0.  Equal vertex values therefore
 * interpolate to exactly that value.
 *
 * System values.  SV_Position (chapter 24, "position"): x, y the pixel centre (x + 0.5,
 * y + 0.5) — helper pixels included — z the interpolated depth before the viewport clamp
 * (15.6: "Z input to the Pixel Shader is not clamped"), and w the clip-space w, interpolated
 * perspective-correctly: what D3D10+ hardware delivers — unlike GLSL's gl_FragCoord.w, it is
 * not inverted (DirectXShaderCompiler issue 1520, SPIRV-Cross issue 1451: the translators
 * invert it; Dawn's HLSL backend likewise, tint issue 2089).  SV_IsFrontFace (15.12):
 * 0xffffffff for front-facing primitives, 0 for back-facing; points and lines are
 * front-facing, wireframe edges take their triangle's facing.
 *
 * After the pixel program: lanes it discarded leave the coverage; oDepth, when written,
 * replaces the interpolated depth; the depth is clamped to [MinDepth, MaxDepth] (15.6, 17.10)
 * and om_process does depth/stencil, blending and the writes, returning the lanes that passed,
 * which the occlusion count adds (16.12.2).  Without a pixel program only depth/stencil runs
 * (nothing is written to the render targets: 16.9).
 *
 * Sampling: the VM calls draw_sample for each resource instruction; t# slots without a view
 * read 0 in every component (7.18.17); gather4 goes to the reference sampler's gather, lod to
 * its LOD decisions (draw_sample_lod); sampleinfo / samplepos of views and of the
 * rasterizer are pixel_ms.c's.  Sample-frequency shading, vCoverage and oMask: draw_shade
 * and shade_per_sample below; [earlydepthstencil] programs: shade_early.  Immediate texel offsets (_aoffimmi) are not applied:
 * level-9 programs have none, and the reference sampler takes no offsets yet.
 */
#include "pipeline/draw_priv.h"
#include "pipeline/pixel_tiled.h"

#include <math.h>
#include <stdatomic.h>

#include "util/bits.h"
#include "util/simd.h"

_Static_assert(SAMPLER_LANES == VM_LANES && sizeof(((struct float4_soa *)0)->c) ==
                   sizeof(((struct vm_sample_result *)0)->value),
               "sampler results and VM answers share one layout");

struct interp {
    const float *w1, *w2;
};

/* ---- sampling -------------------------------------------------------------------------------- */

struct sample_ctx {
    const struct draw_shade *run;
    struct draw_worker *w;
};

/* The sampler's view of a VM request (sampler.h).  op_tex writes every field, with zero where
 * the instruction has no such operand (vm.h), so no stale value of an earlier batch is seen. */
void draw_sample_coords(struct sample_coords *c, const struct vm_sample_request *req)
{
    c->mask = req->mask & VM_ALL_LANES;
    c->has_bias = req->kind == VM_TEX_SAMPLE_B;
    c->lod_mode = req->kind == VM_TEX_SAMPLE_L ? SAMPLE_LOD_EXPLICIT :
                  req->kind == VM_TEX_SAMPLE_C_LZ ? SAMPLE_LOD_ZERO : SAMPLE_LOD_DERIVATIVES;
    memcpy(c->u, req->address.f[0], sizeof(c->u));
    memcpy(c->v, req->address.f[1], sizeof(c->v));
    memcpy(c->w, req->address.f[2], sizeof(c->w));
    memcpy(c->q, req->address.f[3], sizeof(c->q));   /* a cube array's index */
    for (int k = 0; k < 3; k++) {
        memcpy(c->ddx[k], req->ddx[k], sizeof(c->ddx[k]));
        memcpy(c->ddy[k], req->ddy[k], sizeof(c->ddy[k]));
    }
    memcpy(c->lod, req->lod, sizeof(c->lod));
    memcpy(c->bias, req->bias, sizeof(c->bias));
    memcpy(c->ref, req->ref, sizeof(c->ref));
}

static void sample_filtered(const struct draw_shade *r, struct draw_worker *w,
                            const struct texture_view *t, const struct vm_sample_request *req,
                            struct vm_sample_result *res)
{
    const struct draw_px *d = r->d;
    const struct sampler *s = req->sampler < DRAW_MAX_SAMPLERS ? d->samplers[req->sampler] : NULL;
    if (!s)
        return;
    struct sample_coords *c = &w->coords;
    uint32_t mask = req->mask & VM_ALL_LANES;
    /* (the memo's generation is the batch's flush: run_ps) */
    /* the usual implicit-LOD batch: straight from the request's arrays (no copy into the
     * sampler's coordinates), when the fast path takes it whole; a whole batch's answer is
     * written in place (every lane) */
    float (*out)[VM_LANES] = mask == VM_ALL_LANES ? res->fvalue : w->texels.c;
    if (req->kind == VM_TEX_SAMPLE && !req->has_clamp &&
        SIMD_PICK(sampler_sample_fast_uv)(s, t, req->address.f[0], req->address.f[1],
                                          req->ddx[0], req->ddx[1], req->ddy[0], req->ddy[1],
                                          mask, &w->lod_cache, out)) {
        if (out == res->fvalue)
            return;
    } else {
        c->lod_cache = &w->lod_cache;
        draw_sample_coords(c, req);
        sampler_sample(s, t, c, VM_LANES, &w->texels);
    }
    if (mask == VM_ALL_LANES) {
        memcpy(res->value, w->texels.c, sizeof(res->value));   /* float bits, as draw_u */
    } else {
        for (int k = 0; k < 4; k++)
            for (unsigned l = 0; l < VM_LANES; l++)
                if (mask & (1u << l))
                    res->value[k][l] = draw_u(w->texels.c[k][l]);
    }
}

/* gather4 / gather4_c (+ _po): the reference sampler's gather (sampler.h), for 10_1 programs. */
static void sample_gather(const struct draw_shade *r, struct draw_worker *w,
                          const struct texture_view *t, const struct vm_sample_request *req,
                          struct vm_sample_result *res)
{
    const struct draw_px *d = r->d;
    const struct sampler *s = req->sampler < DRAW_MAX_SAMPLERS ? d->samplers[req->sampler] : NULL;
    const int8_t imm[2] = { req->texel_offset[0], req->texel_offset[1] };
    if (!s)
        return;
    draw_sample_coords(&w->coords, req);
    sampler_gather(s, t, &w->coords, req->gather_channel, req->kind == VM_TEX_GATHER4_C,
                   req->has_offsets ? req->offset : NULL, imm, VM_LANES, &w->texels);
    for (int k = 0; k < 4; k++)
        for (unsigned l = 0; l < VM_LANES; l++)
            if (req->mask & (1u << l))
                res->value[k][l] = draw_u(w->texels.c[k][l]);
}

/* ld (22.4.7): integer texel coordinates and mip (in .w), or a buffer view's element index (in
 * .x); anything outside the view reads 0.
 * The coordinates a dimension has: 1D x, 2D x y, 3D x y z; an array view adds its slice after
 * them (1D array y, 2D array z); components a dimension does not have are ignored. */
void draw_sample_load(const struct texture_view *t, const struct vm_sample_request *req,
                      struct vm_sample_result *res)
{
    const struct texel_format *f = t->texel;
    if (t->fast_rgba8) {   /* 4 x 8-bit 2D views: the sampler's fast fetch (sampler.h) */
        const int32_t (*addr)[SAMPLER_LANES] = (const int32_t (*)[SAMPLER_LANES])req->address.i;
        SIMD_PICK(sampler_load_rgba8)(t, req->mask, addr, res->value);
        return;
    }
    for (unsigned l = 0; l < VM_LANES; l++) {
        if (!(req->mask & (1u << l)))
            continue;
        int32_t x = req->address.i[0][l], y = req->address.i[1][l], z = req->address.i[2][l];
        int32_t mip = req->address.i[3][l], slice, array = 0;
        if (t->dim == TEXTURE_DIM_BUFFER) {
            y = z = mip = 0;   /* a buffer's ld has the element index only (22.4.7) */
        } else if (t->dim == TEXTURE_DIM_1D) {
            array = y;
            y = 0;
        } else if (t->dim != TEXTURE_DIM_3D) {
            array = z;
            z = 0;
        }
        if (!t->array_size)
            array = 0;   /* not an array view: no such coordinate */
        else if (array < 0 || (uint32_t)array >= t->array_size)
            continue;
        /* levels more detailed than the resource's minimum LOD are not there (sampler.h) */
        if (mip < 0 || (uint32_t)mip >= t->levels || (float)mip < floorf(t->min_lod) || x < 0 ||
            y < 0 || z < 0)
            continue;
        const struct texture_level *lv = &t->level[mip];
        slice = z;
        if ((uint32_t)x >= lv->width || (uint32_t)y >= lv->height || (uint32_t)slice >= lv->depth)
            continue;
        const uint8_t *data = lv->data + (size_t)array * lv->array_pitch +
                              (size_t)slice * lv->depth_pitch;
        const uint8_t *block = data + (size_t)((uint32_t)y / f->block_h) * lv->row_pitch +
                               (size_t)((uint32_t)x / f->block_w) * f->block_bytes;
        uint32_t v[4];
        if (f->integer &&
            texel_load_int(f, block, (uint32_t)x % f->block_w, (uint32_t)y % f->block_h, v)) {
            for (int k = 0; k < 4; k++)
                res->value[k][l] = v[k];
            continue;
        }
        float out[4];
        f->load(f, block, (uint32_t)x % f->block_w, (uint32_t)y % f->block_h, out);
        for (int k = 0; k < 4; k++)
            res->value[k][l] = draw_u(out[k]);
    }
}

/* resinfo (22.4.8): width, then height (1D array: the slices), then depth (3D) or the slices
 * of a 2D array (cubes of a cube array), unused components 0, as uints; the VM converts. */
void draw_sample_info(const struct texture_view *t, const struct vm_sample_request *req,
                      struct vm_sample_result *res)
{
    for (unsigned l = 0; l < VM_LANES; l++) {
        if (!(req->mask & (1u << l)))
            continue;
        uint32_t mip = req->lod_u[l];
        res->value[3][l] = t->levels;
        if (mip >= t->levels)
            continue;
        uint32_t slices = t->array_size ? t->array_size : 0;
        res->value[0][l] = t->level[mip].width;
        res->value[1][l] = t->dim == TEXTURE_DIM_1D ? slices : t->level[mip].height;
        res->value[2][l] = t->dim == TEXTURE_DIM_3D ? t->level[mip].depth :
                           t->dim == TEXTURE_DIM_1D ? 0 : slices;
    }
}

void draw_sample_lod(const struct sampler *s, const struct texture_view *t,
                     struct sample_coords *c, const struct vm_sample_request *req,
                     struct vm_sample_result *res)
{
    /* lod (22.4.9; HLSL CalculateLevelOfDetail / ...Unclamped): x the LOD after MinLOD/MaxLOD
     * and bias (what the sampler uses), y the one before the clamp -- the sampler's own
     * decisions (sampler_lane_lod), the second with the clamp opened to +-inf; z, w 0.  The
     * streaming demo's feedback pass reads it. */
    if (!s)
        return;
    struct sampler open = *s;
    open.state.min_lod = -INFINITY;
    open.state.max_lod = INFINITY;
    draw_sample_coords(c, req);
    c->lod_mode = SAMPLE_LOD_DERIVATIVES;
    for (unsigned l = 0; l < VM_LANES; l++) {
        if (!(req->mask & (1u << l)))
            continue;
        struct sampler_lod a, b;
        sampler_lane_lod(s, t, c, (int)l, &a);
        sampler_lane_lod(&open, t, c, (int)l, &b);
        res->value[0][l] = draw_u(a.lod);
        res->value[1][l] = draw_u(b.lod);
        res->value[2][l] = res->value[3][l] = 0;
    }
}

static void draw_sample(void *ctx, const struct vm_sample_request *req,
                        struct vm_sample_result *res)
{
    const struct sample_ctx *sc = ctx;
    const struct draw_px *d = sc->run->d;
    if (req->resource >= DRAW_MAX_TEXTURES)
        return;
    const struct texture_view *t = d->textures[req->resource];
    if (!t || !t->texel)
        return;
    if (t->tiled) {   /* tiled resources (issue 7): page table, status, clamp, gather */
        pixel_tiled_sample(d, sc->w, t, req, res);
        return;
    }
    switch (req->kind) {
    case VM_TEX_SAMPLE:
    case VM_TEX_SAMPLE_B:
    case VM_TEX_SAMPLE_L:
    case VM_TEX_SAMPLE_D:
    case VM_TEX_SAMPLE_C:
    case VM_TEX_SAMPLE_C_LZ:
        sample_filtered(sc->run, sc->w, t, req, res);
        break;
    case VM_TEX_LD:
        draw_sample_load(t, req, res);
        break;
    case VM_TEX_LD_MS:   /* (pixel_ms.c) */
        draw_sample_load_ms(t, req, res);
        break;
    case VM_TEX_RESINFO:
        draw_sample_info(t, req, res);
        break;
    case VM_TEX_GATHER4:
    case VM_TEX_GATHER4_C:
        sample_gather(sc->run, sc->w, t, req, res);
        break;
    case VM_TEX_SAMPLEINFO:
    case VM_TEX_SAMPLEPOS:
        draw_sample_ms_query(t->samples, t->ms_center, req, res);   /* (pixel_ms.c) */
        break;
    case VM_TEX_LOD:
        draw_sample_lod(req->sampler < DRAW_MAX_SAMPLERS ? d->samplers[req->sampler] : NULL, t,
                        &sc->w->coords, req, res);
        break;
    default:
        break;
    }
}

/* The entry of the VM's resource callback: sampleinfo / samplepos of the rasterizer
 * (resource VM_NO_SLOT: the draw's sample count and pattern), else draw_sample. */
static void draw_sample_entry(void *ctx, const struct vm_sample_request *req,
                              struct vm_sample_result *res)
{
    const struct sample_ctx *sc = ctx;
    if (req->resource == VM_NO_SLOT &&
        (req->kind == VM_TEX_SAMPLEINFO || req->kind == VM_TEX_SAMPLEPOS)) {
        const struct raster_state *st = &sc->run->raster;
        draw_sample_ms_query(st->samples >= 2 ? st->samples : 1,
                             st->samples >= 2 && sc->run->d->ms_center, req, res);
        return;
    }
    draw_sample(ctx, req, res);
}

/* ---- shading --------------------------------------------------------------------------------- */

/* fill_inputs: pixel_fused.c (draw_fill_inputs, with an AVX2 twin) */
static void fill_inputs(const struct draw_shade *r, struct draw_worker *w,
                        const struct raster_quad_batch *b, const struct draw_prim *pr,
                        bool front, unsigned lanes)
{
    SIMD_PICK(draw_fill_inputs)(r, w, b, pr, front, lanes);
}

/* ---- uniform primitives ----------------------------------------------------------------------
 *
 * A lane-local pixel program (no derivatives, no implicit-LOD sampling: draw_program.lane_local)
 * whose every input is constant over a primitive computes the same result in every lane, so it
 * runs once per primitive (per worker) and the result is reused -- flat-coloured geometry, UI
 * quads, full-screen fills.  "Constant" must hold bit for bit for the values the per-pixel path
 * would compute:
 *   - a constant-interpolated input is the leading vertex's bits: always;
 *   - SV_IsFrontFace is the primitive's: always (the cache is per primitive and facing);
 *   - a linear input is a0 + w1 (a1 - a0) + w2 (a2 - a0).  With a0 = a1 = a2 (bits) finite, the
 *     products are w * (+0) = +-0 for the finite weights of covered pixels, and a0 + (+-0) = a0
 *     unless a0 is -0 (-0 + +0 = +0) -- so -0, Inf and NaN values are not uniform;
 *   - SV_Position varies: such programs never take this path (draw_shade_prepare).
 * The result is taken from a covered lane of the first batch (finite weights), or, for a whole
 * tile, from one evaluation with zero weights (a0 + 0 + 0 = a0 under the rule above). */

bool draw_fused_run(const struct draw_shade *r, struct draw_worker *w, unsigned lanes)
{
    return SIMD_PICK(draw_fused_run)(r, w, lanes);
}

static atomic_bool shortcuts_off;
static atomic_uint_fast64_t fill_count;

void draw_debug_set_shortcuts(bool enable)
{
    atomic_store(&shortcuts_off, !enable);
}

uint64_t draw_debug_fill_count(void)
{
    return atomic_load(&fill_count);
}

static atomic_uint_fast64_t fused_count;

uint64_t draw_debug_fused_count(void)
{
    return atomic_load(&fused_count);
}

void draw_debug_count_fused(uint64_t n)
{
    atomic_fetch_add_explicit(&fused_count, n, memory_order_relaxed);
}

void draw_shade_prepare(struct draw_shade *r)
{
    const struct draw_px *d = r->d;
    const struct draw_program *ps = d->ps;
    r->uniform_ok = r->fill_ok = false;
    r->ms_merge = d->alpha_to_coverage || d->om.samples >= 2;
    r->fused_ok = !atomic_load(&shortcuts_off);
    /* the linear-input list of draw_fill_inputs */
    r->lin_all = ps != NULL;
    r->lin_count = 0;
    for (uint32_t reg = 0; ps && reg < ps->input_count && reg < IR_MAX_INPUTS; reg++) {
        unsigned interp = ps->in_interp[reg];
        for (unsigned c = 0; c < 4; c++) {
            if (!(ps->in_mask[reg] >> c & 1))
                continue;
            const struct draw_input_src *src = &d->link->in[reg][c];
            if (src->kind != DRAW_IN_ATTR || interp == IR_INTERP_CONSTANT) {
                r->lin_all = false;
                continue;
            }
            r->lin[r->lin_count++] = (struct draw_lin_input){
                (uint8_t)reg, (uint8_t)c,
                interp == IR_INTERP_LINEAR_NOPERSPECTIVE ||
                    interp == IR_INTERP_LINEAR_NOPERSPECTIVE_CENTROID ||
                    interp == IR_INTERP_LINEAR_NOPERSPECTIVE_SAMPLE,
                (uint16_t)(4 + 4 * src->slot + src->comp) };
        }
    }
    r->om_reads_z = r->om->depth_test || r->om->depth_write || r->om->stencil_test ||
                    r->om->stencil_write;
    /* Programs whose result depends on the sample or the coverage take no shortcut: the
     * fused shapes, the list of linear inputs (which ignores `sample` weights), the uniform
     * primitive and the rectangle fill all assume one result per pixel from the centre. */
    if (ps && (ps->sample_freq || ps->reads_coverage || ps->writes_coverage || ps->pulls ||
               (ps->has_centroid && r->raster.samples >= 2))) {
        r->fused_ok = false;
        r->lin_all = false;
        return;
    }
    if (!ps || !ps->lane_local || ps->writes_depth || atomic_load(&shortcuts_off))
        return;
    for (uint32_t reg = 0; reg < ps->input_count && reg < IR_MAX_INPUTS; reg++)
        for (unsigned c = 0; c < 4; c++)
            if ((ps->in_mask[reg] >> c & 1) && d->link->in[reg][c].kind == DRAW_IN_POSITION)
                return;
    /* the pool-record words draw_prim_uniform compares: every linearly interpolated
     * attribute component the program reads */
    r->uni_count = 0;
    for (uint32_t reg = 0; reg < ps->input_count && reg < IR_MAX_INPUTS; reg++) {
        if (!ps->in_mask[reg] || ps->in_interp[reg] == IR_INTERP_CONSTANT)
            continue;
        for (unsigned c = 0; c < 4; c++) {
            const struct draw_input_src *src = &d->link->in[reg][c];
            if ((ps->in_mask[reg] >> c & 1) && src->kind == DRAW_IN_ATTR)
                r->uni_idx[r->uni_count++] = (uint16_t)(4 + 4 * src->slot + src->comp);
        }
    }
    r->uniform_ok = true;
    uint32_t targets = 0;
    for (unsigned t = 0; t < OM_MAX_TARGETS && t < ps->output_count; t++)
        if (ps->out_mask[t])
            targets |= 1u << t;
    /* (alpha-to-coverage draws and multisampled surfaces rasterized at the centre go through
     * draw_ms_merge, never the rectangle fill, which writes one sample) */
    r->fill_ok = om_fill_possible(r->om, targets) && !r->ms_merge;
}

static bool uniform_value(uint32_t u)
{
    return u != 0x80000000u && (u & 0x7f800000u) != 0x7f800000u;
}

bool draw_prim_uniform(const struct draw_shade *r, uint32_t a, uint32_t b, uint32_t c)
{
    const uint32_t *v0 = &r->pool[(size_t)a * r->stride];
    const uint32_t *v1 = &r->pool[(size_t)b * r->stride];
    const uint32_t *v2 = &r->pool[(size_t)c * r->stride];
    for (unsigned k = 0; k < r->uni_count; k++) {
        unsigned i = r->uni_idx[k];
        if (v0[i] != v1[i] || v0[i] != v2[i] || !uniform_value(v0[i]))
            return false;
    }
    return true;
}

/* The worker's cache entry for this primitive: DRAW_UNI_NO, _PENDING or _READY. */
static unsigned uniform_lookup(const struct draw_shade *r, struct draw_worker *w, uint32_t prim_id,
                               bool front, uint64_t seq)
{
    if (w->uni_gen != seq || w->uni_prim != prim_id || w->uni_front != front) {
        w->uni_gen = seq;
        w->uni_prim = prim_id;
        w->uni_front = front;
        w->uni_state = r->prims[prim_id].flags & DRAW_PRIM_UNIFORM ? DRAW_UNI_PENDING
                                                                   : DRAW_UNI_NO;
    }
    return w->uni_state;
}

/* Keep lane `lane` of the program's outputs as the primitive's result. */
static void uniform_store(const struct draw_program *ps, struct draw_worker *w, unsigned lane,
                          bool alive)
{
    for (unsigned t = 0; t < OM_MAX_TARGETS && t < ps->output_count; t++) {
        if (!ps->out_mask[t])
            continue;
        for (unsigned c = 0; c < 4; c++) {
            float v = draw_f(w->outputs[t][c][lane]);
            for (unsigned l = 0; l < VM_LANES; l++)
                w->uni_color[t][c][l] = v;
        }
    }
    w->uni_alive = alive;
    w->uni_state = DRAW_UNI_READY;
}

/* The pixel program over the batch's lanes; returns the lanes it did not discard.  `covered`:
 * the lanes that are pixels of the primitive (the others are helpers: no UAV side effects). */
static uint32_t run_ps(const struct draw_shade *r, struct draw_worker *w,
                       const struct raster_quad_batch *b, const struct draw_prim *pr, bool front,
                       unsigned lanes, uint32_t covered)
{
    const struct draw_px *d = r->d;
    /* the sampler's memo holds this flush's decisions only, keyed by sampler and view: they
     * stay put during a draw, and the draws a flush holds together (draw_defer.c) each have
     * their own copies, at addresses no other draw of the flush has */
    w->lod_cache.gen = b->seq;
    fill_inputs(r, w, b, pr, front, lanes);
    uint32_t all = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u;
    if (d->ps->fused.kind && r->fused_ok && draw_fused_run(r, w, lanes))
        return all;
    struct sample_ctx sc = { r, w };
    /* Every field the VM reads is set (no memset of the whole environment: it is large, and
     * depth/coverage are outputs vm_run clears itself). */
    struct vm_env env;
    env.inputs = (const vm_reg *)w->inputs;
    env.outputs = w->outputs;
    if (d->ps->reads_coverage)
        memcpy(env.input_coverage, w->incov, sizeof(env.input_coverage));
    else
        memset(env.input_coverage, 0, sizeof(env.input_coverage));
    memcpy(env.cb, d->ps_cb, sizeof(env.cb));
    env.sample = draw_sample_entry;
    env.sample_ctx = &sc;
    env.max_iterations = 0;
    /* UAVs (11_0): shared by every worker (the VM only reads the views; their words are
     * accessed atomically); the lanes no sample of the primitive covers are helpers */
    env.cs = d->ps->mem ? d->ps_uavs : NULL;
    env.helper_lanes = env.cs ? all & ~covered : 0;
    /* eval_* (pull-model evaluation): pixel_eval.c re-interpolates at the point asked */
    struct draw_eval_ctx ec = { r, w, b, pr };
    env.eval = d->ps->pulls ? draw_eval : NULL;
    env.eval_ctx = &ec;
    uint32_t alive = vm_run(d->ps->vm, w->ps_state, &env, all);
    if (d->ps->writes_coverage)
        memcpy(w->omask, env.coverage, sizeof(w->omask));
    if (d->ps->writes_depth) {
        float zs[VM_LANES];
        for (unsigned l = 0; l < lanes; l++)
            zs[l] = draw_f(env.depth[l]);
        for (unsigned l = 0; l < lanes; l++)
            w->z[l] = om_depth_clamp(zs[l], d->viewport.min_depth, d->viewport.max_depth);
    }
    return alive;
}

void draw_prefetch(void *ctx, uint32_t prim_id, unsigned stage)
{
    const struct draw_shade *r = ctx;
    const struct draw_prim *pr = &r->prims[prim_id];
    if (!stage) {
        __builtin_prefetch(pr);
        return;
    }
    for (int k = 0; k < 3; k++)
        __builtin_prefetch(&r->pool[(size_t)pr->v[k] * r->stride]);
}

static void prefetch_rows(const struct om_surface *sf, unsigned bytes, struct raster_rect t)
{
    if (!sf->data || t.x0 >= (int32_t)sf->width || t.y0 >= (int32_t)sf->height)
        return;
    int32_t x1 = t.x1 < (int32_t)sf->width ? t.x1 : (int32_t)sf->width;
    int32_t y1 = t.y1 < (int32_t)sf->height ? t.y1 : (int32_t)sf->height;
    size_t len = (size_t)(x1 - t.x0) * bytes;
    for (int32_t y = t.y0; y < y1; y++) {
        const uint8_t *row = sf->data + (size_t)y * sf->row_pitch + (size_t)t.x0 * bytes;
        for (size_t o = 0; o < len; o += 64)
            __builtin_prefetch(row + o, 0);
        __builtin_prefetch(row + len - 1, 0);
    }
}

void draw_tile_prefetch(void *ctx, struct raster_rect tile, bool ahead)
{
    const struct draw_shade *r = ctx;
    const struct om_state *om = r->om;
    const struct om_draw *od = &r->d->om;
    /* now: blended targets, which every pixel reads (measured: the whole tile's depth rows
     * asked for at once gain nothing under small random triangles -- too many misses at a
     * time); ahead, a few rows a command: everything (measured at 1920x1080, 2 threads: 1M
     * small triangles 9% faster; read prefetches, which beat write-intent ones here) */
    for (unsigned t = 0; t < OM_MAX_TARGETS; t++)
        if (om->rt[t].kind != OM_RT_NONE && (ahead || om->rt[t].blend))
            prefetch_rows(&od->rt[t], om->rt[t].bytes, tile);
    if (ahead && (om->depth_test || om->stencil_test) && om->ds_bytes)
        prefetch_rows(&od->ds, om->ds_bytes, tile);
}

bool draw_fill(void *ctx, uint32_t prim_id, uint32_t flags, uint64_t seq, unsigned worker,
               struct raster_rect rect)
{
    const struct draw_shade *r = ctx;
    const struct draw_px *d = r->d;
    struct draw_worker *w = &r->dc->workers[worker];
    const struct draw_prim *pr = &r->prims[prim_id];
    bool front = pr->flags & DRAW_PRIM_FACE_SET ? (pr->flags & DRAW_PRIM_FRONT) != 0 :
                                                  (flags & RASTER_BATCH_FRONT_FACING) != 0;
    if (!r->fill_ok)
        return false;
    unsigned state = uniform_lookup(r, w, prim_id, front, seq);
    if (state == DRAW_UNI_NO)
        return false;
    if (state == DRAW_UNI_PENDING) {
        /* one quad with zero weights: every input is exactly a0 (comment above) */
        struct raster_quad_batch *b = &w->fill_batch;
        memset(b, 0, sizeof(*b));
        b->count = 1;
        b->x[0] = (uint16_t)(rect.x0 & ~1);
        b->y[0] = (uint16_t)(rect.y0 & ~1);
        b->mask[0] = 15;
        b->prim_id = prim_id;
        b->worker = worker;
        b->seq = seq;
        uint32_t alive = run_ps(r, w, b, pr, front, 4, 15);
        uniform_store(d->ps, w, 0, alive & 1u);
    }
    if (w->uni_alive) {
        const float *color[OM_MAX_TARGETS] = { NULL };
        float c4[OM_MAX_TARGETS][4];
        for (unsigned t = 0; t < OM_MAX_TARGETS && t < d->ps->output_count; t++) {
            if (!d->ps->out_mask[t])
                continue;
            for (unsigned c = 0; c < 4; c++)
                c4[t][c] = w->uni_color[t][c][0];
            color[t] = c4[t];
        }
        om_fill_rect(r->om, &d->om, rect.x0, rect.y0, rect.x1, rect.y1, color);
        atomic_fetch_add_explicit(&fill_count, 1, memory_order_relaxed);
        /* no depth/stencil test (om_fill_possible): every covered sample passes (16.12.2) */
        w->samples += (uint64_t)(rect.x1 - rect.x0) * (uint64_t)(rect.y1 - rect.y0);
        w->ps_invocations += (uint64_t)(rect.x1 - rect.x0) * (uint64_t)(rect.y1 - rect.y0);
    }
    return true;
}

/* Centroid evaluation points of a multisampled batch (D3D11.3 functional spec 3.5.5), per
 * lane: (1) every sample of the pixel covered: the centre; (2) else the first covered sample,
 * in increasing index, of the coverage ANDed with the SampleMask; (3) none (helper pixels of
 * the 2x2 quads, or covered samples all outside the mask): the first sample of the SampleMask
 * if it is a subset of the pixel's samples, else the centre.  The weights, offset and depth
 * of that point go to the worker's c_* arrays (draw_fill_inputs reads them). */
static void centroid_points(const struct draw_shade *r, struct draw_worker *w,
                            const struct raster_quad_batch *b)
{
    const struct raster_ms_batch *ms = b->ms;
    for (unsigned l = 0; l < VM_LANES; l++) {
        int s = draw_centroid_sample(r, b, l);   /* (pixel_eval.c) */
        if (s < 0) {
            w->c_pw1[l] = b->pw1[l];
            w->c_pw2[l] = b->pw2[l];
            w->c_lw1[l] = b->lw1[l];
            w->c_lw2[l] = b->lw2[l];
            w->c_dx[l] = w->c_dy[l] = 0.0f;
            w->c_z[l] = b->z[l];
        } else {
            w->c_pw1[l] = ms->pw1[s][l];
            w->c_pw2[l] = ms->pw2[s][l];
            w->c_lw1[l] = ms->lw1[s][l];
            w->c_lw2[l] = ms->lw2[s][l];
            w->c_dx[l] = (float)r->raster.sample_x[s] * (1.0f / 16.0f);
            w->c_dy[l] = (float)r->raster.sample_y[s] * (1.0f / 16.0f);
            w->c_z[l] = ms->z[s][l];
        }
    }
    w->c_on = true;
}

/* vCoverage at pixel frequency: the pixel's samples the primitive covers, within the
 * SampleMask (bit s: sample s; one-sample targets: bit 0).  "The InputCoverage bitfield is not
 * affected by depth/stencil tests" (D3D11.3 functional spec 16.3.2), early ones included. */
static void input_coverage(const struct draw_shade *r, struct draw_worker *w,
                           const struct raster_quad_batch *b, uint32_t coverage)
{
    for (unsigned l = 0; l < VM_LANES; l++)
        w->incov[l] = coverage >> l & 1u;
    if (b->ms) {
        unsigned n = b->ms->samples < RASTER_MAX_SAMPLES ? b->ms->samples : RASTER_MAX_SAMPLES;
        for (unsigned l = 0; l < VM_LANES; l++) {
            uint32_t bits = 0;
            for (unsigned s = 0; s < n; s++)
                bits |= (b->ms->cover[s] >> l & 1u) << s;
            w->incov[l] = bits & r->d->om.sample_mask;
        }
    }
}

/* The program's colours into ob (SV_Target n is o<n>, 16.6; undeclared targets untouched). */
static void colors_to_batch(const struct draw_program *ps, struct draw_worker *w,
                            struct om_batch *ob)
{
    for (unsigned t = 0; t < OM_MAX_TARGETS && t < ps->output_count; t++) {
        if (!ps->out_mask[t])
            continue;
        memcpy(w->color[t], w->outputs[t], sizeof(w->color[t]));   /* float bits */
        for (unsigned c = 0; c < 4; c++)
            ob->color[t][c] = w->color[t][c];
    }
}

/* Sample-frequency shading (D3D11.3 functional spec 16.3: a pixel program with a `sample`
 * input or SV_SampleIndex runs once per covered sample of a multisampled target).  For each
 * sample s in index order: the program over the whole batch (every lane of each quad, so
 * derivatives are the quad's differences at sample s), `sample` inputs at sample s,
 * SV_SampleIndex s, vCoverage the bit of s alone; then the output merger for sample s only,
 * with its depth (or oDepth), its alpha-to-coverage bit and its oMask bit.  A sample outside
 * the SampleMask is not shaded (its result could not be written).
 * `early` ([earlydepthstencil], 16.12.1: "If the Pixel Shader is in Sample-Frequency mode,
 * the same applies based on per-sample Depth/Stencil tests"): sample s's depth/stencil test
 * and writes first, the program for the lanes whose sample s passed (the others of the quads
 * are helpers), and then only the colour of sample s; oDepth is ignored, and the occlusion
 * count is what passed the test. */
static void shade_per_sample(const struct draw_shade *r, struct draw_worker *w,
                             const struct raster_quad_batch *b, const struct draw_prim *pr,
                             bool front, struct om_batch *ob, bool early)
{
    const struct draw_px *d = r->d;
    const struct draw_program *ps = d->ps;
    const struct raster_ms_batch *ms = b->ms;
    unsigned count = b->count < RASTER_BATCH_QUADS ? b->count : RASTER_BATCH_QUADS;
    unsigned lanes = 4 * count;
    unsigned n = ms->samples < RASTER_MAX_SAMPLES ? ms->samples : RASTER_MAX_SAMPLES;
    struct om_draw od = d->om;
    uint32_t valid = early ? om_valid_mask(&d->om, ob) : 0;
    od.samples = n;
    for (unsigned s = 0; s < n; s++) {
        uint32_t m = ms->cover[s], run = m;
        if (!(d->om.sample_mask >> s & 1u) || !m)
            continue;
        float zs[4 * RASTER_BATCH_QUADS];
        const float *zp[RASTER_MAX_SAMPLES] = { NULL };
        uint32_t cover[RASTER_MAX_SAMPLES] = { 0 };
        if ((early || !ps->writes_depth) && r->om_reads_z) {
            for (unsigned l = 0; l < lanes; l++)
                zs[l] = om_depth_clamp(ms->z[s][l], d->viewport.min_depth,
                                       d->viewport.max_depth);
            zp[s] = zs;
        }
        if (early) {
            uint32_t passed[RASTER_MAX_SAMPLES];
            cover[s] = m & valid;
            run = cover[s];
            if (r->om_reads_z) {
                om_depth_stencil_ms(r->om, &od, ob, cover, zp, passed);
                run = passed[s];
            }
            w->samples += util_popcount32(run);   /* nothing later changes it (16.12.1) */
            if (!run)
                continue;
        }
        w->ps_invocations += util_popcount32(run);   /* one per sample (16.3) */
        w->sample_cur = (int32_t)s;
        w->s_pw1 = ms->has_weights ? ms->pw1[s] : b->pw1;
        w->s_pw2 = ms->has_weights ? ms->pw2[s] : b->pw2;
        w->s_lw1 = ms->has_weights ? ms->lw1[s] : b->lw1;
        w->s_lw2 = ms->has_weights ? ms->lw2[s] : b->lw2;
        w->s_z = ms->z[s];
        w->s_dx = (float)r->raster.sample_x[s] * (1.0f / 16.0f);
        w->s_dy = (float)r->raster.sample_y[s] * (1.0f / 16.0f);
        for (unsigned l = 0; l < VM_LANES; l++)
            w->incov[l] = (m >> l & 1u) << s;
        uint32_t alive = run_ps(r, w, b, pr, front, lanes, run);
        w->sample_cur = -1;
        uint32_t cov = run & alive;
        if (ps->writes_coverage)
            for (unsigned l = 0; l < lanes; l++)
                if (!(w->omask[l] >> s & 1u))
                    cov &= ~(1u << l);
        colors_to_batch(ps, w, ob);
        if (d->alpha_to_coverage && ob->color[0][3])
            cov &= draw_ms_alpha_lanes(ob->color[0][3], lanes, n, s);
        if (!cov)
            continue;
        cover[s] = cov;
        if (early) {
            om_color_ms(r->om, &od, ob, cover);
            continue;
        }
        ob->z = w->z;   /* oDepth, clamped (run_ps) */
        w->samples += om_process_ms(r->om, &od, ob, cov, cover,
                                    !ps->writes_depth && r->om_reads_z ? zp : NULL);
    }
}

/* [earlydepthstencil] at pixel frequency on multisampled surfaces (16.12.1): every covered
 * sample's depth/stencil test and writes with its own depth (raster_ms.c), then the program
 * once for each pixel with a sample that passed (a pixel none of whose samples passed is a
 * helper at most: no UAV side effects), whose colour goes to those samples only, less what
 * discard, alpha-to-coverage and oMask drop -- they act on the colour alone, the depth is
 * written already.  oDepth is ignored; the occlusion count is the samples that passed. */
static void shade_early_ms(const struct draw_shade *r, struct draw_worker *w,
                           const struct raster_quad_batch *b, const struct draw_prim *pr,
                           bool front, struct om_batch *ob, uint32_t coverage)
{
    const struct draw_px *d = r->d;
    const struct draw_program *ps = d->ps;
    const struct raster_ms_batch *ms = b->ms;
    unsigned count = b->count < RASTER_BATCH_QUADS ? b->count : RASTER_BATCH_QUADS;
    unsigned lanes = 4 * count;
    unsigned n = ms->samples < RASTER_MAX_SAMPLES ? ms->samples : RASTER_MAX_SAMPLES;
    float zs[RASTER_MAX_SAMPLES][4 * RASTER_BATCH_QUADS];
    const float *zp[RASTER_MAX_SAMPLES];
    uint32_t cover[RASTER_MAX_SAMPLES], passed[RASTER_MAX_SAMPLES], any = 0;
    uint32_t valid = coverage & om_valid_mask(&d->om, ob);
    struct om_draw od = d->om;
    od.samples = n;
    for (unsigned s = 0; s < n; s++)
        cover[s] = ms->cover[s] & valid;
    if (r->om_reads_z) {
        for (unsigned s = 0; s < n; s++) {
            for (unsigned l = 0; l < lanes; l++)
                zs[s][l] = om_depth_clamp(ms->z[s][l], d->viewport.min_depth,
                                          d->viewport.max_depth);
            zp[s] = zs[s];
        }
        any = om_depth_stencil_ms(r->om, &od, ob, cover, zp, passed);
    } else {
        for (unsigned s = 0; s < n; s++) {
            passed[s] = d->om.sample_mask >> s & 1u ? cover[s] : 0;
            any |= passed[s];
        }
    }
    for (unsigned s = 0; s < n; s++)
        w->samples += util_popcount32(passed[s]);
    w->ps_invocations += util_popcount32(any);
    if (!any)
        return;
    if (ps->reads_coverage)
        input_coverage(r, w, b, coverage);
    uint32_t alive = run_ps(r, w, b, pr, front, lanes, any);
    colors_to_batch(ps, w, ob);
    for (unsigned s = 0; s < n; s++)
        passed[s] &= alive;
    draw_ms_mask_cover(d, ob, lanes, n, ps->writes_coverage ? w->omask : NULL, passed);
    om_color_ms(r->om, &od, ob, passed);
}

/* [earlydepthstencil] (forceEarlyDepthStencil, 11_0; D3D11.3 functional spec 16.12.1): "the
 * implementation must perform Depth/Stencil tests and depth/stencil writes before executing
 * the Pixel Shader"; "if the tests do not pass, the Pixel Shader is not invoked unless it is a
 * helper", so a pixel that failed has no UAV side effects; oDepth "is simply ignored"; the
 * occlusion query counts what passed those tests, "and nothing downstream further impacts the
 * count".  Discard, oMask and alpha-to-coverage then act on the colour writes only.
 * Multisampled surfaces: shade_early_ms / shade_per_sample; here one sample a pixel at the
 * surfaces (also target-independent rasterization, whose pixels count their covered
 * rasterizer samples, 20.4.6), or multisampled surfaces rasterized at the pixel centre
 * (ForcedSampleCount 1), whose colour goes to each sample of a passing pixel that the
 * SampleMask, alpha-to-coverage and oMask keep. */
static void shade_early(const struct draw_shade *r, struct draw_worker *w,
                        const struct raster_quad_batch *b, const struct draw_prim *pr, bool front,
                        unsigned count, uint32_t coverage)
{
    const struct draw_px *d = r->d;
    const struct draw_program *ps = d->ps;
    unsigned lanes = 4 * count;
    struct om_batch ob;
    for (unsigned t = 0; t < OM_MAX_TARGETS; t++)
        for (unsigned c = 0; c < 4; c++)
            ob.color[t][c] = NULL;
    ob.count = count;
    ob.x = b->x;
    ob.y = b->y;
    ob.z = w->z;
    ob.front_facing = front;
    if (b->ms && ps->has_centroid && b->ms->has_weights)
        centroid_points(r, w, b);
    if (b->ms && ps->sample_freq) {
        shade_per_sample(r, w, b, pr, front, &ob, true);
        w->c_on = false;
        return;
    }
    if (b->ms && d->om.samples >= 2) {
        shade_early_ms(r, w, b, pr, front, &ob, coverage);
        w->c_on = false;
        return;
    }
    for (unsigned l = 0; l < lanes; l++)
        w->z[l] = om_depth_clamp(b->z[l], d->viewport.min_depth, d->viewport.max_depth);
    uint32_t pass = coverage & om_valid_mask(&d->om, &ob);
    if (r->om_reads_z)
        pass = om_depth_stencil(r->om, &d->om, &ob, pass);
    if (b->ms) {
        unsigned n = b->ms->samples < RASTER_MAX_SAMPLES ? b->ms->samples : RASTER_MAX_SAMPLES;
        for (unsigned s = 0; s < n; s++)
            w->samples += util_popcount32(b->ms->cover[s] & pass);
    } else {
        w->samples += util_popcount32(pass);
    }
    w->ps_invocations += util_popcount32(pass);
    if (!pass) {
        w->c_on = false;
        return;
    }
    if (ps->reads_coverage)
        input_coverage(r, w, b, coverage);
    uint32_t alive = run_ps(r, w, b, pr, front, lanes, pass);
    w->c_on = false;
    colors_to_batch(ps, w, &ob);
    uint32_t cov = pass & alive;
    if (d->om.samples >= 2) {
        unsigned n = d->om.samples < RASTER_MAX_SAMPLES ? d->om.samples : RASTER_MAX_SAMPLES;
        uint32_t cover[RASTER_MAX_SAMPLES];
        struct om_draw od = d->om;
        for (unsigned s = 0; s < n; s++)
            cover[s] = cov;
        draw_ms_mask_cover(d, &ob, lanes, n, ps->writes_coverage ? w->omask : NULL, cover);
        od.samples = n;
        om_color_ms(r->om, &od, &ob, cover);
        return;
    }
    /* one sample: oMask bit 0 and alpha-to-coverage of one sample keep or drop the colour */
    if (ps->writes_coverage)
        for (unsigned l = 0; l < lanes; l++)
            if (!(w->omask[l] & 1u))
                cov &= ~(1u << l);
    if (d->alpha_to_coverage && ob.color[0][3])
        cov &= draw_ms_alpha_lanes(ob.color[0][3], lanes, 1, 0);
    om_color(r->om, &d->om, &ob, cov);
}

void draw_shade(void *ctx, const struct raster_quad_batch *b)
{
    const struct draw_shade *r = ctx;
    const struct draw_px *d = r->d;
    struct draw_worker *w = &r->dc->workers[b->worker];
    unsigned count = b->count < RASTER_BATCH_QUADS ? b->count : RASTER_BATCH_QUADS;
    unsigned lanes = 4 * count;
    const struct draw_prim *pr = &r->prims[b->prim_id];
    bool front = pr->flags & DRAW_PRIM_FACE_SET ? (pr->flags & DRAW_PRIM_FRONT) != 0 :
                                                  (b->flags & RASTER_BATCH_FRONT_FACING) != 0;
    uint32_t coverage = om_coverage_from_quads(b->mask, count);
    if (d->ps && d->ps->early_depth) {
        shade_early(r, w, b, pr, front, count, coverage);
        return;
    }
    struct om_batch ob;
    const float *zsrc = b->z;
    /* (pointer by pointer: a memset of this small array compiles to a slow "rep stos") */
    for (unsigned t = 0; t < OM_MAX_TARGETS; t++)
        for (unsigned c = 0; c < 4; c++)
            ob.color[t][c] = NULL;
    ob.count = count;
    ob.x = b->x;
    ob.y = b->y;
    ob.z = w->z;
    ob.front_facing = front;

    /* centroid inputs are pixel-frequency (3.5.4.1.1): one point per pixel, also when the
     * program runs per sample */
    if (d->ps && d->ps->has_centroid && b->ms && b->ms->has_weights)
        centroid_points(r, w, b);
    if (d->ps && d->ps->sample_freq && b->ms) {
        shade_per_sample(r, w, b, pr, front, &ob, false);
        w->c_on = false;
        return;
    }
    if (d->ps && d->ps->reads_coverage)
        input_coverage(r, w, b, coverage);

    if (d->ps) {
        const struct draw_program *ps = d->ps;
        w->ps_invocations += util_popcount32(coverage);   /* draw_stats */
        unsigned uni = r->uniform_ok ? uniform_lookup(r, w, b->prim_id, front, b->seq)
                                     : DRAW_UNI_NO;
        float (*colors)[4][VM_LANES] = w->color;
        if (uni == DRAW_UNI_READY) {
            if (!w->uni_alive)
                coverage = 0;
            colors = w->uni_color;
        } else {
            uint32_t alive = run_ps(r, w, b, pr, front, lanes, coverage);
            if (uni == DRAW_UNI_PENDING && coverage)
                uniform_store(ps, w, (unsigned)__builtin_ctz(coverage),
                              (alive >> __builtin_ctz(coverage)) & 1u);
            coverage &= alive;
            /* oMask at one sample a pixel: bit 0 keeps the pixel (multisampled surfaces, also
             * rasterized at the centre: draw_ms_merge takes each sample's bit) */
            if (ps->writes_coverage && !b->ms && d->om.samples < 2)
                for (unsigned l = 0; l < lanes; l++)
                    if (!(w->omask[l] & 1u))
                        coverage &= ~(1u << l);
            if (ps->writes_depth)
                zsrc = NULL;
            /* SV_Target n is o<n> (16.6); undeclared targets are left untouched (16.9.1).
             * vm_run defines every lane of its outputs, so whole registers are copied (a
             * fixed size copies with vector moves; the OM reads only the batch's lanes). */
            for (unsigned t = 0; t < OM_MAX_TARGETS && t < ps->output_count; t++) {
                if (!ps->out_mask[t])
                    continue;
                _Static_assert(sizeof(w->color[t]) == sizeof(w->outputs[t]), "colour = register");
                memcpy(w->color[t], w->outputs[t], sizeof(w->color[t]));   /* float bits */
            }
        }
        for (unsigned t = 0; t < OM_MAX_TARGETS && t < ps->output_count; t++) {
            if (!ps->out_mask[t])
                continue;
            for (unsigned c = 0; c < 4; c++)
                ob.color[t][c] = colors[t][c];
        }
    }
    /* the depth is read only by the depth and stencil tests (om_depth.c) */
    if (zsrc && r->om_reads_z) {
        /* (the bounds in locals: a store to w->z may alias them, which kept the loop scalar) */
        const float zmin = d->viewport.min_depth, zmax = d->viewport.max_depth;
        for (unsigned l = 0; l < lanes; l++)
            w->z[l] = om_depth_clamp(zsrc[l], zmin, zmax);
    }

    w->c_on = false;
    if (b->ms && d->om.samples < 2) {
        /* target-independent rasterization (draw.h raster_samples): the rasterizer's samples
         * chose the pixels, the one-sample surfaces take the result at each of them (3.5.6.2:
         * "Output sample locations have no bearing on whether a pixel is a candidate"; no
         * resolve), so the merge is the one-sample one: oMask bit 0, alpha-to-coverage of one
         * sample.  The occlusion count "reflects how many rasterizer samples are covered"
         * (20.4.6): the covered forced samples of each pixel written, 0 for one dropped */
        if (d->ps && d->ps->writes_coverage)
            for (unsigned l = 0; l < lanes; l++)
                if (!(w->omask[l] & 1u))
                    coverage &= ~(1u << l);
        if (d->alpha_to_coverage && ob.color[0][3])
            coverage &= draw_ms_alpha_lanes(ob.color[0][3], lanes, 1, 0);
        uint32_t pass = om_process(r->om, &d->om, &ob, coverage);
        unsigned n = b->ms->samples < RASTER_MAX_SAMPLES ? b->ms->samples : RASTER_MAX_SAMPLES;
        for (unsigned s = 0; s < n; s++)
            w->samples += util_popcount32(b->ms->cover[s] & pass);
        return;
    }
    if (b->ms || r->ms_merge) {
        const uint32_t *omask = d->ps && d->ps->writes_coverage ? w->omask : NULL;
        w->samples += draw_ms_merge(r, w, b, &ob, coverage, zsrc != NULL, omask);
        return;
    }
    uint32_t pass = om_process(r->om, &d->om, &ob, coverage);
    w->samples += util_popcount32(pass);
}
