/* src/jit/jit_codegen.c — a prepared VM program (vm_private.h) to LLVM IR, block by block
 * (jit.h explains blocks and the register cache).
 *
 * Every generated operation is the VM's own definition written as vector IR over one chunk of
 * lanes; the comment at each names the vm_alu.c / vm_resource.c / vm_math.c function it
 * mirrors.  Values are <w x i32> raw bits; float instructions bitcast, flush their inputs
 * (fin), compute in IEEE single precision (LLVM's fadd/fmul/fdiv/sqrt without fast-math flags:
 * correctly rounded, never contracted into FMAs) and flush their result (fout), exactly as
 * vm_fin / vm_fout do with bit tests -- except where the processor already flushed it: the
 * code runs inside vm_run with MXCSR.FTZ/DAZ set (util/fpmode.h), so the result of a hardware
 * add, subtract, multiply, divide, square root or double-to-float conversion needs no test
 * (hw_flushed; about half of the instructions of an arithmetic-heavy program were these
 * tests).  The NaN canonicalisation of vm_fout is applied where the bits are observed
 * (canon()).  Lanes outside exec are computed too and dropped by the select of the write, as
 * vm_store drops them.
 */
#include "jit/jit_cg.h"
#include "util/fpmode.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- registers -------------------------------------------------------------------------------- */

static LLVMValueRef temp_get(struct cg *g, uint32_t reg, unsigned c)
{
    size_t k = (size_t)reg * 4 + c;
    if (!g->tc[k]) {
        g->tc[k] = g->temps_zero ? zero(g) : load_vec(g, g->temps, reg * REG_BYTES + c * COMP_BYTES);
        if ((g->tflushed[reg] >> c) & 1)
            mark_flushed(g, g->tc[k]);
    }
    return g->tc[k];
}

/* Instructions whose every result is a flushed float (vm_fout, or a conversion from an
 * integer, never denormal), in both engines; _sat gives 0, 1 or a value with an exponent. */
static bool result_flushed(const struct vm_ins *in)
{
    if (in->saturate)
        return true;
    switch (in->op) {
    case IR_OP_ADD: case IR_OP_MUL: case IR_OP_MAD: case IR_OP_DIV:
    case IR_OP_DP2: case IR_OP_DP3: case IR_OP_DP4: case IR_OP_MIN: case IR_OP_MAX:
    case IR_OP_FRC: case IR_OP_EXP: case IR_OP_LOG: case IR_OP_RSQ: case IR_OP_SQRT:
    case IR_OP_RCP: case IR_OP_SINCOS:
    case IR_OP_ROUND_NE: case IR_OP_ROUND_NI: case IR_OP_ROUND_PI: case IR_OP_ROUND_Z:
    case IR_OP_ITOF: case IR_OP_UTOF:
        return true;
    default:
        return false;
    }
}

/* Which temp components hold no denormal when a block starting at pc `start` loads them from
 * memory (the blocks after a resource instruction read their temps that way): then that
 * load needs no input flush.  Temps start as 0 where vm_run clears them.
 *   A straight-line program (no flow, discard or predicated instruction: exec is the run's
 *   mask throughout) is followed exactly: a component is flushed when its last write before
 *   `start` produced a flushed result.  (Lanes outside the run's mask keep whatever an
 *   earlier run left in a temp vm_run does not clear; no lane of the run reads them, quads
 *   being whole: vm.c prepare.)
 *   Otherwise a component counts only if every write in the whole program is flushed (every
 *   temp is cleared in such programs, vm.c prepare).
 * Any relative write to the temps makes nothing certain. */
static void temps_flushed_at(const struct vm_program *p, uint32_t start, uint8_t *out)
{
    bool straight = p->straight;
    bool all_cleared = p->clear_count == p->temp_count;
    memset(out, all_cleared ? 15 : 0, p->temp_count);
    for (uint32_t k = 0; k < p->clear_count && !all_cleared; k++)
        out[p->clear_temps[k]] = 15;
    uint32_t end = straight ? (start < p->ins_count ? start : p->ins_count) : p->ins_count;
    for (uint32_t k = 0; k < end; k++) {
        const struct vm_ins *in = &p->ins[k];
        for (unsigned d = 0; d < IR_MAX_DST; d++) {
            const struct vm_opnd *o = &in->dst[d];
            if (o->loc != VM_LOC_TEMP)
                continue;
            if (o->rel_loc != VM_LOC_NONE) {
                memset(out, 0, p->temp_count);
                return;
            }
            if (o->index >= p->temp_count)
                continue;
            if (!result_flushed(in))
                out[o->index] &= (uint8_t)~o->mask;
            else if (straight)
                out[o->index] |= o->mask;
        }
    }
    if (!straight && !all_cleared)
        memset(out, 0, p->temp_count);
}

static LLVMValueRef input_get(struct cg *g, uint32_t reg, unsigned c)
{
    if (reg >= g->prog->input_count || !((g->prog->in_mask[reg] >> c) & 1))
        return zero(g);
    g->env_needs |= JIT_NEEDS_INPUTS;
    size_t k = (size_t)reg * 4 + c;
    if (!g->ic[k])
        g->ic[k] = load_vec(g, g->inputs, reg * REG_BYTES + c * COMP_BYTES);
    return g->ic[k];
}

static LLVMValueRef output_get(struct cg *g, uint32_t reg, unsigned c)
{
    size_t k = (size_t)reg * 4 + c;
    /* at pc 0 every output is still the 0 vm_run wrote */
    if (!g->oc[k])
        g->oc[k] = g->temps_zero ? zero(g)
                                 : load_vec(g, g->outputs, reg * REG_BYTES + c * COMP_BYTES);
    return g->oc[k];
}

/* A vm_env register-file pointer (begin_function enters them all at the chunk; the unused
 * ones are dead code): the program then needs it set (vm_run checks). */
static LLVMValueRef env_regs(struct cg *g, LLVMValueRef ptr, uint32_t need)
{
    g->env_needs |= need;
    return ptr;
}

/* The geometry and tessellation register files, as vm.c locate / vm_fetch read them (one
 * lane-independent index: the operand's): a register of a file the env does not set is
 * never reached (vm_run interprets then), an index out of the file's bound reads 0. */
static LLVMValueRef stage_get(struct cg *g, const struct vm_opnd *o, unsigned s)
{
    const struct vm_program *p = g->prog;
    switch (o->loc) {
    case VM_LOC_GS_INPUT: {
        /* gs_inputs[index * input_count + base]; undeclared components of v#[base] read 0 */
        if (o->index >= o->bound || o->base >= IR_MAX_INPUTS || !((p->in_mask[o->base] >> s) & 1))
            return zero(g);
        LLVMValueRef base = env_regs(g, g->gs_inputs, JIT_NEEDS_GS_INPUTS);
        size_t reg = (size_t)o->index * p->input_count + o->base;
        return load_vec(g, base, reg * REG_BYTES + s * COMP_BYTES);
    }
    case VM_LOC_PRIM_ID:
        if (s != 0)
            return zero(g);
        return load_vec(g, env_regs(g, g->prim_id, JIT_NEEDS_PRIM_ID), 0);
    case VM_LOC_OCP: {
        /* tess_ocp[index * tess_ocp_stride + base], 0 where base >= tess_ocp_stride: the stride
         * is the draw's, so the test and the offset are made at run time (an offset of 0
         * where the test fails keeps the load inside the file) */
        if (o->index >= o->bound)
            return zero(g);
        LLVMValueRef base = env_regs(g, g->ocp, JIT_NEEDS_OCP);
        LLVMValueRef stride = g->ocp_stride;
        LLVMValueRef ok = LLVMBuildICmp(g->B, LLVMIntULT, ci32(g, o->base), stride, "");
        LLVMValueRef reg = LLVMBuildAdd(g->B, LLVMBuildMul(g->B, LLVMBuildZExt(g->B, stride,
                                        g->i64, ""), ci64(g, o->index), ""), ci64(g, o->base), "");
        LLVMValueRef off = LLVMBuildAdd(g->B, LLVMBuildMul(g->B, reg, ci64(g, REG_BYTES), ""),
                                        ci64(g, s * COMP_BYTES), "");
        off = LLVMBuildSelect(g->B, ok, off, ci64(g, 0), "");
        LLVMValueRef v = LLVMBuildLoad2(g->B, g->vi32, LLVMBuildGEP2(g->B, g->i8, base, &off, 1,
                                                                     ""), "");
        LLVMSetAlignment(v, 4);
        return LLVMBuildSelect(g->B, ok, v, zero(g), "");
    }
    case VM_LOC_PC: {
        /* tess_pc[index], 0 where index >= tess_pc_count (likewise at run time) */
        if (o->index >= o->bound)
            return zero(g);
        LLVMValueRef base = env_regs(g, g->pc, JIT_NEEDS_PC);
        LLVMValueRef count = g->pc_count;
        LLVMValueRef ok = LLVMBuildICmp(g->B, LLVMIntULT, ci32(g, o->index), count, "");
        LLVMValueRef off = LLVMBuildSelect(g->B, ok, ci64(g, o->index * REG_BYTES +
                                                            s * COMP_BYTES), ci64(g, 0), "");
        LLVMValueRef v = LLVMBuildLoad2(g->B, g->vi32, LLVMBuildGEP2(g->B, g->i8, base, &off, 1,
                                                                     ""), "");
        LLVMSetAlignment(v, 4);
        return LLVMBuildSelect(g->B, ok, v, zero(g), "");
    }
    case VM_LOC_TESS_ID:
        /* vDomain: u, v, w (w reads 0); the phase ids: one component */
        if (o->base == 0 && s < 3)
            return load_vec(g, env_regs(g, g->tess_domain, JIT_NEEDS_DOMAIN), s * COMP_BYTES);
        if (o->base == 1 && s == 0)
            return load_vec(g, env_regs(g, g->tess_id, JIT_NEEDS_TESS_ID), 0);
        return zero(g);
    default:
        return zero(g);
    }
}

/* a#, p#, aL, vCoverage: always in the VM state (written only by interpreter calls) */
static size_t state_offset(unsigned loc, uint32_t index)
{
    switch (loc) {
    case VM_LOC_ADDRESS:
        return offsetof(struct vm_state, addr) + index * REG_BYTES;
    case VM_LOC_PRED:
        return offsetof(struct vm_state, pred) + index * REG_BYTES;
    case VM_LOC_LOOP:
        return offsetof(struct vm_state, loop_counter);
    default:
        return offsetof(struct vm_state, incov);
    }
}

