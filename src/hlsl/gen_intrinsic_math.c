/* src/hlsl/gen_intrinsic_math.c — the intrinsics of the HLSL reference ("Intrinsic
 * Functions") that have no instruction of their own and are built from several, and the
 * shader model 5 bit intrinsics, which have one each.  gen_intrinsic.c calls in here for the
 * names it does not know.
 *
 * Read me first:
 * - acos/asin/atan/atan2 are polynomial approximations from Abramowitz & Stegun, Handbook of
 *   Mathematical Functions (1964): 4.4.46 for acos on [0,1] (|error| <= 2e-8) and 4.4.49 for
 *   atan on [0,1] (|error| <= 2e-8), extended to the whole range by the identities
 *   acos(-x) = pi - acos(x), asin(x) = pi/2 - acos(x), atan(x) = pi/2 - atan(1/x) (x > 1),
 *   atan(-x) = -atan(x).  Only mad/mul/add/sqrt/div/min/max/lt/movc are used, so every target
 *   (level 9 and the d3dbc ones too) can run them.  The float arithmetic adds a few ulps.
 * - sinh/cosh/tanh come from exp: sinh = (e^x - e^-x)/2, cosh = (e^x + e^-x)/2,
 *   tanh = 1 - 2/(e^2x + 1), the form that gives +-1 rather than inf/inf for large |x|.
 * - frexp (mantissa in [0.5, 1), exponent as a float) reads the IEEE bits, so it needs integer
 *   instructions: SM4 and up.  ldexp(x, e) = x * exp2(e); modf(x, ip): ip = trunc(x), x - ip
 *   (both parts carry the sign of x); fwidth(x) = abs(ddx(x)) + abs(ddy(x)).
 * - determinant of a 4x4 matrix: the Laplace expansion along row 0 with the six 2x2 minors of
 *   rows 2 and 3 shared by the four 3x3 cofactors.
 * - countbits, firstbithigh, firstbitlow, reversebits, f32tof16, f16tof32: shader model 5 only
 *   (each function's "Minimum Shader Model" table); below 5_0, X4532.  The SM5 firstbit_hi
 *   instruction counts from the most significant bit, HLSL's firstbithigh from the least, so
 *   the result is 31 - n (and ~0 stays ~0); a signed argument uses firstbit_shi.
 */
#include "hlsl/gen.h"

#include <string.h>

#define PI_F 3.14159265f
#define HALF_PI_F 1.57079633f

/* Horner: ((k[n-1] x + k[n-2]) x + ...) x + k[0], on n components. */
static struct lop poly(struct gen *g, struct lop x, const float *k, unsigned nk, unsigned n)
{
    struct lop acc = lop_imm_f(k[nk - 1]);
    for (unsigned i = nk - 1; i-- > 0;) {
        struct lop ki = lop_imm_f(k[i]);
        acc = gen_alu(g, L_MAD, n, &acc, &x, &ki);
    }
    return acc;
}

/* acos of x (any sign) on n components; A&S 4.4.46 on |x|, then pi - r where x < 0. */
static struct lop acos_of(struct gen *g, struct lop x, unsigned n)
{
    static const float k[8] = {1.5707963050f, -0.2145988016f, 0.0889789874f, -0.0501743046f,
                               0.0308918810f, -0.0170881256f, 0.0066700901f, -0.0012624911f};
    struct lop ax = x, one = lop_imm_f(1.0f), z = lop_imm_f(0.0f), pi = lop_imm_f(PI_F);
    ax.abs = true;
    ax.neg = false;
    struct lop p = poly(g, ax, k, 8, n);
    struct lop nax = lop_negate(ax);
    struct lop d = gen_alu(g, L_ADD, n, &one, &nax, NULL);
    struct lop s = gen_alu(g, L_SQRT, n, &d, NULL, NULL);
    struct lop r = gen_alu(g, L_MUL, n, &s, &p, NULL);
    struct lop nr = lop_negate(r);
    struct lop flip = gen_alu(g, L_ADD, n, &pi, &nr, NULL);
    struct lop neg = gen_alu(g, L_LT, n, &x, &z, NULL);
    return gen_alu(g, L_MOVC, n, &neg, &flip, &r);
}

