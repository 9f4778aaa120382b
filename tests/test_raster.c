/* The rasterization core (src/pipeline/raster.h) and the thread pool (src/util/threadpool.h).
 *
 * Most cases draw into a plain framebuffer through fb_shade(), which records per pixel how
 * often it was covered, the last primitive id, depth and weights, and an order-sensitive hash
 * of everything it saw.  Coverage is checked three ways: hand-computed pixel maps for small
 * triangles (the top-left rule cases), "exactly once" properties of meshes that tile the plane
 * (fans, grids), and an independent per-pixel reference rasterizer (ref_covers) for random
 * triangles.  Determinism: the same random scene with 1, 2 and 4 workers, and with the arena
 * forced to flush, must give bit-identical framebuffers.
 */
#include "harness.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/raster_priv.h"
#include "util/cpu.h"
#include "util/threadpool.h"

/* ---- Framebuffer ---------------------------------------------------------------------------- */

struct fb {
    int w, h;
    uint32_t *count;       /* covered how many times */
    uint32_t *id;          /* last primitive */
    uint32_t *flags;       /* last batch flags */
    uint32_t *hash;        /* order-sensitive hash of (id, z, weights) */
    uint32_t *idxor;       /* order-insensitive: xor of hashed ids */
    float *z, *lw1, *lw2, *pw1, *pw2;   /* last values at covered pixels */
    float *hz;             /* depth written for every pixel of every quad, helpers included */
    atomic_uint errors;    /* batch invariant violations */
    atomic_uint batches;
};

static struct fb *fb_new(int w, int h)
{
    struct fb *f = calloc(1, sizeof(*f));
    size_t n = (size_t)w * h;
    f->w = w;
    f->h = h;
    f->count = calloc(n, 4);
    f->id = calloc(n, 4);
    f->flags = calloc(n, 4);
    f->hash = calloc(n, 4);
    f->idxor = calloc(n, 4);
    f->z = calloc(n, 4);
    f->lw1 = calloc(n, 4);
    f->lw2 = calloc(n, 4);
    f->pw1 = calloc(n, 4);
    f->pw2 = calloc(n, 4);
    f->hz = calloc(n, 4);
    return f;
}

static void fb_free(struct fb *f)
{
    free(f->count); free(f->id); free(f->flags); free(f->hash); free(f->idxor);
    free(f->z); free(f->lw1); free(f->lw2); free(f->pw1); free(f->pw2); free(f->hz);
    free(f);
}

static uint32_t fbits(float v)
{
    uint32_t u;
    memcpy(&u, &v, 4);
    return u;
}

static uint32_t mix(uint32_t h, uint32_t v)
{
    h ^= v;
    h *= 0x01000193u;
    return h ^ (h >> 15);
}

static void fb_shade(void *ctx, const struct raster_quad_batch *b)
{
    struct fb *f = ctx;
    atomic_fetch_add(&f->batches, 1);
    if (b->count < 1 || b->count > RASTER_BATCH_QUADS) {
        atomic_fetch_add(&f->errors, 1);
        return;
    }
    for (unsigned q = 0; q < b->count; q++) {
        if ((b->x[q] & 1) || (b->y[q] & 1) || b->mask[q] == 0 || b->mask[q] > 15)
            atomic_fetch_add(&f->errors, 1);
        for (unsigned p = 0; p < 4; p++) {
            int px = b->x[q] + (int)(p & 1), py = b->y[q] + (int)(p >> 1);
            unsigned i = q * 4 + p;
            if (px < f->w && py < f->h)
                f->hz[py * f->w + px] = b->z[i];
            if (!(b->mask[q] & (1u << p)))
                continue;
            if (px >= f->w || py >= f->h) {
                atomic_fetch_add(&f->errors, 1);
                continue;
            }
            size_t o = (size_t)py * f->w + px;
            f->count[o]++;
            f->id[o] = b->prim_id;
            f->flags[o] = b->flags;
            f->z[o] = b->z[i];
            f->lw1[o] = b->lw1[i];
            f->lw2[o] = b->lw2[i];
            f->pw1[o] = b->pw1[i];
            f->pw2[o] = b->pw2[i];
            f->idxor[o] ^= mix(0x9e3779b9u, b->prim_id);
            uint32_t h = mix(f->hash[o], b->prim_id);
            h = mix(h, fbits(b->z[i]));
            h = mix(h, fbits(b->pw1[i]));
            h = mix(h, fbits(b->pw2[i]));
            h = mix(h, fbits(b->lw1[i]));
            h = mix(h, fbits(b->lw2[i]));
            f->hash[o] = mix(h, b->flags);
        }
    }
}

/* Compares the coverage counts of rows [y0, y0 + nrows) from x = 0 with a picture: 'X' = 1,
 * '.' = 0 (other counts never match). */
static int fb_matches(const struct fb *f, int y0, const char *const *rows, int nrows)
{
    int bad = 0;
    for (int r = 0; r < nrows; r++) {
        for (int x = 0; rows[r][x]; x++) {
            uint32_t want = rows[r][x] == 'X' ? 1 : 0, got = f->count[(y0 + r) * f->w + x];
            if (got != want) {
                printf("  pixel (%d,%d): covered %u times, expected %u\n", x, y0 + r, got, want);
                bad++;
            }
        }
    }
    return bad == 0;
}

static uint32_t fb_total(const struct fb *f)
{
    uint32_t t = 0;
    for (int i = 0; i < f->w * f->h; i++)
        t += f->count[i];
    return t;
}

/* ---- Drawing helpers ------------------------------------------------------------------------ */

static struct threadpool *pool_get(unsigned n)
{
    static struct threadpool *pools[9];
    if (!pools[n])
        pools[n] = threadpool_create(n);
    return pools[n];
}

static struct raster_vertex V(float x, float y)
{
    return (struct raster_vertex){ x, y, 0.5f, 1.0f };
}

static struct raster_triangle T(struct raster_vertex a, struct raster_vertex b,
                                struct raster_vertex c, uint32_t id)
{
    return (struct raster_triangle){ { a, b, c }, id };
}

/* Draws tris with state st (NULL: defaults) into f on a 1-worker pool; returns the stats. */
static struct raster_stats draw(struct fb *f, const struct raster_state *st,
                                const struct raster_triangle *tris, size_t n)
{
    static const struct raster_state none;
    struct raster_scene *s = raster_scene_create(pool_get(1), (uint32_t)f->w, (uint32_t)f->h);
    struct raster_stats stats;
    raster_scene_set_draw(s, st ? st : &none, fb_shade, f);
    raster_scene_triangles(s, tris, n);
    raster_scene_flush(s);
    stats = *raster_scene_stats(s);
    raster_scene_destroy(s);
    return stats;
}

/* ---- Reference: a direct per-pixel test, written separately from setup.c ------------------- */

static int64_t ref_snap(float v)
{
    return (int64_t)nearbyint((double)v * 256.0);   /* default mode: nearest, ties to even */
}

