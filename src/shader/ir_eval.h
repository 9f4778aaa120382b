/* src/shader/ir_eval.h — the pull-model part of the IR validator (ir_eval.c): what the
 * eval_snapped / eval_sample_index / eval_centroid instructions may name.  ir.c calls it from
 * ir_validate. */
#ifndef SOFTD3D_SHADER_IR_EVAL_H
#define SOFTD3D_SHADER_IR_EVAL_H

#include <stddef.h>

#include "shader/ir.h"

/* Whether op is one of the three (IR_OP_EVAL_SNAPPED ... IR_OP_EVAL_CENTROID). */
static inline int ir_op_is_eval(unsigned op)
{
    return op >= IR_OP_EVAL_SNAPPED && op <= IR_OP_EVAL_CENTROID;
}

/* The attribute operand of one eval_* instruction (its operands passed check_operand
 * already): 0, or -1 with a message. */
int ir_eval_check(const struct ir_program *p, const struct ir_instruction *ins, char *msg,
                  size_t size);

#endif
