/* src/shader/ir_validate.c — ir_validate (ir.h): the boundary between producers (tpf.c,
 * d3dbc.c, the fixed-function generators) and the VM.  It must terminate quickly on anything
 * a hostile blob can make a decoder produce, so every check is linear in the program size or
 * bounded by the IR_MAX_* limits: declarations are checked against the limits *before* any
 * pairwise comparison, per register tables replace searches, and control flow is one pass
 * with an explicit stack.  (The opcode tables and construction helpers are ir.c.) */
#include "shader/ir.h"
#include "shader/ir_tess.h"
#include "shader/ir_class.h"
#include "shader/ir_compute.h"
#include "shader/ir_eval.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define IR_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define IR_PRINTF(f, a)
#endif

/* ---- validation ----------------------------------------------------------------------------- */

struct vctx {
    struct ir_program *prog;
    struct ir_error *err;
    /* per register: components declared (inputs/outputs) and covered by index ranges */
    uint8_t in_mask[IR_MAX_INPUTS], out_mask[4][IR_MAX_OUTPUTS];   /* outputs: by stream */
    uint8_t in_range[IR_MAX_INPUTS], out_range[IR_MAX_OUTPUTS];
    bool specials[IR_FILE_COUNT];                /* 0-D special registers declared */
    const struct ir_cbuffer *cb[IR_MAX_CB_SLOTS];
    const struct ir_sampler *smp[IR_MAX_SAMPLERS];
    const struct ir_resource *res[IR_MAX_RESOURCES];
    const struct ir_indexable_temp **xs; /* sorted by register number, for binary search */
    uint32_t nxs;
};

static int vfail(struct vctx *v, uint32_t ins, size_t offset, const char *fmt, ...) IR_PRINTF(4, 5);

