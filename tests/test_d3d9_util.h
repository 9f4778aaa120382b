/* tests/test_d3d9_util.h — helpers shared by the Direct3D 9 device tests: an IDirect3D9 under a
 * given profile, a windowed device, and reference counts. */
#ifndef SOFTD3D_TESTS_D3D9_UTIL_H
#define SOFTD3D_TESTS_D3D9_UTIL_H

#define COBJMACROS
#include <stdlib.h>
#include <string.h>

#include "d3d9.h"

#include "harness.h"

/* The IDirect3D9 of SOFTD3D_PROFILE=profile (NULL: the default, max). */
static inline IDirect3D9 *t9_d3d(const char *profile)
{
    IDirect3D9 *d3d;
    if (profile)
        setenv("SOFTD3D_PROFILE", profile, 1);
    else
        unsetenv("SOFTD3D_PROFILE");
    d3d = Direct3DCreate9(D3D_SDK_VERSION);
    unsetenv("SOFTD3D_PROFILE");
    return d3d;
}

/* CheckDeviceFormat of adapter 0 (HAL) with the X8R8G8B8 display format. */
static inline HRESULT t9_check_format(IDirect3D9 *d3d, DWORD usage, D3DRESOURCETYPE rtype,
                                      D3DFORMAT f)
{
    return IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, usage, rtype, f);
}

static inline D3DPRESENT_PARAMETERS t9_pp(UINT w, UINT h)
{
    D3DPRESENT_PARAMETERS pp;
    memset(&pp, 0, sizeof(pp));
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.BackBufferWidth = w;
    pp.BackBufferHeight = h;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    return pp;
}

/* A device with these present parameters and behaviour flags; NULL on failure.  The
 * IDirect3D9 is released at once: the device keeps it alive. */
static inline IDirect3DDevice9 *t9_device_pp(const char *profile, DWORD flags,
                                             D3DPRESENT_PARAMETERS *pp)
{
    IDirect3D9 *d3d = t9_d3d(profile);
    IDirect3DDevice9 *dev = NULL;
    if (!d3d)
        return NULL;
    if (FAILED(IDirect3D9_CreateDevice(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, NULL, flags, pp,
                                       &dev)))
        dev = NULL;
    IDirect3D9_Release(d3d);
    return dev;
}

/* A hardware-vertex-processing device with a 64x64 X8R8G8B8 back buffer and a D24S8 automatic
 * depth-stencil surface. */
static inline IDirect3DDevice9 *t9_device(const char *profile)
{
    D3DPRESENT_PARAMETERS pp = t9_pp(64, 64);
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    return t9_device_pp(profile, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp);
}

static inline ULONG t9_refcount(void *unknown)
{
    IUnknown *u = unknown;
    IUnknown_AddRef(u);
    return IUnknown_Release(u);
}

/* Releases the device and checks that this was the last reference. */
#define T9_RELEASE_DEVICE(dev) CHECK_EQ(IDirect3DDevice9_Release(dev), 0)

static const char *const t9_profiles[4] = { "9_1", "9_2", "9_3", "max" };

#endif
