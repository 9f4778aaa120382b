/* src/jit/jit_cg.h — what the code generator's files share (jit_codegen.c: registers,
 * operands, instructions, blocks; jit_math.c: the transcendental, rounding and bit
 * operations): the generator state, facts about generated values, the small IR builders and
 * the float rules (vm.h vm_fin / vm_fout / vm_saturate) as inline functions.  jit_codegen.c's
 * top comment states the rules. */
#ifndef SOFTD3D_JIT_JIT_CG_H
#define SOFTD3D_JIT_JIT_CG_H

#include "jit/jit_priv.h"
#include "util/fpmode.h"   /* UTIL_FP_FLUSH_HW (hw_flushed below) */

#include <stddef.h>
#include <stdint.h>

#define L 32              /* the most lanes one function handles (arrays below) */
#define REG_BYTES ((size_t)sizeof(vm_reg))
#define COMP_BYTES ((size_t)sizeof(uint32_t) * L)
#define CB_CACHE 256

struct cb_entry {
    uint32_t slot, index, comp;
    LLVMValueRef v, flushed;        /* the broadcast value; its input flush (lazily made) */
};

#define FACT_SET 8192      /* power of two */
#define FACT_FLUSHED 1u
#define FACT_LAZY 2u

struct vfact {
    LLVMValueRef v, canon;
    LLVMValueRef flushed;   /* v with its denormals flushed, made where that was cheaper (a
                             * phi of paths that each know their flush): fin's answer */
    uint8_t flags;
};

#define REL_CACHE 64

struct rel_entry {
    uint32_t slot, index;
    LLVMValueRef rel, comp[4];
};

struct cg {
    LLVMContextRef C;
    LLVMModuleRef M;
    LLVMBuilderRef B;
    LLVMTypeRef i1, i8, i32, i64, f32, ptr, vi32, vf32, vi1, vi64, voidt, fn_block;
    const struct vm_program *prog;
    unsigned w;                          /* lanes per function: VM_LANES / jit chunks */
    LLVMValueRef zero_global;
    /* per function */
    bool temps_zero, temps_dead;         /* block at pc 0 / no temp is read after it */
    bool temps_unread;                   /* temps_dead, and no lane reads another's temps:
                                          * temp writes need not keep inactive lanes' values */
    unsigned branch;                     /* inside a native if (emit_block): exec is the
                                          * branch's, narrower than vm_exec.exec */
    bool exec_initial;                   /* no flow instruction runs before the block: exec
                                          * is the run's mask, lanes outside it never run */
    LLVMValueRef x, st, env, temps, inputs, outputs, depth, coverage, exec;
    LLVMValueRef cs_ids;                 /* compute: env->cs->ids at the chunk (vm.c runs
                                          * compiled compute code only with env->cs set) */
    /* the geometry / tessellation register files (vm.h vm_env), entered at the chunk, loaded
     * at their first use in the function; NULL until then */
    LLVMValueRef lane0, gs_inputs, prim_id, ocp, ocp_stride, pc, pc_count, tess_domain, tess_id;
    uint32_t env_needs;                  /* JIT_NEEDS_* (jit.h) the module dereferences */
    LLVMValueRef *tc;                    /* temp cache [temp_count * 4] */
    uint8_t *td;                         /* dirty */
    uint8_t *tflushed;                   /* [temp_count]: components without a denormal
                                          * when the function loads them (temps_flushed_at) */
    LLVMValueRef oc[IR_MAX_OUTPUTS * 4];
    uint8_t od[IR_MAX_OUTPUTS * 4];
    LLVMValueRef ic[IR_MAX_INPUTS * 4];
    LLVMValueRef cb_data[IR_MAX_CB_SLOTS], cb_size[IR_MAX_CB_SLOTS];
    struct cb_entry cbc[CB_CACHE];
    unsigned ncbc;
    struct rel_entry relc[REL_CACHE];    /* relative cb rows read in this function */
    unsigned nrel;
    struct vfact facts[FACT_SET];        /* what is known of generated values (below) */
    unsigned nfacts;
};

/* Facts about generated values, in one open-addressing table keyed by the LLVM value:
 *   FACT_FLUSHED  no denormal in any lane (a fout result, or derived from one by sign
 *                 operations and selects): fin of it is the value itself;
 *   FACT_LAZY     a float result whose NaNs may carry any payload (fout leaves the
 *                 canonicalisation to the first consumer that reads bits); `canon` is its
 *                 canonical form once made.
 * A full table only forgets: fin then flushes again, fout canonicalises at once. */
