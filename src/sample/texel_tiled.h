/* src/sample/texel_tiled.h — texels of tiled resources (issue 7, seed 001), API-neutral.
 *
 * A texture_view whose `tiled` field is set reads its texels through a page table
 * (core/tiles.h) instead of level[].data: sampler.c's fetch() makes exactly one call here per
 * texel, so the addressing, filtering, LOD and reduction arithmetic are the sampler's own and
 * non-tiled views pay one predictable branch.
 *
 * Seed 001 rules implemented here:
 *   - "Reads from unmapped tiles return 0 in every component present in the format, and the
 *     default value for components missing from the format": a texel on a NULL tile reads
 *     (0, 0, 0, 0) with the D3D11 defaults of spec 19.1.3.3 for absent channels, i.e. alpha 1
 *     when the format has no alpha (R8_UNORM -> (0, 0, 0, 1)).
 *   - Texture filtering: such a texel takes part in the filter like any other (the per-texel
 *     rule; no whole-result zero).
 *   - Status feedback: texel_tiled_probe views read 1 on NULL tiles and 0 elsewhere (texel_tiled.c
 *     explains how a MAXIMUM-reduction pass over them yields CheckAccessFullyMapped exactly).
 */
#ifndef SOFTD3D_SAMPLE_TEXEL_TILED_H
#define SOFTD3D_SAMPLE_TEXEL_TILED_H

#include <stdbool.h>
#include <stdint.h>

#include "core/tiles.h"
#include "sample/sampler.h"

struct texel_tiled {
    const core_tiled *res;
    uint32_t first_mip, first_slice;   /* view level 0 = resource mip first_mip */
    bool probe;                        /* residency probe: 1 on NULL tiles, 0 on mapped */
    /* Texture2DArray views: array_size slices from first_slice, the slice chosen per lane by
     * the third address component (texel_tiled_sample / _gather / _load); 0 for a Texture2D
     * view (one slice, first_slice). */
    uint32_t array_size;
};

/* Texel (x, y) of view level `level` (sampler.c's fetch: x, y inside the level). */
void texel_tiled_fetch(const struct texel_tiled *tt, const struct texel_format *f,
                       unsigned level, uint32_t x, uint32_t y, float out[4]);

/* A 2D view of `levels` mips of one array slice of a tiled texture, read as `format` (which
 * must have the resource's element size).  False when texture_view_init refuses it. */
bool texel_tiled_view_init(struct texture_view *t, const struct texel_tiled *tt,
                           core_format format, unsigned levels);

/* Sample as sampler_sample does (for an array view, each lane in the slice its c->w selects:
 * round to nearest even, clamped to the view's slices, NaN -> 0: the array-slice rule of the
 * D3D11.3 spec's sample instructions), with the two tier-2 operands:
 *   clamp (may be NULL): per-lane LOD clamp of the *_cl forms: the lane's MinLOD becomes
 *     max(MinLOD, clamp) ("no individual sample accesses a mip level less than clamp";
 *     NaN ignored, as the sampler's own MinLOD/MaxLOD clamp ignores NaN);
 *   unmapped (may be NULL): bit i set when lane i's result used a texel on a NULL tile with a
 *     non-zero weight (CheckAccessFullyMapped false). */
void texel_tiled_sample(const struct sampler *s, const struct texture_view *t,
                        const struct sample_coords *c, const float *clamp, int n,
                        struct float4_soa *out, uint32_t *unmapped);

/* Gather (the gather4 / gather4_c instructions of the D3D11.3 spec): the 2x2 footprint that
 * bilinear filtering of level 0 would use, component `channel` of each texel (comparison
 * result 1/0 with `compare`), in the order x = (u0, v1), y = (u1, v1), z = (u1, v0),
 * w = (u0, v0); offsets[] (per lane, may be NULL) and imm_offset are added to the texel
 * address; array views choose the slice as texel_tiled_sample.  unmapped as above (all four
 * texels count). */
void texel_tiled_gather(const struct sampler *s, const struct texture_view *t,
                        const struct sample_coords *c, unsigned channel, bool compare,
                        const int32_t (*offsets)[SAMPLER_LANES], const int8_t imm_offset[2],
                        int n, struct float4_soa *out, uint32_t *unmapped);

/* ld: texel (x, y) of view level `mip` as float4 (integer formats: raw integers in `raw`, and
 * *is_int set); false (out 0 + defaults) when the texel lies on a NULL tile or outside. */
bool texel_tiled_load(const struct texture_view *t, int32_t x, int32_t y, int32_t slice,
                      int32_t mip, float out[4], uint32_t raw[4], bool *is_int);

#endif
