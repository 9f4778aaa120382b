/* src/shader/ir.h — softd3d's one shader IR: what every decoder produces and the VM executes.
 *
 * READ ME FIRST
 *   Producers: tpf.c (SM4/SM5 tokens from DXBC), later d3dbc.c (SM1-SM3) and the generated D3D9
 *   fixed-function programs.  Consumer: the VM (and the --ir printer, the disassembler).  The
 *   contract between them is ir_validate(): a producer builds an ir_program with the helpers
 *   below, runs ir_validate() and hands the program on only when it returned 0.  Whatever
 *   ir_validate() checks, the VM may assume without checking again (listed at ir_validate).
 *
 *   The model is SM4's, because it is the larger of the two:
 *     - Registers are untyped vectors of four 32-bit components.  An instruction decides how it
 *       reads them (float, int, uint); the opcode list below says which.  Comparisons write
 *       0xffffffff (true) or 0 (false) per component.
 *     - Destinations have a write mask (bit 0 = x ... bit 3 = w) and an instruction may saturate
 *       its float result to [0, 1].  Sources have a swizzle (2 bits per component, x in bits 0-1,
 *       as in the SM4 operand token) and the modifiers abs and neg (abs first, then neg; they
 *       act on floats for float instructions and as two's complement negate for integer ones).
 *     - Control flow is structured (if/else/endif, loop/endloop, switch/case/default/endswitch,
 *       break/continue, ret, call/label); ir_validate() checks the nesting and fills each
 *       instruction's `link` with the index of the instruction it jumps to, so the VM never
 *       scans for a matching endif.
 *     - Declarations are tables (inputs, outputs, constant buffers, samplers, resources,
 *       indexable temps...), not instructions; the IR is in "all declarations first" form.
 *
 *   How d3dbc (SM1-SM3) will map onto it (room left for it; nothing here is SM4-only):
 *     - c#/i#/b# constants: constant buffer slots IR_D3D9_CB_FLOAT / _INT / _BOOL, one vec4 per
 *       register (b# as 0 / 0xffffffff in .x).  `def` constants become an immediate constant
 *       buffer, or immediates when they are never relatively addressed.
 *     - a0 and aL: files IR_FILE_ADDRESS and IR_FILE_LOOP_COUNTER, usable as the relative part
 *       of an index (c[a0.x + 3]) exactly like SM4's r0.x.  mova is round_ne + ftoi into a0.
 *     - p0: IR_FILE_PREDICATE (0 / 0xffffffff per component, written by the comparisons that
 *       implement setp); an instruction predicated by (p0.x) carries ir_instruction.pred.
 *       if_pred / breakp / callnz p0 use p0 as the condition operand of if / breakc / callc.
 *     - Source modifiers beyond neg/abs (bias, sign, comp, x2, dz, dw, !), result shifts, and
 *       the macro instructions (lrp, nrm, pow, crs, m4x4..., sgn, cmp, cnd, dp2add, dst, lit,
 *       texkill, texm3x3*, texbem*, texdepth, texldp, rep/loop with aL, ifc/breakc with a
 *       comparison) are expanded by the d3dbc decoder into sequences of these instructions,
 *       using temps past the program's own (temp_count covers them).
 *     - vPos / vFace become inputs declared with IR_SV_POSITION / IR_SV_IS_FRONT_FACE after the
 *       other inputs; the decoder converts D3D9's conventions (vFace as a signed float, vPos at
 *       the pixel's corner) with explicit instructions, so the VM has one meaning per sysval.
 *     - Semantics (D3DDECLUSAGE + index) travel in ir_io_decl.usage / usage_index.  For SM4
 *       they are IR_USAGE_NONE: the DXBC signatures (dxbc.h) hold the names.
 *     - s# samplers declare both a resource and a sampler of the same number.
 *
 *   Ownership: an ir_program owns every array it points to; ir_program_free() releases them.
 */
#ifndef SOFTD3D_SHADER_IR_H
#define SOFTD3D_SHADER_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- limits (what ir_validate enforces; the VM sizes its register files with them) -------- */

#define IR_MAX_DST 2             /* imul/udiv/sincos/swapc and the *_s sampling forms write 2 */
#define IR_MAX_SRC 6             /* sample_d_cl_s: address, t, s, ddx, ddy, clamp */
#define IR_MAX_TEMPS 4096        /* r# and x# elements together (D3D10 common shader limit) */
#define IR_MAX_INPUTS 32         /* v# registers */
#define IR_MAX_OUTPUTS 32        /* o# registers */
#define IR_MAX_CB_SLOTS 16       /* cb0..cb15 (D3D11: 14 API slots; d3dbc uses 3) */
#define IR_MAX_CB_SIZE 8192      /* vec4 per constant buffer (D3D11: 4096; D3D9 SWVP: 8192) */
#define IR_MAX_ICB_SIZE 4096     /* vec4 in the immediate constant buffer */
#define IR_MAX_SAMPLERS 16
#define IR_MAX_RESOURCES 128
#define IR_MAX_ADDRESS 1         /* a0 */
#define IR_MAX_PREDICATES 1      /* p0 */
#define IR_MAX_NESTING 64        /* open if/loop/switch at once (D3D10 flow-control limit) */
#define IR_MAX_CALL_DEPTH 32     /* subroutine nesting (D3D10 limit); recursion is refused */
#define IR_NO_LINK UINT32_MAX
#define IR_MAX_INTERFACE_SLOTS 253 /* D3D11_SHADER_MAX_INTERFACES */
/* The label number of function body fb#n (label fb#n starts it): l# numbers stay below. */
#define IR_LABEL_FUNCTION_BODY 0x80000000u

/* ---- registers ---------------------------------------------------------------------------- */

