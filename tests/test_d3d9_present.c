/* tests/test_d3d9_present.c — Direct3D 9 copies and presentation, headless: Clear with
 * rectangles (read back with GetRenderTargetData, exact bytes), ColorFill, UpdateSurface,
 * UpdateTexture with dirty regions, StretchRect point / linear results, render targets, scenes,
 * the implicit swap chain, Present + GetFrontBufferData (DISCARD, FLIP, COPY), the PNG present
 * dump, and Reset's rules. */
#include <dirent.h>
#include <stdio.h>
#include <unistd.h>

#include "test_d3d9_util.h"

#include "d3d9/d3d9_resource.h"
#include "sample/texel.h"
#include "util/png.h"
#include "test_png_util.h"

/* A SYSTEMMEM copy of a render target's content, read as 32-bit texels. */
struct readback {
    IDirect3DSurface9 *s;
    D3DLOCKED_RECT lr;
};

static bool readback(IDirect3DDevice9 *dev, IDirect3DSurface9 *rt, struct readback *rb)
{
    D3DSURFACE_DESC d;
    IDirect3DSurface9_GetDesc(rt, &d);
    if (FAILED(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, d.Width, d.Height, d.Format,
                                                            D3DPOOL_SYSTEMMEM, &rb->s, NULL)))
        return false;
    CHECK_HR(IDirect3DDevice9_GetRenderTargetData(dev, rt, rb->s), D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(rb->s, &rb->lr, NULL, D3DLOCK_READONLY), D3D_OK);
    return true;
}

static uint32_t px(const struct readback *rb, int x, int y)
{
    return ((const uint32_t *)((const char *)rb->lr.pBits + y * rb->lr.Pitch))[x];
}

static void readback_done(struct readback *rb)
{
    IDirect3DSurface9_UnlockRect(rb->s);
    IDirect3DSurface9_Release(rb->s);
}

static IDirect3DSurface9 *back_buffer(IDirect3DDevice9 *dev)
{
    IDirect3DSurface9 *bb = NULL;
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    return bb;
}

/* Fills a D3DPOOL_DEFAULT surface through a SYSTEMMEM one: texel (x, y) = f(x, y). */
static void upload(IDirect3DDevice9 *dev, IDirect3DSurface9 *dst, uint32_t (*f)(int, int))
{
    IDirect3DSurface9 *tmp;
    D3DSURFACE_DESC d;
    D3DLOCKED_RECT lr;
    IDirect3DSurface9_GetDesc(dst, &d);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, d.Width, d.Height, d.Format,
                                                          D3DPOOL_SYSTEMMEM, &tmp, NULL), D3D_OK);
    IDirect3DSurface9_LockRect(tmp, &lr, NULL, 0);
    for (UINT y = 0; y < d.Height; y++)
        for (UINT x = 0; x < d.Width; x++)
            ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[x] = f((int)x, (int)y);
    IDirect3DSurface9_UnlockRect(tmp);
    CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, tmp, NULL, dst, NULL), D3D_OK);
    IDirect3DSurface9_Release(tmp);
}

/* --------------------------------------------------------------------------- Clear */

TEST(d3d9_clear_rects_exact_bytes)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DSurface9 *bb;
    struct readback rb;
    D3DRECT rects[2] = { { 8, 8, 16, 12 }, { 60, 60, 100, 100 } };
    D3DVIEWPORT9 vp = { 4, 4, 20, 20, 0, 1 };
    RECT sc = { 0, 0, 64, 10 };
    if (!dev)
        SKIP("no device");
    bb = back_buffer(dev);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff102030, 1.0f, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 2, rects, D3DCLEAR_TARGET, 0x00aabbcc, 1.0f, 0), D3D_OK);
    if (readback(dev, bb, &rb)) {
        for (int y = 0; y < 64; y++) {
            for (int x = 0; x < 64; x++) {
                bool in = (x >= 8 && x < 16 && y >= 8 && y < 12) || (x >= 60 && y >= 60);
                uint32_t want = in ? 0x00aabbcc : 0x00102030;   /* X8R8G8B8: X written 0 */
                if (px(&rb, x, y) != want) {
                    harness_fail(__FILE__, __LINE__, "(%d,%d) = 0x%08x, want 0x%08x", x, y,
                                 px(&rb, x, y), want);
                    y = 64;
                    break;
                }
            }
        }
        readback_done(&rb);
    }
    /* Rectangles are clipped to the viewport, and to the scissor rect when it is enabled. */
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetViewport(dev, &vp), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetScissorRect(dev, &sc), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0x00010101, 1.0f, 0), D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SCISSORTESTENABLE, TRUE);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 1, rects, D3DCLEAR_TARGET, 0x00020202, 1.0f, 0), D3D_OK);
    if (readback(dev, bb, &rb)) {
        CHECK_EQ(px(&rb, 3, 3), 0);
        CHECK_EQ(px(&rb, 4, 4), 0x00010101);
        CHECK_EQ(px(&rb, 23, 23), 0x00010101);
        CHECK_EQ(px(&rb, 24, 23), 0);
        CHECK_EQ(px(&rb, 8, 8), 0x00020202);
        CHECK_EQ(px(&rb, 15, 9), 0x00020202);
        CHECK_EQ(px(&rb, 15, 10), 0x00010101);   /* cut by the scissor rect */
        readback_done(&rb);
    }
    IDirect3DSurface9_Release(bb);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_clear_depth_stencil_bits)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DSurface9 *ds, *d16;
    struct d3d9_surface *s;
    D3DLOCKED_RECT lr;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_GetDepthStencilSurface(dev, &ds), D3D_OK);
    s = d3d9_surface_from_iface(ds);
    /* D24S8 (D24_UNORM_S8_UINT): depth in bits 0..23, stencil in 24..31. */
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, 0, 1.0f,
                                    0x1ab), D3D_OK);
    CHECK_EQ(((uint32_t *)d3d9_surface_data(s))[5], 0xabffffffu);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 0.0f, 0), D3D_OK);
    CHECK_EQ(((uint32_t *)d3d9_surface_data(s))[5], 0xab000000u);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_STENCIL, 0, 0.0f, 5), D3D_OK);
    CHECK_EQ(((uint32_t *)d3d9_surface_data(s))[5], 0x05000000u);
    /* A lockable depth format: 0.5 -> 0x8000. */
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, 64, 64, D3DFMT_D16_LOCKABLE,
                                                        D3DMULTISAMPLE_NONE, 0, FALSE, &d16,
                                                        NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, d16), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 0.5f, 0), D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(d16, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
    CHECK_EQ(((uint16_t *)lr.pBits)[63], 0x8000);
    IDirect3DSurface9_UnlockRect(d16);
    /* No stencil bits in D16_LOCKABLE. */
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_STENCIL, 0, 0.5f, 0),
             D3DERR_INVALIDCALL);
    /* Without a depth-stencil surface. */
    CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 0.5f, 0),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0, 0.5f, 0), D3D_OK);
    IDirect3DSurface9_Release(d16);
    IDirect3DSurface9_Release(ds);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_clear_arguments)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    D3DRECT r = { 0, 0, 4, 4 };
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_Clear(dev, 1, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, &r, D3DCLEAR_TARGET, 0, 1.0f, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, 0, 0, 1.0f, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, 0x8, 0, 1.0f, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 1.5f, 0),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, -0.1f, 0),
             D3DERR_INVALIDCALL);
    /* Rectangles entirely outside, or inverted: nothing to clear, no error. */
    r = (D3DRECT){ 100, 100, 200, 200 };
    CHECK_HR(IDirect3DDevice9_Clear(dev, 1, &r, D3DCLEAR_TARGET, 0, 1.0f, 0), D3D_OK);
    r = (D3DRECT){ 10, 10, 2, 2 };
    CHECK_HR(IDirect3DDevice9_Clear(dev, 1, &r, D3DCLEAR_TARGET, 0, 1.0f, 0), D3D_OK);
    T9_RELEASE_DEVICE(dev);
}

