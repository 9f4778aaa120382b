/* src/pipeline/vertex.c — vertex fetch, the post-transform cache and the vertex program.
 *
 * Section numbers are the D3D11.3 functional specification's ("the spec").
 *
 * Addressing (8.4.1, 8.6.1 pseudocode; 8.19.1: the input assembler computes in 32-bit unsigned
 * arithmetic and wraps).  Element e of stream s for stream position p of instance i:
 *   per-vertex data:   offset_s + stride_s * vertex + offset_e,
 *                      vertex = StartVertexLocation + p                       (not indexed)
 *                             = index[StartIndexLocation + p] + BaseVertexLocation  (indexed)
 *   per-instance data: offset_s + stride_s * (StartInstanceLocation + i / rate) + offset_e,
 *                      a step rate of 0 never steps (the pseudocode's counter starts at 0 and
 *                      is never 1).
 * Bounds (8.19.2): an element whose bytes are not all inside [offset_s, size) reads 0 in the
 * components its format has and the defaults (0, 0, 0, 1) in the others (19.1.3.3); an unbound
 * stream reads 0 in every component, defaults included (8.20).  An index read past the end of
 * the index buffer is 0 (8.19.2).  Formats convert as the spec's data conversion rules say
 * (8.20, via texel_load); integer formats keep their integer values (texel_load_int).
 *
 * VertexID (8.16) is StartVertexLocation-relative p for non-indexed draws (it "starts at 0")
 * and the index value for indexed ones; InstanceID (8.18) is i.  (Older SDK pages of Draw say
 * StartVertexLocation "could also be used as the first vertex id"; the hardware does what the
 * spec says: the translation layers that run Windows games on Vulkan -- vkd3d-proton's
 * dxil-spirv, DXC's -fvk-support-nonzero-base-vertex -- compute SV_VertexID as Vulkan's
 * VertexIndex minus BaseVertex, which is 0-based for vkCmdDraw's firstVertex, and the
 * instance id likewise minus BaseInstance.)
 *
 * The post-transform cache: stream positions are processed in windows of DRAW_CHUNK.  Within a
 * window the indices are deduplicated with a small hash table, so each distinct index runs the
 * vertex program once per window (9.2: "invoked ... provided that there is a miss on the
 * hardware's Vertex Shader result cache").  Non-indexed positions are all distinct.
 */
#include "pipeline/draw_priv.h"

/* An indexed window ends before the index that would make its unique vertices one more than
 * DRAW_WINDOW_VERTS, a multiple of VM_LANES: the vertex shader then runs on whole batches
 * (with 256 indices of a mesh, about 150 unique vertices, the last batch was mostly empty).
 * Each vertex's values do not depend on its batch, and the primitives are assembled in the
 * same order from the same values, so this changes no output. */
#define DRAW_WINDOW_VERTS (4 * VM_LANES)
_Static_assert(DRAW_WINDOW_VERTS % VM_LANES == 0 && DRAW_WINDOW_VERTS <= DRAW_CHUNK,
               "whole batches inside the window");
#define HASH_BITS 9
#define HASH_SIZE (1u << HASH_BITS)   /* more than twice the window: probes stay short */
_Static_assert(HASH_SIZE >= 2 * DRAW_CHUNK, "hash table too small for the window");

/* Raw index at stream position `pos` (StartIndexLocation already added), 0 past the end. */
static uint32_t read_index(const struct draw_desc *d, uint32_t pos)
{
    uint32_t addr = d->index_offset + pos * (uint32_t)d->index_bytes;   /* wraps (8.19.1) */
    if ((uint64_t)addr + d->index_bytes > d->index_size)
        return 0;
    if (d->index_bytes == 2) {
        uint16_t v;
        memcpy(&v, d->index_data + addr, 2);
        return v;
    }
    uint32_t v;
    memcpy(&v, d->index_data + addr, 4);
    return v;
}

/* Fetch element e for lanes 0..n-1 into the input registers (element by element: what does
 * not depend on the lane -- the element, its stream and format, an instance's address -- is
 * read once).  The element's components fill the register's mask from its lowest on. */
