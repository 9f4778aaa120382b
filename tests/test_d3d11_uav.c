/* tests/test_d3d11_uav.c — unordered-access views and the compute bindings at 11_0 (issue
 * 15): CreateUnorderedAccessView's rules for buffers (typed, raw, structured with APPEND /
 * COUNTER) and textures (1D/2D/3D and arrays, mip slices, slice and W ranges), raw and
 * structured shader-resource views, the structured-buffer stride rules of CreateBuffer,
 * ClearUnorderedAccessViewUint / Float (bit-precise and converted; which views each takes),
 * CopyStructureCount's rules, the CS* setters and getters, the 8 UAV slots, initial counts,
 * the SRV/UAV hazard rule both ways, ClearState, the CheckFeatureSupport answers, and
 * pixel-shader UAVs (OMSetRenderTargetsAndUnorderedAccessViews' rules, stores and atomics of
 * covered pixels only, not helper lanes; UAV-only rendering; raw/structured SRV reads). */
#include "test_compute_util.h"

#include "d3d11/format_support.h"
#include "dxbc_builder.h"

#define UAV_REFUSED(res, desc, text)                                                             \
    do {                                                                                         \
        ID3D11UnorderedAccessView *v_ = (ID3D11UnorderedAccessView *)(uintptr_t)1;               \
        util_clear_last_message();                                                               \
        CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c.dev, (ID3D11Resource *)(res), (desc),  \
                                                        &v_), E_INVALIDARG);                     \
        CHECK(v_ == NULL);                                                                       \
        CHECK_STR_CONTAINS(LAST, text);                                                          \
    } while (0)

#define SRV_REFUSED(res, desc, text)                                                             \
    do {                                                                                         \
        ID3D11ShaderResourceView *v_ = (ID3D11ShaderResourceView *)(uintptr_t)1;                 \
        util_clear_last_message();                                                               \
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)(res), (desc),   \
                                                       &v_), E_INVALIDARG);                      \
        CHECK(v_ == NULL);                                                                       \
        CHECK_STR_CONTAINS(LAST, text);                                                          \
    } while (0)

static ID3D11Buffer *structured(struct cx *c, UINT bytes, UINT stride, UINT bind)
{
    return cx_buffer(c, bytes, bind, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, stride, NULL);
}

TEST(uav_create_buffer_views)
{
    struct cx c;
    if (!cx_begin(&c))
        return;
    ID3D11Buffer *raw = cx_raw_buffer(&c, 64, NULL);
    ID3D11Buffer *st = structured(&c, 96, 12, D3D11_BIND_UNORDERED_ACCESS);
    ID3D11Buffer *typed = cx_buffer(&c, 64, D3D11_BIND_UNORDERED_ACCESS, 0, 0, NULL);
    ID3D11Buffer *srv_only = cx_buffer(&c, 64, D3D11_BIND_SHADER_RESOURCE,
                                       D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, NULL);
    D3D11_UNORDERED_ACCESS_VIEW_DESC d, got;
    ID3D11UnorderedAccessView *v = NULL;
    ID3D11Resource *back = NULL;
    if (!raw || !st || !typed || !srv_only)
        goto done;
    /* raw: R32_TYPELESS + the flag, 4-byte elements */
    v = cx_uav_raw(&c, raw, 2, 14);
    ID3D11UnorderedAccessView_GetDesc(v, &got);
    CHECK_EQ(got.Format, DXGI_FORMAT_R32_TYPELESS);
    CHECK_EQ(got.Buffer.FirstElement, 2);
    CHECK_EQ(got.Buffer.NumElements, 14);
    CHECK_EQ(got.Buffer.Flags, D3D11_BUFFER_UAV_FLAG_RAW);
    ID3D11UnorderedAccessView_GetResource(v, &back);
    CHECK(back == (ID3D11Resource *)raw);
    RD_RELEASE_REF(back);
    RD_RELEASE(v);
    /* structured, pDesc NULL: the whole buffer in elements of the stride */
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c.dev, (ID3D11Resource *)st, NULL, &v), S_OK);
    if (v) {
        ID3D11UnorderedAccessView_GetDesc(v, &got);
        CHECK_EQ(got.Format, DXGI_FORMAT_UNKNOWN);
        CHECK_EQ(got.ViewDimension, D3D11_UAV_DIMENSION_BUFFER);
        CHECK_EQ(got.Buffer.NumElements, 8);
        RD_RELEASE(v);
    }
    d = cx_uav_desc(DXGI_FORMAT_UNKNOWN, D3D11_UAV_DIMENSION_BUFFER);
    d.Buffer.NumElements = 8;
    d.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_COUNTER;
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c.dev, (ID3D11Resource *)st, &d, NULL),
             S_FALSE);
    /* typed */
    d = cx_uav_desc(DXGI_FORMAT_R32_UINT, D3D11_UAV_DIMENSION_BUFFER);
    d.Buffer.NumElements = 16;
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c.dev, (ID3D11Resource *)typed, &d, NULL),
             S_FALSE);
    d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c.dev, (ID3D11Resource *)typed, &d, NULL),
             S_FALSE);

    /* the refusals */
    UAV_REFUSED(srv_only, NULL, "D3D11_BIND_UNORDERED_ACCESS");
    UAV_REFUSED(NULL, NULL, "pResource is NULL");
    UAV_REFUSED(typed, NULL, "needs a description");
    d = cx_uav_desc(DXGI_FORMAT_R32_TYPELESS, D3D11_UAV_DIMENSION_BUFFER);
    d.Buffer.NumElements = 16;
    d.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_RAW;
    UAV_REFUSED(typed, &d, "ALLOW_RAW_VIEWS");
    d.Format = DXGI_FORMAT_R32_UINT;
    UAV_REFUSED(raw, &d, "must be DXGI_FORMAT_R32_TYPELESS");
    d.Format = DXGI_FORMAT_R32_TYPELESS;
    d.Buffer.Flags = 0;
    UAV_REFUSED(raw, &d, "typeless");
    d.Buffer.Flags = 0x80;
    UAV_REFUSED(raw, &d, "not D3D11_BUFFER_UAV_FLAG values");
    d.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_RAW;
    d.Buffer.NumElements = 17;                        /* 68 bytes of a 64-byte buffer */
    UAV_REFUSED(raw, &d, "not within the buffer's 64 bytes");
    d.Buffer.NumElements = 0;
    UAV_REFUSED(raw, &d, "NumElements is 0");
    d = cx_uav_desc(DXGI_FORMAT_UNKNOWN, D3D11_UAV_DIMENSION_BUFFER);
    d.Buffer.NumElements = 4;
    d.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_APPEND;
    UAV_REFUSED(typed, &d, "needs a structured buffer");
    d.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_APPEND | D3D11_BUFFER_UAV_FLAG_COUNTER;
    UAV_REFUSED(st, &d, "cannot be combined");
    d.Buffer.Flags = 0;
    d.Buffer.FirstElement = 6;
    d.Buffer.NumElements = 3;                         /* elements 6..8 of 8 */
    UAV_REFUSED(st, &d, "not within");
    d.Format = DXGI_FORMAT_R32_UINT;
    d.Buffer.FirstElement = 0;
    UAV_REFUSED(st, &d, "must have Format DXGI_FORMAT_UNKNOWN");
    d = cx_uav_desc(DXGI_FORMAT_UNKNOWN, D3D11_UAV_DIMENSION_BUFFER);
    d.Buffer.NumElements = 4;
    UAV_REFUSED(typed, &d, "needs a Format");
    d.Format = DXGI_FORMAT_B8G8R8A8_UNORM;            /* no typed UAV at 11_0 */
    UAV_REFUSED(typed, &d, "typed unordered-access views");
    d.Format = DXGI_FORMAT_R32_UINT;
    d.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE2D;
    UAV_REFUSED(typed, &d, "does not fit a buffer");
done:
    RD_RELEASE(raw);
    RD_RELEASE(st);
    RD_RELEASE(typed);
    RD_RELEASE(srv_only);
    cx_end(&c);
}

TEST(uav_create_texture_views)
{
    struct cx c;
    if (!cx_begin(&c))
        return;
    D3D11_TEXTURE2D_DESC t2 = { 8, 8, 3, 4, DXGI_FORMAT_R8G8B8A8_TYPELESS, {1, 0},
                                D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0 };
    D3D11_TEXTURE1D_DESC t1 = { 16, 2, 2, DXGI_FORMAT_R32_FLOAT, D3D11_USAGE_DEFAULT,
                                D3D11_BIND_UNORDERED_ACCESS, 0, 0 };
    D3D11_TEXTURE3D_DESC t3 = { 8, 8, 8, 2, DXGI_FORMAT_R16G16B16A16_FLOAT, D3D11_USAGE_DEFAULT,
                                D3D11_BIND_UNORDERED_ACCESS, 0, 0 };
    D3D11_TEXTURE2D_DESC ms = { 8, 8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {4, 0},
                                D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0 };
    ID3D11Texture2D *tex2 = NULL, *texms = NULL;
    ID3D11Texture1D *tex1 = NULL;
    ID3D11Texture3D *tex3 = NULL;
    ID3D11UnorderedAccessView *v = NULL;
    D3D11_UNORDERED_ACCESS_VIEW_DESC d, got;
    CHECK_HR(ID3D11Device_CreateTexture2D(c.dev, &t2, NULL, &tex2), S_OK);
    CHECK_HR(ID3D11Device_CreateTexture1D(c.dev, &t1, NULL, &tex1), S_OK);
    CHECK_HR(ID3D11Device_CreateTexture3D(c.dev, &t3, NULL, &tex3), S_OK);
    /* a multisampled UAV-bound texture: the resource may not exist at all; if it does, no
     * UAV dimension views it */
    HRESULT mshr = ID3D11Device_CreateTexture2D(c.dev, &ms, NULL, &texms);
    if (!tex2 || !tex1 || !tex3)
        goto done;
    /* 2D array: mip 1, slices 1..3, a typed member of the family */
    d = cx_uav_desc(DXGI_FORMAT_R8G8B8A8_UINT, D3D11_UAV_DIMENSION_TEXTURE2DARRAY);
    d.Texture2DArray.MipSlice = 1;
    d.Texture2DArray.FirstArraySlice = 1;
    d.Texture2DArray.ArraySize = 3;
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c.dev, (ID3D11Resource *)tex2, &d, &v),
             S_OK);
    if (v) {
        ID3D11UnorderedAccessView_GetDesc(v, &got);
        CHECK(!memcmp(&got, &d, sizeof(d)));
        RD_RELEASE(v);
    }
    /* 1D: NULL desc on an array is a TEXTURE1DARRAY view of every slice */
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c.dev, (ID3D11Resource *)tex1, NULL, &v),
             S_OK);
    if (v) {
        ID3D11UnorderedAccessView_GetDesc(v, &got);
        CHECK_EQ(got.ViewDimension, D3D11_UAV_DIMENSION_TEXTURE1DARRAY);
        CHECK_EQ(got.Format, DXGI_FORMAT_R32_FLOAT);
        CHECK_EQ(got.Texture1DArray.ArraySize, 2);
        RD_RELEASE(v);
    }
    /* 3D: mip 1 has 4 W slices */
    d = cx_uav_desc(DXGI_FORMAT_UNKNOWN, D3D11_UAV_DIMENSION_TEXTURE3D);
    d.Texture3D.MipSlice = 1;
    d.Texture3D.FirstWSlice = 1;
    d.Texture3D.WSize = (UINT)-1;
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c.dev, (ID3D11Resource *)tex3, &d, &v),
             S_OK);
    if (v) {
        ID3D11UnorderedAccessView_GetDesc(v, &got);
        CHECK_EQ(got.Texture3D.WSize, 3);
        CHECK_EQ(got.Format, DXGI_FORMAT_R16G16B16A16_FLOAT);
        RD_RELEASE(v);
    }
    d.Texture3D.FirstWSlice = 2;
    d.Texture3D.WSize = 3;
    UAV_REFUSED(tex3, &d, "are not within the 4 slices of mip 1");
    d.Texture3D.MipSlice = 2;
    UAV_REFUSED(tex3, &d, "MipSlice 2 is beyond");
    UAV_REFUSED(tex2, NULL, "typeless");
    d = cx_uav_desc(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, D3D11_UAV_DIMENSION_TEXTURE2D);
    UAV_REFUSED(tex2, &d, "typed unordered-access views");
    d.Format = DXGI_FORMAT_R16_UINT;
    UAV_REFUSED(tex2, &d, "not in the family");
    d = cx_uav_desc(DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_UAV_DIMENSION_TEXTURE2DARRAY);
    d.Texture2DArray.FirstArraySlice = 2;
    d.Texture2DArray.ArraySize = 3;
    UAV_REFUSED(tex2, &d, "not within the resource's 4 slices");
    d.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE3D;
    UAV_REFUSED(tex2, &d, "does not fit a Texture2D");
    d.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE1D;
    UAV_REFUSED(tex2, &d, "does not fit a Texture2D");
    d.ViewDimension = D3D11_UAV_DIMENSION_UNKNOWN;
    UAV_REFUSED(tex2, &d, "is not a D3D11_UAV_DIMENSION");
    if (SUCCEEDED(mshr) && texms)
        UAV_REFUSED(texms, NULL, "multisampled");
    /* a texture's format must support typed UAVs at creation already */
    {
        D3D11_TEXTURE2D_DESC bgra = t2;
        ID3D11Texture2D *no = (ID3D11Texture2D *)(uintptr_t)1;
        bgra.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateTexture2D(c.dev, &bgra, NULL, &no), E_INVALIDARG);
        CHECK(no == NULL);
        CHECK_STR_CONTAINS(LAST, "unordered-access views (D3D11_BIND_UNORDERED_ACCESS)");
        bgra.Format = DXGI_FORMAT_R16G16_TYPELESS;   /* its family has typed UAVs */
        CHECK_HR(ID3D11Device_CreateTexture2D(c.dev, &bgra, NULL, NULL), S_FALSE);
    }
