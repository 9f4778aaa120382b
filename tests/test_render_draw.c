/* tests/test_render_draw.c — the draw calls themselves: indexed drawing (R16/R32, base vertex,
 * strips, strip cuts), lines and points, instancing at 9_3, occlusion queries, four render
 * targets, thread-count independence, the 10Level9 draw rules (tests l9ctx_<method>_<rule>)
 * and hostile draws, which must neither crash nor leak (the sanitizer build runs them). */
#include "test_render_util.h"

#include <stdio.h>

#include "util/simd.h"

/* Pixel-aligned rectangle corners in NDC for a w x h viewport. */
static float ndc_x(float px, float w) { return px * 2.0f / w - 1.0f; }
static float ndc_y(float py, float h) { return 1.0f - py * 2.0f / h; }

static struct vtx vert(float x, float y, float z, const float *attr)
{
    struct vtx v = { { x, y, z, 1.0f }, { attr[0], attr[1], attr[2], attr[3] } };
    return v;
}

static unsigned count_red(const struct rd *r, const uint8_t *img, uint8_t red)
{
    unsigned n = 0;
    for (UINT i = 0; i < r->w * r->h; i++)
        n += img[4 * i] == red;
    return n;
}

#define REFUSED(call, text)                                                                      \
    do {                                                                                         \
        util_clear_last_message();                                                               \
        call;                                                                                    \
        CHECK_STR_CONTAINS(LAST, text);                                                          \
    } while (0)

/* ---- indexed drawing -------------------------------------------------------------------------- */

TEST(render_indexed_r16_list_with_base_vertex)
{
    static const float c[4] = { 1, 1, 1, 1 };
    static const uint16_t idx[6] = { 0, 1, 2, 2, 1, 3 };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    uint8_t img[8 * 8 * 4];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 8, 8);
    /* two junk vertices, then TL, TR, BL, BR: BaseVertexLocation 2 skips the junk */
    v[0] = vert(0, 0, 0, c);
    v[1] = vert(0, 0, 0, c);
    v[2] = vert(-1, 1, 0, c);
    v[3] = vert(1, 1, 0, c);
    v[4] = vert(-1, -1, 0, c);
    v[5] = vert(1, -1, 0, c);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11Buffer *ib = rd_buffer(r.dev, D3D11_BIND_INDEX_BUFFER, idx, sizeof(idx));
    ID3D11DeviceContext_IASetIndexBuffer(r.ctx, ib, DXGI_FORMAT_R16_UINT, 0);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_DrawIndexed(r.ctx, 6, 0, 2));
    rd_read(&r, img);
    CHECK_EQ(count_red(&r, img, 255), 64);
    /* the first triangle only, starting at index 0 */
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_DrawIndexed(r.ctx, 3, 0, 2));
    rd_read(&r, img);
    CHECK_EQ(RD_PIXEL(img, &r, 1, 1)[0], 255);
    CHECK_EQ(RD_PIXEL(img, &r, 6, 6)[0], 0);
    RD_RELEASE(ib);
    rd_pipe_end(&p);
    rd_end(&r);
}

TEST(render_strips_indexed_and_not)
{
    static const float c[4] = { 1, 1, 1, 1 };
    static const uint16_t idx[4] = { 0, 1, 2, 3 };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[4];
    uint8_t img[8 * 8 * 4];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 8, 8);
    /* TL, TR, BL, BR: triangles (TL TR BL) and (TR BR BL), both clockwise (8.10) */
    v[0] = vert(-1, 1, 0, c);
    v[1] = vert(1, 1, 0, c);
    v[2] = vert(-1, -1, 0, c);
    v[3] = vert(1, -1, 0, c);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 4, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 4, 0));
    rd_read(&r, img);
    CHECK_EQ(count_red(&r, img, 255), 64);   /* back-face culling is on: both are front */
    ID3D11Buffer *ib = rd_buffer(r.dev, D3D11_BIND_INDEX_BUFFER, idx, sizeof(idx));
    ID3D11DeviceContext_IASetIndexBuffer(r.ctx, ib, DXGI_FORMAT_R16_UINT, 0);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_DrawIndexed(r.ctx, 4, 0, 0));
    rd_read(&r, img);
    CHECK_EQ(count_red(&r, img, 255), 64);
    RD_RELEASE(ib);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* 8.12: an index of all ones cuts the strip.  At 9_1 0xffff exceeds the largest index value
 * (65534), so the draw is refused there; 9_2 allows it. */
TEST(render_strip_cut_r16_and_r32)
{
    static const float c[4] = { 1, 1, 1, 1 };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[8];
    uint8_t img[16 * 8 * 4];
    /* left half: TL TR BL BR (0..3); right half: 4..7 */
    for (int h = 0; h < 2; h++) {
        float x0 = h ? 0.0f : -1.0f, x1 = h ? 1.0f : 0.0f;
        v[4 * h + 0] = vert(x0, 1, 0, c);
        v[4 * h + 1] = vert(x1, 1, 0, c);
        v[4 * h + 2] = vert(x0, -1, 0, c);
        v[4 * h + 3] = vert(x1, -1, 0, c);
    }
    for (int fmt = 0; fmt < 2; fmt++) {
        static const uint16_t i16[8] = { 0, 1, 2, 0xffff, 4, 5, 6, 7 };
        static const uint32_t i32[8] = { 0, 1, 2, 0xffffffffu, 4, 5, 6, 7 };
        RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_2, 16, 8);
        rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 8, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
        ID3D11Buffer *ib = fmt ? rd_buffer(r.dev, D3D11_BIND_INDEX_BUFFER, i32, sizeof(i32)) :
                                 rd_buffer(r.dev, D3D11_BIND_INDEX_BUFFER, i16, sizeof(i16));
        ID3D11DeviceContext_IASetIndexBuffer(r.ctx, ib,
                                             fmt ? DXGI_FORMAT_R32_UINT : DXGI_FORMAT_R16_UINT, 0);
        rd_clear(&r, 0, 0, 0, 0);
        if (fmt) {
            /* 0xffffffff exceeds 1048575 at 9_2 */
            REFUSED(ID3D11DeviceContext_DrawIndexed(r.ctx, 8, 0, 0),
                    "DrawIndexed: index value 4294967295 (index 3) exceeds 1048575 at feature "
                    "level 9_2");
        } else {
            ACCEPTED(ID3D11DeviceContext_DrawIndexed(r.ctx, 8, 0, 0));
            rd_read(&r, img);
            CHECK_EQ(RD_PIXEL(img, &r, 1, 1)[0], 255);   /* (TL TR BL) of the left half */
            CHECK_EQ(RD_PIXEL(img, &r, 6, 6)[0], 0);     /* its second triangle was cut */
            CHECK_EQ(RD_PIXEL(img, &r, 9, 1)[0], 255);   /* the right half: a whole strip */
            CHECK_EQ(RD_PIXEL(img, &r, 14, 6)[0], 255);
        }
        RD_RELEASE(ib);
        rd_pipe_end(&p);
        rd_end(&r);
    }
    /* 9_1: 0xffff is beyond the largest index value */
    {
        static const uint16_t i16[8] = { 0, 1, 2, 0xffff, 4, 5, 6, 7 };
        RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 16, 8);
        rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 8, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
        ID3D11Buffer *ib = rd_buffer(r.dev, D3D11_BIND_INDEX_BUFFER, i16, sizeof(i16));
        ID3D11DeviceContext_IASetIndexBuffer(r.ctx, ib, DXGI_FORMAT_R16_UINT, 0);
        REFUSED(ID3D11DeviceContext_DrawIndexed(r.ctx, 8, 0, 0),
                "DrawIndexed: index value 65535 (index 3) exceeds 65534 at feature level 9_1 "
                "(10Level9 context reference)");
        ACCEPTED(ID3D11DeviceContext_DrawIndexed(r.ctx, 3, 0, 0));
        RD_RELEASE(ib);
        rd_pipe_end(&p);
        rd_end(&r);
    }
}