static void cb_slot(struct cg *g, uint32_t slot)
{
    if (g->cb_data[slot])
        return;
    size_t base = offsetof(struct vm_env, cb) + slot * sizeof(struct vm_cbuffer);
    g->cb_data[slot] = load_ptr(g, g->env, base + offsetof(struct vm_cbuffer, data));
    g->cb_size[slot] = LLVMBuildLoad2(g->B, g->i32,
                                      at(g, g->env, base + offsetof(struct vm_cbuffer, size)), "");
}

/* cb[slot][index].comp, 0 when unbound or past the bound size (vm.c locate) */
static LLVMValueRef cb_scalar(struct cg *g, uint32_t slot, uint32_t index, unsigned comp)
{
    for (unsigned i = 0; i < g->ncbc; i++)
        if (g->cbc[i].slot == slot && g->cbc[i].index == index && g->cbc[i].comp == comp)
            return g->cbc[i].v;
    cb_slot(g, slot);
    LLVMValueRef ok = AND(ICMP(LLVMIntNE, g->cb_data[slot], LLVMConstNull(g->ptr)),
                          ICMP(LLVMIntULT, ci32(g, index), g->cb_size[slot]));
    LLVMValueRef p = SEL(ok, at(g, g->cb_data[slot], ((size_t)index * 4 + comp) * 4),
                         g->zero_global);
    LLVMValueRef v = broadcast(g, LLVMBuildLoad2(g->B, g->i32, p, ""));
    if (g->ncbc < CB_CACHE)
        g->cbc[g->ncbc++] = (struct cb_entry){slot, index, comp, v, NULL};
    return v;
}

/* fin of cb[slot][index].comp: the constant is the same in every lane, so the flush is done
 * once on the scalar and then broadcast (instead of four vector operations per use site's
 * value: a lighting program's constants had been a third of its flush tests). */
static LLVMValueRef cb_scalar_flushed(struct cg *g, uint32_t slot, uint32_t index, unsigned comp)
{
    LLVMValueRef v = cb_scalar(g, slot, index, comp);
    struct cb_entry *e = NULL;
    for (unsigned i = 0; i < g->ncbc; i++)
        if (g->cbc[i].v == v)
            e = &g->cbc[i];
    if (e && e->flushed)
        return e->flushed;
    LLVMValueRef x = LLVMBuildExtractElement(g->B, v, ci32(g, 0), "");
    LLVMValueRef exp_bits = LLVMBuildAnd(g->B, x, ci32(g, 0x7f800000), "");
    LLVMValueRef keep = LLVMBuildSelect(g->B, LLVMBuildICmp(g->B, LLVMIntNE, exp_bits, ci32(g, 0), ""),
                                        ci32(g, 0xffffffffu), ci32(g, 0x80000000u), "");
    LLVMValueRef f = broadcast(g, LLVMBuildAnd(g->B, x, keep, ""));
    mark_flushed(g, f);
    if (e)
        e->flushed = f;
    return f;
}

/* The relative part of an index (vm.c rel_value). */
static LLVMValueRef rel_value(struct cg *g, const struct vm_opnd *o)
{
    switch (o->rel_loc) {
    case VM_LOC_TEMP:
        return canon(g, temp_get(g, o->rel_reg, o->rel_comp));
    case VM_LOC_INPUT:
        return input_get(g, o->rel_reg, o->rel_comp);
    case VM_LOC_ADDRESS:
    case VM_LOC_LOOP:
        return load_vec(g, g->st, state_offset(o->rel_loc, o->rel_reg) + o->rel_comp * COMP_BYTES);
    default:
        return zero(g);
    }
}

/* An 8-element shuffle of two vectors (indices of b from 8 on). */
static LLVMValueRef shuffle2(struct cg *g, LLVMValueRef a, LLVMValueRef b, const unsigned idx[8])
{
    LLVMValueRef e[8];
    for (unsigned i = 0; i < 8; i++)
        e[i] = ci32(g, idx[i]);
    return LLVMBuildShuffleVector(g->B, a, b, LLVMConstVector(e, 8), "");
}

/* cb[slot][index + rel] per lane, all four components: the row of each lane is one 16-byte
 * load (the zero row where vm.c lane_index reads 0: outside [0, bound size) of the 64-bit sum,
 * or no buffer), and the w rows are transposed into four component vectors by shuffles.
 * (A masked gather per component was measured first: the same run time, but LLVM took over a
 * second to compile the 25-instruction skinning shader; a C helper per row fetch, next, cost
 * 5% of the skinning scene.) */
