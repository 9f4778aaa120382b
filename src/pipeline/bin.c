/* src/pipeline/bin.c — the scene: binning primitives into per-tile command lists, and flushing.
 *
 * Shape (after llvmpipe's scene, STYLE.md "The rasterizer"; written from the description, not
 * the code):
 *   - The target is cut into RASTER_TILE_SIZE tiles.  Each tile has a singly linked list of
 *     command blocks; a command is (kind, primitive record).  Setup and binning run on the
 *     calling thread, in submission order, so every list is in submission order.
 *   - Primitive records, draw records and command blocks live in one bump arena.  Its first
 *     block is part of the scene itself, so a scene can always start; further chunks are
 *     malloc'd up to a limit and kept for reuse after a flush.
 *   - When an allocation fails (malloc failure, or the limit), the scene is flushed — every
 *     tile rasterized, the arena emptied — and the allocation retried in the now empty first
 *     block, where it always fits.  A triangle may be cut by such a flush halfway through its
 *     tiles: the tiles already binned are rasterized with everything before them, the rest
 *     after the flush, so each tile still sees the primitives in order.
 *   - A tile whose every pixel (within the target and scissor) is inside a triangle gets a
 *     "whole tile" command: the worker skips all edge tests there.
 *   - Flush: one job per touched tile on the thread pool; a tile is run by one worker.
 */
#include "pipeline/raster_priv.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "util/cpu.h"
#include "util/simd.h"
#include "util/threadpool.h"

#define BIN_FIRST_BLOCK (64 * 1024)        /* built into the scene */
#define BIN_CHUNK (256 * 1024)             /* each further arena chunk */
#define BIN_DEFAULT_LIMIT ((size_t)256 << 20)
#define BIN_FIRST_CMDS 6                   /* commands in a tile's first block (small: most
                                            * tiles of a big scene see few primitives) */
#define BIN_MORE_CMDS 62                   /* in its later blocks */

enum bin_kind {
    BIN_TRI,
    BIN_TRI_WHOLE,
    BIN_POINT,
    BIN_LINE,
    BIN_TRI_MS,         /* a triangle of a multisampled draw (raster_ms.c) */
};

struct bin_cmd {
    const void *prim;
    uint32_t kind;
};

struct bin_block {
    struct bin_block *next;
    uint32_t count, capacity;
    struct bin_cmd cmd[];
};

struct bin_tile {
    struct bin_block *head, *tail;
};

struct bin_chunk {
    struct bin_chunk *next;
    alignas(16) unsigned char data[BIN_CHUNK];
};

struct raster_scene {
    struct threadpool *pool;
    uint32_t width, height, tiles_x, tiles_y;
    struct bin_tile *tiles;
    uint32_t *touched;          /* tiles with commands, in first-touch order: the flush jobs */
    uint32_t ntouched;
    uint32_t cmds;              /* commands binned since the last flush (small_flush) */
    uint64_t area;              /* ... and the pixels of their tile rectangles (an upper
                                 * bound of the pixels shaded: small_flush) */

    /* Arena: [cur, end) is free space in the current block. */
    unsigned char *cur, *end;
    struct bin_chunk *chunks;   /* malloc'd chunks, in order of use */
    struct bin_chunk *chunk;    /* the chunk in use; NULL while in the first block */
    size_t chunk_bytes, limit;

    bool flushing;              /* between bin_flush_begin and bin_flush_end */
    uint64_t seq;               /* the flush running or last run (raster_quad_batch.seq) */

    /* The current draw. */
    bool have_draw;
    struct raster_state state;
    struct raster_rect clip;
    struct bin_draw draw;
    const struct bin_draw *draw_stored;   /* its copy in the arena, NULL until needed */

    struct raster_stats stats;
    alignas(64) unsigned char first[BIN_FIRST_BLOCK];
};

/* ---- Arena ---------------------------------------------------------------------------------- */

static void bin_arena_reset(struct raster_scene *s)
{
    s->cur = s->first;
    s->end = s->first + BIN_FIRST_BLOCK;
    s->chunk = NULL;
    s->draw_stored = NULL;
}

static void bin_free_chunks(struct raster_scene *s)
{
    while (s->chunks) {
        struct bin_chunk *next = s->chunks->next;
        free(s->chunks);
        s->chunks = next;
    }
    s->chunk_bytes = 0;
}

