/* src/shader/d3dbc_ir.c — d3dbc (SM1-SM3) -> validated IR: the driver, operands and arithmetic.
 * Flow control is in d3dbc_ir_flow.c, texture instructions in d3dbc_ir_tex.c; the register
 * layout the result follows is in d3dbc_ir.h.
 *
 * HOW IT WORKS
 *   1. d3dbc_read() parses the tokens and checks each instruction against its version
 *      (d3dbc_table.c): opcodes, operand kinds, register numbers, modifiers.  What it accepts,
 *      this file must translate or refuse with a message; it never trusts more than that.
 *   2. A pre-pass collects def/defi/defb (they apply to the whole program, wherever they are)
 *      and the dcl declarations.
 *   3. Each instruction becomes one or more IR instructions.  The last one writes the
 *      destination (di_write) and carries the result modifiers and the predicate; anything
 *      before it works in scratch registers (d3dbc_ir_private.h explains the temporaries).
 *   4. Fix-ups: constant buffers, the def table and index ranges are declared, the ps_1_x
 *      epilogue (r0 -> o0) appended, the prologue (clamped inputs, vPos/vFace conversions)
 *      rotated to the front, temporaries renumbered.
 *   5. ir_validate(): unbalanced flow control, undefined labels, recursion, nesting depth and
 *      everything else the VM relies on are refused there.
 *
 * THE RULES (reference: learn.microsoft.com, "Asm Shader Reference" of Direct3D 9: the
 * instruction pages "<name> - vs" and "<name> - ps", "Registers - vs_x_y / ps_x_y", "Source
 * Register Modifiers", "Destination Register Modifiers"; the names below are those pages)
 *   Scalar sources.  Where a page requires a replicate swizzle (rcp, rsq, exp, expp, log, logp,
 *     pow, sincos's angle, dp2add's src2, the comparisons of if_comp/break_comp), the value is
 *     the source's w after swizzling: with a replicate swizzle all components are equal, and
 *     without one it is what the pseudo-code of "rcp - vs" and "mov - vs" reads (src.w).
 *   Source modifiers ("Source Register Modifiers"): -x, abs, -abs map onto the IR's neg/abs;
 *     the others are computed into a scratch register first: bias x - 0.5; bias+neg 0.5 - x;
 *     sign (_bx2) 2x - 1; sign+neg 1 - 2x; comp 1 - x; x2 2x; x2+neg -2x; dz (x/z, y/z, z, w)
 *     and dw (x/w, y/w, z, w) ("texld - ps_1_4", "texcrd - ps"); '!' on b#/p0 flips the test.
 *   Result modifiers: _sat clamps to [0, 1]; ps_1_x shifts _x2 _x4 _x8 _d2 _d4 _d8 multiply by
 *     2^shift before the clamp ("Destination Register Modifiers").  _pp is a precision hint
 *     the VM does not need (always 32-bit): ignored on instructions, kept on dcl as
 *     IR_PRECISION_FLOAT16.  _centroid is kept on dcl (linear centroid interpolation) and
 *     ignored on texld, whose coordinates come from the declaration.
 *   Predication ("Predicate Register"): the predicate goes on the last (writing) instruction.
 *   Registers: c# of ps_1_x are clamped to [-1, 1] and v# of ps_1_x/ps_2_x to [0, 1] ("Registers
 *     - ps_1_X", "Input Color Register": 8-bit unsigned colour) once, in the prologue, into
 *     fixed temporaries; partially declared ps_2_x colours default to w = 1 ("Registers -
 *     ps_2_0": partial(0001)).  vPos is the pixel's top-left corner in D3D9 and the pixel centre
 *     in SV_Position: vPos = SV_Position.xy - 0.5.  vFace is +1.0 front, -1.0 back.
 *   Relative addressing: c[a0.x + n], c[aL + n], v[aL + n], o[aL + n].  a0 is IR_FILE_ADDRESS
 *     (int), aL a fixed temporary holding an int (no IR instruction can write
 *     IR_FILE_LOOP_COUNTER).  Out-of-range reads give 0, writes are dropped (the VM's rule;
 *     D3D9 leaves them undefined).
 *   p0 as a condition (if, breakp, callnz, a predicated texkill) tests the first component of
 *     its swizzle; as an instruction predicate it applies per component ("Predicate Register").
 *
 * EXPANSIONS (one line each; s, t = scratch registers)
 *   sub               add a, -b
 *   slt / sge         lt|ge t, a, b; and t, t, 1.0                                ("slt - vs")
 *   mov a0 (vs_1_1),  round_ne t, src; ftoi a0, t   (rounding to nearest: "mova - vs",
 *   mova                "mov - vs")
 *   rcp, rsq, log,    rcp src.w; rsq |src.w|; log |src.w| ("rsq - vs", "log - vs": "the sign bit
 *   logp, exp, expp     is ignored"); exp src.w; expp in vs_1_1: (2^floor(w), frc(w), 2^w, 1)
 *                       ("expp - vs"), elsewhere 2^w
 *   lit               clamp w to +-127.9961; x>0: y = x, y>0: z = 2^(w*log2 y); (1, y, z, 1)
 *                       ("lit - vs")
 *   dst               (1, a.y*b.y, a.z, b.w)                                      ("dst - vs")
 *   lrp               add t, b, -c; mad d, a, t, c                                ("lrp - ps")
 *   m4x4 m4x3 m3x4    one dp4/dp3 per row into t (rows are src1 + 0, 1, 2, 3, relative
 *   m3x3 m3x2           addressing included), then the masked write      ("m4x4 - vs" ...)
 *   pow               log t, |a.w|; mul t, t, b.w; exp t                    ("pow - vs/ps")
 *   crs               mul t.xyz, a.yzx, b.zxy; mad t.xyz, -a.zxy, b.yzx, t; writes xyz only
 *   sgn               lt p, 0, a; lt n, a, 0; iadd t, n, -p; itof (vs_2_0 form's two scratch
 *                       sources are not needed)                                   ("sgn - vs")
 *   abs               mov |a|;   nrm: dp3 t, a, a; rsq t; mul d, a, t.x (w scaled too)
 *   sincos            sincos into t (x = cos, y = sin), written .x/.y only; the vs/ps_2_0
 *                       forms' two constant sources are the polynomial's coefficients, which
 *                       the IR's sincos does not need                        ("sincos - vs")
 *   cmp               ge t, a, 0; movc d, t, b, c                                 ("cmp - ps")
 *   cnd               lt t, 0.5, a; movc d, t, b, c; ps_1_1..1_3 test r0.a (src0's w,
 *                       replicated), ps_1_4 each component                        ("cnd - ps")
 *   dp2add            dp2 t, a, b; add d, t, c.w                               ("dp2add - ps")
 *   dsx / dsy         deriv_rtx / deriv_rty (the VM's coarse derivative)
 *   setp_comp         lt/ge/eq/ne p0.mask, a, b (gt and le swap the operands)    ("setp_comp")
 *   if b# / if p0     if_nz cb2[b].x (defb: a literal) / if_nz p0.c; '!' gives if_z
 *   if_comp, break_comp  compare into t.x; if_nz / breakc_nz
 *   breakp            breakc_nz p0.c ('!': _z)
 *   loop aL, i#       mov saved, aL; mov aL, i.y; imax n, i.x, 0; imin n, n, 255; loop;
 *                       breakc_z n; ...; iadd aL, aL, i.z; iadd n, n, -1; endloop;
 *                       mov aL, saved (aL of the enclosing loop back)             ("loop - vs")
 *   rep i#            the same without aL                                        ("rep - vs")
 *   call / callnz     call l#; callc_nz/_z on b# or p0; label, ret as they are
 *   ps_1_x co-issue   when the second instruction of a pair reads a register the first writes,
 *                       the first writes a buffer copied after the second, so both read the
 *                       old values as the paired hardware units do ("Instruction Pairing")
 */
#include "shader/d3dbc_ir_private.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define V(major, minor) D3DBC_VER(major, minor)

/* ---- errors and emission ----------------------------------------------------------------- */

static void write_message(struct d3dbc_error *err, int code, size_t offset, const char *prefix,
                          const char *fmt, va_list ap)
{
    int n = snprintf(err->message, sizeof(err->message), "%s", prefix);
    if (n < 0 || (size_t)n >= sizeof(err->message))
        n = 0;
    vsnprintf(err->message + n, sizeof(err->message) - (size_t)n, fmt, ap);
    err->code = code;
    err->offset = offset;
    err->line = err->column = 0;
}

