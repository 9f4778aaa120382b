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

OM_INLINE void blend_factor(unsigned f, int c, float (*s)[LANES], float (*s1)[LANES],
                         float (*d)[LANES], const float bf[4], float *out, unsigned n)
{
    switch (f) {
    case OM_BLEND_SRC1_COLOR: memcpy(out, s1[c], sizeof(float) * n); break;
    case OM_BLEND_INV_SRC1_COLOR:
        for (unsigned i = 0; i < n; i++)
            out[i] = 1.0f - s1[c][i];
        break;
    case OM_BLEND_SRC1_ALPHA: memcpy(out, s1[3], sizeof(float) * n); break;
    case OM_BLEND_INV_SRC1_ALPHA:
        for (unsigned i = 0; i < n; i++)
            out[i] = 1.0f - s1[3][i];
        break;
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
    default:   /* ONE (om_state_init refuses anything else) */
        for (unsigned i = 0; i < n; i++)
            out[i] = 1.0f;
        break;
    }
}

/* out = src OP dst for one channel of every lane. */
OM_INLINE void blend_channel(unsigned op, unsigned fsrc, unsigned fdst, int c, float (*s)[LANES],
                          float (*s1)[LANES], float (*d)[LANES], const float bf[4], float *out,
                          unsigned n)
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
    blend_factor(fsrc, c, s, s1, d, bf, fs, n);
    blend_factor(fdst, c, s, s1, d, bf, fd, n);
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

/* in1: the second source's channels (dual-source blending, ts->dual_source; a NULL channel
 * reads 0), clamped like the first (17.5: every value entering the blender); unused
 * otherwise. */
OM_INLINE void om_blend_values_inline(const struct om_state *st, int t,
                                          const struct om_draw *draw, const float *const in[4],
                                          const float *const in1[4],
                                          float (*dst)[OM_LANES], float (*out)[OM_LANES],
                                          unsigned n)
{
    static const float zeros1[OM_LANES];
    const struct om_target_state *ts = &st->rt[t];
    const struct om_target_key *k = &st->key.rt[t];
    float src[4][OM_LANES], src1[4][OM_LANES], bf[4];
    const float *sec[4] = { zeros1, zeros1, zeros1, zeros1 };
    unsigned nsrc = 1;
    if (ts->dual_source) {
        for (int c = 0; in1 && c < 4; c++)
            if (in1[c])
                sec[c] = in1[c];
        nsrc = 2;
    }
    memcpy(bf, draw->blend_factor, sizeof bf);
    for (unsigned j = 0; j < nsrc; j++) {
        float (*o)[OM_LANES] = j ? src1 : src;
        const float *const *ip = j ? sec : in;
        if (ts->kind == OM_RT_NORM) {
            for (int c = 0; c < 4; c++) {
                float lo = ts->lo[c], hi = ts->hi[c];
                if (ts->clamp_fast[c])
                    for (unsigned i = 0; i < n; i++)
                        o[c][i] = om_clamp_fast(ip[c][i], lo, hi);
                else
                    for (unsigned i = 0; i < n; i++)
                        o[c][i] = om_fmin(om_fmax(ip[c][i], lo), hi);
            }
        } else {
            for (int c = 0; c < 4; c++)
                memcpy(o[c], ip[c], sizeof(float) * n);
        }
    }
    if (ts->kind == OM_RT_NORM)
        for (int c = 0; c < 4; c++)
            bf[c] = om_fmin(om_fmax(bf[c], ts->lo[c]), ts->hi[c]);
    for (int c = 0; c < 3; c++)
        blend_channel(k->op_color, k->src_color, k->dst_color, c, src, src1, dst, bf, out[c], n);
    blend_channel(k->op_alpha, k->src_alpha, k->dst_alpha, 3, src, src1, dst, bf, out[3], n);
}

#undef LANES
#undef OM_INLINE

#endif
