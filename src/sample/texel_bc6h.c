/* src/sample/texel_bc6h.c — the BC6H block decoder (BC6H_UF16, BC6H_SF16).
 *
 * Facts from the D3D11.3 functional spec (section 19.5.11, "BC6H") and the learn.microsoft.com
 * page "BC6H Format" (direct3d11/bc6h-format):
 *   - A 128-bit block, least significant bit first.  The mode field is 2 bits (modes 1 and 2:
 *     00, 01) or 5 bits (the others); 10011, 10111, 11011 and 11111 are reserved.  A reserved
 *     mode decodes to 0 in every channel (the page's "returns zero").
 *   - Two-region modes 1..10: 77 header bits of endpoints (the per-mode field order below, the
 *     page's "BC6H compressed endpoint format" table), a 5-bit shape (the first 32 two-subset
 *     partitions, shared with BC7) at bits 77..81, then 3-bit indices (46 bits: the anchors,
 *     texel 0 and the shape's anchor, one bit shorter).  One-region modes 11..14: 65 header
 *     bits, then 4-bit indices (63 bits: texel 0 one bit shorter).
 *   - A field written X[a:b] puts bit b at the lowest stream position when b < a (the normal
 *     order), and the reverse when a < b (modes 13 and 14's "r0[10:11]", "r0[10:15]": the
 *     higher bits of the base endpoint stored reversed).
 *   - Sign extension: for BC6H_SF16 the base endpoint (r0, g0, b0) is sign-extended from its
 *     endpoint precision; in transformed modes the other endpoints are deltas, always
 *     sign-extended from their delta precision; in untransformed modes they are sign-extended
 *     only for SF16.
 *   - Inverse transform: e = (e0 + delta) masked to the endpoint precision, sign-extended again
 *     for SF16.
 *   - Unquantization (per channel, precision n): UF16: n >= 15 keeps the value, 0 stays 0,
 *     the largest value (2^n - 1) becomes 0xFFFF, else ((v << 16) + 0x8000) >> n.  SF16:
 *     n >= 16 keeps it; otherwise on |v|: 0 stays 0, >= 2^(n-1) - 1 becomes 0x7FFF, else
 *     ((|v| << 15) + 0x4000) >> (n - 1), the sign restored.
 *   - Interpolation ((64 - w) * e0 + w * e1 + 32) >> 6 (BC7's weights), then the final scale:
 *     UF16 (v * 31) >> 6; SF16 (v * 31) >> 5 on the magnitude with the sign bit put back --
 *     the result is the bit pattern of a half (UF16 never sets the sign bit).
 */
#include "sample/texel_bc.h"


/* The twelve endpoint fields: endpoint e (0, 1 = region 0's; 2, 3 = region 1's), channel c. */
enum { R0, G0, B0, R1, G1, B1, R2, G2, B2, R3, G3, B3 };

/* A run of one field's bits in stream order: from bit `first` towards bit `last`. */
struct seg {
    uint8_t field, first, last;
};

/* X[hi:lo] in the page's notation (stored from lo up to hi). */
#define S(f, hi, lo) { f, lo, hi }

struct bc6h_mode {
    uint8_t code, code_bits;   /* the mode field's value and width */
    uint8_t regions;           /* 1 or 2 */
    bool transformed;
    uint8_t ep_bits;           /* endpoint precision */
    uint8_t delta_bits[3];     /* r, g, b precision of the other endpoints (transformed) */
    struct seg segs[24];       /* the fields after the mode field, in stream order */
    uint8_t nsegs;
};

