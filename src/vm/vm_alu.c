/* src/vm/vm_alu.c — moves, float arithmetic, comparisons, conversions, integer and bitwise
 * instructions.  Section numbers are the D3D11.3 functional specification's ("the spec").
 *
 * Every function computes all VM_LANES lanes of the written components (inactive lanes too:
 * vm_store drops them), so each must be defined for any 32-bit input: no C undefined
 * behaviour on any bit pattern (shift counts masked, overflow in unsigned arithmetic,
 * float -> int conversions range-checked first).
 *
 * Float instructions read their sources through vm_fin() and write through vm_fout(): the
 * denormal flush and NaN canonicalisation of spec 3.1.3.2, done with bit tests (vm_private.h).
 * C's float arithmetic is IEEE single precision with round to nearest even (FLT_EVAL_METHOD 0
 * on the targets softd3d builds for), and contraction into fused multiply-adds is off, so add,
 * mul, mad, div and dp* give the same bits everywhere -- also in the AVX2 twin of this file
 * (src/x86/vm_alu_avx2.c, util/simd.h), whose table vm_alu_fn hands out at that level.
 */
#include "vm/vm_private.h"
#include "util/simd.h"
#include "util/bits.h"

#include <math.h>

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* ---- helpers ---------------------------------------------------------------------------------- */

#define MASK0 (in->dst[0].mask)
#define MASK1 (in->dst[1].mask)
#define FETCH(k, m, v) vm_fetch(x, &in->src[k], (m), (v))
#define STORE(d, v) vm_store(x, in, (d), (v), in->saturate)

/* Component-wise float instructions: the expression sees a, b, c as flushed floats. */
#define FLOAT1(name, expr)                                                                     \
    static void name(struct vm_exec *x, const struct vm_ins *in)                              \
    {                                                                                          \
        vm_reg s0, r;                                                                          \
        FETCH(0, MASK0, s0);                                                                   \
        VM_FOR_MASK(c, MASK0) VM_FOR_LANES(l) {                                               \
            float a = vm_fin(s0[c][l]);                                                        \
            r[c][l] = vm_fout(expr);                                                           \
        }                                                                                      \
        STORE(0, r);                                                                           \
    }

#define FLOAT2(name, expr)                                                                     \
    static void name(struct vm_exec *x, const struct vm_ins *in)                              \
    {                                                                                          \
        vm_reg s0, s1, r;                                                                      \
        FETCH(0, MASK0, s0);                                                                   \
        FETCH(1, MASK0, s1);                                                                   \
        VM_FOR_MASK(c, MASK0) VM_FOR_LANES(l) {                                               \
            float a = vm_fin(s0[c][l]), b = vm_fin(s1[c][l]);                                  \
            r[c][l] = vm_fout(expr);                                                           \
        }                                                                                      \
        STORE(0, r);                                                                           \
    }

/* Float comparisons eq/ne/lt/ge: masks; NaN compares false except ne, +0 == -0 (3.1.3.1). */
#define FCMP(name, expr)                                                                       \
    static void name(struct vm_exec *x, const struct vm_ins *in)                              \
    {                                                                                          \
        vm_reg s0, s1, r;                                                                      \
        FETCH(0, MASK0, s0);                                                                   \
        FETCH(1, MASK0, s1);                                                                   \
        VM_FOR_MASK(c, MASK0) VM_FOR_LANES(l) {                                               \
            float a = vm_fin(s0[c][l]), b = vm_fin(s1[c][l]);                                  \
            r[c][l] = (expr) ? 0xffffffffu : 0;                                                \
        }                                                                                      \
        vm_store(x, in, 0, r, false);                                                          \
    }

/* Integer / bitwise instructions: the expression sees a, b, c, d as uint32_t. */
#define INT1(name, expr)                                                                       \
    static void name(struct vm_exec *x, const struct vm_ins *in)                              \
    {                                                                                          \
        vm_reg s0, r;                                                                          \
        FETCH(0, MASK0, s0);                                                                   \
        VM_FOR_MASK(c, MASK0) VM_FOR_LANES(l) {                                               \
            uint32_t a = s0[c][l];                                                             \
            r[c][l] = (expr);                                                                  \
        }                                                                                      \
        STORE(0, r);                                                                           \
    }

