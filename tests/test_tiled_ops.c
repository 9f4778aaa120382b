/* tests/test_tiled_ops.c — issue 7: the ID3D11DeviceContext2 tile methods (UpdateTiles,
 * CopyTiles both ways, CopyTileMappings, UpdateTileMappings range modes and boxes,
 * ResizeTilePool's shrink), the context's copies and Map on tiled resources, and each
 * refusal's HRESULT and message.  Seed 001: NULL tiles read 0, writes to them are dropped. */
#include "test_tiled_util.h"

#define BEGIN()                                                                             \
    ID3D11DeviceContext2 *ctx = NULL;                                                       \
    ID3D11Device2 *dev = tiled_device(&ctx);                                                \
    CHECK(dev != NULL);                                                                     \
    if (!dev)                                                                               \
        return;                                                                             \
    uint8_t *rb = malloc(8 * TILE), *src = malloc(8 * TILE);                                \
    CHECK(rb && src)

#define END()                                                                               \
    free(rb);                                                                               \
    free(src);                                                                              \
    ID3D11DeviceContext2_Release(ctx);                                                      \
    CHECK_EQ(ID3D11Device2_Release(dev), 0u)

/* Tile k of src filled with byte base + k. */
static void fill_tiles(uint8_t *src, UINT n, uint8_t base)
{
    for (UINT k = 0; k < n; k++)
        memset(src + (size_t)k * TILE, base + k, TILE);
}

TEST(tiled_update_tiles_and_copy_tiles_out_null_reads_zero_writes_dropped)
{
    BEGIN();
    ID3D11Buffer *pool = tiled_pool(dev, 4), *tb = tiled_buffer(dev, 4);
    D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 0 };
    D3D11_TILE_REGION_SIZE s = { 4, FALSE, 0, 0, 0 };
    CHECK(pool && tb);
    /* tiles 0 and 1 -> pool 2 and 3; tiles 2 and 3 stay NULL */
    CHECK_EQ(tiled_map(ctx, tb, pool, 0, 2, 2), S_OK);
    fill_tiles(src, 4, 1);
    ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)tb, &c, &s, src, 0);
    CHECK(tiled_read(dev, ctx, tb, 0, 4, rb));
    CHECK(tile_is(rb, 0, 1));
    CHECK(tile_is(rb, 1, 2));
    CHECK(tile_is(rb, 2, 0));   /* the write to a NULL tile was dropped; it reads 0 */
    CHECK(tile_is(rb, 3, 0));
    /* mapping tile 2 now shows the pool's (zeroed) memory, not the dropped write */
    CHECK_EQ(tiled_map(ctx, tb, pool, 2, 1, 0), S_OK);
    CHECK(tiled_read(dev, ctx, tb, 2, 1, rb));
    CHECK(tile_is(rb, 0, 0));
    ID3D11Buffer_Release(tb);
    CHECK_EQ(ID3D11Buffer_Release(pool), 0u);
    END();
}

TEST(tiled_copy_tiles_buffer_to_tiled_resource)
{
    BEGIN();
    ID3D11Buffer *pool = tiled_pool(dev, 2), *lin = NULL;
    ID3D11Texture2D *t = tiled_texture(dev, 256, 256, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    D3D11_BUFFER_DESC bd = { 4 * TILE, D3D11_USAGE_DEFAULT, 0, 0, 0, 0 };
    D3D11_SUBRESOURCE_DATA init = { src, 0, 0 };
    /* a box: the second row of tiles (x 0..1, y 1) */
    D3D11_TILED_RESOURCE_COORDINATE c = { 0, 1, 0, 0 };
    D3D11_TILE_REGION_SIZE box = { 2, TRUE, 2, 1, 1 };
    CHECK(pool && t);
    fill_tiles(src, 4, 0x40);
    CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &bd, &init, &lin), S_OK);
    {   /* tile (0,1) -> pool 0; (1,1) stays NULL */
        UINT zero = 0, one = 1;
        CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)t, 1, &c, NULL,
                                                         pool, 1, &zero, &zero, &one, 0), S_OK);
    }
    /* the buffer's tiles 1 and 2 (offset one tile) into the box */
    ID3D11DeviceContext2_CopyTiles(ctx, (ID3D11Resource *)t, &c, &box, lin, TILE,
                                   D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE |
                                       D3D11_TILE_COPY_NO_OVERWRITE);
    CHECK(tiled_read(dev, ctx, t, 0, 4, rb));
    CHECK(tile_is(rb, 0, 0) && tile_is(rb, 1, 0));
    CHECK(tile_is(rb, 2, 0x41));   /* mapped: the buffer's tile 1 */
    CHECK(tile_is(rb, 3, 0));      /* NULL: dropped */
    ID3D11Buffer_Release(lin);
    ID3D11Texture2D_Release(t);
    CHECK_EQ(ID3D11Buffer_Release(pool), 0u);
    END();
}

