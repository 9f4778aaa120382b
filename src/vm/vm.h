/* src/vm/vm.h — the shader VM: executes validated IR (shader/ir.h) over batches of lanes.
 *
 * READ ME FIRST
 *   One engine runs every program softd3d executes: vs/ps 4_0 (and their level_9_x subsets)
 *   decoded by tpf.c, later d3dbc programs and the generated D3D9 fixed-function programs.  It
 *   is a reference interpreter: simple, exact, and the thing a JIT or SIMD kernels will be
 *   checked against (DESIGN.md principle 5, STYLE.md "Kernels and their tests").
 *
 *     struct vm_program *p;  vm_program_create(&ir, &p)    once per shader (after ir_validate);
 *                                                         immutable, shared by every thread
 *     struct vm_state *s;    vm_state_create(p, &s)        once per thread (register files)
 *     struct vm_env env = {...}; vm_run(p, s, &env, mask)  per batch of up to VM_LANES lanes
 *
 *   Lanes.  A batch is VM_LANES (32: 8 quads) lanes, structure of arrays: a register is
 *   uint32_t[4][VM_LANES], component c of lane l at [c][l], raw 32-bit patterns (float
 *   instructions read them as IEEE floats, integer ones as two's complement / unsigned).
 *     - Vertex programs: lane l is one vertex; lanes are independent.
 *     - Pixel programs: lanes are four 2x2 quads.  Quad q is lanes 4q .. 4q+3, in the order
 *       top-left, top-right, bottom-left, bottom-right (VM_QUAD_TL ... VM_QUAD_BR) — the order
 *       the rasterizer delivers quads in and sampler_quad_derivatives() (sample/sampler.h)
 *       expects.  Every lane of a quad that has any lane to shade must be run (helper pixels
 *       included: derivatives need all four); the caller drops the helpers' results.
 *   `mask` (bit l = lane l) says which lanes run.  Lanes outside it are never written (their
 *   registers are still read by derivatives, which take all four pixels of a quad).
 *
 *   Derivatives (spec 22.5, D3D11.3 functional specification, "the spec" below), per quad, with
 *   v[TL], v[TR], v[BL], v[BR] the source values of the quad's four lanes:
 *     deriv_rtx_coarse: every lane gets v[TR] - v[TL]        (top row)
 *     deriv_rty_coarse: every lane gets v[BL] - v[TL]        (left column)
 *     deriv_rtx_fine:   TL, TR get v[TR] - v[TL]; BL, BR get v[BR] - v[BL]   (per row)
 *     deriv_rty_fine:   TL, BL get v[BL] - v[TL]; TR, BR get v[BR] - v[TR]   (per column)
 *     deriv_rtx / deriv_rty (SM4): coarse (the spec allows either; coarse is what D3D10
 *       requires at least, and what implicit-LOD sampling uses, so both agree).
 *   Implicit-LOD sampling (sample, sample_b, sample_c, lod and their _cl_s forms) gets the
 *   coarse derivatives of all four address components in the request (ddx/ddy below), so the
 *   whole quad shares one LOD computation, as spec 22.4.15 permits.
 *
 *   Control flow is structured and per lane: if/else/endif, loop/endloop with break(c) and
 *   continue(c), switch/case/default/endswitch (cases fall through to the next case's code when
 *   they do not break; a lane enters at the first case whose literal equals its selector, or at
 *   default when none does), call(c)/label/ret(c), discard.  Each construct keeps the lanes it
 *   parked (the other side of an if, lanes that broke or continued, lanes that returned) and
 *   gives them back where the construct ends; ir_validate's links are followed, never scanned
 *   for.  discard removes lanes for the rest of the program; vm_run reports them.
 *
 *   Floating point (spec 3.1, "Floating Point Rules"), done explicitly in C so results do not
 *   depend on the MXCSR flush-to-zero / denormals-are-zero bits of the calling thread:
 *     - Denormals are flushed to sign-preserved zero on input and output of every float
 *       arithmetic instruction (3.1.3.2), by bit tests.  mov, movc, swapc, ld and the texel
 *       values returned by the resource callback move bits untouched (3.1.3.2, 22.4.6); source
 *       modifiers -/_abs are sign-bit operations on float instructions.
 *     - A NaN result of float arithmetic is the canonical quiet NaN 0x7fc00000 (3.1.3.2 allows
 *       any NaN; one pattern keeps output identical across compilers, whose operand order for
 *       commutative operations would otherwise pick different payloads).
 *     - min/max return the non-NaN operand (22.10.10/11), and min(-0,+0) = -0, max = +0 (the
 *       IEEE 754R behaviour 3.1.3.2 recommends).  Comparisons with NaN are false except ne.
 *     - _sat clamps to [0, 1], NaN -> +0, -0 -> +0.
 *     - ftoi/ftou round toward zero and saturate; NaN -> 0 (22.13.3/4).  f32tof16 rounds toward
 *       zero, overflow gives the largest finite half, Inf stays Inf (3.2.2).
 *     - add, mul, div, mad and dp* are evaluated in IEEE single precision with round to
 *       nearest even, unfused (mad = one rounding after the multiply and one after the add;
 *       dp4 = ((x*x + y*y) + z*z) + w*w): exactly the same bits on every machine.
 *     - sqrt, rsq, rcp are sqrtf, 1.0f/sqrtf, 1.0f/x (correctly rounded) with the special
 *       cases of spec tables 22.10.18-21; exp, log and sincos are vm_math.c's documented
 *       algorithms (polynomials after an exact range reduction: exp2 and log2 within ~1 ulp,
 *       sin/cos within 1e-7 absolute, special cases of tables 22.10.6, 22.10.8, 22.10.20),
 *       written without libm so every machine and both engines compute the same bits.
 *     - frc is x - floor(x), limited to the largest float below 1 (table 22.10.7: [0, 1)).
 *   Everything assumes the default IEEE rounding mode (round to nearest even).
 *
 *   Out-of-range accesses (never outside the VM's arrays, whatever the IR values): relative
 *   indices are added to the immediate part in 64-bit arithmetic; a read outside the register
 *   file, x# array, immediate constant buffer or bound constant buffer gives 0 (D3D11 defines 0
 *   for constant buffers, 5.3.4.3.2; for the rest this is softd3d's choice), a write outside is
 *   dropped.  Undeclared components of v# and x# read 0.  A constant buffer read past the
 *   bound size (vm_env.cb[].size) reads 0.
 *
 *   Loops are limited: a run that takes more than vm_env.max_iterations (default
 *   VM_MAX_ITERATIONS) loop iterations (back edges of all loops, counted once per batch) is
 *   stopped, like a GPU timeout, and reports aborted; what it wrote until then stays.
 *
 *   Determinism: vm_run's results depend only on the program, the inputs, the constant
 *   buffers, the callback's answers and `mask`.  Temporaries, x# arrays and outputs start at 0
 *   on every run, so results never depend on an earlier batch or on which thread ran it.
 */
