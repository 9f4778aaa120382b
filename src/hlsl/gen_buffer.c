/* src/hlsl/gen_buffer.c — the shader model 5 buffers and unordered-access views: Buffer<T>[i],
 * StructuredBuffer<T>, ByteAddressBuffer, RWBuffer, RWTexture1D/2D/3D(Array),
 * RWStructuredBuffer, RWByteAddressBuffer, Append/ConsumeStructuredBuffer, and the
 * Interlocked* intrinsics on them.
 *
 * What each form becomes (the HLSL reference's object pages and the SM5 instruction pages):
 *   ByteAddressBuffer.Load/2/3/4(a)        ld_raw r.x[yzw], a, t#     (a: a byte address)
 *   RWByteAddressBuffer.Store/2/3/4(a, v)   store_raw u#.x[yzw], a, v
 *   StructuredBuffer<T>[i], .Load(i)       one ld_structured per member of T, at its byte
 *                                          offset in T's tight (4-byte) layout
 *   RWStructuredBuffer<T>[i] = v           one store_structured per member
 *   Append(v) / Consume()                  imm_atomic_alloc / imm_atomic_consume for the
 *                                          index, then store / ld_structured
 *   IncrementCounter() / DecrementCounter() imm_atomic_alloc / imm_atomic_consume
 *   RWBuffer / RWTexture*[c] read, write   ld_uav_typed / store_uav_typed
 *   Buffer<T>[i]                           ld (as Buffer.Load)
 *   GetDimensions                          bufinfo (structured: the count, and T's stride)
 *   Interlocked*(dest, v [, original])     atomic_* without the original, imm_atomic_* with
 *                                          it; dest a scalar element of a RW typed or
 *                                          structured view (address: coordinates, or index and
 *                                          byte offset); RWByteAddressBuffer's methods of the
 *                                          same names take a byte address.  Max/Min are the
 *                                          signed forms for int, unsigned for uint.
 * These are available from shader model 5 (and the UAVs in pixel and compute programs only,
 * "Shader Model 5 Objects"), the raw and structured ones in cs_4_x (its one u0 and the
 * other cs_4_x rules are the decoder's: src/shader/ir_compute.c), and their SRV reads
 * (Load, [], member access: ld_raw / ld_structured, the same instructions as in 5_0) in
 * vs/gs/ps_4_x (D3D11.3 18.7.2.4; sm4_write.c adds dcl_globalFlags
 * enableRawAndStructuredBuffers, which the decoder requires there, 18.7.3.2).
 * Matrix members take rows x cols elements, by row (row_major) or by column (column_major,
 * the default), sb_matrix.
 */
#include "hlsl/gen.h"

#include <string.h>

static unsigned struct_stride(struct gen *g, const struct type *t, const struct loc_src *at);

static struct lop res_operand(struct gen *g, struct val v)
{
    if (v.type->dim == TD_STRUCTURED)
        g->res[v.pl.base].stride = struct_stride(g, v.type->elem, NULL);
    struct lop o = {0};
    o.file = v.type->uav ? LF_UAV : LF_TEX;
    o.index = v.pl.base;
    o.rel = -1;
    for (unsigned k = 0; k < 4; k++)
        o.swz[k] = (uint8_t)k;
    g->res[v.pl.base].used = true;
    return o;
}

/* A resource of the new kinds: checks the target may use it. */
static bool is_mem_resource(const struct type *t)
{
    return t->cls == TC_TEXTURE && (t->uav || t->dim == TD_STRUCTURED || t->dim == TD_RAW);
}

/* vs/gs/ps 4_0 and 4_1 (not their level_9 forms): raw and structured buffers read as SRVs
 * (D3D11.3 18.7.2.4: with D3D10_X_HARDWARE_OPTIONS those shader models gain exactly
 * dcl_resource_raw, dcl_resource_structured, ld_raw and ld_structured). */