static void fetch_element(struct draw_run *r, uint32_t e, const uint32_t *vertex,
                          uint32_t instance, unsigned n)
{
    const struct draw_desc *d = r->d;
    const struct draw_element *el = &d->elements[e];
    const struct texel_format *f = r->efmt[e];

    if (el->reg >= IR_MAX_INPUTS || !el->mask)
        return;
    uint32_t (*dst)[VM_LANES] = r->vs_in[el->reg];
    const unsigned first = (unsigned)__builtin_ctz(el->mask);
    const struct draw_stream *s = el->stream < DRAW_MAX_STREAMS ? &d->streams[el->stream] : NULL;
    if (!s || !s->data || !f) {
        /* 8.20: an unbound stream reads 0 in every component, defaults included */
        for (unsigned c = first; c < 4; c++)
            if (el->mask & (1u << c))
                memset(dst[c], 0, sizeof(uint32_t) * n);
        return;
    }
    const size_t bytes = f->block_bytes;
    const bool whole = f->block_w == 1 && f->block_h == 1;
    /* 8.19.2: outside the buffer, 0 in the format's components, the default for the others */
    uint32_t outside[4] = { 0, 0, 0, 0 };
    if (!(f->present & 8u))
        outside[3] = f->integer ? 1u : draw_u(1.0f);
    const uint32_t step = el->per_instance ?
        d->start_instance + (el->step_rate ? instance / el->step_rate : 0) : 0;
    for (unsigned l = 0; l < n; l++) {
        uint32_t v = el->per_instance ? step : vertex[l];
        uint32_t addr = s->offset + s->stride * v + el->offset;     /* wraps (8.19.1) */
        bool inside = whole && addr >= s->offset && (uint64_t)addr + bytes <= s->size;
        uint32_t val[4];
        if (!inside) {
            memcpy(val, outside, sizeof(val));
        } else if (texel_load_fast_bits(f, s->data + addr, val)) {
            /* the common formats: the same bits as below, without the generic decode */
        } else if (!f->integer || !texel_load_int(f, s->data + addr, 0, 0, val)) {
            float out[4];
            f->load(f, s->data + addr, 0, 0, out);
            for (int c = 0; c < 4; c++)
                val[c] = draw_u(out[c]);
        }
        for (unsigned c = first; c < 4; c++)
            if (el->mask & (1u << c))
                dst[c][l] = val[c - first];
    }
}

/* Runs the vertex program on n (<= VM_LANES) vertices and writes pool records first.. */

/* Vertex texture fetch (draw.h vs_textures; the geometry, hull and domain programs' alike),
 * t0..t127 and s0..s15 (7.18.17: unbound slots read 0):
 *   sample, sample_b     LOD zero (a vertex has no screen derivatives), sample_b's bias added
 *   sample_l             its explicit LOD;  sample_c_lz  level 0 with the comparison
 *   sample_d             the LOD from its explicit derivatives (7.18.11)
 *   gather4, gather4_c   the level-0 footprint, as in the pixel stage (sampler_gather)
 *   ld, ld_ms, resinfo, sampleinfo, samplepos   as in the pixel stage (pixel.c, pixel_ms.c);
 *                        the rasterizer's sampleinfo / samplepos read 0 here (no rasterizer
 *                        before the pixel stage)
 * Every coordinate goes to the sampler, a cube array's index (the fourth) included.  sample_c
 * and lod need screen derivatives: pixel programs only (the decoder's rule); they read 0. */
void draw_stage_sample(void *ctx, const struct vm_sample_request *req,
                       struct vm_sample_result *res)
{
    struct draw_run *r = ctx;
    if (req->resource >= DRAW_MAX_TEXTURES)
        return;
    const struct texture_view *t = r->stage_textures[req->resource];
    if (!t || !t->texel)
        return;
    const struct sampler *s = req->sampler < DRAW_MAX_SAMPLERS ? r->stage_samplers[req->sampler]
                                                               : NULL;
    struct sample_coords *c = &r->vs_coords;
    switch (req->kind) {
    case VM_TEX_LD:
        draw_sample_load(t, req, res);
        return;
    case VM_TEX_LD_MS:
        draw_sample_load_ms(t, req, res);
        return;
    case VM_TEX_RESINFO:
        draw_sample_info(t, req, res);
        return;
    case VM_TEX_SAMPLEINFO:
    case VM_TEX_SAMPLEPOS:
        draw_sample_ms_query(t->samples, t->ms_center, req, res);
        return;
    case VM_TEX_GATHER4:
    case VM_TEX_GATHER4_C: {
        if (!s)
            return;
        const int8_t imm[2] = { req->texel_offset[0], req->texel_offset[1] };
        memset(c, 0, sizeof(*c));
        draw_sample_coords(c, req);
        sampler_gather(s, t, c, req->gather_channel, req->kind == VM_TEX_GATHER4_C,
                       req->has_offsets ? req->offset : NULL, imm, VM_LANES, &r->vs_texels);
        break;
    }
    case VM_TEX_SAMPLE:
    case VM_TEX_SAMPLE_L:
    case VM_TEX_SAMPLE_B:
    case VM_TEX_SAMPLE_D:
    case VM_TEX_SAMPLE_C_LZ:
        if (!s)
            return;
        memset(c, 0, sizeof(*c));
        draw_sample_coords(c, req);   /* every operand; sample_d's derivatives, c_lz's ref */
        if (req->kind == VM_TEX_SAMPLE || req->kind == VM_TEX_SAMPLE_B) {
            /* no derivatives: LOD 0 as an explicit LOD (the bias of sample_b added to it) */
            c->lod_mode = SAMPLE_LOD_EXPLICIT;
            memset(c->lod, 0, sizeof(c->lod));
        }
        sampler_sample(s, t, c, VM_LANES, &r->vs_texels);
        break;
    default:
        return;
    }
    for (int k = 0; k < 4; k++)
        for (unsigned l = 0; l < VM_LANES; l++)
            if (req->mask & (1u << l))
                res->value[k][l] = draw_u(r->vs_texels.c[k][l]);
}

