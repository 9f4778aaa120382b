/* src/shader/tpf_table.c — the SM4/SM5 opcode table and the name tables (see tpf_table.h).
 *
 * The opcode table is {opcode, name, IR opcode, destinations, sources, flags}, in the order of
 * D3D10_SB_OPCODE_TYPE; the operand counts equal ir_op_info's (test_tpf checks).  Mnemonics are
 * fxc's.  Declarations are decoded by their own routines in tpf.c (named in the D() entries for
 * the reader) and written by tpf_asm.c / tpf_dis.c.
 */
#include "shader/tpf_table.h"

#include "shader/ir.h"

#include <string.h>

#define I(code, n, ir, d, s, f) [code] = {n, IR_OP_##ir, TPF_KIND_INSTRUCTION, d, s, f, NULL}
/* D: a declaration; the third argument names tpf.c's routine for it. */
#define D(code, n, fn) [code] = {n, -1, TPF_KIND_DECLARATION, 0, 0, 0, NULL}
#define U(code, n, w) [code] = {n, -1, TPF_KIND_UNSUPPORTED, 0, 0, 0, w}

static const struct tpf_opcode_info opcodes[TPF_OPCODE_COUNT] = {
    I(0x00, "add", ADD, 1, 2, 0),
    I(0x01, "and", AND, 1, 2, 0),
    I(0x02, "break", BREAK, 0, 0, 0),
    I(0x03, "breakc", BREAKC, 0, 1, TPF_F_TEST),
    I(0x04, "call", CALL, 0, 1, 0),
    I(0x05, "callc", CALLC, 0, 2, TPF_F_TEST),
    I(0x06, "case", CASE, 0, 1, 0),
    I(0x07, "continue", CONTINUE, 0, 0, 0),
    I(0x08, "continuec", CONTINUEC, 0, 1, TPF_F_TEST),
    I(0x09, "cut", CUT, 0, 0, 0),
    I(0x0a, "default", DEFAULT, 0, 0, 0),
    I(0x0b, "deriv_rtx", DERIV_RTX, 1, 1, 0),
    I(0x0c, "deriv_rty", DERIV_RTY, 1, 1, 0),
    I(0x0d, "discard", DISCARD, 0, 1, TPF_F_TEST),
    I(0x0e, "div", DIV, 1, 2, 0),
    I(0x0f, "dp2", DP2, 1, 2, 0),
    I(0x10, "dp3", DP3, 1, 2, 0),
    I(0x11, "dp4", DP4, 1, 2, 0),
    I(0x12, "else", ELSE, 0, 0, 0),
    I(0x13, "emit", EMIT, 0, 0, 0),
    I(0x14, "emit_then_cut", EMIT_THEN_CUT, 0, 0, 0),
    I(0x15, "endif", ENDIF, 0, 0, 0),
    I(0x16, "endloop", ENDLOOP, 0, 0, 0),
    I(0x17, "endswitch", ENDSWITCH, 0, 0, 0),
    I(0x18, "eq", EQ, 1, 2, 0),
    I(0x19, "exp", EXP, 1, 1, 0),
    I(0x1a, "frc", FRC, 1, 1, 0),
    I(0x1b, "ftoi", FTOI, 1, 1, 0),
    I(0x1c, "ftou", FTOU, 1, 1, 0),
    I(0x1d, "ge", GE, 1, 2, 0),
    I(0x1e, "iadd", IADD, 1, 2, 0),
    I(0x1f, "if", IF, 0, 1, TPF_F_TEST),
    I(0x20, "ieq", IEQ, 1, 2, 0),
    I(0x21, "ige", IGE, 1, 2, 0),
    I(0x22, "ilt", ILT, 1, 2, 0),
    I(0x23, "imad", IMAD, 1, 3, 0),
    I(0x24, "imax", IMAX, 1, 2, 0),
    I(0x25, "imin", IMIN, 1, 2, 0),
    I(0x26, "imul", IMUL, 2, 2, 0),
    I(0x27, "ine", INE, 1, 2, 0),
    I(0x28, "ineg", INEG, 1, 1, 0),
    I(0x29, "ishl", ISHL, 1, 2, 0),
    I(0x2a, "ishr", ISHR, 1, 2, 0),
    I(0x2b, "itof", ITOF, 1, 1, 0),
    I(0x2c, "label", LABEL, 0, 1, 0),
    I(0x2d, "ld", LD, 1, 2, 0),
    I(0x2e, "ld_ms", LD_MS, 1, 3, 0),
    I(0x2f, "log", LOG, 1, 1, 0),
    I(0x30, "loop", LOOP, 0, 0, 0),
    I(0x31, "lt", LT, 1, 2, 0),
    I(0x32, "mad", MAD, 1, 3, 0),
    I(0x33, "min", MIN, 1, 2, 0),
    I(0x34, "max", MAX, 1, 2, 0),
    [0x35] = {"customdata", -1, TPF_KIND_CUSTOMDATA, 0, 0, 0, NULL},
    I(0x36, "mov", MOV, 1, 1, 0),
    I(0x37, "movc", MOVC, 1, 3, 0),
    I(0x38, "mul", MUL, 1, 2, 0),
    I(0x39, "ne", NE, 1, 2, 0),
    I(0x3a, "nop", NOP, 0, 0, 0),
    I(0x3b, "not", NOT, 1, 1, 0),
    I(0x3c, "or", OR, 1, 2, 0),
    I(0x3d, "resinfo", RESINFO, 1, 2, TPF_F_RESINFO),
    I(0x3e, "ret", RET, 0, 0, 0),
    I(0x3f, "retc", RETC, 0, 1, TPF_F_TEST),
    I(0x40, "round_ne", ROUND_NE, 1, 1, 0),
    I(0x41, "round_ni", ROUND_NI, 1, 1, 0),
    I(0x42, "round_pi", ROUND_PI, 1, 1, 0),
    I(0x43, "round_z", ROUND_Z, 1, 1, 0),
    I(0x44, "rsq", RSQ, 1, 1, 0),
    I(0x45, "sample", SAMPLE, 1, 3, 0),
    I(0x46, "sample_c", SAMPLE_C, 1, 4, 0),
    I(0x47, "sample_c_lz", SAMPLE_C_LZ, 1, 4, 0),
    I(0x48, "sample_l", SAMPLE_L, 1, 4, 0),
    I(0x49, "sample_d", SAMPLE_D, 1, 5, 0),
    I(0x4a, "sample_b", SAMPLE_B, 1, 4, 0),
    I(0x4b, "sqrt", SQRT, 1, 1, 0),
    I(0x4c, "switch", SWITCH, 0, 1, 0),
    I(0x4d, "sincos", SINCOS, 2, 1, 0),
    I(0x4e, "udiv", UDIV, 2, 2, 0),
    I(0x4f, "ult", ULT, 1, 2, 0),
    I(0x50, "uge", UGE, 1, 2, 0),
    I(0x51, "umul", UMUL, 2, 2, 0),
    I(0x52, "umad", UMAD, 1, 3, 0),
    I(0x53, "umax", UMAX, 1, 2, 0),
    I(0x54, "umin", UMIN, 1, 2, 0),
    I(0x55, "ushr", USHR, 1, 2, 0),
    I(0x56, "utof", UTOF, 1, 1, 0),
    I(0x57, "xor", XOR, 1, 2, 0),
    D(0x58, "dcl_resource", dcl_resource),
    D(0x59, "dcl_constantbuffer", dcl_constant_buffer),
    D(0x5a, "dcl_sampler", dcl_sampler),
    D(0x5b, "dcl_indexRange", dcl_index_range),
    D(0x5c, "dcl_outputtopology", dcl_gs),
    D(0x5d, "dcl_inputprimitive", dcl_gs),
    D(0x5e, "dcl_maxout", dcl_gs),
    D(0x5f, "dcl_input", dcl_io),
    D(0x60, "dcl_input_sgv", dcl_io),
    D(0x61, "dcl_input_siv", dcl_io),
    D(0x62, "dcl_input_ps", dcl_io),
    D(0x63, "dcl_input_ps_sgv", dcl_io),
    D(0x64, "dcl_input_ps_siv", dcl_io),
    D(0x65, "dcl_output", dcl_io),
    D(0x66, "dcl_output_sgv", dcl_io),
    D(0x67, "dcl_output_siv", dcl_io),
    D(0x68, "dcl_temps", dcl_temps),
    D(0x69, "dcl_indexableTemp", dcl_indexable_temp),
    D(0x6a, "dcl_globalFlags", dcl_global_flags),
    /* 0x6b reserved */
    I(0x6c, "lod", LOD, 1, 3, TPF_F_SM41),
    I(0x6d, "gather4", GATHER4, 1, 3, TPF_F_SM41),
    I(0x6e, "samplepos", SAMPLEPOS, 1, 2, TPF_F_SM41),
    I(0x6f, "sampleinfo", SAMPLEINFO, 1, 1, TPF_F_SM41|TPF_F_SAMPLEINFO),
    /* 0x70 reserved */
    U(0x71, "hs_decls", "only as a phase boundary of a hull program"),
    U(0x72, "hs_control_point_phase", "only as a phase boundary of a hull program"),
    U(0x73, "hs_fork_phase", "only as a phase boundary of a hull program"),
    U(0x74, "hs_join_phase", "only as a phase boundary of a hull program"),
    I(0x75, "emit_stream", EMIT, 0, 0, TPF_F_SM5|TPF_F_STREAM),
    I(0x76, "cut_stream", CUT, 0, 0, TPF_F_SM5|TPF_F_STREAM),
    I(0x77, "emit_then_cut_stream", EMIT_THEN_CUT, 0, 0, TPF_F_SM5|TPF_F_STREAM),
    I(0x78, "fcall", FCALL, 0, 1, TPF_F_SM5|TPF_F_FCALL),
    I(0x79, "bufinfo", BUFINFO, 1, 1, TPF_F_SM5),
    I(0x7a, "deriv_rtx_coarse", DERIV_RTX_COARSE, 1, 1, TPF_F_SM5),
    I(0x7b, "deriv_rtx_fine", DERIV_RTX_FINE, 1, 1, TPF_F_SM5),
    I(0x7c, "deriv_rty_coarse", DERIV_RTY_COARSE, 1, 1, TPF_F_SM5),
    I(0x7d, "deriv_rty_fine", DERIV_RTY_FINE, 1, 1, TPF_F_SM5),
    I(0x7e, "gather4_c", GATHER4_C, 1, 4, TPF_F_SM5),
    I(0x7f, "gather4_po", GATHER4_PO, 1, 4, TPF_F_SM5),
    I(0x80, "gather4_po_c", GATHER4_PO_C, 1, 5, TPF_F_SM5),
    I(0x81, "rcp", RCP, 1, 1, TPF_F_SM5),
    I(0x82, "f32tof16", F32TOF16, 1, 1, TPF_F_SM5),
    I(0x83, "f16tof32", F16TOF32, 1, 1, TPF_F_SM5),
    I(0x84, "uaddc", UADDC, 2, 2, TPF_F_SM5),
    I(0x85, "usubb", USUBB, 2, 2, TPF_F_SM5),
    I(0x86, "countbits", COUNTBITS, 1, 1, TPF_F_SM5),
    I(0x87, "firstbit_hi", FIRSTBIT_HI, 1, 1, TPF_F_SM5),
    I(0x88, "firstbit_lo", FIRSTBIT_LO, 1, 1, TPF_F_SM5),
    I(0x89, "firstbit_shi", FIRSTBIT_SHI, 1, 1, TPF_F_SM5),
    I(0x8a, "ubfe", UBFE, 1, 3, TPF_F_SM5),
    I(0x8b, "ibfe", IBFE, 1, 3, TPF_F_SM5),
    I(0x8c, "bfi", BFI, 1, 4, TPF_F_SM5),
    I(0x8d, "bfrev", BFREV, 1, 1, TPF_F_SM5),
    I(0x8e, "swapc", SWAPC, 2, 3, TPF_F_SM5),
    D(0x8f, "dcl_stream", dcl_gs),
    D(0x90, "dcl_function_body", dcl_class),
    D(0x91, "dcl_function_table", dcl_class),
    D(0x92, "dcl_interface", dcl_class),
    D(0x93, "dcl_input_control_point_count", dcl_tess),
    D(0x94, "dcl_output_control_point_count", dcl_tess),
    D(0x95, "dcl_tessellator_domain", dcl_tess),
    D(0x96, "dcl_tessellator_partitioning", dcl_tess),
    D(0x97, "dcl_tessellator_output_primitive", dcl_tess),
    D(0x98, "dcl_hs_max_tessfactor", dcl_tess),
    D(0x99, "dcl_hs_fork_phase_instance_count", dcl_tess),
    D(0x9a, "dcl_hs_join_phase_instance_count", dcl_tess),
    D(0x9b, "dcl_thread_group", dcl_compute),
    D(0x9c, "dcl_uav_typed", dcl_compute),
    D(0x9d, "dcl_uav_raw", dcl_compute),
    D(0x9e, "dcl_uav_structured", dcl_compute),
    D(0x9f, "dcl_tgsm_raw", dcl_compute),
    D(0xa0, "dcl_tgsm_structured", dcl_compute),
    D(0xa1, "dcl_resource_raw", dcl_compute),
    D(0xa2, "dcl_resource_structured", dcl_compute),
    I(0xa3, "ld_uav_typed", LD_UAV_TYPED, 1, 2, TPF_F_SM5),
    I(0xa4, "store_uav_typed", STORE_UAV_TYPED, 1, 2, TPF_F_SM5),
    I(0xa5, "ld_raw", LD_RAW, 1, 2, TPF_F_SM5),
    I(0xa6, "store_raw", STORE_RAW, 1, 2, TPF_F_SM5),
    I(0xa7, "ld_structured", LD_STRUCTURED, 1, 3, TPF_F_SM5),
    I(0xa8, "store_structured", STORE_STRUCTURED, 1, 3, TPF_F_SM5),
    I(0xa9, "atomic_and", ATOMIC_AND, 1, 2, TPF_F_SM5),
    I(0xaa, "atomic_or", ATOMIC_OR, 1, 2, TPF_F_SM5),
    I(0xab, "atomic_xor", ATOMIC_XOR, 1, 2, TPF_F_SM5),
    I(0xac, "atomic_cmp_store", ATOMIC_CMP_STORE, 1, 3, TPF_F_SM5),
    I(0xad, "atomic_iadd", ATOMIC_IADD, 1, 2, TPF_F_SM5),
    I(0xae, "atomic_imax", ATOMIC_IMAX, 1, 2, TPF_F_SM5),
    I(0xaf, "atomic_imin", ATOMIC_IMIN, 1, 2, TPF_F_SM5),
    I(0xb0, "atomic_umax", ATOMIC_UMAX, 1, 2, TPF_F_SM5),
    I(0xb1, "atomic_umin", ATOMIC_UMIN, 1, 2, TPF_F_SM5),
    I(0xb2, "imm_atomic_alloc", IMM_ATOMIC_ALLOC, 2, 0, TPF_F_SM5),
    I(0xb3, "imm_atomic_consume", IMM_ATOMIC_CONSUME, 2, 0, TPF_F_SM5),
    I(0xb4, "imm_atomic_iadd", IMM_ATOMIC_IADD, 2, 2, TPF_F_SM5),
    I(0xb5, "imm_atomic_and", IMM_ATOMIC_AND, 2, 2, TPF_F_SM5),
    I(0xb6, "imm_atomic_or", IMM_ATOMIC_OR, 2, 2, TPF_F_SM5),
    I(0xb7, "imm_atomic_xor", IMM_ATOMIC_XOR, 2, 2, TPF_F_SM5),
    I(0xb8, "imm_atomic_exch", IMM_ATOMIC_EXCH, 2, 2, TPF_F_SM5),
    I(0xb9, "imm_atomic_cmp_exch", IMM_ATOMIC_CMP_EXCH, 2, 3, TPF_F_SM5),
    I(0xba, "imm_atomic_imax", IMM_ATOMIC_IMAX, 2, 2, TPF_F_SM5),
    I(0xbb, "imm_atomic_imin", IMM_ATOMIC_IMIN, 2, 2, TPF_F_SM5),
    I(0xbc, "imm_atomic_umax", IMM_ATOMIC_UMAX, 2, 2, TPF_F_SM5),
    I(0xbd, "imm_atomic_umin", IMM_ATOMIC_UMIN, 2, 2, TPF_F_SM5),
    I(0xbe, "sync", SYNC, 0, 0, TPF_F_SM5|TPF_F_SYNC),
    U(0xbf, "dadd", "double precision"),
    U(0xc0, "dmax", "double precision"),
    U(0xc1, "dmin", "double precision"),
    U(0xc2, "dmul", "double precision"),
    U(0xc3, "deq", "double precision"),
    U(0xc4, "dge", "double precision"),
    U(0xc5, "dlt", "double precision"),
    U(0xc6, "dne", "double precision"),
    U(0xc7, "dmov", "double precision"),
    U(0xc8, "dmovc", "double precision"),
    U(0xc9, "dtof", "double precision"),
    U(0xca, "ftod", "double precision"),
    I(0xcb, "eval_snapped", EVAL_SNAPPED, 1, 2, TPF_F_SM5),
    I(0xcc, "eval_sample_index", EVAL_SAMPLE_INDEX, 1, 2, TPF_F_SM5),
    I(0xcd, "eval_centroid", EVAL_CENTROID, 1, 1, TPF_F_SM5),
    D(0xce, "dcl_gsinstances", dcl_gs),
    U(0xcf, "abort", "debug layer"),
    U(0xd0, "debug_break", "debug layer"),
    /* 0xd1 reserved */
    U(0xd2, "ddiv", "double precision"),
    U(0xd3, "dfma", "double precision"),
    U(0xd4, "drcp", "double precision"),
    U(0xd5, "msad", "msad"),
    U(0xd6, "dtoi", "double precision"),
    U(0xd7, "dtou", "double precision"),
    U(0xd8, "itod", "double precision"),
    U(0xd9, "utod", "double precision"),
    /* 0xda reserved */
    I(0xdb, "gather4_s", GATHER4_S, 2, 3, TPF_F_SM5),
    I(0xdc, "gather4_c_s", GATHER4_C_S, 2, 4, TPF_F_SM5),
    I(0xdd, "gather4_po_s", GATHER4_PO_S, 2, 4, TPF_F_SM5),
    I(0xde, "gather4_po_c_s", GATHER4_PO_C_S, 2, 5, TPF_F_SM5),
    I(0xdf, "ld_s", LD_S, 2, 2, TPF_F_SM5),
    I(0xe0, "ld2dms_s", LD_MS_S, 2, 3, TPF_F_SM5),
    I(0xe1, "ld_uav_typed_s", LD_UAV_TYPED_S, 2, 2, TPF_F_SM5),
    I(0xe2, "ld_raw_s", LD_RAW_S, 2, 2, TPF_F_SM5),
    I(0xe3, "ld_structured_s", LD_STRUCTURED_S, 2, 3, TPF_F_SM5),
    I(0xe4, "sample_l_s", SAMPLE_L_S, 2, 4, TPF_F_SM5),
    I(0xe5, "sample_c_lz_s", SAMPLE_C_LZ_S, 2, 4, TPF_F_SM5),
    I(0xe6, "sample_cl_s", SAMPLE_CL_S, 2, 4, TPF_F_SM5),
    I(0xe7, "sample_b_cl_s", SAMPLE_B_CL_S, 2, 5, TPF_F_SM5),
    I(0xe8, "sample_d_cl_s", SAMPLE_D_CL_S, 2, 6, TPF_F_SM5),
    I(0xe9, "sample_c_cl_s", SAMPLE_C_CL_S, 2, 5, TPF_F_SM5),
    I(0xea, "check_access_fully_mapped", CHECK_ACCESS_FULLY_MAPPED, 1, 1, TPF_F_SM5),
};

