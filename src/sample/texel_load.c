/* src/sample/texel_load.c — texel decoding: the per-format table and every load function.
 *
 * See texel.h for the contract.  Facts (layouts, conversion formulas) come from the D3D11.3
 * functional specification ("the spec": sections cited inline), the DXGI_FORMAT reference (bit
 * order: the first-named channel is in the least significant bits), and the D3DFORMAT reference
 * (bit order: D3D9 names list channels from the most significant bits down, so A8R8G8B8 has B in
 * byte 0).
 *
 * Exact rules chosen where the spec leaves freedom (documented here once):
 *   - BC1..BC3 colour palette (spec 19.5.6; 19.5.2 allows "round-to-nearest division"): the two
 *     derived colours are computed per channel on the UNORM8-promoted endpoints in integers,
 *     rounded to nearest: c2 = (2*c0 + c1 + 1) / 3, c3 = (c0 + 2*c1 + 1) / 3 (no ties exist), and
 *     in BC1's three-colour mode c2 = (c0 + c1 + 1) / 2 (ties round up).  The result is a UNORM8
 *     value, converted like any UNORM8 (or sRGB8) texel, so 0 and 1 are exact.
 *   - BC3 alpha / BC4 / BC5 interpolated values (spec 19.5.9/19.5.10): the exact rational
 *     (w0*a0 + w1*a1) / (7*255) (or /5, or /127 for SNORM) rounded once to float -- the ideal
 *     value of the spec's float formula.
 *   - YUY2 / UYVY (D3D9 YUV textures, seed 003: every filter on every format): ITU-R BT.601
 *     with studio swing, Y in [16, 235] and Cb/Cr in [16, 240] -- the conversion of
 *     "Recommended 8-Bit YUV Formats for Video Rendering" (learn.microsoft.com, "Converting
 *     8-bit YUV to RGB888", whose integer formula rounds these coefficients to 8 bits; the
 *     byte orders Y0 U0 Y1 V0 and U0 Y0 V0 Y1 are that page's):
 *         Y' = (Y - 16) / 219,  Pb = (U - 128) / 224,  Pr = (V - 128) / 224
 *         R = Y' + 1.402 Pr,  G = Y' - 0.344136 Pb - 0.714136 Pr,  B = Y' + 1.772 Pb
 *     each clamped to [0, 1], alpha 1; evaluated in float in exactly this order.  A texel at even
 *     x uses Y0, at odd x Y1; both share the block's U and V (no chroma interpolation).
 *   - D3D9 depth formats whose memory layout applications never see (D15S1, D24X8, D24X4S4,
 *     D24FS8): depth in the low bits, as DXGI's D24_UNORM_S8_UINT (which D3D9's D24S8 maps to);
 *     D24FS8's float depth is 20e4: 4-bit exponent biased by 15, 20-bit mantissa, no sign, no
 *     Inf/NaN, denormals kept (values in [0, 2)).
 */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include "sample/texel.h"
#include "sample/texel_bc.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

/* ---- bit access ---- */

/* `bits` (1..32) bits at bit offset `shift` of a little-endian byte string. */
static uint32_t get_bits(const uint8_t *p, unsigned shift, unsigned bits)
{
    unsigned first = shift / 8, last = (shift + bits - 1) / 8;
    uint64_t v = 0;
    for (unsigned i = last + 1; i-- > first;)
        v = (v << 8) | p[i];
    v >>= shift % 8;
    return bits >= 32 ? (uint32_t)v : (uint32_t)(v & ((1ull << bits) - 1));
}

static uint32_t rd16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t rd32(const uint8_t *p)
{
    return rd16(p) | rd16(p + 2) << 16;
}

static uint32_t sign_extend(uint32_t v, unsigned bits)
{
    if (bits >= 32)
        return v;
    uint32_t m = 1u << (bits - 1);
    return (v ^ m) - m;
}

