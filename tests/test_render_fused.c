/* tests/test_render_fused.c — fused pixel programs (pipeline/pixel_fused.c) give the VM's bits.
 *
 * Each test draws random triangles (random attributes: texture coordinates outside [0, 1],
 * colours, some NaN and denormal values) through a pixel program of one of the fused shapes,
 * once with the shortcuts on and once through the VM (draw_debug_set_shortcuts(false)), and
 * compares every byte; the fused-batch counter shows the fused path ran (or, for what it must
 * not take, that it did not). */
#include "test_render_util.h"

#include <float.h>
#include <math.h>

#include "pipeline/draw.h"
#include "util/simd.h"

enum { W = 160, H = 120, NTRI = 80, TEX = 64, LEVELS = 7 };

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

struct case_desc {
    const char *ps;
    DXGI_FORMAT format;          /* texture format; 0: no texture bound */
    D3D11_FILTER filter;
    D3D11_TEXTURE_ADDRESS_MODE address;
};

static unsigned build(struct vtx *v)
{
    uint32_t seed = 777;
    unsigned n = 0;
    for (int t = 0; t < NTRI; t++) {
        /* perspective: w in [0.5, 2.5] */
        for (int k = 0; k < 3; k++) {
            float a[4];
            for (int c = 0; c < 4; c++)
                a[c] = rnd(&seed) * 3.0f - 1.0f;
            if (t % 11 == 3 && k == 1)
                a[2] = NAN;
            if (t % 13 == 5)
                a[3] = 1e-39f;   /* a denormal: flushed by the float rules */
            float w = 0.5f + 2.0f * rnd(&seed);
            struct vtx p = vert((rnd(&seed) * 2.4f - 1.2f) * w, (rnd(&seed) * 2.4f - 1.2f) * w,
                                rnd(&seed) * w, a);
            p.pos[3] = w;
            v[n++] = p;
        }
    }
    return n;
}

static ID3D11Texture2D *mip_texture(ID3D11Device *dev, DXGI_FORMAT f)
{
    static uint8_t data[LEVELS][TEX * TEX * 8];
    D3D11_SUBRESOURCE_DATA init[LEVELS];
    uint32_t seed = 99;
    unsigned bpp = f == DXGI_FORMAT_R16G16B16A16_FLOAT ? 8 : 4;
    for (int l = 0; l < LEVELS; l++) {
        unsigned s = TEX >> l;
        for (unsigned i = 0; i < s * s * bpp; i++) {
            seed = seed * 1664525u + 1013904223u;
            data[l][i] = (uint8_t)(seed >> 24);
        }
        if (bpp == 8)   /* finite halves: clear the exponent's top bit */
            for (unsigned i = 1; i < s * s * bpp; i += 2)
                data[l][i] &= 0x3b;
        init[l].pSysMem = data[l];
        init[l].SysMemPitch = s * bpp;
        init[l].SysMemSlicePitch = 0;
    }
    D3D11_TEXTURE2D_DESC d;
    memset(&d, 0, sizeof(d));
    d.Width = d.Height = TEX;
    d.MipLevels = LEVELS;
    d.ArraySize = 1;
    d.Format = f;
    d.SampleDesc.Count = 1;
    d.Usage = D3D11_USAGE_DEFAULT;
    d.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    ID3D11Texture2D *t = NULL;
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, init, &t), S_OK);
    return t;
}

static void render(const struct case_desc *cd, bool shortcuts, uint8_t *img, uint64_t *fused)
{
    static struct vtx v[3 * NTRI];
    struct rd r;
    struct rd_pipe p;
    unsigned n = build(v);
    draw_debug_set_shortcuts(shortcuts);
    uint64_t f0 = draw_debug_fused_count();
    if (!rd_begin(&r, D3D_FEATURE_LEVEL_9_3, W, H)) {
        rd_end(&r);
        draw_debug_set_shortcuts(true);
        return;
    }
    D3D11_RASTERIZER_DESC rdsc = { D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f,
                                   TRUE, FALSE, FALSE, FALSE };
    ID3D11RasterizerState *rs = NULL;
    CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &rdsc, &rs), S_OK);
    ID3D11DeviceContext_RSSetState(r.ctx, rs);
    ID3D11Texture2D *tex = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *smp = NULL;
    if (cd->format) {
        tex = mip_texture(r.dev, cd->format);
        CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)tex, NULL, &srv),
                 S_OK);
        D3D11_SAMPLER_DESC sd;
        memset(&sd, 0, sizeof(sd));
        sd.Filter = cd->filter;
        sd.AddressU = sd.AddressV = sd.AddressW = cd->address;
        sd.MaxAnisotropy = 1;
        sd.ComparisonFunc = D3D11_COMPARISON_NEVER;
        sd.MaxLOD = FLT_MAX;
        CHECK_HR(ID3D11Device_CreateSamplerState(r.dev, &sd, &smp), S_OK);
    }
    rd_clear(&r, 0.1f, 0.2f, 0.3f, 0.4f);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, cd->ps, v, n, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    if (srv) {
        ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, &srv);
        ID3D11DeviceContext_PSSetSamplers(r.ctx, 0, 1, &smp);
    }
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, n, 0));
    rd_read(&r, img);
    *fused = draw_debug_fused_count() - f0;
    RD_RELEASE(smp);
    RD_RELEASE(srv);
    RD_RELEASE(tex);
    RD_RELEASE(rs);
    rd_pipe_end(&p);
    rd_end(&r);
    draw_debug_set_shortcuts(true);
}

