/* tests/test_d3d11_fl11_1.c — what feature level 11_1 adds beyond tiled resources (issue 15),
 * on the 11_1 device of profile 11_1: ClearView of render-target and unordered-access views
 * (rectangles clipped, empty ones no-ops, integer colours truncated and clamped), its refusals,
 * and D3D11_OPTIONS.ClearView per level.  Exact bytes, read back through staging copies. */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define COBJMACROS
#include "d3d11_2.h"
#include "util/log.h"

#define LAST util_last_message()

static ID3D11Device *device_at(const char *profile, D3D_FEATURE_LEVEL want,
                               ID3D11DeviceContext1 **ctx)
{
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *c = NULL;
    D3D_FEATURE_LEVEL got = 0;
    setenv("SOFTD3D_PROFILE", profile, 1);
    HRESULT hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &want, 1,
                                   D3D11_SDK_VERSION, &dev, &got, &c);
    unsetenv("SOFTD3D_PROFILE");
    if (FAILED(hr) || got != want)
        return NULL;
    *ctx = (ID3D11DeviceContext1 *)c;
    return dev;
}

static ID3D11Texture2D *texture(ID3D11Device *dev, UINT w, UINT h, DXGI_FORMAT f, UINT bind,
                                D3D11_USAGE usage, UINT cpu)
{
    D3D11_TEXTURE2D_DESC d = { w, h, 1, 1, f, { 1, 0 }, usage, bind, cpu, 0 };
    ID3D11Texture2D *t = NULL;
    CHECK_EQ(ID3D11Device_CreateTexture2D(dev, &d, NULL, &t), S_OK);
    return t;
}

/* The 8x4 texture's bytes (bpp bytes a texel) into out, through a staging copy. */
static void read_back(ID3D11Device *dev, ID3D11DeviceContext1 *ctx, ID3D11Texture2D *t,
                      DXGI_FORMAT f, UINT bpp, uint8_t *out)
{
    ID3D11Texture2D *s = texture(dev, 8, 4, f, 0, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ);
    D3D11_MAPPED_SUBRESOURCE m;
    memset(out, 0xee, 8 * 4 * bpp);
    if (!s)
        return;
    ID3D11DeviceContext1_CopyResource(ctx, (ID3D11Resource *)s, (ID3D11Resource *)t);
    if (SUCCEEDED(ID3D11DeviceContext1_Map(ctx, (ID3D11Resource *)s, 0, D3D11_MAP_READ, 0, &m))) {
        for (int y = 0; y < 4; y++)
            memcpy(out + y * 8 * bpp, (const uint8_t *)m.pData + (size_t)y * m.RowPitch, 8 * bpp);
        ID3D11DeviceContext1_Unmap(ctx, (ID3D11Resource *)s, 0);
    }
    ID3D11Texture2D_Release(s);
}

TEST(fl11_1_clear_view_render_target_rects)
{
    ID3D11DeviceContext1 *ctx = NULL;
    ID3D11Device *dev = device_at("11_1", D3D_FEATURE_LEVEL_11_1, &ctx);
    static const float black[4] = { 0, 0, 0, 0 }, red[4] = { 1.5f, 0, 0, 1 };
    /* clipped to the view; the empty one (left == right) changes nothing */
    static const D3D11_RECT rects[3] = { { 1, 1, 3, 2 }, { 6, -3, 20, 1 }, { 4, 2, 4, 4 } };
    ID3D11Texture2D *t;
    ID3D11RenderTargetView *rtv = NULL;
    uint8_t px[8 * 4 * 4];
    CHECK(dev != NULL);
    if (!dev)
        return;
    t = texture(dev, 8, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET,
                D3D11_USAGE_DEFAULT, 0);
    CHECK_EQ(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)t, NULL, &rtv), S_OK);
    if (rtv) {
        ID3D11DeviceContext1_ClearRenderTargetView(ctx, rtv, black);
        util_clear_last_message();
        ID3D11DeviceContext1_ClearView(ctx, (ID3D11View *)rtv, red, rects, 3);
        CHECK_EQ(LAST[0], 0);
        read_back(dev, ctx, t, DXGI_FORMAT_R8G8B8A8_UNORM, 4, px);
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 8; x++) {
                bool in = (x >= 1 && x < 3 && y == 1) || (x >= 6 && y == 0);
                const uint8_t *p = px + (y * 8 + x) * 4;
                /* UNORM saturates: 1.5 -> 255 */
                CHECK(in ? p[0] == 255 && p[1] == 0 && p[2] == 0 && p[3] == 255
                         : p[0] == 0 && p[1] == 0 && p[2] == 0 && p[3] == 0);
            }
        /* no rectangles: the whole view */
        ID3D11DeviceContext1_ClearView(ctx, (ID3D11View *)rtv, red, NULL, 0);
        read_back(dev, ctx, t, DXGI_FORMAT_R8G8B8A8_UNORM, 4, px);
        CHECK(px[0] == 255 && px[3] == 255 && px[31 * 4] == 255 && px[31 * 4 + 3] == 255);
        /* NULL rectangles with a count: dropped with a message */
        util_clear_last_message();
        ID3D11DeviceContext1_ClearView(ctx, (ID3D11View *)rtv, black, NULL, 2);
        CHECK_STR_CONTAINS(LAST, "ClearView");
        read_back(dev, ctx, t, DXGI_FORMAT_R8G8B8A8_UNORM, 4, px);
        CHECK_EQ(px[0], 255);
        ID3D11RenderTargetView_Release(rtv);
    }
    if (t)
        ID3D11Texture2D_Release(t);
    ID3D11DeviceContext1_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0u);
}

