/* src/hlsl/gen.c — statements, function inlining, loops, the entry point and its signatures.
 *
 * Every call is inlined into the entry point (SM4 has call/label, but inlining lets constants
 * fold across calls, and fxc does the same): the parameters become fresh variables, `out` and
 * `inout` ones are copied back, and a function whose `return` is not its last statement runs
 * inside `loop ... break; endloop`, its returns becoming `break`.
 *
 * Loops are unrolled when asked ([unroll]), and otherwise when they are small and their trip
 * count is known (the test folds to a constant in every iteration); an unroll that finds a
 * test it cannot fold, or a break under a run-time condition, is undone (the instruction list
 * and the constant knowledge are restored) and the loop is emitted as loop/endloop.  Before a
 * real loop is emitted its body is generated once "dry" to learn which variables it writes:
 * those are not constants at the loop's head.
 *
 * The entry point's signatures, the globals and the driver are in gen_entry.c.
 */
#include "hlsl/gen.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_INLINE 32
#define MAX_UNROLL 1024
#define AUTO_UNROLL_INSTRUCTIONS 2048

static struct val gen_call_frame(struct gen *g, struct func_decl *f, struct expr *e,
                                 struct val *args);

/* ---- symbols ------------------------------------------------------------------------------- */

struct sym *gen_lookup(struct gen *g, const char *name)
{
    for (struct sym *s = g->syms; s; s = s->next)
        if (!strcmp(s->name, name))
            return s;
    for (struct sym *s = g->globals; s; s = s->next)
        if (!strcmp(s->name, name))
            return s;
    return NULL;
}

void gen_push_sym(struct gen *g, const char *name, struct var_decl *var, struct val v)
{
    struct sym *s = hc_alloc(g->c, sizeof(*s));
    s->name = name;
    s->var = var;
    s->v = v;
    s->depth = g->scope_depth;
    s->next = g->syms;
    g->syms = s;
}

/* ---- snapshots (unrolling and dry runs) -------------------------------------------------- */

struct snapshot {
    size_t nins, nwlog;
    uint32_t ntemps;
    uint8_t *known;
    uint32_t *kval;
    struct sym *syms;
    unsigned scope_depth, flow_depth, loop_depth;
    struct loop_ctx *loop;
    bool uses_discard;
    unsigned nx;                  /* indexable temps: an undone attempt's are not declared */
    unsigned flat_depth;
    bool has_pred;
    struct lop pred;
    /* the returned flags of the frames (gen_return_flat), which a dry run may set */
    struct { struct func_frame *f; bool flagged; uint32_t temp; } frames[MAX_INLINE + 2];
    unsigned nframes;
};

static void snap(struct gen *g, struct snapshot *s)
{
    s->nins = g->nins;
    s->nwlog = g->nwlog;
    s->ntemps = g->ntemps;
    s->known = hc_alloc(g->c, g->ntemps + 1);
    s->kval = hc_alloc(g->c, (g->ntemps + 1) * 4 * sizeof(uint32_t));
    memcpy(s->known, g->known, g->ntemps);
    memcpy(s->kval, g->kval, g->ntemps * 4 * sizeof(uint32_t));
    s->syms = g->syms;
    s->scope_depth = g->scope_depth;
    s->flow_depth = g->flow_depth;
    s->loop_depth = g->loop_depth;
    s->loop = g->loop;
    s->uses_discard = g->uses_discard;
    s->nx = g->nx;
    s->flat_depth = g->flat_depth;
    s->has_pred = g->has_pred;
    s->pred = g->pred;
    s->nframes = 0;
    for (struct func_frame *f = g->frame; f && s->nframes < MAX_INLINE + 2; f = f->up) {
        s->frames[s->nframes].f = f;
        s->frames[s->nframes].flagged = f->flagged;
        s->frames[s->nframes].temp = f->flag_temp;
        s->nframes++;
    }
}

static void restore(struct gen *g, const struct snapshot *s)
{
    g->nins = s->nins;
    g->nwlog = s->nwlog;
    g->ntemps = s->ntemps;
    memcpy(g->known, s->known, s->ntemps);
    memcpy(g->kval, s->kval, s->ntemps * 4 * sizeof(uint32_t));
    g->syms = s->syms;
    g->scope_depth = s->scope_depth;
    g->flow_depth = s->flow_depth;
    g->loop_depth = s->loop_depth;
    g->loop = s->loop;
    g->uses_discard = s->uses_discard;
    g->nx = s->nx;
    g->flat_depth = s->flat_depth;
    g->has_pred = s->has_pred;
    g->pred = s->pred;
    for (unsigned i = 0; i < s->nframes; i++) {
        s->frames[i].f->flagged = s->frames[i].flagged;
        s->frames[i].f->flag_temp = s->frames[i].temp;
    }
}

static _Noreturn void unroll_fail(struct gen *g)
{
    longjmp(g->unroll->jb, 1);
}

/* ---- statements --------------------------------------------------------------------------- */

static enum flow gen_block(struct gen *g, struct stmt **list, unsigned n)
{
    struct sym *saved = g->syms;
    g->scope_depth++;
    enum flow f = FL_NORMAL;
    for (unsigned i = 0; i < n && f == FL_NORMAL; i++)
        f = gen_stmt(g, list[i]);
    g->scope_depth--;
    g->syms = saved;
    return f;
}

