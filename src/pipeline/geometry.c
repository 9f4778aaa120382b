/* src/pipeline/geometry.c — the geometry-shader stage: input primitives, the geometry program,
 * its output strips into primitive assembly (see draw_priv.h for where it sits in a draw).
 *
 * Section numbers are the D3D11.3 functional specification's ("the spec").
 *
 * Input assembly (8.x, 13.2).  The vertex program's records of a window arrive slot by slot
 * (draw_gs_input), in stream order, DRAW_CUT marking a strip cut.  The last vertices of the
 * current strip are kept as copies (a ring of GS_RING records), so primitives may span
 * windows.  Vertex k (0-based within the strip or list since the last cut) completes:
 *   point list          [k]
 *   line list / strip   [k-1, k]                    (list: k odd)
 *   triangle list       [k-2, k-1, k]               (k % 3 == 2)
 *   triangle strip      triangle i = k-2: [i, i+1, i+2], odd i [i, i+2, i+1] (the winding
 *                       kept, as clip.c assembles strips without a geometry program)
 *   line list adj       [k-3 .. k] (k % 4 == 3); line strip adj [k-3 .. k] (k >= 3)
 *   triangle list adj   [k-5 .. k] (k % 6 == 5)
 *   patch list of n     [k-n+1 .. k] (k % n == n-1): without tessellation, to a geometry
 *                       program declaring patch<n> (11.8.1.1) or to stream output (11.8.1.2)
 *   triangle strip adj  triangle i's six vertices depend on whether it is the strip's last
 *                       (the table of the D3D10 / OpenGL "triangle strip with adjacency"
 *                       topology): a triangle that is not the last is known when vertex
 *                       2i+7 arrives, the last one when the strip ends (cut or end of
 *                       instance).  The GS sees v[0], v[2], v[4] as the triangle and v[1],
 *                       v[3], v[5] as the vertices adjacent to edges 0-2, 2-4, 4-0.
 * An incomplete primitive at a cut or the end of an instance is dropped (8.12).
 *
 * The program (13.x).  Lanes are invocations: each input primitive takes gs_instances lanes
 * (dcl_gsinstances, 13.3) in order, vGSInstanceID 0..n-1 among them; SV_PrimitiveID (vPrim)
 * counts the input primitives of the instance from 0.  A batch of up to VM_LANES lanes runs once vm_run; emit appends the lane's
 * outputs as a pool record (position, then the pixel linkage's attributes) to the lane's
 * list, at most dcl_maxout of them -- further emits are dropped (13.6: "vertices emitted
 * past the declared maximum are discarded"); cut marks where the lane's next strip starts.
 *
 * Output (13.6, 13.7).  Lane by lane, in lane order, the emitted vertices go through
 * draw_assemble with the output topology (point list, line strip, triangle strip), a cut
 * between lanes (every invocation starts a new strip) and wherever the lane cut.  All of it
 * runs on the calling thread, so the primitive order is the same for any thread count.
 *
 * Layered rendering and viewport arrays (13.x; D3D11 "Geometry Shader Stage": "the GS can
 * select a render target array slice ... and a viewport").  When the program writes
 * SV_RenderTargetArrayIndex or SV_ViewportArrayIndex, each output primitive is routed by the
 * values of its leading vertex (the first: the vertex that supplies constant attributes, 8.14),
 * gs_output_routed: the batch's primitives are taken apart (strips unrolled in the assembler's
 * order), ordered by slice -- primitives of different slices never touch the same bytes, so
 * only the order within a slice is visible, and it is kept -- and assembled as lists, with
 * draw_route switching slice and viewport between windows.
 *
 * After tessellation (tess_stage.c) the input vertices are the domain program's records
 * (r->gs_src) and the input topology the tessellator's output list (r->gs_topology); the
 * primitive id is the patch's (draw_gs_primitive_id) and the IA primitives are not counted
 * here.
 *
 * Streams (gs_5_0 dcl_stream; D3D11.3 spec 13.x, 14): every emitted vertex keeps the stream
 * it went to (emit_stream m#), and dcl_maxout bounds the invocation's vertices of all streams
 * together.  Stream output takes each stream's vertices to that stream's entries; the
 * rasterizer takes only the rasterized stream's (draw_so.raster_stream; 0 without stream
 * output), with that stream's SV_Position (draw_program.stream_position) -- a stream's
 * registers are numbered from o0, so the one register file means another thing per stream.
 * A cut on stream m ends stream m's strip only.  Several streams are point lists (the
 * decoder's rule), so dropping the other streams' vertices leaves the drawn strips whole.
 *
 * Stream output (stream_out.c) takes each lane's strip before it is rasterized, from records
 * of every output register kept beside the pool records.  Without a geometry program (stream
 * output of the vertex program) each input primitive is "emitted" as it is, a strip of its
 * own, and the output topology is the list form of the draw's (point, line or triangle).
 */
