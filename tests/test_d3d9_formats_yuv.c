/* tests/test_d3d9_formats_yuv.c — the D3D9 YUV texture formats D3DFMT_YUY2 and D3DFMT_UYVY on
 * the max profile (issue 14 part 3; seed 003: "it must be able to do MIP map filtering of YUV
 * textures" — every supported filter on every supported format).  CheckDeviceFormat says what is
 * offered (textures and offscreen plain surfaces, filtered, wrapped and mipmapped; not render
 * targets, cube or volume textures, nor blending) and the 9_x profiles refuse them; textures are
 * then sampled with point, linear, anisotropic and mipmapped filters, and an offscreen surface is
 * converted by StretchRect.
 *
 * The expected colours are the documented conversion evaluated here: "Recommended 8-Bit YUV
 * Formats for Video Rendering" (learn.microsoft.com, Media Foundation), ITU-R BT.601 with Y in
 * [16, 235] and U, V in [16, 240] — R = 1.164 (Y - 16) + 1.596 (V - 128), G = 1.164 (Y - 16)
 * - 0.813 (V - 128) - 0.391 (U - 128), B = 1.164 (Y - 16) + 2.018 (U - 128) in 8-bit units,
 * the rounded form of Y' = (Y - 16) / 219, Pb = (U - 128) / 224, Pr = (V - 128) / 224 with
 * Kr = 0.299, Kb = 0.114, which is what is evaluated — then the filter's documented
 * arithmetic (D3D11.3 7.18: nested lerps a + w (b - a), 8-bit weights).  The colours chosen
 * keep every result away from a rounding tie, so pixels are compared exactly.  Byte orders
 * (the same page): YUY2 is Y0 U0 Y1 V0, UYVY is U0 Y0 V0 Y1. */
#include "test_d3d9_render_util.h"

#define W 8
#define H 8

struct yuv {
    unsigned y, u, v;
};

struct rgbf {
    double c[3];
};

/* The documented conversion (see the header), clamped to [0, 1]. */
static struct rgbf yuv_rgb(struct yuv p)
{
    double yp = ((double)p.y - 16.0) / 219.0, pb = ((double)p.u - 128.0) / 224.0,
           pr = ((double)p.v - 128.0) / 224.0;
    struct rgbf r = { { yp + 1.402 * pr, yp - 0.344136 * pb - 0.714136 * pr, yp + 1.772 * pb } };
    for (int c = 0; c < 3; c++)
        r.c[c] = r.c[c] < 0.0 ? 0.0 : r.c[c] > 1.0 ? 1.0 : r.c[c];
    return r;
}

static struct rgbf rgb_lerp(struct rgbf a, struct rgbf b, double w)
{
    struct rgbf r;
    for (int c = 0; c < 3; c++)
        r.c[c] = a.c[c] + w * (b.c[c] - a.c[c]);
    return r;
}

static uint32_t rgb_argb(struct rgbf p)
{
    return r9_argb(p.c[0], p.c[1], p.c[2], 1.0);
}

/* One 2x1 block: texels (x, x+1) with luma y0, y1 and the shared chroma of `a` (a.y unused). */
static void put_block(D3DFORMAT f, uint8_t *p, unsigned y0, unsigned y1, unsigned u, unsigned v)
{
    if (f == D3DFMT_YUY2) {
        p[0] = (uint8_t)y0, p[1] = (uint8_t)u, p[2] = (uint8_t)y1, p[3] = (uint8_t)v;
    } else {
        p[0] = (uint8_t)u, p[1] = (uint8_t)y0, p[2] = (uint8_t)v, p[3] = (uint8_t)y1;
    }
}

