/* src/hlsl/gen_intrinsic.c — calls: the intrinsic functions of the HLSL reference
 * ("Intrinsic Functions"), the texture object methods, and user functions (inlined by gen.c).
 *
 * Intrinsics take float arguments unless said otherwise; arguments convert as for a function
 * parameter (int -> float and so on).  How each one is built from SM4 instructions:
 *   lerp(a,b,t) = a + t*(b-a)           smoothstep: t = saturate((x-a)/(b-a)), t*t*(3-2t)
 *   exp(x) = exp2(x*log2(e))             log(x) = log2(x)*ln(2)     pow(a,b) = exp2(b*log2(a))
 *   normalize(v) = v*rsq(dot(v,v))       length(v) = sqrt(dot(v,v))
 *   step(a,x) = x >= a ? 1 : 0           sign(x) = (0 < x) - (x < 0), as an int, converted
 *   fmod(a,b) = a - b*trunc(a/b)         cross, reflect, distance, radians: their formulas
 *   mul(a,b): scalar*x component-wise; vector.vector a dot product; vector*matrix and
 *   matrix*vector per column/row with dp or mad chains, whichever the storage makes direct.
 */
#include "hlsl/gen.h"

#include <math.h>
#include <string.h>

#define MAX_ARGS 8

static struct type *float_of(struct gen *g, const struct type *t)
{
    return type_numeric(g->c, BT_FLOAT, t->rows, t->cols, t->cls);
}

static struct val to_float(struct gen *g, struct val v, const struct loc_src *at)
{
    if (!type_is_numeric(v.type))
        hc_error(g->c, at, 3017, "cannot convert from '%s' to a float type",
                 type_name(g->c, v.type));
    return gen_convert(g, v, float_of(g, v.type), at, true);
}

/* The common float vector type of several arguments (scalars replicate). */
unsigned gen_common_cols(struct gen *g, struct val *v, unsigned n, const struct loc_src *at)
{
    unsigned cols = 1;
    for (unsigned i = 0; i < n; i++) {
        if (!type_is_numeric(v[i].type) || v[i].type->cls == TC_MATRIX)
            hc_error(g->c, at, 3013, "intrinsic function arguments must be scalars or vectors");
        if (v[i].type->cols > 1) {
            if (cols > 1 && v[i].type->cols != cols) {
                if (!g->dry)
                    hc_warning(g->c, at, 3206, "implicit truncation of vector type");
                if (v[i].type->cols < cols)
                    cols = v[i].type->cols;
            } else {
                cols = v[i].type->cols;
            }
        }
    }
    return cols;
}

struct lop gen_arg_as(struct gen *g, struct val v, enum base_type b, unsigned n,
                         const struct loc_src *at)
{
    struct type *t = type_vector(g->c, b, n);
    return gen_operand(g, gen_convert(g, v, t, at, true));
}

struct lop gen_dot(struct gen *g, struct lop a, struct lop b, unsigned n)
{
    static const enum lop_code dp[5] = {L_MUL, L_MUL, L_DP2, L_DP3, L_DP4};
    return gen_alu(g, dp[n], 1, &a, &b, NULL);
}

/* v (R components) times matrix place m (R x C): a C-vector. */
static struct lop vec_mat(struct gen *g, struct lop v, const struct place *m)
{
    const struct type *t = m->type;
    if (m->kind == P_CB && !t->row_major) {
        /* columns are registers: one dot product per result component */
        uint32_t tmp = lir_temp(g, 1);
        for (unsigned c = 0; c < t->cols; c++) {
            struct lop col = gen_mat_col(g, m, c);
            struct lop d = gen_dot(g, v, col, t->rows);
            struct linst in = {0};
            in.op = L_MOV;
            in.ndst = in.nsrc = 1;
            in.dst[0] = lop_temp(tmp, 4);
            in.dst[0].mask = (uint8_t)(1u << c);
            in.src[0] = lop_rep(d);
            lir_emit(g, &in);
        }
        return lop_temp(tmp, t->cols);
    }
    /* rows are registers: v.x*row0 + v.y*row1 + ... */
    struct lop acc = {0};
    for (unsigned r = 0; r < t->rows; r++) {
        struct lop row = gen_mat_row(g, m, r);
        struct lop s = v;
        for (unsigned k = 0; k < 4; k++)
            s.swz[k] = v.swz[r];
        acc = r ? gen_alu(g, L_MAD, t->cols, &s, &row, &acc) : gen_alu(g, L_MUL, t->cols, &s, &row, NULL);
    }
    return acc;
}

/* matrix place m (R x C) times v (C components): an R-vector. */
static struct lop mat_vec(struct gen *g, const struct place *m, struct lop v)
{
    const struct type *t = m->type;
    if (m->kind == P_CB && !t->row_major) {
        struct lop acc = {0};
        for (unsigned c = 0; c < t->cols; c++) {
            struct lop col = gen_mat_col(g, m, c);
            struct lop s = v;
            for (unsigned k = 0; k < 4; k++)
                s.swz[k] = v.swz[c];
            acc = c ? gen_alu(g, L_MAD, t->rows, &s, &col, &acc) : gen_alu(g, L_MUL, t->rows, &s, &col, NULL);
        }
        return acc;
    }
    uint32_t tmp = lir_temp(g, 1);
    for (unsigned r = 0; r < t->rows; r++) {
        struct lop row = gen_mat_row(g, m, r);
        struct lop d = gen_dot(g, row, v, t->cols);
        struct linst in = {0};
        in.op = L_MOV;
        in.ndst = in.nsrc = 1;
        in.dst[0] = lop_temp(tmp, 4);
        in.dst[0].mask = (uint8_t)(1u << r);
        in.src[0] = lop_rep(d);
        lir_emit(g, &in);
    }
    return lop_temp(tmp, t->rows);
}

static struct val mul(struct gen *g, struct val a, struct val b, const struct loc_src *at)
{
    struct hc *c = g->c;
    if (!type_is_numeric(a.type) || !type_is_numeric(b.type))
        hc_error(c, at, 3013, "mul: numeric arguments expected");
    if (a.type->cls == TC_SCALAR || b.type->cls == TC_SCALAR)
        return gen_binary(g, '*', a, b, at);
    a = to_float(g, a, at);
    b = to_float(g, b, at);
    struct type *ta = a.type, *tb = b.type;
    if (ta->cls == TC_VECTOR && tb->cls == TC_VECTOR) {
        unsigned n = ta->cols < tb->cols ? ta->cols : tb->cols;
        return gen_vnum(type_scalar(c, BT_FLOAT), gen_dot(g, gen_operand(g, a), gen_operand(g, b), n));
    }
    if (ta->cls == TC_VECTOR && tb->cls == TC_MATRIX) {
        if (ta->cols != tb->rows)
            hc_error(c, at, 3020, "mul: a %s cannot multiply a %s", type_name(c, ta),
                     type_name(c, tb));
        return gen_vnum(type_vector(c, BT_FLOAT, tb->cols), vec_mat(g, gen_operand(g, a), &b.pl));
    }
    if (ta->cls == TC_MATRIX && tb->cls == TC_VECTOR) {
        if (tb->cols != ta->cols)
            hc_error(c, at, 3020, "mul: a %s cannot multiply a %s", type_name(c, ta),
                     type_name(c, tb));
        return gen_vnum(type_vector(c, BT_FLOAT, ta->rows), mat_vec(g, &a.pl, gen_operand(g, b)));
    }
    /* matrix x matrix, row by row */
    if (ta->cols != tb->rows)
        hc_error(c, at, 3020, "mul: a %s cannot multiply a %s", type_name(c, ta), type_name(c, tb));
    struct type *rt = type_matrix(c, BT_FLOAT, ta->rows, tb->cols);
    struct place p = gen_new_place(g, rt);
    for (unsigned r = 0; r < ta->rows; r++) {
        struct lop row = gen_mat_row(g, &a.pl, r);
        struct lop res = vec_mat(g, row, &b.pl);
        struct place dr = p;
        dr.base += r;
        dr.type = type_vector(c, BT_FLOAT, tb->cols);
        gen_store(g, dr, NULL, 0, gen_vnum(dr.type, res), at);
    }
    return gen_place_val(g, p);
}

