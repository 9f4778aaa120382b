/* src/hlsl/gen_entry.c — the entry point: its parameters and return value as signature
 * elements (semantics, system values, registers), the globals (resources, cbuffers with the
 * packing rules, $Globals, statics), binding to t#/s#/b#, and the whole generation in order
 * (gen_program).  Statements and inlining are gen.c's.
 */
#include "hlsl/gen.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- the entry point's signatures ----------------------------------------------------------- */

static void split_semantic(struct hc *c, const char *sem, const char **name, unsigned *index)
{
    size_t n = strlen(sem);
    while (n && sem[n - 1] >= '0' && sem[n - 1] <= '9')
        n--;
    *index = (unsigned)strtoul(sem + n, NULL, 10);
    *name = hc_strndup(c, sem, n);
}

void gen_collect_leaves(struct gen *g, struct place p, const char *sem, unsigned interp,
                        const struct loc_src *loc, struct io_leaf *out, unsigned *n)
{
    struct hc *c = g->c;
    struct type *t = p.type;
    if (t->cls == TC_STRUCT) {
        unsigned slot = 0;
        for (unsigned i = 0; i < t->nfields; i++) {
            struct place q = p;
            q.base += slot;
            q.type = t->fields[i].type;
            slot += type_slots(q.type);
            /* a nested struct needs no semantic of its own: its members carry them */
            if (!t->fields[i].semantic && !sem && q.type->cls != TC_STRUCT)
                hc_error(c, &t->fields[i].loc, 4576, "'%s' is missing a semantic",
                         t->fields[i].name);
            gen_collect_leaves(g, q, t->fields[i].semantic ? t->fields[i].semantic : sem,
                           interp | t->fields[i].interp, &t->fields[i].loc, out, n);
        }
        return;
    }
    if (!sem)
        hc_error(c, loc, 4576, "entry point parameter is missing a semantic");
    const char *name;
    unsigned index;
    split_semantic(c, sem, &name, &index);
    unsigned rows = t->cls == TC_MATRIX ? t->rows : t->cls == TC_ARRAY ? t->count : 1;
    if (t->cls == TC_ARRAY && !type_is_numeric(t->elem))
        hc_error(c, loc, 3000, "arrays of structs as entry point parameters are not supported");
    if (!type_is_numeric(t) && t->cls != TC_ARRAY)
        hc_error(c, loc, 3000, "an entry point parameter must be numeric");
    for (unsigned r = 0; r < rows; r++) {
        if (*n >= 32)
            hc_error(c, loc, 4000, "too many entry point inputs or outputs (32 at most)");
        struct io_leaf *l = &out[(*n)++];
        memset(l, 0, sizeof(*l));
        l->pl = p;
        l->pl.base += r * (t->cls == TC_ARRAY ? type_slots(t->elem) : 1);
        l->pl.type = t->cls == TC_MATRIX ? type_vector(c, t->base, t->cols) :
                     t->cls == TC_ARRAY ? t->elem : t;
        if (l->pl.type->cls == TC_MATRIX)
            hc_error(c, loc, 3000, "arrays of matrices as entry point parameters are not "
                     "supported");
        l->sem = name;
        l->sem_index = index + r;
        l->interp = interp;
        l->loc = *loc;
    }
}

