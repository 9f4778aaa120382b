/* tests/test_d3d9_formats_color.c — the D3D9 colour formats of issue 14 part 3 on the max
 * profile: R5G6B5, X1R5G5B5, A1R5G5B5, A4R4G4B4, R8G8B8, A8B8G8R8, X8B8G8R8, A2R10G10B10,
 * A2B10G10R10, G16R16, A16B16G16R16, R16F, G16R16F, A16B16G16R16F, R32F, G32R32F,
 * A32B32G32R32F, L8, A8L8, A4L4, L16, A8 — and the formats refused (P8, A8P8, the driver
 * FOURCC RAWZ; INTZ, DF16, DF24 and NULL are offered and tested in test_d3d9_depth_formats.c,
 * the 3Dc FOURCCs ATI1/ATI2 in test_d3d9_formats_3dc.c).
 *
 * Per format, each use CheckDeviceFormat reports is exercised, and each one it refuses is
 * refused by the creation call too:
 *   texture:        texels written through LockRect in the format's documented bit layout
 *                   (D3DFORMAT reference: channels named from the most significant bit), point
 *                   sampled onto the A8R8G8B8 back buffer (D3D9's defaults for absent channels:
 *                   1, alpha-only formats (0, 0, 0, a)), and linearly filtered (QUERY_FILTER:
 *                   weights 1/4 and 3/4, D3D11.3 7.18.16.2's lerps);
 *   render target:  a render-target texture drawn with a diffuse colour, read back with
 *                   GetRenderTargetData and decoded from its bits (UNORM: round to nearest,
 *                   D3D11.3 3.2.3.6; float16: round toward zero, 3.2.2);
 *   blending:       (QUERY_POSTPIXELSHADER_BLENDING) ONE + ONE onto a cleared target;
 *   offscreen:      CreateOffscreenPlainSurface, ColorFill with a colour of 0/255 channels
 *                   (exact in every format), LockRect.
 *   volume, cube:   one texel a slice / face, point sampled;
 * and DXT1-5 volume textures (the block layout per slice). */
#include "test_d3d9_render_util.h"

#define W 8
#define H 8

enum { KU = 1, KF };   /* channel kinds: UNORM, float (16 or 32 bits) */

struct chan {
    int8_t c;          /* 0 r, 1 g, 2 b, 3 a, 4 luminance (r = g = b), -1 none */
    uint8_t shift, bits, kind;
};

struct fmt {
    D3DFORMAT f;
    const char *name;
    unsigned bytes;
    struct chan ch[4];
    bool rt, blend, srgb;   /* the uses beyond texture / filter / surface */
};

#define U(c, s, b) { c, s, b, KU }
#define FL(c, s, b) { c, s, b, KF }
#define NOC { -1, 0, 0, 0 }

