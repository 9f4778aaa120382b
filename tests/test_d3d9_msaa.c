/* tests/test_d3d9_msaa.c — Direct3D 9 multisampling (issue 14 part 2) on the max profile:
 * multisampled render targets, depth-stencil surfaces and swap chains, resolved by StretchRect
 * and Present to exact fractions (edges through pixel 2 at known 4x sample offsets: -2, 6, -6,
 * 2 sixteenths in x), D3DRS_MULTISAMPLEANTIALIAS and D3DRS_MULTISAMPLEMASK, and the refusals. */
#include "test_d3d9_render_util.h"

enum { W = 8, H = 8 };

/* A 4x render target (type, quality) set as target 0 with no depth-stencil surface; *bb the
 * back buffer to resolve into. */
static IDirect3DSurface9 *ms_target(IDirect3DDevice9 *dev, D3DMULTISAMPLE_TYPE type, DWORD q,
                                    IDirect3DSurface9 **bb)
{
    IDirect3DSurface9 *rt = NULL;
    *bb = NULL;
    CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 0, bb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, W, H, D3DFMT_A8R8G8B8, type, q, FALSE, &rt,
                                                 NULL), D3D_OK);
    if (rt)
        CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, rt), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0), D3D_OK);
    return rt;
}

/* StretchRect of the whole target into the back buffer, which becomes target 0 again; its
 * pixels into img. */
static void ms_resolve(IDirect3DDevice9 *dev, IDirect3DSurface9 *rt, IDirect3DSurface9 *bb,
                       uint32_t *img)
{
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, rt, NULL, bb, NULL, D3DTEXF_NONE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, bb), D3D_OK);
    r9_read(dev, img);
    CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, rt), D3D_OK);
}

#define REL(s)                                                                                   \
    do {                                                                                         \
        if (s)                                                                                   \
            IDirect3DSurface9_Release(s);                                                        \
    } while (0)

/* Back to the back buffer; releases the target and the device. */
static void ms_done(IDirect3DDevice9 *dev, IDirect3DSurface9 *rt, IDirect3DSurface9 *bb)
{
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
    REL(rt);
    REL(bb);
    r9_end(dev);
}

/* r9_rect takes D3D9 pixel coordinates shifted by 0.5: x0 = 2.5 puts the left edge on pixel
 * 2's centre (the D3D9 convention, raster.h). */
static void bands(IDirect3DDevice9 *dev)
{
    static const float edge[4] = { 2.5f, 2.5f + 3.0f / 16, 2.5f - 5.0f / 16, 2.5f - 2.0f / 16 };
    for (int b = 0; b < 4; b++)
        r9_rect(dev, edge[b], (float)(2 * b), (float)W, (float)(2 * b + 2), 0xffff0000u);
}

TEST(d3d9_msaa_edges_resolve_by_stretchrect)
{
    static const uint8_t want[4] = { 128, 64, 191, 191 };
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DSurface9 *bb, *rt;
    uint32_t img[W * H];
    if (!dev)
        return;
    rt = ms_target(dev, D3DMULTISAMPLE_4_SAMPLES, 0, &bb);
    if (rt) {
        bands(dev);
        ms_resolve(dev, rt, bb, img);
        for (int y = 0; y < H; y++) {
            CHECK_EQ(img[y * W + 1], 0);
            CHECK_EQ(img[y * W + 2], (uint32_t)want[y / 2] << 24 | (uint32_t)want[y / 2] << 16);
            CHECK_EQ(img[y * W + 3], 0xffff0000u);
        }
        /* D3DRS_MULTISAMPLEANTIALIAS FALSE: every sample takes the centre's coverage */
        CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0), D3D_OK);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_MULTISAMPLEANTIALIAS, FALSE);
        bands(dev);
        ms_resolve(dev, rt, bb, img);
        static const uint32_t centre[4] = { 0xffff0000u, 0, 0xffff0000u, 0xffff0000u };
        for (int y = 0; y < H; y++)
            CHECK_EQ(img[y * W + 2], centre[y / 2]);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_MULTISAMPLEANTIALIAS, TRUE);
        /* D3DRS_MULTISAMPLEMASK: samples 0 and 2 of a full-covering rectangle */
        CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0), D3D_OK);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_MULTISAMPLEMASK, 0x5);
        r9_rect(dev, 0, 0, W, H, 0xffffffffu);
        ms_resolve(dev, rt, bb, img);
        for (int i = 0; i < W * H; i++)
            CHECK_EQ(img[i], 0x80808080u);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_MULTISAMPLEMASK, 0xffffffffu);
        /* Clear writes every sample */
        CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff336699u, 1.0f, 0),
                 D3D_OK);
        ms_resolve(dev, rt, bb, img);
        for (int i = 0; i < W * H; i++)
            CHECK_EQ(img[i], 0xff336699u);
    }
    ms_done(dev, rt, bb);
}

