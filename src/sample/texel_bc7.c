/* src/sample/texel_bc7.c — the BC7 block decoder (BC7_UNORM, BC7_UNORM_SRGB).
 *
 * Facts from the D3D11.3 functional spec (section 19.5.12, "BC7") and the learn.microsoft.com
 * page "BC7 Format" (direct3d11/bc7-format):
 *   - A 128-bit block, read least significant bit first.  The mode is the number of zero bits
 *     before the first one bit (mode 0: bit 0 set; mode 7: byte 0 == 0x80).  A first byte of
 *     zero is "mode 8", reserved: the page says such a block decodes to 0 in every channel
 *     (transparent black), which is what bc7_decode gives.
 *   - Then, per mode: the partition number, the rotation, the index-selection bit, the endpoint
 *     colours (all red fields of every endpoint of every subset first, then green, blue, alpha),
 *     the P-bits (one per endpoint, or one shared by both endpoints of a subset), the primary
 *     indices (texel 0..15) and, for modes 4 and 5, the secondary indices.
 *   - Each subset's anchor texel stores its index with one bit fewer (the most significant bit,
 *     implicitly 0): texel 0 for subset 0, the anchor tables below for subsets 1 and 2.
 *   - Unquantization: a P-bit is appended below the colour bits, then the value of n bits is
 *     widened to 8 by replicating its top bits (v << (8 - n) | v >> (2n - 8)).
 *   - Interpolation: ((64 - w) * e0 + w * e1 + 32) >> 6 with the 2-, 3- and 4-bit weight tables
 *     below, per channel, in integers (so the decoded texel is an exact 8-bit value).
 *   - Modes 4 and 5 (one subset, separate alpha): rotation 1/2/3 swaps alpha with red/green/blue
 *     after interpolation; in mode 4 the index-selection bit 1 has colour take the 3-bit
 *     secondary indices and alpha the 2-bit primary ones.  Modes 0..3 have no alpha: 255.
 * The partition tables and anchor indices are the spec's (tables of numbers).
 */
#include "sample/texel_bc.h"


/* Two-subset partitions: bit i set = texel i (row-major) is in subset 1. */
static const uint16_t part2[64] = {
    0xcccc, 0x8888, 0xeeee, 0xecc8, 0xc880, 0xfeec, 0xfec8, 0xec80,
    0xc800, 0xffec, 0xfe80, 0xe800, 0xffe8, 0xff00, 0xfff0, 0xf000,
    0xf710, 0x008e, 0x7100, 0x08ce, 0x008c, 0x7310, 0x3100, 0x8cce,
    0x088c, 0x3110, 0x6666, 0x366c, 0x17e8, 0x0ff0, 0x718e, 0x399c,
    0xaaaa, 0xf0f0, 0x5a5a, 0x33cc, 0x3c3c, 0x55aa, 0x9696, 0xa55a,
    0x73ce, 0x13c8, 0x324c, 0x3bdc, 0x6996, 0xc33c, 0x9966, 0x0660,
    0x0272, 0x04e4, 0x4e40, 0x2720, 0xc936, 0x936c, 0x39c6, 0x639c,
    0x9336, 0x9cc6, 0x817e, 0xe718, 0xccf0, 0x0fcc, 0x7744, 0xee22,
};

