/* src/pipeline/om_fast.c — the choice of the output merger's fast paths, the dispatch between
 * them (om_kernels.c, with its AVX2 twin) and the reference (om_depth.c, om_blend.c), and the
 * constant-colour rectangles of the pixel stage's shortcuts.
 *
 * Read me first.  om_state_init decides once per state (softpipe habit, STYLE.md) whether a
 * target or the depth buffer has a fast path; om_depth_stencil and om_color then take it per
 * batch.  A fast path does exactly the arithmetic of the reference -- the same conversions, the
 * same blend code (om_blend_values.h) -- but reads and writes whole 32-bit pixels instead of going
 * through the generic bit-field texel_load/texel_store per channel:
 *   colour  4 x 8-bit UNORM or sRGB targets (R8G8B8A8, B8G8R8A8, B8G8R8X8 and their _SRGB),
 *           written whole (the write mask covers every present channel): decode by table
 *           (texel_unorm8_table / texel_srgb8_table), encode by texel_float_to_unorm8 (the
 *           reference's exact "+0.5 and truncate" in double) or texel_float_to_srgb;
 *   depth   UNORM depth of up to 24 bits at bit 0 of a 2- or 4-byte pixel (D16, D24S8, D24X8)
 *           with the stencil test off: quantize (texel_float_to_unorm's formula), compare, write
 *           the depth bits, keep the rest.
 * tests/test_fastpath.c runs both paths (each twin of the kernels) on seeded random states,
 * surfaces and batches and compares every byte and every returned mask.
 */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include "pipeline/om_priv.h"

#include <string.h>

#include "sample/texel.h"
#include "util/fsel.h"
#include "util/simd.h"

/* ---- choice (om_state_init) ----------------------------------------------------------------- */

void om_fast_init_target(struct om_target_state *ts)
{
    struct texel_rgba8 l;
    ts->fast = false;
    /* dual-source blending (rare, 10_0+) takes the reference path: the kernels' blend has no
     * second source */
    if (ts->kind != OM_RT_NORM || !ts->full_write || ts->dual_source ||
        !texel_rgba8_layout(ts->fmt, &l))
        return;
    ts->fast = true;
    ts->fast_srgb = l.srgb;
    memcpy(ts->fast_shift, l.shift, sizeof l.shift);
    ts->fast_keep = l.keep;
    ts->fast_alpha_one = !l.has_alpha;
}

void om_fast_init_depth(struct om_state *st)
{
    st->fast_depth = st->depth_kind == OM_DEPTH_UNORM && (st->ds_bytes == 2 || st->ds_bytes == 4) &&
                     st->depth_shift == 0 && st->depth_bits >= 1 && st->depth_bits <= 24 &&
                     !st->key.stencil_enable;
}

static uint32_t depth_dispatch(const struct om_state *st, const struct om_draw *draw,
                               const struct om_batch *batch, uint32_t mask, bool premasked)
{
    if (!st->fast_depth || !st->depth_test)
        return om_depth_stencil_ref(st, draw, batch, mask);
    /* The reference's prologue (om_depth.c): no surface, everything passes. */
    if (!draw->ds.data)
        return mask;
    uint32_t count = batch->count < OM_MAX_QUADS ? batch->count : OM_MAX_QUADS;
    unsigned n = 4 * count;
    if (!premasked)
        mask &= om_surface_mask(&draw->ds, batch) & (n >= 32 ? 0xffffffffu : (1u << n) - 1u);
    if (!mask)
        return 0;
    return om_depth_fast(st, draw, batch, mask, n);
}

uint32_t om_depth_stencil(const struct om_state *st, const struct om_draw *draw,
                          const struct om_batch *batch, uint32_t mask)
{
    return depth_dispatch(st, draw, batch, mask, false);
}

uint32_t om_depth_stencil_premasked(const struct om_state *st, const struct om_draw *draw,
                                    const struct om_batch *batch, uint32_t mask)
{
    return depth_dispatch(st, draw, batch, mask, true);
}

/* ---- the kernels' twins (om_kernels.c; util/simd.h) ------------------------------------------ */

uint32_t om_depth_fast(const struct om_state *st, const struct om_draw *draw,
                       const struct om_batch *batch, uint32_t mask, unsigned n)
{
    return SIMD_PICK(om_depth_fast)(st, draw, batch, mask, n);
}

