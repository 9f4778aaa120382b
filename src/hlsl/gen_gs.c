/* src/hlsl/gen_gs.c — geometry programs (gs_4_0, gs_4_1, gs_5_0): the entry point's input
 * array, its stream and SV_PrimitiveID, the stream's Append and RestartStrip, and the
 * attributes [maxvertexcount(n)] and [instance(n)].
 *
 * The rules ("Geometry-Shader Object", "Stream-Output Object", "maxvertexcount",
 * "dcl_maxOutputVertexCount", D3D11.3 spec 13 "Geometry Shader Stage"):
 *   - the input is one array whose length is the primitive's vertex count: point T v[1],
 *     line T v[2], triangle T v[3], lineadj T v[4], triangleadj T v[6]; each element's
 *     members are signature entries read as v[vertex][register], copied into temps at the
 *     start so that any index, constant or not, reads them as an ordinary local array;
 *   - SV_PrimitiveID is not in the input signature: it is the vPrim register;
 *   - the output is an `inout PointStream<T>` / LineStream / TriangleStream (pointlist,
 *     linestrip, trianglestrip): T's members are the output signature, Append(v) writes them
 *     to o# and emits, RestartStrip() cuts; gs_5_0 writes the stream forms (emit_stream m0),
 *     as fxc does;
 *   - maxvertexcount is required, 1 or more, and maxvertexcount times the scalars of T is at
 *     most 1024 ("A geometry shader can output a maximum of 1024 32-bit values");
 *   - [instance(n)] is gs_5_0's, n in 1..32 (spec 13.3, dcl_gsinstances); SV_GSInstanceID
 *     (a uint) reads vGSInstanceID, declared `dcl_input vGSInstanceID`;
 *   - gs_5_0 takes up to 4 streams, `inout PointStream<T> s0, s1...`: stream k is m#k, each
 *     declared `dcl_stream mk`, `dcl_outputtopology pointlist` (several streams are point
 *     lists, "dcl_stream") and its outputs, whose registers start again at o0; Append on
 *     stream k writes its T's members to its registers and emit_stream mk.
 * softd3d's assembler and decoder do not take a second stream yet, so such programs are
 * compiled to their listing and refused with X3000 "not supported yet" (compile.c), the
 * listing kept in hlsl_compile's result.
 */
#include "hlsl/gen.h"

#include <string.h>
#include <strings.h>

/* D3D10_SB_PRIMITIVE values and vertex counts of the input primitive words */
static const struct {
    unsigned storage, prim, vertices;
    const char *word;
} prims[] = {
    {SC_GS_POINT, 1, 1, "point"}, {SC_GS_LINE, 2, 2, "line"},
    {SC_GS_TRIANGLE, 3, 3, "triangle"}, {SC_GS_LINEADJ, 6, 4, "lineadj"},
    {SC_GS_TRIANGLEADJ, 7, 6, "triangleadj"},
};

static void push_param(struct gen *g, struct var_decl *pd, struct place p)
{
    struct val v = {0};
    v.type = pd->type;
    v.is_place = true;
    v.pl = p;
    gen_push_sym(g, pd->name, pd, v);
}

static void input_array(struct gen *g, struct var_decl *pd, struct io_leaf *ins, unsigned *ni)
{
    struct hc *c = g->c;
    unsigned k = 0, bits = pd->storage & SC_GS_PRIMITIVE;
    while (k < 5 && prims[k].storage != bits)
        k++;
    if (k == 5)
        hc_error(c, &pd->loc, 3000, "'%s': one input primitive (point, line, triangle, "
                 "lineadj or triangleadj) at most", pd->name);
    if (g->gs_input)
        hc_error(c, &pd->loc, 3000, "'%s': a geometry shader has one input primitive", pd->name);
    if (pd->type->cls != TC_ARRAY || pd->type->count != prims[k].vertices ||
        (!type_is_numeric(pd->type->elem) && pd->type->elem->cls != TC_STRUCT))
        hc_error(c, &pd->loc, 3000, "'%s': a %s input is an array of %u vertices", pd->name,
                 prims[k].word, prims[k].vertices);
    if (pd->storage & SC_OUT)
        hc_error(c, &pd->loc, 3000, "'%s': the input primitive cannot be an out parameter",
                 pd->name);
    g->gs_input = prims[k].prim;
    struct place p = gen_new_place(g, pd->type);
    push_param(g, pd, p);
    struct place e0 = p;
    e0.type = pd->type->elem;
    unsigned first = *ni;
    gen_collect_leaves(g, e0, pd->semantic, pd->interp, &pd->loc, ins, ni);
    for (unsigned i = first; i < *ni; i++) {
        ins[i].vertices = prims[k].vertices;
        ins[i].stride = type_slots(e0.type);
    }
}

