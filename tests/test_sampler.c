/* tests/test_sampler.c — the reference sampler (src/sample/sampler.c).
 *
 * Each filter and address mode against closed-form expected values on small textures whose
 * texel values make the float arithmetic exact (R32_FLOAT with small integers or dyadic
 * fractions), mip selection from derivatives, anisotropic probes, cube faces and edges, 3D,
 * and hostile inputs.  Texture levels are separate exact-size allocations, so the sanitizer
 * build catches any fetch outside them.
 */
#include "harness.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "sample/sampler.h"

#define R32_FLOAT 41u
#define R8G8B8A8_UNORM 28u
#define R8G8_SNORM 51u
#define A8_UNORM 65u
#define BC1_UNORM 71u
#define YUY2 107u
#define R32G32B32A32_TYPELESS 1u

#define CHECK_F(a, b)                                                                        \
    do {                                                                                     \
        float cf_a_ = (a), cf_b_ = (b);                                                      \
        if (!(cf_a_ == cf_b_ || (cf_a_ != cf_a_ && cf_b_ != cf_b_)))                         \
            harness_fail(__FILE__, __LINE__, "%s == %s: %.9g (%a) != %.9g (%a)", #a, #b,     \
                         (double)cf_a_, (double)cf_a_, (double)cf_b_, (double)cf_b_);        \
    } while (0)

#define CHECK_NEAR(a, b, eps)                                                                \
    do {                                                                                     \
        double cn_a_ = (a), cn_b_ = (b);                                                     \
        if (!(fabs(cn_a_ - cn_b_) <= (eps)))                                                 \
            harness_fail(__FILE__, __LINE__, "%s ~= %s: %.9g != %.9g", #a, #b, cn_a_, cn_b_); \
    } while (0)

/* ---- fixtures ---- */

typedef float (*texel_fn)(unsigned level, unsigned x, unsigned y, unsigned z);

struct tex {
    struct texture_view view;
    void *mem[TEXTURE_MAX_LEVELS];
};

static void tex_free(struct tex *t)
{
    for (unsigned l = 0; l < TEXTURE_MAX_LEVELS; l++)
        free(t->mem[l]);
    memset(t, 0, sizeof *t);
}

/* An R32_FLOAT texture: level l is max(1, w >> l) x max(1, h >> l) x depth(l) (cube: 6 faces),
 * texel values from fn.  Each level is its own exact-size allocation. */
static void tex_f32(struct tex *t, enum texture_dim dim, uint32_t w, uint32_t h, uint32_t d,
                    unsigned levels, texel_fn fn)
{
    memset(t, 0, sizeof *t);
    t->view.format = R32_FLOAT;
    t->view.dim = dim;
    t->view.levels = levels;
    for (unsigned l = 0; l < levels; l++) {
        uint32_t lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1;
        uint32_t ld = dim == TEXTURE_DIM_3D ? (d >> l ? d >> l : 1) : d;
        float *p = malloc((size_t)lw * lh * ld * sizeof(float));
        for (uint32_t z = 0; z < ld; z++)
            for (uint32_t y = 0; y < lh; y++)
                for (uint32_t x = 0; x < lw; x++)
                    p[((size_t)z * lh + y) * lw + x] = fn(l, x, y, z);
        t->mem[l] = p;
        t->view.level[l] = (struct texture_level){ .data = (const uint8_t *)p,
                                                   .row_pitch = lw * sizeof(float),
                                                   .depth_pitch = (size_t)lw * lh * sizeof(float),
                                                   .width = lw, .height = lh, .depth = ld };
    }
    if (!texture_view_init(&t->view))
        harness_fail(__FILE__, __LINE__, "texture_view_init failed");
}

static struct sampler_state state_default(enum sampler_filter filter,
                                          enum sampler_address address)
{
    struct sampler_state s;
    memset(&s, 0, sizeof s);
    s.min_filter = s.mag_filter = filter;
    s.mip_filter = SAMPLER_MIP_POINT;
    s.max_anisotropy = 1;
    s.address_u = s.address_v = s.address_w = address;
    s.min_lod = -FLT_MAX;
    s.max_lod = FLT_MAX;
    s.compare = SAMPLER_COMPARE_NEVER;
    s.reduction = SAMPLER_REDUCTION_STANDARD;
    return s;
}

/* One lane at an explicit LOD. */
static struct sample_coords lane1(float u, float v, float w, float lod)
{
    struct sample_coords c;
    memset(&c, 0, sizeof c);
    c.u[0] = u;
    c.v[0] = v;
    c.w[0] = w;
    c.lod[0] = lod;
    c.lod_mode = SAMPLE_LOD_EXPLICIT;
    c.mask = 1;
    return c;
}

static void run(const struct sampler_state *st, const struct texture_view *t,
                const struct sample_coords *c, int n, struct float4_soa *out)
{
    struct sampler s;
    if (!sampler_init(&s, st)) {
        harness_fail(__FILE__, __LINE__, "sampler_init failed");
        return;
    }
    sampler_sample(&s, t, c, n, out);
}

/* Sample one lane; returns r, the rest in out[] if given. */
static float sample(const struct sampler_state *st, const struct texture_view *t, float u,
                    float v, float w, float lod, float *rgba)
{
    struct sample_coords c = lane1(u, v, w, lod);
    struct float4_soa o;
    memset(&o, 0, sizeof o);
    run(st, t, &c, 1, &o);
    if (rgba)
        for (int k = 0; k < 4; k++)
            rgba[k] = o.c[k][0];
    return o.c[0][0];
}

static float f_2x2(unsigned l, unsigned x, unsigned y, unsigned z)
{
    (void)l;
    (void)z;
    return (float)(1 + x + 2 * y);   /* 1 2 / 3 4 */
}

static float f_ramp4(unsigned l, unsigned x, unsigned y, unsigned z)
{
    (void)l;
    (void)z;
    return (float)(x + 4 * y);       /* bilinear of a linear function is exact */
}

static float f_row(unsigned l, unsigned x, unsigned y, unsigned z)
{
    (void)l;
    (void)y;
    (void)z;
    return (float)x;                 /* 0 1 2 3 */
}

static float f_level(unsigned l, unsigned x, unsigned y, unsigned z)
{
    (void)x;
    (void)y;
    (void)z;
    return (float)l;                 /* each level constant: its index */
}

/* ---- point and linear ---- */

TEST(sampler_point_2x2)
{
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_2D, 2, 2, 1, 1, f_2x2);
    struct sampler_state st = state_default(SAMPLER_FILTER_POINT, SAMPLER_ADDRESS_CLAMP);
    CHECK_F(sample(&st, &t.view, 0.25f, 0.25f, 0, 0, NULL), 1.0f);
    CHECK_F(sample(&st, &t.view, 0.75f, 0.25f, 0, 0, NULL), 2.0f);
    CHECK_F(sample(&st, &t.view, 0.25f, 0.75f, 0, 0, NULL), 3.0f);
    CHECK_F(sample(&st, &t.view, 0.75f, 0.75f, 0, 0, NULL), 4.0f);
    /* texel corners belong to the texel on their right/bottom (floor) */
    CHECK_F(sample(&st, &t.view, 0.5f, 0.5f, 0, 0, NULL), 4.0f);
    /* snapping to 1/256 texel: 0.99998 texel rounds up to texel 1, 0.998 stays in texel 0 */
    CHECK_F(sample(&st, &t.view, 0.49999f, 0.0f, 0, 0, NULL), 2.0f);
    CHECK_F(sample(&st, &t.view, 0.499f, 0.0f, 0, 0, NULL), 1.0f);
    float rgba[4];
    sample(&st, &t.view, 0.25f, 0.25f, 0, 0, rgba);
    CHECK_F(rgba[1], 0.0f);   /* R32_FLOAT: missing channels (0, 0, 1) */
    CHECK_F(rgba[2], 0.0f);
    CHECK_F(rgba[3], 1.0f);
    tex_free(&t);
}

TEST(sampler_linear_2x2_exact_weights)
{
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_2D, 2, 2, 1, 1, f_2x2);
    struct sampler_state st = state_default(SAMPLER_FILTER_LINEAR, SAMPLER_ADDRESS_CLAMP);
    /* at a texel centre: that texel exactly */
    CHECK_F(sample(&st, &t.view, 0.25f, 0.25f, 0, 0, NULL), 1.0f);
    CHECK_F(sample(&st, &t.view, 0.75f, 0.75f, 0, 0, NULL), 4.0f);
    /* at the middle: all four weights 1/4 */
    CHECK_F(sample(&st, &t.view, 0.5f, 0.5f, 0, 0, NULL), 2.5f);
    /* u: 0.375 * 2 - 0.5 = 0.25 -> 1 * 0.75 + 2 * 0.25 */
    CHECK_F(sample(&st, &t.view, 0.375f, 0.25f, 0, 0, NULL), 1.25f);
    /* clamp: outside the centres the edge texels alone */
    CHECK_F(sample(&st, &t.view, 0.0f, 0.0f, 0, 0, NULL), 1.0f);
    CHECK_F(sample(&st, &t.view, 1.0f, 1.0f, 0, 0, NULL), 4.0f);
    tex_free(&t);
}

