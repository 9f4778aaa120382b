/* tests/test_d3d9ex.c — Direct3D 9Ex: Direct3DCreate9Ex, IDirect3D9Ex (modes, LUID,
 * CreateDeviceEx rules), IDirect3DDevice9Ex (the 9Ex rules: no D3DPOOL_MANAGED, no lost
 * devices, ResetEx keeping resources and state; every Ex method with its refusals),
 * IDirect3DSwapChain9Ex, QueryInterface in both directions, and one draw read back through an
 * Ex device, equal to the same draw through a D3D9 device. */
#include "test_d3d9_render_util.h"

#define W 16
#define H 16

static IDirect3D9Ex *ex_d3d(void)
{
    IDirect3D9Ex *d3d = NULL;
    unsetenv("SOFTD3D_PROFILE");
    CHECK_HR(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3d), S_OK);
    return d3d;
}

/* A windowed Ex device of a w x h A8R8G8B8 back buffer (D24S8 automatic depth buffer); the
 * IDirect3D9Ex is released at once (the device holds it). */
static IDirect3DDevice9Ex *ex_device(UINT w, UINT h)
{
    IDirect3D9Ex *d3d = ex_d3d();
    IDirect3DDevice9Ex *dev = NULL;
    D3DPRESENT_PARAMETERS pp = t9_pp(w, h);
    if (!d3d)
        return NULL;
    pp.BackBufferFormat = D3DFMT_A8R8G8B8;
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    CHECK_HR(IDirect3D9Ex_CreateDeviceEx(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, NULL,
                                         D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, NULL, &dev),
             D3D_OK);
    IDirect3D9Ex_Release(d3d);
    return dev;
}

#define BASE(dev) ((IDirect3DDevice9 *)(dev))

/* ---- creation --------------------------------------------------------------------------- */

