/* Resource storage (src/core/resource.c) and the D3D11 resource methods (src/d3d11/resource.c,
 * resource_validate.c): CreateBuffer, CreateTexture1D/2D/3D, OpenSharedResource*.  One test per
 * seed-004 row (named after it) with calls that must succeed and calls that must be refused at
 * 9_1, 9_2 and 9_3, then the general D3D11 rules and the objects' behaviour.  Views are in
 * test_d3d11_views.c. */
#define COBJMACROS
#include "harness.h"

#include <stdlib.h>

#include "d3d11_2.h"
#include "core/resource.h"
#include "d3d11/d3d11_resource.h"
#include "util/log.h"

static const D3D_FEATURE_LEVEL levels9[] = { D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2,
                                             D3D_FEATURE_LEVEL_9_3 };
#define FOR_EACH_LEVEL(l) for (size_t li_ = 0; li_ < 3 && ((l) = levels9[li_], 1); li_++)

static ID3D11Device *dev_at(D3D_FEATURE_LEVEL level)
{
    ID3D11Device *dev = NULL;
    unsetenv("SOFTD3D_PROFILE");   /* the default profile allows every 9_x level */
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                               D3D11_SDK_VERSION, &dev, NULL, NULL), S_OK);
    return dev;
}

/* Releases the device and checks nothing else held it (every child was released). */
static void dev_done(ID3D11Device *dev)
{
    if (dev)
        CHECK_EQ(ID3D11Device_Release(dev), 0);
}

static D3D11_TEXTURE2D_DESC tex2d(UINT w, UINT h, UINT mips, DXGI_FORMAT format, UINT bind)
{
    D3D11_TEXTURE2D_DESC d = { 0 };
    d.Width = w;
    d.Height = h;
    d.MipLevels = mips;
    d.ArraySize = 1;
    d.Format = format;
    d.SampleDesc.Count = 1;
    d.Usage = D3D11_USAGE_DEFAULT;
    d.BindFlags = bind;
    return d;
}

static D3D11_TEXTURE2D_DESC cube(UINT size, UINT mips)
{
    D3D11_TEXTURE2D_DESC d = tex2d(size, size, mips, DXGI_FORMAT_R8G8B8A8_UNORM,
                                   D3D11_BIND_SHADER_RESOURCE);
    d.ArraySize = 6;
    d.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
    return d;
}

static D3D11_TEXTURE3D_DESC tex3d(UINT w, UINT h, UINT depth, UINT mips, UINT bind)
{
    D3D11_TEXTURE3D_DESC d = { 0 };
    d.Width = w;
    d.Height = h;
    d.Depth = depth;
    d.MipLevels = mips;
    d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    d.Usage = D3D11_USAGE_DEFAULT;
    d.BindFlags = bind;
    return d;
}

static D3D11_BUFFER_DESC buffer(UINT size, UINT bind)
{
    D3D11_BUFFER_DESC d = { 0 };
    d.ByteWidth = size;
    d.Usage = D3D11_USAGE_DEFAULT;
    d.BindFlags = bind;
    return d;
}

/* Creates, checks the invariants (refused: *out NULL; created: GetDesc round-trips, Release
 * returns 0) and returns the HRESULT.  The last message is cleared first, so a caller can check
 * a refusal's wording. */
static HRESULT try_tex2d(ID3D11Device *dev, const D3D11_TEXTURE2D_DESC *d,
                         const D3D11_SUBRESOURCE_DATA *init)
{
    ID3D11Texture2D *t = (ID3D11Texture2D *)(uintptr_t)1;
    HRESULT hr;
    util_clear_last_message();
    hr = ID3D11Device_CreateTexture2D(dev, d, init, &t);
    if (FAILED(hr)) {
        CHECK(t == NULL);
        CHECK(util_last_message()[0] != 0);
        return hr;
    }
    CHECK(t != NULL);
    if (t) {
        D3D11_TEXTURE2D_DESC got;
        ID3D11Texture2D_GetDesc(t, &got);
        CHECK_EQ(got.Width, d->Width);
        CHECK_EQ(got.Height, d->Height);
        CHECK_EQ(got.ArraySize, d->ArraySize);
        CHECK_EQ(got.Format, d->Format);
        CHECK_EQ(got.BindFlags, d->BindFlags);
        CHECK_EQ(got.MiscFlags, d->MiscFlags);
        CHECK_EQ(got.Usage, d->Usage);
        if (d->MipLevels)
            CHECK_EQ(got.MipLevels, d->MipLevels);
        CHECK_EQ(ID3D11Texture2D_Release(t), 0);
    }
    return hr;
}

static HRESULT try_tex3d(ID3D11Device *dev, const D3D11_TEXTURE3D_DESC *d,
                         const D3D11_SUBRESOURCE_DATA *init)
{
    ID3D11Texture3D *t = (ID3D11Texture3D *)(uintptr_t)1;
    HRESULT hr;
    util_clear_last_message();
    hr = ID3D11Device_CreateTexture3D(dev, d, init, &t);
    if (FAILED(hr)) {
        CHECK(t == NULL);
        CHECK(util_last_message()[0] != 0);
        return hr;
    }
    CHECK(t != NULL);
    if (t) {
        D3D11_TEXTURE3D_DESC got;
        ID3D11Texture3D_GetDesc(t, &got);
        CHECK_EQ(got.Width, d->Width);
        CHECK_EQ(got.Height, d->Height);
        CHECK_EQ(got.Depth, d->Depth);
        CHECK_EQ(got.Format, d->Format);
        CHECK_EQ(got.BindFlags, d->BindFlags);
        if (d->MipLevels)
            CHECK_EQ(got.MipLevels, d->MipLevels);
        CHECK_EQ(ID3D11Texture3D_Release(t), 0);
    }
    return hr;
}

static HRESULT try_buffer(ID3D11Device *dev, const D3D11_BUFFER_DESC *d,
                          const D3D11_SUBRESOURCE_DATA *init)
{
    ID3D11Buffer *b = (ID3D11Buffer *)(uintptr_t)1;
    HRESULT hr;
    util_clear_last_message();
    hr = ID3D11Device_CreateBuffer(dev, d, init, &b);
    if (FAILED(hr)) {
        CHECK(b == NULL);
        CHECK(util_last_message()[0] != 0);
        return hr;
    }
    CHECK(b != NULL);
    if (b) {
        D3D11_BUFFER_DESC got;
        ID3D11Buffer_GetDesc(b, &got);
        CHECK(!memcmp(&got, d, sizeof(got)));
        CHECK_EQ(ID3D11Buffer_Release(b), 0);
    }
    return hr;
}

#define LAST util_last_message()

/* ==== core: resource storage ================================================================ */

