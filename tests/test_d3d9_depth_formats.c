/* tests/test_d3d9_depth_formats.c — the Direct3D 9 depth-stencil formats of issue 14 part 3
 * (D24X8, D16_LOCKABLE, D32, D24X4S4, D15S1, D32F_LOCKABLE, D24FS8, with D24S8 and D16 beside
 * them): offered by CheckDeviceFormat and CheckDepthStencilMatch on the max profile, and working
 * as depth-stencil surfaces there — a depth test against a cleared depth, a stencil test where
 * the format has stencil bits, the lockable ones read back with their documented layout (D16:
 * one 16-bit UNORM a texel; D32F_LOCKABLE: one IEEE float) — and refused truthfully where a
 * profile does not offer them; and the driver FOURCCs INTZ, DF24 and DF16, depth-stencil
 * textures sampled as their depth, and NULL, the render target of depth-only passes.  Pixels are compared exactly. */
#include "test_d3d9_render_util.h"

#define W 16
#define H 16

static const struct {
    D3DFORMAT format;
    unsigned stencil_bits;
    bool lockable, on_9_1;
} ds_formats[] = {
    { D3DFMT_D24X8, 0, false, false },        { D3DFMT_D16_LOCKABLE, 0, true, true },
    { D3DFMT_D32, 0, false, false },          { D3DFMT_D24X4S4, 4, false, false },
    { D3DFMT_D15S1, 1, false, false },        { D3DFMT_D32F_LOCKABLE, 0, true, false },
    { D3DFMT_D24FS8, 8, false, false },       { D3DFMT_D24S8, 8, false, true },
    { D3DFMT_D16, 0, false, true },
};

/* A pre-transformed rectangle [x0, x1) x [0, H) at depth z. */
static void ds_rect(IDirect3DDevice9 *dev, float x0, float x1, float z, D3DCOLOR c)
{
    struct r9_tl v[4] = {
        { x0 - 0.5f, -0.5f, z, 1.0f, c }, { x1 - 0.5f, -0.5f, z, 1.0f, c },
        { x0 - 0.5f, H - 0.5f, z, 1.0f, c }, { x1 - 0.5f, H - 0.5f, z, 1.0f, c },
    };
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, R9_TL_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])),
             D3D_OK);
}

TEST(d3d9_depth_formats_offered)
{
    IDirect3D9 *max = t9_d3d(NULL), *l91 = t9_d3d("9_1");
    if (!max || !l91)
        SKIP("no IDirect3D9");
    for (size_t i = 0; i < sizeof(ds_formats) / sizeof(ds_formats[0]); i++) {
        D3DFORMAT f = ds_formats[i].format;
        CHECK_HR(IDirect3D9_CheckDeviceFormat(max, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                              D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, f), D3D_OK);
        CHECK_HR(IDirect3D9_CheckDepthStencilMatch(max, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                                   D3DFMT_A8R8G8B8, f), D3D_OK);
        HRESULT want = ds_formats[i].on_9_1 ? D3D_OK : D3DERR_NOTAVAILABLE;
        CHECK_HR(IDirect3D9_CheckDeviceFormat(l91, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                              D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, f), want);
    }
    /* D24X8 is a depth texture on max, as D24S8 */
    CHECK_HR(IDirect3D9_CheckDeviceFormat(max, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                          D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, D3DFMT_D24X8),
             D3D_OK);
    IDirect3D9_Release(max);
    IDirect3D9_Release(l91);
}

/* 9_1 refuses the formats it does not offer when a surface or device asks for them. */
TEST(d3d9_depth_formats_refused_on_9_1)
{
    IDirect3DDevice9 *dev = r9_device_flags("9_1", W, H, D3DCREATE_HARDWARE_VERTEXPROCESSING);
    IDirect3DSurface9 *ds = NULL;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, W, H, D3DFMT_D24X8,
                                                        D3DMULTISAMPLE_NONE, 0, FALSE, &ds,
                                                        NULL), D3DERR_INVALIDCALL);
    CHECK(ds == NULL);
    r9_end(dev);
}