static unsigned sysval_of(struct gen *g, bool output, const char **name, unsigned index,
                          const struct loc_src *loc)
{
    struct hc *c = g->c;
    const char *s = *name;
    bool ps = c->ps;
    bool tess = c->hs || c->ds;
    if (tess) {
        unsigned tf = gen_tess_sysval(g, output, s, index, loc);
        if (tf)
            return tf;
    }
    if (!strcasecmp(s, "SV_Position") || (!strcasecmp(s, "POSITION") && output && !ps) ||
        (!strcasecmp(s, "VPOS") && ps && !output)) {
        if (!strcasecmp(s, "POSITION") || !strcasecmp(s, "VPOS"))
            *name = "SV_Position";
        if (!ps && !output && !c->gs && !tess)
            return SV_NONE;
        return (ps && !output) || (!ps && output) || c->gs || tess ? SV_POS : SV_NONE;
    }
    if (!strcasecmp(s, "SV_Target") || (ps && output && !strcasecmp(s, "COLOR"))) {
        if (!ps || !output)
            hc_error(c, loc, 4576, "SV_Target is a pixel shader output");
        if (index > 7)
            hc_error(c, loc, 4576, "SV_Target%u: render targets are 0 to 7", index);
        *name = "SV_Target";
        return SV_TARGET;
    }
    if (!strcasecmp(s, "SV_Depth") || (ps && output && !strcasecmp(s, "DEPTH"))) {
        *name = "SV_Depth";
        return SV_DEPTH;
    }
    bool vs = !ps && !c->gs && !tess;
    if (!strcasecmp(s, "SV_VertexID") && vs && !output)
        return SV_VERTID;
    if (!strcasecmp(s, "SV_InstanceID") && vs && !output)
        return SV_INSTID;
    if (!strcasecmp(s, "SV_IsFrontFace") || (ps && !output && !strcasecmp(s, "VFACE"))) {
        *name = "SV_IsFrontFace";
        return SV_FFACE;
    }
    /* a geometry program writes SV_PrimitiveID for the pixel shader; its own comes in as
     * vPrim (gen_gs.c), not through the signature */
    if (!strcasecmp(s, "SV_PrimitiveID") && ((ps && !output) || (c->gs && output)))
        return SV_PRIMID;
    if (!strcasecmp(s, "SV_ClipDistance") && ((!ps && output) || ((c->gs || tess) && !output)))
        return SV_CLIPDST;
    /* the render-target array and viewport indices come from the geometry shader (D3D11.3
     * spec 13.15: "Render Target Array Index" / "Viewport Array Index" are GS outputs) */
    if (!strcasecmp(s, "SV_RenderTargetArrayIndex") && c->gs && output)
        return SV_RTINDEX;
    if (!strcasecmp(s, "SV_ViewportArrayIndex") && c->gs && output)
        return SV_VPINDEX;
    if (!strncasecmp(s, "SV_", 3))
        hc_error(c, loc, 4502, "invalid %s semantic '%s' for a %s shader",
                 output ? "output" : "input", s, ps ? "pixel" : c->gs ? "geometry" :
                 c->hs ? "hull" : c->ds ? "domain" : "vertex");
    if (ps && output)
        hc_error(c, loc, 4576, "pixel shader output '%s' must be SV_Target or SV_Depth", s);
    return SV_NONE;
}