static bool sm4_srv_read(const struct hc *c, const struct type *t)
{
    return !c->cs && !hc_sm2(c) && c->sm < 50 && !t->uav &&
           (t->dim == TD_STRUCTURED || t->dim == TD_RAW);
}

static void check_target(struct gen *g, const struct type *t, const struct loc_src *at)
{
    struct hc *c = g->c;
    /* cs_4_x has raw and structured buffers (SRVs and one UAV), not typed UAVs (D3D11.3
     * 18.7.2.5); what else it lacks (atomics, Append/Consume, GetDimensions' bufinfo) the
     * assembler's decoder refuses with its reason */
    bool cs4 = c->cs && (t->dim == TD_STRUCTURED || t->dim == TD_RAW);
    if (!hc_sm2(c) && c->sm < 50 && !c->cs && t->uav)
        hc_error(c, at, 3000, "%s: unordered access views need shader model 5 in %s programs "
                 "(%s: 4_x programs read raw and structured buffers only, D3D11.3 18.7.2.4; "
                 "of 4_x only cs_4_x has one raw or structured u0)", type_name(c, t),
                 c->ps ? "pixel" : c->gs ? "geometry" : "vertex", c->args->target);
    if (c->sm < 50 && !cs4 && !sm4_srv_read(c, t))
        hc_error(c, at, 3000, "%s is not supported yet on %s (shader model 5 objects%s)",
                 type_name(c, t), c->args->target,
                 c->cs ? "; cs_4_x has raw and structured buffers only" : "");
    if (sm4_srv_read(c, t))
        c->sm4_raw_structured = true;
    if (t->uav && !c->ps && !c->cs)
        hc_error(c, at, 4532, "%s: unordered access views are for pixel and compute shaders "
                 "(not %s)", type_name(c, t), c->args->target);
    c->mem5 = true;
}

static struct linst mem_inst(enum lop_code op)
{
    struct linst in = {0};
    in.op = (uint16_t)op;
    return in;
}

static struct lop uint_arg(struct gen *g, struct val v, unsigned n, const struct loc_src *at)
{
    return gen_arg_as(g, v, BT_UINT, n, at);
}

/* A temp destination of n components, its value as a val of base b. */
static struct val load_into(struct gen *g, struct linst *in, enum base_type b, unsigned n)
{
    uint32_t t = lir_temp(g, 1);
    in->ndst = 1;
    in->dst[0] = lop_temp(t, n);
    in->dtype = (uint8_t)b;
    lir_emit(g, in);
    return gen_vnum(type_vector(g->c, b, n), lop_temp(t, n));
}

/* ---- structured elements: one load / store per member, in the tight layout ------------- */

/* Walks T's numeric members (vectors and scalars) with their first slot and byte offset;
 * returns T's size in bytes. */
typedef void (*leaf_fn)(struct gen *g, void *ctx, struct place leaf, unsigned byte);

static unsigned walk_leaves(struct gen *g, struct place p, unsigned byte, leaf_fn fn, void *ctx,
                            const struct loc_src *at)
{
    struct type *t = p.type;
    if (t->cls == TC_STRUCT || t->cls == TC_ARRAY) {
        unsigned n = t->cls == TC_ARRAY ? t->count : t->nfields, size = 0;
        for (unsigned i = 0; i < n; i++) {
            struct place q = t->cls == TC_ARRAY ? gen_sub_elem(&p, i) : gen_sub_field(&p, i);
            size += walk_leaves(g, q, byte + size, fn, ctx, at);
        }
        return size;
    }
    if (!type_is_numeric(t))
        hc_error(g->c, at, 3000, "structured buffer members of type '%s' are not supported yet",
                 type_name(g->c, t));
    if (fn)
        fn(g, ctx, p, byte);
    return 4 * t->cols * (t->cls == TC_MATRIX ? t->rows : 1);
}

static unsigned struct_stride(struct gen *g, const struct type *t, const struct loc_src *at)
{
    struct place p = {0};
    p.type = (struct type *)t;
    p.rel = -1;
    return walk_leaves(g, p, 0, NULL, NULL, at);
}

