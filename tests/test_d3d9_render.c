/* tests/test_d3d9_render.c — Direct3D 9 draws on the shared pipeline: every primitive type
 * (fans included), indexed and UP draws, D3D9's pixel-centre convention, vertex element types,
 * viewport, scissor, culling, fill modes, depth / stencil (two-sided), blending, colour write
 * masks, instancing, and the draw-time rules (scene, caps limits, seed 002).  Expectations are
 * exact bytes (or within one 8-bit step where an interpolation rounds). */
#include "test_d3d9_render_util.h"

#define W 16
#define H 16

static unsigned count_color(const uint32_t *img, unsigned n, uint32_t c)
{
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++)
        k += img[i] == c;
    return k;
}

/* ---- pixel centres ------------------------------------------------------------------------ */

/* A rectangle whose corners lie on pixel corners (D3D9: x - 0.5) covers exactly its pixels. */
TEST(d3d9_render_xyzrhw_rect_exact)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    uint32_t img[W * H];
    if (!dev)
        return;
    r9_clear(dev, 0xff000000);
    r9_rect(dev, 2, 3, 6, 8, 0xff80ff40);
    r9_read(dev, img);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool in = x >= 2 && x < 6 && y >= 3 && y < 8;
            CHECK_EQ(img[y * W + x], in ? 0xff80ff40u : 0xff000000u);
        }
    r9_end(dev);
}

/* D3D9 pixel centres are at integer coordinates: a gradient from x = 0 (red 0) to x = 8 (red
 * 255) gives pixel i the value i / 8 (pixel 4 exactly half way). */
TEST(d3d9_render_pixel_centre_integer)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    struct r9_tl v[4] = {
        { 0.0f, 0.0f, 0.5f, 1.0f, 0xff000000 }, { 8.0f, 0.0f, 0.5f, 1.0f, 0xffff0000 },
        { 0.0f, 8.0f, 0.5f, 1.0f, 0xff000000 }, { 8.0f, 8.0f, 0.5f, 1.0f, 0xffff0000 },
    };
    uint32_t img[W * H];
    if (!dev)
        return;
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, R9_TL_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])),
             D3D_OK);
    r9_read(dev, img);
    for (int i = 0; i < 8; i++)
        CHECK_PIXEL(img[2 * W + i], r9_argb(i / 8.0, 0, 0, 1), 1);
    /* pixel 0's centre is on the left edge (covered), pixel 8's on the right one (not) */
    CHECK_EQ(img[2 * W + 8], 0u);
    CHECK_EQ(img[8 * W + 2], 0u);
    r9_end(dev);
}

/* ---- primitive types ------------------------------------------------------------------------- */

struct xyzc {
    float x, y, z;
    D3DCOLOR c;
};
#define XYZC_FVF (D3DFVF_XYZ | D3DFVF_DIFFUSE)

/* NDC of the D3D9 screen coordinate x (y) in a W x H target (identity transforms): integer
 * values are pixel centres, so nx(4) .. nx(12) covers pixels 4..11. */
static float nx(float x) { return x * 2.0f / W - 1.0f; }
static float ny(float y) { return 1.0f - y * 2.0f / H; }

