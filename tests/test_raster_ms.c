/* Multisampled rasterization (src/pipeline/raster_ms.c): coverage per sample position, depth
 * per sample, the standard patterns, determinism.
 *
 * Coverage is checked against a separate per-sample reference (the spec 3.4.2 rule written out
 * again here, at the sample position instead of the centre), against meshes that tile the plane
 * (every sample exactly once), and for hand-computed fractions along an edge.
 */
#include "harness.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/raster_priv.h"
#include "util/threadpool.h"

/* per-pixel slots of the counters: RASTER_MAX_SAMPLES */
#define MSFB_S 16

struct msfb {
    int w, h, n;
    uint32_t *count;       /* [pixel * MSFB_S + sample]: covered how many times */
    float *z;              /* [pixel * MSFB_S + sample]: last depth */
    uint32_t *pix;         /* pixel coverage bits seen (batch mask) */
    uint32_t *hash;        /* [pixel * MSFB_S + sample]: order-sensitive hash of what it saw */
    atomic_uint errors;
};

static struct msfb *msfb_new(int w, int h, int n)
{
    struct msfb *f = calloc(1, sizeof(*f));
    f->w = w;
    f->h = h;
    f->n = n;
    f->count = calloc((size_t)w * h * MSFB_S, 4);
    f->z = calloc((size_t)w * h * MSFB_S, 4);
    f->pix = calloc((size_t)w * h, 4);
    f->hash = calloc((size_t)w * h * MSFB_S, 4);
    return f;
}

static void msfb_free(struct msfb *f)
{
    free(f->count);
    free(f->z);
    free(f->pix);
    free(f->hash);
    free(f);
}

static void msfb_shade(void *ctx, const struct raster_quad_batch *b)
{
    struct msfb *f = ctx;
    if (!b->ms || b->ms->samples != (uint32_t)f->n || b->count < 1 || b->count > RASTER_BATCH_QUADS) {
        atomic_fetch_add(&f->errors, 1);
        return;
    }
    for (unsigned q = 0; q < b->count; q++) {
        for (unsigned p = 0; p < 4; p++) {
            unsigned i = q * 4 + p;
            int px = b->x[q] + (int)(p & 1), py = b->y[q] + (int)(p >> 1);
            unsigned any = 0;
            for (int s = 0; s < f->n; s++)
                any |= b->ms->cover[s] >> i & 1u;
            if (any != (b->mask[q] >> p & 1u))
                atomic_fetch_add(&f->errors, 1);   /* pixel mask = some sample covered */
            if (!any)
                continue;
            if (px >= f->w || py >= f->h) {
                atomic_fetch_add(&f->errors, 1);
                continue;
            }
            f->pix[py * f->w + px]++;
            for (int s = 0; s < f->n; s++) {
                if (!(b->ms->cover[s] >> i & 1u))
                    continue;
                size_t o = ((size_t)py * f->w + px) * MSFB_S + s;
                f->count[o]++;
                f->z[o] = b->ms->z[s][i];
                uint32_t zb;
                memcpy(&zb, &b->ms->z[s][i], 4);
                f->hash[o] = ((f->hash[o] ^ zb) * 0x01000193u ^ b->prim_id) * 0x01000193u;
            }
        }
    }
}

static struct threadpool *ms_pool(unsigned n)
{
    static struct threadpool *pools[5];
    if (!pools[n])
        pools[n] = threadpool_create(n);
    return pools[n];
}

static struct raster_vertex MV(float x, float y, float z)
{
    return (struct raster_vertex){ x, y, z, 1.0f };
}

static void ms_draw(struct msfb *f, struct raster_state *st, const struct raster_triangle *t,
                    size_t n, unsigned threads)
{
    struct raster_scene *s = raster_scene_create(ms_pool(threads), (uint32_t)f->w, (uint32_t)f->h);
    raster_scene_set_draw(s, st, msfb_shade, f);
    raster_scene_triangles(s, t, n);
    raster_scene_flush(s);
    raster_scene_destroy(s);
}

