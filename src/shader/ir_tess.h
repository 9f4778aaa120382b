/* src/shader/ir_tess.h — the hull and domain parts of ir_validate (ir_tess.c): the tessellator
 * declarations, the phase structure of a hull program, and the registers only hull and domain
 * programs have.  Internal to src/shader (ir.c calls these). */
#ifndef SOFTD3D_SHADER_IR_TESS_H
#define SOFTD3D_SHADER_IR_TESS_H

#include "shader/ir.h"

/* vocp, vpc, vDomain, vOutputControlPointID, vForkInstanceID, vJoinInstanceID. */
bool ir_tess_input_file(unsigned file);

/* The program's tessellation declarations (none outside hull and domain programs). */
int ir_tess_check_declarations(const struct ir_program *prog, struct ir_error *err);

/* A dcl_input of one of ir_tess_input_file's files; marks 0-D ones in specials. */
int ir_tess_check_input(const struct ir_program *prog, const struct ir_io_decl *d,
                        bool *specials, struct ir_error *err);

/* An operand of one of those files in instruction `ins` (at byte offset `off`). */
int ir_tess_check_operand(const struct ir_program *prog, const struct ir_operand *op,
                          const bool *specials, struct ir_error *err, uint32_t ins, size_t off);

#endif