/* Multiple render targets: index < NumSimultaneousRTs (1 at 9_1, 4 at 9_3); Clear clears all. */
TEST(d3d9_multiple_render_targets_clear)
{
    for (int p = 0; p < 4; p += 2) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        IDirect3DSurface9 *rt, *got;
        struct readback rb;
        if (!dev)
            continue;
        CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 64, 64, D3DFMT_A8R8G8B8,
                                                     D3DMULTISAMPLE_NONE, 0, FALSE, &rt, NULL),
                 D3D_OK);
        if (p == 0) {
            CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 1, rt), D3DERR_INVALIDCALL);
            CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 1, &got), D3DERR_INVALIDCALL);
        } else {
            CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 3, &got), D3DERR_NOTFOUND);
            CHECK(got == NULL);
            CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 3, rt), D3D_OK);
            CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 4, rt), D3DERR_INVALIDCALL);
            CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0x80405060, 1.0f, 0),
                     D3D_OK);
            if (readback(dev, rt, &rb)) {
                CHECK_EQ(px(&rb, 63, 63), 0x80405060);
                readback_done(&rb);
            }
            CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 3, NULL), D3D_OK);
        }
        IDirect3DSurface9_Release(rt);
        T9_RELEASE_DEVICE(dev);
    }
}

/* ----------------------------------------------------------------------- ColorFill */

TEST(d3d9_color_fill)
{
    IDirect3DDevice9 *dev = t9_device("9_3");
    IDirect3DSurface9 *rt, *plain, *sys, *lvl;
    IDirect3DTexture9 *t;
    struct readback rb;
    RECT r = { 1, 2, 3, 4 };
    D3DLOCKED_RECT lr;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 8, 8, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE,
                                                 0, FALSE, &rt, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, rt, NULL, 0x11223344), D3D_OK);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, rt, &r, 0x80ff0000), D3D_OK);
    if (readback(dev, rt, &rb)) {
        CHECK_EQ(px(&rb, 0, 0), 0x11223344);
        CHECK_EQ(px(&rb, 1, 2), 0x80ff0000);
        CHECK_EQ(px(&rb, 2, 3), 0x80ff0000);
        CHECK_EQ(px(&rb, 3, 3), 0x11223344);
        readback_done(&rb);
    }
    r = (RECT){ 0, 0, 9, 1 };
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, rt, &r, 0), D3DERR_INVALIDCALL);
    r = (RECT){ 2, 2, 2, 3 };
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, rt, &r, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, NULL, NULL, 0), D3DERR_INVALIDCALL);
    /* D3DPOOL_DEFAULT plain surfaces yes, SYSTEMMEM ones no. */
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 4, D3DFMT_A8R8G8B8,
                                                          D3DPOOL_DEFAULT, &plain, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, plain, NULL, 0xffeeddcc), D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(plain, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
    CHECK_EQ(((uint32_t *)lr.pBits)[5], 0xffeeddcc);
    IDirect3DSurface9_UnlockRect(plain);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 4, D3DFMT_A8R8G8B8,
                                                          D3DPOOL_SYSTEMMEM, &sys, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, sys, NULL, 0), D3DERR_INVALIDCALL);
    /* Texture levels only of render-target textures. */
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &t,
                                            NULL), D3D_OK);
    IDirect3DTexture9_GetSurfaceLevel(t, 0, &lvl);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, lvl, NULL, 0), D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(lvl);
    IDirect3DTexture9_Release(t);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, D3DUSAGE_RENDERTARGET,
                                            D3DFMT_A16B16G16R16F, D3DPOOL_DEFAULT, &t, NULL),
             D3D_OK);
    IDirect3DTexture9_GetSurfaceLevel(t, 0, &lvl);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, lvl, NULL, 0xff804000), D3D_OK);
    {
        const uint16_t *h = (const uint16_t *)d3d9_surface_data(d3d9_surface_from_iface(lvl));
        CHECK_EQ(h[0], texel_float_to_half(128.0f / 255.0f));   /* r */
        CHECK_EQ(h[1], texel_float_to_half(64.0f / 255.0f));    /* g */
        CHECK_EQ(h[2], 0);                                      /* b */
        CHECK_EQ(h[3], 0x3c00);                                 /* a = 1.0 */
    }
    IDirect3DSurface9_Release(lvl);
    IDirect3DTexture9_Release(t);
    IDirect3DSurface9_Release(sys);
    IDirect3DSurface9_Release(plain);
    IDirect3DSurface9_Release(rt);
    T9_RELEASE_DEVICE(dev);
}