/* Lines (3.4.3) through pixel centres and points (3.4.6) on them: exact pixels. */
TEST(render_lines_and_points)
{
    static const float c[4] = { 1, 1, 1, 1 };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[4];
    uint8_t img[16 * 16 * 4];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 16, 16);
    /* a horizontal line at row 3 from x 2.5 to 12.5: pixels 2..11 (the end is excluded) */
    v[0] = vert(ndc_x(2.5f, 16), ndc_y(3.5f, 16), 0, c);
    v[1] = vert(ndc_x(12.5f, 16), ndc_y(3.5f, 16), 0, c);
    /* two points at pixel centres (5, 9) and (14, 14) */
    v[2] = vert(ndc_x(5.5f, 16), ndc_y(9.5f, 16), 0, c);
    v[3] = vert(ndc_x(14.5f, 16), ndc_y(14.5f, 16), 0, c);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 4, D3D11_PRIMITIVE_TOPOLOGY_LINELIST);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 2, 0));
    rd_read(&r, img);
    for (UINT x = 0; x < 16; x++)
        CHECK_EQ(RD_PIXEL(img, &r, x, 3)[0], x >= 2 && x < 12 ? 255 : 0);
    CHECK_EQ(count_red(&r, img, 255), 10);
    ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 2, 2));
    rd_read(&r, img);
    CHECK_EQ(RD_PIXEL(img, &r, 5, 9)[0], 255);
    CHECK_EQ(RD_PIXEL(img, &r, 14, 14)[0], 255);
    CHECK_EQ(count_red(&r, img, 255), 2);
    /* 10Level9 context reference: "Indexed point lists not supported" */
    static const uint16_t idx[2] = { 2, 3 };
    ID3D11Buffer *ib = rd_buffer(r.dev, D3D11_BIND_INDEX_BUFFER, idx, sizeof(idx));
    ID3D11DeviceContext_IASetIndexBuffer(r.ctx, ib, DXGI_FORMAT_R16_UINT, 0);
    REFUSED(ID3D11DeviceContext_DrawIndexed(r.ctx, 2, 0, 0),
            "DrawIndexed: indexed point lists are not supported at feature level 9_1");
    RD_RELEASE(ib);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* ---- instancing (9_3) ------------------------------------------------------------------------- */

static const char vs_instanced[] =
    L9_VS_93 "vs_4_0_level_9_3\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_input v2.xyzw\n"
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\n"
    "add o0.xyzw, v0.xyzw, v1.xyzw\nmov o1.xyzw, v2.xyzw\nret\n";

struct inst {
    float offset[4];
    float color[4];
};

