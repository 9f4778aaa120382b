/* The immediate context's memory operations and queries (src/d3d11/context_resource.c,
 * context_query.c): Map/Unmap rules per usage and their data round trips, UpdateSubresource,
 * CopyResource / CopySubresourceRegion with the 10Level9 copy rows at 9_1, 9_2 and 9_3 (tests
 * named l9ctx_<method>_<rule>), clears read back byte for byte, GenerateMips values, and the
 * Begin/End/GetData sequences of every query type 9_x has. */
#include "test_d3d11_context_util.h"

#include <math.h>

#include "d3d11/d3d11_private.h"
#include "d3d11/d3d11_context.h"
#include "d3d11/d3d11_resource.h"

#define REFUSED(call, text)                                                                     \
    do {                                                                                        \
        util_clear_last_message();                                                              \
        call;                                                                                   \
        CHECK_STR_CONTAINS(LAST, text);                                                         \
    } while (0)
#define ACCEPTED(call)                                                                          \
    do {                                                                                        \
        util_clear_last_message();                                                              \
        call;                                                                                   \
        if (LAST[0])                                                                            \
            harness_fail(__FILE__, __LINE__, "unexpected refusal: %s", LAST);                   \
    } while (0)

/* The bytes of subresource `sub` (internal: the tests link the library's internals). */
static const unsigned char *sub_bytes(void *resource, UINT sub)
{
    struct d3d11_resource *r = d3d11_resource_from_iface((ID3D11Resource *)resource);
    return r ? core_resource_sub_data(r->core, sub) : NULL;
}

/* Its row pitch. */
static size_t sub_pitch(void *resource, UINT sub)
{
    struct d3d11_resource *r = d3d11_resource_from_iface((ID3D11Resource *)resource);
    return r ? r->core->sub[sub].row_pitch : 0;
}

static ID3D11Texture2D *staging_tex(ID3D11Device *dev, UINT w, UINT h, UINT mips, DXGI_FORMAT f,
                                    UINT cpu, const D3D11_SUBRESOURCE_DATA *init)
{
    D3D11_TEXTURE2D_DESC d = ctx_tex_desc(w, h, mips, f, 0);
    d.Usage = D3D11_USAGE_STAGING;
    d.CPUAccessFlags = cpu;
    return ctx_tex(dev, &d, init);
}

/* ---- Map ---------------------------------------------------------------------------------- */

TEST(d3d11_context_Map_usage_rules)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_1, &ctx);
    ID3D11Buffer *def, *dyn_vb, *dyn_ib, *dyn_cb, *st_r, *st_w, *st_rw;
    ID3D11Texture2D *dyn_tex, *imm;
    D3D11_TEXTURE2D_DESC td = ctx_tex_desc(8, 8, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                           D3D11_BIND_SHADER_RESOURCE);
    D3D11_MAPPED_SUBRESOURCE m;
    unsigned char init_bytes[256] = { 0 };
    D3D11_SUBRESOURCE_DATA init = { init_bytes, 32, 0 };
    if (!dev)
        return;
    def = ctx_buffer(dev, 64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0);
    dyn_vb = ctx_buffer(dev, 64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DYNAMIC,
                        D3D11_CPU_ACCESS_WRITE);
    dyn_ib = ctx_buffer(dev, 64, D3D11_BIND_INDEX_BUFFER, D3D11_USAGE_DYNAMIC,
                        D3D11_CPU_ACCESS_WRITE);
    dyn_cb = ctx_buffer(dev, 64, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DYNAMIC,
                        D3D11_CPU_ACCESS_WRITE);
    st_r = ctx_buffer(dev, 64, 0, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ);
    st_w = ctx_buffer(dev, 64, 0, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_WRITE);
    st_rw = ctx_buffer(dev, 64, 0, D3D11_USAGE_STAGING,
                       D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE);
    td.Usage = D3D11_USAGE_DYNAMIC;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
    dyn_tex = ctx_tex(dev, &td, NULL);
    td.Usage = D3D11_USAGE_IMMUTABLE;
    td.CPUAccessFlags = 0;
    imm = ctx_tex(dev, &td, &init);
#define MAP(r, t, f) ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)(r), 0, t, f, &m)
#define UNMAP(r) ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)(r), 0)
    util_clear_last_message();
    CHECK_HR(MAP(def, D3D11_MAP_WRITE_DISCARD, 0), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "Map: a D3D11_USAGE_DEFAULT resource cannot be mapped");
    CHECK(m.pData == NULL);
    CHECK_HR(MAP(imm, D3D11_MAP_READ, 0), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "D3D11_USAGE_IMMUTABLE resource cannot be mapped");
    /* dynamic: WRITE_DISCARD; WRITE_NO_OVERWRITE on vertex and index buffers only */
    CHECK_HR(MAP(dyn_vb, D3D11_MAP_WRITE_DISCARD, 0), S_OK);
    CHECK(m.pData != NULL);
    CHECK_EQ(m.RowPitch, 64);
    CHECK_EQ(m.DepthPitch, 64);
    CHECK_HR(MAP(dyn_vb, D3D11_MAP_WRITE_NO_OVERWRITE, 0), E_INVALIDARG);   /* already mapped */
    CHECK_STR_CONTAINS(LAST, "already mapped");
    UNMAP(dyn_vb);
    CHECK_HR(MAP(dyn_vb, D3D11_MAP_WRITE_NO_OVERWRITE, D3D11_MAP_FLAG_DO_NOT_WAIT), S_OK);
    UNMAP(dyn_vb);
    CHECK_HR(MAP(dyn_ib, D3D11_MAP_WRITE_NO_OVERWRITE, 0), S_OK);
    UNMAP(dyn_ib);
    CHECK_HR(MAP(dyn_cb, D3D11_MAP_WRITE_NO_OVERWRITE, 0), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "only valid on vertex and index buffers");
    CHECK_HR(MAP(dyn_cb, D3D11_MAP_WRITE_DISCARD, 0), S_OK);
    UNMAP(dyn_cb);
    CHECK_HR(MAP(dyn_tex, D3D11_MAP_WRITE_NO_OVERWRITE, 0), E_INVALIDARG);
    CHECK_HR(MAP(dyn_tex, D3D11_MAP_WRITE_DISCARD, 0), S_OK);
    CHECK_EQ(m.RowPitch, 32);
    CHECK_EQ(m.DepthPitch, 256);
    UNMAP(dyn_tex);
    CHECK_HR(MAP(dyn_vb, D3D11_MAP_WRITE, 0), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "D3D11_MAP_WRITE needs a D3D11_USAGE_STAGING resource");
    /* staging: READ / WRITE / READ_WRITE by CPU access */
    CHECK_HR(MAP(st_r, D3D11_MAP_READ, 0), S_OK);
    UNMAP(st_r);
    CHECK_HR(MAP(st_r, D3D11_MAP_WRITE, 0), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "needs CPUAccessFlags 0x10000");
    CHECK_HR(MAP(st_w, D3D11_MAP_WRITE, 0), S_OK);
    UNMAP(st_w);
    CHECK_HR(MAP(st_w, D3D11_MAP_READ_WRITE, 0), E_INVALIDARG);
    CHECK_HR(MAP(st_rw, D3D11_MAP_READ_WRITE, 0), S_OK);
    UNMAP(st_rw);
    CHECK_HR(MAP(st_rw, D3D11_MAP_WRITE_DISCARD, 0), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "needs a D3D11_USAGE_DYNAMIC resource");
    /* hostile */
    CHECK_HR(MAP(st_rw, (D3D11_MAP)0, 0), E_INVALIDARG);
    CHECK_HR(MAP(st_rw, (D3D11_MAP)6, 0), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "MapType 6 is not a D3D11_MAP value");
    CHECK_HR(MAP(st_rw, D3D11_MAP_READ, 0x1), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "MapFlags 0x1");
    CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)st_rw, 1, D3D11_MAP_READ, 0, &m),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "Subresource 1 is past the resource's 1 subresources");
    CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)st_rw, 0, D3D11_MAP_READ, 0, NULL),
             E_INVALIDARG);
    CHECK_HR(ID3D11DeviceContext_Map(ctx, NULL, 0, D3D11_MAP_READ, 0, &m), E_INVALIDARG);
    CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)ctx, 0, D3D11_MAP_READ, 0, &m),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "not a softd3d resource");
    REFUSED(UNMAP(st_rw), "Unmap: Subresource 0 of pResource is not mapped");
    /* a resource released while mapped stays alive until Unmap; one never unmapped dies with
     * the device */
    CHECK_HR(MAP(st_rw, D3D11_MAP_WRITE, 0), S_OK);
    CHECK_EQ(ID3D11Buffer_Release(st_rw), 0);
    memset(m.pData, 0x5a, 64);
    UNMAP(st_rw);
    CHECK_HR(MAP(st_w, D3D11_MAP_WRITE, 0), S_OK);
