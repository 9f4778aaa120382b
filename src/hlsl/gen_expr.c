/* src/hlsl/gen_expr.c — expressions: values, places, implicit conversions, operators,
 * swizzles, constructors and the lvalues assignments write.
 *
 * Conversion rules (HLSL reference, "Type casting" and the implicit rules fxc applies): a
 * scalar converts to any vector or matrix (replicated); a vector or matrix converts to a
 * smaller one by truncation (warning X3206 when implicit); the base type converts with
 * ftoi/ftou/itof/utof, bool being 0 or ~0 (SM4: comparisons return ~0 for true) and turning
 * into 0/1 or 0.0/1.0; `(S)0` fills every member of struct S, `(float4[5])0` every element.  Binary operators promote to
 * the "larger" base (bool < int < uint < float) and to the common dimension (a scalar
 * replicates; two vectors meet at the shorter, with the truncation warning).
 */
#include "hlsl/gen.h"

#include <stdio.h>
#include <string.h>

static struct val vnum(struct type *t, struct lop op)
{
    struct val v = {0};
    v.type = t;
    v.op = op;
    return v;
}

static struct lop broadcast(struct lop o, unsigned n)
{
    (void)n;
    for (unsigned k = 1; k < 4; k++)
        o.swz[k] = o.swz[0];
    return o;
}

/* One instruction into a fresh temp of n components (value order = positions 0..n-1);
 * returns the result, an immediate when it folded. */
static struct lop alu(struct gen *g, enum lop_code op, unsigned n, bool sat, const struct lop *a,
                      const struct lop *b, const struct lop *c)
{
    struct linst in = {0};
    uint32_t t = lir_temp(g, 1);
    in.op = (uint16_t)op;
    in.sat = sat;
    in.ndst = 1;
    in.dst[0] = lop_temp(t, n);
    if (g->cur_dtype)
        g->tbase[t] = g->cur_dtype;
    else if (op >= L_LT && op <= L_UGE)
        g->tbase[t] = BT_BOOL;
    else if (!lop_infos[op].is_float || op == L_FTOI || op == L_FTOU)
        g->tbase[t] = op == L_ITOF || op == L_UTOF ? BT_FLOAT : BT_INT;
    const struct lop *s[3] = {a, b, c};
    for (unsigned i = 0; i < 3 && s[i]; i++)
        in.src[in.nsrc++] = *s[i];
    if (lop_infos[op].ndst == 2) {
        /* imul's low half and udiv's quotient: imul hi, lo, a, b / udiv q, r, a, b */
        in.ndst = 2;
        in.dst[1].file = LF_NULL;
        if (op == L_IMUL) {
            in.dst[1] = in.dst[0];
            in.dst[0].file = LF_NULL;
        }
    }
    size_t before = g->nins;
    lir_emit(g, &in);
    if (g->nins == before + 1) {
        const struct linst *last = &g->ins[g->nins - 1];
        if (last->op == L_MOV && last->ndst == 1 && last->dst[0].file == LF_TEMP &&
            last->dst[0].index == t &&
            last->src[0].file == LF_IMM && !last->sat) {
            struct lop r = last->src[0];
            g->nins--;
            return r;
        }
    }
    return lop_temp(t, n);
}

struct lop gen_alu(struct gen *g, enum lop_code op, unsigned n, const struct lop *a,
                   const struct lop *b, const struct lop *c)
{
    return alu(g, op, n, false, a, b, c);
}

struct lop gen_alu_sat(struct gen *g, enum lop_code op, unsigned n, const struct lop *a)
{
    return alu(g, op, n, true, a, NULL, NULL);
}

/* ---- places ------------------------------------------------------------------------------------ */

struct place gen_new_place(struct gen *g, struct type *t)
{
    struct place p = {P_TEMP, t, 0, 0, -1, false, false, -1, 0};
    unsigned n = type_slots(t);
    p.base = lir_temp(g, n ? n : 1);
    return p;
}

/* The operand of a numeric place of at most one slot (scalar or vector). */
static struct lop place_operand(const struct place *p)
{
    struct lop o = {0};
    unsigned n = p->type->cols;
    if (p->kind == P_TEMP) {
        o = lop_temp(p->base, n);
    } else if (p->kind == P_XTEMP) {
        o = lop_temp(0, n);
        o.file = LF_XTEMP;
        o.index = p->cb;
        o.reg = p->base;
        o.rel = p->rel;
    } else {
        o.file = LF_CB;
        o.index = p->cb;
        o.reg = p->base / 4;
        o.rel = p->rel;
        for (unsigned k = 0; k < 4; k++)
            o.swz[k] = (uint8_t)((p->base % 4) + (k < n ? k : n - 1));
    }
    return o;
}

/* Row r of a matrix place, as an operand of cols components. */
static struct lop mat_row(struct gen *g, const struct place *p, unsigned r)
{
    const struct type *t = p->type;
    if (p->kind == P_TEMP)
        return lop_temp(p->base + r, t->cols);
    if (p->kind == P_TGSM) {
        /* group-shared matrices are stored by row (gen_tgsm.c) */
        struct place row = *p;
        row.base += r * t->cols * 4;
        row.type = type_vector(g->c, t->base, t->cols);
        return gen_tgsm_load(g, &row).op;
    }
    if (p->kind == P_XTEMP) {
        struct place row = *p;
        row.base += r;
        row.type = type_vector(g->c, t->base, t->cols);
        return place_operand(&row);
    }
    struct lop o = {0};
    o.file = LF_CB;
    o.index = p->cb;
    o.rel = p->rel;
    if (t->row_major) {
        o.reg = p->base / 4 + r;
        for (unsigned k = 0; k < 4; k++)
            o.swz[k] = (uint8_t)(k < t->cols ? k : t->cols - 1);
        return o;
    }
    /* column_major: element (r, c) is register c, component r */
    uint32_t tmp = lir_temp(g, 1);
    for (unsigned c = 0; c < t->cols; c++) {
        struct linst in = {0};
        in.op = L_MOV;
        in.ndst = in.nsrc = 1;
        in.dst[0] = lop_temp(tmp, 4);
        in.dst[0].mask = (uint8_t)(1u << c);
        struct lop s = o;
        s.reg = p->base / 4 + c;
        for (unsigned k = 0; k < 4; k++)
            s.swz[k] = (uint8_t)r;
        in.src[0] = s;
        lir_emit(g, &in);
    }
    return lop_temp(tmp, t->cols);
}

