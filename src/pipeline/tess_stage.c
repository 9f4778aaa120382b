/* src/pipeline/tess_stage.c — the tessellation stages of a draw: patches of control points,
 * the hull program's phases, the fixed-function tessellator (tessellator.c), the domain
 * program, and its points into primitive assembly (see draw_priv.h for where it sits).
 *
 * Section numbers are the D3D11.3 functional specification's ("the spec").
 *
 * Input assembly (11.3, 8.11).  The vertex program's records arrive slot by slot, in stream
 * order; every input_cp of them make a patch, a cut or the end of an instance dropping an
 * incomplete one.  SV_PrimitiveID counts the patches of the instance from 0 (11.7.9.1).
 *
 * The hull program (10.x), once per patch, on the calling thread:
 *   control-point phase  one lane per output control point, vOutputControlPointID = the lane,
 *                        v[cp][reg] the patch's control points (hs_link picks the vertex
 *                        program's outputs); without the phase the output control points are
 *                        the input ones (10.6);
 *   fork phases          one lane per instance (vForkInstanceID), vicp and vocp (the
 *                        control-point phase's outputs, the same in every lane);
 *   join phases          likewise with vJoinInstanceID, and vpc: what the forks wrote.
 * The instances of a phase write disjoint patch constants (10.8.4: "a unique output"); the
 * stage takes, per declared component, the value of the last lane that wrote a nonzero one
 * (outputs start at 0, so a component no lane wrote stays 0).
 *
 * The tessellator (11.7) takes the final TessFactors from the patch constants named
 * SV_TessFactor / SV_InsideTessFactor; a culled patch (11.7.12) runs no domain program.
 * The domain program (12) runs once per domain point, VM_LANES at a time, with vDomain, the
 * output control points as vicp and the patch constants as vpc, each by register.  Its
 * outputs become pool records (position, then the pixel linkage's attributes) and the
 * tessellator's primitives go through the assembler as lists, in windows of at most
 * DRAW_CHUNK slots (each referenced point copied once per window).
 *
 * A geometry program or stream output after the domain program (12 -> 13, 14): the domain
 * program's records then hold every output register (as the vertex program's do before a
 * geometry stage) and go, primitive by primitive in the tessellator's order, through the
 * geometry stage's input assembly (geometry.c) with the tessellator's output as its input
 * topology: triangles a triangle list, isolines a line list, point output a point list.  The
 * geometry program's SV_PrimitiveID is the patch's (11.7.9.1: "for a given patch, all of the
 * primitives generated for it have the same PrimitiveID"), and all of a patch's primitives
 * go down before the next patch's (11.7.9).  The IA primitives stay the patches.
 *
 * Textures: the hull phases sample hs_textures / hs_samplers, the domain program ds_*, as
 * the vertex stage samples its own (draw_stage_sample: LOD 0 or explicit, ld).
 *
 * Linkage: the domain program reads the hull's output control points and patch constants by
 * register; the draw-time rules (d3d11 context_draw.c) check the signatures agree.
 */
#include "pipeline/draw_priv.h"

#include "pipeline/tessellator.h"

#include <stdio.h>
#include <stdlib.h>

#define TESS_CP IR_MAX_CONTROL_POINTS
#define TESS_REGS IR_MAX_OUTPUTS

struct draw_tess {
    /* the current window's vertex records (every VS output register) and their linkage */
    uint32_t *window;
    struct draw_linkage vs_link;
    uint32_t vs_stride;
    /* the patch being collected: input_cp copies of records */
    uint32_t *patch;
    uint32_t have, patch_id;
    /* register files: control points as phases read them (stride = the program's inputs),
     * the output control points (ocp_stride registers each), the patch constants */
    vm_reg *icp;
    vm_reg *ocp;
    uint32_t ocp_stride;
    vm_reg pc[TESS_REGS];
    vm_reg out[TESS_REGS];
    vm_reg ids, prim, domain;
    struct vm_state *state[DRAW_HS_MAX_PHASES + 1];   /* the phases', then the DS's */
    /* the tessellator's result, the domain program's records (ds_stride words: the pixel
     * linkage's, or every output register before a geometry stage: to_gs), the window map */
    struct tess_output *tess;
    uint32_t *ds_rec;
    uint32_t ds_stride;
    bool to_gs;
    /* the factors `tess` was made from this draw (their bits; tess_valid: it was): a patch
     * with the same ones reuses it -- tess_patch is a pure function of the configuration and
     * the six factors, and uniform factors over a mesh are common */
    bool tess_valid;
    int tess_result;
    uint32_t tess_key[6];
    uint32_t *map, *map_stamp, stamp;
};

