/* src/pipeline/draw_priv.h — what draw.c, vertex.c, clip.c and pixel.c share (see draw.h).
 *
 * Data flow of one draw (all on the calling thread except draw_shade, which the raster's
 * workers call during raster_scene_flush):
 *
 *   draw_execute (draw.c)
 *     for each instance: draw_run_instance (vertex.c)
 *       per window of DRAW_CHUNK stream positions:
 *         draw_reserve      room in the vertex pool and the primitive table (a full pool flushes
 *                           the scene first and keeps only the vertices the assembler holds)
 *         indices -> slots  deduplicated (the post-transform cache), cut markers kept
 *         vertex program   new vertices into the pool, VM_LANES at a time
 *         draw_assemble     (clip.c) each slot in order: primitives -> clip -> viewport ->
 *                           pending raster primitives (draw_submit_pending hands them over)
 *     raster_scene_flush: the workers call draw_shade (pixel.c) for every 2x2-quad batch
 *
 *   With a geometry program (geometry.c), the vertex program writes its whole output records
 *   to the geometry stage's window instead of the pool, and draw_gs_input takes the slots in
 *   place of draw_assemble: input primitives (adjacency included) -> the geometry program on
 *   VM_LANES primitives at a time -> its output strips, as pool records, through
 *   draw_assemble with the output topology (r->topology).
 *
 * A vertex record in the pool is `stride` uint32_t: the clip-space position (x, y, z, w as
 * float bits) then, for each attribute slot k of the linkage, the 4 components of VS output
 * register link->attr_reg[k] (raw bits: integer attributes pass untouched).
 */
#ifndef SOFTD3D_PIPELINE_DRAW_PRIV_H
#define SOFTD3D_PIPELINE_DRAW_PRIV_H

#include <stdalign.h>
#include <string.h>

#include "pipeline/draw.h"
#include "sample/texel.h"

#define DRAW_CHUNK 256                 /* stream positions per vertex window */
#define DRAW_CUT UINT32_MAX            /* a strip cut in the slot stream */
#define DRAW_CLIP_PLANES (7 + DRAW_MAX_USER_CLIP)   /* w > 0, near, far, 4 guard-band
                                                     * planes, then the user clip planes */
#define DRAW_CLIP_MAX_VERTS (3 + DRAW_CLIP_PLANES)
/* Vertices and primitives one window can add at most: every primitive may create two new
 * vertices per plane it is clipped against, and two wrapped copies (linkage attr_wrap), and
 * become a fan of DRAW_CLIP_MAX_VERTS - 2 triangles (or, in wireframe, as many edges as its
 * polygon has). */
#define DRAW_CHUNK_VERTS (DRAW_CHUNK * (3 + 2 * DRAW_CLIP_PLANES) + 2)
#define DRAW_CHUNK_PRIMS (DRAW_CHUNK * DRAW_CLIP_MAX_VERTS)
#define DRAW_RASTER_BATCH 128          /* raster primitives handed to the scene at once */
#define DRAW_POOL_BYTES ((size_t)16 << 20)   /* vertex pool budget before a flush */
#define DRAW_FLUSH_PRIMS ((size_t)65536)     /* primitive table before a flush (draw.c) */

/* A primitive as the pixel stage sees it: three pool records (a line repeats v[0] as v[2],
 * a point all three) and the leading vertex, which supplies constant attributes (8.14). */
struct draw_prim {
    uint32_t v[3];
    uint32_t lead;
    uint32_t flags;                    /* DRAW_PRIM_* */
};
#define DRAW_PRIM_FACE_SET 1u          /* wireframe edge: facing comes from the triangle */
#define DRAW_PRIM_FRONT 2u
#define DRAW_PRIM_UNIFORM 4u           /* pixel.c: the inputs the pixel program reads are
                                        * constant over the primitive (draw_prim_uniform) */

