/* tests/test_d3d9_create.c — Direct3DCreate9, IDirect3D9 and the first IDirect3DDevice9 methods:
 * one case per creation rule of seed 002 (vertex processing), the caps each profile reports, and
 * the argument rules of every IDirect3D9 method. */
#define COBJMACROS
#include <stdlib.h>
#include <string.h>

#include "d3d9.h"

#include "core/profile.h"
#include "harness.h"
#include "util/log.h"

#define SEED002_SW_VP_CAPS                                                                    \
    (D3DVTXPCAPS_DIRECTIONALLIGHTS | D3DVTXPCAPS_LOCALVIEWER | D3DVTXPCAPS_MATERIALSOURCE7 |  \
     D3DVTXPCAPS_POSITIONALLIGHTS | D3DVTXPCAPS_TEXGEN | D3DVTXPCAPS_TWEENING)

static const char *const profile_names[CORE_PROFILE_COUNT] = { "9_1", "9_2", "9_3", "max" };

/* Creates the IDirect3D9 under SOFTD3D_PROFILE=profile (NULL: unset, the default "max"). */
static IDirect3D9 *create_d3d(const char *profile)
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

static D3DPRESENT_PARAMETERS windowed_pp(void)
{
    D3DPRESENT_PARAMETERS pp;
    memset(&pp, 0, sizeof(pp));
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    return pp;
}

static HRESULT create_device(IDirect3D9 *d3d, DWORD flags, IDirect3DDevice9 **dev)
{
    D3DPRESENT_PARAMETERS pp = windowed_pp();
    *dev = (IDirect3DDevice9 *)(uintptr_t)0xdeadbeef;
    return IDirect3D9_CreateDevice(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, NULL, flags, &pp, dev);
}

/* Creation with `flags` must succeed; the device is released again. */
static void expect_create_ok(DWORD flags)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    IDirect3DDevice9 *dev;
    CHECK(d3d != NULL);
    if (!d3d)
        return;
    CHECK_HR(create_device(d3d, flags, &dev), D3D_OK);
    CHECK(dev != NULL);
    if (dev && dev != (IDirect3DDevice9 *)(uintptr_t)0xdeadbeef)
        CHECK_EQ(IDirect3DDevice9_Release(dev), 0);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

/* Creation with `flags` must fail with D3DERR_INVALIDCALL and a NULL device. */
static void expect_create_invalid(DWORD flags)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    IDirect3DDevice9 *dev;
    CHECK(d3d != NULL);
    if (!d3d)
        return;
    CHECK_HR(create_device(d3d, flags, &dev), D3DERR_INVALIDCALL);
    CHECK(dev == NULL);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

/* ------------------------------------------------------------------ seed 002: creation */

TEST(seed002_software_vp_alone_succeeds)
{
    expect_create_ok(D3DCREATE_SOFTWARE_VERTEXPROCESSING);
}

TEST(seed002_hardware_vp_alone_succeeds)
{
    expect_create_ok(D3DCREATE_HARDWARE_VERTEXPROCESSING);
}

TEST(seed002_mixed_vp_alone_succeeds)
{
    expect_create_ok(D3DCREATE_MIXED_VERTEXPROCESSING);
}

TEST(seed002_no_vp_flag_fails)
{
    expect_create_invalid(0);
    expect_create_invalid(D3DCREATE_MULTITHREADED | D3DCREATE_FPU_PRESERVE);
    util_clear_last_message();
    expect_create_invalid(0);
    CHECK_STR_CONTAINS(util_last_message(), "seed 002");
}

TEST(seed002_two_vp_flags_fail)
{
    const DWORD sw = D3DCREATE_SOFTWARE_VERTEXPROCESSING, hw = D3DCREATE_HARDWARE_VERTEXPROCESSING,
                mixed = D3DCREATE_MIXED_VERTEXPROCESSING;
    expect_create_invalid(sw | hw);
    expect_create_invalid(sw | mixed);
    expect_create_invalid(hw | mixed);
}

TEST(seed002_three_vp_flags_fail)
{
    expect_create_invalid(D3DCREATE_SOFTWARE_VERTEXPROCESSING |
                          D3DCREATE_HARDWARE_VERTEXPROCESSING | D3DCREATE_MIXED_VERTEXPROCESSING);
}

TEST(seed002_puredevice_with_hardware_succeeds)
{
    expect_create_ok(D3DCREATE_HARDWARE_VERTEXPROCESSING | D3DCREATE_PUREDEVICE);
}

TEST(seed002_puredevice_with_software_fails)
{
    util_clear_last_message();
    expect_create_invalid(D3DCREATE_SOFTWARE_VERTEXPROCESSING | D3DCREATE_PUREDEVICE);
    CHECK_STR_CONTAINS(util_last_message(), "D3DCREATE_PUREDEVICE requires");
}

TEST(seed002_puredevice_with_mixed_fails)
{
    expect_create_invalid(D3DCREATE_MIXED_VERTEXPROCESSING | D3DCREATE_PUREDEVICE);
}

TEST(seed002_puredevice_alone_fails)
{
    expect_create_invalid(D3DCREATE_PUREDEVICE);
}

TEST(d3d9_create_unknown_behavior_flags_fail)
{
    expect_create_invalid(D3DCREATE_HARDWARE_VERTEXPROCESSING | 0x1);
    expect_create_invalid(D3DCREATE_HARDWARE_VERTEXPROCESSING | 0x00001000);
    expect_create_invalid(D3DCREATE_HARDWARE_VERTEXPROCESSING | 0x80000000u);
}

TEST(d3d9_create_known_behavior_flags_accepted)
{
    expect_create_ok(D3DCREATE_HARDWARE_VERTEXPROCESSING | D3DCREATE_FPU_PRESERVE |
                     D3DCREATE_MULTITHREADED | D3DCREATE_DISABLE_DRIVER_MANAGEMENT |
                     D3DCREATE_NOWINDOWCHANGES | D3DCREATE_DISABLE_PSGP_THREADING |
                     D3DCREATE_ENABLE_PRESENTSTATS | D3DCREATE_DISABLE_PRINTSCREEN |
                     D3DCREATE_SCREENSAVER);
}

/* ---------------------------------------------------------- seed 002: processing modes */

