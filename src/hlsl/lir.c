/* src/hlsl/lir.c — the low-level instruction list (gen.h): emission with constant propagation
 * and folding, then dead stores, copy propagation, common subexpressions, move coalescing,
 * dead-code removal and register allocation (components packed).
 *
 * Folding happens as instructions are emitted: every temp component whose value is a known
 * constant is tracked (kval/known), sources that read only known components become
 * immediates, and an instruction whose sources are all immediates becomes a mov of its result.
 * That is what makes [unroll] work (the loop counter is a constant in each copy of the body)
 * and `static const` tables free.  Flow constructs call lir_invalidate_since() for the temps
 * written inside them, since after the construct their values depend on the path taken.
 *
 * Float folding is done in C float arithmetic with the VM's rules where they matter: NaN
 * results are canonical, min/max prefer the number (spec 3.1), saturate maps NaN to 0.
 */
#include "hlsl/gen.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const struct lop_info lop_infos[L_COUNT] = {
    [L_MOV] = {"mov", 1, 1, LS_CW, true}, [L_MOVC] = {"movc", 3, 1, LS_CW, false},
    [L_ADD] = {"add", 2, 1, LS_CW, true}, [L_MUL] = {"mul", 2, 1, LS_CW, true},
    [L_MAD] = {"mad", 3, 1, LS_CW, true}, [L_DIV] = {"div", 2, 1, LS_CW, true},
    [L_DP2] = {"dp2", 2, 1, LS_DOT, true}, [L_DP3] = {"dp3", 2, 1, LS_DOT, true},
    [L_DP4] = {"dp4", 2, 1, LS_DOT, true}, [L_RSQ] = {"rsq", 1, 1, LS_CW, true},
    [L_SQRT] = {"sqrt", 1, 1, LS_CW, true}, [L_EXP] = {"exp", 1, 1, LS_CW, true},
    [L_LOG] = {"log", 1, 1, LS_CW, true}, [L_FRC] = {"frc", 1, 1, LS_CW, true},
    [L_ROUND_NI] = {"round_ni", 1, 1, LS_CW, true}, [L_ROUND_PI] = {"round_pi", 1, 1, LS_CW, true},
    [L_ROUND_Z] = {"round_z", 1, 1, LS_CW, true}, [L_ROUND_NE] = {"round_ne", 1, 1, LS_CW, true},
    [L_MIN] = {"min", 2, 1, LS_CW, true}, [L_MAX] = {"max", 2, 1, LS_CW, true},
    [L_SINCOS] = {"sincos", 1, 2, LS_CW, true},
    [L_LT] = {"lt", 2, 1, LS_CW, true}, [L_GE] = {"ge", 2, 1, LS_CW, true},
    [L_EQ] = {"eq", 2, 1, LS_CW, true}, [L_NE] = {"ne", 2, 1, LS_CW, true},
    [L_ILT] = {"ilt", 2, 1, LS_CW, false}, [L_IGE] = {"ige", 2, 1, LS_CW, false},
    [L_IEQ] = {"ieq", 2, 1, LS_CW, false}, [L_INE] = {"ine", 2, 1, LS_CW, false},
    [L_ULT] = {"ult", 2, 1, LS_CW, false}, [L_UGE] = {"uge", 2, 1, LS_CW, false},
    [L_IADD] = {"iadd", 2, 1, LS_CW, false}, [L_IMUL] = {"imul", 2, 2, LS_CW, false},
    [L_UDIV] = {"udiv", 2, 2, LS_CW, false}, [L_AND] = {"and", 2, 1, LS_CW, false},
    [L_OR] = {"or", 2, 1, LS_CW, false}, [L_XOR] = {"xor", 2, 1, LS_CW, false},
    [L_NOT] = {"not", 1, 1, LS_CW, false}, [L_ISHL] = {"ishl", 2, 1, LS_CW, false},
    [L_ISHR] = {"ishr", 2, 1, LS_CW, false}, [L_USHR] = {"ushr", 2, 1, LS_CW, false},
    [L_FTOI] = {"ftoi", 1, 1, LS_CW, true}, [L_FTOU] = {"ftou", 1, 1, LS_CW, true},
    [L_ITOF] = {"itof", 1, 1, LS_CW, false}, [L_UTOF] = {"utof", 1, 1, LS_CW, false},
    [L_INEG] = {"ineg", 1, 1, LS_CW, false}, [L_IMIN] = {"imin", 2, 1, LS_CW, false},
    [L_IMAX] = {"imax", 2, 1, LS_CW, false}, [L_UMIN] = {"umin", 2, 1, LS_CW, false},
    [L_UMAX] = {"umax", 2, 1, LS_CW, false},
    [L_DERIV_RTX] = {"deriv_rtx", 1, 1, LS_CW, true}, [L_DERIV_RTY] = {"deriv_rty", 1, 1, LS_CW, true},
    [L_DERIV_RTX_FINE] = {"deriv_rtx_fine", 1, 1, LS_CW, true},
    [L_DERIV_RTY_FINE] = {"deriv_rty_fine", 1, 1, LS_CW, true},
    [L_COUNTBITS] = {"countbits", 1, 1, LS_CW, false},
    [L_FIRSTBIT_HI] = {"firstbit_hi", 1, 1, LS_CW, false},
    [L_FIRSTBIT_LO] = {"firstbit_lo", 1, 1, LS_CW, false},
    [L_FIRSTBIT_SHI] = {"firstbit_shi", 1, 1, LS_CW, false},
    [L_BFREV] = {"bfrev", 1, 1, LS_CW, false},
    [L_F32TOF16] = {"f32tof16", 1, 1, LS_CW, true}, [L_F16TOF32] = {"f16tof32", 1, 1, LS_CW, false},
    /* not float: the attribute's bits are evaluated whatever its type, and no source modifier
     * may reach the v# operand (copy_propagate) */
    [L_EVAL_SNAPPED] = {"eval_snapped", 2, 1, LS_EVAL, false},
    [L_EVAL_SAMPLE_INDEX] = {"eval_sample_index", 2, 1, LS_EVAL, false},
    [L_EVAL_CENTROID] = {"eval_centroid", 1, 1, LS_EVAL, false},
    [L_SAMPLE] = {"sample", 3, 1, LS_FIXED, true}, [L_SAMPLE_L] = {"sample_l", 4, 1, LS_FIXED, true},
    [L_SAMPLE_B] = {"sample_b", 4, 1, LS_FIXED, true}, [L_SAMPLE_D] = {"sample_d", 5, 1, LS_FIXED, true},
    [L_SAMPLE_C] = {"sample_c", 4, 1, LS_FIXED, true},
    [L_SAMPLE_C_LZ] = {"sample_c_lz", 4, 1, LS_FIXED, true},
    [L_LD] = {"ld", 2, 1, LS_FIXED, false}, [L_RESINFO] = {"resinfo", 2, 1, LS_FIXED, false},
    [L_LD_MS] = {"ld_ms", 3, 1, LS_FIXED, false}, [L_GATHER4] = {"gather4", 3, 1, LS_FIXED, true},
    [L_GATHER4_C] = {"gather4_c", 4, 1, LS_FIXED, true},
    [L_SAMPLEINFO] = {"sampleinfo", 1, 1, LS_FIXED, false},
    [L_DISCARD_NZ] = {"discard_nz", 1, 0, LS_FLOW, false},
    [L_IF_NZ] = {"if_nz", 1, 0, LS_FLOW, false}, [L_ELSE] = {"else", 0, 0, LS_FLOW, false},
    [L_ENDIF] = {"endif", 0, 0, LS_FLOW, false}, [L_LOOP] = {"loop", 0, 0, LS_FLOW, false},
    [L_ENDLOOP] = {"endloop", 0, 0, LS_FLOW, false}, [L_BREAK] = {"break", 0, 0, LS_FLOW, false},
    [L_BREAKC_NZ] = {"breakc_nz", 1, 0, LS_FLOW, false},
    [L_BREAKC_Z] = {"breakc_z", 1, 0, LS_FLOW, false},
    [L_CONTINUE] = {"continue", 0, 0, LS_FLOW, false}, [L_RET] = {"ret", 0, 0, LS_FLOW, false},
    [L_EMIT] = {"emit", 0, 0, LS_FLOW, false}, [L_CUT] = {"cut", 0, 0, LS_FLOW, false},
    [L_LD_RAW] = {"ld_raw", 2, 1, LS_MEM, false},
    [L_LD_STRUCTURED] = {"ld_structured", 3, 1, LS_MEM, false},
    [L_LD_UAV_TYPED] = {"ld_uav_typed", 2, 1, LS_MEM, false},
    [L_BUFINFO] = {"bufinfo", 1, 1, LS_MEM, false},
    [L_STORE_RAW] = {"store_raw", 2, 1, LS_MEM, false},
    [L_STORE_STRUCTURED] = {"store_structured", 3, 1, LS_MEM, false},
    [L_STORE_UAV_TYPED] = {"store_uav_typed", 2, 1, LS_MEM, false},
    [L_ATOMIC_AND] = {"atomic_and", 2, 1, LS_MEM, false},
    [L_ATOMIC_OR] = {"atomic_or", 2, 1, LS_MEM, false},
    [L_ATOMIC_XOR] = {"atomic_xor", 2, 1, LS_MEM, false},
    [L_ATOMIC_CMP_STORE] = {"atomic_cmp_store", 3, 1, LS_MEM, false},
    [L_ATOMIC_IADD] = {"atomic_iadd", 2, 1, LS_MEM, false},
    [L_ATOMIC_IMAX] = {"atomic_imax", 2, 1, LS_MEM, false},
    [L_ATOMIC_IMIN] = {"atomic_imin", 2, 1, LS_MEM, false},
    [L_ATOMIC_UMAX] = {"atomic_umax", 2, 1, LS_MEM, false},
    [L_ATOMIC_UMIN] = {"atomic_umin", 2, 1, LS_MEM, false},
    [L_IMM_ATOMIC_ALLOC] = {"imm_atomic_alloc", 0, 2, LS_MEM, false},
    [L_IMM_ATOMIC_CONSUME] = {"imm_atomic_consume", 0, 2, LS_MEM, false},
    [L_IMM_ATOMIC_IADD] = {"imm_atomic_iadd", 2, 2, LS_MEM, false},
    [L_IMM_ATOMIC_AND] = {"imm_atomic_and", 2, 2, LS_MEM, false},
    [L_IMM_ATOMIC_OR] = {"imm_atomic_or", 2, 2, LS_MEM, false},
    [L_IMM_ATOMIC_XOR] = {"imm_atomic_xor", 2, 2, LS_MEM, false},
    [L_IMM_ATOMIC_EXCH] = {"imm_atomic_exch", 2, 2, LS_MEM, false},
    [L_IMM_ATOMIC_CMP_EXCH] = {"imm_atomic_cmp_exch", 3, 2, LS_MEM, false},
    [L_IMM_ATOMIC_IMAX] = {"imm_atomic_imax", 2, 2, LS_MEM, false},
    [L_IMM_ATOMIC_IMIN] = {"imm_atomic_imin", 2, 2, LS_MEM, false},
    [L_IMM_ATOMIC_UMAX] = {"imm_atomic_umax", 2, 2, LS_MEM, false},
    [L_IMM_ATOMIC_UMIN] = {"imm_atomic_umin", 2, 2, LS_MEM, false},
    [L_SYNC] = {"sync", 0, 0, LS_FLOW, false},
};