/* Per worker thread: the pixel program's register files and the batch scratch. */
struct draw_worker {
    alignas(64) vm_reg inputs[IR_MAX_INPUTS];
    vm_reg outputs[IR_MAX_OUTPUTS];
    float color[OM_MAX_TARGETS][4][VM_LANES];
    float z[VM_LANES];
    struct sample_coords coords;
    struct float4_soa texels;
    struct vm_state *ps_state;
    uint64_t samples;                  /* passed depth/stencil, this draw */
    uint64_t ps_invocations;           /* pixels shaded, this draw (draw_stats) */
    uint64_t fused_runs;               /* batches pixel_fused.c ran, this draw (tests) */
    /* Uniform primitives (pixel.c): the pixel program's result for primitive uni_prim of
     * flush uni_gen (raster_quad_batch.seq), when every input it reads is constant over the primitive. */
    uint64_t uni_gen;
    uint32_t uni_prim;
    uint8_t uni_state;                 /* DRAW_UNI_* */
    bool uni_front;
    bool uni_alive;                    /* not discarded */
    alignas(64) float uni_color[OM_MAX_TARGETS][4][VM_LANES];   /* broadcast */
    struct raster_quad_batch fill_batch;   /* draw_fill's evaluation */
    struct sampler_lod_cache lod_cache;    /* the sampler's mip decisions (gen: the flush) */
    /* Sample-frequency shading (pixel.c): the sample being shaded, -1 at pixel frequency;
     * while >= 0, inputs declared `sample` take these weights, SV_Position (when declared
     * `sample`) the sample's offset s_dx, s_dy (pixels) and depth s_z, and SV_SampleIndex
     * the index (draw_fill_inputs). */
    int32_t sample_cur;
    const float *s_pw1, *s_pw2, *s_lw1, *s_lw2, *s_z;
    float s_dx, s_dy;
    /* Centroid evaluation (pixel.c centroid_points, D3D11.3 functional spec 3.5.5): while
     * c_on, inputs declared `centroid` take these per-lane weights, and SV_Position so
     * declared the offsets c_dx, c_dy and depth c_z. */
    bool c_on;
    float c_pw1[VM_LANES], c_pw2[VM_LANES], c_lw1[VM_LANES], c_lw2[VM_LANES];
    float c_dx[VM_LANES], c_dy[VM_LANES], c_z[VM_LANES];
    uint32_t incov[VM_LANES];          /* vCoverage of the lanes (reads_coverage programs) */
    uint32_t omask[VM_LANES];          /* oMask of the last run (writes_coverage programs) */
};
#define DRAW_UNI_NO 0                  /* not uniform (or not known for this primitive) */
#define DRAW_UNI_PENDING 1             /* uniform; the result is not computed yet */
#define DRAW_UNI_READY 2

/* The primitive assembler (clip.c). */
struct draw_assembler {
    uint32_t held[6];                  /* (adjacency lists hold a whole primitive) */
    unsigned count;                    /* slots held */
    unsigned parity;                   /* triangle-strip: odd triangles swap their order */
    unsigned pos;                      /* triangle strip with adjacency: vertices since the
                                        * strip began */
};

struct draw_context;
struct draw_gs;
struct draw_tess;

/* What the pixel stage reads of a draw's description: the draw_desc fields of the same names
 * (draw.c fills it; a deferred draw's pointers lead to copies that live until its flush). */
struct draw_px {
    const struct draw_program *ps;
    const struct draw_linkage *link;
    struct vm_cbuffer ps_cb[IR_MAX_CB_SLOTS];
    struct vm_cs_env *ps_uavs;
    const struct texture_view *textures[DRAW_MAX_TEXTURES];
    const struct sampler *samplers[DRAW_MAX_SAMPLERS];
    struct draw_viewport viewport;
    bool ms_center, alpha_to_coverage;
    struct om_draw om;
};

/* A draw as the pixel stage sees it: the shade callbacks' context (draw_shade, draw_fill,
 * the prefetch hints).  One per draw, in the context's arena until the scene holding the
 * draw's primitives is flushed; read-only on the workers. */
struct draw_shade {
    struct draw_context *dc;
    const struct draw_px *d;           /* = &px */
    const struct om_state *om;
    const uint32_t *pool;              /* the context's vertex pool and primitive table */
    const struct draw_prim *prims;
    uint32_t stride;                   /* uint32_t per pool record */
    struct raster_state raster;        /* the draw's (samples, pattern) */
    bool uniform_ok;                   /* the pixel program may be shaded once per primitive */
    bool fill_ok;                      /* ... and whole tiles written as rectangles */
    bool fused_ok;                     /* pixel_fused.c may run d->ps (shortcuts on) */
    bool om_reads_z;                   /* depth/stencil work: the OM needs each lane's z */
    /* a batch without rasterizer samples still takes draw_ms_merge: alpha-to-coverage, or
     * multisampled surfaces rasterized at the pixel centre (ForcedSampleCount 1) */
    bool ms_merge;
    uint16_t uni_idx[IR_MAX_INPUTS * 4];   /* pool-record words to compare (pixel.c) */
    /* pixel_fused.c: when every pixel input is a linearly interpolated attribute component
     * (lin_all), the list of them */
    bool lin_all;
    unsigned lin_count;
    struct draw_lin_input {
        uint8_t reg, comp;
        bool noper;                    /* noperspective: screen-linear weights */
        uint16_t idx;                  /* word of the pool record */
    } lin[IR_MAX_INPUTS * 4];
    unsigned uni_count;
    struct draw_px px;
    struct om_state om_copy;           /* a deferred draw's output-merger state */
};