#undef MAP
#undef UNMAP
    CHECK_EQ(ID3D11Buffer_Release(def), 0);
    CHECK_EQ(ID3D11Buffer_Release(dyn_vb), 0);
    CHECK_EQ(ID3D11Buffer_Release(dyn_ib), 0);
    CHECK_EQ(ID3D11Buffer_Release(dyn_cb), 0);
    CHECK_EQ(ID3D11Buffer_Release(st_r), 0);
    CHECK_EQ(ID3D11Buffer_Release(st_w), 0);
    CHECK_EQ(ID3D11Texture2D_Release(dyn_tex), 0);
    CHECK_EQ(ID3D11Texture2D_Release(imm), 0);
    ctx_done(dev, ctx);
}

TEST(d3d11_context_Map_pitches_from_core_layout)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_3, &ctx);
    ID3D11Texture2D *bc, *rgba;
    D3D11_MAPPED_SUBRESOURCE m;
    if (!dev)
        return;
    bc = staging_tex(dev, 8, 8, 0, DXGI_FORMAT_BC1_UNORM, D3D11_CPU_ACCESS_READ, NULL);
    rgba = staging_tex(dev, 6, 3, 1, DXGI_FORMAT_B8G8R8A8_UNORM, D3D11_CPU_ACCESS_READ, NULL);
    CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)bc, 0, D3D11_MAP_READ, 0, &m), S_OK);
    CHECK_EQ(m.RowPitch, 16);     /* two 8-byte blocks */
    CHECK_EQ(m.DepthPitch, 32);   /* two rows of blocks */
    CHECK(m.pData == sub_bytes(bc, 0));
    ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)bc, 0);
    CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)bc, 3, D3D11_MAP_READ, 0, &m), S_OK);
    CHECK_EQ(m.RowPitch, 8);      /* a 1x1 mip is still one block */
    ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)bc, 3);
    CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)rgba, 0, D3D11_MAP_READ, 0, &m),
             S_OK);
    CHECK_EQ(m.RowPitch, 24);
    CHECK_EQ(m.DepthPitch, 72);
    ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)rgba, 0);
    CHECK_EQ(ID3D11Texture2D_Release(bc), 0);
    CHECK_EQ(ID3D11Texture2D_Release(rgba), 0);
    ctx_done(dev, ctx);
}

/* Write through Map on a dynamic vertex buffer, copy to a staging buffer, read it back. */
TEST(d3d11_context_Map_write_copy_read_round_trip)
{
    for (int li = 0; li < 3; li++) {
        ID3D11DeviceContext *ctx;
        ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
        ID3D11Buffer *vb, *st;
        D3D11_MAPPED_SUBRESOURCE m;
        if (!dev)
            continue;
        vb = ctx_buffer(dev, 32, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DYNAMIC,
                        D3D11_CPU_ACCESS_WRITE);
        st = ctx_buffer(dev, 32, 0, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ);
        CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)vb, 0, D3D11_MAP_WRITE_DISCARD, 0,
                                         &m), S_OK);
        for (int i = 0; i < 32; i++)
            ((unsigned char *)m.pData)[i] = (unsigned char)(i * 7 + li);
        /* a mapped resource cannot be copied */
        REFUSED(ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)st,
                                                 (ID3D11Resource *)vb), "a resource is mapped");
        ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)vb, 0);
        ACCEPTED(ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)st,
                                                  (ID3D11Resource *)vb));
        CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m),
                 S_OK);
        for (int i = 0; i < 32 && m.pData; i++)
            CHECK_EQ(((unsigned char *)m.pData)[i], (unsigned char)(i * 7 + li));
        ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)st, 0);
        CHECK_EQ(ID3D11Buffer_Release(vb), 0);
        CHECK_EQ(ID3D11Buffer_Release(st), 0);
        ctx_done(dev, ctx);
    }
}

/* ---- UpdateSubresource -------------------------------------------------------------------- */

