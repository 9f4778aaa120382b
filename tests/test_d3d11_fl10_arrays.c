/* tests/test_d3d11_fl10_arrays.c — feature levels 10_0 / 10_1 (issue 11, third step):
 * Texture1D(Array) objects (CreateTexture1D's rules, every view of them, initial data,
 * UpdateSubresource, copies, Map, sampling and rendering) and the sampling of array views
 * (Texture1DArray, Texture2DArray, TextureCubeArray at 10_1): the slice is the array coordinate
 * rounded to the nearest even integer and clamped to the view (D3D11.3 functional spec 7.18.3);
 * ld of array slices and resinfo's slice count.  Every pixel is compared exactly. */
#include "test_render_util.h"

#include <stdio.h>

static const D3D_FEATURE_LEVEL L93 = D3D_FEATURE_LEVEL_9_3, L100 = D3D_FEATURE_LEVEL_10_0,
                               L101 = D3D_FEATURE_LEVEL_10_1;

static D3D11_TEXTURE1D_DESC tex1d_desc(UINT w, UINT mips, UINT array, DXGI_FORMAT f, UINT bind)
{
    D3D11_TEXTURE1D_DESC d = { w, mips, array, f, D3D11_USAGE_DEFAULT, bind, 0, 0 };
    return d;
}

static HRESULT tex1d(ID3D11Device *dev, const D3D11_TEXTURE1D_DESC *d)
{
    ID3D11Texture1D *t = NULL;
    HRESULT hr = ID3D11Device_CreateTexture1D(dev, d, NULL, &t);
    if (t)
        ID3D11Texture1D_Release(t);
    else if (SUCCEEDED(hr))
        hr = E_FAIL;
    return hr;
}

/* ---- CreateTexture1D ------------------------------------------------------------------------ */

