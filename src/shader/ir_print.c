/* src/shader/ir_print.c — the IR as fxc-like text (ir_print, ir_print_to_string), for --ir
 * dumps, tests and diagnostics.  The format is described at ir_print in ir.h: one header line
 * ("ps_4_0"), the declarations in a fixed order, then one instruction per line with fxc's
 * mnemonics and suffixes (_sat, _z/_nz, _uint, _aoffimmi(u,v,w), _indexable(dim)(types)).
 * Printing never fails on a strange program: out-of-range fields print as "?".
 */
#include "shader/ir.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define IR_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define IR_PRINTF(f, a)
#endif

struct sbuf {
    char *text;
    size_t len, cap;
    bool failed;
};

static void sb_printf(struct sbuf *b, const char *fmt, ...) IR_PRINTF(2, 3);

static void sb_printf(struct sbuf *b, const char *fmt, ...)
{
    va_list ap;
    if (b->failed)
        return;
    for (;;) {
        size_t room = b->cap - b->len;
        va_start(ap, fmt);
        int n = vsnprintf(b->text ? b->text + b->len : NULL, room, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = true;
            return;
        }
        if ((size_t)n < room) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap : 256;
        while (cap - b->len <= (size_t)n) {
            if (cap > SIZE_MAX / 2) {
                b->failed = true;
                return;
            }
            cap *= 2;
        }
        char *t = realloc(b->text, cap);
        if (!t) {
            b->failed = true;
            return;
        }
        b->text = t;
        b->cap = cap;
    }
}

static const char comp_letter[4] = {'x', 'y', 'z', 'w'};

static void mask_text(unsigned mask, char out[6])
{
    unsigned k = 0;
    out[k++] = '.';
    for (unsigned c = 0; c < 4; c++)
        if (mask & (1u << c))
            out[k++] = comp_letter[c];
    out[k] = '\0';
}

/* fxc-ish literal: small integers as integers, ordinary floats as floats, the rest in hex. */
static void literal_text(uint32_t bits, bool as_int, char *buf, size_t size)
{
    int32_t si = (int32_t)bits;
    if (as_int || (si >= -65536 && si <= 65536 && (bits & 0x7f800000u) == 0)) {
        if (as_int || bits == 0)
            snprintf(buf, size, "%d", (int)si);
        else
            snprintf(buf, size, "0x%08x", (unsigned)bits);
        return;
    }
    unsigned exp = (bits >> 23) & 0xff;
    if (exp == 0xff || exp == 0) {
        snprintf(buf, size, "0x%08x", (unsigned)bits);
        return;
    }
    float f;
    memcpy(&f, &bits, sizeof(f));
    snprintf(buf, size, "%.9g", (double)f);
    if (!strpbrk(buf, ".eEn"))
        snprintf(buf + strlen(buf), size - strlen(buf), ".0");
}

static const char *const file_prefix[IR_FILE_COUNT] = {
    "null", "r", "x", "v", "o", "cb", "icb", "l", "s", "t", "l", "oDepth", "oDepthGE",
    "oDepthLE", "oMask", "vCoverage", "rasterizer", "a", "aL", "p", "v", "vPrim",
    "vocp", "vpc", "vDomain", "vOutputControlPointID", "vForkInstanceID", "vJoinInstanceID",
    "u", "g", "vThreadID", "vThreadGroupID", "vThreadIDInGroup", "vThreadIDInGroupFlattened",
    "vGSInstanceID", "fp", "this",
};