/* Column c of a matrix place (rows components). */
static struct lop mat_col(struct gen *g, const struct place *p, unsigned col)
{
    const struct type *t = p->type;
    if (p->kind == P_CB && !t->row_major) {
        struct lop o = {0};
        o.file = LF_CB;
        o.index = p->cb;
        o.rel = p->rel;
        o.reg = p->base / 4 + col;
        for (unsigned k = 0; k < 4; k++)
            o.swz[k] = (uint8_t)(k < t->rows ? k : t->rows - 1);
        return o;
    }
    uint32_t tmp = lir_temp(g, 1);
    for (unsigned r = 0; r < t->rows; r++) {
        struct lop row = p->kind == P_TEMP ? lop_temp(p->base + r, t->cols) : mat_row(g, p, r);
        struct linst in = {0};
        in.op = L_MOV;
        in.ndst = in.nsrc = 1;
        in.dst[0] = lop_temp(tmp, 4);
        in.dst[0].mask = (uint8_t)(1u << r);
        in.src[0] = broadcast(row, 4);
        for (unsigned k = 0; k < 4; k++)
            in.src[0].swz[k] = row.swz[col];
        lir_emit(g, &in);
    }
    return lop_temp(tmp, t->rows);
}

/* A sub-place: field i of a struct, element i of an array, row i of a matrix. */
struct place gen_sub_field(const struct place *p, unsigned i)
{
    struct place q = *p;
    const struct type *t = p->type;
    q.type = t->fields[i].type;
    if (p->kind == P_TEMP || p->kind == P_XTEMP) {
        for (unsigned k = 0; k < i; k++)
            q.base += type_slots(t->fields[k].type);
    } else if (p->kind == P_TGSM) {
        q.base += gen_tight_field_offset(t, i);
    } else {
        q.base += type_cb_field_offset(t, i, p->d3d9);
    }
    return q;
}

struct place gen_sub_elem(const struct place *p, unsigned i)
{
    struct place q = *p;
    q.type = p->type->elem;
    if (p->kind == P_TGSM && p->whole) {
        q.whole = false;          /* element i of a structured g# */
        q.erel = -1;
        q.elem = i;
    } else if (p->kind == P_TGSM) {
        q.base += i * gen_tight_size(q.type);
    } else if (p->kind == P_TEMP || p->kind == P_XTEMP)
        q.base += i * type_slots(q.type);
    else
        q.base += i * type_cb_array_stride(q.type, p->d3d9);
    return q;
}

struct val gen_place_val(struct gen *g, struct place p)
{
    struct val v = {0};
    v.type = p.type;
    if (p.kind == P_TGSM && (p.type->cls == TC_SCALAR || p.type->cls == TC_VECTOR))
        return gen_tgsm_load(g, &p);
    if (p.type->cls == TC_SCALAR || p.type->cls == TC_VECTOR) {
        v.op = place_operand(&p);
        if (p.kind == P_CB && p.type->base == BT_BOOL) {
            /* a bool in a constant buffer is any non-zero 32-bit value (applications write
             * TRUE = 1); the program's bools are ~0 / 0 */
            struct lop zero = lop_imm_u(0);
            v.op = alu(g, L_INE, p.type->cols, false, &v.op, &zero, NULL);
        }
        return v;
    }
    v.is_place = true;
    v.pl = p;
    return v;
}

/* ---- conversions --------------------------------------------------------------------------- */

static struct lop convert_base(struct gen *g, struct lop o, unsigned n, enum base_type from,
                               enum base_type to)
{
    if (from == to || (from == BT_INT && to == BT_UINT) || (from == BT_UINT && to == BT_INT))
        return o;
    struct lop one = lop_imm_f(1.0f), zero = lop_imm_u(0), ione = lop_imm_u(1);
    switch (to) {
    case BT_FLOAT:
        if (from == BT_BOOL)
            return alu(g, L_AND, n, false, &o, &one, NULL);
        return alu(g, from == BT_INT ? L_ITOF : L_UTOF, n, false, &o, NULL, NULL);
    case BT_INT:
    case BT_UINT:
        if (from == BT_BOOL)
            return alu(g, L_AND, n, false, &o, &ione, NULL);
        return alu(g, to == BT_INT ? L_FTOI : L_FTOU, n, false, &o, NULL, NULL);
    case BT_BOOL:
        return alu(g, from == BT_FLOAT ? L_NE : L_INE, n, false, &o, &zero, NULL);
    default:
        return o;
    }
}

struct lop gen_operand(struct gen *g, struct val v)
{
    (void)g;
    if (v.is_place)
        return place_operand(&v.pl);
    return v.op;
}

static void fill_place(struct gen *g, struct place dst, struct val scalar,
                       const struct loc_src *at)
{
    struct type *t = dst.type;
    if (t->cls == TC_STRUCT) {
        for (unsigned i = 0; i < t->nfields; i++)
            fill_place(g, gen_sub_field(&dst, i), scalar, at);
    } else if (t->cls == TC_ARRAY) {
        for (unsigned i = 0; i < t->count; i++)
            fill_place(g, gen_sub_elem(&dst, i), scalar, at);
    } else if (type_is_numeric(t)) {
        struct val c = gen_convert(g, scalar, t, at, true);
        gen_copy(g, dst, c, at);
    } else {
        hc_error(g->c, at, 3017, "cannot convert to '%s'", type_name(g->c, t));
    }
}

