/* src/hlsl/gen.h — the generator's low-level instruction list ("lir") and its state, shared by
 * gen.c (statements, entry point, I/O), gen_expr.c (expressions, intrinsics), lir.c (emission
 * with constant folding, copy propagation, dead code, register allocation) and sm4_write.c.
 *
 * The lir is SM4 in shape: vec4 registers, write masks, per-destination-component swizzles,
 * structured flow (if/else/endif, loop/endloop, break/continue).  Temps are virtual (one vec4
 * per variable slot, numbered freely); lir.c maps them onto r# at the end.
 */
#ifndef SOFTD3D_HLSL_GEN_H
#define SOFTD3D_HLSL_GEN_H

#include "hlsl/hlsl_private.h"

#include <setjmp.h>

enum lfile { LF_NONE, LF_TEMP, LF_INPUT, LF_OUTPUT, LF_CB, LF_IMM, LF_TEX, LF_SAMP, LF_DEPTH,
             LF_NULL, LF_XTEMP /* indexable temp x#[reg (+ rel)] */,
             LF_PRIM /* vPrim (a geometry program's SV_PrimitiveID) */,
             LF_STREAM /* m# (gs_5_0's emit_stream / cut_stream) */,
             LF_UAV /* u# (index: the resource) */,
             LF_THREAD /* a compute program's id registers (index: enum cs_thread_reg) */,
             LF_TGSM /* g# (index: the groupshared variable, gen_tgsm.c) */,
             LF_GSINST /* vGSInstanceID (a gs_5_0 program's SV_GSInstanceID) */,
             LF_TESS /* hull/domain ids (index: enum tess_reg) */ };

/* vOutputControlPointID (SV_OutputControlPointID), vDomain (SV_DomainLocation) */
enum tess_reg { TESS_CP_ID, TESS_DOMAIN };

/* A hull or domain program's input register files (io_leaf.space, sig_entry.space): the
 * control points in (v[][] / vicp[][]), a fork phase's output control points (vocp[][]), a
 * domain program's patch constants (vpc#).  An LF_INPUT lop of a hull or domain program
 * carries register + 32 * space in its index. */
enum { IN_CP = 0, IN_OCP = 1, IN_PC = 2 };

/* vThreadID, vThreadGroupID, vThreadIDInGroup, vThreadIDInGroupFlattened (SV_DispatchThreadID,
 * SV_GroupID, SV_GroupThreadID, SV_GroupIndex) */
enum cs_thread_reg { CS_THREAD_ID, CS_GROUP_ID, CS_GROUP_THREAD_ID, CS_GROUP_INDEX };

struct lop {
    uint8_t file;                 /* enum lfile */
    uint8_t mask;                 /* destinations */
    uint8_t swz[4];               /* sources: per destination component (SM4 form) */
    bool neg, abs;
    uint32_t index;               /* temp, v#, o#, resource/sampler/cbuffer id, stream */
    uint32_t reg;                 /* cb register; a geometry program's input: the vertex */
    int32_t rel;                  /* cb: temp holding the register offset (.rel_comp), -1 none */
    uint8_t rel_comp;
    uint32_t imm[4];
};

