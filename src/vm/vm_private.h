/* src/vm/vm_private.h — what the VM's files share: the prepared program, the per-thread state,
 * the execution context, operand access and the float helpers of the floating-point rules.
 *
 * Preparation (vm.c) turns every IR operand into a struct vm_opnd that says where its value
 * lives (enum vm_loc) with every table lookup already done: x# arrays become offsets into one
 * pool, input components that were never declared become "reads 0", cb# becomes its slot.
 * The interpreter loop then calls one function per instruction (vm_op_fn, from per-opcode
 * tables in vm_alu.c, vm_flow.c and vm_resource.c); control flow is vm_flow_step().
 */
#ifndef SOFTD3D_VM_VM_PRIVATE_H
#define SOFTD3D_VM_VM_PRIVATE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "vm/vm.h"

/* Where an operand's value lives. */
enum vm_loc {
    VM_LOC_NONE = 0,     /* null destination; t#, s#, labels, rasterizer (not values) */
    VM_LOC_IMM,          /* literal: imm[] */
    VM_LOC_TEMP,         /* state temps[index] */
    VM_LOC_X,            /* state xpool[base + index], index < bound */
    VM_LOC_INPUT,        /* env inputs[index], index < bound (= input_count) */
    VM_LOC_OUTPUT,       /* env outputs[index], index < bound (= output_count) */
    VM_LOC_CB,           /* env cb[base].data[4 * index], index < the bound size */
    VM_LOC_ICB,          /* program icb[4 * index], index < bound (= icb_size) */
    VM_LOC_ADDRESS,      /* state addr[index] */
    VM_LOC_PRED,         /* state pred[index] */
    VM_LOC_LOOP,         /* state aL (every component) */
    VM_LOC_DEPTH,        /* env depth[] (component 0) */
    VM_LOC_COVERAGE,     /* env coverage[] (component 0) */
    VM_LOC_IN_COVERAGE,  /* state incov (component 0 = env input_coverage) */
    VM_LOC_GS_INPUT,     /* geometry: env gs_inputs[index * input_count + base] (index: the
                          * vertex, < bound; base: the register) */
    VM_LOC_PRIM_ID,      /* geometry, hull, domain: env gs_primitive_id (component 0) */
    VM_LOC_OCP,          /* hull fork/join: env tess_ocp[index * tess_ocp_stride + base]
                          * (index: the control point, < bound; base: the register) */
    VM_LOC_PC,           /* hull join, domain: env tess_pc[index], index < bound */
    VM_LOC_TESS_ID,      /* env tess_domain (base 0) or tess_id (base 1): vDomain, or the
                          * phase's vOutputControlPointID / vForkInstanceID / vJoinInstanceID */
    VM_LOC_CS_ID,        /* compute: env cs->ids[base] (vThreadID ... flattened) */
    VM_LOC_MEM,          /* compute: a memory operand (not a value): base = VM_MEM_*, index
                          * the u#/t# slot or the g# declaration's position */
};

enum vm_mem_kind { VM_MEM_UAV = 0, VM_MEM_TGSM = 1, VM_MEM_SRV = 2 };

struct vm_opnd {
    uint8_t loc;         /* enum vm_loc */
    uint8_t swz[4];      /* source: component read for each result component */
    uint8_t mods;        /* source: IR_MOD_NEG / IR_MOD_ABS */
    uint8_t int_mods;    /* modifiers are integer operations (two's complement) */
    uint8_t mask;        /* destination write mask (0 for null) */
    uint8_t zero;        /* source: result components that read 0 (undeclared v# parts) */
    uint8_t rel_loc;     /* VM_LOC_NONE, or TEMP / X / INPUT / ADDRESS / LOOP */
    uint8_t rel_comp;    /* component of the relative register */
    uint32_t rel_reg;    /* temps index, xpool element, input register, address register */
    uint32_t index;      /* the immediate part of the varying index */
    uint32_t base;       /* X: first pool element of the array; CB: the slot */
    uint32_t bound;      /* elements the final index may reach */
    uint32_t imm[4];
};

struct vm_ins;
struct vm_exec;
typedef void (*vm_op_fn)(struct vm_exec *x, const struct vm_ins *in);

