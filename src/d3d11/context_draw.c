/* src/d3d11/context_draw.c — Draw, DrawIndexed, DrawIndexedInstanced (and the refused
 * DrawInstanced, DrawAuto, the indirect draws and dispatches) of the immediate context.
 *
 * Shape (as every context method): a pure validation of the call against the bound state and
 * the feature level — a table of rules, each a small function that either passes or writes the
 * one-line message — then the translation of the bound D3D11 state into the API-neutral
 * draw_desc (src/pipeline/draw.h) and draw_execute().  A draw that no building query counts
 * may wait in the renderer's scene (binning across draws, below); whatever reads or changes
 * what it borrows -- Map, the copies, clears, GetData, Present -- finishes it first
 * (d3d11_context_flush_draws), so they see finished results.  A refused draw
 * changes nothing and leaves its message (util_last_message(); printed under SOFTD3D_DEBUG=1 or
 * the device's debug flag).
 *
 * Rules (the 10Level9 ID3D11DeviceContext reference page, "10Level9 context reference"):
 *  - Draw / DrawIndexed / DrawIndexedInstanced: "Number of primitives may not exceed" 65535 at
 *    9_1, 1048575 at 9_2 and 9_3 (limits.h max_primitive_count).  Decision: the count of the
 *    whole call, instances included, from the vertex count and topology (an upper bound when a
 *    strip is cut) — the D3D9 driver receives one primitive count per call.
 *  - DrawIndexed / DrawIndexedInstanced: "Index values cannot exceed" 65534 at 9_1, 1048575 at
 *    9_2 / 9_3 (limits.h max_vertex_index): the raw values read from the index buffer, before
 *    BaseVertexLocation.  "Indexed point lists not supported."
 *  - DrawIndexedInstanced: "Not supported" at 9_1 and 9_2 (D3D11_MESSAGE_ID_
 *    DRAWINDEXEDINSTANCED_NOT_SUPPORTED_BELOW_9_3); DrawInstanced: "Not supported on any 9.*
 *    feature level" (D3D11_MESSAGE_ID_DRAWINSTANCED_NOT_SUPPORTED), so instancing at 9_3 is
 *    DrawIndexedInstanced with per-instance elements (seed 004, CreateInputLayout).
 *  - DrawAuto, DrawInstancedIndirect, DrawIndexedInstancedIndirect, Dispatch, DispatchIndirect:
 *    "not supported on any 9.* feature level".
 *  - PSSetConstantBuffers / VSSetConstantBuffers: "total number of constants used by shader
 *    cannot exceed 32" (pixel) / "255" (vertex): the sum of the constant-buffer sizes the
 *    program declares.
 *  - "Textures cannot repeat over one primitive more than 128 / 2048 / 8192 times" restricts
 *    applications (D3D9 hardware may render such primitives wrongly); softd3d samples them
 *    exactly and does not refuse them.
 * General D3D11 rules (each method's reference page and the debug layer's errors): a primitive
 * topology must be set (ClearState leaves it undefined); a vertex shader must be bound and
 * write SV_Position; the input layout must supply every input the vertex shader reads (by
 * semantic name and index); DrawIndexed needs an index buffer; bound render targets and the
 * depth-stencil view must have one size.  What D3D11 defines as reading zero is not refused:
 * unbound vertex-buffer slots (8.20), vertices and indices past the end of their buffers
 * (8.19.2), unbound textures (7.18.17) and constant buffers.  An unbound sampler slot samples
 * with the documented default sampler state (D3D11_SAMPLER_DESC: linear filtering, clamp).
 * A NULL pixel shader is allowed (depth-only rendering: nothing is written to the targets).
 */
#include "util/hash.h"
#include "d3d11/d3d11_private.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "d3d11/d3d11_context.h"
#include "d3d11/device_child.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/d3d11_shader.h"
#include "d3d11/d3d11_state.h"
#include "d3d11/format_support.h"
#include "d3d11/limits.h"
#include "pipeline/compute.h"
#include "pipeline/draw.h"
#include "pipeline/tessellator.h"
#include "shader/ir_class.h"
#include "shader/tpf.h"
#include "util/log.h"

#define MSG_SIZE 512
#define REF9 "(10Level9 context reference)"
#define PROGRAM_CACHE 64
#define LINK_CACHE 64

static inline struct d3d11_context *impl(ID3D11DeviceContext2 *iface)
{
    return container_of(iface, struct d3d11_context, iface);
}

/* ---- the renderer and its caches ------------------------------------------------------------- */

/* A decoded shader, keyed by its bytecode (equal bytes run the same program, so a shader
 * object freed and another created at the same address can never be confused). */
struct program_entry {
    uint8_t *bytes;
    size_t size;
    uint64_t hash;
    struct draw_program *prog;     /* NULL when the program could not be decoded */
    struct draw_hull *hull;        /* a hull shader's phases instead (prog stays NULL) */
    uint8_t tess_domain;           /* a domain shader's dcl_tessellator_domain */
    uint32_t tess_input_cp;        /* and its dcl_input_control_point_count */
    struct ir_class_slot *bind;    /* the class-instance binding it was made for (class
                                    * linkage: ir_class_bind), bind_count slots; else NULL */
    uint32_t bind_count;
    char error[200];
};

struct link_entry {
    const struct program_entry *vs, *gs, *hs, *ds, *ps;
    struct draw_linkage link;          /* the last pre-raster stage (GS, DS, else VS) to the PS */
    struct draw_gs_linkage gs_link;    /* VS (DS after tessellation) to GS */
    struct draw_gs_linkage hs_link;    /* VS to the hull's input control points */
};

struct d3d11_draw_cache {
    struct draw_context *dc;
    struct program_entry programs[PROGRAM_CACHE];
    unsigned nprograms;
    struct link_entry links[LINK_CACHE];
    unsigned nlinks;
    /* per-draw translation scratch */
    struct draw_desc desc;
    struct texture_view textures[DRAW_MAX_TEXTURES];
    struct sampler samplers[DRAW_MAX_SAMPLERS];
    struct texture_view vs_textures[DRAW_MAX_TEXTURES];   /* 10_0+ (issue 11) */
    struct sampler vs_samplers[DRAW_MAX_SAMPLERS];
    struct texture_view gs_textures[DRAW_MAX_TEXTURES];
    struct sampler gs_samplers[DRAW_MAX_SAMPLERS];
    struct texture_view hs_textures[DRAW_MAX_TEXTURES], ds_textures[DRAW_MAX_TEXTURES];
    struct sampler hs_samplers[DRAW_MAX_SAMPLERS], ds_samplers[DRAW_MAX_SAMPLERS];
    struct draw_so so;
    /* pixel-program UAVs (11_0) and the other graphics stages' (11_1: vs, gs, hs, ds) */
    struct vm_cs_env ps_uavs, stage_mem[4];
    struct compute_image ps_images[IR_MAX_UAVS];
};

static void cache_clear(struct d3d11_draw_cache *c)
{
    draw_context_flush(c->dc);   /* (waiting draws run these programs) */
    for (unsigned i = 0; i < c->nprograms; i++) {
        draw_program_destroy(c->programs[i].prog);
        draw_hull_destroy(c->programs[i].hull);
        free(c->programs[i].bytes);
        free(c->programs[i].bind);
    }
    c->nprograms = 0;
    c->nlinks = 0;
}

struct draw_context *d3d11_context_renderer(struct d3d11_context *ctx)
{
    if (!ctx->extra.draw) {
        struct d3d11_draw_cache *c = calloc(1, sizeof(*c));
        if (!c || !(c->dc = draw_context_create(0))) {
            free(c);
            return NULL;
        }
        ctx->extra.draw = c;
    }
    return ctx->extra.draw->dc;
}

/* ---- binning across draws ----------------------------------------------------------------------
 *
 * A draw that no building query counts waits in the renderer's scene (pipeline/draw.h
 * draw_desc.deferrable): the pipeline copies what its pixels read through the description's
 * pointers, and the context keeps context references on the views whose memory stays borrowed
 * (its pixel-stage views and its targets), so an application Release cannot free it before the
 * draw is finished -- on any thread, the device being free-threaded.  What reads or changes that
 * memory finishes the waiting draws first (d3d11_context_flush_draws, d3d11_context_flush_for). */

static void pending_ref(struct d3d11_context *ctx, const struct d3d11_bound_view *v)
{
    struct d3d11_context_extra *x = &ctx->extra;
    if (!v->iface)
        return;
    /* the same view as a recent draw's: held already (the targets, a UI's atlas) */
    size_t look = x->pending_ref_count < 16 ? x->pending_ref_count : 16;
    for (size_t i = 1; i <= look; i++)
        if (x->pending_refs[x->pending_ref_count - i].iface == v->iface)
            return;
    if (x->pending_ref_count == x->pending_ref_cap) {
        size_t cap = x->pending_ref_cap ? 2 * x->pending_ref_cap : 64;
        struct d3d11_pending_ref *p = realloc(x->pending_refs, cap * sizeof(*p));
        if (!p) {   /* cannot hold it: finish the draws now instead */
            d3d11_context_flush_draws(ctx);
            return;
        }
        x->pending_refs = p;
        x->pending_ref_cap = cap;
    }
    d3d11_child_bind(v->child);
    x->pending_refs[x->pending_ref_count++] = (struct d3d11_pending_ref){ v->child, v->iface };
}

void d3d11_context_flush_draws(struct d3d11_context *ctx)
{
    struct d3d11_context_extra *x = &ctx->extra;
    if (x->draw)
        draw_context_flush(x->draw->dc);
    /* (an unbind may destroy the view: the list is emptied first) */
    size_t n = x->pending_ref_count;
    x->pending_ref_count = 0;
    for (size_t i = 0; i < n; i++)
        d3d11_child_unbind(x->pending_refs[i].child, x->pending_refs[i].iface);
}

void d3d11_context_flush_for(struct d3d11_context *ctx, const struct d3d11_resource *res)
{
    const UINT read_later = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET |
                            D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_UNORDERED_ACCESS |
                            D3D11_BIND_STREAM_OUTPUT;
    if (!res || res->dim != D3D11_RESOURCE_DIMENSION_BUFFER || (res->bind_flags & read_later) ||
        (res->misc_flags & D3D11_RESOURCE_MISC_TILED))
        d3d11_context_flush_draws(ctx);
}

/* After a draw that waits: the views it borrows. */
static void pending_refs_of_draw(struct d3d11_context *ctx)
{
    const struct d3d11_context_state *s = &ctx->state;
    for (unsigned i = 0; i < D3D11_CTX_RT_SLOTS; i++)
        pending_ref(ctx, &s->rtvs[i]);
    pending_ref(ctx, &s->dsv);
    for (unsigned i = 0; i < D3D11_CTX_SRV_SLOTS; i++)
        pending_ref(ctx, &s->ps.srvs[i]);
}

