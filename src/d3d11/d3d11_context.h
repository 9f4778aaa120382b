/* src/d3d11/d3d11_context.h — the immediate context's bound state, as the draw path reads it.
 *
 * Read me first.
 *  - One struct, d3d11_context_state, holds everything the pipeline setters bind (context_state.c
 *    writes it, after validation, with context_cbuffer.c for the constant buffers and
 *    context_uav.c for the UAVs; SwapDeviceContextState, context_state_object.c, exchanges it
 *    whole).  The draw path only reads it.
 *  - Every bound object is held with a context reference (device_child.h: d3d11_child_bind /
 *    unbind): it stays alive while bound, but keeps neither its application count nor the device
 *    alive.  A slot is empty when its pointer is NULL.
 *  - Objects are kept as their interface (for the Get methods) plus what the draw path needs,
 *    already looked up with the vtable-checked accessors: the view's d3d11_view_info, the shader's
 *    d3d11_shader_code, the input layout's elements.  Descriptions of state objects come from
 *    d3d11_blend_state_desc() & co. (d3d11_state.h) on the stored interface; NULL state objects
 *    mean the documented defaults (rasterizer: solid, back-face culling, depth clip; blend:
 *    disabled, write all; depth-stencil: depth test LESS with writes, no stencil).
 *  - Level limits the setters enforced, so the draw path can rely on them: at most 1 viewport and
 *    1 scissor rectangle; render targets in slots [0, 1) at 9_1/9_2 and [0, 4) at 9_3, all the
 *    same size; at most 8 pixel-shader resource views bound at once; no vertex-shader resource
 *    views or samplers; topology a point/line/triangle list or strip, or UNDEFINED (the ClearState
 *    value: the draw path must refuse a draw with it).
 *
 * Left to the draw path (the 10Level9 ID3D11DeviceContext page, Draw* rows): the primitive-count
 * and index-value limits (limits.h), the texture-repeat limit, "indexed point lists not
 * supported", the shader constant-count limits ("total number of constants used by shader cannot
 * exceed 32 / 255", PSSetConstantBuffers / VSSetConstantBuffers rows), and adding the samples
 * that pass depth/stencil to the building occlusion queries (d3d11_context_add_occlusion_samples).
 */
#ifndef SOFTD3D_D3D11_CONTEXT_H
#define SOFTD3D_D3D11_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "d3d11_2.h"

struct d3d11_child;
struct d3d11_context;
struct d3d11_resource;
struct d3d11_view_info;
struct d3d11_shader_code;
struct d3d11_input_layout_info;

/* Slot counts of the arrays below (the API's own ranges; the level rules may allow fewer). */
#define D3D11_CTX_VB_SLOTS D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT   /* 32 (11_0; 16 below: limits.h input_slots) */
#define D3D11_CTX_CB_SLOTS D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT   /* 14 */
#define D3D11_CTX_SRV_SLOTS D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT      /* 128 */
#define D3D11_CTX_SAMPLER_SLOTS D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT         /* 16 */
#define D3D11_CTX_RT_SLOTS D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT             /* 8 */
#define D3D11_CTX_VIEWPORTS D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE /* 16 */
#define D3D11_CTX_UAV_SLOTS D3D11_1_UAV_SLOT_COUNT   /* 64 (11_1; 8 at 11_0: limits.h uav_slots) */

/* A bound object that is not a resource: its interface and its device-child part. */
struct d3d11_bound {
    void *iface;
    struct d3d11_child *child;
};

/* A bound view: as above, plus what it selects. */
struct d3d11_bound_view {
    void *iface;                          /* ID3D11ShaderResourceView / RenderTargetView / ... */
    struct d3d11_child *child;
    const struct d3d11_view_info *info;   /* owned by the view */
};

struct d3d11_vertex_buffer_binding {
    struct d3d11_resource *buffer;        /* NULL: empty slot */
    UINT stride, offset;
};