enum lop_code {
    L_MOV, L_MOVC, L_ADD, L_MUL, L_MAD, L_DIV, L_DP2, L_DP3, L_DP4, L_RSQ, L_SQRT, L_EXP,
    L_LOG, L_FRC, L_ROUND_NI, L_ROUND_PI, L_ROUND_Z, L_ROUND_NE, L_MIN, L_MAX, L_SINCOS,
    L_LT, L_GE, L_EQ, L_NE, L_ILT, L_IGE, L_IEQ, L_INE, L_ULT, L_UGE, L_IADD, L_IMUL, L_UDIV,
    L_AND, L_OR, L_XOR, L_NOT, L_ISHL, L_ISHR, L_USHR, L_FTOI, L_FTOU, L_ITOF, L_UTOF,
    L_INEG, L_IMIN, L_IMAX, L_UMIN, L_UMAX, L_DERIV_RTX, L_DERIV_RTY,
    /* shader model 5 only (the instructions' reference pages): bit counting and half floats */
    L_COUNTBITS, L_FIRSTBIT_HI, L_FIRSTBIT_LO, L_FIRSTBIT_SHI, L_BFREV, L_F32TOF16, L_F16TOF32,
    L_DERIV_RTX_FINE, L_DERIV_RTY_FINE,
    /* ps_5_0 pull-model attribute evaluation (gen_eval.c): the input re-interpolated at an
     * offset, a sample, the centroid */
    L_EVAL_SNAPPED, L_EVAL_SAMPLE_INDEX, L_EVAL_CENTROID,
    L_SAMPLE, L_SAMPLE_L, L_SAMPLE_B, L_SAMPLE_D, L_SAMPLE_C, L_SAMPLE_C_LZ, L_LD, L_RESINFO,
    L_LD_MS, L_GATHER4, L_GATHER4_C, L_SAMPLEINFO,
    L_DISCARD_NZ, L_IF_NZ, L_ELSE, L_ENDIF, L_LOOP, L_ENDLOOP, L_BREAK, L_BREAKC_NZ, L_BREAKC_Z,
    L_CONTINUE, L_RET,
    L_EMIT, L_CUT,                /* geometry programs; with an m# source: emit/cut_stream */
    /* shader model 5 memory (gen_buffer.c): raw and structured buffers, typed UAVs, atomics
     * (atomic_*: no result; imm_atomic_*: dst[0] the original value, dst[1] the u#) */
    L_LD_RAW, L_LD_STRUCTURED, L_LD_UAV_TYPED, L_BUFINFO, L_STORE_RAW, L_STORE_STRUCTURED,
    L_STORE_UAV_TYPED, L_ATOMIC_AND, L_ATOMIC_OR, L_ATOMIC_XOR, L_ATOMIC_CMP_STORE,
    L_ATOMIC_IADD, L_ATOMIC_IMAX, L_ATOMIC_IMIN, L_ATOMIC_UMAX, L_ATOMIC_UMIN,
    L_IMM_ATOMIC_ALLOC, L_IMM_ATOMIC_CONSUME, L_IMM_ATOMIC_IADD, L_IMM_ATOMIC_AND,
    L_IMM_ATOMIC_OR, L_IMM_ATOMIC_XOR, L_IMM_ATOMIC_EXCH, L_IMM_ATOMIC_CMP_EXCH,
    L_IMM_ATOMIC_IMAX, L_IMM_ATOMIC_IMIN, L_IMM_ATOMIC_UMAX, L_IMM_ATOMIC_UMIN,
    L_SYNC,                       /* linst.sync: enum sync_flags */
    L_COUNT
};

enum lop_shape {
    LS_CW,                        /* component-wise: source swizzles follow the destination */
    LS_DOT,                       /* dpN: sources read in positions 0..n-1, one result */
    LS_FIXED,                     /* sample & co: sources as given (positions 0..3) */
    LS_FLOW,
    LS_MEM,                       /* memory: each source as given, scalars one letter */
    LS_EVAL,                      /* eval_*: source 0 (the v#) follows the destination as a
                                   * component-wise source does; source 1 (eval_snapped's
                                   * offset .xy, eval_sample_index's index .x) as given */
};

/* lop_mem: reads or writes memory other than registers (not common subexpressions;
 * writes are side effects) */
enum { MEM_R = 1, MEM_W = 2 };

/* sync's flags (D3D11_SB_SYNC_*): _t thread group, _g shared memory, _ugroup / _uglobal UAVs */
enum sync_flags { SYNC_T = 1, SYNC_G = 2, SYNC_UGROUP = 4, SYNC_UGLOBAL = 8 };

struct lop_info {
    const char *name;             /* SM4 mnemonic */
    unsigned nsrc, ndst;
    enum lop_shape shape;
    bool is_float;                /* source modifiers mean float negate/abs */
};
extern const struct lop_info lop_infos[L_COUNT];
extern const uint8_t lop_mem[L_COUNT];   /* MEM_R / MEM_W of each operation (lir.c) */