/* atan of t in [0, 1] (A&S 4.4.49: t * (1 + a2 t^2 + ... + a16 t^16)). */
static struct lop atan01(struct gen *g, struct lop t, unsigned n)
{
    static const float k[9] = {1.0f, -0.3333314528f, 0.1999355085f, -0.1420889944f,
                               0.1065626393f, -0.0752896400f, 0.0429096138f, -0.0161657367f,
                               0.0028662257f};
    struct lop t2 = gen_alu(g, L_MUL, n, &t, &t, NULL);
    struct lop p = poly(g, t2, k, 9, n);
    return gen_alu(g, L_MUL, n, &p, &t, NULL);
}

/* where cond: k - r, else r */
static struct lop reflect_if(struct gen *g, struct lop cond, float k, struct lop r, unsigned n)
{
    struct lop kk = lop_imm_f(k), nr = lop_negate(r);
    struct lop f = gen_alu(g, L_ADD, n, &kk, &nr, NULL);
    return gen_alu(g, L_MOVC, n, &cond, &f, &r);
}

/* atan2(y, x): the angle of the smaller |.| over the larger, then the octant.  max(.., the
 * smallest normal float) keeps atan2(0, 0) at 0 instead of 0/0. */
static struct lop atan2_of(struct gen *g, struct lop y, struct lop x, unsigned n)
{
    struct lop ay = y, ax = x, z = lop_imm_f(0.0f), tiny = lop_imm_f(1.17549435e-38f);
    ay.abs = ax.abs = true;
    ay.neg = ax.neg = false;
    struct lop mn = gen_alu(g, L_MIN, n, &ax, &ay, NULL);
    struct lop mx = gen_alu(g, L_MAX, n, &ax, &ay, NULL);
    mx = gen_alu(g, L_MAX, n, &mx, &tiny, NULL);
    struct lop t = gen_alu(g, L_DIV, n, &mn, &mx, NULL);
    struct lop r = atan01(g, t, n);
    struct lop steep = gen_alu(g, L_LT, n, &ax, &ay, NULL);
    r = reflect_if(g, steep, HALF_PI_F, r, n);
    struct lop left = gen_alu(g, L_LT, n, &x, &z, NULL);
    r = reflect_if(g, left, PI_F, r, n);
    struct lop below = gen_alu(g, L_LT, n, &y, &z, NULL);
    struct lop nr = lop_negate(r);
    return gen_alu(g, L_MOVC, n, &below, &nr, &r);
}

/* e^(s*x) on n components */
static struct lop exp_scaled(struct gen *g, struct lop x, float s, unsigned n)
{
    struct lop k = lop_imm_f(s * 1.44269504f);
    struct lop m = gen_alu(g, L_MUL, n, &x, &k, NULL);
    return gen_alu(g, L_EXP, n, &m, NULL, NULL);
}

static struct lop hyperbolic(struct gen *g, char which, struct lop x, unsigned n)
{
    struct lop one = lop_imm_f(1.0f), half = lop_imm_f(0.5f);
    if (which == 't') {
        struct lop e2 = exp_scaled(g, x, 2.0f, n);
        struct lop d = gen_alu(g, L_ADD, n, &e2, &one, NULL);
        struct lop m2 = lop_imm_f(-2.0f);
        struct lop q = gen_alu(g, L_DIV, n, &m2, &d, NULL);
        return gen_alu(g, L_ADD, n, &q, &one, NULL);
    }
    struct lop ep = exp_scaled(g, x, 1.0f, n), en = exp_scaled(g, x, -1.0f, n);
    if (which == 's')
        en = lop_negate(en);
    struct lop s = gen_alu(g, L_ADD, n, &ep, &en, NULL);
    return gen_alu(g, L_MUL, n, &s, &half, NULL);
}