static struct val transpose(struct gen *g, struct val m, const struct loc_src *at)
{
    if (m.type->cls != TC_MATRIX)
        return m;
    struct type *t = type_matrix(g->c, m.type->base, m.type->cols, m.type->rows);
    struct place p = gen_new_place(g, t);
    for (unsigned c = 0; c < m.type->cols; c++) {
        struct place dr = p;
        dr.base += c;
        dr.type = type_vector(g->c, t->base, t->cols);
        gen_store(g, dr, NULL, 0, gen_vnum(dr.type, gen_mat_col(g, &m.pl, c)), at);
    }
    return gen_place_val(g, p);
}

/* ---- textures ------------------------------------------------------------------------------ */

static struct resource *res_of(struct gen *g, struct val v, bool sampler, const struct loc_src *at)
{
    if (!v.is_place || v.pl.kind != P_RES)
        hc_error(g->c, at, 3013, "a %s expected", sampler ? "sampler" : "texture");
    struct resource *r = &g->res[v.pl.base];
    if (sampler && !(v.type->cls == TC_SAMPLER))
        hc_error(g->c, at, 3013, "a sampler expected, not '%s'", type_name(g->c, v.type));
    r->used = true;
    return r;
}

/* Address components: an array's last is the slice (a cube array's the cube). */
static unsigned coord_dims(enum tex_dim d)
{
    switch (d) {
    case TD_1D: case TD_BUFFER: return 1;
    case TD_2D: case TD_1DARRAY: case TD_2DMS: return 2;
    case TD_CUBEARRAY: return 4;
    default: return 3;
    }
}

/* Components of a texel offset (the slice of an array takes none; cubes take none at all:
 * "Sample (DirectX HLSL Texture Object)", the Offset parameter's table). */
static unsigned offset_dims(enum tex_dim d)
{
    switch (d) {
    case TD_1DARRAY: return 1;
    case TD_2DARRAY: case TD_2DMSARRAY: return 2;
    case TD_CUBE: case TD_CUBEARRAY: return 0;
    default: return coord_dims(d);
    }
}

/* The size outputs of GetDimensions besides levels/samples: width [, height] [, depth or
 * elements] ("GetDimensions (DirectX HLSL Texture Object)"), resinfo's x, y, z in order. */
static unsigned size_dims(enum tex_dim d)
{
    switch (d) {
    case TD_1D: case TD_BUFFER: return 1;
    case TD_2D: case TD_1DARRAY: case TD_CUBE: case TD_2DMS: return 2;
    default: return 3;
    }
}

static bool is_ms(enum tex_dim d)
{
    return d == TD_2DMS || d == TD_2DMSARRAY;
}

/* The texture operand t# of resource r. */
static struct lop tex_operand(struct gen *g, const struct resource *r)
{
    struct lop tex = {0};
    tex.file = LF_TEX;
    tex.index = (uint32_t)(r - g->res);
    tex.rel = -1;
    for (unsigned k = 0; k < 4; k++)
        tex.swz[k] = (uint8_t)k;
    return tex;
}

struct samp_req {
    enum lop_code op;
    struct resource *tex, *smp;
    const struct type *tex_type;
    struct lop coord, extra[2];
    unsigned nextra;
    int offset[3];
    bool has_offset;
    unsigned channel;             /* gather4: 0..3 */
};

static struct val sample(struct gen *g, const struct samp_req *q, const struct loc_src *at)
{
    struct hc *c = g->c;
    if (!c->ps && (q->op == L_SAMPLE || q->op == L_SAMPLE_B || q->op == L_SAMPLE_C))
        hc_error(c, at, 4532, "implicit-LOD sampling (Sample, tex2D) is only for pixel "
                 "shaders: use SampleLevel / tex2Dlod");
    unsigned n = q->tex_type->cls == TC_TEXTURE ? q->tex_type->cols : 4;
    if (q->op == L_SAMPLE_C || q->op == L_SAMPLE_C_LZ)
        n = 1; /* a comparison returns one value (the filtered pass fraction) */
    if (q->op == L_GATHER4 || q->op == L_GATHER4_C)
        n = 4; /* one channel of the four texels of the bilinear footprint */
    struct linst in = {0};
    uint32_t t = lir_temp(g, 1);
    in.op = (uint16_t)q->op;
    in.ndst = 1;
    in.dst[0] = lop_temp(t, n);
    in.src[0] = q->coord;
    in.src[1] = tex_operand(g, q->tex);
    in.nsrc = 2;
    if (q->smp) {
        struct lop s = {0};
        s.file = LF_SAMP;
        s.index = (uint32_t)(q->smp - g->res);
        s.rel = -1;
        s.swz[0] = (uint8_t)q->channel;   /* gather4: the channel it gathers (s#.x .. .w) */
        in.src[in.nsrc++] = s;
    }
    for (unsigned i = 0; i < q->nextra; i++)
        in.src[in.nsrc++] = q->extra[i];
    if (q->has_offset) {
        in.has_offset = true;
        for (int i = 0; i < 3; i++)
            in.offset[i] = (int8_t)q->offset[i];
    }
    lir_emit(g, &in);
    enum base_type b = q->tex_type->cls == TC_TEXTURE ? q->tex_type->base : BT_FLOAT;
    if (q->op == L_SAMPLE_C || q->op == L_SAMPLE_C_LZ || q->op == L_GATHER4_C)
        b = BT_FLOAT;
    return gen_vnum(type_vector(c, b, n), lop_temp(t, n));
}

static void const_offset(struct gen *g, struct val v, unsigned dims, struct samp_req *q,
                         const struct loc_src *at)
{
    if (!dims)
        hc_error(g->c, at, 3013, "cube textures take no texel offset");
    struct lop o = gen_arg_as(g, v, BT_INT, dims, at);
    uint32_t k[4];
    if (!lir_known(g, &o, dims, k))
        hc_error(g->c, at, 4014, "the texel offset must be a literal or static const");
    for (unsigned i = 0; i < dims; i++) {
        if ((int32_t)k[i] < -8 || (int32_t)k[i] > 7)
            hc_error(g->c, at, 4014, "texel offsets are between -8 and 7");
        q->offset[i] = (int32_t)k[i];
    }
    q->has_offset = true;
}

/* Gather / GatherRed..Alpha (channel 0..3) / GatherCmp[Red..Alpha]: gather4 (4.1; the
 * channel and comparison forms 5.0: "Gather (DirectX HLSL Texture Object)" and its
 * GatherRed... pages) on a 2D, 2DArray, Cube or CubeArray texture, with a literal offset. */