TEST(sampler_linear_fixed_point_snapping)
{
    /* 4x4 texture x + 4y.  u = 0.3: 0.3 * 4 - 0.5 = 0.7 -> 179.2/256 -> 179/256;
     * v = 0.6: 2.4 - 0.5 = 1.9 -> row 1 + 230.4/256 -> 230/256.  Bilinear of a linear function
     * is the function at the snapped point: 179/256 + 4 (1 + 230/256). */
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_2D, 4, 4, 1, 1, f_ramp4);
    struct sampler_state st = state_default(SAMPLER_FILTER_LINEAR, SAMPLER_ADDRESS_WRAP);
    CHECK_F(sample(&st, &t.view, 0.3f, 0.6f, 0, 0, NULL), 179.0f / 256.0f + 4.0f * (1.0f + 230.0f / 256.0f));
    /* 1/512 of a texel rounds to even: 0.5/256 -> 0, 1.5/256 -> 2/256 */
    float u0 = (0.5f + 0.5f / 256.0f) / 4.0f, u1 = (0.5f + 1.5f / 256.0f) / 4.0f;
    CHECK_F(sample(&st, &t.view, u0, 0.125f, 0, 0, NULL), 0.0f);
    CHECK_F(sample(&st, &t.view, u1, 0.125f, 0, 0, NULL), 2.0f / 256.0f);
    /* a constant texture filters to itself exactly, anywhere */
    tex_free(&t);
}

/* sampler.c step 7: bilinear on 8-bit UNORM channels is the exact blend of the integer texels,
 * rounded once -- N / (255 * 65536) with N = (t00 (256 - a) + t10 a) (256 - b) + (t01 (256 - a)
 * + t11 a) b -- for every pair of 8-bit weights; not the float lerp chain, which differs from
 * it for some of them (the test shows both facts).  sRGB colour channels (filtered after the
 * curve) keep the lerp chain; their alpha is UNORM and blends exactly. */
static float lerp_chain(float a, float b, float w)
{
    return w == 0.0f ? a : a + w * (b - a);
}

TEST(sampler_linear_unorm8_exact_blend)
{
    static const uint8_t px[2][2][4] = { { { 3, 250, 77, 0 }, { 200, 1, 129, 255 } },
                                         { { 91, 17, 254, 60 }, { 5, 133, 2, 199 } } };
    for (int srgb = 0; srgb < 2; srgb++) {
        struct texture_view t;
        memset(&t, 0, sizeof t);
        t.format = srgb ? 29u : R8G8B8A8_UNORM;   /* R8G8B8A8_UNORM_SRGB, R8G8B8A8_UNORM */
        t.dim = TEXTURE_DIM_2D;
        t.levels = 1;
        t.level[0] = (struct texture_level){ .data = &px[0][0][0], .row_pitch = 8,
                                             .depth_pitch = 16, .width = 2, .height = 2,
                                             .depth = 1 };
        CHECK(texture_view_init(&t));
        struct sampler_state st = state_default(SAMPLER_FILTER_LINEAR, SAMPLER_ADDRESS_CLAMP);
        unsigned differs = 0;
        for (uint32_t a = 0; a < 256; a += 3)
            for (uint32_t b = 0; b < 256; b += 5) {
                /* u * 2 - 0.5 = a / 256 exactly: weight a of the right texel */
                float u = 0.25f + (float)a / 512.0f, v = 0.25f + (float)b / 512.0f, got[4];
                sample(&st, &t, u, v, 0, 0, got);
                for (int c = 0; c < 4; c++) {
                    float lerped = lerp_chain(
                        lerp_chain(texel_unorm_to_float(px[0][0][c], 8),
                                   texel_unorm_to_float(px[0][1][c], 8), (float)a / 256.0f),
                        lerp_chain(texel_unorm_to_float(px[1][0][c], 8),
                                   texel_unorm_to_float(px[1][1][c], 8), (float)a / 256.0f),
                        (float)b / 256.0f);
                    uint32_t top = px[0][0][c] * (256u - a) + px[0][1][c] * a;
                    uint32_t bottom = px[1][0][c] * (256u - a) + px[1][1][c] * a;
                    float exact = (float)(top * (256u - b) + bottom * b) / 16711680.0f;
                    if (srgb && c < 3) {
                        float s00 = texel_srgb_to_float(px[0][0][c], 8);
                        float s10 = texel_srgb_to_float(px[0][1][c], 8);
                        float s01 = texel_srgb_to_float(px[1][0][c], 8);
                        float s11 = texel_srgb_to_float(px[1][1][c], 8);
                        CHECK_F(got[c], lerp_chain(lerp_chain(s00, s10, (float)a / 256.0f),
                                                   lerp_chain(s01, s11, (float)a / 256.0f),
                                                   (float)b / 256.0f));
                        continue;
                    }
                    CHECK_F(got[c], exact);
                    differs += exact != lerped;
                }
            }
        CHECK(differs > 100);   /* the definition is not the lerp chain's */
    }
}

static float f_const(unsigned l, unsigned x, unsigned y, unsigned z)
{
    (void)l;
    (void)x;
    (void)y;
    (void)z;
    return 0.3f;
}

TEST(sampler_linear_constant_texture_invariant)
{
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_2D, 5, 3, 1, 1, f_const);
    struct sampler_state st = state_default(SAMPLER_FILTER_LINEAR, SAMPLER_ADDRESS_MIRROR);
    uint32_t seed = 7;
    for (int i = 0; i < 500; i++) {
        seed = seed * 1664525u + 1013904223u;
        float u = (float)(seed >> 8) / 16777216.0f * 6.0f - 3.0f;
        seed = seed * 1664525u + 1013904223u;
        float v = (float)(seed >> 8) / 16777216.0f * 6.0f - 3.0f;
        CHECK_F(sample(&st, &t.view, u, v, 0, 0, NULL), 0.3f);
    }
    tex_free(&t);
}

/* ---- address modes ---- */

TEST(sampler_address_modes_point)
{
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_2D, 4, 1, 1, 1, f_row);
    struct sampler_state st = state_default(SAMPLER_FILTER_POINT, SAMPLER_ADDRESS_WRAP);
    CHECK_F(sample(&st, &t.view, 1.125f, 0.5f, 0, 0, NULL), 0.0f);
    CHECK_F(sample(&st, &t.view, -0.125f, 0.5f, 0, 0, NULL), 3.0f);
    CHECK_F(sample(&st, &t.view, 7.625f, 0.5f, 0, 0, NULL), 2.0f);
    CHECK_F(sample(&st, &t.view, 1e6f + 0.375f, 0.5f, 0, 0, NULL), 1.0f);

    st.address_u = SAMPLER_ADDRESS_MIRROR;   /* 0 1 2 3 | 3 2 1 0 | 0 1 2 3 */
    CHECK_F(sample(&st, &t.view, 1.125f, 0.5f, 0, 0, NULL), 3.0f);
    CHECK_F(sample(&st, &t.view, 1.875f, 0.5f, 0, 0, NULL), 0.0f);
    CHECK_F(sample(&st, &t.view, 2.125f, 0.5f, 0, 0, NULL), 0.0f);
    CHECK_F(sample(&st, &t.view, -0.125f, 0.5f, 0, 0, NULL), 0.0f);
    CHECK_F(sample(&st, &t.view, -0.375f, 0.5f, 0, 0, NULL), 1.0f);
    CHECK_F(sample(&st, &t.view, -1.125f, 0.5f, 0, 0, NULL), 3.0f);

    st.address_u = SAMPLER_ADDRESS_CLAMP;
    CHECK_F(sample(&st, &t.view, 5.0f, 0.5f, 0, 0, NULL), 3.0f);
    CHECK_F(sample(&st, &t.view, -3.0f, 0.5f, 0, 0, NULL), 0.0f);

    st.address_u = SAMPLER_ADDRESS_MIRROR_ONCE;   /* mirrored once about 0, then clamped */
    CHECK_F(sample(&st, &t.view, -0.125f, 0.5f, 0, 0, NULL), 0.0f);
    CHECK_F(sample(&st, &t.view, -0.375f, 0.5f, 0, 0, NULL), 1.0f);
    CHECK_F(sample(&st, &t.view, -0.875f, 0.5f, 0, 0, NULL), 3.0f);
    CHECK_F(sample(&st, &t.view, -3.0f, 0.5f, 0, 0, NULL), 3.0f);
    CHECK_F(sample(&st, &t.view, 1.5f, 0.5f, 0, 0, NULL), 3.0f);

    st.address_u = SAMPLER_ADDRESS_BORDER;
    st.border_color[0] = 9.0f;
    st.border_color[1] = 5.0f;
    st.border_color[3] = 0.25f;
    float rgba[4];
    CHECK_F(sample(&st, &t.view, 1.125f, 0.5f, 0, 0, rgba), 9.0f);   /* float: not clamped */
    CHECK_F(rgba[1], 0.0f);   /* only the format's channels come from the border colour */
    CHECK_F(rgba[3], 1.0f);
    CHECK_F(sample(&st, &t.view, 0.875f, 0.5f, 0, 0, NULL), 3.0f);
    CHECK_F(sample(&st, &t.view, -0.01f, 0.5f, 0, 0, NULL), 9.0f);
    CHECK_F(sample(&st, &t.view, 1e30f, 0.5f, 0, 0, NULL), 9.0f);
    /* V in border, U inside: border too */
    st.address_u = SAMPLER_ADDRESS_CLAMP;
    st.address_v = SAMPLER_ADDRESS_BORDER;
    CHECK_F(sample(&st, &t.view, 0.5f, 1.5f, 0, 0, NULL), 9.0f);
    tex_free(&t);
}

