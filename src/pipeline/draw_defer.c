/* src/pipeline/draw_defer.c — binning across draws (draw.h draw_desc.deferrable).
 *
 * Why: a frame of many small draws (a UI: thousands of quads of a few hundred pixels) spends
 * its time rasterizing each draw alone, on the calling thread or waking the workers for a
 * handful of tiles, because draw_execute flushed the scene at the end of every draw.  A
 * deferred draw instead leaves its primitives binned in the context's scene, and the next
 * flush rasterizes every waiting draw's tiles in parallel -- each tile still sees its
 * primitives in submission order (raster.h), so the pixels are the same bits as one draw at a
 * time, for any thread count.
 *
 * What a waiting draw needs at its flush is its struct draw_shade (draw_priv.h): the pixel
 * stage's part of the description, with copies of what the caller may change or reuse as soon
 * as draw_execute returns -- the linkage, the texture views and samplers (the front-ends build
 * them per draw), the constant-buffer contents, the output-merger state.  They live in the
 * context's arena, emptied when the scenes are flushed.  What stays borrowed (the caller's
 * promise, draw.h): the targets' memory, the views' texels, the pixel program.
 *
 * A draw joins the waiting ones only when it can (draw_defer_joins): the same target
 * surfaces and size, no view of its (vertex or pixel stage) overlapping the targets' bytes
 * (the vertex stage reads them now, the pixel stage later than the draws before it write
 * them), worker register files that fit its pixel program, and the arena within its budget.
 * Otherwise the waiting draws are flushed first.
 */
#include "pipeline/draw_priv.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static atomic_bool defer_off;
static atomic_uint_fast64_t defer_count;
static pthread_once_t env_once = PTHREAD_ONCE_INIT;
static bool env_off;

/* SOFTD3D_DEFER=0 turns binning across draws off (every draw finished on return): for
 * measuring it, and for ruling it out when looking for a bug. */
static void read_env(void)
{
    const char *v = getenv("SOFTD3D_DEFER");
    env_off = v && !strcmp(v, "0");
}

void draw_debug_set_defer(bool enable)
{
    atomic_store(&defer_off, !enable);
}

uint64_t draw_debug_defer_count(void)
{
    return atomic_load(&defer_count);
}

void draw_debug_count_defer(void)
{
    atomic_fetch_add_explicit(&defer_count, 1, memory_order_relaxed);
}

/* Arena blocks: a list kept for reuse from one flush to the next (the bytes of a frame's
 * draws are allocated once). */
struct draw_arena_block {
    struct draw_arena_block *next;
    size_t size, used;
};
#define ARENA_HEADER 64                        /* the block's data starts 64-byte aligned */
#define ARENA_BLOCK_BYTES ((size_t)1 << 20)
/* Waiting draws flush once their records take this much: the copies stay in the caches'
 * reach, and memory stays bounded however long a program draws without a flush point. */
#define DEFER_ARENA_BUDGET ((size_t)16 << 20)
/* A draw whose bound constant buffers exceed this is not deferred (copying them would cost
 * more than the wait saves). */
#define DEFER_CB_BYTES ((size_t)64 << 10)

static void *arena_alloc(struct draw_context *dc, size_t bytes)
{
    bytes = (bytes + 63) & ~(size_t)63;
    struct draw_arena_block *b = dc->arena_cur;
    while (b && b->size - b->used < bytes) {
        b = b->next;
        if (b)
            b->used = 0;
    }
    if (!b) {
        size_t size = bytes > ARENA_BLOCK_BYTES ? bytes : ARENA_BLOCK_BYTES;
        b = aligned_alloc(64, ARENA_HEADER + size);
        if (!b)
            return NULL;
        b->size = size;
        b->used = 0;
        /* appended after the current block (its successors, if any, were too small) */
        if (dc->arena_cur) {
            b->next = dc->arena_cur->next;
            dc->arena_cur->next = b;
        } else {
            b->next = dc->arena;
            dc->arena = b;
        }
    }
    dc->arena_cur = b;
    void *p = (unsigned char *)b + ARENA_HEADER + b->used;
    b->used += bytes;
    dc->arena_used += bytes;
    return p;
}

void draw_arena_reset(struct draw_context *dc)
{
    dc->arena_cur = dc->arena;
    if (dc->arena)
        dc->arena->used = 0;
    dc->arena_used = 0;
}

void draw_arena_free(struct draw_context *dc)
{
    for (struct draw_arena_block *b = dc->arena, *n; b; b = n) {
        n = b->next;
        free(b);
    }
    dc->arena = dc->arena_cur = NULL;
    dc->arena_used = 0;
}

struct draw_shade *draw_shade_new(struct draw_context *dc, const struct draw_desc *d)
{
    struct draw_shade *sh = arena_alloc(dc, sizeof(*sh));
    if (!sh)
        return NULL;
    sh->dc = dc;
    sh->d = &sh->px;
    struct draw_px *px = &sh->px;
    px->ps = d->ps;
    px->link = d->link;
    memcpy(px->ps_cb, d->ps_cb, sizeof(px->ps_cb));
    px->ps_uavs = d->ps_uavs;
    memcpy(px->textures, d->textures, sizeof(px->textures));
    memcpy(px->samplers, d->samplers, sizeof(px->samplers));
    px->viewport = d->viewport;
    px->ms_center = d->ms_center;
    px->alpha_to_coverage = d->alpha_to_coverage;
    px->om = d->om;
    return sh;
}

