/* src/pipeline/raster.h — the rasterization core: setup, binning, per-tile coverage.
 *
 * READ ME FIRST
 * -------------
 * API-neutral (no D3D type): the D3D11 and D3D9 draw paths both end here.  The caller has
 * already assembled primitives, clipped them (near/far, user planes, and x/y only where a
 * vertex leaves the guard band, RASTER_GUARD_BAND_PX), divided by w and applied the viewport,
 * so a vertex is (x, y) in render-target pixels (origin at the top-left corner of the target,
 * y down, pixel centres at +0.5: D3D11.3 functional spec 3.3.1 "Pixel Coordinate System"),
 * z after the viewport depth mapping, and 1/w for perspective-correct interpolation.
 *
 *   struct raster_scene *s = raster_scene_create(pool, width, height);
 *   raster_scene_set_draw(s, &state, shade, ctx);     per draw: cull, scissor, depth bias, PS
 *   raster_scene_triangles(s, tris, count);           setup + binning, on the calling thread
 *   ...more draws...
 *   raster_scene_flush(s);                            workers rasterize every tile; returns
 *                                                     when every shade() call has returned
 *
 * What comes out: shade(ctx, batch) calls, each with up to RASTER_BATCH_QUADS 2x2 quads of
 * one primitive.  A quad carries its top-left pixel (both coordinates even), a 4-bit coverage
 * mask, and for ALL FOUR pixels (covered or not: uncovered ones are the helper pixels that
 * derivatives need, D3D11.3 spec 16.8 / 3.5.7) the depth and the barycentric weights at the
 * pixel centre, structure-of-arrays.  The rasterizer does not interpolate attributes: the pixel
 * stage computes  a = a0 + w1 * (a1 - a0) + w2 * (a2 - a0)  per attribute, with the
 * perspective-correct weights (pw1, pw2) for "linear" attributes and the screen-linear ones
 * (lw1, lw2) for "noperspective" attributes (spec 16.4).  v0, v1, v2 are the primitive's
 * vertices in the order the caller gave them, whatever the winding.
 *
 * Guarantees
 *  - Coverage follows spec 3.4.2 (pixel centre inside the triangle; centres exactly on an edge
 *    belong to the triangle only for "top" and "left" edges, 3.4.2.1), after snapping x and y
 *    to 16.8 fixed point with round-to-nearest-even (3.4.1, 15.16, 3.2.4.1).  Triangles that
 *    share an edge never both cover a pixel and leave none uncovered.
 *  - Per tile, primitives are rasterized in submission order, and within one primitive the quad
 *    order is fixed (16x16 blocks, then 4x4 blocks, then quads, each row-major).  Each pixel
 *    therefore sees the same sequence of (primitive, values) whatever the number of workers,
 *    and every value is computed from the primitive and the pixel position only: the output is
 *    bit-identical for any thread count and any arena flush pattern.
 *  - A tile (RASTER_TILE_SIZE square) is processed by one worker at a time, so shade() may
 *    write the pixels of its quads without locks.  Quads never straddle tiles.
 *  - Hostile input never crashes: NaN/Inf/out-of-range vertices and degenerate primitives are
 *    rejected by setup and counted in raster_stats.
 *
 * Multisampling (raster_state.samples >= 2, raster_ms.c): coverage per sample position, by the
 * same edge functions and top-left rule; batches then carry raster_ms_batch (below).
 *
 * Not here (yet): wireframe fill mode (the caller may feed the edges as lines),
 * alpha-antialiased and quadrilateral lines, the D3D9 pixel-centre convention (the D3D9
 * front-end moves its viewport by +0.5 pixel, src/d3d9/draw.c: D3D9 samples at integer
 * coordinates, so a primitive at D3D9 position p covers the pixels a D3D11 primitive at
 * p + 0.5 covers; the cross-API test in tests/test_d3d9_render.c checks it).
 */
#ifndef SOFTD3D_PIPELINE_RASTER_H
#define SOFTD3D_PIPELINE_RASTER_H

#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct threadpool;
struct setup_tri;
struct setup_line;

