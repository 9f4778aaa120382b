/* tests/test_tiled_views.c — issue 11 at feature level 11_1: the views of tiled resources that
 * are the ordinary views (tiled_views.c, tiled_lend.c): depth-stencil views (depth tests and
 * writes through the page table), unordered-access views of tiled buffers (typed, raw,
 * structured) and textures in the compute and pixel stages, shader-resource views of tiled
 * buffers, render-target array views and cube views of a tiled cube, their clears, and the
 * refusals of what tier 2 excludes (Texture3D, multisampling).  Every check is an exact value:
 * partly-mapped resources, NULL tiles (reads 0, writes dropped) and two tiles aliasing one
 * pool tile. */
#include "test_tiled_util.h"

#include "shader/shader_asm.h"

static void *assemble(const char *text, size_t *size)
{
    void *blob = NULL;
    char err[256] = "";
    if (shader_assemble(text, strlen(text), &blob, size, err, sizeof(err)) != SHADER_ASM_OK) {
        fprintf(stderr, "assemble: %s\n", err);
        return NULL;
    }
    return blob;
}

static ID3D11VertexShader *make_vs(ID3D11Device2 *dev, const char *text)
{
    size_t n = 0;
    void *b = assemble(text, &n);
    ID3D11VertexShader *s = NULL;
    if (b)
        CHECK_EQ(ID3D11Device2_CreateVertexShader(dev, b, n, NULL, &s), S_OK);
    free(b);
    return s;
}

static ID3D11PixelShader *make_ps(ID3D11Device2 *dev, const char *text)
{
    size_t n = 0;
    void *b = assemble(text, &n);
    ID3D11PixelShader *s = NULL;
    if (b)
        CHECK_EQ(ID3D11Device2_CreatePixelShader(dev, b, n, NULL, &s), S_OK);
    free(b);
    return s;
}

static ID3D11ComputeShader *make_cs(ID3D11Device2 *dev, const char *text)
{
    size_t n = 0;
    void *b = assemble(text, &n);
    ID3D11ComputeShader *s = NULL;
    if (b)
        CHECK_EQ(ID3D11Device2_CreateComputeShader(dev, b, n, NULL, &s), S_OK);
    free(b);
    return s;
}

#define REL(p)                                                                                 \
    do {                                                                                       \
        if (p)                                                                                 \
            IUnknown_Release((IUnknown *)(p));                                                 \
        (p) = NULL;                                                                            \
    } while (0)

/* A full-target quad from SV_VertexID (a 4-vertex strip) at depth Z. */
#define QUAD_VS(Z)                                                                             \
    "vs_5_0\ndcl_input_sgv v0.x, vertex_id\ndcl_output_siv o0.xyzw, position\ndcl_temps 1\n"   \
    "and r0.x, v0.x, l(1)\nushr r0.y, v0.x, l(1)\nutof r0.xy, r0.xyxx\n"                        \
    "mad o0.xy, r0.xyxx, l(2.0, -2.0, 0, 0), l(-1.0, 1.0, 0, 0)\n"                             \
    "mov o0.zw, l(0, 0, " Z ", 1.0)\nret\n"
#define SOLID_PS(R, G, B)                                                                      \
    "ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(" R ", " G ", " B ", 1.0)\nret\n"

/* An ordinary W x H RGBA8 target and its view. */
static ID3D11Texture2D *plain_target(ID3D11Device2 *dev, UINT w, UINT h,
                                     ID3D11RenderTargetView **rtv)
{
    D3D11_TEXTURE2D_DESC d = { w, h, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0 };
    ID3D11Texture2D *t = NULL;
    *rtv = NULL;
    if (FAILED(ID3D11Device2_CreateTexture2D(dev, &d, NULL, &t)))
        return NULL;
    CHECK_EQ(ID3D11Device2_CreateRenderTargetView(dev, (ID3D11Resource *)t, NULL, rtv), S_OK);
    return t;
}

/* Reads an ordinary W x H 32-bit texture back through a staging copy. */
static void read_plain(ID3D11Device2 *dev, ID3D11DeviceContext2 *ctx, ID3D11Texture2D *t,
                       uint32_t *out)
{
    D3D11_TEXTURE2D_DESC d;
    ID3D11Texture2D *st = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11Texture2D_GetDesc(t, &d);
    memset(out, 0xee, (size_t)d.Width * d.Height * 4);
    d.Usage = D3D11_USAGE_STAGING, d.BindFlags = 0, d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    if (FAILED(ID3D11Device2_CreateTexture2D(dev, &d, NULL, &st)))
        return;
    ID3D11DeviceContext2_CopyResource(ctx, (ID3D11Resource *)st, (ID3D11Resource *)t);
    if (SUCCEEDED(ID3D11DeviceContext2_Map(ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m))) {
        for (UINT y = 0; y < d.Height; y++)
            memcpy(out + (size_t)y * d.Width, (const uint8_t *)m.pData + y * m.RowPitch,
                   d.Width * 4);
        ID3D11DeviceContext2_Unmap(ctx, (ID3D11Resource *)st, 0);
    }
    ID3D11Texture2D_Release(st);
}

/* Every 32-bit word of tile k of buf equals v. */
static bool tile_words(const uint8_t *buf, UINT k, uint32_t v)
{
    const uint32_t *w = (const uint32_t *)(const void *)(buf + (size_t)k * TILE);
    for (UINT i = 0; i < TILE / 4; i++)
        if (w[i] != v)
            return false;
    return true;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Fills `n` tiles of `r` from flat tile `first` with the 32-bit word v (UpdateTiles). */
static void fill_tiles(ID3D11DeviceContext2 *ctx, void *r, UINT first, UINT n, uint32_t v)
{
    uint32_t *src = malloc((size_t)n * TILE);
    D3D11_TILED_RESOURCE_COORDINATE c = { first, 0, 0, 0 };
    D3D11_TILE_REGION_SIZE s = { n, FALSE, 0, 0, 0 };
    if (!src)
        return;
    for (size_t i = 0; i < (size_t)n * TILE / 4; i++)
        src[i] = v;
    ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)r, &c, &s, src, 0);
    free(src);
}

/* Maps `n` tiles from tile (x, y) of subresource 0 of `r` on to pool tiles pool_first... */
static HRESULT map_xy(ID3D11DeviceContext2 *ctx, void *r, ID3D11Buffer *pool, UINT x, UINT y,
                      UINT n, UINT pool_first)
{
    D3D11_TILED_RESOURCE_COORDINATE c = { x, y, 0, 0 };
    D3D11_TILE_REGION_SIZE s = { n, FALSE, 0, 0, 0 };
    UINT flag = 0;
    return ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)r, 1, &c, &s, pool, 1,
                                                   &flag, &pool_first, &n, 0);
}

static bool read_sub(ID3D11Device2 *dev, ID3D11DeviceContext2 *ctx, void *r, UINT sub, UINT n,
                     uint8_t *out);

/* ---- depth-stencil views -------------------------------------------------------------------- */

/* Depth 256x256 D32_FLOAT: 4 tiles of 128x128 (tile 0 top-left, 1 top-right, 2 bottom-left,
 * 3 bottom-right).  Tile 0 -> pool 0, tiles 1 and 2 -> pool 1 (aliases), tile 3 NULL. */