TEST(d3d11_context_UpdateSubresource_box_and_rules)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_2, &ctx);
    D3D11_TEXTURE2D_DESC td = ctx_tex_desc(4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                           D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
    ID3D11Texture2D *t, *st, *dyn, *ds;
    ID3D11Buffer *cb, *vb;
    const D3D11_BOX box = { 1, 1, 0, 3, 3, 1 }, outside = { 2, 2, 0, 5, 3, 1 };
    const D3D11_BOX empty = { 2, 2, 0, 2, 3, 1 }, bytes = { 4, 0, 0, 8, 1, 1 };
    uint32_t src[2 * 3] = { 0x11111111, 0x22222222, 0xdead, 0x33333333, 0x44444444, 0xdead };
    uint32_t cbdata[4] = { 1, 2, 3, 4 };
    D3D11_MAPPED_SUBRESOURCE m;
    if (!dev)
        return;
    t = ctx_tex(dev, &td, NULL);
    st = staging_tex(dev, 4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_CPU_ACCESS_READ, NULL);
    td.Usage = D3D11_USAGE_DYNAMIC, td.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
    dyn = ctx_tex(dev, &td, NULL);
    td = ctx_tex_desc(4, 4, 1, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL);
    ds = ctx_tex(dev, &td, NULL);
    cb = ctx_buffer(dev, 16, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DEFAULT, 0);
    vb = ctx_buffer(dev, 16, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0);
    /* a 2x2 box at (1,1), source rows 12 bytes apart */
    ACCEPTED(ID3D11DeviceContext_UpdateSubresource(ctx, (ID3D11Resource *)t, 0, &box, src, 12, 0));
    ACCEPTED(ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)st, (ID3D11Resource *)t));
    CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m), S_OK);
    if (m.pData) {
        const uint32_t *p = m.pData;
        static const uint32_t want[16] = { 0, 0, 0, 0, 0, 0x11111111, 0x22222222, 0,
                                           0, 0x33333333, 0x44444444, 0, 0, 0, 0, 0 };
        for (int i = 0; i < 16; i++)
            CHECK_EQ(p[i], want[i]);
    }
    ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)st, 0);
    /* an empty box is a no-op, without a message */
    ACCEPTED(ID3D11DeviceContext_UpdateSubresource(ctx, (ID3D11Resource *)t, 0, &empty, src, 12, 0));
    /* whole-buffer and byte-box updates */
    ACCEPTED(ID3D11DeviceContext_UpdateSubresource(ctx, (ID3D11Resource *)cb, 0, NULL, cbdata, 0, 0));
    CHECK(!memcmp(sub_bytes(cb, 0), cbdata, 16));
    ACCEPTED(ID3D11DeviceContext_UpdateSubresource(ctx, (ID3D11Resource *)vb, 0, &bytes, cbdata, 0, 0));
    CHECK(!memcmp(sub_bytes(vb, 0) + 4, cbdata, 4));
    /* refusals */
    REFUSED(ID3D11DeviceContext_UpdateSubresource(ctx, (ID3D11Resource *)cb, 0, &bytes, cbdata, 0, 0),
            "pDstBox must be NULL for a constant buffer");
    REFUSED(ID3D11DeviceContext_UpdateSubresource(ctx, (ID3D11Resource *)dyn, 0, NULL, src, 16, 0),
            "the destination is D3D11_USAGE_DYNAMIC");
    REFUSED(ID3D11DeviceContext_UpdateSubresource(ctx, (ID3D11Resource *)ds, 0, NULL, src, 16, 0),
            "depth-stencil resource");
    REFUSED(ID3D11DeviceContext_UpdateSubresource(ctx, (ID3D11Resource *)t, 0, &outside, src, 12, 0),
            "is not inside the 4x4x1 subresource 0");
    REFUSED(ID3D11DeviceContext_UpdateSubresource(ctx, (ID3D11Resource *)t, 1, NULL, src, 16, 0),
            "DstSubresource 1 is past");
    REFUSED(ID3D11DeviceContext_UpdateSubresource(ctx, (ID3D11Resource *)t, 0, NULL, NULL, 16, 0),
            "pSrcData is NULL");
    REFUSED(ID3D11DeviceContext_UpdateSubresource(ctx, NULL, 0, NULL, src, 16, 0), "is NULL");
    /* staging destinations are accepted */
    ACCEPTED(ID3D11DeviceContext_UpdateSubresource(ctx, (ID3D11Resource *)st, 0, &box, src, 12, 0));
    CHECK_EQ(ID3D11Texture2D_Release(t), 0);
    CHECK_EQ(ID3D11Texture2D_Release(st), 0);
    CHECK_EQ(ID3D11Texture2D_Release(dyn), 0);
    CHECK_EQ(ID3D11Texture2D_Release(ds), 0);
    CHECK_EQ(ID3D11Buffer_Release(cb), 0);
    CHECK_EQ(ID3D11Buffer_Release(vb), 0);
    ctx_done(dev, ctx);
}

/* ---- copies ------------------------------------------------------------------------------- */

/* BC1: block-aligned regions copy whole 8-byte blocks; unaligned boxes are refused; a mip smaller
 * than a block copies its one block. */
TEST(d3d11_context_CopySubresourceRegion_bc1)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_1, &ctx);
    unsigned char blocks[4][8], mip1[8], mip2[8];
    D3D11_SUBRESOURCE_DATA init[3] = { { blocks, 16, 0 }, { mip1, 8, 0 }, { mip2, 8, 0 } };
    ID3D11Texture2D *src, *dst;
    const D3D11_BOX block1 = { 4, 0, 0, 8, 4, 1 }, bad = { 2, 0, 0, 6, 4, 1 };
    const D3D11_BOX edge = { 0, 0, 0, 2, 2, 1 };
    if (!dev)
        return;
    for (int b = 0; b < 4; b++)
        for (int i = 0; i < 8; i++)
            blocks[b][i] = (unsigned char)(b * 16 + i);
    memset(mip1, 0xa1, 8);
    memset(mip2, 0xa2, 8);
    src = staging_tex(dev, 8, 8, 3, DXGI_FORMAT_BC1_UNORM, D3D11_CPU_ACCESS_WRITE, init);
    dst = staging_tex(dev, 8, 8, 3, DXGI_FORMAT_BC1_UNORM_SRGB, D3D11_CPU_ACCESS_READ, NULL);
    /* block (1,0) of the source to block (0,1) of the destination (one typeless family) */
    ACCEPTED(ID3D11DeviceContext_CopySubresourceRegion(ctx, (ID3D11Resource *)dst, 0, 0, 4, 0,
                                                       (ID3D11Resource *)src, 0, &block1));
    {
        const unsigned char *d = sub_bytes(dst, 0);
        static const unsigned char zero[8];
        CHECK(!memcmp(d + 16, blocks[1], 8));   /* row 1 of blocks, block 0 */
        CHECK(!memcmp(d, zero, 8) && !memcmp(d + 8, zero, 8) && !memcmp(d + 24, zero, 8));
    }
    REFUSED(ID3D11DeviceContext_CopySubresourceRegion(ctx, (ID3D11Resource *)dst, 0, 0, 0, 0,
                                                      (ID3D11Resource *)src, 0, &bad),
            "is not aligned to the format's 4x4 blocks");
    REFUSED(ID3D11DeviceContext_CopySubresourceRegion(ctx, (ID3D11Resource *)dst, 0, 2, 0, 0,
                                                      (ID3D11Resource *)src, 0, &block1),
            "DstX 2 / DstY 0 is not aligned");
    REFUSED(ID3D11DeviceContext_CopySubresourceRegion(ctx, (ID3D11Resource *)dst, 0, 8, 0, 0,
                                                      (ID3D11Resource *)src, 0, &block1),
            "does not fit the 8x8x1 destination");
    /* the 2x2 mip: its box ends at the mip's edge, off the block grid */
    ACCEPTED(ID3D11DeviceContext_CopySubresourceRegion(ctx, (ID3D11Resource *)dst, 2, 0, 0, 0,
                                                       (ID3D11Resource *)src, 2, &edge));
    CHECK(!memcmp(sub_bytes(dst, 2), mip2, 8));
    /* the whole 4x4 mip to mip 1 (NULL box) */
    ACCEPTED(ID3D11DeviceContext_CopySubresourceRegion(ctx, (ID3D11Resource *)dst, 1, 0, 0, 0,
                                                       (ID3D11Resource *)src, 1, NULL));
    CHECK(!memcmp(sub_bytes(dst, 1), mip1, 8));
    CHECK_EQ(ID3D11Texture2D_Release(src), 0);
    CHECK_EQ(ID3D11Texture2D_Release(dst), 0);
    ctx_done(dev, ctx);
}