/* ---- Constants ------------------------------------------------------------------------------ */

#define RASTER_SUBPIXEL_BITS 8                       /* spec 15.16: exactly 8 fraction bits */
#define RASTER_SUBPIXEL_ONE (1 << RASTER_SUBPIXEL_BITS)
#define RASTER_TILE_SIZE 64                          /* pixels; a power of two */
#define RASTER_MAX_SIZE 16384                        /* largest render target width/height */
#define RASTER_BATCH_QUADS 8                         /* quads per shade() call, at most */
#define RASTER_MAX_SAMPLES 16                        /* samples a pixel (2, 4, 8 multisampled;
                                                      * 16: a forced sample count) */

/* The guard band: setup accepts a vertex only when |x| <= RASTER_GUARD_BAND_PX and
 * |y| <= RASTER_GUARD_BAND_PX (render-target pixels).  Primitives reaching farther must be
 * clipped by the caller; setup rejects them (RASTER_SETUP_OUT_OF_RANGE) rather than overflow.
 *
 * Why 2^19: a snapped coordinate is then at most M = 2^27 subpixels in magnitude (2^19 * 2^8),
 * differences of coordinates at most 2^28, and an edge function value
 * E = dx * (Y - Ya) - dy * (X - Xa), evaluated at any vertex or pixel centre in range, at most
 * 2 * 2^28 * 2^28 = 2^57 in magnitude: 64-bit integers hold every edge value, triangle area and
 * block-corner value with 6 bits to spare, and no product ever leaves that range because every
 * intermediate sum is itself the edge function at an in-range point.  (32 bits would need
 * coordinates below 2^15 subpixels = 128 pixels; the spec's own 16.8 range, 15.6.1, needs 49.)
 * The spec's viewport range [-32768, 32767] (15.6.1) lies well inside the band. */
#define RASTER_GUARD_BAND_PX 524288.0f

/* ---- Input ---------------------------------------------------------------------------------- */

/* A vertex after clipping, perspective divide and viewport scale (spec 15.5, 15.6). */
struct raster_vertex {
    float x, y;       /* render-target pixels */
    float z;          /* depth as it goes to the depth test (before the viewport clamp) */
    float inv_w;      /* 1 / clip-space w: perspective-correct weights; 1 for none */
};

struct raster_triangle {
    struct raster_vertex v[3];
    uint32_t id;      /* the caller's primitive id, passed through to shade() */
};

struct raster_point {
    struct raster_vertex v;
    uint32_t id;
};

struct raster_line {
    struct raster_vertex v[2];   /* v[0] is the start: its pixel is drawn, the end's is not */
    uint32_t id;
};

enum raster_cull {
    RASTER_CULL_NONE,
    RASTER_CULL_FRONT,
    RASTER_CULL_BACK,
};

/* How "r" of the depth-bias formula is found (spec 15.10). */
enum raster_depth_kind {
    RASTER_DEPTH_UNORM,   /* r = depth_bias_r: the smallest value > 0 of the format, e.g.
                           * 1 / 65535 for 16-bit, 1 / (2^24 - 1) for 24-bit depth.  Also for
                           * "no depth buffer".  (The D3D9 front-end, whose D3DRS_DEPTHBIAS is
                           * already a float, passes depth_bias = 1, depth_bias_r = that float.) */
    RASTER_DEPTH_FLOAT,   /* 32-bit float depth: r = 23 mantissa bits, scaled by the exponent
                           * of the largest |z| of the primitive */
};

struct raster_rect {
    int32_t x0, y0, x1, y1;      /* pixels, half-open: x0 <= x < x1, y0 <= y < y1 */
};

/* Per-draw fixed-function state of the rasterizer (spec 15.1).  Zero-initialised = no cull,
 * clockwise front, no scissor, no depth bias. */
