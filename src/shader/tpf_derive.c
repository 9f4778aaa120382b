/* src/shader/tpf_derive.c — the tables a listing may leave out, derived from its declarations
 * (see tpf_listing.h): the signatures (ISGN/OSGN) and the resource definitions (RDEF).
 *
 * The derived tables are ordinary struct tpf_listing contents: the disassembler prints them as
 * comment blocks, and those blocks read back to the same tables, so a listing without comments
 * and its disassembly assemble to the same bytes.  What is derived:
 *   signatures  one element per dcl_input / dcl_output (a declaration repeated with the same
 *               register and mask, as hull phases repeat the control points, once),
 *               ordered by register and first component; system values get their SV_ name (SV_Position, SV_VertexID...),
 *               pixel outputs SV_Target<register>, oDepth / oMask / vCoverage SV_Depth /
 *               SV_Coverage..., everything else TEXCOORD<n> in order (gs_5_0 outputs
 *               stream by stream, each stream counting its own indices); inputs read what they
 *               declare, outputs write it.  Ids, indices and the front face are uint.
 *   RDEF        bindings in fxc's order: samplers, textures, constant buffers, each by slot;
 *               names sampler<n>, texture<n>, cb<n>; each constant buffer holds one variable
 *               `float4 cb<n>_data[size]` covering it.
 */
#include "shader/tpf_listing.h"

#include "shader/tpf_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- derived information --------------------------------------------------------------------- */

static const char *sysval_semantic(uint32_t sv)
{
    static const char *const names[] = {
        NULL, "SV_Position", "SV_ClipDistance", "SV_CullDistance", "SV_RenderTargetArrayIndex",
        "SV_ViewportArrayIndex", "SV_VertexID", "SV_PrimitiveID", "SV_InstanceID",
        "SV_IsFrontFace", "SV_SampleIndex",
    };
    return sv < sizeof(names) / sizeof(names[0]) && names[sv] ? names[sv] : "TEXCOORD";
}

static int io_order(const void *pa, const void *pb)
{
    const struct tpf_declared_io *x = pa, *y = pb;
    if (x->stream != y->stream)   /* gs_5_0: stream by stream, each from o0 */
        return x->stream < y->stream ? -1 : 1;
    if (x->reg != y->reg)
        return x->reg < y->reg ? -1 : 1;
    unsigned lx = (unsigned)__builtin_ctz(x->mask | 0x10u), ly = (unsigned)__builtin_ctz(y->mask | 0x10u);
    return lx < ly ? -1 : lx > ly;
}

void tpf_derive_signature(const struct tpf_declared *a, struct tpf_signature *s, bool input)
{
    struct tpf_declared_io list[TPF_MAX_DECL_IO];
    unsigned n = 0;
    for (unsigned i = 0; i < a->nio; i++) {
        if (a->io[i].input != input)
            continue;
        /* the same register declared again, as the phases of a hull program each declare the
         * input control points they read (v[cp][r] / vicp[cp][r]): one element, as fxc's */
        bool again = false;
        for (unsigned k = 0; k < n && !again; k++)
            again = list[k].reg == a->io[i].reg && list[k].mask == a->io[i].mask &&
                    list[k].kind == a->io[i].kind && list[k].sysval == a->io[i].sysval &&
                    list[k].stream == a->io[i].stream && list[k].reg != TPF_REG_SPECIAL;
        if (!again)
            list[n++] = a->io[i];
    }
    qsort(list, n, sizeof(list[0]), io_order);
    s->count = 0;
    for (unsigned i = 0; i < n && s->count < TPF_MAX_SIG; i++) {
        const struct tpf_declared_io *d = &list[i];
        struct tpf_sig_element *e = &s->items[s->count++];
        memset(e, 0, sizeof(*e));
        e->reg = d->reg;
        e->mask = d->mask;
        e->stream = d->stream;
        e->type = 3;
        if (d->reg == TPF_REG_SPECIAL) {
            static const struct { uint32_t type, sysval; const char *name; } sp[] = {
                {TPF_OPERAND_DEPTH, 65, "SV_Depth"},
                {TPF_OPERAND_DEPTH_GE, 67, "SV_DepthGreaterEqual"},
                {TPF_OPERAND_DEPTH_LE, 68, "SV_DepthLessEqual"},
                {TPF_OPERAND_COVERAGE_MASK, 66, "SV_Coverage"},
                {TPF_OPERAND_INPUT_COVERAGE, 66, "SV_Coverage"},
            };
            for (size_t k = 0; k < sizeof(sp) / sizeof(sp[0]); k++)
                if (sp[k].type == d->type) {
                    e->sysval = sp[k].sysval;
                    snprintf(e->name, sizeof(e->name), "%s", sp[k].name);
                }
            if (e->sysval == 66)
                e->type = 1;
        } else if (d->kind) {
            e->sysval = d->sysval;
            snprintf(e->name, sizeof(e->name), "%s", sysval_semantic(d->sysval));
            if (d->sysval >= 4) /* indices, ids, is_front_face: uint */
                e->type = 1;
        } else if (!input && a->pixel) {
            e->sysval = 64;
            snprintf(e->name, sizeof(e->name), "SV_Target");
        } else {
            snprintf(e->name, sizeof(e->name), "TEXCOORD");
        }
        /* semantic index: how many elements of this name came before (in its stream) */
        for (uint32_t k = 0; k + 1 < s->count; k++)
            if (!strcmp(s->items[k].name, e->name) && s->items[k].stream == e->stream)
                e->index++;
        if (e->sysval == 64)
            e->index = e->reg;
        e->rw = input ? e->mask : (uint8_t)(0xf & ~e->mask);
    }
}

