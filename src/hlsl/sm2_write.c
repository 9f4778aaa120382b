/* src/hlsl/sm2_write.c — the level-9 program of a *_4_0_level_9_x target: the allocated lir
 * translated to vs_2_0/ps_2_0 (9_1) or vs_2_x/ps_2_x (9_3) assembly, with the mapping tables a
 * level-9 listing carries (the level_9 listings in tests/shaders/sm4/ show fxc's layout).
 *
 * The mapping, as fxc's level-9 programs do it:
 *   registers      SM4 r# stays r#; each output gets a temp written to the real output at the
 *                  end; a few scratch temps follow.
 *   vs inputs      v# -> v#, declared dcl_texcoord#.   ps inputs: the k-th register that is
 *                  not SV_Position -> t(k).   vs outputs: SV_Position -> oPos through the
 *                  runtime's half-pixel offset (c0: oPos.xy = pos.xy + pos.w * c0), the k-th
 *                  other register -> oT(k).   ps outputs: SV_Target n -> oC(n), SV_Depth -> oDepth.
 *   constants      each used cbuffer maps whole onto consecutive c# (from c1 in a vertex shader,
 *                  c0 being the position offset; from c0 in a pixel shader); immediates become
 *                  `def` constants after them.
 *   samplers       each (t#, s#) pair that is sampled becomes one s(k).
 *   bools          SM4's ~0/0 become 1.0/0.0: comparisons are slt/sge (vs) or cmp (ps), and/or
 *                  mul/max, movc a mad, discard a texkill of -cond; integers are floats.
 * What level 9 cannot do is an error naming the instruction (flow control, integer bit
 * operations, sample_l/sample_c, relative constant indexing, derivatives at 9_1).
 */
#include "hlsl/gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEFS 64

struct w2 {
    struct gen *g;
    struct hc *c;
    struct sbuf *o;
    unsigned ntemps;              /* SM4 temps */
    unsigned out_base;            /* first output temp */
    unsigned scratch_base, scratch_used, max_temp;
    unsigned cb_base[16];         /* c# of each cbuffer id's register 0 */
    unsigned next_c;
    uint32_t defs[MAX_DEFS][4];
    unsigned ndefs, def_base;
    struct { int t, s; } samplers[16];
    unsigned nsamplers;
    struct sbuf *bodyp;           /* hc->l9body, so that an error frees it */
};

static _Noreturn void fail(struct w2 *w, const char *what)
{
    hc_error(w->c, NULL, 3000, "%s: not available on a level_9 target (%s_4_0_level_9_%d)", what,
             w->c->ps ? "ps" : "vs", w->c->level9);
}

static unsigned scratch(struct w2 *w)
{
    unsigned r = w->scratch_base + w->scratch_used++;
    if (r + 1 > w->max_temp)
        w->max_temp = r + 1;
    return r;
}

/* A def constant holding v (positional); returns its c#. */
static unsigned def_const(struct w2 *w, const uint32_t v[4])
{
    for (unsigned i = 0; i < w->ndefs; i++)
        if (!memcmp(w->defs[i], v, 16))
            return i;
    if (w->ndefs == MAX_DEFS)
        hc_error(w->c, NULL, 3000, "too many literal constants for a level_9 program");
    memcpy(w->defs[w->ndefs], v, 16);
    return w->ndefs++;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* How an immediate's bits read as a float in SM2 for an instruction of this kind. */
enum imm_kind { IK_FLOAT, IK_INT, IK_BOOL };

static uint32_t imm_as_float(uint32_t v, enum imm_kind k)
{
    if (k == IK_INT)
        return fbits((float)(int32_t)v);
    if (k == IK_BOOL)
        return fbits(v ? 1.0f : 0.0f);
    return v;
}

/* An SM2 source operand as text.  positions: which swizzle positions matter. */
struct s2 {
    char text[48];
};

/* ps_2_0 takes only these source swizzles (the D3D9 reference, "Source Register Swizzling",
 * ps_2_0: .xyzw, the replicates and .yzxw/.zxyw/.wzyx); other targets take any. */
static bool swizzle_allowed(const struct w2 *w, const uint8_t *sw, unsigned need, uint8_t *out)
{
    static const uint8_t ok[][4] = {{0, 1, 2, 3}, {0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2},
                                    {3, 3, 3, 3}, {1, 2, 0, 3}, {2, 0, 1, 3}, {3, 2, 1, 0}};
    if (!w->c->ps || w->c->level9 >= 3) {
        memcpy(out, sw, 4);
        return true;
    }
    for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
        bool match = true;
        for (unsigned p = 0; p < 4; p++)
            if ((need >> p & 1) && ok[i][p] != sw[p])
                match = false;
        if (match) {
            memcpy(out, ok[i], 4);
            return true;
        }
    }
    return false;
}