static void index_text(const struct ir_index *ix, char *buf, size_t size)
{
    if (ix->rel.file == IR_FILE_NULL) {
        snprintf(buf, size, "%u", (unsigned)ix->offset);
        return;
    }
    const char *pre = ix->rel.file < IR_FILE_COUNT ? file_prefix[ix->rel.file] : "?";
    char c = comp_letter[ix->rel.component & 3];
    if (ix->rel.file == IR_FILE_INDEXABLE_TEMP)
        snprintf(buf, size, "%s%u[%u].%c + %u", pre, (unsigned)ix->rel.reg,
                 (unsigned)ix->rel.element, c, (unsigned)ix->offset);
    else if (ix->rel.file == IR_FILE_LOOP_COUNTER)
        snprintf(buf, size, "%s.%c + %u", pre, c, (unsigned)ix->offset);
    else
        snprintf(buf, size, "%s%u.%c + %u", pre, (unsigned)ix->rel.reg, c, (unsigned)ix->offset);
}

void ir_format_operand(const struct ir_operand *op, bool is_dst, bool int_literals, char *buf,
                       size_t size)
{
    char body[160], sel[8] = "", i0[48], i1[48];
    unsigned f = op->file;
    const char *pre = f < IR_FILE_COUNT ? file_prefix[f] : "?";

    if (f == IR_FILE_IMMEDIATE) {
        size_t k = (size_t)snprintf(body, sizeof(body), "l(");
        for (unsigned c = 0; c < (op->imm_count == 1 ? 1u : 4u) && k < sizeof(body); c++) {
            char lit[24];
            literal_text(op->imm[c], int_literals, lit, sizeof(lit));
            k += (size_t)snprintf(body + k, sizeof(body) - k, "%s%s", c ? ", " : "", lit);
        }
        if (k < sizeof(body))
            snprintf(body + k, sizeof(body) - k, ")");
    } else {
        index_text(&op->index[0], i0, sizeof(i0));
        index_text(&op->index[1], i1, sizeof(i1));
        switch (f) {
        case IR_FILE_TEMP: case IR_FILE_INPUT: case IR_FILE_OUTPUT: case IR_FILE_SAMPLER:
        case IR_FILE_PATCH_CONSTANT:
        case IR_FILE_RESOURCE: case IR_FILE_LABEL: case IR_FILE_ADDRESS: case IR_FILE_PREDICATE:
        case IR_FILE_UAV: case IR_FILE_TGSM:
            if (f == IR_FILE_LABEL && (op->index[0].offset & IR_LABEL_FUNCTION_BODY))
                snprintf(body, sizeof(body), "fb%u",
                         (unsigned)(op->index[0].offset & ~IR_LABEL_FUNCTION_BODY));
            else if (op->index[0].rel.file == IR_FILE_NULL)
                snprintf(body, sizeof(body), "%s%s", pre, i0);
            else
                snprintf(body, sizeof(body), "%s[%s]", pre, i0);
            break;
        case IR_FILE_INDEXABLE_TEMP:
        case IR_FILE_CONSTANT_BUFFER:
            snprintf(body, sizeof(body), "%s%s[%s]", pre, i0, i1);
            break;
        case IR_FILE_IMMEDIATE_CB:
            snprintf(body, sizeof(body), "%s[%s]", pre, i0);
            break;
        case IR_FILE_INPUT_VERTEX:
            snprintf(body, sizeof(body), "v[%s][%s]", i0, i1);
            break;
        case IR_FILE_OUTPUT_CONTROL_POINT:
            snprintf(body, sizeof(body), "vocp[%s][%s]", i0, i1);
            break;
        case IR_FILE_INTERFACE:   /* fcall fp#[index][call site] */
            snprintf(body, sizeof(body), "fp%s[%s][%u]", i0, i1, (unsigned)op->index[2].offset);
            break;
        case IR_FILE_THIS_POINTER:
            snprintf(body, sizeof(body), "this[%s]", i0);
            break;
        default:
            snprintf(body, sizeof(body), "%s", pre);
            break;
        }
        bool scalar_file = f == IR_FILE_NULL || f == IR_FILE_LABEL || f == IR_FILE_RASTERIZER ||
                           f == IR_FILE_DEPTH_OUT || f == IR_FILE_DEPTH_GE_OUT ||
                           f == IR_FILE_DEPTH_LE_OUT || f == IR_FILE_COVERAGE_OUT ||
                           f == IR_FILE_INPUT_COVERAGE || f == IR_FILE_LOOP_COUNTER ||
                           f == IR_FILE_PRIMITIVE_ID || f == IR_FILE_OUTPUT_CONTROL_POINT_ID ||
                           f == IR_FILE_FORK_INSTANCE_ID || f == IR_FILE_JOIN_INSTANCE_ID ||
                           f == IR_FILE_GS_INSTANCE_ID || f == IR_FILE_INTERFACE;
        if (is_dst) {
            if (!scalar_file)
                mask_text(op->mask, sel);
        } else if (f == IR_FILE_SAMPLER) {
            if (op->swizzle != IR_SWIZZLE_XYZW)
                snprintf(sel, sizeof(sel), ".%c", comp_letter[op->swizzle & 3]);
        } else if (!scalar_file) {
            sel[0] = '.';
            for (unsigned c = 0; c < 4; c++)
                sel[c + 1] = comp_letter[IR_SWIZZLE_COMPONENT(op->swizzle, c)];
            sel[5] = '\0';
        }
    }
    const char *neg = (op->modifiers & IR_MOD_NEG) ? "-" : "";
    const char *bar = (op->modifiers & IR_MOD_ABS) ? "|" : "";
    snprintf(buf, size, "%s%s%s%s%s", neg, bar, body, sel, bar);
}

