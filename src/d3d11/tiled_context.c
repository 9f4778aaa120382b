/* src/d3d11/tiled_context.c — ID3D11DeviceContext2's tile methods (issue 7, seed 001), and the
 * context's copies when a tiled resource takes part.
 *
 * Regions (D3D11_TILE_REGION_SIZE): without a box, NumTiles tiles in the resource's flat tile
 * order from the start coordinate (x, then y, then spilling over mips and array slices in
 * subresource order); with a box, Width x Height x Depth tiles of one standard mip (Depth
 * walks array slices), NumTiles = Width * Height * Depth.  A coordinate in the packed mips
 * names the tile by X within the slice's packed unit (Y = Z = 0) and cannot use a box.  A
 * region must lie inside its resource (E_INVALIDARG otherwise: "must each entirely fit").
 *
 * Tile data (CopyTiles, UpdateTiles): a tile is 64 KiB laid out as softd3d keeps it in the
 * pool (core/tiles.h: rows of the standard shape, one after the other), the "linear" layout of
 * D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE; tiles follow each other in region
 * order.  Seed 001 "Unmapped tiles": copying out of a NULL tile gives zeros, copying into one
 * writes nothing.
 *
 * Duplicate mappings (two tiles of resources on the same pool tile, "Tile access limitations
 * with duplicate mappings"): softd3d has no caches and executes in order, so every access goes
 * to the one pool tile: a write through one mapping is seen by reads through the other, and of
 * two writes to the same byte in one copy the later in region order stays.  The documents
 * leave those cases undefined; this is one of the allowed outcomes, not a promise.
 *
 * Every refusal leaves mappings and memory unchanged and says why in one line.
 */
#include <stdlib.h>
#include <string.h>

#include "d3d11/d3d11_tiled.h"
#include "d3d11/d3d11_resource.h"
#include "util/log.h"

static struct d3d11_context *impl(ID3D11DeviceContext2 *iface)
{
    return container_of(iface, struct d3d11_context, iface);
}

/* ---- regions ------------------------------------------------------------------------------- */

/* The flat tile indices of a region, allocated in *out (count in *n).  Returns S_OK,
 * E_INVALIDARG (message says why) or E_OUTOFMEMORY. */
static HRESULT region_tiles(struct d3d11_device *dev, const char *m, const core_tile_layout *l,
                            const D3D11_TILED_RESOURCE_COORDINATE *c,
                            const D3D11_TILE_REGION_SIZE *sz, uint32_t **out, uint32_t *n)
{
    uint32_t mips = l->mips, subs = l->mips * l->array_size, mip, slice, count;
    uint64_t first;

    *out = NULL;
    *n = 0;
    if (!c) {
        d3d11_msg(dev, "%s: the region start coordinate is NULL", m);
        return E_INVALIDARG;
    }
    if (c->Subresource >= subs) {
        d3d11_msg(dev, "%s: Subresource %u of a resource with %u", m, c->Subresource, subs);
        return E_INVALIDARG;
    }
    mip = c->Subresource % mips;
    slice = c->Subresource / mips;
    if (mip >= l->standard_mips) {
        if (c->X >= l->packed_tiles || c->Y || c->Z) {
            d3d11_msg(dev, "%s: (%u, %u, %u) is not a tile of the %u packed tiles (X only)", m,
                      c->X, c->Y, c->Z, l->packed_tiles);
            return E_INVALIDARG;
        }
        first = (uint64_t)slice * l->tiles_per_slice + l->tiles_per_slice - l->packed_tiles + c->X;
    } else {
        if (c->X >= l->mip_w_tiles[mip] || c->Y >= l->mip_h_tiles[mip] || c->Z) {
            d3d11_msg(dev, "%s: tile (%u, %u, %u) lies outside subresource %u (%u x %u tiles)",
                      m, c->X, c->Y, c->Z, c->Subresource, l->mip_w_tiles[mip],
                      l->mip_h_tiles[mip]);
            return E_INVALIDARG;
        }
        first = (uint64_t)slice * l->tiles_per_slice + l->mip_start[mip] +
                (uint64_t)c->Y * l->mip_w_tiles[mip] + c->X;
    }
    if (sz && sz->bUseBox) {
        uint64_t boxn = (uint64_t)sz->Width * sz->Height * sz->Depth;
        if (mip >= l->standard_mips) {
            d3d11_msg(dev, "%s: a box cannot address packed mips (bUseBox must be FALSE)", m);
            return E_INVALIDARG;
        }
        if (boxn != sz->NumTiles || !boxn) {
            d3d11_msg(dev, "%s: NumTiles %u must equal Width * Height * Depth = %llu (nonzero)",
                      m, sz->NumTiles, (unsigned long long)boxn);
            return E_INVALIDARG;
        }
        if ((uint64_t)c->X + sz->Width > l->mip_w_tiles[mip] ||
            (uint64_t)c->Y + sz->Height > l->mip_h_tiles[mip] ||
            (uint64_t)slice + sz->Depth > l->array_size) {
            d3d11_msg(dev, "%s: the box %ux%ux%u at (%u, %u, slice %u) does not fit the "
                           "subresource (%u x %u tiles, %u slices)", m, sz->Width, sz->Height,
                      sz->Depth, c->X, c->Y, slice, l->mip_w_tiles[mip], l->mip_h_tiles[mip],
                      l->array_size);
            return E_INVALIDARG;
        }
        count = (uint32_t)boxn;
    } else {
        count = sz ? sz->NumTiles : 1;
        if (first + count > l->total_tiles) {
            d3d11_msg(dev, "%s: %u tiles from tile %llu pass the end of the resource (%u tiles)",
                      m, count, (unsigned long long)first, l->total_tiles);
            return E_INVALIDARG;
        }
    }
    if (!count)
        return S_OK;
    if (!(*out = malloc(sizeof(**out) * count)))
        return E_OUTOFMEMORY;
    if (sz && sz->bUseBox) {
        uint32_t k = 0;
        for (uint32_t z = 0; z < sz->Depth; z++)       /* Depth: the next slices, same mip */
            for (uint32_t y = 0; y < sz->Height; y++)
                for (uint32_t x = 0; x < sz->Width; x++)
                    (*out)[k++] = (uint32_t)(first + (uint64_t)z * l->tiles_per_slice +
                                             (uint64_t)y * l->mip_w_tiles[mip] + x);
    } else {
        for (uint32_t k = 0; k < count; k++)
            (*out)[k] = (uint32_t)(first + k);
    }
    *n = count;
    return S_OK;
}