/* Fills level `level` of t (w x h texels) with one colour. */
static void fill_level(IDirect3DTexture9 *t, D3DFORMAT f, UINT level, UINT w, UINT h,
                       struct yuv c)
{
    D3DLOCKED_RECT lr;
    CHECK_HR(IDirect3DTexture9_LockRect(t, level, &lr, NULL, 0), D3D_OK);
    for (UINT y = 0; y < h; y++)
        for (UINT x = 0; x < w; x += 2)
            put_block(f, (uint8_t *)lr.pBits + y * lr.Pitch + x * 2, c.y, c.y, c.u, c.v);
    CHECK_HR(IDirect3DTexture9_UnlockRect(t, level), D3D_OK);
}

/* pre-transformed with one texture coordinate */
struct tv {
    float x, y, z, rhw, u, v;
};
#define TV_FVF (D3DFVF_XYZRHW | D3DFVF_TEX1)

/* The rectangle [0, w) x [0, h) of pixels, the whole texture over it. */
static void tex_rect(IDirect3DDevice9 *dev, float w, float h)
{
    struct tv q[4] = {
        { -0.5f, -0.5f, 0.5f, 1, 0, 0 }, { w - 0.5f, -0.5f, 0.5f, 1, 1, 0 },
        { -0.5f, h - 0.5f, 0.5f, 1, 0, 1 }, { w - 0.5f, h - 0.5f, 0.5f, 1, 1, 1 },
    };
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, TV_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
}

/* A device whose stage 0 outputs the texture; sampler 0 clamps. */
static IDirect3DDevice9 *yuv_device(void)
{
    IDirect3DDevice9 *dev = r9_texture_device(W, H);
    if (!dev)
        return NULL;
    r9_clear(dev, 0xff000000);
    return dev;
}

/* yuv_device() with a w x h texture of format f (levels as CreateTexture takes them) bound to
 * stage 0; NULL (a failure reported, nothing left behind) if either cannot be made. */
static IDirect3DDevice9 *yuv_begin(D3DFORMAT f, UINT w, UINT h, UINT levels,
                                   IDirect3DTexture9 **t)
{
    IDirect3DDevice9 *dev = yuv_device();
    *t = NULL;
    if (!dev) {
        harness_fail(__FILE__, __LINE__, "no device");
        return NULL;
    }
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, w, h, levels, 0, f, D3DPOOL_MANAGED, t, NULL),
             D3D_OK);
    if (!*t) {
        r9_end(dev);
        return NULL;
    }
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)*t);
    return dev;
}

static void yuv_finish(IDirect3DDevice9 *dev, IDirect3DTexture9 *t)
{
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DTexture9_Release(t);
    r9_end(dev);
}

/* The 2x2 pixels at the origin all `want`. */
static void check_quad(const uint32_t *img, uint32_t want, D3DFORMAT f, size_t k, int line)
{
    for (int p = 0; p < 4; p++) {
        uint32_t got = img[(p / 2) * W + p % 2];
        if (got != want)
            harness_fail(__FILE__, line, "format %u case %zu pixel %d: 0x%08x, expected 0x%08x",
                         (unsigned)f, k, p, got, want);
    }
}

static void set_filters(IDirect3DDevice9 *dev, DWORD min, DWORD mag, DWORD mip)
{
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, min);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, mag);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, mip);
}

static const D3DFORMAT yuv_formats[] = { D3DFMT_YUY2, D3DFMT_UYVY };
#define N_YUV (sizeof(yuv_formats) / sizeof(yuv_formats[0]))