/* Returns 16-byte aligned memory, or NULL when the arena may not grow (the caller flushes). */
static void *bin_alloc(struct raster_scene *s, size_t size)
{
    void *p;
    size = (size + 15) & ~(size_t)15;
    if (size > BIN_CHUNK)
        return NULL;
    if ((size_t)(s->end - s->cur) < size) {
        struct bin_chunk *next = s->chunk ? s->chunk->next : s->chunks;
        if (!next) {
            if (s->chunk_bytes + sizeof(struct bin_chunk) > s->limit)
                return NULL;
            next = malloc(sizeof(*next));
            if (!next)
                return NULL;
            next->next = NULL;
            if (s->chunk)
                s->chunk->next = next;
            else
                s->chunks = next;
            s->chunk_bytes += sizeof(*next);
        }
        s->chunk = next;
        s->cur = next->data;
        s->end = next->data + BIN_CHUNK;
    }
    p = s->cur;
    s->cur += size;
    return p;
}

/* ---- Flush ---------------------------------------------------------------------------------- */

/* The hint for the triangle of command c (records already prefetched: see bin_run_tile). */
static inline void hint(const struct bin_cmd *c, unsigned stage)
{
    if (c->kind == BIN_TRI || c->kind == BIN_TRI_WHOLE || c->kind == BIN_TRI_MS) {
        const struct setup_tri *t = c->prim;
        if (t->draw->prefetch)
            t->draw->prefetch(t->draw->ctx, t->id, stage);
    }
}

/* Tile `tile`'s rectangle, inside the target. */
static struct raster_rect tile_rect(const struct raster_scene *s, uint32_t tile)
{
    int32_t tx = (int32_t)(tile % s->tiles_x) * RASTER_TILE_SIZE;
    int32_t ty = (int32_t)(tile / s->tiles_x) * RASTER_TILE_SIZE;
    struct raster_rect r = { tx, ty, tx + RASTER_TILE_SIZE, ty + RASTER_TILE_SIZE };
    if (r.x1 > (int32_t)s->width)
        r.x1 = (int32_t)s->width;
    if (r.y1 > (int32_t)s->height)
        r.y1 = (int32_t)s->height;
    return r;
}

#define BIN_PREFETCH_ROWS 4

static void bin_run_tile(void *ctx, unsigned job, unsigned worker)
{
    struct raster_scene *s = ctx;
    uint32_t tile = s->touched[job];
    int32_t tx = (int32_t)(tile % s->tiles_x) * RASTER_TILE_SIZE;
    int32_t ty = (int32_t)(tile / s->tiles_x) * RASTER_TILE_SIZE;

    void (*tri)(const struct setup_tri *, int32_t, int32_t, bool, uint64_t, unsigned) =
        SIMD_PICK(raster_tile_tri);
    /* A tile's rows are 64 separate streams, too many for the hardware prefetchers: the first
     * command's draw may ask for them all at once */
    const struct bin_block *first = s->tiles[tile].head;
    const struct bin_draw *d = NULL;
    if (first && first->count) {
        const struct bin_cmd *c = &first->cmd[0];
        d = c->kind == BIN_TRI || c->kind == BIN_TRI_WHOLE || c->kind == BIN_TRI_MS
                ? ((const struct setup_tri *)c->prim)->draw
            : c->kind == BIN_LINE ? ((const struct setup_line *)c->prim)->draw
                                  : ((const struct setup_point *)c->prim)->draw;
        if (d->tile_prefetch)
            d->tile_prefetch(d->ctx, tile_rect(s, tile), false);
        else
            d = NULL;
    }
    /* The tile of this worker's next job (threadpool_next_job): its rows are asked for a few
     * per command, so that they arrive by the time it starts without flooding the memory
     * system now. */
    struct raster_rect next = { 0, 0, 0, 0 };
    int32_t next_row = 0;
    unsigned ahead = threadpool_next_job(s->pool, worker);
    if (d && ahead < s->ntouched)
        next = tile_rect(s, s->touched[ahead]);
    for (const struct bin_block *b = s->tiles[tile].head; b; b = b->next) {
        for (uint32_t i = 0; i < b->count; i++) {
            const struct bin_cmd *c = &b->cmd[i];
            if (next.y0 + next_row < next.y1) {
                struct raster_rect rows = next;
                rows.y0 += next_row;
                next_row += BIN_PREFETCH_ROWS;
                if (rows.y1 > rows.y0 + BIN_PREFETCH_ROWS)
                    rows.y1 = rows.y0 + BIN_PREFETCH_ROWS;
                d->tile_prefetch(d->ctx, rows, true);
            }
            /* Records were binned long before, in arena order, not this tile's: start loading
             * the ones a few commands ahead while this one runs (a hint; no effect on results) */
            if (i + 8 < b->count) {
                /* a triangle record is 160 bytes, 16-aligned: up to four lines */
                const char *p = b->cmd[i + 8].prim;
                __builtin_prefetch(p);
                __builtin_prefetch(p + 64);
                __builtin_prefetch(p + 128);
                __builtin_prefetch(p + 159);
            } else if (b->next && b->next->count) {
                __builtin_prefetch(b->next->cmd[0].prim);
            }
            /* and what shading them reads: their primitive (4 ahead), its vertices (2 ahead) */
            if (i + 4 < b->count)
                hint(&b->cmd[i + 4], 0);
            if (i + 2 < b->count)
                hint(&b->cmd[i + 2], 1);
            switch (c->kind) {
            case BIN_TRI:
            case BIN_TRI_WHOLE:
                tri(c->prim, tx, ty, c->kind == BIN_TRI_WHOLE, s->seq, worker);
                break;
            case BIN_TRI_MS:
                raster_tile_tri_ms(c->prim, tx, ty, s->seq, worker);
                break;
            case BIN_POINT:
                if (((const struct setup_point *)c->prim)->draw->samples > 1)
                    raster_tile_point_ms(c->prim, s->seq, worker);
                else
                    raster_tile_point(c->prim, s->seq, worker);
                break;
            case BIN_LINE:
                if (((const struct setup_line *)c->prim)->draw->samples > 1)
                    raster_tile_line_ms(c->prim, tx, ty, s->seq, worker);
                else
                    raster_tile_line(c->prim, tx, ty, s->seq, worker);
                break;
            }
        }
    }
}