/* Seed 001 "Alignment constraints": the packed tiles of a slice are mapped all or none.  Checks
 * that `tiles` covers, per slice, either none or all of the packed unit. */
static bool packed_all_or_none(const core_tile_layout *l, const uint32_t *tiles, uint32_t n,
                               uint32_t *bad_slice, uint32_t *got)
{
    if (!l->packed_tiles)
        return true;
    for (uint32_t s = 0; s < l->array_size; s++) {
        uint32_t lo = s * l->tiles_per_slice + l->tiles_per_slice - l->packed_tiles, c = 0;
        for (uint32_t k = 0; k < n; k++)
            c += tiles[k] >= lo && tiles[k] < lo + l->packed_tiles;
        if (c && c != l->packed_tiles) {
            *bad_slice = s;
            *got = c;
            return false;
        }
    }
    return true;
}

/* ---- UpdateTileMappings ---------------------------------------------------------------------- */

static HRESULT STDMETHODCALLTYPE tiled_UpdateTileMappings(
    ID3D11DeviceContext2 *iface, ID3D11Resource *res, UINT nregions,
    const D3D11_TILED_RESOURCE_COORDINATE *starts, const D3D11_TILE_REGION_SIZE *sizes,
    ID3D11Buffer *pool_iface, UINT nranges, const UINT *range_flags, const UINT *pool_offsets,
    const UINT *range_counts, UINT flags)
{
    static const char m[] = "UpdateTileMappings";
    struct d3d11_device *dev = impl(iface)->device;
    struct d3d11_tiled_buffer *pool = d3d11_tiled_pool_of((ID3D11Resource *)pool_iface);
    struct d3d11_tiled_ref v;
    uint32_t *next, total, *tiles = NULL, ntiles;
    UINT r = 0, in_range = 0;
    const char *bad = NULL;
    HRESULT hr = S_OK;

    if (!d3d11_tiled_of(res, &v)) {
        d3d11_msg(dev, "%s: pTiledResource is not a tiled resource", m);
        return E_INVALIDARG;
    }
    if (flags & ~(UINT)D3D11_TILE_MAPPING_NO_OVERWRITE)
        bad = "Flags has bits other than D3D11_TILE_MAPPING_NO_OVERWRITE";
    else if (pool_iface && !pool)
        bad = "pTilePool is not a tile pool";
    else if (nregions && !starts)
        bad = "NumTiledResourceRegions > 0 with no start coordinates";
    if (!bad && nranges && !pool)
        for (UINT i = 0; i < nranges; i++)
            if (!range_flags || !(range_flags[i] & (D3D11_TILE_RANGE_NULL | D3D11_TILE_RANGE_SKIP)))
                bad = "a range maps tiles but pTilePool is NULL (only D3D11_TILE_RANGE_NULL / "
                      "SKIP ranges can go without a pool)";
    if (!bad && range_flags)
        for (UINT i = 0; i < nranges; i++)
            if (range_flags[i] & ~(UINT)(D3D11_TILE_RANGE_NULL | D3D11_TILE_RANGE_SKIP |
                                         D3D11_TILE_RANGE_REUSE_SINGLE_TILE) ||
                __builtin_popcount(range_flags[i]) > 1)
                bad = "a range flag is not one of D3D11_TILE_RANGE_NULL, SKIP, "
                      "REUSE_SINGLE_TILE (or 0)";
    if (bad) {
        d3d11_msg(dev, "%s: %s", m, bad);
        return E_INVALIDARG;
    }
    total = v.tr->layout.total_tiles;
    if (!(next = malloc(sizeof(*next) * total)))
        return E_OUTOFMEMORY;
    memcpy(next, v.tr->pages, sizeof(*next) * total);
    /* "A tiled resource can't have mappings into multiple tile pools simultaneously": a
     * different pool replaces the old one, and the mappings into the old one become NULL. */
    if (pool && *v.pool && *v.pool != pool)
        for (uint32_t i = 0; i < total; i++)
            next[i] = CORE_TILE_NULL;
    for (UINT g = 0; g < nregions && hr == S_OK; g++) {
        uint32_t bad_slice, got;
        free(tiles);
        tiles = NULL;
        if (FAILED(hr = region_tiles(dev, m, &v.tr->layout, &starts[g], sizes ? &sizes[g] : NULL,
                                     &tiles, &ntiles)))
            break;
        if (!packed_all_or_none(&v.tr->layout, tiles, ntiles, &bad_slice, &got)) {
            d3d11_msg(dev, "%s: region %u maps %u of the %u packed tiles of slice %u: packed "
                           "mips are mapped all or none (seed 001)", m, g, got,
                      v.tr->layout.packed_tiles, bad_slice);
            hr = E_INVALIDARG;
            break;
        }
        for (uint32_t k = 0; k < ntiles; k++, in_range++) {
            UINT rf, count;
            while (r < nranges && in_range >= (count = range_counts ? range_counts[r] : 1)) {
                r++;
                in_range = 0;
            }
            if (r >= nranges) {
                d3d11_msg(dev, "%s: the ranges cover fewer tiles than the regions", m);
                hr = E_INVALIDARG;
                break;
            }
            rf = range_flags ? range_flags[r] : 0;
            if (rf & D3D11_TILE_RANGE_SKIP)
                continue;                            /* the mapping stays as it is */
            if (rf & D3D11_TILE_RANGE_NULL) {
                next[tiles[k]] = CORE_TILE_NULL;
                continue;
            }
            /* REUSE_SINGLE_TILE: every tile of the range on the range's one pool tile */
            uint64_t tile = (uint64_t)(pool_offsets ? pool_offsets[r] : 0) +
                            ((rf & D3D11_TILE_RANGE_REUSE_SINGLE_TILE) ? 0 : in_range);
            if (tile >= pool->mem.bytes / CORE_TILE_BYTES) {
                d3d11_msg(dev, "%s: range %u maps tile %llu of a pool of %llu tiles", m, r,
                          (unsigned long long)tile,
                          (unsigned long long)(pool->mem.bytes / CORE_TILE_BYTES));
                hr = E_INVALIDARG;
                break;
            }
            next[tiles[k]] = (uint32_t)tile;
        }
    }
    free(tiles);
    if (hr == S_OK) {
        memcpy(v.tr->pages, next, sizeof(*next) * total);
        if (pool)
            d3d11_tiled_set_pool(&v, pool);
    }
    free(next);
    return hr;
}

