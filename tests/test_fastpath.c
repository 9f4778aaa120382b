/* tests/test_fastpath.c — every fast path against its plain-C reference (STYLE.md, dav1d's
 * checkasm habit): seeded random inputs, both paths run on copies, every output bit compared;
 * a mismatch prints the case's seed and parameters.
 *
 *   texel   the 8-bit decode tables (all 256 values), texel_float_to_unorm8 against
 *           texel_float_to_unorm(c, 8), texel_rgba8_layout decode/encode against f->load /
 *           f->store for every format it accepts, texel_load_fast_bits (vertex fetch) against
 *           f->load;
 *   sampler sampler_sample_fast against sampler_sample_ref (2D 4 x 8-bit views of random size,
 *           mip count and pitch; POINT/LINEAR, every mip filter, WRAP/CLAMP, LOD bias and
 *           clamps; implicit, explicit and zero LOD, sample_b; hostile coordinates), and the
 *           bit-level frexp of sampler_log2_d against frexp;
 *   om      om_depth_stencil / om_color (fast where the state allows) against
 *           om_depth_stencil_ref / om_color_ref, on random states, surfaces and batches;
 *           om_clamp_fast against the om_fmin/om_fmax clamp it replaces.
 * Each also checks that the fast path was actually taken often enough to mean something.
 */
#include "harness.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "pipeline/om.h"
#include "pipeline/om_priv.h"
#include "sample/sampler.h"
#include "util/simd.h"
#include "util/unorm8_avx2.h"
#include "sample/sampler_priv.h"
#include "sample/texel.h"

/* ---- random numbers (xorshift64*, fixed seeds) ----------------------------------------------- */

static uint64_t rng_state;

static uint32_t rnd(void)
{
    uint64_t x = rng_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng_state = x;
    return (uint32_t)((x * 0x2545F4914F6CDD1DULL) >> 32);
}

static uint32_t rnd_below(uint32_t n)
{
    return (uint32_t)(((uint64_t)rnd() * n) >> 32);
}