/* Covered per spec 3.4.2: centre strictly inside, or on a top/left edge (and on no other). */
static bool ref_covers(const struct raster_triangle *t, const struct raster_state *st, int px,
                       int py)
{
    int64_t x[3], y[3];
    for (int i = 0; i < 3; i++) {
        x[i] = ref_snap(t->v[i].x);
        y[i] = ref_snap(t->v[i].y);
    }
    int64_t area = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
    if (area == 0)
        return false;
    bool cw = area > 0;     /* y down: positive = clockwise on screen */
    bool front = st && st->front_ccw ? !cw : cw;
    if (st && ((st->cull == RASTER_CULL_BACK && !front) || (st->cull == RASTER_CULL_FRONT && front)))
        return false;
    if (st && st->scissor_enable && (px < st->scissor.x0 || px >= st->scissor.x1 ||
                                     py < st->scissor.y0 || py >= st->scissor.y1))
        return false;
    int64_t cx = px * 256 + 128, cy = py * 256 + 128;
    for (int i = 0; i < 3; i++) {
        /* edge i -> i+1 in clockwise order */
        int a = i, b = (i + 1) % 3;
        if (!cw) {
            a = (i + 1) % 3;
            b = i;
        }
        int64_t ex = x[b] - x[a], ey = y[b] - y[a];
        int64_t cross = ex * (cy - y[a]) - ey * (cx - x[a]);   /* > 0: interior side */
        if (cross < 0)
            return false;
        if (cross == 0) {
            bool top = ey == 0 && ex > 0;    /* horizontal, interior below */
            bool left = ey < 0;              /* going up: interior to the right */
            if (!top && !left)
                return false;
        }
    }
    return true;
}

/* ---- PRNG ------------------------------------------------------------------------------------ */

static uint64_t rng_state;
static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}
static float rngf(float lo, float hi)
{
    return lo + (hi - lo) * (float)(rng() & 0xffffff) / 16777216.0f;
}
/* A coordinate that is often exactly on a pixel centre, corner or 1/256 grid point. */
static float rng_coord(float lo, float hi)
{
    float v = rngf(lo, hi);
    switch (rng() % 4) {
    case 0: return floorf(v) + 0.5f;
    case 1: return floorf(v);
    case 2: return floorf(v * 256.0f) / 256.0f;
    default: return v;
    }
}

/* ---- Snapping ------------------------------------------------------------------------------- */

TEST(raster_snap_round_to_nearest_even)
{
    CHECK_EQ(raster_snap(0.0f), 0);
    CHECK_EQ(raster_snap(1.0f), 256);
    CHECK_EQ(raster_snap(3.75f), 960);
    CHECK_EQ(raster_snap(0.5f / 256), 0);      /* tie: to even 0 */
    CHECK_EQ(raster_snap(1.5f / 256), 2);      /* tie: to even 2 */
    CHECK_EQ(raster_snap(2.5f / 256), 2);
    CHECK_EQ(raster_snap(3.5f / 256), 4);
    CHECK_EQ(raster_snap(-0.5f / 256), 0);
    CHECK_EQ(raster_snap(-1.5f / 256), -2);
    CHECK_EQ(raster_snap(-2.5f / 256), -2);
    CHECK_EQ(raster_snap(0.6f / 256), 1);
    CHECK_EQ(raster_snap(-0.6f / 256), -1);
    CHECK_EQ(raster_snap(1.0f + 1.0f / 256), 257);
    CHECK_EQ(raster_snap(-32768.0f), -32768 * 256);
    CHECK_EQ(raster_snap(RASTER_GUARD_BAND_PX), 524288 * 256);
    CHECK_EQ(raster_snap(-RASTER_GUARD_BAND_PX), -524288 * 256);
}

/* ---- Thread pool ---------------------------------------------------------------------------- */

struct pool_test {
    atomic_uint runs[1000];
    atomic_uint bad_worker, no_ftz, not_flushed;
    unsigned workers;
};

static void pool_job(void *ctx, unsigned job, unsigned worker)
{
    struct pool_test *t = ctx;
    volatile float tiny = 1e-30f, scale = 1e-10f;
    float r = tiny * scale;                       /* 1e-40: a denormal unless flushed */
    atomic_fetch_add(&t->runs[job], 1);
    if (worker >= t->workers)
        atomic_fetch_add(&t->bad_worker, 1);
    if (!cpu_fp_ftz_enabled())
        atomic_fetch_add(&t->no_ftz, 1);
    if (r != 0.0f)
        atomic_fetch_add(&t->not_flushed, 1);
}

/* threadpool_next_job: the job a worker runs next, taken before its current one.  Each job
 * records the next job its worker announced; each worker records the jobs it ran in order;
 * every announcement must be the worker's following job, or >= njobs after its last. */
#define NEXT_JOBS 500
struct next_test {
    struct threadpool *pool;
    unsigned announced[NEXT_JOBS];
    unsigned ran[CPU_MAX_THREADS < 8 ? CPU_MAX_THREADS : 8][NEXT_JOBS];
    unsigned count[8];
};

static void next_job(void *ctx, unsigned job, unsigned worker)
{
    struct next_test *t = ctx;
    t->announced[job] = threadpool_next_job(t->pool, worker);
    t->ran[worker][t->count[worker]++] = job;
}

TEST(threadpool_next_job_is_the_workers_next)
{
    static struct next_test t;
    for (unsigned n = 1; n <= 4; n++) {
        memset(&t, 0, sizeof(t));
        t.pool = threadpool_create(n);
        CHECK(t.pool != NULL);
        if (!t.pool)
            return;
        threadpool_run(t.pool, NEXT_JOBS, next_job, &t);
        unsigned total = 0;
        for (unsigned w = 0; w < n; w++) {
            total += t.count[w];
            for (unsigned k = 0; k < t.count[w]; k++) {
                unsigned job = t.ran[w][k];
                if (k + 1 < t.count[w])
                    CHECK_EQ(t.announced[job], t.ran[w][k + 1]);
                else
                    CHECK(t.announced[job] >= NEXT_JOBS);
            }
        }
        CHECK_EQ(total, (unsigned)NEXT_JOBS);
        threadpool_destroy(t.pool);
    }
}

TEST(threadpool_runs_every_job_once_with_ftz)
{
    static struct pool_test t;
    for (unsigned n = 1; n <= 4; n++) {
        struct threadpool *pool = threadpool_create(n);
        bool ftz_before = cpu_fp_ftz_enabled();
        CHECK(pool != NULL);
        if (!pool)
            return;
        CHECK_EQ(threadpool_size(pool), n);
        for (int round = 0; round < 3; round++) {
            memset(&t, 0, sizeof(t));
            t.workers = n;
            threadpool_run(pool, 1000, pool_job, &t);
            for (int i = 0; i < 1000; i++)
                CHECK_EQ(atomic_load(&t.runs[i]), 1);
            CHECK_EQ(atomic_load(&t.bad_worker), 0);
#if defined(__x86_64__) || defined(__aarch64__)
            CHECK_EQ(atomic_load(&t.no_ftz), 0);
            CHECK_EQ(atomic_load(&t.not_flushed), 0);
#endif
        }
        threadpool_run(pool, 0, pool_job, &t);     /* nothing to do: returns */
        CHECK(cpu_fp_ftz_enabled() == ftz_before); /* the caller's state is restored */
        threadpool_destroy(pool);
    }
}

/* threadpool_start_inline: every job runs once, all of them on the calling thread (worker 0)
 * inside finish, with FTZ, whatever the pool's size; a normal run after it uses the threads
 * again (with 4 workers and 1000 jobs, some job runs on another worker). */