#define INT2(name, expr)                                                                       \
    static void name(struct vm_exec *x, const struct vm_ins *in)                              \
    {                                                                                          \
        vm_reg s0, s1, r;                                                                      \
        FETCH(0, MASK0, s0);                                                                   \
        FETCH(1, MASK0, s1);                                                                   \
        VM_FOR_MASK(c, MASK0) VM_FOR_LANES(l) {                                               \
            uint32_t a = s0[c][l], b = s1[c][l];                                               \
            r[c][l] = (expr);                                                                  \
        }                                                                                      \
        STORE(0, r);                                                                           \
    }

#define INT3(name, expr)                                                                       \
    static void name(struct vm_exec *x, const struct vm_ins *in)                              \
    {                                                                                          \
        vm_reg s0, s1, s2, r;                                                                  \
        FETCH(0, MASK0, s0);                                                                   \
        FETCH(1, MASK0, s1);                                                                   \
        FETCH(2, MASK0, s2);                                                                   \
        VM_FOR_MASK(c, MASK0) VM_FOR_LANES(l) {                                               \
            uint32_t a = s0[c][l], b = s1[c][l], d = s2[c][l];                                 \
            r[c][l] = (expr);                                                                  \
        }                                                                                      \
        STORE(0, r);                                                                           \
    }

#define TRUE_MASK(cond) ((cond) ? 0xffffffffu : 0u)

/* ---- moves (spec 22.9: data movement leaves bits untouched, 3.1.3.2; the -/_abs modifiers,
 * which 22.9.1 says "assume the data is floating point", are sign-bit operations, no flush) --- */

static void op_mov(struct vm_exec *x, const struct vm_ins *in)
{
    vm_reg r;
    FETCH(0, MASK0, r);
    STORE(0, r);
}

/* movc (22.9.2): per component, src0 has any bit set ? src1 : src2. */
static void op_movc(struct vm_exec *x, const struct vm_ins *in)
{
    vm_reg c0, a, b, r;
    FETCH(0, MASK0, c0);
    FETCH(1, MASK0, a);
    FETCH(2, MASK0, b);
    VM_FOR_MASK(c, MASK0) VM_FOR_LANES(l) r[c][l] = c0[c][l] ? a[c][l] : b[c][l];
    STORE(0, r);
}

/* swapc d0, d1, c, a, b (22.9.3): d0 = c ? b : a; d1 = c ? a : b, both computed first. */
static void op_swapc(struct vm_exec *x, const struct vm_ins *in)
{
    vm_reg c0, a, b, r0, r1;
    unsigned m = MASK0 | MASK1;
    FETCH(0, m, c0);
    FETCH(1, m, a);
    FETCH(2, m, b);
    VM_FOR_MASK(c, m) VM_FOR_LANES(l) {
        r0[c][l] = c0[c][l] ? b[c][l] : a[c][l];
        r1[c][l] = c0[c][l] ? a[c][l] : b[c][l];
    }
    vm_store(x, in, 0, r0, false);
    vm_store(x, in, 1, r1, false);
}

/* ---- float arithmetic (spec 22.10) ------------------------------------------------------------ */

FLOAT2(op_add, a + b)
FLOAT2(op_mul, a * b)
FLOAT2(op_div, a / b)   /* 22.10.2: x/0 = +-INF, 0/0 = NaN; divided directly, correctly rounded */

/* mad: a * b + c, the product rounded before the add (unfused; 22.10.9 allows either). */
static void op_mad(struct vm_exec *x, const struct vm_ins *in)
{
    vm_reg s0, s1, s2, r;
    FETCH(0, MASK0, s0);
    FETCH(1, MASK0, s1);
    FETCH(2, MASK0, s2);
    VM_FOR_MASK(c, MASK0) VM_FOR_LANES(l) {
        float p = vm_fin(s0[c][l]) * vm_fin(s1[c][l]);
        r[c][l] = vm_fout(p + vm_fin(s2[c][l]));
    }
    STORE(0, r);
}

