/* src/d3d9/program.c — the programs a D3D9 draw runs, with their D3D9 semantics, and the
 * linkage of a vertex program's outputs to a pixel program's inputs by semantic.
 *
 * Semantics (d3d9_draw.h struct d3d9_semantic): every declared register component keeps the
 * D3DDECLUSAGE and usage index of the declaration covering it, and that declaration's mask:
 * ps_3_0 and vs_3_0 may declare several semantics in the components of one register ("ps_3_0":
 * "Input declarations take the usage names, and multiple usages are permitted for components
 * of a given register").  Vertex fetch uses the register's first declaration.
 *
 * Linkage ("Match Semantics on vs_3_0 and ps_3_0 Shaders": vertex shader outputs reach pixel
 * shader inputs by usage and usage index, not by register number): see link_component.  The
 * same rule links the fixed-function programs and every older shader version, whose registers
 * carry the semantics the d3dbc translation gives them (shader/d3dbc_ir.h).
 */
#include "d3d9/d3d9_draw.h"

#include <string.h>

/* Records a declaration: its register's usage when it is the register's first, and its
 * semantic in each component it covers. */
static void note_semantic(uint8_t *usage, uint8_t *index, struct d3d9_semantic *sem,
                          const struct ir_io_decl *d)
{
    if (*usage == 0xff) {
        *usage = d->usage;
        *index = d->usage_index;
    }
    for (int c = 0; c < 4; c++)
        if (d->mask & (1u << c))
            sem[c] = (struct d3d9_semantic){ d->usage, d->usage_index, d->mask };
}

int d3d9_program_init(struct d3d9_program *p, const struct ir_program *ir)
{
    memset(p, 0, sizeof(*p));
    memset(p->in_usage, 0xff, sizeof(p->in_usage));
    memset(p->out_usage, 0xff, sizeof(p->out_usage));
    for (uint32_t r = 0; r < IR_MAX_INPUTS; r++)
        for (int c = 0; c < 4; c++)
            p->in_sem[r][c].usage = 0xff;
    for (uint32_t r = 0; r < IR_MAX_OUTPUTS; r++)
        for (int c = 0; c < 4; c++)
            p->out_sem[r][c].usage = 0xff;
    for (uint32_t i = 0; i < ir->inputs.count; i++) {
        const struct ir_io_decl *d = &ir->inputs.items[i];
        if (d->file == IR_FILE_INPUT && d->reg < IR_MAX_INPUTS)
            note_semantic(&p->in_usage[d->reg], &p->in_index[d->reg], p->in_sem[d->reg], d);
    }
    for (uint32_t i = 0; i < ir->outputs.count; i++) {
        const struct ir_io_decl *d = &ir->outputs.items[i];
        if (d->file == IR_FILE_OUTPUT && d->reg < IR_MAX_OUTPUTS)
            note_semantic(&p->out_usage[d->reg], &p->out_index[d->reg], p->out_sem[d->reg], d);
    }
    for (uint32_t i = 0; i < ir->resources.count; i++)
        if (ir->resources.items[i].slot < sizeof(p->res_dim))
            p->res_dim[ir->resources.items[i].slot] = ir->resources.items[i].dim;
    return draw_program_create(ir, &p->prog);
}

void d3d9_program_cleanup(struct d3d9_program *p)
{
    draw_program_destroy(p->prog);
    p->prog = NULL;
}

/* The rank of component c among the components of mask (0 for its lowest). */
static unsigned mask_rank(uint8_t mask, int c)
{
    unsigned n = 0;
    for (int k = 0; k < c; k++)
        n += (mask >> k) & 1u;
    return n;
}

/* The vertex output component that feeds pixel input component `in` of semantic *want, or
 * -1.  Same usage and index ("Match Semantics on vs_3_0 and ps_3_0 Shaders"); within the
 * semantic, when the input declares a subset of the output's components each reads its own
 * component (the same .xy of a .xyzw output: every ps_1_x..2_x input); otherwise the
 * components pair in order, the input's first declared one with the output's first (an input
 * packed into .zw of a register reads the .xy its vertex shader declared). */
