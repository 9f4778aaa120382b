/* src/pipeline/draw.h — the API-neutral draw: one call from a front-end's Draw* to pixels.
 *
 * READ ME FIRST
 * -------------
 * Both front-ends translate their bound state into a struct draw_desc (no D3D type below this
 * line: DESIGN.md principle 4) and call draw_execute(), which runs "the pipeline, one draw" of
 * DESIGN.md and returns when every pixel is written -- or, for a description marked
 * `deferrable`, when its primitives are binned: then its pixels come with the next
 * draw_context_flush, which the front-end calls before anything reads or changes what the
 * draw borrows (binning across draws, draw_defer.c):
 *
 *   vertex.c  vertex fetch (texel_load per element, 32-bit addressing, out of bounds -> 0),
 *             a post-transform cache for indexed draws (indices deduplicated within a window),
 *             the vertex program on the VM in batches of VM_LANES vertices;
 *   clip.c    primitive assembly (lists, strips, strip cuts, leading vertex), clipping in
 *             homogeneous space (w > 0, near, far; the guard band only when a vertex leaves it),
 *             perspective divide, viewport transform, wireframe edges;
 *   raster    setup, 64x64 tile binning, coverage on the thread pool (raster.h);
 *   pixel.c   the shade callback: attribute interpolation, SV_Position / SV_IsFrontFace, the
 *             pixel program on 2x2-quad batches, sampling, discard, om_process (om.h).
 *
 *   struct draw_context *dc = draw_context_create(0);       thread pool: SOFTD3D_THREADS
 *   struct draw_program *vs, *ps;  draw_program_create(&ir, &vs)     once per shader
 *   struct draw_linkage link;  draw_link(vs, vs_out_sig, ps, ps_in_sig, &link)   once per pair
 *   struct draw_desc d = {...};  draw_execute(dc, &d, &samples)       per draw
 *
 * Determinism: the output depends on the description only, never on the thread count (every
 * per-draw decision — chunking, flush points, primitive order — is made on the calling thread;
 * raster.h guarantees the per-pixel order; occlusion counts are summed per worker).
 *
 * Hostile input: NaN/Inf/huge positions, degenerate primitives, indices or vertices past the end
 * of their buffers, unbound streams, textures and constant buffers never crash: they read 0
 * (D3D11.3 functional spec 8.19.2, 8.20, 7.18.17, 5.3.4.3.2) or are discarded (15.4).
 */
#ifndef SOFTD3D_PIPELINE_DRAW_H
#define SOFTD3D_PIPELINE_DRAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/format.h"
#include "pipeline/om.h"
#include "pipeline/raster.h"
#include "sample/sampler.h"
#include "shader/dxbc.h"
#include "shader/ir.h"
#include "vm/vm.h"

#define DRAW_MAX_STREAMS 32      /* vertex buffer slots: D3D11 11_0's 32 input slots */
#define DRAW_MAX_USER_CLIP 6     /* user clip planes (D3D9 MaxUserClipPlanes) */
#define DRAW_MAX_ELEMENTS 32     /* vertex elements (v# registers) */
/* t# slots every stage samples: D3D10+'s 128 (D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT);
 * the 9_x and D3D9 front-ends bind the first 16 (pixel) or 4 (vs_3_0 vertex textures) */
#define DRAW_MAX_TEXTURES 128
#define DRAW_MAX_SAMPLERS 16     /* s# slots (D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT) */
#define DRAW_MAX_VIEWPORTS 16    /* D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE */

/* Values equal D3D11_PRIMITIVE_TOPOLOGY and D3DPRIMITIVETYPE (1..5), so both front-ends cast.
 * The adjacency topologies (D3D11 10..13) feed a geometry program (geometry.c) or, without
 * one, draw their primitives' non-adjacent vertices (clip.c draw_assemble). */
enum draw_topology {
    DRAW_POINT_LIST = 1,
    DRAW_LINE_LIST = 2,
    DRAW_LINE_STRIP = 3,
    DRAW_TRIANGLE_LIST = 4,
    DRAW_TRIANGLE_STRIP = 5,
    DRAW_LINE_LIST_ADJ = 10,
    DRAW_LINE_STRIP_ADJ = 11,
    DRAW_TRIANGLE_LIST_ADJ = 12,
    DRAW_TRIANGLE_STRIP_ADJ = 13,
};
/* D3D11_PRIMITIVE_TOPOLOGY_1..32_CONTROL_POINT_PATCHLIST: a patch of n control points is
 * DRAW_PATCH_LIST_1 + n - 1; they need a hull and a domain program (tess_stage.c).  Not enum
 * members, so the switches over the other topologies stay exhaustive. */