static LLVMValueRef cb_relative(struct cg *g, const struct vm_opnd *o, unsigned comp)
{
    LLVMValueRef rel = rel_value(g, o);
    for (unsigned i = 0; i < g->nrel; i++)
        if (g->relc[i].slot == o->base && g->relc[i].index == o->index && g->relc[i].rel == rel)
            return g->relc[i].comp[comp];
    cb_slot(g, o->base);
    LLVMValueRef base64 = LLVMBuildZExt(g->B, ci32(g, o->index), g->i64, "");
    LLVMValueRef sum = LLVMBuildAdd(g->B, LLVMBuildSExt(g->B, rel, g->vi64, ""),
                                    broadcast(g, base64), "");
    LLVMValueRef size64 = broadcast(g, LLVMBuildZExt(g->B, g->cb_size[o->base], g->i64, ""));
    LLVMValueRef ok = ICMP(LLVMIntULT, sum, size64);   /* (a negative sum is huge unsigned) */
    /* each lane's row address, as integers: the buffer's row, or the zero row */
    LLVMValueRef data = LLVMBuildPtrToInt(g->B, g->cb_data[o->base], g->i64, "");
    LLVMValueRef zrow = LLVMBuildPtrToInt(g->B, g->zero_global, g->i64, "");
    LLVMValueRef have = ICMP(LLVMIntNE, data, ci64(g, 0));
    ok = AND(ok, broadcast(g, have));
    LLVMValueRef addr = ADD(broadcast(g, data), LLVMBuildShl(g->B, sum, broadcast(g, ci64(g, 4)), ""));
    addr = SEL(ok, addr, broadcast(g, zrow));
    LLVMTypeRef row_t = LLVMVectorType(g->i32, 4);
    LLVMValueRef rows[L];
    for (unsigned l = 0; l < g->w; l++) {
        LLVMValueRef a = LLVMBuildExtractElement(g->B, addr, ci32(g, l), "");
        rows[l] = LLVMBuildLoad2(g->B, row_t, LLVMBuildIntToPtr(g->B, a, g->ptr, ""), "");
        LLVMSetAlignment(rows[l], 4);
    }
    struct rel_entry e = {o->base, o->index, rel, {0}};
    /* the 8 x 4 transpose as AVX2 does it (jit_codegen requires 8 lanes): rows l and l + 4
     * share a register, then unpacks of 32-bit and of 64-bit elements within each 128-bit
     * half (shuffles the code generator maps to one instruction each, and compiles quickly) */
    static const unsigned lo32[8] = {0, 8, 1, 9, 4, 12, 5, 13};
    static const unsigned hi32[8] = {2, 10, 3, 11, 6, 14, 7, 15};
    static const unsigned lo64[8] = {0, 1, 8, 9, 4, 5, 12, 13};
    static const unsigned hi64[8] = {2, 3, 10, 11, 6, 7, 14, 15};
    static const unsigned cat[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    LLVMValueRef t[4], u[4];
    for (unsigned k = 0; k < 4; k++)
        t[k] = shuffle2(g, rows[k], rows[k + 4], cat);
    u[0] = shuffle2(g, t[0], t[1], lo32);
    u[1] = shuffle2(g, t[0], t[1], hi32);
    u[2] = shuffle2(g, t[2], t[3], lo32);
    u[3] = shuffle2(g, t[2], t[3], hi32);
    e.comp[0] = shuffle2(g, u[0], u[2], lo64);
    e.comp[1] = shuffle2(g, u[0], u[2], hi64);
    e.comp[2] = shuffle2(g, u[1], u[3], lo64);
    e.comp[3] = shuffle2(g, u[1], u[3], hi64);
    if (g->nrel < REL_CACHE)
        g->relc[g->nrel++] = e;
    return e.comp[comp];
}

/* Source component c before modifiers (vm.c vm_fetch / locate). */
static LLVMValueRef src_raw(struct cg *g, const struct vm_opnd *o, unsigned c)
{
    unsigned s = o->swz[c];
    if ((o->zero >> c) & 1)
        return zero(g);
    switch (o->loc) {
    case VM_LOC_IMM:
        return splat(g, o->imm[s]);
    case VM_LOC_TEMP:
        return o->index < g->prog->temp_count ? temp_get(g, o->index, s) : zero(g);
    case VM_LOC_INPUT:
        return o->index < o->bound ? input_get(g, o->index, s) : zero(g);
    case VM_LOC_CB:
        if (o->rel_loc != VM_LOC_NONE)
            return cb_relative(g, o, s);
        return o->index < o->bound ? cb_scalar(g, o->base, o->index, s) : zero(g);
    case VM_LOC_ICB:
        return o->index < o->bound ? splat(g, g->prog->icb[4 * (size_t)o->index + s]) : zero(g);
    case VM_LOC_CS_ID:
        /* vm.c's fetch: uint3 ids (w reads 0), the flattened index one uint (yzw 0) */
        if (!g->cs_ids || o->base > 3 || (o->base == 3 ? s != 0 : s == 3))
            return zero(g);
        return load_vec(g, g->cs_ids, o->base * REG_BYTES + s * COMP_BYTES);
    case VM_LOC_ADDRESS:
    case VM_LOC_PRED:
    case VM_LOC_LOOP:
    case VM_LOC_IN_COVERAGE:
        return load_vec(g, g->st, state_offset(o->loc, o->index) + s * COMP_BYTES);
    case VM_LOC_GS_INPUT:
    case VM_LOC_PRIM_ID:
    case VM_LOC_OCP:
    case VM_LOC_PC:
    case VM_LOC_TESS_ID:
        return stage_get(g, o, s);
    default:
        return zero(g);
    }
}

/* vm.c apply_mods.  src(): the canonical bits (for integer, bitwise and bit-moving uses);
 * src_lazy(): for float consumers and moves, NaN payloads unsettled (fout). */
static LLVMValueRef src_mods(struct cg *g, const struct vm_opnd *o, LLVMValueRef v, bool lazy)
{
    if (!o->mods)
        return v;
    if (o->int_mods) {
        if (o->mods & IR_MOD_ABS)
            v = SEL(ICMP(LLVMIntSLT, v, zero(g)), SUB(zero(g), v), v);
        if (o->mods & IR_MOD_NEG)
            v = SUB(zero(g), v);
    } else {
        bool f = known_flushed(g, v);
        /* a lazy input's canonical form goes through the same modifiers: the interpreter
         * negates the canonical NaN it stored (-NaN is 0xffc00000, not the canonical
         * 0x7fc00000 -- found by fuzz_jit) */
        LLVMValueRef c = lazy ? canon(g, v) : NULL;
        if (o->mods & IR_MOD_ABS) {
            v = AND(v, splat(g, 0x7fffffffu));
            c = c ? AND(c, splat(g, 0x7fffffffu)) : NULL;
        }
        if (o->mods & IR_MOD_NEG) {
            v = XOR(v, splat(g, 0x80000000u));
            c = c ? XOR(c, splat(g, 0x80000000u)) : NULL;
        }
        if (f)
            mark_flushed(g, v);
        if (lazy) {
            if (mark_lazy(g, v))
                fact(g, v)->canon = c;
            else
                v = c;
        }
    }
    return v;
}

static LLVMValueRef src(struct cg *g, const struct vm_ins *in, unsigned k, unsigned c)
{
    const struct vm_opnd *o = &in->src[k];
    /* integer modifiers act on the canonical bits too */
    return src_mods(g, o, canon(g, src_raw(g, o, c)), false);
}

static LLVMValueRef src_lazy(struct cg *g, const struct vm_ins *in, unsigned k, unsigned c)
{
    const struct vm_opnd *o = &in->src[k];
    LLVMValueRef raw = src_raw(g, o, c);
    if (o->int_mods)
        return src_mods(g, o, canon(g, raw), false);
    return src_mods(g, o, raw, is_lazy(g, raw));
}

static LLVMValueRef srcf(struct cg *g, const struct vm_ins *in, unsigned k, unsigned c)
{
    const struct vm_opnd *o = &in->src[k];
    /* a constant-buffer scalar: flushed before the broadcast; the modifiers keep it so */
    if (o->loc == VM_LOC_CB && o->rel_loc == VM_LOC_NONE && !((o->zero >> c) & 1) &&
        o->index < o->bound && !o->int_mods)
        return as_f(g, src_mods(g, o, cb_scalar_flushed(g, o->base, o->index, o->swz[c]),
                                false));
    return fin(g, src_lazy(g, in, k, c));
}


/* A select between values keeps their NaNs unsettled when either is; its canonical form is
 * the select of the canonical forms (only the lazy side may change: a NaN coming from the
 * other side is bits the interpreter kept as they were), made now and removed by the
 * optimiser when nothing reads it. */
static LLVMValueRef sel_lazy(struct cg *g, LLVMValueRef c, LLVMValueRef a, LLVMValueRef b)
{
    bool lazy = is_lazy(g, a) || is_lazy(g, b);
    bool f = known_flushed(g, a) && known_flushed(g, b);
    LLVMValueRef r = SEL(c, a, b);
    if (lazy) {
        LLVMValueRef rc = SEL(c, canon(g, a), canon(g, b));
        if (mark_lazy(g, r))
            fact(g, r)->canon = rc;
        else
            r = rc;
    }
    if (f)
        mark_flushed(g, r);
    return r;
}

/* vm_store: component c of destination d (write mask, exec, _sat) */
static void dst_write(struct cg *g, const struct vm_ins *in, unsigned d, unsigned c,
                      LLVMValueRef v, bool sat)
{
    const struct vm_opnd *o = &in->dst[d];
    if (o->loc == VM_LOC_NONE || !((o->mask >> c) & 1))
        return;
    if (sat)
        v = saturate(g, v);
    switch (o->loc) {
    case VM_LOC_TEMP: {
        if (o->index >= g->prog->temp_count)
            return;
        size_t k = (size_t)o->index * 4 + c;
        /* Lanes outside exec keep their old value -- unless no flow, discard or predicated
         * instruction came before: exec is then the run's mask, and lanes outside it never
         * execute anything nor are read by a lane of the run (quads are whole, vm.c
         * prepare); an output write still selects by exec. */
        if (!g->exec_initial && !g->temps_unread)
            v = sel_lazy(g, g->exec, v, temp_get(g, o->index, c));
        g->tc[k] = v;
        g->td[k] = 1;
        return;
    }
    case VM_LOC_OUTPUT: {
        if (o->index >= o->bound)
            return;
        size_t k = (size_t)o->index * 4 + c;
        v = sel_lazy(g, g->exec, v, output_get(g, o->index, c));
        g->oc[k] = v;
        g->od[k] = 1;
        return;
    }
    case VM_LOC_DEPTH:
    case VM_LOC_COVERAGE: {
        LLVMValueRef base = o->loc == VM_LOC_DEPTH ? g->depth : g->coverage;
        if (c)
            return;
        v = SEL(g->exec, canon(g, v), g->temps_zero ? zero(g) : load_vec(g, base, 0));
        store_vec(g, v, base, 0);
        return;
    }
    default:
        return;
    }
}

/* ---- what is generated natively -------------------------------------------------------------- */

static bool native_op(unsigned op)
{
    switch (op) {
    case IR_OP_MOV: case IR_OP_MOVC: case IR_OP_SWAPC:
    case IR_OP_ADD: case IR_OP_MUL: case IR_OP_MAD: case IR_OP_DIV:
    case IR_OP_DP2: case IR_OP_DP3: case IR_OP_DP4: case IR_OP_MIN: case IR_OP_MAX:
    case IR_OP_FRC: case IR_OP_EXP: case IR_OP_LOG: case IR_OP_RSQ: case IR_OP_SQRT:
    case IR_OP_RCP: case IR_OP_SINCOS:
    case IR_OP_ROUND_NE: case IR_OP_ROUND_NI: case IR_OP_ROUND_PI: case IR_OP_ROUND_Z:
    case IR_OP_DERIV_RTX: case IR_OP_DERIV_RTY: case IR_OP_DERIV_RTX_COARSE:
    case IR_OP_DERIV_RTX_FINE: case IR_OP_DERIV_RTY_COARSE: case IR_OP_DERIV_RTY_FINE:
    case IR_OP_EQ: case IR_OP_NE: case IR_OP_LT: case IR_OP_GE:
    case IR_OP_FTOI: case IR_OP_FTOU: case IR_OP_ITOF: case IR_OP_UTOF:
    case IR_OP_IADD: case IR_OP_IMAD: case IR_OP_IMAX: case IR_OP_IMIN: case IR_OP_INEG:
    case IR_OP_IMUL: case IR_OP_UMUL: case IR_OP_UDIV:
    case IR_OP_UMAD: case IR_OP_UMAX: case IR_OP_UMIN: case IR_OP_UADDC: case IR_OP_USUBB:
    case IR_OP_ISHL: case IR_OP_ISHR: case IR_OP_USHR:
    case IR_OP_IEQ: case IR_OP_INE: case IR_OP_ILT: case IR_OP_IGE: case IR_OP_ULT:
    case IR_OP_UGE:
    case IR_OP_AND: case IR_OP_OR: case IR_OP_XOR: case IR_OP_NOT:
    case IR_OP_COUNTBITS: case IR_OP_FIRSTBIT_HI: case IR_OP_FIRSTBIT_LO:
    case IR_OP_FIRSTBIT_SHI: case IR_OP_BFREV: case IR_OP_UBFE: case IR_OP_IBFE: case IR_OP_BFI:
        return true;
    default:
        return false;
    }
}

static bool native_src(const struct vm_opnd *o)
{
    switch (o->loc) {
    case VM_LOC_NONE: case VM_LOC_IMM: case VM_LOC_TEMP: case VM_LOC_ICB:
    case VM_LOC_ADDRESS: case VM_LOC_PRED: case VM_LOC_LOOP: case VM_LOC_IN_COVERAGE:
        return o->rel_loc == VM_LOC_NONE;
    case VM_LOC_INPUT:
    case VM_LOC_CS_ID:
    case VM_LOC_GS_INPUT: case VM_LOC_PRIM_ID: case VM_LOC_OCP: case VM_LOC_PC:
    case VM_LOC_TESS_ID:
        return o->rel_loc == VM_LOC_NONE;
    case VM_LOC_CB:
        return o->rel_loc == VM_LOC_NONE || o->rel_loc == VM_LOC_TEMP ||
               o->rel_loc == VM_LOC_INPUT || o->rel_loc == VM_LOC_ADDRESS ||
               o->rel_loc == VM_LOC_LOOP;
    default:
        return false;
    }
}

static bool native_dst(const struct vm_opnd *o)
{
    if (o->rel_loc != VM_LOC_NONE)
        return false;
    switch (o->loc) {
    case VM_LOC_NONE: case VM_LOC_TEMP: case VM_LOC_OUTPUT: case VM_LOC_DEPTH:
    case VM_LOC_COVERAGE:
        return true;
    default:
        return false;
    }
}

static bool native_ins(const struct vm_ins *in)
{
    if (in->flow || in->pred_active || !native_op(in->op))
        return false;
    const struct ir_op_info *info = ir_op_get(in->op);
    for (unsigned d = 0; d < info->dst_count; d++)
        if (!native_dst(&in->dst[d]))
            return false;
    for (unsigned s = 0; s < info->src_count; s++)
        if (!native_src(&in->src[s]))
            return false;
    return true;
}

/* Blocks are runs of instructions generated natively: control flow, discard (which changes
 * exec) and everything else run in the interpreter's loop between them. */
static bool inline_ld(const struct vm_program *p, const struct vm_ins *in);
static bool inline_store(const struct vm_program *p, const struct vm_ins *in);

static bool in_block(const struct vm_program *p, const struct vm_ins *in)
{
    return native_ins(in) || inline_ld(p, in) || inline_store(p, in);
}

/* A resource instruction the generated code takes part in (jit.h: it starts a block): its
 * value operands and destination are ones generated natively. */
static bool native_tex(const struct vm_ins *in)
{
    if (in->flow || in->pred_active || !vm_tex_native(in->op) || !native_dst(&in->dst[0]))
        return false;
    const struct ir_tex_layout *lay = ir_tex_layout(in->op);
    const int ops[] = {lay->address, lay->offset, lay->lod, lay->bias, lay->ref, lay->clamp,
                       lay->sample_index, lay->ddx, lay->ddy};
    for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
        if (ops[i] >= 0 && !native_src(&in->src[ops[i]]))
            return false;
    return true;
}

/* ---- emission ----------------------------------------------------------------------------------- */

/* A C helper called for this chunk (the sampler's or typed()'s slow paths) takes its lanes from
 * vm_exec.exec; inside a native if (emit_block) that is wider than the branch's lanes, so the
 * call sees the branch's for its chunk, and the VM's word is put back after it. */
static void chunk_call(struct cg *g, LLVMValueRef callee, const struct vm_ins *in)
{
    LLVMBuilderRef B = g->B;
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInsertBlock(B));
    LLVMValueRef chunk = LLVMGetParam(fn, 1);
    LLVMValueRef word = at(g, g->x, offsetof(struct vm_exec, exec)), old = NULL;
    if (g->branch) {
        old = LLVMBuildLoad2(B, g->i32, word, "");
        LLVMValueRef sh = LLVMBuildMul(B, chunk, ci32(g, g->w), "");
        LLVMValueRef bits = LLVMBuildZExt(B, LLVMBuildBitCast(B, g->exec,
                                                              LLVMIntTypeInContext(g->C, g->w),
                                                              ""), g->i32, "");
        LLVMValueRef keep = LLVMBuildNot(B, LLVMBuildShl(B, ci32(g, (uint32_t)((1ull << g->w) - 1)),
                                                         sh, ""), "");
        LLVMBuildStore(B, LLVMBuildOr(B, LLVMBuildAnd(B, old, keep, ""),
                                      LLVMBuildShl(B, bits, sh, ""), ""), word);
    }
    LLVMTypeRef args[4] = {g->ptr, g->ptr, g->i32, g->i32};
    LLVMTypeRef fty = LLVMFunctionType(g->voidt, args, 4, 0);
    LLVMValueRef insp = LLVMConstIntToPtr(ci64(g, (uint64_t)(uintptr_t)in), g->ptr);
    LLVMBuildCall2(B, fty, callee, (LLVMValueRef[4]){g->x, insp, chunk, ci32(g, g->w)}, 4, "");
    if (old)
        LLVMBuildStore(B, old, word);
}