struct vm_ins {
    vm_op_fn fn;         /* non-flow instructions: run when some lane executes */
    uint16_t op;         /* enum ir_opcode */
    uint8_t flow;        /* IR_OPF_FLOW: vm_flow_step() */
    uint8_t saturate, test, return_type;
    uint8_t pred_active, pred_negate, pred_swz[4];
    int8_t texel_offset[3];
    uint32_t pred_index;
    uint32_t link;       /* ir_instruction.link */
    uint32_t aux;        /* IF: its endif; SWITCH: its endswitch; CASE/DEFAULT: its switch */
    uint32_t case_first, case_count; /* SWITCH: its literals in vm_program.case_values */
    uint32_t case_value; /* CASE: the literal */
    struct vm_opnd dst[IR_MAX_DST];
    struct vm_opnd src[IR_MAX_SRC];
};

struct vm_program {
    uint8_t type;                    /* enum ir_shader_type */
    uint32_t ins_count, main_end;    /* main: instructions [0, main_end) */
    struct vm_ins *ins;
    uint32_t temp_count, x_elements, input_count, output_count;
    uint8_t in_mask[IR_MAX_INPUTS];  /* declared components of each v# */
    uint8_t res_dim[IR_MAX_RESOURCES];
    uint32_t *icb;                   /* 4 * icb_size */
    uint32_t icb_size;
    uint32_t *case_values;
    uint32_t frame_capacity;         /* open constructs at once, over the deepest call chain */
    uint32_t *clear_temps;           /* the temps vm_run zeroes (prepare() says which) */
    uint32_t clear_count;
    bool straight;                   /* main has no flow (but a final ret), discard or
                                      * predication: exec is the run's mask throughout */
    uint8_t aux_used;                /* VM_AUX_*: the state registers some operand names;
                                      * vm_run clears only those (the rest is never read) */
    /* The JIT's code for this program (jit/jit.h): the one part of a prepared program that
     * changes after creation, published once with release/acquire.  jit_state: 0 = not yet
     * (jit_runs counts batches towards jit_threshold()), 1 = a thread is compiling, 2 = done
     * (jit may still be NULL: nothing to compile, JIT off, or the compile failed). */
    _Atomic(struct vm_jit *) jit;
    atomic_uint jit_runs;
    atomic_int jit_state;
    pthread_t jit_thread;            /* the background compile, joined by vm_program_destroy */
    bool jit_thread_started;
    /* compute programs (vm_compute.c): group size, g# blocks (by declaration position), and
     * what the VM cannot run */
    uint32_t cs_threads[3];
    uint32_t *cs_local;                 /* [3][chunks * VM_LANES]: SV_GroupThreadID x, y, z of
                                         * each flattened index (vm_compute_prepare) */
    uint32_t tgsm_count, tgsm_bytes;
    uint32_t tgsm_off[IR_MAX_TGSM], tgsm_size[IR_MAX_TGSM], tgsm_stride[IR_MAX_TGSM];
    uint64_t uav_typed;                 /* bit s: u<s> is a typed UAV */
    const char *cs_unsupported;
};

#define VM_AUX_ADDR 1u
#define VM_AUX_PRED 2u
#define VM_AUX_LOOP 4u
#define VM_AUX_INCOV 8u

enum vm_frame_kind { VM_FRAME_IF = 1, VM_FRAME_LOOP, VM_FRAME_SWITCH };

/* One open construct.  IF: pending = the lanes waiting for the other side (the else lanes
 * while the then-side runs, then the then-side survivors while the else-side runs).  LOOP:
 * brk = lanes that broke (back at endloop's exit), cont = lanes that continued (back at the
 * next iteration).  SWITCH: brk as for loops, matched = lanes that entered at a case or
 * default, entry = lanes active at the switch, sel = the selector per lane. */
struct vm_frame {
    uint8_t kind;
    uint32_t pending, brk, cont, matched, entry;
    uint32_t sel[VM_LANES];
};

/* One active function (index 0 is the main program). */
struct vm_call {
    uint32_t ret_pc;     /* where the caller goes on */
    uint32_t end;        /* one past the function's last instruction */
    uint32_t frame_base; /* frames below this belong to callers */
    uint32_t ret_mask;   /* lanes that executed ret, back at the function's end */
    uint32_t uncalled;   /* callc: the caller's lanes that did not call */
};

