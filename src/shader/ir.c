/* src/shader/ir.c — the shader IR: opcode tables and construction helpers (see ir.h for the
 * model).  The validator, with the list of what it guarantees in ir.h, is ir_validate.c. */
#include "shader/ir.h"
#include "shader/ir_tess.h"
#include "shader/ir_class.h"
#include "shader/ir_compute.h"
#include "shader/ir_eval.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define IR_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define IR_PRINTF(f, a)
#endif

/* ---- tables ----------------------------------------------------------------------------- */

#define SAT IR_OPF_SAT
#define TST IR_OPF_TEST
#define FLW IR_OPF_FLOW
#define PIX IR_OPF_PIXEL
#define TEX IR_OPF_TEX
#define INT IR_OPF_INT
#define OP(e, n, d, s, f) [IR_OP_##e] = {n, d, s, f}

static const struct ir_op_info op_table[IR_OP_COUNT] = {
    OP(NOP, "nop", 0, 0, 0),
    OP(MOV, "mov", 1, 1, SAT),
    OP(MOVC, "movc", 1, 3, SAT),
    OP(SWAPC, "swapc", 2, 3, 0),
    OP(ADD, "add", 1, 2, SAT),
    OP(MUL, "mul", 1, 2, SAT),
    OP(MAD, "mad", 1, 3, SAT),
    OP(DIV, "div", 1, 2, SAT),
    OP(DP2, "dp2", 1, 2, SAT),
    OP(DP3, "dp3", 1, 2, SAT),
    OP(DP4, "dp4", 1, 2, SAT),
    OP(MIN, "min", 1, 2, SAT),
    OP(MAX, "max", 1, 2, SAT),
    OP(FRC, "frc", 1, 1, SAT),
    OP(EXP, "exp", 1, 1, SAT),
    OP(LOG, "log", 1, 1, SAT),
    OP(RSQ, "rsq", 1, 1, SAT),
    OP(SQRT, "sqrt", 1, 1, SAT),
    OP(RCP, "rcp", 1, 1, SAT),
    OP(SINCOS, "sincos", 2, 1, SAT),
    OP(ROUND_NE, "round_ne", 1, 1, SAT),
    OP(ROUND_NI, "round_ni", 1, 1, SAT),
    OP(ROUND_PI, "round_pi", 1, 1, SAT),
    OP(ROUND_Z, "round_z", 1, 1, SAT),
    OP(DERIV_RTX, "deriv_rtx", 1, 1, SAT | PIX),
    OP(DERIV_RTY, "deriv_rty", 1, 1, SAT | PIX),
    OP(DERIV_RTX_COARSE, "deriv_rtx_coarse", 1, 1, SAT | PIX),
    OP(DERIV_RTX_FINE, "deriv_rtx_fine", 1, 1, SAT | PIX),
    OP(DERIV_RTY_COARSE, "deriv_rty_coarse", 1, 1, SAT | PIX),
    OP(DERIV_RTY_FINE, "deriv_rty_fine", 1, 1, SAT | PIX),
    OP(EQ, "eq", 1, 2, 0),
    OP(NE, "ne", 1, 2, 0),
    OP(LT, "lt", 1, 2, 0),
    OP(GE, "ge", 1, 2, 0),
    OP(FTOI, "ftoi", 1, 1, 0),
    OP(FTOU, "ftou", 1, 1, 0),
    OP(ITOF, "itof", 1, 1, SAT | INT),
    OP(UTOF, "utof", 1, 1, SAT | INT),
    OP(F32TOF16, "f32tof16", 1, 1, 0),
    OP(F16TOF32, "f16tof32", 1, 1, SAT | INT),
    OP(IADD, "iadd", 1, 2, INT),
    OP(IMAD, "imad", 1, 3, INT),
    OP(IMAX, "imax", 1, 2, INT),
    OP(IMIN, "imin", 1, 2, INT),
    OP(INEG, "ineg", 1, 1, INT),
    OP(IMUL, "imul", 2, 2, INT),
    OP(UMUL, "umul", 2, 2, INT),
    OP(UDIV, "udiv", 2, 2, INT),
    OP(UMAD, "umad", 1, 3, INT),
    OP(UMAX, "umax", 1, 2, INT),
    OP(UMIN, "umin", 1, 2, INT),
    OP(UADDC, "uaddc", 2, 2, INT),
    OP(USUBB, "usubb", 2, 2, INT),
    OP(ISHL, "ishl", 1, 2, INT),
    OP(ISHR, "ishr", 1, 2, INT),
    OP(USHR, "ushr", 1, 2, INT),
    OP(IEQ, "ieq", 1, 2, INT),
    OP(INE, "ine", 1, 2, INT),
    OP(ILT, "ilt", 1, 2, INT),
    OP(IGE, "ige", 1, 2, INT),
    OP(ULT, "ult", 1, 2, INT),
    OP(UGE, "uge", 1, 2, INT),
    OP(AND, "and", 1, 2, INT),
    OP(OR, "or", 1, 2, INT),
    OP(XOR, "xor", 1, 2, INT),
    OP(NOT, "not", 1, 1, INT),
    OP(COUNTBITS, "countbits", 1, 1, INT),
    OP(FIRSTBIT_HI, "firstbit_hi", 1, 1, INT),
    OP(FIRSTBIT_LO, "firstbit_lo", 1, 1, INT),
    OP(FIRSTBIT_SHI, "firstbit_shi", 1, 1, INT),
    OP(BFREV, "bfrev", 1, 1, INT),
    OP(UBFE, "ubfe", 1, 3, INT),
    OP(IBFE, "ibfe", 1, 3, INT),
    OP(BFI, "bfi", 1, 4, INT),
    OP(IF, "if", 0, 1, FLW | TST | INT),
    OP(ELSE, "else", 0, 0, FLW),
    OP(ENDIF, "endif", 0, 0, FLW),
    OP(LOOP, "loop", 0, 0, FLW),
    OP(ENDLOOP, "endloop", 0, 0, FLW),
    OP(BREAK, "break", 0, 0, FLW),
    OP(BREAKC, "breakc", 0, 1, FLW | TST | INT),
    OP(CONTINUE, "continue", 0, 0, FLW),
    OP(CONTINUEC, "continuec", 0, 1, FLW | TST | INT),
    OP(SWITCH, "switch", 0, 1, FLW | INT),
    OP(CASE, "case", 0, 1, FLW | INT),
    OP(DEFAULT, "default", 0, 0, FLW),
    OP(ENDSWITCH, "endswitch", 0, 0, FLW),
    OP(RET, "ret", 0, 0, FLW),
    OP(RETC, "retc", 0, 1, FLW | TST | INT),
    OP(DISCARD, "discard", 0, 1, TST | PIX | INT),
    OP(CALL, "call", 0, 1, FLW),
    OP(CALLC, "callc", 0, 2, FLW | TST | INT),
    OP(LABEL, "label", 0, 1, FLW),
    OP(SAMPLE, "sample", 1, 3, SAT | TEX | PIX),
    OP(SAMPLE_B, "sample_b", 1, 4, SAT | TEX | PIX),
    OP(SAMPLE_L, "sample_l", 1, 4, SAT | TEX),
    OP(SAMPLE_D, "sample_d", 1, 5, SAT | TEX),
    OP(SAMPLE_C, "sample_c", 1, 4, SAT | TEX | PIX),
    OP(SAMPLE_C_LZ, "sample_c_lz", 1, 4, SAT | TEX),
    OP(LD, "ld", 1, 2, SAT | TEX | INT),
    OP(LD_MS, "ld_ms", 1, 3, SAT | TEX | INT),
    OP(RESINFO, "resinfo", 1, 2, SAT | TEX | INT),
    OP(SAMPLEINFO, "sampleinfo", 1, 1, SAT | TEX),
    OP(SAMPLEPOS, "samplepos", 1, 2, SAT | TEX | INT),
    OP(LOD, "lod", 1, 3, SAT | TEX | PIX),
    OP(GATHER4, "gather4", 1, 3, SAT | TEX),
    OP(GATHER4_C, "gather4_c", 1, 4, SAT | TEX),
    OP(GATHER4_PO, "gather4_po", 1, 4, SAT | TEX),
    OP(GATHER4_PO_C, "gather4_po_c", 1, 5, SAT | TEX),
    OP(SAMPLE_CL_S, "sample_cl_s", 2, 4, SAT | TEX | PIX),
    OP(SAMPLE_B_CL_S, "sample_b_cl_s", 2, 5, SAT | TEX | PIX),
    OP(SAMPLE_D_CL_S, "sample_d_cl_s", 2, 6, SAT | TEX),
    OP(SAMPLE_C_CL_S, "sample_c_cl_s", 2, 5, SAT | TEX | PIX),
    OP(SAMPLE_L_S, "sample_l_s", 2, 4, SAT | TEX),
    OP(SAMPLE_C_LZ_S, "sample_c_lz_s", 2, 4, SAT | TEX),
    OP(LD_S, "ld_s", 2, 2, SAT | TEX | INT),
    OP(LD_MS_S, "ld_ms_s", 2, 3, SAT | TEX | INT),
    OP(GATHER4_S, "gather4_s", 2, 3, SAT | TEX),
    OP(GATHER4_C_S, "gather4_c_s", 2, 4, SAT | TEX),
    OP(GATHER4_PO_S, "gather4_po_s", 2, 4, SAT | TEX),
    OP(GATHER4_PO_C_S, "gather4_po_c_s", 2, 5, SAT | TEX),
    OP(CHECK_ACCESS_FULLY_MAPPED, "check_access_fully_mapped", 1, 1, INT),
    OP(EMIT, "emit", 0, 0, IR_OPF_GEOMETRY),
    OP(CUT, "cut", 0, 0, IR_OPF_GEOMETRY),
    OP(EMIT_THEN_CUT, "emit_then_cut", 0, 0, IR_OPF_GEOMETRY),
#define MEM IR_OPF_MEM
    OP(LD_RAW, "ld_raw", 1, 2, MEM),
    OP(LD_STRUCTURED, "ld_structured", 1, 3, MEM),
    OP(STORE_RAW, "store_raw", 1, 2, MEM),
    OP(STORE_STRUCTURED, "store_structured", 1, 3, MEM),
    OP(LD_UAV_TYPED, "ld_uav_typed", 1, 2, MEM),
    OP(STORE_UAV_TYPED, "store_uav_typed", 1, 2, MEM),
    OP(ATOMIC_AND, "atomic_and", 1, 2, MEM | INT),
    OP(ATOMIC_OR, "atomic_or", 1, 2, MEM | INT),
    OP(ATOMIC_XOR, "atomic_xor", 1, 2, MEM | INT),
    OP(ATOMIC_CMP_STORE, "atomic_cmp_store", 1, 3, MEM | INT),
    OP(ATOMIC_IADD, "atomic_iadd", 1, 2, MEM | INT),
    OP(ATOMIC_IMAX, "atomic_imax", 1, 2, MEM | INT),
    OP(ATOMIC_IMIN, "atomic_imin", 1, 2, MEM | INT),
    OP(ATOMIC_UMAX, "atomic_umax", 1, 2, MEM | INT),
    OP(ATOMIC_UMIN, "atomic_umin", 1, 2, MEM | INT),
    OP(IMM_ATOMIC_ALLOC, "imm_atomic_alloc", 2, 0, MEM | INT),
    OP(IMM_ATOMIC_CONSUME, "imm_atomic_consume", 2, 0, MEM | INT),
    OP(IMM_ATOMIC_IADD, "imm_atomic_iadd", 2, 2, MEM | INT),
    OP(IMM_ATOMIC_AND, "imm_atomic_and", 2, 2, MEM | INT),
    OP(IMM_ATOMIC_OR, "imm_atomic_or", 2, 2, MEM | INT),
    OP(IMM_ATOMIC_XOR, "imm_atomic_xor", 2, 2, MEM | INT),
    OP(IMM_ATOMIC_EXCH, "imm_atomic_exch", 2, 2, MEM | INT),
    OP(IMM_ATOMIC_CMP_EXCH, "imm_atomic_cmp_exch", 2, 3, MEM | INT),
    OP(IMM_ATOMIC_IMAX, "imm_atomic_imax", 2, 2, MEM | INT),
    OP(IMM_ATOMIC_IMIN, "imm_atomic_imin", 2, 2, MEM | INT),
    OP(IMM_ATOMIC_UMAX, "imm_atomic_umax", 2, 2, MEM | INT),
    OP(IMM_ATOMIC_UMIN, "imm_atomic_umin", 2, 2, MEM | INT),
    OP(BUFINFO, "bufinfo", 1, 1, MEM),
    OP(LD_RAW_S, "ld_raw_s", 2, 2, MEM),
    OP(LD_STRUCTURED_S, "ld_structured_s", 2, 3, MEM),
    OP(LD_UAV_TYPED_S, "ld_uav_typed_s", 2, 2, MEM),
    OP(SYNC, "sync", 0, 0, IR_OPF_COMPUTE),
    OP(FCALL, "fcall", 0, 1, FLW),
#undef MEM
    /* (INT: the offset / sample index reads as an integer, and prints so; the v# operand is
     * read by vm_eval.c itself) */
    OP(EVAL_SNAPPED, "eval_snapped", 1, 2, SAT | PIX | INT),
    OP(EVAL_SAMPLE_INDEX, "eval_sample_index", 1, 2, SAT | PIX | INT),
    OP(EVAL_CENTROID, "eval_centroid", 1, 1, SAT | PIX),
};

