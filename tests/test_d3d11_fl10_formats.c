/* tests/test_d3d11_fl10_formats.c — the format-support tables of feature levels 10_0 and 10_1
 * (issue 11, second step) and, for every format the tables claim, the use they claim, through
 * the D3D11 API: shader loads (ld, exact bits), sampling (point and bilinear, exact bits), render
 * targets (float and integer), blending, mipmap generation, vertex data, depth-stencil targets and
 * comparison sampling of the depth-read formats, typeless resources and their views.
 *
 * Expected values: the texels are decoded with texel_load / texel_load_int and encoded with
 * texel_store / texel_store_int, whose conversions tests/test_texel.c checks against the D3D11.3
 * functional specification's rules (section 3.2) value by value; the filter is the spec's nested
 * lerp a + w (b - a) (7.18.16.2) at weight 1/2, which is exact in the 8-bit fixed-point weights
 * (7.18.8).  What is checked here is that the pipeline takes every claimed format end to end. */
#include "test_render_util.h"

#include <stdio.h>

#include "d3d11/format_support.h"
#include "sample/texel.h"

static const D3D_FEATURE_LEVEL L93 = D3D_FEATURE_LEVEL_9_3, L100 = D3D_FEATURE_LEVEL_10_0,
                               L101 = D3D_FEATURE_LEVEL_10_1;

static ID3D11Device *ff_device(D3D_FEATURE_LEVEL level, ID3D11DeviceContext **ctx)
{
    ID3D11Device *dev = NULL;
    setenv("SOFTD3D_PROFILE", level == L93 ? "max" : level == L100 ? "10_0" : "10_1", 1);
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                               D3D11_SDK_VERSION, &dev, NULL, ctx), S_OK);
    unsetenv("SOFTD3D_PROFILE");
    return dev;
}

/* The bits of the level's rows: without the multisample bits the 10_x profiles add to every
 * render-target / depth format (tests/test_d3d11_msaa.c checks those). */
static UINT support(ID3D11Device *dev, DXGI_FORMAT f)
{
    UINT bits = 0xdeadbeef;
    HRESULT hr = ID3D11Device_CheckFormatSupport(dev, f, &bits);
    if (FAILED(hr))
        CHECK_EQ(bits, 0);
    return bits & ~(UINT)(D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET |
                          D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE |
                          D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD);
}

/* ---- CheckFormatSupport, row by row ------------------------------------------------------- */

#define BUF D3D11_FORMAT_SUPPORT_BUFFER
#define GA D3D11_FORMAT_SUPPORT_SHADER_GATHER
#define T1 D3D11_FORMAT_SUPPORT_TEXTURE1D
#define T2 D3D11_FORMAT_SUPPORT_TEXTURE2D
#define T3 D3D11_FORMAT_SUPPORT_TEXTURE3D
#define TC D3D11_FORMAT_SUPPORT_TEXTURECUBE
#define LD D3D11_FORMAT_SUPPORT_SHADER_LOAD
#define SM D3D11_FORMAT_SUPPORT_SHADER_SAMPLE
#define SMC D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON
#define SO D3D11_FORMAT_SUPPORT_SO_BUFFER
#define MIP D3D11_FORMAT_SUPPORT_MIP
#define AG D3D11_FORMAT_SUPPORT_MIP_AUTOGEN
#define RT D3D11_FORMAT_SUPPORT_RENDER_TARGET
#define BL D3D11_FORMAT_SUPPORT_BLENDABLE
#define DS D3D11_FORMAT_SUPPORT_DEPTH_STENCIL
#define CPU D3D11_FORMAT_SUPPORT_CPU_LOCKABLE
#define VB D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER
#define IB D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER
#define DI (D3D11_FORMAT_SUPPORT_DISPLAY | D3D11_FORMAT_SUPPORT_BACK_BUFFER_CAST)

/* Rows of "Format support for Direct3D feature level 10.0 hardware" (required bits), and what
 * the 10.1 page adds, minus what softd3d withholds (format_support_10.c: multisampling in this
 * table -- the profile adds it --, casts within a bit layout); SO_BUFFER on the 32-bit
 * formats. */
TEST(fl10_format_support_rows)
{
    static const struct {
        DXGI_FORMAT f;
        UINT l100, l101;
    } rows[] = {
        { DXGI_FORMAT_R10G10B10A2_UNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU | DI,
          BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU | DI },
        { DXGI_FORMAT_R10G10B10A2_UINT, BUF | VB | T1 | T2 | T3 | TC | LD | MIP | RT | CPU,
          BUF | VB | T1 | T2 | T3 | TC | LD | MIP | RT | CPU },
        { DXGI_FORMAT_R11G11B10_FLOAT, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU,
          BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU },
        /* blending of SNORM targets, and of 16-bit UNORM ones: 10_1 */
        { DXGI_FORMAT_R16G16B16A16_SNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | CPU,
          BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU },
        { DXGI_FORMAT_R16_UNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | SMC | MIP | AG | RT | CPU,
          BUF | VB | T1 | T2 | T3 | TC | LD | SM | SMC | GA | MIP | AG | RT | BL | CPU },
        /* 32-bit float filtering: 10_1 (R32G32B32_FLOAT stays optional, and no render target) */
        { DXGI_FORMAT_R32_FLOAT, BUF | VB | SO | T1 | T2 | T3 | TC | LD | SMC | MIP | AG | RT | BL | CPU,
          BUF | VB | SO | T1 | T2 | T3 | TC | LD | SM | SMC | GA | MIP | AG | RT | BL | CPU },
        { DXGI_FORMAT_R32G32B32_FLOAT, BUF | VB | SO | T1 | T2 | T3 | TC | LD | MIP | CPU,
          BUF | VB | SO | T1 | T2 | T3 | TC | LD | MIP | CPU },
        { DXGI_FORMAT_R32_UINT, BUF | VB | IB | SO | T1 | T2 | T3 | TC | LD | MIP | RT | CPU,
          BUF | VB | IB | SO | T1 | T2 | T3 | TC | LD | MIP | RT | CPU },
        { DXGI_FORMAT_R9G9B9E5_SHAREDEXP, T1 | T2 | T3 | TC | LD | SM | MIP | CPU,
          T1 | T2 | T3 | TC | LD | SM | MIP | CPU },
        { DXGI_FORMAT_BC4_SNORM, T2 | T3 | TC | LD | SM | MIP | CPU,
          T2 | T3 | TC | LD | SM | MIP | CPU },
        { DXGI_FORMAT_BC5_TYPELESS, T2 | T3 | TC | MIP | CPU, T2 | T3 | TC | MIP | CPU },
        { DXGI_FORMAT_D32_FLOAT_S8X24_UINT, T1 | T2 | TC | MIP | DS | CPU, T1 | T2 | TC | MIP | DS | CPU },
        { DXGI_FORMAT_R24_UNORM_X8_TYPELESS, T1 | T2 | TC | LD | SMC | MIP | CPU,
          T1 | T2 | TC | LD | SM | SMC | GA | MIP | CPU },
        { DXGI_FORMAT_R8G8B8A8_TYPELESS, T1 | T2 | T3 | TC | MIP | CPU, T1 | T2 | T3 | TC | MIP | CPU },
        { DXGI_FORMAT_A8_UNORM, T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU,
          T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU },
        { DXGI_FORMAT_B5G5R5A1_UNORM, T1 | T2 | T3 | TC | LD | SM | MIP | CPU,
          T1 | T2 | T3 | TC | LD | SM | MIP | CPU },
        { DXGI_FORMAT_R16G16B16A16_FLOAT,
          BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU | DI,
          BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU | DI },
    };
    ID3D11Device *d100 = ff_device(L100, NULL), *d101 = ff_device(L101, NULL);
    if (!d100 || !d101)
        goto done;
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        UINT a = support(d100, rows[i].f), b = support(d101, rows[i].f);
        if (a != rows[i].l100 || b != rows[i].l101)
            harness_fail(__FILE__, __LINE__, "DXGI_FORMAT %d: 10_0 0x%x (want 0x%x), 10_1 0x%x "
                         "(want 0x%x)", (int)rows[i].f, a, rows[i].l100, b, rows[i].l101);
    }
    /* not at 10_x: R1_UNORM (on neither page), BC6H/BC7 (11_0), XR_BIAS (optional), video */
    {
        static const DXGI_FORMAT none[] = { DXGI_FORMAT_R1_UNORM, DXGI_FORMAT_BC6H_UF16,
                                            DXGI_FORMAT_BC7_UNORM,
                                            DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM,
                                            DXGI_FORMAT_NV12, DXGI_FORMAT_YUY2 };
        for (size_t i = 0; i < sizeof(none) / sizeof(none[0]); i++) {
            UINT bits = 7;
            util_clear_last_message();
            CHECK_HR(ID3D11Device_CheckFormatSupport(d101, none[i], &bits), E_FAIL);
            CHECK_EQ(bits, 0);
        }
        CHECK_STR_CONTAINS(LAST, "video format");
        CHECK_HR(ID3D11Device_CheckFormatSupport(d100, DXGI_FORMAT_R1_UNORM, &(UINT){ 0 }),
                 E_FAIL);
        CHECK_STR_CONTAINS(LAST, "feature level 10.0 hardware");
    }