/* Register files.  "idx" says what ir_operand.index[] holds for each (index_count in brackets). */
enum ir_file {
    IR_FILE_NULL = 0,        /* [0] destination that discards the result (SM4 "null") */
    IR_FILE_TEMP,            /* [1] r#: idx0 register < temp_count (immediate only) */
    IR_FILE_INDEXABLE_TEMP,  /* [2] x#[i]: idx0 the array (declared, immediate), idx1 element */
    IR_FILE_INPUT,           /* [1] v#: idx0 register < input_count; relative only inside a
                              *     declared index range */
    IR_FILE_OUTPUT,          /* [1] o#: idx0 register < output_count; relative as for inputs */
    IR_FILE_CONSTANT_BUFFER, /* [2] cb#[i]: idx0 the slot (declared, immediate), idx1 the vec4;
                              *     relative only when the buffer is declared dynamic */
    IR_FILE_IMMEDIATE_CB,    /* [1] icb[i]: idx0 the vec4 of ir_program.icb */
    IR_FILE_IMMEDIATE,       /* [0] literal: ir_operand.imm[] (source only) */
    IR_FILE_SAMPLER,         /* [1] s#: idx0 the slot (declared, immediate) */
    IR_FILE_RESOURCE,        /* [1] t#: idx0 the slot (declared, immediate) */
    IR_FILE_LABEL,           /* [1] l#: idx0 the label number (call / callc / label only) */
    IR_FILE_DEPTH_OUT,       /* [0] oDepth (pixel, declared), one component */
    IR_FILE_DEPTH_GE_OUT,    /* [0] oDepthGE (SM5 conservative depth) */
    IR_FILE_DEPTH_LE_OUT,    /* [0] oDepthLE */
    IR_FILE_COVERAGE_OUT,    /* [0] oMask (pixel, declared), one uint component */
    IR_FILE_INPUT_COVERAGE,  /* [0] vCoverage (pixel, declared), one uint component */
    IR_FILE_RASTERIZER,      /* [0] "rasterizer": the render target, for sampleinfo/samplepos */
    IR_FILE_ADDRESS,         /* [1] a# (d3dbc): int4, idx0 < address_count */
    IR_FILE_LOOP_COUNTER,    /* [0] aL (d3dbc): int, needs has_loop_counter */
    IR_FILE_PREDICATE,       /* [1] p# (d3dbc): masks, idx0 < predicate_count */
    IR_FILE_INPUT_VERTEX,    /* [2] v[vertex][reg] (geometry): idx0 the vertex of the input
                              *     primitive (< ir_gs_input_vertices; may be relative), idx1
                              *     the v# register (< input_count, immediate) */
    IR_FILE_PRIMITIVE_ID,    /* [0] vPrim (geometry, hull, domain; declared): SV_PrimitiveID */
    /* hull and domain programs (D3D11.3 functional spec 10.7-10.9, 12): v[cp][reg] of the
     * control-point phase and vicp[cp][reg] are IR_FILE_INPUT_VERTEX (idx0 the control point,
     * < tess_input_cp) */
    IR_FILE_OUTPUT_CONTROL_POINT, /* [2] vocp[cp][reg] (fork/join phases): idx0 the control
                              *     point (< tess_output_cp; may be relative), idx1 < ocp_count */
    IR_FILE_PATCH_CONSTANT,  /* [1] vpc[reg] (join phases, domain programs): < pc_count */
    IR_FILE_DOMAIN_POINT,    /* [0] vDomain (domain, declared): SV_DomainLocation u, v, w */
    IR_FILE_OUTPUT_CONTROL_POINT_ID, /* [0] vOutputControlPointID (control-point phase), uint */
    IR_FILE_FORK_INSTANCE_ID,  /* [0] vForkInstanceID (fork phases), uint */
    IR_FILE_JOIN_INSTANCE_ID,  /* [0] vJoinInstanceID (join phases), uint */
    /* compute programs (issue 15; ir_compute.c validates them) */
    IR_FILE_UAV,             /* [1] u#: idx0 the slot (declared, immediate); memory operand of
                              *     the IR_OPF_MEM instructions only */
    IR_FILE_TGSM,            /* [1] g#: idx0 the declared group-shared block; likewise */
    IR_FILE_THREAD_ID,       /* [0] vThreadID: SV_DispatchThreadID, uint3 */
    IR_FILE_THREAD_GROUP_ID, /* [0] vThreadGroupID: SV_GroupID, uint3 */
    IR_FILE_THREAD_ID_IN_GROUP,      /* [0] vThreadIDInGroup: SV_GroupThreadID, uint3 */
    IR_FILE_THREAD_ID_IN_GROUP_FLAT, /* [0] vThreadIDInGroupFlattened: SV_GroupIndex, uint */
    IR_FILE_GS_INSTANCE_ID,  /* [0] vGSInstanceID (geometry, gs_5_0; declared): SV_GSInstanceID,
                              *     the invocation's instance 0..gs_instances-1 (13.3), uint */
    /* class linkage (SM5 interfaces; ir_class.c) */
    IR_FILE_INTERFACE,       /* [3] fp#[array][call site] (fcall only): idx0 the fp# slot, idx1
                              *     the array index (relative: dcl_interface_dynamicindexed),
                              *     idx2 the call site (immediate) */
    IR_FILE_THIS_POINTER,    /* [1] this[slot]: the interface pointer data of a slot, uint4
                              *     (ir_class.h: what each component holds); a source or the
                              *     relative part of an index */
    IR_FILE_COUNT
};

/* The relative part of an index: the value of one component of a register, read as an int.
 * file is IR_FILE_NULL when the index is a plain immediate. */
struct ir_rel {
    uint8_t file;            /* IR_FILE_NULL (no relative part), TEMP, INDEXABLE_TEMP, INPUT,
                              * ADDRESS or LOOP_COUNTER */
    uint8_t component;       /* 0..3: which component of that register */
    uint32_t reg;            /* its register number (x#: the array number) */
    uint32_t element;        /* x# only: the element, immediate */
};

/* One index of an operand: offset + (rel.file ? value of rel : 0).  The validator checks the
 * immediate part against the declared sizes; a relative index can only be checked when it is
 * used, so the VM bounds-checks the sum: reads outside give 0 and writes are dropped (D3D11
 * defines 0 for constant buffer reads; for the other files the result is undefined and this is
 * softd3d's choice). */
struct ir_index {
    uint32_t offset;
    struct ir_rel rel;
};

#define IR_SWIZZLE(x, y, z, w) ((uint8_t)((x) | (y) << 2 | (z) << 4 | (w) << 6))
#define IR_SWIZZLE_XYZW IR_SWIZZLE(0, 1, 2, 3)
#define IR_SWIZZLE_COMPONENT(swz, i) (((swz) >> (2 * (i))) & 3)
#define IR_MASK_X 1u
#define IR_MASK_XYZW 15u

enum ir_modifier { IR_MOD_NEG = 1u << 0, IR_MOD_ABS = 1u << 1 };

/* Minimum precision the producer asked for (same values as D3D11_SB_OPERAND_MIN_PRECISION).
 * A hint: the VM may always compute in 32 bits.  d3dbc's _pp maps to IR_PRECISION_FLOAT16. */
enum ir_precision {
    IR_PRECISION_DEFAULT = 0,
    IR_PRECISION_FLOAT16 = 1,
    IR_PRECISION_FLOAT10 = 2, /* 2.8 fixed-point-like float */
    IR_PRECISION_SINT16 = 4,
    IR_PRECISION_UINT16 = 5,
};

/* One operand.  A destination uses file, index, mask, precision; a source file, index,
 * swizzle, modifiers, precision (and imm for literals). */
struct ir_operand {
    uint8_t file;            /* enum ir_file */
    uint8_t index_count;     /* entries of index[] in use; fixed per file (see enum ir_file) */
    uint8_t mask;            /* destination write mask, 1..15 (0 only for IR_FILE_NULL); for
                              * one-component files (oDepth...) it is IR_MASK_X.  Sources: 0 */
    uint8_t swizzle;         /* source swizzle.  For t#: applied to the fetched texel; for s#
                              * in gather4: component 0 selects the channel gathered */
    uint8_t modifiers;       /* source: enum ir_modifier bits; destination: 0 */
    uint8_t precision;       /* enum ir_precision */
    uint8_t imm_count;       /* IR_FILE_IMMEDIATE: 1 or 4 values written (for printing); imm[]
                              * always holds four (a scalar is replicated) */
    struct ir_index index[3];
    uint32_t imm[4];         /* IR_FILE_IMMEDIATE: the raw 32-bit values */
};

