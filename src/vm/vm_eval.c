/* src/vm/vm_eval.c — pull-model attribute evaluation (ps_5_0; D3D11.3 functional spec 16.5,
 * 22.4.23 eval_sample_index, 22.4.24 eval_centroid, 22.4.25 eval_snapped).
 *
 * The VM does not interpolate: the caller filled v# before the run.  An eval_* instruction
 * asks the caller again, through vm_env.eval (vm.h), for the input register evaluated at
 * another point of each lane's pixel; the VM's part is the operands:
 *   - the register per lane: the v# index, relative parts added (16.5.1: an index range
 *     applies to eval_* as to plain reads); a lane whose index falls outside the register
 *     file reads 0, as every read outside does (vm.h);
 *   - eval_snapped's offset: "only the least significant 4 bits of the first two components
 *     (U, V) ... are used", sign-extended to -8..7 sixteenths (16.5.3); the other bits are
 *     ignored;
 *   - eval_sample_index's index: component 0 (a scalar operand), unsigned;
 * and then what a plain read of v# does: undeclared components read 0, the swizzle, the float
 * modifiers (sign-bit operations: "source modifiers -/_abs are sign-bit operations on float
 * instructions", vm.h), _sat and the write mask.  Without a callback each lane gets its own
 * v# value (a VM run with no rasterizer behind it). */
#include "vm/vm_private.h"

static void op_eval(struct vm_exec *x, const struct vm_ins *in)
{
    const struct vm_opnd *v = &in->src[0];
    const struct vm_env *env = x->env;
    struct vm_eval_request req;
    vm_reg raw, out;

    req.kind = in->op == IR_OP_EVAL_SNAPPED ? VM_EVAL_SNAPPED :
               in->op == IR_OP_EVAL_SAMPLE_INDEX ? VM_EVAL_SAMPLE_INDEX : VM_EVAL_CENTROID;
    req.mask = 0;
    VM_FOR_LANES(l) {
        int64_t r = (x->exec >> l & 1u) ? vm_lane_index(x, v, l) : -1;
        req.reg[l] = r >= 0 ? (uint32_t)r : 0;
        req.dx[l] = req.dy[l] = 0;
        req.sample[l] = 0;
        if (r >= 0)
            req.mask |= 1u << l;
    }
    if (req.kind == VM_EVAL_SNAPPED) {
        vm_reg off;
        vm_fetch(x, &in->src[1], 3, off);
        VM_FOR_LANES(l) {
            int32_t u = (int32_t)(off[0][l] & 15u), w = (int32_t)(off[1][l] & 15u);
            req.dx[l] = u >= 8 ? u - 16 : u;
            req.dy[l] = w >= 8 ? w - 16 : w;
        }
    } else if (req.kind == VM_EVAL_SAMPLE_INDEX) {
        vm_reg s;
        vm_fetch(x, &in->src[1], 1, s);
        VM_FOR_LANES(l)
            req.sample[l] = s[0][l];
    }
    vm_zero_words(raw, sizeof(raw));
    if (req.mask && env->eval) {
        env->eval(env->eval_ctx, &req, &raw);
    } else if (req.mask && env->inputs) {
        VM_FOR_LANES(l)
            if (req.mask >> l & 1u)
                for (unsigned c = 0; c < 4; c++)
                    raw[c][l] = env->inputs[req.reg[l]][c][l];
    }
    VM_FOR_LANES(l) {
        uint8_t declared = (req.mask >> l & 1u) ? x->prog->in_mask[req.reg[l]] : 0;
        for (unsigned c = 0; c < 4; c++) {
            uint32_t u = (declared >> v->swz[c] & 1u) ? raw[v->swz[c]][l] : 0;
            if (v->mods & IR_MOD_ABS)
                u &= 0x7fffffffu;
            if (v->mods & IR_MOD_NEG)
                u ^= 0x80000000u;
            out[c][l] = u;
        }
    }
    vm_store(x, in, 0, out, in->saturate);
}

vm_op_fn vm_pull_fn(unsigned op)
{
    switch (op) {
    case IR_OP_EVAL_SNAPPED:
    case IR_OP_EVAL_SAMPLE_INDEX:
    case IR_OP_EVAL_CENTROID:
        return op_eval;
    default:
        return NULL;
    }
}