static void stream_param(struct gen *g, struct var_decl *pd, struct io_leaf *outs, unsigned *no)
{
    struct hc *c = g->c;
    if ((pd->storage & (SC_IN | SC_OUT)) != (SC_IN | SC_OUT))
        hc_error(c, &pd->loc, 3000, "'%s': a stream parameter must be inout", pd->name);
    unsigned k = g->gs_nstreams;
    if (k && c->sm < 50)
        hc_error(c, &pd->loc, 3000, "'%s': more than one stream needs gs_5_0", pd->name);
    if (k == 4)
        hc_error(c, &pd->loc, 3000, "'%s': a geometry shader writes 4 streams at most",
                 pd->name);
    /* "dcl_stream": with several streams every stream's topology is pointlist */
    if (k && (pd->type->stream != 1 || g->gs_streams[0].output != 1))
        hc_error(c, &pd->loc, 3000, "'%s': a geometry shader with several streams writes "
                 "PointStreams only", pd->name);
    struct place tmpl = gen_new_place(g, pd->type->elem);
    struct gs_stream *st = &g->gs_streams[k];
    st->vertex = pd->type->elem;
    st->base = tmpl.base;
    st->output = pd->type->stream;
    st->first = *no;
    if (!k) {
        g->gs_vertex = pd->type->elem;
        g->gs_output = pd->type->stream;
    }
    struct place sp = {0};
    sp.kind = P_RES;
    sp.type = pd->type;
    sp.base = k; /* the stream m# */
    sp.rel = -1;
    push_param(g, pd, sp);
    gen_collect_leaves(g, tmpl, pd->semantic, pd->interp, &pd->loc, outs, no);
    for (unsigned i = st->first; i < *no; i++)
        outs[i].stream = k;
    st->n = *no - st->first;
    g->gs_nstreams++;
    if (g->gs_nstreams > 1)
        c->gs5_later = true;
}

/* SV_GSInstanceID: the instance of a gs_5_0 [instance(n)] program (vGSInstanceID). */
static void instance_id_param(struct gen *g, struct var_decl *pd)
{
    struct hc *c = g->c;
    if (c->sm < 50)
        hc_error(c, &pd->sem_loc, 4502, "SV_GSInstanceID needs gs_5_0");
    if (pd->type->cls != TC_SCALAR || (pd->type->base != BT_UINT && pd->type->base != BT_INT))
        hc_error(c, &pd->loc, 4502, "SV_GSInstanceID must be a uint");
    if (pd->storage & SC_OUT)
        hc_error(c, &pd->loc, 4502, "SV_GSInstanceID is a geometry shader's input");
    if (g->gs_instance_id)
        hc_error(c, &pd->loc, 4502, "semantic 'SV_GSInstanceID' is used twice");
    struct place p = gen_new_place(g, pd->type);
    push_param(g, pd, p);
    struct linst in = {0};
    in.op = L_MOV;
    in.ndst = in.nsrc = 1;
    in.dtype = BT_UINT;
    in.dst[0] = lop_temp(p.base, 1);
    in.src[0].file = LF_GSINST;
    in.src[0].rel = -1;
    lir_emit(g, &in);
    g->gs_instance_id = true;
}

bool gen_gs_param(struct gen *g, struct var_decl *pd, struct io_leaf *ins, unsigned *ni,
                  struct io_leaf *outs, unsigned *no)
{
    struct hc *c = g->c;
    if (pd->storage & SC_GS_PRIMITIVE) {
        input_array(g, pd, ins, ni);
        return true;
    }
    if (pd->type->cls == TC_STREAM) {
        stream_param(g, pd, outs, no);
        return true;
    }
    if (pd->semantic && !strcasecmp(pd->semantic, "SV_GSInstanceID")) {
        instance_id_param(g, pd);
        return true;
    }
    if (pd->semantic && !strcasecmp(pd->semantic, "SV_PrimitiveID")) {
        if (pd->type->cls != TC_SCALAR || (pd->type->base != BT_UINT && pd->type->base != BT_INT))
            hc_error(c, &pd->loc, 4502, "SV_PrimitiveID must be a uint");
        if (pd->storage & SC_OUT)
            hc_error(c, &pd->loc, 4502, "SV_PrimitiveID is a geometry shader's input; it is "
                     "written through the stream");
        struct place p = gen_new_place(g, pd->type);
        push_param(g, pd, p);
        struct linst in = {0};
        in.op = L_MOV;
        in.ndst = in.nsrc = 1;
        in.dtype = BT_UINT;
        in.dst[0] = lop_temp(p.base, 1);
        in.src[0].file = LF_PRIM;
        in.src[0].rel = -1;
        lir_emit(g, &in);
        g->gs_prim_id = true;
        return true;
    }
    hc_error(c, &pd->loc, 3000, "'%s': a geometry shader's parameters are its input primitive "
             "(point/line/triangle/lineadj/triangleadj T name[n]), SV_PrimitiveID, its inout "
             "stream and uniforms", pd->name);
}