TEST(sampler_address_modes_linear)
{
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_2D, 4, 1, 1, 1, f_row);
    struct sampler_state st = state_default(SAMPLER_FILTER_LINEAR, SAMPLER_ADDRESS_BORDER);
    st.border_color[0] = 9.0f;
    st.address_v = SAMPLER_ADDRESS_CLAMP;
    CHECK_F(sample(&st, &t.view, 1.0f, 0.5f, 0, 0, NULL), 6.0f);     /* (3 + 9) / 2 */
    CHECK_F(sample(&st, &t.view, 0.0f, 0.5f, 0, 0, NULL), 4.5f);     /* (9 + 0) / 2 */
    st.address_u = SAMPLER_ADDRESS_WRAP;
    CHECK_F(sample(&st, &t.view, 1.0f, 0.5f, 0, 0, NULL), 1.5f);     /* (3 + 0) / 2 */
    st.address_u = SAMPLER_ADDRESS_MIRROR;
    CHECK_F(sample(&st, &t.view, 1.0f, 0.5f, 0, 0, NULL), 3.0f);     /* (3 + 3) / 2 */
    CHECK_F(sample(&st, &t.view, 1.1875f, 0.5f, 0, 0, NULL), 2.75f); /* 4.25: taps 4->3, 5->2 */
    st.address_u = SAMPLER_ADDRESS_MIRROR_ONCE;
    CHECK_F(sample(&st, &t.view, -0.25f, 0.5f, 0, 0, NULL), 0.5f);   /* -1.5: taps -2->1, -1->0 */
    st.address_u = SAMPLER_ADDRESS_CLAMP;
    CHECK_F(sample(&st, &t.view, 0.625f, 0.5f, 0, 0, NULL), 2.0f);
    tex_free(&t);
}

TEST(sampler_border_color_fitted_to_format)
{
    uint8_t rgba8[4] = { 0, 0, 0, 0 };
    struct texture_view v;
    memset(&v, 0, sizeof v);
    v.format = R8G8B8A8_UNORM;
    v.dim = TEXTURE_DIM_2D;
    v.levels = 1;
    v.level[0] = (struct texture_level){ .data = rgba8, .row_pitch = 4, .width = 1, .height = 1,
                                         .depth = 1 };
    CHECK(texture_view_init(&v));
    struct sampler_state st = state_default(SAMPLER_FILTER_POINT, SAMPLER_ADDRESS_BORDER);
    st.border_color[0] = 2.0f;
    st.border_color[1] = -1.0f;
    st.border_color[2] = NAN;
    st.border_color[3] = 0.5f;
    float o[4];
    sample(&st, &v, 3.0f, 0.5f, 0, 0, o);
    CHECK_F(o[0], 1.0f);
    CHECK_F(o[1], 0.0f);
    CHECK_F(o[2], 0.0f);
    CHECK_F(o[3], 0.5f);
    uint8_t rg[2] = { 0, 0 };
    v.format = R8G8_SNORM;
    v.level[0].data = rg;
    v.level[0].row_pitch = 2;
    CHECK(texture_view_init(&v));
    st.border_color[0] = -3.0f;
    st.border_color[1] = 0.25f;
    st.border_color[2] = 7.0f;
    st.border_color[3] = 7.0f;
    sample(&st, &v, 3.0f, 0.5f, 0, 0, o);
    CHECK_F(o[0], -1.0f);
    CHECK_F(o[1], 0.25f);
    CHECK_F(o[2], 0.0f);   /* absent: the format default */
    CHECK_F(o[3], 1.0f);
}

/* ---- LOD and mip selection ---- */

/* 8x8, 4 levels (8, 4, 2, 1), level l constant l. */
static void tex_levels(struct tex *t)
{
    tex_f32(t, TEXTURE_DIM_2D, 8, 8, 1, 4, f_level);
}

/* Lane 0 with derivatives (ddx_u, ddy_v) in normalized units. */
static struct sample_coords lane_deriv(float ddx_u, float ddy_v)
{
    struct sample_coords c = lane1(0.5f, 0.5f, 0.0f, 0.0f);
    c.lod_mode = SAMPLE_LOD_DERIVATIVES;
    c.ddx[0][0] = ddx_u;
    c.ddy[1][0] = ddy_v;
    return c;
}

static float sample_c(const struct sampler_state *st, const struct texture_view *t,
                      const struct sample_coords *c)
{
    struct float4_soa o;
    memset(&o, 0, sizeof o);
    run(st, t, c, 1, &o);
    return o.c[0][0];
}

static struct sampler_lod lane_lod(const struct sampler_state *st, const struct texture_view *t,
                                   const struct sample_coords *c)
{
    struct sampler s;
    struct sampler_lod l;
    memset(&l, 0, sizeof l);
    if (sampler_init(&s, st))
        sampler_lane_lod(&s, t, c, 0, &l);
    return l;
}

TEST(sampler_lod_from_derivatives)
{
    struct tex t;
    tex_levels(&t);
    struct sampler_state st = state_default(SAMPLER_FILTER_POINT, SAMPLER_ADDRESS_CLAMP);
    struct sample_coords c;
    /* footprint 1, 2, 4, 8 texels of level 0 -> LOD 0, 1, 2, 3 */
    for (int k = 0; k < 4; k++) {
        c = lane_deriv((float)(1 << k) / 8.0f, 1.0f / 8.0f);
        CHECK_F(lane_lod(&st, &t.view, &c).lod, (float)k);
        CHECK_F(sample_c(&st, &t.view, &c), (float)k);
    }
    /* max of the two lengths; the y derivative alone */
    c = lane_deriv(0.0f, 4.0f / 8.0f);
    CHECK_F(lane_lod(&st, &t.view, &c).lod, 2.0f);
    /* |(3, 4)| = 5 texels: log2 5 */
    c = lane_deriv(3.0f / 8.0f, 0.0f);
    c.ddx[1][0] = 4.0f / 8.0f;
    CHECK_NEAR(lane_lod(&st, &t.view, &c).lod, log2(5.0), 1e-6);
    /* 3 texels: LOD log2 3 = 1.585 -> 8.8 fixed 406 -> POINT: (406 + 128) >> 8 = 2 */
    c = lane_deriv(3.0f / 8.0f, 0.0f);
    CHECK_F(sample_c(&st, &t.view, &c), 2.0f);
    /* LINEAR: levels 1 and 2, weight 150/256 */
    st.mip_filter = SAMPLER_MIP_LINEAR;
    CHECK_F(sample_c(&st, &t.view, &c), 1.0f + 150.0f / 256.0f);
    struct sampler_lod l = lane_lod(&st, &t.view, &c);
    CHECK_EQ(l.nlevels, 2);
    CHECK_EQ(l.level[0], 1);
    CHECK_EQ(l.level[1], 2);
    CHECK_F(l.weight, 150.0f / 256.0f);
    /* beyond the last level: clamped */
    c = lane_deriv(100.0f, 0.0f);
    CHECK_F(sample_c(&st, &t.view, &c), 3.0f);
    /* magnification (LOD -1): level 0, and the mag filter */
    c = lane_deriv(1.0f / 16.0f, 1.0f / 16.0f);
    l = lane_lod(&st, &t.view, &c);
    CHECK(l.magnify);
    CHECK_F(l.lod, -1.0f);
    CHECK_F(sample_c(&st, &t.view, &c), 0.0f);
    tex_free(&t);
}