struct raster_state {
    enum raster_cull cull;
    bool front_ccw;              /* FrontCounterClockwise: counter-clockwise triangles are front */
    bool scissor_enable;
    struct raster_rect scissor;  /* the scissor rect ANDed with the viewport's implicit scissor
                                  * (spec 15.7); clipped to the target here */
    int32_t depth_bias;          /* DepthBias */
    float depth_bias_clamp;      /* DepthBiasClamp */
    float slope_scaled_depth_bias;
    enum raster_depth_kind depth_kind;
    float depth_bias_r;          /* r, for RASTER_DEPTH_UNORM */
    /* Multisampling (raster_ms.c): 0 or 1 = one sample at the pixel centre, the path above;
     * 2..RASTER_MAX_SAMPLES = coverage and depth at each sample position, offset (sample_x[s],
     * sample_y[s]) sixteenths of a pixel from the centre, each in -8..7 (spec 3.5.5: a 16x16
     * grid per pixel).  raster_ms_pattern() fills the standard patterns. */
    uint32_t samples;
    int8_t sample_x[RASTER_MAX_SAMPLES], sample_y[RASTER_MAX_SAMPLES];
    /* Sample-frequency shading (pipeline/pixel.c): the pixel program runs once per covered
     * sample and reads attributes declared `sample` at the sample's position, so the
     * multisampled triangle path also evaluates the weights at every sample
     * (raster_ms_batch.has_weights). */
    bool sample_weights;
};

/* ---- Output --------------------------------------------------------------------------------- */

/* Pixel p of quad q is element [q * 4 + p] of every per-pixel array; p = 0 (x, y), 1 (x+1, y),
 * 2 (x, y+1), 3 (x+1, y+1), and bit p of mask[q] says whether that pixel is covered. */
struct raster_quad_batch {
    alignas(64) float z[4 * RASTER_BATCH_QUADS];   /* depth at the pixel centre, bias included */
    float pw1[4 * RASTER_BATCH_QUADS];             /* perspective-correct weight of v1 */
    float pw2[4 * RASTER_BATCH_QUADS];             /* ... of v2 (v0: 1 - pw1 - pw2) */
    float lw1[4 * RASTER_BATCH_QUADS];             /* screen-linear weight of v1 */
    float lw2[4 * RASTER_BATCH_QUADS];             /* ... of v2 */
    uint16_t x[RASTER_BATCH_QUADS], y[RASTER_BATCH_QUADS];   /* top-left pixel of each quad */
    uint8_t mask[RASTER_BATCH_QUADS];
    uint32_t count;              /* quads in this batch, 1..RASTER_BATCH_QUADS */
    uint32_t prim_id;            /* raster_triangle.id (point, line: their id) */
    uint32_t flags;              /* RASTER_BATCH_* */
    uint32_t worker;             /* index of the worker thread, for per-worker scratch */
    uint64_t seq;                /* the scene flush it belongs to: a number no other flush of
                                  * the process has (caches keyed by primitive ids use it) */
    const struct raster_ms_batch *ms;   /* NULL: one sample a pixel (mask, z above); else the
                                         * per-sample coverage and depth of a multisampled draw */
    /* The primitive's planes, for raster_batch_weights_at (at most one set; both NULL:
     * points, or a batch the caller made) */
    const struct setup_tri *tri;
    const struct setup_line *line;
};

/* The weights (pw1, pw2, lw1, lw2 as in the batch) of lane `lane`'s pixel centre moved by
 * (sx, sy) sixteenths of a pixel (each in -8..8): the primitive's planes evaluated there
 * exactly as the rasterizer evaluates them at a sample position (raster_ms.c), so (0, 0) gives
 * the batch's own centre weights and a sample's offset that sample's.  For pull-model
 * evaluation (D3D11.3 functional spec 16.5).  Points, and batches without planes: the centre's
 * weights (a point's are 0 anywhere). */
void raster_batch_weights_at(const struct raster_quad_batch *b, unsigned lane, int sx, int sy,
                             float w[4]);

/* A multisampled draw's batch (raster_state.samples >= 2): mask[] above is the pixel coverage
 * (some sample covered), z[] and the weights are at the pixel centre (pixel-frequency
 * shading, spec 16.4: attributes are evaluated at the centre unless centroid/sample asked);
 * here, per sample s, the lanes whose sample s is covered and the depth plane evaluated at
 * the sample's position (spec 3.5.5: "depth is interpolated at each sample"). */