done:
    RD_RELEASE(tex1);
    RD_RELEASE(tex2);
    RD_RELEASE(tex3);
    RD_RELEASE(texms);
    cx_end(&c);
}

TEST(uav_raw_and_structured_srvs)
{
    struct cx c;
    if (!cx_begin(&c))
        return;
    ID3D11Buffer *raw = cx_raw_buffer(&c, 64, NULL);
    ID3D11Buffer *st = structured(&c, 64, 16, D3D11_BIND_SHADER_RESOURCE);
    ID3D11Buffer *typed = cx_buffer(&c, 64, D3D11_BIND_SHADER_RESOURCE, 0, 0, NULL);
    ID3D11ShaderResourceView *v = NULL;
    D3D11_SHADER_RESOURCE_VIEW_DESC d, got;
    if (!raw || !st || !typed)
        goto done;
    d = cx_srv_desc(DXGI_FORMAT_R32_TYPELESS, D3D11_SRV_DIMENSION_BUFFEREX);
    d.BufferEx.NumElements = 16;
    d.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)raw, &d, &v), S_OK);
    if (v) {
        ID3D11ShaderResourceView_GetDesc(v, &got);
        CHECK(!memcmp(&got, &d, sizeof(d)));
        RD_RELEASE(v);
    }
    CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)st, NULL, &v), S_OK);
    if (v) {
        ID3D11ShaderResourceView_GetDesc(v, &got);
        CHECK_EQ(got.ViewDimension, D3D11_SRV_DIMENSION_BUFFER);
        CHECK_EQ(got.Buffer.NumElements, 4);
        RD_RELEASE(v);
    }
    /* BUFFEREX without the flag: a typed or structured view */
    d.BufferEx.Flags = 0;
    d.Format = DXGI_FORMAT_UNKNOWN;
    d.BufferEx.NumElements = 4;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)st, &d, NULL),
             S_FALSE);
    d.BufferEx.NumElements = 5;
    SRV_REFUSED(st, &d, "not within the buffer's 64 bytes");
    d = cx_srv_desc(DXGI_FORMAT_R32_TYPELESS, D3D11_SRV_DIMENSION_BUFFEREX);
    d.BufferEx.NumElements = 16;
    d.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW;
    SRV_REFUSED(typed, &d, "ALLOW_RAW_VIEWS");
    d.Format = DXGI_FORMAT_R32_FLOAT;
    SRV_REFUSED(raw, &d, "must be DXGI_FORMAT_R32_TYPELESS");
    d.BufferEx.Flags = 2;
    SRV_REFUSED(raw, &d, "not D3D11_BUFFEREX_SRV_FLAG values");
    d = cx_srv_desc(DXGI_FORMAT_R32_FLOAT, D3D11_SRV_DIMENSION_BUFFER);
    d.Buffer.NumElements = 4;
    SRV_REFUSED(st, &d, "must have Format DXGI_FORMAT_UNKNOWN");
    SRV_REFUSED(typed, NULL, "needs a description");
done:
    RD_RELEASE(raw);
    RD_RELEASE(st);
    RD_RELEASE(typed);
    cx_end(&c);
}

/* CreateBuffer's structured rules: a non-zero stride, a multiple of 4, at most 2048; whole
 * elements; no raw views, no vertex / index / constant binding. */
TEST(uav_structured_buffer_rules)
{
    struct cx c;
    ID3D11Buffer *b = (ID3D11Buffer *)(uintptr_t)1;
    static const struct { UINT bytes, stride, bind, misc; const char *text; } bad[] = {
        { 64, 0, D3D11_BIND_SHADER_RESOURCE, 0, "non-zero multiple of 4" },
        { 64, 6, D3D11_BIND_SHADER_RESOURCE, 0, "non-zero multiple of 4" },
        { 4096, 4096, D3D11_BIND_SHADER_RESOURCE, 0, "at most 2048" },
        { 60, 8, D3D11_BIND_SHADER_RESOURCE, 0, "not a multiple of its StructureByteStride" },
        { 64, 16, D3D11_BIND_VERTEX_BUFFER, 0, "vertex, index or constant" },
        { 64, 16, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS,
          "cannot be combined" },
    };
    if (!cx_begin(&c))
        return;
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        D3D11_BUFFER_DESC d = { bad[i].bytes, D3D11_USAGE_DEFAULT, bad[i].bind, 0,
                                D3D11_RESOURCE_MISC_BUFFER_STRUCTURED | bad[i].misc,
                                bad[i].stride };
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateBuffer(c.dev, &d, NULL, &b), E_INVALIDARG);
        CHECK(b == NULL);
        CHECK_STR_CONTAINS(LAST, bad[i].text);
    }
    D3D11_BUFFER_DESC ok = { 2048 * 2, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                             D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 2048 };
    CHECK_HR(ID3D11Device_CreateBuffer(c.dev, &ok, NULL, NULL), S_FALSE);
    cx_end(&c);
}

TEST(uav_clears)
{
    struct cx c;
    static uint8_t px[4 * 4 * 4];
    static uint32_t words[8], packed[4];
    const UINT vals[4] = {0x1ff, 0x12, 0x345, 0xffffffff};
    const FLOAT half[4] = {0.5f, -1.0f, 2.0f, 0.25f};
    if (!cx_begin(&c))
        return;
    D3D11_TEXTURE2D_DESC td = { 4, 4, 1, 2, DXGI_FORMAT_R8G8B8A8_TYPELESS, {1, 0},
                                D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0 };
    D3D11_TEXTURE2D_DESC sd = td;
    sd.Usage = D3D11_USAGE_STAGING, sd.BindFlags = 0, sd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ID3D11Texture2D *tex = NULL, *stage = NULL;
    CHECK_HR(ID3D11Device_CreateTexture2D(c.dev, &td, NULL, &tex), S_OK);
    CHECK_HR(ID3D11Device_CreateTexture2D(c.dev, &sd, NULL, &stage), S_OK);
    D3D11_UNORDERED_ACCESS_VIEW_DESC un = cx_uav_desc(DXGI_FORMAT_R8G8B8A8_UNORM,
                                                      D3D11_UAV_DIMENSION_TEXTURE2DARRAY);
    un.Texture2DArray.FirstArraySlice = 1;
    un.Texture2DArray.ArraySize = 1;
    D3D11_UNORDERED_ACCESS_VIEW_DESC ui = un;
    ui.Format = DXGI_FORMAT_R8G8B8A8_UINT;
    ui.Texture2DArray.FirstArraySlice = 0;
    ID3D11UnorderedAccessView *vn = tex ? cx_uav(&c, tex, &un) : NULL;
    ID3D11UnorderedAccessView *vi = tex ? cx_uav(&c, tex, &ui) : NULL;
    ID3D11Buffer *raw = cx_raw_buffer(&c, sizeof(words), NULL);
    ID3D11UnorderedAccessView *vr = raw ? cx_uav_raw(&c, raw, 2, 4) : NULL;
    ID3D11Buffer *pk = cx_buffer(&c, 16, D3D11_BIND_UNORDERED_ACCESS, 0, 0, NULL);
    D3D11_UNORDERED_ACCESS_VIEW_DESC pd = cx_uav_desc(DXGI_FORMAT_R11G11B10_FLOAT,
                                                      D3D11_UAV_DIMENSION_BUFFER);
    pd.Buffer.NumElements = 4;
    ID3D11UnorderedAccessView *vp = pk ? cx_uav(&c, pk, &pd) : NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    if (!vn || !vi || !vr || !vp || !stage)
        goto done;
    /* Uint on R8G8B8A8_UINT (slice 0): the low 8 bits of each value, no conversion */
    ACCEPTED(ID3D11DeviceContext_ClearUnorderedAccessViewUint(c.ctx, vi, vals));
    /* Float on R8G8B8A8_UNORM (slice 1): converted, clamped */
    ACCEPTED(ID3D11DeviceContext_ClearUnorderedAccessViewFloat(c.ctx, vn, half));
    ID3D11DeviceContext_CopyResource(c.ctx, (ID3D11Resource *)stage, (ID3D11Resource *)tex);
    for (UINT s = 0; s < 2; s++) {
        CHECK_HR(ID3D11DeviceContext_Map(c.ctx, (ID3D11Resource *)stage, s, D3D11_MAP_READ, 0,
                                         &m), S_OK);
        for (UINT y = 0; m.pData && y < 4; y++)
            memcpy(px + y * 16, (const uint8_t *)m.pData + y * m.RowPitch, 16);
        ID3D11DeviceContext_Unmap(c.ctx, (ID3D11Resource *)stage, s);
        for (int i = 0; i < 16; i++) {
            const uint8_t *p = &px[i * 4];
            if (s == 0) {
                CHECK(p[0] == 0xff && p[1] == 0x12 && p[2] == 0x45 && p[3] == 0xff);
            } else {
                CHECK(p[0] == 128 && p[1] == 0 && p[2] == 255 && p[3] == 64);
            }
        }
    }
    /* a raw view: every word of the view takes Values[0]; words outside it keep 0 */
    ACCEPTED(ID3D11DeviceContext_ClearUnorderedAccessViewUint(c.ctx, vr, vals));
    cx_read(&c, raw, words, sizeof(words));
    for (int i = 0; i < 8; i++)
        CHECK_EQ(words[i], i >= 2 && i < 6 ? 0x1ffu : 0u);
    /* a packed format: 11, 11, 10 bits of the values */
    ACCEPTED(ID3D11DeviceContext_ClearUnorderedAccessViewUint(c.ctx, vp, vals));
    cx_read(&c, pk, packed, sizeof(packed));
    CHECK_EQ(packed[0], 0x1ffu | (0x12u << 11) | (0x345u << 22));
    /* Float is for FLOAT / UNORM / SNORM views only */
    util_clear_last_message();
    ID3D11DeviceContext_ClearUnorderedAccessViewFloat(c.ctx, vr, half);
    CHECK_STR_CONTAINS(LAST, "a raw buffer view");
    util_clear_last_message();
    ID3D11DeviceContext_ClearUnorderedAccessViewFloat(c.ctx, vi, half);
    CHECK_STR_CONTAINS(LAST, "of an integer format");
    util_clear_last_message();
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(c.ctx, NULL, vals);
    CHECK_STR_CONTAINS(LAST, "not a softd3d unordered-access view");
    util_clear_last_message();
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(c.ctx, vr, NULL);
    CHECK_STR_CONTAINS(LAST, "Values is NULL");
    cx_read(&c, raw, words, sizeof(words));
    CHECK_EQ(words[2], 0x1ffu);             /* the refused calls changed nothing */
done:
    RD_RELEASE(vn);
    RD_RELEASE(vi);
    RD_RELEASE(vr);
    RD_RELEASE(vp);
    RD_RELEASE(tex);
    RD_RELEASE(stage);
    RD_RELEASE(raw);
    RD_RELEASE(pk);
    cx_end(&c);
}

TEST(uav_copy_structure_count_rules)
{
    struct cx c;
    static uint32_t out[4];
    if (!cx_begin(&c))
        return;
    ID3D11Buffer *st = structured(&c, 64, 4, D3D11_BIND_UNORDERED_ACCESS);
    ID3D11Buffer *dst = cx_buffer(&c, 16, D3D11_BIND_UNORDERED_ACCESS, 0, 0, NULL);
    static const uint32_t zeros[4];
    D3D11_BUFFER_DESC imm_d = { 16, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, 0, 0 };
    D3D11_SUBRESOURCE_DATA imm_init = { zeros, 0, 0 };
    ID3D11Buffer *imm = NULL;
    CHECK_HR(ID3D11Device_CreateBuffer(c.dev, &imm_d, &imm_init, &imm), S_OK);
    D3D11_UNORDERED_ACCESS_VIEW_DESC d = cx_uav_desc(DXGI_FORMAT_UNKNOWN,
                                                     D3D11_UAV_DIMENSION_BUFFER);
    d.Buffer.NumElements = 16;
    d.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_COUNTER;
    ID3D11UnorderedAccessView *counted = st ? cx_uav(&c, st, &d) : NULL;
    d.Buffer.Flags = 0;
    ID3D11UnorderedAccessView *plain = st ? cx_uav(&c, st, &d) : NULL;
    const UINT seven = 7, keep = (UINT)-1;
    if (!counted || !plain || !dst || !imm)
        goto done;
    /* initial counts: 7 sets, -1 keeps; a view without a counter ignores its count */
    ACCEPTED(ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 1, &counted, &seven));
    ACCEPTED(ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 1, &counted, &keep));
    ACCEPTED(ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 1, 1, &plain, &seven));
    ACCEPTED(ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 1, &counted, NULL));
    ACCEPTED(ID3D11DeviceContext_CopyStructureCount(c.ctx, dst, 12, counted));
    cx_read(&c, dst, out, sizeof(out));
    CHECK_EQ(out[3], 7);
    CHECK_EQ(out[0], 0);
    util_clear_last_message();
    ID3D11DeviceContext_CopyStructureCount(c.ctx, dst, 0, plain);
    CHECK_STR_CONTAINS(LAST, "no hidden counter");
    util_clear_last_message();
    ID3D11DeviceContext_CopyStructureCount(c.ctx, dst, 2, counted);
    CHECK_STR_CONTAINS(LAST, "not a multiple of 4");
    util_clear_last_message();
    ID3D11DeviceContext_CopyStructureCount(c.ctx, dst, 16, counted);
    CHECK_STR_CONTAINS(LAST, "no room");
    util_clear_last_message();
    ID3D11DeviceContext_CopyStructureCount(c.ctx, imm, 0, counted);
    CHECK_STR_CONTAINS(LAST, "immutable");
    util_clear_last_message();
    ID3D11DeviceContext_CopyStructureCount(c.ctx, NULL, 0, counted);
    CHECK_STR_CONTAINS(LAST, "not a buffer");
    cx_read(&c, dst, out, sizeof(out));
    CHECK_EQ(out[0], 0);
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(counted);
    RD_RELEASE(plain);
    RD_RELEASE(st);
    RD_RELEASE(dst);
    RD_RELEASE(imm);
    cx_end(&c);
}