TEST(seed002_mixed_switching)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    IDirect3DDevice9 *dev;
    D3DCAPS9 caps;
    CHECK_HR(create_device(d3d, D3DCREATE_MIXED_VERTEXPROCESSING, &dev), D3D_OK);
    if (!dev) {
        IDirect3D9_Release(d3d);
        return;
    }
    /* Starts in hardware mode. */
    CHECK_EQ(IDirect3DDevice9_GetSoftwareVertexProcessing(dev), FALSE);
    CHECK_HR(IDirect3DDevice9_GetDeviceCaps(dev, &caps), D3D_OK);
    CHECK_EQ(caps.VertexProcessingCaps,
             core_profile_get(CORE_PROFILE_MAX)->caps.VertexProcessingCaps);
    /* Switches both ways, at any time, repeatedly. */
    for (int i = 0; i < 2; i++) {
        CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, TRUE), D3D_OK);
        CHECK_EQ(IDirect3DDevice9_GetSoftwareVertexProcessing(dev), TRUE);
        CHECK_HR(IDirect3DDevice9_GetDeviceCaps(dev, &caps), D3D_OK);
        CHECK_EQ(caps.VertexProcessingCaps, SEED002_SW_VP_CAPS);
        CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, TRUE), D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, FALSE), D3D_OK);
        CHECK_EQ(IDirect3DDevice9_GetSoftwareVertexProcessing(dev), FALSE);
        CHECK_HR(IDirect3DDevice9_GetDeviceCaps(dev, &caps), D3D_OK);
        CHECK(!memcmp(&caps, &core_profile_get(CORE_PROFILE_MAX)->caps, sizeof(caps)));
    }
    /* Any nonzero BOOL is TRUE. */
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, 2), D3D_OK);
    CHECK_EQ(IDirect3DDevice9_GetSoftwareVertexProcessing(dev), TRUE);
    CHECK_EQ(IDirect3DDevice9_Release(dev), 0);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

TEST(seed002_software_device_stays_software)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    IDirect3DDevice9 *dev;
    CHECK_HR(create_device(d3d, D3DCREATE_SOFTWARE_VERTEXPROCESSING, &dev), D3D_OK);
    if (!dev) {
        IDirect3D9_Release(d3d);
        return;
    }
    CHECK_EQ(IDirect3DDevice9_GetSoftwareVertexProcessing(dev), TRUE);
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, TRUE), D3D_OK);
    util_clear_last_message();
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, FALSE), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(util_last_message(), "cannot switch to hardware");
    CHECK_EQ(IDirect3DDevice9_GetSoftwareVertexProcessing(dev), TRUE);
    CHECK_EQ(IDirect3DDevice9_Release(dev), 0);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

TEST(seed002_hardware_device_stays_hardware)
{
    static const DWORD flags[] = { D3DCREATE_HARDWARE_VERTEXPROCESSING,
                                   D3DCREATE_HARDWARE_VERTEXPROCESSING | D3DCREATE_PUREDEVICE };
    for (size_t i = 0; i < 2; i++) {
        IDirect3D9 *d3d = create_d3d(NULL);
        IDirect3DDevice9 *dev;
        CHECK_HR(create_device(d3d, flags[i], &dev), D3D_OK);
        if (!dev) {
            IDirect3D9_Release(d3d);
            return;
        }
        CHECK_EQ(IDirect3DDevice9_GetSoftwareVertexProcessing(dev), FALSE);
        CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, FALSE), D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, TRUE), D3DERR_INVALIDCALL);
        CHECK_EQ(IDirect3DDevice9_GetSoftwareVertexProcessing(dev), FALSE);
        CHECK_EQ(IDirect3DDevice9_Release(dev), 0);
        CHECK_EQ(IDirect3D9_Release(d3d), 0);
    }
}

/* The software vertex-processing caps: exactly the six VertexProcessingCaps flags of seed 002,
 * on every profile, and what a software device reports. */
TEST(seed002_software_vp_caps_are_the_six_flags)
{
    for (int id = 0; id < CORE_PROFILE_COUNT; id++) {
        IDirect3D9 *d3d = create_d3d(profile_names[id]);
        IDirect3DDevice9 *dev;
        D3DCAPS9 caps;
        CHECK_EQ(core_profile_get((core_profile_id)id)->sw_caps.VertexProcessingCaps,
                 SEED002_SW_VP_CAPS);
        CHECK(d3d != NULL);
        if (!d3d)
            continue;
        CHECK_HR(create_device(d3d, D3DCREATE_SOFTWARE_VERTEXPROCESSING, &dev), D3D_OK);
        if (dev) {
            CHECK_HR(IDirect3DDevice9_GetDeviceCaps(dev, &caps), D3D_OK);
            CHECK_EQ(caps.VertexProcessingCaps, SEED002_SW_VP_CAPS);
            CHECK(!memcmp(&caps, &core_profile_get((core_profile_id)id)->sw_caps, sizeof(caps)));
            CHECK_EQ(IDirect3DDevice9_Release(dev), 0);
        }
        CHECK_EQ(IDirect3D9_Release(d3d), 0);
    }
}

/* Only the hardware set is queryable before a device exists: IDirect3D9::GetDeviceCaps reports
 * the hardware caps even while a software device of the same adapter exists. */
TEST(seed002_runtime_query_reports_hardware_caps)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    IDirect3DDevice9 *dev;
    D3DCAPS9 caps;
    CHECK_HR(create_device(d3d, D3DCREATE_SOFTWARE_VERTEXPROCESSING, &dev), D3D_OK);
    CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, &caps), D3D_OK);
    CHECK(!memcmp(&caps, &core_profile_get(CORE_PROFILE_MAX)->caps, sizeof(caps)));
    CHECK(caps.VertexProcessingCaps != SEED002_SW_VP_CAPS);
    if (dev)
        CHECK_EQ(IDirect3DDevice9_Release(dev), 0);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

/* ------------------------------------------------------------------- caps per profile */

TEST(d3d9_getdevicecaps_per_profile)
{
    static const core_level levels[CORE_PROFILE_COUNT] = { CORE_LEVEL_9_1, CORE_LEVEL_9_2,
                                                           CORE_LEVEL_9_3, CORE_LEVEL_9_3 };
    for (int id = 0; id < CORE_PROFILE_COUNT; id++) {
        IDirect3D9 *d3d = create_d3d(profile_names[id]);
        const core_profile *p = core_profile_get((core_profile_id)id);
        IDirect3DDevice9 *dev;
        D3DCAPS9 caps, dcaps;
        CHECK(d3d != NULL);
        if (!d3d)
            continue;
        CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, &caps), D3D_OK);
        CHECK(!memcmp(&caps, &p->caps, sizeof(caps)));
        CHECK_EQ(caps.DeviceType, D3DDEVTYPE_HAL);
        CHECK_EQ(caps.AdapterOrdinal, 0);
        CHECK_EQ(core_level_from_caps(&caps, NULL, 0), levels[id]);
        CHECK_HR(create_device(d3d, D3DCREATE_HARDWARE_VERTEXPROCESSING, &dev), D3D_OK);
        if (dev) {
            CHECK_HR(IDirect3DDevice9_GetDeviceCaps(dev, &dcaps), D3D_OK);
            CHECK(!memcmp(&dcaps, &caps, sizeof(caps)));
            CHECK_EQ(IDirect3DDevice9_Release(dev), 0);
        }
        CHECK_EQ(IDirect3D9_Release(d3d), 0);
    }
}

/* The profile is read once, by Direct3DCreate9. */
TEST(d3d9_profile_read_at_create)
{
    IDirect3D9 *d3d = create_d3d("9_1");
    D3DCAPS9 caps;
    setenv("SOFTD3D_PROFILE", "max", 1);
    CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, D3DDEVTYPE_HAL, &caps), D3D_OK);
    unsetenv("SOFTD3D_PROFILE");
    CHECK_EQ(caps.MaxTextureWidth, 2048);
    CHECK_EQ(caps.NumSimultaneousRTs, 1);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