#undef OP

/* Source positions: address, offset, resource, sampler, ref, lod, bias, ddx, ddy, clamp,
 * sample index; then the status destination. */
#define L(e, a, o, t, s, r, l, b, dx, dy, c, si, st) [IR_OP_##e - IR_OP_SAMPLE] = \
    {a, o, t, s, r, l, b, dx, dy, c, si, st}
#define N (-1)

static const struct ir_tex_layout tex_layouts[IR_OP_CHECK_ACCESS_FULLY_MAPPED - IR_OP_SAMPLE] = {
    /*                  a  o  t  s  r  l  b  dx dy c  si st */
    L(SAMPLE,           0, N, 1, 2, N, N, N, N, N, N, N, N),
    L(SAMPLE_B,         0, N, 1, 2, N, N, 3, N, N, N, N, N),
    L(SAMPLE_L,         0, N, 1, 2, N, 3, N, N, N, N, N, N),
    L(SAMPLE_D,         0, N, 1, 2, N, N, N, 3, 4, N, N, N),
    L(SAMPLE_C,         0, N, 1, 2, 3, N, N, N, N, N, N, N),
    L(SAMPLE_C_LZ,      0, N, 1, 2, 3, N, N, N, N, N, N, N),
    L(LD,               0, N, 1, N, N, N, N, N, N, N, N, N),
    L(LD_MS,            0, N, 1, N, N, N, N, N, N, N, 2, N),
    L(RESINFO,          N, N, 1, N, N, 0, N, N, N, N, N, N),
    L(SAMPLEINFO,       N, N, 0, N, N, N, N, N, N, N, N, N),
    L(SAMPLEPOS,        N, N, 0, N, N, N, N, N, N, N, 1, N),
    L(LOD,              0, N, 1, 2, N, N, N, N, N, N, N, N),
    L(GATHER4,          0, N, 1, 2, N, N, N, N, N, N, N, N),
    L(GATHER4_C,        0, N, 1, 2, 3, N, N, N, N, N, N, N),
    L(GATHER4_PO,       0, 1, 2, 3, N, N, N, N, N, N, N, N),
    L(GATHER4_PO_C,     0, 1, 2, 3, 4, N, N, N, N, N, N, N),
    L(SAMPLE_CL_S,      0, N, 1, 2, N, N, N, N, N, 3, N, 1),
    L(SAMPLE_B_CL_S,    0, N, 1, 2, N, N, 3, N, N, 4, N, 1),
    L(SAMPLE_D_CL_S,    0, N, 1, 2, N, N, N, 3, 4, 5, N, 1),
    L(SAMPLE_C_CL_S,    0, N, 1, 2, 3, N, N, N, N, 4, N, 1),
    L(SAMPLE_L_S,       0, N, 1, 2, N, 3, N, N, N, N, N, 1),
    L(SAMPLE_C_LZ_S,    0, N, 1, 2, 3, N, N, N, N, N, N, 1),
    L(LD_S,             0, N, 1, N, N, N, N, N, N, N, N, 1),
    L(LD_MS_S,          0, N, 1, N, N, N, N, N, N, N, 2, 1),
    L(GATHER4_S,        0, N, 1, 2, N, N, N, N, N, N, N, 1),
    L(GATHER4_C_S,      0, N, 1, 2, 3, N, N, N, N, N, N, 1),
    L(GATHER4_PO_S,     0, 1, 2, 3, N, N, N, N, N, N, N, 1),
    L(GATHER4_PO_C_S,   0, 1, 2, 3, 4, N, N, N, N, N, N, 1),
};

