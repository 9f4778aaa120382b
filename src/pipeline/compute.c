/* src/pipeline/compute.c — compute dispatches on the worker pool (see compute.h).
 *
 * Each worker owns scratch for one group at a time: a copy of the bound views with its own
 * ids, 32 KiB of group-shared memory, one VM state per chunk of the group, and the sampler's
 * per-batch scratch.  A job is a contiguous range of groups in x-fastest order (group index =
 * (z * Y + y) * X + x), so a worker reuses its scratch across the groups it takes. */
#include "pipeline/compute.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/draw_priv.h"

struct worker_scratch {
    struct vm_cs_env cs;
    uint8_t tgsm[IR_CS_MAX_TGSM_BYTES];
    struct vm_state *st[IR_CS_MAX_THREADS / VM_LANES];
    const struct compute_dispatch *d;
    struct sample_coords coords;
    struct float4_soa texels;
};

struct run {
    const struct compute_dispatch *d;
    struct worker_scratch *w;
    uint64_t total;
    unsigned jobs;
};

/* ---- t#: typed loads and sampling -------------------------------------------------------------
 * As the pixel stage reads views (pixel.c): ld, ld_ms, resinfo, the filtered forms and gather4
 * through the sampler.  A compute thread has no screen derivatives (its lanes are no 2x2
 * quads), so the implicit-LOD forms (sample, sample_b, sample_c: the HLSL compiler refuses
 * them in cs_5_0, only hand-written bytecode gets here) sample at LOD 0 (plus sample_b's bias);
 * sample_l and sample_c_lz take their LOD, sample_d its derivatives.  lod, sampleinfo and
 * samplepos read 0 (not implemented for compute: README). */
static void compute_sample(void *ctx, const struct vm_sample_request *req,
                           struct vm_sample_result *res)
{
    struct worker_scratch *w = ctx;
    const struct compute_dispatch *d = w->d;
    if (!d->textures || req->resource >= COMPUTE_MAX_TEXTURES)
        return;
    const struct texture_view *t = d->textures[req->resource];
    if (!t || !t->texel)
        return;
    switch (req->kind) {
    case VM_TEX_LD:
        draw_sample_load(t, req, res);
        return;
    case VM_TEX_LD_MS:
        draw_sample_load_ms(t, req, res);
        return;
    case VM_TEX_RESINFO:
        draw_sample_info(t, req, res);
        return;
    case VM_TEX_SAMPLE: case VM_TEX_SAMPLE_B: case VM_TEX_SAMPLE_L: case VM_TEX_SAMPLE_D:
    case VM_TEX_SAMPLE_C: case VM_TEX_SAMPLE_C_LZ: case VM_TEX_GATHER4: case VM_TEX_GATHER4_C:
        break;
    default:
        return;
    }
    if (!d->samplers || req->sampler >= COMPUTE_MAX_SAMPLERS || !d->samplers[req->sampler])
        return;
    const struct sampler *s = d->samplers[req->sampler];
    struct sample_coords *c = &w->coords;
    memset(c, 0, sizeof(*c));
    draw_sample_coords(c, req);
    if (req->kind == VM_TEX_GATHER4 || req->kind == VM_TEX_GATHER4_C) {
        const int8_t imm[2] = {req->texel_offset[0], req->texel_offset[1]};
        sampler_gather(s, t, c, req->gather_channel, req->kind == VM_TEX_GATHER4_C,
                       req->has_offsets ? req->offset : NULL, imm, VM_LANES, &w->texels);
    } else {
        if (c->lod_mode == SAMPLE_LOD_DERIVATIVES && req->kind != VM_TEX_SAMPLE_D) {
            c->lod_mode = SAMPLE_LOD_EXPLICIT;   /* implicit LOD: 0 (above) */
            memset(c->lod, 0, sizeof(c->lod));
        }
        sampler_sample(s, t, c, VM_LANES, &w->texels);
    }
    for (int k = 0; k < 4; k++)
        for (unsigned l = 0; l < VM_LANES; l++)
            if (c->mask & (1u << l))
                res->value[k][l] = vm_bits(w->texels.c[k][l]);
}