/* ---------------------------------------------------------------------- StretchRect */

static uint32_t pattern4(int x, int y)
{
    return 0xff000000u | (uint32_t)(x * 16 + y);
}

TEST(d3d9_stretch_rect_point_exact)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DSurface9 *src, *big, *small;
    struct readback rb;
    RECT sr = { 1, 1, 3, 3 };
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 4, 4, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE,
                                                 0, FALSE, &src, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 8, 8, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE,
                                                 0, FALSE, &big, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 2, 2, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE,
                                                 0, FALSE, &small, NULL), D3D_OK);
    upload(dev, src, pattern4);
    /* 4x4 -> 8x8 point: every source texel becomes 2x2. */
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, src, NULL, big, NULL, D3DTEXF_POINT), D3D_OK);
    if (readback(dev, big, &rb)) {
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < 8; x++)
                CHECK_EQ(px(&rb, x, y), pattern4(x / 2, y / 2));
        readback_done(&rb);
    }
    /* 4x4 -> 2x2 with D3DTEXF_NONE: the texel under each destination centre, (2x+1, 2y+1). */
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, src, NULL, small, NULL, D3DTEXF_NONE), D3D_OK);
    if (readback(dev, small, &rb)) {
        CHECK_EQ(px(&rb, 0, 0), pattern4(1, 1));
        CHECK_EQ(px(&rb, 1, 0), pattern4(3, 1));
        CHECK_EQ(px(&rb, 1, 1), pattern4(3, 3));
        readback_done(&rb);
    }
    /* A sub-rectangle copied without stretching: the bytes unchanged. */
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, src, &sr, small, NULL, D3DTEXF_LINEAR), D3D_OK);
    if (readback(dev, small, &rb)) {
        CHECK_EQ(px(&rb, 0, 0), pattern4(1, 1));
        CHECK_EQ(px(&rb, 1, 1), pattern4(2, 2));
        readback_done(&rb);
    }
    IDirect3DSurface9_Release(src);
    IDirect3DSurface9_Release(big);
    IDirect3DSurface9_Release(small);
    T9_RELEASE_DEVICE(dev);
}

static uint32_t ramp2(int x, int y)
{
    (void)y;
    return x ? 0xffff80ffu : 0xff000000u;   /* red 0 / 255, green 0 / 128, blue 0 / 255 */
}