const uint8_t lop_mem[L_COUNT] = {
    [L_LD_RAW] = MEM_R,
    [L_LD_STRUCTURED] = MEM_R,
    [L_LD_UAV_TYPED] = MEM_R,
    [L_BUFINFO] = MEM_R,
    [L_STORE_RAW] = MEM_W,
    [L_STORE_STRUCTURED] = MEM_W,
    [L_STORE_UAV_TYPED] = MEM_W,
    [L_ATOMIC_AND] = MEM_W,
    [L_ATOMIC_OR] = MEM_W,
    [L_ATOMIC_XOR] = MEM_W,
    [L_ATOMIC_CMP_STORE] = MEM_W,
    [L_ATOMIC_IADD] = MEM_W,
    [L_ATOMIC_IMAX] = MEM_W,
    [L_ATOMIC_IMIN] = MEM_W,
    [L_ATOMIC_UMAX] = MEM_W,
    [L_ATOMIC_UMIN] = MEM_W,
    [L_IMM_ATOMIC_ALLOC] = MEM_R | MEM_W,
    [L_IMM_ATOMIC_CONSUME] = MEM_R | MEM_W,
    [L_IMM_ATOMIC_IADD] = MEM_R | MEM_W,
    [L_IMM_ATOMIC_AND] = MEM_R | MEM_W,
    [L_IMM_ATOMIC_OR] = MEM_R | MEM_W,
    [L_IMM_ATOMIC_XOR] = MEM_R | MEM_W,
    [L_IMM_ATOMIC_EXCH] = MEM_R | MEM_W,
    [L_IMM_ATOMIC_CMP_EXCH] = MEM_R | MEM_W,
    [L_IMM_ATOMIC_IMAX] = MEM_R | MEM_W,
    [L_IMM_ATOMIC_IMIN] = MEM_R | MEM_W,
    [L_IMM_ATOMIC_UMAX] = MEM_R | MEM_W,
    [L_IMM_ATOMIC_UMIN] = MEM_R | MEM_W,
    [L_SYNC] = MEM_R | MEM_W,
};

static void grow_known(struct gen *g, uint32_t n)
{
    if (n <= g->kcap)
        return;
    size_t cap = g->kcap ? g->kcap : 64;
    while (cap < n)
        cap *= 2;
    uint32_t *kv = hc_alloc(g->c, cap * 4 * sizeof(uint32_t));
    uint8_t *kn = hc_alloc(g->c, cap), *tb = hc_alloc(g->c, cap);
    if (g->kcap) {
        memcpy(kv, g->kval, g->kcap * 4 * sizeof(uint32_t));
        memcpy(kn, g->known, g->kcap);
        memcpy(tb, g->tbase, g->kcap);
    }
    g->kval = kv;
    g->known = kn;
    g->tbase = tb;
    g->kcap = cap;
}