TEST(core_resource_layout_texture2d)
{
    core_resource_desc d = { .dim = CORE_RES_TEX2D, .format = 28 /* R8G8B8A8_UNORM */,
                             .width = 5, .height = 3, .depth = 1, .mip_levels = 3,
                             .array_size = 2 };
    core_resource *r = NULL;
    CHECK_EQ(core_resource_create(&d, 0, &r), CORE_RES_OK);
    if (!r)
        return;
    CHECK_EQ(r->subresource_count, 6);
    CHECK_EQ((uintptr_t)r->data % 16, 0);
    /* mip 0: 5x3, rows of 20 bytes, tight */
    CHECK_EQ(r->sub[0].row_pitch, 20);
    CHECK_EQ(r->sub[0].rows, 3);
    CHECK_EQ(r->sub[0].size, 60);
    /* mip 1: 2x1; mip 2: 1x1 */
    CHECK_EQ(r->sub[1].width, 2);
    CHECK_EQ(r->sub[1].height, 1);
    CHECK_EQ(r->sub[1].row_pitch, 8);
    CHECK_EQ(r->sub[2].row_pitch, 4);
    /* every subresource 16-byte aligned, in order mip + slice * mips, not overlapping */
    for (uint32_t i = 0; i < 6; i++) {
        CHECK_EQ(r->sub[i].offset % 16, 0);
        if (i)
            CHECK(r->sub[i].offset >= r->sub[i - 1].offset + r->sub[i - 1].size);
        CHECK(r->sub[i].offset + r->sub[i].size <= r->size);
    }
    CHECK_EQ(r->sub[3].width, 5);   /* slice 1, mip 0 */
    /* zero-filled */
    for (size_t i = 0; i < r->size; i++)
        if (r->data[i]) {
            CHECK(!"data not zero-filled");
            break;
        }
    core_resource_destroy(r);
}

TEST(core_resource_layout_block_compressed_and_3d)
{
    core_resource_desc bc = { .dim = CORE_RES_TEX2D, .format = 71 /* BC1_UNORM */, .width = 8,
                              .height = 8, .depth = 1, .mip_levels = 4, .array_size = 1 };
    core_resource_desc vol = { .dim = CORE_RES_TEX3D, .format = 28, .width = 4, .height = 2,
                               .depth = 8, .mip_levels = 4, .array_size = 1 };
    core_resource *r = NULL;
    CHECK_EQ(core_resource_create(&bc, 0, &r), CORE_RES_OK);
    if (r) {
        CHECK_EQ(r->sub[0].row_pitch, 16);   /* 2 blocks of 8 bytes */
        CHECK_EQ(r->sub[0].rows, 2);
        CHECK_EQ(r->sub[2].row_pitch, 8);    /* 2x2: one block */
        CHECK_EQ(r->sub[2].rows, 1);
        CHECK_EQ(r->sub[3].row_pitch, 8);    /* 1x1: one block */
        core_resource_destroy(r);
    }
    CHECK_EQ(core_resource_create(&vol, 0, &r), CORE_RES_OK);
    if (r) {
        CHECK_EQ(r->sub[0].depth_pitch, 32);
        CHECK_EQ(r->sub[0].size, 256);
        CHECK_EQ(r->sub[3].width, 1);
        CHECK_EQ(r->sub[3].height, 1);
        CHECK_EQ(r->sub[3].depth, 1);
        core_resource_destroy(r);
    }
    CHECK_EQ(core_mip_chain_length(4096, 1, 1), 13);
    CHECK_EQ(core_mip_chain_length(1, 1, 1), 1);
    CHECK_EQ(core_mip_chain_length(5, 3, 1), 3);
}

TEST(core_resource_overflow_never_wraps)
{
    size_t size = 1;
    core_resource *r = (core_resource *)(uintptr_t)1;
    /* 2^32 x 2^32 x 16 bytes does not fit in 64 bits. */
    core_resource_desc huge = { .dim = CORE_RES_TEX2D, .format = 2 /* R32G32B32A32_FLOAT */,
                                .width = UINT32_MAX, .height = UINT32_MAX, .depth = 1,
                                .mip_levels = 1, .array_size = UINT32_MAX };
    core_resource_desc vol = { .dim = CORE_RES_TEX3D, .format = 2, .width = UINT32_MAX,
                               .height = UINT32_MAX, .depth = UINT32_MAX, .mip_levels = 1,
                               .array_size = 1 };
    core_resource_desc buf = { .dim = CORE_RES_BUFFER, .width = 64, .height = 1, .depth = 1,
                               .mip_levels = 1, .array_size = 1 };
    CHECK_EQ(core_resource_data_size(&huge, &size), CORE_RES_OUT_OF_MEMORY);
    CHECK_EQ(size, 0);
    CHECK_EQ(core_resource_create(&huge, 0, &r), CORE_RES_OUT_OF_MEMORY);
    CHECK(r == NULL);
    CHECK_EQ(core_resource_data_size(&vol, &size), CORE_RES_OUT_OF_MEMORY);
    /* over the caller's cap */
    CHECK_EQ(core_resource_create(&buf, 63, &r), CORE_RES_OUT_OF_MEMORY);
    CHECK_EQ(core_resource_create(&buf, 64, &r), CORE_RES_OK);
    if (r)
        core_resource_destroy(r);
}

TEST(core_resource_invalid_descriptions)
{
    core_resource *r;
    core_resource_desc d = { .dim = CORE_RES_TEX2D, .format = 28, .width = 4, .height = 4,
                             .depth = 1, .mip_levels = 4, .array_size = 1 };
    core_resource_desc bad = d;
    CHECK_EQ(core_resource_create(&bad, 0, &r), CORE_RES_INVALID);   /* 4 > 3 mips */
    bad = d, bad.mip_levels = 3, bad.width = 0;
    CHECK_EQ(core_resource_create(&bad, 0, &r), CORE_RES_INVALID);
    bad = d, bad.mip_levels = 1, bad.format = 0;
    CHECK_EQ(core_resource_create(&bad, 0, &r), CORE_RES_INVALID);
    bad = d, bad.mip_levels = 1, bad.flags = CORE_RES_CUBE;           /* 1 slice */
    CHECK_EQ(core_resource_create(&bad, 0, &r), CORE_RES_INVALID);
    bad = d, bad.mip_levels = 1, bad.depth = 2;                       /* 2D with depth */
    CHECK_EQ(core_resource_create(&bad, 0, &r), CORE_RES_INVALID);
    CHECK(r == NULL);
}

TEST(core_resource_write_honours_pitches)
{
    core_resource_desc d = { .dim = CORE_RES_TEX3D, .format = 28, .width = 2, .height = 2,
                             .depth = 2, .mip_levels = 1, .array_size = 1 };
    uint8_t src[2 * 64];
    core_resource *r = NULL;
    for (size_t i = 0; i < sizeof(src); i++)
        src[i] = (uint8_t)i;
    CHECK_EQ(core_resource_create(&d, 0, &r), CORE_RES_OK);
    if (!r)
        return;
    /* rows 16 bytes apart, slices 64 bytes apart: only the first 8 bytes of each row count */
    core_resource_write_sub(r, 0, src, 16, 64);
    CHECK_EQ(r->data[0], 0);
    CHECK_EQ(r->data[7], 7);
    CHECK_EQ(r->data[8], 16);    /* row 1 */
    CHECK_EQ(r->data[16], 64);   /* slice 1, row 0 */
    CHECK_EQ(r->data[24], 80);   /* slice 1, row 1 */
    core_resource_destroy(r);
}

/* ==== CreateBuffer ========================================================================== */

