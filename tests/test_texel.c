/* tests/test_texel.c — texel decoding and encoding (src/sample/texel_*.c).
 *
 * Hand-made texels with exact expected floats per format family, the conversion rules of the
 * D3D11.3 spec section 3.2 at their boundaries (0.5 ULP points, negative, > 1, NaN, Inf,
 * denormals), and exhaustive round trips where the code space is small.
 */
#include "harness.h"

#include <math.h>
#include <stdlib.h>

#include "sample/texel.h"

static int same_float(float a, float b)
{
    return (a == b && !signbit(a) == !signbit(b)) || (a != a && b != b);
}

#define CHECK_F(a, b)                                                                        \
    do {                                                                                     \
        float cf_a_ = (a), cf_b_ = (b);                                                      \
        if (!same_float(cf_a_, cf_b_))                                                       \
            harness_fail(__FILE__, __LINE__, "%s == %s: %.9g (%a) != %.9g (%a)", #a, #b,     \
                         (double)cf_a_, (double)cf_a_, (double)cf_b_, (double)cf_b_);        \
    } while (0)

#define CHECK_NEAR(a, b, eps)                                                                \
    do {                                                                                     \
        double cn_a_ = (a), cn_b_ = (b);                                                     \
        if (!(fabs(cn_a_ - cn_b_) <= (eps)))                                                 \
            harness_fail(__FILE__, __LINE__, "%s ~= %s: %.9g != %.9g", #a, #b, cn_a_, cn_b_); \
    } while (0)

#define CHECK_RGBA(v, r, g, b, a)                                                            \
    do {                                                                                     \
        CHECK_F((v)[0], (r));                                                                \
        CHECK_F((v)[1], (g));                                                                \
        CHECK_F((v)[2], (b));                                                                \
        CHECK_F((v)[3], (a));                                                                \
    } while (0)

static const struct texel_format *fmt(core_format f)
{
    const struct texel_format *t = texel_format_get(f);
    if (!t)
        harness_fail(__FILE__, __LINE__, "no texel format for %u", (unsigned)f);
    return t;
}

/* Decode the single texel (x, y) of one block. */
static void load1(core_format f, const void *block, unsigned x, unsigned y, float out[4])
{
    const struct texel_format *t = fmt(f);
    out[0] = out[1] = out[2] = out[3] = -99.0f;
    if (t)
        t->load(t, block, x, y, out);
}

/* DXGI ids used below */
enum {
    R32G32B32A32_FLOAT = 2, R16G16B16A16_FLOAT = 10, R16G16B16A16_UNORM = 11,
    D32_FLOAT_S8X24_UINT = 20, R10G10B10A2_UNORM = 24, R11G11B10_FLOAT = 26,
    R8G8B8A8_UNORM = 28, R8G8B8A8_UNORM_SRGB = 29, R8G8B8A8_UINT = 30, R8G8B8A8_SNORM = 31,
    R8G8B8A8_SINT = 32, R16G16_UNORM = 35, D32_FLOAT = 40, R32_FLOAT = 41, R32_UINT = 42,
    D24_UNORM_S8_UINT = 45, R24_UNORM_X8 = 46, X24_G8_UINT = 47, R8G8_SNORM = 51,
    R16_FLOAT = 54, D16_UNORM = 55, A8_UNORM = 65, R9G9B9E5 = 67, R8G8_B8G8 = 68,
    G8R8_G8B8 = 69, BC1 = 71, BC1_SRGB = 72, BC2 = 74, BC3 = 77, BC4_UNORM = 80,
    BC4_SNORM = 81, BC5_UNORM = 83, B5G6R5 = 85, B5G5R5A1 = 86, B8G8R8A8_UNORM = 87,
    B8G8R8X8_UNORM = 88, XR_BIAS = 89, B8G8R8A8_SRGB = 91, YUY2 = 107, B4G4R4A4 = 115,
    A4B4G4R4 = 191, R8G8B8A8_TYPELESS = 27, BC7 = 98, NV12 = 103, R1_UNORM = 66,
};

/* ---- scalar conversions ---- */

TEST(texel_unorm_to_float_exact)
{
    CHECK_F(texel_unorm_to_float(128, 8), 128.0f / 255.0f);
    CHECK_F(texel_unorm_to_float(0, 8), 0.0f);
    CHECK_F(texel_unorm_to_float(255, 8), 1.0f);
    CHECK_F(texel_unorm_to_float(1023, 10), 1.0f);
    CHECK_F(texel_unorm_to_float(3, 2), 1.0f);
    CHECK_F(texel_unorm_to_float(1, 2), 1.0f / 3.0f);
    CHECK_F(texel_unorm_to_float(0x8000, 16), 32768.0f / 65535.0f);
    CHECK_F(texel_unorm_to_float(0xffffff, 24), 1.0f);
    CHECK_F(texel_unorm_to_float(0xffffffffu, 32), 1.0f);
    CHECK_F(texel_unorm_to_float(0, 32), 0.0f);
}

TEST(texel_snorm_to_float_exact)
{
    /* 3.2.3.3: both 0x80 and 0x81 are -1.0; 5-bit 10001 = -15/15 */
    CHECK_F(texel_snorm_to_float(0x80, 8), -1.0f);
    CHECK_F(texel_snorm_to_float(0x81, 8), -1.0f);
    CHECK_F(texel_snorm_to_float(0x7f, 8), 1.0f);
    CHECK_F(texel_snorm_to_float(64, 8), 64.0f / 127.0f);
    CHECK_F(texel_snorm_to_float(0xc0, 8), -64.0f / 127.0f);
    CHECK_F(texel_snorm_to_float(0, 8), 0.0f);
    CHECK_F(texel_snorm_to_float(0x10, 5), -1.0f);
    CHECK_F(texel_snorm_to_float(0x11, 5), -1.0f);
    CHECK_F(texel_snorm_to_float(0x8000, 16), -1.0f);
    CHECK_F(texel_snorm_to_float(0x7fff, 16), 1.0f);
}

TEST(texel_srgb_to_float_spec_values)
{
    /* 3.2.3.7: ((128/255 + 0.055) / 1.055)^2.4 = 0.2158605001138992...; ends exact */
    CHECK_NEAR(texel_srgb_to_float(0x80, 8), 0.21586050011389926, 1.5e-8);
    CHECK_F(texel_srgb_to_float(0x80, 8), (float)pow((128.0 / 255.0 + 0.055) / 1.055, 2.4));
    CHECK_F(texel_srgb_to_float(0, 8), 0.0f);
    CHECK_F(texel_srgb_to_float(255, 8), 1.0f);
    /* linear segment: 10/255 = 0.0392 <= 0.04045 */
    CHECK_F(texel_srgb_to_float(10, 8), (float)(10.0 / 255.0 / 12.92));
    CHECK_NEAR(texel_srgb_to_float(188, 8), 0.5028864580325687, 1e-7);
    /* monotonic */
    for (uint32_t v = 1; v < 256; v++)
        CHECK(texel_srgb_to_float(v, 8) > texel_srgb_to_float(v - 1, 8));
}

TEST(texel_half_decode)
{
    CHECK_F(texel_half_to_float(0x3c00), 1.0f);
    CHECK_F(texel_half_to_float(0xc000), -2.0f);
    CHECK_F(texel_half_to_float(0x7bff), 65504.0f);
    CHECK_F(texel_half_to_float(0x0001), ldexpf(1.0f, -24));   /* smallest denormal */
    CHECK_F(texel_half_to_float(0x03ff), ldexpf(1023.0f, -24));  /* largest denormal */
    CHECK_F(texel_half_to_float(0x0400), ldexpf(1.0f, -14));   /* smallest normal */
    CHECK_F(texel_half_to_float(0x8000), -0.0f);
    CHECK_F(texel_half_to_float(0x7c00), INFINITY);
    CHECK_F(texel_half_to_float(0xfc00), -INFINITY);
    CHECK(isnan(texel_half_to_float(0x7e00)));
    CHECK(isnan(texel_half_to_float(0x7c01)));
    CHECK_F(texel_half_to_float(0x3555), 0x1.554p-2f);
}

TEST(texel_float11_float10_decode)
{
    CHECK_F(texel_f11_to_float(15u << 6), 1.0f);
    CHECK_F(texel_f10_to_float(15u << 5), 1.0f);
    CHECK_F(texel_f11_to_float(1), ldexpf(1.0f, -20));         /* 2^-14 * 1/64 */
    CHECK_F(texel_f10_to_float(1), ldexpf(1.0f, -19));         /* 2^-14 * 1/32 */
    CHECK_F(texel_f11_to_float(0x7bf), 65024.0f);              /* 2^15 * (1 + 63/64) */
    CHECK_F(texel_f10_to_float(0x3df), 64512.0f);              /* 2^15 * (1 + 31/32) */
    CHECK_F(texel_f11_to_float(31u << 6), INFINITY);
    CHECK(isnan(texel_f11_to_float((31u << 6) | 1)));
    CHECK(isnan(texel_f10_to_float((31u << 5) | 3)));
}

TEST(texel_rgb9e5_spec_example)
{
    /* 19.3.2.1's example */
    float v[3];
    texel_rgb9e5_to_float(0x999320c8u, v);
    CHECK_F(v[0], 6.25f);
    CHECK_F(v[1], 12.5f);
    CHECK_F(v[2], 3.125f);
    CHECK_EQ(texel_float_to_rgb9e5(v), 0x999320c8u);
    float big[3] = { 1e9f, -5.0f, NAN }, out[3];
    texel_rgb9e5_to_float(texel_float_to_rgb9e5(big), out);
    CHECK_F(out[0], 65408.0f);
    CHECK_F(out[1], 0.0f);
    CHECK_F(out[2], 0.0f);
    float zero[3] = { 0, 0, 0 };
    CHECK_EQ(texel_float_to_rgb9e5(zero), 0);
    /* rounding up to 512 bumps the shared exponent: 511.75 * 2^-9 -> 1.0 */
    float up[3] = { 511.75f / 512.0f, 0.0f, 0.0f };
    texel_rgb9e5_to_float(texel_float_to_rgb9e5(up), out);
    CHECK_F(out[0], 1.0f);
    /* every 9-bit mantissa with a fixed exponent round-trips */
    for (uint32_t m = 0; m < 512; m++) {
        uint32_t code = m | (m ^ 0x1ffu) << 9 | 511u << 18 | 20u << 27;
        texel_rgb9e5_to_float(code, out);
        CHECK_EQ(texel_float_to_rgb9e5(out), code);
    }
}

/* ---- encoding rules ---- */

TEST(texel_float_to_unorm_rounding)
{
    CHECK_EQ(texel_float_to_unorm(0.0f, 8), 0);
    CHECK_EQ(texel_float_to_unorm(1.0f, 8), 255);
    CHECK_EQ(texel_float_to_unorm(-0.5f, 8), 0);
    CHECK_EQ(texel_float_to_unorm(2.0f, 8), 255);
    CHECK_EQ(texel_float_to_unorm(INFINITY, 8), 255);
    CHECK_EQ(texel_float_to_unorm(-INFINITY, 8), 0);
    CHECK_EQ(texel_float_to_unorm(NAN, 8), 0);
    CHECK_EQ(texel_float_to_unorm(-0.0f, 8), 0);
    /* the half-code boundary 0.5/255: just below -> 0, just above -> 1 */
    float b = 0.5f / 255.0f;
    CHECK_EQ(texel_float_to_unorm(nextafterf(b, 0.0f), 8), (double)nextafterf(b, 0.0f) * 255.0 >= 0.5);
    CHECK_EQ(texel_float_to_unorm(nextafterf(b, 1.0f), 8), 1);
    CHECK_EQ(texel_float_to_unorm(nextafterf(b, 0.0f) * 0.999f, 8), 0);
    /* the only exact tie, c = 0.5: 127.5 -> 128 (half-up and nearest-even agree) */
    CHECK_EQ(texel_float_to_unorm(0.5f, 8), 128);
    CHECK_EQ(texel_float_to_unorm(0.5f, 16), 32768);
    CHECK_EQ(texel_float_to_unorm(0.5f, 1), 1);
    CHECK_EQ(texel_float_to_unorm(nextafterf(1.5f / 255.0f, 1.0f), 8), 2);
    CHECK_EQ(texel_float_to_unorm(1.0f, 24), 0xffffff);
    CHECK_EQ(texel_float_to_unorm(1.0f, 32), 0xffffffffu);
    /* every code round-trips through its float value */
    static const unsigned widths[] = { 1, 2, 4, 5, 6, 8, 10, 16 };
    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++)
        for (uint32_t v = 0; v < (1u << widths[w]); v++)
            if (texel_float_to_unorm(texel_unorm_to_float(v, widths[w]), widths[w]) != v)
                harness_fail(__FILE__, __LINE__, "UNORM%u %u does not round-trip", widths[w], v);
}

