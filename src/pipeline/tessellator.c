/* src/pipeline/tessellator.c — the fixed-function tessellator (tessellator.h).
 *
 * Read me first.  The D3D11.3 functional specification defines the tessellation pattern in
 * words in 11.7 and, as its "more concrete description" (11.7.1), by the reference tessellator
 * published with it; the point positions and the connectivity below follow that definition, so
 * they are the points and triangles the specification's pictures show.  The shape:
 *
 *  1. Factor processing (11.7.11, 11.7.12): a patch with an edge factor <= 0 or NaN is culled;
 *     edge factors are clamped to the partitioning's range ([1,64] integer and pow2 — the
 *     hardware treats pow2 as integer, 11.7.7.1 —, [2,64] fractional_even, [1,63]
 *     fractional_odd) and rounded up for integer; inside factors likewise, NaN to the lower
 *     bound, and for fractional_odd the lower bound becomes 1 + 2^-16 once any factor exceeds
 *     1 + 2^-17, so that a "picture frame" exists.  Then everything is 16.16 fixed point, from
 *     the D3D float->fixed conversion (round to nearest even, 3.2.4.1).
 *  2. One dimension (11.7.3-11.7.5): a factor gives a segment count (the next odd or even
 *     number) and a half edge of points.  Points of a fractional factor move from their place
 *     on the floor factor's uniform spacing to the ceiling factor's, the new pair splitting off
 *     at the position the ruler function picks; the second half mirrors the first (1 - t), so a
 *     shared edge is watertight (11.7.13).
 *  3. Points: the outer ring, edge by edge, then the inner rings spiralling to the centre; the
 *     rings use the inside factor(s).  For tri patches the inner rings are pushed inward in
 *     barycentric space (scaled by 2/3).
 *  4. Connectivity (11.7.6): the outermost frame stitches each edge's points to the first inner
 *     ring in ruler-function order (tess_stitch_transition); inner rings are joined by rows of
 *     quads with mirrored diagonals (tess_stitch_regular); the centre is one triangle (odd tri),
 *     a point (even tri) or a strip of quads (quad).
 *
 * Rows.  A stitch joins an outer row of points to an inner one.  Rings are stored contiguously
 * but the last side of a ring wraps to its first point, and an even quad's innermost "ring" is
 * a line walked out and back; each stitch therefore gets its two rows as small arrays of point
 * indices (tess_row), built by the caller, and the stitches only walk positions in them.
 */
#include "pipeline/tessellator.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

typedef uint32_t fxp;   /* unsigned 16.16 fixed point: every value here is in [0, 65] */

#define FXP_FRAC_BITS 16
#define FXP_ONE (1u << FXP_FRAC_BITS)
#define FXP_HALF 0x8000u
#define FXP_ONE_THIRD 0x5555u
#define FXP_TWO_THIRDS 0xaaaau

/* The TessFactor limits (D3D11_TESSELLATOR_* constants of the specification's chapter 26). */
#define TESS_MIN_ODD 1.0f
#define TESS_MAX_ODD 63.0f
#define TESS_MIN_EVEN 2.0f
#define TESS_MAX_EVEN 64.0f
#define TESS_MIN_ISOLINE_DENSITY 1.0f
#define TESS_MAX_ISOLINE_DENSITY 64.0f
/* 2^-16, the smallest positive 16.16 fraction (11.7.11.3's EPSILON). */
#define TESS_EPSILON 0.0000152587890625f

/* The largest row a stitch sees: 65 points on an edge, plus one for the wrap. */
#define TESS_ROW_MAX 68

enum tess_parity { TESS_EVEN, TESS_ODD };

/* One TessFactor, prepared for placing points along its edge or axis. */
struct tess_axis {
    enum tess_parity parity;
    fxp half_fraction;        /* fractional part of half the factor (the lerp weight) */
    uint32_t half_points;     /* points on one half, not counting an even factor's middle */
    uint32_t split_point;     /* where the ruler function inserts the pair in transit */
    fxp inv_floor_segments;   /* 1 / segments of the floor and ceiling factors */
    fxp inv_ceil_segments;
    uint32_t points;          /* points on the whole edge, both ends included */
};

struct tess_row {
    uint32_t index[TESS_ROW_MAX];
};

struct tess_ctx {
    struct tess_output *out;
    bool ccw;
    bool overflow;
};

/* ---- float processing ------------------------------------------------------------------ */

/* fmin(upper, fmax(lower, x)) with the D3D rules: NaN becomes the lower bound (11.7.11.3). */
static float tess_clamp(float x, float lower, float upper)
{
    if (!(x > lower))
        x = lower;
    return x > upper ? upper : x;
}

/* The D3D float->fixed conversion to unsigned 15.16 with round to nearest even (3.2.4.1), for
 * the clamped factors in [1, 64]: x * 2^16 is exact in double, only the rounding remains. */