static void flush(struct cg *g, bool temps)
{
    const struct vm_program *p = g->prog;
    if (temps)
        for (size_t k = 0; k < (size_t)p->temp_count * 4; k++)
            if (g->td[k]) {
                store_vec(g, canon(g, g->tc[k]), g->temps,
                          (k / 4) * REG_BYTES + (k % 4) * COMP_BYTES);
                g->td[k] = 0;
            }
    for (size_t k = 0; k < (size_t)p->output_count * 4; k++)
        if (g->od[k]) {
            store_vec(g, canon(g, g->oc[k]), g->outputs,
                      (k / 4) * REG_BYTES + (k % 4) * COMP_BYTES);
            g->od[k] = 0;
        }
}

static void emit_native(struct cg *g, const struct vm_ins *in)
{
    const unsigned m0 = in->dst[0].mask, m1 = in->dst[1].mask;
    const bool sat = in->saturate;
    LLVMValueRef r[4] = {0}, r1[4] = {0};
    LLVMBuilderRef B = g->B;

#define FOR_C(m) for (unsigned c = 0; c < 4; c++) if (((m) >> c) & 1u)
#define STORE0(s) FOR_C(m0) dst_write(g, in, 0, c, r[c], (s))
#define STORE1(s) FOR_C(m1) dst_write(g, in, 1, c, r1[c], (s))
#define F2(expr)                                                                               \
    do {                                                                                       \
        FOR_C(m0) {                                                                            \
            LLVMValueRef a = srcf(g, in, 0, c), b = srcf(g, in, 1, c);                         \
            r[c] = fout(g, (expr));                                                            \
        }                                                                                      \
        STORE0(sat);                                                                           \
    } while (0)
#define F1(expr)                                                                               \
    do {                                                                                       \
        FOR_C(m0) {                                                                            \
            LLVMValueRef a = srcf(g, in, 0, c);                                                \
            r[c] = fout(g, (expr));                                                            \
        }                                                                                      \
        STORE0(sat);                                                                           \
    } while (0)
#define I1(expr, s)                                                                            \
    do {                                                                                       \
        FOR_C(m0) {                                                                            \
            LLVMValueRef a = src(g, in, 0, c);                                                 \
            r[c] = (expr);                                                                     \
        }                                                                                      \
        STORE0(s);                                                                             \
    } while (0)
#define I2(expr, s)                                                                            \
    do {                                                                                       \
        FOR_C(m0) {                                                                            \
            LLVMValueRef a = src(g, in, 0, c), b = src(g, in, 1, c);                           \
            r[c] = (expr);                                                                     \
        }                                                                                      \
        STORE0(s);                                                                             \
    } while (0)
#define I3(expr, s)                                                                            \
    do {                                                                                       \
        FOR_C(m0) {                                                                            \
            LLVMValueRef a = src(g, in, 0, c), b = src(g, in, 1, c), d = src(g, in, 2, c);     \
            r[c] = (expr);                                                                     \
        }                                                                                      \
        STORE0(s);                                                                             \
    } while (0)
#define L1(expr, s)                                                                            \
    do {                                                                                       \
        FOR_C(m0) {                                                                            \
            LLVMValueRef a = src_lazy(g, in, 0, c);                                            \
            r[c] = (expr);                                                                     \
        }                                                                                      \
        STORE0(s);                                                                             \
    } while (0)
#define FC(pred)                                                                               \
    do {                                                                                       \
        FOR_C(m0) r[c] = mask_true(g, FCMP((pred), srcf(g, in, 0, c), srcf(g, in, 1, c)));     \
        STORE0(false);                                                                         \
    } while (0)
#define IC(pred) I2(mask_true(g, ICMP((pred), a, b)), false)

    switch (in->op) {
    case IR_OP_MOV:
        L1(a, sat);
        break;
    case IR_OP_MOVC:
        /* (a NaN's bits are never 0, whatever its payload: the condition is the same) */
        FOR_C(m0) r[c] = sel_lazy(g, ICMP(LLVMIntNE, src_lazy(g, in, 0, c), zero(g)),
                                  src_lazy(g, in, 1, c), src_lazy(g, in, 2, c));
        STORE0(sat);
        break;
    case IR_OP_SWAPC: {
        unsigned m = m0 | m1;
        FOR_C(m) {
            LLVMValueRef cnd = ICMP(LLVMIntNE, src_lazy(g, in, 0, c), zero(g));
            LLVMValueRef a = src_lazy(g, in, 1, c), b = src_lazy(g, in, 2, c);
            r[c] = sel_lazy(g, cnd, b, a);
            r1[c] = sel_lazy(g, cnd, a, b);
        }
        STORE0(false);
        STORE1(false);
        break;
    }
    case IR_OP_ADD: F2(LLVMBuildFAdd(B, a, b, "")); break;
    case IR_OP_MUL: F2(LLVMBuildFMul(B, a, b, "")); break;
    case IR_OP_DIV: F2(LLVMBuildFDiv(B, a, b, "")); break;
    case IR_OP_MAD:
        FOR_C(m0) {
            LLVMValueRef p = LLVMBuildFMul(B, srcf(g, in, 0, c), srcf(g, in, 1, c), "");
            r[c] = fout(g, LLVMBuildFAdd(B, p, srcf(g, in, 2, c), ""));
        }
        STORE0(sat);
        break;
    case IR_OP_DP2: case IR_OP_DP3: case IR_OP_DP4: {
        unsigned n = in->op == IR_OP_DP2 ? 2 : in->op == IR_OP_DP3 ? 3 : 4;
        LLVMValueRef sum = LLVMBuildFMul(B, srcf(g, in, 0, 0), srcf(g, in, 1, 0), "");
        for (unsigned c = 1; c < n; c++)
            sum = LLVMBuildFAdd(B, sum,
                                LLVMBuildFMul(B, srcf(g, in, 0, c), srcf(g, in, 1, c), ""), "");
        LLVMValueRef v = fout(g, sum);
        for (unsigned c = 0; c < 4; c++)
            r[c] = v;
        STORE0(sat);
        break;
    }
    case IR_OP_MIN:
        FOR_C(m0) r[c] = cg_minmax(g, srcf(g, in, 0, c), srcf(g, in, 1, c), false);
        STORE0(sat);
        break;
    case IR_OP_MAX:
        FOR_C(m0) r[c] = cg_minmax(g, srcf(g, in, 0, c), srcf(g, in, 1, c), true);
        STORE0(sat);
        break;
    case IR_OP_FRC: F1(cg_frc(g, a)); break;
    case IR_OP_RSQ:
        F1(LLVMBuildFDiv(B, fsplat(g, 1.0f), fcall1(g, "llvm.sqrt", a), ""));
        break;
    case IR_OP_SQRT: F1(fcall1(g, "llvm.sqrt", a)); break;
    case IR_OP_RCP: F1(LLVMBuildFDiv(B, fsplat(g, 1.0f), a, "")); break;
    case IR_OP_ROUND_NE: F1(cg_round_ne(g, a)); break;
    case IR_OP_ROUND_NI: F1(fcall1(g, "llvm.floor", a)); break;
    case IR_OP_ROUND_PI: F1(fcall1(g, "llvm.ceil", a)); break;
    case IR_OP_ROUND_Z: F1(fcall1(g, "llvm.trunc", a)); break;
    case IR_OP_EXP:
        L1(cg_exp2(g, a), sat);
        break;
    case IR_OP_LOG:
        L1(cg_log2(g, a), sat);
        break;
    case IR_OP_SINCOS:
        FOR_C(m0) r[c] = cg_sincos(g, src_lazy(g, in, 0, c), false);
        FOR_C(m1) r1[c] = cg_sincos(g, src_lazy(g, in, 0, c), true);
        STORE0(sat);
        STORE1(sat);
        break;
    case IR_OP_DERIV_RTX: case IR_OP_DERIV_RTX_COARSE:
        L1(cg_deriv(g, a, false, false), sat);
        break;
    case IR_OP_DERIV_RTY: case IR_OP_DERIV_RTY_COARSE:
        L1(cg_deriv(g, a, true, false), sat);
        break;
    case IR_OP_DERIV_RTX_FINE:
        L1(cg_deriv(g, a, false, true), sat);
        break;
    case IR_OP_DERIV_RTY_FINE:
        L1(cg_deriv(g, a, true, true), sat);
        break;
    case IR_OP_EQ: FC(LLVMRealOEQ); break;
    case IR_OP_NE: FC(LLVMRealUNE); break;
    case IR_OP_LT: FC(LLVMRealOLT); break;
    case IR_OP_GE: FC(LLVMRealOGE); break;
    case IR_OP_FTOI:
        FOR_C(m0) {
            /* vm_alu.c ftoi: NaN -> 0, clamp to the int range, toward zero */
            LLVMValueRef f = srcf(g, in, 0, c);
            LLVMValueRef v = LLVMBuildFreeze(B, LLVMBuildFPToSI(B, f, g->vi32, ""), "");
            v = SEL(FCMP(LLVMRealOLE, f, fsplat(g, -2147483648.0f)), splat(g, 0x80000000u), v);
            v = SEL(FCMP(LLVMRealOGE, f, fsplat(g, 2147483648.0f)), splat(g, 0x7fffffffu), v);
            r[c] = SEL(FCMP(LLVMRealUNO, f, f), zero(g), v);
        }
        STORE0(false);
        break;
    case IR_OP_FTOU:
        FOR_C(m0) {
            LLVMValueRef f = srcf(g, in, 0, c);
            LLVMValueRef v = LLVMBuildFreeze(B, LLVMBuildFPToUI(B, f, g->vi32, ""), "");
            v = SEL(FCMP(LLVMRealOGE, f, fsplat(g, 4294967296.0f)), splat(g, 0xffffffffu), v);
            r[c] = SEL(FCMP(LLVMRealOGT, f, fsplat(g, 0.0f)), v, zero(g));
        }
        STORE0(false);
        break;
    case IR_OP_ITOF: I1(as_i(g, LLVMBuildSIToFP(B, a, g->vf32, "")), sat); break;
    case IR_OP_UTOF: I1(as_i(g, LLVMBuildUIToFP(B, a, g->vf32, "")), sat); break;
    case IR_OP_IADD: I2(ADD(a, b), sat); break;
    case IR_OP_IMAD: case IR_OP_UMAD: I3(ADD(LLVMBuildMul(B, a, b, ""), d), sat); break;
    case IR_OP_IMAX: I2(SEL(ICMP(LLVMIntSGT, a, b), a, b), sat); break;
    case IR_OP_IMIN: I2(SEL(ICMP(LLVMIntSLT, a, b), a, b), sat); break;
    case IR_OP_UMAX: I2(SEL(ICMP(LLVMIntUGT, a, b), a, b), sat); break;
    case IR_OP_UMIN: I2(SEL(ICMP(LLVMIntULT, a, b), a, b), sat); break;
    case IR_OP_INEG: I1(SUB(zero(g), a), sat); break;
    case IR_OP_IMUL: case IR_OP_UMUL: {
        unsigned m = m0 | m1;
        bool sgn = in->op == IR_OP_IMUL;
        FOR_C(m) {
            LLVMValueRef a = src(g, in, 0, c), b = src(g, in, 1, c);
            LLVMValueRef a64 = sgn ? LLVMBuildSExt(B, a, g->vi64, "") : LLVMBuildZExt(B, a, g->vi64, "");
            LLVMValueRef b64 = sgn ? LLVMBuildSExt(B, b, g->vi64, "") : LLVMBuildZExt(B, b, g->vi64, "");
            LLVMValueRef p = LLVMBuildMul(B, a64, b64, "");
            LLVMValueRef s32[L];
            for (unsigned i = 0; i < g->w; i++)
                s32[i] = ci64(g, 32);
            r[c] = LLVMBuildTrunc(B, LLVMBuildLShr(B, p, LLVMConstVector(s32, g->w), ""), g->vi32,
                                  "");
            r1[c] = LLVMBuildTrunc(B, p, g->vi32, "");
        }
        STORE0(false);
        STORE1(false);
        break;
    }
    case IR_OP_UDIV: {
        unsigned m = m0 | m1;
        FOR_C(m) {
            LLVMValueRef a = src(g, in, 0, c), b = src(g, in, 1, c);
            LLVMValueRef z = ICMP(LLVMIntEQ, b, zero(g));
            LLVMValueRef safe = SEL(z, splat(g, 1), b);
            r[c] = SEL(z, splat(g, 0xffffffffu), LLVMBuildUDiv(B, a, safe, ""));
            r1[c] = SEL(z, splat(g, 0xffffffffu), LLVMBuildURem(B, a, safe, ""));
        }
        STORE0(false);
        STORE1(false);
        break;
    }
    case IR_OP_UADDC: case IR_OP_USUBB: {
        unsigned m = m0 | m1;
        bool sub = in->op == IR_OP_USUBB;
        FOR_C(m) {
            LLVMValueRef a = src(g, in, 0, c), b = src(g, in, 1, c);
            r[c] = sub ? SUB(a, b) : ADD(a, b);
            LLVMValueRef cy = sub ? ICMP(LLVMIntULT, a, b) : ICMP(LLVMIntULT, r[c], a);
            r1[c] = LLVMBuildZExt(B, cy, g->vi32, "");
        }
        STORE0(false);
        STORE1(false);
        break;
    }
    case IR_OP_ISHL: I2(SHL(a, AND(b, splat(g, 31))), sat); break;
    case IR_OP_ISHR: I2(ASHR(a, AND(b, splat(g, 31))), sat); break;
    case IR_OP_USHR: I2(LSHR(a, AND(b, splat(g, 31))), sat); break;
    case IR_OP_IEQ: IC(LLVMIntEQ); break;
    case IR_OP_INE: IC(LLVMIntNE); break;
    case IR_OP_ILT: IC(LLVMIntSLT); break;
    case IR_OP_IGE: IC(LLVMIntSGE); break;
    case IR_OP_ULT: IC(LLVMIntULT); break;
    case IR_OP_UGE: IC(LLVMIntUGE); break;
    case IR_OP_AND: I2(AND(a, b), sat); break;
    case IR_OP_OR: I2(OR(a, b), sat); break;
    case IR_OP_XOR: I2(XOR(a, b), sat); break;
    case IR_OP_NOT: I1(XOR(a, splat(g, 0xffffffffu)), sat); break;
    case IR_OP_COUNTBITS: I1(icall1(g, "llvm.ctpop", a), sat); break;
    case IR_OP_FIRSTBIT_HI: I1(cg_firstbit_hi(g, a), sat); break;
    case IR_OP_FIRSTBIT_LO: {
        I1(SEL(ICMP(LLVMIntEQ, a, zero(g)), splat(g, 0xffffffffu),
               intrinsic(g, "llvm.cttz", &g->vi32, 1,
                         (LLVMValueRef[2]){a, LLVMConstInt(g->i1, 0, 0)}, 2)),
           sat);
        break;
    }
    case IR_OP_FIRSTBIT_SHI:
        I1(cg_firstbit_hi(g, SEL(ICMP(LLVMIntSLT, a, zero(g)), XOR(a, splat(g, 0xffffffffu)), a)),
           sat);
        break;
    case IR_OP_BFREV: I1(icall1(g, "llvm.bitreverse", a), sat); break;
    case IR_OP_UBFE: I3(cg_bfe(g, a, b, d, false), sat); break;
    case IR_OP_IBFE: I3(cg_bfe(g, a, b, d, true), sat); break;
    case IR_OP_BFI:
        FOR_C(m0) {
            LLVMValueRef w = AND(src(g, in, 0, c), splat(g, 31));
            LLVMValueRef o = AND(src(g, in, 1, c), splat(g, 31));
            LLVMValueRef mask = SHL(SUB(SHL(splat(g, 1), w), splat(g, 1)), o);
            r[c] = OR(AND(SHL(src(g, in, 2, c), o), mask),
                      AND(src(g, in, 3, c), XOR(mask, splat(g, 0xffffffffu))));
        }
        STORE0(sat);
        break;
    default:
        break;
    }
#undef FOR_C
#undef STORE0
#undef STORE1
#undef F1
#undef F2
#undef I1
#undef I2
#undef I3
#undef FC
#undef L1
#undef IC
}