TEST(seed004_CreateBuffer_no_render_target)
{
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        D3D11_BUFFER_DESC ok = buffer(64, D3D11_BIND_VERTEX_BUFFER);
        D3D11_BUFFER_DESC rt = buffer(64, D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_RENDER_TARGET);
        if (!dev)
            continue;
        CHECK_HR(try_buffer(dev, &ok, NULL), S_OK);
        CHECK_HR(try_buffer(dev, &rt, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "CreateBuffer: a buffer cannot be a render target");
        CHECK_STR_CONTAINS(LAST, d3d11_level_name(l));
        CHECK_STR_CONTAINS(LAST, "(seed 004)");
        dev_done(dev);
    }
}

TEST(seed004_CreateBuffer_exactly_one_bind_flag)
{
    static const UINT good[] = { D3D11_BIND_VERTEX_BUFFER, D3D11_BIND_INDEX_BUFFER,
                                 D3D11_BIND_CONSTANT_BUFFER };
    static const UINT bad[] = { 0, D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER,
                                D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_SHADER_RESOURCE,
                                D3D11_BIND_SHADER_RESOURCE,
                                D3D11_BIND_INDEX_BUFFER | D3D11_BIND_CONSTANT_BUFFER };
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        D3D11_BUFFER_DESC d;
        if (!dev)
            continue;
        for (size_t i = 0; i < 3; i++) {
            d = buffer(256, good[i]);
            CHECK_HR(try_buffer(dev, &d, NULL), S_OK);
        }
        for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
            d = buffer(256, bad[i]);
            CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);
            CHECK_STR_CONTAINS(LAST, "must be exactly one of D3D11_BIND_VERTEX_BUFFER");
            CHECK_STR_CONTAINS(LAST, "(seed 004)");
        }
        /* A staging buffer is never bound: BindFlags 0 is its only value. */
        d = buffer(256, 0);
        d.Usage = D3D11_USAGE_STAGING;
        d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
        CHECK_HR(try_buffer(dev, &d, NULL), S_OK);
        d.BindFlags = D3D11_BIND_VERTEX_BUFFER;
        CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "D3D11_USAGE_STAGING");
        dev_done(dev);
    }
}

static void index_format_case(D3D_FEATURE_LEVEL l, bool r32_ok)
{
    char msg[D3D11_RESOURCE_MSG_SIZE] = "";
    CHECK_HR(d3d11_validate_index_format("IASetIndexBuffer", DXGI_FORMAT_R16_UINT, l, msg,
                                         sizeof(msg)), S_OK);
    CHECK_HR(d3d11_validate_index_format("IASetIndexBuffer", DXGI_FORMAT_R32_UINT, l, msg,
                                         sizeof(msg)), r32_ok ? S_OK : E_INVALIDARG);
    if (!r32_ok) {
        CHECK_STR_CONTAINS(msg, "IASetIndexBuffer: DXGI_FORMAT_R32_UINT index buffers are not "
                                "supported at feature level 9_1");
        CHECK_STR_CONTAINS(msg, "(seed 004)");
    }
    CHECK_HR(d3d11_validate_index_format("IASetIndexBuffer", DXGI_FORMAT_R8_UINT, l, msg,
                                         sizeof(msg)), E_INVALIDARG);
}

TEST(seed004_CreateBuffer_index_format_9_1) { index_format_case(D3D_FEATURE_LEVEL_9_1, false); }
TEST(seed004_CreateBuffer_index_format_9_2) { index_format_case(D3D_FEATURE_LEVEL_9_2, true); }
TEST(seed004_CreateBuffer_index_format_9_3) { index_format_case(D3D_FEATURE_LEVEL_9_3, true); }

TEST(d3d11_CreateBuffer_constant_buffer_size)
{
    ID3D11Device *dev = dev_at(D3D_FEATURE_LEVEL_9_1);
    D3D11_BUFFER_DESC d = buffer(16, D3D11_BIND_CONSTANT_BUFFER);
    if (!dev)
        return;
    CHECK_HR(try_buffer(dev, &d, NULL), S_OK);
    d.ByteWidth = 65536;
    CHECK_HR(try_buffer(dev, &d, NULL), S_OK);
    d.ByteWidth = 20;
    CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "not a multiple of 16");
    d.ByteWidth = 65536 + 16;
    CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "exceeds 65536");
    d.ByteWidth = 0;
    CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "ByteWidth is 0");
    dev_done(dev);
}

TEST(d3d11_CreateBuffer_usage_and_cpu_access)
{
    static const uint8_t data[64] = { 1, 2, 3 };
    D3D11_SUBRESOURCE_DATA init = { data, 0, 0 };
    ID3D11Device *dev = dev_at(D3D_FEATURE_LEVEL_9_2);
    D3D11_BUFFER_DESC d = buffer(64, D3D11_BIND_VERTEX_BUFFER);
    if (!dev)
        return;
    d.Usage = D3D11_USAGE_DYNAMIC;
    CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);   /* DYNAMIC needs CPU write */
    CHECK_STR_CONTAINS(LAST, "D3D11_USAGE_DYNAMIC needs CPUAccessFlags D3D11_CPU_ACCESS_WRITE");
    d.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
    CHECK_HR(try_buffer(dev, &d, NULL), S_OK);
    d.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE | D3D11_CPU_ACCESS_READ;
    CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);
    d.Usage = D3D11_USAGE_DEFAULT;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
    CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);
    d = buffer(64, 0);
    d.Usage = D3D11_USAGE_STAGING;
    CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);   /* STAGING needs CPU access */
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE;
    CHECK_HR(try_buffer(dev, &d, NULL), S_OK);
    d = buffer(64, D3D11_BIND_VERTEX_BUFFER);
    d.Usage = D3D11_USAGE_IMMUTABLE;
    CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "must be initialized");
    CHECK_HR(try_buffer(dev, &d, &init), S_OK);
    d.Usage = (D3D11_USAGE)4;
    CHECK_HR(try_buffer(dev, &d, &init), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "not a D3D11_USAGE value");
    dev_done(dev);
}

TEST(d3d11_CreateBuffer_flags_refused_at_9_x)
{
    ID3D11Device *dev = dev_at(D3D_FEATURE_LEVEL_9_3);
    D3D11_BUFFER_DESC d = buffer(64, D3D11_BIND_VERTEX_BUFFER);
    if (!dev)
        return;
    d.MiscFlags = D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
    d.StructureByteStride = 16;
    CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "needs feature level 10_0");
    d.MiscFlags = D3D11_RESOURCE_MISC_TILED;
    CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "D3D11_RESOURCE_MISC_TILED needs feature level 11_1");
    CHECK_STR_CONTAINS(LAST, "seed 001");
    d.MiscFlags = D3D11_RESOURCE_MISC_TILE_POOL;
    CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);
    d.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
    CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "does not apply to a buffer");
    d.MiscFlags = 0x8;   /* not a D3D11_RESOURCE_MISC_FLAG */
    CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);
    d.MiscFlags = 0;
    d.BindFlags = D3D11_BIND_VERTEX_BUFFER | 0x100;   /* not a D3D11_BIND_FLAG */
    CHECK_HR(try_buffer(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "not D3D11_BIND_FLAG values");
    dev_done(dev);
}