static void gen_decl(struct gen *g, struct var_decl *v)
{
    struct hc *c = g->c;
    /* group-shared memory is the group's, declared at global scope ("Variable Syntax") */
    if (v->storage & SC_GROUPSHARED)
        hc_error(c, &v->loc, 3000, "'%s': groupshared variables must be global", v->name);
    if (v->type->cls == TC_TEXTURE || v->type->cls == TC_SAMPLER || v->type->cls == TC_STREAM) {
        /* a local resource variable: an alias of its initializer */
        if (!v->init)
            hc_error(c, &v->loc, 3000, "a local %s must be initialized", type_name(c, v->type));
        struct val r = gen_expr(g, v->init);
        if (!type_equal(r.type, v->type))
            hc_error(c, &v->loc, 3017, "cannot convert from '%s' to '%s'", type_name(c, r.type),
                     type_name(c, v->type));
        gen_push_sym(g, v->name, v, r);
        return;
    }
    if (v->type->cls == TC_STRING)
        hc_error(c, &v->loc, 3000, "string variables are not supported");
    struct place p = gen_new_place(g, v->type);
    if (v->init) {
        struct val x = gen_init(g, v->init, v->type);
        gen_copy(g, p, x, &v->loc);
    }
    struct val pv = {0};
    pv.type = v->type;
    pv.is_place = true;
    pv.pl = p;
    gen_push_sym(g, v->name, v, pv);
}

/* A scalar condition as a bool operand; *k set when it is a constant (then *kv). */
static struct lop condition(struct gen *g, struct expr *e, bool *k, bool *kv)
{
    struct val v = gen_bool(g, gen_expr(g, e), &e->loc);
    if (v.type->cols != 1) {
        if (!g->dry)
            hc_warning(g->c, &e->loc, 3206, "implicit truncation of vector type");
    }
    struct lop o = gen_operand(g, v);
    for (unsigned i = 1; i < 4; i++)
        o.swz[i] = o.swz[0];
    uint32_t val;
    *k = lir_known(g, &o, 1, &val);
    *kv = *k && val != 0;
    return o;
}


static struct lop and2(struct gen *g, struct lop a, struct lop b)
{
    return gen_alu(g, L_AND, 1, &a, &b, NULL);
}

static struct lop bcast(struct lop o)
{
    for (unsigned i = 1; i < 4; i++)
        o.swz[i] = o.swz[0];
    return o;
}

void gen_discard(struct gen *g, struct lop cond)
{
    /* lanes that returned early (under a flattened if) are past every later discard */
    for (struct func_frame *f = g->frame; f; f = f->up)
        if (f->flagged) {
            struct lop fl = lop_temp(f->flag_temp, 1);
            struct lop alive = bcast(gen_alu(g, L_NOT, 1, &fl, NULL, NULL));
            cond = bcast(and2(g, bcast(cond), alive));
        }
    if (g->has_pred) {
        struct linst in = {0};
        uint32_t t = lir_temp(g, 1);
        in.op = L_AND;
        in.ndst = 1;
        in.nsrc = 2;
        in.dst[0] = lop_temp(t, 1);
        in.src[0] = cond;
        in.src[1] = g->pred;
        lir_emit(g, &in);
        cond = lop_temp(t, 1);
    }
    for (unsigned i = 1; i < 4; i++)
        cond.swz[i] = cond.swz[0];
    lir_flow(g, L_DISCARD_NZ, &cond);
    g->uses_discard = true;
}

static void mov_full(struct gen *g, uint32_t dst, struct lop src)
{
    struct linst in = {0};
    in.op = L_MOV;
    in.ndst = in.nsrc = 1;
    in.dst[0] = lop_temp(dst, 4);
    in.src[0] = src;
    lir_emit(g, &in);
}

/* A flattened if (level 9 has no flow control; [flatten] asks for it): both sides run, the
 * variables they write are saved, run through each side and merged with movc; discards inside
 * are predicated by the side's condition. */
static enum flow gen_if_flat(struct gen *g, struct stmt *s, struct lop cond)
{
    /* which existing temps the two sides write: a dry run of both, undone */
    struct snapshot sn;
    snap(g, &sn);
    bool dry = g->dry;
    g->dry = true;
    g->flat_depth++;
    gen_stmt(g, s->body);
    gen_stmt(g, s->other);
    g->flat_depth--;
    g->dry = dry;
    size_t nw = g->nwlog - sn.nwlog;
    uint32_t *w = hc_alloc(g->c, (nw + 1) * sizeof(*w));
    size_t n = 0;
    for (size_t i = 0; i < nw; i++) {
        uint32_t t = g->wlog[sn.nwlog + i];
        bool dup = t >= sn.ntemps;
        for (size_t k = 0; k < n && !dup; k++)
            dup = w[k] == t;
        if (!dup)
            w[n++] = t;
    }
    restore(g, &sn);
    uint32_t saved = lir_temp(g, (unsigned)(n ? n : 1)), taken = lir_temp(g, (unsigned)(n ? n : 1));
    for (size_t k = 0; k < n; k++) {
        g->tbase[saved + k] = g->tbase[taken + k] = g->tbase[w[k]];
        mov_full(g, saved + (uint32_t)k, lop_temp(w[k], 4));
    }
    bool had = g->has_pred;
    struct lop outer = g->pred;
    struct lop notc = gen_alu(g, L_NOT, 1, &cond, NULL, NULL);
    for (unsigned i = 1; i < 4; i++)
        notc.swz[i] = notc.swz[0];
    struct lop pthen = cond, pelse = notc;
    if (had) {
        pthen = gen_alu(g, L_AND, 1, &cond, &outer, NULL);
        pelse = gen_alu(g, L_AND, 1, &notc, &outer, NULL);
    }
    g->flat_depth++;
    g->has_pred = true;
    g->pred = pthen;
    gen_stmt(g, s->body);
    for (size_t k = 0; k < n; k++) {
        mov_full(g, taken + (uint32_t)k, lop_temp(w[k], 4));
        mov_full(g, w[k], lop_temp(saved + (uint32_t)k, 4));
    }
    g->pred = pelse;
    gen_stmt(g, s->other);
    g->flat_depth--;
    g->has_pred = had;
    g->pred = outer;
    for (size_t k = 0; k < n; k++) {
        struct lop c4 = cond, t4 = lop_temp(taken + (uint32_t)k, 4), e4 = lop_temp(w[k], 4);
        for (unsigned i = 1; i < 4; i++)
            c4.swz[i] = c4.swz[0];
        struct linst in = {0};
        in.op = L_MOVC;
        in.ndst = 1;
        in.nsrc = 3;
        in.dtype = g->tbase[w[k]];
        in.dst[0] = lop_temp(w[k], 4);
        in.src[0] = c4;
        in.src[1] = t4;
        in.src[2] = e4;
        lir_emit(g, &in);
    }
    return FL_NORMAL;
}