TEST(render_instanced_9_3_and_refusals)
{
    static const D3D11_INPUT_ELEMENT_DESC layout[] = {
        { "TEXCOORD", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        { "TEXCOORD", 1, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 1 },
        { "TEXCOORD", 2, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 16, D3D11_INPUT_PER_INSTANCE_DATA, 1 },
    };
    static const uint16_t idx[6] = { 0, 1, 2, 2, 1, 3 };
    static const float zero[4] = { 0, 0, 0, 0 };
    struct rd r;
    struct vtx v[4];
    struct inst in[4];
    uint8_t img[16 * 4 * 4];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_3, 16, 4);
    /* a quad covering pixels [0, 4) x [0, 4); instance i moves it 4 i pixels right */
    v[0] = vert(-1.0f, 1, 0, zero);
    v[1] = vert(-0.5f, 1, 0, zero);
    v[2] = vert(-1.0f, -1, 0, zero);
    v[3] = vert(-0.5f, -1, 0, zero);
    memset(in, 0, sizeof(in));
    for (int i = 0; i < 4; i++) {
        in[i].offset[0] = 0.5f * (float)i;
        in[i].color[0] = (float)(i + 1) * 0.2f;
        in[i].color[3] = 1.0f;
    }
    ID3D11VertexShader *vs = rd_vs(r.dev, vs_instanced);
    ID3D11PixelShader *ps = rd_ps(r.dev, PS_ATTR);
    ID3D11InputLayout *il = rd_layout(r.dev, layout, 3, vs_instanced);
    ID3D11Buffer *vbs[2] = { rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, v, sizeof(v)),
                             rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, in, sizeof(in)) };
    ID3D11Buffer *ib = rd_buffer(r.dev, D3D11_BIND_INDEX_BUFFER, idx, sizeof(idx));
    UINT strides[2] = { sizeof(struct vtx), sizeof(struct inst) }, offsets[2] = { 0, 0 };
    ID3D11DeviceContext_IASetInputLayout(r.ctx, il);
    ID3D11DeviceContext_IASetVertexBuffers(r.ctx, 0, 2, vbs, strides, offsets);
    ID3D11DeviceContext_IASetIndexBuffer(r.ctx, ib, DXGI_FORMAT_R16_UINT, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(r.ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
    rd_clear(&r, 0, 0, 0, 0);
    /* instances 1, 2, 3 (StartInstanceLocation 1): quads at 4, 8, 12 with colours 0.4.. */
    ACCEPTED(ID3D11DeviceContext_DrawIndexedInstanced(r.ctx, 6, 3, 0, 0, 1));
    rd_read(&r, img);
    for (UINT x = 0; x < 16; x++)
        for (UINT y = 0; y < 4; y++) {
            unsigned inst = x / 4;   /* instance i draws at 4 (i - 1 + 1) = 4 i */
            CHECK_EQ(RD_PIXEL(img, &r, x, y)[0], inst == 0 ? 0 : rd_unorm8(0.2 * (inst + 1)));
        }
    /* DrawInstanced exists at no 9_x level */
    REFUSED(ID3D11DeviceContext_DrawInstanced(r.ctx, 4, 2, 0, 0),
            "DrawInstanced: not supported at feature level 9_3");
    RD_RELEASE(ib);
    RD_RELEASE(vbs[1]);
    RD_RELEASE(vbs[0]);
    RD_RELEASE(il);
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    rd_end(&r);

    for (int lv = 0; lv < 2; lv++) {
        static const D3D_FEATURE_LEVEL levels[2] = { D3D_FEATURE_LEVEL_9_1,
                                                     D3D_FEATURE_LEVEL_9_2 };
        RD_BEGIN(&r, levels[lv], 8, 8);
        REFUSED(ID3D11DeviceContext_DrawIndexedInstanced(r.ctx, 6, 2, 0, 0, 0),
                lv ? "DrawIndexedInstanced: not supported at feature level 9_2" :
                     "DrawIndexedInstanced: not supported at feature level 9_1");
        REFUSED(ID3D11DeviceContext_DrawInstanced(r.ctx, 6, 2, 0, 0), "DrawInstanced: not "
                "supported at feature level");
        rd_end(&r);
    }
}

/* ---- occlusion queries (16.12.2, 20.4) --------------------------------------------------------- */

TEST(render_occlusion_query_counts_exact_samples)
{
    static const float c[4] = { 1, 1, 1, 1 };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    UINT64 n = 0;
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_3, 16, 16);
    const float l = ndc_x(4, 16), rt = ndc_x(12, 16), t = ndc_y(2, 16), b = ndc_y(6, 16);
    v[0] = vert(l, t, 0.5f, c);
    v[1] = vert(rt, t, 0.5f, c);
    v[2] = vert(l, b, 0.5f, c);
    v[3] = v[2];
    v[4] = v[1];
    v[5] = vert(rt, b, 0.5f, c);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    D3D11_QUERY_DESC qd = { D3D11_QUERY_OCCLUSION, 0 };
    ID3D11Query *q = NULL;
    CHECK_HR(ID3D11Device_CreateQuery(r.dev, &qd, &q), S_OK);
    ID3D11DeviceContext_Begin(r.ctx, (ID3D11Asynchronous *)q);
    ID3D11DeviceContext_Draw(r.ctx, 6, 0);
    ID3D11DeviceContext_Draw(r.ctx, 3, 0);     /* the first triangle again: 16 more */
    ID3D11DeviceContext_End(r.ctx, (ID3D11Asynchronous *)q);
    CHECK_HR(ID3D11DeviceContext_GetData(r.ctx, (ID3D11Asynchronous *)q, &n, sizeof(n), 0), S_OK);
    CHECK_EQ(n, 8 * 4 + 16);

    /* with a depth buffer cleared to 0 and LESS, nothing passes */
    ID3D11Texture2D *dt = rd_texture(r.dev, 16, 16, DXGI_FORMAT_D24_UNORM_S8_UINT,
                                     D3D11_BIND_DEPTH_STENCIL, NULL, 0);
    ID3D11DepthStencilView *dsv = NULL;
    CHECK_HR(ID3D11Device_CreateDepthStencilView(r.dev, (ID3D11Resource *)dt, NULL, &dsv), S_OK);
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &r.rtv, dsv);
    ID3D11DeviceContext_ClearDepthStencilView(r.ctx, dsv, D3D11_CLEAR_DEPTH, 0.0f, 0);
    ID3D11DeviceContext_Begin(r.ctx, (ID3D11Asynchronous *)q);
    ID3D11DeviceContext_Draw(r.ctx, 6, 0);
    ID3D11DeviceContext_End(r.ctx, (ID3D11Asynchronous *)q);
    CHECK_HR(ID3D11DeviceContext_GetData(r.ctx, (ID3D11Asynchronous *)q, &n, sizeof(n), 0), S_OK);
    CHECK_EQ(n, 0);
    /* cleared to 1: all 32 pass, and a second identical draw fails LESS everywhere */
    ID3D11DeviceContext_ClearDepthStencilView(r.ctx, dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
    ID3D11DeviceContext_Begin(r.ctx, (ID3D11Asynchronous *)q);
    ID3D11DeviceContext_Draw(r.ctx, 6, 0);
    ID3D11DeviceContext_Draw(r.ctx, 6, 0);
    ID3D11DeviceContext_End(r.ctx, (ID3D11Asynchronous *)q);
    CHECK_HR(ID3D11DeviceContext_GetData(r.ctx, (ID3D11Asynchronous *)q, &n, sizeof(n), 0), S_OK);
    CHECK_EQ(n, 32);
    RD_RELEASE(dsv);
    RD_RELEASE(dt);
    RD_RELEASE(q);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* ---- four render targets (9_3) ------------------------------------------------------------- */

TEST(render_four_render_targets_9_3)
{
    static const char ps_text[] =
        L9_PS_93 "ps_4_0_level_9_3\ndcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_output o2.xyzw\n"
        "dcl_output o3.xyzw\nmov o0.xyzw, l(1.0, 0, 0, 1.0)\nmov o1.xyzw, l(0, 1.0, 0, 1.0)\n"
        "mov o2.xyzw, l(0, 0, 1.0, 1.0)\nmov o3.xyzw, l(0.2, 0.4, 0.6, 0.8)\nret\n";
    static const uint8_t want[4][4] = { { 255, 0, 0, 255 }, { 0, 255, 0, 255 },
                                        { 0, 0, 255, 255 }, { 51, 102, 153, 204 } };
    static const float zero[4] = { 0, 0, 0, 0 };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    ID3D11Texture2D *tex[4] = { NULL };
    ID3D11RenderTargetView *rtv[4] = { NULL };
    uint8_t img[8 * 8 * 4];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_3, 8, 8);
    for (int i = 0; i < 4; i++) {
        tex[i] = rd_texture(r.dev, 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET,
                            NULL, 0);
        CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)tex[i], NULL,
                                                     &rtv[i]), S_OK);
    }
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 4, rtv, NULL);
    rd_quad(v, 0.0f, zero, zero, zero, zero);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, ps_text, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    for (int i = 0; i < 4; i++) {
        rd_read_tex(&r, tex[i], 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, 4, img);
        unsigned bad = 0;
        for (int k = 0; k < 64; k++)
            bad += memcmp(&img[4 * k], want[i], 4) != 0;
        CHECK_EQ(bad, 0);
    }
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 0, NULL, NULL);
    for (int i = 0; i < 4; i++) {
        RD_RELEASE(rtv[i]);
        RD_RELEASE(tex[i]);
    }
    rd_pipe_end(&p);
    rd_end(&r);
}

