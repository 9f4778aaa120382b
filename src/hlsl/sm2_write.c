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
 *
 * The d3dbc targets (vs/ps_2_0, vs_2_a, ps_2_a/_2_b as vs/ps_2_x, vs/ps_3_0) are the same
 * translation written as a program of its own, with D3D9's registers instead of the level-9
 * mapping (the D3D9 asm reference's register pages and "Semantics (HLSL)"):
 *   vs inputs      v# in order, dcl_<usage><n> from the semantic (POSITION, NORMAL, COLOR,
 *                  TEXCOORD...).
 *   vs outputs     2_x: POSITION -> oPos, COLORn -> oDn, TEXCOORDn -> oTn, FOG -> oFog,
 *                  PSIZE -> oPts; 3_0: o# in order, each with its dcl_<usage><n>.
 *   ps inputs      2_x: COLORn -> vn, TEXCOORDn -> tn; 3_0: v# in order with dcl_<usage><n>,
 *                  VPOS (SV_Position) -> vPos, VFACE -> vFace.  Inputs the program does not read
 *                  are not declared.
 *   constants      each uniform the program reads takes whole c# registers of its own (types.c's
 *                  D3D9 layout): register(c#) where given, else the lowest free ones, in
 *                  declaration order; the `def` literals follow the highest.  The constant table
 *                  (ctab_write.c) names them.
 *   samplers       sampler2D & co: register(s#) where given; then every other (texture,
 *                  sampler) pair the program samples, a Texture2D + SamplerState pair too (fxc
 *                  combines them for these targets), takes the lowest free s#, in first-use order.
 *   flow (3_0)     if/else/endif as if_ne cond, 0; a run-time loop as rep i0 with i0 = 255 (the
 *                  most a D3D9 rep runs: "rep - vs"), break / break_ne / break_eq; on a bool
 *                  uniform in b#, `if b#`; a counting loop to an int uniform in i#, `rep i#`
 *                  (gen_static.c).  `continue`
 *                  in such a loop, and a return inside flow control in the entry point, are
 *                  errors.
 */
#include "hlsl/gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
    struct { int t, s; unsigned reg; enum tex_dim dim; const char *name; } samplers[16];
    unsigned nsamplers;
    struct sbuf *bodyp;           /* hc->l9body, so that an error frees it */
    /* d3dbc targets */
    bool d3d9;
    char in_reg[32][8];           /* per SM4 input register: its D3D9 register ("" unmapped) */
    unsigned in_read[32];         /* per SM4 input register: the components read */
    char out_reg[32][8];          /* vs, per output entry: its D3D9 register */
    struct cvar {
        const struct var_decl *var;
        unsigned cb, first, count; /* cbuffer id, first register in it, registers */
        unsigned c;                /* its c# */
    } *cvars;
    unsigned ncvars;
    bool uses_rep;
    unsigned sreg[16];            /* per g->sconst: its b# / i# */
    const struct loc_src *at;     /* the instruction being translated (NULL: none) */
};