/* Component k of a source, in every position. */
static struct lop comp(struct lop o, unsigned k)
{
    for (unsigned q = 0; q < 4; q++)
        o.swz[q] = o.swz[k];
    return o;
}

/* a*d - b*c on scalars */
static struct lop det2(struct gen *g, struct lop a, struct lop b, struct lop c, struct lop d)
{
    struct lop bc = gen_alu(g, L_MUL, 1, &b, &c, NULL);
    struct lop nbc = lop_negate(bc);
    return gen_alu(g, L_MAD, 1, &a, &d, &nbc);
}

static struct lop det4(struct gen *g, const struct place *m)
{
    struct lop r[4];
    for (unsigned i = 0; i < 4; i++)
        r[i] = gen_mat_row(g, m, i);
    /* s[i][j]: the 2x2 minor of rows 2, 3 and columns i < j */
    struct lop s[4][4];
    for (unsigned i = 0; i < 4; i++)
        for (unsigned j = i + 1; j < 4; j++)
            s[i][j] = det2(g, comp(r[2], i), comp(r[2], j), comp(r[3], i), comp(r[3], j));
    struct lop acc = {0};
    for (unsigned col = 0; col < 4; col++) {
        /* the cofactor of r0[col]: det3 of rows 1..3 without column col, expanded along row 1 */
        unsigned c3[3], k = 0;
        for (unsigned q = 0; q < 4; q++)
            if (q != col)
                c3[k++] = q;
        struct lop a1 = comp(r[1], c3[0]);
        struct lop t0 = gen_alu(g, L_MUL, 1, &a1, &s[c3[1]][c3[2]], NULL);
        struct lop n1 = lop_negate(comp(r[1], c3[1]));
        struct lop t1 = gen_alu(g, L_MAD, 1, &n1, &s[c3[0]][c3[2]], &t0);
        struct lop a2 = comp(r[1], c3[2]);
        struct lop cof = gen_alu(g, L_MAD, 1, &a2, &s[c3[0]][c3[1]], &t1);
        struct lop a0 = comp(r[0], col);
        if (col & 1)
            a0 = lop_negate(a0);
        acc = col ? gen_alu(g, L_MAD, 1, &a0, &cof, &acc) : gen_alu(g, L_MUL, 1, &a0, &cof, NULL);
    }
    return acc;
}

/* X4532 unless the target is shader model 5 (the reference's minimum for the function). */
static void need_sm5(struct gen *g, const char *name, const struct loc_src *at)
{
    if (g->c->sm < 50 || hc_sm2(g->c))
        hc_error(g->c, at, 4532, "cannot map expression to %s instruction set: %s needs shader "
                 "model 5", g->c->args->target, name);
}

static void need_integers(struct gen *g, const char *name, const struct loc_src *at)
{
    if (hc_sm2(g->c))
        hc_error(g->c, at, 4532, "cannot map expression to %s instruction set: %s needs integer "
                 "instructions (shader model 4)", g->c->args->target, name);
}

