/* tests/test_d3d11_fl11_1.c — what feature level 11_1 adds beyond tiled resources (issue 15),
 * on the 11_1 device of profile 11_1: ClearView of render-target and unordered-access views
 * (rectangles clipped, empty ones no-ops, integer colours truncated and clamped), its refusals,
 * and D3D11_OPTIONS.ClearView per level; logic operations (CreateBlendState1 LogicOpEnable):
 * each of the 16 D3D11_LOGIC_OP values on a UINT target, their rules and level.  Exact bytes, read back through staging copies. */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define COBJMACROS
#include "d3d11_2.h"
#include "shader/shader_asm.h"
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
    CHECK_EQ(o.OutputMergerLogicOp, TRUE);    /* fl11_1_logic_ops_* below */
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

/* ---- logic operations (CreateBlendState1 LogicOpEnable, 11_1) ------------------------------- */

/* A full-screen triangle from SV_VertexID: (-1, 1), (3, 1), (-1, -3). */
#define LOGIC_VS                                                                                 \
    "vs_5_0\ndcl_input_sgv v0.x, vertex_id\ndcl_output_siv o0.xyzw, position\ndcl_temps 1\n"     \
    "and r0.x, v0.x, l(1)\nushr r0.y, v0.x, l(1)\nutof r0.xy, r0.xyxx\n"                          \
    "mad o0.xy, r0.xyxx, l(4.0, -4.0, 0, 0), l(-1.0, 1.0, 0, 0)\n"                               \
    "mov o0.zw, l(0, 0, 0, 1.0)\nret\n"
/* s = (0xaa, 0x3c, 300, 0x0f): 300 is stored as 255 by an 8-bit UINT channel, and the logic
 * operation sees that stored value */
#define LOGIC_PS "ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(170, 60, 300, 15)\nret\n"

static void *assemble(const char *text, size_t *n)
{
    void *blob = NULL;
    char err[256] = "";
    if (tpf_assemble(text, strlen(text), &blob, n, err, sizeof(err)))
        harness_fail(__FILE__, __LINE__, "tpf_assemble: %s", err);
    return blob;
}

/* The documented formula of each D3D11_LOGIC_OP (D3D11_1_DDI_LOGIC_OP), on 8 bits. */
static uint8_t logic_ref(D3D11_LOGIC_OP op, uint8_t s, uint8_t d)
{
    uint32_t r;
    switch (op) {
    case D3D11_LOGIC_OP_CLEAR: r = 0; break;
    case D3D11_LOGIC_OP_SET: r = 0xff; break;
    case D3D11_LOGIC_OP_COPY: r = s; break;
    case D3D11_LOGIC_OP_COPY_INVERTED: r = ~s; break;
    case D3D11_LOGIC_OP_NOOP: r = d; break;
    case D3D11_LOGIC_OP_INVERT: r = ~d; break;
    case D3D11_LOGIC_OP_AND: r = s & d; break;
    case D3D11_LOGIC_OP_NAND: r = ~(s & d); break;
    case D3D11_LOGIC_OP_OR: r = s | d; break;
    case D3D11_LOGIC_OP_NOR: r = ~(s | d); break;
    case D3D11_LOGIC_OP_XOR: r = s ^ d; break;
    case D3D11_LOGIC_OP_EQUIV: r = ~(s ^ d); break;
    case D3D11_LOGIC_OP_AND_REVERSE: r = s & ~d; break;
    case D3D11_LOGIC_OP_AND_INVERTED: r = ~s & d; break;
    case D3D11_LOGIC_OP_OR_REVERSE: r = s | ~d; break;
    default: r = ~s | d; break;   /* OR_INVERTED */
    }
    return (uint8_t)r;
}

static D3D11_BLEND_DESC1 logic_desc(D3D11_LOGIC_OP op, UINT8 mask)
{
    D3D11_BLEND_DESC1 d;
    memset(&d, 0, sizeof(d));
    for (int i = 0; i < 8; i++) {
        d.RenderTarget[i].SrcBlend = d.RenderTarget[i].SrcBlendAlpha = D3D11_BLEND_ONE;
        d.RenderTarget[i].DestBlend = d.RenderTarget[i].DestBlendAlpha = D3D11_BLEND_ZERO;
        d.RenderTarget[i].BlendOp = d.RenderTarget[i].BlendOpAlpha = D3D11_BLEND_OP_ADD;
        d.RenderTarget[i].LogicOp = D3D11_LOGIC_OP_NOOP;
        d.RenderTarget[i].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    }
    d.RenderTarget[0].LogicOpEnable = TRUE;
    d.RenderTarget[0].LogicOp = op;
    d.RenderTarget[0].RenderTargetWriteMask = mask;
    return d;
}

