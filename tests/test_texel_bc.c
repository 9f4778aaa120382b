/* tests/test_texel_bc.c — the BC6H and BC7 block decoders (src/sample/texel_bc6h.c,
 * texel_bc7.c).
 *
 * Every block is built here bit by bit in the field order of the spec's mode tables (D3D11.3
 * functional spec 19.5.11 / 19.5.12, learn.microsoft.com "BC6H Format" / "BC7 Format"); every
 * expected texel was computed by hand from the spec's rules (unquantization, the 64-weight
 * interpolation with +32 >> 6, BC6H's final * 31 scale), the arithmetic written next to it.
 * The blocks put the partition anchors, P-bits, rotations and scattered BC6H fields where a
 * wrong table or bit order moves every later field.
 */
#include "harness.h"

#include <string.h>

#include "sample/texel.h"
#include "sample/texel_bc.h"

/* The stream writer: n bits of v at *pos, least significant first. */
static void put(uint8_t *b, unsigned *pos, unsigned v, unsigned n)
{
    for (unsigned i = 0; i < n; i++, (*pos)++)
        if ((v >> i) & 1)
            b[*pos >> 3] |= (uint8_t)(1u << (*pos & 7));
}

/* One bit of field value v. */
static void put1(uint8_t *b, unsigned *pos, unsigned v, unsigned bit)
{
    put(b, pos, (v >> bit) & 1, 1);
}

#define CHECK_TEXEL(t, r, g, b, a)                                                           \
    do {                                                                                     \
        CHECK_EQ((t)[0], r);                                                                 \
        CHECK_EQ((t)[1], g);                                                                 \
        CHECK_EQ((t)[2], b);                                                                 \
        CHECK_EQ((t)[3], a);                                                                 \
    } while (0)

/* Mode 6: one subset, 7-bit RGBA + a P-bit per endpoint, 4-bit indices (texel 0: 3 bits). */
static void bc7_mode6_block(uint8_t blk[16])
{
    unsigned p = 0;
    memset(blk, 0, 16);
    put(blk, &p, 1u << 6, 7);
    put(blk, &p, 127, 7), put(blk, &p, 0, 7);     /* R0 R1 */
    put(blk, &p, 64, 7), put(blk, &p, 64, 7);     /* G0 G1 */
    put(blk, &p, 0, 7), put(blk, &p, 127, 7);     /* B0 B1 */
    put(blk, &p, 127, 7), put(blk, &p, 0, 7);     /* A0 A1 */
    put(blk, &p, 1, 1), put(blk, &p, 0, 1);       /* P0 P1 */
    put(blk, &p, 0, 3);                           /* texel 0 (anchor) */
    put(blk, &p, 15, 4), put(blk, &p, 8, 4), put(blk, &p, 1, 4);
    CHECK_EQ(p + 12 * 4, 128);
}

TEST(bc7_mode6_endpoints_pbits_weights)
{
    uint8_t blk[16], t[16][4];
    bc7_mode6_block(blk);
    texel_bc7_decode(blk, t);
    /* e0 = (127, 64, 0, 127) << 1 | 1 = (255, 129, 1, 255); e1 = (0, 128, 254, 0) */
    CHECK_TEXEL(t[0], 255, 129, 1, 255);
    CHECK_TEXEL(t[1], 0, 128, 254, 0);
    /* index 8, w 34: R (30*255 + 32) >> 6 = 120, G (30*129 + 34*128 + 32) >> 6 = 128,
     * B (30*1 + 34*254 + 32) >> 6 = 135 */
    CHECK_TEXEL(t[2], 120, 128, 135, 120);
    /* index 1, w 4: R (60*255 + 32) >> 6 = 239, G (60*129 + 4*128 + 32) >> 6 = 129, B 17 */
    CHECK_TEXEL(t[3], 239, 129, 17, 239);
    CHECK_TEXEL(t[15], 255, 129, 1, 255);
}