/* ---- u#: typed UAVs ------------------------------------------------------------------------- */

static uint8_t *image_at(const struct compute_image *im, const uint32_t coord[3])
{
    uint32_t c[3] = {coord[0], im->coords > 1 ? coord[1] : 0, im->coords > 2 ? coord[2] : 0};
    if (!im->data || !im->texel || c[0] >= im->size[0] || c[1] >= im->size[1] ||
        c[2] >= im->size[2])
        return NULL;
    return im->data + (size_t)c[2] * im->slice_pitch + (size_t)c[1] * im->row_pitch +
           (size_t)c[0] * im->texel->block_bytes;
}

/* core formats carry the DXGI numbering (core/format.h): R32_FLOAT, R32_UINT, R32_SINT */
enum { FMT_R32_FLOAT = 41, FMT_R32_UINT = 42, FMT_R32_SINT = 43 };

/* The single-channel 32-bit formats: typed loads read them (compute.h), atomics need the
 * integer two. */
static bool image_r32(const struct compute_image *im, bool integer_only)
{
    core_format f = im->texel ? im->texel->id : 0;
    return (f == FMT_R32_FLOAT && !integer_only) || f == FMT_R32_UINT || f == FMT_R32_SINT;
}

static void compute_typed(void *ctx, unsigned slot, bool store, uint32_t lanes,
                          const uint32_t (*coord)[VM_LANES], uint32_t (*value)[VM_LANES])
{
    const struct compute_image *images = ctx;
    if (!images || slot >= IR_MAX_UAVS)
        return;
    const struct compute_image *im = &images[slot];
    bool r32 = image_r32(im, false);
    /* 4 x 8-bit UNORM/sRGB: texel_store's conversions (texel.h "Fast paths"), one 32-bit
     * write a lane, the bytes no channel owns (X8) kept */
    struct texel_rgba8 fast;
    bool rgba8 = store && im->texel && texel_rgba8_layout(im->texel, &fast);
    for (unsigned l = 0; l < VM_LANES; l++) {
        if (!((lanes >> l) & 1))
            continue;
        const uint32_t c[3] = {coord[0][l], coord[1][l], coord[2][l]};
        uint8_t *p = image_at(im, c);
        if (!p)
            continue;
        if (rgba8) {
            uint32_t v = 0, old;
            memcpy(&old, p, 4);
            for (int k = 0; k < 3; k++) {
                float f = vm_float(value[k][l]);
                v |= (fast.srgb ? texel_float_to_srgb(f, 8) : texel_float_to_unorm8(f))
                     << fast.shift[k];
            }
            if (fast.has_alpha)
                v |= texel_float_to_unorm8(vm_float(value[3][l])) << fast.shift[3];
            v |= old & fast.keep;
            memcpy(p, &v, 4);
            continue;
        }
        if (!store) {
            if (!r32)
                continue;
            /* the element in x; the missing components' defaults (0, 0, 1): spec 19.1.3.3 */
            value[0][l] = __atomic_load_n((uint32_t *)(void *)p, __ATOMIC_RELAXED);
            value[3][l] = im->texel->id == FMT_R32_FLOAT ? 0x3f800000u : 1u;
            continue;
        }
        uint32_t v[4] = {value[0][l], value[1][l], value[2][l], value[3][l]};
        if (r32) {
            __atomic_store_n((uint32_t *)(void *)p, v[0], __ATOMIC_RELAXED);
        } else if (im->texel->integer) {
            texel_store_int(im->texel, v, p, 0, 0);
        } else {
            float f[4];
            for (int k = 0; k < 4; k++)
                f[k] = vm_float(v[k]);
            texel_store(im->texel, f, p, 0, 0);
        }
    }
}

static uint32_t *compute_typed_word(void *ctx, unsigned slot, const uint32_t coord[3])
{
    const struct compute_image *images = ctx;
    if (!images || slot >= IR_MAX_UAVS || !image_r32(&images[slot], true))
        return NULL;
    return (uint32_t *)(void *)image_at(&images[slot], coord);
}