TEST(sampler_lod_quad_derivatives)
{
    /* A 2x2 quad whose u steps 2 texels per pixel in x and v 1 texel in y: LOD 1 for all 4. */
    struct tex t;
    tex_levels(&t);
    struct sampler_state st = state_default(SAMPLER_FILTER_POINT, SAMPLER_ADDRESS_CLAMP);
    struct sample_coords c;
    memset(&c, 0, sizeof c);
    const float u[4] = { 0.25f, 0.5f, 0.25f, 0.5f }, v[4] = { 0.25f, 0.25f, 0.375f, 0.375f };
    for (int i = 0; i < 4; i++) {
        c.u[i] = u[i];
        c.v[i] = v[i];
    }
    sampler_quad_derivatives(c.u, 4, c.ddx[0], c.ddy[0]);
    sampler_quad_derivatives(c.v, 4, c.ddx[1], c.ddy[1]);
    CHECK_F(c.ddx[0][3], 0.25f);
    CHECK_F(c.ddy[1][1], 0.125f);
    CHECK_F(c.ddy[0][2], 0.0f);
    c.lod_mode = SAMPLE_LOD_DERIVATIVES;
    c.mask = 0xf;
    struct float4_soa o;
    run(&st, &t.view, &c, 4, &o);
    for (int i = 0; i < 4; i++)
        CHECK_F(o.c[0][i], 1.0f);
    tex_free(&t);
}

TEST(sampler_lod_bias_and_clamps)
{
    struct tex t;
    tex_levels(&t);
    struct sampler_state st = state_default(SAMPLER_FILTER_POINT, SAMPLER_ADDRESS_CLAMP);
    struct sample_coords c = lane_deriv(1.0f / 8.0f, 1.0f / 8.0f);   /* LOD 0 */
    st.lod_bias = 1.0f;
    CHECK_F(sample_c(&st, &t.view, &c), 1.0f);
    c.has_bias = true;
    c.bias[0] = 1.0f;                            /* sample_b: adds to MipLODBias */
    CHECK_F(sample_c(&st, &t.view, &c), 2.0f);
    c.has_bias = false;
    st.lod_bias = 0.0f;
    st.min_lod = 2.0f;
    CHECK_F(sample_c(&st, &t.view, &c), 2.0f);
    st.min_lod = -FLT_MAX;
    st.max_lod = 0.5f;                           /* nearest of 0.5: 0.5 + 0.5 -> level 1 */
    c = lane_deriv(8.0f / 8.0f, 0.0f);
    CHECK_F(sample_c(&st, &t.view, &c), 1.0f);
    st.max_lod = 0.49f;
    CHECK_F(sample_c(&st, &t.view, &c), 0.0f);
    st.min_lod = 3.0f;                           /* MinLOD > MaxLOD: MinLOD wins */
    st.max_lod = 1.0f;
    CHECK_F(sample_c(&st, &t.view, &c), 3.0f);
    tex_free(&t);
}

TEST(sampler_explicit_lod_and_trilinear_weights)
{
    struct tex t;
    tex_levels(&t);
    struct sampler_state st = state_default(SAMPLER_FILTER_LINEAR, SAMPLER_ADDRESS_CLAMP);
    st.mip_filter = SAMPLER_MIP_LINEAR;
    CHECK_F(sample(&st, &t.view, 0.3f, 0.7f, 0, 2.5f, NULL), 2.5f);
    CHECK_F(sample(&st, &t.view, 0.3f, 0.7f, 0, 1.25f, NULL), 1.25f);
    CHECK_F(sample(&st, &t.view, 0.3f, 0.7f, 0, 0.1f, NULL), 26.0f / 256.0f);   /* 25.6 -> 26 */
    CHECK_F(sample(&st, &t.view, 0.3f, 0.7f, 0, 100.0f, NULL), 3.0f);
    CHECK_F(sample(&st, &t.view, 0.3f, 0.7f, 0, -5.0f, NULL), 0.0f);
    CHECK_F(sample(&st, &t.view, 0.3f, 0.7f, 0, 2.999f, NULL), 3.0f);   /* 767.7 -> 768 */
    st.mip_filter = SAMPLER_MIP_POINT;
    CHECK_F(sample(&st, &t.view, 0.3f, 0.7f, 0, 1.49f, NULL), 1.0f);
    CHECK_F(sample(&st, &t.view, 0.3f, 0.7f, 0, 1.5f, NULL), 2.0f);
    /* D3D9 mip filter NONE: the top level only, whatever the LOD (seed 003) */
    st.mip_filter = SAMPLER_MIP_NONE;
    CHECK_F(sample(&st, &t.view, 0.3f, 0.7f, 0, 2.0f, NULL), 0.0f);
    struct sample_coords c = lane_deriv(8.0f / 8.0f, 0.0f);
    CHECK_F(sample_c(&st, &t.view, &c), 0.0f);
    struct sampler_lod l = lane_lod(&st, &t.view, &c);
    CHECK_EQ(l.nlevels, 1);
    CHECK_EQ(l.level[0], 0);
    CHECK(!l.magnify);   /* the min filter still applies (LOD 3) */
    tex_free(&t);
}

TEST(sampler_mag_min_filter_choice)
{
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_2D, 2, 2, 1, 1, f_2x2);
    struct sampler_state st = state_default(SAMPLER_FILTER_LINEAR, SAMPLER_ADDRESS_CLAMP);
    st.mag_filter = SAMPLER_FILTER_POINT;
    CHECK_F(sample(&st, &t.view, 0.5f, 0.5f, 0, 0.0f, NULL), 4.0f);    /* LOD 0: magnify */
    CHECK_F(sample(&st, &t.view, 0.5f, 0.5f, 0, 0.01f, NULL), 2.5f);   /* LOD > 0: minify */
    tex_free(&t);
}

/* ---- anisotropic ---- */

static float f_square(unsigned l, unsigned x, unsigned y, unsigned z)
{
    (void)l;
    (void)y;
    (void)z;
    return (float)(x * x);
}

static float f_hstripes(unsigned l, unsigned x, unsigned y, unsigned z)
{
    (void)x;
    (void)z;
    return l == 0 ? (float)(y & 1) : 0.5f;   /* a correct mip chain of horizontal stripes */
}

TEST(sampler_anisotropic_probes)
{
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_2D, 16, 16, 1, 1, f_square);
    struct sampler_state st = state_default(SAMPLER_FILTER_ANISOTROPIC, SAMPLER_ADDRESS_CLAMP);
    st.mip_filter = SAMPLER_MIP_LINEAR;
    st.max_anisotropy = 16;
    /* 4:1 footprint along x at texel-space (8.0, 8.5): probes at 6.5, 7.5, 8.5, 9.5 -> texels
     * 6..9 exactly: (36 + 49 + 64 + 81) / 4 = 57.5 (plain bilinear would give 56.5) */
    struct sample_coords c = lane_deriv(4.0f / 16.0f, 1.0f / 16.0f);
    c.u[0] = 0.5f;
    c.v[0] = 8.5f / 16.0f;
    struct sampler_lod l = lane_lod(&st, &t.view, &c);
    CHECK_F(l.ratio, 4.0f);
    CHECK_EQ(l.probes, 4);
    CHECK_F(l.lod, 0.0f);
    CHECK_F(l.axis[0], 0.25f);
    CHECK_F(l.axis[1], 0.0f);
    CHECK_F(sample_c(&st, &t.view, &c), 57.5f);
    /* the major axis may be y */
    c = lane_deriv(1.0f / 16.0f, 4.0f / 16.0f);
    l = lane_lod(&st, &t.view, &c);
    CHECK_EQ(l.probes, 4);
    CHECK_F(l.axis[1], 0.25f);
    /* ratio 4.5 -> 5 probes; LOD from the area: log2(4.5 / sqrt(4.5))... = log2(1) */
    c = lane_deriv(4.5f / 16.0f, 1.0f / 16.0f);
    l = lane_lod(&st, &t.view, &c);
    CHECK_F(l.ratio, 4.5f);
    CHECK_EQ(l.probes, 5);
    CHECK_F(l.lod, 0.0f);
    /* clamped by MaxAnisotropy 2: ratio 2, LOD from the ratio: log2(4 / 2) = 1 */
    st.max_anisotropy = 2;
    c = lane_deriv(4.0f / 16.0f, 1.0f / 16.0f);
    l = lane_lod(&st, &t.view, &c);
    CHECK_F(l.ratio, 2.0f);
    CHECK_EQ(l.probes, 2);
    CHECK_F(l.lod, 1.0f);
    /* isotropic footprint: one probe */
    st.max_anisotropy = 16;
    c = lane_deriv(2.0f / 16.0f, 2.0f / 16.0f);
    l = lane_lod(&st, &t.view, &c);
    CHECK_EQ(l.probes, 1);
    CHECK_F(l.lod, 1.0f);
    /* explicit LOD (sample_l): ratio 1 */
    c = lane1(0.5f, 0.5f, 0.0f, 0.0f);
    CHECK_EQ(lane_lod(&st, &t.view, &c).probes, 1);
    /* magnified along the minor axis: ratio shrinks with lengthMinor (0.5): 8 * 0.5 = 4 */
    c = lane_deriv(4.0f / 16.0f, 0.5f / 16.0f);
    l = lane_lod(&st, &t.view, &c);
    CHECK_F(l.ratio, 4.0f);
    CHECK_F(l.lod, -1.0f);
    tex_free(&t);
}

