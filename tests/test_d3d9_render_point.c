/* tests/test_d3d9_render_point.c — point size and point sprites ("Point Sprites (Direct3D 9)"):
 * D3DRS_POINTSIZE and per-vertex PSIZE in pixels for pre-transformed vertices, the distance
 * scale Ss = Vh * Si * sqrt(1 / (A + B De + C De^2)) with D3DRS_POINTSCALEENABLE, the clamps to
 * D3DRS_POINTSIZE_MIN / _MAX and to the caps' MaxPointSize (1 on the 9_x profiles: one-pixel
 * points), sprite texture coordinates (0, 0) top-left .. (1, 1) bottom-right with
 * D3DRS_POINTSPRITEENABLE (and the vertex's own coordinates without it), a vertex shader's oPts,
 * and no culling of the squares.
 *
 * Every point sits on a pixel corner (D3D9 coordinates x.5), so a square of even size S covers
 * exactly S x S pixel centres and no centre lies on an edge: the coverage expected is exact. */
#include "test_d3d9_render_util.h"

#define W 16
#define H 16

static DWORD fbits(float f)
{
    DWORD d;
    memcpy(&d, &f, sizeof(d));
    return d;
}

/* The bounding box of the pixels that are not `bg`, and their count. */
struct box {
    int x0, y0, x1, y1, count;
};

static struct box covered(IDirect3DDevice9 *dev, uint32_t bg)
{
    uint32_t img[W * H];
    struct box b = { W, H, -1, -1, 0 };
    r9_read(dev, img);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            if (img[y * W + x] == bg)
                continue;
            b.count++;
            b.x0 = x < b.x0 ? x : b.x0;
            b.y0 = y < b.y0 ? y : b.y0;
            b.x1 = x > b.x1 ? x : b.x1;
            b.y1 = y > b.y1 ? y : b.y1;
        }
    return b;
}

/* The square of side s centred on pixel corner (cx, cy): pixels cx - s/2 .. cx + s/2 - 1. */
#define CHECK_SQUARE(b, cx, cy, s)                                                               \
    do {                                                                                         \
        struct box b_ = (b);                                                                     \
        CHECK_EQ(b_.count, (s) * (s));                                                           \
        CHECK_EQ(b_.x0, (cx) - (s) / 2);                                                         \
        CHECK_EQ(b_.y0, (cy) - (s) / 2);                                                         \
        CHECK_EQ(b_.x1, (cx) + (s) / 2 - 1);                                                     \
        CHECK_EQ(b_.y1, (cy) + (s) / 2 - 1);                                                     \
    } while (0)

struct tlp {
    float x, y, z, rhw;
    float size;
    D3DCOLOR c;
};
#define TLP_FVF (D3DFVF_XYZRHW | D3DFVF_PSIZE | D3DFVF_DIFFUSE)

struct tlc {
    float x, y, z, rhw;
    D3DCOLOR c;
    float u, v;
};
#define TLC_FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1)

/* A point at pixel corner (cx, cy) — D3D9 coordinates cx - 0.5 — with or without a size. */
static void draw_point(IDirect3DDevice9 *dev, int cx, int cy, float size, bool psize)
{
    r9_clear(dev, 0);
    if (psize) {
        struct tlp p = { cx - 0.5f, cy - 0.5f, 0.5f, 1.0f, size, 0xffffffff };
        CHECK_HR(IDirect3DDevice9_SetFVF(dev, TLP_FVF), D3D_OK);
        CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &p, sizeof(p)),
                 D3D_OK);
    } else {
        struct tlc p = { cx - 0.5f, cy - 0.5f, 0.5f, 1.0f, 0xffffffff, 0, 0 };
        IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE, fbits(size));
        CHECK_HR(IDirect3DDevice9_SetFVF(dev, TLC_FVF), D3D_OK);
        CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &p, sizeof(p)),
                 D3D_OK);
    }
}

/* Pre-transformed points: the size is in pixels (POINTSIZE or the vertex's PSIZE), clamped to
 * POINTSIZE_MIN / _MAX; the caps advertise the control. */
