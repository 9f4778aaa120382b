/* src/pipeline/om_blend_values.h — the blend arithmetic (om_blend.c's top comment, steps 2 and
 * 3), inline: the reference (om_blend.c) and the fast kernels (om_kernels.c, also built with
 * AVX2) compile the same code. */
#ifndef SOFTD3D_PIPELINE_OM_BLEND_VALUES_H
#define SOFTD3D_PIPELINE_OM_BLEND_VALUES_H

#include <string.h>

#include "pipeline/om_priv.h"

#define LANES OM_LANES

/* The factor `f` for channel c (3 = alpha) of every lane. */
/* (always inlined: the kernels' constant lane counts reach the loops) */
#define OM_INLINE static inline __attribute__((always_inline))

OM_INLINE void blend_factor(unsigned f, int c, float (*s)[LANES], float (*d)[LANES],
                         const float bf[4], float *out, unsigned n)
{
    switch (f) {
    case OM_BLEND_ZERO:
        for (unsigned i = 0; i < n; i++)
            out[i] = 0.0f;
        break;
    case OM_BLEND_SRC_COLOR: memcpy(out, s[c], sizeof(float) * n); break;
    case OM_BLEND_INV_SRC_COLOR:
        for (unsigned i = 0; i < n; i++)
            out[i] = 1.0f - s[c][i];
        break;
    case OM_BLEND_SRC_ALPHA: memcpy(out, s[3], sizeof(float) * n); break;
    case OM_BLEND_INV_SRC_ALPHA:
        for (unsigned i = 0; i < n; i++)
            out[i] = 1.0f - s[3][i];
        break;
    case OM_BLEND_DEST_ALPHA: memcpy(out, d[3], sizeof(float) * n); break;
    case OM_BLEND_INV_DEST_ALPHA:
        for (unsigned i = 0; i < n; i++)
            out[i] = 1.0f - d[3][i];
        break;
    case OM_BLEND_DEST_COLOR: memcpy(out, d[c], sizeof(float) * n); break;
    case OM_BLEND_INV_DEST_COLOR:
        for (unsigned i = 0; i < n; i++)
            out[i] = 1.0f - d[c][i];
        break;
    case OM_BLEND_SRC_ALPHA_SAT:
        /* 17.1: (f, f, f, 1), f = min(1 - RT.a, o.a) */
        for (unsigned i = 0; i < n; i++)
            out[i] = c == 3 ? 1.0f : om_fmin(s[3][i], 1.0f - d[3][i]);
        break;
    case OM_BLEND_BLEND_FACTOR:
        for (unsigned i = 0; i < n; i++)
            out[i] = bf[c];
        break;
    case OM_BLEND_INV_BLEND_FACTOR:
        for (unsigned i = 0; i < n; i++)
            out[i] = 1.0f - bf[c];
        break;
    default:   /* ONE (om_state_init refuses anything else; the dual-source SRC1 factors
                * go through om_blend.c's om_blend_values_dual, never here) */
        for (unsigned i = 0; i < n; i++)
            out[i] = 1.0f;
        break;
    }
}

/* out = src OP dst for one channel of every lane. */
OM_INLINE void blend_channel(unsigned op, unsigned fsrc, unsigned fdst, int c, float (*s)[LANES],
                          float (*d)[LANES], const float bf[4], float *out, unsigned n)
{
    float fs[LANES], fd[LANES];
    switch (op) {
    case OM_BLEND_OP_MIN:
        for (unsigned i = 0; i < n; i++)
            out[i] = om_fmin(s[c][i], d[c][i]);
        return;
    case OM_BLEND_OP_MAX:
        for (unsigned i = 0; i < n; i++)
            out[i] = om_fmax(s[c][i], d[c][i]);
        return;
    default: break;
    }
    blend_factor(fsrc, c, s, d, bf, fs, n);
    blend_factor(fdst, c, s, d, bf, fd, n);
    switch (op) {
    case OM_BLEND_OP_SUBTRACT:
        for (unsigned i = 0; i < n; i++)
            out[i] = s[c][i] * fs[i] - d[c][i] * fd[i];
        break;
    case OM_BLEND_OP_REV_SUBTRACT:
        for (unsigned i = 0; i < n; i++)
            out[i] = d[c][i] * fd[i] - s[c][i] * fs[i];
        break;
    default:   /* ADD */
        for (unsigned i = 0; i < n; i++)
            out[i] = s[c][i] * fs[i] + d[c][i] * fd[i];
        break;
    }
}

OM_INLINE void om_blend_values_inline(const struct om_state *st, int t,
                                          const struct om_draw *draw, const float *const in[4],
                                          float (*dst)[OM_LANES], float (*out)[OM_LANES],
                                          unsigned n)
{
    const struct om_target_state *ts = &st->rt[t];
    const struct om_target_key *k = &st->key.rt[t];
    float src[4][OM_LANES], bf[4];
    memcpy(bf, draw->blend_factor, sizeof bf);
    if (ts->kind == OM_RT_NORM) {
        for (int c = 0; c < 4; c++) {
            float lo = ts->lo[c], hi = ts->hi[c];
            if (ts->clamp_fast[c])
                for (unsigned i = 0; i < n; i++)
                    src[c][i] = om_clamp_fast(in[c][i], lo, hi);
            else
                for (unsigned i = 0; i < n; i++)
                    src[c][i] = om_fmin(om_fmax(in[c][i], lo), hi);
            bf[c] = om_fmin(om_fmax(bf[c], lo), hi);
        }
    } else {
        for (int c = 0; c < 4; c++)
            memcpy(src[c], in[c], sizeof(float) * n);
    }
    for (int c = 0; c < 3; c++)
        blend_channel(k->op_color, k->src_color, k->dst_color, c, src, dst, bf, out[c], n);
    blend_channel(k->op_alpha, k->src_alpha, k->dst_alpha, 3, src, dst, bf, out[3], n);
}

#undef LANES
#undef OM_INLINE

#endif
