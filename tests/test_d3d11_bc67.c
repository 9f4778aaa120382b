/* tests/test_d3d11_bc67.c — BC6H and BC7 textures through the D3D11 API at 11_0 (required by
 * the page "Format support for Direct3D Feature Level 11.0 hardware"; refused below 11_0):
 * creation, ld and point sampling of hand-made blocks (their texels are derived by hand in
 * tests/test_texel_bc.c), a mip level, the TYPELESS resource viewed as UF16 and as SF16,
 * UpdateSubresource and CopySubresourceRegion on block boundaries, and the refusals. */
#include "test_render_util.h"

#include "d3d11/format_support.h"
#include "sample/texel.h"

static const D3D_FEATURE_LEVEL L101 = D3D_FEATURE_LEVEL_10_1, L110 = D3D_FEATURE_LEVEL_11_0;

static void put(uint8_t *b, unsigned *pos, unsigned v, unsigned n)
{
    for (unsigned i = 0; i < n; i++, (*pos)++)
        if ((v >> i) & 1)
            b[*pos >> 3] |= (uint8_t)(1u << (*pos & 7));
}

/* BC7 mode 6: texels 0..3 = (255,129,1,255), (0,128,254,0), (120,128,135,120),
 * (239,129,17,239), the others texel 0's (test_texel_bc.c, bc7_mode6_endpoints_...). */
static void bc7_block(uint8_t blk[16])
{
    unsigned p = 0;
    memset(blk, 0, 16);
    put(blk, &p, 1u << 6, 7);
    put(blk, &p, 127, 7), put(blk, &p, 0, 7), put(blk, &p, 64, 7), put(blk, &p, 64, 7);
    put(blk, &p, 0, 7), put(blk, &p, 127, 7), put(blk, &p, 127, 7), put(blk, &p, 0, 7);
    put(blk, &p, 1, 1), put(blk, &p, 0, 1);
    put(blk, &p, 0, 3), put(blk, &p, 15, 4), put(blk, &p, 8, 4), put(blk, &p, 1, 4);
}

/* BC6H mode 11: r0 1023 g0 512 b0 1, r1 511 g1 0 b1 0; texel 0 index 0, texel 1 index 15. */
static void bc6h_block(uint8_t blk[16])
{
    unsigned p = 0;
    memset(blk, 0, 16);
    put(blk, &p, 0x03, 5);
    put(blk, &p, 1023, 10), put(blk, &p, 512, 10), put(blk, &p, 1, 10);
    put(blk, &p, 511, 10), put(blk, &p, 0, 10), put(blk, &p, 0, 10);
    put(blk, &p, 0, 3), put(blk, &p, 15, 4);
}

#define PS_LD                                                                                \
    "ps_4_0\ndcl_input_ps_siv linear noperspective v0.xy, position\ndcl_output o0.xyzw\n"    \
    "dcl_temps 1\ndcl_resource_texture2d (float,float,float,float) t0\n"                     \
    "ftoi r0.xy, v0.xyxx\nmov r0.zw, l(0, 0, 0, 0)\nld r0.xyzw, r0.xyzw, t0.xyzw\n"          \
    "mov o0.xyzw, r0.xyzw\nret\n"

