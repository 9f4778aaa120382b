/* src/vm/vm.c — the VM's program preparation, register files, operand access and interpreter
 * loop (see vm.h for the model; vm_private.h for the prepared form).
 *
 * Preparation resolves every operand once (register file -> enum vm_loc, x# -> pool offset,
 * undeclared input components -> "reads 0", the function of every opcode), so the loop only
 * follows pointers.  It also re-checks the few facts an out-of-bounds access would hinge on
 * (register numbers against the declared counts, links inside the program): ir_validate
 * guarantees them, and checking costs nothing here, so a program that skipped validation is
 * refused instead of trusted.  Run time checks what validation cannot: relative indices
 * (bounds-checked per lane) and the frame stack (never pushed past its capacity).
 */
#include "vm/vm_private.h"
#include "jit/jit.h"
#include "util/fpmode.h"
#include "util/simd.h"

#include <stdlib.h>

/* ---- preparation ---------------------------------------------------------------------------- */

struct xmap {
    uint32_t reg, base, size, comps;
};

static int xmap_cmp(const void *a, const void *b)
{
    const struct xmap *p = a, *q = b;
    return p->reg < q->reg ? -1 : p->reg > q->reg;
}

struct prep {
    const struct ir_program *ir;
    struct vm_program *prog;
    struct xmap *xs;
    uint32_t nxs;
    uint32_t ncases;     /* capacity of prog->case_values */
};

static const struct xmap *find_x(const struct prep *p, uint32_t reg)
{
    uint32_t lo = 0, hi = p->nxs;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (p->xs[mid].reg < reg)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < p->nxs && p->xs[lo].reg == reg ? &p->xs[lo] : NULL;
}

/* The relative part of an index.  Returns false when it names a register that does not exist. */
static bool prep_rel(const struct prep *p, const struct ir_rel *rel, struct vm_opnd *o)
{
    const struct ir_program *ir = p->ir;
    o->rel_comp = rel->component & 3;
    switch (rel->file) {
    case IR_FILE_NULL:
        o->rel_loc = VM_LOC_NONE;
        return true;
    case IR_FILE_TEMP:
        o->rel_loc = VM_LOC_TEMP;
        o->rel_reg = rel->reg;
        return rel->reg < ir->temp_count;
    case IR_FILE_INDEXABLE_TEMP: {
        const struct xmap *x = find_x(p, rel->reg);
        o->rel_loc = VM_LOC_X;
        if (!x || rel->element >= x->size)
            return false;
        o->rel_reg = x->base + rel->element;
        return true;
    }
    case IR_FILE_INPUT:
        o->rel_loc = VM_LOC_INPUT;
        o->rel_reg = rel->reg;
        return rel->reg < p->prog->input_count;
    case IR_FILE_ADDRESS:
        o->rel_loc = VM_LOC_ADDRESS;
        o->rel_reg = rel->reg;
        return rel->reg < IR_MAX_ADDRESS;
    case IR_FILE_LOOP_COUNTER:
        o->rel_loc = VM_LOC_LOOP;
        o->rel_reg = 0;
        return true;
    default:
        return false;
    }
}

/* One operand.  `int_mods`: its modifiers are integer operations.  False when the operand
 * points outside what the program declares (never for validated IR). */
static bool prep_opnd(const struct prep *p, const struct ir_operand *op, bool dst, bool int_mods,
                      struct vm_opnd *o)
{
    const struct ir_program *ir = p->ir;
    const struct vm_program *prog = p->prog;
    const struct ir_index *ix = op->index;
    unsigned vi = 0; /* which index varies (may be relative) */

    memset(o, 0, sizeof(*o));
    for (unsigned c = 0; c < 4; c++)
        o->swz[c] = (uint8_t)IR_SWIZZLE_COMPONENT(op->swizzle, c);
    o->mods = dst ? 0 : (uint8_t)(op->modifiers & (IR_MOD_NEG | IR_MOD_ABS));
    o->int_mods = int_mods;
    o->mask = dst ? (uint8_t)(op->mask & 15) : 0;