struct val gen_convert(struct gen *g, struct val v, struct type *to, const struct loc_src *at,
                       bool explicit_cast)
{
    struct type *from = v.type;
    struct hc *c = g->c;
    if (type_equal(from, to))
        return v;
    if (type_is_numeric(from) && type_is_numeric(to)) {
        unsigned fn = type_components(from), tn = type_components(to);
        if (to->cls == TC_MATRIX || from->cls == TC_MATRIX) {
            if (from->cls == TC_SCALAR) {
                /* replicate into every row */
                struct place p = gen_new_place(g, to);
                struct lop s = convert_base(g, broadcast(gen_operand(g, v), 4), 4, from->base,
                                            to->base);
                for (unsigned r = 0; r < to->rows; r++) {
                    struct place row = p;
                    row.base += r;
                    row.type = type_vector(c, to->base, to->cols);
                    gen_store(g, row, NULL, 0, vnum(row.type, s), at);
                }
                return gen_place_val(g, p);
            }
            if (from->cls == TC_MATRIX && to->cls == TC_MATRIX && to->rows <= from->rows &&
                to->cols <= from->cols) {
                if (!explicit_cast && (to->rows < from->rows || to->cols < from->cols))
                    hc_warning(c, at, 3206, "implicit truncation of vector type");
                struct place p = gen_new_place(g, to);
                for (unsigned r = 0; r < to->rows; r++) {
                    struct lop row = mat_row(g, &v.pl, r);
                    row = convert_base(g, row, from->cols, from->base, to->base);
                    struct place dr = p;
                    dr.base += r;
                    dr.type = type_vector(c, to->base, to->cols);
                    gen_store(g, dr, NULL, 0, vnum(dr.type, row), at);
                }
                return gen_place_val(g, p);
            }
            hc_error(c, at, 3017, "cannot convert from '%s' to '%s'", type_name(c, from),
                     type_name(c, to));
        }
        struct lop o = gen_operand(g, v);
        if (fn == 1 && tn > 1) {
            o = broadcast(o, tn);
        } else if (tn < fn) {
            if (!explicit_cast && !g->dry)
                hc_warning(c, at, 3206, "implicit truncation of vector type");
        } else if (tn > fn) {
            hc_error(c, at, 3017, "cannot convert from '%s' to '%s'", type_name(c, from),
                     type_name(c, to));
        }
        o = convert_base(g, o, tn, from->base, to->base);
        return vnum(to, o);
    }
    if ((to->cls == TC_STRUCT || to->cls == TC_ARRAY) && from->cls == TC_SCALAR &&
        explicit_cast) {
        struct place p = gen_new_place(g, to);
        fill_place(g, p, v, at);
        return gen_place_val(g, p);
    }
    hc_error(c, at, 3017, "cannot %sconvert from '%s' to '%s'", explicit_cast ? "" : "implicitly ",
             type_name(c, from), type_name(c, to));
}

/* ---- stores ------------------------------------------------------------------------------------ */

/* Writes numeric v into a one-slot temp place, components comps[0..ncomp) (NULL: all). */
void gen_store(struct gen *g, struct place dst, const uint8_t *comps, unsigned ncomp,
               struct val v, const struct loc_src *at)
{
    if (dst.kind == P_TGSM) {
        gen_tgsm_store(g, dst, comps, ncomp, v, at);
        return;
    }
    if (dst.kind != P_TEMP)
        hc_error(g->c, at, 3025, "l-value specifies const object");
    uint8_t all[4] = {0, 1, 2, 3};
    if (!comps) {
        comps = all;
        ncomp = dst.type->cols;
    }
    struct lop s = gen_operand(g, v);
    struct linst in = {0};
    g->tbase[dst.base] = (uint8_t)dst.type->base;
    in.op = L_MOV;
    in.dtype = (uint8_t)dst.type->base;
    in.ndst = in.nsrc = 1;
    in.dst[0] = lop_temp(dst.base, 4);
    in.dst[0].mask = 0;
    struct lop src = s;
    for (unsigned k = 0; k < ncomp; k++) {
        in.dst[0].mask |= (uint8_t)(1u << comps[k]);
        src.swz[comps[k]] = s.swz[k];
    }
    in.src[0] = src;
    lir_emit(g, &in);
}

/* dst = src (same type; src converted by the caller). */
void gen_copy(struct gen *g, struct place dst, struct val src, const struct loc_src *at)
{
    struct type *t = dst.type;
    if (t->cls == TC_SCALAR || t->cls == TC_VECTOR) {
        gen_store(g, dst, NULL, 0, src, at);
        return;
    }
    if (!src.is_place)
        hc_error(g->c, at, 3017, "cannot assign to '%s'", type_name(g->c, t));
    if (t->cls == TC_MATRIX) {
        for (unsigned r = 0; r < t->rows; r++) {
            struct place row = dst;
            row.base += dst.kind == P_TGSM ? r * t->cols * 4 : r;
            row.type = type_vector(g->c, t->base, t->cols);
            gen_store(g, row, NULL, 0, vnum(row.type, mat_row(g, &src.pl, r)), at);
        }
    } else if (t->cls == TC_STRUCT) {
        for (unsigned i = 0; i < t->nfields; i++)
            gen_copy(g, gen_sub_field(&dst, i), gen_place_val(g, gen_sub_field(&src.pl, i)), at);
    } else if (t->cls == TC_ARRAY) {
        for (unsigned i = 0; i < t->count; i++)
            gen_copy(g, gen_sub_elem(&dst, i), gen_place_val(g, gen_sub_elem(&src.pl, i)), at);
    } else {
        hc_error(g->c, at, 3017, "cannot assign objects of type '%s'", type_name(g->c, t));
    }
}

/* ---- swizzles ---------------------------------------------------------------------------------- */

int gen_swizzle(const char *s, unsigned max, uint8_t *out)
{
    unsigned n = 0;
    const char *sets[2] = {"xyzw", "rgba"};
    int set = -1;
    for (; *s; s++) {
        int found = -1;
        for (int k = 0; k < 2 && found < 0; k++) {
            const char *q = strchr(sets[k], *s);
            if (q && (set < 0 || set == k)) {
                found = (int)(q - sets[k]);
                set = k;
            }
        }
        if (found < 0 || (unsigned)found >= max || n == 4)
            return -1;
        out[n++] = (uint8_t)found;
    }
    return (int)n;
}

/* ---- operators -------------------------------------------------------------------------------- */

static enum base_type promote(enum base_type a, enum base_type b)
{
    return a > b ? a : b;
}

/* The common type of a binary operation's operands (dimensions and base). */
static struct type *common_type(struct gen *g, struct type *a, struct type *b, enum base_type base,
                                const struct loc_src *at)
{
    struct hc *c = g->c;
    if (!type_is_numeric(a) || !type_is_numeric(b))
        hc_error(c, at, 3020, "type mismatch: '%s' and '%s'", type_name(c, a), type_name(c, b));
    if (a->cls == TC_SCALAR)
        return type_numeric(c, base, b->rows, b->cols, b->cls);
    if (b->cls == TC_SCALAR)
        return type_numeric(c, base, a->rows, a->cols, a->cls);
    if (a->cls == TC_MATRIX || b->cls == TC_MATRIX) {
        if (a->cls != b->cls)
            hc_error(c, at, 3020, "type mismatch between '%s' and '%s'", type_name(c, a),
                     type_name(c, b));
        unsigned r = a->rows < b->rows ? a->rows : b->rows, cl = a->cols < b->cols ? a->cols : b->cols;
        if ((r != a->rows || cl != a->cols || r != b->rows || cl != b->cols) && !g->dry)
            hc_warning(c, at, 3206, "implicit truncation of vector type");
        return type_matrix(c, base, r, cl);
    }
    unsigned n = a->cols < b->cols ? a->cols : b->cols;
    if (a->cols != b->cols && !g->dry)
        hc_warning(c, at, 3206, "implicit truncation of vector type");
    return type_vector(c, base, n);
}