TEST(texel_float_to_snorm_rounding)
{
    CHECK_EQ(texel_float_to_snorm(1.0f, 8), 0x7f);
    CHECK_EQ(texel_float_to_snorm(-1.0f, 8), 0x81);   /* -127, never -128 */
    CHECK_EQ(texel_float_to_snorm(-7.0f, 8), 0x81);
    CHECK_EQ(texel_float_to_snorm(-INFINITY, 8), 0x81);
    CHECK_EQ(texel_float_to_snorm(INFINITY, 8), 0x7f);
    CHECK_EQ(texel_float_to_snorm(NAN, 8), 0);
    CHECK_EQ(texel_float_to_snorm(0.5f, 8), 64);      /* 63.5 -> 64 */
    CHECK_EQ(texel_float_to_snorm(-0.5f, 8), 0xc0);   /* -63.5 -> -64 */
    CHECK_EQ(texel_float_to_snorm(0.49f / 127.0f, 8), 0);
    CHECK_EQ(texel_float_to_snorm(-0.51f / 127.0f, 8), 0xff);
    CHECK_EQ(texel_float_to_snorm(-1.0f, 5), 0x11);
    for (int v = -127; v <= 127; v++) {
        uint32_t bits = (uint32_t)v & 0xff;
        if (texel_float_to_snorm(texel_snorm_to_float(bits, 8), 8) != bits)
            harness_fail(__FILE__, __LINE__, "SNORM8 %d does not round-trip", v);
    }
    for (int v = -32767; v <= 32767; v++) {
        uint32_t bits = (uint32_t)v & 0xffff;
        if (texel_float_to_snorm(texel_snorm_to_float(bits, 16), 16) != bits)
            harness_fail(__FILE__, __LINE__, "SNORM16 %d does not round-trip", v);
    }
}