TEST(d3d11_context_CopySubresourceRegion_general_rules)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_3, &ctx);
    ID3D11Texture2D *a, *b, *bgra, *imm, *ds, *ds2;
    ID3D11Buffer *buf, *buf2;
    D3D11_TEXTURE2D_DESC td = ctx_tex_desc(8, 8, 2, DXGI_FORMAT_R8G8B8A8_UNORM,
                                           D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET);
    unsigned char px[8 * 8 * 4] = { 0 };
    D3D11_SUBRESOURCE_DATA init[2] = { { px, 32, 0 }, { px, 16, 0 } };
    const D3D11_BOX box = { 0, 0, 0, 4, 4, 1 }, bytes = { 2, 0, 0, 6, 1, 1 };
    if (!dev)
        return;
    a = ctx_tex(dev, &td, NULL);
    b = ctx_tex(dev, &td, NULL);
    td.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
    bgra = ctx_tex(dev, &td, NULL);
    td.Format = DXGI_FORMAT_R8G8B8A8_UNORM, td.Usage = D3D11_USAGE_IMMUTABLE;
    td.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    imm = ctx_tex(dev, &td, init);
    td = ctx_tex_desc(8, 8, 1, DXGI_FORMAT_D16_UNORM, D3D11_BIND_DEPTH_STENCIL);
    ds = ctx_tex(dev, &td, NULL);
    ds2 = ctx_tex(dev, &td, NULL);
    buf = ctx_buffer(dev, 16, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0);
    buf2 = ctx_buffer(dev, 16, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0);
#define CSR(d, ds_, x, y, z, s, ss, bx)                                                          \
    ID3D11DeviceContext_CopySubresourceRegion(ctx, (ID3D11Resource *)(d), ds_, x, y, z,        \
                                              (ID3D11Resource *)(s), ss, bx)
    ACCEPTED(CSR(a, 0, 4, 4, 0, b, 0, &box));
    ACCEPTED(CSR(a, 1, 0, 0, 0, a, 0, &box));   /* another subresource of the same resource */
    REFUSED(CSR(a, 0, 0, 0, 0, a, 0, &box), "the same subresource");
    REFUSED(CSR(a, 0, 0, 0, 0, bgra, 0, &box), "are not of one type group");
    REFUSED(CSR(imm, 0, 0, 0, 0, a, 0, &box), "an IMMUTABLE resource cannot be a destination");
    REFUSED(CSR(a, 0, 0, 0, 0, buf, 0, NULL), "different types");
    REFUSED(CSR(a, 0, 0, 0, 1, b, 0, &box), "DstZ 1 must be 0");
    REFUSED(CSR(a, 2, 0, 0, 0, b, 0, &box), "DstSubresource 2 is past");
    REFUSED(CSR(a, 0, 0, 0, 0, b, 7, &box), "SrcSubresource 7 is past");
    REFUSED(CSR(a, 1, 2, 0, 0, b, 0, &box), "does not fit");
    /* 9_x: depth-stencil resources only as a source, and copied whole */
    REFUSED(CSR(ds2, 0, 0, 0, 0, ds, 0, NULL), "can only be a source");
    REFUSED(CSR(a, 0, 0, 0, 0, ds, 0, NULL), "are not of one type group");
    /* buffers: bytes */
    memset((void *)sub_bytes(buf2, 0), 0x77, 16);
    ACCEPTED(CSR(buf, 0, 10, 0, 0, buf2, 0, &bytes));
    CHECK_EQ(sub_bytes(buf, 0)[9], 0);
    CHECK_EQ(sub_bytes(buf, 0)[10], 0x77);
    CHECK_EQ(sub_bytes(buf, 0)[13], 0x77);
    CHECK_EQ(sub_bytes(buf, 0)[14], 0);
    REFUSED(CSR(buf, 0, 14, 0, 0, buf2, 0, &bytes), "does not fit");
    REFUSED(CSR(NULL, 0, 0, 0, 0, buf2, 0, NULL), "pDstResource is NULL");
#undef CSR
    CHECK_EQ(ID3D11Texture2D_Release(a), 0);
    CHECK_EQ(ID3D11Texture2D_Release(b), 0);
    CHECK_EQ(ID3D11Texture2D_Release(bgra), 0);
    CHECK_EQ(ID3D11Texture2D_Release(imm), 0);
    CHECK_EQ(ID3D11Texture2D_Release(ds), 0);
    CHECK_EQ(ID3D11Texture2D_Release(ds2), 0);
    CHECK_EQ(ID3D11Buffer_Release(buf), 0);
    CHECK_EQ(ID3D11Buffer_Release(buf2), 0);
    ctx_done(dev, ctx);
}

/* 10Level9 CopyResource / CopySubresourceRegion rows, each level: Texture3D not copied within
 * GPU memory nor to a staging resource; SRV-only resources not to a staging resource; no
 * mipmapped volume textures in CopySubresourceRegion. */