static _Noreturn void fail(struct w2 *w, const char *what)
{
    /* fxc's X4532, "cannot map expression to <target> instruction set" */
    hc_error(w->c, w->at && w->at->file ? w->at : NULL, 4532, "cannot map expression to %s "
             "instruction set: %s is not available on %s", w->c->args->target, what,
             w->d3d9 ? "this target" : "a level_9 target");
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
    /* ps_2_x with D3DPS20CAPS_ARBITRARYSWIZZLE (ps_2_a, not ps_2_b) and ps_3_0 take any */
    if (!w->c->ps || w->c->level9 >= 3 || w->c->d3d9 == 30 || (w->c->d3d9 == 21 && !w->c->ps_2_b)) {
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

/* d3dbc: the uniform that register `reg` of cbuffer `cb` belongs to. */
static const struct cvar *cvar_of(struct w2 *w, unsigned cb, unsigned reg)
{
    for (unsigned i = 0; i < w->ncvars; i++)
        if (w->cvars[i].cb == cb && reg >= w->cvars[i].first &&
            reg < w->cvars[i].first + w->cvars[i].count)
            return &w->cvars[i];
    fail(w, "a constant outside every uniform"); /* the generator reads only variables */
}

/* The s(k) entry of an instruction's (texture, sampler) pair: level 9 numbers them as they
 * come; the d3dbc targets found them all first (d3d9_samplers). */
static unsigned sampler_of(struct w2 *w, const struct lop *s)
{
    const struct resource *tr = &w->g->res[s[1].index];
    int t = tr->slot, sm = w->g->res[s[2].index].sslot;
    unsigned k;
    for (k = 0; k < w->nsamplers; k++)
        if (w->samplers[k].t == t && w->samplers[k].s == sm)
            return k;
    if (k == 16)
        fail(w, "more than 16 texture/sampler pairs");
    w->samplers[k].t = t;
    w->samplers[k].s = sm;
    w->samplers[k].reg = k;
    w->samplers[k].dim = tr->var->type->dim;
    w->samplers[k].name = tr->var->name;
    w->nsamplers++;
    return k;
}

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
        if (w->d3d9) {
            if (!w->in_reg[op->index][0])
                fail(w, "reading this input (its semantic has no register here)");
            snprintf(reg, sizeof(reg), "%s", w->in_reg[op->index]);
            break;
        }
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
        if (w->d3d9) {
            const struct cvar *v = cvar_of(w, op->index, op->reg);
            if (op->rel >= 0) {
                if (w->c->ps)
                    fail(w, "a constant index computed at run time in a pixel shader");
                unsigned t = scratch(w);
                sbuf_printf(w->bodyp, "    mova a0.x, r%d.%c\n", op->rel, "xyzw"[op->rel_comp]);
                sbuf_printf(w->bodyp, "    mov r%u, c[a0.x + %u]\n", t, v->c + op->reg - v->first);
                struct lop tl = *op;
                tl.file = LF_TEMP;
                tl.index = t;
                tl.rel = -1;
                return src2n(w, &tl, k, need);
            }
            snprintf(reg, sizeof(reg), "c%u", v->c + op->reg - v->first);
            break;
        }
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
        if (w->d3d9 && !w->c->ps && i < w->g->nout && w->out_reg[i][0]) {
            /* oFog and oPts are scalars: no mask */
            bool scalar = !strcmp(w->out_reg[i], "oFog") || !strcmp(w->out_reg[i], "oPts");
            snprintf(out, size, "%s%s", w->out_reg[i], scalar ? "" : mask);
            return;
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
    if (sat && !w->c->ps && w->c->d3d9 < 30) { /* vs_3_0 has _sat */
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

/* vs/ps_3_0 flow control from the lir's structured flow.  Conditions are SM2 bools (1.0 or
 * 0.0), compared with zero by if_ne / break_ne / break_eq (if_comp and break_comp take
 * replicated components: "if_comp - vs", "break_comp - vs"). */
static void flow3(struct w2 *w, const struct linst *in)
{
    const char *zero = NULL;
    struct s2 cond, z;
    if (lop_infos[in->op].nsrc) {
        struct lop one = in->src[0];
        for (unsigned p = 1; p < 4; p++)
            one.swz[p] = one.swz[0];
        cond = src2n(w, &one, IK_BOOL, 1);
        z = const_src(w, 0.0f);
        snprintf(z.text + strlen(z.text), sizeof(z.text) - strlen(z.text), ".x");
        zero = z.text;
    }
    if (in->sconst) {
        /* a uniform in b# / i# (gen_static.c): "if bool - vs", "rep - vs" */
        sbuf_printf(w->bodyp, in->op == L_IF_NZ ? "    if b%u\n" : "    rep i%u\n",
                    w->sreg[in->sconst - 1]);
        return;
    }
    switch (in->op) {
    case L_IF_NZ: sbuf_printf(w->bodyp, "    if_ne %s, %s\n", cond.text, zero); return;
    case L_ELSE: sbuf_puts(w->bodyp, "    else\n"); return;
    case L_ENDIF: sbuf_puts(w->bodyp, "    endif\n"); return;
    case L_LOOP:
        w->uses_rep = true;
        sbuf_puts(w->bodyp, "    rep i0\n");
        return;
    case L_ENDLOOP: sbuf_puts(w->bodyp, "    endrep\n"); return;
    case L_BREAK: sbuf_puts(w->bodyp, "    break\n"); return;
    case L_BREAKC_NZ: sbuf_printf(w->bodyp, "    break_ne %s, %s\n", cond.text, zero); return;
    case L_BREAKC_Z: sbuf_printf(w->bodyp, "    break_eq %s, %s\n", cond.text, zero); return;
    default:
        fail(w, "continue in a loop that is not unrolled (D3D9 has no continue)");
    }
}

static void translate(struct w2 *w, const struct linst *in)
{
    struct hc *c = w->c;
    bool ps = c->ps;
    char d[24];
    const struct lop *s = in->src;
    w->scratch_used = 0;
    if (in->op == L_RET) {
        if (in->depth)
            fail(w, "a return inside flow control in the entry point");
        return;
    }
    if (lop_infos[in->op].shape == LS_FLOW && in->op != L_DISCARD_NZ) {
        if (c->d3d9 >= 30) {
            flow3(w, in);
            return;
        }
        fail(w, "flow control (if, loop) — the compiler flattens what it can");
    }
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
        unsigned c1 = 0, c2 = 0;
        if (c->d3d9 != 30) {
            c1 = w->def_base + def_const(w, k1);
            c2 = w->def_base + def_const(w, k2);
        }
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
            if (c->d3d9 == 30) /* 3_0's sincos takes no coefficient registers */
                sbuf_printf(w->bodyp, "    sincos r%u.xy, r%u.x\n", r, t);
            else
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
        /* dsx/dsy: ps_2_x with D3DPS20CAPS_GRADIENTINSTRUCTIONS (ps_2_a, not ps_2_b), ps_3_0 */
        if (!ps || (c->d3d9 && !(c->d3d9 == 30 || (c->d3d9 == 21 && !c->ps_2_b))))
            fail(w, "ddx/ddy (ps_2_a or ps_3_0 have them)");
        if (!c->d3d9 && c->level9 < 3)
            fail(w, "ddx/ddy (they need 9_3: ps_4_0_level_9_3)");
        a = src2(w, &s[0], IK_FLOAT);
        emit2(w, in->op == L_DERIV_RTX ? "dsx" : "dsy", sat, d, a.text, NULL, NULL);
        return;
    case L_SAMPLE: case L_SAMPLE_B: case L_SAMPLE_D: case L_SAMPLE_L: {
        /* texldl: vs_3_0 and ps_3_0; texldd: ps_2_a and ps_3_0 (and 9_3's ps_2_x) */
        bool sm3 = c->d3d9 == 30;
        if (!ps && !(sm3 && in->op == L_SAMPLE_L))
            fail(w, sm3 ? "implicit-LOD sampling in a vertex shader" :
                 "texture sampling in a vertex shader (vs_3_0 has tex2Dlod)");
        if (in->op == L_SAMPLE_L && !sm3)
            fail(w, "sampling at a given level (tex2Dlod, SampleLevel: vs/ps_3_0)");
        if (in->op == L_SAMPLE_D && (c->d3d9 ? !(sm3 || (c->d3d9 == 21 && !c->ps_2_b))
                                             : c->level9 < 3))
            fail(w, c->d3d9 ? "sampling with gradients (ps_2_a, ps_3_0)" :
                 "sampling with gradients (9_3 only)");
        if (in->has_offset)
            fail(w, "texel offsets");
        unsigned k = sampler_of(w, s);
        /* coordinates into a scratch with no swizzle (ps_2_0 texld takes none) */
        unsigned co = scratch(w);
        a = src2(w, &s[0], IK_FLOAT);
        sbuf_printf(w->bodyp, "    mov r%u, %s\n", co, a.text);  /* every component: texld reads .xyzw */
        if (in->op == L_SAMPLE_B || in->op == L_SAMPLE_L) {
            struct s2 bias = src2(w, &s[3], IK_FLOAT);
            sbuf_printf(w->bodyp, "    mov r%u.w, %s\n", co, bias.text);
        }
        unsigned res = scratch(w), sreg = w->samplers[k].reg;
        if (in->op == L_SAMPLE_D) {
            struct s2 dx = src2(w, &s[3], IK_FLOAT), dy = src2(w, &s[4], IK_FLOAT);
            sbuf_printf(w->bodyp, "    texldd r%u, r%u, s%u, %s, %s\n", res, co, sreg, dx.text,
                        dy.text);
        } else {
            sbuf_printf(w->bodyp, "    %s r%u, r%u, s%u\n", in->op == L_SAMPLE_B ? "texldb" :
                        in->op == L_SAMPLE_L ? "texldl" : "texld", res, co, sreg);
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

/* ---- the d3dbc targets: registers, constants, samplers, the listing's header ------------- */

/* The dcl usage of a semantic (D3DDECLUSAGE, as the assembler spells it), or NULL. */
static const char *usage_of(const struct sig_entry *e)
{
    static const char *const names[][2] = {
        {"POSITION", "position"}, {"SV_Position", "position"}, {"BLENDWEIGHT", "blendweight"},
        {"BLENDINDICES", "blendindices"}, {"NORMAL", "normal"}, {"PSIZE", "psize"},
        {"TEXCOORD", "texcoord"}, {"TANGENT", "tangent"}, {"BINORMAL", "binormal"},
        {"TESSFACTOR", "tessfactor"}, {"POSITIONT", "positiont"}, {"COLOR", "color"},
        {"SV_Target", "color"}, {"FOG", "fog"}, {"DEPTH", "depth"}, {"SAMPLE", "sample"}};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (!strcasecmp(e->name, names[i][0]))
            return names[i][1];
    return NULL;
}

static _Noreturn void bad_semantic(struct w2 *w, const struct sig_entry *e, bool output)
{
    hc_error(w->c, &w->g->entry->loc, 4502, "invalid %s semantic '%s%u' for %s",
             output ? "output" : "input",
             e->name, e->index, w->c->args->target);
}

static void d3d9_io(struct w2 *w)
{
    struct gen *g = w->g;
    bool ps = w->c->ps, sm3 = w->c->d3d9 == 30;
    for (size_t i = 0; i < g->nins; i++)
        for (unsigned s = 0; s < g->ins[i].nsrc; s++)
            if (g->ins[i].src[s].file == LF_INPUT && g->ins[i].src[s].index < 32)
                w->in_read[g->ins[i].src[s].index] = 1;
    unsigned next = 0;
    for (unsigned i = 0; i < g->nin; i++) {
        const struct sig_entry *e = &g->in[i];
        char *r = w->in_reg[e->reg];
        const char *u = usage_of(e);
        if (!ps) {
            if (!u)
                bad_semantic(w, e, false);
            snprintf(r, 8, "v%u", e->reg);
        } else if (!w->in_read[e->reg]) {
            continue; /* not declared */
        } else if (e->sysval == SV_POS || e->sysval == SV_FFACE) {
            if (!sm3)
                bad_semantic(w, e, false);
            snprintf(r, 8, "%s", e->sysval == SV_POS ? "vPos" : "vFace");
        } else if (sm3) {
            /* ps_3_0 takes any usage but position (that is vPos) */
            if (!u || !strcmp(u, "position") || next == 10)
                bad_semantic(w, e, false);
            snprintf(r, 8, "v%u", next++);
        } else if (u && !strcmp(u, "color") && e->index < 2) {
            snprintf(r, 8, "v%u", e->index);
        } else if (u && !strcmp(u, "texcoord") && e->index < 8) {
            snprintf(r, 8, "t%u", e->index);
        } else {
            bad_semantic(w, e, false);
        }
    }
    if (ps)
        return;
    next = 0;
    for (unsigned i = 0; i < g->nout; i++) {
        const struct sig_entry *e = &g->out[i];
        const char *u = usage_of(e);
        char *r = w->out_reg[i];
        if (!u)
            bad_semantic(w, e, true);
        if (sm3) {
            if (next == 12)
                bad_semantic(w, e, true);
            snprintf(r, 8, "o%u", next++);
        } else if (e->sysval == SV_POS) {
            r[0] = '\0'; /* through a temp, to oPos at the end */
        } else if (!strcmp(u, "color") && e->index < 2) {
            snprintf(r, 8, "oD%u", e->index);
        } else if (!strcmp(u, "texcoord") && e->index < 8) {
            snprintf(r, 8, "oT%u", e->index);
        } else if ((!strcmp(u, "fog") || !strcmp(u, "psize")) && e->index == 0) {
            snprintf(r, 8, "%s", u[0] == 'f' ? "oFog" : "oPts");
        } else {
            bad_semantic(w, e, true);
        }
    }
}

/* The uniforms the program reads, each given its c# registers. */
static void d3d9_constants(struct w2 *w)
{
    struct gen *g = w->g;
    struct hc *c = w->c;
    unsigned n = 0;
    for (unsigned i = 0; i < g->ncbs; i++)
        n += g->cbs[i]->nvars;
    w->cvars = hc_alloc(c, (n + 1) * sizeof(*w->cvars));
    for (unsigned i = 0; i < g->ncbs; i++) {
        const struct cbuffer_decl *cb = g->cbs[i];
        for (unsigned k = 0; k < cb->nvars; k++) {
            unsigned first = cb->offsets[k] / 4, count = type_cb_size(cb->vars[k]->type, true) / 4;
            bool used = false;
            for (size_t j = 0; j < g->nins && !used; j++)
                for (unsigned s = 0; s < g->ins[j].nsrc; s++) {
                    const struct lop *o = &g->ins[j].src[s];
                    if (o->file == LF_CB && o->index == i && o->reg >= first &&
                        o->reg < first + count)
                        used = true;
                }
            if (!used || !count)
                continue;
            struct cvar *v = &w->cvars[w->ncvars++];
            v->var = cb->vars[k];
            v->cb = i;
            v->first = first;
            v->count = count;
            v->c = ~0u;
        }
    }
    /* register(c#) first, then the lowest free registers in declaration order */
    unsigned limit = !c->ps ? 256 : c->d3d9 == 30 ? 224 : 32;
    for (int pass = 0; pass < 2; pass++)
        for (unsigned i = 0; i < w->ncvars; i++) {
            struct cvar *v = &w->cvars[i];
            bool fixed = v->var->reg_kind == 'c';
            if (fixed != (pass == 0))
                continue;
            unsigned at = fixed ? v->var->reg_index : 0;
            for (;;) {
                bool clash = false;
                for (unsigned j = 0; j < w->ncvars && !clash; j++) {
                    const struct cvar *o = &w->cvars[j];
                    clash = j != i && o->c != ~0u && at < o->c + o->count && o->c < at + v->count;
                }
                if (!clash)
                    break;
                if (fixed)
                    hc_error(c, &v->var->loc, 3530, "'%s': register c%u overlaps another "
                             "constant", v->var->name, at);
                at++;
            }
            if (at + v->count > limit)
                hc_error(c, &v->var->loc, 4509, "'%s' does not fit in the %u constant registers "
                         "of %s", v->var->name, limit, c->args->target);
            v->c = at;
            if (at + v->count > w->next_c)
                w->next_c = at + v->count;
        }
}

/* The b# / i# uniforms (gen_static.c): register(b#/i#) first, then the lowest free of their
 * file in declaration order; 16 of each (vs_3_0 / ps_3_0 "Registers"). */
static void d3d9_static_constants(struct w2 *w)
{
    struct gen *g = w->g;
    for (unsigned i = 0; i < g->nsconst; i++)
        w->sreg[i] = ~0u;
    for (int pass = 0; pass < 2; pass++)
        for (unsigned i = 0; i < g->nsconst; i++) {
            const struct var_decl *v = g->sconst[i];
            bool fixed = v->reg_kind == v->d3d9_file;
            if (fixed != (pass == 0))
                continue;
            unsigned at = fixed ? v->reg_index : 0;
            for (;;) {
                bool clash = at >= 16;
                for (unsigned j = 0; j < g->nsconst && !clash; j++)
                    clash = j != i && w->sreg[j] == at && g->sconst[j]->d3d9_file == v->d3d9_file;
                if (!clash)
                    break;
                if (fixed || at >= 16)
                    hc_error(w->c, &v->loc, at >= 16 ? 4509 : 3530, "'%s': register %c%u %s",
                             v->name, v->d3d9_file, at, at >= 16 ? "is past the 16 the target has"
                             : "overlaps another constant");
                at++;
            }
            w->sreg[i] = at;
        }
}

/* Every (texture, sampler) pair sampled, with its s#: register(s#) of a sampler2D & co first,
 * then the rest in first-use order. */
static void d3d9_samplers(struct w2 *w)
{
    struct gen *g = w->g;
    for (size_t i = 0; i < g->nins; i++) {
        unsigned op = g->ins[i].op;
        if (op == L_SAMPLE || op == L_SAMPLE_B || op == L_SAMPLE_D || op == L_SAMPLE_L)
            sampler_of(w, g->ins[i].src);
    }
    bool taken[16] = {0};
    unsigned limit = w->c->ps ? 16 : 4; /* vs_3_0: D3DVERTEXTEXTURESAMPLER0..3 */
    for (int pass = 0; pass < 2; pass++)
        for (unsigned k = 0; k < w->nsamplers; k++) {
            const struct resource *r = NULL;
            for (unsigned q = 0; q < g->nres; q++)
                if (g->res[q].used && g->res[q].as_texture && g->res[q].slot == w->samplers[k].t &&
                    g->res[q].sslot == w->samplers[k].s)
                    r = &g->res[q];
            bool fixed = r && r->var->reg_kind == 's';
            if (fixed != (pass == 0))
                continue;
            unsigned s = fixed ? r->var->reg_index : 0;
            while (!fixed && s < limit && taken[s])
                s++;
            if (s >= limit || taken[s])
                hc_error(w->c, r ? &r->var->loc : NULL, 3530, "sampler register s%u is taken or "
                         "past the %u of %s", s, limit, w->c->args->target);
            taken[s] = true;
            w->samplers[k].reg = s;
            if (!r) {
                /* a texture and a sampler state: named after the state, as D3D9 code names
                 * the sampler it sets; with the texture when one state serves several */
                const char *sname = NULL;
                unsigned uses = 0;
                for (unsigned q = 0; q < g->nres; q++)
                    if (g->res[q].sampler && g->res[q].sslot == w->samplers[k].s)
                        sname = g->res[q].var->name;
                for (unsigned j = 0; j < w->nsamplers; j++)
                    uses += w->samplers[j].s == w->samplers[k].s;
                if (sname && uses == 1) {
                    w->samplers[k].name = sname;
                } else if (sname) {
                    char buf[256];
                    snprintf(buf, sizeof(buf), "%s_%s", sname, w->samplers[k].name);
                    w->samplers[k].name = hc_strdup(w->c, buf);
                }
            }
        }
}

static void check_limits(struct w2 *w)
{
    struct hc *c = w->c;
    /* temporaries: vs_2_0 / ps_2_0 12, vs_2_x 13 (vs_2_a), ps_2_a 22, ps_2_b and the 3_0
     * models 32 (the D3D9 asm reference's register tables) */
    unsigned temp_limit = c->level9 >= 3 ? 32 : 12;
    if (c->d3d9 == 21)
        temp_limit = !c->ps ? 13 : c->ps_2_b ? 32 : 22;
    else if (c->d3d9 == 30)
        temp_limit = 32;
    if (w->max_temp > temp_limit)
        hc_error(c, NULL, 4509, "the program needs %u temporary registers; %s has %u",
                 w->max_temp, c->args->target, temp_limit);
    unsigned const_limit = !c->ps ? 256 : c->d3d9 == 30 ? 224 : 32;
    if (w->def_base + w->ndefs > const_limit)
        hc_error(c, NULL, 4509, "the program needs %u constant registers; %s has %u",
                 w->def_base + w->ndefs, c->args->target, const_limit);
}

static void write_defs(struct w2 *w, struct sbuf *o)
{
    for (unsigned i = 0; i < w->ndefs; i++) {
        sbuf_printf(o, "    def c%u", w->def_base + i);
        for (unsigned q = 0; q < 4; q++) {
            uint32_t v = w->defs[i][q];
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
}

static void write_sampler_dcls(struct w2 *w, struct sbuf *o)
{
    for (unsigned i = 0; i < w->nsamplers; i++) {
        enum tex_dim dim = w->samplers[i].dim;
        sbuf_printf(o, "    dcl_%s s%u\n", dim == TD_CUBE ? "cube" : dim == TD_3D ? "volume" : "2d",
                    w->samplers[i].reg);
    }
}

/* The level-9 tables (fxc's layout), then the version, literals and declarations. */
static void level9_header(struct w2 *w, struct sbuf *o)
{
    struct gen *g = w->g;
    struct hc *c = w->c;
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
                snprintf(target, sizeof(target), "c%u", w->cb_base[i]);
                snprintf(buf, sizeof(buf), "cb%d", slot);
                sbuf_printf(o, "// %-10s %-7s %9u %9u  ( FLT, FLT, FLT, FLT)\n", target, buf, 0u,
                            (cb->size + 3) / 4);
            }
        sbuf_puts(o, "//\n");
    }
    if (w->nsamplers) {
        sbuf_puts(o, "//\n// Sampler/Resource to DX9 shader sampler mappings:\n//\n");
        sbuf_puts(o, "// Target Sampler Source Sampler  Source Resource\n");
        sbuf_puts(o, "// -------------- --------------- ----------------\n");
        for (unsigned i = 0; i < w->nsamplers; i++) {
            char a[8], b[8], r[8];
            snprintf(a, sizeof(a), "s%u", i);
            snprintf(b, sizeof(b), "s%d", w->samplers[i].s);
            snprintf(r, sizeof(r), "t%d", w->samplers[i].t);
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
    write_defs(w, o);
    if (c->ps) {
        unsigned kk = 0;
        for (unsigned i = 0; i < g->nin; i++) {
            if (g->in[i].sysval == SV_POS)
                continue;
            bool dup = false;
            for (unsigned j = 0; j < i; j++)
                dup = dup || (g->in[j].reg == g->in[i].reg && g->in[j].sysval != SV_POS);
            if (!dup)
                sbuf_printf(o, "    dcl t%u\n", kk++);
        }
        write_sampler_dcls(w, o);
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
}

/* The d3dbc listing before the program: fxc's parameter and register comments, the version,
 * the literals and the declarations; and the constant table for ctab_write.c. */
static void d3d9_header(struct w2 *w, struct sbuf *o)
{
    struct gen *g = w->g;
    struct hc *c = w->c;
    c->nctab = w->ncvars + g->nsconst + w->nsamplers;
    c->ctab = hc_alloc(c, (c->nctab + 1) * sizeof(*c->ctab));
    for (unsigned i = 0; i < w->ncvars; i++) {
        struct ctab_entry *e = &c->ctab[i];
        e->name = w->cvars[i].var->name;
        e->regset = CTAB_SET_FLOAT4;
        e->reg = w->cvars[i].c;
        e->count = w->cvars[i].count;
        e->type = w->cvars[i].var->type;
        e->defaults = w->cvars[i].var->d3d9_default;
    }
    for (unsigned i = 0; i < g->nsconst; i++) {
        struct ctab_entry *e = &c->ctab[w->ncvars + i];
        e->name = g->sconst[i]->name;
        e->regset = g->sconst[i]->d3d9_file == 'b' ? CTAB_SET_BOOL : CTAB_SET_INT4;
        e->reg = w->sreg[i];
        e->count = 1;
        e->type = g->sconst[i]->type;
    }
    for (unsigned i = 0; i < w->nsamplers; i++) {
        struct ctab_entry *e = &c->ctab[w->ncvars + g->nsconst + i];
        struct type *t = hc_alloc(c, sizeof(*t));
        t->cls = TC_SAMPLER;
        t->dim = w->samplers[i].dim ? w->samplers[i].dim : TD_2D;
        t->sm2_sampler = true;
        e->name = w->samplers[i].name;
        e->regset = CTAB_SET_SAMPLER;
        e->reg = w->samplers[i].reg;
        e->count = 1;
        e->type = t;
    }
    sbuf_puts(o, "//\n// Generated by softd3d HLSL compiler\n//\n");
    if (c->nctab) {
        static const char *const dims[] = {[TD_1D] = "1D", [TD_2D] = "2D", [TD_3D] = "3D",
                                           [TD_CUBE] = "CUBE"};
        sbuf_puts(o, "// Parameters:\n//\n");
        for (unsigned i = 0; i < c->nctab; i++) {
            const struct type *t = c->ctab[i].type;
            if (t->cls == TC_SAMPLER)
                sbuf_printf(o, "//   sampler%s %s;\n", t->dim <= TD_CUBE ? dims[t->dim] : "",
                            c->ctab[i].name);
            else if (t->cls == TC_ARRAY)
                sbuf_printf(o, "//   %s %s[%u];\n", type_name(c, t->elem), c->ctab[i].name,
                            t->count);
            else
                sbuf_printf(o, "//   %s %s;\n", type_name(c, t), c->ctab[i].name);
        }
        sbuf_puts(o, "//\n//\n// Registers:\n//\n");
        sbuf_puts(o, "//   Name         Reg   Size\n//   ------------ ----- ----\n");
        for (unsigned i = 0; i < c->nctab; i++) {
            char reg[12];
            snprintf(reg, sizeof(reg), "%c%u", "bics"[c->ctab[i].regset & 3], c->ctab[i].reg);
            sbuf_printf(o, "//   %-12s %-5s %4u\n", c->ctab[i].name, reg, c->ctab[i].count);
        }
        sbuf_puts(o, "//\n");
    }
    sbuf_puts(o, "\n");
    sbuf_printf(o, "    %s_%s\n", c->ps ? "ps" : "vs", c->d3d9 == 30 ? "3_0" : c->d3d9 == 21 ?
                "2_x" : "2_0");
    write_defs(w, o);
    if (w->uses_rep)
        sbuf_puts(o, "    defi i0, 255, 0, 0, 0\n");
    for (unsigned i = 0; i < g->nin; i++) {
        const struct sig_entry *e = &g->in[i];
        const char *r = w->in_reg[e->reg];
        bool dup = false;
        for (unsigned j = 0; j < i; j++)
            dup = dup || g->in[j].reg == e->reg;
        if (dup || !r[0])
            continue;
        if (!c->ps || (c->d3d9 == 30 && r[1] != 'P' && r[1] != 'F'))
            sbuf_printf(o, "    dcl_%s%.0u %s\n", usage_of(e), e->index, r);
        else
            sbuf_printf(o, "    dcl %s%s\n", r, !strcmp(r, "vPos") ? ".xy" : "");
    }
    for (unsigned i = 0; !c->ps && c->d3d9 == 30 && i < g->nout; i++) {
        static const char *const m[16] = {"", ".x", ".y", ".xy", ".z", ".xz", ".yz", ".xyz", ".w",
                                          ".xw", ".yw", ".xyw", ".zw", ".xzw", ".yzw", ""};
        sbuf_printf(o, "    dcl_%s%.0u %s%s\n", usage_of(&g->out[i]), g->out[i].index,
                    w->out_reg[i], m[g->out[i].mask & 15]);
    }
    write_sampler_dcls(w, o);
}

/* Writes the level-9 comment blocks and program into o (level 9), or the whole d3dbc listing
 * (vs/ps_2_0..3_0). */
void sm2_write(struct gen *g, uint32_t ntemps, struct sbuf *o)
{
    struct hc *c = g->c;
    struct w2 w = {0};
    w.g = g;
    w.c = c;
    w.o = o;
    w.d3d9 = c->d3d9 != 0;
    w.ntemps = ntemps;
    w.out_base = ntemps;
    /* temps for the outputs: each pixel output, and a vertex shader's position (the rest of a
     * vertex shader's outputs are written directly) */
    w.scratch_base = ntemps + (c->ps ? g->nout : 1);
    w.max_temp = w.scratch_base;
    w.bodyp = &c->l9body;
    if (w.d3d9) {
        d3d9_io(&w);
        d3d9_constants(&w);
        d3d9_static_constants(&w);
        d3d9_samplers(&w);
    } else {
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
    }
    w.def_base = w.next_c;
    for (size_t i = 0; i < g->nins; i++) {
        w.at = &g->ins[i].loc;
        translate(&w, &g->ins[i]);
    }
    w.at = NULL;
    /* the outputs, from their temps */
    for (unsigned i = 0; i < g->nout; i++) {
        const struct sig_entry *e = &g->out[i];
        unsigned r = w.out_base + (c->ps ? i : 0);
        if (c->ps) {
            if (e->is_depth)
                sbuf_printf(w.bodyp, "    mov oDepth, r%u.x\n", r);
            else
                sbuf_printf(w.bodyp, "    mov oC%u, r%u%s\n", e->reg, r, e->mask == 1 ? ".x" : "");
        } else if (e->sysval == SV_POS && w.d3d9 && c->d3d9 < 30) {
            sbuf_printf(w.bodyp, "    mov oPos, r%u\n", r);
        } else if (e->sysval == SV_POS && !w.d3d9) {
            sbuf_printf(w.bodyp, "    mad oPos.xy, r%u.w, c0, r%u\n", r, r);
            sbuf_printf(w.bodyp, "    mov oPos.zw, r%u\n", r);
        }
    }
    check_limits(&w);
    if (w.d3d9)
        d3d9_header(&w, o);
    else
        level9_header(&w, o);
    if (w.bodyp->nomem)
        hc_nomem(c);
    if (w.bodyp->p)
        sbuf_put(o, w.bodyp->p, w.bodyp->n);
    unsigned slots = 0;
    for (size_t i = 0; w.bodyp->p && i < w.bodyp->n; i++)
        slots += w.bodyp->p[i] == '\n';
    sbuf_printf(o, "\n// approximately %u instruction slots used\n", slots);
}