static struct lop neg(struct lop o)
{
    o.neg = !o.neg;
    return o;
}

/* One component-wise arithmetic op on numeric operands of type t (no matrices). */
static struct lop arith(struct gen *g, int op, enum base_type base, unsigned n, struct lop a,
                        struct lop b, const struct loc_src *at)
{
    struct hc *c = g->c;
    bool f = base == BT_FLOAT;
    bool u = base == BT_UINT;
    switch (op) {
    case '+': return alu(g, f ? L_ADD : L_IADD, n, false, &a, &b, NULL);
    case '-': {
        if (f) {
            struct lop nb = neg(b);
            return alu(g, L_ADD, n, false, &a, &nb, NULL);
        }
        struct lop nb = alu(g, L_INEG, n, false, &b, NULL, NULL);
        return alu(g, L_IADD, n, false, &a, &nb, NULL);
    }
    case '*': return alu(g, f ? L_MUL : L_IMUL, n, false, &a, &b, NULL);
    case '/':
        if (f)
            return alu(g, L_DIV, n, false, &a, &b, NULL);
        if (u)
            return alu(g, L_UDIV, n, false, &a, &b, NULL);
        {
            /* signed: |a| / |b|, negated when the signs differ */
            struct lop zero = lop_imm_u(0);
            struct lop na = alu(g, L_INEG, n, false, &a, NULL, NULL);
            struct lop nb = alu(g, L_INEG, n, false, &b, NULL, NULL);
            struct lop aa = alu(g, L_IMAX, n, false, &a, &na, NULL);
            struct lop ab = alu(g, L_IMAX, n, false, &b, &nb, NULL);
            struct lop q = alu(g, L_UDIV, n, false, &aa, &ab, NULL);
            struct lop x = alu(g, L_XOR, n, false, &a, &b, NULL);
            struct lop sgn = alu(g, L_ILT, n, false, &x, &zero, NULL);
            struct lop nq = alu(g, L_INEG, n, false, &q, NULL, NULL);
            return alu(g, L_MOVC, n, false, &sgn, &nq, &q);
        }
    case '%':
        if (f) {
            /* a - b * trunc(a / b) (fmod) */
            struct lop d = alu(g, L_DIV, n, false, &a, &b, NULL);
            struct lop t = alu(g, L_ROUND_Z, n, false, &d, NULL, NULL);
            struct lop nt = neg(t);
            return alu(g, L_MAD, n, false, &nt, &b, &a);
        }
        if (u) {
            struct linst in = {0};
            uint32_t t = lir_temp(g, 1);
            in.op = L_UDIV;
            in.ndst = 2;
            in.dst[0].file = LF_NULL;
            in.dst[1] = lop_temp(t, n);
            in.nsrc = 2;
            in.src[0] = a;
            in.src[1] = b;
            lir_emit(g, &in);
            return lop_temp(t, n);
        } else {
            /* the sign of the remainder is the dividend's */
            struct lop zero = lop_imm_u(0);
            struct lop na = alu(g, L_INEG, n, false, &a, NULL, NULL);
            struct lop nb = alu(g, L_INEG, n, false, &b, NULL, NULL);
            struct lop aa = alu(g, L_IMAX, n, false, &a, &na, NULL);
            struct lop ab = alu(g, L_IMAX, n, false, &b, &nb, NULL);
            struct linst in = {0};
            uint32_t t = lir_temp(g, 1);
            in.op = L_UDIV;
            in.ndst = 2;
            in.dst[0].file = LF_NULL;
            in.dst[1] = lop_temp(t, n);
            in.nsrc = 2;
            in.src[0] = aa;
            in.src[1] = ab;
            lir_emit(g, &in);
            struct lop r = lop_temp(t, n);
            struct lop sgn = alu(g, L_ILT, n, false, &a, &zero, NULL);
            struct lop nr = alu(g, L_INEG, n, false, &r, NULL, NULL);
            return alu(g, L_MOVC, n, false, &sgn, &nr, &r);
        }
    case '&': case '|': case '^': case OP_SHL: case OP_SHR:
        if (f)
            hc_error(c, at, 3082, "int or unsigned int type required");
        return alu(g, op == '&' ? L_AND : op == '|' ? L_OR : op == '^' ? L_XOR :
                   op == OP_SHL ? L_ISHL : u ? L_USHR : L_ISHR, n, false, &a, &b, NULL);
    case '<': case '>': case OP_LE: case OP_GE: case OP_EQ: case OP_NE: {
        /* a > b is b < a; a <= b is b >= a */
        bool swap = op == '>' || op == OP_LE;
        struct lop x = swap ? b : a, y = swap ? a : b;
        enum lop_code code;
        if (op == '<' || op == '>')
            code = f ? L_LT : u ? L_ULT : L_ILT;
        else if (op == OP_LE || op == OP_GE)
            code = f ? L_GE : u ? L_UGE : L_IGE;
        else if (op == OP_EQ)
            code = f ? L_EQ : L_IEQ;
        else
            code = f ? L_NE : L_INE;
        return alu(g, code, n, false, &x, &y, NULL);
    }
    default:
        hc_error(c, at, 3000, "unsupported operator");
    }
}

static bool is_comparison(int op)
{
    return op == '<' || op == '>' || op == OP_LE || op == OP_GE || op == OP_EQ || op == OP_NE;
}

