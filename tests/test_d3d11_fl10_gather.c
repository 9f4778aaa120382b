/* tests/test_d3d11_fl10_gather.c — feature level 10_1 (issue 11, third step): gather4 on
 * ordinary (not tiled) textures -- the 2x2 bilinear footprint of level 0, red components, in
 * the order (u0,v1), (u1,v1), (u1,v0), (u0,v0); with immediate offsets, addressing modes, an
 * array slice and a cube face -- and CheckFormatSupport's SHADER_GATHER bit, exact bits. */
#include "test_render_util.h"

static const D3D_FEATURE_LEVEL L100 = D3D_FEATURE_LEVEL_10_0, L101 = D3D_FEATURE_LEVEL_10_1;

#define VS4_PASS                                                                                 \
    "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"           \
    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"

/* gather4 of t0 (declared `dim`) at v1 with `op` (gather4 or gather4_aoffimmi(...)) */
#define PS41_GATHER(dim, op, coord)                                                              \
    "ps_4_1\ndcl_sampler s0, mode_default\n"                                                     \
    "dcl_resource_" dim " (float,float,float,float) t0\n"                                        \
    "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n" op " o0.xyzw, " coord                    \
    ", t0.xyzw, s0.x\nret\n"

static ID3D11SamplerState *sampler(ID3D11Device *dev, D3D11_TEXTURE_ADDRESS_MODE mode)
{
    D3D11_SAMPLER_DESC sd = { D3D11_FILTER_MIN_MAG_MIP_LINEAR, mode, mode, mode, 0, 1,
                              D3D11_COMPARISON_NEVER, { 0.6f, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    ID3D11SamplerState *s = NULL;
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &sd, &s), S_OK);
    return s;
}

/* One draw of `ps` over a 1x1 target with the attribute a (constant), t0 = srv, s0 = smp; the
 * pixel's four bytes. */
static void gather_draw(struct rd *r, const char *ps, const float a[4],
                        ID3D11ShaderResourceView *srv, ID3D11SamplerState *smp, uint8_t out[4])
{
    struct rd_pipe p;
    struct vtx v[6];
    rd_quad(v, 0.0f, a, a, a, a);
    rd_pipe_begin(r, &p, VS4_PASS, ps, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_PSSetShaderResources(r->ctx, 0, 1, &srv);
    ID3D11DeviceContext_PSSetSamplers(r->ctx, 0, 1, &smp);
    rd_clear(r, 0.2f, 0.2f, 0.2f, 0.2f);
    ACCEPTED(ID3D11DeviceContext_Draw(r->ctx, 6, 0));
    rd_read(r, out);
    rd_pipe_end(&p);
}

static void check_px(const uint8_t got[4], uint8_t x, uint8_t y, uint8_t z, uint8_t w, int line)
{
    if (got[0] != x || got[1] != y || got[2] != z || got[3] != w)
        harness_fail(__FILE__, line, "gathered %u %u %u %u, want %u %u %u %u", got[0], got[1],
                     got[2], got[3], x, y, z, w);
}

TEST(fl10_gather4_texture2d)
{
    struct rd r;
    /* 2x2 R8G8B8A8: red 10 20 / 30 40 (green differs, which gather4 of red never shows) */
    static const uint8_t texels[2][2][4] = { { { 10, 99, 0, 0 }, { 20, 99, 0, 0 } },
                                             { { 30, 99, 0, 0 }, { 40, 99, 0, 0 } } };
    ID3D11Texture2D *t = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *clamp = NULL, *wrap = NULL, *border = NULL;
    uint8_t px[4];
    UINT bits = 0;
    if (!rd_begin_profile(&r, "10_1", L101, 1, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CheckFormatSupport(r.dev, DXGI_FORMAT_R8_UNORM, &bits), S_OK);
    CHECK(bits & D3D11_FORMAT_SUPPORT_SHADER_GATHER);
    t = rd_texture(r.dev, 2, 2, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE, texels,
                   8);
    clamp = sampler(r.dev, D3D11_TEXTURE_ADDRESS_CLAMP);
    wrap = sampler(r.dev, D3D11_TEXTURE_ADDRESS_WRAP);
    border = sampler(r.dev, D3D11_TEXTURE_ADDRESS_BORDER);
    if (!t || !clamp || !wrap || !border)
        goto done;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, NULL, &srv), S_OK);
    {
        static const float centre[4] = { 0.5f, 0.5f, 0, 0 };
        static const float corner[4] = { 0.0f, 0.0f, 0, 0 };   /* texels -1 and 0 */
        /* the footprint at the centre: all four texels */
        gather_draw(&r, PS41_GATHER("texture2d", "gather4", "v1.xyxx"), centre, srv, clamp, px);
        check_px(px, 30, 40, 20, 10, __LINE__);
        /* at (0, 0): columns/rows -1 and 0; clamp repeats texel 0, wrap takes texel 1 */
        gather_draw(&r, PS41_GATHER("texture2d", "gather4", "v1.xyxx"), corner, srv, clamp, px);
        check_px(px, 10, 10, 10, 10, __LINE__);
        gather_draw(&r, PS41_GATHER("texture2d", "gather4", "v1.xyxx"), corner, srv, wrap, px);
        check_px(px, 20, 10, 30, 40, __LINE__);
        /* border: the border colour's red (0.6 -> 153) for the texels outside */
        gather_draw(&r, PS41_GATHER("texture2d", "gather4", "v1.xyxx"), corner, srv, border, px);
        check_px(px, 153, 10, 153, 153, __LINE__);
        /* an immediate offset of one texel right: columns 1 and 2 (clamped to 1) */
        gather_draw(&r, PS41_GATHER("texture2d", "gather4_aoffimmi(1,0,0)", "v1.xyxx"), centre,
                    srv, clamp, px);
        check_px(px, 40, 40, 20, 20, __LINE__);
    }
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(srv);
    RD_RELEASE(border);
    RD_RELEASE(wrap);
    RD_RELEASE(clamp);
    RD_RELEASE(t);
    rd_end(&r);
}

