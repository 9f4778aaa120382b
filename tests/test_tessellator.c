/* tests/test_tessellator.c — the fixed-function tessellator (src/pipeline/tessellator.c)
 * against the D3D11.3 functional specification, 11.7.
 *
 * Small patches are checked point by point and triangle by triangle against values worked out
 * by hand from the specification's rules (16.16 fixed point, 11.7.14; the 1D spacing lerped
 * between the floor and ceiling factors, 11.7.10; the clamps of 11.7.11).  Every domain x
 * partitioning x a sweep of factors is checked by invariants: the point and edge counts that
 * 11.7.10 gives, every point in the domain with clean parameters, no duplicate points, each
 * edge's points symmetric about its middle, and a true triangulation (every triangle wound as
 * declared, interior edges shared once each way, boundary edges on the domain's boundary, the
 * areas summing to the domain's).
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "harness.h"
#include "pipeline/tessellator.h"

static struct tess_output *tess_out(void)
{
    static struct tess_output *out;
    if (!out)
        out = malloc(sizeof(*out));
    return out;
}

static enum tess_result run(enum tess_domain d, enum tess_partitioning p,
                            enum tess_output_primitive prim, const float *edge,
                            const float *inside)
{
    struct tess_config cfg = { d, p, prim };
    return tess_patch(&cfg, edge, inside, tess_out());
}

static float fx(uint32_t v)
{
    return (float)v / 65536.0f;
}

#define CHECK_POINT(i, pu, pv, pw)                                                      \
    do {                                                                                \
        const struct tess_point *pt_ = &tess_out()->points[i];                          \
        if (pt_->u != (pu) || pt_->v != (pv) || pt_->w != (pw))                         \
            harness_fail(__FILE__, __LINE__, "point %u: (%.9g, %.9g, %.9g) != (%.9g, %.9g, %.9g)", \
                         (unsigned)(i), pt_->u, pt_->v, pt_->w, (double)(pu), (double)(pv), \
                         (double)(pw));                                                 \
    } while (0)

static void check_indices(const uint32_t *want, uint32_t n)
{
    CHECK_EQ(tess_out()->index_count, n);
    for (uint32_t i = 0; i < n && i < tess_out()->index_count; i++)
        if (tess_out()->indices[i] != want[i])
            harness_fail(__FILE__, __LINE__, "index %u: %u != %u", i, tess_out()->indices[i],
                         want[i]);
}

/* ---- hand-computed patches ---------------------------------------------------------------- */

TEST(tess_quad_integer_1_is_the_bare_quad)
{
    const float e[4] = { 1, 1, 1, 1 }, in[2] = { 1, 1 };
    CHECK_EQ(run(TESS_DOMAIN_QUAD, TESS_PARTITION_INTEGER, TESS_OUTPUT_TRIANGLE_CW, e, in), TESS_OK);
    CHECK_EQ(tess_out()->point_count, 4);
    CHECK_POINT(0, 0, 0, 0);
    CHECK_POINT(1, 1, 0, 0);
    CHECK_POINT(2, 1, 1, 0);
    CHECK_POINT(3, 0, 1, 0);
    static const uint32_t cw[] = { 0, 1, 3, 1, 2, 3 };
    check_indices(cw, 6);
    CHECK_EQ(run(TESS_DOMAIN_QUAD, TESS_PARTITION_FRACTIONAL_ODD, TESS_OUTPUT_TRIANGLE_CCW, e, in),
             TESS_OK);
    static const uint32_t ccw[] = { 0, 3, 1, 1, 3, 2 };
    check_indices(ccw, 6);
    CHECK_EQ(run(TESS_DOMAIN_QUAD, TESS_PARTITION_INTEGER, TESS_OUTPUT_POINT, e, in), TESS_OK);
    static const uint32_t pts[] = { 0, 1, 2, 3 };
    check_indices(pts, 4);
}

TEST(tess_tri_integer_1_is_the_bare_triangle)
{
    const float e[3] = { 1, 1, 1 }, in[1] = { 1 };
    CHECK_EQ(run(TESS_DOMAIN_TRI, TESS_PARTITION_INTEGER, TESS_OUTPUT_TRIANGLE_CW, e, in), TESS_OK);
    CHECK_EQ(tess_out()->point_count, 3);
    CHECK_POINT(0, 0, 1, 0);
    CHECK_POINT(1, 0, 0, 1);
    CHECK_POINT(2, 1, 0, 0);
    static const uint32_t cw[] = { 0, 1, 2 };
    check_indices(cw, 3);
}

/* Integer 2 everywhere: each edge split at 1/2, one centre point, two triangles per side. */
TEST(tess_quad_integer_2)
{
    const float e[4] = { 2, 2, 2, 2 }, in[2] = { 2, 2 };
    CHECK_EQ(run(TESS_DOMAIN_QUAD, TESS_PARTITION_INTEGER, TESS_OUTPUT_TRIANGLE_CW, e, in), TESS_OK);
    CHECK_EQ(tess_out()->point_count, 9);
    /* the outer ring clockwise from (0,1), then the centre */
    static const float want[9][2] = { { 0, 1 }, { 0, 0.5f }, { 0, 0 }, { 0.5f, 0 }, { 1, 0 },
                                      { 1, 0.5f }, { 1, 1 }, { 0.5f, 1 }, { 0.5f, 0.5f } };
    for (uint32_t i = 0; i < 9; i++)
        CHECK_POINT(i, want[i][0], want[i][1], 0);
    static const uint32_t tri[] = { 0, 1, 8, 1, 2, 8, 2, 3, 8, 3, 4, 8,
                                    4, 5, 8, 5, 6, 8, 6, 7, 8, 7, 0, 8 };
    check_indices(tri, 24);
}