static uint32_t compute_typed_unmapped(void *ctx, unsigned slot, uint32_t lanes,
                                       const uint32_t (*coord)[VM_LANES])
{
    const struct compute_image *images = ctx;
    uint32_t out = 0;
    if (!images || slot >= IR_MAX_UAVS || !images[slot].unmapped)
        return 0;
    const struct compute_image *im = &images[slot];
    for (unsigned l = 0; l < VM_LANES; l++) {
        if (!((lanes >> l) & 1))
            continue;
        const uint32_t c[3] = {coord[0][l], coord[1][l], coord[2][l]};
        const uint8_t *p = image_at(im, c);
        if (p && im->unmapped(im->unmapped_ctx, p))
            out |= 1u << l;
    }
    return out;
}

void compute_bind_images(struct vm_cs_env *cs, const struct compute_image *images)
{
    cs->typed = compute_typed;
    cs->typed_word = compute_typed_word;
    cs->typed_unmapped = compute_typed_unmapped;
    cs->typed_ctx = (void *)images;
}

/* ---- t# views compiled code reads itself ---------------------------------------------------
 * vm.h struct vm_ld_view: the views whose ld compute_sample answers through
 * sampler_load_rgba8 (draw_sample_load: fast_rgba8) with level 0 present (not above the
 * resource's minimum LOD), UNORM (sRGB goes to the sampler, its curve being a table), and
 * small enough that every texel's byte offset fits 31 bits (the generated code's gather).
 * Every other slot stays 0: its ld goes to compute_sample. */
static void describe_ld_views(struct vm_cs_env *cs, const struct compute_dispatch *d)
{
    memset(cs->ld_view, 0, sizeof(cs->ld_view));
    for (unsigned k = 0; d->textures && k < COMPUTE_MAX_TEXTURES && k < IR_MAX_RESOURCES; k++) {
        const struct texture_view *t = d->textures[k];
        if (!t || !t->texel || !t->fast_rgba8 || t->tiled || t->rgba8.srgb || !t->levels ||
            floorf(t->min_lod) > 0.0f)
            continue;
        const struct texture_level *lv = &t->level[0];
        if (!lv->data || !lv->width || !lv->height ||
            (uint64_t)(lv->height - 1) * lv->row_pitch + (uint64_t)lv->width * 4 > INT32_MAX)
            continue;
        struct vm_ld_view *v = &cs->ld_view[k];
        v->data = lv->data;
        v->width = lv->width;
        v->height = lv->height;
        v->row_pitch = (uint32_t)lv->row_pitch;
        for (int c = 0; c < 4; c++)
            v->shift[c] = t->rgba8.shift[c];
        v->has_alpha = t->rgba8.has_alpha;
        v->slice_check = t->array_size != 0;
        v->fast = 1;
    }
}

/* vm.h struct vm_uav_view: the typed UAVs compute_typed stores 4-byte texels of without a
 * format call -- 4 x 8-bit UNORM (its rgba8 branch; sRGB stays with it) and the 32-bit
 * single-channel formats -- when every texel's byte offset fits 31 bits.  Only with
 * compute_typed bound (a caller's own typed() keeps every store). */
static void describe_uav_views(struct vm_cs_env *cs, const struct compute_image *images)
{
    memset(cs->uav_view, 0, sizeof(cs->uav_view));
    for (unsigned k = 0; images && k < IR_MAX_UAVS; k++) {
        const struct compute_image *im = &images[k];
        struct texel_rgba8 fast;
        uint32_t kind = 0;
        if (!im->data || !im->texel)
            continue;
        if (texel_rgba8_layout(im->texel, &fast))
            kind = fast.srgb ? 0 : 1;
        else if (image_r32(im, false))
            kind = 2;
        if (!kind || !im->size[0] || !im->size[1] || !im->size[2] ||
            (uint64_t)(im->size[2] - 1) * im->slice_pitch +
                    (uint64_t)(im->size[1] - 1) * im->row_pitch + (uint64_t)im->size[0] * 4 >
                INT32_MAX)
            continue;
        struct vm_uav_view *v = &cs->uav_view[k];
        v->data = im->data;
        for (int c = 0; c < 3; c++)
            v->size[c] = im->size[c];
        v->use_y = im->coords > 1;
        v->use_z = im->coords > 2;
        v->row_pitch = (uint32_t)im->row_pitch;
        v->slice_pitch = (uint32_t)im->slice_pitch;
        if (kind == 1) {
            for (int c = 0; c < 4; c++)
                v->shift[c] = fast.shift[c];
            v->has_alpha = fast.has_alpha;
            v->keep = fast.keep;
        }
        v->fast = kind;
    }
}