TEST(d3d9_render_all_primitive_types)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    uint32_t img[W * H];
    const D3DCOLOR c = 0xff20a0e0;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, XYZC_FVF), D3D_OK);
    /* the 8x8 square [4, 12)^2 as a list, a strip and a fan: 64 pixels each */
    struct xyzc tl = { nx(4), ny(4), 0.5f, c }, tr = { nx(12), ny(4), 0.5f, c };
    struct xyzc bl = { nx(4), ny(12), 0.5f, c }, br = { nx(12), ny(12), 0.5f, c };
    struct xyzc list[6] = { tl, tr, bl, bl, tr, br }, strip[4] = { tl, tr, bl, br };
    struct xyzc fan[4] = { tl, tr, br, bl };
    static const struct {
        D3DPRIMITIVETYPE t;
        UINT n;
    } tri[3] = { { D3DPT_TRIANGLELIST, 2 }, { D3DPT_TRIANGLESTRIP, 2 }, { D3DPT_TRIANGLEFAN, 2 } };
    const struct xyzc *data[3] = { list, strip, fan };
    for (int i = 0; i < 3; i++) {
        r9_clear(dev, 0);
        CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, tri[i].t, tri[i].n, data[i],
                                                  sizeof(struct xyzc)), D3D_OK);
        r9_read(dev, img);
        CHECK_EQ(count_color(img, W * H, c), 64);
        CHECK_EQ(img[4 * W + 4], c);
        CHECK_EQ(img[11 * W + 11], c);
    }
    /* points: one pixel each, at the pixel whose centre the vertex names */
    struct xyzc pts[2] = { { nx(3), ny(5), 0.5f, c }, { nx(9), ny(2), 0.5f, c } };
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 2, pts, sizeof(pts[0])), D3D_OK);
    r9_read(dev, img);
    CHECK_EQ(count_color(img, W * H, c), 2);
    CHECK_EQ(img[5 * W + 3], c);
    CHECK_EQ(img[2 * W + 9], c);
    /* a horizontal line list and a strip of two segments along row 6 */
    struct xyzc ln[3] = { { nx(2), ny(6), 0.5f, c }, { nx(8), ny(6), 0.5f, c },
                          { nx(8), ny(10), 0.5f, c } };
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_LINELIST, 1, ln, sizeof(ln[0])), D3D_OK);
    r9_read(dev, img);
    CHECK_EQ(count_color(img, W * H, c), 6);    /* the last pixel is not drawn */
    CHECK_EQ(img[6 * W + 2], c);
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_LINESTRIP, 2, ln, sizeof(ln[0])), D3D_OK);
    r9_read(dev, img);
    CHECK_EQ(count_color(img, W * H, c), 10);
    CHECK_EQ(img[9 * W + 8], c);
    r9_end(dev);
}

/* Indexed draws from buffers: 16- and 32-bit indices, BaseVertexIndex, StartIndex, fans. */
TEST(d3d9_render_indexed_buffers)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DVertexBuffer9 *vb = NULL;
    IDirect3DIndexBuffer9 *ib16 = NULL, *ib32 = NULL;
    uint32_t img[W * H];
    const D3DCOLOR c = 0xff336699;
    void *p;
    if (!dev)
        return;
    /* two junk vertices, then TL TR BL BR of [4, 12)^2 */
    struct xyzc v[6] = { { 9, 9, 9, 0 }, { 9, 9, 9, 0 },
                         { nx(4), ny(4), 0.5f, c }, { nx(12), ny(4), 0.5f, c },
                         { nx(4), ny(12), 0.5f, c }, { nx(12), ny(12), 0.5f, c } };
    static const uint16_t i16[8] = { 7, 7, 0, 1, 2, 2, 1, 3 };
    static const uint32_t i32[4] = { 0, 1, 3, 2 };   /* a fan */
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, sizeof(v), 0, XYZC_FVF, D3DPOOL_MANAGED,
                                                 &vb, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, sizeof(i16), 0, D3DFMT_INDEX16,
                                                D3DPOOL_MANAGED, &ib16, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, sizeof(i32), 0, D3DFMT_INDEX32,
                                                D3DPOOL_MANAGED, &ib32, NULL), D3D_OK);
    if (!vb || !ib16 || !ib32)
        goto done;
    IDirect3DVertexBuffer9_Lock(vb, 0, 0, &p, 0);
    memcpy(p, v, sizeof(v));
    IDirect3DVertexBuffer9_Unlock(vb);
    IDirect3DIndexBuffer9_Lock(ib16, 0, 0, &p, 0);
    memcpy(p, i16, sizeof(i16));
    IDirect3DIndexBuffer9_Unlock(ib16);
    IDirect3DIndexBuffer9_Lock(ib32, 0, 0, &p, 0);
    memcpy(p, i32, sizeof(i32));
    IDirect3DIndexBuffer9_Unlock(ib32);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, XYZC_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(struct xyzc)), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetIndices(dev, ib16), D3D_OK);
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 2, 0, 4, 2, 2),
             D3D_OK);
    r9_read(dev, img);
    CHECK_EQ(count_color(img, W * H, c), 64);
    /* the first triangle only */
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 2, 0, 4, 2, 1),
             D3D_OK);
    r9_read(dev, img);
    CHECK_EQ(img[5 * W + 5], c);
    CHECK_EQ(img[10 * W + 10], 0u);
    /* an indexed fan with 32-bit indices */
    CHECK_HR(IDirect3DDevice9_SetIndices(dev, ib32), D3D_OK);
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLEFAN, 2, 0, 4, 0, 2),
             D3D_OK);
    r9_read(dev, img);
    CHECK_EQ(count_color(img, W * H, c), 64);
    /* the non-indexed form with StartVertex */
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 2, 2), D3D_OK);
    r9_read(dev, img);
    CHECK_EQ(count_color(img, W * H, c), 64);