TEST(fl10_texture1d_rules)
{
    struct rd r;
    D3D11_TEXTURE1D_DESC d = tex1d_desc(64, 0, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                        D3D11_BIND_SHADER_RESOURCE);
    ID3D11Texture1D *t = NULL;
    D3D11_TEXTURE1D_DESC got;
    D3D11_RESOURCE_DIMENSION dim = D3D11_RESOURCE_DIMENSION_UNKNOWN;
    UINT bits = 0;
    void *p = NULL;
    if (!rd_begin_profile(&r, "10_0", L100, 1, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CheckFormatSupport(r.dev, DXGI_FORMAT_R8G8B8A8_UNORM, &bits), S_OK);
    CHECK(bits & D3D11_FORMAT_SUPPORT_TEXTURE1D);
    CHECK_HR(ID3D11Device_CreateTexture1D(r.dev, &d, NULL, &t), S_OK);
    if (t) {
        ID3D11Texture1D_GetDesc(t, &got);
        CHECK_EQ(got.Width, 64);
        CHECK_EQ(got.MipLevels, 7);   /* MipLevels 0: the full chain of 64 texels */
        ID3D11Texture1D_GetType(t, &dim);
        CHECK_EQ(dim, D3D11_RESOURCE_DIMENSION_TEXTURE1D);
        CHECK_HR(ID3D11Texture1D_QueryInterface(t, &IID_ID3D11Texture1D, &p), S_OK);
        if (p)
            ID3D11Texture1D_Release((ID3D11Texture1D *)p);
        CHECK_HR(ID3D11Texture1D_QueryInterface(t, &IID_ID3D11Texture2D, &p), E_NOINTERFACE);
        RD_RELEASE(t);
    }
    /* NULL out-pointer: validation only */
    CHECK_HR(ID3D11Device_CreateTexture1D(r.dev, &d, NULL, NULL), S_FALSE);
    /* D3D10_REQ_TEXTURE1D_U_DIMENSION 8192, D3D10_REQ_TEXTURE1D_ARRAY_AXIS_DIMENSION 512 */
    d = tex1d_desc(8192, 1, 512, DXGI_FORMAT_R8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    CHECK_HR(tex1d(r.dev, &d), S_OK);
    d.Width = 8193;
    util_clear_last_message();
    CHECK_HR(tex1d(r.dev, &d), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "maximum 1D texture dimension 8192");
    d.Width = 8192;
    d.ArraySize = 513;
    CHECK_HR(tex1d(r.dev, &d), E_INVALIDARG);
    d.ArraySize = 0;
    CHECK_HR(tex1d(r.dev, &d), E_INVALIDARG);
    d = tex1d_desc(0, 1, 1, DXGI_FORMAT_R8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    CHECK_HR(tex1d(r.dev, &d), E_INVALIDARG);
    d = tex1d_desc(8, 5, 1, DXGI_FORMAT_R8_UNORM, D3D11_BIND_SHADER_RESOURCE);   /* chain: 4 */
    CHECK_HR(tex1d(r.dev, &d), E_INVALIDARG);
    /* block-compressed formats have no 1D textures */
    d = tex1d_desc(8, 1, 1, DXGI_FORMAT_BC1_UNORM, D3D11_BIND_SHADER_RESOURCE);
    util_clear_last_message();
    CHECK_HR(tex1d(r.dev, &d), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "DXGI_FORMAT_BC1_UNORM");
    /* cubes are 2D; vertex buffers are buffers */
    d = tex1d_desc(8, 1, 6, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    d.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
    CHECK_HR(tex1d(r.dev, &d), E_INVALIDARG);
    d = tex1d_desc(8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_VERTEX_BUFFER);
    CHECK_HR(tex1d(r.dev, &d), E_INVALIDARG);
    /* a 1D depth-stencil texture (D3D11_DSV_DIMENSION_TEXTURE1D) */
    d = tex1d_desc(8, 1, 2, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
    CHECK_HR(tex1d(r.dev, &d), S_OK);
    /* initial data: one element per subresource, none NULL */
    {
        static const uint8_t texels[4] = { 0 };
        D3D11_SUBRESOURCE_DATA init[2] = { { texels, 0, 0 }, { NULL, 0, 0 } };
        d = tex1d_desc(4, 1, 2, DXGI_FORMAT_R8_UNORM, D3D11_BIND_SHADER_RESOURCE);
        t = (ID3D11Texture1D *)(uintptr_t)1;
        CHECK_HR(ID3D11Device_CreateTexture1D(r.dev, &d, init, &t), E_INVALIDARG);
        CHECK(t == NULL);
    }
    rd_end(&r);
    /* 9_x: no 1D textures (seed 004) */
    if (rd_begin_profile(&r, "10_0", L93, 1, 1)) {
        d = tex1d_desc(8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
        CHECK_HR(tex1d(r.dev, &d), E_INVALIDARG);
    }
    rd_end(&r);
}

/* Views of a Texture1D(Array): every dimension the D3D11 view structures have for it. */
TEST(fl10_texture1d_views)
{
    struct rd r;
    D3D11_TEXTURE1D_DESC d = tex1d_desc(16, 0, 4, DXGI_FORMAT_R8G8B8A8_UNORM,
                                        D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET);
    ID3D11Texture1D *t = NULL, *one = NULL, *depth = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    D3D11_RENDER_TARGET_VIEW_DESC rd;
    D3D11_DEPTH_STENCIL_VIEW_DESC dd;
    if (!rd_begin_profile(&r, "10_0", L100, 1, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CreateTexture1D(r.dev, &d, NULL, &t), S_OK);
    d.ArraySize = 1;
    CHECK_HR(ID3D11Device_CreateTexture1D(r.dev, &d, NULL, &one), S_OK);
    d = tex1d_desc(8, 1, 2, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
    CHECK_HR(ID3D11Device_CreateTexture1D(r.dev, &d, NULL, &depth), S_OK);
    if (!t || !one || !depth)
        goto done;
    /* NULL descriptions: the whole resource */
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, NULL, &srv), S_OK);
    if (srv) {
        ID3D11ShaderResourceView_GetDesc(srv, &sd);
        CHECK_EQ(sd.ViewDimension, D3D11_SRV_DIMENSION_TEXTURE1DARRAY);
        CHECK_EQ(sd.Texture1DArray.MipLevels, 5);
        CHECK_EQ(sd.Texture1DArray.ArraySize, 4);
        RD_RELEASE(srv);
    }
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)one, NULL, &srv),
             S_OK);
    if (srv) {
        ID3D11ShaderResourceView_GetDesc(srv, &sd);
        CHECK_EQ(sd.ViewDimension, D3D11_SRV_DIMENSION_TEXTURE1D);
        CHECK_EQ(sd.Texture1D.MipLevels, 5);
        RD_RELEASE(srv);
    }
    /* some slices and mips; MipLevels -1 resolved */
    memset(&sd, 0, sizeof(sd));
    sd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE1DARRAY;
    sd.Texture1DArray.MostDetailedMip = 2;
    sd.Texture1DArray.MipLevels = (UINT)-1;
    sd.Texture1DArray.FirstArraySlice = 1;
    sd.Texture1DArray.ArraySize = 3;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, &sd, &srv), S_OK);
    if (srv) {
        ID3D11ShaderResourceView_GetDesc(srv, &sd);
        CHECK_EQ(sd.Texture1DArray.MipLevels, 3);
        RD_RELEASE(srv);
    }
    sd.Texture1DArray.ArraySize = 4;   /* 1 + 4 > 4 slices */
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, &sd, &srv),
             E_INVALIDARG);
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;   /* does not fit a Texture1D */
    sd.Texture2D.MostDetailedMip = 0;
    sd.Texture2D.MipLevels = 1;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, &sd, &srv),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "does not fit a Texture1D");
    CHECK(srv == NULL);
    /* render-target views: mip slices of one or more array slices */
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)t, NULL, &rtv), S_OK);
    if (rtv) {
        ID3D11RenderTargetView_GetDesc(rtv, &rd);
        CHECK_EQ(rd.ViewDimension, D3D11_RTV_DIMENSION_TEXTURE1DARRAY);
        CHECK_EQ(rd.Texture1DArray.ArraySize, 4);
        RD_RELEASE(rtv);
    }
    memset(&rd, 0, sizeof(rd));
    rd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE1D;
    rd.Texture1D.MipSlice = 4;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)one, &rd, &rtv), S_OK);
    RD_RELEASE(rtv);
    rd.Texture1D.MipSlice = 5;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)one, &rd, &rtv),
             E_INVALIDARG);
    rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
    rd.Texture2D.MipSlice = 0;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)one, &rd, &rtv),
             E_INVALIDARG);
    /* a 1D view dimension does not fit a Texture2D */
    rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE1D;
    rd.Texture1D.MipSlice = 0;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)r.tex, &rd, &rtv),
             E_INVALIDARG);
    CHECK(rtv == NULL);
    /* depth-stencil views */
    CHECK_HR(ID3D11Device_CreateDepthStencilView(r.dev, (ID3D11Resource *)depth, NULL, &dsv),
             S_OK);
    if (dsv) {
        ID3D11DepthStencilView_GetDesc(dsv, &dd);
        CHECK_EQ(dd.ViewDimension, D3D11_DSV_DIMENSION_TEXTURE1DARRAY);
        CHECK_EQ(dd.Texture1DArray.ArraySize, 2);
        RD_RELEASE(dsv);
    }
    memset(&dd, 0, sizeof(dd));
    dd.Format = DXGI_FORMAT_D32_FLOAT;
    dd.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE1D;
    CHECK_HR(ID3D11Device_CreateDepthStencilView(r.dev, (ID3D11Resource *)depth, &dd, &dsv),
             S_OK);
    RD_RELEASE(dsv);
    dd.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
    CHECK_HR(ID3D11Device_CreateDepthStencilView(r.dev, (ID3D11Resource *)depth, &dd, &dsv),
             E_INVALIDARG);
    CHECK(dsv == NULL);