/* ---- determinism ---------------------------------------------------------------------------- */

/* 300 random overlapping triangles, alpha blended, depth tested, into a 200 x 150 target
 * (several 64 x 64 tiles), with `threads` workers. */
static void random_scene(const char *threads, uint8_t *img)
{
    enum { W = 200, H = 150, N = 300 };
    struct rd r;
    struct rd_pipe p;
    static struct vtx v[3 * N];
    uint32_t seed = 12345;
    setenv("SOFTD3D_THREADS", threads, 1);
    if (!rd_begin(&r, D3D_FEATURE_LEVEL_9_1, W, H)) {
        rd_end(&r);
        unsetenv("SOFTD3D_THREADS");
        return;
    }
    for (int i = 0; i < 3 * N; i++) {
        float f[8];
        for (int k = 0; k < 8; k++) {
            seed = seed * 1664525u + 1013904223u;
            f[k] = (float)(seed >> 8) / 16777216.0f;
        }
        v[i] = vert(f[0] * 2.4f - 1.2f, f[1] * 2.4f - 1.2f, f[2], &f[4]);
        v[i].pos[3] = 0.5f + f[3];
        for (int c = 0; c < 3; c++)
            v[i].pos[c] *= v[i].pos[3];
    }
    D3D11_BLEND_DESC bd;
    memset(&bd, 0, sizeof(bd));
    bd.RenderTarget[0].BlendEnable = TRUE;
    bd.RenderTarget[0].SrcBlend = D3D11_BLEND_SRC_ALPHA;
    bd.RenderTarget[0].DestBlend = D3D11_BLEND_INV_SRC_ALPHA;
    bd.RenderTarget[0].BlendOp = D3D11_BLEND_OP_ADD;
    bd.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
    bd.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ONE;
    bd.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
    bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    ID3D11BlendState *bs = NULL;
    CHECK_HR(ID3D11Device_CreateBlendState(r.dev, &bd, &bs), S_OK);
    D3D11_RASTERIZER_DESC rdsc = { D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f,
                                   TRUE, FALSE, FALSE, FALSE };
    ID3D11RasterizerState *rs = NULL;
    CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &rdsc, &rs), S_OK);
    ID3D11Texture2D *dt = rd_texture(r.dev, W, H, DXGI_FORMAT_D24_UNORM_S8_UINT,
                                     D3D11_BIND_DEPTH_STENCIL, NULL, 0);
    ID3D11DepthStencilView *dsv = NULL;
    CHECK_HR(ID3D11Device_CreateDepthStencilView(r.dev, (ID3D11Resource *)dt, NULL, &dsv), S_OK);
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &r.rtv, dsv);
    ID3D11DeviceContext_ClearDepthStencilView(r.ctx, dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
    ID3D11DeviceContext_OMSetBlendState(r.ctx, bs, NULL, 0xffffffff);
    ID3D11DeviceContext_RSSetState(r.ctx, rs);
    rd_clear(&r, 0.1f, 0.2f, 0.3f, 0.4f);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 3 * N, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 3 * N, 0));
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 3 * N / 2, 3));   /* again, over itself */
    rd_read(&r, img);
    RD_RELEASE(dsv);
    RD_RELEASE(dt);
    RD_RELEASE(rs);
    RD_RELEASE(bs);
    rd_pipe_end(&p);
    rd_end(&r);
    unsetenv("SOFTD3D_THREADS");
}

TEST(render_threads_1_and_2_bit_identical)
{
    static uint8_t a[200 * 150 * 4], b[200 * 150 * 4], c[200 * 150 * 4], d[200 * 150 * 4];
    random_scene("1", a);
    random_scene("2", b);
    random_scene("3", c);
    util_simd_force(UTIL_SIMD_C);   /* and every kernel's plain-C twin (util/simd.h) */
    random_scene("2", d);
    static uint8_t e[200 * 150 * 4];
    util_simd_force(UTIL_SIMD_AVX2);   /* (the best the CPU has, when that is less) */
    random_scene("2", e);
    util_simd_force(-1);
    CHECK(!memcmp(a, b, sizeof(a)));
    CHECK(!memcmp(a, c, sizeof(a)));
    CHECK(!memcmp(a, d, sizeof(a)));
    CHECK(!memcmp(a, e, sizeof(a)));
    unsigned drawn = 0;
    for (size_t i = 0; i < sizeof(a); i += 4)
        drawn += a[i] != 26;   /* the clear colour's red: 0.1 -> 26 */
    CHECK(drawn > 10000);
}

/* A draw of more primitives than one table half holds (draw.c: DRAW_FLUSH_PRIMS): the halves
 * alternate, one rasterizing while the next is filled, and the result may not depend on that
 * nor on the thread count.  Small depth-tested triangles, some culled, over a few tiles. */
