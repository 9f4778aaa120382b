/* src/shader/tpf.c — SM4/SM5 token stream ("tokenized program format") -> IR (see tpf.h).
 *
 * THE FORMAT (facts from Microsoft's d3d11tokenizedprogramformat.hpp and the D3D11.3
 * functional spec; all tokens are 32-bit little-endian, the stream may be unaligned)
 *   version token   bits 0-3 minor, 4-7 major, 16-31 program type (0 pixel, 1 vertex, 2 GS,
 *                   3 HS, 4 DS, 5 CS)
 *   length token    tokens in the program, these two included
 *   opcode token    bits 0-10 opcode; 11-23 opcode-specific controls; 24-30 instruction length
 *                   in tokens, the opcode token included (1..127); bit 31: an extended opcode
 *                   token follows.  Controls used here: bit 13 saturate, bit 18 test nonzero
 *                   (if/breakc/continuec/retc/discard/callc), bits 11-12 resinfo return type
 *                   (float, rcpfloat, uint), bit 11 sampleinfo uint, bits 19-22 precise mask.
 *                   Opcode 0x35 (customdata) differs: bits 11-31 are the data class and the
 *                   NEXT token is the block length in tokens, both tokens included.
 *   extended opcode bits 0-5 type: 1 sample controls (texel offsets u/v/w as 4-bit two's
 *                   complement in bits 9-12, 13-16, 17-20), 2 resource dimension (bits 6-10,
 *                   structure stride bits 11-22), 3 resource return type (4 bits per component
 *                   from bit 6); bit 31: another extended token follows.
 *   operand token   bits 0-1 components (0, 1, 4, N); for 4: bits 2-3 selection mode (0 mask in
 *                   bits 4-7, 1 swizzle in bits 4-11, 2 select-1 in bits 4-5); bits 12-19
 *                   operand type; 20-21 index dimension (0-3); 22-24 / 25-27 / 28-30 the
 *                   representation of each index (0 immediate32, 1 immediate64, 2 relative,
 *                   3 immediate32 + relative, 4 immediate64 + relative); bit 31: an extended
 *                   operand token follows.  Then, in this order: extended operand tokens,
 *                   immediate values (type 4: 1 or 4 tokens), and per index its immediate
 *                   token(s) followed by its relative operand (a complete operand of its own).
 *   extended operand bits 0-5 type (1 modifier); bits 6-13 modifier (1 neg, 2 abs, 3 -abs);
 *                   14-16 min precision (0 default, 1 f16, 2 f2.8, 4 s16, 5 u16); bit 31: more.
 *   declarations    opcode token + operand(s), see the dcl_* functions below; all of them come
 *                   before the first instruction.
 *
 * SAFETY: the program length is checked against the bytes given before anything else; each
 * instruction's length against the tokens left; every token of an instruction is taken through
 * next(), which refuses to read past the instruction, so no read can leave the buffer and every
 * loop advances at least one token.  Declared counts are not trusted for allocation: only the
 * immediate constant buffer allocates by a count, and that count is bounded by the tokens
 * present.  On any error the partly built program is freed.
 */
#include "shader/tpf.h"
#include "shader/ir_compute.h"

#include "shader/dxbc.h"
#include "shader/ir_tess.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define TPF_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TPF_PRINTF(f, a)
#endif

struct tpf;
struct span;
typedef int (*tpf_dcl_fn)(struct tpf *t, struct span *s, uint32_t opcode_token);

static int dcl_resource(struct tpf *t, struct span *s, uint32_t opc);
static int dcl_constant_buffer(struct tpf *t, struct span *s, uint32_t opc);
static int dcl_sampler(struct tpf *t, struct span *s, uint32_t opc);
static int dcl_index_range(struct tpf *t, struct span *s, uint32_t opc);
static int dcl_io(struct tpf *t, struct span *s, uint32_t opc);
static int dcl_temps(struct tpf *t, struct span *s, uint32_t opc);
static int dcl_indexable_temp(struct tpf *t, struct span *s, uint32_t opc);
static int dcl_global_flags(struct tpf *t, struct span *s, uint32_t opc);
static int dcl_gs(struct tpf *t, struct span *s, uint32_t opc);
static int dcl_tess(struct tpf *t, struct span *s, uint32_t opc);
static int dcl_tess_input(struct tpf *t, struct span *s, struct ir_operand *op, unsigned kind,
                          unsigned code);
static int dcl_compute(struct tpf *t, struct span *s, uint32_t opc);
static int dcl_class(struct tpf *t, struct span *s, uint32_t opc);

/* Declaration routines by opcode (the table itself is in tpf_table.c). */
static const tpf_dcl_fn dcl_fns[TPF_OPCODE_COUNT] = {
    [0x58] = dcl_resource, [0x59] = dcl_constant_buffer, [0x5a] = dcl_sampler,
    [0x5b] = dcl_index_range, [0x5f] = dcl_io, [0x60] = dcl_io, [0x61] = dcl_io,
    [0x62] = dcl_io, [0x63] = dcl_io, [0x64] = dcl_io, [0x65] = dcl_io, [0x66] = dcl_io,
    [0x67] = dcl_io, [0x68] = dcl_temps, [0x69] = dcl_indexable_temp,
    [0x6a] = dcl_global_flags, [0x5c] = dcl_gs, [0x5d] = dcl_gs, [0x5e] = dcl_gs,
    [0x8f] = dcl_gs, [0xce] = dcl_gs,
    [0x93] = dcl_tess, [0x94] = dcl_tess, [0x95] = dcl_tess, [0x96] = dcl_tess,
    [0x97] = dcl_tess, [0x98] = dcl_tess, [0x99] = dcl_tess, [0x9a] = dcl_tess,
    [0x9b] = dcl_compute, [0x9c] = dcl_compute, [0x9d] = dcl_compute, [0x9e] = dcl_compute,
    [0x9f] = dcl_compute, [0xa0] = dcl_compute, [0xa1] = dcl_compute, [0xa2] = dcl_compute,
    [0x90] = dcl_class, [0x91] = dcl_class, [0x92] = dcl_class,
};

/* ---- operand types (D3D10_SB_OPERAND_TYPE) ------------------------------------------------ */

struct operand_type {
    int8_t file;                /* enum ir_file, -1: defined but not supported */
    uint8_t dims;               /* index dimension it takes in vertex and pixel programs */
    uint8_t min_version;        /* major * 10 + minor */
    const char *name;
};

static const struct operand_type operand_types[] = {
    [0] = {IR_FILE_TEMP, 1, 40, "r# (temp)"},
    [1] = {IR_FILE_INPUT, 1, 40, "v# (input)"},
    [2] = {IR_FILE_OUTPUT, 1, 40, "o# (output)"},
    [3] = {IR_FILE_INDEXABLE_TEMP, 2, 40, "x# (indexable temp)"},
    [4] = {IR_FILE_IMMEDIATE, 0, 40, "l() (immediate32)"},
    [5] = {-1, 0, 40, "d() (immediate64)"},
    [6] = {IR_FILE_SAMPLER, 1, 40, "s# (sampler)"},
    [7] = {IR_FILE_RESOURCE, 1, 40, "t# (resource)"},
    [8] = {IR_FILE_CONSTANT_BUFFER, 2, 40, "cb# (constant buffer)"},
    [9] = {IR_FILE_IMMEDIATE_CB, 1, 40, "icb (immediate constant buffer)"},
    [10] = {IR_FILE_LABEL, 1, 40, "l# (label)"},
    [11] = {IR_FILE_PRIMITIVE_ID, 0, 40, "vPrim (input primitive id)"},
    [12] = {IR_FILE_DEPTH_OUT, 0, 40, "oDepth"},
    [13] = {IR_FILE_NULL, 0, 40, "null"},
    [14] = {IR_FILE_RASTERIZER, 0, 41, "rasterizer"},
    [15] = {IR_FILE_COVERAGE_OUT, 0, 41, "oMask"},
    [16] = {-1, 0, 50, "m# (stream)"},
    [17] = {IR_FILE_LABEL, 1, 50, "fb# (function body)"},   /* label fb#: IR_LABEL_FUNCTION_BODY */
    [18] = {-1, 0, 50, "ft# (function table)"},
    [19] = {IR_FILE_INTERFACE, 2, 50, "fp# (interface)"},
    [20] = {-1, 0, 50, "function input"},
    [21] = {-1, 0, 50, "function output"},
    [22] = {IR_FILE_OUTPUT_CONTROL_POINT_ID, 0, 50, "vOutputControlPointID"},
    [23] = {IR_FILE_FORK_INSTANCE_ID, 0, 50, "vForkInstanceID"},
    [24] = {IR_FILE_JOIN_INSTANCE_ID, 0, 50, "vJoinInstanceID"},
    [25] = {IR_FILE_INPUT_VERTEX, 2, 50, "vicp (input control point)"},
    [26] = {IR_FILE_OUTPUT_CONTROL_POINT, 2, 50, "vocp (output control point)"},
    [27] = {IR_FILE_PATCH_CONSTANT, 1, 50, "vpc (patch constant)"},
    [28] = {IR_FILE_DOMAIN_POINT, 0, 50, "vDomain"},
    [29] = {IR_FILE_THIS_POINTER, 1, 50, "this"},
    [30] = {IR_FILE_UAV, 1, 50, "u# (unordered access view)"},
    [31] = {IR_FILE_TGSM, 1, 50, "g# (thread group shared memory)"},
    [32] = {IR_FILE_THREAD_ID, 0, 50, "vThreadID"},
    [33] = {IR_FILE_THREAD_GROUP_ID, 0, 50, "vThreadGroupID"},
    [34] = {IR_FILE_THREAD_ID_IN_GROUP, 0, 50, "vThreadIDInGroup"},
    [35] = {IR_FILE_INPUT_COVERAGE, 0, 50, "vCoverage"},
    [36] = {IR_FILE_THREAD_ID_IN_GROUP_FLAT, 0, 50, "vThreadIDInGroupFlattened"},
    [37] = {IR_FILE_GS_INSTANCE_ID, 0, 50, "vGSInstanceID"},
    [38] = {IR_FILE_DEPTH_GE_OUT, 0, 50, "oDepthGE"},
    [39] = {IR_FILE_DEPTH_LE_OUT, 0, 50, "oDepthLE"},
    [40] = {-1, 0, 50, "vCycleCounter"},
    [41] = {-1, 0, 50, "oStencilRef"},
    [42] = {-1, 0, 50, "vInnerCoverage"},
};