uint32_t lir_temp(struct gen *g, unsigned count)
{
    uint32_t t = g->ntemps;
    if (g->ntemps + count > (1u << 20))
        hc_error(g->c, NULL, 4500, "the shader needs too many temporary registers");
    g->ntemps += count;
    grow_known(g, g->ntemps);
    for (uint32_t i = t; i < g->ntemps; i++) {
        g->known[i] = 0;
        g->tbase[i] = BT_FLOAT;
    }
    return t;
}

struct lop lop_imm4(const uint32_t v[4])
{
    struct lop o = {0};
    o.file = LF_IMM;
    o.rel = -1;
    for (int i = 0; i < 4; i++) {
        o.imm[i] = v[i];
        o.swz[i] = (uint8_t)i;
    }
    return o;
}

struct lop lop_imm_u(uint32_t u)
{
    uint32_t v[4] = {u, u, u, u};
    return lop_imm4(v);
}

struct lop lop_imm_f(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return lop_imm_u(u);
}

struct lop lop_temp(uint32_t t, unsigned ncomp)
{
    struct lop o = {0};
    o.file = LF_TEMP;
    o.index = t;
    o.rel = -1;
    for (unsigned i = 0; i < 4; i++)
        o.swz[i] = (uint8_t)(i < ncomp ? i : ncomp ? ncomp - 1 : 0);
    o.mask = (uint8_t)((1u << ncomp) - 1);
    return o;
}

bool lir_known(const struct gen *g, const struct lop *src, unsigned ncomp, uint32_t *vals)
{
    for (unsigned k = 0; k < ncomp; k++) {
        unsigned c = src->swz[k];
        if (src->file == LF_IMM) {
            vals[k] = src->imm[c];
        } else if (src->file == LF_TEMP && src->rel < 0 && src->index < g->ntemps &&
                   (g->known[src->index] >> c & 1)) {
            vals[k] = g->kval[src->index * 4 + c];
        } else {
            return false;
        }
    }
    return true;
}

static float f_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t u_of(float f)
{
    uint32_t u;
    if (f != f)
        return 0x7fc00000u;
    memcpy(&u, &f, 4);
    return u;
}

/* Source modifiers applied to a constant: float ones are sign-bit operations, integer ones
 * (SM4: "-" on an integer instruction's source is a two's complement negate). */
static uint32_t modify(uint32_t v, const struct lop *o, bool is_float)
{
    if (is_float) {
        if (o->abs)
            v &= 0x7fffffffu;
        if (o->neg)
            v ^= 0x80000000u;
    } else {
        if (o->abs)
            v = (int32_t)v < 0 ? 0u - v : v;
        if (o->neg)
            v = 0u - v;
    }
    return v;
}

static uint32_t fmin_(uint32_t a, uint32_t b)
{
    float x = f_of(a), y = f_of(b);
    if (x != x)
        return b;
    if (y != y)
        return a;
    return u_of(x < y ? x : y);
}

static uint32_t fmax_(uint32_t a, uint32_t b)
{
    float x = f_of(a), y = f_of(b);
    if (x != x)
        return b;
    if (y != y)
        return a;
    return u_of(x >= y ? x : y);
}

static int32_t ftoi_(float f)
{
    if (f != f)
        return 0;
    if (f >= 2147483647.0f)
        return INT32_MAX;
    if (f <= -2147483648.0f)
        return INT32_MIN;
    return (int32_t)f;
}

static uint32_t ftou_(float f)
{
    if (f != f || f <= 0)
        return 0;
    if (f >= 4294967295.0f)
        return UINT32_MAX;
    return (uint32_t)f;
}

/* The value of one component-wise op; false when it is not folded. */
static bool fold_cw(enum lop_code op, const uint32_t *s, uint32_t *r, int which)
{
    float a = f_of(s[0]), b = f_of(s[1]), c = f_of(s[2]);
    switch (op) {
    case L_MOV: *r = s[0]; return true;
    case L_MOVC: *r = s[0] ? s[1] : s[2]; return true;
    case L_ADD: *r = u_of(a + b); return true;
    case L_MUL: *r = u_of(a * b); return true;
    case L_MAD: *r = u_of(a * b + c); return true;
    case L_DIV: *r = u_of(a / b); return true;
    case L_RSQ: *r = u_of(1.0f / sqrtf(a)); return true;
    case L_SQRT: *r = u_of(sqrtf(a)); return true;
    case L_EXP: *r = u_of(exp2f(a)); return true;
    case L_LOG: *r = u_of(log2f(a)); return true;
    case L_FRC: *r = u_of(a - floorf(a)); return true;
    case L_ROUND_NI: *r = u_of(floorf(a)); return true;
    case L_ROUND_PI: *r = u_of(ceilf(a)); return true;
    case L_ROUND_Z: *r = u_of(truncf(a)); return true;
    case L_ROUND_NE: *r = u_of(nearbyintf(a)); return true;
    case L_MIN: *r = fmin_(s[0], s[1]); return true;
    case L_MAX: *r = fmax_(s[0], s[1]); return true;
    case L_SINCOS: *r = u_of(which ? cosf(a) : sinf(a)); return true;
    case L_LT: *r = a < b ? ~0u : 0; return true;
    case L_GE: *r = a >= b ? ~0u : 0; return true;
    case L_EQ: *r = a == b ? ~0u : 0; return true;
    case L_NE: *r = a != b ? ~0u : 0; return true;
    case L_ILT: *r = (int32_t)s[0] < (int32_t)s[1] ? ~0u : 0; return true;
    case L_IGE: *r = (int32_t)s[0] >= (int32_t)s[1] ? ~0u : 0; return true;
    case L_IEQ: *r = s[0] == s[1] ? ~0u : 0; return true;
    case L_INE: *r = s[0] != s[1] ? ~0u : 0; return true;
    case L_ULT: *r = s[0] < s[1] ? ~0u : 0; return true;
    case L_UGE: *r = s[0] >= s[1] ? ~0u : 0; return true;
    case L_IADD: *r = s[0] + s[1]; return true;
    case L_IMUL: if (!which) return false; *r = s[0] * s[1]; return true; /* low half */
    case L_UDIV:
        *r = which ? (s[1] ? s[0] % s[1] : ~0u) : (s[1] ? s[0] / s[1] : ~0u);
        return true;
    case L_AND: *r = s[0] & s[1]; return true;
    case L_OR: *r = s[0] | s[1]; return true;
    case L_XOR: *r = s[0] ^ s[1]; return true;
    case L_NOT: *r = ~s[0]; return true;
    case L_ISHL: *r = s[0] << (s[1] & 31); return true;
    case L_ISHR: *r = (uint32_t)((int32_t)s[0] >> (s[1] & 31)); return true;
    case L_USHR: *r = s[0] >> (s[1] & 31); return true;
    case L_FTOI: *r = (uint32_t)ftoi_(a); return true;
    case L_FTOU: *r = ftou_(a); return true;
    case L_ITOF: *r = u_of((float)(int32_t)s[0]); return true;
    case L_UTOF: *r = u_of((float)s[0]); return true;
    case L_INEG: *r = 0u - s[0]; return true;
    case L_IMIN: *r = (int32_t)s[0] < (int32_t)s[1] ? s[0] : s[1]; return true;
    case L_IMAX: *r = (int32_t)s[0] > (int32_t)s[1] ? s[0] : s[1]; return true;
    case L_UMIN: *r = s[0] < s[1] ? s[0] : s[1]; return true;
    case L_UMAX: *r = s[0] > s[1] ? s[0] : s[1]; return true;
    /* the SM5 bit instructions (22.11.5): firstbit_hi counts from the MSB, ~0 for no bit;
     * _shi looks for the first bit that differs from the sign */
    case L_COUNTBITS: *r = (uint32_t)__builtin_popcount(s[0]); return true;
    case L_FIRSTBIT_HI: *r = s[0] ? (uint32_t)__builtin_clz(s[0]) : ~0u; return true;
    case L_FIRSTBIT_LO: *r = s[0] ? (uint32_t)__builtin_ctz(s[0]) : ~0u; return true;
    case L_FIRSTBIT_SHI: {
        uint32_t x = s[0] & 0x80000000u ? ~s[0] : s[0];
        *r = x ? (uint32_t)__builtin_clz(x) : ~0u;
        return true;
    }
    case L_BFREV: {
        uint32_t x = s[0], y = 0;
        for (unsigned k = 0; k < 32; k++)
            y |= (x >> k & 1u) << (31 - k);
        *r = y;
        return true;
    }
    default: return false;
    }
}