TEST(d3d9_depth_formats_depth_and_stencil)
{
    for (size_t i = 0; i < sizeof(ds_formats) / sizeof(ds_formats[0]); i++) {
        IDirect3DDevice9 *dev = r9_device(W, H);
        IDirect3DSurface9 *ds = NULL;
        uint32_t img[W * H];
        D3DLOCKED_RECT lr;
        unsigned sb = ds_formats[i].stencil_bits;
        if (!dev)
            SKIP("no device");
        CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, W, H, ds_formats[i].format,
                                                            D3DMULTISAMPLE_NONE, 0, FALSE, &ds,
                                                            NULL), D3D_OK);
        if (!ds) {
            r9_end(dev);
            continue;
        }
        CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, ds), D3D_OK);
        /* depth: cleared to 0.5, LESS; a rect at 0.25 passes, one at 0.75 fails */
        DWORD flags = D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | (sb ? D3DCLEAR_STENCIL : 0);
        CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, flags, 0xff000000, 0.5f, 0xff), D3D_OK);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
        ds_rect(dev, 0, W / 2, 0.25f, 0xff00ff00);
        ds_rect(dev, W / 2, W, 0.75f, 0xffff0000);
        /* and the passing rect wrote its depth: 0.375 fails against 0.25 there */
        ds_rect(dev, 0, W / 4, 0.375f, 0xffffffff);
        r9_read(dev, img);
        if (img[H / 2 * W + 5] != 0xff00ff00 || img[H / 2 * W + 12] != 0xff000000 ||
            img[H / 2 * W + 1] != 0xff00ff00)
            harness_fail(__FILE__, __LINE__, "format %u: depth test pixels 0x%08x 0x%08x 0x%08x",
                         (unsigned)ds_formats[i].format, img[H / 2 * W + 5],
                         img[H / 2 * W + 12], img[H / 2 * W + 1]);
        if (sb) {
            /* stencil cleared to 0xff (masked to the format's bits): EQUAL to that passes, to
             * one less fails; then REPLACE writes 0 where it passes */
            DWORD full = (1u << sb) - 1u;
            IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILENABLE, TRUE);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILFUNC, D3DCMP_EQUAL);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILREF, full - 1u);
            ds_rect(dev, 0, W, 0.5f, 0xff0000ff);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILREF, full);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILPASS, D3DSTENCILOP_ZERO);
            ds_rect(dev, 0, W / 2, 0.5f, 0xffffff00);
            ds_rect(dev, 0, W, 0.5f, 0xff00ffff);   /* passes only in the right half now */
            r9_read(dev, img);
            if (img[5] != 0xffffff00 || img[12] != 0xff00ffff)
                harness_fail(__FILE__, __LINE__, "format %u: stencil pixels 0x%08x 0x%08x",
                             (unsigned)ds_formats[i].format, img[5], img[12]);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILENABLE, FALSE);
        } else {
            /* no stencil bits: D3DCLEAR_STENCIL is refused (blit.c) */
            CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_STENCIL, 0, 1.0f, 0),
                     D3DERR_INVALIDCALL);
        }
        /* the lockable formats read back their layout; the others cannot be locked */
        CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 0.5f, 0), D3D_OK);
        HRESULT hr = IDirect3DSurface9_LockRect(ds, &lr, NULL, D3DLOCK_READONLY);
        CHECK_HR(hr, ds_formats[i].lockable ? D3D_OK : D3DERR_INVALIDCALL);
        if (SUCCEEDED(hr)) {
            const char *row = (const char *)lr.pBits + 3 * lr.Pitch;
            if (ds_formats[i].format == D3DFMT_D16_LOCKABLE) {
                uint16_t v;
                memcpy(&v, row + 2 * 7, sizeof(v));
                CHECK_EQ(v, 32768);   /* round(0.5 x 65535) */
            } else {
                float v;
                memcpy(&v, row + 4 * 7, sizeof(v));
                CHECK(v == 0.5f);
            }
            CHECK_HR(IDirect3DSurface9_UnlockRect(ds), D3D_OK);
        }
        CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, NULL), D3D_OK);
        IDirect3DSurface9_Release(ds);
        r9_end(dev);
    }
}