static uint32_t srv_dimension(uint32_t dim)
{
    static const uint8_t map[] = {0, 1, 2, 4, 6, 8, 9, 3, 5, 7, 10};
    return dim < sizeof(map) ? map[dim] : 0;
}

static int slot_order(const void *pa, const void *pb)
{
    uint32_t x = *(const uint32_t *)pa, y = *(const uint32_t *)pb;
    return x < y ? -1 : x > y;
}

void tpf_derive_rdef(const struct tpf_declared *a, struct tpf_listing *l)
{
    uint32_t order[TPF_MAX_DECL_RES];
    for (unsigned i = 0; i < a->nsamplers && l->binding_count < TPF_MAX_BINDINGS; i++)
        order[i] = a->samplers[i].slot << 8 | i;
    qsort(order, a->nsamplers, sizeof(order[0]), slot_order);
    for (unsigned k = 0; k < a->nsamplers && l->binding_count < TPF_MAX_BINDINGS; k++) {
        unsigned i = order[k] & 0xff;
        struct tpf_binding *b = &l->bindings[l->binding_count++];
        memset(b, 0, sizeof(*b));
        snprintf(b->name, sizeof(b->name), "sampler%u", (unsigned)a->samplers[i].slot);
        b->type = 3;
        b->point = a->samplers[i].slot;
        b->count = 1;
        b->flags = a->samplers[i].mode == 1 ? 2 : 0;
    }
    for (unsigned i = 0; i < a->nres; i++)
        order[i] = a->res[i].slot << 8 | i;
    qsort(order, a->nres, sizeof(order[0]), slot_order);
    for (unsigned k = 0; k < a->nres && l->binding_count < TPF_MAX_BINDINGS; k++) {
        unsigned i = order[k] & 0xff;
        struct tpf_binding *b = &l->bindings[l->binding_count++];
        uint32_t rt = a->res[i].ret & 0xf;
        memset(b, 0, sizeof(*b));
        snprintf(b->name, sizeof(b->name), "texture%u", (unsigned)a->res[i].slot);
        b->type = 2;
        b->return_type = a->res[i].ret == rt * 0x1111u ? rt : 6;
        b->dimension = srv_dimension(a->res[i].dim);
        b->samples = (b->dimension == 6 || b->dimension == 7) ? a->res[i].samples : 0xffffffffu;
        b->point = a->res[i].slot;
        b->count = 1;
        b->flags = 3u << 2;
    }
    for (unsigned i = 0; i < a->ncbs; i++)
        order[i] = a->cbs[i].slot << 8 | i;
    qsort(order, a->ncbs, sizeof(order[0]), slot_order);
    for (unsigned k = 0; k < a->ncbs; k++) {
        unsigned i = order[k] & 0xff;
        uint32_t slot = a->cbs[i].slot, size = a->cbs[i].size;
        if (l->binding_count < TPF_MAX_BINDINGS) {
            struct tpf_binding *b = &l->bindings[l->binding_count++];
            memset(b, 0, sizeof(*b));
            snprintf(b->name, sizeof(b->name), "cb%u", (unsigned)slot);
            b->point = slot;
            b->count = 1;
        }
        struct tpf_cbuffer *cb = &l->cbuffers[l->cbuffer_count++];
        memset(cb, 0, sizeof(*cb));
        snprintf(cb->name, sizeof(cb->name), "cb%u", (unsigned)slot);
        cb->first = l->variable_count;
        if (size && size <= 4096 && l->variable_count < TPF_MAX_VARIABLES) {
            struct tpf_variable *v = &l->variables[l->variable_count++];
            memset(v, 0, sizeof(*v));
            snprintf(v->name, sizeof(v->name), "cb%u_data", (unsigned)slot);
            v->size = 16 * size;
            v->flags = 2;
            v->class_ = 1;
            v->type = 3;
            v->rows = 1;
            v->columns = 4;
            v->elements = (uint16_t)(size > 1 ? size : 0);
            cb->count = 1;
            cb->size = 16 * size;
        }
    }
}

/* Multisampled textures: the sample count comes from their dcl_resource (the listing's table
 * does not show it). */
void tpf_derive_samples(const struct tpf_declared *a, struct tpf_listing *l)
{
    for (uint32_t i = 0; i < l->binding_count; i++) {
        struct tpf_binding *b = &l->bindings[i];
        /* D3D_SIT_STRUCTURED (t#), _UAV_RWSTRUCTURED, _APPEND, _CONSUME, _WITH_COUNTER (u#):
         * NumSamples is the structure's stride ("D3D12_SHADER_INPUT_BIND_DESC") */
        bool sb = b->type == 5 || b->type == 6 || (b->type >= 9 && b->type <= 11);
        for (unsigned k = 0; sb && k < a->nstructured; k++)
            if (a->structured[k].slot == b->point && a->structured[k].uav == (b->type != 5))
                b->samples = a->structured[k].stride;
        if (b->type == 2 && (b->dimension == 6 || b->dimension == 7)) {
            b->samples = 0;
            for (unsigned k = 0; k < a->nres; k++)
                if (a->res[k].slot == b->point)
                    b->samples = a->res[k].samples;
        }
    }
}