struct sb_ctx {
    struct lop res, index;
    enum lop_code op;
};

static void sb_leaf(struct gen *g, void *vctx, struct place leaf, unsigned byte);

/* One matrix member: rows x cols 4-byte elements, tightly packed.  row_major: row r is `cols`
 * consecutive elements at byte + r * cols * 4, one access a row (its temp slot);
 * column_major (the default, "Matrix Ordering": the packing of structured buffers follows
 * the matrix's declared order as cbuffers do): column c is `rows` consecutive elements at
 * byte + c * rows * 4, gathered from (stores) or scattered into (loads) the row slots one
 * component at a time around one access a column. */
static void sb_matrix(struct gen *g, struct sb_ctx *x, struct place m, unsigned byte)
{
    const struct type *t = m.type;
    struct type *rowt = type_vector(g->c, t->base, t->cols);
    if (t->row_major) {
        for (unsigned r = 0; r < t->rows; r++) {
            struct place row = m;
            row.base += r;
            row.type = rowt;
            sb_leaf(g, x, row, byte + r * t->cols * 4);
        }
        return;
    }
    struct type *colt = type_vector(g->c, t->base, t->rows);
    for (unsigned c = 0; c < t->cols; c++) {
        struct place col = gen_new_place(g, colt);
        struct linst mv = mem_inst(L_MOV);
        mv.ndst = mv.nsrc = 1;
        mv.dtype = (uint8_t)t->base;
        if (x->op == L_STORE_STRUCTURED)
            for (unsigned r = 0; r < t->rows; r++) {
                /* col.r = m[r].c */
                mv.dst[0] = lop_temp(col.base, 4);
                mv.dst[0].mask = (uint8_t)(1u << r);
                mv.src[0] = lop_temp(m.base + r, 4);
                for (unsigned q = 0; q < 4; q++)
                    mv.src[0].swz[q] = (uint8_t)c;
                lir_emit(g, &mv);
            }
        sb_leaf(g, x, col, byte + c * t->rows * 4);
        if (x->op == L_LD_STRUCTURED)
            for (unsigned r = 0; r < t->rows; r++) {
                /* m[r].c = col.r */
                mv.dst[0] = lop_temp(m.base + r, 4);
                mv.dst[0].mask = (uint8_t)(1u << c);
                mv.src[0] = lop_temp(col.base, 4);
                for (unsigned q = 0; q < 4; q++)
                    mv.src[0].swz[q] = (uint8_t)r;
                lir_emit(g, &mv);
            }
    }
}

static void sb_leaf(struct gen *g, void *vctx, struct place leaf, unsigned byte)
{
    struct sb_ctx *x = vctx;
    if (leaf.type->cls == TC_MATRIX) {
        sb_matrix(g, x, leaf, byte);
        return;
    }
    struct linst in = mem_inst(x->op);
    unsigned n = leaf.type->cols;
    in.ndst = 1;
    in.nsrc = 3;
    in.src[0] = x->index;
    in.src[1] = lop_imm_u(byte);
    if (x->op == L_LD_STRUCTURED) {
        in.dst[0] = lop_temp(leaf.base, n);
        in.src[2] = x->res;
        in.dtype = (uint8_t)leaf.type->base;
    } else {
        in.dst[0] = x->res;
        in.dst[0].mask = (uint8_t)((1u << n) - 1);
        in.src[2] = lop_temp(leaf.base, 4);
    }
    lir_emit(g, &in);
}

/* Element `index` of structured buffer v, read into a fresh place or written from src. */
static struct val sb_access(struct gen *g, struct val v, struct lop index, const struct val *src,
                            const struct loc_src *at)
{
    struct type *t = v.type->elem;
    struct sb_ctx x;
    x.res = res_operand(g, v);
    x.index = lop_rep(index);
    x.op = src ? L_STORE_STRUCTURED : L_LD_STRUCTURED;
    struct place p;
    if (src && src->is_place && src->pl.kind == P_TEMP && type_equal(src->type, t)) {
        p = src->pl;
    } else {
        p = gen_new_place(g, t);
        if (src)
            gen_copy(g, p, gen_convert(g, *src, t, at, false), at);
    }
    walk_leaves(g, p, 0, sb_leaf, &x, at);
    return gen_place_val(g, p);
}