#undef L
#undef N

const struct ir_op_info *ir_op_get(unsigned op)
{
    return op < IR_OP_COUNT ? &op_table[op] : NULL;
}

const char *ir_op_name(unsigned op)
{
    return op < IR_OP_COUNT && op_table[op].name ? op_table[op].name : "?";
}

const struct ir_tex_layout *ir_tex_layout(unsigned op)
{
    if (op < IR_OP_SAMPLE || op >= IR_OP_CHECK_ACCESS_FULLY_MAPPED)
        return NULL;
    return &tex_layouts[op - IR_OP_SAMPLE];
}

static const char *const sysval_names[IR_SV_COUNT] = {
    "undefined", "position", "clip_distance", "cull_distance", "rendertarget_array_index",
    "viewport_array_index", "vertex_id", "primitive_id", "instance_id", "is_front_face",
    "sample_index", "finalQuadUeq0EdgeTessFactor", "finalQuadVeq0EdgeTessFactor",
    "finalQuadUeq1EdgeTessFactor", "finalQuadVeq1EdgeTessFactor", "finalQuadUInsideTessFactor",
    "finalQuadVInsideTessFactor", "finalTriUeq0EdgeTessFactor", "finalTriVeq0EdgeTessFactor",
    "finalTriWeq0EdgeTessFactor", "finalTriInsideTessFactor", "finalLineDetailTessFactor",
    "finalLineDensityTessFactor",
};