struct vm_state {
    uint32_t temp_count, x_elements, frame_capacity;
    vm_reg *temps;
    vm_reg *xpool;
    struct vm_frame *frames;
    vm_reg addr[IR_MAX_ADDRESS];
    vm_reg pred[IR_MAX_PREDICATES];
    vm_reg loop_counter;
    vm_reg incov;
    struct vm_call calls[IR_MAX_CALL_DEPTH + 1];
    struct vm_sample_request req;
    struct vm_sample_result res;
    uint32_t req_dirty;  /* VM_REQ_*: optional request fields holding a non-zero value from an
                          * earlier request (vm_resource.c zeroes only those it must) */
    struct vm_paused {   /* a compute chunk stopped at a group barrier (vm_run_resumable) */
        bool active;
        uint32_t pc, exec, killed, fsp, csp, iterations, mask;
    } paused;
};

#define VM_REQ_OFFSET 1u
#define VM_REQ_LOD 2u
#define VM_REQ_LOD_U 4u
#define VM_REQ_BIAS 8u
#define VM_REQ_REF 16u
#define VM_REQ_CLAMP 32u
#define VM_REQ_SAMPLE 64u
#define VM_REQ_DDX 128u
#define VM_REQ_DDY 256u
#define VM_REQ_ADDRESS 512u

struct vm_exec {
    const struct vm_program *prog;
    struct vm_state *st;
    struct vm_env *env;
    uint32_t exec;       /* lanes executing now */
    uint32_t killed;     /* lanes removed by discard */
    uint32_t fsp, csp;   /* frames and calls in use */
    uint32_t iterations, max_iterations;
    bool stop;           /* aborted (iteration limit or a broken frame stack) */
};

/* ---- operand access (vm.c) ------------------------------------------------------------------ */

/* Reads the components of `need` (bit c = result component c) of a source, swizzled and with
 * its modifiers applied, for every lane.  Other components of `out` are left alone. */
void vm_fetch(struct vm_exec *x, const struct vm_opnd *o, unsigned need, vm_reg out);
/* Writes `val` to destination d of `in`: its write mask, the executing lanes, the predicate;
 * `sat` applies _sat (float [0, 1]) first. */
void vm_store(struct vm_exec *x, const struct vm_ins *in, unsigned d, vm_reg val, bool sat);
/* The final index of a source's varying index in lane l (relative part added), or -1 when it
 * falls outside [0, o->bound). */
int64_t vm_lane_index(const struct vm_exec *x, const struct vm_opnd *o, unsigned l);
/* The executing lanes whose component 0 of src[s] passes in->test (nz: != 0, z: == 0). */
uint32_t vm_cond(struct vm_exec *x, const struct vm_ins *in, unsigned s);

/* ---- per-opcode tables ---------------------------------------------------------------------- */

vm_op_fn vm_alu_fn(unsigned op);        /* vm_alu.c: moves, float, integer, bitwise, conversions */
vm_op_fn vm_alu_fn_c(unsigned op);      /* its twins (util/simd.h); vm_alu_fn picks one */
vm_op_fn vm_alu_fn_avx2(unsigned op);
vm_op_fn vm_resource_fn(unsigned op);   /* vm_resource.c: sample/ld/..., derivatives */
vm_op_fn vm_resource_fn_c(unsigned op);  /* its twins (util/simd.h) */
vm_op_fn vm_resource_fn_avx2(unsigned op);
/* The JIT's resource instructions (vm_resource.c op_tex_call): the generated code writes the
 * request's operand fields, this function the rest, and calls the sampler; the answer is left
 * in st->res.  vm_tex_native: the instructions it takes (not resinfo / sampleinfo, whose
 * answers the VM converts, nor the forms with a status destination). */
vm_op_fn vm_tex_call_fn(void);
vm_op_fn vm_tex_call_fn_c(void);
vm_op_fn vm_tex_call_fn_avx2(void);
bool vm_tex_native(unsigned op);
/* The JIT's ld in compute programs (vm_resource.c tex_call_chunk): one chunk of `width` lanes
 * whose address the generated code wrote to st->req; the answer in st->res. */
typedef void (*vm_tex_chunk_call)(struct vm_exec *x, const struct vm_ins *in, uint32_t chunk,
                                uint32_t width);
vm_tex_chunk_call vm_tex_chunk_fn(void);
vm_tex_chunk_call vm_tex_chunk_fn_c(void);
vm_tex_chunk_call vm_tex_chunk_fn_avx2(void);
/* The JIT's store_uav_typed in compute programs (vm_compute.c): one chunk whose coordinates
 * (.xyz) the generated code wrote to st->req.address and whose value (.xyzw) to st->res,
 * stored through the caller's typed(), as op_typed would. */