TEST(tiled_copy_tiles_and_update_tiles_refusals)
{
    BEGIN();
    ID3D11Buffer *pool = tiled_pool(dev, 2), *tb = tiled_buffer(dev, 2), *lin = NULL;
    D3D11_BUFFER_DESC bd = { 2 * TILE, D3D11_USAGE_DEFAULT, 0, 0, 0, 0 };
    D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 0 };
    D3D11_TILE_REGION_SIZE s = { 2, FALSE, 0, 0, 0 };
    static const UINT bad_flags[] = {
        0, D3D11_TILE_COPY_NO_OVERWRITE,
        D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE |
            D3D11_TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER,
        D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE | 8,
    };
    CHECK(pool && tb);
    CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &bd, NULL, &lin), S_OK);
    CHECK_EQ(tiled_map(ctx, tb, pool, 0, 2, 0), S_OK);
    fill_tiles(src, 2, 9);
    ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)tb, &c, &s, src, 0);
    for (size_t i = 0; i < sizeof(bad_flags) / sizeof(bad_flags[0]); i++) {
        util_clear_last_message();
        ID3D11DeviceContext2_CopyTiles(ctx, (ID3D11Resource *)tb, &c, &s, lin, 0, bad_flags[i]);
        CHECK_STR_CONTAINS(LAST, "exactly one direction");
    }
    /* the buffer is too small for 2 tiles at offset 1 */
    util_clear_last_message();
    ID3D11DeviceContext2_CopyTiles(ctx, (ID3D11Resource *)tb, &c, &s, lin, 1,
                                   D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE);
    CHECK_STR_CONTAINS(LAST, "do not fit");
    /* a pool or a tiled buffer is not CopyTiles' linear buffer */
    util_clear_last_message();
    ID3D11DeviceContext2_CopyTiles(ctx, (ID3D11Resource *)tb, &c, &s, pool, 0,
                                   D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE);
    CHECK_STR_CONTAINS(LAST, "not a (non-tiled) buffer");
    util_clear_last_message();
    ID3D11DeviceContext2_CopyTiles(ctx, (ID3D11Resource *)lin, &c, &s, lin, 0,
                                   D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE);
    CHECK_STR_CONTAINS(LAST, "not a tiled resource");
    /* a region past the end */
    s.NumTiles = 3;
    util_clear_last_message();
    ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)tb, &c, &s, src, 0);
    CHECK_STR_CONTAINS(LAST, "pass the end");
    s.NumTiles = 2;
    /* UpdateTiles takes only NO_OVERWRITE */
    util_clear_last_message();
    ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)tb, &c, &s, src,
                                     D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE);
    CHECK_STR_CONTAINS(LAST, "only D3D11_TILE_COPY_NO_OVERWRITE");
    util_clear_last_message();
    ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)tb, &c, &s, NULL, 0);
    CHECK_STR_CONTAINS(LAST, "pSourceTileData is NULL");
    /* nothing of the refused calls reached memory */
    CHECK(tiled_read(dev, ctx, tb, 0, 2, rb));
    CHECK(tile_is(rb, 0, 9) && tile_is(rb, 1, 10));
    ID3D11Buffer_Release(lin);
    ID3D11Buffer_Release(tb);
    CHECK_EQ(ID3D11Buffer_Release(pool), 0u);
    END();
}