TEST(tess_tri_integer_2)
{
    const float e[3] = { 2, 2, 2 }, in[1] = { 2 };
    CHECK_EQ(run(TESS_DOMAIN_TRI, TESS_PARTITION_INTEGER, TESS_OUTPUT_TRIANGLE_CW, e, in), TESS_OK);
    CHECK_EQ(tess_out()->point_count, 7);
    CHECK_POINT(0, 0, 1, 0);
    CHECK_POINT(1, 0, 0.5f, 0.5f);
    CHECK_POINT(2, 0, 0, 1);
    CHECK_POINT(3, 0.5f, 0, 0.5f);
    CHECK_POINT(4, 1, 0, 0);
    CHECK_POINT(5, 0.5f, 0.5f, 0);
    /* the centre, 1/3 in 16.16 (0x5555), w = 1 - 2 * 0x5555 */
    CHECK_POINT(6, fx(0x5555), fx(0x5555), fx(0x5556));
    static const uint32_t tri[] = { 0, 1, 6, 1, 2, 6, 2, 3, 6, 3, 4, 6, 4, 5, 6, 5, 0, 6 };
    check_indices(tri, 18);
}

/* Integer 4 everywhere: the points are exactly the grid of quarters. */
TEST(tess_quad_integer_4_is_the_quarter_grid)
{
    const float e[4] = { 4, 4, 4, 4 }, in[2] = { 4, 4 };
    CHECK_EQ(run(TESS_DOMAIN_QUAD, TESS_PARTITION_INTEGER, TESS_OUTPUT_TRIANGLE_CW, e, in), TESS_OK);
    CHECK_EQ(tess_out()->point_count, 25);
    CHECK_EQ(tess_out()->index_count, 3 * 32);
    int seen[5][5] = { { 0 } };
    for (uint32_t i = 0; i < tess_out()->point_count; i++) {
        float u = tess_out()->points[i].u * 4, v = tess_out()->points[i].v * 4;
        CHECK(u == floorf(u) && v == floorf(v));
        if (u >= 0 && u <= 4 && v >= 0 && v <= 4)
            seen[(int)u][(int)v]++;
    }
    for (int a = 0; a < 5; a++)
        for (int b = 0; b < 5; b++)
            CHECK_EQ(seen[a][b], 1);
}

/* Isolines, integer: density 2 gives lines at v = 0 and 1/2 (never v = 1, 11.6); detail 3
 * places u at 0, 1/3, 2/3, 1 in 16.16: 0x5555 and 1 - 0x5555 (the mirrored half, 11.7.13). */
TEST(tess_isoline_integer)
{
    const float f[2] = { 2, 3 };
    CHECK_EQ(run(TESS_DOMAIN_ISOLINE, TESS_PARTITION_INTEGER, TESS_OUTPUT_LINE, f, NULL), TESS_OK);
    CHECK_EQ(tess_out()->point_count, 8);
    static const uint32_t u[4] = { 0, 0x5555, 0xaaab, 0x10000 };
    for (uint32_t i = 0; i < 8; i++)
        CHECK_POINT(i, fx(u[i % 4]), i < 4 ? 0.0f : 0.5f, 0);
    static const uint32_t lines[] = { 0, 1, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7 };
    check_indices(lines, 12);
    /* density rounds up: 1.5 draws 2 lines */
    const float g[2] = { 1.5f, 3 };
    CHECK_EQ(run(TESS_DOMAIN_ISOLINE, TESS_PARTITION_INTEGER, TESS_OUTPUT_POINT, g, NULL), TESS_OK);
    CHECK_EQ(tess_out()->point_count, 8);
    CHECK_EQ(tess_out()->index_count, 8);
}

/* fractional_odd 1.5 lies a quarter of the way from factor 1 (one segment) to 3 (three): the
 * new pair splits off the corners and sits at 1/4 of 1/3 = 1/12 from them (0x1555 after the
 * fixed-point lerp and its rounding). */
TEST(tess_isoline_fractional_odd_1_5)
{
    const float f[2] = { 1, 1.5f };
    CHECK_EQ(run(TESS_DOMAIN_ISOLINE, TESS_PARTITION_FRACTIONAL_ODD, TESS_OUTPUT_LINE, f, NULL),
             TESS_OK);
    CHECK_EQ(tess_out()->point_count, 4);
    static const uint32_t u[4] = { 0, 0x1555, 0xeaab, 0x10000 };
    for (uint32_t i = 0; i < 4; i++)
        CHECK_POINT(i, fx(u[i]), 0, 0);
}

/* fractional_even 3, halfway from 2 (0, 1/2, 1) to 4 (quarters): the point pair in transit
 * at the middle of the lerp between 1/2 and 1/4 (3/8, 5/8), the middle point fixed at 1/2. */
