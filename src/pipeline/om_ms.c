/* src/pipeline/om_ms.c — the output merger of multisampled draws (om.h, om_process_ms).
 *
 * A multisampled surface stores its samples as planes (om_surface.sample_pitch apart), each
 * laid out like a one-sample surface.  So sample s of a batch is exactly a one-sample batch
 * against the planes s of every bound surface: the depth/stencil test and update and the blend
 * run per sample with the sample's own stored values (D3D11.3 functional spec 17: the output
 * merger operates per sample; 3.5.5), through the same om_process as one-sample draws, which
 * keeps both paths' arithmetic identical.  Samples are processed in index order for each
 * batch, so the result depends on nothing but the batch.
 *
 * The early forms (om_depth_stencil_ms, om_color_ms) are the two halves of om_process_ms split
 * around the pixel shader, for [earlydepthstencil] programs (D3D11.3 functional spec 16.12.1:
 * "the implementation must perform Depth/Stencil tests and depth/stencil writes before
 * executing the Pixel Shader"; pixel.c shade_early_ms).
 */
#include "pipeline/om.h"

#include "util/bits.h"

static void plane_of(struct om_surface *out, const struct om_surface *in, unsigned s)
{
    *out = *in;
    if (in->data)
        out->data = in->data + (size_t)s * in->sample_pitch;
}

uint32_t om_process_ms(const struct om_state *state, const struct om_draw *draw,
                       const struct om_batch *batch, uint32_t coverage, const uint32_t *cover,
                       const float *const *z)
{
    unsigned n = draw->samples;
    uint32_t passed = 0;
    struct om_draw pd = *draw;
    struct om_batch pb = *batch;
    if (n > 32)
        n = 32;
    for (unsigned s = 0; s < n; s++) {
        uint32_t m = coverage & cover[s];
        if (!(draw->sample_mask >> s & 1u) || !m)
            continue;
        for (unsigned t = 0; t < OM_MAX_TARGETS; t++)
            plane_of(&pd.rt[t], &draw->rt[t], s);
        plane_of(&pd.ds, &draw->ds, s);
        pb.z = z ? z[s] : batch->z;
        passed += util_popcount32(om_process(state, &pd, &pb, m));
    }
    return passed;
}

uint32_t om_depth_stencil_ms(const struct om_state *state, const struct om_draw *draw,
                             const struct om_batch *batch, const uint32_t *cover,
                             const float *const *z, uint32_t *passed)
{
    unsigned n = draw->samples < 32 ? draw->samples : 32;
    uint32_t any = 0;
    struct om_draw pd = *draw;
    struct om_batch pb = *batch;
    for (unsigned s = 0; s < n; s++) {
        uint32_t m = cover[s];
        passed[s] = 0;
        if (!(draw->sample_mask >> s & 1u) || !m)
            continue;
        plane_of(&pd.ds, &draw->ds, s);
        pb.z = z ? z[s] : batch->z;
        passed[s] = om_depth_stencil(state, &pd, &pb, m);
        any |= passed[s];
    }
    return any;
}

void om_color_ms(const struct om_state *state, const struct om_draw *draw,
                 const struct om_batch *batch, const uint32_t *cover)
{
    unsigned n = draw->samples < 32 ? draw->samples : 32;
    struct om_draw pd = *draw;
    if (!state->any_color)
        return;
    for (unsigned s = 0; s < n; s++) {
        if (!(draw->sample_mask >> s & 1u) || !cover[s])
            continue;
        for (unsigned t = 0; t < OM_MAX_TARGETS; t++)
            plane_of(&pd.rt[t], &draw->rt[t], s);
        om_color(state, &pd, batch, cover[s]);
    }
}