/* ---- instructions ------------------------------------------------------------------------- */

/* Opcodes.  Operand order in brackets: dst..., src....  f = float, i = int, u = uint, m = mask.
 * Names are fxc's mnemonics (ir_op_name); counts are in ir_op_info. */
enum ir_opcode {
    IR_OP_NOP = 0,
    /* moves and selects */
    IR_OP_MOV,               /* [d, a] copy, bits untouched (float modifiers apply) */
    IR_OP_MOVC,              /* [d, c, a, b] per component c != 0 ? a : b */
    IR_OP_SWAPC,             /* [d0, d1, c, a, b] d0 = c ? b : a; d1 = c ? a : b */
    /* float arithmetic (all may saturate) */
    IR_OP_ADD, IR_OP_MUL, IR_OP_MAD, IR_OP_DIV,
    IR_OP_DP2, IR_OP_DP3, IR_OP_DP4,     /* result replicated to every written component */
    IR_OP_MIN, IR_OP_MAX,
    IR_OP_FRC, IR_OP_EXP, IR_OP_LOG,     /* exp/log base 2 */
    IR_OP_RSQ, IR_OP_SQRT, IR_OP_RCP,
    IR_OP_SINCOS,            /* [dsin, dcos, a] either destination may be null */
    IR_OP_ROUND_NE, IR_OP_ROUND_NI, IR_OP_ROUND_PI, IR_OP_ROUND_Z,
    IR_OP_DERIV_RTX, IR_OP_DERIV_RTY,    /* pixel only: d/dx, d/dy across the 2x2 quad */
    IR_OP_DERIV_RTX_COARSE, IR_OP_DERIV_RTX_FINE, IR_OP_DERIV_RTY_COARSE, IR_OP_DERIV_RTY_FINE,
    /* float comparisons -> masks */
    IR_OP_EQ, IR_OP_NE, IR_OP_LT, IR_OP_GE,
    /* conversions */
    IR_OP_FTOI, IR_OP_FTOU, IR_OP_ITOF, IR_OP_UTOF,
    IR_OP_F32TOF16, IR_OP_F16TOF32,      /* half in the low 16 bits of a uint */
    /* integer arithmetic */
    IR_OP_IADD, IR_OP_IMAD, IR_OP_IMAX, IR_OP_IMIN, IR_OP_INEG,
    IR_OP_IMUL,              /* [dhi, dlo, a, b] signed 64-bit product; either may be null */
    IR_OP_UMUL,              /* [dhi, dlo, a, b] unsigned */
    IR_OP_UDIV,              /* [dquot, drem, a, b] b == 0 gives 0xffffffff in both */
    IR_OP_UMAD, IR_OP_UMAX, IR_OP_UMIN,
    IR_OP_UADDC,             /* [dsum, dcarry, a, b] */
    IR_OP_USUBB,             /* [ddiff, dborrow, a, b] */
    IR_OP_ISHL, IR_OP_ISHR, IR_OP_USHR,  /* shift count: low 5 bits of b */
    IR_OP_IEQ, IR_OP_INE, IR_OP_ILT, IR_OP_IGE, IR_OP_ULT, IR_OP_UGE,
    /* bitwise */
    IR_OP_AND, IR_OP_OR, IR_OP_XOR, IR_OP_NOT,
    IR_OP_COUNTBITS, IR_OP_FIRSTBIT_HI, IR_OP_FIRSTBIT_LO, IR_OP_FIRSTBIT_SHI, IR_OP_BFREV,
    IR_OP_UBFE, IR_OP_IBFE,  /* [d, width, offset, value] */
    IR_OP_BFI,               /* [d, width, offset, insert, base] */
    /* structured control flow (conditions test all 32 bits of one component: test z/nz) */
    IR_OP_IF,                /* [c] link: its else, or its endif */
    IR_OP_ELSE,              /* link: its endif */
    IR_OP_ENDIF,             /* link: its if */
    IR_OP_LOOP,              /* link: its endloop */
    IR_OP_ENDLOOP,           /* link: its loop (jump back) */
    IR_OP_BREAK,             /* link: endloop / endswitch of the innermost loop or switch */
    IR_OP_BREAKC,            /* [c] as break */
    IR_OP_CONTINUE,          /* link: endloop of the innermost loop */
    IR_OP_CONTINUEC,         /* [c] as continue */
    IR_OP_SWITCH,            /* [selector] link: its first case/default (the next instruction) */
    IR_OP_CASE,              /* [literal] link: the next case/default of the switch, or endswitch */
    IR_OP_DEFAULT,           /* link: as case */
    IR_OP_ENDSWITCH,         /* link: its switch */
    IR_OP_RET,               /* return from the subroutine, or end the program */
    IR_OP_RETC,              /* [c] */
    IR_OP_DISCARD,           /* [c] pixel only: kill the pixel when the test passes */
    IR_OP_CALL,              /* [label] link: the label instruction */
    IR_OP_CALLC,             /* [c, label] link: as call */
    IR_OP_LABEL,             /* [label] starts a subroutine; link: one past its last instruction */
    /* resources.  Operand roles per opcode: ir_tex_layout().  Texel offsets, resource dimension
     * and return type from SM5's extended opcode tokens live in the instruction. */
    IR_OP_SAMPLE,            /* [d, addr, t, s] pixel only (implicit derivatives) */
    IR_OP_SAMPLE_B,          /* [d, addr, t, s, bias] pixel only */
    IR_OP_SAMPLE_L,          /* [d, addr, t, s, lod] */
    IR_OP_SAMPLE_D,          /* [d, addr, t, s, ddx, ddy] */
    IR_OP_SAMPLE_C,          /* [d, addr, t, s, ref] pixel only; s in comparison mode */
    IR_OP_SAMPLE_C_LZ,       /* [d, addr, t, s, ref] level 0 */
    IR_OP_LD,                /* [d, addr(int; w = mip), t] */
    IR_OP_LD_MS,             /* [d, addr, t, sample] */
    IR_OP_RESINFO,           /* [d, mip(uint), t] return_type: float / rcpfloat / uint */
    IR_OP_SAMPLEINFO,        /* [d, t or rasterizer] return_type: float / uint */
    IR_OP_SAMPLEPOS,         /* [d, t or rasterizer, sample] */
    IR_OP_LOD,               /* [d, addr, t, s] pixel only */
    IR_OP_GATHER4,           /* [d, addr, t, s] */
    IR_OP_GATHER4_C,         /* [d, addr, t, s, ref] */
    IR_OP_GATHER4_PO,        /* [d, addr, offset(int2), t, s] */
    IR_OP_GATHER4_PO_C,      /* [d, addr, offset, t, s, ref] */
    /* tiled resources (WDDM 1.3): the second destination receives the residency status (may
     * be null); *_cl_* take a LOD clamp as their last source */
    IR_OP_SAMPLE_CL_S,       /* [d, status, addr, t, s, clamp] pixel only */
    IR_OP_SAMPLE_B_CL_S,     /* [d, status, addr, t, s, bias, clamp] pixel only */
    IR_OP_SAMPLE_D_CL_S,     /* [d, status, addr, t, s, ddx, ddy, clamp] */
    IR_OP_SAMPLE_C_CL_S,     /* [d, status, addr, t, s, ref, clamp] pixel only */
    IR_OP_SAMPLE_L_S,        /* [d, status, addr, t, s, lod] */
    IR_OP_SAMPLE_C_LZ_S,     /* [d, status, addr, t, s, ref] */
    IR_OP_LD_S,              /* [d, status, addr, t] */
    IR_OP_LD_MS_S,           /* [d, status, addr, t, sample] */
    IR_OP_GATHER4_S,         /* [d, status, addr, t, s] */
    IR_OP_GATHER4_C_S,       /* [d, status, addr, t, s, ref] */
    IR_OP_GATHER4_PO_S,      /* [d, status, addr, offset, t, s] */
    IR_OP_GATHER4_PO_C_S,    /* [d, status, addr, offset, t, s, ref] */
    IR_OP_CHECK_ACCESS_FULLY_MAPPED, /* [d(mask), status(uint)] */
    /* geometry programs (ir_instruction.stream names the stream; 0 for the SM4 forms) */
    IR_OP_EMIT,              /* append the current o# values as a vertex of the output strip */
    IR_OP_CUT,               /* end the current strip: the next emit starts a new one */
    IR_OP_EMIT_THEN_CUT,     /* emit, then cut */
    /* memory (IR_OPF_MEM; compute programs, issue 15).  "m" is the memory operand: t# (raw or
     * structured SRV, loads only), u# (UAV) or g# (group-shared memory).  Byte addresses and
     * offsets are uints; an access outside the view or block reads 0 / is dropped (spec
     * 5.3.4.4: out-of-bounds UAV reads return 0, writes are discarded). */
    IR_OP_LD_RAW,            /* [d, addr(byte), m] up to four dwords from addr */
    IR_OP_LD_STRUCTURED,     /* [d, index, offset(byte), m] */
    IR_OP_STORE_RAW,         /* [m (dst, mask = dwords), addr, value] */
    IR_OP_STORE_STRUCTURED,  /* [m (dst), index, offset, value] */
    IR_OP_LD_UAV_TYPED,      /* [d, addr(uint4 coordinates), u] */
    IR_OP_STORE_UAV_TYPED,   /* [u (dst), addr, value] */
    IR_OP_ATOMIC_AND, IR_OP_ATOMIC_OR, IR_OP_ATOMIC_XOR,   /* [m (dst), addr, value] */
    IR_OP_ATOMIC_CMP_STORE,  /* [m (dst), addr, cmp, value] */
    IR_OP_ATOMIC_IADD, IR_OP_ATOMIC_IMAX, IR_OP_ATOMIC_IMIN, IR_OP_ATOMIC_UMAX,
    IR_OP_ATOMIC_UMIN,
    IR_OP_IMM_ATOMIC_ALLOC,  /* [d, u (dst)] the hidden counter's value, then +1 */
    IR_OP_IMM_ATOMIC_CONSUME,/* [d, u (dst)] the counter - 1, after the decrement */
    IR_OP_IMM_ATOMIC_IADD, IR_OP_IMM_ATOMIC_AND, IR_OP_IMM_ATOMIC_OR, IR_OP_IMM_ATOMIC_XOR,
    IR_OP_IMM_ATOMIC_EXCH,   /* [d, m (dst), addr, value]: d gets the value before */
    IR_OP_IMM_ATOMIC_CMP_EXCH, /* [d, m (dst), addr, cmp, value] */
    IR_OP_IMM_ATOMIC_IMAX, IR_OP_IMM_ATOMIC_IMIN, IR_OP_IMM_ATOMIC_UMAX, IR_OP_IMM_ATOMIC_UMIN,
    IR_OP_BUFINFO,           /* [d, t or u] elements (structured/typed) or bytes (raw) */
    /* the tiled-resources forms of the loads (WDDM 1.3, SM5 "_s"): the second destination
     * (may be null) receives the residency status check_access_fully_mapped reads: 0 when
     * every dword the load took came from a mapped tile (or from no tile: outside the view,
     * g#, an untiled resource), nonzero when one came from a tile mapped to NULL */
    IR_OP_LD_RAW_S,          /* [d, status, addr(byte), m] */
    IR_OP_LD_STRUCTURED_S,   /* [d, status, index, offset(byte), m] */
    IR_OP_LD_UAV_TYPED_S,    /* [d, status, addr(uint4 coordinates), u] */
    IR_OP_SYNC,              /* ir_instruction.sync: enum ir_sync_flags (compute only) */
    /* pull-model attribute evaluation (ps_5_0; D3D11.3 functional spec 16.5, 22.4.23-25): the
     * input v# (never SV_Position; relative only inside an index range) evaluated at another
     * point of the pixel with its declaration's constant / linear / noperspective mode, its
     * centroid / sample modifier ignored; a constant input reads its own value */
    IR_OP_EVAL_SNAPPED,      /* [d, v, offset] the centre + (.x, .y) sixteenths of a pixel: the
                              * low 4 bits of each, signed (-8..7; the other bits ignored) */
    IR_OP_EVAL_SAMPLE_INDEX, /* [d, v, sample(uint)] sample `sample` of the rasterizer's
                              * pattern (out of range: undefined, 16.5.2) */
    IR_OP_EVAL_CENTROID,     /* [d, v] the pixel's centroid point (3.5.5) */
    IR_OP_FCALL,             /* [fp] interface call (SM5): the body the bound class instance's
                              * function table names at the call site.  Not executable as is:
                              * ir_class_bind() turns it into a call (ir_class.h) */
    IR_OP_COUNT
};