static const char *const ret_names[IR_RET_COUNT] = {
    "?", "unorm", "snorm", "sint", "uint", "float", "mixed", "double", "continued", "unused",
};

static const char *const interp_names[IR_INTERP_COUNT] = {
    "", "constant", "linear", "linear centroid", "linear noperspective",
    "linear noperspective centroid", "linear sample", "linear noperspective sample",
};

static void print_returns(struct sbuf *b, const uint8_t r[4])
{
    sb_printf(b, "(%s,%s,%s,%s)", ret_names[r[0] < IR_RET_COUNT ? r[0] : 0],
              ret_names[r[1] < IR_RET_COUNT ? r[1] : 0], ret_names[r[2] < IR_RET_COUNT ? r[2] : 0],
              ret_names[r[3] < IR_RET_COUNT ? r[3] : 0]);
}

static void print_io(struct sbuf *b, const struct ir_io_decl *d, bool input, bool pixel)
{
    char opnd[200];
    struct ir_operand op = ir_dst((enum ir_file)d->file, d->reg, d->mask);
    static const char *const kinds[3] = {"", "_siv", "_sgv"};
    ir_format_operand(&op, true, false, opnd, sizeof(opnd));
    bool ps = input && pixel && d->file == IR_FILE_INPUT;
    sb_printf(b, "dcl_%s%s%s", input ? "input" : "output", ps ? "_ps" : "",
              kinds[d->kind <= IR_IO_SGV ? d->kind : 0]);
    if (ps && d->interpolation && d->interpolation < IR_INTERP_COUNT)
        sb_printf(b, " %s", interp_names[d->interpolation]);
    sb_printf(b, " %s", opnd);
    if (d->kind != IR_IO_PLAIN)
        sb_printf(b, ", %s", ir_sysval_name(d->sysval));
    if (d->usage != IR_USAGE_NONE)
        sb_printf(b, " // usage %u, index %u", d->usage, d->usage_index);
    if (d->stream)
        sb_printf(b, " // stream m%u", d->stream);
    sb_printf(b, "\n");
}

