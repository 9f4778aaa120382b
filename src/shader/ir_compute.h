/* src/shader/ir_compute.h — the compute-program part of the IR validator (ir_compute.c):
 * dcl_thread_group, UAV and group-shared-memory declarations, and the operand roles of the
 * memory instructions (IR_OPF_MEM).  ir.c calls these from ir_validate. */
#ifndef SOFTD3D_SHADER_IR_COMPUTE_H
#define SOFTD3D_SHADER_IR_COMPUTE_H

#include <stdbool.h>

#include "shader/ir.h"

/* vThreadID, vThreadGroupID, vThreadIDInGroup(Flattened). */
bool ir_file_is_cs_id(unsigned file);
const struct ir_uav *ir_find_uav(const struct ir_program *p, uint32_t slot);
const struct ir_tgsm *ir_find_tgsm(const struct ir_program *p, uint32_t reg);
const struct ir_resource *ir_find_resource(const struct ir_program *p, uint32_t slot);

/* cs_4_0 / cs_4_1 (the D3D10_X_HARDWARE_OPTIONS subset). */
bool ir_is_cs4(const struct ir_program *p);
/* D3D11.3 18.7.2.8: the group-shared bytes a cs_4_x thread may write, for `threads` threads
 * in the group (0 above 768). */
uint32_t ir_cs4_tgsm_bytes_per_thread(uint32_t threads);

/* 0, or -1 with a message (and *offset the declaration's). */
int ir_compute_check_decls(const struct ir_program *p, char *msg, size_t size, size_t *offset);
/* The roles of one memory instruction (its operands passed check_operand already). */
int ir_compute_check_mem(const struct ir_program *p, const struct ir_instruction *ins,
                         char *msg, size_t size);

#endif