TEST(sampler_anisotropic_striped_texture)
{
    /* Horizontal stripes, footprint 4:1 along the stripes: anisotropic filtering stays on the
     * stripe (value 1 on odd rows); isotropic trilinear blurs to level 2 (0.5). */
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_2D, 16, 16, 1, 5, f_hstripes);
    struct sampler_state st = state_default(SAMPLER_FILTER_ANISOTROPIC, SAMPLER_ADDRESS_WRAP);
    st.mip_filter = SAMPLER_MIP_LINEAR;
    st.max_anisotropy = 16;
    struct sample_coords c = lane_deriv(4.0f / 16.0f, 1.0f / 16.0f);
    c.u[0] = 0.3f;
    c.v[0] = 3.5f / 16.0f;
    CHECK_F(sample_c(&st, &t.view, &c), 1.0f);
    c.v[0] = 4.5f / 16.0f;
    CHECK_F(sample_c(&st, &t.view, &c), 0.0f);
    st.min_filter = st.mag_filter = SAMPLER_FILTER_LINEAR;
    CHECK_F(sample_c(&st, &t.view, &c), 0.5f);
    tex_free(&t);
}

/* ---- cube maps ---- */

static float f_face(unsigned l, unsigned x, unsigned y, unsigned z)
{
    (void)l;
    return (float)(10 * z + 3 * y + x);   /* 3x3 faces: face * 10 + texel index */
}

static float f_face2(unsigned l, unsigned x, unsigned y, unsigned z)
{
    (void)l;
    return (float)(10 * z + 2 * y + x);   /* 2x2 faces */
}

static float f_facec(unsigned l, unsigned x, unsigned y, unsigned z)
{
    (void)l;
    (void)x;
    (void)y;
    return (float)z;
}

static float cube(const struct sampler_state *st, const struct texture_view *t, float x, float y,
                  float z)
{
    return sample(st, t, x, y, z, 0.0f, NULL);
}

TEST(sampler_cube_face_selection)
{
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_CUBE, 3, 3, 6, 1, f_face);
    struct sampler_state st = state_default(SAMPLER_FILTER_POINT, SAMPLER_ADDRESS_WRAP);
    /* the six major axes hit their face's centre texel (index 4) */
    CHECK_F(cube(&st, &t.view, 1, 0, 0), 4.0f);
    CHECK_F(cube(&st, &t.view, -1, 0, 0), 14.0f);
    CHECK_F(cube(&st, &t.view, 0, 1, 0), 24.0f);
    CHECK_F(cube(&st, &t.view, 0, -1, 0), 34.0f);
    CHECK_F(cube(&st, &t.view, 0, 0, 1), 44.0f);
    CHECK_F(cube(&st, &t.view, 0, 0, -1), 54.0f);
    CHECK_F(cube(&st, &t.view, 0, 0, -7.5f), 54.0f);   /* magnitude does not matter */
    /* orientation: (sc, tc) = (0.66, -0.66) -> texel (2, 0) = index 2 on every face */
    CHECK_F(cube(&st, &t.view, 1, 0.66f, -0.66f), 2.0f);    /* +X: sc = -z, tc = -y */
    CHECK_F(cube(&st, &t.view, -1, 0.66f, 0.66f), 12.0f);   /* -X: sc = +z, tc = -y */
    CHECK_F(cube(&st, &t.view, 0.66f, 1, -0.66f), 22.0f);   /* +Y: sc = +x, tc = +z */
    CHECK_F(cube(&st, &t.view, 0.66f, -1, 0.66f), 32.0f);   /* -Y: sc = +x, tc = -z */
    CHECK_F(cube(&st, &t.view, 0.66f, 0.66f, 1), 42.0f);    /* +Z: sc = +x, tc = -y */
    CHECK_F(cube(&st, &t.view, -0.66f, 0.66f, -1), 52.0f);  /* -Z: sc = -x, tc = -y */
    /* ties: Z before Y before X */
    CHECK_F(cube(&st, &t.view, 1, 1, 1), 42.0f);            /* +Z, (sc, tc) = (1, -1) */
    CHECK_F(cube(&st, &t.view, 1, -1, 0), 35.0f);           /* -Y, (1, 0) -> texel (2, 1) */
    CHECK_F(cube(&st, &t.view, -1, 0, -1), 55.0f);          /* -Z, (1, 0) -> texel (2, 1) */
    /* point sampling stays on the selected face: u = 1 is its last column */
    CHECK_F(cube(&st, &t.view, 1, 0, 1), 45.0f);            /* +Z, (1, 0) -> texel (2, 1) */
    tex_free(&t);
}

TEST(sampler_cube_edges_and_corners)
{
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_CUBE, 2, 2, 6, 1, f_face2);
    struct sampler_state st = state_default(SAMPLER_FILTER_LINEAR, SAMPLER_ADDRESS_CLAMP);
    /* +X near its u = 0 edge (z = +1 side), v on row 1's centre: half +X texel (0, 1) = 2,
     * half the +Z texel across the edge, (1, 1) = 43 */
    CHECK_F(cube(&st, &t.view, 1.0f, -0.5f, 0.999f), 22.5f);
    /* +X near u = 1 (z = -1 side): -Z's column 0, same row */
    CHECK_F(cube(&st, &t.view, 1.0f, -0.5f, -0.999f), (3.0f + 52.0f) / 2.0f);
    /* +X near v = 0 (y = +1): +Y's x = +1 column (1), at z = -0.5 its row 0: texel 21 */
    CHECK_F(cube(&st, &t.view, 1.0f, 0.999f, -0.5f), (1.0f + 21.0f) / 2.0f);
    /* +Y near v = 1 (z = +1): +Z's row 0 */
    CHECK_F(cube(&st, &t.view, -0.5f, 1.0f, 0.999f), (22.0f + 40.0f) / 2.0f);
    tex_free(&t);

    /* corner of +X, +Y, +Z: the fourth texel is missing, its weight split in three */
    tex_f32(&t, TEXTURE_DIM_CUBE, 2, 2, 6, 1, f_facec);
    CHECK_NEAR(cube(&st, &t.view, 1.0f, 0.999f, 0.999f), (0.0 + 2.0 + 4.0) / 3.0, 1e-6);
    CHECK_NEAR(cube(&st, &t.view, -1.0f, -0.999f, -0.999f), (1.0 + 3.0 + 5.0) / 3.0, 1e-6);
    /* at a face centre only that face */
    CHECK_F(cube(&st, &t.view, 0.0f, 0.0f, -1.0f), 5.0f);
    /* filtering across an edge of a constant-per-face cube stays between the two faces */
    float e = cube(&st, &t.view, 1.0f, 0.0f, 0.9f);
    CHECK(e > 0.0f && e < 4.0f);
    tex_free(&t);
}

TEST(sampler_cube_lod)
{
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_CUBE, 4, 4, 6, 3, f_level);
    struct sampler_state st = state_default(SAMPLER_FILTER_POINT, SAMPLER_ADDRESS_CLAMP);
    /* +X face, direction (1, 0, 0); dz = -1 per pixel: d(sc/|ma|) = 1, du = 0.5, 2 texels */
    struct sample_coords c = lane1(1.0f, 0.0f, 0.0f, 0.0f);
    c.lod_mode = SAMPLE_LOD_DERIVATIVES;
    c.ddx[2][0] = -1.0f;
    CHECK_F(lane_lod(&st, &t.view, &c).lod, 1.0f);
    CHECK_F(sample_c(&st, &t.view, &c), 1.0f);
    /* a change along the major axis alone moves nothing at the centre: LOD -inf -> level 0 */
    c.ddx[2][0] = 0.0f;
    c.ddx[0][0] = 5.0f;
    CHECK(lane_lod(&st, &t.view, &c).magnify);
    /* -X: the same footprint mirrored */
    c = lane1(-2.0f, 0.0f, 0.0f, 0.0f);
    c.lod_mode = SAMPLE_LOD_DERIVATIVES;
    c.ddy[1][0] = 4.0f;   /* dtc = -4 at |ma| = 2: 2 in face space, 0.5*4*2 = 4 texels */
    CHECK_F(lane_lod(&st, &t.view, &c).lod, 2.0f);
    tex_free(&t);
}

/* ---- 3D ---- */

