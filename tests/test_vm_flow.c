/* tests/test_vm_flow.c — the shader VM's control flow over 16 divergent lanes (if/else, nested
 * loops with per-lane break/continue, switch with fallthrough, call/ret, discard, the
 * iteration limit), predication and a0, derivatives on known quads, resource requests as a
 * test callback sees them, whole programs decoded from SM4 tokens (tests/tpf_programs), and
 * hostile indices.  Expectations are exact; each test derives them from the lane's inputs with
 * plain C next to the program.
 */
#include "tpf_programs.h"
#include "vm_test.h"

#include <stdlib.h>

/* ---- program building shorthands ------------------------------------------------------------- */

static void mov(struct vt *t, struct ir_operand d, struct ir_operand s)
{
    struct ir_instruction *i = vt_ins(t, IR_OP_MOV);
    i->dst[0] = d;
    i->src[0] = s;
}

static void bin(struct vt *t, enum ir_opcode op, struct ir_operand d, struct ir_operand a,
                struct ir_operand b)
{
    struct ir_instruction *i = vt_ins(t, op);
    i->dst[0] = d;
    i->src[0] = a;
    i->src[1] = b;
}

/* if / breakc / continuec / retc / discard: one condition operand and a test */
static void test_op(struct vt *t, enum ir_opcode op, enum ir_test test, struct ir_operand c)
{
    struct ir_instruction *i = vt_ins(t, op);
    i->test = (uint8_t)test;
    i->src[0] = c;
}

static void op0(struct vt *t, enum ir_opcode op)
{
    vt_ins(t, op);
}

static void label_op(struct vt *t, enum ir_opcode op, uint32_t label)
{
    struct ir_instruction *i = vt_ins(t, op);
    i->src[0] = ir_reg(IR_FILE_LABEL, label, 0);
}

static void callc(struct vt *t, enum ir_test test, struct ir_operand c, uint32_t label)
{
    struct ir_instruction *i = vt_ins(t, IR_OP_CALLC);
    i->test = (uint8_t)test;
    i->src[0] = c;
    i->src[1] = ir_reg(IR_FILE_LABEL, label, 0);
}

static void case_op(struct vt *t, uint32_t value)
{
    struct ir_instruction *i = vt_ins(t, IR_OP_CASE);
    i->src[0] = ir_imm1(value);
}

#define RX(n) vt_rs(n, SWZ_X)
#define RY(n) vt_rs(n, SWZ_Y)
#define RZ(n) vt_rs(n, SWZ_Z)
#define VX(n) vt_v(n, SWZ_X)
#define VY(n) vt_v(n, SWZ_Y)
#define VZ(n) vt_v(n, SWZ_Z)

/* lane l's bits as inputs: v0.x = bit 0, v0.y = bit 1, v0.z = bit 2 */
static void lane_bits(struct vt *t)
{
    for (unsigned l = 0; l < VM_LANES; l++)
        for (unsigned c = 0; c < 4; c++)
            t->in[0][c][l] = (l >> c) & 1;
}

/* ---- if / else --------------------------------------------------------------------------------- */

TEST(vm_flow_if_else_nested)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 1, 1, 1);
    test_op(&t, IR_OP_IF, IR_TEST_NZ, VX(0));
    mov(&t, vt_o(0, 1), vt_u(1));
    test_op(&t, IR_OP_IF, IR_TEST_NZ, VY(0));
    mov(&t, vt_o(0, 2), vt_u(2));
    op0(&t, IR_OP_ELSE);
    mov(&t, vt_o(0, 2), vt_u(3));
    op0(&t, IR_OP_ENDIF);
    op0(&t, IR_OP_ELSE);
    mov(&t, vt_o(0, 1), vt_u(4));
    test_op(&t, IR_OP_IF, IR_TEST_Z, VY(0));
    mov(&t, vt_o(0, 4), vt_u(5));
    op0(&t, IR_OP_ENDIF);
    op0(&t, IR_OP_ENDIF);
    mov(&t, vt_o(0, 8), vt_u(9));
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    lane_bits(&t);
    static const uint32_t masks[] = {0x7fff, 0x5555 /* no lane takes the then side */, 0xaaaa,
                                     0x0001};
    for (unsigned k = 0; k < 4; k++) {
        uint32_t m = masks[k];
        CHECK_EQ(vt_run(&t, m), m);
        for (unsigned l = 0; l < VM_LANES; l++) {
            bool on = (m >> l) & 1, x = l & 1, y = (l >> 1) & 1;
            CHECK_BITS(t.out[0][0][l], !on ? 0 : x ? 1 : 4, "o0.x", l);
            CHECK_BITS(t.out[0][1][l], !on || !x ? 0 : y ? 2 : 3, "o0.y", l);
            CHECK_BITS(t.out[0][2][l], on && !x && !y ? 5 : 0, "o0.z", l);
            CHECK_BITS(t.out[0][3][l], on ? 9 : 0, "o0.w", l);
        }
    }
    vt_free(&t);
}

/* ---- loops ------------------------------------------------------------------------------------- */

/* for (i = 0; i < n;) { i++; if (i & 1) continue; for (j = 0; j < i; j++) sum++; }, n = lane */
TEST(vm_flow_nested_loops_break_continue)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 2, 1, 1);
    mov(&t, vt_r(0, 0x7), vt_u(0));
    op0(&t, IR_OP_LOOP);
    bin(&t, IR_OP_IGE, vt_r(1, 1), RX(0), VX(0));
    test_op(&t, IR_OP_BREAKC, IR_TEST_NZ, RX(1));
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(1));
    bin(&t, IR_OP_AND, vt_r(1, 2), RX(0), vt_u(1));
    test_op(&t, IR_OP_CONTINUEC, IR_TEST_NZ, RY(1));
    mov(&t, vt_r(0, 4), vt_u(0));
    op0(&t, IR_OP_LOOP);
    bin(&t, IR_OP_IGE, vt_r(1, 4), RZ(0), RX(0));
    test_op(&t, IR_OP_IF, IR_TEST_NZ, RZ(1));
    op0(&t, IR_OP_BREAK);                 /* unconditional break inside an if */
    op0(&t, IR_OP_ENDIF);
    bin(&t, IR_OP_IADD, vt_r(0, 2), RY(0), vt_u(1));
    bin(&t, IR_OP_IADD, vt_r(0, 4), RZ(0), vt_u(1));
    op0(&t, IR_OP_ENDLOOP);
    op0(&t, IR_OP_ENDLOOP);
    mov(&t, vt_o(0, 1), RY(0));
    mov(&t, vt_o(0, 2), RX(0));
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    for (unsigned l = 0; l < VM_LANES; l++)
        t.in[0][0][l] = l;
    CHECK_EQ(vt_run(&t, VM_ALL_LANES), VM_ALL_LANES);
    CHECK(!t.env.aborted);
    for (unsigned l = 0; l < VM_LANES; l++) {
        uint32_t sum = 0;
        for (uint32_t i = 2; i <= l; i += 2)
            sum += i;
        CHECK_BITS(t.out[0][0][l], sum, "sum", l);
        CHECK_BITS(t.out[0][1][l], l, "i", l);
    }
    vt_free(&t);
}

TEST(vm_flow_iteration_limit)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 1, 0, 1);
    op0(&t, IR_OP_LOOP);
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(1));
    mov(&t, vt_o(0, 1), RX(0));
    op0(&t, IR_OP_ENDLOOP);
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    t.env.max_iterations = 1000;
    CHECK_EQ(vt_run(&t, 3), 3);
    CHECK(t.env.aborted);
    CHECK_BITS(t.out[0][0][0], 1001, "iterations run", 0);
    vt_free(&t);
}