TEST(tiled_dsv_depth_through_the_page_table_null_tiles_and_aliasing)
{
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    ID3D11Buffer *pool = NULL;
    ID3D11Texture2D *depth = NULL, *rt = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    ID3D11VertexShader *vs_near = NULL, *vs_mid = NULL;
    ID3D11PixelShader *red = NULL, *green = NULL;
    ID3D11RasterizerState *scissor = NULL;
    ID3D11DepthStencilState *always = NULL;
    uint8_t *tiles = malloc(4 * TILE);
    uint32_t *px = malloc(256 * 256 * 4);
    const FLOAT black[4] = { 0, 0, 0, 0 };
    D3D11_VIEWPORT vp = { 0, 0, 256, 256, 0, 1 };
    if (!dev || !tiles || !px)
        goto done;
    pool = tiled_pool(dev, 2);
    depth = tiled_texture(dev, 256, 256, 1, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
    rt = plain_target(dev, 256, 256, &rtv);
    vs_near = make_vs(dev, QUAD_VS("0.25"));
    vs_mid = make_vs(dev, QUAD_VS("0.5"));
    red = make_ps(dev, SOLID_PS("1.0", "0", "0"));
    green = make_ps(dev, SOLID_PS("0", "1.0", "0"));
    if (!pool || !depth || !rt || !rtv || !vs_near || !vs_mid || !red || !green)
        goto done;
    CHECK_EQ(tiled_map(ctx, depth, pool, 0, 2, 0), S_OK);
    CHECK_EQ(map_xy(ctx, depth, pool, 0, 1, 1, 1), S_OK);
    CHECK_EQ(ID3D11Device2_CreateDepthStencilView(dev, (ID3D11Resource *)depth, NULL, &dsv), S_OK);
    if (!dsv)
        goto done;
    {
        D3D11_DEPTH_STENCIL_VIEW_DESC got;
        ID3D11Resource *back = NULL;
        ID3D11DepthStencilView_GetDesc(dsv, &got);
        CHECK_EQ(got.Format, DXGI_FORMAT_D32_FLOAT);
        CHECK_EQ(got.ViewDimension, D3D11_DSV_DIMENSION_TEXTURE2D);
        ID3D11DepthStencilView_GetResource(dsv, &back);
        CHECK(back == (ID3D11Resource *)depth);
        REL(back);
    }
    /* the clear writes the mapped tiles; the NULL tile drops it and reads 0 */
    ID3D11DeviceContext2_ClearDepthStencilView(ctx, dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
    CHECK(tiled_read(dev, ctx, depth, 0, 4, tiles));
    CHECK(tile_words(tiles, 0, fbits(1.0f)));
    CHECK(tile_words(tiles, 1, fbits(1.0f)));
    CHECK(tile_words(tiles, 2, fbits(1.0f)));
    CHECK(tile_words(tiles, 3, 0));

    ID3D11DeviceContext2_OMSetRenderTargets(ctx, 1, &rtv, dsv);
    ID3D11DeviceContext2_RSSetViewports(ctx, 1, &vp);
    ID3D11DeviceContext2_IASetPrimitiveTopology(ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    /* z 0.25 into tile 1 only (a scissor): its pool tile is tile 2's too, and tile 2's
     * untouched copy must not overwrite it on the way back */
    {
        D3D11_RASTERIZER_DESC rd = { D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE,
                                     TRUE, FALSE, FALSE };
        D3D11_RECT r = { 128, 0, 256, 128 };
        CHECK_EQ(ID3D11Device2_CreateRasterizerState(dev, &rd, &scissor), S_OK);
        ID3D11DeviceContext2_RSSetState(ctx, scissor);
        ID3D11DeviceContext2_RSSetScissorRects(ctx, 1, &r);
    }
    ID3D11DeviceContext2_VSSetShader(ctx, vs_near, NULL, 0);
    ID3D11DeviceContext2_PSSetShader(ctx, red, NULL, 0);
    ID3D11DeviceContext2_Draw(ctx, 4, 0);
    CHECK(tiled_read(dev, ctx, depth, 0, 4, tiles));
    CHECK(tile_words(tiles, 0, fbits(1.0f)));
    CHECK(tile_words(tiles, 1, fbits(0.25f)));
    CHECK(tile_words(tiles, 2, fbits(0.25f)));   /* the alias */
    CHECK(tile_words(tiles, 3, 0));
    /* z 0.5, LESS, everywhere: passes only where the depth read is 1.0 (tile 0); tiles 1/2
     * hold 0.25 and the NULL tile reads 0 */
    ID3D11DeviceContext2_RSSetState(ctx, NULL);
    ID3D11DeviceContext2_ClearRenderTargetView(ctx, rtv, black);
    ID3D11DeviceContext2_VSSetShader(ctx, vs_mid, NULL, 0);
    ID3D11DeviceContext2_PSSetShader(ctx, green, NULL, 0);
    ID3D11DeviceContext2_Draw(ctx, 4, 0);
    read_plain(dev, ctx, rt, px);
    CHECK_EQ(px[10 * 256 + 10], 0xff00ff00u);     /* tile 0: drawn */
    CHECK_EQ(px[10 * 256 + 200], 0u);             /* tile 1: 0.25 < 0.5 */
    CHECK_EQ(px[200 * 256 + 10], 0u);             /* tile 2: the alias, 0.25 */
    CHECK_EQ(px[200 * 256 + 200], 0u);            /* tile 3: NULL reads 0 */
    CHECK(tiled_read(dev, ctx, depth, 0, 4, tiles));
    CHECK(tile_words(tiles, 0, fbits(0.5f)));
    CHECK(tile_words(tiles, 1, fbits(0.25f)));
    /* ALWAYS: every pixel writes 0.5; the NULL tile's writes are dropped */
    {
        D3D11_DEPTH_STENCIL_DESC dd = { TRUE, D3D11_DEPTH_WRITE_MASK_ALL,
                                        D3D11_COMPARISON_ALWAYS, FALSE, 0, 0,
                                        { 1, 1, 1, 8 }, { 1, 1, 1, 8 } };
        CHECK_EQ(ID3D11Device2_CreateDepthStencilState(dev, &dd, &always), S_OK);
        ID3D11DeviceContext2_OMSetDepthStencilState(ctx, always, 0);
    }
    ID3D11DeviceContext2_Draw(ctx, 4, 0);
    read_plain(dev, ctx, rt, px);
    CHECK_EQ(px[200 * 256 + 200], 0xff00ff00u);
    CHECK(tiled_read(dev, ctx, depth, 0, 4, tiles));
    CHECK(tile_words(tiles, 1, fbits(0.5f)));
    CHECK(tile_words(tiles, 2, fbits(0.5f)));
    CHECK(tile_words(tiles, 3, 0));
    /* bad descriptions: the ordinary rules */
    {
        D3D11_DEPTH_STENCIL_VIEW_DESC bad = { .Format = DXGI_FORMAT_R8G8B8A8_UNORM,
            .ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D };
        ID3D11DepthStencilView *v = (ID3D11DepthStencilView *)1;
        util_clear_last_message();
        CHECK_EQ(ID3D11Device2_CreateDepthStencilView(dev, (ID3D11Resource *)depth, &bad, &v),
                 E_INVALIDARG);
        CHECK(LAST[0] != 0);
        CHECK(v == NULL);
        bad.Format = DXGI_FORMAT_D32_FLOAT;
        bad.Texture2D.MipSlice = 1;
        CHECK_EQ(ID3D11Device2_CreateDepthStencilView(dev, (ID3D11Resource *)depth, &bad, &v),
                 E_INVALIDARG);
        util_clear_last_message();
        CHECK_EQ(ID3D11Device2_CreateDepthStencilView(dev, (ID3D11Resource *)pool, NULL, &v),
                 E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "tile pool");
    }
done:
    if (ctx)
        ID3D11DeviceContext2_ClearState(ctx);
    free(tiles);
    free(px);
    REL(always);
    REL(scissor);
    REL(red);
    REL(green);
    REL(vs_near);
    REL(vs_mid);
    REL(dsv);
    REL(rtv);
    REL(rt);
    REL(depth);
    REL(pool);
    REL(ctx);
    if (dev)
        CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}

/* A D24_UNORM_S8_UINT Texture2DArray, 128x128 x 2 (one tile a slice, slice 0 -> pool 0, slice 1
 * -> pool 1), through a TEXTURE2DARRAY depth-stencil view of slice 1: its clear and a depth
 * write at z 0.25 (0x400000) reach slice 1 only, the stencil byte kept. */
TEST(tiled_dsv_array_slice_depth_and_stencil)
{
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    ID3D11Buffer *pool = NULL;
    ID3D11Texture2D *depth = NULL, *rt = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    uint8_t *tiles = malloc(2 * TILE);
    D3D11_TEXTURE2D_DESC d = { 128, 128, 1, 2, DXGI_FORMAT_D24_UNORM_S8_UINT, { 1, 0 },
                               D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL, 0,
                               D3D11_RESOURCE_MISC_TILED };
    D3D11_DEPTH_STENCIL_VIEW_DESC dd = { .Format = DXGI_FORMAT_D24_UNORM_S8_UINT,
                                         .ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DARRAY };
    D3D11_VIEWPORT vp = { 0, 0, 128, 128, 0, 1 };
    if (!dev || !tiles)
        goto done;
    pool = tiled_pool(dev, 2);
    CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &d, NULL, &depth), S_OK);
    rt = plain_target(dev, 128, 128, &rtv);
    vs = make_vs(dev, QUAD_VS("0.25"));
    ps = make_ps(dev, SOLID_PS("1.0", "1.0", "1.0"));
    if (!pool || !depth || !rt || !rtv || !vs || !ps)
        goto done;
    {
        D3D11_TILED_RESOURCE_COORDINATE c[2] = { { 0, 0, 0, 0 }, { 0, 0, 0, 1 } };
        D3D11_TILE_REGION_SIZE rs[2] = { { 1, FALSE, 0, 0, 0 }, { 1, FALSE, 0, 0, 0 } };
        UINT flags[2] = { 0, 0 }, starts[2] = { 0, 1 }, counts[2] = { 1, 1 };
        CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)depth, 2, c, rs,
                                                         pool, 2, flags, starts, counts, 0),
                 S_OK);
    }
    dd.Texture2DArray = (D3D11_TEX2D_ARRAY_DSV){ 0, 1, 1 };
    CHECK_EQ(ID3D11Device2_CreateDepthStencilView(dev, (ID3D11Resource *)depth, &dd, &dsv), S_OK);
    if (!dsv)
        goto done;
    ID3D11DeviceContext2_ClearDepthStencilView(ctx, dsv, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL,
                                               1.0f, 0x5a);
    CHECK(tiled_read(dev, ctx, depth, 0, 1, tiles));
    CHECK(read_sub(dev, ctx, depth, 1, 1, tiles + TILE));
    CHECK(tile_words(tiles, 0, 0));
    CHECK(tile_words(tiles, 1, 0x5affffffu));
    ID3D11DeviceContext2_OMSetRenderTargets(ctx, 1, &rtv, dsv);
    ID3D11DeviceContext2_RSSetViewports(ctx, 1, &vp);
    ID3D11DeviceContext2_IASetPrimitiveTopology(ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ID3D11DeviceContext2_VSSetShader(ctx, vs, NULL, 0);
    ID3D11DeviceContext2_PSSetShader(ctx, ps, NULL, 0);
    ID3D11DeviceContext2_Draw(ctx, 4, 0);
    CHECK(tiled_read(dev, ctx, depth, 0, 1, tiles));
    CHECK(read_sub(dev, ctx, depth, 1, 1, tiles + TILE));
    CHECK(tile_words(tiles, 0, 0));
    CHECK(tile_words(tiles, 1, 0x5a400000u));
done:
    if (ctx)
        ID3D11DeviceContext2_ClearState(ctx);
    free(tiles);
    REL(vs);
    REL(ps);
    REL(dsv);
    REL(rtv);
    REL(rt);
    REL(depth);
    REL(pool);
    REL(ctx);
    if (dev)
        CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}