int di_fail(struct d3dbc_ir *d, int code, const char *fmt, ...)
{
    if (d->err && !d->err->code) { /* the first failure wins */
        char prefix[96];
        const char *name = NULL;
        if (d->cur < d->p->instr_count) {
            const struct d3dbc_instr *ins = &d->p->instrs[d->cur];
            name = d3dbc_opcode_name(d->pixel, d->ver, ins->opcode, ins->control);
            snprintf(prefix, sizeof(prefix), "d3dbc: offset 0x%zx: instruction %u (%s): ",
                     d->offset, (unsigned)d->cur, name ? name : "?");
        } else {
            snprintf(prefix, sizeof(prefix), "d3dbc: offset 0x%zx: ", d->offset);
        }
        va_list ap;
        va_start(ap, fmt);
        write_message(d->err, code, d->offset, prefix, fmt, ap);
        va_end(ap);
    }
    return code;
}

struct ir_instruction *di_emit(struct d3dbc_ir *d, enum ir_opcode op)
{
    struct ir_instruction *i = d->oom ? NULL : ir_program_add_instruction(d->ir, op);
    if (!i) {
        d->oom = true;
        memset(&d->sink, 0, sizeof(d->sink));
        return &d->sink;
    }
    i->offset = d->offset;
    return i;
}

uint32_t di_scratch(struct d3dbc_ir *d)
{
    uint32_t n = d->scratch_used++;
    if (d->scratch_used > d->scratch_peak)
        d->scratch_peak = d->scratch_used;
    return DI_SCRATCH | n;
}

uint32_t di_fixed(struct d3dbc_ir *d)
{
    return DI_FIXED | d->fixed_count++;
}

/* ---- operands ---------------------------------------------------------------------------- */

struct ir_operand di_tdst(uint32_t reg, uint8_t mask)
{
    return ir_dst(IR_FILE_TEMP, reg, mask);
}

struct ir_operand di_tsrc(uint32_t reg, uint8_t swizzle)
{
    return ir_src(IR_FILE_TEMP, reg, swizzle);
}

struct ir_operand di_scalar(struct ir_operand op)
{
    return ir_swizzle_compose(op, IR_SWIZZLE(3, 3, 3, 3));
}

struct ir_operand di_negate(struct ir_operand op)
{
    op.modifiers ^= IR_MOD_NEG;
    return op;
}

struct ir_instruction *di_op(struct d3dbc_ir *d, enum ir_opcode op, struct ir_operand dst,
                             const struct ir_operand *src, unsigned n)
{
    struct ir_instruction *i = di_emit(d, op);
    i->dst[0] = dst;
    for (unsigned k = 0; k < n && k < IR_MAX_SRC; k++)
        i->src[k] = src[k];
    return i;
}

struct ir_instruction *di_op1(struct d3dbc_ir *d, enum ir_opcode op, struct ir_operand dst,
                              struct ir_operand a)
{
    return di_op(d, op, dst, &a, 1);
}

struct ir_instruction *di_op2(struct d3dbc_ir *d, enum ir_opcode op, struct ir_operand dst,
                              struct ir_operand a, struct ir_operand b)
{
    struct ir_operand s[2] = {a, b};
    return di_op(d, op, dst, s, 2);
}

struct ir_instruction *di_op3(struct d3dbc_ir *d, enum ir_opcode op, struct ir_operand dst,
                              struct ir_operand a, struct ir_operand b, struct ir_operand c)
{
    struct ir_operand s[3] = {a, b, c};
    return di_op(d, op, dst, s, 3);
}

/* A lazily allocated fixed temporary. */
static uint32_t lazy(struct d3dbc_ir *d, uint32_t *slot)
{
    if (*slot == DI_NONE)
        *slot = di_fixed(d);
    return *slot;
}

uint32_t di_ttemp(struct d3dbc_ir *d, unsigned n)
{
    return lazy(d, &d->t_temp[n & 7]);
}

uint32_t di_al_temp(struct d3dbc_ir *d)
{
    return lazy(d, &d->al_temp);
}

/* Adds an input declaration; every caller checks reg < IR_MAX_INPUTS. */
static struct ir_io_decl *add_input(struct d3dbc_ir *d, uint32_t reg, uint8_t mask,
                                    unsigned usage, unsigned usage_index, unsigned interp)
{
    struct ir_io_decl *io = ir_program_add_input(d->ir, IR_FILE_INPUT, reg, mask);
    if (!io) {
        d->oom = true;
        return NULL;
    }
    io->usage = (uint8_t)usage;
    io->usage_index = (uint8_t)usage_index;
    io->interpolation = (uint8_t)(d->pixel ? interp : 0);
    io->offset = d->offset;
    d->in_mask[reg] |= mask;
    return io;
}

static struct ir_io_decl *add_output(struct d3dbc_ir *d, enum ir_file file, uint32_t reg,
                                     uint8_t mask, unsigned usage, unsigned usage_index)
{
    struct ir_io_decl *io = ir_program_add_output(d->ir, file, reg, mask);
    if (!io) {
        d->oom = true;
        return NULL;
    }
    io->usage = (uint8_t)usage;
    io->usage_index = (uint8_t)usage_index;
    io->offset = d->offset;
    if (file == IR_FILE_OUTPUT)
        d->out_mask[reg] |= mask;
    return io;
}

struct ir_operand di_texcoord(struct d3dbc_ir *d, unsigned n)
{
    uint32_t reg = D3DBC_IR_PS_T0 + (n & 7);
    if (!d->in_mask[reg])
        add_input(d, reg, IR_MASK_XYZW, D3DBC_USAGE_TEXCOORD, n & 7, IR_INTERP_LINEAR);
    return ir_src(IR_FILE_INPUT, reg, IR_SWIZZLE_XYZW);
}

/* The relative part of a d3dbc operand: a0.c (IR address register) or aL (a temporary). */
static void rel_of(struct d3dbc_ir *d, const struct d3dbc_param *p, struct ir_rel *rel)
{
    memset(rel, 0, sizeof(*rel));
    if (p->rel_type == D3DBC_REG_LOOP) {
        rel->file = IR_FILE_TEMP;
        rel->reg = di_al_temp(d);
    } else {
        rel->file = IR_FILE_ADDRESS;
        rel->component = p->rel_swizzle & 3;
        d->ir->address_count = 1;
    }
}

struct ir_operand di_cb(struct d3dbc_ir *d, unsigned slot, uint32_t index)
{
    d->cb_used[slot] = true;
    return ir_reg(IR_FILE_CONSTANT_BUFFER, slot, index);
}

/* c#: def'd registers are literals; ps_1_x reads its clamped copies; a relative read in a
 * program with def constants picks, per component, the def value when the register has one. */
static int const_reg(struct d3dbc_ir *d, const struct d3dbc_param *p, unsigned row,
                     struct ir_operand *out)
{
    uint32_t idx = (uint32_t)p->index + row;
    unsigned count = d3dbc_register_count(d->pixel, d->ver, D3DBC_REG_CONST);
    if (!p->relative) {
        if (idx >= count)
            return di_fail(d, D3DBC_E_INVALID_PROGRAM, "c%u is outside the %u constants of %s",
                           (unsigned)idx, count, d3dbc_version_name(d->pixel, d->ver));
        if (idx < 256 && (d->fdef_set[idx / 32] >> (idx % 32) & 1)) {
            const uint32_t *v = d->fdef[idx];
            *out = ir_imm4(v[0], v[1], v[2], v[3]);
            if (d->ps1x)
                for (unsigned c = 0; c < 4; c++) {
                    float f;
                    memcpy(&f, &v[c], sizeof(f));
                    out->imm[c] = ir_float_bits(f != f ? 0.0f : f < -1.0f ? -1.0f : f > 1.0f ? 1.0f : f);
                }
            return 0;
        }
        if (d->ps1x) {
            *out = di_tsrc(lazy(d, &d->c_temp[idx & 7]), IR_SWIZZLE_XYZW);
            return 0;
        }
        *out = di_cb(d, IR_D3D9_CB_FLOAT, idx);
        return 0;
    }
    struct ir_operand cb = di_cb(d, IR_D3D9_CB_FLOAT, idx);
    d->cb_dynamic = true;
    rel_of(d, p, &cb.index[1].rel);
    if (!d->icb_n) {
        *out = cb;
        return 0;
    }
    /* mov s, cb0[r + i]; mov v, icb[r + i]; mov m, icb[r + i + N]; movc s, m, v, s */
    uint32_t s = di_scratch(d), v = di_scratch(d), m = di_scratch(d);
    struct ir_operand icb = ir_reg(IR_FILE_IMMEDIATE_CB, idx, 0);
    icb.index[0].rel = cb.index[1].rel;
    di_op1(d, IR_OP_MOV, di_tdst(s, IR_MASK_XYZW), cb);
    di_op1(d, IR_OP_MOV, di_tdst(v, IR_MASK_XYZW), icb);
    icb.index[0].offset = idx + d->icb_n;
    di_op1(d, IR_OP_MOV, di_tdst(m, IR_MASK_XYZW), icb);
    di_op3(d, IR_OP_MOVC, di_tdst(s, IR_MASK_XYZW), di_tsrc(m, IR_SWIZZLE_XYZW),
           di_tsrc(v, IR_SWIZZLE_XYZW), di_tsrc(s, IR_SWIZZLE_XYZW));
    *out = di_tsrc(s, IR_SWIZZLE_XYZW);
    return 0;
}

