/* tests/test_d3d9_display.c — the display-side IDirect3DDevice9 methods (src/d3d9/display.c):
 * the cursor (SetCursorProperties' surface rules, SetCursorPosition, ShowCursor's previous
 * visibility), the gamma ramp (identity by default, set / get on the implicit swap chain, the
 * calls that change nothing), SetDialogBoxMode's conditions, and the patch methods refused for
 * the missing D3DDEVCAPS_RTPATCHES (src/d3d9/process.c). */
#include "test_d3d9_render_util.h"

static IDirect3DSurface9 *cursor_surface(IDirect3DDevice9 *dev, UINT w, UINT h, D3DFORMAT f)
{
    IDirect3DSurface9 *s = NULL;
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, w, h, f, D3DPOOL_SCRATCH, &s,
                                                          NULL), D3D_OK);
    return s;
}

TEST(d3d9_display_cursor)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    if (!dev)
        return;
    IDirect3DSurface9 *ok = cursor_surface(dev, 32, 16, D3DFMT_A8R8G8B8);
    IDirect3DSurface9 *npot = cursor_surface(dev, 24, 32, D3DFMT_A8R8G8B8);
    IDirect3DSurface9 *xrgb = cursor_surface(dev, 32, 32, D3DFMT_X8R8G8B8);
    IDirect3DSurface9 *big = cursor_surface(dev, 2048, 1024, D3DFMT_A8R8G8B8);
    CHECK_HR(IDirect3DDevice9_SetCursorProperties(dev, 0, 0, NULL), D3DERR_INVALIDCALL);
    if (xrgb) {
        CHECK_HR(IDirect3DDevice9_SetCursorProperties(dev, 0, 0, xrgb), D3DERR_INVALIDCALL);
        CHECK_STR_CONTAINS(R9_LAST, "A8R8G8B8");
    }
    if (npot) {
        CHECK_HR(IDirect3DDevice9_SetCursorProperties(dev, 0, 0, npot), D3DERR_INVALIDCALL);
        CHECK_STR_CONTAINS(R9_LAST, "power of two");
    }
    if (big) {   /* windowed: the adapter's 1920x1080 mode */
        CHECK_HR(IDirect3DDevice9_SetCursorProperties(dev, 0, 0, big), D3DERR_INVALIDCALL);
        CHECK_STR_CONTAINS(R9_LAST, "display mode");
    }
    if (ok)
        CHECK_HR(IDirect3DDevice9_SetCursorProperties(dev, 3, 5, ok), D3D_OK);
    IDirect3DDevice9_SetCursorPosition(dev, 100, -20, D3DCURSOR_IMMEDIATE_UPDATE);
    /* hidden at first; ShowCursor returns the previous visibility */
    CHECK_EQ(IDirect3DDevice9_ShowCursor(dev, TRUE), FALSE);
    CHECK_EQ(IDirect3DDevice9_ShowCursor(dev, TRUE), TRUE);
    CHECK_EQ(IDirect3DDevice9_ShowCursor(dev, FALSE), TRUE);
    CHECK_EQ(IDirect3DDevice9_ShowCursor(dev, FALSE), FALSE);
    IDirect3DSurface9 *all[4] = { ok, npot, xrgb, big };
    for (int i = 0; i < 4; i++)
        if (all[i])
            IDirect3DSurface9_Release(all[i]);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_display_gamma_ramp)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    if (!dev)
        return;
    D3DGAMMARAMP r, set;
    memset(&r, 0, sizeof(r));
    IDirect3DDevice9_GetGammaRamp(dev, 0, &r);
    for (unsigned i = 0; i < 256; i++) {
        CHECK_EQ(r.red[i], i * 257u);
        CHECK_EQ(r.green[i], i * 257u);
        CHECK_EQ(r.blue[i], i * 257u);
    }
    for (unsigned i = 0; i < 256; i++) {
        set.red[i] = (WORD)(65535 - i * 257);
        set.green[i] = (WORD)(i * 128);
        set.blue[i] = 7;
    }
    IDirect3DDevice9_SetGammaRamp(dev, 0, D3DSGR_CALIBRATE, &set);
    memset(&r, 0, sizeof(r));
    IDirect3DDevice9_GetGammaRamp(dev, 0, &r);
    CHECK(!memcmp(&r, &set, sizeof(r)));
    /* another swap chain, NULL or unknown flags change nothing */
    D3DGAMMARAMP other;
    memset(&other, 0x11, sizeof(other));
    IDirect3DDevice9_SetGammaRamp(dev, 1, D3DSGR_NO_CALIBRATION, &other);
    IDirect3DDevice9_SetGammaRamp(dev, 0, 0x80, &other);
    IDirect3DDevice9_SetGammaRamp(dev, 0, D3DSGR_NO_CALIBRATION, NULL);
    IDirect3DDevice9_GetGammaRamp(dev, 0, &r);
    CHECK(!memcmp(&r, &set, sizeof(r)));
    memset(&r, 0x22, sizeof(r));
    IDirect3DDevice9_GetGammaRamp(dev, 1, &r);
    CHECK_EQ(r.red[0], 0x2222);
    IDirect3DDevice9_SetGammaRamp(dev, 0, D3DSGR_NO_CALIBRATION, &other);
    IDirect3DDevice9_GetGammaRamp(dev, 0, &r);
    CHECK(!memcmp(&r, &other, sizeof(r)));
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_display_dialog_box_mode)
{
    D3DPRESENT_PARAMETERS pp = t9_pp(64, 64);
    IDirect3DDevice9 *dev = t9_device_pp(NULL, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp);
    if (!dev)
        return;
    /* not lockable */
    CHECK_HR(IDirect3DDevice9_SetDialogBoxMode(dev, TRUE), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "LOCKABLE_BACKBUFFER");
    T9_RELEASE_DEVICE(dev);

    pp.Flags = D3DPRESENTFLAG_LOCKABLE_BACKBUFFER;
    dev = t9_device_pp(NULL, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp);
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_SetDialogBoxMode(dev, TRUE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetDialogBoxMode(dev, FALSE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_BeginScene(dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetDialogBoxMode(dev, TRUE), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "BeginScene");
    CHECK_HR(IDirect3DDevice9_EndScene(dev), D3D_OK);
    T9_RELEASE_DEVICE(dev);

    /* a back buffer format GDI does not share; the copy swap effect */
    pp.BackBufferFormat = D3DFMT_A8R8G8B8;
    dev = t9_device_pp(NULL, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp);
    if (dev) {
        CHECK_HR(IDirect3DDevice9_SetDialogBoxMode(dev, TRUE), D3DERR_INVALIDCALL);
        CHECK_STR_CONTAINS(R9_LAST, "format");
        T9_RELEASE_DEVICE(dev);
    }
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.SwapEffect = D3DSWAPEFFECT_COPY;
    dev = t9_device_pp(NULL, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp);
    if (dev) {
        CHECK_HR(IDirect3DDevice9_SetDialogBoxMode(dev, TRUE), D3DERR_INVALIDCALL);
        CHECK_STR_CONTAINS(R9_LAST, "DISCARD");
        T9_RELEASE_DEVICE(dev);
    }
}

TEST(d3d9_display_patches_refused)
{
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        if (!dev)
            continue;
        D3DCAPS9 caps;
        IDirect3DDevice9_GetDeviceCaps(dev, &caps);
        CHECK(!(caps.DevCaps & D3DDEVCAPS_RTPATCHES));
        float segs[4] = { 2, 2, 2, 2 };
        D3DRECTPATCH_INFO rect;
        D3DTRIPATCH_INFO tri;
        memset(&rect, 0, sizeof(rect));
        memset(&tri, 0, sizeof(tri));
        CHECK_HR(IDirect3DDevice9_DrawRectPatch(dev, 1, segs, &rect), D3DERR_INVALIDCALL);
        CHECK_STR_CONTAINS(R9_LAST, "D3DDEVCAPS_RTPATCHES");
        CHECK_HR(IDirect3DDevice9_DrawTriPatch(dev, 0, segs, &tri), D3DERR_INVALIDCALL);
        CHECK_STR_CONTAINS(R9_LAST, "D3DDEVCAPS_RTPATCHES");
        CHECK_HR(IDirect3DDevice9_DeletePatch(dev, 1), D3DERR_INVALIDCALL);
        T9_RELEASE_DEVICE(dev);
    }
}