/* ---- buffers in the compute stage ----------------------------------------------------------- */

/* u0[i] = t0[i] + 1 (t0 raw, u0 typed R32_UINT), one thread per word. */
static const char copy_cs[] =
    "cs_5_0\ndcl_resource_raw t0\ndcl_uav_typed_buffer (uint,uint,uint,uint) u0\ndcl_temps 1\n"
    "dcl_thread_group 64, 1, 1\n"
    "ishl r0.x, vThreadID.x, l(2)\nld_raw r0.x, r0.x, t0.xxxx\niadd r0.x, r0.x, l(1)\n"
    "store_uav_typed u0.xyzw, vThreadID.xxxx, r0.xxxx\nret\n";
/* u0 (raw): each word += 2 with atomics, its old value kept in u1 (structured, stride 4) */
static const char atomic_cs[] =
    "cs_5_0\ndcl_uav_raw u0\ndcl_uav_structured u1, 4\ndcl_temps 1\n"
    "dcl_thread_group 64, 1, 1\n"
    "ishl r0.x, vThreadID.x, l(2)\nimm_atomic_iadd r0.y, u0, r0.x, l(2)\n"
    "store_structured u1.x, vThreadID.x, l(0), r0.y\nret\n";

#define WORDS (3 * TILE / 4)

/* Source S: 3 tiles, tile 0 -> pool 0 (all 7), tile 1 NULL, tile 2 -> pool 0 (an alias).
 * Destination D: 3 tiles, tile 0 -> pool 1, tile 1 NULL, tile 2 -> pool 2.
 * Old values O (structured): tile 0 -> pool 3, tiles 1, 2 NULL. */
