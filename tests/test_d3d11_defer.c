/* tests/test_d3d11_defer.c — binning across draws on the Direct3D 11 immediate context
 * (pipeline/draw.h draw_desc.deferrable, src/pipeline/draw_defer.c, src/d3d11/context_draw.c):
 * draws wait in the scene and are rasterized together; each test is an exact expectation that
 * fails when a flush point or a copy is missing -- a constant buffer rewritten between two
 * waiting draws (each keeps its own constants), a texture updated between them (the update
 * finishes the first), views released while a draw that reads them waits, an occlusion query
 * counting exactly its own draws -- and a frame of many draws is equal byte for byte with the
 * deferral on and off (draw_debug_set_defer). */
#include "harness.h"
#include "test_render_util.h"

#include "pipeline/draw.h"
#include "util/simd.h"

#define W 64
#define H 32

#define VS10 "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n" \
             "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"
#define PS_CB10 "ps_4_0\ndcl_constantbuffer cb0[1], immediateIndexed\ndcl_output o0.xyzw\n" \
                "mov o0.xyzw, cb0[0].xyzw\nret\n"
#define PS_TEX10 "ps_4_0\ndcl_sampler s0, mode_default\n"                                   \
                 "dcl_resource_texture2d (float,float,float,float) t0\n"                    \
                 "dcl_input_ps linear v1.xy\ndcl_output o0.xyzw\n"                          \
                 "sample o0.xyzw, v1.xyxx, t0.xyzw, s0\nret\n"

static const float white[4] = { 1, 1, 1, 1 };
static const float uv00[4] = { 0, 0, 0, 0 }, uv10[4] = { 1, 0, 0, 0 }, uv01[4] = { 0, 1, 0, 0 },
                   uv11[4] = { 1, 1, 0, 0 };

/* A full-viewport quad drawn into the rectangle (x, y, w, h). */
static void rect_draw(struct rd *r, float x, float y, float w, float h)
{
    rd_viewport(r->ctx, x, y, w, h);
    ID3D11DeviceContext_Draw(r->ctx, 6, 0);
}

static ID3D11Buffer *dynamic_cb(struct rd *r)
{
    D3D11_BUFFER_DESC d = { 16, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER,
                            D3D11_CPU_ACCESS_WRITE, 0, 0 };
    ID3D11Buffer *b = NULL;
    CHECK_HR(ID3D11Device_CreateBuffer(r->dev, &d, NULL, &b), S_OK);
    return b;
}

static void cb_write(struct rd *r, ID3D11Buffer *b, const float c[4])
{
    D3D11_MAPPED_SUBRESOURCE m;
    CHECK_HR(ID3D11DeviceContext_Map(r->ctx, (ID3D11Resource *)b, 0, D3D11_MAP_WRITE_DISCARD, 0,
                                     &m), S_OK);
    if (m.pData)
        memcpy(m.pData, c, 16);
    ID3D11DeviceContext_Unmap(r->ctx, (ID3D11Resource *)b, 0);
}

static bool pixel_is(const uint8_t *img, unsigned x, unsigned y, uint32_t rgba)
{
    const uint8_t *p = img + ((size_t)y * W + x) * 4;
    return p[0] == (rgba >> 24 & 255) && p[1] == (rgba >> 16 & 255) && p[2] == (rgba >> 8 & 255) &&
           p[3] == (rgba & 255);
}

/* Map(WRITE_DISCARD) of the pixel shader's constant buffer between draws does not finish the
 * waiting draws (its contents were copied): every draw keeps the constants it was issued with. */
TEST(d3d11_defer_constant_buffer_per_draw)
{
    static uint8_t img[W * H * 4];
    static struct vtx v[6];
    struct rd r;
    struct rd_pipe p;
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_10_0, W, H);
    rd_quad(v, 0.5f, white, white, white, white);
    rd_pipe_begin(&r, &p, VS10, PS_CB10, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11Buffer *cb = dynamic_cb(&r);
    ID3D11DeviceContext_PSSetConstantBuffers(r.ctx, 0, 1, &cb);
    rd_clear(&r, 0, 0, 0, 0);
    static const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 }, blue[4] = { 0, 0, 1, 1 };
    uint64_t before = draw_debug_defer_count();
    cb_write(&r, cb, red);
    rect_draw(&r, 0, 0, 16, 16);
    cb_write(&r, cb, green);
    rect_draw(&r, 16, 0, 16, 16);
    cb_write(&r, cb, blue);
    rect_draw(&r, 8, 8, 16, 16);   /* over both: drawn last */
    CHECK(draw_debug_defer_count() == before + 3);
    rd_read(&r, img);
    CHECK(pixel_is(img, 2, 2, 0xff0000ffu));
    CHECK(pixel_is(img, 30, 2, 0x00ff00ffu));
    CHECK(pixel_is(img, 12, 12, 0x0000ffffu));
    CHECK(pixel_is(img, 20, 12, 0x0000ffffu));
    CHECK(pixel_is(img, 40, 2, 0x00000000u));
    RD_RELEASE(cb);
    rd_pipe_end(&p);
    rd_end(&r);
}

