/* src/jit/jit.h — the shader JIT: the VM's prepared programs compiled to native code through
 * LLVM's C API (ORC LLJIT), bit for bit equal to the interpreter.
 *
 * READ ME FIRST
 *   The JIT is not a second engine beside the VM but its fast path (DESIGN.md principle 5):
 *   the interpreter loop (vm.c vm_run) stays the one driver of control flow, and the JIT
 *   compiles each *block* of a prepared program -- a maximal run of instructions it generates
 *   natively -- into one function over `width` (8: one AVX2 register) lanes of the batch:
 *     fn(x, chunk)   lanes [chunk * 8, chunk * 8 + 8); writes select by exec per lane, as
 *                    vm_store does (in the block at pc 0 the old values are known 0, so the
 *                    select is an AND)
 *   vm_run calls it for each chunk with an executing lane at the block's first pc and goes
 *   on at its end.  Everything between blocks -- control flow, discard, predicated d3dbc
 *   instructions, x# arrays, a#/p# writes, relative addressing other than of constant
 *   buffers, f32tof16/f16tof32, resinfo/sampleinfo and the *_s resource forms -- runs in the
 *   interpreter as before, on the same register memory, so the two engines' results agree by
 *   construction there.  One exception: the `if (in range) { body }` of compute and vertex
 *   programs (jit_codegen.c native_if: no else, a native body, only endifs after it) is part
 *   of the block -- the body runs for every chunk with exec narrowed to the branch's lanes.
 *   And after a block that only endifs follow, no temp is read again (only_endifs_after):
 *   its temps are neither written back nor, in stages where no lane reads another's, kept
 *   for the lanes outside exec.  A program without any of those and without resource instructions is
 *   one block.
 *
 *   Resource instructions start a block (struct jit_block below): the sampler answers a whole
 *   32-lane batch at once (its mip decisions are per quad, memoised per batch), so a block
 *   cannot run through one chunk by chunk.  A generated request function writes the
 *   instruction's operands into the request for each chunk (the address after swizzle and
 *   modifiers, flushed for the float forms; the implicit derivatives, per quad; LOD, bias,
 *   reference, offsets...), vm_resource.c op_tex_call writes the rest and calls the sampler
 *   once, and the block's function begins by writing the answer through the t# swizzle, _sat
 *   and the mask -- the interpreter's op_tex, split at the call, with no vm_fetch/vm_store.
 *
 *   Compute programs' ld and store_uav_typed do not start a block (jit_codegen.c emit_ld,
 *   emit_store_typed): a compute thread has no quads, so nothing needs the whole batch.  The
 *   code reads the bound view's description at run time -- env->cs->ld_view[t#] /
 *   uav_view[u#] (vm.h; filled per dispatch by pipeline/compute.c, zero elsewhere), never
 *   compiled in, so the program cache needs no view key -- and, for a described view (ld:
 *   level 0 of a 4 x 8-bit UNORM 2D view, every executing lane on level 0; stores: 4 x 8-bit
 *   UNORM or 32-bit single-channel texels), fetches / writes the texels itself with the
 *   sampler's and compute_typed's rules (out of range reads 0 / writes nothing); otherwise it
 *   calls the sampler / typed() for the chunk (vm_resource.c tex_call_chunk,
 *   vm_compute.c vm_typed_store_chunk).  A block holds at most one such store: chunks run a
 *   block one after another, so with one store the lanes' writes keep the interpreter's lane
 *   order, and any other memory instruction ends the block.  tests/test_compute_dispatch.c
 *   compares both against the interpreter.
 *
 *   Inside a block the registers live in LLVM values, not memory: a temp is loaded from the
 *   VM state at its first read (or known to be 0 in the block at pc 0, since every run starts
 *   from zero), written values stay in registers, and only the temps and outputs the block
 *   wrote go back to memory at its end (temps not at all after main's last block: nothing
 *   reads them again).  Each register component is one <8 x i32> vector of raw bits.
 *
 *   What is generated: every float, integer, bitwise, conversion and derivative instruction,
 *   constant-buffer reads (relative ones as one row load per lane), the register files of the
 *   geometry and tessellation stages read with immediate indices (v[vertex][reg] / vicp, vPrim,
 *   vocp and vpc -- the draw's stride and count tested at run time --, vDomain, the hull
 *   phases' and the GS instance ids: vm_env gs_inputs ... tess_id; struct vm_jit env_needs
 *   says which ones the code dereferences, and vm_run interprets a batch whose env lacks one:
 *   hull phases and domain programs are compiled like every other stage), and exp, log and
 *   sincos as the same operations as vm_math.c's algorithms -- with the VM's floating-point
 *   rules (vm.h: denormal flush, canonical NaN, D3D min/max, the conversions' clamps) written
 *   as the same bit operations.  Two refinements keep that cheap and exact: values known free
 *   of denormals skip the input flush, and a float result's NaN is made canonical only where
 *   its bits are observed (stores, integer and bitwise instructions, relative indices).
 *   tests/test_jit.c and tests/fuzz/fuzz_jit.c compare the engines bit for bit (the corpus'
 *   hull phases, domain and geometry programs too, with random register files).
 *
 *   When: a program is interpreted for its first jit_threshold() batches (the test suite's
 *   small draws never pay for a compile), then the batch that reaches the threshold starts the
 *   compile on a thread of its own; every batch keeps interpreting until the code is published
 *   (the two engines agree bit for bit, so the switch is invisible: no stall, no difference).
 *   vm_program_destroy joins a compile still running.  SOFTD3D_JIT=0 turns the JIT off;
 *   SOFTD3D_JIT=eager compiles synchronously at the first batch (tests).  For working on the
 *   JIT: SOFTD3D_JIT_STATS=1/2/3 (compile counts and times, per program, with its
 *   instructions), SOFTD3D_JIT_PASSES (the optimisation pipeline) and SOFTD3D_JIT_DUMP=dir
 *   (each module's LLVM IR before optimisation, as dir/softd3d_p<N>.ll).  Without LLVM at build time
 *   (meson finds no llvm-config) jit_available() is false and everything is interpreted.
 */
