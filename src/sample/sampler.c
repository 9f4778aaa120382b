/* src/sample/sampler.c — the plain-C reference sampler (see sampler.h for the contract).
 *
 * Read me first: the path of one lane, with the section of the D3D11.3 functional
 * specification ("the spec") each step follows, and the exact rule where the spec leaves room.
 *
 *  0. Array views (7.18.3): the array index coordinate picks the slice (cube) once per lane,
 *     rounded to nearest even and clamped to the view's slices; the steps below then read that
 *     slice as a view of the non-array dimension (1D: u only, one row).
 *  1. Cube maps (7.18.7, 5.3.8): the face is the largest-magnitude component of (x, y, z), ties
 *     resolved Z, then Y, then X; face coordinates u = 0.5 sc/|ma| + 0.5, v = 0.5 tc/|ma| + 0.5
 *     with (sc, tc) from the face table below.
 *  2. LOD (7.18.11).  Derivatives are scaled to texels of the view's level 0 (cube: 0.5 * face
 *     size, after the quotient-rule transform to face space, where we take the derivative of
 *     AxisMajor = |ma| as sign(ma) * dma; the spec's text uses the raw major component, which
 *     is the same on the three positive faces and flips the correction term on the others).
 *       isotropic:    LOD = log2(max(|dX|, |dY|)), the vectors taken as they are: the optional
 *                     [Heckbert 89] orthogonalisation is not applied ("D3D11.3 will allow
 *                     approximations").
 *       anisotropic:  (2D only; 3D and cube fall back to isotropic trilinear, which 7.18.13
 *                     permits) the spec's pseudo-code verbatim, without the "lengthMinor = 1"
 *                     line it no longer recommends; the ratio of anisotropy is clamped to
 *                     MaxAnisotropy, then snapped to 8 fractional bits (round to nearest even)
 *                     and the number of probes is its ceiling (ratio 4 -> 4 probes, 4.004 -> 5).
 *       log2 is our own (frexp + an odd series in double, error < 1e-13), so the result does
 *       not depend on the C library; it is exact for powers of two.  All LOD arithmetic is in
 *       double and rounded to float once.
 *     Then biased = LOD + MipLODBias (+ bias[] for sample_b); magnify = !(biased > 0) -- the spec
 *     leaves open whether MinLOD/MaxLOD apply first; we decide on the biased, unclamped LOD --
 *     and clamped = max(MinLOD, min(MaxLOD, biased)) with NaN-ignoring min/max.
 *  3. Mip selection (7.18.10): clamped LOD -> 8.8 fixed point (3.2.4.1, round to nearest even,
 *     saturating at [-128, 128 - 1/256], NaN -> 0).  POINT: level = (fixed + 0.5) >> 8.  LINEAR:
 *     floor and floor + 1 with weight frac / 256.  Levels clamp to [0, levels - 1].  NONE (D3D9):
 *     level 0 only.
 *  4. Anisotropic probes: N probes at coord + axis * (2k + 1 - N) / (2N), k = 0..N-1, where axis
 *     is the major derivative vector in normalized space (the footprint's long side); each probe
 *     is a LINEAR sample of the level(s) and goes through range reduction on its own (7.18.6
 *     note); results are summed in probe order and divided by N.
 *  5. Per level and axis (7.18.6, 7.18.7, 7.18.8): range reduction on the normalized coordinate
 *     (WRAP frac, MIRROR signedFrac(U/2)*2, others clamp to [-10, 10]); scaled = reduced * size
 *     (- 0.5 for LINEAR), all in float32; then fixed point with 8 fractional bits (the spec's
 *     minimum), round to nearest even, saturating at 24.8 (range reduction keeps it far inside).
 *     Texel = integer part, weight of the right texel = fraction / 256 (exact in float).
 *  6. Address modes on integer texel addresses (7.18.9): WRAP, MIRROR, CLAMP, MIRROR_ONCE as the
 *     spec's pseudo-code; BORDER returns the border colour (7.18.9.1): absent channels take
 *     the format defaults, present ones are clamped to the channel's range ([0,1] UNORM/sRGB
 *     with NaN -> 0, [-1,1] SNORM, float and integer as given); we filter in float32, so no
 *     further snapping.  Cube maps ignore address modes: taps past an edge continue one texel
 *     into the adjacent face (7.18.12), and at a corner the missing fourth texel's bilinear
 *     weight is divided evenly among the three real ones (the reference behaviour).  Point
 *     sampling of a cube stays on the selected face (texel indices clamp to [0, n-1]; the spec
 *     is silent, and only u or v exactly 1.0 reach texel n).
 *  7. Filtering arithmetic (7.18.16.2): float32, as nested lerps a + w (b - a) along u, then v,
 *     then w, then between mip levels (a weight of exactly 0 returns a unchanged, so a constant
 *     texture filters to itself and NaN/Inf in a zero-weight texel does not leak); the cube
 *     corner case uses the weighted sum of the three texels.
 *     Except the bilinear footprint of a 1D or 2D view on channels of 8-bit UNORM texels
 *     (plain formats: R8G8B8A8, B8G8R8A8/X8, R8G8, R8, A8, the D3D9 A8R8G8B8, X8R8G8B8, L8,
 *     A8L8...; the alpha of the _SRGB ones), with no border texel in it and neither comparison
 *     nor min/max reduction: there the blend is exact.  With texel values t (0..255) and the
 *     8-bit weights a, b of step 5 (the fractions times 256),
 *         top = t00 (256 - a) + t10 a,   bottom = t01 (256 - a) + t11 a      (0 .. 65280)
 *         N   = top (256 - b) + bottom b                               (0 .. 255 * 65536)
 *     and the result is N / (255 * 65536) correctly rounded to float32 -- the exact
 *     mathematical bilinear blend of the decoded texels, rounded once: more exact than the
 *     lerp chain (which rounds up to six times), and what 8-bit fixed-point hardware filters
 *     compute before their own final rounding (7.18.16.2 sets no stricter rule).  A texel
 *     value filters to itself exactly (N / (255 * 65536) = t / 255: the same correctly rounded
 *     quotient as its decode).  The point is speed as much as exactness: integer taps and
 *     integer weights need no per-tap decode, and the fast paths (sampler_fast.c) compute N
 *     with 16-bit multiplies.  Mip levels are then lerped in float as above.
 *
 * Where this file reads texels: fetch() only, at coordinates address() has put in range.
 */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include "sample/sampler.h"