/* The top-left rule at an arbitrary subpixel point (cx, cy): written independently of
 * setup.c/raster_ms.c (clockwise re-orientation, explicit top/left tests). */
static bool ref_covers_at(const struct raster_triangle *t, int64_t cx, int64_t cy)
{
    int64_t x[3], y[3];
    for (int i = 0; i < 3; i++) {
        x[i] = (int64_t)nearbyint((double)t->v[i].x * 256.0);
        y[i] = (int64_t)nearbyint((double)t->v[i].y * 256.0);
    }
    int64_t area = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
    if (area == 0)
        return false;
    for (int i = 0; i < 3; i++) {
        int a = area > 0 ? i : (i + 1) % 3, b = area > 0 ? (i + 1) % 3 : i;
        int64_t ex = x[b] - x[a], ey = y[b] - y[a];
        int64_t cross = ex * (cy - y[a]) - ey * (cx - x[a]);
        if (cross < 0)
            return false;
        if (cross == 0 && !((ey == 0 && ex > 0) || ey < 0))
            return false;
    }
    return true;
}

TEST(raster_ms_standard_patterns)
{
    struct raster_state st;
    memset(&st, 0, sizeof(st));
    raster_ms_pattern(&st, 4, false);
    CHECK_EQ(st.samples, 4);
    /* D3D11_STANDARD_MULTISAMPLE_PATTERN, 4 samples: (-2,-6) (6,-2) (-6,2) (2,6) / 16 */
    CHECK_EQ(st.sample_x[0], -2); CHECK_EQ(st.sample_y[0], -6);
    CHECK_EQ(st.sample_x[1], 6);  CHECK_EQ(st.sample_y[1], -2);
    CHECK_EQ(st.sample_x[2], -6); CHECK_EQ(st.sample_y[2], 2);
    CHECK_EQ(st.sample_x[3], 2);  CHECK_EQ(st.sample_y[3], 6);
    raster_ms_pattern(&st, 2, false);
    CHECK_EQ(st.samples, 2);
    CHECK_EQ(st.sample_x[0], 4); CHECK_EQ(st.sample_y[0], 4);
    CHECK_EQ(st.sample_x[1], -4); CHECK_EQ(st.sample_y[1], -4);
    raster_ms_pattern(&st, 8, false);
    CHECK_EQ(st.samples, 8);
    CHECK_EQ(st.sample_x[7], 7); CHECK_EQ(st.sample_y[7], -7);
    CHECK_EQ(st.sample_x[5], -7); CHECK_EQ(st.sample_y[5], -1);
    raster_ms_pattern(&st, 8, true);
    for (int s = 0; s < 8; s++)
        CHECK(st.sample_x[s] == 0 && st.sample_y[s] == 0);
    /* 16 (a forced sample count only): the D3D11.3 functional spec 19.2.4 figure; every
     * offset in -8..7, no two samples on one row or column */
    raster_ms_pattern(&st, 16, false);
    CHECK_EQ(st.samples, 16);
    CHECK_EQ(st.sample_x[0], 1);  CHECK_EQ(st.sample_y[0], 1);
    CHECK_EQ(st.sample_x[9], 0);  CHECK_EQ(st.sample_y[9], -7);
    CHECK_EQ(st.sample_x[12], -8); CHECK_EQ(st.sample_y[12], 0);
    CHECK_EQ(st.sample_x[15], -7); CHECK_EQ(st.sample_y[15], -8);
    {
        unsigned xs = 0, ys = 0;
        for (int s = 0; s < 16; s++) {
            xs |= 1u << (st.sample_x[s] + 8);
            ys |= 1u << (st.sample_y[s] + 8);
        }
        CHECK_EQ(xs, 0xffffu);
        CHECK_EQ(ys, 0xffffu);
    }
    /* counts without a pattern: one sample */
    raster_ms_pattern(&st, 3, false);
    CHECK_EQ(st.samples, 1);
    raster_ms_pattern(&st, 32, false);
    CHECK_EQ(st.samples, 1);
}