TEST(d3d11_CreateBuffer_initial_data_and_object)
{
    static const uint32_t data[4] = { 0x11223344, 0x55667788, 0x99aabbcc, 0xddeeff00 };
    D3D11_SUBRESOURCE_DATA init = { data, 0, 0 };
    D3D11_SUBRESOURCE_DATA null_init = { NULL, 0, 0 };
    ID3D11Device *dev = dev_at(D3D_FEATURE_LEVEL_9_1), *got_dev = NULL;
    D3D11_BUFFER_DESC d = buffer(sizeof(data), D3D11_BIND_INDEX_BUFFER), got;
    D3D11_RESOURCE_DIMENSION dim = D3D11_RESOURCE_DIMENSION_UNKNOWN;
    ID3D11Buffer *b = NULL;
    ID3D11Resource *r = NULL;
    IUnknown *unk = NULL;
    void *other = (void *)1;
    struct d3d11_resource *res;
    if (!dev)
        return;
    CHECK_HR(try_buffer(dev, &d, &null_init), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "pSysMem is NULL");
    /* NULL out-pointer: validation only. */
    CHECK_HR(ID3D11Device_CreateBuffer(dev, &d, &init, NULL), S_FALSE);
    CHECK_HR(ID3D11Device_CreateBuffer(dev, NULL, &init, NULL), E_INVALIDARG);
    CHECK_HR(ID3D11Device_CreateBuffer(dev, &d, &init, &b), S_OK);
    if (!b)
        goto done;
    ID3D11Buffer_GetDesc(b, &got);
    CHECK(!memcmp(&got, &d, sizeof(d)));
    ID3D11Buffer_GetType(b, &dim);
    CHECK_EQ(dim, D3D11_RESOURCE_DIMENSION_BUFFER);
    CHECK_EQ(ID3D11Buffer_GetEvictionPriority(b), DXGI_RESOURCE_PRIORITY_NORMAL);
    ID3D11Buffer_SetEvictionPriority(b, DXGI_RESOURCE_PRIORITY_HIGH);
    CHECK_EQ(ID3D11Buffer_GetEvictionPriority(b), DXGI_RESOURCE_PRIORITY_HIGH);
    /* the content was copied */
    res = d3d11_resource_from_iface((ID3D11Resource *)b);
    CHECK(res != NULL);
    if (res)
        CHECK(!memcmp(core_resource_sub_data(res->core, 0), data, sizeof(data)));
    /* QueryInterface: IUnknown, ID3D11DeviceChild, ID3D11Resource, ID3D11Buffer; not a texture */
    CHECK_HR(ID3D11Buffer_QueryInterface(b, &IID_ID3D11Resource, (void **)&r), S_OK);
    CHECK(r == (ID3D11Resource *)b);
    CHECK_HR(ID3D11Buffer_QueryInterface(b, &IID_IUnknown, (void **)&unk), S_OK);
    CHECK_HR(ID3D11Buffer_QueryInterface(b, &IID_ID3D11Texture2D, &other), E_NOINTERFACE);
    CHECK(other == NULL);
    CHECK_EQ(ID3D11Resource_Release(r), 2);
    CHECK_EQ(IUnknown_Release(unk), 1);
    ID3D11Buffer_GetDevice(b, &got_dev);
    CHECK(got_dev == dev);
    if (got_dev)
        ID3D11Device_Release(got_dev);
    {
        static const GUID key = { 0x1234, 0x5678, 0x9abc, { 1, 2, 3, 4, 5, 6, 7, 8 } };
        UINT v = 42, out = 0, size = sizeof(out);
        CHECK_HR(ID3D11Buffer_SetPrivateData(b, &key, sizeof(v), &v), S_OK);
        CHECK_HR(ID3D11Buffer_GetPrivateData(b, &key, &size, &out), S_OK);
        CHECK_EQ(out, 42);
    }
    CHECK_EQ(ID3D11Buffer_Release(b), 0);
done:
    dev_done(dev);
}

TEST(d3d11_CreateBuffer_huge_is_out_of_memory)
{
    ID3D11Device *dev = dev_at(D3D_FEATURE_LEVEL_9_3);
    D3D11_BUFFER_DESC d = buffer(0xfffffff0u, D3D11_BIND_VERTEX_BUFFER);
    if (!dev)
        return;
    CHECK_HR(try_buffer(dev, &d, NULL), E_OUTOFMEMORY);
    CHECK_STR_CONTAINS(LAST, "2048 MiB");
    dev_done(dev);
}

/* ==== CreateTexture1D ======================================================================= */

TEST(seed004_CreateTexture1D_not_supported)
{
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        D3D11_TEXTURE1D_DESC d = { 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_SHADER_RESOURCE, 0, 0 };
        ID3D11Texture1D *t = (ID3D11Texture1D *)(uintptr_t)1;
        if (!dev)
            continue;
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateTexture1D(dev, &d, NULL, &t), E_INVALIDARG);
        CHECK(t == NULL);
        CHECK_STR_CONTAINS(LAST, "CreateTexture1D: 1D textures are not supported at feature "
                                 "level");
        CHECK_STR_CONTAINS(LAST, d3d11_level_name(l));
        CHECK_STR_CONTAINS(LAST, "(seed 004)");
        CHECK_HR(ID3D11Device_CreateTexture1D(dev, &d, NULL, NULL), E_INVALIDARG);
        dev_done(dev);
    }
}

/* ==== CreateTexture2D: the seed-004 table =================================================== */

TEST(seed004_CreateTexture2D_npot_needs_one_mip)
{
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        D3D11_TEXTURE2D_DESC d;
        if (!dev)
            continue;
        d = tex2d(100, 60, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
        CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
        d.MipLevels = 2;
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "100x60 is not a power of two, so MipLevels must be 1");
        CHECK_STR_CONTAINS(LAST, "(seed 004)");
        /* MipLevels 0 is the full chain: more than one level for 3x1 */
        d = tex2d(3, 1, 0, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "from MipLevels 0");
        /* ... but a single level for 1x1 */
        d = tex2d(1, 1, 0, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
        CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
        /* powers of two: any mip count */
        d = tex2d(256, 64, 0, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
        CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
        dev_done(dev);
    }
}

static void max_dimension_case(D3D_FEATURE_LEVEL l, UINT max)
{
    ID3D11Device *dev = dev_at(l);
    D3D11_TEXTURE2D_DESC d = tex2d(max, 16, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                   D3D11_BIND_SHADER_RESOURCE);
    char want[128];
    if (!dev)
        return;
    CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
    d.Width = 16;
    d.Height = max;
    CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
    d.Height = max + 1;
    CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
    snprintf(want, sizeof(want), "exceeds the maximum texture dimension %u at feature level %s "
             "(seed 004)", max, d3d11_level_name(l));
    CHECK_STR_CONTAINS(LAST, want);
    d.Width = max * 2;
    d.Height = 16;
    CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
    dev_done(dev);
}

TEST(seed004_CreateTexture2D_max_dimension_9_1) { max_dimension_case(D3D_FEATURE_LEVEL_9_1, 2048); }
TEST(seed004_CreateTexture2D_max_dimension_9_2) { max_dimension_case(D3D_FEATURE_LEVEL_9_2, 2048); }
TEST(seed004_CreateTexture2D_max_dimension_9_3) { max_dimension_case(D3D_FEATURE_LEVEL_9_3, 4096); }

TEST(seed004_CreateTexture2D_cube_power_of_two)
{
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        D3D11_TEXTURE2D_DESC d;
        if (!dev)
            continue;
        d = cube(64, 0);
        CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
        d = cube(48, 1);   /* even without mipmaps */
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "cube texture dimensions 48x48 must be powers of two");
        CHECK_STR_CONTAINS(LAST, "(seed 004)");
        dev_done(dev);
    }
}