done:
    if (d100)
        ID3D11Device_Release(d100);
    if (d101)
        ID3D11Device_Release(d101);
}

/* What is withheld is never claimed, for any format; and every claimed use has the machinery
 * behind it (a decoder for loads and samples, an encoder for render targets). */
TEST(fl10_format_support_withheld_and_backed)
{
    const UINT withheld = D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET |
                          D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE |
                          D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD |
                          D3D11_FORMAT_SUPPORT_CAST_WITHIN_BIT_LAYOUT;
    unsigned claimed = 0;
    for (int l = 0; l < 2; l++) {
        D3D_FEATURE_LEVEL level = l ? L101 : L100;
        for (UINT f = 1; f <= 191; f++) {
            UINT bits = d3d11_format_support_bits(level, (DXGI_FORMAT)f);
            const struct texel_format *tf = texel_format_get(f);
            if (!bits)
                continue;
            claimed++;
            if (bits & withheld)
                harness_fail(__FILE__, __LINE__, "format %u claims withheld bits 0x%x", f,
                             bits & withheld);
            if ((bits & (LD | SM | SMC | D3D11_FORMAT_SUPPORT_BUFFER)) && !tf)
                harness_fail(__FILE__, __LINE__, "format %u: loads claimed, no decoder", f);
            if ((bits & (RT | DS)) && (!tf || !tf->store))
                harness_fail(__FILE__, __LINE__, "format %u: target claimed, no encoder", f);
            /* gather4 (4.1): at 10_1 only, on sampleable formats (a decoder behind it) */
            if ((bits & GA) && (!l || !(bits & SM) || !tf))
                harness_fail(__FILE__, __LINE__, "format %u: gather4 claimed at 10_%d", f, l);
            /* stream output (required on the 32-bit-component formats, which stream output
             * writes as they are: tests/test_d3d11_so.c) */
            bool c32 = f == DXGI_FORMAT_R32G32B32A32_FLOAT || f == DXGI_FORMAT_R32G32B32A32_UINT ||
                       f == DXGI_FORMAT_R32G32B32A32_SINT || f == DXGI_FORMAT_R32G32B32_FLOAT ||
                       f == DXGI_FORMAT_R32G32B32_UINT || f == DXGI_FORMAT_R32G32B32_SINT ||
                       f == DXGI_FORMAT_R32G32_FLOAT || f == DXGI_FORMAT_R32G32_UINT ||
                       f == DXGI_FORMAT_R32G32_SINT || f == DXGI_FORMAT_R32_FLOAT ||
                       f == DXGI_FORMAT_R32_UINT || f == DXGI_FORMAT_R32_SINT;
            if (!(bits & D3D11_FORMAT_SUPPORT_SO_BUFFER) != !c32)
                harness_fail(__FILE__, __LINE__, "format %u: SO_BUFFER %s", f,
                             c32 ? "missing" : "claimed");
            /* gather4_c is 11_0's */
            if (bits & D3D11_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON)
                harness_fail(__FILE__, __LINE__, "format %u: gather4_c claimed", f);
            /* 10_1 only adds to 10_0 */
            if (l && (d3d11_format_support_bits(L100, (DXGI_FORMAT)f) & ~bits))
                harness_fail(__FILE__, __LINE__, "format %u: 10_1 lacks a 10_0 bit", f);
        }
    }
    CHECK(claimed >= 2 * 90);
    /* 9_x keeps its own tables: R10G10B10A2_UNORM is 10_0's, explained so */
    {
        ID3D11Device *dev = ff_device(L93, NULL);
        if (dev) {
            util_clear_last_message();
            CHECK_EQ(support(dev, DXGI_FORMAT_R10G10B10A2_UNORM), 0);
            CHECK_STR_CONTAINS(LAST, "feature level 10_0 does");
            ID3D11Device_Release(dev);
        }
    }
}

/* ---- one small scene per format ------------------------------------------------------------- */