#ifndef SOFTD3D_VM_VM_H
#define SOFTD3D_VM_VM_H

#include <stdbool.h>
#include <stdint.h>

#include <string.h>

#include "shader/ir.h"

#define VM_LANES 32
#define VM_ALL_LANES 0xffffffffu
#define VM_QUAD_TL 0
#define VM_QUAD_TR 1
#define VM_QUAD_BL 2
#define VM_QUAD_BR 3
#define VM_MAX_ITERATIONS (1u << 22)

/* One register of a batch: component c of lane l at [c][l]. */
typedef uint32_t vm_reg[4][VM_LANES];

enum vm_result { VM_OK = 0, VM_E_INVALID = -1, VM_E_NOMEM = -2 };

/* ---- resources: what the VM asks the caller's callback --------------------------------------
 * One call per resource instruction and batch (never with an empty mask).  The callback fills
 * result->value for the lanes in req->mask (other lanes are ignored); it finds the resource
 * and sampler bound at the slots itself.  result is zeroed before the call, so a callback that
 * does nothing — or no callback — answers like an unbound resource (spec 22.4.6: 0 in every
 * component).  The VM then applies the t# swizzle, _sat and the write mask. */

enum vm_tex_kind {
    VM_TEX_SAMPLE,      /* implicit LOD: ddx/ddy filled by the VM (coarse, per quad) */
    VM_TEX_SAMPLE_B,    /* implicit LOD + bias[] */
    VM_TEX_SAMPLE_L,    /* lod[] */
    VM_TEX_SAMPLE_D,    /* ddx/ddy from the program */
    VM_TEX_SAMPLE_C,    /* implicit LOD, comparison with ref[] */
    VM_TEX_SAMPLE_C_LZ, /* level 0, comparison with ref[] */
    VM_TEX_LD,          /* address.i: integer texel coordinates, .w (post-swizzle) the mip */
    VM_TEX_LD_MS,       /* address.i + sample_index[] */
    VM_TEX_RESINFO,     /* lod_u[] = the mip level; answer width, height, depth or array
                         * size, mip count as UINTS in value[0..3] (0 where absent; the VM
                         * converts per return_type: float, rcpfloat, uint) */
    VM_TEX_SAMPLEINFO,  /* answer the sample count as a uint in value[0] (VM converts) */
    VM_TEX_SAMPLEPOS,   /* sample_index[]; answer the position as floats in value[0..1] */
    VM_TEX_LOD,         /* implicit LOD: answer (clamped LOD, unclamped LOD) as floats */
    VM_TEX_GATHER4,     /* gather channel `gather_channel` of the 2x2 footprint */
    VM_TEX_GATHER4_C,   /* the same compared with ref[] */
    VM_TEX_KIND_COUNT
};