#ifndef SOFTD3D_JIT_JIT_H
#define SOFTD3D_JIT_JIT_H

#include <stdbool.h>
#include <stdint.h>

#include "vm/vm_private.h"

/* One block over lanes [chunk * width, (chunk + 1) * width) of the batch. */
typedef void (*jit_block_fn)(struct vm_exec *x, uint32_t chunk);

struct jit_block {
    uint32_t start, end;           /* instructions [start, end), all generated natively */
    jit_block_fn fn;
    /* A block may start with a resource instruction (vm_tex_native): then vm_run first runs
     * `req` over the executing chunks (it writes that instruction's operands into the request,
     * st->req), calls `tex_call` once for the batch (vm_resource.c op_tex_call: the rest of
     * the request, the sampler), and `fn` begins by writing the answer (st->res) to the
     * destination.  NULL for other blocks. */
    jit_block_fn req;
    vm_op_fn tex_call;
};

struct vm_jit {
    uint32_t width, chunks;        /* lanes per call (the host's vector), width * chunks = 32 */
    uint32_t count;
    struct jit_block *blocks;
    uint32_t *block_at;            /* per pc: 1 + index of the block starting there, or 0 */
    bool skip_temp_clear;          /* main is one block: vm_run need not zero the temps (the
                                    * block never reads them from memory) */
    uint32_t env_needs;            /* JIT_NEEDS_*: the vm_env pointers the code dereferences
                                    * (vm_run interprets a batch whose env lacks one) */
    double compile_ms;
    void *tracker;                 /* the LLVM resource tracker owning the code */
};

/* The vm_env register files generated code reads (struct vm_jit env_needs). */
enum {
    JIT_NEEDS_INPUTS = 1u << 0,     /* inputs (v#) */
    JIT_NEEDS_GS_INPUTS = 1u << 1,  /* gs_inputs (v[vertex][reg], vicp) */
    JIT_NEEDS_PRIM_ID = 1u << 2,    /* gs_primitive_id (vPrim) */
    JIT_NEEDS_OCP = 1u << 3,        /* tess_ocp (vocp) */
    JIT_NEEDS_PC = 1u << 4,         /* tess_pc (vpc) */
    JIT_NEEDS_DOMAIN = 1u << 5,     /* tess_domain (vDomain) */
    JIT_NEEDS_TESS_ID = 1u << 6,    /* tess_id (the hull phases' ids) */
};

/* LLVM was found at build time and SOFTD3D_JIT is not 0. */
bool jit_available(void);
/* Batches a program is interpreted before it is compiled (0: at the first). */
unsigned jit_threshold(void);
/* Compiles `prog`; NULL when LLVM is missing, the program has nothing worth compiling, or the
 * compile failed (the program is then interpreted; with SOFTD3D_DEBUG=1 a line says why). */
struct vm_jit *jit_compile(const struct vm_program *prog);
void jit_free(struct vm_jit *jit);     /* NULL is fine */

/* Process-wide compile statistics (softd3d-bench prints them). */
struct jit_stats {
    uint32_t programs;             /* compiled */
    double total_ms, max_ms;
    double ms[256];                /* the first 256 compile times, for medians */
};
void jit_get_stats(struct jit_stats *out);

#endif /* SOFTD3D_JIT_JIT_H */
