/* tests/test_d3d11_fl10_blend.c — blend states of feature level 10_0+ that 9_x refuses, drawn
 * (issue 11): dual-source blending (D3D11.3 functional spec 17.6: the SRC1_* factors take the
 * pixel program's second colour o1 into render target 0's blend) and independent blending
 * (IndependentBlendEnable: each render target its own blend and write mask; without it target
 * 0's apply to all), exact bytes against the UNORM conversion of the spec's formulas. */
#include "test_render_util.h"

static const D3D_FEATURE_LEVEL L100 = D3D_FEATURE_LEVEL_10_0;

#define VS4_POS "vs_4_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, v0.xyzw\nret\n"
/* o0 = (1, 0.25, 0, 0.25), o1 = (0.25, 0.75, 0.5, 0.25) */
#define PS4_TWO                                                                                  \
    "ps_4_0\ndcl_output o0.xyzw\ndcl_output o1.xyzw\nmov o0.xyzw, l(1.0, 0.25, 0, 0.25)\n"      \
    "mov o1.xyzw, l(0.25, 0.75, 0.5, 0.25)\nret\n"

static ID3D11BlendState *blend(ID3D11Device *dev, const D3D11_BLEND_DESC *d)
{
    ID3D11BlendState *b = NULL;
    CHECK_HR(ID3D11Device_CreateBlendState(dev, d, &b), S_OK);
    return b;
}

/* Colour: o0 * SRC1_COLOR + dst * INV_SRC1_COLOR; alpha: o0.a * ONE + dst.a * INV_SRC1_ALPHA,
 * over a target cleared to 128 (dst = 128/255).  o1 itself goes nowhere (one target bound). */