/* The CS* setters and getters, the 8 UAV slots of 11_0, ClearState. */
TEST(uav_cs_bindings_and_clear_state)
{
    struct cx c;
    if (!cx_begin(&c))
        return;
    ID3D11ComputeShader *cs = cx_cs(&c, "cs_5_0\ndcl_thread_group 1, 1, 1\nret\n");
    ID3D11Buffer *b = cx_raw_buffer(&c, 64, NULL);
    ID3D11Buffer *cb = rd_buffer(c.dev, D3D11_BIND_CONSTANT_BUFFER, NULL, 16);
    ID3D11UnorderedAccessView *u = b ? cx_uav_raw(&c, b, 0, 16) : NULL, *got[9];
    ID3D11ComputeShader *gcs = NULL;
    ID3D11Buffer *gcb = NULL;
    ID3D11UnorderedAccessView *nine[9] = {NULL};
    if (!cs || !u || !cb)
        goto done;
    ACCEPTED(ID3D11DeviceContext_CSSetShader(c.ctx, cs, NULL, 0));
    ACCEPTED(ID3D11DeviceContext_CSSetConstantBuffers(c.ctx, 2, 1, &cb));
    ACCEPTED(ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 7, 1, &u, NULL));
    ID3D11DeviceContext_CSGetShader(c.ctx, &gcs, NULL, NULL);
    CHECK(gcs == cs);
    RD_RELEASE_REF(gcs);
    ID3D11DeviceContext_CSGetConstantBuffers(c.ctx, 2, 1, &gcb);
    CHECK(gcb == cb);
    RD_RELEASE_REF(gcb);
    ID3D11DeviceContext_CSGetUnorderedAccessViews(c.ctx, 0, 8, got);
    for (int i = 0; i < 7; i++)
        CHECK(got[i] == NULL);
    CHECK(got[7] == u);
    RD_RELEASE_REF(got[7]);
    /* 11_0 has 8 slots (D3D11_PS_CS_UAV_REGISTER_COUNT); a refused call changes nothing */
    util_clear_last_message();
    ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 9, nine, NULL);
    CHECK_STR_CONTAINS(LAST, "exceeds the 8 unordered-access slots");
    util_clear_last_message();
    ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 1, NULL, NULL);
    CHECK_STR_CONTAINS(LAST, "ppUnorderedAccessViews is NULL");
    util_clear_last_message();
    ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 1,
                                                  (ID3D11UnorderedAccessView **)&cb, NULL);
    CHECK_STR_CONTAINS(LAST, "not a softd3d unordered-access view");
    util_clear_last_message();
    ID3D11DeviceContext_CSSetShader(c.ctx, (ID3D11ComputeShader *)cb, NULL, 0);
    CHECK(LAST[0] != 0);
    ID3D11DeviceContext_CSGetUnorderedAccessViews(c.ctx, 7, 1, got);
    CHECK(got[0] == u);
    RD_RELEASE_REF(got[0]);
    /* ClearState unbinds the compute stage */
    ID3D11DeviceContext_ClearState(c.ctx);
    ID3D11DeviceContext_CSGetShader(c.ctx, &gcs, NULL, NULL);
    CHECK(gcs == NULL);
    ID3D11DeviceContext_CSGetUnorderedAccessViews(c.ctx, 7, 1, got);
    CHECK(got[0] == NULL);
    ID3D11DeviceContext_CSGetConstantBuffers(c.ctx, 2, 1, &gcb);
    CHECK(gcb == NULL);
done:
    RD_RELEASE(u);
    RD_RELEASE(b);
    RD_RELEASE(cb);
    RD_RELEASE(cs);
    cx_end(&c);
}

/* A resource bound as a UAV is unbound from every stage's SRV slots; an SRV of a resource
 * bound as a UAV is bound as NULL; views of other resources stay. */
TEST(uav_srv_hazards)
{
    struct cx c;
    if (!cx_begin(&c))
        return;
    ID3D11Buffer *b = cx_raw_buffer(&c, 64, NULL), *other = cx_raw_buffer(&c, 64, NULL);
    D3D11_SHADER_RESOURCE_VIEW_DESC d = cx_srv_desc(DXGI_FORMAT_R32_TYPELESS,
                                                    D3D11_SRV_DIMENSION_BUFFEREX);
    d.BufferEx.NumElements = 16;
    d.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW;
    ID3D11ShaderResourceView *s = NULL, *so = NULL, *got = NULL;
    ID3D11UnorderedAccessView *u = b ? cx_uav_raw(&c, b, 8, 8) : NULL, *none = NULL;
    if (b && other) {
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)b, &d, &s), S_OK);
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)other, &d, &so),
                 S_OK);
    }
    if (!s || !so || !u)
        goto done;
    ACCEPTED(ID3D11DeviceContext_PSSetShaderResources(c.ctx, 3, 1, &s));
    ACCEPTED(ID3D11DeviceContext_CSSetShaderResources(c.ctx, 0, 1, &s));
    ACCEPTED(ID3D11DeviceContext_CSSetShaderResources(c.ctx, 1, 1, &so));
    util_clear_last_message();
    ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 1, &u, NULL);
    CHECK_STR_CONTAINS(LAST, "shader-resource slot");
    ID3D11DeviceContext_PSGetShaderResources(c.ctx, 3, 1, &got);
    CHECK(got == NULL);
    ID3D11DeviceContext_CSGetShaderResources(c.ctx, 0, 1, &got);
    CHECK(got == NULL);
    ID3D11DeviceContext_CSGetShaderResources(c.ctx, 1, 1, &got);
    CHECK(got == so);
    RD_RELEASE_REF(got);
    /* the other way round */
    util_clear_last_message();
    ID3D11DeviceContext_VSSetShaderResources(c.ctx, 0, 1, &s);
    CHECK_STR_CONTAINS(LAST, "bound as an unordered-access view");
    ID3D11DeviceContext_VSGetShaderResources(c.ctx, 0, 1, &got);
    CHECK(got == NULL);
    /* unbound: the SRV binds again */
    ACCEPTED(ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 1, &none, NULL));
    ACCEPTED(ID3D11DeviceContext_VSSetShaderResources(c.ctx, 0, 1, &s));
    ID3D11DeviceContext_VSGetShaderResources(c.ctx, 0, 1, &got);
    CHECK(got == s);
    RD_RELEASE_REF(got);
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(s);
    RD_RELEASE(so);
    RD_RELEASE(u);
    RD_RELEASE(b);
    RD_RELEASE(other);
    cx_end(&c);
}

/* What CheckFeatureSupport says about compute, truthfully: cs_4_x is not offered at 10_x (nor
 * taken at 11_0: E_NOTIMPL below), command lists are the runtime's emulation, the 11.1 UAV
 * options are not there. */
TEST(uav_feature_support_and_refusals)
{
    struct cx c;
    D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS hw = { TRUE };
    D3D11_FEATURE_DATA_THREADING th;
    D3D11_FEATURE_DATA_D3D11_OPTIONS op;
    if (!cx_begin(&c))
        return;
    CHECK_HR(ID3D11Device_CheckFeatureSupport(c.dev, D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS, &hw,
                                              sizeof(hw)), S_OK);
    CHECK(hw.ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x);
    CHECK_HR(ID3D11Device_CheckFeatureSupport(c.dev, D3D11_FEATURE_THREADING, &th, sizeof(th)),
             S_OK);
    CHECK(th.DriverConcurrentCreates && !th.DriverCommandLists);
    memset(&op, 0xff, sizeof(op));
    CHECK_HR(ID3D11Device_CheckFeatureSupport(c.dev, D3D11_FEATURE_D3D11_OPTIONS, &op,
                                              sizeof(op)), S_OK);
    CHECK(!op.UAVOnlyRenderingForcedSampleCount && !op.MapNoOverwriteOnDynamicBufferSRV);
    /* cs_4_0 bytecode: legal at 11_0 and decoded with its rules (a program of just `ret`
     * lacks dcl_thread_group; the rest: tests/test_d3d11_cs4.c) */
    static uint8_t blob[1024];
    struct dxbc_builder_shader sh = { DXBC_PROGRAM_COMPUTE, 4, 0, 0, NULL, 0, NULL, 0, 0, 1 };
    size_t n = dxbc_build_shader(&sh, blob, sizeof(blob));
    ID3D11ComputeShader *cs = (ID3D11ComputeShader *)(uintptr_t)1;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateComputeShader(c.dev, blob, n, NULL, &cs), E_INVALIDARG);
    CHECK(cs == NULL);
    CHECK_STR_CONTAINS(LAST, "compute program without dcl_thread_group");
    cx_end(&c);
}

/* ---- pixel-shader UAVs (OMSetRenderTargetsAndUnorderedAccessViews) ------------------------- */

#define PSU_VS                                                                                   \
    "vs_5_0\ndcl_input_sgv v0.x, vertex_id\ndcl_output_siv o0.xyzw, position\ndcl_temps 1\n"     \
    "and r0.x, v0.x, l(1)\nushr r0.y, v0.x, l(1)\nutof r0.xy, r0.xyxx\n"                          \
    "mad o0.xy, r0.xyxx, l(2.0, -2.0, 0, 0), l(-1.0, 1.0, 0, 0)\n"                               \
    "mov o0.zw, l(0, 0, 0, 1.0)\nret\n"
/* each pixel: its word (1 + y * 8 + x) of u1 set, word 0 counted, (x + 100 y) into u2 */
#define PSU_PS                                                                                   \
    "ps_5_0\ndcl_input_ps_siv linear noperspective v0.xy, position\ndcl_uav_raw u1\n"            \
    "dcl_uav_typed_texture2d (uint,uint,uint,uint) u2\ndcl_output o0.xyzw\ndcl_temps 2\n"        \
    "ftou r0.xy, v0.xyxx\nimad r0.z, r0.y, l(8), r0.x\nishl r0.w, r0.z, l(2)\n"                  \
    "iadd r0.w, r0.w, l(4)\nstore_raw u1.x, r0.w, l(1)\natomic_iadd u1, l(0), l(1)\n"           \
    "imad r1.x, r0.y, l(100), r0.x\nstore_uav_typed u2.xyzw, r0.xyyy, r1.xxxx\n"                 \
    "mov o0.xyzw, l(1.0, 0, 0, 1.0)\nret\n"

static void read_tex_u32(struct cx *c, ID3D11Texture2D *t, uint32_t *out)
{
    D3D11_TEXTURE2D_DESC d;
    ID3D11Texture2D *st = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11Texture2D_GetDesc(t, &d);
    d.Usage = D3D11_USAGE_STAGING, d.BindFlags = 0, d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    CHECK_HR(ID3D11Device_CreateTexture2D(c->dev, &d, NULL, &st), S_OK);
    if (!st)
        return;
    ID3D11DeviceContext_CopyResource(c->ctx, (ID3D11Resource *)st, (ID3D11Resource *)t);
    CHECK_HR(ID3D11DeviceContext_Map(c->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m),
             S_OK);
    for (UINT y = 0; m.pData && y < d.Height; y++)
        memcpy(out + y * d.Width, (const uint8_t *)m.pData + y * m.RowPitch, d.Width * 4);
    ID3D11DeviceContext_Unmap(c->ctx, (ID3D11Resource *)st, 0);
    RD_RELEASE(st);
}