TEST(tiled_buffer_views_in_compute_typed_raw_structured_and_atomics)
{
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    ID3D11Buffer *pool = NULL, *src = NULL, *dst = NULL, *old = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11UnorderedAccessView *typed = NULL, *raw = NULL, *structured = NULL;
    ID3D11ComputeShader *cs_copy = NULL, *cs_atomic = NULL;
    uint8_t *tiles = malloc(3 * TILE);
    D3D11_BUFFER_DESC bd = { 3 * TILE, D3D11_USAGE_DEFAULT,
                             D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS, 0,
                             D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS,
                             0 };
    if (!dev || !tiles)
        goto done;
    pool = tiled_pool(dev, 4);
    CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &bd, NULL, &src), S_OK);
    CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &bd, NULL, &dst), S_OK);
    bd.MiscFlags = D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
    bd.BindFlags = D3D11_BIND_UNORDERED_ACCESS;
    bd.StructureByteStride = 4;
    CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &bd, NULL, &old), S_OK);
    cs_copy = make_cs(dev, copy_cs);
    cs_atomic = make_cs(dev, atomic_cs);
    if (!pool || !src || !dst || !old || !cs_copy || !cs_atomic)
        goto done;
    CHECK_EQ(tiled_map(ctx, src, pool, 0, 1, 0), S_OK);
    CHECK_EQ(tiled_map(ctx, src, pool, 2, 1, 0), S_OK);
    CHECK_EQ(tiled_map(ctx, dst, pool, 0, 1, 1), S_OK);
    CHECK_EQ(tiled_map(ctx, dst, pool, 2, 1, 2), S_OK);
    CHECK_EQ(tiled_map(ctx, old, pool, 0, 1, 3), S_OK);
    fill_tiles(ctx, src, 0, 1, 7);
    {
        D3D11_SHADER_RESOURCE_VIEW_DESC sd = { .Format = DXGI_FORMAT_R32_TYPELESS,
            .ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX };
        D3D11_UNORDERED_ACCESS_VIEW_DESC ud = { .Format = DXGI_FORMAT_R32_UINT,
            .ViewDimension = D3D11_UAV_DIMENSION_BUFFER };
        sd.BufferEx = (D3D11_BUFFEREX_SRV){ 0, WORDS, D3D11_BUFFEREX_SRV_FLAG_RAW };
        ud.Buffer = (D3D11_BUFFER_UAV){ 0, WORDS, 0 };
        CHECK_EQ(ID3D11Device2_CreateShaderResourceView(dev, (ID3D11Resource *)src, &sd, &srv),
                 S_OK);
        CHECK_EQ(ID3D11Device2_CreateUnorderedAccessView(dev, (ID3D11Resource *)dst, &ud,
                                                         &typed), S_OK);
        ud.Format = DXGI_FORMAT_R32_TYPELESS;
        ud.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_RAW;
        CHECK_EQ(ID3D11Device2_CreateUnorderedAccessView(dev, (ID3D11Resource *)dst, &ud, &raw),
                 S_OK);
        ud.Format = DXGI_FORMAT_UNKNOWN;
        ud.Buffer.Flags = 0;
        CHECK_EQ(ID3D11Device2_CreateUnorderedAccessView(dev, (ID3D11Resource *)old, &ud,
                                                         &structured), S_OK);
        /* the ordinary rules: a raw view of a buffer without ALLOW_RAW_VIEWS */
        ud.Format = DXGI_FORMAT_R32_TYPELESS;
        ud.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_RAW;
        ID3D11UnorderedAccessView *bad = (ID3D11UnorderedAccessView *)1;
        util_clear_last_message();
        CHECK_EQ(ID3D11Device2_CreateUnorderedAccessView(dev, (ID3D11Resource *)old, &ud, &bad),
                 E_INVALIDARG);
        CHECK(LAST[0] != 0);
        CHECK(bad == NULL);
    }
    if (!srv || !typed || !raw || !structured)
        goto done;
    /* typed store of a raw load: S's NULL tile reads 0, its alias reads pool 0's 7; D's NULL
     * tile drops the stores */
    ID3D11DeviceContext2_CSSetShader(ctx, cs_copy, NULL, 0);
    ID3D11DeviceContext2_CSSetShaderResources(ctx, 0, 1, &srv);
    ID3D11DeviceContext2_CSSetUnorderedAccessViews(ctx, 0, 1, &typed, NULL);
    ID3D11DeviceContext2_Dispatch(ctx, WORDS / 64, 1, 1);
    CHECK(tiled_read(dev, ctx, dst, 0, 3, tiles));
    CHECK(tile_words(tiles, 0, 8));
    CHECK(tile_words(tiles, 1, 0));
    CHECK(tile_words(tiles, 2, 8));
    /* raw atomics, their returns into a structured view: the NULL tile's atomics return 0 and
     * change nothing */
    {
        ID3D11UnorderedAccessView *u[2] = { raw, structured };
        ID3D11ShaderResourceView *none = NULL;
        ID3D11DeviceContext2_CSSetShaderResources(ctx, 0, 1, &none);
        ID3D11DeviceContext2_CSSetShader(ctx, cs_atomic, NULL, 0);
        ID3D11DeviceContext2_CSSetUnorderedAccessViews(ctx, 0, 2, u, NULL);
        ID3D11DeviceContext2_Dispatch(ctx, WORDS / 64, 1, 1);
    }
    CHECK(tiled_read(dev, ctx, dst, 0, 3, tiles));
    CHECK(tile_words(tiles, 0, 10));
    CHECK(tile_words(tiles, 1, 0));
    CHECK(tile_words(tiles, 2, 10));
    CHECK(tiled_read(dev, ctx, old, 0, 1, tiles));
    CHECK(tile_words(tiles, 0, 8));   /* the old values of D's tile 0 */
    /* ClearUnorderedAccessViewUint: mapped tiles take it, the NULL tile reads 0 */
    {
        const UINT v[4] = { 5, 0, 0, 0 };
        ID3D11DeviceContext2_ClearUnorderedAccessViewUint(ctx, typed, v);
    }
    CHECK(tiled_read(dev, ctx, dst, 0, 3, tiles));
    CHECK(tile_words(tiles, 0, 5));
    CHECK(tile_words(tiles, 1, 0));
    CHECK(tile_words(tiles, 2, 5));
    /* CopyStructureCount into the tiled buffer: word 1 of tile 0 takes the counter; into the
     * NULL tile it is dropped */
    {
        D3D11_UNORDERED_ACCESS_VIEW_DESC ad = { .Format = DXGI_FORMAT_UNKNOWN,
                                                .ViewDimension = D3D11_UAV_DIMENSION_BUFFER };
        ID3D11UnorderedAccessView *app = NULL;
        const UINT initial = 77;
        ad.Buffer = (D3D11_BUFFER_UAV){ 0, 16, D3D11_BUFFER_UAV_FLAG_APPEND };
        CHECK_EQ(ID3D11Device2_CreateUnorderedAccessView(dev, (ID3D11Resource *)old, &ad, &app),
                 S_OK);
        if (app) {
            ID3D11DeviceContext2_CSSetUnorderedAccessViews(ctx, 0, 1, &app, &initial);
            util_clear_last_message();
            ID3D11DeviceContext2_CopyStructureCount(ctx, dst, 4, app);
            ID3D11DeviceContext2_CopyStructureCount(ctx, dst, TILE + 4, app);
            CHECK(LAST[0] == 0);
            ID3D11DeviceContext2_CopyStructureCount(ctx, dst, 3 * TILE - 2, app);
            CHECK_STR_CONTAINS(LAST, "DstAlignedByteOffset");
            CHECK(tiled_read(dev, ctx, dst, 0, 3, tiles));
            const uint32_t *w = (const uint32_t *)(const void *)tiles;
            CHECK_EQ(w[0], 5u);
            CHECK_EQ(w[1], 77u);
            CHECK(tile_words(tiles, 1, 0));
            ID3D11DeviceContext2_CSSetUnorderedAccessViews(ctx, 0, 1,
                                                           &(ID3D11UnorderedAccessView *){ NULL },
                                                           NULL);
            ID3D11UnorderedAccessView_Release(app);
        }
    }
    /* TiledResourceBarrier takes tiled resources and views of them */
    util_clear_last_message();
    ID3D11DeviceContext2_TiledResourceBarrier(ctx, (ID3D11DeviceChild *)typed,
                                              (ID3D11DeviceChild *)src);
    ID3D11DeviceContext2_TiledResourceBarrier(ctx, (ID3D11DeviceChild *)srv, NULL);
    CHECK(LAST[0] == 0);
    ID3D11DeviceContext2_TiledResourceBarrier(ctx, (ID3D11DeviceChild *)cs_copy, NULL);
    CHECK_STR_CONTAINS(LAST, "neither a tiled resource nor a view of one");
    /* a tiled buffer cannot be a vertex, index, constant or stream-output buffer */
    {
        D3D11_BUFFER_DESC vd = { TILE, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0,
                                 D3D11_RESOURCE_MISC_TILED, 0 };
        ID3D11Buffer *b = (ID3D11Buffer *)1;
        util_clear_last_message();
        CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &vd, NULL, &b), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "tiled buffer cannot be");
        CHECK(b == NULL);
        vd.BindFlags = D3D11_BIND_CONSTANT_BUFFER;
        CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &vd, NULL, &b), E_INVALIDARG);
    }
done:
    if (ctx)
        ID3D11DeviceContext2_ClearState(ctx);
    free(tiles);
    REL(cs_copy);
    REL(cs_atomic);
    REL(srv);
    REL(typed);
    REL(raw);
    REL(structured);
    REL(src);
    REL(dst);
    REL(old);
    REL(pool);
    REL(ctx);
    if (dev)
        CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}

/* DispatchIndirect with a tiled argument buffer: tile 0 holds (4, 1, 1), tile 1 is NULL
 * (reads 0: no dispatch).  Each thread counts itself into word 0 of a tiled raw UAV. */
TEST(tiled_dispatch_indirect_arguments_through_the_page_table)
{
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    ID3D11Buffer *pool = NULL, *args = NULL, *count = NULL;
    ID3D11UnorderedAccessView *uav = NULL;
    ID3D11ComputeShader *cs = NULL;
    uint8_t *tiles = malloc(TILE);
    D3D11_BUFFER_DESC ad = { 2 * TILE, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0,
                             D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS,
                             0 };
    D3D11_BUFFER_DESC cd = { TILE, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0,
                             D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS,
                             0 };
    if (!dev || !tiles)
        goto done;
    pool = tiled_pool(dev, 2);
    CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &ad, NULL, &args), S_OK);
    CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &cd, NULL, &count), S_OK);
    cs = make_cs(dev, "cs_5_0\ndcl_uav_raw u0\ndcl_thread_group 64, 1, 1\n"
                      "atomic_iadd u0, l(0), l(1)\nret\n");
    if (!pool || !args || !count || !cs)
        goto done;
    CHECK_EQ(tiled_map(ctx, args, pool, 0, 1, 0), S_OK);
    CHECK_EQ(tiled_map(ctx, count, pool, 0, 1, 1), S_OK);
    {
        uint32_t *src = calloc(1, TILE);
        D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 0 };
        D3D11_TILE_REGION_SIZE rs = { 1, FALSE, 0, 0, 0 };
        D3D11_UNORDERED_ACCESS_VIEW_DESC ud = { .Format = DXGI_FORMAT_R32_TYPELESS,
                                                .ViewDimension = D3D11_UAV_DIMENSION_BUFFER };
        if (src) {
            src[0] = 4, src[1] = 1, src[2] = 1;
            ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)args, &c, &rs, src, 0);
            free(src);
        }
        ud.Buffer = (D3D11_BUFFER_UAV){ 0, TILE / 4, D3D11_BUFFER_UAV_FLAG_RAW };
        CHECK_EQ(ID3D11Device2_CreateUnorderedAccessView(dev, (ID3D11Resource *)count, &ud,
                                                         &uav), S_OK);
    }
    if (!uav)
        goto done;
    ID3D11DeviceContext2_CSSetShader(ctx, cs, NULL, 0);
    ID3D11DeviceContext2_CSSetUnorderedAccessViews(ctx, 0, 1, &uav, NULL);
    ID3D11DeviceContext2_DispatchIndirect(ctx, args, 0);
    ID3D11DeviceContext2_DispatchIndirect(ctx, args, TILE);   /* NULL: (0, 0, 0) */
    CHECK(tiled_read(dev, ctx, count, 0, 1, tiles));
    CHECK_EQ(((const uint32_t *)(const void *)tiles)[0], 256u);
    util_clear_last_message();
    ID3D11DeviceContext2_DispatchIndirect(ctx, args, 2);
    CHECK_STR_CONTAINS(LAST, "not a multiple of 4");
    util_clear_last_message();
    ID3D11DeviceContext2_DispatchIndirect(ctx, args, 2 * TILE - 8);
    CHECK_STR_CONTAINS(LAST, "leaves no room");
    util_clear_last_message();
    ID3D11DeviceContext2_DispatchIndirect(ctx, count, 0);
    CHECK_STR_CONTAINS(LAST, "D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS");
    CHECK(tiled_read(dev, ctx, count, 0, 1, tiles));
    CHECK_EQ(((const uint32_t *)(const void *)tiles)[0], 256u);