static inline struct vfact *fact(struct cg *g, LLVMValueRef v)
{
    size_t h = ((uintptr_t)v >> 4) * 0x9e3779b97f4a7c15ull;
    size_t i = (h >> 20) & (FACT_SET - 1);
    while (g->facts[i].v && g->facts[i].v != v)
        i = (i + 1) & (FACT_SET - 1);
    return &g->facts[i];
}

static inline bool has_fact(struct cg *g, LLVMValueRef v, uint8_t f)
{
    const struct vfact *e = fact(g, v);
    return e->v == v && (e->flags & f);
}

/* false when the table is full */
static inline bool add_fact(struct cg *g, LLVMValueRef v, uint8_t f)
{
    struct vfact *e = fact(g, v);
    if (!e->v) {
        if (g->nfacts >= FACT_SET / 2)
            return false;
        e->v = v;
        g->nfacts++;
    }
    e->flags |= f;
    return true;
}

static inline bool is_flushed(struct cg *g, LLVMValueRef v)
{
    return has_fact(g, v, FACT_FLUSHED);
}

static inline void mark_flushed(struct cg *g, LLVMValueRef v)
{
    add_fact(g, v, FACT_FLUSHED);
}

static inline bool is_lazy(struct cg *g, LLVMValueRef v)
{
    return has_fact(g, v, FACT_LAZY);
}

/* Returns false when the table is full, or for a constant (LLVM shares one value among all
 * uses of the same bits, and laziness belongs to a use): the caller must canonicalise now. */
static inline bool mark_lazy(struct cg *g, LLVMValueRef v)
{
    return !LLVMIsConstant(v) && add_fact(g, v, FACT_LAZY);
}

/* ---- constants and small builders ----------------------------------------------------------- */

static inline LLVMValueRef ci32(struct cg *g, uint32_t v)
{
    return LLVMConstInt(g->i32, v, 0);
}

static inline LLVMValueRef ci64(struct cg *g, uint64_t v)
{
    return LLVMConstInt(g->i64, v, 0);
}

static inline LLVMValueRef splat(struct cg *g, uint32_t v)
{
    LLVMValueRef e[L];
    for (unsigned i = 0; i < g->w; i++)
        e[i] = ci32(g, v);
    return LLVMConstVector(e, g->w);
}

static inline LLVMValueRef zero(struct cg *g)
{
    return splat(g, 0);
}

static inline LLVMValueRef at(struct cg *g, LLVMValueRef base, size_t off)
{
    if (!off)
        return base;
    LLVMValueRef idx = ci64(g, off);
    return LLVMBuildGEP2(g->B, g->i8, base, &idx, 1, "");
}

static inline LLVMValueRef load_ptr(struct cg *g, LLVMValueRef base, size_t off)
{
    return LLVMBuildLoad2(g->B, g->ptr, at(g, base, off), "");
}

static inline LLVMValueRef load_vec(struct cg *g, LLVMValueRef base, size_t off)
{
    LLVMValueRef v = LLVMBuildLoad2(g->B, g->vi32, at(g, base, off), "");
    LLVMSetAlignment(v, 4);
    return v;
}

static inline void store_vec(struct cg *g, LLVMValueRef v, LLVMValueRef base, size_t off)
{
    LLVMValueRef s = LLVMBuildStore(g->B, v, at(g, base, off));
    LLVMSetAlignment(s, 4);
}

/* scalar in every lane (a vector of the scalar's type) */
static inline LLVMValueRef broadcast(struct cg *g, LLVMValueRef scalar)
{
    LLVMTypeRef vt = LLVMVectorType(LLVMTypeOf(scalar), g->w);
    LLVMValueRef v = LLVMBuildInsertElement(g->B, LLVMGetUndef(vt), scalar, ci32(g, 0), "");
    return LLVMBuildShuffleVector(g->B, v, LLVMGetUndef(vt), zero(g), "");
}

static inline LLVMValueRef intrinsic(struct cg *g, const char *name, LLVMTypeRef *types, size_t ntypes,
                              LLVMValueRef *args, unsigned nargs)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(g->M, id, types, ntypes);
    return LLVMBuildCall2(g->B, LLVMGlobalGetValueType(fn), fn, args, nargs, "");
}

static inline LLVMValueRef fcall1(struct cg *g, const char *name, LLVMValueRef f)
{
    return intrinsic(g, name, &g->vf32, 1, &f, 1);
}

static inline LLVMValueRef icall1(struct cg *g, const char *name, LLVMValueRef a)
{
    return intrinsic(g, name, &g->vi32, 1, &a, 1);
}