#define VM_NO_SLOT UINT32_MAX     /* sampler of ld/resinfo..., resource of rasterizer queries */

struct vm_sample_request {
    uint16_t op;               /* the IR opcode executed (IR_OP_SAMPLE ... IR_OP_GATHER4_PO_C_S) */
    uint8_t kind;              /* enum vm_tex_kind: op without its _s / _cl / _po parts */
    bool want_status;          /* *_s forms: fill result->status (0 = every texel touched was
                                * mapped; nonzero = some were not) */
    bool has_clamp;            /* *_cl_s forms: clamp[] holds the LOD clamp */
    bool has_offsets;          /* gather4_po*: offset[][] holds per-lane texel offsets */
    uint8_t return_type;       /* resinfo / sampleinfo: enum ir_return_kind (informative) */
    uint8_t gather_channel;    /* gather4*: 0..3, from component 0 of the s# swizzle */
    uint8_t resource_dim;      /* enum ir_resource_dim as declared (0 for the rasterizer) */
    int8_t texel_offset[3];    /* _aoffimmi(u, v, w) */
    uint32_t resource;         /* t# slot, or VM_NO_SLOT for the rasterizer (sampleinfo/pos) */
    uint32_t sampler;          /* s# slot, or VM_NO_SLOT */
    uint32_t mask;             /* lanes to answer */
    union {                    /* the address operand, 4 components after swizzle/modifiers: */
        float f[4][VM_LANES];  /* sample*, gather*, lod: float (denormals flushed) */
        int32_t i[4][VM_LANES];/* ld, ld_ms: integers, untouched */
    } address;
    float ddx[4][VM_LANES], ddy[4][VM_LANES]; /* d(address)/dx, /dy: sample_d's operands, or
                                * the VM's coarse derivatives for implicit LOD; 0 otherwise */
    float lod[VM_LANES];       /* sample_l */
    uint32_t lod_u[VM_LANES];  /* resinfo: mip level */
    float bias[VM_LANES];      /* sample_b */
    float ref[VM_LANES];       /* sample_c*, gather4_c* */
    float clamp[VM_LANES];     /* *_cl_s */
    int32_t offset[2][VM_LANES];     /* gather4_po*: u, v texel offsets */
    int32_t sample_index[VM_LANES];  /* ld_ms, samplepos */
};

struct vm_sample_result {
    union {
        uint32_t value[4][VM_LANES];  /* r, g, b, a per lane: raw bits (floats, or integers
                                       * for integer formats and the uint answers above) */
        float fvalue[4][VM_LANES];    /* the same storage, for a sampler writing floats in
                                       * place (pixel.c sample_filtered: no copy) */
    };
    uint32_t status[VM_LANES];    /* *_s forms */
};

typedef void (*vm_sample_fn)(void *ctx, const struct vm_sample_request *req,
                             struct vm_sample_result *result);