/* Deterministic bytes (xorshift). */
static uint32_t rng_next(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

/* The resource format a view format lives in: the depth-read view formats have no resources
 * of their own (their typeless family's). */
static DXGI_FORMAT resource_format(DXGI_FORMAT f)
{
    switch (f) {
    case DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS: case DXGI_FORMAT_X32_TYPELESS_G8X24_UINT:
        return DXGI_FORMAT_R32G8X24_TYPELESS;
    case DXGI_FORMAT_R24_UNORM_X8_TYPELESS: case DXGI_FORMAT_X24_TYPELESS_G8_UINT:
        return DXGI_FORMAT_R24G8_TYPELESS;
    default:
        return f;
    }
}

/* W x H texels of format tf: blocks of random bytes, and for encodable non-integer formats
 * texels encoded from random values in [-2, 2] (no NaN or Inf bit patterns). */
#define TW 4
#define TH 4
static size_t fill_texels(const struct texel_format *tf, uint32_t seed, uint8_t *data,
                          UINT *pitch)
{
    uint32_t s = seed | 1;
    UINT bw = TW / tf->block_w, bh = TH / tf->block_h;
    *pitch = bw * tf->block_bytes;
    for (UINT i = 0; i < *pitch * bh; i++)
        data[i] = (uint8_t)rng_next(&s);
    if (tf->store && !tf->integer && tf->block_w == 1 && tf->block_h == 1)
        for (UINT y = 0; y < TH; y++)
            for (UINT x = 0; x < TW; x++) {
                float v[4];
                for (int c = 0; c < 4; c++)
                    v[c] = (float)((int)(rng_next(&s) % 4001) - 2000) / 1000.0f;
                tf->store(tf, v, data + y * *pitch + x * tf->block_bytes, 0, 0);
            }
    return (size_t)*pitch * bh;
}

/* The decoded texel (x, y) as register bits: integers for integer formats, floats otherwise. */
static void texel_bits(const struct texel_format *tf, const uint8_t *data, UINT pitch, UINT x,
                       UINT y, uint32_t out[4])
{
    const uint8_t *block = data + (y / tf->block_h) * pitch + (x / tf->block_w) * tf->block_bytes;
    float f[4];
    if (tf->integer && texel_load_int(tf, block, x % tf->block_w, y % tf->block_h, out))
        return;
    tf->load(tf, block, x % tf->block_w, y % tf->block_h, f);
    memcpy(out, f, sizeof(f));
}

static const char *return_type(const struct texel_format *tf)
{
    if (!tf->integer)
        return "float,float,float,float";
    for (int c = 0; c < 4; c++)
        if (tf->ch[c].type == TEXEL_SINT)
            return "sint,sint,sint,sint";
    return "uint,uint,uint,uint";
}

/* A scene: a TW x TH R32G32B32A32_UINT target (the shader's register bits, exactly), a device
 * at the level, a full-screen quad. */
struct scene {
    struct rd r;
    struct rd_pipe p;
    ID3D11Texture2D *out;
    ID3D11RenderTargetView *out_rtv;
};

static bool scene_begin(struct scene *sc, D3D_FEATURE_LEVEL level)
{
    static const float c[4] = { 0, 0, 0, 0 };
    struct vtx v[6];
    memset(sc, 0, sizeof(*sc));
    if (!rd_begin_profile(&sc->r, level == L100 ? "10_0" : "10_1", level, TW, TH))
        return false;
    rd_quad(v, 0.0f, c, c, c, c);
    rd_pipe_begin(&sc->r, &sc->p,
                  "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"
                  "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n",
                  NULL, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    sc->out = rd_texture(sc->r.dev, TW, TH, DXGI_FORMAT_R32G32B32A32_UINT,
                         D3D11_BIND_RENDER_TARGET, NULL, 0);
    if (sc->out)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(sc->r.dev, (ID3D11Resource *)sc->out, NULL,
                                                     &sc->out_rtv), S_OK);
    return sc->out_rtv != NULL;
}

static void scene_end(struct scene *sc)
{
    ID3D11DeviceContext_ClearState(sc->r.ctx);
    RD_RELEASE(sc->out_rtv);
    RD_RELEASE(sc->out);
    rd_pipe_end(&sc->p);
    rd_end(&sc->r);
}

/* Draws the quad with `ps_text` into `rtv` and reads `target` back (bpp bytes a texel). */
static void scene_draw(struct scene *sc, const char *ps_text, ID3D11RenderTargetView *rtv,
                       ID3D11Texture2D *target, DXGI_FORMAT f, UINT bpp, uint8_t *img)
{
    ID3D11PixelShader *ps = rd_ps(sc->r.dev, ps_text);
    ID3D11DeviceContext_PSSetShader(sc->r.ctx, ps, NULL, 0);
    ID3D11DeviceContext_OMSetRenderTargets(sc->r.ctx, 1, &rtv, NULL);
    ACCEPTED(ID3D11DeviceContext_Draw(sc->r.ctx, 6, 0));
    rd_read_tex(&sc->r, target, TW, TH, f, bpp, img);
    ID3D11DeviceContext_PSSetShader(sc->r.ctx, NULL, NULL, 0);
    RD_RELEASE(ps);
}

/* A texture of `f` with `data` and a shader-resource view of it. */
static ID3D11ShaderResourceView *make_srv(ID3D11Device *dev, DXGI_FORMAT f, const void *data,
                                          UINT pitch, ID3D11Texture2D **tex)
{
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    ID3D11ShaderResourceView *srv = NULL;
    *tex = rd_texture(dev, TW, TH, resource_format(f), D3D11_BIND_SHADER_RESOURCE, data, pitch);
    if (!*tex)
        return NULL;
    memset(&sd, 0, sizeof(sd));
    sd.Format = f;
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
    sd.Texture2D.MipLevels = 1;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)*tex, &sd, &srv), S_OK);
    return srv;
}

#define PS_HEAD "ps_4_0\ndcl_input_ps_siv linear noperspective v0.xy, position\n" \
                "dcl_output o0.xyzw\ndcl_temps 1\n"

/* ld at every pixel's own texel, for every format with SHADER_LOAD at the level. */
static void load_every_format(D3D_FEATURE_LEVEL level)
{
    struct scene sc;
    char ps[512];
    uint8_t data[TW * TH * 16], img[TW * TH * 16];
    unsigned tested = 0;
    if (!scene_begin(&sc, level)) {
        scene_end(&sc);
        return;
    }
    for (UINT f = 1; f <= 191; f++) {
        const struct texel_format *tf = texel_format_get(f);
        ID3D11Texture2D *tex = NULL;
        ID3D11ShaderResourceView *srv;
        UINT pitch;
        if (!(d3d11_format_support_bits(level, (DXGI_FORMAT)f) & LD) || !tf)
            continue;
        fill_texels(tf, f * 2654435761u, data, &pitch);
        srv = make_srv(sc.r.dev, (DXGI_FORMAT)f, data, pitch, &tex);
        snprintf(ps, sizeof(ps),
                 PS_HEAD "dcl_resource_texture2d (%s) t0\nftoi r0.xy, v0.xyxx\n"
                 "mov r0.zw, l(0, 0, 0, 0)\nld r0.xyzw, r0.xyzw, t0.xyzw\nmov o0.xyzw, r0.xyzw\n"
                 "ret\n", return_type(tf));
        ID3D11DeviceContext_PSSetShaderResources(sc.r.ctx, 0, 1, &srv);
        scene_draw(&sc, ps, sc.out_rtv, sc.out, DXGI_FORMAT_R32G32B32A32_UINT, 16, img);
        for (UINT y = 0; y < TH; y++)
            for (UINT x = 0; x < TW; x++) {
                uint32_t want[4], *got = (uint32_t *)(img + (y * TW + x) * 16);
                texel_bits(tf, data, pitch, x, y, want);
                if (memcmp(want, got, 16)) {
                    harness_fail(__FILE__, __LINE__, "ld of format %u (%s) texel %u,%u: "
                                 "%08x %08x %08x %08x, want %08x %08x %08x %08x", f,
                                 tf->desc->name, x, y, got[0], got[1], got[2], got[3], want[0],
                                 want[1], want[2], want[3]);
                    y = TH;
                    break;
                }
            }
        tested++;
        ID3D11DeviceContext_PSSetShaderResources(sc.r.ctx, 0, 1,
                                                 &(ID3D11ShaderResourceView *){ NULL });
        RD_RELEASE(srv);
        RD_RELEASE(tex);
    }
    CHECK(tested >= 60);
    scene_end(&sc);
}