/* ---- resource instructions (jit.h) ------------------------------------------------------------ */

#define REQ_AT(field) (offsetof(struct vm_state, req) + offsetof(struct vm_sample_request, field))

/* A float operand component of the request: vm_fin of the fetched bits (flushed, the NaN's
 * bits kept), as vm_resource.c tex_operands stores it. */
static LLVMValueRef req_float(struct cg *g, const struct vm_ins *in, int k, unsigned c)
{
    LLVMValueRef v = flush_bits(g, src(g, in, (unsigned)k, c));
    mark_flushed(g, v);
    return v;
}

/* vm_resource.c tex_operands for one chunk: every operand field the instruction has, written
 * to st->req (tex_call then writes the rest). */
static void tex_request(struct cg *g, const struct vm_ins *in)
{
    const struct ir_tex_layout *lay = ir_tex_layout(in->op);
    unsigned kind = vm_tex_kind(in->op);
    if (lay->address >= 0) {
        bool ld = kind == VM_TEX_LD || kind == VM_TEX_LD_MS;
        LLVMValueRef a[4];
        for (unsigned c = 0; c < 4; c++) {
            a[c] = ld ? src(g, in, (unsigned)lay->address, c) : req_float(g, in, lay->address, c);
            store_vec(g, a[c], g->st, REQ_AT(address) + c * COMP_BYTES);
        }
        if (vm_tex_kind_implicit(kind))
            /* implicit LOD: the coarse derivatives of every address component, per quad */
            for (unsigned c = 0; c < 4; c++) {
                store_vec(g, canon(g, cg_deriv(g, a[c], false, false)), g->st,
                          REQ_AT(ddx) + c * COMP_BYTES);
                store_vec(g, canon(g, cg_deriv(g, a[c], true, false)), g->st,
                          REQ_AT(ddy) + c * COMP_BYTES);
            }
    }
    if (lay->offset >= 0)
        for (unsigned c = 0; c < 2; c++)
            store_vec(g, src(g, in, (unsigned)lay->offset, c), g->st,
                      REQ_AT(offset) + c * COMP_BYTES);
    if (lay->lod >= 0)   /* (resinfo's integer mip is not taken: vm_tex_native) */
        store_vec(g, req_float(g, in, lay->lod, 0), g->st, REQ_AT(lod));
    if (lay->bias >= 0)
        store_vec(g, req_float(g, in, lay->bias, 0), g->st, REQ_AT(bias));
    if (lay->ref >= 0)
        store_vec(g, req_float(g, in, lay->ref, 0), g->st, REQ_AT(ref));
    if (lay->clamp >= 0)
        store_vec(g, req_float(g, in, lay->clamp, 0), g->st, REQ_AT(clamp));
    if (lay->sample_index >= 0)
        store_vec(g, src(g, in, (unsigned)lay->sample_index, 0), g->st, REQ_AT(sample_index));
    if (lay->ddx >= 0 && lay->ddy >= 0)
        for (unsigned c = 0; c < 4; c++) {
            store_vec(g, req_float(g, in, lay->ddx, c), g->st, REQ_AT(ddx) + c * COMP_BYTES);
            store_vec(g, req_float(g, in, lay->ddy, c), g->st, REQ_AT(ddy) + c * COMP_BYTES);
        }
}

/* op_tex's store: the t# swizzle picks from the answer's raw bits, then _sat and the mask. */
static void tex_result(struct cg *g, const struct vm_ins *in)
{
    const struct vm_opnd *t = &in->src[ir_tex_layout(in->op)->resource];
    size_t base = offsetof(struct vm_state, res) + offsetof(struct vm_sample_result, value);
    LLVMValueRef v[4] = {NULL, NULL, NULL, NULL};
    for (unsigned c = 0; c < 4; c++)
        if ((in->dst[0].mask >> c) & 1) {
            unsigned s = t->swz[c] & 3;
            if (!v[s])
                v[s] = load_vec(g, g->st, base + s * COMP_BYTES);
            dst_write(g, in, 0, c, v[s], in->saturate);
        }
}

