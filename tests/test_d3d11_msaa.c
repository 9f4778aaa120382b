/* tests/test_d3d11_msaa.c — multisampling through the D3D11 API (issue 11 item 4): what each
 * profile offers (CheckMultisampleQualityLevels, CheckFormatSupport), multisampled Texture2D
 * creation rules, render-target / depth-stencil / shader-resource view dimensions, draws into
 * 4x targets resolved with ResolveSubresource to exact fractions (edges through a pixel at
 * known sample offsets, depth per sample, SampleMask), clears of every sample, thread
 * independence, and ResolveSubresource's refusals. */
#include "test_render_util.h"

#include <stdio.h>
#include <unistd.h>

#include "dxgi1_6.h"
#include "test_png_util.h"

static const D3D_FEATURE_LEVEL L93 = D3D_FEATURE_LEVEL_9_3,
                               L101 = D3D_FEATURE_LEVEL_10_1;

static D3D11_TEXTURE2D_DESC ms_desc(UINT w, UINT h, DXGI_FORMAT f, UINT count, UINT quality,
                                    UINT bind)
{
    D3D11_TEXTURE2D_DESC d;
    memset(&d, 0, sizeof(d));
    d.Width = w;
    d.Height = h;
    d.MipLevels = 1;
    d.ArraySize = 1;
    d.Format = f;
    d.SampleDesc.Count = count;
    d.SampleDesc.Quality = quality;
    d.Usage = D3D11_USAGE_DEFAULT;
    d.BindFlags = bind;
    return d;
}

static HRESULT ms_create(ID3D11Device *dev, const D3D11_TEXTURE2D_DESC *d)
{
    ID3D11Texture2D *t = NULL;
    HRESULT hr = ID3D11Device_CreateTexture2D(dev, d, NULL, &t);
    if (t)
        ID3D11Texture2D_Release(t);
    else
        CHECK(FAILED(hr));
    return hr;
}

TEST(msaa_quality_levels_per_profile)
{
    static const struct { const char *profile; D3D_FEATURE_LEVEL level; bool ms; } cases[] = {
        { "9_1", D3D_FEATURE_LEVEL_9_1, false }, { "9_3", D3D_FEATURE_LEVEL_9_3, false },
        { "max", D3D_FEATURE_LEVEL_9_1, true },  { "max", D3D_FEATURE_LEVEL_9_3, true },
        { "10_0", D3D_FEATURE_LEVEL_10_0, true }, { "10_1", D3D_FEATURE_LEVEL_10_1, true },
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        ID3D11DeviceContext *ctx = NULL;
        ID3D11Device *dev = rd_profile_device(cases[i].profile, cases[i].level, &ctx);
        if (!dev)
            continue;
        for (UINT n = 1; n <= 32; n++) {
            UINT q = 99;
            CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_R8G8B8A8_UNORM,
                                                                n, &q), S_OK);
            bool want = n == 1 || (cases[i].ms && (n == 2 || n == 4 || n == 8));
            CHECK_EQ(q, want ? 1 : 0);
            q = 99;
            CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_D24_UNORM_S8_UINT,
                                                                n, &q), S_OK);
            CHECK_EQ(q, want ? 1 : 0);
        }
        /* not a render-target format: none */
        UINT q = 99;
        CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_BC1_UNORM, 4, &q),
                 S_OK);
        CHECK_EQ(q, 0);
        /* invalid arguments */
        CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_R8G8B8A8_UNORM, 0,
                                                            &q), E_INVALIDARG);
        CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_R8G8B8A8_UNORM, 33,
                                                            &q), E_INVALIDARG);
        UINT bits = 0;
        CHECK_HR(ID3D11Device_CheckFormatSupport(dev, DXGI_FORMAT_R8G8B8A8_UNORM, &bits), S_OK);
        CHECK_EQ(!!(bits & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET), cases[i].ms);
        CHECK_EQ(!!(bits & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE), cases[i].ms);
        /* Texture2DMS reads from 10_0 */
        CHECK_EQ(!!(bits & D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD),
                 cases[i].ms && cases[i].level >= D3D_FEATURE_LEVEL_10_0);
        CHECK_HR(ID3D11Device_CheckFormatSupport(dev, DXGI_FORMAT_D24_UNORM_S8_UINT, &bits), S_OK);
        CHECK_EQ(!!(bits & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET), cases[i].ms);
        CHECK(!(bits & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE));   /* depth: no resolve */
        ID3D11DeviceContext_Release(ctx);
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
}