TEST(fl10_formats_load_10_0)
{
    load_every_format(L100);
}

TEST(fl10_formats_load_10_1)
{
    load_every_format(L101);
}

/* sample with a point filter at texel (1, 0)'s centre, and bilinearly halfway between texels
 * (0, 0) and (1, 0) on row 0's centre line (weights 1/2 and 0), for every format with
 * SHADER_SAMPLE at the level. */
static void sample_every_format(D3D_FEATURE_LEVEL level)
{
    struct scene sc;
    char ps[640];
    uint8_t data[TW * TH * 16], img[TW * TH * 16];
    unsigned tested = 0;
    if (!scene_begin(&sc, level)) {
        scene_end(&sc);
        return;
    }
    for (UINT f = 1; f <= 191; f++) {
        const struct texel_format *tf = texel_format_get(f);
        ID3D11Texture2D *tex = NULL;
        ID3D11ShaderResourceView *srv;
        ID3D11SamplerState *smp[2] = { NULL, NULL };
        UINT pitch;
        uint32_t a[4], b[4], want[2][4];
        if (!(d3d11_format_support_bits(level, (DXGI_FORMAT)f) & SM) || !tf)
            continue;
        fill_texels(tf, f * 40503u, data, &pitch);
        texel_bits(tf, data, pitch, 0, 0, a);
        texel_bits(tf, data, pitch, 1, 0, b);
        for (int c = 0; c < 4; c++) {
            float fa, fb, d, m;
            memcpy(&fa, &a[c], 4);
            memcpy(&fb, &b[c], 4);
            d = fb - fa;
            m = 0.5f * d;
            m = fa + m;
            want[0][c] = b[c];
            memcpy(&want[1][c], &m, 4);
        }
        srv = make_srv(sc.r.dev, (DXGI_FORMAT)f, data, pitch, &tex);
        for (int k = 0; k < 2; k++) {
            D3D11_SAMPLER_DESC sd = { k ? D3D11_FILTER_MIN_MAG_MIP_LINEAR
                                        : D3D11_FILTER_MIN_MAG_MIP_POINT,
                                      D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP,
                                      D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1, D3D11_COMPARISON_NEVER,
                                      { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
            CHECK_HR(ID3D11Device_CreateSamplerState(sc.r.dev, &sd, &smp[k]), S_OK);
        }
        ID3D11DeviceContext_PSSetShaderResources(sc.r.ctx, 0, 1, &srv);
        for (int k = 0; k < 2; k++) {
            /* u: texel 1's centre 1.5/4; halfway 1/4 (scaled 0.5). v: row 0's centre 0.5/4. */
            snprintf(ps, sizeof(ps),
                     PS_HEAD "dcl_sampler s0, mode_default\ndcl_resource_texture2d (%s) t0\n"
                     "sample r0.xyzw, l(%s, 0.125, 0.0, 0.0), t0.xyzw, s0\nmov o0.xyzw, r0.xyzw\n"
                     "ret\n", return_type(tf), k ? "0.25" : "0.375");
            ID3D11DeviceContext_PSSetSamplers(sc.r.ctx, 0, 1, &smp[k]);
            scene_draw(&sc, ps, sc.out_rtv, sc.out, DXGI_FORMAT_R32G32B32A32_UINT, 16, img);
            for (UINT i = 0; i < TW * TH; i++) {
                const uint32_t *got = (const uint32_t *)(img + i * 16);
                if (memcmp(want[k], got, 16)) {
                    harness_fail(__FILE__, __LINE__, "%s sample of format %u (%s) pixel %u: "
                                 "%08x %08x %08x %08x, want %08x %08x %08x %08x",
                                 k ? "bilinear" : "point", f, tf->desc->name, i, got[0], got[1],
                                 got[2], got[3], want[k][0], want[k][1], want[k][2], want[k][3]);
                    break;
                }
            }
        }
        tested++;
        ID3D11DeviceContext_PSSetShaderResources(sc.r.ctx, 0, 1,
                                                 &(ID3D11ShaderResourceView *){ NULL });
        RD_RELEASE(smp[0]);
        RD_RELEASE(smp[1]);
        RD_RELEASE(srv);
        RD_RELEASE(tex);
    }
    CHECK_EQ(tested, level == L101 ? 44 : 39);   /* 10_1: + the five 32-bit float reads */
    scene_end(&sc);
}

TEST(fl10_formats_sample_10_0)
{
    sample_every_format(L100);
}

TEST(fl10_formats_sample_10_1)
{
    sample_every_format(L101);
}

/* ---- render targets, blending, mipmap generation ----------------------------------------------- */

/* The shader's colour: floats (some outside every range, to see the clamps of 3.2.3.6 and the
 * RTZ float16/11/10 conversions of 3.2.2) or, for integer targets, integers past 8 and 16 bits
 * (3.2.3.13: clamped to the channel's range). */
static const float rt_float[4] = { 0.3f, -0.7f, 1.5f, 0.123f };
static const uint32_t rt_int[4] = { 5u, 0xffffffffu, 300u, 70000u };
#define RT_FLOAT_LIT "l(0.3, -0.7, 1.5, 0.123)"
#define RT_INT_LIT "l(5, -1, 300, 70000)"

static bool all_integer(const struct texel_format *tf)
{
    for (int c = 0; c < 4; c++)
        if (tf->ch[c].type && tf->ch[c].type != TEXEL_UINT && tf->ch[c].type != TEXEL_SINT)
            return false;
    return tf->present != 0;
}

/* A TW x TH render target of `f` (initial texels `init`, pitch) and its view. */
static ID3D11RenderTargetView *make_rtv(ID3D11Device *dev, DXGI_FORMAT f, const void *init,
                                        UINT pitch, UINT extra_bind, ID3D11Texture2D **tex)
{
    ID3D11RenderTargetView *rtv = NULL;
    *tex = rd_texture(dev, TW, TH, f, D3D11_BIND_RENDER_TARGET | extra_bind, init, pitch);
    if (*tex)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)*tex, NULL, &rtv),
                 S_OK);
    return rtv;
}