#define AND(a, b) LLVMBuildAnd(g->B, (a), (b), "")
#define OR(a, b) LLVMBuildOr(g->B, (a), (b), "")
#define XOR(a, b) LLVMBuildXor(g->B, (a), (b), "")
#define SEL(c, a, b) LLVMBuildSelect(g->B, (c), (a), (b), "")
#define ICMP(p, a, b) LLVMBuildICmp(g->B, (p), (a), (b), "")
#define FCMP(p, a, b) LLVMBuildFCmp(g->B, (p), (a), (b), "")
#define ADD(a, b) LLVMBuildAdd(g->B, (a), (b), "")
#define SUB(a, b) LLVMBuildSub(g->B, (a), (b), "")
#define SHL(a, b) LLVMBuildShl(g->B, (a), (b), "")
#define LSHR(a, b) LLVMBuildLShr(g->B, (a), (b), "")
#define ASHR(a, b) LLVMBuildAShr(g->B, (a), (b), "")

static inline LLVMValueRef as_f(struct cg *g, LLVMValueRef v)
{
    return LLVMBuildBitCast(g->B, v, g->vf32, "");
}

static inline LLVMValueRef as_i(struct cg *g, LLVMValueRef v)
{
    return LLVMBuildBitCast(g->B, v, g->vi32, "");
}

static inline LLVMValueRef fsplat(struct cg *g, float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return LLVMConstBitCast(splat(g, u), g->vf32);
}

static inline LLVMValueRef mask_true(struct cg *g, LLVMValueRef cond)
{
    return LLVMBuildSExt(g->B, cond, g->vi32, "");
}

/* ---- the float rules (vm.h vm_fin / vm_fout / vm_saturate) --------------------------------- */

/* keep the sign only where the exponent is 0 (zero or denormal) */
static inline LLVMValueRef flush_bits(struct cg *g, LLVMValueRef u)
{
    LLVMValueRef e = AND(u, splat(g, 0x7f800000u));
    LLVMValueRef keep = SEL(ICMP(LLVMIntNE, e, zero(g)), splat(g, 0xffffffffu),
                            splat(g, 0x80000000u));
    return AND(u, keep);
}

/* A value written by fout (or derived from one by sign operations, moves and selects between
 * such values) has no denormal: fin of it is the value itself (the canonical NaN included). */
static inline bool known_flushed(struct cg *g, LLVMValueRef v);

static inline LLVMValueRef fin(struct cg *g, LLVMValueRef u)
{
    if (LLVMIsConstant(u))
        return as_f(g, flush_bits(g, u));
    if (known_flushed(g, u))
        return as_f(g, u);
    const struct vfact *e = fact(g, u);
    if (e->v == u && e->flushed)
        return as_f(g, e->flushed);
    return as_f(g, flush_bits(g, u));
}

/* Records that `flushed` is flush_bits(v) (fin then takes it); false when the table is full. */
static inline bool set_flushed_twin(struct cg *g, LLVMValueRef v, LLVMValueRef flushed)
{
    if (LLVMIsConstant(v) || !add_fact(g, v, 0))
        return false;
    fact(g, v)->flushed = flushed;
    mark_flushed(g, flushed);
    return true;
}

static inline LLVMValueRef nan_canon(struct cg *g, LLVMValueRef u)
{
    LLVMValueRef nan = ICMP(LLVMIntUGT, AND(u, splat(g, 0x7fffffffu)), splat(g, 0x7f800000u));
    return SEL(nan, splat(g, VM_QNAN), u);
}

/* vm_fout: the flush now, the NaN canonicalisation when a consumer reads the bits (canon()):
 * every float operation treats a NaN operand alike whatever its payload (it yields NaN, or the
 * other operand for min/max, false for comparisons, 0 for _sat and ftoi), so only stores,
 * integer and bitwise instructions and relative indices need the canonical 0x7fc00000 --
 * the result in every observable bit is the interpreter's. */
/* Is f the result of an operation the processor flushes itself under vm_run's MXCSR.FTZ
 * (util/fpmode.h)?  Only arithmetic that rounds in hardware: a select, a bit operation or a
 * constant LLVM folded (at IEEE gradual underflow) still needs the test. */