#define TPF_OPERAND_TYPE_IMMEDIATE32 4

/* ---- reading ------------------------------------------------------------------------------ */

struct tpf {
    const uint8_t *data;        /* the version token */
    uint32_t count;             /* tokens in the program (the length token's value) */
    size_t base;                /* added to offsets in messages */
    unsigned version;           /* major * 10 + minor */
    struct tpf_error *err;
    struct ir_program *prog;
    bool in_code;               /* an instruction has been seen: no more declarations */
    struct ir_program *hull;    /* a hull program's container while its phases decode */
    bool have_temps, have_flags, have_icb;
    bool gs_topology_seen;      /* a dcl_outputtopology (dcl_stream may not follow one) */
    uint8_t stream;             /* the stream of the last dcl_stream (outputs belong to it) */
};

/* cs_4_0 / cs_4_1 (D3D11.3 functional spec 18.7.2.5, "Compute Shaders on Downlevel HW"): the
 * vs_4_0 / vs_4_1 instruction set with compute-style inputs (vThreadID, vThreadGroupID,
 * vThreadIDInGroup, vThreadIDInGroupFlattened), one u# and g# memory; of shader model 5 only
 * dcl_uav_raw, dcl_uav_structured, dcl_resource_raw, dcl_resource_structured,
 * dcl_tgsm_structured, ld_raw, store_raw, ld_structured, store_structured and sync ("note in
 * particular the absence of atomic operations, append/consume, or typed UAV access"). */
static bool cs4(const struct tpf *t)
{
    return t->prog->type == IR_SHADER_COMPUTE && t->version < 50;
}

static bool cs4_operand(const struct tpf *t, int file)
{
    return cs4(t) && (file == IR_FILE_UAV || file == IR_FILE_TGSM ||
                      ir_file_is_cs_id((unsigned)file));
}

static bool cs4_opcode(unsigned code)
{
    return code == TPF_OP_LD_RAW || code == TPF_OP_STORE_RAW || code == TPF_OP_LD_STRUCTURED ||
           code == TPF_OP_STORE_STRUCTURED || code == TPF_OP_SYNC;
}

/* The tokens of one instruction: [pos, end); start is its opcode token. */
struct span {
    uint32_t start, pos, end;
    const char *name;
};

static uint32_t rd32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof(v));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}

static uint32_t token(const struct tpf *t, uint32_t index)
{
    return rd32(t->data + 4 * (size_t)index);
}

static size_t offset_of(const struct tpf *t, uint32_t index)
{
    return t->base + 4 * (size_t)index;
}

static int set_error(struct tpf_error *err, int code, size_t offset, const char *fmt, va_list ap)
{
    if (err) {
        char tail[40];
        size_t size = sizeof(err->message), prefix = 5;
        int n = snprintf(tail, sizeof(tail), " at offset 0x%zx", offset);
        size_t room = size - prefix - (n > 0 ? (size_t)n : 0);
        err->code = code;
        err->offset = offset;
        memcpy(err->message, "tpf: ", prefix);
        vsnprintf(err->message + prefix, room, fmt, ap);
        size_t len = strlen(err->message);
        memcpy(err->message + len, tail, strlen(tail) + 1);
    }
    return code;
}

static int fail_at(struct tpf_error *err, int code, size_t offset, const char *fmt, ...)
    TPF_PRINTF(4, 5);

static int fail_at(struct tpf_error *err, int code, size_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_error(err, code, offset, fmt, ap);
    va_end(ap);
    return code;
}

/* Fails naming the token at `index`. */
static int fail(struct tpf *t, int code, uint32_t index, const char *fmt, ...) TPF_PRINTF(4, 5);

static int fail(struct tpf *t, int code, uint32_t index, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_error(t->err, code, offset_of(t, index), fmt, ap);
    va_end(ap);
    return code;
}

/* The next token of the instruction; an instruction whose length token leaves no room for
 * what its opcode needs is refused here, naming the instruction. */
static int next(struct tpf *t, struct span *s, uint32_t *v, const char *what)
{
    *v = 0;
    if (s->pos >= s->end)
        return fail(t, TPF_E_BAD_INSTRUCTION, s->start,
                    "%s (length %u) ends before its %s, in the instruction", s->name,
                    (unsigned)(s->end - s->start), what);
    *v = token(t, s->pos++);
    return 0;
}

/* ---- operands ---------------------------------------------------------------------------- */

/* The raw component selection of an operand token, for the caller to interpret. */
struct selection {
    unsigned components;        /* 0, 1 or 4 */
    unsigned mode;              /* 4 components: 0 mask, 1 swizzle, 2 select-1 */
    unsigned bits;              /* the mask, swizzle or component */
};

static int read_operand(struct tpf *t, struct span *s, struct ir_operand *op,
                        struct selection *sel, bool nested, const char *what);

/* A relative index: a complete operand naming one component of r#, x#[n] or v#. */
static int read_relative(struct tpf *t, struct span *s, struct ir_rel *rel, bool nested)
{
    struct ir_operand r;
    struct selection sel;
    uint32_t at = s->pos;
    int ret;

    if (nested)
        return fail(t, TPF_E_UNSUPPORTED, at, "nested relative addressing");
    if ((ret = read_operand(t, s, &r, &sel, true, "relative index")))
        return ret;
    if (r.file != IR_FILE_TEMP && r.file != IR_FILE_INDEXABLE_TEMP && r.file != IR_FILE_INPUT &&
        r.file != IR_FILE_THIS_POINTER)
        return fail(t, TPF_E_BAD_OPERAND, at, "relative index from register file %u "
                    "(only r#, x#, v# and this[] can hold one)", r.file);
    if (r.modifiers)
        return fail(t, TPF_E_BAD_OPERAND, at, "relative index with a modifier");
    unsigned c;
    if (sel.components == 1)
        c = 0;
    else if (sel.components == 4 && sel.mode == 2)
        c = sel.bits;
    else if (sel.components == 4 && sel.mode == 1 && (sel.bits & 3) * 0x55u == sel.bits)
        c = sel.bits & 3; /* a replicated swizzle (.xxxx) names one component too */
    else
        return fail(t, TPF_E_BAD_OPERAND, at, "relative index does not select one component");
    rel->file = r.file;
    rel->component = (uint8_t)c;
    rel->reg = r.index[0].offset;
    rel->element = r.file == IR_FILE_INDEXABLE_TEMP ? r.index[1].offset : 0;
    return 0;
}

static int read_operand(struct tpf *t, struct span *s, struct ir_operand *op,
                        struct selection *sel, bool nested, const char *what)
{
    uint32_t at = s->pos, tk, v;
    int ret;

    memset(op, 0, sizeof(*op));
    op->swizzle = IR_SWIZZLE_XYZW;
    if ((ret = next(t, s, &tk, what)))
        return ret;
    /* bits 0-1: component count; bits 2-11: selection (4 components only) */
    switch (tk & 3) {
    case 0: sel->components = 0; break;
    case 1: sel->components = 1; break;
    case 2: sel->components = 4; break;
    default:
        return fail(t, TPF_E_BAD_OPERAND, at, "N-component operand (token 0x%08x)", (unsigned)tk);
    }
    sel->mode = sel->bits = 0;
    if (sel->components == 4) {
        sel->mode = (tk >> 2) & 3;
        if (sel->mode == 3)
            return fail(t, TPF_E_BAD_OPERAND, at, "component selection mode 3 (token 0x%08x)",
                        (unsigned)tk);
        sel->bits = sel->mode == 0 ? (tk >> 4) & 0xf : sel->mode == 1 ? (tk >> 4) & 0xff :
                                                                       (tk >> 4) & 3;
    }
    /* bits 12-19: operand type */
    unsigned type = (tk >> 12) & 0xff;
    const struct operand_type *ot = NULL;
    if (type < sizeof(operand_types) / sizeof(operand_types[0]))
        ot = &operand_types[type];
    if (!ot || !ot->name)
        return fail(t, TPF_E_BAD_OPERAND, at, "unknown operand type %u", type);
    if (ot->file < 0)
        return fail(t, TPF_E_UNSUPPORTED, at, "operand type %u, %s, is not supported", type,
                    ot->name);
    if (t->version < ot->min_version && !cs4_operand(t, ot->file))
        return fail(t, TPF_E_BAD_OPERAND, at, "operand %s needs shader model %u.%u", ot->name,
                    ot->min_version / 10, ot->min_version % 10);
    /* bits 20-21: index dimension.  A geometry program's inputs are v[vertex][register]
     * (D3D11.3 functional spec 13.4); vPrim is its own register. */
    unsigned dims = (tk >> 20) & 3, want = ot->dims;
    int file = ot->file;
    bool gs = t->prog->type == IR_SHADER_GEOMETRY;
    bool tess = t->prog->type == IR_SHADER_HULL || t->prog->type == IR_SHADER_DOMAIN;
    /* the hull control-point phase's inputs are v[control point][register] (10.7) */
    bool cp_phase = t->prog->type == IR_SHADER_HULL && t->prog->hs_phase == IR_HS_CONTROL_POINT;
    if (type == TPF_OPERAND_INPUT && (gs || cp_phase)) {
        want = 2;
        file = IR_FILE_INPUT_VERTEX;
    }
    if (file == IR_FILE_PRIMITIVE_ID && !gs && !tess)
        return fail(t, TPF_E_BAD_OPERAND, at, "operand %s outside a geometry, hull or domain "
                    "program", ot->name);
    if (file == IR_FILE_GS_INSTANCE_ID && !gs)
        return fail(t, TPF_E_BAD_OPERAND, at, "operand %s outside a geometry program",
                    ot->name);
    if (dims != want)
        return fail(t, TPF_E_BAD_OPERAND, at, "operand %s with %u indices (it takes %u)",
                    ot->name, dims, want);
    op->file = (uint8_t)file;
    op->index_count = (uint8_t)dims;