TEST(fl10_dual_source_blend)
{
    static const double o0[4] = { 1.0, 0.25, 0.0, 0.25 }, o1[4] = { 0.25, 0.75, 0.5, 0.25 };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    uint8_t img[4 * 4 * 4];
    static const float z[4] = { 0, 0, 0, 0 };
    if (!rd_begin_profile(&r, "10_0", L100, 4, 4)) {
        rd_end(&r);
        return;
    }
    D3D11_BLEND_DESC bd;
    memset(&bd, 0, sizeof(bd));
    D3D11_RENDER_TARGET_BLEND_DESC *t = &bd.RenderTarget[0];
    t->BlendEnable = TRUE;
    t->SrcBlend = D3D11_BLEND_SRC1_COLOR;
    t->DestBlend = D3D11_BLEND_INV_SRC1_COLOR;
    t->BlendOp = D3D11_BLEND_OP_ADD;
    t->SrcBlendAlpha = D3D11_BLEND_ONE;
    t->DestBlendAlpha = D3D11_BLEND_INV_SRC1_ALPHA;
    t->BlendOpAlpha = D3D11_BLEND_OP_ADD;
    t->RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    ID3D11BlendState *b = blend(r.dev, &bd);
    rd_quad(v, 0.0f, z, z, z, z);
    rd_pipe_begin(&r, &p, VS4_POS, PS4_TWO, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_OMSetBlendState(r.ctx, b, NULL, 0xffffffff);
    rd_clear(&r, 128.0f / 255, 128.0f / 255, 128.0f / 255, 128.0f / 255);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    rd_read(&r, img);
    const double d = 128.0 / 255;
    uint8_t want[4];
    for (int c = 0; c < 3; c++)
        want[c] = rd_unorm8(o0[c] * o1[c] + d * (1.0 - o1[c]));
    want[3] = rd_unorm8(o0[3] + d * (1.0 - o1[3]));
    for (int i = 0; i < 16; i++)
        for (int c = 0; c < 4; c++)
            CHECK_EQ(img[i * 4 + c], want[c]);
    /* SRC1_ALPHA as the colour's factor: o0 * o1.a + dst * (1 - o1.a) */
    t->SrcBlend = D3D11_BLEND_SRC1_ALPHA;
    t->DestBlend = D3D11_BLEND_INV_SRC1_ALPHA;
    ID3D11BlendState *b2 = blend(r.dev, &bd);
    ID3D11DeviceContext_OMSetBlendState(r.ctx, b2, NULL, 0xffffffff);
    rd_clear(&r, 128.0f / 255, 128.0f / 255, 128.0f / 255, 128.0f / 255);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    rd_read(&r, img);
    for (int c = 0; c < 3; c++)
        CHECK_EQ(img[c], rd_unorm8(o0[c] * o1[3] + d * (1.0 - o1[3])));
    ID3D11DeviceContext_OMSetBlendState(r.ctx, NULL, NULL, 0xffffffff);
    RD_RELEASE(b2);
    RD_RELEASE(b);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* Two targets: target 0 adds (ONE, ONE), target 1 does not blend and writes red only.  With
 * IndependentBlendEnable FALSE, target 0's entry applies to both. */
TEST(fl10_independent_blend)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    uint8_t img0[4 * 4 * 4], img1[4 * 4 * 4];
    static const float z[4] = { 0, 0, 0, 0 }, half[4] = { 0.5f, 0.5f, 0.5f, 0.5f };
    static const float zero[4] = { 0, 0, 0, 0 };
    if (!rd_begin_profile(&r, "10_0", L100, 4, 4)) {
        rd_end(&r);
        return;
    }
    ID3D11Texture2D *t1 = rd_texture(r.dev, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM,
                                     D3D11_BIND_RENDER_TARGET, NULL, 0);
    ID3D11RenderTargetView *rtv1 = NULL;
    if (t1)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)t1, NULL, &rtv1),
                 S_OK);
    D3D11_BLEND_DESC bd;
    memset(&bd, 0, sizeof(bd));
    bd.IndependentBlendEnable = TRUE;
    D3D11_RENDER_TARGET_BLEND_DESC add = { TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE,
                                           D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ONE,
                                           D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL };
    bd.RenderTarget[0] = add;
    bd.RenderTarget[1].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_RED;
    ID3D11BlendState *ind = blend(r.dev, &bd);
    bd.IndependentBlendEnable = FALSE;
    ID3D11BlendState *same = blend(r.dev, &bd);
    rd_quad(v, 0.0f, z, z, z, z);
    rd_pipe_begin(&r, &p, VS4_POS, PS4_TWO, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11RenderTargetView *rtvs[2] = { r.rtv, rtv1 };
    ID3D11BlendState *states[2] = { ind, same };
    for (int k = 0; rtv1 && k < 2; k++) {
        ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 2, rtvs, NULL);
        ID3D11DeviceContext_OMSetBlendState(r.ctx, states[k], NULL, 0xffffffff);
        ID3D11DeviceContext_ClearRenderTargetView(r.ctx, r.rtv, half);
        ID3D11DeviceContext_ClearRenderTargetView(r.ctx, rtv1, zero);
        ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
        rd_read(&r, img0);
        rd_read_tex(&r, t1, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, 4, img1);
        /* target 0: o0 + 128/255 (clamped); target 1: o1 (+ 0 when blended) */
        const uint8_t w0[4] = { 255, rd_unorm8(0.25 + 128.0 / 255), 128,
                                rd_unorm8(0.25 + 128.0 / 255) };
        const uint8_t w1[2][4] = { { 64, 0, 0, 0 }, { 64, 191, 128, 64 } };
        for (int i = 0; i < 16; i++)
            for (int c = 0; c < 4; c++) {
                CHECK_EQ(img0[i * 4 + c], w0[c]);
                CHECK_EQ(img1[i * 4 + c], w1[k][c]);
            }
    }
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(same);
    RD_RELEASE(ind);
    RD_RELEASE(rtv1);
    RD_RELEASE(t1);
    rd_pipe_end(&p);
    rd_end(&r);
}
