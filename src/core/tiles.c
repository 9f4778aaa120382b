/* src/core/tiles.c — tile layouts (see tiles.h for the rules and their sources). */
#include "core/tiles.h"

#include <stdio.h>
#include <string.h>

bool core_tile_shape_2d(uint32_t bpe, uint32_t *w, uint32_t *h)
{
    /* "Texture2D and Texture2DArray subresource tiling": each shape is 64 KiB. */
    static const struct { uint32_t bpe, w, h; } shapes[] = {
        { 8, 256, 256 }, { 16, 256, 128 }, { 32, 128, 128 }, { 64, 128, 64 }, { 128, 64, 64 },
    };
    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
        if (shapes[i].bpe == bpe) {
            *w = shapes[i].w;
            *h = shapes[i].h;
            return true;
        }
    }
    return false;
}

static uint32_t div_up(uint32_t a, uint32_t b)
{
    return (a + b - 1) / b;
}

int core_tile_layout_compute(uint32_t width, uint32_t height, uint32_t mips, uint32_t array_size,
                             uint32_t bpe, uint32_t block_w, uint32_t block_h,
                             core_tile_layout *l, char *why, size_t why_size)
{
    uint64_t packed_bytes = 0;

    memset(l, 0, sizeof(*l));
    if (why && why_size)
        why[0] = 0;
    l->mips = mips;
    l->array_size = array_size;
    if (height == 0) {   /* a buffer: tiles of 65536 bytes, one "mip" */
        l->tile_w = CORE_TILE_BYTES;
        l->tile_h = 1;
        l->mips = l->standard_mips = 1;
        l->array_size = 1;
        l->mip_w_tiles[0] = div_up(width, CORE_TILE_BYTES);
        l->mip_h_tiles[0] = 1;
        l->tiles_per_slice = l->total_tiles = l->mip_w_tiles[0];
        return 0;
    }
    if (mips == 0 || mips > CORE_TILES_MAX_MIPS || block_w == 0 || block_h == 0 ||
        !core_tile_shape_2d(bpe, &l->tile_w, &l->tile_h)) {
        if (why)
            snprintf(why, why_size, "%u bits per element has no standard tile shape", bpe);
        return -1;
    }
    l->tile_w *= block_w;   /* the shape counts elements (blocks); keep it in texels */
    l->tile_h *= block_h;
    for (uint32_t m = 0; m < mips; m++) {
        uint32_t w = width >> m ? width >> m : 1, h = height >> m ? height >> m : 1;
        if (l->packed_mips == 0 && w >= l->tile_w && h >= l->tile_h) {
            /* seed 001: a mip that fills at least one standard tile in all dimensions */
            l->mip_w_tiles[m] = div_up(w, l->tile_w);
            l->mip_h_tiles[m] = div_up(h, l->tile_h);
            l->mip_start[m] = l->tiles_per_slice;
            l->tiles_per_slice += l->mip_w_tiles[m] * l->mip_h_tiles[m];
            l->standard_mips++;
        } else {
            l->packed_mips++;
            l->packed_offset[m] = packed_bytes;
            packed_bytes += (uint64_t)div_up(w, block_w) * div_up(h, block_h) * (bpe / 8);
        }
    }
    if (l->packed_mips) {
        if (array_size > 1) {
            /* seed 001, Limitations */
            if (why)
                snprintf(why, why_size, "ArraySize %u > 1 with %u mip(s) smaller than the "
                         "standard tile %ux%u (seed 001, tier-2 limitation)", array_size,
                         l->packed_mips, l->tile_w, l->tile_h);
            return -1;
        }
        l->packed_tiles = (uint32_t)((packed_bytes + CORE_TILE_BYTES - 1) / CORE_TILE_BYTES);
        l->tiles_per_slice += l->packed_tiles;
    }
    l->total_tiles = l->tiles_per_slice * array_size;
    return 0;
}

uint8_t *core_tiled_tile_memory(const core_tiled *r, uint32_t tile)
{
    uint32_t page;
    if (tile >= r->layout.total_tiles || !r->pool)
        return NULL;
    page = r->pages[tile];
    /* CORE_TILE_NULL, or (never after validation) a page past the pool's memory: NULL */
    if (page == CORE_TILE_NULL || (uint64_t)page * CORE_TILE_BYTES >= r->pool->capacity)
        return NULL;
    return r->pool->memory + (size_t)page * CORE_TILE_BYTES;
}

uint8_t *core_tiled_element(const core_tiled *r, uint32_t mip, uint32_t slice, uint32_t bx,
                            uint32_t by)
{
    const core_tile_layout *l = &r->layout;
    uint32_t ew, eh, tile;
    uint64_t off;
    uint8_t *mem;

    if (mip >= l->mips || slice >= l->array_size)
        return NULL;
    ew = div_up(core_tiled_mip_width(r, mip), r->block_w);
    eh = div_up(core_tiled_mip_height(r, mip), r->block_h);
    if (bx >= ew || by >= eh)
        return NULL;
    if (mip < l->standard_mips) {
        /* A standard tile holds tile_w/block_w x tile_h/block_h elements, rows of whole
         * elements one after the other (64 KiB = that product x block_bytes). */
        uint32_t tw = l->tile_w / r->block_w, th = l->tile_h / r->block_h;
        tile = slice * l->tiles_per_slice + l->mip_start[mip] +
               (by / th) * l->mip_w_tiles[mip] + bx / tw;
        off = ((uint64_t)(by % th) * tw + bx % tw) * r->block_bytes;
    } else {
        /* The packed unit: its mips one after the other, rows tightly packed; an element never
         * straddles two tiles because block_bytes (1..16) divides 64 KiB. */
        uint64_t at = l->packed_offset[mip] + ((uint64_t)by * ew + bx) * r->block_bytes;
        tile = slice * l->tiles_per_slice + l->tiles_per_slice - l->packed_tiles +
               (uint32_t)(at / CORE_TILE_BYTES);
        off = at % CORE_TILE_BYTES;
    }
    mem = core_tiled_tile_memory(r, tile);
    return mem ? mem + off : NULL;
}