/* ---- programs ------------------------------------------------------------------------------ */

void draw_hull_destroy(struct draw_hull *hull)
{
    if (!hull)
        return;
    for (uint32_t i = 0; i < hull->phase_count; i++)
        draw_program_destroy(hull->phase[i]);
    free(hull);
}

/* Which tess_patch factor a TessFactor name feeds (10.10): edge k (0..3) or inside 4 + k. */
static int factor_slot(unsigned domain, unsigned sysval)
{
    if (domain == TESS_DOMAIN_QUAD && sysval >= IR_SV_QUAD_EDGE_U0 && sysval <= IR_SV_QUAD_INSIDE_V)
        return (int)(sysval - IR_SV_QUAD_EDGE_U0);
    if (domain == TESS_DOMAIN_TRI && sysval >= IR_SV_TRI_EDGE_U0 && sysval <= IR_SV_TRI_EDGE_W0)
        return (int)(sysval - IR_SV_TRI_EDGE_U0);
    if (domain == TESS_DOMAIN_TRI && sysval == IR_SV_TRI_INSIDE)
        return 4;
    if (domain == TESS_DOMAIN_ISOLINE && sysval == IR_SV_LINE_DENSITY)
        return 0;
    if (domain == TESS_DOMAIN_ISOLINE && sysval == IR_SV_LINE_DETAIL)
        return 1;
    return -1;
}

int draw_hull_create(const struct ir_program *hs, struct draw_hull **out)
{
    if (!out)
        return DRAW_E_INVALID;
    *out = NULL;
    if (!hs || hs->type != IR_SHADER_HULL || hs->hs_phase != IR_HS_DECLS ||
        hs->hs_phase_count > DRAW_HS_MAX_PHASES)
        return DRAW_E_INVALID;
    struct draw_hull *h = calloc(1, sizeof(*h));
    if (!h)
        return DRAW_E_NOMEM;
    h->domain = hs->tess_domain;
    h->partitioning = hs->tess_partitioning;
    h->primitive = hs->tess_primitive;
    h->input_cp = hs->tess_input_cp;
    h->output_cp = hs->tess_output_cp;
    for (int k = 0; k < 4; k++)
        h->factor_edge[k] = -1;
    h->factor_inside[0] = h->factor_inside[1] = -1;
    for (uint32_t i = 0; i < hs->hs_phase_count; i++) {
        const struct ir_program *q = &hs->hs_phases[i];
        int ret = draw_program_create(q, &h->phase[i]);
        if (ret != DRAW_OK) {
            draw_hull_destroy(h);
            return ret;
        }
        h->phase_count = i + 1;
        h->phase_kind[i] = q->hs_phase;
        h->instances[i] = q->hs_instances ? q->hs_instances : 1;
        if (q->hs_phase == IR_HS_CONTROL_POINT)
            continue;
        if (q->output_count > h->pc_count)
            h->pc_count = q->output_count;
        for (uint32_t o = 0; o < q->outputs.count; o++) {
            const struct ir_io_decl *io = &q->outputs.items[o];
            int slot = factor_slot(h->domain, io->sysval);
            if (slot < 0 || io->file != IR_FILE_OUTPUT)
                continue;
            int where = (int)io->reg * 4 + __builtin_ctz(io->mask);
            if (slot < 4)
                h->factor_edge[slot] = where;
            else
                h->factor_inside[slot - 4] = where;
        }
    }
    *out = h;
    return DRAW_OK;
}