static struct val binary_vals(struct gen *g, int op, struct val a, struct val b,
                              const struct loc_src *at)
{
    struct hc *c = g->c;
    if (!type_is_numeric(a.type) || !type_is_numeric(b.type))
        hc_error(c, at, 3020, "type mismatch: operator applied to '%s' and '%s'",
                 type_name(c, a.type), type_name(c, b.type));
    if (op == OP_AND || op == OP_OR) {
        struct type *t = common_type(g, a.type, b.type, BT_BOOL, at);
        struct val x = gen_convert(g, a, t, at, false), y = gen_convert(g, b, t, at, false);
        if (t->cls == TC_MATRIX)
            hc_error(c, at, 3020, "logical operators on matrices are not supported yet");
        struct lop xo = gen_operand(g, x), yo = gen_operand(g, y);
        return vnum(t, alu(g, op == OP_AND ? L_AND : L_OR, t->cols, false, &xo, &yo, NULL));
    }
    enum base_type base = promote(a.type->base, b.type->base);
    if (base == BT_BOOL && !is_comparison(op))
        base = BT_INT;
    if ((op == '&' || op == '|' || op == '^' || op == OP_SHL || op == OP_SHR) && base == BT_FLOAT)
        hc_error(c, at, 3082, "int or unsigned int type required");
    struct type *t = common_type(g, a.type, b.type, base, at);
    struct val x = gen_convert(g, a, t, at, false), y = gen_convert(g, b, t, at, false);
    if (t->cls == TC_MATRIX) {
        struct type *rt = is_comparison(op) ? type_matrix(c, BT_BOOL, t->rows, t->cols) : t;
        struct place p = gen_new_place(g, rt);
        for (unsigned r = 0; r < t->rows; r++) {
            struct lop xr = mat_row(g, &x.pl, r), yr = mat_row(g, &y.pl, r);
            struct lop res = arith(g, op, base, t->cols, xr, yr, at);
            struct place row = p;
            row.base += r;
            row.type = type_vector(c, rt->base, t->cols);
            gen_store(g, row, NULL, 0, vnum(row.type, res), at);
        }
        return gen_place_val(g, p);
    }
    struct lop res = arith(g, op, base, t->cols, gen_operand(g, x), gen_operand(g, y), at);
    struct type *rt = is_comparison(op) ? type_vector(c, BT_BOOL, t->cols) : t;
    return vnum(rt, res);
}

struct val gen_bool(struct gen *g, struct val v, const struct loc_src *at)
{
    if (!type_is_numeric(v.type) || v.type->cls == TC_MATRIX)
        hc_error(g->c, at, 3020, "a scalar or vector condition expected");
    return gen_convert(g, v, type_vector(g->c, BT_BOOL, v.type->cols), at, true);
}

/* A constant index (true in *is_const) within [0, limit), or the dynamic index as an int. */
unsigned gen_const_index(struct gen *g, struct expr *e, unsigned limit, bool *is_const,
                         struct val *dyn)
{
    struct val v = gen_expr(g, e);
    if (!type_is_numeric(v.type) || v.type->cls != TC_SCALAR)
        hc_error(g->c, &e->loc, 3120, "an index must be a scalar");
    struct val iv = gen_convert(g, v, type_scalar(g->c, BT_INT), &e->loc, true);
    struct lop o = gen_operand(g, iv);
    uint32_t k;
    if (lir_known(g, &o, 1, &k)) {
        *is_const = true;
        if ((int32_t)k < 0 || k >= limit)
            hc_error(g->c, &e->loc, 3504, "array index %d out of bounds (%u elements)", (int)k,
                     limit);
        return k;
    }
    *is_const = false;
    *dyn = iv;
    return 0;
}

static struct val member(struct gen *g, struct expr *e)
{
    struct hc *c = g->c;
    struct val b = gen_expr(g, e->args[0]);
    struct type *t = b.type;
    if (t->cls == TC_STRUCT) {
        for (unsigned i = 0; i < t->nfields; i++)
            if (!strcmp(t->fields[i].name, e->name))
                return gen_place_val(g, gen_sub_field(&b.pl, i));
        hc_error(c, &e->loc, 3018, "invalid subscript '%s'", e->name);
    }
    if (t->cls == TC_SCALAR || t->cls == TC_VECTOR) {
        uint8_t sel[4];
        int n = gen_swizzle(e->name, t->cols, sel);
        if (n <= 0)
            hc_error(c, &e->loc, 3018, "invalid subscript '%s'", e->name);
        struct lop o = gen_operand(g, b), r = o;
        for (unsigned k = 0; k < 4; k++)
            r.swz[k] = o.swz[sel[k < (unsigned)n ? k : (unsigned)n - 1]];
        return vnum(type_vector(c, t->base, (unsigned)n), r);
    }
    if (t->cls == TC_MATRIX && e->name[0] == '_') {
        /* ._m00, ._11: elements gathered into a vector */
        const char *s = e->name;
        unsigned n = 0;
        uint32_t tmp = lir_temp(g, 1);
        while (*s == '_' && n < 4) {
            unsigned r, cl;
            if (s[1] == 'm' && s[2] >= '0' && s[2] <= '3' && s[3] >= '0' && s[3] <= '3') {
                r = (unsigned)(s[2] - '0');
                cl = (unsigned)(s[3] - '0');
                s += 4;
            } else if (s[1] >= '1' && s[1] <= '4' && s[2] >= '1' && s[2] <= '4') {
                r = (unsigned)(s[1] - '1');
                cl = (unsigned)(s[2] - '1');
                s += 3;
            } else {
                break;
            }
            if (r >= t->rows || cl >= t->cols)
                hc_error(c, &e->loc, 3018, "invalid subscript '%s'", e->name);
            struct lop row = mat_row(g, &b.pl, r);
            struct linst in = {0};
            in.op = L_MOV;
            in.ndst = in.nsrc = 1;
            in.dst[0] = lop_temp(tmp, 4);
            in.dst[0].mask = (uint8_t)(1u << n);
            in.src[0] = row;
            for (unsigned k = 0; k < 4; k++)
                in.src[0].swz[k] = row.swz[cl];
            lir_emit(g, &in);
            n++;
        }
        if (*s || !n)
            hc_error(c, &e->loc, 3018, "invalid subscript '%s'", e->name);
        return vnum(type_vector(c, t->base, n), lop_temp(tmp, n));
    }
    hc_error(c, &e->loc, 3018, "invalid subscript '%s' on '%s'", e->name, type_name(c, t));
}

/* srcs[k] (ncomp components each) where idx == k, srcs[0] otherwise: a movc chain (a run-time
 * vector component or matrix row; the D3D targets have no indexing of either). */