enum ir_op_flags {
    IR_OPF_SAT = 1u << 0,    /* may saturate (float result) */
    IR_OPF_TEST = 1u << 1,   /* has a z/nz test (ir_instruction.test) */
    IR_OPF_FLOW = 1u << 2,   /* control flow: not predicable, takes part in nesting */
    IR_OPF_PIXEL = 1u << 3,  /* pixel programs only (needs derivatives or discards) */
    IR_OPF_TEX = 1u << 4,    /* resource access: operand roles in ir_tex_layout() */
    IR_OPF_INT = 1u << 5,    /* integer/bitwise: sources read as int (literals print as int) */
    IR_OPF_GEOMETRY = 1u << 6, /* geometry programs only (emit / cut) */
    IR_OPF_MEM = 1u << 7,    /* memory instruction: operand roles in ir_mem_layout() */
    IR_OPF_COMPUTE = 1u << 8, /* compute programs only (sync) */
};

/* sync's flags (D3D11_SB_SYNC_* >> 11). */
enum ir_sync_flags {
    IR_SYNC_THREADS = 1u << 0,        /* _t: a group barrier */
    IR_SYNC_TGSM = 1u << 1,           /* _g: group-shared memory fence */
    IR_SYNC_UAV_GROUP = 1u << 2,      /* _ugroup */
    IR_SYNC_UAV_GLOBAL = 1u << 3,     /* _uglobal */
};