static uint32_t saturate_(uint32_t u)
{
    float f = f_of(u);
    if (!(f > 0))
        return 0;
    if (f > 1)
        return u_of(1.0f);
    return u;
}

static void set_known(struct gen *g, const struct lop *dst, const uint32_t *vals, bool known)
{
    if (dst->file != LF_TEMP)
        return;
    g->wlog = hc_grow(g->c, g->wlog, &g->wlog_cap, g->nwlog, sizeof(*g->wlog));
    g->wlog[g->nwlog++] = dst->index;
    for (unsigned c = 0; c < 4; c++) {
        if (!(dst->mask >> c & 1))
            continue;
        if (known) {
            g->known[dst->index] |= (uint8_t)(1u << c);
            g->kval[dst->index * 4 + c] = vals[c];
        } else {
            g->known[dst->index] &= (uint8_t)~(1u << c);
        }
    }
}

void lir_invalidate_since(struct gen *g, size_t mark)
{
    for (size_t i = mark; i < g->nwlog; i++)
        g->known[g->wlog[i]] = 0;
}

static void append(struct gen *g, const struct linst *in)
{
    g->ins = hc_grow(g->c, g->ins, &g->ins_cap, g->nins, sizeof(*g->ins));
    g->ins[g->nins] = *in;
    g->ins[g->nins].depth = (uint16_t)g->flow_depth;
    g->ins[g->nins].loc = g->cur_loc;
    g->nins++;
    /* bounds for hostile input: the program's length, and the work of every attempt (unrolls
     * that were undone and dry runs count too, so nested loops cannot take forever) */
    if (g->nins > (1u << 18))
        hc_error(g->c, NULL, 4500, "the shader is too long (over 262144 instructions)");
    if (++g->work > (1u << 23))
        hc_error(g->c, NULL, 4500, "the shader is too complex to compile (unrolling and "
                 "inlining exceed the compiler's budget)");
}

void lir_emit(struct gen *g, struct linst *in)
{
    const struct lop_info *info = &lop_infos[in->op];
    if (in->ndst && in->dst[0].file == LF_TEMP && !in->dtype)
        in->dtype = g->tbase[in->dst[0].index];
    /* constant propagation: sources reading known temp components become immediates */
    if (info->shape == LS_CW || info->shape == LS_DOT) {
        unsigned mask = 0;
        for (unsigned d = 0; d < in->ndst; d++)
            mask |= in->dst[d].file == LF_NULL ? 0 : in->dst[d].mask;
        unsigned ndot = in->op == L_DP2 ? 2 : in->op == L_DP3 ? 3 : 4;
        for (unsigned s = 0; s < in->nsrc; s++) {
            struct lop *o = &in->src[s];
            if (o->file != LF_TEMP || o->rel >= 0)
                continue;
            uint32_t v[4] = {0, 0, 0, 0};
            bool all = true;
            for (unsigned c = 0; c < 4 && all; c++) {
                bool needed = info->shape == LS_DOT ? c < ndot : (mask >> c & 1);
                if (!needed)
                    continue;
                unsigned sc = o->swz[c];
                if (g->known[o->index] >> sc & 1)
                    v[c] = g->kval[o->index * 4 + sc];
                else
                    all = false;
            }
            if (!all)
                continue;
            bool is_float = info->is_float && in->op != L_MOV;
            /* mov moves bits: its modifiers are float ones (mov is a float op in SM4) */
            if (in->op == L_MOV)
                is_float = true;
            for (unsigned c = 0; c < 4; c++)
                v[c] = modify(v[c], o, is_float);
            struct lop imm = lop_imm4(v);
            *o = imm;
        }
    }
    /* folding: all sources immediate */
    bool foldable = (info->shape == LS_CW || info->shape == LS_DOT) && in->ndst >= 1;
    for (unsigned s = 0; s < in->nsrc && foldable; s++)
        foldable = in->src[s].file == LF_IMM;
    if (foldable) {
        bool ok = true;
        uint32_t res[2][4] = {{0}};
        for (unsigned d = 0; d < in->ndst && ok; d++) {
            if (in->dst[d].file == LF_NULL)
                continue;
            for (unsigned c = 0; c < 4 && ok; c++) {
                if (!(in->dst[d].mask >> c & 1))
                    continue;
                uint32_t sv[4] = {0, 0, 0, 0};
                if (info->shape == LS_DOT) {
                    unsigned n = in->op == L_DP2 ? 2 : in->op == L_DP3 ? 3 : 4;
                    float sum = 0;
                    for (unsigned k = 0; k < n; k++)
                        sum += f_of(modify(in->src[0].imm[in->src[0].swz[k]], &in->src[0], true)) *
                               f_of(modify(in->src[1].imm[in->src[1].swz[k]], &in->src[1], true));
                    res[d][c] = u_of(sum);
                    continue;
                }
                bool fl = info->is_float;
                for (unsigned s = 0; s < in->nsrc; s++)
                    sv[s] = modify(in->src[s].imm[in->src[s].swz[c]], &in->src[s],
                                   in->op == L_MOVC ? true : fl);
                if (in->op == L_MOVC) /* the selector is a raw value: no modifier */
                    sv[0] = in->src[0].imm[in->src[0].swz[c]];
                ok = fold_cw((enum lop_code)in->op, sv, &res[d][c], (int)d);
                if (ok && in->sat)
                    res[d][c] = saturate_(res[d][c]);
            }
        }
        if (ok) {
            for (unsigned d = 0; d < in->ndst; d++) {
                if (in->dst[d].file == LF_NULL)
                    continue;
                struct linst m = {0};
                m.op = L_MOV;
                m.ndst = 1;
                m.nsrc = 1;
                m.dst[0] = in->dst[d];
                m.src[0] = lop_imm4(res[d]);
                m.dtype = in->op == L_MOV || in->op == L_MOVC ? in->dtype :
                          in->op >= L_LT && in->op <= L_UGE ? BT_BOOL :
                          lop_infos[in->op].is_float && in->op != L_FTOI && in->op != L_FTOU ?
                          BT_FLOAT : BT_INT;
                set_known(g, &m.dst[0], res[d], true);
                append(g, &m);
            }
            return;
        }
    }
    for (unsigned d = 0; d < in->ndst; d++) {
        bool k = false;
        uint32_t v[4] = {0, 0, 0, 0};
        if (in->op == L_MOV && !in->sat && in->src[0].file == LF_IMM && !in->src[0].neg &&
            !in->src[0].abs) {
            for (unsigned c = 0; c < 4; c++)
                v[c] = in->src[0].imm[in->src[0].swz[c]];
            k = true;
        }
        set_known(g, &in->dst[d], v, k);
    }
    append(g, in);
}