static void print_declarations(struct sbuf *b, const struct ir_program *p)
{
    static const char *const flag_names[] = {
        "refactoringAllowed", "enableDoublePrecisionFloatOps", "forceEarlyDepthStencil",
        "enableRawAndStructuredBuffers", "skipOptimization", "enableMinimumPrecision",
        "enable11_1DoubleExtensions", "enable11_1ShaderExtensions", "allResourcesBound",
    };
    static const char *const modes[3] = {"mode_default", "mode_comparison", "mode_mono"};

    if (p->global_flags) {
        const char *sep = " ";
        sb_printf(b, "dcl_globalFlags");
        for (unsigned k = 0; k < 32; k++)
            if (p->global_flags & (1u << k)) {
                if (k < sizeof(flag_names) / sizeof(flag_names[0]))
                    sb_printf(b, "%s%s", sep, flag_names[k]);
                else
                    sb_printf(b, "%sflag%u", sep, k);
                sep = " | ";
            }
        sb_printf(b, "\n");
    }
    if (p->icb_size) {
        sb_printf(b, "dcl_immediateConstantBuffer {");
        for (uint32_t i = 0; i < p->icb_size; i++) {
            const uint32_t *q = &p->icb.items[4 * (size_t)i];
            sb_printf(b, "%s { 0x%08x, 0x%08x, 0x%08x, 0x%08x }", i ? "," : "", (unsigned)q[0],
                      (unsigned)q[1], (unsigned)q[2], (unsigned)q[3]);
        }
        sb_printf(b, " }\n");
    }
    for (uint32_t i = 0; i < p->cbuffers.count; i++) {
        const struct ir_cbuffer *c = &p->cbuffers.items[i];
        sb_printf(b, "dcl_constantbuffer cb%u[%u], %s\n", (unsigned)c->slot, (unsigned)c->size,
                  c->dynamic ? "dynamicIndexed" : "immediateIndexed");
    }
    for (uint32_t i = 0; i < p->samplers.count; i++) {
        const struct ir_sampler *s = &p->samplers.items[i];
        sb_printf(b, "dcl_sampler s%u, %s\n", (unsigned)s->slot, modes[s->mode < 3 ? s->mode : 0]);
    }
    for (uint32_t i = 0; i < p->resources.count; i++) {
        const struct ir_resource *r = &p->resources.items[i];
        sb_printf(b, "dcl_resource_%s", ir_resource_dim_name(r->dim));
        if (r->sample_count)
            sb_printf(b, "(%u)", r->sample_count);
        sb_printf(b, " ");
        print_returns(b, r->return_type);
        sb_printf(b, " t%u\n", (unsigned)r->slot);
    }
    if (p->type == IR_SHADER_GEOMETRY) {
        static const char *const in_names[8] = {"undefined", "point", "line", "triangle", "?",
                                                "?", "lineadj", "triangleadj"};
        static const char *const out_names[6] = {"undefined", "pointlist", "?", "linestrip",
                                                 "?", "trianglestrip"};
        char patch[16];
        snprintf(patch, sizeof(patch), "patch%u", (unsigned)p->gs_input - IR_GS_IN_PATCH_1 + 1);
        sb_printf(b, "dcl_inputprimitive %s\ndcl_outputtopology %s\ndcl_maxout %u\n",
                  p->gs_input >= IR_GS_IN_PATCH_1 && p->gs_input <= IR_GS_IN_PATCH_32 ? patch :
                  in_names[p->gs_input < 8 ? p->gs_input : 4],
                  out_names[p->gs_output < 6 ? p->gs_output : 2], (unsigned)p->gs_max_vertices);
        if (p->gs_instances > 1)
            sb_printf(b, "dcl_gsinstances %u\n", (unsigned)p->gs_instances);
        for (unsigned m = 0; m < 4; m++)   /* the streams; each output says its own below */
            if (p->gs_streams & (1u << m))
                sb_printf(b, "dcl_stream m%u\n", m);
    }
    if (p->type == IR_SHADER_COMPUTE)
        sb_printf(b, "dcl_thread_group %u, %u, %u\n", (unsigned)p->cs_threads[0],
                  (unsigned)p->cs_threads[1], (unsigned)p->cs_threads[2]);
    for (uint32_t i = 0; i < p->uavs.count; i++) {
        const struct ir_uav *u = &p->uavs.items[i];
        if (u->dim == IR_RES_RAW_BUFFER)
            sb_printf(b, "dcl_uav_raw u%u\n", (unsigned)u->slot);
        else if (u->dim == IR_RES_STRUCTURED_BUFFER)
            sb_printf(b, "dcl_uav_structured%s u%u, %u\n",
                      u->flags & IR_UAV_COUNTER ? "_opc" : "", (unsigned)u->slot,
                      (unsigned)u->stride);
        else {
            sb_printf(b, "dcl_uav_typed_%s ", ir_resource_dim_name(u->dim));
            print_returns(b, u->return_type);
            sb_printf(b, " u%u\n", (unsigned)u->slot);
        }
    }
    for (uint32_t i = 0; i < p->tgsm.count; i++) {
        const struct ir_tgsm *g = &p->tgsm.items[i];
        if (g->stride)
            sb_printf(b, "dcl_tgsm_structured g%u, %u, %u\n", (unsigned)g->reg,
                      (unsigned)g->stride, (unsigned)(g->size / g->stride));
        else
            sb_printf(b, "dcl_tgsm_raw g%u, %u\n", (unsigned)g->reg, (unsigned)g->size);
    }
    if (p->type == IR_SHADER_HULL || p->type == IR_SHADER_DOMAIN) {
        /* as comments: the phase structure is the container's (ir_print prints each phase) */
        sb_printf(b, "// tessellator: domain %u, partitioning %u, output primitive %u; control "
                  "points %u in, %u out; phase %u x%u\n", p->tess_domain, p->tess_partitioning,
                  p->tess_primitive, (unsigned)p->tess_input_cp, (unsigned)p->tess_output_cp,
                  p->hs_phase, (unsigned)p->hs_instances);
    }
    for (uint32_t i = 0; i < p->inputs.count; i++)
        print_io(b, &p->inputs.items[i], true, p->type == IR_SHADER_PIXEL);
    for (uint32_t i = 0; i < p->outputs.count; i++)
        print_io(b, &p->outputs.items[i], false, p->type == IR_SHADER_PIXEL);
    for (uint32_t i = 0; i < p->index_ranges.count; i++) {
        const struct ir_index_range *r = &p->index_ranges.items[i];
        char m[6];
        mask_text(r->mask, m);
        sb_printf(b, "dcl_indexRange %s%u%s %u\n", r->file == IR_FILE_INPUT ? "v" : "o",
                  (unsigned)r->first, m, (unsigned)r->count);
    }
    if (p->temp_count)
        sb_printf(b, "dcl_temps %u\n", (unsigned)p->temp_count);
    for (uint32_t i = 0; i < p->indexable_temps.count; i++) {
        const struct ir_indexable_temp *x = &p->indexable_temps.items[i];
        sb_printf(b, "dcl_indexableTemp x%u[%u], %u\n", (unsigned)x->reg, (unsigned)x->size,
                  x->components);
    }
    if (p->address_count || p->predicate_count || p->has_loop_counter)
        sb_printf(b, "// address registers %u, predicate registers %u, loop counter %s\n",
                  (unsigned)p->address_count, (unsigned)p->predicate_count,
                  p->has_loop_counter ? "yes" : "no");
}