TEST(fl11_1_logic_ops_every_op_pixel_exact)
{
    ID3D11DeviceContext1 *ctx = NULL;
    ID3D11Device *dev = device_at("11_1", D3D_FEATURE_LEVEL_11_1, &ctx);
    ID3D11Device1 *dev1 = NULL;
    ID3D11Texture2D *t = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    static const uint8_t s[4] = { 0xaa, 0x3c, 0xff, 0x0f }, d[4] = { 0xcc, 0x5a, 0x0f, 0xf0 };
    static const float dclear[4] = { 204.0f, 90.0f, 15.0f, 240.0f };   /* = d */
    uint8_t px[8 * 4 * 4];
    size_t n = 0;
    void *blob;
    CHECK(dev != NULL);
    if (!dev)
        return;
    CHECK_EQ(ID3D11Device_QueryInterface(dev, &IID_ID3D11Device1, (void **)&dev1), S_OK);
    t = texture(dev, 8, 4, DXGI_FORMAT_R8G8B8A8_UINT, D3D11_BIND_RENDER_TARGET,
                D3D11_USAGE_DEFAULT, 0);
    if (t)
        CHECK_EQ(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)t, NULL, &rtv), S_OK);
    if ((blob = assemble(LOGIC_VS, &n)))
        CHECK_EQ(ID3D11Device_CreateVertexShader(dev, blob, n, NULL, &vs), S_OK);
    free(blob);
    if ((blob = assemble(LOGIC_PS, &n)))
        CHECK_EQ(ID3D11Device_CreatePixelShader(dev, blob, n, NULL, &ps), S_OK);
    free(blob);
    if (!dev1 || !rtv || !vs || !ps)
        goto done;
    {
        D3D11_VIEWPORT vp = { 0, 0, 8, 4, 0, 1 };
        ID3D11DeviceContext1_RSSetViewports(ctx, 1, &vp);
    }
    ID3D11DeviceContext1_OMSetRenderTargets(ctx, 1, &rtv, NULL);
    ID3D11DeviceContext1_IASetPrimitiveTopology(ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext1_VSSetShader(ctx, vs, NULL, 0);
    ID3D11DeviceContext1_PSSetShader(ctx, ps, NULL, 0);
    for (int op = D3D11_LOGIC_OP_CLEAR; op <= D3D11_LOGIC_OP_OR_INVERTED; op++) {
        /* every op with the full mask; XOR and SET once more with red and alpha only: the
         * masked channels keep d exactly */
        for (int pass = 0; pass < (op == D3D11_LOGIC_OP_XOR || op == D3D11_LOGIC_OP_SET ? 2 : 1);
             pass++) {
            UINT8 mask = pass ? D3D11_COLOR_WRITE_ENABLE_RED | D3D11_COLOR_WRITE_ENABLE_ALPHA
                              : D3D11_COLOR_WRITE_ENABLE_ALL;
            D3D11_BLEND_DESC1 bd = logic_desc((D3D11_LOGIC_OP)op, mask);
            ID3D11BlendState1 *bs = NULL;
            CHECK_EQ(ID3D11Device1_CreateBlendState1(dev1, &bd, &bs), S_OK);
            if (!bs)
                continue;
            ID3D11DeviceContext1_ClearRenderTargetView(ctx, rtv, dclear);
            ID3D11DeviceContext1_OMSetBlendState(ctx, (ID3D11BlendState *)bs, NULL, 0xffffffffu);
            ID3D11DeviceContext1_Draw(ctx, 3, 0);
            read_back(dev, ctx, t, DXGI_FORMAT_R8G8B8A8_UINT, 4, px);
            bool ok = true;
            for (int i = 0; i < 32; i++)
                for (int c = 0; c < 4; c++) {
                    uint8_t want = mask >> c & 1 ? logic_ref((D3D11_LOGIC_OP)op, s[c], d[c])
                                                 : d[c];
                    ok &= px[i * 4 + c] == want;
                }
            if (!ok)
                harness_fail(__FILE__, __LINE__, "logic op %d mask 0x%x: got %02x %02x %02x %02x",
                             op, mask, px[0], px[1], px[2], px[3]);
            ID3D11DeviceContext1_OMSetBlendState(ctx, NULL, NULL, 0xffffffffu);
            ID3D11BlendState1_Release(bs);
        }
    }
    /* without the logic op (the default blend state), the same draw stores s */
    ID3D11DeviceContext1_ClearRenderTargetView(ctx, rtv, dclear);
    ID3D11DeviceContext1_Draw(ctx, 3, 0);
    read_back(dev, ctx, t, DXGI_FORMAT_R8G8B8A8_UINT, 4, px);
    CHECK(px[0] == s[0] && px[1] == s[1] && px[2] == s[2] && px[3] == s[3]);
done:
    if (ctx)
        ID3D11DeviceContext1_ClearState(ctx);
    if (vs)
        ID3D11VertexShader_Release(vs);
    if (ps)
        ID3D11PixelShader_Release(ps);
    if (rtv)
        ID3D11RenderTargetView_Release(rtv);
    if (t)
        ID3D11Texture2D_Release(t);
    if (dev1)
        ID3D11Device1_Release(dev1);
    ID3D11DeviceContext1_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0u);
}