static ID3D11Texture2D *texture1(struct rd *r, uint32_t rgba, ID3D11ShaderResourceView **srv)
{
    uint8_t t[4] = { (uint8_t)(rgba >> 24), (uint8_t)(rgba >> 16), (uint8_t)(rgba >> 8),
                     (uint8_t)rgba };
    ID3D11Texture2D *tex = rd_texture(r->dev, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                      D3D11_BIND_SHADER_RESOURCE, t, 4);
    *srv = NULL;
    if (tex)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(r->dev, (ID3D11Resource *)tex, NULL, srv),
                 S_OK);
    return tex;
}

/* UpdateSubresource of a texture a waiting draw samples finishes that draw first. */
TEST(d3d11_defer_texture_update_between_draws)
{
    static uint8_t img[W * H * 4];
    static struct vtx v[6];
    struct rd r;
    struct rd_pipe p;
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_10_0, W, H);
    rd_quad(v, 0.5f, uv00, uv10, uv01, uv11);
    rd_pipe_begin(&r, &p, VS10, PS_TEX10, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11ShaderResourceView *srv;
    ID3D11Texture2D *tex = texture1(&r, 0xff0000ffu, &srv);
    ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, &srv);
    rd_clear(&r, 0, 0, 0, 0);
    rect_draw(&r, 0, 0, 16, 16);
    const uint8_t green[4] = { 0, 255, 0, 255 };
    ID3D11DeviceContext_UpdateSubresource(r.ctx, (ID3D11Resource *)tex, 0, NULL, green, 4, 4);
    rect_draw(&r, 32, 0, 16, 16);
    rd_read(&r, img);
    CHECK(pixel_is(img, 4, 4, 0xff0000ffu));
    CHECK(pixel_is(img, 36, 4, 0x00ff00ffu));
    ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, (ID3D11ShaderResourceView *[]){ NULL });
    RD_RELEASE(srv);
    RD_RELEASE(tex);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* A view and its texture unbound and released (the application's last references) while a
 * draw that samples them waits: the context keeps them until the draw is finished (under
 * AddressSanitizer a missing reference reads freed memory). */
TEST(d3d11_defer_release_while_waiting)
{
    static uint8_t img[W * H * 4];
    static struct vtx v[6];
    struct rd r;
    struct rd_pipe p;
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_10_0, W, H);
    /* the plain-C kernels: AddressSanitizer does not see the AVX2 gathers' reads */
    util_simd_force(UTIL_SIMD_C);
    rd_quad(v, 0.5f, uv00, uv10, uv01, uv11);
    rd_pipe_begin(&r, &p, VS10, PS_TEX10, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11ShaderResourceView *srv;
    ID3D11Texture2D *tex = texture1(&r, 0x3366ccffu, &srv);
    ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, &srv);
    rd_clear(&r, 0, 0, 0, 0);
    uint64_t before = draw_debug_defer_count();
    rect_draw(&r, 8, 8, 16, 16);
    CHECK(draw_debug_defer_count() == before + 1);
    ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, (ID3D11ShaderResourceView *[]){ NULL });
    RD_RELEASE(srv);   /* the application's counts reach 0 */
    RD_RELEASE(tex);
    rd_read(&r, img);
    CHECK(pixel_is(img, 12, 12, 0x3366ccffu));
    rd_pipe_end(&p);
    rd_end(&r);
    util_simd_force(-1);
}

/* An occlusion query counts exactly the draws between Begin and End (which do not wait), also
 * with a draw waiting from before Begin. */