TEST(msaa_texture2d_creation_rules)
{
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Device *dev = rd_profile_device("max", L93, &ctx);
    if (!dev)
        return;
    const UINT rt = D3D11_BIND_RENDER_TARGET;
    D3D11_TEXTURE2D_DESC d = ms_desc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0, rt);
    CHECK_HR(ms_create(dev, &d), S_OK);
    d.SampleDesc.Count = 2;
    CHECK_HR(ms_create(dev, &d), S_OK);
    d.SampleDesc.Count = 8;
    CHECK_HR(ms_create(dev, &d), S_OK);
    d = ms_desc(16, 16, DXGI_FORMAT_D24_UNORM_S8_UINT, 4, 0, D3D11_BIND_DEPTH_STENCIL);
    CHECK_HR(ms_create(dev, &d), S_OK);
    /* refusals, each with a message */
    static const struct { UINT count, quality, mips; D3D11_USAGE usage; UINT misc; } bad[] = {
        { 4, 1, 1, D3D11_USAGE_DEFAULT, 0 },          /* quality beyond the one level */
        { 3, 0, 1, D3D11_USAGE_DEFAULT, 0 },          /* no pattern of 3 */
        { 16, 0, 1, D3D11_USAGE_DEFAULT, 0 },
        { 4, 0, 2, D3D11_USAGE_DEFAULT, 0 },          /* mips */
        { 4, 0, 1, D3D11_USAGE_DYNAMIC, 0 },          /* not DEFAULT */
        { 4, (UINT)D3D11_STANDARD_MULTISAMPLE_PATTERN, 1, D3D11_USAGE_DEFAULT, 0 },   /* < 10_1 */
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        d = ms_desc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, bad[i].count, bad[i].quality, rt);
        d.MipLevels = bad[i].mips;
        d.Usage = bad[i].usage;
        if (d.Usage == D3D11_USAGE_DYNAMIC) {
            d.BindFlags = D3D11_BIND_SHADER_RESOURCE;
            d.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
        }
        util_clear_last_message();
        CHECK_HR(ms_create(dev, &d), E_INVALIDARG);
        CHECK(LAST[0] != 0);
    }
    /* initial data */
    static uint32_t texels[16 * 16];
    D3D11_SUBRESOURCE_DATA init = { texels, 64, 0 };
    ID3D11Texture2D *t = NULL;
    d = ms_desc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0, rt);
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, &init, &t), E_INVALIDARG);
    CHECK(t == NULL);
    /* seed 004 at 9_x: no multisampled shader resources */
    d.BindFlags = rt | D3D11_BIND_SHADER_RESOURCE;
    CHECK_HR(ms_create(dev, &d), E_INVALIDARG);
    ID3D11DeviceContext_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0);

    /* the 9_3 profile (weakest hardware): none */
    dev = rd_profile_device("9_3", L93, &ctx);
    if (dev) {
        d = ms_desc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0, rt);
        CHECK_HR(ms_create(dev, &d), E_INVALIDARG);
        ID3D11DeviceContext_Release(ctx);
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
    /* 10_1: the fixed-pattern quality values; shader resources allowed */
    dev = rd_profile_device("10_1", L101, &ctx);
    if (dev) {
        d = ms_desc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, 4, (UINT)D3D11_STANDARD_MULTISAMPLE_PATTERN,
                    rt | D3D11_BIND_SHADER_RESOURCE);
        CHECK_HR(ms_create(dev, &d), S_OK);
        d.SampleDesc.Quality = (UINT)D3D11_CENTER_MULTISAMPLE_PATTERN;
        CHECK_HR(ms_create(dev, &d), S_OK);
        d.SampleDesc.Quality = 0xfffffffdu;
        CHECK_HR(ms_create(dev, &d), E_INVALIDARG);
        ID3D11DeviceContext_Release(ctx);
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
}