TEST(seed004_CreateTexture2D_array_size)
{
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        D3D11_TEXTURE2D_DESC d;
        if (!dev)
            continue;
        d = cube(32, 1);
        CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
        d.ArraySize = 12;
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "ArraySize 12 must be 6 for a cube texture");
        CHECK_STR_CONTAINS(LAST, "(seed 004)");
        d.ArraySize = 1;
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        d = tex2d(32, 32, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
        CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
        d.ArraySize = 2;
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "ArraySize 2 must be 1");
        CHECK_STR_CONTAINS(LAST, "(seed 004)");
        d.ArraySize = 6;   /* six slices without TEXTURECUBE are an array, not a cube */
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        dev_done(dev);
    }
}

TEST(seed004_CreateTexture2D_bind_flags_not_zero)
{
    static const uint32_t texels[4 * 4] = { 0 };
    D3D11_SUBRESOURCE_DATA init = { texels, 16, 0 };
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        D3D11_TEXTURE2D_DESC d;
        if (!dev)
            continue;
        d = tex2d(4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "BindFlags cannot be 0 with D3D11_USAGE_DEFAULT");
        CHECK_STR_CONTAINS(LAST, "(seed 004)");
        d.Usage = D3D11_USAGE_IMMUTABLE;
        CHECK_HR(try_tex2d(dev, &d, &init), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "BindFlags cannot be 0 with D3D11_USAGE_IMMUTABLE");
        d.BindFlags = D3D11_BIND_SHADER_RESOURCE;
        CHECK_HR(try_tex2d(dev, &d, &init), S_OK);
        d.Usage = D3D11_USAGE_STAGING;   /* staging: BindFlags 0 is required */
        d.BindFlags = 0;
        d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
        CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
        d = tex2d(4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
        CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
        dev_done(dev);
    }
}

TEST(seed004_CreateTexture2D_depth_stencil_one_mip)
{
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        D3D11_TEXTURE2D_DESC d;
        if (!dev)
            continue;
        d = tex2d(64, 64, 1, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL);
        CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
        d.Format = DXGI_FORMAT_D16_UNORM;
        CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
        d.MipLevels = 2;
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "must have MipLevels 1 (is 2)");
        CHECK_STR_CONTAINS(LAST, "(seed 004)");
        d.MipLevels = 0;   /* the full chain: 7 levels */
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "(is 7, from MipLevels 0)");
        d = tex2d(1, 1, 0, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL);
        CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
        dev_done(dev);
    }
}

TEST(seed004_CreateTexture2D_shader_resource_single_sample)
{
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        D3D11_TEXTURE2D_DESC d;
        if (!dev)
            continue;
        d = tex2d(64, 64, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                  D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET);
        CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
        d.SampleDesc.Count = 4;
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "must have SampleDesc.Count 1 (is 4)");
        CHECK_STR_CONTAINS(LAST, "(seed 004)");
        /* Without SHADER_RESOURCE the row does not apply: the default profile (max) offers 4x
         * (tests/test_d3d11_msaa.c; the 9_x profiles offer none). */
        d.BindFlags = D3D11_BIND_RENDER_TARGET;
        CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
        d.SampleDesc.Count = 1;
        d.SampleDesc.Quality = 1;
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        dev_done(dev);
    }
}

TEST(seed004_CreateTexture2D_present_not_shader_resource)
{
    /* D3D11_BIND_PRESENT is the DDI's flag for swap-chain buffers (see resource_validate.c):
     * checked through the validator the swap chain will use. */
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        char msg[D3D11_RESOURCE_MSG_SIZE] = "";
        D3D11_TEXTURE2D_DESC d = tex2d(640, 480, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                                       D3D11_BIND_RENDER_TARGET);
        CHECK_HR(d3d11_validate_texture2d_desc(&d, NULL, true, l, msg, sizeof(msg)), S_OK);
        d.BindFlags |= D3D11_BIND_SHADER_RESOURCE;
        CHECK_HR(d3d11_validate_texture2d_desc(&d, NULL, true, l, msg, sizeof(msg)),
                 E_INVALIDARG);
        CHECK_STR_CONTAINS(msg, "a swap-chain buffer (D3D10_DDI_BIND_PRESENT) cannot have "
                                "D3D11_BIND_SHADER_RESOURCE");
        CHECK_STR_CONTAINS(msg, "(seed 004)");
        CHECK_HR(d3d11_validate_texture2d_desc(&d, NULL, false, l, msg, sizeof(msg)), S_OK);
        /* An application cannot ask for PRESENT: unknown bind bits are refused. */
        d.BindFlags = D3D11_BIND_RENDER_TARGET | 0x8000;
        CHECK_HR(d3d11_validate_texture2d_desc(&d, NULL, false, l, msg, sizeof(msg)),
                 E_INVALIDARG);
    }
}

TEST(seed004_CreateTexture2D_shared_rgba8_refused)
{
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        D3D11_TEXTURE2D_DESC d;
        if (!dev)
            continue;
        d = tex2d(64, 64, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                  D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET);
        CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
        d.MiscFlags = D3D11_RESOURCE_MISC_SHARED;
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "cannot have format DXGI_FORMAT_R8G8B8A8_UNORM");
        CHECK_STR_CONTAINS(LAST, "(seed 004)");
        d.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "DXGI_FORMAT_R8G8B8A8_UNORM_SRGB");
        CHECK_STR_CONTAINS(LAST, "(seed 004)");
        d.MiscFlags = D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX;
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "(seed 004)");
        /* Other formats: refused too, since softd3d shares nothing (no format is SHAREABLE). */
        d.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
        d.MiscFlags = D3D11_RESOURCE_MISC_SHARED;
        CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "no format is shareable");
        d.MiscFlags = 0;
        CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
        dev_done(dev);
    }
}

/* ==== CreateTexture2D: general rules ======================================================== */