static const struct fmt fmts[] = {
    { D3DFMT_R5G6B5, "R5G6B5", 2, { U(0, 11, 5), U(1, 5, 6), U(2, 0, 5), NOC }, 1, 1, 0 },
    { D3DFMT_X1R5G5B5, "X1R5G5B5", 2, { U(0, 10, 5), U(1, 5, 5), U(2, 0, 5), NOC }, 1, 1, 0 },
    { D3DFMT_A1R5G5B5, "A1R5G5B5", 2, { U(0, 10, 5), U(1, 5, 5), U(2, 0, 5), U(3, 15, 1) },
      1, 1, 0 },
    { D3DFMT_A4R4G4B4, "A4R4G4B4", 2, { U(0, 8, 4), U(1, 4, 4), U(2, 0, 4), U(3, 12, 4) },
      1, 1, 0 },
    { D3DFMT_R8G8B8, "R8G8B8", 3, { U(0, 16, 8), U(1, 8, 8), U(2, 0, 8), NOC }, 0, 0, 0 },
    { D3DFMT_A8B8G8R8, "A8B8G8R8", 4, { U(0, 0, 8), U(1, 8, 8), U(2, 16, 8), U(3, 24, 8) },
      1, 1, 1 },
    { D3DFMT_X8B8G8R8, "X8B8G8R8", 4, { U(0, 0, 8), U(1, 8, 8), U(2, 16, 8), NOC }, 1, 1, 0 },
    { D3DFMT_A2R10G10B10, "A2R10G10B10", 4,
      { U(0, 20, 10), U(1, 10, 10), U(2, 0, 10), U(3, 30, 2) }, 1, 1, 0 },
    { D3DFMT_A2B10G10R10, "A2B10G10R10", 4,
      { U(0, 0, 10), U(1, 10, 10), U(2, 20, 10), U(3, 30, 2) }, 1, 1, 0 },
    { D3DFMT_G16R16, "G16R16", 4, { U(0, 0, 16), U(1, 16, 16), NOC, NOC }, 1, 1, 0 },
    { D3DFMT_A16B16G16R16, "A16B16G16R16", 8,
      { U(0, 0, 16), U(1, 16, 16), U(2, 32, 16), U(3, 48, 16) }, 1, 1, 0 },
    { D3DFMT_R16F, "R16F", 2, { FL(0, 0, 16), NOC, NOC, NOC }, 1, 1, 0 },
    { D3DFMT_G16R16F, "G16R16F", 4, { FL(0, 0, 16), FL(1, 16, 16), NOC, NOC }, 1, 1, 0 },
    { D3DFMT_A16B16G16R16F, "A16B16G16R16F", 8,
      { FL(0, 0, 16), FL(1, 16, 16), FL(2, 32, 16), FL(3, 48, 16) }, 1, 1, 0 },
    { D3DFMT_R32F, "R32F", 4, { FL(0, 0, 32), NOC, NOC, NOC }, 1, 1, 0 },
    { D3DFMT_G32R32F, "G32R32F", 8, { FL(0, 0, 32), FL(1, 32, 32), NOC, NOC }, 1, 1, 0 },
    { D3DFMT_A32B32G32R32F, "A32B32G32R32F", 16,
      { FL(0, 0, 32), FL(1, 32, 32), FL(2, 64, 32), FL(3, 96, 32) }, 1, 1, 0 },
    { D3DFMT_L8, "L8", 1, { U(4, 0, 8), NOC, NOC, NOC }, 0, 0, 0 },
    { D3DFMT_A8L8, "A8L8", 2, { U(4, 0, 8), U(3, 8, 8), NOC, NOC }, 0, 0, 0 },
    { D3DFMT_A4L4, "A4L4", 1, { U(4, 0, 4), U(3, 4, 4), NOC, NOC }, 0, 0, 0 },
    { D3DFMT_L16, "L16", 2, { U(4, 0, 16), NOC, NOC, NOC }, 0, 0, 0 },
    { D3DFMT_A8, "A8", 1, { U(3, 0, 8), NOC, NOC, NOC }, 0, 0, 0 },
};
#define N_FMTS (sizeof(fmts) / sizeof(fmts[0]))

/* ---- the formats' bits, written and read here from the D3DFORMAT layouts ---- */

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

static float bits_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof(f));
    return f;
}

/* float32 -> float16, round toward zero (D3D11.3 3.2.2), for 0 and the normal range only. */
static uint32_t half_rtz(float f)
{
    uint32_t u = f32_bits(f);
    int e = (int)((u >> 23) & 0xff) - 127 + 15;
    if (f == 0.0f)
        return 0;
    return (u >> 31) << 15 | (uint32_t)e << 10 | ((u >> 13) & 0x3ff);
}

static float half_f32(uint32_t h)
{
    int e = (int)((h >> 10) & 31);
    float m = (float)(h & 0x3ff);
    float v = e ? ldexpf(1024.0f + m, e - 25) : ldexpf(m, -24);
    return (h & 0x8000) ? -v : v;
}

static void put_bits(uint8_t *p, unsigned shift, unsigned bits, uint32_t v)
{
    for (unsigned i = 0; i < bits; i++) {
        unsigned b = shift + i;
        p[b / 8] = (uint8_t)((p[b / 8] & ~(1u << (b % 8))) | (((v >> i) & 1u) << (b % 8)));
    }
}

static uint32_t get_bits(const uint8_t *p, unsigned shift, unsigned bits)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < bits; i++) {
        unsigned b = shift + i;
        v |= (uint32_t)((p[b / 8] >> (b % 8)) & 1u) << i;
    }
    return v;
}

static uint32_t unorm_q(double c, unsigned bits)
{
    double max = (double)((1ull << bits) - 1);
    return c <= 0.0 ? 0 : c >= 1.0 ? (uint32_t)max : (uint32_t)floor(c * max + 0.5);
}

/* Texel value of channel ch from raw bits. */
static double chan_value(const struct chan *ch, uint32_t v)
{
    if (ch->kind == KF)
        return ch->bits == 16 ? half_f32(v) : bits_f32(v);
    return (double)v / (double)((1ull << ch->bits) - 1);
}

/* Encodes in[4] (r, g, b, a; luminance from r) into p, and returns in out[4] what the texel
 * holds, as D3D9 samples it: absent colour channels 1 (0 for the alpha-only A8), absent
 * alpha 1. */