static int link_component(const struct d3d9_program *vs, const struct d3d9_semantic *want,
                          int in, unsigned *reg)
{
    for (uint32_t o = 0; o < vs->prog->output_count && o < IR_MAX_OUTPUTS; o++) {
        if ((int)o == vs->prog->position_out)
            continue;
        for (int c = 0; c < 4; c++) {
            const struct d3d9_semantic *have = &vs->out_sem[o][c];
            if (have->usage != want->usage || have->index != want->index ||
                !(vs->prog->out_mask[o] & (1u << c)))
                continue;
            bool subset = (want->mask & ~have->mask) == 0;
            if (subset ? c != in : mask_rank(have->mask, c) != mask_rank(want->mask, in))
                continue;
            *reg = o;
            return c;
        }
    }
    return -1;
}

/* D3D9 linkage: each pixel input component reads the vertex output component of its
 * semantic (link_component); inputs nothing writes read 0; position and face come from the
 * rasterizer. */
void d3d9_link(const struct d3d9_program *vs, const struct d3d9_program *ps,
               struct draw_linkage *out)
{
    memset(out, 0, sizeof(*out));
    const struct draw_program *p = ps->prog;
    for (uint32_t r = 0; r < p->input_count && r < IR_MAX_INPUTS; r++) {
        uint8_t mask = p->in_mask[r];
        if (!mask)
            continue;
        uint8_t sv = p->in_sysval[r];
        if (sv == IR_SV_POSITION || sv == IR_SV_IS_FRONT_FACE) {
            for (int c = 0; c < 4; c++)
                if (mask & (1u << c))
                    out->in[r][c] = (struct draw_input_src){
                        sv == IR_SV_POSITION ? DRAW_IN_POSITION : DRAW_IN_FRONT_FACE, 0,
                        (uint8_t)c };
            continue;
        }
        for (int c = 0; c < 4; c++) {
            unsigned o;
            int oc;
            if (!(mask & (1u << c)) || ps->in_sem[r][c].usage == 0xff ||
                (oc = link_component(vs, &ps->in_sem[r][c], c, &o)) < 0)
                continue;
            unsigned slot = out->attr_count;
            for (unsigned k = 0; k < out->attr_count; k++)
                if (out->attr_reg[k] == o)
                    slot = k;
            if (slot == out->attr_count) {
                if (out->attr_count == IR_MAX_OUTPUTS)
                    break;
                out->attr_reg[out->attr_count++] = (uint8_t)o;
            }
            if (p->in_interp[r] == IR_INTERP_LINEAR_NOPERSPECTIVE)
                out->attr_noperspective[slot] = true;
            out->in[r][c] = (struct draw_input_src){ DRAW_IN_ATTR, (uint8_t)slot, (uint8_t)oc };
        }
    }
}

/* D3DRS_WRAPn ("Texture Wrapping (Direct3D 9)", D3DWRAPCOORD): D3DWRAPCOORD_0..3 wrap the
 * first..fourth coordinate (u, v, w, q) of texture coordinate set n.  A pixel input component
 * of semantic TEXCOORDn is coordinate k of the set when it is the k-th component its
 * declaration covers (u is .x of a whole register, .z of one packed into .zw); the attribute
 * component feeding it is wrapped (pipeline/clip.c). */
void d3d9_link_wrap(const struct d3d9_program *ps, const DWORD wrap[16],
                    struct draw_linkage *link)
{
    const struct draw_program *p = ps->prog;
    memset(link->attr_wrap, 0, sizeof(link->attr_wrap));
    for (uint32_t r = 0; r < p->input_count && r < IR_MAX_INPUTS; r++) {
        for (int c = 0; c < 4; c++) {
            const struct d3d9_semantic *sem = &ps->in_sem[r][c];
            const struct draw_input_src *src = &link->in[r][c];
            if (sem->usage != D3DDECLUSAGE_TEXCOORD || sem->index >= 16 ||
                src->kind != DRAW_IN_ATTR || !(sem->mask & (1u << c)))
                continue;
            if (wrap[sem->index] & (1u << mask_rank(sem->mask, c)))
                link->attr_wrap[src->slot] |= (uint8_t)(1u << src->comp);
        }
    }
}