static void print_instruction(struct sbuf *b, const struct ir_instruction *ins)
{
    const struct ir_op_info *info = ir_op_get(ins->op);
    bool int_lit = info && (info->flags & IR_OPF_INT);

    if (ins->pred.active) {
        sb_printf(b, "(%sp%u.", ins->pred.negate ? "!" : "", (unsigned)ins->pred.index);
        for (unsigned c = 0; c < 4; c++)
            sb_printf(b, "%c", comp_letter[IR_SWIZZLE_COMPONENT(ins->pred.swizzle, c)]);
        sb_printf(b, ") ");
    }
    sb_printf(b, "%s", ir_op_name(ins->op));
    if (ins->stream)
        sb_printf(b, "_stream m%u", ins->stream);
    if (ins->test)
        sb_printf(b, "%s", ins->test == IR_TEST_Z ? "_z" : "_nz");
    if (ins->sync & IR_SYNC_UAV_GLOBAL)
        sb_printf(b, "_uglobal");
    if (ins->sync & IR_SYNC_UAV_GROUP)
        sb_printf(b, "_ugroup");
    if (ins->sync & IR_SYNC_TGSM)
        sb_printf(b, "_g");
    if (ins->sync & IR_SYNC_THREADS)
        sb_printf(b, "_t");
    if (ins->op == IR_OP_RESINFO && ins->return_type)
        sb_printf(b, "%s", ins->return_type == IR_RETURN_UINT ? "_uint" : "_rcpFloat");
    if (ins->op == IR_OP_SAMPLEINFO && ins->return_type == IR_RETURN_UINT)
        sb_printf(b, "_uint");
    if (ins->saturate)
        sb_printf(b, "_sat");
    bool offs = ins->texel_offset[0] || ins->texel_offset[1] || ins->texel_offset[2];
    if (offs)
        sb_printf(b, "_aoffimmi");
    if (ins->resource_dim)
        sb_printf(b, "_indexable");
    if (offs)
        sb_printf(b, "(%d,%d,%d)", ins->texel_offset[0], ins->texel_offset[1],
                  ins->texel_offset[2]);
    if (ins->resource_dim)
        sb_printf(b, "(%s)", ir_resource_dim_name(ins->resource_dim));
    if (ins->resource_return[0])
        print_returns(b, ins->resource_return);
    unsigned nd = ins->dst_count < IR_MAX_DST ? ins->dst_count : IR_MAX_DST;
    unsigned ns = ins->src_count < IR_MAX_SRC ? ins->src_count : IR_MAX_SRC;
    for (unsigned k = 0; k < nd + ns; k++) {
        char text[200];
        bool dst = k < nd;
        ir_format_operand(dst ? &ins->dst[k] : &ins->src[k - nd], dst, int_lit, text,
                          sizeof(text));
        sb_printf(b, "%s%s", k ? ", " : " ", text);
    }
    if (ins->precise_mask) {
        char m[6];
        mask_text(ins->precise_mask, m);
        sb_printf(b, " // precise(%s)", m + 1);
    }
    sb_printf(b, "\n");
}