/* ---- rules ---------------------------------------------------------------------------------- */

static int draw_tess_refuse(char *msg, size_t msg_size, const char *why)
{
    if (msg && msg_size)
        snprintf(msg, msg_size, "draw: %s", why);
    return -1;
}

int draw_tess_check(const struct draw_desc *d, char *msg, size_t msg_size)
{
    const char *why = NULL;
    bool patches = d->topology >= DRAW_PATCH_LIST_1 && d->topology <= DRAW_PATCH_LIST_32;
    /* 11.8.1: a hull and a domain program enable tessellation together, and need a patch
     * topology; patches without them may go to stream output (11.8.1.2) or a geometry program
     * declaring them as its input primitive (11.8.1.1), never to the rasterizer (11.8.1.3:
     * undefined) */
    if (patches && !d->hs && !d->ds && !d->gs && d->so && !d->so->rasterize)
        return 0;   /* 11.8.1.2: un-tessellated patches to stream output (geometry.c) */
    if (patches && !d->hs && !d->ds && d->gs)   /* 11.8.1.1: to a geometry program */
        return draw_gs_topology_ok(d->topology, d->gs->gs_input) ? 0 : draw_tess_refuse(msg,
               msg_size, "the geometry program's input primitive is not the patch list's");
    if (!d->hs || !d->ds)
        why = patches ? "a patch-list topology needs a hull and a domain program here (or, "
                        "without them, a geometry program taking patches, 11.8.1.1, or stream "
                        "output with the rasterizer off, 11.8.1.2)"
                      : "a hull program needs a domain program and a domain program a hull one";
    else if (!patches)
        why = "a hull and a domain program need a patch-list topology (11.8.1)";
    else if ((uint32_t)(d->topology - DRAW_PATCH_LIST_1 + 1) != d->hs->input_cp)
        why = "the patch size differs from the hull program's input control-point count";
    else if (!d->ds->vm || d->ds->type != IR_SHADER_DOMAIN || !d->hs_link)
        why = "the domain program or the hull linkage is missing";
    else if (!d->gs && d->ds->position_out < 0 && !(d->so && !d->so->rasterize))
        why = "the domain program does not write SV_Position";
    else if (d->gs && d->gs->gs_input != (d->hs->primitive == TESS_OUTPUT_POINT ? IR_GS_IN_POINT :
                                          d->hs->primitive == TESS_OUTPUT_LINE ? IR_GS_IN_LINE :
                                                                                 IR_GS_IN_TRIANGLE))
        why = "the geometry program's input primitive is not the tessellator's output "
              "(triangles, lines or points)";
    if (why && msg && msg_size)
        snprintf(msg, msg_size, "draw: %s", why);
    return why ? -1 : 0;
}

/* ---- preparation ------------------------------------------------------------------------- */

void draw_tess_destroy(struct draw_tess *t)
{
    if (!t)
        return;
    for (unsigned i = 0; i <= DRAW_HS_MAX_PHASES; i++)
        vm_state_destroy(t->state[i]);
    free(t->window);
    free(t->patch);
    free(t->icp);
    free(t->ocp);
    free(t->tess);
    free(t->ds_rec);
    free(t->map);
    free(t->map_stamp);
    free(t);
}

static bool state_for(struct vm_state **s, const struct vm_program *p)
{
    if (*s && vm_state_fits(*s, p))
        return true;
    vm_state_destroy(*s);
    *s = NULL;
    return vm_state_create(p, s) == VM_OK;
}