done:
    if (ib32)
        IDirect3DIndexBuffer9_Release(ib32);
    if (ib16)
        IDirect3DIndexBuffer9_Release(ib16);
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
    r9_end(dev);
}

/* DrawIndexedPrimitiveUP, and the UP draws leaving stream 0 and the indices unset. */
TEST(d3d9_render_indexed_up_resets_stream0)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DVertexBuffer9 *vb = NULL, *got = NULL;
    IDirect3DIndexBuffer9 *ib = NULL, *gib = NULL;
    uint32_t img[W * H];
    UINT off, stride;
    const D3DCOLOR c = 0xffc0c000;
    if (!dev)
        return;
    struct xyzc v[4] = { { nx(4), ny(4), 0.5f, c }, { nx(12), ny(4), 0.5f, c },
                         { nx(4), ny(12), 0.5f, c }, { nx(12), ny(12), 0.5f, c } };
    static const uint16_t idx[6] = { 0, 1, 2, 2, 1, 3 };
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 64, 0, 0, D3DPOOL_MANAGED, &vb, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, 64, 0, D3DFMT_INDEX16, D3DPOOL_MANAGED, &ib,
                                                NULL), D3D_OK);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, 16);
    IDirect3DDevice9_SetIndices(dev, ib);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, XYZC_FVF), D3D_OK);
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitiveUP(dev, D3DPT_TRIANGLELIST, 0, 4, 2, idx,
                                                     D3DFMT_INDEX16, v, sizeof(v[0])), D3D_OK);
    r9_read(dev, img);
    CHECK_EQ(count_color(img, W * H, c), 64);
    CHECK_HR(IDirect3DDevice9_GetStreamSource(dev, 0, &got, &off, &stride), D3D_OK);
    CHECK(got == NULL);
    CHECK_EQ(off, 0);
    CHECK_EQ(stride, 0);
    CHECK_HR(IDirect3DDevice9_GetIndices(dev, &gib), D3D_OK);
    CHECK(gib == NULL);
    IDirect3DIndexBuffer9_Release(ib);
    IDirect3DVertexBuffer9_Release(vb);
    r9_end(dev);
}

/* ---- rasterizer state ---------------------------------------------------------------------- */

TEST(d3d9_render_cull_fill_scissor_viewport)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    uint32_t img[W * H];
    const D3DCOLOR c = 0xff00ff00;
    if (!dev)
        return;
    /* clockwise on screen: TL, TR, BL */
    struct xyzc cw[3] = { { nx(4), ny(4), 0.5f, c }, { nx(12), ny(4), 0.5f, c },
                          { nx(4), ny(12), 0.5f, c } };
    struct xyzc ccw[3] = { cw[0], cw[2], cw[1] };
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, XYZC_FVF), D3D_OK);
    static const struct {
        DWORD cull;
        bool cw_drawn, ccw_drawn;
    } cases[3] = { { D3DCULL_NONE, true, true }, { D3DCULL_CW, false, true },
                   { D3DCULL_CCW, true, false } };
    for (int i = 0; i < 3; i++) {
        IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, cases[i].cull);
        for (int k = 0; k < 2; k++) {
            r9_clear(dev, 0);
            CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, k ? ccw : cw,
                                                      sizeof(cw[0])), D3D_OK);
            r9_read(dev, img);
            CHECK_EQ(img[5 * W + 5] == c, k ? cases[i].ccw_drawn : cases[i].cw_drawn);
        }
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    /* wireframe: the edges only; point fill: the three vertices */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FILLMODE, D3DFILL_WIREFRAME);
    r9_clear(dev, 0);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, cw, sizeof(cw[0]));
    r9_read(dev, img);
    CHECK_EQ(img[4 * W + 6], c);
    CHECK_EQ(img[6 * W + 6], 0u);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FILLMODE, D3DFILL_POINT);
    r9_clear(dev, 0);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, cw, sizeof(cw[0]));
    r9_read(dev, img);
    CHECK_EQ(count_color(img, W * H, c), 3);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FILLMODE, D3DFILL_SOLID);
    /* scissor */
    RECT sc = { 6, 5, 9, 7 };
    IDirect3DDevice9_SetScissorRect(dev, &sc);
    r9_clear(dev, 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SCISSORTESTENABLE, TRUE);
    r9_rect(dev, 0, 0, W, H, c);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SCISSORTESTENABLE, FALSE);
    r9_read(dev, img);
    CHECK_EQ(count_color(img, W * H, c), 6);
    CHECK_EQ(img[5 * W + 6], c);
    CHECK_EQ(img[7 * W + 6], 0u);
    /* a viewport: NDC [-1, 1] maps onto its pixels exactly */
    D3DVIEWPORT9 vp = { 2, 3, 4, 5, 0.0f, 1.0f };
    IDirect3DDevice9_SetViewport(dev, &vp);
    IDirect3DDevice9_SetFVF(dev, XYZC_FVF);
    r9_clear(dev, 0);
    struct xyzc full[4] = { { -1, 1, 0.5f, c }, { 1, 1, 0.5f, c }, { -1, -1, 0.5f, c },
                            { 1, -1, 0.5f, c } };
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, full, sizeof(full[0])),
             D3D_OK);
    r9_read(dev, img);
    CHECK_EQ(count_color(img, W * H, c), 20 + 6);   /* the scissored pixels stay (Clear clears
                                                     * the viewport only) */
    CHECK_EQ(img[3 * W + 2], c);
    CHECK_EQ(img[7 * W + 5], c);
    CHECK_EQ(img[8 * W + 5], 0u);
    r9_end(dev);
}