static void many_triangles(const char *threads, bool chunked, uint8_t *img, UINT64 *passed)
{
    enum { W = 96, H = 80, N = 150000 };
    struct rd r;
    struct rd_pipe p;
    static struct vtx v[3 * N];
    uint32_t seed = 777;
    setenv("SOFTD3D_THREADS", threads, 1);
    if (!rd_begin(&r, D3D_FEATURE_LEVEL_9_2, W, H)) {
        rd_end(&r);
        unsetenv("SOFTD3D_THREADS");
        return;
    }
    for (int t = 0; t < N; t++) {
        float f[12];
        for (int k = 0; k < 12; k++) {
            seed = seed * 1664525u + 1013904223u;
            f[k] = (float)(seed >> 8) / 16777216.0f;
        }
        float cx = f[0] * 2.2f - 1.1f, cy = f[1] * 2.2f - 1.1f, z = f[2];
        for (int k = 0; k < 3; k++) {
            float a[4] = { f[3 + k], f[6 + k], f[9 + k], 1.0f };
            v[3 * t + k] = vert(cx + (f[3 + 3 * k % 9] - 0.5f) * 0.2f,
                                cy + (f[4 + 3 * k % 8] - 0.5f) * 0.2f, z, a);
        }
    }
    ID3D11Texture2D *dt = rd_texture(r.dev, W, H, DXGI_FORMAT_D24_UNORM_S8_UINT,
                                     D3D11_BIND_DEPTH_STENCIL, NULL, 0);
    ID3D11DepthStencilView *dsv = NULL;
    CHECK_HR(ID3D11Device_CreateDepthStencilView(r.dev, (ID3D11Resource *)dt, NULL, &dsv), S_OK);
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &r.rtv, dsv);
    ID3D11DeviceContext_ClearDepthStencilView(r.ctx, dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
    rd_clear(&r, 0.1f, 0.2f, 0.3f, 0.4f);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 3 * N, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    D3D11_QUERY_DESC qd = { D3D11_QUERY_OCCLUSION, 0 };
    ID3D11Query *q = NULL;
    CHECK_HR(ID3D11Device_CreateQuery(r.dev, &qd, &q), S_OK);
    ID3D11DeviceContext_Begin(r.ctx, (ID3D11Asynchronous *)q);
    if (chunked)   /* draws small enough for one table half each */
        for (UINT first = 0; first < 3 * N; first += 3 * 20000)
            ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 3 * N - first < 3 * 20000 ? 3 * N - first
                                                                               : 3 * 20000,
                                              first));
    else
        ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 3 * N, 0));
    ID3D11DeviceContext_End(r.ctx, (ID3D11Asynchronous *)q);
    CHECK_HR(ID3D11DeviceContext_GetData(r.ctx, (ID3D11Asynchronous *)q, passed, sizeof(*passed),
                                         0), S_OK);
    rd_read(&r, img);
    RD_RELEASE(q);
    RD_RELEASE(dsv);
    RD_RELEASE(dt);
    rd_pipe_end(&p);
    rd_end(&r);
    unsetenv("SOFTD3D_THREADS");
}

TEST(render_many_triangles_double_buffered_thread_independent)
{
    static uint8_t a[96 * 80 * 4], b[96 * 80 * 4], c[96 * 80 * 4], d[96 * 80 * 4];
    UINT64 na = 0, nb = 1, nc = 2, nd = 3;
    many_triangles("1", false, a, &na);
    many_triangles("2", false, b, &nb);
    many_triangles("3", false, c, &nc);
    many_triangles("2", true, d, &nd);
    static uint8_t e[96 * 80 * 4];
    UINT64 ne = 4;
    util_simd_force(UTIL_SIMD_C);
    many_triangles("2", false, e, &ne);
    static uint8_t f2[96 * 80 * 4];
    UINT64 nf = 5;
    util_simd_force(UTIL_SIMD_AVX2);
    many_triangles("2", false, f2, &nf);
    util_simd_force(-1);
    CHECK(!memcmp(a, e, sizeof(a)));
    CHECK(!memcmp(a, f2, sizeof(a)));
    CHECK_EQ(na, ne);
    CHECK_EQ(na, nf);
    CHECK(!memcmp(a, b, sizeof(a)));
    CHECK(!memcmp(a, c, sizeof(a)));
    CHECK(!memcmp(a, d, sizeof(a)));
    CHECK_EQ(na, nb);
    CHECK_EQ(na, nc);
    CHECK_EQ(na, nd);
    CHECK(na > 96 * 80);   /* overdraw: many more samples passed than there are pixels */
}

/* ---- the 10Level9 draw rules and the general ones ---------------------------------------------- */

TEST(l9ctx_Draw_primitive_count_per_level)
{
    static const float c[4] = { 1, 1, 1, 1 };
    static const struct {
        D3D_FEATURE_LEVEL level;
        UINT max;
    } lv[3] = { { D3D_FEATURE_LEVEL_9_1, 65535 }, { D3D_FEATURE_LEVEL_9_2, 1048575 },
                { D3D_FEATURE_LEVEL_9_3, 1048575 } };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[3];
    char want[160];
    v[0] = vert(-1, 1, 0, c);
    v[1] = vert(1, 1, 0, c);
    v[2] = vert(-1, -1, 0, c);
    for (int i = 0; i < 3; i++) {
        RD_BEGIN(&r, lv[i].level, 8, 8);
        rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 3, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
        /* max + 1 points: refused; max points (fetching past the buffer: zeros) accepted for
         * the small level */
        snprintf(want, sizeof(want), "Draw: %u primitives exceed %u at feature level %s "
                 "(10Level9 context reference)", lv[i].max + 1, lv[i].max,
                 i == 0 ? "9_1" : i == 1 ? "9_2" : "9_3");
        REFUSED(ID3D11DeviceContext_Draw(r.ctx, lv[i].max + 1, 0), want);
        if (i == 0)
            ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, lv[i].max, 0));
        ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
        /* a strip of n vertices has n - 2 triangles */
        ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, i == 0 ? 65537 : 3, 0));
        REFUSED(ID3D11DeviceContext_Draw(r.ctx, lv[i].max + 3, 0), "primitives exceed");
        rd_pipe_end(&p);
        rd_end(&r);
    }
}

TEST(l9ctx_DrawIndexed_index_value_limit_per_level)
{
    static const float c[4] = { 1, 1, 1, 1 };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[3];
    v[0] = vert(-1, 1, 0, c);
    v[1] = vert(1, 1, 0, c);
    v[2] = vert(-1, -1, 0, c);
    for (int i = 0; i < 3; i++) {
        static const D3D_FEATURE_LEVEL levels[3] = { D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2,
                                                     D3D_FEATURE_LEVEL_9_3 };
        const uint32_t max = i == 0 ? 65534 : 1048575;
        const uint32_t ok[3] = { 0, 1, max }, bad[3] = { 0, 1, max + 1 };
        RD_BEGIN(&r, levels[i], 8, 8);
        rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 3, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        bool r32 = i > 0;
        ID3D11Buffer *ib_ok, *ib_bad;
        if (r32) {
            ib_ok = rd_buffer(r.dev, D3D11_BIND_INDEX_BUFFER, ok, sizeof(ok));
            ib_bad = rd_buffer(r.dev, D3D11_BIND_INDEX_BUFFER, bad, sizeof(bad));
        } else {
            const uint16_t ok16[3] = { 0, 1, (uint16_t)max }, bad16[3] = { 0, 1, 0xffff };
            ib_ok = rd_buffer(r.dev, D3D11_BIND_INDEX_BUFFER, ok16, sizeof(ok16));
            ib_bad = rd_buffer(r.dev, D3D11_BIND_INDEX_BUFFER, bad16, sizeof(bad16));
        }
        DXGI_FORMAT f = r32 ? DXGI_FORMAT_R32_UINT : DXGI_FORMAT_R16_UINT;
        ID3D11DeviceContext_IASetIndexBuffer(r.ctx, ib_ok, f, 0);
        ACCEPTED(ID3D11DeviceContext_DrawIndexed(r.ctx, 3, 0, 0));  /* index max: fetches 0 */
        ID3D11DeviceContext_IASetIndexBuffer(r.ctx, ib_bad, f, 0);
        REFUSED(ID3D11DeviceContext_DrawIndexed(r.ctx, 3, 0, 0), "exceeds");
        ACCEPTED(ID3D11DeviceContext_DrawIndexed(r.ctx, 2, 0, 0));  /* the bad one not read */
        RD_RELEASE(ib_bad);
        RD_RELEASE(ib_ok);
        rd_pipe_end(&p);
        rd_end(&r);
    }
}