struct linst {
    uint16_t op;
    bool sat;
    uint8_t ndst, nsrc;
    int8_t offset[3];             /* texel offsets (aoffimmi) */
    bool has_offset;
    uint8_t dtype;                /* enum base_type of what a mov/movc moves (level-9 writer) */
    uint8_t sconst;               /* vs/ps_3_0 if_nz / loop on a uniform in b# / i#: its
                                   * g->sconst index + 1 (gen_static.c); 0 none */
    uint8_t sync;                 /* L_SYNC: enum sync_flags */
    uint16_t depth;               /* flow nesting at emission (0: straight-line) */
    struct loc_src loc;           /* the expression or statement it came from (messages) */
    struct lop dst[2];
    struct lop src[5];
};

/* Places: where a value of any type lives.  P_TEMP: consecutive virtual temps, one per slot
 * (type_slots); P_CB: a component offset in constant buffer `cb` (packing rules), plus an
 * optional register offset held in a temp (dynamic array indexing). */
enum place_kind { P_TEMP, P_CB, P_RES, P_XTEMP /* cb: the x# array, base: its slot */,
                  P_TGSM /* group-shared memory (gen_tgsm.c): cb the variable, base a byte
                          * offset, rel a temp with a run-time byte offset in .x or -1 */ };

struct place {
    enum place_kind kind;
    struct type *type;
    uint32_t base;                /* P_TEMP: first temp; P_CB: component offset; P_RES: id */
    uint32_t cb;                  /* cbuffer id */
    int32_t rel;                  /* P_CB: temp with a register offset in .x, or -1 */
    bool d3d9;                    /* P_CB: the D3D9 constant layout (types.c) */
    /* P_TGSM of a structured g# (an array variable): `whole` while the place is the whole
     * array; then the element index, erel (a temp, in .x) or elem when erel is -1 */
    bool whole;
    int32_t erel;
    uint32_t elem;
};

/* An rvalue: numeric scalars and vectors as an operand (swz in value order: component k of
 * the value is swz[k]), everything else as a place. */
struct val {
    struct type *type;
    bool is_place;
    struct place pl;
    struct lop op;
};

struct resource {
    struct var_decl *var;
    bool sampler;                 /* SamplerState (else texture); sampler2D is both */
    bool used;
    bool as_texture;              /* a sampler read by tex2D & co: it has a t# too */
    bool counter;                 /* a RWStructuredBuffer's Increment/DecrementCounter */
    unsigned stride;              /* a structured buffer's element size in bytes */
    int slot, sslot;              /* t# (u# for a UAV) / s# after binding */
};

struct sym {
    struct sym *next;
    const char *name;
    struct var_decl *var;
    struct val v;                 /* the variable's place (is_place always) */
    unsigned depth;
};

/* One scalar/vector of an entry point's inputs or outputs, and the semantic it carries. */
struct io_leaf {
    struct place pl;              /* one slot */
    const char *sem;
    unsigned sem_index;
    unsigned interp;
    struct loc_src loc;
    unsigned vertices;            /* a geometry program's input array: its length (else 0), */
    uint32_t stride;              /* and the slots of one element */
    unsigned stream;              /* a geometry program's output: its stream (m#) */
    uint8_t space;                /* hull/domain inputs: IN_CP, IN_OCP, IN_PC */
};

/* sig_entry.sysval: the D3D_NAME values, SV_TARGET/SV_DEPTH past them */
enum { SV_NONE = 0, SV_POS = 1, SV_CLIPDST = 2, SV_RTINDEX = 4, SV_VPINDEX = 5, SV_VERTID = 6,
       SV_PRIMID = 7, SV_INSTID = 8, SV_FFACE = 9, SV_QUAD_EDGE = 11, SV_QUAD_INSIDE = 12,
       SV_TRI_EDGE = 13, SV_TRI_INSIDE = 14, SV_LINE_DETAIL = 15, SV_LINE_DENSITY = 16,
       SV_TARGET = 64, SV_DEPTH = 65 };