/* ---- pull-model evaluation: what the VM asks for eval_* (pixel programs, vm_eval.c) --------
 * One call per eval_* instruction and batch (never with an empty mask): the callback writes
 * all four components of input register reg[l] of each lane l of mask, evaluated at the
 * point the instruction names (D3D11.3 functional spec 16.5), as raw bits into out[c][l];
 * out is zeroed before the call.  The VM then zeroes undeclared components and applies the
 * swizzle, the modifiers, _sat and the write mask.  No callback (vm_env.eval NULL): each
 * lane's own v# value (the pixel centre's, or where the declaration puts it). */
enum vm_eval_kind {
    VM_EVAL_SNAPPED,      /* dx, dy: sixteenths of a pixel from the centre, -8..7 (the low 4
                           * bits of the offset operand, sign-extended: 16.5.3) */
    VM_EVAL_SAMPLE_INDEX, /* sample[]: the sample of the rasterizer's pattern (unsigned; out of
                           * range undefined, 16.5.2: the callback chooses) */
    VM_EVAL_CENTROID,     /* the centroid point (3.5.5) */
};

struct vm_eval_request {
    uint8_t kind;              /* enum vm_eval_kind */
    uint32_t mask;             /* lanes to answer */
    uint32_t reg[VM_LANES];    /* the v# register (< the program's input count) */
    int32_t dx[VM_LANES], dy[VM_LANES];
    uint32_t sample[VM_LANES];
};

typedef void (*vm_eval_fn)(void *ctx, const struct vm_eval_request *req, vm_reg *out);

/* ---- environment: what one run reads and writes ------------------------------------------- */

struct vm_cbuffer {
    const uint32_t *data;      /* size vec4, x first (16 bytes each); NULL = unbound */
    uint32_t size;             /* vec4; reads at or past it give 0 */
};

enum vm_gs_event { VM_GS_EMIT = 0, VM_GS_CUT = 1 };

/* ---- compute programs (vm_compute.c) ---------------------------------------------------------
 * A raw or structured buffer the memory instructions read and write: a UAV (u#) or a raw /
 * structured SRV (t#, loads only).  data NULL = unbound: loads give 0, stores and atomics do
 * nothing, imm_atomic_* return 0 (spec 5.3.4.4 / 5.3.4.5: an out-of-bounds or unbound access
 * reads 0 and discards writes).  UAV words are accessed with relaxed atomic operations, so
 * thread groups on other threads may share a buffer; the final value of every atomic is then
 * the same for any thread count. */
struct vm_memory {
    uint8_t *data;
    uint32_t size;             /* bytes addressable (a multiple of 4 is used) */
    uint32_t stride;           /* structured: bytes per element; 0 for raw */
    uint32_t elements;         /* structured: elements (bufinfo's answer); raw: size */
    uint32_t *counter;         /* the hidden counter of an APPEND/COUNTER UAV, or NULL */
    /* Tiled resources (the residency status of ld_raw_s / ld_structured_s): true when the
     * dword at p (inside data) lies on a tile mapped to NULL (its bytes read 0 there).  NULL:
     * every dword is mapped (an ordinary resource). */
    bool (*unmapped)(const void *ctx, const uint8_t *p);
    const void *unmapped_ctx;
};

/* A t# view the JIT reads itself (jit.h "ld in compute programs"): level 0 of a 2D view of a
 * 4 x 8-bit UNORM format (texel.h's rgba8 layout), as the caller's sampler would answer ld
 * from it (sampler_load_rgba8: 0 outside the level, on a slice other than 0 of an array view
 * and on levels above 0 -- those lanes go to the sampler).  `fast` 0: every ld of the slot
 * goes through env->sample as in the interpreter (the default; zeroed memory is right). */
struct vm_ld_view {
    const uint8_t *data;       /* level 0, row 0 */
    uint32_t fast;             /* 1: described here */
    uint32_t width, height;    /* level 0's size */
    uint32_t row_pitch;        /* bytes */
    uint32_t shift[4];         /* bit position of r, g, b, a in the little-endian pixel */
    uint32_t has_alpha;        /* 0: alpha reads 1 */
    uint32_t slice_check;      /* an array view: lanes whose slice (address .z) is not 0 read 0 */
};