TEST(d3d11_defer_occlusion_query)
{
    static struct vtx v[6];
    struct rd r;
    struct rd_pipe p;
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_10_0, W, H);
    rd_quad(v, 0.5f, white, white, white, white);
    rd_pipe_begin(&r, &p, VS10, PS_CB10, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    D3D11_QUERY_DESC qd = { D3D11_QUERY_OCCLUSION, 0 };
    ID3D11Query *q = NULL;
    CHECK_HR(ID3D11Device_CreateQuery(r.dev, &qd, &q), S_OK);
    rect_draw(&r, 0, 0, 10, 10);   /* waits; not counted */
    ID3D11DeviceContext_Begin(r.ctx, (ID3D11Asynchronous *)q);
    uint64_t before = draw_debug_defer_count();
    rect_draw(&r, 20, 4, 8, 4);    /* 32 samples */
    CHECK(draw_debug_defer_count() == before);
    ID3D11DeviceContext_End(r.ctx, (ID3D11Asynchronous *)q);
    UINT64 n = 0;
    CHECK_HR(ID3D11DeviceContext_GetData(r.ctx, (ID3D11Asynchronous *)q, &n, sizeof(n), 0), S_OK);
    CHECK(n == 32);
    RD_RELEASE(q);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* Many overlapping draws, two textures switched and the constant buffer rewritten between
 * them, a texture updated half way: the same bytes with the deferral on and off. */
static void frame(uint8_t *img)
{
    static struct vtx v[6];
    struct rd r;
    struct rd_pipe p, pc;
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_10_0, W, H);
    rd_quad(v, 0.5f, uv00, uv10, uv01, uv11);
    rd_pipe_begin(&r, &pc, VS10, PS_CB10, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    rd_pipe_begin(&r, &p, VS10, PS_TEX10, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11ShaderResourceView *srv[2];
    ID3D11Texture2D *tex[2] = { texture1(&r, 0xc08040ffu, &srv[0]),
                                texture1(&r, 0x2040a0ffu, &srv[1]) };
    ID3D11Buffer *cb = dynamic_cb(&r);
    ID3D11DeviceContext_PSSetConstantBuffers(r.ctx, 0, 1, &cb);
    rd_clear(&r, 0.1f, 0.2f, 0.3f, 1.0f);
    uint32_t rng = 777;
    for (unsigned i = 0; i < 1600; i++) {   /* (some 2700 triangles: a kick, DRAW_DEFER_KICK) */
        rng = rng * 1664525u + 1013904223u;
        float x = (float)(rng >> 8 & 63) - 4, y = (float)(rng >> 16 & 31) - 4;
        float w = 2.0f + (float)(rng >> 24 & 15), h = 2.0f + (float)(rng >> 4 & 7);
        if (i % 3 == 0) {
            float c[4] = { (float)(rng & 255) / 255.0f, (float)(rng >> 3 & 255) / 255.0f,
                           (float)(i & 255) / 255.0f, 1.0f };
            cb_write(&r, cb, c);
            ID3D11DeviceContext_PSSetShader(r.ctx, pc.ps, NULL, 0);
        } else {
            ID3D11DeviceContext_PSSetShader(r.ctx, p.ps, NULL, 0);
            ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, &srv[i & 1]);
        }
        if (i == 1500) {   /* (after the kick) */
            const uint8_t t[4] = { 9, 200, 90, 255 };
            ID3D11DeviceContext_UpdateSubresource(r.ctx, (ID3D11Resource *)tex[1], 0, NULL, t, 4,
                                                  4);
        }
        rect_draw(&r, x, y, w, h);
    }
    rd_read(&r, img);
    ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, (ID3D11ShaderResourceView *[]){ NULL });
    ID3D11DeviceContext_PSSetShader(r.ctx, NULL, NULL, 0);
    for (int k = 0; k < 2; k++) {
        RD_RELEASE(srv[k]);
        RD_RELEASE(tex[k]);
    }
    RD_RELEASE(cb);
    rd_pipe_end(&p);
    rd_pipe_end(&pc);
    rd_end(&r);
}

TEST(d3d11_defer_frame_equals_immediate)
{
    static uint8_t a[W * H * 4], b[W * H * 4];
    uint64_t before = draw_debug_defer_count();
    frame(a);
    CHECK(draw_debug_defer_count() >= before + 1300);   /* (some rectangles fall outside the target) */
    draw_debug_set_defer(false);
    before = draw_debug_defer_count();
    frame(b);
    CHECK(draw_debug_defer_count() == before);
    draw_debug_set_defer(true);
    CHECK(memcmp(a, b, sizeof(a)) == 0);
}