/* Flow instruction op carrying a b#/i# uniform (gen_static.c) instead of a condition. */
static void flow_static(struct gen *g, enum lop_code op, unsigned sconst)
{
    struct lop always = lop_imm_u(~0u);
    lir_flow(g, op, op == L_IF_NZ ? &always : NULL);
    g->ins[g->nins - 1].sconst = (uint8_t)sconst;
}

/* vs/ps_3_0 `if (B)` / `if (!B)` on a bool uniform in b#: `if b#` (no negation there, so !B
 * swaps the branches). */
static bool gen_if_static(struct gen *g, struct stmt *s)
{
    bool neg;
    const struct expr *b = gen_static_if_operand(s->expr, &neg);
    unsigned k = g->c->d3d9 == 30 && b && !(s->attrs & AT_FLATTEN)
                     ? gen_static_lookup(g, b->name, 'b') : 0;
    if (!k)
        return false;
    size_t mark = g->nwlog;
    flow_static(g, L_IF_NZ, k);
    g->flow_depth++;
    gen_stmt(g, neg ? s->other : s->body);
    if (neg || s->other) {
        lir_invalidate_since(g, mark);
        lir_flow(g, L_ELSE, NULL);
        gen_stmt(g, neg ? s->body : s->other);
    }
    g->flow_depth--;
    lir_flow(g, L_ENDIF, NULL);
    lir_invalidate_since(g, mark);
    return true;
}

static enum flow gen_if(struct gen *g, struct stmt *s)
{
    if (gen_if_static(g, s))
        return FL_NORMAL;
    bool k, kv;
    struct lop cond = condition(g, s->expr, &k, &kv);
    if (k) {
        if (kv)
            return gen_stmt(g, s->body);
        return s->other ? gen_stmt(g, s->other) : FL_NORMAL;
    }
    if (hc_flat(g->c) && (s->attrs & AT_BRANCH))
        hc_error(g->c, &s->loc, 3000, "[branch] needs flow control, which %s targets lack",
                 g->c->d3d9 ? "shader model 2" : "level_9");
    if (hc_flat(g->c) || (s->attrs & AT_FLATTEN))
        return gen_if_flat(g, s, cond);
    size_t mark = g->nwlog;
    lir_flow(g, L_IF_NZ, &cond);
    g->flow_depth++;
    gen_stmt(g, s->body);
    if (s->other) {
        /* the else branch starts from the state before the if, not after its then branch:
         * what the then branch wrote is no longer known (it was folded into values that the
         * else branch never sees) */
        lir_invalidate_since(g, mark);
        lir_flow(g, L_ELSE, NULL);
        gen_stmt(g, s->other);
    }
    g->flow_depth--;
    lir_flow(g, L_ENDIF, NULL);
    lir_invalidate_since(g, mark);
    return FL_NORMAL;
}

/* The temps (existing before the snapshot) a statement writes: generated dry, then undone. */
static void loop_writes(struct gen *g, struct stmt *s, struct stmt *body)
{
    for (int round = 0; round < 8; round++) {
        struct snapshot sn;
        snap(g, &sn);
        bool dry = g->dry;
        g->dry = true;
        struct loop_ctx lc = {g->loop, false, g->flow_depth + 1, g->flat_depth, s};
        g->loop = &lc;
        g->flow_depth++;
        g->loop_depth++;
        if (s->expr) {
            bool k, kv;
            condition(g, s->expr, &k, &kv);
        }
        gen_stmt(g, body);
        if (s->step)
            gen_expr(g, s->step);
        g->dry = dry;
        size_t n = g->nwlog - sn.nwlog;
        uint32_t *w = hc_alloc(g->c, (n + 1) * sizeof(*w));
        memcpy(w, g->wlog + sn.nwlog, n * sizeof(*w));
        restore(g, &sn);
        bool changed = false;
        for (size_t i = 0; i < n; i++)
            if (w[i] < sn.ntemps && g->known[w[i]]) {
                g->known[w[i]] = 0;
                changed = true;
            }
        if (!changed)
            return;
    }
}