static void encode(const struct fmt *f, const double in[4], uint8_t *p, double out[4])
{
    bool colour = false;
    out[0] = out[1] = out[2] = out[3] = 1.0;
    for (int k = 0; k < 4; k++) {
        const struct chan *ch = &f->ch[k];
        if (ch->c < 0)
            continue;
        double c = in[ch->c == 4 ? 0 : ch->c];
        uint32_t v = ch->kind == KF ? (ch->bits == 16 ? half_rtz((float)c) : f32_bits((float)c))
                                    : unorm_q(c, ch->bits);
        put_bits(p, ch->shift, ch->bits, v);
        double d = chan_value(ch, v);
        if (ch->c == 4)
            out[0] = out[1] = out[2] = d;
        else
            out[ch->c] = d;
        colour |= ch->c != 3;
    }
    if (!colour)
        out[0] = out[1] = out[2] = 0.0;
}

/* The out[] index channel ch decodes to: luminance to r; -1 for none. */
static int chan_index(const struct chan *ch)
{
    return ch->c == 4 ? 0 : ch->c;
}

/* Decodes p's present channels into out[] (absent ones left alone). */
static void decode(const struct fmt *f, const uint8_t *p, double out[4])
{
    for (int k = 0; k < 4; k++) {
        const struct chan *ch = &f->ch[k];
        if (ch->c >= 0)
            out[chan_index(ch)] = chan_value(ch, get_bits(p, ch->shift, ch->bits));
    }
}

static uint32_t argb_of(const double c[4])
{
    return r9_argb(c[0], c[1], c[2], c[3]);
}

TEST(d3d9_color_formats_check)
{
    IDirect3D9 *max = t9_d3d(NULL), *l93 = t9_d3d("9_3");
    if (!max || !l93)
        SKIP("no IDirect3D9");
    for (size_t i = 0; i < N_FMTS; i++) {
        const struct fmt *f = &fmts[i];
        HRESULT rt = f->rt ? D3D_OK : D3DERR_NOTAVAILABLE;
        HRESULT hr[10] = {
            t9_check_format(max, 0, D3DRTYPE_TEXTURE, f->f),
            t9_check_format(max, 0, D3DRTYPE_SURFACE, f->f),
            t9_check_format(max, 0, D3DRTYPE_CUBETEXTURE, f->f),
            t9_check_format(max, 0, D3DRTYPE_VOLUMETEXTURE, f->f),
            t9_check_format(max, D3DUSAGE_QUERY_FILTER | D3DUSAGE_QUERY_WRAPANDMIP, D3DRTYPE_TEXTURE, f->f),
            t9_check_format(max, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, f->f),
            t9_check_format(max, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, f->f),
            t9_check_format(max, D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING, D3DRTYPE_TEXTURE, f->f),
            t9_check_format(max, D3DUSAGE_QUERY_SRGBREAD, D3DRTYPE_TEXTURE, f->f),
            t9_check_format(max, D3DUSAGE_QUERY_SRGBWRITE, D3DRTYPE_TEXTURE, f->f),
        };
        HRESULT want[10] = { D3D_OK, D3D_OK, D3D_OK, D3D_OK, D3D_OK, rt, rt,
                             f->blend ? D3D_OK : D3DERR_NOTAVAILABLE,
                             f->srgb ? D3D_OK : D3DERR_NOTAVAILABLE,
                             f->srgb ? D3D_OK : D3DERR_NOTAVAILABLE };
        for (int k = 0; k < 10; k++)
            if (hr[k] != want[k])
                harness_fail(__FILE__, __LINE__, "%s: query %d 0x%08x, expected 0x%08x",
                             f->name, k, (unsigned)hr[k], (unsigned)want[k]);
        /* no colour format is a depth-stencil buffer */
        CHECK_HR(t9_check_format(max, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, f->f), D3DERR_NOTAVAILABLE);
    }
    /* 9_3 keeps the seed-000 table: R5G6B5 is no format there, A16B16G16R16 is not blended,
     * R32F not filtered */
    CHECK_HR(t9_check_format(l93, 0, D3DRTYPE_TEXTURE, D3DFMT_R5G6B5), D3DERR_NOTAVAILABLE);
    CHECK_HR(t9_check_format(l93, D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING, D3DRTYPE_TEXTURE,
                   D3DFMT_A16B16G16R16), D3DERR_NOTAVAILABLE);
    CHECK_HR(t9_check_format(l93, D3DUSAGE_QUERY_FILTER, D3DRTYPE_TEXTURE, D3DFMT_R32F),
             D3DERR_NOTAVAILABLE);
    /* refused everywhere: palettes, NVIDIA's raw-depth FOURCC RAWZ (see the README's D3D9
     * section) */
    static const D3DFORMAT refused[] = {
        D3DFMT_P8, D3DFMT_A8P8, (D3DFORMAT)MAKEFOURCC('R', 'A', 'W', 'Z'),
    };
    for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
        CHECK_HR(t9_check_format(max, 0, D3DRTYPE_TEXTURE, refused[i]), D3DERR_NOTAVAILABLE);
        CHECK_HR(t9_check_format(max, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, refused[i]),
                 D3DERR_NOTAVAILABLE);
        CHECK_HR(t9_check_format(max, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, refused[i]),
                 D3DERR_NOTAVAILABLE);
    }
    IDirect3D9_Release(max);
    IDirect3D9_Release(l93);
}

