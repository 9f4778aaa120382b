/* src/hlsl/gen_lvalue.c — what assignments write: lvalues (a variable, its members, elements,
 * matrix rows and swizzles), and the places a run-time index selects among.
 *
 * An lvalue is a place and an optional component selection.  A run-time index into a local
 * array, a matrix row or a vector component makes it a set of candidates instead: element k
 * under the condition `index == k` (nested run-time indices multiply them); a write is one
 * movc per candidate leaf, a read a movc chain over them.  fxc writes such array elements
 * through an indexable temp (x#) on shader model 4+; the select form gives the same values
 * and also works where there are no indexable temps (level 9, shader model 2-3).  An index
 * out of range writes nothing (reads give element 0).
 */
#include "hlsl/gen.h"

#include <string.h>

/* The lvalue (see the top of the file). */
struct lval {
    struct place pl;              /* the place (with candidates: the first one, for its type) */
    uint8_t comps[4];
    unsigned ncomp;               /* 0: the whole place */
    unsigned ncand;               /* 0: pl itself */
    struct place *cand;
    struct lop *cond;             /* per candidate: a bool scalar (~0 / 0 on SM4) */
    uint8_t *ccomp;               /* v[i] at a run-time i: candidate n is component ccomp[n] */
};

/* Most candidates one lvalue may expand to (the product of its run-time indexed arrays). */
enum { LVAL_MAX_CAND = 256 };

/* A sub-place of every candidate of b (and of b.pl): field, element or matrix row i. */
enum sub_kind { SUB_FIELD, SUB_ELEM, SUB_ROW };

static struct place sub_place(struct gen *g, const struct place *p, enum sub_kind k, unsigned i)
{
    if (k == SUB_FIELD)
        return gen_sub_field(p, i);
    if (k == SUB_ELEM)
        return gen_sub_elem(p, i);
    struct place q = *p;
    q.base += p->kind == P_TGSM ? i * p->type->cols * 4 : i; /* group-shared: by row */
    q.type = type_vector(g->c, p->type->base, p->type->cols);
    return q;
}

static struct lval lval_sub(struct gen *g, const struct lval *b, enum sub_kind k, unsigned i)
{
    struct lval l = *b;
    l.pl = sub_place(g, &b->pl, k, i);
    if (b->ncand) {
        l.cand = hc_alloc(g->c, b->ncand * sizeof(*l.cand));
        for (unsigned n = 0; n < b->ncand; n++)
            l.cand[n] = sub_place(g, &b->cand[n], k, i);
    }
    return l;
}

/* b[idx] at a run-time index: every element (matrix: row; vector: component) of every
 * candidate, under `idx == k`. */
static struct lval lval_dynamic(struct gen *g, const struct lval *b, struct val idx,
                                const struct loc_src *at)
{
    struct hc *c = g->c;
    const struct type *bt = b->pl.type;
    enum sub_kind kind = bt->cls == TC_MATRIX ? SUB_ROW : SUB_ELEM;
    bool comp = bt->cls == TC_VECTOR;
    unsigned count = comp ? bt->cols : kind == SUB_ROW ? bt->rows : bt->count;
    unsigned nb = b->ncand ? b->ncand : 1;
    if ((size_t)count * nb > LVAL_MAX_CAND)
        hc_error(c, at, 3500, "writing an array element at a run-time index: more than %d "
                 "elements to choose from", LVAL_MAX_CAND);
    if (b->pl.kind == P_TGSM)
        hc_error(c, at, 3000, "a run-time component index into groupshared memory is not "
                 "supported yet");
    struct lval l = *b;
    l.pl = comp ? b->pl : sub_place(g, &b->pl, kind, 0);
    l.ncand = count * nb;
    l.cand = hc_alloc(c, l.ncand * sizeof(*l.cand));
    l.cond = hc_alloc(c, l.ncand * sizeof(*l.cond));
    if (comp) {
        l.ccomp = hc_alloc(c, l.ncand);
        l.ncomp = 1;
        l.comps[0] = 0;
    }
    for (unsigned k = 0; k < count; k++) {
        struct val kv = gen_vnum(type_scalar(c, BT_INT), lop_imm_u(k));
        struct lop eq = gen_operand(g, gen_binary(g, OP_EQ, idx, kv, at));
        for (unsigned n = 0; n < nb; n++) {
            unsigned j = k * nb + n;
            const struct place *from = b->ncand ? &b->cand[n] : &b->pl;
            l.cand[j] = comp ? *from : sub_place(g, from, kind, k);
            if (comp)
                l.ccomp[j] = (uint8_t)k;
            l.cond[j] = b->ncand ? gen_alu(g, L_AND, 1, &b->cond[n], &eq, NULL) : eq;
        }
    }
    return l;
}

