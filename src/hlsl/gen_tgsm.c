/* src/hlsl/gen_tgsm.c — `groupshared` variables of compute programs: thread-group shared
 * memory (g#), read and written with the raw and structured memory instructions, and the
 * destinations of Interlocked* there.
 *
 * The rules (HLSL reference, "Variable Syntax": groupshared "mark[s] a variable for
 * thread-group-shared memory for compute shaders"; D3D11.3 functional spec 18.7 "Thread
 * Group Shared Memory (TGSM)", 32 KB a group in cs_5_0; the instruction pages of
 * dcl_tgsm_raw, dcl_tgsm_structured, ld_raw, ld_structured, store_raw, store_structured and
 * atomic_*):
 *   - a variable that is an array becomes `dcl_tgsm_structured g#, stride, count` (stride:
 *     the element's size, count: the array's length) and is addressed by (element index,
 *     byte offset in the element), as fxc declares arrays; any other variable becomes
 *     `dcl_tgsm_raw g#, bytes` and is addressed by its byte offset;
 *   - the layout inside is tight, 4 bytes a scalar component, members in order (the layout
 *     structured buffers use, gen_buffer.c), so an element's leaves are at fixed offsets and
 *     a run-time index below the outer array adds index * the sub-element's size to the
 *     byte offset;
 *   - a numeric leaf is read by one ld_raw / ld_structured of its components and written by
 *     one store per run of consecutive components (the store's mask is .x, .xy, .xyz or
 *     .xyzw from the address on), so `s[i].zx = v` is two one-component stores;
 *   - g# are numbered in declaration order over the variables the program still uses after
 *     dead code is gone; their sum is at most 32768 bytes; softd3d's VM keeps 32 of them
 *     (X3000 past); in cs_4_x (D3D11.3 18.7.2.9) the same code is written and the
 *     assembler's decoder holds it to that model's rules: arrays only (structured g#) of one
 *     element a thread, each written only at SV_GroupIndex (vThreadIDInGroupFlattened, which
 *     the copy propagation of lir.c leaves as the store's index) at constant offsets, at most
 *     the 18.7.2.8 bytes a thread; a program outside them is X3000 with the decoder's reason;
 *   - a matrix is stored row by row, rows x cols elements (the layout is the program's own:
 *     no other stage or the API sees group-shared memory), row r read or written as one
 *     vector at offset + r * cols * 4;
 *   - memory has no initializer (its contents are undefined when the group starts);
 *     non-numeric members are not supported (X3000).
 * The barriers that order these accesses are gen_cs.c's.
 */
#include "hlsl/gen.h"

#include <string.h>

/* D3D11_CS_TGSM_REGISTER_COUNT * 4: 8192 32-bit registers a group */
enum { TGSM_MAX_BYTES = 32768 };

/* A type's size in the tight layout; 0 when a leaf is not a numeric scalar or vector. */
unsigned gen_tight_size(const struct type *t)
{
    switch (t->cls) {
    case TC_SCALAR:
    case TC_VECTOR:
        return type_is_numeric(t) ? 4 * t->cols : 0;
    case TC_MATRIX:
        return type_is_numeric(t) ? 4 * t->rows * t->cols : 0;
    case TC_ARRAY: {
        unsigned e = gen_tight_size(t->elem);
        return e && t->count <= TGSM_MAX_BYTES / e ? e * t->count : 0;
    }
    case TC_STRUCT: {
        unsigned size = 0;
        for (unsigned i = 0; i < t->nfields; i++) {
            unsigned f = gen_tight_size(t->fields[i].type);
            if (!f || size + f > TGSM_MAX_BYTES)
                return 0;
            size += f;
        }
        return size;
    }
    default:
        return 0;
    }
}

/* Byte offset of field i of struct t in the tight layout. */
unsigned gen_tight_field_offset(const struct type *t, unsigned i)
{
    unsigned off = 0;
    for (unsigned k = 0; k < i; k++)
        off += gen_tight_size(t->fields[k].type);
    return off;
}