TEST(texel_float_to_srgb_rounding)
{
    CHECK_EQ(texel_float_to_srgb(0.0f, 8), 0);
    CHECK_EQ(texel_float_to_srgb(1.0f, 8), 255);
    CHECK_EQ(texel_float_to_srgb(0.5f, 8), 188);   /* 1.055 * 0.5^(1/2.4) - 0.055 = 0.7354 */
    CHECK_EQ(texel_float_to_srgb(NAN, 8), 0);
    CHECK_EQ(texel_float_to_srgb(-1.0f, 8), 0);
    CHECK_EQ(texel_float_to_srgb(3.0f, 8), 255);
    CHECK_EQ(texel_float_to_srgb(0.001f, 8), 3);   /* linear segment: 12.92e-3 * 255 = 3.29 */
    for (uint32_t v = 0; v < 256; v++)
        if (texel_float_to_srgb(texel_srgb_to_float(v, 8), 8) != v)
            harness_fail(__FILE__, __LINE__, "sRGB8 %u does not round-trip", v);
    CHECK_NEAR(texel_srgb_encode(texel_srgb_decode(0.25f)), 0.25, 1e-7);
}

TEST(texel_float_to_half_rules)
{
    /* round toward zero (3.2.2) */
    CHECK_EQ(texel_float_to_half(1.0f), 0x3c00);
    CHECK_EQ(texel_float_to_half(-2.0f), 0xc000);
    CHECK_EQ(texel_float_to_half(65504.0f), 0x7bff);
    CHECK_EQ(texel_float_to_half(65519.0f), 0x7bff);
    CHECK_EQ(texel_float_to_half(1e10f), 0x7bff);      /* overflow: max finite, not Inf */
    CHECK_EQ(texel_float_to_half(-1e10f), 0xfbff);
    CHECK_EQ(texel_float_to_half(INFINITY), 0x7c00);
    CHECK_EQ(texel_float_to_half(-INFINITY), 0xfc00);
    uint16_t n = texel_float_to_half(NAN);
    CHECK((n & 0x7c00) == 0x7c00 && (n & 0x3ff) != 0);
    CHECK_EQ(texel_float_to_half(-0.0f), 0x8000);
    CHECK_EQ(texel_float_to_half(1.0f + 0x1p-11f), 0x3c00);
    CHECK_EQ(texel_float_to_half(1.0f + 0x3p-11f), 0x3c01);
    CHECK_EQ(texel_float_to_half(0x1p-24f), 0x0001);   /* smallest denormal */
    CHECK_EQ(texel_float_to_half(0x1.8p-24f), 0x0001);
    CHECK_EQ(texel_float_to_half(0x1p-25f), 0x0000);
    CHECK_EQ(texel_float_to_half(0x1.ff8p-15f), 0x03ff);
    CHECK_EQ(texel_float_to_half(1e-45f), 0x0000);     /* float32 denormal -> 0 */
    CHECK_EQ(texel_float_to_half(-1e-45f), 0x8000);
    /* round to nearest even */
    CHECK_EQ(texel_float_to_half_rne(1.0f + 0x1p-11f), 0x3c00);   /* tie -> even */
    CHECK_EQ(texel_float_to_half_rne(1.0f + 0x3p-11f), 0x3c02);   /* tie -> even (up) */
    CHECK_EQ(texel_float_to_half_rne(1.0f + 0x1.1p-11f), 0x3c01);
    CHECK_EQ(texel_float_to_half_rne(65519.0f), 0x7bff);
    CHECK_EQ(texel_float_to_half_rne(65520.0f), 0x7c00);
    CHECK_EQ(texel_float_to_half_rne(0x1p-25f), 0x0000);
    CHECK_EQ(texel_float_to_half_rne(0x1.000002p-25f), 0x0001);
    CHECK_EQ(texel_float_to_half_rne(0x1.8p-24f), 0x0002);        /* 1.5 -> 2 */
    CHECK_EQ(texel_float_to_half_rne(0x1.ffep-15f), 0x0400);      /* denormal carries to normal */
    /* every non-NaN half round-trips through float32 both ways */
    for (uint32_t h = 0; h < 0x10000; h++) {
        if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff))
            continue;
        float f = texel_half_to_float((uint16_t)h);
        if (texel_float_to_half(f) != h || texel_float_to_half_rne(f) != h)
            harness_fail(__FILE__, __LINE__, "half 0x%04x does not round-trip", h);
    }
}

TEST(texel_float_to_f11_f10_rules)
{
    CHECK_EQ(texel_float_to_f11(1.0f), 15u << 6);
    CHECK_EQ(texel_float_to_f10(1.0f), 15u << 5);
    CHECK_EQ(texel_float_to_f11(-1.0f), 0);            /* no sign: negative -> 0 */
    CHECK_EQ(texel_float_to_f11(-INFINITY), 0);
    CHECK_EQ(texel_float_to_f11(INFINITY), 31u << 6);
    CHECK_EQ(texel_float_to_f11(1e10f), 0x7bf);        /* max finite */
    CHECK_EQ(texel_float_to_f10(1e10f), 0x3df);
    uint32_t n = texel_float_to_f11(NAN);
    CHECK((n >> 6) == 31 && (n & 63) != 0);
    CHECK_EQ(texel_float_to_f11(ldexpf(1.0f, -20)), 1);   /* smallest denormal */
    CHECK_EQ(texel_float_to_f11(1.0f + 0x1.fp-7f), 15u << 6);   /* 0.97 ULP, truncated */
    for (uint32_t v = 0; v < 2048; v++) {
        if ((v >> 6) == 31 && (v & 63))
            continue;
        if (texel_float_to_f11(texel_f11_to_float(v)) != v)
            harness_fail(__FILE__, __LINE__, "f11 0x%03x does not round-trip", v);
    }
    for (uint32_t v = 0; v < 1024; v++) {
        if ((v >> 5) == 31 && (v & 31))
            continue;
        if (texel_float_to_f10(texel_f10_to_float(v)) != v)
            harness_fail(__FILE__, __LINE__, "f10 0x%03x does not round-trip", v);
    }
}