static struct val gather(struct gen *g, struct expr *e, struct val *v, unsigned n,
                         struct samp_req *q)
{
    struct hc *c = g->c;
    const struct loc_src *at = &e->loc;
    const char *m = e->name + 6;
    enum tex_dim dim = v[0].type->dim;
    bool cmp = !strncmp(m, "Cmp", 3);
    if (cmp)
        m += 3;
    static const char *const chans[] = {"Red", "Green", "Blue", "Alpha"};
    q->channel = 0;
    bool named = false;
    for (unsigned k = 0; k < 4; k++)
        if (!strcmp(m, chans[k])) {
            q->channel = k;
            named = true;
        }
    if (*m && !named)
        hc_error(c, at, 3018, "'%s' is no method of '%s'", e->name, type_name(c, v[0].type));
    if (dim != TD_2D && dim != TD_2DARRAY && dim != TD_CUBE && dim != TD_CUBEARRAY)
        hc_error(c, at, 3018, "'%s' is no method of '%s'", e->name, type_name(c, v[0].type));
    if (c->sm < 41 || ((cmp || named) && c->sm < 50))
        hc_error(c, at, 4532, "%s needs shader model %s (not %s)", e->name,
                 cmp || named ? "5.0" : "4.1", c->args->target);
    unsigned need = cmp ? 4 : 3;
    if (n < need || n > need + 1)
        hc_error(c, at, 3013, "%s takes a sampler, coordinates%s (and an offset)", e->name,
                 cmp ? ", a comparison value" : "");
    q->smp = res_of(g, v[1], true, at);
    q->coord = gen_arg_as(g, v[2], BT_FLOAT, coord_dims(dim), at);
    q->op = cmp ? L_GATHER4_C : L_GATHER4;
    if (cmp)
        q->extra[q->nextra++] = lop_rep(gen_arg_as(g, v[3], BT_FLOAT, 1, at));
    if (n > need)
        const_offset(g, v[need], offset_dims(dim), q, at);
    return sample(g, q, at);
}

static struct val texture_method(struct gen *g, struct expr *e, struct val *v, unsigned n)
{
    struct hc *c = g->c;
    const struct loc_src *at = &e->loc;
    if (v[0].type->cls != TC_TEXTURE)
        hc_error(c, at, 3018, "'%s' is no method of '%s'", e->name, type_name(c, v[0].type));
    struct samp_req q = {0};
    q.tex = res_of(g, v[0], false, at);
    q.tex_type = v[0].type;
    enum tex_dim dim = v[0].type->dim;
    if (hc_sm2(c) && dim != TD_1D && dim != TD_2D && dim != TD_3D && dim != TD_CUBE)
        hc_error(c, at, 3000, "%s needs feature level 10_0 (not %s)", type_name(c, v[0].type),
                 c->args->target);
    if (dim == TD_CUBEARRAY && c->sm < 41)
        hc_error(c, at, 4532, "TextureCubeArray needs shader model 4.1 (not %s)",
                 c->args->target);
    unsigned dims = coord_dims(dim);
    const char *m = e->name;
    unsigned args = n - 1;
    if (!strcmp(m, "Load")) {
        /* Buffer: Load(int); Texture2DMS(Array): Load(int2/int3, sample [, offset]) as ld_ms;
         * the rest: Load(location with the mip last [, offset]) as ld ("Load (DirectX HLSL
         * Texture Object)"); cubes have no Load */
        bool ms = is_ms(dim);
        if (dim == TD_CUBE || dim == TD_CUBEARRAY)
            hc_error(c, at, 3018, "'Load' is no method of '%s'", type_name(c, v[0].type));
        if (args < (ms ? 2u : 1u) || args > (ms ? 3u : dim == TD_BUFFER ? 1u : 2u))
            hc_error(c, at, 3013, "Load takes a location%s%s", ms ? ", a sample index" : "",
                     dim == TD_BUFFER ? "" : " (and an offset)");
        unsigned ld = ms || dim == TD_BUFFER ? dims : dims + 1;
        q.op = ms ? L_LD_MS : L_LD;
        /* the location's last component replicates into .w, where ld reads the mip */
        q.coord = gen_arg_as(g, v[1], BT_INT, ld, at);
        if (ms)
            q.extra[q.nextra++] = lop_rep(gen_arg_as(g, v[2], BT_INT, 1, at));
        if (args == (ms ? 3u : 2u))
            const_offset(g, v[args], offset_dims(dim), &q, at);
        return sample(g, &q, at);
    }
    if (!strncmp(m, "Gather", 6))
        return gather(g, e, v, n, &q);
    if (!strcmp(m, "GetDimensions")) {
        /* ([mip,] out width [, out height [, out depth]] [, out levels]): resinfo gives
         * (width, height, depth, levels) of the mip asked for */
        if (hc_sm2(c))
            hc_error(c, at, 3000, "GetDimensions needs feature level 10_0 (not %s)",
                     c->args->target);
        /* width, height and depth, or the array size of an array; a multisampled texture
         * has no mip argument and ends with its sample count (sampleinfo, 4.1+) */
        /* (a Buffer's is bufinfo: gen_buffer.c) */
        bool ms = is_ms(dim);
        unsigned want = size_dims(dim);
        bool has_mip = !ms && args == want + 2;
        unsigned outs = args - (has_mip ? 1 : 0);
        if (ms ? outs != want + 1 : outs != want && !(has_mip && outs == want + 1))
            hc_error(c, at, 3013, "GetDimensions takes (%swidth%s%s%s) here", ms ? "" : "[mip,] ",
                     want > 1 ? ", height" : "", want > 2 ? ", depth or elements" : "",
                     ms ? ", samples" : "[, levels]");
        if (ms && c->sm < 41)
            hc_error(c, at, 4532, "the sample count of GetDimensions needs sampleinfo, shader "
                     "model 4.1 (not %s)", c->args->target);
        struct lop mip = has_mip ? gen_arg_as(g, v[1], BT_UINT, 1, at) : lop_imm_u(0);
        void *first = gen_lvalue(g, e->args[has_mip ? 2 : 1]);
        bool as_uint = gen_lvalue_type(g, first)->base != BT_FLOAT;
        struct linst in = {0};
        uint32_t t = lir_temp(g, 1);
        in.op = L_RESINFO;
        in.dtype = as_uint ? BT_UINT : BT_FLOAT;
        in.ndst = 1;
        in.dst[0] = lop_temp(t, 4);
        in.nsrc = 2;
        in.src[0] = lop_rep(mip);
        in.src[1] = tex_operand(g, q.tex);
        lir_emit(g, &in);
        if (ms) {
            /* the sample count into .w, where levels would be */
            struct linst si = {0};
            uint32_t t2 = lir_temp(g, 1);
            si.op = L_SAMPLEINFO;
            si.dtype = in.dtype;
            si.ndst = 1;
            si.dst[0] = lop_temp(t2, 1);
            si.nsrc = 1;
            si.src[0] = tex_operand(g, q.tex);
            lir_emit(g, &si);
            struct linst mv = {0};
            mv.op = L_MOV;
            mv.ndst = mv.nsrc = 1;
            mv.dtype = in.dtype;
            mv.dst[0] = lop_temp(t, 4);
            mv.dst[0].mask = 8;
            mv.src[0] = lop_rep(lop_temp(t2, 1));
            lir_emit(g, &mv);
        }
        unsigned first_arg = has_mip ? 2 : 1;
        for (unsigned k = first_arg; k < n; k++) {
            unsigned comp = k - first_arg;
            if (comp == want)
                comp = 3; /* levels (samples) */
            void *lv = gen_lvalue(g, e->args[k]);
            struct lop o = lop_temp(t, 4);
            for (unsigned q2 = 0; q2 < 4; q2++)
                o.swz[q2] = (uint8_t)comp;
            struct type *st = type_scalar(c, as_uint ? BT_UINT : BT_FLOAT);
            gen_lvalue_write(g, lv, gen_convert(g, gen_vnum(st, o), gen_lvalue_type(g, lv), at,
                                                false), at);
        }
        return gen_vnum(type_void(c), lop_imm_u(0));
    }
    if (dim == TD_BUFFER || is_ms(dim))
        hc_error(c, at, 3018, "'%s' is no method of '%s'", m, type_name(c, v[0].type));
    if (args < 2)
        hc_error(c, at, 3013, "%s takes a sampler and coordinates", m);
    q.smp = res_of(g, v[1], true, at);
    q.coord = gen_arg_as(g, v[2], BT_FLOAT, dims, at);
    unsigned rest = 3;
    if (!strcmp(m, "Sample")) {
        q.op = L_SAMPLE;
    } else if (!strcmp(m, "SampleLevel") || !strcmp(m, "SampleBias")) {
        q.op = m[6] == 'L' ? L_SAMPLE_L : L_SAMPLE_B;
        if (n < 4)
            hc_error(c, at, 3013, "%s takes a sampler, coordinates and a %s", m,
                     q.op == L_SAMPLE_L ? "level" : "bias");
        q.extra[q.nextra++] = lop_rep(gen_arg_as(g, v[3], BT_FLOAT, 1, at));
        rest = 4;
    } else if (!strcmp(m, "SampleGrad")) {
        q.op = L_SAMPLE_D;
        if (n < 5)
            hc_error(c, at, 3013, "SampleGrad takes a sampler, coordinates, ddx and ddy");
        q.extra[q.nextra++] = gen_arg_as(g, v[3], BT_FLOAT, dims, at);
        q.extra[q.nextra++] = gen_arg_as(g, v[4], BT_FLOAT, dims, at);
        rest = 5;
    } else if (!strcmp(m, "SampleCmp") || !strcmp(m, "SampleCmpLevelZero")) {
        if (hc_sm2(c))
            hc_error(c, at, 3000, "%s needs feature level 10_0 (not %s)", m, c->args->target);
        q.op = m[9] ? L_SAMPLE_C_LZ : L_SAMPLE_C;
        if (n < 4)
            hc_error(c, at, 3013, "%s takes a comparison sampler, coordinates and a value", m);
        q.extra[q.nextra++] = lop_rep(gen_arg_as(g, v[3], BT_FLOAT, 1, at));
        rest = 4;
    } else {
        hc_error(c, at, 3018, "'%s' is not a texture method (or not supported yet)", m);
    }
    if (n > rest)
        const_offset(g, v[rest], offset_dims(v[0].type->dim), &q, at);
    if (n > rest + 1)
        hc_error(c, at, 3013, "too many arguments to %s", m);
    return sample(g, &q, at);
}