/* The register a source names, before swizzle and modifier. */
static int src_reg(struct d3dbc_ir *d, const struct d3dbc_param *p, unsigned row,
                   struct ir_operand *out)
{
    uint32_t idx = (uint32_t)p->index + row;
    unsigned count = d3dbc_register_count(d->pixel, d->ver, p->type);
    bool rel = p->relative;

    if (p->type != D3DBC_REG_CONST && idx >= count)
        return di_fail(d, D3DBC_E_INVALID_PROGRAM, "register %u of type %u is out of range",
                       (unsigned)idx, p->type);
    switch (p->type) {
    case D3DBC_REG_TEMP:
        *out = di_tsrc(idx, IR_SWIZZLE_XYZW);
        return 0;
    case D3DBC_REG_CONST:
        return const_reg(d, p, row, out);
    case D3DBC_REG_INPUT:
        if (d->pixel && d->ver < V(3, 0)) {
            /* colour: the clamped copy made by the prologue */
            if (!d->in_mask[idx])
                add_input(d, idx, IR_MASK_XYZW, D3DBC_USAGE_COLOR, idx, IR_INTERP_LINEAR);
            *out = di_tsrc(lazy(d, &d->v_temp[idx & 1]), IR_SWIZZLE_XYZW);
            return 0;
        }
        if (!rel && !d->in_mask[idx])
            return di_fail(d, D3DBC_E_INVALID_PROGRAM, "v%u is read but not declared",
                           (unsigned)idx);
        if (rel && idx >= (d->pixel && d->ir->input_count > 10 ? 10 : d->ir->input_count))
            return di_fail(d, D3DBC_E_INVALID_PROGRAM,
                           "v[%s + %u] starts past the declared inputs",
                           p->rel_type == D3DBC_REG_LOOP ? "aL" : "a0", (unsigned)idx);
        *out = ir_src(IR_FILE_INPUT, idx, IR_SWIZZLE_XYZW);
        if (rel) {
            rel_of(d, p, &out->index[0].rel);
            d->rel_input = true;
        }
        return 0;
    case D3DBC_REG_TEXTURE: /* == D3DBC_REG_ADDR: in vertex shaders never readable */
        if (!d->pixel)
            break;
        if (d->ps13)
            *out = di_tsrc(di_ttemp(d, idx), IR_SWIZZLE_XYZW);
        else
            *out = di_texcoord(d, idx);
        return 0;
    case D3DBC_REG_MISCTYPE:
        if (idx == 0) {
            if (!d->in_mask[D3DBC_IR_PS_VPOS]) {
                struct ir_io_decl *io = add_input(d, D3DBC_IR_PS_VPOS, 0x3, IR_USAGE_NONE, 0,
                                                  IR_INTERP_LINEAR_NOPERSPECTIVE);
                if (io) {
                    io->sysval = IR_SV_POSITION;
                    io->kind = IR_IO_SIV;
                }
            }
            *out = di_tsrc(lazy(d, &d->pos_temp), IR_SWIZZLE_XYZW);
        } else {
            if (!d->in_mask[D3DBC_IR_PS_VFACE]) {
                struct ir_io_decl *io = add_input(d, D3DBC_IR_PS_VFACE, IR_MASK_X, IR_USAGE_NONE,
                                                  0, IR_INTERP_CONSTANT);
                if (io) {
                    io->sysval = IR_SV_IS_FRONT_FACE;
                    io->kind = IR_IO_SGV;
                }
            }
            *out = di_tsrc(lazy(d, &d->face_temp), IR_SWIZZLE_XYZW);
        }
        return 0;
    default:
        break;
    }
    return di_fail(d, D3DBC_E_INVALID_PROGRAM, "register type %u cannot be read here", p->type);
}

int di_src(struct d3dbc_ir *d, const struct d3dbc_param *p, unsigned row, struct ir_operand *out)
{
    struct ir_operand r;
    int ret = src_reg(d, p, row, &r);
    if (ret)
        return ret;
    r.swizzle = p->swizzle;
    uint32_t t;
    switch (p->modifier) {
    case D3DBC_SRCMOD_NONE:
        break;
    case D3DBC_SRCMOD_NEG:
        r.modifiers = IR_MOD_NEG;
        break;
    case D3DBC_SRCMOD_ABS:
        r.modifiers = IR_MOD_ABS;
        break;
    case D3DBC_SRCMOD_ABSNEG:
        r.modifiers = IR_MOD_ABS | IR_MOD_NEG;
        break;
    case D3DBC_SRCMOD_BIAS:    /* x - 0.5 */
    case D3DBC_SRCMOD_BIASNEG: /* -(x - 0.5) */
        t = di_scratch(d);
        di_op2(d, IR_OP_ADD, di_tdst(t, IR_MASK_XYZW),
               p->modifier == D3DBC_SRCMOD_BIAS ? r : di_negate(r),
               ir_immf(p->modifier == D3DBC_SRCMOD_BIAS ? -0.5f : 0.5f));
        r = di_tsrc(t, IR_SWIZZLE_XYZW);
        break;
    case D3DBC_SRCMOD_SIGN:    /* 2x - 1 */
    case D3DBC_SRCMOD_SIGNNEG: /* -(2x - 1) */
        t = di_scratch(d);
        di_op3(d, IR_OP_MAD, di_tdst(t, IR_MASK_XYZW), r,
               ir_immf(p->modifier == D3DBC_SRCMOD_SIGN ? 2.0f : -2.0f),
               ir_immf(p->modifier == D3DBC_SRCMOD_SIGN ? -1.0f : 1.0f));
        r = di_tsrc(t, IR_SWIZZLE_XYZW);
        break;
    case D3DBC_SRCMOD_COMP:    /* 1 - x */
        t = di_scratch(d);
        di_op2(d, IR_OP_ADD, di_tdst(t, IR_MASK_XYZW), di_negate(r), ir_immf(1.0f));
        r = di_tsrc(t, IR_SWIZZLE_XYZW);
        break;
    case D3DBC_SRCMOD_X2:      /* 2x */
    case D3DBC_SRCMOD_X2NEG:   /* -2x */
        t = di_scratch(d);
        di_op2(d, IR_OP_MUL, di_tdst(t, IR_MASK_XYZW), r,
               ir_immf(p->modifier == D3DBC_SRCMOD_X2 ? 2.0f : -2.0f));
        r = di_tsrc(t, IR_SWIZZLE_XYZW);
        break;
    case D3DBC_SRCMOD_DZ:      /* (x/z, y/z, z, w) */
    case D3DBC_SRCMOD_DW:      /* (x/w, y/w, z, w) */
        t = di_scratch(d);
        di_op1(d, IR_OP_MOV, di_tdst(t, IR_MASK_XYZW), r);
        di_op2(d, IR_OP_DIV, di_tdst(t, 0x3), r,
               ir_swizzle_compose(r, p->modifier == D3DBC_SRCMOD_DZ ? IR_SWIZZLE(2, 2, 2, 2)
                                                        : IR_SWIZZLE(3, 3, 3, 3)));
        r = di_tsrc(t, IR_SWIZZLE_XYZW);
        break;
    default: /* '!' is only on b#/p0, which src_reg refuses */
        return di_fail(d, D3DBC_E_INVALID_PROGRAM, "source modifier %u on a value",
                       p->modifier);
    }
    *out = r;
    return 0;
}

struct ir_operand di_pred_src(struct d3dbc_ir *d, const struct d3dbc_param *p)
{
    d->ir->predicate_count = 1;
    struct ir_operand op = ir_src(IR_FILE_PREDICATE, 0, p->swizzle);
    return ir_swizzle_compose(op, IR_SWIZZLE(0, 0, 0, 0));
}

void di_predicate(struct d3dbc_ir *d, const struct d3dbc_instr *ins, struct ir_instruction *i)
{
    if (!ins->predicated)
        return;
    d->ir->predicate_count = 1;
    i->pred.active = 1;
    i->pred.negate = ins->predicate.modifier == D3DBC_SRCMOD_NOT;
    i->pred.swizzle = ins->predicate.swizzle;
    i->pred.index = 0;
}

/* ---- destinations ------------------------------------------------------------------------ */

struct ir_operand di_depth(struct d3dbc_ir *d)
{
    if (!d->depth_out) {
        d->depth_out = true;
        add_output(d, IR_FILE_DEPTH_OUT, 0, IR_MASK_X, D3DBC_USAGE_DEPTH, 0);
    }
    return ir_dst(IR_FILE_DEPTH_OUT, 0, IR_MASK_X);
}