/* ---- CopyTileMappings -------------------------------------------------------------------------- */

static HRESULT STDMETHODCALLTYPE tiled_CopyTileMappings(
    ID3D11DeviceContext2 *iface, ID3D11Resource *dst_iface,
    const D3D11_TILED_RESOURCE_COORDINATE *dst_start, ID3D11Resource *src_iface,
    const D3D11_TILED_RESOURCE_COORDINATE *src_start, const D3D11_TILE_REGION_SIZE *size,
    UINT flags)
{
    static const char m[] = "CopyTileMappings";
    struct d3d11_device *dev = impl(iface)->device;
    struct d3d11_tiled_ref d, s;
    uint32_t *dt = NULL, *st = NULL, nd = 0, ns = 0, *saved = NULL, bad_slice, got;
    HRESULT hr;

    if (!d3d11_tiled_of(dst_iface, &d) || !d3d11_tiled_of(src_iface, &s)) {
        d3d11_msg(dev, "%s: the source and the destination must be tiled resources", m);
        return E_INVALIDARG;
    }
    if (flags & ~(UINT)D3D11_TILE_MAPPING_NO_OVERWRITE) {
        d3d11_msg(dev, "%s: Flags 0x%x: only D3D11_TILE_MAPPING_NO_OVERWRITE is valid", m, flags);
        return E_INVALIDARG;
    }
    if (!size) {
        d3d11_msg(dev, "%s: pTileRegionSize is NULL", m);
        return E_INVALIDARG;
    }
    if (FAILED(hr = region_tiles(dev, m, &d.tr->layout, dst_start, size, &dt, &nd)) ||
        FAILED(hr = region_tiles(dev, m, &s.tr->layout, src_start, size, &st, &ns)))
        goto done;
    if (!packed_all_or_none(&d.tr->layout, dt, nd, &bad_slice, &got)) {
        d3d11_msg(dev, "%s: the destination region covers %u of the %u packed tiles of slice "
                       "%u: packed mips are mapped all or none (seed 001)", m, got,
                  d.tr->layout.packed_tiles, bad_slice);
        hr = E_INVALIDARG;
        goto done;
    }
    /* "The source and destination regions can overlap; the result ... is as if the source was
     * saved to a temp location and then from there written to the destination." */
    if (!(saved = malloc(sizeof(*saved) * (nd ? nd : 1)))) {
        hr = E_OUTOFMEMORY;
        goto done;
    }
    for (uint32_t k = 0; k < nd; k++)
        saved[k] = s.tr->pages[st[k]];
    /* "A tiled resource can't have mappings into multiple tile pools simultaneously": copied
     * mappings into another pool than the destination's make it take that pool, and its
     * mappings into the old one become NULL -- the rule UpdateTileMappings applies when it is
     * given another pool.  (Different pools imply different resources: saved[] is already
     * read.) */
    if (*s.pool && *d.pool && *s.pool != *d.pool)
        for (uint32_t i = 0; i < d.tr->layout.total_tiles; i++)
            d.tr->pages[i] = CORE_TILE_NULL;
    for (uint32_t k = 0; k < nd; k++)
        d.tr->pages[dt[k]] = saved[k];
    if (*s.pool)
        d3d11_tiled_set_pool(&d, *s.pool);
done:
    free(saved);
    free(dt);
    free(st);
    return hr;
}