/* A typed UAV compiled compute code writes without the caller's typed() (jit.h "typed UAV
 * stores"): store_uav_typed of 4-byte texels, exactly as typed() would store them.  `fast`
 * 0: the stores go through typed() (the default); 1: 4 x 8-bit UNORM (texel.h's rgba8
 * layout: each of r, g, b (and a where has_alpha) as texel_float_to_unorm8 at its shift, the
 * `keep` bits of the old texel kept); 2: a 32-bit single-channel format (.x's bits). */
struct vm_uav_view {
    uint8_t *data;
    uint32_t fast;
    uint32_t size[3];          /* elements in x, y, z (1 for the dimensions not used) */
    uint32_t use_y, use_z;     /* the view's dimension uses address .y / .z (else read as 0) */
    uint32_t row_pitch, slice_pitch;   /* bytes; every texel's offset fits 31 bits */
    uint32_t shift[4];
    uint32_t has_alpha, keep;
};

struct vm_cs_env {
    /* vThreadID, vThreadGroupID, vThreadIDInGroup (x, y, z) and vThreadIDInGroupFlattened
     * (x) of the lanes: filled per chunk of VM_LANES threads by vm_compute_run_group */
    vm_reg ids[4];
    struct vm_memory uav[IR_MAX_UAVS];
    struct vm_memory srv[IR_MAX_RESOURCES];
    uint8_t *tgsm;             /* the group's shared memory: vm_program_tgsm_bytes(prog) */
    /* Typed UAVs (ld_uav_typed, store_uav_typed, atomics on a typed view): the caller owns
     * the formats.  typed() loads (store false: fill value[c][l] for the lanes, raw bits as
     * the format's shader view gives them; value is zeroed before) or stores (value holds
     * .xyzw per lane) one element per lane at the uint coordinates coord[0..2][l] (x, y, and
     * z or the array slice; what the view's dimension does not use is 0); coordinates outside
     * the view must read 0 / write nothing.  typed_word() gives the 32-bit element an atomic
     * operates on, or NULL (outside, or not a 32-bit single-channel view: nothing happens).
     * NULL functions: every typed access reads 0 and writes nothing. */
    void (*typed)(void *ctx, unsigned slot, bool store, uint32_t lanes,
                  const uint32_t (*coord)[VM_LANES], uint32_t (*value)[VM_LANES]);
    uint32_t *(*typed_word)(void *ctx, unsigned slot, const uint32_t coord[3]);
    /* ld_uav_typed_s's residency status: the lanes of `lanes` whose element at coord lies on
     * a tile mapped to NULL (outside the view: none).  NULL: every element is mapped. */
    uint32_t (*typed_unmapped)(void *ctx, unsigned slot, uint32_t lanes,
                               const uint32_t (*coord)[VM_LANES]);
    void *typed_ctx;
    /* t# views compiled compute code reads without the sampler (struct vm_ld_view); each
     * must describe exactly what env->sample answers ld of that slot with. */
    struct vm_ld_view ld_view[IR_MAX_RESOURCES];
    /* typed UAVs compiled compute code writes itself (struct vm_uav_view); each must store
     * exactly what typed() stores for that slot. */
    struct vm_uav_view uav_view[IR_MAX_UAVS];
};