static void inline_job(void *ctx, unsigned job, unsigned worker)
{
    struct pool_test *t = ctx;
    pool_job(ctx, job, worker);
    if (worker != 0)
        atomic_fetch_add(&t->bad_worker, 1);
}

TEST(threadpool_start_inline_runs_on_the_caller)
{
    static struct pool_test t;
    for (unsigned n = 1; n <= 4; n++) {
        struct threadpool *pool = threadpool_create(n);
        CHECK(pool != NULL);
        if (!pool)
            return;
        memset(&t, 0, sizeof(t));
        t.workers = n;
        threadpool_start_inline(pool, 1000, inline_job, &t);
        CHECK_EQ(atomic_load(&t.runs[0]), 0);   /* nothing ran before finish */
        threadpool_finish(pool);
        for (int i = 0; i < 1000; i++)
            CHECK_EQ(atomic_load(&t.runs[i]), 1);
        CHECK_EQ(atomic_load(&t.bad_worker), 0);
#if defined(__x86_64__) || defined(__aarch64__)
        CHECK_EQ(atomic_load(&t.no_ftz), 0);
#endif
        memset(&t, 0, sizeof(t));
        t.workers = n;
        threadpool_run(pool, 1000, pool_job, &t);
        for (int i = 0; i < 1000; i++)
            CHECK_EQ(atomic_load(&t.runs[i]), 1);
        CHECK_EQ(atomic_load(&t.bad_worker), 0);
        threadpool_destroy(pool);
    }
}

/* start / finish: the jobs run while the caller does something else, every job once; a second
 * start finishes the first run before it begins; finish without a run returns. */
TEST(threadpool_start_finish)
{
    static struct pool_test t, u;
    for (unsigned n = 1; n <= 3; n++) {
        struct threadpool *pool = threadpool_create(n);
        CHECK(pool != NULL);
        if (!pool)
            return;
        threadpool_finish(pool);
        memset(&t, 0, sizeof(t));
        memset(&u, 0, sizeof(u));
        t.workers = u.workers = n;
        threadpool_start(pool, 500, pool_job, &t);
        for (volatile unsigned i = 0; i < 100000; i = i + 1)
            ;   /* the caller's other work */
        threadpool_start(pool, 300, pool_job, &u);   /* finishes the first */
        for (int i = 0; i < 500; i++)
            CHECK_EQ(atomic_load(&t.runs[i]), 1);
        threadpool_finish(pool);
        for (int i = 0; i < 300; i++)
            CHECK_EQ(atomic_load(&u.runs[i]), 1);
        CHECK_EQ(atomic_load(&u.runs[300]), 0);
        CHECK_EQ(atomic_load(&t.bad_worker) + atomic_load(&u.bad_worker), 0);
        threadpool_finish(pool);
        threadpool_destroy(pool);
    }
}

TEST(threadpool_default_from_env)
{
    const char *old = getenv("SOFTD3D_THREADS");
    char *saved = old ? strdup(old) : NULL;
    unsigned def = cpu_count() < CPU_MAX_THREADS ? cpu_count() : CPU_MAX_THREADS;
    CHECK(cpu_count() >= 1);
    setenv("SOFTD3D_THREADS", "3", 1);
    CHECK_EQ(cpu_default_threads(), 3);
    setenv("SOFTD3D_THREADS", "1", 1);
    CHECK_EQ(cpu_default_threads(), 1);
    setenv("SOFTD3D_THREADS", "0", 1);
    CHECK_EQ(cpu_default_threads(), def);
    setenv("SOFTD3D_THREADS", "12x", 1);
    CHECK_EQ(cpu_default_threads(), def);
    setenv("SOFTD3D_THREADS", "-2", 1);
    CHECK_EQ(cpu_default_threads(), def);
    setenv("SOFTD3D_THREADS", "100000", 1);
    CHECK_EQ(cpu_default_threads(), def);
    unsetenv("SOFTD3D_THREADS");
    CHECK_EQ(cpu_default_threads(), def);
    struct threadpool *p = threadpool_create(0);
    CHECK(p && threadpool_size(p) == def);
    threadpool_destroy(p);
    if (saved) {
        setenv("SOFTD3D_THREADS", saved, 1);
        free(saved);
    }
}

/* ---- Small triangles: hand-computed pixel sets (spec 3.4.2.1, top-left rule) ---------------- */

TEST(raster_small_triangle_interior)
{
    /* (0,0) (4,0) (0,4): no centre on an edge except the hypotenuse x + y = 4, a right edge
     * (excluded): centres (i+.5, j+.5) with i + j <= 2. */
    struct fb *f = fb_new(8, 8);
    struct raster_triangle t = T(V(0, 0), V(4, 0), V(0, 4), 1);
    static const char *const want[] = { "XXX.....", "XX......", "X.......", "........" };
    draw(f, NULL, &t, 1);
    CHECK(fb_matches(f, 0, want, 4));
    CHECK_EQ(fb_total(f), 6);
    CHECK_EQ(atomic_load(&f->errors), 0);
    fb_free(f);
}

TEST(raster_top_edge_through_centres_included)
{
    /* Top edge y = 0.5 runs through the centres of row 0: included.  Hypotenuse x + y = 4.5
     * holds no centre.  i + j <= 3. */
    struct fb *f = fb_new(8, 8);
    struct raster_triangle t = T(V(0, 0.5f), V(4, 0.5f), V(0, 4.5f), 1);
    static const char *const want[] = { "XXXX....", "XXX.....", "XX......", "X.......",
                                        "........" };
    draw(f, NULL, &t, 1);
    CHECK(fb_matches(f, 0, want, 5));
    fb_free(f);
}

TEST(raster_bottom_edge_through_centres_excluded)
{
    /* Bottom edge y = 4.5 (horizontal, below the rest): its centres are out. */
    struct fb *f = fb_new(8, 8);
    struct raster_triangle t = T(V(0, 0.5f), V(4, 4.5f), V(0, 4.5f), 1);
    static const char *const want[] = { "........", "X.......", "XX......", "XXX.....",
                                        "........" };
    draw(f, NULL, &t, 1);
    CHECK(fb_matches(f, 0, want, 5));
    fb_free(f);
}

TEST(raster_left_edge_in_right_edge_out)
{
    struct fb *f = fb_new(8, 8);
    /* Left edge x = 0.5 through the centres of column 0: included. */
    struct raster_triangle t = T(V(0.5f, 0), V(4.5f, 0), V(0.5f, 4), 1);
    static const char *const want_left[] = { "XXXX....", "XXX.....", "XX......", "X.......",
                                             "........" };
    draw(f, NULL, &t, 1);
    CHECK(fb_matches(f, 0, want_left, 5));
    fb_free(f);

    /* Right edge x = 3.5 through the centres of column 3: excluded. */
    f = fb_new(8, 8);
    t = T(V(3.5f, 0), V(3.5f, 4), V(-0.5f, 0), 2);
    static const char *const want_right[] = { "XXX.....", ".XX.....", "..X.....", "........" };
    draw(f, NULL, &t, 1);
    CHECK(fb_matches(f, 0, want_right, 4));
    fb_free(f);
}