/* ---- formats ---- */

TEST(texel_table_matches_format_table)
{
    /* Every entry's block shape is the format table's, and for plain formats each channel width
     * the format table lists is the width the decoder reads. */
    size_t count = 0;
    for (size_t i = 0; i < core_format_count(); i++) {
        const core_format_desc *d = core_format_at(i);
        const struct texel_format *f = texel_format_get(d->id);
        if (!f) {
            CHECK(d->kind == CORE_FMT_TYPELESS || d->kind == CORE_FMT_VIDEO ||
                  d->id == R1_UNORM || (d->id >= 94 && d->id <= 99));
            continue;
        }
        count++;
        CHECK(f->desc == d);
        CHECK_EQ(f->block_w, d->block_width);
        CHECK_EQ(f->block_h, d->block_height);
        CHECK_EQ(f->block_bytes, d->block_bytes);
        CHECK(f->present != 0);
        if (d->compressed || d->block_width != 1)
            continue;
        for (int c = 0; c < 4; c++) {
            if (d->bits[c] && f->ch[c].bits != d->bits[c])
                harness_fail(__FILE__, __LINE__, "%s channel %d: %u bits, table says %u",
                             d->name, c, f->ch[c].bits, d->bits[c]);
            if (f->ch[c].type && f->ch[c].bits &&
                (unsigned)f->ch[c].shift + f->ch[c].bits > 8u * d->block_bytes)
                harness_fail(__FILE__, __LINE__, "%s channel %d outside the texel", d->name, c);
        }
    }
    CHECK(count >= 100);
    CHECK(texel_format_get(R8G8B8A8_TYPELESS) == NULL);
    CHECK(texel_format_get(BC7) != NULL);   /* texel_bc7.c; tests/test_texel_bc.c */
    CHECK(texel_format_get(NV12) == NULL);
    CHECK(texel_format_get(0) == NULL);
    CHECK(texel_format_get(0xdeadu) == NULL);
}

TEST(texel_load_rgba8_family)
{
    float v[4];
    uint8_t rgba[4] = { 0, 128, 255, 51 };
    load1(R8G8B8A8_UNORM, rgba, 0, 0, v);
    CHECK_RGBA(v, 0.0f, 128.0f / 255.0f, 1.0f, 51.0f / 255.0f);
    load1(R8G8B8A8_UNORM_SRGB, rgba, 0, 0, v);
    CHECK_RGBA(v, 0.0f, texel_srgb_to_float(128, 8), 1.0f, 51.0f / 255.0f);   /* alpha linear */
    load1(R8G8B8A8_UINT, rgba, 0, 0, v);
    CHECK_RGBA(v, 0.0f, 128.0f, 255.0f, 51.0f);
    load1(R8G8B8A8_SINT, rgba, 0, 0, v);
    CHECK_RGBA(v, 0.0f, -128.0f, -1.0f, 51.0f);
    load1(R8G8B8A8_SNORM, rgba, 0, 0, v);
    CHECK_RGBA(v, 0.0f, -1.0f, -1.0f / 127.0f, 51.0f / 127.0f);
    uint8_t bgra[4] = { 1, 2, 3, 4 };   /* = D3D9 A8R8G8B8 */
    load1(B8G8R8A8_UNORM, bgra, 0, 0, v);
    CHECK_RGBA(v, 3.0f / 255.0f, 2.0f / 255.0f, 1.0f / 255.0f, 4.0f / 255.0f);
    load1(B8G8R8X8_UNORM, bgra, 0, 0, v);
    CHECK_RGBA(v, 3.0f / 255.0f, 2.0f / 255.0f, 1.0f / 255.0f, 1.0f);
    load1(B8G8R8A8_SRGB, bgra, 0, 0, v);
    CHECK_RGBA(v, texel_srgb_to_float(3, 8), texel_srgb_to_float(2, 8), texel_srgb_to_float(1, 8),
               4.0f / 255.0f);
    load1(CORE_FORMAT_D3D9_X8B8G8R8, bgra, 0, 0, v);
    CHECK_RGBA(v, 1.0f / 255.0f, 2.0f / 255.0f, 3.0f / 255.0f, 1.0f);
    load1(CORE_FORMAT_D3D9_R8G8B8, bgra, 0, 0, v);
    CHECK_RGBA(v, 3.0f / 255.0f, 2.0f / 255.0f, 1.0f / 255.0f, 1.0f);
    uint8_t a8 = 0x40;
    load1(A8_UNORM, &a8, 0, 0, v);
    CHECK_RGBA(v, 0.0f, 0.0f, 0.0f, 64.0f / 255.0f);
}

TEST(texel_load_packed_16bit)
{
    float v[4];
    uint8_t p[2];
#define PUT16(x) (p[0] = (uint8_t)((x) & 0xff), p[1] = (uint8_t)((x) >> 8))
    PUT16(0xf800);
    load1(B5G6R5, p, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 0.0f, 0.0f, 1.0f);
    PUT16(0x07e0);
    load1(B5G6R5, p, 0, 0, v);
    CHECK_RGBA(v, 0.0f, 1.0f, 0.0f, 1.0f);
    PUT16(0x0011);   /* b = 17 */
    load1(B5G6R5, p, 0, 0, v);
    CHECK_RGBA(v, 0.0f, 0.0f, 17.0f / 31.0f, 1.0f);
    PUT16(0x8000);
    load1(B5G5R5A1, p, 0, 0, v);
    CHECK_RGBA(v, 0.0f, 0.0f, 0.0f, 1.0f);
    PUT16(0x7c00);
    load1(B5G5R5A1, p, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 0.0f, 0.0f, 0.0f);
    load1(CORE_FORMAT_D3D9_X1R5G5B5, p, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 0.0f, 0.0f, 1.0f);
    PUT16(0xf3a5);   /* a = 15, r = 3, g = 10, b = 5 */
    load1(B4G4R4A4, p, 0, 0, v);
    CHECK_RGBA(v, 3.0f / 15.0f, 10.0f / 15.0f, 5.0f / 15.0f, 1.0f);
    load1(CORE_FORMAT_D3D9_X4R4G4B4, p, 0, 0, v);
    CHECK_RGBA(v, 3.0f / 15.0f, 10.0f / 15.0f, 5.0f / 15.0f, 1.0f);
    load1(A4B4G4R4, p, 0, 0, v);   /* r = 15 (bits 12..15), g = 3, b = 10, a = 5 */
    CHECK_RGBA(v, 1.0f, 3.0f / 15.0f, 10.0f / 15.0f, 5.0f / 15.0f);
    PUT16(0xff1d);   /* A8R3G3B2: a = 255, r = 0, g = 7, b = 1 */
    load1(CORE_FORMAT_D3D9_A8R3G3B2, p, 0, 0, v);
    CHECK_RGBA(v, 0.0f, 1.0f, 1.0f / 3.0f, 1.0f);
    uint8_t b = 0xe3;   /* R3G3B2: r = 7, g = 0, b = 3 */
    load1(CORE_FORMAT_D3D9_R3G3B2, &b, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 0.0f, 1.0f, 1.0f);
#undef PUT16
}

