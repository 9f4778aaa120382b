/* src/hlsl/gen_static.c — the uniforms of a vs_3_0/ps_3_0 program that live in D3D9's integer
 * and boolean constant registers (i#, b#) and drive its static flow control.
 *
 * D3D9 has three constant files (the asm reference's "Registers - vs_3_0"/"- ps_3_0"): c#
 * (float4), i# (int4, used only by `rep`/`loop` as the iteration count) and b# (bool, used
 * only by `if b#` and `callnz b#`).  fxc places a `bool` uniform that is only ever tested by an
 * `if` in a b# register (`if b0`), and an `int` uniform that is only ever the bound of a
 * counting loop in an i# register (`rep i0`); their constant table entries then have the
 * D3DXRS_BOOL / D3DXRS_INT4 register sets, and applications set them with
 * SetPixelShaderConstantB/I.  Every other use needs the value in c# (arithmetic reads c#), so a
 * uniform qualifies only when every mention of its name in the program is such a use:
 *   bool B     `if (B)` or `if (!B)` (the whole condition; `if b#` has no negation, so `!B`
 *              swaps the branches);
 *   int N      `for (i = 0 | int i = 0; i < N; i++ | ++i | i += 1) body` where the body never
 *              assigns i (nor passes it to a function), and the loop is not [unroll]ed: then
 *              `rep i#` runs the body N times with i counting from 0, which is the loop.
 * register(b#) / register(i#) place them; otherwise the lowest free register, in declaration
 * order (sm2_write.c).
 */
#include "hlsl/gen.h"

#include <string.h>

struct use_count {
    const char *name;
    unsigned all, good;
};

struct scan {
    struct use_count *u;
    unsigned n;
    bool is_int;                  /* which kind this scan counts */
};

static struct use_count *find(struct scan *sc, const char *name)
{
    for (unsigned i = 0; i < sc->n; i++)
        if (!strcmp(sc->u[i].name, name))
            return &sc->u[i];
    return NULL;
}

static bool is_ident(const struct expr *e, const char *name)
{
    return e && e->kind == EX_IDENT && (!name || !strcmp(e->name, name));
}

static bool is_int_lit(const struct expr *e, uint64_t v)
{
    return e && e->kind == EX_INT && e->ival == v;
}

static void count_expr(struct scan *sc, const struct expr *e)
{
    if (!e)
        return;
    if (e->kind == EX_IDENT) {
        struct use_count *u = find(sc, e->name);
        if (u)
            u->all++;
    }
    for (unsigned i = 0; i < e->nargs; i++)
        count_expr(sc, e->args[i]);
}

/* Does e assign the variable `name` (or hand it to a call, which may be an out argument)? */
static bool writes_var(const struct expr *e, const char *name)
{
    if (!e)
        return false;
    if ((e->kind == EX_ASSIGN || e->kind == EX_PREINC || e->kind == EX_POSTINC) && e->nargs) {
        const struct expr *t = e->args[0];
        while (t && (t->kind == EX_MEMBER || t->kind == EX_INDEX) && t->nargs)
            t = t->args[0];
        if (is_ident(t, name))
            return true;
    }
    if (e->kind == EX_CALL || e->kind == EX_METHOD)
        for (unsigned i = 0; i < e->nargs; i++)
            if (is_ident(e->args[i], name))
                return true;
    for (unsigned i = 0; i < e->nargs; i++)
        if (writes_var(e->args[i], name))
            return true;
    return false;
}

static bool stmt_writes_var(const struct stmt *s, const char *name)
{
    if (!s)
        return false;
    if (writes_var(s->expr, name) || writes_var(s->step, name))
        return true;
    for (unsigned i = 0; i < s->ndecls; i++)
        if (writes_var(s->decls[i]->init, name))
            return true;
    if (stmt_writes_var(s->init, name) || stmt_writes_var(s->body, name) ||
        stmt_writes_var(s->other, name))
        return true;
    for (unsigned i = 0; i < s->nlist; i++)
        if (stmt_writes_var(s->list[i], name))
            return true;
    return false;
}

/* The counter of `for (i = 0; i < N; i++)` when s is such a loop over a uniform bound (N is
 * then s->expr->args[1]); NULL otherwise. */