    switch (op->file) {
    case IR_FILE_NULL:
        o->loc = VM_LOC_NONE;
        o->mask = 0;
        return true;
    case IR_FILE_IMMEDIATE:
        o->loc = VM_LOC_IMM;
        memcpy(o->imm, op->imm, sizeof(o->imm));
        return !dst;
    case IR_FILE_TEMP:
        o->loc = VM_LOC_TEMP;
        o->index = ix[0].offset;
        o->bound = ir->temp_count;
        return ix[0].offset < ir->temp_count && ix[0].rel.file == IR_FILE_NULL;
    case IR_FILE_INDEXABLE_TEMP: {
        const struct xmap *x = find_x(p, ix[0].offset);
        if (!x || ix[0].rel.file != IR_FILE_NULL)
            return false;
        o->loc = VM_LOC_X;
        o->base = x->base;
        o->bound = x->size;
        o->index = ix[1].offset;
        if (dst)
            o->mask &= (uint8_t)((1u << x->comps) - 1);
        vi = 1;
        break;
    }
    case IR_FILE_INPUT:
        o->loc = VM_LOC_INPUT;
        o->index = ix[0].offset;
        o->bound = prog->input_count;
        if (ix[0].rel.file == IR_FILE_NULL && ix[0].offset < prog->input_count)
            for (unsigned c = 0; c < 4; c++)
                if (!((prog->in_mask[ix[0].offset] >> o->swz[c]) & 1))
                    o->zero |= (uint8_t)(1u << c);
        if (dst)
            return false;
        break;
    case IR_FILE_INPUT_VERTEX:
        /* index 0 (the vertex) varies; the register is immediate (ir_validate) */
        o->loc = VM_LOC_GS_INPUT;
        o->base = ix[1].offset;
        o->index = ix[0].offset;
        o->bound = ir_input_vertices(ir);
        if (ix[1].offset >= prog->input_count || ix[1].rel.file != IR_FILE_NULL || dst)
            return false;
        for (unsigned c = 0; c < 4; c++)
            if (!((prog->in_mask[ix[1].offset] >> o->swz[c]) & 1))
                o->zero |= (uint8_t)(1u << c);
        break;
    case IR_FILE_PRIMITIVE_ID:
        o->loc = VM_LOC_PRIM_ID;
        return !dst;
    case IR_FILE_OUTPUT_CONTROL_POINT:
        /* index 0 (the control point) varies; the register is immediate (ir_validate) */
        o->loc = VM_LOC_OCP;
        o->base = ix[1].offset;
        o->index = ix[0].offset;
        o->bound = ir->tess_output_cp;
        if (dst || ix[1].rel.file != IR_FILE_NULL)
            return false;
        break;
    case IR_FILE_PATCH_CONSTANT:
        o->loc = VM_LOC_PC;
        o->index = ix[0].offset;
        o->bound = ir->pc_count;
        if (dst)
            return false;
        break;
    case IR_FILE_GS_INSTANCE_ID:  /* the geometry stage passes it as tess_id (vm.h) */
    case IR_FILE_DOMAIN_POINT:
    case IR_FILE_OUTPUT_CONTROL_POINT_ID:
    case IR_FILE_FORK_INSTANCE_ID:
    case IR_FILE_JOIN_INSTANCE_ID:
        o->loc = VM_LOC_TESS_ID;
        o->base = op->file == IR_FILE_DOMAIN_POINT ? 0 : 1;
        return !dst;
    case IR_FILE_OUTPUT:
        o->loc = VM_LOC_OUTPUT;
        o->index = ix[0].offset;
        o->bound = prog->output_count;
        if (!dst)
            return false;
        break;
    case IR_FILE_CONSTANT_BUFFER:
        if (ix[0].offset >= IR_MAX_CB_SLOTS || ix[0].rel.file != IR_FILE_NULL || dst)
            return false;
        o->loc = VM_LOC_CB;
        o->base = ix[0].offset;
        o->index = ix[1].offset;
        o->bound = IR_MAX_CB_SIZE;
        vi = 1;
        break;
    case IR_FILE_IMMEDIATE_CB:
        o->loc = VM_LOC_ICB;
        o->index = ix[0].offset;
        o->bound = prog->icb_size;
        if (dst)
            return false;
        break;
    case IR_FILE_ADDRESS:
        o->loc = VM_LOC_ADDRESS;
        o->index = ix[0].offset;
        return ix[0].offset < IR_MAX_ADDRESS && ix[0].rel.file == IR_FILE_NULL;
    case IR_FILE_PREDICATE:
        o->loc = VM_LOC_PRED;
        o->index = ix[0].offset;
        return ix[0].offset < IR_MAX_PREDICATES && ix[0].rel.file == IR_FILE_NULL;
    case IR_FILE_LOOP_COUNTER:
        o->loc = VM_LOC_LOOP;
        return !dst;
    case IR_FILE_DEPTH_OUT:
    case IR_FILE_DEPTH_GE_OUT:
    case IR_FILE_DEPTH_LE_OUT:
        o->loc = VM_LOC_DEPTH;
        o->mask &= IR_MASK_X;
        return dst;
    case IR_FILE_COVERAGE_OUT:
        o->loc = VM_LOC_COVERAGE;
        o->mask &= IR_MASK_X;
        return dst;
    case IR_FILE_INPUT_COVERAGE:
        o->loc = VM_LOC_IN_COVERAGE;
        return !dst;
    case IR_FILE_SAMPLER:
    case IR_FILE_RESOURCE:
    case IR_FILE_LABEL:
        /* not values: index keeps the slot / label number */
        o->loc = VM_LOC_NONE;
        o->index = ix[0].offset;
        return !dst && ix[0].rel.file == IR_FILE_NULL &&
               (op->file != IR_FILE_SAMPLER || ix[0].offset < IR_MAX_SAMPLERS) &&
               (op->file != IR_FILE_RESOURCE || ix[0].offset < IR_MAX_RESOURCES);
    case IR_FILE_RASTERIZER:
        o->loc = VM_LOC_NONE;
        o->index = VM_NO_SLOT;
        return !dst;
    case IR_FILE_THREAD_ID: case IR_FILE_THREAD_GROUP_ID: case IR_FILE_THREAD_ID_IN_GROUP:
    case IR_FILE_THREAD_ID_IN_GROUP_FLAT:
        o->loc = VM_LOC_CS_ID;
        o->base = op->file - IR_FILE_THREAD_ID;
        return !dst;
    case IR_FILE_UAV:
    case IR_FILE_TGSM:
        /* memory operands (vm_compute.c): g# by its declaration's position */
        o->loc = VM_LOC_MEM;
        o->base = op->file == IR_FILE_UAV ? VM_MEM_UAV : VM_MEM_TGSM;
        o->index = ix[0].offset;
        if (op->file == IR_FILE_TGSM) {
            o->index = UINT32_MAX;
            for (uint32_t k = 0; k < ir->tgsm.count; k++)
                if (ir->tgsm.items[k].reg == ix[0].offset)
                    o->index = k;
            return o->index < IR_MAX_TGSM;
        }
        return o->index < IR_MAX_UAVS;
    default:
        return false;
    }
    return prep_rel(p, &ix[vi].rel, o);
}

/* Which sources of a resource instruction are integers (their modifiers too). */
static bool tex_int_source(unsigned op, int s)
{
    const struct ir_tex_layout *l = ir_tex_layout(op);
    if (s == l->offset || s == l->sample_index)
        return true;
    if (s == l->address)
        return op == IR_OP_LD || op == IR_OP_LD_MS || op == IR_OP_LD_S || op == IR_OP_LD_MS_S;
    if (s == l->lod)
        return op == IR_OP_RESINFO;
    return false;
}

static bool is_flow_target(uint32_t link, uint32_t n)
{
    return link < n;
}

/* Control-flow details of instruction i: endif/endswitch targets and switch literals. */
static bool prep_flow(struct prep *p, uint32_t i, uint32_t *ncase)
{
    const struct ir_instruction *ins = p->ir->instructions.items;
    struct vm_program *prog = p->prog;
    struct vm_ins *vi = &prog->ins[i];
    uint32_t n = prog->ins_count;

    switch (vi->op) {
    case IR_OP_IF: {
        uint32_t t = vi->link;
        if (!is_flow_target(t, n))
            return false;
        if (ins[t].op == IR_OP_ELSE)
            t = ins[t].link;
        if (!is_flow_target(t, n) || ins[t].op != IR_OP_ENDIF)
            return false;
        vi->aux = t;
        return true;
    }
    case IR_OP_SWITCH: {
        uint32_t t = vi->link, steps = 0;
        vi->case_first = *ncase;
        while (is_flow_target(t, n) && (ins[t].op == IR_OP_CASE || ins[t].op == IR_OP_DEFAULT) &&
               ins[t].link > t && steps++ < n) {
            prog->ins[t].aux = i;
            if (ins[t].op == IR_OP_CASE) {
                if (*ncase >= p->ncases)
                    return false;
                prog->case_values[(*ncase)++] = ins[t].src[0].imm[0];
            }
            t = ins[t].link;
        }
        if (!is_flow_target(t, n) || ins[t].op != IR_OP_ENDSWITCH)
            return false;
        vi->case_count = *ncase - vi->case_first;
        vi->aux = t;
        return true;
    }
    case IR_OP_CASE:
        vi->case_value = ins[i].src[0].imm[0];
        return is_flow_target(vi->link, n);
    case IR_OP_ELSE: case IR_OP_ENDIF: case IR_OP_LOOP: case IR_OP_ENDLOOP: case IR_OP_BREAK:
    case IR_OP_BREAKC: case IR_OP_CONTINUE: case IR_OP_CONTINUEC: case IR_OP_DEFAULT:
    case IR_OP_ENDSWITCH:
        return is_flow_target(vi->link, n);
    case IR_OP_CALL: case IR_OP_CALLC:
        return is_flow_target(vi->link, n) && ins[vi->link].op == IR_OP_LABEL &&
               ins[vi->link].link <= n && ins[vi->link].link > vi->link;
    default:
        return true;
    }
}