    /* extended operand tokens, chained by bit 31 */
    for (bool ext = tk >> 31; ext;) {
        uint32_t e, e_at = s->pos;
        if ((ret = next(t, s, &e, "extended operand token")))
            return ret;
        unsigned kind = e & 0x3f;
        if (kind == 1) { /* modifier: bits 6-13 neg/abs, 14-16 min precision */
            unsigned mod = (e >> 6) & 0xff, prec = (e >> 14) & 7;
            if (mod > 3)
                return fail(t, TPF_E_BAD_OPERAND, e_at, "operand modifier %u", mod);
            if (prec == 3 || prec > 5)
                return fail(t, TPF_E_BAD_OPERAND, e_at, "min precision %u", prec);
            op->modifiers = (uint8_t)mod; /* 1 neg, 2 abs, 3 both: the IR_MOD_* bits */
            op->precision = (uint8_t)prec;
        } else if (kind != 0) {
            return fail(t, TPF_E_BAD_OPERAND, e_at, "unknown extended operand type %u", kind);
        }
        ext = e >> 31;
    }

    if (type == TPF_OPERAND_TYPE_IMMEDIATE32) {
        if (sel->components == 0)
            return fail(t, TPF_E_BAD_OPERAND, at, "immediate with no components");
        unsigned n = sel->components;
        for (unsigned c = 0; c < n; c++) {
            if ((ret = next(t, s, &v, "immediate value")))
                return ret;
            op->imm[c] = v;
        }
        if (n == 1)
            op->imm[1] = op->imm[2] = op->imm[3] = op->imm[0];
        op->imm_count = (uint8_t)n;
    }

    /* indices: representation k in bits 22 + 3k .. 24 + 3k */
    for (unsigned k = 0; k < dims; k++) {
        unsigned rep = (tk >> (22 + 3 * k)) & 7;
        struct ir_index *ix = &op->index[k];
        switch (rep) {
        case 0: /* immediate32 */
            if ((ret = next(t, s, &ix->offset, "index")))
                return ret;
            break;
        case 2: /* relative */
            if ((ret = read_relative(t, s, &ix->rel, nested)))
                return ret;
            break;
        case 3: /* immediate32 + relative */
            if ((ret = next(t, s, &ix->offset, "index")))
                return ret;
            if ((ret = read_relative(t, s, &ix->rel, nested)))
                return ret;
            break;
        case 1:
        case 4:
            return fail(t, TPF_E_UNSUPPORTED, at, "64-bit operand index");
        default:
            return fail(t, TPF_E_BAD_OPERAND, at, "index representation %u", rep);
        }
    }
    /* labels: l# below IR_LABEL_FUNCTION_BODY, fb# above it (one label namespace) */
    if (file == IR_FILE_LABEL) {
        if (op->index[0].offset & IR_LABEL_FUNCTION_BODY)
            return fail(t, TPF_E_BAD_OPERAND, at, "%s number 0x%x", ot->name,
                        (unsigned)op->index[0].offset);
        if (type == TPF_OPERAND_FUNCTION_BODY)
            op->index[0].offset |= IR_LABEL_FUNCTION_BODY;
    }
    if (file == IR_FILE_INTERFACE)
        op->index_count = 3;   /* the call site: decode_instruction sets index[2] */
    return 0;
}

/* Destinations and declared registers: a write mask (4 components: mask mode only). */
static int read_dst(struct tpf *t, struct span *s, struct ir_operand *op, const char *what)
{
    struct selection sel;
    uint32_t at = s->pos;
    int ret = read_operand(t, s, op, &sel, false, what);
    if (ret)
        return ret;
    if (op->file == IR_FILE_IMMEDIATE)
        return fail(t, TPF_E_BAD_OPERAND, at, "immediate value as %s", what);
    if (sel.components == 4 && sel.mode != 0)
        return fail(t, TPF_E_BAD_OPERAND, at, "%s with a swizzle instead of a write mask", what);
    op->mask = (uint8_t)(sel.components == 4 ? sel.bits : sel.components == 1 ? IR_MASK_X : 0);
    op->swizzle = IR_SWIZZLE_XYZW;
    return 0;
}

/* Sources: a swizzle.  Select-1 replicates; one component reads .xxxx.  Mask mode on a
 * source (seen only on immediates, whose token carries mask mode with no bits) reads as is. */
static int read_src(struct tpf *t, struct span *s, struct ir_operand *op, const char *what)
{
    struct selection sel;
    int ret = read_operand(t, s, op, &sel, false, what);
    if (ret)
        return ret;
    if (op->file == IR_FILE_IMMEDIATE || sel.components == 0 ||
        (sel.components == 4 && sel.mode == 0))
        op->swizzle = IR_SWIZZLE_XYZW;
    else if (sel.components == 1)
        op->swizzle = IR_SWIZZLE(0, 0, 0, 0);
    else if (sel.mode == 1)
        op->swizzle = (uint8_t)sel.bits;
    else
        op->swizzle = (uint8_t)(sel.bits * 0x55u);
    return 0;
}

/* ---- declarations ---------------------------------------------------------------------- */

/* A declaration's register: immediate indices, no modifiers.  Input/output registers carry
 * a write mask; the others come as fxc writes them (cb# with a swizzle, t# and s# with no
 * components), and their selection is ignored. */
static int read_declared(struct tpf *t, struct span *s, struct ir_operand *op, const char *what,
                         bool masked)
{
    struct selection sel;
    uint32_t at = s->pos;
    int ret = masked ? read_dst(t, s, op, what) : read_operand(t, s, op, &sel, false, what);
    if (ret)
        return ret;
    for (unsigned k = 0; k < op->index_count; k++)
        if (op->index[k].rel.file != IR_FILE_NULL)
            return fail(t, TPF_E_BAD_DECLARATION, at, "relative index in %s", what);
    if (op->modifiers)
        return fail(t, TPF_E_BAD_DECLARATION, at, "modifier on %s", what);
    return 0;
}

static int wrong_file(struct tpf *t, struct span *s, uint32_t at, unsigned file)
{
    return fail(t, TPF_E_BAD_DECLARATION, at, "%s cannot declare a register of file %u", s->name,
                file);
}

/* dcl_resource: bits 11-15 dimension, 16-22 sample count (multisampled kinds); operand t#;
 * then a return type token, 4 bits per component (D3D10_SB_RESOURCE_RETURN_TYPE). */
static int dcl_resource(struct tpf *t, struct span *s, uint32_t opc)
{
    struct ir_operand op;
    uint32_t at = s->pos, rt;
    int ret = read_declared(t, s, &op, "resource register", false);
    if (ret)
        return ret;
    if (op.file != IR_FILE_RESOURCE)
        return wrong_file(t, s, at, op.file);
    if ((ret = next(t, s, &rt, "return type token")))
        return ret;
    unsigned dim = (opc >> 11) & 0x1f;
    struct ir_resource *r = ir_program_add_resource(t->prog, op.index[0].offset,
                                                    (enum ir_resource_dim)dim);
    if (!r)
        return fail(t, TPF_E_NOMEM, s->start, "out of memory");
    for (unsigned c = 0; c < 4; c++)
        r->return_type[c] = (uint8_t)((rt >> (4 * c)) & 0xf);
    if (dim == IR_RES_TEXTURE2DMS || dim == IR_RES_TEXTURE2DMSARRAY)
        r->sample_count = (uint8_t)((opc >> 16) & 0x7f);
    r->offset = offset_of(t, s->start);
    return 0;
}

/* dcl_constantbuffer: bit 11 dynamic indexing; operand cb#[size in vec4]. */
static int dcl_constant_buffer(struct tpf *t, struct span *s, uint32_t opc)
{
    struct ir_operand op;
    uint32_t at = s->pos;
    int ret = read_declared(t, s, &op, "constant buffer register", false);
    if (ret)
        return ret;
    if (op.file != IR_FILE_CONSTANT_BUFFER)
        return wrong_file(t, s, at, op.file);
    struct ir_cbuffer *cb = ir_program_add_cbuffer(t->prog, op.index[0].offset,
                                                   op.index[1].offset);
    if (!cb)
        return fail(t, TPF_E_NOMEM, s->start, "out of memory");
    cb->dynamic = (uint8_t)((opc >> 11) & 1);
    cb->offset = offset_of(t, s->start);
    return 0;
}