/* A vertical edge x = 2.5 (left edge of a big rectangle's triangles at x >= 2.5): in pixel 2
 * (centre 2.5) the samples with offset >= 0 are inside (the edge is a left edge, so samples
 * exactly on it are in); 4x: samples 1 (6) and 3 (2) in, 0 (-2) and 2 (-6) out: half. */
TEST(raster_ms_edge_fractions_4x)
{
    struct msfb *f = msfb_new(8, 8, 4);
    struct raster_state st;
    memset(&st, 0, sizeof(st));
    raster_ms_pattern(&st, 4, false);
    struct raster_triangle t[2] = {
        { { MV(2.5f, 0, 0.5f), MV(8, 0, 0.5f), MV(2.5f, 8, 0.5f) }, 1 },
        { { MV(8, 0, 0.5f), MV(8, 8, 0.5f), MV(2.5f, 8, 0.5f) }, 2 },
    };
    ms_draw(f, &st, t, 2, 1);
    CHECK_EQ(atomic_load(&f->errors), 0);
    for (int y = 0; y < 8; y++) {
        /* pixel 1: no sample (its samples reach x = 1.5 + 6/16 < 2.5) */
        for (int s = 0; s < 4; s++)
            CHECK_EQ(f->count[(y * 8 + 1) * MSFB_S + s], 0);
        CHECK_EQ(f->count[(y * 8 + 2) * MSFB_S + 0], 0);
        CHECK_EQ(f->count[(y * 8 + 2) * MSFB_S + 1], 1);
        CHECK_EQ(f->count[(y * 8 + 2) * MSFB_S + 2], 0);
        CHECK_EQ(f->count[(y * 8 + 2) * MSFB_S + 3], 1);
        for (int s = 0; s < 4; s++)
            CHECK_EQ(f->count[(y * 8 + 5) * MSFB_S + s], 1);
    }
    msfb_free(f);
}

/* Random triangles, 2/4/8/16 samples: every sample's coverage equals the reference at its
 * position; also pixels whose centre is outside but a sample inside are produced. */
TEST(raster_ms_random_triangles_match_reference)
{
    static const unsigned counts[4] = { 2, 4, 8, 16 };
    uint64_t rs = 0x1234567;
    int outside_centre = 0;
    for (int c = 0; c < 4; c++) {
        unsigned n = counts[c];
        struct raster_state st;
        memset(&st, 0, sizeof(st));
        raster_ms_pattern(&st, n, false);
        for (int it = 0; it < 60; it++) {
            struct raster_triangle t;
            for (int v = 0; v < 3; v++) {
                rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
                float x = (float)(rs % 40000) / 400.0f - 10.0f;
                rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
                float y = (float)(rs % 40000) / 400.0f - 10.0f;
                if (rs & 1) { x = floorf(x) + 0.5f; }             /* on centres' columns */
                if (rs & 2) { y = floorf(y * 16.0f) / 16.0f; }    /* on the sample grid */
                t.v[v] = MV(x, y, 0.25f);
            }
            t.id = (uint32_t)it;
            struct msfb *f = msfb_new(80, 80, (int)n);
            ms_draw(f, &st, &t, 1, 1);
            CHECK_EQ(atomic_load(&f->errors), 0);
            int bad = 0;
            for (int py = 0; py < 80; py++) {
                for (int px = 0; px < 80; px++) {
                    bool centre = ref_covers_at(&t, px * 256 + 128, py * 256 + 128), any = false;
                    for (unsigned s = 0; s < n; s++) {
                        bool want = ref_covers_at(&t, px * 256 + 128 + 16 * st.sample_x[s],
                                                  py * 256 + 128 + 16 * st.sample_y[s]);
                        any |= want;
                        if (f->count[(py * 80 + px) * MSFB_S + s] != (want ? 1u : 0u))
                            bad++;
                    }
                    if (any && !centre)
                        outside_centre++;
                }
            }
            if (bad)
                printf("  %u samples, triangle %d: %d samples differ\n", n, it, bad);
            CHECK_EQ(bad, 0);
            msfb_free(f);
        }
    }
    CHECK(outside_centre > 0);
}

