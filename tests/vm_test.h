/* tests/vm_test.h — helpers shared by the VM tests (test_vm.c, test_vm_flow.c): a program built
 * by hand in IR, validated, prepared, and run on one batch with inputs and outputs the test owns.
 *
 *   struct vt t;
 *   vt_begin(&t, IR_SHADER_PIXEL, 4, 2, 1);   temps, inputs v0..v1 (xyzw), outputs o0 (xyzw)
 *   struct ir_instruction *i = vt_ins(&t, IR_OP_ADD);
 *   i->dst[0] = ir_dst(IR_FILE_OUTPUT, 0, 0xf); i->src[0] = ... ;
 *   if (!vt_finish(&t)) return;               validate + vm_program_create + vm_state_create
 *   t.in[0][c][lane] = ...; vt_run(&t, VM_ALL_LANES); ... t.out[0][c][lane] ...
 *   vt_free(&t);
 */
#ifndef SOFTD3D_TESTS_VM_TEST_H
#define SOFTD3D_TESTS_VM_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "harness.h"
#include "shader/ir.h"
#include "vm/vm.h"

#define VT_MAX_IO 8

struct vt {
    struct ir_program ir;
    struct vm_program *prog;
    struct vm_state *st;
    struct vm_env env;
    vm_reg in[VT_MAX_IO];
    vm_reg out[VT_MAX_IO];
};

void vt_begin(struct vt *t, enum ir_shader_type type, uint32_t temps, uint32_t inputs,
              uint32_t outputs);
struct ir_instruction *vt_ins(struct vt *t, enum ir_opcode op);
bool vt_finish(struct vt *t);                 /* CHECKs and returns false on failure */
bool vt_load(struct vt *t, const struct ir_program *ir); /* prepare an existing program */
uint32_t vt_run(struct vt *t, uint32_t mask);
void vt_free(struct vt *t);

/* Operand shorthands. */
struct ir_operand vt_r(uint32_t reg, uint8_t mask);            /* r# destination */
struct ir_operand vt_rs(uint32_t reg, uint8_t swizzle);        /* r# source */
struct ir_operand vt_o(uint32_t reg, uint8_t mask);            /* o# destination */
struct ir_operand vt_v(uint32_t reg, uint8_t swizzle);         /* v# source */
struct ir_operand vt_f(float value);                           /* literal, replicated */
struct ir_operand vt_u(uint32_t value);

uint32_t fbits(float f);
float bitsf(uint32_t u);

#define SWZ_X IR_SWIZZLE(0, 0, 0, 0)
#define SWZ_Y IR_SWIZZLE(1, 1, 1, 1)
#define SWZ_Z IR_SWIZZLE(2, 2, 2, 2)
#define SWZ_W IR_SWIZZLE(3, 3, 3, 3)

/* Bits compared exactly, printed in hex with a label. */
#define CHECK_BITS(got, want, what, idx)                                                        \
    do {                                                                                      \
        uint32_t g_ = (got), w_ = (want);                                                     \
        if (g_ != w_)                                                                         \
            harness_fail(__FILE__, __LINE__, "%s [%u]: got 0x%08x, want 0x%08x", (what),       \
                         (unsigned)(idx), (unsigned)g_, (unsigned)w_);                        \
    } while (0)

#endif /* SOFTD3D_TESTS_VM_TEST_H */