/* dcl_sampler: bits 11-14 mode (default, comparison, mono); operand s#. */
static int dcl_sampler(struct tpf *t, struct span *s, uint32_t opc)
{
    struct ir_operand op;
    uint32_t at = s->pos;
    int ret = read_declared(t, s, &op, "sampler register", false);
    if (ret)
        return ret;
    if (op.file != IR_FILE_SAMPLER)
        return wrong_file(t, s, at, op.file);
    struct ir_sampler *smp = ir_program_add_sampler(t->prog, op.index[0].offset);
    if (!smp)
        return fail(t, TPF_E_NOMEM, s->start, "out of memory");
    smp->mode = (uint8_t)((opc >> 11) & 0xf);
    smp->offset = offset_of(t, s->start);
    return 0;
}

/* dcl_indexRange: operand v# or o# with its mask, then the register count. */
static int dcl_index_range(struct tpf *t, struct span *s, uint32_t opc)
{
    struct ir_operand op;
    uint32_t at = s->pos, count;
    int ret = read_declared(t, s, &op, "first register", true);
    (void)opc;
    if (ret)
        return ret;
    if (op.file != IR_FILE_INPUT && op.file != IR_FILE_OUTPUT)
        return wrong_file(t, s, at, op.file);
    if ((ret = next(t, s, &count, "register count")))
        return ret;
    struct ir_index_range *r = ir_program_add_index_range(t->prog, (enum ir_file)op.file,
                                                          op.index[0].offset, count, op.mask);
    if (!r)
        return fail(t, TPF_E_NOMEM, s->start, "out of memory");
    r->offset = offset_of(t, s->start);
    return 0;
}

/* Appends the declaration of register `reg` of op's file, with its kind, D3D10_SB_NAME token
 * and interpolation mode. */
static int add_decl(struct tpf *t, const struct span *s, bool input, const struct ir_operand *op,
                    uint32_t reg, unsigned kind, uint32_t name, unsigned interpolation)
{
    struct ir_io_decl *d = input ? ir_program_add_input(t->prog, (enum ir_file)op->file, reg,
                                                        op->mask) :
                                   ir_program_add_output(t->prog, (enum ir_file)op->file, reg,
                                                         op->mask);
    if (!d)
        return fail(t, TPF_E_NOMEM, s->start, "out of memory");
    d->kind = (uint8_t)kind;
    d->sysval = name & 0xffff;
    d->interpolation = (uint8_t)interpolation;
    d->precision = op->precision;
    d->stream = input ? 0 : t->stream;
    d->offset = offset_of(t, s->start);
    return 0;
}

/* dcl_input / _sgv / _siv / _ps / _ps_sgv / _ps_siv, dcl_output / _sgv / _siv: operand (v#,
 * o#, or a one-component special register for the plain forms); the *_sgv / *_siv forms add a
 * name token (D3D10_SB_NAME in bits 0-15); the _ps forms carry the interpolation mode in bits
 * 11-14 of the opcode token. */
static int dcl_io(struct tpf *t, struct span *s, uint32_t opc)
{
    unsigned code = opc & 0x7ff;
    bool input = code <= TPF_OP_DCL_INPUT_PS_SIV;
    bool ps = code >= TPF_OP_DCL_INPUT_PS && code <= TPF_OP_DCL_INPUT_PS_SIV;
    bool plain = code == TPF_OP_DCL_INPUT || code == TPF_OP_DCL_OUTPUT;
    unsigned kind = (code == TPF_OP_DCL_INPUT_SGV || code == TPF_OP_DCL_INPUT_PS_SGV ||
                     code == TPF_OP_DCL_OUTPUT_SGV) ? IR_IO_SGV :
                    (code == TPF_OP_DCL_INPUT_SIV || code == TPF_OP_DCL_INPUT_PS_SIV ||
                     code == TPF_OP_DCL_OUTPUT_SIV) ? IR_IO_SIV : IR_IO_PLAIN;
    struct ir_operand op;
    uint32_t at = s->pos, name = 0;
    int ret = read_declared(t, s, &op, "declared register", true);
    if (ret)
        return ret;
    if (ps && t->prog->type != IR_SHADER_PIXEL)
        return fail(t, TPF_E_BAD_DECLARATION, s->start, "%s in a vertex program", s->name);
    if (input && op.file == IR_FILE_INPUT_VERTEX) {
        /* dcl_input v[n][r]: the register r of every vertex (n is the primitive's size) */
        op.file = IR_FILE_INPUT;
        op.index[0] = op.index[1];
    }
    if (input && ir_tess_input_file(op.file))
        return dcl_tess_input(t, s, &op, kind, code);
    if (input && ir_file_is_cs_id(op.file)) {
        /* dcl_input vThreadID / vThreadGroupID / vThreadIDInGroup(Flattened): what fxc writes
         * for the ids a compute program reads; they are always there, so nothing to record */
        if (code != TPF_OP_DCL_INPUT || t->prog->type != IR_SHADER_COMPUTE)
            return fail(t, TPF_E_BAD_DECLARATION, s->start, "%s of a thread id outside a "
                        "compute program's plain dcl_input", s->name);
        return 0;
    }
    bool special = input ? op.file == IR_FILE_INPUT_COVERAGE || op.file == IR_FILE_PRIMITIVE_ID ||
                           op.file == IR_FILE_GS_INSTANCE_ID :
                           (op.file == IR_FILE_DEPTH_OUT || op.file == IR_FILE_DEPTH_GE_OUT ||
                            op.file == IR_FILE_DEPTH_LE_OUT || op.file == IR_FILE_COVERAGE_OUT);
    bool prim_sgv = op.file == IR_FILE_PRIMITIVE_ID && code == TPF_OP_DCL_INPUT_SGV;
    if (!(op.file == (input ? IR_FILE_INPUT : IR_FILE_OUTPUT) || (special && (plain || prim_sgv))))
        return wrong_file(t, s, at, op.file);
    if (op.file == IR_FILE_PRIMITIVE_ID || op.file == IR_FILE_GS_INSTANCE_ID)
        op.mask = IR_MASK_X;
    if (kind != IR_IO_PLAIN && (ret = next(t, s, &name, "system value name token")))
        return ret;
    return add_decl(t, s, input, &op, special ? 0 : op.index[0].offset, kind, name,
                    ps ? (opc >> 11) & 0xf : 0);
}

/* The geometry declarations (D3D10_SB_OPCODE_DCL_GS_* / D3D11_SB_OPCODE_DCL_STREAM and
 * _DCL_GS_INSTANCE_COUNT): dcl_outputtopology (bits 11-17 the topology), dcl_inputprimitive
 * (bits 11-16 the primitive), dcl_maxout (a count token), dcl_gsinstances (a count token),
 * dcl_stream (an m# operand).  The values are range-checked by ir_validate.
 *
 * Streams (the dcl_stream reference page; D3D11.3 spec 13.x): "a given stream can only be
 * declared once"; "the first dcl_stream cannot appear after any dcl_output or
 * dcl_outputTopology"; the dcl_output / dcl_outputtopology after dcl_stream m# are stream m#'s
 * (each stream numbers its registers from o0, so two streams may declare the same register).
 * With several streams "all streams must contain points" (How To: Index Multiple Output
 * Streams): each stream's topology is checked here as it comes, as only the last is kept. */
static int dcl_gs(struct tpf *t, struct span *s, uint32_t opc)
{
    unsigned code = opc & 0x7ff;
    struct ir_program *p = t->prog;
    uint32_t v = 0;
    int ret;
    if (p->type != IR_SHADER_GEOMETRY)
        return fail(t, TPF_E_BAD_DECLARATION, s->start, "%s outside a geometry program",
                    s->name);
    switch (code) {
    case 0x5c:
        p->gs_output = (uint8_t)((opc >> 11) & 0x7f);
        t->gs_topology_seen = true;
        if (__builtin_popcount(p->gs_streams) > 1 && p->gs_output != IR_GS_OUT_POINTLIST)
            return fail(t, TPF_E_BAD_DECLARATION, s->start, "stream m%u: with several "
                        "streams every dcl_outputtopology is pointlist", (unsigned)t->stream);
        return 0;
    case 0x5d:
        p->gs_input = (uint8_t)((opc >> 11) & 0x3f);   /* patches too (11.8.1.1) */
        return 0;
    case 0x5e:
    case 0xce:
        if ((ret = next(t, s, &v, "count")))
            return ret;
        if (code == 0x5e)
            p->gs_max_vertices = v;
        else
            p->gs_instances = v;
        return 0;
    default: { /* dcl_stream m#: one operand of type 16 (D3D11_SB_OPERAND_TYPE_STREAM) */
        uint32_t tk, at = s->pos;
        if ((ret = next(t, s, &tk, "stream operand")) || (ret = next(t, s, &v, "stream index")))
            return ret;
        if (((tk >> 12) & 0xff) != 16 || ((tk >> 20) & 3) != 1)
            return fail(t, TPF_E_BAD_DECLARATION, at, "dcl_stream without an m# operand");
        if (v > 3)
            return fail(t, TPF_E_BAD_DECLARATION, at, "stream m%u (0..3)", (unsigned)v);
        if (p->gs_streams & (1u << v))
            return fail(t, TPF_E_BAD_DECLARATION, at, "stream m%u declared twice", (unsigned)v);
        if (!p->gs_streams && (p->outputs.count || t->gs_topology_seen))
            return fail(t, TPF_E_BAD_DECLARATION, at, "the first dcl_stream follows a "
                        "dcl_output or dcl_outputtopology");
        p->gs_streams |= (uint8_t)(1u << v);
        t->stream = (uint8_t)v;
        if (__builtin_popcount(p->gs_streams) > 1 && t->gs_topology_seen &&
            p->gs_output != IR_GS_OUT_POINTLIST)
            return fail(t, TPF_E_BAD_DECLARATION, at, "stream m%u: with several streams "
                        "every dcl_outputtopology is pointlist", (unsigned)v);
        return 0;
    }
    }
}

