/* src/hlsl/sm4_write.c — the allocated lir as an fxc-style SM4 listing (the syntax
 * src/shader/tpf_asm.c documents): signature comment blocks (they carry the semantic names,
 * which declarations cannot), the version, declarations, then one instruction a line.
 * RDEF: Buffer Definitions and Resource Bindings blocks with the source's names when the
 * table syntax can say every variable (rdef_representable), else derived by the assembler.
 *
 * Immediates: values of float instructions print as decimal floats when they are normal or
 * zero (with 9 significant digits, which round-trips binary32), otherwise as raw 0x bits;
 * integer instructions print decimal integers.
 */
#include "hlsl/gen.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *sysval_name(unsigned sv)
{
    switch (sv) {
    case 1: return "POS";
    case 2: return "CLIPDST";
    case 4: return "RTINDEX";
    case 5: return "VPINDEX";
    case 6: return "VERTID";
    case 7: return "PRIMID";
    case 8: return "INSTID";
    case 9: return "FFACE";
    case 64: return "TARGET";
    case 65: return "DEPTH";
    default: return "NONE";
    }
}

static const char *base_fmt(enum base_type b)
{
    return b == BT_INT ? "int" : b == BT_UINT ? "uint" : "float";
}

static void positional(unsigned mask, char out[5])
{
    for (unsigned c = 0; c < 4; c++)
        out[c] = (mask >> c & 1) ? "xyzw"[c] : ' ';
    out[4] = '\0';
}

static void signature(struct sbuf *o, const struct sig_entry *e, unsigned n, bool input,
                      const unsigned *used)
{
    sbuf_printf(o, "// %s signature:\n//\n", input ? "Input" : "Output");
    sbuf_puts(o, "// Name                 Index   Mask Register SysValue  Format   Used\n");
    sbuf_puts(o, "// -------------------- ----- ------ -------- -------- ------- ------\n");
    if (!n)
        sbuf_printf(o, "// no %s\n", input ? "Input" : "Output");
    for (unsigned i = 0; i < n; i++) {
        char mask[5], u[5], reg[16];
        if (e[i].space != IN_CP)
            continue; /* a hull/domain program's patch constants: no ISGN element */
        if (e[i].is_depth) {
            sbuf_printf(o, "// %-20s %5u %6s %8s %8s %7s %6s\n", e[i].name, e[i].index, "N/A",
                        "oDepth", "DEPTH", "float", "YES");
            continue;
        }
        positional(e[i].mask, mask);
        /* Used: what the program reads (inputs) or writes (outputs: every component) */
        positional(input ? used[i] & e[i].mask : e[i].mask, u);
        snprintf(reg, sizeof(reg), "%u", e[i].reg);
        sbuf_printf(o, "// %-20s %5u %6s %8s %8s %7s %6s\n", e[i].name, e[i].index, mask, reg,
                    sysval_name(e[i].sysval), base_fmt(e[i].base), u);
    }
    sbuf_puts(o, "//\n");
}

static void imm_value(struct sbuf *o, uint32_t v, bool is_float)
{
    if (!is_float) {
        sbuf_printf(o, "%d", (int)(int32_t)v);
        return;
    }
    float f;
    memcpy(&f, &v, 4);
    uint32_t e = v >> 23 & 0xff;
    if ((e == 0 && (v & 0x7fffff)) || e == 0xff) {
        sbuf_printf(o, "0x%08x", v);
        return;
    }
    char b[48];
    snprintf(b, sizeof(b), "%.9g", (double)f);
    if (!strpbrk(b, ".eEn"))
        strcat(b, ".0");
    sbuf_puts(o, b);
}

struct writer {
    struct gen *g;
    struct sbuf *o;
};