static float f_3d(unsigned l, unsigned x, unsigned y, unsigned z)
{
    (void)l;
    return (float)(x + 2 * y + 4 * z);
}

TEST(sampler_3d_trilinear)
{
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_3D, 2, 2, 2, 1, f_3d);
    struct sampler_state st = state_default(SAMPLER_FILTER_LINEAR, SAMPLER_ADDRESS_CLAMP);
    CHECK_F(sample(&st, &t.view, 0.5f, 0.5f, 0.5f, 0, NULL), 3.5f);
    CHECK_F(sample(&st, &t.view, 0.25f, 0.25f, 0.75f, 0, NULL), 4.0f);
    CHECK_F(sample(&st, &t.view, 0.375f, 0.5f, 0.5f, 0, NULL), 3.25f);
    CHECK_F(sample(&st, &t.view, 0.75f, 0.75f, 0.625f, 0, NULL), 3.0f + 4.0f * 0.75f);
    st.address_w = SAMPLER_ADDRESS_WRAP;
    CHECK_F(sample(&st, &t.view, 0.25f, 0.25f, 1.75f, 0, NULL), 4.0f);
    CHECK_F(sample(&st, &t.view, 0.25f, 0.25f, 1.0f, 0, NULL), 2.0f);   /* (4 + 0) / 2 */
    st.min_filter = st.mag_filter = SAMPLER_FILTER_POINT;
    CHECK_F(sample(&st, &t.view, 0.75f, 0.25f, 0.75f, 0, NULL), 5.0f);
    st.address_w = SAMPLER_ADDRESS_BORDER;
    st.border_color[0] = -1.0f;
    CHECK_F(sample(&st, &t.view, 0.75f, 0.25f, 1.25f, 0, NULL), -1.0f);
    tex_free(&t);

    /* LOD uses the w derivative too: 3D 8x8x8, w footprint 4 texels -> LOD 2 */
    tex_f32(&t, TEXTURE_DIM_3D, 8, 8, 8, 4, f_level);
    struct sample_coords c = lane1(0.5f, 0.5f, 0.5f, 0.0f);
    c.lod_mode = SAMPLE_LOD_DERIVATIVES;
    c.ddx[0][0] = 1.0f / 8.0f;
    c.ddy[2][0] = 4.0f / 8.0f;
    CHECK_F(lane_lod(&st, &t.view, &c).lod, 2.0f);
    CHECK_F(sample_c(&st, &t.view, &c), 2.0f);
    tex_free(&t);
}

/* ---- reductions, formats, defaults ---- */

TEST(sampler_comparison_and_minmax)
{
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_2D, 2, 2, 1, 1, f_2x2);
    struct sampler_state st = state_default(SAMPLER_FILTER_LINEAR, SAMPLER_ADDRESS_BORDER);
    st.reduction = SAMPLER_REDUCTION_COMPARISON;
    st.compare = SAMPLER_COMPARE_LESS_EQUAL;
    struct sample_coords c = lane1(0.5f, 0.5f, 0.0f, 0.0f);
    c.ref[0] = 2.5f;   /* passes against 3 and 4 */
    struct float4_soa o;
    run(&st, &t.view, &c, 1, &o);
    CHECK_F(o.c[0][0], 0.5f);
    CHECK_F(o.c[3][0], 0.5f);
    st.border_color[0] = 100.0f;   /* border depth: always passes */
    c.u[0] = 1.0f;                 /* taps: 2, border, 4, border */
    c.v[0] = 0.5f;
    run(&st, &t.view, &c, 1, &o);
    CHECK_F(o.c[0][0], 0.75f);
    st.reduction = SAMPLER_REDUCTION_MINIMUM;
    st.address_u = st.address_v = SAMPLER_ADDRESS_CLAMP;
    CHECK_F(sample(&st, &t.view, 0.5f, 0.5f, 0, 0, NULL), 1.0f);
    CHECK_F(sample(&st, &t.view, 0.75f, 0.75f, 0, 0, NULL), 4.0f);   /* zero weights ignored */
    st.reduction = SAMPLER_REDUCTION_MAXIMUM;
    CHECK_F(sample(&st, &t.view, 0.5f, 0.5f, 0, 0, NULL), 4.0f);
    CHECK_F(sample(&st, &t.view, 0.25f, 0.25f, 0, 0, NULL), 1.0f);
    tex_free(&t);
}

TEST(sampler_block_and_yuv_formats)
{
    /* BC1 8x8 (4 blocks): block (1, 0) green, others black; linear across the block edge */
    uint8_t *bc = calloc(1, 32);
    bc[8] = 0xe0;   /* block (1, 0): c0 = 0x07e0 green, c1 = 0, indices 0 */
    bc[9] = 0x07;
    struct texture_view v;
    memset(&v, 0, sizeof v);
    v.format = BC1_UNORM;
    v.dim = TEXTURE_DIM_2D;
    v.levels = 1;
    v.level[0] = (struct texture_level){ .data = bc, .row_pitch = 16, .width = 8, .height = 8,
                                         .depth = 1 };
    CHECK(texture_view_init(&v));
    struct sampler_state st = state_default(SAMPLER_FILTER_POINT, SAMPLER_ADDRESS_CLAMP);
    float o[4];
    sample(&st, &v, 4.5f / 8.0f, 0.5f / 8.0f, 0, 0, o);
    CHECK_F(o[1], 1.0f);
    CHECK_F(o[3], 1.0f);
    st.min_filter = st.mag_filter = SAMPLER_FILTER_LINEAR;
    sample(&st, &v, 4.0f / 8.0f, 0.5f / 8.0f, 0, 0, o);
    CHECK_F(o[1], 0.5f);
    /* a 6x6 BC1 mip (virtual size, two physical blocks): clamp at texel 5 */
    v.level[0].width = v.level[0].height = 6;
    CHECK(texture_view_init(&v));
    st.min_filter = st.mag_filter = SAMPLER_FILTER_POINT;
    sample(&st, &v, 2.0f, 0.0f, 0, 0, o);
    CHECK_F(o[1], 1.0f);   /* texel (5, 0) in block (1, 0) */
    free(bc);

    /* YUY2 with two levels and trilinear filtering (seed 003: every filter on YUV) */
    uint8_t *l0 = malloc(8), *l1 = malloc(4);
    const uint8_t white[4] = { 235, 128, 235, 128 }, black[4] = { 16, 128, 16, 128 };
    memcpy(l0, white, 4);
    memcpy(l0 + 4, white, 4);
    memcpy(l1, black, 4);
    memset(&v, 0, sizeof v);
    v.format = YUY2;
    v.dim = TEXTURE_DIM_2D;
    v.levels = 2;
    v.level[0] = (struct texture_level){ .data = l0, .row_pitch = 4, .width = 2, .height = 2,
                                         .depth = 1 };
    v.level[1] = (struct texture_level){ .data = l1, .row_pitch = 4, .width = 1, .height = 1,
                                         .depth = 1 };
    CHECK(texture_view_init(&v));
    st.min_filter = st.mag_filter = SAMPLER_FILTER_LINEAR;
    st.mip_filter = SAMPLER_MIP_LINEAR;
    sample(&st, &v, 0.5f, 0.5f, 0, 0.5f, o);
    CHECK_F(o[0], 0.5f);
    CHECK_F(o[1], 0.5f);
    CHECK_F(o[3], 1.0f);
    free(l0);
    free(l1);
}

TEST(sampler_d3d9_missing_component_defaults)
{
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_2D, 2, 2, 1, 1, f_2x2);
    t.view.d3d9_defaults = true;
    struct sampler_state st = state_default(SAMPLER_FILTER_POINT, SAMPLER_ADDRESS_BORDER);
    float o[4];
    sample(&st, &t.view, 0.25f, 0.25f, 0, 0, o);
    CHECK_F(o[0], 1.0f);
    CHECK_F(o[1], 1.0f);   /* R32F in D3D9: (r, 1, 1, 1) */
    CHECK_F(o[2], 1.0f);
    CHECK_F(o[3], 1.0f);
    sample(&st, &t.view, 2.0f, 0.25f, 0, 0, o);   /* the border colour gets them too */
    CHECK_F(o[1], 1.0f);
    tex_free(&t);
    uint8_t a = 0xff;
    struct texture_view v;
    memset(&v, 0, sizeof v);
    v.format = A8_UNORM;
    v.dim = TEXTURE_DIM_2D;
    v.levels = 1;
    v.d3d9_defaults = true;
    v.level[0] = (struct texture_level){ .data = &a, .row_pitch = 1, .width = 1, .height = 1,
                                         .depth = 1 };
    CHECK(texture_view_init(&v));
    sample(&st, &v, 0.5f, 0.5f, 0, 0, o);
    CHECK_F(o[0], 0.0f);   /* alpha-only formats keep (0, 0, 0, a) */
    CHECK_F(o[3], 1.0f);
}