TEST(d3d9_stretch_rect_linear_exact)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DSurface9 *src, *dst, *xrgb;
    struct readback rb;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 2, 1, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE,
                                                 0, FALSE, &src, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 4, 1, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE,
                                                 0, FALSE, &dst, NULL), D3D_OK);
    upload(dev, src, ramp2);
    /* Destination centres 0.5, 1.5, 2.5, 3.5 map to source texel coordinates -0.25, 0.25, 0.75,
     * 1.25: weights of texel 1 of 0 (clamped), 0.25, 0.75, 1 (clamped). */
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, src, NULL, dst, NULL, D3DTEXF_LINEAR), D3D_OK);
    if (readback(dev, dst, &rb)) {
        CHECK_EQ(px(&rb, 0, 0), 0xff000000u);
        CHECK_EQ(px(&rb, 1, 0), 0xff402040u);   /* 0.25 * 255 = 63.75 -> 64; 0.25 * 128 = 32 */
        CHECK_EQ(px(&rb, 2, 0), 0xffbf60bfu);   /* 191.25 -> 191; 96 */
        CHECK_EQ(px(&rb, 3, 0), 0xffff80ffu);
        readback_done(&rb);
    }
    /* Format conversion X8R8G8B8 -> A8R8G8B8: alpha reads 1. */
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 2, 1, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE,
                                                 0, FALSE, &xrgb, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, xrgb, NULL, 0x00123456), D3D_OK);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, xrgb, NULL, src, NULL, D3DTEXF_NONE), D3D_OK);
    if (readback(dev, src, &rb)) {
        CHECK_EQ(px(&rb, 1, 0), 0xff123456u);
        readback_done(&rb);
    }
    IDirect3DSurface9_Release(xrgb);
    IDirect3DSurface9_Release(src);
    IDirect3DSurface9_Release(dst);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_stretch_rect_rules)
{
    IDirect3DDevice9 *dev = t9_device("9_3");   /* the max profile copies texture levels */
    IDirect3DSurface9 *rt, *rt2, *plain, *plain2, *sys, *lvl, *ds, *ds2, *bb;
    IDirect3DTexture9 *t;
    D3DCAPS9 caps;
    RECT r = { 0, 0, 2, 2 };
    if (!dev)
        SKIP("no device");
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK_EQ(caps.StretchRectFilterCaps, D3DPTFILTERCAPS_MINFPOINT | D3DPTFILTERCAPS_MAGFPOINT |
                                             D3DPTFILTERCAPS_MINFLINEAR |
                                             D3DPTFILTERCAPS_MAGFLINEAR);
    IDirect3DDevice9_CreateRenderTarget(dev, 4, 4, D3DFMT_A8R8G8B8, 0, 0, FALSE, &rt, NULL);
    IDirect3DDevice9_CreateRenderTarget(dev, 8, 8, D3DFMT_A8R8G8B8, 0, 0, FALSE, &rt2, NULL);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 4, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                                 &plain, NULL);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 4, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                                 &plain2, NULL);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 4, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM,
                                                 &sys, NULL);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, rt, NULL, rt, NULL, D3DTEXF_NONE),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, sys, NULL, rt, NULL, D3DTEXF_NONE),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, rt, NULL, rt2, NULL, D3DTEXF_GAUSSIANQUAD),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, rt, NULL, rt2, NULL, D3DTEXF_ANISOTROPIC),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, rt, NULL, plain, NULL, D3DTEXF_NONE),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, plain, NULL, plain2, NULL, D3DTEXF_NONE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, plain, &r, plain2, NULL, D3DTEXF_NONE),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, plain, NULL, rt2, NULL, D3DTEXF_LINEAR), D3D_OK);
    r = (RECT){ 0, 0, 5, 4 };
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, rt, &r, rt2, NULL, D3DTEXF_NONE),
             D3DERR_INVALIDCALL);
    r = (RECT){ 2, 2, 2, 4 };
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, rt, NULL, rt2, &r, D3DTEXF_NONE),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, NULL, NULL, rt2, NULL, D3DTEXF_NONE),
             D3DERR_INVALIDCALL);
    /* A render-target texture level is a destination without
     * D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES (not in the 9_x profiles): the driver table. */
    CHECK(!(caps.DevCaps2 & D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES));
    IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                   D3DPOOL_DEFAULT, &t, NULL);
    IDirect3DTexture9_GetSurfaceLevel(t, 0, &lvl);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, rt, NULL, lvl, NULL, D3DTEXF_NONE), D3D_OK);
    /* Back buffer to render target. */
    bb = back_buffer(dev);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, bb, NULL, rt2, NULL, D3DTEXF_LINEAR), D3D_OK);
    /* Depth-stencil: whole plain surfaces of one size and format, outside a scene. */
    IDirect3DDevice9_CreateDepthStencilSurface(dev, 4, 4, D3DFMT_D24S8, 0, 0, FALSE, &ds, NULL);
    IDirect3DDevice9_CreateDepthStencilSurface(dev, 4, 4, D3DFMT_D24S8, 0, 0, FALSE, &ds2, NULL);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, ds, NULL, ds2, NULL, D3DTEXF_NONE), D3D_OK);
    r = (RECT){ 0, 0, 2, 2 };
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, ds, &r, ds2, &r, D3DTEXF_NONE),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, ds, NULL, rt, NULL, D3DTEXF_NONE),
             D3DERR_INVALIDCALL);
    IDirect3DDevice9_BeginScene(dev);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, ds, NULL, ds2, NULL, D3DTEXF_NONE),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, rt, NULL, rt2, NULL, D3DTEXF_NONE), D3D_OK);
    IDirect3DDevice9_EndScene(dev);
    IDirect3DSurface9_Release(ds);
    IDirect3DSurface9_Release(ds2);
    IDirect3DSurface9_Release(bb);
    IDirect3DSurface9_Release(lvl);
    IDirect3DTexture9_Release(t);
    IDirect3DSurface9_Release(rt);
    IDirect3DSurface9_Release(rt2);
    IDirect3DSurface9_Release(plain);
    IDirect3DSurface9_Release(plain2);
    IDirect3DSurface9_Release(sys);
    T9_RELEASE_DEVICE(dev);
}

/* ------------------------------------------------- UpdateSurface, GetRenderTargetData */

TEST(d3d9_update_surface_and_render_target_data)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DSurface9 *sys, *rt, *small, *other_fmt, *plain_default;
    struct readback rb;
    D3DLOCKED_RECT lr;
    RECT r = { 1, 1, 3, 2 };
    POINT p = { 5, 6 };
    if (!dev)
        SKIP("no device");
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 4, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM,
                                                 &sys, NULL);
    IDirect3DDevice9_CreateRenderTarget(dev, 8, 8, D3DFMT_A8R8G8B8, 0, 0, FALSE, &rt, NULL);
    IDirect3DSurface9_LockRect(sys, &lr, NULL, 0);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[x] = pattern4(x, y);
    IDirect3DSurface9_UnlockRect(sys);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, rt, NULL, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, sys, &r, rt, &p), D3D_OK);
    if (readback(dev, rt, &rb)) {
        CHECK_EQ(px(&rb, 5, 6), pattern4(1, 1));
        CHECK_EQ(px(&rb, 6, 6), pattern4(2, 1));
        CHECK_EQ(px(&rb, 7, 6), 0);
        CHECK_EQ(px(&rb, 5, 7), 0);
        readback_done(&rb);
    }
    /* UpdateSurface rules. */
    p = (POINT){ 7, 7 };
    CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, sys, &r, rt, &p), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, rt, NULL, sys, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, sys, NULL, sys, NULL), D3DERR_INVALIDCALL);
    IDirect3DDevice9_CreateRenderTarget(dev, 8, 8, D3DFMT_X8R8G8B8, 0, 0, FALSE, &other_fmt, NULL);
    CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, sys, NULL, other_fmt, NULL), D3DERR_INVALIDCALL);
    IDirect3DSurface9_LockRect(sys, &lr, NULL, 0);
    CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, sys, NULL, rt, NULL), D3DERR_INVALIDCALL);
    IDirect3DSurface9_UnlockRect(sys);
    CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, sys, NULL, rt, NULL), D3D_OK);
    /* GetRenderTargetData rules: a D3DPOOL_DEFAULT render target into a SYSTEMMEM surface of
     * the same size and format. */
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 4, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM,
                                                 &small, NULL);
    CHECK_HR(IDirect3DDevice9_GetRenderTargetData(dev, rt, small), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetRenderTargetData(dev, other_fmt, sys), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetRenderTargetData(dev, rt, other_fmt), D3DERR_INVALIDCALL);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 4, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                                 &plain_default, NULL);
    CHECK_HR(IDirect3DDevice9_GetRenderTargetData(dev, plain_default, small), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetRenderTargetData(dev, NULL, small), D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(plain_default);
    IDirect3DSurface9_Release(small);
    IDirect3DSurface9_Release(other_fmt);
    IDirect3DSurface9_Release(sys);
    IDirect3DSurface9_Release(rt);
    T9_RELEASE_DEVICE(dev);
}