/* Three-subset partitions: texel i's subset in bits 2i..2i+1. */
static const uint32_t part3[64] = {
    0xaa685050, 0x6a5a5040, 0x5a5a4200, 0x5450a0a8, 0xa5a50000, 0xa0a05050, 0x5555a0a0,
    0x5a5a5050, 0xaa550000, 0xaa555500, 0xaaaa5500, 0x90909090, 0x94949494, 0xa4a4a4a4,
    0xa9a59450, 0x2a0a4250, 0xa5945040, 0x0a425054, 0xa5a5a500, 0x55a0a0a0, 0xa8a85454,
    0x6a6a4040, 0xa4a45000, 0x1a1a0500, 0x0050a4a4, 0xaaa59090, 0x14696914, 0x69691400,
    0xa08585a0, 0xaa821414, 0x50a4a450, 0x6a5a0200, 0xa9a58000, 0x5090a0a8, 0xa8a09050,
    0x24242424, 0x00aa5500, 0x24924924, 0x24499224, 0x50a50a50, 0x500aa550, 0xaaaa4444,
    0x66660000, 0xa5a0a5a0, 0x50a050a0, 0x69286928, 0x44aaaa44, 0x66666600, 0xaa444444,
    0x54a854a8, 0x95809580, 0x96969600, 0xa85454a8, 0x80959580, 0xaa141414, 0x96960000,
    0xaaaa1414, 0xa05050a0, 0xa0a5a5a0, 0x96000000, 0x40804080, 0xa9a8a9a8, 0xaaaaaa44,
    0x2a4a5254,
};

/* Anchor texel of subset 1 in the two-subset partitions. */
static const uint8_t anchor2[64] = {
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
    15, 2,  8,  2,  2,  8,  8,  15, 2,  8,  2,  2,  8,  8,  2,  2,
    15, 15, 6,  8,  2,  8,  15, 15, 2,  8,  2,  2,  2,  15, 15, 6,
    6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2,  15,
};

/* Anchor texels of subsets 1 and 2 in the three-subset partitions. */
static const uint8_t anchor3[64][2] = {
    { 3, 15 }, { 3, 8 },   { 15, 8 },  { 15, 3 },  { 8, 15 },  { 3, 15 },  { 15, 3 },
    { 15, 8 }, { 8, 15 },  { 8, 15 },  { 6, 15 },  { 6, 15 },  { 6, 15 },  { 5, 15 },
    { 3, 15 }, { 3, 8 },   { 3, 15 },  { 3, 8 },   { 8, 15 },  { 15, 3 },  { 3, 15 },
    { 3, 8 },  { 6, 15 },  { 10, 8 },  { 5, 3 },   { 8, 15 },  { 8, 6 },   { 6, 10 },
    { 8, 15 }, { 5, 15 },  { 15, 10 }, { 15, 8 },  { 8, 15 },  { 15, 3 },  { 3, 15 },
    { 5, 10 }, { 6, 10 },  { 10, 8 },  { 8, 9 },   { 15, 10 }, { 15, 6 },  { 3, 15 },
    { 15, 8 }, { 5, 15 },  { 15, 3 },  { 15, 6 },  { 15, 6 },  { 15, 8 },  { 3, 15 },
    { 15, 3 }, { 5, 15 },  { 5, 15 },  { 5, 15 },  { 8, 15 },  { 5, 15 },  { 10, 15 },
    { 5, 15 }, { 10, 15 }, { 8, 15 },  { 13, 15 }, { 15, 3 },  { 12, 15 }, { 3, 15 },
    { 3, 8 },
};

static const uint8_t weights2[4] = { 0, 21, 43, 64 };
static const uint8_t weights3[8] = { 0, 9, 18, 27, 37, 46, 55, 64 };
static const uint8_t weights4[16] = { 0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64 };

const uint8_t *texel_bc_weights(unsigned index_bits)
{
    return index_bits == 2 ? weights2 : index_bits == 3 ? weights3 : weights4;
}

unsigned texel_bc_subset(unsigned subsets, unsigned partition, unsigned texel)
{
    if (subsets == 2)
        return (part2[partition & 63] >> texel) & 1;
    if (subsets == 3)
        return (part3[partition & 63] >> (2 * texel)) & 3;
    return 0;
}

bool texel_bc_is_anchor(unsigned subsets, unsigned partition, unsigned texel)
{
    if (texel == 0)
        return true;
    if (subsets == 2)
        return texel == anchor2[partition & 63];
    if (subsets == 3)
        return texel == anchor3[partition & 63][0] || texel == anchor3[partition & 63][1];
    return false;
}

