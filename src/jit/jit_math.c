/* src/jit/jit_math.c — exp, log, sincos (vm_math.c's algorithms, the same operations in the
 * same order: the C there is scalar and is the reference, these are its vector form), and the
 * rounding, min/max, derivative and bit-field operations of vm_alu.c, as vector IR for
 * jit_codegen.c. */
#include "jit/jit_cg.h"

#include <math.h>

/* ---- exp, log, sincos: vm_math.c's algorithms, the same operations in the same order (the C
 * there is scalar and is the reference; these are its vector form) ----------------------- */


static LLVMValueRef fclamp(struct cg *g, LLVMValueRef x, float lo, float hi)
{
    /* x != x ? 0 : x < lo ? lo : x > hi ? hi : x */
    LLVMValueRef r = SEL(FCMP(LLVMRealOGT, x, fsplat(g, hi)), fsplat(g, hi), x);
    r = SEL(FCMP(LLVMRealOLT, x, fsplat(g, lo)), fsplat(g, lo), r);
    return SEL(FCMP(LLVMRealUNO, x, x), fsplat(g, 0.0f), r);
}

static LLVMValueRef round_small(struct cg *g, LLVMValueRef x)
{
    return FSUB(FADD(x, fsplat(g, 12582912.0f)), fsplat(g, 12582912.0f));
}

static LLVMValueRef horner(struct cg *g, LLVMValueRef x, const float *c, unsigned n)
{
    LLVMValueRef q = fsplat(g, c[0]);
    for (unsigned i = 1; i < n; i++)
        q = FADD(FMUL(q, x), fsplat(g, c[i]));
    return q;
}

LLVMValueRef cg_exp2(struct cg *g, LLVMValueRef u)
{
    LLVMValueRef x = fin(g, u);
    LLVMValueRef xc = fclamp(g, x, -127.0f, 127.99999f);
    LLVMValueRef nf = round_small(g, xc);
    LLVMValueRef f = FSUB(xc, nf);
    static const float c[8] = {1.52527338040598e-05f, 0.000154035303933816f,
                               0.00133335581464284f, 0.00961812910762848f,
                               0.0555041086648216f, 0.240226506959101f, 0.693147180559945f,
                               1.0f};
    LLVMValueRef q = horner(g, f, c, 8);
    LLVMValueRef ni = LLVMBuildFPToSI(g->B, nf, g->vi32, "");
    LLVMValueRef n1 = LLVMBuildSDiv(g->B, ni, splat(g, 2), "");
    LLVMValueRef n2 = SUB(ni, n1);
    LLVMValueRef s1 = as_f(g, SHL(ADD(n1, splat(g, 127)), splat(g, 23)));
    LLVMValueRef s2 = as_f(g, SHL(ADD(n2, splat(g, 127)), splat(g, 23)));
    LLVMValueRef r = FMUL(FMUL(q, s1), s2);
    r = SEL(FCMP(LLVMRealOGE, x, fsplat(g, 128.0f)), as_f(g, splat(g, 0x7f800000u)), r);
    r = SEL(FCMP(LLVMRealOLT, x, fsplat(g, -127.0f)), fsplat(g, 0.0f), r);
    return SEL(FCMP(LLVMRealUNO, x, x), splat(g, VM_QNAN), fout(g, r));
}

LLVMValueRef cg_log2(struct cg *g, LLVMValueRef v)
{
    LLVMValueRef u = as_i(g, fin(g, v));
    LLVMValueRef e = SUB(AND(LSHR(u, splat(g, 23)), splat(g, 0xff)), splat(g, 127));
    LLVMValueRef mb = OR(AND(u, splat(g, 0x7fffffu)), splat(g, 0x3f800000u));
    LLVMValueRef high = ICMP(LLVMIntUGT, mb, splat(g, 0x3fb504f3u));
    mb = SEL(high, SUB(mb, splat(g, 0x00800000u)), mb);
    e = ADD(e, LLVMBuildZExt(g->B, high, g->vi32, ""));
    LLVMValueRef m = as_f(g, mb);
    LLVMValueRef t = LLVMBuildFDiv(g->B, FSUB(m, fsplat(g, 1.0f)), FADD(m, fsplat(g, 1.0f)), "");
    LLVMValueRef t2 = FMUL(t, t);
    const float c[5] = {1.0f / 9.0f, 1.0f / 7.0f, 1.0f / 5.0f, 1.0f / 3.0f, 1.0f};
    LLVMValueRef sr = horner(g, t2, c, 5);
    LLVMValueRef lm = FMUL(FMUL(sr, t), fsplat(g, 2.88539008177793f));
    LLVMValueRef r = FADD(LLVMBuildSIToFP(g->B, e, g->vf32, ""), lm);
    LLVMValueRef out = fout(g, r);
    LLVMValueRef mag = AND(u, splat(g, 0x7fffffffu));
    out = SEL(ICMP(LLVMIntEQ, mag, zero(g)), splat(g, 0xff800000u), out);
    out = SEL(ICMP(LLVMIntEQ, u, splat(g, 0x7f800000u)), splat(g, 0x7f800000u), out);
    out = SEL(AND(ICMP(LLVMIntSLT, u, zero(g)), ICMP(LLVMIntNE, mag, zero(g))),
              splat(g, VM_QNAN), out);
    out = SEL(ICMP(LLVMIntUGT, mag, splat(g, 0x7f800000u)), splat(g, VM_QNAN), out);
    mark_flushed(g, out);
    return out;
}