/* imm_atomic_alloc / imm_atomic_consume: the counter's old (alloc) or new (consume) value. */
static struct lop counter(struct gen *g, struct val v, bool up)
{
    struct linst in = mem_inst(up ? L_IMM_ATOMIC_ALLOC : L_IMM_ATOMIC_CONSUME);
    uint32_t t = lir_temp(g, 1);
    in.ndst = 2;
    in.dst[0] = lop_temp(t, 1);
    in.dst[1] = res_operand(g, v);
    in.dtype = BT_UINT;
    lir_emit(g, &in);
    return lop_temp(t, 1);
}

/* ---- atomics ---------------------------------------------------------------------------------- */

static const struct {
    const char *name;
    enum lop_code plain, imm;
} atomics[] = {
    {"Add", L_ATOMIC_IADD, L_IMM_ATOMIC_IADD}, {"And", L_ATOMIC_AND, L_IMM_ATOMIC_AND},
    {"Or", L_ATOMIC_OR, L_IMM_ATOMIC_OR}, {"Xor", L_ATOMIC_XOR, L_IMM_ATOMIC_XOR},
    {"Max", L_ATOMIC_UMAX, L_IMM_ATOMIC_UMAX}, {"Min", L_ATOMIC_UMIN, L_IMM_ATOMIC_UMIN},
    {"Exchange", L_COUNT, L_IMM_ATOMIC_EXCH},
    {"CompareStore", L_ATOMIC_CMP_STORE, L_COUNT},
    {"CompareExchange", L_COUNT, L_IMM_ATOMIC_CMP_EXCH},
};

/* One atomic on res at addr: values (1, or compare and value), the original value written
 * to out_lv (NULL: none).  base: the element's type (int: signed max/min). */
static void atomic(struct gen *g, const char *op, struct lop res, struct lop addr,
                   struct val *vals, unsigned nvals, void *out_lv, enum base_type base,
                   const struct loc_src *at)
{
    struct hc *c = g->c;
    unsigned k = 0;
    while (k < sizeof(atomics) / sizeof(atomics[0]) && strcmp(op, atomics[k].name))
        k++;
    if (k == sizeof(atomics) / sizeof(atomics[0]))
        hc_error(c, at, 3004, "undeclared identifier 'Interlocked%s'", op);
    unsigned want = !strcmp(op, "CompareStore") || !strcmp(op, "CompareExchange") ? 2 : 1;
    bool needs_out = atomics[k].plain == L_COUNT;
    if (nvals != want || (needs_out && !out_lv) || (atomics[k].imm == L_COUNT && out_lv))
        hc_error(c, at, 3013, "Interlocked%s takes %s%s", op, want == 2 ? "a compare value "
                 "and a value" : "a value", needs_out ? " and an out original value" :
                 atomics[k].imm == L_COUNT ? "" : " (and an out original value)");
    enum lop_code code = out_lv ? atomics[k].imm : atomics[k].plain;
    if (base == BT_INT && (!strcmp(op, "Max") || !strcmp(op, "Min")))
        code = (enum lop_code)(code + (out_lv ? L_IMM_ATOMIC_IMAX - L_IMM_ATOMIC_UMAX
                                              : L_ATOMIC_IMAX - L_ATOMIC_UMAX));
    struct linst in = mem_inst(code);
    uint32_t t = lir_temp(g, 1);
    if (out_lv) {
        in.ndst = 2;
        in.dst[0] = lop_temp(t, 1);
        in.dst[1] = res;
    } else {
        in.ndst = 1;
        in.dst[0] = res;
    }
    in.dst[out_lv ? 1 : 0].mask = 1;
    in.src[in.nsrc++] = addr;
    for (unsigned i = 0; i < nvals; i++)
        in.src[in.nsrc++] = lop_rep(gen_arg_as(g, vals[i], base, 1, at));
    in.dtype = (uint8_t)base;
    lir_emit(g, &in);
    if (out_lv) {
        struct val o = gen_vnum(type_scalar(c, base), lop_temp(t, 1));
        gen_lvalue_write(g, out_lv, gen_convert(g, o, gen_lvalue_type(g, out_lv), at, false), at);
    }
}