static struct lval lvalue(struct gen *g, struct expr *e)
{
    struct hc *c = g->c;
    struct lval l = {0};
    switch (e->kind) {
    case EX_IDENT: {
        struct sym *s = gen_lookup(g, e->name);
        if (!s)
            hc_error(c, &e->loc, 3004, "undeclared identifier '%s'", e->name);
        if (!s->v.is_place || (s->v.pl.kind != P_TEMP && s->v.pl.kind != P_TGSM) ||
            (s->var && (s->var->storage & SC_CONST)))
            hc_error(c, &e->loc, 3025, "'%s': l-value specifies const object", e->name);
        l.pl = s->v.pl;
        return l;
    }
    case EX_MEMBER: {
        struct lval b = lvalue(g, e->args[0]);
        if (b.ccomp)
            hc_error(c, &e->loc, 3018, "invalid subscript '%s' on a scalar", e->name);
        struct type *t = b.ncomp ? NULL : b.pl.type;
        if (t && t->cls == TC_STRUCT) {
            for (unsigned i = 0; i < t->nfields; i++)
                if (!strcmp(t->fields[i].name, e->name))
                    return lval_sub(g, &b, SUB_FIELD, i);
            hc_error(c, &e->loc, 3018, "invalid subscript '%s'", e->name);
        }
        l.ncand = b.ncand;
        l.cand = b.cand;
        l.cond = b.cond;
        if (t && (t->cls == TC_SCALAR || t->cls == TC_VECTOR)) {
            int n = gen_swizzle(e->name, t->cols, l.comps);
            if (n <= 0)
                hc_error(c, &e->loc, 3018, "invalid subscript '%s'", e->name);
            for (int i = 0; i < n; i++)
                for (int j = 0; j < i; j++)
                    if (l.comps[i] == l.comps[j])
                        hc_error(c, &e->loc, 3025, "l-value specifies the same component twice");
            l.pl = b.pl;
            l.ncomp = (unsigned)n;
            return l;
        }
        if (b.ncomp) {
            uint8_t sel[4];
            int n = gen_swizzle(e->name, b.ncomp, sel);
            if (n <= 0)
                hc_error(c, &e->loc, 3018, "invalid subscript '%s'", e->name);
            l.pl = b.pl;
            for (int i = 0; i < n; i++)
                l.comps[i] = b.comps[sel[i]];
            l.ncomp = (unsigned)n;
            return l;
        }
        hc_error(c, &e->loc, 3018, "invalid subscript '%s'", e->name);
    }
    case EX_INDEX: {
        struct lval b = lvalue(g, e->args[0]);
        struct type *t = b.pl.type;
        bool k;
        struct val dyn;
        if (b.ncomp)
            hc_error(c, &e->loc, 3000, "cannot index a swizzle");
        if (t->cls == TC_ARRAY) {
            unsigned i = gen_const_index(g, e->args[1], t->count, &k, &dyn);
            if (!k && b.pl.kind == P_TGSM && !b.ncand) {
                /* groupshared memory is addressed, not selected among (gen_tgsm.c) */
                l = b;
                l.pl = gen_tgsm_index(g, b.pl, dyn, &e->loc);
                return l;
            }
            if (!k)
                return lval_dynamic(g, &b, dyn, &e->loc);
            return lval_sub(g, &b, SUB_ELEM, i);
        }
        if (t->cls == TC_MATRIX) {
            unsigned i = gen_const_index(g, e->args[1], t->rows, &k, &dyn);
            if (!k)
                return lval_dynamic(g, &b, dyn, &e->loc);
            return lval_sub(g, &b, SUB_ROW, i);
        }
        if (t->cls == TC_VECTOR) {
            unsigned i = gen_const_index(g, e->args[1], t->cols, &k, &dyn);
            if (!k) {
                if (b.ccomp)
                    hc_error(c, &e->loc, 3000, "cannot index a vector component");
                return lval_dynamic(g, &b, dyn, &e->loc);
            }
            l = b;
            l.comps[0] = (uint8_t)i;
            l.ncomp = 1;
            return l;
        }
        hc_error(c, &e->loc, 3121, "array, matrix, vector, or indexable object type expected "
                 "in index expression");
    }
    default:
        hc_error(c, &e->loc, 3025, "l-value expected");
    }
}