static enum flow gen_loop_dynamic(struct gen *g, struct stmt *s)
{
    struct hc *c = g->c;
    if (hc_flat(c))
        hc_error(c, &s->loc, 3511, "unable to unroll loop: %s targets have no flow control "
                 "(the loop's trip count must be known)", c->d3d9 ? "shader model 2" : "level_9");
    loop_writes(g, s, s->body);
    size_t mark = g->nwlog;
    /* vs/ps_3_0 `for (i = 0; i < N; i++)` over an int uniform in i#: `rep i#` runs it N times,
     * no test of its own (gen_static.c) */
    unsigned rep = c->d3d9 == 30 && gen_static_rep_counter(s)
                       ? gen_static_lookup(g, s->expr->args[1]->name, 'i') : 0;
    if (rep)
        flow_static(g, L_LOOP, rep);
    else
        lir_flow(g, L_LOOP, NULL);
    g->flow_depth++;
    g->loop_depth++;
    struct loop_ctx lc = {g->loop, false, g->flow_depth, g->flat_depth, s};
    g->loop = &lc;
    if (s->expr && s->kind != ST_DO && !rep) {
        bool k, kv;
        struct lop cond = condition(g, s->expr, &k, &kv);
        if (!k)
            lir_flow(g, L_BREAKC_Z, &cond);
        else if (!kv)
            lir_flow(g, L_BREAK, NULL);
    }
    enum flow f = gen_stmt(g, s->body);
    if (f == FL_NORMAL || f == FL_CONTINUE) {
        if (s->step)
            gen_expr(g, s->step);
        if (s->kind == ST_DO && s->expr) {
            bool k, kv;
            struct lop cond = condition(g, s->expr, &k, &kv);
            if (!k)
                lir_flow(g, L_BREAKC_Z, &cond);
            else if (!kv)
                lir_flow(g, L_BREAK, NULL);
        }
    }
    g->loop = lc.up;
    g->flow_depth--;
    g->loop_depth--;
    lir_flow(g, L_ENDLOOP, NULL);
    lir_invalidate_since(g, mark);
    struct func_frame *fr = g->frame;
    if (fr && fr->has_ret_flag && g->loop_depth >= fr->loop_depth + 1) {
        /* a return inside this loop leaves the loop around it too */
        struct lop flag = lop_temp(fr->ret_flag, 1);
        lir_flow(g, L_BREAKC_NZ, &flag);
    }
    return FL_NORMAL;
}

/* Tries to unroll; false (everything undone) when it cannot. */
static bool gen_loop_unrolled(struct gen *g, struct stmt *s, bool asked, enum flow *result)
{
    struct snapshot sn;
    snap(g, &sn);
    struct unroll_try t;
    t.up = g->unroll;
    t.flow_depth = g->flow_depth;
    g->unroll = &t;
    if (setjmp(t.jb)) {
        g->unroll = t.up;
        restore(g, &sn);
        return false;
    }
    unsigned limit = s->unroll_count > 0 ? (unsigned)s->unroll_count : MAX_UNROLL;
    size_t budget = asked ? (size_t)1 << 20 : AUTO_UNROLL_INSTRUCTIONS;
    struct loop_ctx lc = {g->loop, true, g->flow_depth, g->flat_depth, s};
    g->loop = &lc;
    enum flow out = FL_NORMAL;
    for (unsigned it = 0;; it++) {
        if (s->expr && !(s->kind == ST_DO && it == 0)) {
            bool k, kv;
            condition(g, s->expr, &k, &kv);
            if (!k)
                unroll_fail(g);
            if (!kv)
                break;
        }
        if (it >= limit) {
            if (s->unroll_count > 0)
                break; /* [unroll(n)]: at most n copies, as asked */
            unroll_fail(g);
        }
        enum flow f = gen_stmt(g, s->body);
        if (f == FL_BREAK)
            break;
        if (f == FL_RETURN) {
            out = FL_RETURN;
            break;
        }
        if (s->step)
            gen_expr(g, s->step);
        if (g->nins - sn.nins > budget)
            unroll_fail(g);
    }
    g->loop = lc.up;
    g->unroll = t.up;
    *result = out;
    return true;
}

static enum flow gen_loop(struct gen *g, struct stmt *s)
{
    struct sym *saved = g->syms;
    g->scope_depth++;
    if (s->init)
        gen_stmt(g, s->init);
    enum flow f = FL_NORMAL;
    bool asked = (s->attrs & AT_UNROLL) != 0;
    bool try_unroll = asked || hc_flat(g->c) || !(s->attrs & AT_LOOP);
    if (!try_unroll || !gen_loop_unrolled(g, s, asked || hc_flat(g->c), &f)) {
        if (asked && !g->dry)
            hc_warning(g->c, &s->loc, 3550, "loop could not be unrolled (its trip count is not "
                       "known, or it breaks under a run-time condition); emitted as a loop");
        f = gen_loop_dynamic(g, s);
    }
    g->scope_depth--;
    g->syms = saved;
    return f;
}

static bool tail_returns_only(struct stmt *s, bool tail)
{
    if (!s)
        return true;
    switch (s->kind) {
    case ST_RETURN: return tail;
    case ST_BLOCK:
        for (unsigned i = 0; i < s->nlist; i++)
            if (!tail_returns_only(s->list[i], tail && i + 1 == s->nlist))
                return false;
        return true;
    case ST_IF:
        return tail_returns_only(s->body, false) && tail_returns_only(s->other, false);
    case ST_FOR: case ST_WHILE: case ST_DO:
        return tail_returns_only(s->body, false);
    default:
        return true;
    }
}

/* dst = cond ? src : dst, slot by slot (src converted to dst's type). */
static void select_into(struct gen *g, struct place dst, struct val src, struct lop cond,
                        const struct loc_src *at)
{
    struct place tmp = gen_new_place(g, dst.type);
    gen_copy(g, tmp, src, at);
    unsigned n = type_slots(dst.type);
    for (unsigned k = 0; k < n; k++) {
        struct linst in = {0};
        in.op = L_MOVC;
        in.ndst = 1;
        in.nsrc = 3;
        in.dtype = g->tbase[dst.base + k];
        g->tbase[tmp.base + k] = g->tbase[dst.base + k];
        in.dst[0] = lop_temp(dst.base + k, 4);
        in.src[0] = bcast(cond);
        in.src[1] = lop_temp(tmp.base + k, 4);
        in.src[2] = lop_temp(dst.base + k, 4);
        lir_emit(g, &in);
    }
}

void gen_frame_add_out(struct gen *g, struct func_frame *fr, struct place p,
                       const struct loc_src *at)
{
    if (fr->nouts == sizeof(fr->outs) / sizeof(fr->outs[0]))
        hc_error(g->c, at, 3000, "more than 16 out parameters");
    fr->outs[fr->nouts++] = p;
}

/* A return under a flattened if (level 9 has no flow control): the lanes it covers keep the
 * value and are marked returned; later code still runs for them, but later returns and
 * discards leave them alone.  The out parameters' values are kept the same way (saved, and
 * put back for the returned lanes when the body ends: gen_frame_body). */
