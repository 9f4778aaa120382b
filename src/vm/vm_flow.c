/* src/vm/vm_flow.c — structured control flow over lanes: execution masks and their stacks.
 *
 * x->exec holds the lanes executing now.  Every construct parks the lanes it takes out of
 * exec in its frame and gives them back where the construct ends, so no lane is ever lost or
 * resumed early (spec 22.7, "Flow Control Instructions"):
 *
 *   if c        pending = exec & ~c (the else lanes); exec &= c
 *   else        swap exec and pending (then-survivors wait, else lanes run)
 *   endif       exec |= pending
 *   loop        brk = cont = 0
 *   break(c)    innermost loop or switch: brk |= lanes; exec &= ~lanes
 *   continue(c) innermost loop: cont |= lanes; exec &= ~lanes
 *   endloop     exec |= cont, cont = 0; lanes left -> back to the top; none -> exec = brk, exit
 *   switch s    entry = exec, matched = 0, exec = 0
 *   case v      joining = entry & ~matched & (s == v); matched |= joining; exec |= joining
 *               (the lanes already running fall through into this case's code)
 *   default     joining = entry & ~matched & (s equal to none of the switch's case literals)
 *   endswitch   exec |= brk | (entry & ~matched)   (lanes that matched nothing skip it)
 *   ret(c)      the function's ret_mask |= lanes; exec &= ~lanes; they come back at its end
 *   call(c) l   the callee runs on the calling lanes; at its end exec = its survivors |
 *               its ret_mask | the caller's lanes that did not call (callc)
 *   discard(c)  killed |= lanes; exec &= ~lanes, for the rest of the program
 *
 * The masks parked in frames never overlap exec (a lane is parked only when it leaves exec),
 * which is why discard and ret need to touch nothing but exec.
 *
 * Skipping: a construct entered with no lane is jumped over whole (if -> past its endif,
 * loop -> past its endloop, switch -> past its endswitch, all known from the links);
 * instructions met with exec == 0 inside a construct cost one test each.  A case that
 * leaves exec empty jumps to the next case label (its link).
 *
 * Defence: the validator guarantees proper nesting; a frame stack that would still overflow or
 * underflow (IR that skipped validation) stops the run instead of touching memory.
 */
#include "vm/vm_private.h"

static struct vm_frame *push(struct vm_exec *x, uint8_t kind)
{
    if (x->fsp >= x->st->frame_capacity) {
        x->stop = true;
        return NULL;
    }
    struct vm_frame *f = &x->st->frames[x->fsp++];
    f->kind = kind;
    f->pending = f->brk = f->cont = f->matched = f->entry = 0;
    return f;
}

/* The innermost open frame of this function, if it is of `kind`. */
static struct vm_frame *top(struct vm_exec *x, uint8_t kind)
{
    const struct vm_call *c = &x->st->calls[x->csp - 1];
    if (x->fsp <= c->frame_base || x->st->frames[x->fsp - 1].kind != kind) {
        x->stop = true;
        return NULL;
    }
    return &x->st->frames[x->fsp - 1];
}

/* The innermost loop (or, for break, loop or switch) of this function. */
static struct vm_frame *breakable(struct vm_exec *x, bool switch_too)
{
    const struct vm_call *c = &x->st->calls[x->csp - 1];
    for (uint32_t i = x->fsp; i > c->frame_base; i--) {
        struct vm_frame *f = &x->st->frames[i - 1];
        if (f->kind == VM_FRAME_LOOP || (switch_too && f->kind == VM_FRAME_SWITCH))
            return f;
    }
    x->stop = true;
    return NULL;
}

static uint32_t case_match(const struct vm_frame *f, uint32_t value)
{
    uint32_t m = 0;
    VM_FOR_LANES(l) m |= (uint32_t)(f->sel[l] == value) << l;
    return m;
}

