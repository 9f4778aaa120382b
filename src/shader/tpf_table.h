/* src/shader/tpf_table.h — the tables of the SM4/SM5 token format ("tokenized program format")
 * that its three users share: the decoder (tpf.c), the assembler (tpf_asm.c) and the
 * disassembler (tpf_dis.c).  One table per fact, so the three cannot disagree on a mnemonic, an
 * operand count or a name.
 *
 * The token layouts themselves are described at the top of tpf.c; the fields named here are:
 *   opcode token    bits 0-10 opcode, 11-23 controls, 24-30 length in tokens, 31 extended
 *   operand token   bits 0-1 components (0, 1, 2 = four), 2-3 selection mode (mask, swizzle,
 *                   select-1), 4-11 the mask / swizzle / component, 12-19 operand type, 20-21
 *                   index dimension, 22-30 three index representations of 3 bits, 31 extended
 * Values are D3D10_SB_* / D3D11_SB_* facts from Microsoft's d3d11tokenizedprogramformat.hpp.
 */
#ifndef SOFTD3D_SHADER_TPF_TABLE_H
#define SOFTD3D_SHADER_TPF_TABLE_H

#include <stddef.h>
#include <stdint.h>

/* ---- opcodes ------------------------------------------------------------------------------- */

enum tpf_opcode_kind {
    TPF_KIND_UNKNOWN = 0,       /* not defined by the format (reserved values, > 234) */
    TPF_KIND_INSTRUCTION,       /* decoded generically: ir_op with dst_count + src_count operands */
    TPF_KIND_DECLARATION,       /* decoded by its own routine into the program's tables */
    TPF_KIND_CUSTOMDATA,        /* 0x35: length in the next token, not in the opcode token */
    TPF_KIND_UNSUPPORTED,       /* defined by the format, refused */
};

/* Opcode table flags. */
enum tpf_opcode_flags {
    TPF_F_TEST = 1u << 0,       /* bit 18: test nonzero (else zero); mnemonic suffix _nz / _z */
    TPF_F_SM41 = 1u << 1,       /* needs shader model 4.1 */
    TPF_F_SM5 = 1u << 2,        /* needs shader model 5.0 */
    TPF_F_RESINFO = 1u << 3,    /* bits 11-12: resinfo return type (_rcpFloat 1, _uint 2) */
    TPF_F_SAMPLEINFO = 1u << 4, /* bit 11: sampleinfo returns uint (_uint) */
    TPF_F_STREAM = 1u << 5,     /* one m# operand first: the stream (ir_instruction.stream) */
    TPF_F_SYNC = 1u << 6,       /* bits 11-14: sync flags (ir_instruction.sync) */
    TPF_F_FCALL = 1u << 7,      /* fcall: the call site (one token) precedes the fp# operand */
};

struct tpf_opcode_info {
    const char *name;           /* fxc mnemonic */
    int16_t ir_op;              /* enum ir_opcode, -1 unless TPF_KIND_INSTRUCTION */
    uint8_t kind;               /* enum tpf_opcode_kind */
    uint8_t dst_count, src_count;
    uint8_t flags;              /* enum tpf_opcode_flags */
    const char *why;            /* TPF_KIND_UNSUPPORTED: what it belongs to */
};

#define TPF_OPCODE_COUNT 235    /* D3D10_SB_OPCODE_TYPE values 0..234 */

/* The entry for an opcode (bits 0-10 of an opcode token); kind TPF_KIND_UNKNOWN past the end. */
const struct tpf_opcode_info *tpf_opcode_get(unsigned opcode);
/* The opcode whose mnemonic is name[0..len) (ASCII case-insensitive), or -1. */
int tpf_opcode_find(const char *name, size_t len);