static fxp tess_to_fixed(float x)
{
    double v = (double)x * 65536.0;
    double f = floor(v);
    double rest = v - f;
    fxp r = (fxp)f;
    if (rest > 0.5 || (rest == 0.5 && (r & 1u)))
        r++;
    return r;
}

/* The exact float of a 16.16 value (at most 17 integer + 16 fraction bits: exact). */
static float tess_to_float(fxp x)
{
    return (float)x / 65536.0f;
}

static fxp fxp_floor(fxp x)
{
    return x & ~(FXP_ONE - 1u);
}

static fxp fxp_ceil(fxp x)
{
    return (x & (FXP_ONE - 1u)) ? fxp_floor(x) + FXP_ONE : x;
}

/* round(2^16 / n): the reciprocals the reference table lists for 1..64 (no ties occur). */
static fxp fxp_reciprocal(uint32_t n)
{
    return n ? (FXP_ONE + n / 2u) / n : 0xffffffffu;
}

static uint32_t clear_top_bit(uint32_t v)
{
    for (uint32_t bit = 1u << 31; bit; bit >>= 1)
        if (v & bit)
            return v & ~bit;
    return 0;
}

/* ---- one dimension ----------------------------------------------------------------------- */

static uint32_t tess_axis_points(fxp factor, enum tess_parity parity)
{
    fxp half = (factor + 1u) / 2u;
    if (parity == TESS_ODD)
        return (fxp_ceil(FXP_HALF + half) * 2u) >> FXP_FRAC_BITS;
    return ((fxp_ceil(half) * 2u) >> FXP_FRAC_BITS) + 1u;
}

static void tess_axis_init(struct tess_axis *a, fxp factor, enum tess_parity parity)
{
    fxp half = (factor + 1u) / 2u;
    /* An odd factor's half edge is counted from the middle of the centre segment; a factor
     * of 1 in an even context is placed as if it were odd (the one case with half == 1/2). */
    if (parity == TESS_ODD || half == FXP_HALF)
        half += FXP_HALF;
    fxp lo = fxp_floor(half), hi = fxp_ceil(half);
    a->parity = parity;
    a->half_fraction = half - lo;
    a->half_points = hi >> FXP_FRAC_BITS;
    if (hi == lo)
        a->split_point = a->half_points + 1u;   /* no pair in transit: never reached */
    else if (parity == TESS_ODD)
        a->split_point = lo == FXP_ONE ? 0u
                                       : (clear_top_bit((lo >> FXP_FRAC_BITS) - 1u) << 1) + 1u;
    else
        a->split_point = (clear_top_bit(lo >> FXP_FRAC_BITS) << 1) + 1u;
    uint32_t lo_segments = (lo * 2u) >> FXP_FRAC_BITS, hi_segments = (hi * 2u) >> FXP_FRAC_BITS;
    if (parity == TESS_ODD) {
        lo_segments--;
        hi_segments--;
    }
    a->inv_floor_segments = fxp_reciprocal(lo_segments);
    a->inv_ceil_segments = fxp_reciprocal(hi_segments);
    a->points = tess_axis_points(factor, parity);
}

/* The position of point i (0 .. points-1) along the axis. */
static fxp tess_axis_place(const struct tess_axis *a, uint32_t i)
{
    bool mirrored = false;
    if (i >= a->half_points) {
        i = (a->half_points << 1) - i;
        if (a->parity == TESS_ODD)
            i--;
        mirrored = true;
    }
    /* The middle of an even edge is exactly 1/2; the lerp below cannot always reproduce it. */
    if (i == a->half_points)
        return FXP_HALF;
    uint32_t on_ceil = i, on_floor = i > a->split_point ? i - 1u : i;
    fxp at_floor = on_floor * a->inv_floor_segments;
    fxp at_ceil = on_ceil * a->inv_ceil_segments;
    fxp t = at_floor * (FXP_ONE - a->half_fraction) + at_ceil * a->half_fraction;
    t = (t + FXP_HALF) >> FXP_FRAC_BITS;
    return mirrored ? FXP_ONE - t : t;
}

/* ---- output ------------------------------------------------------------------------------- */

static void tess_point_put(struct tess_ctx *c, uint32_t at, fxp u, fxp v, bool tri)
{
    if (at >= TESS_MAX_POINTS) {
        c->overflow = true;
        return;
    }
    struct tess_point *p = &c->out->points[at];
    p->u = tess_to_float(u);
    p->v = tess_to_float(v);
    /* 1 - u - v of two multiples of 2^-16 in [0, 1] is exact in float as well. */
    p->w = tri ? tess_to_float(FXP_ONE - u - v) : 0.0f;
}

static void tess_index_put(struct tess_ctx *c, uint32_t index)
{
    if (c->out->index_count >= TESS_MAX_INDICES) {
        c->overflow = true;
        return;
    }
    c->out->indices[c->out->index_count++] = index;
}