TEST(d3d9_color_formats_refused_create)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        SKIP("no device");
    for (size_t i = 0; i < N_FMTS; i++) {
        IDirect3DTexture9 *t = (IDirect3DTexture9 *)(uintptr_t)1;
        IDirect3DSurface9 *s = (IDirect3DSurface9 *)(uintptr_t)1;
        if (fmts[i].rt)
            continue;
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, D3DUSAGE_RENDERTARGET, fmts[i].f,
                                                D3DPOOL_DEFAULT, &t, NULL), D3DERR_INVALIDCALL);
        CHECK(t == NULL);
        CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 4, 4, fmts[i].f, D3DMULTISAMPLE_NONE, 0,
                                                     FALSE, &s, NULL), D3DERR_INVALIDCALL);
        CHECK(s == NULL);
    }
    IDirect3DTexture9 *t = (IDirect3DTexture9 *)(uintptr_t)1;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_P8, D3DPOOL_MANAGED, &t,
                                            NULL), D3DERR_INVALIDCALL);
    CHECK(t == NULL);
    r9_end(dev);
}

/* The two test colours (r, g, b, a) texels are made of; no channel quantizes onto a rounding
 * tie in any format. */
static const double ca[4] = { 0.2, 0.85, 0.4, 0.7 }, cb[4] = { 0.9, 0.1, 0.65, 0.3 };

/* pre-transformed with one texture coordinate */
struct tv {
    float x, y, z, rhw, u, v;
};
#define TV_FVF (D3DFVF_XYZRHW | D3DFVF_TEX1)

static void tex_row(IDirect3DDevice9 *dev, float y0, float w)
{
    struct tv q[4] = {
        { -0.5f, y0 - 0.5f, 0.5f, 1, 0, 0 }, { w - 0.5f, y0 - 0.5f, 0.5f, 1, 1, 0 },
        { -0.5f, y0 + 0.5f, 0.5f, 1, 0, 1 }, { w - 0.5f, y0 + 0.5f, 0.5f, 1, 1, 1 },
    };
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, TV_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
}

/* Two texels a (left) and b (right), each a test colour; point sampled in row 0 (texel for
 * texel, 2 pixels) and linearly filtered in row 1 (4 pixels: weights 0, 1/4, 3/4, 1). */
TEST(d3d9_color_formats_sample)
{
    IDirect3DDevice9 *dev = r9_texture_device(W, H);
    if (!dev)
        SKIP("no device");
    for (size_t i = 0; i < N_FMTS; i++) {
        const struct fmt *f = &fmts[i];
        IDirect3DTexture9 *t = NULL;
        D3DLOCKED_RECT lr;
        double da[4], db[4];
        uint32_t img[W * H];
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 2, 1, 1, 0, f->f, D3DPOOL_MANAGED, &t,
                                                NULL), D3D_OK);
        if (!t)
            continue;
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
        CHECK((unsigned)lr.Pitch >= 2 * f->bytes);
        memset(lr.pBits, 0, 2 * f->bytes);
        encode(f, ca, lr.pBits, da);
        encode(f, cb, (uint8_t *)lr.pBits + f->bytes, db);
        CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
        r9_clear(dev, 0x00000000);
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
        tex_row(dev, 0, 2);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR);
        tex_row(dev, 1, 4);
        r9_read(dev, img);
        if (img[0] != argb_of(da) || img[1] != argb_of(db))
            harness_fail(__FILE__, __LINE__, "%s point: 0x%08x 0x%08x, expected 0x%08x 0x%08x",
                         f->name, img[0], img[1], argb_of(da), argb_of(db));
        static const double w[4] = { 0.0, 0.25, 0.75, 1.0 };
        for (int x = 0; x < 4; x++) {
            double m[4];
            for (int c = 0; c < 4; c++)
                m[c] = (double)((float)da[c] + (float)w[x] * ((float)db[c] - (float)da[c]));
            if (img[W + x] != argb_of(m))
                harness_fail(__FILE__, __LINE__, "%s linear pixel %d: 0x%08x, expected 0x%08x",
                             f->name, x, img[W + x], argb_of(m));
        }
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
        IDirect3DTexture9_Release(t);
    }
    r9_end(dev);
}