static float bits_f(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* A float that exercises edges: often in [lo, hi], sometimes special or any bit pattern. */
static float rnd_float(float lo, float hi)
{
    static const float specials[] = { 0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 1e-30f, -1e-30f,
                                      1e-45f, -1e-45f, 1e30f, -1e30f, INFINITY, -INFINITY, NAN,
                                      0.99999994f, 1.00000012f, 1.5f, -0.5f, 10.0f, -10.0f };
    uint32_t k = rnd_below(16);
    if (k == 0)
        return specials[rnd_below(sizeof specials / sizeof specials[0])];
    if (k == 1)
        return bits_f(rnd());
    return lo + (hi - lo) * ((float)rnd() / 4294967296.0f);
}

/* ---- texel ----------------------------------------------------------------------------------- */

TEST(fastpath_texel_tables)
{
    const float *u8 = texel_unorm8_table(), *s8 = texel_srgb8_table();
    for (uint32_t v = 0; v < 256; v++) {
        float a = texel_unorm_to_float(v, 8), b = texel_srgb_to_float(v, 8);
        CHECK(memcmp(&u8[v], &a, sizeof a) == 0);
        CHECK(memcmp(&s8[v], &b, sizeof b) == 0);
        /* the sampler decodes UNORM as (float)v / 255.0f */
        float c = (float)v / 255.0f;
        CHECK(memcmp(&c, &a, sizeof a) == 0);
    }
}

TEST(fastpath_texel_unorm8)
{
    rng_state = 0x7E5E1001u;
    for (int i = 0; i < 200000; i++) {
        float c = i < 1000 ? (float)i / 999.0f : rnd_float(-0.1f, 1.1f);
        uint32_t want = texel_float_to_unorm(c, 8), got = texel_float_to_unorm8(c);
        if (want != got) {
            harness_fail(__FILE__, __LINE__, "texel_float_to_unorm8(%a) = %u, reference %u",
                         (double)c, got, want);
            return;
        }
    }
    /* every float of [0, 1] near the rounding points k + 1/2 */
    for (uint32_t k = 0; k < 255; k++) {
        float mid = ((float)k + 0.5f) / 255.0f;
        uint32_t u;
        memcpy(&u, &mid, sizeof u);
        for (uint32_t d = 0; d < 64; d++) {
            float c = bits_f(u - 32 + d);
            CHECK_EQ(texel_float_to_unorm8(c), texel_float_to_unorm(c, 8));
        }
    }
}

#if defined(__x86_64__) || defined(__i386__)
static __attribute__((target("avx2,fma"))) void unorm8_div8(const float *in, float *out)
{
    _mm256_storeu_ps(out, util_unorm8_div_avx2(_mm256_loadu_ps(in)));
}
#endif

/* util/unorm8_avx2.h: the division-free v / 255 of the AVX2 decodes, exhaustively against the
 * reference's texel_unorm_to_float(v, 8) (the plain twins' (float)v / 255.0f) */
TEST(fastpath_unorm8_div)
{
#if defined(__x86_64__) || defined(__i386__)
    if (util_simd_supported() < UTIL_SIMD_AVX2)
        SKIP("no AVX2 + FMA");
    for (int v = 0; v < 256; v += 8) {
        float in[8], out[8];
        for (int i = 0; i < 8; i++)
            in[i] = (float)(v + i);
        unorm8_div8(in, out);
        for (int i = 0; i < 8; i++) {
            float want = texel_unorm_to_float((uint32_t)(v + i), 8);
            CHECK(memcmp(&out[i], &want, sizeof want) == 0);
        }
    }
#else
    SKIP("not x86");
#endif
}

#if defined(__x86_64__) || defined(__i386__)
static __attribute__((target("avx2,fma"))) void blend_div8(const float *in, float *out)
{
    _mm256_storeu_ps(out, util_unorm8_blend_div_avx2(_mm256_loadu_ps(in)));
}
#endif

/* util/unorm8_avx2.h: the division-free N / (255 * 65536) of the AVX2 bilinear kernel
 * (sampler.c step 7's exact blend), exhaustively: every N a blend of 8-bit texels with 8-bit
 * weights can give, against the correctly rounded division of the plain twins */
TEST(fastpath_unorm8_blend_div)
{
#if defined(__x86_64__) || defined(__i386__)
    if (util_simd_supported() < UTIL_SIMD_AVX2)
        SKIP("no AVX2 + FMA");
    unsigned bad = 0;
    for (uint32_t n = 0; n <= 16711680u; n += 8) {
        float in[8], out[8];
        for (uint32_t i = 0; i < 8; i++)
            in[i] = (float)(n + i > 16711680u ? 16711680u : n + i);
        blend_div8(in, out);
        for (int i = 0; i < 8; i++) {
            volatile float d = 16711680.0f;   /* a real division, not a folded reciprocal */
            float want = in[i] / d;
            bad += memcmp(&out[i], &want, sizeof want) != 0;
        }
    }
    CHECK_EQ(bad, 0u);
#else
    SKIP("not x86");
#endif
}

TEST(fastpath_texel_rgba8_layout)
{
    rng_state = 0x7E5E1002u;
    unsigned accepted = 0;
    for (core_format id = 1; id < 0x1100; id++) {
        const struct texel_format *f = texel_format_get(id);
        struct texel_rgba8 l;
        if (!f || !texel_rgba8_layout(f, &l))
            continue;
        accepted++;
        const float *ct = l.srgb ? texel_srgb8_table() : texel_unorm8_table();
        for (int i = 0; i < 2000; i++) {
            uint32_t px = rnd();
            uint8_t b[4] = { (uint8_t)px, (uint8_t)(px >> 8), (uint8_t)(px >> 16),
                             (uint8_t)(px >> 24) };
            float want[4], got[4];
            f->load(f, b, 0, 0, want);
            for (int c = 0; c < 3; c++)
                got[c] = ct[(px >> l.shift[c]) & 255];
            got[3] = l.has_alpha ? texel_unorm8_table()[(px >> l.shift[3]) & 255] : 1.0f;
            if (memcmp(want, got, sizeof want)) {
                harness_fail(__FILE__, __LINE__, "format %u pixel %08x decodes differently", id,
                             px);
                break;
            }
            /* the store: fresh channel values into a pixel with random other bits */
            float in[4];
            for (int c = 0; c < 4; c++)
                in[c] = rnd_float(-0.2f, 1.2f);
            uint8_t ref[4];
            memcpy(ref, b, 4);
            f->store(f, in, ref, 0, 0);
            uint32_t enc = px & l.keep;
            for (int c = 0; c < 3; c++)
                enc |= (l.srgb ? texel_float_to_srgb(in[c], 8) : texel_float_to_unorm8(in[c]))
                       << l.shift[c];
            if (l.has_alpha)
                enc |= texel_float_to_unorm8(in[3]) << l.shift[3];
            uint32_t refv = (uint32_t)ref[0] | (uint32_t)ref[1] << 8 | (uint32_t)ref[2] << 16 |
                            (uint32_t)ref[3] << 24;
            if (refv != enc) {
                harness_fail(__FILE__, __LINE__, "format %u encodes %08x, reference %08x", id,
                             enc, refv);
                break;
            }
        }
    }
    /* R8G8B8A8 (UNORM, SRGB), B8G8R8A8, B8G8R8X8 (UNORM, SRGB each), D3D9 X8B8G8R8 */
    CHECK(accepted >= 7);
    struct texel_rgba8 l;
    CHECK(!texel_rgba8_layout(texel_format_get(30), &l));   /* R8G8B8A8_UINT */
    CHECK(!texel_rgba8_layout(texel_format_get(31), &l));   /* R8G8B8A8_SNORM */
    CHECK(!texel_rgba8_layout(texel_format_get(24), &l));   /* R10G10B10A2_UNORM */
}

TEST(fastpath_texel_vertex_formats)
{
    rng_state = 0x7E5E1003u;
    unsigned accepted = 0;
    for (core_format id = 1; id < 0x1100; id++) {
        const struct texel_format *f = texel_format_get(id);
        uint32_t probe[4];
        uint8_t zero[16] = { 0 };
        if (!f || !texel_load_fast_bits(f, zero, probe))
            continue;
        accepted++;
        for (int i = 0; i < 5000; i++) {
            uint8_t b[16];
            for (int k = 0; k < 16; k++)
                b[k] = (uint8_t)rnd();
            if (i < 64) {   /* NaNs of both kinds, infinities, denormals in every channel */
                static const uint32_t special[] = { 0x7fc00001u, 0x7f800001u, 0xff800000u,
                                                    0x00000001u, 0x80000000u, 0x7fffffffu };
                for (int c = 0; c < 4; c++) {
                    uint32_t v = special[(unsigned)(i + c) % 6];
                    memcpy(b + 4 * c, &v, 4);
                }
            }
            float want[4];
            uint32_t wbits[4], got[4];
            f->load(f, b, 0, 0, want);
            memcpy(wbits, want, sizeof wbits);
            CHECK(texel_load_fast_bits(f, b, got));
            if (memcmp(wbits, got, sizeof got)) {
                harness_fail(__FILE__, __LINE__, "format %u: fast %08x %08x %08x %08x, reference "
                             "%08x %08x %08x %08x", id, got[0], got[1], got[2], got[3], wbits[0],
                             wbits[1], wbits[2], wbits[3]);
                break;
            }
        }
    }
    CHECK_EQ(accepted, 6);
}

/* ---- sampler --------------------------------------------------------------------------------- */

static const core_format rgba8_formats[] = { 28, 29, 87, 88, 91, 93 };

struct rtex {
    struct texture_view view;
    uint8_t *mem[TEXTURE_MAX_LEVELS];
};

static void rtex_make(struct rtex *t, core_format fmt)
{
    memset(t, 0, sizeof *t);
    uint32_t w = 1 + rnd_below(rnd_below(4) ? 40 : 300), h = 1 + rnd_below(rnd_below(4) ? 40 : 300);
    unsigned maxl = 1;
    while ((w >> maxl) || (h >> maxl))
        maxl++;
    t->view.format = fmt;
    t->view.dim = TEXTURE_DIM_2D;
    t->view.levels = 1 + rnd_below(maxl);
    t->view.d3d9_defaults = rnd_below(2);
    for (unsigned l = 0; l < t->view.levels; l++) {
        uint32_t lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1;
        size_t pitch = (size_t)lw * 4 + 4 * rnd_below(3);
        uint8_t *p = malloc(pitch * lh);
        for (size_t i = 0; i < pitch * lh; i++)
            p[i] = (uint8_t)rnd();
        t->mem[l] = p;
        t->view.level[l] = (struct texture_level){ .data = p, .row_pitch = pitch,
                                                   .depth_pitch = pitch * lh, .width = lw,
                                                   .height = lh, .depth = 1 };
    }
    if (!texture_view_init(&t->view))
        harness_fail(__FILE__, __LINE__, "texture_view_init failed");
}

static void rtex_free(struct rtex *t)
{
    for (unsigned l = 0; l < TEXTURE_MAX_LEVELS; l++)
        free(t->mem[l]);
}

static void random_sampler(struct sampler_state *s)
{
    static const enum sampler_address modes[2] = { SAMPLER_ADDRESS_WRAP, SAMPLER_ADDRESS_CLAMP };
    memset(s, 0, sizeof *s);
    s->min_filter = s->mag_filter = rnd_below(2) ? SAMPLER_FILTER_LINEAR : SAMPLER_FILTER_POINT;
    s->mip_filter = (enum sampler_mip_filter)rnd_below(3);
    s->max_anisotropy = 1;
    s->address_u = modes[rnd_below(2)];
    s->address_v = modes[rnd_below(2)];
    s->address_w = SAMPLER_ADDRESS_WRAP;
    s->lod_bias = rnd_below(3) ? 0.0f : rnd_float(-3.0f, 3.0f);
    s->min_lod = rnd_below(3) ? -FLT_MAX : rnd_float(-1.0f, 4.0f);
    s->max_lod = rnd_below(3) ? FLT_MAX : rnd_float(-1.0f, 6.0f);
    if (s->min_lod != s->min_lod)
        s->min_lod = 0.0f;
    if (s->max_lod != s->max_lod)
        s->max_lod = 0.0f;
    s->compare = SAMPLER_COMPARE_NEVER;
    s->reduction = SAMPLER_REDUCTION_STANDARD;
}

/* Coordinates of a 4-quad batch: a smooth affine mapping (as a rasterizer makes) or noise. */
static void random_coords(struct sample_coords *c)
{
    memset(c, 0, sizeof *c);
    c->lod_mode = (enum sample_lod_mode)(rnd_below(4) ? SAMPLE_LOD_DERIVATIVES : rnd_below(3));
    c->has_bias = rnd_below(4) == 0;
    const uint32_t all = SAMPLER_LANES >= 32 ? 0xffffffffu : (1u << SAMPLER_LANES) - 1u;
    c->mask = rnd_below(4) ? all : rnd() & all;
    bool smooth = rnd_below(3) != 0;
    float u0 = rnd_float(-3.0f, 3.0f), v0 = rnd_float(-3.0f, 3.0f);
    float dux = rnd_float(-0.5f, 0.5f) * (rnd_below(2) ? 1.0f : 0.01f);
    float dvy = rnd_float(-0.5f, 0.5f) * (rnd_below(2) ? 1.0f : 0.01f);
    float duy = rnd_below(2) ? 0.0f : rnd_float(-0.1f, 0.1f);
    float dvx = rnd_below(2) ? 0.0f : rnd_float(-0.1f, 0.1f);
    for (int i = 0; i < SAMPLER_LANES; i++) {
        int q = i / 4, px = (q & 1) * 2 + (i & 1), py = (q >> 1) * 2 + ((i >> 1) & 1);
        if (smooth) {
            c->u[i] = u0 + dux * (float)px + duy * (float)py;
            c->v[i] = v0 + dvx * (float)px + dvy * (float)py;
        } else {
            c->u[i] = rnd_float(-12.0f, 12.0f);
            c->v[i] = rnd_float(-12.0f, 12.0f);
        }
        c->w[i] = rnd_float(0.0f, 1.0f);
        c->lod[i] = rnd_float(-2.0f, 10.0f);
        c->bias[i] = rnd_float(-2.0f, 2.0f);
        c->ref[i] = rnd_float(0.0f, 1.0f);
    }
    if (rnd_below(4)) {
        for (int k = 0; k < 3; k++) {
            sampler_quad_derivatives(k == 0 ? c->u : k == 1 ? c->v : c->w, SAMPLER_LANES,
                                     c->ddx[k], c->ddy[k]);
        }
    } else {
        for (int k = 0; k < 3; k++)
            for (int i = 0; i < SAMPLER_LANES; i++) {
                c->ddx[k][i] = rnd_float(-1.0f, 1.0f);
                c->ddy[k][i] = rnd_float(-1.0f, 1.0f);
            }
    }
}

/* sampler_log2_d splits x = m 2^e from the bits; frexp is the definition. */
TEST(fastpath_sampler_log2_split)
{
    rng_state = 0x5A4D1092u;
    for (int i = 0; i < 200000; i++) {
        uint64_t b = (uint64_t)rnd() << 32 | rnd();
        if (i % 4 == 0)
            b &= 0x000fffffffffffffull;   /* subnormals */
        b &= 0x7fffffffffffffffull;       /* log2 of negatives is NaN either way */
        double x;
        memcpy(&x, &b, sizeof x);
        if (!(x > 0.0) || isinf(x))
            continue;
        int e;
        double m = frexp(x, &e);
        if (m < 0.70710678118654752440) {
            m *= 2.0;
            e--;
        }
        double sx = (m - 1.0) / (m + 1.0), s2 = sx * sx, p = 1.0 / 15.0;
        for (int k = 13; k >= 1; k -= 2)
            p = p * s2 + 1.0 / k;
        double want = (double)e + 2.0 * sx * p * 1.4426950408889634074;
        double got = sampler_log2_d(x);
        if (memcmp(&want, &got, sizeof want)) {
            harness_fail(__FILE__, __LINE__, "log2(%a) = %a, with frexp %a", x, got, want);
            return;
        }
    }
}

/* Every twin (plain C, AVX2 when the CPU has it: util/simd.h) against the reference, without
 * and with the LOD memo; the memo is shared by all batches of a seed and its generation bumped
 * per seed (the sampler is a new one at the same address: the contract of sampler.h), and each
 * batch runs twice so that the second run hits. */
typedef bool (*fast_fn)(const struct sampler *, const struct texture_view *,
                        const struct sample_coords *, int, struct float4_soa *);

TEST(fastpath_sampler_2d_rgba8)
{
    static struct sampler_lod_cache cache;
    fast_fn fns[2] = { sampler_sample_fast_c, NULL };
#if defined(SOFTD3D_HAVE_AVX2)
    if (util_simd_supported() >= UTIL_SIMD_AVX2)
        fns[1] = sampler_sample_fast_avx2;
#endif
    unsigned taken = 0, want = 0;
    memset(&cache, 0, sizeof cache);
    for (uint32_t seed = 1; seed <= 3000; seed++) {
        rng_state = 0x5A4D0000u + seed;
        cache.gen++;
        struct rtex t;
        rtex_make(&t, rgba8_formats[rnd_below(6)]);
        struct sampler_state st;
        random_sampler(&st);
        struct sampler s;
        if (!sampler_init(&s, &st)) {
            harness_fail(__FILE__, __LINE__, "seed %u: sampler_init failed", seed);
            rtex_free(&t);
            return;
        }
        for (int batch = 0; batch < 8; batch++) {
            struct sample_coords c;
            random_coords(&c);
            int n = rnd_below(8) ? SAMPLER_LANES : (int)rnd_below(SAMPLER_LANES + 1);
            struct float4_soa ref;
            memset(&ref, 0xA5, sizeof ref);
            sampler_sample_ref(&s, &t.view, &c, n, &ref);
            for (int f = 0; f < 2; f++) {
                if (!fns[f])
                    continue;
                for (int run = 0; run < 3; run++) {
                    struct float4_soa fast;
                    memset(&fast, 0xA5, sizeof fast);
                    c.lod_cache = run ? &cache : NULL;
                    want++;
                    if (!fns[f](&s, &t.view, &c, n, &fast)) {
                        harness_fail(__FILE__, __LINE__, "seed %u: the fast path did not apply",
                                     seed);
                        rtex_free(&t);
                        return;
                    }
                    taken++;
                    if (!memcmp(&ref, &fast, sizeof ref))
                        continue;
                    for (int i = 0; i < SAMPLER_LANES; i++)
                        for (int k = 0; k < 4; k++)
                            if (memcmp(&ref.c[k][i], &fast.c[k][i], sizeof(float))) {
                                harness_fail(__FILE__, __LINE__,
                                             "seed %u batch %d twin %d run %d: format %u %ux%u "
                                             "levels %u filter %d mip %d address %d/%d lod mode "
                                             "%d: lane %d channel %d u %a v %a: fast %a, "
                                             "reference %a",
                                             seed, batch, f, run, t.view.format,
                                             t.view.level[0].width, t.view.level[0].height,
                                             t.view.levels, st.min_filter, st.mip_filter,
                                             st.address_u, st.address_v, c.lod_mode, i, k,
                                             (double)c.u[i], (double)c.v[i],
                                             (double)fast.c[k][i], (double)ref.c[k][i]);
                                rtex_free(&t);
                                return;
                            }
                }
            }
        }
        rtex_free(&t);
    }
    CHECK(taken == want);
    CHECK(want >= 3000 * 8 * 3);
}

/* The memo's generation: the same coordinates sampled through a sampler with another
 * MipLODBias at the same address must not reuse the first sampler's mip decisions. */
TEST(fastpath_sampler_lod_memo_generation)
{
    static struct sampler_lod_cache cache;
    memset(&cache, 0, sizeof cache);
    rng_state = 0x5A4D7777u;
    struct rtex t;
    for (;;) {
        rtex_make(&t, 28);
        if (t.view.levels >= 4)
            break;
        rtex_free(&t);
    }
    struct sample_coords c;
    random_coords(&c);
    c.lod_mode = SAMPLE_LOD_DERIVATIVES;
    c.has_bias = false;
    c.mask = SAMPLER_LANES >= 32 ? 0xffffffffu : (1u << SAMPLER_LANES) - 1u;
    for (int i = 0; i < SAMPLER_LANES; i++) {   /* about one texel of level 0 per pixel */
        c.ddx[0][i] = 1.0f / (float)t.view.level[0].width;
        c.ddy[1][i] = 1.0f / (float)t.view.level[0].height;
        c.ddx[1][i] = c.ddy[0][i] = 0.0f;
    }
    c.lod_cache = &cache;
    unsigned differ = 0;
    static struct sampler s;   /* one address for every state: what the generation is for */
    for (int k = 0; k < 8; k++) {
        struct sampler_state st;
        random_sampler(&st);
        st.min_filter = st.mag_filter = SAMPLER_FILTER_LINEAR;
        st.mip_filter = SAMPLER_MIP_POINT;
        st.address_u = st.address_v = SAMPLER_ADDRESS_WRAP;
        st.min_lod = -FLT_MAX;
        st.max_lod = FLT_MAX;
        st.lod_bias = (float)k;
        CHECK(sampler_init(&s, &st));
        cache.gen++;
        struct float4_soa ref, fast;
        sampler_sample_ref(&s, &t.view, &c, SAMPLER_LANES, &ref);
        CHECK(sampler_sample_fast(&s, &t.view, &c, SAMPLER_LANES, &fast));
        CHECK(!memcmp(&ref, &fast, sizeof ref));
        static struct float4_soa first;
        if (!k)
            first = ref;
        else
            differ += memcmp(&first, &ref, sizeof ref) != 0;
    }
    CHECK(differ > 0);   /* the biases did select other levels */
    rtex_free(&t);
}

/* The batch decision (sampler_fast.c batch_decide): lanes whose LODs lie on both sides of a
 * step of the 8.8 mip grid (a rint tie at j/512, or a level boundary) must get their own
 * levels and weights, lanes that agree one decision.  Level-0 derivatives 2^T / size with
 * per-lane relative spreads from 0 to 1e-6 around grid points T = j / 512, at every twin,
 * without and with the memo of the last batch decision (the second run hits it), against
 * the reference. */
TEST(fastpath_sampler_batch_lod)
{
    fast_fn fns[2] = { sampler_sample_fast_c, NULL };
#if defined(SOFTD3D_HAVE_AVX2)
    if (util_simd_supported() >= UTIL_SIMD_AVX2)
        fns[1] = sampler_sample_fast_avx2;
#endif
    typedef bool (*uv_fn)(const struct sampler *, const struct texture_view *, const float *,
                          const float *, const float *, const float *, const float *,
                          const float *, uint32_t, struct sampler_lod_cache *,
                          float[4][SAMPLER_LANES]);
    uv_fn uv_fns[2] = { sampler_sample_fast_uv_c, NULL };
#if defined(SOFTD3D_HAVE_AVX2)
    if (fns[1])
        uv_fns[1] = sampler_sample_fast_uv_avx2;
#endif
    unsigned uv_taken = 0;
    rng_state = 0x5A4DBA7Cu;
    struct rtex t;
    for (;;) {
        rtex_make(&t, rgba8_formats[rnd_below(6)]);
        if (t.view.levels >= 4)
            break;
        rtex_free(&t);
    }
    static const float spreads[4] = { 0.0f, 1e-9f, 1e-7f, 1e-6f };
    static struct sampler_lod_cache cache;
    memset(&cache, 0, sizeof cache);
    unsigned mixed = 0, uniform = 0;
    for (int trial = 0; trial < 4000; trial++) {
        struct sampler_state st;
        random_sampler(&st);
        st.min_filter = st.mag_filter = SAMPLER_FILTER_LINEAR;
        if (trial % 3 == 0)
            st.min_lod = -FLT_MAX, st.max_lod = FLT_MAX;
        struct sampler s;
        CHECK(sampler_init(&s, &st));
        struct sample_coords c;
        random_coords(&c);
        c.lod_mode = SAMPLE_LOD_DERIVATIVES;
        c.has_bias = false;
        double target = (double)rnd_below(1024) / 512.0 - st.lod_bias;
        float spread = spreads[rnd_below(4)];
        for (int i = 0; i < SAMPLER_LANES; i++) {
            float k = 1.0f + spread * (float)(i - SAMPLER_LANES / 2);
            c.ddx[0][i] = (float)(exp2(target) / t.view.level[0].width) * k;
            c.ddx[1][i] = 0.0f;
            c.ddy[0][i] = 0.0f;
            c.ddy[1][i] = (float)(exp2(target) / t.view.level[0].height) * 0.5f;
        }
        struct float4_soa ref;
        sampler_sample_ref(&s, &t.view, &c, SAMPLER_LANES, &ref);
        /* does the batch straddle a step (active lanes with different decisions)? */
        bool first = true, differ = false;
        struct sampler_lod d0;
        for (int i = 0; i < SAMPLER_LANES; i++) {
            if (!(c.mask >> i & 1))
                continue;
            struct sampler_lod d;
            sampler_lane_lod(&s, &t.view, &c, i, &d);
            if (first)
                d0 = d, first = false;
            else if (d.level[0] != d0.level[0] || d.nlevels != d0.nlevels ||
                     memcmp(&d.weight, &d0.weight, sizeof(float)))
                differ = true;
        }
        mixed += differ;
        uniform += !differ;
        cache.gen++;   /* a new sampler at the same address (sampler.h) */
        for (int f = 0; f < 6; f++) {
            if (!fns[f / 3])
                continue;
            struct float4_soa fast;
            memset(&fast, 0xA5, sizeof fast);
            c.lod_cache = f % 3 ? &cache : NULL;   /* without, then with the memo twice */
            CHECK(fns[f / 3](&s, &t.view, &c, SAMPLER_LANES, &fast));
            for (int i = 0; i < SAMPLER_LANES; i++)
                for (int k = 0; k < 4; k++)
                    if (c.mask >> i & 1 && memcmp(&ref.c[k][i], &fast.c[k][i], 4)) {
                        harness_fail(__FILE__, __LINE__, "trial %d twin %d run %d lane %d "
                                     "channel %d: fast %a, reference %a", trial, f / 3, f % 3, i, k,
                                     (double)fast.c[k][i], (double)ref.c[k][i]);
                        rtex_free(&t);
                        return;
                    }
        }
        /* sampler_sample_fast_uv: the same batch from the coordinate arrays themselves, the
         * reference's bits wherever it takes the batch (it declines what one decision does
         * not serve) */
        for (int f = 0; f < 4; f++) {
            if (!uv_fns[f / 2])
                continue;
            float out[4][SAMPLER_LANES];
            memset(out, 0xA5, sizeof out);
            bool took = uv_fns[f / 2](&s, &t.view, c.u, c.v, c.ddx[0], c.ddx[1], c.ddy[0],
                                      c.ddy[1], c.mask, f % 2 ? &cache : NULL, out);
            uv_taken += took;
            for (int i = 0; i < SAMPLER_LANES && took; i++)
                for (int k = 0; k < 4; k++)
                    if (c.mask >> i & 1 && memcmp(&ref.c[k][i], &out[k][i], 4)) {
                        harness_fail(__FILE__, __LINE__, "trial %d uv twin %d lane %d channel "
                                     "%d: fast %a, reference %a", trial, f / 2, i, k,
                                     (double)out[k][i], (double)ref.c[k][i]);
                        rtex_free(&t);
                        return;
                    }
        }
    }
    CHECK(mixed >= 50);      /* batches that must go lane by lane */
    CHECK(uniform >= 2000);  /* and ones that one decision serves */
    CHECK(uv_taken >= 1000);  /* sampler_sample_fast_uv took the batch whole */
    rtex_free(&t);
}

TEST(fastpath_sampler_declines)
{
    /* What the fast path does not handle goes to the reference (sampler_sample_fast false). */
    rng_state = 0x5A4D9999u;
    struct rtex t;
    rtex_make(&t, 28);
    struct sampler_state st;
    struct sampler s;
    struct sample_coords c;
    struct float4_soa out;
    random_coords(&c);
    random_sampler(&st);
    st.address_u = SAMPLER_ADDRESS_BORDER;
    CHECK(sampler_init(&s, &st));
    CHECK(!sampler_sample_fast(&s, &t.view, &c, SAMPLER_LANES, &out));
    random_sampler(&st);
    st.min_filter = SAMPLER_FILTER_ANISOTROPIC;
    st.max_anisotropy = 4;
    CHECK(sampler_init(&s, &st));
    CHECK(!sampler_sample_fast(&s, &t.view, &c, SAMPLER_LANES, &out));
    random_sampler(&st);
    st.reduction = SAMPLER_REDUCTION_COMPARISON;
    st.compare = SAMPLER_COMPARE_LESS;
    CHECK(sampler_init(&s, &st));
    CHECK(!sampler_sample_fast(&s, &t.view, &c, SAMPLER_LANES, &out));
    random_sampler(&st);
    st.min_filter = SAMPLER_FILTER_LINEAR;
    st.mag_filter = SAMPLER_FILTER_POINT;
    CHECK(sampler_init(&s, &st));
    CHECK(!sampler_sample_fast(&s, &t.view, &c, SAMPLER_LANES, &out));
    rtex_free(&t);
}

/* ---- output merger --------------------------------------------------------------------------- */

#define SURF_W 21
#define SURF_H 13

struct surfaces {
    uint8_t rt[OM_MAX_TARGETS][SURF_H * SURF_W * 16];
    uint8_t ds[SURF_H * SURF_W * 8];
};

static const uint32_t rt_formats[] = { 28, 29, 87, 88, 91, 93, 28, 87, 2, 10, 24, 85, 30 };
static const uint32_t ds_formats[] = { 45, 45, 45, 55, 40, 20 };   /* D24S8, D16, D32F, D32FS8 */

static void random_key(struct om_key *k)
{
    memset(k, 0, sizeof *k);
    k->ds_format = rnd_below(5) ? ds_formats[rnd_below(6)] : 0;
    k->depth_enable = rnd_below(5) != 0;
    k->depth_write = rnd_below(3) != 0;
    k->depth_func = (uint8_t)(1 + rnd_below(8));
    k->stencil_enable = rnd_below(4) == 0;
    k->stencil_read_mask = (uint8_t)rnd();
    k->stencil_write_mask = (uint8_t)rnd();
    struct om_stencil_face *faces[2] = { &k->front, &k->back };
    for (int f = 0; f < 2; f++) {
        faces[f]->func = (uint8_t)(1 + rnd_below(8));
        faces[f]->fail_op = (uint8_t)(1 + rnd_below(8));
        faces[f]->depth_fail_op = (uint8_t)(1 + rnd_below(8));
        faces[f]->pass_op = (uint8_t)(1 + rnd_below(8));
    }
    static const uint8_t blends[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15 };
    unsigned targets = 1 + rnd_below(rnd_below(3) ? 1 : OM_MAX_TARGETS);
    for (unsigned i = 0; i < targets; i++) {
        struct om_target_key *t = &k->rt[i];
        t->format = rt_formats[rnd_below(sizeof rt_formats / sizeof rt_formats[0])];
        t->blend_enable = rnd_below(2);
        bool classic = rnd_below(2);
        t->src_color = classic ? 5 : blends[rnd_below(13)];
        t->dst_color = classic ? 6 : blends[rnd_below(13)];
        t->op_color = (uint8_t)(classic ? 1 : 1 + rnd_below(5));
        t->src_alpha = classic ? 5 : blends[rnd_below(13)];
        t->dst_alpha = classic ? 6 : blends[rnd_below(13)];
        t->op_alpha = (uint8_t)(classic ? 1 : 1 + rnd_below(5));
        t->write_mask = (uint8_t)(rnd_below(3) ? 15 : rnd_below(16));
    }
}

TEST(fastpath_om_clamp)
{
    /* om_clamp_fast against om_fmin(om_fmax(x, lo), hi) for every range om.c makes (UNORM,
     * SNORM, XR_BIAS and their intersections) and hostile x */
    static const float ranges[][2] = { { 0.0f, 1.0f }, { -1.0f, 1.0f },
                                       { -384.0f / 510.0f, 639.0f / 510.0f },
                                       { 0.0f, 639.0f / 510.0f }, { -384.0f / 510.0f, 1.0f } };
    rng_state = 0x0A0DC1A4u;
    for (unsigned r = 0; r < sizeof ranges / sizeof ranges[0]; r++) {
        float lo = ranges[r][0], hi = ranges[r][1];
        CHECK(om_clamp_fast_ok(lo, hi));
        for (int i = 0; i < 100000; i++) {
            float x = rnd_float(-2.0f, 2.0f);
            float want = om_fmin(om_fmax(x, lo), hi), got = om_clamp_fast(x, lo, hi);
            if (memcmp(&want, &got, sizeof want)) {
                harness_fail(__FILE__, __LINE__, "clamp(%a, %a, %a) = %a, reference %a",
                             (double)x, (double)lo, (double)hi, (double)got, (double)want);
                return;
            }
        }
    }
    CHECK(!om_clamp_fast_ok(-0.0f, 1.0f));
    CHECK(!om_clamp_fast_ok(-1.0f, 0.0f));
    CHECK(!om_clamp_fast_ok(NAN, 1.0f));
}

/* The fast kernels (om_kernels.c) at one SIMD level against the reference. */
static void om_fast_vs_reference(int level)
{
    unsigned fast_color = 0, fast_depth = 0;
    util_simd_force(level);
    static struct surfaces a, b, c3;
    for (uint32_t seed = 1; seed <= 4000; seed++) {
        rng_state = 0x0A0D0000u + seed;
        struct om_key key;
        random_key(&key);
        struct om_state st;
        if (!om_state_init(&st, &key))
            continue;   /* e.g. an integer target with blending: refused by both paths */
        for (size_t i = 0; i < sizeof a; i++)
            ((uint8_t *)&a)[i] = (uint8_t)rnd();
        memcpy(&b, &a, sizeof a);
        memcpy(&c3, &a, sizeof a);
        struct om_draw da, db, dc;
        memset(&da, 0, sizeof da);
        for (int t = 0; t < OM_MAX_TARGETS; t++)
            if (key.rt[t].format)
                da.rt[t] = (struct om_surface){ a.rt[t], SURF_W * 16, SURF_W, SURF_H, 0 };
        if (key.ds_format)
            da.ds = (struct om_surface){ a.ds, SURF_W * 8, SURF_W, SURF_H, 0 };
        for (int c = 0; c < 4; c++)
            da.blend_factor[c] = rnd_float(-0.5f, 1.5f);
        da.stencil_ref = rnd();
        db = da;
        for (int t = 0; t < OM_MAX_TARGETS; t++)
            if (db.rt[t].data)
                db.rt[t].data = b.rt[t];
        if (db.ds.data)
            db.ds.data = b.ds;
        dc = da;   /* om_process (the premasked fast calls) on a third copy */
        for (int t = 0; t < OM_MAX_TARGETS; t++)
            if (dc.rt[t].data)
                dc.rt[t].data = c3.rt[t];
        if (dc.ds.data)
            dc.ds.data = c3.ds;

        for (int batch = 0; batch < 16; batch++) {
            uint16_t x[OM_MAX_QUADS], y[OM_MAX_QUADS];
            float z[4 * OM_MAX_QUADS], col[OM_MAX_TARGETS][4][4 * OM_MAX_QUADS];
            struct om_batch ob;
            memset(&ob, 0, sizeof ob);
            ob.count = 1 + rnd_below(OM_MAX_QUADS);
            for (uint32_t q = 0; q < ob.count; q++) {
                /* inside, or reaching past the right/bottom edge */
                x[q] = (uint16_t)(2 * rnd_below(SURF_W / 2 + 1));
                y[q] = (uint16_t)(2 * rnd_below(SURF_H / 2 + 1));
            }
            for (int i = 0; i < 4 * OM_MAX_QUADS; i++) {
                z[i] = rnd_below(2) ? rnd_float(0.0f, 1.0f) : bits_f(rnd() & 0x3f7fffffu);
                for (int t = 0; t < OM_MAX_TARGETS; t++)
                    for (int c = 0; c < 4; c++)
                        col[t][c][i] = rnd_float(-0.25f, 1.25f);
            }
            ob.x = x;
            ob.y = y;
            ob.z = rnd_below(16) ? z : NULL;
            for (int t = 0; t < OM_MAX_TARGETS; t++)
                for (int c = 0; c < 4; c++)
                    ob.color[t][c] = rnd_below(16) ? col[t][c] : NULL;
            ob.front_facing = rnd_below(2);
            uint32_t coverage = rnd();

            uint32_t count = ob.count, lanes = count >= 8 ? 0xffffffffu : (1u << (4 * count)) - 1u;
            uint32_t ma = coverage & lanes & om_valid_mask(&da, &ob);
            uint32_t mb = coverage & lanes & om_valid_mask(&db, &ob);
            uint32_t pa = ma ? om_depth_stencil(&st, &da, &ob, ma) : 0;
            uint32_t pb = mb ? om_depth_stencil_ref(&st, &db, &ob, mb) : 0;
            if (pa && st.any_color)
                om_color(&st, &da, &ob, pa);
            if (pb && st.any_color)
                om_color_ref(&st, &db, &ob, pb);
            uint32_t pc = om_process(&st, &dc, &ob, coverage);
            if (pc != pb || memcmp(&c3, &b, sizeof b)) {
                harness_fail(__FILE__, __LINE__, "seed %u batch %d: om_process differs from "
                             "the reference (pass %08x vs %08x)", seed, batch, pc, pb);
                util_simd_force(-1);
                return;
            }
            fast_depth += st.fast_depth && st.depth_test && da.ds.data;
            for (int t = 0; t < OM_MAX_TARGETS; t++)
                fast_color += st.rt[t].fast && da.rt[t].data && ob.color[t][0] && (pa & 0xf);
            if (pa != pb || memcmp(&a, &b, sizeof a)) {
                harness_fail(__FILE__, __LINE__,
                             "seed %u batch %d: ds %u depth %d/%d func %d stencil %d, rt0 %u "
                             "blend %d (%d %d %d / %d %d %d) mask %x: pass %08x vs %08x%s",
                             seed, batch, key.ds_format, key.depth_enable, key.depth_write,
                             key.depth_func, key.stencil_enable, key.rt[0].format,
                             key.rt[0].blend_enable, key.rt[0].src_color, key.rt[0].dst_color,
                             key.rt[0].op_color, key.rt[0].src_alpha, key.rt[0].dst_alpha,
                             key.rt[0].op_alpha, key.rt[0].write_mask, pa, pb,
                             memcmp(&a, &b, sizeof a) ? ", surfaces differ" : "");
                util_simd_force(-1);
                return;
            }
        }
    }
    util_simd_force(-1);
    CHECK(fast_color > 5000);
    CHECK(fast_depth > 5000);
}

/* Every twin the CPU can run (util/simd.h). */
TEST(fastpath_om)
{
    om_fast_vs_reference(UTIL_SIMD_C);
    if (util_simd_supported() >= UTIL_SIMD_AVX2)
        om_fast_vs_reference(UTIL_SIMD_AVX2);
}

/* ---- resolve ---------------------------------------------------------------------------------
 * resolve_average's 4 x 8-bit path (pipeline/resolve.c) against the generic one it replaces,
 * written out here: texel_load of each sample in sample order, the sum times 1 / n, texel_store
 * -- on random samples, every format the fast path takes (sRGB and X8 included: the X byte of
 * the destination is kept), 2, 4 and 8 samples, odd sizes and padded pitches. */
#include "pipeline/resolve.h"

TEST(fastpath_resolve_rgba8)
{
    static const core_format formats[] = { 28, 29, 87, 88, 91, 93 };   /* R8G8B8A8_UNORM(_SRGB),
                                                                          B8G8R8A8_UNORM, B8G8R8X8_UNORM,
                                                                          B8G8R8A8_UNORM_SRGB,
                                                                          B8G8R8X8_UNORM_SRGB */
    static const uint32_t counts[] = { 2, 4, 8 };
    rng_state = 0x5EED7E50u;
    unsigned fast = 0;
    for (unsigned fi = 0; fi < sizeof(formats) / sizeof(formats[0]); fi++) {
        const struct texel_format *f = texel_format_get(formats[fi]);
        struct texel_rgba8 l;
        CHECK(f != NULL);
        if (!f)
            continue;
        fast += texel_rgba8_layout(f, &l);
        for (unsigned ci = 0; ci < 3; ci++) {
            uint32_t n = counts[ci], w = 1 + rnd_below(13), h = 1 + rnd_below(7);
            size_t row = (size_t)w * 4 + 4 * rnd_below(3), plane = row * h + 16;
            uint8_t *src = malloc(plane * n), *got = malloc(row * h), *want = malloc(row * h);
            if (!src || !got || !want) {
                CHECK(false);
                free(src), free(got), free(want);
                return;
            }
            for (size_t i = 0; i < plane * n; i++)
                src[i] = (uint8_t)rnd();
            for (size_t i = 0; i < row * h; i++)
                got[i] = want[i] = (uint8_t)rnd();
            struct resolve_surface s = { src, row, plane, n }, d = { got, row, 0, 1 };
            CHECK(resolve_average(formats[fi], &s, &d, w, h));
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++) {
                    float sum[4] = { 0, 0, 0, 0 }, v[4];
                    for (uint32_t k = 0; k < n; k++) {
                        texel_load(f, src + k * plane, row, x, y, v);
                        for (int c = 0; c < 4; c++)
                            sum[c] += v[c];
                    }
                    for (int c = 0; c < 4; c++)
                        sum[c] *= 1.0f / (float)n;
                    texel_store(f, sum, want + y * row + (size_t)x * 4, 0, 0);
                }
            for (uint32_t y = 0; y < h; y++)
                if (memcmp(got + y * row, want + y * row, (size_t)w * 4)) {
                    harness_fail(__FILE__, __LINE__, "resolve of format %u, %u samples, %ux%u: "
                                 "row %u differs", (unsigned)formats[fi], n, w, h, y);
                    break;
                }
            free(src), free(got), free(want);
        }
    }
    CHECK_EQ(fast, 6);   /* every format above takes the fast path */
}