static struct lop pick_dynamic(struct gen *g, const struct lop *srcs, unsigned n, unsigned ncomp,
                               enum base_type base, struct val idx, const struct loc_src *at)
{
    uint32_t t = lir_temp(g, 1);
    g->tbase[t] = (uint8_t)base;
    for (unsigned k = 0; k < n; k++) {
        struct linst in = {0};
        struct lop cond = {0};
        if (k) {
            struct val kv = vnum(type_scalar(g->c, BT_INT), lop_imm_u(k));
            cond = broadcast(gen_operand(g, binary_vals(g, OP_EQ, idx, kv, at)), 4);
        }
        in.op = k ? L_MOVC : L_MOV;
        in.ndst = 1;
        in.nsrc = k ? 3 : 1;
        in.dtype = (uint8_t)base;
        in.dst[0] = lop_temp(t, ncomp);
        in.dst[0].mask = (uint8_t)((1u << ncomp) - 1);
        if (k) {
            in.src[0] = cond;
            in.src[1] = srcs[k];
            in.src[2] = lop_temp(t, ncomp);
        } else {
            in.src[0] = srcs[k];
        }
        lir_emit(g, &in);
    }
    return lop_temp(t, ncomp);
}

static struct val index_expr(struct gen *g, struct expr *e)
{
    struct hc *c = g->c;
    struct val r;
    if (e->args[0]->kind == EX_IDENT) {
        struct sym *s = gen_lookup(g, e->args[0]->name);
        if (s && s->v.is_place && s->v.pl.kind == P_RES && gen_buffer_index(g, e, &r))
            return r; /* buffer[i], view[c] (gen_buffer.c) */
    }
    struct val b = gen_expr(g, e->args[0]);
    struct type *t = b.type;
    bool k;
    struct val dyn;
    if (t->cls == TC_ARRAY) {
        unsigned i = gen_const_index(g, e->args[1], t->count, &k, &dyn);
        if (k)
            return gen_place_val(g, gen_sub_elem(&b.pl, i));
        struct place q = b.pl;
        if (q.kind == P_TGSM)
            return gen_place_val(g, gen_tgsm_index(g, q, dyn, &e->loc));
        if (q.kind == P_TEMP) {
            /* a local array read at a run-time index: copied into an indexable temp (x#); SM2
             * and SM3 have none, so there it is a select over the elements (struct lval) */
            if (hc_sm2(c))
                return gen_dynamic_read(g, q, dyn, &e->loc);
            unsigned total = type_slots(t);
            if (g->nx == 64 || total > 4096)
                hc_error(c, &e->loc, 3500, "too many or too large indexable arrays");
            unsigned id = g->nx++;
            g->xsize[id] = total;
            for (unsigned k2 = 0; k2 < total; k2++) {
                struct linst in = {0};
                in.op = L_MOV;
                in.ndst = in.nsrc = 1;
                in.dst[0] = lop_temp(0, 4);
                in.dst[0].file = LF_XTEMP;
                in.dst[0].index = id;
                in.dst[0].reg = k2;
                in.src[0] = lop_temp(q.base + k2, 4);
                lir_emit(g, &in);
            }
            q.kind = P_XTEMP;
            q.cb = id;
            q.base = 0;
            q.rel = -1;
        }
        /* register offset: index * stride (registers), added to any offset so far */
        q.type = t->elem;
        unsigned stride = q.kind == P_XTEMP ? type_slots(t->elem)
                                            : type_cb_array_stride(t->elem, q.d3d9) / 4;
        struct lop idx = gen_operand(g, dyn);
        struct lop s = lop_imm_u(stride);
        struct lop off = stride == 1 ? idx : alu(g, L_IMUL, 1, false, &idx, &s, NULL);
        if (q.rel >= 0) {
            struct lop prev = lop_temp((uint32_t)q.rel, 1);
            off = alu(g, L_IADD, 1, false, &prev, &off, NULL);
        }
        if (off.file != LF_TEMP) {
            uint32_t tt = lir_temp(g, 1);
            struct linst in = {0};
            in.op = L_MOV;
            in.ndst = in.nsrc = 1;
            in.dst[0] = lop_temp(tt, 1);
            in.src[0] = off;
            lir_emit(g, &in);
            off = lop_temp(tt, 1);
        } else if (off.swz[0] != 0) {
            off = alu(g, L_MOV, 1, false, &off, NULL, NULL);
        }
        q.rel = (int32_t)off.index;
        if (q.kind == P_CB && q.cb < 16)
            g->cb_dynamic[q.cb] = true;
        return gen_place_val(g, q);
    }
    if (t->cls == TC_MATRIX) {
        unsigned i = gen_const_index(g, e->args[1], t->rows, &k, &dyn);
        if (!k) {
            struct lop rows[4];
            for (unsigned r = 0; r < t->rows; r++)
                rows[r] = mat_row(g, &b.pl, r);
            return vnum(type_vector(c, t->base, t->cols),
                        pick_dynamic(g, rows, t->rows, t->cols, t->base, dyn, &e->loc));
        }
        return vnum(type_vector(c, t->base, t->cols), mat_row(g, &b.pl, i));
    }
    if (t->cls == TC_VECTOR) {
        unsigned i = gen_const_index(g, e->args[1], t->cols, &k, &dyn);
        struct lop o = gen_operand(g, b);
        if (!k) {
            struct lop comps[4];
            for (unsigned q = 0; q < t->cols; q++) {
                comps[q] = o;
                for (unsigned p2 = 0; p2 < 4; p2++)
                    comps[q].swz[p2] = o.swz[q];
            }
            return vnum(type_scalar(c, t->base),
                        pick_dynamic(g, comps, t->cols, 1, t->base, dyn, &e->loc));
        }
        for (unsigned q = 0; q < 4; q++)
            o.swz[q] = o.swz[i];
        return vnum(type_scalar(c, t->base), o);
    }
    hc_error(c, &e->loc, 3121, "array, matrix, vector, or indexable object type expected in "
             "index expression");
}