/* Every triangle is generated clockwise in the domain (11.5); triangle_ccw swaps two. */
static void tess_triangle(struct tess_ctx *c, uint32_t a, uint32_t b, uint32_t d)
{
    tess_index_put(c, a);
    tess_index_put(c, c->ccw ? d : b);
    tess_index_put(c, c->ccw ? b : d);
}

static void tess_points_as_list(struct tess_ctx *c)
{
    for (uint32_t i = 0; i < c->out->point_count; i++)
        tess_index_put(c, i);
}

/* A row of count points numbered start, start + step, ...; wrap_last replaces the last one
 * (the ring's first point, where a ring closes). */
static void tess_row_fill(struct tess_row *r, uint32_t start, int step, uint32_t count)
{
    for (uint32_t k = 0; k < count && k < TESS_ROW_MAX; k++)
        r->index[k] = (uint32_t)((int64_t)start + (int64_t)step * (int64_t)k);
}

static void tess_row_wrap(struct tess_row *r, uint32_t count, uint32_t first)
{
    if (count && count <= TESS_ROW_MAX)
        r->index[count - 1] = first;
}

/* ---- stitching -------------------------------------------------------------------------- */

enum tess_diagonals {
    TESS_DIAG_INSIDE_TO_OUTSIDE,
    TESS_DIAG_INSIDE_TO_OUTSIDE_EXCEPT_MIDDLE,
    TESS_DIAG_MIRRORED,
};

/* The two moves of a stitch: a triangle with its base on the outer row (outer advances) or on
 * the inner row (inner advances). */
static void tess_advance_outer(struct tess_ctx *c, const struct tess_row *in, uint32_t *ip,
                               const struct tess_row *out, uint32_t *op)
{
    tess_triangle(c, out->index[*op], out->index[*op + 1], in->index[*ip]);
    (*op)++;
}

static void tess_advance_inner(struct tess_ctx *c, const struct tess_row *in, uint32_t *ip,
                               const struct tess_row *out, uint32_t *op)
{
    tess_triangle(c, in->index[*ip], out->index[*op], in->index[*ip + 1]);
    (*ip)++;
}

/* Rows of equal length (inner_points on the inner row; one more on each end of the outer row
 * when trapezoid): a row of quads, two triangles each, diagonals as asked. */
static void tess_stitch_regular(struct tess_ctx *c, bool trapezoid, enum tess_diagonals diag,
                                uint32_t inner_points, const struct tess_row *in,
                                const struct tess_row *out)
{
    uint32_t ip = 0, op = 0;
    if (inner_points > TESS_ROW_MAX - 2) {
        c->overflow = true;
        return;
    }
    if (trapezoid)
        tess_advance_outer(c, in, &ip, out, &op);
    uint32_t quads = inner_points ? inner_points - 1u : 0u;
    /* quads whose diagonal runs from the outer row's near corner to the inner row's far one */
    uint32_t first_half = 0, middle = quads;
    if (diag == TESS_DIAG_MIRRORED)
        first_half = inner_points / 2u < quads ? inner_points / 2u : quads;
    for (uint32_t q = 0; q < quads; q++) {
        uint32_t i = in->index[ip], o = out->index[op];
        uint32_t i1 = in->index[ip + 1], o1 = out->index[op + 1];
        if (diag == TESS_DIAG_INSIDE_TO_OUTSIDE_EXCEPT_MIDDLE) {
            middle = inner_points / 2u - 1u;
            if (q == middle) {
                tess_triangle(c, o, i1, i);
                tess_triangle(c, o, o1, i1);
            } else {
                tess_triangle(c, o, o1, i);
                tess_triangle(c, i, o1, i1);
            }
        } else if (q < first_half) {
            tess_triangle(c, o, i1, i);
            tess_triangle(c, o, o1, i1);
        } else {
            tess_triangle(c, i, o, o1);
            tess_triangle(c, i, o1, i1);
        }
        ip++;
        op++;
    }
    if (trapezoid)
        tess_advance_outer(c, in, &ip, out, &op);
}

/* Where the i-th point of a half edge, in ruler-function split order, lies on the finest half
 * edge (32 points): the order in which the transition walks both rows (11.7.5, 11.7.6.2). */
static const uint8_t tess_ruler_position[33] = {
    0, 32, 16, 8, 17, 4, 18, 9, 19, 2, 20, 10, 21, 5, 22, 11, 23,
    1, 24, 12, 25, 6, 26, 13, 27, 3, 28, 14, 29, 7, 30, 15, 31,
};

/* The picture-frame side between an edge (outer row, its own factor) and the first inner ring
 * (inner row, the inside factor): each half walks both rows in ruler order, advancing the row
 * whose factor already has the point; the middle closes with a quad or a triangle. */