/* vm_math.c sincos_reduce + the quadrant choice; returns sin (cos_too: cos) as raw bits */
LLVMValueRef cg_sincos(struct cg *g, LLVMValueRef v, bool cos)
{
    LLVMValueRef x = fin(g, v);
    LLVMValueRef xc = fclamp(g, x, -1e9f, 1e9f);
    LLVMTypeRef vd = LLVMVectorType(LLVMDoubleTypeInContext(g->C), g->w);
    LLVMValueRef xd = LLVMBuildFPExt(g->B, xc, vd, "");
    LLVMValueRef de[L];
    double consts[4] = {0.6366197723675814, 6755399441055744.0, 1.570796251296997,
                        7.549789954891882e-08};
    LLVMValueRef dc[4];
    for (int k = 0; k < 4; k++) {
        for (unsigned i = 0; i < g->w; i++)
            de[i] = LLVMConstReal(LLVMDoubleTypeInContext(g->C), consts[k]);
        dc[k] = LLVMConstVector(de, g->w);
    }
    LLVMValueRef kd = FMUL(xd, dc[0]);
    kd = FSUB(FADD(kd, dc[1]), dc[1]);
    LLVMValueRef rd = FSUB(FSUB(xd, FMUL(kd, dc[2])), FMUL(kd, dc[3]));
    LLVMValueRef r = LLVMBuildFPTrunc(g->B, rd, g->vf32, "");
    LLVMValueRef r2 = FMUL(r, r);
    LLVMValueRef sp = fsplat(g, 2.75573192239859e-06f);
    sp = FSUB(FMUL(sp, r2), fsplat(g, 1.98412698412698e-04f));
    sp = FADD(FMUL(sp, r2), fsplat(g, 8.33333333333333e-03f));
    sp = FSUB(FMUL(sp, r2), fsplat(g, 1.66666666666667e-01f));
    sp = FADD(FMUL(FMUL(sp, r2), r), r);
    LLVMValueRef cp = fsplat(g, 2.48015873015873e-05f);
    cp = FSUB(FMUL(cp, r2), fsplat(g, 1.38888888888889e-03f));
    cp = FADD(FMUL(cp, r2), fsplat(g, 4.16666666666667e-02f));
    cp = FSUB(FMUL(cp, r2), fsplat(g, 0.5f));
    cp = FADD(FMUL(cp, r2), fsplat(g, 1.0f));
    LLVMValueRef q = AND(LLVMBuildFPToSI(g->B, kd, g->vi32, ""), splat(g, 3));
    LLVMValueRef ns = LLVMBuildFNeg(g->B, sp, ""), nc = LLVMBuildFNeg(g->B, cp, "");
    LLVMValueRef q0 = ICMP(LLVMIntEQ, q, zero(g)), q1 = ICMP(LLVMIntEQ, q, splat(g, 1)),
                 q2 = ICMP(LLVMIntEQ, q, splat(g, 2));
    LLVMValueRef res = cos ? SEL(q0, cp, SEL(q1, ns, SEL(q2, nc, sp)))
                           : SEL(q0, sp, SEL(q1, cp, SEL(q2, ns, nc)));
    /* clamp1: f > 1 ? 1 : f < -1 ? -1 : f */
    LLVMValueRef cl = SEL(FCMP(LLVMRealOLT, res, fsplat(g, -1.0f)), fsplat(g, -1.0f), res);
    cl = SEL(FCMP(LLVMRealOGT, res, fsplat(g, 1.0f)), fsplat(g, 1.0f), cl);
    LLVMValueRef out = fout(g, cl);
    if (!cos)   /* sin(-0) = -0 */
        out = SEL(FCMP(LLVMRealOEQ, x, fsplat(g, 0.0f)), as_i(g, x), out);
    LLVMValueRef inf_nan = ICMP(LLVMIntEQ, AND(v, splat(g, 0x7f800000u)), splat(g, 0x7f800000u));
    return SEL(inf_nan, splat(g, VM_QNAN), out);
}