static struct s2 src2n(struct w2 *w, const struct lop *op, enum imm_kind k, unsigned need);

static struct s2 src2(struct w2 *w, const struct lop *op, enum imm_kind k)
{
    return src2n(w, op, k, 0xf);
}

static struct s2 src2n(struct w2 *w, const struct lop *op, enum imm_kind k, unsigned need)
{
    struct s2 r;
    uint8_t chosen[4];
    if (op->file != LF_IMM && !swizzle_allowed(w, op->swz, need, chosen)) {
        /* gather the components one by one (replicates are always allowed) */
        unsigned t = scratch(w);
        for (unsigned p = 0; p < 4; p++) {
            if (!(need >> p & 1))
                continue;
            struct lop one = *op;
            one.neg = one.abs = false;
            for (unsigned q = 0; q < 4; q++)
                one.swz[q] = op->swz[p];
            struct s2 x = src2n(w, &one, k, 0xf);
            sbuf_printf(w->bodyp, "    mov r%u.%c, %s\n", t, "xyzw"[p], x.text);
        }
        struct lop tl = lop_temp(t, 4);
        tl.neg = op->neg;
        tl.abs = op->abs;
        return src2n(w, &tl, IK_FLOAT, need);
    }
    char reg[24];
    char swz[6] = ".";
    const uint8_t *sw = op->file == LF_IMM ? op->swz : chosen;
    uint8_t ident[4] = {0, 1, 2, 3};
    switch (op->file) {
    case LF_TEMP:
        snprintf(reg, sizeof(reg), "r%u", op->index);
        break;
    case LF_INPUT: {
        if (!w->c->ps) {
            snprintf(reg, sizeof(reg), "v%u", op->index);
            break;
        }
        unsigned k2 = 0;
        for (unsigned i = 0; i < w->g->nin; i++) {
            if (w->g->in[i].reg == op->index && w->g->in[i].sysval == 1)
                fail(w, "reading SV_Position in a pixel shader");
        }
        /* the k-th non-position register */
        unsigned regs_seen[32], nseen = 0;
        for (unsigned i = 0; i < w->g->nin; i++) {
            if (w->g->in[i].sysval == 1)
                continue;
            bool dup = false;
            for (unsigned q = 0; q < nseen; q++)
                dup = dup || regs_seen[q] == w->g->in[i].reg;
            if (!dup && w->g->in[i].reg < op->index)
                regs_seen[nseen++] = w->g->in[i].reg;
        }
        k2 = nseen;
        snprintf(reg, sizeof(reg), "t%u", k2);
        break;
    }
    case LF_CB:
        if (op->rel >= 0) {
            /* vs_2_0 relative addressing: a0.x (mova rounds the float index to the nearest
             * integer: the generator's index is an exact small integer) */
            if (w->c->ps)
                fail(w, "a constant buffer index computed at run time in a pixel shader");
            unsigned t = scratch(w);
            sbuf_printf(w->bodyp, "    mova a0.x, r%d.%c\n", op->rel, "xyzw"[op->rel_comp]);
            sbuf_printf(w->bodyp, "    mov r%u, c[a0.x + %u]\n", t, w->cb_base[op->index] + op->reg);
            struct lop tl = *op;
            tl.file = LF_TEMP;
            tl.index = t;
            tl.rel = -1;
            return src2n(w, &tl, k, need);
        }
        snprintf(reg, sizeof(reg), "c%u", w->cb_base[op->index] + op->reg);
        break;
    case LF_IMM: {
        uint32_t v[4];
        for (unsigned p = 0; p < 4; p++)
            v[p] = imm_as_float(op->imm[op->swz[p]], k);
        snprintf(reg, sizeof(reg), "c%u", w->def_base + def_const(w, v));
        sw = ident;
        break;
    }
    default:
        fail(w, "this operand");
    }
    if (sw[0] != 0 || sw[1] != 1 || sw[2] != 2 || sw[3] != 3)
        for (unsigned p = 0; p < 4; p++)
            swz[1 + p] = "xyzw"[sw[p]], swz[2 + p] = '\0';
    else
        swz[0] = '\0';
    if (op->abs) {
        /* SM2 has no |x| modifier: abs into a scratch first */
        unsigned t = scratch(w);
        sbuf_printf(w->bodyp, "    abs r%u, %s%s\n", t, reg, swz);
        snprintf(r.text, sizeof(r.text), "%sr%u", op->neg ? "-" : "", t);
        return r;
    }
    snprintf(r.text, sizeof(r.text), "%s%s%s", op->neg ? "-" : "", reg, swz);
    return r;
}

