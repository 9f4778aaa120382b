/* tests/test_d3d9_render_bump.c — the fixed-function bump-mapping operations ("Bump Mapping
 * Formulas", D3DTEXTUREOP): stage 0 D3DTOP_BUMPENVMAP(LUMINANCE) with a bump map (V8U8,
 * L6V5U5, X8L8V8U8), stage 1 sampling its environment texture at
 *   u' = u + M00 du + M10 dv,  v' = v + M01 du + M11 dv
 * (M: stage 0's D3DTSS_BUMPENVMAT00..11), times l LSCALE + LOFFSET with LUMINANCE; the bump
 * stage passes CURRENT on.  The caps: D3DTEXOPCAPS_BUMPENVMAP(LUMINANCE) on the max profile,
 * which then answers D3DUSAGE_QUERY_LEGACYBUMPMAP for the bump formats; not on 9_3.
 *
 * Exact expectations: du, dv of +-127 are +-1 exactly (SNORM8), the matrices and coordinates
 * are binary fractions that land on texel centres of a 4x4 point-sampled texture. */
#include "test_d3d9_render_util.h"

#define W 8
#define H 8

static DWORD fbits(float f)
{
    DWORD d;
    memcpy(&d, &f, sizeof(d));
    return d;
}

/* Texel (x, y) of the 4x4 environment texture. */
static uint32_t env_texel(int x, int y)
{
    return 0xff000080u | (uint32_t)(x * 0x40) << 16 | (uint32_t)(y * 0x40) << 8;
}

static IDirect3DTexture9 *env_texture(IDirect3DDevice9 *dev)
{
    IDirect3DTexture9 *t = NULL;
    D3DLOCKED_RECT lr;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    if (!t)
        return NULL;
    IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[x] = env_texel(x, y);
    IDirect3DTexture9_UnlockRect(t, 0);
    return t;
}

/* A 1x1 bump map of `format` holding the texel bits `bits` (16 or 32 bits). */
static IDirect3DTexture9 *bump_texture(IDirect3DDevice9 *dev, D3DFORMAT format, uint32_t bits)
{
    IDirect3DTexture9 *t = NULL;
    D3DLOCKED_RECT lr;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 1, 1, 1, 0, format, D3DPOOL_MANAGED, &t, NULL),
             D3D_OK);
    if (!t)
        return NULL;
    IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0);
    if (format == D3DFMT_X8L8V8U8)
        memcpy(lr.pBits, &bits, 4);
    else {
        uint16_t b = (uint16_t)bits;
        memcpy(lr.pBits, &b, 2);
    }
    IDirect3DTexture9_UnlockRect(t, 0);
    return t;
}

struct bvert {
    float x, y, z, rhw;
    D3DCOLOR c;
    float u0, v0, u1, v1;
};

/* Stage 0 `op` on the bump map, stage 1 MODULATE(TEXTURE, CURRENT) on the environment map,
 * a magenta diffuse (the green channel shows whether CURRENT passed the bump stage: it must be
 * 0), the matrix m and the luminance scale/offset; returns pixel (4, 4). */
static uint32_t draw_bump(IDirect3DDevice9 *dev, IDirect3DTexture9 *bump, DWORD op,
                          const float m[4], float lscale, float loffset)
{
    static const D3DTEXTURESTAGESTATETYPE mk[4] = { D3DTSS_BUMPENVMAT00, D3DTSS_BUMPENVMAT01,
                                                    D3DTSS_BUMPENVMAT10, D3DTSS_BUMPENVMAT11 };
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)bump);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, op);
    for (int i = 0; i < 4; i++)
        IDirect3DDevice9_SetTextureStageState(dev, 0, mk[i], fbits(m[i]));
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_BUMPENVLSCALE, fbits(lscale));
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_BUMPENVLOFFSET, fbits(loffset));
    const D3DCOLOR c = 0xffff00ff;
    struct bvert q[4] = {
        { -0.5f, -0.5f, 0.5f, 1, c, 0.5f, 0.5f, 0.125f, 0.125f },
        { W - 0.5f, -0.5f, 0.5f, 1, c, 0.5f, 0.5f, 0.125f, 0.125f },
        { -0.5f, H - 0.5f, 0.5f, 1, c, 0.5f, 0.5f, 0.125f, 0.125f },
        { W - 0.5f, H - 0.5f, 0.5f, 1, c, 0.5f, 0.5f, 0.125f, 0.125f },
    };
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX2), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
    return r9_pixel(dev, W, H, 4, 4);
}

/* env_texel(x, y) masked by the magenta diffuse */
static uint32_t magenta(uint32_t t)
{
    return t & 0xffff00ffu;
}

static void setup_stages(IDirect3DDevice9 *dev, IDirect3DTexture9 *env)
{
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTexture(dev, 1, (IDirect3DBaseTexture9 *)env);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG2, D3DTA_CURRENT);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAARG1, D3DTA_CURRENT);
    for (DWORD s = 0; s < 2; s++) {
        IDirect3DDevice9_SetSamplerState(dev, s, D3DSAMP_MINFILTER, D3DTEXF_POINT);
        IDirect3DDevice9_SetSamplerState(dev, s, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    }
}

