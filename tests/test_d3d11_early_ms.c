/* tests/test_d3d11_early_ms.c — [earlydepthstencil] (dcl_globalFlags forceEarlyDepthStencil)
 * beyond one sample without alpha-to-coverage, and ForcedSampleCount 1 with a multisampled
 * render target (issue 11), at 4x with the standard pattern (D3D11.3 functional spec 3.5.5:
 * offsets in sixteenths of a pixel from the centre (-2,-6) (6,-2) (-6,2) (2,6)).
 *
 * Early depth/stencil (spec 16.12.1): the depth/stencil test and writes happen per sample
 * before the shader; the shader runs once for a pixel with a sample that passed (counted with
 * an atomic in a UAV, and by the pipeline statistics); discard, oMask and alpha-to-coverage
 * then drop colour only (the depth is written already); oDepth is ignored; the occlusion
 * query counts the samples that passed the early test.  SV_Coverage as an input is "not
 * affected by depth/stencil tests" (16.3.2).  Sample-frequency shading tests per sample.
 * Every sample's colour is read back exactly through a Texture2DMS view and ld_ms, every
 * sample's depth through a draw at the expected depth with DepthFunc EQUAL (em_depth_probe;
 * softd3d offers no multisampled R32_TYPELESS to view the depth buffer with).
 *
 * ForcedSampleCount 1 (spec 3.5.6.2, 3.5.6.3; D3D11_FEATURE_DATA_D3D11_OPTIONS
 * MultisampleRTVWithForcedSampleCountOne, TRUE at 11_1): one rasterizer sample at the pixel
 * centre, the pixel's colour in each of its samples that the SampleMask, oMask and
 * alpha-to-coverage keep, vCoverage 1, one occlusion sample a pixel; not drawn at 11_0. */
#include "test_compute_util.h"

#include <stdio.h>

enum { W = 8, H = 8, NS = 4 };

static const D3D_FEATURE_LEVEL L110 = D3D_FEATURE_LEVEL_11_0, L111 = D3D_FEATURE_LEVEL_11_1;

/* x offsets of the 4x samples, sixteenths */
static const int SXO[NS] = { -2, 6, -6, 2 };

struct em {
    struct rd r;                  /* the device, and a one-sample RGBA8 target for reads */
    ID3D11Texture2D *ms, *ds;     /* 4x RGBA8, 4x D32_FLOAT */
    ID3D11RenderTargetView *rtv;
    ID3D11DepthStencilView *dsv;
    ID3D11ShaderResourceView *srv;
    ID3D11DepthStencilState *eq;  /* DepthFunc EQUAL, no depth write */
    ID3D11RasterizerState *rs;    /* no culling */
    ID3D11Buffer *ub;             /* raw UAV buffer: [0] the count, [1 + 8y + x] per pixel */
    ID3D11UnorderedAccessView *uav;
    struct cx c;
};

static ID3D11Texture2D *ms_tex(ID3D11Device *dev, DXGI_FORMAT f, UINT bind)
{
    D3D11_TEXTURE2D_DESC d;
    ID3D11Texture2D *t = NULL;
    memset(&d, 0, sizeof(d));
    d.Width = W;
    d.Height = H;
    d.MipLevels = 1;
    d.ArraySize = 1;
    d.Format = f;
    d.SampleDesc.Count = NS;
    d.Usage = D3D11_USAGE_DEFAULT;
    d.BindFlags = bind;
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, &t), S_OK);
    return t;
}

static bool em_begin(struct em *e, const char *profile, D3D_FEATURE_LEVEL level)
{
    memset(e, 0, sizeof(*e));
    if (!rd_begin_profile(&e->r, profile, level, W, H))
        return false;
    ID3D11Device *dev = e->r.dev;
    e->c.dev = dev;
    e->c.ctx = e->r.ctx;
    e->ms = ms_tex(dev, DXGI_FORMAT_R8G8B8A8_UNORM,
                   D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
    e->ds = ms_tex(dev, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
    if (!e->ms || !e->ds)
        return false;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)e->ms, NULL, &e->rtv),
             S_OK);
    CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)e->ms, NULL, &e->srv),
             S_OK);
    CHECK_HR(ID3D11Device_CreateDepthStencilView(dev, (ID3D11Resource *)e->ds, NULL, &e->dsv),
             S_OK);
    D3D11_DEPTH_STENCIL_DESC dd;
    memset(&dd, 0, sizeof(dd));
    dd.DepthEnable = TRUE;
    dd.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ZERO;
    dd.DepthFunc = D3D11_COMPARISON_EQUAL;
    CHECK_HR(ID3D11Device_CreateDepthStencilState(dev, &dd, &e->eq), S_OK);
    D3D11_RASTERIZER_DESC rd;
    memset(&rd, 0, sizeof(rd));
    rd.FillMode = D3D11_FILL_SOLID;
    rd.CullMode = D3D11_CULL_NONE;
    rd.DepthClipEnable = TRUE;
    CHECK_HR(ID3D11Device_CreateRasterizerState(dev, &rd, &e->rs), S_OK);
    e->ub = cx_raw_buffer(&e->c, 4 * (1 + W * H), NULL);
    e->uav = e->ub ? cx_uav_raw(&e->c, e->ub, 0, 1 + W * H) : NULL;
    return e->rtv && e->srv && e->dsv && e->eq && e->rs && e->uav;
}