/* ------------------------------------------------------------------ Direct3DCreate9 */

TEST(d3d9_create_sdk_version)
{
    IDirect3D9 *d3d;
    unsetenv("SOFTD3D_PROFILE");
    CHECK(Direct3DCreate9(0) == NULL);
    CHECK(Direct3DCreate9(D3D_SDK_VERSION + 1) == NULL);
    CHECK(Direct3DCreate9(0x80000000u) == NULL);
    CHECK(Direct3DCreate9(220) == NULL);   /* Direct3D 8's D3D_SDK_VERSION */
    util_clear_last_message();
    CHECK(Direct3DCreate9(33) == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "SDKVersion 33");
    static const UINT ok[] = { D3D_SDK_VERSION, D3D_SDK_VERSION | 0x80000000u, D3D9b_SDK_VERSION,
                               D3D9b_SDK_VERSION | 0x80000000u };
    for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
        d3d = Direct3DCreate9(ok[i]);
        CHECK(d3d != NULL);
        if (d3d)
            CHECK_EQ(IDirect3D9_Release(d3d), 0);
    }
}

TEST(d3d9_create_bad_profile_returns_null)
{
    /* core_profile_from_env always prints the configuration error: expected on stderr. */
    CHECK(create_d3d("9_4") == NULL);
    CHECK(create_d3d("MAX ") == NULL);
    IDirect3D9 *d3d = create_d3d("");   /* empty: the default */
    CHECK(d3d != NULL);
    if (d3d)
        CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

/* ---------------------------------------------------------------------- refcounts */

TEST(d3d9_refcounts)
{
    IDirect3D9 *d3d = create_d3d(NULL), *got = NULL;
    IDirect3DDevice9 *dev;
    IUnknown *unk = NULL;
    CHECK_EQ(IDirect3D9_AddRef(d3d), 2);
    CHECK_EQ(IDirect3D9_Release(d3d), 1);
    CHECK_HR(IDirect3D9_QueryInterface(d3d, &IID_IUnknown, (void **)&unk), S_OK);
    CHECK(unk == (IUnknown *)d3d);
    CHECK_EQ(IUnknown_Release(unk), 1);

    CHECK_HR(create_device(d3d, D3DCREATE_HARDWARE_VERTEXPROCESSING, &dev), D3D_OK);
    if (!dev)
        return;
    /* The device holds a reference on its IDirect3D9. */
    CHECK_EQ(IDirect3D9_AddRef(d3d), 3);
    CHECK_EQ(IDirect3D9_Release(d3d), 2);
    CHECK_EQ(IDirect3DDevice9_AddRef(dev), 2);
    CHECK_EQ(IDirect3DDevice9_Release(dev), 1);
    /* The application's IDirect3D9 goes; the device keeps it alive. */
    CHECK_EQ(IDirect3D9_Release(d3d), 1);
    CHECK_HR(IDirect3DDevice9_GetDirect3D(dev, &got), D3D_OK);
    CHECK(got == d3d);
    CHECK_EQ(IDirect3D9_GetAdapterCount(got), 1);
    CHECK_EQ(IDirect3D9_Release(got), 1);
    /* The last device reference frees both (AddressSanitizer checks for leaks). */
    CHECK_EQ(IDirect3DDevice9_Release(dev), 0);
}

TEST(d3d9_query_interface)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    IDirect3DDevice9 *dev;
    void *out;
    out = (void *)(uintptr_t)1;
    CHECK_HR(IDirect3D9_QueryInterface(d3d, &IID_IDirect3D9Ex, &out), E_NOINTERFACE);
    CHECK(out == NULL);
    CHECK_HR(IDirect3D9_QueryInterface(d3d, &IID_IDirect3DDevice9, &out), E_NOINTERFACE);
    CHECK_HR(IDirect3D9_QueryInterface(d3d, &IID_IDirect3D9, NULL), E_POINTER);
    CHECK_HR(IDirect3D9_QueryInterface(d3d, &IID_IDirect3D9, &out), S_OK);
    CHECK(out == d3d);
    IDirect3D9_Release(d3d);

    CHECK_HR(create_device(d3d, D3DCREATE_SOFTWARE_VERTEXPROCESSING, &dev), D3D_OK);
    if (dev) {
        CHECK_HR(IDirect3DDevice9_QueryInterface(dev, &IID_IDirect3DDevice9, &out), S_OK);
        CHECK(out == dev);
        IDirect3DDevice9_Release(dev);
        CHECK_HR(IDirect3DDevice9_QueryInterface(dev, &IID_IUnknown, &out), S_OK);
        CHECK(out == dev);
        IDirect3DDevice9_Release(dev);
        out = (void *)(uintptr_t)1;
        CHECK_HR(IDirect3DDevice9_QueryInterface(dev, &IID_IDirect3DDevice9Ex, &out),
                 E_NOINTERFACE);
        CHECK(out == NULL);
        CHECK_HR(IDirect3DDevice9_QueryInterface(dev, &IID_IDirect3D9, &out), E_NOINTERFACE);
        CHECK_HR(IDirect3DDevice9_QueryInterface(dev, &IID_IUnknown, NULL), E_POINTER);
        CHECK_EQ(IDirect3DDevice9_Release(dev), 0);
    }
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

/* ------------------------------------------------------------------ argument rules */

TEST(d3d9_null_out_pointers)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    D3DPRESENT_PARAMETERS pp = windowed_pp();
    IDirect3DDevice9 *dev = (IDirect3DDevice9 *)(uintptr_t)0xdeadbeef;

    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, NULL,
                                     D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, NULL,
                                     D3DCREATE_HARDWARE_VERTEXPROCESSING, NULL, &dev),
             D3DERR_INVALIDCALL);
    CHECK(dev == NULL);
    CHECK_HR(IDirect3D9_GetAdapterIdentifier(d3d, 0, 0, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_EnumAdapterModes(d3d, 0, D3DFMT_X8R8G8B8, 0, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_GetAdapterDisplayMode(d3d, 0, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, D3DDEVTYPE_HAL, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_RegisterSoftwareDevice(d3d, NULL), D3DERR_INVALIDCALL);
    /* pQualityLevels is optional. */
    CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, TRUE,
                                                   D3DMULTISAMPLE_NONE, NULL), D3D_OK);

    CHECK_HR(create_device(d3d, D3DCREATE_HARDWARE_VERTEXPROCESSING, &dev), D3D_OK);
    if (dev) {
        CHECK_HR(IDirect3DDevice9_GetDeviceCaps(dev, NULL), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_GetDirect3D(dev, NULL), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_GetCreationParameters(dev, NULL), D3DERR_INVALIDCALL);
        CHECK_EQ(IDirect3DDevice9_Release(dev), 0);
    }
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

TEST(d3d9_bad_adapter)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    D3DPRESENT_PARAMETERS pp = windowed_pp();
    D3DADAPTER_IDENTIFIER9 id;
    D3DDISPLAYMODE mode;
    D3DCAPS9 caps;
    DWORD q = 0xdeadbeef;
    IDirect3DDevice9 *dev = (IDirect3DDevice9 *)(uintptr_t)0xdeadbeef;
    const UINT bad[] = { 1, 2, 0xffffffffu };

    CHECK_EQ(IDirect3D9_GetAdapterCount(d3d), 1);
    for (size_t i = 0; i < 3; i++) {
        UINT a = bad[i];
        CHECK_HR(IDirect3D9_GetAdapterIdentifier(d3d, a, 0, &id), D3DERR_INVALIDCALL);
        CHECK_EQ(IDirect3D9_GetAdapterModeCount(d3d, a, D3DFMT_X8R8G8B8), 0);
        CHECK_HR(IDirect3D9_EnumAdapterModes(d3d, a, D3DFMT_X8R8G8B8, 0, &mode),
                 D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3D9_GetAdapterDisplayMode(d3d, a, &mode), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3D9_CheckDeviceType(d3d, a, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                            D3DFMT_X8R8G8B8, TRUE), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, a, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0,
                                              D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
                 D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(d3d, a, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                                       TRUE, D3DMULTISAMPLE_NONE, &q),
                 D3DERR_INVALIDCALL);
        CHECK_EQ(q, 0xdeadbeef);
        CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, a, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                                   D3DFMT_X8R8G8B8, D3DFMT_D24S8),
                 D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, a, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                                        D3DFMT_X8R8G8B8), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, a, D3DDEVTYPE_HAL, &caps), D3DERR_INVALIDCALL);
        CHECK(IDirect3D9_GetAdapterMonitor(d3d, a) == NULL);
        dev = (IDirect3DDevice9 *)(uintptr_t)0xdeadbeef;
        CHECK_HR(IDirect3D9_CreateDevice(d3d, a, D3DDEVTYPE_HAL, NULL,
                                         D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev),
                 D3DERR_INVALIDCALL);
        CHECK(dev == NULL);
    }
    CHECK(IDirect3D9_GetAdapterMonitor(d3d, 0) == NULL);   /* headless */
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