TEST(uav_pixel_shader_uavs)
{
    struct cx c;
    struct rd r;
    static uint32_t words[65], tex[64];
    static uint8_t rgba[64 * 4];
    size_t n = 0;
    if (!cx_begin(&c))
        return;
    memset(&r, 0, sizeof(r));
    r.dev = c.dev, r.ctx = c.ctx, r.w = 8, r.h = 8;
    ID3D11Texture2D *rt = rd_texture(c.dev, 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM,
                                     D3D11_BIND_RENDER_TARGET, NULL, 0);
    ID3D11RenderTargetView *rtv = NULL;
    if (rt)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(c.dev, (ID3D11Resource *)rt, NULL, &rtv),
                 S_OK);
    ID3D11Buffer *b = cx_raw_buffer(&c, sizeof(words), NULL);
    D3D11_TEXTURE2D_DESC td = { 8, 8, 1, 1, DXGI_FORMAT_R32_UINT, {1, 0}, D3D11_USAGE_DEFAULT,
                                D3D11_BIND_UNORDERED_ACCESS, 0, 0 };
    ID3D11Texture2D *t = NULL;
    CHECK_HR(ID3D11Device_CreateTexture2D(c.dev, &td, NULL, &t), S_OK);
    ID3D11UnorderedAccessView *u[2] = { b ? cx_uav_raw(&c, b, 0, 65) : NULL,
                                        t ? cx_uav(&c, t, NULL) : NULL }, *got[3];
    void *vb = cx_assemble(PSU_VS, &n);
    ID3D11VertexShader *vs = NULL;
    if (vb)
        CHECK_HR(ID3D11Device_CreateVertexShader(c.dev, vb, n, NULL, &vs), S_OK);
    free(vb);
    void *pb = cx_assemble(PSU_PS, &n);
    ID3D11PixelShader *ps = NULL;
    if (pb)
        CHECK_HR(ID3D11Device_CreatePixelShader(c.dev, pb, n, NULL, &ps), S_OK);
    free(pb);
    D3D11_QUERY_DESC qd = { D3D11_QUERY_PIPELINE_STATISTICS, 0 };
    D3D11_QUERY_DATA_PIPELINE_STATISTICS stats;
    ID3D11Query *q = NULL;
    CHECK_HR(ID3D11Device_CreateQuery(c.dev, &qd, &q), S_OK);
    if (!rtv || !u[0] || !u[1] || !vs || !ps || !q)
        goto done;
    /* the UAVs follow the render target: UAVStartSlot 0 with one RTV is refused */
    util_clear_last_message();
    ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(c.ctx, 1, &rtv, NULL, 0, 2, u,
                                                                  NULL);
    CHECK_STR_CONTAINS(LAST, "UAVStartSlot 0 is below NumRTVs 1");
    ID3D11DeviceContext_OMGetRenderTargetsAndUnorderedAccessViews(c.ctx, 0, NULL, NULL, 0, 3,
                                                                  got);
    CHECK(!got[0] && !got[1] && !got[2]);
    ACCEPTED(ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(c.ctx, 1, &rtv, NULL,
                                                                           1, 2, u, NULL));
    ID3D11DeviceContext_OMGetRenderTargetsAndUnorderedAccessViews(c.ctx, 0, NULL, NULL, 0, 3,
                                                                  got);
    CHECK(got[0] == NULL && got[1] == u[0] && got[2] == u[1]);
    for (int i = 0; i < 3; i++)
        RD_RELEASE_REF(got[i]);
    rd_viewport(c.ctx, 0, 0, 8, 8);
    ID3D11DeviceContext_IASetPrimitiveTopology(c.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(c.ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(c.ctx, ps, NULL, 0);
    ID3D11DeviceContext_Begin(c.ctx, (ID3D11Asynchronous *)q);
    /* the upper-left half: its diagonal cuts quads, whose uncovered lanes are helpers */
    ACCEPTED(ID3D11DeviceContext_Draw(c.ctx, 3, 0));
    ID3D11DeviceContext_End(c.ctx, (ID3D11Asynchronous *)q);
    CHECK_HR(ID3D11DeviceContext_GetData(c.ctx, (ID3D11Asynchronous *)q, &stats, sizeof(stats),
                                         0), S_OK);
    rd_read_tex(&r, rt, 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, 4, rgba);
    cx_read(&c, b, words, sizeof(words));
    read_tex_u32(&c, t, tex);
    uint32_t covered = 0;
    for (uint32_t i = 0; i < 64; i++) {
        bool in = rgba[i * 4] == 255;
        covered += in;
        CHECK_EQ(words[1 + i], in ? 1u : 0u);           /* helper lanes wrote nothing */
        CHECK_EQ(tex[i], in ? (i / 8) * 100 + i % 8 : 0u);
    }
    CHECK(covered > 20 && covered < 44);
    CHECK_EQ(words[0], covered);
    CHECK_EQ(stats.PSInvocations, covered);
    /* UAV-only rendering: no render target, UAVs from slot 0; the same pixels run */
    {
        const UINT zero4[4] = {0, 0, 0, 0};
        ID3D11DeviceContext_ClearUnorderedAccessViewUint(c.ctx, u[0], zero4);
        ACCEPTED(ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(c.ctx, 0, NULL,
                                                                               NULL, 1, 2, u,
                                                                               NULL));
        ACCEPTED(ID3D11DeviceContext_Draw(c.ctx, 3, 0));
        cx_read(&c, b, words, sizeof(words));
        CHECK_EQ(words[0], covered);
        for (uint32_t i = 0; i < 64; i++)
            CHECK_EQ(words[1 + i], rgba[i * 4] == 255 ? 1u : 0u);
    }
    /* KEEP keeps the UAVs; ClearState unbinds them */
    ACCEPTED(ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(
        c.ctx, 1, &rtv, NULL, 0, D3D11_KEEP_UNORDERED_ACCESS_VIEWS, NULL, NULL));
    ID3D11DeviceContext_OMGetRenderTargetsAndUnorderedAccessViews(c.ctx, 0, NULL, NULL, 1, 1,
                                                                  got);
    CHECK(got[0] == u[0]);
    RD_RELEASE_REF(got[0]);
    ID3D11DeviceContext_ClearState(c.ctx);
    ID3D11DeviceContext_OMGetRenderTargetsAndUnorderedAccessViews(c.ctx, 0, NULL, NULL, 1, 1,
                                                                  got);
    CHECK(got[0] == NULL);
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(q);
    RD_RELEASE(vs);
    RD_RELEASE(ps);
    RD_RELEASE(u[0]);
    RD_RELEASE(u[1]);
    RD_RELEASE(rtv);
    RD_RELEASE(rt);
    RD_RELEASE(t);
    RD_RELEASE(b);
    cx_end(&c);
}

/* A pixel program's memory reads: a structured SRV, a raw SRV and bufinfo of a typed buffer
 * SRV, into a UAV (UAV-only rendering: the 28 pixels of the half-screen triangle above). */
#define PSM_PS                                                                                   \
    "ps_5_0\ndcl_input_ps_siv linear noperspective v0.xy, position\n"                            \
    "dcl_resource_structured t0, 8\ndcl_resource_raw t1\n"                                       \
    "dcl_resource_buffer (uint,uint,uint,uint) t2\ndcl_uav_raw u0\ndcl_temps 2\n"                \
    "ftou r0.xy, v0.xyxx\nimad r0.z, r0.y, l(8), r0.x\n"                                         \
    "ld_structured r1.x, r0.z, l(4), t0.xxxx\nishl r0.w, r0.z, l(2)\n"                           \
    "ld_raw r1.y, r0.w, t1.xxxx\nbufinfo r1.z, t2.xxxx\n"                                        \
    "iadd r1.x, r1.x, r1.y\niadd r1.x, r1.x, r1.z\nsync_uglobal\n"                         \
    "store_raw u0.x, r0.w, r1.x\nret\n"

TEST(uav_pixel_shader_memory_reads)
{
    struct cx c;
    static uint32_t st[128], raw[64], out[64];
    size_t n = 0;
    if (!cx_begin(&c))
        return;
    for (uint32_t i = 0; i < 64; i++) {
        st[2 * i] = 0xffff, st[2 * i + 1] = 1000 * i;
        raw[i] = i;
    }
    ID3D11Buffer *sb = cx_buffer(&c, sizeof(st), D3D11_BIND_SHADER_RESOURCE,
                                 D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8, st);
    ID3D11Buffer *rb = cx_raw_buffer(&c, sizeof(raw), raw);
    ID3D11Buffer *tb = cx_buffer(&c, 64, D3D11_BIND_SHADER_RESOURCE, 0, 0, NULL);
    ID3D11Buffer *ob = cx_raw_buffer(&c, sizeof(out), NULL);
    ID3D11UnorderedAccessView *u = ob ? cx_uav_raw(&c, ob, 0, 64) : NULL;
    ID3D11ShaderResourceView *srv[3] = { NULL, NULL, NULL };
    D3D11_SHADER_RESOURCE_VIEW_DESC rd = cx_srv_desc(DXGI_FORMAT_R32_TYPELESS,
                                                     D3D11_SRV_DIMENSION_BUFFEREX);
    rd.BufferEx.NumElements = 64;
    rd.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW;
    D3D11_SHADER_RESOURCE_VIEW_DESC td = cx_srv_desc(DXGI_FORMAT_R32_UINT,
                                                     D3D11_SRV_DIMENSION_BUFFER);
    td.Buffer.NumElements = 5;
    if (sb && rb && tb) {
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)sb, NULL, &srv[0]),
                 S_OK);
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)rb, &rd, &srv[1]),
                 S_OK);
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)tb, &td, &srv[2]),
                 S_OK);
    }
    void *vb = cx_assemble(PSU_VS, &n);
    ID3D11VertexShader *vs = NULL;
    if (vb)
        CHECK_HR(ID3D11Device_CreateVertexShader(c.dev, vb, n, NULL, &vs), S_OK);
    free(vb);
    void *pb = cx_assemble(PSM_PS, &n);
    ID3D11PixelShader *ps = NULL;
    if (pb)
        CHECK_HR(ID3D11Device_CreatePixelShader(c.dev, pb, n, NULL, &ps), S_OK);
    free(pb);
    if (!u || !srv[0] || !srv[1] || !srv[2] || !vs || !ps)
        goto done;
    ACCEPTED(ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(c.ctx, 0, NULL, NULL,
                                                                           0, 1, &u, NULL));
    ACCEPTED(ID3D11DeviceContext_PSSetShaderResources(c.ctx, 0, 3, srv));
    rd_viewport(c.ctx, 0, 0, 8, 8);
    ID3D11DeviceContext_IASetPrimitiveTopology(c.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(c.ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(c.ctx, ps, NULL, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(c.ctx, 3, 0));
    cx_read(&c, ob, out, sizeof(out));
    uint32_t written = 0;
    for (uint32_t i = 0; i < 64; i++) {
        if (!out[i])
            continue;
        written++;
        CHECK_EQ(out[i], 1000 * i + i + 5);
    }
    CHECK_EQ(written, 28);
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    for (int i = 0; i < 3; i++)
        RD_RELEASE(srv[i]);
    RD_RELEASE(u);
    RD_RELEASE(vs);
    RD_RELEASE(ps);
    RD_RELEASE(sb);
    RD_RELEASE(rb);
    RD_RELEASE(tb);
    RD_RELEASE(ob);
    cx_end(&c);
}

/* [earlydepthstencil]: with forceEarlyDepthStencil the depth test runs first, so a pixel
 * behind the depth buffer runs no shader (no UAV side effect); without it the shader runs
 * for every covered pixel and the test comes after. */
#define PSE_VS(z)                                                                                \
    "vs_5_0\ndcl_input_sgv v0.x, vertex_id\ndcl_output_siv o0.xyzw, position\ndcl_temps 1\n"     \
    "and r0.x, v0.x, l(1)\nushr r0.y, v0.x, l(1)\nutof r0.xy, r0.xyxx\n"                          \
    "mad o0.xy, r0.xyxx, l(2.0, -2.0, 0, 0), l(-1.0, 1.0, 0, 0)\n"                               \
    "mov o0.zw, l(0, 0, " z ", 1.0)\nret\n"
#define PSE_PS_BODY                                                                              \
    "dcl_uav_raw u1\ndcl_output o0.xyzw\n"                                                       \
    "atomic_iadd u1, l(0), l(1)\nmov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)\nret\n"

static ID3D11VertexShader *vs_of(struct cx *c, const char *text)
{
    size_t n = 0;
    void *blob = cx_assemble(text, &n);
    ID3D11VertexShader *s = NULL;
    if (blob)
        CHECK_HR(ID3D11Device_CreateVertexShader(c->dev, blob, n, NULL, &s), S_OK);
    free(blob);
    return s;
}

static ID3D11PixelShader *ps_of(struct cx *c, const char *text)
{
    size_t n = 0;
    void *blob = cx_assemble(text, &n);
    ID3D11PixelShader *s = NULL;
    if (blob)
        CHECK_HR(ID3D11Device_CreatePixelShader(c->dev, blob, n, NULL, &s), S_OK);
    free(blob);
    return s;
}

/* Draws the half-screen triangle with vs/ps, returns how many times the shader counted. */
static uint32_t count_draw(struct cx *c, ID3D11VertexShader *vs, ID3D11PixelShader *ps,
                           ID3D11Buffer *b, ID3D11UnorderedAccessView *u)
{
    const UINT zero[4] = {0, 0, 0, 0};
    uint32_t n = 0xdead;
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(c->ctx, u, zero);
    ID3D11DeviceContext_VSSetShader(c->ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(c->ctx, ps, NULL, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(c->ctx, 3, 0));
    cx_read(c, b, &n, sizeof(n));
    return n;
}

TEST(uav_pixel_early_depth_stencil)
{
    struct cx c;
    struct rd r;
    static uint8_t rgba[64 * 4];
    if (!cx_begin(&c))
        return;
    memset(&r, 0, sizeof(r));
    r.dev = c.dev, r.ctx = c.ctx, r.w = 8, r.h = 8;
    ID3D11Texture2D *rt = rd_texture(c.dev, 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM,
                                     D3D11_BIND_RENDER_TARGET, NULL, 0);
    ID3D11Texture2D *ds = rd_texture(c.dev, 8, 8, DXGI_FORMAT_D32_FLOAT,
                                     D3D11_BIND_DEPTH_STENCIL, NULL, 0);
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    if (rt)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(c.dev, (ID3D11Resource *)rt, NULL, &rtv),
                 S_OK);
    if (ds)
        CHECK_HR(ID3D11Device_CreateDepthStencilView(c.dev, (ID3D11Resource *)ds, NULL, &dsv),
                 S_OK);
    ID3D11Buffer *b = cx_raw_buffer(&c, 16, NULL);
    ID3D11UnorderedAccessView *u = b ? cx_uav_raw(&c, b, 0, 4) : NULL;
    ID3D11VertexShader *far_vs = vs_of(&c, PSE_VS("0.5")), *near_vs = vs_of(&c, PSE_VS("0.1"));
    ID3D11PixelShader *late = ps_of(&c, "ps_5_0\n" PSE_PS_BODY);
    ID3D11PixelShader *early = ps_of(&c, "ps_5_0\ndcl_globalFlags forceEarlyDepthStencil\n"
                                         PSE_PS_BODY);
    const float black[4] = {0, 0, 0, 0};
    if (!rtv || !dsv || !u || !far_vs || !near_vs || !late || !early)
        goto done;
    ACCEPTED(ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(c.ctx, 1, &rtv, dsv,
                                                                           1, 1, &u, NULL));
    rd_viewport(c.ctx, 0, 0, 8, 8);
    ID3D11DeviceContext_IASetPrimitiveTopology(c.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_ClearRenderTargetView(c.ctx, rtv, black);
    ID3D11DeviceContext_ClearDepthStencilView(c.ctx, dsv, D3D11_CLEAR_DEPTH, 0.3f, 0);
    /* behind the depth (0.5 > 0.3): the late shader runs anyway, the early one never */
    CHECK_EQ(count_draw(&c, far_vs, late, b, u), 28);
    CHECK_EQ(count_draw(&c, far_vs, early, b, u), 0);
    rd_read_tex(&r, rt, 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, 4, rgba);
    for (int i = 0; i < 64; i++)
        CHECK_EQ(rgba[i * 4], 0);
    /* in front (0.1): both run, the early one writes colour and depth */
    CHECK_EQ(count_draw(&c, near_vs, early, b, u), 28);
    rd_read_tex(&r, rt, 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, 4, rgba);
    uint32_t lit = 0;
    for (int i = 0; i < 64; i++)
        lit += rgba[i * 4] == 255;
    CHECK_EQ(lit, 28);
    /* the depth is now 0.1 there: a second early draw at 0.1 fails LESS everywhere */
    CHECK_EQ(count_draw(&c, near_vs, early, b, u), 0);
    CHECK_EQ(count_draw(&c, near_vs, late, b, u), 28);
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(far_vs);
    RD_RELEASE(near_vs);
    RD_RELEASE(late);
    RD_RELEASE(early);
    RD_RELEASE(u);
    RD_RELEASE(b);
    RD_RELEASE(rtv);
    RD_RELEASE(dsv);
    RD_RELEASE(rt);
    RD_RELEASE(ds);
    cx_end(&c);
}

/* ---- 11_1: UAVs in every stage, 64 slots ----------------------------------------------------- */

static bool cx_begin_11_1(struct cx *c)
{
    c->dev = rd_profile_device("11_1", D3D_FEATURE_LEVEL_11_1, &c->ctx);
    return c->dev != NULL;
}

/* A buffer of `words` words, each 0xffffffff, for the UAV tests' read-backs. */
static ID3D11Buffer *sentinel_buffer(struct cx *c, UINT words, UINT misc, UINT stride)
{
    static uint32_t ones[256];
    memset(ones, 0xff, sizeof(ones));
    return cx_buffer(c, words * 4, D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE,
                     misc, stride, ones);
}

/* Each vertex stores (SV_VertexID, 3 id + 7) into element id of a structured UAV at u1 and
 * id + 100 at byte 4 id of a raw UAV at u63 (the last of the 64 slots); its position is
 * outside the viewport, so only the stores are seen. */
#define VSU_VS                                                                                   \
    "vs_5_0\ndcl_input_sgv v0.x, vertex_id\ndcl_output_siv o0.xyzw, position\n"                  \
    "dcl_uav_structured u1, 8\ndcl_uav_raw u63\ndcl_temps 1\n"                                   \
    "mov r0.x, v0.x\nimad r0.y, v0.x, l(3), l(7)\n"                                              \
    "store_structured u1.xy, v0.x, l(0), r0.xyxx\n"                                              \
    "ishl r0.z, v0.x, l(2)\niadd r0.w, v0.x, l(100)\nstore_raw u63.x, r0.z, r0.w\n"              \
    "mov o0.xyzw, l(2.0, 0, 0, 1.0)\nret\n"

static void vsu_draw(ID3D11DeviceContext *ctx, ID3D11VertexShader *vs,
                     ID3D11UnorderedAccessView *const *u63)
{
    rd_viewport(ctx, 0, 0, 8, 8);
    ID3D11DeviceContext_IASetPrimitiveTopology(ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D11DeviceContext_VSSetShader(ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(ctx, NULL, NULL, 0);
    /* no render target: u1..u63 (63 slots from 1) */
    ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(ctx, 0, NULL, NULL, 1, 63,
                                                                  u63, NULL);
    ID3D11DeviceContext_Draw(ctx, 12, 0);
}

static void vsu_check(struct cx *c, ID3D11Buffer *st, ID3D11Buffer *raw)
{
    uint32_t s[32], w[16];
    cx_read(c, st, s, sizeof(s));
    cx_read(c, raw, w, sizeof(w));
    for (uint32_t i = 0; i < 16; i++) {
        bool drawn = i < 12;
        CHECK_EQ(s[2 * i], drawn ? i : 0xffffffffu);
        CHECK_EQ(s[2 * i + 1], drawn ? 3 * i + 7 : 0xffffffffu);
        CHECK_EQ(w[i], drawn ? i + 100 : 0xffffffffu);
    }
}

TEST(uav_11_1_vertex_shader_uavs_and_64_slots)
{
    struct cx c, c0;
    size_t n = 0;
    if (!cx_begin_11_1(&c))
        return;
    if (!cx_begin(&c0)) {
        cx_end(&c);
        return;
    }
    void *blob = cx_assemble(VSU_VS, &n);
    ID3D11VertexShader *vs = NULL, *vs0 = (ID3D11VertexShader *)(uintptr_t)1;
    ID3D11Buffer *st = sentinel_buffer(&c, 32, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8);
    ID3D11Buffer *raw = sentinel_buffer(&c, 16, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0);
    ID3D11UnorderedAccessView *u[63] = { NULL }, *got[64];
    ID3D11DeviceContext *dc = NULL;
    ID3D11CommandList *list = NULL;
    if (blob) {
        CHECK_HR(ID3D11Device_CreateVertexShader(c.dev, blob, n, NULL, &vs), S_OK);
        /* below 11_1 a vertex shader has no UAVs: refused at creation */
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateVertexShader(c0.dev, blob, n, NULL, &vs0), E_INVALIDARG);
        CHECK(vs0 == NULL);
        CHECK_STR_CONTAINS(LAST, "unordered-access views in the vertex stage need feature "
                                 "level 11_1, the device is 11_0");
    }
    free(blob);
    if (st)
        CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c.dev, (ID3D11Resource *)st, NULL, &u[0]),
                 S_OK);
    if (raw)
        u[62] = cx_uav_raw(&c, raw, 0, 16);
    if (!vs || !u[0] || !u[62])
        goto done;
    vsu_draw(c.ctx, vs, u);
    vsu_check(&c, st, raw);
    /* the getter: all 64 slots at 11_1 */
    ID3D11DeviceContext_OMGetRenderTargetsAndUnorderedAccessViews(c.ctx, 0, NULL, NULL, 0, 64,
                                                                  got);
    CHECK(got[0] == NULL && got[1] == u[0] && got[63] == u[62] && got[40] == NULL);
    for (int i = 0; i < 64; i++)
        RD_RELEASE_REF(got[i]);
    /* the same calls recorded on a deferred context give the same stores */
    {
        static const uint32_t ones4[4] = { ~0u, ~0u, ~0u, ~0u };
        ID3D11DeviceContext_ClearUnorderedAccessViewUint(c.ctx, u[0], ones4);
        ID3D11DeviceContext_ClearUnorderedAccessViewUint(c.ctx, u[62], ones4);
        ID3D11DeviceContext_ClearState(c.ctx);
        CHECK_HR(ID3D11Device_CreateDeferredContext(c.dev, 0, &dc), S_OK);
        if (dc) {
            vsu_draw(dc, vs, u);
            CHECK_HR(ID3D11DeviceContext_FinishCommandList(dc, FALSE, &list), S_OK);
        }
        if (list)
            ID3D11DeviceContext_ExecuteCommandList(c.ctx, list, FALSE);
        vsu_check(&c, st, raw);
    }
    /* ClearState unbinds slot 63 */
    vsu_draw(c.ctx, vs, u);
    ID3D11DeviceContext_ClearState(c.ctx);
    ID3D11DeviceContext_OMGetRenderTargetsAndUnorderedAccessViews(c.ctx, 0, NULL, NULL, 63, 1,
                                                                  got);
    CHECK(got[0] == NULL);
    /* 11_0 has 8 slots: u8 is past them, for CS and OM alike */
    util_clear_last_message();
    ID3D11DeviceContext_CSSetUnorderedAccessViews(c0.ctx, 8, 1, u, NULL);
    CHECK_STR_CONTAINS(LAST, "exceeds the 8 unordered-access slots of feature level 11_0");
    /* 11_1: the compute stage has its own 64 */
    ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 63, 1, &u[62], NULL);
    ID3D11DeviceContext_CSGetUnorderedAccessViews(c.ctx, 63, 1, got);
    CHECK(got[0] == u[62]);
    RD_RELEASE_REF(got[0]);
    util_clear_last_message();
    ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 63, 2, u, NULL);
    CHECK_STR_CONTAINS(LAST, "exceeds the 64 unordered-access slots of feature level 11_1");
    ID3D11DeviceContext_CSGetUnorderedAccessViews(c.ctx, 63, 1, got);
    CHECK(got[0] == u[62]);   /* the refused call changed nothing */
    RD_RELEASE_REF(got[0]);
    {
        /* the hazard rule at a high slot: binding the UAV at u40 unbinds the VS's SRV of the
         * same buffer */
        D3D11_SHADER_RESOURCE_VIEW_DESC sd = cx_srv_desc(DXGI_FORMAT_R32_TYPELESS,
                                                         D3D11_SRV_DIMENSION_BUFFEREX);
        ID3D11ShaderResourceView *srv = NULL, *sgot = NULL;
        sd.BufferEx.NumElements = 16;
        sd.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW;
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)raw, &sd, &srv),
                 S_OK);
        ID3D11DeviceContext_VSSetShaderResources(c.ctx, 3, 1, &srv);
        ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(c.ctx, 0, NULL, NULL, 40,
                                                                      1, &u[62], NULL);
        ID3D11DeviceContext_VSGetShaderResources(c.ctx, 3, 1, &sgot);
        CHECK(sgot == NULL);
        RD_RELEASE_REF(sgot);
        RD_RELEASE(srv);
    }