TEST(d3d9_yuv_check_device_format)
{
    IDirect3D9 *max = t9_d3d(NULL), *l93 = t9_d3d("9_3");
    if (!max || !l93)
        SKIP("no IDirect3D9");
    for (size_t i = 0; i < N_YUV; i++) {
        D3DFORMAT f = yuv_formats[i];
        CHECK_HR(t9_check_format(max, 0, D3DRTYPE_TEXTURE, f), D3D_OK);
        CHECK_HR(t9_check_format(max, 0, D3DRTYPE_SURFACE, f), D3D_OK);
        CHECK_HR(t9_check_format(max, D3DUSAGE_QUERY_FILTER | D3DUSAGE_QUERY_WRAPANDMIP, D3DRTYPE_TEXTURE,
                       f), D3D_OK);
        CHECK_HR(t9_check_format(max, D3DUSAGE_DYNAMIC, D3DRTYPE_TEXTURE, f), D3D_OK);
        /* not a render target, cube, volume nor blendable format; not sRGB */
        CHECK_HR(t9_check_format(max, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, f), D3DERR_NOTAVAILABLE);
        CHECK_HR(t9_check_format(max, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, f), D3DERR_NOTAVAILABLE);
        CHECK_HR(t9_check_format(max, 0, D3DRTYPE_CUBETEXTURE, f), D3DERR_NOTAVAILABLE);
        CHECK_HR(t9_check_format(max, 0, D3DRTYPE_VOLUMETEXTURE, f), D3DERR_NOTAVAILABLE);
        CHECK_HR(t9_check_format(max, D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING, D3DRTYPE_TEXTURE, f),
                 D3DERR_NOTAVAILABLE);
        CHECK_HR(t9_check_format(max, D3DUSAGE_QUERY_SRGBREAD, D3DRTYPE_TEXTURE, f), D3DERR_NOTAVAILABLE);
        CHECK_HR(t9_check_format(max, D3DUSAGE_QUERY_VERTEXTEXTURE, D3DRTYPE_TEXTURE, f),
                 D3DERR_NOTAVAILABLE);
        /* StretchRect converts a YUV offscreen surface to a render-target format */
        CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(max, 0, D3DDEVTYPE_HAL, f,
                                                        D3DFMT_X8R8G8B8), D3D_OK);
        CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(max, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                                        f), D3DERR_NOTAVAILABLE);
        /* the 9_x profiles keep exactly the seed-000 formats: no YUV */
        CHECK_HR(t9_check_format(l93, 0, D3DRTYPE_TEXTURE, f), D3DERR_NOTAVAILABLE);
        CHECK_HR(t9_check_format(l93, 0, D3DRTYPE_SURFACE, f), D3DERR_NOTAVAILABLE);
    }
    IDirect3D9_Release(max);
    IDirect3D9_Release(l93);
}

TEST(d3d9_yuv_create_refused)
{
    IDirect3DDevice9 *dev = r9_device(W, H), *d93;
    IDirect3DTexture9 *t = (IDirect3DTexture9 *)(uintptr_t)1;
    IDirect3DCubeTexture9 *c = (IDirect3DCubeTexture9 *)(uintptr_t)1;
    if (!dev)
        SKIP("no device");
    for (size_t i = 0; i < N_YUV; i++) {
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, D3DUSAGE_RENDERTARGET,
                                                yuv_formats[i], D3DPOOL_DEFAULT, &t, NULL),
                 D3DERR_INVALIDCALL);
        CHECK(t == NULL);
        CHECK_HR(IDirect3DDevice9_CreateCubeTexture(dev, 4, 1, 0, yuv_formats[i],
                                                    D3DPOOL_MANAGED, &c, NULL),
                 D3DERR_INVALIDCALL);
        CHECK(c == NULL);
    }
    r9_end(dev);
    d93 = r9_device_flags("9_3", W, H, D3DCREATE_HARDWARE_VERTEXPROCESSING);
    if (!d93)
        SKIP("no 9_3 device");
    t = (IDirect3DTexture9 *)(uintptr_t)1;
    CHECK_HR(IDirect3DDevice9_CreateTexture(d93, 4, 4, 1, 0, D3DFMT_YUY2, D3DPOOL_MANAGED, &t,
                                            NULL), D3DERR_INVALIDCALL);
    CHECK(t == NULL);
    r9_end(d93);
}

/* Point sampling of a 4x2 texture drawn texel for texel: each texel its own luma, two texels
 * sharing one chroma pair; the lock's pitch holds two texels per four bytes. */