struct raster_ms_batch {
    uint32_t samples;
    uint32_t cover[RASTER_MAX_SAMPLES];                           /* bit i: lane i */
    alignas(64) float z[RASTER_MAX_SAMPLES][4 * RASTER_BATCH_QUADS];
    /* raster_state.sample_weights and a triangle: the four weights of the pixel centre's
     * arrays above, evaluated at each sample position instead (raster_tri_quad_values at the
     * centre plus the sample's offset).  false (points, lines, or not asked): only the
     * centre's weights exist, and sample-frequency shading uses them for every sample. */
    bool has_weights;
    alignas(64) float pw1[RASTER_MAX_SAMPLES][4 * RASTER_BATCH_QUADS];
    float pw2[RASTER_MAX_SAMPLES][4 * RASTER_BATCH_QUADS];
    float lw1[RASTER_MAX_SAMPLES][4 * RASTER_BATCH_QUADS];
    float lw2[RASTER_MAX_SAMPLES][4 * RASTER_BATCH_QUADS];
};

#define RASTER_BATCH_FRONT_FACING 1u  /* triangle is front-facing (points and lines: always set,
                                       * spec 15.12) */
#define RASTER_BATCH_WHOLE_TILE 2u    /* from a "whole tile" command: every quad fully covered
                                       * except where the scissor/target edge cuts it */

typedef void (*raster_shade_fn)(void *ctx, const struct raster_quad_batch *batch);

/* Optional whole-rectangle shading: for a "whole tile" command, every pixel of `r` (tile ∩ the
 * triangle's box, inside target and scissor) is covered by primitive `prim_id`.  The callback
 * may shade and write all of them at once and return true; false means "not this one", and
 * the tile goes through `shade` in quads as usual.  Same rules as the shade callback (worker
 * thread, the worker's own scratch); the result must be what `shade` would have produced. */
typedef bool (*raster_fill_fn)(void *ctx, uint32_t prim_id, uint32_t flags, uint64_t seq,
                               unsigned worker, struct raster_rect r);

/* Counters since the scene was created (setup results, binning). */
struct raster_stats {
    uint64_t prims_in;           /* triangles, points and lines submitted */
    uint64_t binned;             /* reached at least one tile */
    uint64_t culled;             /* cull mode removed them (after snapping, spec 15.11) */
    uint64_t degenerate;         /* zero area after snapping, or zero-length line */
    uint64_t out_of_range;       /* NaN/Inf x, y or z, or outside the guard band */
    uint64_t empty;              /* no pixel centre in the scissor/target rectangle */
    uint64_t dropped;            /* binning failed even after a flush (never expected) */
    uint64_t tile_cmds;          /* commands written into tile lists */
    uint64_t whole_tile_cmds;    /* of which "whole tile" commands */
    uint64_t flushes;            /* raster_scene_flush() runs that had work, incl. forced ones */
    uint64_t forced_flushes;     /* flushes because the arena was full */
};

/* ---- The scene ------------------------------------------------------------------------------ */

struct raster_scene;

/* A scene bins primitives for one render-target size, 1..RASTER_MAX_SIZE each way; tiles run
 * on `pool` (borrowed: it must outlive the scene).  NULL on bad size or out of memory. */
struct raster_scene *raster_scene_create(struct threadpool *pool, uint32_t width, uint32_t height);

/* Flushes nothing: pending work is discarded.  NULL is accepted. */
void raster_scene_destroy(struct raster_scene *scene);

/* Sets the state and shading callback used by the primitives submitted next (a copy of the
 * state is taken).  `shade` must not be NULL; it runs on worker threads during a flush. */
void raster_scene_set_draw(struct raster_scene *scene, const struct raster_state *state,
                           raster_shade_fn shade, void *ctx);

/* After raster_scene_set_draw (which clears it): the draw's whole-rectangle callback, or NULL. */
void raster_scene_set_fill(struct raster_scene *scene, raster_fill_fn fill);

/* Optional: a hint that primitive `prim_id` is shaded soon (stage 0: a while ahead, stage 1:
 * next but one), so the callback may prefetch the data its shading reads.  Must not change
 * any result.  After raster_scene_set_draw (which clears it). */