#include "pipeline/draw_priv.h"

#include <stdlib.h>
#include <strings.h>

#define GS_RING 32                     /* strip vertices kept (triangle strip adj: 10; a
                                        * patch streamed out: up to 32) */
#define GS_MAX_VERTS 32                /* vertices of an input primitive */

struct draw_gs {
    /* the current window's vertex records (vs_stride words each, DRAW_CHUNK of them) and
     * the linkage that writes every VS output into them */
    uint32_t *window;
    struct draw_linkage vs_link;
    uint32_t vs_stride;
    /* input assembly: strip vertex k is ring[k % GS_RING] */
    uint32_t *ring;
    uint32_t strip_count;              /* vertices since the last cut */
    uint32_t prim_id;                  /* SV_PrimitiveID of the next input primitive */
    unsigned nverts, instances;        /* of an input primitive; lanes per primitive */
    /* the batch: inputs v[vertex][reg] (vertex-major), vPrim, vGSInstanceID, lanes filled */
    vm_reg *in;
    alignas(64) vm_reg prim;
    alignas(64) vm_reg inst;
    vm_reg outputs[IR_MAX_OUTPUTS];
    unsigned lanes;
    /* per lane: emitted records (maxout of r->stride words each), how many, and which start
     * a new strip */
    uint32_t *out;
    uint8_t *cut_before, *vstream;     /* and each one's stream */
    uint32_t out_count[VM_LANES];
    uint8_t pending_cut[VM_LANES];     /* bit m: stream m's next vertex starts a strip */
    uint32_t maxout;
    unsigned raster_stream;            /* the stream the rasterizer takes */
    /* stream output: every output register of each emitted vertex (so_words a vertex) */
    uint32_t *so_rec;
    uint32_t so_words;
    /* layered rendering / viewport arrays: each emitted vertex's slice and viewport index, and
     * the batch's output primitives (gs_output_routed) */
    uint32_t *route;
    struct gs_prim {
        uint32_t v[3];                 /* emitted-vertex indices (l * maxout + k) */
        uint32_t layer, viewport, seq;
    } *prims;
    size_t window_bytes, ring_bytes, in_bytes, out_bytes, cut_bytes, vstream_bytes, so_bytes,
           route_bytes, prim_bytes;
};

bool draw_gs_topology_ok(enum draw_topology t, unsigned gs_input)
{
    if (t >= DRAW_PATCH_LIST_1 && t <= DRAW_PATCH_LIST_32)   /* 11.8.1.1: patches of n */
        return gs_input == IR_GS_IN_PATCH_1 + (unsigned)(t - DRAW_PATCH_LIST_1);
    switch (t) {
    case DRAW_POINT_LIST: return gs_input == IR_GS_IN_POINT;
    case DRAW_LINE_LIST: case DRAW_LINE_STRIP: return gs_input == IR_GS_IN_LINE;
    case DRAW_TRIANGLE_LIST: case DRAW_TRIANGLE_STRIP: return gs_input == IR_GS_IN_TRIANGLE;
    case DRAW_LINE_LIST_ADJ: case DRAW_LINE_STRIP_ADJ: return gs_input == IR_GS_IN_LINE_ADJ;
    case DRAW_TRIANGLE_LIST_ADJ: case DRAW_TRIANGLE_STRIP_ADJ:
        return gs_input == IR_GS_IN_TRIANGLE_ADJ;
    default: return false;
    }
}

/* VS outputs to GS inputs by semantic name and index, component for component (as draw_link
 * does for the pixel program; a GS element's k-th component reads the VS element's k-th when
 * the VS element lacks it). */