const char *gen_static_rep_counter(const struct stmt *s)
{
    if (s->kind != ST_FOR || (s->attrs & AT_UNROLL) || !s->init || !s->expr || !s->step)
        return NULL;
    const char *i = NULL;
    const struct stmt *in = s->init;
    if (in->kind == ST_DECL && in->ndecls == 1 && is_int_lit(in->decls[0]->init, 0) &&
        in->decls[0]->type->cls == TC_SCALAR &&
        (in->decls[0]->type->base == BT_INT || in->decls[0]->type->base == BT_UINT))
        i = in->decls[0]->name;
    else if (in->kind == ST_EXPR && in->expr->kind == EX_ASSIGN && in->expr->op == '=' &&
             is_ident(in->expr->args[0], NULL) && is_int_lit(in->expr->args[1], 0))
        i = in->expr->args[0]->name;
    if (!i)
        return NULL;
    const struct expr *c = s->expr, *st = s->step;
    if (c->kind != EX_BINARY || c->op != '<' || !is_ident(c->args[0], i) ||
        !is_ident(c->args[1], NULL))
        return NULL;
    bool step_ok = ((st->kind == EX_PREINC || st->kind == EX_POSTINC) && st->op == OP_INC &&
                    is_ident(st->args[0], i)) ||
                   (st->kind == EX_ASSIGN && st->op == OP_ADD_ASSIGN && is_ident(st->args[0], i) &&
                    is_int_lit(st->args[1], 1));
    if (!step_ok || stmt_writes_var(s->body, i))
        return NULL;
    return i;
}

/* The uniform an if tests as its whole condition, B or !B (*negated); NULL otherwise. */
const struct expr *gen_static_if_operand(const struct expr *e, bool *negated)
{
    *negated = false;
    if (e && e->kind == EX_UNARY && e->op == '!' && e->nargs == 1) {
        *negated = true;
        e = e->args[0];
    }
    return is_ident(e, NULL) ? e : NULL;
}

static void scan_stmt(struct scan *sc, const struct stmt *s)
{
    if (!s)
        return;
    count_expr(sc, s->expr);
    count_expr(sc, s->step);
    for (unsigned i = 0; i < s->ndecls; i++)
        count_expr(sc, s->decls[i]->init);
    for (unsigned i = 0; i < s->nlabels; i++)
        count_expr(sc, s->labels[i]);
    scan_stmt(sc, s->init);
    scan_stmt(sc, s->body);
    scan_stmt(sc, s->other);
    for (unsigned i = 0; i < s->nlist; i++)
        scan_stmt(sc, s->list[i]);
    struct use_count *u = NULL;
    if (sc->is_int && gen_static_rep_counter(s))
        u = find(sc, s->expr->args[1]->name);
    bool neg;
    const struct expr *b = s->kind == ST_IF && !(s->attrs & AT_FLATTEN)
                               ? gen_static_if_operand(s->expr, &neg) : NULL;
    if (!sc->is_int && b)
        u = find(sc, b->name);
    if (u)
        u->good++;
}

/* Marks (var_decl.d3d9_file = 'b' / 'i') the $Globals uniforms of a vs/ps_3_0 program that
 * qualify, and lists them in g->sconst. */
void gen_static_classify(struct gen *g)
{
    struct hc *c = g->c;
    const struct cbuffer_decl *gl = g->prog->globals_cb;
    if (c->d3d9 != 30 || !gl)
        return;
    for (int kind = 0; kind < 2; kind++) {
        struct scan sc = {0};
        sc.is_int = kind == 1;
        sc.u = hc_alloc(c, (gl->nvars + 1) * sizeof(*sc.u));
        for (unsigned i = 0; i < gl->nvars; i++) {
            const struct var_decl *v = gl->vars[i];
            const struct type *t = v->type;
            bool fits = t->cls == TC_SCALAR && (sc.is_int ? t->base == BT_INT : t->base == BT_BOOL);
            if (fits && (!v->reg_kind || v->reg_kind == (sc.is_int ? 'i' : 'b')))
                sc.u[sc.n++].name = v->name;
        }
        for (unsigned i = 0; i < g->prog->nglobals; i++) {
            const struct global *x = &g->prog->globals[i];
            if (x->kind == GL_FUNC && x->func->body)
                scan_stmt(&sc, x->func->body);
            if (x->kind == GL_VAR)
                count_expr(&sc, x->var->init);
        }
        for (unsigned i = 0; i < gl->nvars; i++) {
            struct var_decl *v = gl->vars[i];
            struct use_count *u = find(&sc, v->name);
            if (!u || !u->all || u->all != u->good || g->nsconst == 16)
                continue;
            v->d3d9_file = sc.is_int ? 'i' : 'b';
            g->sconst[g->nsconst++] = v;
        }
    }
}

/* The g->sconst index + 1 of the global a name means here (0: none, or a local shadows it). */
unsigned gen_static_lookup(struct gen *g, const char *name, char file)
{
    const struct sym *s = gen_lookup(g, name);
    for (unsigned i = 0; s && i < g->nsconst; i++)
        if (s->var == g->sconst[i] && g->sconst[i]->d3d9_file == file)
            return i + 1;
    return 0;
}