TEST(tess_isoline_fractional_even_3)
{
    const float f[2] = { 1, 3 };
    CHECK_EQ(run(TESS_DOMAIN_ISOLINE, TESS_PARTITION_FRACTIONAL_EVEN, TESS_OUTPUT_LINE, f, NULL),
             TESS_OK);
    CHECK_EQ(tess_out()->point_count, 5);
    static const float u[5] = { 0, 0.375f, 0.5f, 0.625f, 1 };
    for (uint32_t i = 0; i < 5; i++)
        CHECK_POINT(i, u[i], 0, 0);
}

/* ---- factor processing (11.7.11, 11.7.12) ------------------------------------------------- */

TEST(tess_culls_nonpositive_and_nan_edges)
{
    const float nan = NAN;
    const float cases[][4] = { { 0, 1, 1, 1 }, { 1, -1, 1, 1 }, { 1, 1, nan, 1 }, { 1, 1, 1, -0.0f } };
    const float in[2] = { 4, 4 };
    for (int i = 0; i < 4; i++) {
        CHECK_EQ(run(TESS_DOMAIN_QUAD, TESS_PARTITION_INTEGER, TESS_OUTPUT_TRIANGLE_CW, cases[i], in),
                 TESS_CULLED);
        CHECK_EQ(tess_out()->point_count, 0);
        CHECK_EQ(tess_out()->index_count, 0);
        if (i < 3)   /* a tri patch has three edges */
            CHECK_EQ(run(TESS_DOMAIN_TRI, TESS_PARTITION_FRACTIONAL_ODD, TESS_OUTPUT_POINT, cases[i],
                         in), TESS_CULLED);
    }
    /* the fourth factor is not a tri edge: not culled */
    CHECK_EQ(run(TESS_DOMAIN_TRI, TESS_PARTITION_FRACTIONAL_ODD, TESS_OUTPUT_POINT, cases[3], in),
             TESS_OK);
    const float iso[2] = { 2, nan };
    CHECK_EQ(run(TESS_DOMAIN_ISOLINE, TESS_PARTITION_INTEGER, TESS_OUTPUT_LINE, iso, NULL),
             TESS_CULLED);
    /* an inside factor is never a reason to cull: NaN or 0 there clamps to the lower bound */
    const float e[4] = { 2, 2, 2, 2 }, bad_in[2] = { nan, 0 };
    CHECK_EQ(run(TESS_DOMAIN_QUAD, TESS_PARTITION_INTEGER, TESS_OUTPUT_TRIANGLE_CW, e, bad_in),
             TESS_OK);
    CHECK_EQ(tess_out()->point_count, 9);
}

TEST(tess_refuses_invalid_configurations)
{
    const float e[4] = { 2, 2, 2, 2 }, in[2] = { 2, 2 };
    CHECK_EQ(run(TESS_DOMAIN_QUAD, TESS_PARTITION_INTEGER, TESS_OUTPUT_LINE, e, in), TESS_INVALID);
    CHECK_EQ(run(TESS_DOMAIN_TRI, TESS_PARTITION_INTEGER, TESS_OUTPUT_LINE, e, in), TESS_INVALID);
    CHECK_EQ(run(TESS_DOMAIN_ISOLINE, TESS_PARTITION_INTEGER, TESS_OUTPUT_TRIANGLE_CW, e, in),
             TESS_INVALID);
    CHECK_EQ(run((enum tess_domain)0, TESS_PARTITION_INTEGER, TESS_OUTPUT_POINT, e, in), TESS_INVALID);
    CHECK_EQ(run(TESS_DOMAIN_QUAD, (enum tess_partitioning)5, TESS_OUTPUT_POINT, e, in), TESS_INVALID);
    CHECK_EQ(tess_out()->point_count, 0);
}

static uint32_t snapshot(struct tess_output *copy)
{
    *copy = *tess_out();
    return copy->point_count;
}

static int same_output(const struct tess_output *a)
{
    const struct tess_output *b = tess_out();
    return a->point_count == b->point_count && a->index_count == b->index_count &&
           !memcmp(a->points, b->points, a->point_count * sizeof(a->points[0])) &&
           !memcmp(a->indices, b->indices, a->index_count * sizeof(a->indices[0]));
}

/* Clamping: out-of-range factors behave as the nearest bound, integer factors round up, pow2
 * is integer in hardware (11.7.7.1). */