static void tess_stitch_transition(struct tess_ctx *c, const struct tess_row *in,
                                   const struct tess_axis *in_axis, const struct tess_row *out,
                                   const struct tess_axis *out_axis)
{
    uint32_t in_half = in_axis->half_points - (in_axis->parity == TESS_ODD ? 1u : 0u);
    uint32_t out_half = out_axis->half_points - (out_axis->parity == TESS_ODD ? 1u : 0u);
    uint32_t ip = 0, op = 0;
    if (in_axis->points > TESS_ROW_MAX - 2 || out_axis->points > TESS_ROW_MAX - 2) {
        c->overflow = true;
        return;
    }
    if (tess_ruler_position[0] < out_half)
        tess_advance_outer(c, in, &ip, out, &op);
    for (uint32_t i = 1; i <= 32; i++) {
        if (tess_ruler_position[i] < in_half)
            tess_advance_inner(c, in, &ip, out, &op);
        if (tess_ruler_position[i] < out_half)
            tess_advance_outer(c, in, &ip, out, &op);
    }
    if (in_axis->parity != out_axis->parity || in_axis->parity == TESS_ODD) {
        if (in_axis->parity == out_axis->parity) {
            /* both odd: the middle segments face each other as a quad */
            tess_triangle(c, in->index[ip], out->index[op], in->index[ip + 1]);
            tess_triangle(c, in->index[ip + 1], out->index[op], out->index[op + 1]);
            ip++;
            op++;
        } else if (in_axis->parity == TESS_EVEN) {
            tess_advance_outer(c, in, &ip, out, &op);   /* a triangle pointing inside */
        } else {
            tess_advance_inner(c, in, &ip, out, &op);   /* a triangle pointing outside */
        }
    }
    for (uint32_t i = 32; i >= 1; i--) {
        if (tess_ruler_position[i] < out_half)
            tess_advance_outer(c, in, &ip, out, &op);
        if (tess_ruler_position[i] < in_half)
            tess_advance_inner(c, in, &ip, out, &op);
    }
    if (tess_ruler_position[0] < out_half)
        tess_advance_outer(c, in, &ip, out, &op);
}

/* ---- factor processing ---------------------------------------------------------------- */

static void tess_bounds(enum tess_partitioning p, float *lower, float *upper)
{
    switch (p) {
    case TESS_PARTITION_FRACTIONAL_EVEN:
        *lower = TESS_MIN_EVEN;
        *upper = TESS_MAX_EVEN;
        break;
    case TESS_PARTITION_FRACTIONAL_ODD:
        *lower = TESS_MIN_ODD;
        *upper = TESS_MAX_ODD;
        break;
    default:   /* integer and pow2 */
        *lower = TESS_MIN_ODD;
        *upper = TESS_MAX_EVEN;
        break;
    }
}

static bool tess_integer(enum tess_partitioning p)
{
    return p == TESS_PARTITION_INTEGER || p == TESS_PARTITION_POW2;
}

static enum tess_parity tess_parity_of_integer(float x)
{
    return ((int)x & 1) ? TESS_ODD : TESS_EVEN;
}

/* The fixed-point factors of a tri (edges 3, inside 1) or quad (edges 4, inside 2) patch after
 * 11.7.11's clamps, with each one's parity.  False when the patch is culled. */
struct tess_factors {
    fxp edge[4], inside[2];
    enum tess_parity edge_parity[4], inside_parity[2];
};

static bool tess_process(enum tess_partitioning part, const float *edge_in, uint32_t edges,
                         const float *inside_in, uint32_t insides, struct tess_factors *f)
{
    float edge[4], inside[2], lower, upper;
    for (uint32_t e = 0; e < edges; e++)
        if (!(edge_in[e] > 0.0f))   /* <= 0 or NaN: culled (11.7.12) */
            return false;
    tess_bounds(part, &lower, &upper);
    bool integer = tess_integer(part);
    bool frame = false;
    for (uint32_t e = 0; e < edges; e++) {
        edge[e] = tess_clamp(edge_in[e], lower, upper);
        if (integer)
            edge[e] = ceilf(edge[e]);
        frame |= edge[e] > TESS_MIN_ODD + TESS_EPSILON / 2.0f;
    }
    /* fractional_odd: when any factor will exceed 1 after the fixed-point conversion, the
     * inside factors are kept above 1 so that the transition frame exists (11.7.11.3).  The
     * quad patch also looks at its (unclamped) inside factors; a tri patch has only one. */
    if (part == TESS_PARTITION_FRACTIONAL_ODD) {
        if (insides == 2)
            for (uint32_t a = 0; a < insides; a++)
                frame |= inside_in[a] > TESS_MIN_ODD + TESS_EPSILON / 2.0f;
        if (frame)
            lower = TESS_MIN_ODD + TESS_EPSILON;
    }
    for (uint32_t a = 0; a < insides; a++) {
        inside[a] = tess_clamp(inside_in[a], lower, upper);
        if (integer)
            inside[a] = ceilf(inside[a]);
    }
    enum tess_parity fixed_parity = part == TESS_PARTITION_FRACTIONAL_ODD ? TESS_ODD : TESS_EVEN;
    for (uint32_t e = 0; e < edges; e++) {
        f->edge[e] = tess_to_fixed(edge[e]);
        f->edge_parity[e] = integer ? tess_parity_of_integer(edge[e]) : fixed_parity;
    }
    for (uint32_t a = 0; a < insides; a++) {
        f->inside[a] = tess_to_fixed(inside[a]);
        /* an integer inside factor of 1 is tessellated as even (a degenerate frame) */
        f->inside_parity[a] = !integer ? fixed_parity
                              : inside[a] == 1.0f ? TESS_EVEN
                                                   : tess_parity_of_integer(inside[a]);
    }
    return true;
}