/* MinZ/MaxZ map the depth, ZFUNC tests it. */
TEST(d3d9_render_depth_viewport_range)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    uint32_t img[W * H];
    if (!dev)
        return;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, XYZC_FVF), D3D_OK);
    D3DVIEWPORT9 vp = { 0, 0, W, H, 0.5f, 1.0f };
    IDirect3DDevice9_SetViewport(dev, &vp);
    r9_clear(dev, 0);
    /* z 0.5 -> depth 0.75 first (red), then z 0.2 -> 0.6 (green) passes, then z 0.8 -> 0.9
     * (blue) fails */
    const float zs[3] = { 0.5f, 0.2f, 0.8f };
    const D3DCOLOR cs[3] = { 0xffff0000, 0xff00ff00, 0xff0000ff };
    for (int i = 0; i < 3; i++) {
        struct xyzc q[4] = { { -1, 1, zs[i], cs[i] }, { 1, 1, zs[i], cs[i] },
                             { -1, -1, zs[i], cs[i] }, { 1, -1, zs[i], cs[i] } };
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    }
    r9_read(dev, img);
    CHECK_EQ(img[5 * W + 5], 0xff00ff00u);
    /* GREATER now: only depth > 0.6 passes; z = 0.2 maps to 0.6 exactly: fails */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_GREATER);
    struct xyzc q[4] = { { -1, 1, 0.2f, cs[2] }, { 1, 1, 0.2f, cs[2] },
                         { -1, -1, 0.2f, cs[2] }, { 1, -1, 0.2f, cs[2] } };
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    r9_read(dev, img);
    CHECK_EQ(img[5 * W + 5], 0xff00ff00u);
    r9_end(dev);
}

/* Two-sided stencil: clockwise triangles take the STENCIL* ops, counter-clockwise ones the
 * CCW_STENCIL* ops (D3DRS_TWOSIDEDSTENCILMODE); later draws test the values. */