TEST(tess_clamps_and_rounding)
{
    static struct tess_output ref;
    const float lo_e[4] = { 0.25f, 100, 2.2f, 1 }, lo_in[2] = { -5, 1e9f };
    const float eq_e[4] = { 1, 64, 3, 1 }, eq_in[2] = { 1, 64 };
    run(TESS_DOMAIN_QUAD, TESS_PARTITION_INTEGER, TESS_OUTPUT_TRIANGLE_CW, eq_e, eq_in);
    CHECK(snapshot(&ref) > 0);
    run(TESS_DOMAIN_QUAD, TESS_PARTITION_INTEGER, TESS_OUTPUT_TRIANGLE_CW, lo_e, lo_in);
    CHECK(same_output(&ref));
    run(TESS_DOMAIN_QUAD, TESS_PARTITION_POW2, TESS_OUTPUT_TRIANGLE_CW, lo_e, lo_in);
    CHECK(same_output(&ref));
    /* fractional_even below 2 is 2 */
    const float e1[3] = { 1, 0.5f, 2 }, e2[3] = { 2, 2, 2 }, in1[1] = { 1 }, in2[1] = { 2 };
    run(TESS_DOMAIN_TRI, TESS_PARTITION_FRACTIONAL_EVEN, TESS_OUTPUT_TRIANGLE_CW, e2, in2);
    snapshot(&ref);
    run(TESS_DOMAIN_TRI, TESS_PARTITION_FRACTIONAL_EVEN, TESS_OUTPUT_TRIANGLE_CW, e1, in1);
    CHECK(same_output(&ref));
    /* fractional_odd above 63 is 63 */
    const float o63[2] = { 1, 63 }, o80[2] = { 1, 80 };
    run(TESS_DOMAIN_ISOLINE, TESS_PARTITION_FRACTIONAL_ODD, TESS_OUTPUT_LINE, o63, NULL);
    snapshot(&ref);
    CHECK_EQ(ref.point_count, 64);
    run(TESS_DOMAIN_ISOLINE, TESS_PARTITION_FRACTIONAL_ODD, TESS_OUTPUT_LINE, o80, NULL);
    CHECK(same_output(&ref));
}

/* fractional_odd with an inside factor of 1 but an edge above 1: the inside is raised to
 * 1 + 2^-16, so an inner ring of 4 x 4 points exists (11.7.11.3); with every factor 1 the
 * patch stays the bare quad. */
TEST(tess_fractional_odd_forces_the_picture_frame)
{
    const float e[4] = { 3, 1, 1, 1 }, in[2] = { 1, 1 };
    CHECK_EQ(run(TESS_DOMAIN_QUAD, TESS_PARTITION_FRACTIONAL_ODD, TESS_OUTPUT_POINT, e, in), TESS_OK);
    CHECK_EQ(tess_out()->point_count, 6 + 4);   /* outer 4 + 2 + 2 + 2 - 4 corners, inner 2 x 2 */
    /* an inside factor above 1 alone also forces it */
    const float e1[4] = { 1, 1, 1, 1 }, in2[2] = { 1, 1.5f };
    CHECK_EQ(run(TESS_DOMAIN_QUAD, TESS_PARTITION_FRACTIONAL_ODD, TESS_OUTPUT_POINT, e1, in2), TESS_OK);
    CHECK_EQ(tess_out()->point_count, 4 + 4);
    const float tri_e[3] = { 1, 1, 1 }, tri_in[1] = { 1.5f };
    /* a tri patch looks only at its edges: all 1 there leaves the inside at 1... */
    CHECK_EQ(run(TESS_DOMAIN_TRI, TESS_PARTITION_FRACTIONAL_ODD, TESS_OUTPUT_POINT, tri_e, tri_in),
             TESS_OK);
    /* ...but 1.5 inside is not 1, so it is tessellated: 3 corners + a ring of 3 */
    CHECK_EQ(tess_out()->point_count, 3 + 3);
}

/* ---- invariants over the sweep ------------------------------------------------------------ */

static const float sweep[] = { 1, 1.5f, 2, 3.3f, 7, 64, 5, 6, 2.5f, 13.7f };
#define SWEEP_N (sizeof(sweep) / sizeof(sweep[0]))

static const enum tess_partitioning parts[] = { TESS_PARTITION_INTEGER, TESS_PARTITION_POW2,
                                                TESS_PARTITION_FRACTIONAL_ODD,
                                                TESS_PARTITION_FRACTIONAL_EVEN };

/* The points on an edge for a factor (11.7.10): integer rounds up, fractional_odd to the next
 * odd segment count (range [1, 63]), fractional_even to the next even one (range [2, 64]). */
static uint32_t edge_points(enum tess_partitioning p, float f)
{
    if (p == TESS_PARTITION_FRACTIONAL_ODD) {
        f = f < 1 ? 1 : f > 63 ? 63 : f;
        uint32_t s = (uint32_t)ceilf(f);
        return (s & 1u ? s : s + 1u) + 1u;
    }
    if (p == TESS_PARTITION_FRACTIONAL_EVEN) {
        f = f < 2 ? 2 : f > 64 ? 64 : f;
        uint32_t s = (uint32_t)ceilf(f);
        return (s & 1u ? s + 1u : s) + 1u;
    }
    f = f < 1 ? 1 : f > 64 ? 64 : f;
    return (uint32_t)ceilf(f) + 1u;
}

static int64_t fixed(float x)
{
    return (int64_t)llrintf(x * 65536.0f);
}