TEST(d3d9_yuv_point)
{
    static const unsigned luma[2][4] = { { 40, 200, 120, 81 }, { 235, 16, 100, 170 } };
    static const unsigned chroma[2][2][2] = { { { 90, 200 }, { 160, 60 } },
                                              { { 128, 128 }, { 30, 220 } } };
    for (size_t i = 0; i < N_YUV; i++) {
        D3DFORMAT f = yuv_formats[i];
        IDirect3DTexture9 *t;
        D3DLOCKED_RECT lr;
        uint32_t img[W * H];
        IDirect3DDevice9 *dev = yuv_begin(f, 4, 2, 1, &t);
        if (!dev)
            continue;
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
        CHECK(lr.Pitch >= 8);
        for (int y = 0; y < 2; y++)
            for (int b = 0; b < 2; b++)
                put_block(f, (uint8_t *)lr.pBits + y * lr.Pitch + 4 * b, luma[y][2 * b],
                          luma[y][2 * b + 1], chroma[y][b][0], chroma[y][b][1]);
        CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
        set_filters(dev, D3DTEXF_POINT, D3DTEXF_POINT, D3DTEXF_NONE);
        tex_rect(dev, 4, 2);
        r9_read(dev, img);
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < 4; x++) {
                struct yuv p = { luma[y][x], chroma[y][x / 2][0], chroma[y][x / 2][1] };
                uint32_t want = rgb_argb(yuv_rgb(p));
                if (img[y * W + x] != want)
                    harness_fail(__FILE__, __LINE__, "format %u texel (%d, %d): 0x%08x, "
                                 "expected 0x%08x", (unsigned)f, x, y, img[y * W + x], want);
            }
        CHECK_EQ(img[4], 0xff000000);   /* outside the rectangle: the clear colour */
        yuv_finish(dev, t);
    }
}

/* Linear magnification of one 2x1 block onto 4x1 pixels: texel coordinates -0.25, 0.25, 0.75,
 * 1.25 (clamped), so weights 0, 1/4, 3/4, 1 between the two texels' converted colours — the
 * filter works on RGB after conversion, each texel with its own luma and the shared chroma. */
TEST(d3d9_yuv_linear)
{
    const struct yuv a = { 60, 100, 170 }, b = { 190, 100, 170 };
    const double w[4] = { 0.0, 0.25, 0.75, 1.0 };
    for (size_t i = 0; i < N_YUV; i++) {
        D3DFORMAT f = yuv_formats[i];
        IDirect3DTexture9 *t;
        D3DLOCKED_RECT lr;
        uint32_t img[W * H];
        IDirect3DDevice9 *dev = yuv_begin(f, 2, 1, 1, &t);
        if (!dev)
            continue;
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
        put_block(f, lr.pBits, a.y, b.y, a.u, a.v);
        CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
        set_filters(dev, D3DTEXF_LINEAR, D3DTEXF_LINEAR, D3DTEXF_NONE);
        tex_rect(dev, 4, 1);
        /* the same with point magnification: texel 0 twice, texel 1 twice */
        set_filters(dev, D3DTEXF_POINT, D3DTEXF_POINT, D3DTEXF_NONE);
        struct tv q[4] = {
            { -0.5f, 0.5f, 0.5f, 1, 0, 0 }, { 3.5f, 0.5f, 0.5f, 1, 1, 0 },
            { -0.5f, 1.5f, 0.5f, 1, 0, 1 }, { 3.5f, 1.5f, 0.5f, 1, 1, 1 },
        };
        CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
                 D3D_OK);
        r9_read(dev, img);
        for (int x = 0; x < 4; x++) {
            uint32_t want = rgb_argb(rgb_lerp(yuv_rgb(a), yuv_rgb(b), w[x]));
            uint32_t want_point = rgb_argb(yuv_rgb(x < 2 ? a : b));
            if (img[x] != want || img[W + x] != want_point)
                harness_fail(__FILE__, __LINE__, "format %u pixel %d: linear 0x%08x (expected "
                             "0x%08x), point 0x%08x (expected 0x%08x)", (unsigned)f, x, img[x],
                             want, img[W + x], want_point);
        }
        CHECK(img[1] != img[0] && img[2] != img[1]);   /* the weights made a difference */
        yuv_finish(dev, t);
    }
}