/* Mode 5: rotation 1 (alpha <-> red), 7-bit colour, 8-bit alpha, two 2-bit index sets. */
TEST(bc7_mode5_rotation)
{
    uint8_t blk[16] = { 0 }, t[16][4];
    unsigned p = 0;
    put(blk, &p, 1u << 5, 6);
    put(blk, &p, 1, 2);                           /* rotation */
    put(blk, &p, 127, 7), put(blk, &p, 0, 7);     /* R */
    put(blk, &p, 0, 7), put(blk, &p, 127, 7);     /* G */
    put(blk, &p, 64, 7), put(blk, &p, 0, 7);      /* B */
    put(blk, &p, 200, 8), put(blk, &p, 10, 8);    /* A */
    put(blk, &p, 0, 1), put(blk, &p, 3, 2);       /* colour indices: texel 0, 1 */
    p += 14 * 2;
    put(blk, &p, 0, 1), put(blk, &p, 1, 2);       /* alpha indices: texel 0, 1 */
    p += 14 * 2;
    CHECK_EQ(p, 128);
    texel_bc7_decode(blk, t);
    /* e0 colour (255, 0, 129) alpha 200 -> rotated: (200, 0, 129, 255) */
    CHECK_TEXEL(t[0], 200, 0, 129, 255);
    /* texel 1: colour e1 (0, 255, 0); alpha w 21: (43*200 + 21*10 + 32) >> 6 = 138 */
    CHECK_TEXEL(t[1], 138, 255, 0, 0);
}

/* Mode 4 with index selection 1: colour takes the 3-bit indices, alpha the 2-bit ones. */
TEST(bc7_mode4_index_selector)
{
    uint8_t blk[16] = { 0 }, t[16][4];
    unsigned p = 0;
    put(blk, &p, 1u << 4, 5);
    put(blk, &p, 0, 2), put(blk, &p, 1, 1);       /* rotation 0, selector 1 */
    put(blk, &p, 31, 5), put(blk, &p, 0, 5);      /* R */
    put(blk, &p, 0, 5), put(blk, &p, 31, 5);      /* G */
    put(blk, &p, 16, 5), put(blk, &p, 0, 5);      /* B */
    put(blk, &p, 63, 6), put(blk, &p, 0, 6);      /* A */
    put(blk, &p, 0, 1), put(blk, &p, 2, 2);       /* 2-bit indices */
    p += 14 * 2;
    put(blk, &p, 0, 2), put(blk, &p, 5, 3);       /* 3-bit indices */
    p += 14 * 3;
    CHECK_EQ(p, 128);
    texel_bc7_decode(blk, t);
    /* e0 (255, 0, 132, 255), e1 (0, 255, 0, 0) */
    CHECK_TEXEL(t[0], 255, 0, 132, 255);
    /* colour w 46: R (18*255 + 32) >> 6 = 72, G (46*255 + 32) >> 6 = 183, B (18*132+32)>>6 = 37;
     * alpha w 43: (21*255 + 32) >> 6 = 84 */
    CHECK_TEXEL(t[1], 72, 183, 37, 84);
    CHECK_TEXEL(t[2], 255, 0, 132, 255);
}

