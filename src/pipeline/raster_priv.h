/* src/pipeline/raster_priv.h — what setup.c, bin.c and raster_tile.c share (see raster.h).
 *
 * A primitive is set up once (setup.c) into a self-contained record; binning (bin.c) copies
 * the record into the scene's arena and appends a command that points at it to the list of
 * every tile it may touch; a worker (raster_tile.c) walks one tile's list in order.
 *
 * Fixed-point conventions (all integers, exact):
 *   X, Y   snapped positions, in subpixels (1/256 pixel): |X|, |Y| <= 2^27 (raster.h).
 *   pixel (px, py) has its centre at X = 256 px + 128, Y = 256 py + 128.
 *   E(X,Y) the edge functions, in subpixel^2; int64 (bound 2^57, raster.h).
 */
#ifndef SOFTD3D_PIPELINE_RASTER_PRIV_H
#define SOFTD3D_PIPELINE_RASTER_PRIV_H

#include "pipeline/raster.h"

/* The draw a primitive belongs to, stored in the arena once per draw (and again after a
 * flush that emptied the arena). */
struct bin_draw {
    raster_shade_fn shade;
    raster_fill_fn fill;        /* NULL: none */
    raster_prefetch_fn prefetch;   /* NULL: none */
    raster_tile_prefetch_fn tile_prefetch;   /* NULL: none */
    void *ctx;
    struct raster_rect clip;    /* target and scissor: what no pixel may leave */
    uint32_t samples;           /* raster_state.samples: >= 2 takes raster_ms.c */
    int8_t sample_x[RASTER_MAX_SAMPLES], sample_y[RASTER_MAX_SAMPLES];
    bool sample_weights;        /* raster_state.sample_weights */
};

/* A triangle ready for rasterization.
 *
 * Edge k (k = 0, 1, 2) is the edge opposite vertex k; its biased edge function at the centre
 * of pixel (px, py) is  e[k] + ex[k] * px + ey[k] * py  and the pixel is inside the triangle
 * when all three are >= 0 (setup.c derives the functions and the top-left bias). */
struct setup_tri {
    /* (first: what a tile reads before the rest, bin.c's hints) */
    const struct bin_draw *draw;
    uint32_t id;
    uint32_t flags;            /* RASTER_BATCH_FRONT_FACING */
    int64_t e[3];              /* biased E at the centre of pixel (0, 0) */
    int64_t ex[3], ey[3];      /* change of E per pixel step in x and in y */
    struct raster_rect box;    /* pixels that may be covered, clipped; never empty */
    int32_t X0, Y0;            /* snapped v0 (subpixels): origin of the planes below */
    /* Planes in pixel units, evaluated at dx = (pixel centre - v0).x, dy likewise: */
    float l1x, l1y, l2x, l2y;  /* screen-linear weights of v1 and v2 */
    float z0, zx, zy;          /* depth, bias included */
    float q0, qx, qy;          /* 1/w */
    float q1, q2;              /* 1/w at v1, v2 */
};

/* A point: exactly one pixel (spec 3.4.6). */
struct setup_point {
    int32_t px, py;
    float z;
    uint32_t id;
    const struct bin_draw *draw;
};

/* An aliased line (spec 3.4.3), stepped along its major axis; see setup_line(). */
struct setup_line {
    int32_t Xs, Ys, Xe, Ye;    /* snapped start and end (subpixels) */
    int32_t major_lo, major_hi;/* pixel range on the major axis, inclusive (never empty) */
    struct raster_rect clip;   /* scissor/target rectangle */
    bool x_major;
    float tx, ty;              /* t (0 at start, 1 at end) = tx * (Cx - Xs) + ty * (Cy - Ys) at
                                * the centre (Cx, Cy), subpixels */
    float z0, z1, q0, q1;
    uint32_t id;
    const struct bin_draw *draw;
};

enum raster_setup_result {
    RASTER_SETUP_OK,
    RASTER_SETUP_CULLED,
    RASTER_SETUP_DEGENERATE,
    RASTER_SETUP_OUT_OF_RANGE,
    RASTER_SETUP_EMPTY,
};

/* The pixel rectangle primitives may touch: target size, and the scissor when enabled. */
struct raster_rect setup_clip_rect(const struct raster_state *st, uint32_t width, uint32_t height);

/* setup.c: fill *out (draw pointer left NULL) or say why the primitive is rejected. */
enum raster_setup_result setup_triangle(const struct raster_state *st, struct raster_rect clip,
                                        const struct raster_triangle *tri, struct setup_tri *out);
enum raster_setup_result setup_point(struct raster_rect clip, const struct raster_point *pt,
                                     struct setup_point *out);
enum raster_setup_result setup_line(struct raster_rect clip, const struct raster_line *ln,
                                    struct setup_line *out);

/* The major-axis step of a line: the minor pixel coordinate at major pixel m (see setup.c). */
int32_t setup_line_minor(const struct setup_line *l, int32_t m);

/* Floor and ceiling of a / b for b > 0. */
static inline int64_t raster_floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}
static inline int64_t raster_ceil_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a > 0) ? q + 1 : q;
}

/* Biased value of edge k of t at the centre of pixel (px, py). */
static inline int64_t setup_tri_edge_at(const struct setup_tri *t, int k, int32_t px, int32_t py)
{
    return t->e[k] + t->ex[k] * px + t->ey[k] * py;
}