#define DRAW_PATCH_LIST_1 33
#define DRAW_PATCH_LIST_32 64

enum draw_fill { DRAW_FILL_SOLID = 0, DRAW_FILL_WIREFRAME = 1 };

enum draw_result {
    DRAW_OK = 0,
    DRAW_E_INVALID = -1,   /* the description breaks a rule below (message in draw_execute) */
    DRAW_E_NOMEM = -2,
};

/* ---- programs ------------------------------------------------------------------------------- */

/* A shader ready to run: the VM program plus what the draw needs of its declarations. */
/* A pixel program of one of the shapes pixel_fused.c runs without the VM (kind != NONE). */
enum draw_fused_kind { DRAW_FUSED_NONE, DRAW_FUSED_MOV, DRAW_FUSED_TEX, DRAW_FUSED_TEXMOD };
struct draw_fused {
    uint8_t kind;                            /* enum draw_fused_kind */
    uint8_t out;                             /* o# written (xyzw) */
    uint8_t addr_reg, addr_swz;              /* MOV: the source v#; TEX*: the address v# */
    uint8_t tex, tex_swz, smp;               /* TEX*: t# and its swizzle, s# */
    uint8_t col_reg, col_swz;                /* TEXMOD: the v# factor */
    bool tex_first;                          /* TEXMOD: mul o, r, v (else mul o, v, r) */
    bool sat;                                /* MOV: mov_sat; TEXMOD: mul_sat (and mov_sat) */
    uint8_t mul_mask;                        /* TEXMOD: the components multiplied, 15; or 7,
                                              * the alpha then the texel's (mov o.w, r.w) */
};
void draw_fused_analyse(const struct ir_program *ir, struct draw_fused *out);

struct draw_program {
    struct vm_program *vm;
    struct draw_fused fused;                 /* pixel: a shape pixel_fused.c runs, or NONE */
    uint8_t type;                            /* enum ir_shader_type */
    uint32_t input_count, output_count;      /* v#, o# register counts */
    uint8_t in_mask[IR_MAX_INPUTS];          /* declared components of each v# */
    uint8_t in_sysval[IR_MAX_INPUTS];        /* enum ir_sysval (0: plain) */
    uint8_t in_interp[IR_MAX_INPUTS];        /* pixel: enum ir_interpolation */
    uint8_t out_mask[IR_MAX_OUTPUTS];
    uint8_t out_sysval[IR_MAX_OUTPUTS];
    int position_out;                        /* vertex, geometry: o# holding SV_Position,
                                              * -1 if none */
    int stream_position[4];                  /* geometry: that o# in each output stream's
                                              * declarations (gs_5_0 dcl_stream), -1 */
    /* geometry: the ir_program's gs_* declarations */
    uint8_t gs_input, gs_output;
    uint32_t gs_max_vertices, gs_instances;
    /* geometry: the o# register and component of SV_RenderTargetArrayIndex and of
     * SV_ViewportArrayIndex (-1: not written; then every primitive takes slice / viewport 0) */
    int8_t layer_out, layer_comp, viewport_out, viewport_comp;
    bool writes_depth;                       /* pixel: oDepth declared */
    /* pixel: runs once per sample on multisampled targets (D3D11.3 functional spec 16.3,
     * "sample-frequency execution"): an input declared with the `sample` interpolation
     * modifier (linear_sample / linear_noperspective_sample) or SV_SampleIndex */
    bool sample_freq;
    bool has_centroid;                       /* pixel: an input declared `centroid` */
    bool reads_coverage;                     /* pixel: vCoverage (SV_Coverage input) declared */
    bool writes_coverage;                    /* pixel: oMask (SV_Coverage output) declared */
    bool lane_local;                         /* pixel: no instruction reads another lane
                                              * (derivatives, implicit-LOD sampling): equal
                                              * inputs give equal outputs in every lane */
    uint32_t cb_vec4_total;                  /* sum of the declared constant buffer sizes */
    uint32_t texture_mask[DRAW_MAX_TEXTURES / 32];   /* t# slots declared (bit per slot) */
    uint32_t sampler_mask;                   /* s# slots declared (bit per slot < 32) */
    uint64_t uav_mask;                       /* u# slots declared (pixel UAVs at 11_0, every
                                              * stage's at 11_1); pixel programs with them:
                                              * every invocation has side effects, so none
                                              * is shared or skipped (no uniform, rectangle
                                              * or fused shortcut: lane_local false) */
    bool mem;                                /* memory instructions (u#, raw and structured
                                              * t#, bufinfo): draw_desc.ps_uavs (pixel),
                                              * vs_mem / gs_mem / hs_mem / ds_mem */
    bool pulls;                              /* pixel: eval_* instructions (pull-model
                                              * evaluation, pixel_eval.c) */
    bool early_depth;                        /* pixel: dcl_globalFlags forceEarlyDepthStencil
                                              * ([earlydepthstencil]) without oDepth */
};