/* ---- CopyTiles, UpdateTiles ----------------------------------------------------------------- */

static void STDMETHODCALLTYPE tiled_CopyTiles(ID3D11DeviceContext2 *iface, ID3D11Resource *res,
                                              const D3D11_TILED_RESOURCE_COORDINATE *start,
                                              const D3D11_TILE_REGION_SIZE *size,
                                              ID3D11Buffer *buffer, UINT64 offset, UINT flags)
{
    static const char m[] = "CopyTiles";
    struct d3d11_device *dev = impl(iface)->device;
    struct d3d11_resource *b = d3d11_resource_from_iface((ID3D11Resource *)buffer);
    UINT dir = flags & (D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE |
                        D3D11_TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER);
    struct d3d11_tiled_ref v;
    uint32_t *tiles, n;

    if (!d3d11_tiled_of(res, &v)) {
        d3d11_msg(dev, "%s: pTiledResource is not a tiled resource", m);
        return;
    }
    if (!b || b->dim != D3D11_RESOURCE_DIMENSION_BUFFER || !b->core) {
        d3d11_msg(dev, "%s: pBuffer is not a (non-tiled) buffer", m);
        return;
    }
    if ((flags & ~(UINT)(dir | D3D11_TILE_COPY_NO_OVERWRITE)) ||
        (dir != D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE &&
         dir != D3D11_TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER)) {
        d3d11_msg(dev, "%s: Flags 0x%x must hold exactly one direction "
                       "(LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE or SWIZZLED_TILED_RESOURCE_"
                       "TO_LINEAR_BUFFER), optionally with NO_OVERWRITE", m, flags);
        return;
    }
    if (FAILED(region_tiles(dev, m, &v.tr->layout, start, size, &tiles, &n)))
        return;
    if (offset > b->width || (uint64_t)n * CORE_TILE_BYTES > b->width - offset) {
        d3d11_msg(dev, "%s: %u tiles (%llu bytes) at offset %llu do not fit the buffer's %u "
                       "bytes", m, n, (unsigned long long)n * CORE_TILE_BYTES,
                  (unsigned long long)offset, b->width);
        free(tiles);
        return;
    }
    for (uint32_t k = 0; k < n; k++) {
        uint8_t *tile = core_tiled_tile_memory(v.tr, tiles[k]);
        uint8_t *lin = b->core->data + offset + (size_t)k * CORE_TILE_BYTES;
        if (dir == D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE) {
            if (tile)                                   /* NULL tile: the write is dropped */
                memcpy(tile, lin, CORE_TILE_BYTES);
        } else if (tile) {
            memcpy(lin, tile, CORE_TILE_BYTES);
        } else {
            memset(lin, 0, CORE_TILE_BYTES);            /* NULL tile: reads 0 */
        }
    }
    free(tiles);
}