/* Points: in the domain, multiples of 2^-16, w = 1 - u - v for tri, no two equal. */
static void check_points(enum tess_domain d, bool degenerate_ok, const char *what)
{
    const struct tess_output *o = tess_out();
    for (uint32_t i = 0; i < o->point_count; i++) {
        const struct tess_point *p = &o->points[i];
        int64_t u = fixed(p->u), v = fixed(p->v), w = fixed(p->w);
        bool ok = (float)u / 65536.0f == p->u && (float)v / 65536.0f == p->v && u >= 0 &&
                  v >= 0 && u <= 65536 && v <= 65536;
        ok = ok && (d == TESS_DOMAIN_TRI ? u + v + w == 65536 && w >= 0 : w == 0);
        if (d == TESS_DOMAIN_ISOLINE)
            ok = ok && v < 65536;   /* no line at v == 1 */
        if (!ok) {
            harness_fail(__FILE__, __LINE__, "%s: point %u (%.9g, %.9g, %.9g) outside", what, i,
                         p->u, p->v, p->w);
            return;
        }
    }
    if (degenerate_ok)
        return;
    /* duplicates: sort keys */
    uint64_t *keys = malloc(o->point_count * sizeof(*keys) + 1);
    for (uint32_t i = 0; i < o->point_count; i++)
        keys[i] = ((uint64_t)fixed(o->points[i].u) << 32) | (uint64_t)fixed(o->points[i].v);
    for (uint32_t i = 1; i < o->point_count; i++)   /* insertion sort: at most 4225 */
        for (uint32_t j = i; j > 0 && keys[j - 1] > keys[j]; j--) {
            uint64_t t = keys[j];
            keys[j] = keys[j - 1];
            keys[j - 1] = t;
        }
    for (uint32_t i = 1; i < o->point_count; i++)
        if (keys[i] == keys[i - 1]) {
            harness_fail(__FILE__, __LINE__, "%s: duplicate point", what);
            break;
        }
    free(keys);
}

/* Points on the edge where coordinate `axis` (0 u, 1 v, 2 w) equals `value`: their count,
 * and the other parameter's symmetry about 1/2 (t present iff 1 - t present). */
static uint32_t edge_count_symmetric(int axis, int64_t value, int along, bool *symmetric)
{
    const struct tess_output *o = tess_out();
    uint32_t n = 0;
    *symmetric = true;
    for (uint32_t i = 0; i < o->point_count; i++) {
        const struct tess_point *p = &o->points[i];
        int64_t c[3] = { fixed(p->u), fixed(p->v), fixed(p->w) };
        if (c[axis] != value)
            continue;
        n++;
        bool found = false;
        for (uint32_t j = 0; j < o->point_count && !found; j++) {
            const struct tess_point *q = &o->points[j];
            int64_t e[3] = { fixed(q->u), fixed(q->v), fixed(q->w) };
            found = e[axis] == value && e[along] == 65536 - c[along];
        }
        *symmetric = *symmetric && found;
    }
    return n;
}

static bool on_boundary(enum tess_domain d, const struct tess_point *p)
{
    if (d == TESS_DOMAIN_TRI)
        return p->u == 0 || p->v == 0 || p->w == 0;
    return p->u == 0 || p->v == 0 || p->u == 1 || p->v == 1;
}

/* A triangulation of the domain: every triangle has the declared winding (area > 0 when
 * clockwise with v down, 11.5), each directed edge is used once, an edge used one way only
 * lies on the domain's boundary, every point is used, and the areas sum to the domain's. */
static void check_triangles(enum tess_domain d, bool ccw, bool degenerate_ok, const char *what)
{
    const struct tess_output *o = tess_out();
    uint32_t n = o->point_count, tris = o->index_count / 3;
    if (o->index_count % 3 || !n) {
        harness_fail(__FILE__, __LINE__, "%s: %u indices", what, o->index_count);
        return;
    }
    /* edge table: key a * n + b, open addressing */
    uint32_t cap = 1;
    while (cap < 8 * o->index_count)
        cap <<= 1;
    uint64_t *table = calloc(cap, sizeof(*table));
    uint8_t *used = calloc(n, 1);
    int64_t area2 = 0;   /* twice the area, in units of 2^-32 */
    bool ok = true;
    for (uint32_t t = 0; t < tris && ok; t++) {
        const uint32_t *ix = &o->indices[3 * t];
        if (ix[0] >= n || ix[1] >= n || ix[2] >= n) {
            harness_fail(__FILE__, __LINE__, "%s: triangle %u index out of range", what, t);
            ok = false;
            break;
        }
        const struct tess_point *a = &o->points[ix[0]], *b = &o->points[ix[1]],
                                *c = &o->points[ix[2]];
        int64_t cross = (fixed(b->u) - fixed(a->u)) * (fixed(c->v) - fixed(a->v)) -
                        (fixed(c->u) - fixed(a->u)) * (fixed(b->v) - fixed(a->v));
        if (ccw)
            cross = -cross;
        if (cross < 0 || (cross == 0 && !degenerate_ok)) {
            harness_fail(__FILE__, __LINE__, "%s: triangle %u (%u %u %u) wound wrong or degenerate",
                         what, t, ix[0], ix[1], ix[2]);
            ok = false;
        }
        area2 += cross;
        for (int k = 0; k < 3; k++) {
            used[ix[k]] = 1;
            uint64_t key = (uint64_t)ix[k] * n + ix[(k + 1) % 3] + 1;
            uint32_t h = (uint32_t)(key * 0x9e3779b97f4a7c15ull >> 40) & (cap - 1);
            while (table[h] && table[h] != key)
                h = (h + 1) & (cap - 1);
            if (table[h] == key) {
                harness_fail(__FILE__, __LINE__, "%s: edge %u-%u used twice", what, ix[k],
                             ix[(k + 1) % 3]);
                ok = false;
            }
            table[h] = key;
        }
    }
    for (uint32_t h = 0; h < cap && ok; h++) {
        if (!table[h])
            continue;
        uint64_t key = table[h] - 1;
        uint32_t a = (uint32_t)(key / n), b = (uint32_t)(key % n);
        uint64_t back = (uint64_t)b * n + a + 1;
        uint32_t g = (uint32_t)(back * 0x9e3779b97f4a7c15ull >> 40) & (cap - 1);
        while (table[g] && table[g] != back)
            g = (g + 1) & (cap - 1);
        if (!table[g] && !(on_boundary(d, &o->points[a]) && on_boundary(d, &o->points[b]))) {
            harness_fail(__FILE__, __LINE__, "%s: open edge %u-%u inside the domain", what, a, b);
            ok = false;
        }
    }
    for (uint32_t i = 0; i < n && ok; i++)
        if (!used[i]) {
            harness_fail(__FILE__, __LINE__, "%s: point %u unused", what, i);
            ok = false;
        }
    int64_t want = d == TESS_DOMAIN_TRI ? (int64_t)1 << 32 : (int64_t)2 << 32;
    if (ok && area2 != want)
        harness_fail(__FILE__, __LINE__, "%s: area %lld != %lld", what, (long long)area2,
                     (long long)want);
    free(table);
    free(used);
}