/* ---- groups --------------------------------------------------------------------------------- */

static void run_job(void *ctx, unsigned job, unsigned worker)
{
    struct run *r = ctx;
    struct worker_scratch *w = &r->w[worker];
    const uint32_t *g = r->d->groups;
    uint64_t first = r->total * job / r->jobs, end = r->total * (job + 1) / r->jobs;
    struct vm_env env;
    memset(&env, 0, sizeof(env));
    env.cs = &w->cs;
    if (r->d->cb)
        memcpy(env.cb, r->d->cb, sizeof(env.cb));
    env.sample = compute_sample;
    env.sample_ctx = w;
    for (uint64_t i = first; i < end; i++) {
        const uint32_t id[3] = {(uint32_t)(i % g[0]), (uint32_t)(i / g[0] % g[1]),
                                (uint32_t)(i / ((uint64_t)g[0] * g[1]))};
        vm_compute_run_group(r->d->prog, w->st, &env, id);
    }
}

uint32_t compute_group_threads(const struct vm_program *prog)
{
    return vm_compute_threads(prog);
}

int compute_dispatch_run(struct threadpool *pool, const struct compute_dispatch *d)
{
    if (!d || !d->prog || !d->views || vm_program_cs_unsupported(d->prog))
        return COMPUTE_E_INVALID;
    for (unsigned k = 0; k < 3; k++)
        if (d->groups[k] > COMPUTE_MAX_GROUPS_PER_DIMENSION)
            return COMPUTE_E_INVALID;
    uint64_t total = (uint64_t)d->groups[0] * d->groups[1] * d->groups[2];
    if (!total)
        return COMPUTE_OK;
    unsigned workers = pool ? threadpool_size(pool) : 1, chunks = vm_compute_chunks(d->prog);
    struct worker_scratch *w = calloc(workers, sizeof(*w));
    int ret = w ? COMPUTE_OK : COMPUTE_E_NOMEM;
    for (unsigned i = 0; i < workers && !ret; i++) {
        w[i].cs = *d->views;
        w[i].cs.tgsm = w[i].tgsm;
        describe_ld_views(&w[i].cs, d);
        memset(w[i].cs.uav_view, 0, sizeof(w[i].cs.uav_view));
        if (d->images || !d->views->typed) {   /* (a caller's own typed callbacks stay) */
            compute_bind_images(&w[i].cs, d->images);
            describe_uav_views(&w[i].cs, d->images);
        }
        w[i].d = d;
        for (unsigned k = 0; k < chunks && !ret; k++)
            if (vm_state_create(d->prog, &w[i].st[k]) != VM_OK)
                ret = COMPUTE_E_NOMEM;
    }
    if (!ret) {
        /* a few jobs per worker balance uneven groups; at most one job per group */
        uint64_t jobs = (uint64_t)workers * 8;
        struct run r = {d, w, total, (unsigned)(jobs < total ? jobs : total)};
        if (pool)
            threadpool_run(pool, r.jobs, run_job, &r);
        else
            for (unsigned j = 0; j < r.jobs; j++)
                run_job(&r, j, 0);
    }
    for (unsigned i = 0; w && i < workers; i++)
        for (unsigned k = 0; k < chunks; k++)
            vm_state_destroy(w[i].st[k]);
    free(w);
    return ret;
}