done:
    if (vs0 && vs0 != (ID3D11VertexShader *)(uintptr_t)1)
        RD_RELEASE(vs0);
    RD_RELEASE(list);
    RD_RELEASE(dc);
    RD_RELEASE(vs);
    RD_RELEASE(u[0]);
    RD_RELEASE(u[62]);
    RD_RELEASE(st);
    RD_RELEASE(raw);
    cx_end(&c0);
    cx_end(&c);
}

/* A geometry shader counting its invocations and summing SV_PrimitiveID with atomics. */
#define GSU_VS                                                                                   \
    "vs_5_0\ndcl_input_sgv v0.x, vertex_id\ndcl_output_siv o0.xyzw, position\n"                  \
    "mov o0.xyzw, l(2.0, 0, 0, 1.0)\nret\n"
#define GSU_GS                                                                                   \
    "gs_5_0\ndcl_input_siv v[1][0].xyzw, position\ndcl_input vPrim\n"                            \
    "dcl_inputprimitive point\ndcl_outputtopology pointlist\n"                                   \
    "dcl_output_siv o0.xyzw, position\ndcl_uav_raw u5\ndcl_maxout 1\n"                           \
    "atomic_iadd u5, l(0), l(1)\natomic_iadd u5, l(4), vPrim\n"                                  \
    "mov o0.xyzw, v[0][0].xyzw\nemit\nret\n"