static void STDMETHODCALLTYPE tiled_UpdateTiles(ID3D11DeviceContext2 *iface, ID3D11Resource *res,
                                                const D3D11_TILED_RESOURCE_COORDINATE *start,
                                                const D3D11_TILE_REGION_SIZE *size,
                                                const void *data, UINT flags)
{
    static const char m[] = "UpdateTiles";
    struct d3d11_device *dev = impl(iface)->device;
    struct d3d11_tiled_ref v;
    uint32_t *tiles, n;

    if (!d3d11_tiled_of(res, &v)) {
        d3d11_msg(dev, "%s: pDestTiledResource is not a tiled resource", m);
        return;
    }
    if (flags & ~(UINT)D3D11_TILE_COPY_NO_OVERWRITE) {
        d3d11_msg(dev, "%s: Flags 0x%x: only D3D11_TILE_COPY_NO_OVERWRITE is valid (the "
                       "direction is implied)", m, flags);
        return;
    }
    if (!data) {
        d3d11_msg(dev, "%s: pSourceTileData is NULL", m);
        return;
    }
    if (FAILED(region_tiles(dev, m, &v.tr->layout, start, size, &tiles, &n)))
        return;
    for (uint32_t k = 0; k < n; k++) {
        uint8_t *tile = core_tiled_tile_memory(v.tr, tiles[k]);
        if (tile)   /* NULL tile: dropped (seed 001) */
            memcpy(tile, (const uint8_t *)data + (size_t)k * CORE_TILE_BYTES, CORE_TILE_BYTES);
    }
    free(tiles);
}

/* ---- ResizeTilePool, TiledResourceBarrier -------------------------------------------------- */

static HRESULT STDMETHODCALLTYPE tiled_ResizeTilePool(ID3D11DeviceContext2 *iface,
                                                      ID3D11Buffer *pool_iface, UINT64 size)
{
    struct d3d11_device *dev = impl(iface)->device;
    struct d3d11_tiled_buffer *pool = d3d11_tiled_pool_of((ID3D11Resource *)pool_iface);
    core_tile_pool *p;

    if (!pool) {
        d3d11_msg(dev, "ResizeTilePool: pTilePool is not a tile pool");
        return E_INVALIDARG;
    }
    if (size % CORE_TILE_BYTES || size > UINT32_MAX) {
        d3d11_msg(dev, "ResizeTilePool: NewSizeInBytes %llu must be a multiple of 64 KiB (or 0), "
                       "at most 4 GiB - 64 KiB", (unsigned long long)size);
        return E_INVALIDARG;
    }
    p = &pool->mem;
    /* Tile pool resizing: a shrink removes tiles from the end (down to 0) for new mappings,
     * but existing mappings past the new end "remain intact and useable", and a later grow
     * reuses that memory first.  So the memory (capacity) never shrinks; bytes does. */
    if (size > p->capacity) {
        uint8_t *mem = realloc(p->memory, (size_t)size);
        if (!mem) {
            d3d11_msg(dev, "ResizeTilePool: out of memory");
            return E_OUTOFMEMORY;
        }
        memset(mem + p->capacity, 0, (size_t)(size - p->capacity));
        p->memory = mem;
        p->capacity = size;
    }
    p->bytes = size;
    pool->desc.ByteWidth = (UINT)size;
    return S_OK;
}

