/* src/pipeline/resolve.h — multisample resolve: the average of each pixel's samples
 * (D3D11 ResolveSubresource, D3D9 StretchRect/Present from a multisampled surface).
 * API-neutral; the front-ends check the documented rules first. */
#ifndef SOFTD3D_PIPELINE_RESOLVE_H
#define SOFTD3D_PIPELINE_RESOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/format.h"

/* A region of a 2D surface: texel (x, y) of sample plane s at
 * data + s * sample_pitch + y * row_pitch + x * bytes-per-texel. */
struct resolve_surface {
    uint8_t *data;
    size_t row_pitch, sample_pitch;
    uint32_t samples;          /* 1 for the destination */
};

/* Writes into dst, for each pixel of the width x height rectangle at (0, 0) of both surfaces,
 * the average of src's samples read in `format` (decoded to float: UNORM/SNORM to [0,1]/[-1,1],
 * sRGB to linear, float as is; summed in sample order, then multiplied by 1 / samples, exact
 * for 2, 4, 8), encoded back in `format` (texel_store's rounding).  False, nothing written,
 * when the format is not a one-texel-block format that can be decoded and encoded, or is an
 * integer or depth format (the ResolveSubresource page: those cannot be resolved). */
bool resolve_average(core_format format, const struct resolve_surface *src,
                     const struct resolve_surface *dst, uint32_t width, uint32_t height);

/* Whether resolve_average accepts `format`. */
bool resolve_format_ok(core_format format);

#endif
