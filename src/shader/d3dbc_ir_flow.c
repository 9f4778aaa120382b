/* src/shader/d3dbc_ir_flow.c — d3dbc flow control -> IR: if/ifc/if_pred/else/endif,
 * loop/endloop with aL, rep/endrep, break/breakc/breakp, call/callnz/label/ret.  The expansions
 * and their reference pages are listed in d3dbc_ir.c ("EXPANSIONS").
 *
 *   Conditions: b# is cb2[b].x (0 or 0xffffffff), or the defb literal; p0 tests the first
 *   component of its swizzle; '!' turns the test from _nz into _z.
 *   aL lives in a fixed temporary (ir.h's IR_FILE_LOOP_COUNTER cannot be written by any IR
 *   instruction).  Every loop/rep gets two fixed temporaries of its own, its iteration counter
 *   and the enclosing aL, so loops in subroutines called from loops keep theirs.
 */
#include "shader/d3dbc_ir_private.h"

#include <string.h>

/* b# as a condition: defb literal or cb2[b].x. */
static struct ir_operand bool_src(struct d3dbc_ir *d, unsigned b)
{
    if (d->bdef_set >> (b & 15) & 1)
        return ir_imm1(d->bdef[b & 15]);
    struct ir_operand op = di_cb(d, IR_D3D9_CB_BOOL, b & 15);
    op.swizzle = IR_SWIZZLE(0, 0, 0, 0);
    return op;
}

/* i# (int4): defi literal or cb1[i]. */
static struct ir_operand int_src(struct d3dbc_ir *d, unsigned n)
{
    if (d->idef_set >> (n & 15) & 1) {
        const uint32_t *v = d->idef[n & 15];
        return ir_imm4(v[0], v[1], v[2], v[3]);
    }
    return di_cb(d, IR_D3D9_CB_INT, n & 15);
}

/* A condition operand and its test from a b#/p0 source. */
static void condition(struct d3dbc_ir *d, const struct d3dbc_param *p, struct ir_operand *c,
                      uint8_t *test)
{
    *c = p->type == D3DBC_REG_PREDICATE ? di_pred_src(d, p) : bool_src(d, p->index);
    *test = p->modifier == D3DBC_SRCMOD_NOT ? IR_TEST_Z : IR_TEST_NZ;
}