/* Opcode numbers the users refer to by name. */
enum tpf_opcode_number {
    TPF_OP_RESINFO = 0x3d,
    TPF_OP_CUSTOMDATA = 0x35,
    TPF_OP_DCL_RESOURCE = 0x58, TPF_OP_DCL_CONSTANT_BUFFER = 0x59, TPF_OP_DCL_SAMPLER = 0x5a,
    TPF_OP_DCL_INDEX_RANGE = 0x5b,
    TPF_OP_DCL_INPUT = 0x5f, TPF_OP_DCL_INPUT_SGV = 0x60, TPF_OP_DCL_INPUT_SIV = 0x61,
    TPF_OP_DCL_INPUT_PS = 0x62, TPF_OP_DCL_INPUT_PS_SGV = 0x63, TPF_OP_DCL_INPUT_PS_SIV = 0x64,
    TPF_OP_DCL_OUTPUT = 0x65, TPF_OP_DCL_OUTPUT_SGV = 0x66, TPF_OP_DCL_OUTPUT_SIV = 0x67,
    TPF_OP_DCL_TEMPS = 0x68, TPF_OP_DCL_INDEXABLE_TEMP = 0x69, TPF_OP_DCL_GLOBAL_FLAGS = 0x6a,
    TPF_OP_SAMPLEINFO = 0x6f,
    TPF_OP_DCL_OUTPUT_TOPOLOGY = 0x5c, TPF_OP_DCL_INPUT_PRIMITIVE = 0x5d, TPF_OP_DCL_MAXOUT = 0x5e,
    TPF_OP_DCL_STREAM = 0x8f, TPF_OP_DCL_GS_INSTANCES = 0xce,
    TPF_OP_DCL_THREAD_GROUP = 0x9b, TPF_OP_DCL_UAV_TYPED = 0x9c, TPF_OP_DCL_UAV_RAW = 0x9d,
    TPF_OP_DCL_UAV_STRUCTURED = 0x9e, TPF_OP_DCL_TGSM_RAW = 0x9f,
    TPF_OP_DCL_TGSM_STRUCTURED = 0xa0, TPF_OP_DCL_RESOURCE_RAW = 0xa1,
    TPF_OP_DCL_RESOURCE_STRUCTURED = 0xa2, TPF_OP_LD_RAW = 0xa5, TPF_OP_STORE_RAW = 0xa6,
    TPF_OP_LD_STRUCTURED = 0xa7, TPF_OP_STORE_STRUCTURED = 0xa8, TPF_OP_SYNC = 0xbe,
    TPF_OP_FCALL = 0x78, TPF_OP_DCL_FUNCTION_BODY = 0x90, TPF_OP_DCL_FUNCTION_TABLE = 0x91,
    TPF_OP_DCL_INTERFACE = 0x92,
};

/* dcl_interface control (bit 11): dcl_interface_dynamicindexed. */
#define TPF_INTERFACE_DYNAMIC (1u << 11)

/* dcl_uav_* controls (D3D11_SB_GLOBALLY_COHERENT_ACCESS, _UAV_HAS_ORDER_PRESERVING_COUNTER). */
#define TPF_UAV_GLOBALLY_COHERENT (1u << 16)
#define TPF_UAV_COUNTER (1u << 23)
#define TPF_SYNC_SHIFT 11

/* Customdata classes (D3D10_SB_CUSTOMDATA_CLASS). */
enum { TPF_CUSTOMDATA_ICB = 3 };

/* Opcode token fields. */
#define TPF_OPCODE_MASK 0x7ffu
#define TPF_CONTROLS_MASK 0x00fff800u
#define TPF_SATURATE_BIT (1u << 13)
#define TPF_TEST_NZ_BIT (1u << 18)
#define TPF_PRECISE_SHIFT 19    /* SM5: 4 bits, the components marked precise */
#define TPF_LENGTH_SHIFT 24
#define TPF_EXTENDED_BIT (1u << 31)

/* Extended opcode token types (bits 0-5). */
enum { TPF_EXT_SAMPLE_CONTROLS = 1, TPF_EXT_RESOURCE_DIM = 2, TPF_EXT_RETURN_TYPE = 3 };

/* ---- operands ------------------------------------------------------------------------------- */