TEST(d3d9_device_types)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    D3DPRESENT_PARAMETERS pp = windowed_pp();
    IDirect3DDevice9 *dev;
    D3DCAPS9 caps;
    static const struct {
        D3DDEVTYPE type;
        HRESULT query, create;
    } types[] = {
        { D3DDEVTYPE_REF, D3DERR_NOTAVAILABLE, D3DERR_NOTAVAILABLE },
        { D3DDEVTYPE_SW, D3DERR_INVALIDCALL, D3DERR_INVALIDCALL },
        { D3DDEVTYPE_NULLREF, D3DERR_INVALIDCALL, D3DERR_NOTAVAILABLE },
        { (D3DDEVTYPE)0, D3DERR_INVALIDCALL, D3DERR_INVALIDCALL },
        { (D3DDEVTYPE)0xdead, D3DERR_INVALIDCALL, D3DERR_INVALIDCALL },
    };
    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
        D3DDEVTYPE t = types[i].type;
        CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, t, &caps), types[i].query);
        CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, t, D3DFMT_X8R8G8B8, D3DFMT_X8R8G8B8, TRUE),
                 types[i].query);
        CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, t, D3DFMT_X8R8G8B8, 0, D3DRTYPE_TEXTURE,
                                              D3DFMT_A8R8G8B8), types[i].query);
        CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, t, D3DFMT_X8R8G8B8, TRUE,
                                                       D3DMULTISAMPLE_NONE, NULL),
                 types[i].query);
        CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, t, D3DFMT_X8R8G8B8, D3DFMT_X8R8G8B8,
                                                   D3DFMT_D24S8), types[i].query);
        CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, t, D3DFMT_X8R8G8B8,
                                                        D3DFMT_X8R8G8B8), types[i].query);
        dev = (IDirect3DDevice9 *)(uintptr_t)0xdeadbeef;
        CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, t, NULL, D3DCREATE_HARDWARE_VERTEXPROCESSING,
                                         &pp, &dev), types[i].create);
        CHECK(dev == NULL);
    }
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

TEST(d3d9_register_software_device)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    static int dummy;
    D3DCAPS9 caps;
    CHECK_HR(IDirect3D9_RegisterSoftwareDevice(d3d, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_RegisterSoftwareDevice(d3d, &dummy), E_NOTIMPL);
    /* Nothing was registered. */
    CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, D3DDEVTYPE_SW, &caps), D3DERR_INVALIDCALL);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

/* ------------------------------------------------------------------- the adapter */