TEST(l9ctx_refused_methods_at_every_level)
{
    static const D3D_FEATURE_LEVEL levels[3] = { D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2,
                                                 D3D_FEATURE_LEVEL_9_3 };
    struct rd r;
    for (int i = 0; i < 3; i++) {
        RD_BEGIN(&r, levels[i], 4, 4);
        ID3D11Buffer *b = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, NULL, 64);
        REFUSED(ID3D11DeviceContext_DrawAuto(r.ctx), "DrawAuto: not supported at feature level");
        REFUSED(ID3D11DeviceContext_DrawInstancedIndirect(r.ctx, b, 0),
                "DrawInstancedIndirect: not supported at feature level");
        REFUSED(ID3D11DeviceContext_DrawIndexedInstancedIndirect(r.ctx, b, 0),
                "DrawIndexedInstancedIndirect: not supported at feature level");
        REFUSED(ID3D11DeviceContext_Dispatch(r.ctx, 1, 1, 1), "Dispatch: not supported");
        REFUSED(ID3D11DeviceContext_DispatchIndirect(r.ctx, b, 0), "DispatchIndirect: not");
        RD_RELEASE(b);
        rd_end(&r);
    }
}

TEST(l9ctx_constant_count_limits)
{
    static const char ps33[] =
        L9_PS_91 "ps_4_0_level_9_1\ndcl_constantbuffer cb0[33], immediateIndexed\n"
        "dcl_output o0.xyzw\nmov o0.xyzw, cb0[32].xyzw\nret\n";
    static const char ps32[] =
        L9_PS_91 "ps_4_0_level_9_1\ndcl_constantbuffer cb0[32], immediateIndexed\n"
        "dcl_output o0.xyzw\nmov o0.xyzw, cb0[31].xyzw\nret\n";
    static const char vs256[] =
        L9_VS_91 "vs_4_0_level_9_1\ndcl_constantbuffer cb0[256], immediateIndexed\n"
        "dcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"
        "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, cb0[255].xyzw\nret\n";
    static const float c[4] = { 1, 1, 1, 1 };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[3];
    v[0] = vert(-1, 1, 0, c);
    v[1] = vert(1, 1, 0, c);
    v[2] = vert(-1, -1, 0, c);
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 4, 4);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, ps33, v, 3, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    REFUSED(ID3D11DeviceContext_Draw(r.ctx, 3, 0),
            "Draw: the pixel shader uses 33 constants, more than 32 at feature level 9_1 "
            "(10Level9 context reference)");
    ID3D11PixelShader *ok = rd_ps(r.dev, ps32);
    ID3D11DeviceContext_PSSetShader(r.ctx, ok, NULL, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 3, 0));   /* unbound cb0 reads 0 */
    ID3D11VertexShader *big = rd_vs(r.dev, vs256);
    ID3D11DeviceContext_VSSetShader(r.ctx, big, NULL, 0);
    REFUSED(ID3D11DeviceContext_Draw(r.ctx, 3, 0),
            "the vertex shader uses 256 constants, more than 255");
    RD_RELEASE(big);
    RD_RELEASE(ok);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* Missing bindings: refused where D3D11 calls it an error, zeros where it defines zeros. */
TEST(render_missing_bindings)
{
    static const float c[4] = { 1, 1, 1, 1 };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    uint8_t img[8 * 8 * 4];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 8, 8);
    rd_quad(v, 0.0f, c, c, c, c);
    REFUSED(ID3D11DeviceContext_Draw(r.ctx, 6, 0), "Draw: no primitive topology is set");
    ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    REFUSED(ID3D11DeviceContext_Draw(r.ctx, 6, 0), "Draw: no vertex shader is bound");
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_IASetInputLayout(r.ctx, NULL);
    REFUSED(ID3D11DeviceContext_Draw(r.ctx, 6, 0),
            "Draw: no input layout is bound: the vertex shader reads TEXCOORD0 (v0)");
    ID3D11DeviceContext_IASetInputLayout(r.ctx, p.layout);
    REFUSED(ID3D11DeviceContext_DrawIndexed(r.ctx, 6, 0, 0), "DrawIndexed: no index buffer");

    /* no vertex buffer: every element reads 0 (8.20), the triangles are degenerate */
    ID3D11Buffer *none = NULL;
    UINT stride = 0, offset = 0;
    ID3D11DeviceContext_IASetVertexBuffers(r.ctx, 0, 1, &none, &stride, &offset);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    rd_read(&r, img);
    CHECK_EQ(count_red(&r, img, 0), 64);

    /* a layout without the shader's second input */
    static const D3D11_INPUT_ELEMENT_DESC one = { "TEXCOORD", 0, DXGI_FORMAT_R32G32B32A32_FLOAT,
                                                  0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0 };
    ID3D11InputLayout *il1 = rd_layout(r.dev, &one, 1, VS_POS);
    ID3D11DeviceContext_IASetInputLayout(r.ctx, il1);
    REFUSED(ID3D11DeviceContext_Draw(r.ctx, 6, 0),
            "Draw: input layout mismatch: the vertex shader reads TEXCOORD1 (v1), which the "
            "input layout does not supply");

    /* no pixel shader: depth only, the target is untouched; no render target: nothing */
    ID3D11DeviceContext_IASetInputLayout(r.ctx, p.layout);
    ID3D11DeviceContext_IASetVertexBuffers(r.ctx, 0, 1, &p.vb, &(UINT){ sizeof(struct vtx) },
                                           &offset);
    ID3D11DeviceContext_PSSetShader(r.ctx, NULL, NULL, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    rd_read(&r, img);
    CHECK_EQ(count_red(&r, img, 0), 64);
    ID3D11DeviceContext_PSSetShader(r.ctx, p.ps, NULL, 0);
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 0, NULL, NULL);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    /* no viewport: the default one has all extents 0 (15.6), nothing is drawn */
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &r.rtv, NULL);
    ID3D11DeviceContext_RSSetViewports(r.ctx, 0, NULL);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    rd_read(&r, img);
    CHECK_EQ(count_red(&r, img, 0), 64);
    /* unbound texture and sampler: 0 in every component (7.18.17) */
    rd_viewport(r.ctx, 0, 0, 8, 8);
    ID3D11PixelShader *tex_ps = rd_ps(r.dev, PS_TEX);
    ID3D11DeviceContext_PSSetShader(r.ctx, tex_ps, NULL, 0);
    rd_clear(&r, 1, 1, 1, 1);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    rd_read(&r, img);
    CHECK_EQ(count_red(&r, img, 0), 64);
    CHECK_EQ(RD_PIXEL(img, &r, 3, 3)[3], 0);
    RD_RELEASE(tex_ps);
    RD_RELEASE(il1);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* ---- hostile draws ---------------------------------------------------------------------------- */