static void em_end(struct em *e)
{
    if (e->r.ctx)
        ID3D11DeviceContext_ClearState(e->r.ctx);
    RD_RELEASE(e->uav);
    RD_RELEASE(e->ub);
    RD_RELEASE(e->rs);
    RD_RELEASE(e->eq);
    RD_RELEASE(e->srv);
    RD_RELEASE(e->dsv);
    RD_RELEASE(e->rtv);
    RD_RELEASE(e->ds);
    RD_RELEASE(e->ms);
    rd_end(&e->r);
}

/* Clears colour to black, depth to `z`, the UAV words to 0; binds the 4x target, the
 * depth buffer (unless `no_ds`) and the UAV at slot 1. */
static void em_bind(struct em *e, float z, bool no_ds)
{
    static const float black[4] = { 0, 0, 0, 0 };
    static const UINT zero[4] = { 0, 0, 0, 0 };
    ID3D11DeviceContext *ctx = e->r.ctx;
    ID3D11DeviceContext_ClearRenderTargetView(ctx, e->rtv, black);
    ID3D11DeviceContext_ClearDepthStencilView(ctx, e->dsv, D3D11_CLEAR_DEPTH, z, 0);
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(ctx, e->uav, zero);
    ACCEPTED(ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(
        ctx, 1, &e->rtv, no_ds ? NULL : e->dsv, 1, 1, &e->uav, NULL));
    ID3D11DeviceContext_RSSetState(ctx, e->rs);
}

/* Binds the targets and the UAV again (after em_read), clearing only the UAV words. */
static void em_rebind(struct em *e, bool no_ds)
{
    static const UINT zero[4] = { 0, 0, 0, 0 };
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(e->r.ctx, e->uav, zero);
    ACCEPTED(ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(
        e->r.ctx, 1, &e->rtv, no_ds ? NULL : e->dsv, 1, 1, &e->uav, NULL));
    ID3D11DeviceContext_RSSetState(e->r.ctx, e->rs);
}

#define VS_PASS "vs_4_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, v0.xyzw\nret\n"

/* One triangle at depth z whose only edge inside the target is vertical at x = xe (pixels):
 * right = true covers [xe, W], false [0, xe].  One primitive, so no pixel is shaded twice. */
static void em_tri(struct vtx *v, float xe, bool right, float z)
{
    const float d = right ? 2.0f * W : -2.0f * W;
    const float xs[3] = { xe, xe + d, xe }, ys[3] = { 0, 0, 2.0f * H };
    for (int i = 0; i < 3; i++) {
        v[i].pos[0] = xs[i] * 2.0f / W - 1.0f;
        v[i].pos[1] = 1.0f - ys[i] * 2.0f / H;
        v[i].pos[2] = z;
        v[i].pos[3] = 1.0f;
        memset(v[i].attr, 0, sizeof(v[i].attr));
    }
}

/* Draws tri (xe, right, z) with `ps`; the UAV and targets stay bound.  `refused`: the draw is
 * expected to be dropped with a message (else it must draw without one). */