/* Runs the vertex program on n (<= VM_LANES) vertices and writes their records (r->vs_link,
 * r->vs_stride) from `out` on. */
static void shade_vertices(struct draw_run *r, const uint32_t *vertex, const uint32_t *vertex_id,
                           uint32_t instance, unsigned n, uint32_t *out)
{
    const struct draw_desc *d = r->d;
    const struct draw_program *vs = d->vs;

    memset(r->vs_in, 0, sizeof(r->vs_in[0]) * (vs->input_count ? vs->input_count : 1));
    for (uint32_t e = 0; e < d->element_count; e++)
        fetch_element(r, e, vertex, instance, n);
    /* system-generated values (4.4.4): VertexID, InstanceID, in the declared component */
    for (uint32_t reg = 0; reg < vs->input_count && reg < IR_MAX_INPUTS; reg++) {
        unsigned sv = vs->in_sysval[reg];
        if ((sv != IR_SV_VERTEX_ID && sv != IR_SV_INSTANCE_ID) || !vs->in_mask[reg])
            continue;
        unsigned c = (unsigned)__builtin_ctz(vs->in_mask[reg]);
        for (unsigned l = 0; l < n; l++)
            r->vs_in[reg][c][l] = sv == IR_SV_VERTEX_ID ? vertex_id[l] : instance;
    }

    /* every field the VM reads (depth/coverage are outputs vm_run clears itself) */
    struct vm_env env;
    env.inputs = (const vm_reg *)r->vs_in;
    env.outputs = r->vs_out;
    memset(env.input_coverage, 0, sizeof(env.input_coverage));
    memcpy(env.cb, d->vs_cb, sizeof(env.cb));
    env.sample = draw_stage_sample;
    env.sample_ctx = r;
    env.max_iterations = 0;
    env.cs = vs->mem ? d->vs_mem : NULL;   /* 11_1: UAVs in the vertex stage */
    env.helper_lanes = 0;
    r->stage_textures = d->vs_textures;
    r->stage_samplers = d->vs_samplers;
    vm_run(vs->vm, r->vs_state, &env, n >= 32 ? 0xffffffffu : (1u << n) - 1u);
    r->stats.vs_invocations += n;

    const struct draw_linkage *link = r->vs_link;
    /* with a geometry program the VS need not write a position: the record's first vec4 is
     * then unused (geometry.c reads the outputs through vs_link) */
    unsigned pos = vs->position_out >= 0 ? (unsigned)vs->position_out : 0;
    for (unsigned l = 0; l < n; l++) {
        uint32_t *rec = &out[(size_t)l * r->vs_stride];
        for (int c = 0; c < 4; c++)
            rec[c] = r->vs_out[pos][c][l];
        for (uint32_t k = 0; k < link->attr_count; k++)
            for (int c = 0; c < 4; c++)
                rec[4 + 4 * k + c] = r->vs_out[link->attr_reg[k]][c][l];
    }
}