TEST(msaa_view_dimensions)
{
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Device *dev = rd_profile_device("10_1", L101, &ctx);
    if (!dev)
        return;
    D3D11_TEXTURE2D_DESC d = ms_desc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0,
                                     D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
    ID3D11Texture2D *t = NULL, *one = NULL, *dt = NULL;
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, &t), S_OK);
    d.SampleDesc.Count = 1;
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, &one), S_OK);
    d = ms_desc(8, 8, DXGI_FORMAT_D24_UNORM_S8_UINT, 4, 0, D3D11_BIND_DEPTH_STENCIL);
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, &dt), S_OK);
    if (!t || !one || !dt)
        goto done;
    ID3D11RenderTargetView *rtv = NULL;
    D3D11_RENDER_TARGET_VIEW_DESC rd;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)t, NULL, &rtv), S_OK);
    if (rtv) {
        ID3D11RenderTargetView_GetDesc(rtv, &rd);
        CHECK_EQ(rd.ViewDimension, D3D11_RTV_DIMENSION_TEXTURE2DMS);
        ID3D11RenderTargetView_Release(rtv);
    }
    memset(&rd, 0, sizeof(rd));
    rd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
    rtv = NULL;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)t, &rd, &rtv),
             E_INVALIDARG);
    rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DMS;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)one, &rd, &rtv),
             E_INVALIDARG);
    CHECK(rtv == NULL);
    ID3D11DepthStencilView *dsv = NULL;
    D3D11_DEPTH_STENCIL_VIEW_DESC dd;
    CHECK_HR(ID3D11Device_CreateDepthStencilView(dev, (ID3D11Resource *)dt, NULL, &dsv), S_OK);
    if (dsv) {
        ID3D11DepthStencilView_GetDesc(dsv, &dd);
        CHECK_EQ(dd.ViewDimension, D3D11_DSV_DIMENSION_TEXTURE2DMS);
        ID3D11DepthStencilView_Release(dsv);
    }
    memset(&dd, 0, sizeof(dd));
    dd.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
    dd.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
    dsv = NULL;
    CHECK_HR(ID3D11Device_CreateDepthStencilView(dev, (ID3D11Resource *)dt, &dd, &dsv),
             E_INVALIDARG);
    /* shader-resource views: a plain Texture2D view of a multisampled texture is refused;
     * Texture2DMS and Texture2DMSArray views are made (ld_ms below and
     * test_d3d11_msaa_sample.c) */
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    memset(&sd, 0, sizeof(sd));
    sd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
    sd.Texture2D.MipLevels = 1;
    ID3D11ShaderResourceView *srv = NULL;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)t, &sd, &srv),
             E_INVALIDARG);
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DMS;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)t, &sd, &srv), S_OK);
    RD_RELEASE(srv);
    CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)one, &sd, &srv),
             E_INVALIDARG);
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY;
    sd.Texture2DMSArray.ArraySize = 1;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)t, &sd, &srv), S_OK);
    RD_RELEASE(srv);
    sd.Texture2DMSArray.ArraySize = 2;   /* t has one slice */
    CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)t, &sd, &srv),
             E_INVALIDARG);
    CHECK(srv == NULL);
done:
    RD_RELEASE(t);
    RD_RELEASE(one);
    RD_RELEASE(dt);
    ID3D11DeviceContext_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* ---- drawing -------------------------------------------------------------------------------- */

/* A 4x (count) R8G8B8A8 target of W x H with its view, a single-sample twin to resolve into,
 * and the device; profile max at 9_3 (the shaders are level-9 listings). */
struct ms_rd {
    struct rd r;
    ID3D11Texture2D *ms;
    ID3D11RenderTargetView *ms_rtv;
};

enum { MW = 8, MH = 8 };

static bool ms_begin_at(struct ms_rd *m, UINT count, const char *profile, D3D_FEATURE_LEVEL l)
{
    memset(m, 0, sizeof(*m));
    if (!rd_begin_profile(&m->r, profile, l, MW, MH))
        return false;
    D3D11_TEXTURE2D_DESC d = ms_desc(MW, MH, DXGI_FORMAT_R8G8B8A8_UNORM, count, 0,
                                     D3D11_BIND_RENDER_TARGET);
    CHECK_HR(ID3D11Device_CreateTexture2D(m->r.dev, &d, NULL, &m->ms), S_OK);
    if (!m->ms)
        return false;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(m->r.dev, (ID3D11Resource *)m->ms, NULL,
                                                 &m->ms_rtv), S_OK);
    ID3D11DeviceContext_OMSetRenderTargets(m->r.ctx, 1, &m->ms_rtv, NULL);
    static const float black[4] = { 0, 0, 0, 0 };
    ID3D11DeviceContext_ClearRenderTargetView(m->r.ctx, m->ms_rtv, black);
    return m->ms_rtv != NULL;
}

static bool ms_begin(struct ms_rd *m, UINT count)
{
    return ms_begin_at(m, count, "max", L93);
}

/* Resolves into the single-sample target and reads it. */
static void ms_resolve_read(struct ms_rd *m, uint8_t *img)
{
    ACCEPTED(ID3D11DeviceContext_ResolveSubresource(m->r.ctx, (ID3D11Resource *)m->r.tex, 0,
                                                    (ID3D11Resource *)m->ms, 0,
                                                    DXGI_FORMAT_R8G8B8A8_UNORM));
    rd_read(&m->r, img);
}

static void ms_end(struct ms_rd *m)
{
    RD_RELEASE(m->ms_rtv);
    RD_RELEASE(m->ms);
    rd_end(&m->r);
}

static float px_ndc(float px) { return px * 2.0f / MW - 1.0f; }
static float py_ndc(float py) { return 1.0f - py * 2.0f / MH; }

/* The rectangle [x0, MW] x [y0, y1) in pixels as two clockwise triangles, colour c, depth
 * z(x) = z0 + zx * x (pixels). */