/* The address of element `idx` of a typed or structured RW view for an atomic. */
static struct lop element_address(struct gen *g, struct val v, struct val idx,
                                  const struct loc_src *at)
{
    const struct type *t = v.type;
    if (t->dim == TD_STRUCTURED) {
        /* (index, byte offset 0): the element must be a scalar */
        struct lop i = lop_rep(uint_arg(g, idx, 1, at));
        uint32_t tmp = lir_temp(g, 1);
        struct linst in = mem_inst(L_MOV);
        in.ndst = in.nsrc = 1;
        in.dtype = BT_UINT;
        in.dst[0] = lop_temp(tmp, 2);
        in.src[0] = i;
        in.src[0].swz[1] = 0;
        struct lop zero = lop_imm_u(0);
        in.dst[0].mask = 1;
        lir_emit(g, &in);
        in.dst[0].mask = 2;
        in.src[0] = lop_rep(zero);
        lir_emit(g, &in);
        return lop_temp(tmp, 2);
    }
    static const unsigned dims[] = {[TD_1D] = 1, [TD_2D] = 2, [TD_3D] = 3, [TD_BUFFER] = 1,
                                    [TD_2DARRAY] = 3, [TD_1DARRAY] = 2};
    return uint_arg(g, idx, t->dim <= TD_1DARRAY ? dims[t->dim] : 1, at);
}

/* ---- Interlocked*(dest, ...) -------------------------------------------------------------- */

struct val gen_interlocked(struct gen *g, struct expr *e, bool *found)
{
    struct hc *c = g->c;
    *found = false;
    if (strncmp(e->name, "Interlocked", 11))
        return gen_vnum(type_void(c), lop_imm_u(0));
    *found = true;
    const char *op = e->name + 11;
    const struct loc_src *at = &e->loc;
    if (e->nargs < 2)
        hc_error(c, at, 3013, "%s takes a destination and a value", e->name);
    struct expr *d = e->args[0];
    struct lop res, addr;
    enum base_type base;
    if (!gen_tgsm_atomic_dest(g, d, &res, &addr, &base)) {
        if (d->kind != EX_INDEX)
            hc_error(c, &d->loc, 3000, "%s: the destination must be an element of a RW buffer "
                     "or texture, or groupshared memory", e->name);
        struct val v = gen_expr(g, d->args[0]);
        if (!v.is_place || v.pl.kind != P_RES || !v.type->uav || v.type->dim == TD_RAW ||
            v.type->cols != 1 || (v.type->base != BT_UINT && v.type->base != BT_INT))
            hc_error(c, &d->loc, 3000, "%s: the destination must be an int or uint element of "
                     "a RW buffer, texture or structured buffer", e->name);
        check_target(g, v.type, at);
        addr = element_address(g, v, gen_expr(g, d->args[1]), &d->loc);
        res = res_operand(g, v);
        base = v.type->base;
    }
    unsigned nvals = e->nargs - 1;
    struct val vals[3];
    void *out = NULL;
    bool compare = !strcmp(op, "CompareExchange") || !strcmp(op, "CompareStore");
    bool has_out = !strcmp(op, "Exchange") || !strcmp(op, "CompareExchange") ||
                   (!compare && nvals == 2);
    /* the original value is an out parameter: its argument must be there to be written */
    if (has_out && nvals < (compare ? 3u : 2u))
        hc_error(c, at, 3013, "%s takes %s and an out original value", e->name,
                 compare ? "a compare value and a value" : "a value");
    if (has_out && nvals >= 1) {
        out = gen_lvalue(g, e->args[e->nargs - 1]);
        nvals--;
    }
    if (nvals > 2)
        hc_error(c, at, 3013, "too many arguments to %s", e->name);
    for (unsigned i = 0; i < nvals; i++)
        vals[i] = gen_expr(g, e->args[1 + i]);
    atomic(g, op, res, addr, vals, nvals, out, base, at);
    return gen_vnum(type_void(c), lop_imm_u(0));
}