int draw_tess_prepare(struct draw_run *r)
{
    const struct draw_desc *d = r->d;
    const struct draw_program *vs = d->vs;
    const struct draw_hull *h = d->hs;
    if (!r->tess) {
        struct draw_tess *t = calloc(1, sizeof(*t));
        if (!t)
            return DRAW_E_NOMEM;
        r->tess = t;
        t->patch = malloc(sizeof(uint32_t) * TESS_CP * 4 * (1 + IR_MAX_OUTPUTS));
        t->window = malloc(sizeof(uint32_t) * DRAW_CHUNK * 4 * (1 + IR_MAX_OUTPUTS));
        t->icp = aligned_alloc(64, sizeof(vm_reg) * TESS_CP * IR_MAX_INPUTS);
        t->ocp = aligned_alloc(64, sizeof(vm_reg) * TESS_CP * TESS_REGS);
        t->tess = malloc(sizeof(*t->tess));
        t->ds_rec = malloc(sizeof(uint32_t) * TESS_MAX_POINTS * 4 * (1 + IR_MAX_OUTPUTS));
        t->map = malloc(sizeof(uint32_t) * TESS_MAX_POINTS);
        t->map_stamp = calloc(TESS_MAX_POINTS, sizeof(uint32_t));
        if (!t->patch || !t->window || !t->icp || !t->ocp || !t->tess || !t->ds_rec || !t->map ||
            !t->map_stamp)
            return DRAW_E_NOMEM;
    }
    struct draw_tess *t = r->tess;
    for (uint32_t i = 0; i < h->phase_count; i++)
        if (!state_for(&t->state[i], h->phase[i]->vm))
            return DRAW_E_NOMEM;
    if (!state_for(&t->state[DRAW_HS_MAX_PHASES], d->ds->vm))
        return DRAW_E_NOMEM;
    /* every VS output register rides in the records; hs_link picks the components */
    memset(&t->vs_link, 0, sizeof(t->vs_link));
    t->vs_link.attr_count = vs->output_count;
    for (uint32_t k = 0; k < vs->output_count && k < IR_MAX_OUTPUTS; k++)
        t->vs_link.attr_reg[k] = (uint8_t)k;
    t->vs_stride = 4 * (1 + vs->output_count);
    r->vs_link = &t->vs_link;
    r->vs_stride = t->vs_stride;
    r->topology = h->primitive == TESS_OUTPUT_POINT ? DRAW_POINT_LIST :
                  h->primitive == TESS_OUTPUT_LINE ? DRAW_LINE_LIST : DRAW_TRIANGLE_LIST;
    /* a geometry stage after the domain program takes its records as its input vertices */
    t->to_gs = d->gs || d->so;
    t->ds_stride = t->to_gs ? 4 * (1 + d->ds->output_count) : r->stride;
    r->gs_topology = r->topology;
    r->gs_src = d->ds;
    t->tess_valid = false;   /* another draw may bring another hull (configuration) */
    t->have = t->patch_id = 0;
    return DRAW_OK;
}

uint32_t *draw_tess_records(struct draw_run *r)
{
    return r->tess->window;
}

/* ---- one patch ------------------------------------------------------------------------------ */

/* The patch's control points as a program with `nin` inputs reads them (v[cp][reg] / vicp):
 * input register reg, component c, is hs_link's VS output component. */
static void fill_icp(struct draw_run *r, uint32_t nin)
{
    struct draw_tess *t = r->tess;
    const struct draw_gs_linkage *gl = r->d->hs_link;
    for (uint32_t cp = 0; cp < r->d->hs->input_cp; cp++) {
        const uint32_t *rec = &t->patch[(size_t)cp * t->vs_stride];
        for (uint32_t reg = 0; reg < nin && reg < IR_MAX_INPUTS; reg++)
            for (int c = 0; c < 4; c++) {
                uint32_t v = gl->src[reg][c].used ? rec[4 + 4 * gl->src[reg][c].reg +
                                                         gl->src[reg][c].comp] : 0;
                for (unsigned l = 0; l < VM_LANES; l++)
                    t->icp[(size_t)cp * nin + reg][c][l] = v;
            }
    }
}

