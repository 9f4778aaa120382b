/* src/shader/d3dbc_ir_tex.c — d3dbc texture instructions -> IR: texld and its variants, texkill,
 * and the ps_1_x texture-address instructions, expanded into arithmetic and sampling.
 *
 * Terms below follow the reference pages ("<name> - ps", learn.microsoft.com Direct3D 9 asm):
 *   m       the destination register number = the texture stage sampled
 *   tc(m)   texture coordinate set m (ps_1_1..1_3: an input of the IR, D3DBC_IR_PS_T0 + m)
 *   t(n)    the source register (ps_1_1..1_3: the result of an earlier texture instruction)
 *   M(m)    the stage's bump matrix BUMPENVMAT00, 01, 10, 11 = cb3[2m].xyzw; L(m) its
 *           luminance scale and offset = cb3[2m+1].xy (d3dbc_ir.h)
 *   pad     texm3x2pad / texm3x3pad keep their dot product in .x of their own register,
 *           where the instruction that completes the matrix finds it.
 *
 *   tex t(m)              sample stage m at tc(m)                                  ("tex - ps")
 *   texcoord t(m)         (sat(tc.x), sat(tc.y), sat(tc.z), 1)                ("texcoord - ps")
 *   texcrd r, src         src unclamped (with _dz/_dw)                          ("texcrd - ps")
 *   texld r(m), src       ps_1_4: sample stage m at src                     ("texld - ps_1_4")
 *   texld d, src, s#      sample; texldp: xyz / w first; texldb: bias src.w; texldl: lod src.w;
 *                         texldd: the given gradients ("texld - ps_2_0", "texldl", "texldd")
 *   texkill r|t           lt t, x, 0 over the write mask (ps_1_x: xyz of it), or them
 *                         together (and the predicate), discard_nz.  ps_1_x t# names the
 *                         texture coordinates, r# a register                   ("texkill - ps")
 *   texbem t(m), t(n)     u' = tc.u + M00 t(n).r + M10 t(n).g, v' = tc.v + M01 t(n).r +
 *                         M11 t(n).g; sample stage m at (u', v')                 ("texbem - ps")
 *   texbeml               texbem, then the sample times t(n).b * LSCALE + LOFFSET ("texbeml")
 *   bem r(m).rg, a, b     r = a.r + M00 b.r + M10 b.g; g = a.g + M01 b.r + M11 b.g  ("bem - ps")
 *   texreg2ar / gb / rgb  sample stage m at (t(n).a, t(n).r) / (.g, .b) / (.r, .g, .b)
 *   texm3x2pad t(m), t(n) u = tc(m).xyz . t(n).rgb                          ("texm3x2pad - ps")
 *   texm3x2tex t(m+1)     v = tc(m+1).xyz . t(n).rgb; sample stage m+1 at (u, v)
 *   texm3x2depth t(m+1)   w = tc(m+1) . t(n); depth = w == 0 ? 1 : u / w, clamped to [0, 1]
 *                         into oDepth and t(m+1)                           ("texm3x2depth - ps")
 *   texm3x3pad            u, v as above; texm3x3tex samples stage m+2 at (u, v, w)
 *   texm3x3 t(m+2)        (u, v, w, 1)                                         ("texm3x3 - ps")
 *   texm3x3spec, vspec    N = (u, v, w), E = c#.xyz (spec) or (tc(m).w, tc(m+1).w, tc(m+2).w)
 *                         (vspec); R = 2 N (N.E) / (N.N) - E; sample stage m+2 at R
 *   texdp3 t(m), t(n)     tc(m).xyz . t(n).rgb, replicated                      ("texdp3 - ps")
 *   texdp3tex             sample stage m at (that, 0, 0)                     ("texdp3tex - ps")
 *   texdepth r5           depth = r5.g == 0 ? 1 : r5.r / r5.g, clamped        ("texdepth - ps")
 *
 * ps_1_x has no sampler declarations: the first instruction sampling a stage declares it, 2d,
 * or cube for texm3x3tex/spec/vspec and texreg2rgb (see d3dbc_ir.h).
 */
#include "shader/d3dbc_ir_private.h"

#include <string.h>

