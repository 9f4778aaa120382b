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

#include <string.h>

bool resolve_format_ok(core_format format)
{
    const struct texel_format *f = texel_format_get(format);
    const core_format_desc *d = core_format_get(format);
    return f && d && f->store && !f->integer && f->block_w == 1 && f->block_h == 1 &&
           d->kind != CORE_FMT_DEPTH;
}

static inline uint32_t rd32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof(v));
    return v;
}

/* The 4 x 8-bit formats (texel.h "Fast paths"): the same sums and encodes as below, with the
 * decode tables (exactly texel_load's values) and the 8-bit encoders (exactly texel_store's)
 * instead of the generic per-texel calls, which were most of a multisampled frame's resolve. */
static void resolve_rgba8(const struct texel_rgba8 *l, uint32_t n, float scale,
                          const struct resolve_surface *src, const struct resolve_surface *dst,
                          uint32_t width, uint32_t height)
{
    const float *unorm = texel_unorm8_table();
    const float *color = l->srgb ? texel_srgb8_table() : unorm;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *srow = src->data + (size_t)y * src->row_pitch;
        uint8_t *drow = dst->data + (size_t)y * dst->row_pitch;
        for (uint32_t x = 0; x < width; x++) {
            float sum[4] = { 0, 0, 0, 0 };
            for (uint32_t s = 0; s < n; s++) {
                uint32_t px = rd32(srow + (size_t)s * src->sample_pitch + (size_t)x * 4);
                for (int c = 0; c < 3; c++)
                    sum[c] += color[(px >> l->shift[c]) & 255u];
                sum[3] += l->has_alpha ? unorm[(px >> l->shift[3]) & 255u] : 1.0f;
            }
            uint32_t out = rd32(drow + (size_t)x * 4) & l->keep;
            for (int c = 0; c < 3; c++) {
                float v = sum[c] * scale;
                out |= (l->srgb ? texel_float_to_srgb(v, 8) : texel_float_to_unorm8(v))
                       << l->shift[c];
            }
            if (l->has_alpha)
                out |= texel_float_to_unorm8(sum[3] * scale) << l->shift[3];
            memcpy(drow + (size_t)x * 4, &out, sizeof(out));
        }
    }
}

bool resolve_average(core_format format, const struct resolve_surface *src,
                     const struct resolve_surface *dst, uint32_t width, uint32_t height)
{
    const struct texel_format *f = texel_format_get(format);
    uint32_t n = src->samples ? src->samples : 1;
    struct texel_rgba8 l;
    if (!resolve_format_ok(format) || n > 32)
        return false;
    float scale = 1.0f / (float)n;
    if (texel_rgba8_layout(f, &l)) {
        resolve_rgba8(&l, n, scale, src, dst, width, height);
        return true;
    }
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
