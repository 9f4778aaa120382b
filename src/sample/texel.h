/* src/sample/texel.h — API-neutral texel decoding (texel_load.c) and encoding (texel_store.c).
 *
 * Read me first.
 *   - One texel_format per decodable core_format (texel_format_get()).  It carries the per-format
 *     load/store function pointers, chosen once when a view is created (softpipe habit: no
 *     per-texel switch on the format), and a channel description used by the generic functions
 *     and by the sampler (border-colour clamping, missing-component defaults).
 *   - Data is addressed in blocks (core_format_desc: 1x1 plain, 4x4 BC, 2x1 packed 4:2:2).  A
 *     load function receives the block and the texel's position inside it; texel_load() does the
 *     block addressing for a plain (x, y) inside one 2D slice.
 *   - Output is always float4 r, g, b, a.  Channels the format lacks get the Direct3D 11 defaults
 *     (0, 0, 0, 1) -- D3D11.3 functional spec 19.1.3.3 "Defaults for Missing Components"; the
 *     sampler's view can ask for the Direct3D 9 defaults instead (sampler.h).
 *   - Integer formats also decode to raw 32-bit integers (texel_load_int) for ld-style reads.
 *
 * Conversion rules (all from the D3D11.3 functional specification, "the spec" below):
 *   UNORM -> FLOAT   v / (2^n - 1), correctly rounded (3.2.3.5, precision 3.2.3.2).
 *   SNORM -> FLOAT   most negative -> -1.0, else v / (2^(n-1) - 1) correctly rounded (3.2.3.3).
 *   SRGB  -> FLOAT   the ideal formula of 3.2.3.7, evaluated in double, rounded once to float.
 *   float16/11/10 -> float32: exact, denormals become normal float32 values (3.1.5, 3.1.6,
 *                    3.2.2 "lower -> higher range"); NaN stays NaN, Inf stays Inf.
 *   FLOAT -> UNORM / SNORM / SRGB: NaN -> 0, clamp, scale, round (3.2.3.4, 3.2.3.6, 3.2.3.8);
 *                    see texel_store.c for the exact arithmetic chosen.
 *   float32 -> float16/11/10: round toward zero, overflow -> largest finite, Inf -> Inf,
 *                    NaN -> NaN, float32 denormals -> 0 (3.2.2 "higher -> lower range").
 *
 * Formats covered: every typed DXGI format of ids 2..99 except R1_UNORM (BC6H and BC7 in
 * texel_bc6h.c / texel_bc7.c, 11_0's), B4G4R4A4 and A4B4G4R4, YUY2, and every D3D9-only format of format.h (stencil
 * of the depth formats decodes to g as a plain integer, like X24_TYPELESS_G8_UINT).  TYPELESS
 * formats and the other video/palette formats (NV12..., P8, A8P8, AI44...) have no entry: a
 * view must be typed.  texel_load.c's table lists the bit layout of each.
 */
#ifndef SOFTD3D_SAMPLE_TEXEL_H
#define SOFTD3D_SAMPLE_TEXEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/format.h"

/* How one channel's bits are interpreted. */
enum texel_type {
    TEXEL_NONE = 0,   /* channel absent: the default (0, or 1 for alpha) */
    TEXEL_UNORM,
    TEXEL_SNORM,
    TEXEL_UINT,
    TEXEL_SINT,
    TEXEL_FLOAT,      /* 32 (IEEE), 16 (half), 11 / 10 (R11G11B10), 24 (D24FS8's 20e4) bits */
    TEXEL_SRGB,       /* UNORM bits, sRGB curve (colour channels of _SRGB formats only) */
    TEXEL_XR_BIAS,    /* R10G10B10_XR_BIAS_A2: (v - 0x180) / 510 */
};

/* A channel: `bits` bits at bit offset `shift` of the block, little-endian (byte 0 holds bits
 * 0..7).  Several channels may name the same bits (luminance formats replicate L to r, g, b).
 * For formats with their own load function the shift/bits are informational; the type is still
 * set, because the sampler clamps the border colour by it (spec 7.18.9.1). */