/* Whether program p declares t# slot i. */
static inline bool draw_program_texture(const struct draw_program *p, unsigned i)
{
    return i < DRAW_MAX_TEXTURES && (p->texture_mask[i / 32] >> (i % 32) & 1u);
}

/* From IR that passed ir_validate().  DRAW_OK, DRAW_E_NOMEM or DRAW_E_INVALID. */
int draw_program_create(const struct ir_program *ir, struct draw_program **out);
void draw_program_destroy(struct draw_program *prog);   /* NULL is fine */

/* A hull program ready to run (tess_stage.c): its phases as programs, the tessellator's
 * configuration (pipeline/tessellator.h values) and where the patch constants hold the
 * TessFactors.  From a validated hull container (ir_program hs_phase IR_HS_DECLS). */
#define DRAW_HS_MAX_PHASES 16
struct draw_hull {
    uint32_t phase_count;
    struct draw_program *phase[DRAW_HS_MAX_PHASES];
    uint8_t phase_kind[DRAW_HS_MAX_PHASES];      /* enum ir_hs_phase */
    uint32_t instances[DRAW_HS_MAX_PHASES];
    uint8_t domain, partitioning, primitive;     /* enum tess_domain ... */
    uint32_t input_cp, output_cp;
    uint32_t pc_count;                           /* patch-constant registers written */
    /* SV_TessFactor / SV_InsideTessFactor: edge[0..3], inside[0..1] as tess_patch takes them
     * (isolines: edge 0 density, 1 detail); register * 4 + component, or -1 when absent */
    int factor_edge[4], factor_inside[2];
};
int draw_hull_create(const struct ir_program *hs, struct draw_hull **out);
void draw_hull_destroy(struct draw_hull *hull);   /* NULL is fine */

/* ---- linkage: what each pixel-program input reads ------------------------------------------- */

enum draw_input_kind {
    DRAW_IN_ZERO = 0,        /* nothing feeds it: reads 0 */
    DRAW_IN_ATTR,            /* component `comp` of vertex attribute `slot` */
    DRAW_IN_POSITION,        /* SV_Position component `comp` */
    DRAW_IN_FRONT_FACE,      /* SV_IsFrontFace: 0xffffffff or 0 */
    DRAW_IN_SAMPLE_INDEX,    /* SV_SampleIndex: the sample being shaded (0 at pixel
                              * frequency, which a program reading it never runs at when
                              * the target has several samples: pixel.c) */
};

struct draw_input_src {
    uint8_t kind, slot, comp;
};

/* The vertex carries `attr_count` VS output registers (attr_reg[]) besides the position;
 * in[r][c] says where component c of pixel input v<r> comes from. */
struct draw_linkage {
    uint32_t attr_count;
    uint8_t attr_reg[IR_MAX_OUTPUTS];
    bool attr_noperspective[IR_MAX_OUTPUTS];   /* read by a noperspective input: clipping
                                                * interpolates it in screen space */
    /* Cylindrical wrapping (Direct3D 9 D3DRS_WRAPn; draw_link leaves it 0): bit c set: component
     * c of attribute k is interpolated the shortest way around a circle of circumference 1,
     * where 0 and 1 coincide.  clip.c moves the primitive's other vertices by whole units to
     * within 1/2 of its first (leading) vertex before clipping. */
    uint8_t attr_wrap[IR_MAX_OUTPUTS];
    struct draw_input_src in[IR_MAX_INPUTS][4];
};