struct d3d11_shader_stage_state {
    struct d3d11_bound shader;            /* ID3D11VertexShader / ID3D11PixelShader */
    const struct d3d11_shader_code *code; /* the shader's bytecode and parsed info */
    struct d3d11_resource *constant_buffers[D3D11_CTX_CB_SLOTS];
    /* the range each constant-buffer slot shows the shader, in 16-byte constants
     * (*SetConstantBuffers1's pFirstConstant / pNumConstants; the plain method binds 0 and the
     * whole buffer): d3d11_context_cb_view */
    UINT cb_first[D3D11_CTX_CB_SLOTS], cb_count[D3D11_CTX_CB_SLOTS];
    struct d3d11_bound_view srvs[D3D11_CTX_SRV_SLOTS];
    struct d3d11_bound samplers[D3D11_CTX_SAMPLER_SLOTS];   /* ID3D11SamplerState */
    /* the class instances of *SetShader (11_0; ID3D11ClassInstance, NULL entries allowed),
     * one per interface slot of the shader; owned array (moved with the state, freed by its
     * reset), NULL when none */
    struct d3d11_bound *instances;
    UINT instance_count;
};

struct d3d11_context_state {
    /* input assembler */
    struct d3d11_bound input_layout;      /* ID3D11InputLayout */
    const struct d3d11_input_layout_info *input_layout_info;
    struct d3d11_vertex_buffer_binding vertex_buffers[D3D11_CTX_VB_SLOTS];
    struct d3d11_resource *index_buffer;  /* IASetIndexBuffer */
    DXGI_FORMAT index_format;
    UINT index_offset;
    D3D11_PRIMITIVE_TOPOLOGY topology;
    /* shader stages (vs and ps are the only two that exist at 9_x, seed 004; gs from 10_0,
     * hs and ds from 11_0) */
    struct d3d11_shader_stage_state vs, ps, gs, hs, ds;
    /* compute (11_0, issue 15): the CS stage and its unordered-access views, u0..u7 at 11_0
     * (D3D11_PS_CS_UAV_REGISTER_COUNT), u0..u63 at 11_1 (D3D11_1_UAV_SLOT_COUNT; iface an
     * ID3D11UnorderedAccessView, whose counter d3d11_uav_info gives) */
    struct d3d11_shader_stage_state cs;
    struct d3d11_bound_view cs_uavs[D3D11_CTX_UAV_SLOTS];
    /* the graphics stages' UAVs (OMSetRenderTargetsAndUnorderedAccessViews): the pixel
     * stage's at 11_0 (8 slots, shared with the render targets: u# from UAVStartSlot on);
     * at 11_1 64 slots, which every graphics stage shares (VS/HS/DS/GS/PS u#) */
    struct d3d11_bound_view om_uavs[D3D11_CTX_UAV_SLOTS];
    /* stream output (10_0+): SOSetTargets; where each writes next is its so_filled */
    struct d3d11_resource *so_targets[D3D11_SO_BUFFER_SLOT_COUNT];
    /* rasterizer */
    struct d3d11_bound rasterizer;        /* ID3D11RasterizerState; NULL: defaults */
    UINT viewport_count;
    D3D11_VIEWPORT viewports[D3D11_CTX_VIEWPORTS];
    UINT scissor_count;
    D3D11_RECT scissors[D3D11_CTX_VIEWPORTS];
    /* output merger */
    struct d3d11_bound_view rtvs[D3D11_CTX_RT_SLOTS];
    struct d3d11_bound_view dsv;
    struct d3d11_bound blend;             /* ID3D11BlendState; NULL: defaults */
    FLOAT blend_factor[4];
    UINT sample_mask;
    struct d3d11_bound depth_stencil;     /* ID3D11DepthStencilState; NULL: defaults */
    UINT stencil_ref;
    /* predication (SetPredication, 10_0+): an issued ID3D11Predicate or NULL, and the value
     * whose result skips the predicated calls */
    struct d3d11_bound predicate;
    BOOL predicate_value;
};