struct sig_entry {
    const char *name;
    unsigned index, reg, mask, used, sysval;
    enum base_type base;
    unsigned interp;
    bool is_depth;                /* ps SV_Depth (oDepth) */
    uint8_t decl_base;            /* the base type declared (d3dbc VFACE: float or bool) */
    unsigned stream;              /* a geometry program's output: its stream (m#) */
    uint8_t space;                /* hull/domain inputs: IN_CP, IN_OCP, IN_PC */
    unsigned cps;                 /* IN_CP / IN_OCP: the control points of the patch */
};

struct func_frame {
    struct func_frame *up;
    struct func_decl *f;
    struct place ret;
    bool has_ret;
    bool wrapped;                 /* body inside loop..endloop: return = break */
    unsigned flow_depth;          /* dynamic flow depth at entry */
    unsigned loop_depth;          /* dynamic loop depth at entry */
    unsigned flat_depth;          /* flattened-if depth at entry */
    bool flagged;                 /* a return ran under a flattened if: flag_temp.x says which */
    uint32_t flag_temp;           /* lanes returned (bool ~0/0) */
    /* a wrapped body with a return inside one of its own loops: ret_flag.x is set (~0) by that
     * return, which breaks its loop; each loop of the body tests it when it ends */
    bool has_ret_flag;
    uint32_t ret_flag;
    /* out parameters, and their values when each lane returned under a flattened if */
    struct place outs[16], saved[16];
    unsigned nouts;
};

struct unroll_try {
    struct unroll_try *up;
    jmp_buf jb;
    unsigned flow_depth;          /* dynamic flow depth when the unrolled loop began */
};

struct gen {
    struct hc *c;
    struct program *prog;
    struct func_decl *entry;
    /* instructions */
    struct linst *ins;
    size_t nins, ins_cap;
    size_t work;                  /* instructions ever emitted (a budget; see lir.c append) */
    /* virtual temps and what is known of them: per component, a constant value */
    uint32_t ntemps;
    uint32_t *kval;               /* [temp * 4 + c] */
    uint8_t *known;               /* [temp] bit c */
    uint8_t *tbase;               /* [temp] enum base_type of the variable slot it holds */
    size_t kcap;
    uint32_t *wlog;               /* temps written, in order (for invalidation after flow) */
    size_t nwlog, wlog_cap;
    /* scopes */
    struct sym *syms;             /* locals of the function being generated */
    struct sym *globals;
    unsigned scope_depth;
    struct loop_ctx *loop;
    struct func_frame *frame;
    unsigned inline_depth;
    unsigned flow_depth, loop_depth;
    unsigned flat_depth;          /* flattened ifs around the code being generated */
    bool has_pred;                /* inside flattened ifs: discards are predicated by pred */
    struct lop pred;
    struct unroll_try *unroll;
    bool dry;                     /* dry run: no warnings */
    /* resources, cbuffers */
    struct resource *res;
    unsigned nres;
    struct cbuffer_decl **cbs;
    unsigned ncbs;
    bool cb_dynamic[16];
    uint32_t xsize[64];           /* slots of each indexable temp array x# */
    unsigned nx;
    /* signatures */
    struct sig_entry in[32], out[32];
    unsigned nin, nout;
    const struct io_leaf *out_leaves;   /* per output entry: the temp slot that holds it */
    unsigned nout_leaves;
    bool uses_discard;
    uint8_t cur_dtype;            /* the base type of the movc being built (?:) */
    struct var_decl *sconst[16];  /* vs/ps_3_0: the uniforms in b# / i# (gen_static.c) */
    unsigned nsconst;
    struct loc_src cur_loc;       /* what is being generated, for linst.loc */
    /* geometry programs (gen_gs.c) */
    unsigned gs_input;            /* D3D10_SB_PRIMITIVE: 1 point, 2 line, 3 triangle, 6 line
                                   * adj, 7 triangle adj (0: no input array yet) */
    unsigned gs_output;           /* the stream's type: 1 point, 2 line, 3 triangle list */
    bool gs_prim_id;              /* reads vPrim */
    const struct type *gs_vertex; /* the first stream's vertex type T */
    const struct io_leaf *gs_leaves;    /* the streams' leaves, one per output register */
    unsigned gs_nleaves;
    bool gs_instance_id;          /* reads vGSInstanceID (SV_GSInstanceID) */
    /* gs_5_0's streams m0..m3, in parameter order: T, the first slot of its template place
     * (leaf offsets are from it), its topology, and its leaves [first, first + n) */
    struct gs_stream {
        const struct type *vertex;
        uint32_t base;
        unsigned output, first, n;
    } gs_streams[4];
    unsigned gs_nstreams;
    /* compute programs (gen_cs.c): the id registers read (bit enum cs_thread_reg) and their
     * components */
    unsigned cs_inputs;
    uint8_t cs_masks[4];
    /* groupshared variables (gen_tgsm.c), in declaration order; slot: g# once used */
    struct tgsm_var {
        struct var_decl *var;
        bool structured;          /* an array: dcl_tgsm_structured stride, count */
        unsigned stride, count, bytes;
        bool used;
        int slot;
    } *tgsm;
    unsigned ntgsm;
    size_t tgsm_cap;
    /* hull and domain programs (gen_tess.c): the domain (1 tri, 2 quad, 3 isoline), the
     * control points
     * of the input patch (phase 1, a fork phase's InputPatch, a domain program's
     * OutputPatch) and of a fork phase's OutputPatch; the ids read and vDomain's components */
    unsigned tess_domain, tess_cps, tess_ocps;
    bool tess_cp_id;
    uint8_t tess_domain_mask;
};

