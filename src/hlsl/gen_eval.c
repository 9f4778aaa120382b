/* src/hlsl/gen_eval.c — the pull-model attribute intrinsics of ps_5_0 (issue 11):
 * EvaluateAttributeSnapped(attr, int2 offset), EvaluateAttributeAtSample(attr, uint index) and
 * EvaluateAttributeCentroid(attr) (their HLSL reference pages: "numeric ...(in attrib numeric
 * value, ...)", shader model 5, pixel shaders only), written as eval_snapped,
 * eval_sample_index and eval_centroid (D3D11.3 functional spec 16.5, 22.4.23-25).
 *
 * The instructions re-interpolate an input register, so their first operand must be the v#
 * itself (the decoder refuses anything else, src/shader/ir_eval.c), not a temp holding a copy
 * of it.  The generator copies every input into the parameter's temps at the entry point's
 * start (gen_entry.c) and reads the temps; copy propagation (lir.c) then replaces a read of a
 * temp that is only ever that copy by the v# itself.  So the call is emitted on whatever
 * operand the argument gives, and gen_eval_check, run right after that propagation, accepts
 * it when the operand has become a v# read: an input parameter or struct member (or a local
 * or function parameter holding nothing but such a copy), swizzled at most.  An input written
 * anywhere in the program, an expression (`a * 2`, `-a`), a constant or a uniform stay
 * something else and are refused, as is SV_Position (16.5: it is not an attribute).
 */
#include "hlsl/gen.h"

#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    enum lop_code op;
    unsigned nargs;
} evals[] = {
    {"EvaluateAttributeSnapped", L_EVAL_SNAPPED, 2},
    {"EvaluateAttributeAtSample", L_EVAL_SAMPLE_INDEX, 2},
    {"EvaluateAttributeCentroid", L_EVAL_CENTROID, 1},
};

static const char *eval_name(enum lop_code op)
{
    for (size_t i = 0; i < sizeof(evals) / sizeof(evals[0]); i++)
        if (evals[i].op == op)
            return evals[i].name;
    return "?";
}

struct val gen_eval(struct gen *g, struct expr *e, bool *found)
{
    struct hc *c = g->c;
    const struct loc_src *at = &e->loc;
    size_t k = 0;
    while (k < sizeof(evals) / sizeof(evals[0]) && strcmp(e->name, evals[k].name))
        k++;
    *found = k < sizeof(evals) / sizeof(evals[0]);
    struct val r = {0};
    if (!*found)
        return r;
    const char *name = evals[k].name;
    if (e->nargs != evals[k].nargs)
        hc_error(c, at, 3013, "'%s': no matching %u parameter intrinsic function", name,
                 e->nargs);
    /* the reference pages' tables: pixel shaders, shader model 5 and later */
    if (!c->ps)
        hc_error(c, at, 4532, "%s is only for pixel shaders", name);
    if (c->sm < 50 || hc_sm2(c))
        hc_error(c, at, 4532, "%s needs shader model 5.0 (not %s)", name, c->args->target);
    struct val a = gen_expr(g, e->args[0]);
    if (!type_is_numeric(a.type) || a.type->cls == TC_MATRIX)
        hc_error(c, at, 3013, "'%s': the attribute must be a scalar or vector input, not '%s'",
                 name, type_name(c, a.type));
    struct lop attr = gen_operand(g, a);
    unsigned cols = a.type->cols;
    struct linst in = {0};
    in.op = (uint16_t)evals[k].op;
    in.ndst = 1;
    in.nsrc = (uint8_t)evals[k].nargs;
    uint32_t t = lir_temp(g, 1);
    /* the result has the attribute's type (its bits, for integer inputs: constant
     * interpolation, returned unchanged) */
    g->tbase[t] = (uint8_t)a.type->base;
    in.dst[0] = lop_temp(t, cols);
    in.src[0] = attr;
    /* the positions past the attribute's width repeat its last component */
    for (unsigned q = cols; q < 4; q++)
        in.src[0].swz[q] = attr.swz[cols - 1];
    if (evals[k].op == L_EVAL_SNAPPED) {
        struct val o = gen_expr(g, e->args[1]);
        in.src[1] = gen_arg_as(g, o, BT_INT, 2, &e->args[1]->loc);
    } else if (evals[k].op == L_EVAL_SAMPLE_INDEX) {
        struct val o = gen_expr(g, e->args[1]);
        in.src[1] = gen_arg_as(g, o, BT_UINT, 1, &e->args[1]->loc);
    }
    /* an offset or index known at compile time is written as the literal (l(-8, 7, 0, 0)):
     * lir_emit folds known sources of component-wise instructions only */
    uint32_t known[4] = {0, 0, 0, 0};
    if (in.nsrc == 2 && lir_known(g, &in.src[1], evals[k].op == L_EVAL_SNAPPED ? 2 : 1, known)) {
        if (evals[k].op != L_EVAL_SNAPPED)
            known[1] = known[0];
        known[2] = known[3] = 0;
        in.src[1] = lop_imm4(known);
    }
    struct loc_src saved = g->cur_loc;
    g->cur_loc = *at;
    lir_emit(g, &in);
    g->cur_loc = saved;
    return gen_vnum(a.type, lop_temp(t, cols));
}