done:
    if (ctx)
        ID3D11DeviceContext2_ClearState(ctx);
    free(tiles);
    REL(cs);
    REL(uav);
    REL(args);
    REL(count);
    REL(pool);
    REL(ctx);
    if (dev)
        CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}

/* ---- texture UAVs in the pixel and compute stages ------------------------------------------- */

/* u1[x, y] = x + 1000 y for each pixel; o0 red. */
static const char uav_ps[] =
    "ps_5_0\ndcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_uav_typed_texture2d (uint,uint,uint,uint) u1\ndcl_output o0.xyzw\ndcl_temps 2\n"
    "ftou r0.xy, v0.xyxx\nimad r1.x, r0.y, l(1000), r0.x\n"
    "store_uav_typed u1.xyzw, r0.xyyy, r1.xxxx\nmov o0.xyzw, l(1.0, 0, 0, 1.0)\nret\n";
/* u0[x, y] += 1 (a typed load and store) for every thread of 8x8 groups */
static const char uav_cs[] =
    "cs_5_0\ndcl_uav_typed_texture2d (uint,uint,uint,uint) u0\ndcl_temps 1\n"
    "dcl_thread_group 8, 8, 1\n"
    "ld_uav_typed r0.x, vThreadID.xyyy, u0.xyzw\niadd r0.x, r0.x, l(1)\n"
    "store_uav_typed u0.xyzw, vThreadID.xyyy, r0.xxxx\nret\n";