/* One pixel at (x, 0) with the 3D texture coordinate (s, t, r). */
static void tex3_pixel(IDirect3DDevice9 *dev, float x, float s, float t, float r)
{
    struct {
        float x, y, z, rhw, s, t, r;
    } q[4] = { { x - 0.5f, -0.5f, 0.5f, 1, s, t, r }, { x + 0.5f, -0.5f, 0.5f, 1, s, t, r },
               { x - 0.5f, 0.5f, 0.5f, 1, s, t, r }, { x + 0.5f, 0.5f, 0.5f, 1, s, t, r } };
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0));
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
}

/* Volume and cube textures of every format (CheckDeviceFormat offers both): a 1x1x2 volume
 * whose slices hold colours a and b, read at w = 1/4 and 3/4, and a cube of edge 1 whose +X
 * face holds a and -Z face b, read along those axes (point sampling). */
TEST(d3d9_color_formats_volume_cube)
{
    IDirect3DDevice9 *dev = r9_texture_device(W, H);
    if (!dev)
        SKIP("no device");
    for (size_t i = 0; i < N_FMTS; i++) {
        const struct fmt *f = &fmts[i];
        IDirect3DVolumeTexture9 *vol = NULL;
        IDirect3DCubeTexture9 *cube = NULL;
        D3DLOCKED_BOX lb;
        D3DLOCKED_RECT lr;
        double da[4], db[4];
        uint32_t img[W * H];
        CHECK_HR(IDirect3DDevice9_CreateVolumeTexture(dev, 1, 1, 2, 1, 0, f->f, D3DPOOL_MANAGED,
                                                      &vol, NULL), D3D_OK);
        CHECK_HR(IDirect3DDevice9_CreateCubeTexture(dev, 1, 1, 0, f->f, D3DPOOL_MANAGED, &cube,
                                                    NULL), D3D_OK);
        if (!vol || !cube) {
            if (vol)
                IDirect3DVolumeTexture9_Release(vol);
            if (cube)
                IDirect3DCubeTexture9_Release(cube);
            continue;
        }
        CHECK_HR(IDirect3DVolumeTexture9_LockBox(vol, 0, &lb, NULL, 0), D3D_OK);
        memset(lb.pBits, 0, f->bytes);
        memset((uint8_t *)lb.pBits + lb.SlicePitch, 0, f->bytes);
        encode(f, ca, lb.pBits, da);
        encode(f, cb, (uint8_t *)lb.pBits + lb.SlicePitch, db);
        CHECK_HR(IDirect3DVolumeTexture9_UnlockBox(vol, 0), D3D_OK);
        for (int face = 0; face < 6; face++) {
            double unused[4];
            static const double grey[4] = { 0.5, 0.5, 0.5, 0.5 };
            CHECK_HR(IDirect3DCubeTexture9_LockRect(cube, (D3DCUBEMAP_FACES)face, 0, &lr, NULL,
                                                    0), D3D_OK);
            memset(lr.pBits, 0, f->bytes);
            encode(f, face == D3DCUBEMAP_FACE_POSITIVE_X   ? ca
                      : face == D3DCUBEMAP_FACE_NEGATIVE_Z ? cb
                                                           : grey,
                   lr.pBits, unused);
            CHECK_HR(IDirect3DCubeTexture9_UnlockRect(cube, (D3DCUBEMAP_FACES)face, 0), D3D_OK);
        }
        r9_clear(dev, 0);
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)vol);
        tex3_pixel(dev, 0, 0.5f, 0.5f, 0.25f);
        tex3_pixel(dev, 1, 0.5f, 0.5f, 0.75f);
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)cube);
        tex3_pixel(dev, 2, 1.0f, 0.0f, 0.0f);
        tex3_pixel(dev, 3, 0.0f, 0.0f, -1.0f);
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
        r9_read(dev, img);
        uint32_t wa = argb_of(da), wb = argb_of(db);
        if (img[0] != wa || img[1] != wb || img[2] != wa || img[3] != wb)
            harness_fail(__FILE__, __LINE__, "%s: volume 0x%08x 0x%08x, cube 0x%08x 0x%08x, "
                         "expected 0x%08x 0x%08x", f->name, img[0], img[1], img[2], img[3], wa,
                         wb);
        IDirect3DVolumeTexture9_Release(vol);
        IDirect3DCubeTexture9_Release(cube);
    }
    r9_end(dev);
}