static int vs_old_output(struct d3dbc_ir *d, const struct d3dbc_param *p, uint32_t *reg)
{
    static const uint8_t raster_usage[3] = {D3DBC_USAGE_POSITION, D3DBC_USAGE_FOG,
                                            D3DBC_USAGE_PSIZE};
    unsigned usage, index = 0;
    uint8_t mask = IR_MASK_XYZW;
    if (p->type == D3DBC_REG_RASTOUT) {
        *reg = D3DBC_IR_VS_OPOS + p->index;
        usage = raster_usage[p->index % 3];
        if (p->index)
            mask = IR_MASK_X;
    } else if (p->type == D3DBC_REG_ATTROUT) {
        *reg = D3DBC_IR_VS_OD0 + p->index;
        usage = D3DBC_USAGE_COLOR;
        index = p->index;
    } else {
        *reg = D3DBC_IR_VS_OT0 + p->index;
        usage = D3DBC_USAGE_TEXCOORD;
        index = p->index;
    }
    if (*reg >= IR_MAX_OUTPUTS)
        return di_fail(d, D3DBC_E_INVALID_PROGRAM, "output register %u out of range", p->index);
    if (!d->out_mask[*reg]) {
        struct ir_io_decl *io = add_output(d, IR_FILE_OUTPUT, *reg, mask, usage, index);
        if (io && *reg == D3DBC_IR_VS_OPOS) {
            io->sysval = IR_SV_POSITION;
            io->kind = IR_IO_SIV;
        }
    }
    return 0;
}

/* The IR register a destination names (write mask left to the caller). */
static int map_dst(struct d3dbc_ir *d, const struct d3dbc_param *p, struct ir_operand *out)
{
    uint32_t reg;
    unsigned count = d3dbc_register_count(d->pixel, d->ver, p->type);
    if (p->index >= count)
        return di_fail(d, D3DBC_E_INVALID_PROGRAM, "destination register %u out of range",
                       p->index);
    switch (p->type) {
    case D3DBC_REG_TEMP:
        *out = di_tdst(p->index, 0);
        return 0;
    case D3DBC_REG_TEXTURE: /* == D3DBC_REG_ADDR */
        if (!d->pixel) {
            d->ir->address_count = 1;
            *out = ir_dst(IR_FILE_ADDRESS, 0, 0);
            return 0;
        }
        if (!d->ps13)
            break;
        *out = di_tdst(di_ttemp(d, p->index), 0);
        return 0;
    case D3DBC_REG_RASTOUT:
    case D3DBC_REG_ATTROUT:
    case D3DBC_REG_TEXCRDOUT: /* == D3DBC_REG_OUTPUT */
        if (d->pixel)
            break;
        if (d->ver >= V(3, 0)) {
            if (p->type != D3DBC_REG_OUTPUT)
                break;
            if (!p->relative && !d->out_mask[p->index])
                return di_fail(d, D3DBC_E_INVALID_PROGRAM, "o%u is written but not declared",
                               p->index);
            if (p->relative && p->index >= d->ir->output_count)
                return di_fail(d, D3DBC_E_INVALID_PROGRAM,
                               "o[aL + %u] starts past the declared outputs", p->index);
            *out = ir_dst(IR_FILE_OUTPUT, p->index, 0);
            if (p->relative) {
                rel_of(d, p, &out->index[0].rel);
                d->rel_output = true;
            }
            return 0;
        }
        if (vs_old_output(d, p, &reg))
            return D3DBC_E_INVALID_PROGRAM;
        *out = ir_dst(IR_FILE_OUTPUT, reg, 0);
        return 0;
    case D3DBC_REG_COLOROUT:
        if (!d->out_mask[p->index])
            add_output(d, IR_FILE_OUTPUT, p->index, IR_MASK_XYZW, D3DBC_USAGE_COLOR, p->index);
        *out = ir_dst(IR_FILE_OUTPUT, p->index, 0);
        return 0;
    case D3DBC_REG_DEPTHOUT:
        *out = di_depth(d);
        return 0;
    case D3DBC_REG_PREDICATE:
        d->ir->predicate_count = 1;
        *out = ir_dst(IR_FILE_PREDICATE, 0, 0);
        return 0;
    default:
        break;
    }
    return di_fail(d, D3DBC_E_INVALID_PROGRAM, "register type %u cannot be written", p->type);
}

static unsigned first_bit(unsigned mask)
{
    for (unsigned c = 0; c < 4; c++)
        if (mask >> c & 1)
            return c;
    return 0;
}

int di_write(struct d3dbc_ir *d, const struct d3dbc_instr *ins, enum ir_opcode op,
             const struct ir_operand *src, unsigned n, uint8_t limit)
{
    struct ir_operand dst;
    int ret = map_dst(d, &ins->dst, &dst);
    if (ret)
        return ret;
    uint8_t mask = (uint8_t)(ins->dst.mask & limit);
    if (!mask)
        return 0; /* nothing of the result is kept */
    bool sat = ins->dst.modifier & D3DBC_DSTMOD_SATURATE;
    int shift = ins->dst.shift;
    bool depth = dst.file == IR_FILE_DEPTH_OUT;
    const struct ir_op_info *info = ir_op_get(op);
    bool can_sat = info && (info->flags & IR_OPF_SAT);

    if (!shift && !d->redirect && !depth && (!sat || can_sat)) {
        dst.mask = mask;
        struct ir_instruction *i = di_op(d, op, dst, src, n);
        i->saturate = sat;
        di_predicate(d, ins, i);
        return 0;
    }
    /* op into t, then one instruction that scales, clamps and writes under the predicate */
    uint32_t t = di_scratch(d);
    di_op(d, op, di_tdst(t, mask), src, n);
    struct ir_operand value = di_tsrc(t, IR_SWIZZLE_XYZW), target = dst;
    if (d->redirect) {
        d->pending_copy = true;
        d->copy_dst = dst;
        d->copy_dst.mask = mask;
        target = di_tdst(lazy(d, &d->pair_temp), mask);
    } else if (depth) {
        /* oDepth is one component: it takes the first component the mask names */
        value = ir_swizzle_compose(value, (uint8_t)(first_bit(mask) * 0x55u));
        mask = IR_MASK_X;
    }
    target.mask = mask;
    struct ir_instruction *i;
    if (shift)
        i = di_op2(d, IR_OP_MUL, target, value,
                   ir_immf(shift > 0 ? (float)(1 << shift) : 1.0f / (float)(1 << -shift)));
    else
        i = di_op1(d, IR_OP_MOV, target, value);
    i->saturate = sat;
    di_predicate(d, ins, i);
    return 0;
}

int di_write_value(struct d3dbc_ir *d, const struct d3dbc_instr *ins, struct ir_operand value,
                   uint8_t limit)
{
    return di_write(d, ins, IR_OP_MOV, &value, 1, limit);
}

/* ---- pre-pass: definitions and declarations -------------------------------------------- */

static enum ir_resource_dim sampler_dim(unsigned texture_type)
{
    return texture_type == D3DBC_TEXTURE_CUBE ? IR_RES_TEXTURECUBE :
           texture_type == D3DBC_TEXTURE_VOLUME ? IR_RES_TEXTURE3D : IR_RES_TEXTURE2D;
}

static int declare(struct d3dbc_ir *d, const struct d3dbc_instr *ins)
{
    const struct d3dbc_param *r = &ins->dst;
    unsigned usage = ins->u.dcl.usage, index = ins->u.dcl.usage_index;
    unsigned interp = (r->modifier & D3DBC_DSTMOD_CENTROID) ? IR_INTERP_LINEAR_CENTROID
                                                             : IR_INTERP_LINEAR;
    uint8_t prec = (r->modifier & D3DBC_DSTMOD_PP) ? IR_PRECISION_FLOAT16 : IR_PRECISION_DEFAULT;
    struct ir_io_decl *io = NULL;
    uint32_t reg = r->index;

    switch (r->type) {
    case D3DBC_REG_SAMPLER: {
        if (reg >= 16 || d->smp_dim[reg])
            return di_fail(d, D3DBC_E_INVALID_PROGRAM, "s%u declared twice", (unsigned)reg);
        enum ir_resource_dim dim = sampler_dim(ins->u.dcl.texture_type);
        struct ir_resource *res = ir_program_add_resource(d->ir, reg, dim);
        struct ir_sampler *smp = ir_program_add_sampler(d->ir, reg);
        if (!res || !smp) {
            d->oom = true;
            return 0;
        }
        for (unsigned c = 0; c < 4; c++)
            res->return_type[c] = IR_RET_FLOAT;
        res->offset = smp->offset = d->offset;
        d->smp_dim[reg] = (uint8_t)dim;
        return 0;
    }
    case D3DBC_REG_INPUT:
        if (reg >= 16)
            break;
        if (!d->pixel)
            io = add_input(d, reg, r->mask, usage, index, 0);
        else if (d->ver >= V(3, 0))
            io = add_input(d, reg, r->mask, usage, index, interp);
        else
            io = add_input(d, reg, r->mask, D3DBC_USAGE_COLOR, reg, interp);
        break;
    case D3DBC_REG_TEXTURE:
        if (!d->pixel || reg >= 8)
            break;
        io = add_input(d, D3DBC_IR_PS_T0 + reg, r->mask, D3DBC_USAGE_TEXCOORD, reg, interp);
        break;
    case D3DBC_REG_OUTPUT:
        if (d->pixel || reg >= 12)
            break;
        io = add_output(d, IR_FILE_OUTPUT, reg, r->mask, usage, index);
        if (io && usage == D3DBC_USAGE_POSITION && index == 0) {
            io->sysval = IR_SV_POSITION;
            io->kind = IR_IO_SIV;
        }
        break;
    case D3DBC_REG_MISCTYPE:
        if (reg == 0) {
            io = add_input(d, D3DBC_IR_PS_VPOS, 0x3, IR_USAGE_NONE, 0,
                           IR_INTERP_LINEAR_NOPERSPECTIVE);
            if (io) {
                io->sysval = IR_SV_POSITION;
                io->kind = IR_IO_SIV;
            }
        } else {
            io = add_input(d, D3DBC_IR_PS_VFACE, IR_MASK_X, IR_USAGE_NONE, 0, IR_INTERP_CONSTANT);
            if (io) {
                io->sysval = IR_SV_IS_FRONT_FACE;
                io->kind = IR_IO_SGV;
            }
        }
        break;
    default:
        return di_fail(d, D3DBC_E_INVALID_PROGRAM, "register type %u cannot be declared",
                       r->type);
    }
    if (io)
        io->precision = prec;
    return 0;
}