#include "sample/sampler_priv.h"
#include "sample/texel_tiled.h"
#include "util/simd.h"

#include <math.h>
#include <string.h>

struct sampler_lane {
    const struct sampler *s;
    const struct texture_view *t;
    unsigned face;            /* cube face */
    unsigned slice;           /* array slice (cube of a cube array), step 0 */
    float ref;                /* comparison reference */
    const float *border;      /* border colour, already fitted to the format */
};

/* ---- arithmetic helpers ---- */

static float lerp(float a, float b, float w)
{
    if (w == 0.0f)
        return a;
    return a + w * (b - a);
}

/* ---- addressing ---- */

/* Spec 7.18.6 range reduction of a normalized coordinate. */
static float reduce(float u, enum sampler_address mode)
{
    switch (mode) {
    case SAMPLER_ADDRESS_WRAP:
        return u - floorf(u);                    /* frac: [0, 1) (NaN for +-Inf) */
    case SAMPLER_ADDRESS_MIRROR: {
        float h = u * 0.5f;
        return (h - truncf(h)) * 2.0f;           /* signedFrac(U/2) * 2: (-2, 2) */
    }
    default:
        if (u <= -10.0f)
            return -10.0f;
        if (u >= 10.0f)
            return 10.0f;
        return u;                                /* NaN passes through */
    }
}

/* Spec 7.18.9 on an integer texel address t for a dimension of n texels.  Range reduction
 * bounds |t| by 10 * n + 1, so nothing here overflows. */
static int address(int t, int n, enum sampler_address mode, bool *border)
{
    if (t >= 0 && t < n)
        return t;
    switch (mode) {
    case SAMPLER_ADDRESS_WRAP:
        t %= n;
        return t < 0 ? t + n : t;
    case SAMPLER_ADDRESS_MIRROR: {
        if (t < 0)
            t = -t - 1;
        bool flip = (t / n) & 1;
        t %= n;
        return flip ? n - t - 1 : t;
    }
    case SAMPLER_ADDRESS_MIRROR_ONCE:
        if (t < 0)
            t = -t - 1;
        return t > n - 1 ? n - 1 : t;
    case SAMPLER_ADDRESS_BORDER:
        *border = true;
        return 0;
    default:   /* CLAMP */
        return t < 0 ? 0 : n - 1;
    }
}

/* The texel-space position of normalized coordinate u on a dimension of n texels, as 24.8 fixed
 * point (steps 5 of the header). */
static int64_t texel_fixed(float u, enum sampler_address mode, uint32_t n, bool linear)
{
    float scaled = reduce(u, mode) * (float)n;
    if (linear)
        scaled -= 0.5f;
    return sampler_to_fixed((double)scaled, 24, 8);
}

/* ---- texel fetch ---- */

static bool compare(enum sampler_compare op, float ref, float v)
{
    switch (op) {
    case SAMPLER_COMPARE_NEVER: return false;
    case SAMPLER_COMPARE_LESS: return ref < v;
    case SAMPLER_COMPARE_EQUAL: return ref == v;
    case SAMPLER_COMPARE_LESS_EQUAL: return ref <= v;
    case SAMPLER_COMPARE_GREATER: return ref > v;
    case SAMPLER_COMPARE_NOT_EQUAL: return ref != v;
    case SAMPLER_COMPARE_GREATER_EQUAL: return ref >= v;
    default: return true;
    }
}

/* Comparison filtering: the texel becomes its pass/fail value before filtering. */
static void finish_texel(const struct sampler_lane *L, float out[4])
{
    if (L->s->state.reduction == SAMPLER_REDUCTION_COMPARISON) {
        float v = compare(L->s->state.compare, L->ref, out[0]) ? 1.0f : 0.0f;
        out[0] = out[1] = out[2] = out[3] = v;
    }
}

static void fetch(const struct sampler_lane *L, const struct texture_level *lv, uint32_t x,
                  uint32_t y, uint32_t slice, float out[4])
{
    const struct texture_view *t = L->t;
    const struct texel_format *f = t->texel;
    if (t->tiled) {   /* tiled resources: through the page table (texel_tiled.c) */
        texel_tiled_fetch(t->tiled, f, (unsigned)(lv - t->level), x, y, out);
        finish_texel(L, out);
        return;
    }
    const uint8_t *p = lv->data + (size_t)L->slice * lv->array_pitch +
                       (size_t)slice * lv->depth_pitch +
                       (size_t)(y / f->block_h) * lv->row_pitch +
                       (size_t)(x / f->block_w) * f->block_bytes;
    f->load(f, p, x % f->block_w, y % f->block_h, out);
    if (t->d3d9_defaults && (f->present & 7))
        for (int c = 0; c < 3; c++)
            if (!(f->present & (1u << c)))
                out[c] = 1.0f;
    finish_texel(L, out);
}

static void border_texel(const struct sampler_lane *L, float out[4])
{
    memcpy(out, L->border, 4 * sizeof(float));
    finish_texel(L, out);
}