TEST(raster_square_on_centres_shared_diagonal)
{
    /* A square with corners on pixel centres, split along a diagonal that runs through the
     * centres (0.5,0.5) and (1.5,1.5), in both winding orders: every centre of [0.5, 2.5)^2
     * exactly once, nothing else. */
    for (int variant = 0; variant < 4; variant++) {
        struct fb *f = fb_new(6, 6);
        struct raster_vertex a = V(0.5f, 0.5f), b = V(2.5f, 0.5f), c = V(2.5f, 2.5f),
                             d = V(0.5f, 2.5f);
        struct raster_triangle t[2];
        if (variant & 1) {
            t[0] = T(a, b, c, 1);
            t[1] = T(a, c, d, 2);
        } else {
            t[0] = T(c, b, a, 1);
            t[1] = T(d, c, a, 2);
        }
        if (variant & 2) {   /* the other diagonal, through (2.5,0.5)-(0.5,2.5): no centres */
            t[0] = T(a, b, d, 1);
            t[1] = T(b, c, d, 2);
        }
        static const char *const want[] = { "XX....", "XX....", "......" };
        draw(f, NULL, t, 2);
        CHECK(fb_matches(f, 0, want, 3));
        fb_free(f);
    }
}

TEST(raster_vertex_on_centre_two_edges)
{
    /* A centre touched by two edges of one triangle at their shared vertex: inside only if
     * both are top/left.  Four triangles around the centre (2.5, 2.5) of pixel (2,2) take it
     * exactly once between them. */
    struct fb *f = fb_new(6, 6);
    struct raster_vertex c = V(2.5f, 2.5f);
    struct raster_triangle t[4] = {
        T(c, V(0, 0), V(5, 0), 1), T(c, V(5, 0), V(5, 5), 2),
        T(c, V(5, 5), V(0, 5), 3), T(c, V(0, 5), V(0, 0), 4),
    };
    draw(f, NULL, t, 4);
    for (int i = 0; i < 25; i++)
        CHECK_EQ(f->count[(i / 5) * 6 + i % 5], 1);
    /* The centre pixel goes to the triangle whose two edges there are both top/left: the
     * right one (c -> (5,0) runs up-right: left edge; (5,5) -> c runs up-left: left edge). */
    CHECK_EQ(f->id[2 * 6 + 2], 2);
    fb_free(f);
}

/* ---- Meshes that tile the plane: every pixel exactly once ---------------------------------- */

static void check_fan(float cx, float cy, int spokes, bool ccw, bool jitter)
{
    struct fb *f = fb_new(200, 160);
    struct raster_triangle *t = calloc((size_t)spokes, sizeof(*t));
    struct raster_vertex *rim = calloc((size_t)spokes, sizeof(*rim));
    const float R = 70.0f;
    for (int i = 0; i < spokes; i++) {
        float a = 6.2831853f * (float)i / (float)spokes;
        float x = cx + R * cosf(a), y = cy + R * sinf(a);
        if (jitter) {
            x = floorf(x * 2) / 2;     /* on pixel centres / corners: edges through centres */
            y = floorf(y * 2) / 2;
        }
        rim[i] = V(x, y);
    }
    for (int i = 0; i < spokes; i++) {
        struct raster_vertex c = V(cx, cy);
        t[i] = ccw ? T(c, rim[(i + 1) % spokes], rim[i], (uint32_t)i)
                   : T(c, rim[i], rim[(i + 1) % spokes], (uint32_t)i);
    }
    draw(f, NULL, t, (size_t)spokes);
    int bad = 0;
    for (int y = 0; y < f->h; y++) {
        for (int x = 0; x < f->w; x++) {
            float dx = (float)x + 0.5f - cx, dy = (float)y + 0.5f - cy;
            uint32_t n = f->count[y * f->w + x];
            float deep_r = R * cosf(3.14159265f / (float)spokes) - 2.0f;   /* inscribed */
            bool deep = dx * dx + dy * dy < deep_r * deep_r;
            if (n > 1 || (deep && n != 1))
                bad++;
        }
    }
    if (bad)
        printf("  fan at (%g,%g), %d spokes, ccw %d, jitter %d: %d bad pixels\n", cx, cy, spokes,
               ccw, jitter, bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(atomic_load(&f->errors), 0);
    free(t);
    free(rim);
    fb_free(f);
}

TEST(raster_fan_every_pixel_once)
{
    check_fan(100.5f, 80.5f, 36, false, false);   /* centre on a pixel centre */
    check_fan(100.0f, 80.0f, 36, false, false);   /* on a pixel corner */
    check_fan(100.5f, 80.0f, 8, true, true);      /* spokes through centres */
    check_fan(100.0f, 80.5f, 16, false, true);
    check_fan(99.3f, 81.7f, 50, true, false);
    check_fan(64.0f, 64.0f, 4, false, false);     /* at a tile corner: axis-aligned spokes */
    check_fan(64.5f, 64.5f, 4, true, false);
}

/* A grid of quads over (and beyond) the target, each split in two triangles along a random
 * diagonal, in random winding; grid lines jittered onto centres, corners and subpixels. */
TEST(raster_grid_covers_target_exactly_once)
{
    enum { W = 200, H = 150, NX = 13, NY = 11 };
    static struct raster_vertex gv[NY + 1][NX + 1];
    static struct raster_triangle t[NX * NY * 2];
    rng_state = 12345;
    for (int round = 0; round < 4; round++) {
        struct fb *f = fb_new(W, H);
        for (int j = 0; j <= NY; j++) {
            for (int i = 0; i <= NX; i++) {
                float x = -20.0f + (float)i * (float)(W + 40) / NX;
                float y = -20.0f + (float)j * (float)(H + 40) / NY;
                if (i > 0 && i < NX) x = rng_coord(x - 5, x + 5);
                if (j > 0 && j < NY) y = rng_coord(y - 5, y + 5);
                if (round == 3) {   /* straight axis-aligned lines through centres */
                    x = floorf(x) + 0.5f;
                    y = floorf(y) + 0.5f;
                }
                gv[j][i] = V(x, y);
            }
        }
        size_t n = 0;
        for (int j = 0; j < NY; j++) {
            for (int i = 0; i < NX; i++) {
                struct raster_vertex a = gv[j][i], b = gv[j][i + 1], c = gv[j + 1][i + 1],
                                     d = gv[j + 1][i];
                bool diag = rng() & 1, flip = rng() & 1;
                struct raster_triangle t0 = diag ? T(a, b, c, (uint32_t)n) : T(a, b, d, (uint32_t)n);
                struct raster_triangle t1 = diag ? T(a, c, d, (uint32_t)n + 1)
                                                 : T(b, c, d, (uint32_t)n + 1);
                if (flip) {
                    struct raster_vertex tmp = t0.v[1];
                    t0.v[1] = t0.v[2];
                    t0.v[2] = tmp;
                }
                t[n++] = t0;
                t[n++] = t1;
            }
        }
        draw(f, NULL, t, n);
        int bad = 0;
        for (int i = 0; i < W * H; i++)
            bad += f->count[i] != 1;
        CHECK_EQ(bad, 0);
        CHECK_EQ(atomic_load(&f->errors), 0);
        fb_free(f);
    }
}

/* ---- Against the reference, and tile boundaries --------------------------------------------- */

static void check_against_reference(const struct raster_triangle *t, size_t n, int w, int h,
                                    const struct raster_state *st, struct raster_stats *out)
{
    struct fb *f = fb_new(w, h);
    uint32_t *want = calloc((size_t)w * h, 4), *wantx = calloc((size_t)w * h, 4);
    struct raster_stats stats = draw(f, st, t, n);
    for (size_t k = 0; k < n; k++) {
        float minx = fminf(t[k].v[0].x, fminf(t[k].v[1].x, t[k].v[2].x));
        float maxx = fmaxf(t[k].v[0].x, fmaxf(t[k].v[1].x, t[k].v[2].x));
        float miny = fminf(t[k].v[0].y, fminf(t[k].v[1].y, t[k].v[2].y));
        float maxy = fmaxf(t[k].v[0].y, fmaxf(t[k].v[1].y, t[k].v[2].y));
        int x0 = minx < 0 ? 0 : (int)minx, x1 = maxx >= w ? w - 1 : (int)maxx;
        int y0 = miny < 0 ? 0 : (int)miny, y1 = maxy >= h ? h - 1 : (int)maxy;
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                if (ref_covers(&t[k], st, x, y)) {
                    want[y * w + x]++;
                    wantx[y * w + x] ^= mix(0x9e3779b9u, t[k].id);
                }
            }
        }
    }
    int bad = 0;
    for (int i = 0; i < w * h; i++) {
        if (want[i] != f->count[i] || wantx[i] != f->idxor[i]) {
            if (bad < 5)
                printf("  pixel (%d,%d): %u hits, reference %u\n", i % w, i / w, f->count[i],
                       want[i]);
            bad++;
        }
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(atomic_load(&f->errors), 0);
    if (out)
        *out = stats;
    free(want);
    free(wantx);
    fb_free(f);
}