void draw_link_gs(const struct draw_program *vs, const struct dxbc_signature *vs_out,
                  const struct draw_program *gs, const struct dxbc_signature *gs_in,
                  struct draw_gs_linkage *out)
{
    memset(out, 0, sizeof(*out));
    if (!vs || !gs || !vs_out || !gs_in)
        return;
    for (uint32_t e = 0; e < gs_in->count; e++) {
        const struct dxbc_signature_element *ge = &gs_in->elements[e];
        if (ge->register_index >= gs->input_count || ge->register_index >= IR_MAX_INPUTS)
            continue;
        const struct dxbc_signature_element *ve =
            dxbc_signature_find(vs_out, ge->semantic_name, ge->semantic_index);
        if (!ve || ve->register_index >= vs->output_count || ve->register_index >= IR_MAX_OUTPUTS)
            continue;
        unsigned rank = 0;
        for (int c = 0; c < 4; c++) {
            if (!(ge->mask & (1u << c)))
                continue;
            int vc = -1;
            if (ve->mask & (1u << c)) {
                vc = c;
            } else {
                unsigned n = rank;
                for (int k = 0; k < 4 && vc < 0; k++)
                    if ((ve->mask & (1u << k)) && !n--)
                        vc = k;
            }
            rank++;
            if (vc >= 0) {
                out->src[ge->register_index][c].used = 1;
                out->src[ge->register_index][c].reg = (uint8_t)ve->register_index;
                out->src[ge->register_index][c].comp = (uint8_t)vc;
            }
        }
    }
}

static bool gs_grow(void *pp, size_t *have, size_t need)
{
    void **p = pp;
    if (*have >= need)
        return true;
    void *n = aligned_alloc(64, (need + 63) & ~(size_t)63);
    if (!n)
        return false;
    free(*p);
    *p = n;
    *have = need;
    return true;
}

void draw_gs_destroy(struct draw_gs *gs)
{
    if (!gs)
        return;
    free(gs->window);
    free(gs->ring);
    free(gs->in);
    free(gs->out);
    free(gs->cut_before);
    free(gs->vstream);
    free(gs->so_rec);
    free(gs->route);
    free(gs->prims);
    free(gs);
}