/* After an unconditional break no lane executes: a loop, a switch, an if and a call met then
 * are jumped over whole (the inner loop would never end if it ran), and the lanes come back
 * after the outer endloop. */
TEST(vm_flow_constructs_without_lanes)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 1, 1, 1);
    mov(&t, vt_r(0, 1), vt_u(0));
    op0(&t, IR_OP_LOOP);
    op0(&t, IR_OP_BREAK);
    op0(&t, IR_OP_LOOP);
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(1));
    op0(&t, IR_OP_ENDLOOP);
    test_op(&t, IR_OP_SWITCH, IR_TEST_NONE, VX(0));
    case_op(&t, 0);
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(10));
    op0(&t, IR_OP_DEFAULT);
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(20));
    op0(&t, IR_OP_ENDSWITCH);
    test_op(&t, IR_OP_IF, IR_TEST_Z, VX(0));
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(100));
    op0(&t, IR_OP_ELSE);
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(200));
    op0(&t, IR_OP_ENDIF);
    label_op(&t, IR_OP_CALL, 0);
    op0(&t, IR_OP_ENDLOOP);
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(5));
    mov(&t, vt_o(0, 1), RX(0));
    op0(&t, IR_OP_RET);
    label_op(&t, IR_OP_LABEL, 0);
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(1000));
    op0(&t, IR_OP_RET);
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    lane_bits(&t);
    t.env.max_iterations = 100;
    vt_run(&t, VM_ALL_LANES);
    CHECK(!t.env.aborted);
    for (unsigned l = 0; l < VM_LANES; l++)
        CHECK_BITS(t.out[0][0][l], 5, "nothing ran after the break", l);
    vt_free(&t);
}

/* ---- switch ------------------------------------------------------------------------------------ */

TEST(vm_flow_switch_fallthrough)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 1, 1, 1);
    mov(&t, vt_r(0, 1), vt_u(0));
    test_op(&t, IR_OP_SWITCH, IR_TEST_NONE, VX(0));
    case_op(&t, 0);
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(1));      /* falls through into case 1 */
    case_op(&t, 1);
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(10));
    op0(&t, IR_OP_BREAK);
    case_op(&t, 2);
    op0(&t, IR_OP_DEFAULT);                               /* default in the middle */
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(100));
    op0(&t, IR_OP_BREAK);
    case_op(&t, 3);
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(1000));   /* falls into the duplicate */
    case_op(&t, 1);                                       /* duplicate: the first one wins */
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(5));
    op0(&t, IR_OP_ENDSWITCH);
    mov(&t, vt_o(0, 1), RX(0));
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    static const uint32_t sel[VM_LANES] = {0, 1, 2, 3, 4, 0xffffffffu, 5, 3,
                                           2, 1, 0, 77, 3, 2, 1, 0};
    for (unsigned l = 0; l < VM_LANES; l++)
        t.in[0][0][l] = sel[l];
    vt_run(&t, 0xbfff);
    for (unsigned l = 0; l < VM_LANES; l++) {
        uint32_t want = sel[l] == 0 ? 11 : sel[l] == 1 ? 10 : sel[l] == 3 ? 1005 : 100;
        CHECK_BITS(t.out[0][0][l], l == 14 || l >= 16 ? 0 : want, "switch", l);   /* mask 0xbfff */
    }
    vt_free(&t);
}

/* A switch inside a loop: break leaves the switch, continue the loop iteration; a lane whose
 * selector matches no case and with no default skips the switch. */
TEST(vm_flow_switch_in_loop)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 2, 1, 1);
    mov(&t, vt_r(0, 0x3), vt_u(0));   /* r0.x = i, r0.y = acc */
    op0(&t, IR_OP_LOOP);
    bin(&t, IR_OP_IGE, vt_r(1, 1), RX(0), vt_u(4));
    test_op(&t, IR_OP_BREAKC, IR_TEST_NZ, RX(1));
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(1));
    bin(&t, IR_OP_IADD, vt_r(1, 2), RX(0), VX(0));         /* selector: i + lane */
    bin(&t, IR_OP_AND, vt_r(1, 2), RY(1), vt_u(3));
    test_op(&t, IR_OP_SWITCH, IR_TEST_NONE, RY(1));
    case_op(&t, 0);
    op0(&t, IR_OP_CONTINUE);                                /* skip the += 1000 below */
    case_op(&t, 1);
    bin(&t, IR_OP_IADD, vt_r(0, 2), RY(0), vt_u(1));
    op0(&t, IR_OP_BREAK);
    case_op(&t, 2);
    bin(&t, IR_OP_IADD, vt_r(0, 2), RY(0), vt_u(10));
    op0(&t, IR_OP_ENDSWITCH);                               /* 3: no case, no default */
    bin(&t, IR_OP_IADD, vt_r(0, 2), RY(0), vt_u(1000));
    op0(&t, IR_OP_ENDLOOP);
    mov(&t, vt_o(0, 1), RY(0));
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    for (unsigned l = 0; l < VM_LANES; l++)
        t.in[0][0][l] = l;
    vt_run(&t, VM_ALL_LANES);
    for (unsigned l = 0; l < VM_LANES; l++) {
        uint32_t acc = 0;
        for (uint32_t i = 1; i <= 4; i++) {
            uint32_t s = (i + l) & 3;
            if (s == 0)
                continue;
            acc += s == 1 ? 1 : s == 2 ? 10 : 0;
            acc += 1000;
        }
        CHECK_BITS(t.out[0][0][l], acc, "acc", l);
    }
    vt_free(&t);
}

/* ---- call / ret ---------------------------------------------------------------------------------- */

TEST(vm_flow_call_ret)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 1, 1, 1);
    mov(&t, vt_r(0, 0x3), vt_u(0));
    label_op(&t, IR_OP_CALL, 1);
    callc(&t, IR_TEST_NZ, VY(0), 2);
    mov(&t, vt_o(0, 0x3), vt_rs(0, IR_SWIZZLE_XYZW));
    op0(&t, IR_OP_RET);
    label_op(&t, IR_OP_LABEL, 1);        /* l1: +1; x: ret; +10; z: ret (in an if); +100 */
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(1));
    test_op(&t, IR_OP_RETC, IR_TEST_NZ, VX(0));
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(10));
    test_op(&t, IR_OP_IF, IR_TEST_NZ, VZ(0));
    op0(&t, IR_OP_RET);
    op0(&t, IR_OP_ENDIF);
    bin(&t, IR_OP_IADD, vt_r(0, 1), RX(0), vt_u(100));
    op0(&t, IR_OP_RET);
    label_op(&t, IR_OP_LABEL, 2);        /* l2: r0.y = 7; call l1 */
    mov(&t, vt_r(0, 2), vt_u(7));
    label_op(&t, IR_OP_CALL, 1);
    op0(&t, IR_OP_RET);
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    lane_bits(&t);
    vt_run(&t, 0x00ff);
    for (unsigned l = 0; l < 8; l++) {
        bool x = l & 1, y = (l >> 1) & 1, z = (l >> 2) & 1;
        uint32_t f = x ? 1 : z ? 11 : 111;
        CHECK_BITS(t.out[0][0][l], y ? 2 * f : f, "calls", l);
        CHECK_BITS(t.out[0][1][l], y ? 7 : 0, "callc", l);
    }
    vt_free(&t);
}