/* Open constructs at once: the deepest nesting of any function times the deepest possible
 * call chain (bounded by the number of call sites and IR_MAX_CALL_DEPTH). */
static uint32_t frame_capacity(const struct ir_program *ir)
{
    uint32_t depth = 0, max_depth = 0, calls = 0;
    for (uint32_t i = 0; i < ir->instructions.count; i++) {
        unsigned op = ir->instructions.items[i].op;
        if (op == IR_OP_IF || op == IR_OP_LOOP || op == IR_OP_SWITCH) {
            if (++depth > max_depth)
                max_depth = depth;
        } else if (op == IR_OP_ENDIF || op == IR_OP_ENDLOOP || op == IR_OP_ENDSWITCH) {
            depth -= depth > 0;
        } else if (op == IR_OP_CALL || op == IR_OP_CALLC) {
            calls++;
        } else if (op == IR_OP_LABEL) {
            depth = 0;
        }
    }
    if (max_depth > IR_MAX_NESTING)
        max_depth = IR_MAX_NESTING;
    if (calls > IR_MAX_CALL_DEPTH)
        calls = IR_MAX_CALL_DEPTH;
    return max_depth * (calls + 1) + 1;
}

/* vm_program_create's clear analysis for a main program, straight or with structured flow (if /
 * else / endif, loops and their breaks and continues, returns): need[t] = 1 where a temp component
 * may be read by a lane that has not written it in this run.  A write counts for what follows
 * it in its own construct only -- after the endif or endloop, lanes that skipped the construct
 * (or left it early) read what they had before it -- and a predicated write not at all.  So a
 * component is "written" at an instruction exactly when every lane executing it wrote the
 * component earlier in the run.  With flow, only for stages where no lane reads another's temps
 * (pixel programs do, in their quads' derivatives, which would show the stale values of lanes
 * outside a branch): the caller clears every temp of those.  Returns false (clear every temp)
 * for switches, subroutines and nesting deeper than its budget. */
static bool reads_unwritten(const struct vm_program *prog, uint8_t *need)
{
    uint32_t nt = prog->temp_count + 1, depth = 0, max_depth = 0;
    for (uint32_t i = 0; i < prog->main_end; i++) {
        switch (prog->ins[i].op) {
        case IR_OP_IF: case IR_OP_LOOP:
            if (++depth > max_depth)
                max_depth = depth;
            break;
        case IR_OP_ENDIF: case IR_OP_ENDLOOP:
            if (!depth--)
                return false;
            break;
        case IR_OP_SWITCH: case IR_OP_CASE: case IR_OP_DEFAULT: case IR_OP_ENDSWITCH:
        case IR_OP_CALL: case IR_OP_CALLC: case IR_OP_LABEL:
            return false;
        default:
            break;
        }
    }
    if (depth || (uint64_t)(max_depth + 1) * nt > (1u << 20))
        return false;
    uint8_t *stack = calloc((size_t)(max_depth + 1) * nt, 1);
    if (!stack)
        return false;
    uint8_t *cur = stack;
    for (uint32_t i = 0; i < prog->main_end; i++) {
        const struct vm_ins *vi = &prog->ins[i];
        const struct ir_op_info *info = ir_op_get(vi->op);
        for (unsigned k = 0; k < info->src_count; k++) {
            const struct vm_opnd *o = &vi->src[k];
            if (o->loc == VM_LOC_TEMP && o->index < prog->temp_count)
                for (unsigned c = 0; c < 4; c++)
                    if (!((cur[o->index] >> o->swz[c]) & 1))
                        need[o->index] = 1;
            if (o->rel_loc == VM_LOC_TEMP && o->rel_reg < prog->temp_count &&
                !((cur[o->rel_reg] >> o->rel_comp) & 1))
                need[o->rel_reg] = 1;
        }
        switch (vi->op) {
        case IR_OP_IF: case IR_OP_LOOP:   /* a construct's writes stay in it */
            memcpy(cur + nt, cur, nt);
            cur += nt;
            continue;
        case IR_OP_ELSE:   /* the other branch: what held at the if */
            memcpy(cur, cur - nt, nt);
            continue;
        case IR_OP_ENDIF: case IR_OP_ENDLOOP:
            cur -= nt;
            continue;
        default:
            break;
        }
        if (vi->pred_active)
            continue;
        for (unsigned d = 0; d < info->dst_count; d++) {
            const struct vm_opnd *o = &vi->dst[d];
            if (o->loc == VM_LOC_TEMP && o->index < prog->temp_count)
                cur[o->index] |= o->mask;
        }
    }
    free(stack);
    return true;
}