static enum flow gen_return_flat(struct gen *g, struct stmt *s)
{
    struct hc *c = g->c;
    struct func_frame *fr = g->frame;
    struct lop active = bcast(g->pred);
    if (fr->flagged) {
        struct lop fl = lop_temp(fr->flag_temp, 1);
        active = bcast(and2(g, active, bcast(gen_alu(g, L_NOT, 1, &fl, NULL, NULL))));
    }
    for (unsigned k = 0; k < fr->nouts; k++) {
        struct val now = gen_place_val(g, fr->outs[k]);
        if (!fr->flagged) {
            /* the first such return: a fresh copy (the lanes it does not cover never read it) */
            fr->saved[k] = gen_new_place(g, fr->outs[k].type);
            gen_copy(g, fr->saved[k], now, &s->loc);
        } else {
            select_into(g, fr->saved[k], now, active, &s->loc);
        }
    }
    if (s->expr) {
        if (!fr->has_ret)
            hc_error(c, &s->loc, 3079, "void functions cannot return a value");
        struct val v = gen_convert(g, gen_expr(g, s->expr), fr->ret.type, &s->expr->loc, false);
        select_into(g, fr->ret, v, active, &s->loc);
    } else if (fr->has_ret) {
        hc_error(c, &s->loc, 3080, "'%s': function must return a value", fr->f->name);
    }
    if (!fr->flagged) {
        fr->flagged = true;
        fr->flag_temp = lir_temp(g, 1);
        g->tbase[fr->flag_temp] = BT_BOOL;
        struct linst in = {0};
        in.op = L_MOV;
        in.ndst = in.nsrc = 1;
        in.dtype = BT_BOOL;
        in.dst[0] = lop_temp(fr->flag_temp, 1);
        in.src[0] = active;
        lir_emit(g, &in);
    } else {
        struct lop fl = lop_temp(fr->flag_temp, 1);
        struct lop o = gen_alu(g, L_OR, 1, &fl, &active, NULL);
        struct linst in = {0};
        in.op = L_MOV;
        in.ndst = in.nsrc = 1;
        in.dtype = BT_BOOL;
        in.dst[0] = lop_temp(fr->flag_temp, 1);
        in.src[0] = bcast(o);
        lir_emit(g, &in);
    }
    return FL_NORMAL;
}

static enum flow gen_return(struct gen *g, struct stmt *s)
{
    struct hc *c = g->c;
    struct func_frame *fr = g->frame;
    if (g->flat_depth != fr->flat_depth)
        return gen_return_flat(g, s);
    if (fr->flagged) {
        /* the final return: only for the lanes that have not returned */
        struct lop fl = lop_temp(fr->flag_temp, 1);
        struct lop alive = bcast(gen_alu(g, L_NOT, 1, &fl, NULL, NULL));
        if (s->expr) {
            if (!fr->has_ret)
                hc_error(c, &s->loc, 3079, "void functions cannot return a value");
            struct val v = gen_convert(g, gen_expr(g, s->expr), fr->ret.type, &s->expr->loc, false);
            select_into(g, fr->ret, v, alive, &s->loc);
        }
        if (g->flow_depth == fr->flow_depth)
            return FL_RETURN;
        hc_error(c, &s->loc, 3000, "a return in run-time flow after one in a flattened if is "
                 "not supported yet");
    }
    if (s->expr) {
        if (!fr->has_ret)
            hc_error(c, &s->loc, 3079, "void functions cannot return a value");
        struct val v = gen_expr(g, s->expr);
        v = gen_convert(g, v, fr->ret.type, &s->expr->loc, false);
        gen_copy(g, fr->ret, v, &s->loc);
    } else if (fr->has_ret) {
        hc_error(c, &s->loc, 3080, "'%s': function must return a value", fr->f->name);
    }
    if (g->flow_depth == fr->flow_depth)
        return FL_RETURN;
    if (g->unroll && g->unroll->flow_depth >= fr->flow_depth && g->flow_depth > g->unroll->flow_depth)
        unroll_fail(g);
    if (!fr->up && !fr->wrapped) {
        /* the entry point: write the outputs and end here */
        gen_epilogue(g);
        return FL_RETURN;
    }
    if (fr->wrapped && fr->has_ret_flag && g->loop_depth > fr->loop_depth + 1) {
        /* inside a loop of the body: mark the return and leave this loop; the loops around
         * follow (gen_loop_dynamic), up to the body's own loop */
        struct linst in = {0};
        in.op = L_MOV;
        in.ndst = in.nsrc = 1;
        in.dtype = BT_BOOL;
        in.dst[0] = lop_temp(fr->ret_flag, 1);
        in.src[0] = lop_imm_u(~0u);
        lir_emit(g, &in);
        lir_flow(g, L_BREAK, NULL);
        return FL_RETURN;
    }
    if (!fr->wrapped || g->loop_depth != fr->loop_depth + 1)
        hc_error(c, &s->loc, 3000, "a return inside a loop of a called function is not "
                 "supported here");
    lir_flow(g, L_BREAK, NULL);
    return FL_RETURN;
}

