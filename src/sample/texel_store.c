/* src/sample/texel_store.c — texel encoding: float4 (or integers) -> format bits.
 *
 * The conversions follow the D3D11.3 functional specification ("the spec"), section 3.2:
 *
 *   FLOAT -> UNORM (3.2.3.6): NaN -> 0; clamp to [0, 1] (Inf included); c * (2^n - 1); add 0.5;
 *     drop the fraction.  We evaluate c * (2^n - 1) + 0.5 exactly (in double: a 24-bit float
 *     times an integer of at most 29 bits is exact), so the result is the exact product rounded
 *     to nearest.  The only exact tie is c = 0.5 (2^n - 1 is odd, so c * (2^n - 1) = k + 1/2
 *     forces c = 1/2), where "add 0.5 and truncate" and round-to-nearest-even agree on 2^(n-1):
 *     the result is therefore also the round-to-nearest-even of 3.2.2.  The spec allows 0.6 ULP;
 *     we give the 0.5-ULP ideal.  (32-bit UNORM, D3D9's D32, rounds the product once first.)
 *   FLOAT -> SNORM (3.2.3.4): NaN -> 0; clamp to [-1, 1]; c * (2^(n-1) - 1); +0.5 (or -0.5 if
 *     negative); drop the fraction -- again exact, and again the only ties (c = +-0.5) agree
 *     with round-to-nearest-even.  -1.0 encodes as -(2^(n-1) - 1), never the most negative value.
 *   FLOAT -> SRGB (3.2.3.8): NaN -> 0; clamp; c <= 0.0031308 ? 12.92 c : 1.055 c^(1/2.4) - 0.055;
 *     then as UNORM.  Evaluated in double (pow from libm), then the exact "+0.5, truncate".
 *   float32 -> float16 / float11 / float10 (3.2.2, 3.1.5, 3.1.6): round toward zero; a finite
 *     value beyond the range gives the largest finite value (not Inf); Inf -> Inf; NaN -> NaN;
 *     float32 denormals -> 0 (sign kept where there is a sign); results below the smallest
 *     normal become denormals.  float11/10 have no sign: negative values (and -Inf) -> 0.
 *     texel_float_to_half_rne() is the IEEE round-to-nearest-even variant, for users that want
 *     it (no format store uses it).
 *   FLOAT -> UINT / SINT (3.2.2 "integer target: round-to-nearest-even"): NaN -> 0, clamp to the
 *     range, round to nearest even.
 *   integer -> UINT / SINT (3.2.3.13): clamp to the target range.
 *   FLOAT -> RGBE (19.3.2.2, "never performed by hardware", for completeness): negative and NaN
 *     -> 0, saturate at 65408, shared exponent from the largest channel, mantissas rounded to
 *     nearest even; when the largest mantissa rounds up to 512 the exponent grows by one.
 */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include "sample/texel.h"

#include <math.h>
#include <string.h>

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* Write `bits` (1..32) bits at bit offset `shift` of a little-endian byte string. */
static void put_bits(uint8_t *p, unsigned shift, unsigned bits, uint32_t v)
{
    unsigned first = shift / 8, last = (shift + bits - 1) / 8;
    uint64_t mask = (bits >= 32 ? 0xffffffffull : ((1ull << bits) - 1)) << (shift % 8);
    uint64_t val = ((uint64_t)v << (shift % 8)) & mask, cur = 0;
    for (unsigned i = last + 1; i-- > first;)
        cur = (cur << 8) | p[i];
    cur = (cur & ~mask) | val;
    for (unsigned i = first; i <= last; i++, cur >>= 8)
        p[i] = (uint8_t)cur;
}

static double unorm_max(unsigned bits)
{
    return bits >= 32 ? 4294967295.0 : (double)((1ull << bits) - 1);
}

uint32_t texel_float_to_unorm(float c, unsigned bits)
{
    if (!(c > 0.0f))   /* NaN and c <= 0 */
        return 0;
    double max = unorm_max(bits);
    if (c >= 1.0f)
        return (uint32_t)max;
    return (uint32_t)floor((double)c * max + 0.5);
}

uint32_t texel_float_to_snorm(float c, unsigned bits)
{
    if (c != c)
        return 0;
    double max = (double)((1u << (bits - 1)) - 1);
    double s = (double)fminf(fmaxf(c, -1.0f), 1.0f) * max;
    int32_t i = (int32_t)(s >= 0.0 ? floor(s + 0.5) : ceil(s - 0.5));
    return bits >= 32 ? (uint32_t)i : (uint32_t)i & ((1u << bits) - 1);
}

static double srgb_encode_d(float c)
{
    if (!(c > 0.0f))
        return 0.0;
    if (c >= 1.0f)
        return 1.0;
    double d = c;
    if (d <= 0.0031308)
        return 12.92 * d;
    return 1.055 * pow(d, 1.0 / 2.4) - 0.055;
}

float texel_srgb_encode(float c)
{
    return (float)srgb_encode_d(c);
}