/* float4(a, b, ...): the arguments' components in order. */
static struct val construct(struct gen *g, struct type *t, struct expr **args, unsigned nargs,
                            const struct loc_src *at)
{
    struct hc *c = g->c;
    if (!type_is_numeric(t))
        hc_error(c, at, 3037, "constructors only defined for numeric base types");
    unsigned want = type_components(t);
    struct { struct lop o; unsigned n; } parts[16];
    unsigned nparts = 0, have = 0;
    for (unsigned i = 0; i < nargs; i++) {
        struct val v = gen_expr(g, args[i]);
        if (!type_is_numeric(v.type))
            hc_error(c, &args[i]->loc, 3017, "cannot convert from '%s' to a numeric type",
                     type_name(c, v.type));
        enum base_type b = v.type->base;
        struct type *conv = type_numeric(c, t->base, v.type->rows, v.type->cols, v.type->cls);
        if (v.type->cls == TC_MATRIX) {
            for (unsigned r = 0; r < v.type->rows; r++) {
                if (nparts == 16)
                    hc_error(c, at, 3014, "too many components in the constructor");
                struct lop row = mat_row(g, &v.pl, r);
                parts[nparts].o = convert_base(g, row, v.type->cols, b, t->base);
                parts[nparts++].n = v.type->cols;
                have += v.type->cols;
            }
            continue;
        }
        v = gen_convert(g, v, conv, &args[i]->loc, true);
        if (nparts == 16)
            hc_error(c, at, 3014, "too many components in the constructor");
        parts[nparts].o = gen_operand(g, v);
        parts[nparts++].n = v.type->cols;
        have += v.type->cols;
    }
    if (have == 1 && want > 1 && nparts == 1) {
        struct val s = vnum(type_scalar(c, t->base), parts[0].o);
        return gen_convert(g, s, t, at, true);
    }
    if (have != want)
        hc_error(c, at, 3014, "incorrect number of arguments to numeric-type constructor "
                 "(%u components for %s)", have, type_name(c, t));
    struct place p = gen_new_place(g, t);
    unsigned comp = 0;
    for (unsigned i = 0; i < nparts; i++) {
        for (unsigned k = 0; k < parts[i].n;) {
            unsigned slot = comp / t->cols, col = comp % t->cols;
            unsigned take = parts[i].n - k;
            if (take > t->cols - col)
                take = t->cols - col;
            struct linst in = {0};
            in.op = L_MOV;
            in.ndst = in.nsrc = 1;
            in.dst[0] = lop_temp(p.base + slot, 4);
            in.dst[0].mask = 0;
            in.src[0] = parts[i].o;
            for (unsigned q = 0; q < take; q++) {
                in.dst[0].mask |= (uint8_t)(1u << (col + q));
                in.src[0].swz[col + q] = parts[i].o.swz[k + q];
            }
            lir_emit(g, &in);
            k += take;
            comp += take;
        }
    }
    return gen_place_val(g, p);
}

static struct val assign(struct gen *g, struct expr *e)
{
    struct val stored;
    if (gen_buffer_assign(g, e, &stored))
        return stored; /* view[c] = v: a store (gen_buffer.c) */
    void *l = gen_lvalue(g, e->args[0]);
    struct val r = gen_expr(g, e->args[1]);
    if (e->op != '=') {
        struct val cur = gen_lvalue_read(g, l);
        r = binary_vals(g, e->op, cur, r, &e->loc);
    }
    gen_lvalue_write(g, l, r, &e->loc);
    return gen_lvalue_read(g, l);
}

static struct val incdec(struct gen *g, struct expr *e, bool post)
{
    void *l = gen_lvalue(g, e->args[0]);
    struct val cur = gen_lvalue_read(g, l);
    if (!type_is_numeric(cur.type))
        hc_error(g->c, &e->loc, 3020, "++/-- need a numeric variable");
    struct val saved = cur;
    if (post) {
        struct lop o = gen_operand(g, cur);
        saved = vnum(cur.type, alu(g, L_MOV, cur.type->cols, false, &o, NULL, NULL));
    }
    struct val one = vnum(type_scalar(g->c, BT_INT), lop_imm_u(1));
    struct val r = binary_vals(g, e->op == OP_INC ? '+' : '-', cur, one, &e->loc);
    gen_lvalue_write(g, l, r, &e->loc);
    return post ? saved : gen_lvalue_read(g, l);
}

static struct val init_list_val(struct gen *g, struct expr *e, struct type *t);

struct val gen_init(struct gen *g, struct expr *e, struct type *t)
{
    if (e->kind == EX_INIT_LIST)
        return init_list_val(g, e, t);
    return gen_convert(g, gen_expr(g, e), t, &e->loc, false);
}

/* {a, b, c}: flattened scalars into the leaves of t, in order (HLSL initializer rules). */
static void init_leaves(struct gen *g, struct place p, struct val *vals, unsigned nvals,
                        unsigned *at, const struct loc_src *loc)
{
    struct type *t = p.type;
    if (t->cls == TC_STRUCT) {
        for (unsigned i = 0; i < t->nfields; i++)
            init_leaves(g, gen_sub_field(&p, i), vals, nvals, at, loc);
    } else if (t->cls == TC_ARRAY) {
        for (unsigned i = 0; i < t->count; i++)
            init_leaves(g, gen_sub_elem(&p, i), vals, nvals, at, loc);
    } else if (type_is_numeric(t)) {
        for (unsigned r = 0; r < t->rows; r++)
            for (unsigned cl = 0; cl < t->cols; cl++) {
                if (*at >= nvals)
                    hc_error(g->c, loc, 3014, "not enough values in the initializer");
                struct val s = gen_convert(g, vals[(*at)++], type_scalar(g->c, t->base), loc, true);
                struct place q = p;
                q.base += r;
                q.type = type_vector(g->c, t->base, t->cols);
                uint8_t comp = (uint8_t)cl;
                gen_store(g, q, &comp, 1, s, loc);
            }
    } else {
        hc_error(g->c, loc, 3017, "cannot initialize '%s'", type_name(g->c, t));
    }
}

static void flatten_init(struct gen *g, struct expr *e, struct val **vals, unsigned *n,
                         size_t *cap)
{
    for (unsigned i = 0; i < e->nargs; i++) {
        if (e->args[i]->kind == EX_INIT_LIST) {
            flatten_init(g, e->args[i], vals, n, cap);
            continue;
        }
        struct val v = gen_expr(g, e->args[i]);
        if (!type_is_numeric(v.type))
            hc_error(g->c, &e->args[i]->loc, 3017, "numeric values expected in an initializer");
        for (unsigned r = 0; r < v.type->rows; r++) {
            struct lop row = v.type->cls == TC_MATRIX ? mat_row(g, &v.pl, r) : gen_operand(g, v);
            for (unsigned cl = 0; cl < v.type->cols; cl++) {
                *vals = hc_grow(g->c, *vals, cap, *n, sizeof(**vals));
                struct lop s = row;
                for (unsigned k = 0; k < 4; k++)
                    s.swz[k] = row.swz[cl];
                (*vals)[(*n)++] = vnum(type_scalar(g->c, v.type->base), s);
            }
        }
    }
}