TEST(sampler_mask_and_unbound)
{
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_2D, 2, 2, 1, 1, f_2x2);
    struct sampler_state st = state_default(SAMPLER_FILTER_POINT, SAMPLER_ADDRESS_CLAMP);
    struct sample_coords c;
    memset(&c, 0, sizeof c);
    for (int i = 0; i < SAMPLER_LANES; i++) {
        c.u[i] = (i & 1) ? 0.75f : 0.25f;
        c.v[i] = 0.25f;
    }
    c.lod_mode = SAMPLE_LOD_ZERO;
    c.mask = 0xa5a5;
    struct float4_soa o;
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < SAMPLER_LANES; i++)
            o.c[k][i] = 42.0f;
    run(&st, &t.view, &c, SAMPLER_LANES, &o);
    for (int i = 0; i < SAMPLER_LANES; i++) {
        if ((0xa5a5 >> i) & 1)
            CHECK_F(o.c[0][i], (i & 1) ? 2.0f : 1.0f);
        else
            CHECK_F(o.c[0][i], 42.0f);
    }
    /* nothing bound: zeros (spec 7.18.17) */
    run(&st, NULL, &c, SAMPLER_LANES, &o);
    CHECK_F(o.c[0][0], 0.0f);
    CHECK_F(o.c[3][0], 0.0f);
    CHECK_F(o.c[0][1], 42.0f);
    tex_free(&t);
}

TEST(sampler_init_validation)
{
    struct sampler s;
    struct sampler_state st = state_default(SAMPLER_FILTER_POINT, SAMPLER_ADDRESS_CLAMP);
    CHECK(sampler_init(&s, &st));
    st.min_lod = NAN;
    CHECK(!sampler_init(&s, &st));
    st = state_default(SAMPLER_FILTER_POINT, SAMPLER_ADDRESS_CLAMP);
    st.max_anisotropy = 17;
    CHECK(!sampler_init(&s, &st));
    st.max_anisotropy = 0;
    CHECK(sampler_init(&s, &st));
    CHECK_F(s.max_aniso, 1.0f);
    st.address_v = (enum sampler_address)0;
    CHECK(!sampler_init(&s, &st));
    st.address_v = (enum sampler_address)6;
    CHECK(!sampler_init(&s, &st));

    struct texture_view v;
    uint8_t buf[64] = { 0 };
    memset(&v, 0, sizeof v);
    v.format = R32G32B32A32_TYPELESS;
    v.dim = TEXTURE_DIM_2D;
    v.levels = 1;
    v.level[0] = (struct texture_level){ .data = buf, .row_pitch = 16, .width = 2, .height = 2,
                                         .depth = 1 };
    CHECK(!texture_view_init(&v));
    CHECK(v.texel == NULL);
    v.format = R32_FLOAT;
    CHECK(texture_view_init(&v));
    v.level[0].row_pitch = 4;   /* too small for 2 texels */
    CHECK(!texture_view_init(&v));
    v.level[0].row_pitch = 8;
    v.dim = TEXTURE_DIM_CUBE;   /* needs depth 6 */
    CHECK(!texture_view_init(&v));
    v.level[0].depth = 6;
    v.level[0].depth_pitch = 8;   /* faces overlap */
    CHECK(!texture_view_init(&v));
    v.level[0].depth_pitch = 16;
    CHECK(texture_view_init(&v));
    v.levels = 0;
    CHECK(!texture_view_init(&v));
    v.levels = TEXTURE_MAX_LEVELS + 1;
    CHECK(!texture_view_init(&v));
    v.levels = 1;
    v.level[0].data = NULL;
    CHECK(!texture_view_init(&v));
}

/* ---- hostile inputs ---- */

TEST(sampler_nan_coordinates_select_texel_0)
{
    struct tex t;
    tex_f32(&t, TEXTURE_DIM_2D, 2, 2, 1, 1, f_2x2);
    for (int a = SAMPLER_ADDRESS_WRAP; a <= SAMPLER_ADDRESS_MIRROR_ONCE; a++) {
        struct sampler_state st = state_default(SAMPLER_FILTER_POINT, (enum sampler_address)a);
        st.border_color[0] = 9.0f;
        CHECK_F(sample(&st, &t.view, NAN, NAN, 0, 0, NULL), 1.0f);
        st.min_filter = st.mag_filter = SAMPLER_FILTER_LINEAR;
        CHECK_F(sample(&st, &t.view, NAN, NAN, 0, 0, NULL), 1.0f);
        CHECK_F(sample(&st, &t.view, NAN, 0.75f, 0, 0, NULL), 3.0f);
    }
    /* +Inf under WRAP/MIRROR: range reduction gives NaN -> texel 0; under CLAMP the far side */
    struct sampler_state st = state_default(SAMPLER_FILTER_POINT, SAMPLER_ADDRESS_WRAP);
    CHECK_F(sample(&st, &t.view, INFINITY, 0.25f, 0, 0, NULL), 1.0f);
    st.address_u = SAMPLER_ADDRESS_CLAMP;
    CHECK_F(sample(&st, &t.view, INFINITY, 0.25f, 0, 0, NULL), 2.0f);
    /* a NaN LOD becomes MaxLOD (min/max ignore NaN), limited to the last level */
    struct tex m;
    tex_levels(&m);
    st.max_lod = 2.0f;
    CHECK_F(sample(&st, &m.view, 0.5f, 0.5f, 0, NAN, NULL), 2.0f);
    st.max_lod = FLT_MAX;
    CHECK_F(sample(&st, &m.view, 0.5f, 0.5f, 0, NAN, NULL), 3.0f);
    tex_free(&m);
    tex_free(&t);
}

/* Every filter x address mode x LOD mode on one view, lanes full of random and hostile values.
 * Returns the number of finite results (the work is the point: ASan/UBSan watch it). */
static long hostile_batches(const struct texture_view *view, uint32_t *seed)
{
    static const float bad[] = { NAN, INFINITY, -INFINITY, 1e30f, -1e30f, 3.4e38f, -0.0f,
                                 1e-45f, 0.9999999f, 1.0000001f, -1.0f, 65536.5f };
    const uint32_t nbad = (uint32_t)(sizeof bad / sizeof bad[0]);
    long finite = 0;
    for (int f = 0; f <= SAMPLER_FILTER_ANISOTROPIC; f++)
        for (int a = SAMPLER_ADDRESS_WRAP; a <= SAMPLER_ADDRESS_MIRROR_ONCE; a++)
            for (int mode = 0; mode < 3; mode++) {
                struct sampler_state st =
                    state_default((enum sampler_filter)f, (enum sampler_address)a);
                st.mip_filter = (enum sampler_mip_filter)mode;
                st.max_anisotropy = 16;
                st.reduction = (enum sampler_reduction)((a + mode) % 4);
                st.compare = SAMPLER_COMPARE_LESS;
                st.lod_bias = mode == 2 ? 15.99f : -16.0f;
                struct sample_coords c;
                memset(&c, 0, sizeof c);
                c.lod_mode = (enum sample_lod_mode)mode;
                c.has_bias = true;
                c.mask = SAMPLER_LANES >= 32 ? 0xffffffffu : (1u << SAMPLER_LANES) - 1u;
                for (int i = 0; i < SAMPLER_LANES; i++) {
                    float *fields[] = { &c.u[i], &c.v[i], &c.w[i], &c.ddx[0][i], &c.ddx[1][i],
                                        &c.ddx[2][i], &c.ddy[0][i], &c.ddy[1][i], &c.ddy[2][i],
                                        &c.lod[i], &c.bias[i], &c.ref[i] };
                    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
                        *seed = *seed * 1664525u + 1013904223u;
                        *fields[k] = (*seed >> 28) < 6
                                         ? bad[(*seed >> 8) % nbad]
                                         : (float)((int)(*seed >> 16) - 32768) / 8192.0f;
                    }
                }
                struct float4_soa o;
                run(&st, view, &c, SAMPLER_LANES, &o);
                for (int i = 0; i < SAMPLER_LANES; i++)
                    finite += isfinite(o.c[0][i]) != 0;
            }
    return finite;
}