TEST(d3d9_adapter_identifier)
{
    static const GUID ours = { 0xc9226a4c, 0x87d3, 0x46a5,
                               { 0x81, 0xb9, 0x6f, 0x7c, 0x7c, 0xb2, 0xa8, 0xc4 } };
    IDirect3D9 *d3d = create_d3d(NULL);
    D3DADAPTER_IDENTIFIER9 id;
    const DWORD flags[] = { 0, D3DENUM_WHQL_LEVEL, D3DENUM_NO_DRIVERVERSION,
                            D3DENUM_WHQL_LEVEL | D3DENUM_NO_DRIVERVERSION };
    for (size_t i = 0; i < 4; i++) {
        memset(&id, 0xcc, sizeof(id));
        CHECK_HR(IDirect3D9_GetAdapterIdentifier(d3d, 0, flags[i], &id), D3D_OK);
        CHECK(!strcmp(id.Driver, "softd3d"));
        CHECK(!strcmp(id.Description, "softd3d software adapter"));
        CHECK(!strcmp(id.DeviceName, "\\\\.\\DISPLAY1"));
        CHECK_EQ(id.VendorId, 0x53D3D);
        CHECK_EQ(id.DeviceId, 1);
        CHECK_EQ(id.SubSysId, 0);
        CHECK_EQ(id.Revision, 0);
        CHECK_EQ(id.WHQLLevel, 0);
        CHECK_EQ(id.DriverVersion.HighPart, 1);
        CHECK_EQ(id.DriverVersion.LowPart, 0);
        CHECK(IsEqualGUID(&id.DeviceIdentifier, &ours));
    }
    CHECK_HR(IDirect3D9_GetAdapterIdentifier(d3d, 0, 0x1, &id), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_GetAdapterIdentifier(d3d, 0, 0x100, &id), D3DERR_INVALIDCALL);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

TEST(d3d9_display_modes)
{
    static const UINT sizes[5][2] = { { 640, 480 }, { 800, 600 }, { 1024, 768 }, { 1280, 720 },
                                      { 1920, 1080 } };
    static const D3DFORMAT formats[2] = { D3DFMT_X8R8G8B8, D3DFMT_R5G6B5 };
    IDirect3D9 *d3d = create_d3d(NULL);
    D3DDISPLAYMODE mode;

    for (int f = 0; f < 2; f++) {
        CHECK_EQ(IDirect3D9_GetAdapterModeCount(d3d, 0, formats[f]), 5);
        for (UINT m = 0; m < 5; m++) {
            memset(&mode, 0xcc, sizeof(mode));
            CHECK_HR(IDirect3D9_EnumAdapterModes(d3d, 0, formats[f], m, &mode), D3D_OK);
            CHECK_EQ(mode.Width, sizes[m][0]);
            CHECK_EQ(mode.Height, sizes[m][1]);
            CHECK_EQ(mode.RefreshRate, 60);
            CHECK_EQ(mode.Format, formats[f]);
        }
        CHECK_HR(IDirect3D9_EnumAdapterModes(d3d, 0, formats[f], 5, &mode), D3DERR_INVALIDCALL);
    }
    /* Alpha formats are no display formats; X1R5G5B5 is one without modes here. */
    CHECK_EQ(IDirect3D9_GetAdapterModeCount(d3d, 0, D3DFMT_A8R8G8B8), 0);
    CHECK_EQ(IDirect3D9_GetAdapterModeCount(d3d, 0, D3DFMT_X1R5G5B5), 0);
    CHECK_EQ(IDirect3D9_GetAdapterModeCount(d3d, 0, D3DFMT_UNKNOWN), 0);
    CHECK_HR(IDirect3D9_EnumAdapterModes(d3d, 0, D3DFMT_A8R8G8B8, 0, &mode), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_EnumAdapterModes(d3d, 0, D3DFMT_X1R5G5B5, 0, &mode), D3DERR_NOTAVAILABLE);

    memset(&mode, 0, sizeof(mode));
    CHECK_HR(IDirect3D9_GetAdapterDisplayMode(d3d, 0, &mode), D3D_OK);
    CHECK_EQ(mode.Width, 1920);
    CHECK_EQ(mode.Height, 1080);
    CHECK_EQ(mode.RefreshRate, 60);
    CHECK_EQ(mode.Format, D3DFMT_X8R8G8B8);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

/* --------------------------------------------------------------------- Check* */

TEST(d3d9_check_device_type)
{
    IDirect3D9 *d3d9_1 = create_d3d("9_1"), *dmax = create_d3d("max");
    (void)dmax;
    /* Windowed: any back buffer format on the display. */
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d9_1, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                        D3DFMT_A8R8G8B8, TRUE), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d9_1, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                        D3DFMT_UNKNOWN, TRUE), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d9_1, 0, D3DDEVTYPE_HAL, D3DFMT_R5G6B5,
                                        D3DFMT_X8R8G8B8, TRUE), D3D_OK);
    /* Full screen: the display format, alpha aside. */
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d9_1, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                        D3DFMT_A8R8G8B8, FALSE), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d9_1, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                        D3DFMT_UNKNOWN, FALSE), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDeviceType(dmax, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                        D3DFMT_R5G6B5, FALSE), D3DERR_NOTAVAILABLE);
    /* R5G6B5 render targets are not in the 9_x tables; max has them (formats.c). */
    CHECK_HR(IDirect3D9_CheckDeviceType(dmax, 0, D3DDEVTYPE_HAL, D3DFMT_R5G6B5,
                                        D3DFMT_R5G6B5, FALSE), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d9_1, 0, D3DDEVTYPE_HAL, D3DFMT_R5G6B5,
                                        D3DFMT_R5G6B5, FALSE), D3DERR_NOTAVAILABLE);
    /* Display formats: never with alpha; none without modes; never UNKNOWN. */
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d9_1, 0, D3DDEVTYPE_HAL, D3DFMT_A8R8G8B8,
                                        D3DFMT_A8R8G8B8, FALSE), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceType(dmax, 0, D3DDEVTYPE_HAL, D3DFMT_X1R5G5B5,
                                        D3DFMT_X1R5G5B5, FALSE), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d9_1, 0, D3DDEVTYPE_HAL, D3DFMT_UNKNOWN,
                                        D3DFMT_UNKNOWN, TRUE), D3DERR_INVALIDCALL);
    /* Not a back buffer format. */
    CHECK_HR(IDirect3D9_CheckDeviceType(dmax, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                        D3DFMT_A16B16G16R16F, TRUE), D3DERR_NOTAVAILABLE);
    CHECK_EQ(IDirect3D9_Release(d3d9_1), 0);
    CHECK_EQ(IDirect3D9_Release(dmax), 0);
}

static HRESULT check_format(IDirect3D9 *d3d, DWORD usage, D3DRESOURCETYPE rtype, D3DFORMAT f)
{
    return IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, usage, rtype, f);
}

/* The levels of the driver page "Required DXGI formats", one row per format use. */
/* Format uses beyond the 9_x tables that softd3d does not offer yet (formats.c rows marked MAX)
 * are held back from every profile; the tested ones are on max (CORE_PROFILE_MAX). */
#define HELD_BACK CORE_PROFILE_COUNT

TEST(d3d9_check_device_format_per_profile)
{
    static const struct {
        DWORD usage;
        D3DRESOURCETYPE rtype;
        D3DFORMAT format;
        core_profile_id from;   /* first profile where it is D3D_OK */
    } rows[] = {
        { 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8, CORE_PROFILE_9_1 },
        { D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8, CORE_PROFILE_9_1 },
        { D3DUSAGE_QUERY_FILTER | D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING |
              D3DUSAGE_QUERY_SRGBREAD | D3DUSAGE_QUERY_SRGBWRITE | D3DUSAGE_QUERY_WRAPANDMIP,
          D3DRTYPE_TEXTURE, D3DFMT_X8R8G8B8, CORE_PROFILE_9_1 },
        { 0, D3DRTYPE_CUBETEXTURE, D3DFMT_DXT5, CORE_PROFILE_9_1 },
        { 0, D3DRTYPE_VOLUMETEXTURE, D3DFMT_L8, CORE_PROFILE_9_1 },
        { D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, D3DFMT_D24S8, CORE_PROFILE_9_1 },
        { D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, D3DFMT_D16, CORE_PROFILE_9_1 },
        { D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, D3DFMT_D16_LOCKABLE, CORE_PROFILE_9_1 },
        { 0, D3DRTYPE_TEXTURE, D3DFMT_V8U8, CORE_PROFILE_9_1 },
        { 0, D3DRTYPE_TEXTURE, D3DFMT_L16, CORE_PROFILE_9_2 },
        { D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, D3DFMT_R32F, CORE_PROFILE_9_2 },
        { D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, D3DFMT_A16B16G16R16F, CORE_PROFILE_9_2 },
        { D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING, D3DRTYPE_TEXTURE, D3DFMT_A16B16G16R16F,
          CORE_PROFILE_9_3 },
        { 0, D3DRTYPE_TEXTURE, D3DFMT_A32B32G32R32F, CORE_PROFILE_9_2 },
        { 0, D3DRTYPE_CUBETEXTURE, D3DFMT_A32B32G32R32F, CORE_PROFILE_9_3 },
        { 0, D3DRTYPE_VOLUMETEXTURE, D3DFMT_V16U16, CORE_PROFILE_9_2 },
        { 0, D3DRTYPE_TEXTURE, D3DFMT_G32R32F, CORE_PROFILE_9_3 },
        { D3DUSAGE_QUERY_VERTEXTEXTURE, D3DRTYPE_TEXTURE, D3DFMT_R32F, CORE_PROFILE_9_3 },
        { D3DUSAGE_QUERY_FILTER, D3DRTYPE_TEXTURE, D3DFMT_R32F, CORE_PROFILE_MAX },
        { D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, D3DFMT_R5G6B5, CORE_PROFILE_MAX },
        { 0, D3DRTYPE_SURFACE, D3DFMT_YUY2, CORE_PROFILE_MAX },
        { D3DUSAGE_QUERY_VERTEXTEXTURE, D3DRTYPE_TEXTURE, D3DFMT_R16F, CORE_PROFILE_MAX },
        { 0, D3DRTYPE_VOLUMETEXTURE, D3DFMT_V8U8, HELD_BACK },
        { D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, D3DFMT_D32F_LOCKABLE, CORE_PROFILE_MAX },
    };
    for (int id = 0; id < CORE_PROFILE_COUNT; id++) {
        IDirect3D9 *d3d = create_d3d(profile_names[id]);
        for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
            HRESULT want = id >= (int)rows[i].from ? D3D_OK : D3DERR_NOTAVAILABLE;
            HRESULT hr = check_format(d3d, rows[i].usage, rows[i].rtype, rows[i].format);
            if (hr != want)
                harness_fail(__FILE__, __LINE__, "profile %s, row %zu: 0x%08x, expected 0x%08x",
                             profile_names[id], i, (unsigned)hr, (unsigned)want);
        }
        CHECK_EQ(IDirect3D9_Release(d3d), 0);
    }
}