TEST(d3d11_CreateTexture2D_format_rules)
{
    ID3D11Device *d91 = dev_at(D3D_FEATURE_LEVEL_9_1), *d92 = dev_at(D3D_FEATURE_LEVEL_9_2);
    D3D11_TEXTURE2D_DESC d;
    if (!d91 || !d92)
        goto done;
    /* R16G16B16A16_FLOAT: no texture at 9_1, a texture from 9_2 (format support tables). */
    d = tex2d(16, 16, 1, DXGI_FORMAT_R16G16B16A16_FLOAT, D3D11_BIND_SHADER_RESOURCE);
    CHECK_HR(try_tex2d(d91, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "DXGI_FORMAT_R16G16B16A16_FLOAT cannot be used for 2D textures at "
                             "feature level 9_1");
    CHECK_HR(try_tex2d(d92, &d, NULL), S_OK);
    /* a depth format is not a shader resource at 9_x */
    d = tex2d(16, 16, 1, DXGI_FORMAT_D24_UNORM_S8_UINT,
              D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE);
    CHECK_HR(try_tex2d(d91, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "cannot be used for shader resources");
    /* typeless formats have no support at 9_x */
    d = tex2d(16, 16, 1, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_BIND_SHADER_RESOURCE);
    CHECK_HR(try_tex2d(d91, &d, NULL), E_INVALIDARG);
    d = tex2d(16, 16, 1, DXGI_FORMAT_UNKNOWN, D3D11_BIND_SHADER_RESOURCE);
    CHECK_HR(try_tex2d(d91, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "Format is DXGI_FORMAT_UNKNOWN");
    d.Format = (DXGI_FORMAT)0x1000;   /* a D3D9-only entry of the core table */
    CHECK_HR(try_tex2d(d91, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "is not a DXGI_FORMAT value");
    /* block-compressed: top level a multiple of 4 */
    d = tex2d(8, 8, 0, DXGI_FORMAT_BC1_UNORM, D3D11_BIND_SHADER_RESOURCE);
    CHECK_HR(try_tex2d(d91, &d, NULL), S_OK);
    d = tex2d(6, 8, 1, DXGI_FORMAT_BC1_UNORM, D3D11_BIND_SHADER_RESOURCE);
    CHECK_HR(try_tex2d(d91, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "6x8 is not a multiple of the 4x4 blocks of DXGI_FORMAT_BC1_UNORM");
    /* BC1 cannot be a render target */
    d = tex2d(8, 8, 1, DXGI_FORMAT_BC1_UNORM, D3D11_BIND_RENDER_TARGET);
    CHECK_HR(try_tex2d(d91, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "cannot be used for render targets");
done:
    dev_done(d91);
    dev_done(d92);
}

TEST(d3d11_CreateTexture2D_general_rules)
{
    ID3D11Device *dev = dev_at(D3D_FEATURE_LEVEL_9_3);
    D3D11_TEXTURE2D_DESC d;
    if (!dev)
        return;
    d = tex2d(16, 16, 6, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);   /* 16x16 has 5 levels */
    CHECK_STR_CONTAINS(LAST, "MipLevels 6 exceeds the 5 levels");
    d = tex2d(0, 16, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
    d = tex2d(16, 16, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    d.ArraySize = 0;
    CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
    /* cube faces are square */
    d = cube(64, 1);
    d.Height = 32;
    CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "a cube texture must be square");
    /* cube limit 4096 at 9_3 */
    d = cube(4096, 1);
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, NULL), S_FALSE);
    /* dynamic: one subresource, CPU write, not an output */
    d = tex2d(16, 16, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    d.Usage = D3D11_USAGE_DYNAMIC;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
    CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
    d.MipLevels = 2;
    CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "must have a single subresource");
    d.MipLevels = 1;
    d.BindFlags |= D3D11_BIND_RENDER_TARGET;
    CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "cannot be pipeline outputs");
    /* Issue 11 part 10 (Windows, an independent conformance suite): a DYNAMIC texture with
     * BindFlags 0 is refused, as CreateBuffer refuses an unbound buffer. */
    d.BindFlags = 0;
    CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "a D3D11_USAGE_DYNAMIC texture needs BindFlags (is 0)");
    /* misc flags and CPU access */
    d = tex2d(16, 16, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    d.Usage = D3D11_USAGE_STAGING;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    d.MiscFlags = D3D11_RESOURCE_MISC_GENERATE_MIPS;
    CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
    /* a staging cube is fine (reading a cube map back) */
    d = cube(16, 1);
    d.Usage = D3D11_USAGE_STAGING;
    d.BindFlags = 0;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
    /* GENERATE_MIPS needs render target + shader resource */
    d = tex2d(64, 64, 0, DXGI_FORMAT_R8G8B8A8_UNORM,
              D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
    d.MiscFlags = D3D11_RESOURCE_MISC_GENERATE_MIPS;
    CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
    d.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "GENERATE_MIPS needs BindFlags");
    /* level-dependent flags */
    d = tex2d(64, 64, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_UNORDERED_ACCESS);
    CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "D3D11_BIND_UNORDERED_ACCESS needs feature level 10_0");
    d = tex2d(64, 64, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    d.MiscFlags = D3D11_RESOURCE_MISC_TILED;
    CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "11_1");
    d.MiscFlags = D3D11_RESOURCE_MISC_GDI_COMPATIBLE;
    CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "is not supported");
    d.MiscFlags = D3D11_RESOURCE_MISC_RESOURCE_CLAMP;
    CHECK_HR(try_tex2d(dev, &d, NULL), S_OK);
    /* buffer-only bind flags */
    d = tex2d(64, 64, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
              D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_VERTEX_BUFFER);
    CHECK_HR(try_tex2d(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "D3D11_BIND_VERTEX_BUFFER does not apply to a Texture2D");
    dev_done(dev);
}

TEST(d3d11_CreateTexture2D_initial_data)
{
    /* 4x2, rows 32 bytes apart in the application's memory (16 of them used), 2 mips */
    uint8_t mip0[32 * 2], mip1[8];
    D3D11_SUBRESOURCE_DATA init[2] = { { mip0, 32, 0 }, { mip1, 4, 0 } };
    ID3D11Device *dev = dev_at(D3D_FEATURE_LEVEL_9_1);
    D3D11_TEXTURE2D_DESC d = tex2d(4, 2, 2, DXGI_FORMAT_R8G8B8A8_UNORM,
                                   D3D11_BIND_SHADER_RESOURCE);
    ID3D11Texture2D *t = NULL;
    struct d3d11_resource *res;
    if (!dev)
        return;
    for (size_t i = 0; i < sizeof(mip0); i++)
        mip0[i] = (uint8_t)i;
    memset(mip1, 0xab, sizeof(mip1));
    d.Usage = D3D11_USAGE_IMMUTABLE;
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, init, &t), S_OK);
    if (t) {
        res = d3d11_resource_from_iface((ID3D11Resource *)t);
        CHECK(res != NULL);
        if (res) {
            const uint8_t *p = core_resource_sub_data(res->core, 0);
            CHECK_EQ(res->core->sub[0].row_pitch, 16);
            CHECK_EQ(p[15], 15);
            CHECK_EQ(p[16], 32);   /* row 1 starts at the application's byte 32 */
            CHECK_EQ(core_resource_sub_data(res->core, 1)[3], 0xab);
        }
        CHECK_EQ(ID3D11Texture2D_Release(t), 0);
    }
    init[0].SysMemPitch = 8;   /* less than a row of 16 bytes */
    CHECK_HR(try_tex2d(dev, &d, init), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "pInitialData[0].SysMemPitch 8 is less than the 16 bytes");
    init[0].SysMemPitch = 16;
    init[1].pSysMem = NULL;
    CHECK_HR(try_tex2d(dev, &d, init), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "pInitialData[1].pSysMem is NULL");
    dev_done(dev);
}

TEST(d3d11_CreateTexture2D_object)
{
    ID3D11Device *dev = dev_at(D3D_FEATURE_LEVEL_9_2);
    D3D11_TEXTURE2D_DESC d = tex2d(64, 32, 0, DXGI_FORMAT_B8G8R8A8_UNORM,
                                   D3D11_BIND_SHADER_RESOURCE), got;
    D3D11_RESOURCE_DIMENSION dim = D3D11_RESOURCE_DIMENSION_UNKNOWN;
    ID3D11Texture2D *t = NULL;
    ID3D11Resource *r = NULL;
    ID3D11DeviceChild *child = NULL;
    if (!dev)
        return;
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, &t), S_OK);
    if (t) {
        ID3D11Texture2D_GetDesc(t, &got);
        CHECK_EQ(got.MipLevels, 7);   /* MipLevels 0 resolved: 64x32 has 7 levels */
        CHECK_EQ(got.Width, 64);
        CHECK_EQ(got.SampleDesc.Count, 1);
        ID3D11Texture2D_GetType(t, &dim);
        CHECK_EQ(dim, D3D11_RESOURCE_DIMENSION_TEXTURE2D);
        CHECK_HR(ID3D11Texture2D_QueryInterface(t, &IID_ID3D11Resource, (void **)&r), S_OK);
        CHECK_HR(ID3D11Texture2D_QueryInterface(t, &IID_ID3D11DeviceChild, (void **)&child),
                 S_OK);
        if (r) {
            ID3D11Resource_GetType(r, &dim);   /* through the base interface */
            CHECK_EQ(dim, D3D11_RESOURCE_DIMENSION_TEXTURE2D);
            CHECK(d3d11_resource_from_iface(r) != NULL);
            ID3D11Resource_Release(r);
        }
        if (child)
            ID3D11DeviceChild_Release(child);
        CHECK_EQ(ID3D11Texture2D_Release(t), 0);
    }
    dev_done(dev);
}

