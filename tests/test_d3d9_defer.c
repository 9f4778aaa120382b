/* tests/test_d3d9_defer.c — binning across draws on the Direct3D 9 device (pipeline/draw.h
 * draw_desc.deferrable, src/pipeline/draw_defer.c, src/d3d9/draw.c): draws wait in the scene
 * and are rasterized together, and whatever reads or changes what they borrow finishes them
 * first.  Each test is an exact expectation that fails if a flush point is missing (a waiting
 * draw would read texels changed after it was issued, or count in the wrong query), and the UI
 * scene is rendered with the deferral on and off (draw_debug_set_defer) and must give the same
 * bytes. */
#include "harness.h"
#include "test_d3d9_render_util.h"

#include "pipeline/draw.h"
#include "util/simd.h"

#define W 64
#define H 48

/* pre-transformed, diffuse, one texture coordinate */
struct tv {
    float x, y, z, rhw;
    D3DCOLOR diffuse;
    float u, v;
};
#define TV_FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1)

static void textured_rect(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1,
                          D3DCOLOR c)
{
    struct tv v[4] = {
        { x0 - 0.5f, y0 - 0.5f, 0.5f, 1.0f, c, 0.0f, 0.0f },
        { x1 - 0.5f, y0 - 0.5f, 0.5f, 1.0f, c, 1.0f, 0.0f },
        { x0 - 0.5f, y1 - 0.5f, 0.5f, 1.0f, c, 0.0f, 1.0f },
        { x1 - 0.5f, y1 - 0.5f, 0.5f, 1.0f, c, 1.0f, 1.0f },
    };
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, TV_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])),
             D3D_OK);
}

static void fill_texture(IDirect3DTexture9 *t, unsigned size, uint32_t (*texel)(unsigned, unsigned))
{
    D3DLOCKED_RECT lr;
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
    if (!lr.pBits)
        return;
    for (unsigned y = 0; y < size; y++)
        for (unsigned x = 0; x < size; x++)
            ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[x] = texel(x, y);
    CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
}

static uint32_t solid_red(unsigned x, unsigned y) { (void)x; (void)y; return 0xffff0000u; }
static uint32_t solid_green(unsigned x, unsigned y) { (void)x; (void)y; return 0xff00ff00u; }
static uint32_t checker(unsigned x, unsigned y)
{
    return ((x ^ y) & 1) ? 0xff2040e0u : 0x80e0c020u;
}

static IDirect3DTexture9 *texture(IDirect3DDevice9 *dev, unsigned size,
                                  uint32_t (*texel)(unsigned, unsigned))
{
    IDirect3DTexture9 *t = NULL;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, size, size, 1, 0, D3DFMT_A8R8G8B8,
                                            D3DPOOL_MANAGED, &t, NULL), D3D_OK);
    if (t)
        fill_texture(t, size, texel);
    return t;
}

/* stage 0: texture x diffuse, point sampling */
static IDirect3DDevice9 *modulate_device(void)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return NULL;
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG2, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    return dev;
}

/* A texture locked and rewritten between two draws that sample it: the first draw keeps the
 * old texels (LockRect finishes the waiting draws first), the second gets the new ones.  And
 * the draws did wait. */
TEST(d3d9_defer_lock_between_draws)
{
    IDirect3DDevice9 *dev = modulate_device();
    if (!dev)
        return;
    IDirect3DTexture9 *t = texture(dev, 4, solid_red);
    r9_clear(dev, 0xff000000u);
    CHECK_HR(IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t), D3D_OK);
    uint64_t before = draw_debug_defer_count();
    textured_rect(dev, 0, 0, 16, 16, 0xffffffffu);
    CHECK(draw_debug_defer_count() == before + 1);
    fill_texture(t, 4, solid_green);
    textured_rect(dev, 32, 0, 48, 16, 0xffffffffu);
    CHECK_PIXEL(r9_pixel(dev, W, H, 8, 8), 0xffff0000u, 0);
    CHECK_PIXEL(r9_pixel(dev, W, H, 40, 8), 0xff00ff00u, 0);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DTexture9_Release(t);
    r9_end(dev);
}

/* A texture unbound and released while a draw that samples it waits: its destruction
 * finishes the draw first (under AddressSanitizer a missing flush reads freed memory), and the
 * pixels are the texture's. */
TEST(d3d9_defer_release_while_waiting)
{
    IDirect3DDevice9 *dev = modulate_device();
    if (!dev)
        return;
    /* the plain-C kernels: AddressSanitizer does not see the AVX2 gathers' reads */
    util_simd_force(UTIL_SIMD_C);
    IDirect3DTexture9 *t = texture(dev, 4, solid_green);
    r9_clear(dev, 0xff000000u);
    CHECK_HR(IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t), D3D_OK);
    textured_rect(dev, 4, 4, 20, 20, 0xff808080u);
    CHECK_HR(IDirect3DDevice9_SetTexture(dev, 0, NULL), D3D_OK);
    CHECK(IDirect3DTexture9_Release(t) == 0);
    CHECK_PIXEL(r9_pixel(dev, W, H, 10, 10), 0xff008000u, 1);
    r9_end(dev);
    util_simd_force(-1);
}