TEST(raster_random_triangles_match_reference)
{
    enum { N = 3000 };
    static struct raster_triangle t[N];
    rng_state = 777;
    for (int i = 0; i < N; i++) {
        float cx = rngf(-10, 250), cy = rngf(-10, 190), s = (i % 10 == 0) ? 120.0f : 12.0f;
        for (int k = 0; k < 3; k++)
            t[i].v[k] = V(rng_coord(cx - s, cx + s), rng_coord(cy - s, cy + s));
        t[i].id = (uint32_t)i;
    }
    check_against_reference(t, N, 241, 181, NULL, NULL);
}

TEST(raster_tile_boundaries_and_whole_tiles)
{
    /* Big triangles spanning many tiles, edges on tile boundaries and through centres. */
    struct raster_triangle t[] = {
        T(V(0, 0), V(300, 0), V(0, 300), 1),
        T(V(300, 0), V(300, 300), V(0, 300), 2),            /* shares the diagonal */
        T(V(64, 64), V(192, 64), V(64, 192), 3),            /* edges on tile edges */
        T(V(63.5f, 10.5f), V(200.5f, 130.5f), V(20.5f, 250.5f), 4),
        T(V(-1000, -1000), V(5000, 10), V(10, 5000), 5),     /* covers everything */
    };
    struct raster_stats st;
    check_against_reference(t, sizeof(t) / sizeof(t[0]), 300, 290, NULL, &st);
    CHECK(st.whole_tile_cmds >= 20);
    CHECK_EQ(st.binned, 5);

    /* Whole-tile batches carry full masks, except where the target edge cuts a quad. */
    struct fb *f = fb_new(130, 131);
    struct raster_triangle big = T(V(-1000, -1000), V(5000, 10), V(10, 5000), 9);
    st = draw(f, NULL, &big, 1);
    CHECK_EQ(st.whole_tile_cmds, 9);     /* 3 x 3 tiles, the last row/column partial */
    CHECK_EQ(st.tile_cmds, 9);
    for (int i = 0; i < 130 * 131; i++)
        CHECK_EQ(f->count[i], 1);
    CHECK(f->flags[0] & RASTER_BATCH_WHOLE_TILE);
    fb_free(f);
}

/* ---- Culling, scissor ----------------------------------------------------------------------- */

TEST(raster_cull_modes_and_front_face)
{
    /* cw: clockwise on screen (y down): (0,0) -> (8,0) -> (0,8). */
    struct raster_triangle cw = T(V(0, 0), V(8, 0), V(0, 8), 1);
    struct raster_triangle ccw = T(V(0, 0), V(0, 8), V(8, 0), 2);
    for (int fccw = 0; fccw < 2; fccw++) {
        for (int cull = RASTER_CULL_NONE; cull <= RASTER_CULL_BACK; cull++) {
            struct raster_state st = { .cull = (enum raster_cull)cull, .front_ccw = fccw };
            for (int which = 0; which < 2; which++) {
                struct fb *f = fb_new(16, 16);
                bool front = (which == 0) != (fccw != 0);
                bool drawn = cull == RASTER_CULL_NONE || (cull == RASTER_CULL_BACK && front) ||
                             (cull == RASTER_CULL_FRONT && !front);
                struct raster_stats s = draw(f, &st, which ? &ccw : &cw, 1);
                CHECK_EQ(fb_total(f), drawn ? 28 : 0);
                CHECK_EQ(s.culled, drawn ? 0 : 1);
                if (drawn)
                    CHECK_EQ(f->flags[0] & RASTER_BATCH_FRONT_FACING,
                             front ? RASTER_BATCH_FRONT_FACING : 0);
                fb_free(f);
            }
        }
    }
}

TEST(raster_scissor)
{
    struct raster_triangle t[2] = { T(V(-10, -10), V(200, -10), V(-10, 200), 1),
                                    T(V(200, -10), V(200, 200), V(-10, 200), 2) };
    struct raster_state st = { .scissor_enable = true, .scissor = { 3, 5, 70, 67 } };
    struct fb *f = fb_new(100, 90);
    draw(f, &st, t, 2);
    int bad = 0;
    for (int y = 0; y < 90; y++)
        for (int x = 0; x < 100; x++)
            bad += f->count[y * 100 + x] != (x >= 3 && x < 70 && y >= 5 && y < 67 ? 1u : 0u);
    CHECK_EQ(bad, 0);
    fb_free(f);

    /* Scissor reaching off the target, and empty scissors. */
    st.scissor = (struct raster_rect){ 90, -5, 1000, 3 };
    f = fb_new(100, 90);
    draw(f, &st, t, 2);
    CHECK_EQ(fb_total(f), 30);
    fb_free(f);
    st.scissor = (struct raster_rect){ 10, 10, 10, 50 };
    f = fb_new(100, 90);
    struct raster_stats s = draw(f, &st, t, 2);
    CHECK_EQ(fb_total(f), 0);
    CHECK_EQ(s.empty, 2);
    fb_free(f);

    /* Random triangles under a scissor, against the reference. */
    static struct raster_triangle r[500];
    rng_state = 4242;
    for (int i = 0; i < 500; i++) {
        float cx = rngf(0, 130), cy = rngf(0, 100);
        for (int k = 0; k < 3; k++)
            r[i].v[k] = V(rng_coord(cx - 20, cx + 20), rng_coord(cy - 20, cy + 20));
        r[i].id = (uint32_t)i;
    }
    st.scissor = (struct raster_rect){ 7, 13, 101, 77 };
    st.cull = RASTER_CULL_BACK;
    check_against_reference(r, 500, 130, 100, &st, NULL);
}