/* The destination: SM4 outputs write their temps. */
static void dst2(struct w2 *w, const struct lop *op, char *out, size_t size)
{
    char mask[6] = ".";
    unsigned k = 1;
    for (unsigned c = 0; c < 4; c++)
        if (op->mask >> c & 1)
            mask[k++] = "xyzw"[c];
    mask[k] = '\0';
    if (op->mask == 0xf)
        mask[0] = '\0';
    unsigned reg;
    if (op->file == LF_TEMP) {
        reg = op->index;
    } else if (op->file == LF_OUTPUT || op->file == LF_DEPTH) {
        unsigned i, k = 0;
        for (i = 0; i < w->g->nout; i++) {
            if ((op->file == LF_DEPTH && w->g->out[i].is_depth) ||
                (op->file == LF_OUTPUT && !w->g->out[i].is_depth && w->g->out[i].reg == op->index))
                break;
            if (w->g->out[i].sysval != 1)
                k++;
        }
        if (!w->c->ps && i < w->g->nout && w->g->out[i].sysval != 1) {
            /* a vertex shader's oT# is written directly (SM4 programs never read outputs) */
            snprintf(out, size, "oT%u%s", k, mask);
            return;
        }
        reg = w->out_base + (w->c->ps ? i : 0);
        if (op->file == LF_DEPTH)
            strcpy(mask, ".x");
    } else {
        fail(w, "this destination");
    }
    snprintf(out, size, "r%u%s", reg, mask);
}

static bool is_one(const struct lop *op)
{
    if (op->file != LF_IMM || op->neg || op->abs)
        return false;
    for (unsigned p = 0; p < 4; p++)
        if (op->imm[op->swz[p]] != 1 && op->imm[op->swz[p]] != 0x3f800000u)
            return false;
    return true;
}

static struct s2 const_src(struct w2 *w, float a)
{
    struct s2 r;
    uint32_t v[4] = {fbits(a), fbits(a), fbits(a), fbits(a)};
    snprintf(r.text, sizeof(r.text), "c%u", w->def_base + def_const(w, v));
    return r;
}

/* One line, with vs_2_0's missing _sat done as max/min. */
static void emit2(struct w2 *w, const char *op, bool sat, const char *dst, const char *a,
                  const char *b, const char *c)
{
    if (sat && !w->c->ps) {
        unsigned t = scratch(w);
        char td[16];
        snprintf(td, sizeof(td), "r%u", t);
        emit2(w, op, false, td, a, b, c);
        struct s2 zero = const_src(w, 0.0f), one = const_src(w, 1.0f);
        sbuf_printf(w->bodyp, "    max r%u, r%u, %s\n", t, t, zero.text);
        sbuf_printf(w->bodyp, "    min %s, r%u, %s\n", dst, t, one.text);
        return;
    }
    sbuf_printf(w->bodyp, "    %s%s %s", op, sat ? "_sat" : "", dst);
    if (a)
        sbuf_printf(w->bodyp, ", %s", a);
    if (b)
        sbuf_printf(w->bodyp, ", %s", b);
    if (c)
        sbuf_printf(w->bodyp, ", %s", c);
    sbuf_puts(w->bodyp, "\n");
}

/* dst.c = op(src.c) for each written component (rcp, rsq, exp, log are scalar in SM2). */
static void per_component(struct w2 *w, const char *op, const struct linst *in, const struct lop *s,
                          const char *dst_reg, unsigned mask, bool sat)
{
    for (unsigned c = 0; c < 4; c++) {
        if (!(mask >> c & 1))
            continue;
        struct lop one = *s;
        for (unsigned p = 0; p < 4; p++)
            one.swz[p] = s->swz[c];
        struct s2 a = src2(w, &one, IK_FLOAT);
        char d[24];
        snprintf(d, sizeof(d), "%s.%c", dst_reg, "xyzw"[c]);
        emit2(w, op, sat && in, d, a.text, NULL, NULL);
    }
}