static void check_image(const struct texel_format *tf, const char *what, const uint8_t *img,
                        const uint8_t *want_texel, int line)
{
    for (UINT i = 0; i < TW * TH; i++)
        if (memcmp(img + i * tf->block_bytes, want_texel, tf->block_bytes)) {
            harness_fail(__FILE__, line, "%s of format %u (%s): pixel %u differs (first byte "
                         "%02x, want %02x)", what, tf->id, tf->desc->name, i,
                         img[i * tf->block_bytes], want_texel[0]);
            return;
        }
}

/* Every RENDER_TARGET format at the level: written without blending, then (BLENDABLE formats)
 * with ONE + ONE over known texels, then (MIP_AUTOGEN formats) a GenerateMips of a uniform
 * 2x2 level, whose 1x1 level must be the same texel. */
static void target_every_format(D3D_FEATURE_LEVEL level)
{
    struct scene sc;
    char ps[256];
    uint8_t img[TW * TH * 16], init[TW * TH * 16], want[16];
    unsigned tested = 0, blended = 0, mipped = 0;
    D3D11_BLEND_DESC bd;
    ID3D11BlendState *add = NULL;
    if (!scene_begin(&sc, level)) {
        scene_end(&sc);
        return;
    }
    memset(&bd, 0, sizeof(bd));
    bd.RenderTarget[0].BlendEnable = TRUE;
    bd.RenderTarget[0].SrcBlend = bd.RenderTarget[0].DestBlend = D3D11_BLEND_ONE;
    bd.RenderTarget[0].SrcBlendAlpha = bd.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ONE;
    bd.RenderTarget[0].BlendOp = bd.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
    bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    CHECK_HR(ID3D11Device_CreateBlendState(sc.r.dev, &bd, &add), S_OK);
    for (UINT f = 1; f <= 191; f++) {
        const struct texel_format *tf = texel_format_get(f);
        UINT bits = d3d11_format_support_bits(level, (DXGI_FORMAT)f);
        ID3D11Texture2D *tex = NULL;
        ID3D11RenderTargetView *rtv;
        bool integer;
        UINT pitch;
        if (!(bits & RT) || !tf)
            continue;
        integer = all_integer(tf);
        pitch = TW * tf->block_bytes;
        /* 1. plain writes */
        memset(init, 0, sizeof(init));
        rtv = make_rtv(sc.r.dev, (DXGI_FORMAT)f, init, pitch, 0, &tex);
        snprintf(ps, sizeof(ps), PS_HEAD "mov o0.xyzw, %s\nret\n",
                 integer ? RT_INT_LIT : RT_FLOAT_LIT);
        memset(want, 0, sizeof(want));
        if (integer)
            CHECK(texel_store_int(tf, rt_int, want, 0, 0));
        else
            CHECK(texel_store(tf, rt_float, want, 0, 0));
        scene_draw(&sc, ps, rtv, tex, (DXGI_FORMAT)f, tf->block_bytes, img);
        check_image(tf, "render-target write", img, want, __LINE__);
        tested++;
        RD_RELEASE(rtv);
        RD_RELEASE(tex);
        /* 2. blending: dst + clamp(src), each in float32 (spec 17.1-17.5) */
        if (bits & BL) {
            static const float dst[4] = { 0.25f, 0.5f, -0.25f, 0.75f };
            static const float src[4] = { 0.5f, 0.25f, 0.5f, 0.125f };
            float d[4], r[4];
            for (UINT i = 0; i < TW * TH; i++)
                CHECK(texel_store(tf, dst, init + i * tf->block_bytes, 0, 0));
            tf->load(tf, init, 0, 0, d);
            for (int c = 0; c < 4; c++)
                r[c] = src[c] + d[c];   /* src is inside every range: no clamp changes it */
            memset(want, 0, sizeof(want));
            memcpy(want, init, tf->block_bytes);
            CHECK(texel_store(tf, r, want, 0, 0));
            rtv = make_rtv(sc.r.dev, (DXGI_FORMAT)f, init, pitch, 0, &tex);
            ID3D11DeviceContext_OMSetBlendState(sc.r.ctx, add, NULL, 0xffffffff);
            scene_draw(&sc, PS_HEAD "mov o0.xyzw, l(0.5, 0.25, 0.5, 0.125)\nret\n", rtv, tex,
                       (DXGI_FORMAT)f, tf->block_bytes, img);
            ID3D11DeviceContext_OMSetBlendState(sc.r.ctx, NULL, NULL, 0xffffffff);
            check_image(tf, "blend", img, want, __LINE__);
            blended++;
            RD_RELEASE(rtv);
            RD_RELEASE(tex);
        }
        /* 3. GenerateMips of a 2x2 level of one texel value */
        if (bits & AG) {
            static const float v[4] = { 0.625f, 0.375f, 0.125f, 0.875f };
            D3D11_TEXTURE2D_DESC td = { 2, 2, 2, 1, (DXGI_FORMAT)f, { 1, 0 }, D3D11_USAGE_DEFAULT,
                                        D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0,
                                        D3D11_RESOURCE_MISC_GENERATE_MIPS };
            D3D11_TEXTURE2D_DESC sd = td;
            ID3D11Texture2D *st = NULL;
            ID3D11ShaderResourceView *srv = NULL;
            D3D11_MAPPED_SUBRESOURCE m;
            memset(want, 0, sizeof(want));
            CHECK(texel_store(tf, v, want, 0, 0));
            for (UINT i = 0; i < 4; i++)
                memcpy(init + i * tf->block_bytes, want, tf->block_bytes);
            CHECK_HR(ID3D11Device_CreateTexture2D(sc.r.dev, &td, NULL, &tex), S_OK);
            sd.MipLevels = 1;
            sd.Width = sd.Height = 1;
            sd.Usage = D3D11_USAGE_STAGING;
            sd.BindFlags = 0;
            sd.MiscFlags = 0;
            sd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
            CHECK_HR(ID3D11Device_CreateTexture2D(sc.r.dev, &sd, NULL, &st), S_OK);
            if (tex && st) {
                ID3D11DeviceContext_UpdateSubresource(sc.r.ctx, (ID3D11Resource *)tex, 0, NULL,
                                                      init, 2 * tf->block_bytes, 0);
                CHECK_HR(ID3D11Device_CreateShaderResourceView(sc.r.dev, (ID3D11Resource *)tex,
                                                               NULL, &srv), S_OK);
                ACCEPTED(ID3D11DeviceContext_GenerateMips(sc.r.ctx, srv));
                ID3D11DeviceContext_CopySubresourceRegion(sc.r.ctx, (ID3D11Resource *)st, 0, 0,
                                                          0, 0, (ID3D11Resource *)tex, 1, NULL);
                CHECK_HR(ID3D11DeviceContext_Map(sc.r.ctx, (ID3D11Resource *)st, 0,
                                                 D3D11_MAP_READ, 0, &m), S_OK);
                if (m.pData && memcmp(m.pData, want, tf->block_bytes))
                    harness_fail(__FILE__, __LINE__, "GenerateMips of format %u (%s): the 1x1 "
                                 "level differs", f, tf->desc->name);
                ID3D11DeviceContext_Unmap(sc.r.ctx, (ID3D11Resource *)st, 0);
                mipped++;
            }
            RD_RELEASE(srv);
            RD_RELEASE(st);
            RD_RELEASE(tex);
        }
    }
    /* 10_0: 46 render-target formats, 18 blendable, 27 with mipmap generation; 10_1 adds the
     * blending of the 9 UNORM/SNORM ones 10_0 does not blend (R16G16B16A16_UNORM/SNORM,
     * R16G16_UNORM/SNORM, R16_UNORM/SNORM, R8G8B8A8_SNORM, R8G8_SNORM, R8_SNORM) */
    CHECK_EQ(tested, 46);
    CHECK_EQ(blended, level == L101 ? 27 : 18);
    CHECK_EQ(mipped, 27);
    RD_RELEASE(add);
    scene_end(&sc);
}