TEST(d3d9ex_create)
{
    IDirect3D9Ex *d3d = (IDirect3D9Ex *)(uintptr_t)1;
    IDirect3D9 *d3d9;
    void *out;

    CHECK_HR(Direct3DCreate9Ex(D3D_SDK_VERSION, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(Direct3DCreate9Ex(7, &d3d), D3DERR_NOTAVAILABLE);
    CHECK(d3d == NULL);
    CHECK_STR_CONTAINS(R9_LAST, "SDKVersion");
    setenv("SOFTD3D_PROFILE", "no-such-profile", 1);
    d3d = (IDirect3D9Ex *)(uintptr_t)1;
    CHECK_HR(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3d), D3DERR_NOTAVAILABLE);
    CHECK(d3d == NULL);
    unsetenv("SOFTD3D_PROFILE");

    if (!(d3d = ex_d3d()))
        return;
    CHECK_EQ(t9_refcount(d3d), 1);
    /* the same object through both interfaces */
    CHECK_HR(IDirect3D9Ex_QueryInterface(d3d, &IID_IDirect3D9, &out), S_OK);
    CHECK(out == d3d);
    d3d9 = out;
    CHECK_HR(IDirect3D9_QueryInterface(d3d9, &IID_IDirect3D9Ex, &out), S_OK);
    CHECK(out == d3d);
    CHECK_EQ(t9_refcount(d3d), 3);
    IDirect3D9_Release(d3d9);
    IDirect3D9Ex_Release(d3d);
    CHECK_HR(IDirect3D9Ex_QueryInterface(d3d, &IID_IUnknown, &out), S_OK);
    IUnknown_Release((IUnknown *)out);
    out = (void *)(uintptr_t)1;
    CHECK_HR(IDirect3D9Ex_QueryInterface(d3d, &IID_IDirect3DDevice9Ex, &out), E_NOINTERFACE);
    CHECK(out == NULL);
    CHECK_HR(IDirect3D9Ex_QueryInterface(d3d, &IID_IDirect3D9Ex, NULL), E_POINTER);
    /* every IDirect3D9 method is there */
    CHECK_EQ(IDirect3D9Ex_GetAdapterCount(d3d), 1);
    CHECK_EQ(IDirect3D9Ex_GetAdapterModeCount(d3d, 0, D3DFMT_X8R8G8B8), 5);
    CHECK_EQ(t9_refcount(d3d), 1);
    CHECK_EQ(IDirect3D9Ex_Release(d3d), 0);

    /* a Direct3DCreate9 object is not an Ex one */
    d3d9 = t9_d3d(NULL);
    CHECK_HR(IDirect3D9_QueryInterface(d3d9, &IID_IDirect3D9Ex, &out), E_NOINTERFACE);
    CHECK_EQ(IDirect3D9_Release(d3d9), 0);
}

TEST(d3d9ex_adapter_modes)
{
    IDirect3D9Ex *d3d = ex_d3d();
    D3DDISPLAYMODEFILTER f = { sizeof(f), D3DFMT_X8R8G8B8, D3DSCANLINEORDERING_PROGRESSIVE };
    D3DDISPLAYMODEEX m;
    D3DDISPLAYROTATION rot = 0;
    LUID luid;
    if (!d3d)
        return;
    CHECK_EQ(IDirect3D9Ex_GetAdapterModeCountEx(d3d, 0, &f), 5);
    f.ScanLineOrdering = D3DSCANLINEORDERING_UNKNOWN;
    CHECK_EQ(IDirect3D9Ex_GetAdapterModeCountEx(d3d, 0, &f), 5);
    f.ScanLineOrdering = D3DSCANLINEORDERING_INTERLACED;
    CHECK_EQ(IDirect3D9Ex_GetAdapterModeCountEx(d3d, 0, &f), 0);
    f.ScanLineOrdering = D3DSCANLINEORDERING_PROGRESSIVE;
    CHECK_EQ(IDirect3D9Ex_GetAdapterModeCountEx(d3d, 1, &f), 0);
    CHECK_EQ(IDirect3D9Ex_GetAdapterModeCountEx(d3d, 0, NULL), 0);
    f.Size = 0;
    CHECK_EQ(IDirect3D9Ex_GetAdapterModeCountEx(d3d, 0, &f), 0);
    CHECK_STR_CONTAINS(R9_LAST, "Size");
    f.Size = sizeof(f);
    f.Format = D3DFMT_A8R8G8B8;   /* no display mode has it */
    CHECK_EQ(IDirect3D9Ex_GetAdapterModeCountEx(d3d, 0, &f), 0);
    f.Format = D3DFMT_R5G6B5;
    CHECK_EQ(IDirect3D9Ex_GetAdapterModeCountEx(d3d, 0, &f), 5);

    memset(&m, 0xcc, sizeof(m));
    m.Size = sizeof(m);
    CHECK_HR(IDirect3D9Ex_EnumAdapterModesEx(d3d, 0, &f, 4, &m), D3D_OK);
    CHECK_EQ(m.Width, 1920);
    CHECK_EQ(m.Height, 1080);
    CHECK_EQ(m.RefreshRate, 60);
    CHECK_EQ(m.Format, D3DFMT_R5G6B5);
    CHECK_EQ(m.ScanLineOrdering, D3DSCANLINEORDERING_PROGRESSIVE);
    CHECK_HR(IDirect3D9Ex_EnumAdapterModesEx(d3d, 0, &f, 5, &m), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9Ex_EnumAdapterModesEx(d3d, 1, &f, 0, &m), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9Ex_EnumAdapterModesEx(d3d, 0, NULL, 0, &m), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9Ex_EnumAdapterModesEx(d3d, 0, &f, 0, NULL), D3DERR_INVALIDCALL);
    f.Format = D3DFMT_X1R5G5B5;   /* a display format without modes */
    CHECK_HR(IDirect3D9Ex_EnumAdapterModesEx(d3d, 0, &f, 0, &m), D3DERR_NOTAVAILABLE);
    f.Format = D3DFMT_X8R8G8B8;
    f.ScanLineOrdering = D3DSCANLINEORDERING_INTERLACED;
    CHECK_HR(IDirect3D9Ex_EnumAdapterModesEx(d3d, 0, &f, 0, &m), D3DERR_INVALIDCALL);
    f.ScanLineOrdering = D3DSCANLINEORDERING_PROGRESSIVE;
    m.Size = sizeof(D3DDISPLAYMODE);
    CHECK_HR(IDirect3D9Ex_EnumAdapterModesEx(d3d, 0, &f, 0, &m), D3DERR_INVALIDCALL);

    m.Size = sizeof(m);
    CHECK_HR(IDirect3D9Ex_GetAdapterDisplayModeEx(d3d, 0, &m, &rot), D3D_OK);
    CHECK_EQ(m.Width, 1920);
    CHECK_EQ(m.Height, 1080);
    CHECK_EQ(m.Format, D3DFMT_X8R8G8B8);
    CHECK_EQ(rot, D3DDISPLAYROTATION_IDENTITY);
    CHECK_HR(IDirect3D9Ex_GetAdapterDisplayModeEx(d3d, 0, &m, NULL), D3D_OK);
    CHECK_HR(IDirect3D9Ex_GetAdapterDisplayModeEx(d3d, 0, NULL, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9Ex_GetAdapterDisplayModeEx(d3d, 1, &m, &rot), D3DERR_INVALIDCALL);
    m.Size = 4;
    CHECK_HR(IDirect3D9Ex_GetAdapterDisplayModeEx(d3d, 0, &m, &rot), D3DERR_INVALIDCALL);

    CHECK_HR(IDirect3D9Ex_GetAdapterLUID(d3d, 0, &luid), D3D_OK);
    CHECK_EQ(luid.LowPart, 0x53D3Du);
    CHECK_EQ(luid.HighPart, 0);
    CHECK_HR(IDirect3D9Ex_GetAdapterLUID(d3d, 0, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9Ex_GetAdapterLUID(d3d, 1, &luid), D3DERR_INVALIDCALL);
    CHECK_EQ(IDirect3D9Ex_Release(d3d), 0);
}

static HRESULT create_ex(IDirect3D9Ex *d3d, D3DPRESENT_PARAMETERS *pp, D3DDISPLAYMODEEX *mode,
                         IDirect3DDevice9Ex **dev)
{
    return IDirect3D9Ex_CreateDeviceEx(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, NULL,
                                       D3DCREATE_HARDWARE_VERTEXPROCESSING, pp, mode, dev);
}

/* The creation rules: windowed needs a NULL display mode, full screen the back buffer's. */
TEST(d3d9ex_create_device_rules)
{
    IDirect3D9Ex *d3d = ex_d3d();
    IDirect3DDevice9Ex *dev = (IDirect3DDevice9Ex *)(uintptr_t)1;
    IDirect3DDevice9 *dev9;
    D3DPRESENT_PARAMETERS pp = t9_pp(0, 0), before;
    D3DDISPLAYMODEEX mode = { sizeof(mode), 800, 600, 60, D3DFMT_X8R8G8B8,
                              D3DSCANLINEORDERING_PROGRESSIVE };
    void *out;
    if (!d3d)
        return;
    CHECK_HR(create_ex(d3d, &pp, NULL, NULL), D3DERR_INVALIDCALL);
    /* windowed with a display mode */
    before = pp;
    CHECK_HR(create_ex(d3d, &pp, &mode, &dev), D3DERR_INVALIDCALL);
    CHECK(dev == NULL);
    CHECK_STR_CONTAINS(R9_LAST, "must be NULL");
    CHECK(!memcmp(&pp, &before, sizeof(pp)));
    /* windowed, NULL: the defaults filled in */
    CHECK_HR(create_ex(d3d, &pp, NULL, &dev), D3D_OK);
    CHECK_EQ(pp.BackBufferWidth, 640);
    CHECK_EQ(pp.BackBufferCount, 1);
    if (dev) {
        CHECK_HR(IDirect3DDevice9Ex_QueryInterface(dev, &IID_IDirect3DDevice9, &out), S_OK);
        CHECK(out == dev);
        IDirect3DDevice9_Release((IDirect3DDevice9 *)out);
        CHECK_EQ(IDirect3DDevice9Ex_Release(dev), 0);
    }

    /* full screen */
    pp = t9_pp(800, 600);
    pp.Windowed = FALSE;
    CHECK_HR(create_ex(d3d, &pp, NULL, &dev), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "pFullscreenDisplayMode");
    mode.Size = sizeof(D3DDISPLAYMODE);
    CHECK_HR(create_ex(d3d, &pp, &mode, &dev), D3DERR_INVALIDCALL);
    mode.Size = sizeof(mode);
    mode.Width = 1024;
    CHECK_HR(create_ex(d3d, &pp, &mode, &dev), D3DERR_INVALIDCALL);
    mode.Width = 800;
    mode.RefreshRate = 75;
    CHECK_HR(create_ex(d3d, &pp, &mode, &dev), D3DERR_INVALIDCALL);
    mode.RefreshRate = 0;
    mode.ScanLineOrdering = D3DSCANLINEORDERING_INTERLACED;
    CHECK_HR(create_ex(d3d, &pp, &mode, &dev), D3DERR_INVALIDCALL);
    mode.ScanLineOrdering = D3DSCANLINEORDERING_PROGRESSIVE;
    CHECK_HR(create_ex(d3d, &pp, &mode, &dev), D3D_OK);
    if (dev) {
        D3DDISPLAYMODEEX got = { sizeof(got), 0, 0, 0, 0, 0 };
        D3DDISPLAYROTATION rot = 0;
        CHECK_HR(IDirect3DDevice9Ex_GetDisplayModeEx(dev, 0, &got, &rot), D3D_OK);
        CHECK_EQ(got.Width, 800);
        CHECK_EQ(got.Height, 600);
        CHECK_EQ(got.Format, D3DFMT_X8R8G8B8);
        CHECK_EQ(got.ScanLineOrdering, D3DSCANLINEORDERING_PROGRESSIVE);
        CHECK_EQ(rot, D3DDISPLAYROTATION_IDENTITY);
        CHECK_HR(IDirect3DDevice9Ex_GetDisplayModeEx(dev, 1, &got, &rot), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9Ex_GetDisplayModeEx(dev, 0, NULL, &rot), D3DERR_INVALIDCALL);
        got.Size = 0;
        CHECK_HR(IDirect3DDevice9Ex_GetDisplayModeEx(dev, 0, &got, &rot), D3DERR_INVALIDCALL);
        CHECK_EQ(IDirect3DDevice9Ex_Release(dev), 0);
    }

    /* the 9Ex swap effects and back buffer counts */
    pp = t9_pp(32, 32);
    pp.SwapEffect = D3DSWAPEFFECT_FLIPEX;
    pp.BackBufferCount = 2;
    CHECK_HR(create_ex(d3d, &pp, NULL, &dev), D3D_OK);
    if (dev)
        CHECK_EQ(IDirect3DDevice9Ex_Release(dev), 0);
    pp = t9_pp(800, 600);
    pp.Windowed = FALSE;
    pp.SwapEffect = D3DSWAPEFFECT_FLIPEX;
    CHECK_HR(create_ex(d3d, &pp, &mode, &dev), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "windowed");
    pp = t9_pp(32, 32);
    pp.SwapEffect = D3DSWAPEFFECT_OVERLAY;
    CHECK_HR(create_ex(d3d, &pp, NULL, &dev), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "OVERLAY");
    pp = t9_pp(32, 32);
    pp.SwapEffect = D3DSWAPEFFECT_FLIP;
    pp.BackBufferCount = D3DPRESENT_BACK_BUFFERS_MAX_EX + 1;
    CHECK_HR(create_ex(d3d, &pp, NULL, &dev), D3DERR_INVALIDCALL);
    pp.BackBufferCount = D3DPRESENT_BACK_BUFFERS_MAX_EX;
    CHECK_HR(create_ex(d3d, &pp, NULL, &dev), D3D_OK);
    if (dev) {
        IDirect3DSurface9 *bb = NULL;
        CHECK_HR(IDirect3DDevice9Ex_GetBackBuffer(dev, 0, 29, D3DBACKBUFFER_TYPE_MONO, &bb),
                 D3D_OK);
        if (bb)
            IDirect3DSurface9_Release(bb);
        CHECK_HR(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, 0), D3D_OK);
        CHECK_EQ(IDirect3DDevice9Ex_Release(dev), 0);
    }
    /* a D3D9 object keeps the D3D9 limits */
    {
        IDirect3D9 *d3d9 = t9_d3d(NULL);
        pp = t9_pp(32, 32);
        pp.SwapEffect = D3DSWAPEFFECT_FLIPEX;
        CHECK_HR(IDirect3D9_CreateDevice(d3d9, 0, D3DDEVTYPE_HAL, NULL,
                                         D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev9),
                 D3DERR_INVALIDCALL);
        pp.SwapEffect = D3DSWAPEFFECT_FLIP;
        pp.BackBufferCount = 4;
        CHECK_HR(IDirect3D9_CreateDevice(d3d9, 0, D3DDEVTYPE_HAL, NULL,
                                         D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev9),
                 D3DERR_INVALIDCALL);
        CHECK_EQ(IDirect3D9_Release(d3d9), 0);
    }
    /* CreateDevice's rules still apply (seed 002) */
    pp = t9_pp(32, 32);
    CHECK_HR(IDirect3D9Ex_CreateDeviceEx(d3d, 0, D3DDEVTYPE_HAL, NULL, 0, &pp, NULL, &dev),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9Ex_CreateDeviceEx(d3d, 1, D3DDEVTYPE_HAL, NULL,
                                         D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, NULL, &dev),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9Ex_CreateDeviceEx(d3d, 0, D3DDEVTYPE_HAL, NULL,
                                         D3DCREATE_HARDWARE_VERTEXPROCESSING, NULL, NULL, &dev),
             D3DERR_INVALIDCALL);

    /* the Ex object's CreateDevice makes an Ex device */
    CHECK_HR(IDirect3D9Ex_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, NULL,
                                       D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &dev9), D3D_OK);
    if (dev9) {
        IDirect3D9 *got = NULL;
        CHECK_HR(IDirect3DDevice9_QueryInterface(dev9, &IID_IDirect3DDevice9Ex, &out), S_OK);
        CHECK(out == dev9);
        IDirect3DDevice9_Release(dev9);
        CHECK_HR(IDirect3DDevice9_GetDirect3D(dev9, &got), D3D_OK);
        CHECK(got == (IDirect3D9 *)d3d);
        IDirect3D9_Release(got);
        CHECK_EQ(t9_refcount(d3d), 2);   /* the test's and the device's */
        CHECK_EQ(IDirect3DDevice9_Release(dev9), 0);
    }
    CHECK_EQ(IDirect3D9Ex_Release(d3d), 0);
}

/* QueryInterface between the D3D9 and Ex faces of devices and swap chains. */
TEST(d3d9ex_query_interface)
{
    IDirect3DDevice9Ex *dev = ex_device(W, H);
    IDirect3DDevice9 *dev9 = t9_device(NULL);
    IDirect3DSwapChain9 *sc = NULL;
    void *out;
    if (!dev || !dev9)
        return;
    CHECK_HR(IDirect3DDevice9Ex_QueryInterface(dev, &IID_IDirect3DDevice9Ex, &out), S_OK);
    CHECK(out == dev);
    CHECK_EQ(t9_refcount(dev), 2);
    IDirect3DDevice9Ex_Release(dev);
    CHECK_HR(IDirect3DDevice9Ex_QueryInterface(dev, &IID_IDirect3D9Ex, &out), E_NOINTERFACE);
    CHECK(out == NULL);
    CHECK_HR(IDirect3DDevice9Ex_QueryInterface(dev, &IID_IDirect3DDevice9Ex, NULL), E_POINTER);

    CHECK_HR(IDirect3DDevice9Ex_GetSwapChain(dev, 0, &sc), D3D_OK);
    if (sc) {
        IDirect3DSwapChain9Ex *scx = NULL;
        UINT count = 99;
        D3DPRESENTSTATS st;
        D3DDISPLAYMODEEX m = { sizeof(m), 0, 0, 0, 0, 0 };
        D3DDISPLAYROTATION rot = 0;
        CHECK_HR(IDirect3DSwapChain9_QueryInterface(sc, &IID_IDirect3DSwapChain9Ex,
                                                    (void **)&scx), S_OK);
        CHECK((void *)scx == (void *)sc);
        CHECK_HR(IDirect3DSwapChain9Ex_GetLastPresentCount(scx, &count), D3D_OK);
        CHECK_EQ(count, 0);
        CHECK_HR(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL,
                                              D3DPRESENT_FORCEIMMEDIATE), D3D_OK);
        CHECK_HR(IDirect3DSwapChain9Ex_Present(scx, NULL, NULL, NULL, NULL, D3DPRESENT_DONOTWAIT),
                 D3D_OK);
        CHECK_HR(IDirect3DSwapChain9Ex_GetLastPresentCount(scx, &count), D3D_OK);
        CHECK_EQ(count, 2);
        CHECK_HR(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL,
                                              D3DPRESENT_UPDATEOVERLAYONLY), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DSwapChain9Ex_GetPresentStats(scx, &st), D3D_OK);
        CHECK_EQ(st.PresentCount, 2);
        CHECK(st.SyncRefreshCount >= st.PresentRefreshCount);
        CHECK(st.SyncQPCTime.QuadPart > 0);
        CHECK_HR(IDirect3DSwapChain9Ex_GetPresentStats(scx, NULL), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DSwapChain9Ex_GetLastPresentCount(scx, NULL), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DSwapChain9Ex_GetDisplayModeEx(scx, &m, &rot), D3D_OK);
        CHECK_EQ(m.Width, 1920);   /* windowed: the adapter's mode */
        CHECK_EQ(rot, D3DDISPLAYROTATION_IDENTITY);
        m.Size = 0;
        CHECK_HR(IDirect3DSwapChain9Ex_GetDisplayModeEx(scx, &m, &rot), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DSwapChain9Ex_GetDisplayModeEx(scx, NULL, NULL), D3DERR_INVALIDCALL);
        IDirect3DSwapChain9Ex_Release(scx);
        IDirect3DSwapChain9_Release(sc);
    }

    /* a D3D9 device and its swap chain do not answer the Ex IIDs */
    CHECK_HR(IDirect3DDevice9_QueryInterface(dev9, &IID_IDirect3DDevice9Ex, &out),
             E_NOINTERFACE);
    CHECK_HR(IDirect3DDevice9_GetSwapChain(dev9, 0, &sc), D3D_OK);
    if (sc) {
        CHECK_HR(IDirect3DSwapChain9_QueryInterface(sc, &IID_IDirect3DSwapChain9Ex, &out),
                 E_NOINTERFACE);
        CHECK_HR(IDirect3DSwapChain9_QueryInterface(sc, &IID_IDirect3DSwapChain9, &out), S_OK);
        IDirect3DSwapChain9_Release(sc);
        IDirect3DSwapChain9_Release(sc);
    }
    CHECK_EQ(IDirect3DDevice9Ex_Release(dev), 0);
    T9_RELEASE_DEVICE(dev9);
}