static void check_copy_rows(int li)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
    D3D11_TEXTURE3D_DESC d3 = { 4, 4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                                D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    D3D11_TEXTURE2D_DESC d2 = ctx_tex_desc(4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                           D3D11_BIND_SHADER_RESOURCE);
    ID3D11Texture3D *v_def, *v_def2, *v_st, *v_st2, *v_mip = NULL;
    ID3D11Texture2D *srv_only, *rt, *st;
    if (!dev)
        return;
    CHECK_HR(ID3D11Device_CreateTexture3D(dev, &d3, NULL, &v_def), S_OK);
    CHECK_HR(ID3D11Device_CreateTexture3D(dev, &d3, NULL, &v_def2), S_OK);
    d3.Usage = D3D11_USAGE_STAGING, d3.BindFlags = 0, d3.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    CHECK_HR(ID3D11Device_CreateTexture3D(dev, &d3, NULL, &v_st), S_OK);
    CHECK_HR(ID3D11Device_CreateTexture3D(dev, &d3, NULL, &v_st2), S_OK);
    d3.MipLevels = 2;
    CHECK_HR(ID3D11Device_CreateTexture3D(dev, &d3, NULL, &v_mip), S_OK);
    srv_only = ctx_tex(dev, &d2, NULL);
    d2.BindFlags |= D3D11_BIND_RENDER_TARGET;
    rt = ctx_tex(dev, &d2, NULL);
    st = staging_tex(dev, 4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_CPU_ACCESS_READ, NULL);
#define CR(d, s) ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)(d), (ID3D11Resource *)(s))
    REFUSED(CR(v_def2, v_def), "only Texture2D and buffers may be copied within GPU-accessible");
    CHECK_STR_CONTAINS(LAST, ctx_level_names[li]);
    REFUSED(CR(v_st, v_def), "a Texture3D cannot be copied from GPU-accessible memory");
    ACCEPTED(CR(v_st2, v_st));                   /* CPU to CPU */
    ACCEPTED(CR(v_def, v_st));                   /* CPU to GPU */
    REFUSED(CR(st, srv_only), "only D3D11_BIND_SHADER_RESOURCE cannot be copied");
    ACCEPTED(CR(st, rt));
    ACCEPTED(CR(rt, srv_only));                  /* GPU to GPU Texture2D */
    REFUSED(ID3D11DeviceContext_CopySubresourceRegion(ctx, (ID3D11Resource *)v_mip, 0, 0, 0, 0,
                                                      (ID3D11Resource *)v_st, 0, NULL),
            "mipmapped volume textures cannot be copied");
    ACCEPTED(ID3D11DeviceContext_CopySubresourceRegion(ctx, (ID3D11Resource *)v_st2, 0, 0, 0, 0,
                                                       (ID3D11Resource *)v_st, 0, NULL));
    /* general CopyResource rules */
    REFUSED(CR(st, st), "the same resource");
    REFUSED(CR(v_mip, v_st), "the dimensions differ");
    REFUSED(CR(st, v_st), "different types");
#undef CR
    ID3D11Texture3D_Release(v_def);
    ID3D11Texture3D_Release(v_def2);
    ID3D11Texture3D_Release(v_st);
    ID3D11Texture3D_Release(v_st2);
    if (v_mip)
        ID3D11Texture3D_Release(v_mip);
    ID3D11Texture2D_Release(srv_only);
    ID3D11Texture2D_Release(rt);
    ID3D11Texture2D_Release(st);
    ctx_done(dev, ctx);
}

TEST(l9ctx_CopyResource_CopySubresourceRegion_rows_9_1) { check_copy_rows(0); }
TEST(l9ctx_CopyResource_CopySubresourceRegion_rows_9_2) { check_copy_rows(1); }
TEST(l9ctx_CopyResource_CopySubresourceRegion_rows_9_3) { check_copy_rows(2); }

/* ---- clears ------------------------------------------------------------------------------- */

static void clear_and_check(ID3D11Device *dev, ID3D11DeviceContext *ctx, DXGI_FORMAT f,
                            const FLOAT color[4], const unsigned char *want, UINT bytes)
{
    ID3D11Texture2D *t = NULL;
    ID3D11RenderTargetView *v = ctx_rtv(dev, 5, 3, f, &t);
    if (!v)
        return;
    ACCEPTED(ID3D11DeviceContext_ClearRenderTargetView(ctx, v, color));
    for (UINT i = 0; i < 5 * 3; i++)
        if (memcmp(sub_bytes(t, 0) + i * bytes, want, bytes)) {
            harness_fail(__FILE__, __LINE__, "ClearRenderTargetView %s: texel %u differs",
                         core_format_get(f)->name, i);
            break;
        }
    ID3D11RenderTargetView_Release(v);
    ID3D11Texture2D_Release(t);
}

TEST(d3d11_context_ClearRenderTargetView_exact_bytes)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_3, &ctx);
    const FLOAT c[4] = { 1.0f, 0.5f, 0.25f, 0.0f }, over[4] = { 2.0f, -1.0f, NAN, 1.0f };
    static const unsigned char rgba[4] = { 255, 128, 64, 0 }, bgra[4] = { 64, 128, 255, 0 };
    static const unsigned char srgb[4] = { 255, 188, 137, 0 }, clamp[4] = { 255, 0, 0, 255 };
    static const unsigned char half[8] = { 0x00, 0x3c, 0x00, 0x38, 0x00, 0x34, 0x00, 0x00 };
    static const unsigned char r32f[4] = { 0x00, 0x00, 0x80, 0x3f };
    if (!dev)
        return;
    clear_and_check(dev, ctx, DXGI_FORMAT_R8G8B8A8_UNORM, c, rgba, 4);
    clear_and_check(dev, ctx, DXGI_FORMAT_B8G8R8A8_UNORM, c, bgra, 4);
    clear_and_check(dev, ctx, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, c, srgb, 4);   /* linear in */
    clear_and_check(dev, ctx, DXGI_FORMAT_R8G8B8A8_UNORM, over, clamp, 4);    /* NaN -> 0 */
    clear_and_check(dev, ctx, DXGI_FORMAT_R16G16B16A16_FLOAT, c, half, 8);
    clear_and_check(dev, ctx, DXGI_FORMAT_R32_FLOAT, c, r32f, 4);
    {
        ID3D11Texture2D *t;
        ID3D11RenderTargetView *v = ctx_rtv(dev, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, &t);
        REFUSED(ID3D11DeviceContext_ClearRenderTargetView(ctx, v, NULL), "ColorRGBA is NULL");
        REFUSED(ID3D11DeviceContext_ClearRenderTargetView(ctx, NULL, c), "is NULL");
        REFUSED(ID3D11DeviceContext_ClearRenderTargetView(ctx, (ID3D11RenderTargetView *)t, c),
                "not a softd3d render-target view");
        ID3D11RenderTargetView_Release(v);
        ID3D11Texture2D_Release(t);
    }
    ctx_done(dev, ctx);
}