static void reg_name(struct writer *w, const struct lop *op)
{
    struct sbuf *o = w->o;
    switch (op->file) {
    case LF_TEMP: sbuf_printf(o, "r%u", op->index); break;
    case LF_INPUT:
        if (w->g->c->hs || w->g->c->ds) {
            /* v[cp][reg] in the control-point phase; vicp / vocp in a fork phase and a domain
             * program; vpc# a domain program's patch constants */
            unsigned space = op->index / 32, r = op->index % 32;
            const struct hc *c = w->g->c;
            if (space == IN_PC)
                sbuf_printf(o, "vpc%u", r);
            else
                sbuf_printf(o, "%s[%u][%u]", space == IN_OCP ? "vocp" : c->hs_phase == 1 ? "v" :
                            "vicp", op->reg, r);
        } else if (w->g->c->gs)
            sbuf_printf(o, "v[%u][%u]", op->reg, op->index); /* v[vertex][register] */
        else
            sbuf_printf(o, "v%u", op->index);
        break;
    case LF_PRIM: sbuf_puts(o, "vPrim"); break;
    case LF_GSINST: sbuf_puts(o, "vGSInstanceID"); break;
    case LF_TESS:
        sbuf_puts(o, op->index == TESS_CP_ID ? "vOutputControlPointID" : "vDomain");
        break;
    case LF_UAV: sbuf_printf(o, "u%d", w->g->res[op->index].slot); break;
    case LF_TGSM: sbuf_printf(o, "g%d", w->g->tgsm[op->index].slot); break;
    case LF_THREAD: {
        static const char *const ids[4] = {"vThreadID", "vThreadGroupID", "vThreadIDInGroup",
                                           "vThreadIDInGroupFlattened"};
        sbuf_puts(o, ids[op->index & 3]);
        break;
    }
    case LF_STREAM: sbuf_printf(o, "m%u", op->index); break;
    case LF_OUTPUT: sbuf_printf(o, "o%u", op->index); break;
    case LF_DEPTH: sbuf_puts(o, "oDepth"); break;
    case LF_NULL: sbuf_puts(o, "null"); break;
    case LF_TEX: sbuf_printf(o, "t%d", w->g->res[op->index].slot); break;
    case LF_SAMP: sbuf_printf(o, "s%d", w->g->res[op->index].sslot); break;
    case LF_XTEMP:
        if (op->rel >= 0)
            sbuf_printf(o, "x%u[r%d.%c + %u]", op->index, op->rel, "xyzw"[op->rel_comp], op->reg);
        else
            sbuf_printf(o, "x%u[%u]", op->index, op->reg);
        break;
    case LF_CB: {
        int slot = w->g->cbs[op->index]->slot;
        if (op->rel >= 0)
            sbuf_printf(o, "cb%d[r%d.%c + %u]", slot, op->rel, "xyzw"[op->rel_comp], op->reg);
        else
            sbuf_printf(o, "cb%d[%u]", slot, op->reg);
        break;
    }
    default: sbuf_puts(o, "?"); break;
    }
}

static void dst(struct writer *w, const struct lop *op)
{
    reg_name(w, op);
    if (op->file == LF_DEPTH || op->file == LF_NULL)
        return;
    sbuf_put(w->o, ".", 1);
    for (unsigned c = 0; c < 4; c++)
        if (op->mask >> c & 1)
            sbuf_put(w->o, &"xyzw"[c], 1);
}

/* positions: which swizzle positions matter (bit p), and whether one letter is enough */
static void src(struct writer *w, const struct lop *op, unsigned positions, bool one, bool is_float)
{
    struct sbuf *o = w->o;
    if (op->neg)
        sbuf_put(o, "-", 1);
    if (op->abs)
        sbuf_put(o, "|", 1);
    unsigned first = 0;
    while (first < 4 && !(positions >> first & 1))
        first++;
    if (first == 4)
        first = 0;
    if (op->file == LF_IMM) {
        sbuf_puts(o, "l(");
        if (one) {
            imm_value(o, op->imm[op->swz[first]], is_float);
        } else {
            for (unsigned p = 0; p < 4; p++) {
                if (p)
                    sbuf_puts(o, ", ");
                imm_value(o, (positions >> p & 1) ? op->imm[op->swz[p]] : 0, is_float);
            }
        }
        sbuf_puts(o, ")");
    } else {
        reg_name(w, op);
        if (op->file != LF_SAMP && op->file != LF_PRIM && op->file != LF_STREAM &&
            !(op->file == LF_TESS && op->index == TESS_CP_ID)) {
            sbuf_put(o, ".", 1);
            if (one) {
                sbuf_put(o, &"xyzw"[op->swz[first]], 1);
            } else {
                for (unsigned p = 0; p < 4; p++)
                    sbuf_put(o, &"xyzw"[((positions >> p & 1) ? op->swz[p] : op->swz[first])], 1);
            }
        }
    }
    if (op->abs)
        sbuf_put(o, "|", 1);
}

static unsigned popcount4(unsigned m)
{
    return (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1);
}

/* The memory instructions in fxc's operand forms: addresses, indices, offsets and atomic
 * values one component (r1.x, l(16)); a load's resource swizzled to its destination
 * (t0.xyzw); a store's destination with its mask and its value over that mask; typed
 * coordinates and atomic addresses whole; atomics name the u# bare. */