/* Texture 256x256 R32_UINT: tile 0 -> pool 0, tile 1 -> pool 1, tile 2 NULL, tile 3 -> pool 2. */
TEST(tiled_texture_uavs_in_pixel_and_compute_stages)
{
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    ID3D11Buffer *pool = NULL;
    ID3D11Texture2D *tex = NULL, *rt = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11UnorderedAccessView *uav = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11ComputeShader *cs = NULL;
    uint8_t *tiles = malloc(4 * TILE);
    D3D11_VIEWPORT vp = { 0, 0, 256, 256, 0, 1 };
    if (!dev || !tiles)
        goto done;
    pool = tiled_pool(dev, 3);
    tex = tiled_texture(dev, 256, 256, 1, DXGI_FORMAT_R32_UINT, D3D11_BIND_UNORDERED_ACCESS);
    rt = plain_target(dev, 256, 256, &rtv);
    vs = make_vs(dev, QUAD_VS("0"));
    ps = make_ps(dev, uav_ps);
    cs = make_cs(dev, uav_cs);
    if (!pool || !tex || !rt || !rtv || !vs || !ps || !cs)
        goto done;
    CHECK_EQ(tiled_map(ctx, tex, pool, 0, 2, 0), S_OK);
    CHECK_EQ(map_xy(ctx, tex, pool, 1, 1, 1, 2), S_OK);
    CHECK_EQ(ID3D11Device2_CreateUnorderedAccessView(dev, (ID3D11Resource *)tex, NULL, &uav),
             S_OK);
    if (!uav)
        goto done;
    ID3D11DeviceContext2_OMSetRenderTargetsAndUnorderedAccessViews(ctx, 1, &rtv, NULL, 1, 1,
                                                                   &uav, NULL);
    ID3D11DeviceContext2_RSSetViewports(ctx, 1, &vp);
    ID3D11DeviceContext2_IASetPrimitiveTopology(ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ID3D11DeviceContext2_VSSetShader(ctx, vs, NULL, 0);
    ID3D11DeviceContext2_PSSetShader(ctx, ps, NULL, 0);
    ID3D11DeviceContext2_Draw(ctx, 4, 0);
    CHECK(tiled_read(dev, ctx, tex, 0, 4, tiles));
    {
        const uint32_t *w = (const uint32_t *)(const void *)tiles;
        /* tile t, element (x, y) of the tile at word t * 16384 + y * 128 + x */
        CHECK_EQ(w[0 * 16384 + 5 * 128 + 3], 3u + 1000u * 5u);          /* (3, 5) */
        CHECK_EQ(w[1 * 16384 + 7 * 128 + 9], 137u + 1000u * 7u);        /* (137, 7) */
        CHECK(tile_words(tiles, 2, 0));                                   /* NULL */
        CHECK_EQ(w[3 * 16384 + 127 * 128 + 127], 255u + 1000u * 255u);  /* (255, 255) */
    }
    /* the compute stage: every element + 1 (the NULL tile loads 0, drops the store) */
    ID3D11DeviceContext2_OMSetRenderTargets(ctx, 0, NULL, NULL);
    ID3D11DeviceContext2_CSSetShader(ctx, cs, NULL, 0);
    ID3D11DeviceContext2_CSSetUnorderedAccessViews(ctx, 0, 1, &uav, NULL);
    ID3D11DeviceContext2_Dispatch(ctx, 32, 32, 1);
    CHECK(tiled_read(dev, ctx, tex, 0, 4, tiles));
    {
        const uint32_t *w = (const uint32_t *)(const void *)tiles;
        CHECK_EQ(w[0 * 16384 + 5 * 128 + 3], 3u + 1000u * 5u + 1u);
        CHECK_EQ(w[3 * 16384 + 0], 128u + 1000u * 128u + 1u);
        CHECK(tile_words(tiles, 2, 0));
    }
    /* ClearUnorderedAccessViewUint */
    {
        const UINT v[4] = { 0x1234, 0, 0, 0 };
        ID3D11DeviceContext2_ClearUnorderedAccessViewUint(ctx, uav, v);
    }
    CHECK(tiled_read(dev, ctx, tex, 0, 4, tiles));
    CHECK(tile_words(tiles, 0, 0x1234));
    CHECK(tile_words(tiles, 1, 0x1234));
    CHECK(tile_words(tiles, 2, 0));
    CHECK(tile_words(tiles, 3, 0x1234));
done:
    if (ctx)
        ID3D11DeviceContext2_ClearState(ctx);
    free(tiles);
    REL(vs);
    REL(ps);
    REL(cs);
    REL(uav);
    REL(rtv);
    REL(rt);
    REL(tex);
    REL(pool);
    REL(ctx);
    if (dev)
        CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}

/* ClearView (11_1) of a tiled render-target view and of a tiled typed UAV, with rectangles:
 * the rectangle's elements on mapped tiles change, the rest keep their values, NULL tiles
 * drop it.  Texture 256x256 RGBA8 / R32_UINT: tiles 0, 1, 3 mapped, tile 2 NULL. */
TEST(tiled_clear_view_rectangles_through_the_page_table)
{
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    ID3D11Buffer *pool = NULL;
    ID3D11Texture2D *rt = NULL, *ut = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11UnorderedAccessView *uav = NULL;
    uint8_t *tiles = malloc(4 * TILE);
    const FLOAT red[4] = { 1.0f, 0, 0, 1.0f }, seven[4] = { 7.0f, 0, 0, 0 };
    const D3D11_RECT r = { 100, 100, 156, 156 };   /* across the four tiles */
    if (!dev || !tiles)
        goto done;
    pool = tiled_pool(dev, 6);
    rt = tiled_texture(dev, 256, 256, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
    ut = tiled_texture(dev, 256, 256, 1, DXGI_FORMAT_R32_UINT, D3D11_BIND_UNORDERED_ACCESS);
    if (!pool || !rt || !ut)
        goto done;
    CHECK_EQ(tiled_map(ctx, rt, pool, 0, 2, 0), S_OK);
    CHECK_EQ(map_xy(ctx, rt, pool, 1, 1, 1, 2), S_OK);
    CHECK_EQ(tiled_map(ctx, ut, pool, 0, 2, 3), S_OK);
    CHECK_EQ(map_xy(ctx, ut, pool, 1, 1, 1, 5), S_OK);
    fill_tiles(ctx, ut, 0, 2, 9);
    CHECK_EQ(ID3D11Device2_CreateRenderTargetView(dev, (ID3D11Resource *)rt, NULL, &rtv), S_OK);
    CHECK_EQ(ID3D11Device2_CreateUnorderedAccessView(dev, (ID3D11Resource *)ut, NULL, &uav),
             S_OK);
    if (!rtv || !uav)
        goto done;
    {
        ID3D11DeviceContext1 *c1 = (ID3D11DeviceContext1 *)ctx;
        util_clear_last_message();
        ID3D11DeviceContext1_ClearView(c1, (ID3D11View *)rtv, red, &r, 1);
        ID3D11DeviceContext1_ClearView(c1, (ID3D11View *)uav, seven, &r, 1);
        CHECK(LAST[0] == 0);
    }
    CHECK(tiled_read(dev, ctx, rt, 0, 4, tiles));
    {
        const uint32_t *w = (const uint32_t *)(const void *)tiles;
        CHECK_EQ(w[0 * 16384 + 110 * 128 + 110], 0xff0000ffu);   /* (110, 110) in */
        CHECK_EQ(w[0 * 16384 + 90 * 128 + 110], 0u);             /* (110, 90) outside */
        CHECK_EQ(w[1 * 16384 + 110 * 128 + 10], 0xff0000ffu);    /* (138, 110) */
        CHECK(tile_words(tiles, 2, 0));                          /* NULL */
        CHECK_EQ(w[3 * 16384 + 10 * 128 + 10], 0xff0000ffu);     /* (138, 138) */
        CHECK_EQ(w[3 * 16384 + 40 * 128 + 10], 0u);              /* (138, 168) outside */
    }
    CHECK(tiled_read(dev, ctx, ut, 0, 4, tiles));
    {
        const uint32_t *w = (const uint32_t *)(const void *)tiles;
        CHECK_EQ(w[0 * 16384 + 110 * 128 + 110], 7u);
        CHECK_EQ(w[0 * 16384 + 90 * 128 + 110], 9u);
        CHECK_EQ(w[1 * 16384 + 110 * 128 + 10], 7u);
        CHECK(tile_words(tiles, 2, 0));
        CHECK_EQ(w[3 * 16384 + 10 * 128 + 10], 7u);
        CHECK_EQ(w[3 * 16384 + 40 * 128 + 10], 0u);
    }
done:
    free(tiles);
    REL(rtv);
    REL(uav);
    REL(rt);
    REL(ut);
    REL(pool);
    REL(ctx);
    if (dev)
        CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}

/* The same UAV recorded on a deferred context: the replay lends the copy. */
TEST(tiled_texture_uav_from_a_deferred_context)
{
    ID3D11DeviceContext2 *ctx = NULL, *dc = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    ID3D11Buffer *pool = NULL;
    ID3D11Texture2D *tex = NULL;
    ID3D11UnorderedAccessView *uav = NULL;
    ID3D11ComputeShader *cs = NULL;
    ID3D11CommandList *list = NULL;
    uint8_t *tiles = malloc(4 * TILE);
    if (!dev || !tiles)
        goto done;
    pool = tiled_pool(dev, 3);
    tex = tiled_texture(dev, 256, 256, 1, DXGI_FORMAT_R32_UINT, D3D11_BIND_UNORDERED_ACCESS);
    cs = make_cs(dev, uav_cs);
    CHECK_EQ(ID3D11Device2_CreateDeferredContext(dev, 0, (ID3D11DeviceContext **)&dc), S_OK);
    if (!pool || !tex || !cs || !dc)
        goto done;
    CHECK_EQ(tiled_map(ctx, tex, pool, 0, 2, 0), S_OK);
    CHECK_EQ(map_xy(ctx, tex, pool, 1, 1, 1, 2), S_OK);
    fill_tiles(ctx, tex, 0, 2, 40);
    CHECK_EQ(ID3D11Device2_CreateUnorderedAccessView(dev, (ID3D11Resource *)tex, NULL, &uav),
             S_OK);
    if (!uav)
        goto done;
    ID3D11DeviceContext2_CSSetShader(dc, cs, NULL, 0);
    ID3D11DeviceContext2_CSSetUnorderedAccessViews(dc, 0, 1, &uav, NULL);
    ID3D11DeviceContext2_Dispatch(dc, 32, 32, 1);
    CHECK_EQ(ID3D11DeviceContext2_FinishCommandList(dc, FALSE, &list), S_OK);
    CHECK(tiled_read(dev, ctx, tex, 0, 4, tiles));
    CHECK(tile_words(tiles, 0, 40));   /* nothing ran yet */
    if (!list)
        goto done;
    ID3D11DeviceContext2_ExecuteCommandList(ctx, list, FALSE);
    CHECK(tiled_read(dev, ctx, tex, 0, 4, tiles));
    CHECK(tile_words(tiles, 0, 41));
    CHECK(tile_words(tiles, 1, 41));
    CHECK(tile_words(tiles, 2, 0));
    CHECK(tile_words(tiles, 3, 1));   /* mapped after the fill: 0 + 1 */
done:
    if (ctx)
        ID3D11DeviceContext2_ClearState(ctx);
    free(tiles);
    REL(list);
    REL(dc);
    REL(cs);
    REL(uav);
    REL(tex);
    REL(pool);
    REL(ctx);
    if (dev)
        CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}

/* ---- render-target array views and cube views ----------------------------------------------- */

/* Sample the cube at +X for x < 32, -X for x < 64, -Z beyond (point filter, LOD 0). */
static const char cube_ps[] =
    "ps_5_0\ndcl_sampler s0, mode_default\n"
    "dcl_resource_texturecube (float,float,float,float) t0\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\ndcl_output o0.xyzw\ndcl_temps 3\n"
    "lt r0.x, v0.x, l(32.0)\nlt r0.y, v0.x, l(64.0)\n"
    "movc r1.xyzw, r0.yyyy, l(-1.0, 0, 0, 0), l(0, 0, -1.0, 0)\n"
    "movc r1.xyzw, r0.xxxx, l(1.0, 0, 0, 0), r1.xyzw\n"
    "sample_l r2.xyzw, r1.xyzx, t0.xyzw, s0, l(0)\nmov o0.xyzw, r2.xyzw\nret\n";

/* A tiled cube, 128x128 RGBA8 faces (one tile each): faces 0..4 -> pool 0..4, face 5 NULL. */
TEST(tiled_render_target_array_and_cube_views)
{
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    ID3D11Buffer *pool = NULL;
    ID3D11Texture2D *cube = NULL, *rt = NULL;
    ID3D11RenderTargetView *arr = NULL, *arr3 = NULL, *rtv = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *red = NULL, *ps = NULL;
    ID3D11SamplerState *smp = NULL;
    uint8_t *tiles = malloc(6 * TILE);
    uint32_t px[96 * 8];
    const FLOAT cyan[4] = { 0, 1.0f, 1.0f, 1.0f };
    D3D11_TEXTURE2D_DESC cd = { 128, 128, 1, 6, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                D3D11_USAGE_DEFAULT,
                                D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0,
                                D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_TEXTURECUBE };
    D3D11_VIEWPORT vp = { 0, 0, 128, 128, 0, 1 };
    if (!dev || !tiles)
        goto done;
    pool = tiled_pool(dev, 5);
    CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &cd, NULL, &cube), S_OK);
    vs = make_vs(dev, QUAD_VS("0"));
    red = make_ps(dev, SOLID_PS("1.0", "0", "0"));
    ps = make_ps(dev, cube_ps);
    rt = plain_target(dev, 96, 8, &rtv);
    if (!pool || !cube || !vs || !red || !ps || !rt || !rtv)
        goto done;
    CHECK_EQ(tiled_map(ctx, cube, pool, 0, 5, 0), S_OK);
    fill_tiles(ctx, cube, 0, 5, 0xffff0000u);   /* blue (R8G8B8A8: 0xAABBGGRR) */
    {
        D3D11_RENDER_TARGET_VIEW_DESC d = { .Format = DXGI_FORMAT_UNKNOWN,
            .ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY };
        D3D11_RENDER_TARGET_VIEW_DESC got;
        d.Texture2DArray = (D3D11_TEX2D_ARRAY_RTV){ 0, 1, 2 };
        CHECK_EQ(ID3D11Device2_CreateRenderTargetView(dev, (ID3D11Resource *)cube, &d, &arr),
                 S_OK);
        d.Texture2DArray = (D3D11_TEX2D_ARRAY_RTV){ 0, 3, 3 };
        CHECK_EQ(ID3D11Device2_CreateRenderTargetView(dev, (ID3D11Resource *)cube, &d, &arr3),
                 S_OK);
        if (arr) {
            ID3D11RenderTargetView_GetDesc(arr, &got);
            CHECK_EQ(got.Format, DXGI_FORMAT_R8G8B8A8_UNORM);
            CHECK_EQ(got.Texture2DArray.FirstArraySlice, 1u);
            CHECK_EQ(got.Texture2DArray.ArraySize, 2u);
        }
        /* past the last slice: the ordinary rule */
        d.Texture2DArray = (D3D11_TEX2D_ARRAY_RTV){ 0, 5, 2 };
        ID3D11RenderTargetView *bad = (ID3D11RenderTargetView *)1;
        util_clear_last_message();
        CHECK_EQ(ID3D11Device2_CreateRenderTargetView(dev, (ID3D11Resource *)cube, &d, &bad),
                 E_INVALIDARG);
        CHECK(LAST[0] != 0);
        CHECK(bad == NULL);
    }
    {
        D3D11_SHADER_RESOURCE_VIEW_DESC d = { .Format = DXGI_FORMAT_UNKNOWN,
            .ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBE };
        d.TextureCube = (D3D11_TEXCUBE_SRV){ 0, 1 };
        CHECK_EQ(ID3D11Device2_CreateShaderResourceView(dev, (ID3D11Resource *)cube, &d, &srv),
                 S_OK);
    }
    if (!arr || !arr3 || !srv)
        goto done;
    /* a draw into the array view renders its first slice (face 1); a clear of the 3-slice
     * view fills faces 3 and 4 and drops face 5 (NULL) */
    ID3D11DeviceContext2_OMSetRenderTargets(ctx, 1, &arr, NULL);
    ID3D11DeviceContext2_RSSetViewports(ctx, 1, &vp);
    ID3D11DeviceContext2_IASetPrimitiveTopology(ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ID3D11DeviceContext2_VSSetShader(ctx, vs, NULL, 0);
    ID3D11DeviceContext2_PSSetShader(ctx, red, NULL, 0);
    ID3D11DeviceContext2_Draw(ctx, 4, 0);
    ID3D11DeviceContext2_ClearRenderTargetView(ctx, arr3, cyan);
    CHECK(tiled_read(dev, ctx, cube, 0, 6, tiles));
    CHECK(tile_words(tiles, 0, 0xffff0000u));
    CHECK(tile_words(tiles, 1, 0xff0000ffu));
    CHECK(tile_words(tiles, 2, 0xffff0000u));
    CHECK(tile_words(tiles, 3, 0xffffff00u));
    CHECK(tile_words(tiles, 4, 0xffffff00u));
    CHECK(tile_words(tiles, 5, 0));
    /* the cube view samples face 0 (+X, blue), face 1 (-X, red) and face 5 (-Z, NULL: 0) */
    {
        D3D11_SAMPLER_DESC sd = { D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                                  D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                                  D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
        D3D11_VIEWPORT vp2 = { 0, 0, 96, 8, 0, 1 };
        CHECK_EQ(ID3D11Device2_CreateSamplerState(dev, &sd, &smp), S_OK);
        ID3D11DeviceContext2_OMSetRenderTargets(ctx, 1, &rtv, NULL);
        ID3D11DeviceContext2_RSSetViewports(ctx, 1, &vp2);
        ID3D11DeviceContext2_PSSetShader(ctx, ps, NULL, 0);
        ID3D11DeviceContext2_PSSetShaderResources(ctx, 0, 1, &srv);
        ID3D11DeviceContext2_PSSetSamplers(ctx, 0, 1, &smp);
        ID3D11DeviceContext2_Draw(ctx, 4, 0);
        read_plain(dev, ctx, rt, px);
        CHECK_EQ(px[4 * 96 + 10], 0xffff0000u);
        CHECK_EQ(px[4 * 96 + 40], 0xff0000ffu);
        CHECK_EQ(px[4 * 96 + 80], 0u);
    }
    /* a cube needs square faces and a multiple of 6 slices */
    {
        ID3D11Texture2D *t = (ID3D11Texture2D *)1;
        cd.ArraySize = 5;
        util_clear_last_message();
        CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &cd, NULL, &t), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "multiple of 6");
        CHECK(t == NULL);
    }
done:
    if (ctx)
        ID3D11DeviceContext2_ClearState(ctx);
    free(tiles);
    REL(smp);
    REL(vs);
    REL(red);
    REL(ps);
    REL(srv);
    REL(arr);
    REL(arr3);
    REL(rtv);
    REL(rt);
    REL(cube);
    REL(pool);
    REL(ctx);
    if (dev)
        CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}