/* Step 6: the border colour as the format sees it (spec 7.18.9.1). */
static void border_color(const struct sampler *s, const struct texture_view *t, float out[4])
{
    const struct texel_format *f = t->texel;
    for (int c = 0; c < 4; c++) {
        float v = s->state.border_color[c];
        switch (f->ch[c].type) {
        case TEXEL_NONE:
            v = (c == 3 || (t->d3d9_defaults && (f->present & 7))) ? 1.0f : 0.0f;
            break;
        case TEXEL_UNORM:
        case TEXEL_SRGB:   /* the border colour is linear: no sRGB conversion */
            v = fminf(fmaxf(v, 0.0f), 1.0f);
            break;
        case TEXEL_SNORM:
            v = fminf(fmaxf(v, -1.0f), 1.0f);
            break;
        default:
            break;
        }
        out[c] = v;
    }
}

/* ---- cube faces ---- */

/* For face f: the major axis (0 x, 1 y, 2 z) and its sign, and the axes and signs giving
 * sc = ss * d[sa], tc = ts * d[ta].  Order +X, -X, +Y, -Y, +Z, -Z; face index = 2 axis + neg. */
static const struct cube_face {
    int8_t ma, ms, sa, ss, ta, ts;
} cube_faces[6] = {
    { 0, +1, 2, -1, 1, -1 },   /* +X: sc = -z, tc = -y */
    { 0, -1, 2, +1, 1, -1 },   /* -X: sc = +z, tc = -y */
    { 1, +1, 0, +1, 2, +1 },   /* +Y: sc = +x, tc = +z */
    { 1, -1, 0, +1, 2, -1 },   /* -Y: sc = +x, tc = -z */
    { 2, +1, 0, +1, 1, -1 },   /* +Z: sc = +x, tc = -y */
    { 2, -1, 0, -1, 1, -1 },   /* -Z: sc = -x, tc = -y */
};

/* Step 1: face selection, ties Z, Y, X (spec 7.18.7). */
static unsigned cube_select(const float d[3])
{
    float ax = fabsf(d[0]), ay = fabsf(d[1]), az = fabsf(d[2]);
    if (az >= ax && az >= ay)
        return d[2] < 0.0f ? 5 : 4;
    if (ay >= ax)
        return d[1] < 0.0f ? 3 : 2;
    return d[0] < 0.0f ? 1 : 0;
}

/* Texel (i, j) of face `face` (n x n), where i and j may be one texel outside [0, n): the texel
 * it names, continuing across the edge into the adjacent face (spec 7.18.12).  False at a
 * corner (both outside): that texel does not exist.
 *
 * Derivation: in units of half a texel, the centre of texel (i, j) is at face coordinates
 * SC = 2i + 1 - n, TC = 2j + 1 - n on a face whose major coordinate is n, i.e. the integer vector
 * V with V[ma] = ms n, V[sa] = ss SC, V[ta] = ts TC.  One column past the edge, |SC| = n + 1.
 * Folding the strip over the edge, that coordinate becomes the new face's major axis (|V| = n,
 * same sign) and the old major coordinate becomes n - 1: the centre of the adjacent face's edge
 * texel.  Reading V through the new face's table gives its (SC', TC'), both odd-offset like
 * before, so i' = (SC' + n - 1) / 2 is exact. */
static bool cube_texel(unsigned face, int i, int j, int n, unsigned *of, int *oi, int *oj)
{
    bool iout = i < 0 || i >= n, jout = j < 0 || j >= n;
    if (!iout && !jout) {
        *of = face;
        *oi = i;
        *oj = j;
        return true;
    }
    if (iout && jout)
        return false;
    const struct cube_face *F = &cube_faces[face];
    int V[3];
    V[F->ma] = F->ms * n;
    V[F->sa] = F->ss * (2 * i + 1 - n);
    V[F->ta] = F->ts * (2 * j + 1 - n);
    int axis = iout ? F->sa : F->ta, neg = V[axis] < 0;
    V[axis] = neg ? -n : n;
    V[F->ma] = F->ms * (n - 1);
    unsigned nf = (unsigned)(2 * axis + neg);
    const struct cube_face *G = &cube_faces[nf];
    *of = nf;
    *oi = (G->ss * V[G->sa] + n - 1) / 2;
    *oj = (G->ts * V[G->ta] + n - 1) / 2;
    return true;
}

/* ---- filters ---- */

static unsigned view_dims(const struct texture_view *t)
{
    return t->dim == TEXTURE_DIM_3D ? 3 : t->dim == TEXTURE_DIM_1D ? 1 : 2;
}

static void level_size(const struct texture_level *lv, uint32_t size[3])
{
    size[0] = lv->width;
    size[1] = lv->height;
    size[2] = lv->depth;
}

static void filter_point(const struct sampler_lane *L, unsigned level, const float coord[3],
                         float out[4])
{
    const struct texture_view *t = L->t;
    const struct texture_level *lv = &t->level[level];
    const enum sampler_address modes[3] = { L->s->state.address_u, L->s->state.address_v,
                                            L->s->state.address_w };
    uint32_t size[3];
    level_size(lv, size);
    if (t->dim == TEXTURE_DIM_CUBE) {
        /* Point sampling stays on the selected face: u = 1 exactly (texel n) is its last
         * column. */
        int n = (int)size[0];
        int i = sampler_clamp_int(sampler_to_fixed((double)(coord[0] * (float)n), 24, 8) >> 8,
                                  0, n - 1);
        int j = sampler_clamp_int(sampler_to_fixed((double)(coord[1] * (float)n), 24, 8) >> 8,
                                  0, n - 1);
        fetch(L, lv, (uint32_t)i, (uint32_t)j, L->face, out);
        return;
    }
    unsigned dims = view_dims(t);
    int idx[3] = { 0, 0, 0 };
    bool border = false;
    for (unsigned a = 0; a < dims; a++) {
        int64_t fx = texel_fixed(coord[a], modes[a], size[a], false);
        idx[a] = address((int)(fx >> 8), (int)size[a], modes[a], &border);
    }
    if (border)
        border_texel(L, out);
    else
        fetch(L, lv, (uint32_t)idx[0], (uint32_t)idx[1], (uint32_t)idx[2], out);
}