uint32_t texel_float_to_srgb(float c, unsigned bits)
{
    double s = srgb_encode_d(c) * unorm_max(bits) + 0.5;
    double max = unorm_max(bits);
    return (uint32_t)fmin(floor(s), max);
}

/* Round-toward-zero small float encoding, the general form of the float16/11/10 rules above
 * (1 + ebits + mbits <= 32; mbits <= 23).  `bias` is the exponent bias; with `infnan` the all-ones
 * exponent encodes Inf/NaN, without it the all-ones exponent is an ordinary (largest) binade and
 * Inf saturates, NaN gives 0. */
uint32_t texel_float_to_small_float(float f, unsigned ebits, unsigned mbits, int bias, bool sign,
                                    bool infnan)
{
    uint32_t x = f32_bits(f), neg = x >> 31, a = x & 0x7fffffffu;
    uint32_t emask = (1u << ebits) - 1, mmask = (1u << mbits) - 1;
    uint32_t sbit = (sign && neg) ? 1u << (ebits + mbits) : 0;
    uint32_t emax = infnan ? emask - 1 : emask;        /* largest exponent of finite values */
    uint32_t maxfinite = (emax << mbits) | mmask;
    if (a > 0x7f800000u) {   /* NaN */
        if (!infnan)
            return 0;
        uint32_t m = (a >> (23 - mbits)) & mmask;
        if (!m)
            m = 1u << (mbits - 1);
        return (sign ? sbit : 0) | emask << mbits | m;
    }
    if (neg && !sign)
        return 0;            /* no sign bit: negative values (and -0, -Inf) clamp to zero */
    if (a == 0x7f800000u)
        return sbit | (infnan ? emask << mbits : maxfinite);
    if (a < 0x00800000u)
        return sbit;         /* zero, and float32 denormals (flushed, 3.2.2) */
    int e = (int)(a >> 23) - 127 + bias;
    if (e > (int)emax)
        return sbit | maxfinite;
    uint32_t m = (a & 0x7fffffu) | 0x800000u;
    if (e >= 1)
        return sbit | (uint32_t)e << mbits | ((m >> (23 - mbits)) & mmask);
    /* Denormal: value = m * 2^(E - 150) = mant * 2^(1 - bias - mbits), so mant = m >> shift. */
    unsigned shift = (unsigned)(23 - (int)mbits + 1 - e);
    return sbit | (shift >= 32 ? 0 : m >> shift);
}

uint16_t texel_float_to_half(float f)
{
    return (uint16_t)texel_float_to_small_float(f, 5, 10, 15, true, true);
}

uint32_t texel_float_to_f11(float f)
{
    return texel_float_to_small_float(f, 5, 6, 15, false, true);
}

uint32_t texel_float_to_f10(float f)
{
    return texel_float_to_small_float(f, 5, 5, 15, false, true);
}

/* IEEE float32 -> float16 with round-to-nearest-even: overflow goes to Inf, NaN stays NaN,
 * float32 denormals round to (signed) zero. */
uint16_t texel_float_to_half_rne(float f)
{
    uint32_t x = f32_bits(f), a = x & 0x7fffffffu;
    uint16_t s = (uint16_t)((x >> 16) & 0x8000u);
    if (a > 0x7f800000u) {
        uint32_t m = (a >> 13) & 0x3ffu;
        return (uint16_t)(s | 0x7c00u | (m ? m : 0x200u));
    }
    if (a >= 0x477ff000u)   /* >= 65520: rounds to Inf (and Inf itself) */
        return (uint16_t)(s | 0x7c00u);
    if (a < 0x33000001u)    /* <= 2^-25: rounds to zero (2^-25 is the tie, to even 0) */
        return s;
    int e = (int)(a >> 23) - 127 + 15;
    uint32_t m = (a & 0x7fffffu) | 0x800000u;
    unsigned shift = e >= 1 ? 13 : (unsigned)(14 - e);
    uint32_t q = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (q & 1)))
        q++;
    /* Normal: the hidden bit lands in the exponent field; a mantissa carry bumps the exponent
     * (up to Inf, excluded above).  Denormal: q is the mantissa, a carry makes it normal. */
    return (uint16_t)(s | (e >= 1 ? (((uint32_t)(e - 1) << 10) + q) : q));
}

uint32_t texel_float_to_rgb9e5(const float in[3])
{
    const float max = 65408.0f;   /* 0.111111111b * 2^16 */
    float c[3];
    for (int i = 0; i < 3; i++)
        c[i] = in[i] > 0.0f ? fminf(in[i], max) : 0.0f;   /* NaN and negatives -> 0 */
    float m = fmaxf(fmaxf(c[0], c[1]), c[2]);
    if (m == 0.0f)
        return 0;
    int e2;
    frexpf(m, &e2);           /* m = f * 2^e2, f in [0.5, 1): m < 2^e2 */
    int E = e2 + 15;          /* smallest E with m < 2^(E - 15) */
    if (E < 0)
        E = 0;
    /* mantissa = c / 2^(E - 24), rounded to nearest even (the power-of-two scale is exact) */
    if (rintf(ldexpf(m, 24 - E)) >= 512.0f)
        E++;
    uint32_t r = 0;
    for (int i = 0; i < 3; i++)
        r |= (uint32_t)rintf(ldexpf(c[i], 24 - E)) << (9 * i);
    return r | (uint32_t)E << 27;
}

