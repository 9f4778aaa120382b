/* src/pipeline/pixel_ms.c — the pixel stage's last step for multisampled draws (draw_priv.h,
 * draw_ms_merge): pixel.c's draw_shade has run the pixel program once per pixel (pixel-frequency
 * shading: the colour of a pixel goes to each of its covered samples) and hands the batch here
 * instead of to om_process.
 *
 * Depth: the rasterizer evaluated the depth plane at every sample (raster_ms.c); each value is
 * clamped to the viewport's [MinDepth, MaxDepth] as the one-sample path clamps the centre's
 * (D3D11.3 functional spec 15.6, 17.10; om_depth_clamp).  A program that writes oDepth gives
 * one depth for all samples of its pixel.
 *
 * Alpha-to-coverage (D3D11 AlphaToCoverageEnable): the alpha a of SV_Target0 (o0.w, before any
 * blending) covers the first k = floor(clamp(a, 0, 1) * n + 0.5) of the pixel's n samples,
 * NaN none -- a fixed, dither-free pattern (which samples an alpha covers is left to the
 * implementation), the same for every pixel, so the result depends on nothing but alpha.  One-sample targets: a >= 0.5
 * covers the pixel.  ANDed with the rasterized coverage and the sample mask; without an o0
 * written by the program it does nothing.
 *
 * ld_ms (Texture2DMS loads, the ld_ms page): the texel at integer (x, y) of sample
 * `sample_index` of a multisampled view (texture_view.samples, sample planes depth_pitch apart),
 * read as ld reads mip 0; a sample index outside 0..samples-1 or a texel outside reads 0.
 */
#include "pipeline/draw_priv.h"

#include <string.h>

#include "util/bits.h"

/* Clears, per lane, the samples at and above k (header comment) in cover[]. */
static void alpha_to_coverage(const float *alpha, unsigned lanes, unsigned n, uint32_t *cover)
{
    for (unsigned l = 0; l < lanes; l++) {
        float a = alpha[l];
        float t = a > 0.0f ? (a < 1.0f ? a : 1.0f) : 0.0f;   /* NaN -> 0 */
        unsigned k = (unsigned)(t * (float)n + 0.5f);
        for (unsigned s = k; s < n; s++)
            cover[s] &= ~(1u << l);
    }
}

uint32_t draw_ms_alpha_lanes(const float *alpha, unsigned lanes, unsigned n, unsigned s)
{
    uint32_t cover[RASTER_MAX_SAMPLES * 4];
    if (n > RASTER_MAX_SAMPLES * 4 || s >= n)
        return 0;
    for (unsigned k = 0; k < n; k++)
        cover[k] = 0xffffffffu;
    alpha_to_coverage(alpha, lanes, n, cover);
    return cover[s];
}

void draw_ms_mask_cover(const struct draw_px *d, const struct om_batch *ob, unsigned lanes,
                        unsigned n, const uint32_t *omask, uint32_t *cover)
{
    if (d->alpha_to_coverage && ob->color[0][3])
        alpha_to_coverage(ob->color[0][3], lanes, n, cover);
    /* oMask (SV_Coverage output): bit s of a lane's mask keeps its sample s */
    for (unsigned s = 0; omask && s < n; s++)
        for (unsigned l = 0; l < lanes; l++)
            if (!(omask[l] >> s & 1u))
                cover[s] &= ~(1u << l);
}