/* A tiled resource, or a view of one (the method's page: "a tiled resource or view"). */
static bool tiled_or_view(ID3D11DeviceChild *c)
{
    struct d3d11_tiled_ref v;
    ID3D11Resource *res = NULL;
    bool ok;
    if (d3d11_tiled_of((ID3D11Resource *)c, &v))
        return true;
    if (!d3d11_view_child((ID3D11View *)c))
        return false;
    ID3D11View_GetResource((ID3D11View *)c, &res);
    ok = res && d3d11_tiled_of(res, &v);
    if (res)
        ID3D11Resource_Release(res);
    return ok;
}

static void STDMETHODCALLTYPE tiled_TiledResourceBarrier(ID3D11DeviceContext2 *iface,
                                                         ID3D11DeviceChild *before,
                                                         ID3D11DeviceChild *after)
{
    /* softd3d executes in order: nothing to wait for (validation only). */
    if ((before && !tiled_or_view(before)) || (after && !tiled_or_view(after)))
        d3d11_msg(impl(iface)->device, "TiledResourceBarrier: an argument is neither a tiled "
                                       "resource nor a view of one");
}

/* ---- the context's copies and Map with tiled resources --------------------------------------- */

static void (STDMETHODCALLTYPE *base_UpdateSubresource)(ID3D11DeviceContext2 *, ID3D11Resource *,
                                                        UINT, const D3D11_BOX *, const void *,
                                                        UINT, UINT);
static void (STDMETHODCALLTYPE *base_CopySubresourceRegion)(ID3D11DeviceContext2 *,
                                                            ID3D11Resource *, UINT, UINT, UINT,
                                                            UINT, ID3D11Resource *, UINT,
                                                            const D3D11_BOX *);
static void (STDMETHODCALLTYPE *base_CopyResource)(ID3D11DeviceContext2 *, ID3D11Resource *,
                                                   ID3D11Resource *);
static HRESULT (STDMETHODCALLTYPE *base_Map)(ID3D11DeviceContext2 *, ID3D11Resource *, UINT,
                                             D3D11_MAP, UINT, D3D11_MAPPED_SUBRESOURCE *);

/* One side of a copy: a tiled resource (through its page table) or a plain one. */
struct side {
    core_tiled *tr;
    struct d3d11_resource *plain;
    uint32_t mip, slice, width, height;   /* the subresource, texels */
    uint32_t bw, bh, bb;                  /* block */
};

static bool side_of(ID3D11Resource *r, UINT sub, struct side *s)
{
    struct d3d11_tiled_ref v;
    memset(s, 0, sizeof(*s));
    if (d3d11_tiled_of(r, &v)) {
        const core_tile_layout *l = &v.tr->layout;
        if (sub >= l->mips * l->array_size)
            return false;
        s->tr = v.tr;
        s->mip = sub % l->mips;
        s->slice = sub / l->mips;
        s->width = core_tiled_mip_width(v.tr, s->mip);
        s->height = core_tiled_mip_height(v.tr, s->mip);
        s->bw = v.tr->block_w;
        s->bh = v.tr->block_h;
        s->bb = v.tr->block_bytes;
        return true;
    }
    s->plain = d3d11_resource_from_iface(r);
    if (!s->plain || !s->plain->core || sub >= s->plain->core->subresource_count ||
        s->plain->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D)
        return false;
    const core_subresource *cs = &s->plain->core->sub[sub];
    const core_format_desc *fd = core_format_get((core_format)s->plain->format);
    s->mip = sub;
    s->width = cs->width;
    s->height = cs->height;
    s->bw = fd ? fd->block_width : 1;
    s->bh = fd ? fd->block_height : 1;
    s->bb = fd ? fd->block_bytes : 1;
    return true;
}

static uint8_t *side_elem(const struct side *s, uint32_t bx, uint32_t by)
{
    if (s->tr)
        return core_tiled_element(s->tr, s->mip, s->slice, bx, by);
    const core_subresource *cs = &s->plain->core->sub[s->mip];
    return s->plain->core->data + cs->offset + (size_t)by * cs->row_pitch + (size_t)bx * s->bb;
}