/* dp2/dp3/dp4 (22.10.3-5): ((x*x + y*y) + z*z) + w*w, each product and sum rounded in
 * order; the scalar replicated to every written component. */
static void dot(struct vm_exec *x, const struct vm_ins *in, unsigned n)
{
    vm_reg s0, s1, r;
    unsigned need = (1u << n) - 1;
    FETCH(0, need, s0);
    FETCH(1, need, s1);
    VM_FOR_LANES(l) {
        float sum = vm_fin(s0[0][l]) * vm_fin(s1[0][l]);
        for (unsigned c = 1; c < n; c++) {
            float p = vm_fin(s0[c][l]) * vm_fin(s1[c][l]);
            sum = sum + p;
        }
        uint32_t v = vm_fout(sum);
        for (unsigned c = 0; c < 4; c++)
            r[c][l] = v;
    }
    STORE(0, r);
}

static void op_dp2(struct vm_exec *x, const struct vm_ins *in) { dot(x, in, 2); }
static void op_dp3(struct vm_exec *x, const struct vm_ins *in) { dot(x, in, 3); }
static void op_dp4(struct vm_exec *x, const struct vm_ins *in) { dot(x, in, 4); }

/* min/max (22.10.10/11): denormals flushed for the comparison; a NaN operand yields the other
 * one; min(-0, +0) = -0 and max(-0, +0) = +0 whatever the order (the IEEE 754R behaviour spec
 * 3.1.3.2 recommends).  max uses >= so that when min picks a, max picks b. */
static uint32_t fmin_d3d(float a, float b)
{
    if (a != a)
        return vm_fout(b);
    if (b != b)
        return vm_fout(a);
    if (a == b)   /* equal, or +0 and -0: the negative one */
        return vm_bits(a) & 0x80000000u ? vm_fout(a) : vm_fout(b);
    return vm_fout(a < b ? a : b);
}

static uint32_t fmax_d3d(float a, float b)
{
    if (a != a)
        return vm_fout(b);
    if (b != b)
        return vm_fout(a);
    if (a == b)
        return vm_bits(a) & 0x80000000u ? vm_fout(b) : vm_fout(a);
    return vm_fout(a >= b ? a : b);
}

static void op_min(struct vm_exec *x, const struct vm_ins *in)
{
    vm_reg s0, s1, r;
    FETCH(0, MASK0, s0);
    FETCH(1, MASK0, s1);
    VM_FOR_MASK(c, MASK0) VM_FOR_LANES(l) r[c][l] = fmin_d3d(vm_fin(s0[c][l]), vm_fin(s1[c][l]));
    STORE(0, r);
}

static void op_max(struct vm_exec *x, const struct vm_ins *in)
{
    vm_reg s0, s1, r;
    FETCH(0, MASK0, s0);
    FETCH(1, MASK0, s1);
    VM_FOR_MASK(c, MASK0) VM_FOR_LANES(l) r[c][l] = fmax_d3d(vm_fin(s0[c][l]), vm_fin(s1[c][l]));
    STORE(0, r);
}

/* frc (22.10.7): a - floor(a), kept inside [+0, 1) as the spec's table states (a tiny
 * negative a would otherwise round to 1.0).  +-INF and NaN give NaN. */
static float frc(float a)
{
    float f = a - floorf(a);
    if (f >= 1.0f)
        f = 0x1.fffffep-1f;
    return f;
}

/* round_ne (22.10.14): to nearest even, without depending on the rint family's current-mode
 * contract: adding and removing 2^23 rounds |a| < 2^23 to an integer (in the default mode). */
static float round_ne(float a)
{
    float m = fabsf(a);
    if (!(m < 8388608.0f))   /* NaN, INF, or already integral */
        return a;
    float r = (m + 8388608.0f) - 8388608.0f;
    return copysignf(r, a);
}