TEST(d3d9_check_device_format_rules)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    /* The adapter format: a display format with modes. */
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_UNKNOWN, 0,
                                          D3DRTYPE_SURFACE, D3DFMT_A8R8G8B8), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_A8R8G8B8, 0,
                                          D3DRTYPE_TEXTURE, D3DFMT_X8R8G8B8), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_R5G6B5, 0,
                                          D3DRTYPE_TEXTURE, D3DFMT_X8R8G8B8), D3D_OK);
    /* Automatic mipmaps: a hint; the caps have no D3DCAPS2_CANAUTOGENMIPMAP. */
    CHECK(!(core_profile_get(CORE_PROFILE_MAX)->caps.Caps2 & D3DCAPS2_CANAUTOGENMIPMAP));
    CHECK_HR(check_format(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3DOK_NOAUTOGEN);
    CHECK_HR(check_format(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE, D3DFMT_INDEX16),
             D3DERR_NOTAVAILABLE);
    /* Usages invalid for the resource type, unknown usage bits, unknown resource types. */
    CHECK_HR(check_format(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_VOLUMETEXTURE, D3DFMT_A8R8G8B8),
             D3DERR_INVALIDCALL);
    CHECK_HR(check_format(d3d, D3DUSAGE_WRITEONLY, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3DERR_INVALIDCALL);
    CHECK_HR(check_format(d3d, 0x40000000, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3DERR_INVALIDCALL);
    CHECK_HR(check_format(d3d, 0, (D3DRESOURCETYPE)0, D3DFMT_A8R8G8B8), D3DERR_INVALIDCALL);
    CHECK_HR(check_format(d3d, 0, (D3DRESOURCETYPE)8, D3DFMT_A8R8G8B8), D3DERR_INVALIDCALL);
    /* Render target and depth-stencil: never both; depth textures need DEPTHSTENCIL. */
    CHECK_HR(check_format(d3d, D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE,
                          D3DFMT_D24S8), D3DERR_NOTAVAILABLE);
    CHECK_HR(check_format(d3d, 0, D3DRTYPE_TEXTURE, D3DFMT_D24S8), D3DERR_NOTAVAILABLE);
    CHECK_HR(check_format(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, D3DFMT_DXT1),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(check_format(d3d, 0, D3DRTYPE_TEXTURE, (D3DFORMAT)12345), D3DERR_NOTAVAILABLE);
    /* Buffers. */
    CHECK_HR(check_format(d3d, D3DUSAGE_WRITEONLY | D3DUSAGE_DYNAMIC, D3DRTYPE_VERTEXBUFFER,
                          D3DFMT_VERTEXDATA), D3D_OK);
    CHECK_HR(check_format(d3d, 0, D3DRTYPE_INDEXBUFFER, D3DFMT_INDEX16), D3D_OK);
    CHECK_HR(check_format(d3d, 0, D3DRTYPE_INDEXBUFFER, D3DFMT_INDEX32), D3D_OK);
    CHECK_HR(check_format(d3d, 0, D3DRTYPE_INDEXBUFFER, D3DFMT_A8R8G8B8), D3DERR_NOTAVAILABLE);
    CHECK_HR(check_format(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_INDEXBUFFER, D3DFMT_INDEX16),
             D3DERR_INVALIDCALL);
    /* Legacy bump mapping needs D3DTEXOPCAPS_BUMPENVMAP: the max profile has it (the 9_x
     * profiles do not: test_d3d9_render_bump.c). */
    CHECK(core_profile_get(CORE_PROFILE_MAX)->caps.TextureOpCaps & D3DTEXOPCAPS_BUMPENVMAP);
    CHECK_HR(check_format(d3d, D3DUSAGE_QUERY_LEGACYBUMPMAP, D3DRTYPE_TEXTURE, D3DFMT_V8U8),
             D3D_OK);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);

    /* 32-bit indices from 9_2 (MaxVertexIndex > 0xFFFF). */
    d3d = create_d3d("9_1");
    CHECK_HR(check_format(d3d, 0, D3DRTYPE_INDEXBUFFER, D3DFMT_INDEX32), D3DERR_NOTAVAILABLE);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

/* The max profile offers 2, 4 and 8 samples (one quality level each) and NONMASKABLE (one
 * level per count); the 9_x profiles none (the weakest hardware). */
TEST(d3d9_check_multisample_types)
{
    static const char *const weakest[] = { "9_1", "9_2", "9_3" };
    IDirect3D9 *d3d = create_d3d(NULL);
    DWORD q;
    for (int t = D3DMULTISAMPLE_NONMASKABLE; t <= D3DMULTISAMPLE_16_SAMPLES; t++) {
        bool offered = t == D3DMULTISAMPLE_NONMASKABLE || t == 2 || t == 4 || t == 8;
        static const D3DFORMAT fmts[] = { D3DFMT_X8R8G8B8, D3DFMT_A8R8G8B8, D3DFMT_D24S8,
                                          D3DFMT_D16 };
        for (size_t f = 0; f < sizeof(fmts) / sizeof(fmts[0]); f++) {
            q = 0xdeadbeef;
            CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, fmts[f], TRUE,
                                                           (D3DMULTISAMPLE_TYPE)t, &q),
                     offered ? D3D_OK : D3DERR_NOTAVAILABLE);
            CHECK_EQ(q, !offered ? 0xdeadbeef : t == D3DMULTISAMPLE_NONMASKABLE ? 3 : 1);
        }
    }
    /* lockable depth formats cannot be multisampled */
    CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_D16_LOCKABLE,
                                                   TRUE, D3DMULTISAMPLE_4_SAMPLES, NULL),
             D3DERR_NOTAVAILABLE);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
    for (int i = 0; i < 3; i++) {
        d3d = create_d3d(weakest[i]);
        for (int t = D3DMULTISAMPLE_NONMASKABLE; t <= D3DMULTISAMPLE_16_SAMPLES; t++)
            CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                                           TRUE, (D3DMULTISAMPLE_TYPE)t, &q),
                     D3DERR_NOTAVAILABLE);
        CHECK_EQ(IDirect3D9_Release(d3d), 0);
    }
}