/* Integer and fractional_odd patches whose factors are all exactly 1 are the bare patch. */
static bool tess_all_one(enum tess_partitioning part, const struct tess_factors *f,
                         uint32_t edges, uint32_t insides)
{
    if (part == TESS_PARTITION_FRACTIONAL_EVEN)
        return false;
    for (uint32_t e = 0; e < edges; e++)
        if (f->edge[e] != FXP_ONE)
            return false;
    for (uint32_t a = 0; a < insides; a++)
        if (f->inside[a] != FXP_ONE)
            return false;
    return true;
}

static uint32_t tess_inside_points(const struct tess_axis *a)
{
    /* at least one inner ring: 4 points odd, 3 even (the middle one) */
    uint32_t min = a->parity == TESS_ODD ? 4u : 3u;
    return a->points > min ? a->points : min;
}

/* ---- quad domain ------------------------------------------------------------------------ */

struct tess_quad {
    struct tess_axis edge[4], inside[2];
    uint32_t inside_points[2];
    uint32_t outer_points;   /* points of the outer ring = first inner point's index */
};

static void tess_quad_points(struct tess_ctx *c, const struct tess_quad *q)
{
    uint32_t at = 0;
    /* The outer ring clockwise from (0,1): U==0 upward... as the edges come: U==0 (v from 1
     * to 0), V==0 (u from 0 to 1), U==1 (v from 0 to 1), V==1 (u from 1 to 0). */
    for (uint32_t e = 0; e < 4; e++) {
        uint32_t last = q->edge[e].points - 1u;
        for (uint32_t p = 0; p < last; p++, at++) {
            fxp t = tess_axis_place(&q->edge[e], (e == 1 || e == 2) ? p : last - p);
            if (e & 1)
                tess_point_put(c, at, t, e == 3 ? FXP_ONE : 0, false);
            else
                tess_point_put(c, at, e == 2 ? FXP_ONE : 0, t, false);
        }
    }
    /* The inner rings, same order, spiralling in. */
    uint32_t nu = q->inside_points[0], nv = q->inside_points[1];
    uint32_t rings = (nu < nv ? nu : nv) >> 1;
    for (uint32_t r = 1; r < rings; r++) {
        uint32_t end[2] = { nu - 1u - r, nv - 1u - r };
        for (uint32_t e = 0; e < 4; e++) {
            uint32_t across = e & 1u, along = (e + 1u) & 1u;
            fxp perp = tess_axis_place(&q->inside[across], e < 2 ? r : end[across]);
            for (uint32_t p = r; p < end[along]; p++, at++) {
                uint32_t i = (e == 1 || e == 2) ? p : end[along] - (p - r);
                fxp t = tess_axis_place(&q->inside[along], i);
                if (along)
                    tess_point_put(c, at, perp, t, false);
                else
                    tess_point_put(c, at, t, perp, false);
            }
        }
    }
    /* An even axis leaves a last "ring" that is a line of points through the middle. */
    if (nu > nv && q->inside[1].parity == TESS_EVEN) {
        for (uint32_t p = rings; p <= nu - 1u - rings; p++, at++)
            tess_point_put(c, at, tess_axis_place(&q->inside[0], p), FXP_HALF, false);
    } else if (nv >= nu && q->inside[0].parity == TESS_EVEN) {
        for (uint32_t p = nv - 1u - rings + 1u; p-- > rings; at++)
            tess_point_put(c, at, FXP_HALF, tess_axis_place(&q->inside[1], p), false);
    }
}