typedef void (*raster_prefetch_fn)(void *ctx, uint32_t prim_id, unsigned stage);
void raster_scene_set_prefetch(struct raster_scene *scene, raster_prefetch_fn prefetch);

/* Optional: called when a tile's job starts, with the tile's rectangle (inside the target),
 * for the draw of its first command, which may prefetch the tile's rows of its surfaces
 * (`ahead` false: the surfaces every pixel reads at once); and while it runs, with a few rows
 * at a time of the tile the next job is likely to take (`ahead` true: every surface the draw
 * touches).  A hint: it must not change any result.  After raster_scene_set_draw (which
 * clears it). */
typedef void (*raster_tile_prefetch_fn)(void *ctx, struct raster_rect tile, bool ahead);
void raster_scene_set_tile_prefetch(struct raster_scene *scene, raster_tile_prefetch_fn fn);

/* A flush in two halves (util/threadpool.h start / finish): begin starts rasterizing on the
 * pool's threads and returns; end takes part, waits, and empties the scene.  Between them the
 * caller must not submit to this scene; it may bin into another scene of the same pool (that
 * one's flush, begun later, runs after this one's).  raster_scene_flush = begin + end. */
void raster_scene_flush_begin(struct raster_scene *scene);
void raster_scene_flush_end(struct raster_scene *scene);

/* Set up and bin primitives (in array order).  May flush by itself when the bin arena is full
 * (then shade() runs before this returns).  Whatever the caller's data, nothing crashes. */
void raster_scene_triangles(struct raster_scene *scene, const struct raster_triangle *tris,
                            size_t count);
/* Points: a 1x1 square centred on the vertex, rasterized by the triangle rules (spec 3.4.6):
 * exactly one pixel; no culling, no depth bias (15.10); weights are all v0's (w1 = w2 = 0). */
void raster_scene_points(struct raster_scene *scene, const struct raster_point *pts,
                         size_t count);
/* Aliased lines, the diamond-exit rule (spec 3.4.3; see setup.c for the exact reading).  No depth
 * bias, no culling.  Weights: w1 is v1's weight along the line (w2 = 0). */
void raster_scene_lines(struct raster_scene *scene, const struct raster_line *lines,
                        size_t count);

/* Rasterizes everything binned so far on the pool and waits; the scene is empty afterwards. */
void raster_scene_flush(struct raster_scene *scene);

const struct raster_stats *raster_scene_stats(const struct raster_scene *scene);

/* Caps the memory the bin arena may take beyond its built-in first block (default: 256 MiB);
 * reaching the cap flushes, as an allocation failure does.  0 = the first block only (tests). */
void raster_scene_set_arena_limit(struct raster_scene *scene, size_t bytes);

/* ---- Exposed for tests and for the clipper -------------------------------------------------- */

/* The D3D11_STANDARD_MULTISAMPLE_PATTERN positions (spec 3.5.5 "Multisample Sample
 * Locations"; the D3D11_STANDARD_MULTISAMPLE_QUALITY_LEVELS page) for 2, 4 or 8 samples, or
 * with `center` all at the pixel centre (D3D11_CENTER_MULTISAMPLE_PATTERN; D3D9 with
 * D3DRS_MULTISAMPLEANTIALIAS FALSE).  Sets st->samples; other counts give 1 sample. */
void raster_ms_pattern(struct raster_state *st, uint32_t samples, bool center);

/* x * 256 rounded to the nearest integer, ties to even (spec 3.2.4.1, 15.16), independent of
 * the thread's rounding mode.  Only for |x| <= RASTER_GUARD_BAND_PX. */
int32_t raster_snap(float x);

/* The depth bias of spec 15.10 for a triangle whose depth-plane slopes are dzdx, dzdy (per
 * pixel) and whose largest |z| is max_abs_z; 0 when DepthBias and SlopeScaledDepthBias are 0. */
float raster_depth_bias(const struct raster_state *state, float dzdx, float dzdy, float max_abs_z);

#endif