/* ------------------------------------------------------------------- UpdateTexture */

static void fill_level(IDirect3DTexture9 *t, UINT level, uint32_t v, DWORD flags)
{
    D3DLOCKED_RECT lr;
    D3DSURFACE_DESC d;
    IDirect3DTexture9_GetLevelDesc(t, level, &d);
    CHECK_HR(IDirect3DTexture9_LockRect(t, level, &lr, NULL, flags), D3D_OK);
    for (UINT y = 0; y < d.Height; y++)
        for (UINT x = 0; x < d.Width; x++)
            ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[x] = v + level;
    IDirect3DTexture9_UnlockRect(t, level);
}

static uint32_t texel_at(IDirect3DTexture9 *t, UINT level, int x, int y)
{
    D3DLOCKED_RECT lr;
    uint32_t v;
    IDirect3DTexture9_LockRect(t, level, &lr, NULL, D3DLOCK_READONLY);
    v = ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[x];
    IDirect3DTexture9_UnlockRect(t, level);
    return v;
}

TEST(d3d9_update_texture_dirty_regions)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DTexture9 *src, *dst, *dst_big, *dst_fmt, *managed;
    IDirect3DCubeTexture9 *c;
    RECT r = { 0, 0, 2, 2 };
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 8, 8, 4, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM,
                                            &src, NULL), D3D_OK);
    /* The destination matches source levels 1..3 (4x4, 2x2, 1x1). */
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 3, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8,
                                            D3DPOOL_DEFAULT, &dst, NULL), D3D_OK);
    for (UINT l = 0; l < 4; l++)
        fill_level(src, l, 0x100, 0);
    CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)src,
                                            (IDirect3DBaseTexture9 *)dst), D3D_OK);
    CHECK_EQ(texel_at(dst, 0, 3, 3), 0x101);
    CHECK_EQ(texel_at(dst, 1, 1, 1), 0x102);
    CHECK_EQ(texel_at(dst, 2, 0, 0), 0x103);
    /* Nothing dirty: nothing copied. */
    fill_level(src, 1, 0x200, D3DLOCK_NO_DIRTY_UPDATE);
    CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)src,
                                            (IDirect3DBaseTexture9 *)dst), D3D_OK);
    CHECK_EQ(texel_at(dst, 0, 0, 0), 0x101);
    /* A dirty rectangle of level 0 (0,0)-(2,2) is (0,0)-(1,1) on level 1. */
    CHECK_HR(IDirect3DTexture9_AddDirtyRect(src, &r), D3D_OK);
    CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)src,
                                            (IDirect3DBaseTexture9 *)dst), D3D_OK);
    CHECK_EQ(texel_at(dst, 0, 0, 0), 0x201);
    CHECK_EQ(texel_at(dst, 0, 1, 0), 0x101);
    CHECK_EQ(texel_at(dst, 0, 3, 3), 0x101);
    /* AddDirtyRect(NULL): all. */
    CHECK_HR(IDirect3DTexture9_AddDirtyRect(src, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)src,
                                            (IDirect3DBaseTexture9 *)dst), D3D_OK);
    CHECK_EQ(texel_at(dst, 0, 3, 3), 0x201);
    r = (RECT){ 0, 0, 9, 1 };
    CHECK_HR(IDirect3DTexture9_AddDirtyRect(src, &r), D3DERR_INVALIDCALL);
    /* Rules: source SYSTEMMEM, destination DEFAULT, same type and format, matching levels. */
    CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)dst,
                                            (IDirect3DBaseTexture9 *)src), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                            &dst_big, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)src,
                                            (IDirect3DBaseTexture9 *)dst_big), D3DERR_INVALIDCALL);
    IDirect3DTexture9_Release(dst_big);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 2, 2, 3, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                            &dst_big, NULL), D3DERR_INVALIDCALL);   /* 2x2 has 2 */
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 1, 1, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT,
                                            &dst_fmt, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)src,
                                            (IDirect3DBaseTexture9 *)dst_fmt), D3DERR_INVALIDCALL);
    IDirect3DTexture9_Release(dst_fmt);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &managed, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)src,
                                            (IDirect3DBaseTexture9 *)managed), D3DERR_INVALIDCALL);
    IDirect3DTexture9_Release(managed);
    CHECK_HR(IDirect3DDevice9_CreateCubeTexture(dev, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &c,
                                                NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)src,
                                            (IDirect3DBaseTexture9 *)c), D3DERR_INVALIDCALL);
    IDirect3DCubeTexture9_Release(c);
    CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, NULL, (IDirect3DBaseTexture9 *)dst),
             D3DERR_INVALIDCALL);
    IDirect3DTexture9_Release(src);
    IDirect3DTexture9_Release(dst);
    T9_RELEASE_DEVICE(dev);
}

/* -------------------------------------------------- swap chain, targets, scenes */