struct val gen_tgsm_declare(struct gen *g, struct var_decl *v)
{
    struct hc *c = g->c;
    struct type *t = v->type;
    if (!c->cs)
        hc_error(c, &v->loc, 3000, "groupshared is for compute shaders");
    if (v->init)
        hc_error(c, &v->init->loc, 3000, "'%s': groupshared variables cannot have an "
                 "initializer", v->name);
    unsigned size = gen_tight_size(t);
    if (!size)
        hc_error(c, &v->loc, 3000, "'%s': groupshared variables of type '%s' are not supported "
                 "yet (numeric scalars, vectors, matrices, structs and arrays of them; at most %d "
                 "bytes)",
                 v->name, type_name(c, t), TGSM_MAX_BYTES);
    g->tgsm = hc_grow(c, g->tgsm, &g->tgsm_cap, g->ntgsm, sizeof(*g->tgsm));
    struct tgsm_var *tv = &g->tgsm[g->ntgsm];
    memset(tv, 0, sizeof(*tv));
    tv->var = v;
    tv->structured = t->cls == TC_ARRAY;
    tv->bytes = size;
    tv->stride = tv->structured ? gen_tight_size(t->elem) : size;
    tv->count = tv->structured ? t->count : 1;
    tv->slot = -1;
    struct val r = {0};
    r.type = t;
    r.is_place = true;
    r.pl.kind = P_TGSM;
    r.pl.type = t;
    r.pl.cb = g->ntgsm++;
    r.pl.rel = -1;
    r.pl.erel = -1;
    r.pl.whole = tv->structured;
    return r;
}

/* A scalar as a temp's .x (mov'ed when it is not one already); -1 when it is a known
 * constant, which is then *known. */
static int32_t scalar_temp(struct gen *g, struct lop o, uint32_t *known)
{
    uint32_t k[4];
    if (lir_known(g, &o, 1, k)) {
        *known = k[0];
        return -1;
    }
    if (o.file == LF_TEMP && o.swz[0] == 0 && !o.neg && !o.abs)
        return (int32_t)o.index;
    struct lop m = gen_alu(g, L_MOV, 1, &o, NULL, NULL);
    if (m.file != LF_TEMP) {
        *known = m.imm[m.swz[0]];
        return -1;
    }
    return (int32_t)m.index;
}

struct place gen_tgsm_index(struct gen *g, struct place p, struct val idx,
                            const struct loc_src *at)
{
    struct lop i = gen_arg_as(g, idx, BT_UINT, 1, at);
    struct place q = p;
    q.type = p.type->elem;
    uint32_t k = 0;
    if (p.whole) {
        /* the structured array's element index */
        q.whole = false;
        q.erel = scalar_temp(g, i, &k);
        q.elem = k;
        return q;
    }
    /* below the outer array: index * the sub-element's size, added to the byte offset */
    struct lop stride = lop_imm_u(gen_tight_size(q.type));
    struct lop off = gen_alu(g, L_IMUL, 1, &i, &stride, NULL);
    if (p.rel >= 0) {
        struct lop prev = lop_temp((uint32_t)p.rel, 1);
        off = gen_alu(g, L_IADD, 1, &prev, &off, NULL);
    }
    q.rel = scalar_temp(g, off, &k);
    if (q.rel < 0)
        q.base += k;
    return q;
}

static struct lop tgsm_operand(struct gen *g, const struct place *p)
{
    struct lop o = {0};
    o.file = LF_TGSM;
    o.index = p->cb;
    o.rel = -1;
    for (unsigned k = 0; k < 4; k++)
        o.swz[k] = (uint8_t)k;
    g->tgsm[p->cb].used = true;
    return o;
}

/* The address operands of place p plus `extra` bytes: structured (index, offset), raw
 * (offset); returns how many. */
static unsigned address(struct gen *g, const struct place *p, unsigned extra, struct lop *out)
{
    struct lop off = lop_imm_u(p->base + extra);
    if (p->rel >= 0) {
        struct lop r = lop_temp((uint32_t)p->rel, 1);
        off = p->base + extra ? gen_alu(g, L_IADD, 1, &r, &off, NULL) : r;
    }
    if (!g->tgsm[p->cb].structured) {
        out[0] = lop_rep(off);
        return 1;
    }
    out[0] = p->erel >= 0 ? lop_temp((uint32_t)p->erel, 1) : lop_imm_u(p->elem);
    out[0] = lop_rep(out[0]);
    out[1] = lop_rep(off);
    return 2;
}

struct val gen_tgsm_load(struct gen *g, const struct place *p)
{
    unsigned n = p->type->cols;
    struct linst in = {0};
    in.op = g->tgsm[p->cb].structured ? L_LD_STRUCTURED : L_LD_RAW;
    struct lop a[2];
    unsigned na = address(g, p, 0, a);
    for (unsigned k = 0; k < na; k++)
        in.src[k] = a[k];
    in.src[na] = tgsm_operand(g, p);
    in.nsrc = (uint8_t)(na + 1);
    uint32_t t = lir_temp(g, 1);
    in.ndst = 1;
    in.dst[0] = lop_temp(t, n);
    in.dtype = (uint8_t)p->type->base;
    lir_emit(g, &in);
    return gen_vnum(p->type, lop_temp(t, n));
}

