/* tests/jit_diff.h — running one IR program through the interpreter and the JIT side by side
 * (tests/test_jit.c, tests/fuzz/fuzz_jit.c): random batches of special values, random masks, a
 * sampling callback that hashes its request, and a bit-for-bit comparison of everything
 * observable.  Header-only (static functions), included by one file of each binary. */
#ifndef SOFTD3D_TESTS_JIT_DIFF_H
#define SOFTD3D_TESTS_JIT_DIFF_H

#include "vm/vm.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* ---- deterministic randomness ----------------------------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

/* A value where the float and integer rules are tested hardest. */
static uint32_t interesting(void)
{
    static const uint32_t special[] = {
        0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
        0x7f800001u, 0x00000001u, 0x807fffffu, 0x00400000u, 0x3f800000u, 0xbf800000u,
        0x3f000000u, 0x7f7fffffu, 0xff7fffffu, 0x00800000u, 0x4f000000u, 0xcf000000u,
        0x4f800000u, 0x3effffffu, 0x4b000000u, 0x4b7fffffu, 0xffffffffu, 0x7fffffffu,
        1, 2, 3, 4, 5, 7, 8, 31, 32, 33, 0xfffffffeu,
    };
    uint32_t k = rnd() % 8;
    if (k == 0)
        return special[rnd() % (sizeof(special) / sizeof(special[0]))];
    if (k == 1)
        return rnd();
    if (k == 2)
        return rnd() % 16;               /* indices, shift counts, small ints */
    float f = ((float)(int32_t)(rnd() % 2001) - 1000.0f) / 64.0f;
    if (k == 3)
        f *= 1e-3f;
    return fbits(f);
}

/* ---- one program, twice ------------------------------------------------------------------------ */

struct pair {
    struct vm_program *ref, *jit;
    struct vm_state *st_ref, *st_jit;
    uint8_t type;
};

static uint32_t cb_data[IR_MAX_CB_SLOTS][4 * 64];

static uint32_t mix(uint32_t h, uint32_t v)
{
    h ^= v;
    h *= 0x01000193u;
    return h ^ (h >> 15);
}

/* The answer is a hash of everything in the request that may matter, per lane. */
static void sample_hash(void *ctx, const struct vm_sample_request *req,
                        struct vm_sample_result *res)
{
    (void)ctx;
    for (unsigned l = 0; l < VM_LANES; l++) {
        if (!((req->mask >> l) & 1))
            continue;
        uint32_t h = mix(0x811c9dc5u, req->op);
        h = mix(h, req->kind);
        h = mix(h, req->resource);
        h = mix(h, req->sampler);
        h = mix(h, req->gather_channel);
        h = mix(h, (uint32_t)(uint8_t)req->texel_offset[0] | (uint32_t)(uint8_t)req->texel_offset[1] << 8);
        for (unsigned c = 0; c < 4; c++) {
            h = mix(h, (uint32_t)req->address.i[c][l]);
            h = mix(h, fbits(req->ddx[c][l]));
            h = mix(h, fbits(req->ddy[c][l]));
        }
        h = mix(h, fbits(req->lod[l]));
        h = mix(h, req->lod_u[l]);
        h = mix(h, fbits(req->bias[l]));
        h = mix(h, fbits(req->ref[l]));
        h = mix(h, fbits(req->clamp[l]));
        h = mix(h, (uint32_t)req->offset[0][l]);
        h = mix(h, (uint32_t)req->offset[1][l]);
        h = mix(h, (uint32_t)req->sample_index[l]);
        for (unsigned c = 0; c < 4; c++) {
            h = mix(h, c);
            /* a float in [0.5, 2) (so _sat and later arithmetic see ordinary values) */
            res->value[c][l] = (h & 0x00800000u ? 0x3f800000u : 0x3f000000u) | (h & 0x7fffffu);
            if ((h >> 24) == 0x7f)
                res->value[c][l] = VM_QNAN;
        }
        res->status[l] = h & 1;
    }
}

static bool pair_create(struct pair *p, const struct ir_program *ir, bool *compiled)
{
    memset(p, 0, sizeof(*p));
    p->type = ir->type;
    if (vm_program_create(ir, &p->ref) || vm_program_create(ir, &p->jit) ||
        vm_state_create(p->ref, &p->st_ref) || vm_state_create(p->jit, &p->st_jit))
        return false;
    vm_program_jit_disable(p->ref);
    *compiled = vm_program_jit_now(p->jit);
    return true;
}

static void pair_free(struct pair *p)
{
    vm_state_destroy(p->st_ref);
    vm_state_destroy(p->st_jit);
    vm_program_destroy(p->ref);
    vm_program_destroy(p->jit);
}

static vm_reg in_regs[IR_MAX_INPUTS], out_ref[IR_MAX_OUTPUTS], out_jit[IR_MAX_OUTPUTS];
/* the geometry and tessellation register files (vm.h vm_env): v[vertex][reg] / vicp, vocp,
 * vpc, vDomain, the phase ids and vPrim -- random too, so that hull, domain and geometry
 * programs read values through every one of them */