#undef I
#undef D
#undef U

const struct tpf_opcode_info *tpf_opcode_get(unsigned opcode)
{
    static const struct tpf_opcode_info unknown = {NULL, -1, TPF_KIND_UNKNOWN, 0, 0, 0, NULL};
    if (opcode >= TPF_OPCODE_COUNT || opcodes[opcode].kind == TPF_KIND_UNKNOWN)
        return &unknown;
    return &opcodes[opcode];
}

/* ASCII case-insensitive comparison of s[0..len) with the NUL-terminated name. */
static int same_name(const char *s, size_t len, const char *name)
{
    size_t i;
    for (i = 0; i < len; i++) {
        unsigned char a = (unsigned char)s[i], b = (unsigned char)name[i];
        if (!b)
            return 0;
        if (a >= 'A' && a <= 'Z')
            a = (unsigned char)(a - 'A' + 'a');
        if (b >= 'A' && b <= 'Z')
            b = (unsigned char)(b - 'A' + 'a');
        if (a != b)
            return 0;
    }
    return name[len] == '\0';
}

int tpf_opcode_find(const char *name, size_t len)
{
    for (unsigned i = 0; i < TPF_OPCODE_COUNT; i++)
        if (opcodes[i].name && same_name(name, len, opcodes[i].name))
            return (int)i;
    return -1;
}