TEST(fl11_1_clear_view_integer_target_and_typed_uav)
{
    ID3D11DeviceContext1 *ctx = NULL;
    ID3D11Device *dev = device_at("11_1", D3D_FEATURE_LEVEL_11_1, &ctx);
    /* integer formats: the integral value, out-of-range clamped, NaN 0 */
    const float c[4] = { 300.0f, -5.0f, 7.9f, NAN };
    ID3D11Texture2D *t;
    ID3D11RenderTargetView *rtv = NULL;
    uint8_t px[8 * 4 * 4];
    CHECK(dev != NULL);
    if (!dev)
        return;
    t = texture(dev, 8, 4, DXGI_FORMAT_R8G8B8A8_UINT, D3D11_BIND_RENDER_TARGET,
                D3D11_USAGE_DEFAULT, 0);
    CHECK_EQ(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)t, NULL, &rtv), S_OK);
    if (rtv) {
        ID3D11DeviceContext1_ClearView(ctx, (ID3D11View *)rtv, c, NULL, 0);
        read_back(dev, ctx, t, DXGI_FORMAT_R8G8B8A8_UINT, 4, px);
        for (int i = 0; i < 32; i++)
            CHECK(px[i * 4] == 255 && px[i * 4 + 1] == 0 && px[i * 4 + 2] == 7 &&
                  px[i * 4 + 3] == 0);
        ID3D11RenderTargetView_Release(rtv);
    }
    if (t)
        ID3D11Texture2D_Release(t);
    {
        /* a typed R32_UINT buffer UAV: rectangles are element ranges with top 0, bottom 1 */
        D3D11_BUFFER_DESC bd = { 32, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0, 0 };
        D3D11_BUFFER_DESC sd = { 32, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0 };
        D3D11_UNORDERED_ACCESS_VIEW_DESC ud = { DXGI_FORMAT_R32_UINT,
                                                D3D11_UAV_DIMENSION_BUFFER, { { 0 } } };
        static const uint32_t zero[8] = { 0 };
        static const D3D11_RECT r[2] = { { 2, 0, 5, 1 }, { 7, 0, 99, 1 } };
        const float v[4] = { 42.0f, 0, 0, 0 };
        D3D11_SUBRESOURCE_DATA init = { zero, 0, 0 };
        ID3D11Buffer *b = NULL, *s = NULL;
        ID3D11UnorderedAccessView *uav = NULL;
        D3D11_MAPPED_SUBRESOURCE m;
        ud.Buffer.NumElements = 8;
        CHECK_EQ(ID3D11Device_CreateBuffer(dev, &bd, &init, &b), S_OK);
        CHECK_EQ(ID3D11Device_CreateBuffer(dev, &sd, NULL, &s), S_OK);
        if (b)
            CHECK_EQ(ID3D11Device_CreateUnorderedAccessView(dev, (ID3D11Resource *)b, &ud, &uav),
                     S_OK);
        if (uav && s) {
            util_clear_last_message();
            ID3D11DeviceContext1_ClearView(ctx, (ID3D11View *)uav, v, r, 2);
            CHECK_EQ(LAST[0], 0);
            ID3D11DeviceContext1_CopyResource(ctx, (ID3D11Resource *)s, (ID3D11Resource *)b);
            CHECK_EQ(ID3D11DeviceContext1_Map(ctx, (ID3D11Resource *)s, 0, D3D11_MAP_READ, 0, &m),
                     S_OK);
            if (m.pData) {
                const uint32_t *e = m.pData;
                static const uint32_t want[8] = { 0, 0, 42, 42, 42, 0, 0, 42 };
                for (int i = 0; i < 8; i++)
                    CHECK_EQ(e[i], want[i]);
                ID3D11DeviceContext1_Unmap(ctx, (ID3D11Resource *)s, 0);
            }
        }
        if (uav)
            ID3D11UnorderedAccessView_Release(uav);
        if (b)
            ID3D11Buffer_Release(b);
        if (s)
            ID3D11Buffer_Release(s);
    }
    ID3D11DeviceContext1_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0u);
}