struct draw_run {
    struct draw_context *dc;
    const struct draw_desc *d;
    struct raster_scene *scene;
    uint32_t stride;                   /* uint32_t per pool record */
    /* viewport transform (15.6) and the guard band in normalized coordinates */
    float vx, vy, vw, vh, zmin, zrange;
    float gx_lo, gx_hi, gy_lo, gy_hi;
    /* the planes clip.c tests: the 7 fixed ones, then d->user_clip_count user planes */
    unsigned nplanes;
    float user_clip[DRAW_MAX_USER_CLIP][4];
    /* clip.c's per-vertex results for the current window's shaded records [win_base,
     * win_base + win_count) (draw_clip_prepare): outcode (or DRAW_CODE_NONFINITE) and the
     * screen vertex, computed once per vertex instead of once per primitive using it */
    size_t win_base;
    uint32_t win_count;
    uint32_t win_code[DRAW_CHUNK];
    struct raster_vertex win_scr[DRAW_CHUNK];
    /* element fetch functions (texel_format_get of each element's format) */
    const struct texel_format *efmt[DRAW_MAX_ELEMENTS];
    /* the vertex pool and the primitive table (valid until the next scene flush) */
    uint32_t *pool;
    size_t pool_count, pool_cap;       /* absolute indices: the half in use ends at pool_cap */
    struct draw_prim *prims;
    size_t prim_count, prim_cap;
    size_t pool_half_words, prim_half;   /* uint32_t / primitives in each half */
    size_t pool_word;                  /* between deferred draws: the pool's words in use (a
                                        * draw's records start at the first multiple of its
                                        * stride at or after it) */
    unsigned half;                     /* the half being filled (draw_reserve) */
    /* raster primitives not yet handed to the scene */
    struct raster_triangle tris[DRAW_RASTER_BATCH];
    struct raster_line lines[DRAW_RASTER_BATCH];
    struct raster_point points[DRAW_RASTER_BATCH];
    size_t ntris, nlines, npoints;
    struct draw_assembler as;
    bool wrap;                         /* some d->link->attr_wrap is set (clip.c) */
    enum draw_topology topology;       /* what draw_assemble assembles: d->topology, or the
                                        * geometry program's output topology */
    /* what the geometry stage (geometry.c) assembles and whose records it takes: the draw's
     * topology and the vertex program, or after tessellation the tessellator's output list
     * and the domain program (tess_stage.c) */
    enum draw_topology gs_topology;
    const struct draw_program *gs_src;
    /* where shade_vertices (vertex.c) writes: records of vs_stride words, vs_link's registers
     * (d->link and stride; with a geometry program, every VS output: geometry.c) */
    const struct draw_linkage *vs_link;
    uint32_t vs_stride;
    /* the textures of the stage sampling now (vertex.c's sample callback): the vertex,
     * geometry, hull or domain program's (DRAW_MAX_TEXTURES and DRAW_MAX_SAMPLERS slots) */
    const struct texture_view *const *stage_textures;
    const struct sampler *const *stage_samplers;
    bool gs_on;                        /* the geometry stage runs: a geometry program, or
                                        * stream output (d->gs || d->so) */
    bool raster_on;                    /* geometry.c: its output primitives are rasterized */
    struct draw_gs *gs;                /* geometry.c's state (owned by the context) */
    /* Layered rendering and viewport arrays (the geometry program writes
     * SV_RenderTargetArrayIndex or SV_ViewportArrayIndex): r->d is then `routed`, a copy of
     * the caller's description (route_src) whose surfaces are those of slice route_layer and
     * whose viewport is route_viewport (draw_route). */
    bool routed_on;
    uint32_t route_layer, route_viewport;
    const struct draw_desc *route_src;
    struct draw_desc routed;
    struct raster_state raster;        /* the draw's raster state (scissor: route_viewport's) */
    struct draw_stats stats;           /* this draw's counts on the calling thread (the
                                        * workers count ps_invocations) */
    bool tess_on;                      /* tess_stage.c takes the vertex records (d->hs) */
    struct draw_tess *tess;            /* tess_stage.c's state (owned by the context) */
    struct vm_state *gs_state;
    struct draw_shade *sh;             /* what the pixel stage reads of this draw (draw.c) */
    /* the vertex program's register files (calling thread only) */
    vm_reg vs_in[IR_MAX_INPUTS];
    vm_reg vs_out[IR_MAX_OUTPUTS];
    struct vm_state *vs_state;
    /* vertex texture fetch scratch (vertex.c) */
    alignas(64) struct sample_coords vs_coords;
    struct float4_soa vs_texels;
};