void gen_tgsm_store(struct gen *g, struct place p, const uint8_t *comps, unsigned ncomp,
                    struct val v, const struct loc_src *at)
{
    static const uint8_t all[4] = {0, 1, 2, 3};
    (void)at;
    if (!comps) {
        comps = all;
        ncomp = p.type->cols;
    }
    struct lop s = gen_operand(g, v);
    for (unsigned k = 0; k < ncomp;) {
        /* a run of consecutive components from comps[k]: one store at its byte offset */
        unsigned run = 1;
        while (k + run < ncomp && comps[k + run] == comps[k] + run)
            run++;
        struct linst in = {0};
        in.op = g->tgsm[p.cb].structured ? L_STORE_STRUCTURED : L_STORE_RAW;
        in.ndst = 1;
        in.dst[0] = tgsm_operand(g, &p);
        in.dst[0].mask = (uint8_t)((1u << run) - 1);
        struct lop a[2];
        unsigned na = address(g, &p, 4u * comps[k], a);
        for (unsigned q = 0; q < na; q++)
            in.src[q] = a[q];
        struct lop val = s;
        for (unsigned q = 0; q < 4; q++)
            val.swz[q] = s.swz[k + (q < run ? q : run - 1)];
        in.src[na] = val;
        in.nsrc = (uint8_t)(na + 1);
        in.dtype = (uint8_t)p.type->base;
        lir_emit(g, &in);
        k += run;
    }
}

bool gen_tgsm_atomic_dest(struct gen *g, struct expr *d, struct lop *res, struct lop *addr,
                          enum base_type *base)
{
    struct hc *c = g->c;
    struct expr *root = d;
    while (root->kind == EX_INDEX || root->kind == EX_MEMBER)
        root = root->args[0];
    if (root->kind != EX_IDENT)
        return false;
    struct sym *s = gen_lookup(g, root->name);
    if (!s || !s->v.is_place || s->v.pl.kind != P_TGSM)
        return false;
    struct place p;
    unsigned comp = 0;
    void *lv = gen_lvalue(g, d);
    if (!gen_lvalue_place(lv, &p, &comp) ||
        (p.type->cls != TC_SCALAR && p.type->cls != TC_VECTOR) ||
        (p.type->base != BT_INT && p.type->base != BT_UINT) ||
        gen_lvalue_type(g, lv)->cols != 1)
        hc_error(c, &d->loc, 3000, "the destination must be an int or uint scalar of "
                 "groupshared memory");
    *res = tgsm_operand(g, &p);
    *base = p.type->base;
    struct lop a[2];
    unsigned na = address(g, &p, 4u * comp, a);
    if (na == 1) {
        *addr = a[0];
        return true;
    }
    /* a structured element: (index, byte offset) in one register */
    uint32_t t = lir_temp(g, 1);
    for (unsigned k = 0; k < 2; k++) {
        struct linst in = {0};
        in.op = L_MOV;
        in.ndst = in.nsrc = 1;
        in.dtype = BT_UINT;
        in.dst[0] = lop_temp(t, 2);
        in.dst[0].mask = (uint8_t)(1u << k);
        in.src[0] = a[k];
        lir_emit(g, &in);
    }
    *addr = lop_temp(t, 2);
    return true;
}

void gen_tgsm_bind(struct gen *g)
{
    struct hc *c = g->c;
    for (unsigned i = 0; i < g->ntgsm; i++)
        g->tgsm[i].used = false;
    for (size_t i = 0; i < g->nins; i++) {
        const struct linst *in = &g->ins[i];
        for (unsigned s = 0; s < in->nsrc; s++)
            if (in->src[s].file == LF_TGSM)
                g->tgsm[in->src[s].index].used = true;
        for (unsigned d = 0; d < in->ndst; d++)
            if (in->dst[d].file == LF_TGSM)
                g->tgsm[in->dst[d].index].used = true;
    }
    unsigned slot = 0, bytes = 0;
    for (unsigned i = 0; i < g->ntgsm; i++) {
        struct tgsm_var *v = &g->tgsm[i];
        if (!v->used)
            continue;
        /* softd3d's VM keeps 32 blocks a program (IR_MAX_TGSM) */
        if (slot == 32)
            hc_error(c, &v->var->loc, 3000, "'%s': more than 32 groupshared variables are not "
                     "supported yet", v->var->name);
        v->slot = (int)slot++;
        bytes += v->bytes;
        if (bytes > TGSM_MAX_BYTES)
            hc_error(c, &v->var->loc, 3000, "'%s': the program's groupshared variables take "
                     "more than %d bytes", v->var->name, TGSM_MAX_BYTES);
    }
}