int draw_gs_prepare(struct draw_run *r)
{
    const struct draw_desc *d = r->d;
    const struct draw_program *vs = r->gs_src, *gsp = d->gs;
    if (!r->gs) {
        r->gs = calloc(1, sizeof(*r->gs));
        if (!r->gs)
            return DRAW_E_NOMEM;
    }
    struct draw_gs *gs = r->gs;
    /* every VS output register rides in the records: the GS linkage picks components */
    memset(&gs->vs_link, 0, sizeof(gs->vs_link));
    gs->vs_link.attr_count = vs->output_count;
    for (uint32_t k = 0; k < vs->output_count && k < IR_MAX_OUTPUTS; k++)
        gs->vs_link.attr_reg[k] = (uint8_t)k;
    gs->vs_stride = 4 * (1 + vs->output_count);
    if (gsp) {
        gs->nverts = ir_gs_input_vertices(gsp->gs_input);
        gs->instances = gsp->gs_instances ? gsp->gs_instances : 1;
        gs->maxout = gsp->gs_max_vertices;
        r->topology = gsp->gs_output == IR_GS_OUT_POINTLIST ? DRAW_POINT_LIST :
                      gsp->gs_output == IR_GS_OUT_LINESTRIP ? DRAW_LINE_STRIP :
                                                              DRAW_TRIANGLE_STRIP;
    } else if (r->gs_topology >= DRAW_PATCH_LIST_1 && r->gs_topology <= DRAW_PATCH_LIST_32) {
        /* patches without tessellation to stream output (11.8.1.2): a patch's control points
         * are one "primitive" for stream_out.c, r->topology the patch list (draw.c and the
         * front-end keep the rasterizer off) */
        gs->nverts = (unsigned)(r->gs_topology - DRAW_PATCH_LIST_1 + 1);
        gs->instances = 1;
        gs->maxout = gs->nverts;
        r->topology = r->gs_topology;
    } else {
        /* stream output of the vertex (or domain) program: each primitive as a strip of its
         * own; an adjacency primitive as its non-adjacent vertices (gs_pass: adjacency is only
         * visible to a geometry shader), assembled with its adjacent ones */
        enum draw_topology top = r->gs_topology;
        bool point = top == DRAW_POINT_LIST;
        bool line = top == DRAW_LINE_LIST || top == DRAW_LINE_STRIP ||
                    top == DRAW_LINE_LIST_ADJ || top == DRAW_LINE_STRIP_ADJ;
        bool adj = top >= DRAW_LINE_LIST_ADJ && top <= DRAW_TRIANGLE_STRIP_ADJ;
        gs->maxout = point ? 1 : line ? 2 : 3;
        gs->nverts = adj ? 2 * gs->maxout : gs->maxout;
        gs->instances = 1;
        r->topology = point ? DRAW_POINT_LIST : line ? DRAW_LINE_STRIP : DRAW_TRIANGLE_STRIP;
    }
    gs->so_words = 4 * (gsp ? gsp->output_count : vs->output_count);
    size_t rec = sizeof(uint32_t) * gs->vs_stride;
    size_t in_regs = (size_t)gs->nverts * (gsp && gsp->input_count ? gsp->input_count : 1);
    size_t outs = (size_t)VM_LANES * gs->maxout;
    if (!gs_grow(&gs->window, &gs->window_bytes, DRAW_CHUNK * rec) ||
        !gs_grow(&gs->ring, &gs->ring_bytes, GS_RING * rec) ||
        !gs_grow(&gs->in, &gs->in_bytes, in_regs * sizeof(vm_reg)) ||
        !gs_grow(&gs->out, &gs->out_bytes, outs * sizeof(uint32_t) * r->stride) ||
        !gs_grow(&gs->cut_before, &gs->cut_bytes, outs) ||
        !gs_grow(&gs->vstream, &gs->vstream_bytes, outs) ||
        (d->so && !gs_grow(&gs->so_rec, &gs->so_bytes,
                           outs * sizeof(uint32_t) * (gs->so_words ? gs->so_words : 4))) ||
        (r->routed_on && (!gs_grow(&gs->route, &gs->route_bytes, outs * 2 * sizeof(uint32_t)) ||
                          !gs_grow(&gs->prims, &gs->prim_bytes, outs * sizeof(struct gs_prim)))))
        return DRAW_E_NOMEM;
    memset(gs->out_count, 0, sizeof(gs->out_count));
    memset(gs->pending_cut, 0, sizeof(gs->pending_cut));
    memset(gs->vstream, 0, outs);
    gs->raster_stream = d->so && d->so->rasterize ? d->so->raster_stream & 3u : 0;
    gs->lanes = 0;
    memset(gs->in, 0, in_regs * sizeof(vm_reg));
    memset(gs->prim, 0, sizeof(gs->prim));
    memset(gs->inst, 0, sizeof(gs->inst));
    if (!r->tess_on) {   /* after tessellation the vertex records go to tess_stage.c */
        r->vs_link = &gs->vs_link;
        r->vs_stride = gs->vs_stride;
    }
    return DRAW_OK;
}

uint32_t *draw_gs_records(struct draw_run *r)
{
    return r->gs->window;
}

/* ---- the program ------------------------------------------------------------------------- */

/* vm_env.gs_emit: emit copies each lane's outputs as a pool record (dropped past maxout,
 * which counts every stream's vertices); cut makes the lane's next vertex of that stream
 * start a strip.  Only the rasterized stream's records are position + pixel linkage; the
 * others are kept for stream output alone. */