TEST(texel_load_10bit_and_float_formats)
{
    float v[4];
    uint32_t w = 1023u | 512u << 10 | 0u << 20 | 2u << 30;
    uint8_t p[16];
    memcpy(p, &w, 4);
    load1(R10G10B10A2_UNORM, p, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 512.0f / 1023.0f, 0.0f, 2.0f / 3.0f);
    load1(CORE_FORMAT_D3D9_A2R10G10B10, p, 0, 0, v);   /* B in the low bits */
    CHECK_RGBA(v, 0.0f, 512.0f / 1023.0f, 1.0f, 2.0f / 3.0f);
    w = 384u | 894u << 10 | 0u << 20;
    memcpy(p, &w, 4);
    load1(XR_BIAS, p, 0, 0, v);
    CHECK_RGBA(v, 0.0f, 1.0f, -384.0f / 510.0f, 0.0f);
    w = (15u << 6) | (16u << 6) << 11 | (14u << 5) << 22;   /* 1.0, 2.0, 0.5 */
    memcpy(p, &w, 4);
    load1(R11G11B10_FLOAT, p, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 2.0f, 0.5f, 1.0f);
    uint16_t h[4] = { 0x3c00, 0xc000, 0x0001, 0x7c00 };
    memcpy(p, h, 8);
    load1(R16G16B16A16_FLOAT, p, 0, 0, v);
    CHECK_RGBA(v, 1.0f, -2.0f, ldexpf(1.0f, -24), INFINITY);
    load1(R16G16B16A16_UNORM, p, 0, 0, v);
    CHECK_RGBA(v, 15360.0f / 65535.0f, 49152.0f / 65535.0f, 1.0f / 65535.0f, 31744.0f / 65535.0f);
    load1(R16_FLOAT, p, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 0.0f, 0.0f, 1.0f);
    float f[4] = { 1.5f, -0.0f, 1e-40f, NAN };   /* float32 bits untouched, denormal kept */
    memcpy(p, f, 16);
    load1(R32G32B32A32_FLOAT, p, 0, 0, v);
    CHECK_RGBA(v, 1.5f, -0.0f, 1e-40f, NAN);
    load1(R32_FLOAT, p, 0, 0, v);
    CHECK_RGBA(v, 1.5f, 0.0f, 0.0f, 1.0f);
    w = 0xfffffffeu;
    memcpy(p, &w, 4);
    load1(R32_UINT, p, 0, 0, v);
    CHECK_F(v[0], 4294967294.0f);
    w = 0x999320c8u;
    memcpy(p, &w, 4);
    load1(R9G9B9E5, p, 0, 0, v);
    CHECK_RGBA(v, 6.25f, 12.5f, 3.125f, 1.0f);
    uint16_t rg[2] = { 0, 0xffff };
    memcpy(p, rg, 4);
    load1(R16G16_UNORM, p, 0, 0, v);
    CHECK_RGBA(v, 0.0f, 1.0f, 0.0f, 1.0f);
}

TEST(texel_load_d3d9_luminance_and_bump)
{
    float v[4];
    uint8_t p[4] = { 0x80, 0xc0, 0, 0 };
    load1(CORE_FORMAT_D3D9_L8, p, 0, 0, v);
    CHECK_RGBA(v, 128.0f / 255.0f, 128.0f / 255.0f, 128.0f / 255.0f, 1.0f);
    load1(CORE_FORMAT_D3D9_A8L8, p, 0, 0, v);
    CHECK_RGBA(v, 128.0f / 255.0f, 128.0f / 255.0f, 128.0f / 255.0f, 192.0f / 255.0f);
    load1(CORE_FORMAT_D3D9_L16, p, 0, 0, v);
    CHECK_RGBA(v, 0xc080 / 65535.0f, 0xc080 / 65535.0f, 0xc080 / 65535.0f, 1.0f);
    uint8_t a4l4 = 0xa5;
    load1(CORE_FORMAT_D3D9_A4L4, &a4l4, 0, 0, v);
    CHECK_RGBA(v, 5.0f / 15.0f, 5.0f / 15.0f, 5.0f / 15.0f, 10.0f / 15.0f);
    uint8_t uv[4] = { 0x81, 0x7f, 0xff, 0x00 };   /* V8U8 = R8G8_SNORM: U in byte 0 */
    load1(R8G8_SNORM, uv, 0, 0, v);
    CHECK_RGBA(v, -1.0f, 1.0f, 0.0f, 1.0f);
    load1(CORE_FORMAT_D3D9_X8L8V8U8, uv, 0, 0, v);
    CHECK_RGBA(v, -1.0f, 1.0f, 1.0f, 1.0f);
    uint16_t l6 = (uint16_t)(63u << 10 | 0x0fu << 5 | 0x10u);   /* L = 63, V = 15, U = -16 */
    load1(CORE_FORMAT_D3D9_L6V5U5, &l6, 0, 0, v);
    CHECK_RGBA(v, -1.0f, 1.0f, 1.0f, 1.0f);
    uint32_t w10 = 0x200u | 0x1ffu << 10 | 0x3ffu << 20 | 3u << 30;
    load1(CORE_FORMAT_D3D9_A2W10V10U10, &w10, 0, 0, v);
    CHECK_RGBA(v, -1.0f, 1.0f, -1.0f / 511.0f, 1.0f);
    uint8_t cx[2] = { 0, 0 };
    load1(CORE_FORMAT_D3D9_CXV8U8, cx, 0, 0, v);
    CHECK_RGBA(v, 0.0f, 0.0f, 1.0f, 1.0f);
    cx[0] = 0x7f;   /* U = 1: C = 0 */
    load1(CORE_FORMAT_D3D9_CXV8U8, cx, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 0.0f, 0.0f, 1.0f);
}