/* ---- the 9Ex rules ------------------------------------------------------------------------ */

TEST(d3d9ex_no_managed_pool)
{
    IDirect3DDevice9Ex *dev = ex_device(W, H);
    IDirect3DDevice9 *dev9 = t9_device(NULL);
    IDirect3DTexture9 *t = (IDirect3DTexture9 *)(uintptr_t)1;
    IDirect3DVolumeTexture9 *v = (IDirect3DVolumeTexture9 *)(uintptr_t)1;
    IDirect3DCubeTexture9 *c = (IDirect3DCubeTexture9 *)(uintptr_t)1;
    IDirect3DVertexBuffer9 *vb = (IDirect3DVertexBuffer9 *)(uintptr_t)1;
    IDirect3DIndexBuffer9 *ib = (IDirect3DIndexBuffer9 *)(uintptr_t)1;
    IDirect3DSurface9 *s = (IDirect3DSurface9 *)(uintptr_t)1;
    if (!dev || !dev9)
        return;
    CHECK_HR(IDirect3DDevice9Ex_CreateTexture(dev, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                              &t, NULL), D3DERR_INVALIDCALL);
    CHECK(t == NULL);
    CHECK_STR_CONTAINS(R9_LAST, "D3DPOOL_MANAGED");
    CHECK_HR(IDirect3DDevice9Ex_CreateVolumeTexture(dev, 4, 4, 4, 1, 0, D3DFMT_A8R8G8B8,
                                                    D3DPOOL_MANAGED, &v, NULL),
             D3DERR_INVALIDCALL);
    CHECK(v == NULL);
    CHECK_HR(IDirect3DDevice9Ex_CreateCubeTexture(dev, 8, 1, 0, D3DFMT_A8R8G8B8,
                                                  D3DPOOL_MANAGED, &c, NULL), D3DERR_INVALIDCALL);
    CHECK(c == NULL);
    CHECK_HR(IDirect3DDevice9Ex_CreateVertexBuffer(dev, 64, 0, 0, D3DPOOL_MANAGED, &vb, NULL),
             D3DERR_INVALIDCALL);
    CHECK(vb == NULL);
    CHECK_HR(IDirect3DDevice9Ex_CreateIndexBuffer(dev, 64, 0, D3DFMT_INDEX16, D3DPOOL_MANAGED,
                                                  &ib, NULL), D3DERR_INVALIDCALL);
    CHECK(ib == NULL);
    CHECK_HR(IDirect3DDevice9Ex_CreateOffscreenPlainSurfaceEx(dev, 8, 8, D3DFMT_A8R8G8B8,
                                                              D3DPOOL_MANAGED, &s, NULL, 0),
             D3DERR_INVALIDCALL);
    CHECK(s == NULL);
    CHECK_EQ(t9_refcount(dev), 1);   /* nothing was made */

    /* the other pools work */
    CHECK_HR(IDirect3DDevice9Ex_CreateTexture(dev, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM,
                                              &t, NULL), D3D_OK);
    if (t)
        IDirect3DTexture9_Release(t);
    CHECK_HR(IDirect3DDevice9Ex_CreateVolumeTexture(dev, 4, 4, 4, 1, 0, D3DFMT_A8R8G8B8,
                                                    D3DPOOL_DEFAULT, &v, NULL), D3D_OK);
    if (v)
        IDirect3DVolumeTexture9_Release(v);
    CHECK_HR(IDirect3DDevice9Ex_CreateCubeTexture(dev, 8, 1, 0, D3DFMT_A8R8G8B8,
                                                  D3DPOOL_DEFAULT, &c, NULL), D3D_OK);
    if (c)
        IDirect3DCubeTexture9_Release(c);
    CHECK_HR(IDirect3DDevice9Ex_CreateVertexBuffer(dev, 64, 0, 0, D3DPOOL_DEFAULT, &vb, NULL),
             D3D_OK);
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
    CHECK_HR(IDirect3DDevice9Ex_CreateIndexBuffer(dev, 64, 0, D3DFMT_INDEX16, D3DPOOL_SYSTEMMEM,
                                                  &ib, NULL), D3D_OK);
    if (ib)
        IDirect3DIndexBuffer9_Release(ib);

    /* a D3D9 device still has the managed pool */
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev9, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    if (t)
        IDirect3DTexture9_Release(t);
    CHECK_EQ(IDirect3DDevice9Ex_Release(dev), 0);
    T9_RELEASE_DEVICE(dev9);
}