/* ---- Hostile input -------------------------------------------------------------------------- */

TEST(raster_rejects_bad_vertices)
{
    const float nan = NAN, inf = INFINITY;
    struct raster_triangle t[] = {
        T(V(nan, 0), V(10, 0), V(0, 10), 1),
        T(V(0, 0), V(10, inf), V(0, 10), 2),
        T(V(0, 0), V(-inf, 0), V(0, 10), 3),
        T(V(0, 0), V(1e6f, 0), V(0, 10), 4),                   /* beyond the guard band */
        T(V(0, 0), V(10, 0), V(0, 3e38f), 5),
        T(V(0, 0), V(10, 0), V(10, 0), 6),                     /* two equal vertices */
        T(V(0, 0), V(5, 5), V(10, 10), 7),                     /* collinear */
        T(V(0, 0), V(0.001f, 0), V(0, 0.001f), 8),             /* snaps to zero area */
        T(V(3, 3), V(3.4f, 3), V(3, 3.4f), 9),                 /* no centre inside */
        T(V(-50, -50), V(-10, -50), V(-50, -10), 10),          /* off the target */
    };
    struct raster_triangle zt = T(V(0, 0), V(10, 0), V(0, 10), 11);
    zt.v[1].z = NAN;
    struct raster_triangle zi = T(V(0, 0), V(10, 0), V(0, 10), 12);
    zi.v[2].z = INFINITY;
    struct fb *f = fb_new(32, 32);
    struct raster_stats s = draw(f, NULL, t, sizeof(t) / sizeof(t[0]));
    CHECK_EQ(s.out_of_range, 5);
    CHECK_EQ(s.degenerate, 3);
    CHECK_EQ(s.empty, 2);
    CHECK_EQ(s.binned, 0);
    s = draw(f, NULL, &zt, 1);
    CHECK_EQ(s.out_of_range, 1);
    s = draw(f, NULL, &zi, 1);
    CHECK_EQ(s.out_of_range, 1);
    CHECK_EQ(fb_total(f), 0);
    fb_free(f);
}

TEST(raster_guard_band_extremes)
{
    /* Two triangles with vertices at the very edge of the guard band, sharing a diagonal,
     * cover the target exactly once: the 64-bit edge arithmetic does not overflow. */
    const float G = RASTER_GUARD_BAND_PX;
    struct raster_triangle t[2] = { T(V(-G, -G), V(G, -G), V(G, G), 1),
                                    T(V(-G, -G), V(G, G), V(-G, G), 2) };
    struct fb *f = fb_new(150, 100);
    struct raster_stats s = draw(f, NULL, t, 2);
    CHECK_EQ(s.binned, 2);
    for (int i = 0; i < 150 * 100; i++)
        CHECK_EQ(f->count[i], 1);
    /* The diagonal y = x runs through centres (i+.5, i+.5): they go to one side only. */
    fb_free(f);

    /* A thin sliver from far away, against the reference. */
    struct raster_triangle sl[3] = { T(V(-G, 50.25f), V(G, 50.75f), V(G, 52.5f), 1),
                                     T(V(-400000, -300000), V(130, 90.5f), V(128, 91), 2),
                                     T(V(G, -G), V(-G, G), V(30.5f, 30.5f), 3) };
    check_against_reference(sl, 3, 150, 100, NULL, NULL);
}

/* ---- Depth and weights ---------------------------------------------------------------------- */