static const struct bc6h_mode modes[14] = {
    /* mode 1 */
    { 0x00, 2, 2, true, 10, { 5, 5, 5 },
      { S(G2, 4, 4), S(B2, 4, 4), S(B3, 4, 4), S(R0, 9, 0), S(G0, 9, 0), S(B0, 9, 0),
        S(R1, 4, 0), S(G3, 4, 4), S(G2, 3, 0), S(G1, 4, 0), S(B3, 0, 0), S(G3, 3, 0),
        S(B1, 4, 0), S(B3, 1, 1), S(B2, 3, 0), S(R2, 4, 0), S(B3, 2, 2), S(R3, 4, 0),
        S(B3, 3, 3) }, 19 },
    /* mode 2 */
    { 0x01, 2, 2, true, 7, { 6, 6, 6 },
      { S(G2, 5, 5), S(G3, 4, 4), S(G3, 5, 5), S(R0, 6, 0), S(B3, 0, 0), S(B3, 1, 1),
        S(B2, 4, 4), S(G0, 6, 0), S(B2, 5, 5), S(B3, 2, 2), S(G2, 4, 4), S(B0, 6, 0),
        S(B3, 3, 3), S(B3, 5, 5), S(B3, 4, 4), S(R1, 5, 0), S(G2, 3, 0), S(G1, 5, 0),
        S(G3, 3, 0), S(B1, 5, 0), S(B2, 3, 0), S(R2, 5, 0), S(R3, 5, 0) }, 23 },
    /* mode 3 */
    { 0x02, 5, 2, true, 11, { 5, 4, 4 },
      { S(R0, 9, 0), S(G0, 9, 0), S(B0, 9, 0), S(R1, 4, 0), S(R0, 10, 10), S(G2, 3, 0),
        S(G1, 3, 0), S(G0, 10, 10), S(B3, 0, 0), S(G3, 3, 0), S(B1, 3, 0), S(B0, 10, 10),
        S(B3, 1, 1), S(B2, 3, 0), S(R2, 4, 0), S(B3, 2, 2), S(R3, 4, 0), S(B3, 3, 3) }, 18 },
    /* mode 4 */
    { 0x06, 5, 2, true, 11, { 4, 5, 4 },
      { S(R0, 9, 0), S(G0, 9, 0), S(B0, 9, 0), S(R1, 3, 0), S(R0, 10, 10), S(G3, 4, 4),
        S(G2, 3, 0), S(G1, 4, 0), S(G0, 10, 10), S(G3, 3, 0), S(B1, 3, 0), S(B0, 10, 10),
        S(B3, 1, 1), S(B2, 3, 0), S(R2, 3, 0), S(B3, 0, 0), S(B3, 2, 2), S(R3, 3, 0),
        S(G2, 4, 4), S(B3, 3, 3) }, 20 },
    /* mode 5 */
    { 0x0a, 5, 2, true, 11, { 4, 4, 5 },
      { S(R0, 9, 0), S(G0, 9, 0), S(B0, 9, 0), S(R1, 3, 0), S(R0, 10, 10), S(B2, 4, 4),
        S(G2, 3, 0), S(G1, 3, 0), S(G0, 10, 10), S(B3, 0, 0), S(G3, 3, 0), S(B1, 4, 0),
        S(B0, 10, 10), S(B2, 3, 0), S(R2, 3, 0), S(B3, 1, 1), S(B3, 2, 2), S(R3, 3, 0),
        S(B3, 4, 4), S(B3, 3, 3) }, 20 },
    /* mode 6 */
    { 0x0e, 5, 2, true, 9, { 5, 5, 5 },
      { S(R0, 8, 0), S(B2, 4, 4), S(G0, 8, 0), S(G2, 4, 4), S(B0, 8, 0), S(B3, 4, 4),
        S(R1, 4, 0), S(G3, 4, 4), S(G2, 3, 0), S(G1, 4, 0), S(B3, 0, 0), S(G3, 3, 0),
        S(B1, 4, 0), S(B3, 1, 1), S(B2, 3, 0), S(R2, 4, 0), S(B3, 2, 2), S(R3, 4, 0),
        S(B3, 3, 3) }, 19 },
    /* mode 7 */
    { 0x12, 5, 2, true, 8, { 6, 5, 5 },
      { S(R0, 7, 0), S(G3, 4, 4), S(B2, 4, 4), S(G0, 7, 0), S(B3, 2, 2), S(G2, 4, 4),
        S(B0, 7, 0), S(B3, 3, 3), S(B3, 4, 4), S(R1, 5, 0), S(G2, 3, 0), S(G1, 4, 0),
        S(B3, 0, 0), S(G3, 3, 0), S(B1, 4, 0), S(B3, 1, 1), S(B2, 3, 0), S(R2, 5, 0),
        S(R3, 5, 0) }, 19 },
    /* mode 8 */
    { 0x16, 5, 2, true, 8, { 5, 6, 5 },
      { S(R0, 7, 0), S(B3, 0, 0), S(B2, 4, 4), S(G0, 7, 0), S(G2, 5, 5), S(G2, 4, 4),
        S(B0, 7, 0), S(G3, 5, 5), S(B3, 4, 4), S(R1, 4, 0), S(G3, 4, 4), S(G2, 3, 0),
        S(G1, 5, 0), S(G3, 3, 0), S(B1, 4, 0), S(B3, 1, 1), S(B2, 3, 0), S(R2, 4, 0),
        S(B3, 2, 2), S(R3, 4, 0), S(B3, 3, 3) }, 21 },
    /* mode 9 */
    { 0x1a, 5, 2, true, 8, { 5, 5, 6 },
      { S(R0, 7, 0), S(B3, 1, 1), S(B2, 4, 4), S(G0, 7, 0), S(B2, 5, 5), S(G2, 4, 4),
        S(B0, 7, 0), S(B3, 5, 5), S(B3, 4, 4), S(R1, 4, 0), S(G3, 4, 4), S(G2, 3, 0),
        S(G1, 4, 0), S(B3, 0, 0), S(G3, 3, 0), S(B1, 5, 0), S(B2, 3, 0), S(R2, 4, 0),
        S(B3, 2, 2), S(R3, 4, 0), S(B3, 3, 3) }, 21 },
    /* mode 10 */
    { 0x1e, 5, 2, false, 6, { 6, 6, 6 },
      { S(R0, 5, 0), S(G3, 4, 4), S(B3, 0, 0), S(B3, 1, 1), S(B2, 4, 4), S(G0, 5, 0),
        S(G2, 5, 5), S(B2, 5, 5), S(B3, 2, 2), S(G2, 4, 4), S(B0, 5, 0), S(G3, 5, 5),
        S(B3, 3, 3), S(B3, 5, 5), S(B3, 4, 4), S(R1, 5, 0), S(G2, 3, 0), S(G1, 5, 0),
        S(G3, 3, 0), S(B1, 5, 0), S(B2, 3, 0), S(R2, 5, 0), S(R3, 5, 0) }, 23 },
    /* mode 11 */
    { 0x03, 5, 1, false, 10, { 10, 10, 10 },
      { S(R0, 9, 0), S(G0, 9, 0), S(B0, 9, 0), S(R1, 9, 0), S(G1, 9, 0), S(B1, 9, 0) }, 6 },
    /* mode 12 */
    { 0x07, 5, 1, true, 11, { 9, 9, 9 },
      { S(R0, 9, 0), S(G0, 9, 0), S(B0, 9, 0), S(R1, 8, 0), S(R0, 10, 10), S(G1, 8, 0),
        S(G0, 10, 10), S(B1, 8, 0), S(B0, 10, 10) }, 9 },
    /* mode 13 */
    { 0x0b, 5, 1, true, 12, { 8, 8, 8 },
      { S(R0, 9, 0), S(G0, 9, 0), S(B0, 9, 0), S(R1, 7, 0), S(R0, 10, 11), S(G1, 7, 0),
        S(G0, 10, 11), S(B1, 7, 0), S(B0, 10, 11) }, 9 },
    /* mode 14 */
    { 0x0f, 5, 1, true, 16, { 4, 4, 4 },
      { S(R0, 9, 0), S(G0, 9, 0), S(B0, 9, 0), S(R1, 3, 0), S(R0, 10, 15), S(G1, 3, 0),
        S(G0, 10, 15), S(B1, 3, 0), S(B0, 10, 15) }, 9 },
};

