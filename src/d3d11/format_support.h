/* src/d3d11/format_support.h — what each DXGI format can do at each feature level.
 *
 * One table (format_support.c) answers CheckFormatSupport, CheckFeatureSupport(FORMAT_SUPPORT,
 * FORMAT_SUPPORT2) and CheckMultisampleQualityLevels(1), and the other modules ask it before
 * they create anything: a Texture2D needs D3D11_FORMAT_SUPPORT_TEXTURE2D, a render target view
 * RENDER_TARGET, an index buffer format IA_INDEX_BUFFER (R32_UINT has it only from 9_2, seed 004
 * CreateBuffer row), and so on.
 */
#ifndef SOFTD3D_D3D11_FORMAT_SUPPORT_H
#define SOFTD3D_D3D11_FORMAT_SUPPORT_H

#include <stdbool.h>

#include "d3d11.h"

struct d3d11_device;

/* The D3D11_FORMAT_SUPPORT bits of `format` at `level` (9_1..9_3 from the 9_x tables, 10_0,
 * 10_1 and 11_0 from format_support_10.c, 11_x as 9_3 for the partial 11_1 device); 0 when the level does
 * not support the format at all.  Pure. */
UINT d3d11_format_support_bits(D3D_FEATURE_LEVEL level, DXGI_FORMAT format);

/* What CheckFormatSupport answers on `dev`: d3d11_format_support_bits plus the multisample
 * bits of its profile (format_support.c, "Multisampling"). */
UINT d3d11_device_format_support(const struct d3d11_device *dev, DXGI_FORMAT format);

/* Quality levels of `count` samples of `format` on `dev`: 1 or 0 (format_support.c). */
UINT d3d11_msaa_quality_levels(const struct d3d11_device *dev, DXGI_FORMAT format, UINT count);

/* The 10_0 / 10_1 / 11_0 rows (format_support_10.c): 0 for any other level.  Pure. */
UINT d3d11_format_support_10_bits(D3D_FEATURE_LEVEL level, DXGI_FORMAT format);
/* The "Typed UAV" formats of 11_0 (format_support_10.c). */
bool d3d11_format_typed_uav_11_0(DXGI_FORMAT format);

/* The D3D11_FORMAT_SUPPORT2 bits: always 0 at 9_x and 10_x (no UAVs, no logic ops -- optional
 * for the UINT formats at 10_x, not claimed --, no tiled resources, and softd3d shares no
 * resources across processes, so never SHAREABLE).  At 11_0: UAV_TYPED_STORE for the typed-UAV
 * formats, UAV_TYPED_LOAD for R32_FLOAT / R32_UINT / R32_SINT (the loads 11_0 guarantees), and
 * every UAV_ATOMIC_* bit for R32_UINT / R32_SINT. */
UINT d3d11_format_support2_bits(D3D_FEATURE_LEVEL level, DXGI_FORMAT format);

/* Calls cb once for every format the level supports, in ascending DXGI_FORMAT order (for the
 * caps tool). */
void d3d11_format_support_table(D3D_FEATURE_LEVEL level,
                                void (*cb)(void *ctx, DXGI_FORMAT format, UINT support,
                                           UINT support2),
                                void *ctx);

/* "R8G8B8A8_UNORM" for DXGI_FORMAT_R8G8B8A8_UNORM (the DXGI name without its prefix), or
 * "(not a DXGI format)" -- for messages: "DXGI_FORMAT_%s". */
const char *d3d11_format_name(DXGI_FORMAT format);

/* CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT / _FORMAT_SUPPORT2), called from
 * feature_support.c; validates FeatureSupportDataSize like every other feature. */
HRESULT d3d11_check_format_feature(const struct d3d11_device *dev, D3D11_FEATURE feature,
                                   void *data, UINT size);

#endif
