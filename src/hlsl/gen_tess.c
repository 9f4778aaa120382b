/* src/hlsl/gen_tess.c — hull and domain programs (hs_5_0, ds_5_0): their entry points'
 * parameters, the attributes, the tessellation factors and the listing's header.
 *
 * The rules ("Tessellation Stages", "Hull-Shader Stage" / "Domain-Shader Stage" attributes,
 * "InputPatch", "OutputPatch", "Semantics"; D3D11.3 functional spec 10 "Hull Shader Stage",
 * 11.7 "Tessellator", 12 "Domain Shader Stage"):
 *   - a hull shader is two functions: the entry point, run once per output control point
 *     (hs_control_point_phase), and the [patchconstantfunc("name")] function, run once per
 *     patch.  compile.c generates the entry point (phase 1) and then the patch-constant
 *     function (phase 2) as one fork phase (hs_fork_phase) writing every patch constant.
 *     fxc splits the patch-constant function further into instanced fork phases and join
 *     phases by data flow (10.6: any split is a valid program; the spec runs the phases
 *     in order and lets each write any patch constant); one fork phase is the simplest split
 *     that keeps the function's statements in their order;
 *   - the entry point takes `InputPatch<T, n>` (the n input control points, v[n][reg]),
 *     `uint id : SV_OutputControlPointID` (vOutputControlPointID) and SV_PrimitiveID
 *     (vPrim), and returns one output control point (o#);
 *   - the entry point carries [domain("tri"|"quad"|"isoline")], [partitioning("integer"|"pow2"|
 *     "fractional_odd"|"fractional_even")], [outputtopology("point"|"line"|"triangle_cw"|
 *     "triangle_ccw")], [outputcontrolpoints(n)] (0..32) and [patchconstantfunc]; optional
 *     [maxtessfactor(f)] (1..64: dcl_hs_max_tessfactor); [domain("isoline")] below;
 *   - the patch-constant function takes `InputPatch<T, n>` (vicp), `OutputPatch<T, m>` (the
 *     control-point phase's outputs, vocp; m the outputcontrolpoints) and SV_PrimitiveID, and
 *     returns the patch constants: SV_TessFactor, a float[4] (quad) or float[3] (tri), and
 *     SV_InsideTessFactor, a float[2] (quad) or a float (tri), each element in a register of
 *     its own (dcl_output_siv o#.x, finalQuadUeq0EdgeTessFactor ...), and any others;
 *   - a domain shader carries [domain(...)] and takes `OutputPatch<T, n>` (vicp[n][reg]),
 *     `float2/float3 uv : SV_DomainLocation` (vDomain; quad / tri), the patch constants as
 *     an ordinary input struct (vpc#, numbered as the hull shader numbers its outputs) and
 *     SV_PrimitiveID; it returns its vertex.
 *   - the isoline domain: SV_TessFactor is a float[2], [0] the line density and [1] the line
 *     detail (the SV_TessFactor page: "the first value in SV_TessFactor is the line-density
 *     tessellation factor, the second value is the line-detail tessellation factor"; an
 *     earlier version of the page said the reverse, the current one and DXC's signature
 *     rules agree), no SV_InsideTessFactor; SV_DomainLocation a float2; the output topology
 *     "point" or "line" (11.7.15: lines are the isoline domain's only).
 * fxc's X-numbers for these rules are not documented: the refusals here are X3000, the
 * system values' X4502.  Every refusal here is X3000 unless fxc's number is
 * known: its numbers for these rules are not documented.
 */
#include "hlsl/gen.h"

#include <string.h>
#include <strings.h>

static void push_param(struct gen *g, struct var_decl *pd, struct place p)
{
    struct val v = {0};
    v.type = pd->type;
    v.is_place = true;
    v.pl = p;
    gen_push_sym(g, pd->name, pd, v);
}

/* The attributes of the function that names the domain: the entry point, or in phase 2 the
 * hull entry point. */
static const struct func_decl *tess_attrs(const struct gen *g)
{
    return g->c->hs_phase == 2 ? g->c->hs_main : g->entry;
}