static atomic_uint_fast64_t flush_seq;   /* process-wide: raster_quad_batch.seq */

/* A flush of a few tiles, few commands and at most a tile's worth of pixels in their
 * rectangles (tile ∩ the primitive's box): a small draw -- a UI element, a glyph run, a sprite
 * -- whose pixels cost less than waking the workers and waiting for them (measured: 2,000 draws
 * of 12 x 12 pixels a frame spent half their time in the pool's futex calls, 2 threads; with
 * "no whole-tile command" instead of the pixel bound, one in nine of make bench's d3d9_ui
 * draws still woke them: a corner of a small quad can cover all of its rectangle).  Such a
 * flush runs on the calling thread.  Which thread runs a tile never changes its pixels (tiles
 * are independent jobs). */
enum { BIN_SMALL_TILES = 4, BIN_SMALL_CMDS = 32 };
#define BIN_SMALL_AREA ((uint64_t)RASTER_TILE_SIZE * RASTER_TILE_SIZE)

static bool small_flush(const struct raster_scene *s)
{
    return s->ntouched <= BIN_SMALL_TILES && s->cmds <= BIN_SMALL_CMDS &&
           s->area <= BIN_SMALL_AREA;
}

static void bin_flush_begin(struct raster_scene *s, bool forced)
{
    if (s->flushing)
        return;
    s->flushing = true;
    if (s->ntouched) {
        s->stats.flushes++;
        if (forced)
            s->stats.forced_flushes++;
        s->seq = atomic_fetch_add_explicit(&flush_seq, 1, memory_order_relaxed) + 1;
        if (small_flush(s))
            threadpool_start_inline(s->pool, s->ntouched, bin_run_tile, s);
        else
            threadpool_start(s->pool, s->ntouched, bin_run_tile, s);
    }
}

static void bin_flush_end(struct raster_scene *s)
{
    if (!s->flushing)
        return;
    threadpool_finish(s->pool);   /* (a no-op when the pool already finished this run) */
    for (uint32_t i = 0; i < s->ntouched; i++)
        s->tiles[s->touched[i]].head = s->tiles[s->touched[i]].tail = NULL;
    s->ntouched = 0;
    s->cmds = 0;
    s->area = 0;
    s->flushing = false;
    bin_arena_reset(s);
}

static void bin_flush(struct raster_scene *s, bool forced)
{
    bin_flush_begin(s, forced);
    bin_flush_end(s);
}

/* ---- Binning -------------------------------------------------------------------------------- */