/* Where the roles of a memory instruction sit (-1 = absent): the memory operand m is either
 * dst[mem_dst] or src[mem_src]; the value sources address, index (structured), offset
 * (structured), cmp, value; dst[result] receives a loaded or previous value, dst[status] the
 * residency status of an _s load. */
struct ir_mem_layout {
    int8_t mem_dst, mem_src, address, index, offset, cmp, value, result;
    int8_t status;           /* the _s loads: dst[status] receives the residency status */
};
const struct ir_mem_layout *ir_mem_layout(unsigned op); /* NULL: not a memory op */

struct ir_op_info {
    const char *name;        /* fxc mnemonic, without _sat / _z / _nz suffixes */
    uint8_t dst_count, src_count;
    uint16_t flags;          /* enum ir_op_flags */
};

/* Where each role sits among the SOURCES of a resource instruction (-1 = absent); `status` is
 * the destination index of the residency status (-1 = none). */
struct ir_tex_layout {
    int8_t address, offset, resource, sampler, ref, lod, bias, ddx, ddy, clamp, sample_index;
    int8_t status;
};

enum ir_test { IR_TEST_NONE = 0, IR_TEST_Z = 1, IR_TEST_NZ = 2 };

/* resinfo / sampleinfo result format (values as D3D10_SB_RESINFO_INSTRUCTION_RETURN_TYPE). */
enum ir_return_kind { IR_RETURN_FLOAT = 0, IR_RETURN_RCPFLOAT = 1, IR_RETURN_UINT = 2 };

/* d3dbc predication: component c of each destination is written only where
 * (p[index].swizzle[c] != 0) != negate. */
struct ir_predicate {
    uint8_t active;
    uint8_t negate;
    uint8_t swizzle;
    uint32_t index;
};

struct ir_instruction {
    uint16_t op;             /* enum ir_opcode */
    uint8_t dst_count, src_count; /* must equal ir_op_info (the validator checks) */
    uint8_t saturate;        /* clamp float results to [0, 1] (only IR_OPF_SAT opcodes) */
    uint8_t test;            /* enum ir_test: IR_OPF_TEST opcodes need Z or NZ, others NONE */
    uint8_t return_type;     /* resinfo / sampleinfo: enum ir_return_kind */
    uint8_t precise_mask;    /* SM5 "precise" components (a hint: no refactoring) */
    int8_t texel_offset[3];  /* aoffimmi u, v, w in -8..7 (resource instructions only) */
    uint8_t resource_dim;    /* SM5 extended token: enum ir_resource_dim, 0 = not given */
    uint8_t resource_return[4]; /* SM5 extended token: enum ir_return_type, 0 = not given */
    uint32_t resource_stride;   /* SM5 extended token (structured buffers); 0 otherwise */
    uint8_t stream;          /* emit / cut: the output stream (SM5 *_stream forms), else 0 */
    uint8_t sync;            /* sync: enum ir_sync_flags (at least one), else 0 */
    struct ir_predicate pred;
    uint32_t link;           /* filled by ir_validate for control flow, else IR_NO_LINK */
    size_t offset;           /* byte offset of the instruction in the producer's input */
    struct ir_operand dst[IR_MAX_DST];
    struct ir_operand src[IR_MAX_SRC];
};

/* ---- declarations ------------------------------------------------------------------------- */

/* As the SM4 version token's program type. */
enum ir_shader_type {
    IR_SHADER_PIXEL = 0, IR_SHADER_VERTEX = 1, IR_SHADER_GEOMETRY = 2, IR_SHADER_HULL = 3,
    IR_SHADER_DOMAIN = 4, IR_SHADER_COMPUTE = 5,
};

/* A hull program (D3D11.3 functional spec 10.6) is a container: hs_phase IR_HS_DECLS, no
 * instructions of its own, the tessellator declarations, and its phases in hs_phases — each an
 * ordinary program of type IR_SHADER_HULL (hs_phase CONTROL_POINT, FORK or JOIN) that carries
 * copies of the container's declarations.  At most one control-point phase, first; then the
 * fork phases, then the join phases. */
enum ir_hs_phase {
    IR_HS_DECLS = 0, IR_HS_CONTROL_POINT = 1, IR_HS_FORK = 2, IR_HS_JOIN = 3,
};
#define IR_MAX_CONTROL_POINTS 32      /* D3D11_IA_PATCH_MAX_CONTROL_POINT_COUNT */
#define IR_MAX_HS_INSTANCES 128       /* fork/join instance counts (10.8.4) */

/* dcl_thread_group limits (cs_5_0: D3D11_CS_THREAD_GROUP_MAX_*). */
#define IR_CS_MAX_THREADS 1024
#define IR_CS_MAX_X 1024
#define IR_CS_MAX_Y 1024
#define IR_CS_MAX_Z 64
#define IR_CS_MAX_TGSM_BYTES 32768  /* D3D11_CS_TGSM_REGISTER_COUNT * 4 */
#define IR_MAX_UAVS 64              /* D3D11_1_UAV_SLOT_COUNT (11_1; 8 at 11_0: the device's
                                     * level check, d3d11/shader.c) */
#define IR_MAX_TGSM 32              /* g# blocks a program may declare (softd3d's bound) */
/* cs_4_0 / cs_4_1 (D3D11_CS_4_X_*; D3D11.3 18.7.2.6-18.7.2.9, "Compute Shader Overview"): at most
 * 768 x 768 x 1 and 768 threads, one UAV (u0); the group-shared limit is per thread (the 16 KiB
 * of 18.7.2.7 follow from it: ir_cs4_tgsm_bytes_per_thread). */
#define IR_CS4_MAX_THREADS 768
#define IR_CS4_MAX_X 768
#define IR_CS4_MAX_Y 768
#define IR_CS4_MAX_Z 1
#define IR_CS4_MAX_UAVS 1           /* D3D11_CS_4_X_UAV_REGISTER_COUNT */

/* Geometry programs: the input primitive (D3D10_SB_PRIMITIVE values; 5_0's patches of 1..32
 * control points are IR_GS_IN_PATCH_1 + n - 1, D3D11.3 spec 11.8.1.1) and the output topology
 * (D3D10_SB_PRIMITIVE_TOPOLOGY values a GS may declare). */
enum ir_gs_input {
    IR_GS_IN_UNDEFINED = 0, IR_GS_IN_POINT = 1, IR_GS_IN_LINE = 2, IR_GS_IN_TRIANGLE = 3,
    IR_GS_IN_LINE_ADJ = 6, IR_GS_IN_TRIANGLE_ADJ = 7, IR_GS_IN_PATCH_1 = 8, IR_GS_IN_PATCH_32 = 39,
};
enum ir_gs_output {
    IR_GS_OUT_UNDEFINED = 0, IR_GS_OUT_POINTLIST = 1, IR_GS_OUT_LINESTRIP = 3,
    IR_GS_OUT_TRIANGLESTRIP = 5,
};
#define IR_MAX_GS_VERTICES 1024  /* dcl_maxout: the D3D10 limit of 1024 vertices ... */
#define IR_MAX_GS_SCALARS 1024   /* ... and of 1024 scalars (maxout x declared components) */
#define IR_MAX_GS_INSTANCES 32   /* dcl_gsinstances (D3D11) */