/* Places, registers and signature entries of the entry point's inputs and outputs. */
static void setup_io(struct gen *g, struct func_decl *f, struct place *ret, unsigned *nin_leaves,
                     unsigned *nout_leaves, struct io_leaf *ins, struct io_leaf *outs)
{
    struct hc *c = g->c;
    unsigned ni = 0, no = 0;
    for (unsigned k = 0; k < f->nparams; k++) {
        struct var_decl *pd = f->params[k];
        if (pd->storage & SC_UNIFORM)
            continue; /* in $Globals (setup_globals) */
        if (c->gs && gen_gs_param(g, pd, ins, &ni, outs, &no))
            continue;
        if ((c->hs || c->ds) && gen_tess_param(g, pd, ins, &ni))
            continue;
        if (c->cs) {
            gen_cs_param(g, pd);
            continue;
        }
        if (pd->type->cls == TC_TEXTURE || pd->type->cls == TC_SAMPLER)
            hc_error(c, &pd->loc, 3000, "resource entry point parameters are not supported");
        if (pd->type->cls == TC_ARRAY && pd->type->patch)
            hc_error(c, &pd->loc, 3000, "'%s': InputPatch and OutputPatch are hull and domain "
                     "shader parameters", pd->name);
        if (pd->type->cls == TC_STREAM || (pd->storage & SC_GS_PRIMITIVE))
            hc_error(c, &pd->loc, 3000, "'%s': streams and input primitives are geometry shader "
                     "parameters", pd->name);
        struct place p = gen_new_place(g, pd->type);
        struct val v = {0};
        v.type = pd->type;
        v.is_place = true;
        v.pl = p;
        gen_push_sym(g, pd->name, pd, v);
        if (pd->storage & SC_OUT)
            gen_collect_leaves(g, p, pd->semantic, pd->interp, &pd->loc, outs, &no);
        if (!(pd->storage & SC_OUT) || (pd->storage & SC_IN))
            gen_collect_leaves(g, p, pd->semantic, pd->interp, &pd->loc, ins, &ni);
    }
    if (f->ret->cls != TC_VOID) {
        *ret = gen_new_place(g, f->ret);
        gen_collect_leaves(g, *ret, f->ret_semantic, 0, &f->loc, outs, &no);
    }
    *nin_leaves = ni;
    *nout_leaves = no;
    /* inputs: one register each, in order (a hull or domain program's from 0 in each of its
     * register files); values copied into the parameter's temps */
    unsigned regs[3] = {0};
    for (unsigned i = 0; i < ni; i++) {
        struct io_leaf *l = &ins[i];
        struct sig_entry *e = &g->in[g->nin++];
        e->name = l->sem;
        e->index = l->sem_index;
        e->sysval = sysval_of(g, false, &e->name, l->sem_index, &l->loc);
        e->space = l->space;
        e->cps = l->vertices;
        e->reg = regs[l->space % 3]++;
        e->mask = (1u << l->pl.type->cols) - 1;
        e->base = l->pl.type->base == BT_BOOL ? BT_UINT : l->pl.type->base;
        e->decl_base = (uint8_t)l->pl.type->base;
        e->interp = l->interp;
        /* D3D9's VPOS is a float2 ("Semantics (HLSL)": VPOS, ps_3_0) */
        if (e->sysval == SV_POS && e->mask != 0xf && !(c->d3d9 && c->ps))
            hc_error(c, &l->loc, 4502, "SV_Position must be a float4");
        if ((e->sysval == SV_VERTID || e->sysval == SV_INSTID || e->sysval == SV_PRIMID) &&
            e->base == BT_FLOAT)
            e->base = BT_UINT;
        /* D3D9 has no vertex, instance or primitive ids; VFACE is ps_3_0's ("Semantics",
         * "VFACE: ps_3_0") */
        if (hc_sm2(c) && (e->sysval == SV_VERTID || e->sysval == SV_INSTID ||
                          e->sysval == SV_PRIMID || (e->sysval == SV_FFACE && c->d3d9 < 30)))
            hc_error(c, &l->loc, 4502, "%s is not available on %s", e->name,
                     c->d3d9 ? (e->sysval == SV_FFACE ? "targets before ps_3_0" :
                                "shader model 2 and 3 targets") : "level_9 targets");
        for (unsigned j = 0; j + 1 < g->nin; j++)
            if (!strcasecmp(g->in[j].name, e->name) && g->in[j].index == e->index &&
                g->in[j].space == e->space)
                hc_error(c, &l->loc, 4502, "semantic '%s%u' is used twice", e->name, e->index);
        if (e->sysval == SV_FFACE) {
            /* SV_IsFrontFace is a bool (~0 / 0) */
            e->mask = 1;
            e->base = BT_UINT;
        }
        /* a geometry program's input array: each vertex's copy from v[vertex][reg] */
        for (unsigned k = 0; k < (l->vertices ? l->vertices : 1); k++) {
            struct linst in = {0};
            in.op = L_MOV;
            in.ndst = in.nsrc = 1;
            in.dst[0] = lop_temp(l->pl.base + k * l->stride, l->pl.type->cols);
            struct lop src = {0};
            src.file = LF_INPUT;
            src.index = e->reg + 32 * e->space;
            src.reg = k;
            src.rel = -1;
            for (unsigned q = 0; q < 4; q++)
                src.swz[q] = (uint8_t)q;
            in.src[0] = src;
            lir_emit(g, &in);
        }
    }
    unsigned reg = 0;
    for (unsigned i = 0; i < no; i++) {
        struct io_leaf *l = &outs[i];
        /* a geometry program's streams number their registers from o0 each */
        if (i && l->stream != outs[i - 1].stream)
            reg = 0;
        struct sig_entry *e = &g->out[g->nout++];
        e->stream = l->stream;
        e->name = l->sem;
        e->index = l->sem_index;
        e->sysval = sysval_of(g, true, &e->name, l->sem_index, &l->loc);
        e->mask = (1u << l->pl.type->cols) - 1;
        e->base = l->pl.type->base == BT_BOOL ? BT_UINT : l->pl.type->base;
        if (e->sysval == SV_TARGET) {
            e->reg = e->index;
            /* render targets: one at 9_1, four at 9_3 (seed 000's NumSimultaneousRTs) */
            if (c->d3d9 && e->index > 3)
                hc_error(c, &l->loc, 4502, "COLOR%u: D3D9 pixel shaders write oC0 to oC3",
                         e->index);
            if ((c->level9 == 1 && e->index > 0) || (c->level9 == 3 && e->index > 3))
                hc_error(c, &l->loc, 4502, "SV_Target%u: %s_4_0_level_9_%d writes %s", e->index,
                         "ps", c->level9, c->level9 == 1 ? "one render target" : "four render "
                         "targets at most");
        } else if (e->sysval == SV_DEPTH) {
            e->reg = ~0u;
            e->is_depth = true;
            if (e->mask != 1)
                hc_error(c, &l->loc, 4502, "SV_Depth must be a float");
        } else {
            e->reg = reg++;
        }
        if (e->sysval == SV_POS && e->mask != 0xf)
            hc_error(c, &l->loc, 4502, "SV_Position must be a float4");
        if ((e->sysval == SV_RTINDEX || e->sysval == SV_VPINDEX || e->sysval == SV_PRIMID) &&
            (e->mask != 1 || e->base == BT_FLOAT))
            hc_error(c, &l->loc, 4502, "%s must be a uint", e->name);
        for (unsigned j = 0; j + 1 < g->nout; j++)
            if (!strcasecmp(g->out[j].name, e->name) && g->out[j].index == e->index &&
                g->out[j].stream == e->stream)
                hc_error(c, &l->loc, 4502, "semantic '%s%u' is used twice", e->name, e->index);
    }
    if (!c->ps && !c->gs && !c->cs && !c->hs && !c->ds) {
        bool pos = false;
        for (unsigned i = 0; i < g->nout; i++)
            pos = pos || g->out[i].sysval == SV_POS;
        if (!pos)
            hc_error(c, &f->loc, 4500, "a vertex shader must write SV_Position");
    }
}