static void gen_buffer_index_val(struct gen *g, struct val obj, struct val idx,
                                 const struct loc_src *at, struct val *out);

/* ---- methods ---------------------------------------------------------------------------------- */

static struct val void_val(struct gen *g)
{
    return gen_vnum(type_void(g->c), lop_imm_u(0));
}

static struct val raw_method(struct gen *g, struct expr *e, struct val *v, unsigned n,
                             bool *found)
{
    struct hc *c = g->c;
    const char *m = e->name;
    const struct loc_src *at = &e->loc;
    unsigned width = 0;
    if (!strncmp(m, "Load", 4) || !strncmp(m, "Store", 5)) {
        const char *d = m + (m[0] == 'L' ? 4 : 5);
        width = !*d ? 1 : (d[0] >= '2' && d[0] <= '4' && !d[1]) ? (unsigned)(d[0] - '0') : 0;
    }
    if (width && m[0] == 'L') {
        if (n != 2)
            hc_error(c, at, 3013, "%s takes a byte address", m);
        struct linst in = mem_inst(L_LD_RAW);
        in.nsrc = 2;
        in.src[0] = lop_rep(uint_arg(g, v[1], 1, at));
        in.src[1] = res_operand(g, v[0]);
        return load_into(g, &in, BT_UINT, width);
    }
    if (width && v[0].type->uav) {
        if (n != 3)
            hc_error(c, at, 3013, "%s takes a byte address and a value", m);
        struct linst in = mem_inst(L_STORE_RAW);
        in.ndst = 1;
        in.dst[0] = res_operand(g, v[0]);
        in.dst[0].mask = (uint8_t)((1u << width) - 1);
        in.nsrc = 2;
        in.src[0] = lop_rep(uint_arg(g, v[1], 1, at));
        in.src[1] = uint_arg(g, v[2], width, at);
        lir_emit(g, &in);
        return void_val(g);
    }
    if (!strncmp(m, "Interlocked", 11) && v[0].type->uav) {
        /* (address, values..., [out original]) */
        const char *op = m + 11;
        bool out = !strcmp(op, "Exchange") || !strcmp(op, "CompareExchange") ||
                   (strcmp(op, "CompareStore") && n == 4);
        if (n < 3)
            hc_error(c, at, 3013, "%s takes a byte address and a value", m);
        void *lv = out ? gen_lvalue(g, e->args[n - 1]) : NULL;
        atomic(g, op, res_operand(g, v[0]), lop_rep(uint_arg(g, v[1], 1, at)), v + 2,
               n - 2 - (out ? 1 : 0), lv, BT_UINT, at);
        return void_val(g);
    }
    *found = false;
    return void_val(g);
}

/* GetDimensions of a buffer: bufinfo's element (raw: byte) count; a structured buffer's
 * second output is its stride. */
static struct val buffer_dimensions(struct gen *g, struct expr *e, struct val *v, unsigned n)
{
    struct hc *c = g->c;
    const struct loc_src *at = &e->loc;
    bool sb = v[0].type->dim == TD_STRUCTURED;
    if (n != (sb ? 3u : 2u))
        hc_error(c, at, 3013, "GetDimensions takes %s", sb ? "out count and out stride" :
                 "an out size");
    struct linst in = mem_inst(L_BUFINFO);
    in.nsrc = 1;
    in.src[0] = res_operand(g, v[0]);
    struct val cnt = load_into(g, &in, BT_UINT, 1);
    void *lv = gen_lvalue(g, e->args[1]);
    gen_lvalue_write(g, lv, gen_convert(g, cnt, gen_lvalue_type(g, lv), at, false), at);
    if (sb) {
        struct val st = gen_vnum(type_scalar(c, BT_UINT),
                                 lop_imm_u(struct_stride(g, v[0].type->elem, at)));
        lv = gen_lvalue(g, e->args[2]);
        gen_lvalue_write(g, lv, gen_convert(g, st, gen_lvalue_type(g, lv), at, false), at);
    }
    return void_val(g);
}