void lir_flow(struct gen *g, enum lop_code op, const struct lop *cond)
{
    struct linst in = {0};
    in.op = (uint16_t)op;
    if (cond) {
        in.nsrc = 1;
        in.src[0] = *cond;
    }
    append(g, &in);
}

/* ---- after generation ------------------------------------------------------------------------ */

/* Which components of each source an instruction reads (bit c of the source's register). */
static unsigned read_mask(const struct linst *in, unsigned s)
{
    const struct lop_info *info = &lop_infos[in->op];
    const struct lop *o = &in->src[s];
    unsigned m = 0;
    if (info->shape == LS_EVAL && s == 1) {
        /* eval_snapped's offset is (U, V), eval_sample_index's index one component */
        m = 1u << o->swz[0];
        if (in->op == L_EVAL_SNAPPED)
            m |= 1u << o->swz[1];
    } else if (info->shape == LS_CW || info->shape == LS_EVAL) {
        unsigned dm = 0;
        for (unsigned d = 0; d < in->ndst; d++)
            if (in->dst[d].file != LF_NULL)
                dm |= in->dst[d].mask;
        for (unsigned c = 0; c < 4; c++)
            if (dm >> c & 1)
                m |= 1u << o->swz[c];
    } else if (info->shape == LS_DOT) {
        unsigned n = in->op == L_DP2 ? 2 : in->op == L_DP3 ? 3 : 4;
        for (unsigned c = 0; c < n; c++)
            m |= 1u << o->swz[c];
    } else if (info->shape == LS_FLOW) {
        m = 1u << o->swz[0];
    } else {
        for (unsigned c = 0; c < 4; c++)
            m |= 1u << o->swz[c];
    }
    return m;
}

static bool has_side_effect(const struct linst *in)
{
    if (lop_infos[in->op].shape == LS_FLOW || (lop_mem[in->op] & MEM_W))
        return true;
    for (unsigned d = 0; d < in->ndst; d++)
        if (in->dst[d].file != LF_TEMP && in->dst[d].file != LF_NULL)
            return true;
    return false;
}

/* A temp written once, by a plain mov at the top level (not inside any flow construct) from a
 * read-only register (immediate, input, constant buffer without a relative index): every
 * later reader can read that register instead.  In structured flow the top-level definition
 * comes before every reader that can observe it. */
static void copy_propagate(struct gen *g)
{
    uint32_t n = g->ntemps;
    int32_t *def = calloc(n ? n : 1, sizeof(*def));
    uint32_t *ndefs = calloc(n ? n : 1, sizeof(*ndefs));
    if (!def || !ndefs) {
        free(def);
        free(ndefs);
        hc_nomem(g->c);
    }
    for (size_t i = 0; i < g->nins; i++)
        for (unsigned d = 0; d < g->ins[i].ndst; d++)
            if (g->ins[i].dst[d].file == LF_TEMP) {
                ndefs[g->ins[i].dst[d].index]++;
                def[g->ins[i].dst[d].index] = (int32_t)i;
            }
    for (size_t i = 0; i < g->nins; i++) {
        struct linst *in = &g->ins[i];
        for (unsigned s = 0; s < in->nsrc; s++) {
            struct lop *o = &in->src[s];
            if (o->file != LF_TEMP || o->rel >= 0 || ndefs[o->index] != 1)
                continue;
            const struct linst *dm = &g->ins[def[o->index]];
            if ((size_t)def[o->index] >= i || dm->op != L_MOV || dm->sat || dm->depth)
                continue;
            const struct lop *src = &dm->src[0];
            /* a temp source qualifies when it too is defined once, at the top level, before */
            bool stable_temp = src->file == LF_TEMP && ndefs[src->index] == 1 &&
                               def[src->index] < def[o->index] && !g->ins[def[src->index]].depth;
            if (!(src->file == LF_IMM || src->file == LF_INPUT || src->file == LF_THREAD ||
                  stable_temp ||
                  (src->file == LF_CB && src->rel < 0)))
                continue;
            unsigned rm = read_mask(in, s);
            if ((rm & dm->dst[0].mask) != rm)
                continue;
            bool is_float = lop_infos[in->op].is_float || in->op == L_MOVC;
            if ((src->neg || src->abs) && (!is_float || (in->op == L_MOVC && s == 0)))
                continue;
            if ((o->neg || o->abs) && !lop_infos[in->op].is_float)
                continue;
            struct lop r = *src;
            for (unsigned c = 0; c < 4; c++)
                r.swz[c] = src->swz[o->swz[c]];
            r.abs = o->abs || src->abs;
            r.neg = o->abs ? o->neg : (o->neg != src->neg);
            r.mask = 0;
            *o = r;
        }
    }
    free(def);
    free(ndefs);
}

static void dead_code(struct gen *g)
{
    uint32_t n = g->ntemps;
    uint8_t *read = malloc(n ? n : 1);
    if (!read)
        hc_nomem(g->c);
    for (bool changed = true; changed;) {
        changed = false;
        memset(read, 0, n ? n : 1);
        for (size_t i = 0; i < g->nins; i++) {
            const struct linst *in = &g->ins[i];
            for (unsigned s = 0; s < in->nsrc; s++) {
                const struct lop *o = &in->src[s];
                if (o->file == LF_TEMP)
                    read[o->index] |= (uint8_t)read_mask(in, s);
                if ((o->file == LF_CB || o->file == LF_XTEMP) && o->rel >= 0)
                    read[o->rel] |= (uint8_t)(1u << o->rel_comp);
            }
        }
        size_t w = 0;
        for (size_t i = 0; i < g->nins; i++) {
            struct linst in = g->ins[i];
            if (!has_side_effect(&in) && in.ndst) {
                bool any = false;
                for (unsigned d = 0; d < in.ndst; d++) {
                    if (in.dst[d].file != LF_TEMP)
                        continue;
                    unsigned m = in.dst[d].mask & read[in.dst[d].index];
                    if (m != in.dst[d].mask)
                        changed = true;
                    in.dst[d].mask = (uint8_t)m;
                    if (!m)
                        in.dst[d].file = LF_NULL;
                    else
                        any = true;
                }
                if (!any) {
                    changed = true;
                    continue;
                }
            }
            g->ins[w++] = in;
        }
        g->nins = w;
    }
    free(read);
}