static void translate(struct w2 *w, const struct linst *in)
{
    struct hc *c = w->c;
    bool ps = c->ps;
    char d[24];
    const struct lop *s = in->src;
    w->scratch_used = 0;
    if (in->op == L_RET)
        return;
    if (lop_infos[in->op].shape == LS_FLOW && in->op != L_DISCARD_NZ)
        fail(w, "flow control (if, loop) — the compiler flattens what it can");
    if (in->op == L_DISCARD_NZ) {
        if (!ps)
            fail(w, "discard");
        struct s2 a = src2(w, &s[0], IK_BOOL);
        unsigned t = scratch(w);
        sbuf_printf(w->bodyp, "    mov r%u, -%s\n", t, a.text[0] == '-' ? a.text + 1 : a.text);
        if (a.text[0] == '-') /* --x is x */
            sbuf_printf(w->bodyp, "    mov r%u, -r%u\n", t, t);
        sbuf_printf(w->bodyp, "    texkill r%u\n", t);
        return;
    }
    const struct lop *D = &in->dst[0];
    if (in->ndst == 2)
        D = in->dst[0].file != LF_NULL ? &in->dst[0] : &in->dst[1];
    if (D->file == LF_NULL)
        return;
    dst2(w, D, d, sizeof(d));
    char dreg[16];
    snprintf(dreg, sizeof(dreg), "%.*s", (int)strcspn(d, "."), d);
    unsigned mask = D->mask;
    bool sat = in->sat;
    enum imm_kind ik = lop_infos[in->op].is_float ? IK_FLOAT : IK_INT;
    enum imm_kind data = in->dtype == BT_INT || in->dtype == BT_UINT ? IK_INT :
                         in->dtype == BT_BOOL ? IK_BOOL : IK_FLOAT;
    if (in->op == L_MOV)
        ik = data;
    struct s2 a, b, cc;
    switch (in->op) {
    case L_MOV: case L_ADD: case L_MUL: case L_MAD: case L_MIN: case L_MAX: case L_FRC:
    case L_DP3: case L_DP4: case L_IADD: case L_IMUL: case L_IMIN: case L_IMAX: case L_UMIN:
    case L_UMAX: case L_ITOF: case L_UTOF: {
        static const char *const names[L_COUNT] = {
            [L_MOV] = "mov", [L_ADD] = "add", [L_MUL] = "mul", [L_MAD] = "mad", [L_MIN] = "min",
            [L_MAX] = "max", [L_FRC] = "frc", [L_DP3] = "dp3", [L_DP4] = "dp4", [L_IADD] = "add",
            [L_IMUL] = "mul", [L_IMIN] = "min", [L_IMAX] = "max", [L_UMIN] = "min",
            [L_UMAX] = "max", [L_ITOF] = "mov", [L_UTOF] = "mov"};
        unsigned need = in->op == L_DP3 ? 7 : in->op == L_DP4 ? 15 : mask;
        a = src2n(w, &s[0], ik, need);
        if (in->nsrc > 1)
            b = src2n(w, &s[1], ik, need);
        if (in->nsrc > 2)
            cc = src2n(w, &s[2], ik, need);
        emit2(w, names[in->op], sat, d, a.text, in->nsrc > 1 ? b.text : NULL,
              in->nsrc > 2 ? cc.text : NULL);
        return;
    }
    case L_INEG:
        a = src2(w, &s[0], IK_INT);
        sbuf_printf(w->bodyp, "    mov %s, -%s\n", d, a.text);
        return;
    case L_DP2: {
        a = src2n(w, &s[0], IK_FLOAT, 3);
        b = src2n(w, &s[1], IK_FLOAT, 3);
        unsigned t = scratch(w);
        sbuf_printf(w->bodyp, "    mul r%u.xy, %s, %s\n", t, a.text, b.text);
        char tx[16], ty[16];
        snprintf(tx, sizeof(tx), "r%u.x", t);
        snprintf(ty, sizeof(ty), "r%u.y", t);
        emit2(w, "add", sat, d, tx, ty, NULL);
        return;
    }
    case L_RSQ: per_component(w, "rsq", in, &s[0], dreg, mask, sat); return;
    case L_EXP: per_component(w, "exp", in, &s[0], dreg, mask, sat); return;
    case L_LOG: per_component(w, "log", in, &s[0], dreg, mask, sat); return;
    case L_SQRT: {
        /* sqrt(x) = 1 / rsq(x) */
        unsigned t = scratch(w);
        char tr[16];
        snprintf(tr, sizeof(tr), "r%u", t);
        per_component(w, "rsq", NULL, &s[0], tr, mask, false);
        struct lop tl = lop_temp(t, 4);
        per_component(w, "rcp", in, &tl, dreg, mask, sat);
        return;
    }
    case L_DIV: {
        unsigned t = scratch(w);
        char tr[16];
        snprintf(tr, sizeof(tr), "r%u", t);
        if (is_one(&s[0]) && !s[0].neg) {
            per_component(w, "rcp", in, &s[1], dreg, mask, sat);
            return;
        }
        per_component(w, "rcp", NULL, &s[1], tr, mask, false);
        a = src2(w, &s[0], IK_FLOAT);
        emit2(w, "mul", sat, d, a.text, tr, NULL);
        return;
    }
    case L_ROUND_NI: case L_FTOI: case L_FTOU: {
        /* floor(x) = x - frc(x) (ftoi: exact for non-negative values) */
        a = src2(w, &s[0], IK_FLOAT);
        unsigned t = scratch(w);
        sbuf_printf(w->bodyp, "    frc r%u, %s\n", t, a.text);
        char tr[16];
        snprintf(tr, sizeof(tr), "-r%u", t);
        emit2(w, "add", sat, d, a.text, tr, NULL);
        return;
    }
    case L_ROUND_PI: {
        /* ceil(x) = x + frc(-x) */
        struct lop nx = s[0];
        nx.neg = !nx.neg;
        struct s2 na = src2(w, &nx, IK_FLOAT);
        a = src2(w, &s[0], IK_FLOAT);
        unsigned t = scratch(w);
        sbuf_printf(w->bodyp, "    frc r%u, %s\n", t, na.text);
        char tr[16];
        snprintf(tr, sizeof(tr), "r%u", t);
        emit2(w, "add", sat, d, a.text, tr, NULL);
        return;
    }
    case L_LT: case L_GE: case L_ILT: case L_IGE: case L_ULT: case L_UGE: case L_EQ: case L_NE:
    case L_IEQ: case L_INE: {
        bool lt = in->op == L_LT || in->op == L_ILT || in->op == L_ULT;
        bool ge = in->op == L_GE || in->op == L_IGE || in->op == L_UGE;
        bool eq = in->op == L_EQ || in->op == L_IEQ;
        a = src2(w, &s[0], ik);
        b = src2(w, &s[1], ik);
        struct s2 zero = const_src(w, 0.0f), one = const_src(w, 1.0f);
        if (!ps) {
            if (lt || ge) {
                sbuf_printf(w->bodyp, "    %s %s, %s, %s\n", lt ? "slt" : "sge", d, a.text, b.text);
            } else {
                unsigned t1 = scratch(w), t2 = scratch(w);
                sbuf_printf(w->bodyp, "    sge r%u, %s, %s\n", t1, a.text, b.text);
                sbuf_printf(w->bodyp, "    sge r%u, %s, %s\n", t2, b.text, a.text);
                if (eq) {
                    sbuf_printf(w->bodyp, "    mul %s, r%u, r%u\n", d, t1, t2);
                } else {
                    sbuf_printf(w->bodyp, "    mul r%u, r%u, r%u\n", t1, t1, t2);
                    sbuf_printf(w->bodyp, "    add %s, -r%u, %s\n", d, t1, one.text);
                }
            }
            return;
        }
        unsigned t = scratch(w);
        const char *bt = b.text[0] == '-' ? b.text + 1 : b.text;
        sbuf_printf(w->bodyp, "    add r%u, %s, %s%s\n", t, a.text, b.text[0] == '-' ? "" : "-", bt);
        if (lt || ge) {
            /* cmp: x >= 0 ? src1 : src2 with x = a - b */
            sbuf_printf(w->bodyp, "    cmp %s, r%u, %s, %s\n", d, t, lt ? zero.text : one.text,
                        lt ? one.text : zero.text);
        } else {
            sbuf_printf(w->bodyp, "    mul r%u, r%u, r%u\n", t, t, t);
            sbuf_printf(w->bodyp, "    cmp %s, -r%u, %s, %s\n", d, t, eq ? one.text : zero.text,
                        eq ? zero.text : one.text);
        }
        return;
    }
    case L_AND: case L_OR: {
        /* bools are 0/1: and = mul, or = max; and with 1 (bool -> number) is a mov */
        if (is_one(&s[1]) || is_one(&s[0])) {
            a = src2(w, is_one(&s[1]) ? &s[0] : &s[1], IK_BOOL);
            emit2(w, in->op == L_AND ? "mov" : "max", sat, d, a.text,
                  in->op == L_AND ? NULL : const_src(w, 1.0f).text, NULL);
            return;
        }
        a = src2(w, &s[0], IK_BOOL);
        b = src2(w, &s[1], IK_BOOL);
        emit2(w, in->op == L_AND ? "mul" : "max", sat, d, a.text, b.text, NULL);
        return;
    }
    case L_NOT: {
        a = src2(w, &s[0], IK_BOOL);
        struct s2 one = const_src(w, 1.0f);
        const char *at = a.text[0] == '-' ? a.text + 1 : a.text;
        sbuf_printf(w->bodyp, "    add %s, %s%s, %s\n", d, a.text[0] == '-' ? "" : "-", at, one.text);
        return;
    }
    case L_MOVC: {
        /* c ? x : y = c * (x - y) + y with c 0 or 1 */
        struct s2 cs = src2(w, &s[0], IK_BOOL);
        a = src2(w, &s[1], data);
        b = src2(w, &s[2], data);
        unsigned t = scratch(w);
        const char *bt = b.text[0] == '-' ? b.text + 1 : b.text;
        sbuf_printf(w->bodyp, "    add r%u, %s, %s%s\n", t, a.text, b.text[0] == '-' ? "" : "-", bt);
        char tr[16];
        snprintf(tr, sizeof(tr), "r%u", t);
        emit2(w, "mad", sat, d, cs.text, tr, b.text);
        return;
    }
    case L_SINCOS: {
        /* SM2 sincos wants its input in [-pi, pi]: x' = frc(x / 2pi + 0.5) * 2pi - pi; and
         * two constant registers of Taylor coefficients (D3DSINCOSCONST1/2, given in the
         * D3D9 reference for sincos) before 3_0 */
        bool want_sin = in->dst[0].file != LF_NULL, want_cos = in->dst[1].file != LF_NULL;
        char dsin[24] = "", dcos[24] = "";
        if (want_sin)
            dst2(w, &in->dst[0], dsin, sizeof(dsin));
        if (want_cos)
            dst2(w, &in->dst[1], dcos, sizeof(dcos));
        uint32_t k1[4] = {fbits(-1.5500992e-006f), fbits(-2.1701389e-005f), fbits(0.0026041667f),
                          fbits(0.00026041668f)};
        uint32_t k2[4] = {fbits(-0.020833334f), fbits(-0.125f), fbits(1.0f), fbits(0.5f)};
        unsigned c1 = w->def_base + def_const(w, k1), c2 = w->def_base + def_const(w, k2);
        struct s2 inv = const_src(w, 0.159154943f), half = const_src(w, 0.5f),
                  tpi = const_src(w, 6.28318548f), mpi = const_src(w, -3.14159274f);
        unsigned m = (want_sin ? in->dst[0].mask : 0) | (want_cos ? in->dst[1].mask : 0);
        for (unsigned comp = 0; comp < 4; comp++) {
            if (!(m >> comp & 1))
                continue;
            w->scratch_used = 0;
            struct lop one = s[0];
            for (unsigned p = 0; p < 4; p++)
                one.swz[p] = s[0].swz[comp];
            struct s2 x = src2(w, &one, IK_FLOAT);
            unsigned t = scratch(w), r = scratch(w);
            sbuf_printf(w->bodyp, "    mad r%u.x, %s, %s, %s\n", t, x.text, inv.text, half.text);
            sbuf_printf(w->bodyp, "    frc r%u.x, r%u.x\n", t, t);
            sbuf_printf(w->bodyp, "    mad r%u.x, r%u.x, %s, %s\n", t, t, tpi.text, mpi.text);
            sbuf_printf(w->bodyp, "    sincos r%u.xy, r%u.x, c%u, c%u\n", r, t, c1, c2);
            if (want_cos && (in->dst[1].mask >> comp & 1))
                sbuf_printf(w->bodyp, "    mov %.*s.%c, r%u.x\n", (int)strcspn(dcos, "."), dcos,
                            "xyzw"[comp], r);
            if (want_sin && (in->dst[0].mask >> comp & 1))
                sbuf_printf(w->bodyp, "    mov %.*s.%c, r%u.y\n", (int)strcspn(dsin, "."), dsin,
                            "xyzw"[comp], r);
        }
        return;
    }
    case L_DERIV_RTX: case L_DERIV_RTY:
        if (c->level9 < 3)
            fail(w, "ddx/ddy (they need 9_3: ps_4_0_level_9_3)");
        a = src2(w, &s[0], IK_FLOAT);
        emit2(w, in->op == L_DERIV_RTX ? "dsx" : "dsy", sat, d, a.text, NULL, NULL);
        return;
    case L_SAMPLE: case L_SAMPLE_B: case L_SAMPLE_D: {
        if (!ps)
            fail(w, "texture sampling in a vertex shader");
        if (in->op == L_SAMPLE_D && c->level9 < 3)
            fail(w, "sampling with gradients (9_3 only)");
        if (in->has_offset)
            fail(w, "texel offsets");
        int t = (int)w->g->res[s[1].index].slot, sm = (int)w->g->res[s[2].index].sslot;
        unsigned k;
        for (k = 0; k < w->nsamplers; k++)
            if (w->samplers[k].t == t && w->samplers[k].s == sm)
                break;
        if (k == w->nsamplers) {
            if (k == 16)
                fail(w, "more than 16 texture/sampler pairs");
            w->samplers[k].t = t;
            w->samplers[k].s = sm;
            w->nsamplers++;
        }
        /* coordinates into a scratch with no swizzle (ps_2_0 texld takes none) */
        unsigned co = scratch(w);
        a = src2(w, &s[0], IK_FLOAT);
        sbuf_printf(w->bodyp, "    mov r%u, %s\n", co, a.text);  /* every component: texld reads .xyzw */
        if (in->op == L_SAMPLE_B) {
            struct s2 bias = src2(w, &s[3], IK_FLOAT);
            sbuf_printf(w->bodyp, "    mov r%u.w, %s\n", co, bias.text);
        }
        unsigned res = scratch(w);
        if (in->op == L_SAMPLE_D) {
            struct s2 dx = src2(w, &s[3], IK_FLOAT), dy = src2(w, &s[4], IK_FLOAT);
            sbuf_printf(w->bodyp, "    texldd r%u, r%u, s%u, %s, %s\n", res, co, k, dx.text, dy.text);
        } else {
            sbuf_printf(w->bodyp, "    %s r%u, r%u, s%u\n", in->op == L_SAMPLE_B ? "texldb" : "texld",
                        res, co, k);
        }
        /* the resource swizzle picks result components (t#.xyzw: identity) */
        struct lop rl = lop_temp(res, 4);
        for (unsigned p = 0; p < 4; p++)
            rl.swz[p] = s[1].swz[p];
        struct s2 rs = src2(w, &rl, IK_FLOAT);
        emit2(w, "mov", sat, d, rs.text, NULL, NULL);
        return;
    }
    default:
        fail(w, lop_infos[in->op].name);
    }
}