static int prepare(struct prep *p)
{
    const struct ir_program *ir = p->ir;
    struct vm_program *prog = p->prog;
    uint32_t n = ir->instructions.count, ncases = 0, ncase = 0;
    uint64_t xtotal = 0;

    prog->type = ir->type;
    prog->temp_count = ir->temp_count;
    prog->input_count = ir->input_count;
    prog->output_count = ir->output_count;
    if (ir->temp_count > IR_MAX_TEMPS || ir->input_count > IR_MAX_INPUTS ||
        ir->output_count > IR_MAX_OUTPUTS || ir->icb_size > IR_MAX_ICB_SIZE ||
        (uint64_t)ir->icb_size * 4 > ir->icb.count || ir->indexable_temps.count > IR_MAX_TEMPS ||
        ir->address_count > IR_MAX_ADDRESS || ir->predicate_count > IR_MAX_PREDICATES)
        return VM_E_INVALID;

    /* x# arrays: one pool, sorted for lookup */
    p->nxs = ir->indexable_temps.count;
    p->xs = malloc(((size_t)p->nxs + 1) * sizeof(*p->xs));
    if (!p->xs)
        return VM_E_NOMEM;
    for (uint32_t i = 0; i < p->nxs; i++) {
        const struct ir_indexable_temp *x = &ir->indexable_temps.items[i];
        p->xs[i].reg = x->reg;
        p->xs[i].base = (uint32_t)xtotal;
        p->xs[i].size = x->size;
        p->xs[i].comps = x->components >= 1 && x->components <= 4 ? x->components : 4;
        xtotal += x->size;
        if (xtotal > IR_MAX_TEMPS)
            return VM_E_INVALID;
    }
    prog->x_elements = (uint32_t)xtotal;
    qsort(p->xs, p->nxs, sizeof(*p->xs), xmap_cmp);

    for (uint32_t i = 0; i < ir->inputs.count; i++) {
        const struct ir_io_decl *d = &ir->inputs.items[i];
        if (d->file == IR_FILE_INPUT && d->reg < IR_MAX_INPUTS)
            prog->in_mask[d->reg] |= d->mask & 15;
    }
    for (uint32_t i = 0; i < ir->index_ranges.count; i++) {
        const struct ir_index_range *r = &ir->index_ranges.items[i];
        if (r->file != IR_FILE_INPUT)
            continue;
        for (uint64_t k = r->first; k < (uint64_t)r->first + r->count && k < IR_MAX_INPUTS; k++)
            prog->in_mask[k] |= r->mask & 15;
    }
    for (uint32_t i = 0; i < ir->resources.count; i++)
        if (ir->resources.items[i].slot < IR_MAX_RESOURCES)
            prog->res_dim[ir->resources.items[i].slot] = ir->resources.items[i].dim;

    prog->icb_size = ir->icb_size;
    prog->icb = malloc((size_t)ir->icb_size * 16 + 16);
    if (!prog->icb)
        return VM_E_NOMEM;
    if (ir->icb_size)
        memcpy(prog->icb, ir->icb.items, (size_t)ir->icb_size * 16);

    for (uint32_t i = 0; i < n; i++)
        ncases += ir->instructions.items[i].op == IR_OP_CASE;
    p->ncases = ncases;
    prog->case_values = malloc(((size_t)ncases + 1) * sizeof(*prog->case_values));
    prog->ins = calloc((size_t)n + 1, sizeof(*prog->ins));
    if (!prog->case_values || !prog->ins)
        return VM_E_NOMEM;
    prog->ins_count = n;
    prog->main_end = n;
    prog->frame_capacity = frame_capacity(ir);

    for (uint32_t i = 0; i < n; i++) {
        const struct ir_instruction *src = &ir->instructions.items[i];
        const struct ir_op_info *info = ir_op_get(src->op);
        struct vm_ins *vi = &prog->ins[i];
        if (!info || !info->name || src->dst_count != info->dst_count ||
            src->src_count != info->src_count)
            return VM_E_INVALID;
        if (src->op == IR_OP_LABEL && prog->main_end == n)
            prog->main_end = i;
        vi->op = src->op;
        vi->flow = (info->flags & IR_OPF_FLOW) != 0;
        vi->saturate = src->saturate != 0 && (info->flags & IR_OPF_SAT);
        vi->test = src->test;
        vi->return_type = src->return_type;
        vi->link = src->link;
        vi->pred_active = src->pred.active != 0;
        vi->pred_negate = src->pred.negate != 0;
        vi->pred_index = src->pred.index;
        if (vi->pred_active && src->pred.index >= IR_MAX_PREDICATES)
            return VM_E_INVALID;
        for (unsigned c = 0; c < 4; c++)
            vi->pred_swz[c] = (uint8_t)IR_SWIZZLE_COMPONENT(src->pred.swizzle, c);
        for (unsigned c = 0; c < 3; c++)
            vi->texel_offset[c] = src->texel_offset[c];
        if (!vi->flow) {
            vi->fn = vm_alu_fn(src->op);
            if (!vi->fn)
                vi->fn = vm_resource_fn(src->op);
            if (!vi->fn)
                vi->fn = vm_flow_fn(src->op);
            if (!vi->fn)
                vi->fn = vm_gs_fn(src->op);
            if (!vi->fn)
                vi->fn = vm_mem_fn(src->op);
            if (!vi->fn)
                vi->fn = vm_pull_fn(src->op);
            vi->aux = (info->flags & IR_OPF_COMPUTE) ? src->sync : vi->aux;
            if (info->flags & IR_OPF_GEOMETRY)
                vi->aux = src->stream;
            if (!vi->fn)
                return VM_E_INVALID;
        }
        bool is_tex = (info->flags & IR_OPF_TEX) != 0;
        bool is_mem = (info->flags & IR_OPF_MEM) != 0;
        for (unsigned d = 0; d < src->dst_count; d++)
            if (!prep_opnd(p, &src->dst[d], true, false, &vi->dst[d]))
                return VM_E_INVALID;
        for (unsigned s = 0; s < src->src_count; s++) {
            bool int_mods = is_tex ? tex_int_source(src->op, (int)s) :
                            (info->flags & IR_OPF_INT) != 0 || is_mem;
            if (is_mem && src->src[s].file == IR_FILE_RESOURCE) {
                /* a raw / structured SRV read by a memory instruction */
                struct vm_opnd *o = &vi->src[s];
                memset(o, 0, sizeof(*o));
                for (unsigned c = 0; c < 4; c++)
                    o->swz[c] = (uint8_t)IR_SWIZZLE_COMPONENT(src->src[s].swizzle, c);
                o->loc = VM_LOC_MEM;
                o->base = VM_MEM_SRV;
                o->index = src->src[s].index[0].offset;
                if (o->index >= IR_MAX_RESOURCES)
                    return VM_E_INVALID;
                continue;
            }
            if (!prep_opnd(p, &src->src[s], false, int_mods, &vi->src[s]))
                return VM_E_INVALID;
        }
    }
    for (uint32_t i = 0; i < n; i++)
        if (prog->ins[i].flow && !prep_flow(p, i, &ncase))
            return VM_E_INVALID;
    /* Which temps vm_run must clear (every run starts from zero, vm.h): only those with a
     * component some lane may read before it wrote it in the run (reads_unwritten; a source
     * counts as reading all four of its swizzled components).  In straight-line code -- no
     * control flow, no discard, no predication, so every instruction writes every lane of the
     * run -- that is a read before any write; only the lanes outside the run's mask keep old
     * values, and no lane of the run reads them (derivatives read within a quad, and quads
     * are whole).  With flow, pixel programs clear every temp (reads_unwritten).  The d3dbc
     * expansions and the fixed-function generator use many temps, nearly all written first:
     * the D3D9 FF programs cleared up to 42 temps (21 KB) per batch before. */
    prog->clear_temps = malloc(((size_t)prog->temp_count + 1) * sizeof(*prog->clear_temps));
    uint8_t *need = calloc((size_t)prog->temp_count + 1, 1);
    if (!prog->clear_temps || !need) {
        free(need);
        return VM_E_NOMEM;
    }
    bool straight = true;
    for (uint32_t i = 0; i < prog->main_end; i++) {
        const struct vm_ins *vi = &prog->ins[i];
        /* (a ret that ends main ends every lane at once: still straight-line) */
        bool last_ret = vi->op == IR_OP_RET && i + 1 == prog->main_end;
        if ((vi->flow && !last_ret) || vi->op == IR_OP_DISCARD || vi->pred_active)
            straight = false;
    }
    prog->straight = straight;
    bool traced = (straight || prog->type != IR_SHADER_PIXEL) && reads_unwritten(prog, need);
    prog->clear_count = 0;
    for (uint32_t t = 0; t < prog->temp_count; t++)
        if (!traced || need[t])
            prog->clear_temps[prog->clear_count++] = t;
    free(need);

    /* Which of a#, p#, aL and vCoverage any operand or predicate reaches (vm_run clears only
     * those: a register no operand names is never read, so its stale contents are invisible). */
    for (uint32_t i = 0; i < n; i++) {
        const struct vm_ins *vi = &prog->ins[i];
        if (vi->pred_active)
            prog->aux_used |= VM_AUX_PRED;
        for (unsigned k = 0; k < IR_MAX_DST + IR_MAX_SRC; k++) {
            const struct vm_opnd *o = k < IR_MAX_DST ? &vi->dst[k] : &vi->src[k - IR_MAX_DST];
            const uint8_t locs[2] = { o->loc, o->rel_loc };
            for (int j = 0; j < 2; j++)
                prog->aux_used |= locs[j] == VM_LOC_ADDRESS ? VM_AUX_ADDR :
                                  locs[j] == VM_LOC_PRED ? VM_AUX_PRED :
                                  locs[j] == VM_LOC_LOOP ? VM_AUX_LOOP :
                                  locs[j] == VM_LOC_IN_COVERAGE ? VM_AUX_INCOV : 0u;
        }
    }
    return VM_OK;
}