static void tess_quad_connect(struct tess_ctx *c, const struct tess_quad *q)
{
    uint32_t nu = q->inside_points[0], nv = q->inside_points[1];
    uint32_t to_centre[2] = { (nu + 1u) >> 1, (nv + 1u) >> 1 };
    uint32_t rings = to_centre[0] < to_centre[1] ? to_centre[0] : to_centre[1];
    /* The ring at which a side along axis a meets an even perpendicular axis's middle line:
     * there the inner row is that line, walked back on the second pass. */
    int64_t line_ring[2] = {
        q->inside[1].parity == TESS_EVEN ? (int64_t)to_centre[1] - 1 : -1,
        q->inside[0].parity == TESS_EVEN ? (int64_t)to_centre[0] - 1 : -1,
    };
    uint32_t outer_points[4];
    for (uint32_t e = 0; e < 4; e++)
        outer_points[e] = q->edge[e].points;
    uint32_t in_base = q->outer_points, out_base = 0;
    struct tess_row in, out;
    for (uint32_t r = 1; r < rings; r++) {
        uint32_t inner_points[2] = { nu - 2u * r, nv - 2u * r };
        uint32_t ring_in = in_base, ring_out = out_base;
        for (uint32_t e = 0; e < 4; e++) {
            uint32_t a = (e + 1u) & 1u, n_in = inner_points[a], n_out = outer_points[e];
            bool line = (int64_t)r == line_ring[a];
            tess_row_fill(&out, out_base, 1, n_out);
            if (e == 3)
                tess_row_wrap(&out, n_out, ring_out);
            if (line && (e == 2 || e == 3)) {
                tess_row_fill(&in, in_base, -1, n_in);
            } else {
                tess_row_fill(&in, in_base, 1, n_in);
                if (e == 3)
                    tess_row_wrap(&in, n_in, ring_in);
            }
            if (r == 1)
                tess_stitch_transition(c, &in, &q->inside[a], &out, &q->edge[e]);
            else
                tess_stitch_regular(c, true, TESS_DIAG_MIRRORED, n_in, &in, &out);
            out_base += n_out - 1u;
            if (line && e == 2)
                in_base -= n_in - 1u;
            else
                in_base += n_in - 1u;
            outer_points[e] = n_in;
        }
    }
    /* The centre: a strip of quads along the longer axis when the shorter one is odd. */
    uint32_t o = out_base;
    if (nu > nv && q->inside[1].parity == TESS_ODD) {
        uint32_t s = (((nu >> 1) - (nv >> 1)) << 1) + (q->inside[0].parity == TESS_EVEN ? 2u : 1u);
        tess_row_fill(&out, o + 1u, 1, s + 1u);
        tess_row_fill(&in, o + 2u * s + 2u, -1, s + 1u);
        in.index[0] = o;
        tess_stitch_regular(c, false, TESS_DIAG_INSIDE_TO_OUTSIDE, s + 1u, &in, &out);
    } else if (nv >= nu && q->inside[0].parity == TESS_ODD) {
        uint32_t s = (((nv >> 1) - (nu >> 1)) << 1) + (q->inside[1].parity == TESS_EVEN ? 2u : 1u);
        tess_row_fill(&out, o, 1, s + 1u);
        tess_row_fill(&in, o + 2u * s + 1u, -1, s + 1u);
        tess_stitch_regular(c, false,
                            q->inside[1].parity == TESS_EVEN
                                ? TESS_DIAG_INSIDE_TO_OUTSIDE
                                : TESS_DIAG_INSIDE_TO_OUTSIDE_EXCEPT_MIDDLE,
                            s + 1u, &in, &out);
    }
}

/* The domain functions write the points and, when triangles asks, the triangles; false when
 * the patch is culled. */
static bool tess_quad(struct tess_ctx *c, enum tess_partitioning part, const float *edge,
                      const float *inside, bool triangles)
{
    struct tess_factors f;
    if (!tess_process(part, edge, 4, inside, 2, &f))
        return false;
    if (tess_all_one(part, &f, 4, 2)) {
        tess_point_put(c, 0, 0, 0, false);
        tess_point_put(c, 1, FXP_ONE, 0, false);
        tess_point_put(c, 2, FXP_ONE, FXP_ONE, false);
        tess_point_put(c, 3, 0, FXP_ONE, false);
        c->out->point_count = 4;
        if (triangles) {
            tess_triangle(c, 0, 1, 3);
            tess_triangle(c, 1, 2, 3);
        }
        return true;
    }
    struct tess_quad q;
    for (uint32_t e = 0; e < 4; e++)
        tess_axis_init(&q.edge[e], f.edge[e], f.edge_parity[e]);
    for (uint32_t a = 0; a < 2; a++) {
        tess_axis_init(&q.inside[a], f.inside[a], f.inside_parity[a]);
        q.inside_points[a] = tess_inside_points(&q.inside[a]);
    }
    q.outer_points = q.edge[0].points + q.edge[1].points + q.edge[2].points + q.edge[3].points - 4u;
    c->out->point_count = q.outer_points + (q.inside_points[0] - 2u) * (q.inside_points[1] - 2u);
    if (c->out->point_count > TESS_MAX_POINTS) {
        c->overflow = true;
        return true;
    }
    tess_quad_points(c, &q);
    if (triangles)
        tess_quad_connect(c, &q);
    return true;
}