TEST(tess_quad_sweep)
{
    char what[128];
    for (size_t pi = 0; pi < 4; pi++)
        for (size_t a = 0; a < SWEEP_N; a++)
            for (size_t b = 0; b < SWEEP_N; b += 3)
                for (size_t i = 0; i < SWEEP_N; i += 2) {
                    enum tess_partitioning p = parts[pi];
                    /* edges: two of the sweep, inside != edge */
                    const float e[4] = { sweep[a], sweep[b], sweep[a], sweep[(b + 1) % SWEEP_N] };
                    const float in[2] = { sweep[i], sweep[(i + 3) % SWEEP_N] };
                    snprintf(what, sizeof(what), "quad p%d e{%g %g %g %g} i{%g %g}", (int)p, e[0],
                             e[1], e[2], e[3], in[0], in[1]);
                    bool cw = (a + b + i) & 1;
                    if (run(TESS_DOMAIN_QUAD, p, cw ? TESS_OUTPUT_TRIANGLE_CW : TESS_OUTPUT_TRIANGLE_CCW,
                            e, in) != TESS_OK) {
                        harness_fail(__FILE__, __LINE__, "%s: not OK", what);
                        continue;
                    }
                    /* fractional_odd raises an inside factor of 1 to 1 + 2^-16: its ring then
                     * lies on the edges, a degenerate frame (11.7.11.3, 11.7.14) */
                    bool degenerate = p == TESS_PARTITION_FRACTIONAL_ODD && (in[0] <= 1 || in[1] <= 1);
                    check_points(TESS_DOMAIN_QUAD, degenerate, what);
                    check_triangles(TESS_DOMAIN_QUAD, !cw, degenerate, what);
                    if (degenerate)
                        continue;
                    /* each edge: 11.7.10's point count, symmetric about its middle */
                    static const int axis[4] = { 0, 1, 0, 1 };
                    static const int64_t value[4] = { 0, 0, 65536, 65536 };
                    for (int k = 0; k < 4; k++) {
                        bool sym;
                        uint32_t cnt = edge_count_symmetric(axis[k], value[k], 1 - axis[k], &sym);
                        if (cnt != edge_points(p, e[k]) || !sym)
                            harness_fail(__FILE__, __LINE__, "%s: edge %d has %u points (want %u)%s",
                                         what, k, cnt, edge_points(p, e[k]), sym ? "" : ", asymmetric");
                    }
                }
}

TEST(tess_tri_sweep)
{
    char what[128];
    for (size_t pi = 0; pi < 4; pi++)
        for (size_t a = 0; a < SWEEP_N; a++)
            for (size_t b = 0; b < SWEEP_N; b += 2)
                for (size_t i = 0; i < SWEEP_N; i++) {
                    enum tess_partitioning p = parts[pi];
                    const float e[3] = { sweep[a], sweep[b], sweep[(a + b) % SWEEP_N] };
                    const float in[1] = { sweep[i] };
                    snprintf(what, sizeof(what), "tri p%d e{%g %g %g} i{%g}", (int)p, e[0], e[1],
                             e[2], in[0]);
                    bool cw = (a + i) & 1;
                    if (run(TESS_DOMAIN_TRI, p, cw ? TESS_OUTPUT_TRIANGLE_CW : TESS_OUTPUT_TRIANGLE_CCW,
                            e, in) != TESS_OK) {
                        harness_fail(__FILE__, __LINE__, "%s: not OK", what);
                        continue;
                    }
                    /* fractional_odd raises an inside factor of 1 to 1 + 2^-16: its ring then
                     * lies on the edges, a degenerate frame (11.7.11.3, 11.7.14) */
                    bool degenerate = p == TESS_PARTITION_FRACTIONAL_ODD && in[0] <= 1;
                    check_points(TESS_DOMAIN_TRI, degenerate, what);
                    check_triangles(TESS_DOMAIN_TRI, !cw, degenerate, what);
                    if (degenerate)
                        continue;
                    /* U==0 runs along v, V==0 along u (w), W==0 along u */
                    static const int axis[3] = { 0, 1, 2 }, along[3] = { 1, 0, 0 };
                    for (int k = 0; k < 3; k++) {
                        bool sym;
                        uint32_t cnt = edge_count_symmetric(axis[k], 0, along[k], &sym);
                        if (cnt != edge_points(p, e[k]) || !sym)
                            harness_fail(__FILE__, __LINE__, "%s: edge %d has %u points (want %u)%s",
                                         what, k, cnt, edge_points(p, e[k]), sym ? "" : ", asymmetric");
                    }
                }
}