void gen_epilogue(struct gen *g)
{
    const struct io_leaf *out_leaves = g->out_leaves;
    for (unsigned i = 0; i < g->nout_leaves; i++) {
        const struct io_leaf *l = &out_leaves[i];
        struct sig_entry *e = &g->out[i];
        struct linst in = {0};
        in.op = L_MOV;
        in.ndst = in.nsrc = 1;
        in.dst[0].file = e->is_depth ? LF_DEPTH : LF_OUTPUT;
        in.dst[0].index = e->reg;
        in.dst[0].mask = (uint8_t)e->mask;
        in.dst[0].rel = -1;
        in.src[0] = lop_temp(l->pl.base, 4);
        lir_emit(g, &in);
    }
    lir_flow(g, L_RET, NULL);
}

/* ---- globals: resources, cbuffers, statics ----------------------------------------------- */

static void layout_cbuffer(struct gen *g, struct cbuffer_decl *cb)
{
    cb->offsets = hc_alloc(g->c, (cb->nvars + 1) * sizeof(unsigned));
    unsigned at = 0;
    for (unsigned i = 0; i < cb->nvars; i++) {
        struct var_decl *v = cb->vars[i];
        if (!type_is_numeric(v->type) && v->type->cls != TC_ARRAY && v->type->cls != TC_STRUCT)
            hc_error(g->c, &v->loc, 3000, "'%s': a %s cannot be in a constant buffer", v->name,
                     type_name(g->c, v->type));
        unsigned off;
        if (v->has_packoffset) {
            off = v->packoffset;
            if ((off & 3) + (type_is_numeric(v->type) && v->type->cls != TC_MATRIX ?
                             v->type->cols : 4) > 4)
                hc_error(g->c, &v->loc, 3530, "'%s': packoffset makes it cross a register "
                         "boundary", v->name);
        } else {
            off = type_cb_place(v->type, at);
        }
        cb->offsets[i] = off;
        unsigned end = off + type_cb_size(v->type, g->c->d3d9 != 0);
        if (end > at)
            at = end;
        if (at > 4096 * 4)
            hc_error(g->c, &v->loc, 3000, "constant buffer '%s' is larger than 4096 registers",
                     cb->name);
    }
    cb->size = at;
}

static void add_global_sym(struct gen *g, const char *name, struct var_decl *var, struct val v)
{
    for (struct sym *s = g->globals; s; s = s->next)
        if (!strcmp(s->name, name))
            hc_error(g->c, &var->loc, 3003, "redefinition of '%s'", name);
    struct sym *s = hc_alloc(g->c, sizeof(*s));
    s->name = name;
    s->var = var;
    s->v = v;
    s->next = g->globals;
    g->globals = s;
}

static void add_cbuffer(struct gen *g, struct cbuffer_decl *cb)
{
    layout_cbuffer(g, cb);
    unsigned id = g->ncbs;
    struct cbuffer_decl **n = hc_alloc(g->c, (id + 1) * sizeof(*n));
    if (id)
        memcpy(n, g->cbs, id * sizeof(*n));
    n[id] = cb;
    g->cbs = n;
    g->ncbs++;
    for (unsigned i = 0; i < cb->nvars; i++) {
        struct val v = {0};
        v.type = cb->vars[i]->type;
        v.is_place = true;
        v.pl.kind = P_CB;
        v.pl.type = v.type;
        v.pl.base = cb->offsets[i];
        v.pl.cb = id;
        v.pl.rel = -1;
        v.pl.d3d9 = g->c->d3d9 != 0;
        add_global_sym(g, cb->vars[i]->name, cb->vars[i], v);
    }
}

/* A tbuffer is a buffer view read with ld, one 16-byte element a register ("Shader Constants":
 * "a tbuffer ... is accessed like a texture"; fxc declares it as a buffer of mixed type): its
 * resource on t#, named after it. */
static void tbuffer_resource(struct gen *g, struct cbuffer_decl *cb)
{
    struct hc *c = g->c;
    if (hc_sm2(c))
        hc_error(c, &cb->loc, 3000, "tbuffer needs feature level 10_0 (not %s)",
                 c->args->target);
    struct var_decl *v = hc_alloc(c, sizeof(*v));
    v->name = cb->name;
    v->loc = cb->loc;
    struct type *t = hc_alloc(c, sizeof(*t));
    t->cls = TC_TEXTURE;
    t->dim = TD_BUFFER;
    t->base = BT_UINT;
    t->cols = 4;
    t->mixed = true;
    v->type = t;
    if (cb->has_reg) {
        v->reg_kind = 't';
        v->reg_index = cb->reg;
    }
    cb->tb_var = v;
    struct resource *r = &g->res[g->nres++];
    r->var = v;
    r->slot = r->sslot = -1;
}