/* Whether a program runs memory instructions (u#, raw / structured t#, bufinfo). */
static bool vm_uses_memory(const struct ir_program *ir)
{
    for (uint32_t i = 0; i < ir->instructions.count; i++) {
        const struct ir_op_info *info = ir_op_get(ir->instructions.items[i].op);
        if (info && (info->flags & IR_OPF_MEM))
            return true;
    }
    return false;
}

int vm_program_create(const struct ir_program *ir, struct vm_program **out)
{
    if (!out)
        return VM_E_INVALID;
    *out = NULL;
    if (!ir)
        return VM_E_INVALID;
    /* class linkage: an fcall runs only once ir_class_bind() has chosen its body for the
     * bound class instances (shader/ir_class.h) */
    for (uint32_t i = 0; i < ir->instructions.count; i++)
        if (ir->instructions.items[i].op == IR_OP_FCALL)
            return VM_E_INVALID;
    struct vm_program *prog = calloc(1, sizeof(*prog));
    if (!prog)
        return VM_E_NOMEM;
    struct prep p = {ir, prog, NULL, 0, 0};
    int ret = prepare(&p);
    free(p.xs);
    if (!ret && ir->type != IR_SHADER_COMPUTE && (ir->uavs.count || vm_uses_memory(ir))) {
        /* a graphics program with UAVs (pixel at 11_0, every stage at 11_1) or raw /
         * structured t# reads: the typed-slot mask; the JIT declines it (it knows the memory
         * instructions in compute programs only) */
        ret = vm_compute_prepare(ir, prog);
        atomic_store(&prog->jit_state, 2);
    }
    if (!ret && ir->type == IR_SHADER_COMPUTE)
        ret = vm_compute_prepare(ir, prog);
    if (ret) {
        vm_program_destroy(prog);
        return ret;
    }
    *out = prog;
    return VM_OK;
}

void vm_program_destroy(struct vm_program *prog)
{
    if (!prog)
        return;
    if (prog->jit_thread_started)
        pthread_join(prog->jit_thread, NULL);
    jit_free(atomic_load(&prog->jit));
    free(prog->ins);
    free(prog->clear_temps);
    free(prog->cs_local);
    free(prog->icb);
    free(prog->case_values);
    free(prog);
}

uint32_t vm_program_input_count(const struct vm_program *prog)
{
    return prog ? prog->input_count : 0;
}

uint32_t vm_program_output_count(const struct vm_program *prog)
{
    return prog ? prog->output_count : 0;
}

/* ---- state ---------------------------------------------------------------------------------- */

int vm_state_create(const struct vm_program *prog, struct vm_state **out)
{
    if (!out)
        return VM_E_INVALID;
    *out = NULL;
    if (!prog)
        return VM_E_INVALID;
    struct vm_state *s = calloc(1, sizeof(*s));
    if (!s)
        return VM_E_NOMEM;
    s->temp_count = prog->temp_count;
    s->x_elements = prog->x_elements;
    s->frame_capacity = prog->frame_capacity;
    s->temps = malloc(((size_t)s->temp_count + 1) * sizeof(vm_reg));
    s->xpool = malloc(((size_t)s->x_elements + 1) * sizeof(vm_reg));
    s->frames = malloc(((size_t)s->frame_capacity + 1) * sizeof(*s->frames));
    if (!s->temps || !s->xpool || !s->frames) {
        vm_state_destroy(s);
        return VM_E_NOMEM;
    }
    *out = s;
    return VM_OK;
}

void vm_state_destroy(struct vm_state *state)
{
    if (!state)
        return;
    free(state->temps);
    free(state->xpool);
    free(state->frames);
    free(state);
}

bool vm_state_fits(const struct vm_state *state, const struct vm_program *prog)
{
    return state && prog && state->temp_count >= prog->temp_count &&
           state->x_elements >= prog->x_elements && state->frame_capacity >= prog->frame_capacity;
}

vm_op_fn vm_alu_fn(unsigned op)
{
    return SIMD_PICK(vm_alu_fn)(op);
}

vm_op_fn vm_resource_fn(unsigned op)
{
    return SIMD_PICK(vm_resource_fn)(op);
}

vm_op_fn vm_tex_call_fn(void)
{
    return SIMD_PICK(vm_tex_call_fn)();
}

vm_tex_chunk_call vm_tex_chunk_fn(void)
{
    return SIMD_PICK(vm_tex_chunk_fn)();
}

/* ---- operand access ------------------------------------------------------------------------- */

/* Component c of a 32-bit integer operand's relative register, lane l. */
static uint32_t rel_value(const struct vm_exec *x, const struct vm_opnd *o, unsigned l)
{
    const struct vm_state *st = x->st;
    unsigned c = o->rel_comp;
    switch (o->rel_loc) {
    case VM_LOC_TEMP:
        return st->temps[o->rel_reg][c][l];
    case VM_LOC_X:
        return st->xpool[o->rel_reg][c][l];
    case VM_LOC_INPUT:
        if (!x->env->inputs || !((x->prog->in_mask[o->rel_reg] >> c) & 1))
            return 0;
        return x->env->inputs[o->rel_reg][c][l];
    case VM_LOC_ADDRESS:
        return st->addr[o->rel_reg][c][l];
    case VM_LOC_LOOP:
        return st->loop_counter[c][l];
    default:
        return 0;
    }
}