/* Mode 0: three subsets (partition 0: anchors 0, 3, 15), 4-bit RGB + a P-bit per endpoint. */
TEST(bc7_mode0_three_subsets_anchors)
{
    static const unsigned r[6] = { 15, 0, 0, 15, 8, 8 }, g[6] = { 0, 0, 0, 0, 15, 0 };
    static const unsigned pb[6] = { 1, 0, 0, 1, 0, 1 };
    uint8_t blk[16] = { 0 }, t[16][4];
    unsigned p = 0;
    put(blk, &p, 1, 1);
    put(blk, &p, 0, 4);
    for (int e = 0; e < 6; e++)
        put(blk, &p, r[e], 4);
    for (int e = 0; e < 6; e++)
        put(blk, &p, g[e], 4);
    p += 6 * 4;                                   /* B all 0 */
    for (int e = 0; e < 6; e++)
        put(blk, &p, pb[e], 1);
    /* indices: texel 0 (2 bits) 0, 1: 0, 2: 4, 3 (anchor, 2 bits): 3, 4..8: 0, 9: 2, 10..14: 0,
     * 15 (anchor, 2 bits): 3 */
    put(blk, &p, 0, 2), put(blk, &p, 0, 3), put(blk, &p, 4, 3), put(blk, &p, 3, 2);
    p += 5 * 3;
    put(blk, &p, 2, 3);
    p += 5 * 3;
    put(blk, &p, 3, 2);
    CHECK_EQ(p, 128);
    texel_bc7_decode(blk, t);
    /* R: e0 31 -> 255, e1 0, e2 0, e3 31 -> 255, e4 16 -> 132, e5 17 -> 140;
     * G: e0 1 -> 8, e3 1 -> 8, e4 30 -> 247, e5 1 -> 8; B: 8 where the P-bit is 1 */
    CHECK_TEXEL(t[0], 255, 8, 8, 255);
    CHECK_TEXEL(t[1], 255, 8, 8, 255);
    /* texel 2, subset 1, w 37: R (37*255 + 32) >> 6 = 147, G/B (37*8 + 32) >> 6 = 5 */
    CHECK_TEXEL(t[2], 147, 5, 5, 255);
    /* texel 3 (anchor of subset 1): its 2 stored bits 3 are index 3 (the implied top bit is
     * 0), w 27: R (27*255 + 32) >> 6 = 108, G/B (27*8 + 32) >> 6 = 3 */
    CHECK_TEXEL(t[3], 108, 3, 3, 255);
    /* texel 8 is subset 0's (partition 0: 0,0,1,1 / 0,0,1,1 / 0,2,2,1 / 2,2,2,2), index 0 */
    CHECK_TEXEL(t[8], 255, 8, 8, 255);
    /* texel 9, w 18: R (46*132 + 18*140 + 32) >> 6 = 134, G (46*247 + 18*8 + 32) >> 6 = 180,
     * B (18*8 + 32) >> 6 = 2 */
    CHECK_TEXEL(t[9], 134, 180, 2, 255);
    /* texel 15 (anchor of subset 2), w 27: R 135, G 146, B 3 */
    CHECK_TEXEL(t[15], 135, 146, 3, 255);
}

/* Mode 1: two subsets (partition 17: texels 1, 2, 3, 7 in subset 1, anchor 2), 6-bit RGB,
 * one P-bit per subset. */
TEST(bc7_mode1_shared_pbit_anchor2)
{
    static const unsigned r[4] = { 63, 0, 0, 63 }, g[4] = { 0, 63, 32, 32 };
    uint8_t blk[16] = { 0 }, t[16][4];
    unsigned p = 0;
    put(blk, &p, 2, 2);
    put(blk, &p, 17, 6);
    for (int e = 0; e < 4; e++)
        put(blk, &p, r[e], 6);
    for (int e = 0; e < 4; e++)
        put(blk, &p, g[e], 6);
    p += 4 * 6;
    put(blk, &p, 0, 1), put(blk, &p, 1, 1);       /* shared P-bits */
    put(blk, &p, 1, 2), put(blk, &p, 7, 3), put(blk, &p, 2, 2), put(blk, &p, 0, 3);
    put(blk, &p, 7, 3), put(blk, &p, 0, 3), put(blk, &p, 0, 3), put(blk, &p, 0, 3);
    p += 8 * 3;
    CHECK_EQ(p, 128);
    texel_bc7_decode(blk, t);
    /* subset 0: e0 (253, 0, 0), e1 (0, 253, 0); subset 1: e2 (2, 131, 2), e3 (255, 131, 2) */
    /* texel 0, w 9: R (55*253 + 32) >> 6 = 217, G (9*253 + 32) >> 6 = 36 */
    CHECK_TEXEL(t[0], 217, 36, 0, 255);
    CHECK_TEXEL(t[1], 255, 131, 2, 255);
    /* texel 2 (anchor), w 18: R (46*2 + 18*255 + 32) >> 6 = 73 */
    CHECK_TEXEL(t[2], 73, 131, 2, 255);
    CHECK_TEXEL(t[4], 0, 253, 0, 255);
    CHECK_TEXEL(t[7], 2, 131, 2, 255);
}