static enum flow gen_break(struct gen *g, struct stmt *s, bool is_break)
{
    struct loop_ctx *l = g->loop;
    if (!l || (g->frame && g->loop_depth <= g->frame->loop_depth && !l->unrolled &&
               g->frame->wrapped && l->s == NULL))
        hc_error(g->c, &s->loc, 3518, "%s must be inside a loop", is_break ? "break" : "continue");
    if (l->unrolled) {
        if (g->flow_depth != l->flow_depth || g->flat_depth != l->flat_depth)
            unroll_fail(g);
        return is_break ? FL_BREAK : FL_CONTINUE;
    }
    if (!is_break && l->s) {
        /* continue skips to the next iteration: run the for-step / do-while test first */
        if (l->s->step)
            gen_expr(g, l->s->step);
        if (l->s->kind == ST_DO && l->s->expr) {
            bool k, kv;
            struct lop cond = condition(g, l->s->expr, &k, &kv);
            if (!k)
                lir_flow(g, L_BREAKC_Z, &cond);
            else if (!kv)
                lir_flow(g, L_BREAK, NULL);
        }
    }
    lir_flow(g, is_break ? L_BREAK : L_CONTINUE, NULL);
    return is_break ? FL_BREAK : FL_CONTINUE;
}

/* Does s hold a break that would leave the switch (one not inside a loop of its own)? */
static bool breaks_switch(const struct stmt *s)
{
    if (!s)
        return false;
    switch (s->kind) {
    case ST_BREAK: return true;
    case ST_BLOCK:
        for (unsigned i = 0; i < s->nlist; i++)
            if (breaks_switch(s->list[i]))
                return true;
        return false;
    case ST_IF: return breaks_switch(s->body) || breaks_switch(s->other);
    default: return false;
    }
}

/* Does s hold a continue for an enclosing loop (one not inside a loop of its own)? */
static bool continues_out(const struct stmt *s)
{
    if (!s)
        return false;
    switch (s->kind) {
    case ST_CONTINUE: return true;
    case ST_BLOCK:
        for (unsigned i = 0; i < s->nlist; i++)
            if (continues_out(s->list[i]))
                return true;
        return false;
    case ST_IF: return continues_out(s->body) || continues_out(s->other);
    case ST_SWITCH:
        for (unsigned i = 0; i < s->nlist; i++)
            if (continues_out(s->list[i]))
                return true;
        return false;
    default: return false;
    }
}

/* switch as an if/else chain over its case groups, the default group last.  A group that does
 * not end in break/return/continue falls through into the next group in source order, so its
 * branch of the chain runs its own body and then, as a nested block, the body of the group it
 * falls into (and so on): C's rule, which HLSL's switch follows ("switch Statement").  The
 * selector is evaluated once. */
static enum flow gen_switch(struct gen *g, struct stmt *s)
{
    struct hc *c = g->c;
    struct val sel = gen_expr(g, s->expr);
    if (!type_is_numeric(sel.type) || sel.type->cls != TC_SCALAR || sel.type->base == BT_FLOAT)
        hc_error(c, &s->expr->loc, 3019, "switch statements need an int or uint selector");
    struct place sp = gen_new_place(g, sel.type);
    gen_copy(g, sp, sel, &s->loc);
    sel = gen_place_val(g, sp);
    /* the groups, each without its final break, and whether each ends there */
    bool nested_break = false;
    struct stmt **bodies = hc_alloc(c, (s->nlist + 1) * sizeof(*bodies));
    bool *ends = hc_alloc(c, (s->nlist + 1) * sizeof(*ends));
    for (unsigned i = 0; i < s->nlist; i++) {
        struct stmt *grp = s->list[i];
        struct stmt *body = hc_alloc(c, sizeof(*body));
        *body = *grp;
        body->kind = ST_BLOCK;
        if (body->nlist) {
            struct stmt *last = body->list[body->nlist - 1];
            if (last->kind == ST_BLOCK && last->nlist && last->list[last->nlist - 1]->kind == ST_BREAK) {
                /* `case 2: { ...; break; }`: the block without its break, and the group ends */
                struct stmt *inner = hc_alloc(c, sizeof(*inner));
                *inner = *last;
                inner->nlist--;
                body->list = hc_alloc(c, body->nlist * sizeof(*body->list));
                memcpy(body->list, grp->list, body->nlist * sizeof(*body->list));
                body->list[body->nlist - 1] = inner;
                last = inner;
                ends[i] = true;
            }
            enum stmt_kind k = last->kind;
            if (ends[i]) {
                /* taken above */
            } else if (k == ST_BREAK) {
                body->nlist--;
                ends[i] = true;
            } else {
                ends[i] = k == ST_RETURN || k == ST_CONTINUE;
            }
        }
        for (unsigned k = 0; k < body->nlist; k++) {
            if (!breaks_switch(body->list[k]))
                continue;
            /* a break under a case's if leaves the switch at run time: the chain goes inside
             * a one-trip loop (do ... while (false)) whose break that is, as SM4's own switch
             * is a breakable construct ("switch" in the SM4 instruction reference) */
            if (hc_flat(c))
                hc_error(c, &body->list[k]->loc, 3000, "a break out of a switch from inside a "
                         "case's if needs flow control, which %s targets lack",
                         c->d3d9 ? "shader model 2" : "level_9");
            if (continues_out(s))
                hc_error(c, &body->list[k]->loc, 3000, "a switch with a break inside a case's "
                         "if and a continue of the loop around it is not supported yet");
            nested_break = true;
        }
        if (grp->is_default && grp->nlabels)
            hc_error(c, &grp->loc, 3000, "a case group holding default and other labels is "
                     "not supported yet");
        bodies[i] = body;
    }
    /* fall-through, from the last group up: group i runs on into group i + 1's whole code */
    for (unsigned i = s->nlist; i-- > 0;) {
        if (ends[i] || i + 1 >= s->nlist)
            continue;
        struct stmt *b = hc_alloc(c, sizeof(*b));
        *b = *bodies[i];
        b->list = hc_alloc(c, (bodies[i]->nlist + 1) * sizeof(*b->list));
        memcpy(b->list, bodies[i]->list, bodies[i]->nlist * sizeof(*b->list));
        b->list[b->nlist++] = bodies[i + 1];
        bodies[i] = b;
    }
    struct stmt *deflt = NULL;
    struct stmt **chain = hc_alloc(c, (s->nlist + 1) * sizeof(*chain));
    unsigned n = 0;
    for (unsigned i = 0; i < s->nlist; i++) {
        if (s->list[i]->is_default)
            deflt = bodies[i];
        else
            chain[n++] = bodies[i];
    }
    /* build `if (sel == a || sel == b) g0 else if ... else default` from the end */
    struct stmt *tail = deflt;
    for (unsigned i = n; i-- > 0;) {
        struct stmt *grp = chain[i];
        struct expr *cond = NULL;
        for (unsigned k = 0; k < grp->nlabels; k++) {
            struct expr *eq = hc_alloc(c, sizeof(*eq));
            eq->kind = EX_BINARY;
            eq->op = OP_EQ;
            eq->loc = grp->labels[k]->loc;
            eq->nargs = 2;
            eq->args = hc_alloc(c, 2 * sizeof(*eq->args));
            struct expr *id = hc_alloc(c, sizeof(*id));
            id->kind = EX_IDENT;
            id->name = "$switch";
            id->loc = s->loc;
            eq->args[0] = id;
            eq->args[1] = grp->labels[k];
            if (!cond) {
                cond = eq;
            } else {
                struct expr *o = hc_alloc(c, sizeof(*o));
                o->kind = EX_BINARY;
                o->op = OP_OR;
                o->loc = eq->loc;
                o->nargs = 2;
                o->args = hc_alloc(c, 2 * sizeof(*o->args));
                o->args[0] = cond;
                o->args[1] = eq;
                cond = o;
            }
        }
        struct stmt *ifs = hc_alloc(c, sizeof(*ifs));
        ifs->kind = ST_IF;
        ifs->loc = grp->loc;
        ifs->attrs = s->attrs & (AT_FLATTEN | AT_BRANCH);
        ifs->expr = cond;
        ifs->body = grp;
        ifs->other = tail;
        tail = ifs;
    }
    struct sym *saved = g->syms;
    struct val sv = {0};
    sv.type = sp.type;
    sv.is_place = true;
    sv.pl = sp;
    gen_push_sym(g, "$switch", NULL, sv);
    if (tail && nested_break) {
        struct expr *no = hc_alloc(c, sizeof(*no));
        no->kind = EX_BOOL;
        no->loc = s->loc;
        no->ival = 0;
        struct stmt *once = hc_alloc(c, sizeof(*once));
        once->kind = ST_DO;
        once->loc = s->loc;
        once->expr = no;
        once->body = tail;
        tail = once;
    }
    enum flow f = tail ? gen_stmt(g, tail) : FL_NORMAL;
    g->syms = saved;
    return f == FL_BREAK ? FL_NORMAL : f;
}