static bool bin_push(struct raster_scene *s, uint32_t tile, enum bin_kind kind, const void *prim)
{
    struct bin_tile *t = &s->tiles[tile];
    struct bin_block *b = t->tail;
    if (!b || b->count == b->capacity) {
        uint32_t cap = b ? BIN_MORE_CMDS : BIN_FIRST_CMDS;
        struct bin_block *nb = bin_alloc(s, sizeof(*nb) + cap * sizeof(struct bin_cmd));
        if (!nb)
            return false;
        nb->next = NULL;
        nb->count = 0;
        nb->capacity = cap;
        if (b) {
            b->next = nb;
        } else {
            t->head = nb;
            s->touched[s->ntouched++] = tile;
        }
        t->tail = b = nb;
    }
    b->cmd[b->count].prim = prim;
    b->cmd[b->count].kind = kind;
    b->count++;
    s->stats.tile_cmds++;
    s->cmds++;
    if (kind == BIN_TRI_WHOLE)
        s->stats.whole_tile_cmds++;
    return true;
}

/* Copies a primitive record into the arena, preceded by the current draw record if that is
 * not there yet; *draw_out receives the stored draw record. */
static void *bin_store(struct raster_scene *s, const void *prim, size_t size,
                       const struct bin_draw **draw_out)
{
    void *p;
    if (!s->draw_stored) {
        struct bin_draw *d = bin_alloc(s, sizeof(*d));
        if (!d)
            return NULL;
        *d = s->draw;
        s->draw_stored = d;
    }
    p = bin_alloc(s, size);
    if (!p)
        return NULL;
    memcpy(p, prim, size);
    *draw_out = s->draw_stored;
    return p;
}

/* Adds one command for `tile`, storing the primitive first if *stored is NULL; on arena
 * exhaustion flushes and retries once in the emptied arena (where it always fits). */
static bool bin_add(struct raster_scene *s, uint32_t tile, enum bin_kind kind, const void *prim,
                    size_t size, void **stored)
{
    for (int attempt = 0; attempt < 2; attempt++) {
        if (!*stored) {
            const struct bin_draw *draw = NULL;
            void *p = bin_store(s, prim, size, &draw);
            if (p) {
                switch (kind) {     /* the records differ: set the draw pointer by kind */
                case BIN_TRI:
                case BIN_TRI_WHOLE:
                case BIN_TRI_MS:
                    ((struct setup_tri *)p)->draw = draw;
                    break;
                case BIN_POINT:
                    ((struct setup_point *)p)->draw = draw;
                    break;
                case BIN_LINE:
                    ((struct setup_line *)p)->draw = draw;
                    break;
                }
                *stored = p;
            }
        }
        if (*stored && bin_push(s, tile, kind, *stored))
            return true;
        if (attempt == 0) {
            bin_flush(s, true);
            *stored = NULL;
        }
    }
    s->stats.dropped++;
    return false;
}

static void bin_triangle(struct raster_scene *s, const struct setup_tri *t)
{
    int32_t tx0 = t->box.x0 / RASTER_TILE_SIZE, tx1 = (t->box.x1 - 1) / RASTER_TILE_SIZE;
    int32_t ty0 = t->box.y0 / RASTER_TILE_SIZE, ty1 = (t->box.y1 - 1) / RASTER_TILE_SIZE;
    void *stored = NULL;
    bool binned = false;

    for (int32_t ty = ty0; ty <= ty1; ty++) {
        for (int32_t tx = tx0; tx <= tx1; tx++) {
            struct raster_rect r = { tx * RASTER_TILE_SIZE, ty * RASTER_TILE_SIZE,
                                     (tx + 1) * RASTER_TILE_SIZE, (ty + 1) * RASTER_TILE_SIZE };
            if (r.x0 < t->box.x0) r.x0 = t->box.x0;
            if (r.y0 < t->box.y0) r.y0 = t->box.y0;
            if (r.x1 > t->box.x1) r.x1 = t->box.x1;
            if (r.y1 > t->box.y1) r.y1 = t->box.y1;
            /* Multisampled: every tile of the (widened, setup.c) box; the classification
             * below looks at pixel centres only, raster_tile_tri_ms at the samples. */
            s->area += (uint64_t)(r.x1 - r.x0) * (uint64_t)(r.y1 - r.y0);
            if (s->state.samples > 1) {
                if (!bin_add(s, (uint32_t)ty * s->tiles_x + (uint32_t)tx, BIN_TRI_MS, t,
                             sizeof(*t), &stored))
                    return;
                binned = true;
                continue;
            }
            /* The box is inside target and scissor, so "every centre of tile ∩ box inside"
             * is "every pixel of the tile the triangle may touch": a whole-tile command. */
            enum raster_cover c = raster_classify_rect(t, r);
            if (c == RASTER_COVER_NONE)
                continue;
            if (!bin_add(s, (uint32_t)ty * s->tiles_x + (uint32_t)tx,
                         c == RASTER_COVER_FULL ? BIN_TRI_WHOLE : BIN_TRI, t, sizeof(*t), &stored))
                return;
            binned = true;
        }
    }
    if (binned)
        s->stats.binned++;
    else
        s->stats.empty++;   /* the box held no centre of the triangle */
}