TEST(vm_flow_ret_in_main)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 1, 1, 1);
    test_op(&t, IR_OP_IF, IR_TEST_NZ, VX(0));
    mov(&t, vt_o(0, 1), vt_u(1));
    op0(&t, IR_OP_RET);
    op0(&t, IR_OP_ENDIF);
    mov(&t, vt_o(0, 2), vt_u(2));
    test_op(&t, IR_OP_RETC, IR_TEST_NZ, VY(0));
    mov(&t, vt_o(0, 4), vt_u(3));
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    lane_bits(&t);
    CHECK_EQ(vt_run(&t, 0xf), 0xf);       /* ret is not discard: every lane stays alive */
    for (unsigned l = 0; l < 4; l++) {
        bool x = l & 1, y = (l >> 1) & 1;
        CHECK_BITS(t.out[0][0][l], x ? 1 : 0, "before ret", l);
        CHECK_BITS(t.out[0][1][l], x ? 0 : 2, "after endif", l);
        CHECK_BITS(t.out[0][2][l], x || y ? 0 : 3, "after retc", l);
    }
    vt_free(&t);
}

/* ---- discard ----------------------------------------------------------------------------------- */

TEST(vm_flow_discard)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_PIXEL, 1, 1, 1);
    mov(&t, vt_o(0, 1), vt_u(1));
    test_op(&t, IR_OP_DISCARD, IR_TEST_NZ, VX(0));
    mov(&t, vt_o(0, 2), vt_u(2));
    test_op(&t, IR_OP_IF, IR_TEST_NZ, VY(0));
    test_op(&t, IR_OP_DISCARD, IR_TEST_NZ, vt_u(1));
    op0(&t, IR_OP_ENDIF);
    mov(&t, vt_o(0, 4), vt_u(3));
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    lane_bits(&t);
    uint32_t alive = vt_run(&t, 0x7fff);
    uint32_t want = 0;
    for (unsigned l = 0; l < 15; l++)
        want |= (uint32_t)(!(l & 1) && !((l >> 1) & 1)) << l;
    CHECK_EQ(alive, want);
    CHECK_EQ(t.env.discarded, 0x7fff & ~want);
    for (unsigned l = 0; l < VM_LANES; l++) {
        bool on = l < 15, x = l & 1;
        CHECK_BITS(t.out[0][0][l], on ? 1 : 0, "before discard", l);
        CHECK_BITS(t.out[0][1][l], on && !x ? 2 : 0, "after discard", l);
        CHECK_BITS(t.out[0][2][l], (want >> l) & 1 ? 3 : 0, "survivors", l);
    }
    vt_free(&t);
}

/* ---- predication and a0 (the d3dbc files) ------------------------------------------------------ */

TEST(vm_predicate_and_address)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 1, 1, 3);
    t.ir.predicate_count = 1;
    t.ir.address_count = 1;
    ir_program_add_cbuffer(&t.ir, 0, 4)->dynamic = 1;
    bin(&t, IR_OP_LT, ir_dst(IR_FILE_PREDICATE, 0, 0xf), vt_v(0, IR_SWIZZLE_XYZW), vt_f(0));
    struct ir_instruction *i = vt_ins(&t, IR_OP_MOV);       /* (p0.x) mov o0.xy, l(1) */
    i->dst[0] = vt_o(0, 0x3);
    i->src[0] = vt_u(1);
    i->pred.active = 1;
    i->pred.swizzle = IR_SWIZZLE(0, 1, 0, 0);               /* x from p0.x, y from p0.y */
    i = vt_ins(&t, IR_OP_MOV);                              /* (!p0.x) mov o1.x, l(2) */
    i->dst[0] = vt_o(1, 0x1);
    i->src[0] = vt_u(2);
    i->pred.active = 1;
    i->pred.negate = 1;
    i = vt_ins(&t, IR_OP_FTOI);                             /* a0.x = ftoi(v0.z) */
    i->dst[0] = ir_dst(IR_FILE_ADDRESS, 0, 0x1);
    i->src[0] = vt_v(0, SWZ_Z);
    i = vt_ins(&t, IR_OP_MOV);                              /* o2 = cb0[a0.x + 1] */
    i->dst[0] = vt_o(2, 0xf);
    i->src[0] = ir_reg(IR_FILE_CONSTANT_BUFFER, 0, 1);
    i->src[0].index[1].rel.file = IR_FILE_ADDRESS;
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    uint32_t cb[16];
    for (unsigned k = 0; k < 16; k++)
        cb[k] = 50 + k;
    t.env.cb[0].data = cb;
    t.env.cb[0].size = 4;
    for (unsigned l = 0; l < 8; l++) {
        t.in[0][0][l] = fbits(l & 1 ? -1.0f : 1.0f);
        t.in[0][1][l] = fbits(l & 2 ? -1.0f : 1.0f);
        t.in[0][2][l] = fbits((float)l - 2.0f);
    }
    vt_run(&t, 0xff);
    for (unsigned l = 0; l < 8; l++) {
        CHECK_BITS(t.out[0][0][l], l & 1 ? 1 : 0, "(p0.x)", l);
        CHECK_BITS(t.out[0][1][l], l & 2 ? 1 : 0, "(p0.y)", l);
        CHECK_BITS(t.out[1][0][l], l & 1 ? 0 : 2, "(!p0.x)", l);
        int idx = (int)l - 2 + 1;
        CHECK_BITS(t.out[2][1][l], idx >= 0 && idx < 4 ? cb[4 * idx + 1] : 0, "cb0[a0.x + 1]", l);
    }
    vt_free(&t);
}

/* ---- derivatives (spec 22.5) -------------------------------------------------------------------- */

/* v0.x = 2x + 5y + 3xy + 1000q over each quad's pixels (x, y in {0, 1}): coarse d/dx = 2 and
 * d/dy = 5 everywhere; fine d/dx = 2 (top row), 5 (bottom row); fine d/dy = 5 (left), 8 (right). */
TEST(vm_derivatives)
{
    static const enum ir_opcode ops[6] = {IR_OP_DERIV_RTX_COARSE, IR_OP_DERIV_RTY_COARSE,
                                          IR_OP_DERIV_RTX_FINE, IR_OP_DERIV_RTY_FINE,
                                          IR_OP_DERIV_RTX, IR_OP_DERIV_RTY};
    struct vt t;
    vt_begin(&t, IR_SHADER_PIXEL, 1, 1, 6);
    for (unsigned k = 0; k < 6; k++) {
        struct ir_instruction *i = vt_ins(&t, ops[k]);
        i->dst[0] = vt_o(k, 0x3);
        i->src[0] = vt_v(0, IR_SWIZZLE_XYZW);
    }
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    for (unsigned l = 0; l < VM_LANES; l++) {
        unsigned q = l / 4, x = l & 1, y = (l >> 1) & 1;
        t.in[0][0][l] = fbits((float)(2 * x + 5 * y + 3 * x * y + 1000 * q));
        t.in[0][1][l] = q == 3 && l == 15 ? 0x7fc00000u : fbits((float)(x * 0.5));
    }
    /* only the top-left pixel of each quad runs: the others are read as helpers */
    uint32_t m = 0x1111;
    vt_run(&t, m);
    static const float want[6][4] = {{2, 2, 2, 2}, {5, 5, 5, 5}, {2, 2, 5, 5}, {5, 8, 5, 8},
                                     {2, 2, 2, 2}, {5, 5, 5, 5}};
    for (unsigned k = 0; k < 6; k++)
        for (unsigned l = 0; l < VM_LANES; l++)
            CHECK_BITS(t.out[k][0][l], (m >> l) & 1 ? fbits(want[k][l & 3]) : 0, ir_op_name(ops[k]), l);
    vt_run(&t, VM_ALL_LANES);
    for (unsigned k = 0; k < 4; k++)
        for (unsigned l = 0; l < VM_LANES; l++)
            CHECK_BITS(t.out[k][0][l], fbits(want[k][l & 3]), ir_op_name(ops[k]), l);
    /* component y: 0.5 across x, 0 across y; a NaN neighbour (lane 15) reaches only the
     * derivatives that read it */
    CHECK_BITS(t.out[0][1][0], fbits(0.5f), "rtx_coarse .y", 0);
    CHECK_BITS(t.out[2][1][14], 0x7fc00000u, "rtx_fine .y bottom row with NaN", 14);
    CHECK_BITS(t.out[2][1][12], fbits(0.5f), "rtx_fine .y top row", 12);
    CHECK_BITS(t.out[0][1][14], fbits(0.5f), "rtx_coarse ignores the bottom row", 14);
    CHECK_BITS(t.out[3][1][13], 0x7fc00000u, "rty_fine right column", 13);
    vt_free(&t);
}