TEST(uav_11_1_geometry_shader_atomic_counter)
{
    struct cx c;
    size_t n = 0;
    if (!cx_begin_11_1(&c))
        return;
    void *vb = cx_assemble(GSU_VS, &n);
    ID3D11VertexShader *vs = NULL;
    if (vb)
        CHECK_HR(ID3D11Device_CreateVertexShader(c.dev, vb, n, NULL, &vs), S_OK);
    free(vb);
    void *gb = cx_assemble(GSU_GS, &n);
    ID3D11GeometryShader *gs = NULL;
    if (gb)
        CHECK_HR(ID3D11Device_CreateGeometryShader(c.dev, gb, n, NULL, &gs), S_OK);
    free(gb);
    static const uint32_t zero[2] = { 0, 0 };
    ID3D11Buffer *b = cx_raw_buffer(&c, 8, zero);
    ID3D11UnorderedAccessView *u = b ? cx_uav_raw(&c, b, 0, 2) : NULL;
    uint32_t w[2];
    if (!vs || !gs || !u)
        goto done;
    rd_viewport(c.ctx, 0, 0, 8, 8);
    ID3D11DeviceContext_IASetPrimitiveTopology(c.ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D11DeviceContext_VSSetShader(c.ctx, vs, NULL, 0);
    ID3D11DeviceContext_GSSetShader(c.ctx, gs, NULL, 0);
    ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(c.ctx, 0, NULL, NULL, 5, 1,
                                                                  &u, NULL);
    ID3D11DeviceContext_Draw(c.ctx, 10, 0);
    cx_read(&c, b, w, sizeof(w));
    CHECK_EQ(w[0], 10u);         /* one invocation a point */
    CHECK_EQ(w[1], 45u);         /* SV_PrimitiveID 0..9 */
    /* an instanced draw: the primitive ids restart with each instance */
    ID3D11DeviceContext_DrawInstanced(c.ctx, 4, 3, 0, 0);
    cx_read(&c, b, w, sizeof(w));
    CHECK_EQ(w[0], 22u);
    CHECK_EQ(w[1], 45u + 3 * 6);
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(u);
    RD_RELEASE(b);
    RD_RELEASE(gs);
    RD_RELEASE(vs);
    cx_end(&c);
}

/* Hull and domain programs writing patch data: the patch-constant phase stores id + 1000 at
 * u2[id], the domain program id + 2000 at u3[id] (the same value from each of a patch's
 * domain points), SV_PrimitiveID being the patch. */
#define TSU_VS                                                                                   \
    "vs_5_0\ndcl_input_sgv v0.x, vertex_id\ndcl_output o0.xyzw\n"                                \
    "mov o0.xyzw, l(2.0, 0, 0, 1.0)\nret\n"
#define TSU_HS                                                                                   \
    "hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 3\n"     \
    "dcl_tessellator_domain domain_tri\ndcl_tessellator_partitioning partitioning_integer\n"     \
    "dcl_tessellator_output_primitive output_triangle_cw\ndcl_hs_max_tessfactor l(1.000000)\n"  \
    "hs_control_point_phase\ndcl_input vOutputControlPointID\ndcl_input v[3][0].xyzw\n"         \
    "dcl_output o0.xyzw\ndcl_temps 1\nmov r0.x, vOutputControlPointID\n"                        \
    "mov o0.xyzw, v[r0.x + 0][0].xyzw\nret\n"                                                    \
    "hs_fork_phase\ndcl_uav_raw u2\ndcl_input vPrim\n"                                          \
    "dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\n"                                          \
    "dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n"                                          \
    "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\n"                                          \
    "dcl_output_siv o3.x, finalTriInsideTessFactor\ndcl_temps 1\n"                               \
    "mov o0.x, l(1.0)\nmov o1.x, l(1.0)\nmov o2.x, l(1.0)\nmov o3.x, l(1.0)\n"                   \
    "ishl r0.x, vPrim, l(2)\niadd r0.y, vPrim, l(1000)\nstore_raw u2.x, r0.x, r0.y\nret\n"
#define TSU_DS                                                                                   \
    "ds_5_0\ndcl_input_control_point_count 3\ndcl_tessellator_domain domain_tri\n"              \
    "dcl_input vDomain.xyz\ndcl_input vPrim\ndcl_input vicp[3][0].xyzw\n"                        \
    "dcl_output_siv o0.xyzw, position\ndcl_uav_raw u3\ndcl_temps 1\n"                            \
    "mul r0.xyzw, vDomain.yyyy, vicp[1][0].xyzw\n"                                               \
    "mad r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw, r0.xyzw\n"                                      \
    "mad o0.xyzw, vDomain.zzzz, vicp[2][0].xyzw, r0.xyzw\n"                                      \
    "ishl r0.x, vPrim, l(2)\niadd r0.y, vPrim, l(2000)\nstore_raw u3.x, r0.x, r0.y\nret\n"

TEST(uav_11_1_hull_and_domain_shader_patch_data)
{
    struct cx c, c0;
    size_t n = 0;
    if (!cx_begin_11_1(&c))
        return;
    if (!cx_begin(&c0)) {
        cx_end(&c);
        return;
    }
    ID3D11VertexShader *vs = NULL;
    ID3D11HullShader *hs = NULL, *hs0 = (ID3D11HullShader *)(uintptr_t)1;
    ID3D11DomainShader *ds = NULL, *ds0 = (ID3D11DomainShader *)(uintptr_t)1;
    void *blob = cx_assemble(TSU_VS, &n);
    if (blob)
        CHECK_HR(ID3D11Device_CreateVertexShader(c.dev, blob, n, NULL, &vs), S_OK);
    free(blob);
    if ((blob = cx_assemble(TSU_HS, &n))) {
        CHECK_HR(ID3D11Device_CreateHullShader(c.dev, blob, n, NULL, &hs), S_OK);
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateHullShader(c0.dev, blob, n, NULL, &hs0), E_INVALIDARG);
        CHECK(hs0 == NULL);
        CHECK_STR_CONTAINS(LAST, "the hull stage need feature level 11_1");
    }
    free(blob);
    if ((blob = cx_assemble(TSU_DS, &n))) {
        CHECK_HR(ID3D11Device_CreateDomainShader(c.dev, blob, n, NULL, &ds), S_OK);
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateDomainShader(c0.dev, blob, n, NULL, &ds0), E_INVALIDARG);
        CHECK(ds0 == NULL);
        CHECK_STR_CONTAINS(LAST, "the domain stage need feature level 11_1");
    }
    free(blob);
    ID3D11Buffer *b2 = sentinel_buffer(&c, 8, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0);
    ID3D11Buffer *b3 = sentinel_buffer(&c, 8, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0);
    ID3D11UnorderedAccessView *u[2] = { b2 ? cx_uav_raw(&c, b2, 0, 8) : NULL,
                                        b3 ? cx_uav_raw(&c, b3, 0, 8) : NULL };
    uint32_t w2[8], w3[8];
    if (!vs || !hs || !ds || !u[0] || !u[1])
        goto done;
    rd_viewport(c.ctx, 0, 0, 8, 8);
    ID3D11DeviceContext_IASetPrimitiveTopology(c.ctx,
                                               D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
    ID3D11DeviceContext_VSSetShader(c.ctx, vs, NULL, 0);
    ID3D11DeviceContext_HSSetShader(c.ctx, hs, NULL, 0);
    ID3D11DeviceContext_DSSetShader(c.ctx, ds, NULL, 0);
    ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(c.ctx, 0, NULL, NULL, 2, 2, u,
                                                                  NULL);
    ID3D11DeviceContext_Draw(c.ctx, 15, 0);   /* 5 patches */
    cx_read(&c, b2, w2, sizeof(w2));
    cx_read(&c, b3, w3, sizeof(w3));
    for (uint32_t i = 0; i < 8; i++) {
        CHECK_EQ(w2[i], i < 5 ? i + 1000 : 0xffffffffu);
        CHECK_EQ(w3[i], i < 5 ? i + 2000 : 0xffffffffu);
    }
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    if (hs0 && hs0 != (ID3D11HullShader *)(uintptr_t)1)
        RD_RELEASE(hs0);
    if (ds0 && ds0 != (ID3D11DomainShader *)(uintptr_t)1)
        RD_RELEASE(ds0);
    RD_RELEASE(u[0]);
    RD_RELEASE(u[1]);
    RD_RELEASE(b2);
    RD_RELEASE(b3);
    RD_RELEASE(vs);
    RD_RELEASE(hs);
    RD_RELEASE(ds);
    cx_end(&c0);
    cx_end(&c);
}

/* 11_1 lets pixel and compute programs use u8..u63; 11_0 refuses them at creation. */
TEST(uav_11_1_compute_high_slot)
{
    struct cx c, c0;
    if (!cx_begin_11_1(&c))
        return;
    if (!cx_begin(&c0)) {
        cx_end(&c);
        return;
    }
    /* a raw view at u50 and a typed R32_UINT one at u63 (the JIT's typed store) */
    static const char cs_text[] =
        "cs_5_0\ndcl_uav_raw u50\ndcl_uav_typed_buffer (uint,uint,uint,uint) u63\n"
        "dcl_input vThreadID.x\ndcl_temps 1\n"
        "dcl_thread_group 4, 1, 1\nishl r0.x, vThreadID.x, l(2)\n"
        "imul null, r0.y, vThreadID.x, vThreadID.x\nstore_raw u50.x, r0.x, r0.y\n"
        "iadd r0.z, r0.y, l(5)\nstore_uav_typed u63.xyzw, vThreadID.xxxx, r0.zzzz\nret\n";
    size_t n = 0;
    void *blob = cx_assemble(cs_text, &n);
    ID3D11ComputeShader *cs = NULL, *cs0 = (ID3D11ComputeShader *)(uintptr_t)1;
    ID3D11Buffer *b = sentinel_buffer(&c, 4, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0);
    ID3D11Buffer *tb = sentinel_buffer(&c, 4, 0, 0);
    ID3D11UnorderedAccessView *u = b ? cx_uav_raw(&c, b, 0, 4) : NULL, *ut = NULL;
    uint32_t w[4], wt[4];
    if (tb) {
        D3D11_UNORDERED_ACCESS_VIEW_DESC d = cx_uav_desc(DXGI_FORMAT_R32_UINT,
                                                         D3D11_UAV_DIMENSION_BUFFER);
        d.Buffer.NumElements = 4;
        ut = cx_uav(&c, tb, &d);
    }
    if (blob) {
        CHECK_HR(ID3D11Device_CreateComputeShader(c.dev, blob, n, NULL, &cs), S_OK);
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateComputeShader(c0.dev, blob, n, NULL, &cs0), E_INVALIDARG);
        CHECK(cs0 == NULL);
        CHECK_STR_CONTAINS(LAST, "u50 is past the 8 unordered-access slots of feature level "
                                 "11_0");
    }
    free(blob);
    if (!cs || !u || !ut)
        goto done;
    ID3D11DeviceContext_CSSetShader(c.ctx, cs, NULL, 0);
    ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 50, 1, &u, NULL);
    ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 63, 1, &ut, NULL);
    ID3D11DeviceContext_Dispatch(c.ctx, 1, 1, 1);
    cx_read(&c, b, w, sizeof(w));
    cx_read(&c, tb, wt, sizeof(wt));
    for (uint32_t i = 0; i < 4; i++) {
        CHECK_EQ(w[i], i * i);
        CHECK_EQ(wt[i], i * i + 5);
    }
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(ut);
    RD_RELEASE(tb);
    RD_RELEASE(u);
    RD_RELEASE(b);
    RD_RELEASE(cs);
    cx_end(&c0);
    cx_end(&c);
}

/* ---- 11_1: UAV-only rendering at a forced sample count --------------------------------------- */

/* The triangle (0, 0), (8.03125, 0), (0, 8.03125) in pixels of an 8x8 viewport (no sample of
 * any standard pattern lies on its diagonal: offsets are sixteenths); the pixel shader stores
 * countbits(SV_Coverage) at its pixel. */
#define FSC_VS                                                                                   \
    "vs_5_0\ndcl_input_sgv v0.x, vertex_id\ndcl_output_siv o0.xyzw, position\ndcl_temps 1\n"     \
    "and r0.x, v0.x, l(1)\nushr r0.y, v0.x, l(1)\nutof r0.xy, r0.xyxx\n"                          \
    "mad o0.xy, r0.xyxx, l(2.0078125, -2.0078125, 0, 0), l(-1.0, 1.0, 0, 0)\n"                   \
    "mov o0.zw, l(0, 0, 0, 1.0)\nret\n"
#define FSC_PS                                                                                   \
    "ps_5_0\ndcl_input_ps_siv linear noperspective v0.xy, position\ndcl_input vCoverage\n"       \
    "dcl_uav_raw u0\ndcl_temps 1\nftou r0.xy, v0.xyxx\nimad r0.z, r0.y, l(8), r0.x\n"            \
    "ishl r0.z, r0.z, l(2)\ncountbits r0.w, vCoverage.x\nstore_raw u0.x, r0.z, r0.w\nret\n"

/* The same storing SV_Coverage itself (bit s: sample s of the forced pattern). */
#define FSC_PS_MASK                                                                              \
    "ps_5_0\ndcl_input_ps_siv linear noperspective v0.xy, position\ndcl_input vCoverage\n"       \
    "dcl_uav_raw u0\ndcl_temps 1\nftou r0.xy, v0.xyxx\nimad r0.z, r0.y, l(8), r0.x\n"            \
    "ishl r0.z, r0.z, l(2)\nstore_raw u0.x, r0.z, vCoverage.x\nret\n"

/* Every invocation stores the rasterizer's pattern: element i < 16 = samplepos(rasterizer, i)
 * as (16 x + 8) | (16 y + 8) << 8, element 16 = sampleinfo(rasterizer) (all invocations store
 * the same values). */
#define FSC_PS_POS                                                                               \
    "ps_5_0\ndcl_uav_raw u0\ndcl_temps 3\nsampleinfo_uint r0.w, rasterizer.x\n"                  \
    "mov r0.x, l(0)\nloop\nuge r0.y, r0.x, l(16)\nbreakc_nz r0.y\n"                             \
    "samplepos r1.xy, rasterizer.xyxx, r0.x\n"                                                  \
    "mad r1.xy, r1.xyxx, l(16.0, 16.0, 0, 0), l(8.0, 8.0, 0, 0)\nftou r1.xy, r1.xyxx\n"         \
    "ishl r1.y, r1.y, l(8)\nor r1.x, r1.x, r1.y\nishl r2.x, r0.x, l(2)\n"                       \
    "store_raw u0.x, r2.x, r1.x\niadd r0.x, r0.x, l(1)\nendloop\n"                              \
    "store_raw u0.x, l(64), r0.w\nret\n"

/* D3D11_STANDARD_MULTISAMPLE_PATTERN in sixteenths of a pixel from the centre (16 samples: the
 * figure of the D3D11.3 functional spec 19.2.4); 0 and 1: the centre. */
static const int (*fsc_pattern(UINT n))[2]
{
    static const int p1[1][2] = { { 0, 0 } };
    static const int p2[2][2] = { { 4, 4 }, { -4, -4 } };
    static const int p4[4][2] = { { -2, -6 }, { 6, -2 }, { -6, 2 }, { 2, 6 } };
    static const int p8[8][2] = { { 1, -3 }, { -1, 3 }, { 5, 1 }, { -3, -5 },
                                  { -5, 5 }, { -7, -1 }, { 3, 7 }, { 7, -7 } };
    static const int p16[16][2] = { { 1, 1 },   { -1, -3 }, { -3, 2 },  { 4, -1 },
                                    { -5, -2 }, { 2, 5 },   { 5, 3 },   { 3, -5 },
                                    { -2, 6 },  { 0, -7 },  { -4, -6 }, { -6, 4 },
                                    { -8, 0 },  { 7, -4 },  { 6, 7 },   { -7, -8 } };
    return n == 16 ? p16 : n == 8 ? p8 : n == 4 ? p4 : n == 2 ? p2 : p1;
}

/* The mask of the pattern's samples inside the triangle at pixel (px, py): x + y < 8.03125. */
static uint32_t fsc_expected_mask(UINT n, uint32_t px, uint32_t py)
{
    const int (*p)[2] = fsc_pattern(n);
    uint32_t m = 0;
    for (UINT s = 0; s < (n ? n : 1); s++) {
        /* in sixteenths: (16 px + 8 + ox) + (16 py + 8 + oy) < 16 * 8.03125 = 128.5 */
        int sum = 16 * (int)px + 8 + p[s][0] + 16 * (int)py + 8 + p[s][1];
        m |= (uint32_t)(2 * sum < 257) << s;
    }
    return m;
}

static uint32_t fsc_expected(UINT n, uint32_t px, uint32_t py)
{
    return (uint32_t)__builtin_popcount(fsc_expected_mask(n, px, py));
}

