/* src/shader/ir_tess.c — validation of hull and domain programs (ir_tess.h).
 *
 * The rules are the D3D11.3 functional specification's: 10.6 (a hull program is its
 * declarations, at most one control-point phase, then fork phases, then join phases; without a
 * control-point phase the output control-point count is 0 or the input count), 10.8.4 / 10.9.4
 * (instance counts 1..128), 10.13 (MaxTessFactor in [1, 64]), 11.7.15 (input control points
 * 1..32, output 0..32; point output with any domain, lines only with isolines, triangles only
 * with tri and quad domains), and the register tables of 10.7-10.9 and 12 (which phase sees
 * vOutputControlPointID, vForkInstanceID, vJoinInstanceID, vocp, vpc, vDomain).
 */
#include "shader/ir_tess.h"

#include <stdarg.h>
#include <stdio.h>

static int tfail(struct ir_error *err, const struct ir_program *p, uint32_t ins, size_t off,
                 const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static int tfail(struct ir_error *err, const struct ir_program *p, uint32_t ins, size_t off,
                 const char *fmt, ...)
{
    if (err) {
        int n;
        va_list ap;
        err->code = IR_E_INVALID;
        err->instruction = ins;
        err->offset = off;
        if (ins == IR_NO_LINK)
            n = snprintf(err->message, sizeof(err->message), "ir: declaration at offset 0x%zx: ",
                         off);
        else
            n = snprintf(err->message, sizeof(err->message),
                         "ir: instruction %u (%s) at offset 0x%zx: ", (unsigned)ins,
                         ir_op_name(p->instructions.items[ins].op), off);
        if (n > 0 && (size_t)n < sizeof(err->message)) {
            va_start(ap, fmt);
            vsnprintf(err->message + n, sizeof(err->message) - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return IR_E_INVALID;
}

bool ir_tess_input_file(unsigned f)
{
    return f == IR_FILE_OUTPUT_CONTROL_POINT || f == IR_FILE_PATCH_CONSTANT ||
           f == IR_FILE_DOMAIN_POINT || f == IR_FILE_OUTPUT_CONTROL_POINT_ID ||
           f == IR_FILE_FORK_INSTANCE_ID || f == IR_FILE_JOIN_INSTANCE_ID;
}

/* Which programs see a file (10.7-10.9, 12). */
static bool file_allowed(const struct ir_program *p, unsigned f)
{
    bool hull = p->type == IR_SHADER_HULL;
    switch (f) {
    case IR_FILE_OUTPUT_CONTROL_POINT:
        return hull && (p->hs_phase == IR_HS_FORK || p->hs_phase == IR_HS_JOIN);
    case IR_FILE_PATCH_CONSTANT:
        return (hull && p->hs_phase == IR_HS_JOIN) || p->type == IR_SHADER_DOMAIN;
    case IR_FILE_DOMAIN_POINT:
        return p->type == IR_SHADER_DOMAIN;
    case IR_FILE_OUTPUT_CONTROL_POINT_ID:
        return hull && p->hs_phase == IR_HS_CONTROL_POINT;
    case IR_FILE_FORK_INSTANCE_ID:
        return hull && p->hs_phase == IR_HS_FORK;
    case IR_FILE_JOIN_INSTANCE_ID:
        return hull && p->hs_phase == IR_HS_JOIN;
    default:
        return false;
    }
}

static const char *file_name(unsigned f)
{
    switch (f) {
    case IR_FILE_OUTPUT_CONTROL_POINT: return "vocp";
    case IR_FILE_PATCH_CONSTANT: return "vpc";
    case IR_FILE_DOMAIN_POINT: return "vDomain";
    case IR_FILE_OUTPUT_CONTROL_POINT_ID: return "vOutputControlPointID";
    case IR_FILE_FORK_INSTANCE_ID: return "vForkInstanceID";
    default: return "vJoinInstanceID";
    }
}

static bool primitive_fits(unsigned domain, unsigned prim)
{
    if (prim == 1)   /* point: any domain */
        return true;
    if (prim == 2)   /* line: isolines */
        return domain == 1;
    return (prim == 3 || prim == 4) && (domain == 2 || domain == 3);
}

int ir_tess_check_declarations(const struct ir_program *p, struct ir_error *err)
{
    bool hull = p->type == IR_SHADER_HULL, domain = p->type == IR_SHADER_DOMAIN;
    if (!hull && !domain) {
        if (p->tess_domain || p->tess_partitioning || p->tess_primitive || p->hs_phase ||
            p->tess_input_cp || p->tess_output_cp || p->hs_max_tessfactor != 0.0f ||
            p->hs_instances || p->ocp_count || p->pc_count || p->hs_phase_count)
            return tfail(err, p, IR_NO_LINK, 0,
                         "tessellation declarations in a program that is not hull or domain");
        return IR_OK;
    }
    if (p->tess_domain < 1 || p->tess_domain > 3)
        return tfail(err, p, IR_NO_LINK, 0, "no valid dcl_tessellator_domain (%u)", p->tess_domain);
    if (p->tess_input_cp < 1 || p->tess_input_cp > IR_MAX_CONTROL_POINTS)
        return tfail(err, p, IR_NO_LINK, 0, "dcl_input_control_point_count %u (1..%u)",
                     (unsigned)p->tess_input_cp, IR_MAX_CONTROL_POINTS);
    if (p->ocp_count > IR_MAX_OUTPUTS || p->pc_count > IR_MAX_OUTPUTS)
        return tfail(err, p, IR_NO_LINK, 0, "vocp/vpc registers beyond %u", IR_MAX_OUTPUTS);
    if (domain) {
        if (p->tess_partitioning || p->tess_primitive || p->hs_phase || p->tess_output_cp ||
            p->hs_max_tessfactor != 0.0f || p->hs_instances || p->hs_phase_count)
            return tfail(err, p, IR_NO_LINK, 0, "hull declarations in a domain program");
        return IR_OK;
    }
    if (p->tess_partitioning < 1 || p->tess_partitioning > 4)
        return tfail(err, p, IR_NO_LINK, 0, "no valid dcl_tessellator_partitioning (%u)",
                     p->tess_partitioning);
    if (!primitive_fits(p->tess_domain, p->tess_primitive))
        return tfail(err, p, IR_NO_LINK, 0,
                     "dcl_tessellator_output_primitive %u with domain %u (11.7.15)",
                     p->tess_primitive, p->tess_domain);
    if (p->tess_output_cp > IR_MAX_CONTROL_POINTS)
        return tfail(err, p, IR_NO_LINK, 0, "dcl_output_control_point_count %u (0..%u)",
                     (unsigned)p->tess_output_cp, IR_MAX_CONTROL_POINTS);
    if (p->hs_max_tessfactor != 0.0f &&
        !(p->hs_max_tessfactor >= 1.0f && p->hs_max_tessfactor <= 64.0f))
        return tfail(err, p, IR_NO_LINK, 0, "dcl_hs_max_tessfactor %g (1..64, 10.13)",
                     (double)p->hs_max_tessfactor);
    if (p->hs_instances < 1 || p->hs_instances > IR_MAX_HS_INSTANCES ||
        (p->hs_instances != 1 && p->hs_phase != IR_HS_FORK && p->hs_phase != IR_HS_JOIN))
        return tfail(err, p, IR_NO_LINK, 0, "instance count %u for phase %u (fork and join "
                     "phases: 1..%u)", (unsigned)p->hs_instances, p->hs_phase, IR_MAX_HS_INSTANCES);
    if (p->hs_phase > IR_HS_JOIN)
        return tfail(err, p, IR_NO_LINK, 0, "unknown hull phase %u", p->hs_phase);
    if (p->hs_phase != IR_HS_DECLS) {
        if (p->hs_phase_count)
            return tfail(err, p, IR_NO_LINK, 0, "a hull phase with phases of its own");
        return IR_OK;
    }
    /* the container: no code; phases in order, each carrying the same declarations */
    if (p->instructions.count || p->inputs.count || p->outputs.count || p->temp_count)
        return tfail(err, p, IR_NO_LINK, 0, "code or registers outside the hull phases");
    unsigned last = IR_HS_DECLS;
    bool cp_phase = false;
    for (uint32_t i = 0; i < p->hs_phase_count; i++) {
        const struct ir_program *q = &p->hs_phases[i];
        if (q->type != IR_SHADER_HULL || q->hs_phase < IR_HS_CONTROL_POINT ||
            q->hs_phase < last || (q->hs_phase == IR_HS_CONTROL_POINT && cp_phase))
            return tfail(err, p, IR_NO_LINK, 0, "hull phase %u out of order (10.6: one "
                         "control-point phase, then fork phases, then join phases)", (unsigned)i);
        if (q->tess_domain != p->tess_domain || q->tess_partitioning != p->tess_partitioning ||
            q->tess_primitive != p->tess_primitive || q->tess_input_cp != p->tess_input_cp ||
            q->tess_output_cp != p->tess_output_cp)
            return tfail(err, p, IR_NO_LINK, 0, "hull phase %u disagrees with the declarations",
                         (unsigned)i);
        cp_phase |= q->hs_phase == IR_HS_CONTROL_POINT;
        last = q->hs_phase;
    }
    if (!cp_phase && p->tess_output_cp && p->tess_output_cp != p->tess_input_cp)
        return tfail(err, p, IR_NO_LINK, 0, "no control-point phase: %u output control points "
                     "must be 0 or the %u input ones (10.6)", (unsigned)p->tess_output_cp,
                     (unsigned)p->tess_input_cp);
    return IR_OK;
}

int ir_tess_check_input(const struct ir_program *p, const struct ir_io_decl *d, bool *specials,
                        struct ir_error *err)
{
    if (!file_allowed(p, d->file))
        return tfail(err, p, IR_NO_LINK, d->offset, "%s is not an input of this program",
                     file_name(d->file));
    if (d->file == IR_FILE_OUTPUT_CONTROL_POINT || d->file == IR_FILE_PATCH_CONSTANT) {
        uint32_t count = d->file == IR_FILE_PATCH_CONSTANT ? p->pc_count : p->ocp_count;
        if (d->reg >= count)
            return tfail(err, p, IR_NO_LINK, d->offset, "%s%u outside its %u registers",
                         file_name(d->file), (unsigned)d->reg, (unsigned)count);
        return IR_OK;
    }
    unsigned comps = d->file == IR_FILE_DOMAIN_POINT ? 7u : 1u;
    if (d->reg != 0 || !d->mask || (d->mask & ~comps))
        return tfail(err, p, IR_NO_LINK, d->offset, "%s declared with reg %u, mask 0x%x",
                     file_name(d->file), (unsigned)d->reg, d->mask);
    if (specials[d->file])
        return tfail(err, p, IR_NO_LINK, d->offset, "%s declared twice", file_name(d->file));
    specials[d->file] = true;
    return IR_OK;
}

int ir_tess_check_operand(const struct ir_program *p, const struct ir_operand *op,
                          const bool *specials, struct ir_error *err, uint32_t ins, size_t off)
{
    const struct ir_index *ix = op->index;
    if (!file_allowed(p, op->file))
        return tfail(err, p, ins, off, "%s outside the programs that have it",
                     file_name(op->file));
    switch (op->file) {
    case IR_FILE_OUTPUT_CONTROL_POINT:
        if (ix[0].rel.file == IR_FILE_NULL && ix[0].offset >= p->tess_output_cp)
            return tfail(err, p, ins, off, "vocp[%u] of %u output control points",
                         (unsigned)ix[0].offset, (unsigned)p->tess_output_cp);
        if (ix[1].rel.file != IR_FILE_NULL || ix[1].offset >= p->ocp_count)
            return tfail(err, p, ins, off, "vocp[][%u] outside the %u declared registers",
                         (unsigned)ix[1].offset, (unsigned)p->ocp_count);
        return IR_OK;
    case IR_FILE_PATCH_CONSTANT:
        if (ix[0].offset >= p->pc_count)
            return tfail(err, p, ins, off, "vpc%u outside the %u declared registers",
                         (unsigned)ix[0].offset, (unsigned)p->pc_count);
        return IR_OK;
    default:
        if (!specials[op->file])
            return tfail(err, p, ins, off, "%s is not declared", file_name(op->file));
        return IR_OK;
    }
}