int di_flow(struct d3dbc_ir *d, const struct d3dbc_instr *ins)
{
    struct ir_instruction *i;
    struct ir_operand a, b, c;
    uint8_t test;
    int ret;
    uint32_t t;

    switch (ins->opcode) {
    case D3DBC_OP_IF:
        condition(d, &ins->src[0], &c, &test);
        i = di_emit(d, IR_OP_IF);
        i->src[0] = c;
        i->test = test;
        return 0;
    case D3DBC_OP_IFC:
    case D3DBC_OP_BREAKC:
        if ((ret = di_src(d, &ins->src[0], 0, &a)) || (ret = di_src(d, &ins->src[1], 0, &b)))
            return ret;
        t = di_scratch(d);
        di_compare(d, ins->control, di_tdst(t, IR_MASK_X), di_scalar(a), di_scalar(b));
        i = di_emit(d, ins->opcode == D3DBC_OP_IFC ? IR_OP_IF : IR_OP_BREAKC);
        i->src[0] = di_tsrc(t, IR_SWIZZLE(0, 0, 0, 0));
        i->test = IR_TEST_NZ;
        return 0;
    case D3DBC_OP_ELSE: di_emit(d, IR_OP_ELSE); return 0;
    case D3DBC_OP_ENDIF: di_emit(d, IR_OP_ENDIF); return 0;
    case D3DBC_OP_BREAK: di_emit(d, IR_OP_BREAK); return 0;
    case D3DBC_OP_BREAKP:
        condition(d, &ins->src[0], &c, &test);
        i = di_emit(d, IR_OP_BREAKC);
        i->src[0] = c;
        i->test = test;
        return 0;
    case D3DBC_OP_LOOP:
    case D3DBC_OP_REP: {
        bool is_loop = ins->opcode == D3DBC_OP_LOOP;
        const struct d3dbc_param *ip = &ins->src[is_loop ? 1 : 0];
        if (d->loop_depth >= DI_MAX_LOOPS)
            return di_fail(d, D3DBC_E_UNSUPPORTED, "more than %u nested loops", DI_MAX_LOOPS);
        struct di_loop *l = &d->loops[d->loop_depth++];
        struct ir_operand iv = int_src(d, ip->index);
        l->is_loop = is_loop;
        l->counter = di_fixed(d);
        l->step = ir_swizzle_compose(iv, IR_SWIZZLE(2, 2, 2, 2));
        if (is_loop) {
            l->saved = di_fixed(d);
            di_op1(d, IR_OP_MOV, di_tdst(l->saved, IR_MASK_X),
                   di_tsrc(di_al_temp(d), IR_SWIZZLE_XYZW));
            di_op1(d, IR_OP_MOV, di_tdst(di_al_temp(d), IR_MASK_X),
                   ir_swizzle_compose(iv, IR_SWIZZLE(1, 1, 1, 1)));
        }
        /* iteration count in [0, 255] ("loop - vs": i#.x is the count, 0..255) */
        di_op2(d, IR_OP_IMAX, di_tdst(l->counter, IR_MASK_X), ir_swizzle_compose(iv, IR_SWIZZLE(0, 0, 0, 0)),
               ir_imm1(0));
        di_op2(d, IR_OP_IMIN, di_tdst(l->counter, IR_MASK_X),
               di_tsrc(l->counter, IR_SWIZZLE_XYZW), ir_imm1(255));
        di_emit(d, IR_OP_LOOP);
        i = di_emit(d, IR_OP_BREAKC);
        i->src[0] = di_tsrc(l->counter, IR_SWIZZLE(0, 0, 0, 0));
        i->test = IR_TEST_Z;
        return 0;
    }
    case D3DBC_OP_ENDLOOP:
    case D3DBC_OP_ENDREP: {
        bool is_loop = ins->opcode == D3DBC_OP_ENDLOOP;
        if (!d->loop_depth || d->loops[d->loop_depth - 1].is_loop != is_loop)
            return di_fail(d, D3DBC_E_INVALID_PROGRAM, "%s without a matching %s",
                           is_loop ? "endloop" : "endrep", is_loop ? "loop" : "rep");
        struct di_loop *l = &d->loops[--d->loop_depth];
        if (is_loop)
            di_op2(d, IR_OP_IADD, di_tdst(di_al_temp(d), IR_MASK_X),
                   di_tsrc(di_al_temp(d), IR_SWIZZLE_XYZW), l->step);
        di_op2(d, IR_OP_IADD, di_tdst(l->counter, IR_MASK_X),
               di_tsrc(l->counter, IR_SWIZZLE_XYZW), ir_imm1(0xffffffffu));
        di_emit(d, IR_OP_ENDLOOP);
        if (is_loop)
            di_op1(d, IR_OP_MOV, di_tdst(di_al_temp(d), IR_MASK_X),
                   di_tsrc(l->saved, IR_SWIZZLE_XYZW));
        return 0;
    }
    case D3DBC_OP_CALL:
        i = di_emit(d, IR_OP_CALL);
        i->src[0] = ir_reg(IR_FILE_LABEL, ins->src[0].index, 0);
        return 0;
    case D3DBC_OP_CALLNZ:
        condition(d, &ins->src[1], &c, &test);
        i = di_emit(d, IR_OP_CALLC);
        i->src[0] = c;
        i->src[1] = ir_reg(IR_FILE_LABEL, ins->src[0].index, 0);
        i->test = test;
        return 0;
    case D3DBC_OP_LABEL:
        if (d->loop_depth)
            return di_fail(d, D3DBC_E_INVALID_PROGRAM, "label inside a loop");
        i = di_emit(d, IR_OP_LABEL);
        i->src[0] = ir_reg(IR_FILE_LABEL, ins->src[0].index, 0);
        return 0;
    case D3DBC_OP_RET:
        di_emit(d, IR_OP_RET);
        return 0;
    default:
        break;
    }
    return di_fail(d, D3DBC_E_UNSUPPORTED, "opcode %u has no translation", ins->opcode);
}

bool di_is_flow(uint16_t op)
{
    switch (op) {
    case D3DBC_OP_IF: case D3DBC_OP_IFC: case D3DBC_OP_ELSE: case D3DBC_OP_ENDIF:
    case D3DBC_OP_BREAK: case D3DBC_OP_BREAKC: case D3DBC_OP_BREAKP: case D3DBC_OP_LOOP:
    case D3DBC_OP_REP: case D3DBC_OP_ENDLOOP: case D3DBC_OP_ENDREP: case D3DBC_OP_CALL:
    case D3DBC_OP_CALLNZ: case D3DBC_OP_LABEL: case D3DBC_OP_RET:
        return true;
    default:
        return false;
    }
}