done:
    RD_RELEASE(depth);
    RD_RELEASE(one);
    RD_RELEASE(t);
    rd_end(&r);
}

/* Initial data, UpdateSubresource with a box, CopySubresourceRegion, CopyResource and Map of a
 * staging Texture1DArray: exact bytes, every subresource where it belongs. */
TEST(fl10_texture1d_data)
{
    struct rd r;
    /* 8 texels, 2 mips (8 and 4 texels), 2 slices: subresources 0..3 */
    uint8_t s0[8], s1[4], s2[8], s3[4];
    D3D11_SUBRESOURCE_DATA init[4] = { { s0, 0, 0 }, { s1, 0, 0 }, { s2, 0, 0 }, { s3, 0, 0 } };
    D3D11_TEXTURE1D_DESC d = tex1d_desc(8, 2, 2, DXGI_FORMAT_R8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    ID3D11Texture1D *t = NULL, *st = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    for (int i = 0; i < 8; i++) {
        s0[i] = (uint8_t)(10 + i);
        s2[i] = (uint8_t)(50 + i);
    }
    for (int i = 0; i < 4; i++) {
        s1[i] = (uint8_t)(30 + i);
        s3[i] = (uint8_t)(70 + i);
    }
    if (!rd_begin_profile(&r, "10_0", L100, 1, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CreateTexture1D(r.dev, &d, init, &t), S_OK);
    d.Usage = D3D11_USAGE_STAGING;
    d.BindFlags = 0;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE;
    CHECK_HR(ID3D11Device_CreateTexture1D(r.dev, &d, NULL, &st), S_OK);
    if (!t || !st)
        goto done;
    {
        /* texels 1..2 of slice 1, mip 1 (subresource 3) */
        static const uint8_t upd[2] = { 200, 201 };
        D3D11_BOX box = { 1, 0, 0, 3, 1, 1 };
        ID3D11DeviceContext_UpdateSubresource(r.ctx, (ID3D11Resource *)t, 3, &box, upd, 0, 0);
        s3[1] = 200;
        s3[2] = 201;
    }
    ID3D11DeviceContext_CopyResource(r.ctx, (ID3D11Resource *)st, (ID3D11Resource *)t);
    {
        const uint8_t *want[4] = { s0, s1, s2, s3 };
        const UINT len[4] = { 8, 4, 8, 4 };
        for (UINT sub = 0; sub < 4; sub++) {
            CHECK_HR(ID3D11DeviceContext_Map(r.ctx, (ID3D11Resource *)st, sub, D3D11_MAP_READ, 0,
                                             &m), S_OK);
            if (!m.pData)
                continue;
            CHECK(!memcmp(m.pData, want[sub], len[sub]));
            ID3D11DeviceContext_Unmap(r.ctx, (ID3D11Resource *)st, sub);
        }
    }
    {
        /* texels 4..7 of slice 0 mip 0 over texels 0..3 of slice 1 mip 0 (subresource 2) */
        D3D11_BOX box = { 4, 0, 0, 8, 1, 1 };
        ID3D11DeviceContext_CopySubresourceRegion(r.ctx, (ID3D11Resource *)st, 2, 0, 0, 0,
                                                  (ID3D11Resource *)t, 0, &box);
        CHECK_HR(ID3D11DeviceContext_Map(r.ctx, (ID3D11Resource *)st, 2, D3D11_MAP_READ, 0, &m),
                 S_OK);
        if (m.pData) {
            static const uint8_t want[8] = { 14, 15, 16, 17, 54, 55, 56, 57 };
            CHECK(!memcmp(m.pData, want, 8));
            ID3D11DeviceContext_Unmap(r.ctx, (ID3D11Resource *)st, 2);
        }
        /* a box past the 8 texels is ignored (the destination is unchanged) */
        box.right = 9;
        util_clear_last_message();
        ID3D11DeviceContext_CopySubresourceRegion(r.ctx, (ID3D11Resource *)st, 0, 0, 0, 0,
                                                  (ID3D11Resource *)t, 0, &box);
        CHECK(LAST[0] != 0);
        CHECK_HR(ID3D11DeviceContext_Map(r.ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m),
                 S_OK);
        if (m.pData) {
            CHECK(!memcmp(m.pData, s0, 8));
            ID3D11DeviceContext_Unmap(r.ctx, (ID3D11Resource *)st, 0);
        }
    }
    /* Map for writing, then the texture reads it back through a copy */
    CHECK_HR(ID3D11DeviceContext_Map(r.ctx, (ID3D11Resource *)st, 1, D3D11_MAP_WRITE, 0, &m),
             S_OK);
    if (m.pData) {
        memset(m.pData, 99, 4);
        ID3D11DeviceContext_Unmap(r.ctx, (ID3D11Resource *)st, 1);
    }
    ID3D11DeviceContext_CopySubresourceRegion(r.ctx, (ID3D11Resource *)t, 1, 0, 0, 0,
                                              (ID3D11Resource *)st, 1, NULL);
    ID3D11DeviceContext_CopySubresourceRegion(r.ctx, (ID3D11Resource *)st, 3, 0, 0, 0,
                                              (ID3D11Resource *)t, 1, NULL);
    CHECK_HR(ID3D11DeviceContext_Map(r.ctx, (ID3D11Resource *)st, 3, D3D11_MAP_READ, 0, &m), S_OK);
    if (m.pData) {
        static const uint8_t want[4] = { 99, 99, 99, 99 };
        CHECK(!memcmp(m.pData, want, 4));
        ID3D11DeviceContext_Unmap(r.ctx, (ID3D11Resource *)st, 3);
    }
done:
    RD_RELEASE(st);
    RD_RELEASE(t);
    rd_end(&r);
}

/* ---- sampling and rendering ----------------------------------------------------------------- */

/* The pixel shader's samples: u from v1.x (across the 4-pixel-wide target), the array index
 * from v1.y (1D arrays) or v1.z (2D arrays). */
#define PS4_TEX1D                                                                                \
    "ps_4_0\ndcl_sampler s0, mode_default\n"                                                     \
    "dcl_resource_texture1d (float,float,float,float) t0\n"                                      \
    "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"                                          \
    "sample o0.xyzw, v1.xxxx, t0.xyzw, s0\nret\n"
#define PS4_TEX1DARRAY                                                                           \
    "ps_4_0\ndcl_sampler s0, mode_default\n"                                                     \
    "dcl_resource_texture1darray (float,float,float,float) t0\n"                                 \
    "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"                                          \
    "sample o0.xyzw, v1.xyxx, t0.xyzw, s0\nret\n"
#define PS4_TEX2DARRAY                                                                           \
    "ps_4_0\ndcl_sampler s0, mode_default\n"                                                     \
    "dcl_resource_texture2darray (float,float,float,float) t0\n"                                 \
    "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"                                          \
    "sample o0.xyzw, v1.xyzx, t0.xyzw, s0\nret\n"
#define VS4_PASS                                                                                 \
    "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"           \
    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"

static ID3D11SamplerState *sampler(ID3D11Device *dev, D3D11_FILTER f)
{
    D3D11_SAMPLER_DESC sd = { f, D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP,
                              D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1, D3D11_COMPARISON_NEVER,
                              { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    ID3D11SamplerState *s = NULL;
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &sd, &s), S_OK);
    return s;
}

/* Draws a full-target quad whose attribute is (u from 0 at the left to 1 at the right, y, z, 0)
 * with `ps` sampling `srv`, and reads the 4x1 target. */
static void draw_quad_u(struct rd *r, const char *ps, ID3D11ShaderResourceView *srv,
                   ID3D11SamplerState *smp, float y, float z, uint8_t img[16])
{
    struct rd_pipe p;
    struct vtx v[6];
    const float left[4] = { 0.0f, y, z, 0.0f }, right[4] = { 1.0f, y, z, 0.0f };
    rd_quad(v, 0.0f, left, right, left, right);
    rd_pipe_begin(r, &p, VS4_PASS, ps, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_PSSetShaderResources(r->ctx, 0, 1, &srv);
    ID3D11DeviceContext_PSSetSamplers(r->ctx, 0, 1, &smp);
    rd_clear(r, 0, 0, 0, 0);
    util_clear_last_message();
    ACCEPTED(ID3D11DeviceContext_Draw(r->ctx, 6, 0));
    rd_read(r, img);
    ID3D11DeviceContext_PSSetShaderResources(r->ctx, 0, 1, &(ID3D11ShaderResourceView *){ NULL });
    rd_pipe_end(&p);
}

static void check_row(const uint8_t img[16], const uint8_t want[4][4], int line, const char *what)
{
    for (int i = 0; i < 4; i++)
        if (memcmp(img + 4 * i, want[i], 4))
            harness_fail(__FILE__, line, "%s: pixel %d is %u %u %u %u, want %u %u %u %u", what, i,
                         img[4 * i], img[4 * i + 1], img[4 * i + 2], img[4 * i + 3], want[i][0],
                         want[i][1], want[i][2], want[i][3]);
}

/* Point and linear sampling of a 1D texture: pixel centres u = 1/8, 3/8, 5/8, 7/8. */
TEST(fl10_texture1d_sample)
{
    struct rd r;
    static const uint8_t texels[4][4] = { { 255, 0, 0, 255 }, { 0, 255, 0, 255 },
                                          { 0, 0, 255, 255 }, { 255, 255, 255, 255 } };
    static const uint8_t two[2][4] = { { 0, 0, 0, 0 }, { 255, 255, 255, 255 } };
    D3D11_TEXTURE1D_DESC d = tex1d_desc(4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                        D3D11_BIND_SHADER_RESOURCE);
    D3D11_SUBRESOURCE_DATA init = { texels, 0, 0 }, init2 = { two, 0, 0 };
    ID3D11Texture1D *t = NULL, *t2 = NULL;
    ID3D11ShaderResourceView *srv = NULL, *srv2 = NULL;
    ID3D11SamplerState *point = NULL, *linear = NULL;
    uint8_t img[16];
    if (!rd_begin_profile(&r, "10_0", L100, 4, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CreateTexture1D(r.dev, &d, &init, &t), S_OK);
    d.Width = 2;
    CHECK_HR(ID3D11Device_CreateTexture1D(r.dev, &d, &init2, &t2), S_OK);
    point = sampler(r.dev, D3D11_FILTER_MIN_MAG_MIP_POINT);
    linear = sampler(r.dev, D3D11_FILTER_MIN_MAG_MIP_LINEAR);
    if (!t || !t2 || !point || !linear)
        goto done;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, NULL, &srv), S_OK);
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t2, NULL, &srv2),
             S_OK);
    draw_quad_u(&r, PS4_TEX1D, srv, point, 0.0f, 0.0f, img);
    check_row(img, texels, __LINE__, "point");
    /* 2 texels, linear: u * 2 - 0.5 = -0.25 (clamped: texel 0), 0.25, 0.75, 1.25 (texel 1) */
    {
        static const uint8_t want[4][4] = { { 0, 0, 0, 0 }, { 64, 64, 64, 64 },
                                            { 191, 191, 191, 191 }, { 255, 255, 255, 255 } };
        draw_quad_u(&r, PS4_TEX1D, srv2, linear, 0.0f, 0.0f, img);
        check_row(img, want, __LINE__, "linear");
    }
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(srv2);
    RD_RELEASE(srv);
    RD_RELEASE(linear);
    RD_RELEASE(point);
    RD_RELEASE(t2);
    RD_RELEASE(t);
    rd_end(&r);
}