/* The final index of lane l, or -1 when it falls outside [0, bound). */
static int64_t lane_index(const struct vm_exec *x, const struct vm_opnd *o, unsigned l,
                          uint32_t bound)
{
    int64_t i = (int64_t)o->index;
    if (o->rel_loc != VM_LOC_NONE)
        i += vm_i32(rel_value(x, o, l));
    return i >= 0 && i < (int64_t)bound ? i : -1;
}

int64_t vm_lane_index(const struct vm_exec *x, const struct vm_opnd *o, unsigned l)
{
    return lane_index(x, o, l, o->bound);
}

/* Where lane-independent data of a source lives: a register (SoA) or a vec4 (AoS). */
struct where {
    const vm_reg *reg;
    const uint32_t *vec;
    uint8_t zero;        /* component (of the register) reading 0 */
};

/* The storage element `i` of a location, for reads (i already bounds-checked against o->bound
 * where the location has one). */
static struct where locate(const struct vm_exec *x, const struct vm_opnd *o, int64_t i)
{
    struct where w = {NULL, NULL, 0};
    const struct vm_env *env = x->env;
    const struct vm_state *st = x->st;
    if (i < 0)
        return w;
    switch (o->loc) {
    case VM_LOC_IMM:
        w.vec = o->imm;
        break;
    case VM_LOC_TEMP:
        if (i < st->temp_count)
            w.reg = &st->temps[i];
        break;
    case VM_LOC_X:
        w.reg = &st->xpool[o->base + (uint32_t)i];
        break;
    case VM_LOC_INPUT:
        if (env->inputs) {
            w.reg = &env->inputs[i];
            w.zero = (uint8_t)(~x->prog->in_mask[i] & 15);
        }
        break;
    case VM_LOC_CB: {
        const struct vm_cbuffer *cb = &env->cb[o->base];
        if (cb->data && i < cb->size)
            w.vec = cb->data + 4 * (size_t)i;
        break;
    }
    case VM_LOC_ICB:
        w.vec = x->prog->icb + 4 * (size_t)i;
        break;
    case VM_LOC_ADDRESS:
        w.reg = &st->addr[i];
        break;
    case VM_LOC_PRED:
        w.reg = &st->pred[i];
        break;
    case VM_LOC_LOOP:
        w.reg = &st->loop_counter;
        break;
    case VM_LOC_IN_COVERAGE:
        w.reg = &st->incov;
        break;
    case VM_LOC_GS_INPUT:
        if (env->gs_inputs) {
            w.reg = &env->gs_inputs[(size_t)i * x->prog->input_count + o->base];
            w.zero = (uint8_t)(~x->prog->in_mask[o->base] & 15);
        }
        break;
    case VM_LOC_PRIM_ID:
        if (env->gs_primitive_id) {
            w.reg = env->gs_primitive_id;
            w.zero = 14;   /* one component */
        }
        break;
    case VM_LOC_OCP:
        if (env->tess_ocp && o->base < env->tess_ocp_stride)
            w.reg = &env->tess_ocp[(size_t)i * env->tess_ocp_stride + o->base];
        break;
    case VM_LOC_PC:
        if (env->tess_pc && i < env->tess_pc_count)
            w.reg = &env->tess_pc[i];
        break;
    case VM_LOC_TESS_ID:
        if (o->base == 0 && env->tess_domain) {
            w.reg = env->tess_domain;
            w.zero = 8;    /* u, v, w */
        } else if (o->base == 1 && env->tess_id) {
            w.reg = env->tess_id;
            w.zero = 14;   /* one component */
        }
        break;
    case VM_LOC_CS_ID:
        if (env->cs) {
            w.reg = &env->cs->ids[o->base];
            w.zero = o->base == 3 ? 14 : 8;   /* uint3 ids; the flattened index is one uint */
        }
        break;
    default:
        break;
    }
    return w;
}

static bool has_bound(unsigned loc)
{
    return loc == VM_LOC_X || loc == VM_LOC_INPUT || loc == VM_LOC_CB || loc == VM_LOC_ICB ||
           loc == VM_LOC_GS_INPUT || loc == VM_LOC_OCP || loc == VM_LOC_PC;
}

static void apply_mods(const struct vm_opnd *o, unsigned need, vm_reg out)
{
    if (!o->mods)
        return;
    VM_FOR_MASK(c, need) {
        VM_FOR_LANES(l) {
            uint32_t v = out[c][l];
            if (o->int_mods) {
                /* integer modifiers: two's complement (spec 22.12.1 "takes 2's complement") */
                if ((o->mods & IR_MOD_ABS) && (v & 0x80000000u))
                    v = 0u - v;
                if (o->mods & IR_MOD_NEG)
                    v = 0u - v;
            } else {
                /* float modifiers act on the sign bit; flushing is the instruction's job */
                if (o->mods & IR_MOD_ABS)
                    v &= 0x7fffffffu;
                if (o->mods & IR_MOD_NEG)
                    v ^= 0x80000000u;
            }
            out[c][l] = v;
        }
    }
}

void vm_fetch(struct vm_exec *x, const struct vm_opnd *o, unsigned need, vm_reg out)
{
    need &= 15;
    if (o->rel_loc == VM_LOC_NONE) {
        int64_t i = o->index;
        if (has_bound(o->loc) && i >= (int64_t)o->bound)
            i = -1;
        struct where w = locate(x, o, i);
        VM_FOR_MASK(c, need) {
            unsigned s = o->swz[c];
            if (w.reg && (((o->zero >> c) & 1) || ((w.zero >> s) & 1))) {
                memset(out[c], 0, sizeof(out[c]));
            } else if (w.reg) {
                memcpy(out[c], (*w.reg)[s], sizeof(out[c]));
            } else if (w.vec) {
                uint32_t v = w.vec[s];
                VM_FOR_LANES(l) out[c][l] = v;
            } else {
                memset(out[c], 0, sizeof(out[c]));
            }
        }
    } else {
        uint32_t bound = o->bound;
        if (o->loc == VM_LOC_CB) {
            const struct vm_cbuffer *cb = &x->env->cb[o->base];
            bound = cb->data ? cb->size : 0;
        }
        VM_FOR_LANES(l) {
            struct where w = locate(x, o, lane_index(x, o, l, bound));
            VM_FOR_MASK(c, need) {
                unsigned s = o->swz[c];
                uint32_t v = 0;
                if (w.reg)
                    v = (w.zero >> s & 1) ? 0 : (*w.reg)[s][l];
                else if (w.vec)
                    v = w.vec[s];
                out[c][l] = v;
            }
        }
    }
    apply_mods(o, need, out);
}