/* Matches the pixel program's inputs to the vertex program's outputs by semantic name and
 * index (case-insensitive, D3D10+ signature linkage), component for component; system values
 * (position, is_front_face) come from the rasterizer.  An input without a matching output
 * reads 0.  `ps` may be NULL (no pixel program: nothing is carried). */
void draw_link(const struct draw_program *vs, const struct dxbc_signature *vs_out,
               const struct draw_program *ps, const struct dxbc_signature *ps_in,
               struct draw_linkage *out);

/* Geometry programs (geometry.c): input register r, component c of the GS reads component
 * src[r][c].comp of VS output register src[r][c].reg when src[r][c].used, else 0.  Matched
 * as draw_link matches the pixel program's inputs: by semantic name and index. */
struct draw_gs_linkage {
    struct { uint8_t used, reg, comp; } src[IR_MAX_INPUTS][4];
};
void draw_link_gs(const struct draw_program *vs, const struct dxbc_signature *vs_out,
                  const struct draw_program *gs, const struct dxbc_signature *gs_in,
                  struct draw_gs_linkage *out);
/* Whether a draw of topology t can feed a geometry program of this input primitive
 * (enum ir_gs_input): points to point, lists and strips to line / triangle, the adjacency
 * topologies to lineadj / triangleadj (D3D11.3 functional spec 13.2). */
bool draw_gs_topology_ok(enum draw_topology t, unsigned gs_input);

/* Stream output (stream_out.c; D3D11.3 functional spec 14): the primitives of the last stage
 * before the rasterizer -- the geometry program's output strips, or without one the vertex
 * program's primitives of the draw's topology -- written as lists (strips unrolled: odd
 * triangles (i, i+2, i+1), the winding kept) to up to four buffers.  Element k writes `count`
 * components of output register `reg` from component `comp` (gap: `count` dwords skipped) to
 * buffer `slot`, after the elements before it in that slot.  A primitive is written only when
 * it fits in every bound buffer the declaration uses (14.6: once one is full, nothing more is
 * written); `needed` counts every primitive, `written` those written.  buf[].offset is where
 * the next vertex goes, advanced by the draw. */
#define DRAW_SO_BUFFERS 4
#define DRAW_SO_MAX_ELEMENTS 512
struct draw_so_element {
    uint8_t slot, reg, comp, count;
    bool gap;
    uint8_t stream;                      /* the GS output stream it takes (0..3) */
};
struct draw_so_buffer {
    uint8_t *data;                       /* NULL: not bound (nothing written, no limit) */
    uint32_t size, offset, stride;       /* bytes */
};
struct draw_so {
    uint32_t count;
    struct draw_so_element elements[DRAW_SO_MAX_ELEMENTS];
    struct draw_so_buffer buf[DRAW_SO_BUFFERS];
    bool rasterize;                      /* false: D3D11_SO_NO_RASTERIZED_STREAM */
    uint8_t raster_stream;               /* with rasterize: the stream drawn (0..3) */
    uint64_t written[4], needed[4];      /* out: primitives of this draw, by stream */
};

/* Pipeline statistics of a draw (what D3D11_QUERY_DATA_PIPELINE_STATISTICS counts): vertices
 * and primitives the input assembler read (every instance; primitives of the draw's topology,
 * strip cuts and incomplete ones not counted), vertex-program invocations (after the
 * post-transform cache: a vertex shaded once counts once), geometry-program invocations (input
 * primitives times its instances) and the primitives it output, primitives sent to clipping
 * and those clipping handed to the rasterizer (a clipped triangle's fan counts each triangle;
 * none while rasterization is off), and pixel-program invocations (pixels covered before the
 * depth test; a whole rectangle shaded once counts its pixels).  With tessellation: the input
 * assembler's primitives are the complete patches, hull-program invocations one per patch
 * (its control-point lanes and phase instances are that one invocation), domain-program
 * invocations one per domain point of the patches the tessellator did not cull. */