FLOAT1(op_frc, frc(a))
FLOAT1(op_rsq, 1.0f / sqrtf(a))     /* 22.10.19: -0 -> -INF, +0 -> +INF, +INF -> +0 */
FLOAT1(op_sqrt, sqrtf(a))           /* 22.10.21: -0 -> -0, negative -> NaN */
FLOAT1(op_rcp, 1.0f / a)            /* 22.10.18: +-0 -> +-INF, +-INF -> +-0 */
FLOAT1(op_round_ne, round_ne(a))
FLOAT1(op_round_ni, floorf(a))
FLOAT1(op_round_pi, ceilf(a))
FLOAT1(op_round_z, truncf(a))

/* exp (22.10.6), log (22.10.8), sincos (22.10.20): the lane functions of vm_math.c, which the
 * JIT calls too (one algorithm for both engines). */
static void op_exp(struct vm_exec *x, const struct vm_ins *in)
{
    vm_reg r;
    FETCH(0, MASK0, r);
    VM_FOR_MASK(c, MASK0) vm_lanes_exp2(r[c], VM_LANES);
    STORE(0, r);
}

static void op_log(struct vm_exec *x, const struct vm_ins *in)
{
    vm_reg r;
    FETCH(0, MASK0, r);
    VM_FOR_MASK(c, MASK0) vm_lanes_log2(r[c], VM_LANES);
    STORE(0, r);
}

/* sincos: either destination may be null; INF and NaN give NaN. */
static void op_sincos(struct vm_exec *x, const struct vm_ins *in)
{
    vm_reg s0, rs, rc;
    FETCH(0, MASK0 | MASK1, s0);
    VM_FOR_MASK(c, MASK0) {
        memcpy(rs[c], s0[c], sizeof(rs[c]));
        vm_lanes_sin(rs[c], VM_LANES);
    }
    VM_FOR_MASK(c, MASK1) {
        memcpy(rc[c], s0[c], sizeof(rc[c]));
        vm_lanes_cos(rc[c], VM_LANES);
    }
    STORE(0, rs);
    STORE(1, rc);
}

FCMP(op_eq, a == b)
FCMP(op_ne, a != b)
FCMP(op_lt, a < b)
FCMP(op_ge, a >= b)

/* ---- conversions (spec 22.13, 3.2.2) ---------------------------------------------------------- */

/* ftoi (22.13.3): round toward zero after clamping to [-2147483648.999f, 2147483647.999f];
 * NaN -> 0.  In float those bounds are -2^31 and 2^31. */
static uint32_t ftoi(float a)
{
    if (a != a)
        return 0;
    if (a >= 2147483648.0f)
        return 0x7fffffffu;
    if (a <= -2147483648.0f)
        return 0x80000000u;
    return (uint32_t)(int32_t)a;
}

/* ftou (22.13.4): clamp to [0, 4294967295.999f], toward zero; NaN -> 0. */
static uint32_t ftou(float a)
{
    if (!(a > 0.0f))
        return 0;
    if (a >= 4294967296.0f)
        return 0xffffffffu;
    return (uint32_t)a;
}

/* f32tof16 (22.13.2, 3.2.2): round toward zero; a value too large for half gives the largest
 * finite half of its sign (not INF: "due to the round to zero"); INF -> INF, NaN -> NaN
 * (0x7e00 with the sign); float32 denormals were flushed, smaller values give a zero of their
 * sign; half denormals are produced where exact-by-truncation.  Upper 16 bits 0. */
static uint32_t f32tof16(uint32_t u)
{
    uint32_t sign = (u >> 16) & 0x8000u, exp = (u >> 23) & 0xffu, man = u & 0x7fffffu;
    if (exp == 0xff)
        return sign | (man ? 0x7e00u : 0x7c00u);
    if (exp == 0)             /* zero or a flushed denormal */
        return sign;
    int e = (int)exp - 127 + 15;
    if (e >= 31)
        return sign | 0x7bffu;
    if (e >= 1)
        return sign | (uint32_t)e << 10 | man >> 13;
    /* half denormal: value = (1.man) * 2^(exp - 127) = f * 2^-24, f = (2^23 | man) >> (14 - e) */
    unsigned shift = (unsigned)(14 - e);
    return shift >= 32 ? sign : sign | ((0x800000u | man) >> shift);
}