/* An array slice (the array coordinate selects it, as sampling does) and a cube face. */
TEST(fl10_gather4_array_and_cube)
{
    struct rd r;
    uint8_t slices[6][2][2][4], px[4];
    D3D11_SUBRESOURCE_DATA init[6];
    D3D11_TEXTURE2D_DESC d = { 2, 2, 1, 6, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    ID3D11Texture2D *arr = NULL, *cube = NULL;
    ID3D11ShaderResourceView *asrv = NULL, *csrv = NULL;
    ID3D11SamplerState *clamp = NULL;
    /* slice s: red 10s+1, 10s+2 / 10s+3, 10s+4 */
    memset(slices, 0, sizeof(slices));
    for (int s = 0; s < 6; s++) {
        for (int k = 0; k < 4; k++)
            slices[s][k >> 1][k & 1][0] = (uint8_t)(10 * s + k + 1);
        init[s] = (D3D11_SUBRESOURCE_DATA){ slices[s], 8, 0 };
    }
    if (!rd_begin_profile(&r, "10_1", L101, 1, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &d, init, &arr), S_OK);
    d.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &d, init, &cube), S_OK);
    clamp = sampler(r.dev, D3D11_TEXTURE_ADDRESS_CLAMP);
    if (!arr || !cube || !clamp)
        goto done;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)arr, NULL, &asrv),
             S_OK);
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)cube, NULL, &csrv),
             S_OK);
    {
        static const float a[4] = { 0.5f, 0.5f, 3.4f, 0 };   /* slice 3 */
        gather_draw(&r, PS41_GATHER("texture2darray", "gather4", "v1.xyzx"), a, asrv, clamp, px);
        check_px(px, 33, 34, 32, 31, __LINE__);
    }
    {
        /* +Z (face 4) straight on: the centre of the face, all four texels */
        static const float dir[4] = { 0.0f, 0.0f, 1.0f, 0 };
        gather_draw(&r, PS41_GATHER("texturecube", "gather4", "v1.xyzx"), dir, csrv, clamp, px);
        check_px(px, 43, 44, 42, 41, __LINE__);
    }
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(csrv);
    RD_RELEASE(asrv);
    RD_RELEASE(clamp);
    RD_RELEASE(cube);
    RD_RELEASE(arr);
    rd_end(&r);
}