enum ir_source { IR_SOURCE_TPF = 0, IR_SOURCE_D3DBC = 1, IR_SOURCE_FIXED_FUNCTION = 2 };

/* System values (D3D10_SB_NAME values). */
enum ir_sysval {
    IR_SV_NONE = 0, IR_SV_POSITION = 1, IR_SV_CLIP_DISTANCE = 2, IR_SV_CULL_DISTANCE = 3,
    IR_SV_RENDER_TARGET_ARRAY_INDEX = 4, IR_SV_VIEWPORT_ARRAY_INDEX = 5, IR_SV_VERTEX_ID = 6,
    IR_SV_PRIMITIVE_ID = 7, IR_SV_INSTANCE_ID = 8, IR_SV_IS_FRONT_FACE = 9,
    IR_SV_SAMPLE_INDEX = 10,
    /* the final TessFactors (D3D11_SB_NAME 11..22): SV_TessFactor / SV_InsideTessFactor */
    IR_SV_QUAD_EDGE_U0 = 11, IR_SV_QUAD_EDGE_V0 = 12, IR_SV_QUAD_EDGE_U1 = 13,
    IR_SV_QUAD_EDGE_V1 = 14, IR_SV_QUAD_INSIDE_U = 15, IR_SV_QUAD_INSIDE_V = 16,
    IR_SV_TRI_EDGE_U0 = 17, IR_SV_TRI_EDGE_V0 = 18, IR_SV_TRI_EDGE_W0 = 19,
    IR_SV_TRI_INSIDE = 20, IR_SV_LINE_DETAIL = 21, IR_SV_LINE_DENSITY = 22,
    IR_SV_COUNT
};

/* Pixel input interpolation (D3D10_SB_INTERPOLATION_MODE values). */
enum ir_interpolation {
    IR_INTERP_UNDEFINED = 0, IR_INTERP_CONSTANT = 1, IR_INTERP_LINEAR = 2,
    IR_INTERP_LINEAR_CENTROID = 3, IR_INTERP_LINEAR_NOPERSPECTIVE = 4,
    IR_INTERP_LINEAR_NOPERSPECTIVE_CENTROID = 5, IR_INTERP_LINEAR_SAMPLE = 6,
    IR_INTERP_LINEAR_NOPERSPECTIVE_SAMPLE = 7, IR_INTERP_COUNT
};

/* Which SM4 declaration flavour named the sysval (kept for printing; the VM reads sysval). */
enum ir_io_kind { IR_IO_PLAIN = 0, IR_IO_SIV = 1, IR_IO_SGV = 2 };

#define IR_USAGE_NONE 0xff

struct ir_io_decl {
    uint8_t file;            /* INPUT / OUTPUT, or a one-component special register
                              * (DEPTH_OUT, DEPTH_GE_OUT, DEPTH_LE_OUT, COVERAGE_OUT,
                              * INPUT_COVERAGE) with reg 0 */
    uint8_t mask;            /* components declared, 1..15 */
    uint8_t interpolation;   /* pixel inputs: enum ir_interpolation; otherwise 0 */
    uint8_t kind;            /* enum ir_io_kind */
    uint8_t usage, usage_index; /* d3dbc: D3DDECLUSAGE and its index; SM4: IR_USAGE_NONE, 0 */
    uint8_t precision;       /* enum ir_precision */
    uint8_t stream;          /* geometry outputs: the stream (dcl_stream m#) they belong to;
                              * 0 otherwise */
    uint32_t reg;
    uint32_t sysval;         /* enum ir_sysval */
    size_t offset;           /* byte offset of the declaration in the producer's input */
};

/* dcl_indexRange: registers [first, first + count) of file may be indexed relatively. */
struct ir_index_range {
    uint8_t file;            /* INPUT or OUTPUT */
    uint8_t mask;
    uint32_t first, count;
    size_t offset;
};

struct ir_cbuffer {
    uint32_t slot;
    uint32_t size;           /* vec4; 0 = unknown (any size may be bound) */
    uint8_t dynamic;         /* relative indexing allowed (SM4 "dynamicIndexed") */
    size_t offset;
};

enum ir_sampler_mode { IR_SAMPLER_DEFAULT = 0, IR_SAMPLER_COMPARISON = 1, IR_SAMPLER_MONO = 2 };

struct ir_sampler {
    uint32_t slot;
    uint8_t mode;            /* enum ir_sampler_mode */
    size_t offset;
};

/* D3D10_SB_RESOURCE_DIMENSION values. */
enum ir_resource_dim {
    IR_RES_UNKNOWN = 0, IR_RES_BUFFER = 1, IR_RES_TEXTURE1D = 2, IR_RES_TEXTURE2D = 3,
    IR_RES_TEXTURE2DMS = 4, IR_RES_TEXTURE3D = 5, IR_RES_TEXTURECUBE = 6,
    IR_RES_TEXTURE1DARRAY = 7, IR_RES_TEXTURE2DARRAY = 8, IR_RES_TEXTURE2DMSARRAY = 9,
    IR_RES_TEXTURECUBEARRAY = 10, IR_RES_RAW_BUFFER = 11, IR_RES_STRUCTURED_BUFFER = 12,
    IR_RES_COUNT
};

/* D3D10_SB_RESOURCE_RETURN_TYPE values. */
enum ir_return_type {
    IR_RET_NONE = 0, IR_RET_UNORM = 1, IR_RET_SNORM = 2, IR_RET_SINT = 3, IR_RET_UINT = 4,
    IR_RET_FLOAT = 5, IR_RET_MIXED = 6, IR_RET_DOUBLE = 7, IR_RET_CONTINUED = 8,
    IR_RET_UNUSED = 9, IR_RET_COUNT
};

struct ir_resource {
    uint32_t slot;
    uint8_t dim;             /* enum ir_resource_dim: BUFFER..TEXTURECUBEARRAY */
    uint8_t return_type[4];  /* enum ir_return_type per component */
    uint8_t sample_count;    /* TEXTURE2DMS(ARRAY): 1..127 (0 = unknown); else 0 */
    uint32_t stride;         /* STRUCTURED_BUFFER (dcl_resource_structured): bytes */
    size_t offset;
};

/* dcl_uav_typed / _raw / _structured.  dim: enum ir_resource_dim (BUFFER..TEXTURE3D for
 * typed; RAW_BUFFER, STRUCTURED_BUFFER). */
enum ir_uav_flags { IR_UAV_GLOBALLY_COHERENT = 1u << 0, IR_UAV_COUNTER = 1u << 1 };
struct ir_uav {
    uint32_t slot;
    uint8_t dim;
    uint8_t return_type[4];  /* typed: enum ir_return_type per component */
    uint8_t flags;           /* enum ir_uav_flags */
    uint32_t stride;         /* structured: bytes per element (a multiple of 4) */
    size_t offset;
};