TEST(tiled_copy_tile_mappings_overlap_as_through_a_temporary)
{
    BEGIN();
    ID3D11Buffer *pool = tiled_pool(dev, 4), *tb = tiled_buffer(dev, 4), *other = tiled_buffer(dev, 2);
    D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 0 }, d = { 1, 0, 0, 0 };
    D3D11_TILE_REGION_SIZE s = { 4, FALSE, 0, 0, 0 };
    CHECK(pool && tb && other);
    CHECK_EQ(tiled_map(ctx, tb, pool, 0, 4, 0), S_OK);
    fill_tiles(src, 4, 1);
    ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)tb, &c, &s, src, 0);
    /* tiles 1..3 take the mappings of tiles 0..2: overlapping, so 0->pool 0, 1->0, 2->1, 3->2
     * (a naive forward copy would give pool 0 everywhere) */
    s.NumTiles = 3;
    CHECK_EQ(ID3D11DeviceContext2_CopyTileMappings(ctx, (ID3D11Resource *)tb, &d,
                                                   (ID3D11Resource *)tb, &c, &s, 0), S_OK);
    CHECK(tiled_read(dev, ctx, tb, 0, 4, rb));
    CHECK(tile_is(rb, 0, 1) && tile_is(rb, 1, 1) && tile_is(rb, 2, 2) && tile_is(rb, 3, 3));
    /* across resources: `other` (no pool yet) takes tb's tiles 2..3 -> pool 1, 2 */
    s.NumTiles = 2;
    d.X = 0;
    c.X = 2;
    CHECK_EQ(ID3D11DeviceContext2_CopyTileMappings(ctx, (ID3D11Resource *)other, &d,
                                                   (ID3D11Resource *)tb, &c, &s,
                                                   D3D11_TILE_MAPPING_NO_OVERWRITE), S_OK);
    CHECK(tiled_read(dev, ctx, other, 0, 2, rb));
    CHECK(tile_is(rb, 0, 2) && tile_is(rb, 1, 3));
    /* refusals: past the end, bad flags, not tiled, no size; nothing changes */
    c.X = 3;
    util_clear_last_message();
    CHECK_EQ(ID3D11DeviceContext2_CopyTileMappings(ctx, (ID3D11Resource *)other, &d,
                                                   (ID3D11Resource *)tb, &c, &s, 0),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "pass the end");
    c.X = 0;
    CHECK_EQ(ID3D11DeviceContext2_CopyTileMappings(ctx, (ID3D11Resource *)other, &d,
                                                   (ID3D11Resource *)tb, &c, &s, 2),
             E_INVALIDARG);
    CHECK_EQ(ID3D11DeviceContext2_CopyTileMappings(ctx, (ID3D11Resource *)other, &d,
                                                   (ID3D11Resource *)pool, &c, &s, 0),
             E_INVALIDARG);
    CHECK_EQ(ID3D11DeviceContext2_CopyTileMappings(ctx, (ID3D11Resource *)other, &d,
                                                   (ID3D11Resource *)tb, &c, NULL, 0),
             E_INVALIDARG);
    CHECK(tiled_read(dev, ctx, other, 0, 2, rb));
    CHECK(tile_is(rb, 0, 2) && tile_is(rb, 1, 3));
    ID3D11Buffer_Release(other);
    ID3D11Buffer_Release(tb);
    CHECK_EQ(ID3D11Buffer_Release(pool), 0u);
    END();
}

/* One pool per resource: copying mappings into pool A to a resource that maps into pool B
 * moves it to pool A, its mappings into B become NULL (as UpdateTileMappings does with another
 * pool), and it no longer holds B. */
TEST(tiled_copy_tile_mappings_across_pools_takes_the_source_pool)
{
    BEGIN();
    ID3D11Buffer *pa = tiled_pool(dev, 4), *pb = tiled_pool(dev, 4);
    ID3D11Buffer *tb = tiled_buffer(dev, 4), *other = tiled_buffer(dev, 4);
    D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 0 }, d = { 1, 0, 0, 0 };
    D3D11_TILE_REGION_SIZE s = { 4, FALSE, 0, 0, 0 };
    CHECK(pa && pb && tb && other);
    CHECK_EQ(tiled_map(ctx, tb, pa, 0, 4, 0), S_OK);
    CHECK_EQ(tiled_map(ctx, other, pb, 0, 4, 0), S_OK);
    fill_tiles(src, 4, 1);
    ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)tb, &c, &s, src, 0);
    fill_tiles(src, 4, 11);
    ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)other, &c, &s, src, 0);
    s.NumTiles = 2;
    CHECK_EQ(ID3D11DeviceContext2_CopyTileMappings(ctx, (ID3D11Resource *)other, &d,
                                                   (ID3D11Resource *)tb, &c, &s, 0), S_OK);
    CHECK(tiled_read(dev, ctx, other, 0, 4, rb));
    CHECK(tile_is(rb, 0, 0) && tile_is(rb, 1, 1) && tile_is(rb, 2, 2) && tile_is(rb, 3, 0));
    /* pool B lost its last user: only the application's reference is left */
    CHECK_EQ(ID3D11Buffer_Release(pb), 0u);
    /* and writes through `other` land in pool A, seen through tb */
    D3D11_TILED_RESOURCE_COORDINATE one = { 1, 0, 0, 0 };
    s.NumTiles = 1;
    fill_tiles(src, 1, 40);
    ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)other, &one, &s, src, 0);
    CHECK(tiled_read(dev, ctx, tb, 0, 2, rb));
    CHECK(tile_is(rb, 0, 40) && tile_is(rb, 1, 2));
    ID3D11Buffer_Release(other);
    ID3D11Buffer_Release(tb);
    CHECK_EQ(ID3D11Buffer_Release(pa), 0u);
    END();
}