uint32_t draw_ms_merge(const struct draw_shade *r, struct draw_worker *w,
                       const struct raster_quad_batch *b, const struct om_batch *ob,
                       uint32_t coverage, bool interpolated_z, const uint32_t *omask)
{
    const struct draw_px *d = r->d;
    const struct raster_ms_batch *ms = b->ms;
    unsigned surf = d->om.samples < RASTER_MAX_SAMPLES ? d->om.samples : RASTER_MAX_SAMPLES;
    unsigned n = ms ? (ms->samples < RASTER_MAX_SAMPLES ? ms->samples : RASTER_MAX_SAMPLES)
                    : surf >= 2 ? surf : 1;
    unsigned lanes = 4 * (b->count < RASTER_BATCH_QUADS ? b->count : RASTER_BATCH_QUADS);
    float zs[RASTER_MAX_SAMPLES][4 * RASTER_BATCH_QUADS];
    const float *zp[RASTER_MAX_SAMPLES];
    uint32_t cover[RASTER_MAX_SAMPLES];
    struct om_draw od = d->om;
    if (ms)
        memcpy(cover, ms->cover, sizeof(cover));
    else
        for (unsigned s = 0; s < n; s++)
            cover[s] = coverage;
    draw_ms_mask_cover(d, ob, lanes, n, omask, cover);
    if (!ms && n < 2) {
        /* one sample (alpha-to-coverage only): the one-sample path with the reduced coverage */
        uint32_t pass = om_process(r->om, &d->om, ob, coverage & cover[0]);
        return util_popcount32(pass);
    }
    if (!ms) {
        /* ForcedSampleCount 1 with multisampled targets (D3D11.3 functional spec 3.5.6.2, the
         * D3D10.0 "center sampled rendering even on an MSAA surface" of 3.5.6.3): the pixel
         * centre decided coverage, and the pixel's colour goes to each of its samples that the
         * SampleMask, alpha-to-coverage and oMask keep.  No depth-stencil view is bound
         * (d3d11 rule_forced_sample_count), so nothing fails after the shader; the occlusion
         * count "reflects how many rasterizer samples are covered" (20.4.6): one a pixel
         * written, 0 for a pixel all of whose samples were masked off (the recommended
         * count) */
        uint32_t written = 0;
        od.samples = n;
        om_process_ms(r->om, &od, ob, coverage, cover, NULL);
        for (unsigned s = 0; s < n; s++)
            if (d->om.sample_mask >> s & 1u)
                written |= cover[s];
        return util_popcount32(written & coverage & om_valid_mask(&d->om, ob));
    }
    (void)w;
    /* the surfaces' sample count is the draw's; the rasterizer's is the same (draw.c) */
    od.samples = n;
    if (interpolated_z && r->om_reads_z) {
        for (unsigned s = 0; s < n; s++) {
            for (unsigned l = 0; l < lanes; l++)
                zs[s][l] = om_depth_clamp(ms->z[s][l], d->viewport.min_depth,
                                          d->viewport.max_depth);
            zp[s] = zs[s];
        }
    }
    return om_process_ms(r->om, &od, ob, coverage, cover,
                         interpolated_z && r->om_reads_z ? zp : NULL);
}

void draw_sample_load_ms(const struct texture_view *t, const struct vm_sample_request *req,
                         struct vm_sample_result *res)
{
    if (!t->samples || t->samples > RASTER_MAX_SAMPLES * 4 || t->dim != TEXTURE_DIM_2D)
        return;
    /* one ld per sample index present, on a view of that sample's plane, mip 0; a
     * Texture2DMSArray view keeps the slice in z (ld's array coordinate of a 2D array: each
     * slice holds its own sample planes, array_pitch apart) */
    static _Thread_local struct vm_sample_request r;
    struct texture_view v = *t;
    memcpy(&r, req, sizeof(r));
    v.levels = 1;
    for (unsigned l = 0; l < VM_LANES; l++) {
        if (!t->array_size)
            r.address.i[2][l] = 0;
        r.address.i[3][l] = 0;
    }
    for (unsigned s = 0; s < t->samples; s++) {
        uint32_t m = 0;
        for (unsigned l = 0; l < VM_LANES; l++)
            m |= (uint32_t)(req->sample_index[l] == (int32_t)s) << l;
        r.mask = req->mask & m;
        if (!r.mask)
            continue;
        v.level[0].data = t->level[0].data + (size_t)s * t->level[0].depth_pitch;
        draw_sample_load(&v, &r, res);
    }
}

/* sampleinfo / samplepos (the sampleinfo and samplepos pages, SM4.1): of a multisampled view
 * (`samples` its count; 0 for any other view: "valid only for resources that can be loaded
 * using ld2dms", answered as for no resource) or of the rasterizer (`samples` the draw's
 * count, 1 without multisampling; `center`: D3D11_CENTER_MULTISAMPLE_PATTERN).
 *   sampleinfo: (count, 0, 0, 0) as a uint in x; the VM converts to float unless _uint.
 *   samplepos:  the standard pattern's sample position relative to the pixel centre, in
 *               pixels (D3D11.3 functional spec 3.5.5: sixteenths of a pixel; raster_ms.c's
 *               table), (0, 0) for an index outside 0..count-1 and for one sample.
 * A view of a resource created with D3D11_CENTER_MULTISAMPLE_PATTERN (texture_view.ms_center)
 * answers (0, 0) for every sample: "all of the samples are located at the pixel center". */
void draw_sample_ms_query(unsigned samples, bool center, const struct vm_sample_request *req,
                          struct vm_sample_result *res)
{
    struct raster_state st;
    raster_ms_pattern(&st, samples, center);
    for (unsigned l = 0; l < VM_LANES; l++) {
        if (!(req->mask & (1u << l)))
            continue;
        for (int k = 0; k < 4; k++)
            res->value[k][l] = 0;
        if (req->kind == VM_TEX_SAMPLEINFO) {
            res->value[0][l] = samples;
            continue;
        }
        int32_t i = req->sample_index[l];
        if (st.samples < 2 || i < 0 || (uint32_t)i >= st.samples)
            continue;
        res->value[0][l] = draw_u((float)st.sample_x[i] * (1.0f / 16.0f));
        res->value[1][l] = draw_u((float)st.sample_y[i] * (1.0f / 16.0f));
    }
}