const char *ir_sysval_name(unsigned sv)
{
    return sv < IR_SV_COUNT ? sysval_names[sv] : "?";
}

static const char *const dim_names[IR_RES_COUNT] = {
    "unknown", "buffer", "texture1d", "texture2d", "texture2dms", "texture3d", "texturecube",
    "texture1darray", "texture2darray", "texture2dmsarray", "texturecubearray", "raw_buffer",
    "structured_buffer",
};

const char *ir_resource_dim_name(unsigned dim)
{
    return dim < IR_RES_COUNT ? dim_names[dim] : "?";
}

/* Index count per file (the [n] of enum ir_file). */
static const int8_t file_indices[IR_FILE_COUNT] = {
    [IR_FILE_NULL] = 0, [IR_FILE_TEMP] = 1, [IR_FILE_INDEXABLE_TEMP] = 2, [IR_FILE_INPUT] = 1,
    [IR_FILE_OUTPUT] = 1, [IR_FILE_CONSTANT_BUFFER] = 2, [IR_FILE_IMMEDIATE_CB] = 1,
    [IR_FILE_IMMEDIATE] = 0, [IR_FILE_SAMPLER] = 1, [IR_FILE_RESOURCE] = 1,
    [IR_FILE_LABEL] = 1, [IR_FILE_DEPTH_OUT] = 0, [IR_FILE_DEPTH_GE_OUT] = 0,
    [IR_FILE_DEPTH_LE_OUT] = 0, [IR_FILE_COVERAGE_OUT] = 0, [IR_FILE_INPUT_COVERAGE] = 0,
    [IR_FILE_RASTERIZER] = 0, [IR_FILE_ADDRESS] = 1, [IR_FILE_LOOP_COUNTER] = 0,
    [IR_FILE_PREDICATE] = 1, [IR_FILE_INPUT_VERTEX] = 2, [IR_FILE_PRIMITIVE_ID] = 0,
    [IR_FILE_OUTPUT_CONTROL_POINT] = 2, [IR_FILE_PATCH_CONSTANT] = 1,
    [IR_FILE_DOMAIN_POINT] = 0, [IR_FILE_OUTPUT_CONTROL_POINT_ID] = 0,
    [IR_FILE_FORK_INSTANCE_ID] = 0, [IR_FILE_JOIN_INSTANCE_ID] = 0,
    [IR_FILE_UAV] = 1, [IR_FILE_TGSM] = 1, [IR_FILE_THREAD_ID] = 0,
    [IR_FILE_THREAD_GROUP_ID] = 0, [IR_FILE_THREAD_ID_IN_GROUP] = 0,
    [IR_FILE_THREAD_ID_IN_GROUP_FLAT] = 0, [IR_FILE_GS_INSTANCE_ID] = 0,
    [IR_FILE_INTERFACE] = 3, [IR_FILE_THIS_POINTER] = 1,
};