/* At the entry point's start: every register of each tbuffer loaded (ld r, l(reg), t#; the
 * unread ones are dead code), and its variables copied out of them with the packing rules, so
 * that they are ordinary read-only temps from then on. */
static void tbuffer_loads(struct gen *g)
{
    for (unsigned id = 0; id < g->ncbs; id++) {
        struct cbuffer_decl *cb = g->cbs[id];
        if (!cb->tbuffer)
            continue;
        unsigned regs = (cb->size + 3) / 4, res = 0;
        while (res < g->nres && g->res[res].var != cb->tb_var)
            res++;
        uint32_t base = lir_temp(g, regs ? regs : 1);
        for (unsigned r = 0; r < regs; r++) {
            struct linst in = {0};
            in.op = L_LD;
            in.ndst = 1;
            in.nsrc = 2;
            in.dst[0] = lop_temp(base + r, 4);
            in.src[0] = lop_rep(lop_imm_u(r));
            in.src[1].file = LF_TEX;
            in.src[1].index = res;
            in.src[1].rel = -1;
            for (unsigned k = 0; k < 4; k++)
                in.src[1].swz[k] = (uint8_t)k;
            lir_emit(g, &in);
        }
        for (unsigned k = 0; k < cb->nvars; k++) {
            struct sym *s = g->globals;
            while (s && s->var != cb->vars[k])
                s = s->next;
            if (!s)
                continue;
            struct place pl = gen_new_place(g, s->v.type);
            size_t mark = g->nins;
            gen_copy(g, pl, s->v, &cb->vars[k]->loc);
            /* the copy read cb registers: they are the loaded temps */
            for (size_t i = mark; i < g->nins; i++)
                for (unsigned q = 0; q < g->ins[i].nsrc; q++) {
                    struct lop *o = &g->ins[i].src[q];
                    if (o->file == LF_CB && o->index == id && o->rel < 0) {
                        o->file = LF_TEMP;
                        o->index = base + o->reg;
                        o->reg = 0;
                    }
                }
            struct val v = {0};
            v.type = pl.type;
            v.is_place = true;
            v.pl = pl;
            s->v = v;
        }
    }
}

static void setup_globals(struct gen *g)
{
    struct hc *c = g->c;
    struct program *p = g->prog;
    struct cbuffer_decl *globals = hc_alloc(c, sizeof(*globals));
    globals->name = "$Globals";
    size_t gcap = 0;
    unsigned nres = 0;
    for (unsigned i = 0; i < p->nglobals; i++)
        if (p->globals[i].kind == GL_VAR || p->globals[i].kind == GL_CBUFFER)
            nres++;
    g->res = hc_alloc(c, (nres + 1) * sizeof(*g->res));
    for (unsigned i = 0; i < p->nglobals; i++) {
        struct global *gl = &p->globals[i];
        if (gl->kind == GL_CBUFFER) {
            for (unsigned k = 0; k < gl->cb->nvars; k++) {
                struct type *t = gl->cb->vars[k]->type;
                if (t->cls == TC_TEXTURE || t->cls == TC_SAMPLER)
                    hc_error(c, &gl->cb->vars[k]->loc, 3000, "resources cannot be declared in a "
                             "cbuffer");
            }
            add_cbuffer(g, gl->cb);
            if (gl->cb->tbuffer)
                tbuffer_resource(g, gl->cb);
            continue;
        }
        if (gl->kind != GL_VAR)
            continue;
        struct var_decl *v = gl->var;
        struct type *t = v->type;
        if (v->storage & SC_GROUPSHARED) {
            add_global_sym(g, v->name, v, gen_tgsm_declare(g, v));
            continue;
        }
        if (t->cls == TC_TEXTURE || t->cls == TC_SAMPLER) {
            struct resource *r = &g->res[g->nres];
            r->var = v;
            r->sampler = t->cls == TC_SAMPLER;
            r->slot = r->sslot = -1;
            struct val rv = {0};
            rv.type = t;
            rv.is_place = true;
            rv.pl.kind = P_RES;
            rv.pl.type = t;
            rv.pl.base = g->nres++;
            rv.pl.rel = -1;
            add_global_sym(g, v->name, v, rv);
            continue;
        }
        if (t->cls == TC_STRING)
            continue;
        if (v->storage & SC_STATIC)
            continue; /* made at the entry point's start */
        if (v->reg_kind == 'c') {
            /* `float4 x : register(c3)`: the D3D9 way of placing a global; in $Globals it
             * is the same as packoffset(c3) */
            v->has_packoffset = true;
            v->packoffset = v->reg_index * 4;
        }
        globals->vars = hc_grow(c, globals->vars, &gcap, globals->nvars, sizeof(*globals->vars));
        globals->vars[globals->nvars++] = v;
    }
    /* `uniform` parameters of the entry point are $Globals members too (the D3D9 style) */
    for (unsigned k = 0; g->entry && k < g->entry->nparams; k++) {
        struct var_decl *v = g->entry->params[k];
        if (!(v->storage & SC_UNIFORM))
            continue;
        if (v->type->cls == TC_TEXTURE || v->type->cls == TC_SAMPLER)
            hc_error(c, &v->loc, 3000, "resource entry point parameters are not supported");
        globals->vars = hc_grow(c, globals->vars, &gcap, globals->nvars, sizeof(*globals->vars));
        globals->vars[globals->nvars++] = v;
    }
    if (globals->nvars) {
        p->globals_cb = globals;
        add_cbuffer(g, globals);
    }
}