#define V(major, minor) D3DBC_VER(major, minor)
#define XYZW IR_SWIZZLE_XYZW
#define RX IR_SWIZZLE(0, 0, 0, 0)
#define RY IR_SWIZZLE(1, 1, 1, 1)
#define RZ IR_SWIZZLE(2, 2, 2, 2)
#define RW IR_SWIZZLE(3, 3, 3, 3)

bool di_is_texture(uint16_t opcode)
{
    switch (opcode) {
    case D3DBC_OP_TEXCOORD: case D3DBC_OP_TEXKILL: case D3DBC_OP_TEX: case D3DBC_OP_TEXBEM:
    case D3DBC_OP_TEXBEML: case D3DBC_OP_TEXREG2AR: case D3DBC_OP_TEXREG2GB:
    case D3DBC_OP_TEXREG2RGB: case D3DBC_OP_TEXM3x2PAD: case D3DBC_OP_TEXM3x2TEX:
    case D3DBC_OP_TEXM3x3PAD: case D3DBC_OP_TEXM3x3TEX: case D3DBC_OP_TEXM3x3SPEC:
    case D3DBC_OP_TEXM3x3VSPEC: case D3DBC_OP_TEXM3x3: case D3DBC_OP_TEXDP3:
    case D3DBC_OP_TEXDP3TEX: case D3DBC_OP_TEXM3x2DEPTH: case D3DBC_OP_TEXDEPTH:
    case D3DBC_OP_BEM: case D3DBC_OP_TEXLDD: case D3DBC_OP_TEXLDL:
        return true;
    default:
        return false;
    }
}

/* ---- samplers ------------------------------------------------------------------------------ */

/* ps_1_x: stage m, declared by its first use. */
static int stage(struct d3dbc_ir *d, unsigned m, enum ir_resource_dim dim)
{
    if (m >= 16)
        return di_fail(d, D3DBC_E_INVALID_PROGRAM, "texture stage %u", m);
    if (d->smp_dim[m])
        return 0;
    struct ir_resource *res = ir_program_add_resource(d->ir, m, dim);
    struct ir_sampler *smp = ir_program_add_sampler(d->ir, m);
    if (!res || !smp) {
        d->oom = true;
        return 0;
    }
    for (unsigned c = 0; c < 4; c++)
        res->return_type[c] = IR_RET_FLOAT;
    res->offset = smp->offset = d->offset;
    d->smp_dim[m] = (uint8_t)dim;
    return 0;
}

/* SM2+: a declared s#. */
static int declared_sampler(struct d3dbc_ir *d, const struct d3dbc_param *s)
{
    if (s->index >= 16 || !d->smp_dim[s->index])
        return di_fail(d, D3DBC_E_INVALID_PROGRAM, "s%u is used but not declared", s->index);
    return 0;
}

/* The sources of a sampling instruction: address, t# (its swizzle), s#, extras. */
static unsigned tex_sources(struct ir_operand *s, struct ir_operand addr, unsigned slot,
                            uint8_t swizzle)
{
    s[0] = addr;
    s[1] = ir_src(IR_FILE_RESOURCE, slot, swizzle);
    s[2] = ir_reg(IR_FILE_SAMPLER, slot, 0);
    return 3;
}

/* Samples stage m (ps_1_x) at addr into ins's destination. */
static int sample_stage(struct d3dbc_ir *d, const struct d3dbc_instr *ins, unsigned m,
                        enum ir_resource_dim dim, struct ir_operand addr)
{
    struct ir_operand s[3];
    int ret = stage(d, m, dim);
    if (ret)
        return ret;
    tex_sources(s, addr, m, XYZW);
    return di_write(d, ins, IR_OP_SAMPLE, s, 3, IR_MASK_XYZW);
}

static struct ir_operand bumpenv(struct d3dbc_ir *d, unsigned index, uint8_t swizzle)
{
    d->bumpenv = true;
    struct ir_operand op = ir_reg(IR_FILE_CONSTANT_BUFFER, D3DBC_IR_CB_BUMPENV, index);
    op.swizzle = swizzle;
    return op;
}