unsigned ir_input_vertices(const struct ir_program *prog)
{
    if (prog->type == IR_SHADER_GEOMETRY)
        return ir_gs_input_vertices(prog->gs_input);
    if (prog->type == IR_SHADER_HULL || prog->type == IR_SHADER_DOMAIN)
        return prog->tess_input_cp;
    return 0;
}

unsigned ir_gs_input_vertices(unsigned gs_input)
{
    switch (gs_input) {
    case IR_GS_IN_POINT: return 1;
    case IR_GS_IN_LINE: return 2;
    case IR_GS_IN_TRIANGLE: return 3;
    case IR_GS_IN_LINE_ADJ: return 4;
    case IR_GS_IN_TRIANGLE_ADJ: return 6;
    default:   /* patches: their control points */
        return gs_input >= IR_GS_IN_PATCH_1 && gs_input <= IR_GS_IN_PATCH_32
                   ? gs_input - IR_GS_IN_PATCH_1 + 1 : 0;
    }
}

int ir_file_index_count(enum ir_file file)
{
    return (unsigned)file < IR_FILE_COUNT ? file_indices[file] : -1;
}

/* ---- construction --------------------------------------------------------------------------- */

void ir_program_init(struct ir_program *prog, enum ir_shader_type type, enum ir_source source,
                     unsigned major, unsigned minor)
{
    memset(prog, 0, sizeof(*prog));
    prog->type = (uint8_t)type;
    prog->source = (uint8_t)source;
    prog->major = (uint8_t)major;
    prog->minor = (uint8_t)minor;
    if (type == IR_SHADER_GEOMETRY)
        prog->gs_instances = 1;   /* dcl_gsinstances absent: one invocation per primitive */
    if (type == IR_SHADER_HULL)
        prog->hs_instances = 1;   /* a phase without an instance count runs once */
}