/* dcl_input of the hull / domain registers: vocp[n][r] (register r of the output control
 * points), vpc# (optionally _siv with a TessFactor name), and the 0-D vDomain,
 * vOutputControlPointID, vForkInstanceID, vJoinInstanceID (plain or _sgv). */
static int dcl_tess_input(struct tpf *t, struct span *s, struct ir_operand *op, unsigned kind,
                          unsigned code)
{
    uint32_t name = 0, reg = 0;
    int ret;
    if (code != TPF_OP_DCL_INPUT && code != TPF_OP_DCL_INPUT_SGV && code != TPF_OP_DCL_INPUT_SIV)
        return fail(t, TPF_E_BAD_DECLARATION, s->start, "%s of a tessellation register", s->name);
    if (kind != IR_IO_PLAIN && (ret = next(t, s, &name, "system value name token")))
        return ret;
    if (op->file == IR_FILE_OUTPUT_CONTROL_POINT)
        reg = op->index[1].offset;
    else if (op->file == IR_FILE_PATCH_CONSTANT)
        reg = op->index[0].offset;
    else if (op->file != IR_FILE_DOMAIN_POINT)
        op->mask = IR_MASK_X;   /* the ids are one uint */
    return add_decl(t, s, true, op, reg, kind, name, 0);
}

/* The tessellation declarations (D3D11_SB_OPCODE_DCL_*: 11.7.15): the control-point counts in
 * bits 11-16, the domain in bits 11-12, the partitioning and the output primitive in bits
 * 11-13; dcl_hs_max_tessfactor a float token; the fork / join instance counts a count token.
 * In a hull program the first five belong to hs_decls (the container), the instance counts to
 * their phase.  ir_validate checks the values. */
static int dcl_tess(struct tpf *t, struct span *s, uint32_t opc)
{
    unsigned code = opc & 0x7ff;
    struct ir_program *p = t->prog;
    uint32_t v = 0;
    int ret;
    bool hull = p->type == IR_SHADER_HULL;
    bool decls = hull && p->hs_phase == IR_HS_DECLS;
    bool domain_ok = code == 0x93 || code == 0x95;   /* a domain program has these two */
    if (!(hull || (p->type == IR_SHADER_DOMAIN && domain_ok)))
        return fail(t, TPF_E_BAD_DECLARATION, s->start, "%s outside a hull%s program", s->name,
                    domain_ok ? " or domain" : "");
    if (hull && (code <= 0x98) != decls)
        return fail(t, TPF_E_BAD_DECLARATION, s->start, "%s %s hs_decls", s->name,
                    decls ? "in" : "outside");
    if ((code == 0x99 && p->hs_phase != IR_HS_FORK) || (code == 0x9a && p->hs_phase != IR_HS_JOIN))
        return fail(t, TPF_E_BAD_DECLARATION, s->start, "%s outside its phase", s->name);
    switch (code) {
    case 0x93: p->tess_input_cp = (opc >> 11) & 0x3f; return 0;
    case 0x94: p->tess_output_cp = (opc >> 11) & 0x3f; return 0;
    case 0x95: p->tess_domain = (uint8_t)((opc >> 11) & 3); return 0;
    case 0x96: p->tess_partitioning = (uint8_t)((opc >> 11) & 7); return 0;
    case 0x97: p->tess_primitive = (uint8_t)((opc >> 11) & 7); return 0;
    case 0x98:
        if ((ret = next(t, s, &v, "MaxTessFactor")))
            return ret;
        memcpy(&p->hs_max_tessfactor, &v, sizeof(v));
        if (p->hs_max_tessfactor == 0.0f)   /* 0 means "absent" in the IR */
            return fail(t, TPF_E_BAD_DECLARATION, s->start, "dcl_hs_max_tessfactor 0");
        return 0;
    default:
        if ((ret = next(t, s, &v, "instance count")))
            return ret;
        p->hs_instances = v;
        return 0;
    }
}

/* The compute declarations (shader model 5 assembly reference; token layouts from
 * d3d11tokenizedprogramformat.hpp):
 *   dcl_thread_group       three tokens x, y, z
 *   dcl_uav_typed          bits 11-15 dimension, bit 16 globally coherent; u#; return types
 *   dcl_uav_raw            bit 16 globally coherent; u#
 *   dcl_uav_structured     bit 16 globally coherent, bit 23 hidden counter; u#; stride
 *   dcl_tgsm_raw           g#; byte count          dcl_tgsm_structured  g#; stride; count
 *   dcl_resource_raw       t#                      dcl_resource_structured  t#; stride
 * Limits (thread counts, sizes) are ir_validate's (ir_compute.c). */
static int dcl_compute(struct tpf *t, struct span *s, uint32_t opc)
{
    unsigned code = opc & 0x7ff;
    struct ir_program *p = t->prog;
    struct ir_operand op;
    uint32_t a = 0, b = 0, at;
    int ret;
    bool raw_or_structured_srv = code == TPF_OP_DCL_RESOURCE_RAW ||
                                 code == TPF_OP_DCL_RESOURCE_STRUCTURED;
    bool uav = code == TPF_OP_DCL_UAV_RAW || code == TPF_OP_DCL_UAV_STRUCTURED ||
               code == TPF_OP_DCL_UAV_TYPED;
    /* UAVs exist in every stage (pixel programs at 11_0, "UAVs in the pixel shader"; the
     * others at 11_1: the device checks the level); thread groups and group-shared memory
     * only in compute programs */
    if (p->type != IR_SHADER_COMPUTE && !raw_or_structured_srv && !uav)
        return fail(t, TPF_E_UNSUPPORTED, s->start, "%s outside a compute program is not "
                    "supported", s->name);
    /* cs_4_x (18.7.2.5, 18.7.2.9): no typed UAVs, no raw g# ("RAW g# memory is not available
     * at all"), and no hidden counters (append/consume is cs_5_0's) */
    if (cs4(t) && (code == TPF_OP_DCL_UAV_TYPED || code == TPF_OP_DCL_TGSM_RAW ||
                   (code == TPF_OP_DCL_UAV_STRUCTURED && (opc & TPF_UAV_COUNTER))))
        return fail(t, TPF_E_BAD_DECLARATION, s->start, "%s%s is not in cs_4_%u (%s; D3D11.3 "
                    "18.7.2.5)", s->name, (opc & TPF_UAV_COUNTER) ? " with a hidden counter" : "",
                    t->version % 10, code == TPF_OP_DCL_UAV_TYPED ? "no typed UAVs" :
                    code == TPF_OP_DCL_TGSM_RAW ? "group-shared memory is structured only" :
                    "no append/consume");
    if (code == TPF_OP_DCL_THREAD_GROUP) {
        for (unsigned k = 0; k < 3; k++)
            if ((ret = next(t, s, &p->cs_threads[k], "thread count")))
                return ret;
        if (!p->cs_threads[0] || !p->cs_threads[1] || !p->cs_threads[2])
            return fail(t, TPF_E_BAD_DECLARATION, s->start, "dcl_thread_group with a zero count");
        return 0;
    }
    at = s->pos;
    if ((ret = read_declared(t, s, &op, "register", false)))
        return ret;
    unsigned want = code == TPF_OP_DCL_TGSM_RAW || code == TPF_OP_DCL_TGSM_STRUCTURED ?
                    IR_FILE_TGSM : raw_or_structured_srv ? IR_FILE_RESOURCE : IR_FILE_UAV;
    if (op.file != want)
        return wrong_file(t, s, at, op.file);
    uint32_t n = op.index[0].offset;
    size_t where = offset_of(t, s->start);
    switch (code) {
    case TPF_OP_DCL_TGSM_RAW:
    case TPF_OP_DCL_TGSM_STRUCTURED: {
        if ((ret = next(t, s, &a, code == TPF_OP_DCL_TGSM_RAW ? "byte count" : "stride")))
            return ret;
        uint64_t size = a, stride = 0;
        if (code == TPF_OP_DCL_TGSM_STRUCTURED) {
            if ((ret = next(t, s, &b, "structure count")))
                return ret;
            stride = a;
            size = (uint64_t)a * b;
            if (!a)
                return fail(t, TPF_E_BAD_DECLARATION, s->start, "g%u with stride 0", (unsigned)n);
        }
        if (size > IR_CS_MAX_TGSM_BYTES)
            return fail(t, TPF_E_BAD_DECLARATION, s->start, "g%u of %llu bytes (at most 32768)",
                        (unsigned)n, (unsigned long long)size);
        struct ir_tgsm *g = ir_program_add_tgsm(p, n, (uint32_t)size, (uint32_t)stride);
        if (!g)
            return fail(t, TPF_E_NOMEM, s->start, "out of memory");
        g->offset = where;
        return 0;
    }
    case TPF_OP_DCL_RESOURCE_RAW:
    case TPF_OP_DCL_RESOURCE_STRUCTURED: {
        bool st = code == TPF_OP_DCL_RESOURCE_STRUCTURED;
        if (st && (ret = next(t, s, &a, "stride")))
            return ret;
        struct ir_resource *r = ir_program_add_resource(p, n, st ? IR_RES_STRUCTURED_BUFFER :
                                                                   IR_RES_RAW_BUFFER);
        if (!r)
            return fail(t, TPF_E_NOMEM, s->start, "out of memory");
        for (unsigned c = 0; c < 4; c++)
            r->return_type[c] = IR_RET_MIXED;
        r->stride = a;
        r->offset = where;
        return 0;
    }
    default: {
        enum ir_resource_dim dim = code == TPF_OP_DCL_UAV_RAW ? IR_RES_RAW_BUFFER :
                                   code == TPF_OP_DCL_UAV_STRUCTURED ? IR_RES_STRUCTURED_BUFFER :
                                   (enum ir_resource_dim)((opc >> 11) & 0x1f);
        if (code == TPF_OP_DCL_UAV_TYPED || code == TPF_OP_DCL_UAV_STRUCTURED)
            if ((ret = next(t, s, &a, code == TPF_OP_DCL_UAV_TYPED ? "return type token" :
                                                                     "stride")))
                return ret;
        if ((opc & ~(uint32_t)(0x7ff | TPF_UAV_GLOBALLY_COHERENT | TPF_UAV_COUNTER |
                               (code == TPF_OP_DCL_UAV_TYPED ? 0x1fu << 11 : 0) | 0x7f000000u)) ||
            ((opc & TPF_UAV_COUNTER) && code != TPF_OP_DCL_UAV_STRUCTURED))
            return fail(t, TPF_E_BAD_DECLARATION, s->start, "%s with unknown controls 0x%x",
                        s->name, (unsigned)(opc & TPF_CONTROLS_MASK));
        struct ir_uav *u = ir_program_add_uav(p, n, dim);
        if (!u)
            return fail(t, TPF_E_NOMEM, s->start, "out of memory");
        if (code == TPF_OP_DCL_UAV_TYPED)
            for (unsigned c = 0; c < 4; c++)
                u->return_type[c] = (uint8_t)((a >> (4 * c)) & 0xf);
        else
            u->stride = a;
        u->flags = (uint8_t)(((opc & TPF_UAV_GLOBALLY_COHERENT) ? IR_UAV_GLOBALLY_COHERENT : 0) |
                             ((opc & TPF_UAV_COUNTER) ? IR_UAV_COUNTER : 0));
        u->offset = where;
        return 0;
    }
    }
}

