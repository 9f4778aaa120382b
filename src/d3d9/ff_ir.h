/* src/d3d9/ff_ir.h — a small IR builder for the generated fixed-function programs (ff_vs.c,
 * ff_ps.c): one-letter operand shorthands and an emitter that remembers an allocation failure,
 * so the generators read as straight-line listings and check for IR_E_NOMEM once at the end.
 * Only the front-end's spelling lives here: what the d3dbc reader shares with it (float bits,
 * float immediates, swizzle composition) is the IR layer's (shader/ir.h), and nothing below
 * src/d3d9/ includes this file. */
#ifndef SOFTD3D_D3D9_FF_IR_H
#define SOFTD3D_D3D9_FF_IR_H

#include <stdbool.h>

#include "shader/ir.h"

struct ffb {
    struct ir_program *p;
    bool oom;
    struct ir_instruction sink;   /* written instead when an instruction cannot be added */
};

#define SWZ(x, y, z, w) IR_SWIZZLE(x, y, z, w)
#define XXXX SWZ(0, 0, 0, 0)
#define YYYY SWZ(1, 1, 1, 1)
#define ZZZZ SWZ(2, 2, 2, 2)
#define WWWW SWZ(3, 3, 3, 3)
#define XYZW IR_SWIZZLE_XYZW
#define M_X 1u
#define M_Y 2u
#define M_Z 4u
#define M_W 8u
#define M_XYZ 7u
#define M_XY 3u
#define M_ZW 12u
#define M_ALL 15u

/* Destinations. */
static inline struct ir_operand R(uint32_t n, uint8_t mask)
{
    return ir_dst(IR_FILE_TEMP, n, mask);
}
static inline struct ir_operand O(uint32_t n, uint8_t mask)
{
    return ir_dst(IR_FILE_OUTPUT, n, mask);
}
/* Sources. */
static inline struct ir_operand T(uint32_t n, uint8_t swz)
{
    return ir_src(IR_FILE_TEMP, n, swz);
}
static inline struct ir_operand V(uint32_t n, uint8_t swz)
{
    return ir_src(IR_FILE_INPUT, n, swz);
}
static inline struct ir_operand C(uint32_t idx, uint8_t swz)
{
    struct ir_operand op = ir_reg(IR_FILE_CONSTANT_BUFFER, 0, idx);
    op.swizzle = swz;
    return op;
}
static inline struct ir_operand F(float f)
{
    return ir_immf(f);
}
static inline struct ir_operand F4(float x, float y, float z, float w)
{
    return ir_immf4(x, y, z, w);
}
static inline struct ir_operand NEG(struct ir_operand op)
{
    op.modifiers ^= IR_MOD_NEG;
    return op;
}
static inline struct ir_operand ABS(struct ir_operand op)
{
    op.modifiers |= IR_MOD_ABS;
    return op;
}
static inline struct ir_operand SW(struct ir_operand op, uint8_t swz)
{
    return ir_swizzle_compose(op, swz);
}

/* One instruction with one destination and n sources. */
static inline struct ir_instruction *ffb_emit(struct ffb *b, enum ir_opcode opc,
                                              struct ir_operand d, int n, const struct ir_operand *s)
{
    struct ir_instruction *ins = ir_program_add_instruction(b->p, opc);
    if (!ins) {
        b->oom = true;
        return &b->sink;
    }
    ins->dst[0] = d;
    for (int i = 0; i < n; i++)
        ins->src[i] = s[i];
    return ins;
}

static inline struct ir_instruction *E1(struct ffb *b, enum ir_opcode op, struct ir_operand d,
                                        struct ir_operand a)
{
    return ffb_emit(b, op, d, 1, &a);
}
static inline struct ir_instruction *E2(struct ffb *b, enum ir_opcode op, struct ir_operand d,
                                        struct ir_operand a, struct ir_operand c)
{
    struct ir_operand s[2] = { a, c };
    return ffb_emit(b, op, d, 2, s);
}
static inline struct ir_instruction *E3(struct ffb *b, enum ir_opcode op, struct ir_operand d,
                                        struct ir_operand a, struct ir_operand c,
                                        struct ir_operand e)
{
    struct ir_operand s[3] = { a, c, e };
    return ffb_emit(b, op, d, 3, s);
}
/* Flow control with a condition and the z/nz test. */
static inline void ffb_if(struct ffb *b, struct ir_operand cond, bool nonzero)
{
    struct ir_instruction *ins = ir_program_add_instruction(b->p, IR_OP_IF);
    if (!ins) {
        b->oom = true;
        return;
    }
    ins->src[0] = cond;
    ins->test = nonzero ? IR_TEST_NZ : IR_TEST_Z;
}
static inline void ffb_op0(struct ffb *b, enum ir_opcode op)
{
    if (!ir_program_add_instruction(b->p, op))
        b->oom = true;
}
static inline void ffb_sat(struct ir_instruction *ins)
{
    ins->saturate = 1;
}

#endif /* SOFTD3D_D3D9_FF_IR_H */