/* tex2D & co on a sampler2D (the D3D9 style; at SM4 the sampler is t# and s# of one index). */
static struct val tex_sm2(struct gen *g, const char *name, struct val *v, unsigned n,
                          const struct loc_src *at)
{
    struct hc *c = g->c;
    if (n < 2 || !v[0].is_place || v[0].pl.kind != P_RES || v[0].type->cls != TC_SAMPLER)
        hc_error(c, at, 3013, "%s takes a sampler and coordinates", name);
    struct samp_req q = {0};
    q.tex = q.smp = res_of(g, v[0], true, at);
    q.tex->as_texture = true;
    q.tex_type = v[0].type;
    enum tex_dim dim = !strncmp(name, "tex1D", 5) ? TD_1D : !strncmp(name, "tex3D", 5) ? TD_3D :
                       !strncmp(name, "texCUBE", 7) ? TD_CUBE : TD_2D;
    unsigned dims = coord_dims(dim);
    const char *suffix = name + (dim == TD_CUBE ? 7 : 5);
    if (!*suffix) {
        q.op = L_SAMPLE;
        if (n == 4) {
            q.op = L_SAMPLE_D;
            q.extra[q.nextra++] = gen_arg_as(g, v[2], BT_FLOAT, dims, at);
            q.extra[q.nextra++] = gen_arg_as(g, v[3], BT_FLOAT, dims, at);
        } else if (n != 2) {
            hc_error(c, at, 3013, "%s takes 2 or 4 arguments", name);
        }
        q.coord = gen_arg_as(g, v[1], BT_FLOAT, dims, at);
    } else if (!strcmp(suffix, "lod") || !strcmp(suffix, "bias") || !strcmp(suffix, "proj")) {
        struct lop c4 = gen_arg_as(g, v[1], BT_FLOAT, 4, at);
        struct lop w = lop_rep(c4);
        for (unsigned k = 0; k < 4; k++)
            w.swz[k] = c4.swz[3];
        if (suffix[0] == 'p') {
            q.op = L_SAMPLE;
            q.coord = gen_alu(g, L_DIV, dims, &c4, &w, NULL);
        } else {
            q.op = suffix[0] == 'l' ? L_SAMPLE_L : L_SAMPLE_B;
            q.coord = c4;
            q.extra[q.nextra++] = w;
        }
    } else if (!strcmp(suffix, "grad")) {
        if (n != 4)
            hc_error(c, at, 3013, "%s takes 4 arguments", name);
        q.op = L_SAMPLE_D;
        q.coord = gen_arg_as(g, v[1], BT_FLOAT, dims, at);
        q.extra[q.nextra++] = gen_arg_as(g, v[2], BT_FLOAT, dims, at);
        q.extra[q.nextra++] = gen_arg_as(g, v[3], BT_FLOAT, dims, at);
    } else {
        hc_error(c, at, 3004, "undeclared identifier '%s'", name);
    }
    return sample(g, &q, at);
}

/* ---- the intrinsic table ---------------------------------------------------------------- */

static const struct {
    const char *name;
    enum lop_code op;
} simple_unary[] = {
    {"sqrt", L_SQRT}, {"rsqrt", L_RSQ}, {"exp2", L_EXP}, {"log2", L_LOG}, {"frac", L_FRC},
    {"floor", L_ROUND_NI}, {"ceil", L_ROUND_PI}, {"trunc", L_ROUND_Z}, {"round", L_ROUND_NE},
    {"ddx", L_DERIV_RTX}, {"ddy", L_DERIV_RTY}, {"ddx_coarse", L_DERIV_RTX},
    {"ddy_coarse", L_DERIV_RTY}, {"ddx_fine", L_DERIV_RTX_FINE}, {"ddy_fine", L_DERIV_RTY_FINE},
};