/* Min/max reduction over the taps with a nonzero weight. */
static void reduce_minmax(const struct sampler_lane *L, float (*tex)[4], const float *weight,
                          unsigned ntaps, float out[4])
{
    bool first = true, is_min = L->s->state.reduction == SAMPLER_REDUCTION_MINIMUM;
    for (unsigned k = 0; k < ntaps; k++) {
        if (weight[k] == 0.0f)
            continue;
        for (int c = 0; c < 4; c++)
            out[c] = first ? tex[k][c] : is_min ? fminf(out[c], tex[k][c]) : fmaxf(out[c], tex[k][c]);
        first = false;
    }
}

static bool is_minmax(const struct sampler *s)
{
    return s->state.reduction == SAMPLER_REDUCTION_MINIMUM ||
           s->state.reduction == SAMPLER_REDUCTION_MAXIMUM;
}

/* Bilinear on a cube face with edge and corner handling (step 6). */
static void filter_linear_cube(const struct sampler_lane *L, const struct texture_level *lv,
                               const float coord[3], float out[4])
{
    int n = (int)lv->width;
    int64_t fu = sampler_to_fixed((double)(coord[0] * (float)n - 0.5f), 24, 8);
    int64_t fv = sampler_to_fixed((double)(coord[1] * (float)n - 0.5f), 24, 8);
    int i0 = sampler_clamp_int(fu >> 8, -1, n), j0 = sampler_clamp_int(fv >> 8, -1, n);
    float wu = (float)(fu & 255) / 256.0f, wv = (float)(fv & 255) / 256.0f;
    float tex[4][4], weight[4] = { (1.0f - wu) * (1.0f - wv), wu * (1.0f - wv),
                                   (1.0f - wu) * wv, wu * wv };
    int missing = -1;
    for (int k = 0; k < 4; k++) {
        int i = i0 + (k & 1), j = j0 + (k >> 1);
        if (i > n)
            i = n;
        if (j > n)
            j = n;
        unsigned f;
        int x, y;
        if (cube_texel(L->face, i, j, n, &f, &x, &y))
            fetch(L, lv, (uint32_t)x, (uint32_t)y, f, tex[k]);
        else
            missing = k;
    }
    if (missing >= 0) {
        /* Corner: the missing texel's weight goes evenly to the other three (7.18.12). */
        float share = weight[missing] / 3.0f;
        weight[missing] = 0.0f;
        for (int k = 0; k < 4; k++)
            if (k != missing)
                weight[k] += share;
        memset(tex[missing], 0, sizeof tex[missing]);
        if (is_minmax(L->s)) {
            reduce_minmax(L, tex, weight, 4, out);
            return;
        }
        for (int c = 0; c < 4; c++) {
            float sum = 0.0f;
            for (int k = 0; k < 4; k++)
                if (k != missing)
                    sum += tex[k][c] * weight[k];
            out[c] = sum;
        }
        return;
    }
    if (is_minmax(L->s)) {
        reduce_minmax(L, tex, weight, 4, out);
        return;
    }
    for (int c = 0; c < 4; c++)
        out[c] = lerp(lerp(tex[0][c], tex[1][c], wu), lerp(tex[2][c], tex[3][c], wu), wv);
}

/* Step 7's exact blend: is channel c of the view's texels an 8-bit UNORM value (decoded as
 * t / 255 by a plain 1x1-block format)?  Block-compressed and packed formats decode to other
 * values (BC1's thirds) and keep the lerps. */
static bool unorm8_channel(const struct texel_format *f, int c)
{
    return f->block_w == 1 && f->block_h == 1 && f->ch[c].type == TEXEL_UNORM &&
           f->ch[c].bits == 8;
}

/* Step 7's exact blend of channel c of the four taps (u-major: 00, 10, 01, 11) with 8-bit
 * weights wu, wv.  The taps hold fl(t / 255); t = rint(x * 255) recovers t exactly (x is within
 * 2^-25 of t / 255, so x * 255 is within 2^-17 of t).  N < 2^24 and every partial sum is an
 * integer below 2^24, so the integer arithmetic is also what float arithmetic would give. */
static float blend_unorm8(const float (*tex)[4], int c, uint32_t wu, uint32_t wv)
{
    uint32_t t[4];
    for (int k = 0; k < 4; k++)
        t[k] = (uint32_t)lrintf(tex[k][c] * 255.0f);
    uint32_t top = t[0] * (256u - wu) + t[1] * wu, bottom = t[2] * (256u - wu) + t[3] * wu;
    return (float)(top * (256u - wv) + bottom * wv) / 16711680.0f;
}