TEST(d3d9_swap_chain_objects)
{
    IDirect3DDevice9 *dev = t9_device(NULL), *got_dev;
    IDirect3DSwapChain9 *sc = (IDirect3DSwapChain9 *)(uintptr_t)1;
    IDirect3DSurface9 *bb, *bb2, *rt;
    D3DPRESENT_PARAMETERS pp;
    D3DDISPLAYMODE mode;
    D3DSURFACE_DESC d;
    void *container;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_GetSwapChain(dev, 1, &sc), D3DERR_INVALIDCALL);
    CHECK(sc == NULL);
    CHECK_HR(IDirect3DDevice9_GetSwapChain(dev, 0, &sc), D3D_OK);
    CHECK_EQ(t9_refcount(dev), 2);   /* the swap chain the application holds keeps the device */
    CHECK_HR(IDirect3DSwapChain9_GetPresentParameters(sc, &pp), D3D_OK);
    CHECK_EQ(pp.BackBufferWidth, 64);
    CHECK_EQ(pp.BackBufferCount, 1);
    CHECK_HR(IDirect3DSwapChain9_GetDisplayMode(sc, &mode), D3D_OK);
    CHECK_EQ(mode.Width, 1920);   /* windowed: the adapter's mode */
    CHECK_HR(IDirect3DDevice9_GetDisplayMode(dev, 0, &mode), D3D_OK);
    CHECK_EQ(mode.Format, D3DFMT_X8R8G8B8);
    CHECK_HR(IDirect3DDevice9_GetDisplayMode(dev, 1, &mode), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DSwapChain9_GetDevice(sc, &got_dev), D3D_OK);
    CHECK(got_dev == dev);
    IDirect3DDevice9_Release(got_dev);
    CHECK_HR(IDirect3DSwapChain9_GetBackBuffer(sc, 0, D3DBACKBUFFER_TYPE_MONO, &bb), D3D_OK);
    CHECK_HR(IDirect3DSwapChain9_GetBackBuffer(sc, 1, D3DBACKBUFFER_TYPE_MONO, &bb2),
             D3DERR_INVALIDCALL);
    /* Windows ignores the type (swapchain.c) */
    CHECK_HR(IDirect3DSwapChain9_GetBackBuffer(sc, 0, D3DBACKBUFFER_TYPE_LEFT, &bb2), D3D_OK);
    CHECK(bb == bb2);
    if (bb2)
        IDirect3DSurface9_Release(bb2);
    CHECK_HR(IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb2), D3D_OK);
    CHECK(bb == bb2);
    IDirect3DSurface9_Release(bb2);
    CHECK_HR(IDirect3DSurface9_GetDesc(bb, &d), D3D_OK);
    CHECK_EQ(d.Usage, D3DUSAGE_RENDERTARGET);
    CHECK_EQ(d.Pool, D3DPOOL_DEFAULT);
    CHECK_EQ(d.Format, D3DFMT_X8R8G8B8);
    CHECK_HR(IDirect3DSurface9_GetContainer(bb, &IID_IDirect3DSwapChain9, &container), D3D_OK);
    CHECK(container == (void *)sc);
    IUnknown_Release((IUnknown *)container);
    /* Render target 0 is the back buffer; GetRenderTarget adds a reference. */
    CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 0, &rt), D3D_OK);
    CHECK(rt == bb);
    IDirect3DSurface9_Release(rt);
    CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 0, NULL), D3DERR_INVALIDCALL);
    /* Back buffers lock only with D3DPRESENTFLAG_LOCKABLE_BACKBUFFER. */
    {
        D3DLOCKED_RECT lr;
        CHECK_HR(IDirect3DSurface9_LockRect(bb, &lr, NULL, 0), D3DERR_INVALIDCALL);
    }
    IDirect3DSurface9_Release(bb);
    CHECK_EQ(IDirect3DSwapChain9_Release(sc), 0);
    CHECK_EQ(t9_refcount(dev), 1);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_render_target_and_depth_bindings)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DTexture9 *plain_tex, *rt_tex;
    IDirect3DSurface9 *lvl, *ds, *got;
    if (!dev)
        SKIP("no device");
    IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                   &plain_tex, NULL);
    IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                   D3DPOOL_DEFAULT, &rt_tex, NULL);
    IDirect3DTexture9_GetSurfaceLevel(plain_tex, 0, &lvl);
    CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, lvl), D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(lvl);
    IDirect3DTexture9_GetSurfaceLevel(rt_tex, 0, &lvl);
    CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, lvl), D3D_OK);
    IDirect3DSurface9_Release(lvl);
    /* The bound level keeps its texture alive. */
    CHECK_EQ(IDirect3DTexture9_Release(rt_tex), 0);
    CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 0, &got), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, got), D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(got);
    CHECK_HR(IDirect3DDevice9_GetDepthStencilSurface(dev, &ds), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, NULL), D3D_OK);
    got = (IDirect3DSurface9 *)(uintptr_t)1;
    CHECK_HR(IDirect3DDevice9_GetDepthStencilSurface(dev, &got), D3DERR_NOTFOUND);
    CHECK(got == NULL);
    CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, ds), D3D_OK);
    IDirect3DSurface9_Release(ds);
    IDirect3DTexture9_Release(plain_tex);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_scene_nesting)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_EndScene(dev), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_BeginScene(dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_BeginScene(dev), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_EndScene(dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_EndScene(dev), D3DERR_INVALIDCALL);
    T9_RELEASE_DEVICE(dev);
}

/* --------------------------------------------------------------------- Present */

static void front_buffer_check(IDirect3DDevice9 *dev, uint32_t want, const char *what)
{
    IDirect3DSurface9 *fb;
    D3DLOCKED_RECT lr;
    D3DSURFACE_DESC d;
    IDirect3DSurface9 *bb = back_buffer(dev);
    IDirect3DSurface9_GetDesc(bb, &d);
    IDirect3DSurface9_Release(bb);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, d.Width, d.Height, D3DFMT_A8R8G8B8,
                                                          D3DPOOL_SYSTEMMEM, &fb, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetFrontBufferData(dev, 0, fb), D3D_OK);
    IDirect3DSurface9_LockRect(fb, &lr, NULL, D3DLOCK_READONLY);
    for (UINT y = 0; y < d.Height; y += 7) {
        for (UINT x = 0; x < d.Width; x += 5) {
            uint32_t v = ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[x];
            if (v != want) {
                harness_fail(__FILE__, __LINE__, "%s: front buffer (%u,%u) = 0x%08x, want 0x%08x",
                             what, x, y, v, want);
                y = d.Height;
                break;
            }
        }
    }
    IDirect3DSurface9_UnlockRect(fb);
    IDirect3DSurface9_Release(fb);
}