static unsigned read_mask(const struct linst *in, unsigned s);

/* Does in read or write the components r->mask of r's register (same file and index)? */
static bool touches(const struct linst *in, const struct lop *r)
{
    for (unsigned d = 0; d < in->ndst; d++)
        if (in->dst[d].file == r->file && in->dst[d].index == r->index &&
            (in->dst[d].mask & r->mask))
            return true;
    for (unsigned s = 0; s < in->nsrc; s++) {
        const struct lop *o = &in->src[s];
        if (o->file == r->file && o->index == r->index && (read_mask(in, s) & r->mask))
            return true;
        if (r->file == LF_TEMP && o->rel >= 0 && (uint32_t)o->rel == r->index &&
            (o->file == LF_CB || o->file == LF_XTEMP))
            return true;
    }
    return false;
}

/* `op tX, ...` followed (directly, or after instructions that leave tY alone) by
 * `mov tY, tX` that is tX's only reader: op writes tY.
 * (The variable's temp takes the result; sources are read before the destination is written,
 * so op reading tY itself is fine.) */
static void coalesce(struct gen *g)
{
    uint32_t n = g->ntemps;
    uint32_t *uses = calloc(n ? n : 1, sizeof(*uses)), *defs = calloc(n ? n : 1, sizeof(*defs));
    if (!uses || !defs) {
        free(uses);
        free(defs);
        hc_nomem(g->c);
    }
    for (size_t i = 0; i < g->nins; i++) {
        const struct linst *in = &g->ins[i];
        for (unsigned s = 0; s < in->nsrc; s++) {
            if (in->src[s].file == LF_TEMP)
                uses[in->src[s].index]++;
            if ((in->src[s].file == LF_CB || in->src[s].file == LF_XTEMP) && in->src[s].rel >= 0)
                uses[in->src[s].rel]++;
        }
        for (unsigned d = 0; d < in->ndst; d++)
            if (in->dst[d].file == LF_TEMP)
                defs[in->dst[d].index]++;
    }
    size_t w = 0;
    for (size_t i = 0; i < g->nins; i++) {
        struct linst *mv = &g->ins[i];
        if (w && mv->op == L_MOV && !mv->sat && mv->src[0].file == LF_TEMP && !mv->src[0].neg &&
            !mv->src[0].abs && (mv->dst[0].file == LF_TEMP || mv->dst[0].file == LF_OUTPUT)) {
            /* the instruction that defines t: the previous one, or one a few before when
             * nothing between touches the mov's destination register or is flow */
            uint32_t t = mv->src[0].index;
            struct linst *def = NULL;
            int d = -1;
            for (size_t back = w; back-- > 0 && w - back <= 32;) {
                struct linst *x = &g->ins[back];
                for (unsigned k = 0; k < x->ndst; k++)
                    if (x->dst[k].file == LF_TEMP && x->dst[k].index == t)
                        d = (int)k;
                if (d >= 0) {
                    def = x;
                    break;
                }
                if (lop_infos[x->op].shape == LS_FLOW || touches(x, &mv->dst[0]))
                    break;
            }
            if (!def) {
                g->ins[w++] = g->ins[i];
                continue;
            }
            enum lop_shape shape = lop_infos[def->op].shape;
            bool ok = d >= 0 && uses[t] == 1 && defs[t] == 1 && def->depth == mv->depth &&
                      (shape == LS_CW || shape == LS_DOT || shape == LS_FIXED ||
                       shape == LS_EVAL) &&
                      (def->ndst == 1 || shape == LS_CW);
            /* every component the mov reads must be one the instruction writes */
            for (unsigned c = 0; ok && c < 4; c++)
                if ((mv->dst[0].mask >> c & 1) && !(def->dst[d].mask >> mv->src[0].swz[c] & 1))
                    ok = false;
            if (ok && shape == LS_FIXED) /* sample & co: only when nothing moves */
                for (unsigned c = 0; ok && c < 4; c++)
                    if ((mv->dst[0].mask >> c & 1) && mv->src[0].swz[c] != c)
                        ok = false;
            if (ok && shape == LS_CW && def->ndst == 2 && def->dst[1 - d].file != LF_NULL)
                /* sincos & co writing both halves: the sources serve the other one too */
                for (unsigned c = 0; ok && c < 4; c++)
                    if ((mv->dst[0].mask >> c & 1) && mv->src[0].swz[c] != c)
                        ok = false;
            if (ok) {
                /* result component mc is what the instruction computed in component q */
                if (shape == LS_CW || shape == LS_EVAL)
                    for (unsigned s = 0; s < (shape == LS_EVAL ? 1u : def->nsrc); s++) {
                        uint8_t old[4];
                        memcpy(old, def->src[s].swz, 4);
                        for (unsigned mc = 0; mc < 4; mc++)
                            if (mv->dst[0].mask >> mc & 1)
                                def->src[s].swz[mc] = old[mv->src[0].swz[mc]];
                    }
                def->dst[d].file = mv->dst[0].file;
                def->dst[d].index = mv->dst[0].index;
                def->dst[d].mask = mv->dst[0].mask;
                continue;
            }
        }
        g->ins[w++] = g->ins[i];
    }
    g->nins = w;
    free(uses);
    free(defs);
}

/* Dead stores: a straight-line write (not inside flow) whose components are all written again
 * at the top level before anything reads them is removed (or narrowed to the components that
 * are read first).  A later read in any flow counts; a later write inside flow does not kill
 * (it may not run).  Scans a bounded distance ahead; what it cannot decide stays. */
static void dead_stores(struct gen *g)
{
    size_t w = 0;
    for (size_t i = 0; i < g->nins; i++) {
        struct linst in = g->ins[i];
        /* eval_* stay for gen_eval_check (dead_code removes them after it) */
        if (has_side_effect(&in) || in.ndst != 1 || in.dst[0].file != LF_TEMP || in.depth ||
            lop_infos[in.op].shape == LS_EVAL) {
            g->ins[w++] = in;
            continue;
        }
        uint32_t t = in.dst[0].index;
        unsigned undecided = in.dst[0].mask, live = 0;
        for (size_t j = i + 1; j < g->nins && undecided && j - i < 2048; j++) {
            const struct linst *x = &g->ins[j];
            for (unsigned s2 = 0; s2 < x->nsrc; s2++) {
                const struct lop *o = &x->src[s2];
                if (o->file == LF_TEMP && o->index == t) {
                    unsigned r = read_mask(x, s2) & undecided;
                    live |= r;
                    undecided &= ~r;
                }
                if ((o->file == LF_CB || o->file == LF_XTEMP) && o->rel >= 0 &&
                    (uint32_t)o->rel == t) {
                    live |= undecided;
                    undecided = 0;
                }
            }
            for (unsigned d = 0; d < x->ndst && !x->depth; d++)
                if (x->dst[d].file == LF_TEMP && x->dst[d].index == t)
                    undecided &= ~(unsigned)x->dst[d].mask;
            if (j + 1 == g->nins)
                undecided = 0; /* never read again */
        }
        unsigned keep = live | undecided;
        if (!keep)
            continue;
        in.dst[0].mask = (uint8_t)(in.dst[0].mask & keep);
        g->ins[w++] = in;
    }
    g->nins = w;
}