/* ---- tri domain --------------------------------------------------------------------------- */

struct tess_tri {
    struct tess_axis edge[3], inside;
    uint32_t inside_points;
    uint32_t outer_points;
};

static void tess_tri_points(struct tess_ctx *c, const struct tess_tri *t)
{
    uint32_t at = 0;
    /* The outer ring clockwise from V==1: the U==0 edge (v from 1 to 0), V==0 (u from 0 to 1),
     * W==0 (u from 1 to 0, v = 1 - u). */
    for (uint32_t e = 0; e < 3; e++) {
        uint32_t last = t->edge[e].points - 1u;
        for (uint32_t p = 0; p < last; p++, at++) {
            fxp x = tess_axis_place(&t->edge[e], (e & 1) ? p : last - p);
            if (e == 0)
                tess_point_put(c, at, 0, x, true);
            else
                tess_point_put(c, at, x, e == 2 ? FXP_ONE - x : 0, true);
        }
    }
    /* The inner rings: a ring r places its points with the inside factor's 1D spacing, moved
     * inward: the perpendicular coordinate is the 1D position scaled by 2/3, and the two
     * parallel ones each lose half of it. */
    uint32_t n = t->inside_points, rings = n >> 1;
    for (uint32_t r = 1; r < rings; r++) {
        uint32_t end = n - 1u - r;
        for (uint32_t e = 0; e < 3; e++) {
            fxp perp = tess_axis_place(&t->inside, r);
            perp = (perp * FXP_TWO_THIRDS + FXP_HALF) >> FXP_FRAC_BITS;
            fxp shift = (perp + 1u) / 2u;
            for (uint32_t p = r; p < end; p++, at++) {
                fxp x = tess_axis_place(&t->inside, (e & 1) ? p : end - (p - r)) - shift;
                if (e == 0)
                    tess_point_put(c, at, perp, x, true);
                else if (e == 1)
                    tess_point_put(c, at, x, perp, true);
                else
                    tess_point_put(c, at, x, FXP_ONE - x - perp, true);
            }
        }
    }
    if (t->inside.parity == TESS_EVEN)
        tess_point_put(c, at, FXP_ONE_THIRD, FXP_ONE_THIRD, true);   /* the centre */
}

static void tess_tri_connect(struct tess_ctx *c, const struct tess_tri *t)
{
    uint32_t n = t->inside_points, rings = (n + 1u) >> 1;   /* an even centre point included */
    uint32_t outer_points[3];
    for (uint32_t e = 0; e < 3; e++)
        outer_points[e] = t->edge[e].points;
    uint32_t in_base = t->outer_points, out_base = 0;
    struct tess_row in, out;
    for (uint32_t r = 1; r < rings; r++) {
        uint32_t n_in = n - 2u * r, ring_in = in_base, ring_out = out_base;
        for (uint32_t e = 0; e < 3; e++) {
            tess_row_fill(&in, in_base, 1, n_in);
            tess_row_fill(&out, out_base, 1, outer_points[e]);
            if (e == 2) {
                tess_row_wrap(&in, n_in, ring_in);
                tess_row_wrap(&out, outer_points[e], ring_out);
            }
            if (r == 1)
                tess_stitch_transition(c, &in, &t->inside, &out, &t->edge[e]);
            else
                tess_stitch_regular(c, true, TESS_DIAG_MIRRORED, n_in, &in, &out);
            out_base += outer_points[e] - 1u;
            in_base += n_in - 1u;
            outer_points[e] = n_in;
        }
    }
    if (t->inside.parity == TESS_ODD)
        tess_triangle(c, out_base, out_base + 1u, out_base + 2u);   /* the centre */
}

static bool tess_tri(struct tess_ctx *c, enum tess_partitioning part, const float *edge,
                     const float *inside, bool triangles)
{
    struct tess_factors f;
    if (!tess_process(part, edge, 3, inside, 1, &f))
        return false;
    if (tess_all_one(part, &f, 3, 1)) {
        tess_point_put(c, 0, 0, FXP_ONE, true);
        tess_point_put(c, 1, 0, 0, true);
        tess_point_put(c, 2, FXP_ONE, 0, true);
        c->out->point_count = 3;
        if (triangles)
            tess_triangle(c, 0, 1, 2);
        return true;
    }
    struct tess_tri t;
    for (uint32_t e = 0; e < 3; e++)
        tess_axis_init(&t.edge[e], f.edge[e], f.edge_parity[e]);
    tess_axis_init(&t.inside, f.inside[0], f.inside_parity[0]);
    t.inside_points = tess_inside_points(&t.inside);
    t.outer_points = t.edge[0].points + t.edge[1].points + t.edge[2].points - 3u;
    /* inner rings of 3 * (ring points - 1) points each, plus the centre of an even factor */
    uint32_t r = (t.inside_points >> 1) - 1u;
    uint32_t inner = t.inside.parity == TESS_ODD ? 3u * r * r : 3u * r * (r + 1u) + 1u;
    c->out->point_count = t.outer_points + inner;
    if (c->out->point_count > TESS_MAX_POINTS) {
        c->overflow = true;
        return true;
    }
    tess_tri_points(c, &t);
    if (triangles)
        tess_tri_connect(c, &t);
    return true;
}