static void gs_emit(void *ctx, unsigned what, unsigned stream, uint32_t lanes,
                    const vm_reg *outputs)
{
    struct draw_run *r = ctx;
    struct draw_gs *gs = r->gs;
    const struct draw_linkage *link = r->d->link;
    int p_out = r->d->gs->stream_position[stream & 3u];
    bool drawn = stream == gs->raster_stream && p_out >= 0;
    for (unsigned l = 0; l < VM_LANES; l++) {
        if (!(lanes & (1u << l)))
            continue;
        if (what == VM_GS_CUT) {
            gs->pending_cut[l] |= (uint8_t)(1u << (stream & 3u));
            continue;
        }
        if (gs->out_count[l] >= gs->maxout)
            continue;
        size_t v = (size_t)l * gs->maxout + gs->out_count[l]++;
        uint32_t *rec = &gs->out[v * r->stride];
        if (drawn) {
            for (int c = 0; c < 4; c++)
                rec[c] = outputs[p_out][c][l];
            for (uint32_t k = 0; k < link->attr_count; k++)
                for (int c = 0; c < 4; c++)
                    rec[4 + 4 * k + c] = outputs[link->attr_reg[k]][c][l];
        }
        gs->vstream[v] = (uint8_t)(stream & 3u);
        gs->cut_before[v] = (gs->pending_cut[l] >> (stream & 3u)) & 1u;
        gs->pending_cut[l] &= (uint8_t)~(1u << (stream & 3u));
        if (r->routed_on) {
            const struct draw_program *p = r->d->gs;
            gs->route[2 * v] = p->layer_out >= 0 ? outputs[p->layer_out][p->layer_comp][l] : 0;
            gs->route[2 * v + 1] =
                p->viewport_out >= 0 ? outputs[p->viewport_out][p->viewport_comp][l] : 0;
        }
        if (r->d->so)
            for (uint32_t reg = 0; reg < gs->so_words / 4; reg++)
                for (int c = 0; c < 4; c++)
                    gs->so_rec[v * gs->so_words + 4 * reg + c] = outputs[reg][c][l];
    }
}

/* Assembles a window of nrec pool records from `base` given as nslots slots. */
static void gs_window(struct draw_run *r, size_t base, unsigned nrec, const uint32_t *slots,
                      unsigned nslots)
{
    r->pool_count = base + nrec;   /* clipping appends after the window */
    draw_clip_prepare(r, base, nrec);
    for (unsigned i = 0; i < nslots; i++)
        draw_assemble(r, slots[i]);
    draw_clip_prepare(r, 0, 0);
}

static int gs_prim_order(const void *a, const void *b)
{
    const struct gs_prim *p = a, *q = b;
    if (p->layer != q->layer)
        return p->layer < q->layer ? -1 : 1;
    return p->seq < q->seq ? -1 : p->seq > q->seq;
}

/* Layered / viewport-array output (the top of the file): the batch's primitives by slice, in
 * order within each, each a strip of its own (the assembler then gives it the order it has in
 * its strip: odd strip triangles arrive as i, i+2, i+1), routed by its leading vertex. */
static void gs_output_routed(struct draw_run *r)
{
    struct draw_gs *gs = r->gs;
    unsigned per = r->topology == DRAW_POINT_LIST ? 1 : r->topology == DRAW_LINE_STRIP ? 2 : 3;
    uint32_t n = 0;
    for (unsigned l = 0; l < gs->lanes; l++) {
        uint32_t k = 0;   /* vertices of the current strip */
        for (uint32_t v = 0; v < gs->out_count[l]; v++) {
            uint32_t src = l * gs->maxout + v;
            if (gs->vstream[src] != gs->raster_stream)
                continue;   /* several streams are points: no strip spans a skipped one */
            if (gs->cut_before[src])
                k = 0;
            if (++k < per)
                continue;
            struct gs_prim *p = &gs->prims[n];
            p->v[0] = src + 1 - per;
            p->v[1] = src + 2 - per;
            p->v[2] = src;
            if (per == 3 && ((k - 3) & 1)) {   /* odd strip triangle: i, i+2, i+1 */
                p->v[1] = src;
                p->v[2] = src - 1;
            }
            p->layer = gs->route[2 * p->v[0]];
            p->viewport = gs->route[2 * p->v[0] + 1];
            p->seq = n++;
        }
    }
    qsort(gs->prims, n, sizeof(*gs->prims), gs_prim_order);
    uint32_t slots[2 * DRAW_CHUNK];
    unsigned nslots = 0, nrec = 0;
    size_t base = 0;
    for (uint32_t i = 0; i <= n; i++) {
        const struct gs_prim *p = i < n ? &gs->prims[i] : NULL;
        bool same = p && p->layer == r->route_layer && p->viewport == r->route_viewport;
        if (nrec && (!same || nrec + per > DRAW_CHUNK)) {
            gs_window(r, base, nrec, slots, nslots);
            nslots = nrec = 0;
        }
        if (!p)
            break;
        if (!nrec) {
            draw_route(r, p->layer, p->viewport);   /* between windows */
            draw_reserve(r, DRAW_CHUNK_VERTS, DRAW_CHUNK_PRIMS);
            base = r->pool_count;
        }
        slots[nslots++] = DRAW_CUT;
        for (unsigned k = 0; k < per; k++) {
            memcpy(&r->pool[(base + nrec) * r->stride], &gs->out[(size_t)p->v[k] * r->stride],
                   sizeof(uint32_t) * r->stride);
            slots[nslots++] = (uint32_t)(base + nrec++);
        }
    }
}