struct draw_stats {
    uint64_t ia_vertices, ia_primitives, vs_invocations, gs_invocations, gs_primitives,
             c_invocations, c_primitives, ps_invocations, hs_invocations, ds_invocations;
    uint64_t cs_invocations;   /* compute dispatches: one per thread (pipeline/compute.h) */
};

/* ---- the draw description ------------------------------------------------------------------ */

/* A vertex buffer binding.  data NULL: unbound, every element of the stream reads 0 (8.20). */
struct draw_stream {
    const uint8_t *data;
    size_t size;             /* bytes of the buffer */
    uint32_t stride, offset; /* bytes */
};

/* One vertex element: where it is fetched and which v# components it fills. */
struct draw_element {
    core_format format;
    uint32_t stream;         /* < DRAW_MAX_STREAMS */
    uint32_t offset;         /* bytes within the stream's vertex */
    bool per_instance;
    uint32_t step_rate;      /* per-instance: instances per step (0: never steps) */
    uint8_t reg, mask;       /* v# register and its components (contiguous, from the lowest) */
};

struct draw_viewport {
    float x, y, width, height, min_depth, max_depth;
};

/* Points as screen-aligned squares (Direct3D 9 point size and point sprites; D3D11 has
 * neither, and leaves this zeroed: points are then one pixel, raster_scene_points).  With
 * `enable`, clip.c turns each point of a point list into a square of side S pixels centred on
 * the point, as two triangles of four new vertices that carry the point's attributes:
 *   S = the float in component size_comp of attribute slot size_slot (size_slot < 0: `size`),
 *       clamped to [size_min, size_max] (a NaN size is size_min) and to DRAW_POINT_MAX_SIZE;
 *   sprite_slots: bit k set: components x, y of attribute slot k become (0, 0) at the top-left
 *       corner, (1, 0) top-right, (0, 1) bottom-left, (1, 1) bottom-right.
 * A point is kept or dropped on its centre alone (the depth range, user clip planes, the guard
 * band), as in D3D9 without D3DPMISCCAPS_CLIPPLANESCALEDPOINTS; the square is then cut only
 * by the scissor / target rectangle.  The squares are never culled and get no depth bias
 * (draw.c), as points are not (15.10). */
#define DRAW_POINT_MAX_SIZE 8192.0f   /* far inside the guard band (raster.h) */
struct draw_points {
    bool enable;
    int8_t size_slot;
    uint8_t size_comp;
    float size, size_min, size_max;
    uint32_t sprite_slots;
};