/* ---- resources ----------------------------------------------------------------------------------- */

struct capture {
    unsigned calls;
    struct vm_sample_request req;
    uint32_t status;
};

/* Records the request; answers value[c][l] = 16 * l + c (+ 0x100 * kind) and status. */
static void capture_cb(void *ctx, const struct vm_sample_request *req, struct vm_sample_result *res)
{
    struct capture *cap = ctx;
    cap->calls++;
    cap->req = *req;
    for (unsigned l = 0; l < VM_LANES; l++) {
        if (!((req->mask >> l) & 1))
            continue;
        for (unsigned c = 0; c < 4; c++)
            res->value[c][l] = 16 * l + c + 0x100u * req->kind;
        res->status[l] = cap->status ^ l;
    }
}

/* Coarse derivatives of a per-lane array, as vm.h defines them. */
static float coarse(const float *v, unsigned l, bool dy)
{
    unsigned q = l & ~3u;
    return dy ? v[q + 2] - v[q] : v[q + 1] - v[q];
}

TEST(vm_sample_request)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_PIXEL, 1, 2, 1);
    ir_program_add_resource(&t.ir, 0, IR_RES_TEXTURE2D);
    ir_program_add_sampler(&t.ir, 1);
    test_op(&t, IR_OP_IF, IR_TEST_NZ, vt_v(1, SWZ_X));
    struct ir_instruction *i = vt_ins(&t, IR_OP_SAMPLE);
    i->dst[0] = vt_r(0, 0xf);
    i->src[0] = vt_v(0, IR_SWIZZLE(0, 1, 0, 0));
    i->src[1] = ir_src(IR_FILE_RESOURCE, 0, IR_SWIZZLE(1, 0, 3, 2));
    i->src[2] = ir_reg(IR_FILE_SAMPLER, 1, 0);
    i->texel_offset[0] = -1;
    i->texel_offset[1] = 7;
    mov(&t, vt_o(0, 0xd), vt_rs(0, IR_SWIZZLE_XYZW));
    op0(&t, IR_OP_ENDIF);
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    float u[VM_LANES], v[VM_LANES];
    for (unsigned l = 0; l < VM_LANES; l++) {
        u[l] = 0.125f * (float)(l * l) - 3.0f;
        v[l] = 0.5f + (float)l / 64.0f;
        t.in[0][0][l] = fbits(u[l]);
        t.in[0][1][l] = fbits(v[l]);
        t.in[1][0][l] = l % 3 != 0;    /* the if leaves some lanes out */
    }
    t.in[0][0][5] = 0x00000005u;       /* a denormal coordinate reaches the sampler as 0 */
    u[5] = 0;
    struct capture cap = {0};
    t.env.sample = capture_cb;
    t.env.sample_ctx = &cap;
    uint32_t run = 0xfff7, active = 0;
    for (unsigned l = 0; l < VM_LANES; l++)
        active |= (uint32_t)(((run >> l) & 1) && l % 3 != 0) << l;
    vt_run(&t, run);
    CHECK_EQ(cap.calls, 1);
    const struct vm_sample_request *r = &cap.req;
    CHECK_EQ(r->op, IR_OP_SAMPLE);
    CHECK_EQ(r->kind, VM_TEX_SAMPLE);
    CHECK_EQ(r->mask, active);
    CHECK_EQ(r->resource, 0);
    CHECK_EQ(r->sampler, 1);
    CHECK_EQ(r->resource_dim, IR_RES_TEXTURE2D);
    CHECK_EQ(r->texel_offset[0], -1);
    CHECK_EQ(r->texel_offset[1], 7);
    CHECK_EQ(r->texel_offset[2], 0);
    CHECK(!r->want_status && !r->has_clamp && !r->has_offsets);
    for (unsigned l = 0; l < VM_LANES; l++) {
        /* lanes outside the run are no lane of the batch: nothing is promised of them (the
         * JIT skips their chunks) */
        if (!((run >> l) & 1))
            continue;
        CHECK_BITS(fbits(r->address.f[0][l]), fbits(u[l]), "address.x", l);
        CHECK_BITS(fbits(r->address.f[1][l]), fbits(v[l]), "address.y", l);
        CHECK_BITS(fbits(r->address.f[2][l]), fbits(u[l]), "address.z (swizzle xyxx)", l);
        /* every lane of a quad gets the quad's coarse derivatives, inactive lanes included */
        CHECK_BITS(fbits(r->ddx[0][l]), fbits(coarse(u, l, false)), "ddx.x", l);
        CHECK_BITS(fbits(r->ddy[0][l]), fbits(coarse(u, l, true)), "ddy.x", l);
        CHECK_BITS(fbits(r->ddx[1][l]), fbits(coarse(v, l, false)), "ddx.y", l);
        CHECK_BITS(fbits(r->ddy[1][l]), fbits(coarse(v, l, true)), "ddy.y", l);
    }
    /* the t0.yxwz swizzle, then the o0.xzw mask */
    for (unsigned l = 0; l < VM_LANES; l++) {
        bool on = (active >> l) & 1;
        CHECK_BITS(t.out[0][0][l], on ? 16 * l + 1 : 0, "o0.x = texel.y", l);
        CHECK_BITS(t.out[0][1][l], 0, "o0.y masked", l);
        CHECK_BITS(t.out[0][2][l], on ? 16 * l + 3 : 0, "o0.z = texel.w", l);
        CHECK_BITS(t.out[0][3][l], on ? 16 * l + 2 : 0, "o0.w = texel.z", l);
    }
    /* no callback: unbound, every component 0; no lane in the if: no call at all */
    t.env.sample = NULL;
    vt_run(&t, run);
    CHECK_BITS(t.out[0][0][1], 0, "unbound", 1);
    t.env.sample = capture_cb;
    vt_run(&t, 0x0249);    /* lanes 0, 3, 6, 9: l % 3 == 0 */
    CHECK_EQ(cap.calls, 1);
    vt_free(&t);
}