/* A draw into a Texture1D render target (4 x 1), a clear of one slice of a 1D array, and the
 * result read back through a staging copy. */
TEST(fl10_texture1d_render)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float red[4] = { 1, 0, 0, 1 }, blue[4] = { 0, 0, 1, 1 };
    static const float grey[4] = { 0.5f, 0.5f, 0.5f, 0.5f };
    D3D11_TEXTURE1D_DESC d = tex1d_desc(4, 1, 2, DXGI_FORMAT_R8G8B8A8_UNORM,
                                        D3D11_BIND_RENDER_TARGET);
    D3D11_RENDER_TARGET_VIEW_DESC rvd;
    ID3D11Texture1D *t = NULL, *st = NULL;
    ID3D11RenderTargetView *rtv0 = NULL, *rtv1 = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    if (!rd_begin_profile(&r, "10_0", L100, 4, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CreateTexture1D(r.dev, &d, NULL, &t), S_OK);
    d.Usage = D3D11_USAGE_STAGING;
    d.BindFlags = 0;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    CHECK_HR(ID3D11Device_CreateTexture1D(r.dev, &d, NULL, &st), S_OK);
    if (!t || !st)
        goto done;
    memset(&rvd, 0, sizeof(rvd));
    rvd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    rvd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE1DARRAY;
    rvd.Texture1DArray.ArraySize = 1;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)t, &rvd, &rtv0), S_OK);
    rvd.Texture1DArray.FirstArraySlice = 1;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)t, &rvd, &rtv1), S_OK);
    if (!rtv0 || !rtv1)
        goto done;
    ID3D11DeviceContext_ClearRenderTargetView(r.ctx, rtv0, grey);
    ID3D11DeviceContext_ClearRenderTargetView(r.ctx, rtv1, blue);
    /* the right half of slice 0 red */
    rd_quad(v, 0.0f, red, red, red, red);
    for (int i = 0; i < 6; i++)
        v[i].pos[0] = v[i].pos[0] < 0 ? 0.0f : 1.0f;
    rd_pipe_begin(&r, &p, VS4_PASS, "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
                  "mov o0.xyzw, v1.xyzw\nret\n", v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &rtv0, NULL);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    ID3D11DeviceContext_CopyResource(r.ctx, (ID3D11Resource *)st, (ID3D11Resource *)t);
    for (UINT slice = 0; slice < 2; slice++) {
        static const uint8_t want[2][4][4] = {
            { { 128, 128, 128, 128 }, { 128, 128, 128, 128 }, { 255, 0, 0, 255 },
              { 255, 0, 0, 255 } },
            { { 0, 0, 255, 255 }, { 0, 0, 255, 255 }, { 0, 0, 255, 255 }, { 0, 0, 255, 255 } },
        };
        CHECK_HR(ID3D11DeviceContext_Map(r.ctx, (ID3D11Resource *)st, slice, D3D11_MAP_READ, 0,
                                         &m), S_OK);
        if (!m.pData)
            continue;
        check_row(m.pData, want[slice], __LINE__, slice ? "slice 1" : "slice 0");
        ID3D11DeviceContext_Unmap(r.ctx, (ID3D11Resource *)st, slice);
    }
    rd_pipe_end(&p);