/* (the block's bits: texel_bc.h struct texel_bc_bits) */

static unsigned bit(struct texel_bc_bits *r)
{
    unsigned p = r->pos++;
    return (unsigned)((p < 64 ? r->lo >> p : r->hi >> (p - 64)) & 1);
}

/* n (0..8) bits. */
static unsigned take(struct texel_bc_bits *r, unsigned n)
{
    unsigned p = r->pos;
    uint64_t v = p >= 64 ? r->hi >> (p - 64) : p ? r->lo >> p | r->hi << (64 - p) : r->lo;
    r->pos += n;
    return (unsigned)(v & ((1u << n) - 1));
}

static int sign_extend(unsigned v, unsigned bits)
{
    unsigned m = 1u << (bits - 1);
    v &= (1u << bits) - 1;
    return (int)(v ^ m) - (int)m;
}

static int unquantize(int v, unsigned bits, bool sf)
{
    if (!sf) {
        if (bits >= 15)
            return v;
        if (v == 0)
            return 0;
        if (v == (1 << bits) - 1)
            return 0xffff;
        return (int)((((unsigned)v << 16) + 0x8000u) >> bits);
    }
    if (bits >= 16)
        return v;
    bool neg = v < 0;
    unsigned a = (unsigned)(neg ? -v : v), q;
    if (a == 0)
        q = 0;
    else if (a >= (1u << (bits - 1)) - 1)
        q = 0x7fff;
    else
        q = ((a << 15) + 0x4000u) >> (bits - 1);
    return neg ? -(int)q : (int)q;
}

/* v >> 6 rounding toward minus infinity for negative v too (the spec's arithmetic shift),
 * without relying on the implementation-defined right shift of a negative int. */
static int floor_shift6(int v)
{
    return v >= 0 ? v >> 6 : -((-v + 63) >> 6);
}

static uint16_t finish(int v, bool sf)
{
    if (!sf)
        return (uint16_t)((v * 31) >> 6);
    if (v < 0)
        return (uint16_t)(0x8000u | (unsigned)(((-v) * 31) >> 5));
    return (uint16_t)((v * 31) >> 5);
}