/* Both ways; returns the fused batches of the shortcut run. */
static uint64_t same_both_ways(const struct case_desc *cd)
{
    static uint8_t a[W * H * 4], b[W * H * 4];
    uint64_t fa = 0, fb = 0;
    memset(a, 0, sizeof(a));
    memset(b, 0xff, sizeof(b));
    static uint8_t c[W * H * 4], c2[W * H * 4];
    uint64_t fc = 0, fc2 = 0;
    /* the shortcuts at every SIMD level the CPU has (util/simd.h), then the VM */
    util_simd_force(UTIL_SIMD_C);
    render(cd, true, c, &fc);
    util_simd_force(UTIL_SIMD_AVX2);
    render(cd, true, c2, &fc2);
    util_simd_force(-1);
    CHECK(!memcmp(c, c2, sizeof(c)));
    CHECK_EQ(fc2, fc);
    render(cd, true, a, &fa);
    render(cd, false, b, &fb);
    unsigned differ = 0, differ_c = 0;
    for (size_t i = 0; i < sizeof(a); i++) {
        differ += a[i] != b[i];
        differ_c += c[i] != b[i];
    }
    CHECK_EQ(differ, 0);
    CHECK_EQ(differ_c, 0);
    CHECK_EQ(fc, fa);
    CHECK_EQ(fb, 0);
    unsigned drawn = 0;
    for (size_t i = 0; i < sizeof(a); i += 4)
        drawn += a[i] != 26;   /* the clear colour's red */
    CHECK(drawn > 2000);
    return fa;
}

#define PS_HEAD L9_PS_91 "ps_4_0_level_9_1\n"
#define PS_TEXMOD_TEX_FIRST                                                                      \
    PS_HEAD "dcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n" \
            "dcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\ndcl_temps 1\n"                   \
            "sample r0.xyzw, v0.xyxx, t0.xyzw, s0\nmul o0.xyzw, r0.xyzw, v0.wzyx\nret\n"
#define PS_TEXMOD_COL_FIRST                                                                      \
    PS_HEAD "dcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n" \
            "dcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\ndcl_temps 1\n"                   \
            "sample r0.xyzw, v0.zwxx, t0.xyzw, s0\nmul o0.xyzw, v0.xyzw, r0.xyzw\nret\n"
#define PS_TEX_SWIZZLED                                                                          \
    PS_HEAD "dcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n" \
            "dcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\n"                                \
            "sample o0.xyzw, v0.yxzw, t0.zyxw, s0\nret\n"
#define PS_MOV_SWIZZLED                                                                          \
    PS_HEAD "dcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v0.yzwx\nret\n"
#define PS_TEXMOD_SAT                                                                            \
    PS_HEAD "dcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n" \
            "dcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\ndcl_temps 1\n"                   \
            "sample r0.xyzw, v0.xyxx, t0.xyzw, s0\nmul_sat o0.xyzw, r0.xyzw, v0.wzyx\nret\n"

TEST(fused_texmod_trilinear_wrap)
{
    struct case_desc cd = { PS_TEXMOD_TEX_FIRST, DXGI_FORMAT_R8G8B8A8_UNORM,
                            D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_WRAP };
    CHECK(same_both_ways(&cd) > 10);
}

TEST(fused_texmod_colour_first_point_clamp_bgra)
{
    struct case_desc cd = { PS_TEXMOD_COL_FIRST, DXGI_FORMAT_B8G8R8A8_UNORM,
                            D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP };
    CHECK(same_both_ways(&cd) > 10);
}

TEST(fused_texmod_srgb_linear_mip_point)
{
    struct case_desc cd = { PS_TEXMOD_TEX_FIRST, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
                            D3D11_FILTER_MIN_MAG_LINEAR_MIP_POINT, D3D11_TEXTURE_ADDRESS_WRAP };
    CHECK(same_both_ways(&cd) > 10);
}

TEST(fused_tex_swizzles_and_mirror_falls_back_in_the_sampler)
{
    /* MIRROR is not a fast-path address mode: the sampler's reference answers, fused or not */
    struct case_desc cd = { PS_TEX_SWIZZLED, DXGI_FORMAT_R8G8B8A8_UNORM,
                            D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_MIRROR };
    CHECK(same_both_ways(&cd) > 10);
}

TEST(fused_mov_swizzle)
{
    struct case_desc cd = { PS_MOV_SWIZZLED, 0, D3D11_FILTER_MIN_MAG_MIP_POINT,
                            D3D11_TEXTURE_ADDRESS_CLAMP };
    CHECK(same_both_ways(&cd) > 10);
}

TEST(fused_texmod_saturated)
{
    /* mul_sat: D3D9's fixed-function MODULATE of a texture and the diffuse colour */
    struct case_desc sat = { PS_TEXMOD_SAT, DXGI_FORMAT_R8G8B8A8_UNORM,
                             D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_WRAP };
    CHECK(same_both_ways(&sat) > 10);
}

TEST(fused_not_taken_for_float_texture_or_no_texture)
{
    struct case_desc half = { PS_TEXMOD_TEX_FIRST, DXGI_FORMAT_R16G16B16A16_FLOAT,
                              D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_WRAP };
    CHECK_EQ(same_both_ways(&half), 0);
    struct case_desc none = { PS_TEXMOD_TEX_FIRST, 0, D3D11_FILTER_MIN_MAG_MIP_LINEAR,
                              D3D11_TEXTURE_ADDRESS_WRAP };
    CHECK_EQ(same_both_ways(&none), 0);
}