TEST(texel_load_depth_formats)
{
    float v[4];
    uint32_t w = 0xab000000u | 0xffffffu;
    load1(D24_UNORM_S8_UINT, &w, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 171.0f, 0.0f, 1.0f);
    load1(R24_UNORM_X8, &w, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 0.0f, 0.0f, 1.0f);
    load1(X24_G8_UINT, &w, 0, 0, v);
    CHECK_RGBA(v, 0.0f, 171.0f, 0.0f, 1.0f);
    uint16_t d16 = 0x8000;
    load1(D16_UNORM, &d16, 0, 0, v);
    CHECK_RGBA(v, 32768.0f / 65535.0f, 0.0f, 0.0f, 1.0f);
    load1(CORE_FORMAT_D3D9_D16_LOCKABLE, &d16, 0, 0, v);
    CHECK_F(v[0], 32768.0f / 65535.0f);
    float d = 0.25f;
    load1(D32_FLOAT, &d, 0, 0, v);
    CHECK_RGBA(v, 0.25f, 0.0f, 0.0f, 1.0f);
    uint8_t d32s8[8] = { 0 };
    memcpy(d32s8, &d, 4);
    d32s8[4] = 7;
    load1(D32_FLOAT_S8X24_UINT, d32s8, 0, 0, v);
    CHECK_RGBA(v, 0.25f, 7.0f, 0.0f, 1.0f);
    uint32_t fs8 = 15u << 20 | 5u << 24;   /* 20e4 1.0, stencil 5 */
    load1(CORE_FORMAT_D3D9_D24FS8, &fs8, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 5.0f, 0.0f, 1.0f);
    fs8 = 14u << 20 | 1u << 19;   /* 0.5 * 1.5 */
    load1(CORE_FORMAT_D3D9_D24FS8, &fs8, 0, 0, v);
    CHECK_F(v[0], 0.75f);
    uint16_t d15 = 0x7fff | 0x8000;
    load1(CORE_FORMAT_D3D9_D15S1, &d15, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 1.0f, 0.0f, 1.0f);
    uint32_t d32 = 0xffffffffu;
    load1(CORE_FORMAT_D3D9_D32, &d32, 0, 0, v);
    CHECK_F(v[0], 1.0f);
}

TEST(texel_load_yuv_and_subsampled)
{
    float v[4];
    uint8_t yuy2[4] = { 235, 128, 16, 128 };   /* Y0 white, Y1 black, no chroma */
    load1(YUY2, yuy2, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 1.0f, 1.0f, 1.0f);
    load1(YUY2, yuy2, 1, 0, v);
    CHECK_RGBA(v, 0.0f, 0.0f, 0.0f, 1.0f);
    uint8_t uyvy[4] = { 128, 235, 128, 16 };
    load1(CORE_FORMAT_D3D9_UYVY, uyvy, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 1.0f, 1.0f, 1.0f);
    load1(CORE_FORMAT_D3D9_UYVY, uyvy, 1, 0, v);
    CHECK_RGBA(v, 0.0f, 0.0f, 0.0f, 1.0f);
    /* BT.601 studio-swing red (R'G'B' = 1, 0, 0): Y 81, Cb 90, Cr 240 */
    uint8_t red[4] = { 81, 90, 81, 240 };
    load1(YUY2, red, 0, 0, v);
    CHECK_NEAR(v[0], 1.0, 0.01);
    CHECK_NEAR(v[1], 0.0, 0.01);
    CHECK_NEAR(v[2], 0.0, 0.01);
    uint8_t grey[4] = { 126, 128, 126, 128 };   /* (126 - 16) / 219 */
    load1(YUY2, grey, 1, 0, v);
    CHECK_RGBA(v, 110.0f / 219.0f, 110.0f / 219.0f, 110.0f / 219.0f, 1.0f);
    uint8_t rgbg[4] = { 10, 20, 30, 40 };
    load1(R8G8_B8G8, rgbg, 0, 0, v);
    CHECK_RGBA(v, 10.0f / 255.0f, 20.0f / 255.0f, 30.0f / 255.0f, 1.0f);
    load1(R8G8_B8G8, rgbg, 1, 0, v);
    CHECK_RGBA(v, 10.0f / 255.0f, 40.0f / 255.0f, 30.0f / 255.0f, 1.0f);
    load1(G8R8_G8B8, rgbg, 0, 0, v);
    CHECK_RGBA(v, 20.0f / 255.0f, 10.0f / 255.0f, 40.0f / 255.0f, 1.0f);
    load1(G8R8_G8B8, rgbg, 1, 0, v);
    CHECK_RGBA(v, 20.0f / 255.0f, 30.0f / 255.0f, 40.0f / 255.0f, 1.0f);
}

/* A BC1 colour block with endpoints c0, c1 and indices 0,1,2,3 along the first row. */
static void bc1_block(uint8_t b[8], uint16_t c0, uint16_t c1)
{
    b[0] = (uint8_t)c0;
    b[1] = (uint8_t)(c0 >> 8);
    b[2] = (uint8_t)c1;
    b[3] = (uint8_t)(c1 >> 8);
    b[4] = 0xe4;   /* texels (0..3, 0): codes 0, 1, 2, 3 */
    b[5] = 0x1b;   /* texels (0..3, 1): codes 3, 2, 1, 0 */
    b[6] = 0x00;
    b[7] = 0xff;   /* row 3: all code 3 */
}