static void mem_instruction(struct writer *w, const struct linst *in)
{
    struct sbuf *o = w->o;
    enum lop_code op = (enum lop_code)in->op;
    bool store = op == L_STORE_RAW || op == L_STORE_STRUCTURED || op == L_STORE_UAV_TYPED;
    bool load = op == L_LD_RAW || op == L_LD_STRUCTURED || op == L_LD_UAV_TYPED ||
                op == L_BUFINFO;
    sbuf_puts(o, lop_infos[op].name);
    unsigned mask = in->dst[0].mask;
    for (unsigned d = 0; d < in->ndst; d++) {
        sbuf_puts(o, d ? ", " : " ");
        if ((in->dst[d].file == LF_UAV || in->dst[d].file == LF_TGSM) && !store)
            reg_name(w, &in->dst[d]);
        else
            dst(w, &in->dst[d]);
    }
    for (unsigned s = 0; s < in->nsrc; s++) {
        const struct lop *x = &in->src[s];
        sbuf_puts(o, (s || in->ndst) ? ", " : " ");
        bool last = s + 1 == in->nsrc;
        if (x->file == LF_TEX || x->file == LF_UAV || x->file == LF_TGSM)
            src(w, x, load && op != L_BUFINFO ? mask : 15, false, false);
        else if (store && last)
            src(w, x, op == L_STORE_UAV_TYPED ? 15 : mask, popcount4(mask) == 1, false);
        else if ((op == L_LD_UAV_TYPED || op == L_STORE_UAV_TYPED) && s == 0)
            src(w, x, 15, false, false);  /* typed coordinates */
        else if (!load && !store && s == 0 && x->file == LF_TEMP && x->swz[1] != x->swz[0])
            src(w, x, 15, false, false);  /* an atomic's multi-component address */
        else
            src(w, x, 1, true, false);
    }
    sbuf_puts(o, "\n");
}

static void instruction(struct writer *w, const struct linst *in)
{
    struct sbuf *o = w->o;
    const struct lop_info *info = &lop_infos[in->op];
    if (info->shape == LS_MEM) {
        mem_instruction(w, in);
        return;
    }
    if (in->op == L_SYNC) {
        /* sync[_uglobal|_ugroup][_g][_t] ("sync (sm5 - asm)") */
        sbuf_printf(o, "sync%s%s%s\n", in->sync & SYNC_UGLOBAL ? "_uglobal" :
                    in->sync & SYNC_UGROUP ? "_ugroup" : "", in->sync & SYNC_G ? "_g" : "",
                    in->sync & SYNC_T ? "_t" : "");
        return;
    }
    sbuf_puts(o, info->name);
    if ((in->op == L_EMIT || in->op == L_CUT) && in->nsrc)
        sbuf_puts(o, "_stream");
    if ((in->op == L_RESINFO || in->op == L_SAMPLEINFO) && in->dtype == BT_UINT)
        sbuf_puts(o, "_uint");
    if (in->sat)
        sbuf_puts(o, "_sat");
    if (in->has_offset)
        sbuf_printf(o, "_aoffimmi(%d,%d,%d)", in->offset[0], in->offset[1], in->offset[2]);
    unsigned mask = 0;
    for (unsigned d = 0; d < in->ndst; d++) {
        sbuf_puts(o, d ? ", " : " ");
        dst(w, &in->dst[d]);
        if (in->dst[d].file != LF_NULL)
            mask |= in->dst[d].mask;
    }
    bool is_float = info->is_float || in->op == L_MOVC;
    if ((in->op == L_MOV || in->op == L_MOVC) && in->dtype && in->dtype != BT_FLOAT)
        is_float = false; /* integer data: decimal immediates */
    for (unsigned s = 0; s < in->nsrc; s++) {
        sbuf_puts(o, (s || in->ndst) ? ", " : " ");
        const struct lop *op = &in->src[s];
        bool fl = is_float;
        if (in->op == L_MOVC && s == 0)
            fl = false;
        switch (info->shape) {
        case LS_MEM: /* mem_instruction's */
        case LS_CW:
            src(w, op, mask, popcount4(mask) == 1, fl);
            break;
        case LS_DOT: {
            unsigned n = in->op == L_DP2 ? 3 : in->op == L_DP3 ? 7 : 15;
            src(w, op, n, false, true);
            break;
        }
        case LS_FLOW:
            src(w, op, 1, true, false);
            break;
        case LS_EVAL:
            /* the attribute swizzled to the destination (v0.xyxx), the offset as (U, V)
             * (l(-8, 7, 0, 0), r0.xyxx), the sample index one component (l(2), r0.x) (as the
             * listings of tests/test_d3d11_eval.c write them) */
            if (s == 0)
                src(w, op, mask, popcount4(mask) == 1, false);
            else
                src(w, op, in->op == L_EVAL_SNAPPED ? 3 : 1, in->op != L_EVAL_SNAPPED, false);
            break;
        case LS_FIXED: {
            bool scalar = (s >= 3 && (in->op == L_SAMPLE_L || in->op == L_SAMPLE_B ||
                                      in->op == L_SAMPLE_C || in->op == L_SAMPLE_C_LZ ||
                                      in->op == L_GATHER4_C)) ||
                          (s == 2 && in->op == L_LD_MS);
            bool coord_int = in->op == L_LD || in->op == L_RESINFO || in->op == L_LD_MS;
            src(w, op, scalar ? 1 : 15, scalar,
                s == 0 ? !coord_int : !(s == 2 && in->op == L_LD_MS));
            if (op->file == LF_SAMP && (in->op == L_GATHER4 || in->op == L_GATHER4_C)) {
                /* the channel gathered: s#.x .. s#.w (select-1, "gather4") */
                sbuf_put(o, ".", 1);
                sbuf_put(o, &"xyzw"[op->swz[0] & 3], 1);
            }
            break;
        }
        }
    }
    sbuf_puts(o, "\n");
}