static int prepass(struct d3dbc_ir *d)
{
    const struct d3dbc_program *p = d->p;
    uint32_t max_def = 0;
    bool any_def = false;
    for (d->cur = 0; d->cur < p->instr_count; d->cur++) {
        const struct d3dbc_instr *ins = &p->instrs[d->cur];
        unsigned reg = ins->dst.index;
        d->offset = ins->offset;
        switch (ins->opcode) {
        case D3DBC_OP_DEF:
            if (reg >= 256)
                return di_fail(d, D3DBC_E_INVALID_PROGRAM, "def c%u out of range", reg);
            memcpy(d->fdef[reg], ins->u.def, sizeof(d->fdef[reg]));
            d->fdef_set[reg / 32] |= 1u << (reg % 32);
            if (reg + 1 > max_def)
                max_def = reg + 1;
            any_def = true;
            break;
        case D3DBC_OP_DEFI:
            memcpy(d->idef[reg & 15], ins->u.def, sizeof(d->idef[0]));
            d->idef_set |= (uint16_t)(1u << (reg & 15));
            break;
        case D3DBC_OP_DEFB:
            d->bdef[reg & 15] = ins->u.def[0] ? 0xffffffffu : 0;
            d->bdef_set |= (uint16_t)(1u << (reg & 15));
            break;
        case D3DBC_OP_DCL: {
            int ret = declare(d, ins);
            if (ret)
                return ret;
            break;
        }
        default:
            break;
        }
    }
    /* the def table is needed only when c# is read relatively */
    bool rel = false;
    for (uint32_t k = 0; k < p->instr_count && !rel && any_def; k++) {
        const struct d3dbc_instr *ins = &p->instrs[k];
        for (unsigned s = 0; s < ins->src_count && s < 4; s++)
            rel |= ins->src[s].relative && ins->src[s].type == D3DBC_REG_CONST;
    }
    d->icb_n = rel ? max_def : 0;
    return 0;
}

/* ---- arithmetic ---------------------------------------------------------------------------- */

/* Reads the n sources of ins. */
static int sources(struct d3dbc_ir *d, const struct d3dbc_instr *ins, struct ir_operand *s,
                   unsigned n)
{
    for (unsigned k = 0; k < n; k++) {
        int ret = di_src(d, &ins->src[k], 0, &s[k]);
        if (ret)
            return ret;
    }
    return 0;
}

void di_compare(struct d3dbc_ir *d, unsigned cmp, struct ir_operand dst, struct ir_operand a,
                    struct ir_operand b)
{
    switch (cmp) {
    case D3DBC_CMP_GT: di_op2(d, IR_OP_LT, dst, b, a); break;
    case D3DBC_CMP_EQ: di_op2(d, IR_OP_EQ, dst, a, b); break;
    case D3DBC_CMP_GE: di_op2(d, IR_OP_GE, dst, a, b); break;
    case D3DBC_CMP_LT: di_op2(d, IR_OP_LT, dst, a, b); break;
    case D3DBC_CMP_NE: di_op2(d, IR_OP_NE, dst, a, b); break;
    default: di_op2(d, IR_OP_GE, dst, b, a); break; /* le */
    }
}

static int do_mova(struct d3dbc_ir *d, const struct d3dbc_instr *ins, struct ir_operand a)
{
    /* "mova - vs" / "mov - vs": rounding to nearest, then the integer into a0 */
    uint32_t t = di_scratch(d);
    di_op1(d, IR_OP_ROUND_NE, di_tdst(t, ins->dst.mask), a);
    d->ir->address_count = 1;
    struct ir_instruction *i = di_op1(d, IR_OP_FTOI, ir_dst(IR_FILE_ADDRESS, 0, ins->dst.mask),
                                      di_tsrc(t, IR_SWIZZLE_XYZW));
    di_predicate(d, ins, i);
    return 0;
}

static int do_lit(struct d3dbc_ir *d, const struct d3dbc_instr *ins, struct ir_operand a)
{
    /* "lit - vs": power = clamp(w, -127.9961, 127.9961); x > 0: y = x, and y > 0: z = y^power */
    uint32_t s = di_scratch(d), c = di_scratch(d), r = di_scratch(d);
    di_op1(d, IR_OP_MOV, di_tdst(s, IR_MASK_XYZW), a);
    di_op2(d, IR_OP_MAX, di_tdst(s, 0x8), di_tsrc(s, IR_SWIZZLE_XYZW), ir_immf(-127.9961f));
    di_op2(d, IR_OP_MIN, di_tdst(s, 0x8), di_tsrc(s, IR_SWIZZLE_XYZW), ir_immf(127.9961f));
    di_op1(d, IR_OP_LOG, di_tdst(s, 0x4), di_tsrc(s, IR_SWIZZLE(1, 1, 1, 1)));
    di_op2(d, IR_OP_MUL, di_tdst(s, 0x4), di_tsrc(s, IR_SWIZZLE_XYZW),
           di_tsrc(s, IR_SWIZZLE(3, 3, 3, 3)));
    di_op1(d, IR_OP_EXP, di_tdst(s, 0x4), di_tsrc(s, IR_SWIZZLE_XYZW));
    /* c.x = x > 0, c.y = y > 0 and x > 0 */
    di_op2(d, IR_OP_LT, di_tdst(c, 0x3), ir_immf(0.0f), di_tsrc(s, IR_SWIZZLE_XYZW));
    di_op2(d, IR_OP_AND, di_tdst(c, 0x2), di_tsrc(c, IR_SWIZZLE_XYZW),
           di_tsrc(c, IR_SWIZZLE(0, 0, 0, 0)));
    di_op1(d, IR_OP_MOV, di_tdst(r, IR_MASK_XYZW), ir_immf4(1.0f, 0.0f, 0.0f, 1.0f));
    di_op3(d, IR_OP_MOVC, di_tdst(r, 0x2), di_tsrc(c, IR_SWIZZLE(0, 0, 0, 0)),
           di_tsrc(s, IR_SWIZZLE(0, 0, 0, 0)), ir_immf(0.0f));
    di_op3(d, IR_OP_MOVC, di_tdst(r, 0x4), di_tsrc(c, IR_SWIZZLE(1, 1, 1, 1)),
           di_tsrc(s, IR_SWIZZLE(2, 2, 2, 2)), ir_immf(0.0f));
    return di_write_value(d, ins, di_tsrc(r, IR_SWIZZLE_XYZW), IR_MASK_XYZW);
}

static int do_dst(struct d3dbc_ir *d, const struct d3dbc_instr *ins, struct ir_operand a,
                  struct ir_operand b)
{
    /* "dst - vs": (1, a.y * b.y, a.z, b.w) */
    uint32_t r = di_scratch(d);
    di_op1(d, IR_OP_MOV, di_tdst(r, 0x1), ir_immf(1.0f));
    di_op2(d, IR_OP_MUL, di_tdst(r, 0x2), a, b);
    di_op1(d, IR_OP_MOV, di_tdst(r, 0x4), a);
    di_op1(d, IR_OP_MOV, di_tdst(r, 0x8), b);
    return di_write_value(d, ins, di_tsrc(r, IR_SWIZZLE_XYZW), IR_MASK_XYZW);
}

