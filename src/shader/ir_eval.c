/* src/shader/ir_eval.c — the rules of pull-model attribute evaluation (D3D11.3 functional
 * spec 16.5 and the instruction pages 22.4.23 eval_sample_index, 22.4.24 eval_centroid,
 * 22.4.25 eval_snapped) that ir_validate checks:
 *   - pixel programs only, shader model 5 (the opcode table: IR_OPF_PIXEL; tpf_table.c SM5);
 *   - the attribute operand is an input register v# ("srcResource"), declared (its
 *     interpolation mode is what the evaluation honours);
 *   - never SV_Position: "srcResource cannot be position" (22.4.23-25; 16.5: "position is the
 *     one attribute that cannot be 'pulled'");
 *   - a relative index only inside a dcl_indexRange (16.5.1; check_operand enforces it), and
 *     then no register of that range may be SV_Position.
 * Constant-interpolated inputs are allowed: "Attributes with constant interpolation also
 * allowed, in which case [the location] has no effect on the result" (16.5).  The offset and
 * the sample index are ordinary value sources. */
#include "shader/ir_eval.h"

#include <stdio.h>

/* -1: r is not declared; 1: declared, SV_Position among its declarations; 0: declared. */
static int input_state(const struct ir_program *p, uint32_t r)
{
    int state = -1;
    for (uint32_t i = 0; i < p->inputs.count; i++) {
        const struct ir_io_decl *d = &p->inputs.items[i];
        if (d->file != IR_FILE_INPUT || d->reg != r)
            continue;
        if (d->sysval == IR_SV_POSITION)
            return 1;
        state = 0;
    }
    return state;
}

int ir_eval_check(const struct ir_program *p, const struct ir_instruction *ins, char *msg,
                  size_t size)
{
    const struct ir_operand *v = &ins->src[0];
    if (v->file != IR_FILE_INPUT) {
        snprintf(msg, size, "source 0 must be an input register v# (the attribute)");
        return -1;
    }
    uint32_t first = v->index[0].offset, count = 1;
    if (v->index[0].rel.file != IR_FILE_NULL) {
        /* the index range the relative index lies in (check_operand found one) */
        count = 0;
        for (uint32_t i = 0; i < p->index_ranges.count; i++) {
            const struct ir_index_range *ir = &p->index_ranges.items[i];
            if (ir->file == IR_FILE_INPUT && first >= ir->first && first - ir->first < ir->count) {
                first = ir->first;
                count = ir->count;
                break;
            }
        }
    }
    for (uint32_t r = first; r - first < count; r++) {
        int s = input_state(p, r);
        if (s < 0) {
            snprintf(msg, size, "v%u is not declared", (unsigned)r);
            return -1;
        }
        if (s > 0) {
            snprintf(msg, size, "v%u is SV_Position, which cannot be evaluated (16.5)",
                     (unsigned)r);
            return -1;
        }
    }
    return 0;
}