/* ---- GenerateMips --------------------------------------------------------------------------- */

/* Reads `n` tiles of subresource `sub` of `r` from its tile (0, 0) through CopyTiles. */
static bool read_sub(ID3D11Device2 *dev, ID3D11DeviceContext2 *ctx, void *r, UINT sub, UINT n,
                     uint8_t *out)
{
    D3D11_BUFFER_DESC d = { n * TILE, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0 };
    ID3D11Buffer *b = NULL;
    D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, sub };
    D3D11_TILE_REGION_SIZE s = { n, FALSE, 0, 0, 0 };
    D3D11_MAPPED_SUBRESOURCE m;
    bool ok;
    if (FAILED(ID3D11Device2_CreateBuffer(dev, &d, NULL, &b)))
        return false;
    ID3D11DeviceContext2_CopyTiles(ctx, (ID3D11Resource *)r, &c, &s, b, 0,
                                   D3D11_TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER);
    ok = SUCCEEDED(ID3D11DeviceContext2_Map(ctx, (ID3D11Resource *)b, 0, D3D11_MAP_READ, 0, &m));
    if (ok) {
        memcpy(out, m.pData, (size_t)n * TILE);
        ID3D11DeviceContext2_Unmap(ctx, (ID3D11Resource *)b, 0);
    }
    ID3D11Buffer_Release(b);
    return ok;
}

/* RGBA8 256x256, 2 mips: mip 0's tiles 0..2 -> pool 0..2 (red), tile 3 NULL; mip 1 (one tile)
 * -> pool 3.  Mip 1 becomes the 2x2 box filter of mip 0: red where mip 0 is mapped, 0 over
 * the NULL tile. */
TEST(tiled_generate_mips_through_the_page_table)
{
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    ID3D11Buffer *pool = NULL;
    ID3D11Texture2D *tex = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    uint8_t *tiles = malloc(TILE);
    D3D11_TEXTURE2D_DESC d = { 256, 256, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D11_USAGE_DEFAULT,
                               D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0,
                               D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_GENERATE_MIPS };
    if (!dev || !tiles)
        goto done;
    pool = tiled_pool(dev, 4);
    CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &d, NULL, &tex), S_OK);
    if (!pool || !tex)
        goto done;
    CHECK_EQ(tiled_map(ctx, tex, pool, 0, 3, 0), S_OK);
    {
        D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 1 };
        D3D11_TILE_REGION_SIZE rs = { 1, FALSE, 0, 0, 0 };
        UINT flag = 0, start = 3, n = 1;
        CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)tex, 1, &c, &rs,
                                                         pool, 1, &flag, &start, &n, 0), S_OK);
    }
    fill_tiles(ctx, tex, 0, 3, 0xff0000ffu);
    CHECK_EQ(ID3D11Device2_CreateShaderResourceView(dev, (ID3D11Resource *)tex, NULL, &srv),
             S_OK);
    if (!srv)
        goto done;
    ID3D11DeviceContext2_GenerateMips(ctx, srv);
    CHECK(read_sub(dev, ctx, tex, 1, 1, tiles));
    {
        const uint32_t *w = (const uint32_t *)(const void *)tiles;   /* 128x128 */
        CHECK_EQ(w[10 * 128 + 10], 0xff0000ffu);     /* from tile 0 */
        CHECK_EQ(w[10 * 128 + 100], 0xff0000ffu);    /* from tile 1 */
        CHECK_EQ(w[100 * 128 + 10], 0xff0000ffu);    /* from tile 2 */
        CHECK_EQ(w[100 * 128 + 100], 0u);            /* from the NULL tile: 0 */
    }
    /* GENERATE_MIPS needs the render-target and shader-resource bind flags */
    {
        ID3D11Texture2D *t = (ID3D11Texture2D *)1;
        d.BindFlags = D3D11_BIND_SHADER_RESOURCE;
        util_clear_last_message();
        CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &d, NULL, &t), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "GENERATE_MIPS needs");
        CHECK(t == NULL);
    }