TEST(render_hostile_vertices_do_not_crash)
{
    const float nan = NAN, inf = INFINITY;
    static const float c[4] = { 1, 1, 1, 1 };
    const float vals[] = { 0.0f, 1.0f, -1.0f, 0.5f, 1e30f, -1e30f, 3e38f, -3e38f, nan, inf, -inf,
                           1e-30f, -1e-30f, 65536.0f, 1e7f, -2.0f };
    enum { NV = 3 * 400 };
    static struct vtx v[NV];
    struct rd r;
    struct rd_pipe p;
    uint8_t img[64 * 64 * 4];
    uint32_t seed = 99;
    for (int i = 0; i < NV; i++) {
        for (int k = 0; k < 4; k++) {
            seed = seed * 1664525u + 1013904223u;
            v[i].pos[k] = vals[(seed >> 16) % (sizeof(vals) / sizeof(vals[0]))];
            v[i].attr[k] = vals[(seed >> 8) % (sizeof(vals) / sizeof(vals[0]))];
        }
    }
    /* degenerate: three equal vertices, and three on a line */
    v[0] = v[1] = v[2] = vert(0.1f, 0.1f, 0.5f, c);
    v[3] = vert(-1, -1, 0.5f, c);
    v[4] = vert(0, 0, 0.5f, c);
    v[5] = vert(1, 1, 0.5f, c);
    static const D3D11_PRIMITIVE_TOPOLOGY topo[5] = {
        D3D11_PRIMITIVE_TOPOLOGY_POINTLIST, D3D11_PRIMITIVE_TOPOLOGY_LINELIST,
        D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
        D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP };
    static const D3D11_RASTERIZER_DESC wire = { D3D11_FILL_WIREFRAME, D3D11_CULL_NONE, FALSE,
                                                5, 0.0f, 2.0f, TRUE, FALSE, FALSE, FALSE };
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 64, 64);
    ID3D11RasterizerState *rs = NULL;
    CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &wire, &rs), S_OK);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, NV, topo[0]);
    for (int pass = 0; pass < 2; pass++) {
        ID3D11DeviceContext_RSSetState(r.ctx, pass ? rs : NULL);
        for (int t = 0; t < 5; t++) {
            ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, topo[t]);
            ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, NV, 0));
            ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
        }
    }
    rd_read(&r, img);
    /* the degenerate triangles drew nothing of their own; the rest is whatever clipping kept */
    RD_RELEASE(rs);
    rd_pipe_end(&p);
    rd_end(&r);
}

TEST(render_hostile_indices_and_offsets)
{
    static const float c[4] = { 1, 1, 1, 1 };
    static const uint16_t idx[12] = { 0, 1, 2, 60000, 65534, 3, 2, 1, 3, 9, 9, 9 };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[4];
    uint8_t img[8 * 8 * 4];
    v[0] = vert(-1, 1, 0, c);
    v[1] = vert(1, 1, 0, c);
    v[2] = vert(-1, -1, 0, c);
    v[3] = vert(1, -1, 0, c);
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 8, 8);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 4, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11Buffer *ib = rd_buffer(r.dev, D3D11_BIND_INDEX_BUFFER, idx, sizeof(idx));
    ID3D11DeviceContext_IASetIndexBuffer(r.ctx, ib, DXGI_FORMAT_R16_UINT, 0);
    rd_clear(&r, 0, 0, 0, 0);
    /* indices past the vertex buffer fetch 0 (8.19.2); indices past the index buffer are 0;
     * a huge base vertex wraps (8.19.1) */
    ACCEPTED(ID3D11DeviceContext_DrawIndexed(r.ctx, 12, 0, 0));
    rd_read(&r, img);
    CHECK_EQ(RD_PIXEL(img, &r, 1, 1)[0], 255);   /* (0, 1, 2) drew */
    CHECK_EQ(RD_PIXEL(img, &r, 6, 6)[0], 255);   /* (2, 1, 3) drew */
    ACCEPTED(ID3D11DeviceContext_DrawIndexed(r.ctx, 30, 6, 0));
    ACCEPTED(ID3D11DeviceContext_DrawIndexed(r.ctx, 6, 0, 0x7fffffff));
    ACCEPTED(ID3D11DeviceContext_DrawIndexed(r.ctx, 6, 0, -5));
    ACCEPTED(ID3D11DeviceContext_DrawIndexed(r.ctx, 3, 0xfffffff0u, 0));
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0xfffffffeu));
    /* a vertex buffer bound at an offset past its end, with a stride of 0 */
    UINT stride = 0, offset = 4096;
    ID3D11DeviceContext_IASetVertexBuffers(r.ctx, 0, 1, &p.vb, &stride, &offset);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    RD_RELEASE(ib);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* A long indexed strip over few vertices (the post-transform cache deduplicates; the vertex
 * pool and primitive table fill up and flush, keeping the two vertices the strip holds, in
 * whatever order their slots are) draws exactly what the same triangles draw as a plain list:
 * even triangles (i, i+1, i+2), odd ones (i, i+2, i+1) (8.10). */