struct vm_env {
    /* in: v0 .. v(input_count-1) of the program (NULL = all zero) */
    const vm_reg *inputs;
    /* out: o0 .. o(output_count-1) (NULL = dropped); zeroed by vm_run, then written */
    vm_reg *outputs;
    uint32_t depth[VM_LANES];          /* out: oDepth / oDepthGE / oDepthLE (float bits);
                                        * zeroed by vm_run, then written */
    uint32_t coverage[VM_LANES];       /* out: oMask; zeroed by vm_run, then written */
    uint32_t input_coverage[VM_LANES]; /* in: vCoverage */
    struct vm_cbuffer cb[IR_MAX_CB_SLOTS];
    vm_sample_fn sample;               /* NULL: every resource reads as unbound */
    void *sample_ctx;
    uint32_t max_iterations;           /* loop iterations allowed; 0 = VM_MAX_ITERATIONS */
    /* geometry programs only (the VM reads these fields for no other program):
     *   gs_inputs        v[vertex][reg] at gs_inputs[vertex * input_count + reg], for the
     *                    input primitive's vertices (ir_input_vertices); NULL reads 0
     *   gs_primitive_id  vPrim in component 0 (NULL reads 0)
     *   gs_emit          called by emit / cut / emit_then_cut with the executing lanes:
     *                    what is VM_GS_EMIT (append each lane's current outputs to that
     *                    lane's output stream `stream`) or VM_GS_CUT (end the lane's strip);
     *                    emit_then_cut calls it twice.  NULL: both do nothing. */
    const vm_reg *gs_inputs;
    const vm_reg *gs_primitive_id;
    void (*gs_emit)(void *ctx, unsigned what, unsigned stream, uint32_t lanes,
                    const vm_reg *outputs);
    void *gs_ctx;
    /* hull and domain programs (D3D11.3 functional spec 10.7-10.9, 12); v[cp][reg] / vicp and
     * vPrim are gs_inputs and gs_primitive_id above, with control points for vertices:
     *   tess_ocp        vocp[cp][reg] at tess_ocp[cp * tess_ocp_stride + reg] (fork/join
     *                   phases: the control-point phase's outputs); NULL reads 0
     *   tess_pc         vpc[reg] at tess_pc[reg], tess_pc_count registers (join phases: the
     *                   fork phases' outputs; domain programs: the hull's patch constants)
     *   tess_domain     vDomain: u, v, w in components 0..2
     *   tess_id         component 0: vOutputControlPointID / vForkInstanceID /
     *                   vJoinInstanceID, whichever the program's phase has; a geometry
     *                   program's vGSInstanceID (13.3) comes here too */
    const vm_reg *tess_ocp;
    uint32_t tess_ocp_stride;
    const vm_reg *tess_pc;
    uint32_t tess_pc_count;
    const vm_reg *tess_domain;
    const vm_reg *tess_id;
    /* compute programs: their ids, memory and group-shared memory (NULL reads 0); graphics
     * programs with memory instructions (pixel UAVs at 11_0, every stage's at 11_1): their
     * memory (ids and tgsm unused) */
    struct vm_cs_env *cs;
    /* pixel programs: the helper lanes of the batch (2x2-quad lanes outside the primitive,
     * run for derivatives only): their UAV stores and atomics are dropped (helper pixels
     * have no side effects, the pixel-shader UAV rules); 0 elsewhere */
    uint32_t helper_lanes;
    /* pixel programs with eval_* instructions: the pull-model callback (above); read only
     * when one executes */
    vm_eval_fn eval;
    void *eval_ctx;
    /* results of the last run */
    uint32_t discarded;                /* lanes removed by discard */
    bool aborted;                      /* stopped after max_iterations loop iterations */
};

/* ---- API ---------------------------------------------------------------------------------- */

struct vm_program;
struct vm_state;

/* Prepares `ir`, which must have passed ir_validate() (the VM relies on everything listed
 * there and checks none of it again).  The result does not point into `ir`.  Returns VM_OK
 * with *out set, VM_E_NOMEM, or VM_E_INVALID (NULL arguments; *out NULL). */
int vm_program_create(const struct ir_program *ir, struct vm_program **out);
void vm_program_destroy(struct vm_program *prog);   /* NULL is fine */
/* Counts of the prepared program (for callers sizing inputs/outputs). */
uint32_t vm_program_input_count(const struct vm_program *prog);
uint32_t vm_program_output_count(const struct vm_program *prog);

/* Register files for one thread, sized for `prog` (may be reused for any program whose
 * vm_state_fits() is true).  Returns VM_OK, VM_E_NOMEM or VM_E_INVALID. */
int vm_state_create(const struct vm_program *prog, struct vm_state **out);
void vm_state_destroy(struct vm_state *state);      /* NULL is fine */
bool vm_state_fits(const struct vm_state *state, const struct vm_program *prog);

/* Runs `prog` on the lanes of `mask` (bits above VM_LANES ignored).  Returns the lanes still
 * alive (mask minus env->discarded).  `state` must fit `prog`; otherwise nothing runs and 0
 * is returned. */
uint32_t vm_run(const struct vm_program *prog, struct vm_state *state, struct vm_env *env,
                uint32_t mask);

/* ---- compute programs (vm_compute.c) ------------------------------------------------------- */

/* Bytes of group-shared memory one group of `prog` needs (0 for other programs). */
uint32_t vm_program_tgsm_bytes(const struct vm_program *prog);
/* NULL when the VM runs `prog` as written; otherwise why not, for the caller's E_NOTIMPL
 * message (today every valid compute program runs: kept for what a later shader model adds). */
