/* src/pipeline/om_priv.h — what om.c, om_blend.c, om_depth.c and om_fast.c share (om.h is the
 * contract).  The reference code (om_blend.c, om_depth.c) and the fast paths (om_fast.c) run
 * the same blend arithmetic, om_blend_values(); only pixel access differs. */
#ifndef SOFTD3D_PIPELINE_OM_PRIV_H
#define SOFTD3D_PIPELINE_OM_PRIV_H

#include <math.h>
#include <stdint.h>

#include "pipeline/om.h"
#include "util/fsel.h"

#define OM_LANES (4 * OM_MAX_QUADS)

/* om_fmin(om_fmax(x, lo), hi) -- the clamp of values entering the blender (om.h) -- as two
 * selects that vectorise, for the ranges the OM uses: lo and hi not NaN, lo not -0, hi not 0.
 * Then: x > lo fails exactly for x <= lo and NaN, where om_fmax gives lo (for x = -0 and
 * lo = +0 too: +0); y < hi fails for y >= hi, where om_fmin gives hi (equal values are equal
 * bits, hi being nonzero).  tests/test_fastpath.c checks it against the definition. */
static inline float om_clamp_fast(float x, float lo, float hi)
{
    float y = util_fsel(x > lo, x, lo);
    return util_fsel(y < hi, y, hi);
}

/* Whether om_clamp_fast applies to [lo, hi]. */
static inline bool om_clamp_fast_ok(float lo, float hi)
{
    return lo == lo && hi == hi && !(lo == 0.0f && signbit(lo)) && hi != 0.0f;
}

/* ---- pixel helpers of the fast paths (om_fast.c, om_kernels.c) ---- */

/* texel_float_to_unorm8 (texel.h) without branches, so that the encode loops vectorise:
 * clamping to [0, 1] first (NaN and -0 to +0) gives the same integer at both ends. */
static inline uint32_t om_unorm8(float c)
{
    float cc = util_fsel(c > 0.0f, c, 0.0f);
    cc = util_fsel(cc < 1.0f, cc, 1.0f);
    return (uint32_t)(int32_t)((double)cc * 255.0 + 0.5);
}

/* ---- pixel access ---------------------------------------------------------------------------- */

static inline uint32_t om_rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void om_wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* The fast kernels (om_kernels.c) and their twins (util/simd.h); om_fast.c dispatches. */
uint32_t om_depth_fast(const struct om_state *st, const struct om_draw *draw,
                       const struct om_batch *batch, uint32_t mask, unsigned n);
uint32_t om_depth_fast_c(const struct om_state *st, const struct om_draw *draw,
                         const struct om_batch *batch, uint32_t mask, unsigned n);
uint32_t om_depth_fast_avx2(const struct om_state *st, const struct om_draw *draw,
                            const struct om_batch *batch, uint32_t mask, unsigned n);
void om_color_fast(const struct om_state *st, int t, const struct om_draw *draw,
                   const struct om_batch *batch, uint32_t mask, unsigned n);
void om_color_fast_c(const struct om_state *st, int t, const struct om_draw *draw,
                     const struct om_batch *batch, uint32_t mask, unsigned n);
void om_color_fast_avx2(const struct om_state *st, int t, const struct om_draw *draw,
                        const struct om_batch *batch, uint32_t mask, unsigned n);

/* Clamp (NORM targets) the shader colour in[c][i], then blend it with dst into out, lanes
 * 0..n-1 of target t (om.h "Colour", steps 2 and 3). */
void om_blend_values(const struct om_state *st, int t, const struct om_draw *draw,
                     const float *const in[4], float (*dst)[OM_LANES], float (*out)[OM_LANES],
                     unsigned n);

/* The reference path for one target, lanes in `mask` (already limited to the surface). */
void om_color_target_ref(const struct om_state *st, int t, const struct om_draw *draw,
                         const struct om_batch *batch, uint32_t mask, unsigned n);

/* om_depth_stencil / om_color for a mask already limited to the batch's lanes and to every
 * bound surface (om_process's: coverage & om_valid_mask), which they then do not recompute. */
uint32_t om_depth_stencil_premasked(const struct om_state *st, const struct om_draw *draw,
                                    const struct om_batch *batch, uint32_t mask);
void om_color_premasked(const struct om_state *st, const struct om_draw *draw,
                        const struct om_batch *batch, uint32_t mask);

/* om_state_init's choice of the fast paths (om_fast.c). */
void om_fast_init_target(struct om_target_state *ts);
void om_fast_init_depth(struct om_state *st);

#endif