/* One instruction per resource form; the callback's view of each is checked. */
TEST(vm_resource_forms)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_PIXEL, 2, 3, 8);
    ir_program_add_resource(&t.ir, 2, IR_RES_TEXTURE2D);
    ir_program_add_resource(&t.ir, 3, IR_RES_TEXTURE3D);
    ir_program_add_sampler(&t.ir, 0)->mode = IR_SAMPLER_DEFAULT;
    ir_program_add_sampler(&t.ir, 4)->mode = IR_SAMPLER_COMPARISON;
    struct ir_operand t2 = ir_src(IR_FILE_RESOURCE, 2, IR_SWIZZLE_XYZW);
    struct ir_operand t3 = ir_src(IR_FILE_RESOURCE, 3, IR_SWIZZLE_XYZW);
    struct ir_operand s0 = ir_reg(IR_FILE_SAMPLER, 0, 0), s4 = ir_reg(IR_FILE_SAMPLER, 4, 0);
    struct ir_instruction *i;
    /* 0: sample_d o0, v0, t2, s0, v1, v2 */
    i = vt_ins(&t, IR_OP_SAMPLE_D);
    i->dst[0] = vt_o(0, 0xf);
    i->src[0] = vt_v(0, IR_SWIZZLE_XYZW);
    i->src[1] = t2;
    i->src[2] = s0;
    i->src[3] = vt_v(1, IR_SWIZZLE_XYZW);
    i->src[4] = vt_v(2, IR_SWIZZLE_XYZW);
    /* 1: sample_c_lz o1, v0, t2, s4, v1.w */
    i = vt_ins(&t, IR_OP_SAMPLE_C_LZ);
    i->dst[0] = vt_o(1, 0xf);
    i->src[0] = vt_v(0, IR_SWIZZLE_XYZW);
    i->src[1] = t2;
    i->src[2] = s4;
    i->src[3] = vt_v(1, SWZ_W);
    /* 2: ld_aoffimmi(1,-2,3) o2, v2 (ints), t3 */
    i = vt_ins(&t, IR_OP_LD);
    i->dst[0] = vt_o(2, 0xf);
    i->src[0] = vt_v(2, IR_SWIZZLE_XYZW);
    i->src[1] = t3;
    i->texel_offset[0] = 1;
    i->texel_offset[1] = -2;
    i->texel_offset[2] = 3;
    /* 3, 4, 5: resinfo o3 (float), o4 (rcpfloat), o5 (uint), mip v0.w as uint, on t3 / t2 */
    for (unsigned k = 0; k < 3; k++) {
        i = vt_ins(&t, IR_OP_RESINFO);
        i->dst[0] = vt_o(3 + k, 0xf);
        i->src[0] = vt_v(2, SWZ_W);
        i->src[1] = k == 1 ? t2 : t3;
        i->return_type = k == 0 ? IR_RETURN_FLOAT : k == 1 ? IR_RETURN_RCPFLOAT : IR_RETURN_UINT;
    }
    /* 6: sample_l_s o6, r1.x (status), v0, t2, s0, l(2.5) ; check_access_fully_mapped o7.x, r1.x */
    i = vt_ins(&t, IR_OP_SAMPLE_L_S);
    i->dst[0] = vt_o(6, 0xf);
    i->dst[1] = vt_r(1, 0x3);
    i->src[0] = vt_v(0, IR_SWIZZLE_XYZW);
    i->src[1] = t2;
    i->src[2] = s0;
    i->src[3] = vt_f(2.5f);
    i = vt_ins(&t, IR_OP_CHECK_ACCESS_FULLY_MAPPED);
    i->dst[0] = vt_o(7, 0x1);
    i->src[0] = RX(1);
    mov(&t, vt_o(7, 0x2), RY(1));
    /* 7: gather4_po_c_s null, r1.z, v0, v2.yx (offsets), t2.x..., s4 (channel from .y), v1.x */
    i = vt_ins(&t, IR_OP_GATHER4_PO_C_S);
    i->dst[0] = vt_o(7, 0x4);
    i->dst[1] = ir_dst(IR_FILE_NULL, 0, 0);
    i->src[0] = vt_v(0, IR_SWIZZLE_XYZW);
    i->src[1] = vt_v(2, IR_SWIZZLE(1, 0, 0, 0));
    i->src[2] = ir_src(IR_FILE_RESOURCE, 2, SWZ_W);
    i->src[3] = s4;
    i->src[3].swizzle = SWZ_Y;
    i->src[4] = vt_v(1, SWZ_X);
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    for (unsigned l = 0; l < VM_LANES; l++)
        for (unsigned c = 0; c < 4; c++) {
            t.in[0][c][l] = fbits((float)(l + c) * 0.25f);
            t.in[1][c][l] = fbits(-(float)(l * 4 + c));
            t.in[2][c][l] = (uint32_t)(int32_t)(l - 4 + 10 * c);
        }
    struct capture cap = {0};
    t.env.sample_ctx = &cap;
    t.env.sample = capture_cb;
    vt_run(&t, VM_ALL_LANES);
    CHECK_EQ(cap.calls, 8);

    /* the last request: gather4_po_c_s */
    const struct vm_sample_request *r = &cap.req;
    CHECK_EQ(r->op, IR_OP_GATHER4_PO_C_S);
    CHECK_EQ(r->kind, VM_TEX_GATHER4_C);
    CHECK(r->has_offsets && r->want_status && !r->has_clamp);
    CHECK_EQ(r->gather_channel, 1);
    CHECK_EQ(r->sampler, 4);
    for (unsigned l = 0; l < VM_LANES; l++) {
        CHECK_EQ(r->offset[0][l], (int32_t)(l - 4 + 10));
        CHECK_EQ(r->offset[1][l], (int32_t)l - 4);
        CHECK_BITS(fbits(r->ref[l]), fbits(-(float)(l * 4)), "ref", l);
        CHECK_BITS(fbits(r->ddx[0][l]), 0, "gather: no derivatives", l);
    }
    for (unsigned l = 0; l < VM_LANES; l++) {
        /* sample_d: the program's derivatives */
        CHECK_BITS(t.out[0][0][l], 16 * l + 0x100u * VM_TEX_SAMPLE_D, "sample_d", l);
        CHECK_BITS(t.out[1][3][l], 16 * l + 3 + 0x100u * VM_TEX_SAMPLE_C_LZ, "sample_c_lz", l);
        CHECK_BITS(t.out[2][2][l], 16 * l + 2 + 0x100u * VM_TEX_LD, "ld", l);
        /* resinfo: the callback's uints (16l + c + 0x800) converted per return type */
        uint32_t base = 16 * l + 0x100u * VM_TEX_RESINFO;
        for (unsigned c = 0; c < 4; c++) {
            CHECK_BITS(t.out[3][c][l], fbits((float)(base + c)), "resinfo float", l * 4 + c);
            float rcp = c < 2 ? 1.0f / (float)(base + c) : (float)(base + c); /* 2D: w, h */
            CHECK_BITS(t.out[4][c][l], fbits(rcp), "resinfo rcpfloat", l * 4 + c);
            CHECK_BITS(t.out[5][c][l], base + c, "resinfo uint", l * 4 + c);
        }
        CHECK_BITS(t.out[6][1][l], 16 * l + 1 + 0x100u * VM_TEX_SAMPLE_L, "sample_l_s", l);
        /* status = l (cap.status 0 ^ l): fully mapped only for lane 0 */
        CHECK_BITS(t.out[7][0][l], l == 0 ? 0xffffffffu : 0, "check_access_fully_mapped", l);
        CHECK_BITS(t.out[7][1][l], l, "status", l);
        CHECK_BITS(t.out[7][2][l], 16 * l + 3 + 0x100u * VM_TEX_GATHER4_C, "gather t2.w", l);
    }
    vt_free(&t);
}