/* ---- operands --------------------------------------------------------------------------------- */

static const struct tpf_operand_name operands[] = {
    {"r", TPF_OPERAND_TEMP, 1, TPF_SHAPE_VECTOR},
    {"v", TPF_OPERAND_INPUT, 1, TPF_SHAPE_VECTOR},
    {"o", TPF_OPERAND_OUTPUT, 1, TPF_SHAPE_VECTOR},
    {"x", TPF_OPERAND_INDEXABLE_TEMP, 2, TPF_SHAPE_VECTOR},
    {"s", TPF_OPERAND_SAMPLER, 1, TPF_SHAPE_NONE},
    {"t", TPF_OPERAND_RESOURCE, 1, TPF_SHAPE_VECTOR},
    {"cb", TPF_OPERAND_CONSTANT_BUFFER, 2, TPF_SHAPE_VECTOR},
    {"icb", TPF_OPERAND_IMMEDIATE_CB, 1, TPF_SHAPE_VECTOR},
    {"l", TPF_OPERAND_LABEL, 1, TPF_SHAPE_NONE},
    {"oDepth", TPF_OPERAND_DEPTH, 0, TPF_SHAPE_SCALAR},
    {"null", TPF_OPERAND_NULL, 0, TPF_SHAPE_NONE},
    {"rasterizer", TPF_OPERAND_RASTERIZER, 0, TPF_SHAPE_VECTOR},
    {"oMask", TPF_OPERAND_COVERAGE_MASK, 0, TPF_SHAPE_SCALAR},
    {"vCoverage", TPF_OPERAND_INPUT_COVERAGE, 0, TPF_SHAPE_SCALAR},
    {"oDepthGE", TPF_OPERAND_DEPTH_GE, 0, TPF_SHAPE_SCALAR},
    {"oDepthLE", TPF_OPERAND_DEPTH_LE, 0, TPF_SHAPE_SCALAR},
    {"vPrim", TPF_OPERAND_PRIMITIVE_ID, 0, TPF_SHAPE_SCALAR},
    {"vGSInstanceID", TPF_OPERAND_GS_INSTANCE_ID, 0, TPF_SHAPE_SCALAR},
    {"m", TPF_OPERAND_STREAM, 1, TPF_SHAPE_NONE},
    {"fb", TPF_OPERAND_FUNCTION_BODY, 1, TPF_SHAPE_NONE},
    {"ft", TPF_OPERAND_FUNCTION_TABLE, 1, TPF_SHAPE_NONE},
    {"fp", TPF_OPERAND_INTERFACE, 2, TPF_SHAPE_NONE},
    {"this", TPF_OPERAND_THIS_POINTER, 1, TPF_SHAPE_VECTOR},
    {"vOutputControlPointID", TPF_OPERAND_OUTPUT_CONTROL_POINT_ID, 0, TPF_SHAPE_SCALAR},
    {"vForkInstanceID", TPF_OPERAND_FORK_INSTANCE_ID, 0, TPF_SHAPE_SCALAR},
    {"vJoinInstanceID", TPF_OPERAND_JOIN_INSTANCE_ID, 0, TPF_SHAPE_SCALAR},
    {"vicp", TPF_OPERAND_INPUT_CONTROL_POINT, 2, TPF_SHAPE_VECTOR},
    {"vocp", TPF_OPERAND_OUTPUT_CONTROL_POINT, 2, TPF_SHAPE_VECTOR},
    {"vpc", TPF_OPERAND_INPUT_PATCH_CONSTANT, 1, TPF_SHAPE_VECTOR},
    {"vDomain", TPF_OPERAND_INPUT_DOMAIN_POINT, 0, TPF_SHAPE_VECTOR},
    {"u", TPF_OPERAND_UAV, 1, TPF_SHAPE_VECTOR},
    {"g", TPF_OPERAND_TGSM, 1, TPF_SHAPE_VECTOR},
    {"vThreadIDInGroupFlattened", TPF_OPERAND_THREAD_ID_IN_GROUP_FLAT, 0, TPF_SHAPE_SCALAR},
    {"vThreadIDInGroup", TPF_OPERAND_THREAD_ID_IN_GROUP, 0, TPF_SHAPE_VECTOR},
    {"vThreadGroupID", TPF_OPERAND_THREAD_GROUP_ID, 0, TPF_SHAPE_VECTOR},
    {"vThreadID", TPF_OPERAND_THREAD_ID, 0, TPF_SHAPE_VECTOR},
};