static struct val init_list_val(struct gen *g, struct expr *e, struct type *t)
{
    struct val *vals = NULL;
    unsigned n = 0, at = 0;
    size_t cap = 0;
    flatten_init(g, e, &vals, &n, &cap);
    struct place p = gen_new_place(g, t);
    init_leaves(g, p, vals, n, &at, &e->loc);
    if (at != n)
        hc_error(g->c, &e->loc, 3014, "too many values in the initializer");
    return gen_place_val(g, p);
}

static struct val expr_at(struct gen *g, struct expr *e);

/* Every expression's instructions carry its location (a writer's refusal names it). */
struct val gen_expr(struct gen *g, struct expr *e)
{
    struct loc_src saved = g->cur_loc;
    g->cur_loc = e->loc;
    struct val v = expr_at(g, e);
    g->cur_loc = saved;
    return v;
}

static struct val expr_at(struct gen *g, struct expr *e)
{
    struct hc *c = g->c;
    switch (e->kind) {
    case EX_INT:
        return vnum(type_scalar(c, e->is_unsigned ? BT_UINT : BT_INT), lop_imm_u((uint32_t)e->ival));
    case EX_FLOAT:
        return vnum(type_scalar(c, BT_FLOAT), lop_imm_f((float)e->fval));
    case EX_BOOL:
        return vnum(type_scalar(c, BT_BOOL), lop_imm_u(e->ival ? ~0u : 0));
    case EX_IDENT: {
        struct sym *s = gen_lookup(g, e->name);
        if (!s)
            hc_error(c, &e->loc, 3004, "undeclared identifier '%s'", e->name);
        return s->v.is_place ? gen_place_val(g, s->v.pl) : s->v;
    }
    case EX_UNARY: {
        struct val v = gen_expr(g, e->args[0]);
        if (!type_is_numeric(v.type) || v.type->cls == TC_MATRIX)
            hc_error(c, &e->loc, 3020, "unary operator on '%s' is not supported",
                     type_name(c, v.type));
        struct lop o = gen_operand(g, v);
        unsigned n = v.type->cols;
        switch (e->op) {
        case OP_PLUS:
            return v;
        case OP_NEG:
            if (v.type->base == BT_FLOAT)
                return vnum(v.type, neg(o));
            if (v.type->base == BT_BOOL) {
                v = gen_convert(g, v, type_vector(c, BT_INT, n), &e->loc, true);
                o = gen_operand(g, v);
            }
            return vnum(v.type, alu(g, L_INEG, n, false, &o, NULL, NULL));
        case '!': {
            struct val b = gen_bool(g, v, &e->loc);
            struct lop bo = gen_operand(g, b);
            return vnum(b.type, alu(g, L_NOT, n, false, &bo, NULL, NULL));
        }
        case '~':
            if (v.type->base == BT_FLOAT || v.type->base == BT_BOOL)
                hc_error(c, &e->loc, 3082, "int or unsigned int type required");
            return vnum(v.type, alu(g, L_NOT, n, false, &o, NULL, NULL));
        }
        break;
    }
    case EX_BINARY: {
        struct val a = gen_expr(g, e->args[0]);
        struct val b = gen_expr(g, e->args[1]);
        return binary_vals(g, e->op, a, b, &e->loc);
    }
    case EX_ASSIGN:
        return assign(g, e);
    case EX_PREINC:
        return incdec(g, e, false);
    case EX_POSTINC:
        return incdec(g, e, true);
    case EX_COND: {
        struct val cv = gen_expr(g, e->args[0]);
        struct val a = gen_expr(g, e->args[1]);
        struct val b = gen_expr(g, e->args[2]);
        enum base_type base = promote(a.type->base, b.type->base);
        struct type *t = common_type(g, a.type, b.type, base, &e->loc);
        if (t->cls == TC_MATRIX)
            hc_error(c, &e->loc, 3020, "?: on matrices is not supported yet");
        /* a scalar condition selects whole vectors; a vector one per component */
        struct val cb = gen_bool(g, cv, &e->loc);
        if (cb.type->cols != 1 && cb.type->cols < t->cols)
            hc_error(c, &e->loc, 3020, "the condition of ?: has fewer components than its "
                     "values");
        struct lop co = gen_operand(g, cb);
        if (cb.type->cols == 1)
            co = broadcast(co, 4);
        struct lop ao = gen_operand(g, gen_convert(g, a, t, &e->loc, false));
        struct lop bo = gen_operand(g, gen_convert(g, b, t, &e->loc, false));
        g->cur_dtype = (uint8_t)t->base;
        struct lop r = alu(g, L_MOVC, t->cols, false, &co, &ao, &bo);
        g->cur_dtype = 0;
        return vnum(t, r);
    }
    case EX_CALL:
    case EX_METHOD:
        return gen_call(g, e);
    case EX_CONSTRUCT:
        return construct(g, e->type, e->args, e->nargs, &e->loc);
    case EX_CAST: {
        struct val v = gen_expr(g, e->args[0]);
        return gen_convert(g, v, e->type, &e->loc, true);
    }
    case EX_MEMBER:
        return member(g, e);
    case EX_INDEX:
        return index_expr(g, e);
    case EX_COMMA: {
        struct val v = {0};
        for (unsigned i = 0; i < e->nargs; i++)
            v = gen_expr(g, e->args[i]);
        return v;
    }
    case EX_INIT_LIST:
        hc_error(c, &e->loc, 3000, "syntax error: an initializer list is only allowed in a "
                 "declaration");
    }
    hc_error(c, &e->loc, 3000, "unsupported expression");
}

/* For gen_intrinsic.c: the shared helpers. */
struct lop gen_mat_row(struct gen *g, const struct place *p, unsigned r)
{
    return mat_row(g, p, r);
}

struct lop gen_mat_col(struct gen *g, const struct place *p, unsigned col)
{
    return mat_col(g, p, col);
}

struct val gen_vnum(struct type *t, struct lop op)
{
    return vnum(t, op);
}

struct val gen_binary(struct gen *g, int op, struct val a, struct val b, const struct loc_src *at)
{
    return binary_vals(g, op, a, b, at);
}