TEST(d3d9_point_size_pixels_and_clamps)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    D3DCAPS9 caps;
    if (!dev)
        return;
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK(caps.MaxPointSize == 256.0f);
    CHECK(caps.FVFCaps & D3DFVFCAPS_PSIZE);
    draw_point(dev, 8, 8, 4.0f, false);
    CHECK_SQUARE(covered(dev, 0), 8, 8, 4);
    /* size 1: the square's edges lie on pixel centres 7 (left/top, included by the top-left
     * rule) and 8 (excluded) */
    draw_point(dev, 8, 8, 1.0f, false);
    struct box one = covered(dev, 0);
    CHECK_EQ(one.count, 1);
    CHECK_EQ(one.x0, 7);
    CHECK_EQ(one.y0, 7);
    draw_point(dev, 6, 10, 2.0f, true);                 /* PSIZE wins over POINTSIZE (1) */
    CHECK_SQUARE(covered(dev, 0), 6, 10, 2);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE_MAX, fbits(2.0f));
    draw_point(dev, 8, 8, 6.0f, true);
    CHECK_SQUARE(covered(dev, 0), 8, 8, 2);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE_MAX, fbits(64.0f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE_MIN, fbits(6.0f));
    draw_point(dev, 8, 8, 2.0f, true);
    CHECK_SQUARE(covered(dev, 0), 8, 8, 6);
    /* a point at the edge is cut by the target, not dropped */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE_MIN, fbits(1.0f));
    draw_point(dev, 0, 0, 4.0f, true);
    struct box b = covered(dev, 0);
    CHECK_EQ(b.count, 4);
    CHECK_EQ(b.x1, 1);
    CHECK_EQ(b.y1, 1);
    r9_end(dev);
}

/* MaxPointSize 1 (the 9_x profiles: no point size control): every point is one pixel. */
TEST(d3d9_point_size_capped_by_caps)
{
    IDirect3DDevice9 *dev = r9_device_flags("9_3", W, H, D3DCREATE_HARDWARE_VERTEXPROCESSING);
    D3DCAPS9 caps;
    if (!dev)
        return;
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK(caps.MaxPointSize == 1.0f);
    CHECK(!(caps.FVFCaps & D3DFVFCAPS_PSIZE));
    draw_point(dev, 8, 8, 4.0f, false);
    struct box b = covered(dev, 0);
    CHECK_EQ(b.count, 1);
    CHECK_EQ(b.x0, 7);           /* as a size-1 point: the top-left rule takes pixel 7 */
    CHECK_EQ(b.y0, 7);
    r9_end(dev);
}

struct xyzp {
    float x, y, z;
    D3DCOLOR c;
};

/* Ss = Vh * Si * sqrt(1 / (A + B De + C De^2)): identity transforms, a point at (0, 0, 0.5)
 * (the viewport centre: D3D9 coordinates (8, 8), pixel 8's centre), De = 0.5, Vh = 16,
 * Si = 0.25:
 *   A = 1, B = C = 0     Ss = 16 * 0.25           = 4
 *   A = B = 0, C = 1     Ss = 16 * 0.25 / 0.5     = 8
 *   A = 0, B = 2, C = 0  Ss = 16 * 0.25 / sqrt(1) = 4
 * The square's edges then lie on pixel centres: the top-left rule takes the left and top ones,
 * so a square of side s covers pixels 8 - s/2 .. 8 + s/2 - 1, as CHECK_SQUARE(8, 8, s) says.
 * Without POINTSCALEENABLE the size is Si pixels: 0.25 covers pixel 8's centre only. */
TEST(d3d9_point_scale)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    struct xyzp p = { 0.0f, 0.0f, 0.5f, 0xffffffff };
    static const struct {
        float a, b, c;
        int size;
    } cases[] = { { 1, 0, 0, 4 }, { 0, 0, 1, 8 }, { 0, 2, 0, 4 } };
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE, fbits(0.25f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE_MIN, fbits(0.0f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSCALEENABLE, TRUE);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSCALE_A, fbits(cases[i].a));
        IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSCALE_B, fbits(cases[i].b));
        IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSCALE_C, fbits(cases[i].c));
        r9_clear(dev, 0);
        CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &p, sizeof(p)),
                 D3D_OK);
        CHECK_SQUARE(covered(dev, 0), 8, 8, cases[i].size);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSCALEENABLE, FALSE);
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &p, sizeof(p)), D3D_OK);
    struct box b = covered(dev, 0);
    CHECK_EQ(b.count, 1);
    CHECK_EQ(b.x0, 8);
    CHECK_EQ(b.y0, 8);
    r9_end(dev);
}

/* A 2x2 texture: red, green / blue, white. */
static IDirect3DTexture9 *quad_texture(IDirect3DDevice9 *dev)
{
    IDirect3DTexture9 *t = NULL;
    D3DLOCKED_RECT lr;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 2, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    if (!t)
        return NULL;
    IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0);
    uint32_t *row0 = lr.pBits, *row1 = (uint32_t *)((char *)lr.pBits + lr.Pitch);
    row0[0] = 0xffff0000;
    row0[1] = 0xff00ff00;
    row1[0] = 0xff0000ff;
    row1[1] = 0xffffffff;
    IDirect3DTexture9_UnlockRect(t, 0);
    return t;
}