TEST(fl11_1_clear_view_refusals_and_options_per_level)
{
    ID3D11DeviceContext1 *ctx = NULL, *ctx0 = NULL;
    ID3D11Device *dev = device_at("11_1", D3D_FEATURE_LEVEL_11_1, &ctx);
    ID3D11Device *dev0 = device_at("11_1", D3D_FEATURE_LEVEL_11_0, &ctx0);
    D3D11_FEATURE_DATA_D3D11_OPTIONS o;
    static const float one[4] = { 1, 1, 1, 1 };
    CHECK(dev && dev0);
    if (!dev || !dev0)
        return;
    CHECK_EQ(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D11_OPTIONS, &o, sizeof(o)),
             S_OK);
    CHECK_EQ(o.ClearView, TRUE);
    CHECK_EQ(o.OutputMergerLogicOp, FALSE);   /* not implemented (README) */
    CHECK_EQ(ID3D11Device_CheckFeatureSupport(dev0, D3D11_FEATURE_D3D11_OPTIONS, &o, sizeof(o)),
             S_OK);
    CHECK_EQ(o.ClearView, FALSE);
    {
        /* a depth-stencil view: dropped with a message, the depth unchanged */
        ID3D11Texture2D *d = texture(dev, 8, 4, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL,
                                     D3D11_USAGE_DEFAULT, 0);
        ID3D11DepthStencilView *dsv = NULL;
        if (d)
            CHECK_EQ(ID3D11Device_CreateDepthStencilView(dev, (ID3D11Resource *)d, NULL, &dsv),
                     S_OK);
        if (dsv) {
            float px[32];
            ID3D11DeviceContext1_ClearDepthStencilView(ctx, dsv, D3D11_CLEAR_DEPTH, 0.25f, 0);
            util_clear_last_message();
            ID3D11DeviceContext1_ClearView(ctx, (ID3D11View *)dsv, one, NULL, 0);
            CHECK_STR_CONTAINS(LAST, "ClearView");
            read_back(dev, ctx, d, DXGI_FORMAT_D32_FLOAT, 4, (uint8_t *)px);
            CHECK(px[0] == 0.25f && px[31] == 0.25f);
            ID3D11DepthStencilView_Release(dsv);
        }
        if (d)
            ID3D11Texture2D_Release(d);
        util_clear_last_message();
        ID3D11DeviceContext1_ClearView(ctx, NULL, one, NULL, 0);
        CHECK_STR_CONTAINS(LAST, "ClearView: pView is NULL");
        {
            /* a deferred context does not record it (and does not run it either) */
            ID3D11DeviceContext *dc = NULL;
            CHECK_EQ(ID3D11Device_CreateDeferredContext(dev, 0, &dc), S_OK);
            if (dc) {
                util_clear_last_message();
                ID3D11DeviceContext1_ClearView((ID3D11DeviceContext1 *)dc, NULL, one, NULL, 0);
                CHECK_STR_CONTAINS(LAST, "not recorded on a deferred context");
                ID3D11DeviceContext_Release(dc);
            }
        }
    }
    {
        /* below 11_1 the method stays unimplemented: a message, nothing written */
        ID3D11Texture2D *t = texture(dev0, 8, 4, DXGI_FORMAT_R8G8B8A8_UNORM,
                                     D3D11_BIND_RENDER_TARGET, D3D11_USAGE_DEFAULT, 0);
        ID3D11RenderTargetView *rtv = NULL;
        uint8_t px[8 * 4 * 4];
        static const float zero[4] = { 0, 0, 0, 0 };
        if (t)
            CHECK_EQ(ID3D11Device_CreateRenderTargetView(dev0, (ID3D11Resource *)t, NULL, &rtv),
                     S_OK);
        if (rtv) {
            ID3D11DeviceContext1_ClearRenderTargetView(ctx0, rtv, zero);
            util_clear_last_message();
            ID3D11DeviceContext1_ClearView(ctx0, (ID3D11View *)rtv, one, NULL, 0);
            CHECK(LAST[0] != 0);
            read_back(dev0, ctx0, t, DXGI_FORMAT_R8G8B8A8_UNORM, 4, px);
            CHECK_EQ(px[0], 0);
            ID3D11RenderTargetView_Release(rtv);
        }
        if (t)
            ID3D11Texture2D_Release(t);
    }
    ID3D11DeviceContext1_Release(ctx);
    ID3D11DeviceContext1_Release(ctx0);
    CHECK_EQ(ID3D11Device_Release(dev), 0u);
    CHECK_EQ(ID3D11Device_Release(dev0), 0u);
}