/* Mode 2: three subsets (partition 1: anchors 0, 3, 8), 5-bit RGB, 2-bit indices. */
TEST(bc7_mode2_three_subsets)
{
    uint8_t blk[16] = { 0 }, t[16][4];
    unsigned p = 0;
    put(blk, &p, 4, 3);
    put(blk, &p, 1, 6);
    put(blk, &p, 0, 5 * 4), put(blk, &p, 31, 5), put(blk, &p, 0, 5);   /* R: e4 = 31 */
    put(blk, &p, 31, 5), p += 5 * 5;                                    /* G: e0 = 31 */
    p += 5 * 3, put(blk, &p, 16, 5), p += 5 * 2;                        /* B: e3 = 16 */
    /* texel 0 (1 bit) 1, 1..2 (2 bits) 0, 3 (1 bit) 1, 4..7 0, 8 (1 bit) 0, 9: 2 */
    put(blk, &p, 1, 1), p += 4, put(blk, &p, 1, 1), p += 8, p += 1, put(blk, &p, 2, 2);
    p += 6 * 2;
    CHECK_EQ(p, 128);
    texel_bc7_decode(blk, t);
    /* texel 0, w 21 from e0 (0, 255, 0): G (43*255 + 32) >> 6 = 171 */
    CHECK_TEXEL(t[0], 0, 171, 0, 255);
    /* texel 3, w 21 from e2 0 to e3 (0, 0, 132): B (21*132 + 32) >> 6 = 43 */
    CHECK_TEXEL(t[3], 0, 0, 43, 255);
    CHECK_TEXEL(t[8], 255, 0, 0, 255);
    /* texel 9, w 43: (21*255 + 32) >> 6 = 84 */
    CHECK_TEXEL(t[9], 84, 0, 0, 255);
}

/* Mode 3: two subsets (partition 0, anchor 15), 7-bit RGB + a P-bit per endpoint. */
TEST(bc7_mode3)
{
    static const unsigned r[4] = { 127, 0, 64, 64 }, pb[4] = { 1, 0, 0, 1 };
    uint8_t blk[16] = { 0 }, t[16][4];
    unsigned p = 0;
    put(blk, &p, 8, 4);
    put(blk, &p, 0, 6);
    for (int e = 0; e < 4; e++)
        put(blk, &p, r[e], 7);
    p += 8 * 7;
    for (int e = 0; e < 4; e++)
        put(blk, &p, pb[e], 1);
    put(blk, &p, 1, 1), p += 2, put(blk, &p, 3, 2);   /* texels 0, 1, 2 */
    p += 12 * 2;
    put(blk, &p, 1, 1);                               /* texel 15, the anchor */
    CHECK_EQ(p, 128);
    texel_bc7_decode(blk, t);
    /* e0 (255, 1, 1), e1 0, e2 (128, 0, 0), e3 (129, 1, 1) */
    CHECK_TEXEL(t[0], 171, 1, 1, 255);
    CHECK_TEXEL(t[1], 255, 1, 1, 255);
    CHECK_TEXEL(t[2], 129, 1, 1, 255);
    /* texel 15, w 21: R (43*128 + 21*129 + 32) >> 6 = 128, G (21*1 + 32) >> 6 = 0 */
    CHECK_TEXEL(t[15], 128, 0, 0, 255);
}

/* Mode 7: two subsets (partition 13: rows 2 and 3 in subset 1, anchor 15), 5-bit RGBA + a
 * P-bit per endpoint. */
