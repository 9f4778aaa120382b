/* src/sample/texel_bc.h — the BC6H (texel_bc6h.c) and BC7 (texel_bc7.c) block decoders, shared by the texel table
 * (texel_load.c) and the tests. */
#ifndef SOFTD3D_SAMPLE_TEXEL_BC_H
#define SOFTD3D_SAMPLE_TEXEL_BC_H

#include "sample/texel.h"

#include <stdbool.h>
#include <stdint.h>

/* The 16 texels (row-major) of a BC7 block as 8-bit r, g, b, a (exact: the spec's integer
 * unquantization and interpolation); reserved blocks (first byte 0) give zeros. */
void texel_bc7_decode(const uint8_t block[16], uint8_t out[16][4]);

/* Texel t (0..15, row-major) of a BC7 block alone: the same bytes as texel_bc7_decode's
 * out[t] (the sampler's path: only the texel's own index is read). */
void texel_bc7_decode_texel(const uint8_t block[16], unsigned t, uint8_t out[4]);

/* texel_load_fn of BC7_UNORM and BC7_UNORM_SRGB. */
void texel_load_bc7(const struct texel_format *f, const uint8_t *block, unsigned x, unsigned y,
                    float out[4]);

/* The 16 texels of a BC6H block as the bit patterns of halves, r, g, b (sf: BC6H_SF16, else
 * UF16); reserved modes give zeros. */
void texel_bc6h_decode(const uint8_t block[16], bool sf, uint16_t out[16][3]);

/* texel_load_fn of BC6H_UF16 and BC6H_SF16 (alpha 1). */
void texel_load_bc6h(const struct texel_format *f, const uint8_t *block, unsigned x, unsigned y,
                     float out[4]);

/* The header width (mode field and endpoints) of BC6H mode 1..14 at index 0..13: 77 for the
 * two-region modes, 65 for the one-region ones (a table self-check for the tests). */
unsigned texel_bc6h_header_bits(unsigned mode_index);

/* The partition tables shared by BC6H and BC7 (spec 19.5.12): the subset (0..subsets-1) of
 * texel 0..15 in partition 0..63, whether the texel is an anchor (its index one bit shorter),
 * and the interpolation weights of 2-, 3- and 4-bit indices. */
unsigned texel_bc_subset(unsigned subsets, unsigned partition, unsigned texel);
bool texel_bc_is_anchor(unsigned subsets, unsigned partition, unsigned texel);
const uint8_t *texel_bc_weights(unsigned index_bits);

/* A BC6H / BC7 block's 128 bits as two little-endian 64-bit words, read from `pos` on (bit 0 is
 * the first byte's lowest: the formats' field order). */
struct texel_bc_bits {
    uint64_t lo, hi;
    unsigned pos;
};

static inline void texel_bc_bits_init(struct texel_bc_bits *r, const uint8_t *p, unsigned pos)
{
    r->lo = r->hi = 0;
    for (int i = 7; i >= 0; i--) {
        r->lo = r->lo << 8 | p[i];
        r->hi = r->hi << 8 | p[8 + i];
    }
    r->pos = pos;
}

#endif