TEST(texel_load_bc1)
{
    uint8_t b[8];
    float v[4];
    bc1_block(b, 0xf800, 0x001f);   /* red > blue: four colours */
    load1(BC1, b, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 0.0f, 0.0f, 1.0f);
    load1(BC1, b, 1, 0, v);
    CHECK_RGBA(v, 0.0f, 0.0f, 1.0f, 1.0f);
    load1(BC1, b, 2, 0, v);   /* (2*255 + 0 + 1) / 3 = 170, (0 + 255 + 1) / 3 = 85 */
    CHECK_RGBA(v, 170.0f / 255.0f, 0.0f, 85.0f / 255.0f, 1.0f);
    load1(BC1, b, 3, 0, v);
    CHECK_RGBA(v, 85.0f / 255.0f, 0.0f, 170.0f / 255.0f, 1.0f);
    load1(BC1, b, 0, 1, v);
    CHECK_RGBA(v, 85.0f / 255.0f, 0.0f, 170.0f / 255.0f, 1.0f);
    load1(BC1, b, 3, 3, v);
    CHECK_RGBA(v, 85.0f / 255.0f, 0.0f, 170.0f / 255.0f, 1.0f);
    load1(BC1_SRGB, b, 2, 0, v);
    CHECK_RGBA(v, texel_srgb_to_float(170, 8), 0.0f, texel_srgb_to_float(85, 8), 1.0f);

    bc1_block(b, 0x001f, 0xf800);   /* c0 <= c1: three colours + transparent black */
    load1(BC1, b, 2, 0, v);         /* (255 + 0 + 1) / 2 = 128 */
    CHECK_RGBA(v, 128.0f / 255.0f, 0.0f, 128.0f / 255.0f, 1.0f);
    load1(BC1, b, 3, 0, v);
    CHECK_RGBA(v, 0.0f, 0.0f, 0.0f, 0.0f);
    bc1_block(b, 0x8410, 0x8410);   /* equal endpoints: three-colour mode */
    load1(BC1, b, 0, 0, v);         /* 16 -> 132, 32 -> 130 (MSB replication) */
    CHECK_RGBA(v, 132.0f / 255.0f, 130.0f / 255.0f, 132.0f / 255.0f, 1.0f);
    load1(BC1, b, 3, 0, v);
    CHECK_RGBA(v, 0.0f, 0.0f, 0.0f, 0.0f);
    bc1_block(b, 0x07e0, 0x0000);   /* green 63 -> 255 */
    load1(BC1, b, 0, 0, v);
    CHECK_RGBA(v, 0.0f, 1.0f, 0.0f, 1.0f);

    /* the whole block at once, and addressing inside an 8x8 texture of 2x2 blocks */
    float all[16][4];
    bc1_block(b, 0xf800, 0x001f);
    texel_load_block(fmt(BC1), b, all);
    CHECK_F(all[2][0], 170.0f / 255.0f);
    CHECK_F(all[4][2], 170.0f / 255.0f);
    uint8_t tex[2 * 16];
    memset(tex, 0, sizeof tex);
    bc1_block(tex + 24, 0x07e0, 0x0000);   /* block (1, 1) */
    texel_load(fmt(BC1), tex, 16, 4, 4, v);
    CHECK_RGBA(v, 0.0f, 1.0f, 0.0f, 1.0f);
    texel_load(fmt(BC1), tex, 16, 5, 4, v);
    CHECK_RGBA(v, 0.0f, 0.0f, 0.0f, 1.0f);
}

TEST(texel_load_bc2_bc3_bc4_bc5)
{
    uint8_t b[16];
    float v[4];
    for (int i = 0; i < 8; i++)   /* BC2 alphas: texel i has alpha i (two per byte, low first) */
        b[i] = (uint8_t)((2 * i) | (2 * i + 1) << 4);
    bc1_block(b + 8, 0x001f, 0xf800);   /* c0 <= c1 still gives four colours in BC2 */
    load1(BC2, b, 3, 0, v);             /* code 3: (0 + 2*255 + 1) / 3 = 170 red, 85 blue */
    CHECK_RGBA(v, 170.0f / 255.0f, 0.0f, 85.0f / 255.0f, 3.0f / 15.0f);
    load1(BC2, b, 3, 3, v);
    CHECK_F(v[3], 1.0f);
    load1(BC2, b, 0, 0, v);
    CHECK_F(v[3], 0.0f);

    /* BC3 alpha, 8-value mode: a0 = 255 > a1 = 0; codes 0..7 on texels 0..7 */
    uint64_t idx = 0;
    for (unsigned i = 0; i < 16; i++)
        idx |= (uint64_t)(i & 7) << (3 * i);
    b[0] = 255;
    b[1] = 0;
    for (int i = 0; i < 6; i++)
        b[2 + i] = (uint8_t)(idx >> (8 * i));
    bc1_block(b + 8, 0xf800, 0x001f);
    load1(BC3, b, 0, 0, v);
    CHECK_RGBA(v, 1.0f, 0.0f, 0.0f, 1.0f);
    load1(BC3, b, 1, 0, v);
    CHECK_F(v[3], 0.0f);
    load1(BC3, b, 2, 0, v);
    CHECK_F(v[3], 6.0f / 7.0f);
    load1(BC3, b, 3, 1, v);   /* texel 7: code 7 -> 1/7 */
    CHECK_F(v[3], 1.0f / 7.0f);
    /* 6-value mode: a0 = 0 <= a1 = 255: code 2 -> 1/5, code 6 -> 0, code 7 -> 1 */
    b[0] = 0;
    b[1] = 255;
    load1(BC3, b, 2, 0, v);
    CHECK_F(v[3], 1.0f / 5.0f);
    load1(BC3, b, 2, 1, v);
    CHECK_F(v[3], 0.0f);
    load1(BC3, b, 3, 1, v);
    CHECK_F(v[3], 1.0f);
    b[0] = 200;
    b[1] = 100;
    load1(BC3, b, 4, 0, v);   /* texel 4 -> code 4: (4*200 + 3*100) / (7*255) */
    CHECK_F(v[3], 1100.0f / 1785.0f);

    /* BC4 SNORM: 127 > -128 (signed compare), -128 reads as -1 */
    b[0] = 127;
    b[1] = 0x80;
    load1(BC4_SNORM, b, 1, 0, v);
    CHECK_RGBA(v, -1.0f, 0.0f, 0.0f, 1.0f);
    load1(BC4_SNORM, b, 2, 0, v);   /* (6*127 - 127) / (7*127) = 5/7 */
    CHECK_F(v[0], 5.0f / 7.0f);
    load1(BC4_UNORM, b, 2, 0, v);   /* unsigned: 127 <= 128: 6-value mode, (4*127+128)/1275 */
    CHECK_F(v[0], 636.0f / 1275.0f);
    b[0] = 0x80;   /* SNORM -128 <= 127: 6-value mode, code 6 -> -1 */
    b[1] = 127;
    load1(BC4_SNORM, b, 2, 1, v);
    CHECK_F(v[0], -1.0f);
    /* BC5: two independent BC4 blocks */
    memcpy(b + 8, b, 8);
    b[8] = 255;
    b[9] = 0;
    load1(BC5_UNORM, b, 0, 0, v);   /* r: 128 > 127, code 0 -> 128/255; g: code 0 -> 1 */
    CHECK_RGBA(v, 128.0f / 255.0f, 1.0f, 0.0f, 1.0f);
}

/* ---- encoding through the format table ---- */