TEST(d3d9_check_multisample_none)
{
    IDirect3D9 *d3d = create_d3d("9_3");
    DWORD q;
    q = 0;
    CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, TRUE,
                                                   D3DMULTISAMPLE_NONE, &q), D3D_OK);
    CHECK_EQ(q, 1);
    q = 0;
    CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_D24S8, FALSE,
                                                   D3DMULTISAMPLE_NONE, &q), D3D_OK);
    CHECK_EQ(q, 1);
    for (int t = D3DMULTISAMPLE_NONMASKABLE; t <= D3DMULTISAMPLE_16_SAMPLES; t++) {
        q = 0xdeadbeef;
        CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                                       TRUE, (D3DMULTISAMPLE_TYPE)t, &q),
                 D3DERR_NOTAVAILABLE);
        CHECK_EQ(q, 0xdeadbeef);
    }
    q = 0xdeadbeef;
    CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_UNKNOWN, TRUE,
                                                   D3DMULTISAMPLE_NONE, &q), D3DERR_INVALIDCALL);
    CHECK_EQ(q, 0xdeadbeef);
    CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, TRUE,
                                                   (D3DMULTISAMPLE_TYPE)65536, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_DXT5, TRUE,
                                                   D3DMULTISAMPLE_2_SAMPLES, NULL),
             D3DERR_NOTAVAILABLE);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

TEST(d3d9_check_depth_stencil_match)
{
    IDirect3D9 *d3d = create_d3d("9_1");
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                               D3DFMT_A8R8G8B8, D3DFMT_D24S8), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                               D3DFMT_X8R8G8B8, D3DFMT_D16), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                               D3DFMT_X8R8G8B8, D3DFMT_D32), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                               D3DFMT_L8, D3DFMT_D24S8), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                               D3DFMT_X8R8G8B8, D3DFMT_X8R8G8B8),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_UNKNOWN,
                                               D3DFMT_X8R8G8B8, D3DFMT_D24S8), D3DERR_INVALIDCALL);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

TEST(d3d9_check_format_conversion)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                                    D3DFMT_A8R8G8B8), D3D_OK);
    /* YUY2 offscreen surfaces convert to render-target formats on max
     * (test_d3d9_formats_yuv.c); DXTn surfaces do not. */
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_YUY2,
                                                    D3DFMT_X8R8G8B8), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_DXT1,
                                                    D3DFMT_X8R8G8B8), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                                    D3DFMT_YUY2), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_UNKNOWN,
                                                    D3DFMT_X8R8G8B8), D3DERR_INVALIDCALL);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

/* ---------------------------------------------------------- presentation parameters */

/* CreateDevice with *pp must return `want`; on failure the structure is unchanged. */
static void expect_pp(IDirect3D9 *d3d, D3DPRESENT_PARAMETERS pp, HRESULT want, int line)
{
    D3DPRESENT_PARAMETERS copy = pp;
    IDirect3DDevice9 *dev = (IDirect3DDevice9 *)(uintptr_t)0xdeadbeef;
    HRESULT hr = IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, NULL,
                                         D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev);
    if (hr != want)
        harness_fail(__FILE__, line, "CreateDevice returned 0x%08x, expected 0x%08x",
                     (unsigned)hr, (unsigned)want);
    if (FAILED(hr)) {
        if (dev != NULL)
            harness_fail(__FILE__, line, "device not NULL after a failure");
        if (memcmp(&pp, &copy, sizeof(pp)))
            harness_fail(__FILE__, line, "D3DPRESENT_PARAMETERS changed by a failed call");
    } else if (dev) {
        IDirect3DDevice9_Release(dev);
    }
}
#define EXPECT_PP(d3d, pp, want) expect_pp(d3d, pp, want, __LINE__)

TEST(d3d9_create_windowed_headless_defaults)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    D3DPRESENT_PARAMETERS pp = windowed_pp();
    D3DDEVICE_CREATION_PARAMETERS cp;
    IDirect3DDevice9 *dev;
    /* No focus window, no device window, zero sizes, UNKNOWN format, 0 back buffers. */
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, NULL,
                                     D3DCREATE_MIXED_VERTEXPROCESSING, &pp, &dev), D3D_OK);
    CHECK_EQ(pp.BackBufferWidth, 640);
    CHECK_EQ(pp.BackBufferHeight, 480);
    CHECK_EQ(pp.BackBufferFormat, D3DFMT_X8R8G8B8);
    CHECK_EQ(pp.BackBufferCount, 1);
    if (dev) {
        CHECK_HR(IDirect3DDevice9_GetCreationParameters(dev, &cp), D3D_OK);
        CHECK_EQ(cp.AdapterOrdinal, 0);
        CHECK_EQ(cp.DeviceType, D3DDEVTYPE_HAL);
        CHECK(cp.hFocusWindow == NULL);
        CHECK_EQ(cp.BehaviorFlags, D3DCREATE_MIXED_VERTEXPROCESSING);
        CHECK_EQ(IDirect3DDevice9_Release(dev), 0);
    }
    /* One zero dimension: only that one defaults. */
    pp = windowed_pp();
    pp.BackBufferWidth = 300;
    pp.BackBufferFormat = D3DFMT_A8R8G8B8;
    pp.BackBufferCount = 3;
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, (HWND)(uintptr_t)0x1234,
                                     D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &dev), D3D_OK);
    CHECK_EQ(pp.BackBufferWidth, 300);
    CHECK_EQ(pp.BackBufferHeight, 480);
    CHECK_EQ(pp.BackBufferFormat, D3DFMT_A8R8G8B8);
    CHECK_EQ(pp.BackBufferCount, 3);
    if (dev) {
        CHECK_HR(IDirect3DDevice9_GetCreationParameters(dev, &cp), D3D_OK);
        CHECK(cp.hFocusWindow == (HWND)(uintptr_t)0x1234);
        CHECK_EQ(IDirect3DDevice9_Release(dev), 0);
    }
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