static enum flow stmt_at(struct gen *g, struct stmt *s);

/* Statements set the location of what they emit outside their expressions (flow, returns). */
enum flow gen_stmt(struct gen *g, struct stmt *s)
{
    if (!s)
        return FL_NORMAL;
    struct loc_src saved = g->cur_loc;
    g->cur_loc = s->loc;
    enum flow f = stmt_at(g, s);
    g->cur_loc = saved;
    return f;
}

static enum flow stmt_at(struct gen *g, struct stmt *s)
{
    struct hc *c = g->c;
    switch (s->kind) {
    case ST_EMPTY:
        return FL_NORMAL;
    case ST_EXPR:
        gen_expr(g, s->expr);
        return FL_NORMAL;
    case ST_DECL:
        for (unsigned i = 0; i < s->ndecls; i++)
            gen_decl(g, s->decls[i]);
        return FL_NORMAL;
    case ST_BLOCK:
        return gen_block(g, s->list, s->nlist);
    case ST_IF:
        return gen_if(g, s);
    case ST_FOR: case ST_WHILE: case ST_DO:
        return gen_loop(g, s);
    case ST_BREAK:
        return gen_break(g, s, true);
    case ST_CONTINUE:
        return gen_break(g, s, false);
    case ST_RETURN:
        return gen_return(g, s);
    case ST_DISCARD: {
        if (!c->ps)
            hc_error(c, &s->loc, 3000, "discard is only for pixel shaders");
        gen_discard(g, lop_imm_u(~0u));
        return FL_NORMAL;
    }
    case ST_SWITCH:
        return gen_switch(g, s);
    }
    return FL_NORMAL;
}

/* ---- function calls ------------------------------------------------------------------------ */

/* Does every path through s end in a return (or discard)?  What fxc's X3080 checks. */
static bool always_returns(const struct stmt *s)
{
    if (!s)
        return false;
    switch (s->kind) {
    case ST_RETURN: return true;
    case ST_BLOCK:
        for (unsigned i = 0; i < s->nlist; i++)
            if (always_returns(s->list[i]))
                return true;
        return false;
    case ST_IF: return always_returns(s->body) && always_returns(s->other);
    case ST_SWITCH: {
        bool has_default = false;
        for (unsigned i = 0; i < s->nlist; i++) {
            has_default = has_default || s->list[i]->is_default;
            if (!always_returns(s->list[i]))
                return false;
        }
        return has_default;
    }
    default: return false;
    }
}

bool gen_always_returns(const struct stmt *s)
{
    return always_returns(s);
}