/* DiscardResource / DiscardView / DiscardView1: content undefined afterwards (softd3d keeps it);
 * only bad arguments speak. */
TEST(fl11_1_discard_methods_validate_and_keep_content)
{
    ID3D11DeviceContext1 *ctx = NULL;
    ID3D11Device *dev = device_at("11_1", D3D_FEATURE_LEVEL_11_1, &ctx);
    static const float grey[4] = { 0.5f, 0.5f, 0.5f, 1 };
    static const D3D11_RECT r = { 0, 0, 2, 2 };
    ID3D11Texture2D *t, *st;
    ID3D11RenderTargetView *rtv = NULL;
    CHECK(dev != NULL);
    if (!dev)
        return;
    t = texture(dev, 8, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET,
                D3D11_USAGE_DEFAULT, 0);
    st = texture(dev, 8, 4, DXGI_FORMAT_R8G8B8A8_UNORM, 0, D3D11_USAGE_STAGING,
                 D3D11_CPU_ACCESS_READ);
    CHECK_EQ(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)t, NULL, &rtv), S_OK);
    if (rtv && st) {
        ID3D11DeviceContext1_ClearRenderTargetView(ctx, rtv, grey);
        util_clear_last_message();
        ID3D11DeviceContext1_DiscardResource(ctx, (ID3D11Resource *)t);
        ID3D11DeviceContext1_DiscardView(ctx, (ID3D11View *)rtv);
        ID3D11DeviceContext1_DiscardView1(ctx, (ID3D11View *)rtv, &r, 1);
        CHECK_EQ(LAST[0], 0);
        ID3D11DeviceContext1_DiscardResource(ctx, (ID3D11Resource *)st);   /* STAGING */
        CHECK_STR_CONTAINS(LAST, "DiscardResource: the resource is not D3D11_USAGE_DEFAULT");
        util_clear_last_message();
        ID3D11DeviceContext1_DiscardResource(ctx, NULL);
        CHECK_STR_CONTAINS(LAST, "DiscardResource: pResource is NULL");
        util_clear_last_message();
        ID3D11DeviceContext1_DiscardView1(ctx, (ID3D11View *)rtv, NULL, 3);
        CHECK_STR_CONTAINS(LAST, "DiscardView1: pRects is NULL");
        util_clear_last_message();
        ID3D11DeviceContext1_DiscardView(ctx, NULL);
        CHECK_STR_CONTAINS(LAST, "DiscardView: pResourceView is NULL");
        {
            uint8_t px[8 * 4 * 4];
            read_back(dev, ctx, t, DXGI_FORMAT_R8G8B8A8_UNORM, 4, px);
            CHECK_EQ(px[0], 128);   /* kept: the cheapest undefined content */
        }
    }
    if (rtv)
        ID3D11RenderTargetView_Release(rtv);
    if (t)
        ID3D11Texture2D_Release(t);
    if (st)
        ID3D11Texture2D_Release(st);
    ID3D11DeviceContext1_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0u);
}