void om_color_fast(const struct om_state *st, int t, const struct om_draw *draw,
                   const struct om_batch *batch, uint32_t mask, unsigned n)
{
    SIMD_PICK(om_color_fast)(st, t, draw, batch, mask, n);
}

/* ---- colour ---------------------------------------------------------------------------------- */

static void color_dispatch(const struct om_state *st, const struct om_draw *draw,
                           const struct om_batch *batch, uint32_t mask, bool premasked)
{
    uint32_t count = batch->count < OM_MAX_QUADS ? batch->count : OM_MAX_QUADS;
    unsigned n = 4 * count;
    mask &= n >= 32 ? 0xffffffffu : (1u << n) - 1u;
    for (int t = 0; t < OM_MAX_TARGETS; t++) {
        if (st->rt[t].kind == OM_RT_NONE || !draw->rt[t].data || !batch->color[t][0])
            continue;
        uint32_t m = premasked ? mask : mask & om_surface_mask(&draw->rt[t], batch);
        if (!m)
            continue;
        if (st->rt[t].fast)
            om_color_fast(st, t, draw, batch, m, n);
        else
            om_color_target_ref(st, t, draw, batch, m, n);
    }
}

void om_color(const struct om_state *st, const struct om_draw *draw,
              const struct om_batch *batch, uint32_t mask)
{
    color_dispatch(st, draw, batch, mask, false);
}

void om_color_premasked(const struct om_state *st, const struct om_draw *draw,
                        const struct om_batch *batch, uint32_t mask)
{
    color_dispatch(st, draw, batch, mask, true);
}

/* ---- constant-colour rectangles -------------------------------------------------------------- */

bool om_fill_possible(const struct om_state *st, uint32_t targets)
{
    if (st->depth_test || st->depth_write || st->stencil_test || st->stencil_write)
        return false;
    for (int t = 0; t < OM_MAX_TARGETS; t++) {
        const struct om_target_state *ts = &st->rt[t];
        if (!(targets >> t & 1) || ts->kind == OM_RT_NONE)
            continue;
        if (!ts->fast || ts->blend || ts->fast_keep)
            return false;
    }
    return true;
}

void om_fill_rect(const struct om_state *st, const struct om_draw *draw, int32_t x0, int32_t y0,
                  int32_t x1, int32_t y1, const float *const color[OM_MAX_TARGETS])
{
    for (int t = 0; t < OM_MAX_TARGETS; t++) {
        const struct om_target_state *ts = &st->rt[t];
        const struct om_surface *surf = &draw->rt[t];
        if (ts->kind == OM_RT_NONE || !surf->data || !color[t])
            continue;
        /* om_surface_mask: pixels outside the surface are never written */
        int32_t cx1 = x1 < (int32_t)surf->width ? x1 : (int32_t)surf->width;
        int32_t cy1 = y1 < (int32_t)surf->height ? y1 : (int32_t)surf->height;
        int32_t cx0 = x0 > 0 ? x0 : 0, cy0 = y0 > 0 ? y0 : 0;
        if (cx0 >= cx1 || cy0 >= cy1)
            continue;
        /* color_fast's encoding, once (no blending: the shader's colour is written) */
        const float *c = color[t];
        uint32_t v;
        if (ts->fast_srgb)
            v = texel_float_to_srgb(c[0], 8) << ts->fast_shift[0] |
                texel_float_to_srgb(c[1], 8) << ts->fast_shift[1] |
                texel_float_to_srgb(c[2], 8) << ts->fast_shift[2];
        else
            v = om_unorm8(c[0]) << ts->fast_shift[0] | om_unorm8(c[1]) << ts->fast_shift[1] |
                om_unorm8(c[2]) << ts->fast_shift[2];
        if (!ts->fast_alpha_one)
            v |= om_unorm8(c[3]) << ts->fast_shift[3];
        uint8_t *row = surf->data + (size_t)cy0 * surf->row_pitch + (size_t)cx0 * 4;
        size_t bytes = (size_t)(cx1 - cx0) * 4;
        for (int32_t x = 0; x < cx1 - cx0; x++)
            om_wr32(row + 4 * (size_t)x, v);
        for (int32_t y = cy0 + 1; y < cy1; y++)
            memcpy(row + (size_t)(y - cy0) * surf->row_pitch, row, bytes);
    }
}