/* Render to a texture, then sample it on the back buffer: the target change finishes the
 * texture's draws before the draw that reads it. */
TEST(d3d9_defer_render_to_texture)
{
    IDirect3DDevice9 *dev = modulate_device();
    if (!dev)
        return;
    IDirect3DTexture9 *rt = NULL;
    IDirect3DSurface9 *rts = NULL, *back = NULL;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 8, 8, 1, D3DUSAGE_RENDERTARGET,
                                            D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &rt, NULL), D3D_OK);
    if (!rt) {
        r9_end(dev);
        return;
    }
    CHECK_HR(IDirect3DTexture9_GetSurfaceLevel(rt, 0, &rts), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 0, &back), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, rts), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, NULL), D3D_OK);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    r9_rect(dev, 0, 0, 8, 8, 0xff3060c0u);
    CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, back), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000u, 1.0f, 0), D3D_OK);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    CHECK_HR(IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)rt), D3D_OK);
    textured_rect(dev, 16, 16, 32, 32, 0xffffffffu);
    CHECK_PIXEL(r9_pixel(dev, W, H, 20, 20), 0xff3060c0u, 0);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DSurface9_Release(rts);
    IDirect3DSurface9_Release(back);
    IDirect3DTexture9_Release(rt);
    r9_end(dev);
}

/* An occlusion query counts exactly the draws between BEGIN and END, also with draws waiting
 * from before BEGIN; draws inside it do not wait. */
TEST(d3d9_defer_occlusion)
{
    IDirect3DDevice9 *dev = modulate_device();
    if (!dev)
        return;
    IDirect3DQuery9 *q = NULL;
    CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_OCCLUSION, &q), D3D_OK);
    if (!q) {
        r9_end(dev);
        return;
    }
    r9_clear(dev, 0xff000000u);
    r9_rect(dev, 0, 0, 10, 10, 0xffffffffu);            /* waits: not counted */
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3D_OK);
    uint64_t before = draw_debug_defer_count();
    r9_rect(dev, 20, 20, 27, 25, 0xffffffffu);          /* 35 pixels */
    CHECK(draw_debug_defer_count() == before);
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
    DWORD n = 0;
    CHECK_HR(IDirect3DQuery9_GetData(q, &n, sizeof(n), D3DGETDATA_FLUSH), S_OK);
    CHECK(n == 35);
    before = draw_debug_defer_count();
    r9_rect(dev, 0, 0, 4, 4, 0xffffffffu);              /* the query ended: waits again */
    CHECK(draw_debug_defer_count() == before + 1);
    IDirect3DQuery9_Release(q);
    r9_end(dev);
}

/* A UI-like frame -- 1300 small overlapping quads (past DRAW_DEFER_KICK: the first half starts
 * rasterizing while the rest are binned), three textures and two sampler setups,
 * alpha blending switched on and off, scissor rectangles, a texture rewritten half way --
 * equal byte for byte with the deferral on and off. */
static void ui_frame(uint32_t *out)
{
    IDirect3DDevice9 *dev = modulate_device();
    if (!dev)
        return;
    IDirect3DTexture9 *tex[3] = { texture(dev, 8, checker), texture(dev, 4, solid_red),
                                  texture(dev, 16, checker) };
    r9_clear(dev, 0xff102030u);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_SRCALPHA);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
    uint32_t rng = 12345;
    for (unsigned i = 0; i < 1300; i++) {   /* (2600 triangles: a kick, DRAW_DEFER_KICK) */
        rng = rng * 1664525u + 1013904223u;
        float x = (float)(rng >> 8 & 63) - 6.0f, y = (float)(rng >> 16 & 63) - 10.0f;
        float w = 3.0f + (float)(rng >> 24 & 15), h = 2.0f + (float)(rng >> 4 & 7);
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex[i % 3]);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, (i / 7) & 1);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER,
                                         (i / 5) & 1 ? D3DTEXF_LINEAR : D3DTEXF_POINT);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_SCISSORTESTENABLE, (i / 11) & 1);
        RECT sc = { (LONG)(i % 20), (LONG)(i % 13), (LONG)(i % 20) + 40, (LONG)(i % 13) + 30 };
        IDirect3DDevice9_SetScissorRect(dev, &sc);
        if (i == 1250)   /* (after the kick) */
            fill_texture(tex[1], 4, solid_green);
        textured_rect(dev, x, y, x + w, y + h, 0xff000000u | (rng & 0xffffffu));
    }
    r9_read(dev, out);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    for (int k = 0; k < 3; k++)
        if (tex[k])
            IDirect3DTexture9_Release(tex[k]);
    r9_end(dev);
}

TEST(d3d9_defer_ui_frame_equals_immediate)
{
    static uint32_t a[W * H], b[W * H];
    uint64_t before = draw_debug_defer_count();
    ui_frame(a);
    CHECK(draw_debug_defer_count() >= before + 1290);   /* (the texture Lock flushes once) */
    draw_debug_set_defer(false);
    before = draw_debug_defer_count();
    ui_frame(b);
    CHECK(draw_debug_defer_count() == before);
    draw_debug_set_defer(true);
    CHECK(memcmp(a, b, sizeof(a)) == 0);
}
