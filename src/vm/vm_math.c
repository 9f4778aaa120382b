/* src/vm/vm_math.c — the transcendental instructions (exp, log, sincos) over a batch's lanes:
 * one documented algorithm each, written as straight-line float and integer operations per
 * lane (no branches, no calls, no FMA), so the loops vectorise and every build computes the
 * same bits.  Shared by the interpreter (vm_alu.c) and the JIT (which calls these functions),
 * so the two engines agree by construction (jit.h).  The file is a SIMD twin (util/simd.h):
 * x86/vm_math_avx2.c compiles it again with AVX2, and tests/test_jit.c compares the twins.
 *
 * Each function reads and writes n lanes of one register component in place: raw bits in,
 * raw bits out, with the float rules of vm.h (denormal inputs read as 0, denormal results
 * flushed to 0, NaN results canonical).  The precision required: "at least 21 bits" for exp
 * and log (the exp/log instruction references of shader model 2/3, which SM4's carry over),
 * and for sin/cos an absolute error of 0.0008 over [-100 pi, 100 pi] (the D3D sincos rule as
 * the DXIL instruction reference repeats it); special values from the D3D11.3 functional
 * specification's tables 22.10.6 (exp: -INF -> +0, +-0 -> 1, +INF -> +INF, NaN -> NaN),
 * 22.10.8 (log: -INF/negative -> NaN, +-0 -> -INF, +INF -> +INF) and 22.10.20 (sincos: +-INF,
 * NaN -> NaN).  What the code below achieves, measured by tests/test_jit.c against double
 * precision: exp2 and log2 within 2 ulp, sin and cos within 2^-22 absolute on [-100 pi, 100 pi] (and on to 1e9).
 */
#include "vm/vm_private.h"
#include "util/simd.h"

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* x rounded to the nearest integer, ties to even, for |x| < 2^23 (the 2^23 trick: adding and
 * removing 1.5 * 2^23 leaves the integer part, in the default rounding mode). */
static inline float round_small(float x)
{
    const float big = 12582912.0f; /* 1.5 * 2^23 */
    return (x + big) - big;
}

/* 2^x.  x = n + f with n = round(x), |f| <= 1/2 (f = x - n is exact: n is within 1/2 of x);
 * 2^f = e^(f ln 2) by its Taylor series to degree 7 (the first omitted term is below
 * (ln2 / 2)^8 / 8! = 5.2e-9, 2^-27), evaluated by Horner; then scaled by 2^n through the
 * exponent field.  x >= 128 overflows to +INF, x < -126 gives a result below the smallest
 * normal, which the float rules flush to 0 (and so does x = -INF). */
void SIMD_FN(vm_lanes_exp2)(uint32_t *v, unsigned n)
{
    for (unsigned l = 0; l < n; l++) {
        uint32_t u = v[l];
        float x = vm_fin(u);
        /* clamped to [-127, the float below 128] (NaN to 0; both fixed at the end), so the
         * conversion below is always defined */
        float xc = x != x ? 0.0f : x < -127.0f ? -127.0f : x > 127.99999f ? 127.99999f : x;
        float nf = round_small(xc);
        float f = xc - nf;
        /* c_k = ln2^k / k! */
        const float c1 = 0.693147180559945f, c2 = 0.240226506959101f, c3 = 0.0555041086648216f,
                    c4 = 0.00961812910762848f, c5 = 0.00133335581464284f,
                    c6 = 0.000154035303933816f, c7 = 1.52527338040598e-05f;
        float q = c7;
        q = q * f + c6;
        q = q * f + c5;
        q = q * f + c4;
        q = q * f + c3;
        q = q * f + c2;
        q = q * f + c1;
        q = q * f + 1.0f;
        int32_t ni = (int32_t)nf;                       /* -127 .. 128 */
        /* 2^n as two factors so n = -127 and 127 stay representable: 2^(n/2) * 2^(n - n/2) */
        int32_t n1 = ni / 2, n2 = ni - n1;
        float s1 = vm_float((uint32_t)(n1 + 127) << 23), s2 = vm_float((uint32_t)(n2 + 127) << 23);
        float r = (q * s1) * s2;
        r = x >= 128.0f ? vm_float(0x7f800000u) : r;
        r = x < -127.0f ? 0.0f : r;
        uint32_t out = vm_fout(r);
        v[l] = x != x ? VM_QNAN : out;
    }
}

/* log2(x).  x = 2^e * m with m in [sqrt(1/2), sqrt(2)) (the mantissa halved, e raised, when
 * above sqrt 2); log2(m) = 2/ln2 * atanh(t), t = (m - 1) / (m + 1), |t| <= 0.1716, by the odd
 * series t + t^3/3 + ... + t^9/9 (the first omitted term is below 0.1716^11 / 11 < 2^-31);
 * m - 1 is exact (Sterbenz), the division rounds once.  The result is e + log2(m).  Zero
 * (either sign; denormals read as zero) gives -INF, negatives and NaN give NaN, +INF +INF. */