/* Requests of single instructions, checked field by field. */
static void one_request(enum ir_opcode op, void (*setup)(struct ir_instruction *i),
                        struct vm_sample_request *out, struct vt *t)
{
    vt_begin(t, IR_SHADER_PIXEL, 2, 3, 2);
    ir_program_add_resource(&t->ir, 0, IR_RES_TEXTURE2D);
    ir_program_add_resource(&t->ir, 1, IR_RES_TEXTURE2DMS)->sample_count = 4;
    ir_program_add_sampler(&t->ir, 0);
    struct ir_instruction *i = vt_ins(t, op);
    setup(i);
    memset(out, 0, sizeof(*out));
    if (!vt_finish(t))
        return;
    for (unsigned l = 0; l < VM_LANES; l++)
        for (unsigned c = 0; c < 4; c++) {
            t->in[0][c][l] = fbits((float)(l * 4 + c));
            t->in[1][c][l] = fbits(0.5f * (float)(c + 1));
            t->in[2][c][l] = l * 4 + c;
        }
    struct capture cap = {0};
    t->env.sample = capture_cb;
    t->env.sample_ctx = &cap;
    vt_run(t, VM_ALL_LANES);
    CHECK_EQ(cap.calls, 1);
    *out = cap.req;
}

static void setup_sample_b(struct ir_instruction *i)
{
    i->dst[0] = vt_o(0, 0xf);
    i->src[0] = vt_v(0, IR_SWIZZLE_XYZW);
    i->src[1] = ir_src(IR_FILE_RESOURCE, 0, IR_SWIZZLE_XYZW);
    i->src[2] = ir_reg(IR_FILE_SAMPLER, 0, 0);
    i->src[3] = vt_v(1, SWZ_Y);
    i->src[3].modifiers = IR_MOD_NEG;
}

static void setup_sample_cl(struct ir_instruction *i)
{
    i->dst[0] = vt_o(0, 0xf);
    i->dst[1] = vt_r(0, 0x1);
    i->src[0] = vt_v(0, IR_SWIZZLE_XYZW);
    i->src[1] = ir_src(IR_FILE_RESOURCE, 0, IR_SWIZZLE_XYZW);
    i->src[2] = ir_reg(IR_FILE_SAMPLER, 0, 0);
    i->src[3] = vt_v(1, SWZ_Z);
    i->src[4] = ir_imm1(0x00000003u);  /* a denormal clamp: 0 */
}

static void setup_ld_ms(struct ir_instruction *i)
{
    i->dst[0] = vt_o(0, 0xf);
    i->src[0] = vt_v(2, IR_SWIZZLE_XYZW);
    i->src[0].modifiers = IR_MOD_NEG;  /* integer negate on an integer address */
    i->src[1] = ir_src(IR_FILE_RESOURCE, 1, IR_SWIZZLE_XYZW);
    i->src[2] = vt_v(2, SWZ_Y);
}

static void setup_sampleinfo(struct ir_instruction *i)
{
    i->dst[0] = vt_o(0, 0xf);
    i->src[0] = ir_reg(IR_FILE_RASTERIZER, 0, 0);
    i->src[0].swizzle = IR_SWIZZLE(0, 0, 1, 1);
}

static void setup_samplepos(struct ir_instruction *i)
{
    i->dst[0] = vt_o(0, 0x3);
    i->src[0] = ir_src(IR_FILE_RESOURCE, 1, IR_SWIZZLE_XYZW);
    i->src[1] = vt_v(2, SWZ_Z);
}

TEST(vm_resource_requests)
{
    struct vt t;
    struct vm_sample_request r;

    one_request(IR_OP_SAMPLE_B, setup_sample_b, &r, &t);
    CHECK_EQ(r.kind, VM_TEX_SAMPLE_B);
    for (unsigned l = 0; l < VM_LANES; l++) {
        CHECK_BITS(fbits(r.bias[l]), fbits(-1.0f), "bias = -v1.y", l);
        CHECK_BITS(fbits(r.ddx[0][l]), fbits(4.0f), "implicit ddx", l);
        CHECK_BITS(fbits(r.ddy[0][l]), fbits(8.0f), "implicit ddy", l);
    }
    vt_free(&t);

    one_request(IR_OP_SAMPLE_C_CL_S, setup_sample_cl, &r, &t);
    CHECK_EQ(r.kind, VM_TEX_SAMPLE_C);
    CHECK(r.has_clamp && r.want_status);
    for (unsigned l = 0; l < VM_LANES; l++) {
        CHECK_BITS(fbits(r.ref[l]), fbits(1.5f), "ref", l);
        CHECK_BITS(fbits(r.clamp[l]), 0, "clamp (denormal flushed)", l);
    }
    vt_free(&t);

    one_request(IR_OP_LD_MS, setup_ld_ms, &r, &t);
    CHECK_EQ(r.kind, VM_TEX_LD_MS);
    CHECK_EQ(r.sampler, VM_NO_SLOT);
    CHECK_EQ(r.resource, 1);
    CHECK_EQ(r.resource_dim, IR_RES_TEXTURE2DMS);
    for (unsigned l = 0; l < VM_LANES; l++) {
        for (unsigned c = 0; c < 4; c++)
            CHECK_EQ(r.address.i[c][l], -(int32_t)(l * 4 + c));
        CHECK_EQ(r.sample_index[l], (int32_t)(l * 4 + 1));
    }
    vt_free(&t);

    one_request(IR_OP_SAMPLEINFO, setup_sampleinfo, &r, &t);
    CHECK_EQ(r.resource, VM_NO_SLOT);
    CHECK_EQ(r.kind, VM_TEX_SAMPLEINFO);
    /* the count (16l + 0x100 * kind) as a float in x, 0 in y..w, through the .xxyy swizzle */
    for (unsigned l = 0; l < VM_LANES; l++) {
        float n = (float)(16 * l + 0x100u * VM_TEX_SAMPLEINFO);
        CHECK_BITS(t.out[0][0][l], fbits(n), "sampleinfo .x", l);
        CHECK_BITS(t.out[0][1][l], fbits(n), "sampleinfo .x", l);
        CHECK_BITS(t.out[0][2][l], 0, "sampleinfo .y", l);
    }
    vt_free(&t);

    one_request(IR_OP_SAMPLEPOS, setup_samplepos, &r, &t);
    CHECK_EQ(r.kind, VM_TEX_SAMPLEPOS);
    for (unsigned l = 0; l < VM_LANES; l++)
        CHECK_EQ(r.sample_index[l], (int32_t)(l * 4 + 2));
    vt_free(&t);
}

/* ---- whole programs from SM4 tokens -------------------------------------------------------------- */

static bool decode_and_load(struct enc *e, struct vt *t, struct ir_program *ir)
{
    struct tpf_error err;
    int ret = te_decode(e, ir, &err);
    if (ret) {
        harness_fail(__FILE__, __LINE__, "tpf_decode: %s", err.message);
        return false;
    }
    return vt_load(t, ir);
}