/* The emitted vertices of the batch's lanes, in lane order, through the assembler in windows
 * of at most DRAW_CHUNK records; every lane starts a new strip. */
static void gs_output(struct draw_run *r)
{
    struct draw_gs *gs = r->gs;
    uint32_t slots[2 * DRAW_CHUNK];
    unsigned nslots = 0, nrec = 0;
    size_t base = 0;
    if (r->d->so)   /* 14.1: stream output sees the primitives before the rasterizer */
        for (unsigned l = 0; l < gs->lanes; l++)
            draw_so_strip(r->d->so, r->topology,
                          &gs->so_rec[(size_t)l * gs->maxout * gs->so_words], gs->so_words,
                          &gs->cut_before[(size_t)l * gs->maxout],
                          &gs->vstream[(size_t)l * gs->maxout], gs->out_count[l]);
    if (!r->raster_on)
        return;
    if (r->routed_on) {
        gs_output_routed(r);
        return;
    }
    for (unsigned l = 0; l <= gs->lanes; l++) {
        uint32_t count = l < gs->lanes ? gs->out_count[l] : 0;
        for (uint32_t v = 0; v <= count; v++) {
            bool last = l == gs->lanes;
            /* the window is full (or everything is in): assemble it */
            if (nrec == DRAW_CHUNK || nslots + 2 > 2 * DRAW_CHUNK || (last && nslots)) {
                gs_window(r, base, nrec, slots, nslots);
                nslots = nrec = 0;
            }
            if (last)
                return;
            if (nrec == 0) {
                draw_reserve(r, DRAW_CHUNK_VERTS, DRAW_CHUNK_PRIMS);
                base = r->pool_count;
            }
            if (v == 0) {
                slots[nslots++] = DRAW_CUT;   /* 13.7: each invocation starts a strip */
                continue;
            }
            size_t src = (size_t)l * gs->maxout + (v - 1);
            if (gs->vstream[src] != gs->raster_stream)
                continue;   /* not drawn (several streams are points: no strip broken) */
            if (gs->cut_before[src])
                slots[nslots++] = DRAW_CUT;
            memcpy(&r->pool[(base + nrec) * r->stride], &gs->out[src * r->stride],
                   sizeof(uint32_t) * r->stride);
            slots[nslots++] = (uint32_t)(base + nrec);
            nrec++;
        }
    }
}

/* GSPrimitives: the complete primitives of the lanes' output strips, every stream's. */
static void gs_count_output(struct draw_run *r)
{
    struct draw_gs *gs = r->gs;
    unsigned per = r->topology == DRAW_POINT_LIST ? 1 : r->topology == DRAW_LINE_STRIP ? 2 : 3;
    for (unsigned l = 0; l < gs->lanes; l++) {
        uint32_t k[4] = { 0, 0, 0, 0 };
        for (uint32_t v = 0; v < gs->out_count[l]; v++) {
            size_t src = (size_t)l * gs->maxout + v;
            unsigned m = gs->vstream[src] & 3u;
            if (gs->cut_before[src])
                k[m] = 0;
            if (++k[m] >= per)
                r->stats.gs_primitives++;
        }
    }
}

/* Runs the program on the batch's lanes and assembles what they emitted. */
static void gs_run(struct draw_run *r)
{
    struct draw_gs *gs = r->gs;
    const struct draw_desc *d = r->d;
    if (!gs->lanes)
        return;
    if (!d->gs) {   /* stream output of the vertex program: the primitives as they are */
        gs_output(r);
        gs->lanes = 0;
        return;
    }
    struct vm_env env;
    env.inputs = NULL;
    env.outputs = gs->outputs;
    memset(env.input_coverage, 0, sizeof(env.input_coverage));
    memcpy(env.cb, d->gs_cb, sizeof(env.cb));
    env.sample = draw_stage_sample;
    env.sample_ctx = r;
    env.max_iterations = 0;
    env.gs_inputs = gs->in;
    env.gs_primitive_id = &gs->prim;
    env.tess_id = &gs->inst;    /* vGSInstanceID (vm.h) */
    env.gs_emit = gs_emit;
    env.gs_ctx = r;
    env.cs = d->gs->mem ? d->gs_mem : NULL;   /* 11_1: UAVs in the geometry stage */
    env.helper_lanes = 0;
    r->stage_textures = d->gs_textures;
    r->stage_samplers = d->gs_samplers;
    uint32_t mask = gs->lanes >= 32 ? 0xffffffffu : (1u << gs->lanes) - 1u;
    vm_run(d->gs->vm, r->gs_state, &env, mask);
    r->stats.gs_invocations += gs->lanes;
    gs_count_output(r);
    gs_output(r);
    memset(gs->out_count, 0, sizeof(gs->out_count));
    memset(gs->pending_cut, 0, sizeof(gs->pending_cut));
    gs->lanes = 0;
}