/* The target's texel (x, y) decoded from a GetRenderTargetData copy. */
static void read_texel(IDirect3DDevice9 *dev, IDirect3DSurface9 *rt, const struct fmt *f,
                       UINT x, UINT y, double out[4])
{
    IDirect3DSurface9 *sys = NULL;
    D3DLOCKED_RECT lr;
    out[0] = out[1] = out[2] = out[3] = -1.0;
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 4, f->f, D3DPOOL_SYSTEMMEM,
                                                          &sys, NULL), D3D_OK);
    if (!sys)
        return;
    CHECK_HR(IDirect3DDevice9_GetRenderTargetData(dev, rt, sys), D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
    decode(f, (const uint8_t *)lr.pBits + y * lr.Pitch + x * f->bytes, out);
    IDirect3DSurface9_UnlockRect(sys);
    IDirect3DSurface9_Release(sys);
}

/* What the target stores for a value c of channel ch (in [0, 1]). */
static double stored(const struct chan *ch, double c)
{
    if (ch->kind == KF)
        return ch->bits == 16 ? half_f32(half_rtz((float)c)) : (double)(float)c;
    return chan_value(ch, unorm_q(c, ch->bits));
}

static bool same_channels(const struct fmt *f, const double got[4], const double want[4])
{
    for (int k = 0; k < 4; k++) {
        int c = chan_index(&f->ch[k]);
        if (c >= 0 && got[c] != want[c])
            return false;
    }
    return true;
}

/* Render targets: a rectangle of diffuse colour D drawn into a render-target texture; then
 * additive blending (ONE, ONE) of colour E over it where blending is offered. */
TEST(d3d9_color_formats_render_target)
{
    const D3DCOLOR d = 0x6633cc99, e = 0x20104020;
    const double dc[4] = { 0x33 / 255.0, 0xcc / 255.0, 0x99 / 255.0, 0x66 / 255.0 };
    const double ec[4] = { 0x10 / 255.0, 0x40 / 255.0, 0x20 / 255.0, 0x20 / 255.0 };
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DSurface9 *bb = NULL;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 0, &bb), D3D_OK);
    IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
    for (size_t i = 0; i < N_FMTS; i++) {
        const struct fmt *f = &fmts[i];
        IDirect3DTexture9 *t = NULL;
        IDirect3DSurface9 *rt = NULL;
        double got[4], want[4];
        if (!f->rt)
            continue;
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, D3DUSAGE_RENDERTARGET, f->f,
                                                D3DPOOL_DEFAULT, &t, NULL), D3D_OK);
        if (!t)
            continue;
        IDirect3DTexture9_GetSurfaceLevel(t, 0, &rt);
        CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, rt), D3D_OK);
        CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0), D3D_OK);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
        r9_rect(dev, 0, 0, 2, 4, d);
        read_texel(dev, rt, f, 1, 2, got);
        for (int k = 0; k < 4; k++) {
            int c = chan_index(&f->ch[k]);
            if (c >= 0)
                want[c] = stored(&f->ch[k], dc[c]);
        }
        if (!same_channels(f, got, want))
            harness_fail(__FILE__, __LINE__, "%s draw: (%g %g %g %g), expected (%g %g %g %g)",
                         f->name, got[0], got[1], got[2], got[3], want[0], want[1], want[2],
                         want[3]);
        read_texel(dev, rt, f, 3, 2, got);   /* outside the rectangle: the clear's zeros */
        for (int k = 0; k < 4; k++) {
            int c = chan_index(&f->ch[k]);
            if (c >= 0 && got[c] != 0.0)
                harness_fail(__FILE__, __LINE__, "%s: channel %d outside the draw is %g",
                             f->name, c, got[c]);
        }
        if (f->blend) {
            double dst[4];
            memcpy(dst, want, sizeof(dst));
            IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_ONE);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_ONE);
            r9_rect(dev, 0, 0, 4, 4, e);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
            read_texel(dev, rt, f, 1, 2, got);
            for (int k = 0; k < 4; k++) {
                int c = chan_index(&f->ch[k]);
                if (c >= 0) {
                    double s = (double)((float)ec[c] + (float)dst[c]);
                    want[c] = stored(&f->ch[k], f->ch[k].kind == KF ? s : (s > 1.0 ? 1.0 : s));
                }
            }
            if (!same_channels(f, got, want))
                harness_fail(__FILE__, __LINE__, "%s blend: (%g %g %g %g), expected "
                             "(%g %g %g %g)", f->name, got[0], got[1], got[2], got[3], want[0],
                             want[1], want[2], want[3]);
        }
        CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, bb), D3D_OK);
        IDirect3DSurface9_Release(rt);
        IDirect3DTexture9_Release(t);
    }
    IDirect3DSurface9_Release(bb);
    r9_end(dev);
}