void ir_program_free(struct ir_program *prog)
{
    if (!prog)
        return;
    free(prog->inputs.items);
    free(prog->outputs.items);
    free(prog->index_ranges.items);
    free(prog->cbuffers.items);
    free(prog->samplers.items);
    free(prog->resources.items);
    free(prog->indexable_temps.items);
    free(prog->icb.items);
    free(prog->instructions.items);
    for (uint32_t i = 0; prog->hs_phases && i < prog->hs_phase_count; i++)
        ir_program_free(&prog->hs_phases[i]);
    free(prog->hs_phases);
    free(prog->uavs.items);
    free(prog->tgsm.items);
    free(prog->function_bodies.items);
    free(prog->function_tables.items);
    free(prog->interfaces.items);
    free(prog->class_pool.items);
    memset(prog, 0, sizeof(*prog));
}

/* Appends one zeroed element of `size` bytes to a growable array; NULL when out of memory or
 * when the count would pass UINT32_MAX (capacity doubles; the multiplication is checked). */
static void *grow(void **items, uint32_t *count, uint32_t *capacity, size_t size)
{
    if (*count == *capacity) {
        uint32_t cap = *capacity ? *capacity : 8;
        if (*capacity) {
            if (*capacity > UINT32_MAX / 2)
                return NULL;
            cap = *capacity * 2;
        }
        if ((size_t)cap > SIZE_MAX / size)
            return NULL;
        void *p = realloc(*items, (size_t)cap * size);
        if (!p)
            return NULL;
        *items = p;
        *capacity = cap;
    }
    char *at = (char *)*items + (size_t)*count * size;
    memset(at, 0, size);
    (*count)++;
    return at;
}

#define GROW(arr) grow((void **)&(arr).items, &(arr).count, &(arr).capacity, sizeof(*(arr).items))