static void used_inputs(struct gen *g, unsigned *used)
{
    for (size_t i = 0; i < g->nins; i++) {
        const struct linst *in = &g->ins[i];
        unsigned mask = 0;
        for (unsigned d = 0; d < in->ndst; d++)
            if (in->dst[d].file != LF_NULL)
                mask |= in->dst[d].mask;
        for (unsigned s = 0; s < in->nsrc; s++) {
            const struct lop *op = &in->src[s];
            if (op->file != LF_INPUT)
                continue;
            unsigned m = 0;
            const struct lop_info *info = &lop_infos[in->op];
            if (info->shape == LS_CW || (info->shape == LS_EVAL && s == 0)) {
                for (unsigned c = 0; c < 4; c++)
                    if (mask >> c & 1)
                        m |= 1u << op->swz[c];
            } else {
                unsigned n = in->op == L_DP2 ? 2 : in->op == L_DP3 ? 3 : 4;
                if (info->shape == LS_FLOW)
                    n = 1;
                for (unsigned c = 0; c < n; c++)
                    m |= 1u << op->swz[c];
            }
            for (unsigned k = 0; k < g->nin; k++)
                if (g->in[k].reg + 32 * g->in[k].space == op->index)
                    used[k] |= m;
        }
    }
}

static const char *dim_name(enum tex_dim d)
{
    switch (d) {
    case TD_1D: return "texture1d";
    case TD_3D: return "texture3d";
    case TD_CUBE: return "texturecube";
    case TD_2DARRAY: return "texture2darray";
    case TD_1DARRAY: return "texture1darray";
    case TD_CUBEARRAY: return "texturecubearray";
    case TD_2DMS: return "texture2dms";
    case TD_2DMSARRAY: return "texture2dmsarray";
    case TD_BUFFER: return "buffer";
    default: return "texture2d";
    }
}

/* RDEF as comment blocks (the assembler's Buffer Definitions / Resource Bindings syntax), so
 * the container names its cbuffers, tbuffers, variables and resources; written only when every
 * used cbuffer and tbuffer holds numeric variables and arrays of them, the variables the table
 * can say (otherwise the assembler derives a nameless RDEF). */
static bool rdef_representable(const struct gen *g)
{
    for (unsigned i = 0; i < g->ncbs; i++) {
        const struct cbuffer_decl *cb = g->cbs[i];
        if (!cb->used && !cb->tbuffer)
            continue;
        for (unsigned k = 0; k < cb->nvars; k++) {
            const struct type *t = cb->vars[k]->type;
            if (t->cls == TC_ARRAY)
                t = t->elem;
            if (!type_is_numeric(t))
                return false;
        }
    }
    return true;
}

static const char *base_word(enum base_type b)
{
    return b == BT_BOOL ? "bool" : b == BT_INT ? "int" : b == BT_UINT ? "uint" : "float";
}

/* One Resource Bindings row of a t# or u# resource, in fxc's words (tpf_header.c reads them):
 * textures and typed views by format and dimension, buffers of structures or bytes as
 * struct / byte with their access (r/o, r/w, append, consume, r/w+cnt), a tbuffer as one. */
static void binding_row(const struct resource *r, char file, struct sbuf *o)
{
    const struct type *t = r->var->type;
    char bind[16], fmt[16];
    snprintf(bind, sizeof(bind), "%c%d", file, r->slot);
    const char *kind = file == 'u' ? "UAV" : "texture", *dim;
    if (t->cls == TC_TEXTURE && t->mixed) {
        sbuf_printf(o, "// %-30s %10s %7s %11s %14s %6u \n", r->var->name, "tbuffer", "NA",
                    "NA", bind, 1u);
        return;
    }
    if (t->cls == TC_TEXTURE && (t->dim == TD_STRUCTURED || t->dim == TD_RAW)) {
        dim = file == 't' ? "r/o" : t->uav == UAV_APPEND ? "append" :
              t->uav == UAV_CONSUME ? "consume" : r->counter ? "r/w+cnt" : "r/w";
        sbuf_printf(o, "// %-30s %10s %7s %11s %14s %6u \n", r->var->name, kind,
                    t->dim == TD_RAW ? "byte" : "struct", dim, bind, 1u);
        return;
    }
    enum base_type b = t->cls == TC_TEXTURE ? t->base : BT_FLOAT;
    unsigned n = t->cls == TC_TEXTURE ? t->cols : 4;
    snprintf(fmt, sizeof(fmt), "%s%u", b == BT_INT ? "sint" : b == BT_UINT ? "uint" : "float", n);
    if (n == 1)
        fmt[strlen(fmt) - 1] = '\0';
    /* the Dim column's words */
    dim = dim_name(t->dim) + (t->dim == TD_BUFFER ? 0 : 7);
    if (t->dim == TD_BUFFER)
        dim = "buf";
    else if (t->dim == TD_2DMS)
        dim = "2dMS";
    else if (t->dim == TD_2DMSARRAY)
        dim = "2dMSarray";
    sbuf_printf(o, "// %-30s %10s %7s %11s %14s %6u \n", r->var->name, kind, fmt, dim, bind, 1u);
}