TEST(d3d9_bump_envmap_matrix)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DTexture9 *env = NULL;
    if (!dev)
        return;
    D3DCAPS9 caps;
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK(caps.TextureOpCaps & D3DTEXOPCAPS_BUMPENVMAP);
    CHECK(caps.TextureOpCaps & D3DTEXOPCAPS_BUMPENVMAPLUMINANCE);
    env = env_texture(dev);
    if (!env)
        goto done;
    setup_stages(dev, env);
    /* V8U8: du in the low byte, dv in the high byte; base (u, v) = (0.125, 0.125) */
    static const struct {
        uint16_t bits;
        float m[4];
        int x, y;
    } cases[] = {
        { 0x0000, { 1, 1, 1, 1 }, 0, 0 },          /* no displacement */
        { 0x007f, { 0.5f, 0, 0, 0 }, 2, 0 },       /* u' = u + M00 du */
        { 0x007f, { 0, 0.25f, 0, 0 }, 0, 1 },      /* v' = v + M01 du */
        { 0x7f00, { 0, 0, 0.75f, 0 }, 3, 0 },      /* u' = u + M10 dv */
        { 0x7f00, { 0, 0, 0, 0.5f }, 0, 2 },       /* v' = v + M11 dv */
        { 0x0081, { -0.5f, 0, 0, 0 }, 2, 0 },      /* du = -1 */
        { 0x7f7f, { 0.25f, 0.25f, 0.5f, 0.25f }, 3, 2 },
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        IDirect3DTexture9 *b = bump_texture(dev, D3DFMT_V8U8, cases[i].bits);
        if (!b)
            break;
        CHECK_PIXEL(draw_bump(dev, b, D3DTOP_BUMPENVMAP, cases[i].m, 0, 0),
                    magenta(env_texel(cases[i].x, cases[i].y)), 0);
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
        IDirect3DTexture9_Release(b);
    }
done:
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetTexture(dev, 1, NULL);
    if (env)
        IDirect3DTexture9_Release(env);
    r9_end(dev);
}

/* LUMINANCE: the environment texel times l LSCALE + LOFFSET; with the BUMPENVMAP operation the
 * luminance is ignored. */
TEST(d3d9_bump_envmap_luminance)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DTexture9 *env = NULL, *l6 = NULL, *x8 = NULL;
    if (!dev)
        return;
    env = env_texture(dev);
    /* L6V5U5: u bits 0-4, v bits 5-9, l bits 10-15: l = 63 (1.0), du = dv = 0 */
    l6 = bump_texture(dev, D3DFMT_L6V5U5, 63u << 10);
    /* X8L8V8U8: l = 255 (1.0) in bits 16-23, du = 127 (1.0) */
    x8 = bump_texture(dev, D3DFMT_X8L8V8U8, 0x00ff007fu);
    if (!env || !l6 || !x8)
        goto done;
    setup_stages(dev, env);
    const float none[4] = { 0, 0, 0, 0 }, m00[4] = { 0.25f, 0, 0, 0 };
    uint32_t t00 = magenta(env_texel(0, 0)), t10 = magenta(env_texel(1, 0));
    /* env (0, 0) = (0, 0, 0x80): blue 128/255 * 0.5 = 64/255 */
    CHECK_PIXEL(draw_bump(dev, l6, D3DTOP_BUMPENVMAPLUMINANCE, none, 0.5f, 0.0f),
                (t00 & 0xff000000u) | 0x40, 0);
    CHECK_PIXEL(draw_bump(dev, l6, D3DTOP_BUMPENVMAPLUMINANCE, none, 0.0f, 0.5f),
                (t00 & 0xff000000u) | 0x40, 0);
    CHECK_PIXEL(draw_bump(dev, l6, D3DTOP_BUMPENVMAP, none, 0.0f, 0.5f), t00, 0);
    /* env (1, 0) = (0x40, 0, 0x80) times 0.5 */
    CHECK_PIXEL(draw_bump(dev, x8, D3DTOP_BUMPENVMAPLUMINANCE, m00, 0.25f, 0.25f),
                (t10 & 0xff000000u) | 0x200040u, 0);
done:
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetTexture(dev, 1, NULL);
    if (env)
        IDirect3DTexture9_Release(env);
    if (l6)
        IDirect3DTexture9_Release(l6);
    if (x8)
        IDirect3DTexture9_Release(x8);
    r9_end(dev);
}

/* The caps follow the implementation: the max profile advertises both operations and the
 * bump formats for D3DUSAGE_QUERY_LEGACYBUMPMAP; the 9_3 profile (seed-000 minimums) neither. */
TEST(d3d9_bump_caps_by_profile)
{
    static const D3DFORMAT fmts[3] = { D3DFMT_V8U8, D3DFMT_L6V5U5, D3DFMT_X8L8V8U8 };
    IDirect3D9 *d3d = t9_d3d(NULL);
    if (!d3d)
        return;
    for (int i = 0; i < 3; i++)
        CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                              D3DUSAGE_QUERY_LEGACYBUMPMAP, D3DRTYPE_TEXTURE,
                                              fmts[i]), D3D_OK);
    IDirect3D9_Release(d3d);
    d3d = t9_d3d("9_3");
    if (!d3d)
        return;
    D3DCAPS9 caps;
    IDirect3D9_GetDeviceCaps(d3d, 0, D3DDEVTYPE_HAL, &caps);
    CHECK(!(caps.TextureOpCaps & (D3DTEXOPCAPS_BUMPENVMAP | D3DTEXOPCAPS_BUMPENVMAPLUMINANCE)));
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                          D3DUSAGE_QUERY_LEGACYBUMPMAP, D3DRTYPE_TEXTURE,
                                          D3DFMT_V8U8), D3DERR_NOTAVAILABLE);
    IDirect3D9_Release(d3d);
}