/* context_cbuffer.c: what constant-buffer slot `i` of a stage shows the shader, the
 * intersection of the bound window [first, first + count) with the buffer ("the constant buffer
 * is the intersection of the actual memory allocation for the buffer and the window",
 * *SetConstantBuffers1); reads past it give 0 (vm_cbuffer.size).  *data NULL: unbound.  The
 * buffer's memory is 16-byte aligned and first a multiple of 16 constants, so the window's
 * start stays aligned. */
void d3d11_context_cb_view(const struct d3d11_shader_stage_state *s, unsigned i,
                           const uint32_t **data, uint32_t *size);

/* ---- queries (context_query.c; the storage lives in each query object, query.c) ----------- */

enum d3d11_query_status {
    D3D11_QUERY_STATUS_CREATED,   /* never issued: GetData is DXGI_ERROR_INVALID_CALL */
    D3D11_QUERY_STATUS_BUILDING,  /* between Begin and End: GetData is DXGI_ERROR_INVALID_CALL */
    D3D11_QUERY_STATUS_ISSUED,    /* End called: GetData returns the result (S_OK) */
};

struct d3d11_query_result {
    enum d3d11_query_status status;
    UINT64 value;      /* occlusion: samples passed; timestamp: ns (CLOCK_MONOTONIC); SO
                        * statistics: NumPrimitivesWritten */
    UINT64 value2;     /* SO statistics: PrimitivesStorageNeeded */
    D3D11_QUERY_DATA_PIPELINE_STATISTICS stats;   /* pipeline statistics */
    bool pending;      /* issued, but work before the End is not finished (S_FALSE); the draw
                        * path may set it once it runs asynchronously; never set today */
};

/* query.c: the result storage and the device-child part of a query; NULL when `async` is not
 * one of softd3d's queries. */
struct d3d11_query_result *d3d11_query_result(ID3D11Asynchronous *async);
struct d3d11_child *d3d11_query_child(ID3D11Asynchronous *async);

/* The draw path's hook: adds `samples` to every occlusion query (and occlusion predicate)
 * between Begin and End. */
void d3d11_context_add_occlusion_samples(struct d3d11_context *ctx, UINT64 samples);
/* A draw with stream output: primitives written and needed, for the building SO statistics
 * and overflow queries (context_query.c). */
void d3d11_context_add_so_statistics(struct d3d11_context *ctx, const UINT64 written[4],
                                     const UINT64 needed[4]);
/* A draw's pipeline statistics (pipeline/draw.h), for the building pipeline-statistics queries
 * (context_query.c). */
struct draw_stats;
void d3d11_context_add_pipeline_statistics(struct d3d11_context *ctx,
                                           const struct draw_stats *stats);

/* SetPredication's effect (context_query.c): true when a predicate is set and its result equals
 * the predicate value, so the calling "rendering or resource manipulation command" (the
 * SetPredication page's list: draws, copies, UpdateSubresource, clears, GenerateMips,
 * ResolveSubresource) must not be performed. */
bool d3d11_context_predicated(const struct d3d11_context *ctx);

/* ---- internal: shared by context.c, context_state.c, context_resource.c, context_query.c -- */

/* A mapped subresource (context_resource.c).  The resource is held with a context reference
 * while mapped, so an application Release cannot free the memory under the pointer. */
struct d3d11_mapping {
    struct d3d11_resource *res;
    UINT subresource;
    D3D11_MAP type;
};

/* Context-wide bookkeeping that ClearState does not touch. */
struct d3d11_context_extra {
    struct d3d11_mapping *maps;
    size_t map_count, map_capacity;
    ID3D11Asynchronous **active_queries;  /* occlusion / disjoint queries between Begin and End,
                                           * each held with a context reference */
    size_t active_count, active_capacity;
    struct d3d11_draw_cache *draw;        /* context_draw.c: the renderer and its caches,
                                           * made at the first draw */
    struct d3d11_compute_cache *compute;  /* context_compute.c: decoded compute programs */
    /* Draws waiting in the renderer's scene (binning across draws, context_draw.c): context
     * references on the views whose memory they borrow (the pixel stage's views, the
     * targets), dropped when they are finished */
    struct d3d11_pending_ref {
        struct d3d11_child *child;
        void *iface;
    } *pending_refs;
    size_t pending_ref_count, pending_ref_cap;
    /* context_state_object.c: the active ID3DDeviceContextState (SwapDeviceContextState), held
     * with a context reference; NULL: the context's own state, never swapped yet */
    struct d3d11_child *state_object;
    void *state_object_iface;
};