/* A cbuffer's or tbuffer's block of variables (offsets by the packing rules). */
static void buffer_block(const struct cbuffer_decl *cb, struct sbuf *o)
{
    sbuf_printf(o, "// %s %s\n// {\n//\n", cb->tbuffer ? "tbuffer" : "cbuffer", cb->name);
    for (unsigned k = 0; k < cb->nvars; k++) {
        const struct var_decl *v = cb->vars[k];
        const struct type *t = v->type->cls == TC_ARRAY ? v->type->elem : v->type;
        char decl[256], type[32];
        if (t->cls == TC_MATRIX)
            snprintf(type, sizeof(type), "%s%s%ux%u", t->row_major ? "row_major " : "",
                     base_word(t->base), t->rows, t->cols);
        else if (t->cls == TC_VECTOR)
            snprintf(type, sizeof(type), "%s%u", base_word(t->base), t->cols);
        else
            snprintf(type, sizeof(type), "%s", base_word(t->base));
        if (v->type->cls == TC_ARRAY)
            snprintf(decl, sizeof(decl), "%s %s[%u];", type, v->name, v->type->count);
        else
            snprintf(decl, sizeof(decl), "%s %s;", type, v->name);
        sbuf_printf(o, "//   %-34s // Offset: %4u Size: %5u\n", decl, cb->offsets[k] * 4,
                    type_cb_size(v->type, false) * 4);
    }
    sbuf_puts(o, "//\n// }\n//\n");
}

/* A tbuffer whose view the program reads (its variables were copied out of t# loads). */
static bool tbuffer_used(const struct gen *g, const struct cbuffer_decl *cb)
{
    for (unsigned i = 0; cb->tbuffer && i < g->nres; i++)
        if (g->res[i].var == cb->tb_var)
            return g->res[i].used;
    return false;
}

static void rdef_blocks(struct gen *g, struct sbuf *o)
{
    bool any_cb = false;
    for (unsigned i = 0; i < g->ncbs; i++)
        any_cb = any_cb || g->cbs[i]->used || tbuffer_used(g, g->cbs[i]);
    if (any_cb) {
        sbuf_puts(o, "// Buffer Definitions: \n//\n");
        for (int slot = 0; slot < 14; slot++)
            for (unsigned i = 0; i < g->ncbs; i++)
                if (g->cbs[i]->used && g->cbs[i]->slot == slot)
                    buffer_block(g->cbs[i], o);
        for (unsigned i = 0; i < g->ncbs; i++)
            if (tbuffer_used(g, g->cbs[i]))
                buffer_block(g->cbs[i], o);
        sbuf_puts(o, "//\n");
    }
    sbuf_puts(o, "// Resource Bindings:\n//\n");
    sbuf_puts(o, "// Name                                 Type  Format         Dim      HLSL Bind  Count\n");
    sbuf_puts(o, "// ------------------------------ ---------- ------- ----------- -------------- ------\n");
    /* fxc's order: samplers, shader resources (t#), UAVs (u#), constant buffers, each by
     * register */
    for (int pass = 0; pass < 3; pass++)
        for (int slot = 0; slot < (pass == 0 ? 16 : pass == 1 ? 128 : 64); slot++)
            for (unsigned i = 0; i < g->nres; i++) {
                const struct resource *r = &g->res[i];
                const struct type *t = r->var->type;
                if (!r->used)
                    continue;
                if (pass == 0 && t->cls == TC_SAMPLER && r->sslot == slot) {
                    char bind[16];
                    snprintf(bind, sizeof(bind), "s%d", slot);
                    sbuf_printf(o, "// %-30s %10s %7s %11s %14s %6u \n", r->var->name,
                                t->comparison ? "sampler_c" : "sampler", "NA", "NA", bind, 1u);
                }
                bool view = t->cls == TC_TEXTURE || r->as_texture;
                if (pass == 1 && view && !(t->cls == TC_TEXTURE && t->uav) && r->slot == slot)
                    binding_row(r, 't', o);
                if (pass == 2 && t->cls == TC_TEXTURE && t->uav && r->slot == slot)
                    binding_row(r, 'u', o);
            }
    for (int slot = 0; slot < 14; slot++)
        for (unsigned i = 0; i < g->ncbs; i++) {
            const struct cbuffer_decl *cb = g->cbs[i];
            if (!cb->used || cb->slot != slot)
                continue;
            char bind[16];
            snprintf(bind, sizeof(bind), "cb%d", slot);
            sbuf_printf(o, "// %-30s %10s %7s %11s %14s %6u \n", cb->name, "cbuffer", "NA", "NA",
                        bind, 1u);
        }
    sbuf_puts(o, "//\n//\n");
}