static void filter_linear(const struct sampler_lane *L, unsigned level, const float coord[3],
                          float out[4])
{
    const struct texture_view *t = L->t;
    const struct texture_level *lv = &t->level[level];
    if (t->dim == TEXTURE_DIM_CUBE) {
        filter_linear_cube(L, lv, coord, out);
        return;
    }
    const enum sampler_address modes[3] = { L->s->state.address_u, L->s->state.address_v,
                                            L->s->state.address_w };
    uint32_t size[3];
    level_size(lv, size);
    unsigned dims = view_dims(t);
    /* Per axis: the two texel addresses (after addressing), their border flags, the weight of
     * the second.  Axis 2 of a 2D view is a single slice 0 with weight 0. */
    int idx[3][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 } };
    bool brd[3][2] = { { false, false }, { false, false }, { false, false } };
    float w[3] = { 0.0f, 0.0f, 0.0f };
    uint32_t wi[3] = { 0, 0, 0 };   /* the weights in 1/256ths (step 7's exact blend) */
    for (unsigned a = 0; a < dims; a++) {
        int64_t fx = texel_fixed(coord[a], modes[a], size[a], true);
        int t0 = (int)(fx >> 8);
        wi[a] = (uint32_t)(fx & 255);
        w[a] = (float)(fx & 255) / 256.0f;
        idx[a][0] = address(t0, (int)size[a], modes[a], &brd[a][0]);
        idx[a][1] = address(t0 + 1, (int)size[a], modes[a], &brd[a][1]);
    }
    unsigned ntaps = dims == 3 ? 8 : 4;
    float tex[8][4], weight[8];
    bool any_border = false;
    for (unsigned k = 0; k < ntaps; k++) {
        unsigned bu = k & 1, bv = (k >> 1) & 1, bw = (k >> 2) & 1;
        weight[k] = (bu ? w[0] : 1.0f - w[0]) * (bv ? w[1] : 1.0f - w[1]) *
                    (bw ? w[2] : 1.0f - w[2]);
        if (brd[0][bu] || brd[1][bv] || brd[2][bw]) {
            border_texel(L, tex[k]);
            any_border = true;
        } else {
            fetch(L, lv, (uint32_t)idx[0][bu], (uint32_t)idx[1][bv], (uint32_t)idx[2][bw], tex[k]);
        }
    }
    if (is_minmax(L->s)) {
        reduce_minmax(L, tex, weight, ntaps, out);
        return;
    }
    const bool exact = dims <= 2 && !any_border &&
                       L->s->state.reduction != SAMPLER_REDUCTION_COMPARISON;
    for (int c = 0; c < 4; c++) {
        if (exact && unorm8_channel(t->texel, c)) {
            out[c] = blend_unorm8((const float (*)[4])tex, c, wi[0], wi[1]);
            continue;
        }
        float r0 = lerp(lerp(tex[0][c], tex[1][c], w[0]), lerp(tex[2][c], tex[3][c], w[0]), w[1]);
        if (dims == 3) {
            float r1 = lerp(lerp(tex[4][c], tex[5][c], w[0]), lerp(tex[6][c], tex[7][c], w[0]),
                            w[1]);
            r0 = lerp(r0, r1, w[2]);
        }
        out[c] = r0;
    }
}

/* Combine two partial results a (weight 1 - w) and b (weight w): lerp, or min/max. */
static void combine(const struct sampler *s, const float a[4], const float b[4], float w,
                    float out[4])
{
    for (int c = 0; c < 4; c++) {
        if (!is_minmax(s))
            out[c] = lerp(a[c], b[c], w);
        else if (w == 0.0f)
            out[c] = a[c];
        else if (s->state.reduction == SAMPLER_REDUCTION_MINIMUM)
            out[c] = fminf(a[c], b[c]);
        else
            out[c] = fmaxf(a[c], b[c]);
    }
}

