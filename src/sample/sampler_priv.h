/* src/sample/sampler_priv.h — the LOD arithmetic sampler.c (the reference) and sampler_fast.c
 * share, so that the two cannot compute different levels: log2 in double, float -> fixed point,
 * the isotropic LOD of 7.18.11 and the tail of the LOD computation (bias, MinLOD/MaxLOD, mip
 * selection: sampler.c steps 2 and 3).  Read sampler.c's header for the rules. */
#ifndef SOFTD3D_SAMPLE_SAMPLER_PRIV_H
#define SOFTD3D_SAMPLE_SAMPLER_PRIV_H

#include <math.h>
#include <string.h>

#include "sample/sampler.h"

/* log2 in double without libm's log: x = m 2^e with m in [sqrt(1/2), sqrt(2)), and
 * ln m = 2 atanh(s) = 2 (s + s^3/3 + s^5/5 + ...) with s = (m - 1)/(m + 1), |s| < 0.172; eight
 * terms leave an error below 0.172^17 / 17 ~ 1e-14.  m = 1 gives exactly e.
 * The split x = m 2^e is frexp's, read off the bits for normal x (the same m and e; frexp
 * itself for subnormals). */
static inline double sampler_log2_d(double x)
{
    if (x != x || x < 0.0)
        return NAN;
    if (x == 0.0)
        return -INFINITY;
    if (isinf(x))
        return INFINITY;
    int e;
    double m;
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    if (b >> 52) {   /* normal (x > 0 here): m in [0.5, 1) */
        e = (int)(b >> 52) - 1022;
        b = (b & 0x000fffffffffffffull) | 0x3fe0000000000000ull;
        memcpy(&m, &b, sizeof m);
    } else {
        m = frexp(x, &e);
    }
    if (m < 0.70710678118654752440) {
        m *= 2.0;
        e--;
    }
    double s = (m - 1.0) / (m + 1.0), s2 = s * s, p = 1.0 / 15.0;
    for (int k = 13; k >= 1; k -= 2)
        p = p * s2 + 1.0 / k;
    return (double)e + 2.0 * s * p * 1.4426950408889634074;
}

/* Spec 3.2.4.1 float -> fixed point i.f, with round to nearest even (the reference diagram):
 * NaN -> 0, saturation at FixedMin/FixedMax.  v * 2^f is exact in double. */
static inline int64_t sampler_to_fixed(double v, int ibits, int fbits)
{
    double scale = ldexp(1.0, fbits);
    double lo = -ldexp(1.0, ibits - 1) * scale, hi = ldexp(1.0, ibits - 1) * scale - 1.0;
    if (v != v)
        return 0;
    double r = rint(v * scale);
    return (int64_t)(r < lo ? lo : r > hi ? hi : r);
}

static inline int sampler_clamp_int(int64_t v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : (int)v;
}

/* 7.18.11 isotropic: log2(max(|dX|, |dY|)) = 0.5 log2(max(|dX|^2, |dY|^2)), the derivative
 * vectors in texels of level 0 (unused components 0). */
static inline double sampler_lod_isotropic(const double dX[3], const double dY[3])
{
    double sqx = dX[0] * dX[0] + dX[1] * dX[1] + dX[2] * dX[2];
    double sqy = dY[0] * dY[0] + dY[1] * dY[1] + dY[2] * dY[2];
    double lod = 0.5 * sampler_log2_d(sqx > sqy ? sqx : sqy);
    if (sqx != sqx || sqy != sqy)
        lod = NAN;
    return lod;
}

/* MinLOD/MaxLOD (step 2's end) */
static inline float sampler_lod_clamp(const struct sampler *s, float biased)
{
    return fmaxf(s->state.min_lod, fminf(s->state.max_lod, biased));
}

/* The 8.8 fixed-point LOD sampler_lod_finish selects mips from, for a lane without bias[]
 * (the same operations: sampler_fast.c's batch decision compares two of them). */
static inline int64_t sampler_lod_fx(const struct sampler *s, double lod)
{
    return sampler_to_fixed((double)sampler_lod_clamp(s, (float)lod + s->state.lod_bias), 8, 8);
}

/* Steps 2 (end) and 3 of sampler.c for lane i: MipLODBias and bias[], the magnify decision, the
 * MinLOD/MaxLOD clamp, then mip selection on 8.8 fixed point.  out->probes / ratio / axis are
 * the anisotropic decisions made before (reset here when the filter is not anisotropic). */
static inline void sampler_lod_finish(const struct sampler *s, const struct texture_view *t,
                                      double lod, const struct sample_coords *c, int i,
                                      struct sampler_lod *out)
{
    float biased = (float)lod + s->state.lod_bias;
    if (c->has_bias)
        biased += c->bias[i];
    out->magnify = !(biased > 0.0f);
    out->lod = sampler_lod_clamp(s, biased);
    /* the resource's own clamp (texture_view.min_lod, SetResourceMinLOD): no level more
     * detailed than it is read (0: no clamp; a negative LOD still reads level 0) */
    if (t->min_lod > 0.0f && t->min_lod > out->lod)
        out->lod = t->min_lod;
    if ((out->magnify ? s->state.mag_filter : s->state.min_filter) != SAMPLER_FILTER_ANISOTROPIC) {
        out->probes = 1;
        out->ratio = 1.0f;
    }

    /* Step 3: mip selection on 8.8 fixed point. */
    int last = (int)t->levels - 1;
    int64_t fx = sampler_to_fixed((double)out->lod, 8, 8);
    out->nlevels = 1;
    out->weight = 0.0f;
    out->level[1] = 0;
    switch (s->state.mip_filter) {
    case SAMPLER_MIP_NONE:
        out->level[0] = 0;
        break;
    case SAMPLER_MIP_POINT:
        out->level[0] = (unsigned)sampler_clamp_int((fx + 128) >> 8, 0, last);
        break;
    default: {
        int l0 = sampler_clamp_int(fx >> 8, 0, last);
        int l1 = sampler_clamp_int((fx >> 8) + 1, 0, last);
        float w = (float)(fx & 255) / 256.0f;
        out->level[0] = (unsigned)l0;
        if (l1 != l0 && w != 0.0f) {
            out->nlevels = 2;
            out->level[1] = (unsigned)l1;
            out->weight = w;
        }
        break;
    }
    }
}

#endif