static void phase_env(struct draw_run *r, struct vm_env *env, const struct vm_cbuffer *cb,
                      const struct texture_view *const *textures,
                      const struct sampler *const *samplers, struct vm_cs_env *cs)
{
    struct draw_tess *t = r->tess;
    memset(env, 0, sizeof(*env));
    env->cs = cs;   /* 11_1: UAVs in the hull and domain stages (NULL: none) */
    env->outputs = t->out;
    memcpy(env->cb, cb, sizeof(env->cb));
    env->sample = draw_stage_sample;
    env->sample_ctx = r;
    env->gs_inputs = t->icp;
    env->gs_primitive_id = &t->prim;
    env->tess_ocp = t->ocp;
    env->tess_ocp_stride = t->ocp_stride;
    env->tess_pc = t->pc;
    env->tess_pc_count = TESS_REGS;
    env->tess_id = &t->ids;
    r->stage_textures = textures;
    r->stage_samplers = samplers;
}

/* The hull program's phases for the collected patch. */
static void hull_run(struct draw_run *r)
{
    struct draw_tess *t = r->tess;
    const struct draw_hull *h = r->d->hs;
    struct vm_env env;
    bool cp_phase = h->phase_count && h->phase_kind[0] == IR_HS_CONTROL_POINT;
    for (unsigned l = 0; l < VM_LANES; l++) {
        t->ids[0][l] = l;
        t->prim[0][l] = t->patch_id;
    }
    memset(t->pc, 0, sizeof(t->pc));
    /* output control points: the control-point phase's, or the input ones (10.6) */
    t->ocp_stride = cp_phase ? h->phase[0]->output_count : IR_MAX_INPUTS;
    if (cp_phase) {
        fill_icp(r, h->phase[0]->input_count);
        phase_env(r, &env, r->d->hs_cb, r->d->hs_textures, r->d->hs_samplers,
                  h->phase[0]->mem ? r->d->hs_mem : NULL);
        vm_run(h->phase[0]->vm, t->state[0], &env,
               h->output_cp >= 32 ? VM_ALL_LANES : (1u << h->output_cp) - 1u);
        for (uint32_t cp = 0; cp < h->output_cp; cp++)
            for (uint32_t reg = 0; reg < t->ocp_stride; reg++)
                for (int c = 0; c < 4; c++)
                    for (unsigned l = 0; l < VM_LANES; l++)
                        t->ocp[(size_t)cp * t->ocp_stride + reg][c][l] = t->out[reg][c][cp];
    } else {
        fill_icp(r, IR_MAX_INPUTS);
        memcpy(t->ocp, t->icp, sizeof(vm_reg) * h->input_cp * IR_MAX_INPUTS);
    }
    for (uint32_t i = cp_phase ? 1 : 0; i < h->phase_count; i++) {
        const struct draw_program *p = h->phase[i];
        fill_icp(r, p->input_count);
        phase_env(r, &env, r->d->hs_cb, r->d->hs_textures, r->d->hs_samplers,
                  p->mem ? r->d->hs_mem : NULL);
        /* instances beyond one batch run in further batches, ids continuing */
        for (uint32_t first = 0; first < h->instances[i]; first += VM_LANES) {
            uint32_t n = h->instances[i] - first < VM_LANES ? h->instances[i] - first : VM_LANES;
            for (unsigned l = 0; l < VM_LANES; l++)
                t->ids[0][l] = first + l;
            vm_run(p->vm, t->state[i], &env, n >= 32 ? VM_ALL_LANES : (1u << n) - 1u);
            /* merge the instances' patch constants (see the top of the file) */
            for (uint32_t reg = 0; reg < p->output_count && reg < TESS_REGS; reg++)
                for (int c = 0; c < 4; c++) {
                    if (!((p->out_mask[reg] >> c) & 1))
                        continue;
                    uint32_t v = 0;
                    bool any = false;
                    for (unsigned l = 0; l < n; l++)
                        if (t->out[reg][c][l]) {
                            v = t->out[reg][c][l];
                            any = true;
                        }
                    if (any || first == 0)
                        for (unsigned l = 0; l < VM_LANES; l++)
                            t->pc[reg][c][l] = v;
                }
        }
    }
}