/* pipeline/pixel.c draw_sample_load on 4 x 8-bit views (its fast path) gives what the format's
 * load function gives (the generic path), lane by lane, with out-of-range coordinates and mips
 * reading 0; over RGBA8/BGRA8/BGRX8, UNORM and sRGB. */
#include "pipeline/draw_priv.h"

TEST(fastpath_sample_load_rgba8)
{
    static const unsigned formats[] = { 28, 29, 87, 88, 91, 93 };   /* R8G8B8A8_UNORM(_SRGB),
                                                                      * B8G8R8A8/X8_UNORM, _SRGB */
    enum { W = 13, H = 7 };
    static uint8_t px[2][W * H * 4];
    uint32_t seed = 99;
    for (unsigned i = 0; i < sizeof(px); i++) {
        seed = seed * 1664525u + 1013904223u;
        ((uint8_t *)px)[i] = (uint8_t)(seed >> 24);
    }
    for (unsigned fi = 0; fi < sizeof(formats) / sizeof(formats[0]); fi++) {
        struct texture_view t;
        memset(&t, 0, sizeof(t));
        t.format = formats[fi];
        t.dim = TEXTURE_DIM_2D;
        t.levels = 2;
        t.level[0] = (struct texture_level){ .data = px[0], .row_pitch = W * 4,
                                             .depth_pitch = W * H * 4, .width = W, .height = H,
                                             .depth = 1 };
        t.level[1] = (struct texture_level){ .data = px[1], .row_pitch = W * 4,
                                             .depth_pitch = W * H * 4, .width = 6, .height = 3,
                                             .depth = 1 };
        CHECK(texture_view_init(&t));
        CHECK(t.fast_rgba8);
        for (int uniform = 0; uniform < 3; uniform++) {
            /* mips per lane -1 .. 2 (the lane-by-lane path), then every lane level 0 or 1 (the
             * AVX2 twin's gathered path) */
            struct vm_sample_request req;
            struct vm_sample_result res;
            memset(&req, 0, sizeof(req));
            memset(&res, 0, sizeof(res));
            req.mask = 0xfffffffeu;   /* lane 0 outside the mask: untouched */
            for (unsigned l = 0; l < VM_LANES; l++) {
                seed = seed * 1664525u + 1013904223u;
                req.address.i[0][l] = (int32_t)(seed >> 24) % 16 - 1;   /* -1 .. 14 */
                req.address.i[1][l] = (int32_t)(seed >> 16 & 255) % 10 - 1;
                req.address.i[3][l] = uniform ? uniform - 1 : (int32_t)(seed >> 8 & 255) % 4 - 1;
            }
            draw_sample_load(&t, &req, &res);
            for (unsigned l = 0; l < VM_LANES; l++) {
                int32_t x = req.address.i[0][l], y = req.address.i[1][l], m = req.address.i[3][l];
                float want[4] = { 0, 0, 0, 0 };
                if (l && m >= 0 && m < 2 && x >= 0 && y >= 0 && (uint32_t)x < t.level[m].width &&
                    (uint32_t)y < t.level[m].height)
                    texel_load(t.texel, t.level[m].data, t.level[m].row_pitch, (uint32_t)x,
                               (uint32_t)y, want);
                for (int c = 0; c < 4; c++) {
                    uint32_t w;
                    memcpy(&w, &want[c], 4);
                    CHECK_EQ(res.value[c][l], w);
                }
            }
        }
    }
}