const struct tpf_operand_name *tpf_operand_by_type(unsigned type)
{
    for (size_t i = 0; i < sizeof(operands) / sizeof(operands[0]); i++)
        if (operands[i].type == type)
            return &operands[i];
    return NULL;
}

const struct tpf_operand_name *tpf_operand_by_prefix(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof(operands) / sizeof(operands[0]); i++)
        if (same_name(name, len, operands[i].prefix))
            return &operands[i];
    return NULL;
}

/* ---- names ------------------------------------------------------------------------------------ */

#define NAMES(array) {array, sizeof(array) / sizeof(array[0])}

static const char *const sysvals[] = {
    "undefined", "position", "clip_distance", "cull_distance", "rendertarget_array_index",
    "viewport_array_index", "vertex_id", "primitive_id", "instance_id", "is_front_face",
    "sample_index", "finalQuadUeq0EdgeTessFactor", "finalQuadVeq0EdgeTessFactor",
    "finalQuadUeq1EdgeTessFactor", "finalQuadVeq1EdgeTessFactor", "finalQuadUInsideTessFactor",
    "finalQuadVInsideTessFactor", "finalTriUeq0EdgeTessFactor", "finalTriVeq0EdgeTessFactor",
    "finalTriWeq0EdgeTessFactor", "finalTriInsideTessFactor", "finalLineDetailTessFactor",
    "finalLineDensityTessFactor",
};
static const char *const tess_domains[] = {NULL, "domain_isoline", "domain_tri", "domain_quad"};
static const char *const tess_partitionings[] = {
    NULL, "partitioning_integer", "partitioning_pow2", "partitioning_fractional_odd",
    "partitioning_fractional_even",
};
static const char *const tess_primitives[] = {
    NULL, "output_point", "output_line", "output_triangle_cw", "output_triangle_ccw",
};
static const char *const interpolations[] = {
    NULL, "constant", "linear", "linear centroid", "linear noperspective",
    "linear noperspective centroid", "linear sample", "linear noperspective sample",
};
static const char *const dims[] = {
    NULL, "buffer", "texture1d", "texture2d", "texture2dms", "texture3d", "texturecube",
    "texture1darray", "texture2darray", "texture2dmsarray", "texturecubearray", "raw_buffer",
    "structured_buffer",
};
static const char *const returns[] = {
    NULL, "unorm", "snorm", "sint", "uint", "float", "mixed", "double", "continued", "unused",
};
static const char *const global_flags[] = {
    "refactoringAllowed", "enableDoublePrecisionFloatOps", "forceEarlyDepthStencil",
    "enableRawAndStructuredBuffers", "skipOptimization", "enableMinimumPrecision",
    "enable11_1DoubleExtensions", "enable11_1ShaderExtensions", "allResourcesBound",
};
static const char *const sampler_modes[] = {"mode_default", "mode_comparison", "mode_mono"};
/* D3D10_SB_PRIMITIVE (dcl_inputprimitive) and D3D10_SB_PRIMITIVE_TOPOLOGY
 * (dcl_outputtopology) values a geometry program may declare, spelled as fxc does */