/* t.xy = base.xy + M(m) (b.x, b.y): the bump transform of texbem/texbeml/bem into t. */
static void bump(struct d3dbc_ir *d, uint32_t t, unsigned m, struct ir_operand base,
                 struct ir_operand b)
{
    di_op3(d, IR_OP_MAD, di_tdst(t, 0x3), ir_swizzle_compose(b, RX),
           bumpenv(d, 2 * m, IR_SWIZZLE(0, 1, 0, 1)), base);
    di_op3(d, IR_OP_MAD, di_tdst(t, 0x3), ir_swizzle_compose(b, RY),
           bumpenv(d, 2 * m, IR_SWIZZLE(2, 3, 2, 3)), di_tsrc(t, XYZW));
}

/* ---- texld and friends (ps_1_4, SM2+) ------------------------------------------------------- */

static int texld(struct d3dbc_ir *d, const struct d3dbc_instr *ins)
{
    struct ir_operand a, s[6];
    int ret;

    if (d->ps13) /* tex t(m) */
        return sample_stage(d, ins, ins->dst.index, IR_RES_TEXTURE2D,
                            di_texcoord(d, ins->dst.index));
    if ((ret = di_src(d, &ins->src[0], 0, &a)))
        return ret;
    if (d->ps14) /* texld r(m), src */
        return sample_stage(d, ins, ins->dst.index, IR_RES_TEXTURE2D, a);
    const struct d3dbc_param *sp = &ins->src[1];
    if ((ret = declared_sampler(d, sp)))
        return ret;
    tex_sources(s, a, sp->index, sp->swizzle);
    if (ins->opcode == D3DBC_OP_TEXLDL) {
        s[3] = di_scalar(a);
        return di_write(d, ins, IR_OP_SAMPLE_L, s, 4, IR_MASK_XYZW);
    }
    if (ins->opcode == D3DBC_OP_TEXLDD) {
        if ((ret = di_src(d, &ins->src[2], 0, &s[3])) || (ret = di_src(d, &ins->src[3], 0, &s[4])))
            return ret;
        return di_write(d, ins, IR_OP_SAMPLE_D, s, 5, IR_MASK_XYZW);
    }
    if (ins->control == D3DBC_TEXLD_BIAS) {
        s[3] = di_scalar(a);
        return di_write(d, ins, IR_OP_SAMPLE_B, s, 4, IR_MASK_XYZW);
    }
    if (ins->control == D3DBC_TEXLD_PROJECT) { /* (x/w, y/w, z/w, w) */
        uint32_t t = di_scratch(d);
        di_op1(d, IR_OP_MOV, di_tdst(t, IR_MASK_XYZW), a);
        di_op2(d, IR_OP_DIV, di_tdst(t, 0x7), a, di_scalar(a));
        s[0] = di_tsrc(t, XYZW);
    }
    return di_write(d, ins, IR_OP_SAMPLE, s, 3, IR_MASK_XYZW);
}

static int texkill(struct d3dbc_ir *d, const struct d3dbc_instr *ins)
{
    const struct d3dbc_param *r = &ins->dst;
    struct ir_operand v;
    if (r->type == D3DBC_REG_TEXTURE) {
        if (r->index >= 8)
            return di_fail(d, D3DBC_E_INVALID_PROGRAM, "t%u out of range", r->index);
        v = di_texcoord(d, r->index);
    } else {
        if (r->index >= d3dbc_register_count(d->pixel, d->ver, D3DBC_REG_TEMP))
            return di_fail(d, D3DBC_E_INVALID_PROGRAM, "r%u out of range", r->index);
        v = di_tsrc(r->index, XYZW);
    }
    uint8_t mask = (uint8_t)(r->mask & (d->ps1x ? 0x7 : 0xf));
    if (!mask)
        return 0;
    uint32_t t = di_scratch(d);
    unsigned f = 0;
    while (!(mask >> f & 1))
        f++;
    di_op2(d, IR_OP_LT, di_tdst(t, mask), v, ir_immf(0.0f));
    for (unsigned c = f + 1; c < 4; c++)
        if (mask >> c & 1)
            di_op2(d, IR_OP_OR, di_tdst(t, (uint8_t)(1u << f)), di_tsrc(t, XYZW),
                   di_tsrc(t, (uint8_t)(c * 0x55u)));
    struct ir_operand kill = di_tsrc(t, (uint8_t)(f * 0x55u));
    if (ins->predicated) { /* only where the predicate passes */
        struct ir_operand p = di_pred_src(d, &ins->predicate);
        if (ins->predicate.modifier == D3DBC_SRCMOD_NOT)
            di_op3(d, IR_OP_MOVC, di_tdst(t, (uint8_t)(1u << f)), p, ir_imm1(0), kill);
        else
            di_op2(d, IR_OP_AND, di_tdst(t, (uint8_t)(1u << f)), kill, p);
    }
    struct ir_instruction *i = di_emit(d, IR_OP_DISCARD);
    i->src[0] = kill;
    i->test = IR_TEST_NZ;
    return 0;
}