TEST(render_long_indexed_strip_matches_triangle_list)
{
    enum { NV = 64, NI = 12000 };
    static const D3D11_RASTERIZER_DESC no_cull = { D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0,
                                                   0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE };
    static struct vtx verts[NV], list[3 * (NI - 2)];
    static uint16_t idx[NI];
    static uint8_t a[24 * 24 * 4], b[24 * 24 * 4];
    uint32_t seed = 7;
    struct rd r;
    struct rd_pipe p;
    UINT64 na = 0, nb = 0;
    for (int i = 0; i < NV; i++) {
        float f[6];
        for (int k = 0; k < 6; k++) {
            seed = seed * 1664525u + 1013904223u;
            f[k] = (float)(seed >> 8) / 16777216.0f;
        }
        const float attr[4] = { f[2], f[3], f[4], 1.0f };
        verts[i] = vert(f[0] * 2.2f - 1.1f, f[1] * 2.2f - 1.1f, f[5], attr);
    }
    for (int i = 0; i < NI; i++) {
        seed = seed * 1664525u + 1013904223u;
        idx[i] = (uint16_t)((seed >> 10) % NV);
    }
    /* At the end of every 256-position window (the pipeline's window today) the strip holds
     * index 6, first seen last, then index 5, seen first: their slots are in reverse order. */
    for (int w = 0; w + 256 <= NI; w += 256) {
        for (int i = w; i < w + 256; i++)
            if (idx[i] == 6)
                idx[i] = 7;
        idx[w] = 5;
        idx[w + 254] = 6;
        idx[w + 255] = 5;
    }
    for (int i = 0; i + 2 < NI; i++) {
        int o = (i & 1) ? 1 : 0;
        list[3 * i + 0] = verts[idx[i]];
        list[3 * i + 1] = verts[idx[i + 1 + o]];
        list[3 * i + 2] = verts[idx[i + 2 - o]];
    }
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_2, 24, 24);
    ID3D11RasterizerState *rs = NULL;
    CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &no_cull, &rs), S_OK);
    ID3D11DeviceContext_RSSetState(r.ctx, rs);
    D3D11_QUERY_DESC qd = { D3D11_QUERY_OCCLUSION, 0 };
    ID3D11Query *q = NULL;
    CHECK_HR(ID3D11Device_CreateQuery(r.dev, &qd, &q), S_OK);

    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, verts, NV,
                  D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ID3D11Buffer *ib = rd_buffer(r.dev, D3D11_BIND_INDEX_BUFFER, idx, sizeof(idx));
    ID3D11DeviceContext_IASetIndexBuffer(r.ctx, ib, DXGI_FORMAT_R16_UINT, 0);
    rd_clear(&r, 0, 0, 0, 0);
    ID3D11DeviceContext_Begin(r.ctx, (ID3D11Asynchronous *)q);
    ACCEPTED(ID3D11DeviceContext_DrawIndexed(r.ctx, NI, 0, 0));
    ID3D11DeviceContext_End(r.ctx, (ID3D11Asynchronous *)q);
    CHECK_HR(ID3D11DeviceContext_GetData(r.ctx, (ID3D11Asynchronous *)q, &na, sizeof(na), 0),
             S_OK);
    rd_read(&r, a);
    RD_RELEASE(ib);
    rd_pipe_end(&p);

    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, list, 3 * (NI - 2),
                  D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    rd_clear(&r, 0, 0, 0, 0);
    ID3D11DeviceContext_Begin(r.ctx, (ID3D11Asynchronous *)q);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 3 * (NI - 2), 0));
    ID3D11DeviceContext_End(r.ctx, (ID3D11Asynchronous *)q);
    CHECK_HR(ID3D11DeviceContext_GetData(r.ctx, (ID3D11Asynchronous *)q, &nb, sizeof(nb), 0),
             S_OK);
    rd_read(&r, b);
    CHECK(!memcmp(a, b, sizeof(a)));
    CHECK_EQ(na, nb);
    CHECK(na > 10000);
    RD_RELEASE(q);
    RD_RELEASE(rs);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* More distinct shaders than the program cache holds: each draw still runs its own program. */
TEST(render_many_shaders_through_the_program_cache)
{
    static const float c[4] = { 0, 0, 0, 0 };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    uint8_t img[4 * 4 * 4];
    char text[512];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 4, 4);
    rd_quad(v, 0.0f, c, c, c, c);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    for (int i = 0; i < 150; i++) {
        snprintf(text, sizeof(text), L9_PS_91 "ps_4_0_level_9_1\ndcl_output o0.xyzw\n"
                 "mov o0.xyzw, l(%.9e, 0, 0, 1.0)\nret\n", i / 255.0);
        ID3D11PixelShader *ps = rd_ps(r.dev, text);
        ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
        ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
        rd_read(&r, img);
        CHECK_EQ(img[0], i);
        RD_RELEASE(ps);
    }
    rd_pipe_end(&p);
    rd_end(&r);
}

/* Depth bias (15.10): D16 has r = 1 / 65535; a second quad at the same z fails LESS, but with
 * DepthBias -2 it is nearer by 2 r and passes everywhere. */
TEST(render_depth_bias_d16)
{
    static const float c[4] = { 1, 1, 1, 1 };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    UINT64 n = 1;
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_3, 8, 8);
    rd_quad(v, 0.5f, c, c, c, c);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11Texture2D *dt = rd_texture(r.dev, 8, 8, DXGI_FORMAT_D16_UNORM, D3D11_BIND_DEPTH_STENCIL,
                                     NULL, 0);
    ID3D11DepthStencilView *dsv = NULL;
    CHECK_HR(ID3D11Device_CreateDepthStencilView(r.dev, (ID3D11Resource *)dt, NULL, &dsv), S_OK);
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &r.rtv, dsv);
    ID3D11DeviceContext_ClearDepthStencilView(r.ctx, dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
    D3D11_QUERY_DESC qd = { D3D11_QUERY_OCCLUSION, 0 };
    ID3D11Query *q = NULL;
    CHECK_HR(ID3D11Device_CreateQuery(r.dev, &qd, &q), S_OK);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    ID3D11DeviceContext_Begin(r.ctx, (ID3D11Asynchronous *)q);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    ID3D11DeviceContext_End(r.ctx, (ID3D11Asynchronous *)q);
    CHECK_HR(ID3D11DeviceContext_GetData(r.ctx, (ID3D11Asynchronous *)q, &n, sizeof(n), 0), S_OK);
    CHECK_EQ(n, 0);
    D3D11_RASTERIZER_DESC bias = { D3D11_FILL_SOLID, D3D11_CULL_BACK, FALSE, -2, 0.0f, 0.0f,
                                   TRUE, FALSE, FALSE, FALSE };
    ID3D11RasterizerState *rs = NULL;
    CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &bias, &rs), S_OK);
    ID3D11DeviceContext_RSSetState(r.ctx, rs);
    ID3D11DeviceContext_Begin(r.ctx, (ID3D11Asynchronous *)q);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    ID3D11DeviceContext_End(r.ctx, (ID3D11Asynchronous *)q);
    CHECK_HR(ID3D11DeviceContext_GetData(r.ctx, (ID3D11Asynchronous *)q, &n, sizeof(n), 0), S_OK);
    CHECK_EQ(n, 64);
    RD_RELEASE(rs);
    RD_RELEASE(q);
    RD_RELEASE(dsv);
    RD_RELEASE(dt);
    rd_pipe_end(&p);
    rd_end(&r);
}