void vm_typed_store_chunk(struct vm_exec *x, const struct vm_ins *in, uint32_t chunk,
                          uint32_t width);
unsigned vm_tex_kind(unsigned op);      /* enum vm_tex_kind of a resource instruction */
/* Implicit-LOD kinds: the request carries the coarse derivatives of the address. */
static inline bool vm_tex_kind_implicit(unsigned kind)
{
    return kind == VM_TEX_SAMPLE || kind == VM_TEX_SAMPLE_B || kind == VM_TEX_SAMPLE_C ||
           kind == VM_TEX_LOD;
}
vm_op_fn vm_flow_fn(unsigned op);       /* vm_flow.c: discard (non-structured) */
vm_op_fn vm_gs_fn(unsigned op);         /* vm_gs.c: emit, cut, emit_then_cut */
vm_op_fn vm_mem_fn(unsigned op);        /* vm_compute.c: memory instructions, sync */
vm_op_fn vm_pull_fn(unsigned op);       /* vm_eval.c: eval_snapped / _sample_index / _centroid */
/* vm_compute.c: the compute part of preparation (after the instructions are prepared) */
int vm_compute_prepare(const struct ir_program *ir, struct vm_program *prog);
/* vm.c: vm_run that stops at a group barrier (sync with _t, executed by some lane) when
 * at_barrier is non-NULL: *at_barrier true, the state keeps where it stopped, and a call
 * with resume true continues after the barrier (mask is then the first call's).  Returns the
 * lanes alive (as vm_run) once the program ends. */
uint32_t vm_run_resumable(const struct vm_program *prog, struct vm_state *st,
                          struct vm_env *env, uint32_t mask, bool resume, bool *at_barrier);
/* vm_flow.c: executes the control-flow instruction at pc, returns the next pc. */
uint32_t vm_flow_step(struct vm_exec *x, uint32_t pc);

/* ---- transcendental lane functions (vm_math.c), shared with the JIT: one register component
 * of n lanes in place, raw bits in and out, float rules of vm.h applied ------------- */
void vm_lanes_exp2(uint32_t *v, unsigned n);
void vm_lanes_log2(uint32_t *v, unsigned n);
void vm_lanes_sin(uint32_t *v, unsigned n);
void vm_lanes_cos(uint32_t *v, unsigned n);
/* their SIMD twins (util/simd.h), which the four above dispatch to */
void vm_lanes_exp2_c(uint32_t *v, unsigned n);
void vm_lanes_log2_c(uint32_t *v, unsigned n);
void vm_lanes_sin_c(uint32_t *v, unsigned n);
void vm_lanes_cos_c(uint32_t *v, unsigned n);
void vm_lanes_exp2_avx2(uint32_t *v, unsigned n);
void vm_lanes_log2_avx2(uint32_t *v, unsigned n);
void vm_lanes_sin_avx2(uint32_t *v, unsigned n);
void vm_lanes_cos_avx2(uint32_t *v, unsigned n);

/* ---- floating-point rules (spec 3.1.3) ------------------------------------------------------ */

/* VM_QNAN, vm_bits, vm_float, vm_fin, vm_fout: vm.h (the pipeline's fused paths use them) */

static inline int32_t vm_i32(uint32_t u)
{
    int32_t i;
    memcpy(&i, &u, sizeof(i));
    return i;
}

#define VM_FOR_MASK(c, m) for (unsigned c = 0; c < 4; c++) if (((m) >> c) & 1u)
#define VM_FOR_LANES(l) for (unsigned l = 0; l < VM_LANES; l++)

/* Zeroes `bytes` (a multiple of 16) without a string instruction: GCC turns constant memsets
 * (and loops of stores) of these sizes into "rep stos", whose start-up costs more than the
 * stores, and these run several times per batch (measured: a quarter of a textured scene's
 * time once went to such starts in the resource instructions; a fifth of vm_run's own time
 * to its per-run clears of oDepth and oMask). */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-loop-distribute-patterns")))
#endif
static inline void vm_zero_words(void *p, size_t bytes)
{
    typedef uint32_t v4 __attribute__((vector_size(16), aligned(4)));
    v4 *q = p;
    const v4 z = {0, 0, 0, 0};
    for (size_t i = 0; i < bytes / sizeof(v4); i++)
        q[i] = z;
}


#endif /* SOFTD3D_VM_VM_PRIVATE_H */