#if !defined(UTIL_FP_FLUSH_HW)
#error "util/fpmode.h defines UTIL_FP_FLUSH_HW (without it every hardware flush is tested again)"
#endif
static inline bool hw_flushed(LLVMValueRef f)
{
#if UTIL_FP_FLUSH_HW
    if (!LLVMIsAInstruction(f))
        return false;
    switch (LLVMGetInstructionOpcode(f)) {
    case LLVMFAdd:
    case LLVMFSub:
    case LLVMFMul:
    case LLVMFDiv:
    case LLVMFPTrunc:
        return true;
    case LLVMCall: {
        LLVMValueRef callee = LLVMGetCalledValue(f);
        size_t n = 0;
        const char *name = callee ? LLVMGetValueName2(callee, &n) : NULL;
        return name && n >= 9 && memcmp(name, "llvm.sqrt", 9) == 0;
    }
    default:
        return false;
    }
#else
    (void)f;
    return false;
#endif
}

static inline LLVMValueRef fout(struct cg *g, LLVMValueRef f)
{
    LLVMValueRef u = as_i(g, f);
    if (!known_flushed(g, f))
        u = flush_bits(g, u);
    if (!mark_lazy(g, u))
        u = nan_canon(g, u);
    mark_flushed(g, u);
    return u;
}

static inline LLVMValueRef canon(struct cg *g, LLVMValueRef v)
{
    struct vfact *e = fact(g, v);
    if (e->v != v || !(e->flags & FACT_LAZY))
        return v;
    if (!e->canon) {
        e->canon = nan_canon(g, v);
        mark_flushed(g, e->canon);
    }
    return e->canon;
}

static inline LLVMValueRef saturate(struct cg *g, LLVMValueRef u)
{
    LLVMValueRef f = fin(g, u);
    LLVMValueRef r = SEL(FCMP(LLVMRealOGE, f, fsplat(g, 1.0f)), splat(g, 0x3f800000u), u);
    r = SEL(FCMP(LLVMRealOGT, f, fsplat(g, 0.0f)), r, zero(g));
    mark_flushed(g, r);   /* 0, 1 or u where u > 0: u is then no denormal (fin kept it) */
    return r;
}

/* A value without denormals: marked so, or a constant whose flush changes nothing (LLVM
 * folds the flush of a constant and uniques the result, so equal bits are the same value).
 * (Found by fuzz_jit: a denormal literal moved under a partial exec mask had been taken as
 * flushed.) */
static inline bool flushed_within(struct cg *g, LLVMValueRef v, int depth)
{
    if (is_flushed(g, v))
        return true;
    if (LLVMIsConstant(v))
        return flush_bits(g, as_i(g, v)) == as_i(g, v);
    if (hw_flushed(v))
        return true;
    if (depth == 0 || !LLVMIsAInstruction(v))
        return false;
    /* a select between values without denormals (the special-value selects of rsq, exp,
     * log, sincos... around a fout result), or such a value's bitcast, has none either */
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMSelect:
        return flushed_within(g, LLVMGetOperand(v, 1), depth - 1) &&
               flushed_within(g, LLVMGetOperand(v, 2), depth - 1);
    case LLVMBitCast:
        return flushed_within(g, LLVMGetOperand(v, 0), depth - 1);
    default:
        return false;
    }
}

static inline bool known_flushed(struct cg *g, LLVMValueRef v)
{
    return flushed_within(g, v, 4);
}

#define FADD(a, b) LLVMBuildFAdd(g->B, (a), (b), "")
#define FSUB(a, b) LLVMBuildFSub(g->B, (a), (b), "")
#define FMUL(a, b) LLVMBuildFMul(g->B, (a), (b), "")

/* jit_math.c: vm_math.c's algorithms and vm_alu.c's rounding, min/max, derivative and
 * bit-field operations as vector IR */
LLVMValueRef cg_exp2(struct cg *g, LLVMValueRef u);
LLVMValueRef cg_log2(struct cg *g, LLVMValueRef v);
LLVMValueRef cg_sincos(struct cg *g, LLVMValueRef v, bool cos);
LLVMValueRef cg_round_ne(struct cg *g, LLVMValueRef a);
LLVMValueRef cg_frc(struct cg *g, LLVMValueRef a);
LLVMValueRef cg_minmax(struct cg *g, LLVMValueRef a, LLVMValueRef b, bool is_max);
LLVMValueRef cg_deriv(struct cg *g, LLVMValueRef v, bool dy, bool fine);
LLVMValueRef cg_bfe(struct cg *g, LLVMValueRef width, LLVMValueRef offset, LLVMValueRef v, bool is_signed);
LLVMValueRef cg_firstbit_hi(struct cg *g, LLVMValueRef a);

#endif /* SOFTD3D_JIT_JIT_CG_H */