/* pipeline/compute.c: typed UAV stores to 4 x 8-bit images (their fast path) write what
 * texel_store writes, the X8 byte kept, NaN/negative/large values included. */
#include "pipeline/compute.h"

TEST(fastpath_typed_store_rgba8)
{
    static const unsigned formats[] = { 28, 29, 87, 88, 91, 93 };
    static const float special[] = { 0.0f, -0.0f, 1.0f, 0.5f, -3.0f, 7.0f, 0.0019607844f };
    uint32_t seed = 7;
    for (unsigned fi = 0; fi < sizeof(formats) / sizeof(formats[0]); fi++) {
        const struct texel_format *f = texel_format_get(formats[fi]);
        CHECK(f != NULL);
        if (!f)
            continue;
        uint8_t got[VM_LANES * 4], want[VM_LANES * 4];
        for (unsigned i = 0; i < sizeof(got); i++)
            got[i] = want[i] = (uint8_t)(i * 37 + fi);
        struct compute_image im[IR_MAX_UAVS];
        memset(im, 0, sizeof(im));
        im[1] = (struct compute_image){ .data = got, .texel = f, .size = { VM_LANES, 1, 1 },
                                        .row_pitch = sizeof(got), .slice_pitch = sizeof(got),
                                        .coords = 2 };
        struct vm_cs_env cs;
        memset(&cs, 0, sizeof(cs));
        compute_bind_images(&cs, im);
        uint32_t coord[3][VM_LANES], value[4][VM_LANES];
        memset(coord, 0, sizeof(coord));
        for (unsigned l = 0; l < VM_LANES; l++) {
            coord[0][l] = l;
            for (int c = 0; c < 4; c++) {
                seed = seed * 1664525u + 1013904223u;
                float v = (seed >> 29) == 0 ? special[(seed >> 8) % 7]
                          : (seed >> 29) == 1 ? NAN : (float)(seed >> 8) / 16777216.0f;
                memcpy(&value[c][l], &v, 4);
            }
        }
        cs.typed(cs.typed_ctx, 1, true, 0xffff7fffu, (const uint32_t (*)[VM_LANES])coord, value);
        for (unsigned l = 0; l < VM_LANES; l++) {
            if (l == 15)
                continue;   /* outside the lanes: untouched, as in `want` */
            float in[4];
            for (int c = 0; c < 4; c++)
                memcpy(&in[c], &value[c][l], 4);
            texel_store(f, in, want + 4 * l, 0, 0);
        }
        CHECK(memcmp(got, want, sizeof(got)) == 0);
    }
}