struct val gen_buffer_method(struct gen *g, struct expr *e, struct val *v, unsigned n,
                             bool *found)
{
    struct hc *c = g->c;
    const struct type *t = v[0].type;
    const char *m = e->name;
    const struct loc_src *at = &e->loc;
    *found = true;
    if (!is_mem_resource(t)) {
        /* Buffer<T>.GetDimensions is bufinfo too */
        if (t->cls == TC_TEXTURE && t->dim == TD_BUFFER && !strcmp(m, "GetDimensions")) {
            check_target(g, t, at);
            return buffer_dimensions(g, e, v, n);
        }
        *found = false;
        return void_val(g);
    }
    check_target(g, t, at);
    if (!strcmp(m, "GetDimensions") && sm4_srv_read(c, t))
        hc_error(c, at, 3000, "%s.GetDimensions needs shader model 5 (bufinfo): %s programs "
                 "of shader model 4 read raw and structured buffers with ld_raw and "
                 "ld_structured only (D3D11.3 18.7.2.4)", type_name(c, t),
                 c->ps ? "pixel" : c->gs ? "geometry" : "vertex");
    if (!strcmp(m, "GetDimensions") && (t->dim == TD_RAW || t->dim == TD_STRUCTURED ||
                                        t->dim == TD_BUFFER))
        return buffer_dimensions(g, e, v, n);
    if (t->dim == TD_RAW) {
        struct val r = raw_method(g, e, v, n, found);
        if (*found)
            return r;
        hc_error(c, at, 3018, "'%s' is no method of '%s'", m, type_name(c, t));
    }
    if (t->dim == TD_STRUCTURED) {
        if (!strcmp(m, "Load") && t->uav != UAV_APPEND && t->uav != UAV_CONSUME) {
            if (n != 2)
                hc_error(c, at, 3013, "Load takes an index");
            return sb_access(g, v[0], uint_arg(g, v[1], 1, at), NULL, at);
        }
        if (!strcmp(m, "Append") && t->uav == UAV_APPEND) {
            if (n != 2)
                hc_error(c, at, 3013, "Append takes one element");
            sb_access(g, v[0], counter(g, v[0], true), &v[1], at);
            return void_val(g);
        }
        if (!strcmp(m, "Consume") && t->uav == UAV_CONSUME) {
            if (n != 1)
                hc_error(c, at, 3013, "Consume takes no arguments");
            return sb_access(g, v[0], counter(g, v[0], false), NULL, at);
        }
        if ((!strcmp(m, "IncrementCounter") || !strcmp(m, "DecrementCounter")) &&
            t->uav == UAV_RW) {
            if (n != 1)
                hc_error(c, at, 3013, "%s takes no arguments", m);
            g->res[v[0].pl.base].counter = true;
            return gen_vnum(type_scalar(c, BT_UINT), counter(g, v[0], m[0] == 'I'));
        }
        hc_error(c, at, 3018, "'%s' is no method of '%s'", m, type_name(c, t));
    }
    if (!strcmp(m, "Load") && t->uav) {
        if (n != 2)
            hc_error(c, at, 3013, "Load takes a location");
        struct val r;
        gen_buffer_index_val(g, v[0], v[1], at, &r);
        return r;
    }
    /* a UAV has no sampling; its GetDimensions (resinfo on u#) is not written yet */
    hc_error(c, at, 3018, "'%s' is no method of '%s' (or not supported yet)", m,
             type_name(c, t));
}

/* ---- [] ---------------------------------------------------------------------------------------- */