TEST(d3d9_render_two_sided_stencil)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    uint32_t img[W * H];
    const D3DCOLOR c = 0xffffffff;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, XYZC_FVF), D3D_OK);
    r9_clear(dev, 0);
    /* left half clockwise, right half counter-clockwise */
    struct xyzc left[3] = { { nx(0), ny(0), 0.5f, c }, { nx(8), ny(0), 0.5f, c },
                            { nx(0), ny(16), 0.5f, c } };
    struct xyzc right[3] = { { nx(8), ny(0), 0.5f, c }, { nx(16), ny(16), 0.5f, c },
                             { nx(16), ny(0), 0.5f, c } };
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_TWOSIDEDSTENCILMODE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILFUNC, D3DCMP_ALWAYS);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILPASS, D3DSTENCILOP_REPLACE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILREF, 1);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CCW_STENCILFUNC, D3DCMP_ALWAYS);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CCW_STENCILPASS, D3DSTENCILOP_INCR);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORWRITEENABLE, 0);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, left, sizeof(left[0]));
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, right, sizeof(right[0]));
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, right, sizeof(right[0]));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORWRITEENABLE, 0xf);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_TWOSIDEDSTENCILMODE, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILPASS, D3DSTENCILOP_KEEP);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILFUNC, D3DCMP_EQUAL);
    r9_rect(dev, 0, 0, W, H, 0xffff0000);      /* ref 1: the clockwise half */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILREF, 2);
    r9_rect(dev, 0, 0, W, H, 0xff0000ff);      /* ref 2: incremented twice */
    r9_read(dev, img);
    CHECK_EQ(img[2 * W + 1], 0xffff0000u);
    CHECK_EQ(img[12 * W + 14], 0xff0000ffu);
    CHECK_EQ(img[14 * W + 9], 0u);             /* between them: stencil 0 */
    r9_end(dev);
}

/* ---- output merger ------------------------------------------------------------------------- */

TEST(d3d9_render_blend_states)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    /* SRCALPHA / INVSRCALPHA over 0x...ff0000: (0x80 / 255) green + (1 - that) red */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_SRCALPHA);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
    r9_clear(dev, 0xffff0000);
    r9_rect(dev, 0, 0, W, H, 0x8000ff00);
    double a = 128.0 / 255.0;
    uint32_t want = r9_argb(1.0 - a, a, 0, a * a + (1.0 - a));
    CHECK_PIXEL(r9_pixel(dev, W, H, 3, 3), want, 1);
    /* BOTHSRCALPHA: the same factors, whatever DESTBLEND says */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_BOTHSRCALPHA);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_ZERO);
    r9_clear(dev, 0xffff0000);
    r9_rect(dev, 0, 0, W, H, 0x8000ff00);
    CHECK_PIXEL(r9_pixel(dev, W, H, 3, 3), want, 1);
    /* separate alpha: colour ONE/ONE, alpha ZERO/ZERO */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_ONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_ONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SEPARATEALPHABLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLENDALPHA, D3DBLEND_ZERO);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLENDALPHA, D3DBLEND_ZERO);
    r9_clear(dev, 0xff400000);
    r9_rect(dev, 0, 0, W, H, 0x80204000);
    CHECK_EQ(r9_pixel(dev, W, H, 3, 3), 0x00604000u);
    /* BLENDFACTOR and REVSUBTRACT: dst - src * factor */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SEPARATEALPHABLENDENABLE, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_BLENDFACTOR);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_ONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_BLENDOP, D3DBLENDOP_REVSUBTRACT);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_BLENDFACTOR, 0xff808080);
    r9_clear(dev, 0xffc0c0c0);
    r9_rect(dev, 0, 0, W, H, 0x00ff0000);
    double f = 128.0 / 255.0;      /* alpha: 1 * 1 - 0 * 1 */
    CHECK_PIXEL(r9_pixel(dev, W, H, 3, 3), r9_argb(192.0 / 255 - f, 192.0 / 255, 192.0 / 255, 1),
                1);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
    /* colour write mask: green and alpha only */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORWRITEENABLE,
                                    D3DCOLORWRITEENABLE_GREEN | D3DCOLORWRITEENABLE_ALPHA);
    r9_clear(dev, 0x11223344);
    r9_rect(dev, 0, 0, W, H, 0xaabbccdd);
    CHECK_EQ(r9_pixel(dev, W, H, 3, 3), 0xaa22cc44u);
    r9_end(dev);
}

/* SRGBWRITEENABLE: the target is written sRGB-encoded (0.5 -> 0xbc), and blending reads it
 * back decoded. */
TEST(d3d9_render_srgb_write)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRGBWRITEENABLE, TRUE);
    r9_clear(dev, 0);
    r9_rect(dev, 0, 0, W, H, 0xff808080);
    uint32_t px = r9_pixel(dev, W, H, 1, 1);
    double l = 128.0 / 255.0;
    double s = l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
    CHECK_PIXEL(px, r9_argb(s, s, s, 1), 1);
    r9_end(dev);
}

/* ---- vertex element types ------------------------------------------------------------------ */