static void STDMETHODCALLTYPE tiled_UpdateSubresource(ID3D11DeviceContext2 *iface,
                                                      ID3D11Resource *res, UINT sub,
                                                      const D3D11_BOX *box, const void *data,
                                                      UINT row_pitch, UINT depth_pitch)
{
    struct d3d11_device *dev = impl(iface)->device;
    struct side d;
    struct d3d11_tiled_ref v;
    if (!d3d11_tiled_of(res, &v)) {
        if (d3d11_tiled_pool_of(res))
            d3d11_msg(dev, "UpdateSubresource: a tile pool has no subresources");
        else
            base_UpdateSubresource(iface, res, sub, box, data, row_pitch, depth_pitch);
        return;
    }
    if (!side_of(res, sub, &d) || !data) {
        d3d11_msg(dev, "UpdateSubresource: DstSubresource %u is not in the tiled resource, or "
                       "pSrcData is NULL", sub);
        return;
    }
    uint32_t x0 = box ? box->left : 0, y0 = box ? box->top : 0;
    uint32_t x1 = box ? box->right : d.width, y1 = box ? box->bottom : d.height;
    if (box && (box->front != 0 || box->back != 1 || x0 >= x1 || y0 >= y1 || x1 > d.width ||
                y1 > d.height || x0 % d.bw || y0 % d.bh)) {
        d3d11_msg(dev, "UpdateSubresource: the box (%u,%u)-(%u,%u) is empty, outside the %ux%u "
                       "subresource or not block-aligned", x0, y0, x1, y1, d.width, d.height);
        return;
    }
    /* Element by element through the page table: elements on NULL tiles are dropped. */
    for (uint32_t by = 0; by < (y1 - y0 + d.bh - 1) / d.bh; by++)
        for (uint32_t bx = 0; bx < (x1 - x0 + d.bw - 1) / d.bw; bx++) {
            uint8_t *p = side_elem(&d, x0 / d.bw + bx, y0 / d.bh + by);
            if (p)
                memcpy(p, (const uint8_t *)data + (size_t)by * row_pitch + (size_t)bx * d.bb,
                       d.bb);
        }
}

static void STDMETHODCALLTYPE tiled_CopySubresourceRegion(ID3D11DeviceContext2 *iface,
                                                          ID3D11Resource *dst, UINT dsub,
                                                          UINT dx, UINT dy, UINT dz,
                                                          ID3D11Resource *src, UINT ssub,
                                                          const D3D11_BOX *box)
{
    static const char m[] = "CopySubresourceRegion";
    struct d3d11_device *dev = impl(iface)->device;
    struct side d, s;
    if (!d3d11_tiled_is_object(dst) && !d3d11_tiled_is_object(src)) {
        base_CopySubresourceRegion(iface, dst, dsub, dx, dy, dz, src, ssub, box);
        return;
    }
    if (d3d11_tiled_pool_of(dst) || d3d11_tiled_pool_of(src)) {
        d3d11_msg(dev, "%s: a tile pool cannot be copied (use CopyTiles)", m);
        return;
    }
    if (!side_of(dst, dsub, &d) || !side_of(src, ssub, &s)) {
        d3d11_msg(dev, "%s: a subresource index is out of range, or a resource is not softd3d's "
                       "(tiled copies take tiled resources, buffers and 2D textures)", m);
        return;
    }
    if (d.bb != s.bb || d.bw != s.bw || d.bh != s.bh || (!d.tr && !s.tr) || dz) {
        d3d11_msg(dev, "%s: the formats' element sizes differ (%u vs %u bytes), or DstZ %u is "
                       "not 0", m, d.bb, s.bb, dz);
        return;
    }
    uint32_t x0 = box ? box->left : 0, y0 = box ? box->top : 0;
    uint32_t x1 = box ? box->right : s.width, y1 = box ? box->bottom : s.height;
    if ((box && (box->front != 0 || box->back != 1)) || x0 >= x1 || y0 >= y1 || x1 > s.width ||
        y1 > s.height || (uint64_t)dx + (x1 - x0) > d.width ||
        (uint64_t)dy + (y1 - y0) > d.height || x0 % s.bw || y0 % s.bh || dx % d.bw ||
        dy % d.bh) {
        d3d11_msg(dev, "%s: the source box does not fit the source or the destination, or is "
                       "not block-aligned", m);
        return;
    }
    /* Through the page tables: NULL source elements read 0, NULL destination ones are
     * dropped (seed 001). */
    static const uint8_t zero[16];
    for (uint32_t by = 0; by < (y1 - y0 + s.bh - 1) / s.bh; by++)
        for (uint32_t bx = 0; bx < (x1 - x0 + s.bw - 1) / s.bw; bx++) {
            const uint8_t *sp = side_elem(&s, x0 / s.bw + bx, y0 / s.bh + by);
            uint8_t *dp = side_elem(&d, dx / d.bw + bx, dy / d.bh + by);
            if (dp)
                memmove(dp, sp ? sp : zero, d.bb);
        }
}