/* A grid of triangles tiling the target: every sample exactly once (shared edges). */
TEST(raster_ms_grid_covers_every_sample_once)
{
    struct raster_state st;
    memset(&st, 0, sizeof(st));
    raster_ms_pattern(&st, 8, false);
    enum { N = 7 };
    struct raster_triangle t[2 * N * N];
    float step = 70.0f / N;
    size_t k = 0;
    for (int j = 0; j < N; j++) {
        for (int i = 0; i < N; i++) {
            float x0 = i * step + 0.3f * (float)(j % 3), x1 = (i + 1) * step + 0.3f * (float)(j % 3);
            float y0 = j * step, y1 = (j + 1) * step;
            if (i == 0) x0 = -1;
            if (i == N - 1) x1 = 71;
            if (j == 0) y0 = -1;
            if (j == N - 1) y1 = 71;
            t[k] = (struct raster_triangle){ { MV(x0, y0, 0), MV(x1, y0, 0), MV(x1, y1, 0) }, (uint32_t)k };
            k++;
            t[k] = (struct raster_triangle){ { MV(x0, y0, 0), MV(x1, y1, 0), MV(x0, y1, 0) }, (uint32_t)k };
            k++;
        }
    }
    /* the columns' shifted x makes the vertical edges of neighbouring rows differ: not a
     * tiling; use one shift per column instead */
    for (size_t i = 0; i < k; i++)
        for (int v = 0; v < 3; v++)
            if (t[i].v[v].x > 0 && t[i].v[v].x < 70)
                t[i].v[v].x = floorf(t[i].v[v].x / step + 0.5f) * step + 0.37f;
    struct msfb *f = msfb_new(70, 70, 8);
    ms_draw(f, &st, t, k, 1);
    CHECK_EQ(atomic_load(&f->errors), 0);
    int bad = 0;
    for (int i = 0; i < 70 * 70; i++)
        for (int s = 0; s < 8; s++)
            bad += f->count[i * MSFB_S + s] != 1;
    CHECK_EQ(bad, 0);
    msfb_free(f);
}

/* Depth is the plane at each sample: z = x / 64 + y / 128 over a big triangle. */
TEST(raster_ms_depth_per_sample)
{
    struct raster_state st;
    memset(&st, 0, sizeof(st));
    raster_ms_pattern(&st, 4, false);
    struct raster_triangle t = { { MV(-64, -64, -1.5f), MV(192, -64, 2.5f), MV(-64, 192, 0.5f) }, 0 };
    struct msfb *f = msfb_new(16, 16, 4);
    ms_draw(f, &st, &t, 1, 1);
    CHECK_EQ(atomic_load(&f->errors), 0);
    int bad = 0;
    for (int py = 0; py < 16; py++)
        for (int px = 0; px < 16; px++)
            for (int s = 0; s < 4; s++) {
                float x = px + 0.5f + st.sample_x[s] / 16.0f, y = py + 0.5f + st.sample_y[s] / 16.0f;
                float want = x / 64.0f + y / 128.0f;
                float got = f->z[(py * 16 + px) * MSFB_S + s];
                if (f->count[(py * 16 + px) * MSFB_S + s] != 1 || fabsf(got - want) > 1e-6f)
                    bad++;
            }
    CHECK_EQ(bad, 0);
    /* samples of one pixel differ in depth (the plane is not flat) */
    CHECK(f->z[0] != f->z[1]);
    msfb_free(f);
}