const char *vm_program_cs_unsupported(const struct vm_program *prog);
/* Runs one thread group: its dcl_thread_group threads as chunks of VM_LANES lanes in
 * flattened order (z, y, x), each chunk with its own state (states[k], count =
 * vm_compute_chunks(prog), each fitting prog), in rounds: every chunk runs until it executes
 * a group barrier (sync with _t) or ends, then the stopped chunks resume (spec 7.14.6: every
 * thread of the group reaches the barrier before any continues), wherever the barrier is.
 * env->cs supplies memory; its ids are filled here.  Group-shared memory starts undefined
 * (spec 7.14.1): it is zeroed here, so results never depend on an earlier group.  Returns
 * false when the program is unsupported (see above) or env->cs is NULL. */
bool vm_compute_run_group(const struct vm_program *prog, struct vm_state *const *states,
                          struct vm_env *env, const uint32_t group[3]);
/* Chunks of VM_LANES threads in one group (0 for other programs). */
uint32_t vm_compute_chunks(const struct vm_program *prog);
/* Threads in one group: dcl_thread_group x * y * z (0 for other programs). */
uint32_t vm_compute_threads(const struct vm_program *prog);

/* ---- the JIT (src/jit/jit.h): compiled blocks behind vm_run, bit for bit the interpreter ----
 * By default a program is compiled in the background once it has run 64 batches, and runs
 * compiled once that is done (SOFTD3D_JIT=0: never; SOFTD3D_JIT=eager: synchronously at its
 * first batch).  For tests and tools: */
/* Compile now (if not yet); true when compiled code is attached. */
bool vm_program_jit_now(struct vm_program *prog);
/* Never compile this program (unless already compiled): it stays on the interpreter. */
void vm_program_jit_disable(struct vm_program *prog);

/* ---- floating-point rules (spec 3.1.3), for the VM and for code that must match it bit for bit
 * (src/pipeline/pixel_fused.c) ------------------------------------------------------------- */

#define VM_QNAN 0x7fc00000u

static inline uint32_t vm_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

static inline float vm_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof(f));
    return f;
}

/* Input of a float operation: a denormal becomes a zero of its sign (spec 3.1.3.2).  Shader
 * programs run with the processor flushing too (vm_run, util/fpmode.h: x86 MXCSR.FTZ/DAZ),
 * which makes these tests no-ops there for operations the hardware rounds -- and decides the
 * one case a test after the operation would not: a product whose exact value is below 2^-126
 * is flushed even when it would round up to 2^-126.  Code that must match the VM bit for bit
 * outside vm_run (pixel_fused.c) computes in the same mode. */
static inline float vm_fin(uint32_t u)
{
    /* (masks, not branches: loops over lanes vectorise) */
    uint32_t keep = 0x80000000u | (0u - (uint32_t)((u & 0x7f800000u) != 0));
    return vm_float(u & keep);
}

/* Output of a float operation: denormals flushed to a zero of their sign (3.1.3.2), NaN made
 * the canonical quiet NaN (3.1.3.2: "the exact bit pattern of the NaN is not required to stay
 * the same"; one pattern keeps results identical across compilers). */
/* Any NaN as the canonical quiet NaN, other bits unchanged (vm_fout's second half). */
static inline uint32_t vm_canon(uint32_t u)
{
    uint32_t nan = 0u - (uint32_t)((u & 0x7fffffffu) > 0x7f800000u);
    return u ^ ((u ^ VM_QNAN) & nan);
}

static inline uint32_t vm_fout(float f)
{
    uint32_t u = vm_bits(f);
    u &= 0x80000000u | (0u - (uint32_t)((u & 0x7f800000u) != 0));
    return vm_canon(u);
}

/* _sat: clamp to [0, 1]; NaN and -0 give +0 (spec 22.1 "_sat"; NaN -> 0 as D3D10+ defines). */
static inline uint32_t vm_saturate(uint32_t u)
{
    float f = vm_fin(u);
    if (!(f > 0.0f))      /* NaN, zeros, negatives, flushed denormals */
        return 0;
    if (f >= 1.0f)
        return 0x3f800000u;
    return u;
}

#endif /* SOFTD3D_VM_VM_H */