struct draw_context {
    struct threadpool *pool;
    unsigned nworkers;
    struct draw_worker *workers;
    struct raster_scene *scenes[2];    /* one per half of the run's tables (draw_reserve) */
    uint32_t scene_w, scene_h;
    struct om_key om_key;              /* the key `om` was built from */
    struct om_state om;
    bool om_valid;
    size_t pool_bytes, prim_bytes;     /* allocated sizes of run.pool, run.prims */
    struct draw_run run;
    /* Deferred draws (draw.c): whether the scenes hold any, the targets they write (their
     * bytes: a later draw's views must not overlap them) and the arena of their shade
     * records and copies, emptied by the flush */
    bool pending;
    struct om_draw pending_om;
    uint32_t pending_w, pending_h;
    struct draw_arena_block *arena, *arena_cur;   /* the blocks (draw_defer.c), the one in use */
    size_t arena_used;                 /* bytes handed out since the last flush */
};

/* draw_defer.c: the shade records and what deferred draws copy, in the context's arena.
 * draw_shade_new: a record of d's pixel state (pointers borrowed from d; NULL when out of
 * memory); draw_shade_copy: a deferred draw's copies of what they point to (false: out of
 * memory); draw_arena_reset after a flush, draw_arena_free with the context. */
struct draw_shade *draw_shade_new(struct draw_context *dc, const struct draw_desc *d);
bool draw_shade_copy(struct draw_context *dc, struct draw_shade *sh);
void draw_arena_reset(struct draw_context *dc);
void draw_arena_free(struct draw_context *dc);
/* draw_defer.c: whether d may wait at all (draw.h); whether it may join the waiting draws. */
bool draw_defer_possible(const struct draw_desc *d, bool samples_wanted);
bool draw_defer_joins(const struct draw_context *dc, const struct draw_desc *d);
void draw_debug_count_defer(void);   /* draw.h draw_debug_defer_count */

/* Pool records and registers hold float bits: the VM's own conversions (vm.h). */
#define draw_f vm_float
#define draw_u vm_bits

/* draw.c: make room for `verts` pool records and `prims` primitives, flushing the scene (and
 * keeping the assembler's held vertices) when either table would overflow. */
void draw_reserve(struct draw_run *r, size_t verts, size_t prims);
/* draw.c: the half being filled starts rasterizing (raster_scene_flush_begin, after the other
 * half's flush ended) and the run goes on in the other half (draw_reserve's step; also between
 * deferred draws, DRAW_DEFER_KICK). */
void draw_switch_half(struct draw_run *r);
#define DRAW_DEFER_KICK 1024           /* primitives of waiting draws that start a half: d3d9_ui
                                        * frame, mean of 4 alternated: none 53.0 ms, 2048
                                        * 48.8, 1024 47.5 (2 threads) */

/* draw.c: the primitives assembled next go to array slice `layer` of the targets and use
 * viewport and scissor `viewport` (out-of-range values: 0, draw.h), when r->routed_on.
 * Called between windows (geometry.c), never while one is being assembled. */
void draw_route(struct draw_run *r, uint32_t layer, uint32_t viewport);

/* vertex.c: every stream position of one instance, through the assembler. */
void draw_run_instance(struct draw_run *r, uint32_t instance);
/* vertex.c: the sample callback of the vertex and geometry programs (r->stage_*) */
void draw_stage_sample(void *ctx, const struct vm_sample_request *req,
                       struct vm_sample_result *res);