/* 10_0 claims no gather4 (shader model 4.1's), and its programs cannot contain it. */
TEST(fl10_gather4_not_at_10_0)
{
    struct rd r;
    UINT bits = 0;
    if (!rd_begin_profile(&r, "10_0", L100, 1, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CheckFormatSupport(r.dev, DXGI_FORMAT_R8_UNORM, &bits), S_OK);
    CHECK(!(bits & D3D11_FORMAT_SUPPORT_SHADER_GATHER));
    {
        size_t n;
        void *blob = rd_assemble(PS41_GATHER("texture2d", "gather4", "v1.xyxx"), &n);
        ID3D11PixelShader *ps = (ID3D11PixelShader *)(uintptr_t)1;
        if (blob)
            CHECK_HR(ID3D11Device_CreatePixelShader(r.dev, blob, n, NULL, &ps), E_INVALIDARG);
        CHECK(ps == NULL);
        free(blob);
    }
    rd_end(&r);
}

/* ---- lod (ps_4_1, CalculateLevelOfDetail) on an ordinary texture ---------------------------- */

/* (clamped LOD, unclamped LOD) / 8 of t0 at v1.xy */
#define PS41_LOD                                                                                 \
    "ps_4_1\ndcl_sampler s0, mode_default\n"                                                     \
    "dcl_resource_texture2d (float,float,float,float) t0\n"                                      \
    "dcl_input_ps linear v1.xy\ndcl_output o0.xyzw\ndcl_temps 1\n"                               \
    "lod r0.xy, v1.xyxx, t0.xyzw, s0\nmul o0.xy, r0.xyxx, l(0.125, 0.125, 0, 0)\n"               \
    "mov o0.zw, l(0, 0, 0, 1.0)\nret\n"

/* An 8x8 texture of 4 mips over an 8x8 target with u, v running 0..k: one pixel is k texels of
 * level 0, LOD log2(k) (7.18.11); the sampler's MaxLOD 1.5 clamps x, not y (22.4.9).  Exact:
 * the derivatives are k/8 per pixel, powers of two. */
TEST(fl10_lod_texture2d)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    uint8_t img[8 * 8 * 4];
    ID3D11Texture2D *t = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *smp = NULL;
    if (!rd_begin_profile(&r, "10_1", L101, 8, 8)) {
        rd_end(&r);
        return;
    }
    D3D11_TEXTURE2D_DESC d;
    memset(&d, 0, sizeof(d));
    d.Width = d.Height = 8;
    d.MipLevels = 4;
    d.ArraySize = 1;
    d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    d.SampleDesc.Count = 1;
    d.Usage = D3D11_USAGE_DEFAULT;
    d.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &d, NULL, &t), S_OK);
    D3D11_SAMPLER_DESC sd = { D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_WRAP,
                              D3D11_TEXTURE_ADDRESS_WRAP, D3D11_TEXTURE_ADDRESS_WRAP, 0, 1,
                              D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0, 1.5f };
    CHECK_HR(ID3D11Device_CreateSamplerState(r.dev, &sd, &smp), S_OK);
    if (t)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, NULL, &srv),
                 S_OK);
    static const float ks[4] = { 1, 2, 4, 8 };
    static const uint8_t want[4][2] = { { 0, 0 }, { 32, 32 }, { 48, 64 }, { 48, 96 } };
    for (int i = 0; srv && smp && i < 4; i++) {
        const float a0[4] = { 0, 0, 0, 0 }, a1[4] = { ks[i], 0, 0, 0 }, a2[4] = { 0, ks[i], 0, 0 },
                    a3[4] = { ks[i], ks[i], 0, 0 };
        rd_quad(v, 0.0f, a0, a1, a2, a3);
        rd_pipe_begin(&r, &p, VS4_PASS, PS41_LOD, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, &srv);
        ID3D11DeviceContext_PSSetSamplers(r.ctx, 0, 1, &smp);
        rd_clear(&r, 1, 1, 1, 1);
        ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
        rd_read(&r, img);
        rd_pipe_end(&p);
        for (int k = 0; k < 64; k++) {
            CHECK_EQ(img[k * 4], want[i][0]);
            CHECK_EQ(img[k * 4 + 1], want[i][1]);
        }
    }
    RD_RELEASE(srv);
    RD_RELEASE(smp);
    RD_RELEASE(t);
    rd_end(&r);
}