/* ---- ld in compute programs (jit.h) -----------------------------------------------------------
 * A compute program's ld needs no batch-wide sampler call (its lanes have no quads, its answer
 * is per lane), so it does not start a block: each chunk reads env->cs->ld_view[t#] at run
 * time and, when the slot is described there and every executing lane asks for level 0,
 * fetches the texels itself -- sampler_load_rgba8's rules written as vector IR: a lane
 * outside level 0 (x or y negative or past the size; slice not 0 of an array view) reads 0 in
 * all four components (ld out of range, D3D11.3 functional spec 22.4.7), the pixel's bytes at
 * the layout's shifts become v / 255 (correctly rounded: texel_unorm8_table), alpha 1 without
 * an alpha byte.  Otherwise the chunk goes to the sampler (vm_resource.c tex_call_chunk) with
 * the request op_tex_call would make, restricted to the chunk's lanes. */
static bool inline_ld(const struct vm_program *p, const struct vm_ins *in)
{
    if (p->type != IR_SHADER_COMPUTE || in->op != IR_OP_LD || in->flow || in->pred_active ||
        !native_dst(&in->dst[0]))
        return false;
    const struct ir_tex_layout *lay = ir_tex_layout(in->op);
    /* (_aoffimmi ld stays on the block path: op_tex_call passes the offsets on) */
    return in->src[lay->resource].index < IR_MAX_RESOURCES &&
           native_src(&in->src[lay->address]) && !in->texel_offset[0] &&
           !in->texel_offset[1] && !in->texel_offset[2];
}

static LLVMValueRef ld_field(struct cg *g, LLVMValueRef view, size_t off)
{
    return LLVMBuildLoad2(g->B, g->i32, at(g, view, off), "");
}

static void emit_ld(struct cg *g, const struct vm_ins *in)
{
    const struct ir_tex_layout *lay = ir_tex_layout(in->op);
    const struct vm_opnd *t = &in->src[lay->resource];
    LLVMBuilderRef B = g->B;
    LLVMValueRef a[4];
    for (unsigned c = 0; c < 4; c++)   /* every value the arms use is made before them */
        a[c] = src(g, in, (unsigned)lay->address, c);
    LLVMValueRef cs = load_ptr(g, g->env, offsetof(struct vm_env, cs));
    LLVMValueRef view = at(g, cs, offsetof(struct vm_cs_env, ld_view) +
                                      (size_t)t->index * sizeof(struct vm_ld_view));
    LLVMTypeRef iw = LLVMIntTypeInContext(g->C, g->w);
    LLVMValueRef upper = LLVMBuildBitCast(B, AND(ICMP(LLVMIntNE, a[3], zero(g)), g->exec), iw, "");
    LLVMValueRef go = AND(ICMP(LLVMIntNE, ld_field(g, view, offsetof(struct vm_ld_view, fast)),
                               ci32(g, 0)),
                          ICMP(LLVMIntEQ, upper, LLVMConstInt(iw, 0, 0)));
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInsertBlock(B));
    LLVMBasicBlockRef bb_fast = LLVMAppendBasicBlockInContext(g->C, fn, "ld_fast");
    LLVMBasicBlockRef bb_slow = LLVMAppendBasicBlockInContext(g->C, fn, "ld_sampler");
    LLVMBasicBlockRef bb_join = LLVMAppendBasicBlockInContext(g->C, fn, "ld_done");
    LLVMBuildCondBr(B, go, bb_fast, bb_slow);

    /* the texels */
    LLVMPositionBuilderAtEnd(B, bb_fast);
    LLVMValueRef fv[4], sv[4];
    {
        LLVMValueRef w = broadcast(g, ld_field(g, view, offsetof(struct vm_ld_view, width)));
        LLVMValueRef h = broadcast(g, ld_field(g, view, offsetof(struct vm_ld_view, height)));
        LLVMValueRef pitch = broadcast(g, ld_field(g, view, offsetof(struct vm_ld_view, row_pitch)));
        LLVMValueRef slices = broadcast(g, ICMP(LLVMIntNE, ld_field(g, view,
                                                   offsetof(struct vm_ld_view, slice_check)),
                                                ci32(g, 0)));
        LLVMValueRef alpha = broadcast(g, ICMP(LLVMIntNE, ld_field(g, view,
                                                  offsetof(struct vm_ld_view, has_alpha)),
                                               ci32(g, 0)));
        LLVMValueRef inb = AND(ICMP(LLVMIntULT, a[0], w), ICMP(LLVMIntULT, a[1], h));
        inb = AND(inb, OR(ICMP(LLVMIntEQ, a[2], zero(g)), LLVMBuildNot(B, slices, "")));
        /* offsets fit 31 bits (compute.c describes no larger level): one 32-bit gather of
         * every lane, unmasked -- a lane outside the level reads texel (0, 0), which a
         * described view always has (compute.c describe_ld_views), and gets 0 below; so no
         * per-lane test (a masked gather is expanded into a branch per lane on CPUs whose
         * gather instruction LLVM avoids) */
        LLVMValueRef off = ADD(LLVMBuildMul(B, SEL(inb, a[1], zero(g)), pitch, ""),
                               SHL(SEL(inb, a[0], zero(g)), splat(g, 2)));
        LLVMValueRef data = load_ptr(g, view, offsetof(struct vm_ld_view, data));
        LLVMValueRef ptrs = LLVMBuildGEP2(B, g->i8, data, &off, 1, "");
        LLVMTypeRef gt[2] = {g->vi32, LLVMTypeOf(ptrs)};
        LLVMValueRef px = intrinsic(g, "llvm.masked.gather", gt, 2,
                                    (LLVMValueRef[4]){ptrs, ci32(g, 1),
                                                      LLVMConstAllOnes(LLVMTypeOf(inb)),
                                                      zero(g)}, 4);
        for (unsigned c = 0; c < 4; c++) {
            LLVMValueRef sh = broadcast(g, ld_field(g, view, offsetof(struct vm_ld_view, shift) +
                                                             c * sizeof(uint32_t)));
            LLVMValueRef b = AND(LSHR(px, sh), splat(g, 255));
            LLVMValueRef f = as_i(g, LLVMBuildFDiv(B, LLVMBuildUIToFP(B, b, g->vf32, ""),
                                                   fsplat(g, 255.0f), ""));
            if (c == 3)
                f = SEL(alpha, f, splat(g, 0x3f800000u));
            fv[c] = SEL(inb, f, zero(g));
        }
    }
    LLVMBasicBlockRef fast_end = LLVMGetInsertBlock(B);
    LLVMBuildBr(B, bb_join);

    /* the sampler, for this chunk */
    LLVMPositionBuilderAtEnd(B, bb_slow);
    for (unsigned c = 0; c < 4; c++)
        store_vec(g, a[c], g->st, REQ_AT(address) + c * COMP_BYTES);
    {
        chunk_call(g, LLVMConstIntToPtr(ci64(g, (uint64_t)(uintptr_t)vm_tex_chunk_fn()), g->ptr),
                   in);
        size_t base = offsetof(struct vm_state, res) + offsetof(struct vm_sample_result, value);
        for (unsigned c = 0; c < 4; c++)
            sv[c] = load_vec(g, g->st, base + c * COMP_BYTES);
    }
    /* the answers' flushed forms too: the texels' own have no denormal (v / 255, 0 and 1), so
     * a float instruction reading the result takes the phi of these instead of flushing it
     * (unused, the optimiser removes them) */
    LLVMValueRef sf[4];
    for (unsigned c = 0; c < 4; c++)
        sf[c] = flush_bits(g, sv[c]);
    LLVMBasicBlockRef slow_end = LLVMGetInsertBlock(B);
    LLVMBuildBr(B, bb_join);

    LLVMPositionBuilderAtEnd(B, bb_join);
    LLVMValueRef r[4];
    for (unsigned c = 0; c < 4; c++) {
        r[c] = LLVMBuildPhi(B, g->vi32, "");
        LLVMAddIncoming(r[c], (LLVMValueRef[2]){fv[c], sv[c]},
                        (LLVMBasicBlockRef[2]){fast_end, slow_end}, 2);
        LLVMValueRef f = LLVMBuildPhi(B, g->vi32, "");
        LLVMAddIncoming(f, (LLVMValueRef[2]){fv[c], sf[c]},
                        (LLVMBasicBlockRef[2]){fast_end, slow_end}, 2);
        set_flushed_twin(g, r[c], f);
    }
    /* op_tex's store: the t# swizzle, _sat, the mask */
    for (unsigned c = 0; c < 4; c++)
        dst_write(g, in, 0, c, r[t->swz[c] & 3], in->saturate);
}

/* ---- typed UAV stores in compute programs (jit.h) ---------------------------------------------
 * store_uav_typed reads env->cs->uav_view[u#] at run time: a described view is written by the
 * chunk itself -- compute.c compute_typed's rules as vector IR: lanes outside the view's size
 * (the coordinates its dimension uses) write nothing (spec 5.3.4.4: out-of-bounds writes are
 * discarded), 4 x 8-bit UNORM texels get texel_float_to_unorm8 of r, g, b (and a) at their
 * shifts with the kept bits of the old texel, 32-bit single-channel ones .x's bits -- in lane
 * order (the scatter's order, as the interpreter's loop).  Otherwise the chunk goes to typed()
 * (vm_compute.c vm_typed_store_chunk).  A block holds at most one such store and no other
 * memory access (jit_codegen below), so running it chunk by chunk orders the lanes' writes
 * as the interpreter's batch does. */
static bool inline_store(const struct vm_program *p, const struct vm_ins *in)
{
    return p->type == IR_SHADER_COMPUTE && in->op == IR_OP_STORE_UAV_TYPED && !in->flow &&
           !in->pred_active && in->dst[0].index < IR_MAX_UAVS &&
           ((p->uav_typed >> in->dst[0].index) & 1) && native_src(&in->src[0]) &&
           native_src(&in->src[1]);
}

/* texel_float_to_unorm8: NaN and <= 0 -> 0, >= 1 -> 255, else floor(c * 255 + 0.5) (exact in
 * double) */