static struct val gen_call_frame(struct gen *g, struct func_decl *f, struct expr *e,
                                 struct val *args)
{
    struct hc *c = g->c;
    if (f->ret->cls != TC_VOID && !always_returns(f->body))
        hc_error(c, &f->loc, 3080, "'%s': function must return a value", f->name);
    if (g->inline_depth >= MAX_INLINE)
        hc_error(c, e ? &e->loc : &f->loc, 3500, "'%s': recursive functions are not allowed",
                 f->name);
    struct func_frame fr = {0};
    fr.up = g->frame;
    fr.f = f;
    fr.has_ret = f->ret->cls != TC_VOID;
    if (fr.has_ret)
        fr.ret = gen_new_place(g, f->ret);
    /* parameters: fresh variables in a scope that sees only globals */
    struct sym *caller = g->syms;
    struct sym *params = NULL;
    g->syms = NULL;
    for (unsigned k = 0; k < f->nparams; k++) {
        struct var_decl *pd = f->params[k];
        struct val v = {0};
        if (pd->type->cls == TC_TEXTURE || pd->type->cls == TC_SAMPLER ||
            pd->type->cls == TC_STREAM) {
            /* objects are passed as themselves (a stream: the same m#) */
            v = args[k];
            if (!type_equal(v.type, pd->type))
                hc_error(c, &e->args[k]->loc, 3017, "cannot convert from '%s' to '%s'",
                         type_name(c, v.type), type_name(c, pd->type));
        } else {
            struct place p = gen_new_place(g, pd->type);
            if (!(pd->storage & SC_OUT) || (pd->storage & SC_IN)) {
                struct val a;
                if (k < e->nargs) {
                    g->syms = caller;
                    a = gen_convert(g, args[k], pd->type, &e->args[k]->loc, false);
                    g->syms = NULL;
                } else {
                    a = gen_init(g, pd->init, pd->type);
                }
                gen_copy(g, p, a, &pd->loc);
            }
            v.type = pd->type;
            v.is_place = true;
            v.pl = p;
            if (pd->storage & SC_OUT)
                gen_frame_add_out(g, &fr, p, &pd->loc);
        }
        struct sym *s = hc_alloc(c, sizeof(*s));
        s->name = pd->name;
        s->var = pd;
        s->v = v;
        s->next = params;
        params = s;
    }
    g->syms = params;
    /* early returns: a loop to break out of, or on level 9 (no flow control) the returned
     * flags of gen_return_flat */
    gen_frame_body(g, &fr, !tail_returns_only(f->body, true) && !hc_flat(c));
    /* out and inout arguments are written back */
    struct sym *ps = params;
    g->syms = caller;
    for (unsigned k = f->nparams; k-- > 0; ps = ps->next) {
        struct var_decl *pd = f->params[k];
        if (!(pd->storage & SC_OUT) || pd->type->cls == TC_STREAM)
            continue; /* an inout stream is the caller's own (its Appends are done) */
        if (k >= e->nargs)
            hc_error(c, &e->loc, 3013, "an out parameter needs an argument");
        void *lv = gen_lvalue(g, e->args[k]);
        struct val pv = gen_place_val(g, ps->v.pl);
        gen_lvalue_write(g, lv, gen_convert(g, pv, gen_lvalue_type(g, lv), &e->args[k]->loc, false),
                         &e->args[k]->loc);
    }
    if (!fr.has_ret)
        return gen_vnum(type_void(c), lop_imm_u(0));
    return gen_place_val(g, fr.ret);
}

/* Is there a return inside a loop (or a switch, which may become one) of s? */
static bool returns_in_loop(const struct stmt *s, bool in_loop)
{
    if (!s)
        return false;
    switch (s->kind) {
    case ST_RETURN: return in_loop;
    case ST_FOR: case ST_WHILE: case ST_DO: return returns_in_loop(s->body, true);
    case ST_IF: return returns_in_loop(s->body, in_loop) || returns_in_loop(s->other, in_loop);
    case ST_BLOCK: case ST_SWITCH:
        for (unsigned i = 0; i < s->nlist; i++)
            if (returns_in_loop(s->list[i], in_loop || s->kind == ST_SWITCH))
                return true;
        return false;
    default: return false;
    }
}

void gen_frame_body(struct gen *g, struct func_frame *fr, bool wrap)
{
    fr->wrapped = wrap;
    fr->has_ret_flag = wrap && returns_in_loop(fr->f->body, false);
    if (fr->has_ret_flag) {
        fr->ret_flag = lir_temp(g, 1);
        g->tbase[fr->ret_flag] = BT_BOOL;
        struct linst in = {0};
        in.op = L_MOV;
        in.ndst = in.nsrc = 1;
        in.dtype = BT_BOOL;
        in.dst[0] = lop_temp(fr->ret_flag, 1);
        in.src[0] = lop_imm_u(0);
        lir_emit(g, &in);
    }
    g->frame = fr;
    g->inline_depth++;
    size_t mark = g->nwlog;
    struct loop_ctx *saved_loop = g->loop;
    struct loop_ctx barrier = {NULL, false, 0, 0, NULL};
    if (wrap) {
        lir_flow(g, L_LOOP, NULL);
        g->flow_depth++;
        g->loop_depth++;
        g->loop = &barrier;
    } else {
        g->loop = NULL;
    }
    fr->flow_depth = g->flow_depth;
    fr->flat_depth = g->flat_depth;
    fr->loop_depth = g->loop_depth - (wrap ? 1 : 0);
    gen_stmt(g, fr->f->body);
    /* the lanes that returned under a flattened if get their out parameters back as they were
     * then */
    for (unsigned k = 0; fr->flagged && k < fr->nouts; k++)
        select_into(g, fr->outs[k], gen_place_val(g, fr->saved[k]), lop_temp(fr->flag_temp, 1),
                    NULL);
    if (wrap) {
        lir_flow(g, L_BREAK, NULL);
        g->flow_depth--;
        g->loop_depth--;
        lir_flow(g, L_ENDLOOP, NULL);
        lir_invalidate_since(g, mark);
    }
    g->loop = saved_loop;
    g->inline_depth--;
    g->frame = fr->up;
}

bool gen_entry_wraps(struct gen *g)
{
    return g->c->d3d9 >= 30 && !tail_returns_only(g->entry->body, true);
}

struct val gen_call_user(struct gen *g, struct func_decl *f, struct expr *e, struct val *args)
{
    return gen_call_frame(g, f, e, args);
}