/* D3DCOLOR is BGRA in memory, UBYTE4N RGBA; SHORT2 positions are integers; FLOAT16_2. */
TEST(d3d9_render_decl_types)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DVertexDeclaration9 *decl = NULL;
    if (!dev)
        return;
    /* positions in pixels (SHORT2, through a projection that maps [0, 16] onto NDC),
     * colour UBYTE4N */
    struct {
        int16_t x, y;
        uint8_t rgba[4];
    } v[4] = { { 0, 0, { 0x10, 0x20, 0x30, 0xff } }, { 16, 0, { 0x10, 0x20, 0x30, 0xff } },
               { 0, 16, { 0x10, 0x20, 0x30, 0xff } }, { 16, 16, { 0x10, 0x20, 0x30, 0xff } } };
    static const D3DVERTEXELEMENT9 el[] = {
        { 0, 0, D3DDECLTYPE_SHORT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
        { 0, 4, D3DDECLTYPE_UBYTE4N, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0 },
        D3DDECL_END()
    };
    D3DMATRIX proj = { { { 2.0f / W, 0, 0, 0, 0, -2.0f / H, 0, 0, 0, 0, 1, 0,
                           -1.0f - 1.0f / W, 1.0f + 1.0f / H, 0.5f, 1 } } };
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, el, &decl), D3D_OK);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &proj);
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])),
             D3D_OK);
    uint32_t img[W * H];
    r9_read(dev, img);
    CHECK_EQ(count_color(img, W * H, 0xff102030), W * H);
    IDirect3DVertexDeclaration9_Release(decl);
    /* FLOAT16_2 positions (9_3 and max) */
    static const D3DVERTEXELEMENT9 el16[] = {
        { 0, 0, D3DDECLTYPE_FLOAT16_2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
        { 0, 4, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0 },
        D3DDECL_END()
    };
    struct {
        uint16_t x, y;
        D3DCOLOR c;
    } h[3] = { { 0x0000, 0x0000, 0xff405060 }, { 0x4c00, 0x0000, 0xff405060 },
               { 0x0000, 0x4c00, 0xff405060 } };   /* 0, 16 as halves */
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, el16, &decl), D3D_OK);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, h, sizeof(h[0])),
             D3D_OK);
    r9_read(dev, img);
    CHECK_EQ(img[2 * W + 2], 0xff405060u);
    CHECK_EQ(img[14 * W + 14], 0u);
    IDirect3DVertexDeclaration9_Release(decl);
    r9_end(dev);
}

/* ---- instancing ---------------------------------------------------------------------------- */

/* Stream 0 INDEXEDDATA | 2, stream 1 INSTANCEDATA | 1: two instances of a square, each with
 * its own colour; additive blending shows both ran. */
TEST(d3d9_render_instancing)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DVertexBuffer9 *vb0 = NULL, *vb1 = NULL;
    IDirect3DIndexBuffer9 *ib = NULL;
    IDirect3DVertexDeclaration9 *decl = NULL;
    void *p;
    if (!dev)
        return;
    float pos[4][3] = { { -1, 1, 0.5f }, { 1, 1, 0.5f }, { -1, -1, 0.5f }, { 1, -1, 0.5f } };
    D3DCOLOR inst[2] = { 0xff400000, 0xff004000 };
    static const uint16_t idx[6] = { 0, 1, 2, 2, 1, 3 };
    static const D3DVERTEXELEMENT9 el[] = {
        { 0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
        { 1, 0, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0 },
        D3DDECL_END()
    };
    IDirect3DDevice9_CreateVertexBuffer(dev, sizeof(pos), 0, 0, D3DPOOL_MANAGED, &vb0, NULL);
    IDirect3DDevice9_CreateVertexBuffer(dev, sizeof(inst), 0, 0, D3DPOOL_MANAGED, &vb1, NULL);
    IDirect3DDevice9_CreateIndexBuffer(dev, sizeof(idx), 0, D3DFMT_INDEX16, D3DPOOL_MANAGED, &ib,
                                       NULL);
    IDirect3DDevice9_CreateVertexDeclaration(dev, el, &decl);
    if (!vb0 || !vb1 || !ib || !decl) {
        CHECK(0);
        return;
    }
    IDirect3DVertexBuffer9_Lock(vb0, 0, 0, &p, 0);
    memcpy(p, pos, sizeof(pos));
    IDirect3DVertexBuffer9_Unlock(vb0);
    IDirect3DVertexBuffer9_Lock(vb1, 0, 0, &p, 0);
    memcpy(p, inst, sizeof(inst));
    IDirect3DVertexBuffer9_Unlock(vb1);
    IDirect3DIndexBuffer9_Lock(ib, 0, 0, &p, 0);
    memcpy(p, idx, sizeof(idx));
    IDirect3DIndexBuffer9_Unlock(ib);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb0, 0, 12);
    IDirect3DDevice9_SetStreamSource(dev, 1, vb1, 0, 4);
    IDirect3DDevice9_SetIndices(dev, ib);
    CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(dev, 0, D3DSTREAMSOURCE_INDEXEDDATA | 2), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(dev, 1, D3DSTREAMSOURCE_INSTANCEDATA | 1),
             D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_ONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_ONE);
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 4, 0, 2),
             D3D_OK);
    CHECK_EQ(r9_pixel(dev, W, H, 7, 7) & 0xffffffu, 0x404000u);
    IDirect3DVertexDeclaration9_Release(decl);
    IDirect3DIndexBuffer9_Release(ib);
    IDirect3DVertexBuffer9_Release(vb1);
    IDirect3DVertexBuffer9_Release(vb0);
    r9_end(dev);
}