/* Offscreen plain surfaces: created in D3DPOOL_DEFAULT, filled by ColorFill (a render target
 * format or not: ColorFill takes plain surfaces), locked and read. */
TEST(d3d9_color_formats_offscreen)
{
    /* r = g = b: luminance formats take it whatever their weights */
    const D3DCOLOR fill = 0x00ffffff;
    const double fc[4] = { 1.0, 1.0, 1.0, 0.0 };
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        SKIP("no device");
    IDirect3DDevice9_EndScene(dev);
    for (size_t i = 0; i < N_FMTS; i++) {
        const struct fmt *f = &fmts[i];
        IDirect3DSurface9 *s = NULL;
        D3DLOCKED_RECT lr;
        double got[4], want[4];
        CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 4, f->f, D3DPOOL_DEFAULT,
                                                              &s, NULL), D3D_OK);
        if (!s)
            continue;
        CHECK_HR(IDirect3DDevice9_ColorFill(dev, s, NULL, fill), D3D_OK);
        CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
        decode(f, (const uint8_t *)lr.pBits + 3 * lr.Pitch + 3 * f->bytes, got);
        IDirect3DSurface9_UnlockRect(s);
        for (int k = 0; k < 4; k++) {
            int c = chan_index(&f->ch[k]);
            if (c >= 0)
                want[c] = fc[c];
        }
        if (!same_channels(f, got, want))
            harness_fail(__FILE__, __LINE__, "%s ColorFill: (%g %g %g %g)", f->name, got[0],
                         got[1], got[2], got[3]);
        IDirect3DSurface9_Release(s);
    }
    IDirect3DDevice9_BeginScene(dev);
    r9_end(dev);
}

/* DXT1-5 volume textures (issue 14 part 3): each slice a layer of 4x4 blocks, locked with
 * LockBox (RowPitch per row of blocks, SlicePitch per slice) and sampled per slice.  A DXT1
 * block of colour c0 with every index 0 is c0; the DXT3/DXT5 alpha blocks carry alpha. */
TEST(d3d9_dxt_volume_textures)
{
    static const D3DFORMAT dxt[] = { D3DFMT_DXT1, D3DFMT_DXT2, D3DFMT_DXT3, D3DFMT_DXT4,
                                     D3DFMT_DXT5 };
    IDirect3D9 *max = t9_d3d(NULL), *l93 = t9_d3d("9_3");
    IDirect3DDevice9 *dev = r9_texture_device(W, H);
    if (!max || !l93 || !dev)
        SKIP("no device");
    for (size_t i = 0; i < sizeof(dxt) / sizeof(dxt[0]); i++) {
        IDirect3DVolumeTexture9 *t = NULL;
        D3DLOCKED_BOX lb;
        uint32_t img[W * H];
        unsigned bsize = dxt[i] == D3DFMT_DXT1 ? 8 : 16;
        CHECK_HR(t9_check_format(max, 0, D3DRTYPE_VOLUMETEXTURE, dxt[i]), D3D_OK);
        CHECK_HR(t9_check_format(l93, 0, D3DRTYPE_VOLUMETEXTURE, dxt[i]), D3DERR_NOTAVAILABLE);
        CHECK_HR(IDirect3DDevice9_CreateVolumeTexture(dev, 4, 4, 2, 1, 0, dxt[i],
                                                      D3DPOOL_MANAGED, &t, NULL), D3D_OK);
        if (!t)
            continue;
        CHECK_HR(IDirect3DVolumeTexture9_LockBox(t, 0, &lb, NULL, 0), D3D_OK);
        CHECK_EQ(lb.RowPitch, bsize);
        CHECK_EQ(lb.SlicePitch, bsize);
        /* slice 0 red (RGB565 0xf800), slice 1 blue (0x001f); alpha 0xff where it exists */
        for (int z = 0; z < 2; z++) {
            uint8_t *b = (uint8_t *)lb.pBits + z * lb.SlicePitch;
            uint16_t c0 = z ? 0x001f : 0xf800;
            memset(b, 0, bsize);
            if (bsize == 16) {
                if (dxt[i] == D3DFMT_DXT2 || dxt[i] == D3DFMT_DXT3)
                    memset(b, 0xff, 8);   /* explicit 4-bit alphas, all 15 */
                else
                    b[0] = 0xff, b[1] = 0x00;   /* alpha endpoints 255, 0; indices 0 */
                b += 8;
            }
            memcpy(b, &c0, 2);   /* c1 = 0 < c0: four-colour mode, index 0 = c0 */
        }
        CHECK_HR(IDirect3DVolumeTexture9_UnlockBox(t, 0), D3D_OK);
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
        r9_clear(dev, 0);
        /* slice centres w = 0.25 and 0.75, any texel of the 4x4 block */
        tex3_pixel(dev, 0, 0.375f, 0.625f, 0.25f);
        tex3_pixel(dev, 1, 0.375f, 0.625f, 0.75f);
        r9_read(dev, img);
        if (img[0] != 0xffff0000 || img[1] != 0xff0000ff)
            harness_fail(__FILE__, __LINE__, "DXT%zu volume: 0x%08x 0x%08x", i + 1, img[0],
                         img[1]);
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
        IDirect3DVolumeTexture9_Release(t);
    }
    r9_end(dev);
    IDirect3D9_Release(max);
    IDirect3D9_Release(l93);
}

