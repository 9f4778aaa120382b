/* src/hlsl/gen_cs.c — compute programs (cs_4_0, cs_4_1, cs_5_0): the thread-id parameters,
 * [numthreads(x, y, z)] and the barrier intrinsics.
 *
 * The rules:
 *   - "numthreads": cs_4_x: Z at most 1 and X*Y*Z at most 768; cs_5_0: Z at most 64 and X*Y*Z
 *     at most 1024; "dcl_thread_group": 1 <= x, y <= 1024, 1 <= z <= 64 (cs_4_x: x, y <= 768);
 *     the attribute is required;
 *   - the entry point returns void and its parameters are system values ("Semantics"):
 *     SV_DispatchThreadID, SV_GroupID, SV_GroupThreadID (uint3 or fewer components) and
 *     SV_GroupIndex (a uint), read from vThreadID, vThreadGroupID, vThreadIDInGroup and
 *     vThreadIDInGroupFlattened;
 *   - GroupMemoryBarrier(WithGroupSync), DeviceMemoryBarrier(WithGroupSync),
 *     AllMemoryBarrier(WithGroupSync) are sync with the flags their reference pages give:
 *     shared memory (_g), UAV memory (_uglobal), and _t for WithGroupSync (compute only).
 */
#include "hlsl/gen.h"

#include <string.h>
#include <strings.h>

static const char *const thread_semantics[4] = {
    [CS_THREAD_ID] = "SV_DispatchThreadID", [CS_GROUP_ID] = "SV_GroupID",
    [CS_GROUP_THREAD_ID] = "SV_GroupThreadID", [CS_GROUP_INDEX] = "SV_GroupIndex",
};

void gen_cs_param(struct gen *g, struct var_decl *pd)
{
    struct hc *c = g->c;
    unsigned k = 0;
    while (k < 4 && !(pd->semantic && !strcasecmp(pd->semantic, thread_semantics[k])))
        k++;
    if (k == 4)
        hc_error(c, pd->semantic ? &pd->sem_loc : &pd->loc, 4502, "invalid compute shader input "
                 "semantic '%s' (SV_DispatchThreadID, SV_GroupID, SV_GroupThreadID, "
                 "SV_GroupIndex)", pd->semantic ? pd->semantic : "");
    struct type *t = pd->type;
    unsigned most = k == CS_GROUP_INDEX ? 1 : 3;
    if ((t->cls != TC_SCALAR && t->cls != TC_VECTOR) || t->cols > most ||
        (t->base != BT_UINT && t->base != BT_INT))
        hc_error(c, &pd->loc, 4502, "%s must be a uint%s", thread_semantics[k],
                 most > 1 ? " vector of 1 to 3 components" : "");
    if (pd->storage & SC_OUT)
        hc_error(c, &pd->loc, 4502, "'%s': a compute shader has no outputs", pd->name);
    if (g->cs_inputs >> k & 1)
        hc_error(c, &pd->loc, 4502, "semantic '%s' is used twice", thread_semantics[k]);
    g->cs_inputs |= 1u << k;
    g->cs_masks[k] = (uint8_t)((1u << t->cols) - 1);
    struct place p = gen_new_place(g, t);
    struct val v = {0};
    v.type = t;
    v.is_place = true;
    v.pl = p;
    gen_push_sym(g, pd->name, pd, v);
    struct linst in = {0};
    in.op = L_MOV;
    in.ndst = in.nsrc = 1;
    in.dtype = BT_UINT;
    in.dst[0] = lop_temp(p.base, t->cols);
    in.src[0].file = LF_THREAD;
    in.src[0].index = k;
    in.src[0].rel = -1;
    for (unsigned q = 0; q < 4; q++)
        in.src[0].swz[q] = (uint8_t)q;
    lir_emit(g, &in);
}

void gen_cs_check(struct gen *g)
{
    struct hc *c = g->c;
    const struct func_decl *f = g->entry;
    const unsigned *n = f->numthreads;
    if (!f->numthreads_loc.line)
        hc_error(c, &f->loc, 3000, "'%s': a compute shader needs [numthreads(x, y, z)]", f->name);
    bool sm5 = c->sm >= 50;
    unsigned max_xy = sm5 ? 1024 : 768, max_z = sm5 ? 64 : 1, max_all = sm5 ? 1024 : 768;
    if (!n[0] || !n[1] || !n[2] || n[0] > max_xy || n[1] > max_xy || n[2] > max_z ||
        (unsigned long long)n[0] * n[1] * n[2] > max_all)
        hc_error(c, &f->numthreads_loc, 3000, "numthreads(%u, %u, %u): %s takes X and Y of 1 "
                 "to %u, Z of 1 to %u and at most %u threads a group", n[0], n[1], n[2],
                 c->args->target, max_xy, max_z, max_all);
}

struct val gen_cs_barrier(struct gen *g, const char *name, unsigned n, const struct loc_src *at,
                          bool *found)
{
    struct hc *c = g->c;
    static const struct { const char *name; unsigned flags; } barriers[] = {
        {"GroupMemoryBarrier", SYNC_G}, {"GroupMemoryBarrierWithGroupSync", SYNC_G | SYNC_T},
        {"DeviceMemoryBarrier", SYNC_UGLOBAL},
        {"DeviceMemoryBarrierWithGroupSync", SYNC_UGLOBAL | SYNC_T},
        {"AllMemoryBarrier", SYNC_UGLOBAL | SYNC_G},
        {"AllMemoryBarrierWithGroupSync", SYNC_UGLOBAL | SYNC_G | SYNC_T},
    };
    *found = false;
    unsigned k = 0;
    while (k < 6 && strcmp(name, barriers[k].name))
        k++;
    if (k == 6)
        return gen_vnum(type_void(c), lop_imm_u(0));
    *found = true;
    if (n)
        hc_error(c, at, 3013, "%s takes no arguments", name);
    unsigned fl = barriers[k].flags;
    /* the group's threads and shared memory exist only in compute programs; a pixel
     * shader of 5_0 may order its UAV accesses ("DeviceMemoryBarrier": ps_5_0, cs) */
    if (!c->cs && ((fl & (SYNC_T | SYNC_G)) || !c->ps || c->sm < 50))
        hc_error(c, at, 4532, "%s is not available on %s", name, c->args->target);
    struct linst in = {0};
    in.op = L_SYNC;
    in.sync = (uint8_t)fl;
    lir_emit(g, &in);
    c->mem5 = true;
    return gen_vnum(type_void(c), lop_imm_u(0));
}