static void ms_rect(struct vtx *v, float x0, float y0, float y1, const float *c, float z0,
                    float zx)
{
    const float xs[4] = { x0, (float)MW, x0, (float)MW }, ys[4] = { y0, y0, y1, y1 };
    static const int order[6] = { 0, 1, 2, 2, 1, 3 };
    for (int i = 0; i < 6; i++) {
        int k = order[i];
        v[i].pos[0] = px_ndc(xs[k]);
        v[i].pos[1] = py_ndc(ys[k]);
        v[i].pos[2] = z0 + zx * xs[k];
        v[i].pos[3] = 1.0f;
        memcpy(v[i].attr, c, sizeof(v[i].attr));
    }
}

/* Vertical left edges through pixel 2 at known offsets from its centre (2.5): the 4x samples
 * sit at x offsets -2, 6, -6, 2 sixteenths; a sample on a left edge is inside (top-left rule,
 * per sample).  Edge at 2.5: offsets 6, 2 in (1/2); 2.5 + 3/16: 6 only (1/4); 2.5 - 5/16: -2,
 * 6, 2 (3/4); 2.5 - 2/16: exactly on sample 0's position, which a left edge includes (3/4). */
TEST(msaa_edges_resolve_to_sample_fractions)
{
    static const float edge[4] = { 2.5f, 2.5f + 3.0f / 16, 2.5f - 5.0f / 16, 2.5f - 2.0f / 16 };
    static const uint8_t want[4] = { 128, 64, 191, 191 };   /* 255 * k / 4, rounded */
    static const float red[4] = { 1, 0, 0, 1 };
    struct ms_rd m;
    struct rd_pipe p;
    struct vtx v[24];
    uint8_t img[MW * MH * 4];
    if (!ms_begin(&m, 4)) {
        ms_end(&m);
        return;
    }
    for (int b = 0; b < 4; b++)
        ms_rect(v + 6 * b, edge[b], (float)(2 * b), (float)(2 * b + 2), red, 0.5f, 0.0f);
    rd_pipe_begin(&m.r, &p, VS_POS_ATTR, PS_ATTR, v, 24, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ACCEPTED(ID3D11DeviceContext_Draw(m.r.ctx, 24, 0));
    ms_resolve_read(&m, img);
    for (int y = 0; y < MH; y++) {
        CHECK_EQ(img[(y * MW + 1) * 4], 0);
        CHECK_EQ(img[(y * MW + 2) * 4], want[y / 2]);
        CHECK_EQ(img[(y * MW + 3) * 4], 255);
        CHECK_EQ(img[(y * MW + 2) * 4 + 3], want[y / 2]);   /* alpha averages alike */
        CHECK_EQ(img[(y * MW + 2) * 4 + 1], 0);
    }
    rd_pipe_end(&p);
    ms_end(&m);
}

/* Depth per sample: a red rectangle at z = 0.5, then a green one whose depth falls along x and
 * crosses 0.5 at pixel 2's centre (z = 0.5 + 0.05 (2.5 - x)), depth test LESS: only the samples
 * right of the centre (offsets 6 and 2) take green.  With the centre's depth for every sample
 * pixel 2 would stay red. */
TEST(msaa_depth_per_sample)
{
    static const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 };
    struct ms_rd m;
    struct rd_pipe p;
    struct vtx v[12];
    uint8_t img[MW * MH * 4];
    if (!ms_begin(&m, 4)) {
        ms_end(&m);
        return;
    }
    D3D11_TEXTURE2D_DESC d = ms_desc(MW, MH, DXGI_FORMAT_D24_UNORM_S8_UINT, 4, 0,
                                     D3D11_BIND_DEPTH_STENCIL);
    ID3D11Texture2D *dt = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    CHECK_HR(ID3D11Device_CreateTexture2D(m.r.dev, &d, NULL, &dt), S_OK);
    if (dt)
        CHECK_HR(ID3D11Device_CreateDepthStencilView(m.r.dev, (ID3D11Resource *)dt, NULL, &dsv),
                 S_OK);
    ID3D11DeviceContext_OMSetRenderTargets(m.r.ctx, 1, &m.ms_rtv, dsv);
    if (dsv)
        ID3D11DeviceContext_ClearDepthStencilView(m.r.ctx, dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
    ms_rect(v, 0.0f, 0.0f, (float)MH, red, 0.5f, 0.0f);
    ms_rect(v + 6, 0.0f, 0.0f, (float)MH, green, 0.5f + 0.05f * 2.5f, -0.05f);
    rd_pipe_begin(&m.r, &p, VS_POS_ATTR, PS_ATTR, v, 12, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ACCEPTED(ID3D11DeviceContext_Draw(m.r.ctx, 12, 0));
    ms_resolve_read(&m, img);
    for (int y = 0; y < MH; y++) {
        CHECK_EQ(img[(y * MW + 1) * 4], 255);
        CHECK_EQ(img[(y * MW + 1) * 4 + 1], 0);
        CHECK_EQ(img[(y * MW + 2) * 4], 128);
        CHECK_EQ(img[(y * MW + 2) * 4 + 1], 128);
        CHECK_EQ(img[(y * MW + 3) * 4], 0);
        CHECK_EQ(img[(y * MW + 3) * 4 + 1], 255);
    }
    rd_pipe_end(&p);
    RD_RELEASE(dsv);
    RD_RELEASE(dt);
    ms_end(&m);
}

/* SampleMask: bits 0 and 2 of a 4x target: a full-covering draw reaches half the samples; a mask
 * of only bits above the count draws nothing. */
TEST(msaa_sample_mask)
{
    static const float white[4] = { 1, 1, 1, 1 };
    struct ms_rd m;
    struct rd_pipe p;
    struct vtx v[6];
    uint8_t img[MW * MH * 4];
    if (!ms_begin(&m, 4)) {
        ms_end(&m);
        return;
    }
    ms_rect(v, 0.0f, 0.0f, (float)MH, white, 0.5f, 0.0f);
    rd_pipe_begin(&m.r, &p, VS_POS_ATTR, PS_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_OMSetBlendState(m.r.ctx, NULL, NULL, 0xfffffff0u);
    ACCEPTED(ID3D11DeviceContext_Draw(m.r.ctx, 6, 0));
    ms_resolve_read(&m, img);
    CHECK_EQ(img[0], 0);
    ID3D11DeviceContext_OMSetBlendState(m.r.ctx, NULL, NULL, 0x5u);
    ACCEPTED(ID3D11DeviceContext_Draw(m.r.ctx, 6, 0));
    ms_resolve_read(&m, img);
    for (int i = 0; i < MW * MH; i++)
        CHECK_EQ(img[i * 4], 128);
    rd_pipe_end(&p);
    ms_end(&m);
}

/* ClearRenderTargetView writes every sample: the resolve is the clear colour exactly. */
TEST(msaa_clear_every_sample)
{
    static const float c[4] = { 0.2f, 0.4f, 0.6f, 0.8f };
    struct ms_rd m;
    uint8_t img[MW * MH * 4];
    if (!ms_begin(&m, 8)) {
        ms_end(&m);
        return;
    }
    ID3D11DeviceContext_ClearRenderTargetView(m.r.ctx, m.ms_rtv, c);
    ms_resolve_read(&m, img);
    for (int i = 0; i < MW * MH; i++) {
        CHECK_EQ(img[i * 4], 51);
        CHECK_EQ(img[i * 4 + 1], 102);
        CHECK_EQ(img[i * 4 + 2], 153);
        CHECK_EQ(img[i * 4 + 3], 204);
    }
    ms_end(&m);
}

TEST(msaa_resolve_refusals)
{
    struct ms_rd m;
    uint8_t before[MW * MH * 4], after[MW * MH * 4];
    if (!ms_begin(&m, 4)) {
        ms_end(&m);
        return;
    }
    rd_clear(&m.r, 0.0f, 1.0f, 0.0f, 1.0f);
    rd_read(&m.r, before);
    ID3D11Resource *dst = (ID3D11Resource *)m.r.tex, *src = (ID3D11Resource *)m.ms;
    ID3D11Texture2D *small = NULL, *other = NULL;
    D3D11_TEXTURE2D_DESC d = ms_desc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 0,
                                     D3D11_BIND_RENDER_TARGET);
    CHECK_HR(ID3D11Device_CreateTexture2D(m.r.dev, &d, NULL, &small), S_OK);
    d = ms_desc(MW, MH, DXGI_FORMAT_B8G8R8A8_UNORM, 1, 0, D3D11_BIND_RENDER_TARGET);
    CHECK_HR(ID3D11Device_CreateTexture2D(m.r.dev, &d, NULL, &other), S_OK);
    struct { ID3D11Resource *dst; UINT dsub; ID3D11Resource *src; UINT ssub; DXGI_FORMAT f; } bad[] = {
        { dst, 0, dst, 0, DXGI_FORMAT_R8G8B8A8_UNORM },                  /* source single-sampled */
        { src, 0, src, 0, DXGI_FORMAT_R8G8B8A8_UNORM },                  /* destination multisampled */
        { dst, 0, src, 1, DXGI_FORMAT_R8G8B8A8_UNORM },                  /* subresource */
        { dst, 1, src, 0, DXGI_FORMAT_R8G8B8A8_UNORM },
        { dst, 0, src, 0, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB },             /* format of neither */
        { dst, 0, src, 0, DXGI_FORMAT_R8G8B8A8_UINT },
        { (ID3D11Resource *)other, 0, src, 0, DXGI_FORMAT_R8G8B8A8_UNORM },   /* dst format */
        { (ID3D11Resource *)small, 0, src, 0, DXGI_FORMAT_R8G8B8A8_UNORM },   /* size */
        { NULL, 0, src, 0, DXGI_FORMAT_R8G8B8A8_UNORM },
        { dst, 0, NULL, 0, DXGI_FORMAT_R8G8B8A8_UNORM },
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        util_clear_last_message();
        ID3D11DeviceContext_ResolveSubresource(m.r.ctx, bad[i].dst, bad[i].dsub, bad[i].src,
                                               bad[i].ssub, bad[i].f);
        CHECK(LAST[0] != 0);
    }
    rd_read(&m.r, after);
    CHECK(!memcmp(before, after, sizeof(before)));
    RD_RELEASE(small);
    RD_RELEASE(other);
    ms_end(&m);
}

/* The same multisampled scene with 1 and 2 threads: identical resolved bytes. */
static void ms_scene(const char *threads, uint8_t *img)
{
    enum { N = 60 };
    static struct vtx v[3 * N];
    struct ms_rd m;
    struct rd_pipe p;
    uint32_t seed = 777;
    setenv("SOFTD3D_THREADS", threads, 1);
    if (ms_begin(&m, 8)) {
        for (int i = 0; i < 3 * N; i++) {
            float f[8];
            for (int k = 0; k < 8; k++) {
                seed = seed * 1664525u + 1013904223u;
                f[k] = (float)(seed >> 8) / 16777216.0f;
            }
            v[i].pos[0] = f[0] * 2.4f - 1.2f;
            v[i].pos[1] = f[1] * 2.4f - 1.2f;
            v[i].pos[2] = f[2];
            v[i].pos[3] = 1.0f;
            memcpy(v[i].attr, &f[4], sizeof(v[i].attr));
        }
        D3D11_RASTERIZER_DESC rdsc = { D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f,
                                       TRUE, FALSE, FALSE, FALSE };
        ID3D11RasterizerState *rs = NULL;
        CHECK_HR(ID3D11Device_CreateRasterizerState(m.r.dev, &rdsc, &rs), S_OK);
        ID3D11DeviceContext_RSSetState(m.r.ctx, rs);
        rd_pipe_begin(&m.r, &p, VS_POS_ATTR, PS_ATTR, v, 3 * N,
                      D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        ACCEPTED(ID3D11DeviceContext_Draw(m.r.ctx, 3 * N, 0));
        ms_resolve_read(&m, img);
        rd_pipe_end(&p);
        RD_RELEASE(rs);
    }
    ms_end(&m);
    unsetenv("SOFTD3D_THREADS");
}

TEST(msaa_threads_bit_identical)
{
    static uint8_t a[MW * MH * 4], b[MW * MH * 4];
    ms_scene("1", a);
    ms_scene("2", b);
    CHECK(!memcmp(a, b, sizeof(a)));
    unsigned partial = 0;
    for (size_t i = 0; i < sizeof(a); i += 4)
        partial += a[i] != 0 && a[i] != 255;
    CHECK(partial > 0);
}

/* Alpha-to-coverage (10_x): alpha a covers the first floor(a n + 0.5) of n samples
 * (src/pipeline/pixel_ms.c); on a one-sample target a >= 0.5 covers the pixel. */
TEST(msaa_alpha_to_coverage)
{
    static const float alphas[4] = { 0.25f, 0.5f, 0.8f, 0.1f };
    static const uint8_t want4[4] = { 64, 128, 191, 0 };   /* k = 1, 2, 3, 0 of 4 */
    struct ms_rd m;
    struct rd_pipe p;
    struct vtx v[24];
    uint8_t img[MW * MH * 4];
    ID3D11BlendState *bs = NULL;
    if (!ms_begin_at(&m, 4, "10_1", L101)) {
        ms_end(&m);
        return;
    }
    for (int b = 0; b < 4; b++) {
        const float c[4] = { 1, 1, 1, alphas[b] };
        ms_rect(v + 6 * b, -1.0f, (float)(2 * b), (float)(2 * b + 2), c, 0.5f, 0.0f);
    }
    D3D11_BLEND_DESC bd;
    memset(&bd, 0, sizeof(bd));
    bd.AlphaToCoverageEnable = TRUE;
    bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    CHECK_HR(ID3D11Device_CreateBlendState(m.r.dev, &bd, &bs), S_OK);
    ID3D11DeviceContext_OMSetBlendState(m.r.ctx, bs, NULL, 0xffffffff);
    rd_pipe_begin(&m.r, &p, VS_POS_ATTR, PS_ATTR, v, 24, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ACCEPTED(ID3D11DeviceContext_Draw(m.r.ctx, 24, 0));
    ms_resolve_read(&m, img);
    for (int y = 0; y < MH; y++)
        for (int x = 0; x < MW; x++)
            CHECK_EQ(img[(y * MW + x) * 4], want4[y / 2]);
    /* one sample: the single-sample target itself */
    ID3D11DeviceContext_OMSetRenderTargets(m.r.ctx, 1, &m.r.rtv, NULL);
    rd_clear(&m.r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(m.r.ctx, 24, 0));
    rd_read(&m.r, img);
    static const uint8_t want1[4] = { 0, 255, 255, 0 };
    for (int y = 0; y < MH; y++)
        CHECK_EQ(img[(y * MW + 5) * 4], want1[y / 2]);
    RD_RELEASE(bs);
    rd_pipe_end(&p);
    ms_end(&m);
}

/* ---- swap chains ---------------------------------------------------------------------------- */

static DXGI_SWAP_CHAIN_DESC ms_sc_desc(UINT count, DXGI_SWAP_EFFECT effect, UINT buffers)
{
    DXGI_SWAP_CHAIN_DESC d;
    memset(&d, 0, sizeof(d));
    d.BufferDesc.Width = MW;
    d.BufferDesc.Height = MH;
    d.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    d.SampleDesc.Count = count;
    d.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    d.BufferCount = buffers;
    d.OutputWindow = (HWND)(uintptr_t)0x1234;
    d.Windowed = TRUE;
    d.SwapEffect = effect;
    return d;
}

static HRESULT ms_sc_create(const DXGI_SWAP_CHAIN_DESC *d, IDXGISwapChain **sc, ID3D11Device **dev,
                            ID3D11DeviceContext **ctx)
{
    setenv("SOFTD3D_PROFILE", "max", 1);
    HRESULT hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &L93, 1,
                                               D3D11_SDK_VERSION, d, sc, dev, NULL, ctx);
    unsetenv("SOFTD3D_PROFILE");
    return hr;
}

/* A 4x DISCARD swap chain: its buffer is multisampled, Present resolves (a SampleMask of two of
 * the four samples: grey 128 in the dumped frame). */
TEST(msaa_swap_chain_present_resolves)
{
    static const float white[4] = { 1, 1, 1, 1 };
    char dir[] = "/tmp/softd3d-msaa-sc-XXXXXX";
    DXGI_SWAP_CHAIN_DESC d = ms_sc_desc(4, DXGI_SWAP_EFFECT_DISCARD, 1);
    IDXGISwapChain *sc = NULL;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    int found = 0;
    if (!mkdtemp(dir))
        SKIP("mkdtemp failed");
    setenv("SOFTD3D_PRESENT_DUMP", dir, 1);
    CHECK_HR(ms_sc_create(&d, &sc, &dev, &ctx), S_OK);
    if (sc && dev && ctx) {
        struct rd r;
        struct rd_pipe p;
        struct vtx v[6];
        ID3D11Texture2D *bb = NULL;
        ID3D11RenderTargetView *rtv = NULL;
        D3D11_TEXTURE2D_DESC td;
        CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&bb), S_OK);
        if (bb) {
            ID3D11Texture2D_GetDesc(bb, &td);
            CHECK_EQ(td.SampleDesc.Count, 4);
            CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)bb, NULL, &rtv),
                     S_OK);
        }
        memset(&r, 0, sizeof(r));
        r.dev = dev;
        r.ctx = ctx;
        ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, &rtv, NULL);
        rd_viewport(ctx, 0, 0, MW, MH);
        ms_rect(v, 0.0f, 0.0f, (float)MH, white, 0.5f, 0.0f);
        rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        ID3D11DeviceContext_OMSetBlendState(ctx, NULL, NULL, 0x3u);
        ACCEPTED(ID3D11DeviceContext_Draw(ctx, 6, 0));
        CHECK_HR(IDXGISwapChain_Present(sc, 0, 0), S_OK);
        ID3D11DeviceContext_ClearState(ctx);
        rd_pipe_end(&p);
        RD_RELEASE(rtv);
        if (bb)
            ID3D11Texture2D_Release(bb);   /* (the swap chain holds it too) */
    }
    if (sc)
        IDXGISwapChain_Release(sc);
    if (ctx)
        ID3D11DeviceContext_Release(ctx);
    if (dev)
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    unsetenv("SOFTD3D_PRESENT_DUMP");
    uint32_t w = 0, h = 0;
    uint32_t px = png_dump_first_pixel(dir, "softd3d-d3d11-sc", "", &found, &w, &h);
    CHECK_EQ(found, 1);
    CHECK_EQ(px, 0x808080u);
    rmdir(dir);
}