/* ---- draw-time rules ----------------------------------------------------------------------- */

TEST(d3d9_draw_rules)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    struct r9_tl v[3] = { { 0, 0, 0.5f, 1, 0xffffffff }, { 8, 0, 0.5f, 1, 0xffffffff },
                          { 0, 8, 0.5f, 1, 0xffffffff } };
    if (!dev)
        return;
    /* no declaration */
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0])),
             D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "no vertex declaration");
    IDirect3DDevice9_SetFVF(dev, R9_TL_FVF);
    /* bad type, count 0 */
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, (D3DPRIMITIVETYPE)7, 1, v, sizeof(v[0])),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 0, v, sizeof(v[0])),
             D3D_OK);
    /* a stream without a buffer */
    CHECK_HR(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 1), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "stream 0 has no vertex buffer");
    /* no index buffer */
    CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 3, 0, 1),
             D3DERR_INVALIDCALL);
    /* outside a scene */
    IDirect3DDevice9_EndScene(dev);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0])),
             D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "BeginScene");
    IDirect3DDevice9_BeginScene(dev);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0])),
             D3D_OK);
    r9_end(dev);
}

/* MaxPrimitiveCount and MaxVertexIndex of the 9_1 caps (65535, 65534). */
TEST(d3d9_draw_rules_caps_limits_9_1)
{
    IDirect3DDevice9 *dev = r9_device_flags("9_1", W, H, D3DCREATE_HARDWARE_VERTEXPROCESSING);
    IDirect3DIndexBuffer9 *ib = NULL;
    IDirect3DVertexBuffer9 *vb = NULL;
    void *p;
    if (!dev)
        return;
    IDirect3DDevice9_SetFVF(dev, R9_TL_FVF);
    IDirect3DDevice9_CreateVertexBuffer(dev, 65536 * 20, 0, 0, D3DPOOL_MANAGED, &vb, NULL);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, 20);
    CHECK_HR(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_POINTLIST, 0, 65536), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "MaxPrimitiveCount 65535");
    CHECK_HR(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_POINTLIST, 0, 65535), D3D_OK);
    IDirect3DDevice9_CreateIndexBuffer(dev, 6, 0, D3DFMT_INDEX16, D3DPOOL_MANAGED, &ib, NULL);
    IDirect3DIndexBuffer9_Lock(ib, 0, 0, &p, 0);
    ((uint16_t *)p)[0] = 0;
    ((uint16_t *)p)[1] = 65534;
    ((uint16_t *)p)[2] = 65535;
    IDirect3DIndexBuffer9_Unlock(ib);
    IDirect3DDevice9_SetIndices(dev, ib);
    CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_LINELIST, 0, 0, 65536, 0, 1),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 65536, 0, 1),
             D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "exceeds MaxVertexIndex 65534");
    IDirect3DIndexBuffer9_Release(ib);
    IDirect3DVertexBuffer9_Release(vb);
    r9_end(dev);
}

/* Seed 002: a mixed device in software mode refuses buffers not made for software processing;
 * hardware mode and SOFTWAREPROCESSING buffers draw. */