static struct val intrinsic(struct gen *g, struct expr *e, struct val *v, unsigned n, bool *found)
{
    struct hc *c = g->c;
    const struct loc_src *at = &e->loc;
    const char *name = e->name;
    *found = true;
    struct type *fs = type_scalar(c, BT_FLOAT);
#define NARGS(k) do { if (n != (k)) hc_error(c, at, 3013, "'%s': no matching %u parameter " \
                                               "intrinsic function", name, n); } while (0)
    for (size_t i = 0; i < sizeof(simple_unary) / sizeof(simple_unary[0]); i++)
        if (!strcmp(name, simple_unary[i].name)) {
            NARGS(1);
            enum lop_code op = simple_unary[i].op;
            bool fine = op == L_DERIV_RTX_FINE || op == L_DERIV_RTY_FINE;
            if ((op == L_DERIV_RTX || op == L_DERIV_RTY || fine) && !c->ps)
                hc_error(c, at, 4532, "%s is only for pixel shaders", name);
            /* ddx_fine / ddy_fine: deriv_rtx_fine / _rty_fine, shader model 5 (their reference
             * pages; ddx/ddy and the _coarse forms stay deriv_rtx/_rty, which SM4 and SM5 run
             * at the coarse granularity the VM implements) */
            if (fine && (c->sm < 50 || hc_sm2(c)))
                hc_error(c, at, 4532, "%s needs shader model 5.0 (not %s)", name,
                         c->args->target);
            unsigned cols = gen_common_cols(g, v, 1, at);
            struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at);
            return gen_vnum(type_vector(c, BT_FLOAT, cols),
                            gen_alu(g, simple_unary[i].op, cols, &a, NULL, NULL));
        }
    if (!strcmp(name, "mul")) {
        NARGS(2);
        return mul(g, v[0], v[1], at);
    }
    if (!strcmp(name, "transpose")) {
        NARGS(1);
        return transpose(g, v[0], at);
    }
    if (!strcmp(name, "dot")) {
        NARGS(2);
        unsigned cols = gen_common_cols(g, v, 2, at);
        if (v[0].type->base != BT_FLOAT && v[1].type->base != BT_FLOAT) {
            /* integer dot: products summed */
            struct lop a = gen_arg_as(g, v[0], BT_INT, cols, at), b = gen_arg_as(g, v[1], BT_INT, cols, at);
            struct lop p = gen_alu(g, L_IMUL, cols, &a, &b, NULL), acc = p;
            for (unsigned k = 1; k < cols; k++) {
                struct lop x = p;
                for (unsigned q = 0; q < 4; q++)
                    x.swz[q] = p.swz[k];
                acc = gen_alu(g, L_IADD, 1, &acc, &x, NULL);
            }
            return gen_vnum(type_scalar(c, BT_INT), acc);
        }
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at), b = gen_arg_as(g, v[1], BT_FLOAT, cols, at);
        return gen_vnum(fs, gen_dot(g, a, b, cols));
    }
    if (!strcmp(name, "saturate")) {
        NARGS(1);
        unsigned cols = gen_common_cols(g, v, 1, at);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at);
        return gen_vnum(type_vector(c, BT_FLOAT, cols), gen_alu_sat(g, L_MOV, cols, &a));
    }
    if (!strcmp(name, "abs")) {
        NARGS(1);
        unsigned cols = gen_common_cols(g, v, 1, at);
        if (v[0].type->base == BT_INT) {
            struct lop a = gen_arg_as(g, v[0], BT_INT, cols, at);
            struct lop na = gen_alu(g, L_INEG, cols, &a, NULL, NULL);
            return gen_vnum(type_vector(c, BT_INT, cols), gen_alu(g, L_IMAX, cols, &a, &na, NULL));
        }
        if (v[0].type->base == BT_UINT || v[0].type->base == BT_BOOL)
            return v[0];
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at);
        a.abs = true;
        a.neg = false;
        return gen_vnum(type_vector(c, BT_FLOAT, cols), a);
    }
    if (!strcmp(name, "min") || !strcmp(name, "max")) {
        NARGS(2);
        unsigned cols = gen_common_cols(g, v, 2, at);
        bool mx = name[1] == 'a';
        enum base_type b = v[0].type->base > v[1].type->base ? v[0].type->base : v[1].type->base;
        if (b == BT_BOOL)
            b = BT_INT;
        enum lop_code op = b == BT_FLOAT ? (mx ? L_MAX : L_MIN) : b == BT_UINT ?
                           (mx ? L_UMAX : L_UMIN) : (mx ? L_IMAX : L_IMIN);
        struct lop a = gen_arg_as(g, v[0], b, cols, at), bb = gen_arg_as(g, v[1], b, cols, at);
        return gen_vnum(type_vector(c, b, cols), gen_alu(g, op, cols, &a, &bb, NULL));
    }
    if (!strcmp(name, "clamp")) {
        NARGS(3);
        unsigned cols = gen_common_cols(g, v, 3, at);
        enum base_type b = v[0].type->base;
        if (b == BT_BOOL)
            b = BT_INT;
        bool f = b == BT_FLOAT, u = b == BT_UINT;
        struct lop x = gen_arg_as(g, v[0], b, cols, at), lo = gen_arg_as(g, v[1], b, cols, at),
                   hi = gen_arg_as(g, v[2], b, cols, at);
        struct lop m = gen_alu(g, f ? L_MAX : u ? L_UMAX : L_IMAX, cols, &x, &lo, NULL);
        return gen_vnum(type_vector(c, b, cols), gen_alu(g, f ? L_MIN : u ? L_UMIN : L_IMIN, cols,
                                                         &m, &hi, NULL));
    }
    if (!strcmp(name, "lerp")) {
        NARGS(3);
        unsigned cols = gen_common_cols(g, v, 3, at);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at), b = gen_arg_as(g, v[1], BT_FLOAT, cols, at),
                   t = gen_arg_as(g, v[2], BT_FLOAT, cols, at);
        struct lop na = lop_negate(a);
        struct lop d = gen_alu(g, L_ADD, cols, &b, &na, NULL);
        return gen_vnum(type_vector(c, BT_FLOAT, cols), gen_alu(g, L_MAD, cols, &t, &d, &a));
    }
    if (!strcmp(name, "mad")) {
        NARGS(3);
        unsigned cols = gen_common_cols(g, v, 3, at);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at), b = gen_arg_as(g, v[1], BT_FLOAT, cols, at),
                   d = gen_arg_as(g, v[2], BT_FLOAT, cols, at);
        return gen_vnum(type_vector(c, BT_FLOAT, cols), gen_alu(g, L_MAD, cols, &a, &b, &d));
    }
    if (!strcmp(name, "exp") || !strcmp(name, "log") || !strcmp(name, "log10")) {
        NARGS(1);
        unsigned cols = gen_common_cols(g, v, 1, at);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at);
        if (name[0] == 'e') {
            struct lop k = lop_imm_f(1.44269504f);
            struct lop x = gen_alu(g, L_MUL, cols, &a, &k, NULL);
            return gen_vnum(type_vector(c, BT_FLOAT, cols), gen_alu(g, L_EXP, cols, &x, NULL, NULL));
        }
        struct lop l = gen_alu(g, L_LOG, cols, &a, NULL, NULL);
        struct lop k = lop_imm_f(name[3] ? 0.30103f : 0.69314718f);
        return gen_vnum(type_vector(c, BT_FLOAT, cols), gen_alu(g, L_MUL, cols, &l, &k, NULL));
    }
    if (!strcmp(name, "pow")) {
        NARGS(2);
        unsigned cols = gen_common_cols(g, v, 2, at);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at), b = gen_arg_as(g, v[1], BT_FLOAT, cols, at);
        struct lop l = gen_alu(g, L_LOG, cols, &a, NULL, NULL);
        struct lop m = gen_alu(g, L_MUL, cols, &l, &b, NULL);
        return gen_vnum(type_vector(c, BT_FLOAT, cols), gen_alu(g, L_EXP, cols, &m, NULL, NULL));
    }
    if (!strcmp(name, "sin") || !strcmp(name, "cos") || !strcmp(name, "tan") ||
        !strcmp(name, "sincos")) {
        bool both = !strcmp(name, "sincos");
        NARGS(both ? 3u : 1u);
        unsigned cols = gen_common_cols(g, v, 1, at);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at);
        uint32_t ts = lir_temp(g, 1), tc = lir_temp(g, 1);
        struct linst in = {0};
        in.op = L_SINCOS;
        in.ndst = 2;
        in.nsrc = 1;
        in.src[0] = a;
        in.dst[0] = lop_temp(ts, cols);
        in.dst[1] = lop_temp(tc, cols);
        if (name[0] == 's' && !both)
            in.dst[1].file = LF_NULL;
        if (name[0] == 'c')
            in.dst[0].file = LF_NULL;
        lir_emit(g, &in);
        struct type *t = type_vector(c, BT_FLOAT, cols);
        if (both) {
            void *ls = gen_lvalue(g, e->args[1]), *lc = gen_lvalue(g, e->args[2]);
            gen_lvalue_write(g, ls, gen_vnum(t, lop_temp(ts, cols)), at);
            gen_lvalue_write(g, lc, gen_vnum(t, lop_temp(tc, cols)), at);
            return gen_vnum(type_void(c), lop_imm_u(0));
        }
        if (name[0] == 't') {
            struct lop s = lop_temp(ts, cols), co = lop_temp(tc, cols);
            return gen_vnum(t, gen_alu(g, L_DIV, cols, &s, &co, NULL));
        }
        return gen_vnum(t, lop_temp(name[0] == 's' ? ts : tc, cols));
    }
    if (!strcmp(name, "normalize") || !strcmp(name, "length")) {
        NARGS(1);
        unsigned cols = gen_common_cols(g, v, 1, at);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at);
        struct lop d = lop_rep(gen_dot(g, a, a, cols));
        if (name[0] == 'l')
            return gen_vnum(fs, gen_alu(g, L_SQRT, 1, &d, NULL, NULL));
        struct lop r = lop_rep(gen_alu(g, L_RSQ, 1, &d, NULL, NULL));
        return gen_vnum(type_vector(c, BT_FLOAT, cols), gen_alu(g, L_MUL, cols, &a, &r, NULL));
    }
    if (!strcmp(name, "distance")) {
        NARGS(2);
        unsigned cols = gen_common_cols(g, v, 2, at);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at), b = gen_arg_as(g, v[1], BT_FLOAT, cols, at);
        struct lop nb = lop_negate(b);
        struct lop d = gen_alu(g, L_ADD, cols, &a, &nb, NULL);
        struct lop dd = lop_rep(gen_dot(g, d, d, cols));
        return gen_vnum(fs, gen_alu(g, L_SQRT, 1, &dd, NULL, NULL));
    }
    if (!strcmp(name, "dst")) {
        /* the vs dst instruction's operation ("dst - vs"): (1, a.y * b.y, a.z, b.w) */
        NARGS(2);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, 4, at), b = gen_arg_as(g, v[1], BT_FLOAT, 4, at);
        struct lop ay = lop_rep(a), by = lop_rep(b);
        ay.swz[0] = ay.swz[1] = ay.swz[2] = ay.swz[3] = a.swz[1];
        by.swz[0] = by.swz[1] = by.swz[2] = by.swz[3] = b.swz[1];
        struct lop yy = gen_alu(g, L_MUL, 1, &ay, &by, NULL);
        uint32_t t = lir_temp(g, 1);
        struct lop parts[4] = {lop_imm_f(1.0f), yy, a, b};
        unsigned from[4] = {0, 0, 2, 3};
        for (unsigned k = 0; k < 4; k++) {
            struct linst in = {0};
            in.op = L_MOV;
            in.ndst = in.nsrc = 1;
            in.dst[0] = lop_temp(t, 4);
            in.dst[0].mask = (uint8_t)(1u << k);
            in.src[0] = parts[k];
            in.src[0].swz[k] = parts[k].swz[from[k]];
            lir_emit(g, &in);
        }
        return gen_vnum(type_vector(c, BT_FLOAT, 4), lop_temp(t, 4));
    }
    if (!strcmp(name, "cross")) {
        NARGS(2);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, 3, at), b = gen_arg_as(g, v[1], BT_FLOAT, 3, at);
        /* a.yzx*b.zxy - a.zxy*b.yzx */
        struct lop a1 = a, b1 = b, a2 = a, b2 = b;
        static const uint8_t yzx[3] = {1, 2, 0}, zxy[3] = {2, 0, 1};
        for (unsigned k = 0; k < 3; k++) {
            a1.swz[k] = a.swz[yzx[k]];
            b1.swz[k] = b.swz[zxy[k]];
            a2.swz[k] = a.swz[zxy[k]];
            b2.swz[k] = b.swz[yzx[k]];
        }
        struct lop p = gen_alu(g, L_MUL, 3, &a2, &b2, NULL);
        struct lop np = lop_negate(p);
        return gen_vnum(type_vector(c, BT_FLOAT, 3), gen_alu(g, L_MAD, 3, &a1, &b1, &np));
    }
    if (!strcmp(name, "reflect")) {
        NARGS(2);
        unsigned cols = gen_common_cols(g, v, 2, at);
        struct lop i = gen_arg_as(g, v[0], BT_FLOAT, cols, at), nn = gen_arg_as(g, v[1], BT_FLOAT, cols, at);
        struct lop d = lop_rep(gen_dot(g, nn, i, cols));
        struct lop two = lop_imm_f(-2.0f);
        struct lop d2 = gen_alu(g, L_MUL, 1, &d, &two, NULL);
        d2 = lop_rep(d2);
        return gen_vnum(type_vector(c, BT_FLOAT, cols), gen_alu(g, L_MAD, cols, &d2, &nn, &i));
    }
    if (!strcmp(name, "isnan") || !strcmp(name, "isinf") || !strcmp(name, "isfinite")) {
        NARGS(1);
        unsigned cols = gen_common_cols(g, v, 1, at);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at);
        struct type *bt = type_vector(c, BT_BOOL, cols);
        if (name[2] == 'n') /* NaN is the one value unequal to itself */
            return gen_vnum(bt, gen_alu(g, L_NE, cols, &a, &a, NULL));
        /* |x| == inf, or not (and not NaN) */
        struct lop ab = a, inf = lop_imm_u(0x7f800000u);
        ab.abs = true;
        ab.neg = false;
        if (name[2] == 'i')
            return gen_vnum(bt, gen_alu(g, L_EQ, cols, &ab, &inf, NULL));
        return gen_vnum(bt, gen_alu(g, L_LT, cols, &ab, &inf, NULL));
    }
    if (!strcmp(name, "faceforward")) {
        NARGS(3);
        unsigned cols = gen_common_cols(g, v, 3, at);
        struct lop nn = gen_arg_as(g, v[0], BT_FLOAT, cols, at), i = gen_arg_as(g, v[1], BT_FLOAT, cols, at),
                   ng = gen_arg_as(g, v[2], BT_FLOAT, cols, at), z = lop_imm_f(0.0f);
        /* -n * sign(dot(i, ng)) */
        struct lop d = lop_rep(gen_dot(g, i, ng, cols));
        struct lop lt = lop_rep(gen_alu(g, L_LT, 1, &d, &z, NULL));
        struct lop negn = lop_negate(nn);
        return gen_vnum(type_vector(c, BT_FLOAT, cols), gen_alu(g, L_MOVC, cols, &lt, &nn, &negn));
    }
    if (!strcmp(name, "refract")) {
        NARGS(3);
        unsigned cols = gen_common_cols(g, v, 2, at);
        struct lop i = gen_arg_as(g, v[0], BT_FLOAT, cols, at), nn = gen_arg_as(g, v[1], BT_FLOAT, cols, at),
                   eta = lop_rep(gen_arg_as(g, v[2], BT_FLOAT, 1, at));
        /* k = 1 - eta^2 (1 - dot(n,i)^2); k < 0 ? 0 : eta*i - (eta*dot(n,i) + sqrt(k)) * n */
        struct lop d = lop_rep(gen_dot(g, nn, i, cols));
        struct lop one = lop_imm_f(1.0f), z = lop_imm_f(0.0f);
        struct lop nd = lop_negate(d);
        struct lop t = gen_alu(g, L_MAD, 1, &nd, &d, &one);
        struct lop e2 = gen_alu(g, L_MUL, 1, &eta, &eta, NULL);
        struct lop ne2 = lop_negate(e2);
        struct lop k = lop_rep(gen_alu(g, L_MAD, 1, &ne2, &t, &one));
        struct lop sk = lop_rep(gen_alu(g, L_SQRT, 1, &k, NULL, NULL));
        struct lop f = lop_rep(gen_alu(g, L_MAD, 1, &eta, &d, &sk));
        struct lop fn = gen_alu(g, L_MUL, cols, &f, &nn, NULL);
        struct lop nfn = lop_negate(fn);
        struct lop r = gen_alu(g, L_MAD, cols, &eta, &i, &nfn);
        struct lop ok = lop_rep(gen_alu(g, L_GE, 1, &k, &z, NULL));
        return gen_vnum(type_vector(c, BT_FLOAT, cols), gen_alu(g, L_MOVC, cols, &ok, &r, &z));
    }
    if (!strcmp(name, "determinant")) {
        NARGS(1);
        if (v[0].type->cls != TC_MATRIX || v[0].type->rows != v[0].type->cols)
            hc_error(c, at, 3013, "determinant: a square matrix expected, not '%s'",
                     type_name(c, v[0].type));
        if (v[0].type->rows == 4)
            return gen_intrinsic_math(g, e, v, n, found);
        struct val m = to_float(g, v[0], at);
        struct lop r0 = gen_mat_row(g, &m.pl, 0), r1 = gen_mat_row(g, &m.pl, 1);
        if (m.type->rows == 2) {
            /* a d - b c */
            struct lop a = r0, dd = r1, b = r0, cc = r1;
            for (unsigned q2 = 0; q2 < 4; q2++) {
                a.swz[q2] = r0.swz[0];
                dd.swz[q2] = r1.swz[1];
                b.swz[q2] = r0.swz[1];
                cc.swz[q2] = r1.swz[0];
            }
            struct lop bc = gen_alu(g, L_MUL, 1, &b, &cc, NULL);
            struct lop nbc = lop_negate(bc);
            return gen_vnum(fs, gen_alu(g, L_MAD, 1, &a, &dd, &nbc));
        }
        /* dot(row0, cross(row1, row2)) */
        struct lop r2 = gen_mat_row(g, &m.pl, 2);
        struct lop a1 = r1, b1 = r2, a2 = r1, b2 = r2;
        static const uint8_t yzx[3] = {1, 2, 0}, zxy[3] = {2, 0, 1};
        for (unsigned k = 0; k < 3; k++) {
            a1.swz[k] = r1.swz[yzx[k]];
            b1.swz[k] = r2.swz[zxy[k]];
            a2.swz[k] = r1.swz[zxy[k]];
            b2.swz[k] = r2.swz[yzx[k]];
        }
        struct lop p = gen_alu(g, L_MUL, 3, &a2, &b2, NULL);
        struct lop np = lop_negate(p);
        struct lop cr = gen_alu(g, L_MAD, 3, &a1, &b1, &np);
        return gen_vnum(fs, gen_dot(g, r0, cr, 3));
    }
    if (!strcmp(name, "lit")) {
        NARGS(3);
        /* (1, max(n.l, 0), n.l < 0 || n.h < 0 ? 0 : pow(n.h, m), 1) */
        struct lop nl = lop_rep(gen_arg_as(g, v[0], BT_FLOAT, 1, at)), nh = lop_rep(gen_arg_as(g, v[1], BT_FLOAT, 1, at)),
                   m = lop_rep(gen_arg_as(g, v[2], BT_FLOAT, 1, at)), z = lop_imm_f(0.0f);
        struct lop diff = gen_alu(g, L_MAX, 1, &nl, &z, NULL);
        struct lop lg = gen_alu(g, L_LOG, 1, &nh, NULL, NULL);
        struct lop pm = gen_alu(g, L_MUL, 1, &lg, &m, NULL);
        struct lop sp = gen_alu(g, L_EXP, 1, &pm, NULL, NULL);
        struct lop c1 = gen_alu(g, L_LT, 1, &nl, &z, NULL), c2 = gen_alu(g, L_LT, 1, &nh, &z, NULL);
        struct lop any = gen_alu(g, L_OR, 1, &c1, &c2, NULL);
        struct lop spec = gen_alu(g, L_MOVC, 1, &any, &z, &sp);
        uint32_t t = lir_temp(g, 1);
        struct lop parts[4] = {lop_imm_f(1.0f), diff, spec, lop_imm_f(1.0f)};
        for (unsigned k = 0; k < 4; k++) {
            struct linst in = {0};
            in.op = L_MOV;
            in.ndst = in.nsrc = 1;
            in.dst[0] = lop_temp(t, 4);
            in.dst[0].mask = (uint8_t)(1u << k);
            in.src[0] = lop_rep(parts[k]);
            lir_emit(g, &in);
        }
        return gen_vnum(type_vector(c, BT_FLOAT, 4), lop_temp(t, 4));
    }
    if (!strcmp(name, "step")) {
        NARGS(2);
        unsigned cols = gen_common_cols(g, v, 2, at);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at), x = gen_arg_as(g, v[1], BT_FLOAT, cols, at);
        struct lop ge = gen_alu(g, L_GE, cols, &x, &a, NULL);
        struct lop one = lop_imm_f(1.0f);
        return gen_vnum(type_vector(c, BT_FLOAT, cols), gen_alu(g, L_AND, cols, &ge, &one, NULL));
    }
    if (!strcmp(name, "smoothstep")) {
        NARGS(3);
        unsigned cols = gen_common_cols(g, v, 3, at);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at), b = gen_arg_as(g, v[1], BT_FLOAT, cols, at),
                   x = gen_arg_as(g, v[2], BT_FLOAT, cols, at);
        struct lop na = lop_negate(a);
        struct lop w = gen_alu(g, L_ADD, cols, &b, &na, NULL);
        struct lop d = gen_alu(g, L_ADD, cols, &x, &na, NULL);
        struct lop q = gen_alu(g, L_DIV, cols, &d, &w, NULL);
        struct lop t = gen_alu_sat(g, L_MOV, cols, &q);
        struct lop m2 = lop_imm_f(-2.0f), three = lop_imm_f(3.0f);
        struct lop k = gen_alu(g, L_MAD, cols, &t, &m2, &three);
        struct lop tt = gen_alu(g, L_MUL, cols, &t, &t, NULL);
        return gen_vnum(type_vector(c, BT_FLOAT, cols), gen_alu(g, L_MUL, cols, &tt, &k, NULL));
    }
    if (!strcmp(name, "sign")) {
        NARGS(1);
        unsigned cols = gen_common_cols(g, v, 1, at);
        enum base_type b = v[0].type->base == BT_FLOAT ? BT_FLOAT : BT_INT;
        struct lop a = gen_arg_as(g, v[0], b, cols, at), z = lop_imm_u(0);
        enum lop_code lt = b == BT_FLOAT ? L_LT : L_ILT;
        struct lop pos = gen_alu(g, lt, cols, &z, &a, NULL);
        struct lop negv = gen_alu(g, lt, cols, &a, &z, NULL);
        /* (0 < x) - (x < 0) through bool -> float conversions, not integer arithmetic on the
         * masks: a true is ~0 in SM4 but 1.0 in the level-9 translation */
        struct lop one = lop_imm_f(1.0f);
        struct lop pf = gen_alu(g, L_AND, cols, &pos, &one, NULL);
        struct lop nf = gen_alu(g, L_AND, cols, &negv, &one, NULL);
        struct lop nnf = lop_negate(nf);
        struct lop d = gen_alu(g, L_ADD, cols, &pf, &nnf, NULL);
        return gen_vnum(type_vector(c, BT_INT, cols), gen_alu(g, L_FTOI, cols, &d, NULL, NULL));
    }
    if (!strcmp(name, "fmod")) {
        NARGS(2);
        unsigned cols = gen_common_cols(g, v, 2, at);
        struct type *t = type_vector(c, BT_FLOAT, cols);
        return gen_binary(g, '%', gen_convert(g, v[0], t, at, true), gen_convert(g, v[1], t, at, true), at);
    }
    if (!strcmp(name, "rcp")) {
        NARGS(1);
        unsigned cols = gen_common_cols(g, v, 1, at);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at), one = lop_imm_f(1.0f);
        return gen_vnum(type_vector(c, BT_FLOAT, cols), gen_alu(g, L_DIV, cols, &one, &a, NULL));
    }
    if (!strcmp(name, "radians") || !strcmp(name, "degrees")) {
        NARGS(1);
        unsigned cols = gen_common_cols(g, v, 1, at);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at);
        struct lop k = lop_imm_f(name[0] == 'r' ? 0.0174532924f : 57.2957802f);
        return gen_vnum(type_vector(c, BT_FLOAT, cols), gen_alu(g, L_MUL, cols, &a, &k, NULL));
    }
    if (!strcmp(name, "any") || !strcmp(name, "all")) {
        NARGS(1);
        unsigned cols = gen_common_cols(g, v, 1, at);
        struct lop b = gen_operand(g, gen_bool(g, v[0], at));
        struct lop acc = b;
        for (unsigned k = 1; k < cols; k++) {
            struct lop x = b;
            for (unsigned q = 0; q < 4; q++)
                x.swz[q] = b.swz[k];
            acc = gen_alu(g, name[1] == 'n' ? L_OR : L_AND, 1, &acc, &x, NULL);
        }
        return gen_vnum(type_scalar(c, BT_BOOL), acc);
    }
    if (!strcmp(name, "clip")) {
        NARGS(1);
        if (!c->ps)
            hc_error(c, at, 4532, "clip is only for pixel shaders");
        unsigned cols = gen_common_cols(g, v, 1, at);
        struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at), z = lop_imm_f(0.0f);
        struct lop lt = gen_alu(g, L_LT, cols, &a, &z, NULL);
        struct lop acc = lt;
        for (unsigned k = 1; k < cols; k++) {
            struct lop x = lt;
            for (unsigned q = 0; q < 4; q++)
                x.swz[q] = lt.swz[k];
            acc = gen_alu(g, L_OR, 1, &acc, &x, NULL);
        }
        gen_discard(g, lop_rep(acc));
        return gen_vnum(type_void(c), lop_imm_u(0));
    }
    if (!strcmp(name, "asfloat") || !strcmp(name, "asint") || !strcmp(name, "asuint")) {
        NARGS(1);
        if (!type_is_numeric(v[0].type) || v[0].type->cls == TC_MATRIX)
            hc_error(c, at, 3013, "%s takes a scalar or vector", name);
        enum base_type b = name[2] == 'f' ? BT_FLOAT : name[2] == 'i' ? BT_INT : BT_UINT;
        struct lop o = gen_operand(g, v[0]);
        if (o.neg || o.abs)
            o = gen_alu(g, L_MOV, v[0].type->cols, &o, NULL, NULL);
        return gen_vnum(type_vector(c, b, v[0].type->cols), o);
    }
    if (!strncmp(name, "tex1D", 5) || !strncmp(name, "tex2D", 5) || !strncmp(name, "tex3D", 5) ||
        !strncmp(name, "texCUBE", 7))
        return tex_sm2(g, name, v, n, at);
    return gen_intrinsic_math(g, e, v, n, found);