static const char *const gs_inputs[] = {
    NULL, "point", "line", "triangle", NULL, NULL, "lineadj", "triangleadj",
    "patch1", "patch2", "patch3", "patch4", "patch5", "patch6", "patch7", "patch8", "patch9",
    "patch10", "patch11", "patch12", "patch13", "patch14", "patch15", "patch16", "patch17",
    "patch18", "patch19", "patch20", "patch21", "patch22", "patch23", "patch24", "patch25",
    "patch26", "patch27", "patch28", "patch29", "patch30", "patch31", "patch32",
};
static const char *const gs_outputs[] = {
    NULL, "pointlist", NULL, "linestrip", NULL, "trianglestrip",
};

const struct tpf_names tpf_sysval_names = NAMES(sysvals);
const struct tpf_names tpf_gs_input_names = NAMES(gs_inputs);
const struct tpf_names tpf_tess_domain_names = NAMES(tess_domains);
const struct tpf_names tpf_tess_partitioning_names = NAMES(tess_partitionings);
const struct tpf_names tpf_tess_primitive_names = NAMES(tess_primitives);
const struct tpf_names tpf_gs_output_names = NAMES(gs_outputs);
const struct tpf_names tpf_interpolation_names = NAMES(interpolations);
const struct tpf_names tpf_resource_dim_names = NAMES(dims);
const struct tpf_names tpf_return_type_names = NAMES(returns);
const struct tpf_names tpf_global_flag_names = NAMES(global_flags);
const struct tpf_names tpf_sampler_mode_names = NAMES(sampler_modes);

const char *tpf_name(const struct tpf_names *t, unsigned v)
{
    return v < t->count ? t->names[v] : NULL;
}

int tpf_name_find(const struct tpf_names *t, const char *s, size_t len)
{
    for (unsigned i = 0; i < t->count; i++)
        if (t->names[i] && same_name(s, len, t->names[i]))
            return (int)i;
    return -1;
}