/* Operand types (D3D10_SB_OPERAND_TYPE) of vertex and pixel programs. */
enum tpf_operand_type {
    TPF_OPERAND_TEMP = 0, TPF_OPERAND_INPUT = 1, TPF_OPERAND_OUTPUT = 2,
    TPF_OPERAND_INDEXABLE_TEMP = 3, TPF_OPERAND_IMMEDIATE32 = 4, TPF_OPERAND_IMMEDIATE64 = 5,
    TPF_OPERAND_SAMPLER = 6, TPF_OPERAND_RESOURCE = 7, TPF_OPERAND_CONSTANT_BUFFER = 8,
    TPF_OPERAND_IMMEDIATE_CB = 9, TPF_OPERAND_LABEL = 10, TPF_OPERAND_PRIMITIVE_ID = 11,
    TPF_OPERAND_DEPTH = 12,
    TPF_OPERAND_NULL = 13, TPF_OPERAND_RASTERIZER = 14, TPF_OPERAND_COVERAGE_MASK = 15,
    TPF_OPERAND_STREAM = 16, TPF_OPERAND_FUNCTION_BODY = 17, TPF_OPERAND_FUNCTION_TABLE = 18,
    TPF_OPERAND_INTERFACE = 19, TPF_OPERAND_THIS_POINTER = 29,
    TPF_OPERAND_OUTPUT_CONTROL_POINT_ID = 22, TPF_OPERAND_FORK_INSTANCE_ID = 23,
    TPF_OPERAND_JOIN_INSTANCE_ID = 24, TPF_OPERAND_INPUT_CONTROL_POINT = 25,
    TPF_OPERAND_OUTPUT_CONTROL_POINT = 26, TPF_OPERAND_INPUT_PATCH_CONSTANT = 27,
    TPF_OPERAND_INPUT_DOMAIN_POINT = 28,
    TPF_OPERAND_UAV = 30, TPF_OPERAND_TGSM = 31, TPF_OPERAND_THREAD_ID = 32,
    TPF_OPERAND_THREAD_GROUP_ID = 33, TPF_OPERAND_THREAD_ID_IN_GROUP = 34,
    TPF_OPERAND_THREAD_ID_IN_GROUP_FLAT = 36, TPF_OPERAND_GS_INSTANCE_ID = 37,
    TPF_OPERAND_INPUT_COVERAGE = 35, TPF_OPERAND_DEPTH_GE = 38, TPF_OPERAND_DEPTH_LE = 39,
};

/* How an operand type is written in a listing. */
enum tpf_operand_shape {
    TPF_SHAPE_VECTOR = 0,       /* r0.xyzw: a 4-component register with a mask or swizzle */
    TPF_SHAPE_SCALAR,           /* oDepth, oMask, vCoverage: one component, no suffix */
    TPF_SHAPE_NONE,             /* s0, l0, null: no components (s# may take a swizzle) */
};

struct tpf_operand_name {
    const char *prefix;         /* "r", "cb", "oDepth" ... (matched case-insensitively) */
    uint8_t type;               /* enum tpf_operand_type */
    uint8_t dims;               /* index dimension: 0, 1 (r0) or 2 (cb0[3]) */
    uint8_t shape;              /* enum tpf_operand_shape */
};

/* The listing name of an operand type; NULL for types the listings here do not write. */
const struct tpf_operand_name *tpf_operand_by_type(unsigned type);
/* The operand type whose prefix is name[0..len) exactly; NULL if none. */
const struct tpf_operand_name *tpf_operand_by_prefix(const char *name, size_t len);

/* ---- names ---------------------------------------------------------------------------------- */

/* A name table: names[i] is the spelling of value i (NULL: no name). */
struct tpf_names {
    const char *const *names;
    unsigned count;
};

/* System values (D3D10_SB_NAME) as dcl_*_siv / _sgv write them: "position" ... */
extern const struct tpf_names tpf_sysval_names;
/* dcl_inputprimitive / dcl_outputtopology names (point, triangleadj / trianglestrip...) */
extern const struct tpf_names tpf_gs_input_names;
extern const struct tpf_names tpf_gs_output_names;
/* dcl_tessellator_domain / _partitioning / _output_primitive words (D3D11_SB_TESSELLATOR_*) */
extern const struct tpf_names tpf_tess_domain_names;
extern const struct tpf_names tpf_tess_partitioning_names;
extern const struct tpf_names tpf_tess_primitive_names;
/* Pixel input interpolation (D3D10_SB_INTERPOLATION_MODE): "constant", "linear centroid" ... */
extern const struct tpf_names tpf_interpolation_names;
/* Resource dimensions (D3D10_SB_RESOURCE_DIMENSION): "buffer", "texture2d" ... */
extern const struct tpf_names tpf_resource_dim_names;
/* Resource return types (D3D10_SB_RESOURCE_RETURN_TYPE): "unorm", "float" ... */
extern const struct tpf_names tpf_return_type_names;
/* dcl_globalFlags bits (from bit 0 = bit 11 of the token): "refactoringAllowed" ... */
extern const struct tpf_names tpf_global_flag_names;
/* dcl_sampler modes: "mode_default", "mode_comparison", "mode_mono". */
extern const struct tpf_names tpf_sampler_mode_names;

/* The name of value v, or NULL. */
const char *tpf_name(const struct tpf_names *t, unsigned v);
/* The value named s[0..len) (ASCII case-insensitive), or -1. */
int tpf_name_find(const struct tpf_names *t, const char *s, size_t len);

#endif /* SOFTD3D_SHADER_TPF_TABLE_H */