TEST(d3d9_present_and_front_buffer)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DSurface9 *fb;
    RECT r = { 0, 0, 4, 4 };
    if (!dev)
        SKIP("no device");
    front_buffer_check(dev, 0xff000000u, "before any Present");
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0x00ff8000, 1.0f, 0), D3D_OK);
    front_buffer_check(dev, 0xff000000u, "cleared, not presented");
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    front_buffer_check(dev, 0xffff8000u, "presented");
    /* DISCARD: no rectangles or dirty region. */
    CHECK_HR(IDirect3DDevice9_Present(dev, &r, NULL, NULL, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, &r, NULL, NULL), D3DERR_INVALIDCALL);
    /* GetFrontBufferData: SYSTEMMEM, A8R8G8B8, the front buffer's size. */
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 32, 32, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM,
                                                 &fb, NULL);
    CHECK_HR(IDirect3DDevice9_GetFrontBufferData(dev, 0, fb), D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(fb);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 64, 64, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM,
                                                 &fb, NULL);
    CHECK_HR(IDirect3DDevice9_GetFrontBufferData(dev, 0, fb), D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(fb);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 64, 64, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                                 &fb, NULL);
    CHECK_HR(IDirect3DDevice9_GetFrontBufferData(dev, 0, fb), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetFrontBufferData(dev, 1, fb), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetFrontBufferData(dev, 0, NULL), D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(fb);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_present_flip_rotates_buffers)
{
    D3DPRESENT_PARAMETERS pp = t9_pp(16, 16);
    IDirect3DDevice9 *dev;
    IDirect3DSurface9 *bb1;
    D3DLOCKED_RECT lr;
    pp.SwapEffect = D3DSWAPEFFECT_FLIP;
    pp.BackBufferCount = 2;
    pp.Flags = D3DPRESENTFLAG_LOCKABLE_BACKBUFFER;
    dev = t9_device_pp(NULL, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp);
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0x00ff0000, 1.0f, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    front_buffer_check(dev, 0xffff0000u, "first flip");
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0x0000ff00, 1.0f, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    front_buffer_check(dev, 0xff00ff00u, "second flip");
    /* The old front buffer is now the last back buffer. */
    CHECK_HR(IDirect3DDevice9_GetBackBuffer(dev, 0, 1, D3DBACKBUFFER_TYPE_MONO, &bb1), D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(bb1, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
    CHECK_EQ(((uint32_t *)lr.pBits)[17] & 0xffffff, 0xff0000);
    IDirect3DSurface9_UnlockRect(bb1);
    IDirect3DSurface9_Release(bb1);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_present_copy_rectangles)
{
    D3DPRESENT_PARAMETERS pp = t9_pp(8, 8);
    IDirect3DDevice9 *dev;
    IDirect3DSurface9 *fb;
    D3DLOCKED_RECT lr;
    D3DRECT quad = { 0, 0, 2, 2 };
    RECT src = { 0, 0, 2, 2 }, dst = { 4, 4, 8, 8 }, bad = { 0, 0, 9, 9 };
    pp.SwapEffect = D3DSWAPEFFECT_COPY;
    dev = t9_device_pp(NULL, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp);
    if (!dev)
        SKIP("no device");
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0x000000ff, 1.0f, 0);
    IDirect3DDevice9_Clear(dev, 1, &quad, D3DCLEAR_TARGET, 0x00ffffff, 1.0f, 0);
    CHECK_HR(IDirect3DDevice9_Present(dev, &src, &dst, NULL, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Present(dev, &bad, NULL, NULL, NULL), D3DERR_INVALIDCALL);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 8, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM,
                                                 &fb, NULL);
    CHECK_HR(IDirect3DDevice9_GetFrontBufferData(dev, 0, fb), D3D_OK);
    IDirect3DSurface9_LockRect(fb, &lr, NULL, D3DLOCK_READONLY);
    /* The 2x2 white corner, point-stretched into (4,4)-(8,8); the rest still black. */
    CHECK_EQ(((uint32_t *)((char *)lr.pBits + 4 * lr.Pitch))[4], 0xffffffffu);
    CHECK_EQ(((uint32_t *)((char *)lr.pBits + 7 * lr.Pitch))[7], 0xffffffffu);
    CHECK_EQ(((uint32_t *)((char *)lr.pBits + 3 * lr.Pitch))[3], 0xff000000u);
    IDirect3DSurface9_UnlockRect(fb);
    IDirect3DSurface9_Release(fb);
    T9_RELEASE_DEVICE(dev);
}

/* ---------------------------------------------------------------- PNG present dump */

TEST(util_png_round_trip)
{
    uint8_t img[3 * 2 * 4], *px = NULL, *png;
    uint32_t w = 0, h = 0;
    size_t size;
    for (int i = 0; i < 24; i++)
        img[i] = (uint8_t)(i * 11);
    png = util_png_encode(img, 3, 2, 12, 4, &size);
    CHECK(png != NULL);
    CHECK_EQ(png_decode_stored(png, size, &w, &h, &px), 4);
    CHECK_EQ(w, 3);
    CHECK_EQ(h, 2);
    CHECK(px && !memcmp(px, img, sizeof(img)));
    free(px);
    free(png);
    CHECK(util_png_encode(img, 0, 2, 12, 4, &size) == NULL);
    CHECK(util_png_encode(img, 3, 2, 12, 2, &size) == NULL);
    CHECK(util_png_encode(NULL, 3, 2, 12, 3, &size) == NULL);
    /* More than one stored block (65535 bytes each). */
    {
        uint8_t *big = malloc(200 * 200 * 3);
        for (int i = 0; i < 200 * 200 * 3; i++)
            big[i] = (uint8_t)(i * 7 + 3);
        png = util_png_encode(big, 200, 200, 600, 3, &size);
        CHECK_EQ(png_decode_stored(png, size, &w, &h, &px), 3);
        CHECK(px && !memcmp(px, big, 200 * 200 * 3));
        free(px);
        free(png);
        free(big);
    }
}

TEST(d3d9_present_dump_png)
{
    char dir[] = "/tmp/softd3d-present-XXXXXX";
    IDirect3DDevice9 *dev;
    DIR *d;
    struct dirent *e;
    int files = 0;
    if (!mkdtemp(dir))
        SKIP("mkdtemp failed");
    setenv("SOFTD3D_PRESENT_DUMP", dir, 1);
    dev = t9_device(NULL);
    CHECK(dev != NULL);
    if (dev) {
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0x00102030, 1.0f, 0);
        CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0x00405060, 1.0f, 0);
        CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
        T9_RELEASE_DEVICE(dev);
    }
    unsetenv("SOFTD3D_PRESENT_DUMP");
    if (!(d = opendir(dir)))
        SKIP("cannot list the dump directory");
    while ((e = readdir(d))) {
        char path[512];
        uint8_t *buf, *px = NULL;
        uint32_t w = 0, h = 0;
        long size;
        FILE *f;
        const char *frame;
        if (e->d_name[0] == '.')
            continue;
        files++;
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        CHECK(!strncmp(e->d_name, "softd3d-d3d9-dev", 16));
        frame = strstr(e->d_name, "-frame");
        CHECK(frame && (!strcmp(frame, "-frame000000.png") || !strcmp(frame, "-frame000001.png")));
        f = fopen(path, "rb");
        fseek(f, 0, SEEK_END);
        size = ftell(f);
        fseek(f, 0, SEEK_SET);
        buf = malloc((size_t)size);
        CHECK_EQ(fread(buf, 1, (size_t)size, f), size);
        fclose(f);
        CHECK_EQ(png_decode_stored(buf, (size_t)size, &w, &h, &px), 3);
        CHECK_EQ(w, 64);
        CHECK_EQ(h, 64);
        if (px && frame) {
            bool second = !strcmp(frame, "-frame000001.png");
            CHECK_EQ(px[0], second ? 0x40 : 0x10);
            CHECK_EQ(px[1], second ? 0x50 : 0x20);
            CHECK_EQ(px[(63 * 64 + 63) * 3 + 2], second ? 0x60 : 0x30);
        }
        free(px);
        free(buf);
        unlink(path);
    }
    closedir(d);
    rmdir(dir);
    CHECK_EQ(files, 2);
}