static bool lop_same(const struct lop *a, const struct lop *b)
{
    if (a->file != b->file || a->index != b->index || a->neg != b->neg || a->abs != b->abs ||
        a->reg != b->reg || a->rel != b->rel || memcmp(a->swz, b->swz, 4))
        return false;
    if (a->rel >= 0 && a->rel_comp != b->rel_comp)
        return false;
    if (a->file == LF_IMM)
        for (unsigned p2 = 0; p2 < 4; p2++)
            if (a->imm[a->swz[p2]] != b->imm[b->swz[p2]])
                return false;
    return true;
}

static uint32_t lop_hash(const struct lop *o)
{
    uint32_t h = o->file * 31u + o->index * 131u + o->reg * 7u + (uint32_t)o->neg * 3u +
                 (uint32_t)o->abs * 5u;
    for (unsigned p2 = 0; p2 < 4; p2++)
        h = h * 17u + o->swz[p2] + (o->file == LF_IMM ? o->imm[o->swz[p2]] : 0);
    return h;
}

/* Common subexpressions: an instruction computing what an earlier one computed (same
 * operation, same sources, same components) reuses its result.  Only values that cannot
 * change are compared (temps written once), and the earlier one must run whenever the later
 * one does (it is at the top level, or nothing of flow lies between them). */
static void cse(struct gen *g)
{
    uint32_t n = g->ntemps;
    size_t nins = g->nins;
    uint32_t *ndefs = calloc(n ? n : 1, sizeof(*ndefs)), *repl = malloc((n ? n : 1) * sizeof(*repl));
    size_t cap = 16;
    while (cap < nins * 2)
        cap *= 2;
    int64_t *table = malloc(cap * sizeof(*table));
    uint32_t *block = malloc((nins ? nins : 1) * sizeof(*block));
    bool *drop = calloc(nins ? nins : 1, sizeof(*drop));
    if (!ndefs || !repl || !table || !block || !drop) {
        free(ndefs); free(repl); free(table); free(block); free(drop);
        hc_nomem(g->c);
    }
    for (uint32_t t = 0; t < n; t++)
        repl[t] = t;
    for (size_t i = 0; i < cap; i++)
        table[i] = -1;
    for (size_t i = 0; i < nins; i++)
        for (unsigned d = 0; d < g->ins[i].ndst; d++)
            if (g->ins[i].dst[d].file == LF_TEMP)
                ndefs[g->ins[i].dst[d].index]++;
    uint32_t cur_block = 0;
    for (size_t i = 0; i < nins; i++) {
        struct linst *in = &g->ins[i];
        for (unsigned s2 = 0; s2 < in->nsrc; s2++) {
            struct lop *o = &in->src[s2];
            if (o->file == LF_TEMP)
                o->index = repl[o->index];
            if ((o->file == LF_CB || o->file == LF_XTEMP) && o->rel >= 0)
                o->rel = (int32_t)repl[o->rel];
        }
        if (lop_infos[in->op].shape == LS_FLOW)
            cur_block++;
        block[i] = cur_block;
        /* a memory read may see other values each time (stores, other threads) */
        bool ok = in->ndst == 1 && in->dst[0].file == LF_TEMP && ndefs[in->dst[0].index] == 1 &&
                  !has_side_effect(in) && !lop_mem[in->op];
        uint32_t h = in->op * 2654435761u + in->dst[0].mask * 97u + in->sat * 13u +
                     (uint32_t)in->has_offset * 29u + in->dtype;
        for (unsigned s2 = 0; ok && s2 < in->nsrc; s2++) {
            const struct lop *o = &in->src[s2];
            if (o->file == LF_XTEMP || (o->file == LF_TEMP && ndefs[o->index] != 1) ||
                (o->rel >= 0 && ndefs[o->rel] != 1))
                ok = false;
            h = h * 1000003u + lop_hash(o);
        }
        if (!ok)
            continue;
        size_t slot = h & (cap - 1);
        for (; table[slot] >= 0; slot = (slot + 1) & (cap - 1)) {
            const struct linst *e = &g->ins[table[slot]];
            if (e->op != in->op || e->sat != in->sat || e->nsrc != in->nsrc ||
                e->dst[0].mask != in->dst[0].mask || e->has_offset != in->has_offset ||
                e->dtype != in->dtype || memcmp(e->offset, in->offset, sizeof(e->offset)))
                continue;
            bool same = true;
            for (unsigned s2 = 0; same && s2 < in->nsrc; s2++)
                same = lop_same(&e->src[s2], &in->src[s2]);
            if (!same || !(e->depth == 0 || block[table[slot]] == cur_block))
                continue;
            repl[in->dst[0].index] = e->dst[0].index;
            drop[i] = true;
            break;
        }
        if (!drop[i] && table[slot] < 0)
            table[slot] = (int64_t)i;
    }
    size_t w = 0;
    for (size_t i = 0; i < nins; i++)
        if (!drop[i])
            g->ins[w++] = g->ins[i];
    g->nins = w;
    free(ndefs); free(repl); free(table); free(block); free(drop);
}

void lir_optimize(struct gen *g)
{
    dead_stores(g);
    copy_propagate(g);
    /* before dead code: a refused eval is refused whether its result is used or not */
    gen_eval_check(g);
    cse(g);
    dead_code(g);
    coalesce(g);
    copy_propagate(g);
    dead_code(g);
}

static unsigned read_mask(const struct linst *in, unsigned s);

/* Linear scan over live intervals [first, last] of each temp, with each interval that
 * crosses a loop's boundary stretched over the whole loop (a value live around the back edge
 * must survive every iteration). */