/* ---- ps_1_x texture addressing ------------------------------------------------------------ */

/* The value a texm3x2 / texm3x3 pad left in t(k).x. */
static struct ir_operand pad(struct d3dbc_ir *d, unsigned k)
{
    return di_tsrc(di_ttemp(d, k), RX);
}

static int need_pads(struct d3dbc_ir *d, unsigned m, unsigned n)
{
    if (m < n)
        return di_fail(d, D3DBC_E_INVALID_PROGRAM,
                       "t%u cannot complete a matrix: its %u pad instruction%s would use t%d",
                       m, n, n > 1 ? "s" : "", (int)m - (int)n);
    return 0;
}

/* texm3x3spec / texm3x3vspec: the reflection of eye about N = t.xyz into r. */
static void reflect(struct d3dbc_ir *d, uint32_t r, uint32_t nrm, struct ir_operand eye)
{
    uint32_t k = di_scratch(d);
    struct ir_operand n = di_tsrc(nrm, XYZW);
    di_op2(d, IR_OP_DP3, di_tdst(k, 0x1), n, eye);               /* N.E */
    di_op2(d, IR_OP_DP3, di_tdst(k, 0x2), n, n);                 /* N.N */
    di_op2(d, IR_OP_DIV, di_tdst(k, 0x1), di_tsrc(k, XYZW), di_tsrc(k, RY));
    di_op2(d, IR_OP_ADD, di_tdst(k, 0x1), di_tsrc(k, XYZW), di_tsrc(k, XYZW));
    di_op1(d, IR_OP_MOV, di_tdst(r, IR_MASK_XYZW), ir_immf(0.0f));
    di_op3(d, IR_OP_MAD, di_tdst(r, 0x7), n, di_tsrc(k, RX), di_negate(eye));
}

