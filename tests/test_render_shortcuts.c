/* tests/test_render_shortcuts.c — the pixel stage's shortcuts give the per-pixel path's bits.
 *
 * pixel.c runs a lane-local pixel program once per primitive when every input it reads is
 * constant over the primitive, and writes whole tiles of such primitives as rectangles when no
 * depth/stencil/blend/kept bits are involved (om_fill_possible).  Each test renders the same
 * scene with the shortcuts on (the default) and off (draw_debug_set_shortcuts) and compares
 * every byte of the target and the occlusion count; the rectangle counter shows which path ran.
 * The scenes mix constant-colour triangles (values that are uniform, and -0, Inf, NaN, which are
 * not), gradient triangles and full-screen quads over several 64 x 64 tiles. */
#include "test_render_util.h"

#include <math.h>

#include "pipeline/draw.h"

enum { W = 200, H = 150, NTRI = 120 };

enum scene_state { S_PLAIN, S_DEPTH, S_BLEND };

struct scene {
    const char *ps;
    enum scene_state state;
    D3D_FEATURE_LEVEL level;
};

static struct vtx vert(float x, float y, float z, const float *attr)
{
    struct vtx v = { { x, y, z, 1.0f }, { attr[0], attr[1], attr[2], attr[3] } };
    return v;
}

static float rnd(uint32_t *seed)
{
    *seed = *seed * 1664525u + 1013904223u;
    return (float)(*seed >> 8) / 16777216.0f;
}

/* Two full-screen quads, then NTRI triangles: most flat-coloured (some with -0, Inf, NaN or
 * out-of-range components), every fifth a gradient. */
static unsigned build(struct vtx *v)
{
    static const float quad_a[4] = { 0.2f, 0.4f, 0.6f, 0.8f };
    static const float quad_b[4] = { 1.5f, -0.25f, 0.5f, 1.0f };
    uint32_t seed = 4242;
    unsigned n = 0;
    const float *qc[2] = { quad_a, quad_b };
    for (int q = 0; q < 2; q++) {
        float z = q ? 0.25f : 0.75f;
        v[n++] = vert(-1, 1, z, qc[q]);
        v[n++] = vert(1, 1, z, qc[q]);
        v[n++] = vert(-1, -1, z, qc[q]);
        v[n++] = vert(-1, -1, z, qc[q]);
        v[n++] = vert(1, 1, z, qc[q]);
        v[n++] = vert(1, -1, z, qc[q]);
    }
    for (int t = 0; t < NTRI; t++) {
        float c[4];
        for (int k = 0; k < 4; k++)
            c[k] = rnd(&seed);
        switch (t % 7) {
        case 1: c[1] = -0.0f; break;
        case 2: c[2] = INFINITY; break;
        case 3: c[0] = NAN; break;
        case 4: c[3] = 0.0f; break;
        default: break;
        }
        for (int k = 0; k < 3; k++) {
            float a[4];
            memcpy(a, c, sizeof(a));
            if (t % 5 == 0 && k == 2)
                a[t % 4] = rnd(&seed);   /* a gradient: only the last vertex differs */
            float x = rnd(&seed) * 2.6f - 1.3f, y = rnd(&seed) * 2.6f - 1.3f;
            /* big triangles every third: whole tiles */
            if (t % 3 == 0) {
                x *= 2.0f;
                y *= 2.0f;
            }
            v[n++] = vert(x, y, rnd(&seed), a);
        }
    }
    return n;
}