TEST(bc7_mode7_alpha_two_subsets)
{
    static const unsigned r[4] = { 31, 0, 0, 31 }, a[4] = { 31, 16, 31, 0 };
    static const unsigned pb[4] = { 1, 0, 0, 0 };
    uint8_t blk[16] = { 0 }, t[16][4];
    unsigned p = 0;
    put(blk, &p, 0x80, 8);
    put(blk, &p, 13, 6);
    for (int e = 0; e < 4; e++)
        put(blk, &p, r[e], 5);
    p += 8 * 5;
    for (int e = 0; e < 4; e++)
        put(blk, &p, a[e], 5);
    for (int e = 0; e < 4; e++)
        put(blk, &p, pb[e], 1);
    put(blk, &p, 1, 1), p += 7 * 2, put(blk, &p, 2, 2), p += 6 * 2, put(blk, &p, 1, 1);
    CHECK_EQ(p, 128);
    texel_bc7_decode(blk, t);
    /* e0 (255, 4, 4, 255), e1 (0, 0, 0, 130), e2 (0, 0, 0, 251), e3 (251, 0, 0, 0) */
    /* texel 0, w 21: R 171, G (43*4 + 32) >> 6 = 3, A (43*255 + 21*130 + 32) >> 6 = 214 */
    CHECK_TEXEL(t[0], 171, 3, 3, 214);
    CHECK_TEXEL(t[7], 255, 4, 4, 255);
    /* texel 8, w 43: R (43*251 + 32) >> 6 = 169, A (21*251 + 32) >> 6 = 82 */
    CHECK_TEXEL(t[8], 169, 0, 0, 82);
    CHECK_TEXEL(t[15], 82, 0, 0, 169);
}

/* Mode 8 (first byte 0) is reserved: zeros; a byte of 0x80 is mode 7, not reserved. */
TEST(bc7_reserved_mode8_and_load)
{
    uint8_t blk[16] = { 0 }, t[16][4];
    memset(blk + 1, 0xff, 15);
    texel_bc7_decode(blk, t);
    for (int i = 0; i < 16; i++)
        CHECK_TEXEL(t[i], 0, 0, 0, 0);
    const struct texel_format *f = texel_format_get(98), *fs = texel_format_get(99);
    CHECK(f != NULL && fs != NULL);
    CHECK(texel_format_get(97) == NULL);   /* TYPELESS: a view must be typed */
    if (!f || !fs)
        return;
    float v[4];
    f->load(f, blk, 1, 2, v);
    CHECK(v[0] == 0.0f && v[1] == 0.0f && v[2] == 0.0f && v[3] == 0.0f);
    bc7_mode6_block(blk);
    f->load(f, blk, 2, 0, v);
    CHECK(v[0] == 120.0f / 255.0f && v[1] == 128.0f / 255.0f && v[2] == 135.0f / 255.0f);
    CHECK(v[3] == 120.0f / 255.0f);
    fs->load(fs, blk, 0, 0, v);   /* sRGB colour, linear alpha */
    CHECK(v[0] == 1.0f && v[1] == texel_srgb_to_float(129, 8));
    CHECK(v[2] == texel_srgb_to_float(1, 8) && v[3] == 1.0f);
}

/* ---- BC6H ---- */

TEST(bc6h_mode_table_widths)
{
    for (unsigned m = 0; m < 14; m++)
        CHECK_EQ(texel_bc6h_header_bits(m), m < 10 ? 77u : 65u);
}

/* Mode 11: one region, untransformed 10-bit endpoints, 4-bit indices. */
static void bc6h_mode11_block(uint8_t blk[16], unsigned r0, unsigned g0, unsigned b0,
                              unsigned r1, unsigned g1, unsigned b1)
{
    unsigned p = 0;
    memset(blk, 0, 16);
    put(blk, &p, 0x03, 5);
    put(blk, &p, r0, 10), put(blk, &p, g0, 10), put(blk, &p, b0, 10);
    put(blk, &p, r1, 10), put(blk, &p, g1, 10), put(blk, &p, b1, 10);
    put(blk, &p, 0, 3), put(blk, &p, 15, 4), put(blk, &p, 8, 4);   /* texels 0, 1, 2 */
}