/* A raw or structured buffer's or a UAV's declaration ("dcl_resource_raw",
 * "dcl_resource_structured", "dcl_uav_typed", "dcl_uav_raw", "dcl_uav_structured"; _opc: the
 * order-preserving counter of Increment/DecrementCounter). */
static void mem_declaration(struct gen *g, const struct resource *r, struct sbuf *o)
{
    const struct type *t = r->var->type;
    char reg = t->uav ? 'u' : 't';
    if (t->dim == TD_RAW) {
        sbuf_printf(o, "dcl_%s_raw %c%d\n", t->uav ? "uav" : "resource", reg, r->slot);
        return;
    }
    if (t->dim == TD_STRUCTURED) {
        /* the stride: T's tight size (gen_buffer.c's layout) */
        sbuf_printf(o, "dcl_%s_structured%s %c%d, %u\n", t->uav ? "uav" : "resource",
                    r->counter ? "_opc" : "", reg, r->slot, r->stride);
        return;
    }
    const char *rt = t->base == BT_INT ? "sint" : t->base == BT_UINT ? "uint" : "float";
    sbuf_printf(o, "dcl_uav_typed_%s (%s,%s,%s,%s) u%d\n", dim_name(t->dim), rt, rt, rt, rt,
                r->slot);
    (void)g;
}

/* A compute program's thread-id inputs and its group size. */
static void cs_declarations(struct gen *g, struct sbuf *o)
{
    static const char *const ids[4] = {"vThreadID", "vThreadGroupID", "vThreadIDInGroup",
                                       "vThreadIDInGroupFlattened"};
    for (unsigned k = 0; k < 4; k++) {
        if (!(g->cs_inputs >> k & 1))
            continue;
        if (k == CS_GROUP_INDEX) {
            sbuf_printf(o, "dcl_input %s\n", ids[k]);
            continue;
        }
        char mask[5];
        unsigned n = 0;
        for (unsigned q = 0; q < 3; q++)
            if (g->cs_masks[k] >> q & 1)
                mask[n++] = "xyz"[q];
        mask[n] = '\0';
        sbuf_printf(o, "dcl_input %s.%s\n", ids[k], mask);
    }
}

/* A geometry program's special inputs (after v[][], where fxc puts them): vPrim,
 * vGSInstanceID. */
static void gs_declarations(struct gen *g, struct sbuf *o)
{
    if (g->gs_prim_id)
        sbuf_puts(o, "dcl_input vPrim\n");
    if (g->gs_instance_id)
        sbuf_puts(o, "dcl_input vGSInstanceID\n");
}

static void temp_declarations(struct gen *g, uint32_t ntemps, struct sbuf *o)
{
    if (ntemps)
        sbuf_printf(o, "dcl_temps %u\n", ntemps);
    for (unsigned i = 0; i < g->nx; i++)
        sbuf_printf(o, "dcl_indexableTemp x%u[%u], 4\n", i, g->xsize[i]);
}

static void output_declaration(const struct gen *g, const struct sig_entry *e, struct sbuf *o)
{
    char mask[8];
    unsigned k = 0;
    mask[k++] = '.';
    for (unsigned q = 0; q < 4; q++)
        if (e->mask >> q & 1)
            mask[k++] = "xyzw"[q];
    mask[k] = '\0';
    const char *tf = gen_tess_factor_name(g, e);
    if (e->is_depth)
        sbuf_puts(o, "dcl_output oDepth\n");
    else if (tf)
        sbuf_printf(o, "dcl_output_siv o%u%s, %s\n", e->reg, mask, tf);
    else if (g->c->hs)
        sbuf_printf(o, "dcl_output o%u%s\n", e->reg, mask); /* control points: no siv */
    else if (e->sysval == 1)
        sbuf_printf(o, "dcl_output_siv o%u%s, position\n", e->reg, mask);
    else if (e->sysval == 2)
        sbuf_printf(o, "dcl_output_siv o%u%s, clip_distance\n", e->reg, mask);
    else if (e->sysval == SV_RTINDEX || e->sysval == SV_VPINDEX || e->sysval == SV_PRIMID)
        /* SV_PrimitiveID is generated (sgv), the array indices interpreted (siv) */
        sbuf_printf(o, "dcl_output_s%cv o%u%s, %s\n", e->sysval == SV_PRIMID ? 'g' : 'i',
                    e->reg, mask, e->sysval == SV_RTINDEX ? "rendertarget_array_index" :
                    e->sysval == SV_VPINDEX ? "viewport_array_index" : "primitive_id");
    else
        sbuf_printf(o, "dcl_output o%u%s\n", e->reg, mask);
}

/* The outputs; a geometry program's per stream (gs_5_0: dcl_stream m#, then its topology and
 * its outputs, as fxc groups them; gs_4_x: the topology, then the outputs). */