/* dcl_temps: one token, the number of r# registers. */
static int dcl_temps(struct tpf *t, struct span *s, uint32_t opc)
{
    uint32_t n;
    int ret = next(t, s, &n, "register count");
    (void)opc;
    if (ret)
        return ret;
    if (t->have_temps)
        return fail(t, TPF_E_BAD_DECLARATION, s->start, "second dcl_temps");
    t->have_temps = true;
    t->prog->temp_count = n;
    return 0;
}

/* dcl_indexableTemp: three tokens, register number, element count, components (1-4). */
static int dcl_indexable_temp(struct tpf *t, struct span *s, uint32_t opc)
{
    uint32_t reg, size, comps;
    int ret;
    (void)opc;
    if ((ret = next(t, s, &reg, "register number")) || (ret = next(t, s, &size, "size")) ||
        (ret = next(t, s, &comps, "component count")))
        return ret;
    if (comps < 1 || comps > 4)
        return fail(t, TPF_E_BAD_DECLARATION, s->start, "x%u with %u components",
                    (unsigned)reg, (unsigned)comps);
    struct ir_indexable_temp *x = ir_program_add_indexable_temp(t->prog, reg, size,
                                                                (uint8_t)comps);
    if (!x)
        return fail(t, TPF_E_NOMEM, s->start, "out of memory");
    x->offset = offset_of(t, s->start);
    return 0;
}

/* dcl_globalFlags: the flags are bits 11-23 of the opcode token itself. */
static int dcl_global_flags(struct tpf *t, struct span *s, uint32_t opc)
{
    if (t->have_flags)
        return fail(t, TPF_E_BAD_DECLARATION, s->start, "second dcl_globalFlags");
    t->have_flags = true;
    t->prog->global_flags = (opc & 0x00fff800u) >> 11;
    return 0;
}

/* customdata (0x35): class in bits 11-31, length in the next token.  Class 3 is the immediate
 * constant buffer (length - 2 tokens of vec4 data); comments, debug info, opaque data, shader
 * messages and the DX9 clip-plane mappings are skipped. */
static int customdata(struct tpf *t, uint32_t pos, uint32_t *len)
{
    uint32_t opc = token(t, pos);
    *len = 0;
    if (t->count - pos < 2)
        return fail(t, TPF_E_TRUNCATED, pos, "customdata block without its length token");
    uint32_t n = token(t, pos + 1);
    if (n < 2)
        return fail(t, TPF_E_BAD_INSTRUCTION, pos, "customdata block of length %u", (unsigned)n);
    if (n > t->count - pos)
        return fail(t, TPF_E_TRUNCATED, pos,
                    "customdata block of %u tokens runs past the end of the program "
                    "(%u tokens left)", (unsigned)n, (unsigned)(t->count - pos));
    *len = n;
    if ((opc >> 11) != TPF_CUSTOMDATA_ICB)
        return 0;
    if (t->in_code)
        return fail(t, TPF_E_BAD_DECLARATION, pos,
                    "immediate constant buffer after the first instruction");
    if (t->have_icb)
        return fail(t, TPF_E_BAD_DECLARATION, pos, "second immediate constant buffer");
    if ((n - 2) % 4)
        return fail(t, TPF_E_BAD_DECLARATION, pos,
                    "immediate constant buffer of %u values, not whole vectors",
                    (unsigned)(n - 2));
    uint32_t vec4 = (n - 2) / 4;
    uint32_t *values = malloc(vec4 ? (size_t)vec4 * 4 * sizeof(*values) : 1);
    if (!values)
        return fail(t, TPF_E_NOMEM, pos, "out of memory");
    for (uint32_t i = 0; i < 4 * vec4; i++)
        values[i] = token(t, pos + 2 + i);
    int ret = ir_program_set_icb(t->prog, values, vec4);
    free(values);
    if (ret)
        return fail(t, TPF_E_NOMEM, pos, "out of memory");
    t->have_icb = true;
    t->prog->icb_offset = offset_of(t, pos);
    return 0;
}

/* ---- instructions ------------------------------------------------------------------------- */

static int decode_instruction(struct tpf *t, struct span *s, uint32_t opc,
                              const struct tpf_opcode_info *info)
{
    struct ir_instruction *ins = ir_program_add_instruction(t->prog, (enum ir_opcode)info->ir_op);
    int ret;
    if (!ins)
        return fail(t, TPF_E_NOMEM, s->start, "out of memory");
    ins->offset = offset_of(t, s->start);
    /* bit 13 is saturate, except in sync whose flags occupy bits 11-14 */
    ins->saturate = (info->flags & TPF_F_SYNC) ? 0 : (uint8_t)((opc >> 13) & 1);
    if (info->flags & TPF_F_TEST)
        ins->test = (opc >> 18) & 1 ? IR_TEST_NZ : IR_TEST_Z;
    if (info->flags & TPF_F_RESINFO) {
        unsigned rt = (opc >> 11) & 3;
        if (rt == 3)
            return fail(t, TPF_E_BAD_INSTRUCTION, s->start, "resinfo return type 3");
        ins->return_type = (uint8_t)rt;
    }
    if (info->flags & TPF_F_SAMPLEINFO)
        ins->return_type = (opc >> 11) & 1 ? IR_RETURN_UINT : IR_RETURN_FLOAT;
    if (info->flags & TPF_F_SYNC) {
        /* D3D11_SB_SYNC_*: bits 11-14; at least one (fxc writes no bare sync) */
        ins->sync = (uint8_t)((opc >> TPF_SYNC_SHIFT) & 0xf);
        if (!ins->sync)
            return fail(t, TPF_E_BAD_INSTRUCTION, s->start, "sync without flags");
    }
    if (t->version >= 50)
        ins->precise_mask = (uint8_t)((opc >> 19) & 0xf);

    /* extended opcode tokens, chained by bit 31 */
    for (bool ext = opc >> 31; ext;) {
        uint32_t e, e_at = s->pos;
        if ((ret = next(t, s, &e, "extended opcode token")))
            return ret;
        switch (e & 0x3f) {
        case 0:
            break;
        case 1: /* sample controls: u, v, w offsets, 4-bit two's complement from bit 9 */
            for (unsigned c = 0; c < 3; c++) {
                int v = (int)((e >> (9 + 4 * c)) & 0xf);
                ins->texel_offset[c] = (int8_t)(v >= 8 ? v - 16 : v);
            }
            break;
        case 2: { /* resource dimension bits 6-10, structure stride bits 11-22 */
            unsigned dim = (e >> 6) & 0x1f;
            if (dim >= IR_RES_COUNT)
                return fail(t, TPF_E_BAD_INSTRUCTION, e_at, "resource dimension %u", dim);
            ins->resource_dim = (uint8_t)dim;
            ins->resource_stride = (e >> 11) & 0xfff;
            break;
        }
        case 3: /* return type per component, 4 bits each from bit 6 */
            for (unsigned c = 0; c < 4; c++) {
                unsigned rt = (e >> (6 + 4 * c)) & 0xf;
                if (rt >= IR_RET_COUNT)
                    return fail(t, TPF_E_BAD_INSTRUCTION, e_at, "resource return type %u", rt);
                ins->resource_return[c] = (uint8_t)rt;
            }
            break;
        default:
            return fail(t, TPF_E_BAD_INSTRUCTION, e_at, "unknown extended opcode type %u",
                        (unsigned)(e & 0x3f));
        }
        ext = e >> 31;
    }
    if (info->flags & TPF_F_STREAM) {
        /* emit_stream / cut_stream / emit_then_cut_stream m#: the stream as an operand of
         * type 16 with one immediate index */
        uint32_t tk, v, at = s->pos;
        if ((ret = next(t, s, &tk, "stream operand")) || (ret = next(t, s, &v, "stream index")))
            return ret;
        if (((tk >> 12) & 0xff) != 16 || ((tk >> 20) & 3) != 1 || ((tk >> 22) & 7) != 0)
            return fail(t, TPF_E_BAD_OPERAND, at, "%s without an m# operand", s->name);
        if (v > 3)
            return fail(t, TPF_E_BAD_OPERAND, at, "stream m%u (0..3)", (unsigned)v);
        ins->stream = (uint8_t)v;
    }
    uint32_t call_site = 0;
    if ((info->flags & TPF_F_FCALL) && (ret = next(t, s, &call_site, "call site")))
        return ret;
    for (unsigned d = 0; d < info->dst_count; d++)
        if ((ret = read_dst(t, s, &ins->dst[d], "destination operand")))
            return ret;
    for (unsigned k = 0; k < info->src_count; k++)
        if ((ret = read_src(t, s, &ins->src[k], "source operand")))
            return ret;
    /* fcall: the call site token, then fp#[array index] (an operand with no components) */
    if (info->flags & TPF_F_FCALL)
        ins->src[0].index[2].offset = call_site;
    return 0;
}