static struct val bit_intrinsic(struct gen *g, const char *name, struct val v,
                                const struct loc_src *at)
{
    struct hc *c = g->c;
    need_sm5(g, name, at);
    unsigned cols = gen_common_cols(g, &v, 1, at);
    struct type *ut = type_vector(c, BT_UINT, cols);
    if (!strcmp(name, "f16tof32")) {
        struct lop a = gen_arg_as(g, v, BT_UINT, cols, at);
        return gen_vnum(type_vector(c, BT_FLOAT, cols), gen_alu(g, L_F16TOF32, cols, &a, NULL, NULL));
    }
    if (!strcmp(name, "f32tof16")) {
        struct lop a = gen_arg_as(g, v, BT_FLOAT, cols, at);
        return gen_vnum(ut, gen_alu(g, L_F32TOF16, cols, &a, NULL, NULL));
    }
    bool is_signed = v.type->base == BT_INT;
    struct lop a = gen_arg_as(g, v, is_signed ? BT_INT : BT_UINT, cols, at);
    if (!strcmp(name, "countbits"))
        return gen_vnum(ut, gen_alu(g, L_COUNTBITS, cols, &a, NULL, NULL));
    if (!strcmp(name, "reversebits"))
        return gen_vnum(ut, gen_alu(g, L_BFREV, cols, &a, NULL, NULL));
    if (!strcmp(name, "firstbitlow"))
        return gen_vnum(ut, gen_alu(g, L_FIRSTBIT_LO, cols, &a, NULL, NULL));
    /* firstbithigh: 31 - (count from the MSB), ~0 (no bit) kept */
    struct lop h = gen_alu(g, is_signed ? L_FIRSTBIT_SHI : L_FIRSTBIT_HI, cols, &a, NULL, NULL);
    struct lop k31 = lop_imm_u(31), none = lop_imm_u(~0u);
    struct lop nh = lop_negate(h);
    struct lop idx = gen_alu(g, L_IADD, cols, &k31, &nh, NULL);
    struct lop is_none = gen_alu(g, L_IEQ, cols, &h, &none, NULL);
    return gen_vnum(ut, gen_alu(g, L_MOVC, cols, &is_none, &none, &idx));
}

/* frexp: mantissa = the bits with exponent field 126 (0.5 <= |m| < 1), exponent = field - 126;
 * zero (and denormals, which D3D10+ flushes) gives 0 and 0. */
static struct lop frexp_of(struct gen *g, struct lop x, unsigned n, struct lop *exponent)
{
    struct lop k23 = lop_imm_u(23), kff = lop_imm_u(0xff), keep = lop_imm_u(0x807fffffu),
               half = lop_imm_u(0x3f000000u), zero = lop_imm_u(0), k126 = lop_imm_u((uint32_t)-126);
    struct lop sh = gen_alu(g, L_USHR, n, &x, &k23, NULL);
    struct lop field = gen_alu(g, L_AND, n, &sh, &kff, NULL);
    struct lop isz = gen_alu(g, L_IEQ, n, &field, &zero, NULL);
    struct lop mb = gen_alu(g, L_AND, n, &x, &keep, NULL);
    struct lop m = gen_alu(g, L_OR, n, &mb, &half, NULL);
    struct lop eu = gen_alu(g, L_IADD, n, &field, &k126, NULL);
    struct lop ef = gen_alu(g, L_ITOF, n, &eu, NULL, NULL);
    *exponent = gen_alu(g, L_MOVC, n, &isz, &zero, &ef);
    return gen_alu(g, L_MOVC, n, &isz, &zero, &m);
}