/* 10Level9 ClearRenderTargetView: "only the first array slice will be cleared". */
static void check_clear_first_slice(int li)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
    D3D11_TEXTURE2D_DESC td = ctx_tex_desc(4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                           D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
    D3D11_RENDER_TARGET_VIEW_DESC rd = { 0 };
    const FLOAT c[4] = { 1, 1, 1, 1 };
    ID3D11Texture2D *t;
    ID3D11RenderTargetView *v = NULL;
    HRESULT hr;
    if (!dev)
        return;
    td.ArraySize = 6;
    td.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
    t = ctx_tex(dev, &td, NULL);
    rd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
    rd.Texture2DArray.FirstArraySlice = 2;
    rd.Texture2DArray.ArraySize = 2;
    hr = t ? ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)t, &rd, &v) : E_FAIL;
    if (SUCCEEDED(hr) && v) {
        ACCEPTED(ID3D11DeviceContext_ClearRenderTargetView(ctx, v, c));
        CHECK_EQ(sub_bytes(t, 2)[0], 255);   /* the view's first slice */
        CHECK_EQ(sub_bytes(t, 3)[0], 0);     /* its second: untouched at 9_x */
        CHECK_EQ(sub_bytes(t, 1)[0], 0);
        ID3D11RenderTargetView_Release(v);
    } else {
        /* a view of several slices may be refused at this level: then one slice per view is
         * all there is, and a plain 2D view is cleared whole */
        ID3D11Texture2D *t2;
        ID3D11RenderTargetView *v2 = ctx_rtv(dev, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, &t2);
        ACCEPTED(ID3D11DeviceContext_ClearRenderTargetView(ctx, v2, c));
        CHECK_EQ(sub_bytes(t2, 0)[63], 255);
        ID3D11RenderTargetView_Release(v2);
        ID3D11Texture2D_Release(t2);
    }
    if (t)
        ID3D11Texture2D_Release(t);
    ctx_done(dev, ctx);
}

TEST(l9ctx_ClearRenderTargetView_first_slice_9_1) { check_clear_first_slice(0); }
TEST(l9ctx_ClearRenderTargetView_first_slice_9_2) { check_clear_first_slice(1); }
TEST(l9ctx_ClearRenderTargetView_first_slice_9_3) { check_clear_first_slice(2); }

/* A surface of several bands (pipeline/fill.c: about 256 KiB a band, split over the workers):
 * every texel of a depth-only clear keeps its stencil byte and every texel of a stencil-only
 * clear its depth bytes. */
TEST(d3d11_context_ClearDepthStencilView_large_partial)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_3, &ctx);
    ID3D11Texture2D *t = NULL;
    ID3D11DepthStencilView *d;
    if (!dev)
        return;
    enum { W = 700, H = 500 };   /* 1.3 MiB of D24S8 */
    d = ctx_dsv(dev, W, H, DXGI_FORMAT_D24_UNORM_S8_UINT, &t);
    if (d) {
        ACCEPTED(ID3D11DeviceContext_ClearDepthStencilView(ctx, d, D3D11_CLEAR_DEPTH |
                                                           D3D11_CLEAR_STENCIL, 1.0f, 0x5a));
        ACCEPTED(ID3D11DeviceContext_ClearDepthStencilView(ctx, d, D3D11_CLEAR_DEPTH, 0.0f, 0));
        const unsigned char *p = sub_bytes(t, 0);
        size_t pitch = sub_pitch(t, 0);
        unsigned bad = 0;
        for (unsigned y = 0; y < H; y++)
            for (unsigned x = 0; x < W; x++) {
                const unsigned char *q = p + (size_t)y * pitch + 4 * (size_t)x;
                bad += q[0] != 0 || q[1] != 0 || q[2] != 0 || q[3] != 0x5a;
            }
        CHECK_EQ(bad, 0u);
        ACCEPTED(ID3D11DeviceContext_ClearDepthStencilView(ctx, d, D3D11_CLEAR_STENCIL, 0.0f, 7));
        for (unsigned y = 0; y < H; y++)
            for (unsigned x = 0; x < W; x++) {
                const unsigned char *q = p + (size_t)y * pitch + 4 * (size_t)x;
                bad += q[0] != 0 || q[1] != 0 || q[2] != 0 || q[3] != 7;
            }
        CHECK_EQ(bad, 0u);
        ID3D11DepthStencilView_Release(d);
    }
    if (t)
        ID3D11Texture2D_Release(t);
    ctx_done(dev, ctx);
}

TEST(d3d11_context_ClearDepthStencilView_exact_bytes)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_1, &ctx);
    ID3D11Texture2D *t24, *t16;
    ID3D11DepthStencilView *d24, *d16;
    const unsigned char *p;
    if (!dev)
        return;
    d24 = ctx_dsv(dev, 3, 2, DXGI_FORMAT_D24_UNORM_S8_UINT, &t24);
    d16 = ctx_dsv(dev, 3, 2, DXGI_FORMAT_D16_UNORM, &t16);
    if (!d24 || !d16)
        goto done;
    ACCEPTED(ID3D11DeviceContext_ClearDepthStencilView(ctx, d24,
                                                       D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL,
                                                       0.5f, 0x7f));
    p = sub_bytes(t24, 0);
    for (int i = 0; i < 6; i++) {   /* 0.5 * 0xffffff = 8388607.5 -> 0x800000 */
        CHECK_EQ(p[4 * i + 0], 0x00);
        CHECK_EQ(p[4 * i + 1], 0x00);
        CHECK_EQ(p[4 * i + 2], 0x80);
        CHECK_EQ(p[4 * i + 3], 0x7f);
    }
    /* depth only keeps the stencil; depth is clamped to [0, 1] */
    ACCEPTED(ID3D11DeviceContext_ClearDepthStencilView(ctx, d24, D3D11_CLEAR_DEPTH, 2.0f, 0));
    CHECK_EQ(p[0], 0xff);
    CHECK_EQ(p[2], 0xff);
    CHECK_EQ(p[3], 0x7f);
    ACCEPTED(ID3D11DeviceContext_ClearDepthStencilView(ctx, d24, D3D11_CLEAR_STENCIL, 0.0f, 3));
    CHECK_EQ(p[20], 0xff);
    CHECK_EQ(p[23], 3);
    ACCEPTED(ID3D11DeviceContext_ClearDepthStencilView(ctx, d24, 0, 0.0f, 0));   /* nothing */
    CHECK_EQ(p[23], 3);
    REFUSED(ID3D11DeviceContext_ClearDepthStencilView(ctx, d24, 0x4, 0.0f, 0),
            "ClearFlags 0x4 has bits other than");
    ACCEPTED(ID3D11DeviceContext_ClearDepthStencilView(ctx, d16,
                                                       D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL,
                                                       0.25f, 9));
    p = sub_bytes(t16, 0);   /* 0.25 * 65535 = 16383.75 -> 16384 */
    CHECK_EQ(p[10], 0x00);
    CHECK_EQ(p[11], 0x40);
    ACCEPTED(ID3D11DeviceContext_ClearDepthStencilView(ctx, d16, D3D11_CLEAR_DEPTH, -3.0f, 0));
    CHECK_EQ(p[0] | p[1], 0);
    REFUSED(ID3D11DeviceContext_ClearDepthStencilView(ctx, NULL, D3D11_CLEAR_DEPTH, 0, 0),
            "pDepthStencilView is NULL");
done:
    if (d24)
        ID3D11DepthStencilView_Release(d24);
    if (d16)
        ID3D11DepthStencilView_Release(d16);
    if (t24)
        ID3D11Texture2D_Release(t24);
    if (t16)
        ID3D11Texture2D_Release(t16);
    ctx_done(dev, ctx);
}