static void bin_point(struct raster_scene *s, const struct setup_point *p)
{
    void *stored = NULL;
    uint32_t tile = (uint32_t)(p->py / RASTER_TILE_SIZE) * s->tiles_x +
                    (uint32_t)(p->px / RASTER_TILE_SIZE);
    s->area += 1;
    if (bin_add(s, tile, BIN_POINT, p, sizeof(*p), &stored))
        s->stats.binned++;
}

/* A line goes to the tiles its pixels can fall in: for each tile-wide span of the major axis,
 * the minor coordinates at the span's two ends bound those of the pixels between (the minor
 * coordinate is monotonic along the line). */
static void bin_line(struct raster_scene *s, const struct setup_line *l)
{
    void *stored = NULL;
    bool binned = false;
    int32_t mlo_clip = l->x_major ? l->clip.y0 : l->clip.x0;
    int32_t mhi_clip = (l->x_major ? l->clip.y1 : l->clip.x1) - 1;

    for (int32_t m0 = l->major_lo; m0 <= l->major_hi;) {
        int32_t m1 = (m0 / RASTER_TILE_SIZE + 1) * RASTER_TILE_SIZE - 1;
        if (m1 > l->major_hi)
            m1 = l->major_hi;
        int32_t n0 = setup_line_minor(l, m0), n1 = setup_line_minor(l, m1);
        if (n0 > n1) {
            int32_t tmp = n0;
            n0 = n1;
            n1 = tmp;
        }
        if (n0 < mlo_clip) n0 = mlo_clip;
        if (n1 > mhi_clip) n1 = mhi_clip;
        for (int32_t n = n0 / RASTER_TILE_SIZE; n0 <= n1 && n <= n1 / RASTER_TILE_SIZE; n++) {
            uint32_t tmaj = (uint32_t)(m0 / RASTER_TILE_SIZE), tmin = (uint32_t)n;
            uint32_t tile = l->x_major ? tmin * s->tiles_x + tmaj : tmaj * s->tiles_x + tmin;
            s->area += RASTER_TILE_SIZE;   /* at most a tile's span of pixels */
            if (!bin_add(s, tile, BIN_LINE, l, sizeof(*l), &stored))
                return;
            binned = true;
        }
        m0 = m1 + 1;
    }
    if (binned)
        s->stats.binned++;
    else
        s->stats.empty++;
}

/* ---- Public --------------------------------------------------------------------------------- */

struct raster_scene *raster_scene_create(struct threadpool *pool, uint32_t width, uint32_t height)
{
    struct raster_scene *s;
    size_t ntiles;

    if (!pool || width == 0 || height == 0 || width > RASTER_MAX_SIZE || height > RASTER_MAX_SIZE)
        return NULL;
    s = aligned_alloc(64, (sizeof(*s) + 63) & ~(size_t)63);
    if (!s)
        return NULL;
    memset(s, 0, offsetof(struct raster_scene, first));
    s->pool = pool;
    s->width = width;
    s->height = height;
    s->tiles_x = (width + RASTER_TILE_SIZE - 1) / RASTER_TILE_SIZE;
    s->tiles_y = (height + RASTER_TILE_SIZE - 1) / RASTER_TILE_SIZE;
    ntiles = (size_t)s->tiles_x * s->tiles_y;
    s->tiles = calloc(ntiles, sizeof(*s->tiles));
    s->touched = malloc(ntiles * sizeof(*s->touched));
    if (!s->tiles || !s->touched) {
        free(s->tiles);
        free(s->touched);
        free(s);
        return NULL;
    }
    s->limit = BIN_DEFAULT_LIMIT;
    bin_arena_reset(s);
    return s;
}