/* Without a geometry program: lane l gets the primitive's vertices as emitted ones -- of an
 * adjacency primitive (in the GS input order: line a 1 2 a, triangle 0 a 2 a 4 a) the
 * non-adjacent ones, the middle two of a line, every other of a triangle; an odd triangle of
 * a strip with adjacency (GS order 2i+2, ., 2i, ., 2i+4) rotated to start at its leading
 * vertex 2i (Primitive Topologies: leading vertices 0, 2, 4...), as clip.c draws it. */
static void gs_pass(struct draw_run *r, const uint32_t *ks, unsigned l)
{
    struct draw_gs *gs = r->gs;
    const struct draw_linkage *link = r->d->link;
    bool adj = gs->nverts > gs->maxout;
    static const unsigned tri[2][3] = { { 0, 2, 4 }, { 2, 4, 0 } };
    bool odd = adj && gs->maxout == 3 && ks[0] > ks[2];
    for (unsigned v = 0; v < gs->maxout; v++) {
        unsigned from = !adj ? v : gs->maxout == 2 ? v + 1 : tri[odd][v];
        const uint32_t *src = &gs->ring[(size_t)(ks[from] % GS_RING) * gs->vs_stride];
        size_t o = (size_t)l * gs->maxout + v;
        uint32_t *rec = &gs->out[o * r->stride];
        memcpy(rec, src, 4 * sizeof(uint32_t));   /* the VS position (vertex.c) */
        for (uint32_t k = 0; k < link->attr_count; k++)
            memcpy(&rec[4 + 4 * k], &src[4 + 4 * (size_t)link->attr_reg[k]], 4 * sizeof(uint32_t));
        memcpy(&gs->so_rec[o * gs->so_words], &src[4], sizeof(uint32_t) * gs->so_words);
        gs->cut_before[o] = 0;
        gs->vstream[o] = 0;
    }
    gs->out_count[l] = gs->maxout;
}

/* Strip vertices k0.. (ring positions) as the next input primitive: gs->instances lanes. */
static void gs_primitive(struct draw_run *r, const uint32_t *ks)
{
    struct draw_gs *gs = r->gs;
    if (!r->tess_on)   /* the input assembler's primitive (not per GS instance); after
                        * tessellation the IA's primitives are the patches */
        r->stats.ia_primitives++;
    if (gs->lanes + gs->instances > VM_LANES)
        gs_run(r);
    if (!r->d->gs) {
        gs_pass(r, ks, gs->lanes++);
        return;
    }
    const struct draw_gs_linkage *gl = r->d->gs_link;
    const uint32_t nin = r->d->gs->input_count;
    for (unsigned i = 0; i < gs->instances; i++) {
        unsigned l = gs->lanes++;
        for (unsigned v = 0; v < gs->nverts; v++) {
            const uint32_t *rec = &gs->ring[(size_t)(ks[v] % GS_RING) * gs->vs_stride];
            for (uint32_t reg = 0; reg < nin && reg < IR_MAX_INPUTS; reg++)
                for (int c = 0; c < 4; c++) {
                    const __typeof__(gl->src[0][0]) *s = &gl->src[reg][c];
                    gs->in[v * nin + reg][c][l] = s->used ? rec[4 + 4 * s->reg + s->comp] : 0;
                }
        }
        gs->prim[0][l] = gs->prim_id;
        gs->inst[0][l] = i;     /* SV_GSInstanceID: the lane's instance of the primitive */
    }
    if (!r->tess_on)
        gs->prim_id++;
}