struct loop_ctx {
    struct loop_ctx *up;
    bool unrolled;
    unsigned flow_depth, flat_depth;
    struct stmt *s;               /* for `continue`: the for step / do-while test */
};

enum flow { FL_NORMAL, FL_BREAK, FL_CONTINUE, FL_RETURN };

/* A source with its first component in every position, and one negated. */
static inline struct lop lop_rep(struct lop o)
{
    for (unsigned k = 1; k < 4; k++)
        o.swz[k] = o.swz[0];
    return o;
}

static inline struct lop lop_negate(struct lop o)
{
    o.neg = !o.neg;
    return o;
}

/* lir.c */
uint32_t lir_temp(struct gen *g, unsigned count);        /* consecutive fresh temps */
void lir_emit(struct gen *g, struct linst *in);          /* folds constants, then appends */
struct lop lop_imm_f(float f);
struct lop lop_imm_u(uint32_t u);
struct lop lop_imm4(const uint32_t v[4]);
struct lop lop_temp(uint32_t t, unsigned ncomp);         /* source .xyzw (value order) */
bool lir_known(const struct gen *g, const struct lop *src, unsigned ncomp, uint32_t *vals);
void lir_invalidate_since(struct gen *g, size_t mark);
void lir_optimize(struct gen *g);                        /* copy propagation + dead code */
uint32_t lir_allocate(struct gen *g);                    /* temps -> r#; returns r# count */
void lir_flow(struct gen *g, enum lop_code op, const struct lop *cond);

/* gen_expr.c */
struct val gen_expr(struct gen *g, struct expr *e);
struct val gen_convert(struct gen *g, struct val v, struct type *to, const struct loc_src *at,
                       bool explicit_cast);
struct lop gen_operand(struct gen *g, struct val v);      /* numeric: the source operand */
void gen_store(struct gen *g, struct place dst, const uint8_t *comps, unsigned ncomp,
               struct val v, const struct loc_src *at);
void gen_copy(struct gen *g, struct place dst, struct val src, const struct loc_src *at);
struct val gen_place_val(struct gen *g, struct place p);
struct place gen_new_place(struct gen *g, struct type *t);
struct val gen_call(struct gen *g, struct expr *e);             /* gen_intrinsic.c */
/* gen_intrinsic.c, shared with gen_intrinsic_math.c: the common float vector width of n
 * arguments (scalars replicate; X3206 when vectors differ), an argument converted to n
 * components of base b, and dpN (n = 1: a mul). */
unsigned gen_common_cols(struct gen *g, struct val *v, unsigned n, const struct loc_src *at);
struct lop gen_arg_as(struct gen *g, struct val v, enum base_type b, unsigned n,
                      const struct loc_src *at);