TEST(d3d9_draw_rules_seed002_software_buffers)
{
    IDirect3DDevice9 *dev = r9_device_flags(NULL, W, H, D3DCREATE_MIXED_VERTEXPROCESSING);
    IDirect3DVertexBuffer9 *hw = NULL, *sw = NULL;
    void *p;
    if (!dev)
        return;
    struct r9_tl v[3] = { { 0, 0, 0.5f, 1, 0xffffffff }, { 8, 0, 0.5f, 1, 0xffffffff },
                          { 0, 8, 0.5f, 1, 0xffffffff } };
    IDirect3DDevice9_CreateVertexBuffer(dev, sizeof(v), 0, 0, D3DPOOL_DEFAULT, &hw, NULL);
    IDirect3DDevice9_CreateVertexBuffer(dev, sizeof(v), D3DUSAGE_SOFTWAREPROCESSING, 0,
                                        D3DPOOL_DEFAULT, &sw, NULL);
    IDirect3DVertexBuffer9_Lock(hw, 0, 0, &p, 0);
    memcpy(p, v, sizeof(v));
    IDirect3DVertexBuffer9_Unlock(hw);
    IDirect3DVertexBuffer9_Lock(sw, 0, 0, &p, 0);
    memcpy(p, v, sizeof(v));
    IDirect3DVertexBuffer9_Unlock(sw);
    IDirect3DDevice9_SetFVF(dev, R9_TL_FVF);
    IDirect3DDevice9_SetStreamSource(dev, 0, hw, 0, sizeof(v[0]));
    CHECK_HR(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, TRUE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 1), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "seed 002");
    IDirect3DDevice9_SetStreamSource(dev, 0, sw, 0, sizeof(v[0]));
    CHECK_HR(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 1), D3D_OK);
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    IDirect3DVertexBuffer9_Release(sw);
    IDirect3DVertexBuffer9_Release(hw);
    r9_end(dev);
}

/* User clip planes (SetClipPlane + D3DRS_CLIPPLANEENABLE): with the fixed-function pipeline the
 * plane is in world space; with identity transforms world = clip space, so the plane
 * x - nx(7.5) >= 0 keeps exactly the pixel columns whose centres (D3D9: integer x) are >= 8. */
TEST(d3d9_render_user_clip_plane)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    const struct xyzc quad[4] = {
        { -1.0f, 1.0f, 0.5f, 0xffff0000 }, { 1.0f, 1.0f, 0.5f, 0xffff0000 },
        { -1.0f, -1.0f, 0.5f, 0xffff0000 }, { 1.0f, -1.0f, 0.5f, 0xffff0000 },
    };
    const float plane[4] = { 1.0f, 0.0f, 0.0f, -nx(7.5f) };
    uint32_t img[W * H];
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, XYZC_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetClipPlane(dev, 0, plane), D3D_OK);
    /* enabled: only x >= 8 */
    CHECK_HR(IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, D3DCLIPPLANE0), D3D_OK);
    r9_clear(dev, 0xff000000);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, quad, sizeof(quad[0])),
             D3D_OK);
    r9_read(dev, img);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            CHECK_EQ(img[y * W + x], x >= 8 ? 0xffff0000u : 0xff000000u);
    /* a world-space plane goes through View * Projection: with the view moving the world by
     * +0.3 NDC in x, the same plane keeps world x >= nx(7.5) = -0.0625, i.e. NDC x >= 0.2375,
     * D3D9 screen x >= (0.2375 + 1) * W / 2 = 9.9 (NDC -1 is pixel 0's centre): columns 10.. */
    D3DMATRIX view = { { { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.3f, 0, 0, 1 } } };
    CHECK_HR(IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &view), D3D_OK);
    r9_clear(dev, 0xff000000);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, quad, sizeof(quad[0])),
             D3D_OK);
    r9_read(dev, img);
    for (int x = 0; x < W; x++)
        CHECK_EQ(img[5 * W + x], x >= 10 ? 0xffff0000u : 0xff000000u);
    /* disabled: the whole quad, moved right by the view: its left edge at screen x 2.4 */
    CHECK_HR(IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, 0), D3D_OK);
    r9_clear(dev, 0xff000000);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, quad, sizeof(quad[0])),
             D3D_OK);
    r9_read(dev, img);
    for (int x = 0; x < W; x++)
        CHECK_EQ(img[5 * W + x], x >= 3 ? 0xffff0000u : 0xff000000u);
    r9_end(dev);
}