/* INTZ, DF24 and DF16, the driver FOURCCs of depth-stencil textures whose samples return the
 * depth itself (INTZ: NVIDIA, "GPU Programming Guide, GeForce 8 and 9 Series", 6.4.2: "z value
 * is replicated to all four components of a texture fetch"; DF16/DF24: AMD, "Advanced DX9
 * Capabilities for ATI Radeon Cards"; no comparison): applications probe them with
 * CheckDeviceFormat(D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, fourcc), render depth into one,
 * then sample it.  INTZ and DF24 store 24-bit UNORM depth (D24S8's layout) with 8 stencil bits,
 * DF16 16-bit UNORM depth (D16's) and no stencil. */
static void depth_texture_fourcc(D3DFORMAT fourcc, bool stencil)
{
    IDirect3D9 *max = t9_d3d(NULL), *l93 = t9_d3d("9_3");
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DTexture9 *t = NULL;
    IDirect3DSurface9 *ds = NULL, *autods = NULL;
    uint32_t img[W * H];
    if (!max || !l93 || !dev) {
        harness_skip("no device");
        goto out;
    }
    CHECK_HR(t9_check_format(max, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, fourcc), D3D_OK);
    CHECK_HR(t9_check_format(max, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, fourcc), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(max, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                               D3DFMT_A8R8G8B8, fourcc), D3D_OK);
    CHECK_HR(t9_check_format(max, 0, D3DRTYPE_TEXTURE, fourcc), D3DERR_NOTAVAILABLE);
    CHECK_HR(t9_check_format(max, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, fourcc),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(t9_check_format(max, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_CUBETEXTURE, fourcc),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(t9_check_format(l93, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, fourcc),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, W, H, 1, 0, fourcc, D3DPOOL_MANAGED, &t, NULL),
             D3DERR_INVALIDCALL);
    CHECK(t == NULL);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, W, H, 1, D3DUSAGE_DEPTHSTENCIL, fourcc,
                                            D3DPOOL_DEFAULT, &t, NULL), D3D_OK);
    if (!t) {
        harness_skip("no depth texture");
        goto out;
    }
    IDirect3DTexture9_GetSurfaceLevel(t, 0, &ds);
    IDirect3DDevice9_GetDepthStencilSurface(dev, &autods);
    CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, ds), D3D_OK);
    /* depth 0.25 everywhere, 0.75 in the right half; a LESS test against it still works, and so
     * does the stencil where there is one */
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER |
                                    (stencil ? D3DCLEAR_STENCIL : 0), 0xff000000, 0.25f, 7),
             D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_ALWAYS);
    ds_rect(dev, W / 2, W, 0.75f, 0xff000000);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZWRITEENABLE, FALSE);
    ds_rect(dev, 0, W, 0.5f, 0xff00ff00);         /* passes only where 0.75 is stored */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZWRITEENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    if (stencil) {
        IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILENABLE, TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILFUNC, D3DCMP_EQUAL);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILREF, 7);
        ds_rect(dev, 0, 2, 0.5f, 0xffff0000);     /* stencil 7: passes */
        IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILREF, 6);
        ds_rect(dev, 2, 4, 0.5f, 0xffff0000);     /* fails */
        IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILENABLE, FALSE);
    }
    r9_read(dev, img);
    CHECK_EQ(img[W + 1], stencil ? 0xffff0000 : 0xff000000);
    CHECK_EQ(img[W + 3], 0xff000000);
    CHECK_EQ(img[W + 5], 0xff000000);
    CHECK_EQ(img[W + 12], 0xff00ff00);
    /* sampled: the depth in r, g, b and a: 0.25 and 0.75 as 24- or 16-bit UNORM, read as 8-bit
     * (round(0.25 (2^n - 1)) / (2^n - 1) is 0x40 and round(0.75 (2^n - 1)) / (2^n - 1) 0xbf in
     * both) */
    CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, autods), D3D_OK);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    struct {
        float x, y, z, rhw, u, v;
    } q[4] = { { -0.5f, -0.5f, 0.5f, 1, 0, 0 }, { W - 0.5f, -0.5f, 0.5f, 1, 1, 0 },
               { -0.5f, H - 0.5f, 0.5f, 1, 0, 1 }, { W - 0.5f, H - 0.5f, 0.5f, 1, 1, 1 } };
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
    r9_read(dev, img);
    CHECK_EQ(img[H / 2 * W + 3], 0x40404040);
    CHECK_EQ(img[H / 2 * W + 12], 0xbfbfbfbf);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DSurface9_Release(autods);
    IDirect3DSurface9_Release(ds);
    IDirect3DTexture9_Release(t);