static float factor_at(const struct draw_tess *t, int where)
{
    return where < 0 ? 0.0f : draw_f(t->pc[where / 4][where % 4][0]);
}

/* The domain program over the tessellator's points: records into t->ds_rec. */
static void domain_run(struct draw_run *r)
{
    struct draw_tess *t = r->tess;
    const struct draw_desc *d = r->d;
    const struct draw_program *ds = d->ds;
    const struct draw_linkage *link = d->link;
    struct vm_env env;
    /* vicp: the output control points by register, stride the domain program's inputs */
    uint32_t nin = ds->input_count;
    for (uint32_t cp = 0; cp < d->hs->output_cp; cp++)
        for (uint32_t reg = 0; reg < nin; reg++) {
            if (reg < t->ocp_stride)
                memcpy(t->icp[(size_t)cp * nin + reg], t->ocp[(size_t)cp * t->ocp_stride + reg],
                       sizeof(vm_reg));
            else
                memset(t->icp[(size_t)cp * nin + reg], 0, sizeof(vm_reg));
        }
    phase_env(r, &env, d->ds_cb, d->ds_textures, d->ds_samplers, ds->mem ? d->ds_mem : NULL);
    env.tess_domain = &t->domain;
    env.tess_id = NULL;
    env.tess_ocp = NULL;
    unsigned pos = (unsigned)ds->position_out;
    const struct tess_output *o = t->tess;
    r->stats.ds_invocations += o->point_count;
    for (uint32_t j = 0; j < o->point_count; j += VM_LANES) {
        uint32_t n = o->point_count - j < VM_LANES ? o->point_count - j : VM_LANES;
        memset(t->domain, 0, sizeof(t->domain));
        for (uint32_t l = 0; l < n; l++) {
            t->domain[0][l] = draw_u(o->points[j + l].u);
            t->domain[1][l] = draw_u(o->points[j + l].v);
            t->domain[2][l] = draw_u(o->points[j + l].w);
        }
        vm_run(ds->vm, t->state[DRAW_HS_MAX_PHASES], &env,
               n >= 32 ? VM_ALL_LANES : (1u << n) - 1u);
        for (uint32_t l = 0; l < n; l++) {
            uint32_t *rec = &t->ds_rec[(size_t)(j + l) * t->ds_stride];
            for (int c = 0; c < 4; c++)
                rec[c] = ds->position_out >= 0 ? t->out[pos][c][l] : 0;
            if (t->to_gs) {   /* every output register, for the geometry linkage */
                for (uint32_t k = 0; k < ds->output_count; k++)
                    for (int c = 0; c < 4; c++)
                        rec[4 + 4 * k + c] = t->out[k][c][l];
                continue;
            }
            for (uint32_t k = 0; k < link->attr_count; k++)
                for (int c = 0; c < 4; c++)
                    rec[4 + 4 * k + c] = t->out[link->attr_reg[k]][c][l];
        }
    }
}

/* The tessellator's primitives through the assembler, windows of whole primitives. */
static void tess_assemble(struct draw_run *r)
{
    struct draw_tess *t = r->tess;
    const struct tess_output *o = t->tess;
    unsigned per = r->topology == DRAW_TRIANGLE_LIST ? 3 : r->topology == DRAW_LINE_LIST ? 2 : 1;
    uint32_t window = (DRAW_CHUNK / per) * per;
    uint32_t slots[DRAW_CHUNK];
    for (uint32_t i0 = 0; i0 < o->index_count; i0 += window) {
        uint32_t n = o->index_count - i0 < window ? o->index_count - i0 : window;
        draw_assemble_reset(r);
        draw_reserve(r, DRAW_CHUNK_VERTS, DRAW_CHUNK_PRIMS);
        size_t base = r->pool_count;
        uint32_t nrec = 0;
        if (++t->stamp == 0) {   /* the stamps wrapped: forget every mapping */
            memset(t->map_stamp, 0, sizeof(uint32_t) * TESS_MAX_POINTS);
            t->stamp = 1;
        }
        for (uint32_t k = 0; k < n; k++) {
            uint32_t p = o->indices[i0 + k];
            if (t->map_stamp[p] != t->stamp) {
                t->map_stamp[p] = t->stamp;
                t->map[p] = (uint32_t)(base + nrec);
                memcpy(&r->pool[(base + nrec) * r->stride], &t->ds_rec[(size_t)p * r->stride],
                       sizeof(uint32_t) * r->stride);
                nrec++;
            }
            slots[k] = t->map[p];
        }
        r->pool_count = base + nrec;
        draw_clip_prepare(r, base, nrec);
        for (uint32_t k = 0; k < n; k++)
            draw_assemble(r, slots[k]);
        draw_clip_prepare(r, 0, 0);
    }
}