static int vfail(struct vctx *v, uint32_t ins, size_t offset, const char *fmt, ...)
{
    if (v->err) {
        char *msg = v->err->message;
        size_t size = sizeof(v->err->message);
        int n;
        va_list ap;
        v->err->code = IR_E_INVALID;
        v->err->instruction = ins;
        v->err->offset = offset;
        if (ins == IR_NO_LINK)
            n = snprintf(msg, size, "ir: declaration at offset 0x%zx: ", offset);
        else
            n = snprintf(msg, size, "ir: instruction %u (%s) at offset 0x%zx: ", (unsigned)ins,
                         ir_op_name(v->prog->instructions.items[ins].op), offset);
        if (n > 0 && (size_t)n < size) {
            va_start(ap, fmt);
            vsnprintf(msg + n, size - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return IR_E_INVALID;
}

static const struct ir_indexable_temp *find_x(const struct vctx *v, uint32_t reg)
{
    uint32_t lo = 0, hi = v->nxs;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (v->xs[mid]->reg < reg)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < v->nxs && v->xs[lo]->reg == reg ? v->xs[lo] : NULL;
}

static int x_cmp(const void *a, const void *b)
{
    const struct ir_indexable_temp *x = *(const struct ir_indexable_temp *const *)a;
    const struct ir_indexable_temp *y = *(const struct ir_indexable_temp *const *)b;
    if (x->reg != y->reg)
        return x->reg < y->reg ? -1 : 1;
    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static bool is_special_out(unsigned f)
{
    return f == IR_FILE_DEPTH_OUT || f == IR_FILE_DEPTH_GE_OUT || f == IR_FILE_DEPTH_LE_OUT ||
           f == IR_FILE_COVERAGE_OUT;
}

static int check_io(struct vctx *v, const struct ir_io_decl *d, bool input)
{
    struct ir_program *p = v->prog;
    const char *what = input ? "input" : "output";
    if (d->mask == 0 || d->mask > 15)
        return vfail(v, IR_NO_LINK, d->offset, "%s mask 0x%x is empty or invalid", what, d->mask);
    if (d->sysval >= IR_SV_COUNT)
        return vfail(v, IR_NO_LINK, d->offset, "unknown system value %u", (unsigned)d->sysval);
    if (d->kind > IR_IO_SGV)
        return vfail(v, IR_NO_LINK, d->offset, "bad declaration kind %u", d->kind);
    if (d->interpolation >= IR_INTERP_COUNT ||
        (d->interpolation && (!input || p->type != IR_SHADER_PIXEL)))
        return vfail(v, IR_NO_LINK, d->offset, "interpolation mode %u not allowed here",
                     d->interpolation);
    if (d->precision > IR_PRECISION_UINT16 || d->precision == 3)
        return vfail(v, IR_NO_LINK, d->offset, "bad precision %u", d->precision);
    if ((input && d->file == IR_FILE_INPUT) || (!input && d->file == IR_FILE_OUTPUT)) {
        uint32_t count = input ? p->input_count : p->output_count;
        uint8_t *m = input ? &v->in_mask[0] : &v->out_mask[d->stream & 3u][0];
        if (d->reg >= count)
            return vfail(v, IR_NO_LINK, d->offset, "%s register %u outside %s_count %u", what,
                         (unsigned)d->reg, what, (unsigned)count);
        if (m[d->reg] & d->mask)
            return vfail(v, IR_NO_LINK, d->offset, "%s register %u: components 0x%x declared twice",
                         what, (unsigned)d->reg, m[d->reg] & d->mask);
        m[d->reg] |= d->mask;
        return IR_OK;
    }
    if (input && ir_tess_input_file(d->file))
        return ir_tess_check_input(p, d, v->specials, v->err);
    bool prim = input && d->file == IR_FILE_PRIMITIVE_ID;
    bool gsinst = input && d->file == IR_FILE_GS_INSTANCE_ID;
    bool ok = input ? d->file == IR_FILE_INPUT_COVERAGE || prim || gsinst :
                      is_special_out(d->file);
    if (!ok)
        return vfail(v, IR_NO_LINK, d->offset, "register file %u cannot be declared as %s",
                     d->file, what);
    if (prim && p->type != IR_SHADER_GEOMETRY && p->type != IR_SHADER_HULL &&
        p->type != IR_SHADER_DOMAIN)
        return vfail(v, IR_NO_LINK, d->offset,
                     "vPrim is declared only in geometry, hull and domain programs");
    if (gsinst && p->type != IR_SHADER_GEOMETRY)
        return vfail(v, IR_NO_LINK, d->offset, "vGSInstanceID is declared only in geometry "
                     "programs");
    if (!prim && !gsinst && p->type != IR_SHADER_PIXEL)
        return vfail(v, IR_NO_LINK, d->offset, "%s register file %u is pixel-only", what, d->file);
    if (d->reg != 0 || d->mask != IR_MASK_X)
        return vfail(v, IR_NO_LINK, d->offset, "one-component register needs reg 0, mask x");
    if (v->specials[d->file])
        return vfail(v, IR_NO_LINK, d->offset, "register file %u declared twice", d->file);
    v->specials[d->file] = true;
    return IR_OK;
}

/* The geometry declarations (D3D11.3 functional spec 13.2: dcl_inputprimitive,
 * dcl_outputtopology and dcl_maxout are required; maxout x the scalars of one output vertex
 * <= 1024, and maxout <= 1024; 13.3: dcl_gsinstances 1..32).  Other programs have none. */
static int check_geometry(struct vctx *v)
{
    const struct ir_program *p = v->prog;
    if (p->type != IR_SHADER_GEOMETRY) {
        if (p->gs_input || p->gs_output || p->gs_max_vertices || p->gs_instances ||
            p->gs_streams)
            return vfail(v, IR_NO_LINK, 0, "geometry declarations in a non-geometry program");
        return IR_OK;
    }
    if (!ir_gs_input_vertices(p->gs_input))
        return vfail(v, IR_NO_LINK, 0, "geometry program without a valid dcl_inputprimitive (%u)",
                     p->gs_input);
    if (p->gs_output != IR_GS_OUT_POINTLIST && p->gs_output != IR_GS_OUT_LINESTRIP &&
        p->gs_output != IR_GS_OUT_TRIANGLESTRIP)
        return vfail(v, IR_NO_LINK, 0, "geometry program without a valid dcl_outputtopology (%u)",
                     p->gs_output);
    if (p->gs_max_vertices < 1 || p->gs_max_vertices > IR_MAX_GS_VERTICES)
        return vfail(v, IR_NO_LINK, 0, "dcl_maxout %u (1..%u)", (unsigned)p->gs_max_vertices,
                     IR_MAX_GS_VERTICES);
    if (p->gs_instances < 1 || p->gs_instances > IR_MAX_GS_INSTANCES)
        return vfail(v, IR_NO_LINK, 0, "dcl_gsinstances %u (1..%u)", (unsigned)p->gs_instances,
                     IR_MAX_GS_INSTANCES);
    if (__builtin_popcount(p->gs_streams) > 1 && p->gs_output != IR_GS_OUT_POINTLIST)
        return vfail(v, IR_NO_LINK, 0, "several streams with a %u output topology (points "
                     "only)", p->gs_output);
    /* with several streams "the number of scalars is calculated from the largest stream
     * type multiplied by the max vertex count" (How To: Index Multiple Output Streams) */
    unsigned per[4] = { 0, 0, 0, 0 }, scalars = 0;
    for (uint32_t i = 0; i < p->outputs.count; i++) {
        const struct ir_io_decl *d = &p->outputs.items[i];
        if (d->stream > 3 || (d->stream && !(p->gs_streams & (1u << d->stream))))
            return vfail(v, IR_NO_LINK, d->offset, "output of undeclared stream m%u",
                         d->stream);
        per[d->stream] += (unsigned)__builtin_popcount(d->mask & 15u);
    }
    for (unsigned k = 0; k < 4; k++)
        scalars = per[k] > scalars ? per[k] : scalars;
    if ((uint64_t)scalars * p->gs_max_vertices > IR_MAX_GS_SCALARS)
        return vfail(v, IR_NO_LINK, 0, "dcl_maxout %u x %u output components exceeds %u scalars",
                     (unsigned)p->gs_max_vertices, scalars, IR_MAX_GS_SCALARS);
    return IR_OK;
}

static int check_declarations(struct vctx *v)
{
    struct ir_program *p = v->prog;

    char cmsg[160];
    size_t coff = 0;
    if (p->type > IR_SHADER_COMPUTE || p->source > IR_SOURCE_FIXED_FUNCTION)
        return vfail(v, IR_NO_LINK, 0, "unknown program type %u / source %u", p->type, p->source);
    int ret = check_geometry(v);
    if (!ret)
        ret = ir_tess_check_declarations(p, v->err);
    if (ret)
        return ret;
    if (ir_class_check_declarations(p, cmsg, sizeof(cmsg)))
        return vfail(v, IR_NO_LINK, 0, "%s", cmsg);
    if (ir_compute_check_decls(p, cmsg, sizeof(cmsg), &coff))
        return vfail(v, IR_NO_LINK, coff, "%s", cmsg);
    if (p->input_count > IR_MAX_INPUTS || p->output_count > IR_MAX_OUTPUTS)
        return vfail(v, IR_NO_LINK, 0, "%u inputs / %u outputs (at most %u / %u)",
                     (unsigned)p->input_count, (unsigned)p->output_count, IR_MAX_INPUTS,
                     IR_MAX_OUTPUTS);
    if (p->address_count > IR_MAX_ADDRESS || p->predicate_count > IR_MAX_PREDICATES)
        return vfail(v, IR_NO_LINK, 0, "too many address/predicate registers");

    /* temps: r# plus every x# element, summed in 64 bits so no count can wrap */
    uint64_t temps = p->temp_count;
    for (uint32_t i = 0; i < p->indexable_temps.count; i++) {
        const struct ir_indexable_temp *x = &p->indexable_temps.items[i];
        if (x->size == 0 || x->components < 1 || x->components > 4)
            return vfail(v, IR_NO_LINK, x->offset, "x%u: size %u, %u components", (unsigned)x->reg,
                         (unsigned)x->size, x->components);
        temps += x->size;
        if (temps > IR_MAX_TEMPS)
            return vfail(v, IR_NO_LINK, x->offset,
                         "more than %u temporary registers (r# and x# together)", IR_MAX_TEMPS);
    }
    if (temps > IR_MAX_TEMPS)
        return vfail(v, IR_NO_LINK, 0, "%u temporary registers (at most %u)",
                     (unsigned)p->temp_count, IR_MAX_TEMPS);
    /* at most IR_MAX_TEMPS arrays now; sorted once, found by binary search afterwards */
    if (p->indexable_temps.count) {
        v->xs = malloc(p->indexable_temps.count * sizeof(*v->xs));
        if (!v->xs)
            return IR_E_NOMEM;
        for (uint32_t i = 0; i < p->indexable_temps.count; i++)
            v->xs[i] = &p->indexable_temps.items[i];
        v->nxs = p->indexable_temps.count;
        qsort(v->xs, v->nxs, sizeof(*v->xs), x_cmp);
        for (uint32_t i = 1; i < v->nxs; i++)
            if (v->xs[i]->reg == v->xs[i - 1]->reg)
                return vfail(v, IR_NO_LINK, v->xs[i]->offset, "x%u declared twice",
                             (unsigned)v->xs[i]->reg);
    }

    for (uint32_t i = 0; i < p->cbuffers.count; i++) {
        const struct ir_cbuffer *cb = &p->cbuffers.items[i];
        if (cb->slot >= IR_MAX_CB_SLOTS || cb->size > IR_MAX_CB_SIZE || cb->dynamic > 1)
            return vfail(v, IR_NO_LINK, cb->offset, "cb%u[%u]: slot or size out of range",
                         (unsigned)cb->slot, (unsigned)cb->size);
        if (v->cb[cb->slot])
            return vfail(v, IR_NO_LINK, cb->offset, "cb%u declared twice", (unsigned)cb->slot);
        v->cb[cb->slot] = cb;
    }
    for (uint32_t i = 0; i < p->samplers.count; i++) {
        const struct ir_sampler *s = &p->samplers.items[i];
        if (s->slot >= IR_MAX_SAMPLERS || s->mode > IR_SAMPLER_MONO)
            return vfail(v, IR_NO_LINK, s->offset, "s%u: slot or mode %u out of range",
                         (unsigned)s->slot, s->mode);
        if (v->smp[s->slot])
            return vfail(v, IR_NO_LINK, s->offset, "s%u declared twice", (unsigned)s->slot);
        v->smp[s->slot] = s;
    }
    for (uint32_t i = 0; i < p->resources.count; i++) {
        const struct ir_resource *r = &p->resources.items[i];
        if (r->slot >= IR_MAX_RESOURCES)
            return vfail(v, IR_NO_LINK, r->offset, "t%u: slot out of range", (unsigned)r->slot);
        /* raw and structured views are read by the memory instructions, which every
         * shader model 5 stage runs (ir_compute.c) */
        bool mem_view = r->dim == IR_RES_RAW_BUFFER || r->dim == IR_RES_STRUCTURED_BUFFER;
        if ((r->dim < IR_RES_BUFFER || r->dim > IR_RES_TEXTURECUBEARRAY) && !mem_view)
            return vfail(v, IR_NO_LINK, r->offset, "t%u: dimension %u not supported",
                         (unsigned)r->slot, r->dim);
        for (unsigned c = 0; c < 4; c++)
            if (r->return_type[c] < IR_RET_UNORM || r->return_type[c] > IR_RET_MIXED)
                return vfail(v, IR_NO_LINK, r->offset, "t%u: return type %u not supported",
                             (unsigned)r->slot, r->return_type[c]);
        bool ms = r->dim == IR_RES_TEXTURE2DMS || r->dim == IR_RES_TEXTURE2DMSARRAY;
        if (r->sample_count > 127 || (!ms && r->sample_count))
            return vfail(v, IR_NO_LINK, r->offset, "t%u: sample count %u", (unsigned)r->slot,
                         r->sample_count);
        if (v->res[r->slot])
            return vfail(v, IR_NO_LINK, r->offset, "t%u declared twice", (unsigned)r->slot);
        v->res[r->slot] = r;
    }
    for (uint32_t i = 0; i < p->inputs.count; i++) {
        int ret = check_io(v, &p->inputs.items[i], true);
        if (ret)
            return ret;
    }
    for (uint32_t i = 0; i < p->outputs.count; i++) {
        int ret = check_io(v, &p->outputs.items[i], false);
        if (ret)
            return ret;
    }
    for (uint32_t i = 0; i < p->index_ranges.count; i++) {
        const struct ir_index_range *r = &p->index_ranges.items[i];
        bool in = r->file == IR_FILE_INPUT;
        uint32_t limit = in ? p->input_count : p->output_count;
        if ((!in && r->file != IR_FILE_OUTPUT) || r->count == 0 || r->mask == 0 || r->mask > 15 ||
            r->first >= limit || r->count > limit - r->first)
            return vfail(v, IR_NO_LINK, r->offset, "index range [%u, +%u) of file %u invalid",
                         (unsigned)r->first, (unsigned)r->count, r->file);
        uint8_t *cover = in ? v->in_range : v->out_range;
        for (uint32_t k = r->first; k < r->first + r->count; k++) {
            if (cover[k] & r->mask)
                return vfail(v, IR_NO_LINK, r->offset, "index ranges overlap at register %u",
                             (unsigned)k);
            cover[k] |= r->mask;
        }
    }
    if (p->icb_size > IR_MAX_ICB_SIZE || (uint64_t)p->icb_size * 4 != p->icb.count)
        return vfail(v, IR_NO_LINK, p->icb_offset, "immediate constant buffer of %u vectors",
                     (unsigned)p->icb_size);
    return IR_OK;
}

/* The relative part of an index. */
static int check_rel(struct vctx *v, uint32_t i, const struct ir_rel *rel)
{
    const struct ir_program *p = v->prog;
    size_t off = p->instructions.items[i].offset;
    if (rel->component > 3)
        return vfail(v, i, off, "relative index component %u", rel->component);
    switch (rel->file) {
    case IR_FILE_TEMP:
        if (rel->reg < p->temp_count)
            return IR_OK;
        break;
    case IR_FILE_INDEXABLE_TEMP: {
        const struct ir_indexable_temp *x = find_x(v, rel->reg);
        if (x && rel->element < x->size && rel->component < x->components)
            return IR_OK;
        break;
    }
    case IR_FILE_INPUT:
        if (rel->reg < p->input_count)
            return IR_OK;
        break;
    case IR_FILE_ADDRESS:
        if (rel->reg < p->address_count)
            return IR_OK;
        break;
    case IR_FILE_LOOP_COUNTER:
        if (p->has_loop_counter && rel->reg == 0)
            return IR_OK;
        break;
    case IR_FILE_THIS_POINTER:   /* cb0[this[0].x + 1]: a class instance's data (ir_class.h) */
        if (rel->reg < p->interface_slots)
            return IR_OK;
        break;
    default:
        return vfail(v, i, off, "register file %u cannot hold a relative index", rel->file);
    }
    return vfail(v, i, off, "relative index reads undeclared register %u of file %u",
                 (unsigned)rel->reg, rel->file);
}

static bool readable(unsigned f)
{
    return f == IR_FILE_TEMP || f == IR_FILE_INDEXABLE_TEMP || f == IR_FILE_INPUT ||
           f == IR_FILE_CONSTANT_BUFFER || f == IR_FILE_IMMEDIATE_CB || f == IR_FILE_IMMEDIATE ||
           f == IR_FILE_INPUT_COVERAGE || f == IR_FILE_PREDICATE ||
           f == IR_FILE_INPUT_VERTEX || f == IR_FILE_PRIMITIVE_ID || ir_tess_input_file(f) ||
           ir_file_is_cs_id(f) || f == IR_FILE_GS_INSTANCE_ID || f == IR_FILE_THIS_POINTER;
}

static bool writable(unsigned f)
{
    return f == IR_FILE_NULL || f == IR_FILE_TEMP || f == IR_FILE_INDEXABLE_TEMP ||
           f == IR_FILE_OUTPUT || is_special_out(f) || f == IR_FILE_ADDRESS ||
           f == IR_FILE_PREDICATE || f == IR_FILE_UAV || f == IR_FILE_TGSM;
}

/* File, indices, declared ranges; the role checks are the caller's. */
static int check_operand(struct vctx *v, uint32_t i, const struct ir_operand *op, bool dst)
{
    const struct ir_program *p = v->prog;
    size_t off = p->instructions.items[i].offset;
    const char *what = dst ? "destination" : "source";
    int n = ir_file_index_count((enum ir_file)op->file);

    if (n < 0)
        return vfail(v, i, off, "%s has unknown register file %u", what, op->file);
    if (op->index_count != n)
        return vfail(v, i, off, "%s of file %u has %u indices, needs %d", what, op->file,
                     op->index_count, n);
    if (op->precision > IR_PRECISION_UINT16 || op->precision == 3)
        return vfail(v, i, off, "%s has precision %u", what, op->precision);
    for (int k = 0; k < n; k++)
        if (op->index[k].rel.file != IR_FILE_NULL) {
            int ret = check_rel(v, i, &op->index[k].rel);
            if (ret)
                return ret;
        }
    const struct ir_index *ix = op->index;
    bool rel0 = ix[0].rel.file != IR_FILE_NULL, rel1 = ix[1].rel.file != IR_FILE_NULL;
    uint8_t comps = 0xf;

    switch (op->file) {
    case IR_FILE_TEMP:
        if (rel0 || ix[0].offset >= p->temp_count)
            return vfail(v, i, off, "r%u is not declared (dcl_temps %u)", (unsigned)ix[0].offset,
                         (unsigned)p->temp_count);
        break;
    case IR_FILE_INDEXABLE_TEMP: {
        const struct ir_indexable_temp *x = rel0 ? NULL : find_x(v, ix[0].offset);
        if (!x)
            return vfail(v, i, off, "x%u is not declared", (unsigned)ix[0].offset);
        if (!rel1 && ix[1].offset >= x->size)
            return vfail(v, i, off, "x%u[%u] outside its %u elements", (unsigned)x->reg,
                         (unsigned)ix[1].offset, (unsigned)x->size);
        comps = (uint8_t)((1u << x->components) - 1);
        break;
    }
    case IR_FILE_INPUT_VERTEX: {
        unsigned nv = ir_input_vertices(p);
        if (!nv)
            return vfail(v, i, off, "v[vertex][register] outside a geometry, hull or domain "
                         "program");
        if (!rel0 && ix[0].offset >= nv)
            return vfail(v, i, off, "input vertex %u of a primitive of %u",
                         (unsigned)ix[0].offset, nv);
        if (rel1 || ix[1].offset >= p->input_count)
            return vfail(v, i, off, "v[%u][%u] outside the %u declared registers",
                         (unsigned)ix[0].offset, (unsigned)ix[1].offset,
                         (unsigned)p->input_count);
        break;
    }
    case IR_FILE_PRIMITIVE_ID:
        if (!v->specials[op->file])
            return vfail(v, i, off, "vPrim is not declared");
        break;
    case IR_FILE_GS_INSTANCE_ID:
        if (!v->specials[op->file])
            return vfail(v, i, off, "vGSInstanceID is not declared");
        break;
    case IR_FILE_OUTPUT_CONTROL_POINT:
    case IR_FILE_PATCH_CONSTANT:
    case IR_FILE_DOMAIN_POINT:
    case IR_FILE_OUTPUT_CONTROL_POINT_ID:
    case IR_FILE_FORK_INSTANCE_ID:
    case IR_FILE_JOIN_INSTANCE_ID: {
        int ret = ir_tess_check_operand(p, op, v->specials, v->err, i, off);
        if (ret)
            return ret;
        break;
    }
    case IR_FILE_INPUT:
    case IR_FILE_OUTPUT: {
        bool in = op->file == IR_FILE_INPUT;
        uint32_t count = in ? p->input_count : p->output_count;
        if (in && (p->type == IR_SHADER_GEOMETRY || p->type == IR_SHADER_HULL ||
                   p->type == IR_SHADER_DOMAIN))
            return vfail(v, i, off, "v%u without a vertex index in a geometry, hull or domain "
                         "program", (unsigned)ix[0].offset);
        if (ix[0].offset >= count)
            return vfail(v, i, off, "%c%u outside the %u declared registers", in ? 'v' : 'o',
                         (unsigned)ix[0].offset, (unsigned)count);
        if (rel0 && !(in ? v->in_range : v->out_range)[ix[0].offset])
            return vfail(v, i, off, "relative %c%u outside a declared index range",
                         in ? 'v' : 'o', (unsigned)ix[0].offset);
        break;
    }
    case IR_FILE_CONSTANT_BUFFER: {
        const struct ir_cbuffer *cb = (!rel0 && ix[0].offset < IR_MAX_CB_SLOTS) ?
                                      v->cb[ix[0].offset] : NULL;
        if (!cb)
            return vfail(v, i, off, "cb%u is not declared", (unsigned)ix[0].offset);
        if (rel1 && !cb->dynamic)
            return vfail(v, i, off, "relative index into cb%u, declared immediateIndexed",
                         (unsigned)cb->slot);
        if (!rel1 && cb->size && ix[1].offset >= cb->size)
            return vfail(v, i, off, "cb%u[%u] outside its %u vectors", (unsigned)cb->slot,
                         (unsigned)ix[1].offset, (unsigned)cb->size);
        break;
    }
    case IR_FILE_IMMEDIATE_CB:
        if (p->icb_size == 0 || (!rel0 && ix[0].offset >= p->icb_size))
            return vfail(v, i, off, "icb[%u] outside the %u declared vectors",
                         (unsigned)ix[0].offset, (unsigned)p->icb_size);
        break;
    case IR_FILE_IMMEDIATE:
        if (op->imm_count != 1 && op->imm_count != 4)
            return vfail(v, i, off, "literal with %u values", op->imm_count);
        break;
    case IR_FILE_SAMPLER:
        if (rel0 || ix[0].offset >= IR_MAX_SAMPLERS || !v->smp[ix[0].offset])
            return vfail(v, i, off, "s%u is not declared", (unsigned)ix[0].offset);
        break;
    case IR_FILE_RESOURCE:
        if (rel0 || ix[0].offset >= IR_MAX_RESOURCES || !v->res[ix[0].offset])
            return vfail(v, i, off, "t%u is not declared", (unsigned)ix[0].offset);
        break;
    case IR_FILE_LABEL:
        if (rel0)
            return vfail(v, i, off, "relative label");
        break;
    case IR_FILE_DEPTH_OUT:
    case IR_FILE_DEPTH_GE_OUT:
    case IR_FILE_DEPTH_LE_OUT:
    case IR_FILE_COVERAGE_OUT:
    case IR_FILE_INPUT_COVERAGE:
        if (!v->specials[op->file])
            return vfail(v, i, off, "register file %u is not declared", op->file);
        comps = IR_MASK_X;
        break;
    case IR_FILE_RASTERIZER:
        break;
    case IR_FILE_ADDRESS:
        if (rel0 || ix[0].offset >= p->address_count)
            return vfail(v, i, off, "a%u is not declared", (unsigned)ix[0].offset);
        break;
    case IR_FILE_LOOP_COUNTER:
        if (!p->has_loop_counter)
            return vfail(v, i, off, "aL is not declared");
        break;
    case IR_FILE_PREDICATE:
        if (rel0 || ix[0].offset >= p->predicate_count)
            return vfail(v, i, off, "p%u is not declared", (unsigned)ix[0].offset);
        break;
    case IR_FILE_UAV:
        if (rel0 || !ir_find_uav(p, ix[0].offset))
            return vfail(v, i, off, "u%u is not declared", (unsigned)ix[0].offset);
        break;
    case IR_FILE_TGSM:
        if (rel0 || !ir_find_tgsm(p, ix[0].offset))
            return vfail(v, i, off, "g%u is not declared", (unsigned)ix[0].offset);
        break;
    case IR_FILE_INTERFACE:
    case IR_FILE_THIS_POINTER: {
        char cmsg[160];
        if (ir_class_check_operand(p, op, cmsg, sizeof(cmsg)))
            return vfail(v, i, off, "%s", cmsg);
        break;
    }
    case IR_FILE_THREAD_ID: case IR_FILE_THREAD_GROUP_ID: case IR_FILE_THREAD_ID_IN_GROUP:
    case IR_FILE_THREAD_ID_IN_GROUP_FLAT:
        if (p->type != IR_SHADER_COMPUTE)
            return vfail(v, i, off, "thread id register (file %u) outside a compute program",
                         op->file);
        break;
    default:
        break;
    }
    /* relative parts are allowed on x#'s element, cb#'s vector, icb and v#/o# only */
    bool rel_ok0 = op->file == IR_FILE_IMMEDIATE_CB || op->file == IR_FILE_INPUT ||
                   op->file == IR_FILE_OUTPUT || op->file == IR_FILE_INPUT_VERTEX ||
                   op->file == IR_FILE_OUTPUT_CONTROL_POINT || op->file == IR_FILE_PATCH_CONSTANT ||
                   op->file == IR_FILE_THIS_POINTER;
    /* (fp#'s array index: ir_class_check_operand allows it on dynamicindexed interfaces) */
    if ((rel0 && !rel_ok0) || (rel1 && op->file != IR_FILE_INDEXABLE_TEMP &&
                               op->file != IR_FILE_CONSTANT_BUFFER &&
                               op->file != IR_FILE_INTERFACE) ||
        (n > 2 && ix[2].rel.file != IR_FILE_NULL))
        return vfail(v, i, off, "relative index not allowed on register file %u", op->file);

    if (dst) {
        if (!writable(op->file))
            return vfail(v, i, off, "register file %u cannot be written", op->file);
        if (op->modifiers)
            return vfail(v, i, off, "modifiers on a destination");
        if (op->file != IR_FILE_NULL && (op->mask == 0 || (op->mask & ~comps)))
            return vfail(v, i, off, "write mask 0x%x invalid for this register (components 0x%x)",
                         op->mask, comps);
    } else {
        if (op->modifiers & ~(unsigned)(IR_MOD_NEG | IR_MOD_ABS))
            return vfail(v, i, off, "unknown source modifiers 0x%x", op->modifiers);
    }
    return IR_OK;
}

/* Which resource dimensions an opcode accepts (bit per enum ir_resource_dim). */
#define DIM(d) (1u << IR_RES_##d)
#define DIMS_FILTERED (DIM(TEXTURE1D) | DIM(TEXTURE2D) | DIM(TEXTURE3D) | DIM(TEXTURECUBE) | \
                       DIM(TEXTURE1DARRAY) | DIM(TEXTURE2DARRAY) | DIM(TEXTURECUBEARRAY))
#define DIMS_GATHER (DIM(TEXTURE2D) | DIM(TEXTURECUBE) | DIM(TEXTURE2DARRAY) | \
                     DIM(TEXTURECUBEARRAY))
#define DIMS_MS (DIM(TEXTURE2DMS) | DIM(TEXTURE2DMSARRAY))
#define DIMS_LD (DIM(BUFFER) | DIM(TEXTURE1D) | DIM(TEXTURE2D) | DIM(TEXTURE3D) | \
                 DIM(TEXTURE1DARRAY) | DIM(TEXTURE2DARRAY))

static unsigned allowed_dims(unsigned op)
{
    switch (op) {
    case IR_OP_LD: case IR_OP_LD_S:
        return DIMS_LD;
    case IR_OP_LD_MS: case IR_OP_LD_MS_S: case IR_OP_SAMPLEINFO: case IR_OP_SAMPLEPOS:
        return DIMS_MS;
    case IR_OP_RESINFO:
        return (DIMS_FILTERED | DIMS_MS) & ~DIM(BUFFER);
    case IR_OP_GATHER4: case IR_OP_GATHER4_C: case IR_OP_GATHER4_S: case IR_OP_GATHER4_C_S:
        return DIMS_GATHER;
    case IR_OP_GATHER4_PO: case IR_OP_GATHER4_PO_C: case IR_OP_GATHER4_PO_S:
    case IR_OP_GATHER4_PO_C_S:
        return DIM(TEXTURE2D) | DIM(TEXTURE2DARRAY);
    default:
        return DIMS_FILTERED;
    }
}

static int check_tex(struct vctx *v, uint32_t i, const struct ir_instruction *ins)
{
    const struct ir_tex_layout *l = ir_tex_layout(ins->op);
    size_t off = ins->offset;
    for (int s = 0; s < ins->src_count; s++) {
        unsigned f = ins->src[s].file;
        if (s == l->resource) {
            bool raster_ok = ins->op == IR_OP_SAMPLEINFO || ins->op == IR_OP_SAMPLEPOS;
            if (f == IR_FILE_RASTERIZER && raster_ok)
                continue;
            if (f != IR_FILE_RESOURCE)
                return vfail(v, i, off, "source %d must be a resource (t#)", s);
            const struct ir_resource *r = v->res[ins->src[s].index[0].offset];
            if (!(allowed_dims(ins->op) & (1u << r->dim)))
                return vfail(v, i, off, "t%u is a %s, which %s cannot access", (unsigned)r->slot,
                             ir_resource_dim_name(r->dim), ir_op_name(ins->op));
        } else if (s == l->sampler) {
            if (f != IR_FILE_SAMPLER)
                return vfail(v, i, off, "source %d must be a sampler (s#)", s);
        } else if (!readable(f)) {
            return vfail(v, i, off, "source %d: register file %u cannot be read", s, f);
        }
    }
    return IR_OK;
}

static int check_instruction(struct vctx *v, uint32_t i)
{
    const struct ir_program *p = v->prog;
    const struct ir_instruction *ins = &p->instructions.items[i];
    const struct ir_op_info *info = ir_op_get(ins->op);
    size_t off = ins->offset;

    if (!info || !info->name)
        return vfail(v, i, off, "unknown opcode %u", ins->op);
    if (ins->dst_count != info->dst_count || ins->src_count != info->src_count)
        return vfail(v, i, off, "%u destinations and %u sources, needs %u and %u",
                     ins->dst_count, ins->src_count, info->dst_count, info->src_count);
    if (ins->saturate > 1 || (ins->saturate && !(info->flags & IR_OPF_SAT)))
        return vfail(v, i, off, "saturate not allowed");
    if ((info->flags & IR_OPF_TEST) ? (ins->test != IR_TEST_Z && ins->test != IR_TEST_NZ)
                                    : ins->test != IR_TEST_NONE)
        return vfail(v, i, off, "test %u invalid for this opcode", ins->test);
    if ((info->flags & IR_OPF_PIXEL) && p->type != IR_SHADER_PIXEL)
        return vfail(v, i, off, "pixel-only instruction in a %s program",
                     p->type == IR_SHADER_VERTEX ? "vertex" : "geometry");
    if ((info->flags & IR_OPF_GEOMETRY) && p->type != IR_SHADER_GEOMETRY)
        return vfail(v, i, off, "%s outside a geometry program", ir_op_name(ins->op));
    /* a graphics program with UAVs (pixel at 11_0, every stage at 11_1) may fence its UAV
     * accesses: sync_uglobal alone (DeviceMemoryBarrier; no group there to wait for or share
     * memory with) */
    if ((info->flags & IR_OPF_COMPUTE) && p->type != IR_SHADER_COMPUTE &&
        !(ins->op == IR_OP_SYNC && ins->sync == IR_SYNC_UAV_GLOBAL))
        return vfail(v, i, off, "%s outside a compute program", ir_op_name(ins->op));
    if (ins->sync > 15 || (ins->op == IR_OP_SYNC) != (ins->sync != 0))
        return vfail(v, i, off, "sync flags 0x%x invalid here", ins->sync);
    /* 13.5: streams 0..3 (D3D11_SO_STREAM_COUNT); only emit/cut name one */
    if (ins->stream > 3 || (ins->stream && !(info->flags & IR_OPF_GEOMETRY)))
        return vfail(v, i, off, "stream %u invalid here", ins->stream);
    /* an emit / cut names a declared stream (none declared: stream 0 only) */
    if ((info->flags & IR_OPF_GEOMETRY) &&
        !((p->gs_streams ? p->gs_streams : 1u) & (1u << ins->stream)))
        return vfail(v, i, off, "%s on undeclared stream m%u", ir_op_name(ins->op),
                     ins->stream);
    unsigned max_ret = ins->op == IR_OP_RESINFO ? IR_RETURN_UINT : 0;
    if (ins->op == IR_OP_SAMPLEINFO && ins->return_type == IR_RETURN_RCPFLOAT)
        return vfail(v, i, off, "sampleinfo cannot return rcpfloat");
    if (ins->op == IR_OP_SAMPLEINFO)
        max_ret = IR_RETURN_UINT;
    if (ins->return_type > max_ret)
        return vfail(v, i, off, "return type %u invalid for this opcode", ins->return_type);
    if (ins->precise_mask > 15 || ins->resource_dim >= IR_RES_COUNT)
        return vfail(v, i, off, "bad precise mask or resource dimension");
    for (unsigned c = 0; c < 3; c++)
        if (ins->texel_offset[c] < -8 || ins->texel_offset[c] > 7 ||
            (ins->texel_offset[c] && !(info->flags & IR_OPF_TEX)))
            return vfail(v, i, off, "texel offset %d invalid", ins->texel_offset[c]);
    for (unsigned c = 0; c < 4; c++)
        if (ins->resource_return[c] >= IR_RET_COUNT)
            return vfail(v, i, off, "bad resource return type %u", ins->resource_return[c]);
    if (ins->pred.active) {
        if (ins->pred.active > 1 || ins->pred.negate > 1 || ins->pred.index >= p->predicate_count)
            return vfail(v, i, off, "predicate p%u is not declared", (unsigned)ins->pred.index);
        if (info->flags & IR_OPF_FLOW)
            return vfail(v, i, off, "control flow cannot be predicated");
    } else if (ins->pred.negate || ins->pred.swizzle || ins->pred.index) {
        return vfail(v, i, off, "predicate fields set on an unpredicated instruction");
    }

    for (unsigned d = 0; d < ins->dst_count; d++) {
        int ret = check_operand(v, i, &ins->dst[d], true);
        if (ret)
            return ret;
    }
    for (unsigned s = 0; s < ins->src_count; s++) {
        int ret = check_operand(v, i, &ins->src[s], false);
        if (ret)
            return ret;
    }
    if (info->flags & IR_OPF_TEX)
        return check_tex(v, i, ins);
    if (info->flags & IR_OPF_MEM) {
        char mmsg[160];
        if (ir_compute_check_mem(p, ins, mmsg, sizeof(mmsg)))
            return vfail(v, i, off, "%s", mmsg);
        return IR_OK;
    }
    for (unsigned d = 0; d < ins->dst_count; d++)
        if (ins->dst[d].file == IR_FILE_UAV || ins->dst[d].file == IR_FILE_TGSM)
            return vfail(v, i, off, "u# / g# written by %s (only memory instructions)",
                         ir_op_name(ins->op));

    for (unsigned s = 0; s < ins->src_count; s++) {
        unsigned f = ins->src[s].file;
        bool label_slot = (ins->op == IR_OP_CALL || ins->op == IR_OP_LABEL) ? s == 0 :
                          ins->op == IR_OP_CALLC ? s == 1 : false;
        if (label_slot != (f == IR_FILE_LABEL))
            return vfail(v, i, off, label_slot ? "source %u must be a label" :
                                                 "source %u: a label is not a value", s);
        bool fp_slot = ins->op == IR_OP_FCALL && s == 0;
        if (fp_slot != (f == IR_FILE_INTERFACE))
            return vfail(v, i, off, fp_slot ? "fcall needs an fp# operand" :
                                              "source %u: fp# is not a value", s);
        if (!label_slot && !fp_slot && !readable(f))
            return vfail(v, i, off, "source %u: register file %u cannot be read", s, f);
    }
    if (ins->op == IR_OP_CASE && ins->src[0].file != IR_FILE_IMMEDIATE)
        return vfail(v, i, off, "case needs a literal");
    if (ir_op_is_eval(ins->op)) {
        char emsg[160];
        if (ir_eval_check(p, ins, emsg, sizeof(emsg)))
            return vfail(v, i, off, "%s", emsg);
    }
    return IR_OK;
}

/* ---- control flow ------------------------------------------------------------------------- */

struct frame {
    uint16_t op;             /* IF, LOOP or SWITCH */
    bool seen_else;          /* IF: an else was seen; SWITCH: a default was seen */
    uint32_t start;          /* index of the opener */
    uint32_t chain;          /* IF: index of the else; SWITCH: last case/default (or switch) */
};

struct label_entry {
    uint32_t number, index, func;
};

static int label_cmp(const void *a, const void *b)
{
    const struct label_entry *x = a, *y = b;
    if (x->number != y->number)
        return x->number < y->number ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static const struct label_entry *find_label(const struct label_entry *l, uint32_t n, uint32_t num)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (l[mid].number < num)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && l[lo].number == num ? &l[lo] : NULL;
}

struct call_edge {
    uint32_t caller, callee, ins;
};

static int edge_cmp(const void *a, const void *b)
{
    const struct call_edge *x = a, *y = b;
    if (x->caller != y->caller)
        return x->caller < y->caller ? -1 : 1;
    return x->ins < y->ins ? -1 : x->ins > y->ins;
}

/* Subroutines: no recursion, depth <= IR_MAX_CALL_DEPTH.  Functions are 0 (main) and one per
 * label; edges sorted by caller.  An iterative depth-first search with an explicit stack keeps
 * the C stack flat whatever the input. */
static int check_calls(struct vctx *v, struct call_edge *e, uint32_t ne, uint32_t nfunc)
{
    int ret = IR_OK;
    uint32_t *first = calloc((size_t)nfunc + 1, sizeof(*first));
    uint8_t *state = calloc(nfunc, 1);
    uint32_t *depth = calloc(nfunc, sizeof(*depth));
    uint32_t *stack = malloc(((size_t)nfunc + 1) * 2 * sizeof(*stack));
    if (!first || !state || !depth || !stack) {
        ret = IR_E_NOMEM;
        goto done;
    }
    if (ne)
        qsort(e, ne, sizeof(*e), edge_cmp);
    for (uint32_t k = 0; k < ne; k++)
        first[e[k].caller + 1]++;
    for (uint32_t f = 0; f < nfunc; f++)
        first[f + 1] += first[f];

    for (uint32_t root = 0; root < nfunc && !ret; root++) {
        if (state[root])
            continue;
        uint32_t sp = 0;
        stack[sp++] = root;
        stack[sp++] = first[root];
        state[root] = 1;
        while (sp && !ret) {
            uint32_t f = stack[sp - 2], next = stack[sp - 1];
            if (next < first[f + 1]) {
                stack[sp - 1] = next + 1;
                uint32_t g = e[next].callee;
                if (state[g] == 1) {
                    const struct ir_instruction *c = &v->prog->instructions.items[e[next].ins];
                    ret = vfail(v, e[next].ins, c->offset, "recursive call");
                } else if (state[g] == 0) {
                    state[g] = 1;
                    stack[sp++] = g;
                    stack[sp++] = first[g];
                }
                continue;
            }
            uint32_t d = 0; /* calls nested below f */
            for (uint32_t k = first[f]; k < first[f + 1]; k++)
                if (depth[e[k].callee] + 1 > d)
                    d = depth[e[k].callee] + 1;
            depth[f] = d;
            state[f] = 2;
            sp -= 2;
            if (d > IR_MAX_CALL_DEPTH) {
                const struct ir_instruction *c = &v->prog->instructions.items[e[first[f]].ins];
                ret = vfail(v, e[first[f]].ins, c->offset,
                            "subroutine calls nest deeper than %u", IR_MAX_CALL_DEPTH);
            }
        }
    }
done:
    free(first);
    free(state);
    free(depth);
    free(stack);
    return ret;
}

static int check_flow(struct vctx *v)
{
    struct ir_program *p = v->prog;
    struct ir_instruction *ins = p->instructions.items;
    uint32_t n = p->instructions.count, nlabels = 0, ncalls = 0;
    struct frame stack[IR_MAX_NESTING];
    uint32_t sp = 0;
    int ret = IR_OK;

    for (uint32_t i = 0; i < n; i++) {
        ins[i].link = IR_NO_LINK;
        nlabels += ins[i].op == IR_OP_LABEL;
        ncalls += ins[i].op == IR_OP_CALL || ins[i].op == IR_OP_CALLC;
    }
    struct label_entry *labels = malloc(((size_t)nlabels + 1) * sizeof(*labels));
    struct call_edge *edges = malloc(((size_t)ncalls + 1) * sizeof(*edges));
    uint32_t *close = malloc(((size_t)n + 1) * sizeof(*close)); /* closer of each opener */
    if (!labels || !edges || !close) {
        ret = IR_E_NOMEM;
        goto done;
    }
    for (uint32_t i = 0, k = 0; i < n; i++)
        if (ins[i].op == IR_OP_LABEL) {
            labels[k].number = ins[i].src[0].index[0].offset;
            labels[k].index = i;
            labels[k].func = k + 1;
            k++;
        }
    if (nlabels)
        qsort(labels, nlabels, sizeof(*labels), label_cmp);
    for (uint32_t k = 1; k < nlabels; k++)
        if (labels[k].number == labels[k - 1].number) {
            ret = vfail(v, labels[k].index, ins[labels[k].index].offset, "label l%u defined twice",
                        (unsigned)labels[k].number);
            goto done;
        }

    uint32_t func = 0, last_label = IR_NO_LINK, ne = 0;
    for (uint32_t i = 0; i < n && !ret; i++) {
        struct ir_instruction *in = &ins[i];
        struct frame *top = sp ? &stack[sp - 1] : NULL;
        size_t off = in->offset;

        if (i > 0 && ins[i - 1].op == IR_OP_SWITCH && in->op != IR_OP_CASE &&
            in->op != IR_OP_DEFAULT && in->op != IR_OP_ENDSWITCH) {
            ret = vfail(v, i, off, "code between switch and its first case");
            break;
        }
        switch (in->op) {
        case IR_OP_IF:
        case IR_OP_LOOP:
        case IR_OP_SWITCH:
            if (sp == IR_MAX_NESTING) {
                ret = vfail(v, i, off, "control flow nested deeper than %u", IR_MAX_NESTING);
                break;
            }
            stack[sp].op = in->op;
            stack[sp].seen_else = false;
            stack[sp].start = i;
            stack[sp].chain = i;
            sp++;
            break;
        case IR_OP_ELSE:
            if (!top || top->op != IR_OP_IF || top->seen_else) {
                ret = vfail(v, i, off, "else without a matching if");
                break;
            }
            top->seen_else = true;
            ins[top->start].link = i;
            top->chain = i;
            break;
        case IR_OP_ENDIF:
            if (!top || top->op != IR_OP_IF) {
                ret = vfail(v, i, off, "endif without a matching if");
                break;
            }
            ins[top->chain].link = i; /* the if (no else) or the else */
            in->link = top->start;
            close[top->start] = i;
            sp--;
            break;
        case IR_OP_ENDLOOP:
            if (!top || top->op != IR_OP_LOOP) {
                ret = vfail(v, i, off, "endloop without a matching loop");
                break;
            }
            ins[top->start].link = i;
            in->link = top->start;
            close[top->start] = i;
            sp--;
            break;
        case IR_OP_CASE:
        case IR_OP_DEFAULT:
            if (!top || top->op != IR_OP_SWITCH) {
                ret = vfail(v, i, off, "%s outside a switch", ir_op_name(in->op));
                break;
            }
            if (in->op == IR_OP_DEFAULT) {
                if (top->seen_else) {
                    ret = vfail(v, i, off, "second default in one switch");
                    break;
                }
                top->seen_else = true;
            }
            ins[top->chain].link = i;
            top->chain = i;
            break;
        case IR_OP_ENDSWITCH:
            if (!top || top->op != IR_OP_SWITCH) {
                ret = vfail(v, i, off, "endswitch without a matching switch");
                break;
            }
            ins[top->chain].link = i;
            in->link = top->start;
            close[top->start] = i;
            sp--;
            break;
        case IR_OP_BREAK:
        case IR_OP_BREAKC:
        case IR_OP_CONTINUE:
        case IR_OP_CONTINUEC: {
            bool brk = in->op == IR_OP_BREAK || in->op == IR_OP_BREAKC;
            uint32_t k = sp;
            while (k && !(stack[k - 1].op == IR_OP_LOOP ||
                          (brk && stack[k - 1].op == IR_OP_SWITCH)))
                k--;
            if (!k) {
                ret = vfail(v, i, off, brk ? "break outside a loop or switch" :
                                             "continue outside a loop");
                break;
            }
            in->link = stack[k - 1].start; /* replaced by the closer below */
            break;
        }
        case IR_OP_LABEL:
            if (sp) {
                ret = vfail(v, i, off, "label inside an open %s", ir_op_name(stack[sp - 1].op));
                break;
            }
            if (last_label != IR_NO_LINK)
                ins[last_label].link = i;
            last_label = i;
            func++;
            break;
        case IR_OP_CALL:
        case IR_OP_CALLC: {
            const struct ir_operand *l = &in->src[in->op == IR_OP_CALL ? 0 : 1];
            const struct label_entry *t = find_label(labels, nlabels, l->index[0].offset);
            if (!t) {
                ret = vfail(v, i, off, "call to undefined label l%u", (unsigned)l->index[0].offset);
                break;
            }
            in->link = t->index;
            edges[ne].caller = func;
            edges[ne].callee = t->func;
            edges[ne].ins = i;
            ne++;
            break;
        }
        default:
            break;
        }
    }
    if (!ret && sp)
        ret = vfail(v, stack[sp - 1].start, ins[stack[sp - 1].start].offset, "%s is never closed",
                    ir_op_name(stack[sp - 1].op));
    if (ret)
        goto done;
    if (last_label != IR_NO_LINK)
        ins[last_label].link = n;
    for (uint32_t i = 0; i < n; i++) {
        uint16_t op = ins[i].op;
        if (op == IR_OP_BREAK || op == IR_OP_BREAKC || op == IR_OP_CONTINUE ||
            op == IR_OP_CONTINUEC)
            ins[i].link = close[ins[i].link];
    }
    ret = check_calls(v, edges, ne, func + 1);
done:
    free(labels);
    free(edges);
    free(close);
    return ret;
}

int ir_validate(struct ir_program *prog, struct ir_error *err)
{
    struct vctx *v = calloc(1, sizeof(*v));
    int ret;

    if (err) {
        err->code = IR_OK;
        err->instruction = IR_NO_LINK;
        err->offset = 0;
        err->message[0] = '\0';
    }
    if (!v) {
        if (err) {
            err->code = IR_E_NOMEM;
            snprintf(err->message, sizeof(err->message), "ir: out of memory at offset 0x0");
        }
        return IR_E_NOMEM;
    }
    v->prog = prog;
    v->err = err;
    if (prog->type == IR_SHADER_HULL && prog->hs_phase == IR_HS_DECLS) {
        /* the container: its declarations, then each phase as a program of its own */
        free(v);
        ret = ir_tess_check_declarations(prog, err);
        for (uint32_t i = 0; !ret && i < prog->hs_phase_count; i++)
            ret = ir_validate(&prog->hs_phases[i], err);
        return ret;
    }
    ret = check_declarations(v);
    for (uint32_t i = 0; !ret && i < prog->instructions.count; i++)
        ret = check_instruction(v, i);
    if (!ret)
        ret = check_flow(v);
    if (ret == IR_E_NOMEM && err) {
        err->code = IR_E_NOMEM;
        snprintf(err->message, sizeof(err->message), "ir: out of memory at offset 0x0");
    }
    free(v->xs);
    free(v);
    return ret;
}