char *ir_print_to_string(const struct ir_program *prog)
{
    struct sbuf b = {NULL, 0, 0, false};
    static const char *const kinds[] = {"ps", "vs", "gs", "hs", "ds", "cs"};
    sb_printf(&b, "%s_%u_%u\n", kinds[prog->type < 6 ? prog->type : 0], prog->major,
              prog->minor);
    print_declarations(&b, prog);
    for (uint32_t i = 0; i < prog->instructions.count; i++)
        print_instruction(&b, &prog->instructions.items[i]);
    for (uint32_t k = 0; k < prog->hs_phase_count; k++) {
        static const char *const phases[] = {"hs_decls", "hs_control_point_phase",
                                             "hs_fork_phase", "hs_join_phase"};
        const struct ir_program *q = &prog->hs_phases[k];
        sb_printf(&b, "%s\n", phases[q->hs_phase & 3]);
        print_declarations(&b, q);
        for (uint32_t i = 0; i < q->instructions.count; i++)
            print_instruction(&b, &q->instructions.items[i]);
    }
    if (b.failed) {
        free(b.text);
        return NULL;
    }
    return b.text;
}

int ir_print(const struct ir_program *prog, FILE *out)
{
    char *text = ir_print_to_string(prog);
    if (!text)
        return -1;
    size_t len = strlen(text);
    int ret = fwrite(text, 1, len, out) == len ? 0 : -1;
    free(text);
    return ret;
}