static unsigned domain_of(struct gen *g)
{
    struct hc *c = g->c;
    const struct func_decl *f = tess_attrs(g);
    if (!f->domain)
        hc_error(c, &f->loc, 3000, "'%s': a %s shader needs [domain(\"tri\")], "
                 "[domain(\"quad\")] or [domain(\"isoline\")]", f->name,
                 c->hs ? "hull" : "domain");
    if (!strcmp(f->domain, "tri"))
        return 1;
    if (!strcmp(f->domain, "quad"))
        return 2;
    if (!strcmp(f->domain, "isoline"))
        return 3;
    hc_error(c, &f->domain_loc, 3000, "[domain(\"%s\")]: the domain is \"tri\", \"quad\" or "
             "\"isoline\"", f->domain);
}

void gen_tess_check_domain(struct gen *g)
{
    g->tess_domain = domain_of(g);
}

/* An InputPatch / OutputPatch parameter: its control points copied into temps (setup_io
 * copies every leaf of every control point, as a geometry program's input array), so any
 * index, constant or not, reads them as an ordinary local array. */
static void patch_param(struct gen *g, struct var_decl *pd, struct io_leaf *ins, unsigned *ni)
{
    struct hc *c = g->c;
    const struct type *t = pd->type;
    const char *what = t->patch == 1 ? "InputPatch" : "OutputPatch";
    if (t->count < 1 || t->count > 32)
        hc_error(c, &pd->loc, 3000, "'%s': %s<T, %u>: a patch has 1 to 32 control points",
                 pd->name, what, t->count);
    if (pd->storage & SC_OUT)
        hc_error(c, &pd->loc, 3000, "'%s': a patch is an input", pd->name);
    uint8_t space = IN_CP;
    if (c->hs && c->hs_phase == 1) {
        if (t->patch != 1)
            hc_error(c, &pd->loc, 3000, "'%s': a hull shader's control-point function takes an "
                     "InputPatch (the OutputPatch is the patch-constant function's)", pd->name);
    } else if (c->hs) {
        if (t->patch == 2) {
            space = IN_OCP;
            if (g->tess_ocps)
                hc_error(c, &pd->loc, 3000, "'%s': one OutputPatch parameter at most", pd->name);
            const struct func_decl *m = c->hs_main;
            if (t->count != m->outputcontrolpoints)
                hc_error(c, &pd->loc, 3000, "'%s': OutputPatch<T, %u> but [outputcontrolpoints"
                         "(%u)]", pd->name, t->count, m->outputcontrolpoints);
            if (m->ret->cls == TC_VOID || !type_equal(t->elem, m->ret))
                hc_error(c, &pd->loc, 3000, "'%s': the OutputPatch's control point type is not "
                         "what '%s' returns", pd->name, m->name);
            g->tess_ocps = t->count;
        }
    } else if (t->patch != 2) {
        hc_error(c, &pd->loc, 3000, "'%s': a domain shader takes an OutputPatch (the hull "
                 "shader's control points)", pd->name);
    }
    if (space == IN_CP) {
        if (g->tess_cps)
            hc_error(c, &pd->loc, 3000, "'%s': one %s parameter at most", pd->name, what);
        g->tess_cps = t->count;
    }
    struct place p = gen_new_place(g, pd->type);
    push_param(g, pd, p);
    struct place e0 = p;
    e0.type = t->elem;
    unsigned first = *ni;
    gen_collect_leaves(g, e0, pd->semantic, pd->interp, &pd->loc, ins, ni);
    for (unsigned i = first; i < *ni; i++) {
        ins[i].vertices = t->count;
        ins[i].stride = type_slots(e0.type);
        ins[i].space = space;
    }
}

/* A uint system value read from a special register (vPrim, vOutputControlPointID, vDomain). */
static void special_param(struct gen *g, struct var_decl *pd, enum lfile file, unsigned index,
                          unsigned ncomp)
{
    struct place p = gen_new_place(g, pd->type);
    push_param(g, pd, p);
    struct linst in = {0};
    in.op = L_MOV;
    in.ndst = in.nsrc = 1;
    in.dtype = file == LF_TESS && index == TESS_DOMAIN ? BT_FLOAT : BT_UINT;
    in.dst[0] = lop_temp(p.base, ncomp);
    in.src[0].file = (uint8_t)file;
    in.src[0].index = index;
    in.src[0].rel = -1;
    for (unsigned q = 0; q < 4; q++)
        in.src[0].swz[q] = (uint8_t)(q < ncomp ? q : 0);
    lir_emit(g, &in);
}