TEST(d3d11_resource_from_iface_refuses_foreign_pointers)
{
    /* An object with a vtable that is not softd3d's resource vtable. */
    ID3D11Device *dev = dev_at(D3D_FEATURE_LEVEL_9_1);
    struct { const void *vtbl; } fake = { &fake };
    CHECK(d3d11_resource_from_iface(NULL) == NULL);
    CHECK(d3d11_resource_from_iface((ID3D11Resource *)&fake) == NULL);
    /* a device is not a resource either */
    if (dev)
        CHECK(d3d11_resource_from_iface((ID3D11Resource *)dev) == NULL);
    dev_done(dev);
}

/* ==== CreateTexture3D ======================================================================= */

static void tex3d_max_case(D3D_FEATURE_LEVEL l, UINT max)
{
    ID3D11Device *dev = dev_at(l);
    D3D11_TEXTURE3D_DESC d = tex3d(max, 4, 4, 1, D3D11_BIND_SHADER_RESOURCE);
    char want[128];
    if (!dev)
        return;
    CHECK_HR(try_tex3d(dev, &d, NULL), S_OK);
    d = tex3d(4, 4, max, 1, D3D11_BIND_SHADER_RESOURCE);
    CHECK_HR(try_tex3d(dev, &d, NULL), S_OK);
    d.Depth = max * 2;
    CHECK_HR(try_tex3d(dev, &d, NULL), E_INVALIDARG);
    snprintf(want, sizeof(want), "exceeds the maximum dimension %u at feature level %s "
             "(seed 004)", max, d3d11_level_name(l));
    CHECK_STR_CONTAINS(LAST, want);
    d = tex3d(4, max * 2, 4, 1, D3D11_BIND_SHADER_RESOURCE);
    CHECK_HR(try_tex3d(dev, &d, NULL), E_INVALIDARG);
    dev_done(dev);
}

TEST(seed004_CreateTexture3D_max_dimension_9_1) { tex3d_max_case(D3D_FEATURE_LEVEL_9_1, 256); }
TEST(seed004_CreateTexture3D_max_dimension_9_2) { tex3d_max_case(D3D_FEATURE_LEVEL_9_2, 512); }
TEST(seed004_CreateTexture3D_max_dimension_9_3) { tex3d_max_case(D3D_FEATURE_LEVEL_9_3, 512); }

TEST(seed004_CreateTexture3D_power_of_two)
{
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        D3D11_TEXTURE3D_DESC d;
        if (!dev)
            continue;
        d = tex3d(64, 32, 16, 0, D3D11_BIND_SHADER_RESOURCE);
        CHECK_HR(try_tex3d(dev, &d, NULL), S_OK);
        d = tex3d(48, 32, 16, 1, D3D11_BIND_SHADER_RESOURCE);
        CHECK_HR(try_tex3d(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "48x32x16: dimensions must be powers of two");
        CHECK_STR_CONTAINS(LAST, "(seed 004)");
        d = tex3d(16, 16, 3, 1, D3D11_BIND_SHADER_RESOURCE);
        CHECK_HR(try_tex3d(dev, &d, NULL), E_INVALIDARG);
        dev_done(dev);
    }
}

TEST(seed004_CreateTexture3D_bind_flags_not_zero)
{
    static const uint32_t texels[4 * 4 * 4] = { 0 };
    D3D11_SUBRESOURCE_DATA init = { texels, 16, 64 };
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        D3D11_TEXTURE3D_DESC d;
        if (!dev)
            continue;
        d = tex3d(4, 4, 4, 1, 0);
        CHECK_HR(try_tex3d(dev, &d, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "CreateTexture3D: BindFlags cannot be 0 with "
                                 "D3D11_USAGE_DEFAULT");
        CHECK_STR_CONTAINS(LAST, "(seed 004)");
        d.Usage = D3D11_USAGE_IMMUTABLE;
        CHECK_HR(try_tex3d(dev, &d, &init), E_INVALIDARG);
        d.BindFlags = D3D11_BIND_SHADER_RESOURCE;
        CHECK_HR(try_tex3d(dev, &d, &init), S_OK);
        d.Usage = D3D11_USAGE_STAGING;
        d.BindFlags = 0;
        d.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
        CHECK_HR(try_tex3d(dev, &d, NULL), S_OK);
        dev_done(dev);
    }
}