TEST(bc6h_mode11_unsigned)
{
    uint8_t blk[16];
    uint16_t t[16][3];
    bc6h_mode11_block(blk, 1023, 512, 1, 0, 512, 0);
    texel_bc6h_decode(blk, false, t);
    /* unquantized: 1023 -> 0xffff (the largest value), 512 -> ((512 << 16) + 0x8000) >> 10 =
     * 32800, 1 -> 96; final (v * 31) >> 6: 0x7bff, 15887 = 0x3e0f, 46 = 0x2e */
    CHECK_EQ(t[0][0], 0x7bff); CHECK_EQ(t[0][1], 0x3e0f); CHECK_EQ(t[0][2], 0x2e);
    CHECK_EQ(t[1][0], 0); CHECK_EQ(t[1][1], 0x3e0f); CHECK_EQ(t[1][2], 0);
    /* w 34: R (30*65535 + 32) >> 6 = 30720 -> 0x3a20; B (30*96 + 32) >> 6 = 45 -> 0x15 */
    CHECK_EQ(t[2][0], 0x3a20); CHECK_EQ(t[2][1], 0x3e0f); CHECK_EQ(t[2][2], 0x15);
    CHECK_EQ(t[3][0], 0x7bff);
    const struct texel_format *f = texel_format_get(95);
    CHECK(f != NULL);
    if (f) {
        float v[4];
        f->load(f, blk, 0, 0, v);
        CHECK(v[0] == 65504.0f && v[1] == texel_half_to_float(0x3e0f) && v[3] == 1.0f);
        CHECK(v[2] == texel_half_to_float(0x2e) && v[2] > 0.0f);
    }
}

TEST(bc6h_mode11_signed)
{
    uint8_t blk[16];
    uint16_t t[16][3];
    bc6h_mode11_block(blk, 1023, 512, 0, 511, 0, 0);
    texel_bc6h_decode(blk, true, t);
    /* r0 = -1 -> -(((1 << 15) + 0x4000) >> 9) = -96 -> final -(96*31 >> 5) = -93: 0x805d;
     * r1 = 511 >= 2^9 - 1 -> 0x7fff -> 0x7bff; g0 = -512 -> -0x7fff -> 0xfbff */
    CHECK_EQ(t[0][0], 0x805d); CHECK_EQ(t[0][1], 0xfbff); CHECK_EQ(t[0][2], 0);
    CHECK_EQ(t[1][0], 0x7bff); CHECK_EQ(t[1][1], 0);
    /* w 34: R (30*-96 + 34*32767 + 32) >> 6 = 17362 -> 17362*31 >> 5 = 0x41b3;
     * G (30*-32767 + 32) >> 6 = -15360 (floor) -> -(15360*31 >> 5) = 0xba20 */
    CHECK_EQ(t[2][0], 0x41b3); CHECK_EQ(t[2][1], 0xba20);
    const struct texel_format *f = texel_format_get(96);
    CHECK(f != NULL);
    if (f) {
        float v[4];
        f->load(f, blk, 0, 0, v);
        CHECK(v[1] == -65504.0f && v[0] == texel_half_to_float(0x805d) && v[0] < 0.0f);
    }
}