static void uint_scalar(struct gen *g, struct var_decl *pd, const char *sem)
{
    struct hc *c = g->c;
    if (pd->type->cls != TC_SCALAR || (pd->type->base != BT_UINT && pd->type->base != BT_INT))
        hc_error(c, &pd->loc, 4502, "%s must be a uint", sem);
    if (pd->storage & SC_OUT)
        hc_error(c, &pd->loc, 4502, "%s is an input", sem);
}

bool gen_tess_param(struct gen *g, struct var_decl *pd, struct io_leaf *ins, unsigned *ni)
{
    struct hc *c = g->c;
    if (pd->type->cls == TC_ARRAY && pd->type->patch) {
        patch_param(g, pd, ins, ni);
        return true;
    }
    const char *sem = pd->semantic;
    if (sem && !strcasecmp(sem, "SV_PrimitiveID")) {
        uint_scalar(g, pd, "SV_PrimitiveID");
        if (g->gs_prim_id)
            hc_error(c, &pd->loc, 4502, "semantic 'SV_PrimitiveID' is used twice");
        special_param(g, pd, LF_PRIM, 0, 1);
        g->gs_prim_id = true;
        return true;
    }
    if (sem && !strcasecmp(sem, "SV_OutputControlPointID")) {
        if (!c->hs || c->hs_phase != 1)
            hc_error(c, &pd->sem_loc, 4502, "SV_OutputControlPointID is an input of a hull "
                     "shader's control-point function");
        uint_scalar(g, pd, "SV_OutputControlPointID");
        if (g->tess_cp_id)
            hc_error(c, &pd->loc, 4502, "semantic 'SV_OutputControlPointID' is used twice");
        special_param(g, pd, LF_TESS, TESS_CP_ID, 1);
        g->tess_cp_id = true;
        return true;
    }
    if (sem && !strcasecmp(sem, "SV_DomainLocation")) {
        unsigned n = g->tess_domain == 1 ? 3 : 2;
        static const char *const dnames[4] = {NULL, "tri", "quad", "isoline"};
        if (!c->ds)
            hc_error(c, &pd->sem_loc, 4502, "SV_DomainLocation is a domain shader's input");
        if ((pd->type->cls != TC_VECTOR && pd->type->cls != TC_SCALAR) ||
            pd->type->base != BT_FLOAT || pd->type->cols != n)
            hc_error(c, &pd->loc, 4502, "SV_DomainLocation of the %s domain is a float%u",
                     dnames[g->tess_domain & 3], n);
        if (pd->storage & SC_OUT)
            hc_error(c, &pd->loc, 4502, "SV_DomainLocation is an input");
        if (g->tess_domain_mask)
            hc_error(c, &pd->loc, 4502, "semantic 'SV_DomainLocation' is used twice");
        special_param(g, pd, LF_TESS, TESS_DOMAIN, n);
        g->tess_domain_mask = (uint8_t)((1u << n) - 1);
        return true;
    }
    if (c->ds && !(pd->storage & SC_OUT)) {
        /* the patch constants: vpc#, one register a leaf, in order */
        struct place p = gen_new_place(g, pd->type);
        push_param(g, pd, p);
        unsigned first = *ni;
        gen_collect_leaves(g, p, pd->semantic, pd->interp, &pd->loc, ins, ni);
        for (unsigned i = first; i < *ni; i++)
            ins[i].space = IN_PC;
        return true;
    }
    if (pd->storage & SC_OUT)
        return false; /* an output: setup_io's */
    hc_error(c, &pd->loc, 3000, "'%s': a hull shader's inputs are its patches (InputPatch, "
             "OutputPatch), SV_OutputControlPointID, SV_PrimitiveID and uniforms", pd->name);
}