/* context_draw.c: finishes the draws waiting in the renderer's scene (pipeline/draw.h
 * draw_desc.deferrable).  Every method that reads or changes memory a waiting draw may use --
 * copies, clears, mips, resolves, compute, queries, Present, the Map / UpdateSubresource of a
 * resource d3d11_context_flush_for says -- calls it first. */
void d3d11_context_flush_draws(struct d3d11_context *ctx);
/* Whether writing res's memory must first finish the waiting draws (then they are finished):
 * every resource but the buffers that only the input assembler and constant buffers read --
 * a waiting draw has fetched its vertices and copied its pixel constants. */
void d3d11_context_flush_for(struct d3d11_context *ctx, const struct d3d11_resource *res);

/* context_draw.c: the context's renderer (made on first use; NULL when out of memory). */
struct draw_context;
struct draw_context *d3d11_context_renderer(struct d3d11_context *ctx);

/* The level rules of the context methods that context_state.c and context_resource.c share. */
bool d3d11_context_resource_is_mapped(const struct d3d11_context *ctx,
                                      const struct d3d11_resource *res, UINT subresource);
/* UINT32_MAX as `subresource`: any subresource. */
#define D3D11_ANY_SUBRESOURCE 0xffffffffu

/* context_resource.c: whether Map(WRITE_NO_OVERWRITE) may map res at `level` (also the
 * deferred context's rule). */
bool d3d11_map_no_overwrite_ok(const struct d3d11_resource *res, D3D_FEATURE_LEVEL level);

void d3d11_context_state_reset(struct d3d11_context *ctx);   /* ClearState (context_state.c) */
/* context_state.c: a state at the ClearState defaults holding nothing (any previous contents
 * are overwritten, not released), and the release of every context reference a state holds
 * (then the defaults) -- for states kept outside a context (context_state_object.c). */
void d3d11_context_state_defaults(struct d3d11_context_state *s);
void d3d11_context_state_release(struct d3d11_context_state *s);

/* context_state.c, for context_uav.c: a view slot's update (context references) and the rule
 * of two views sharing a subresource. */
void d3d11_context_view_set(struct d3d11_bound_view *slot, void *iface, struct d3d11_child *child,
                            const struct d3d11_view_info *info);
bool d3d11_context_views_overlap(const struct d3d11_view_info *a, const struct d3d11_view_info *b);
/* context_uav.c: CSSetUnorderedAccessViews at 11_0 (validation, initial counts, the hazard
 * rule), and whether a view shares a subresource with a bound compute UAV. */
void d3d11_context_set_cs_uavs(struct d3d11_context *ctx, UINT start, UINT count,
                               ID3D11UnorderedAccessView *const *uavs, const UINT *counts);
/* The UAV part of OMSetRenderTargetsAndUnorderedAccessViews at 11_0: the check (HRESULT and
 * one line in msg; `rtv_count` the call's NumRTVs, or D3D11_KEEP_... for the bound count
 * `bound_rtvs`), then the binding, done only after the render-target part succeeded. */
HRESULT d3d11_context_check_om_uavs(const struct d3d11_context *ctx, UINT rtv_count, UINT start,
                                    UINT count, ID3D11UnorderedAccessView *const *uavs,
                                    char *msg, size_t msg_size);
void d3d11_context_set_om_uavs(struct d3d11_context *ctx, UINT start, UINT count,
                               ID3D11UnorderedAccessView *const *uavs, const UINT *counts);
bool d3d11_context_bound_as_uav(const struct d3d11_context *ctx,
                                const struct d3d11_view_info *info);