TEST(fl10_formats_target_10_0)
{
    target_every_format(L100);
}

TEST(fl10_formats_target_10_1)
{
    target_every_format(L101);
}

/* ---- vertex data ---------------------------------------------------------------------------- */

/* Every IA_VERTEX_BUFFER format: one point whose TEXCOORD1 has the format, passed through both
 * stages unchanged (constant interpolation) into the R32G32B32A32_UINT target; missing
 * components read (0, 0, 0, 1) -- integer 1 for integer formats (spec 8.20). */
static void vertex_every_format(D3D_FEATURE_LEVEL level)
{
    static const char vs[] = "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\n"
                             "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\n"
                             "mov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n";
    static const char ps[] = "ps_4_0\ndcl_input_ps constant v1.xyzw\ndcl_output o0.xyzw\n"
                             "mov o0.xyzw, v1.xyzw\nret\n";
    static const float pos[4] = { -0.75f, 0.75f, 0.0f, 1.0f };   /* pixel (0, 0)'s centre */
    struct scene sc;
    uint8_t attr[16], img[TW * TH * 16];
    unsigned tested = 0;
    ID3D11VertexShader *v = NULL;
    ID3D11PixelShader *p = NULL;
    ID3D11Buffer *pb = NULL;
    if (!scene_begin(&sc, level)) {
        scene_end(&sc);
        return;
    }
    v = rd_vs(sc.r.dev, vs);
    p = rd_ps(sc.r.dev, ps);
    pb = rd_buffer(sc.r.dev, D3D11_BIND_VERTEX_BUFFER, pos, sizeof(pos));
    ID3D11DeviceContext_VSSetShader(sc.r.ctx, v, NULL, 0);
    ID3D11DeviceContext_PSSetShader(sc.r.ctx, p, NULL, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(sc.r.ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D11DeviceContext_OMSetRenderTargets(sc.r.ctx, 1, &sc.out_rtv, NULL);
    for (UINT f = 1; f <= 191; f++) {
        const struct texel_format *tf = texel_format_get(f);
        D3D11_INPUT_ELEMENT_DESC el[2] = {
            { "TEXCOORD", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA,
              0 },
            { "TEXCOORD", 1, (DXGI_FORMAT)f, 1, 0, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        };
        ID3D11InputLayout *il;
        ID3D11Buffer *ab, *vbs[2];
        UINT strides[2] = { 16, 0 }, offs[2] = { 0, 0 };
        uint32_t want[4], s = f * 69069u + 1;
        const float zero[4] = { 0, 0, 0, 0 };
        if (!(d3d11_format_support_bits(level, (DXGI_FORMAT)f) & VB) || !tf)
            continue;
        memset(attr, 0, sizeof(attr));
        if (tf->integer)
            for (UINT i = 0; i < tf->block_bytes; i++)
                attr[i] = (uint8_t)rng_next(&s);
        else
            CHECK(texel_store(tf, (const float[4]){ 0.375f, -0.625f, 0.8125f, 0.25f }, attr, 0,
                              0));
        texel_bits(tf, attr, 16, 0, 0, want);
        strides[1] = tf->block_bytes;
        il = rd_layout(sc.r.dev, el, 2, vs);
        ab = rd_buffer(sc.r.dev, D3D11_BIND_VERTEX_BUFFER, attr, 16);
        vbs[0] = pb;
        vbs[1] = ab;
        ID3D11DeviceContext_IASetInputLayout(sc.r.ctx, il);
        ID3D11DeviceContext_IASetVertexBuffers(sc.r.ctx, 0, 2, vbs, strides, offs);
        ID3D11DeviceContext_ClearRenderTargetView(sc.r.ctx, sc.out_rtv, zero);
        ACCEPTED(ID3D11DeviceContext_Draw(sc.r.ctx, 1, 0));
        rd_read_tex(&sc.r, sc.out, TW, TH, DXGI_FORMAT_R32G32B32A32_UINT, 16, img);
        if (memcmp(img, want, 16))
            harness_fail(__FILE__, __LINE__, "vertex format %u (%s): %08x %08x %08x %08x, want "
                         "%08x %08x %08x %08x", f, tf->desc->name, ((uint32_t *)img)[0],
                         ((uint32_t *)img)[1], ((uint32_t *)img)[2], ((uint32_t *)img)[3],
                         want[0], want[1], want[2], want[3]);
        tested++;
        RD_RELEASE(ab);
        RD_RELEASE(il);
    }
    CHECK_EQ(tested, 44);
    ID3D11DeviceContext_ClearState(sc.r.ctx);
    RD_RELEASE(pb);
    RD_RELEASE(p);
    RD_RELEASE(v);
    scene_end(&sc);
}

TEST(fl10_formats_vertex)
{
    vertex_every_format(L100);
}

/* ---- depth, comparison sampling, typeless resources ----------------------------------------- */

/* D32_FLOAT_S8X24_UINT (10_0's, not 9_x's): depth and stencil tests, then the depth read back
 * through an R32_FLOAT_X8X24_TYPELESS view with ld and with sample_c (LESS: ref < texel). */
TEST(fl10_formats_depth_d32s8)
{
    struct scene sc;
    D3D11_TEXTURE2D_DESC td = { TW, TH, 1, 1, DXGI_FORMAT_R32G8X24_TYPELESS, { 1, 0 },
                                D3D11_USAGE_DEFAULT,
                                D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    D3D11_DEPTH_STENCIL_VIEW_DESC dd;
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    D3D11_DEPTH_STENCIL_DESC dsd;
    ID3D11Texture2D *ds = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11DepthStencilState *dss = NULL;
    ID3D11SamplerState *cmp = NULL;
    ID3D11PixelShader *ps = NULL;
    uint8_t img[TW * TH * 16];
    struct vtx v[6];
    static const float c0[4] = { 0, 0, 0, 0 };
    const D3D11_SAMPLER_DESC smd = { D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT,
                                     D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP,
                                     D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1, D3D11_COMPARISON_LESS,
                                     { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    if (!scene_begin(&sc, L100)) {
        scene_end(&sc);
        return;
    }
    CHECK_HR(ID3D11Device_CreateTexture2D(sc.r.dev, &td, NULL, &ds), S_OK);
    if (!ds)
        goto done;
    memset(&dd, 0, sizeof(dd));
    dd.Format = DXGI_FORMAT_D32_FLOAT_S8X24_UINT;
    dd.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
    CHECK_HR(ID3D11Device_CreateDepthStencilView(sc.r.dev, (ID3D11Resource *)ds, &dd, &dsv),
             S_OK);
    memset(&sd, 0, sizeof(sd));
    sd.Format = DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS;
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
    sd.Texture2D.MipLevels = 1;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(sc.r.dev, (ID3D11Resource *)ds, &sd, &srv),
             S_OK);
    /* a typed view of another family is refused */
    sd.Format = DXGI_FORMAT_R24_UNORM_X8_TYPELESS;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(sc.r.dev, (ID3D11Resource *)ds, &sd,
                                                   &(ID3D11ShaderResourceView *){ NULL }),
             E_INVALIDARG);
    memset(&dsd, 0, sizeof(dsd));
    dsd.DepthEnable = TRUE;
    dsd.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
    dsd.DepthFunc = D3D11_COMPARISON_LESS;
    dsd.StencilEnable = TRUE;
    dsd.StencilReadMask = dsd.StencilWriteMask = 0xff;
    dsd.FrontFace.StencilFunc = dsd.BackFace.StencilFunc = D3D11_COMPARISON_ALWAYS;
    dsd.FrontFace.StencilPassOp = dsd.BackFace.StencilPassOp = D3D11_STENCIL_OP_REPLACE;
    dsd.FrontFace.StencilFailOp = dsd.BackFace.StencilFailOp = D3D11_STENCIL_OP_KEEP;
    dsd.FrontFace.StencilDepthFailOp = dsd.BackFace.StencilDepthFailOp = D3D11_STENCIL_OP_KEEP;
    CHECK_HR(ID3D11Device_CreateDepthStencilState(sc.r.dev, &dsd, &dss), S_OK);
    ps = rd_ps(sc.r.dev, PS_HEAD "mov o0.xyzw, l(1, 2, 3, 4)\nret\n");
    if (!dsv || !srv || !dss || !ps)
        goto done;
    ID3D11DeviceContext_ClearDepthStencilView(sc.r.ctx, dsv,
                                              D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 0.5f, 3);
    ID3D11DeviceContext_OMSetDepthStencilState(sc.r.ctx, dss, 7);
    ID3D11DeviceContext_OMSetRenderTargets(sc.r.ctx, 1, &sc.out_rtv, dsv);
    ID3D11DeviceContext_PSSetShader(sc.r.ctx, ps, NULL, 0);
    /* z 0.25 passes (0.25 < 0.5) and writes stencil 7; then z 0.75 fails everywhere */
    for (int pass = 0; pass < 2; pass++) {
        ID3D11Buffer *vb;
        UINT stride = sizeof(struct vtx), off = 0;
        rd_quad(v, pass ? 0.75f : 0.25f, c0, c0, c0, c0);
        vb = rd_buffer(sc.r.dev, D3D11_BIND_VERTEX_BUFFER, v, sizeof(v));
        ID3D11DeviceContext_IASetVertexBuffers(sc.r.ctx, 0, 1, &vb, &stride, &off);
        ID3D11DeviceContext_ClearRenderTargetView(sc.r.ctx, sc.out_rtv, c0);
        ACCEPTED(ID3D11DeviceContext_Draw(sc.r.ctx, 6, 0));
        rd_read_tex(&sc.r, sc.out, TW, TH, DXGI_FORMAT_R32G32B32A32_UINT, 16, img);
        CHECK_EQ(((uint32_t *)img)[3], pass ? 0u : 4u);
        CHECK_EQ(((uint32_t *)img)[(TW * TH - 1) * 4], pass ? 0u : 1u);
        RD_RELEASE(vb);
    }
    /* the depth-stencil texels: float 0.25, stencil 7 in byte 4 */
    {
        uint8_t t[TW * TH * 8];
        float z;
        ID3D11DeviceContext_OMSetRenderTargets(sc.r.ctx, 1, &sc.out_rtv, NULL);
        rd_read_tex(&sc.r, ds, TW, TH, DXGI_FORMAT_R32G8X24_TYPELESS, 8, t);
        memcpy(&z, t, 4);
        CHECK(z == 0.25f);
        CHECK_EQ(t[4], 7);
        CHECK_EQ(t[(TW * TH - 1) * 8 + 4], 7);
    }
    /* ld and sample_c through the R32_FLOAT_X8X24 view */
    CHECK_HR(ID3D11Device_CreateSamplerState(sc.r.dev, &smd, &cmp), S_OK);
    rd_quad(v, 0.0f, c0, c0, c0, c0);
    {
        ID3D11Buffer *vb = rd_buffer(sc.r.dev, D3D11_BIND_VERTEX_BUFFER, v, sizeof(v));
        UINT stride = sizeof(struct vtx), off = 0;
        ID3D11DeviceContext_IASetVertexBuffers(sc.r.ctx, 0, 1, &vb, &stride, &off);
        RD_RELEASE(vb);
    }
    ID3D11DeviceContext_OMSetDepthStencilState(sc.r.ctx, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(sc.r.ctx, 0, 1, &srv);
    ID3D11DeviceContext_PSSetSamplers(sc.r.ctx, 0, 1, &cmp);
    scene_draw(&sc,
               PS_HEAD "dcl_sampler s0, mode_comparison\n"
                       "dcl_resource_texture2d (float,float,float,float) t0\n"
                       "ftoi r0.xy, v0.xyxx\nmov r0.zw, l(0, 0, 0, 0)\n"
                       "ld r0.x, r0.xyzw, t0.xyzw\n"
                       "sample_c r0.y, l(0.5, 0.5, 0.0, 0.0), t0.xxxx, s0, l(0.125)\n"
                       "sample_c r0.z, l(0.5, 0.5, 0.0, 0.0), t0.xxxx, s0, l(0.5)\n"
                       "mov r0.w, l(0)\nmov o0.xyzw, r0.xyzw\nret\n",
               sc.out_rtv, sc.out, DXGI_FORMAT_R32G32B32A32_UINT, 16, img);
    {
        const uint32_t want[4] = { 0x3e800000u, 0x3f800000u, 0, 0 };   /* 0.25, 1.0, 0.0 */
        CHECK(!memcmp(img, want, 16));
    }
done:
    ID3D11DeviceContext_ClearState(sc.r.ctx);
    RD_RELEASE(cmp);
    RD_RELEASE(ps);
    RD_RELEASE(dss);
    RD_RELEASE(srv);
    RD_RELEASE(dsv);
    RD_RELEASE(ds);
    scene_end(&sc);
}

/* A typeless resource takes typed views of its family (the format pages' notes: PCS/FCS formats
 * are castable within their family):
 * written through an R8G8B8A8_UINT render-target view, read through an R8G8B8A8_SNORM view;
 * views of other families, typeless views, and casts of a fully typed resource are refused. */
TEST(fl10_formats_typeless_views)
{
    struct scene sc;
    ID3D11Texture2D *tex = NULL, *typed = NULL;
    ID3D11RenderTargetView *rtv = NULL, *bad_rtv = (ID3D11RenderTargetView *)(uintptr_t)1;
    ID3D11ShaderResourceView *srv = NULL, *bad = (ID3D11ShaderResourceView *)(uintptr_t)1;
    D3D11_RENDER_TARGET_VIEW_DESC rd;
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    uint8_t img[TW * TH * 16];
    if (!scene_begin(&sc, L101)) {
        scene_end(&sc);
        return;
    }
    tex = rd_texture(sc.r.dev, TW, TH, DXGI_FORMAT_R8G8B8A8_TYPELESS,
                     D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, NULL, 0);
    typed = rd_texture(sc.r.dev, TW, TH, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE,
                       NULL, 0);
    if (!tex || !typed)
        goto done;
    memset(&rd, 0, sizeof(rd));
    rd.Format = DXGI_FORMAT_R8G8B8A8_UINT;
    rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(sc.r.dev, (ID3D11Resource *)tex, &rd, &rtv),
             S_OK);
    memset(&sd, 0, sizeof(sd));
    sd.Format = DXGI_FORMAT_R8G8B8A8_SNORM;
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
    sd.Texture2D.MipLevels = 1;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(sc.r.dev, (ID3D11Resource *)tex, &sd, &srv),
             S_OK);
    /* refusals: another family, a typeless view, a cast of the fully typed resource */
    sd.Format = DXGI_FORMAT_R16G16_UNORM;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(sc.r.dev, (ID3D11Resource *)tex, &sd, &bad),
             E_INVALIDARG);
    CHECK(bad == NULL);
    sd.Format = DXGI_FORMAT_R8G8B8A8_TYPELESS;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(sc.r.dev, (ID3D11Resource *)tex, &sd, &bad),
             E_INVALIDARG);
    sd.Format = DXGI_FORMAT_R8G8B8A8_SNORM;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(sc.r.dev, (ID3D11Resource *)typed, &sd,
                                                   &bad), E_INVALIDARG);
    rd.Format = DXGI_FORMAT_R8G8B8A8_SINT;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(sc.r.dev, (ID3D11Resource *)typed, &rd,
                                                 &bad_rtv), E_INVALIDARG);
    CHECK(bad_rtv == NULL);
    if (!rtv || !srv)
        goto done;
    /* 0x81 = -127 -> -1.0, 0x40 = 64 -> 64/127, 0x7f -> 1.0, 0x80 = -128 -> -1.0 (3.2.3.3) */
    {
        uint8_t ignored[TW * TH * 4];
        scene_draw(&sc, PS_HEAD "mov o0.xyzw, l(0x81, 0x40, 0x7f, 0x80)\nret\n", rtv, tex,
                   DXGI_FORMAT_R8G8B8A8_TYPELESS, 4, ignored);
        CHECK(ignored[0] == 0x81 && ignored[1] == 0x40 && ignored[2] == 0x7f &&
              ignored[3] == 0x80);
    }
    /* (unbound as a target first: binding a view of a bound target unbinds it, the runtime's
     * read/write hazard rule) */
    ID3D11DeviceContext_OMSetRenderTargets(sc.r.ctx, 1, &sc.out_rtv, NULL);
    ID3D11DeviceContext_PSSetShaderResources(sc.r.ctx, 0, 1, &srv);
    scene_draw(&sc, PS_HEAD "dcl_resource_texture2d (snorm,snorm,snorm,snorm) t0\n"
                            "ftoi r0.xy, v0.xyxx\nmov r0.zw, l(0, 0, 0, 0)\n"
                            "ld r0.xyzw, r0.xyzw, t0.xyzw\nmov o0.xyzw, r0.xyzw\nret\n",
               sc.out_rtv, sc.out, DXGI_FORMAT_R32G32B32A32_UINT, 16, img);
    {
        float want[4] = { -1.0f, 64.0f / 127.0f, 1.0f, -1.0f };
        CHECK(!memcmp(img, want, 16));
        CHECK(!memcmp(img + (TW * TH - 1) * 16, want, 16));
    }