done:
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &r.rtv, NULL);
    RD_RELEASE(rtv1);
    RD_RELEASE(rtv0);
    RD_RELEASE(st);
    RD_RELEASE(t);
    rd_end(&r);
}

/* ---- array views ---------------------------------------------------------------------------- */

/* One texel a slice, colour (slice * 40 + 10, 255 - slice * 40, slice, 255). */
static void slice_colour(UINT slice, uint8_t out[4])
{
    out[0] = (uint8_t)(slice * 40 + 10);
    out[1] = (uint8_t)(255 - slice * 40);
    out[2] = (uint8_t)slice;
    out[3] = 255;
}

/* The slice a coordinate selects (7.18.3): round to nearest even, clamp to the view. */
static const struct {
    float a;
    UINT slice;
} slice_cases[] = {
    { 0.0f, 0 }, { 0.49f, 0 }, { 0.5f, 0 }, { 1.5f, 2 }, { 2.5f, 2 }, { 2.51f, 3 },
    { -3.0f, 0 }, { 7.0f, 3 }, { 3.0f, 3 },
};

/* 2D arrays: the slice from z (v1.z); `first` is the view's first resource slice. */
static void check_slices(struct rd *r, const char *ps, ID3D11ShaderResourceView *srv,
                         ID3D11SamplerState *smp, UINT first, int line)
{
    uint8_t img[16], want[4][4];
    for (size_t i = 0; i < sizeof(slice_cases) / sizeof(slice_cases[0]); i++) {
        char what[64];
        draw_quad_u(r, ps, srv, smp, 0.5f, slice_cases[i].a, img);
        for (int k = 0; k < 4; k++)
            slice_colour(first + slice_cases[i].slice, want[k]);
        snprintf(what, sizeof(what), "array coordinate %g", (double)slice_cases[i].a);
        check_row(img, want, line, what);
    }
}