/* A multisampled depth-stencil surface: depth per sample.  Red at z 0.5, then green whose
 * depth falls along x and crosses 0.5 at pixel 2's centre (LESS): half of pixel 2 green. */
TEST(d3d9_msaa_depth_per_sample)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DSurface9 *bb, *rt, *ds = NULL, *ds1 = NULL;
    uint32_t img[W * H];
    if (!dev)
        return;
    rt = ms_target(dev, D3DMULTISAMPLE_4_SAMPLES, 0, &bb);
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, W, H, D3DFMT_D24S8,
                                                        D3DMULTISAMPLE_4_SAMPLES, 0, FALSE, &ds,
                                                        NULL), D3D_OK);
    if (rt && ds) {
        CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, ds), D3D_OK);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
        CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0,
                                        1.0f, 0), D3D_OK);
        r9_rect(dev, 0, 0, W, H, 0xffff0000u);
        /* z = 0.5 + 0.05 (2.5 - X) at D3D11 position X = x_d3d9 + 0.5 */
        struct r9_tl v[4];
        const float xs[4] = { -0.5f, W - 0.5f, -0.5f, W - 0.5f };
        const float ys[4] = { -0.5f, -0.5f, H - 0.5f, H - 0.5f };
        for (int k = 0; k < 4; k++)
            v[k] = (struct r9_tl){ xs[k], ys[k], 0.5f + 0.05f * (2.5f - (xs[k] + 0.5f)), 1.0f,
                                   0xff00ff00u };
        CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])),
                 D3D_OK);
        ms_resolve(dev, rt, bb, img);
        for (int y = 0; y < H; y++) {
            CHECK_EQ(img[y * W + 1], 0xffff0000u);
            CHECK_EQ(img[y * W + 2], 0xff808000u);
            CHECK_EQ(img[y * W + 3], 0xff00ff00u);
        }
        /* a depth-stencil surface of another sample count: the draw is refused */
        CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, W, H, D3DFMT_D24S8,
                                                            D3DMULTISAMPLE_NONE, 0, FALSE, &ds1,
                                                            NULL), D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, ds1), D3D_OK);
        util_clear_last_message();
        CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])),
                 D3DERR_INVALIDCALL);
        CHECK_STR_CONTAINS(R9_LAST, "differ in multisampling");
    }
    IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
    REL(ds1);
    REL(ds);
    ms_done(dev, rt, bb);
}

/* NONMASKABLE quality 1 = 4 samples: the same pattern. */
TEST(d3d9_msaa_nonmaskable)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DSurface9 *bb, *rt;
    uint32_t img[W * H];
    if (!dev)
        return;
    rt = ms_target(dev, D3DMULTISAMPLE_NONMASKABLE, 1, &bb);
    if (rt) {
        D3DSURFACE_DESC d;
        IDirect3DSurface9_GetDesc(rt, &d);
        CHECK_EQ(d.MultiSampleType, D3DMULTISAMPLE_NONMASKABLE);
        CHECK_EQ(d.MultiSampleQuality, 1);
        bands(dev);
        ms_resolve(dev, rt, bb, img);
        CHECK_EQ(img[2] >> 16 & 0xff, 128);
        CHECK_EQ(img[2 * W + 2] >> 16 & 0xff, 64);
    }
    ms_done(dev, rt, bb);
}