/* The registers of a d3dbc uniform's initializer (types.c's D3D9 layout: every leaf in whole
 * registers, a column_major matrix one register a column), from the known values of the temps
 * it was evaluated into; false when one is not a compile-time constant.  Integers and bools
 * are floats in c# (1.0 for true), as the program reads them. */
static bool default_regs(struct gen *g, const struct type *t, uint32_t base, uint32_t *out,
                         unsigned *reg)
{
    if (t->cls == TC_ARRAY || t->cls == TC_STRUCT) {
        unsigned n = t->cls == TC_ARRAY ? t->count : t->nfields;
        for (unsigned i = 0; i < n; i++) {
            const struct type *e = t->cls == TC_ARRAY ? t->elem : t->fields[i].type;
            if (!default_regs(g, e, base, out, reg))
                return false;
            base += type_slots(e);
        }
        return true;
    }
    if (!type_is_numeric(t))
        return false;
    unsigned rows = t->cls == TC_MATRIX ? t->rows : 1, cols = t->cols;
    bool by_col = t->cls == TC_MATRIX && !t->row_major;
    for (unsigned r = 0; r < rows; r++) {
        uint32_t v[4];
        struct lop o = lop_temp(base + r, cols);
        if (!lir_known(g, &o, cols, v))
            return false;
        for (unsigned k = 0; k < cols; k++) {
            uint32_t bits = v[k];
            if (t->base != BT_FLOAT) {
                float f = t->base == BT_INT ? (float)(int32_t)v[k] :
                          t->base == BT_UINT ? (float)v[k] : v[k] ? 1.0f : 0.0f;
                memcpy(&bits, &f, 4);
            }
            /* element (r, k): register k component r (column_major) or register r component k */
            unsigned at = by_col ? (*reg + k) * 4 + r : (*reg + r) * 4 + k;
            out[at] = bits;
        }
    }
    *reg += by_col ? cols : rows;
    return true;
}

/* d3dbc targets: each $Globals uniform's initializer, evaluated (the code is dead and goes
 * away), for the constant table's DefaultValue (ID3DXConstantTable::SetDefaults). */
static void d3d9_defaults(struct gen *g)
{
    const struct cbuffer_decl *gl = g->prog->globals_cb;
    for (unsigned i = 0; g->c->d3d9 && gl && i < gl->nvars; i++) {
        struct var_decl *v = gl->vars[i];
        unsigned regs = type_cb_size(v->type, true) / 4;
        if (!v->init || !regs || regs > 4096)
            continue;
        struct place p = gen_new_place(g, v->type);
        gen_copy(g, p, gen_init(g, v->init, v->type), &v->loc);
        uint32_t *out = hc_alloc(g->c, (size_t)regs * 16);
        unsigned reg = 0;
        if (default_regs(g, v->type, p.base, out, &reg) && reg == regs)
            v->d3d9_default = out;
    }
}

static void init_statics(struct gen *g)
{
    struct program *p = g->prog;
    for (unsigned i = 0; i < p->nglobals; i++) {
        struct global *gl = &p->globals[i];
        if (gl->kind != GL_VAR || !(gl->var->storage & SC_STATIC))
            continue;
        struct var_decl *v = gl->var;
        if (v->type->cls == TC_TEXTURE || v->type->cls == TC_SAMPLER || v->type->cls == TC_STRING)
            continue;
        struct place pl = gen_new_place(g, v->type);
        if (v->init) {
            struct sym *saved = g->syms;
            struct val x = gen_init(g, v->init, v->type);
            g->syms = saved;
            gen_copy(g, pl, x, &v->loc);
        } else {
            /* statics without an initializer start at zero */
            struct val z = gen_vnum(type_scalar(g->c, BT_INT), lop_imm_u(0));
            if (type_is_numeric(v->type))
                gen_copy(g, pl, gen_convert(g, z, v->type, &v->loc, true), &v->loc);
        }
        struct val pv = {0};
        pv.type = v->type;
        pv.is_place = true;
        pv.pl = pl;
        add_global_sym(g, v->name, v, pv);
    }
}