/* vs_4_0: o0 = v0 * M (dp4 rows of cb0), o1.xy = v0.xy * 0.5 + 0.5 */
TEST(vm_program_vs_transform)
{
    struct enc e;
    te_begin(&e, 1, 4, 0);
    te_dcl_cb(&e, 0, 4, false);
    te_dcl_reg(&e, 0x5f, T_INPUT, 0, 0xf);
    te_dcl_reg_name(&e, 0x67, T_OUTPUT, 0, 0xf, 1);
    te_dcl_reg(&e, 0x65, T_OUTPUT, 1, 0x3);
    for (unsigned row = 0; row < 4; row++) {
        te_ins(&e, 0x11); /* dp4 o0.<row>, v0, cb0[row] */
        te_dst(&e, T_OUTPUT, 0, 1u << row);
        te_src(&e, T_INPUT, 0, XYZW);
        te_w(&e, OPT(2, 1, XYZW, T_CB, 2));
        te_w(&e, 0);
        te_w(&e, row);
        te_end(&e);
    }
    te_ins(&e, 0x32); /* mad o1.xy, v0.xyxx, l(0.5), l(0.5) */
    te_dst(&e, T_OUTPUT, 1, 0x3);
    te_src(&e, T_INPUT, 0, SWZ(0, 1, 0, 0));
    te_imm4(&e, 0x3f000000, 0x3f000000, 0, 0);
    te_imm4(&e, 0x3f000000, 0x3f000000, 0, 0);
    te_end(&e);
    te_ins0(&e, 0x3e);
    te_finish(&e);

    struct ir_program ir;
    struct vt t;
    if (!decode_and_load(&e, &t, &ir))
        return;
    /* rows of a scale-by-2, translate-by-(1, -1, 0.5) matrix */
    static const float m[16] = {2, 0, 0, 1, 0, 2, 0, -1, 0, 0, 2, 0.5f, 0, 0, 0, 1};
    uint32_t cb[16];
    for (unsigned k = 0; k < 16; k++)
        cb[k] = fbits(m[k]);
    t.env.cb[0].data = cb;
    t.env.cb[0].size = 4;
    for (unsigned l = 0; l < VM_LANES; l++) {
        t.in[0][0][l] = fbits((float)l - 8.0f);
        t.in[0][1][l] = fbits((float)l * 0.25f);
        t.in[0][2][l] = fbits(1.0f / 8.0f * (float)l);
        t.in[0][3][l] = fbits(1.0f);
    }
    vt_run(&t, VM_ALL_LANES);
    for (unsigned l = 0; l < VM_LANES; l++) {
        float x = (float)l - 8.0f, y = (float)l * 0.25f, z = (float)l / 8.0f;
        CHECK_BITS(t.out[0][0][l], fbits(2 * x + 1), "pos.x", l);
        CHECK_BITS(t.out[0][1][l], fbits(2 * y - 1), "pos.y", l);
        CHECK_BITS(t.out[0][2][l], fbits(2 * z + 0.5f), "pos.z", l);
        CHECK_BITS(t.out[0][3][l], fbits(1.0f), "pos.w", l);
        CHECK_BITS(t.out[1][0][l], fbits(x * 0.5f + 0.5f), "uv.x", l);
        CHECK_BITS(t.out[1][1][l], fbits(y * 0.5f + 0.5f), "uv.y", l);
        CHECK_BITS(t.out[1][2][l], 0, "o1.z undeclared", l);
    }
    vt_free(&t);
    ir_program_free(&ir);
}

/* ps_4_0: o0.x = itof(factorial(ftoi(v0.x))) with a loop, discard where v0.x >= 5 */
TEST(vm_program_ps_factorial_discard)
{
    struct enc e;
    te_begin(&e, 0, 4, 0);
    te_dcl_reg(&e, OPC(0x62, 2u << 11), T_INPUT, 0, 0x1);
    te_dcl_reg(&e, 0x65, T_OUTPUT, 0, 0xf);
    te_dcl_temps(&e, 2);
    te_ins(&e, 0x1b);                       /* ftoi r0.x, v0.x */
    te_dst(&e, T_TEMP, 0, 0x1);
    te_src1(&e, T_INPUT, 0, 0);
    te_end(&e);
    te_ins(&e, 0x36);                       /* mov r0.y, l(1) */
    te_dst(&e, T_TEMP, 0, 0x2);
    te_imm1(&e, 1);
    te_end(&e);
    te_ins0(&e, 0x30);                      /* loop */
    te_ins(&e, 0x22);                       /* ilt r1.x, r0.x, l(1) */
    te_dst(&e, T_TEMP, 1, 0x1);
    te_src1(&e, T_TEMP, 0, 0);
    te_imm1(&e, 1);
    te_end(&e);
    te_ins(&e, OPC(0x03, NZ_BIT));          /* breakc_nz r1.x */
    te_src1(&e, T_TEMP, 1, 0);
    te_end(&e);
    te_ins(&e, 0x26);                       /* imul null, r0.y, r0.y, r0.x */
    te_null(&e);
    te_dst(&e, T_TEMP, 0, 0x2);
    te_src1(&e, T_TEMP, 0, 1);
    te_src1(&e, T_TEMP, 0, 0);
    te_end(&e);
    te_ins(&e, 0x1e);                       /* iadd r0.x, r0.x, l(-1) */
    te_dst(&e, T_TEMP, 0, 0x1);
    te_src1(&e, T_TEMP, 0, 0);
    te_imm1(&e, 0xffffffffu);
    te_end(&e);
    te_ins0(&e, 0x16);                      /* endloop */
    te_ins(&e, 0x2b);                       /* itof o0.x, r0.y */
    te_dst(&e, T_OUTPUT, 0, 0x1);
    te_src1(&e, T_TEMP, 0, 1);
    te_end(&e);
    te_ins(&e, 0x1d);                       /* ge r1.y, v0.x, l(5.0) */
    te_dst(&e, T_TEMP, 1, 0x2);
    te_src1(&e, T_INPUT, 0, 0);
    te_imm1(&e, 0x40a00000);
    te_end(&e);
    te_ins(&e, OPC(0x0d, NZ_BIT));          /* discard_nz r1.y */
    te_src1(&e, T_TEMP, 1, 1);
    te_end(&e);
    te_ins(&e, 0x36);                       /* mov o0.yzw, l(0, 0.5, 0, 1) */
    te_dst(&e, T_OUTPUT, 0, 0xe);
    te_imm4(&e, 0, 0x3f000000, 0, 0x3f800000);
    te_end(&e);
    te_ins0(&e, 0x3e);
    te_finish(&e);

    struct ir_program ir;
    struct vt t;
    if (!decode_and_load(&e, &t, &ir))
        return;
    for (unsigned l = 0; l < VM_LANES; l++)
        t.in[0][0][l] = fbits(0.5f * (float)l - 0.25f);
    uint32_t alive = vt_run(&t, VM_ALL_LANES);
    for (unsigned l = 0; l < VM_LANES; l++) {
        float v = 0.5f * (float)l - 0.25f;
        int n = (int)v;
        uint32_t f = 1;
        for (int k = 2; k <= n; k++)
            f *= (uint32_t)k;
        bool live = !(v >= 5.0f);
        CHECK_EQ((alive >> l) & 1, live);
        CHECK_BITS(t.out[0][0][l], fbits((float)f), "factorial", l);
        CHECK_BITS(t.out[0][1][l], live ? fbits(0.5f) : 0, "after discard", l);
        CHECK_BITS(t.out[0][3][l], live ? fbits(1.0f) : 0, "after discard", l);
    }
    vt_free(&t);
    ir_program_free(&ir);
}