TEST(tess_isoline_sweep)
{
    char what[96];
    for (size_t pi = 0; pi < 4; pi++)
        for (size_t a = 0; a < SWEEP_N; a++)
            for (size_t b = 0; b < SWEEP_N; b++) {
                enum tess_partitioning p = parts[pi];
                const float f[2] = { sweep[a], sweep[b] };
                snprintf(what, sizeof(what), "isoline p%d {%g %g}", (int)p, f[0], f[1]);
                CHECK_EQ(run(TESS_DOMAIN_ISOLINE, p, TESS_OUTPUT_LINE, f, NULL), TESS_OK);
                check_points(TESS_DOMAIN_ISOLINE, false, what);
                uint32_t lines = (uint32_t)ceilf(f[0]), per = edge_points(p, f[1]);
                CHECK_EQ(tess_out()->point_count, lines * per);
                CHECK_EQ(tess_out()->index_count, 2 * lines * (per - 1));
                /* line l at v = l / lines, its segments joining consecutive points */
                const struct tess_output *o = tess_out();
                for (uint32_t l = 0; l < lines && l * per < o->point_count; l++) {
                    bool sym;
                    uint32_t n = edge_count_symmetric(1, fixed(o->points[l * per].v), 0, &sym);
                    if (n != per || !sym)
                        harness_fail(__FILE__, __LINE__, "%s: line %u has %u points", what, l, n);
                }
                for (uint32_t k = 0; k + 1 < o->index_count; k += 2) {
                    const struct tess_point *s = &o->points[o->indices[k]],
                                            *t = &o->points[o->indices[k + 1]];
                    if (s->v != t->v || !(s->u < t->u)) {
                        harness_fail(__FILE__, __LINE__, "%s: segment %u", what, k / 2);
                        break;
                    }
                }
            }
}

/* Point output: one index per point, in point order; the points are those of the triangle
 * output (11.7.14: only unique points). */
TEST(tess_point_output_matches_triangle_points)
{
    static struct tess_output tri;
    const float e[4] = { 3.3f, 7, 1.5f, 64 }, in[2] = { 2, 13.7f };
    for (size_t pi = 0; pi < 4; pi++) {
        run(TESS_DOMAIN_QUAD, parts[pi], TESS_OUTPUT_TRIANGLE_CW, e, in);
        snapshot(&tri);
        CHECK_EQ(run(TESS_DOMAIN_QUAD, parts[pi], TESS_OUTPUT_POINT, e, in), TESS_OK);
        CHECK_EQ(tess_out()->point_count, tri.point_count);
        CHECK(!memcmp(tess_out()->points, tri.points, tri.point_count * sizeof(tri.points[0])));
        CHECK_EQ(tess_out()->index_count, tri.point_count);
        for (uint32_t i = 0; i < tess_out()->index_count; i++)
            if (tess_out()->indices[i] != i) {
                harness_fail(__FILE__, __LINE__, "point list index %u", i);
                break;
            }
    }
}

/* Symmetry: equal edge factors give a point set invariant under the domain's symmetries
 * (u -> 1 - u, v -> 1 - v and u <-> v for a quad with equal inside factors, exactly; any
 * permutation of u, v, w for a tri, to one 2^-16 step inside). */
static bool has_point_near(int64_t u, int64_t v, int64_t tolerance)
{
    const struct tess_output *o = tess_out();
    for (uint32_t i = 0; i < o->point_count; i++)
        if (llabs(fixed(o->points[i].u) - u) <= tolerance &&
            llabs(fixed(o->points[i].v) - v) <= tolerance)
            return true;
    return false;
}

static bool has_point(int64_t u, int64_t v)
{
    return has_point_near(u, v, 0);
}