TEST(sampler_hostile_inputs_never_crash)
{
    struct tex tex2d, tex3d, texcube, texnpot;
    tex_f32(&tex2d, TEXTURE_DIM_2D, 4, 4, 1, 3, f_2x2);
    tex_f32(&tex3d, TEXTURE_DIM_3D, 4, 2, 3, 2, f_3d);
    tex_f32(&texcube, TEXTURE_DIM_CUBE, 2, 2, 6, 2, f_face2);
    tex_f32(&texnpot, TEXTURE_DIM_2D, 3, 5, 1, 3, f_2x2);
    /* BC1 6x6 -> 3x3 -> 1x1 (whole blocks in memory, virtual sizes in the view) and a 3x1 YUY2
     * (two 2x1 blocks), each level an exact-size allocation */
    struct texture_view bc, yuv;
    uint8_t *bcmem[3] = { calloc(1, 32), calloc(1, 8), calloc(1, 8) }, *yuvmem = calloc(1, 8);
    memset(&bc, 0, sizeof bc);
    bc.format = BC1_UNORM;
    bc.dim = TEXTURE_DIM_2D;
    bc.levels = 3;
    for (unsigned l = 0; l < 3; l++) {
        uint32_t sz = l == 0 ? 6 : l == 1 ? 3 : 1;
        bc.level[l] = (struct texture_level){ .data = bcmem[l], .row_pitch = l ? 8 : 16,
                                              .width = sz, .height = sz, .depth = 1 };
    }
    CHECK(texture_view_init(&bc));
    memset(&yuv, 0, sizeof yuv);
    yuv.format = YUY2;
    yuv.dim = TEXTURE_DIM_2D;
    yuv.levels = 1;
    yuv.level[0] = (struct texture_level){ .data = yuvmem, .row_pitch = 8, .width = 3,
                                           .height = 1, .depth = 1 };
    CHECK(texture_view_init(&yuv));
    const struct texture_view *views[] = { &tex2d.view, &tex3d.view, &texcube.view,
                                           &texnpot.view, &bc, &yuv };
    const int nviews = (int)(sizeof views / sizeof views[0]);
    uint32_t seed = 99;
    long finite = 0;
    for (int rep = 0; rep < 8; rep++)
        for (int vi = 0; vi < nviews; vi++)
            finite += hostile_batches(views[vi], &seed);
    CHECK(finite > 0);   /* the texels are finite; only the work matters here */
    for (int l = 0; l < 3; l++)
        free(bcmem[l]);
    free(yuvmem);
    tex_free(&tex2d);
    tex_free(&tex3d);
    tex_free(&texcube);
    tex_free(&texnpot);
}

/* ---- 1D, arrays, buffers, resource min LOD, gather (issue 11) ---- */

/* texture_view_init's shape rules for the new dimensions. */
TEST(sampler_view_init_1d_array_buffer)
{
    float texels[8] = { 0 };
    struct texture_view v;
    memset(&v, 0, sizeof v);
    v.format = R32_FLOAT;
    v.dim = TEXTURE_DIM_1D;
    v.levels = 1;
    v.level[0] = (struct texture_level){ .data = (const uint8_t *)texels, .row_pitch = 16,
                                         .array_pitch = 16, .width = 4, .height = 1, .depth = 1 };
    CHECK(texture_view_init(&v));
    v.level[0].height = 2;                 /* a 1D level has one row */
    CHECK(!texture_view_init(&v));
    v.level[0].height = 1;
    v.array_size = 2;                      /* two slices of 16 bytes: fine */
    CHECK(texture_view_init(&v));
    v.level[0].array_pitch = 8;            /* slices overlapping */
    CHECK(!texture_view_init(&v));
    v.level[0].array_pitch = 16;
    v.min_lod = NAN;
    CHECK(!texture_view_init(&v));
    v.min_lod = 0.0f;
    v.dim = TEXTURE_DIM_3D;                /* no 3D arrays */
    v.level[0].depth_pitch = 16;
    CHECK(!texture_view_init(&v));
    v.dim = TEXTURE_DIM_BUFFER;            /* buffers: no array, one level */
    CHECK(!texture_view_init(&v));
    v.array_size = 0;
    CHECK(texture_view_init(&v));
    CHECK(!v.fast_rgba8);
}

/* The array index: round to nearest even, clamp, NaN -> slice 0 (7.18.3); 1D takes it from v,
 * 2D from w; a buffer view samples 0. */
TEST(sampler_array_slice_selection)
{
    float texels[4] = { 10.0f, 11.0f, 12.0f, 13.0f };   /* 1x1 slices */
    struct texture_view v;
    struct sampler_state st = state_default(SAMPLER_FILTER_LINEAR, SAMPLER_ADDRESS_CLAMP);
    static const struct { float a; float want; } cases[] = {
        { 0.5f, 10.0f }, { 1.5f, 12.0f }, { 2.5f, 12.0f }, { 2.6f, 13.0f }, { -7.0f, 10.0f },
        { 9.0f, 13.0f }, { NAN, 10.0f }, { INFINITY, 13.0f },
    };
    memset(&v, 0, sizeof v);
    v.format = R32_FLOAT;
    v.dim = TEXTURE_DIM_2D;
    v.levels = 1;
    v.array_size = 4;
    v.level[0] = (struct texture_level){ .data = (const uint8_t *)texels, .row_pitch = 4,
                                         .array_pitch = 4, .width = 1, .height = 1, .depth = 1 };
    CHECK(texture_view_init(&v));
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        CHECK_F(sample(&st, &v, 0.5f, 0.5f, cases[i].a, 0.0f, NULL), cases[i].want);
    v.dim = TEXTURE_DIM_1D;
    CHECK(texture_view_init(&v));
    CHECK_F(sample(&st, &v, 0.5f, 2.5f, 0.0f, 0.0f, NULL), 12.0f);
    v.dim = TEXTURE_DIM_BUFFER;
    v.array_size = 0;
    CHECK(texture_view_init(&v));
    CHECK_F(sample(&st, &v, 0.5f, 0.0f, 0.0f, 0.0f, NULL), 0.0f);
}

/* texture_view.min_lod: the LOD is clamped to it; past the last level nothing is sampled. */
TEST(sampler_resource_min_lod)
{
    struct tex t;
    struct sampler_state st = state_default(SAMPLER_FILTER_POINT, SAMPLER_ADDRESS_CLAMP);
    st.mip_filter = SAMPLER_MIP_LINEAR;
    tex_f32(&t, TEXTURE_DIM_2D, 4, 4, 1, 3, f_level);
    t.view.min_lod = 1.25f;
    CHECK(texture_view_init(&t.view));
    CHECK(!t.view.fast_rgba8);
    CHECK_F(sample(&st, &t.view, 0.5f, 0.5f, 0, 0.0f, NULL), 1.25f);   /* levels 1, 2 at 1/4 */
    CHECK_F(sample(&st, &t.view, 0.5f, 0.5f, 0, 2.0f, NULL), 2.0f);    /* above it: unchanged */
    t.view.min_lod = 3.0f;                                             /* the empty set */
    CHECK(texture_view_init(&t.view));
    CHECK_F(sample(&st, &t.view, 0.5f, 0.5f, 0, 0.0f, NULL), 0.0f);
    tex_free(&t);
}

/* gather4's footprint and order on a 2D view, an offset, and the comparison form. */
TEST(sampler_gather_2d)
{
    struct tex t;
    struct sampler s;
    struct sampler_state st = state_default(SAMPLER_FILTER_LINEAR, SAMPLER_ADDRESS_CLAMP);
    struct sample_coords c = lane1(0.5f, 0.5f, 0.0f, 0.0f);
    struct float4_soa o;
    static const int8_t no_offset[2] = { 0, 0 }, right[2] = { 1, 0 };
    tex_f32(&t, TEXTURE_DIM_2D, 2, 2, 1, 1, f_2x2);   /* 1 2 / 3 4 */
    CHECK(sampler_init(&s, &st));
    memset(&o, 0, sizeof o);
    sampler_gather(&s, &t.view, &c, 0, false, NULL, no_offset, 1, &o);
    CHECK_F(o.c[0][0], 3.0f);   /* (u0, v1) */
    CHECK_F(o.c[1][0], 4.0f);   /* (u1, v1) */
    CHECK_F(o.c[2][0], 2.0f);   /* (u1, v0) */
    CHECK_F(o.c[3][0], 1.0f);   /* (u0, v0) */
    sampler_gather(&s, &t.view, &c, 0, false, NULL, right, 1, &o);
    CHECK_F(o.c[0][0], 4.0f);
    CHECK_F(o.c[3][0], 2.0f);
    /* gather4_c: ref 2.5 LESS texel -> 1 for 3 and 4 */
    st.compare = SAMPLER_COMPARE_LESS;
    CHECK(sampler_init(&s, &st));
    c.ref[0] = 2.5f;
    sampler_gather(&s, &t.view, &c, 0, true, NULL, no_offset, 1, &o);
    CHECK_F(o.c[0][0], 1.0f);
    CHECK_F(o.c[1][0], 1.0f);
    CHECK_F(o.c[2][0], 0.0f);
    CHECK_F(o.c[3][0], 0.0f);
    /* a 3D view gathers nothing */
    t.view.dim = TEXTURE_DIM_3D;
    sampler_gather(&s, &t.view, &c, 0, false, NULL, no_offset, 1, &o);
    CHECK_F(o.c[0][0], 0.0f);
    tex_free(&t);
}