struct ir_instruction *ir_program_add_instruction(struct ir_program *prog, enum ir_opcode op)
{
    struct ir_instruction *ins = GROW(prog->instructions);
    if (!ins)
        return NULL;
    const struct ir_op_info *info = ir_op_get(op);
    ins->op = (uint16_t)op;
    ins->dst_count = info ? info->dst_count : 0;
    ins->src_count = info ? info->src_count : 0;
    ins->link = IR_NO_LINK;
    for (unsigned i = 0; i < IR_MAX_DST; i++)
        ins->dst[i].swizzle = IR_SWIZZLE_XYZW;
    for (unsigned i = 0; i < IR_MAX_SRC; i++)
        ins->src[i].swizzle = IR_SWIZZLE_XYZW;
    return ins;
}

static uint32_t raise_count(uint32_t count, uint64_t end)
{
    return end > count ? (end > UINT32_MAX ? UINT32_MAX : (uint32_t)end) : count;
}

static struct ir_io_decl *add_io(struct ir_program *prog, bool input, enum ir_file file,
                                 uint32_t reg, uint8_t mask)
{
    struct ir_io_decl *d = input ? GROW(prog->inputs) : GROW(prog->outputs);
    if (!d)
        return NULL;
    d->file = (uint8_t)file;
    d->reg = reg;
    d->mask = mask;
    d->usage = IR_USAGE_NONE;
    if (input && file == IR_FILE_INPUT)
        prog->input_count = raise_count(prog->input_count, (uint64_t)reg + 1);
    if (!input && file == IR_FILE_OUTPUT)
        prog->output_count = raise_count(prog->output_count, (uint64_t)reg + 1);
    if (input && file == IR_FILE_OUTPUT_CONTROL_POINT)
        prog->ocp_count = raise_count(prog->ocp_count, (uint64_t)reg + 1);
    if (input && file == IR_FILE_PATCH_CONSTANT)
        prog->pc_count = raise_count(prog->pc_count, (uint64_t)reg + 1);
    return d;
}

struct ir_io_decl *ir_program_add_input(struct ir_program *prog, enum ir_file file, uint32_t reg,
                                        uint8_t mask)
{
    return add_io(prog, true, file, reg, mask);
}

struct ir_io_decl *ir_program_add_output(struct ir_program *prog, enum ir_file file,
                                         uint32_t reg, uint8_t mask)
{
    return add_io(prog, false, file, reg, mask);
}

struct ir_index_range *ir_program_add_index_range(struct ir_program *prog, enum ir_file file,
                                                  uint32_t first, uint32_t count, uint8_t mask)
{
    struct ir_index_range *r = GROW(prog->index_ranges);
    if (!r)
        return NULL;
    r->file = (uint8_t)file;
    r->first = first;
    r->count = count;
    r->mask = mask;
    if (file == IR_FILE_INPUT)
        prog->input_count = raise_count(prog->input_count, (uint64_t)first + count);
    else if (file == IR_FILE_OUTPUT)
        prog->output_count = raise_count(prog->output_count, (uint64_t)first + count);
    return r;
}

struct ir_cbuffer *ir_program_add_cbuffer(struct ir_program *prog, uint32_t slot, uint32_t size)
{
    struct ir_cbuffer *cb = GROW(prog->cbuffers);
    if (cb) {
        cb->slot = slot;
        cb->size = size;
    }
    return cb;
}

struct ir_sampler *ir_program_add_sampler(struct ir_program *prog, uint32_t slot)
{
    struct ir_sampler *s = GROW(prog->samplers);
    if (s)
        s->slot = slot;
    return s;
}

struct ir_resource *ir_program_add_resource(struct ir_program *prog, uint32_t slot,
                                            enum ir_resource_dim dim)
{
    struct ir_resource *r = GROW(prog->resources);
    if (r) {
        r->slot = slot;
        r->dim = (uint8_t)dim;
        for (unsigned i = 0; i < 4; i++)
            r->return_type[i] = IR_RET_FLOAT;
    }
    return r;
}

struct ir_uav *ir_program_add_uav(struct ir_program *prog, uint32_t slot, enum ir_resource_dim dim)
{
    struct ir_uav *u = GROW(prog->uavs);
    if (u) {
        u->slot = slot;
        u->dim = (uint8_t)dim;
    }
    return u;
}