TEST(fl10_sample_texture2darray)
{
    struct rd r;
    uint8_t texels[6][4];
    D3D11_SUBRESOURCE_DATA init[6];
    D3D11_TEXTURE2D_DESC d = { 1, 1, 1, 6, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    ID3D11Texture2D *t = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *point = NULL, *linear = NULL;
    for (UINT s = 0; s < 6; s++) {
        slice_colour(s, texels[s]);
        init[s] = (D3D11_SUBRESOURCE_DATA){ texels[s], 4, 0 };
    }
    if (!rd_begin_profile(&r, "10_0", L100, 4, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &d, init, &t), S_OK);
    point = sampler(r.dev, D3D11_FILTER_MIN_MAG_MIP_POINT);
    linear = sampler(r.dev, D3D11_FILTER_MIN_MAG_MIP_LINEAR);
    if (!t || !point || !linear)
        goto done;
    /* slices 1..4 of the six: index 0 is resource slice 1 */
    memset(&sd, 0, sizeof(sd));
    sd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
    sd.Texture2DArray.MipLevels = 1;
    sd.Texture2DArray.FirstArraySlice = 1;
    sd.Texture2DArray.ArraySize = 4;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, &sd, &srv), S_OK);
    if (!srv)
        goto done;
    check_slices(&r, PS4_TEX2DARRAY, srv, point, 1, __LINE__);
    /* linear filtering never blends slices */
    check_slices(&r, PS4_TEX2DARRAY, srv, linear, 1, __LINE__);
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(srv);
    RD_RELEASE(linear);
    RD_RELEASE(point);
    RD_RELEASE(t);
    rd_end(&r);
}