LLVMValueRef cg_round_ne(struct cg *g, LLVMValueRef a)
{
    /* vm_alu.c round_ne: |a| < 2^23 ? copysign((|a| + 2^23) - 2^23, a) : a */
    LLVMValueRef m = fcall1(g, "llvm.fabs", a);
    LLVMValueRef big = fsplat(g, 8388608.0f);
    LLVMValueRef r = LLVMBuildFSub(g->B, LLVMBuildFAdd(g->B, m, big, ""), big, "");
    LLVMValueRef args[2] = {r, a};
    r = intrinsic(g, "llvm.copysign", &g->vf32, 1, args, 2);
    return SEL(FCMP(LLVMRealOLT, m, big), r, a);
}

LLVMValueRef cg_frc(struct cg *g, LLVMValueRef a)
{
    LLVMValueRef f = LLVMBuildFSub(g->B, a, fcall1(g, "llvm.floor", a), "");
    return SEL(FCMP(LLVMRealOGE, f, fsplat(g, 1.0f)), fsplat(g, 0x1.fffffep-1f), f);
}

/* vm_alu.c fmin_d3d / fmax_d3d on flushed floats; returns raw bits */
LLVMValueRef cg_minmax(struct cg *g, LLVMValueRef a, LLVMValueRef b, bool is_max)
{
    LLVMValueRef an = FCMP(LLVMRealUNO, a, a), bn = FCMP(LLVMRealUNO, b, b);
    LLVMValueRef eq = FCMP(LLVMRealOEQ, a, b);
    LLVMValueRef aneg = ICMP(LLVMIntSLT, as_i(g, a), zero(g));
    LLVMValueRef pick_eq = is_max ? SEL(aneg, b, a) : SEL(aneg, a, b);
    LLVMValueRef pick = is_max ? SEL(FCMP(LLVMRealOGE, a, b), a, b)
                               : SEL(FCMP(LLVMRealOLT, a, b), a, b);
    LLVMValueRef r = SEL(eq, pick_eq, pick);
    r = SEL(bn, a, r);
    r = SEL(an, b, r);
    return fout(g, r);
}

static LLVMValueRef shuffle(struct cg *g, LLVMValueRef v, const unsigned idx[L])
{
    LLVMValueRef e[L];
    for (unsigned i = 0; i < g->w; i++)
        e[i] = ci32(g, idx[i]);
    return LLVMBuildShuffleVector(g->B, v, LLVMGetUndef(g->vi32), LLVMConstVector(e, g->w), "");
}

/* vm_resource.c deriv: per quad, a - b with the lanes of the quad chosen per variant */
LLVMValueRef cg_deriv(struct cg *g, LLVMValueRef v, bool dy, bool fine)
{
    unsigned ia[L], ib[L];
    for (unsigned l = 0; l < g->w; l++) {
        unsigned q = l & ~3u, p = l & 3u;
        if (!dy) {
            unsigned row = fine ? (p >> 1) * 2 : 0;
            ia[l] = q + row + VM_QUAD_TR;
            ib[l] = q + row + VM_QUAD_TL;
        } else {
            unsigned col = fine ? (p & 1) : 0;
            ia[l] = q + VM_QUAD_BL + col;
            ib[l] = q + VM_QUAD_TL + col;
        }
    }
    LLVMValueRef a = fin(g, shuffle(g, v, ia)), b = fin(g, shuffle(g, v, ib));
    return fout(g, LLVMBuildFSub(g->B, a, b, ""));
}

LLVMValueRef cg_bfe(struct cg *g, LLVMValueRef width, LLVMValueRef offset,
                              LLVMValueRef v, bool is_signed)
{
    LLVMValueRef w = AND(width, splat(g, 31)), o = AND(offset, splat(g, 31));
    LLVMValueRef wo = ADD(w, o);
    LLVMValueRef left = SHL(v, SUB(splat(g, 32), wo));
    LLVMValueRef sh = SUB(splat(g, 32), w);
    LLVMValueRef in_range = is_signed ? ASHR(left, sh) : LSHR(left, sh);
    LLVMValueRef tail = is_signed ? ASHR(v, o) : LSHR(v, o);
    LLVMValueRef r = SEL(ICMP(LLVMIntULT, wo, splat(g, 32)), in_range, tail);
    /* freeze: the unselected shifts may be poison (counts of 32) */
    r = LLVMBuildFreeze(g->B, r, "");
    return SEL(ICMP(LLVMIntEQ, w, zero(g)), zero(g), r);
}

LLVMValueRef cg_firstbit_hi(struct cg *g, LLVMValueRef a)
{
    LLVMValueRef args[2] = {a, LLVMConstInt(g->i1, 0, 0)};
    LLVMValueRef n = intrinsic(g, "llvm.ctlz", &g->vi32, 1, args, 2);
    return SEL(ICMP(LLVMIntEQ, a, zero(g)), splat(g, 0xffffffffu), n);
}