struct draw_desc {
    enum draw_topology topology;
    /* what to draw: count vertices (or indices) per instance, from `start` */
    uint32_t count, start;
    int32_t base_vertex;                 /* indexed draws */
    uint32_t instance_count, start_instance;
    /* input assembler */
    struct draw_stream streams[DRAW_MAX_STREAMS];
    struct draw_element elements[DRAW_MAX_ELEMENTS];
    uint32_t element_count;
    const uint8_t *index_data;           /* NULL: not indexed */
    size_t index_size;                   /* bytes of the index buffer */
    uint32_t index_offset;               /* bytes */
    uint8_t index_bytes;                 /* 2 or 4 */
    bool strip_cut;                      /* 0xffff / 0xffffffff cut the primitive (8.12) */
    /* programs */
    const struct draw_program *vs, *ps;  /* ps may be NULL: nothing is shaded, depth runs */
    /* The geometry program (NULL: none).  With one, `link` links ITS outputs to the pixel
     * program (draw_link(gs, gs_out_sig, ...)), gs_link its inputs to the vertex program's
     * outputs, and the vertex program needs no SV_Position (the geometry program's is
     * rasterized).  Its constant buffers, textures and samplers: gs_cb, gs_textures,
     * gs_samplers (sampled as vertex textures are: LOD 0 or explicit). */
    const struct draw_program *gs;
    const struct draw_gs_linkage *gs_link;
    struct vm_cbuffer gs_cb[IR_MAX_CB_SLOTS];
    const struct texture_view *gs_textures[DRAW_MAX_TEXTURES];
    const struct sampler *gs_samplers[DRAW_MAX_SAMPLERS];
    const struct draw_linkage *link;
    /* Tessellation (tess_stage.c; both NULL: none): a patch-list topology of hs->input_cp
     * control points; hs_link feeds the control-point phase's v[cp][reg] (draw_link_gs with
     * the phase as the "geometry" program), the domain program reads the control-point
     * outputs and patch constants by register, and `link` links ITS outputs to the pixel
     * program -- or, with a geometry program after it, gs_link links them to the geometry
     * program's inputs (which take the tessellator's output primitive), and with stream
     * output and no geometry program the domain program's outputs are streamed. */
    const struct draw_hull *hs;
    const struct draw_program *ds;
    const struct draw_gs_linkage *hs_link;
    struct vm_cbuffer hs_cb[IR_MAX_CB_SLOTS], ds_cb[IR_MAX_CB_SLOTS];
    /* their t# / s# (sampled as vertex textures are: LOD 0 or explicit; NULL reads 0) */
    const struct texture_view *hs_textures[DRAW_MAX_TEXTURES], *ds_textures[DRAW_MAX_TEXTURES];
    const struct sampler *hs_samplers[DRAW_MAX_SAMPLERS], *ds_samplers[DRAW_MAX_SAMPLERS];
    /* Stream output (NULL: none).  Written by the draw (offsets, counters).  With it and no
     * geometry program the vertex program's outputs are streamed (and rasterized as the
     * topology says). */
    struct draw_so *so;
    /* Pipeline statistics (NULL: not wanted): set by the draw.  A draw that can reach no pixel
     * and streams nothing out (empty viewports or scissor) is not run: it counts nothing. */
    struct draw_stats *stats;
    struct vm_cbuffer vs_cb[IR_MAX_CB_SLOTS], ps_cb[IR_MAX_CB_SLOTS];
    /* pixel programs' memory (11_0): the UAVs (OMSetRenderTargetsAndUnorderedAccessViews) as
     * raw and structured memory and typed callbacks (pipeline/compute.h compute_bind_images),
     * and the raw / structured / buffer t# views (srv[]) the memory instructions read; NULL:
     * they read 0, write nothing.  Stores and atomics skip helper lanes
     * (vm_env.helper_lanes). */
    struct vm_cs_env *ps_uavs;
    /* The other stages' memory (11_1: UAVs in every stage): the same UAVs as ps_uavs (the
     * graphics stages share OMSetRenderTargetsAndUnorderedAccessViews' slots) with each
     * stage's own raw / structured / buffer t# views; NULL: reads 0, writes nothing.  A
     * program without memory instructions never looks (draw_program.mem).  A draw with
     * vs_mem is not deferred (its vertex stage's side effects happen in the draw). */
    struct vm_cs_env *vs_mem, *gs_mem, *hs_mem, *ds_mem;
    const struct texture_view *textures[DRAW_MAX_TEXTURES];   /* PS t#; NULL samples 0 */
    const struct sampler *samplers[DRAW_MAX_SAMPLERS];        /* PS s#; NULL: textures read 0 */
    /* Vertex-program textures (D3D9 vertex texture fetch; D3D11 at 9_x has none): t# slot
     * k reads vs_textures[k], s# slot k is vs_samplers[k]; vertices have no derivatives, so
     * implicit-LOD sampling takes LOD 0 (plus the sampler's bias), sample_l its explicit LOD
     * (vertex.c). */
    const struct texture_view *vs_textures[DRAW_MAX_TEXTURES];
    const struct sampler *vs_samplers[DRAW_MAX_SAMPLERS];
    /* rasterizer */
    enum draw_fill fill;
    enum raster_cull cull;
    bool front_ccw;
    /* D3D10+ DepthClipEnable FALSE (spec 15.4): no clipping against 0 <= z <= w; the depth
     * is still clamped to [MinDepth, MaxDepth] before the depth test (pixel.c, 15.6) */
    bool depth_clip_off;
    /* D3D10+ MultisampleEnable TRUE (spec 3.4.5, 15.14): lines, wireframe edges included, are
     * rectangles of width 1.4 drawn as two triangles (clip.c out_quad_line), not aliased */
    bool quad_lines;
    int32_t depth_bias;
    float depth_bias_clamp, slope_scaled_depth_bias;
    bool scissor_enable;
    struct raster_rect scissor;          /* half-open pixels */
    struct draw_viewport viewport;
    /* Viewport arrays (D3D11 RSSetViewports / RSSetScissorRects; the geometry program's
     * SV_ViewportArrayIndex, geometry.c): viewport and scissor k >= 1 of the draw; viewport 0
     * is `viewport` / `scissor` above.  A primitive whose index is viewport_count or more takes
     * viewport 0 (as the D3D12_VIEW_INSTANCE_LOCATION page states for an index outside the
     * array, the rule D3D10 set); a scissor rectangle not set is empty. */
    uint32_t viewport_count;
    struct draw_viewport viewports[DRAW_MAX_VIEWPORTS];
    struct raster_rect scissors[DRAW_MAX_VIEWPORTS];
    /* Layered rendering (the geometry program's SV_RenderTargetArrayIndex, geometry.c): target
     * t (t = OM_MAX_TARGETS: the depth-stencil surface) has layer_count[t] slices, slice i at
     * om.rt[t].data + i * layer_pitch[t] bytes (the same mip of consecutive array slices, or
     * consecutive depth slices of a 3D render-target view).  A primitive's slice index outside
     * a surface's slices (0 or 1 of them: not layered) writes its slice 0 there. */
    uint32_t layer_count[OM_MAX_TARGETS + 1];
    size_t layer_pitch[OM_MAX_TARGETS + 1];
    struct draw_points points;           /* zeroed: points are one pixel */
    /* Multisampled targets (om.samples >= 2): true puts every sample at the pixel centre
     * (D3D11_CENTER_MULTISAMPLE_PATTERN; D3D9 D3DRS_MULTISAMPLEANTIALIAS FALSE), false the
     * standard pattern (raster_ms_pattern). */
    bool ms_center;
    /* Target-independent rasterization (D3D11 ForcedSampleCount > 1 with one-sample render
     * targets, D3D11.3 functional spec 3.5.6): the rasterizer's sample count (2..16, the
     * standard pattern) while the surfaces keep one sample (om.samples < 2).  Coverage, the
     * pixel program's vCoverage and its `samplepos rasterizer` follow these samples; a pixel
     * with any of them covered is shaded once and written to its one sample.  1 with
     * multisampled surfaces (ForcedSampleCount 1, 3.5.6.2): one rasterizer sample at the pixel
     * centre, the pixel's result written to each of its surface samples the SampleMask,
     * alpha-to-coverage and oMask keep; vCoverage bit 0.  0: the rasterizer takes om.samples. */
    uint32_t raster_samples;
    /* Alpha-to-coverage (D3D11 AlphaToCoverageEnable; pixel_ms.c): the alpha of SV_Target0
     * decides how many of a pixel's samples it covers. */
    bool alpha_to_coverage;
    /* User clip planes (D3D9 D3DRS_CLIPPLANEENABLE; D3D11 at 9_x has none): a point is kept
     * where dot(plane, clip-space position) >= 0.  Zero-initialized descriptions have none. */
    unsigned user_clip_count;            /* <= DRAW_MAX_USER_CLIP */
    float user_clip[DRAW_MAX_USER_CLIP][4];
    /* output merger: the target size (every bound surface has it), key and surfaces */
    uint32_t width, height;
    struct om_key om_key;
    struct om_draw om;
    /* Binning across draws (draw_execute below): true lets the draw's pixels wait in the
     * context's scene for later draws, to be rasterized together at draw_context_flush.  The
     * caller then promises that, until that flush, the memory of the bound render targets,
     * depth-stencil surface and the texels of the bound views (pixel and vertex stage) neither
     * changes nor goes away, and that d->ps lives on; everything else the description points
     * to (the views and samplers themselves, the linkage, the constant-buffer contents) is
     * copied.  false (zero-initialised descriptions): the draw is finished on return. */
    bool deferrable;
};