/* Mode 1: two regions, transformed (10-bit base, 5-bit deltas), the fields scattered. */
TEST(bc6h_mode1_transformed_scattered)
{
    /* r0 100 g0 200 b0 300; deltas r1 -1 g1 2 b1 0, r2 5 g2 -16 b2 15, r3 0 g3 -15 b3 -1 */
    unsigned r0 = 100, g0 = 200, b0 = 300, r1 = 31, g1 = 2, b1 = 0, r2 = 5, g2 = 16, b2 = 15;
    unsigned r3 = 0, g3 = 17, b3 = 31;
    uint8_t blk[16] = { 0 };
    uint16_t t[16][3], s[16][3];
    unsigned p = 0;
    put(blk, &p, 0, 2);
    put1(blk, &p, g2, 4), put1(blk, &p, b2, 4), put1(blk, &p, b3, 4);
    put(blk, &p, r0, 10), put(blk, &p, g0, 10), put(blk, &p, b0, 10);
    put(blk, &p, r1, 5), put1(blk, &p, g3, 4), put(blk, &p, g2, 4), put(blk, &p, g1, 5);
    put1(blk, &p, b3, 0), put(blk, &p, g3, 4), put(blk, &p, b1, 5), put1(blk, &p, b3, 1);
    put(blk, &p, b2, 4), put(blk, &p, r2, 5), put1(blk, &p, b3, 2), put(blk, &p, r3, 5);
    put1(blk, &p, b3, 3);
    CHECK_EQ(p, 77);
    put(blk, &p, 0, 5);                         /* shape 0: columns 2, 3 in region 1 */
    put(blk, &p, 0, 2), put(blk, &p, 7, 3), put(blk, &p, 7, 3);   /* texels 0, 1, 2 */
    p += 12 * 3;
    put(blk, &p, 3, 2);                         /* texel 15, region 1's anchor */
    CHECK_EQ(p, 128);
    texel_bc6h_decode(blk, false, t);
    /* endpoints (99, 202, 300), (105, 184, 315), (100, 185, 299) after the transform;
     * unquantized v * 64 + 32; final (v * 31) >> 6 */
    CHECK_EQ(t[0][0], 3115); CHECK_EQ(t[0][1], 6215); CHECK_EQ(t[0][2], 9315);
    CHECK_EQ(t[1][0], 3084); CHECK_EQ(t[1][1], 6277); CHECK_EQ(t[1][2], 9315);
    CHECK_EQ(t[2][0], 3115); CHECK_EQ(t[2][1], 5750); CHECK_EQ(t[2][2], 9284);
    /* texel 15, w 27 between region 1's endpoints: 3205, 5732, 9571 */
    CHECK_EQ(t[15][0], 3205); CHECK_EQ(t[15][1], 5732); CHECK_EQ(t[15][2], 9571);
    /* region 0's texel 4 (index 0): the base endpoint */
    CHECK_EQ(t[4][0], 3115);
    /* signed: the same bits, base sign-extended from 10 bits (all positive here), so only
     * the unquantization and final scale differ: 100 -> ((100 << 15) + 0x4000) >> 9 = 6432,
     * final (6432*31) >> 5 = 6231 */
    texel_bc6h_decode(blk, true, s);
    CHECK_EQ(s[0][0], 6231);
}

/* Mode 14: one region, 16-bit base whose bits 10..15 are stored reversed. */
TEST(bc6h_mode14_reversed_high_bits)
{
    uint8_t blk[16] = { 0 };
    uint16_t t[16][3];
    unsigned p = 0;
    put(blk, &p, 0x0f, 5);
    put(blk, &p, 1, 10), put(blk, &p, 0, 10), put(blk, &p, 0, 10);   /* r0 g0 b0 [9:0] */
    put(blk, &p, 0, 4), put(blk, &p, 1, 1), put(blk, &p, 0, 5);      /* r1, r0[15], r0[14:10] */
    put(blk, &p, 0, 4), put(blk, &p, 0, 5), put(blk, &p, 1, 1);      /* g1, g0[15:11], g0[10] */
    put(blk, &p, 0, 4), put(blk, &p, 0, 6);                          /* b1, b0[15:10] */
    CHECK_EQ(p, 65);
    texel_bc6h_decode(blk, false, t);
    /* r0 = 0x8001, g0 = 0x0400 (16 bits: unquantization keeps them); deltas 0: every texel
     * (v * 31) >> 6: 0x3e00 and 0x1f0 */
    CHECK_EQ(t[0][0], 0x3e00); CHECK_EQ(t[0][1], 0x1f0); CHECK_EQ(t[0][2], 0);
    CHECK_EQ(t[9][0], 0x3e00);
    texel_bc6h_decode(blk, true, t);
    /* signed: 0x8001 is -32767 -> -(32767*31 >> 5) = 0xfbff */
    CHECK_EQ(t[0][0], 0xfbff);
}

/* The reserved mode fields 10011, 10111, 11011, 11111 decode to zeros. */
TEST(bc6h_reserved_modes)
{
    static const uint8_t codes[4] = { 0x13, 0x17, 0x1b, 0x1f };
    for (int i = 0; i < 4; i++) {
        uint8_t blk[16];
        uint16_t t[16][3];
        memset(blk, 0xa5, 16);
        blk[0] = (uint8_t)((blk[0] & 0xe0) | codes[i]);
        texel_bc6h_decode(blk, false, t);
        for (int x = 0; x < 16; x++)
            CHECK(t[x][0] == 0 && t[x][1] == 0 && t[x][2] == 0);
    }
}
