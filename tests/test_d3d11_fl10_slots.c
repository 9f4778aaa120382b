/* tests/test_d3d11_fl10_slots.c — every shader-resource slot of every stage at 10_0+ (issue 11:
 * D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT 128 views and 16 samplers per stage): a pixel
 * shader reading t17 and t127 with s15, a vertex shader sampling t100 with s15 and asking its
 * size (resinfo) and a texel (ld) -- the slots past the first 16 (pixel) and 4 (vertex) that
 * earlier read 0 or were refused.  Exact bytes. */
#include "test_render_util.h"

static const D3D_FEATURE_LEVEL L100 = D3D_FEATURE_LEVEL_10_0;

/* 2x2 R8G8B8A8: (0,0) 10,20,30,40  (1,0) 200,0,0,255  (0,1) 0,77,0,255  (1,1) 1,2,3,4 */
static const uint8_t texels[2][2][4] = { { { 10, 20, 30, 40 }, { 200, 0, 0, 255 } },
                                         { { 0, 77, 0, 255 }, { 1, 2, 3, 4 } } };

static ID3D11SamplerState *point_sampler(ID3D11Device *dev)
{
    D3D11_SAMPLER_DESC sd = { D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                              D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                              D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    ID3D11SamplerState *s = NULL;
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &sd, &s), S_OK);
    return s;
}

#define VS4_POS "vs_4_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, v0.xyzw\nret\n"
/* ld of texel (1, 0) of t`n` */
#define PS4_LD(n)                                                                                \
    "ps_4_0\ndcl_resource_texture2d (float,float,float,float) t" #n "\ndcl_output o0.xyzw\n"      \
    "ld o0.xyzw, l(1, 0, 0, 0), t" #n ".xyzw\nret\n"
/* sample of t127 with s15 at texel (0, 1)'s centre */
#define PS4_SAMPLE_127                                                                           \
    "ps_4_0\ndcl_sampler s15, mode_default\n"                                                    \
    "dcl_resource_texture2d (float,float,float,float) t127\ndcl_output o0.xyzw\n"               \
    "sample o0.xyzw, l(0.25, 0.75, 0, 0), t127.xyzw, s15\nret\n"

static void draw_read(struct rd *r, const char *vs, const char *ps, uint8_t *img)
{
    static const float z[4] = { 0, 0, 0, 0 };
    struct rd_pipe p;
    struct vtx v[6];
    rd_quad(v, 0.0f, z, z, z, z);
    rd_pipe_begin(r, &p, vs, ps, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    rd_clear(r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r->ctx, 6, 0));
    rd_read(r, img);
    rd_pipe_end(&p);
}

TEST(fl10_pixel_shader_slots_past_16)
{
    struct rd r;
    uint8_t img[4 * 4 * 4];
    if (!rd_begin_profile(&r, "10_0", L100, 4, 4)) {
        rd_end(&r);
        return;
    }
    ID3D11Texture2D *t = rd_texture(r.dev, 2, 2, DXGI_FORMAT_R8G8B8A8_UNORM,
                                    D3D11_BIND_SHADER_RESOURCE, texels, 8);
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *smp = point_sampler(r.dev);
    if (t)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, NULL, &srv),
                 S_OK);
    if (srv && smp) {
        ID3D11DeviceContext_PSSetShaderResources(r.ctx, 17, 1, &srv);
        draw_read(&r, VS4_POS, PS4_LD(17), img);
        CHECK(!memcmp(img, texels[0][1], 4));
        ID3D11DeviceContext_PSSetShaderResources(r.ctx, 127, 1, &srv);
        ID3D11DeviceContext_PSSetSamplers(r.ctx, 15, 1, &smp);
        draw_read(&r, VS4_POS, PS4_LD(127), img);
        CHECK(!memcmp(img + 15 * 4, texels[0][1], 4));
        draw_read(&r, VS4_POS, PS4_SAMPLE_127, img);
        CHECK(!memcmp(img, texels[1][0], 4));
        /* the slot unbound again reads 0 (7.18.17) */
        ID3D11ShaderResourceView *none = NULL;
        ID3D11DeviceContext_PSSetShaderResources(r.ctx, 127, 1, &none);
        draw_read(&r, VS4_POS, PS4_LD(127), img);
        CHECK_EQ(img[0], 0);
        CHECK_EQ(img[3], 0);
    }
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(smp);
    RD_RELEASE(srv);
    RD_RELEASE(t);
    rd_end(&r);
}

/* o1 = (sample_l(t100, s15, texel (1,0)).x, ld(t100, (0,1)).y, resinfo(t100).x / 255, 1) */
#define VS4_T100                                                                                 \
    "vs_4_0\ndcl_sampler s15, mode_default\n"                                                    \
    "dcl_resource_texture2d (float,float,float,float) t100\n"                                   \
    "dcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_temps 3\n"    \
    "mov o0.xyzw, v0.xyzw\n"                                                                     \
    "sample_l r0.xyzw, l(0.75, 0.25, 0, 0), t100.xyzw, s15, l(0.0)\n"                           \
    "ld r1.xyzw, l(0, 1, 0, 0), t100.xyzw\n"                                                     \
    "resinfo_uint r2.xyzw, l(0), t100.xyzw\nutof r2.x, r2.x\n"                                   \
    "mul r2.x, r2.x, l(0.00392156886)\n"                                                         \
    "mov o1.x, r0.x\nmov o1.y, r1.y\nmov o1.z, r2.x\nmov o1.w, l(1.0)\nret\n"
#define PS4_PASS "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v1.xyzw\nret\n"

TEST(fl10_vertex_shader_slots_past_4)
{
    struct rd r;
    uint8_t img[4 * 4 * 4];
    if (!rd_begin_profile(&r, "10_0", L100, 4, 4)) {
        rd_end(&r);
        return;
    }
    ID3D11Texture2D *t = rd_texture(r.dev, 2, 2, DXGI_FORMAT_R8G8B8A8_UNORM,
                                    D3D11_BIND_SHADER_RESOURCE, texels, 8);
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *smp = point_sampler(r.dev);
    if (t)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, NULL, &srv),
                 S_OK);
    if (srv && smp) {
        ID3D11DeviceContext_VSSetShaderResources(r.ctx, 100, 1, &srv);
        ID3D11DeviceContext_VSSetSamplers(r.ctx, 15, 1, &smp);
        draw_read(&r, VS4_T100, PS4_PASS, img);
        for (int i = 0; i < 16; i++) {
            CHECK_EQ(img[i * 4], 200);   /* sample_l of texel (1, 0) */
            CHECK_EQ(img[i * 4 + 1], 77);   /* ld of texel (0, 1) */
            CHECK_EQ(img[i * 4 + 2], 2);    /* resinfo: width 2 */
            CHECK_EQ(img[i * 4 + 3], 255);
        }
    }
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(smp);
    RD_RELEASE(srv);
    RD_RELEASE(t);
    rd_end(&r);
}