/* ---- isoline domain ----------------------------------------------------------------------- */

/* Lines of constant v, u along each (11.6, 11.7.8): the density factor always integer, at
 * v = 0, 1/n, ...; never a line at v == 1. */
static bool tess_isoline(struct tess_ctx *c, enum tess_partitioning part, const float *factor,
                         bool lines)
{
    float density = factor[0], detail = factor[1], lower, upper;
    if (!(density > 0.0f) || !(detail > 0.0f))
        return false;
    tess_bounds(part, &lower, &upper);
    density = ceilf(tess_clamp(density, TESS_MIN_ISOLINE_DENSITY, TESS_MAX_ISOLINE_DENSITY));
    detail = tess_clamp(detail, lower, upper);
    enum tess_parity detail_parity = part == TESS_PARTITION_FRACTIONAL_ODD ? TESS_ODD : TESS_EVEN;
    if (tess_integer(part)) {
        detail = ceilf(detail);
        detail_parity = tess_parity_of_integer(detail);
    }
    struct tess_axis u_axis, v_axis;
    tess_axis_init(&u_axis, tess_to_fixed(detail), detail_parity);
    tess_axis_init(&v_axis, tess_to_fixed(density), tess_parity_of_integer(density));
    uint32_t n_lines = v_axis.points - 1u, per_line = u_axis.points;
    c->out->point_count = n_lines * per_line;
    if (c->out->point_count > TESS_MAX_POINTS) {
        c->overflow = true;
        return true;
    }
    for (uint32_t l = 0, at = 0; l < n_lines; l++) {
        fxp v = tess_axis_place(&v_axis, l);
        for (uint32_t p = 0; p < per_line; p++, at++) {
            tess_point_put(c, at, tess_axis_place(&u_axis, p), v, false);
            if (lines && p > 0) {
                tess_index_put(c, at - 1u);
                tess_index_put(c, at);
            }
        }
    }
    return true;
}

/* ---- entry ------------------------------------------------------------------------------- */

int tess_config_valid(const struct tess_config *config)
{
    if (config->partitioning < TESS_PARTITION_INTEGER ||
        config->partitioning > TESS_PARTITION_FRACTIONAL_EVEN)
        return 0;
    switch (config->domain) {
    case TESS_DOMAIN_ISOLINE:
        return config->primitive == TESS_OUTPUT_POINT || config->primitive == TESS_OUTPUT_LINE;
    case TESS_DOMAIN_TRI:
    case TESS_DOMAIN_QUAD:
        return config->primitive == TESS_OUTPUT_POINT ||
               config->primitive == TESS_OUTPUT_TRIANGLE_CW ||
               config->primitive == TESS_OUTPUT_TRIANGLE_CCW;
    }
    return 0;
}

enum tess_result tess_patch(const struct tess_config *config, const float *edge,
                            const float *inside, struct tess_output *out)
{
    struct tess_ctx c = { out, config->primitive == TESS_OUTPUT_TRIANGLE_CCW, false };
    bool triangles = config->primitive == TESS_OUTPUT_TRIANGLE_CW ||
                     config->primitive == TESS_OUTPUT_TRIANGLE_CCW;
    bool produced;
    out->point_count = 0;
    out->index_count = 0;
    if (!tess_config_valid(config))
        return TESS_INVALID;
    switch (config->domain) {
    case TESS_DOMAIN_QUAD:
        produced = tess_quad(&c, config->partitioning, edge, inside, triangles);
        break;
    case TESS_DOMAIN_TRI:
        produced = tess_tri(&c, config->partitioning, edge, inside, triangles);
        break;
    default:
        produced = tess_isoline(&c, config->partitioning, edge,
                                config->primitive == TESS_OUTPUT_LINE);
        break;
    }
    if (produced && config->primitive == TESS_OUTPUT_POINT)
        tess_points_as_list(&c);
    if (!produced || c.overflow) {
        /* overflow cannot happen for factors the clamps allow; refuse rather than return a
         * partial patch if it ever did */
        out->point_count = 0;
        out->index_count = 0;
        return produced ? TESS_INVALID : TESS_CULLED;
    }
    return TESS_OK;
}