TEST(tiled_update_tile_mappings_skip_null_reuse_single_tile_and_aliasing)
{
    BEGIN();
    ID3D11Buffer *pool = tiled_pool(dev, 4), *tb = tiled_buffer(dev, 4);
    D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 0 };
    D3D11_TILE_REGION_SIZE s = { 4, FALSE, 0, 0, 0 };
    UINT flags[3] = { D3D11_TILE_RANGE_REUSE_SINGLE_TILE, D3D11_TILE_RANGE_SKIP,
                      D3D11_TILE_RANGE_NULL };
    UINT offs[3] = { 2, 0, 0 }, counts[3] = { 2, 1, 1 };
    CHECK(pool && tb);
    CHECK_EQ(tiled_map(ctx, tb, pool, 0, 4, 0), S_OK);
    fill_tiles(src, 4, 1);
    ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)tb, &c, &s, src, 0);
    /* tiles 0, 1 -> pool tile 2 (one tile reused); tile 2 skipped (stays pool 2); tile 3 NULL */
    CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)tb, 1, &c, &s, pool,
                                                     3, flags, offs, counts, 0), S_OK);
    CHECK(tiled_read(dev, ctx, tb, 0, 4, rb));
    CHECK(tile_is(rb, 0, 3) && tile_is(rb, 1, 3) && tile_is(rb, 2, 3) && tile_is(rb, 3, 0));
    /* aliasing: a write through tile 0 is read through tiles 1 and 2 (same pool tile) */
    s.NumTiles = 1;
    fill_tiles(src, 1, 0x77);
    ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)tb, &c, &s, src, 0);
    CHECK(tiled_read(dev, ctx, tb, 0, 3, rb));
    CHECK(tile_is(rb, 1, 0x77) && tile_is(rb, 2, 0x77));
    /* refusals: two flags in one range; a mapping range without a pool; ranges too short;
     * a flag value out of the enum; pool tile out of range.  Mappings unchanged after. */
    s.NumTiles = 4;
    UINT two = D3D11_TILE_RANGE_NULL | D3D11_TILE_RANGE_SKIP, zero = 0, big = 8, four = 4, one = 1;
    util_clear_last_message();
    CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)tb, 1, &c, &s, pool,
                                                     1, &two, &zero, &four, 0), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "range flag");
    CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)tb, 1, &c, &s, NULL,
                                                     1, &zero, &zero, &four, 0), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "pTilePool is NULL");
    CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)tb, 1, &c, &s, pool,
                                                     1, &zero, &zero, &one, 0), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "fewer tiles");
    CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)tb, 1, &c, &s, pool,
                                                     1, &big, &zero, &four, 0), E_INVALIDARG);
    CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)tb, 1, &c, &s, pool,
                                                     1, &zero, &one, &four, 0), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "of a pool of 4 tiles");
    /* NULL ranges need no pool */
    CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)tb, 1, &c, &s, NULL,
                                                     1, &flags[2], NULL, &four, 0), S_OK);
    CHECK(tiled_read(dev, ctx, tb, 0, 4, rb));
    CHECK(tile_is(rb, 0, 0) && tile_is(rb, 3, 0));
    ID3D11Buffer_Release(tb);
    CHECK_EQ(ID3D11Buffer_Release(pool), 0u);
    END();
}