done:
    ID3D11DeviceContext_ClearState(sc.r.ctx);
    RD_RELEASE(srv);
    RD_RELEASE(rtv);
    RD_RELEASE(typed);
    RD_RELEASE(tex);
    scene_end(&sc);
}

/* Every TEXTURE2D / TEXTURE3D / TEXTURECUBE / CPU_LOCKABLE claim creates its resource (BC
 * formats in volumes included: 10_0's page requires them); what is not claimed is refused. */
TEST(fl10_formats_resource_kinds)
{
    ID3D11Device *dev = ff_device(L100, NULL);
    unsigned made = 0;
    if (!dev)
        return;
    for (UINT f = 1; f <= 191; f++) {
        UINT bits = d3d11_format_support_bits(L100, (DXGI_FORMAT)f);
        const core_format_desc *d = core_format_get(f);
        D3D11_TEXTURE3D_DESC t3 = { 4, 4, 4, 1, (DXGI_FORMAT)f, D3D11_USAGE_DEFAULT, 0, 0, 0 };
        D3D11_TEXTURE2D_DESC tc = { 4, 4, 1, 6, (DXGI_FORMAT)f, { 1, 0 }, D3D11_USAGE_DEFAULT,
                                    0, 0, D3D11_RESOURCE_MISC_TEXTURECUBE };
        D3D11_TEXTURE2D_DESC st = { 4, 4, 1, 1, (DXGI_FORMAT)f, { 1, 0 }, D3D11_USAGE_STAGING,
                                    0, D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE, 0 };
        ID3D11Texture3D *v = NULL;
        ID3D11Texture2D *c = NULL;
        if (!d || d->d3d9_only || d->kind == CORE_FMT_VIDEO)
            continue;
        CHECK_HR(ID3D11Device_CreateTexture3D(dev, &t3, NULL, &v),
                 (bits & T3) ? S_OK : E_INVALIDARG);
        RD_RELEASE(v);
        CHECK_HR(ID3D11Device_CreateTexture2D(dev, &tc, NULL, &c),
                 (bits & TC) ? S_OK : E_INVALIDARG);
        RD_RELEASE(c);
        CHECK_HR(ID3D11Device_CreateTexture2D(dev, &st, NULL, &c),
                 (bits & CPU) ? S_OK : E_INVALIDARG);
        if (c) {
            D3D11_MAPPED_SUBRESOURCE m;
            ID3D11DeviceContext *ctx = NULL;
            ID3D11Device_GetImmediateContext(dev, &ctx);
            CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)c, 0, D3D11_MAP_READ_WRITE, 0,
                                             &m), S_OK);
            CHECK_EQ(m.RowPitch, core_format_row_pitch(f, 4));
            ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)c, 0);
            ID3D11DeviceContext_Release(ctx);
            made++;
        }
        RD_RELEASE(c);
    }
    CHECK(made >= 90);
    ID3D11Device_Release(dev);
}