static LLVMValueRef to_unorm8(struct cg *g, LLVMValueRef bits)
{
    LLVMBuilderRef B = g->B;
    LLVMValueRef f = as_f(g, bits);
    LLVMTypeRef vf64 = LLVMVectorType(LLVMDoubleTypeInContext(g->C), g->w);
    LLVMValueRef d = LLVMBuildFPExt(B, f, vf64, "");
    LLVMValueRef k255[L], half[L];
    for (unsigned i = 0; i < g->w; i++) {
        k255[i] = LLVMConstReal(LLVMDoubleTypeInContext(g->C), 255.0);
        half[i] = LLVMConstReal(LLVMDoubleTypeInContext(g->C), 0.5);
    }
    d = LLVMBuildFAdd(B, LLVMBuildFMul(B, d, LLVMConstVector(k255, g->w), ""),
                      LLVMConstVector(half, g->w), "");
    LLVMValueRef u = LLVMBuildFreeze(B, LLVMBuildFPToUI(B, d, g->vi32, ""), "");
    u = SEL(FCMP(LLVMRealOGE, f, fsplat(g, 1.0f)), splat(g, 255), u);
    return SEL(FCMP(LLVMRealOGT, f, fsplat(g, 0.0f)), u, zero(g));
}

static LLVMValueRef uav_field(struct cg *g, LLVMValueRef view, size_t off)
{
    return LLVMBuildLoad2(g->B, g->i32, at(g, view, off), "");
}

static void emit_store_typed(struct cg *g, const struct vm_ins *in)
{
    LLVMBuilderRef B = g->B;
    LLVMValueRef a[3], v[4];
    for (unsigned c = 0; c < 3; c++)   /* every value the arms use is made before them */
        a[c] = src(g, in, 0, c);
    for (unsigned c = 0; c < 4; c++)
        v[c] = src(g, in, 1, c);
    LLVMValueRef cs = load_ptr(g, g->env, offsetof(struct vm_env, cs));
    LLVMValueRef view = at(g, cs, offsetof(struct vm_cs_env, uav_view) +
                                      (size_t)in->dst[0].index * sizeof(struct vm_uav_view));
    LLVMValueRef kind = uav_field(g, view, offsetof(struct vm_uav_view, fast));
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInsertBlock(B));
    LLVMBasicBlockRef bb_fast = LLVMAppendBasicBlockInContext(g->C, fn, "st_fast");
    LLVMBasicBlockRef bb_slow = LLVMAppendBasicBlockInContext(g->C, fn, "st_typed");
    LLVMBasicBlockRef bb_join = LLVMAppendBasicBlockInContext(g->C, fn, "st_done");
    LLVMBuildCondBr(B, ICMP(LLVMIntNE, kind, ci32(g, 0)), bb_fast, bb_slow);

    LLVMPositionBuilderAtEnd(B, bb_fast);
    {
        LLVMValueRef y = SEL(broadcast(g, ICMP(LLVMIntNE, uav_field(g, view,
                                                 offsetof(struct vm_uav_view, use_y)),
                                               ci32(g, 0))), a[1], zero(g));
        LLVMValueRef z = SEL(broadcast(g, ICMP(LLVMIntNE, uav_field(g, view,
                                                 offsetof(struct vm_uav_view, use_z)),
                                               ci32(g, 0))), a[2], zero(g));
        LLVMValueRef inb = g->exec, co[3] = {a[0], y, z};
        for (unsigned c = 0; c < 3; c++)
            inb = AND(inb, ICMP(LLVMIntULT, co[c],
                                broadcast(g, uav_field(g, view, offsetof(struct vm_uav_view, size) +
                                                                    c * sizeof(uint32_t)))));
        LLVMValueRef off = ADD(ADD(LLVMBuildMul(B, SEL(inb, z, zero(g)),
                                                broadcast(g, uav_field(g, view,
                                                    offsetof(struct vm_uav_view, slice_pitch))),
                                                ""),
                                   LLVMBuildMul(B, SEL(inb, y, zero(g)),
                                                broadcast(g, uav_field(g, view,
                                                    offsetof(struct vm_uav_view, row_pitch))),
                                                "")),
                               SHL(SEL(inb, a[0], zero(g)), splat(g, 2)));
        LLVMValueRef ptrs = LLVMBuildGEP2(B, g->i8, load_ptr(g, view,
                                                             offsetof(struct vm_uav_view, data)),
                                          &off, 1, "");
        /* 4 x 8-bit UNORM: the packed texel (kind 1); a 32-bit word: .x (kind 2) */
        LLVMValueRef px = zero(g);
        for (unsigned c = 0; c < 4; c++) {
            LLVMValueRef sh = broadcast(g, uav_field(g, view, offsetof(struct vm_uav_view, shift) +
                                                              c * sizeof(uint32_t)));
            LLVMValueRef b = SHL(to_unorm8(g, v[c]), sh);
            if (c == 3)
                b = SEL(broadcast(g, ICMP(LLVMIntNE, uav_field(g, view,
                                             offsetof(struct vm_uav_view, has_alpha)),
                                           ci32(g, 0))), b, zero(g));
            px = OR(px, b);
        }
        LLVMValueRef keep = broadcast(g, uav_field(g, view, offsetof(struct vm_uav_view, keep)));
        LLVMValueRef gmask = AND(inb, ICMP(LLVMIntNE, keep, zero(g)));
        LLVMTypeRef gt[2] = {g->vi32, LLVMTypeOf(ptrs)};
        LLVMValueRef old = intrinsic(g, "llvm.masked.gather", gt, 2,
                                     (LLVMValueRef[4]){ptrs, ci32(g, 1), gmask, zero(g)}, 4);
        px = OR(px, AND(old, keep));
        px = SEL(broadcast(g, ICMP(LLVMIntEQ, kind, ci32(g, 2))), v[0], px);
        LLVMTypeRef stt[2] = {g->vi32, LLVMTypeOf(ptrs)};
        intrinsic(g, "llvm.masked.scatter", stt, 2,
                  (LLVMValueRef[4]){px, ptrs, ci32(g, 1), inb}, 4);
    }
    LLVMBuildBr(B, bb_join);

    LLVMPositionBuilderAtEnd(B, bb_slow);
    for (unsigned c = 0; c < 3; c++)
        store_vec(g, a[c], g->st, REQ_AT(address) + c * COMP_BYTES);
    size_t base = offsetof(struct vm_state, res) + offsetof(struct vm_sample_result, value);
    for (unsigned c = 0; c < 4; c++)
        store_vec(g, v[c], g->st, base + c * COMP_BYTES);
    chunk_call(g, LLVMConstIntToPtr(ci64(g, (uint64_t)(uintptr_t)vm_typed_store_chunk), g->ptr),
               in);
    LLVMBuildBr(B, bb_join);
    LLVMPositionBuilderAtEnd(B, bb_join);
}

/* Where main's instructions end, not counting a final unconditional ret (which only ends the
 * program): after that point nothing reads a temp again. */
static uint32_t main_body_end(const struct vm_program *p)
{
    return p->main_end && p->ins[p->main_end - 1].op == IR_OP_RET ? p->main_end - 1 : p->main_end;
}

/* Only endifs from pc k to main's end: closing a construct reads no temp, so from k on
 * nothing reads one. */
static bool only_endifs_from(const struct vm_program *p, uint32_t k)
{
    for (; k < main_body_end(p); k++)
        if (p->ins[k].op != IR_OP_ENDIF)
            return false;
    return true;
}

/* Block b of main is followed only by endifs (an `if (in range) { ... }` program). */
static bool only_endifs_after(const struct vm_program *p, const struct jit_block *b)
{
    return b->start < p->main_end && only_endifs_from(p, b->end);
}

/* An `if` the block runs itself (jit.h): in a compute or vertex program's main, without an
 * else, its body instructions generated natively (no resource call, no nested flow), and
 * only endifs after its endif -- so no temp is read after the branch (only_endifs_after).
 * The body then runs for every chunk with exec narrowed to the branch's lanes: temp writes
 * need no select (nothing reads them later, no lane reads another's), output writes, stores
 * and the helpers' calls take the narrowed exec (dst_write, chunk_call).  *stores: the typed
 * UAV stores in the body. */
static bool native_if(const struct vm_program *p, uint32_t pc, uint32_t *endif, unsigned *stores)
{
    const struct vm_ins *in = &p->ins[pc];
    if (in->op != IR_OP_IF || in->pred_active || pc >= p->main_end || in->link != in->aux ||
        (p->type != IR_SHADER_COMPUTE && p->type != IR_SHADER_VERTEX) ||
        !native_src(&in->src[0]))
        return false;
    uint32_t e = in->aux;
    if (e <= pc || e >= p->main_end || p->ins[e].op != IR_OP_ENDIF)
        return false;
    *stores = 0;
    for (uint32_t k = pc + 1; k < e; k++) {
        if (!in_block(p, &p->ins[k]))
            return false;
        *stores += inline_store(p, &p->ins[k]);
    }
    if (!only_endifs_from(p, e + 1))
        return false;
    *endif = e;
    return true;
}

/* Starts function `name` over one chunk of lanes for code at pc `start`: the register cache
 * empty, the base pointers of every lane-indexed array entered at the chunk. */