void draw_gs_primitive_id(struct draw_run *r, uint32_t id)
{
    r->gs->prim_id = id;
}

/* Triangle i of a triangle strip with adjacency (see the top of the file); `last`: the
 * strip's last triangle (only, when it is also the first). */
static void gs_strip_adj(struct draw_run *r, uint32_t i, bool last)
{
    uint32_t k[6], b = 2 * i;
    if (i == 0) {
        k[0] = 0; k[1] = 1; k[2] = 2; k[3] = last ? 5 : 6; k[4] = 4; k[5] = 3;
    } else if (i & 1) {
        k[0] = b + 2; k[1] = b - 2; k[2] = b; k[3] = b + 3; k[4] = b + 4;
        k[5] = last ? b + 5 : b + 6;
    } else {
        k[0] = b; k[1] = b - 2; k[2] = b + 2; k[3] = b + 5; k[4] = b + 4; k[5] = b + 3;
    }
    gs_primitive(r, k);
}

/* The strip ends (cut, end of instance): the last triangle of a strip with adjacency. */
static void gs_strip_end(struct draw_run *r)
{
    struct draw_gs *gs = r->gs;
    if (r->gs_topology == DRAW_TRIANGLE_STRIP_ADJ && gs->strip_count >= 6)
        gs_strip_adj(r, (gs->strip_count - 4) / 2 - 1, true);
    gs->strip_count = 0;
}

void draw_gs_begin(struct draw_run *r, uint32_t instance)
{
    (void)instance;
    r->gs->strip_count = 0;
    r->gs->prim_id = 0;    /* SV_PrimitiveID counts from 0 in every instance */
}

void draw_gs_input(struct draw_run *r, uint32_t slot)
{
    struct draw_gs *gs = r->gs;
    if (slot == DRAW_CUT) {
        gs_strip_end(r);
        return;
    }
    uint32_t k = gs->strip_count++;
    memcpy(&gs->ring[(size_t)(k % GS_RING) * gs->vs_stride],
           &gs->window[(size_t)slot * gs->vs_stride], sizeof(uint32_t) * gs->vs_stride);
    uint32_t ks[GS_MAX_VERTS];
    for (unsigned v = GS_MAX_VERTS - gs->nverts; v < GS_MAX_VERTS; v++)
        ks[v] = k - (GS_MAX_VERTS - 1 - v);   /* the last nverts, oldest first (those before
                                                 * the strip's start are never used) */
    const uint32_t *last = &ks[GS_MAX_VERTS - gs->nverts];
    if (r->gs_topology >= DRAW_PATCH_LIST_1 && r->gs_topology <= DRAW_PATCH_LIST_32) {
        if (k % gs->nverts == gs->nverts - 1)   /* a complete patch (11.3) */
            gs_primitive(r, last);
        return;
    }
    switch (r->gs_topology) {
    case DRAW_POINT_LIST:
        gs_primitive(r, last);
        break;
    case DRAW_LINE_LIST:
        if (k % 2 == 1)
            gs_primitive(r, last);
        break;
    case DRAW_LINE_STRIP:
        if (k >= 1)
            gs_primitive(r, last);
        break;
    case DRAW_TRIANGLE_LIST:
        if (k % 3 == 2)
            gs_primitive(r, last);
        break;
    case DRAW_TRIANGLE_STRIP:
        if (k >= 2) {
            uint32_t t[3] = { k - 2, k - 1, k };
            if ((k - 2) & 1) {   /* odd triangles keep the winding: i, i+2, i+1 */
                t[1] = k;
                t[2] = k - 1;
            }
            gs_primitive(r, t);
        }
        break;
    case DRAW_LINE_LIST_ADJ:
        if (k % 4 == 3)
            gs_primitive(r, last);
        break;
    case DRAW_LINE_STRIP_ADJ:
        if (k >= 3)
            gs_primitive(r, last);
        break;
    case DRAW_TRIANGLE_LIST_ADJ:
        if (k % 6 == 5)
            gs_primitive(r, last);
        break;
    case DRAW_TRIANGLE_STRIP_ADJ:
        if (k >= 7 && (k - 7) % 2 == 0)
            gs_strip_adj(r, (k - 7) / 2, false);
        break;
    }
}

void draw_gs_end(struct draw_run *r)
{
    gs_strip_end(r);
    gs_run(r);
}