static int do_matrix(struct d3dbc_ir *d, const struct d3dbc_instr *ins, struct ir_operand a)
{
    unsigned rows, op;
    switch (ins->opcode) {
    case D3DBC_OP_M4x4: rows = 4; op = IR_OP_DP4; break;
    case D3DBC_OP_M4x3: rows = 3; op = IR_OP_DP4; break;
    case D3DBC_OP_M3x4: rows = 4; op = IR_OP_DP3; break;
    case D3DBC_OP_M3x3: rows = 3; op = IR_OP_DP3; break;
    default: rows = 2; op = IR_OP_DP3; break;
    }
    uint32_t r = di_scratch(d);
    for (unsigned k = 0; k < rows; k++) {
        struct ir_operand row;
        int ret = di_src(d, &ins->src[1], k, &row);
        if (ret)
            return ret;
        di_op2(d, (enum ir_opcode)op, di_tdst(r, (uint8_t)(1u << k)), a, row);
    }
    return di_write_value(d, ins, di_tsrc(r, IR_SWIZZLE_XYZW), (uint8_t)((1u << rows) - 1));
}

static int do_sincos(struct d3dbc_ir *d, const struct d3dbc_instr *ins, struct ir_operand a)
{
    /* "sincos - vs/ps": .x = cos, .y = sin; .z and .w are left alone */
    uint32_t r = di_scratch(d);
    uint8_t mask = ins->dst.mask & 0x3;
    if (!mask)
        return 0;
    struct ir_instruction *i = di_emit(d, IR_OP_SINCOS);
    i->dst[0] = (mask & 2) ? di_tdst(r, 0x2) : ir_reg(IR_FILE_NULL, 0, 0);
    i->dst[1] = (mask & 1) ? di_tdst(r, 0x1) : ir_reg(IR_FILE_NULL, 0, 0);
    i->src[0] = di_scalar(a);
    return di_write_value(d, ins, di_tsrc(r, IR_SWIZZLE_XYZW), 0x3);
}

static int do_arith(struct d3dbc_ir *d, const struct d3dbc_instr *ins)
{
    struct ir_operand s[4];
    unsigned n = ins->src_count > 4 ? 4 : ins->src_count;
    uint32_t t, u;
    int ret;

    /* sincos (2_0 form) and sgn (vs_2_0 form) carry scratch sources that are not read */
    if (ins->opcode == D3DBC_OP_SINCOS || ins->opcode == D3DBC_OP_SGN)
        n = n ? 1 : 0;
    if (ins->opcode >= D3DBC_OP_M4x4 && ins->opcode <= D3DBC_OP_M3x2)
        n = 1; /* the matrix rows are read by do_matrix */
    if ((ret = sources(d, ins, s, n)))
        return ret;

    switch (ins->opcode) {
    case D3DBC_OP_MOV:
        if (!d->pixel && ins->dst.type == D3DBC_REG_ADDR)
            return do_mova(d, ins, s[0]);
        return di_write(d, ins, IR_OP_MOV, s, 1, IR_MASK_XYZW);
    case D3DBC_OP_MOVA:
        return do_mova(d, ins, s[0]);
    case D3DBC_OP_ADD: return di_write(d, ins, IR_OP_ADD, s, 2, IR_MASK_XYZW);
    case D3DBC_OP_SUB:
        s[1] = di_negate(s[1]);
        return di_write(d, ins, IR_OP_ADD, s, 2, IR_MASK_XYZW);
    case D3DBC_OP_MUL: return di_write(d, ins, IR_OP_MUL, s, 2, IR_MASK_XYZW);
    case D3DBC_OP_MAD: return di_write(d, ins, IR_OP_MAD, s, 3, IR_MASK_XYZW);
    case D3DBC_OP_MIN: return di_write(d, ins, IR_OP_MIN, s, 2, IR_MASK_XYZW);
    case D3DBC_OP_MAX: return di_write(d, ins, IR_OP_MAX, s, 2, IR_MASK_XYZW);
    case D3DBC_OP_DP3: return di_write(d, ins, IR_OP_DP3, s, 2, IR_MASK_XYZW);
    case D3DBC_OP_DP4: return di_write(d, ins, IR_OP_DP4, s, 2, IR_MASK_XYZW);
    case D3DBC_OP_FRC: return di_write(d, ins, IR_OP_FRC, s, 1, IR_MASK_XYZW);
    case D3DBC_OP_ABS:
        s[0].modifiers = IR_MOD_ABS;
        return di_write(d, ins, IR_OP_MOV, s, 1, IR_MASK_XYZW);
    case D3DBC_OP_RCP:
        s[0] = di_scalar(s[0]);
        return di_write(d, ins, IR_OP_RCP, s, 1, IR_MASK_XYZW);
    case D3DBC_OP_RSQ:
    case D3DBC_OP_LOG:
    case D3DBC_OP_LOGP:
        s[0] = di_scalar(s[0]);
        s[0].modifiers = IR_MOD_ABS; /* |-x| = |x| */
        return di_write(d, ins, ins->opcode == D3DBC_OP_RSQ ? IR_OP_RSQ : IR_OP_LOG, s, 1,
                        IR_MASK_XYZW);
    case D3DBC_OP_EXP:
        s[0] = di_scalar(s[0]);
        return di_write(d, ins, IR_OP_EXP, s, 1, IR_MASK_XYZW);
    case D3DBC_OP_EXPP:
        s[0] = di_scalar(s[0]);
        if (d->ver != V(1, 1))
            return di_write(d, ins, IR_OP_EXP, s, 1, IR_MASK_XYZW);
        /* vs_1_1: (2^floor(v), v - floor(v), 2^v, 1) */
        t = di_scratch(d);
        di_op1(d, IR_OP_ROUND_NI, di_tdst(t, 0x1), s[0]);
        di_op1(d, IR_OP_EXP, di_tdst(t, 0x1), di_tsrc(t, IR_SWIZZLE_XYZW));
        di_op1(d, IR_OP_FRC, di_tdst(t, 0x2), s[0]);
        di_op1(d, IR_OP_EXP, di_tdst(t, 0x4), s[0]);
        di_op1(d, IR_OP_MOV, di_tdst(t, 0x8), ir_immf(1.0f));
        return di_write_value(d, ins, di_tsrc(t, IR_SWIZZLE_XYZW), IR_MASK_XYZW);
    case D3DBC_OP_SLT:
    case D3DBC_OP_SGE:
        t = di_scratch(d);
        di_op2(d, ins->opcode == D3DBC_OP_SLT ? IR_OP_LT : IR_OP_GE, di_tdst(t, IR_MASK_XYZW),
               s[0], s[1]);
        s[0] = di_tsrc(t, IR_SWIZZLE_XYZW);
        s[1] = ir_immf(1.0f);
        return di_write(d, ins, IR_OP_AND, s, 2, IR_MASK_XYZW);
    case D3DBC_OP_LIT:
        return do_lit(d, ins, s[0]);
    case D3DBC_OP_DST:
        return do_dst(d, ins, s[0], s[1]);
    case D3DBC_OP_LRP:
        t = di_scratch(d);
        di_op2(d, IR_OP_ADD, di_tdst(t, IR_MASK_XYZW), s[1], di_negate(s[2]));
        s[1] = di_tsrc(t, IR_SWIZZLE_XYZW);
        return di_write(d, ins, IR_OP_MAD, s, 3, IR_MASK_XYZW);
    case D3DBC_OP_M4x4: case D3DBC_OP_M4x3: case D3DBC_OP_M3x4: case D3DBC_OP_M3x3:
    case D3DBC_OP_M3x2:
        return do_matrix(d, ins, s[0]);
    case D3DBC_OP_POW:
        t = di_scratch(d);
        s[0] = di_scalar(s[0]);
        s[0].modifiers = IR_MOD_ABS;
        di_op1(d, IR_OP_LOG, di_tdst(t, 0x1), s[0]);
        di_op2(d, IR_OP_MUL, di_tdst(t, 0x1), di_tsrc(t, IR_SWIZZLE_XYZW), di_scalar(s[1]));
        s[0] = di_tsrc(t, IR_SWIZZLE(0, 0, 0, 0));
        return di_write(d, ins, IR_OP_EXP, s, 1, IR_MASK_XYZW);
    case D3DBC_OP_CRS:
        t = di_scratch(d);
        di_op2(d, IR_OP_MUL, di_tdst(t, 0x7), ir_swizzle_compose(s[0], IR_SWIZZLE(1, 2, 0, 3)),
               ir_swizzle_compose(s[1], IR_SWIZZLE(2, 0, 1, 3)));
        di_op3(d, IR_OP_MAD, di_tdst(t, 0x7), di_negate(ir_swizzle_compose(s[0], IR_SWIZZLE(2, 0, 1, 3))),
               ir_swizzle_compose(s[1], IR_SWIZZLE(1, 2, 0, 3)), di_tsrc(t, IR_SWIZZLE_XYZW));
        return di_write_value(d, ins, di_tsrc(t, IR_SWIZZLE_XYZW), 0x7);
    case D3DBC_OP_SGN:
        t = di_scratch(d);
        u = di_scratch(d);
        di_op2(d, IR_OP_LT, di_tdst(t, IR_MASK_XYZW), ir_immf(0.0f), s[0]);
        di_op2(d, IR_OP_LT, di_tdst(u, IR_MASK_XYZW), s[0], ir_immf(0.0f));
        di_op2(d, IR_OP_IADD, di_tdst(t, IR_MASK_XYZW), di_tsrc(u, IR_SWIZZLE_XYZW),
               di_negate(di_tsrc(t, IR_SWIZZLE_XYZW)));
        s[0] = di_tsrc(t, IR_SWIZZLE_XYZW);
        return di_write(d, ins, IR_OP_ITOF, s, 1, IR_MASK_XYZW);
    case D3DBC_OP_NRM:
        t = di_scratch(d);
        di_op2(d, IR_OP_DP3, di_tdst(t, 0x1), s[0], s[0]);
        di_op1(d, IR_OP_RSQ, di_tdst(t, 0x1), di_tsrc(t, IR_SWIZZLE_XYZW));
        s[1] = di_tsrc(t, IR_SWIZZLE(0, 0, 0, 0));
        return di_write(d, ins, IR_OP_MUL, s, 2, IR_MASK_XYZW);
    case D3DBC_OP_SINCOS:
        return do_sincos(d, ins, s[0]);
    case D3DBC_OP_CMP:
        t = di_scratch(d);
        di_op2(d, IR_OP_GE, di_tdst(t, IR_MASK_XYZW), s[0], ir_immf(0.0f));
        s[0] = di_tsrc(t, IR_SWIZZLE_XYZW);
        return di_write(d, ins, IR_OP_MOVC, s, 3, IR_MASK_XYZW);
    case D3DBC_OP_CND:
        t = di_scratch(d);
        if (d->ver < V(1, 4))
            s[0] = di_scalar(s[0]); /* ps_1_1..1_3: the condition is r0.a */
        di_op2(d, IR_OP_LT, di_tdst(t, IR_MASK_XYZW), ir_immf(0.5f), s[0]);
        s[0] = di_tsrc(t, IR_SWIZZLE_XYZW);
        return di_write(d, ins, IR_OP_MOVC, s, 3, IR_MASK_XYZW);
    case D3DBC_OP_DP2ADD:
        t = di_scratch(d);
        di_op2(d, IR_OP_DP2, di_tdst(t, 0x1), s[0], s[1]);
        s[0] = di_tsrc(t, IR_SWIZZLE(0, 0, 0, 0));
        s[1] = di_scalar(s[2]);
        return di_write(d, ins, IR_OP_ADD, s, 2, IR_MASK_XYZW);
    case D3DBC_OP_DSX: return di_write(d, ins, IR_OP_DERIV_RTX, s, 1, IR_MASK_XYZW);
    case D3DBC_OP_DSY: return di_write(d, ins, IR_OP_DERIV_RTY, s, 1, IR_MASK_XYZW);
    case D3DBC_OP_SETP: {
        struct ir_operand p0;
        int r = map_dst(d, &ins->dst, &p0);
        if (r)
            return r;
        p0.mask = ins->dst.mask;
        di_compare(d, ins->control, p0, s[0], s[1]);
        struct ir_instruction *last = d->oom ? &d->sink :
            &d->ir->instructions.items[d->ir->instructions.count - 1];
        di_predicate(d, ins, last);
        return 0;
    }
    default:
        break;
    }
    return di_fail(d, D3DBC_E_UNSUPPORTED, "opcode %u has no translation", ins->opcode);
}