/* ---- execution ------------------------------------------------------------------------------ */

struct draw_context;

/* A context owns the thread pool (`threads` workers; 0: SOFTD3D_THREADS, else the CPU count),
 * the scene and every scratch buffer.  NULL when out of memory. */
struct draw_context *draw_context_create(unsigned threads);
void draw_context_destroy(struct draw_context *dc);   /* NULL is fine */
unsigned draw_context_threads(const struct draw_context *dc);
struct threadpool;
/* The context's worker pool, for work that runs beside draws on the same threads (compute
 * dispatches: pipeline/compute.h); never NULL for a context draw_context_create made. */
struct threadpool *draw_context_pool(struct draw_context *dc);

/* Runs the draw -- to completion, unless d->deferrable and the draw can wait (no samples or
 * statistics wanted, no stream output, geometry, tessellation or pixel UAVs): then its
 * primitives stay binned in the context's scene, with copies of what its pixels read, and
 * its pixels are written by the next draw_context_flush (or by a later draw that cannot join
 * them: other targets, a view of the targets' memory, a size change, a full scene).  Pixels
 * come out the same either way: every tile still sees its primitives in submission order
 * (raster.h).  *samples (may be NULL) receives the number of samples that
 * passed depth/stencil (what an occlusion query adds).  DRAW_E_INVALID when the description is
 * unusable (vs NULL or without SV_Position, an om_key om_state_init refuses, a size beyond
 * RASTER_MAX_SIZE): nothing is drawn and msg (if not NULL) says why. */