unsigned texel_bc6h_header_bits(unsigned mode_index)
{
    const struct bc6h_mode *md = &modes[mode_index];
    unsigned n = md->code_bits;
    for (unsigned s = 0; s < md->nsegs; s++) {
        const struct seg *g = &md->segs[s];
        n += (g->first <= g->last ? g->last - g->first : g->first - g->last) + 1;
    }
    return n;
}

/* A block's mode, shape and unquantized endpoints; texels are then decoded one by one. */
struct bc6h_block {
    const struct bc6h_mode *md;   /* NULL: a reserved mode */
    struct texel_bc_bits r;
    bool sf;
    unsigned shape, index_bits, index_pos;
    int ep[4][3];
};

static void bc6h_header(const uint8_t block[16], bool sf, struct bc6h_block *b)
{
    const struct bc6h_mode *md = NULL;
    unsigned low2 = block[0] & 3, low5 = block[0] & 31;
    for (unsigned i = 0; i < 14; i++)
        if ((modes[i].code_bits == 2 && low2 < 2 && modes[i].code == low2) ||
            (modes[i].code_bits == 5 && low2 >= 2 && modes[i].code == low5)) {
            md = &modes[i];
            break;
        }
    b->md = md;
    b->sf = sf;
    if (!md)   /* reserved mode: zeros (file comment) */
        return;
    struct texel_bc_bits r;
    texel_bc_bits_init(&r, block, md->code_bits);
    unsigned raw[12] = { 0 };
    for (unsigned s = 0; s < md->nsegs; s++) {
        const struct seg *g = &md->segs[s];
        int step = g->first <= g->last ? 1 : -1;
        for (int i = g->first;; i += step) {
            raw[g->field] |= bit(&r) << i;
            if (i == g->last)
                break;
        }
    }
    unsigned ne = 2 * md->regions, epb = md->ep_bits;
    for (unsigned e = 0; e < ne; e++)
        for (unsigned c = 0; c < 3; c++) {
            unsigned v = raw[3 * e + c];
            if (e == 0)
                b->ep[e][c] = sf ? sign_extend(v, epb) : (int)v;
            else if (md->transformed)
                b->ep[e][c] = sign_extend(v, md->delta_bits[c]);
            else
                b->ep[e][c] = sf ? sign_extend(v, epb) : (int)v;
        }
    if (md->transformed)
        for (unsigned e = 1; e < ne; e++)
            for (unsigned c = 0; c < 3; c++) {
                unsigned v = (unsigned)(b->ep[0][c] + b->ep[e][c]) & ((1u << epb) - 1);
                b->ep[e][c] = sf ? sign_extend(v, epb) : (int)v;
            }
    for (unsigned e = 0; e < ne; e++)
        for (unsigned c = 0; c < 3; c++)
            b->ep[e][c] = unquantize(b->ep[e][c], epb, sf);
    b->shape = 0;
    b->index_bits = 4;
    b->index_pos = 65;
    if (md->regions == 2) {
        r.pos = 77;
        b->shape = take(&r, 5);
        b->index_bits = 3;
        b->index_pos = 82;
    }
    b->r = r;
}

static void bc6h_texel(const struct bc6h_block *b, unsigned t, uint16_t out[3])
{
    const struct bc6h_mode *md = b->md;
    if (!md) {
        out[0] = out[1] = out[2] = 0;
        return;
    }
    unsigned anchors = 0;
    for (unsigned u = 0; u < t; u++)
        anchors += texel_bc_is_anchor(md->regions, b->shape, u);
    struct texel_bc_bits r = b->r;
    r.pos = b->index_pos + t * b->index_bits - anchors;
    unsigned idx = take(&r, b->index_bits - (texel_bc_is_anchor(md->regions, b->shape, t) ? 1 : 0));
    unsigned s = texel_bc_subset(md->regions, b->shape, t);
    const uint8_t *w = texel_bc_weights(b->index_bits);
    for (unsigned c = 0; c < 3; c++) {
        int e0 = b->ep[2 * s][c], e1 = b->ep[2 * s + 1][c];
        out[c] = finish(floor_shift6((64 - w[idx]) * e0 + w[idx] * e1 + 32), b->sf);
    }
}

void texel_bc6h_decode(const uint8_t block[16], bool sf, uint16_t out[16][3])
{
    struct bc6h_block b;
    bc6h_header(block, sf, &b);
    for (unsigned t = 0; t < 16; t++)
        bc6h_texel(&b, t, out[t]);
}

void texel_load_bc6h(const struct texel_format *f, const uint8_t *block, unsigned x, unsigned y,
                     float out[4])
{
    struct bc6h_block b;
    uint16_t h[3];
    bc6h_header(block, f->id == 96, &b);
    bc6h_texel(&b, 4 * y + x, h);   /* only the texel asked for */
    for (int c = 0; c < 3; c++)
        out[c] = texel_half_to_float(h[c]);
    out[3] = 1.0f;
}