TEST(d3d11_CreateTexture3D_rules_and_data)
{
    uint8_t texels[2 * 2 * 2 * 4];
    D3D11_SUBRESOURCE_DATA init[2] = { { texels, 8, 16 }, { texels, 4, 4 } };
    ID3D11Device *dev = dev_at(D3D_FEATURE_LEVEL_9_1);
    D3D11_TEXTURE3D_DESC d;
    ID3D11Texture3D *t = NULL;
    D3D11_RESOURCE_DIMENSION dim = 0;
    if (!dev)
        return;
    for (size_t i = 0; i < sizeof(texels); i++)
        texels[i] = (uint8_t)i;
    /* no render-target or depth-stencil 3D textures at 9_x */
    d = tex3d(8, 8, 8, 1, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET);
    CHECK_HR(try_tex3d(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "a Texture3D cannot be a render target");
    d = tex3d(8, 8, 8, 1, D3D11_BIND_DEPTH_STENCIL);
    CHECK_HR(try_tex3d(dev, &d, NULL), E_INVALIDARG);
    /* the slice pitch must hold a slice when there are several */
    d = tex3d(2, 2, 2, 2, D3D11_BIND_SHADER_RESOURCE);
    init[0].SysMemSlicePitch = 8;
    CHECK_HR(try_tex3d(dev, &d, init), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "SysMemSlicePitch 8 is less than the 16 bytes");
    init[0].SysMemSlicePitch = 16;
    CHECK_HR(ID3D11Device_CreateTexture3D(dev, &d, init, &t), S_OK);
    if (t) {
        struct d3d11_resource *res = d3d11_resource_from_iface((ID3D11Resource *)t);
        ID3D11Texture3D_GetType(t, &dim);
        CHECK_EQ(dim, D3D11_RESOURCE_DIMENSION_TEXTURE3D);
        if (res) {
            CHECK(!memcmp(core_resource_sub_data(res->core, 0), texels, 32));
            CHECK_EQ(core_resource_sub_data(res->core, 1)[3], 3);
        }
        CHECK_EQ(ID3D11Texture3D_Release(t), 0);
    }
    /* R8G8_UNORM has no 3D support at 9_x */
    d = tex3d(4, 4, 4, 1, D3D11_BIND_SHADER_RESOURCE);
    d.Format = DXGI_FORMAT_R8G8_UNORM;
    CHECK_HR(try_tex3d(dev, &d, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "cannot be used for 3D textures");
    dev_done(dev);
}

/* ==== OpenSharedResource ==================================================================== */

TEST(seed004_OpenSharedResource_nothing_is_shared)
{
    D3D_FEATURE_LEVEL l;
    FOR_EACH_LEVEL(l) {
        ID3D11Device *dev = dev_at(l);
        ID3D11Device1 *dev1 = NULL;
        void *out = (void *)1;
        static const WCHAR name[] = { 'x', 0 };
        if (!dev)
            continue;
        util_clear_last_message();
        CHECK_HR(ID3D11Device_OpenSharedResource(dev, (HANDLE)(uintptr_t)0x40, &IID_ID3D11Texture2D,
                                                 &out), E_INVALIDARG);
        CHECK(out == NULL);
        CHECK_STR_CONTAINS(LAST, "OpenSharedResource: the handle or name does not name a shared "
                                 "resource");
        CHECK_HR(ID3D11Device_OpenSharedResource(dev, NULL, &IID_ID3D11Texture2D, &out),
                 E_INVALIDARG);
        CHECK_HR(ID3D11Device_OpenSharedResource(dev, (HANDLE)(uintptr_t)0x40,
                                                 &IID_ID3D11Texture2D, NULL), E_INVALIDARG);
        CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11Device1, (void **)&dev1), S_OK);
        if (dev1) {
            out = (void *)1;
            CHECK_HR(ID3D11Device1_OpenSharedResource1(dev1, (HANDLE)(uintptr_t)0x40,
                                                       &IID_ID3D11Texture2D, &out), E_INVALIDARG);
            CHECK(out == NULL);
            out = (void *)1;
            CHECK_HR(ID3D11Device1_OpenSharedResourceByName(dev1, name, 0x80000000u,
                                                            &IID_ID3D11Texture2D, &out),
                     E_INVALIDARG);
            CHECK(out == NULL);
            CHECK_STR_CONTAINS(LAST, "OpenSharedResourceByName");
            ID3D11Device1_Release(dev1);
        }
        dev_done(dev);
    }
}

/* IASetIndexBuffer: the seed-004 index-format row at draw-state time, and the lifetime rules of
 * bound objects (the context keeps a bound buffer alive, but not the device). */
static ID3D11Buffer *make_index_buffer(ID3D11Device *dev)
{
    D3D11_BUFFER_DESC d = { 64, D3D11_USAGE_DEFAULT, D3D11_BIND_INDEX_BUFFER, 0, 0, 0 };
    ID3D11Buffer *b = NULL;
    CHECK_HR(ID3D11Device_CreateBuffer(dev, &d, NULL, &b), S_OK);
    return b;
}

TEST(seed004_CreateBuffer_index_format_at_IASetIndexBuffer)
{
    static const D3D_FEATURE_LEVEL levels[] = { D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2,
                                                D3D_FEATURE_LEVEL_9_3 };
    for (int i = 0; i < 3; i++) {
        ID3D11Device *dev = NULL;
        ID3D11DeviceContext *ctx = NULL;
        ID3D11Buffer *b, *got = NULL;
        DXGI_FORMAT fmt = DXGI_FORMAT_UNKNOWN;
        UINT off = 99;
        CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &levels[i], 1,
                                   D3D11_SDK_VERSION, &dev, NULL, &ctx), S_OK);
        if (!dev)
            continue;
        b = make_index_buffer(dev);
        /* R16_UINT at every level */
        ID3D11DeviceContext_IASetIndexBuffer(ctx, b, DXGI_FORMAT_R16_UINT, 2);
        ID3D11DeviceContext_IAGetIndexBuffer(ctx, &got, &fmt, &off);
        CHECK(got == b);
        CHECK_EQ(fmt, DXGI_FORMAT_R16_UINT);
        CHECK_EQ(off, 2);
        if (got)
            ID3D11Buffer_Release(got);
        /* R32_UINT only from 9_2; refused at 9_1 with the binding left as it was */
        util_clear_last_message();
        ID3D11DeviceContext_IASetIndexBuffer(ctx, b, DXGI_FORMAT_R32_UINT, 0);
        ID3D11DeviceContext_IAGetIndexBuffer(ctx, &got, &fmt, &off);
        if (levels[i] == D3D_FEATURE_LEVEL_9_1) {
            CHECK_EQ(fmt, DXGI_FORMAT_R16_UINT);
            CHECK_EQ(off, 2);
            CHECK_STR_CONTAINS(util_last_message(), "R32_UINT index buffers are not supported");
        } else {
            CHECK_EQ(fmt, DXGI_FORMAT_R32_UINT);
            CHECK_EQ(off, 0);
        }
        if (got)
            ID3D11Buffer_Release(got);
        /* not an index format */
        ID3D11DeviceContext_IASetIndexBuffer(ctx, b, DXGI_FORMAT_R8_UINT, 0);
        ID3D11DeviceContext_IAGetIndexBuffer(ctx, &got, &fmt, &off);
        CHECK(fmt == DXGI_FORMAT_R16_UINT || fmt == DXGI_FORMAT_R32_UINT);
        if (got)
            ID3D11Buffer_Release(got);
        /* unbind */
        ID3D11DeviceContext_IASetIndexBuffer(ctx, NULL, DXGI_FORMAT_UNKNOWN, 0);
        ID3D11DeviceContext_IAGetIndexBuffer(ctx, &got, &fmt, &off);
        CHECK(got == NULL);
        CHECK_EQ(ID3D11Buffer_Release(b), 0);
        ID3D11DeviceContext_Release(ctx);
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
}

TEST(d3d11_bound_buffer_outlives_app_reference_not_device)
{
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Buffer *b, *got = NULL;
    D3D11_BUFFER_DESC d;
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                               D3D11_SDK_VERSION, &dev, NULL, &ctx), S_OK);
    if (!dev)
        return;
    b = make_index_buffer(dev);
    ID3D11DeviceContext_IASetIndexBuffer(ctx, b, DXGI_FORMAT_R16_UINT, 0);
    CHECK_EQ(ID3D11Buffer_Release(b), 0);            /* the application's last reference */
    ID3D11DeviceContext_IAGetIndexBuffer(ctx, &got, NULL, NULL);
    CHECK(got == b);                                 /* still alive: the context holds it */
    if (got) {
        ID3D11Buffer_GetDesc(got, &d);
        CHECK_EQ(d.ByteWidth, 64);
        CHECK_EQ(ID3D11Buffer_Release(got), 0);
    }
    ID3D11DeviceContext_Release(ctx);
    /* The bound buffer must not keep the device alive: this is the last reference, and the
     * sanitizer build checks that the device, context and buffer are all freed. */
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}