TEST(fl10_sample_texture1darray)
{
    struct rd r;
    /* 2 texels a slice: texel 0 the slice colour, texel 1 black */
    uint8_t texels[4][2][4];
    D3D11_SUBRESOURCE_DATA init[4];
    D3D11_TEXTURE1D_DESC d = tex1d_desc(2, 1, 4, DXGI_FORMAT_R8G8B8A8_UNORM,
                                        D3D11_BIND_SHADER_RESOURCE);
    ID3D11Texture1D *t = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *point = NULL;
    uint8_t img[16];
    memset(texels, 0, sizeof(texels));
    for (UINT s = 0; s < 4; s++) {
        slice_colour(s, texels[s][0]);
        init[s] = (D3D11_SUBRESOURCE_DATA){ texels[s], 0, 0 };
    }
    if (!rd_begin_profile(&r, "10_0", L100, 4, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CreateTexture1D(r.dev, &d, init, &t), S_OK);
    point = sampler(r.dev, D3D11_FILTER_MIN_MAG_MIP_POINT);
    if (!t || !point)
        goto done;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, NULL, &srv), S_OK);
    if (!srv)
        goto done;
    for (size_t i = 0; i < sizeof(slice_cases) / sizeof(slice_cases[0]); i++) {
        uint8_t want[4][4];
        memset(want, 0, sizeof(want));
        draw_quad_u(&r, PS4_TEX1DARRAY, srv, point, slice_cases[i].a, 0.0f, img);
        /* u = 1/8, 3/8: texel 0; 5/8, 7/8: texel 1 (black) */
        slice_colour(slice_cases[i].slice, want[0]);
        slice_colour(slice_cases[i].slice, want[1]);
        check_row(img, want, __LINE__, "1D array");
    }
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(srv);
    RD_RELEASE(point);
    RD_RELEASE(t);
    rd_end(&r);
}

/* 10_1 cube arrays: the direction picks the face, the fourth coordinate the cube. */
#define PS41_CUBEARRAY                                                                           \
    "ps_4_1\ndcl_sampler s0, mode_default\n"                                                     \
    "dcl_resource_texturecubearray (float,float,float,float) t0\n"                               \
    "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"                                          \
    "sample o0.xyzw, v1.xyzw, t0.xyzw, s0\nret\n"

TEST(fl10_sample_texturecubearray)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    uint8_t texels[18][4], img[16];
    D3D11_SUBRESOURCE_DATA init[18];
    D3D11_TEXTURE2D_DESC d = { 1, 1, 1, 18, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                               D3D11_RESOURCE_MISC_TEXTURECUBE };
    ID3D11Texture2D *t = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *point = NULL;
    /* face f of cube c: (c * 80 + 5, f * 40, 7, 255) */
    for (UINT s = 0; s < 18; s++) {
        texels[s][0] = (uint8_t)((s / 6) * 80 + 5);
        texels[s][1] = (uint8_t)((s % 6) * 40);
        texels[s][2] = 7;
        texels[s][3] = 255;
        init[s] = (D3D11_SUBRESOURCE_DATA){ texels[s], 4, 0 };
    }
    if (!rd_begin_profile(&r, "10_1", L101, 4, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &d, init, &t), S_OK);
    point = sampler(r.dev, D3D11_FILTER_MIN_MAG_MIP_POINT);
    if (!t || !point)
        goto done;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, NULL, &srv), S_OK);
    if (!srv)
        goto done;
    {
        /* direction -Y (face 3), cube coordinate 1.5 -> 2 (nearest even), then 0.4 -> 0 */
        static const float q[2] = { 1.5f, 0.4f };
        static const UINT cube[2] = { 2, 0 };
        for (int i = 0; i < 2; i++) {
            const float a[4] = { 0.0f, -1.0f, 0.0f, q[i] };
            rd_quad(v, 0.0f, a, a, a, a);
            rd_pipe_begin(&r, &p, VS4_PASS, PS41_CUBEARRAY, v, 6,
                          D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
            ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, &srv);
            ID3D11DeviceContext_PSSetSamplers(r.ctx, 0, 1, &point);
            rd_clear(&r, 0, 0, 0, 0);
            ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
            rd_read(&r, img);
            for (int k = 0; k < 4; k++)
                CHECK(!memcmp(img + 4 * k, texels[cube[i] * 6 + 3], 4));
            rd_pipe_end(&p);
        }
    }
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(srv);
    RD_RELEASE(point);
    RD_RELEASE(t);
    rd_end(&r);
}

/* ld of an array slice (in range: its texel; out of range: 0) and resinfo's slice count, both
 * on a Texture2DArray view of slices 1..4: (width, height, slices, mips) / 16. */