/* ---- the format table's store functions ---- */

static uint32_t float_to_uint(float c, unsigned bits)
{
    if (!(c > 0.0f))
        return 0;
    double max = unorm_max(bits);
    return (uint32_t)fmin(rint((double)c), max);
}

static uint32_t float_to_sint(float c, unsigned bits)
{
    if (c != c)
        return 0;
    double max = bits >= 32 ? 2147483647.0 : (double)((1u << (bits - 1)) - 1);
    double v = fmax(fmin(rint((double)c), max), -max - 1.0);
    uint32_t u = (uint32_t)(int32_t)v;
    return bits >= 32 ? u : u & ((1u << bits) - 1);
}

static uint32_t encode_float(float c, unsigned bits)
{
    switch (bits) {
    case 32: return f32_bits(c);
    case 16: return texel_float_to_half(c);
    case 11: return texel_float_to_f11(c);
    case 10: return texel_float_to_f10(c);
    case 24: return texel_float_to_small_float(c, 4, 20, 15, false, false);
    default: return 0;
    }
}

static uint32_t encode_channel(unsigned type, float c, unsigned bits)
{
    switch (type) {
    case TEXEL_UNORM: return texel_float_to_unorm(c, bits);
    case TEXEL_SNORM: return texel_float_to_snorm(c, bits);
    case TEXEL_UINT: return float_to_uint(c, bits);
    case TEXEL_SINT: return float_to_sint(c, bits);
    case TEXEL_FLOAT: return encode_float(c, bits);
    case TEXEL_SRGB: return texel_float_to_srgb(c, bits);
    case TEXEL_XR_BIAS: {
        /* inverse of (v - 384) / 510, clamped to the 10-bit range, rounded like UNORM */
        if (c != c)
            return 384;
        double v = floor((double)c * 510.0 + 384.0 + 0.5);
        return (uint32_t)fmin(fmax(v, 0.0), 1023.0);
    }
    default: return 0;
    }
}

/* A channel whose bits an earlier channel already names (luminance replicated to r, g, b) is
 * written once, from the earliest channel (r). */
static bool channel_is_duplicate(const struct texel_format *f, int c)
{
    for (int p = 0; p < c; p++)
        if (f->ch[p].type && f->ch[p].shift == f->ch[c].shift && f->ch[p].bits == f->ch[c].bits)
            return true;
    return false;
}

void texel_store_generic(const struct texel_format *f, const float in[4], uint8_t *block,
                         unsigned x, unsigned y)
{
    (void)x;
    (void)y;
    for (int c = 0; c < 4; c++) {
        const struct texel_channel *ch = &f->ch[c];
        if (!ch->type || channel_is_duplicate(f, c))
            continue;
        put_bits(block, ch->shift, ch->bits, encode_channel(ch->type, in[c], ch->bits));
    }
}

void texel_store_rgb9e5(const struct texel_format *f, const float in[4], uint8_t *block,
                        unsigned x, unsigned y)
{
    (void)f;
    (void)x;
    (void)y;
    put_bits(block, 0, 32, texel_float_to_rgb9e5(in));
}

bool texel_store(const struct texel_format *f, const float in[4], uint8_t *block, unsigned x,
                 unsigned y)
{
    if (!f->store)
        return false;
    f->store(f, in, block, x, y);
    return true;
}

bool texel_store_int(const struct texel_format *f, const uint32_t in[4], uint8_t *block,
                     unsigned x, unsigned y)
{
    (void)x;
    (void)y;
    if (f->store != texel_store_generic || !f->present)
        return false;
    for (int c = 0; c < 4; c++)
        if (f->ch[c].type && f->ch[c].type != TEXEL_UINT && f->ch[c].type != TEXEL_SINT)
            return false;
    for (int c = 0; c < 4; c++) {
        const struct texel_channel *ch = &f->ch[c];
        if (!ch->type)
            continue;
        uint32_t v;
        if (ch->type == TEXEL_UINT) {
            uint32_t max = ch->bits >= 32 ? 0xffffffffu : (1u << ch->bits) - 1;
            v = in[c] > max ? max : in[c];
        } else {
            int64_t max = ch->bits >= 32 ? INT32_MAX : (int64_t)(1u << (ch->bits - 1)) - 1;
            int64_t s = (int32_t)in[c];
            s = s > max ? max : s < -max - 1 ? -max - 1 : s;
            v = (uint32_t)(int32_t)s;
            if (ch->bits < 32)
                v &= (1u << ch->bits) - 1;
        }
        put_bits(block, ch->shift, ch->bits, v);
    }
    return true;
}