/* geometry.c: draw_gs_prepare at the start of a draw with d->gs (sets vs_link, vs_stride,
 * topology; DRAW_OK or DRAW_E_NOMEM); per instance draw_gs_begin, draw_gs_input for each
 * slot of each window (the vertex records at `records`), draw_gs_end; draw_gs_destroy with
 * the context.  draw_gs_records: where a window's vertex records go. */
int draw_gs_prepare(struct draw_run *r);
uint32_t *draw_gs_records(struct draw_run *r);
void draw_gs_begin(struct draw_run *r, uint32_t instance);
void draw_gs_input(struct draw_run *r, uint32_t slot);
void draw_gs_end(struct draw_run *r);
void draw_gs_destroy(struct draw_gs *gs);
/* geometry.c, after tessellation: the SV_PrimitiveID of the primitives input next (the patch
 * id, 11.7.9.1), which then neither counts up nor counts IA primitives (the patches did) */
void draw_gs_primitive_id(struct draw_run *r, uint32_t id);
/* tess_stage.c: the same protocol as the geometry stage's, for draws with d->hs and d->ds:
 * patches of control points -> hull phases -> tessellator -> domain program -> the
 * assembler.  draw_tess_check: the description's tessellation rules (0, or -1 with msg). */
int draw_tess_check(const struct draw_desc *d, char *msg, size_t msg_size);
int draw_tess_prepare(struct draw_run *r);
uint32_t *draw_tess_records(struct draw_run *r);
void draw_tess_begin(struct draw_run *r, uint32_t instance);
void draw_tess_input(struct draw_run *r, uint32_t slot);
void draw_tess_end(struct draw_run *r);
void draw_tess_destroy(struct draw_tess *tess);
/* stream_out.c: one output strip of n records (`words` per record: 4 per output register)
 * with their cut marks and streams (NULL: all stream 0), written to d->so as primitives of
 * `topology` (a point list, line strip or triangle strip), each stream's vertices to the
 * elements of that stream; draw_so_reset_counts zeroes the per-stream counts */
void draw_so_strip(struct draw_so *so, enum draw_topology topology, const uint32_t *records,
                   uint32_t words, const uint8_t *cut_before, const uint8_t *streams,
                   uint32_t n);
void draw_so_reset_counts(struct draw_so *so);

/* clip.c */
void draw_assemble_reset(struct draw_run *r);
void draw_assemble(struct draw_run *r, uint32_t slot);    /* a pool slot, or DRAW_CUT */
/* clip.c: the per-vertex clip and viewport results of records [base, base + count) (count <=
 * DRAW_CHUNK), used by draw_assemble until draw_clip_prepare(r, 0, 0) */
void draw_clip_prepare(struct draw_run *r, size_t base, uint32_t count);
void draw_submit_pending(struct draw_run *r);

/* pixel.c: the raster shade callback (ctx is the draw's struct draw_shade). */
void draw_shade(void *ctx, const struct raster_quad_batch *batch);
/* ld (pixel.c: texels of a texture or buffer view by integer address; the vertex and geometry
 * stages use it too), and ld_ms of a multisampled view (pixel_ms.c): lanes of req->mask
 * answered, anything outside the view (or a sample index outside 0..samples-1) left at 0. */
void draw_sample_load(const struct texture_view *t, const struct vm_sample_request *req,
                      struct vm_sample_result *res);
void draw_sample_load_ms(const struct texture_view *t, const struct vm_sample_request *req,
                         struct vm_sample_result *res);
/* pixel.c: resinfo of view t (the vertex, geometry and tessellation stages use it too). */
void draw_sample_info(const struct texture_view *t, const struct vm_sample_request *req,
                      struct vm_sample_result *res);
/* pixel.c: lod of view t through sampler s (NULL: lanes left at 0), c the worker's scratch
 * (pixel_tiled.c uses it too). */
void draw_sample_lod(const struct sampler *s, const struct texture_view *t,
                     struct sample_coords *c, const struct vm_sample_request *req,
                     struct vm_sample_result *res);
/* pixel_ms.c: sampleinfo / samplepos of a view of `samples` samples (0: not multisampled) or
 * of the rasterizer (its sample count, 1 for none; `center`: every sample at the centre). */
void draw_sample_ms_query(unsigned samples, bool center, const struct vm_sample_request *req,
                          struct vm_sample_result *res);