/* ---- the program ------------------------------------------------------------------------- */

/* Does b read a register that a writes (the co-issue hazard)? */
static bool reads_written(const struct d3dbc_instr *a, const struct d3dbc_instr *b)
{
    if (!a->has_dst)
        return false;
    for (unsigned s = 0; s < b->src_count && s < 4; s++)
        if (b->src[s].type == a->dst.type && b->src[s].index == a->dst.index)
            return true;
    return false;
}

static int translate(struct d3dbc_ir *d, const struct d3dbc_instr *ins)
{
    switch (ins->opcode) {
    case D3DBC_OP_NOP: case D3DBC_OP_DCL: case D3DBC_OP_DEF: case D3DBC_OP_DEFI:
    case D3DBC_OP_DEFB: case D3DBC_OP_COMMENT: case D3DBC_OP_PHASE:
        /* declarations were taken by the pre-pass; ps_1_4's phase marker changes nothing
         * here: registers keep their values across it (what "phase - ps" leaves undefined) */
        return 0;
    default:
        break;
    }
    if (di_is_flow(ins->opcode))
        return di_flow(d, ins);
    if (di_is_texture(ins->opcode))
        return di_texture(d, ins);
    return do_arith(d, ins);
}

static int body(struct d3dbc_ir *d)
{
    const struct d3dbc_program *p = d->p;
    for (d->cur = 0; d->cur < p->instr_count; d->cur++) {
        const struct d3dbc_instr *ins = &p->instrs[d->cur];
        d->offset = ins->offset;
        d->scratch_used = 0;
        /* a co-issued pair: does the second read what the first writes? */
        d->redirect = false;
        if (d->ps1x && !ins->coissue) {
            uint32_t k = d->cur + 1;
            while (k < p->instr_count && p->instrs[k].opcode == D3DBC_OP_COMMENT)
                k++;
            if (k < p->instr_count && p->instrs[k].coissue && reads_written(ins, &p->instrs[k]))
                d->redirect = true;
        }
        int ret = translate(d, ins);
        if (ret)
            return ret;
        if (d->oom)
            return di_fail(d, D3DBC_E_NOMEM, "out of memory");
        if (ins->coissue && d->pending_copy) {
            di_op1(d, IR_OP_MOV, d->copy_dst, di_tsrc(d->pair_temp, IR_SWIZZLE_XYZW));
            d->pending_copy = false;
        }
    }
    d->redirect = false;
    d->cur = p->instr_count;
    d->offset = p->size ? p->size - 4 : 0; /* fix-ups are attributed to the end token */
    if (d->loop_depth)
        return di_fail(d, D3DBC_E_INVALID_PROGRAM, "%u loop/rep never closed",
                       (unsigned)d->loop_depth);
    return 0;
}

/* The prologue: instructions that must run first, appended now and rotated to the front. */
static int prologue(struct d3dbc_ir *d)
{
    struct ir_program *ir = d->ir;
    uint32_t start = ir->instructions.count;
    d->offset = 0;
    for (unsigned i = 0; i < 8; i++)
        if (d->c_temp[i] != DI_NONE) { /* ps_1_x: c# in [-1, 1] */
            struct ir_operand c = di_cb(d, IR_D3D9_CB_FLOAT, i);
            di_op2(d, IR_OP_MAX, di_tdst(d->c_temp[i], IR_MASK_XYZW), c, ir_immf(-1.0f));
            di_op2(d, IR_OP_MIN, di_tdst(d->c_temp[i], IR_MASK_XYZW),
                   di_tsrc(d->c_temp[i], IR_SWIZZLE_XYZW), ir_immf(1.0f));
        }
    for (unsigned i = 0; i < 2; i++)
        if (d->v_temp[i] != DI_NONE) { /* ps < 3_0 colours: [0, 1], partial(0001) */
            struct ir_instruction *m = di_op1(d, IR_OP_MOV, di_tdst(d->v_temp[i], IR_MASK_XYZW),
                                              ir_src(IR_FILE_INPUT, i, IR_SWIZZLE_XYZW));
            m->saturate = 1;
            if (!(d->in_mask[i] & 0x8))
                di_op1(d, IR_OP_MOV, di_tdst(d->v_temp[i], 0x8), ir_immf(1.0f));
        }
    if (d->pos_temp != DI_NONE) /* vPos: the pixel's corner, SV_Position its centre */
        di_op2(d, IR_OP_ADD, di_tdst(d->pos_temp, 0x3),
               ir_src(IR_FILE_INPUT, D3DBC_IR_PS_VPOS, IR_SWIZZLE_XYZW), ir_immf(-0.5f));
    if (d->face_temp != DI_NONE) /* vFace: +1 front, -1 back */
        di_op3(d, IR_OP_MOVC, di_tdst(d->face_temp, IR_MASK_XYZW),
               ir_src(IR_FILE_INPUT, D3DBC_IR_PS_VFACE, IR_SWIZZLE(0, 0, 0, 0)), ir_immf(1.0f),
               ir_immf(-1.0f));
    if (d->oom)
        return D3DBC_E_NOMEM;
    uint32_t n = ir->instructions.count - start;
    if (!n || !start)
        return 0;
    struct ir_instruction *tmp = malloc(n * sizeof(*tmp));
    if (!tmp)
        return D3DBC_E_NOMEM;
    struct ir_instruction *items = ir->instructions.items;
    memcpy(tmp, items + start, n * sizeof(*tmp));
    memmove(items + n, items, start * sizeof(*tmp));
    memcpy(items, tmp, n * sizeof(*tmp));
    free(tmp);
    return 0;
}