TEST(tiled_box_regions_and_packed_all_or_none)
{
    BEGIN();
    ID3D11Buffer *pool = tiled_pool(dev, 8);
    /* 32-bit 256x256, 9 mips: mip 0 2x2 tiles (0..3), mip 1 one tile (4), packed: 1 tile (5) */
    ID3D11Texture2D *t = tiled_texture(dev, 256, 256, 0, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    D3D11_TILED_RESOURCE_COORDINATE c = { 1, 0, 0, 0 };
    D3D11_TILE_REGION_SIZE box = { 2, TRUE, 1, 2, 1 };
    UINT zero = 0, two = 2, off = 6;
    CHECK(pool && t);
    /* box 1x2 at (1, 0): tiles 1 and 3 */
    CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)t, 1, &c, &box, pool,
                                                     1, &zero, &off, &two, 0), S_OK);
    fill_tiles(src, 1, 0x30);
    {
        D3D11_TILED_RESOURCE_COORDINATE c3 = { 1, 1, 0, 0 };
        ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)t, &c3, NULL, src, 0);
    }
    CHECK(tiled_read(dev, ctx, t, 0, 4, rb));
    CHECK(tile_is(rb, 0, 0) && tile_is(rb, 1, 0) && tile_is(rb, 2, 0) && tile_is(rb, 3, 0x30));
    /* box errors: NumTiles != W*H*D, box past the mip, box on packed mips */
    box.NumTiles = 3;
    util_clear_last_message();
    CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)t, 1, &c, &box, pool,
                                                     1, &zero, &off, &two, 0), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "Width * Height * Depth");
    box.NumTiles = 4;
    box.Width = 2;
    CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)t, 1, &c, &box, pool,
                                                     1, &zero, &off, &two, 0), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "does not fit");
    {
        D3D11_TILED_RESOURCE_COORDINATE p = { 0, 0, 0, 2 };
        D3D11_TILE_REGION_SIZE pb = { 1, TRUE, 1, 1, 1 };
        UINT one = 1;
        CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)t, 1, &p, &pb,
                                                         pool, 1, &zero, &zero, &one, 0),
                 E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "packed");
    }
    /* seed 001: packed mips all or none — a linear region from mip 1's tile (4) into the
     * packed unit maps it whole (2 tiles: 4 and 5); the packed tile alone is fine too */
    {
        D3D11_TILED_RESOURCE_COORDINATE m1 = { 0, 0, 0, 1 };
        D3D11_TILE_REGION_SIZE lin = { 2, FALSE, 0, 0, 0 };
        CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)t, 1, &m1, &lin,
                                                         pool, 1, &zero, &zero, &two, 0), S_OK);
    }
    ID3D11Texture2D_Release(t);
    CHECK_EQ(ID3D11Buffer_Release(pool), 0u);
    END();
}

TEST(tiled_resize_tile_pool_shrink_keeps_existing_mappings)
{
    BEGIN();
    ID3D11Buffer *pool = tiled_pool(dev, 4), *tb = tiled_buffer(dev, 2);
    D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 0 };
    D3D11_BUFFER_DESC bd;
    CHECK(pool && tb);
    CHECK_EQ(tiled_map(ctx, tb, pool, 0, 1, 3), S_OK);   /* tile 0 -> pool tile 3 */
    fill_tiles(src, 1, 0x5a);
    ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)tb, &c, NULL, src, 0);
    /* shrink to 2 tiles: new mappings past the end are refused, the existing one stays usable
     * ("Tile pool resizing") */
    CHECK_EQ(ID3D11DeviceContext2_ResizeTilePool(ctx, pool, 2 * TILE), S_OK);
    ID3D11Buffer_GetDesc(pool, &bd);
    CHECK_EQ(bd.ByteWidth, 2 * TILE);
    util_clear_last_message();
    CHECK_EQ(tiled_map(ctx, tb, pool, 1, 1, 2), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "of a pool of 2 tiles");
    CHECK(tiled_read(dev, ctx, tb, 0, 1, rb));
    CHECK(tile_is(rb, 0, 0x5a));
    /* down to 0 is allowed; a size not a multiple of 64 KiB is not (pool unchanged) */
    CHECK_EQ(ID3D11DeviceContext2_ResizeTilePool(ctx, pool, 0), S_OK);
    CHECK_EQ(ID3D11DeviceContext2_ResizeTilePool(ctx, pool, 1000), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "multiple of 64 KiB");
    CHECK_EQ(ID3D11DeviceContext2_ResizeTilePool(ctx, (ID3D11Buffer *)tb, TILE), E_INVALIDARG);
    ID3D11Buffer_GetDesc(pool, &bd);
    CHECK_EQ(bd.ByteWidth, 0u);
    /* growing again reuses the kept memory first: pool tile 3's data is still there */
    CHECK_EQ(ID3D11DeviceContext2_ResizeTilePool(ctx, pool, 8 * TILE), S_OK);
    CHECK_EQ(tiled_map(ctx, tb, pool, 1, 1, 3), S_OK);
    CHECK(tiled_read(dev, ctx, tb, 0, 2, rb));
    CHECK(tile_is(rb, 0, 0x5a) && tile_is(rb, 1, 0x5a));
    ID3D11Buffer_Release(tb);
    CHECK_EQ(ID3D11Buffer_Release(pool), 0u);
    END();
}