/* Position of bit b of a 4x4 block mask (quad-major order: bit 4 q + p is pixel p of quad q,
 * raster.h), for raster_tile.c and raster_ms.c. */
static const uint8_t raster_block_bit_x[16] = { 0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1, 2, 3, 2, 3 };
static const uint8_t raster_block_bit_y[16] = { 0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3 };

/* The bits of the 4x4 block at (x, y) whose pixels lie in r. */
static inline unsigned raster_block4_rect_mask(int32_t x, int32_t y, struct raster_rect r)
{
    unsigned m = 0;
    for (int b = 0; b < 16; b++) {
        int32_t px = x + raster_block_bit_x[b], py = y + raster_block_bit_y[b];
        m |= (unsigned)(px >= r.x0 && px < r.x1 && py >= r.y0 && py < r.y1) << b;
    }
    return m;
}

/* A batch being filled for one primitive's draw (raster_tile.c, raster_ms.c). */
struct tile_emit {
    struct raster_quad_batch b;
    raster_shade_fn shade;
    void *ctx;
};

static inline void emit_init(struct tile_emit *em, const struct bin_draw *draw, uint32_t id,
                             uint32_t flags, uint64_t seq, unsigned worker)
{
    em->b.seq = seq;
    em->b.count = 0;
    em->b.prim_id = id;
    em->b.flags = flags;
    em->b.worker = worker;
    em->b.ms = NULL;
    em->b.tri = NULL;
    em->b.line = NULL;
    em->shade = draw->shade;
    em->ctx = draw->ctx;
}

static inline void emit_flush(struct tile_emit *em)
{
    if (em->b.count) {
        em->shade(em->ctx, &em->b);
        em->b.count = 0;
    }
}

/* Depth, 1/w and the weights at the four pixel centres of a quad whose first centre lies
 * (bx, by) pixels from the snapped v0 (raster_tile.c's emit_tri_quad, raster_ms.c): the
 * planes evaluated in float, four lanes at a time. */
static const float raster_quad_ox[4] = { 0.0f, 1.0f, 0.0f, 1.0f };
static const float raster_quad_oy[4] = { 0.0f, 0.0f, 1.0f, 1.0f };

static inline void raster_tri_quad_values(const struct setup_tri *t, float bx, float by,
                                          float vz[4], float vl1[4], float vl2[4],
                                          float vp1[4], float vp2[4])
{
    /* Coefficients in locals: the stores below cannot alias them, so the loop vectorizes. */
    const float l1x = t->l1x, l1y = t->l1y, l2x = t->l2x, l2y = t->l2y;
    const float z0 = t->z0, zx = t->zx, zy = t->zy, q0 = t->q0, qx = t->qx, qy = t->qy;
    const float q1 = t->q1, q2 = t->q2;
    for (unsigned p = 0; p < 4; p++) {
        float dx = bx + raster_quad_ox[p], dy = by + raster_quad_oy[p];
        float l1 = l1x * dx + l1y * dy;
        float l2 = l2x * dx + l2y * dy;
        float inv_q = 1.0f / (q0 + qx * dx + qy * dy);
        vz[p] = z0 + zx * dx + zy * dy;
        vl1[p] = l1;
        vl2[p] = l2;
        vp1[p] = l1 * q1 * inv_q;
        vp2[p] = l2 * q2 * inv_q;
    }
}

/* Classification of a pixel rectangle against a triangle: how the centres of the pixels
 * px in [x0, x1), py in [y0, y1) (non-empty) lie.  E is linear, so over those centres its
 * minimum and maximum are at two of the four corner centres, chosen by the signs of ex, ey. */
enum raster_cover {
    RASTER_COVER_NONE,         /* no centre inside (some edge negative at all of them) */
    RASTER_COVER_PARTIAL,
    RASTER_COVER_FULL,         /* every centre inside */
};
enum raster_cover raster_classify_rect(const struct setup_tri *t, struct raster_rect r);

/* raster_tile.c: rasterize one command restricted to the tile whose top-left pixel is
 * (tx, ty), calling the primitive's shade function. */
/* raster_tile.c, built twice (util/simd.h): bin.c picks the twin */
void raster_tile_tri_c(const struct setup_tri *t, int32_t tx, int32_t ty, bool whole,
                       uint64_t seq, unsigned worker);
void raster_tile_tri_avx2(const struct setup_tri *t, int32_t tx, int32_t ty, bool whole,
                          uint64_t seq, unsigned worker);
void raster_tile_point(const struct setup_point *p, uint64_t seq, unsigned worker);
/* raster_ms.c: the same for multisampled draws (bin_draw.samples >= 2) */
void raster_tile_tri_ms(const struct setup_tri *t, int32_t tx, int32_t ty, uint64_t seq,
                        unsigned worker);
void raster_tile_point_ms(const struct setup_point *p, uint64_t seq, unsigned worker);
void raster_tile_line_ms(const struct setup_line *l, int32_t tx, int32_t ty, uint64_t seq,
                         unsigned worker);
void raster_tile_line(const struct setup_line *l, int32_t tx, int32_t ty, uint64_t seq,
                      unsigned worker);

#endif