/* The tessellator's primitives to the geometry stage (the top of the file): each index's
 * record as the next input vertex, a cut first so that no primitive spans two patches. */
static void tess_to_gs(struct draw_run *r)
{
    struct draw_tess *t = r->tess;
    const struct tess_output *o = t->tess;
    uint32_t *win = draw_gs_records(r);
    draw_gs_primitive_id(r, t->patch_id);
    draw_gs_input(r, DRAW_CUT);
    for (uint32_t k = 0; k < o->index_count; k++) {
        memcpy(win, &t->ds_rec[(size_t)o->indices[k] * t->ds_stride],
               sizeof(uint32_t) * t->ds_stride);
        draw_gs_input(r, 0);
    }
}

static void patch_run(struct draw_run *r)
{
    struct draw_tess *t = r->tess;
    const struct draw_hull *h = r->d->hs;
    /* draw.h draw_stats: a complete patch is one IA primitive and one hull invocation */
    r->stats.ia_primitives++;
    r->stats.hs_invocations++;
    hull_run(r);
    float edge[4], inside[2];
    for (int k = 0; k < 4; k++)
        edge[k] = factor_at(t, h->factor_edge[k]);
    inside[0] = factor_at(t, h->factor_inside[0]);
    inside[1] = factor_at(t, h->factor_inside[1]);
    struct tess_config cfg = { (enum tess_domain)h->domain,
                               (enum tess_partitioning)h->partitioning,
                               (enum tess_output_primitive)h->primitive };
    uint32_t key[6];
    memcpy(key, edge, sizeof(edge));
    memcpy(&key[4], inside, sizeof(inside));
    if (!t->tess_valid || memcmp(key, t->tess_key, sizeof(key))) {
        t->tess_result = tess_patch(&cfg, edge, inside, t->tess);
        memcpy(t->tess_key, key, sizeof(key));
        t->tess_valid = true;
    }
    if (t->tess_result != TESS_OK)
        return;   /* culled (11.7.12): no domain program, nothing drawn */
    domain_run(r);
    if (t->to_gs)
        tess_to_gs(r);
    else if (r->raster_on)
        tess_assemble(r);
}

/* ---- input assembly ---------------------------------------------------------------------- */

void draw_tess_begin(struct draw_run *r, uint32_t instance)
{
    if (r->tess->to_gs)
        draw_gs_begin(r, instance);
    r->tess->have = 0;
    r->tess->patch_id = 0;   /* SV_PrimitiveID counts the instance's patches from 0 */
}

void draw_tess_input(struct draw_run *r, uint32_t slot)
{
    struct draw_tess *t = r->tess;
    if (slot == DRAW_CUT) {
        t->have = 0;   /* an incomplete patch is discarded (11.3) */
        return;
    }
    memcpy(&t->patch[(size_t)t->have * t->vs_stride], &t->window[(size_t)slot * t->vs_stride],
           sizeof(uint32_t) * t->vs_stride);
    if (++t->have < r->d->hs->input_cp)
        return;
    patch_run(r);
    t->have = 0;
    t->patch_id++;
}

void draw_tess_end(struct draw_run *r)
{
    r->tess->have = 0;   /* the instance's last, incomplete patch is discarded */
    if (r->tess->to_gs)
        draw_gs_end(r);   /* the geometry stage's last batch */
}