/* ---- GenerateMips ------------------------------------------------------------------------- */

static ID3D11ShaderResourceView *mip_texture(ID3D11Device *dev, UINT w, UINT h, UINT mips,
                                             DXGI_FORMAT f, const void *top, UINT pitch,
                                             ID3D11Texture2D **tex, ID3D11DeviceContext *ctx)
{
    D3D11_TEXTURE2D_DESC td = ctx_tex_desc(w, h, mips, f,
                                           D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
    td.MiscFlags = D3D11_RESOURCE_MISC_GENERATE_MIPS;
    *tex = ctx_tex(dev, &td, NULL);
    if (!*tex)
        return NULL;
    ID3D11DeviceContext_UpdateSubresource(ctx, (ID3D11Resource *)*tex, 0, NULL, top, pitch, 0);
    return ctx_srv(dev, (ID3D11Resource *)*tex);
}

TEST(d3d11_context_GenerateMips_box_filter_values)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_1, &ctx);
    unsigned char top[4 * 4 * 4];
    ID3D11Texture2D *t, *ts;
    ID3D11ShaderResourceView *v, *vs;
    const unsigned char *m1, *m2;
    if (!dev)
        return;
    /* texel (x, y) = (10 * (x + 4y), 255 - 10 * (x + 4y), 4 * x, 255) */
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            unsigned char *p = top + 4 * (x + 4 * y);
            p[0] = (unsigned char)(10 * (x + 4 * y));
            p[1] = (unsigned char)(255 - 10 * (x + 4 * y));
            p[2] = (unsigned char)(4 * x);
            p[3] = 255;
        }
    v = mip_texture(dev, 4, 4, 0, DXGI_FORMAT_R8G8B8A8_UNORM, top, 16, &t, ctx);
    if (!v)
        goto out;
    ACCEPTED(ID3D11DeviceContext_GenerateMips(ctx, v));
    m1 = sub_bytes(t, 1);
    m2 = sub_bytes(t, 2);
    /* mip 1 texel (i, j): the mean of top texels (2i..2i+1, 2j..2j+1): red 10 * (2i + 8j + 2.5)
     * = 25 + 20i + 80j, green 255 minus that, blue 8i + 2, alpha 255 */
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++) {
            const unsigned char *p = m1 + 4 * (i + 2 * j);
            CHECK_EQ(p[0], 25 + 20 * i + 80 * j);
            CHECK_EQ(p[1], 230 - 20 * i - 80 * j);
            CHECK_EQ(p[2], 8 * i + 2);
            CHECK_EQ(p[3], 255);
        }
    /* mip 2: the mean of mip 1 (red 75, green 180, blue 6) */
    CHECK_EQ(m2[0], 75);
    CHECK_EQ(m2[1], 180);
    CHECK_EQ(m2[2], 6);
    CHECK_EQ(m2[3], 255);

    /* sRGB: black and white average in linear light (0.5), re-encoded: 188, not 128 */
    {
        unsigned char bw[2 * 2 * 4];
        for (int i = 0; i < 4; i++)
            memset(bw + 4 * i, (i & 1) ? 255 : 0, 3), bw[4 * i + 3] = 255;
        vs = mip_texture(dev, 2, 2, 2, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, bw, 8, &ts, ctx);
        if (vs) {
            ACCEPTED(ID3D11DeviceContext_GenerateMips(ctx, vs));
            CHECK_EQ(sub_bytes(ts, 1)[0], 188);
            CHECK_EQ(sub_bytes(ts, 1)[2], 188);
            CHECK_EQ(sub_bytes(ts, 1)[3], 255);
            ID3D11ShaderResourceView_Release(vs);
            ID3D11Texture2D_Release(ts);
        }
    }
    /* no MISC_GENERATE_MIPS: "no effect" */
    {
        D3D11_TEXTURE2D_DESC td = ctx_tex_desc(4, 4, 0, DXGI_FORMAT_R8G8B8A8_UNORM,
                                               D3D11_BIND_SHADER_RESOURCE);
        ID3D11Texture2D *plain = ctx_tex(dev, &td, NULL);
        ID3D11ShaderResourceView *pv = plain ? ctx_srv(dev, (ID3D11Resource *)plain) : NULL;
        REFUSED(ID3D11DeviceContext_GenerateMips(ctx, pv), "GenerateMips: no effect");
        REFUSED(ID3D11DeviceContext_GenerateMips(ctx, NULL), "is NULL");
        if (pv)
            ID3D11ShaderResourceView_Release(pv);
        if (plain)
            ID3D11Texture2D_Release(plain);
    }
    ID3D11ShaderResourceView_Release(v);
    ID3D11Texture2D_Release(t);
out:
    ctx_done(dev, ctx);
}

/* ---- what 9_x lacks ----------------------------------------------------------------------- */

TEST(l9ctx_ResolveSubresource_CopyStructureCount_ClearUAV_absent)
{
    for (int li = 0; li < 3; li++) {
        ID3D11DeviceContext *ctx;
        ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
        ID3D11Texture2D *a, *b;
        const UINT u[4] = { 0 };
        const FLOAT f[4] = { 0 };
        if (!dev)
            continue;
        {
            D3D11_TEXTURE2D_DESC td = ctx_tex_desc(4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                                   D3D11_BIND_SHADER_RESOURCE);
            a = ctx_tex(dev, &td, NULL);
            b = ctx_tex(dev, &td, NULL);
        }
        REFUSED(ID3D11DeviceContext_ResolveSubresource(ctx, (ID3D11Resource *)a, 0,
                                                       (ID3D11Resource *)b, 0,
                                                       DXGI_FORMAT_R8G8B8A8_UNORM),
                "the source must be multisampled");
        REFUSED(ID3D11DeviceContext_CopyStructureCount(ctx, NULL, 0, NULL), "not supported");
        CHECK_STR_CONTAINS(LAST, ctx_level_names[li]);
        REFUSED(ID3D11DeviceContext_ClearUnorderedAccessViewUint(ctx, NULL, u), "not supported");
        REFUSED(ID3D11DeviceContext_ClearUnorderedAccessViewFloat(ctx, NULL, f), "not supported");
        ID3D11Texture2D_Release(a);
        ID3D11Texture2D_Release(b);
        ctx_done(dev, ctx);
    }
}

/* ---- queries ------------------------------------------------------------------------------ */