unsigned gen_tess_sysval(struct gen *g, bool output, const char *name, unsigned index,
                         const struct loc_src *loc)
{
    struct hc *c = g->c;
    bool edge = !strcasecmp(name, "SV_TessFactor");
    if (!edge && strcasecmp(name, "SV_InsideTessFactor"))
        return SV_NONE;
    bool here = c->hs ? output && c->hs_phase == 2 : c->ds && !output;
    if (!here)
        hc_error(c, loc, 4502, "%s is an output of a hull shader's patch-constant function "
                 "and an input of a domain shader", name);
    if (g->tess_domain == 3) {
        /* the isoline domain: [0] density, [1] detail, nothing inside */
        if (!edge)
            hc_error(c, loc, 4502, "SV_InsideTessFactor: the isoline domain has no inside "
                     "factor");
        if (index >= 2)
            hc_error(c, loc, 4502, "%s%u: the isoline domain has 2 factors (density, detail)",
                     name, index);
        return index ? SV_LINE_DETAIL : SV_LINE_DENSITY;
    }
    bool quad = g->tess_domain == 2;
    unsigned most = edge ? (quad ? 4 : 3) : (quad ? 2 : 1);
    if (index >= most)
        hc_error(c, loc, 4502, "%s%u: the %s domain has %u %s factors", name, index,
                 quad ? "quad" : "tri", most, edge ? "edge" : "inside");
    return quad ? (edge ? SV_QUAD_EDGE : SV_QUAD_INSIDE) : (edge ? SV_TRI_EDGE : SV_TRI_INSIDE);
}

/* The decl name of a tessellation factor (D3D10_SB_NAME: one per factor). */
const char *gen_tess_factor_name(const struct gen *g, const struct sig_entry *e)
{
    (void)g;
    static const char *const quad_edge[4] = {
        "finalQuadUeq0EdgeTessFactor", "finalQuadVeq0EdgeTessFactor",
        "finalQuadUeq1EdgeTessFactor", "finalQuadVeq1EdgeTessFactor"};
    static const char *const tri_edge[3] = {
        "finalTriUeq0EdgeTessFactor", "finalTriVeq0EdgeTessFactor",
        "finalTriWeq0EdgeTessFactor"};
    switch (e->sysval) {
    case SV_QUAD_EDGE: return quad_edge[e->index & 3];
    case SV_QUAD_INSIDE: return e->index ? "finalQuadVInsideTessFactor" :
                                           "finalQuadUInsideTessFactor";
    case SV_TRI_EDGE: return tri_edge[e->index < 3 ? e->index : 0];
    case SV_TRI_INSIDE: return "finalTriInsideTessFactor";
    case SV_LINE_DETAIL: return "finalLineDetailTessFactor";
    case SV_LINE_DENSITY: return "finalLineDensityTessFactor";
    default: return NULL;
    }
}

static const char *const partitionings[][2] = {
    {"integer", "partitioning_integer"}, {"pow2", "partitioning_pow2"},
    {"fractional_odd", "partitioning_fractional_odd"},
    {"fractional_even", "partitioning_fractional_even"},
};
static const char *const topologies[][2] = {
    {"point", "output_point"}, {"line", "output_line"},
    {"triangle_cw", "output_triangle_cw"}, {"triangle_ccw", "output_triangle_ccw"},
};

static int find_word(const char *const (*tab)[2], unsigned n, const char *w)
{
    for (unsigned k = 0; w && k < n; k++)
        if (!strcmp(tab[k][0], w))
            return (int)k;
    return -1;
}