static void begin_function(struct cg *g, const char *name, uint32_t start)
{
    const struct vm_program *p = g->prog;
    g->temps_zero = start == 0;
    temps_flushed_at(p, start, g->tflushed);
    memset(g->tc, 0, (size_t)p->temp_count * 4 * sizeof(*g->tc));
    memset(g->td, 0, (size_t)p->temp_count * 4);
    memset(g->oc, 0, sizeof(g->oc));
    memset(g->od, 0, sizeof(g->od));
    memset(g->ic, 0, sizeof(g->ic));
    memset(g->cb_data, 0, sizeof(g->cb_data));
    memset(g->cb_size, 0, sizeof(g->cb_size));
    memset(g->facts, 0, sizeof(g->facts));
    g->nfacts = 0;
    g->ncbc = 0;
    g->nrel = 0;

    LLVMValueRef fn = LLVMAddFunction(g->M, name, g->fn_block);
    LLVMSetLinkage(fn, LLVMExternalLinkage);
    LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(g->C, fn, "entry");
    LLVMPositionBuilderAtEnd(g->B, bb);
    g->x = LLVMGetParam(fn, 0);
    LLVMValueRef chunk = LLVMGetParam(fn, 1);
    /* every lane-indexed array is entered at lane chunk * w: one byte offset for all */
    LLVMValueRef lane0 = LLVMBuildZExt(g->B, LLVMBuildMul(g->B, chunk, ci32(g, g->w * 4), ""),
                                       g->i64, "");
    g->st = load_ptr(g, g->x, offsetof(struct vm_exec, st));
    g->env = load_ptr(g, g->x, offsetof(struct vm_exec, env));
    g->temps = LLVMBuildGEP2(g->B, g->i8, load_ptr(g, g->st, offsetof(struct vm_state, temps)),
                             &lane0, 1, "");
    g->inputs = LLVMBuildGEP2(g->B, g->i8, load_ptr(g, g->env, offsetof(struct vm_env, inputs)),
                              &lane0, 1, "");
    g->outputs = LLVMBuildGEP2(g->B, g->i8,
                               load_ptr(g, g->env, offsetof(struct vm_env, outputs)), &lane0, 1,
                               "");
    g->depth = LLVMBuildGEP2(g->B, g->i8, at(g, g->env, offsetof(struct vm_env, depth)), &lane0,
                             1, "");
    g->coverage = LLVMBuildGEP2(g->B, g->i8, at(g, g->env, offsetof(struct vm_env, coverage)),
                                &lane0, 1, "");
    g->cs_ids = NULL;
    if (p->type == IR_SHADER_COMPUTE)
        g->cs_ids = LLVMBuildGEP2(g->B, g->i8,
                                  at(g, load_ptr(g, g->env, offsetof(struct vm_env, cs)),
                                     offsetof(struct vm_cs_env, ids)),
                                  &lane0, 1, "");
    /* the geometry and tessellation register files (stage_get) */
    g->lane0 = lane0;
    LLVMValueRef *files[] = {&g->gs_inputs, &g->prim_id, &g->ocp, &g->pc, &g->tess_domain,
                             &g->tess_id};
    const size_t file_off[] = {offsetof(struct vm_env, gs_inputs),
                               offsetof(struct vm_env, gs_primitive_id),
                               offsetof(struct vm_env, tess_ocp), offsetof(struct vm_env, tess_pc),
                               offsetof(struct vm_env, tess_domain),
                               offsetof(struct vm_env, tess_id)};
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
        *files[i] = LLVMBuildGEP2(g->B, g->i8, load_ptr(g, g->env, file_off[i]), &lane0, 1, "");
    g->ocp_stride = LLVMBuildLoad2(g->B, g->i32,
                                   at(g, g->env, offsetof(struct vm_env, tess_ocp_stride)), "");
    g->pc_count = LLVMBuildLoad2(g->B, g->i32,
                                 at(g, g->env, offsetof(struct vm_env, tess_pc_count)), "");
    /* a#, p#, aL, vCoverage, the sample request and its answer */
    g->st = LLVMBuildGEP2(g->B, g->i8, g->st, &lane0, 1, "");
    LLVMValueRef e = LLVMBuildLoad2(g->B, g->i32, at(g, g->x, offsetof(struct vm_exec, exec)), "");
    e = LLVMBuildLShr(g->B, e, LLVMBuildMul(g->B, chunk, ci32(g, g->w), ""), "");
    e = LLVMBuildTrunc(g->B, e, LLVMIntTypeInContext(g->C, g->w), "");
    g->exec = LLVMBuildBitCast(g->B, e, g->vi1, "");
}

/* One function: block `b` over one chunk of lanes.  Writes select by exec per lane (vm_store);
 * with every lane executing that costs one AND a write in the block at pc 0 (where the old
 * value is a known 0) and a blend elsewhere -- cheaper than compiling a second variant.
 * A block starting with a resource instruction begins with its answer (jit.h). */
static bool emit_block(struct cg *g, const struct jit_block *b, const char *name)
{
    const struct vm_program *p = g->prog;
    begin_function(g, name, b->start);
    g->branch = 0;
    g->temps_dead = b->end >= main_body_end(p) && b->start < p->main_end;
    g->temps_dead = g->temps_dead || only_endifs_after(p, b);
    /* Lanes outside exec keep their old temps only for later reads, and after a dead end
     * there are none -- inside the block no lane reads another's temps in these stages
     * (pixel programs do, in derivatives and implicit-LOD samples of their quads: they keep
     * the selects) */
    g->temps_unread = g->temps_dead &&
                      (p->type == IR_SHADER_COMPUTE || p->type == IR_SHADER_VERTEX);
    g->exec_initial = b->start < p->main_end;
    for (uint32_t k = 0; k < b->start && g->exec_initial; k++) {
        const struct vm_ins *in = &p->ins[k];
        g->exec_initial = !in->flow && in->op != IR_OP_DISCARD && !in->pred_active;
    }
    uint32_t pc = b->start;
    if (b->tex_call)
        tex_result(g, &p->ins[pc++]);
    LLVMValueRef outer_exec = NULL;
    bool outer_unread = false, outer_initial = false;
    for (; pc < b->end; pc++) {
        const struct vm_ins *in = &p->ins[pc];
        if (in->op == IR_OP_IF) {   /* a native if (native_if): vm_flow_step's, per chunk */
            LLVMValueRef cond = ICMP(in->test == IR_TEST_NZ ? LLVMIntNE : LLVMIntEQ,
                                     src(g, in, 0, 0), zero(g));
            outer_exec = g->exec;
            outer_unread = g->temps_unread;
            outer_initial = g->exec_initial;
            g->exec = AND(g->exec, cond);
            g->temps_unread = true;
            g->exec_initial = false;
            g->branch++;
            continue;
        }
        if (in->op == IR_OP_ENDIF) {
            g->exec = outer_exec;
            g->temps_unread = outer_unread;
            g->exec_initial = outer_initial;
            g->branch--;
            continue;
        }
        if (inline_ld(p, &p->ins[pc]))
            emit_ld(g, &p->ins[pc]);
        else if (inline_store(p, &p->ins[pc]))
            emit_store_typed(g, &p->ins[pc]);
        else
            emit_native(g, &p->ins[pc]);
    }
    flush(g, !g->temps_dead);
    LLVMBuildRetVoid(g->B);
    return true;
}

/* The request function of a block starting with a resource instruction (jit.h). */
static bool emit_request(struct cg *g, const struct jit_block *b, const char *name)
{
    begin_function(g, name, b->start);
    g->branch = 0;
    g->temps_dead = false;
    g->temps_unread = false;
    g->exec_initial = false;
    tex_request(g, &g->prog->ins[b->start]);
    LLVMBuildRetVoid(g->B);
    return true;
}

int jit_codegen(const struct vm_program *prog, LLVMContextRef ctx, LLVMModuleRef mod,
                const char *prefix, struct vm_jit *jit)
{
    if (jit->width != 8)   /* the lane shuffles below are written for one AVX2 register */
        return 0;
    struct cg *g = calloc(1, sizeof(*g));
    if (!g)
        return 0;
    g->tc = calloc((size_t)prog->temp_count * 4 + 1, sizeof(*g->tc));
    g->td = calloc((size_t)prog->temp_count * 4 + 1, 1);
    g->tflushed = calloc((size_t)prog->temp_count + 1, 1);
    if (!g->tc || !g->td || !g->tflushed) {
        free(g->tc);
        free(g->td);
        free(g->tflushed);
        free(g);
        return 0;
    }
    g->C = ctx;
    g->M = mod;
    g->B = LLVMCreateBuilderInContext(ctx);
    g->prog = prog;
    g->i1 = LLVMInt1TypeInContext(ctx);
    g->i8 = LLVMInt8TypeInContext(ctx);
    g->i32 = LLVMInt32TypeInContext(ctx);
    g->i64 = LLVMInt64TypeInContext(ctx);
    g->f32 = LLVMFloatTypeInContext(ctx);
    g->ptr = LLVMPointerTypeInContext(ctx, 0);
    g->w = jit->width;
    g->vi32 = LLVMVectorType(g->i32, g->w);
    g->vf32 = LLVMVectorType(g->f32, g->w);
    g->vi1 = LLVMVectorType(g->i1, g->w);
    g->vi64 = LLVMVectorType(g->i64, g->w);
    g->voidt = LLVMVoidTypeInContext(ctx);
    LLVMTypeRef args[2] = {g->ptr, g->i32};
    g->fn_block = LLVMFunctionType(g->voidt, args, 2, 0);
    /* one zero row: cb_scalar reads its first word, cb_relative the whole row */
    g->zero_global = LLVMAddGlobal(mod, LLVMArrayType(g->i32, 4), "zero");
    LLVMSetInitializer(g->zero_global, LLVMConstNull(LLVMArrayType(g->i32, 4)));
    LLVMSetAlignment(g->zero_global, 16);
    LLVMSetGlobalConstant(g->zero_global, 1);
    LLVMSetLinkage(g->zero_global, LLVMPrivateLinkage);

    /* blocks: maximal runs of natively generated instructions, each resource instruction
     * taken starting one (jit.h) */
    uint32_t n = prog->ins_count, count = 0;
    for (uint32_t pc = 0; pc < n;) {
        bool tex = !inline_ld(prog, &prog->ins[pc]) && native_tex(&prog->ins[pc]);
        uint32_t e;
        unsigned nst;
        bool nif = !tex && native_if(prog, pc, &e, &nst) && nst <= 1;
        if (!tex && !nif && !in_block(prog, &prog->ins[pc])) {
            pc++;
            continue;
        }
        /* at most one typed UAV store a block (emit_store_typed: the lanes' write order) */
        bool stored = nif ? nst > 0 : inline_store(prog, &prog->ins[pc]);
        uint32_t start = pc;
        pc = nif ? e + 1 : pc + 1;
        while (pc < n) {
            if (native_if(prog, pc, &e, &nst)) {   /* the whole if ... endif, or stop */
                if (nst > 1 || (nst && stored))
                    break;
                stored |= nst > 0;
                pc = e + 1;
                continue;
            }
            if (!in_block(prog, &prog->ins[pc]))
                break;
            bool st = inline_store(prog, &prog->ins[pc]);
            if (st && stored)
                break;
            stored |= st;
            pc++;
        }
        jit->blocks[count].start = start;
        jit->blocks[count].end = pc;
        jit->blocks[count].tex_call = tex ? vm_tex_call_fn() : NULL;
        jit->block_at[start] = count + 1;
        count++;
    }
    jit->count = count;
    /* main is one block: no interpreted instruction ever reads or writes a temp in memory */
    jit->skip_temp_clear = count == 1 && jit->blocks[0].start == 0 &&
                           jit->blocks[0].end >= main_body_end(prog);

    bool ok = true;
    for (uint32_t i = 0; i < count && ok; i++) {
        char name[96];
        snprintf(name, sizeof(name), "%s_b%u", prefix, i);
        ok = emit_block(g, &jit->blocks[i], name);
        if (ok && jit->blocks[i].tex_call) {
            snprintf(name, sizeof(name), "%s_r%u", prefix, i);
            ok = emit_request(g, &jit->blocks[i], name);
        }
    }
    jit->env_needs = g->env_needs;
    LLVMDisposeBuilder(g->B);
    free(g->tc);
    free(g->td);
    free(g->tflushed);
    free(g);
    return ok;
}