TEST(d3d11_context_event_query_sequence)
{
    for (int li = 0; li < 3; li++) {
        ID3D11DeviceContext *ctx;
        ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
        ID3D11Query *q;
        ID3D11Asynchronous *a;
        BOOL done = FALSE;
        UINT64 big = 0;
        if (!dev)
            continue;
        q = ctx_query(dev, D3D11_QUERY_EVENT);
        a = (ID3D11Asynchronous *)q;
        util_clear_last_message();
        CHECK_HR(ID3D11DeviceContext_GetData(ctx, a, NULL, 0, 0), DXGI_ERROR_INVALID_CALL);
        CHECK_STR_CONTAINS(LAST, "has not been issued");
        REFUSED(ID3D11DeviceContext_Begin(ctx, a), "D3D11_QUERY_EVENT has no Begin");
        ID3D11DeviceContext_End(ctx, a);
        CHECK_HR(ID3D11DeviceContext_GetData(ctx, a, NULL, 0, 0), S_OK);   /* a poll */
        CHECK_HR(ID3D11DeviceContext_GetData(ctx, a, &done, sizeof(done),
                                             D3D11_ASYNC_GETDATA_DONOTFLUSH), S_OK);
        CHECK_EQ(done, TRUE);   /* seed 000: always TRUE */
        CHECK_HR(ID3D11DeviceContext_GetData(ctx, a, &big, sizeof(big), 0), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "DataSize 8 is not the 4 bytes of D3D11_QUERY_EVENT");
        CHECK_HR(ID3D11DeviceContext_GetData(ctx, a, NULL, 4, 0), E_INVALIDARG);
        CHECK_HR(ID3D11DeviceContext_GetData(ctx, a, &done, 4, 2), E_INVALIDARG);
        CHECK_HR(ID3D11DeviceContext_GetData(ctx, a, &done, 0, 0), S_OK);
        CHECK_HR(ID3D11DeviceContext_GetData(ctx, NULL, &done, 4, 0), E_INVALIDARG);
        CHECK_HR(ID3D11DeviceContext_GetData(ctx, (ID3D11Asynchronous *)ctx, &done, 4, 0),
                 E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "not a softd3d query");
        CHECK_EQ(ID3D11Query_Release(q), 0);
        ctx_done(dev, ctx);
    }
}

/* seed 004 CreateQuery: occlusion queries from 9_2.  The count is 0 until draws exist; the
 * draw path's hook adds to the queries between Begin and End only. */
static void check_occlusion(int li)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
    struct d3d11_context *c;
    ID3D11Query *q, *q2;
    ID3D11Asynchronous *a;
    UINT64 n = 99;
    if (!dev)
        return;
    c = container_of((ID3D11DeviceContext2 *)ctx, struct d3d11_context, iface);
    q = ctx_query(dev, D3D11_QUERY_OCCLUSION);
    q2 = ctx_query(dev, D3D11_QUERY_OCCLUSION);
    a = (ID3D11Asynchronous *)q;
    ID3D11DeviceContext_Begin(ctx, a);
    util_clear_last_message();
    CHECK_HR(ID3D11DeviceContext_GetData(ctx, a, &n, sizeof(n), 0), DXGI_ERROR_INVALID_CALL);
    CHECK_STR_CONTAINS(LAST, "is between Begin and End");
    d3d11_context_add_occlusion_samples(c, 40);
    ID3D11DeviceContext_End(ctx, a);
    d3d11_context_add_occlusion_samples(c, 1000);   /* after End: not counted */
    CHECK_HR(ID3D11DeviceContext_GetData(ctx, a, &n, sizeof(n), 0), S_OK);
    CHECK_EQ(n, 40);
    ID3D11DeviceContext_Begin(ctx, a);   /* restarts at 0 */
    ID3D11DeviceContext_End(ctx, a);
    CHECK_HR(ID3D11DeviceContext_GetData(ctx, a, &n, sizeof(n), 0), S_OK);
    CHECK_EQ(n, 0);
    ID3D11DeviceContext_End(ctx, (ID3D11Asynchronous *)q2);   /* End without Begin: empty */
    CHECK_HR(ID3D11DeviceContext_GetData(ctx, (ID3D11Asynchronous *)q2, &n, 8, 0), S_OK);
    CHECK_EQ(n, 0);
    /* a query released between Begin and End lives until the device dies */
    ID3D11DeviceContext_Begin(ctx, (ID3D11Asynchronous *)q2);
    CHECK_EQ(ID3D11Query_Release(q2), 0);
    d3d11_context_add_occlusion_samples(c, 1);
    CHECK_EQ(ID3D11Query_Release(q), 0);
    ctx_done(dev, ctx);
}

TEST(seed004_CreateQuery_occlusion_sequence_9_2) { check_occlusion(1); }
TEST(seed004_CreateQuery_occlusion_sequence_9_3) { check_occlusion(2); }

TEST(d3d11_context_timestamp_queries)
{
    for (int li = 0; li < 3; li++) {
        ID3D11DeviceContext *ctx;
        ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
        ID3D11Query *dj, *t1, *t2;
        D3D11_QUERY_DATA_TIMESTAMP_DISJOINT d = { 0, TRUE };
        UINT64 a = 0, b = 0;
        if (!dev)
            continue;
        dj = ctx_query(dev, D3D11_QUERY_TIMESTAMP_DISJOINT);
        t1 = ctx_query(dev, D3D11_QUERY_TIMESTAMP);
        t2 = ctx_query(dev, D3D11_QUERY_TIMESTAMP);
        ID3D11DeviceContext_Begin(ctx, (ID3D11Asynchronous *)dj);
        REFUSED(ID3D11DeviceContext_Begin(ctx, (ID3D11Asynchronous *)t1),
                "D3D11_QUERY_TIMESTAMP has no Begin");
        ID3D11DeviceContext_End(ctx, (ID3D11Asynchronous *)t1);
        ID3D11DeviceContext_End(ctx, (ID3D11Asynchronous *)t2);
        CHECK_HR(ID3D11DeviceContext_GetData(ctx, (ID3D11Asynchronous *)dj, &d, sizeof(d), 0),
                 DXGI_ERROR_INVALID_CALL);
        ID3D11DeviceContext_End(ctx, (ID3D11Asynchronous *)dj);
        CHECK_HR(ID3D11DeviceContext_GetData(ctx, (ID3D11Asynchronous *)t1, &a, 8, 0), S_OK);
        CHECK_HR(ID3D11DeviceContext_GetData(ctx, (ID3D11Asynchronous *)t2, &b, 8, 0), S_OK);
        CHECK(a > 0 && b >= a);
        CHECK_HR(ID3D11DeviceContext_GetData(ctx, (ID3D11Asynchronous *)dj, &d, sizeof(d), 0),
                 S_OK);
        CHECK_EQ(d.Frequency, 1000000000u);
        CHECK_EQ(d.Disjoint, FALSE);
        CHECK_HR(ID3D11DeviceContext_GetData(ctx, (ID3D11Asynchronous *)dj, &d, 8, 0),
                 E_INVALIDARG);
        ID3D11Query_Release(dj);
        ID3D11Query_Release(t1);
        ID3D11Query_Release(t2);
        ctx_done(dev, ctx);
    }
}