/* Binds used cbuffers to b#, textures to t#, samplers to s#: explicit registers first, the
 * rest in declaration order ($Globals first among cbuffers), as fxc does. */
static void bind(struct gen *g)
{
    struct hc *c = g->c;
    bool cb_taken[16] = {0}, t_taken[128] = {0}, s_taken[16] = {0};
    for (unsigned i = 0; i < g->ncbs; i++) {
        struct cbuffer_decl *cb = g->cbs[i];
        cb->slot = -1;
        if (!cb->used || !cb->has_reg)
            continue;
        if (cb->reg >= 14 || cb_taken[cb->reg])
            hc_error(c, &cb->loc, 3530, "cbuffer '%s': register b%u is invalid or taken",
                     cb->name, cb->reg);
        cb->slot = (int)cb->reg;
        cb_taken[cb->reg] = true;
    }
    /* $Globals is the last of g->cbs; it binds first */
    for (unsigned pass = 0; pass < 2; pass++)
        for (unsigned i = 0; i < g->ncbs; i++) {
            struct cbuffer_decl *cb = g->cbs[i];
            bool is_globals = !strcmp(cb->name, "$Globals");
            if (!cb->used || cb->slot >= 0 || is_globals != (pass == 0))
                continue;
            unsigned s = 0;
            while (s < 14 && cb_taken[s])
                s++;
            if (s == 14)
                hc_error(c, &cb->loc, 3530, "too many constant buffers");
            cb->slot = (int)s;
            cb_taken[s] = true;
        }
    /* unordered-access views: u#, explicit registers first; a pixel shader's start after its
     * render targets, with which they share the output-merger slots ("OMSetRenderTargetsAnd
     * UnorderedAccessViews": UAVStartSlot at least NumRTVs) */
    bool u_taken[64] = {0};
    unsigned u_first = 0;
    for (unsigned i = 0; c->ps && i < g->nout; i++)
        if (g->out[i].sysval == SV_TARGET && g->out[i].index + 1 > u_first)
            u_first = g->out[i].index + 1;
    for (unsigned pass = 0; pass < 2; pass++)
        for (unsigned i = 0; i < g->nres; i++) {
            struct resource *r = &g->res[i];
            const struct type *t = r->var->type;
            if (!r->used || t->cls != TC_TEXTURE || !t->uav ||
                (pass == 0) != (r->var->reg_kind == 'u'))
                continue;
            unsigned s = pass == 0 ? r->var->reg_index : u_first;
            while (pass == 1 && s < 64 && u_taken[s])
                s++;
            if (s >= 8 || u_taken[s])
                hc_error(c, &r->var->loc, 3530, "'%s': register u%u is invalid or taken (u0 to "
                         "u7)", r->var->name, s);
            r->slot = (int)s;
            u_taken[s] = true;
        }
    for (unsigned i = 0; i < g->nres; i++) {
        struct resource *r = &g->res[i];
        if (!r->used || !r->var->reg_kind || r->var->type->uav)
            continue;
        char k = r->var->reg_kind;
        unsigned idx = r->var->reg_index;
        bool tex = r->var->type->cls == TC_TEXTURE || r->as_texture;
        bool smp = r->var->type->cls == TC_SAMPLER;
        if ((k == 't' && tex) || (k == 's' && r->as_texture)) {
            if (idx >= 128 || t_taken[idx])
                hc_error(c, &r->var->loc, 3530, "register t%u is invalid or taken", idx);
            r->slot = (int)idx;
            t_taken[idx] = true;
        }
        if (k == 's' && smp) {
            if (idx >= 16 || s_taken[idx])
                hc_error(c, &r->var->loc, 3530, "register s%u is invalid or taken", idx);
            r->sslot = (int)idx;
            s_taken[idx] = true;
        }
    }
    for (unsigned i = 0; i < g->nres; i++) {
        struct resource *r = &g->res[i];
        if (!r->used || r->var->type->uav)
            continue;
        bool tex = r->var->type->cls == TC_TEXTURE || r->as_texture;
        bool smp = r->var->type->cls == TC_SAMPLER;
        if (tex && r->slot < 0) {
            unsigned s = 0;
            while (s < 128 && t_taken[s])
                s++;
            if (s == 128)
                hc_error(c, &r->var->loc, 3530, "too many textures");
            r->slot = (int)s;
            t_taken[s] = true;
        }
        if (smp && r->sslot < 0) {
            unsigned s = 0;
            while (s < 16 && s_taken[s])
                s++;
            if (s == 16)
                hc_error(c, &r->var->loc, 3530, "too many samplers");
            r->sslot = (int)s;
            s_taken[s] = true;
        }
    }
}