struct ir_tgsm *ir_program_add_tgsm(struct ir_program *prog, uint32_t reg, uint32_t size,
                                    uint32_t stride)
{
    struct ir_tgsm *g = GROW(prog->tgsm);
    if (g) {
        g->reg = reg;
        g->size = size;
        g->stride = stride;
    }
    return g;
}

uint32_t *ir_program_add_function_body(struct ir_program *prog)
{
    return GROW(prog->function_bodies);
}

struct ir_function_table *ir_program_add_function_table(struct ir_program *prog)
{
    return GROW(prog->function_tables);
}

struct ir_interface *ir_program_add_interface(struct ir_program *prog)
{
    return GROW(prog->interfaces);
}

uint32_t *ir_program_add_class_word(struct ir_program *prog)
{
    return GROW(prog->class_pool);
}

struct ir_indexable_temp *ir_program_add_indexable_temp(struct ir_program *prog, uint32_t reg,
                                                        uint32_t size, uint8_t components)
{
    struct ir_indexable_temp *x = GROW(prog->indexable_temps);
    if (x) {
        x->reg = reg;
        x->size = size;
        x->components = components;
    }
    return x;
}

int ir_program_set_icb(struct ir_program *prog, const uint32_t *values, uint32_t vec4_count)
{
    if (prog->icb.items || prog->icb_size)
        return IR_E_INVALID;
    if (vec4_count > UINT32_MAX / 4)
        return IR_E_NOMEM;
    size_t n = (size_t)vec4_count * 4;
    uint32_t *copy = malloc(n ? n * sizeof(*copy) : 1);
    if (!copy)
        return IR_E_NOMEM;
    if (n)
        memcpy(copy, values, n * sizeof(*copy));
    prog->icb.items = copy;
    prog->icb.count = (uint32_t)n;
    prog->icb.capacity = (uint32_t)n;
    prog->icb_size = vec4_count;
    return IR_OK;
}

struct ir_operand ir_reg(enum ir_file file, uint32_t idx0, uint32_t idx1)
{
    struct ir_operand op;
    memset(&op, 0, sizeof(op));
    op.file = (uint8_t)file;
    int n = ir_file_index_count(file);
    op.index_count = (uint8_t)(n > 0 ? n : 0);
    op.index[0].offset = idx0;
    op.index[1].offset = idx1;
    op.swizzle = IR_SWIZZLE_XYZW;
    return op;
}

struct ir_operand ir_dst(enum ir_file file, uint32_t reg, uint8_t mask)
{
    struct ir_operand op = ir_reg(file, reg, 0);
    op.mask = mask;
    return op;
}

struct ir_operand ir_src(enum ir_file file, uint32_t reg, uint8_t swizzle)
{
    struct ir_operand op = ir_reg(file, reg, 0);
    op.swizzle = swizzle;
    return op;
}

struct ir_operand ir_imm1(uint32_t value)
{
    struct ir_operand op = ir_imm4(value, value, value, value);
    op.imm_count = 1;
    return op;
}

struct ir_operand ir_imm4(uint32_t x, uint32_t y, uint32_t z, uint32_t w)
{
    struct ir_operand op = ir_reg(IR_FILE_IMMEDIATE, 0, 0);
    op.imm_count = 4;
    op.imm[0] = x;
    op.imm[1] = y;
    op.imm[2] = z;
    op.imm[3] = w;
    return op;
}

uint32_t ir_float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

struct ir_operand ir_immf(float f)
{
    return ir_imm1(ir_float_bits(f));
}

struct ir_operand ir_immf4(float x, float y, float z, float w)
{
    return ir_imm4(ir_float_bits(x), ir_float_bits(y), ir_float_bits(z), ir_float_bits(w));
}

struct ir_operand ir_swizzle_compose(struct ir_operand op, uint8_t sel)
{
    uint8_t s = 0;
    for (unsigned c = 0; c < 4; c++)
        s |= (uint8_t)(IR_SWIZZLE_COMPONENT(op.swizzle, IR_SWIZZLE_COMPONENT(sel, c)) << (2 * c));
    op.swizzle = s;
    return op;
}