/* ---------------------------------------------------------------------- Reset */

TEST(d3d9_reset_rules)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    D3DPRESENT_PARAMETERS pp = t9_pp(0, 0), bad;
    IDirect3DTexture9 *def, *managed;
    IDirect3DSurface9 *bb, *ds;
    IDirect3DSwapChain9 *sc;
    D3DSURFACE_DESC d;
    DWORD v;
    if (!dev)
        SKIP("no device");
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x55);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                            &def, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &managed, NULL), D3D_OK);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)managed);
    /* A D3DPOOL_DEFAULT resource is alive: Reset fails and the device is lost. */
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_TestCooperativeLevel(dev), D3DERR_DEVICENOTRESET);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3DERR_DEVICELOST);
    IDirect3DTexture9_Release(def);
    /* So is a back buffer, the swap chain, the automatic depth-stencil surface. */
    bb = back_buffer(dev);
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(bb);
    IDirect3DDevice9_GetSwapChain(dev, 0, &sc);
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3DERR_INVALIDCALL);
    IDirect3DSwapChain9_Release(sc);
    IDirect3DDevice9_GetDepthStencilSurface(dev, &ds);
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(ds);
    /* Invalid parameters fail too. */
    bad = pp;
    bad.SwapEffect = (D3DSWAPEFFECT)0;
    CHECK_HR(IDirect3DDevice9_Reset(dev, &bad), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_Reset(dev, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_TestCooperativeLevel(dev), D3DERR_DEVICENOTRESET);
    /* Managed resources may stay.  Defaults filled in and written back (640x480). */
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3D_OK);
    CHECK_EQ(pp.BackBufferWidth, 640);
    CHECK_EQ(pp.BackBufferHeight, 480);
    CHECK_HR(IDirect3DDevice9_TestCooperativeLevel(dev), D3D_OK);
    bb = back_buffer(dev);
    IDirect3DSurface9_GetDesc(bb, &d);
    CHECK_EQ(d.Width, 640);
    IDirect3DSurface9_Release(bb);
    /* Every state back to its default; no automatic depth-stencil surface any more. */
    IDirect3DDevice9_GetRenderState(dev, D3DRS_ALPHAREF, &v);
    CHECK_EQ(v, 0);
    IDirect3DDevice9_GetRenderState(dev, D3DRS_ZENABLE, &v);
    CHECK_EQ(v, D3DZB_FALSE);
    {
        IDirect3DBaseTexture9 *t = (IDirect3DBaseTexture9 *)(uintptr_t)1;
        IDirect3DDevice9_GetTexture(dev, 0, &t);
        CHECK(t == NULL);
    }
    CHECK_HR(IDirect3DDevice9_GetDepthStencilSurface(dev, &ds), D3DERR_NOTFOUND);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    IDirect3DTexture9_Release(managed);
    T9_RELEASE_DEVICE(dev);
}