TEST(d3d9_msaa_surface_refusals)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DSurface9 *s = NULL, *bb = NULL, *sys = NULL;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, W, H, D3DFMT_A8R8G8B8,
                                                 D3DMULTISAMPLE_3_SAMPLES, 0, FALSE, &s, NULL),
             D3DERR_NOTAVAILABLE);
    CHECK(s == NULL);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, W, H, D3DFMT_A8R8G8B8,
                                                 D3DMULTISAMPLE_4_SAMPLES, 1, FALSE, &s, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, W, H, D3DFMT_D16_LOCKABLE,
                                                        D3DMULTISAMPLE_4_SAMPLES, 0, FALSE, &s,
                                                        NULL), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, W, H, D3DFMT_A8R8G8B8,
                                                 D3DMULTISAMPLE_4_SAMPLES, 0, TRUE, &s, NULL),
             D3D_OK);
    if (s) {
        D3DLOCKED_RECT lr;
        CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, NULL, 0), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, W, H, D3DFMT_A8R8G8B8,
                                                              D3DPOOL_SYSTEMMEM, &sys, NULL),
                 D3D_OK);
        /* GetRenderTargetData: "This method will fail if the render target is multisampled" */
        if (sys)
            CHECK_HR(IDirect3DDevice9_GetRenderTargetData(dev, s, sys), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 0, &bb), D3D_OK);
        /* into a multisampled destination, or stretching: refused */
        if (bb) {
            CHECK_HR(IDirect3DDevice9_StretchRect(dev, bb, NULL, s, NULL, D3DTEXF_NONE),
                     D3DERR_INVALIDCALL);
            RECT half = { 0, 0, W / 2, H / 2 };
            CHECK_HR(IDirect3DDevice9_StretchRect(dev, s, &half, bb, NULL, D3DTEXF_NONE),
                     E_NOTIMPL);
            CHECK_HR(IDirect3DDevice9_StretchRect(dev, s, &half, bb, &half, D3DTEXF_NONE),
                     D3D_OK);
        }
    }
    REL(sys);
    REL(bb);
    REL(s);
    r9_end(dev);
}

/* A 4x swap chain (and its automatic depth-stencil surface): Present resolves into the front
 * buffer, which GetFrontBufferData reads. */
TEST(d3d9_msaa_swap_chain_present_resolves)
{
    D3DPRESENT_PARAMETERS pp = t9_pp(W, H);
    pp.BackBufferFormat = D3DFMT_A8R8G8B8;
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    pp.MultiSampleType = D3DMULTISAMPLE_4_SAMPLES;
    IDirect3DDevice9 *dev = t9_device_pp(NULL, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp);
    IDirect3DSurface9 *bb = NULL, *ds = NULL, *sys = NULL;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetDepthStencilSurface(dev, &ds), D3D_OK);
    D3DSURFACE_DESC d;
    if (bb) {
        IDirect3DSurface9_GetDesc(bb, &d);
        CHECK_EQ(d.MultiSampleType, D3DMULTISAMPLE_4_SAMPLES);
    }
    if (ds) {
        IDirect3DSurface9_GetDesc(ds, &d);
        CHECK_EQ(d.MultiSampleType, D3DMULTISAMPLE_4_SAMPLES);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f,
                                    0), D3D_OK);
    IDirect3DDevice9_BeginScene(dev);
    bands(dev);
    IDirect3DDevice9_EndScene(dev);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, W, H, D3DFMT_A8R8G8B8,
                                                          D3DPOOL_SYSTEMMEM, &sys, NULL), D3D_OK);
    if (sys) {
        D3DLOCKED_RECT lr;
        CHECK_HR(IDirect3DDevice9_GetFrontBufferData(dev, 0, sys), D3D_OK);
        CHECK_HR(IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
        if (lr.pBits) {
            const uint32_t *row0 = lr.pBits;
            const uint32_t *row2 = (const uint32_t *)((const char *)lr.pBits + 2 * lr.Pitch);
            CHECK_EQ(row0[2], 0x80800000u);
            CHECK_EQ(row2[2], 0x40400000u);
            CHECK_EQ(row0[3], 0xffff0000u);
        }
        IDirect3DSurface9_UnlockRect(sys);
        IDirect3DSurface9_Release(sys);
    }
    REL(ds);
    REL(bb);
    T9_RELEASE_DEVICE(dev);
}