/* The register a destination writes, for lane-independent indices; NULL when dropped. */
static uint32_t (*dst_reg(struct vm_exec *x, const struct vm_opnd *o, int64_t i))[VM_LANES]
{
    struct vm_state *st = x->st;
    if (i < 0)
        return NULL;
    switch (o->loc) {
    case VM_LOC_TEMP:
        return i < st->temp_count ? st->temps[i] : NULL;
    case VM_LOC_X:
        return i < o->bound ? st->xpool[o->base + (uint32_t)i] : NULL;
    case VM_LOC_OUTPUT:
        return x->env->outputs && i < o->bound ? x->env->outputs[i] : NULL;
    case VM_LOC_ADDRESS:
        return i < IR_MAX_ADDRESS ? st->addr[i] : NULL;
    case VM_LOC_PRED:
        return i < IR_MAX_PREDICATES ? st->pred[i] : NULL;
    default:
        return NULL;
    }
}

/* All-ones / zero words for the lanes of `bits`, four lanes per table entry. */
static void lane_masks(uint32_t bits, uint32_t out[VM_LANES])
{
    static const uint32_t nibble[16][4] = {
        { 0, 0, 0, 0 }, { ~0u, 0, 0, 0 }, { 0, ~0u, 0, 0 }, { ~0u, ~0u, 0, 0 },
        { 0, 0, ~0u, 0 }, { ~0u, 0, ~0u, 0 }, { 0, ~0u, ~0u, 0 }, { ~0u, ~0u, ~0u, 0 },
        { 0, 0, 0, ~0u }, { ~0u, 0, 0, ~0u }, { 0, ~0u, 0, ~0u }, { ~0u, ~0u, 0, ~0u },
        { 0, 0, ~0u, ~0u }, { ~0u, 0, ~0u, ~0u }, { 0, ~0u, ~0u, ~0u }, { ~0u, ~0u, ~0u, ~0u },
    };
    for (unsigned k = 0; k < VM_LANES; k += 4)
        memcpy(&out[k], nibble[(bits >> k) & 15u], sizeof(nibble[0]));
}

void vm_store(struct vm_exec *x, const struct vm_ins *in, unsigned d, vm_reg val, bool sat)
{
    const struct vm_opnd *o = &in->dst[d];
    unsigned mask = o->mask;
    uint32_t lanes[4];

    if (o->loc == VM_LOC_NONE || !mask)
        return;
    if (sat)
        VM_FOR_MASK(c, mask) VM_FOR_LANES(l) val[c][l] = vm_saturate(val[c][l]);
    for (unsigned c = 0; c < 4; c++)
        lanes[c] = x->exec;
    if (in->pred_active) {
        /* d3dbc predication: component c is written where (p.swizzle[c] != 0) != negate */
        const vm_reg *p = &x->st->pred[in->pred_index];
        VM_FOR_MASK(c, mask) {
            uint32_t m = 0;
            VM_FOR_LANES(l) m |= (uint32_t)(((*p)[in->pred_swz[c]][l] != 0) != in->pred_negate) << l;
            lanes[c] &= m;
        }
    }
    if (o->loc == VM_LOC_DEPTH || o->loc == VM_LOC_COVERAGE) {
        uint32_t *out = o->loc == VM_LOC_DEPTH ? x->env->depth : x->env->coverage;
        VM_FOR_LANES(l) if ((lanes[0] >> l) & 1) out[l] = val[0][l];
        return;
    }
    if (o->rel_loc == VM_LOC_NONE) {
        uint32_t (*r)[VM_LANES] = dst_reg(x, o, o->index);
        if (!r)
            return;
        VM_FOR_MASK(c, mask) {
            if (lanes[c] == VM_ALL_LANES) {
                memcpy(r[c], val[c], sizeof(r[c]));
            } else {
                /* a select per lane, not a branch (the loop vectorises): inactive lanes
                 * keep their value */
                uint32_t keep[VM_LANES];
                lane_masks(lanes[c], keep);
                VM_FOR_LANES(l) r[c][l] = (val[c][l] & keep[l]) | (r[c][l] & ~keep[l]);
            }
        }
        return;
    }
    VM_FOR_LANES(l) {
        uint32_t (*r)[VM_LANES] = dst_reg(x, o, lane_index(x, o, l, o->bound));
        if (r)
            VM_FOR_MASK(c, mask) if ((lanes[c] >> l) & 1) r[c][l] = val[c][l];
    }
}

uint32_t vm_cond(struct vm_exec *x, const struct vm_ins *in, unsigned s)
{
    vm_reg v;
    uint32_t m = 0;
    vm_fetch(x, &in->src[s], 1, v);
    bool nz = in->test == IR_TEST_NZ;
    VM_FOR_LANES(l) m |= (uint32_t)((v[0][l] != 0) == nz) << l;
    return m & x->exec;
}

/* ---- the JIT (jit/jit.h) -------------------------------------------------------------------- */

static void *jit_compile_main(void *arg)
{
    struct vm_program *prog = arg;
    atomic_store_explicit(&prog->jit, jit_compile(prog), memory_order_release);
    atomic_store(&prog->jit_state, 2);
    return NULL;
}

/* The program's compiled blocks.  The batch that reaches the threshold starts the compile on
 * a thread of its own and every batch interprets until the code is published (the two engines
 * agree bit for bit, so when the switch happens is invisible); SOFTD3D_JIT=eager compiles
 * synchronously at the first batch instead. */
static const struct vm_jit *jit_get(const struct vm_program *cprog)
{
    /* the compile cache is the one mutable part of a shared, otherwise immutable program */
    struct vm_program *prog = (struct vm_program *)cprog;
    struct vm_jit *j = atomic_load_explicit(&prog->jit, memory_order_acquire);
    if (j || atomic_load_explicit(&prog->jit_state, memory_order_relaxed) != 0)
        return j;
    if (!jit_available()) {
        atomic_store(&prog->jit_state, 2);
        return NULL;
    }
    unsigned runs = atomic_fetch_add_explicit(&prog->jit_runs, 1, memory_order_relaxed);
    if (runs < jit_threshold())
        return NULL;
    int expect = 0;
    if (!atomic_compare_exchange_strong(&prog->jit_state, &expect, 1))
        return NULL;
    if (jit_threshold() > 0 &&
        pthread_create(&prog->jit_thread, NULL, jit_compile_main, prog) == 0) {
        prog->jit_thread_started = true;
        return NULL;
    }
    jit_compile_main(prog);   /* eager, or no thread could be started */
    return atomic_load_explicit(&prog->jit, memory_order_acquire);
}

bool vm_program_jit_now(struct vm_program *prog)
{
    if (!prog)
        return false;
    int expect = 0;
    if (jit_available() && atomic_compare_exchange_strong(&prog->jit_state, &expect, 1))
        jit_compile_main(prog);
    return atomic_load(&prog->jit) != NULL;
}