static void em_draw_as(struct em *e, const char *ps, float xe, bool right, float z, bool refused)
{
    struct vtx v[3];
    struct rd_pipe p;
    em_tri(v, xe, right, z);
    rd_pipe_begin(&e->r, &p, VS_PASS, ps, v, 3, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    if (refused)
        ID3D11DeviceContext_Draw(e->r.ctx, 3, 0);
    else
        ACCEPTED(ID3D11DeviceContext_Draw(e->r.ctx, 3, 0));
    rd_pipe_end(&p);
}

static void em_draw(struct em *e, const char *ps, float xe, bool right, float z)
{
    em_draw_as(e, ps, xe, right, z, false);
}

/* Sample s of the 4x target, every pixel, through ld_ms into the one-sample RGBA8 target.
 * Leaves the OM unbound. */
static void em_read(struct em *e, unsigned s, uint8_t *out)
{
    char ps[512];
    static const float none[4] = { 0, 0, 0, 0 };
    struct vtx q[6];
    struct rd_pipe p;
    ID3D11ShaderResourceView *srv = e->srv, *null_srv = NULL;
    snprintf(ps, sizeof(ps),
             "ps_4_1\ndcl_resource_texture2dms(4) (float,float,float,float) t0\n"
             "dcl_input_ps_siv linear noperspective v0.xy, position\ndcl_output o0.xyzw\n"
             "dcl_temps 1\nftou r0.xy, v0.xyxx\nmov r0.zw, l(0, 0, 0, 0)\n"
             "ld_ms o0.xyzw, r0.xyzw, t0.xyzw, l(%u)\nret\n", s);
    ID3D11DeviceContext_OMSetRenderTargets(e->r.ctx, 1, &e->r.rtv, NULL);
    ID3D11DeviceContext_RSSetState(e->r.ctx, NULL);
    ID3D11DeviceContext_OMSetBlendState(e->r.ctx, NULL, NULL, 0xffffffffu);
    rd_quad(q, 0.5f, none, none, none, none);
    rd_pipe_begin(&e->r, &p, VS_PASS, ps, q, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_PSSetShaderResources(e->r.ctx, 0, 1, &srv);
    ACCEPTED(ID3D11DeviceContext_Draw(e->r.ctx, 6, 0));
    ID3D11DeviceContext_PSSetShaderResources(e->r.ctx, 0, 1, &null_srv);
    rd_pipe_end(&p);
    ID3D11DeviceContext_OMSetRenderTargets(e->r.ctx, 0, NULL, NULL);
    rd_read(&e->r, out);
}

/* Which samples hold depth z exactly: the 4x target cleared to black, then white drawn at z
 * over the whole target with DepthFunc EQUAL and no depth write; eq[s][i] is sample s of pixel
 * i passing.  The colour is lost. */
static void em_depth_probe(struct em *e, float z, bool eq[NS][W * H])
{
    static const float black[4] = { 0, 0, 0, 0 };
    static uint8_t img[W * H * 4];
    ID3D11DeviceContext_ClearRenderTargetView(e->r.ctx, e->rtv, black);
    ID3D11DeviceContext_OMSetRenderTargets(e->r.ctx, 1, &e->rtv, e->dsv);
    ID3D11DeviceContext_OMSetDepthStencilState(e->r.ctx, e->eq, 0);
    ID3D11DeviceContext_OMSetBlendState(e->r.ctx, NULL, NULL, 0xffffffffu);
    ID3D11DeviceContext_RSSetState(e->r.ctx, e->rs);
    em_draw(e, "ps_4_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)\nret\n", 0.0f,
            true, z);
    ID3D11DeviceContext_OMSetDepthStencilState(e->r.ctx, NULL, 0);
    for (unsigned s = 0; s < NS; s++) {
        em_read(e, s, img);
        for (int i = 0; i < W * H; i++)
            eq[s][i] = img[i * 4] == 255;
    }
}

static void em_words(struct em *e, uint32_t *words)
{
    cx_read(&e->c, e->ub, words, 4 * (1 + W * H));
}

/* The early shader of most tests: counts itself in word 0, stores vCoverage at word
 * 1 + 8y + x, writes green with oMask OMASK. */
#define PS_EARLY_COUNT(flags, omask)                                                             \
    "ps_5_0\n" flags "dcl_uav_raw u1\n"                                                          \
    "dcl_input_ps_siv linear noperspective v0.xy, position\ndcl_input vCoverage\n"              \
    "dcl_output o0.xyzw\ndcl_output oMask\ndcl_temps 1\n"                                        \
    "atomic_iadd u1, l(0), l(1)\nftou r0.xy, v0.xyxx\nimad r0.x, r0.y, l(8), r0.x\n"            \
    "ishl r0.x, r0.x, l(2)\niadd r0.x, r0.x, l(4)\nstore_raw u1.x, r0.x, vCoverage.x\n"          \
    "mov o0.xyzw, l(0, 1.0, 0, 1.0)\nmov oMask, l(" omask ")\nret\n"
#define EARLY "dcl_globalFlags forceEarlyDepthStencil\n"
#define PS_RED "ps_4_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0, 0, 0, 1.0)\nret\n"

static uint64_t em_query_end(struct em *e, ID3D11Query *q, void *data, UINT size)
{
    uint64_t n = ~0ull;
    ID3D11DeviceContext_End(e->r.ctx, (ID3D11Asynchronous *)q);
    CHECK_HR(ID3D11DeviceContext_GetData(e->r.ctx, (ID3D11Asynchronous *)q, data ? data : &n,
                                         data ? size : sizeof(n), 0), S_OK);
    return n;
}

/* Pixel-frequency early depth at 4x.  A red occluder at depth 0.25 covers [0, 2.5]: columns
 * 0 and 1 whole, and in column 2 the samples left of its centre (0 and 2).  Then the early
 * shader at 0.5 over the whole target (LESS): the samples still at depth 1 pass -- columns
 * 3..7 whole, samples 1 and 3 of column 2 -- so it runs for columns 2..7 only (48 pixels, not
 * 64), with vCoverage 15 also in column 2 (the rasterized coverage, 16.3.2); oMask 5 keeps its
 * green in samples 0 and 2 only, which in column 2 failed: no colour there.  The depth is 0.5
 * in every sample that passed, also those whose colour oMask dropped; 176 samples passed. */
TEST(early_ms_pixel_frequency)
{
    struct em e;
    static uint8_t img[W * H * 4];
    static bool eq[NS][W * H], eq2[NS][W * H];
    static uint32_t words[1 + W * H];
    D3D11_QUERY_DESC od = { D3D11_QUERY_OCCLUSION, 0 }, sd = { D3D11_QUERY_PIPELINE_STATISTICS, 0 };
    ID3D11Query *occ = NULL, *st = NULL;
    D3D11_QUERY_DATA_PIPELINE_STATISTICS stats;
    if (!em_begin(&e, "11_0", L110))
        goto done;
    CHECK_HR(ID3D11Device_CreateQuery(e.r.dev, &od, &occ), S_OK);
    CHECK_HR(ID3D11Device_CreateQuery(e.r.dev, &sd, &st), S_OK);
    if (!occ || !st)
        goto done;
    em_bind(&e, 1.0f, false);
    em_draw(&e, PS_RED, 2.5f, false, 0.25f);
    ID3D11DeviceContext_Begin(e.r.ctx, (ID3D11Asynchronous *)occ);
    ID3D11DeviceContext_Begin(e.r.ctx, (ID3D11Asynchronous *)st);
    em_draw(&e, PS_EARLY_COUNT(EARLY, "5"), 0.0f, true, 0.5f);
    em_query_end(&e, st, &stats, sizeof(stats));
    CHECK_EQ(em_query_end(&e, occ, NULL, 0), 2 * H + 5 * NS * H);
    CHECK_EQ(stats.PSInvocations, 6 * H);
    em_words(&e, words);
    CHECK_EQ(words[0], 6 * H);
    for (int i = 0; i < W * H; i++)
        CHECK_EQ(words[1 + i], i % W < 2 ? 0u : 15u);   /* 0: not run */
    for (unsigned s = 0; s < NS; s++) {
        em_read(&e, s, img);
        for (int i = 0; i < W * H; i++) {
            int x = i % W;
            bool occluded = x < 2 || (x == 2 && SXO[s] < 0);
            bool green = !occluded && (s == 0 || s == 2);
            CHECK_EQ(img[i * 4], occluded ? 255 : 0);
            CHECK_EQ(img[i * 4 + 1], green ? 255 : 0);
        }
    }
    em_depth_probe(&e, 0.5f, eq);
    em_depth_probe(&e, 0.25f, eq2);
    for (unsigned s = 0; s < NS; s++)
        for (int i = 0; i < W * H; i++) {
            bool occluded = i % W < 2 || (i % W == 2 && SXO[s] < 0);
            CHECK_EQ(eq[s][i], !occluded);
            CHECK_EQ(eq2[s][i], occluded);
        }
    /* the late twin runs everywhere (64), its oMask keeps depth out of samples 1 and 3 */
    em_bind(&e, 1.0f, false);
    em_draw(&e, PS_RED, 2.5f, false, 0.25f);
    em_draw(&e, PS_EARLY_COUNT("", "5"), 0.0f, true, 0.5f);
    em_words(&e, words);
    CHECK_EQ(words[0], W * H);
    em_depth_probe(&e, 1.0f, eq);
    CHECK(eq[1][3] && eq[3][3] && !eq[0][3] && !eq[2][3]);
done:
    RD_RELEASE(occ);
    RD_RELEASE(st);
    em_end(&e);
}

/* Alpha-to-coverage and discard after an early test: alpha 0.5 covers samples 0 and 1 of 4
 * (pixel_ms.c's pattern), column 5 discards; the depth (0.5) is in all four samples of every
 * pixel all the same, the colour only in samples 0 and 1 outside column 5.  A second early draw
 * at the same depth then runs nowhere.  The late twin leaves the depth of samples 2 and 3 and
 * of column 5 at 1. */
#define PS_A2C(flags)                                                                            \
    "ps_5_0\n" flags "dcl_uav_raw u1\n"                                                          \
    "dcl_input_ps_siv linear noperspective v0.xy, position\ndcl_output o0.xyzw\ndcl_temps 1\n"   \
    "atomic_iadd u1, l(0), l(1)\nftou r0.x, v0.x\nieq r0.x, r0.x, l(5)\ndiscard_nz r0.x\n"       \
    "mov o0.xyzw, l(0, 0, 1.0, 0.5)\nret\n"

TEST(early_ms_alpha_to_coverage_and_discard)
{
    struct em e;
    static uint8_t img[W * H * 4];
    static bool eq[NS][W * H];
    static uint32_t words[1 + W * H];
    ID3D11BlendState *bs = NULL;
    if (!em_begin(&e, "11_0", L110))
        goto done;
    D3D11_BLEND_DESC bd;
    memset(&bd, 0, sizeof(bd));
    bd.AlphaToCoverageEnable = TRUE;
    bd.RenderTarget[0].SrcBlend = bd.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
    bd.RenderTarget[0].DestBlend = bd.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO;
    bd.RenderTarget[0].BlendOp = bd.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
    bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    CHECK_HR(ID3D11Device_CreateBlendState(e.r.dev, &bd, &bs), S_OK);
    if (!bs)
        goto done;
    for (int late = 0; late < 2; late++) {
        em_bind(&e, 1.0f, false);
        ID3D11DeviceContext_OMSetBlendState(e.r.ctx, bs, NULL, 0xffffffffu);
        em_draw(&e, late ? PS_A2C("") : PS_A2C(EARLY), 0.0f, true, 0.5f);
        em_words(&e, words);
        CHECK_EQ(words[0], W * H);
        for (unsigned s = 0; s < NS; s++) {
            em_read(&e, s, img);
            for (int i = 0; i < W * H; i++) {
                bool kept = i % W != 5 && s < 2;
                CHECK_EQ(img[i * 4 + 2], kept ? 255 : 0);
                CHECK_EQ(img[i * 4 + 3], kept ? 128 : 0);
            }
        }
        em_depth_probe(&e, 0.5f, eq);
        for (unsigned s = 0; s < NS; s++)
            for (int i = 0; i < W * H; i++)
                CHECK_EQ(eq[s][i], !late || (i % W != 5 && s < 2));
        if (!late) {
            em_rebind(&e, false);
            ID3D11DeviceContext_OMSetBlendState(e.r.ctx, bs, NULL, 0xffffffffu);
            em_draw(&e, PS_A2C(EARLY), 0.0f, true, 0.5f);
            em_words(&e, words);
            CHECK_EQ(words[0], 0);   /* no invocation */
        }
        ID3D11DeviceContext_OMSetBlendState(e.r.ctx, NULL, NULL, 0xffffffffu);
    }
done:
    RD_RELEASE(bs);
    em_end(&e);
}

/* Sample-frequency shading with early depth: the occluder of early_ms_pixel_frequency, then a
 * program with SV_SampleIndex counting itself: 176 runs (one per passing sample), each writing
 * its sample's colour (index / 4 in red) and oMask 0xe (sample 0 dropped: its depth is
 * written, its colour not); vCoverage is the bit of the sample alone. */
#define PS_SAMPLE_EARLY                                                                          \
    "ps_5_0\ndcl_globalFlags forceEarlyDepthStencil\ndcl_uav_raw u1\n"                           \
    "dcl_input_ps_sgv constant v0.x, sample_index\ndcl_input vCoverage\n"                         \
    "dcl_output o0.xyzw\ndcl_output oMask\ndcl_temps 1\n"                                        \
    "atomic_iadd u1, l(0), l(1)\nishl r0.x, l(1), v0.x\nine r0.x, r0.x, vCoverage.x\n"           \
    "atomic_or u1, l(4), r0.x\n"                                                                 \
    "utof r0.x, v0.x\nmul r0.x, r0.x, l(0.25)\nmov o0.xyzw, l(0, 0, 1.0, 1.0)\n"                 \
    "mov o0.x, r0.x\nmov oMask, l(0xe)\nret\n"

TEST(early_ms_sample_frequency)
{
    struct em e;
    static uint8_t img[W * H * 4];
    static bool eq[NS][W * H];
    static uint32_t words[1 + W * H];
    if (!em_begin(&e, "11_0", L110))
        goto done;
    em_bind(&e, 1.0f, false);
    em_draw(&e, PS_RED, 2.5f, false, 0.25f);
    em_draw(&e, PS_SAMPLE_EARLY, 0.0f, true, 0.5f);
    em_words(&e, words);
    CHECK_EQ(words[0], 2 * H + 5 * NS * H);
    CHECK_EQ(words[1], 0);   /* no run saw vCoverage != 1 << SV_SampleIndex */
    for (unsigned s = 0; s < NS; s++) {
        em_read(&e, s, img);
        for (int i = 0; i < W * H; i++) {
            int x = i % W;
            bool occluded = x < 2 || (x == 2 && SXO[s] < 0);
            uint8_t red = occluded ? 255 : s == 0 ? 0 : (uint8_t)(s * 64 - (s == 3 ? 1 : 0));
            CHECK_EQ(img[i * 4], red);
            CHECK_EQ(img[i * 4 + 2], occluded || s == 0 ? 0 : 255);
        }
    }
    em_depth_probe(&e, 0.5f, eq);
    for (unsigned s = 0; s < NS; s++)
        for (int i = 0; i < W * H; i++)
            CHECK_EQ(eq[s][i], !(i % W < 2 || (i % W == 2 && SXO[s] < 0)));
done:
    em_end(&e);
}

/* One sample a pixel (the path that existed): behind the depth nothing runs, in front the
 * program runs, and now also: oDepth is ignored (the depth written is the interpolated 0.5, not
 * the 0.9 the program writes), oMask bit 0 clear drops the colour but not the depth, vCoverage
 * is 1. */
#define PS_EARLY_ODEPTH                                                                          \
    "ps_5_0\ndcl_globalFlags forceEarlyDepthStencil\ndcl_uav_raw u1\ndcl_input vCoverage\n"      \
    "dcl_output o0.xyzw\ndcl_output oMask\ndcl_output oDepth\n"                                  \
    "atomic_iadd u1, l(0), l(1)\nstore_raw u1.x, l(4), vCoverage.x\n"                            \
    "mov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)\nmov oMask, l(0xfffffffe)\nmov oDepth, l(0.9)\nret\n"
#define PS_COUNT                                                                                 \
    "ps_5_0\ndcl_uav_raw u1\ndcl_output o0.xyzw\n"                                               \
    "atomic_iadd u1, l(0), l(1)\nmov o0.xyzw, l(0, 0, 1.0, 1.0)\nret\n"

TEST(early_one_sample_odepth_omask_coverage)
{
    struct rd r;
    struct cx c;
    static uint8_t img[W * H * 4];
    static uint32_t words[2];
    ID3D11Texture2D *ds = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    ID3D11Buffer *ub = NULL;
    ID3D11UnorderedAccessView *uav = NULL;
    ID3D11RasterizerState *rs = NULL;
    static const UINT zero[4] = { 0, 0, 0, 0 };
    static const float black[4] = { 0, 0, 0, 0 };
    struct vtx v[3];
    struct rd_pipe p;
    if (!rd_begin_profile(&r, "11_0", L110, W, H))
        goto done;
    c.dev = r.dev;
    c.ctx = r.ctx;
    ds = rd_texture(r.dev, W, H, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL, NULL, 0);
    if (ds)
        CHECK_HR(ID3D11Device_CreateDepthStencilView(r.dev, (ID3D11Resource *)ds, NULL, &dsv),
                 S_OK);
    ub = cx_raw_buffer(&c, 8, NULL);
    uav = ub ? cx_uav_raw(&c, ub, 0, 2) : NULL;
    D3D11_RASTERIZER_DESC rsd;
    memset(&rsd, 0, sizeof(rsd));
    rsd.FillMode = D3D11_FILL_SOLID;
    rsd.CullMode = D3D11_CULL_NONE;
    rsd.DepthClipEnable = TRUE;
    CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &rsd, &rs), S_OK);
    if (!dsv || !uav || !rs)
        goto done;
    ID3D11DeviceContext_RSSetState(r.ctx, rs);
    ID3D11DeviceContext_ClearRenderTargetView(r.ctx, r.rtv, black);
    ID3D11DeviceContext_ClearDepthStencilView(r.ctx, dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(r.ctx, uav, zero);
    ACCEPTED(ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(r.ctx, 1, &r.rtv, dsv,
                                                                           1, 1, &uav, NULL));
    em_tri(v, 0.0f, true, 0.5f);
    rd_pipe_begin(&r, &p, VS_PASS, PS_EARLY_ODEPTH, v, 3, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 3, 0));
    rd_pipe_end(&p);
    cx_read(&c, ub, words, sizeof(words));
    CHECK_EQ(words[0], W * H);
    CHECK_EQ(words[1], 1);
    rd_read(&r, img);
    for (int i = 0; i < W * H; i++)
        CHECK_EQ(img[i * 4], 0);   /* oMask bit 0 clear: no colour */
    /* the depth is 0.5: a late draw at 0.7 fails everywhere (at 0.9 it would pass) and one at
     * 0.3 passes everywhere */
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(r.ctx, uav, zero);
    em_tri(v, 0.0f, true, 0.7f);
    rd_pipe_begin(&r, &p, VS_PASS, PS_COUNT, v, 3, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 3, 0));
    rd_pipe_end(&p);
    rd_read(&r, img);
    for (int i = 0; i < W * H; i++)
        CHECK_EQ(img[i * 4 + 2], 0);
    em_tri(v, 0.0f, true, 0.3f);
    rd_pipe_begin(&r, &p, VS_PASS, PS_COUNT, v, 3, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 3, 0));
    rd_pipe_end(&p);
    rd_read(&r, img);
    for (int i = 0; i < W * H; i++)
        CHECK_EQ(img[i * 4 + 2], 255);