/* Draws a full-target quad with `ps` and the view in t0 (and a point sampler in s0). */
static void draw_with(struct rd *r, const char *ps_text, ID3D11ShaderResourceView *srv)
{
    static const float c[4] = { 0, 0, 0, 0 };
    struct vtx v[6];
    struct rd_pipe p;
    ID3D11SamplerState *smp = NULL;
    D3D11_SAMPLER_DESC sd = { D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                              D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                              D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    rd_quad(v, 0.0f, c, c, c, c);
    rd_pipe_begin(r, &p,
                  "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"
                  "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n",
                  ps_text, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    CHECK_HR(ID3D11Device_CreateSamplerState(r->dev, &sd, &smp), S_OK);
    ID3D11DeviceContext_PSSetSamplers(r->ctx, 0, 1, &smp);
    ID3D11DeviceContext_PSSetShaderResources(r->ctx, 0, 1, &srv);
    ACCEPTED(ID3D11DeviceContext_Draw(r->ctx, 6, 0));
    ID3D11DeviceContext_PSSetShaderResources(r->ctx, 0, 1, &(ID3D11ShaderResourceView *){ NULL });
    RD_RELEASE(smp);
    rd_pipe_end(&p);
}

static void check_px(const uint8_t *img, UINT w, UINT x, UINT y, uint8_t r, uint8_t g, uint8_t b,
                     uint8_t a)
{
    const uint8_t *px = img + (y * w + x) * 4;
    if (px[0] != r || px[1] != g || px[2] != b || px[3] != a)
        harness_fail(__FILE__, __LINE__, "pixel %u,%u: %u %u %u %u, want %u %u %u %u", x, y,
                     px[0], px[1], px[2], px[3], r, g, b, a);
}

/* An 8x4 BC7_UNORM texture (a mode 6 block, then a reserved mode 8 block) read with ld, then
 * block 1 replaced by UpdateSubresource; point sampling of mip 1 of an 8x8 texture. */
TEST(bc7_api_ld_update_mip)
{
    struct rd r;
    uint8_t blocks[32] = { 0 }, img[8 * 8 * 4];
    ID3D11Texture2D *tex = NULL, *tex2 = NULL;
    ID3D11ShaderResourceView *srv = NULL, *srv2 = NULL;
    if (!rd_begin_profile(&r, "11_0", L110, 8, 4)) {
        rd_end(&r);
        return;
    }
    bc7_block(blocks);
    tex = rd_texture(r.dev, 8, 4, DXGI_FORMAT_BC7_UNORM, D3D11_BIND_SHADER_RESOURCE, blocks, 32);
    if (tex)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)tex, NULL, &srv),
                 S_OK);
    if (!srv)
        goto done;
    draw_with(&r, PS_LD, srv);
    rd_read(&r, img);
    check_px(img, 8, 0, 0, 255, 129, 1, 255);
    check_px(img, 8, 1, 0, 0, 128, 254, 0);
    check_px(img, 8, 2, 0, 120, 128, 135, 120);
    check_px(img, 8, 3, 0, 239, 129, 17, 239);
    check_px(img, 8, 3, 3, 255, 129, 1, 255);
    for (UINT y = 0; y < 4; y++)
        for (UINT x = 4; x < 8; x++)
            check_px(img, 8, x, y, 0, 0, 0, 0);   /* mode 8: zeros */
    /* block (1, 0) <- the mode 6 block; a box off the 4x4 grid is refused, nothing written */
    D3D11_BOX box = { 4, 0, 0, 8, 4, 1 }, bad = { 2, 0, 0, 6, 4, 1 };
    util_clear_last_message();
    ID3D11DeviceContext_UpdateSubresource(r.ctx, (ID3D11Resource *)tex, 0, &bad, blocks, 16, 0);
    CHECK_STR_CONTAINS(LAST, "aligned");
    draw_with(&r, PS_LD, srv);
    rd_read(&r, img);
    check_px(img, 8, 4, 0, 0, 0, 0, 0);
    check_px(img, 8, 2, 0, 120, 128, 135, 120);
    ACCEPTED(ID3D11DeviceContext_UpdateSubresource(r.ctx, (ID3D11Resource *)tex, 0, &box, blocks,
                                                   16, 0));
    draw_with(&r, PS_LD, srv);
    rd_read(&r, img);
    check_px(img, 8, 4, 0, 255, 129, 1, 255);
    check_px(img, 8, 6, 0, 120, 128, 135, 120);
    check_px(img, 8, 2, 0, 120, 128, 135, 120);

    /* mip 1 (4x4) of an 8x8 texture, sampled at LOD 1 and 0 */
    D3D11_TEXTURE2D_DESC d = { 8, 8, 2, 1, DXGI_FORMAT_BC7_UNORM, { 1, 0 }, D3D11_USAGE_DEFAULT,
                               D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    uint8_t mip0[64] = { 0 };
    D3D11_SUBRESOURCE_DATA init[2] = { { mip0, 32, 0 }, { blocks, 16, 0 } };
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &d, init, &tex2), S_OK);
    if (tex2)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)tex2, NULL,
                                                       &srv2), S_OK);
    if (srv2) {
        /* sample_l at LOD 1, texel (2, 0) of mip 1's centre: u 2.5/4, v 0.5/4 */
        draw_with(&r,
                  "ps_4_0\ndcl_input_ps_siv linear noperspective v0.xy, position\n"
                  "dcl_output o0.xyzw\ndcl_sampler s0, mode_default\n"
                  "dcl_resource_texture2d (float,float,float,float) t0\n"
                  "sample_l o0.xyzw, l(0.625, 0.125, 0, 0), t0.xyzw, s0, l(1.0)\nret\n",
                  srv2);
        rd_read(&r, img);
        check_px(img, 8, 0, 0, 120, 128, 135, 120);
        check_px(img, 8, 7, 3, 120, 128, 135, 120);
        /* and LOD 0: zeros (mode 8 blocks) */
        draw_with(&r,
                  "ps_4_0\ndcl_input_ps_siv linear noperspective v0.xy, position\n"
                  "dcl_output o0.xyzw\ndcl_sampler s0, mode_default\n"
                  "dcl_resource_texture2d (float,float,float,float) t0\n"
                  "sample_l o0.xyzw, l(0.625, 0.125, 0, 0), t0.xyzw, s0, l(0.0)\nret\n",
                  srv2);
        rd_read(&r, img);
        check_px(img, 8, 0, 0, 0, 0, 0, 0);
    }
    /* CopySubresourceRegion of mip 1's block into block (0, 0) of the 8x4 texture (on block
     * boundaries), then ld: texel (1, 0) of the mode 6 block */
    if (tex2) {
        D3D11_BOX first = { 0, 0, 0, 4, 4, 1 };
        memset(blocks, 0, 16);   /* the first block of the 8x4 texture <- mode 8 first */
        ACCEPTED(ID3D11DeviceContext_UpdateSubresource(r.ctx, (ID3D11Resource *)tex, 0, &first,
                                                       blocks, 16, 0));
        ACCEPTED(ID3D11DeviceContext_CopySubresourceRegion(r.ctx, (ID3D11Resource *)tex, 0, 4, 0,
                                                           0, (ID3D11Resource *)tex2, 1, NULL));
        draw_with(&r, PS_LD, srv);
        rd_read(&r, img);
        check_px(img, 8, 0, 0, 0, 0, 0, 0);
        check_px(img, 8, 5, 0, 0, 128, 254, 0);
    }