/* dcl_tgsm_raw g#, bytes / dcl_tgsm_structured g#, stride, count. */
struct ir_tgsm {
    uint32_t reg;
    uint32_t size;           /* bytes (multiple of 4) */
    uint32_t stride;         /* 0: raw; else structured stride in bytes */
    size_t offset;
};

struct ir_indexable_temp {
    uint32_t reg;            /* x# */
    uint32_t size;           /* elements */
    uint8_t components;      /* 1..4 */
    size_t offset;
};

/* Global flags (dcl_globalFlags bits 11.., shifted down by 11). */
enum ir_global_flags {
    IR_GLOBAL_REFACTORING_ALLOWED = 1u << 0,
    IR_GLOBAL_ENABLE_DOUBLES = 1u << 1,
    IR_GLOBAL_FORCE_EARLY_DEPTH_STENCIL = 1u << 2,
    IR_GLOBAL_ENABLE_RAW_STRUCTURED_BUFFERS = 1u << 3,
    IR_GLOBAL_SKIP_OPTIMIZATION = 1u << 4,
    IR_GLOBAL_ENABLE_MIN_PRECISION = 1u << 5,
    IR_GLOBAL_ENABLE_DOUBLE_EXTENSIONS = 1u << 6,
    IR_GLOBAL_ENABLE_SHADER_EXTENSIONS = 1u << 7,
    IR_GLOBAL_ALL_RESOURCES_BOUND = 1u << 8,
};

/* d3dbc constant register files as constant buffer slots (see READ ME FIRST). */
enum { IR_D3D9_CB_FLOAT = 0, IR_D3D9_CB_INT = 1, IR_D3D9_CB_BOOL = 2 };

/* dcl_function_table ft#id = {fb#...}: the bodies, class_pool[first .. first + count). */
struct ir_function_table {
    uint32_t id, first, count;
};
/* dcl_interface(_dynamicindexed) fp#id[array_size][call_sites] = {ft#...}: slots id ..
 * id + array_size - 1; the tables a class instance of it may bring, class_pool[first ..]. */
struct ir_interface {
    uint32_t id, array_size, call_sites, first, count;
    bool dynamic;
};

#define IR_ARRAY(type, name)                                                                    \
    struct {                                                                                   \
        type *items;                                                                           \
        uint32_t count, capacity; /* capacity: private to ir.c */                              \
    } name

struct ir_program {
    uint8_t type;            /* enum ir_shader_type */
    uint8_t source;          /* enum ir_source */
    uint8_t major, minor;    /* shader model of the input (4.0, 5.0, 2.0 ...) */
    uint32_t global_flags;   /* enum ir_global_flags */

    uint32_t temp_count;     /* r0 .. r(temp_count-1) */
    uint32_t input_count;    /* v0 .. : kept by ir_program_add_input/_add_index_range */
    uint32_t output_count;   /* o0 .. : kept by ir_program_add_output/_add_index_range */
    uint32_t address_count, predicate_count; /* d3dbc a#, p# */
    bool has_loop_counter;   /* d3dbc aL */

    IR_ARRAY(struct ir_io_decl, inputs);
    IR_ARRAY(struct ir_io_decl, outputs);
    IR_ARRAY(struct ir_index_range, index_ranges);
    IR_ARRAY(struct ir_cbuffer, cbuffers);
    IR_ARRAY(struct ir_sampler, samplers);
    IR_ARRAY(struct ir_resource, resources);
    IR_ARRAY(struct ir_indexable_temp, indexable_temps);
    IR_ARRAY(uint32_t, icb); /* immediate constant buffer: 4 * icb_size values */
    uint32_t icb_size;       /* vec4 */
    size_t icb_offset;       /* where it was declared */
    IR_ARRAY(struct ir_instruction, instructions);
    /* geometry programs (zero otherwise): dcl_inputprimitive, dcl_outputtopology, dcl_maxout,
     * dcl_gsinstances (1 when not declared) */
    uint8_t gs_input, gs_output;         /* enum ir_gs_input, enum ir_gs_output */
    uint8_t gs_streams;                  /* gs_5_0: bit m of each dcl_stream m# (0: none
                                          * declared, everything is stream 0) */
    uint32_t gs_max_vertices, gs_instances;
    /* hull and domain programs (zero otherwise): the tessellator declarations (11.7.15;
     * D3D11_SB_TESSELLATOR_* values, as in pipeline/tessellator.h), the control-point counts,
     * dcl_hs_max_tessfactor (0 when absent), this phase's instance count (1 when absent), the
     * vocp / vpc registers its declarations cover, and a hull container's phases */
    uint8_t tess_domain, tess_partitioning, tess_primitive, hs_phase;
    uint32_t tess_input_cp, tess_output_cp;
    float hs_max_tessfactor;
    uint32_t hs_instances;
    uint32_t ocp_count, pc_count;
    struct ir_program *hs_phases;
    uint32_t hs_phase_count;
    /* compute programs: dcl_thread_group, dcl_uav_*, dcl_tgsm_* */
    uint32_t cs_threads[3];
    IR_ARRAY(struct ir_uav, uavs);
    IR_ARRAY(struct ir_tgsm, tgsm);
    /* class linkage (SM5 interfaces, ir_class.h): dcl_function_body, dcl_function_table,
     * dcl_interface; lists of bodies / tables live in class_pool */
    IR_ARRAY(uint32_t, function_bodies);
    IR_ARRAY(struct ir_function_table, function_tables);
    IR_ARRAY(struct ir_interface, interfaces);
    IR_ARRAY(uint32_t, class_pool);
    uint32_t interface_slots;   /* this[] registers: past the last interface's slots */
};

/* Control points (or vertices) that IR_FILE_INPUT_VERTEX indexes in this program: the input
 * primitive's vertices (geometry), tess_input_cp (hull phases, domain); 0 otherwise. */
unsigned ir_input_vertices(const struct ir_program *prog);

/* Vertices of a geometry program's input primitive (1, 2, 3, 4 or 6; 0 if undefined). */
unsigned ir_gs_input_vertices(unsigned gs_input);

/* ---- errors ------------------------------------------------------------------------------- */

enum ir_result { IR_OK = 0, IR_E_INVALID = -1, IR_E_NOMEM = -2 };

struct ir_error {
    int code;
    uint32_t instruction;    /* index of the instruction at fault, IR_NO_LINK for a declaration */
    size_t offset;           /* its byte offset in the producer's input */
    char message[200];       /* "ir: instruction 3 (add) at offset 0x2c: ...", NUL-terminated */
};

/* ---- tables ------------------------------------------------------------------------------- */

const struct ir_op_info *ir_op_get(unsigned op); /* NULL when op >= IR_OP_COUNT */
const char *ir_op_name(unsigned op);              /* "?" when unknown */
/* Roles of a resource instruction's operands; NULL for other opcodes. */
const struct ir_tex_layout *ir_tex_layout(unsigned op);
const char *ir_sysval_name(unsigned sv);          /* "position", ...; "?" when unknown */
const char *ir_resource_dim_name(unsigned dim);   /* "texture2d", ... */