TEST(fl10_load_and_resinfo_arrays)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float c[4] = { 0, 0, 0, 0 };
    uint8_t texels[6][4], img[16];
    D3D11_SUBRESOURCE_DATA init[6];
    D3D11_TEXTURE2D_DESC d = { 1, 1, 1, 6, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    ID3D11Texture2D *t = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    static const struct {
        const char *ps;
        uint8_t want[4];
    } cases[] = {
        { "ps_4_0\ndcl_resource_texture2darray (float,float,float,float) t0\n"
          "dcl_output o0.xyzw\nld o0.xyzw, l(0, 0, 2, 0), t0.xyzw\nret\n",
          { 130, 135, 3, 255 } },   /* view slice 2 = resource slice 3 */
        { "ps_4_0\ndcl_resource_texture2darray (float,float,float,float) t0\n"
          "dcl_output o0.xyzw\nld o0.xyzw, l(0, 0, 4, 0), t0.xyzw\nret\n",
          { 0, 0, 0, 0 } },         /* past the view's 4 slices */
        { "ps_4_0\ndcl_resource_texture2darray (float,float,float,float) t0\n"
          "dcl_output o0.xyzw\ndcl_temps 1\nresinfo r0.xyzw, l(0), t0.xyzw\n"
          "mul o0.xyzw, r0.xyzw, l(0.0625, 0.0625, 0.0625, 0.0625)\nret\n",
          { 16, 16, 64, 16 } },     /* 1, 1, 4 slices, 1 mip */
    };
    for (UINT s = 0; s < 6; s++) {
        slice_colour(s, texels[s]);
        init[s] = (D3D11_SUBRESOURCE_DATA){ texels[s], 4, 0 };
    }
    if (!rd_begin_profile(&r, "10_0", L100, 4, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &d, init, &t), S_OK);
    if (!t)
        goto done;
    memset(&sd, 0, sizeof(sd));
    sd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
    sd.Texture2DArray.MipLevels = 1;
    sd.Texture2DArray.FirstArraySlice = 1;
    sd.Texture2DArray.ArraySize = 4;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, &sd, &srv), S_OK);
    rd_quad(v, 0.0f, c, c, c, c);
    for (size_t i = 0; srv && i < sizeof(cases) / sizeof(cases[0]); i++) {
        rd_pipe_begin(&r, &p, VS4_PASS, cases[i].ps, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, &srv);
        rd_clear(&r, 0.2f, 0.2f, 0.2f, 0.2f);
        ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
        rd_read(&r, img);
        for (int k = 0; k < 4; k++)
            if (memcmp(img + 4 * k, cases[i].want, 4))
                harness_fail(__FILE__, __LINE__, "case %zu: %u %u %u %u", i, img[4 * k],
                             img[4 * k + 1], img[4 * k + 2], img[4 * k + 3]);
        rd_pipe_end(&p);
    }
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(srv);
    RD_RELEASE(t);
    rd_end(&r);
}

/* A vertex shader's cube array: a view of one cube (the index is then always 0) and of two,
 * where the fourth coordinate picks the cube (7.18.3), as in the pixel stage. */
TEST(fl10_vertex_shader_cube_array_views)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float c[4] = { 0, 0, 0, 0 };
    uint8_t texels[12][4], img[16];
    D3D11_SUBRESOURCE_DATA init[12];
    D3D11_TEXTURE2D_DESC d = { 1, 1, 1, 12, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                               D3D11_RESOURCE_MISC_TEXTURECUBE };
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    ID3D11Texture2D *t = NULL;
    ID3D11ShaderResourceView *one = NULL, *two = NULL;
    ID3D11SamplerState *point = NULL;
    for (UINT s = 0; s < 12; s++) {
        slice_colour(s, texels[s]);
        init[s] = (D3D11_SUBRESOURCE_DATA){ texels[s], 4, 0 };
    }
    if (!rd_begin_profile(&r, "10_1", L101, 4, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &d, init, &t), S_OK);
    point = sampler(r.dev, D3D11_FILTER_MIN_MAG_MIP_POINT);
    if (!t || !point)
        goto done;
    memset(&sd, 0, sizeof(sd));
    sd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBEARRAY;
    sd.TextureCubeArray.MipLevels = 1;
    sd.TextureCubeArray.NumCubes = 1;
    sd.TextureCubeArray.First2DArrayFace = 6;   /* the second cube */
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, &sd, &one), S_OK);
    sd.TextureCubeArray.NumCubes = 2;
    sd.TextureCubeArray.First2DArrayFace = 0;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, &sd, &two), S_OK);
    if (!one || !two)
        goto done;
    rd_quad(v, 0.0f, c, c, c, c);
    rd_pipe_begin(&r, &p,
                  "vs_4_1\ndcl_sampler s0, mode_default\n"
                  "dcl_resource_texturecubearray (float,float,float,float) t0\n"
                  "dcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"
                  "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\n"
                  "sample_l o1.xyzw, l(0.0, 0.0, 1.0, 0.0), t0.xyzw, s0, l(0.0)\nret\n",
                  "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
                  "mov o0.xyzw, v1.xyzw\nret\n", v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetSamplers(r.ctx, 0, 1, &point);
    ID3D11DeviceContext_VSSetShaderResources(r.ctx, 0, 1, &one);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    rd_read(&r, img);
    CHECK(!memcmp(img, texels[6 + 4], 4));   /* +Z face of the second cube */
    ID3D11DeviceContext_VSSetShaderResources(r.ctx, 0, 1, &two);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    rd_read(&r, img);
    CHECK(!memcmp(img, texels[4], 4));       /* index 0: +Z face of the first cube */
    rd_pipe_end(&p);
    rd_pipe_begin(&r, &p,
                  "vs_4_1\ndcl_sampler s0, mode_default\n"
                  "dcl_resource_texturecubearray (float,float,float,float) t0\n"
                  "dcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"
                  "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\n"
                  "sample_l o1.xyzw, l(0.0, 0.0, 1.0, 1.0), t0.xyzw, s0, l(0.0)\nret\n",
                  "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
                  "mov o0.xyzw, v1.xyzw\nret\n", v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetSamplers(r.ctx, 0, 1, &point);
    ID3D11DeviceContext_VSSetShaderResources(r.ctx, 0, 1, &two);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    rd_read(&r, img);
    CHECK(!memcmp(img, texels[6 + 4], 4));   /* index 1: +Z face of the second cube */
    rd_pipe_end(&p);
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(two);
    RD_RELEASE(one);
    RD_RELEASE(point);
    RD_RELEASE(t);
    rd_end(&r);
}