struct lop gen_dot(struct gen *g, struct lop a, struct lop b, unsigned n);
/* gen_intrinsic_math.c: the inverse trigonometric and hyperbolic functions, frexp/ldexp/modf,
 * fwidth, 4x4 determinant and the shader model 5 bit intrinsics; *found false when `name` is
 * none of them. */
struct val gen_intrinsic_math(struct gen *g, struct expr *e, struct val *v, unsigned n,
                              bool *found);
struct lop gen_alu(struct gen *g, enum lop_code op, unsigned n, const struct lop *a,
                   const struct lop *b, const struct lop *c);
struct lop gen_alu_sat(struct gen *g, enum lop_code op, unsigned n, const struct lop *a);
struct lop gen_mat_row(struct gen *g, const struct place *p, unsigned r);
struct lop gen_mat_col(struct gen *g, const struct place *p, unsigned col);
struct val gen_vnum(struct type *t, struct lop op);
struct val gen_binary(struct gen *g, int op, struct val a, struct val b, const struct loc_src *at);
struct val gen_init(struct gen *g, struct expr *e, struct type *t);
/* gen_expr.c, shared with gen_lvalue.c: field i / element i of a place, a swizzle's components
 * (-1: not one), an index known at compile time (else *is_const false and *dyn its value) */
struct place gen_sub_field(const struct place *p, unsigned i);
struct place gen_sub_elem(const struct place *p, unsigned i);
int gen_swizzle(const char *s, unsigned max, uint8_t *out);
unsigned gen_const_index(struct gen *g, struct expr *e, unsigned limit, bool *is_const,
                         struct val *dyn);
/* gen_lvalue.c: lvalues, and an array place read at a run-time index without x# */
struct val gen_dynamic_read(struct gen *g, struct place array, struct val idx,
                            const struct loc_src *at);
void *gen_lvalue(struct gen *g, struct expr *e);               /* an opaque lvalue */
struct type *gen_lvalue_type(struct gen *g, void *l);
void gen_lvalue_write(struct gen *g, void *l, struct val v, const struct loc_src *at);
struct val gen_lvalue_read(struct gen *g, void *l);

/* gen.c */
struct sym *gen_lookup(struct gen *g, const char *name);
void gen_push_sym(struct gen *g, const char *name, struct var_decl *var, struct val v);
void gen_epilogue(struct gen *g);                        /* gen_entry.c: outputs, ret */
bool gen_always_returns(const struct stmt *s);           /* every path returns (X3080) */
struct val gen_call_user(struct gen *g, struct func_decl *f, struct expr *e, struct val *args);
enum flow gen_stmt(struct gen *g, struct stmt *s);
/* A function's body in frame fr; wrap: inside loop..endloop, so that a return is a break
 * (early returns where the target has flow control but no return inside it). */
void gen_frame_body(struct gen *g, struct func_frame *fr, bool wrap);
/* Does the entry point need that: a d3dbc 3_0 target, where `ret` ends only the program's
 * last line, with a return before its end. */
bool gen_entry_wraps(struct gen *g);
/* An out parameter of the frame (what a return under a flattened if must keep). */
void gen_frame_add_out(struct gen *g, struct func_frame *fr, struct place p,
                       const struct loc_src *at);
struct val gen_bool(struct gen *g, struct val v, const struct loc_src *at);
void gen_discard(struct gen *g, struct lop cond);  /* discard_nz, predicated when flattened */

/* gen_static.c: vs/ps_3_0 uniforms in D3D9's b# / i# registers */
void gen_static_classify(struct gen *g);
const char *gen_static_rep_counter(const struct stmt *s);
const struct expr *gen_static_if_operand(const struct expr *e, bool *negated);
unsigned gen_static_lookup(struct gen *g, const char *name, char file);

/* gen_gs.c: a geometry entry point's special parameters (its input array, stream and
 * SV_PrimitiveID), checked and given places (false: an ordinary parameter); the stream's
 * Append / RestartStrip; the attributes' checks. */
bool gen_gs_param(struct gen *g, struct var_decl *pd, struct io_leaf *ins, unsigned *ni,
                  struct io_leaf *outs, unsigned *no);