/* One mode's layout (the spec's BC7 mode table). */
struct bc7_mode {
    uint8_t subsets, partition_bits, rotation_bits, selector_bits;
    uint8_t color_bits, alpha_bits;
    uint8_t endpoint_pbits, shared_pbits;   /* per endpoint / per subset */
    uint8_t index_bits, index2_bits;
};

static const struct bc7_mode modes[8] = {
    { 3, 4, 0, 0, 4, 0, 1, 0, 3, 0 },
    { 2, 6, 0, 0, 6, 0, 0, 1, 3, 0 },
    { 3, 6, 0, 0, 5, 0, 0, 0, 2, 0 },
    { 2, 6, 0, 0, 7, 0, 1, 0, 2, 0 },
    { 1, 0, 2, 1, 5, 6, 0, 0, 2, 3 },
    { 1, 0, 2, 0, 7, 8, 0, 0, 2, 2 },
    { 1, 0, 0, 0, 7, 7, 1, 0, 4, 0 },
    { 2, 6, 0, 0, 5, 5, 1, 0, 2, 0 },
};

/* (the block's bits: texel_bc.h struct texel_bc_bits) */

/* n (0..8) bits at bit `pos`. */
static unsigned bits_at(const struct texel_bc_bits *r, unsigned pos, unsigned n)
{
    uint64_t v = pos >= 64 ? r->hi >> (pos - 64)
                           : pos ? r->lo >> pos | r->hi << (64 - pos) : r->lo;
    return (unsigned)(v & ((1u << n) - 1));
}

static unsigned take(struct texel_bc_bits *r, unsigned n)
{
    unsigned v = bits_at(r, r->pos, n);
    r->pos += n;
    return v;
}

/* n bits (n <= 8) widened to 8 by replicating the top bits. */
static unsigned widen8(unsigned v, unsigned n)
{
    v <<= 8 - n;
    return v | v >> n;
}

static unsigned interp(unsigned e0, unsigned e1, unsigned w)
{
    return ((64 - w) * e0 + w * e1 + 32) >> 6;
}

/* A block's mode fields and unquantized endpoints; texels are then decoded one by one. */
struct bc7_block {
    const struct bc7_mode *md;   /* NULL: reserved mode 8 */
    struct texel_bc_bits r;
    unsigned partition, rotation, selector;
    unsigned index_pos, index2_pos;   /* where the primary / secondary indices start */
    unsigned ep[6][4];                /* endpoint e of subset e / 2: r, g, b, a */
};

static void bc7_header(const uint8_t block[16], struct bc7_block *b)
{
    unsigned m = 0;
    while (m < 8 && !((block[0] >> m) & 1))
        m++;
    if (m == 8) {   /* reserved mode 8: zeros (file comment) */
        b->md = NULL;
        return;
    }
    const struct bc7_mode *md = b->md = &modes[m];
    struct texel_bc_bits *r = &b->r;
    texel_bc_bits_init(r, block, m + 1);
    b->partition = take(r, md->partition_bits);
    b->rotation = take(r, md->rotation_bits);
    b->selector = take(r, md->selector_bits);
    unsigned ns = md->subsets, ne = 2 * ns;
    for (unsigned c = 0; c < 3; c++)
        for (unsigned e = 0; e < ne; e++)
            b->ep[e][c] = take(r, md->color_bits);
    for (unsigned e = 0; e < ne; e++)
        b->ep[e][3] = md->alpha_bits ? take(r, md->alpha_bits) : 255;
    unsigned cbits = md->color_bits, abits = md->alpha_bits;
    if (md->endpoint_pbits || md->shared_pbits) {
        unsigned pb[6];
        for (unsigned e = 0; e < ne; e++)
            pb[e] = md->endpoint_pbits ? take(r, 1) : (e & 1) ? pb[e - 1] : take(r, 1);
        for (unsigned e = 0; e < ne; e++) {
            for (unsigned c = 0; c < 3; c++)
                b->ep[e][c] = b->ep[e][c] << 1 | pb[e];
            if (abits)
                b->ep[e][3] = b->ep[e][3] << 1 | pb[e];
        }
        cbits++;
        if (abits)
            abits++;
    }
    for (unsigned e = 0; e < ne; e++) {
        for (unsigned c = 0; c < 3; c++)
            b->ep[e][c] = widen8(b->ep[e][c], cbits);
        if (abits)
            b->ep[e][3] = widen8(b->ep[e][3], abits);
    }
    /* 16 primary indices, the ns anchors one bit shorter; then the secondary ones, texel 0's
     * one bit shorter */
    b->index_pos = r->pos;
    b->index2_pos = r->pos + 16u * md->index_bits - ns;
}