TEST(tiled_update_subresource_copy_region_and_map)
{
    BEGIN();
    ID3D11Buffer *pool = tiled_pool(dev, 4);
    /* R8_UNORM 512x256: 2x1 tiles of 256x256 */
    ID3D11Texture2D *a = tiled_texture(dev, 512, 256, 1, DXGI_FORMAT_R8_UNORM, 0);
    ID3D11Texture2D *b = tiled_texture(dev, 512, 256, 1, DXGI_FORMAT_R8_UNORM, 0);
    D3D11_MAPPED_SUBRESOURCE m = { (void *)1, 1, 1 };
    D3D11_BOX box = { 250, 10, 0, 262, 12, 1 };   /* 12x2 texels straddling the tile edge */
    uint8_t px[24];
    CHECK(pool && a && b);
    CHECK_EQ(tiled_map(ctx, a, pool, 0, 1, 0), S_OK);   /* a: tile 0 mapped, tile 1 NULL */
    CHECK_EQ(tiled_map(ctx, b, pool, 0, 2, 1), S_OK);   /* b: both mapped */
    for (int i = 0; i < 24; i++)
        px[i] = (uint8_t)(100 + i);
    ID3D11DeviceContext2_UpdateSubresource(ctx, (ID3D11Resource *)a, 0, &box, px, 12, 0);
    CHECK(tiled_read(dev, ctx, a, 0, 1, rb));
    /* texel (x, y) of tile 0 at byte y * 256 + x: x 250..255 written, 256.. dropped */
    CHECK_EQ(rb[10 * 256 + 250], 100);
    CHECK_EQ(rb[11 * 256 + 255], 100 + 12 + 5);
    CHECK_EQ(rb[10 * 256 + 249], 0);
    /* copy a -> b: a's NULL tile reads 0 into b; b's tile 1 was prefilled with 0xff */
    fill_tiles(src, 1, 0xff);
    {
        D3D11_TILED_RESOURCE_COORDINATE c1 = { 1, 0, 0, 0 };
        ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)b, &c1, NULL, src, 0);
    }
    ID3D11DeviceContext2_CopySubresourceRegion(ctx, (ID3D11Resource *)b, 0, 0, 0, 0,
                                               (ID3D11Resource *)a, 0, NULL);
    CHECK(tiled_read(dev, ctx, b, 0, 2, rb));
    CHECK_EQ(rb[10 * 256 + 250], 100);
    CHECK(tile_is(rb, 1, 0));
    /* Map is refused for tiled resources and pools (no CPU access) */
    util_clear_last_message();
    CHECK_EQ(ID3D11DeviceContext2_Map(ctx, (ID3D11Resource *)a, 0, D3D11_MAP_READ, 0, &m),
             E_INVALIDARG);
    CHECK(m.pData == NULL);
    CHECK_STR_CONTAINS(LAST, "cannot be mapped");
    CHECK_EQ(ID3D11DeviceContext2_Map(ctx, (ID3D11Resource *)pool, 0, D3D11_MAP_READ, 0, &m),
             E_INVALIDARG);
    /* a bad box is refused with a message; CopyResource between tiled textures of one shape
     * copies (test_tiled_pipeline.c checks its pixels), of a pool is refused */
    box.right = 600;
    util_clear_last_message();
    ID3D11DeviceContext2_UpdateSubresource(ctx, (ID3D11Resource *)a, 0, &box, px, 12, 0);
    CHECK_STR_CONTAINS(LAST, "UpdateSubresource");
    util_clear_last_message();
    ID3D11DeviceContext2_CopyResource(ctx, (ID3D11Resource *)b, (ID3D11Resource *)a);
    CHECK_EQ(LAST[0], 0);
    ID3D11DeviceContext2_CopyResource(ctx, (ID3D11Resource *)pool, (ID3D11Resource *)a);
    CHECK_STR_CONTAINS(LAST, "CopyResource: a tile pool cannot be copied");
    ID3D11Texture2D_Release(a);
    ID3D11Texture2D_Release(b);
    CHECK_EQ(ID3D11Buffer_Release(pool), 0u);
    END();
}