void raster_scene_destroy(struct raster_scene *s)
{
    if (!s)
        return;
    bin_free_chunks(s);
    free(s->tiles);
    free(s->touched);
    free(s);
}

void raster_scene_set_draw(struct raster_scene *s, const struct raster_state *state,
                           raster_shade_fn shade, void *ctx)
{
    s->state = *state;
    s->clip = setup_clip_rect(state, s->width, s->height);
    s->draw.clip = s->clip;
    s->draw.shade = shade;
    s->draw.fill = NULL;
    s->draw.prefetch = NULL;
    s->draw.tile_prefetch = NULL;
    s->draw.ctx = ctx;
    s->draw.samples = state->samples;
    memcpy(s->draw.sample_x, state->sample_x, sizeof(s->draw.sample_x));
    s->draw.sample_weights = state->sample_weights;
    memcpy(s->draw.sample_y, state->sample_y, sizeof(s->draw.sample_y));
    s->draw_stored = NULL;      /* a new record, stored with the next primitive */
    s->have_draw = shade != NULL;
}

void raster_scene_set_fill(struct raster_scene *s, raster_fill_fn fill)
{
    s->draw.fill = fill;
    s->draw_stored = NULL;
}

void raster_scene_set_prefetch(struct raster_scene *s, raster_prefetch_fn prefetch)
{
    s->draw.prefetch = prefetch;
    s->draw_stored = NULL;
}

void raster_scene_set_tile_prefetch(struct raster_scene *s, raster_tile_prefetch_fn fn)
{
    s->draw.tile_prefetch = fn;
    s->draw_stored = NULL;
}

static bool bin_count_result(struct raster_scene *s, enum raster_setup_result res)
{
    switch (res) {
    case RASTER_SETUP_OK:
        return true;
    case RASTER_SETUP_CULLED:
        s->stats.culled++;
        break;
    case RASTER_SETUP_DEGENERATE:
        s->stats.degenerate++;
        break;
    case RASTER_SETUP_OUT_OF_RANGE:
        s->stats.out_of_range++;
        break;
    case RASTER_SETUP_EMPTY:
        s->stats.empty++;
        break;
    }
    return false;
}

/* Setup runs with the workers' floating-point mode too (FTZ/DAZ, util/cpu.h), so that its
 * float results do not depend on the calling thread's state. */
void raster_scene_triangles(struct raster_scene *s, const struct raster_triangle *tris,
                            size_t count)
{
    cpu_fp_state fp = cpu_fp_enter_ftz();
    for (size_t i = 0; i < count; i++) {
        struct setup_tri t;
        s->stats.prims_in++;
        if (!s->have_draw) {
            s->stats.dropped++;
            continue;
        }
        if (bin_count_result(s, setup_triangle(&s->state, s->clip, &tris[i], &t)))
            bin_triangle(s, &t);
    }
    cpu_fp_restore(fp);
}

void raster_scene_points(struct raster_scene *s, const struct raster_point *pts, size_t count)
{
    cpu_fp_state fp = cpu_fp_enter_ftz();
    for (size_t i = 0; i < count; i++) {
        struct setup_point p;
        s->stats.prims_in++;
        if (!s->have_draw) {
            s->stats.dropped++;
            continue;
        }
        if (bin_count_result(s, setup_point(s->clip, &pts[i], &p)))
            bin_point(s, &p);
    }
    cpu_fp_restore(fp);
}

void raster_scene_lines(struct raster_scene *s, const struct raster_line *lines, size_t count)
{
    cpu_fp_state fp = cpu_fp_enter_ftz();
    for (size_t i = 0; i < count; i++) {
        struct setup_line l;
        s->stats.prims_in++;
        if (!s->have_draw) {
            s->stats.dropped++;
            continue;
        }
        if (bin_count_result(s, setup_line(s->clip, &lines[i], &l)))
            bin_line(s, &l);
    }
    cpu_fp_restore(fp);
}

void raster_scene_flush(struct raster_scene *s)
{
    bin_flush(s, false);
}

void raster_scene_flush_begin(struct raster_scene *s)
{
    bin_flush_begin(s, false);
}

void raster_scene_flush_end(struct raster_scene *s)
{
    bin_flush_end(s);
}

const struct raster_stats *raster_scene_stats(const struct raster_scene *s)
{
    return &s->stats;
}

void raster_scene_set_arena_limit(struct raster_scene *s, size_t bytes)
{
    bin_flush(s, false);
    bin_free_chunks(s);
    s->limit = bytes;
}