static int texaddr(struct d3dbc_ir *d, const struct d3dbc_instr *ins)
{
    unsigned m = ins->dst.index;
    struct ir_operand src = ir_immf(0.0f), e, tc;
    uint32_t t, u;
    int ret;

    if (ins->src_count && (ret = di_src(d, &ins->src[0], 0, &src)))
        return ret;
    if (d->ps14 && ins->opcode == D3DBC_OP_TEXCOORD) /* texcrd r, src */
        return di_write_value(d, ins, src, IR_MASK_XYZW);
    if (m >= 8)
        return di_fail(d, D3DBC_E_INVALID_PROGRAM, "texture register %u out of range", m);
    /* tc(m), for the instructions that read it (declaring it on first use) */
    switch (ins->opcode) {
    case D3DBC_OP_TEXREG2AR: case D3DBC_OP_TEXREG2GB: case D3DBC_OP_TEXREG2RGB:
        tc = src;
        break;
    default:
        tc = di_texcoord(d, m);
        break;
    }

    switch (ins->opcode) {
    case D3DBC_OP_TEXCOORD:
        t = di_scratch(d);
        di_op1(d, IR_OP_MOV, di_tdst(t, 0x7), tc)->saturate = 1;
        di_op1(d, IR_OP_MOV, di_tdst(t, 0x8), ir_immf(1.0f));
        return di_write_value(d, ins, di_tsrc(t, XYZW), IR_MASK_XYZW);
    case D3DBC_OP_TEXBEM:
    case D3DBC_OP_TEXBEML: {
        struct ir_operand s[3];
        t = di_scratch(d);
        di_op1(d, IR_OP_MOV, di_tdst(t, IR_MASK_XYZW), tc);
        bump(d, t, m, di_tsrc(t, XYZW), src);
        if ((ret = stage(d, m, IR_RES_TEXTURE2D)))
            return ret;
        tex_sources(s, di_tsrc(t, XYZW), m, XYZW);
        if (ins->opcode == D3DBC_OP_TEXBEM)
            return di_write(d, ins, IR_OP_SAMPLE, s, 3, IR_MASK_XYZW);
        u = di_scratch(d);
        di_op(d, IR_OP_SAMPLE, di_tdst(u, IR_MASK_XYZW), s, 3);
        di_op3(d, IR_OP_MAD, di_tdst(t, 0x1), ir_swizzle_compose(src, RZ), bumpenv(d, 2 * m + 1, RX),
               bumpenv(d, 2 * m + 1, RY));
        s[0] = di_tsrc(u, XYZW);
        s[1] = di_tsrc(t, RX);
        return di_write(d, ins, IR_OP_MUL, s, 2, IR_MASK_XYZW);
    }
    case D3DBC_OP_TEXREG2AR:
        return sample_stage(d, ins, m, IR_RES_TEXTURE2D, ir_swizzle_compose(src, IR_SWIZZLE(3, 0, 0, 0)));
    case D3DBC_OP_TEXREG2GB:
        return sample_stage(d, ins, m, IR_RES_TEXTURE2D, ir_swizzle_compose(src, IR_SWIZZLE(1, 2, 2, 2)));
    case D3DBC_OP_TEXREG2RGB:
        return sample_stage(d, ins, m, IR_RES_TEXTURECUBE, ir_swizzle_compose(src, IR_SWIZZLE(0, 1, 2, 2)));
    case D3DBC_OP_TEXM3x2PAD:
    case D3DBC_OP_TEXM3x3PAD:
        di_op2(d, IR_OP_DP3, di_tdst(di_ttemp(d, m), IR_MASK_X), tc, src);
        return 0;
    case D3DBC_OP_TEXM3x2TEX:
    case D3DBC_OP_TEXM3x2DEPTH:
        if ((ret = need_pads(d, m, 1)))
            return ret;
        t = di_scratch(d);
        di_op1(d, IR_OP_MOV, di_tdst(t, IR_MASK_XYZW), ir_immf(0.0f));
        di_op1(d, IR_OP_MOV, di_tdst(t, 0x1), pad(d, m - 1));
        di_op2(d, IR_OP_DP3, di_tdst(t, 0x2), tc, src);
        if (ins->opcode == D3DBC_OP_TEXM3x2TEX)
            return sample_stage(d, ins, m, IR_RES_TEXTURE2D, di_tsrc(t, XYZW));
        /* z / w, or 1 when w == 0, clamped: into oDepth and t(m+1) */
        di_op2(d, IR_OP_EQ, di_tdst(t, 0x4), di_tsrc(t, RY), ir_immf(0.0f));
        di_op2(d, IR_OP_DIV, di_tdst(t, 0x8), di_tsrc(t, RX), di_tsrc(t, RY));
        di_op3(d, IR_OP_MOVC, di_tdst(t, 0x8), di_tsrc(t, RZ), ir_immf(1.0f), di_tsrc(t, XYZW))
            ->saturate = 1;
        di_op1(d, IR_OP_MOV, di_depth(d), di_tsrc(t, RW));
        return di_write_value(d, ins, di_tsrc(t, RW), IR_MASK_XYZW);
    case D3DBC_OP_TEXM3x3TEX:
    case D3DBC_OP_TEXM3x3:
    case D3DBC_OP_TEXM3x3SPEC:
    case D3DBC_OP_TEXM3x3VSPEC:
        if ((ret = need_pads(d, m, 2)))
            return ret;
        t = di_scratch(d);
        di_op1(d, IR_OP_MOV, di_tdst(t, 0x8), ir_immf(1.0f));
        di_op1(d, IR_OP_MOV, di_tdst(t, 0x1), pad(d, m - 2));
        di_op1(d, IR_OP_MOV, di_tdst(t, 0x2), pad(d, m - 1));
        di_op2(d, IR_OP_DP3, di_tdst(t, 0x4), tc, src);
        if (ins->opcode == D3DBC_OP_TEXM3x3)
            return di_write_value(d, ins, di_tsrc(t, XYZW), IR_MASK_XYZW);
        if (ins->opcode == D3DBC_OP_TEXM3x3TEX) {
            di_op1(d, IR_OP_MOV, di_tdst(t, 0x8), ir_immf(0.0f));
            return sample_stage(d, ins, m, IR_RES_TEXTURECUBE, di_tsrc(t, XYZW));
        }
        if (ins->opcode == D3DBC_OP_TEXM3x3SPEC) {
            if ((ret = di_src(d, &ins->src[1], 0, &e)))
                return ret;
        } else { /* the eye vector is the w of the three coordinate sets */
            uint32_t ev = di_scratch(d);
            di_op1(d, IR_OP_MOV, di_tdst(ev, IR_MASK_XYZW), ir_immf(0.0f));
            di_op1(d, IR_OP_MOV, di_tdst(ev, 0x1), ir_swizzle_compose(di_texcoord(d, m - 2), RW));
            di_op1(d, IR_OP_MOV, di_tdst(ev, 0x2), ir_swizzle_compose(di_texcoord(d, m - 1), RW));
            di_op1(d, IR_OP_MOV, di_tdst(ev, 0x4), ir_swizzle_compose(tc, RW));
            e = di_tsrc(ev, XYZW);
        }
        u = di_scratch(d);
        reflect(d, u, t, e);
        return sample_stage(d, ins, m, IR_RES_TEXTURECUBE, di_tsrc(u, XYZW));
    case D3DBC_OP_TEXDP3:
    case D3DBC_OP_TEXDP3TEX:
        t = di_scratch(d);
        di_op1(d, IR_OP_MOV, di_tdst(t, IR_MASK_XYZW), ir_immf(0.0f));
        di_op2(d, IR_OP_DP3, di_tdst(t, ins->opcode == D3DBC_OP_TEXDP3 ? IR_MASK_XYZW : 0x1), tc,
               src);
        if (ins->opcode == D3DBC_OP_TEXDP3)
            return di_write_value(d, ins, di_tsrc(t, XYZW), IR_MASK_XYZW);
        return sample_stage(d, ins, m, IR_RES_TEXTURE2D, di_tsrc(t, XYZW));
    default:
        break;
    }
    return di_fail(d, D3DBC_E_UNSUPPORTED, "opcode %u has no translation", ins->opcode);
}