out:
    if (dev)
        r9_end(dev);
    if (max)
        IDirect3D9_Release(max);
    if (l93)
        IDirect3D9_Release(l93);
}

TEST(d3d9_depth_formats_intz)
{
    depth_texture_fourcc((D3DFORMAT)MAKEFOURCC('I', 'N', 'T', 'Z'), true);
}

TEST(d3d9_depth_formats_df24)
{
    depth_texture_fourcc((D3DFORMAT)MAKEFOURCC('D', 'F', '2', '4'), true);
}

TEST(d3d9_depth_formats_df16)
{
    depth_texture_fourcc((D3DFORMAT)MAKEFOURCC('D', 'F', '1', '6'), false);
}

/* NULL, the driver FOURCC render-target format of depth-only passes (shadow maps): a render
 * target that keeps no colour, set with a depth-stencil surface of its size; the depth is
 * written as with any target.  No texture, offscreen surface, lock or copy of it exists. */
TEST(d3d9_depth_formats_null_render_target)
{
    const D3DFORMAT fnull = (D3DFORMAT)MAKEFOURCC('N', 'U', 'L', 'L');
    IDirect3D9 *max = t9_d3d(NULL), *l93 = t9_d3d("9_3");
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DSurface9 *nrt = NULL, *bb = NULL, *s = (IDirect3DSurface9 *)(uintptr_t)1;
    IDirect3DTexture9 *t = (IDirect3DTexture9 *)(uintptr_t)1;
    D3DLOCKED_RECT lr;
    uint32_t img[W * H];
    if (!max || !l93 || !dev)
        SKIP("no device");
    CHECK_HR(t9_check_format(max, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, fnull), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(max, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, fnull,
                                               D3DFMT_D24S8), D3D_OK);
    CHECK_HR(t9_check_format(max, 0, D3DRTYPE_SURFACE, fnull), D3DERR_NOTAVAILABLE);
    CHECK_HR(t9_check_format(max, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, fnull),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(t9_check_format(l93, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, fnull),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, W, H, 1, D3DUSAGE_RENDERTARGET, fnull,
                                            D3DPOOL_DEFAULT, &t, NULL), D3DERR_INVALIDCALL);
    CHECK(t == NULL);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, W, H, fnull, D3DPOOL_DEFAULT, &s,
                                                          NULL), D3DERR_INVALIDCALL);
    CHECK(s == NULL);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, W, H, fnull, D3DMULTISAMPLE_NONE, 0, TRUE,
                                                 &nrt, NULL), D3D_OK);
    if (!nrt)
        SKIP("no NULL render target");
    CHECK_HR(IDirect3DSurface9_LockRect(nrt, &lr, NULL, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 0, &bb), D3D_OK);
    r9_clear(dev, 0xff000000);
    /* the depth pass: depth 0.25 in the left half of the cleared 1.0; the back buffer is not
     * bound, so it keeps its clear colour */
    CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, nrt), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xffffffff,
                                    1.0f, 0), D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
    ds_rect(dev, 0, W / 2, 0.25f, 0xffffffff);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, nrt, NULL, bb, NULL, D3DTEXF_NONE),
             D3DERR_INVALIDCALL);
    /* the colour pass against that depth: 0.5 passes only in the right half */
    CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, bb), D3D_OK);
    ds_rect(dev, 0, W, 0.5f, 0xff00ff00);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    r9_read(dev, img);
    CHECK_EQ(img[H / 2 * W + 3], 0xff000000);
    CHECK_EQ(img[H / 2 * W + 12], 0xff00ff00);
    IDirect3DSurface9_Release(bb);
    IDirect3DSurface9_Release(nrt);
    r9_end(dev);
    IDirect3D9_Release(max);
    IDirect3D9_Release(l93);
}