/* One level, with the anisotropic probes of step 4 when there are several. */
static void sample_level(const struct sampler_lane *L, sampler_filter_fn filter, unsigned level,
                         const float coord[3], const struct sampler_lod *lod, float out[4])
{
    if (lod->probes <= 1) {
        filter(L, level, coord, out);
        return;
    }
    unsigned n = lod->probes;
    float acc[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
    for (unsigned k = 0; k < n; k++) {
        float off = (float)(2 * (int)k + 1 - (int)n) / (float)(2 * n);
        float p[3] = { coord[0] + lod->axis[0] * off, coord[1] + lod->axis[1] * off, coord[2] };
        float r[4];
        filter(L, level, p, r);
        for (int c = 0; c < 4; c++) {
            if (!is_minmax(L->s))
                acc[c] += r[c];
            else if (k == 0)
                acc[c] = r[c];
            else if (L->s->state.reduction == SAMPLER_REDUCTION_MINIMUM)
                acc[c] = fminf(acc[c], r[c]);
            else
                acc[c] = fmaxf(acc[c], r[c]);
        }
    }
    for (int c = 0; c < 4; c++)
        out[c] = is_minmax(L->s) ? acc[c] : acc[c] / (float)n;
}

/* ---- array index ---- */

/* Step 0 (spec 7.18.3): the array slice of an array view -- the coordinate after the view's own
 * (v of a 1D array, w of a 2D array, the fourth q of a cube array) rounded to the nearest even
 * integer and clamped to [0, array_size - 1]; NaN selects slice 0 (the float -> integer rule of
 * 3.2.4.1).  Views that are no array, or of one slice, always read their slice 0. */
static unsigned array_slice(const struct texture_view *t, const struct sample_coords *c, int i)
{
    if (t->array_size <= 1)
        return 0;
    float a = t->dim == TEXTURE_DIM_1D ? c->v[i] : t->dim == TEXTURE_DIM_CUBE ? c->q[i] : c->w[i];
    return (unsigned)sampler_clamp_int(sampler_to_fixed((double)a, 32, 0), 0,
                                       (int)t->array_size - 1);
}

/* ---- LOD ---- */

/* Steps 1 and 2 for one lane: the lane's coordinate in view space (face space for a cube, with
 * the face), and the LOD decisions. */
static void lane_setup(const struct sampler *s, const struct texture_view *t,
                       const struct sample_coords *c, int i, float coord[3], unsigned *face,
                       struct sampler_lod *out)
{
    const struct texture_level *l0 = &t->level[0];
    double dX[3] = { 0, 0, 0 }, dY[3] = { 0, 0, 0 };
    float axis_x[2] = { c->ddx[0][i], c->ddx[1][i] }, axis_y[2] = { c->ddy[0][i], c->ddy[1][i] };
    coord[0] = c->u[i];
    coord[1] = c->v[i];
    coord[2] = c->w[i];
    *face = 0;
    bool derivs = c->lod_mode == SAMPLE_LOD_DERIVATIVES;
    if (t->dim == TEXTURE_DIM_CUBE) {
        float d[3] = { coord[0], coord[1], coord[2] };
        unsigned f = cube_select(d);
        const struct cube_face *F = &cube_faces[f];
        float ma = fabsf(d[(int)F->ma]);
        float sc = (float)F->ss * d[(int)F->sa], tc = (float)F->ts * d[(int)F->ta];
        *face = f;
        coord[0] = 0.5f * (sc / ma) + 0.5f;
        coord[1] = 0.5f * (tc / ma) + 0.5f;
        coord[2] = 0.0f;
        if (derivs) {
            /* 7.18.11: d(sc/|ma|) = (|ma| dsc - sc d|ma|) / ma^2, with d|ma| = sign(ma) dma;
             * then u = 0.5 (sc/|ma|) + 0.5 scales by 0.5, and texels by the face size. */
            double n = 0.5 * (double)l0->width, m = ma, m2 = (double)ma * ma;
            for (int k = 0; k < 2; k++) {
                const float (*dd)[SAMPLER_LANES] = k ? c->ddy : c->ddx;
                double dsc = (double)F->ss * dd[F->sa][i];
                double dtc = (double)F->ts * dd[F->ta][i];
                double dma = (double)F->ms * dd[F->ma][i];
                double *o = k ? dY : dX;
                o[0] = n * (m * dsc - (double)sc * dma) / m2;
                o[1] = n * (m * dtc - (double)tc * dma) / m2;
            }
        }
    } else if (derivs) {
        unsigned dims = view_dims(t);
        double size[3] = { l0->width, l0->height, l0->depth };
        for (unsigned a = 0; a < dims; a++) {
            dX[a] = (double)c->ddx[a][i] * size[a];
            dY[a] = (double)c->ddy[a][i] * size[a];
        }
    }

    double lod;
    out->ratio = 1.0f;
    out->probes = 1;
    out->axis[0] = out->axis[1] = 0.0f;
    if (c->lod_mode == SAMPLE_LOD_EXPLICIT) {
        lod = c->lod[i];
    } else if (c->lod_mode == SAMPLE_LOD_ZERO) {
        lod = 0.0;
    } else if (s->aniso && t->dim == TEXTURE_DIM_2D) {
        /* 7.18.11 ComputeAnisotropicLOD */
        double sqx = dX[0] * dX[0] + dX[1] * dX[1], sqy = dY[0] * dY[0] + dY[1] * dY[1];
        double det = fabs(dX[0] * dY[1] - dX[1] * dY[0]);
        bool major_x = sqx > sqy;
        double sqmajor = major_x ? sqx : sqy, lmajor = sqrt(sqmajor);
        if (!(lmajor > 0.0) || isinf(lmajor)) {
            lod = sampler_log2_d(lmajor);   /* no footprint (or NaN/Inf): isotropic */
        } else {
            double ratio = det > 0.0 ? sqmajor / det : INFINITY, lminor;
            if (ratio > s->max_aniso) {
                ratio = s->max_aniso;        /* clamped: LOD from the ratio (keeps area) */
                lminor = lmajor / ratio;
            } else {
                lminor = det / lmajor;       /* LOD from the area */
            }
            if (lminor < 1.0)
                ratio = fmax(1.0, ratio * lminor);
            lod = sampler_log2_d(lminor);
            double snapped = (double)sampler_to_fixed(ratio, 8, 8) / 256.0;
            out->ratio = (float)snapped;
            out->probes = (unsigned)ceil(snapped);
            if (out->probes < 1)
                out->probes = 1;
            const float *ax = major_x ? axis_x : axis_y;
            out->axis[0] = ax[0];
            out->axis[1] = ax[1];
        }
    } else {
        lod = sampler_lod_isotropic(dX, dY);
    }

    sampler_lod_finish(s, t, lod, c, i, out);
}

void sampler_lane_lod(const struct sampler *s, const struct texture_view *t,
                      const struct sample_coords *c, int lane, struct sampler_lod *out)
{
    float coord[3];
    unsigned face;
    memset(out, 0, sizeof *out);
    if (!t || !t->texel || t->dim == TEXTURE_DIM_BUFFER || lane < 0 || lane >= SAMPLER_LANES)
        return;
    lane_setup(s, t, c, lane, coord, &face, out);
}

/* ---- entry points ---- */

static void sample_lane(const struct sampler *s, const struct texture_view *t,
                        const float border[4], const struct sample_coords *c, int i,
                        float out[4])
{
    struct sampler_lod lod;
    float coord[3];
    unsigned face;
    lane_setup(s, t, c, i, coord, &face, &lod);
    struct sampler_lane L = { .s = s, .t = t, .face = face, .slice = array_slice(t, c, i),
                              .ref = c->ref[i], .border = border };
    sampler_filter_fn filter = lod.magnify ? s->mag : s->min;
    sample_level(&L, filter, lod.level[0], coord, &lod, out);
    if (lod.nlevels == 2) {
        float r1[4];
        sample_level(&L, filter, lod.level[1], coord, &lod, r1);
        combine(s, out, r1, lod.weight, out);
    }
}

bool sampler_sample_fast(const struct sampler *s, const struct texture_view *t,
                         const struct sample_coords *c, int n, struct float4_soa *out)
{
    return SIMD_PICK(sampler_sample_fast)(s, t, c, n, out);
}

void sampler_sample(const struct sampler *s, const struct texture_view *t,
                    const struct sample_coords *c, int n, struct float4_soa *out)
{
    if (!sampler_sample_fast(s, t, c, n, out))
        sampler_sample_ref(s, t, c, n, out);
}

void sampler_sample_ref(const struct sampler *s, const struct texture_view *t,
                        const struct sample_coords *c, int n, struct float4_soa *out)
{
    float border[4];
    /* a buffer view cannot be sampled (only ld reads it): 0, as an unbound slot; nor can a
     * view whose every level lies below the resource's minimum LOD (the empty set) */
    bool bound = t && t->texel && t->dim != TEXTURE_DIM_BUFFER && t->min_lod < (float)t->levels;
    if (n > SAMPLER_LANES)
        n = SAMPLER_LANES;
    if (bound)
        border_color(s, t, border);
    for (int i = 0; i < n; i++) {
        if (!((c->mask >> i) & 1))
            continue;
        float r[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
        if (bound)
            sample_lane(s, t, border, c, i, r);
        for (int k = 0; k < 4; k++)
            out->c[k][i] = r[k];
    }
}

/* ---- gather ----
 *
 * gather4 / gather4_c (spec 7.18.16.3 via the instruction pages): the four texels that bilinear
 * filtering of the view's level 0 would weigh -- the same range reduction, texel-space - 0.5
 * position in 8-bit fixed point and addressing as filter_linear / filter_linear_cube -- each
 * reduced to component `channel` (gather4_c: the comparison of the reference with the texel's
 * red component, 1 or 0), in the order x = (u0, v1), y = (u1, v1), z = (u1, v0), w = (u0, v0).
 * Texel offsets (the immediate _aoffimmi and gather4_po's per-lane ones, of which the low six
 * bits count, sign-extended) move the footprint on 2D views.  A cube footprint crosses edges as
 * filtering does (7.18.12); at a corner the missing texel reads the mean of the other three,
 * the value bilinear filtering gives it (its weight shared evenly). */
static int gather_offset(int32_t o)
{
    return (int32_t)((uint32_t)o << 26) >> 26;
}

static void gather_lane(const struct sampler *s, const struct texture_view *t,
                        const float border[4], const struct sample_coords *c, int i,
                        unsigned channel, const int32_t (*offsets)[SAMPLER_LANES],
                        const int8_t imm[2], float out[4])
{
    static const int order[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
    const struct texture_level *lv = &t->level[0];
    struct sampler_lod lod;
    float coord[3], tex[4];
    unsigned face;
    lane_setup(s, t, c, i, coord, &face, &lod);
    struct sampler_lane L = { .s = s, .t = t, .face = face, .slice = array_slice(t, c, i),
                              .ref = c->ref[i], .border = border };
    if (t->dim == TEXTURE_DIM_CUBE) {
        int n = (int)lv->width, missing = -1;
        int i0 = sampler_clamp_int(
            sampler_to_fixed((double)(coord[0] * (float)n - 0.5f), 24, 8) >> 8, -1, n);
        int j0 = sampler_clamp_int(
            sampler_to_fixed((double)(coord[1] * (float)n - 0.5f), 24, 8) >> 8, -1, n);
        float sum = 0.0f;
        for (int k = 0; k < 4; k++) {
            unsigned f;
            int x, y;
            /* at most one texel past the face, as filter_linear_cube (cube_texel's domain) */
            int ti = i0 + order[k][0] > n ? n : i0 + order[k][0];
            int tj = j0 + order[k][1] > n ? n : j0 + order[k][1];
            if (cube_texel(face, ti, tj, n, &f, &x, &y)) {
                fetch(&L, lv, (uint32_t)x, (uint32_t)y, f, tex);
                out[k] = tex[channel];
                sum += out[k];
            } else {
                missing = k;
            }
        }
        if (missing >= 0)
            out[missing] = sum / 3.0f;
        return;
    }
    const enum sampler_address mu = s->state.address_u, mv = s->state.address_v;
    int base[2] = {
        (int)(texel_fixed(coord[0], mu, lv->width, true) >> 8) + imm[0] +
            (offsets ? gather_offset(offsets[0][i]) : 0),
        (int)(texel_fixed(coord[1], mv, lv->height, true) >> 8) + imm[1] +
            (offsets ? gather_offset(offsets[1][i]) : 0),
    };
    for (int k = 0; k < 4; k++) {
        bool brd = false;
        int x = address(base[0] + order[k][0], (int)lv->width, mu, &brd);
        int y = address(base[1] + order[k][1], (int)lv->height, mv, &brd);
        if (brd)
            border_texel(&L, tex);
        else
            fetch(&L, lv, (uint32_t)x, (uint32_t)y, 0, tex);
        out[k] = tex[channel];
    }
}

void sampler_gather(const struct sampler *s, const struct texture_view *t,
                    const struct sample_coords *c, unsigned channel, bool compare,
                    const int32_t (*offsets)[SAMPLER_LANES], const int8_t imm_offset[2], int n,
                    struct float4_soa *out)
{
    /* The comparison of gather4_c is the reference sampler's texel comparison (finish_texel),
     * whatever reduction the sampler object has; plain gather4 reads the texels as they are. */
    struct sampler cs = *s;
    float border[4];
    bool bound = t && t->texel && !t->tiled &&
                 (t->dim == TEXTURE_DIM_2D || t->dim == TEXTURE_DIM_CUBE);
    cs.state.reduction = compare ? SAMPLER_REDUCTION_COMPARISON : SAMPLER_REDUCTION_STANDARD;
    if (n > SAMPLER_LANES)
        n = SAMPLER_LANES;
    if (bound)
        border_color(&cs, t, border);
    for (int i = 0; i < n; i++) {
        if (!((c->mask >> i) & 1))
            continue;
        float r[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
        if (bound)
            gather_lane(&cs, t, border, c, i, compare ? 0 : channel & 3, offsets, imm_offset, r);
        for (int k = 0; k < 4; k++)
            out->c[k][i] = r[k];
    }
}

void sampler_quad_derivatives(const float *v, int n, float *ddx, float *ddy)
{
    for (int q = 0; q + 4 <= n; q += 4) {
        float dx = v[q + 1] - v[q], dy = v[q + 2] - v[q];
        for (int k = 0; k < 4; k++) {
            ddx[q + k] = dx;
            ddy[q + k] = dy;
        }
    }
}

static sampler_filter_fn filter_fn(enum sampler_filter f)
{
    return f == SAMPLER_FILTER_POINT ? filter_point : filter_linear;
}

bool sampler_init(struct sampler *s, const struct sampler_state *st)
{
    if ((unsigned)st->min_filter > SAMPLER_FILTER_ANISOTROPIC ||
        (unsigned)st->mag_filter > SAMPLER_FILTER_ANISOTROPIC ||
        (unsigned)st->mip_filter > SAMPLER_MIP_LINEAR || st->max_anisotropy > 16 ||
        (unsigned)st->reduction > SAMPLER_REDUCTION_MAXIMUM)
        return false;
    const enum sampler_address modes[3] = { st->address_u, st->address_v, st->address_w };
    for (int a = 0; a < 3; a++)
        if (modes[a] < SAMPLER_ADDRESS_WRAP || modes[a] > SAMPLER_ADDRESS_MIRROR_ONCE)
            return false;
    if (st->reduction == SAMPLER_REDUCTION_COMPARISON &&
        (st->compare < SAMPLER_COMPARE_NEVER || st->compare > SAMPLER_COMPARE_ALWAYS))
        return false;
    if (st->min_lod != st->min_lod || st->max_lod != st->max_lod)
        return false;
    s->state = *st;
    if (s->state.lod_bias != s->state.lod_bias)
        s->state.lod_bias = 0.0f;   /* a NaN bias would make every LOD NaN: ignore it */
    s->max_aniso = st->max_anisotropy ? (float)st->max_anisotropy : 1.0f;
    s->aniso = st->min_filter == SAMPLER_FILTER_ANISOTROPIC ||
               st->mag_filter == SAMPLER_FILTER_ANISOTROPIC;
    s->min = filter_fn(st->min_filter);
    s->mag = filter_fn(st->mag_filter);
    s->fast2d = st->reduction == SAMPLER_REDUCTION_STANDARD && !s->aniso &&
                st->min_filter == st->mag_filter &&
                (st->address_u == SAMPLER_ADDRESS_WRAP || st->address_u == SAMPLER_ADDRESS_CLAMP) &&
                (st->address_v == SAMPLER_ADDRESS_WRAP || st->address_v == SAMPLER_ADDRESS_CLAMP);
    return true;
}

bool texture_view_init(struct texture_view *t)
{
    const struct texel_format *f = texel_format_get(t->format);
    t->texel = NULL;
    t->fast_rgba8 = false;
    if (!f || (unsigned)t->dim > TEXTURE_DIM_BUFFER || t->levels < 1 ||
        t->levels > TEXTURE_MAX_LEVELS || (t->array_size > 1 && t->dim == TEXTURE_DIM_3D) ||
        t->array_size > TEXTURE_MAX_DIMENSION || (t->array_size > 1 && t->tiled) ||
        (t->dim == TEXTURE_DIM_BUFFER && (t->levels != 1 || t->array_size || t->tiled)) ||
        !(t->min_lod >= 0.0f))
        return false;
    for (unsigned l = 0; l < t->levels; l++) {
        const struct texture_level *lv = &t->level[l];
        if ((!lv->data && !t->tiled) || lv->width < 1 || lv->height < 1 || lv->depth < 1 ||
            lv->width > TEXTURE_MAX_DIMENSION || lv->height > TEXTURE_MAX_DIMENSION ||
            lv->depth > TEXTURE_MAX_DIMENSION)
            return false;
        if (t->dim != TEXTURE_DIM_3D && t->dim != TEXTURE_DIM_CUBE && lv->depth != 1)
            return false;
        if ((t->dim == TEXTURE_DIM_1D || t->dim == TEXTURE_DIM_BUFFER) && lv->height != 1)
            return false;
        if (t->dim == TEXTURE_DIM_CUBE && (lv->width != lv->height || lv->depth != 6))
            return false;
        if (t->tiled)
            continue;   /* no linear memory: the page table addresses the texels */
        size_t rows = core_format_rows(t->format, lv->height);
        if (lv->row_pitch < core_format_row_pitch(t->format, lv->width))
            return false;
        if (lv->depth > 1 && rows && lv->depth_pitch / rows < lv->row_pitch)
            return false;
        /* slices of an array must not overlap: one slice's level is depth x depth_pitch (or
         * rows x row_pitch when it has one depth slice) */
        if (t->array_size > 1 &&
            lv->array_pitch / lv->depth < (lv->depth > 1 ? lv->depth_pitch : rows * lv->row_pitch))
            return false;
    }
    t->texel = f;
    t->fast_rgba8 = t->dim == TEXTURE_DIM_2D && t->array_size <= 1 && !t->tiled &&
                    t->min_lod == 0.0f &&
                    texel_rgba8_layout(f, &t->rgba8);
    return true;
}