static struct type *lval_type(struct gen *g, const struct lval *l)
{
    if (!l->ncomp)
        return l->pl.type;
    return type_vector(g->c, l->pl.type->base, l->ncomp);
}

/* dst = cond ? src : dst over every scalar/vector leaf of two places of one type (a matrix
 * leaf is a row); comps: only those components of a one-slot place (NULL: all). */
static void select_leaves(struct gen *g, struct place dst, struct place src, struct lop cond,
                          const uint8_t *comps, unsigned ncomp)
{
    struct type *t = dst.type;
    if (t->cls == TC_STRUCT) {
        for (unsigned i = 0; i < t->nfields; i++)
            select_leaves(g, gen_sub_field(&dst, i), gen_sub_field(&src, i), cond, NULL, 0);
        return;
    }
    if (t->cls == TC_ARRAY || t->cls == TC_MATRIX) {
        unsigned n = t->cls == TC_ARRAY ? t->count : t->rows;
        for (unsigned i = 0; i < n; i++)
            select_leaves(g, sub_place(g, &dst, t->cls == TC_ARRAY ? SUB_ELEM : SUB_ROW, i),
                          sub_place(g, &src, t->cls == TC_ARRAY ? SUB_ELEM : SUB_ROW, i),
                          cond, NULL, 0);
        return;
    }
    struct linst in = {0};
    in.op = L_MOVC;
    in.ndst = 1;
    in.nsrc = 3;
    in.dtype = (uint8_t)t->base;
    g->tbase[dst.base] = (uint8_t)t->base;
    in.dst[0] = lop_temp(dst.base, 4);
    in.dst[0].mask = 0;
    for (unsigned k = 0; k < (comps ? ncomp : t->cols); k++)
        in.dst[0].mask |= (uint8_t)(1u << (comps ? comps[k] : k));
    in.src[0] = lop_rep(cond);
    in.src[1] = lop_temp(src.base, 4);
    in.src[2] = lop_temp(dst.base, 4);
    lir_emit(g, &in);
}

/* The scalar component `comp` of one-slot place p into t.x, or there under cond. */
static void pick_comp(struct gen *g, uint32_t t, const struct place *p, unsigned comp,
                      const struct lop *cond)
{
    struct linst in = {0};
    in.op = cond ? L_MOVC : L_MOV;
    in.ndst = 1;
    in.nsrc = cond ? 3 : 1;
    in.dtype = (uint8_t)p->type->base;
    g->tbase[t] = (uint8_t)p->type->base;
    in.dst[0] = lop_temp(t, 1);
    struct lop s = lop_temp(p->base, 4);
    s.swz[0] = (uint8_t)comp;
    if (cond) {
        in.src[0] = lop_rep(*cond);
        in.src[1] = s;
        in.src[2] = lop_temp(t, 1);
    } else {
        in.src[0] = s;
    }
    lir_emit(g, &in);
}