/* Mipmapped filtering (seed 003): a 4x4 texture of three levels, one colour a level, drawn onto
 * 2x2 pixels (LOD exactly 1).  MIPFILTER NONE reads level 0 only (seed 003: "must use only the
 * top level"), POINT level 1, LINEAR with a bias of -0.5 the even mix of levels 0 and 1,
 * MAXMIPLEVEL 2 level 2. */
TEST(d3d9_yuv_mipmap)
{
    const struct yuv lv[3] = { { 50, 90, 200 }, { 180, 160, 60 }, { 120, 40, 140 } };
    for (size_t i = 0; i < N_YUV; i++) {
        D3DFORMAT f = yuv_formats[i];
        IDirect3DTexture9 *t;
        uint32_t img[W * H];
        float bias = -0.5f;
        DWORD bias_bits;
        IDirect3DDevice9 *dev = yuv_begin(f, 4, 4, 0, &t);
        if (!dev)
            continue;
        CHECK_EQ(IDirect3DTexture9_GetLevelCount(t), 3);
        for (UINT l = 0; l < 3; l++)
            fill_level(t, f, l, 4 >> l, 4 >> l, lv[l]);
        const struct {
            DWORD min, mip, maxlevel;
            bool bias;
            uint32_t want;
        } cases[] = {
            { D3DTEXF_POINT, D3DTEXF_NONE, 0, false, rgb_argb(yuv_rgb(lv[0])) },
            { D3DTEXF_POINT, D3DTEXF_POINT, 0, false, rgb_argb(yuv_rgb(lv[1])) },
            { D3DTEXF_LINEAR, D3DTEXF_POINT, 0, false, rgb_argb(yuv_rgb(lv[1])) },
            { D3DTEXF_LINEAR, D3DTEXF_LINEAR, 0, true,
              rgb_argb(rgb_lerp(yuv_rgb(lv[0]), yuv_rgb(lv[1]), 0.5)) },
            { D3DTEXF_POINT, D3DTEXF_POINT, 2, false, rgb_argb(yuv_rgb(lv[2])) },
        };
        for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
            bias = cases[k].bias ? -0.5f : 0.0f;
            memcpy(&bias_bits, &bias, sizeof(bias_bits));
            set_filters(dev, cases[k].min, D3DTEXF_POINT, cases[k].mip);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPMAPLODBIAS, bias_bits);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXMIPLEVEL, cases[k].maxlevel);
            tex_rect(dev, 2, 2);
            r9_read(dev, img);
            check_quad(img, cases[k].want, f, k, __LINE__);
        }
        yuv_finish(dev, t);
    }
}

/* Anisotropic filtering: an 8x2 texture of four levels (8x2, 4x1, 2x1, 1x1), one colour a
 * level, drawn onto 2x2 pixels: 4 texels a pixel along u, 1 along v.  Isotropic filtering takes
 * LOD log2(4) = 2; anisotropic filtering divides the long axis by the ratio, min(4,
 * MAXANISOTROPY): LOD 0 with MAXANISOTROPY 4, LOD 1 with 2 (D3D11.3 7.18.11). */