void SIMD_FN(vm_lanes_log2)(uint32_t *v, unsigned n)
{
    for (unsigned l = 0; l < n; l++) {
        uint32_t u = vm_bits(vm_fin(v[l]));
        int32_t e = (int32_t)((u >> 23) & 0xffu) - 127;
        uint32_t mb = (u & 0x7fffffu) | 0x3f800000u;   /* m in [1, 2) */
        bool high = mb > 0x3fb504f3u;                   /* m > sqrt(2) */
        mb = high ? mb - 0x00800000u : mb;              /* m / 2 */
        e += high;
        float m = vm_float(mb);
        float t = (m - 1.0f) / (m + 1.0f);
        float t2 = t * t;
        float s = 1.0f / 9.0f;
        s = s * t2 + 1.0f / 7.0f;
        s = s * t2 + 1.0f / 5.0f;
        s = s * t2 + 1.0f / 3.0f;
        s = s * t2 + 1.0f;
        float lm = (s * t) * 2.88539008177793f;        /* 2 / ln 2 */
        float r = (float)e + lm;
        uint32_t out = vm_fout(r);
        out = (u & 0x7fffffffu) == 0 ? 0xff800000u : out;           /* +-0 -> -INF */
        out = u == 0x7f800000u ? 0x7f800000u : out;                 /* +INF */
        out = (u & 0x80000000u) && (u & 0x7fffffffu) ? VM_QNAN : out; /* negative, -INF */
        out = (u & 0x7fffffffu) > 0x7f800000u ? VM_QNAN : out;       /* NaN */
        v[l] = out;
    }
}

/* sin and cos share the reduction, done in double precision (exact and deterministic on
 * every IEEE machine, and cheap in vectors): k = round(x * 2/pi), r = (x - k * P1) - k * P2
 * with pi/2 = P1 + P2, P1 holding 23 bits so that k * P1 is exact for |k| < 2^30, which
 * covers the clamped input |x| <= 1e9; the error of r is below 2^-44 there.  Then, in float,
 * r in [-pi/4, pi/4]: the Taylor series of sin to r^9 (first omitted term (pi/4)^11 / 11! <
 * 2^-28) and of cos to r^8 (< 2^-25), and the quadrant k mod 4 picks +-sin r or +-cos r.  INF
 * and NaN give NaN; beyond 1e9 (where a float has no fraction left) the input is clamped. */
static inline void sincos_reduce(float x, float *rs, float *rc, uint32_t *quadrant)
{
    /* clamped (NaN to 0), so the conversion of k is defined; INF and NaN are fixed by the
     * callers */
    float xc = x != x ? 0.0f : x < -1e9f ? -1e9f : x > 1e9f ? 1e9f : x;
    double xd = (double)xc;
    double kd = xd * 0.6366197723675814;
    kd = (kd + 6755399441055744.0) - 6755399441055744.0;   /* round: 1.5 * 2^52 */
    double rd = (xd - kd * 1.570796251296997) - kd * 7.549789954891882e-08;
    float r = (float)rd;
    float r2 = r * r;
    float s = 2.75573192239859e-06f;          /* 1/9! */
    s = s * r2 - 1.98412698412698e-04f;       /* 1/7! */
    s = s * r2 + 8.33333333333333e-03f;       /* 1/5! */
    s = s * r2 - 1.66666666666667e-01f;       /* 1/3! */
    s = (s * r2) * r + r;
    float c = 2.48015873015873e-05f;          /* 1/8! */
    c = c * r2 - 1.38888888888889e-03f;       /* 1/6! */
    c = c * r2 + 4.16666666666667e-02f;       /* 1/4! */
    c = c * r2 - 0.5f;
    c = c * r2 + 1.0f;
    *rs = s;
    *rc = c;
    *quadrant = (uint32_t)(int32_t)kd & 3u;
}

static inline float clamp1(float f)
{
    return f > 1.0f ? 1.0f : f < -1.0f ? -1.0f : f;
}

void SIMD_FN(vm_lanes_sin)(uint32_t *v, unsigned n)
{
    for (unsigned l = 0; l < n; l++) {
        float x = vm_fin(v[l]);
        float s, c;
        uint32_t q;
        sincos_reduce(x, &s, &c, &q);
        float r = q == 0 ? s : q == 1 ? c : q == 2 ? -s : -c;
        uint32_t out = vm_fout(clamp1(r));
        out = x == 0.0f ? vm_bits(x) : out;                            /* sin(-0) = -0 */
        v[l] = (v[l] & 0x7f800000u) == 0x7f800000u ? VM_QNAN : out;   /* INF, NaN */
    }
}

void SIMD_FN(vm_lanes_cos)(uint32_t *v, unsigned n)
{
    for (unsigned l = 0; l < n; l++) {
        float x = vm_fin(v[l]);
        float s, c;
        uint32_t q;
        sincos_reduce(x, &s, &c, &q);
        float r = q == 0 ? c : q == 1 ? -s : q == 2 ? -c : s;
        uint32_t out = vm_fout(clamp1(r));
        v[l] = (v[l] & 0x7f800000u) == 0x7f800000u ? VM_QNAN : out;
    }
}

#if !defined(SOFTD3D_SIMD_TWIN_AVX2)
void vm_lanes_exp2(uint32_t *v, unsigned n) { SIMD_PICK(vm_lanes_exp2)(v, n); }
void vm_lanes_log2(uint32_t *v, unsigned n) { SIMD_PICK(vm_lanes_log2)(v, n); }
void vm_lanes_sin(uint32_t *v, unsigned n) { SIMD_PICK(vm_lanes_sin)(v, n); }
void vm_lanes_cos(uint32_t *v, unsigned n) { SIMD_PICK(vm_lanes_cos)(v, n); }
#endif