/* pixel_ms.c: the lanes whose sample s of n alpha-to-coverage keeps (sample-frequency
 * shading: the alpha of the sample's own run). */
uint32_t draw_ms_alpha_lanes(const float *alpha, unsigned lanes, unsigned n, unsigned s);
/* pixel_ms.c: clears in cover[0..n-1] the samples that alpha-to-coverage (SV_Target0's alpha
 * in ob, when the draw enables it) and `omask` (NULL: none; bit s keeps sample s) drop. */
void draw_ms_mask_cover(const struct draw_px *d, const struct om_batch *ob, unsigned lanes,
                        unsigned n, const uint32_t *omask, uint32_t *cover);

/* pixel_ms.c: draw_shade's output-merger step for a multisampled batch (batch->ms): per-sample
 * depth clamped, om_process_ms; returns the samples that passed.  A batch without samples
 * (draw_shade.ms_merge): alpha-to-coverage on one-sample surfaces, or multisampled surfaces
 * rasterized at the centre, whose covered pixels give every sample (then it returns the
 * pixels written: the rasterizer's one sample each, spec 20.4.6).  `interpolated_z`: false when
 * the pixel program wrote the depth (then w->z holds it, already clamped).  `omask` (NULL:
 * none): the program's oMask per lane; a clear bit s drops the lane's sample s. */
uint32_t draw_ms_merge(const struct draw_shade *r, struct draw_worker *w,
                       const struct raster_quad_batch *b, const struct om_batch *ob,
                       uint32_t coverage, bool interpolated_z, const uint32_t *omask);
bool draw_fill(void *ctx, uint32_t prim_id, uint32_t flags, uint64_t seq, unsigned worker,
               struct raster_rect rect);
void draw_prefetch(void *ctx, uint32_t prim_id, unsigned stage);   /* raster_prefetch_fn */
/* pixel.c: the sampler's view of a VM sample request */
void draw_sample_coords(struct sample_coords *c, const struct vm_sample_request *req);
/* raster_tile_prefetch_fn: the tile's rows of the blended targets; ahead: of the depth-stencil
 * and every target */
void draw_tile_prefetch(void *ctx, struct raster_rect tile, bool ahead);
/* pixel_fused.c: the fused program of d->ps for the batch's lanes (inputs filled): false when
 * the bound view or sampler needs the VM */
bool draw_fused_run(const struct draw_shade *r, struct draw_worker *w, unsigned lanes);
/* pixel_fused.c: the pixel program's input registers for a batch (twins; pixel.c picks) */
/* pixel_eval.c: the VM's pull-model callback (vm.h vm_eval_fn) for one run_ps batch, and the
 * centroid rule of a multisampled batch's lane (D3D11.3 functional spec 3.5.5: -1 the pixel
 * centre, else the sample whose position it takes) that centroid inputs use too. */
struct draw_eval_ctx {
    const struct draw_shade *r;
    struct draw_worker *w;
    const struct raster_quad_batch *b;
    const struct draw_prim *pr;
};
void draw_eval(void *ctx, const struct vm_eval_request *req, vm_reg *out);
int draw_centroid_sample(const struct draw_shade *r, const struct raster_quad_batch *b,
                         unsigned lane);

void draw_fill_inputs_c(const struct draw_shade *r, struct draw_worker *w,
                        const struct raster_quad_batch *b, const struct draw_prim *pr, bool front,
                        unsigned lanes);
void draw_fill_inputs_avx2(const struct draw_shade *r, struct draw_worker *w,
                           const struct raster_quad_batch *b, const struct draw_prim *pr,
                           bool front, unsigned lanes);
/* its twins (util/simd.h): draw_fused_run picks one */
bool draw_fused_run_c(const struct draw_shade *r, struct draw_worker *w, unsigned lanes);
bool draw_fused_run_avx2(const struct draw_shade *r, struct draw_worker *w, unsigned lanes);
/* pixel.c: uniform_ok / fill_ok of the run, at the start of a draw */
void draw_shade_prepare(struct draw_shade *r);
/* pixel.c: when uniform_ok, whether pool records a, b, c give the pixel program constant
 * inputs (DRAW_PRIM_UNIFORM) */
bool draw_prim_uniform(const struct draw_shade *r, uint32_t a, uint32_t b, uint32_t c);

#endif