/* Writes the level-9 comment blocks and program into o. */
void sm2_write(struct gen *g, uint32_t ntemps, struct sbuf *o)
{
    struct hc *c = g->c;
    struct w2 w = {0};
    w.g = g;
    w.c = c;
    w.o = o;
    w.ntemps = ntemps;
    w.out_base = ntemps;
    /* temps for the outputs: each pixel output, and a vertex shader's position (the rest of a
     * vertex shader's outputs are written directly) */
    w.scratch_base = ntemps + (c->ps ? g->nout : 1);
    w.max_temp = w.scratch_base;
    w.bodyp = &c->l9body;
    /* constant buffers onto c# */
    w.next_c = c->ps ? 0 : 1;
    for (int slot = 0; slot < 14; slot++)
        for (unsigned i = 0; i < g->ncbs; i++) {
            struct cbuffer_decl *cb = g->cbs[i];
            if (!cb->used || cb->slot != slot || i >= 16)
                continue;
            w.cb_base[i] = w.next_c;
            w.next_c += (cb->size + 3) / 4;
        }
    w.def_base = w.next_c;
    for (size_t i = 0; i < g->nins; i++)
        translate(&w, &g->ins[i]);
    /* the outputs, from their temps */
    unsigned k = 0;
    for (unsigned i = 0; i < g->nout; i++) {
        const struct sig_entry *e = &g->out[i];
        unsigned r = w.out_base + (c->ps ? i : 0);
        if (c->ps) {
            if (e->is_depth)
                sbuf_printf(w.bodyp, "    mov oDepth, r%u.x\n", r);
            else
                sbuf_printf(w.bodyp, "    mov oC%u, r%u%s\n", e->reg, r, e->mask == 1 ? ".x" : "");
        } else if (e->sysval == 1) {
            sbuf_printf(w.bodyp, "    mad oPos.xy, r%u.w, c0, r%u\n", r, r);
            sbuf_printf(w.bodyp, "    mov oPos.zw, r%u\n", r);
        } else {
            k++; /* written directly */
        }
    }
    unsigned temp_limit = c->level9 >= 3 ? 32 : 12;
    if (w.max_temp > temp_limit)
        hc_error(c, NULL, 4509, "the level-9 program needs %u temporary registers; %s_4_0_level_9_%d "
                 "has %u", w.max_temp, c->ps ? "ps" : "vs", c->level9, temp_limit);
    unsigned const_limit = c->ps ? 32 : 256;
    if (w.def_base + w.ndefs > const_limit)
        hc_error(c, NULL, 4509, "the level-9 program needs %u constant registers; the target has %u",
                 w.def_base + w.ndefs, const_limit);
    /* the tables */
    bool any_cb = false;
    for (unsigned i = 0; i < g->ncbs && i < 16; i++)
        any_cb = any_cb || g->cbs[i]->used;
    if (any_cb) {
        sbuf_puts(o, "//\n// Constant buffer to DX9 shader constant mappings:\n//\n");
        sbuf_puts(o, "// Target Reg Buffer  Start Reg # of Regs        Data Conversion\n");
        sbuf_puts(o, "// ---------- ------- --------- --------- ----------------------\n");
        for (int slot = 0; slot < 14; slot++)
            for (unsigned i = 0; i < g->ncbs && i < 16; i++) {
                struct cbuffer_decl *cb = g->cbs[i];
                if (!cb->used || cb->slot != slot)
                    continue;
                char target[16], buf[16];
                snprintf(target, sizeof(target), "c%u", w.cb_base[i]);
                snprintf(buf, sizeof(buf), "cb%d", slot);
                sbuf_printf(o, "// %-10s %-7s %9u %9u  ( FLT, FLT, FLT, FLT)\n", target, buf, 0u,
                            (cb->size + 3) / 4);
            }
        sbuf_puts(o, "//\n");
    }
    if (w.nsamplers) {
        sbuf_puts(o, "//\n// Sampler/Resource to DX9 shader sampler mappings:\n//\n");
        sbuf_puts(o, "// Target Sampler Source Sampler  Source Resource\n");
        sbuf_puts(o, "// -------------- --------------- ----------------\n");
        for (unsigned i = 0; i < w.nsamplers; i++) {
            char a[8], b[8], r[8];
            snprintf(a, sizeof(a), "s%u", i);
            snprintf(b, sizeof(b), "s%d", w.samplers[i].s);
            snprintf(r, sizeof(r), "t%d", w.samplers[i].t);
            sbuf_printf(o, "// %-14s %-15s %-16s\n", a, b, r);
        }
        sbuf_puts(o, "//\n");
    }
    if (!c->ps) {
        sbuf_puts(o, "//\n// Runtime generated constant mappings:\n//\n");
        sbuf_puts(o, "// Target Reg                               Constant Description\n");
        sbuf_puts(o, "// ---------- --------------------------------------------------\n");
        sbuf_puts(o, "// c0                              Vertex Shader position offset\n//\n");
    }
    sbuf_puts(o, "//\n// Level9 shader bytecode:\n//\n");
    sbuf_printf(o, "    %s_2_%s\n", c->ps ? "ps" : "vs", c->level9 >= 3 ? "x" : "0");
    for (unsigned i = 0; i < w.ndefs; i++) {
        sbuf_printf(o, "    def c%u", w.def_base + i);
        for (unsigned q = 0; q < 4; q++) {
            uint32_t v = w.defs[i][q];
            uint32_t e = v >> 23 & 0xff;
            float f;
            memcpy(&f, &v, 4);
            if ((e == 0 && (v & 0x7fffff)) || e == 0xff)
                sbuf_printf(o, ", 0x%08x", v);
            else
                sbuf_printf(o, ", %.9g", (double)f);
        }
        sbuf_puts(o, "\n");
    }
    if (c->ps) {
        unsigned kk = 0;
        for (unsigned i = 0; i < g->nin; i++) {
            if (g->in[i].sysval == 1)
                continue;
            bool dup = false;
            for (unsigned j = 0; j < i; j++)
                dup = dup || (g->in[j].reg == g->in[i].reg && g->in[j].sysval != 1);
            if (!dup)
                sbuf_printf(o, "    dcl t%u\n", kk++);
        }
        for (unsigned i = 0; i < w.nsamplers; i++) {
            const struct resource *r = NULL;
            for (unsigned q = 0; q < g->nres; q++)
                if (g->res[q].used && g->res[q].slot == w.samplers[i].t &&
                    (g->res[q].var->type->cls == TC_TEXTURE || g->res[q].as_texture))
                    r = &g->res[q];
            enum tex_dim dim = r ? r->var->type->dim : TD_2D;
            sbuf_printf(o, "    dcl_%s s%u\n", dim == TD_CUBE ? "cube" : dim == TD_3D ? "volume" : "2d", i);
        }
    } else {
        for (unsigned i = 0; i < g->nin; i++) {
            bool dup = false;
            for (unsigned j = 0; j < i; j++)
                dup = dup || g->in[j].reg == g->in[i].reg;
            if (dup)
                continue;
            if (g->in[i].reg)
                sbuf_printf(o, "    dcl_texcoord%u v%u\n", g->in[i].reg, g->in[i].reg);
            else
                sbuf_puts(o, "    dcl_texcoord v0\n");
        }
    }
    if (w.bodyp->nomem)
        hc_nomem(c);
    if (w.bodyp->p)
        sbuf_put(o, w.bodyp->p, w.bodyp->n);
    unsigned slots = 0;
    for (size_t i = 0; w.bodyp->p && i < w.bodyp->n; i++)
        slots += w.bodyp->p[i] == '\n';
    sbuf_printf(o, "\n// approximately %u instruction slots used\n", slots);
}