#undef NARGS
}

/* ---- user functions: overload resolution -------------------------------------------------- */

static int conv_cost(const struct type *from, const struct type *to)
{
    if (type_equal(from, to))
        return 0;
    if (type_is_numeric(from) && type_is_numeric(to)) {
        if (from->rows == to->rows && from->cols == to->cols && from->cls == to->cls)
            return 1;
        if (from->cls == TC_SCALAR)
            return 2;
        if (type_components(from) > type_components(to) && from->cls == to->cls)
            return 3;
        return -1;
    }
    return -1;
}

struct val gen_call(struct gen *g, struct expr *e)
{
    struct hc *c = g->c;
    struct val v[MAX_ARGS] = {0};
    if (e->nargs > MAX_ARGS && e->kind != EX_CALL)
        hc_error(c, &e->loc, 3013, "too many arguments");
    unsigned n = e->nargs;
    if (e->kind == EX_METHOD) {
        for (unsigned i = 0; i < n && i < MAX_ARGS; i++)
            v[i] = gen_expr(g, e->args[i]);
        if (n && v[0].type->cls == TC_STREAM)
            return gen_gs_method(g, e, v, n);
        bool mem = false;
        struct val r = n ? gen_buffer_method(g, e, v, n, &mem) : v[0];
        if (mem)
            return r;
        return texture_method(g, e, v, n);
    }
    /* user functions first: they may overload intrinsic names */
    struct func_decl *best = NULL;
    int best_cost = 1 << 30;
    bool any = false;
    for (unsigned i = 0; i < g->prog->nglobals; i++) {
        struct global *gl = &g->prog->globals[i];
        if (gl->kind != GL_FUNC || strcmp(gl->func->name, e->name))
            continue;
        any = true;
    }
    if (any) {
        if (n > 32)
            hc_error(c, &e->loc, 3013, "too many arguments");
        struct val av[32];
        for (unsigned i = 0; i < n; i++)
            av[i] = gen_expr(g, e->args[i]);
        for (unsigned i = 0; i < g->prog->nglobals; i++) {
            struct global *gl = &g->prog->globals[i];
            if (gl->kind != GL_FUNC || strcmp(gl->func->name, e->name))
                continue;
            struct func_decl *f = gl->func;
            if (n > f->nparams)
                continue;
            int cost = 0;
            for (unsigned k = 0; k < f->nparams && cost >= 0; k++) {
                if (k >= n) {
                    if (!f->params[k]->init)
                        cost = -1;
                    continue;
                }
                int cc = conv_cost(av[k].type, f->params[k]->type);
                cost = cc < 0 ? -1 : cost + cc;
            }
            /* a definition is preferred over a prototype of the same signature */
            if (cost >= 0 && (cost < best_cost || (cost == best_cost && f->body && !best->body))) {
                best = f;
                best_cost = cost;
            }
        }
        if (!best)
            hc_error(c, &e->loc, 3013, "'%s': no matching %u parameter function", e->name, n);
        if (!best->body) {
            /* the prototype's definition: the same name and parameter types */
            for (unsigned i = 0; i < g->prog->nglobals; i++) {
                struct global *gl = &g->prog->globals[i];
                if (gl->kind != GL_FUNC || strcmp(gl->func->name, e->name) || !gl->func->body ||
                    gl->func->nparams != best->nparams)
                    continue;
                bool same = true;
                for (unsigned k = 0; k < best->nparams; k++)
                    same = same && type_equal(gl->func->params[k]->type, best->params[k]->type);
                if (same)
                    best = gl->func;
            }
            if (!best->body)
                hc_error(c, &e->loc, 3080, "'%s': function is declared but not defined", e->name);
        }
        return gen_call_user(g, best, e, av);
    }
    bool found;
    struct val r = gen_interlocked(g, e, &found);
    if (found)
        return r;
    /* pull-model evaluation (gen_eval.c): it reads its own arguments */
    r = gen_eval(g, e, &found);
    if (found)
        return r;
    if (n > MAX_ARGS)
        hc_error(c, &e->loc, 3013, "too many arguments");
    for (unsigned i = 0; i < n; i++) {
        /* the outputs of sincos, frexp and modf are lvalues, not read */
        if ((!strcmp(e->name, "sincos") || !strcmp(e->name, "frexp") ||
             !strcmp(e->name, "modf")) && i > 0) {
            v[i] = gen_vnum(type_scalar(c, BT_FLOAT), lop_imm_u(0));
            continue;
        }
        v[i] = gen_expr(g, e->args[i]);
    }
    r = gen_cs_barrier(g, e->name, n, &e->loc, &found);
    if (found)
        return r;
    r = intrinsic(g, e, v, n, &found);
    if (!found)
        hc_error(c, &e->loc, 3004, "undeclared identifier '%s'", e->name);
    return r;
}