TEST(d3d9_yuv_anisotropic)
{
    const struct yuv lv[4] = {
        { 50, 90, 200 }, { 180, 160, 60 }, { 120, 40, 140 }, { 90, 210, 100 } };
    for (size_t i = 0; i < N_YUV; i++) {
        D3DFORMAT f = yuv_formats[i];
        IDirect3DTexture9 *t;
        uint32_t img[W * H];
        IDirect3DDevice9 *dev = yuv_begin(f, 8, 2, 0, &t);
        if (!dev)
            continue;
        CHECK_EQ(IDirect3DTexture9_GetLevelCount(t), 4);
        for (UINT l = 0; l < 4; l++)
            fill_level(t, f, l, 8 >> l, l ? 1 : 2, lv[l]);
        const struct {
            DWORD min, aniso;
            unsigned level;
        } cases[] = {
            { D3DTEXF_LINEAR, 1, 2 },
            { D3DTEXF_ANISOTROPIC, 4, 0 },
            { D3DTEXF_ANISOTROPIC, 2, 1 },
        };
        for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
            uint32_t want = rgb_argb(yuv_rgb(lv[cases[k].level]));
            set_filters(dev, cases[k].min, D3DTEXF_LINEAR, D3DTEXF_POINT);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXANISOTROPY, cases[k].aniso);
            tex_rect(dev, 2, 2);
            r9_read(dev, img);
            check_quad(img, want, f, k, __LINE__);
        }
        yuv_finish(dev, t);
    }
}

/* An offscreen plain YUV surface (the video use) converted into the back buffer by StretchRect,
 * unstretched and stretched with point filtering, the source rectangle starting inside a 2x1
 * block (its odd texel). */
TEST(d3d9_yuv_stretch_rect)
{
    static const unsigned luma[4] = { 30, 220, 140, 75 };
    for (size_t i = 0; i < N_YUV; i++) {
        D3DFORMAT f = yuv_formats[i];
        IDirect3DDevice9 *dev = yuv_device();
        IDirect3DSurface9 *s = NULL, *bb = NULL;
        D3DLOCKED_RECT lr;
        uint32_t img[W * H];
        if (!dev)
            SKIP("no device");
        IDirect3DDevice9_EndScene(dev);
        CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 1, f, D3DPOOL_DEFAULT, &s,
                                                              NULL), D3D_OK);
        CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 0, &bb), D3D_OK);
        if (!s || !bb) {
            if (s)
                IDirect3DSurface9_Release(s);
            if (bb)
                IDirect3DSurface9_Release(bb);
            r9_end(dev);
            continue;
        }
        CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, NULL, 0), D3D_OK);
        put_block(f, lr.pBits, luma[0], luma[1], 100, 180);
        put_block(f, (uint8_t *)lr.pBits + 4, luma[2], luma[3], 200, 50);
        CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3D_OK);
        RECT d0 = { 0, 0, 4, 1 }, s1 = { 1, 0, 3, 1 }, d1 = { 0, 1, 4, 2 };
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, s, NULL, bb, &d0, D3DTEXF_NONE), D3D_OK);
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, s, &s1, bb, &d1, D3DTEXF_POINT), D3D_OK);
        /* a YUV destination is no conversion target */
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, bb, &d0, s, NULL, D3DTEXF_NONE),
                 D3DERR_INVALIDCALL);
        IDirect3DDevice9_BeginScene(dev);
        r9_read(dev, img);
        for (int x = 0; x < 4; x++) {
            struct yuv p = { luma[x], x < 2 ? 100 : 200, x < 2 ? 180 : 50 };
            int sx = 1 + x / 2;   /* texels 1, 1, 2, 2 of the source */
            struct yuv q = { luma[sx], sx < 2 ? 100 : 200, sx < 2 ? 180 : 50 };
            uint32_t want = rgb_argb(yuv_rgb(p)), want1 = rgb_argb(yuv_rgb(q));
            if (img[x] != want || img[W + x] != want1)
                harness_fail(__FILE__, __LINE__, "format %u pixel %d: 0x%08x / 0x%08x, expected "
                             "0x%08x / 0x%08x", (unsigned)f, x, img[x], img[W + x], want, want1);
        }
        IDirect3DSurface9_Release(bb);
        IDirect3DSurface9_Release(s);
        r9_end(dev);
    }
}