static uint32_t remap(const struct d3dbc_ir *d, uint32_t reg)
{
    switch (reg & DI_KIND_MASK) {
    case DI_FIXED: return d->r_count + (reg & ~DI_KIND_MASK);
    case DI_SCRATCH: return d->r_count + d->fixed_count + (reg & ~DI_KIND_MASK);
    default: return reg;
    }
}

static void remap_operand(const struct d3dbc_ir *d, struct ir_operand *op)
{
    if (op->file == IR_FILE_IMMEDIATE && op->swizzle != IR_SWIZZLE_XYZW) {
        /* literals carry their swizzle applied, so the printed program reads as it runs */
        uint32_t v[4];
        for (unsigned c = 0; c < 4; c++)
            v[c] = op->imm[IR_SWIZZLE_COMPONENT(op->swizzle, c)];
        memcpy(op->imm, v, sizeof(v));
        op->swizzle = IR_SWIZZLE_XYZW;
        op->imm_count = (v[0] == v[1] && v[0] == v[2] && v[0] == v[3]) ? 1 : 4;
    }
    if (op->file == IR_FILE_TEMP)
        op->index[0].offset = remap(d, op->index[0].offset);
    for (unsigned k = 0; k < 3; k++)
        if (op->index[k].rel.file == IR_FILE_TEMP)
            op->index[k].rel.reg = remap(d, op->index[k].rel.reg);
}

static int fixups(struct d3dbc_ir *d)
{
    struct ir_program *ir = d->ir;
    int ret;

    if (d->ps1x) { /* "Registers - ps_1_X": r0 is the colour the shader outputs */
        add_output(d, IR_FILE_OUTPUT, 0, IR_MASK_XYZW, D3DBC_USAGE_COLOR, 0);
        di_op1(d, IR_OP_MOV, ir_dst(IR_FILE_OUTPUT, 0, IR_MASK_XYZW),
               di_tsrc(0, IR_SWIZZLE_XYZW));
    }
    if ((ret = prologue(d)))
        return ret == D3DBC_E_NOMEM ? di_fail(d, ret, "out of memory") : ret;

    static const unsigned sizes[3] = {0, 16, 16};
    for (unsigned s = 0; s < 3; s++)
        if (d->cb_used[s]) {
            unsigned size = s ? sizes[s] : d3dbc_register_count(d->pixel, d->ver,
                                                                 D3DBC_REG_CONST);
            struct ir_cbuffer *cb = ir_program_add_cbuffer(ir, s, size);
            if (!cb)
                return di_fail(d, D3DBC_E_NOMEM, "out of memory");
            cb->dynamic = s == IR_D3D9_CB_FLOAT && d->cb_dynamic;
        }
    if (d->bumpenv && !ir_program_add_cbuffer(ir, D3DBC_IR_CB_BUMPENV, D3DBC_IR_BUMPENV_SIZE))
        return di_fail(d, D3DBC_E_NOMEM, "out of memory");
    if (d->icb_n && d->cb_dynamic) {
        uint32_t n = d->icb_n, *v = calloc((size_t)n * 8, sizeof(*v));
        if (!v)
            return di_fail(d, D3DBC_E_NOMEM, "out of memory");
        for (uint32_t r = 0; r < n; r++)
            if (d->fdef_set[r / 32] >> (r % 32) & 1)
                for (unsigned c = 0; c < 4; c++) {
                    v[4 * r + c] = d->fdef[r][c];
                    v[4 * (n + r) + c] = 0xffffffffu;
                }
        ret = ir_program_set_icb(ir, v, 2 * n);
        free(v);
        if (ret)
            return di_fail(d, D3DBC_E_NOMEM, "out of memory");
    }
    if (d->rel_input && ir->input_count &&
        !ir_program_add_index_range(ir, IR_FILE_INPUT, 0,
                                    d->pixel ? (ir->input_count < 10 ? ir->input_count : 10)
                                             : ir->input_count, IR_MASK_XYZW))
        return di_fail(d, D3DBC_E_NOMEM, "out of memory");
    if (d->rel_output && ir->output_count &&
        !ir_program_add_index_range(ir, IR_FILE_OUTPUT, 0, ir->output_count, IR_MASK_XYZW))
        return di_fail(d, D3DBC_E_NOMEM, "out of memory");

    uint64_t temps = (uint64_t)d->r_count + d->fixed_count + d->scratch_peak;
    if (temps > IR_MAX_TEMPS)
        return di_fail(d, D3DBC_E_UNSUPPORTED, "the translation needs %llu temporary registers "
                       "(the IR has %u)", (unsigned long long)temps, IR_MAX_TEMPS);
    ir->temp_count = (uint32_t)temps; /* aL lives in a temporary: has_loop_counter stays 0 */
    for (uint32_t i = 0; i < ir->instructions.count; i++) {
        struct ir_instruction *ins = &ir->instructions.items[i];
        for (unsigned k = 0; k < IR_MAX_DST; k++)
            remap_operand(d, &ins->dst[k]);
        for (unsigned k = 0; k < IR_MAX_SRC; k++)
            remap_operand(d, &ins->src[k]);
    }
    return 0;
}

/* ---- entry points ------------------------------------------------------------------------ */

static void clear_error(struct d3dbc_error *err)
{
    if (err) {
        memset(err, 0, sizeof(*err));
    }
}

int d3dbc_to_ir(const struct d3dbc_program *p, struct ir_program *out, struct d3dbc_error *err)
{
    clear_error(err);
    if (!out || !p) {
        if (err) {
            err->code = D3DBC_E_INVALID_ARG;
            snprintf(err->message, sizeof(err->message), "d3dbc: NULL argument");
        }
        if (out)
            memset(out, 0, sizeof(*out));
        return D3DBC_E_INVALID_ARG;
    }
    struct d3dbc_ir *d = calloc(1, sizeof(*d));
    if (!d) {
        memset(out, 0, sizeof(*out));
        if (err) {
            err->code = D3DBC_E_NOMEM;
            snprintf(err->message, sizeof(err->message), "d3dbc: out of memory");
        }
        return D3DBC_E_NOMEM;
    }
    d->p = p;
    d->ir = out;
    d->err = err;
    d->pixel = p->pixel;
    d->ver = p->version;
    d->ps1x = p->pixel && p->version < V(2, 0);
    d->ps14 = p->pixel && p->version == V(1, 4);
    d->ps13 = d->ps1x && !d->ps14;
    d->r_count = d3dbc_register_count(p->pixel, p->version, D3DBC_REG_TEMP);
    for (unsigned i = 0; i < 8; i++)
        d->t_temp[i] = d->c_temp[i] = DI_NONE;
    d->v_temp[0] = d->v_temp[1] = DI_NONE;
    d->pos_temp = d->face_temp = d->al_temp = d->pair_temp = DI_NONE;
    ir_program_init(out, p->pixel ? IR_SHADER_PIXEL : IR_SHADER_VERTEX, IR_SOURCE_D3DBC,
                    p->version >> 8, p->version & 0xff);

    int ret = d3dbc_version_known(p->pixel, p->version) ? 0 :
              di_fail(d, D3DBC_E_BAD_VERSION, "unknown version");
    if (!ret)
        ret = prepass(d);
    if (!ret && d->oom)
        ret = di_fail(d, D3DBC_E_NOMEM, "out of memory");
    if (!ret)
        ret = body(d);
    if (!ret)
        ret = fixups(d);
    if (!ret) {
        struct ir_error ierr;
        int v = ir_validate(out, &ierr);
        if (v == IR_E_NOMEM) {
            ret = di_fail(d, D3DBC_E_NOMEM, "out of memory");
        } else if (v) {
            d->offset = ierr.offset;
            d->cur = p->instr_count;
            ret = di_fail(d, D3DBC_E_INVALID_PROGRAM, "invalid program: %s", ierr.message);
        }
    }
    free(d);
    if (ret)
        ir_program_free(out);
    return ret;
}

int d3dbc_decode(const void *tokens, size_t size, struct ir_program *out,
                 struct d3dbc_error *err)
{
    struct d3dbc_program p;
    clear_error(err);
    if (out)
        memset(out, 0, sizeof(*out));
    if (!tokens || !out) {
        if (err) {
            err->code = D3DBC_E_INVALID_ARG;
            snprintf(err->message, sizeof(err->message), "d3dbc: NULL argument");
        }
        return D3DBC_E_INVALID_ARG;
    }
    int ret = d3dbc_read(tokens, size, &p, err);
    if (ret)
        return ret;
    ret = d3dbc_to_ir(&p, out, err);
    d3dbc_program_free(&p);
    return ret;
}