static void render(const struct scene *sc, bool shortcuts, uint8_t *img, UINT64 *samples,
                   uint64_t *fills)
{
    static struct vtx v[12 + 3 * NTRI];
    struct rd r;
    struct rd_pipe p;
    unsigned n = build(v);
    draw_debug_set_shortcuts(shortcuts);
    uint64_t fills0 = draw_debug_fill_count();
    if (!rd_begin(&r, sc->level, W, H)) {
        rd_end(&r);
        draw_debug_set_shortcuts(true);
        return;
    }
    D3D11_RASTERIZER_DESC rdsc = { D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f,
                                   TRUE, FALSE, FALSE, FALSE };
    ID3D11RasterizerState *rs = NULL;
    CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &rdsc, &rs), S_OK);
    ID3D11DeviceContext_RSSetState(r.ctx, rs);
    ID3D11BlendState *bs = NULL;
    if (sc->state == S_BLEND) {
        D3D11_BLEND_DESC bd;
        memset(&bd, 0, sizeof(bd));
        bd.RenderTarget[0].BlendEnable = TRUE;
        bd.RenderTarget[0].SrcBlend = D3D11_BLEND_SRC_ALPHA;
        bd.RenderTarget[0].DestBlend = D3D11_BLEND_INV_SRC_ALPHA;
        bd.RenderTarget[0].BlendOp = D3D11_BLEND_OP_ADD;
        bd.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
        bd.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO;
        bd.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
        bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
        CHECK_HR(ID3D11Device_CreateBlendState(r.dev, &bd, &bs), S_OK);
        ID3D11DeviceContext_OMSetBlendState(r.ctx, bs, NULL, 0xffffffff);
    }
    ID3D11Texture2D *dt = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    if (sc->state == S_DEPTH) {
        dt = rd_texture(r.dev, W, H, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL,
                        NULL, 0);
        CHECK_HR(ID3D11Device_CreateDepthStencilView(r.dev, (ID3D11Resource *)dt, NULL, &dsv),
                 S_OK);
        ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &r.rtv, dsv);
        ID3D11DeviceContext_ClearDepthStencilView(r.ctx, dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
    }
    rd_clear(&r, 0.1f, 0.2f, 0.3f, 0.4f);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, sc->ps, v, n, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    D3D11_QUERY_DESC qd = { D3D11_QUERY_OCCLUSION, 0 };
    ID3D11Query *q = NULL;
    CHECK_HR(ID3D11Device_CreateQuery(r.dev, &qd, &q), S_OK);
    ID3D11DeviceContext_Begin(r.ctx, (ID3D11Asynchronous *)q);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, n, 0));
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));   /* the first quad again, on top */
    ID3D11DeviceContext_End(r.ctx, (ID3D11Asynchronous *)q);
    *samples = 0;
    CHECK_HR(ID3D11DeviceContext_GetData(r.ctx, (ID3D11Asynchronous *)q, samples,
                                         sizeof(*samples), 0), S_OK);
    rd_read(&r, img);
    *fills = draw_debug_fill_count() - fills0;
    RD_RELEASE(q);
    RD_RELEASE(dsv);
    RD_RELEASE(dt);
    RD_RELEASE(bs);
    RD_RELEASE(rs);
    rd_pipe_end(&p);
    rd_end(&r);
    draw_debug_set_shortcuts(true);
}

/* (occlusion queries exist from 9_2 on) */
/* Renders both ways; returns the rectangles written with the shortcuts on. */
static uint64_t same_both_ways(const struct scene *sc)
{
    static uint8_t a[W * H * 4], b[W * H * 4];
    UINT64 na = 1, nb = 2;
    uint64_t fa = 0, fb = 0;
    memset(a, 0, sizeof(a));
    memset(b, 0xff, sizeof(b));
    render(sc, true, a, &na, &fa);
    render(sc, false, b, &nb, &fb);
    CHECK(!memcmp(a, b, sizeof(a)));
    CHECK_EQ(na, nb);
    CHECK_EQ(fb, 0);
    CHECK(na > 0);
    return fa;
}

#define PS_DISCARD                                                                               \
    L9_PS_91 "ps_4_0_level_9_1\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\n"             \
             "dcl_temps 1\nlt r0.x, l(0.5), v0.y\ndiscard_nz r0.x\n"                            \
             "mul o0.xyzw, v0.wzyx, l(0.5, 2.0, 1.0, 1.0)\nret\n"