struct texel_channel {
    uint8_t type;     /* enum texel_type */
    uint8_t shift;
    uint8_t bits;
};

struct texel_format;

/* Decode the texel at (x, y) inside `block` (x < block_w, y < block_h) to float r, g, b, a. */
typedef void (*texel_load_fn)(const struct texel_format *f, const uint8_t *block, unsigned x,
                              unsigned y, float out[4]);
/* Encode float r, g, b, a into the texel at (x, y) of `block`; other texels are untouched. */
typedef void (*texel_store_fn)(const struct texel_format *f, const float in[4], uint8_t *block,
                               unsigned x, unsigned y);

struct texel_format {
    core_format id;
    const core_format_desc *desc;  /* the format table's entry */
    texel_load_fn load;            /* never NULL */
    texel_store_fn store;          /* NULL: not encodable (block-compressed, video) */
    struct texel_channel ch[4];    /* r, g, b, a */
    uint8_t present;               /* bit c set: channel c carries data */
    uint8_t block_w, block_h, block_bytes;
    bool integer;                  /* a UINT/SINT channel exists: texel_load_int works */
};

/* The entry for `f`, or NULL when softd3d cannot decode it (unknown, TYPELESS, planar video,
 * palettes, R1_UNORM). */
const struct texel_format *texel_format_get(core_format f);

/* Decode texel (x, y) of a 2D slice whose first block row starts at `data`, rows of blocks
 * `row_pitch` bytes apart.  The caller guarantees (x, y) lies inside the slice's physical size. */
static inline void texel_load(const struct texel_format *f, const uint8_t *data, size_t row_pitch,
                              uint32_t x, uint32_t y, float out[4])
{
    const uint8_t *block = data + (size_t)(y / f->block_h) * row_pitch +
                           (size_t)(x / f->block_w) * f->block_bytes;
    f->load(f, block, x % f->block_w, y % f->block_h, out);
}

/* Decode a whole block: block_w * block_h texels, row-major, into out[]. */
void texel_load_block(const struct texel_format *f, const uint8_t *block, float (*out)[4]);

/* Raw integer read (ld of UINT/SINT formats): UINT channels zero-extended, SINT sign-extended,
 * missing channels 0 and alpha 1 (spec 22.4.7).  Non-integer channels read as their raw bits.
 * False (out untouched) when the format has no integer channel or its own load function. */
bool texel_load_int(const struct texel_format *f, const uint8_t *block, unsigned x, unsigned y,
                    uint32_t out[4]);

/* Encode through f->store; false when the format cannot be encoded. */
bool texel_store(const struct texel_format *f, const float in[4], uint8_t *block, unsigned x,
                 unsigned y);

/* Integer write: UINT channels take in[c] as uint32, SINT channels as int32, each clamped to the
 * channel's range (spec 3.2.3.13).  False unless every present channel is UINT/SINT. */
bool texel_store_int(const struct texel_format *f, const uint32_t in[4], uint8_t *block,
                     unsigned x, unsigned y);

/* ---- Scalar conversions (shared by the load/store tables, the sampler and the tests) ---- */

float texel_unorm_to_float(uint32_t v, unsigned bits);
float texel_snorm_to_float(uint32_t v, unsigned bits);   /* v: the raw two's-complement bits */
float texel_srgb_to_float(uint32_t v, unsigned bits);    /* sRGB-encoded UNORM -> linear */
uint32_t texel_float_to_unorm(float c, unsigned bits);
uint32_t texel_float_to_snorm(float c, unsigned bits);   /* returns the raw bits */
uint32_t texel_float_to_srgb(float c, unsigned bits);    /* linear -> sRGB-encoded UNORM */
float texel_srgb_decode(float c);   /* the 3.2.3.7 curve on a float in [0, 1] */
float texel_srgb_encode(float c);   /* the 3.2.3.8 curve, clamped, without the integer step */