TEST(texel_store_formats)
{
    uint8_t p[16];
    const float c[4] = { 1.0f, 0.5f, 0.0f, 0.2f };
    memset(p, 0xee, sizeof p);
    CHECK(texel_store(fmt(R8G8B8A8_UNORM), c, p, 0, 0));
    CHECK_EQ(p[0], 255);
    CHECK_EQ(p[1], 128);
    CHECK_EQ(p[2], 0);
    CHECK_EQ(p[3], 51);
    CHECK_EQ(p[4], 0xee);   /* nothing past the texel */
    CHECK(texel_store(fmt(B8G8R8A8_UNORM), c, p, 0, 0));
    CHECK_EQ(p[0], 0);
    CHECK_EQ(p[2], 255);
    memset(p, 0xff, 4);
    CHECK(texel_store(fmt(B8G8R8X8_UNORM), c, p, 0, 0));
    CHECK_EQ(p[3], 0xff);   /* X bits untouched */
    CHECK(texel_store(fmt(B5G6R5), c, p, 0, 0));
    CHECK_EQ(p[0] | p[1] << 8, 0xf800 | 32 << 5);   /* 0.5 * 63 = 31.5 -> 32 */
    CHECK(texel_store(fmt(B5G5R5A1), c, p, 0, 0));
    CHECK_EQ(p[0] | p[1] << 8, 0x7c00 | 16 << 5);   /* alpha 0.2 -> 0 */
    CHECK(texel_store(fmt(B4G4R4A4), c, p, 0, 0));
    CHECK_EQ(p[0] | p[1] << 8, 0x0f00 | 8 << 4 | 3 << 12);   /* 7.5 -> 8, 3.0 -> 3 */
    CHECK(texel_store(fmt(R8G8B8A8_UNORM_SRGB), c, p, 0, 0));
    CHECK_EQ(p[1], 188);
    CHECK_EQ(p[3], 51);   /* alpha is not sRGB */
    CHECK(texel_store(fmt(R16G16B16A16_FLOAT), c, p, 0, 0));
    CHECK_EQ(p[0] | p[1] << 8, 0x3c00);
    CHECK_EQ(p[2] | p[3] << 8, 0x3800);
    CHECK(texel_store(fmt(R11G11B10_FLOAT), c, p, 0, 0));
    uint32_t w;
    memcpy(&w, p, 4);
    CHECK_EQ(w, (15u << 6) | (14u << 6) << 11);
    CHECK(texel_store(fmt(R10G10B10A2_UNORM), c, p, 0, 0));
    memcpy(&w, p, 4);
    CHECK_EQ(w, 1023u | 512u << 10 | 1u << 30);   /* 0.2 * 3 = 0.6 -> 1 */
    const float l[4] = { 0.25f, 0.75f, 0.75f, 1.0f };
    CHECK(texel_store(fmt(CORE_FORMAT_D3D9_A8L8), l, p, 0, 0));
    CHECK_EQ(p[0], 64);    /* L comes from r */
    CHECK_EQ(p[1], 255);
    const float d[4] = { 1.0f, 200.0f, 0.0f, 0.0f };
    CHECK(texel_store(fmt(D24_UNORM_S8_UINT), d, p, 0, 0));
    memcpy(&w, p, 4);
    CHECK_EQ(w, 0xffffffu | 200u << 24);
    CHECK(!texel_store(fmt(BC1), c, p, 0, 0));
    CHECK(!texel_store(fmt(YUY2), c, p, 0, 0));
    const float big[4] = { 1e9f, -1e9f, NAN, 0.5f };
    CHECK(texel_store(fmt(R8G8B8A8_UINT), big, p, 0, 0));
    CHECK_EQ(p[0], 255);
    CHECK_EQ(p[1], 0);
    CHECK_EQ(p[2], 0);
    CHECK_EQ(p[3], 0);   /* 0.5 -> 0, to even */
    CHECK(texel_store(fmt(R8G8B8A8_SINT), big, p, 0, 0));
    CHECK_EQ(p[0], 127);
    CHECK_EQ(p[1], 0x80);
}

TEST(texel_integer_paths)
{
    uint8_t p[4];
    uint32_t in[4] = { 300, 7, 0xffffffffu, 1 }, out[4];
    CHECK(texel_store_int(fmt(R8G8B8A8_UINT), in, p, 0, 0));
    CHECK_EQ(p[0], 255);   /* 3.2.3.13: clamp */
    CHECK_EQ(p[2], 255);
    CHECK(texel_load_int(fmt(R8G8B8A8_UINT), p, 0, 0, out));
    CHECK_EQ(out[0], 255);
    CHECK_EQ(out[1], 7);
    uint32_t sin[4] = { (uint32_t)-200, 100, (uint32_t)-1, 200 };
    CHECK(texel_store_int(fmt(R8G8B8A8_SINT), sin, p, 0, 0));
    CHECK(texel_load_int(fmt(R8G8B8A8_SINT), p, 0, 0, out));
    CHECK_EQ((int32_t)out[0], -128);
    CHECK_EQ((int32_t)out[1], 100);
    CHECK_EQ((int32_t)out[2], -1);
    CHECK_EQ((int32_t)out[3], 127);
    CHECK(texel_load_int(fmt(R32_UINT), (const uint8_t *)&in[2], 0, 0, out));
    CHECK_EQ(out[0], 0xffffffffu);
    CHECK_EQ(out[1], 0);
    CHECK_EQ(out[3], 1);   /* missing alpha: integer 1 */
    CHECK(!texel_load_int(fmt(R8G8B8A8_UNORM), p, 0, 0, out));
    CHECK(!texel_store_int(fmt(R8G8B8A8_UNORM), in, p, 0, 0));
    CHECK(!texel_store_int(fmt(D24_UNORM_S8_UINT), in, p, 0, 0));
}

/* Decoding, encoding and decoding again gives the same floats, for every encodable format and
 * random texels (the store functions invert the load functions on their image). */
TEST(texel_store_inverts_load_all_formats)
{
    uint32_t seed = 12345;
    int formats = 0;
    for (size_t i = 0; i < core_format_count(); i++) {
        const struct texel_format *f = texel_format_get(core_format_at(i)->id);
        if (!f || !f->store)
            continue;
        formats++;
        for (int n = 0; n < 2000; n++) {
            uint8_t src[16], dst[16];
            for (int k = 0; k < 16; k++) {
                seed = seed * 1664525u + 1013904223u;
                src[k] = (uint8_t)(seed >> 24);
            }
            memset(dst, 0, sizeof dst);
            float a[4], b[4];
            f->load(f, src, 0, 0, a);
            f->store(f, a, dst, 0, 0);
            f->load(f, dst, 0, 0, b);
            for (int c = 0; c < 4; c++)
                if (!same_float(a[c], b[c]) && !(a[c] == 0.0f && b[c] == 0.0f)) {
                    harness_fail(__FILE__, __LINE__, "%s channel %d: %a -> %a", f->desc->name,
                                 c, (double)a[c], (double)b[c]);
                    n = 2000;
                    break;
                }
        }
    }
    CHECK(formats >= 80);
}