/* The unordered-access slots of the context's level (limits.h uav_slots: 0, 8 or 64). */
UINT d3d11_context_uav_slots(const struct d3d11_context *ctx);
/* context_compute.c: Dispatch, DispatchIndirect, ClearUnorderedAccessView*, CopyStructureCount
 * (after d3d11_context_draw_fill_vtbl, whose refusals they replace), and its caches' end. */
void d3d11_context_compute_fill_vtbl(ID3D11DeviceContext2Vtbl *v);
void d3d11_context_compute_cleanup(struct d3d11_context *ctx);
/* context_draw.c, for context_compute.c: a shader-resource view / a sampler state (NULL: the
 * defaults) as the sampler reads them; false when it cannot be read. */
struct texture_view;
struct sampler;
bool d3d11_translate_srv(const struct d3d11_view_info *info, struct texture_view *t);
bool d3d11_translate_sampler(ID3D11SamplerState *state, struct sampler *out);
/* context_compute.c, for context_draw.c: UAV slots (cs_uavs or om_uavs) as the VM's memory
 * and typed images (IR_MAX_UAVS of them), the typed callbacks bound. */
struct vm_cs_env;
struct compute_image;
void d3d11_translate_uavs(const struct d3d11_bound_view *slots, struct vm_cs_env *views,
                          struct compute_image *images);
/* ... and a stage's buffer shader-resource views as the memory instructions read them
 * (views->srv[]: raw, structured, and typed ones for bufinfo). */
void d3d11_translate_buffer_srvs(const struct d3d11_bound_view *srvs, struct vm_cs_env *views);
void d3d11_context_resources_cleanup(struct d3d11_context *ctx);   /* context_resource.c */
void d3d11_context_state_object_cleanup(struct d3d11_context *ctx);   /* context_state_object.c */
void d3d11_context_state_object_fill_vtbl(ID3D11DeviceContext2Vtbl *v);   /* (Swap...) */
void d3d11_context_queries_cleanup(struct d3d11_context *ctx);     /* context_query.c */

/* context_cbuffer.c: a stage's (0 VS, 1 PS, 2 GS, 3 HS, 4 DS, 5 CS) plain Set/Get
 * ConstantBuffers (offset 0, the whole buffer), for context_state.c's stage templates. */
void d3d11_context_set_cbs(struct d3d11_context *ctx, unsigned stage, UINT start, UINT count,
                           ID3D11Buffer *const *buffers);
void d3d11_context_get_cbs(struct d3d11_context *ctx, unsigned stage, UINT start, UINT count,
                           ID3D11Buffer **buffers);

/* Each file sets the ID3D11DeviceContext2 slots it implements. */
void d3d11_context_cbuffer_fill_vtbl(ID3D11DeviceContext2Vtbl *v);   /* context_cbuffer.c */
void d3d11_context_annotation_fill_vtbl(ID3D11DeviceContext2Vtbl *v); /* context_annotation.c */
/* context_annotation.c: the context's ID3DUserDefinedAnnotation face (d3d11_context_init). */
void d3d11_context_annotation_init(struct d3d11_context *ctx);
/* context_copy1.c: CopySubresourceRegion1 / UpdateSubresource1 over the slots' current
 * CopySubresourceRegion / UpdateSubresource (fill after tiled.c's wrappers). */
void d3d11_context_copy1_fill_vtbl(ID3D11DeviceContext2Vtbl *v);
void d3d11_context_state_fill_vtbl(ID3D11DeviceContext2Vtbl *v);
void d3d11_context_resource_fill_vtbl(ID3D11DeviceContext2Vtbl *v);
void d3d11_context_query_fill_vtbl(ID3D11DeviceContext2Vtbl *v);
void d3d11_context_draw_fill_vtbl(ID3D11DeviceContext2Vtbl *v);     /* context_draw.c */
void d3d11_context_draw_cleanup(struct d3d11_context *ctx);         /* context_draw.c */

#endif