static vm_reg stage_cp[IR_MAX_CONTROL_POINTS * IR_MAX_INPUTS];
static vm_reg stage_ocp[IR_MAX_CONTROL_POINTS * IR_MAX_OUTPUTS];
static vm_reg stage_pc[IR_MAX_OUTPUTS], stage_domain, stage_id, stage_prim;

static void fill_random(vm_reg *r, size_t count)
{
    for (size_t k = 0; k < count; k++)
        for (unsigned c = 0; c < 4; c++)
            for (unsigned l = 0; l < VM_LANES; l++)
                r[k][c][l] = interesting();
}

/* Runs both on `runs` random batches; returns false on the first difference, with a message
 * in why[size]. */
static bool pair_compare(struct pair *p, const char *name, unsigned runs, char *why, size_t size)
{
    for (unsigned run = 0; run < runs; run++) {
        fill_random(in_regs, IR_MAX_INPUTS);
        fill_random(stage_cp, IR_MAX_CONTROL_POINTS * IR_MAX_INPUTS);
        fill_random(stage_ocp, IR_MAX_CONTROL_POINTS * IR_MAX_OUTPUTS);
        fill_random(stage_pc, IR_MAX_OUTPUTS);
        fill_random(&stage_domain, 1);
        fill_random(&stage_id, 1);
        fill_random(&stage_prim, 1);
        /* the draw's vocp stride and vpc count, sometimes short of what the program reads
         * (those registers read 0 in both engines) */
        uint32_t ocp_stride = run % 4 == 3 ? rnd() % 3 : IR_MAX_OUTPUTS;
        uint32_t pc_count = run % 4 == 3 ? rnd() % 4 : IR_MAX_OUTPUTS;
        /* d3dbc integer / bool constants as the API gives them: small ints, masks */
        for (unsigned s = 0; s < IR_MAX_CB_SLOTS; s++)
            for (unsigned i = 0; i < 4 * 64; i++)
                cb_data[s][i] = s == IR_D3D9_CB_BOOL ? (rnd() & 1 ? 0xffffffffu : 0)
                              : s == IR_D3D9_CB_INT ? rnd() % 8 : interesting();
        uint32_t mask = VM_ALL_LANES;
        if (run % 3 == 1) {
            mask = rnd();
            if (p->type == IR_SHADER_PIXEL) {
                uint32_t q = 0;
                for (unsigned k = 0; k < 8; k++)
                    if ((mask >> k) & 1)
                        q |= 0xfu << (4 * k);
                mask = q;
            }
        } else if (run % 3 == 2) {
            mask = run & 4 ? 0xffffu : 0xfffffff0u;
        }
        struct vm_env e[2];
        vm_reg *outs[2] = {out_ref, out_jit};
        uint32_t alive[2];
        for (int k = 0; k < 2; k++) {
            memset(&e[k], 0, sizeof(e[k]));
            memset(outs[k], 0x5a, sizeof(out_ref));
            e[k].inputs = (const vm_reg *)in_regs;
            e[k].outputs = outs[k];
            for (unsigned s = 0; s < IR_MAX_CB_SLOTS; s++)
                e[k].cb[s] = (struct vm_cbuffer){cb_data[s], 64};
            for (unsigned l = 0; l < VM_LANES; l++)
                e[k].input_coverage[l] = in_regs[0][0][l];
            e[k].sample = sample_hash;
            e[k].max_iterations = 4096;
            e[k].gs_inputs = stage_cp;
            e[k].gs_primitive_id = &stage_prim;
            e[k].tess_ocp = stage_ocp;
            e[k].tess_ocp_stride = ocp_stride;
            e[k].tess_pc = stage_pc;
            e[k].tess_pc_count = pc_count;
            e[k].tess_domain = &stage_domain;
            e[k].tess_id = &stage_id;
            alive[k] = vm_run(k ? p->jit : p->ref, k ? p->st_jit : p->st_ref, &e[k], mask);
        }
        unsigned outputs = vm_program_output_count(p->ref);
        bool same = alive[0] == alive[1] && e[0].discarded == e[1].discarded &&
                    e[0].aborted == e[1].aborted &&
                    !memcmp(out_ref, out_jit, outputs * sizeof(vm_reg)) &&
                    !memcmp(e[0].depth, e[1].depth, sizeof(e[0].depth)) &&
                    !memcmp(e[0].coverage, e[1].coverage, sizeof(e[0].coverage));
        if (!same) {
            char where[160] = "";
            for (unsigned r = 0; r < outputs && !where[0]; r++)
                for (unsigned c = 0; c < 4 && !where[0]; c++)
                    for (unsigned l = 0; l < VM_LANES; l++)
                        if (out_ref[r][c][l] != out_jit[r][c][l]) {
                            snprintf(where, sizeof(where),
                                     "o%u.%c lane %u: interpreter 0x%08x, jit 0x%08x", r,
                                     "xyzw"[c], l, out_ref[r][c][l], out_jit[r][c][l]);
                            break;
                        }
            snprintf(why, size,
                     "%s: run %u (mask 0x%08x): alive 0x%08x / 0x%08x, discarded 0x%08x / "
                     "0x%08x %s", name, run, mask, alive[0], alive[1], e[0].discarded,
                     e[1].discarded, where);
            return false;
        }
    }
    return true;
}

#endif