struct val gen_gs_method(struct gen *g, struct expr *e, struct val *v, unsigned n);
void gen_gs_check(struct gen *g);
/* gen_entry.c, shared with gen_gs.c: the leaves of a place of type p.type */
void gen_collect_leaves(struct gen *g, struct place p, const char *sem, unsigned interp,
                        const struct loc_src *loc, struct io_leaf *out, unsigned *n);

/* gen_tess.c: a hull or domain entry point's parameters (patches, ids, patch constants);
 * the tessellation factors' system values (0: not one); the attributes' and outputs' checks;
 * the two hull phases' bindings agreeing; the listing's header and special inputs. */
void gen_tess_check_domain(struct gen *g);                  /* the domain, before the params */
bool gen_tess_param(struct gen *g, struct var_decl *pd, struct io_leaf *ins, unsigned *ni);
unsigned gen_tess_sysval(struct gen *g, bool output, const char *name, unsigned index,
                         const struct loc_src *loc);
void gen_tess_check(struct gen *g);
void gen_tess_bindings(struct gen *g);
void gen_tess_header(struct gen *g, struct sbuf *o);
void gen_tess_inputs(struct gen *g, struct sbuf *o);
const char *gen_tess_factor_name(const struct gen *g, const struct sig_entry *e);

/* gen_cs.c: a compute entry point's parameters (the thread ids) and [numthreads]; the
 * barrier intrinsics (*found false when name is none of them). */
void gen_cs_param(struct gen *g, struct var_decl *pd);
void gen_cs_check(struct gen *g);
struct val gen_cs_barrier(struct gen *g, const char *name, unsigned n, const struct loc_src *at,
                          bool *found);
/* gen_eval.c: EvaluateAttributeSnapped / AtSample / Centroid (*found false when the call is
 * none of them); after copy propagation, each eval_* must read a pixel shader input directly
 * (lir_optimize calls the check) */
struct val gen_eval(struct gen *g, struct expr *e, bool *found);
void gen_eval_check(struct gen *g);
/* gen_buffer.c: methods of buffers and UAVs (Load*, Store*, Interlocked*, Append, Consume,
 * counters, GetDimensions), their [] reads, and stores through them */
struct val gen_buffer_method(struct gen *g, struct expr *e, struct val *v, unsigned n,
                             bool *found);
bool gen_buffer_index(struct gen *g, struct expr *e, struct val *out);
bool gen_buffer_assign(struct gen *g, struct expr *e, struct val *out);
struct val gen_interlocked(struct gen *g, struct expr *e, bool *found);

/* gen_tgsm.c: groupshared variables (a global's place; reads and writes of their leaves; a
 * run-time index into one; an Interlocked* destination there, false when d is not in
 * groupshared memory; g# numbering after dead code).  gen_tight_size: a type's size in the
 * tight 4-byte layout (0: not numeric leaves only). */
unsigned gen_tight_size(const struct type *t);
unsigned gen_tight_field_offset(const struct type *t, unsigned i);
struct val gen_tgsm_declare(struct gen *g, struct var_decl *v);
struct place gen_tgsm_index(struct gen *g, struct place p, struct val idx,
                            const struct loc_src *at);
struct val gen_tgsm_load(struct gen *g, const struct place *p);
void gen_tgsm_store(struct gen *g, struct place p, const uint8_t *comps, unsigned ncomp,
                    struct val v, const struct loc_src *at);
bool gen_tgsm_atomic_dest(struct gen *g, struct expr *d, struct lop *res, struct lop *addr,
                          enum base_type *base);
void gen_tgsm_bind(struct gen *g);
/* gen_lvalue.c: an lvalue's single place and selected component (false: candidates of a
 * run-time index, or several components) */
bool gen_lvalue_place(void *lv, struct place *p, unsigned *comp);

/* sm4_write.c */
void sm4_write(struct gen *g, uint32_t ntemps, struct sbuf *out);
void sm2_write(struct gen *g, uint32_t ntemps, struct sbuf *out); /* sm2_write.c */

#endif /* SOFTD3D_HLSL_GEN_H */