TEST(d3d9_create_present_params_rules)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    D3DPRESENT_PARAMETERS base = windowed_pp(), pp;

    pp = base; pp.BackBufferCount = D3DPRESENT_BACK_BUFFERS_MAX; EXPECT_PP(d3d, pp, D3D_OK);
    pp = base; pp.BackBufferCount = D3DPRESENT_BACK_BUFFERS_MAX + 1;
    EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.SwapEffect = (D3DSWAPEFFECT)0; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.SwapEffect = D3DSWAPEFFECT_FLIP; pp.BackBufferCount = 2;
    EXPECT_PP(d3d, pp, D3D_OK);
    pp = base; pp.SwapEffect = D3DSWAPEFFECT_COPY; EXPECT_PP(d3d, pp, D3D_OK);
    pp = base; pp.SwapEffect = D3DSWAPEFFECT_COPY; pp.BackBufferCount = 2;
    EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.SwapEffect = D3DSWAPEFFECT_OVERLAY; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.SwapEffect = D3DSWAPEFFECT_FLIPEX; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.MultiSampleType = D3DMULTISAMPLE_4_SAMPLES; EXPECT_PP(d3d, pp, D3D_OK);
    pp = base; pp.MultiSampleType = D3DMULTISAMPLE_4_SAMPLES; pp.MultiSampleQuality = 1;
    EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.MultiSampleType = D3DMULTISAMPLE_NONMASKABLE; pp.MultiSampleQuality = 2;
    EXPECT_PP(d3d, pp, D3D_OK);
    pp = base; pp.MultiSampleType = D3DMULTISAMPLE_NONMASKABLE; pp.MultiSampleQuality = 3;
    EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.MultiSampleType = D3DMULTISAMPLE_3_SAMPLES;
    EXPECT_PP(d3d, pp, D3DERR_NOTAVAILABLE);
    /* "must be D3DMULTISAMPLE_NONE unless SwapEffect has been set to D3DSWAPEFFECT_DISCARD" */
    pp = base; pp.MultiSampleType = D3DMULTISAMPLE_4_SAMPLES; pp.SwapEffect = D3DSWAPEFFECT_COPY;
    EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.MultiSampleType = (D3DMULTISAMPLE_TYPE)17; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.MultiSampleQuality = 1; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.Flags = D3DPRESENTFLAG_LOCKABLE_BACKBUFFER | D3DPRESENTFLAG_DISCARD_DEPTHSTENCIL;
    EXPECT_PP(d3d, pp, D3D_OK);
    pp = base; pp.Flags = D3DPRESENTFLAG_OVERLAY_LIMITEDRGB; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.Flags = 0x10000; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.FullScreen_RefreshRateInHz = 60; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.PresentationInterval = D3DPRESENT_INTERVAL_IMMEDIATE; EXPECT_PP(d3d, pp, D3D_OK);
    pp = base; pp.PresentationInterval = D3DPRESENT_INTERVAL_TWO;
    EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.BackBufferFormat = D3DFMT_A16B16G16R16F; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.BackBufferFormat = D3DFMT_DXT1; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.BackBufferWidth = 16384; pp.BackBufferHeight = 16; EXPECT_PP(d3d, pp, D3D_OK);
    pp = base; pp.BackBufferWidth = 16385; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    /* Automatic depth-stencil buffers. */
    pp = base; pp.EnableAutoDepthStencil = TRUE; pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    EXPECT_PP(d3d, pp, D3D_OK);
    pp = base; pp.EnableAutoDepthStencil = TRUE; pp.AutoDepthStencilFormat = D3DFMT_L8;
    EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.EnableAutoDepthStencil = TRUE; pp.AutoDepthStencilFormat = D3DFMT_UNKNOWN;
    EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.AutoDepthStencilFormat = D3DFMT_L8;   /* ignored without EnableAutoDepthStencil */
    EXPECT_PP(d3d, pp, D3D_OK);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

TEST(d3d9_create_fullscreen_needs_a_display_mode)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    D3DPRESENT_PARAMETERS base, pp;
    memset(&base, 0, sizeof(base));
    base.Windowed = FALSE;
    base.SwapEffect = D3DSWAPEFFECT_DISCARD;
    base.BackBufferWidth = 1024;
    base.BackBufferHeight = 768;
    base.BackBufferFormat = D3DFMT_X8R8G8B8;

    pp = base; EXPECT_PP(d3d, pp, D3D_OK);
    pp = base; pp.BackBufferFormat = D3DFMT_A8R8G8B8; EXPECT_PP(d3d, pp, D3D_OK);
    pp = base; pp.BackBufferWidth = 1920; pp.BackBufferHeight = 1080;
    pp.FullScreen_RefreshRateInHz = 60; EXPECT_PP(d3d, pp, D3D_OK);
    pp = base; pp.FullScreen_RefreshRateInHz = 75; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.BackBufferWidth = 1000; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.BackBufferWidth = 0; pp.BackBufferHeight = 0;
    EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.BackBufferFormat = D3DFMT_UNKNOWN; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.BackBufferFormat = D3DFMT_X1R5G5B5; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    /* An R5G6B5 back buffer needs an R5G6B5 display mode (max renders to R5G6B5). */
    pp = base; pp.BackBufferFormat = D3DFMT_R5G6B5; EXPECT_PP(d3d, pp, D3D_OK);
    pp = base; pp.PresentationInterval = D3DPRESENT_INTERVAL_ONE; EXPECT_PP(d3d, pp, D3D_OK);
    /* The 9_x profiles present at intervals IMMEDIATE and ONE only (seed 000). */
    pp = base; pp.PresentationInterval = D3DPRESENT_INTERVAL_TWO;
    EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    pp = base; pp.PresentationInterval = D3DPRESENT_INTERVAL_ONE | D3DPRESENT_INTERVAL_IMMEDIATE;
    EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);

    /* R5G6B5 back buffers only where R5G6B5 is a render target format. */
    d3d = create_d3d("9_3");
    pp = base; pp.BackBufferFormat = D3DFMT_R5G6B5; EXPECT_PP(d3d, pp, D3DERR_INVALIDCALL);
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

/* ------------------------------------------------------------------ device basics */

TEST(d3d9_device_basics)
{
    IDirect3D9 *d3d = create_d3d(NULL);
    IDirect3DDevice9 *dev;
    CHECK_HR(create_device(d3d, D3DCREATE_HARDWARE_VERTEXPROCESSING, &dev), D3D_OK);
    if (dev) {
        CHECK_HR(IDirect3DDevice9_TestCooperativeLevel(dev), D3D_OK);
        CHECK_EQ(IDirect3DDevice9_GetAvailableTextureMem(dev), 1024u * 1024u * 1024u);
        CHECK_EQ(IDirect3DDevice9_GetAvailableTextureMem(dev) % (1024 * 1024), 0);
        CHECK_HR(IDirect3DDevice9_EvictManagedResources(dev), D3D_OK);
        CHECK_EQ(IDirect3DDevice9_GetNumberOfSwapChains(dev), 1);
        CHECK_HR(IDirect3DDevice9_BeginScene(dev), D3D_OK);
        CHECK_HR(IDirect3DDevice9_EndScene(dev), D3D_OK);
        CHECK_EQ(IDirect3DDevice9_Release(dev), 0);
    }
    CHECK_EQ(IDirect3D9_Release(d3d), 0);
}

/* The other functions of d3d9.h: profiler markers nest (Direct3DCreate9Ex: test_d3d9ex.c). */
TEST(d3d9_perf_markers)
{
    CHECK_EQ(D3DPERF_BeginEvent(0, NULL), 0);
    CHECK_EQ(D3DPERF_BeginEvent(0, NULL), 1);
    CHECK_EQ(D3DPERF_EndEvent(), 1);
    CHECK_EQ(D3DPERF_EndEvent(), 0);
    CHECK_EQ(D3DPERF_EndEvent(), -1);
    CHECK_EQ(D3DPERF_GetStatus(), 0);
    CHECK_EQ(D3DPERF_QueryRepeatFrame(), FALSE);
}