done:
    RD_RELEASE(srv2);
    RD_RELEASE(tex2);
    RD_RELEASE(srv);
    RD_RELEASE(tex);
    rd_end(&r);
}

/* One BC6H_TYPELESS texture viewed as UF16 and as SF16: the same bits, different halves. */
TEST(bc6h_api_uf16_sf16_views)
{
    struct rd r;
    uint8_t blk[16], img[4 * 4 * 16];
    ID3D11Texture2D *tex = NULL, *out = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11ShaderResourceView *uf = NULL, *sf = NULL;
    if (!rd_begin_profile(&r, "11_0", L110, 4, 4)) {
        rd_end(&r);
        return;
    }
    bc6h_block(blk);
    tex = rd_texture(r.dev, 4, 4, DXGI_FORMAT_BC6H_TYPELESS, D3D11_BIND_SHADER_RESOURCE, blk, 16);
    out = rd_texture(r.dev, 4, 4, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_BIND_RENDER_TARGET, NULL,
                     0);
    if (!tex || !out)
        goto done;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)out, NULL, &rtv), S_OK);
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    memset(&sd, 0, sizeof(sd));
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
    sd.Texture2D.MipLevels = 1;
    sd.Format = DXGI_FORMAT_BC6H_UF16;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)tex, &sd, &uf), S_OK);
    sd.Format = DXGI_FORMAT_BC6H_SF16;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)tex, &sd, &sf), S_OK);
    sd.Format = DXGI_FORMAT_BC7_UNORM;   /* another family: refused */
    ID3D11ShaderResourceView *bad = NULL;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)tex, &sd, &bad),
             E_INVALIDARG);
    CHECK(bad == NULL);
    if (!rtv || !uf || !sf)
        goto done;
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &rtv, NULL);
    float px[4];
    /* UF16: texel 0 = (0x7bff, 0x3e0f, 0x2e) -- r0 1023 is UF16's largest code -> 65504 */
    draw_with(&r, PS_LD, uf);
    rd_read_tex(&r, out, 4, 4, DXGI_FORMAT_R32G32B32A32_FLOAT, 16, img);
    memcpy(px, img, 16);
    CHECK(px[0] == 65504.0f && px[1] == texel_half_to_float(0x3e0f));
    CHECK(px[2] == texel_half_to_float(0x2e) && px[3] == 1.0f);
    memcpy(px, img + 16, 16);   /* texel 1 = endpoint 1: r1 511 -> (511*64 + 32)*31 >> 6 */
    CHECK(px[0] == texel_half_to_float((uint16_t)(((511u * 64 + 32) * 31) >> 6)) && px[1] == 0.0f);
    /* SF16: r0 1023 is -1 -> 0x805d, g0 512 is -512 -> 0xfbff (-65504), b0 1 -> 96 -> 0x5d */
    draw_with(&r, PS_LD, sf);
    rd_read_tex(&r, out, 4, 4, DXGI_FORMAT_R32G32B32A32_FLOAT, 16, img);
    memcpy(px, img, 16);
    CHECK(px[0] == texel_half_to_float(0x805d) && px[0] < 0.0f);
    CHECK(px[1] == -65504.0f && px[2] == texel_half_to_float(0x5d) && px[3] == 1.0f);
    memcpy(px, img + 16, 16);   /* r1 511 >= 2^9 - 1 -> 0x7fff -> 0x7bff */
    CHECK(px[0] == 65504.0f);
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(sf);
    RD_RELEASE(uf);
    RD_RELEASE(rtv);
    RD_RELEASE(out);
    RD_RELEASE(tex);
    rd_end(&r);
}