uint32_t lir_allocate(struct gen *g)
{
    uint32_t n = g->ntemps;
    if (!n)
        return 0;
    int64_t *first = malloc(n * sizeof(*first)), *last = malloc(n * sizeof(*last));
    int32_t *phys = malloc(n * sizeof(*phys));
    uint32_t *order = malloc(n * sizeof(*order));
    size_t *loop_start = malloc((g->nins + 1) * sizeof(*loop_start));
    if (!first || !last || !phys || !order || !loop_start) {
        free(first); free(last); free(phys); free(order); free(loop_start);
        hc_nomem(g->c);
    }
    for (uint32_t t = 0; t < n; t++) {
        first[t] = -1;
        last[t] = -1;
        phys[t] = -1;
    }
#define TOUCH(t, i) do { if (first[t] < 0) first[t] = (int64_t)(i); last[t] = (int64_t)(i); } while (0)
    for (size_t i = 0; i < g->nins; i++) {
        const struct linst *in = &g->ins[i];
        for (unsigned s = 0; s < in->nsrc; s++) {
            if (in->src[s].file == LF_TEMP)
                TOUCH(in->src[s].index, i);
            if (in->src[s].rel >= 0 && (in->src[s].file == LF_CB || in->src[s].file == LF_XTEMP))
                TOUCH((uint32_t)in->src[s].rel, i);
        }
        for (unsigned d = 0; d < in->ndst; d++)
            if (in->dst[d].file == LF_TEMP)
                TOUCH(in->dst[d].index, i);
    }
    /* loops, innermost first is not needed: stretching is monotone, iterate to a fixpoint */
    size_t nstack = 0;
    struct { size_t s, e; } *loops = NULL;
    size_t nloops = 0, loops_cap = 0;
    for (size_t i = 0; i < g->nins; i++) {
        if (g->ins[i].op == L_LOOP)
            loop_start[nstack++] = i;
        else if (g->ins[i].op == L_ENDLOOP && nstack) {
            loops = hc_grow(g->c, loops, &loops_cap, nloops, sizeof(*loops));
            loops[nloops].s = loop_start[--nstack];
            loops[nloops].e = i;
            nloops++;
        }
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t l = 0; l < nloops; l++)
            for (uint32_t t = 0; t < n; t++) {
                if (first[t] < 0)
                    continue;
                int64_t s = (int64_t)loops[l].s, e = (int64_t)loops[l].e;
                bool overlaps = first[t] <= e && last[t] >= s;
                bool inside = first[t] >= s && last[t] <= e;
                if (overlaps && !inside) {
                    if (first[t] > s) { first[t] = s; changed = true; }
                    if (last[t] < e) { last[t] = e; changed = true; }
                }
            }
    }
    /* sort temps by first use (counting sort over instruction index is overkill: insertion) */
    uint32_t m = 0;
    for (uint32_t t = 0; t < n; t++)
        if (first[t] >= 0)
            order[m++] = t;
    for (uint32_t i = 1; i < m; i++) {
        uint32_t x = order[i];
        uint32_t j = i;
        while (j > 0 && first[order[j - 1]] > first[x]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = x;
    }
    /* Component packing: a temp that uses components [0, w) takes any w free consecutive
     * components [o, o + w) of a register (scalars share registers); its masks, swizzles and
     * the positions of the instructions writing it shift by o.  Temps written by a
     * two-result instruction (sincos, imul, udiv) stay at o = 0, since both results share
     * the instruction's positions. */
    uint8_t *width = calloc(n, 1), *off = calloc(n, 1), *force0 = calloc(n, 1);
    int64_t *busy_until = calloc((size_t)(m + 1) * 4, sizeof(*busy_until));
    if (!width || !off || !force0 || !busy_until) {
        free(first); free(last); free(phys); free(order); free(loop_start);
        free(width); free(off); free(force0); free(busy_until);
        hc_nomem(g->c);
    }
    for (size_t i = 0; i < g->nins; i++) {
        const struct linst *in = &g->ins[i];
        for (unsigned d = 0; d < in->ndst; d++) {
            const struct lop *o = &in->dst[d];
            if (o->file != LF_TEMP)
                continue;
            for (unsigned c = 0; c < 4; c++)
                if ((o->mask >> c & 1) && c + 1 > width[o->index])
                    width[o->index] = (uint8_t)(c + 1);
            if (in->ndst == 2)
                force0[o->index] = 1;
        }
        for (unsigned s2 = 0; s2 < in->nsrc; s2++) {
            const struct lop *o = &in->src[s2];
            if (o->file == LF_TEMP) {
                unsigned rm = read_mask(in, s2);
                for (unsigned c = 0; c < 4; c++)
                    if ((rm >> c & 1) && c + 1 > width[o->index])
                        width[o->index] = (uint8_t)(c + 1);
            }
            if (o->rel >= 0 && (o->file == LF_CB || o->file == LF_XTEMP) &&
                o->rel_comp + 1u > width[o->rel])
                width[o->rel] = (uint8_t)(o->rel_comp + 1);
        }
    }
    uint32_t nregs = 0;
    for (uint32_t i = 0; i < m; i++) {
        uint32_t t = order[i];
        unsigned w = width[t] ? width[t] : 1;
        uint32_t r;
        unsigned o = 0;
        for (r = 0;; r++) {
            if (r == nregs) {
                for (unsigned c = 0; c < 4; c++)
                    busy_until[r * 4 + c] = -1;
                nregs++;
            }
            bool found = false;
            unsigned max_o = force0[t] ? 0 : 4 - w;
            for (unsigned cand = 0; cand <= max_o && !found; cand++) {
                bool free_ = true;
                for (unsigned c = cand; c < cand + w; c++)
                    free_ = free_ && busy_until[r * 4 + c] < first[t];
                if (free_) {
                    found = true;
                    o = cand;
                }
            }
            if (found)
                break;
        }
        for (unsigned c = o; c < o + w; c++)
            busy_until[r * 4 + c] = last[t];
        phys[t] = (int32_t)r;
        off[t] = (uint8_t)o;
    }
    for (size_t i = 0; i < g->nins; i++) {
        struct linst *in = &g->ins[i];
        const struct lop_info *info = &lop_infos[in->op];
        /* sources: the temp's components moved by its offset */
        for (unsigned s2 = 0; s2 < in->nsrc; s2++) {
            struct lop *o = &in->src[s2];
            if (o->file == LF_TEMP) {
                unsigned k = off[o->index];
                for (unsigned p2 = 0; p2 < 4; p2++)
                    o->swz[p2] = (uint8_t)(o->swz[p2] + k > 3 ? 3 : o->swz[p2] + k);
                o->index = (uint32_t)phys[o->index];
            }
            if (o->rel >= 0 && (o->file == LF_CB || o->file == LF_XTEMP)) {
                o->rel_comp = (uint8_t)(o->rel_comp + off[o->rel]);
                o->rel = phys[o->rel];
            }
        }
        /* the destination: mask and, for instructions whose sources follow it, positions */
        for (unsigned d = 0; d < in->ndst; d++) {
            struct lop *o = &in->dst[d];
            if (o->file != LF_TEMP)
                continue;
            unsigned k = off[o->index];
            o->index = (uint32_t)phys[o->index];
            if (!k)
                continue;
            o->mask = (uint8_t)((o->mask << k) & 0xf);
            unsigned first_src = info->shape == LS_CW || info->shape == LS_MEM ||
                                 info->shape == LS_EVAL ? 0 : info->shape == LS_FIXED ? 1 : 4;
            unsigned last_src = info->shape == LS_CW ? in->nsrc : info->shape == LS_FIXED ? 2 :
                                info->shape == LS_EVAL ? 1 : 0;
            for (unsigned s2 = first_src; s2 < in->nsrc; s2++) {
                /* a memory load's resource follows the destination as sample's does */
                if (s2 >= last_src && !(info->shape == LS_MEM &&
                                        (in->src[s2].file == LF_TEX || in->src[s2].file == LF_UAV ||
                                         in->src[s2].file == LF_TGSM)))
                    continue;
                uint8_t old[4];
                memcpy(old, in->src[s2].swz, 4);
                for (unsigned p2 = 0; p2 < 4; p2++)
                    in->src[s2].swz[p2] = old[p2 >= k ? p2 - k : 0];
            }
        }
    }
    free(width);
    free(off);
    free(force0);
    free(first); free(last); free(phys); free(order); free(loop_start); free(busy_until);
    return nregs;
}