/* A copy made inside flow (a function's parameter when the call is under an if or in a loop:
 * gen_call_frame's mov), which copy_propagate leaves alone since its definition need not run
 * before every reader.  For an eval it is enough that the temp is written once, by a plain
 * mov before the eval: the temp then never holds anything but that copy of the v# (or, on a
 * path that skips the mov, an uninitialized value, which the v# may stand for).  Follows such
 * copies back to a v# and rewrites the operand; false when they do not end at one. */
static bool resolve_copy(struct gen *g, size_t at, struct lop *o, const uint32_t *ndefs,
                         const size_t *def)
{
    for (unsigned steps = 0; steps < 64; steps++) {
        if (o->file == LF_INPUT)
            return true;
        if (o->file != LF_TEMP || o->rel >= 0 || o->neg || o->abs || ndefs[o->index] != 1 ||
            def[o->index] >= at)
            return false;
        const struct linst *dm = &g->ins[def[o->index]];
        const struct lop *src = &dm->src[0];
        if (dm->op != L_MOV || dm->sat || dm->ndst != 1 || src->neg || src->abs ||
            (src->file != LF_TEMP && src->file != LF_INPUT))
            return false;
        for (unsigned c = 0; c < 4; c++)
            if (!(dm->dst[0].mask >> o->swz[c] & 1))
                return false;
        struct lop r = *src;
        for (unsigned c = 0; c < 4; c++)
            r.swz[c] = src->swz[o->swz[c]];
        r.mask = 0;
        *o = r;
        at = (size_t)(dm - g->ins);   /* what the mov read was defined before it */
    }
    return false;
}

void gen_eval_check(struct gen *g)
{
    struct hc *c = g->c;
    uint32_t *ndefs = NULL;
    size_t *def = NULL;
    for (size_t i = 0; i < g->nins; i++) {
        struct linst *in = &g->ins[i];
        if (lop_infos[in->op].shape != LS_EVAL)
            continue;
        struct lop *o = &in->src[0];
        const char *name = eval_name((enum lop_code)in->op);
        if (o->file == LF_TEMP && !ndefs) {
            uint32_t n = g->ntemps ? g->ntemps : 1;
            ndefs = calloc(n, sizeof(*ndefs));
            def = calloc(n, sizeof(*def));
            if (!ndefs || !def) {
                free(ndefs);
                free(def);
                hc_nomem(c);
            }
            for (size_t j = 0; j < g->nins; j++)
                for (unsigned d = 0; d < g->ins[j].ndst; d++)
                    if (g->ins[j].dst[d].file == LF_TEMP) {
                        ndefs[g->ins[j].dst[d].index]++;
                        def[g->ins[j].dst[d].index] = j;
                    }
        }
        /* the operand's components beyond the destination repeat one it reads */
        struct lop want = *o;
        unsigned last = 0;
        for (unsigned q = 0; q < 4; q++)
            if (in->dst[0].mask >> q & 1)
                last = q;
        for (unsigned q = 0; q < 4; q++)
            if (!(in->dst[0].mask >> q & 1))
                want.swz[q] = o->swz[last];
        bool ok = o->file == LF_INPUT ||
                  (o->file == LF_TEMP && resolve_copy(g, i, &want, ndefs, def));
        if (ok && o->file == LF_TEMP)
            *o = want;
        if (!ok || o->neg || o->abs) {
            free(ndefs);
            free(def);
            hc_error(c, &in->loc, 3000, "'%s': the attribute must be read directly from a "
                     "pixel shader input (an entry point parameter or member, swizzled at "
                     "most, and never written)", name);
        }
        for (unsigned k = 0; k < g->nin; k++)
            if (g->in[k].reg == o->index && g->in[k].sysval == SV_POS) {
                free(ndefs);
                free(def);
                hc_error(c, &in->loc, 3000, "'%s': SV_Position cannot be evaluated (it is not "
                         "an interpolated attribute)", name);
            }
    }
    free(ndefs);
    free(def);
}