/* Refusals: no BC6H/BC7 below 11_0; never a render target; CheckFormatSupport's bits. */
TEST(bc67_api_levels_and_binds)
{
    static const DXGI_FORMAT fmts[6] = { DXGI_FORMAT_BC6H_TYPELESS, DXGI_FORMAT_BC6H_UF16,
                                         DXGI_FORMAT_BC6H_SF16, DXGI_FORMAT_BC7_TYPELESS,
                                         DXGI_FORMAT_BC7_UNORM, DXGI_FORMAT_BC7_UNORM_SRGB };
    const UINT typed = D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_TEXTURE3D |
                       D3D11_FORMAT_SUPPORT_TEXTURECUBE | D3D11_FORMAT_SUPPORT_SHADER_LOAD |
                       D3D11_FORMAT_SUPPORT_SHADER_SAMPLE | D3D11_FORMAT_SUPPORT_MIP |
                       D3D11_FORMAT_SUPPORT_CPU_LOCKABLE;
    const UINT tl = D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_TEXTURE3D |
                    D3D11_FORMAT_SUPPORT_TEXTURECUBE | D3D11_FORMAT_SUPPORT_MIP |
                    D3D11_FORMAT_SUPPORT_CPU_LOCKABLE;
    ID3D11Device *dev = rd_profile_device("11_0", L110, NULL);
    ID3D11Device *dev10 = rd_profile_device("10_1", L101, NULL);
    uint8_t blocks[4 * 16] = { 0 };
    if (!dev || !dev10)
        goto done;
    for (int i = 0; i < 6; i++) {
        UINT bits = 0;
        bool tless = i == 0 || i == 3;
        CHECK_HR(ID3D11Device_CheckFormatSupport(dev, fmts[i], &bits), S_OK);
        CHECK_EQ(bits, tless ? tl : typed);
        CHECK_HR(ID3D11Device_CheckFormatSupport(dev10, fmts[i], &bits), E_FAIL);
        CHECK_EQ(d3d11_format_support_bits(D3D_FEATURE_LEVEL_10_0, fmts[i]), 0);
        /* a texture at 11_0; at 10_1 refused */
        D3D11_TEXTURE2D_DESC d = { 8, 8, 1, 1, fmts[i], { 1, 0 }, D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_SHADER_RESOURCE, 0, 0 };
        D3D11_SUBRESOURCE_DATA init = { blocks, 32, 0 };
        ID3D11Texture2D *t = NULL;
        CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, &init, &t), S_OK);
        RD_RELEASE(t);
        CHECK_HR(ID3D11Device_CreateTexture2D(dev10, &d, &init, &t), E_INVALIDARG);
        CHECK(t == NULL);
        /* not a render target at any level */
        d.BindFlags = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET;
        CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, &init, &t), E_INVALIDARG);
        CHECK(t == NULL);
        /* cube (six 4x4 faces) and 3D textures */
        D3D11_TEXTURE2D_DESC c = { 4, 4, 1, 6, fmts[i], { 1, 0 }, D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_SHADER_RESOURCE, 0,
                                   D3D11_RESOURCE_MISC_TEXTURECUBE };
        CHECK_HR(ID3D11Device_CreateTexture2D(dev, &c, NULL, &t), S_OK);
        RD_RELEASE(t);
        D3D11_TEXTURE3D_DESC d3 = { 4, 4, 2, 1, fmts[i], D3D11_USAGE_DEFAULT,
                                    D3D11_BIND_SHADER_RESOURCE, 0, 0 };
        ID3D11Texture3D *t3 = NULL;
        CHECK_HR(ID3D11Device_CreateTexture3D(dev, &d3, NULL, &t3), S_OK);
        RD_RELEASE(t3);
    }
done:
    if (dev)
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    if (dev10)
        CHECK_EQ(ID3D11Device_Release(dev10), 0);
}
