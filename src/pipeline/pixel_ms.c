/* src/pipeline/pixel_ms.c — the pixel stage's last step for multisampled draws (draw_priv.h,
 * draw_ms_merge): pixel.c's draw_shade has run the pixel program once per pixel (pixel-frequency
 * shading: the colour of a pixel goes to each of its covered samples) and hands the batch here
 * instead of to om_process.
 *
 * Depth: the rasterizer evaluated the depth plane at every sample (raster_ms.c); each value is
 * clamped to the viewport's [MinDepth, MaxDepth] as the one-sample path clamps the centre's
 * (D3D11.3 functional spec 15.6, 17.10; om_depth_clamp).  A program that writes oDepth gives
 * one depth for all samples of its pixel.
 */
#include "pipeline/draw_priv.h"

uint32_t draw_ms_merge(const struct draw_run *r, struct draw_worker *w,
                       const struct raster_quad_batch *b, const struct om_batch *ob,
                       uint32_t coverage, bool interpolated_z)
{
    const struct draw_desc *d = r->d;
    const struct raster_ms_batch *ms = b->ms;
    unsigned n = ms->samples < RASTER_MAX_SAMPLES ? ms->samples : RASTER_MAX_SAMPLES;
    unsigned lanes = 4 * (b->count < RASTER_BATCH_QUADS ? b->count : RASTER_BATCH_QUADS);
    float zs[RASTER_MAX_SAMPLES][4 * RASTER_BATCH_QUADS];
    const float *zp[RASTER_MAX_SAMPLES];
    struct om_draw od = d->om;
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
    return om_process_ms(r->om, &od, ob, coverage, ms->cover,
                         interpolated_z && r->om_reads_z ? zp : NULL);
}