done:
    if (r.ctx)
        ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(rs);
    RD_RELEASE(uav);
    RD_RELEASE(ub);
    RD_RELEASE(dsv);
    RD_RELEASE(ds);
    rd_end(&r);
}

/* ---- ForcedSampleCount 1 with a multisampled render target ----------------------------------- */

/* vCoverage (as red / 255, expect 1), green 1, alpha cb-free 1.0; oMask from the listing */
#define PS_FSC1(omask_decl, omask)                                                               \
    "ps_5_0\ndcl_uav_raw u1\ndcl_input vCoverage\ndcl_output o0.xyzw\n" omask_decl               \
    "dcl_temps 1\natomic_iadd u1, l(0), l(1)\nutof r0.x, vCoverage.x\n"                          \
    "mul r0.x, r0.x, l(0.00392156886)\nmov o0.xyzw, l(0, 1.0, 0, 1.0)\nmov o0.x, r0.x\n" omask   \
    "ret\n"

static ID3D11RasterizerState1 *fsc1_state(ID3D11Device *dev)
{
    ID3D11Device1 *d1 = NULL;
    ID3D11RasterizerState1 *rs = NULL;
    D3D11_RASTERIZER_DESC1 rd;
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11Device1, (void **)&d1), S_OK);
    if (!d1)
        return NULL;
    memset(&rd, 0, sizeof(rd));
    rd.FillMode = D3D11_FILL_SOLID;
    rd.CullMode = D3D11_CULL_NONE;
    rd.DepthClipEnable = TRUE;
    rd.ForcedSampleCount = 1;
    CHECK_HR(ID3D11Device1_CreateRasterizerState1(d1, &rd, &rs), S_OK);
    ID3D11Device1_Release(d1);
    return rs;
}