uint32_t vm_flow_step(struct vm_exec *x, uint32_t pc)
{
    const struct vm_program *prog = x->prog;
    const struct vm_ins *in = &prog->ins[pc];
    struct vm_frame *f;
    uint32_t lanes;

    switch (in->op) {
    case IR_OP_IF:
        if (!x->exec)
            return in->aux + 1;
        lanes = vm_cond(x, in, 0);
        if (!(f = push(x, VM_FRAME_IF)))
            return pc;
        f->pending = x->exec & ~lanes;
        x->exec = lanes;
        return x->exec ? pc + 1 : in->link;  /* the else (run it) or the endif */
    case IR_OP_ELSE:
        if (!(f = top(x, VM_FRAME_IF)))
            return pc;
        lanes = x->exec;
        x->exec = f->pending;
        f->pending = lanes;
        return x->exec ? pc + 1 : in->link;
    case IR_OP_ENDIF:
        if (!(f = top(x, VM_FRAME_IF)))
            return pc;
        x->exec |= f->pending;
        x->fsp--;
        return pc + 1;
    case IR_OP_LOOP:
        if (!x->exec)
            return in->link + 1;
        if (!push(x, VM_FRAME_LOOP))
            return pc;
        return pc + 1;
    case IR_OP_ENDLOOP:
        if (!(f = top(x, VM_FRAME_LOOP)))
            return pc;
        x->exec |= f->cont;
        f->cont = 0;
        if (x->exec) {
            /* softd3d's time limit, like a GPU's (vm.h) */
            if (++x->iterations > x->max_iterations) {
                x->stop = true;
                return pc;
            }
            return in->link + 1;
        }
        x->exec = f->brk;
        x->fsp--;
        return pc + 1;
    case IR_OP_BREAK:
    case IR_OP_BREAKC:
        lanes = in->op == IR_OP_BREAK ? x->exec : (x->exec ? vm_cond(x, in, 0) : 0);
        if (lanes) {
            if (!(f = breakable(x, true)))
                return pc;
            f->brk |= lanes;
            x->exec &= ~lanes;
        }
        return pc + 1;
    case IR_OP_CONTINUE:
    case IR_OP_CONTINUEC:
        lanes = in->op == IR_OP_CONTINUE ? x->exec : (x->exec ? vm_cond(x, in, 0) : 0);
        if (lanes) {
            if (!(f = breakable(x, false)))
                return pc;
            f->cont |= lanes;
            x->exec &= ~lanes;
        }
        return pc + 1;
    case IR_OP_SWITCH: {
        if (!x->exec)
            return in->aux + 1;
        vm_reg sel;
        vm_fetch(x, &in->src[0], 1, sel);
        if (!(f = push(x, VM_FRAME_SWITCH)))
            return pc;
        f->entry = x->exec;
        memcpy(f->sel, sel[0], sizeof(f->sel));
        x->exec = 0;
        return pc + 1;
    }
    case IR_OP_CASE:
    case IR_OP_DEFAULT:
        if (!(f = top(x, VM_FRAME_SWITCH)))
            return pc;
        if (in->op == IR_OP_CASE) {
            lanes = case_match(f, in->case_value);
        } else {
            /* default: the lanes whose selector equals no case of the switch (the first
             * matching case wins for duplicates, ir.h) */
            const struct vm_ins *sw = &prog->ins[in->aux];
            lanes = VM_ALL_LANES;
            for (uint32_t k = 0; k < sw->case_count && lanes; k++)
                lanes &= ~case_match(f, prog->case_values[sw->case_first + k]);
        }
        lanes &= f->entry & ~f->matched;
        f->matched |= lanes;
        x->exec |= lanes;
        return x->exec ? pc + 1 : in->link;
    case IR_OP_ENDSWITCH:
        if (!(f = top(x, VM_FRAME_SWITCH)))
            return pc;
        x->exec |= f->brk | (f->entry & ~f->matched);
        x->fsp--;
        return pc + 1;
    case IR_OP_RET:
    case IR_OP_RETC: {
        lanes = in->op == IR_OP_RET ? x->exec : (x->exec ? vm_cond(x, in, 0) : 0);
        struct vm_call *c = &x->st->calls[x->csp - 1];
        c->ret_mask |= lanes;
        x->exec &= ~lanes;
        /* nothing left to run and no construct that could give lanes back: leave now */
        if (!x->exec && x->fsp == c->frame_base)
            return c->end;
        return pc + 1;
    }
    case IR_OP_CALL:
    case IR_OP_CALLC: {
        lanes = in->op == IR_OP_CALL ? x->exec : (x->exec ? vm_cond(x, in, 0) : 0);
        if (!lanes)
            return pc + 1;
        if (x->csp > IR_MAX_CALL_DEPTH) {
            x->stop = true;
            return pc;
        }
        struct vm_call *c = &x->st->calls[x->csp++];
        c->ret_pc = pc + 1;
        c->end = prog->ins[in->link].link;   /* the label's link: one past its body */
        c->frame_base = x->fsp;
        c->ret_mask = 0;
        c->uncalled = x->exec & ~lanes;
        x->exec = lanes;
        return in->link + 1;
    }
    default:
        /* a label is never reached by falling through: functions end before it */
        return x->st->calls[x->csp - 1].end;
    }
}

/* discard_z / discard_nz (spec 22.7, flow control): the lanes passing the test stop for the rest of
 * the program and are reported by vm_run.  Not a structured construct: nothing to park. */
static void op_discard(struct vm_exec *x, const struct vm_ins *in)
{
    uint32_t lanes = vm_cond(x, in, 0);
    x->killed |= lanes;
    x->exec &= ~lanes;
}

static void op_nop(struct vm_exec *x, const struct vm_ins *in)
{
    (void)x;
    (void)in;
}

vm_op_fn vm_flow_fn(unsigned op)
{
    switch (op) {
    case IR_OP_DISCARD:
        return op_discard;
    case IR_OP_NOP:
        return op_nop;
    default:
        return NULL;
    }
}