/* The tpf tests' sample programs run, deterministically, whatever a previous run left. */
TEST(vm_program_samples_run)
{
    struct enc e;
    struct ir_program ir;
    struct vt t;

    te_build_ps_flow(&e);
    if (decode_and_load(&e, &t, &ir)) {
        CHECK_EQ(vt_run(&t, VM_ALL_LANES), VM_ALL_LANES);
        CHECK(!t.env.aborted);
        vt_free(&t);
        ir_program_free(&ir);
    }

    te_build_vs_alu(&e);
    if (decode_and_load(&e, &t, &ir)) {
        uint32_t cb0[32], cb2[16];
        for (unsigned k = 0; k < 32; k++)
            cb0[k] = fbits((float)k * 0.5f);
        for (unsigned k = 0; k < 16; k++)
            cb2[k] = fbits(1.0f - (float)k);
        t.env.cb[0].data = cb0;
        t.env.cb[0].size = 8;
        t.env.cb[2].data = cb2;
        t.env.cb[2].size = 4;
        for (unsigned l = 0; l < VM_LANES; l++)
            for (unsigned c = 0; c < 4; c++) {
                t.in[0][c][l] = fbits((float)(l + c) * 0.75f);
                t.in[1][c][l] = fbits(-(float)l);
                t.in[2][c][l] = l;
            }
        vt_run(&t, VM_ALL_LANES);
        vm_reg first[4];
        memcpy(first, t.out, sizeof(first));
        /* o0.x = dp4(v0 * cb0[2], (1, 2, 3, 4)): r1.x is 0 at the start (temps start at 0) */
        for (unsigned l = 0; l < VM_LANES; l++) {
            float s = 0;
            for (unsigned c = 0; c < 4; c++) {
                float p = bitsf(t.in[0][c][l]) * bitsf(cb0[8 + c]);
                s = c ? s + p * (float)(c + 1) : p;
            }
            CHECK_BITS(t.out[0][0][l], fbits(s), "vs_alu o0.x", l);
        }
        /* dirty the state with another program, then run again: identical */
        struct vt other;
        vt_begin(&other, IR_SHADER_VERTEX, 4, 0, 1);
        for (unsigned r = 0; r < 4; r++)
            mov(&other, vt_r(r, 0xf), vt_u(0xdeadbeefu));
        if (vt_finish(&other) && vm_state_fits(t.st, other.prog))
            vm_run(other.prog, t.st, &other.env, VM_ALL_LANES);
        vt_free(&other);
        vt_run(&t, VM_ALL_LANES);
        CHECK(!memcmp(first, t.out, sizeof(first)));
        vt_free(&t);
        ir_program_free(&ir);
    }
}

/* ---- hostile input --------------------------------------------------------------------------------- */

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s;
}

/* Answers garbage for every lane, active or not. */
static void garbage_cb(void *ctx, const struct vm_sample_request *req, struct vm_sample_result *res)
{
    uint32_t *seed = ctx;
    (void)req;
    for (unsigned c = 0; c < 4; c++)
        for (unsigned l = 0; l < VM_LANES; l++)
            res->value[c][l] = lcg(seed);
    for (unsigned l = 0; l < VM_LANES; l++)
        res->status[l] = lcg(seed);
}

/* Every non-flow opcode the decoder maps, on random registers, with a callback answering
 * random bits: nothing may read or write outside the VM's arrays (the ASan build checks). */
TEST(vm_hostile_every_opcode_random)
{
    struct enc e;
    struct ir_program ir;
    struct vt t;
    te_build_every_opcode(&e, NULL);
    if (!decode_and_load(&e, &t, &ir))
        return;
    uint32_t seed = 12345;
    t.env.sample = garbage_cb;
    t.env.sample_ctx = &seed;
    for (unsigned round = 0; round < 64; round++) {
        for (unsigned c = 0; c < 4; c++)
            for (unsigned l = 0; l < VM_LANES; l++)
                t.in[0][c][l] = lcg(&seed);
        vt_run(&t, lcg(&seed));
    }
    vt_free(&t);
    ir_program_free(&ir);
}

/* Relative indices from random bits into every indexable file. */
TEST(vm_hostile_relative_indices)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 2, 3, 4);
    ir_program_add_cbuffer(&t.ir, 3, 0)->dynamic = 1;
    ir_program_add_indexable_temp(&t.ir, 0, 3, 4);
    ir_program_add_index_range(&t.ir, IR_FILE_INPUT, 0, 3, 0xf);
    ir_program_add_index_range(&t.ir, IR_FILE_OUTPUT, 1, 3, 0xf);
    uint32_t icb[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    ir_program_set_icb(&t.ir, icb, 2);
    struct ir_operand rel[4];
    for (unsigned k = 0; k < 4; k++) {
        memset(&rel[k], 0, sizeof(rel[k]));
        rel[k].index[0].rel.file = IR_FILE_INPUT;
        rel[k].index[0].rel.reg = 2;
        rel[k].index[0].rel.component = (uint8_t)k;
    }
    struct ir_instruction *i;
    i = vt_ins(&t, IR_OP_MOV);        /* x0[v2.x + 1] = v0 */
    i->dst[0] = ir_reg(IR_FILE_INDEXABLE_TEMP, 0, 1);
    i->dst[0].mask = 0xf;
    i->dst[0].index[1].rel = rel[0].index[0].rel;
    i->src[0] = vt_v(0, IR_SWIZZLE_XYZW);
    i = vt_ins(&t, IR_OP_ADD);        /* r0 = cb3[v2.y + 7] + icb[v2.z] */
    i->dst[0] = vt_r(0, 0xf);
    i->src[0] = ir_reg(IR_FILE_CONSTANT_BUFFER, 3, 7);
    i->src[0].index[1].rel = rel[1].index[0].rel;
    i->src[1] = ir_reg(IR_FILE_IMMEDIATE_CB, 0, 0);
    i->src[1].index[0].rel = rel[2].index[0].rel;
    i = vt_ins(&t, IR_OP_MOV);        /* o[v2.w + 1] = x0[v2.w] + v[v2.x] */
    i->dst[0] = vt_o(1, 0xf);
    i->dst[0].index[0].rel = rel[3].index[0].rel;
    i->src[0] = ir_reg(IR_FILE_INDEXABLE_TEMP, 0, 0);
    i->src[0].index[1].rel = rel[3].index[0].rel;
    i = vt_ins(&t, IR_OP_MOV);
    i->dst[0] = vt_o(0, 0xf);
    i->src[0] = vt_v(0, IR_SWIZZLE_XYZW);
    i->src[0].index[0].rel = rel[0].index[0].rel;
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    uint32_t cb[4 * 9];
    for (unsigned k = 0; k < 36; k++)
        cb[k] = k;
    t.env.cb[3].data = cb;
    t.env.cb[3].size = 9;
    uint32_t seed = 99;
    static const uint32_t specials[] = {0, 1, 2, 3, 0x7fffffffu, 0x80000000u, 0xffffffffu,
                                        0xfffffff9u, 0x80000001u, 8, 9};
    for (unsigned round = 0; round < 200; round++) {
        for (unsigned r = 0; r < 3; r++)
            for (unsigned c = 0; c < 4; c++)
                for (unsigned l = 0; l < VM_LANES; l++) {
                    uint32_t v = lcg(&seed);
                    t.in[r][c][l] = round & 1 ? specials[v % 11] : v;
                }
        vt_run(&t, lcg(&seed) | 1);
        /* lane 0: r0 is not an output, but o0 = v[v2.x] is checkable */
        int64_t idx = (int64_t)(int32_t)t.in[2][0][0];
        for (unsigned c = 0; c < 4; c++)
            CHECK_BITS(t.out[0][c][0], idx >= 0 && idx < 3 ? t.in[idx][c][0] : 0, "v[v2.x]", c);
    }
    vt_free(&t);
}