/* [0, 2.75] at 11_1 with ForcedSampleCount 1: column 2's centre (2.5) is covered, so all four of
 * its samples are written -- at 4x without the forced count sample 1 (x 2.875) would not be;
 * vCoverage is 1 (the one rasterizer sample); the shader runs 24 times and the occlusion query
 * counts 24 (one rasterizer sample a pixel, spec 20.4.6).  SampleMask 0xb leaves sample 2
 * alone, oMask 0x9 then only 0 and 3 get colour; oMask 2 alone writes sample 1 (bit 0 does
 * not decide for the pixel); alpha-to-coverage at alpha 0.5 samples 0 and 1.  At 11_0 (MultisampleRTVWithForcedSampleCountOne FALSE) the draw is dropped with a
 * message. */
TEST(forced_sample_count_one_multisampled_target)
{
    struct em e, e0;
    static uint8_t img[W * H * 4];
    static uint32_t words[1 + W * H];
    ID3D11RasterizerState1 *rs = NULL, *rs0 = NULL;
    ID3D11Query *occ = NULL;
    ID3D11BlendState *bs = NULL;
    D3D11_QUERY_DESC od = { D3D11_QUERY_OCCLUSION, 0 };
    bool ok0 = em_begin(&e0, "11_0", L110);
    if (!em_begin(&e, "11_1", L111) || !ok0)
        goto done;
    rs = fsc1_state(e.r.dev);
    rs0 = fsc1_state(e0.r.dev);
    CHECK_HR(ID3D11Device_CreateQuery(e.r.dev, &od, &occ), S_OK);
    if (!rs || !rs0 || !occ)
        goto done;
    /* 1: plain */
    em_bind(&e, 1.0f, true);
    ID3D11DeviceContext_RSSetState(e.r.ctx, (ID3D11RasterizerState *)rs);
    ID3D11DeviceContext_Begin(e.r.ctx, (ID3D11Asynchronous *)occ);
    em_draw(&e, PS_FSC1("", ""), 2.75f, false, 0.5f);
    CHECK_EQ(em_query_end(&e, occ, NULL, 0), 3 * H);
    em_words(&e, words);
    CHECK_EQ(words[0], 3 * H);
    for (unsigned s = 0; s < NS; s++) {
        em_read(&e, s, img);
        for (int i = 0; i < W * H; i++) {
            bool in = i % W < 3;
            CHECK_EQ(img[i * 4], in ? 1 : 0);
            CHECK_EQ(img[i * 4 + 1], in ? 255 : 0);
        }
    }
    /* 2: SampleMask 0xb and oMask 0x9: samples 0 and 3 */
    em_bind(&e, 1.0f, true);
    ID3D11DeviceContext_RSSetState(e.r.ctx, (ID3D11RasterizerState *)rs);
    ID3D11DeviceContext_OMSetBlendState(e.r.ctx, NULL, NULL, 0xb);
    ID3D11DeviceContext_Begin(e.r.ctx, (ID3D11Asynchronous *)occ);
    em_draw(&e, PS_FSC1("dcl_output oMask\n", "mov oMask, l(9)\n"), 2.75f, false, 0.5f);
    CHECK_EQ(em_query_end(&e, occ, NULL, 0), 3 * H);
    for (unsigned s = 0; s < NS; s++) {
        em_read(&e, s, img);
        for (int i = 0; i < W * H; i++)
            CHECK_EQ(img[i * 4 + 1], i % W < 3 && (s == 0 || s == 3) ? 255 : 0);
    }
    /* oMask 2 (bit 0 clear) alone: sample 1 written */
    em_bind(&e, 1.0f, true);
    ID3D11DeviceContext_RSSetState(e.r.ctx, (ID3D11RasterizerState *)rs);
    em_draw(&e, PS_FSC1("dcl_output oMask\n", "mov oMask, l(2)\n"), 2.75f, false, 0.5f);
    for (unsigned s = 0; s < NS; s++) {
        em_read(&e, s, img);
        for (int i = 0; i < W * H; i++)
            CHECK_EQ(img[i * 4 + 1], i % W < 3 && s == 1 ? 255 : 0);
    }
    /* oMask 4 with SampleMask 0xb: nothing written, and nothing counted (20.4.6) */
    em_rebind(&e, true);
    ID3D11DeviceContext_RSSetState(e.r.ctx, (ID3D11RasterizerState *)rs);
    ID3D11DeviceContext_OMSetBlendState(e.r.ctx, NULL, NULL, 0xb);
    ID3D11DeviceContext_Begin(e.r.ctx, (ID3D11Asynchronous *)occ);
    em_draw(&e, PS_FSC1("dcl_output oMask\n", "mov oMask, l(4)\n"), 2.75f, false, 0.5f);
    CHECK_EQ(em_query_end(&e, occ, NULL, 0), 0);
    ID3D11DeviceContext_OMSetBlendState(e.r.ctx, NULL, NULL, 0xffffffffu);
    /* 3: alpha-to-coverage, alpha 0.5: samples 0 and 1 */
    D3D11_BLEND_DESC bd;
    memset(&bd, 0, sizeof(bd));
    bd.AlphaToCoverageEnable = TRUE;
    bd.RenderTarget[0].SrcBlend = bd.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
    bd.RenderTarget[0].DestBlend = bd.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO;
    bd.RenderTarget[0].BlendOp = bd.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
    bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    CHECK_HR(ID3D11Device_CreateBlendState(e.r.dev, &bd, &bs), S_OK);
    if (bs) {
        em_bind(&e, 1.0f, true);
        ID3D11DeviceContext_RSSetState(e.r.ctx, (ID3D11RasterizerState *)rs);
        ID3D11DeviceContext_OMSetBlendState(e.r.ctx, bs, NULL, 0xffffffffu);
        em_draw(&e, "ps_4_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(0, 1.0, 0, 0.5)\nret\n", 2.75f,
                false, 0.5f);
        ID3D11DeviceContext_OMSetBlendState(e.r.ctx, NULL, NULL, 0xffffffffu);
        for (unsigned s = 0; s < NS; s++) {
            em_read(&e, s, img);
            for (int i = 0; i < W * H; i++)
                CHECK_EQ(img[i * 4 + 1], i % W < 3 && s < 2 ? 255 : 0);
        }
    }
    /* without the forced count the same draw covers samples 0, 2, 3 of column 2, not 1 */
    em_bind(&e, 1.0f, true);
    em_draw(&e, PS_FSC1("", ""), 2.75f, false, 0.5f);
    em_read(&e, 1, img);
    CHECK_EQ(img[(0 * W + 2) * 4 + 1], 0);
    CHECK_EQ(img[(0 * W + 1) * 4 + 1], 255);
    CHECK_EQ(img[(0 * W + 1) * 4], 15);   /* vCoverage 15 there */
    /* 11_0: not drawn, with the message */
    em_bind(&e0, 1.0f, true);
    ID3D11DeviceContext_RSSetState(e0.r.ctx, (ID3D11RasterizerState *)rs0);
    util_clear_last_message();
    em_draw_as(&e0, PS_FSC1("", ""), 2.75f, false, 0.5f, true);
    CHECK_STR_CONTAINS(LAST, "MultisampleRTVWithForcedSampleCountOne, FALSE at feature level 11_0");
    em_words(&e0, words);
    CHECK_EQ(words[0], 0);
done:
    RD_RELEASE(bs);
    RD_RELEASE(occ);
    RD_RELEASE(rs);
    RD_RELEASE(rs0);
    em_end(&e);
    em_end(&e0);
}