struct val gen_intrinsic_math(struct gen *g, struct expr *e, struct val *v, unsigned n, bool *found)
{
    struct hc *c = g->c;
    const struct loc_src *at = &e->loc;
    const char *name = e->name;
    static const struct {
        const char *name;
        unsigned nargs;
    } known[] = {{"acos", 1}, {"asin", 1}, {"atan", 1}, {"atan2", 2}, {"sinh", 1}, {"cosh", 1},
                 {"tanh", 1}, {"frexp", 2}, {"ldexp", 2}, {"modf", 2}, {"fwidth", 1},
                 {"countbits", 1}, {"firstbithigh", 1}, {"firstbitlow", 1}, {"reversebits", 1},
                 {"f32tof16", 1}, {"f16tof32", 1}};
    size_t which = sizeof(known) / sizeof(known[0]);
    for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
        if (!strcmp(name, known[i].name))
            which = i;
    *found = true;
    if (which == sizeof(known) / sizeof(known[0])) {
        if (!strcmp(name, "determinant")) {
            /* the 2x2 and 3x3 cases are gen_intrinsic.c's; it passes 4x4 here */
            struct val m = gen_convert(g, v[0], type_numeric(c, BT_FLOAT, 4, 4, TC_MATRIX), at, true);
            return gen_vnum(type_scalar(c, BT_FLOAT), det4(g, &m.pl));
        }
        *found = false;
        return v[0];
    }
    if (n != known[which].nargs)
        hc_error(c, at, 3013, "'%s': no matching %u parameter intrinsic function", name, n);
    if (!strcmp(name, "countbits") || !strcmp(name, "firstbithigh") || !strcmp(name, "firstbitlow") ||
        !strcmp(name, "reversebits") || !strcmp(name, "f32tof16") || !strcmp(name, "f16tof32"))
        return bit_intrinsic(g, name, v[0], at);
    /* frexp's and modf's second argument is an out parameter, not read (gen_call) */
    bool two_in = !strcmp(name, "atan2") || !strcmp(name, "ldexp");
    unsigned cols = gen_common_cols(g, v, two_in ? 2 : 1, at);
    struct type *ft = type_vector(c, BT_FLOAT, cols);
    struct lop a = gen_arg_as(g, v[0], BT_FLOAT, cols, at);
    if (!strcmp(name, "acos"))
        return gen_vnum(ft, acos_of(g, a, cols));
    if (!strcmp(name, "asin")) {
        struct lop r = lop_negate(acos_of(g, a, cols)), hp = lop_imm_f(HALF_PI_F);
        return gen_vnum(ft, gen_alu(g, L_ADD, cols, &hp, &r, NULL));
    }
    if (!strcmp(name, "atan")) {
        struct lop one = lop_imm_f(1.0f);
        return gen_vnum(ft, atan2_of(g, a, one, cols));
    }
    if (!strcmp(name, "atan2")) {
        struct lop x = gen_arg_as(g, v[1], BT_FLOAT, cols, at);
        return gen_vnum(ft, atan2_of(g, a, x, cols));
    }
    if (!strcmp(name, "sinh") || !strcmp(name, "cosh") || !strcmp(name, "tanh"))
        return gen_vnum(ft, hyperbolic(g, name[0] == 't' ? 't' : name[0] == 's' ? 's' : 'c', a, cols));
    if (!strcmp(name, "ldexp")) {
        struct lop ex = gen_arg_as(g, v[1], BT_FLOAT, cols, at);
        struct lop p = gen_alu(g, L_EXP, cols, &ex, NULL, NULL);
        return gen_vnum(ft, gen_alu(g, L_MUL, cols, &a, &p, NULL));
    }
    if (!strcmp(name, "fwidth")) {
        if (!c->ps)
            hc_error(c, at, 4532, "fwidth is only for pixel shaders");
        struct lop dx = gen_alu(g, L_DERIV_RTX, cols, &a, NULL, NULL);
        struct lop dy = gen_alu(g, L_DERIV_RTY, cols, &a, NULL, NULL);
        dx.abs = dy.abs = true;
        dx.neg = dy.neg = false;
        return gen_vnum(ft, gen_alu(g, L_ADD, cols, &dx, &dy, NULL));
    }
    /* frexp and modf: the second argument is an out parameter of the first's type */
    void *out = gen_lvalue(g, e->args[1]);
    struct lop part, res;
    if (!strcmp(name, "frexp")) {
        need_integers(g, name, at);
        res = frexp_of(g, a, cols, &part);
    } else {
        part = gen_alu(g, L_ROUND_Z, cols, &a, NULL, NULL);
        struct lop np = lop_negate(part);
        res = gen_alu(g, L_ADD, cols, &a, &np, NULL);
    }
    gen_lvalue_write(g, out, gen_vnum(ft, part), at);
    return gen_vnum(ft, res);
}
