/* src/pipeline/resolve.c — the average of a pixel's samples (resolve.h).
 *
 * The ResolveSubresource page: "the source ... multisampled, the destination single-sampled";
 * the resolve is the box filter of the samples for the UNORM/SNORM/float formats that have
 * D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE; integer formats have no resolve.  sRGB samples are
 * averaged after decoding to linear and the result encoded again, as the sampler filters sRGB
 * texels (texel_load decodes, texel_store encodes).  The sum runs in sample order in float, so the result is the same on
 * every run and thread count.
 */
#include "pipeline/resolve.h"

#include "sample/texel.h"

bool resolve_format_ok(core_format format)
{
    const struct texel_format *f = texel_format_get(format);
    const core_format_desc *d = core_format_get(format);
    return f && d && f->store && !f->integer && f->block_w == 1 && f->block_h == 1 &&
           d->kind != CORE_FMT_DEPTH;
}

bool resolve_average(core_format format, const struct resolve_surface *src,
                     const struct resolve_surface *dst, uint32_t width, uint32_t height)
{
    const struct texel_format *f = texel_format_get(format);
    uint32_t n = src->samples ? src->samples : 1;
    if (!resolve_format_ok(format) || n > 32)
        return false;
    float scale = 1.0f / (float)n;
    for (uint32_t y = 0; y < height; y++) {
        for (uint32_t x = 0; x < width; x++) {
            float sum[4] = { 0, 0, 0, 0 };
            for (uint32_t s = 0; s < n; s++) {
                float v[4];
                texel_load(f, src->data + (size_t)s * src->sample_pitch, src->row_pitch, x, y, v);
                for (int c = 0; c < 4; c++)
                    sum[c] += v[c];
            }
            for (int c = 0; c < 4; c++)
                sum[c] *= scale;
            texel_store(f, sum, dst->data + (size_t)y * dst->row_pitch +
                                    (size_t)x * f->block_bytes, 0, 0);
        }
    }
    return true;
}