TEST(tess_symmetry)
{
    for (size_t pi = 0; pi < 4; pi++)
        for (size_t a = 0; a < SWEEP_N; a++) {
            float f = sweep[a];
            const float e[4] = { f, f, f, f }, in[2] = { sweep[(a + 2) % SWEEP_N], sweep[(a + 2) % SWEEP_N] };
            run(TESS_DOMAIN_QUAD, parts[pi], TESS_OUTPUT_POINT, e, in);
            bool ok = true;
            const struct tess_output *o = tess_out();
            for (uint32_t i = 0; i < o->point_count && ok; i++) {
                int64_t u = fixed(o->points[i].u), v = fixed(o->points[i].v);
                ok = has_point(65536 - u, v) && has_point(u, 65536 - v) && has_point(v, u);
            }
            if (!ok)
                harness_fail(__FILE__, __LINE__, "quad p%d %g: not symmetric", (int)parts[pi], f);
            const float te[3] = { f, f, f }, ti[1] = { in[0] };
            run(TESS_DOMAIN_TRI, parts[pi], TESS_OUTPUT_POINT, te, ti);
            for (uint32_t i = 0; i < o->point_count && ok; i++) {
                int64_t u = fixed(o->points[i].u), v = fixed(o->points[i].v),
                        w = fixed(o->points[i].w);
                /* the inner rings' 2/3 scaling and halving round in 16.16, so the tri's
                 * interior is symmetric to one step; its edges exactly (tess_tri_sweep) */
                ok = has_point_near(v, u, 1) && has_point_near(w, v, 1) && has_point_near(u, w, 1);
            }
            if (!ok)
                harness_fail(__FILE__, __LINE__, "tri p%d %g: not symmetric", (int)parts[pi], f);
        }
}

/* Point counts of uniform integer patches: quad n x n is the (n+1)^2 grid with 2n^2
 * triangles; tri n has 3n boundary points and concentric rings inside. */
TEST(tess_uniform_integer_counts)
{
    for (uint32_t n = 1; n <= 64; n++) {
        float f = (float)n;
        const float e[4] = { f, f, f, f }, in[2] = { f, f };
        run(TESS_DOMAIN_QUAD, TESS_PARTITION_INTEGER, TESS_OUTPUT_TRIANGLE_CW, e, in);
        CHECK_EQ(tess_out()->point_count, (n + 1) * (n + 1));
        CHECK_EQ(tess_out()->index_count, 6 * n * n);
        run(TESS_DOMAIN_TRI, TESS_PARTITION_INTEGER, TESS_OUTPUT_TRIANGLE_CW, e, in);
        /* rings of 3(n - 2k) points for k = 0.. while positive, plus the centre if n is even:
         * the ring structure of 11.7.6.1 with the inside factor equal to the edges */
        uint32_t pts = 0;
        for (int64_t k = 0; (int64_t)n - 2 * k > 0; k++)
            pts += 3u * (uint32_t)((int64_t)n - 2 * k);
        if (!(n & 1))
            pts += 1;
        CHECK_EQ(tess_out()->point_count, pts);
        /* a triangulated disk: T = 2V - B - 2 */
        CHECK_EQ(tess_out()->index_count / 3, 2 * pts - 3 * n - 2);
    }
}

/* The largest patches fit and stay deterministic. */
TEST(tess_maximum_and_deterministic)
{
    static struct tess_output first;
    const float e[4] = { 64, 64, 64, 64 }, in[2] = { 64, 64 };
    CHECK_EQ(run(TESS_DOMAIN_QUAD, TESS_PARTITION_FRACTIONAL_EVEN, TESS_OUTPUT_TRIANGLE_CW, e, in),
             TESS_OK);
    CHECK_EQ(tess_out()->point_count, TESS_MAX_POINTS);
    CHECK_EQ(tess_out()->index_count, TESS_MAX_INDICES);
    snapshot(&first);
    run(TESS_DOMAIN_TRI, TESS_PARTITION_INTEGER, TESS_OUTPUT_TRIANGLE_CW, e, in);
    run(TESS_DOMAIN_QUAD, TESS_PARTITION_FRACTIONAL_EVEN, TESS_OUTPUT_TRIANGLE_CW, e, in);
    CHECK(same_output(&first));
    const float iso[2] = { 64, 64 };
    CHECK_EQ(run(TESS_DOMAIN_ISOLINE, TESS_PARTITION_INTEGER, TESS_OUTPUT_LINE, iso, NULL), TESS_OK);
    CHECK_EQ(tess_out()->point_count, 64 * 65);
}

/* fractional_odd, edges 3, inside 1: the inside becomes 1 + 2^-16 (11.7.11.3), whose one
 * point in transit sits at 2^-16 * 1/3 of the way, which rounds to 0 in 16.16: the inner ring
 * is the four corners again, and its frame degenerate (allowed, 11.7.14). */
TEST(tess_fractional_odd_inside_1_degenerate_frame)
{
    const float e[4] = { 3, 3, 3, 3 }, in[2] = { 1, 1 };
    CHECK_EQ(run(TESS_DOMAIN_QUAD, TESS_PARTITION_FRACTIONAL_ODD, TESS_OUTPUT_TRIANGLE_CW, e, in),
             TESS_OK);
    CHECK_EQ(tess_out()->point_count, 12 + 4);
    /* the inner ring, as the outer: from (0,1) clockwise */
    CHECK_POINT(12, 0, 1, 0);
    CHECK_POINT(13, 0, 0, 0);
    CHECK_POINT(14, 1, 0, 0);
    CHECK_POINT(15, 1, 1, 0);
    /* the outer ring's U==0 edge: 1, 2/3, 1/3 (0xaaab, 0x5555) */
    CHECK_POINT(0, 0, 1, 0);
    CHECK_POINT(1, 0, fx(0xaaab), 0);
    CHECK_POINT(2, 0, fx(0x5555), 0);
}