TEST(raster_depth_plane_exact)
{
    /* Legs of 16 pixels: twice the area is 2^24 subpixel^2, so every plane coefficient is a
     * power of two and the expected values are exact. */
    struct fb *f = fb_new(32, 32);
    struct raster_triangle t = T(V(0, 0), V(16, 0), V(0, 16), 7);
    t.v[0].z = 0.5f;
    t.v[1].z = 0.75f;
    t.v[2].z = 0.25f;
    draw(f, NULL, &t, 1);
    int covered = 0, bad = 0;
    for (int y = 0; y < 32; y++) {
        for (int x = 0; x < 32; x++) {
            int o = y * 32 + x;
            float fx = (float)x + 0.5f, fy = (float)y + 0.5f;
            float want = 0.5f + (fx - fy) / 64.0f;   /* z0 + (z1-z0) x/16 + (z2-z0) y/16 */
            bool in = x + y + 1 < 16;
            covered += f->count[o];
            if (f->count[o] != (in ? 1u : 0u)) bad++;
            if (!in)
                continue;
            if (f->z[o] != want || f->lw1[o] != fx / 16 || f->lw2[o] != fy / 16 ||
                f->pw1[o] != fx / 16 || f->pw2[o] != fy / 16)
                bad++;
        }
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(covered, 120);
    /* Helper pixels carry the extrapolated plane: pixel (15,1) is outside (15 + 1 + 1 >= 16)
     * but shares quad (14,0) with covered pixel (14,0). */
    CHECK_EQ(f->count[1 * 32 + 15], 0);
    CHECK(f->hz[1 * 32 + 15] == 0.5f + (15.5f - 1.5f) / 64.0f);
    CHECK(f->z[0] == 0.5f);       /* (0.5 - 0.5)/64 */
    CHECK(f->z[3 * 32 + 1] == 0.5f - 2.0f / 64.0f);
    CHECK(f->id[0] == 7);
    fb_free(f);
}

TEST(raster_perspective_weights)
{
    struct fb *f = fb_new(40, 40);
    struct raster_triangle t = T(V(0, 0), V(32, 0), V(0, 32), 1);
    t.v[0].inv_w = 1.0f;
    t.v[1].inv_w = 0.5f;
    t.v[2].inv_w = 0.25f;
    t.v[0].z = 0.1f;
    t.v[1].z = 0.9f;
    t.v[2].z = 0.5f;
    draw(f, NULL, &t, 1);
    int bad = 0;
    for (int y = 0; y < 32; y++) {
        for (int x = 0; x + y + 1 < 32; x++) {
            int o = y * 40 + x;
            double l1 = (x + 0.5) / 32, l2 = (y + 0.5) / 32, l0 = 1 - l1 - l2;
            double q = l0 * 1.0 + l1 * 0.5 + l2 * 0.25;
            double p1 = l1 * 0.5 / q, p2 = l2 * 0.25 / q;
            double z = 0.1 + l1 * (0.9f - 0.1f) + l2 * (0.5f - 0.1f);
            if (f->count[o] != 1 || f->lw1[o] != (float)l1 || f->lw2[o] != (float)l2 ||
                fabs(f->pw1[o] - p1) > 1e-6 || fabs(f->pw2[o] - p2) > 1e-6 ||
                fabs(f->z[o] - z) > 1e-6)
                bad++;
        }
    }
    CHECK_EQ(bad, 0);
    fb_free(f);

    /* Weights refer to the caller's vertex order whatever the winding. */
    f = fb_new(40, 40);
    struct raster_triangle r = T(V(0, 0), V(0, 32), V(32, 0), 1);   /* v1 and v2 swapped */
    draw(f, NULL, &r, 1);
    CHECK(f->lw1[3 * 40 + 5] == 3.5f / 32);   /* v1 = (0,32): weight grows with y */
    CHECK(f->lw2[3 * 40 + 5] == 5.5f / 32);
    fb_free(f);
}

TEST(raster_depth_bias_formula)
{
    struct raster_state st = { .depth_kind = RASTER_DEPTH_UNORM, .depth_bias_r = 1.0f / 65535 };
    CHECK(raster_depth_bias(&st, 1.0f, 1.0f, 0.5f) == 0.0f);   /* both zero: disabled */
    st.depth_bias_clamp = 0.5f;
    CHECK(raster_depth_bias(&st, 1.0f, 1.0f, 0.5f) == 0.0f);
    st.depth_bias_clamp = 0.0f;
    st.depth_bias = 100;
    CHECK(raster_depth_bias(&st, 3.0f, 3.0f, 0.5f) == 100.0f * (1.0f / 65535));
    /* MaxDepthSlope = max(|dz/dx|, |dz/dy|), times SlopeScaledDepthBias, plus DepthBias * r. */
    st.slope_scaled_depth_bias = 2.0f;
    CHECK(raster_depth_bias(&st, 0.25f, -0.5f, 0.5f) == 100.0f * (1.0f / 65535) + 1.0f);
    /* DepthBiasClamp > 0: min; < 0: max. */
    st.depth_bias_clamp = 0.125f;
    CHECK(raster_depth_bias(&st, 0.25f, -0.5f, 0.5f) == 0.125f);
    st.depth_bias = -1000;
    st.slope_scaled_depth_bias = 0.0f;
    st.depth_bias_clamp = -0.0001f;
    CHECK(raster_depth_bias(&st, 0.25f, -0.5f, 0.5f) == -0.0001f);
    st.depth_bias_clamp = 0.0f;
    CHECK(raster_depth_bias(&st, INFINITY, 0, 0.5f) == -1000.0f * (1.0f / 65535)); /* no 0*Inf */
    /* Float depth: DepthBias * 2^(exponent(max |z|) - 23). */
    st = (struct raster_state){ .depth_kind = RASTER_DEPTH_FLOAT, .depth_bias = 3 };
    CHECK(raster_depth_bias(&st, 0, 0, 0.75f) == 3.0f * ldexpf(1.0f, -24));
    CHECK(raster_depth_bias(&st, 0, 0, 1.0f) == 3.0f * ldexpf(1.0f, -23));
    CHECK(raster_depth_bias(&st, 0, 0, 0.0f) == 0.0f);
    CHECK(raster_depth_bias(&st, 0, 0, 1e-37f) == 0.0f);     /* 2^(-123-23) would be denormal */
    st.slope_scaled_depth_bias = -1.0f;
    CHECK(raster_depth_bias(&st, 0.5f, 0, 2.0f) == 3.0f * ldexpf(1.0f, -22) - 0.5f);
}

TEST(raster_depth_bias_applied_to_plane)
{
    /* The exact triangle of raster_depth_plane_exact: slopes 1/64 and -1/64. */
    struct raster_triangle t = T(V(0, 0), V(16, 0), V(0, 16), 7);
    t.v[0].z = 0.5f;
    t.v[1].z = 0.75f;
    t.v[2].z = 0.25f;
    struct raster_state st = { .depth_kind = RASTER_DEPTH_UNORM, .depth_bias = 4,
                               .depth_bias_r = 1.0f / 65536, .slope_scaled_depth_bias = 0.5f };
    struct fb *f = fb_new(32, 32);
    draw(f, &st, &t, 1);
    int bad = 0;
    for (int y = 0; y < 16; y++) {
        for (int x = 0; x + y + 1 < 16; x++) {
            float want = 0.5f + ((float)x - (float)y) / 64.0f + 4.0f / 65536 + 0.5f / 64;
            bad += f->z[y * 32 + x] != want;
        }
    }
    CHECK_EQ(bad, 0);
    fb_free(f);
}

/* ---- Determinism ---------------------------------------------------------------------------- */

enum { SCENE_W = 333, SCENE_H = 257, SCENE_N = 10000 };

static void make_scene(struct raster_triangle *t)
{
    rng_state = 0x5eed;
    for (int i = 0; i < SCENE_N; i++) {
        unsigned kind = rng() % 100;
        float s = kind < 80 ? 12.0f : kind < 97 ? 90.0f : 500.0f;
        float cx = rngf(-20, SCENE_W + 20), cy = rngf(-20, SCENE_H + 20);
        for (int k = 0; k < 3; k++) {
            t[i].v[k].x = rng_coord(cx - s, cx + s);
            t[i].v[k].y = rng_coord(cy - s, cy + s);
            t[i].v[k].z = rngf(0, 1);
            t[i].v[k].inv_w = rngf(0.1f, 1.0f);
        }
        t[i].id = (uint32_t)i;
    }
}

/* Draws the scene in 10 draws of differing state; returns the framebuffer. */
static struct fb *render_scene(const struct raster_triangle *t, unsigned threads, size_t limit,
                               struct raster_stats *stats)
{
    struct fb *f = fb_new(SCENE_W, SCENE_H);
    struct raster_scene *s = raster_scene_create(pool_get(threads), SCENE_W, SCENE_H);
    if (limit != (size_t)-1)
        raster_scene_set_arena_limit(s, limit);
    for (int d = 0; d < 10; d++) {
        struct raster_state st = { .cull = (enum raster_cull)(d % 3), .front_ccw = d & 1,
                                   .scissor_enable = d == 4,
                                   .scissor = { 20, 30, 300, 200 },
                                   .depth_bias = d, .depth_bias_r = 1.0f / 16777215,
                                   .slope_scaled_depth_bias = d == 7 ? 1.5f : 0.0f };
        raster_scene_set_draw(s, &st, fb_shade, f);
        raster_scene_triangles(s, t + d * (SCENE_N / 10), SCENE_N / 10);
    }
    raster_scene_flush(s);
    *stats = *raster_scene_stats(s);
    raster_scene_destroy(s);
    return f;
}

static bool fb_same(const struct fb *a, const struct fb *b)
{
    size_t n = (size_t)a->w * a->h * 4;
    return !memcmp(a->count, b->count, n) && !memcmp(a->hash, b->hash, n) &&
           !memcmp(a->z, b->z, n) && !memcmp(a->pw1, b->pw1, n) && !memcmp(a->id, b->id, n);
}

TEST(raster_bit_identical_for_any_thread_count)
{
    static struct raster_triangle t[SCENE_N];
    struct raster_stats s1, s2, s4, sf;
    make_scene(t);
    struct fb *f1 = render_scene(t, 1, (size_t)-1, &s1);
    struct fb *f2 = render_scene(t, 2, (size_t)-1, &s2);
    struct fb *f4 = render_scene(t, 4, (size_t)-1, &s4);
    struct fb *ff = render_scene(t, 4, 0, &sf);          /* first arena block only */
    CHECK(fb_same(f1, f2));
    CHECK(fb_same(f1, f4));
    CHECK(fb_same(f1, ff));
    CHECK(s1.binned > 5000);
    CHECK(s1.culled > 1000);
    CHECK(s1.whole_tile_cmds > 0);
    CHECK_EQ(s1.forced_flushes, 0);
    CHECK(sf.forced_flushes > 0);          /* the flush-and-retry path ran */
    CHECK_EQ(sf.dropped, 0);
    CHECK_EQ(s4.tile_cmds, s1.tile_cmds);
    CHECK(fb_total(f1) > 100000);
    CHECK_EQ(atomic_load(&f1->errors) + atomic_load(&f4->errors) + atomic_load(&ff->errors), 0);
    fb_free(f1);
    fb_free(f2);
    fb_free(f4);
    fb_free(ff);
}

/* ---- Points and lines ----------------------------------------------------------------------- */

TEST(raster_points)
{
    struct raster_point p[] = {
        { V(0.5f, 0.5f), 1 },              /* centre of pixel (0,0) */
        { V(3.0f, 1.0f), 2 },              /* a corner: the square's top-left edges take (2,0) */
        { V(5.0f + 1.0f / 256, 5.0f), 3 }, /* just right of the corner: (5,4) */
        { V(7.99f, 7.5f), 4 },             /* (7,7) */
        { V(-0.5f, 3.0f), 5 },             /* off the target (pixel -1) */
        { V(NAN, 3.0f), 6 },
        { V(1e9f, 3.0f), 7 },
    };
    p[3].v.z = 0.25f;
    struct fb *f = fb_new(8, 8);
    struct raster_scene *s = raster_scene_create(pool_get(2), 8, 8);
    static const struct raster_state st;
    raster_scene_set_draw(s, &st, fb_shade, f);
    raster_scene_points(s, p, sizeof(p) / sizeof(p[0]));
    raster_scene_flush(s);
    CHECK_EQ(raster_scene_stats(s)->binned, 4);
    CHECK_EQ(raster_scene_stats(s)->empty, 1);
    CHECK_EQ(raster_scene_stats(s)->out_of_range, 2);
    raster_scene_destroy(s);
    CHECK_EQ(fb_total(f), 4);
    CHECK_EQ(f->id[0], 1);
    CHECK_EQ(f->id[0 * 8 + 2], 2);
    CHECK_EQ(f->id[4 * 8 + 5], 3);
    CHECK_EQ(f->id[7 * 8 + 7], 4);
    CHECK(f->z[7 * 8 + 7] == 0.25f);
    CHECK(f->flags[0] & RASTER_BATCH_FRONT_FACING);
    fb_free(f);
}

static struct fb *draw_lines(const struct raster_line *l, size_t n, int w, int h)
{
    struct fb *f = fb_new(w, h);
    struct raster_scene *s = raster_scene_create(pool_get(2), (uint32_t)w, (uint32_t)h);
    static const struct raster_state st;
    raster_scene_set_draw(s, &st, fb_shade, f);
    raster_scene_lines(s, l, n);
    raster_scene_flush(s);
    raster_scene_destroy(s);
    return f;
}

static struct raster_line L(float x0, float y0, float x1, float y1, uint32_t id)
{
    return (struct raster_line){ { V(x0, y0), V(x1, y1) }, id };
}

TEST(raster_lines_diamond_exit)
{
    /* Horizontal, on centres: start pixel in, end pixel out. */
    struct raster_line l = L(0.5f, 0.5f, 4.5f, 0.5f, 1);
    struct fb *f = draw_lines(&l, 1, 8, 8);
    static const char *const h[] = { "XXXX....", "........" };
    CHECK(fb_matches(f, 0, h, 2));
    CHECK(f->lw1[0] == 0.0f && f->lw1[3] == 0.75f);   /* t along the line */
    fb_free(f);
    /* Reversed: the other end. */
    l = L(4.5f, 0.5f, 0.5f, 0.5f, 1);
    f = draw_lines(&l, 1, 8, 8);
    static const char *const hr[] = { ".XXXX...", "........" };
    CHECK(fb_matches(f, 0, hr, 2));
    fb_free(f);
    /* Diagonal (slope 1: x-major) and vertical. */
    struct raster_line d[2] = { L(0.5f, 0.5f, 4.5f, 4.5f, 1), L(6.5f, 0.5f, 6.5f, 5.5f, 2) };
    f = draw_lines(d, 2, 8, 8);
    static const char *const dv[] = { "X.....X.", ".X....X.", "..X...X.", "...X..X.", "......X.",
                                      "........" };
    CHECK(fb_matches(f, 0, dv, 6));
    fb_free(f);
    /* On a row boundary (y = 1.0): the diamond's bottom corner belongs to row 0. */
    l = L(0.0f, 1.0f, 8.0f, 1.0f, 1);
    f = draw_lines(&l, 1, 8, 8);
    static const char *const b[] = { "XXXXXXXX", "........" };
    CHECK(fb_matches(f, 0, b, 2));
    fb_free(f);
    /* y-major on a column boundary (x = 3.0): the right corner belongs to column 2. */
    l = L(3.0f, 0.0f, 3.0f, 3.0f, 1);
    f = draw_lines(&l, 1, 8, 8);
    static const char *const c[] = { "..X.....", "..X.....", "..X.....", "........" };
    CHECK(fb_matches(f, 0, c, 4));
    fb_free(f);
}

TEST(raster_line_strip_joints_once)
{
    /* A closed strip around a square, through tile boundaries: every border pixel once. */
    struct raster_line s[4] = { L(10.5f, 10.5f, 100.5f, 10.5f, 1), L(100.5f, 10.5f, 100.5f, 80.5f, 2),
                                L(100.5f, 80.5f, 10.5f, 80.5f, 3), L(10.5f, 80.5f, 10.5f, 10.5f, 4) };
    struct fb *f = draw_lines(s, 4, 128, 96);
    int bad = 0;
    for (int y = 0; y < 96; y++) {
        for (int x = 0; x < 128; x++) {
            bool border = (x >= 10 && x <= 100 && (y == 10 || y == 80)) ||
                          (y >= 10 && y <= 80 && (x == 10 || x == 100));
            bad += f->count[y * 128 + x] != (border ? 1u : 0u);
        }
    }
    CHECK_EQ(bad, 0);
    fb_free(f);
    /* A long steep line across tiles: one pixel per row, rows 3..196. */
    struct raster_line l = L(20.3f, 3.5f, 150.7f, 197.5f, 1);
    f = draw_lines(&l, 1, 200, 200);
    CHECK_EQ(fb_total(f), 194);
    for (int y = 3; y < 197; y++) {
        int n = 0;
        for (int x = 0; x < 200; x++)
            n += (int)f->count[y * 200 + x];
        CHECK_EQ(n, 1);
    }
    CHECK_EQ(atomic_load(&f->errors), 0);
    fb_free(f);
}

TEST(raster_scene_create_rejects_bad_sizes)
{
    CHECK(raster_scene_create(pool_get(1), 0, 10) == NULL);
    CHECK(raster_scene_create(pool_get(1), 10, RASTER_MAX_SIZE + 1) == NULL);
    CHECK(raster_scene_create(NULL, 10, 10) == NULL);
    struct raster_scene *s = raster_scene_create(pool_get(1), RASTER_MAX_SIZE, RASTER_MAX_SIZE);
    CHECK(s != NULL);
    /* No draw set: primitives are counted as dropped, nothing runs. */
    struct raster_triangle t = T(V(0, 0), V(10, 0), V(0, 10), 1);
    raster_scene_triangles(s, &t, 1);
    CHECK_EQ(raster_scene_stats(s)->dropped, 1);
    raster_scene_flush(s);
    raster_scene_destroy(s);
    raster_scene_destroy(NULL);
}