/* The centre pattern: every sample takes the pixel-centre coverage. */
TEST(raster_ms_center_pattern_is_pixel_coverage)
{
    struct raster_state st;
    memset(&st, 0, sizeof(st));
    raster_ms_pattern(&st, 4, true);
    struct raster_triangle t = { { MV(0.3f, 0.2f, 0), MV(13.7f, 2.1f, 0), MV(4.2f, 11.9f, 0) }, 0 };
    struct msfb *f = msfb_new(16, 16, 4);
    ms_draw(f, &st, &t, 1, 1);
    int bad = 0;
    for (int py = 0; py < 16; py++)
        for (int px = 0; px < 16; px++) {
            bool c = ref_covers_at(&t, px * 256 + 128, py * 256 + 128);
            for (int s = 0; s < 4; s++)
                bad += f->count[(py * 16 + px) * MSFB_S + s] != (c ? 1u : 0u);
        }
    CHECK_EQ(bad, 0);
    CHECK_EQ(atomic_load(&f->errors), 0);
    msfb_free(f);
}

/* Identical results for 1, 2 and 4 workers (per sample, an order-sensitive hash of what it
 * saw). */
TEST(raster_ms_deterministic_across_threads)
{
    struct raster_state st;
    memset(&st, 0, sizeof(st));
    raster_ms_pattern(&st, 8, false);
    struct raster_triangle t[200];
    uint64_t rs = 99;
    for (int i = 0; i < 200; i++) {
        for (int v = 0; v < 3; v++) {
            rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
            float x = (float)(rs % 200000) / 1000.0f;
            rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
            float y = (float)(rs % 150000) / 1000.0f;
            t[i].v[v] = MV(x, y, (float)(rs % 1000) / 1000.0f);
        }
        t[i].id = (uint32_t)i;
    }
    uint32_t h[3];
    for (unsigned k = 0; k < 3; k++) {
        struct msfb *f = msfb_new(200, 150, 8);
        ms_draw(f, &st, t, 200, 1u << k);
        h[k] = 0;
        for (size_t i = 0; i < (size_t)200 * 150 * MSFB_S; i++)
            h[k] = (h[k] ^ f->hash[i]) * 0x01000193u;
        CHECK_EQ(atomic_load(&f->errors), 0);
        msfb_free(f);
    }
    CHECK_EQ(h[0], h[1]);
    CHECK_EQ(h[0], h[2]);
}

/* Points and lines: the one-sample pixels with every sample covered. */
TEST(raster_ms_points_and_lines_all_samples)
{
    struct raster_state st;
    memset(&st, 0, sizeof(st));
    raster_ms_pattern(&st, 4, false);
    struct msfb *f = msfb_new(16, 16, 4);
    struct raster_scene *s = raster_scene_create(ms_pool(1), 16, 16);
    raster_scene_set_draw(s, &st, msfb_shade, f);
    struct raster_point pt = { MV(3.5f, 5.5f, 0.25f), 7 };
    raster_scene_points(s, &pt, 1);
    struct raster_line ln = { { MV(0.5f, 10.5f, 0), MV(8.5f, 10.5f, 0) }, 8 };
    raster_scene_lines(s, &ln, 1);
    raster_scene_flush(s);
    raster_scene_destroy(s);
    CHECK_EQ(atomic_load(&f->errors), 0);
    for (int smp = 0; smp < 4; smp++) {
        CHECK_EQ(f->count[(5 * 16 + 3) * MSFB_S + smp], 1);
        CHECK(f->z[(5 * 16 + 3) * MSFB_S + smp] == 0.25f);
        for (int x = 0; x < 8; x++)
            CHECK_EQ(f->count[(10 * 16 + x) * MSFB_S + smp], 1);
        CHECK_EQ(f->count[(10 * 16 + 8) * MSFB_S + smp], 0);
    }
    msfb_free(f);
}