/* bem r(m).rg, a, b (ps_1_4) */
static int bem(struct d3dbc_ir *d, const struct d3dbc_instr *ins)
{
    struct ir_operand a, b;
    int ret;
    if ((ret = di_src(d, &ins->src[0], 0, &a)) || (ret = di_src(d, &ins->src[1], 0, &b)))
        return ret;
    uint32_t t = di_scratch(d);
    di_op1(d, IR_OP_MOV, di_tdst(t, IR_MASK_XYZW), a);
    bump(d, t, ins->dst.index, di_tsrc(t, XYZW), b);
    return di_write_value(d, ins, di_tsrc(t, XYZW), 0x3);
}

/* texdepth r5 (ps_1_4) */
static int texdepth(struct d3dbc_ir *d, const struct d3dbc_instr *ins)
{
    unsigned r = ins->dst.index;
    if (r >= d3dbc_register_count(d->pixel, d->ver, D3DBC_REG_TEMP))
        return di_fail(d, D3DBC_E_INVALID_PROGRAM, "r%u out of range", r);
    uint32_t t = di_scratch(d);
    di_op2(d, IR_OP_EQ, di_tdst(t, 0x1), di_tsrc(r, RY), ir_immf(0.0f));
    di_op2(d, IR_OP_DIV, di_tdst(t, 0x2), di_tsrc(r, RX), di_tsrc(r, RY));
    di_op3(d, IR_OP_MOVC, di_tdst(t, 0x2), di_tsrc(t, RX), ir_immf(1.0f), di_tsrc(t, XYZW));
    struct ir_instruction *i = di_op1(d, IR_OP_MOV, di_depth(d), di_tsrc(t, RY));
    i->saturate = 1;
    return 0;
}

int di_texture(struct d3dbc_ir *d, const struct d3dbc_instr *ins)
{
    switch (ins->opcode) {
    case D3DBC_OP_TEX:
    case D3DBC_OP_TEXLDL:
    case D3DBC_OP_TEXLDD:
        return texld(d, ins);
    case D3DBC_OP_TEXKILL:
        return texkill(d, ins);
    case D3DBC_OP_BEM:
        return bem(d, ins);
    case D3DBC_OP_TEXDEPTH:
        return texdepth(d, ins);
    default:
        return texaddr(d, ins);
    }
}