/* f16tof32 (22.13.1, 3.2.2): exact; half denormals become normal floats; NaN stays NaN. */
static uint32_t f16tof32(uint32_t u)
{
    uint32_t sign = (u & 0x8000u) << 16, exp = (u >> 10) & 0x1fu, man = u & 0x3ffu;
    if (exp == 0x1f)
        return sign | 0x7f800000u | man << 13;
    if (exp)
        return sign | (exp + 112) << 23 | man << 13;
    if (!man)
        return sign;
    /* denormal: man * 2^-24, normalised */
    unsigned e = 113;
    while (!(man & 0x400u)) {
        man <<= 1;
        e--;
    }
    return sign | e << 23 | (man & 0x3ffu) << 13;
}

static void op_ftoi(struct vm_exec *x, const struct vm_ins *in)
{
    vm_reg s0, r;
    FETCH(0, MASK0, s0);
    VM_FOR_MASK(c, MASK0) VM_FOR_LANES(l) r[c][l] = ftoi(vm_fin(s0[c][l]));
    vm_store(x, in, 0, r, false);
}

static void op_ftou(struct vm_exec *x, const struct vm_ins *in)
{
    vm_reg s0, r;
    FETCH(0, MASK0, s0);
    VM_FOR_MASK(c, MASK0) VM_FOR_LANES(l) r[c][l] = ftou(vm_fin(s0[c][l]));
    vm_store(x, in, 0, r, false);
}

static void op_f32tof16(struct vm_exec *x, const struct vm_ins *in)
{
    vm_reg s0, r;
    FETCH(0, MASK0, s0);
    VM_FOR_MASK(c, MASK0) VM_FOR_LANES(l) r[c][l] = f32tof16(vm_bits(vm_fin(s0[c][l])));
    vm_store(x, in, 0, r, false);
}

/* itof / utof (22.13.5/6): round to nearest even, as C's conversions do. */
INT1(op_itof, vm_bits((float)vm_i32(a)))
INT1(op_utof, vm_bits((float)a))
INT1(op_f16tof32, f16tof32(a & 0xffffu))

/* ---- integer arithmetic (spec 22.12): unsigned arithmetic wraps, so no overflow is UB ----- */

static int32_t as_signed(uint32_t u) { return vm_i32(u); }

INT2(op_iadd, a + b)
INT3(op_imad, a * b + d)
INT3(op_umad, a * b + d)
INT2(op_imax, as_signed(a) > as_signed(b) ? a : b)
INT2(op_imin, as_signed(a) < as_signed(b) ? a : b)
INT2(op_umax, a > b ? a : b)
INT2(op_umin, a < b ? a : b)
INT1(op_ineg, 0u - a)

/* imul / umul (22.12.6/13): the full 64-bit product, high half to dst0, low half to dst1. */
static void mul64(struct vm_exec *x, const struct vm_ins *in, bool is_signed)
{
    vm_reg s0, s1, hi, lo;
    unsigned m = MASK0 | MASK1;
    FETCH(0, m, s0);
    FETCH(1, m, s1);
    VM_FOR_MASK(c, m) VM_FOR_LANES(l) {
        uint64_t p;
        if (is_signed)
            p = (uint64_t)((int64_t)as_signed(s0[c][l]) * (int64_t)as_signed(s1[c][l]));
        else
            p = (uint64_t)s0[c][l] * s1[c][l];
        hi[c][l] = (uint32_t)(p >> 32);
        lo[c][l] = (uint32_t)p;
    }
    vm_store(x, in, 0, hi, false);
    vm_store(x, in, 1, lo, false);
}

static void op_imul(struct vm_exec *x, const struct vm_ins *in) { mul64(x, in, true); }
static void op_umul(struct vm_exec *x, const struct vm_ins *in) { mul64(x, in, false); }

/* udiv (22.12.9): quotient to dst0, remainder to dst1; division by 0 gives 0xffffffff in both. */
static void op_udiv(struct vm_exec *x, const struct vm_ins *in)
{
    vm_reg s0, s1, q, rem;
    unsigned m = MASK0 | MASK1;
    FETCH(0, m, s0);
    FETCH(1, m, s1);
    VM_FOR_MASK(c, m) VM_FOR_LANES(l) {
        uint32_t a = s0[c][l], b = s1[c][l];
        q[c][l] = b ? a / b : 0xffffffffu;
        rem[c][l] = b ? a % b : 0xffffffffu;
    }
    vm_store(x, in, 0, q, false);
    vm_store(x, in, 1, rem, false);
}