/* stream.Append(v): T's members to their o# registers, then emit; stream.RestartStrip(). */
struct val gen_gs_method(struct gen *g, struct expr *e, struct val *v, unsigned n)
{
    struct hc *c = g->c;
    const struct loc_src *at = &e->loc;
    struct linst fl = {0};
    if (c->sm >= 50) {
        /* gs_5_0 writes the stream forms, on stream m0 */
        fl.nsrc = 1;
        fl.src[0].file = LF_STREAM;
        fl.src[0].index = v[0].pl.base;
        fl.src[0].rel = -1;
    }
    if (!strcmp(e->name, "RestartStrip")) {
        if (n != 1)
            hc_error(c, at, 3013, "RestartStrip takes no arguments");
        fl.op = L_CUT;
        lir_emit(g, &fl);
        return gen_vnum(type_void(c), lop_imm_u(0));
    }
    if (strcmp(e->name, "Append"))
        hc_error(c, at, 3018, "'%s' is no method of '%s' (Append, RestartStrip)", e->name,
                 type_name(c, v[0].type));
    if (n != 2)
        hc_error(c, at, 3013, "Append takes one vertex");
    const struct type *t = v[0].type->elem;
    struct val x = gen_convert(g, v[1], (struct type *)t, &e->args[1]->loc, false);
    struct place p;
    if (x.is_place && x.pl.kind == P_TEMP) {
        p = x.pl;
    } else {
        p = gen_new_place(g, (struct type *)t);
        gen_copy(g, p, x, at);
    }
    const struct gs_stream *st = &g->gs_streams[v[0].pl.base & 3];
    for (unsigned i = st->first; i < st->first + st->n && i < g->gs_nleaves; i++) {
        const struct io_leaf *l = &g->gs_leaves[i];
        const struct sig_entry *se = &g->out[i];
        struct linst in = {0};
        in.op = L_MOV;
        in.ndst = in.nsrc = 1;
        in.dtype = (uint8_t)se->base;
        in.dst[0].file = LF_OUTPUT;
        in.dst[0].index = se->reg;
        in.dst[0].mask = (uint8_t)se->mask;
        in.dst[0].rel = -1;
        in.src[0] = lop_temp(p.base + (l->pl.base - st->base), 4);
        lir_emit(g, &in);
    }
    fl.op = L_EMIT;
    lir_emit(g, &fl);
    return gen_vnum(type_void(c), lop_imm_u(0));
}

void gen_gs_check(struct gen *g)
{
    struct hc *c = g->c;
    const struct func_decl *f = g->entry;
    if (!g->gs_input)
        hc_error(c, &f->loc, 3000, "'%s': a geometry shader needs an input primitive "
                 "(point/line/triangle/lineadj/triangleadj T name[n])", f->name);
    if (!g->gs_vertex)
        hc_error(c, &f->loc, 3000, "'%s': a geometry shader needs an inout PointStream, "
                 "LineStream or TriangleStream parameter", f->name);
    if (!f->maxvertexcount)
        hc_error(c, &f->loc, 3000, "'%s': a geometry shader needs [maxvertexcount(n)] with n "
                 "at least 1", f->name);
    /* the largest stream's vertex (each emit writes one stream's vertex) */
    unsigned scalars = 0, per[4] = {0};
    for (unsigned i = 0; i < g->nout; i++)
        for (unsigned m = g->out[i].mask; m; m >>= 1)
            per[g->out[i].stream & 3] += m & 1;
    for (unsigned k = 0; k < 4; k++)
        scalars = per[k] > scalars ? per[k] : scalars;
    if ((unsigned long long)f->maxvertexcount * (scalars ? scalars : 1) > 1024)
        hc_error(c, &f->maxvertexcount_loc, 3000, "maxvertexcount(%u) of %u-scalar vertices "
                 "exceeds the 1024 32-bit values a geometry shader can output",
                 f->maxvertexcount, scalars);
    if (f->instance && c->sm < 50)
        hc_error(c, &f->instance_loc, 3000, "[instance(n)] needs gs_5_0");
    if (f->instance > 32 || (f->instance_loc.line && !f->instance))
        hc_error(c, &f->instance_loc, 3000, "[instance(%u)]: 1 to 32 instances", f->instance);
}