static void output_declarations(struct gen *g, struct sbuf *o)
{
    static const char *const outputs[4] = {
        [1] = "pointlist", [2] = "linestrip", [3] = "trianglestrip"};
    if (!g->c->gs) {
        for (unsigned i = 0; i < g->nout; i++)
            output_declaration(g, &g->out[i], o);
        return;
    }
    for (unsigned k = 0; k < g->gs_nstreams; k++) {
        if (g->c->sm >= 50)
            sbuf_printf(o, "dcl_stream m%u\n", k);
        sbuf_printf(o, "dcl_outputtopology %s\n", outputs[g->gs_streams[k].output & 3]);
        for (unsigned i = 0; i < g->nout; i++)
            if (g->out[i].stream == k)
                output_declaration(g, &g->out[i], o);
    }
}

void sm4_write(struct gen *g, uint32_t ntemps, struct sbuf *o)
{
    struct hc *c = g->c;
    struct writer w = {g, o};
    unsigned used[32] = {0};
    used_inputs(g, used);
    if (c->hs_phase != 2) {
        sbuf_puts(o, "//\n// Generated by softd3d HLSL compiler\n//\n//\n");
        /* a hull program's RDEF covers both of its functions: the assembler derives it from
         * the declarations of every phase */
        if (!c->hs && rdef_representable(g))
            rdef_blocks(g, o);
        signature(o, g->in, g->nin, true, used);
        sbuf_puts(o, "//\n");
        signature(o, g->out, g->nout, false, used);
    }
    if (c->level9)
        sm2_write(g, ntemps, o);
    if (c->hs || c->ds) {
        gen_tess_header(g, o);
    } else {
        const char *stage = c->ps ? "ps" : c->gs ? "gs" : c->cs ? "cs" : "vs";
        sbuf_printf(o, "%s_%d_%d%s\n", stage, c->sm / 10, c->sm % 10, c->level9 == 1 ?
                    "_level_9_1" : c->level9 == 3 ? "_level_9_3" : "");
        /* raw and structured reads in vs/gs/ps 4_x need the global flag (D3D11.3 18.7.3.2:
         * the runtime checks it against D3D10_X_HARDWARE_OPTIONS), as fxc writes it */
        if (c->sm4_raw_structured)
            sbuf_puts(o, "dcl_globalFlags enableRawAndStructuredBuffers\n");
    }
    /* constant buffers by slot */
    for (int slot = 0; slot < 14; slot++)
        for (unsigned i = 0; i < g->ncbs; i++) {
            struct cbuffer_decl *cb = g->cbs[i];
            if (!cb->used || cb->slot != slot)
                continue;
            unsigned regs = (cb->size + 3) / 4;
            sbuf_printf(o, "dcl_constantbuffer cb%d[%u], %s\n", slot, regs ? regs : 1,
                        g->cb_dynamic[i < 16 ? i : 15] ? "dynamicIndexed" : "immediateIndexed");
        }
    for (int slot = 0; slot < 16; slot++)
        for (unsigned i = 0; i < g->nres; i++) {
            struct resource *r = &g->res[i];
            if (r->used && r->sslot == slot && r->var->type->cls == TC_SAMPLER)
                sbuf_printf(o, "dcl_sampler s%d, %s\n", slot,
                            r->var->type->comparison ? "mode_comparison" : "mode_default");
        }
    for (int slot = 0; slot < 128; slot++)
        for (unsigned i = 0; i < g->nres; i++) {
            struct resource *r = &g->res[i];
            struct type *t = r->var->type;
            if (!r->used || r->slot != slot)
                continue;
            const char *rt = t->cls == TC_TEXTURE ? (t->mixed ? "mixed" : t->base == BT_INT ?
                                                     "sint" : t->base == BT_UINT ? "uint" :
                                                     "float")
                                                  : "float";
            if (t->dim == TD_STRUCTURED || t->dim == TD_RAW || t->uav) {
                mem_declaration(g, r, o);
                continue;
            }
            char ms[16] = "";
            if (t->dim == TD_2DMS || t->dim == TD_2DMSARRAY)
                snprintf(ms, sizeof(ms), "(%u)", t->samples);
            sbuf_printf(o, "dcl_resource_%s%s (%s,%s,%s,%s) t%d\n", dim_name(t->dim), ms, rt, rt, rt,
                        rt, slot);
        }
    if (c->hs || c->ds)
        gen_tess_inputs(g, o);
    for (unsigned i = 0; i < g->nin; i++) {
        const struct sig_entry *e = &g->in[i];
        unsigned m = used[i] & e->mask;
        if (!m)
            continue;
        char mask[8];
        unsigned k = 0;
        mask[k++] = '.';
        for (unsigned q = 0; q < 4; q++)
            if (m >> q & 1)
                mask[k++] = "xyzw"[q];
        mask[k] = '\0';
        if (c->hs || c->ds) {
            /* control points: v[n][reg] / vicp[n][reg] / vocp[n][reg]; patch constants vpc#,
             * a tessellation factor by its name (dcl_input_siv), as fxc declares them */
            const char *tf = gen_tess_factor_name(g, e);
            if (e->space == IN_PC && tf)
                sbuf_printf(o, "dcl_input_siv vpc%u%s, %s\n", e->reg, mask, tf);
            else if (e->space == IN_PC)
                sbuf_printf(o, "dcl_input vpc%u%s\n", e->reg, mask);
            else
                sbuf_printf(o, "dcl_input %s[%u][%u]%s\n", e->space == IN_OCP ? "vocp" :
                            c->hs_phase == 1 ? "v" : "vicp", e->cps, e->reg, mask);
            continue;
        }
        if (c->gs) {
            /* v[vertices][register] ("dcl_input", geometry shader form) */
            unsigned nv = g->gs_input == 1 ? 1 : g->gs_input == 2 ? 2 : g->gs_input == 3 ? 3 :
                          g->gs_input == 6 ? 4 : 6;
            if (e->sysval == SV_POS || e->sysval == SV_CLIPDST)
                sbuf_printf(o, "dcl_input_siv v[%u][%u]%s, %s\n", nv, e->reg, mask,
                            e->sysval == SV_POS ? "position" : "clip_distance");
            else
                sbuf_printf(o, "dcl_input v[%u][%u]%s\n", nv, e->reg, mask);
            continue;
        }
        if (!c->ps) {
            if (e->sysval == 6 || e->sysval == 8)
                sbuf_printf(o, "dcl_input_sgv v%u.x, %s\n", e->reg,
                            e->sysval == 6 ? "vertex_id" : "instance_id");
            else
                sbuf_printf(o, "dcl_input v%u%s\n", e->reg, mask);
            continue;
        }
        if (e->sysval == 9 || e->sysval == 7) {
            sbuf_printf(o, "dcl_input_ps_sgv constant v%u.x, %s\n", e->reg,
                        e->sysval == 9 ? "is_front_face" : "primitive_id");
            continue;
        }
        const char *mode;
        if (e->sysval == 1)
            mode = "linear noperspective";
        else if (e->base != BT_FLOAT || (e->interp & IP_NOINTERPOLATION))
            mode = "constant";
        /* `sample` (4_1+: D3D10.1's sample-frequency inputs, D3D11.3 16.3) over centroid */
        else if ((e->interp & IP_SAMPLE) && c->sm >= 41)
            mode = e->interp & IP_NOPERSPECTIVE ? "linear noperspective sample" :
                   "linear sample";
        else if ((e->interp & IP_CENTROID) && (e->interp & IP_NOPERSPECTIVE))
            mode = "linear noperspective centroid";
        else if (e->interp & IP_CENTROID)
            mode = "linear centroid";
        else if (e->interp & IP_NOPERSPECTIVE)
            mode = "linear noperspective";
        else
            mode = "linear";
        if (e->sysval == 1)
            sbuf_printf(o, "dcl_input_ps_siv %s v%u%s, position\n", mode, e->reg, mask);
        else
            sbuf_printf(o, "dcl_input_ps %s v%u%s\n", mode, e->reg, mask);
    }
    if (c->gs) {
        /* fxc's order: the special inputs, the temps, the instance count, the input
         * primitive, the streams with their outputs, the vertex count */
        gs_declarations(g, o);
        temp_declarations(g, ntemps, o);
        if (g->entry->instance)
            sbuf_printf(o, "dcl_gsinstances %u\n", g->entry->instance);
        static const char *const inputs[8] = {
            [1] = "point", [2] = "line", [3] = "triangle", [6] = "lineadj", [7] = "triangleadj"};
        sbuf_printf(o, "dcl_inputprimitive %s\n", inputs[g->gs_input & 7]);
        output_declarations(g, o);
        sbuf_printf(o, "dcl_maxout %u\n", g->entry->maxvertexcount);
    } else {
        output_declarations(g, o);
        if (c->cs)
            cs_declarations(g, o);
        temp_declarations(g, ntemps, o);
    }
    /* groupshared memory, as fxc declares it: after the temps, before the group size */
    for (unsigned i = 0; i < g->ntgsm; i++) {
        const struct tgsm_var *v = &g->tgsm[i];
        if (v->slot < 0)
            continue;
        if (v->structured)
            sbuf_printf(o, "dcl_tgsm_structured g%d, %u, %u\n", v->slot, v->stride, v->count);
        else
            sbuf_printf(o, "dcl_tgsm_raw g%d, %u\n", v->slot, v->bytes);
    }
    if (c->cs)
        sbuf_printf(o, "dcl_thread_group %u, %u, %u\n", g->entry->numthreads[0],
                    g->entry->numthreads[1], g->entry->numthreads[2]);
    for (size_t i = 0; i < g->nins; i++)
        instruction(&w, &g->ins[i]);
    sbuf_printf(o, "// Approximately %zu instruction slots used\n", g->nins);
}