void d3d11_context_draw_cleanup(struct d3d11_context *ctx)
{
    struct d3d11_draw_cache *c = ctx->extra.draw;
    d3d11_context_flush_draws(ctx);
    free(ctx->extra.pending_refs);
    ctx->extra.pending_refs = NULL;
    ctx->extra.pending_ref_cap = 0;
    if (!c)
        return;
    cache_clear(c);
    draw_context_destroy(c->dc);
    free(c);
    ctx->extra.draw = NULL;
}

/* The decoded program of a shader (an entry with prog NULL and the decoder's message when it
 * cannot run), or NULL when out of memory. */
/* The binding of a stage's class instances (class linkage, 11_0): per interface slot of
 * the shader the function table its instance's class uses there (the shader's IFCE) and
 * this[slot] = {BaseConstantBufferOffset, ConstantBuffer, BaseTexture, BaseSampler}
 * (shader/ir_class.h).  Empty slots stay unbound (ir_class_bind refuses the fcalls that need
 * them: the SetShader pages' "the shader will get disabled"). */
static void class_binding(const struct d3d11_shader_stage_state *st, struct ir_class_binding *b)
{
    const struct dxbc_class_info *ci = &st->code->classes;
    memset(b, 0, sizeof(*b));
    b->count = ci->slot_count < IR_MAX_INTERFACE_SLOTS ? ci->slot_count : IR_MAX_INTERFACE_SLOTS;
    for (uint32_t i = 0; i < b->count && i < st->instance_count; i++) {
        const struct d3d11_class_instance_info *in =
            d3d11_class_instance_info(st->instances[i].iface);
        const struct dxbc_class_type *t = in ? dxbc_class_type_named(ci, in->type_name) : NULL;
        for (uint32_t k = 0; t && k < ci->entry_count; k++)
            if (ci->entries[k].slot == i && ci->entries[k].type == t->id) {
                struct ir_class_slot *sl = &b->slot[i];
                sl->bound = true;
                sl->table = ci->entries[k].table;
                sl->data[0] = in->desc->BaseConstantBufferOffset;
                sl->data[1] = in->desc->ConstantBuffer;
                sl->data[2] = in->desc->BaseTexture;
                sl->data[3] = in->desc->BaseSampler;
                break;
            }
    }
}

/* The decoded program of a stage's shader, for its class-instance binding (an entry with prog
 * NULL and the decoder's message when it cannot run), or NULL when out of memory. */
static const struct program_entry *program_of(struct d3d11_draw_cache *c,
                                              const struct d3d11_shader_stage_state *st)
{
    const struct d3d11_shader_code *code = st->code;
    struct ir_class_binding *b = calloc(1, sizeof(*b));
    if (!b)
        return NULL;
    if (code->classes.slot_count)
        class_binding(st, b);
    size_t bsize = (size_t)b->count * sizeof(b->slot[0]);
    uint64_t h = util_fnv1a64(code->bytecode, code->size);
    for (unsigned i = 0; i < c->nprograms; i++) {
        const struct program_entry *e = &c->programs[i];
        if (e->hash == h && e->size == code->size && !memcmp(e->bytes, code->bytecode, e->size) &&
            e->bind_count == b->count && (!bsize || !memcmp(e->bind, b->slot, bsize))) {
            free(b);
            return e;
        }
    }
    if (c->nprograms == PROGRAM_CACHE) {
        free(b);
        return NULL;      /* rule_shaders makes room for both programs of a draw first */
    }
    struct program_entry *e = &c->programs[c->nprograms];
    memset(e, 0, sizeof(*e));
    if (!(e->bytes = malloc(code->size ? code->size : 1)) ||
        (bsize && !(e->bind = malloc(bsize)))) {
        free(e->bytes);
        free(b);
        return NULL;
    }
    memcpy(e->bytes, code->bytecode, code->size);
    if (bsize)
        memcpy(e->bind, b->slot, bsize);
    e->bind_count = b->count;
    e->size = code->size;
    e->hash = h;

    struct ir_program ir;
    struct tpf_error err;
    int ret = tpf_decode_blob(code->bytecode, code->size, 0, &ir, &err);
    if (ret == TPF_E_NOMEM) {
        free(e->bytes);
        free(e->bind);
        free(b);
        return NULL;
    }
    if (!ret && ir.interfaces.count) {
        /* class linkage: the bodies the bound instances select (shader/ir_class.h) */
        char msg[sizeof(e->error)];
        int bret = ir_class_bind(&ir, b, msg, sizeof(msg));
        if (bret == IR_E_NOMEM) {
            ir_program_free(&ir);
            free(e->bytes);
            free(e->bind);
            free(b);
            return NULL;
        }
        if (bret) {
            ir_program_free(&ir);
            snprintf(err.message, sizeof(err.message), "%s", msg);
            ret = TPF_E_INVALID_PROGRAM;
        }
    }
    free(b);
    if (ret) {
        snprintf(e->error, sizeof(e->error), "%s", err.message);
    } else {
        e->tess_domain = ir.tess_domain;
        e->tess_input_cp = ir.tess_input_cp;
        /* a hull shader is a container of phases (tess_stage.c draw_hull_create) */
        ret = ir.type == IR_SHADER_HULL ? draw_hull_create(&ir, &e->hull)
                                        : draw_program_create(&ir, &e->prog);
        ir_program_free(&ir);
        if (ret == DRAW_E_NOMEM) {
            free(e->bytes);
            return NULL;
        }
        if (ret)
            snprintf(e->error, sizeof(e->error), "the program cannot be prepared for the VM");
    }
    c->nprograms++;
    return e;
}

/* The hull phase whose inputs reach furthest: every phase reads the same input control points
 * (10.6), so its input count bounds the hull's input signature. */
static const struct draw_program *hull_inputs(const struct draw_hull *h)
{
    const struct draw_program *p = h->phase[0];
    for (uint32_t i = 1; i < h->phase_count; i++)
        if (h->phase[i]->input_count > p->input_count)
            p = h->phase[i];
    return p;
}

/* The linkage of a draw's programs (gs, hs, ds and ps may be NULL; hs and ds come together):
 * signatures matched once.  The codes are the bound shaders' of each entry. */
static const struct link_entry *link_of(struct d3d11_draw_cache *c,
                                        const struct d3d11_context_state *s,
                                        const struct program_entry *vs,
                                        const struct program_entry *gs,
                                        const struct program_entry *hs,
                                        const struct program_entry *ds,
                                        const struct program_entry *ps)
{
    for (unsigned i = 0; i < c->nlinks; i++)
        if (c->links[i].vs == vs && c->links[i].gs == gs && c->links[i].hs == hs &&
            c->links[i].ds == ds && c->links[i].ps == ps)
            return &c->links[i];
    if (c->nlinks == LINK_CACHE)
        c->nlinks = 0;
    struct link_entry *l = &c->links[c->nlinks++];
    l->vs = vs;
    l->gs = gs;
    l->hs = hs;
    l->ds = ds;
    l->ps = ps;
    /* the stage before the geometry shader, and the last before the pixel shader */
    const struct program_entry *pre = ds ? ds : vs;
    const struct d3d11_shader_code *pre_code = ds ? s->ds.code : s->vs.code;
    const struct program_entry *last = gs ? gs : pre;
    const struct d3d11_shader_code *last_code = gs ? s->gs.code : pre_code;
    draw_link(last->prog, &last_code->info.output, ps ? ps->prog : NULL,
              ps ? &s->ps.code->info.input : NULL, &l->link);
    if (gs)
        draw_link_gs(pre->prog, &pre_code->info.output, gs->prog, &s->gs.code->info.input,
                     &l->gs_link);
    /* the control points by signature, as a geometry shader's input vertices (11.3); the
     * domain shader reads the hull's outputs by register (tess_stage.c).  Without a
     * control-point phase the output control points are the input ones (10.6), register for
     * register: every VS output goes through, whatever the hull phases declare. */
    if (hs && hs->hull->phase_count && hs->hull->phase_kind[0] == IR_HS_CONTROL_POINT) {
        draw_link_gs(vs->prog, &s->vs.code->info.output, hull_inputs(hs->hull),
                     &s->hs.code->info.input, &l->hs_link);
    } else if (hs) {
        memset(&l->hs_link, 0, sizeof(l->hs_link));
        for (uint32_t r = 0; r < vs->prog->output_count && r < IR_MAX_INPUTS; r++)
            for (uint8_t c = 0; c < 4; c++) {
                l->hs_link.src[r][c].used = 1;
                l->hs_link.src[r][c].reg = (uint8_t)r;
                l->hs_link.src[r][c].comp = c;
            }
    }
    return l;
}

/* ---- validation ------------------------------------------------------------------------------ */

enum draw_method { M_DRAW, M_DRAW_INDEXED, M_DRAW_INSTANCED, M_DRAW_INDEXED_INSTANCED,
                   M_DRAW_AUTO };

static const char *const method_names[] = { "Draw", "DrawIndexed", "DrawInstanced",
                                            "DrawIndexedInstanced", "DrawAuto" };

/* One call and what the rules find out along the way (filled in table order). */
struct draw_check {
    struct d3d11_context *ctx;
    const struct d3d11_level_limits *lim;
    enum draw_method method;
    const char *name;
    bool indexed;
    UINT count, instances, start, start_instance;
    INT base_vertex;
    struct d3d11_draw_cache *cache;
    const struct program_entry *vs, *gs, *hs, *ds, *ps;
    bool tess;                          /* a hull or domain shader or a patch list (rule_tess) */
    const struct d3d11_so_layout *so;   /* the bound GS's stream output, or NULL */
    struct draw_element elements[DRAW_MAX_ELEMENTS];
    uint32_t element_count;
    uint32_t width, height;        /* 0: no render target and no depth-stencil view */
    char *msg;
};