static void gen_buffer_index_val(struct gen *g, struct val obj, struct val idx,
                                 const struct loc_src *at, struct val *out)
{
    const struct type *t = obj.type;
    if (t->dim == TD_STRUCTURED) {
        if (t->uav == UAV_APPEND || t->uav == UAV_CONSUME)
            hc_error(g->c, at, 3121, "%s cannot be indexed", type_name(g->c, t));
        *out = sb_access(g, obj, uint_arg(g, idx, 1, at), NULL, at);
        return;
    }
    if (t->dim == TD_RAW)
        hc_error(g->c, at, 3121, "%s cannot be indexed (Load and Store)", type_name(g->c, t));
    struct linst in = mem_inst(t->uav ? L_LD_UAV_TYPED : L_LD);
    in.nsrc = 2;
    struct lop coord = element_address(g, obj, idx, at);
    if (!t->uav) {
        /* Buffer<T>[i] is Load(i): ld with the index in every component (a buffer reads .x) */
        coord = lop_rep(gen_arg_as(g, idx, BT_INT, 1, at));
    }
    in.src[0] = coord;
    in.src[1] = res_operand(g, obj);
    *out = load_into(g, &in, t->base, t->cols);
}

bool gen_buffer_index(struct gen *g, struct expr *e, struct val *out)
{
    struct val obj = gen_expr(g, e->args[0]);
    const struct type *t = obj.type;
    if (!obj.is_place || obj.pl.kind != P_RES || t->cls != TC_TEXTURE ||
        (!is_mem_resource(t) && t->dim != TD_BUFFER))
        return false;
    if (is_mem_resource(t))
        check_target(g, t, &e->loc);
    gen_buffer_index_val(g, obj, gen_expr(g, e->args[1]), &e->loc, out);
    return true;
}

/* `view[i] = v` (and op=) on a RW typed or structured view: a store; *out the value. */
bool gen_buffer_assign(struct gen *g, struct expr *e, struct val *out)
{
    struct hc *c = g->c;
    struct expr *l = e->args[0];
    if (l->kind != EX_INDEX || l->args[0]->kind != EX_IDENT)
        return false;
    struct sym *s = gen_lookup(g, l->args[0]->name);
    if (!s || !s->v.is_place || s->v.pl.kind != P_RES || s->v.type->cls != TC_TEXTURE ||
        (!is_mem_resource(s->v.type) && s->v.type->dim != TD_BUFFER))
        return false;
    struct val obj = s->v;
    const struct type *t = obj.type;
    if (!t->uav || t->dim == TD_RAW || t->uav == UAV_APPEND || t->uav == UAV_CONSUME)
        hc_error(c, &l->loc, 3025, "l-value specifies const object (%s is read-only here)",
                 type_name(c, t));
    check_target(g, t, &e->loc);
    struct val idx = gen_expr(g, l->args[1]);
    struct val r = gen_expr(g, e->args[1]);
    if (e->op != '=') {
        struct val cur;
        gen_buffer_index_val(g, obj, idx, &l->loc, &cur);
        r = gen_binary(g, e->op, cur, r, &e->loc);
    }
    if (t->dim == TD_STRUCTURED) {
        *out = sb_access(g, obj, uint_arg(g, idx, 1, &l->loc), &r, &e->loc);
        return true;
    }
    struct type *et = type_vector(c, t->base, t->cols);
    struct lop value = gen_operand(g, gen_convert(g, r, et, &e->loc, false));
    struct linst in = mem_inst(L_STORE_UAV_TYPED);
    in.ndst = 1;
    in.dst[0] = res_operand(g, obj);
    in.dst[0].mask = 0xf;
    in.nsrc = 2;
    in.src[0] = element_address(g, obj, idx, &l->loc);
    in.src[1] = value;
    for (unsigned k = t->cols; k < 4; k++)
        in.src[1].swz[k] = in.src[1].swz[t->cols - 1];
    lir_emit(g, &in);
    *out = gen_vnum(et, value);
    return true;
}