/* uaddc / usubb (22.12.8/14): the 32-bit result to dst0, carry / borrow (1 or 0) to dst1. */
static void carry(struct vm_exec *x, const struct vm_ins *in, bool sub)
{
    vm_reg s0, s1, r, cb;
    unsigned m = MASK0 | MASK1;
    FETCH(0, m, s0);
    FETCH(1, m, s1);
    VM_FOR_MASK(c, m) VM_FOR_LANES(l) {
        uint32_t a = s0[c][l], b = s1[c][l];
        r[c][l] = sub ? a - b : a + b;
        cb[c][l] = sub ? (a < b) : (uint32_t)(a + b < a);
    }
    vm_store(x, in, 0, r, false);
    vm_store(x, in, 1, cb, false);
}

static void op_uaddc(struct vm_exec *x, const struct vm_ins *in) { carry(x, in, false); }
static void op_usubb(struct vm_exec *x, const struct vm_ins *in) { carry(x, in, true); }

/* Shifts (22.11.7/8/12): the count is the low 5 bits of src1. */
static uint32_t ashr(uint32_t a, unsigned s)
{
    s &= 31;
    uint32_t r = a >> s;
    if ((a & 0x80000000u) && s)
        r |= ~(0xffffffffu >> s);
    return r;
}

INT2(op_ishl, a << (b & 31))
INT2(op_ishr, ashr(a, b))
INT2(op_ushr, a >> (b & 31))

INT2(op_ieq, TRUE_MASK(a == b))
INT2(op_ine, TRUE_MASK(a != b))
INT2(op_ilt, TRUE_MASK(as_signed(a) < as_signed(b)))
INT2(op_ige, TRUE_MASK(as_signed(a) >= as_signed(b)))
INT2(op_ult, TRUE_MASK(a < b))
INT2(op_uge, TRUE_MASK(a >= b))

/* ---- bitwise (spec 22.11) --------------------------------------------------------------------- */

INT2(op_and, a & b)
INT2(op_or, a | b)
INT2(op_xor, a ^ b)
INT1(op_not, ~a)


/* Leading zeros, 32 for 0. */
static uint32_t clz(uint32_t a)
{
    uint32_t n = 0;
    if (!a)
        return 32;
    while (!(a & 0x80000000u)) {
        a <<= 1;
        n++;
    }
    return n;
}

static uint32_t ctz(uint32_t a)
{
    uint32_t n = 0;
    if (!a)
        return 32;
    while (!(a & 1u)) {
        a >>= 1;
        n++;
    }
    return n;
}

/* firstbit (22.11.5): _hi counts from the MSB (0x10000000 -> 3), _lo from the LSB, _shi finds
 * the first bit differing from the sign, counted from the MSB; no match -> 0xffffffff. */
static uint32_t firstbit_hi(uint32_t a) { return a ? clz(a) : 0xffffffffu; }
static uint32_t firstbit_lo(uint32_t a) { return a ? ctz(a) : 0xffffffffu; }
static uint32_t firstbit_shi(uint32_t a) { return firstbit_hi(a & 0x80000000u ? ~a : a); }

static uint32_t bfrev(uint32_t a)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < 32; i++)
        r |= ((a >> i) & 1u) << (31 - i);
    return r;
}

/* ubfe / ibfe (22.11.11/6): width and offset are the low 5 bits of src0 / src1. */
static uint32_t ubfe(uint32_t width, uint32_t offset, uint32_t v)
{
    width &= 31;
    offset &= 31;
    if (!width)
        return 0;
    if (width + offset < 32)
        return (v << (32 - (width + offset))) >> (32 - width);
    return v >> offset;
}