void vm_program_jit_disable(struct vm_program *prog)
{
    int expect = 0;
    if (prog)
        atomic_compare_exchange_strong(&prog->jit_state, &expect, 2);
}

/* ---- the interpreter loop ------------------------------------------------------------------- */

uint32_t vm_run(const struct vm_program *prog, struct vm_state *st, struct vm_env *env,
                uint32_t mask)
{
    return vm_run_resumable(prog, st, env, mask, false, NULL);
}

uint32_t vm_run_resumable(const struct vm_program *prog, struct vm_state *st,
                          struct vm_env *env, uint32_t mask, bool resume, bool *at_barrier)
{
    if (at_barrier)
        *at_barrier = false;
    if (!env)
        return 0;
    env->discarded = 0;
    env->aborted = false;
    if (!vm_state_fits(st, prog) || (resume && !st->paused.active))
        return 0;
    mask &= VM_ALL_LANES;
    /* Compute programs too: their memory instructions and barriers are no native operation,
     * so compiled blocks end before them, and a run resumed after a barrier (pc + 1) starts
     * where the next block does (jit.h). */
    const struct vm_jit *jit = jit_get(prog);
    /* the generated code reads its register files and writes o# without NULL checks */
    if (jit && (((jit->env_needs & JIT_NEEDS_INPUTS) && !env->inputs) ||
                ((jit->env_needs & JIT_NEEDS_GS_INPUTS) && !env->gs_inputs) ||
                ((jit->env_needs & JIT_NEEDS_PRIM_ID) && !env->gs_primitive_id) ||
                ((jit->env_needs & JIT_NEEDS_OCP) && !env->tess_ocp) ||
                ((jit->env_needs & JIT_NEEDS_PC) && !env->tess_pc) ||
                ((jit->env_needs & JIT_NEEDS_DOMAIN) && !env->tess_domain) ||
                ((jit->env_needs & JIT_NEEDS_TESS_ID) && !env->tess_id) ||
                (!env->outputs && prog->output_count) ||
                (prog->type == IR_SHADER_COMPUTE && !env->cs)))
        jit = NULL;

    struct vm_exec x = {prog, st, env, mask, 0, 0, 1, 0,
                        env->max_iterations ? env->max_iterations : VM_MAX_ITERATIONS, false};
    uint32_t pc = 0;
    if (resume) {
        /* continue after the barrier where this state stopped (registers, open constructs
         * and calls are the state's own) */
        x.exec = st->paused.exec;
        x.killed = st->paused.killed;
        x.fsp = st->paused.fsp;
        x.csp = st->paused.csp;
        x.iterations = st->paused.iterations;
        mask = st->paused.mask;
        pc = st->paused.pc + 1;
        st->paused.active = false;
    } else {
        /* every run starts from zero: results never depend on an earlier batch (a program
         * that is one compiled block keeps its temps in registers and never reads them) */
        if (!jit || !jit->skip_temp_clear) {
            if (prog->clear_count == prog->temp_count)
                vm_zero_words(st->temps, (size_t)prog->temp_count * sizeof(vm_reg));
            else
                for (uint32_t k = 0; k < prog->clear_count; k++)
                    vm_zero_words(st->temps[prog->clear_temps[k]], sizeof(vm_reg));
        }
        vm_zero_words(st->xpool, (size_t)prog->x_elements * sizeof(vm_reg));
        if (prog->aux_used & VM_AUX_ADDR)
            memset(st->addr, 0, sizeof(st->addr));
        if (prog->aux_used & VM_AUX_PRED)
            memset(st->pred, 0, sizeof(st->pred));
        if (prog->aux_used & VM_AUX_LOOP)
            memset(st->loop_counter, 0, sizeof(st->loop_counter));
        if (prog->aux_used & VM_AUX_INCOV) {
            memset(st->incov, 0, sizeof(st->incov));
            memcpy(st->incov[0], env->input_coverage, sizeof(st->incov[0]));
        }
        if (env->outputs)
            vm_zero_words(env->outputs, (size_t)prog->output_count * sizeof(vm_reg));
        vm_zero_words(env->depth, sizeof(env->depth));
        vm_zero_words(env->coverage, sizeof(env->coverage));
        st->calls[0].ret_pc = prog->ins_count;
        st->calls[0].end = prog->main_end;
        st->calls[0].frame_base = 0;
        st->calls[0].ret_mask = 0;
        st->calls[0].uncalled = 0;
        st->paused.active = false;
    }

    /* shader arithmetic flushes denormals in hardware, the same for both engines
     * (util/fpmode.h); the caller's mode comes back before returning */
    unsigned fpmode = util_fp_flush_begin();
    while (!x.stop) {
        struct vm_call *call = &st->calls[x.csp - 1];
        if (pc >= call->end) {
            /* the function ends: lanes that returned early come back (spec 22.7 ret) */
            x.exec |= call->ret_mask;
            x.fsp = call->frame_base;
            if (--x.csp == 0)
                break;
            x.exec |= call->uncalled;
            pc = call->ret_pc;
            continue;
        }
        const struct vm_ins *in = &prog->ins[pc];
        if (in->flow) {
            pc = vm_flow_step(&x, pc);
        } else if (jit && jit->block_at[pc]) {
            const struct jit_block *b = &jit->blocks[jit->block_at[pc] - 1];
            uint32_t lanes = (uint32_t)((1ull << jit->width) - 1);
            if (b->tex_call && x.exec) {   /* the block starts with a resource instruction */
                for (uint32_t k = 0; k < jit->chunks; k++)
                    if ((x.exec >> (k * jit->width)) & lanes)
                        b->req(&x, k);
                b->tex_call(&x, in);
            }
            for (uint32_t k = 0; k < jit->chunks; k++)
                if ((x.exec >> (k * jit->width)) & lanes)
                    b->fn(&x, k);
            pc = b->end;
        } else if (at_barrier && in->op == IR_OP_SYNC && (in->aux & IR_SYNC_THREADS) && x.exec) {
            /* a group barrier (vm_compute.c): stop here, to be resumed once every chunk of
             * the group has reached it */
            st->paused = (struct vm_paused){true, pc, x.exec, x.killed, x.fsp, x.csp,
                                            x.iterations, mask};
            *at_barrier = true;
            in->fn(&x, in);   /* its fences */
            break;
        } else {
            if (x.exec)
                in->fn(&x, in);
            pc++;
        }
    }
    util_fp_flush_end(fpmode);
    env->discarded = x.killed & mask;
    env->aborted = x.stop;
    if (x.stop) {   /* aborted (iteration limit): nothing to resume */
        st->paused.active = false;
        if (at_barrier)
            *at_barrier = false;
    }
    return mask & ~x.killed;
}