#define PS_DERIV                                                                                 \
    L9_PS_93 "ps_4_0_level_9_3\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\n"             \
             "dcl_temps 1\nderiv_rtx r0.xyzw, v0.xyzw\nadd o0.xyzw, r0.xyzw, v0.xyzw\nret\n"
#define PS_CONSTANT_INTERP                                                                       \
    L9_PS_91 "ps_4_0_level_9_1\ndcl_input_ps constant v0.xyzw\ndcl_output o0.xyzw\n"           \
             "mov o0.xyzw, v0.zxyw\nret\n"

TEST(shortcut_flat_no_depth_no_blend_writes_rectangles)
{
    struct scene sc = { PS_ATTR, S_PLAIN, D3D_FEATURE_LEVEL_9_2 };
    CHECK(same_both_ways(&sc) > 10);
}

TEST(shortcut_flat_with_depth_test_uses_no_rectangles)
{
    struct scene sc = { PS_ATTR, S_DEPTH, D3D_FEATURE_LEVEL_9_2 };
    CHECK_EQ(same_both_ways(&sc), 0);
}

TEST(shortcut_flat_with_blending_uses_no_rectangles)
{
    struct scene sc = { PS_ATTR, S_BLEND, D3D_FEATURE_LEVEL_9_2 };
    CHECK_EQ(same_both_ways(&sc), 0);
}

TEST(shortcut_discard_on_constant_input)
{
    struct scene sc = { PS_DISCARD, S_PLAIN, D3D_FEATURE_LEVEL_9_2 };
    CHECK(same_both_ways(&sc) > 0);
    sc.state = S_DEPTH;
    same_both_ways(&sc);
}

TEST(shortcut_not_taken_with_derivatives)
{
    struct scene sc = { PS_DERIV, S_PLAIN, D3D_FEATURE_LEVEL_9_3 };
    CHECK_EQ(same_both_ways(&sc), 0);
}

TEST(shortcut_constant_interpolation)
{
    struct scene sc = { PS_CONSTANT_INTERP, S_PLAIN, D3D_FEATURE_LEVEL_9_3 };
    CHECK(same_both_ways(&sc) > 10);
}

/* The rectangle path writes exactly the primitive's pixels, with the colour the OM encodes. */
TEST(shortcut_rectangle_exact_pixels)
{
    static const float c[4] = { 0.2f, 0.4f, 0.6f, 0.8f };
    static uint8_t img[W * H * 4];
    static struct vtx v[6];
    struct rd r;
    struct rd_pipe p;
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, W, H);
    /* pixels [10, 190) x [5, 140): several whole tiles */
    float l = 10.0f * 2 / W - 1, rt = 190.0f * 2 / W - 1, t = 1 - 5.0f * 2 / H,
          b = 1 - 140.0f * 2 / H;
    v[0] = vert(l, t, 0.5f, c);
    v[1] = vert(rt, t, 0.5f, c);
    v[2] = vert(l, b, 0.5f, c);
    v[3] = v[2];
    v[4] = v[1];
    v[5] = vert(rt, b, 0.5f, c);
    rd_clear(&r, 0, 0, 0, 0);
    uint64_t f0 = draw_debug_fill_count();
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    rd_read(&r, img);   /* (the draw may wait in the scene until this read: binning across draws) */
    CHECK(draw_debug_fill_count() > f0);
    unsigned bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool in = x >= 10 && x < 190 && y >= 5 && y < 140;
            const uint8_t *px = RD_PIXEL(img, &r, x, y);
            uint8_t want[4] = { 0, 0, 0, 0 };
            if (in)
                for (int k = 0; k < 4; k++)
                    want[k] = rd_unorm8(c[k]);
            bad += memcmp(px, want, 4) != 0;
        }
    CHECK_EQ(bad, 0);
    rd_pipe_end(&p);
    rd_end(&r);
}