static float f32_from_bits(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* ---- scalar conversions ---- */

/* Spec 3.2.3.5: convert to float, divide by 2^n - 1.  For n <= 24 both operands are exact floats
 * and the float division is correctly rounded (3.2.3.2 asks for 1/2 ULP).  For wider values the
 * quotient is formed in double and rounded once (D32 UNORM of D3D9). */
float texel_unorm_to_float(uint32_t v, unsigned bits)
{
    if (bits <= 24)
        return (float)v / (float)((1u << bits) - 1);
    double max = bits >= 32 ? 4294967295.0 : (double)((1ull << bits) - 1);
    return (float)((double)v / max);
}

/* Spec 3.2.3.3: the most negative value maps to -1.0; every other value c to c / (2^(n-1) - 1).
 * The spec writes c * (1.0f / (2^(n-1)-1)); 3.2.3.2 requires the 1/2-ULP result, which is the
 * correctly rounded quotient computed here (n <= 25 so both operands are exact floats). */
float texel_snorm_to_float(uint32_t v, unsigned bits)
{
    int32_t c = (int32_t)sign_extend(v, bits);
    int32_t max = (int32_t)((1u << (bits - 1)) - 1);
    if (c < -max)
        return -1.0f;
    return (float)c / (float)max;
}

/* Spec 3.2.3.7, the ideal SRGB -> FLOAT conversion, in double, rounded once.  0 and 1 are exact
 * (the spec requires it): 0 / 12.92 = 0, and ((1 + 0.055) / 1.055)^2.4 = 1^2.4 = 1. */
static double srgb_decode_d(double c)
{
    if (c <= 0.04045)
        return c / 12.92;
    return pow((c + 0.055) / 1.055, 2.4);
}

float texel_srgb_decode(float c)
{
    return (float)srgb_decode_d((double)c);
}

float texel_srgb_to_float(uint32_t v, unsigned bits)
{
    return (float)srgb_decode_d((double)v / (double)((1u << bits) - 1));
}

/* Small floats (spec 3.1.5 float16, 3.1.6 float11/float10; also D24FS8's 20e4):
 *   e == emax (only with Inf/NaN encodings): f != 0 -> NaN, f == 0 -> Inf
 *   0 < e:  2^(e - bias) * (1.f)
 *   e == 0: 2^(1 - bias) * (0.f)   (denormal -- becomes a normal float32, spec 3.2.2)
 * Every value fits a float32 exactly (mantissa <= 21 bits, exponent range well inside). */
float texel_small_float_to_float(uint32_t v, unsigned ebits, unsigned mbits, int bias, bool sign,
                                 bool infnan)
{
    uint32_t emask = (1u << ebits) - 1, mmask = (1u << mbits) - 1;
    uint32_t m = v & mmask, e = (v >> mbits) & emask;
    bool neg = sign && ((v >> (ebits + mbits)) & 1);
    float r;
    if (infnan && e == emask) {
        /* NaN keeps its payload's high bits, and is quiet. */
        uint32_t bits = m ? (0x7fc00000u | (m << (23 - mbits))) : 0x7f800000u;
        r = f32_from_bits(bits);
    } else if (e == 0) {
        r = ldexpf((float)m, 1 - bias - (int)mbits);
    } else {
        r = ldexpf((float)(m | (1u << mbits)), (int)e - bias - (int)mbits);
    }
    return neg ? -r : r;
}

float texel_half_to_float(uint16_t h)
{
    return texel_small_float_to_float(h, 5, 10, 15, true, true);
}

float texel_f11_to_float(uint32_t v)
{
    return texel_small_float_to_float(v & 0x7ff, 5, 6, 15, false, true);
}

float texel_f10_to_float(uint32_t v)
{
    return texel_small_float_to_float(v & 0x3ff, 5, 5, 15, false, true);
}

/* Spec 19.3.2.1: three 9-bit fractions without implied 1 and a 5-bit exponent biased by 15:
 * v = (0.frac) * 2^(e - 15) = frac * 2^(e - 24).  No Inf/NaN; exact in float32. */
void texel_rgb9e5_to_float(uint32_t v, float out[3])
{
    int e = (int)(v >> 27) - 15 - 9;
    out[0] = ldexpf((float)(v & 0x1ff), e);
    out[1] = ldexpf((float)((v >> 9) & 0x1ff), e);
    out[2] = ldexpf((float)((v >> 18) & 0x1ff), e);
}

static float decode_float(uint32_t v, unsigned bits)
{
    switch (bits) {
    case 32: return f32_from_bits(v);   /* bits untouched (denormals stay, spec 22.4.6 ld) */
    case 16: return texel_half_to_float((uint16_t)v);
    case 11: return texel_f11_to_float(v);
    case 10: return texel_f10_to_float(v);
    case 24: return texel_small_float_to_float(v, 4, 20, 15, false, false);   /* D24FS8 */
    default: return 0.0f;
    }
}

static float decode_channel(unsigned type, uint32_t v, unsigned bits)
{
    switch (type) {
    case TEXEL_UNORM: return texel_unorm_to_float(v, bits);
    case TEXEL_SNORM: return texel_snorm_to_float(v, bits);
    case TEXEL_UINT: return (float)v;
    case TEXEL_SINT: return (float)(int32_t)sign_extend(v, bits);
    case TEXEL_FLOAT: return decode_float(v, bits);
    case TEXEL_SRGB: return texel_srgb_to_float(v, bits);
    case TEXEL_XR_BIAS: return ((float)v - 384.0f) / 510.0f;   /* (v - 0x180) / 510 */
    default: return 0.0f;
    }
}

/* ---- load functions ---- */

/* Plain 1x1-block formats: each channel is a bitfield. */
static void load_generic(const struct texel_format *f, const uint8_t *block, unsigned x,
                         unsigned y, float out[4])
{
    (void)x;
    (void)y;
    for (int c = 0; c < 4; c++) {
        const struct texel_channel *ch = &f->ch[c];
        out[c] = ch->type ? decode_channel(ch->type, get_bits(block, ch->shift, ch->bits), ch->bits)
                          : (c == 3 ? 1.0f : 0.0f);
    }
}

static void load_rgb9e5(const struct texel_format *f, const uint8_t *block, unsigned x,
                        unsigned y, float out[4])
{
    (void)f;
    (void)x;
    (void)y;
    texel_rgb9e5_to_float(rd32(block), out);
    out[3] = 1.0f;
}

/* Spec 19.4 sub-sampled formats: R and B are shared by the two texels of a block, G is each
 * texel's own.  R8G8_B8G8 bytes: R, G0, B, G1; G8R8_G8B8 bytes: G0, R, G1, B. */
static void load_rg_bg(const struct texel_format *f, const uint8_t *block, unsigned x,
                       unsigned y, float out[4])
{
    (void)f;
    (void)y;
    out[0] = texel_unorm_to_float(block[0], 8);
    out[1] = texel_unorm_to_float(block[x ? 3 : 1], 8);
    out[2] = texel_unorm_to_float(block[2], 8);
    out[3] = 1.0f;
}

static void load_gr_gb(const struct texel_format *f, const uint8_t *block, unsigned x,
                       unsigned y, float out[4])
{
    (void)f;
    (void)y;
    out[0] = texel_unorm_to_float(block[1], 8);
    out[1] = texel_unorm_to_float(block[x ? 2 : 0], 8);
    out[2] = texel_unorm_to_float(block[3], 8);
    out[3] = 1.0f;
}

/* BT.601 studio-swing YUV -> RGB (the matrix is documented at the top of this file). */
static void yuv_to_rgb(unsigned Y, unsigned U, unsigned V, float out[4])
{
    float yp = ((float)Y - 16.0f) / 219.0f;
    float pb = ((float)U - 128.0f) / 224.0f;
    float pr = ((float)V - 128.0f) / 224.0f;
    float rgb[3] = {
        yp + 1.402f * pr,
        yp - 0.344136f * pb - 0.714136f * pr,
        yp + 1.772f * pb,
    };
    for (int c = 0; c < 3; c++)
        out[c] = fminf(fmaxf(rgb[c], 0.0f), 1.0f);
    out[3] = 1.0f;
}

/* YUY2 bytes: Y0, U, Y1, V.  UYVY bytes: U, Y0, V, Y1. */
static void load_yuy2(const struct texel_format *f, const uint8_t *block, unsigned x,
                      unsigned y, float out[4])
{
    (void)f;
    (void)y;
    yuv_to_rgb(block[x ? 2 : 0], block[1], block[3], out);
}

static void load_uyvy(const struct texel_format *f, const uint8_t *block, unsigned x,
                      unsigned y, float out[4])
{
    (void)f;
    (void)y;
    yuv_to_rgb(block[x ? 3 : 1], block[0], block[2], out);
}

/* D3D9 CxV8U8: U and V signed, the third component C = sqrt(1 - U^2 - V^2) (0 when negative). */
static void load_cxv8u8(const struct texel_format *f, const uint8_t *block, unsigned x,
                        unsigned y, float out[4])
{
    (void)f;
    (void)x;
    (void)y;
    float u = texel_snorm_to_float(block[0], 8), v = texel_snorm_to_float(block[1], 8);
    out[0] = u;
    out[1] = v;
    out[2] = sqrtf(fmaxf(1.0f - u * u - v * v, 0.0f));
    out[3] = 1.0f;
}

/* ---- block compression (spec 19.5) ---- */

/* Spec 19.5.3 UNORM promotion by MSB replication: 5 -> 8 bits (v << 3 | v >> 2), 6 -> 8 bits
 * (v << 2 | v >> 4). */
static void bc_expand565(uint32_t c, unsigned out[3])
{
    unsigned r = (c >> 11) & 31, g = (c >> 5) & 63, b = c & 31;
    out[0] = r << 3 | r >> 2;
    out[1] = g << 2 | g >> 4;
    out[2] = b << 3 | b >> 2;
}

/* The 8-byte colour block of BC1..BC3 (spec 19.5.6): endpoints c0, c1 (RGB565, little-endian),
 * then 2-bit indices, texel (x, y) at bits 2 * (4y + x).  `bc1` enables the three-colour mode
 * (c0 <= c1, unsigned compare) with index 3 = transparent black; BC2/BC3 always use four
 * colours (19.5.7, 19.5.8). */
static void bc_color(const struct texel_format *f, const uint8_t *blk, unsigned x, unsigned y,
                     bool bc1, float out[4])
{
    uint32_t c0 = rd16(blk), c1 = rd16(blk + 2);
    unsigned idx = (rd32(blk + 4) >> (2 * (4 * y + x))) & 3;
    bool four = !bc1 || c0 > c1;
    unsigned e0[3], e1[3], v[3];
    bc_expand565(c0, e0);
    bc_expand565(c1, e1);
    for (int c = 0; c < 3; c++) {
        switch (idx) {
        case 0: v[c] = e0[c]; break;
        case 1: v[c] = e1[c]; break;
        case 2: v[c] = four ? (2 * e0[c] + e1[c] + 1) / 3 : (e0[c] + e1[c] + 1) / 2; break;
        default: v[c] = four ? (e0[c] + 2 * e1[c] + 1) / 3 : 0; break;
        }
    }
    bool srgb = f->ch[0].type == TEXEL_SRGB;
    for (int c = 0; c < 3; c++)
        out[c] = srgb ? texel_srgb_to_float(v[c], 8) : texel_unorm_to_float(v[c], 8);
    out[3] = (!four && idx == 3) ? 0.0f : 1.0f;
}

/* The 8-byte alpha / single-channel block of BC3 and BC4/BC5 (spec 19.5.9, 19.5.10): two
 * endpoint bytes, then 3-bit indices, texel (x, y) at bits 16 + 3 * (4y + x) of the block. */
static float bc_alpha(const uint8_t *blk, unsigned x, unsigned y, bool snorm)
{
    uint64_t bits = (uint64_t)rd32(blk) | (uint64_t)rd32(blk + 4) << 32;
    unsigned idx = (unsigned)(bits >> (16 + 3 * (4 * y + x))) & 7;
    int a0, a1, max;
    if (snorm) {
        a0 = (int8_t)blk[0];
        a1 = (int8_t)blk[1];
        max = 127;
    } else {
        a0 = blk[0];
        a1 = blk[1];
        max = 255;
    }
    bool eight = a0 > a1;   /* the compare uses the raw values (signed for SNORM) */
    /* -128 and -127 both mean -1.0 (spec 3.2.3.3); clamping first keeps the interpolation exact. */
    if (a0 < -127)
        a0 = -127;
    if (a1 < -127)
        a1 = -127;
    if (idx == 0)
        return (float)a0 / (float)max;
    if (idx == 1)
        return (float)a1 / (float)max;
    if (eight) {
        int w1 = (int)idx - 1, w0 = 7 - w1;
        return (float)(w0 * a0 + w1 * a1) / (float)(7 * max);
    }
    if (idx == 6)
        return snorm ? -1.0f : 0.0f;
    if (idx == 7)
        return 1.0f;
    int w1 = (int)idx - 1, w0 = 5 - w1;
    return (float)(w0 * a0 + w1 * a1) / (float)(5 * max);
}

static void load_bc1(const struct texel_format *f, const uint8_t *block, unsigned x, unsigned y,
                     float out[4])
{
    bc_color(f, block, x, y, true, out);
}

/* BC2: 64 bits of explicit 4-bit alpha (texel i at bits 4i), then a colour block. */
static void load_bc2(const struct texel_format *f, const uint8_t *block, unsigned x, unsigned y,
                     float out[4])
{
    bc_color(f, block + 8, x, y, false, out);
    unsigned i = 4 * y + x;
    out[3] = texel_unorm_to_float((block[i / 2] >> (4 * (i & 1))) & 15, 4);
}

static void load_bc3(const struct texel_format *f, const uint8_t *block, unsigned x, unsigned y,
                     float out[4])
{
    bc_color(f, block + 8, x, y, false, out);
    out[3] = bc_alpha(block, x, y, false);
}

static void load_bc4(const struct texel_format *f, const uint8_t *block, unsigned x, unsigned y,
                     float out[4])
{
    out[0] = bc_alpha(block, x, y, f->ch[0].type == TEXEL_SNORM);
    out[1] = out[2] = 0.0f;
    out[3] = 1.0f;
}

static void load_bc5(const struct texel_format *f, const uint8_t *block, unsigned x, unsigned y,
                     float out[4])
{
    bool snorm = f->ch[0].type == TEXEL_SNORM;
    out[0] = bc_alpha(block, x, y, snorm);
    out[1] = bc_alpha(block + 8, x, y, snorm);
    out[2] = 0.0f;
    out[3] = 1.0f;
}

/* The 3Dc FOURCCs of D3D9 (ATI1, ATI2): BC4/BC5 UNORM blocks (the DDS programming guide maps
 * the legacy FourCCs 'ATI1' and 'ATI2' onto BC4_UNORM and BC5_UNORM), read with the channel
 * mapping of the D3D9 drivers that offer them -- the one Wine's wined3d reproduces in its
 * format fixups: ATI1's one channel in r, g, b and a; ATI2's second block in r, its first in g
 * (the 3Dc order, X in the second block), b and a 1. */
static void load_ati1(const struct texel_format *f, const uint8_t *block, unsigned x,
                      unsigned y, float out[4])
{
    (void)f;
    out[0] = out[1] = out[2] = out[3] = bc_alpha(block, x, y, false);
}

static void load_ati2(const struct texel_format *f, const uint8_t *block, unsigned x,
                      unsigned y, float out[4])
{
    (void)f;
    out[0] = bc_alpha(block + 8, x, y, false);
    out[1] = bc_alpha(block, x, y, false);
    out[2] = out[3] = 1.0f;
}

/* ---- the table ---- */

/* A channel packed in one integer (so that table rows are plain macro arguments):
 * type | shift << 8 | bits << 16; table_init() unpacks it into struct texel_channel. */
#define CH(t, s, b) ((uint32_t)(t) | (uint32_t)(s) << 8 | (uint32_t)(b) << 16)
#define NO 0u
#define UN(s, b) CH(TEXEL_UNORM, s, b)
#define SN(s, b) CH(TEXEL_SNORM, s, b)
#define UI(s, b) CH(TEXEL_UINT, s, b)
#define SI(s, b) CH(TEXEL_SINT, s, b)
#define FL(s, b) CH(TEXEL_FLOAT, s, b)
#define SR(s, b) CH(TEXEL_SRGB, s, b)
#define XR(s, b) CH(TEXEL_XR_BIAS, s, b)
#define ENTRY(id_, load_, store_, r, g, b, a)                                                 \
    { .id = (id_), .load = (load_), .store = (store_), .ch = { r, g, b, a } }

struct table_row {
    core_format id;
    texel_load_fn load;
    texel_store_fn store;
    uint32_t ch[4];
};
#define GEN(id_, r, g, b, a) ENTRY(id_, load_generic, texel_store_generic, r, g, b, a)
/* Four 32-bit, four 16-bit and two-channel shapes of one type. */
#define X4_32(id_, T) GEN(id_, T(0, 32), T(32, 32), T(64, 32), T(96, 32))
#define X3_32(id_, T) GEN(id_, T(0, 32), T(32, 32), T(64, 32), NO)
#define X2_32(id_, T) GEN(id_, T(0, 32), T(32, 32), NO, NO)
#define X4_16(id_, T) GEN(id_, T(0, 16), T(16, 16), T(32, 16), T(48, 16))
#define X2_16(id_, T) GEN(id_, T(0, 16), T(16, 16), NO, NO)
#define X4_8(id_, T) GEN(id_, T(0, 8), T(8, 8), T(16, 8), T(24, 8))
#define X2_8(id_, T) GEN(id_, T(0, 8), T(8, 8), NO, NO)
#define X1(id_, T, b) GEN(id_, T(0, b), NO, NO, NO)
#define LUM(id_, lb, ab) GEN(id_, UN(0, lb), UN(0, lb), UN(0, lb), ab)

static const struct table_row rows[] = {
    X4_32(2, FL), X4_32(3, UI), X4_32(4, SI),                /* R32G32B32A32 */
    X3_32(6, FL), X3_32(7, UI), X3_32(8, SI),                /* R32G32B32 */
    X4_16(10, FL), X4_16(11, UN), X4_16(12, UI), X4_16(13, SN), X4_16(14, SI),
    X2_32(16, FL), X2_32(17, UI), X2_32(18, SI),             /* R32G32 */
    GEN(20, FL(0, 32), UI(32, 8), NO, NO),                   /* D32_FLOAT_S8X24_UINT */
    GEN(21, FL(0, 32), NO, NO, NO),                          /* R32_FLOAT_X8X24_TYPELESS */
    GEN(22, NO, UI(32, 8), NO, NO),                          /* X32_TYPELESS_G8X24_UINT */
    GEN(24, UN(0, 10), UN(10, 10), UN(20, 10), UN(30, 2)),   /* R10G10B10A2_UNORM */
    GEN(25, UI(0, 10), UI(10, 10), UI(20, 10), UI(30, 2)),
    GEN(26, FL(0, 11), FL(11, 11), FL(22, 10), NO),          /* R11G11B10_FLOAT */
    X4_8(28, UN),
    GEN(29, SR(0, 8), SR(8, 8), SR(16, 8), UN(24, 8)),       /* R8G8B8A8_UNORM_SRGB */
    X4_8(30, UI), X4_8(31, SN), X4_8(32, SI),
    X2_16(34, FL), X2_16(35, UN), X2_16(36, UI), X2_16(37, SN), X2_16(38, SI),
    X1(40, FL, 32), X1(41, FL, 32), X1(42, UI, 32), X1(43, SI, 32),   /* D32_FLOAT, R32_* */
    GEN(45, UN(0, 24), UI(24, 8), NO, NO),                   /* D24_UNORM_S8_UINT */
    GEN(46, UN(0, 24), NO, NO, NO),                          /* R24_UNORM_X8_TYPELESS */
    GEN(47, NO, UI(24, 8), NO, NO),                          /* X24_TYPELESS_G8_UINT */
    X2_8(49, UN), X2_8(50, UI), X2_8(51, SN), X2_8(52, SI),
    X1(54, FL, 16), X1(55, UN, 16), X1(56, UN, 16), X1(57, UI, 16), X1(58, SN, 16),
    X1(59, SI, 16),
    X1(61, UN, 8), X1(62, UI, 8), X1(63, SN, 8), X1(64, SI, 8),
    GEN(65, NO, NO, NO, UN(0, 8)),                           /* A8_UNORM */
    ENTRY(67, load_rgb9e5, texel_store_rgb9e5, FL(0, 9), FL(9, 9), FL(18, 9), NO),
    ENTRY(68, load_rg_bg, NULL, UN(0, 8), UN(8, 8), UN(16, 8), NO),   /* R8G8_B8G8 */
    ENTRY(69, load_gr_gb, NULL, UN(8, 8), UN(0, 8), UN(24, 8), NO),   /* G8R8_G8B8 */
    ENTRY(71, load_bc1, NULL, UN(0, 0), UN(0, 0), UN(0, 0), UN(0, 0)),
    ENTRY(72, load_bc1, NULL, SR(0, 0), SR(0, 0), SR(0, 0), UN(0, 0)),
    ENTRY(74, load_bc2, NULL, UN(0, 0), UN(0, 0), UN(0, 0), UN(0, 0)),
    ENTRY(75, load_bc2, NULL, SR(0, 0), SR(0, 0), SR(0, 0), UN(0, 0)),
    ENTRY(77, load_bc3, NULL, UN(0, 0), UN(0, 0), UN(0, 0), UN(0, 0)),
    ENTRY(78, load_bc3, NULL, SR(0, 0), SR(0, 0), SR(0, 0), UN(0, 0)),
    ENTRY(80, load_bc4, NULL, UN(0, 0), NO, NO, NO),
    ENTRY(81, load_bc4, NULL, SN(0, 0), NO, NO, NO),
    ENTRY(83, load_bc5, NULL, UN(0, 0), UN(0, 0), NO, NO),
    ENTRY(84, load_bc5, NULL, SN(0, 0), SN(0, 0), NO, NO),
    GEN(85, UN(11, 5), UN(5, 6), UN(0, 5), NO),              /* B5G6R5_UNORM */
    GEN(86, UN(10, 5), UN(5, 5), UN(0, 5), UN(15, 1)),       /* B5G5R5A1_UNORM */
    GEN(87, UN(16, 8), UN(8, 8), UN(0, 8), UN(24, 8)),       /* B8G8R8A8_UNORM */
    GEN(88, UN(16, 8), UN(8, 8), UN(0, 8), NO),              /* B8G8R8X8_UNORM */
    GEN(89, XR(0, 10), XR(10, 10), XR(20, 10), UN(30, 2)),   /* R10G10B10_XR_BIAS_A2_UNORM */
    GEN(91, SR(16, 8), SR(8, 8), SR(0, 8), UN(24, 8)),       /* B8G8R8A8_UNORM_SRGB */
    GEN(93, SR(16, 8), SR(8, 8), SR(0, 8), NO),              /* B8G8R8X8_UNORM_SRGB */
    ENTRY(95, texel_load_bc6h, NULL, FL(0, 0), FL(0, 0), FL(0, 0), NO),
    ENTRY(96, texel_load_bc6h, NULL, FL(0, 0), FL(0, 0), FL(0, 0), NO),
    ENTRY(98, texel_load_bc7, NULL, UN(0, 0), UN(0, 0), UN(0, 0), UN(0, 0)),
    ENTRY(99, texel_load_bc7, NULL, SR(0, 0), SR(0, 0), SR(0, 0), UN(0, 0)),
    ENTRY(107, load_yuy2, NULL, UN(0, 8), UN(8, 8), UN(24, 8), NO),   /* YUY2 */
    GEN(115, UN(8, 4), UN(4, 4), UN(0, 4), UN(12, 4)),       /* B4G4R4A4_UNORM */
    GEN(191, UN(12, 4), UN(8, 4), UN(4, 4), UN(0, 4)),       /* A4B4G4R4_UNORM */

    /* D3D9-only formats (format.h).  D3D9 names list channels from the MSB down. */
    GEN(CORE_FORMAT_D3D9_R8G8B8, UN(16, 8), UN(8, 8), UN(0, 8), NO),
    GEN(CORE_FORMAT_D3D9_X1R5G5B5, UN(10, 5), UN(5, 5), UN(0, 5), NO),
    GEN(CORE_FORMAT_D3D9_R3G3B2, UN(5, 3), UN(2, 3), UN(0, 2), NO),
    GEN(CORE_FORMAT_D3D9_A8R3G3B2, UN(5, 3), UN(2, 3), UN(0, 2), UN(8, 8)),
    GEN(CORE_FORMAT_D3D9_X4R4G4B4, UN(8, 4), UN(4, 4), UN(0, 4), NO),
    GEN(CORE_FORMAT_D3D9_X8B8G8R8, UN(0, 8), UN(8, 8), UN(16, 8), NO),
    GEN(CORE_FORMAT_D3D9_A2R10G10B10, UN(20, 10), UN(10, 10), UN(0, 10), UN(30, 2)),
    LUM(CORE_FORMAT_D3D9_L8, 8, NO),                         /* (L, L, L, 1) */
    LUM(CORE_FORMAT_D3D9_A8L8, 8, UN(8, 8)),
    LUM(CORE_FORMAT_D3D9_A4L4, 4, UN(4, 4)),
    LUM(CORE_FORMAT_D3D9_L16, 16, NO),
    /* Bump maps: (U, V, L or W, 1 or A), U and V signed. */
    GEN(CORE_FORMAT_D3D9_L6V5U5, SN(0, 5), SN(5, 5), UN(10, 6), NO),
    GEN(CORE_FORMAT_D3D9_X8L8V8U8, SN(0, 8), SN(8, 8), UN(16, 8), NO),
    GEN(CORE_FORMAT_D3D9_A2W10V10U10, SN(0, 10), SN(10, 10), SN(20, 10), UN(30, 2)),
    ENTRY(CORE_FORMAT_D3D9_CXV8U8, load_cxv8u8, NULL, SN(0, 8), SN(8, 8), UN(0, 0), NO),
    ENTRY(CORE_FORMAT_D3D9_UYVY, load_uyvy, NULL, UN(8, 8), UN(0, 8), UN(16, 8), NO),
    X1(CORE_FORMAT_D3D9_D16_LOCKABLE, UN, 16),
    X1(CORE_FORMAT_D3D9_D32, UN, 32),
    GEN(CORE_FORMAT_D3D9_D15S1, UN(0, 15), UI(15, 1), NO, NO),
    X1(CORE_FORMAT_D3D9_D24X8, UN, 24),
    GEN(CORE_FORMAT_D3D9_D24X4S4, UN(0, 24), UI(24, 4), NO, NO),
    GEN(CORE_FORMAT_D3D9_D24FS8, FL(0, 24), UI(24, 8), NO, NO),
    X1(CORE_FORMAT_D3D9_D32F_LOCKABLE, FL, 32),
    X1(CORE_FORMAT_D3D9_D32_LOCKABLE, UN, 32),
    GEN(CORE_FORMAT_D3D9_S8_LOCKABLE, NO, UI(0, 8), NO, NO),
    /* INTZ views: the D24S8 depth in every component (format.h) */
    GEN(CORE_FORMAT_D3D9_INTZ, UN(0, 24), UN(0, 24), UN(0, 24), UN(0, 24)),
    ENTRY(CORE_FORMAT_D3D9_ATI1, load_ati1, NULL, UN(0, 0), UN(0, 0), UN(0, 0), UN(0, 0)),
    ENTRY(CORE_FORMAT_D3D9_ATI2, load_ati2, NULL, UN(0, 0), UN(0, 0), UN(0, 0), UN(0, 0)),
    /* DF16 views: the D16 depth in every component, as INTZ's */
    GEN(CORE_FORMAT_D3D9_DF16, UN(0, 16), UN(0, 16), UN(0, 16), UN(0, 16)),
};

#define TABLE_SIZE (sizeof(rows) / sizeof(rows[0]))

static struct texel_format table[TABLE_SIZE];
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

/* Build the texel_format entries (with their derived fields) from the rows, once. */
static void table_init(void)
{
    for (size_t i = 0; i < TABLE_SIZE; i++) {
        struct texel_format *f = &table[i];
        f->id = rows[i].id;
        f->load = rows[i].load;
        f->store = rows[i].store;
        f->desc = core_format_get(f->id);
        f->present = 0;
        f->integer = false;
        for (int c = 0; c < 4; c++) {
            f->ch[c].type = (uint8_t)(rows[i].ch[c] & 0xff);
            f->ch[c].shift = (uint8_t)((rows[i].ch[c] >> 8) & 0xff);
            f->ch[c].bits = (uint8_t)((rows[i].ch[c] >> 16) & 0xff);
            if (f->ch[c].type)
                f->present |= (uint8_t)(1u << c);
            if (f->ch[c].type == TEXEL_UINT || f->ch[c].type == TEXEL_SINT)
                f->integer = true;
        }
        if (f->desc) {
            f->block_w = f->desc->block_width;
            f->block_h = f->desc->block_height;
            f->block_bytes = f->desc->block_bytes;
        }
    }
}

const struct texel_format *texel_format_get(core_format id)
{
    pthread_once(&table_once, table_init);
    size_t lo = 0, hi = TABLE_SIZE;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (table[mid].id == id)
            return table[mid].desc ? &table[mid] : NULL;
        if (table[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

void texel_load_block(const struct texel_format *f, const uint8_t *block, float (*out)[4])
{
    for (unsigned y = 0; y < f->block_h; y++)
        for (unsigned x = 0; x < f->block_w; x++)
            f->load(f, block, x, y, out[y * f->block_w + x]);
}

bool texel_load_int(const struct texel_format *f, const uint8_t *block, unsigned x, unsigned y,
                    uint32_t out[4])
{
    (void)x;
    (void)y;
    if (!f->integer || f->load != load_generic)
        return false;
    for (int c = 0; c < 4; c++) {
        const struct texel_channel *ch = &f->ch[c];
        if (!ch->type) {
            out[c] = c == 3 ? 1u : 0u;
            continue;
        }
        uint32_t v = get_bits(block, ch->shift, ch->bits);
        out[c] = ch->type == TEXEL_SINT ? sign_extend(v, ch->bits) : v;
    }
    return true;
}