float texel_half_to_float(uint16_t h);
uint16_t texel_float_to_half(float f);       /* round toward zero (spec 3.2.2) */
uint16_t texel_float_to_half_rne(float f);   /* round to nearest even (IEEE conversion) */
float texel_f11_to_float(uint32_t v);        /* 5-bit exponent, 6-bit mantissa, no sign */
float texel_f10_to_float(uint32_t v);        /* 5-bit exponent, 5-bit mantissa, no sign */
uint32_t texel_float_to_f11(float f);        /* round toward zero, negative -> 0 */
uint32_t texel_float_to_f10(float f);
void texel_rgb9e5_to_float(uint32_t v, float out[3]);   /* spec 19.3.2.1 */
uint32_t texel_float_to_rgb9e5(const float in[3]);      /* spec 19.3.2.2, round to nearest even */

/* Generic small-float conversion used by the above: `ebits` exponent bits with `bias`, `mbits`
 * mantissa bits, an optional sign bit on top, and Inf/NaN encodings when `infnan`. */
float texel_small_float_to_float(uint32_t v, unsigned ebits, unsigned mbits, int bias, bool sign,
                                 bool infnan);
uint32_t texel_float_to_small_float(float f, unsigned ebits, unsigned mbits, int bias, bool sign,
                                    bool infnan);

/* ---- Fast paths for 4 x 8-bit colour formats (texel_fast.c) ----
 * R8G8B8A8, B8G8R8A8, B8G8R8X8 (UNORM and _SRGB) and every other 4-byte format whose present
 * channels are 8-bit UNORM (alpha) / UNORM or SRGB (colour) on byte boundaries: the sampler and
 * the output merger decode and encode them with these instead of the generic per-channel
 * bit-field code.  The results are those of texel_load / texel_store, bit for bit (the tables
 * hold exactly texel_unorm_to_float(v, 8) and texel_srgb_to_float(v, 8); tests/test_fastpath.c
 * compares every value). */
struct texel_rgba8 {
    uint8_t shift[4];   /* bit position of r, g, b, a in the little-endian 32-bit pixel */
    bool srgb;          /* r, g, b are sRGB-encoded */
    bool has_alpha;     /* false: alpha reads 1 and its byte is never written (X8) */
    uint32_t keep;      /* bits no channel owns (the X8 byte): kept on store */
};
/* True, with the layout, when f qualifies (see above). */
bool texel_rgba8_layout(const struct texel_format *f, struct texel_rgba8 *out);
/* 256 floats: v / 255 (UNORM) and the sRGB curve (3.2.3.7) of v / 255. */
const float *texel_unorm8_table(void);
const float *texel_srgb8_table(void);

/* The common vertex-element formats (R32G32B32A32/R32G32B32/R32G32/R32_FLOAT, R8G8B8A8_UNORM,
 * B8G8R8A8_UNORM): the pixel at p decoded to the bits of what f->load gives (missing
 * components 0, alpha 1).  False, out untouched, for any other format. */
bool texel_load_fast_bits(const struct texel_format *f, const uint8_t *p, uint32_t out[4]);

/* FLOAT -> 8-bit UNORM exactly as texel_float_to_unorm(c, 8). */
static inline uint32_t texel_float_to_unorm8(float c)
{
    if (!(c > 0.0f))
        return 0;
    if (c >= 1.0f)
        return 255;
    return (uint32_t)((double)c * 255.0 + 0.5);   /* positive: truncation is floor */
}

/* ---- Internal: the store functions named by the format table (texel_store.c) ---- */
void texel_store_generic(const struct texel_format *f, const float in[4], uint8_t *block,
                         unsigned x, unsigned y);
void texel_store_rgb9e5(const struct texel_format *f, const float in[4], uint8_t *block,
                        unsigned x, unsigned y);

#endif