int draw_execute(struct draw_context *dc, const struct draw_desc *desc, uint64_t *samples,
                 char *msg, size_t msg_size);

/* Rasterizes every deferred draw (draw_execute) and returns when their pixels are written;
 * nothing to do when none waits.  Front-ends call it before anything reads or writes the
 * memory a waiting draw uses (Map / Lock, copies, clears, present, queries, destruction). */
void draw_context_flush(struct draw_context *dc);
/* Whether deferred draws wait for draw_context_flush. */
bool draw_context_pending(const struct draw_context *dc);

/* The vertex stage alone, for D3D9 ProcessVertices: runs d's vertex program (fetch from
 * d's streams and elements, its constants and vertex textures) on the `count` vertices
 * first.. of a non-indexed draw (instance 0; VertexID 0..count-1) and writes one record per
 * vertex to records[], each 4 * (1 + d->link->attr_count) uint32_t: the clip-space position
 * (x, y, z, w as float bits), then the 4 components of output register link->attr_reg[k] for
 * each k (draw_priv.h's pool record).  Nothing is clipped, projected or drawn; only vs, link,
 * streams, elements, vs_cb and the vertex textures/samplers of d are read.  DRAW_OK,
 * DRAW_E_INVALID (no usable vertex program or linkage) or DRAW_E_NOMEM.  vertex.c. */
int draw_process_vertices(struct draw_context *dc, const struct draw_desc *d, uint32_t first,
                          uint32_t count, uint32_t *records);

/* Runs fn(ctx, job, worker) for job 0..njobs-1 on the context's workers (util/threadpool.h) and
 * returns when all are done: for work outside draws that splits into independent parts (the
 * front-ends' clears).  Jobs must not touch the same bytes. */
void draw_context_parallel(struct draw_context *dc, unsigned njobs,
                           void (*fn)(void *ctx, unsigned job, unsigned worker), void *ctx);

/* Fills `rows` rows of `row` bytes from row0 (row pitch `pitch`) with the texel or block
 * `value` of `bytes` bytes (row a multiple of it), keeping the bits outside `mask` (NULL: every
 * bit written), in bands of about DRAW_FILL_BAND_BYTES on dc's workers (dc NULL: on the
 * caller; a fill of one band or less never needs dc).  pipeline/fill.c. */
#define DRAW_FILL_BAND_BYTES ((size_t)256 << 10)
void draw_fill_rows(struct draw_context *dc, uint8_t *row0, size_t pitch, size_t row,
                    unsigned rows, const uint8_t *value, const uint8_t *mask, unsigned bytes);

/* ---- shortcuts, for tests ------------------------------------------------------------------
 * Uniform primitives (pixel program once per primitive) and whole-tile rectangles (pixel.c)
 * give the per-pixel path's bits; tests/test_render_shortcuts.c renders with them on (the
 * default) and off and compares.  Process-wide; the counter counts rectangles written. */
void draw_debug_set_shortcuts(bool enable);
uint64_t draw_debug_fill_count(void);
uint64_t draw_debug_fused_count(void);     /* batches run by pixel_fused.c */
/* Binning across draws (draw_desc.deferrable) on (the default) or off -- tests render both
 * ways and compare; the counter counts the draws that waited (process-wide). */
void draw_debug_set_defer(bool enable);
uint64_t draw_debug_defer_count(void);
void draw_debug_count_fused(uint64_t n);

#endif