/* A8B8G8R8 is read and written as sRGB (QUERY_SRGBREAD / QUERY_SRGBWRITE): D3DSAMP_SRGBTEXTURE
 * decodes a texel of 0x80 to 0.2158605 (0x37 in the linear back buffer), and
 * D3DRS_SRGBWRITEENABLE encodes a diffuse 0x37 / 255 = 0.21569 to 0.50177 (0x80) in an A8B8G8R8
 * render target (D3D11.3 3.2.3.7 / 3.2.3.8 curves); alpha stays linear. */
TEST(d3d9_color_formats_srgb_a8b8g8r8)
{
    IDirect3DDevice9 *dev = r9_texture_device(W, H);
    IDirect3DTexture9 *t = NULL, *rtt = NULL;
    IDirect3DSurface9 *rt = NULL, *bb = NULL, *sys = NULL;
    D3DLOCKED_RECT lr;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 1, 1, 1, 0, D3DFMT_A8B8G8R8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8B8G8R8,
                                            D3DPOOL_DEFAULT, &rtt, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 4, D3DFMT_A8B8G8R8,
                                                          D3DPOOL_SYSTEMMEM, &sys, NULL), D3D_OK);
    if (!t || !rtt || !sys)
        SKIP("no textures");
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
    memcpy(lr.pBits, (const uint8_t[4]){ 0x80, 0x80, 0x80, 0x80 }, 4);   /* R, G, B, A bytes */
    CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_SRGBTEXTURE, TRUE);
    r9_clear(dev, 0);
    tex_row(dev, 0, 1);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_SRGBTEXTURE, FALSE);
    tex_row(dev, 1, 1);
    CHECK_EQ(r9_pixel(dev, W, H, 0, 0), 0x80373737);
    CHECK_EQ(r9_pixel(dev, W, H, 0, 1), 0x80808080);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    /* the write */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_GetRenderTarget(dev, 0, &bb);
    IDirect3DTexture9_GetSurfaceLevel(rtt, 0, &rt);
    IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
    CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, rt), D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRGBWRITEENABLE, TRUE);
    r9_rect(dev, 0, 0, 2, 4, 0x37373737);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRGBWRITEENABLE, FALSE);
    r9_rect(dev, 2, 0, 4, 4, 0x37373737);
    CHECK_HR(IDirect3DDevice9_GetRenderTargetData(dev, rt, sys), D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
    const uint8_t *row = (const uint8_t *)lr.pBits + lr.Pitch;
    CHECK_EQ(row[4] | row[5] << 8 | row[6] << 16 | (uint32_t)row[7] << 24, 0x37808080);
    CHECK_EQ(row[12] | row[13] << 8 | row[14] << 16 | (uint32_t)row[15] << 24, 0x37373737);
    IDirect3DSurface9_UnlockRect(sys);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    IDirect3DSurface9_Release(bb);
    IDirect3DSurface9_Release(rt);
    IDirect3DSurface9_Release(sys);
    IDirect3DTexture9_Release(rtt);
    IDirect3DTexture9_Release(t);
    r9_end(dev);
}