void gen_tess_check(struct gen *g)
{
    struct hc *c = g->c;
    const struct func_decl *f = g->entry;
    if (c->ds) {
        if (!g->tess_cps)
            hc_error(c, &f->loc, 3000, "'%s': a domain shader needs an OutputPatch<T, n> "
                     "parameter", f->name);
        if (f->ret->cls == TC_VOID)
            hc_error(c, &f->loc, 3000, "'%s': a domain shader returns its vertex", f->name);
        return;
    }
    if (c->hs_phase == 1) {
        if (f->ret->cls == TC_VOID)
            hc_error(c, &f->loc, 3000, "'%s': a hull shader's entry point returns its output "
                     "control point", f->name);
        if (!g->tess_cps)
            hc_error(c, &f->loc, 3000, "'%s': a hull shader needs an InputPatch<T, n> "
                     "parameter", f->name);
        if (!f->partitioning)
            hc_error(c, &f->loc, 3000, "'%s': a hull shader needs [partitioning(...)]", f->name);
        if (find_word(partitionings, 4, f->partitioning) < 0)
            hc_error(c, &f->partitioning_loc, 3000, "[partitioning(\"%s\")]: integer, pow2, "
                     "fractional_odd or fractional_even", f->partitioning);
        if (!f->outputtopology)
            hc_error(c, &f->loc, 3000, "'%s': a hull shader needs [outputtopology(...)]",
                     f->name);
        int t = find_word(topologies, 4, f->outputtopology);
        if (t < 0)
            hc_error(c, &f->outputtopology_loc, 3000, "[outputtopology(\"%s\")]: point, line, "
                     "triangle_cw or triangle_ccw", f->outputtopology);
        if (t == 1 && g->tess_domain != 3)
            hc_error(c, &f->outputtopology_loc, 3000, "[outputtopology(\"line\")] is the "
                     "isoline domain's");
        if (t >= 2 && g->tess_domain == 3)
            hc_error(c, &f->outputtopology_loc, 3000, "[outputtopology(\"%s\")]: the isoline "
                     "domain draws points or lines", f->outputtopology);
        if (!f->has_outputcontrolpoints)
            hc_error(c, &f->loc, 3000, "'%s': a hull shader needs [outputcontrolpoints(n)]",
                     f->name);
        if (f->outputcontrolpoints > 32)
            hc_error(c, &f->outputcontrolpoints_loc, 3000, "[outputcontrolpoints(%u)]: 0 to 32 "
                     "output control points", f->outputcontrolpoints);
        if (f->has_maxtessfactor && !(f->maxtessfactor >= 1.0 && f->maxtessfactor <= 64.0))
            hc_error(c, &f->maxtessfactor_loc, 3000, "[maxtessfactor(%g)]: 1.0 to 64.0",
                     f->maxtessfactor);
        if (!f->patchconstantfunc)
            hc_error(c, &f->loc, 3000, "'%s': a hull shader needs [patchconstantfunc(\"name\")]",
                     f->name);
        return;
    }
    /* the patch-constant function: every factor of the domain written */
    if (g->tess_domain == 3) {
        unsigned lines = 0;
        for (unsigned i = 0; i < g->nout; i++)
            if (g->out[i].sysval == SV_LINE_DETAIL || g->out[i].sysval == SV_LINE_DENSITY) {
                lines |= 1u << g->out[i].index;
                if (g->out[i].mask != 1 || g->out[i].base != BT_FLOAT)
                    hc_error(c, &f->loc, 4502, "'%s': tessellation factors are floats",
                             f->name);
            }
        if (lines != 3)
            hc_error(c, &f->loc, 3000, "'%s': the isoline domain's patch-constant function "
                     "writes SV_TessFactor (a float[2]: density, detail)", f->name);
        return;
    }
    bool quad = g->tess_domain == 2;
    unsigned want_edge = quad ? 4 : 3, want_inside = quad ? 2 : 1, edges = 0, insides = 0;
    for (unsigned i = 0; i < g->nout; i++) {
        if (g->out[i].sysval == SV_QUAD_EDGE || g->out[i].sysval == SV_TRI_EDGE)
            edges |= 1u << g->out[i].index;
        if (g->out[i].sysval == SV_QUAD_INSIDE || g->out[i].sysval == SV_TRI_INSIDE)
            insides |= 1u << g->out[i].index;
        if (g->out[i].sysval >= SV_QUAD_EDGE && g->out[i].sysval <= SV_TRI_INSIDE &&
            (g->out[i].mask != 1 || g->out[i].base != BT_FLOAT))
            hc_error(c, &f->loc, 4502, "'%s': tessellation factors are floats", f->name);
    }
    if (edges != (1u << want_edge) - 1 || insides != (1u << want_inside) - 1)
        hc_error(c, &f->loc, 3000, "'%s': the %s domain's patch-constant function writes "
                 "SV_TessFactor (a float[%u]) and SV_InsideTessFactor (%s)", f->name,
                 quad ? "quad" : "tri", want_edge, quad ? "a float[2]" : "a float");
}

/* The two hull phases are one program: a constant buffer or resource in both is bound to
 * one slot, and one slot holds one of them.  Each phase binds on its own (bind()); when the
 * two disagree the program is refused, and explicit registers make them agree. */