TEST(msaa_swap_chain_refusals)
{
    static const struct { UINT count; DXGI_SWAP_EFFECT effect; UINT buffers; HRESULT hr; } cases[] = {
        { 3, DXGI_SWAP_EFFECT_DISCARD, 1, DXGI_ERROR_INVALID_CALL },          /* not offered */
        { 4, DXGI_SWAP_EFFECT_FLIP_DISCARD, 2, DXGI_ERROR_INVALID_CALL },     /* flip: Count 1 */
        { 4, DXGI_SWAP_EFFECT_SEQUENTIAL, 2, E_NOTIMPL },
        { 8, DXGI_SWAP_EFFECT_SEQUENTIAL, 1, S_OK },
        { 2, DXGI_SWAP_EFFECT_DISCARD, 3, S_OK },
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        DXGI_SWAP_CHAIN_DESC d = ms_sc_desc(cases[i].count, cases[i].effect, cases[i].buffers);
        IDXGISwapChain *sc = NULL;
        ID3D11Device *dev = NULL;
        ID3D11DeviceContext *ctx = NULL;
        util_clear_last_message();
        CHECK_HR(ms_sc_create(&d, &sc, &dev, &ctx), cases[i].hr);
        CHECK_EQ(sc != NULL, cases[i].hr == S_OK);
        if (cases[i].hr != S_OK)
            CHECK(LAST[0] != 0);
        if (sc)
            IDXGISwapChain_Release(sc);
        if (ctx)
            ID3D11DeviceContext_Release(ctx);
        if (dev)
            CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
}

/* ---- Texture2DMS loads ---------------------------------------------------------------------- */

#define VS4_POS "vs_4_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, v0.xyzw\nret\n"
/* ld_ms of sample N at the pixel's integer position */
#define PS4_LD_MS(n)                                                                             \
    "ps_4_0\ndcl_resource_texture2dms(4) (float,float,float,float) t0\n"                          \
    "dcl_input_ps_siv linear noperspective v0.xy, position\ndcl_output o0.xyzw\ndcl_temps 1\n"   \
    "ftou r0.xy, v0.xyxx\nmov r0.zw, l(0, 0, 0, 0)\nld_ms o0.xyzw, r0.xyzw, t0.xyzw, l(" #n ")\n" \
    "ret\n"

/* The edge at pixel 2's centre covers its samples 1 and 3 (offsets 6, 2) and not 0 and 2:
 * ld_ms reads each sample's own value. */
TEST(msaa_texture2dms_load)
{
    static const float red[4] = { 1, 0, 0, 1 }, none[4] = { 0, 0, 0, 0 };
    static const char *const ps[4] = { PS4_LD_MS(0), PS4_LD_MS(1), PS4_LD_MS(2), PS4_LD_MS(3) };
    static const uint8_t want[4] = { 0, 255, 0, 255 };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6], q[6];
    uint8_t img[MW * MH * 4];
    if (!rd_begin_profile(&r, "10_1", L101, MW, MH)) {
        rd_end(&r);
        return;
    }
    D3D11_TEXTURE2D_DESC d = ms_desc(MW, MH, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0,
                                     D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
    ID3D11Texture2D *ms = NULL;
    ID3D11RenderTargetView *ms_rtv = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &d, NULL, &ms), S_OK);
    if (ms) {
        CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)ms, NULL, &ms_rtv),
                 S_OK);
        CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)ms, NULL, &srv),
                 S_OK);
    }
    if (ms_rtv && srv) {
        ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &ms_rtv, NULL);
        ID3D11DeviceContext_ClearRenderTargetView(r.ctx, ms_rtv, none);
        ms_rect(v, 2.5f, 0.0f, (float)MH, red, 0.5f, 0.0f);
        rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
        rd_pipe_end(&p);
        ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &r.rtv, NULL);
        rd_quad(q, 0.5f, none, none, none, none);
        for (int s = 0; s < 4; s++) {
            rd_clear(&r, 0, 0, 1, 1);
            rd_pipe_begin(&r, &p, VS4_POS, ps[s], q, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
            ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, &srv);
            ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
            rd_read(&r, img);
            for (int y = 0; y < MH; y++) {
                CHECK_EQ(img[(y * MW + 1) * 4], 0);
                CHECK_EQ(img[(y * MW + 1) * 4 + 2], 0);   /* the texel's blue, not the clear's */
                CHECK_EQ(img[(y * MW + 2) * 4], want[s]);
                CHECK_EQ(img[(y * MW + 3) * 4], 255);
            }
            ID3D11ShaderResourceView *null_srv = NULL;
            ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, &null_srv);
            rd_pipe_end(&p);
        }
    }
    RD_RELEASE(srv);
    RD_RELEASE(ms_rtv);
    RD_RELEASE(ms);
    rd_end(&r);
}