done:
    free(tiles);
    REL(srv);
    REL(tex);
    REL(pool);
    REL(ctx);
    if (dev)
        CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}

/* ---- SetResourceMinLOD ---------------------------------------------------------------------- */

/* RGBA8 256x256, 2 mips, RESOURCE_CLAMP: mip 0 red (tiles 0..3 -> pool 0..3), mip 1 blue (pool
 * 4).  sample_l at LOD 0 through the page-table view reads mip 0, and mip 1 once
 * SetResourceMinLOD(1) clamps it. */
TEST(tiled_set_resource_min_lod_clamps_sampling)
{
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    ID3D11Buffer *pool = NULL;
    ID3D11Texture2D *tex = NULL, *rt = NULL, *plain = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    uint32_t px[8 * 8];
    D3D11_TEXTURE2D_DESC d = { 256, 256, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                               D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_RESOURCE_CLAMP };
    D3D11_VIEWPORT vp = { 0, 0, 8, 8, 0, 1 };
    if (!dev)
        return;
    pool = tiled_pool(dev, 5);
    CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &d, NULL, &tex), S_OK);
    d.MiscFlags = D3D11_RESOURCE_MISC_TILED;
    CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &d, NULL, &plain), S_OK);
    rt = plain_target(dev, 8, 8, &rtv);
    vs = make_vs(dev, QUAD_VS("0"));
    ps = make_ps(dev, "ps_5_0\ndcl_sampler s0, mode_default\n"
                      "dcl_resource_texture2d (float,float,float,float) t0\n"
                      "dcl_output o0.xyzw\ndcl_temps 1\n"
                      "sample_l r0.xyzw, l(0.25, 0.25, 0, 0), t0.xyzw, s0, l(0)\n"
                      "mov o0.xyzw, r0.xyzw\nret\n");
    if (!pool || !tex || !plain || !rt || !rtv || !vs || !ps)
        goto done;
    CHECK_EQ(tiled_map(ctx, tex, pool, 0, 4, 0), S_OK);
    {
        D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 1 };
        D3D11_TILE_REGION_SIZE rs = { 1, FALSE, 0, 0, 0 };
        UINT flag = 0, start = 4, n = 1;
        CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)tex, 1, &c, &rs,
                                                         pool, 1, &flag, &start, &n, 0), S_OK);
    }
    fill_tiles(ctx, tex, 0, 5, 0xff0000ffu);
    {
        uint32_t *src = malloc(TILE);
        D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 1 };
        D3D11_TILE_REGION_SIZE rs = { 1, FALSE, 0, 0, 0 };
        if (src) {
            for (UINT i = 0; i < TILE / 4; i++)
                src[i] = 0xffff0000u;
            ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)tex, &c, &rs, src, 0);
            free(src);
        }
    }
    CHECK_EQ(ID3D11Device2_CreateShaderResourceView(dev, (ID3D11Resource *)tex, NULL, &srv),
             S_OK);
    if (!srv)
        goto done;
    ID3D11DeviceContext2_OMSetRenderTargets(ctx, 1, &rtv, NULL);
    ID3D11DeviceContext2_RSSetViewports(ctx, 1, &vp);
    ID3D11DeviceContext2_IASetPrimitiveTopology(ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ID3D11DeviceContext2_VSSetShader(ctx, vs, NULL, 0);
    ID3D11DeviceContext2_PSSetShader(ctx, ps, NULL, 0);
    ID3D11DeviceContext2_PSSetShaderResources(ctx, 0, 1, &srv);
    ID3D11DeviceContext2_Draw(ctx, 4, 0);
    read_plain(dev, ctx, rt, px);
    CHECK_EQ(px[3 * 8 + 3], 0xff0000ffu);   /* mip 0 */
    ID3D11DeviceContext2_SetResourceMinLOD(ctx, (ID3D11Resource *)tex, 1.0f);
    CHECK(ID3D11DeviceContext2_GetResourceMinLOD(ctx, (ID3D11Resource *)tex) == 1.0f);
    ID3D11DeviceContext2_Draw(ctx, 4, 0);
    read_plain(dev, ctx, rt, px);
    CHECK_EQ(px[3 * 8 + 3], 0xffff0000u);   /* clamped to mip 1 */
    /* refusals: no RESOURCE_CLAMP, MinLOD past MipLevels, a buffer-like pool */
    util_clear_last_message();
    ID3D11DeviceContext2_SetResourceMinLOD(ctx, (ID3D11Resource *)plain, 1.0f);
    CHECK_STR_CONTAINS(LAST, "D3D11_RESOURCE_MISC_RESOURCE_CLAMP");
    CHECK(ID3D11DeviceContext2_GetResourceMinLOD(ctx, (ID3D11Resource *)plain) == 0.0f);
    util_clear_last_message();
    ID3D11DeviceContext2_SetResourceMinLOD(ctx, (ID3D11Resource *)tex, 3.0f);
    CHECK_STR_CONTAINS(LAST, "outside 0..2");
    CHECK(ID3D11DeviceContext2_GetResourceMinLOD(ctx, (ID3D11Resource *)tex) == 1.0f);
    /* a flag the page does not list for tiled textures */
    {
        ID3D11Texture2D *t = (ID3D11Texture2D *)1;
        d.MiscFlags = D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_SHARED;
        util_clear_last_message();
        CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &d, NULL, &t), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "Tiled resource creation parameters");
        CHECK(t == NULL);
    }
done:
    if (ctx)
        ID3D11DeviceContext2_ClearState(ctx);
    REL(vs);
    REL(ps);
    REL(srv);
    REL(rtv);
    REL(rt);
    REL(plain);
    REL(tex);
    REL(pool);
    REL(ctx);
    if (dev)
        CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}

/* ---- what tier 2 excludes ------------------------------------------------------------------- */

TEST(tiled_tier2_refuses_texture3d_and_multisampled_tiled_textures)
{
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    D3D11_TEXTURE3D_DESC d3 = { 64, 64, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                                D3D11_BIND_SHADER_RESOURCE, 0, D3D11_RESOURCE_MISC_TILED };
    D3D11_TEXTURE2D_DESC d2 = { 128, 128, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 4, 0 },
                                D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0,
                                D3D11_RESOURCE_MISC_TILED };
    ID3D11Texture3D *t3 = (ID3D11Texture3D *)1;
    ID3D11Texture2D *t2 = (ID3D11Texture2D *)1;
    D3D11_FEATURE_DATA_D3D11_OPTIONS1 o1;
    UINT levels = 7;
    if (!dev)
        return;
    CHECK_EQ(ID3D11Device2_CheckFeatureSupport(dev, D3D11_FEATURE_D3D11_OPTIONS1, &o1,
                                               sizeof(o1)), S_OK);
    CHECK_EQ(o1.TiledResourcesTier, D3D11_TILED_RESOURCES_TIER_2);
    util_clear_last_message();
    CHECK_EQ(ID3D11Device2_CreateTexture3D(dev, &d3, NULL, &t3), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "TIER_3");
    CHECK(t3 == NULL);
    /* an ordinary Texture3D still works on this device */
    d3.MiscFlags = 0;
    CHECK_EQ(ID3D11Device2_CreateTexture3D(dev, &d3, NULL, &t3), S_OK);
    REL(t3);
    /* no quality levels for tiled MSAA, so any multisampled tiled description is invalid */
    CHECK_EQ(ID3D11Device2_CheckMultisampleQualityLevels1(
                 dev, DXGI_FORMAT_R8G8B8A8_UNORM, 4,
                 D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_RESOURCE, &levels), S_OK);
    CHECK_EQ(levels, 0u);
    util_clear_last_message();
    CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &d2, NULL, &t2), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "no tiled MSAA");
    CHECK(t2 == NULL);
    REL(ctx);
    CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}