/* The documented refusals (D3D11_BLEND_DESC1 / D3D11_RENDER_TARGET_BLEND_DESC1), the level
 * rule (OutputMergerLogicOp TRUE at 11_1 only) and the format bit (UINT render targets). */
TEST(fl11_1_logic_ops_rules_per_level)
{
    ID3D11DeviceContext1 *ctx = NULL, *ctx0 = NULL;
    ID3D11Device *dev = device_at("11_1", D3D_FEATURE_LEVEL_11_1, &ctx);
    ID3D11Device *dev0 = device_at("11_1", D3D_FEATURE_LEVEL_11_0, &ctx0);
    ID3D11Device1 *d1 = NULL, *d10 = NULL;
    ID3D11BlendState1 *bs = (ID3D11BlendState1 *)(uintptr_t)1;
    D3D11_FEATURE_DATA_D3D11_OPTIONS o;
    D3D11_FEATURE_DATA_FORMAT_SUPPORT2 f2;
    D3D11_BLEND_DESC1 bd;
    CHECK(dev && dev0);
    if (!dev || !dev0)
        return;
    CHECK_EQ(ID3D11Device_QueryInterface(dev, &IID_ID3D11Device1, (void **)&d1), S_OK);
    CHECK_EQ(ID3D11Device_QueryInterface(dev0, &IID_ID3D11Device1, (void **)&d10), S_OK);
    if (!d1 || !d10)
        goto done;
    CHECK_EQ(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D11_OPTIONS, &o, sizeof(o)),
             S_OK);
    CHECK_EQ(o.OutputMergerLogicOp, TRUE);
    CHECK_EQ(ID3D11Device_CheckFeatureSupport(dev0, D3D11_FEATURE_D3D11_OPTIONS, &o, sizeof(o)),
             S_OK);
    CHECK_EQ(o.OutputMergerLogicOp, FALSE);
    f2.InFormat = DXGI_FORMAT_R8G8B8A8_UINT;
    CHECK_EQ(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_FORMAT_SUPPORT2, &f2,
                                              sizeof(f2)), S_OK);
    CHECK(f2.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP);
    f2.InFormat = DXGI_FORMAT_R32_UINT;
    CHECK_EQ(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_FORMAT_SUPPORT2, &f2,
                                              sizeof(f2)), S_OK);
    CHECK(f2.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP);
    f2.InFormat = DXGI_FORMAT_R8G8B8A8_UNORM;
    CHECK_EQ(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_FORMAT_SUPPORT2, &f2,
                                              sizeof(f2)), S_OK);
    CHECK(!(f2.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP));
    f2.InFormat = DXGI_FORMAT_R8G8B8A8_UINT;
    CHECK_EQ(ID3D11Device_CheckFeatureSupport(dev0, D3D11_FEATURE_FORMAT_SUPPORT2, &f2,
                                              sizeof(f2)), S_OK);
    CHECK(!(f2.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP));

    /* accepted at 11_1, GetDesc1 returns it */
    bd = logic_desc(D3D11_LOGIC_OP_XOR, D3D11_COLOR_WRITE_ENABLE_ALL);
    CHECK_EQ(ID3D11Device1_CreateBlendState1(d1, &bd, &bs), S_OK);
    if (bs) {
        D3D11_BLEND_DESC1 got;
        ID3D11BlendState1_GetDesc1(bs, &got);
        CHECK_EQ(got.RenderTarget[0].LogicOpEnable, TRUE);
        CHECK_EQ(got.RenderTarget[0].LogicOp, D3D11_LOGIC_OP_XOR);
        ID3D11BlendState1_Release(bs);
    }
    /* refused at 11_0 */
    bs = (ID3D11BlendState1 *)(uintptr_t)1;
    util_clear_last_message();
    CHECK_EQ(ID3D11Device1_CreateBlendState1(d10, &bd, &bs), E_INVALIDARG);
    CHECK(bs == NULL);
    CHECK_STR_CONTAINS(LAST, "not supported at feature level 11_0");
    /* with blending on the same target */
    bd.RenderTarget[0].BlendEnable = TRUE;
    bs = (ID3D11BlendState1 *)(uintptr_t)1;
    CHECK_EQ(ID3D11Device1_CreateBlendState1(d1, &bd, &bs), E_INVALIDARG);
    CHECK(bs == NULL);
    CHECK_STR_CONTAINS(LAST, "both BlendEnable and LogicOpEnable TRUE");
    /* with IndependentBlendEnable, on target 0 or on another one */
    bd = logic_desc(D3D11_LOGIC_OP_AND, D3D11_COLOR_WRITE_ENABLE_ALL);
    bd.IndependentBlendEnable = TRUE;
    CHECK_EQ(ID3D11Device1_CreateBlendState1(d1, &bd, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "RenderTarget[0].LogicOpEnable needs IndependentBlendEnable FALSE");
    bd.RenderTarget[0].LogicOpEnable = FALSE;
    bd.RenderTarget[3].LogicOpEnable = TRUE;
    CHECK_EQ(ID3D11Device1_CreateBlendState1(d1, &bd, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "RenderTarget[3].LogicOpEnable needs IndependentBlendEnable FALSE");
    /* ... but IndependentBlendEnable FALSE ignores RenderTarget[1..7] */
    bd.IndependentBlendEnable = FALSE;
    CHECK_EQ(ID3D11Device1_CreateBlendState1(d1, &bd, NULL), S_FALSE);
    /* not a D3D11_LOGIC_OP value */
    bd = logic_desc((D3D11_LOGIC_OP)16, D3D11_COLOR_WRITE_ENABLE_ALL);
    CHECK_EQ(ID3D11Device1_CreateBlendState1(d1, &bd, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "LogicOp 16 is not a D3D11_LOGIC_OP value");
done:
    if (d1)
        ID3D11Device1_Release(d1);
    if (d10)
        ID3D11Device1_Release(d10);
    ID3D11DeviceContext1_Release(ctx);
    ID3D11DeviceContext1_Release(ctx0);
    CHECK_EQ(ID3D11Device_Release(dev), 0u);
    CHECK_EQ(ID3D11Device_Release(dev0), 0u);
}

/* 11_1 keeps 11_0's 32 input slots (D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT). */
TEST(fl11_1_input_slots)
{
    ID3D11DeviceContext1 *ctx = NULL;
    ID3D11Device *dev = device_at("11_1", D3D_FEATURE_LEVEL_11_1, &ctx);
    D3D11_BUFFER_DESC bd = { 64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0 };
    ID3D11Buffer *vb = NULL, *back = NULL, *none[2] = { NULL, NULL };
    UINT stride = 16, offset = 0, zeros[2] = { 0, 0 };
    CHECK(dev != NULL);
    if (!dev)
        return;
    CHECK_EQ(ID3D11Device_CreateBuffer(dev, &bd, NULL, &vb), S_OK);
    util_clear_last_message();
    ID3D11DeviceContext1_IASetVertexBuffers(ctx, 31, 1, &vb, &stride, &offset);
    CHECK_EQ(LAST[0], 0);
    ID3D11DeviceContext1_IAGetVertexBuffers(ctx, 31, 1, &back, NULL, NULL);
    CHECK(back == vb);
    if (back)
        ID3D11Buffer_Release(back);
    ID3D11DeviceContext1_IASetVertexBuffers(ctx, 31, 2, none, zeros, zeros);
    CHECK_STR_CONTAINS(LAST, "exceeds the 32 input slots of feature level 11_1");
    ID3D11DeviceContext1_ClearState(ctx);
    if (vb)
        ID3D11Buffer_Release(vb);
    ID3D11DeviceContext1_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0u);
}