/* The four quadrants of the square of side 4 at pixel corner (8, 8). */
static void check_quadrants(IDirect3DDevice9 *dev, uint32_t tl, uint32_t tr, uint32_t bl,
                            uint32_t br)
{
    uint32_t img[W * H];
    r9_read(dev, img);
    for (int y = 6; y < 10; y++)
        for (int x = 6; x < 10; x++) {
            uint32_t want = y < 8 ? (x < 8 ? tl : tr) : (x < 8 ? bl : br);
            CHECK_PIXEL(img[y * W + x], want, 0);
        }
    CHECK_PIXEL(img[5 * W + 5], 0, 0);
    CHECK_PIXEL(img[10 * W + 10], 0, 0);
}

/* POINTSPRITEENABLE: the full texture over the square, (0, 0) at the top-left — a vertex with
 * no texture coordinates at all, as particle vertices are; without it the vertex's own
 * coordinates (0.75, 0.75) cover the whole point.  Neither cull mode removes a point. */
TEST(d3d9_point_sprite_texcoords)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    IDirect3DTexture9 *tex = quad_texture(dev);
    if (!tex)
        goto done;
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE, fbits(4.0f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSPRITEENABLE, TRUE);
    static const DWORD culls[3] = { D3DCULL_NONE, D3DCULL_CW, D3DCULL_CCW };
    for (int i = 0; i < 3; i++) {
        IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, culls[i]);
        struct r9_tl p = { 7.5f, 7.5f, 0.5f, 1.0f, 0xffffffff };
        r9_clear(dev, 0);
        CHECK_HR(IDirect3DDevice9_SetFVF(dev, R9_TL_FVF), D3D_OK);
        CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &p, sizeof(p)),
                 D3D_OK);
        check_quadrants(dev, 0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSPRITEENABLE, FALSE);
    struct tlc q = { 7.5f, 7.5f, 0.5f, 1.0f, 0xffffffff, 0.75f, 0.75f };
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, TLC_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &q, sizeof(q)), D3D_OK);
    check_quadrants(dev, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff);
done:
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    if (tex)
        IDirect3DTexture9_Release(tex);
    r9_end(dev);
}

/* A vertex shader's oPts is the size in pixels; sprite coordinates replace the texture
 * coordinates it writes (oT0 = (0.75, 0.75) would be white everywhere). */
TEST(d3d9_point_sprite_vertex_shader_opts)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    IDirect3DTexture9 *tex = NULL;
    if (!dev)
        return;
    DWORD *vt = r9_asm("vs_2_0\ndcl_position v0\nmov oPos, v0\nmov oPts, c0.x\n"
                       "mov oT0, c0.yyzz\n");
    DWORD *pt = r9_asm("ps_2_0\ndcl t0.xy\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n");
    if (vt)
        CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vt, &vs), D3D_OK);
    if (pt)
        CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, pt, &ps), D3D_OK);
    free(vt);
    free(pt);
    tex = quad_texture(dev);
    if (!vs || !ps || !tex)
        goto done;
    const float c0[4] = { 4.0f, 0.75f, 0.75f, 0.0f };
    IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, c0, 1);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
    /* clip space (-1/16, 1/16): D3D9 coordinates (7.5, 7.5), the corner of pixels 7 and 8 */
    struct xyzp p = { -0.0625f, 0.0625f, 0.5f, 0xffffffff };
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSPRITEENABLE, TRUE);
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &p, sizeof(p)), D3D_OK);
    check_quadrants(dev, 0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSPRITEENABLE, FALSE);
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &p, sizeof(p)), D3D_OK);
    check_quadrants(dev, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff);
done:
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    if (tex)
        IDirect3DTexture9_Release(tex);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    r9_end(dev);
}

/* Hostile sizes never crash and clamp as documented: a NaN or negative per-vertex size is
 * POINTSIZE_MIN (1: one pixel), an infinite one POINTSIZE_MAX (64, beyond this target: every
 * pixel); a NaN POINTSIZE_MIN is no minimum. */
TEST(d3d9_point_size_hostile)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    draw_point(dev, 8, 8, NAN, true);
    CHECK_EQ(covered(dev, 0).count, 1);
    draw_point(dev, 8, 8, -4.0f, true);
    CHECK_EQ(covered(dev, 0).count, 1);
    draw_point(dev, 8, 8, INFINITY, true);
    CHECK_EQ(covered(dev, 0).count, W * H);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE_MIN, fbits(NAN));
    draw_point(dev, 8, 8, 2.0f, true);
    CHECK_SQUARE(covered(dev, 0), 8, 8, 2);
    draw_point(dev, 8, 8, NAN, true);
    CHECK_EQ(covered(dev, 0).count, 0);
    r9_end(dev);
}