void draw_run_instance(struct draw_run *r, uint32_t instance)
{
    const struct draw_desc *d = r->d;
    const bool indexed = d->index_data != NULL;
    const uint32_t cut = d->index_bytes == 2 ? 0xffffu : 0xffffffffu;
    uint32_t slots[DRAW_CHUNK];
    uint32_t uniq_vertex[DRAW_CHUNK], uniq_id[DRAW_CHUNK];
    uint32_t hash_key[HASH_SIZE], hash_slot[HASH_SIZE];
    uint8_t hash_used[HASH_SIZE];

    /* 8.13 / 8.4.1: every instance restarts the topology */
    draw_assemble_reset(r);
    if (r->tess_on)
        draw_tess_begin(r, instance);
    else if (r->gs_on)
        draw_gs_begin(r, instance);
    for (uint32_t p0 = 0, n; p0 < d->count; p0 += n) {
        n = d->count - p0 < DRAW_CHUNK ? d->count - p0 : DRAW_CHUNK;
        /* with a geometry program, a window's records go to its own buffer (slots from 0) */
        uint32_t *records = r->tess_on ? draw_tess_records(r) :
                            r->gs_on ? draw_gs_records(r) : NULL;
        if (!r->gs_on)
            draw_reserve(r, DRAW_CHUNK_VERTS, DRAW_CHUNK_PRIMS);
        size_t base = r->gs_on ? 0 : r->pool_count;
        unsigned m = 0;

        if (indexed)
            memset(hash_used, 0, sizeof(hash_used));
        for (uint32_t i = 0; i < n; i++) {
            uint32_t pos = d->start + p0 + i;                        /* wraps (8.19.1) */
            if (!indexed) {
                slots[i] = (uint32_t)(base + m);
                uniq_vertex[m] = pos;
                uniq_id[m++] = p0 + i;
                continue;
            }
            uint32_t index = read_index(d, pos);
            if (d->strip_cut && index == cut) {
                slots[i] = DRAW_CUT;
                continue;
            }
            /* Fibonacci hashing; linear probing in a table more than half empty */
            uint32_t h = (index * 2654435769u) >> (32 - HASH_BITS);
            for (;;) {
                h &= HASH_SIZE - 1;
                if (!hash_used[h] && m == DRAW_WINDOW_VERTS)
                    break;   /* a new vertex past the window's last full batch: ends it */
                if (!hash_used[h]) {
                    hash_used[h] = 1;
                    hash_key[h] = index;
                    hash_slot[h] = (uint32_t)(base + m);
                    uniq_vertex[m] = index + (uint32_t)d->base_vertex;   /* wraps (8.19.1) */
                    uniq_id[m++] = index;
                    break;
                }
                if (hash_key[h] == index)
                    break;
                h++;
            }
            if (!hash_used[h]) {
                n = i;   /* this index starts the next window */
                break;
            }
            slots[i] = hash_slot[h];
        }
        for (unsigned j = 0; j < m; j += VM_LANES) {
            unsigned k = m - j < VM_LANES ? m - j : VM_LANES;
            uint32_t *out = records ? &records[(size_t)j * r->vs_stride] :
                                      &r->pool[(base + j) * r->stride];
            shade_vertices(r, &uniq_vertex[j], &uniq_id[j], instance, k, out);
        }
        if (r->tess_on) {
            for (uint32_t i = 0; i < n; i++)
                draw_tess_input(r, slots[i]);
            continue;
        }
        if (r->gs_on) {
            for (uint32_t i = 0; i < n; i++)
                draw_gs_input(r, slots[i]);
            continue;
        }
        r->pool_count = base + m;
        draw_clip_prepare(r, base, m);
        for (uint32_t i = 0; i < n; i++)
            draw_assemble(r, slots[i]);
        draw_clip_prepare(r, 0, 0);
    }
    if (r->tess_on)
        draw_tess_end(r);
    else if (r->gs_on)
        draw_gs_end(r);
}

/* The vertex stage alone (draw.h draw_process_vertices): the same fetch and program run as a
 * non-indexed draw of `count` vertices from `first`, instance 0, the records written to the
 * caller's array instead of the pool; no primitive is assembled. */
int draw_process_vertices(struct draw_context *dc, const struct draw_desc *d, uint32_t first,
                          uint32_t count, uint32_t *records)
{
    if (!dc || !d || (!records && count))
        return DRAW_E_INVALID;
    if (!d->vs || !d->vs->vm || !d->link || d->vs->position_out < 0 ||
        d->element_count > DRAW_MAX_ELEMENTS || d->link->attr_count > IR_MAX_OUTPUTS)
        return DRAW_E_INVALID;
    draw_context_flush(dc);   /* the run's tables are borrowed below */
    struct draw_run *r = &dc->run;
    if (!r->vs_state || !vm_state_fits(r->vs_state, d->vs->vm)) {
        vm_state_destroy(r->vs_state);
        r->vs_state = NULL;
        if (vm_state_create(d->vs->vm, &r->vs_state) != VM_OK)
            return DRAW_E_NOMEM;
    }
    uint32_t *pool = r->pool;
    r->d = d;
    r->pool = records;
    r->stride = 4 * (1 + d->link->attr_count);
    r->vs_link = d->link;
    r->vs_stride = r->stride;
    r->gs_on = false;
    r->tess_on = false;
    for (uint32_t e = 0; e < d->element_count; e++)
        r->efmt[e] = texel_format_get(d->elements[e].format);
    uint32_t vertex[VM_LANES], id[VM_LANES];
    for (uint32_t j = 0; j < count; j += VM_LANES) {
        unsigned n = count - j < VM_LANES ? count - j : VM_LANES;
        for (unsigned l = 0; l < n; l++) {
            vertex[l] = first + j + l;         /* wraps (8.19.1), as a draw's StartVertex + p */
            id[l] = j + l;                     /* VertexID counts from the first (8.16) */
        }
        shade_vertices(r, vertex, id, 0, n, &records[(size_t)j * r->stride]);
    }
    r->pool = pool;
    r->d = NULL;
    return DRAW_OK;
}