/* D3DPOOL_DEFAULT textures lock when dynamic, not otherwise. */
TEST(d3d9ex_default_dynamic_lock)
{
    IDirect3DDevice9Ex *dev = ex_device(W, H);
    IDirect3DTexture9 *t = NULL;
    D3DLOCKED_RECT lr;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9Ex_CreateTexture(dev, 8, 8, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8,
                                              D3DPOOL_DEFAULT, &t, NULL), D3D_OK);
    if (t) {
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, D3DLOCK_DISCARD), D3D_OK);
        CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
        IDirect3DTexture9_Release(t);
    }
    CHECK_HR(IDirect3DDevice9Ex_CreateTexture(dev, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                              &t, NULL), D3D_OK);
    if (t) {
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3DERR_INVALIDCALL);
        IDirect3DTexture9_Release(t);
    }
    CHECK_EQ(IDirect3DDevice9Ex_Release(dev), 0);
}

/* No lost devices: TestCooperativeLevel stays S_OK; Reset/ResetEx keep D3DPOOL_DEFAULT objects
 * and state; a failed one shows in CheckDeviceState until one succeeds. */
TEST(d3d9ex_reset_keeps_state)
{
    IDirect3DDevice9Ex *dev = ex_device(W, H);
    IDirect3DTexture9 *t = NULL;
    IDirect3DSurface9 *rt = NULL;
    D3DPRESENT_PARAMETERS pp = t9_pp(24, 20);
    D3DDISPLAYMODEEX mode = { sizeof(mode), 640, 480, 60, D3DFMT_X8R8G8B8,
                              D3DSCANLINEORDERING_UNKNOWN };
    DWORD v = 0;
    D3DVIEWPORT9 vp;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9Ex_CheckDeviceState(dev, NULL), S_OK);
    CHECK_HR(IDirect3DDevice9Ex_CreateTexture(dev, 8, 8, 1, D3DUSAGE_RENDERTARGET,
                                              D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &t, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_SetRenderState(dev, D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t), D3D_OK);
    /* a D3DPOOL_DEFAULT texture alive: a D3D9 device would refuse */
    CHECK_HR(IDirect3DDevice9Ex_ResetEx(dev, &pp, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_GetRenderState(dev, D3DRS_LIGHTING, &v), D3D_OK);
    CHECK_EQ(v, FALSE);
    {
        IDirect3DBaseTexture9 *bound = NULL;
        CHECK_HR(IDirect3DDevice9Ex_GetTexture(dev, 0, &bound), D3D_OK);
        CHECK(bound == (IDirect3DBaseTexture9 *)t);
        if (bound)
            IDirect3DBaseTexture9_Release(bound);
    }
    CHECK_HR(IDirect3DDevice9Ex_GetViewport(dev, &vp), D3D_OK);
    CHECK_EQ(vp.Width, 24);
    CHECK_EQ(vp.Height, 20);
    CHECK_HR(IDirect3DDevice9Ex_GetRenderTarget(dev, 0, &rt), D3D_OK);
    if (rt) {
        D3DSURFACE_DESC d;
        IDirect3DSurface9_GetDesc(rt, &d);
        CHECK_EQ(d.Width, 24);
        /* the back buffer is held: Reset refuses, and the device is lost for CheckDeviceState */
        CHECK_HR(IDirect3DDevice9Ex_Reset(dev, &pp), D3DERR_INVALIDCALL);
        IDirect3DSurface9_Release(rt);
    }
    CHECK_HR(IDirect3DDevice9Ex_CheckDeviceState(dev, NULL), D3DERR_DEVICELOST);
    CHECK_HR(IDirect3DDevice9Ex_TestCooperativeLevel(dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, 0), D3DERR_DEVICELOST);
    /* ResetEx's display-mode rule */
    CHECK_HR(IDirect3DDevice9Ex_ResetEx(dev, &pp, &mode), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9Ex_ResetEx(dev, NULL, NULL), D3DERR_INVALIDCALL);
    pp = t9_pp(640, 480);
    pp.Windowed = FALSE;
    CHECK_HR(IDirect3DDevice9Ex_ResetEx(dev, &pp, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9Ex_ResetEx(dev, &pp, &mode), D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_CheckDeviceState(dev, NULL), S_OK);
    CHECK_HR(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_SetTexture(dev, 0, NULL), D3D_OK);
    if (t)
        CHECK_EQ(IDirect3DTexture9_Release(t), 0);
    CHECK_EQ(IDirect3DDevice9Ex_Release(dev), 0);
}

/* ---- the Ex methods ------------------------------------------------------------------------ */

TEST(d3d9ex_device_methods)
{
    IDirect3DDevice9Ex *dev = ex_device(W, H), *other = ex_device(W, H);
    IDirect3DSurface9 *s = NULL;
    IDirect3DTexture9 *t = NULL, *t2 = NULL;
    IDirect3DResource9 *res[2];
    INT prio = 99;
    UINT lat = 0;
    float k[3] = { 1.0f, 2.0f, 1.0f };
    if (!dev || !other)
        return;
    /* GPU thread priority */
    CHECK_HR(IDirect3DDevice9Ex_GetGPUThreadPriority(dev, &prio), D3D_OK);
    CHECK_EQ(prio, 0);
    CHECK_HR(IDirect3DDevice9Ex_SetGPUThreadPriority(dev, -7), D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_SetGPUThreadPriority(dev, 8), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9Ex_SetGPUThreadPriority(dev, -8), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9Ex_GetGPUThreadPriority(dev, &prio), D3D_OK);
    CHECK_EQ(prio, -7);
    CHECK_HR(IDirect3DDevice9Ex_GetGPUThreadPriority(dev, NULL), D3DERR_INVALIDCALL);
    /* frame latency */
    CHECK_HR(IDirect3DDevice9Ex_GetMaximumFrameLatency(dev, &lat), D3D_OK);
    CHECK_EQ(lat, 3);
    CHECK_HR(IDirect3DDevice9Ex_SetMaximumFrameLatency(dev, 20), D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_SetMaximumFrameLatency(dev, 21), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9Ex_GetMaximumFrameLatency(dev, &lat), D3D_OK);
    CHECK_EQ(lat, 20);
    CHECK_HR(IDirect3DDevice9Ex_SetMaximumFrameLatency(dev, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_GetMaximumFrameLatency(dev, &lat), D3D_OK);
    CHECK_EQ(lat, 3);
    CHECK_HR(IDirect3DDevice9Ex_GetMaximumFrameLatency(dev, NULL), D3DERR_INVALIDCALL);
    /* convolution kernel */
    CHECK_HR(IDirect3DDevice9Ex_SetConvolutionMonoKernel(dev, 3, 1, k, k), D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_SetConvolutionMonoKernel(dev, 7, 7, NULL, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_SetConvolutionMonoKernel(dev, 2, 3, k, k), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9Ex_SetConvolutionMonoKernel(dev, 9, 1, NULL, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9Ex_SetConvolutionMonoKernel(dev, 0, 1, NULL, NULL),
             D3DERR_INVALIDCALL);
    /* vertical blank, device state */
    CHECK_HR(IDirect3DDevice9Ex_WaitForVBlank(dev, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_WaitForVBlank(dev, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9Ex_CheckDeviceState(dev, NULL), S_OK);
    CHECK_HR(IDirect3DDevice9Ex_TestCooperativeLevel(dev), D3D_OK);

    /* the Ex surface creators */
    CHECK_HR(IDirect3DDevice9Ex_CreateRenderTargetEx(dev, 8, 8, D3DFMT_A8R8G8B8,
                                                     D3DMULTISAMPLE_NONE, 0, TRUE, &s, NULL, 0),
             D3D_OK);
    if (s) {
        D3DSURFACE_DESC d;
        IDirect3DSurface9_GetDesc(s, &d);
        CHECK_EQ(d.Usage, D3DUSAGE_RENDERTARGET);
        CHECK_EQ(d.Pool, D3DPOOL_DEFAULT);
        IDirect3DSurface9_Release(s);
    }
    s = (IDirect3DSurface9 *)(uintptr_t)1;
    CHECK_HR(IDirect3DDevice9Ex_CreateRenderTargetEx(dev, 8, 8, D3DFMT_A8R8G8B8,
                                                     D3DMULTISAMPLE_NONE, 0, TRUE, &s, NULL,
                                                     D3DUSAGE_DYNAMIC), D3DERR_INVALIDCALL);
    CHECK(s == NULL);
    CHECK_HR(IDirect3DDevice9Ex_CreateRenderTargetEx(dev, 8, 8, D3DFMT_A8R8G8B8,
                                                     D3DMULTISAMPLE_NONE, 0, TRUE, &s, NULL,
                                                     D3DUSAGE_RESTRICTED_CONTENT), D3D_OK);
    if (s)
        IDirect3DSurface9_Release(s);
    CHECK_HR(IDirect3DDevice9Ex_CreateDepthStencilSurfaceEx(dev, 8, 8, D3DFMT_D24S8,
                                                            D3DMULTISAMPLE_NONE, 0, FALSE, &s,
                                                            NULL, 0), D3D_OK);
    if (s) {
        D3DSURFACE_DESC d;
        IDirect3DSurface9_GetDesc(s, &d);
        CHECK_EQ(d.Usage, D3DUSAGE_DEPTHSTENCIL);
        IDirect3DSurface9_Release(s);
    }
    CHECK_HR(IDirect3DDevice9Ex_CreateDepthStencilSurfaceEx(dev, 8, 8, D3DFMT_D24S8,
                                                            D3DMULTISAMPLE_NONE, 0, FALSE, &s,
                                                            NULL, D3DUSAGE_WRITEONLY),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9Ex_CreateDepthStencilSurfaceEx(dev, 8, 8, D3DFMT_A8R8G8B8,
                                                            D3DMULTISAMPLE_NONE, 0, FALSE, &s,
                                                            NULL, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9Ex_CreateOffscreenPlainSurfaceEx(dev, 8, 8, D3DFMT_A8R8G8B8,
                                                              D3DPOOL_SYSTEMMEM, &s, NULL, 0),
             D3D_OK);
    if (s)
        IDirect3DSurface9_Release(s);
    CHECK_HR(IDirect3DDevice9Ex_CreateOffscreenPlainSurfaceEx(dev, 8, 8, D3DFMT_A8R8G8B8,
                                                              D3DPOOL_SYSTEMMEM, &s, NULL,
                                                              D3DUSAGE_RENDERTARGET),
             D3DERR_INVALIDCALL);

    /* residency */
    CHECK_HR(IDirect3DDevice9Ex_CreateTexture(dev, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                              &t, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_CreateTexture(other, 8, 8, 1, 0, D3DFMT_A8R8G8B8,
                                              D3DPOOL_DEFAULT, &t2, NULL), D3D_OK);
    if (t && t2) {
        res[0] = (IDirect3DResource9 *)t;
        res[1] = NULL;
        CHECK_HR(IDirect3DDevice9Ex_CheckResourceResidency(dev, res, 1), S_OK);
        CHECK_HR(IDirect3DDevice9Ex_CheckResourceResidency(dev, NULL, 0), S_OK);
        CHECK_HR(IDirect3DDevice9Ex_CheckResourceResidency(dev, res, 2), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9Ex_CheckResourceResidency(dev, NULL, 1), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9Ex_CheckResourceResidency(dev, res, 65536), D3DERR_INVALIDCALL);
        res[1] = (IDirect3DResource9 *)t2;
        CHECK_HR(IDirect3DDevice9Ex_CheckResourceResidency(dev, res, 2), D3DERR_INVALIDCALL);
        CHECK_STR_CONTAINS(R9_LAST, "another device");
        CHECK_HR(IDirect3DDevice9Ex_CheckResourceResidency(other, res + 1, 1), S_OK);
    }
    if (t)
        IDirect3DTexture9_Release(t);
    if (t2)
        IDirect3DTexture9_Release(t2);

    /* ComposeRects needs D3DFMT_A1 surfaces, which do not exist */
    CHECK_HR(IDirect3DDevice9Ex_CreateRenderTargetEx(dev, 8, 8, D3DFMT_A8R8G8B8,
                                                     D3DMULTISAMPLE_NONE, 0, FALSE, &s, NULL, 0),
             D3D_OK);
    if (s) {
        CHECK_HR(IDirect3DDevice9Ex_ComposeRects(dev, s, s, NULL, 1, NULL, D3DCOMPOSERECTS_COPY,
                                                 0, 0), D3DERR_INVALIDCALL);
        CHECK_STR_CONTAINS(R9_LAST, "D3DFMT_A1");
        CHECK_HR(IDirect3DDevice9Ex_ComposeRects(dev, NULL, s, NULL, 1, NULL,
                                                 D3DCOMPOSERECTS_COPY, 0, 0), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9Ex_ComposeRects(dev, s, s, NULL, 1, NULL,
                                                 (D3DCOMPOSERECTSOP)9, 0, 0), D3DERR_INVALIDCALL);
        IDirect3DSurface9_Release(s);
    }
    CHECK_EQ(IDirect3DDevice9Ex_Release(other), 0);
    CHECK_EQ(IDirect3DDevice9Ex_Release(dev), 0);
}

/* ---- one draw ----------------------------------------------------------------------------- */

/* A clear and a pre-transformed triangle (0,0) (8,0) (0,8) in D3D9 pixel coordinates: pixel
 * (x, y) is covered when x + y < 8 (its centre on the hypotenuse, a bottom-right edge, is not:
 * the top-left rule). */
static void draw_scene(IDirect3DDevice9 *dev, uint32_t *img)
{
    const struct r9_tl v[3] = {
        { 0.0f, 0.0f, 0.5f, 1.0f, 0xff20c040 },
        { 8.0f, 0.0f, 0.5f, 1.0f, 0xff20c040 },
        { 0.0f, 8.0f, 0.5f, 1.0f, 0xff20c040 },
    };
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    CHECK_HR(IDirect3DDevice9_BeginScene(dev), D3D_OK);
    r9_clear(dev, 0xff102030);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, R9_TL_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0])),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_EndScene(dev), D3D_OK);
    r9_read(dev, img);
}

TEST(d3d9ex_draw_read_back)
{
    IDirect3DDevice9Ex *dev = ex_device(W, H);
    IDirect3DDevice9 *dev9 = r9_device(W, H);
    uint32_t img[W * H], ref[W * H];
    if (!dev || !dev9)
        return;
    IDirect3DDevice9_EndScene(dev9);   /* r9_device opened one */
    draw_scene(BASE(dev), img);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            CHECK_EQ(img[y * W + x], x + y < 8 ? 0xff20c040u : 0xff102030u);
    draw_scene(dev9, ref);
    CHECK(!memcmp(img, ref, sizeof(img)));   /* the same bytes as through a D3D9 device */
    CHECK_HR(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, 0), D3D_OK);
    CHECK_EQ(IDirect3DDevice9Ex_Release(dev), 0);
    T9_RELEASE_DEVICE(dev9);
}