/* CopyResource with a tiled side: the resources must have "identical dimensions" (the
 * method's page) -- the same subresources, each the same size; every subresource is copied as
 * CopySubresourceRegion above does it (NULL source tiles read 0, NULL destination tiles drop
 * the writes).  Tile pools are copied with CopyTiles only. */
static void STDMETHODCALLTYPE tiled_CopyResource(ID3D11DeviceContext2 *iface, ID3D11Resource *dst,
                                                 ID3D11Resource *src)
{
    struct d3d11_device *dev = impl(iface)->device;
    struct d3d11_tiled_ref v;
    struct side d, s;
    UINT count;
    if (!d3d11_tiled_is_object(dst) && !d3d11_tiled_is_object(src)) {
        base_CopyResource(iface, dst, src);
        return;
    }
    if (d3d11_tiled_pool_of(dst) || d3d11_tiled_pool_of(src) ||
        !(d3d11_tiled_of(dst, &v) || d3d11_tiled_of(src, &v))) {
        d3d11_msg(dev, "CopyResource: a tile pool cannot be copied (use CopyTiles)");
        return;
    }
    count = v.tr->layout.mips * v.tr->layout.array_size;
    for (UINT i = 0; i <= count; i++) {
        bool dok = side_of(dst, i, &d), sok = side_of(src, i, &s);
        /* both sides end at subresource `count`, and every one before matches */
        if (i == count ? dok || sok
                       : !dok || !sok || d.width != s.width || d.height != s.height ||
                             d.bb != s.bb || d.bw != s.bw || d.bh != s.bh) {
            d3d11_msg(dev, "CopyResource: the resources differ in subresources, size or element "
                           "size");
            return;
        }
    }
    for (UINT i = 0; i < count; i++)
        tiled_CopySubresourceRegion(iface, dst, i, 0, 0, 0, src, i, NULL);
}

static HRESULT STDMETHODCALLTYPE tiled_Map(ID3D11DeviceContext2 *iface, ID3D11Resource *res,
                                           UINT sub, D3D11_MAP type, UINT flags,
                                           D3D11_MAPPED_SUBRESOURCE *out)
{
    if (!d3d11_tiled_is_object(res))
        return base_Map(iface, res, sub, type, flags, out);
    if (out)
        memset(out, 0, sizeof(*out));
    /* D3D11_RESOURCE_MISC_FLAG: tiled resources and tile pools cannot be CPU-accessible
     * (USAGE_DEFAULT without CPU access), so they cannot be mapped */
    d3d11_msg(impl(iface)->device, "Map: tiled resources and tile pools cannot be mapped (no CPU "
                                   "access; use CopyTiles to a staging buffer)");
    return E_INVALIDARG;
}

void d3d11_tiled_context_fill(ID3D11DeviceContext2Vtbl *v)
{
    base_UpdateSubresource = v->UpdateSubresource;
    base_CopySubresourceRegion = v->CopySubresourceRegion;
    base_CopyResource = v->CopyResource;
    base_Map = v->Map;
    v->UpdateSubresource = tiled_UpdateSubresource;
    v->CopySubresourceRegion = tiled_CopySubresourceRegion;
    v->CopyResource = tiled_CopyResource;
    v->Map = tiled_Map;
    v->UpdateTileMappings = tiled_UpdateTileMappings;
    v->CopyTileMappings = tiled_CopyTileMappings;
    v->CopyTiles = tiled_CopyTiles;
    v->UpdateTiles = tiled_UpdateTiles;
    v->ResizeTilePool = tiled_ResizeTilePool;
    v->TiledResourceBarrier = tiled_TiledResourceBarrier;
}