bool draw_shade_copy(struct draw_context *dc, struct draw_shade *sh)
{
    struct draw_px *px = &sh->px;
    struct draw_linkage *link = arena_alloc(dc, sizeof(*link));
    if (!link)
        return false;
    *link = *px->link;
    px->link = link;
    for (unsigned i = 0; i < DRAW_MAX_TEXTURES; i++) {
        if (!px->textures[i])
            continue;
        struct texture_view *t = arena_alloc(dc, sizeof(*t));
        if (!t)
            return false;
        *t = *px->textures[i];
        px->textures[i] = t;
    }
    for (unsigned i = 0; i < DRAW_MAX_SAMPLERS; i++) {
        if (!px->samplers[i])
            continue;
        struct sampler *s = arena_alloc(dc, sizeof(*s));
        if (!s)
            return false;
        *s = *px->samplers[i];
        px->samplers[i] = s;
    }
    for (unsigned k = 0; k < IR_MAX_CB_SLOTS; k++) {
        if (!px->ps_cb[k].data || !px->ps_cb[k].size)
            continue;
        size_t bytes = (size_t)px->ps_cb[k].size * 16;
        uint32_t *data = arena_alloc(dc, bytes);
        if (!data)
            return false;
        memcpy(data, px->ps_cb[k].data, bytes);
        px->ps_cb[k].data = data;
    }
    sh->om_copy = *sh->om;
    sh->om = &sh->om_copy;
    return true;
}

/* ---- may the draw wait? ----------------------------------------------------------------------- */

static bool spans_overlap(const uint8_t *a, size_t an, const uint8_t *b, size_t bn)
{
    return an && bn && a < b + bn && b < a + an;
}

/* The bytes of a bound surface (every sample plane). */
static size_t surface_bytes(const struct om_surface *sf, uint32_t samples)
{
    size_t n = sf->row_pitch * sf->height;
    if (samples > 1)
        n += sf->sample_pitch * (samples - 1);
    return n;
}

/* Whether view t may read bytes of a surface of om: the span from its first level's bytes to
 * its last's (an upper bound of each level's: every row, slice, array slice and sample plane)
 * against each bound surface's. */
static bool view_hits_targets(const struct texture_view *t, const struct om_draw *om)
{
    if (!t)
        return false;
    if (t->tiled)
        return true;   /* (page tables: not worth proving) */
    const uint8_t *lo = NULL, *hi = NULL;
    for (unsigned l = 0; l < t->levels && l < TEXTURE_MAX_LEVELS; l++) {
        const struct texture_level *lv = &t->level[l];
        if (!lv->data)
            continue;
        size_t n = lv->row_pitch * (lv->height ? lv->height : 1) +
                   lv->depth_pitch * (lv->depth ? lv->depth : 1) +
                   lv->array_pitch * (t->array_size ? t->array_size : 1) +
                   lv->depth_pitch * t->samples;
        if (!lo || lv->data < lo)
            lo = lv->data;
        if (!hi || lv->data + n > hi)
            hi = lv->data + n;
    }
    if (!lo)
        return false;
    for (unsigned k = 0; k <= OM_MAX_TARGETS; k++) {
        const struct om_surface *sf = k < OM_MAX_TARGETS ? &om->rt[k] : &om->ds;
        if (sf->data && spans_overlap(lo, (size_t)(hi - lo), sf->data,
                                      surface_bytes(sf, om->samples)))
            return true;
    }
    return false;
}

static bool same_surface(const struct om_surface *a, const struct om_surface *b)
{
    return a->data == b->data && (!a->data || (a->row_pitch == b->row_pitch &&
                                               a->width == b->width && a->height == b->height &&
                                               a->sample_pitch == b->sample_pitch));
}

bool draw_defer_possible(const struct draw_desc *d, bool samples_wanted)
{
    pthread_once(&env_once, read_env);
    if (!d->deferrable || env_off || atomic_load(&defer_off) || samples_wanted || d->stats || d->so || d->gs || d->hs || d->ds ||
        d->ps_uavs || d->vs_mem || (d->topology >= DRAW_PATCH_LIST_1 && d->topology <= DRAW_PATCH_LIST_32))
        return false;
    size_t cb = 0;
    for (unsigned k = 0; k < IR_MAX_CB_SLOTS; k++)
        if (d->ps_cb[k].data)
            cb += (size_t)d->ps_cb[k].size * 16;
    for (unsigned i = 0; i < DRAW_MAX_TEXTURES; i++)
        if (d->textures[i] && d->textures[i]->tiled)
            return false;
    return cb <= DEFER_CB_BYTES;
}

bool draw_defer_joins(const struct draw_context *dc, const struct draw_desc *d)
{
    if (dc->arena_used > DEFER_ARENA_BUDGET || dc->pending_w != d->width ||
        dc->pending_h != d->height || dc->pending_om.samples != d->om.samples)
        return false;
    for (unsigned k = 0; k < OM_MAX_TARGETS; k++)
        if (!same_surface(&dc->pending_om.rt[k], &d->om.rt[k]))
            return false;
    if (!same_surface(&dc->pending_om.ds, &d->om.ds))
        return false;
    for (unsigned i = 0; i < DRAW_MAX_TEXTURES; i++)
        if ((d->textures[i] && view_hits_targets(d->textures[i], &d->om)) ||
            (d->vs_textures[i] && view_hits_targets(d->vs_textures[i], &d->om)))
            return false;
    if (d->ps)
        for (unsigned i = 0; i < dc->nworkers; i++)
            if (!vm_state_fits(dc->workers[i].ps_state, d->ps->vm))
                return false;
    return true;
}