static void fsc_draw(struct cx *c, ID3D11Device1 *d1, UINT n, ID3D11UnorderedAccessView *u,
                     uint32_t *out, ID3D11Buffer *b)
{
    static const uint32_t ones4[4] = { ~0u, ~0u, ~0u, ~0u };
    D3D11_RASTERIZER_DESC1 rd;
    ID3D11RasterizerState1 *rs = NULL;
    memset(&rd, 0, sizeof(rd));
    rd.FillMode = D3D11_FILL_SOLID;
    rd.CullMode = D3D11_CULL_NONE;
    rd.DepthClipEnable = TRUE;
    rd.ForcedSampleCount = n;
    CHECK_HR(ID3D11Device1_CreateRasterizerState1(d1, &rd, &rs), S_OK);
    ID3D11DeviceContext_RSSetState(c->ctx, (ID3D11RasterizerState *)rs);
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(c->ctx, u, ones4);
    ID3D11DeviceContext_Draw(c->ctx, 3, 0);
    cx_read(c, b, out, 64 * 4);
    ID3D11DeviceContext_RSSetState(c->ctx, NULL);
    RD_RELEASE(rs);
}

TEST(uav_11_1_forced_sample_count_uav_only)
{
    struct cx c, c0;
    if (!cx_begin_11_1(&c))
        return;
    if (!cx_begin(&c0)) {
        cx_end(&c);
        return;
    }
    ID3D11Device1 *d1 = NULL, *d10 = NULL;
    ID3D11VertexShader *vs = vs_of(&c, FSC_VS);
    ID3D11PixelShader *ps = ps_of(&c, FSC_PS), *psm = ps_of(&c, FSC_PS_MASK);
    ID3D11PixelShader *psp = ps_of(&c, FSC_PS_POS);
    ID3D11Buffer *b = sentinel_buffer(&c, 64, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0);
    ID3D11UnorderedAccessView *u = b ? cx_uav_raw(&c, b, 0, 64) : NULL;
    ID3D11Texture2D *rt = NULL, *ds = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    D3D11_FEATURE_DATA_D3D11_OPTIONS o;
    static uint32_t got[64], base[64];
    CHECK_HR(ID3D11Device_QueryInterface(c.dev, &IID_ID3D11Device1, (void **)&d1), S_OK);
    CHECK_HR(ID3D11Device_QueryInterface(c0.dev, &IID_ID3D11Device1, (void **)&d10), S_OK);
    if (!d1 || !d10 || !vs || !ps || !u)
        goto done;
    CHECK_HR(ID3D11Device_CheckFeatureSupport(c.dev, D3D11_FEATURE_D3D11_OPTIONS, &o, sizeof(o)),
             S_OK);
    CHECK_EQ(o.UAVOnlyRenderingForcedSampleCount, TRUE);
    /* TRUE at 11_1 with MapNoOverwriteOnDynamicBufferSRV (the options page groups them) */
    CHECK_EQ(o.MultisampleRTVWithForcedSampleCountOne, TRUE);
    CHECK_EQ(o.MapNoOverwriteOnDynamicBufferSRV, TRUE);
    CHECK_HR(ID3D11Device_CheckFeatureSupport(c0.dev, D3D11_FEATURE_D3D11_OPTIONS, &o,
                                              sizeof(o)), S_OK);
    CHECK_EQ(o.UAVOnlyRenderingForcedSampleCount, FALSE);
    CHECK_EQ(o.MultisampleRTVWithForcedSampleCountOne, FALSE);
    CHECK_EQ(o.MapNoOverwriteOnDynamicBufferSRV, FALSE);
    {
        /* the counts each level takes */
        D3D11_RASTERIZER_DESC1 rd;
        memset(&rd, 0, sizeof(rd));
        rd.FillMode = D3D11_FILL_SOLID;
        rd.CullMode = D3D11_CULL_NONE;
        rd.DepthClipEnable = TRUE;
        rd.ForcedSampleCount = 1;
        CHECK_HR(ID3D11Device1_CreateRasterizerState1(d10, &rd, NULL), S_FALSE);
        rd.ForcedSampleCount = 4;
        util_clear_last_message();
        CHECK_HR(ID3D11Device1_CreateRasterizerState1(d10, &rd, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "ForcedSampleCount 4 must be 0 or 1 at feature level 11_0");
        CHECK_HR(ID3D11Device1_CreateRasterizerState1(d1, &rd, NULL), S_FALSE);
        rd.ForcedSampleCount = 16;
        CHECK_HR(ID3D11Device1_CreateRasterizerState1(d1, &rd, NULL), S_FALSE);
        util_clear_last_message();
        CHECK_HR(ID3D11Device1_CreateRasterizerState1(d10, &rd, NULL), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "ForcedSampleCount 16 must be 0 or 1 at feature level 11_0");
        rd.ForcedSampleCount = 5;
        CHECK_HR(ID3D11Device1_CreateRasterizerState1(d1, &rd, NULL), E_INVALIDARG);
    }
    rd_viewport(c.ctx, 0, 0, 8, 8);
    ID3D11DeviceContext_IASetPrimitiveTopology(c.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(c.ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(c.ctx, ps, NULL, 0);
    ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(c.ctx, 0, NULL, NULL, 0, 1, &u,
                                                                  NULL);
    /* 0 (the default state) behaves as 1 */
    fsc_draw(&c, d1, 0, u, base, b);
    static const UINT counts[] = { 1, 2, 4, 8, 16 };
    for (size_t k = 0; k < sizeof(counts) / sizeof(counts[0]); k++) {
        UINT n = counts[k];
        fsc_draw(&c, d1, n, u, got, b);
        bool ok = true;
        uint32_t total = 0;
        for (uint32_t i = 0; i < 64; i++) {
            uint32_t want = fsc_expected(n, i % 8, i / 8);
            total += want;
            ok &= got[i] == (want ? want : 0xffffffffu);   /* no covered sample: not run */
            if (n == 1)
                ok &= got[i] == base[i];
        }
        if (!ok)
            harness_fail(__FILE__, __LINE__, "ForcedSampleCount %u: coverage differs", n);
        CHECK(total > 30 * n && total < 40 * n);   /* about half of the 64 pixels' samples */
    }
    /* SV_Coverage itself at 16: bit s is sample s of the 16-sample pattern (16 bits, none
     * above), pixel by pixel */
    if (psm) {
        ID3D11DeviceContext_PSSetShader(c.ctx, psm, NULL, 0);
        fsc_draw(&c, d1, 16, u, got, b);
        bool ok = true, high = false, partial = false;
        for (uint32_t i = 0; i < 64; i++) {
            uint32_t want = fsc_expected_mask(16, i % 8, i / 8);
            ok &= got[i] == (want ? want : 0xffffffffu);
            high |= want == 0xffffu;
            partial |= want && want != 0xffffu;
        }
        if (!ok)
            harness_fail(__FILE__, __LINE__, "ForcedSampleCount 16: SV_Coverage differs");
        CHECK(high && partial);   /* whole and partly covered pixels both occur */
        CHECK_EQ(got[0], 0xffffu);
        CHECK_EQ(got[63], 0xffffffffu);
        ID3D11DeviceContext_PSSetShader(c.ctx, ps, NULL, 0);
    }
    /* samplepos / sampleinfo of the rasterizer at 16: the forced pattern (3.5.6.2: "Pull Model
     * attribute interpolation is based on the ForcedSampleCount pattern") */
    if (psp) {
        ID3D11DeviceContext_PSSetShader(c.ctx, psp, NULL, 0);
        fsc_draw(&c, d1, 16, u, got, b);
        bool ok = got[16] == 16;
        for (uint32_t i = 0; i < 16; i++)
            ok &= got[i] == ((uint32_t)(fsc_pattern(16)[i][0] + 8) |
                             (uint32_t)(fsc_pattern(16)[i][1] + 8) << 8);
        if (!ok)
            harness_fail(__FILE__, __LINE__, "ForcedSampleCount 16: samplepos %x %x .. %u",
                         got[0], got[1], got[16]);
        CHECK_EQ(got[12], 0x0800u);   /* sample 12 at (-8/16, 0) */
        CHECK_EQ(got[17], 0xffffffffu);
        ID3D11DeviceContext_PSSetShader(c.ctx, ps, NULL, 0);
    }
    /* what the documentation calls undefined: not drawn, a message (the UAV-only one
     * untouched) */
    rt = rd_texture(c.dev, 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET, NULL, 0);
    if (rt)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(c.dev, (ID3D11Resource *)rt, NULL, &rtv),
                 S_OK);
    {
        D3D11_TEXTURE2D_DESC td = { 8, 8, 1, 1, DXGI_FORMAT_D32_FLOAT, {1, 0},
                                    D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL, 0, 0 };
        CHECK_HR(ID3D11Device_CreateTexture2D(c.dev, &td, NULL, &ds), S_OK);
        if (ds)
            CHECK_HR(ID3D11Device_CreateDepthStencilView(c.dev, (ID3D11Resource *)ds, NULL,
                                                         &dsv), S_OK);
    }
    if (rtv && dsv) {
        ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(c.ctx, 0, NULL, dsv, 0, 1,
                                                                      &u, NULL);
        util_clear_last_message();
        fsc_draw(&c, d1, 1, u, got, b);
        CHECK_STR_CONTAINS(LAST, "with a depth-stencil view bound: undefined");
        CHECK(got[0] == 0xffffffffu);
        /* a count of 1 with a single-sample target is ordinary rendering: drawn, no message */
        ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(c.ctx, 1, &rtv, NULL, 1, 1,
                                                                      &u, NULL);
        util_clear_last_message();
        fsc_draw(&c, d1, 1, u, got, b);
        CHECK_EQ(LAST[0], 0);
    }
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(rtv);
    RD_RELEASE(dsv);
    RD_RELEASE(rt);
    RD_RELEASE(ds);
    RD_RELEASE(u);
    RD_RELEASE(b);
    RD_RELEASE(vs);
    RD_RELEASE(ps);
    RD_RELEASE(psm);
    RD_RELEASE(psp);
    if (d1)
        ID3D11Device1_Release(d1);
    if (d10)
        ID3D11Device1_Release(d10);
    cx_end(&c0);
    cx_end(&c);
}

/* Target-independent rasterization (D3D11.3 functional spec 3.5.6.2): ForcedSampleCount > 1
 * with one-sample render targets.  The pixel shader runs once a pixel with a covered sample of
 * the forced pattern, vCoverage that pattern's coverage (SampleMask not applied), and its
 * result goes to the target's one sample: FSC_VS's triangle into an R32_UINT target written
 * with vCoverage itself, then the D2D use the spec describes -- two triangles sharing the
 * diagonal, additive blending of countbits(vCoverage) / 16 -- which sums to exactly 1 in every
 * pixel. */
/* The other half of the 8.03125 square: (8.03125, 8.03125), (0, 8.03125), (8.03125, 0), the
 * diagonal edge's ends exactly FSC_VS's */
#define TIR_VS_OTHER                                                                             \
    "vs_5_0\ndcl_input_sgv v0.x, vertex_id\ndcl_output_siv o0.xyzw, position\ndcl_temps 1\n"     \
    "and r0.x, v0.x, l(1)\nushr r0.y, v0.x, l(1)\nutof r0.xy, r0.xyxx\n"                          \
    "mad o0.xy, r0.xyxx, l(-2.0078125, 2.0078125, 0, 0), l(1.0078125, -1.0078125, 0, 0)\n"      \
    "mov o0.zw, l(0, 0, 0, 1.0)\nret\n"
#define TIR_PS_MASK                                                                              \
    "ps_5_0\ndcl_input vCoverage\ndcl_output o0.x\nmov o0.x, vCoverage.x\nret\n"
/* vCoverage out again, oMask = cb0[0].x: its bit 0 keeps or drops the target's one sample */
#define TIR_PS_OMASK                                                                             \
    "ps_5_0\ndcl_constantbuffer cb0[1], immediateIndexed\ndcl_input vCoverage\n"                \
    "dcl_output o0.x\ndcl_output oMask\nmov o0.x, vCoverage.x\nmov oMask, cb0[0].x\nret\n"
#define TIR_PS_AREA                                                                              \
    "ps_5_0\ndcl_input vCoverage\ndcl_output o0.xyzw\ndcl_temps 1\ncountbits r0.x, vCoverage.x\n" \
    "utof r0.x, r0.x\nmul o0.xyzw, r0.xxxx, l(0.0625, 0.0625, 0.0625, 0.0625)\nret\n"

static void tir_read(struct cx *c, ID3D11Texture2D *tex, uint32_t *out)
{
    D3D11_TEXTURE2D_DESC d;
    ID3D11Texture2D_GetDesc(tex, &d);
    d.Usage = D3D11_USAGE_STAGING;
    d.BindFlags = 0;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ID3D11Texture2D *st = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    memset(out, 0xcd, 64 * 4);
    CHECK_HR(ID3D11Device_CreateTexture2D(c->dev, &d, NULL, &st), S_OK);
    if (!st)
        return;
    ID3D11DeviceContext_CopyResource(c->ctx, (ID3D11Resource *)st, (ID3D11Resource *)tex);
    CHECK_HR(ID3D11DeviceContext_Map(c->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m),
             S_OK);
    if (m.pData)
        for (UINT y = 0; y < 8; y++)
            memcpy(out + y * 8, (const uint8_t *)m.pData + (size_t)y * m.RowPitch, 8 * 4);
    ID3D11DeviceContext_Unmap(c->ctx, (ID3D11Resource *)st, 0);
    RD_RELEASE(st);
}

static ID3D11RasterizerState1 *tir_state(ID3D11Device1 *d1, UINT n)
{
    D3D11_RASTERIZER_DESC1 rd;
    ID3D11RasterizerState1 *rs = NULL;
    memset(&rd, 0, sizeof(rd));
    rd.FillMode = D3D11_FILL_SOLID;
    rd.CullMode = D3D11_CULL_NONE;
    rd.DepthClipEnable = TRUE;
    rd.ForcedSampleCount = n;
    CHECK_HR(ID3D11Device1_CreateRasterizerState1(d1, &rd, &rs), S_OK);
    return rs;
}

TEST(uav_11_1_forced_sample_count_target_independent)
{
    static const float clear77[4] = { 77.0f, 0, 0, 0 }, zero[4] = { 0, 0, 0, 0 };
    struct cx c;
    if (!cx_begin_11_1(&c))
        return;
    ID3D11Device1 *d1 = NULL;
    ID3D11VertexShader *vs = vs_of(&c, FSC_VS), *vs2 = vs_of(&c, TIR_VS_OTHER);
    ID3D11PixelShader *psm = ps_of(&c, TIR_PS_MASK), *psa = ps_of(&c, TIR_PS_AREA);
    ID3D11PixelShader *pso = ps_of(&c, TIR_PS_OMASK);
    ID3D11Texture2D *ti = rd_texture(c.dev, 8, 8, DXGI_FORMAT_R32_UINT, D3D11_BIND_RENDER_TARGET,
                                     NULL, 0);
    ID3D11Texture2D *tf = rd_texture(c.dev, 8, 8, DXGI_FORMAT_R32_FLOAT,
                                     D3D11_BIND_RENDER_TARGET, NULL, 0);
    ID3D11Texture2D *tms = NULL;
    ID3D11RenderTargetView *ri = NULL, *rf = NULL, *rms = NULL;
    ID3D11BlendState *add = NULL;
    ID3D11RasterizerState1 *rs = NULL;
    static uint32_t got[64];
    CHECK_HR(ID3D11Device_QueryInterface(c.dev, &IID_ID3D11Device1, (void **)&d1), S_OK);
    if (ti)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(c.dev, (ID3D11Resource *)ti, NULL, &ri),
                 S_OK);
    if (tf)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(c.dev, (ID3D11Resource *)tf, NULL, &rf),
                 S_OK);
    {
        D3D11_BLEND_DESC bd;
        memset(&bd, 0, sizeof(bd));
        bd.RenderTarget[0].BlendEnable = TRUE;
        bd.RenderTarget[0].SrcBlend = bd.RenderTarget[0].DestBlend = D3D11_BLEND_ONE;
        bd.RenderTarget[0].SrcBlendAlpha = bd.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ONE;
        bd.RenderTarget[0].BlendOp = bd.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
        bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
        CHECK_HR(ID3D11Device_CreateBlendState(c.dev, &bd, &add), S_OK);
    }
    {
        D3D11_TEXTURE2D_DESC td = { 8, 8, 1, 1, DXGI_FORMAT_R32_UINT, {4, 0},
                                    D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0 };
        CHECK_HR(ID3D11Device_CreateTexture2D(c.dev, &td, NULL, &tms), S_OK);
        if (tms)
            CHECK_HR(ID3D11Device_CreateRenderTargetView(c.dev, (ID3D11Resource *)tms, NULL,
                                                         &rms), S_OK);
    }
    if (!d1 || !vs || !vs2 || !psm || !psa || !ri || !rf || !add || !rms)
        goto done;
    rd_viewport(c.ctx, 0, 0, 8, 8);
    ID3D11DeviceContext_IASetPrimitiveTopology(c.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(c.ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(c.ctx, psm, NULL, 0);
    ID3D11DeviceContext_OMSetRenderTargets(c.ctx, 1, &ri, NULL);
    /* the coverage mask of each count's pattern, pixel-exact; untouched where none is
     * covered */
    static const UINT counts[] = { 2, 4, 8, 16 };
    for (size_t k = 0; k < sizeof(counts) / sizeof(counts[0]); k++) {
        UINT n = counts[k];
        rs = tir_state(d1, n);
        ID3D11DeviceContext_RSSetState(c.ctx, (ID3D11RasterizerState *)rs);
        ID3D11DeviceContext_ClearRenderTargetView(c.ctx, ri, clear77);
        util_clear_last_message();
        ID3D11DeviceContext_Draw(c.ctx, 3, 0);
        CHECK_EQ(LAST[0], 0);
        tir_read(&c, ti, got);
        bool ok = true, partial = false;
        for (uint32_t i = 0; i < 64; i++) {
            uint32_t want = fsc_expected_mask(n, i % 8, i / 8);
            ok &= got[i] == (want ? want : 77u);
            partial |= want && want != (1u << n) - 1u;
        }
        if (!ok)
            harness_fail(__FILE__, __LINE__, "ForcedSampleCount %u with a target: %x %x %x", n,
                         got[0], got[7], got[56]);
        CHECK(partial);
        ID3D11DeviceContext_RSSetState(c.ctx, NULL);
        RD_RELEASE(rs);
    }
    rs = tir_state(d1, 16);
    ID3D11DeviceContext_RSSetState(c.ctx, (ID3D11RasterizerState *)rs);
    /* SampleMask: bit 0 (the target's one sample) off: nothing is shaded; on alone: vCoverage
     * still the forced pattern's whole coverage */
    ID3D11DeviceContext_ClearRenderTargetView(c.ctx, ri, clear77);
    ID3D11DeviceContext_OMSetBlendState(c.ctx, NULL, NULL, 0xfffffffeu);
    ID3D11DeviceContext_Draw(c.ctx, 3, 0);
    tir_read(&c, ti, got);
    CHECK_EQ(got[0], 77u);
    ID3D11DeviceContext_OMSetBlendState(c.ctx, NULL, NULL, 0x1u);
    ID3D11DeviceContext_Draw(c.ctx, 3, 0);
    tir_read(&c, ti, got);
    CHECK_EQ(got[0], 0xffffu);
    CHECK_EQ(got[7], fsc_expected_mask(16, 7, 0));
    CHECK(got[7] != 0xffffu && got[7] != 0);
    /* the occlusion count: the covered forced samples of the pixels written (20.4.6) */
    {
        D3D11_QUERY_DESC qd = { D3D11_QUERY_OCCLUSION, 0 };
        ID3D11Query *q = NULL;
        UINT64 n = 0;
        uint32_t want = 0;
        for (uint32_t i = 0; i < 64; i++)
            want += (uint32_t)__builtin_popcount(fsc_expected_mask(16, i % 8, i / 8));
        CHECK_HR(ID3D11Device_CreateQuery(c.dev, &qd, &q), S_OK);
        if (q) {
            ID3D11DeviceContext_Begin(c.ctx, (ID3D11Asynchronous *)q);
            ID3D11DeviceContext_Draw(c.ctx, 3, 0);
            ID3D11DeviceContext_End(c.ctx, (ID3D11Asynchronous *)q);
            while (ID3D11DeviceContext_GetData(c.ctx, (ID3D11Asynchronous *)q, &n, sizeof(n),
                                               0) == S_FALSE)
                ;
            CHECK_EQ(n, (UINT64)want);
            CHECK(want > 30 * 16 && want < 40 * 16);
        }
        RD_RELEASE(q);
    }
    /* oMask: bit 0 is the target's sample (the forced samples are not the target's) */
    ID3D11DeviceContext_OMSetBlendState(c.ctx, NULL, NULL, 0xffffffffu);
    if (pso) {
        static const uint32_t masks[2][4] = { { 0xfffffffeu }, { 0x1u } };
        ID3D11Buffer *cb = rd_buffer(c.dev, D3D11_BIND_CONSTANT_BUFFER, masks[0], 16);
        ID3D11Buffer *cb1 = rd_buffer(c.dev, D3D11_BIND_CONSTANT_BUFFER, masks[1], 16);
        ID3D11DeviceContext_PSSetShader(c.ctx, pso, NULL, 0);
        ID3D11DeviceContext_PSSetConstantBuffers(c.ctx, 0, 1, &cb);
        ID3D11DeviceContext_ClearRenderTargetView(c.ctx, ri, clear77);
        ID3D11DeviceContext_Draw(c.ctx, 3, 0);
        tir_read(&c, ti, got);
        CHECK_EQ(got[0], 77u);
        ID3D11DeviceContext_PSSetConstantBuffers(c.ctx, 0, 1, &cb1);
        ID3D11DeviceContext_Draw(c.ctx, 3, 0);
        tir_read(&c, ti, got);
        CHECK_EQ(got[0], 0xffffu);
        CHECK_EQ(got[7], fsc_expected_mask(16, 7, 0));
        CHECK_EQ(got[63], 77u);
        ID3D11DeviceContext_PSSetShader(c.ctx, psm, NULL, 0);
        RD_RELEASE(cb);
        RD_RELEASE(cb1);
    }
    /* two triangles sharing the diagonal, additive: every sample of every pixel counted once */
    {
        static const float one[4] = { 1.0f, 1.0f, 1.0f, 1.0f };
        ID3D11DeviceContext_OMSetBlendState(c.ctx, add, one, 0xffffffffu);
        ID3D11DeviceContext_OMSetRenderTargets(c.ctx, 1, &rf, NULL);
        ID3D11DeviceContext_PSSetShader(c.ctx, psa, NULL, 0);
        ID3D11DeviceContext_ClearRenderTargetView(c.ctx, rf, zero);
        ID3D11DeviceContext_Draw(c.ctx, 3, 0);
        tir_read(&c, tf, got);
        float f7;
        memcpy(&f7, &got[7], 4);
        CHECK(f7 == (float)__builtin_popcount(fsc_expected_mask(16, 7, 0)) / 16.0f);
        ID3D11DeviceContext_VSSetShader(c.ctx, vs2, NULL, 0);
        ID3D11DeviceContext_Draw(c.ctx, 3, 0);
        tir_read(&c, tf, got);
        bool ok = true;
        for (uint32_t i = 0; i < 64; i++) {
            float v;
            memcpy(&v, &got[i], 4);
            ok &= v == 1.0f;
        }
        if (!ok)
            harness_fail(__FILE__, __LINE__, "the two halves do not sum to 1: %08x %08x",
                         got[7], got[63]);
        ID3D11DeviceContext_OMSetBlendState(c.ctx, NULL, NULL, 0xffffffffu);
    }
    /* a multisampled target with a count > 1: undefined, not drawn, a message */
    ID3D11DeviceContext_VSSetShader(c.ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(c.ctx, psm, NULL, 0);
    ID3D11DeviceContext_OMSetRenderTargets(c.ctx, 1, &rms, NULL);
    util_clear_last_message();
    ID3D11DeviceContext_Draw(c.ctx, 3, 0);
    CHECK_STR_CONTAINS(LAST, "ForcedSampleCount 16 with a 4-sample render target: undefined");
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(rs);
    RD_RELEASE(add);
    RD_RELEASE(rms);
    RD_RELEASE(tms);
    RD_RELEASE(rf);
    RD_RELEASE(ri);
    RD_RELEASE(tf);
    RD_RELEASE(ti);
    RD_RELEASE(psa);
    RD_RELEASE(pso);
    RD_RELEASE(psm);
    RD_RELEASE(vs2);
    RD_RELEASE(vs);
    if (d1)
        ID3D11Device1_Release(d1);
    cx_end(&c);
}

/* A vertex program's memory reads come from its own stage's views: ld_structured of the VS's
 * t2 (the pixel stage's t2 holds other values), stored into a raw UAV. */
#define VSR_VS                                                                                   \
    "vs_5_0\ndcl_input_sgv v0.x, vertex_id\ndcl_output_siv o0.xyzw, position\n"                  \
    "dcl_resource_structured t2, 4\ndcl_uav_raw u1\ndcl_temps 1\n"                               \
    "ld_structured r0.x, v0.x, l(0), t2.xxxx\nishl r0.y, v0.x, l(2)\n"                           \
    "store_raw u1.x, r0.y, r0.x\nmov o0.xyzw, l(2.0, 0, 0, 1.0)\nret\n"

TEST(uav_11_1_vertex_shader_reads_its_stage_views)
{
    struct cx c;
    if (!cx_begin_11_1(&c))
        return;
    uint32_t vals[8], other[8], w[8];
    for (uint32_t i = 0; i < 8; i++)
        vals[i] = 10 * i + 1, other[i] = 999;
    ID3D11Buffer *sv = cx_buffer(&c, 32, D3D11_BIND_SHADER_RESOURCE,
                                 D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4, vals);
    ID3D11Buffer *sp = cx_buffer(&c, 32, D3D11_BIND_SHADER_RESOURCE,
                                 D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4, other);
    ID3D11Buffer *b = sentinel_buffer(&c, 8, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0);
    ID3D11UnorderedAccessView *u = b ? cx_uav_raw(&c, b, 0, 8) : NULL;
    ID3D11ShaderResourceView *tv = NULL, *tp = NULL;
    ID3D11VertexShader *vs = vs_of(&c, VSR_VS);
    if (sv)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)sv, NULL, &tv),
                 S_OK);
    if (sp)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)sp, NULL, &tp),
                 S_OK);
    if (!tv || !tp || !u || !vs)
        goto done;
    rd_viewport(c.ctx, 0, 0, 8, 8);
    ID3D11DeviceContext_IASetPrimitiveTopology(c.ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D11DeviceContext_VSSetShader(c.ctx, vs, NULL, 0);
    ID3D11DeviceContext_VSSetShaderResources(c.ctx, 2, 1, &tv);
    ID3D11DeviceContext_PSSetShaderResources(c.ctx, 2, 1, &tp);
    ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(c.ctx, 0, NULL, NULL, 1, 1, &u,
                                                                  NULL);
    ID3D11DeviceContext_Draw(c.ctx, 6, 0);
    cx_read(&c, b, w, sizeof(w));
    for (uint32_t i = 0; i < 8; i++)
        CHECK_EQ(w[i], i < 6 ? 10 * i + 1 : 0xffffffffu);
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(vs);
    RD_RELEASE(tv);
    RD_RELEASE(tp);
    RD_RELEASE(u);
    RD_RELEASE(b);
    RD_RELEASE(sv);
    RD_RELEASE(sp);
    cx_end(&c);
}
