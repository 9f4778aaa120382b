/* src/pipeline/pixel_eval.c — pull-model attribute evaluation for the pixel stage: the VM's
 * vm_env.eval callback (vm.h, vm/vm_eval.c) for eval_snapped, eval_sample_index and
 * eval_centroid (ps_5_0; D3D11.3 functional spec 16.5, 22.4.23-25).
 *
 * Where.  Each lane's point is its pixel centre moved by (sx, sy) sixteenths of a pixel:
 *   eval_snapped        the instruction's offset (-8..7 each way, 16.5.3);
 *   eval_sample_index   sample i of the draw's pattern (raster_state sample_x / sample_y, the
 *                       positions samplepos answers; a one-sample target's one sample and a
 *                       D3D11_CENTER_MULTISAMPLE_PATTERN sample are the centre).  An index past
 *                       the sample count is undefined (16.5.2, 22.4.23); softd3d takes the
 *                       centre there, the offset samplepos documents for such an index ("If
 *                       sampleIndex is out of bounds a zero vector is returned", 22.4.22);
 *   eval_centroid       the centroid rule centroid inputs use (draw_centroid_sample, 3.5.5);
 *                       the centre on one-sample targets.
 * The weights there come from the primitive's own planes (raster_batch_weights_at), evaluated
 * as the rasterizer evaluates them at a sample: eval_snapped at (0, 0) gives exactly a plain
 * read's value, eval_sample_index(s) exactly a `sample` input's at sample s, eval_centroid
 * exactly a `centroid` input's.
 *
 * What.  The component as draw_fill_inputs computes it, with the declaration's mode: linear
 * inputs perspective-correct (pw), noperspective ones screen-linear (lw), the centroid or
 * sample modifier ignored ("the only aspect of the interpolation mode declaration that is
 * honored is choice of constant/linear/linearNoPerspective", 16.5); constant inputs the
 * leading vertex's bits ("pixeloffset has no effect on the result").  Components that are not
 * attributes (system values such as SV_IsFrontFace, which are constant over the primitive)
 * read as they do directly; SV_Position never reaches here (ir_eval.c refuses it).
 */
#include "pipeline/draw_priv.h"

int draw_centroid_sample(const struct draw_shade *r, const struct raster_quad_batch *b,
                         unsigned lane)
{
    /* (1) every sample of the pixel covered: the centre; (2) else the first covered sample,
     * in increasing index, of the coverage ANDed with the SampleMask; (3) none (helper pixels
     * of the 2x2 quads, or covered samples all outside the mask): the first sample of the
     * SampleMask if it is a subset of the pixel's samples, else the centre */
    const struct raster_ms_batch *ms = b->ms;
    if (!ms)
        return -1;
    unsigned n = ms->samples < RASTER_MAX_SAMPLES ? ms->samples : RASTER_MAX_SAMPLES;
    uint32_t all = (1u << n) - 1u, mask = r->d->om.sample_mask & all, cov = 0;
    for (unsigned s = 0; s < n; s++)
        cov |= (ms->cover[s] >> lane & 1u) << s;
    if (cov == all)
        return -1;
    if (cov & mask)
        return __builtin_ctz(cov & mask);
    if (mask && mask != all)
        return __builtin_ctz(mask);
    return -1;
}

void draw_eval(void *ctx, const struct vm_eval_request *req, vm_reg *out)
{
    const struct draw_eval_ctx *e = ctx;
    const struct draw_shade *r = e->r;
    const struct draw_program *ps = r->d->ps;
    const struct draw_linkage *link = r->d->link;
    const struct raster_quad_batch *b = e->b;
    const uint32_t *v0 = &r->pool[(size_t)e->pr->v[0] * r->stride];
    const uint32_t *v1 = &r->pool[(size_t)e->pr->v[1] * r->stride];
    const uint32_t *v2 = &r->pool[(size_t)e->pr->v[2] * r->stride];
    const uint32_t *lead = &r->pool[(size_t)e->pr->lead * r->stride];
    unsigned n = r->raster.samples >= 2 ? r->raster.samples : 1;
    if (n > RASTER_MAX_SAMPLES)
        n = RASTER_MAX_SAMPLES;
    for (unsigned l = 0; l < VM_LANES; l++) {
        if (!(req->mask >> l & 1u))
            continue;
        int sx = 0, sy = 0, s = -1;
        if (req->kind == VM_EVAL_SNAPPED) {
            sx = req->dx[l];
            sy = req->dy[l];
        } else if (req->kind == VM_EVAL_SAMPLE_INDEX) {
            s = n >= 2 && req->sample[l] < n ? (int)req->sample[l] : -1;
        } else {
            s = draw_centroid_sample(r, b, l);
        }
        if (s >= 0) {
            sx = r->raster.sample_x[s];
            sy = r->raster.sample_y[s];
        }
        float wt[4];
        raster_batch_weights_at(b, l, sx, sy, wt);
        uint32_t reg = req->reg[l];
        if (reg >= ps->input_count || reg >= IR_MAX_INPUTS)
            continue;
        unsigned interp = ps->in_interp[reg];
        bool flat = interp == IR_INTERP_CONSTANT;
        bool noper = interp == IR_INTERP_LINEAR_NOPERSPECTIVE ||
                     interp == IR_INTERP_LINEAR_NOPERSPECTIVE_CENTROID ||
                     interp == IR_INTERP_LINEAR_NOPERSPECTIVE_SAMPLE;
        float w1 = noper ? wt[2] : wt[0], w2 = noper ? wt[3] : wt[1];
        for (unsigned c = 0; c < 4; c++) {
            if (!(ps->in_mask[reg] >> c & 1u))
                continue;
            const struct draw_input_src *src = &link->in[reg][c];
            if (src->kind != DRAW_IN_ATTR) {
                (*out)[c][l] = e->w->inputs[reg][c][l];
                continue;
            }
            size_t i = 4 + 4 * (size_t)src->slot + src->comp;
            if (flat) {
                (*out)[c][l] = lead[i];
                continue;
            }
            /* draw_fill_inputs' expression, operation for operation */
            float a0 = draw_f(v0[i]), a1 = draw_f(v1[i]), a2 = draw_f(v2[i]);
            float d1 = a1 - a0, d2 = a2 - a0;
            (*out)[c][l] = draw_u(a0 + w1 * d1 + w2 * d2);
        }
    }
}
