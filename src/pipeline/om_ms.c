/* src/pipeline/om_ms.c — the output merger of multisampled draws (om.h, om_process_ms).
 *
 * A multisampled surface stores its samples as planes (om_surface.sample_pitch apart), each
 * laid out like a one-sample surface.  So sample s of a batch is exactly a one-sample batch
 * against the planes s of every bound surface: the depth/stencil test and update and the blend
 * run per sample with the sample's own stored values (D3D11.3 functional spec 17: the output
 * merger operates per sample; 3.5.5), through the same om_process as one-sample draws, which
 * keeps both paths' arithmetic identical.  Samples are processed in index order for each
 * batch, so the result depends on nothing but the batch.
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