static struct val lval_read(struct gen *g, const struct lval *l)
{
    if (l->ccomp) {
        uint32_t t = lir_temp(g, 1);
        pick_comp(g, t, &l->cand[0], l->ccomp[0], NULL);
        for (unsigned n = 1; n < l->ncand; n++)
            pick_comp(g, t, &l->cand[n], l->ccomp[n], &l->cond[n]);
        return gen_vnum(type_scalar(g->c, l->pl.type->base), lop_temp(t, 1));
    }
    if (l->ncand) {
        /* the first candidate, then each other one where its condition holds */
        struct place r = gen_new_place(g, l->pl.type);
        gen_copy(g, r, gen_place_val(g, l->cand[0]), NULL);
        for (unsigned n = 1; n < l->ncand; n++)
            select_leaves(g, r, l->cand[n], l->cond[n], NULL, 0);
        struct lval one = *l;
        one.pl = r;
        one.ncand = 0;
        return lval_read(g, &one);
    }
    struct val v = gen_place_val(g, l->pl);
    if (l->ncomp) {
        struct lop o = v.op, r = v.op;
        for (unsigned k = 0; k < 4; k++)
            r.swz[k] = o.swz[l->comps[k < l->ncomp ? k : l->ncomp - 1]];
        v = gen_vnum(lval_type(g, l), r);
    }
    return v;
}

static void lval_write(struct gen *g, const struct lval *l, struct val v, const struct loc_src *at)
{
    struct type *t = lval_type(g, l);
    v = gen_convert(g, v, t, at, false);
    if (l->ccomp) {
        /* the scalar in every component of a temp, then each candidate's own component */
        struct place tmp = gen_new_place(g, l->pl.type);
        gen_store(g, tmp, NULL, 0, gen_convert(g, v, l->pl.type, at, true), at);
        for (unsigned n = 0; n < l->ncand; n++)
            select_leaves(g, l->cand[n], tmp, l->cond[n], &l->ccomp[n], 1);
        return;
    }
    if (l->ncand) {
        /* the value once, in a temp shaped as the candidates, then one select per candidate */
        struct place tmp = gen_new_place(g, l->pl.type);
        if (l->ncomp)
            gen_store(g, tmp, l->comps, l->ncomp, v, at);
        else
            gen_copy(g, tmp, v, at);
        for (unsigned n = 0; n < l->ncand; n++)
            select_leaves(g, l->cand[n], tmp, l->cond[n], l->ncomp ? l->comps : NULL, l->ncomp);
        return;
    }
    if (l->ncomp)
        gen_store(g, l->pl, l->comps, l->ncomp, v, at);
    else
        gen_copy(g, l->pl, v, at);
}

struct val gen_dynamic_read(struct gen *g, struct place array, struct val idx,
                            const struct loc_src *at)
{
    struct lval whole = {0};
    whole.pl = array;
    struct lval l = lval_dynamic(g, &whole, idx, at);
    return lval_read(g, &l);
}

/* lvalue access for out/inout arguments (gen.c) */
void *gen_lvalue(struct gen *g, struct expr *e)
{
    struct lval *l = hc_alloc(g->c, sizeof(*l));
    *l = lvalue(g, e);
    return l;
}

bool gen_lvalue_place(void *lv, struct place *p, unsigned *comp)
{
    const struct lval *l = lv;
    if (l->ncand || l->ncomp > 1)
        return false;
    *p = l->pl;
    *comp = l->ncomp ? l->comps[0] : 0;
    return true;
}

struct type *gen_lvalue_type(struct gen *g, void *l)
{
    return lval_type(g, l);
}

void gen_lvalue_write(struct gen *g, void *l, struct val v, const struct loc_src *at)
{
    lval_write(g, l, v, at);
}

struct val gen_lvalue_read(struct gen *g, void *l)
{
    return lval_read(g, l);
}