/* ---- class linkage (SM5 interfaces: ir_class.h) -------------------------------------------
 *   dcl_function_body   opcode token, the body number fb#
 *   dcl_function_table  opcode token, the table number ft#, the body count n, n body numbers
 *   dcl_interface       opcode token (bit 11: dynamicindexed), the interface number fp# (its
 *                       first slot), the call sites (each table's expected length), then
 *                       table count (bits 0-15) and array size (bits 16-31), the table numbers
 * (the declarations' token layout, d3d11tokenizedprogramformat.hpp).  Not in hull programs. */
static int pool_add(struct tpf *t, struct span *s, uint32_t n, uint32_t *first, const char *what)
{
    *first = t->prog->class_pool.count;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t v, *slot;
        int ret = next(t, s, &v, what);
        if (ret)
            return ret;
        if (!(slot = ir_program_add_class_word(t->prog)))
            return fail(t, TPF_E_NOMEM, s->start, "out of memory");
        *slot = v;
    }
    return 0;
}

static int dcl_class(struct tpf *t, struct span *s, uint32_t opc)
{
    unsigned code = opc & TPF_OPCODE_MASK;
    uint32_t a, b, c;
    int ret;
    if (t->version < 50)
        return fail(t, TPF_E_BAD_DECLARATION, s->start, "%s needs shader model 5.0", s->name);
    if (t->prog->type == IR_SHADER_HULL)
        return fail(t, TPF_E_UNSUPPORTED, s->start, "%s in a hull program is not supported",
                    s->name);
    if ((ret = next(t, s, &a, "number")))
        return ret;
    if (code == TPF_OP_DCL_FUNCTION_BODY) {
        uint32_t *v = ir_program_add_function_body(t->prog);
        if (!v)
            return fail(t, TPF_E_NOMEM, s->start, "out of memory");
        *v = a;
        return 0;
    }
    if (a & IR_LABEL_FUNCTION_BODY)
        return fail(t, TPF_E_BAD_DECLARATION, s->start, "%s number 0x%x", s->name, (unsigned)a);
    if (code == TPF_OP_DCL_FUNCTION_TABLE) {
        struct ir_function_table *ft;
        if ((ret = next(t, s, &b, "body count")))
            return ret;
        if (b > s->end - s->pos)
            return fail(t, TPF_E_BAD_DECLARATION, s->start, "ft%u of %u bodies in %u tokens",
                        (unsigned)a, (unsigned)b, (unsigned)(s->end - s->pos));
        if (!(ft = ir_program_add_function_table(t->prog)))
            return fail(t, TPF_E_NOMEM, s->start, "out of memory");
        ft->id = a;
        ft->count = b;
        return pool_add(t, s, b, &ft->first, "function body");
    }
    struct ir_interface *f;
    if ((ret = next(t, s, &b, "call sites")) || (ret = next(t, s, &c, "table count")))
        return ret;
    uint32_t tables = c & 0xffff, array = c >> 16;
    if (tables > s->end - s->pos)
        return fail(t, TPF_E_BAD_DECLARATION, s->start, "fp%u of %u tables in %u tokens",
                    (unsigned)a, (unsigned)tables, (unsigned)(s->end - s->pos));
    if (!(f = ir_program_add_interface(t->prog)))
        return fail(t, TPF_E_NOMEM, s->start, "out of memory");
    f->id = a;
    f->call_sites = b;
    f->array_size = array;
    f->count = tables;
    f->dynamic = (opc & TPF_INTERFACE_DYNAMIC) != 0;
    if (array && a < IR_MAX_INTERFACE_SLOTS && array <= IR_MAX_INTERFACE_SLOTS - a &&
        a + array > t->prog->interface_slots)
        t->prog->interface_slots = a + array;
    return pool_add(t, s, tables, &f->first, "function table");
}

/* ld_raw / ld_structured in a vs/gs/ps 4_x program (D3D11.3 18.7.2.4: with the 10_x option
 * "the ability to read from raw and structured buffers" is added to those shader models;
 * 18.7.3.2: only with D3D11_SB_GLOBAL_FLAG_ENABLE_RAW_AND_STRUCTURED_BUFFERS).  Every such
 * stage reads them as shader model 5's do (the VM's memory instructions on the stage's own
 * t# views: d3d11/context_draw.c translate_stage_memory); writes stay cs_4_x's u0. */
static int sm4_srv_load(struct tpf *t, uint32_t pos, const char *name)
{
    static const char *const kinds[] = {"pixel", "vertex", "geometry"};
    unsigned type = t->prog->type < 3 ? t->prog->type : 0;
    if (!(t->prog->global_flags & IR_GLOBAL_ENABLE_RAW_STRUCTURED_BUFFERS))
        return fail(t, TPF_E_BAD_INSTRUCTION, pos, "%s in a shader model 4 %s program needs "
                    "dcl_globalFlags enableRawAndStructuredBuffers (D3D11.3 18.7.3.2)", name,
                    kinds[type]);
    return 0;
}

static int decode_program(struct tpf *t, uint32_t pos, uint32_t end)
{
    int ret = 0;

    while (pos < end && !ret) { /* every pass advances pos by at least one token */
        uint32_t opc = token(t, pos), len = 0;
        unsigned code = opc & 0x7ff; /* bits 0-10 */
        const struct tpf_opcode_info *info = tpf_opcode_get(code);

        if (info->kind == TPF_KIND_CUSTOMDATA) {
            if (!(ret = customdata(t, pos, &len)))
                pos += len;
            continue;
        }
        if (info->kind == TPF_KIND_UNKNOWN)
            return fail(t, TPF_E_UNKNOWN_OPCODE, pos, "unknown opcode 0x%x", code);
        if (info->kind == TPF_KIND_UNSUPPORTED)
            return fail(t, TPF_E_UNSUPPORTED, pos, "opcode %s (0x%x) is not supported (%s)",
                        info->name, code, info->why);
        if ((info->flags & TPF_F_SM5) && cs4(t) && !cs4_opcode(code))
            return fail(t, TPF_E_BAD_INSTRUCTION, pos, "%s (0x%x) is not in cs_4_%u (of shader "
                        "model 5 only ld/store_raw, ld/store_structured and sync; D3D11.3 "
                        "18.7.2.5)", info->name, code, t->version % 10);
        bool srv_load = (info->flags & TPF_F_SM5) && t->version < 50 && !cs4(t) &&
                        (code == TPF_OP_LD_RAW || code == TPF_OP_LD_STRUCTURED);
        if (srv_load && (ret = sm4_srv_load(t, pos, info->name)))
            return ret;
        if (((info->flags & TPF_F_SM5) && t->version < 50 && !cs4(t) && !srv_load) ||
            ((info->flags & TPF_F_SM41) && t->version < 41))
            return fail(t, TPF_E_BAD_INSTRUCTION, pos, "%s (0x%x) needs shader model %s",
                        info->name, code, (info->flags & TPF_F_SM5) ? "5.0" : "4.1");
        len = (opc >> 24) & 0x7f; /* bits 24-30 */
        if (len == 0)
            return fail(t, TPF_E_BAD_INSTRUCTION, pos, "%s (0x%x) with length 0", info->name,
                        code);
        if (len > end - pos)
            return fail(t, TPF_E_TRUNCATED, pos,
                        "%s (0x%x) of %u tokens runs past the end of the program "
                        "(%u tokens left)", info->name, code, (unsigned)len,
                        (unsigned)(end - pos));
        struct span s = {pos, pos + 1, pos + len, info->name};
        if (info->kind == TPF_KIND_DECLARATION) {
            if (t->in_code)
                return fail(t, TPF_E_BAD_DECLARATION, pos, "%s after the first instruction",
                            info->name);
            if (opc >> 31)
                return fail(t, TPF_E_BAD_DECLARATION, pos, "%s with an extended opcode token",
                            info->name);
            ret = dcl_fns[code](t, &s, opc);
        } else {
            t->in_code = true;
            ret = decode_instruction(t, &s, opc, info);
        }
        if (!ret && s.pos != s.end)
            return fail(t, TPF_E_BAD_INSTRUCTION, pos,
                        "%s (0x%x) of length %u leaves %u tokens unused", info->name, code,
                        (unsigned)len, (unsigned)(s.end - s.pos));
        pos += len;
    }
    return ret;
}