/* ---- construction ------------------------------------------------------------------------- */

/* Zeroes *prog and sets the header.  Cannot fail. */
void ir_program_init(struct ir_program *prog, enum ir_shader_type type, enum ir_source source,
                     unsigned major, unsigned minor);
/* Frees every array and zeroes *prog.  Safe on a zeroed or already-freed program. */
void ir_program_free(struct ir_program *prog);

/* Append an element and return it zeroed (instructions: op, counts, identity swizzles and
 * IR_NO_LINK set), or NULL when memory runs out (the program stays valid and freeable). */
struct ir_instruction *ir_program_add_instruction(struct ir_program *prog, enum ir_opcode op);
/* Inputs/outputs also raise input_count/output_count to cover reg (for INPUT/OUTPUT files). */
struct ir_io_decl *ir_program_add_input(struct ir_program *prog, enum ir_file file, uint32_t reg,
                                        uint8_t mask);
struct ir_io_decl *ir_program_add_output(struct ir_program *prog, enum ir_file file,
                                         uint32_t reg, uint8_t mask);
struct ir_index_range *ir_program_add_index_range(struct ir_program *prog, enum ir_file file,
                                                  uint32_t first, uint32_t count, uint8_t mask);
struct ir_cbuffer *ir_program_add_cbuffer(struct ir_program *prog, uint32_t slot, uint32_t size);
struct ir_sampler *ir_program_add_sampler(struct ir_program *prog, uint32_t slot);
struct ir_resource *ir_program_add_resource(struct ir_program *prog, uint32_t slot,
                                            enum ir_resource_dim dim);
struct ir_uav *ir_program_add_uav(struct ir_program *prog, uint32_t slot, enum ir_resource_dim dim);
struct ir_tgsm *ir_program_add_tgsm(struct ir_program *prog, uint32_t reg, uint32_t size,
                                    uint32_t stride);
/* Class linkage declarations (ir_class.h); NULL when out of memory. */
uint32_t *ir_program_add_function_body(struct ir_program *prog);
struct ir_function_table *ir_program_add_function_table(struct ir_program *prog);
struct ir_interface *ir_program_add_interface(struct ir_program *prog);
uint32_t *ir_program_add_class_word(struct ir_program *prog);
struct ir_indexable_temp *ir_program_add_indexable_temp(struct ir_program *prog, uint32_t reg,
                                                        uint32_t size, uint8_t components);
/* Replaces the immediate constant buffer with vec4_count vectors copied from values.
 * Returns IR_OK, IR_E_NOMEM, or IR_E_INVALID if one is already declared. */
int ir_program_set_icb(struct ir_program *prog, const uint32_t *values, uint32_t vec4_count);

/* Operand builders (index_count follows the file; swizzle identity; no modifiers). */
struct ir_operand ir_reg(enum ir_file file, uint32_t idx0, uint32_t idx1);
struct ir_operand ir_dst(enum ir_file file, uint32_t reg, uint8_t mask);
struct ir_operand ir_src(enum ir_file file, uint32_t reg, uint8_t swizzle);
struct ir_operand ir_imm1(uint32_t value);
struct ir_operand ir_imm4(uint32_t x, uint32_t y, uint32_t z, uint32_t w);
/* Float forms of the builders, shared by the IR's generators (the d3dbc reader, the D3D9
 * fixed-function programs): a float's bit pattern, immediates of floats, and a swizzle applied
 * on top of an operand's own (component i of the result is component sel[i] of op). */
uint32_t ir_float_bits(float f);
struct ir_operand ir_immf(float f);
struct ir_operand ir_immf4(float x, float y, float z, float w);
struct ir_operand ir_swizzle_compose(struct ir_operand op, uint8_t sel);
/* How many indices an operand of this file carries (the [n] in enum ir_file); -1 if invalid. */
int ir_file_index_count(enum ir_file file);

/* ---- validation ------------------------------------------------------------------------------
 * Checks everything the VM relies on, and fills ir_instruction.link.  Returns IR_OK, or
 * IR_E_INVALID with *err (when non-NULL) naming the instruction or declaration and its offset.
 *   Declarations: counts within the IR_MAX_* limits (r# + x# elements <= IR_MAX_TEMPS);
 *     slots unique and in range; enumerations in range; io masks non-empty, not overlapping for
 *     one register, register < input/output_count; index ranges inside the register files;
 *     special outputs only in pixel programs; geometry programs: the gs_* declarations (13.2:
 *     input primitive and output topology valid, 1 <= maxout <= 1024, maxout x output
 *     scalars <= 1024, 1..32 instances), none in other programs, vPrim declared only there.
 *   Instructions: known opcode; operand counts equal the table; saturate / test only where the
 *     opcode allows; pixel-only opcodes only in pixel programs; each operand's file allowed in
 *     its position (destinations writable, resource/sampler/label operands exactly where the
 *     layout puts them, literals only as sources); index_count equals the file's; immediate
 *     indices inside the declared ranges; relative parts only where allowed (cb declared
 *     dynamic, inputs/outputs inside an index range, never on r#, s#, t#, the slot of cb# or
 *     the array of x#) and reading a declared register; write masks non-empty and within the
 *     register's components (one for oDepth/oMask); modifiers only neg/abs and only on sources;
 *     texel offsets in -8..7 and only on resource instructions; resource dimensions the
 *     opcode can access (no sample on a buffer, ld_ms only on multisampled textures, gather
 *     on 2D/cube kinds); predication never on control flow and only with p# declared;
 *     emit/cut only in geometry programs, streams 0..3 and only on them; v[vertex][reg] only in
 *     geometry programs (an immediate vertex below the primitive's count, an immediate
 *     register), plain v# never there.
 *     Not checked (the VM handles them at run time): relative indices, sampler mode vs opcode
 *     (D3D checks that at bind time), duplicate case values (the first match wins), reads of
 *     undeclared components (they read 0).
 *   Control flow: properly nested (else after if, case/default directly inside switch and the
 *     first instruction after switch, break inside a loop or switch, continue inside a loop),
 *     nesting <= IR_MAX_NESTING, every construct closed before a label and at the end;
 *     labels unique, every call target defined, no recursion, call depth <= IR_MAX_CALL_DEPTH.
 */
int ir_validate(struct ir_program *prog, struct ir_error *err);

/* ---- printing ------------------------------------------------------------------------------
 * fxc-like text: a "vs_4_0" line, the declarations (canonical order: global flags, icb,
 * constant buffers, samplers, resources, inputs, outputs, index ranges, temps, indexable temps)
 * then one instruction per line.  Used for --ir dumps and tests.  The string form returns a
 * malloc'd NUL-terminated text (NULL when memory runs out). */
char *ir_print_to_string(const struct ir_program *prog);
int ir_print(const struct ir_program *prog, FILE *out); /* 0, or -1 on write/memory failure */
/* One operand as the printer writes it, into buf (always NUL-terminated, truncated to size). */
void ir_format_operand(const struct ir_operand *op, bool is_dst, bool int_literals, char *buf,
                       size_t size);

#endif /* SOFTD3D_SHADER_IR_H */