static uint32_t ibfe(uint32_t width, uint32_t offset, uint32_t v)
{
    width &= 31;
    offset &= 31;
    if (!width)
        return 0;
    if (width + offset < 32)
        return ashr(v << (32 - (width + offset)), 32 - width);
    return ashr(v, offset);
}

/* bfi (22.11.2): insert the low `width` bits of src2 at `offset` into src3. */
static uint32_t bfi(uint32_t width, uint32_t offset, uint32_t ins, uint32_t base)
{
    width &= 31;
    offset &= 31;
    uint32_t mask = ((1u << width) - 1) << offset;
    return ((ins << offset) & mask) | (base & ~mask);
}

INT1(op_countbits, util_popcount32(a))
INT1(op_firstbit_hi, firstbit_hi(a))
INT1(op_firstbit_lo, firstbit_lo(a))
INT1(op_firstbit_shi, firstbit_shi(a))
INT1(op_bfrev, bfrev(a))
INT3(op_ubfe, ubfe(a, b, d))
INT3(op_ibfe, ibfe(a, b, d))

static void op_bfi(struct vm_exec *x, const struct vm_ins *in)
{
    vm_reg s0, s1, s2, s3, r;
    FETCH(0, MASK0, s0);
    FETCH(1, MASK0, s1);
    FETCH(2, MASK0, s2);
    FETCH(3, MASK0, s3);
    VM_FOR_MASK(c, MASK0) VM_FOR_LANES(l) r[c][l] = bfi(s0[c][l], s1[c][l], s2[c][l], s3[c][l]);
    STORE(0, r);
}

/* ---- the table -------------------------------------------------------------------------------- */

#define E(op, fn) [IR_OP_##op] = fn

static const vm_op_fn alu_table[IR_OP_COUNT] = {
    E(MOV, op_mov), E(MOVC, op_movc), E(SWAPC, op_swapc),
    E(ADD, op_add), E(MUL, op_mul), E(MAD, op_mad), E(DIV, op_div),
    E(DP2, op_dp2), E(DP3, op_dp3), E(DP4, op_dp4), E(MIN, op_min), E(MAX, op_max),
    E(FRC, op_frc), E(EXP, op_exp), E(LOG, op_log), E(RSQ, op_rsq), E(SQRT, op_sqrt),
    E(RCP, op_rcp), E(SINCOS, op_sincos), E(ROUND_NE, op_round_ne), E(ROUND_NI, op_round_ni),
    E(ROUND_PI, op_round_pi), E(ROUND_Z, op_round_z),
    E(EQ, op_eq), E(NE, op_ne), E(LT, op_lt), E(GE, op_ge),
    E(FTOI, op_ftoi), E(FTOU, op_ftou), E(ITOF, op_itof), E(UTOF, op_utof),
    E(F32TOF16, op_f32tof16), E(F16TOF32, op_f16tof32),
    E(IADD, op_iadd), E(IMAD, op_imad), E(IMAX, op_imax), E(IMIN, op_imin), E(INEG, op_ineg),
    E(IMUL, op_imul), E(UMUL, op_umul), E(UDIV, op_udiv), E(UMAD, op_umad), E(UMAX, op_umax),
    E(UMIN, op_umin), E(UADDC, op_uaddc), E(USUBB, op_usubb),
    E(ISHL, op_ishl), E(ISHR, op_ishr), E(USHR, op_ushr),
    E(IEQ, op_ieq), E(INE, op_ine), E(ILT, op_ilt), E(IGE, op_ige), E(ULT, op_ult),
    E(UGE, op_uge),
    E(AND, op_and), E(OR, op_or), E(XOR, op_xor), E(NOT, op_not),
    E(COUNTBITS, op_countbits), E(FIRSTBIT_HI, op_firstbit_hi),
    E(FIRSTBIT_LO, op_firstbit_lo), E(FIRSTBIT_SHI, op_firstbit_shi), E(BFREV, op_bfrev),
    E(UBFE, op_ubfe), E(IBFE, op_ibfe), E(BFI, op_bfi),
};

#undef E

vm_op_fn SIMD_FN(vm_alu_fn)(unsigned op)
{
    return op < IR_OP_COUNT ? alu_table[op] : NULL;
}