void gen_tess_bindings(struct gen *g)
{
    struct hc *c = g->c;
    struct hs_bind now[64];
    unsigned n = 0;
    for (unsigned i = 0; i < g->ncbs && n < 64; i++)
        if (g->cbs[i]->used && g->cbs[i]->slot >= 0)
            now[n++] = (struct hs_bind){g->cbs[i], g->cbs[i]->name, 'b', g->cbs[i]->slot};
    for (unsigned i = 0; i < g->nres && n + 1 < 64; i++) {
        const struct resource *r = &g->res[i];
        if (!r->used)
            continue;
        if (r->slot >= 0)
            now[n++] = (struct hs_bind){r->var, r->var->name, r->var->type->uav ? 'u' : 't',
                                        r->slot};
        if (r->sslot >= 0)
            now[n++] = (struct hs_bind){r->var, r->var->name, 's', r->sslot};
    }
    if (c->hs_phase == 1) {
        memcpy(c->hs_binds, now, n * sizeof(now[0]));
        c->nhs_binds = n;
        return;
    }
    for (unsigned i = 0; i < n; i++)
        for (unsigned k = 0; k < c->nhs_binds; k++) {
            const struct hs_bind *a = &now[i], *b = &c->hs_binds[k];
            /* a constant buffer by its name: each phase makes its own $Globals */
            bool same = a->kind == 'b' ? !strcmp(a->name, b->name) : a->obj == b->obj;
            if (a->kind != b->kind || same == (a->slot == b->slot))
                continue;
            hc_error(c, &g->entry->loc, 3000, "the hull shader's two functions bind their "
                     "constant buffers and resources differently (%c%d): not supported yet; "
                     "give them explicit registers", a->kind, same ? a->slot : b->slot);
        }
}

/* The version line and what comes before a phase's declarations. */
void gen_tess_header(struct gen *g, struct sbuf *o)
{
    struct hc *c = g->c;
    const struct func_decl *f = g->entry;
    static const char *const domains[4] = {NULL, "domain_tri", "domain_quad",
                                           "domain_isoline"};
    if (c->ds) {
        sbuf_printf(o, "ds_5_0\ndcl_input_control_point_count %u\n", g->tess_cps);
        sbuf_printf(o, "dcl_tessellator_domain %s\n", domains[g->tess_domain]);
        return;
    }
    if (c->hs_phase == 2) {
        sbuf_puts(o, "hs_fork_phase\n");
        return;
    }
    sbuf_puts(o, "hs_5_0\nhs_decls\n");
    sbuf_printf(o, "dcl_input_control_point_count %u\n", g->tess_cps);
    sbuf_printf(o, "dcl_output_control_point_count %u\n", f->outputcontrolpoints);
    sbuf_printf(o, "dcl_tessellator_domain %s\n", domains[g->tess_domain]);
    sbuf_printf(o, "dcl_tessellator_partitioning %s\n",
                partitionings[find_word(partitionings, 4, f->partitioning)][1]);
    sbuf_printf(o, "dcl_tessellator_output_primitive %s\n",
                topologies[find_word(topologies, 4, f->outputtopology)][1]);
    if (f->has_maxtessfactor)
        sbuf_printf(o, "dcl_hs_max_tessfactor l(%f)\n", f->maxtessfactor);
    sbuf_puts(o, "hs_control_point_phase\n");
}

/* The special inputs the program still reads after dead code (fxc declares only those),
 * before the patches (fxc's order). */
void gen_tess_inputs(struct gen *g, struct sbuf *o)
{
    bool prim = false, cp_id = false, domain = false;
    for (size_t i = 0; i < g->nins; i++)
        for (unsigned s = 0; s < g->ins[i].nsrc; s++) {
            const struct lop *x = &g->ins[i].src[s];
            prim = prim || x->file == LF_PRIM;
            cp_id = cp_id || (x->file == LF_TESS && x->index == TESS_CP_ID);
            domain = domain || (x->file == LF_TESS && x->index == TESS_DOMAIN);
        }
    if (domain)
        sbuf_printf(o, "dcl_input vDomain.%s\n", g->tess_domain_mask == 7 ? "xyz" : "xy");
    if (cp_id)
        sbuf_puts(o, "dcl_input vOutputControlPointID\n");
    if (prim)
        sbuf_puts(o, "dcl_input vPrim\n");
}
