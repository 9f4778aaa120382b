/* src/core/tiles.h — tiled resources (seed 001, tier 2), API-neutral: the tile layout of a
 * resource and its page table.
 *
 * Memory model (issue 7): 64 KiB tiles.  A tiled resource owns no memory; its page table maps
 * each of its tiles to a tile of one tile pool (an index in 64 KiB units) or to NULL.  Reads of
 * NULL tiles return 0 and writes to them are dropped (seed 001, "Unmapped tiles").
 *
 * Standard tile shapes for 2D ("Texture2D and Texture2DArray subresource tiling"):
 *   bits per element   8: 256x256   16: 256x128   32: 128x128   64: 128x64   128: 64x64
 * (an element is a texel, or a 4x4 block of a block-compressed format).  Buffers: 65536 x 1.
 * Packed mips (seed 001, "Alignment constraints"): from the first mip that does not fill one
 * standard tile in every dimension on, the mips form one packed unit per array slice.  softd3d's
 * packed unit takes ceil(bytes of those mips / 64 KiB) tiles (at least 1) — the number N that
 * the seed says is reported to the application.  Seed 001, "Limitations": packed mips with an
 * array size > 1 are refused.
 */
#ifndef SOFTD3D_CORE_TILES_H
#define SOFTD3D_CORE_TILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CORE_TILE_BYTES 65536u
#define CORE_TILE_NULL UINT32_MAX
#define CORE_TILES_MAX_MIPS 16

typedef struct core_tile_layout {
    uint32_t tile_w, tile_h;              /* standard shape, in texels (buffers: bytes x 1) */
    uint32_t mips, array_size;
    uint32_t standard_mips, packed_mips;
    uint32_t packed_tiles;                /* per slice; 0 when no mip is packed */
    uint32_t mip_w_tiles[CORE_TILES_MAX_MIPS], mip_h_tiles[CORE_TILES_MAX_MIPS];
    uint32_t mip_start[CORE_TILES_MAX_MIPS];   /* first tile of each standard mip of slice 0 */
    uint32_t tiles_per_slice;
    uint32_t total_tiles;
    /* Packed mips (tiles.c, core_tiled_element): mip m >= standard_mips starts packed_offset[m]
     * bytes into the slice's packed unit, rows of whole elements tightly packed. */
    uint64_t packed_offset[CORE_TILES_MAX_MIPS];
} core_tile_layout;

/* A tile pool: `bytes` (a multiple of 64 KiB) usable for new mappings; `capacity` bytes of
 * memory held.  ResizeTilePool's shrink keeps the memory ("existing mappings past the end of
 * the new size remain intact and useable"; a later grow reuses it first), so a page below
 * capacity / 64 KiB always names real memory. */
typedef struct core_tile_pool {
    uint8_t *memory;
    uint64_t bytes, capacity;
} core_tile_pool;

/* A tiled resource as the sampler, the copies and the output merger see it: its layout, its
 * page table (tile -> pool page or CORE_TILE_NULL) and the pool the pages point into (NULL
 * while nothing was ever mapped).  width/height: level 0 in texels (buffers: bytes, 1). */
typedef struct core_tiled {
    core_tile_layout layout;
    uint32_t *pages;
    const core_tile_pool *pool;
    uint32_t width, height;
    uint32_t block_w, block_h, block_bytes;   /* buffers: 1, 1, 1 */
} core_tiled;

/* The memory of element (bx, by) (in blocks) of mip `mip`, array slice `slice`: NULL when its
 * tile is NULL-mapped (seed 001: reads give 0, writes are dropped) or the coordinates lie
 * outside the subresource.  Buffers: mip 0, slice 0, bx = byte offset, by = 0. */
uint8_t *core_tiled_element(const core_tiled *r, uint32_t mip, uint32_t slice, uint32_t bx,
                            uint32_t by);

/* Size of mip `mip` in texels. */
static inline uint32_t core_tiled_mip_width(const core_tiled *r, uint32_t mip)
{
    return r->width >> mip ? r->width >> mip : 1;
}
static inline uint32_t core_tiled_mip_height(const core_tiled *r, uint32_t mip)
{
    return r->height >> mip ? r->height >> mip : 1;
}

/* The pool memory of tile `tile` (a flat index), or NULL when it is NULL-mapped. */
uint8_t *core_tiled_tile_memory(const core_tiled *r, uint32_t tile);

/* The 2D standard tile shape for bits per element 8..128; false for other sizes. */
bool core_tile_shape_2d(uint32_t bits_per_element, uint32_t *w, uint32_t *h);

/* Layout of a tiled 2D texture (width/height in texels; block_w/block_h the format's block, 1 for
 * uncompressed) or of a buffer (height 0: width in bytes).  Returns 0, or -1 with `why` filled
 * (unsupported element size, packed mips with array_size > 1). */
int core_tile_layout_compute(uint32_t width, uint32_t height, uint32_t mips, uint32_t array_size,
                             uint32_t bits_per_element, uint32_t block_w, uint32_t block_h,
                             core_tile_layout *out, char *why, size_t why_size);

#endif