/* Where texel t's index starts: t indices before it, less one bit for each anchor among them. */
static unsigned index_offset(const struct bc7_block *b, unsigned t, unsigned bits)
{
    unsigned anchors = 0;
    for (unsigned u = 0; u < t; u++)
        anchors += texel_bc_is_anchor(b->md->subsets, b->partition, u);
    return b->index_pos + t * bits - anchors;
}

static void bc7_texel(const struct bc7_block *b, unsigned t, uint8_t out[4])
{
    const struct bc7_mode *md = b->md;
    if (!md) {
        out[0] = out[1] = out[2] = out[3] = 0;
        return;
    }
    unsigned ns = md->subsets;
    unsigned idx = bits_at(&b->r, index_offset(b, t, md->index_bits),
                           md->index_bits - (texel_bc_is_anchor(ns, b->partition, t) ? 1 : 0));
    unsigned s = texel_bc_subset(ns, b->partition, t);
    const unsigned *e0 = b->ep[2 * s], *e1 = b->ep[2 * s + 1];
    unsigned ci = idx, cb = md->index_bits, ai = idx, ab = md->index_bits;
    if (md->index2_bits) {
        unsigned pos = b->index2_pos + t * md->index2_bits - (t ? 1 : 0);
        unsigned idx2 = bits_at(&b->r, pos, md->index2_bits - (t ? 0 : 1));
        if (b->selector) {
            ci = idx2;
            cb = md->index2_bits;
        } else {
            ai = idx2;
            ab = md->index2_bits;
        }
    }
    const uint8_t *cw = texel_bc_weights(cb), *aw = texel_bc_weights(ab);
    unsigned v[4];
    for (unsigned c = 0; c < 3; c++)
        v[c] = interp(e0[c], e1[c], cw[ci]);
    v[3] = md->alpha_bits ? interp(e0[3], e1[3], aw[ai]) : 255;
    if (b->rotation) {
        unsigned tmp = v[3];
        v[3] = v[b->rotation - 1];
        v[b->rotation - 1] = tmp;
    }
    for (unsigned c = 0; c < 4; c++)
        out[c] = (uint8_t)v[c];
}

void texel_bc7_decode(const uint8_t block[16], uint8_t out[16][4])
{
    struct bc7_block b;
    bc7_header(block, &b);
    for (unsigned t = 0; t < 16; t++)
        bc7_texel(&b, t, out[t]);
}

void texel_bc7_decode_texel(const uint8_t block[16], unsigned t, uint8_t out[4])
{
    struct bc7_block b;
    bc7_header(block, &b);
    bc7_texel(&b, t & 15, out);
}

void texel_load_bc7(const struct texel_format *f, const uint8_t *block, unsigned x, unsigned y,
                    float out[4])
{
    uint8_t v[4];
    texel_bc7_decode_texel(block, 4 * y + x, v);   /* only the texel asked for */
    bool srgb = f->ch[0].type == TEXEL_SRGB;
    for (int c = 0; c < 3; c++)
        out[c] = srgb ? texel_srgb_to_float(v[c], 8) : texel_unorm_to_float(v[c], 8);
    out[3] = texel_unorm_to_float(v[3], 8);
}