/* ---- the program ----------------------------------------------------------------------------- */

int gen_program(struct hc *c, struct program *p, struct sbuf *listing)
{
    struct gen *g = hc_alloc(c, sizeof(*g));
    g->c = c;
    g->prog = p;
    const char *entry = c->args->entry ? c->args->entry : "main";
    if (c->hs_phase == 2)
        entry = c->hs_main->patchconstantfunc;
    for (unsigned i = 0; i < p->nglobals; i++)
        if (p->globals[i].kind == GL_FUNC && !strcmp(p->globals[i].func->name, entry) &&
            p->globals[i].func->body) {
            if (g->entry)
                hc_error(c, &p->globals[i].func->loc, 3000, "the entry point '%s' is "
                         "overloaded", entry);
            g->entry = p->globals[i].func;
        }
    if (!g->entry)
        hc_error(c, NULL, 3501, "'%s': entrypoint not found", entry);
    if (g->entry->ret->cls != TC_VOID && !gen_always_returns(g->entry->body))
        hc_error(c, &g->entry->loc, 3080, "'%s': function must return a value", entry);
    if (c->gs && g->entry->ret->cls != TC_VOID)
        hc_error(c, &g->entry->loc, 3000, "'%s': a geometry shader returns void (it writes "
                 "through its stream)", entry);
    if (c->cs && g->entry->ret->cls != TC_VOID)
        hc_error(c, &g->entry->loc, 3000, "'%s': a compute shader returns void", entry);
    if (c->hs_phase == 1)
        c->hs_main = g->entry;
    if (c->hs_phase == 2 && g->entry == c->hs_main)
        hc_error(c, &g->entry->loc, 3000, "'%s': the patch-constant function is not the entry "
                 "point", entry);
    if (c->hs || c->ds)
        gen_tess_check_domain(g);
    setup_globals(g);
    struct func_frame fr = {0};
    fr.f = g->entry;
    fr.has_ret = g->entry->ret->cls != TC_VOID;
    unsigned nin_leaves;
    struct io_leaf *in_leaves = hc_alloc(c, 32 * sizeof(*in_leaves));
    struct io_leaf *out_leaves = hc_alloc(c, 32 * sizeof(*out_leaves));
    g->out_leaves = out_leaves;
    setup_io(g, g->entry, &fr.ret, &nin_leaves, &g->nout_leaves, in_leaves, out_leaves);
    if (c->gs) {
        /* the outputs are the stream's: written by each Append, not at the end */
        g->gs_leaves = out_leaves;
        g->gs_nleaves = g->nout_leaves;
        g->nout_leaves = 0;
        gen_gs_check(g);
    }
    if (c->cs)
        gen_cs_check(g);
    if (c->hs || c->ds)
        gen_tess_check(g);
    for (unsigned k = 0; k < g->entry->nparams; k++) {
        const struct var_decl *pd = g->entry->params[k];
        const struct sym *s = (pd->storage & SC_OUT) && !(pd->storage & SC_UNIFORM)
                                  ? gen_lookup(g, pd->name) : NULL;
        if (s && s->v.is_place)
            gen_frame_add_out(g, &fr, s->v.pl, &pd->loc);
    }
    init_statics(g);
    tbuffer_loads(g);
    d3d9_defaults(g);
    gen_static_classify(g);
    gen_frame_body(g, &fr, gen_entry_wraps(g));
    gen_epilogue(g);
    lir_optimize(g);
    /* what is used: constant buffers and resources, after dead code is gone */
    for (unsigned i = 0; i < g->nres; i++)
        g->res[i].used = false;
    for (size_t i = 0; i < g->nins; i++)
        for (unsigned s = 0; s < g->ins[i].nsrc; s++) {
            const struct lop *o = &g->ins[i].src[s];
            if (o->file == LF_CB)
                g->cbs[o->index]->used = true;
            if (o->file == LF_TEX || o->file == LF_SAMP || o->file == LF_UAV)
                g->res[o->index].used = true;
        }
    for (size_t i = 0; i < g->nins; i++)
        for (unsigned d = 0; d < g->ins[i].ndst; d++)
            if (g->ins[i].dst[d].file == LF_UAV)
                g->res[g->ins[i].dst[d].index].used = true;
    bind(g);
    gen_tgsm_bind(g);
    if (c->hs)
        gen_tess_bindings(g);
    uint32_t ntemps = lir_allocate(g);
    if (c->d3d9)
        sm2_write(g, ntemps, listing); /* the d3dbc program alone (no container) */
    else
        sm4_write(g, ntemps, listing);
    return 0;
}