static bool fail(struct draw_check *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(struct draw_check *k, const char *fmt, ...)
{
    int n = snprintf(k->msg, MSG_SIZE, "%s: ", k->name);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(k->msg + n, MSG_SIZE - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

static const char *level(const struct draw_check *k)
{
    return d3d11_level_name(k->ctx->device->level);
}

/* 10Level9 context reference: DrawInstanced, DrawIndexedInstanced rows. */
static bool rule_method_level(struct draw_check *k)
{
    if (k->ctx->device->level >= D3D_FEATURE_LEVEL_10_0)
        return true;   /* issue 11: every draw of this file from 10_0 (the rows are 9_x only) */
    if (k->method == M_DRAW_INSTANCED)
        return fail(k, "not supported at feature level %s (no 9_x level has it; use "
                    "DrawIndexedInstanced at 9_3) " REF9, level(k));
    if (k->method == M_DRAW_INDEXED_INSTANCED && k->ctx->device->level < D3D_FEATURE_LEVEL_9_3)
        return fail(k, "not supported at feature level %s (9_3 and above) " REF9, level(k));
    return true;
}

static bool is_adjacency(D3D11_PRIMITIVE_TOPOLOGY t)
{
    return t >= D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ &&
           t <= D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ;
}

static bool is_patch_list(D3D11_PRIMITIVE_TOPOLOGY t)
{
    return t >= D3D11_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST &&
           t <= D3D11_PRIMITIVE_TOPOLOGY_32_CONTROL_POINT_PATCHLIST;
}

static bool rule_topology(struct draw_check *k)
{
    D3D11_PRIMITIVE_TOPOLOGY t = k->ctx->state.topology;
    if ((t < D3D11_PRIMITIVE_TOPOLOGY_POINTLIST || t > D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP) &&
        !is_adjacency(t)) {
        /* patch lists: IASetPrimitiveTopology took them at 11_0 only; rule_tess decides */
        if (!is_patch_list(t))
            return fail(k, "no primitive topology is set (IASetPrimitiveTopology)");
    }
    if (k->indexed && t == D3D11_PRIMITIVE_TOPOLOGY_POINTLIST &&
        k->ctx->device->level < D3D_FEATURE_LEVEL_10_0)
        return fail(k, "indexed point lists are not supported at feature level %s " REF9,
                    level(k));
    return true;
}

static uint64_t primitives(D3D11_PRIMITIVE_TOPOLOGY t, uint64_t n)
{
    switch (t) {
    case D3D11_PRIMITIVE_TOPOLOGY_POINTLIST: return n;
    case D3D11_PRIMITIVE_TOPOLOGY_LINELIST: return n / 2;
    case D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP: return n >= 2 ? n - 1 : 0;
    case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST: return n / 3;
    case D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ: return n / 4;
    case D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ: return n >= 4 ? n - 3 : 0;
    case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ: return n / 6;
    case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ: return n >= 6 ? (n - 4) / 2 : 0;
    case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP: return n >= 3 ? n - 2 : 0;
    default:   /* patch lists of 1..32 control points (33..64) */
        return is_patch_list(t) ? n / ((uint64_t)t - 32) : 0;
    }
}

/* 10Level9 context reference: "Number of primitives may not exceed ..." */
static bool rule_primitive_count(struct draw_check *k)
{
    uint64_t p = primitives(k->ctx->state.topology, k->count) * (uint64_t)k->instances;
    if (p > k->lim->max_primitive_count)
        return fail(k, "%llu primitives exceed %u at feature level %s " REF9,
                    (unsigned long long)p, k->lim->max_primitive_count, level(k));
    return true;
}


/* Two output signatures are the same: element for element the same semantic, system value,
 * component type, register, mask and stream (what a stream-output declaration resolved
 * against one reads from the other). */
static bool same_signature(const struct dxbc_signature *a, const struct dxbc_signature *b)
{
    if (a->count != b->count)
        return false;
    for (uint32_t i = 0; i < a->count; i++) {
        const struct dxbc_signature_element *x = &a->elements[i], *y = &b->elements[i];
        if (strcasecmp(x->semantic_name, y->semantic_name) ||
            x->semantic_index != y->semantic_index || x->system_value != y->system_value ||
            x->component_type != y->component_type || x->register_index != y->register_index ||
            x->mask != y->mask || x->stream != y->stream)
            return false;
    }
    return true;
}

static bool rule_shaders(struct draw_check *k)
{
    const struct d3d11_context_state *s = &k->ctx->state;
    if (!s->vs.code)
        return fail(k, "no vertex shader is bound (VSSetShader)");
    /* Room for five new programs; draws are synchronous, so nothing in flight uses the
     * cache. */
    if (k->cache->nprograms > PROGRAM_CACHE - 5)
        cache_clear(k->cache);
    if (!(k->vs = program_of(k->cache, &s->vs)))
        return fail(k, "out of memory");
    if (!k->vs->prog)
        return fail(k, "the vertex shader cannot run: %s", k->vs->error);
    k->so = s->gs.code ? s->gs.code->so : NULL;
    k->tess = s->hs.code || s->ds.code || is_patch_list(s->topology);
    if (s->gs.code && !(k->so && k->so->vs_only)) {
        if (!(k->gs = program_of(k->cache, &s->gs)))
            return fail(k, "out of memory");
        if (!k->gs->prog)
            return fail(k, "the geometry shader cannot run: %s", k->gs->error);
        /* the rasterized stream's position (any with NO_RASTERIZED_STREAM) */
        if ((!k->so || k->so->rasterize) &&
            k->gs->prog->stream_position[k->so ? k->so->raster_stream & 3u : 0] < 0)
            return fail(k, "the geometry shader's rasterized stream does not write "
                        "SV_Position");
        /* 13.2: the input primitive the GS declares must be what the IA assembles (after
         * tessellation: what the tessellator outputs, rule_tess) */
        if (!k->tess && !draw_gs_topology_ok((enum draw_topology)s->topology,
                                             k->gs->prog->gs_input))
            return fail(k, "primitive topology %u does not match the geometry shader's input "
                        "primitive", (unsigned)s->topology);
    }
    /* (adjacency without a GS: the primitives of the non-adjacent vertices, drawn by clip.c
     * and streamed out by geometry.c gs_pass) */
    if (!k->gs && !k->tess && k->vs->prog->position_out < 0 && !(k->so && !k->so->rasterize))
        return fail(k, "the vertex shader does not write SV_Position");
    /* stream output of the vertex (or after tessellation the domain) shader: its declaration
     * names the outputs of the shader (or the bare output signature, D3DGetOutputSignatureBlob)
     * it was made from by register, so the bound shader's output signature must be that one */
    bool after_ds = k->tess && s->ds.code;
    const struct d3d11_shader_code *prior = after_ds ? s->ds.code : s->vs.code;
    if (k->so && k->so->vs_only &&
        !same_signature(&s->gs.code->info.output, &prior->info.output))
        return fail(k, "the stream-output geometry shader was created from an output signature "
                    "other than the bound %s shader's", after_ds ? "domain" : "vertex");
    if (s->ps.code) {
        if (!(k->ps = program_of(k->cache, &s->ps)))
            return fail(k, "out of memory");
        if (!k->ps->prog)
            return fail(k, "the pixel shader cannot run: %s", k->ps->error);
    }
    return true;
}

/* Stage linkage by register ("Shader Signatures": "adjacent stages effectively share a
 * register array, where the output shader ... writes data to specific locations in the
 * register array and the input shader must read from the same locations"): every element of
 * the consumer's signature needs the producer's element of the same register holding its
 * components, with the same semantic name and index and component type.  Values the
 * pipeline generates (SV_VertexID, SV_PrimitiveID, SV_InstanceID) are no one's output.
 * NULL when they link, else why not (the debug layer's DEVICE_SHADER_LINKAGE_* name). */
static const char *linkage_mismatch(const struct dxbc_signature *out,
                                    const struct dxbc_signature *in, char *buf, size_t size)
{
    for (uint32_t i = 0; i < in->count; i++) {
        const struct dxbc_signature_element *e = &in->elements[i];
        if (e->system_value == D3D_NAME_VERTEX_ID || e->system_value == D3D_NAME_PRIMITIVE_ID ||
            e->system_value == D3D_NAME_INSTANCE_ID)
            continue;
        const struct dxbc_signature_element *o = NULL;
        for (uint32_t j = 0; j < out->count && !o; j++)
            if (out->elements[j].register_index == e->register_index &&
                (out->elements[j].mask & e->mask))
                o = &out->elements[j];
        if (!o)
            snprintf(buf, size, "%s%u (register %u) is not written: no output element at that "
                     "register (DEVICE_SHADER_LINKAGE_REGISTERINDEX)", e->semantic_name,
                     e->semantic_index, e->register_index);
        else if (strcasecmp(o->semantic_name, e->semantic_name) ||
                 o->semantic_index != e->semantic_index)
            snprintf(buf, size, "%s%u (register %u) meets the output %s%u there "
                     "(DEVICE_SHADER_LINKAGE_SEMANTICNAME_NOT_FOUND)", e->semantic_name,
                     e->semantic_index, e->register_index, o->semantic_name, o->semantic_index);
        else if (o->component_type != e->component_type)
            snprintf(buf, size, "%s%u (register %u) has another component type than the output "
                     "(DEVICE_SHADER_LINKAGE_COMPONENTTYPE)", e->semantic_name, e->semantic_index,
                     e->register_index);
        else if (e->mask & ~o->mask)
            snprintf(buf, size, "%s%u (register %u) takes components 0x%x, the output has 0x%x "
                     "(DEVICE_SHADER_LINKAGE_REGISTERMASK)", e->semantic_name, e->semantic_index,
                     e->register_index, e->mask, o->mask);
        else
            continue;
        return buf;
    }
    return NULL;
}

/* Tessellation (11_0; issue 16), when a hull or domain shader or a patch list is bound:
 *  - "A domain shader must be bound to the pipeline if a hull shader is bound" ("How To: Create
 *    a Hull Shader" / "... a Domain Shader"; the debug layer's DEVICE_DRAW_HS_XOR_DS_MISMATCH),
 *    and both need a patch-list topology (D3D11.3 functional spec 11.8.1).
 *  - The patch size is the hull shader's dcl_input_control_point_count (11.3), its output count
 *    the domain shader's input count (DEVICE_DRAW_HS_DS_CONTROL_POINT_COUNT_MISMATCH), and both
 *    declare one domain (DEVICE_DRAW_HS_DS_TESSELLATOR_DOMAIN_MISMATCH; "Behavior is undefined
 *    if the hull shader and domain shader provide mismatching domains", dcl_tessellator_domain).
 *  - The VS's outputs link to the hull's input control points and the hull's outputs to the
 *    domain shader's inputs by register (linkage_mismatch above).
 *  - A geometry shader after the domain shader takes the tessellator's output primitive (13.2).
 *  - A patch list without them goes to a geometry shader declaring patch<n> input (11.8.1.1)
 *    or is streamed out when stream output of the vertex shader runs with the rasterizer off
 *    (11.8.1.2); to the rasterizer it is undefined (11.8.1.3: refused).
 */
static bool rule_tess(struct draw_check *k)
{
    const struct d3d11_context_state *s = &k->ctx->state;
    if (!k->tess)
        return true;
    if (!s->hs.code != !s->ds.code)
        return fail(k, "a %s shader is bound without a %s shader: \"a domain shader must be "
                    "bound to the pipeline if a hull shader is bound\" (DEVICE_DRAW_HS_XOR_DS_"
                    "MISMATCH)", s->hs.code ? "hull" : "domain", s->hs.code ? "domain" : "hull");
    if (!s->hs.code) {
        /* 11.8.1.2: un-tessellated patches may be streamed out, each control point a vertex;
         * 11.8.1.3: arriving at the rasterizer they are undefined (a debug-layer error) */
        if (k->so && k->so->vs_only && !k->so->rasterize)
            return true;
        if (k->so && k->so->vs_only)
            return fail(k, "a patch-list topology without hull and domain shaders reaches the "
                        "rasterizer: undefined (D3D11.3 functional spec 11.8.1.3); stream the "
                        "patches out with D3D11_SO_NO_RASTERIZED_STREAM");
        if (k->gs) {   /* 11.8.1.1: the GS takes the patch's control points */
            if (!draw_gs_topology_ok((enum draw_topology)s->topology, k->gs->prog->gs_input))
                return fail(k, "the geometry shader's input primitive is not patch%u, the "
                            "patches of topology %u (D3D11.3 functional spec 11.8.1.1)",
                            (unsigned)s->topology - 32, (unsigned)s->topology);
            return true;
        }
        return fail(k, "a patch-list topology without hull and domain shaders reaches the "
                    "rasterizer: undefined (D3D11.3 functional spec 11.8.1.3)");
    }
    if (!is_patch_list(s->topology))
        return fail(k, "hull and domain shaders need a patch-list topology, topology %u is "
                    "bound (D3D11.3 functional spec 11.8.1)", (unsigned)s->topology);
    if (!(k->hs = program_of(k->cache, &s->hs)) || !(k->ds = program_of(k->cache, &s->ds)))
        return fail(k, "out of memory");
    if (!k->hs->hull)
        return fail(k, "the hull shader cannot run: %s", k->hs->error);
    if (!k->ds->prog)
        return fail(k, "the domain shader cannot run: %s", k->ds->error);
    const struct draw_hull *h = k->hs->hull;
    unsigned patch = (unsigned)s->topology - 32;
    if (patch != h->input_cp)
        return fail(k, "the topology's patches have %u control points, the hull shader's "
                    "dcl_input_control_point_count is %u (D3D11.3 functional spec 11.3)", patch,
                    h->input_cp);
    if (k->ds->tess_input_cp != h->output_cp)
        return fail(k, "the hull shader outputs %u control points, the domain shader reads %u "
                    "(DEVICE_DRAW_HS_DS_CONTROL_POINT_COUNT_MISMATCH)", h->output_cp,
                    k->ds->tess_input_cp);
    if (k->ds->tess_domain != h->domain)
        return fail(k, "the hull and domain shaders declare different tessellator domains "
                    "(DEVICE_DRAW_HS_DS_TESSELLATOR_DOMAIN_MISMATCH)");
    /* Signatures: the VS's outputs to the hull's input control points; the hull's output
     * control points -- without a control-point phase the input ones, passed through (10.6)
     * -- to the domain shader's; the patch constants when both carry a PCSG (the assembler
     * writes none: then the domain shader reads them by register unchecked). */
    char why[200];
    const struct dxbc_signature *vs_out = &s->vs.code->info.output;
    bool cp_phase = h->phase_count && h->phase_kind[0] == IR_HS_CONTROL_POINT;
    if (linkage_mismatch(vs_out, &s->hs.code->info.input, why, sizeof(why)))
        return fail(k, "the hull shader's input %s of the vertex shader", why);
    if (linkage_mismatch(cp_phase ? &s->hs.code->info.output : vs_out, &s->ds.code->info.input,
                         why, sizeof(why)))
        return fail(k, "the domain shader's control-point input %s of the %s", why,
                    cp_phase ? "hull shader" : "vertex shader (the hull shader has no "
                    "control-point phase: its input control points pass through)");
    if (s->hs.code->info.patch_constant.present && s->ds.code->info.patch_constant.present &&
        linkage_mismatch(&s->hs.code->info.patch_constant, &s->ds.code->info.patch_constant, why,
                         sizeof(why)))
        return fail(k, "the domain shader's patch constant %s of the hull shader", why);
    if (!k->gs && k->ds->prog->position_out < 0 && !(k->so && !k->so->rasterize))
        return fail(k, "the domain shader does not write SV_Position");
    /* 13.2 after the tessellator (11.7): the geometry shader takes its triangles, lines or
     * points */
    if (k->gs) {
        unsigned want = h->primitive == TESS_OUTPUT_POINT ? IR_GS_IN_POINT :
                        h->primitive == TESS_OUTPUT_LINE ? IR_GS_IN_LINE : IR_GS_IN_TRIANGLE;
        if (k->gs->prog->gs_input != want)
            return fail(k, "the geometry shader's input primitive is not the tessellator's "
                        "output (%s)", want == IR_GS_IN_POINT ? "points" :
                        want == IR_GS_IN_LINE ? "lines" : "triangles");
    }
    return true;
}

/* 10Level9 context reference: VSSetConstantBuffers / PSSetConstantBuffers rows. */
static bool rule_constants(struct draw_check *k)
{
    if (k->ctx->device->level >= D3D_FEATURE_LEVEL_10_0)
        return true;   /* 9_x rows only; from 10_0 a program reads 14 whole constant buffers */
    uint32_t vs = k->vs->prog->cb_vec4_total, ps = k->ps ? k->ps->prog->cb_vec4_total : 0;
    if (vs > 255)
        return fail(k, "the vertex shader uses %u constants, more than 255 at feature level %s "
                    REF9, vs, level(k));
    if (ps > 32)
        return fail(k, "the pixel shader uses %u constants, more than 32 at feature level %s "
                    REF9, ps, level(k));
    return true;
}

/* Every input the vertex shader declares (by its input signature) from the input layout. */
static bool rule_input_layout(struct draw_check *k)
{
    const struct d3d11_context_state *s = &k->ctx->state;
    const struct dxbc_signature *sig = &s->vs.code->info.input;
    const struct d3d11_input_layout_info *il = s->input_layout_info;
    k->element_count = 0;
    for (uint32_t i = 0; i < sig->count; i++) {
        const struct dxbc_signature_element *se = &sig->elements[i];
        if (se->system_value != 0)         /* SV_VertexID, SV_InstanceID: generated */
            continue;
        const struct d3d11_input_element *found = NULL;
        for (UINT j = 0; il && j < il->count; j++) {
            const D3D11_INPUT_ELEMENT_DESC *e = &il->elements[j].desc;
            if (e->SemanticIndex == se->semantic_index &&
                !strcasecmp(e->SemanticName, se->semantic_name)) {
                found = &il->elements[j];
                break;
            }
        }
        if (!found)
            return fail(k, "%s: the vertex shader reads %s%u (v%u), which the input layout does "
                        "not supply", il ? "input layout mismatch" : "no input layout is bound",
                        se->semantic_name, se->semantic_index, se->register_index);
        if (k->element_count == DRAW_MAX_ELEMENTS || se->register_index >= IR_MAX_INPUTS)
            return fail(k, "the vertex shader reads too many inputs");
        const D3D11_INPUT_ELEMENT_DESC *e = &found->desc;
        struct draw_element *de = &k->elements[k->element_count++];
        de->format = (core_format)e->Format;
        de->stream = e->InputSlot;
        de->offset = found->offset;
        de->per_instance = e->InputSlotClass == D3D11_INPUT_PER_INSTANCE_DATA;
        de->step_rate = e->InstanceDataStepRate;
        de->reg = (uint8_t)se->register_index;
        de->mask = se->mask & 0xfu;
    }
    return true;
}

static UINT index_bytes(const struct d3d11_context_state *s)
{
    return s->index_format == DXGI_FORMAT_R32_UINT ? 4 : 2;
}

/* DrawIndexed*: an index buffer, and 10Level9's "Index values cannot exceed ...". */
static bool rule_indices(struct draw_check *k)
{
    const struct d3d11_context_state *s = &k->ctx->state;
    if (!k->indexed)
        return true;
    if (!s->index_buffer)
        return fail(k, "no index buffer is bound (IASetIndexBuffer)");
    if (s->index_format != DXGI_FORMAT_R16_UINT && s->index_format != DXGI_FORMAT_R32_UINT)
        return fail(k, "index format %u is neither R16_UINT nor R32_UINT",
                    (unsigned)s->index_format);
    const uint8_t *data = s->index_buffer->core->data;
    size_t size = s->index_buffer->width;
    UINT n = index_bytes(s);
    if (k->lim->max_vertex_index == 0xffffffffu)
        return true;   /* 10_0+: every 32-bit index value is allowed (limits.h) */
    for (UINT p = 0; p < k->count; p++) {
        uint32_t addr = s->index_offset + (k->start + p) * n;   /* 32-bit, as the IA (8.19.1) */
        if ((uint64_t)addr + n > size)
            continue;                                          /* reads 0 (8.19.2) */
        uint32_t v;
        if (n == 2) {
            uint16_t h;
            memcpy(&h, data + addr, 2);
            v = h;
        } else {
            memcpy(&v, data + addr, 4);
        }
        if (v > k->lim->max_vertex_index)
            return fail(k, "index value %u (index %u) exceeds %u at feature level %s " REF9, v,
                        k->start + p, k->lim->max_vertex_index, level(k));
    }
    return true;
}

static bool view_size(const struct d3d11_view_info *info, uint32_t *w, uint32_t *h)
{
    if (!info || !info->resource || !info->resource->core)
        return false;
    if (info->resource->dim == D3D11_RESOURCE_DIMENSION_BUFFER) {
        *w = info->element_count;   /* a buffer render target: one row of elements */
        *h = 1;
        return true;
    }
    *w = core_mip_size(info->resource->width, info->first_mip);
    *h = core_mip_size(info->resource->height, info->first_mip);
    return true;
}

/* Every bound render target and the depth-stencil view: one size (OMSetRenderTargets).  The
 * output merger renders all D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT slots (om.h). */
_Static_assert(OM_MAX_TARGETS >= D3D11_CTX_RT_SLOTS, "every render-target slot is rendered");
static bool rule_targets(struct draw_check *k)
{
    const struct d3d11_context_state *s = &k->ctx->state;
    k->width = k->height = 0;
    for (unsigned i = 0; i <= D3D11_CTX_RT_SLOTS; i++) {
        const struct d3d11_view_info *info = i < D3D11_CTX_RT_SLOTS ? s->rtvs[i].info :
                                                                       s->dsv.info;
        uint32_t w, h;
        if (!view_size(info, &w, &h))
            continue;
        if (k->width && (w != k->width || h != k->height))
            return fail(k, "the bound render targets and depth-stencil view differ in size "
                        "(%ux%u and %ux%u)", k->width, k->height, w, h);
        k->width = w;
        k->height = h;
    }
    return true;
}



/* Blending into a render target whose format the level's table does not mark BLENDABLE (the
 * integer formats; at 10_0 also the SNORM and 16-bit UNORM ones, which 10_1 adds) has no
 * defined result: Windows' debug layer reports the draw as an execution error
 * (DEVICE_DRAW_OM_RENDER_TARGET_DOES_NOT_SUPPORT_BLENDING) while the runtime passes it to the
 * driver, whose output is then undefined.  softd3d does not draw it, and says why, rather than
 * write pixels no hardware is bound to produce.  Blend state i applies to target i with
 * IndependentBlendEnable, else state 0 to every target (D3D11_BLEND_DESC). */
static bool rule_blendable_targets(struct draw_check *k)
{
    const struct d3d11_context_state *s = &k->ctx->state;
    const D3D11_BLEND_DESC1 *bd = d3d11_blend_state_desc(s->blend.iface);
    for (unsigned i = 0; bd && i < D3D11_CTX_RT_SLOTS; i++) {
        const struct d3d11_view_info *info = s->rtvs[i].info;
        const D3D11_RENDER_TARGET_BLEND_DESC1 *rb =
            &bd->RenderTarget[bd->IndependentBlendEnable ? i : 0];
        if (!info || !rb->BlendEnable)
            continue;
        if (!(d3d11_format_support_bits(k->ctx->device->level, info->format) &
              D3D11_FORMAT_SUPPORT_BLENDABLE))
            return fail(k, "blending is enabled for render target %u, whose format DXGI_FORMAT_%s "
                        "cannot be blended at feature level %s (D3D11_FORMAT_SUPPORT_BLENDABLE; "
                        "the debug layer's DEVICE_DRAW_OM_RENDER_TARGET_DOES_NOT_SUPPORT_"
                        "BLENDING): not drawn", i, d3d11_format_name(info->format), level(k));
    }
    return true;
}

typedef bool (*draw_rule)(struct draw_check *k);

/* The rasterizer state's ForcedSampleCount (D3D11_RASTERIZER_DESC1; 0 for
 * CreateRasterizerState objects and the default state). */
static UINT forced_sample_count(const struct d3d11_context_state *s)
{
    const D3D11_RASTERIZER_DESC1 *rd = d3d11_rasterizer_state_desc(s->rasterizer.iface);
    return rd ? rd->ForcedSampleCount : 0;
}

/* A forced sample count (CreateRasterizerState1, 11_0 / 11_1) applies to UAV-only rendering
 * (no render target or depth-stencil view bound) and, above 1, to target-independent
 * rasterization (one-sample render targets bound, D3D11.3 functional spec 3.5.6.2): the pixel
 * shader's coverage counted at the forced count's standard pattern (translate_samples).  What
 * D3D11_RASTERIZER_DESC1 calls undefined ("If you want to render with ForcedSampleCount set to
 * 1 or greater, you must ...: Don't bind depth-stencil views ... If you have any render-target
 * views bound and ForcedSampleCount is greater than 1, ensure that every render target has
 * only a single sample.  Don't operate the shader at sample frequency ... Otherwise, rendering
 * behavior is undefined") is not drawn, with a message.  A count of 1 with multisampled
 * targets ("If ForcedSampleCount is 1, RTVs that are bound can be any sample count", spec
 * 3.5.6.2) rasterizes at the pixel centre and writes the pixel's samples (translate_samples)
 * where D3D11_OPTIONS.MultisampleRTVWithForcedSampleCountOne is TRUE, at 11_1 (the options
 * page: every member but two TRUE at 11.1, and this one TRUE or FALSE together with
 * MapNoOverwriteOnDynamicBufferSRV); below it the member is FALSE ("the driver is legacy or
 * the feature level is too low"), so such a draw is not drawn there, with a message.  A count
 * of 1 with single-sample targets is ordinary rendering. */
static bool rule_forced_sample_count(struct draw_check *k)
{
    const struct d3d11_context_state *s = &k->ctx->state;
    UINT n = forced_sample_count(s), rt_samples = 0;
    bool rtv = false;
    if (!n)
        return true;
    if (s->dsv.info)
        return fail(k, "ForcedSampleCount %u with a depth-stencil view bound: undefined "
                    "(D3D11_RASTERIZER_DESC1: \"Don't bind depth-stencil views\")", n);
    for (unsigned i = 0; i < D3D11_CTX_RT_SLOTS; i++) {
        const struct d3d11_view_info *info = s->rtvs[i].info;
        if (!info)
            continue;
        rtv = true;
        if (info->resource && info->resource->sample_count > rt_samples)
            rt_samples = info->resource->sample_count;
    }
    if (rtv && n > 1 && rt_samples > 1)
        return fail(k, "ForcedSampleCount %u with a %u-sample render target: undefined "
                    "(D3D11_RASTERIZER_DESC1: every render target must have a single sample)",
                    n, rt_samples);
    if (rtv && rt_samples > 1 && k->ctx->device->level < D3D_FEATURE_LEVEL_11_1)
        return fail(k, "ForcedSampleCount 1 with a %u-sample render target needs "
                    "D3D11_OPTIONS.MultisampleRTVWithForcedSampleCountOne, FALSE at feature "
                    "level %s", rt_samples, level(k));
    if (k->ps && k->ps->prog && k->ps->prog->sample_freq)
        return fail(k, "ForcedSampleCount %u with a sample-frequency pixel shader: undefined "
                    "(D3D11_RASTERIZER_DESC1: \"Don't operate the shader at sample "
                    "frequency\")", n);
    return true;
}

/* In order: later rules use what earlier ones found (programs, elements). */
static const draw_rule draw_rules[] = {
    rule_method_level, rule_topology, rule_primitive_count, rule_shaders, rule_tess,
    rule_constants, rule_input_layout, rule_indices, rule_targets,
    rule_blendable_targets, rule_forced_sample_count,
};

/* ---- translation ----------------------------------------------------------------------------- */

static void translate_sampler(const D3D11_SAMPLER_DESC *sd, struct sampler_state *st)
{
    unsigned f = (unsigned)sd->Filter;
    bool aniso = (f & 0x40u) != 0;       /* D3D11_FILTER_ANISOTROPIC and its variants */
    memset(st, 0, sizeof(*st));
    st->min_filter = aniso ? SAMPLER_FILTER_ANISOTROPIC :
                     (f & 0x10u) ? SAMPLER_FILTER_LINEAR : SAMPLER_FILTER_POINT;
    st->mag_filter = aniso ? SAMPLER_FILTER_ANISOTROPIC :
                     (f & 0x04u) ? SAMPLER_FILTER_LINEAR : SAMPLER_FILTER_POINT;
    st->mip_filter = (f & 0x01u) ? SAMPLER_MIP_LINEAR : SAMPLER_MIP_POINT;
    st->reduction = (enum sampler_reduction)((f >> 7) & 3u);  /* standard, comparison, min, max */
    st->max_anisotropy = sd->MaxAnisotropy;
    st->address_u = (enum sampler_address)sd->AddressU;
    st->address_v = (enum sampler_address)sd->AddressV;
    st->address_w = (enum sampler_address)sd->AddressW;
    memcpy(st->border_color, sd->BorderColor, sizeof(st->border_color));
    st->lod_bias = sd->MipLODBias;
    st->min_lod = sd->MinLOD;
    st->max_lod = sd->MaxLOD;
    st->compare = (enum sampler_compare)sd->ComparisonFunc;
}

/* The D3D11_SAMPLER_DESC defaults, which an unbound sampler slot uses. */
static const D3D11_SAMPLER_DESC default_sampler = {
    D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP,
    D3D11_TEXTURE_ADDRESS_CLAMP, 0.0f, 1, D3D11_COMPARISON_NEVER, { 1.0f, 1.0f, 1.0f, 1.0f },
    -FLT_MAX, FLT_MAX,
};

/* A shader-resource view as the sampler's texture_view; false when it cannot be sampled.  An
 * array view's slices (cubes) of one mip are equally far apart in the resource (core/resource.h:
 * every slice holds the same mips), so one pitch per level addresses them all. */
static bool translate_view(const struct d3d11_view_info *info, struct texture_view *t)
{
    const struct d3d11_resource *res = info->resource;
    if (info->tiled_view) {
        /* a view of a tiled texture (11_1): its texels through the page table, made with
         * the view (tiled_views.c, sample/texel_tiled.h) */
        *t = *info->tiled_view;
        /* SetResourceMinLOD of a RESOURCE_CLAMP tiled texture (tiled_draw.c), as below */
        if (res && res->min_lod > (float)info->first_mip &&
            res->min_lod - (float)info->first_mip > t->min_lod)
            t->min_lod = res->min_lod - (float)info->first_mip;
        return true;
    }
    if (!res || !res->core)
        return false;
    const core_resource *core = res->core;
    memset(t, 0, sizeof(*t));
    if (res->dim == D3D11_RESOURCE_DIMENSION_BUFFER) {
        /* a typed buffer view: its elements as one row of texels (validated to lie in the
         * buffer, view_validate.c) */
        const core_format_desc *f = core_format_get((core_format)info->format);
        if (!f)
            return false;
        t->format = (core_format)info->format;
        t->dim = TEXTURE_DIM_BUFFER;
        t->levels = 1;
        t->level[0].data = core->data + (size_t)info->first_element * f->block_bytes;
        t->level[0].row_pitch = (size_t)info->element_count * f->block_bytes;
        t->level[0].width = info->element_count;
        t->level[0].height = t->level[0].depth = 1;
        return texture_view_init(t);
    }
    t->format = (core_format)info->format;
    t->dim = res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D ? TEXTURE_DIM_3D :
             res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE1D ? TEXTURE_DIM_1D :
             info->cube ? TEXTURE_DIM_CUBE : TEXTURE_DIM_2D;
    unsigned levels = info->mip_count < TEXTURE_MAX_LEVELS ? info->mip_count : TEXTURE_MAX_LEVELS;
    uint32_t mips = core->desc.mip_levels;
    uint32_t per_slice = t->dim == TEXTURE_DIM_CUBE ? 6 : 1;
    if (info->first_mip + levels > mips || !levels || !info->slice_count ||
        info->first_slice + info->slice_count > core->desc.array_size ||
        info->slice_count % per_slice)
        return false;
    if (info->array)
        t->array_size = info->slice_count / per_slice;
    /* SetResourceMinLOD counts in the resource's mips; the sampler in the view's */
    if (res->min_lod > (float)info->first_mip)
        t->min_lod = res->min_lod - (float)info->first_mip;
    t->levels = levels;
    /* a Texture2DMS view: its sample planes, depth_pitch apart (core/resource.h), for ld_ms */
    t->samples = res->sample_count > 1 ? res->sample_count : 0;
    t->ms_center = t->samples && res->sample_quality == (UINT)D3D11_CENTER_MULTISAMPLE_PATTERN;
    for (unsigned k = 0; k < levels; k++) {
        uint32_t index = info->first_mip + k + info->first_slice * mips;
        const core_subresource *sub = &core->sub[index];
        struct texture_level *lv = &t->level[k];
        /* the same mip of the next slice; 0 when the view has one */
        size_t slice_pitch = info->slice_count > 1 ? core->sub[index + mips].offset - sub->offset
                                                   : 0;
        lv->data = core->data + sub->offset;
        lv->row_pitch = sub->row_pitch;
        lv->depth_pitch = sub->depth_pitch;
        lv->array_pitch = slice_pitch * per_slice;
        lv->width = sub->width;
        lv->height = sub->height;
        lv->depth = sub->depth;
        if (t->dim == TEXTURE_DIM_CUBE) {
            /* faces are slices: the same mip of consecutive slices, equally far apart */
            lv->depth = 6;
            lv->depth_pitch = slice_pitch;
        }
    }
    return texture_view_init(t);
}

/* The surface of a render-target or depth-stencil view: its first slice, and in *layers /
 * *pitch how many slices it has and how far apart they are (the same mip of consecutive array
 * slices; a 3D view's consecutive depth slices), for layered rendering (draw.h). */
static struct om_surface surface_of(const struct d3d11_view_info *info, uint32_t *layers,
                                    size_t *pitch)
{
    struct om_surface s = { NULL, 0, 0, 0, 0 };
    *layers = 0;
    *pitch = 0;
    if (!info || !info->resource || !info->resource->core)
        return s;
    const core_resource *core = info->resource->core;
    uint32_t mips = core->desc.mip_levels;
    bool is3d = info->resource->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D;
    uint32_t index = info->first_mip + (is3d ? 0 : info->first_slice * mips);
    if (info->resource->dim == D3D11_RESOURCE_DIMENSION_BUFFER) {
        /* a buffer render-target view: its elements as one row (validated to fit) */
        const core_format_desc *f = core_format_get((core_format)info->format);
        if (!f)
            return s;
        s.data = core->data + (size_t)info->first_element * f->block_bytes;
        s.row_pitch = (size_t)info->element_count * f->block_bytes;
        s.width = info->element_count;
        s.height = 1;
        return s;
    }
    if (index >= core->subresource_count)
        return s;
    const core_subresource *sub = &core->sub[index];
    s.data = core->data + sub->offset;
    s.row_pitch = sub->row_pitch;
    s.width = sub->width;
    s.height = sub->height;
    *layers = info->slice_count;
    if (is3d) {
        /* FirstWSlice .. FirstWSlice + WSize - 1 of the mip (validated inside its depth) */
        s.data += (size_t)info->first_slice * sub->depth_pitch;
        *pitch = sub->depth_pitch;
        return s;
    }
    s.sample_pitch = sub->depth_pitch;   /* a multisampled 2D subresource's planes (resource.h) */
    if (info->slice_count > 1 && index + mips < core->subresource_count)
        *pitch = core->sub[index + mips].offset - sub->offset;
    return s;
}

/* The bound targets' sample count (OMSetRenderTargets made them agree; 1 when none is
 * multisampled). */
static UINT bound_samples(const struct d3d11_context_state *s)
{
    const struct d3d11_view_info *info = s->dsv.info;
    for (unsigned i = 0; !info && i < OM_MAX_TARGETS; i++)
        info = s->rtvs[i].info;
    return info && info->resource && info->resource->sample_count > 1
               ? info->resource->sample_count : 1;
}

/* SampleMask bits that name a sample of the bound targets. */
static UINT bound_sample_bits(const struct d3d11_context *ctx)
{
    UINT n = bound_samples(&ctx->state);
    return n >= 32 ? 0xffffffffu : (1u << n) - 1u;
}

/* The bound targets' samples and pattern. */
static void translate_samples(const struct d3d11_context_state *s, struct draw_desc *d)
{
    const struct d3d11_view_info *info = s->dsv.info;
    for (unsigned i = 0; !info && i < OM_MAX_TARGETS; i++)
        info = s->rtvs[i].info;
    UINT forced = forced_sample_count(s);
    d->raster_samples = 0;
    if (!info && forced >= 2) {
        /* UAV-only rendering at a forced sample count (rule_forced_sample_count): coverage
         * of the count's standard pattern (D3D11_STANDARD_MULTISAMPLE_PATTERN), the pixel
         * shader once a pixel with a covered sample, vCoverage its samples; no target, so
         * SampleMask, which "determines which samples get updated in all the active render
         * targets", has nothing to mask */
        d->om.samples = forced;
        d->om.sample_mask = 0xffffffffu;
        d->ms_center = false;
        return;
    }
    if (forced >= 2 && bound_samples(s) < 2) {
        /* target-independent rasterization (rule_forced_sample_count: one-sample render
         * targets, no depth-stencil view): the rasterizer at the forced count's standard
         * pattern, the targets at one sample (D3D11.3 functional spec 3.5.6.2).  The
         * SampleMask "is relevant to the output sample pattern only": its bit 0 decided
         * whether the draw rasterizes at all (device_draw), and neither vCoverage ("the
         * primitive's coverage of the ForcedSampleCount sample pattern") nor centroid sees it */
        d->raster_samples = forced;
        d->om.sample_mask = 0xffffffffu;
        d->ms_center = false;
        return;
    }
    if (bound_samples(s) < 2)
        return;
    d->om.samples = info->resource->sample_count;
    if (forced == 1) {
        /* ForcedSampleCount 1 with multisampled targets (rule_forced_sample_count): one
         * rasterizer sample at the pixel centre (the spec's 3.5.6.3: "the center sampled
         * rendering even on an MSAA surface" of D3D10.0), the pixel's colour to each of its
         * samples the SampleMask keeps (pixel_ms.c draw_ms_merge) */
        d->raster_samples = 1;
        d->om.sample_mask = s->sample_mask;
        d->ms_center = false;
        return;
    }
    d->om.sample_mask = s->sample_mask;
    /* D3D11_CENTER_MULTISAMPLE_PATTERN: "all of the samples are located at the pixel center" */
    d->ms_center = info->resource->sample_quality == (UINT)D3D11_CENTER_MULTISAMPLE_PATTERN;
}

/* A stage's constant buffers: each slot's bound window (context_cbuffer.c). */
static void translate_cbs(const struct d3d11_shader_stage_state *st, struct vm_cbuffer *out)
{
    memset(out, 0, sizeof(struct vm_cbuffer) * IR_MAX_CB_SLOTS);
    for (unsigned i = 0; i < D3D11_CTX_CB_SLOTS && i < IR_MAX_CB_SLOTS; i++)
        d3d11_context_cb_view(st, i, &out[i].data, &out[i].size);
}

static void translate_om(const struct d3d11_context_state *s, struct draw_desc *d)
{
    static const D3D11_DEPTH_STENCIL_DESC ds_default = {
        TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS, FALSE, 0xff, 0xff,
        { D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
          D3D11_COMPARISON_ALWAYS },
        { D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
          D3D11_COMPARISON_ALWAYS },
    };
    const D3D11_BLEND_DESC1 *bd = d3d11_blend_state_desc(s->blend.iface);
    const D3D11_DEPTH_STENCIL_DESC *dd = d3d11_depth_stencil_state_desc(s->depth_stencil.iface);
    struct om_key *key = &d->om_key;
    if (!dd)
        dd = &ds_default;
    memset(key, 0, sizeof(*key));
    memset(&d->om, 0, sizeof(d->om));
    /* om.h: the OM's enums equal D3D11's, so the values pass by a plain cast */
    for (unsigned i = 0; i < OM_MAX_TARGETS; i++) {
        struct om_target_key *t = &key->rt[i];
        const struct d3d11_view_info *info = s->rtvs[i].info;
        if (!info)
            continue;
        t->format = (uint32_t)info->format;
        t->write_mask = OM_WRITE_ALL;
        if (bd) {
            const D3D11_RENDER_TARGET_BLEND_DESC1 *rb = &bd->RenderTarget[i];
            t->blend_enable = rb->BlendEnable ? 1 : 0;
            t->src_color = (uint8_t)rb->SrcBlend;
            t->dst_color = (uint8_t)rb->DestBlend;
            t->op_color = (uint8_t)rb->BlendOp;
            t->src_alpha = (uint8_t)rb->SrcBlendAlpha;
            t->dst_alpha = (uint8_t)rb->DestBlendAlpha;
            t->op_alpha = (uint8_t)rb->BlendOpAlpha;
            t->write_mask = rb->RenderTargetWriteMask & OM_WRITE_ALL;
            /* om.h: OM_LOGIC_OP_* = D3D11_LOGIC_OP + 1 (state.c allows it at 11_1 only) */
            t->logic_op = rb->LogicOpEnable ? (uint8_t)(rb->LogicOp + 1) : 0;
        }
        d->om.rt[i] = surface_of(info, &d->layer_count[i], &d->layer_pitch[i]);
    }
    if (s->dsv.info) {
        key->ds_format = (uint32_t)s->dsv.info->format;
        key->depth_enable = dd->DepthEnable ? 1 : 0;
        key->depth_write = dd->DepthWriteMask == D3D11_DEPTH_WRITE_MASK_ALL ? 1 : 0;
        key->depth_func = (uint8_t)dd->DepthFunc;
        key->stencil_enable = dd->StencilEnable ? 1 : 0;
        key->stencil_read_mask = dd->StencilReadMask;
        key->stencil_write_mask = dd->StencilWriteMask;
        const D3D11_DEPTH_STENCILOP_DESC *f[2] = { &dd->FrontFace, &dd->BackFace };
        struct om_stencil_face *o[2] = { &key->front, &key->back };
        for (int i = 0; i < 2; i++) {
            o[i]->func = (uint8_t)f[i]->StencilFunc;
            o[i]->fail_op = (uint8_t)f[i]->StencilFailOp;
            o[i]->depth_fail_op = (uint8_t)f[i]->StencilDepthFailOp;
            o[i]->pass_op = (uint8_t)f[i]->StencilPassOp;
        }
        if (!key->depth_enable)
            key->depth_func = 0, key->depth_write = 0;
        if (!key->stencil_enable) {
            key->stencil_read_mask = key->stencil_write_mask = 0;
            memset(&key->front, 0, sizeof(key->front));
            memset(&key->back, 0, sizeof(key->back));
        }
        d->om.ds = surface_of(s->dsv.info, &d->layer_count[OM_MAX_TARGETS],
                              &d->layer_pitch[OM_MAX_TARGETS]);
    }
    memcpy(d->om.blend_factor, s->blend_factor, sizeof(d->om.blend_factor));
    d->om.stencil_ref = s->stencil_ref;
    translate_samples(s, d);
    /* Points on multisampled targets: "a square of width 1 ... following the triangle rules,
     * as 2 triangles in a Z pattern, attributes duplicated" (D3D11.3 functional spec 3.4.6), so
     * each sample the square covers is lit (clip.c out_square, raster_ms.c).  One sample a
     * pixel: the same pixels as the one-pixel point rule, which the rasterizer keeps. */
    if (d->om.samples >= 2) {
        d->points.enable = true;
        d->points.size_slot = -1;
        d->points.size = d->points.size_min = d->points.size_max = 1.0f;
    }
    d->alpha_to_coverage = bd && bd->AlphaToCoverageEnable;   /* 10_0+: state.c refuses 9_x */
}

/* For context_compute.c (d3d11_context.h): a shader-resource view and a sampler state (NULL:
 * the documented defaults) as the sampler reads them. */
bool d3d11_translate_srv(const struct d3d11_view_info *info, struct texture_view *t)
{
    return translate_view(info, t);
}

bool d3d11_translate_sampler(ID3D11SamplerState *state, struct sampler *out)
{
    const D3D11_SAMPLER_DESC *sd = d3d11_sampler_state_desc(state);
    struct sampler_state st;
    translate_sampler(sd ? sd : &default_sampler, &st);
    return sampler_init(out, &st);
}

/* The textures and samplers a program declares, from its stage's bindings (every stage: t0..t127,
 * s0..s15). */
static void translate_stage_textures(const struct d3d11_shader_stage_state *ss,
                                     const struct draw_program *p,
                                     struct texture_view *views, struct sampler *samplers,
                                     const struct texture_view **tex_out,
                                     const struct sampler **smp_out)
{
    _Static_assert(DRAW_MAX_TEXTURES <= D3D11_CTX_SRV_SLOTS &&
                   DRAW_MAX_SAMPLERS <= D3D11_CTX_SAMPLER_SLOTS, "the stages' slots");
    for (unsigned i = 0; i < DRAW_MAX_TEXTURES; i++) {
        const struct d3d11_view_info *info = ss->srvs[i].info;
        if (draw_program_texture(p, i) && info && translate_view(info, &views[i]))
            tex_out[i] = &views[i];
    }
    for (unsigned i = 0; i < DRAW_MAX_SAMPLERS; i++) {
        if (p->sampler_mask & (1u << i)) {
            const D3D11_SAMPLER_DESC *sd = d3d11_sampler_state_desc(ss->samplers[i].iface);
            struct sampler_state st;
            translate_sampler(sd ? sd : &default_sampler, &st);
            if (sampler_init(&samplers[i], &st))
                smp_out[i] = &samplers[i];
        }
    }
}

/* The graphics stages' memory: the UAVs of OMSetRenderTargetsAndUnorderedAccessViews (the
 * pixel stage's at 11_0; at 11_1 every stage's, which share those slots: the
 * "Direct3D 11.1 Features" page, "Use UAVs at every pipeline stage") and, per stage, the
 * buffer views its memory instructions read.  Only for programs with memory instructions
 * (draw_program.mem; the device refuses UAVs outside the pixel stage below 11_1). */
static void translate_stage_memory(const struct d3d11_context_state *s,
                                   struct d3d11_draw_cache *c, struct draw_desc *d)
{
    bool hs_mem = false;
    for (uint32_t i = 0; d->hs && i < d->hs->phase_count; i++)
        hs_mem |= d->hs->phase[i]->mem;
    const struct {
        bool on;
        const struct d3d11_shader_stage_state *stage;
        struct vm_cs_env **out;
    } m[4] = {
        { d->vs && d->vs->mem, &s->vs, &d->vs_mem },
        { d->gs && d->gs->mem, &s->gs, &d->gs_mem },
        { hs_mem, &s->hs, &d->hs_mem },
        { d->ds && d->ds->mem, &s->ds, &d->ds_mem },
    };
    bool ps = d->ps && d->ps->mem, any = ps;
    for (int i = 0; i < 4; i++)
        any |= m[i].on;
    if (!any)
        return;
    d3d11_translate_uavs(s->om_uavs, &c->ps_uavs, c->ps_images);
    for (int i = 0; i < 4; i++) {
        if (!m[i].on)
            continue;
        c->stage_mem[i] = c->ps_uavs;   /* the same UAVs and typed callbacks */
        d3d11_translate_buffer_srvs(m[i].stage->srvs, &c->stage_mem[i]);
        *m[i].out = &c->stage_mem[i];
    }
    if (ps) {
        d3d11_translate_buffer_srvs(s->ps.srvs, &c->ps_uavs);
        d->ps_uavs = &c->ps_uavs;
    }
}

static void translate(struct draw_check *k, struct draw_desc *d, const struct link_entry *le)
{
    const struct draw_linkage *link = &le->link;
    struct d3d11_draw_cache *c = k->cache;
    const struct d3d11_context_state *s = &k->ctx->state;
    memset(d, 0, sizeof(*d));
    d->topology = (enum draw_topology)s->topology;   /* 1..5, 10..13 coincide (draw.h) */
    d->count = k->count;
    d->start = k->start;
    d->base_vertex = k->base_vertex;
    d->instance_count = k->instances;
    d->start_instance = k->start_instance;

    for (unsigned i = 0; i < D3D11_CTX_VB_SLOTS && i < DRAW_MAX_STREAMS; i++) {
        const struct d3d11_vertex_buffer_binding *b = &s->vertex_buffers[i];
        if (!b->buffer || !b->buffer->core)
            continue;
        d->streams[i].data = b->buffer->core->data;
        d->streams[i].size = b->buffer->width;
        d->streams[i].stride = b->stride;
        d->streams[i].offset = b->offset;
    }
    memcpy(d->elements, k->elements, sizeof(k->elements[0]) * k->element_count);
    d->element_count = k->element_count;
    if (k->indexed) {
        d->index_data = s->index_buffer->core->data;
        d->index_size = s->index_buffer->width;
        d->index_offset = s->index_offset;
        d->index_bytes = (uint8_t)index_bytes(s);
        d->strip_cut = true;   /* 8.12: always on in indexed drawing */
    }

    d->vs = k->vs->prog;
    d->ps = k->ps ? k->ps->prog : NULL;
    d->link = link;
    translate_cbs(&s->vs, d->vs_cb);
    translate_cbs(&s->ps, d->ps_cb);
    if (k->so) {
        struct draw_so *so = &c->so;
        const struct d3d11_so_layout *l = k->so;
        so->count = l->count;
        for (UINT i = 0; i < l->count && i < DRAW_SO_MAX_ELEMENTS; i++) {
            const struct d3d11_so_entry *e = &l->entries[i];
            so->elements[i] = (struct draw_so_element){ (uint8_t)e->slot, (uint8_t)e->reg,
                                                        (uint8_t)e->comp, (uint8_t)e->count,
                                                        e->gap, (uint8_t)e->stream };
        }
        for (UINT i = 0; i < DRAW_SO_BUFFERS; i++) {
            const struct d3d11_resource *b = s->so_targets[i];
            so->buf[i] = (struct draw_so_buffer){ b && b->core ? b->core->data : NULL,
                                                  b ? b->width : 0, b ? b->so_filled : 0,
                                                  l->strides[i] };
        }
        so->rasterize = l->rasterize;
        so->raster_stream = (uint8_t)(l->rasterize ? l->raster_stream : 0);
        d->so = so;
    }
    if (k->gs) {
        d->gs = k->gs->prog;
        d->gs_link = &le->gs_link;
        translate_cbs(&s->gs, d->gs_cb);
        translate_stage_textures(&s->gs, d->gs, c->gs_textures,
                                 c->gs_samplers, d->gs_textures, d->gs_samplers);
    }
    if (k->hs) {
        d->hs = k->hs->hull;
        d->ds = k->ds->prog;
        d->hs_link = &le->hs_link;
        translate_cbs(&s->hs, d->hs_cb);
        translate_cbs(&s->ds, d->ds_cb);
        /* every hull phase samples the one set of HS bindings */
        for (uint32_t i = 0; i < d->hs->phase_count; i++)
            translate_stage_textures(&s->hs, d->hs->phase[i], c->hs_textures,
                                     c->hs_samplers, d->hs_textures, d->hs_samplers);
        translate_stage_textures(&s->ds, d->ds, c->ds_textures,
                                 c->ds_samplers, d->ds_textures, d->ds_samplers);
    }
    translate_stage_memory(s, c, d);
    if (d->ps) {
        for (unsigned i = 0; i < DRAW_MAX_TEXTURES; i++) {
            const struct d3d11_view_info *info = s->ps.srvs[i].info;
            if (draw_program_texture(d->ps, i) && info &&
                translate_view(info, &c->textures[i]))
                d->textures[i] = &c->textures[i];
        }
        for (unsigned i = 0; i < DRAW_MAX_SAMPLERS; i++) {
            if (!(d->ps->sampler_mask & (1u << i)))
                continue;
            const D3D11_SAMPLER_DESC *sd = d3d11_sampler_state_desc(s->ps.samplers[i].iface);
            struct sampler_state st;
            translate_sampler(sd ? sd : &default_sampler, &st);
            if (sampler_init(&c->samplers[i], &st))
                d->samplers[i] = &c->samplers[i];
        }
    }

    /* Vertex-shader textures and samplers (10_0+: VSSetShaderResources / VSSetSamplers are
     * refused at 9_x, context_state.c, so these slots are empty there). */
    translate_stage_textures(&s->vs, d->vs, c->vs_textures, c->vs_samplers,
                             d->vs_textures, d->vs_samplers);

    const D3D11_RASTERIZER_DESC1 *rd = d3d11_rasterizer_state_desc(s->rasterizer.iface);
    d->fill = rd && rd->FillMode == D3D11_FILL_WIREFRAME ? DRAW_FILL_WIREFRAME : DRAW_FILL_SOLID;
    d->cull = !rd || rd->CullMode == D3D11_CULL_BACK ? RASTER_CULL_BACK :
              rd->CullMode == D3D11_CULL_FRONT ? RASTER_CULL_FRONT : RASTER_CULL_NONE;
    d->front_ccw = rd && rd->FrontCounterClockwise;
    d->depth_clip_off = rd && !rd->DepthClipEnable;   /* 9_x: always TRUE (state.c) */
    /* MultisampleEnable "only controls line rendering behavior" (D3D11.3 functional spec 3.5.2,
     * 15.14): TRUE = quadrilateral lines, from 10_0 (9_x hardware draws D3D9's lines) */
    d->quad_lines = k->ctx->device->level >= D3D_FEATURE_LEVEL_10_0 && rd && rd->MultisampleEnable;
    if (rd) {
        d->depth_bias = rd->DepthBias;
        d->depth_bias_clamp = rd->DepthBiasClamp;
        d->slope_scaled_depth_bias = rd->SlopeScaledDepthBias;
        d->scissor_enable = rd->ScissorEnable != FALSE;
    }
    /* Viewport and scissor k (10_0+: 16 of each; a geometry shader's SV_ViewportArrayIndex
     * picks one, draw.h).  A scissor rectangle not set is empty (RSSetScissorRects: the
     * rectangles the call does not define are disabled). */
    for (UINT i = 0; i < s->scissor_count && i < DRAW_MAX_VIEWPORTS; i++) {
        const D3D11_RECT *r = &s->scissors[i];
        /* LONG is 32-bit; a rectangle with left > right is simply empty */
        d->scissors[i] = (struct raster_rect){ r->left, r->top, r->right, r->bottom };
    }
    for (UINT i = 0; i < s->viewport_count && i < DRAW_MAX_VIEWPORTS; i++) {
        const D3D11_VIEWPORT *v = &s->viewports[i];
        d->viewports[i] = (struct draw_viewport){ v->TopLeftX, v->TopLeftY, v->Width, v->Height,
                                                  v->MinDepth, v->MaxDepth };
    }
    d->viewport_count = s->viewport_count < DRAW_MAX_VIEWPORTS ? s->viewport_count
                                                                : DRAW_MAX_VIEWPORTS;
    d->viewport = d->viewports[0];   /* without viewports all extents 0 (15.6): nothing drawn */
    d->scissor = d->scissors[0];

    d->width = k->width;
    d->height = k->height;
    translate_om(s, d);
}

/* ---- the methods ---------------------------------------------------------------------------- */

/* Whether a program entry of a stage before the rasterizer declares UAVs (11_1). */
static bool entry_uavs(const struct program_entry *e)
{
    if (!e)
        return false;
    if (e->prog && e->prog->uav_mask)
        return true;
    for (uint32_t i = 0; e->hull && i < e->hull->phase_count; i++)
        if (e->hull->phase[i]->uav_mask)
            return true;
    return false;
}

/* UAV-only rendering (11_0): no render target or depth-stencil view bound, but a pixel
 * shader with UAVs and UAVs bound: the pixels of the viewports run the pixel shader, one
 * sample each (the render area is the viewports' extent, within the 16384 render-target
 * limit, D3D11_REQ_RENDER_TO_BUFFER_WINDOW_WIDTH).  At 11_1 a vertex, hull, domain or
 * geometry shader with UAVs makes the draw take place as well (its stores are its effect). */
static bool uav_only_area(const struct d3d11_context *ctx, const struct draw_check *k,
                          uint32_t *w, uint32_t *h)
{
    const struct d3d11_context_state *s = &ctx->state;
    const struct program_entry *ps = k->ps;
    bool bound = false;
    double x1 = 0, y1 = 0;
    for (unsigned i = 0; i < D3D11_CTX_UAV_SLOTS; i++)
        bound |= s->om_uavs[i].iface != NULL;
    if (!bound || !((ps && ps->prog && ps->prog->uav_mask) || entry_uavs(k->vs) ||
                    entry_uavs(k->gs) || entry_uavs(k->hs) || entry_uavs(k->ds)))
        return false;
    for (UINT i = 0; i < s->viewport_count; i++) {
        const D3D11_VIEWPORT *v = &s->viewports[i];
        x1 = fmax(x1, ceil((double)v->TopLeftX + v->Width));
        y1 = fmax(y1, ceil((double)v->TopLeftY + v->Height));
    }
    x1 = fmin(x1, D3D11_REQ_RENDER_TO_BUFFER_WINDOW_WIDTH);
    y1 = fmin(y1, D3D11_REQ_RENDER_TO_BUFFER_WINDOW_WIDTH);
    if (x1 < 1 || y1 < 1)
        return false;
    *w = (uint32_t)x1;
    *h = (uint32_t)y1;
    return true;
}

static void draw_common(struct d3d11_context *ctx, enum draw_method method, UINT count,
                        UINT instances, UINT start, INT base_vertex, UINT start_instance)
{
    struct d3d11_device *dev = ctx->device;
    char msg[MSG_SIZE];
    struct draw_check k;
    memset(&k, 0, sizeof(k));
    k.ctx = ctx;
    k.lim = d3d11_level_limits(dev->level);
    k.method = method;
    k.name = method_names[method];
    k.indexed = method == M_DRAW_INDEXED || method == M_DRAW_INDEXED_INSTANCED;
    k.count = count;
    k.instances = instances;
    k.start = start;
    k.base_vertex = base_vertex;
    k.start_instance = start_instance;
    k.msg = msg;
    msg[0] = 0;
    if (!k.lim) {
        d3d11_msg(dev, "%s: feature level %s has no limits table (limits.c)", k.name,
                  d3d11_level_name(dev->level));
        return;
    }
    if (!d3d11_context_renderer(ctx)) {
        d3d11_msg(dev, "%s: out of memory", k.name);
        return;
    }
    k.cache = ctx->extra.draw;
    for (size_t i = 0; i < sizeof(draw_rules) / sizeof(draw_rules[0]); i++) {
        if (!draw_rules[i](&k)) {
            d3d11_msg(dev, "%s", msg);
            return;
        }
    }
    /* SetPredication: a validated draw whose predicate says so is not performed. */
    if (d3d11_context_predicated(ctx))
        return;
    /* Nothing is bound to draw into, nothing to draw, or SampleMask drops every sample of the
     * targets: the draw has no visible effect (and at 9_x no side effect) -- but stream output
     * still runs (the rasterizer is then off). */
    bool raster = k.width && (ctx->state.sample_mask & bound_sample_bits(ctx));
    if (!k.width && uav_only_area(ctx, &k, &k.width, &k.height))
        raster = true;
    if (!count || !instances || (!raster && !k.so))
        return;
    if (!raster)
        k.width = k.height = 1;

    const struct link_entry *link = link_of(k.cache, &ctx->state, k.vs, k.gs, k.hs, k.ds, k.ps);
    struct draw_desc *d = &k.cache->desc;
    translate(&k, d, link);
    if (d->so && !raster)
        d->so->rasterize = false;
    /* Binning across draws: without a building query to count it, the draw may wait in the
     * scene for the next ones (pipeline/draw.h). */
    uint64_t samples = 0;
    struct draw_stats stats;
    memset(&stats, 0, sizeof(stats));
    bool counted = ctx->extra.active_count != 0;
    d->stats = counted ? &stats : NULL;
    d->deferrable = !counted;
    int ret = draw_execute(k.cache->dc, d, counted ? &samples : NULL, msg, sizeof(msg));
    if (ret == DRAW_OK && draw_context_pending(k.cache->dc))
        pending_refs_of_draw(ctx);
    if (d->so && ret == DRAW_OK) {
        /* BufferFilledSize moves with what was written (DrawAuto, the next append) */
        for (UINT i = 0; i < DRAW_SO_BUFFERS; i++)
            if (ctx->state.so_targets[i])
                ctx->state.so_targets[i]->so_filled = d->so->buf[i].offset;
        d3d11_context_add_so_statistics(ctx, d->so->written, d->so->needed);
    }
    if (ret == DRAW_E_NOMEM) {
        d3d11_msg(dev, "%s: out of memory", k.name);
        return;
    }
    if (ret) {
        d3d11_msg(dev, "%s: %s", k.name, msg);
        return;
    }
    if (samples)
        d3d11_context_add_occlusion_samples(ctx, samples);
    if (dev->level >= D3D_FEATURE_LEVEL_10_0)   /* no pipeline-statistics query at 9_x */
        d3d11_context_add_pipeline_statistics(ctx, &stats);
}

static void STDMETHODCALLTYPE ctx_Draw(ID3D11DeviceContext2 *iface, UINT count, UINT start)
{
    draw_common(impl(iface), M_DRAW, count, 1, start, 0, 0);
}

static void STDMETHODCALLTYPE ctx_DrawIndexed(ID3D11DeviceContext2 *iface, UINT count, UINT start,
                                              INT base_vertex)
{
    draw_common(impl(iface), M_DRAW_INDEXED, count, 1, start, base_vertex, 0);
}

static void STDMETHODCALLTYPE ctx_DrawInstanced(ID3D11DeviceContext2 *iface, UINT count,
                                                UINT instances, UINT start, UINT start_instance)
{
    draw_common(impl(iface), M_DRAW_INSTANCED, count, instances, start, 0, start_instance);
}

static void STDMETHODCALLTYPE ctx_DrawIndexedInstanced(ID3D11DeviceContext2 *iface, UINT count,
                                                       UINT instances, UINT start,
                                                       INT base_vertex, UINT start_instance)
{
    draw_common(impl(iface), M_DRAW_INDEXED_INSTANCED, count, instances, start, base_vertex,
                start_instance);
}

/* 10Level9 context reference: "Not supported on any 9.* feature level" (DrawAuto, Dispatch,
 * DispatchIndirect) and "on any 9.* or 10.* feature level" (the indirect draws). */
static void not_at_9x(ID3D11DeviceContext2 *iface, const char *method, const char *why)
{
    struct d3d11_context *ctx = impl(iface);
    d3d11_msg(ctx->device, "%s: not supported at feature level %s (%s) " REF9, method,
              d3d11_level_name(ctx->device->level), why);
}

/* DrawAuto (10_0+): a non-indexed draw of the vertices stream output wrote to the buffer in
 * vertex-buffer slot 0: (BufferFilledSize - offset) / stride of that binding ("Getting Started
 * with the Stream-Output Stage": the buffer must have been a stream-output target). */
static void STDMETHODCALLTYPE ctx_DrawAuto(ID3D11DeviceContext2 *iface)
{
    struct d3d11_context *ctx = impl(iface);
    if (ctx->device->level < D3D_FEATURE_LEVEL_10_0) {
        not_at_9x(iface, "DrawAuto", "no stream output below 10_0");
        return;
    }
    const struct d3d11_vertex_buffer_binding *b = &ctx->state.vertex_buffers[0];
    if (!b->buffer || !(b->buffer->bind_flags & D3D11_BIND_STREAM_OUTPUT)) {
        d3d11_msg(ctx->device, "DrawAuto: vertex-buffer slot 0 holds no buffer created with "
                  "D3D11_BIND_STREAM_OUTPUT");
        return;
    }
    if (!b->stride) {
        d3d11_msg(ctx->device, "DrawAuto: vertex-buffer slot 0 has stride 0");
        return;
    }
    UINT filled = b->buffer->so_filled;
    UINT count = filled > b->offset ? (filled - b->offset) / b->stride : 0;
    draw_common(ctx, M_DRAW_AUTO, count, 1, 0, 0, 0);
}

static void STDMETHODCALLTYPE ctx_DrawIndexedInstancedIndirect(ID3D11DeviceContext2 *iface,
                                                               ID3D11Buffer *args, UINT offset)
{
    (void)args;
    (void)offset;
    not_at_9x(iface, "DrawIndexedInstancedIndirect", "indirect arguments need 11_0");
}

static void STDMETHODCALLTYPE ctx_DrawInstancedIndirect(ID3D11DeviceContext2 *iface,
                                                        ID3D11Buffer *args, UINT offset)
{
    (void)args;
    (void)offset;
    not_at_9x(iface, "DrawInstancedIndirect", "indirect arguments need 11_0");
}

/* Dispatch at 11_0: legal, but no compute shader object exists yet (issue 15, step 2: the
 * device and context side is not written; the VM runs cs_5_0, src/vm/vm_compute.c). */
static bool dispatch_not_implemented(ID3D11DeviceContext2 *iface, const char *method)
{
    struct d3d11_context *ctx = impl(iface);
    if (ctx->device->level < D3D_FEATURE_LEVEL_11_0)
        return false;
    d3d11_msg(ctx->device, "%s: compute dispatches are not implemented at feature level %s",
              method, d3d11_level_name(ctx->device->level));
    return true;
}

static void STDMETHODCALLTYPE ctx_Dispatch(ID3D11DeviceContext2 *iface, UINT x, UINT y, UINT z)
{
    (void)x;
    (void)y;
    (void)z;
    if (!dispatch_not_implemented(iface, "Dispatch"))
        not_at_9x(iface, "Dispatch", "no compute shaders below 11_0");
}

static void STDMETHODCALLTYPE ctx_DispatchIndirect(ID3D11DeviceContext2 *iface, ID3D11Buffer *args,
                                                   UINT offset)
{
    (void)args;
    (void)offset;
    if (!dispatch_not_implemented(iface, "DispatchIndirect"))
        not_at_9x(iface, "DispatchIndirect", "no compute shaders below 11_0");
}

void d3d11_context_draw_fill_vtbl(ID3D11DeviceContext2Vtbl *v)
{
    v->Draw = ctx_Draw;
    v->DrawIndexed = ctx_DrawIndexed;
    v->DrawInstanced = ctx_DrawInstanced;
    v->DrawIndexedInstanced = ctx_DrawIndexedInstanced;
    v->DrawAuto = ctx_DrawAuto;
    v->DrawIndexedInstancedIndirect = ctx_DrawIndexedInstancedIndirect;
    v->DrawInstancedIndirect = ctx_DrawInstancedIndirect;
    v->Dispatch = ctx_Dispatch;
    v->DispatchIndirect = ctx_DispatchIndirect;
}