/* ---- hull programs ------------------------------------------------------------------------
 * hs_decls, then the phases, each opened by its opcode (hs_control_point_phase,
 * hs_fork_phase, hs_join_phase: one token each) and running to the next one or the end
 * (10.6).  Each phase decodes as a program of its own into the container's hs_phases, with
 * copies of the tessellator declarations; global flags apply to every phase. */

/* The token where the phase starting at pos ends: the next phase opcode, or end.  Lengths are
 * only followed here; decode_program checks them. */
static uint32_t phase_end(const struct tpf *t, uint32_t pos, uint32_t end)
{
    while (pos < end) {
        uint32_t opc = token(t, pos), code = opc & 0x7ff, len;
        if (code >= 0x72 && code <= 0x74)
            return pos;
        if (code == 0x35)
            len = pos + 1 < end ? token(t, pos + 1) : 0;
        else
            len = (opc >> 24) & 0x7f;
        if (len == 0 || len > end - pos)
            return end;
        pos += len;
    }
    return end;
}

static int decode_hull(struct tpf *t)
{
    struct ir_program *hull = t->prog;
    uint32_t pos = 2, end = t->count;
    if (pos >= end || (token(t, pos) & 0x7ff) != 0x71 || ((token(t, pos) >> 24) & 0x7f) != 1)
        return fail(t, TPF_E_BAD_INSTRUCTION, pos, "a hull program must begin with hs_decls");
    pos++;
    uint32_t stop = phase_end(t, pos, end);
    int ret = decode_program(t, pos, stop);
    if (!ret && t->in_code)
        ret = fail(t, TPF_E_BAD_INSTRUCTION, pos, "instructions in hs_decls");
    for (pos = stop; !ret && pos < end; pos = stop) {
        uint32_t opc = token(t, pos);
        if (((opc >> 24) & 0x7f) != 1 || (opc >> 31))
            return fail(t, TPF_E_BAD_INSTRUCTION, pos, "phase token 0x%08x", (unsigned)opc);
        if (hull->hs_phase_count >= 1 + 2 * IR_MAX_HS_INSTANCES)
            return fail(t, TPF_E_BAD_INSTRUCTION, pos, "too many hull phases");
        struct ir_program *phases = realloc(hull->hs_phases,
                                            (hull->hs_phase_count + 1) * sizeof(*phases));
        if (!phases)
            return fail(t, TPF_E_NOMEM, pos, "out of memory");
        hull->hs_phases = phases;
        struct ir_program *q = &phases[hull->hs_phase_count++];
        ir_program_init(q, IR_SHADER_HULL, IR_SOURCE_TPF, hull->major, hull->minor);
        q->hs_phase = (uint8_t)((opc & 0x7ff) - 0x71);
        q->global_flags = hull->global_flags;
        q->tess_domain = hull->tess_domain;
        q->tess_partitioning = hull->tess_partitioning;
        q->tess_primitive = hull->tess_primitive;
        q->tess_input_cp = hull->tess_input_cp;
        q->tess_output_cp = hull->tess_output_cp;
        q->hs_max_tessfactor = hull->hs_max_tessfactor;
        t->prog = q;
        t->in_code = t->have_temps = t->have_flags = t->have_icb = false;
        stop = phase_end(t, pos + 1, end);
        ret = decode_program(t, pos + 1, stop);
        t->prog = hull;
    }
    return ret;
}

/* ---- entry points ----------------------------------------------------------------------------- */

static void clear_error(struct tpf_error *err)
{
    if (err) {
        err->code = TPF_OK;
        err->offset = 0;
        err->message[0] = '\0';
    }
}

static int decode_at(const uint8_t *data, size_t size, size_t base, struct ir_program *out,
                     struct tpf_error *err)
{
    /* version token: bits 0-3 minor, 4-7 major, 16-31 program type; then the length token */
    if (size < 8)
        return fail_at(err, TPF_E_TRUNCATED, base,
                       "token stream of %zu bytes lacks the version and length tokens", size);
    uint32_t ver = rd32(data), len = rd32(data + 4);
    unsigned type = ver >> 16, major = (ver >> 4) & 0xf, minor = ver & 0xf;
    static const char *const kinds[] = {"pixel", "vertex", "geometry", "hull", "domain",
                                        "compute"};
    if (type > 5)
        return fail_at(err, TPF_E_BAD_HEADER, base, "unknown program type %u", type);
    /* hull and domain programs are shader model 5.0 only; compute programs 4.0, 4.1 (the
     * D3D10_X_HARDWARE_OPTIONS subset, D3D11.3 18.7.2.5) and 5.0 */
    if ((type == 3 || type == 4) && major != 5)
        return fail_at(err, TPF_E_BAD_HEADER, base, "%s program of shader model %u.%u (5.0 "
                       "only)", kinds[type], major, minor);
    if (major == 5 && minor == 1)
        return fail_at(err, TPF_E_UNSUPPORTED, base, "shader model 5.1 is not supported");
    if (!((major == 4 && minor <= 1) || (major == 5 && minor == 0)))
        return fail_at(err, TPF_E_BAD_HEADER, base, "shader model %u.%u", major, minor);
    if (len < 2)
        return fail_at(err, TPF_E_BAD_HEADER, base + 4, "program length %u", (unsigned)len);
    if (len > size / 4)
        return fail_at(err, TPF_E_TRUNCATED, base + 4,
                       "program length %u tokens, but only %zu bytes given", (unsigned)len,
                       size);

    struct tpf t;
    memset(&t, 0, sizeof(t));
    t.data = data;
    t.count = len;
    t.base = base;
    t.version = major * 10 + minor;
    t.err = err;
    t.prog = out;
    ir_program_init(out, (enum ir_shader_type)type, IR_SOURCE_TPF, major, minor);

    int ret = type == IR_SHADER_HULL ? decode_hull(&t) : decode_program(&t, 2, len);
    if (ret)
        return ret;
    struct ir_error ierr;
    ret = ir_validate(out, &ierr);
    if (ret == IR_E_NOMEM)
        return fail_at(err, TPF_E_NOMEM, base, "out of memory");
    if (ret) {
        if (err) {
            /* "tpf: invalid program: ir: instruction 3 (add) at offset 0x2c: ..." */
            static const char prefix[] = "tpf: invalid program: ";
            err->code = TPF_E_INVALID_PROGRAM;
            err->offset = ierr.offset;
            memcpy(err->message, prefix, sizeof(prefix));
            size_t room = sizeof(err->message) - (sizeof(prefix) - 1);
            size_t n = strlen(ierr.message);
            if (n >= room)
                n = room - 1;
            memcpy(err->message + sizeof(prefix) - 1, ierr.message, n);
            err->message[sizeof(prefix) - 1 + n] = '\0';
        }
        return TPF_E_INVALID_PROGRAM;
    }
    return 0;
}

int tpf_decode(const void *tokens, size_t size, struct ir_program *out, struct tpf_error *err)
{
    clear_error(err);
    if (!out)
        return fail_at(err, TPF_E_INVALID_ARG, 0, "no output program");
    memset(out, 0, sizeof(*out));
    if (!tokens)
        return fail_at(err, TPF_E_INVALID_ARG, 0, "no tokens");
    int ret = decode_at(tokens, size, 0, out, err);
    if (ret)
        ir_program_free(out);
    return ret;
}

int tpf_decode_blob(const void *blob, size_t size, unsigned dxbc_flags, struct ir_program *out,
                    struct tpf_error *err)
{
    struct dxbc_container c;
    struct dxbc_chunk chunk;
    struct dxbc_error derr;

    clear_error(err);
    if (!out)
        return fail_at(err, TPF_E_INVALID_ARG, 0, "no output program");
    memset(out, 0, sizeof(*out));
    if (!blob)
        return fail_at(err, TPF_E_INVALID_ARG, 0, "no blob");
    if (dxbc_container_open(&c, blob, size, dxbc_flags, &derr) < 0)
        return fail_at(err, TPF_E_CONTAINER, derr.offset, "container refused (%s)",
                       derr.message);
    if (!dxbc_container_find(&c, DXBC_TAG_SHDR, &chunk) &&
        !dxbc_container_find(&c, DXBC_TAG_SHEX, &chunk))
        return fail_at(err, TPF_E_CONTAINER, 0, "no SHDR or SHEX chunk");
    int ret = decode_at(chunk.data, chunk.size, chunk.offset, out, err);
    if (ret)
        ir_program_free(out);
    return ret;
}
