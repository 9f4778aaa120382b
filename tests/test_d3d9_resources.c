/* tests/test_d3d9_resources.c — Direct3D 9 resources: every creation rule and refusal of
 * CreateTexture / CreateCubeTexture / CreateVolumeTexture / CreateRenderTarget /
 * CreateDepthStencilSurface / CreateOffscreenPlainSurface / CreateVertexBuffer /
 * CreateIndexBuffer / CreateVertexDeclaration at each profile where the outcome differs (seed
 * 003 size rules through the caps, seed 000 format and caps rows, seed 002 buffer flags), lock
 * round trips, descriptions, private data, priorities, LOD, containers and reference counts. */
#include "test_d3d9_util.h"

#include "core/profile.h"
#include "d3d9/d3d9_resource.h"
#include "util/log.h"

#define PMAX 3   /* t9_profiles[3]: "max" */

static HRESULT tex(IDirect3DDevice9 *dev, UINT w, UINT h, UINT levels, DWORD usage, D3DFORMAT f,
                   D3DPOOL pool)
{
    IDirect3DTexture9 *t = (IDirect3DTexture9 *)(uintptr_t)1;
    HRESULT hr = IDirect3DDevice9_CreateTexture(dev, w, h, levels, usage, f, pool, &t, NULL);
    if (SUCCEEDED(hr))
        CHECK_EQ(IDirect3DTexture9_Release(t), 0);
    else
        CHECK(t == NULL);
    return hr;
}

static HRESULT cube(IDirect3DDevice9 *dev, UINT edge, UINT levels, DWORD usage, D3DFORMAT f,
                    D3DPOOL pool)
{
    IDirect3DCubeTexture9 *t = (IDirect3DCubeTexture9 *)(uintptr_t)1;
    HRESULT hr = IDirect3DDevice9_CreateCubeTexture(dev, edge, levels, usage, f, pool, &t, NULL);
    if (SUCCEEDED(hr))
        CHECK_EQ(IDirect3DCubeTexture9_Release(t), 0);
    else
        CHECK(t == NULL);
    return hr;
}

static HRESULT vol(IDirect3DDevice9 *dev, UINT w, UINT h, UINT d, UINT levels, DWORD usage,
                   D3DFORMAT f, D3DPOOL pool)
{
    IDirect3DVolumeTexture9 *t = (IDirect3DVolumeTexture9 *)(uintptr_t)1;
    HRESULT hr = IDirect3DDevice9_CreateVolumeTexture(dev, w, h, d, levels, usage, f, pool, &t,
                                                      NULL);
    if (SUCCEEDED(hr))
        CHECK_EQ(IDirect3DVolumeTexture9_Release(t), 0);
    else
        CHECK(t == NULL);
    return hr;
}

/* ------------------------------------------------------------- 2D textures */

TEST(d3d9_texture_levels_and_descs)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DTexture9 *t;
    IDirect3DSurface9 *s;
    D3DSURFACE_DESC d;
    void *container;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 64, 32, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    CHECK_EQ(IDirect3DTexture9_GetLevelCount(t), 7);   /* 64x32 ... 1x1 */
    CHECK_EQ(IDirect3DTexture9_GetType(t), D3DRTYPE_TEXTURE);
    for (UINT l = 0; l < 7; l++) {
        CHECK_HR(IDirect3DTexture9_GetLevelDesc(t, l, &d), D3D_OK);
        CHECK_EQ(d.Width, 64u >> l ? 64u >> l : 1u);
        CHECK_EQ(d.Height, 32u >> l ? 32u >> l : 1u);
        CHECK_EQ(d.Format, D3DFMT_A8R8G8B8);
        CHECK_EQ(d.Type, D3DRTYPE_SURFACE);
        CHECK_EQ(d.Pool, D3DPOOL_MANAGED);
        CHECK_EQ(d.Usage, 0);
        CHECK_EQ(d.MultiSampleType, D3DMULTISAMPLE_NONE);
    }
    CHECK_HR(IDirect3DTexture9_GetLevelDesc(t, 7, &d), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DTexture9_GetLevelDesc(t, 0, NULL), D3DERR_INVALIDCALL);
    s = (IDirect3DSurface9 *)(uintptr_t)1;
    CHECK_HR(IDirect3DTexture9_GetSurfaceLevel(t, 7, &s), D3DERR_INVALIDCALL);
    CHECK(s == NULL);
    CHECK_HR(IDirect3DTexture9_GetSurfaceLevel(t, 0, NULL), D3DERR_INVALIDCALL);

    /* A level surface shares the texture's reference count. */
    CHECK_EQ(t9_refcount(t), 1);
    CHECK_HR(IDirect3DTexture9_GetSurfaceLevel(t, 2, &s), D3D_OK);
    CHECK_EQ(t9_refcount(t), 2);
    CHECK_HR(IDirect3DSurface9_GetDesc(s, &d), D3D_OK);
    CHECK_EQ(d.Width, 16);
    CHECK_EQ(d.Height, 8);
    CHECK_EQ(IDirect3DSurface9_GetType(s), D3DRTYPE_SURFACE);
    CHECK_HR(IDirect3DSurface9_GetContainer(s, &IID_IDirect3DTexture9, &container), D3D_OK);
    CHECK(container == (void *)t);
    CHECK_EQ(t9_refcount(t), 3);
    IDirect3DTexture9_Release((IDirect3DTexture9 *)container);
    CHECK_HR(IDirect3DSurface9_GetContainer(s, &IID_IDirect3DCubeTexture9, &container),
             E_NOINTERFACE);
    CHECK(container == NULL);
    CHECK_HR(IDirect3DSurface9_GetContainer(s, &IID_IDirect3DTexture9, NULL),
             D3DERR_INVALIDCALL);
    /* QueryInterface: resource, base texture, texture; not surface. */
    CHECK_HR(IDirect3DTexture9_QueryInterface(t, &IID_IDirect3DBaseTexture9, &container), S_OK);
    IUnknown_Release((IUnknown *)container);
    CHECK_HR(IDirect3DTexture9_QueryInterface(t, &IID_IDirect3DResource9, &container), S_OK);
    IUnknown_Release((IUnknown *)container);
    CHECK_HR(IDirect3DTexture9_QueryInterface(t, &IID_IDirect3DSurface9, &container),
             E_NOINTERFACE);
    CHECK_EQ(IDirect3DSurface9_Release(s), 1);
    CHECK_EQ(IDirect3DTexture9_Release(t), 0);
    T9_RELEASE_DEVICE(dev);
}

/* Seed 003 row 1: MaxTextureWidth / MaxTextureHeight per profile (seed 000: 2048 at 9_1 and
 * 9_2, 4096 at 9_3). */
TEST(seed003_texture_max_size_per_profile)
{
    static const UINT max[4] = { 2048, 2048, 4096, 4096 };
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        D3DCAPS9 caps;
        CHECK(dev != NULL);
        if (!dev)
            continue;
        IDirect3DDevice9_GetDeviceCaps(dev, &caps);
        CHECK_EQ(caps.MaxTextureWidth, max[p]);
        CHECK_HR(tex(dev, max[p], 4, 1, 0, D3DFMT_DXT1, D3DPOOL_MANAGED), D3D_OK);
        CHECK_HR(tex(dev, 4, max[p], 1, 0, D3DFMT_DXT1, D3DPOOL_MANAGED), D3D_OK);
        util_clear_last_message();
        CHECK_HR(tex(dev, max[p] + 1, 4, 1, 0, D3DFMT_DXT1, D3DPOOL_MANAGED), D3DERR_INVALIDCALL);
        CHECK_STR_CONTAINS(util_last_message(), "seed 003 row 1");
        CHECK_HR(tex(dev, 4, max[p] + 1, 1, 0, D3DFMT_DXT1, D3DPOOL_MANAGED), D3DERR_INVALIDCALL);
        CHECK_HR(tex(dev, 2 * max[p], 4, 1, 0, D3DFMT_DXT1, D3DPOOL_SYSTEMMEM),
                 D3DERR_INVALIDCALL);
        /* D3DPOOL_SCRATCH is not bound by the device's size restrictions (D3DPOOL). */
        CHECK_HR(tex(dev, 2 * max[p], 4, 1, 0, D3DFMT_DXT1, D3DPOOL_SCRATCH), D3D_OK);
        T9_RELEASE_DEVICE(dev);
    }
}

/* Seed 003 rows 3 and 4: the 9_x profiles set POW2 together with NONPOW2CONDITIONAL (seed 000
 * note); a non-power-of-two 2D texture exists there only with one level.  max sets neither
 * (arbitrary sizes, seed 003) and creates it with mipmaps (tests/test_d3d9_nonpow2.c). */
TEST(seed003_nonpow2_conditional)
{
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        D3DCAPS9 caps;
        if (!dev)
            continue;
        IDirect3DDevice9_GetDeviceCaps(dev, &caps);
        CHECK_EQ(!!(caps.TextureCaps & D3DPTEXTURECAPS_POW2), p != PMAX);
        CHECK_EQ(!!(caps.TextureCaps & D3DPTEXTURECAPS_NONPOW2CONDITIONAL), p != PMAX);
        CHECK_HR(tex(dev, 100, 60, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED), D3D_OK);
        CHECK_HR(tex(dev, 64, 60, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT),
                 D3D_OK);
        util_clear_last_message();
        CHECK_HR(tex(dev, 100, 60, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED),
                 p == PMAX ? D3D_OK : D3DERR_INVALIDCALL);
        if (p != PMAX)
            CHECK_STR_CONTAINS(util_last_message(), "seed 003 row 4");
        /* Levels 0 means the full chain: mipmapped, so refused where the cap is conditional. */
        CHECK_HR(tex(dev, 100, 60, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED),
                 p == PMAX ? D3D_OK : D3DERR_INVALIDCALL);
        CHECK_HR(tex(dev, 64, 32, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED), D3D_OK);
        /* AUTOGENMIPMAP textures have one level: allowed. */
        CHECK_HR(tex(dev, 100, 60, 0, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED),
                 D3D_OK);
        /* Scratch textures are not bound by the rule. */
        CHECK_HR(tex(dev, 100, 60, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_SCRATCH), D3D_OK);
        T9_RELEASE_DEVICE(dev);
    }
}

/* Seed 003 rows 2 and 5: no profile is SQUAREONLY, and the aspect-ratio limit equals the largest
 * size, so a 1 x max texture exists. */
TEST(seed003_square_and_aspect_ratio)
{
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        D3DCAPS9 caps;
        if (!dev)
            continue;
        IDirect3DDevice9_GetDeviceCaps(dev, &caps);
        CHECK(!(caps.TextureCaps & D3DPTEXTURECAPS_SQUAREONLY));
        CHECK_EQ(caps.MaxTextureAspectRatio, caps.MaxTextureWidth);
        CHECK_HR(tex(dev, caps.MaxTextureWidth, 1, 1, 0, D3DFMT_L8, D3DPOOL_MANAGED), D3D_OK);
        CHECK_HR(tex(dev, 1, caps.MaxTextureHeight, 1, 0, D3DFMT_L8, D3DPOOL_MANAGED), D3D_OK);
        CHECK_HR(tex(dev, 256, 2, 0, 0, D3DFMT_L8, D3DPOOL_MANAGED), D3D_OK);
        T9_RELEASE_DEVICE(dev);
    }
}

TEST(d3d9_texture_levels_rules)
{
    IDirect3DDevice9 *dev = t9_device("9_1");
    IDirect3DTexture9 *t;
    if (!dev)
        SKIP("no device");
    CHECK_HR(tex(dev, 16, 16, 5, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED), D3D_OK);
    CHECK_HR(tex(dev, 16, 16, 6, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED), D3DERR_INVALIDCALL);
    CHECK_HR(tex(dev, 0, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED), D3DERR_INVALIDCALL);
    CHECK_HR(tex(dev, 16, 0, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 1, 1, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    CHECK_EQ(IDirect3DTexture9_GetLevelCount(t), 1);
    IDirect3DTexture9_Release(t);
    T9_RELEASE_DEVICE(dev);
}

/* Usages and pools (D3DUSAGE, D3DPOOL). */
TEST(d3d9_texture_usage_pool_rules)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3D9 *d3d;
    IDirect3DTexture9 *t;
    HANDLE shared = NULL;
    if (!dev)
        SKIP("no device");
    /* RENDERTARGET and DEPTHSTENCIL: D3DPOOL_DEFAULT only. */
    CHECK_HR(tex(dev, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT), D3D_OK);
    CHECK_HR(tex(dev, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED),
             D3DERR_INVALIDCALL);
    CHECK_HR(tex(dev, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM),
             D3DERR_INVALIDCALL);
    CHECK_HR(tex(dev, 16, 16, 1, D3DUSAGE_DEPTHSTENCIL, D3DFMT_D24S8, D3DPOOL_DEFAULT), D3D_OK);
    CHECK_HR(tex(dev, 16, 16, 1, D3DUSAGE_DEPTHSTENCIL, D3DFMT_D24S8, D3DPOOL_SYSTEMMEM),
             D3DERR_INVALIDCALL);
    CHECK_HR(tex(dev, 16, 16, 1, D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL, D3DFMT_A8R8G8B8,
                 D3DPOOL_DEFAULT), D3DERR_INVALIDCALL);
    /* A depth format is a texture only with DEPTHSTENCIL. */
    CHECK_HR(tex(dev, 16, 16, 1, 0, D3DFMT_D24S8, D3DPOOL_DEFAULT), D3DERR_INVALIDCALL);
    /* DYNAMIC: not MANAGED. */
    CHECK_HR(tex(dev, 16, 16, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT), D3D_OK);
    CHECK_HR(tex(dev, 16, 16, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM), D3D_OK);
    CHECK_HR(tex(dev, 16, 16, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED),
             D3DERR_INVALIDCALL);
    /* AUTOGENMIPMAP: not SYSTEMMEM, Levels 0 or 1, one level (no profile generates mipmaps:
     * CheckDeviceFormat's D3DOK_NOAUTOGEN). */
    d3d = t9_d3d(NULL);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                          D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE,
                                          D3DFMT_A8R8G8B8), D3DOK_NOAUTOGEN);
    IDirect3D9_Release(d3d);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 64, 64, 0, D3DUSAGE_AUTOGENMIPMAP,
                                            D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t, NULL), D3D_OK);
    CHECK_EQ(IDirect3DTexture9_GetLevelCount(t), 1);
    CHECK_EQ(IDirect3DTexture9_GetAutoGenFilterType(t), D3DTEXF_LINEAR);
    CHECK_HR(IDirect3DTexture9_SetAutoGenFilterType(t, D3DTEXF_POINT), D3D_OK);
    CHECK_EQ(IDirect3DTexture9_GetAutoGenFilterType(t), D3DTEXF_POINT);
    CHECK_HR(IDirect3DTexture9_SetAutoGenFilterType(t, D3DTEXF_NONE), D3DERR_INVALIDCALL);
    IDirect3DTexture9_GenerateMipSubLevels(t);
    IDirect3DTexture9_Release(t);
    CHECK_HR(tex(dev, 64, 64, 1, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED), D3D_OK);
    CHECK_HR(tex(dev, 64, 64, 2, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED),
             D3DERR_INVALIDCALL);
    CHECK_HR(tex(dev, 64, 64, 0, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM),
             D3DERR_INVALIDCALL);
    /* Buffer usages, unknown bits, unknown pools. */
    CHECK_HR(tex(dev, 16, 16, 1, D3DUSAGE_WRITEONLY, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED),
             D3DERR_INVALIDCALL);
    CHECK_HR(tex(dev, 16, 16, 1, 0x80000000u, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED),
             D3DERR_INVALIDCALL);
    CHECK_HR(tex(dev, 16, 16, 1, D3DUSAGE_QUERY_FILTER, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED),
             D3DERR_INVALIDCALL);
    CHECK_HR(tex(dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, (D3DPOOL)4), D3DERR_INVALIDCALL);
    /* Displacement maps need D3DDEVCAPS2_DMAPNPATCH, which no profile has. */
    CHECK_HR(tex(dev, 16, 16, 1, D3DUSAGE_DMAP, D3DFMT_L8, D3DPOOL_MANAGED), D3DERR_INVALIDCALL);
    /* Shared resources are not implemented; NULL out-pointer. */
    t = (IDirect3DTexture9 *)(uintptr_t)1;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                            &t, &shared), D3DERR_INVALIDCALL);
    CHECK(t == NULL);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                            NULL, NULL), D3DERR_INVALIDCALL);
    T9_RELEASE_DEVICE(dev);
}

/* Formats follow CheckDeviceFormat of the profile; SCRATCH takes any format softd3d stores. */
TEST(d3d9_texture_formats_per_profile)
{
    static const struct {
        D3DFORMAT f;
        int from;   /* first profile index where a managed texture exists */
    } rows[] = {
        { D3DFMT_A8R8G8B8, 0 }, { D3DFMT_L8, 0 }, { D3DFMT_DXT5, 0 }, { D3DFMT_V8U8, 0 },
        { D3DFMT_A16B16G16R16F, 1 }, { D3DFMT_R32F, 1 }, { D3DFMT_L16, 1 },
        { D3DFMT_G32R32F, 2 }, { D3DFMT_R5G6B5, 3 }, { D3DFMT_A8, 3 },
    };
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        if (!dev)
            continue;
        for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
            CHECK_HR(tex(dev, 8, 8, 1, 0, rows[i].f, D3DPOOL_MANAGED),
                     p >= rows[i].from ? D3D_OK : D3DERR_INVALIDCALL);
            CHECK_HR(tex(dev, 8, 8, 1, 0, rows[i].f, D3DPOOL_SCRATCH), D3D_OK);
        }
        CHECK_HR(tex(dev, 8, 8, 1, 0, D3DFMT_UNKNOWN, D3DPOOL_SCRATCH), D3DERR_INVALIDCALL);
        CHECK_HR(tex(dev, 8, 8, 1, 0, D3DFMT_INDEX16, D3DPOOL_SCRATCH), D3DERR_INVALIDCALL);
        CHECK_HR(tex(dev, 8, 8, 1, 0, (D3DFORMAT)0x12345, D3DPOOL_MANAGED), D3DERR_INVALIDCALL);
        T9_RELEASE_DEVICE(dev);
    }
}

/* Memory: a resource is at most the 1 GiB GetAvailableTextureMem reports. */
TEST(d3d9_texture_out_of_memory)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    if (!dev)
        SKIP("no device");
    /* 512^3 x 8 bytes = 1 GiB plus mipmaps. */
    CHECK_HR(vol(dev, 512, 512, 512, 0, 0, D3DFMT_A16B16G16R16F, D3DPOOL_DEFAULT),
             D3DERR_OUTOFVIDEOMEMORY);
    CHECK_HR(vol(dev, 512, 512, 512, 0, 0, D3DFMT_A16B16G16R16F, D3DPOOL_MANAGED), E_OUTOFMEMORY);
    CHECK_HR(tex(dev, 65536, 65536, 1, 0, D3DFMT_A32B32G32R32F, D3DPOOL_SCRATCH), E_OUTOFMEMORY);
    CHECK_HR(tex(dev, 0xffffffffu, 0xffffffffu, 0, 0, D3DFMT_A32B32G32R32F, D3DPOOL_SCRATCH),
             E_OUTOFMEMORY);
    T9_RELEASE_DEVICE(dev);
}

/* ---------------------------------------------------------------- cube textures */

TEST(d3d9_cube_texture_rules_per_profile)
{
    static const UINT max[4] = { 2048, 2048, 4096, 4096 };
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        D3DCAPS9 caps;
        if (!dev)
            continue;
        IDirect3DDevice9_GetDeviceCaps(dev, &caps);
        CHECK_EQ(!!(caps.TextureCaps & D3DPTEXTURECAPS_CUBEMAP_POW2), p != PMAX);
        CHECK_HR(cube(dev, max[p], 1, 0, D3DFMT_DXT1, D3DPOOL_MANAGED), D3D_OK);
        CHECK_HR(cube(dev, 2 * max[p], 1, 0, D3DFMT_DXT1, D3DPOOL_MANAGED), D3DERR_INVALIDCALL);
        /* Cube textures have no non-power-of-two condition (seed 003 row 4 is for 2D): refused
         * with CUBEMAP_POW2, accepted on max (no such cap). */
        CHECK_HR(cube(dev, 60, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED),
                 p == PMAX ? D3D_OK : D3DERR_INVALIDCALL);
        CHECK_HR(cube(dev, 60, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SCRATCH), D3D_OK);
        CHECK_HR(cube(dev, 64, 0, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT),
                 D3D_OK);
        CHECK_HR(cube(dev, 64, 0, D3DUSAGE_DMAP, D3DFMT_L8, D3DPOOL_MANAGED), D3DERR_INVALIDCALL);
        /* No depth cube textures (formats.c). */
        CHECK_HR(cube(dev, 64, 1, D3DUSAGE_DEPTHSTENCIL, D3DFMT_D24S8, D3DPOOL_DEFAULT),
                 D3DERR_INVALIDCALL);
        T9_RELEASE_DEVICE(dev);
    }
}

TEST(d3d9_cube_texture_faces)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DCubeTexture9 *c;
    IDirect3DSurface9 *s, *s2;
    D3DLOCKED_RECT lr;
    D3DSURFACE_DESC d;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateCubeTexture(dev, 16, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                                &c, NULL), D3D_OK);
    CHECK_EQ(IDirect3DCubeTexture9_GetLevelCount(c), 5);
    CHECK_EQ(IDirect3DCubeTexture9_GetType(c), D3DRTYPE_CUBETEXTURE);
    CHECK_HR(IDirect3DCubeTexture9_GetLevelDesc(c, 1, &d), D3D_OK);
    CHECK_EQ(d.Width, 8);
    CHECK_HR(IDirect3DCubeTexture9_GetCubeMapSurface(c, D3DCUBEMAP_FACE_NEGATIVE_Z, 1, &s), D3D_OK);
    CHECK_HR(IDirect3DCubeTexture9_GetCubeMapSurface(c, D3DCUBEMAP_FACE_POSITIVE_X, 1, &s2),
             D3D_OK);
    CHECK(s != s2);
    s2 = (IDirect3DSurface9 *)(uintptr_t)1;
    CHECK_HR(IDirect3DCubeTexture9_GetCubeMapSurface(c, (D3DCUBEMAP_FACES)6, 0, &s2),
             D3DERR_INVALIDCALL);
    CHECK(s2 == NULL);
    /* Faces are distinct memory: a lock of one face does not see another's bytes. */
    CHECK_HR(IDirect3DCubeTexture9_LockRect(c, D3DCUBEMAP_FACE_NEGATIVE_Z, 1, &lr, NULL, 0),
             D3D_OK);
    CHECK_EQ(lr.Pitch, 32);
    memset(lr.pBits, 0xab, 8 * 32);
    CHECK_HR(IDirect3DCubeTexture9_UnlockRect(c, D3DCUBEMAP_FACE_NEGATIVE_Z, 1), D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
    CHECK_EQ(((unsigned char *)lr.pBits)[8 * 32 - 1], 0xab);
    CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3D_OK);
    CHECK_HR(IDirect3DCubeTexture9_LockRect(c, D3DCUBEMAP_FACE_POSITIVE_Z, 1, &lr, NULL, 0),
             D3D_OK);
    CHECK_EQ(((unsigned char *)lr.pBits)[0], 0);
    CHECK_HR(IDirect3DCubeTexture9_UnlockRect(c, D3DCUBEMAP_FACE_POSITIVE_Z, 1), D3D_OK);
    CHECK_HR(IDirect3DCubeTexture9_LockRect(c, (D3DCUBEMAP_FACES)7, 0, &lr, NULL, 0),
             D3DERR_INVALIDCALL);
    CHECK(lr.pBits == NULL);
    CHECK_HR(IDirect3DCubeTexture9_AddDirtyRect(c, D3DCUBEMAP_FACE_POSITIVE_Y, NULL), D3D_OK);
    CHECK_HR(IDirect3DCubeTexture9_AddDirtyRect(c, (D3DCUBEMAP_FACES)6, NULL),
             D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(s);
    IDirect3DSurface9_Release(s2 ? s2 : s);
    CHECK_EQ(IDirect3DCubeTexture9_Release(c), 0);
    T9_RELEASE_DEVICE(dev);
}

/* -------------------------------------------------------------- volume textures */

TEST(d3d9_volume_texture_rules_per_profile)
{
    static const UINT extent[4] = { 256, 512, 512, 512 };
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        if (!dev)
            continue;
        CHECK_HR(vol(dev, extent[p], 1, 1, 1, 0, D3DFMT_L8, D3DPOOL_MANAGED), D3D_OK);
        CHECK_HR(vol(dev, 1, extent[p], 1, 1, 0, D3DFMT_L8, D3DPOOL_MANAGED), D3D_OK);
        CHECK_HR(vol(dev, 1, 1, extent[p], 1, 0, D3DFMT_L8, D3DPOOL_MANAGED), D3D_OK);
        CHECK_HR(vol(dev, 2 * extent[p], 1, 1, 1, 0, D3DFMT_L8, D3DPOOL_MANAGED),
                 D3DERR_INVALIDCALL);
        CHECK_HR(vol(dev, 1, 1, 2 * extent[p], 1, 0, D3DFMT_L8, D3DPOOL_MANAGED),
                 D3DERR_INVALIDCALL);
        /* D3DPTEXTURECAPS_VOLUMEMAP_POW2 (the 9_x profiles; not max). */
        CHECK_HR(vol(dev, 6, 4, 4, 1, 0, D3DFMT_L8, D3DPOOL_MANAGED),
                 p == PMAX ? D3D_OK : D3DERR_INVALIDCALL);
        CHECK_HR(vol(dev, 6, 4, 4, 1, 0, D3DFMT_L8, D3DPOOL_SCRATCH), D3D_OK);
        /* Volume textures have no render-target or depth usage. */
        CHECK_HR(vol(dev, 4, 4, 4, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT),
                 D3DERR_INVALIDCALL);
        CHECK_HR(vol(dev, 4, 4, 4, 1, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED),
                 D3DERR_INVALIDCALL);
        /* A16B16G16R16F volume textures from 9_2 ("Required DXGI formats"). */
        CHECK_HR(vol(dev, 4, 4, 4, 1, 0, D3DFMT_A16B16G16R16F, D3DPOOL_MANAGED),
                 p >= 1 ? D3D_OK : D3DERR_INVALIDCALL);
        T9_RELEASE_DEVICE(dev);
    }
}

TEST(d3d9_volume_lock_box_round_trip)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DVolumeTexture9 *v;
    IDirect3DVolume9 *level;
    D3DLOCKED_BOX lb;
    D3DVOLUME_DESC d;
    D3DBOX box = { 1, 1, 3, 2, 2, 4 };
    void *container;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateVolumeTexture(dev, 4, 4, 4, 0, 0, D3DFMT_A8R8G8B8,
                                                  D3DPOOL_SYSTEMMEM, &v, NULL), D3D_OK);
    CHECK_EQ(IDirect3DVolumeTexture9_GetLevelCount(v), 3);
    CHECK_EQ(IDirect3DVolumeTexture9_GetType(v), D3DRTYPE_VOLUMETEXTURE);
    CHECK_HR(IDirect3DVolumeTexture9_GetLevelDesc(v, 1, &d), D3D_OK);
    CHECK_EQ(d.Type, D3DRTYPE_VOLUME);
    CHECK_EQ(d.Width, 2);
    CHECK_EQ(d.Depth, 2);
    CHECK_HR(IDirect3DVolumeTexture9_GetLevelDesc(v, 3, &d), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DVolumeTexture9_LockBox(v, 0, &lb, &box, 0), D3D_OK);
    CHECK_EQ(lb.RowPitch, 16);
    CHECK_EQ(lb.SlicePitch, 64);
    ((uint32_t *)lb.pBits)[0] = 0x11223344;
    ((uint32_t *)((char *)lb.pBits + lb.SlicePitch))[1] = 0x55667788;
    CHECK_HR(IDirect3DVolumeTexture9_LockBox(v, 0, &lb, NULL, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DVolumeTexture9_UnlockBox(v, 0), D3D_OK);
    CHECK_HR(IDirect3DVolumeTexture9_UnlockBox(v, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DVolumeTexture9_GetVolumeLevel(v, 0, &level), D3D_OK);
    CHECK_HR(IDirect3DVolume9_LockBox(level, &lb, NULL, D3DLOCK_READONLY), D3D_OK);
    /* (1,1,2) and (2,1,3). */
    CHECK_EQ(*(uint32_t *)((char *)lb.pBits + 2 * 64 + 16 + 4), 0x11223344);
    CHECK_EQ(*(uint32_t *)((char *)lb.pBits + 3 * 64 + 16 + 8), 0x55667788);
    CHECK_HR(IDirect3DVolume9_UnlockBox(level), D3D_OK);
    CHECK_HR(IDirect3DVolume9_GetDesc(level, &d), D3D_OK);
    CHECK_EQ(d.Pool, D3DPOOL_SYSTEMMEM);
    CHECK_HR(IDirect3DVolume9_GetContainer(level, &IID_IDirect3DVolumeTexture9, &container),
             D3D_OK);
    CHECK(container == (void *)v);
    IUnknown_Release((IUnknown *)container);
    /* Boxes outside or empty. */
    box = (D3DBOX){ 0, 0, 5, 1, 0, 1 };
    CHECK_HR(IDirect3DVolume9_LockBox(level, &lb, &box, 0), D3DERR_INVALIDCALL);
    box = (D3DBOX){ 0, 0, 1, 1, 1, 1 };
    CHECK_HR(IDirect3DVolume9_LockBox(level, &lb, &box, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DVolume9_LockBox(level, NULL, NULL, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DVolume9_LockBox(level, &lb, NULL, D3DLOCK_NOOVERWRITE), D3DERR_INVALIDCALL);
    CHECK_EQ(IDirect3DVolume9_Release(level), 1);
    CHECK_EQ(IDirect3DVolumeTexture9_Release(v), 0);
    T9_RELEASE_DEVICE(dev);
}

/* --------------------------------------------------------------------- locking */

TEST(d3d9_texture_lock_round_trip)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DTexture9 *t;
    D3DLOCKED_RECT lr;
    RECT r = { 4, 4, 8, 6 };
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 16, 16, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, &r, 0), D3D_OK);
    CHECK_EQ(lr.Pitch, 64);
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 4; x++)
            ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[x] = 0x01000000u * (y + 1) + x;
    /* One lock at a time. */
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3DERR_INVALIDCALL);
    CHECK(lr.pBits == NULL);
    CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
    CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
    for (int y = 0; y < 16; y++) {
        for (int x = 0; x < 16; x++) {
            uint32_t v = ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[x];
            uint32_t want = (y >= 4 && y < 6 && x >= 4 && x < 8)
                                ? 0x01000000u * (uint32_t)(y - 3) + (uint32_t)(x - 4)
                                : 0;
            CHECK_EQ(v, want);
        }
    }
    CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
    CHECK_HR(IDirect3DTexture9_LockRect(t, 1, &lr, NULL, 0), D3D_OK);
    CHECK_EQ(lr.Pitch, 32);
    CHECK_HR(IDirect3DTexture9_UnlockRect(t, 1), D3D_OK);
    /* Bad levels, rectangles, flags. */
    CHECK_HR(IDirect3DTexture9_LockRect(t, 2, &lr, NULL, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DTexture9_UnlockRect(t, 2), D3DERR_INVALIDCALL);
    r = (RECT){ 0, 0, 17, 1 };
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, &r, 0), D3DERR_INVALIDCALL);
    r = (RECT){ 3, 3, 3, 5 };
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, &r, 0), D3DERR_INVALIDCALL);
    r = (RECT){ -1, 0, 2, 2 };
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, &r, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, D3DLOCK_NOOVERWRITE),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, D3DLOCK_DONOTWAIT), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, NULL, NULL, 0), D3DERR_INVALIDCALL);
    /* DISCARD on a texture that is not dynamic: ignored, the content stays. */
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, D3DLOCK_DISCARD), D3D_OK);
    CHECK_EQ(((uint32_t *)((char *)lr.pBits + 4 * lr.Pitch))[4], 0x01000000u);
    CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
    IDirect3DTexture9_Release(t);

    /* D3DPOOL_DEFAULT textures lock only when dynamic. */
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                            &t, NULL), D3D_OK);
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3DERR_INVALIDCALL);
    IDirect3DTexture9_Release(t);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, D3DUSAGE_RENDERTARGET,
                                            D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &t, NULL), D3D_OK);
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3DERR_INVALIDCALL);
    IDirect3DTexture9_Release(t);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8,
                                            D3DPOOL_DEFAULT, &t, NULL), D3D_OK);
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, D3DLOCK_DISCARD), D3D_OK);
    CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
    IDirect3DTexture9_Release(t);
    T9_RELEASE_DEVICE(dev);
}

/* Block formats: DXT rectangles on 4x4 boundaries; the pitch counts rows of blocks. */
TEST(d3d9_texture_lock_block_formats)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DTexture9 *t;
    D3DLOCKED_RECT lr, all;
    RECT r;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 16, 16, 0, 0, D3DFMT_DXT1, D3DPOOL_MANAGED, &t,
                                            NULL), D3D_OK);
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &all, NULL, 0), D3D_OK);
    CHECK_EQ(all.Pitch, 32);   /* 4 blocks of 8 bytes */
    CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
    r = (RECT){ 4, 4, 8, 8 };
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, &r, 0), D3D_OK);
    CHECK((char *)lr.pBits == (char *)all.pBits + 32 + 8);
    CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
    r = (RECT){ 1, 0, 4, 4 };
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, &r, 0), D3DERR_INVALIDCALL);
    r = (RECT){ 0, 0, 4, 3 };
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, &r, 0), D3DERR_INVALIDCALL);
    /* Levels smaller than a block lock whole. */
    CHECK_HR(IDirect3DTexture9_LockRect(t, 3, &lr, NULL, 0), D3D_OK);
    CHECK_EQ(lr.Pitch, 8);
    CHECK_HR(IDirect3DTexture9_UnlockRect(t, 3), D3D_OK);
    r = (RECT){ 0, 0, 1, 1 };
    CHECK_HR(IDirect3DTexture9_LockRect(t, 4, &lr, &r, 0), D3D_OK);
    CHECK_HR(IDirect3DTexture9_UnlockRect(t, 4), D3D_OK);
    IDirect3DTexture9_Release(t);
    T9_RELEASE_DEVICE(dev);
}

/* ------------------------------------------------------- LOD, priority, private data */

TEST(d3d9_texture_lod_and_priority)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DTexture9 *t;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 16, 16, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    CHECK_EQ(IDirect3DTexture9_GetLOD(t), 0);
    CHECK_EQ(IDirect3DTexture9_SetLOD(t, 2), 0);
    CHECK_EQ(IDirect3DTexture9_GetLOD(t), 2);
    CHECK_EQ(IDirect3DTexture9_SetLOD(t, 100), 2);
    CHECK_EQ(IDirect3DTexture9_GetLOD(t), 4);   /* clamped to GetLevelCount() - 1 */
    CHECK_EQ(IDirect3DTexture9_GetPriority(t), 0);
    CHECK_EQ(IDirect3DTexture9_SetPriority(t, 7), 0);
    CHECK_EQ(IDirect3DTexture9_SetPriority(t, 9), 7);
    CHECK_EQ(IDirect3DTexture9_GetPriority(t), 9);
    IDirect3DTexture9_PreLoad(t);
    IDirect3DTexture9_Release(t);
    /* Not managed: no LOD, no priority. */
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 16, 16, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                            &t, NULL), D3D_OK);
    CHECK_EQ(IDirect3DTexture9_SetLOD(t, 2), 0);
    CHECK_EQ(IDirect3DTexture9_GetLOD(t), 0);
    CHECK_EQ(IDirect3DTexture9_SetPriority(t, 7), 0);
    CHECK_EQ(IDirect3DTexture9_GetPriority(t), 0);
    IDirect3DTexture9_Release(t);
    T9_RELEASE_DEVICE(dev);
}

static const GUID guid_a = { 0x1, 0x2, 0x3, { 4, 5, 6, 7, 8, 9, 10, 11 } };
static const GUID guid_b = { 0x9, 0x8, 0x7, { 6, 5, 4, 3, 2, 1, 0, 0 } };

TEST(d3d9_resource_private_data)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DTexture9 *t, *other;
    IDirect3DSurface9 *s;
    DWORD data = 0xcafe, out = 0, size;
    IUnknown *unk = NULL;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &other, NULL), D3D_OK);
    CHECK_HR(IDirect3DTexture9_SetPrivateData(t, &guid_a, &data, sizeof(data), 0), D3D_OK);
    size = 0;
    CHECK_HR(IDirect3DTexture9_GetPrivateData(t, &guid_a, &out, &size), D3DERR_MOREDATA);
    CHECK_EQ(size, sizeof(data));
    size = 2;
    CHECK_HR(IDirect3DTexture9_GetPrivateData(t, &guid_a, NULL, &size), D3DERR_MOREDATA);
    size = sizeof(out);
    CHECK_HR(IDirect3DTexture9_GetPrivateData(t, &guid_a, NULL, &size), D3D_OK);
    CHECK_EQ(size, sizeof(data));
    CHECK_HR(IDirect3DTexture9_GetPrivateData(t, &guid_a, &out, &size), D3D_OK);
    CHECK_EQ(out, 0xcafe);
    CHECK_HR(IDirect3DTexture9_GetPrivateData(t, &guid_b, &out, &size), D3DERR_NOTFOUND);
    CHECK_HR(IDirect3DTexture9_GetPrivateData(t, &guid_a, &out, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DTexture9_SetPrivateData(t, &guid_a, NULL, 4, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DTexture9_SetPrivateData(t, &guid_a, &data, 4, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DTexture9_SetPrivateData(t, NULL, &data, 4, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DTexture9_FreePrivateData(t, &guid_a), D3D_OK);
    CHECK_HR(IDirect3DTexture9_FreePrivateData(t, &guid_a), D3DERR_NOTFOUND);

    /* D3DSPD_IUNKNOWN: pData is the interface, AddRef'd while stored and by each get. */
    CHECK_HR(IDirect3DTexture9_SetPrivateData(t, &guid_b, NULL, sizeof(IUnknown *), 1),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DTexture9_SetPrivateData(t, &guid_b, other, 4, D3DSPD_IUNKNOWN),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DTexture9_SetPrivateData(t, &guid_b, other, sizeof(IUnknown *),
                                              D3DSPD_IUNKNOWN), D3D_OK);
    CHECK_EQ(t9_refcount(other), 2);
    size = sizeof(unk);
    CHECK_HR(IDirect3DTexture9_GetPrivateData(t, &guid_b, &unk, &size), D3D_OK);
    CHECK(unk == (IUnknown *)other);
    CHECK_EQ(t9_refcount(other), 3);
    IUnknown_Release(unk);
    /* Surfaces keep their own data. */
    CHECK_HR(IDirect3DTexture9_GetSurfaceLevel(t, 0, &s), D3D_OK);
    size = sizeof(out);
    CHECK_HR(IDirect3DSurface9_GetPrivateData(s, &guid_b, &out, &size), D3DERR_NOTFOUND);
    CHECK_HR(IDirect3DSurface9_SetPrivateData(s, &guid_a, &data, sizeof(data), 0), D3D_OK);
    IDirect3DSurface9_Release(s);
    /* The stored interface goes with the texture. */
    CHECK_EQ(IDirect3DTexture9_Release(t), 0);
    CHECK_EQ(t9_refcount(other), 1);
    CHECK_EQ(IDirect3DTexture9_Release(other), 0);
    T9_RELEASE_DEVICE(dev);
}

/* --------------------------------------------------------- standalone surfaces */

TEST(d3d9_render_target_and_depth_surfaces)
{
    IDirect3DDevice9 *dev = t9_device("9_1");
    IDirect3DSurface9 *s = (IDirect3DSurface9 *)(uintptr_t)1;
    D3DLOCKED_RECT lr;
    D3DSURFACE_DESC d;
    void *container;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 32, 16, D3DFMT_A8R8G8B8,
                                                 D3DMULTISAMPLE_NONE, 0, TRUE, &s, NULL), D3D_OK);
    CHECK_HR(IDirect3DSurface9_GetDesc(s, &d), D3D_OK);
    CHECK_EQ(d.Usage, D3DUSAGE_RENDERTARGET);
    CHECK_EQ(d.Pool, D3DPOOL_DEFAULT);
    CHECK_EQ(d.Width, 32);
    CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, NULL, D3DLOCK_DONOTWAIT), D3D_OK);
    CHECK_EQ(lr.Pitch, 128);
    CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3D_OK);
    /* A standalone surface's container is the device. */
    CHECK_HR(IDirect3DSurface9_GetContainer(s, &IID_IDirect3DDevice9, &container), D3D_OK);
    CHECK(container == (void *)dev);
    IUnknown_Release((IUnknown *)container);
    CHECK_HR(IDirect3DSurface9_GetContainer(s, &IID_IDirect3DTexture9, &container),
             E_NOINTERFACE);
    IDirect3DSurface9_Release(s);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 32, 16, D3DFMT_A8R8G8B8,
                                                 D3DMULTISAMPLE_NONE, 0, FALSE, &s, NULL), D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, NULL, 0), D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(s);
    /* Formats: L8 is no render target at 9_1; multisampling is not implemented. */
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 32, 16, D3DFMT_L8, D3DMULTISAMPLE_NONE, 0,
                                                 FALSE, &s, NULL), D3DERR_INVALIDCALL);
    CHECK(s == NULL);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 32, 16, D3DFMT_A8R8G8B8,
                                                 D3DMULTISAMPLE_4_SAMPLES, 0, FALSE, &s, NULL),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 32, 16, D3DFMT_A8R8G8B8,
                                                 D3DMULTISAMPLE_NONE, 1, FALSE, &s, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 32, 16, D3DFMT_A8R8G8B8,
                                                 (D3DMULTISAMPLE_TYPE)17, 0, FALSE, &s, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 16385, 16, D3DFMT_A8R8G8B8,
                                                 D3DMULTISAMPLE_NONE, 0, FALSE, &s, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 0, 16, D3DFMT_A8R8G8B8,
                                                 D3DMULTISAMPLE_NONE, 0, FALSE, &s, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_A8R8G8B8,
                                                 D3DMULTISAMPLE_NONE, 0, FALSE, NULL, NULL),
             D3DERR_INVALIDCALL);

    /* Depth-stencil surfaces: lockable only in a _LOCKABLE format. */
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, 16, 16, D3DFMT_D24S8,
                                                        D3DMULTISAMPLE_NONE, 0, FALSE, &s, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DSurface9_GetDesc(s, &d), D3D_OK);
    CHECK_EQ(d.Usage, D3DUSAGE_DEPTHSTENCIL);
    CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, NULL, 0), D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(s);
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, 16, 16, D3DFMT_D16_LOCKABLE,
                                                        D3DMULTISAMPLE_NONE, 0, TRUE, &s, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, NULL, 0), D3D_OK);
    CHECK_EQ(lr.Pitch, 32);
    CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3D_OK);
    IDirect3DSurface9_Release(s);
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, 16, 16, D3DFMT_A8R8G8B8,
                                                        D3DMULTISAMPLE_NONE, 0, FALSE, &s, NULL),
             D3DERR_INVALIDCALL);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_offscreen_plain_surfaces)
{
    IDirect3DDevice9 *dev = t9_device("9_1");
    IDirect3DSurface9 *s;
    D3DLOCKED_RECT lr;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 8, D3DFMT_A8R8G8B8,
                                                          D3DPOOL_SYSTEMMEM, &s, NULL), D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, NULL, 0), D3D_OK);
    CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3D_OK);
    IDirect3DSurface9_Release(s);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 8, D3DFMT_A8R8G8B8,
                                                          D3DPOOL_DEFAULT, &s, NULL), D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, NULL, 0), D3D_OK);
    CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3D_OK);
    IDirect3DSurface9_Release(s);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 8, D3DFMT_A8R8G8B8,
                                                          D3DPOOL_MANAGED, &s, NULL),
             D3DERR_INVALIDCALL);
    /* Not a plain-surface format at 9_1, fine in scratch memory. */
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 8, D3DFMT_R5G6B5,
                                                          D3DPOOL_SYSTEMMEM, &s, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 8, D3DFMT_R5G6B5,
                                                          D3DPOOL_SCRATCH, &s, NULL), D3D_OK);
    IDirect3DSurface9_Release(s);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 8, D3DFMT_D24S8,
                                                          D3DPOOL_SYSTEMMEM, &s, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 65536, 65536,
                                                          D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &s,
                                                          NULL), E_OUTOFMEMORY);
    CHECK(s == NULL);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16384, 16385, D3DFMT_A8R8G8B8,
                                                          D3DPOOL_DEFAULT, &s, NULL),
             D3DERR_INVALIDCALL);
    T9_RELEASE_DEVICE(dev);
}

/* ---------------------------------------------------------------------- buffers */

TEST(d3d9_vertex_buffer_lock_rules)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DVertexBuffer9 *vb;
    D3DVERTEXBUFFER_DESC d;
    unsigned char *p, *q;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 64, D3DUSAGE_WRITEONLY,
                                                 D3DFVF_XYZ | D3DFVF_DIFFUSE, D3DPOOL_MANAGED,
                                                 &vb, NULL), D3D_OK);
    CHECK_HR(IDirect3DVertexBuffer9_GetDesc(vb, &d), D3D_OK);
    CHECK_EQ(d.Format, D3DFMT_VERTEXDATA);
    CHECK_EQ(d.Type, D3DRTYPE_VERTEXBUFFER);
    CHECK_EQ(d.Size, 64);
    CHECK_EQ(d.FVF, D3DFVF_XYZ | D3DFVF_DIFFUSE);
    CHECK_EQ(d.Usage, D3DUSAGE_WRITEONLY);
    CHECK_EQ(IDirect3DVertexBuffer9_GetType(vb), D3DRTYPE_VERTEXBUFFER);
    CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&p, 0), D3D_OK);
    for (int i = 0; i < 64; i++)
        p[i] = (unsigned char)i;
    /* Locks nest, each with its own pointer. */
    CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 8, 0, (void **)&q, D3DLOCK_READONLY), D3D_OK);
    CHECK(q == p + 8);
    CHECK_EQ(q[0], 8);
    CHECK_HR(IDirect3DVertexBuffer9_Unlock(vb), D3D_OK);
    CHECK_HR(IDirect3DVertexBuffer9_Unlock(vb), D3D_OK);
    CHECK_HR(IDirect3DVertexBuffer9_Unlock(vb), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 60, 4, (void **)&q, 0), D3D_OK);
    CHECK_EQ(q[3], 63);
    CHECK_HR(IDirect3DVertexBuffer9_Unlock(vb), D3D_OK);
    q = (unsigned char *)(uintptr_t)1;
    CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 60, 8, (void **)&q, 0), D3DERR_INVALIDCALL);
    CHECK(q == NULL);
    CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 65, 0, (void **)&q, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 64, 1, (void **)&q, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 0xffffffffu, 0xffffffffu, (void **)&q, 0),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 0, 0, NULL, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&q, 0x1), D3DERR_INVALIDCALL);
    /* DISCARD / NOOVERWRITE on a static buffer: ignored. */
    CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&q, D3DLOCK_DISCARD), D3D_OK);
    CHECK_EQ(q[5], 5);
    CHECK_HR(IDirect3DVertexBuffer9_Unlock(vb), D3D_OK);
    IDirect3DVertexBuffer9_Release(vb);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_buffer_creation_rules)
{
    IDirect3DDevice9 *dev = t9_device("9_1");
    IDirect3DVertexBuffer9 *vb = (IDirect3DVertexBuffer9 *)(uintptr_t)1;
    IDirect3DIndexBuffer9 *ib = (IDirect3DIndexBuffer9 *)(uintptr_t)1;
    D3DINDEXBUFFER_DESC d;
    if (!dev)
        SKIP("no device");
    /* FVF buffers hold at least one vertex (XYZ | DIFFUSE: 16 bytes). */
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 15, 0, D3DFVF_XYZ | D3DFVF_DIFFUSE,
                                                 D3DPOOL_MANAGED, &vb, NULL), D3DERR_INVALIDCALL);
    CHECK(vb == NULL);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 17, 0, D3DFVF_XYZ | D3DFVF_DIFFUSE,
                                                 D3DPOOL_MANAGED, &vb, NULL), D3D_OK);
    IDirect3DVertexBuffer9_Release(vb);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 3, 0, 0, D3DPOOL_MANAGED, &vb, NULL), D3D_OK);
    IDirect3DVertexBuffer9_Release(vb);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 0, 0, 0, D3DPOOL_MANAGED, &vb, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 64, 0, D3DFVF_XYZRHW | D3DFVF_NORMAL,
                                                 D3DPOOL_MANAGED, &vb, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 64, 0, 0x1, D3DPOOL_MANAGED, &vb, NULL),
             D3DERR_INVALIDCALL);
    /* Pools and usages. */
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 64, 0, 0, D3DPOOL_SCRATCH, &vb, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 64, D3DUSAGE_DYNAMIC, 0, D3DPOOL_MANAGED,
                                                 &vb, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 64, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY,
                                                 0, D3DPOOL_DEFAULT, &vb, NULL), D3D_OK);
    IDirect3DVertexBuffer9_Release(vb);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 64, D3DUSAGE_RENDERTARGET, 0,
                                                 D3DPOOL_DEFAULT, &vb, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 64, D3DUSAGE_NPATCHES, 0, D3DPOOL_DEFAULT,
                                                 &vb, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 64, D3DUSAGE_POINTS | D3DUSAGE_DONOTCLIP,
                                                 0, D3DPOOL_DEFAULT, &vb, NULL), D3D_OK);
    IDirect3DVertexBuffer9_Release(vb);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 64, 0, 0, D3DPOOL_DEFAULT, NULL, NULL),
             D3DERR_INVALIDCALL);
    /* Index formats: INDEX32 needs MaxVertexIndex > 0xFFFF (not at 9_1). */
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, 64, 0, D3DFMT_INDEX16, D3DPOOL_MANAGED, &ib,
                                                NULL), D3D_OK);
    CHECK_HR(IDirect3DIndexBuffer9_GetDesc(ib, &d), D3D_OK);
    CHECK_EQ(d.Format, D3DFMT_INDEX16);
    CHECK_EQ(d.Size, 64);
    CHECK_EQ(d.Type, D3DRTYPE_INDEXBUFFER);
    IDirect3DIndexBuffer9_Release(ib);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, 64, 0, D3DFMT_INDEX32, D3DPOOL_MANAGED, &ib,
                                                NULL), D3DERR_INVALIDCALL);
    CHECK(ib == NULL);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, 64, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &ib,
                                                NULL), D3DERR_INVALIDCALL);
    T9_RELEASE_DEVICE(dev);
    for (int p = 1; p < 4; p++) {
        dev = t9_device(t9_profiles[p]);
        CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, 64, 0, D3DFMT_INDEX32, D3DPOOL_MANAGED,
                                                    &ib, NULL), D3D_OK);
        IDirect3DIndexBuffer9_Release(ib);
        T9_RELEASE_DEVICE(dev);
    }
}

/* Seed 002: buffers used for software vertex processing must be in system memory; the flag the
 * draw path checks. */
TEST(seed002_buffer_software_processing_flag)
{
    D3DPRESENT_PARAMETERS pp = t9_pp(16, 16);
    static const DWORD modes[3] = { D3DCREATE_SOFTWARE_VERTEXPROCESSING,
                                    D3DCREATE_MIXED_VERTEXPROCESSING,
                                    D3DCREATE_HARDWARE_VERTEXPROCESSING };
    for (int m = 0; m < 3; m++) {
        IDirect3DDevice9 *dev = t9_device_pp(NULL, modes[m], &pp);
        IDirect3DVertexBuffer9 *vb;
        IDirect3DIndexBuffer9 *ib;
        bool sw = m == 0;
        if (!dev)
            continue;
        CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 16, 0, 0, D3DPOOL_DEFAULT, &vb, NULL),
                 D3D_OK);
        CHECK_EQ(d3d9_vertex_buffer_from_iface(vb)->software_ok, sw);
        IDirect3DVertexBuffer9_Release(vb);
        CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 16, D3DUSAGE_SOFTWAREPROCESSING, 0,
                                                     D3DPOOL_DEFAULT, &vb, NULL), D3D_OK);
        CHECK_EQ(d3d9_vertex_buffer_from_iface(vb)->software_ok, true);
        IDirect3DVertexBuffer9_Release(vb);
        CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 16, 0, 0, D3DPOOL_SYSTEMMEM, &vb, NULL),
                 D3D_OK);
        CHECK_EQ(d3d9_vertex_buffer_from_iface(vb)->software_ok, true);
        IDirect3DVertexBuffer9_Release(vb);
        CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, 16, 0, D3DFMT_INDEX16, D3DPOOL_MANAGED,
                                                    &ib, NULL), D3D_OK);
        CHECK_EQ(d3d9_index_buffer_from_iface(ib)->software_ok, sw);
        IDirect3DIndexBuffer9_Release(ib);
        T9_RELEASE_DEVICE(dev);
    }
}

/* ----------------------------------------------------------- vertex declarations */

TEST(d3d9_vertex_declaration_rules)
{
    static const D3DVERTEXELEMENT9 good[] = {
        { 0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
        { 0, 12, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0 },
        { 1, 0, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0 },
        D3DDECL_END(),
    };
    D3DVERTEXELEMENT9 e[MAXD3DDECLLENGTH + 2], out[MAXD3DDECLLENGTH + 1];
    IDirect3DDevice9 *dev = t9_device("9_1"), *dev2;
    IDirect3DVertexDeclaration9 *decl = (IDirect3DVertexDeclaration9 *)(uintptr_t)1;
    UINT n;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, good, &decl), D3D_OK);
    CHECK_HR(IDirect3DVertexDeclaration9_GetDeclaration(decl, NULL, &n), D3D_OK);
    CHECK_EQ(n, 4);
    CHECK_HR(IDirect3DVertexDeclaration9_GetDeclaration(decl, out, &n), D3D_OK);
    CHECK(!memcmp(out, good, sizeof(good)));
    CHECK_HR(IDirect3DVertexDeclaration9_GetDeclaration(decl, out, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DVertexDeclaration9_GetDevice(decl, &dev2), D3D_OK);
    CHECK(dev2 == dev);
    IDirect3DDevice9_Release(dev2);
    CHECK_EQ(IDirect3DVertexDeclaration9_Release(decl), 0);

    /* An empty declaration is valid. */
    e[0] = (D3DVERTEXELEMENT9)D3DDECL_END();
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, e, &decl), D3D_OK);
    IDirect3DVertexDeclaration9_Release(decl);
    /* Hostile arrays. */
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, NULL, &decl), D3DERR_INVALIDCALL);
    CHECK(decl == NULL);
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, good, NULL), D3DERR_INVALIDCALL);
    memcpy(e, good, sizeof(good));
    e[1].Usage = D3DDECLUSAGE_POSITION;   /* duplicate POSITION 0 */
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, e, &decl), D3DERR_INVALIDCALL);
    memcpy(e, good, sizeof(good));
    e[2].Stream = 16;
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, e, &decl), D3DERR_INVALIDCALL);
    memcpy(e, good, sizeof(good));
    e[1].Type = D3DDECLTYPE_UNUSED;
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, e, &decl), D3DERR_INVALIDCALL);
    memcpy(e, good, sizeof(good));
    e[1].UsageIndex = 16;
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, e, &decl), D3DERR_INVALIDCALL);
    memcpy(e, good, sizeof(good));
    e[1].Usage = 14;
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, e, &decl), D3DERR_INVALIDCALL);
    memcpy(e, good, sizeof(good));
    e[1].Method = D3DDECLMETHOD_PARTIALU;   /* tessellator methods: no N-patches */
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, e, &decl), D3DERR_INVALIDCALL);
    /* No end marker within MAXD3DDECLLENGTH elements. */
    for (int i = 0; i < MAXD3DDECLLENGTH + 1; i++)
        e[i] = (D3DVERTEXELEMENT9){ 0, (WORD)(4 * i), D3DDECLTYPE_FLOAT1, 0,
                                    D3DDECLUSAGE_TEXCOORD, (BYTE)(i % 16) };
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, e, &decl), D3DERR_INVALIDCALL);
    /* 64 distinct elements and the end marker: the longest declaration. */
    for (int i = 0; i < MAXD3DDECLLENGTH; i++)
        e[i] = (D3DVERTEXELEMENT9){ (WORD)(i / 16), (WORD)(4 * i), D3DDECLTYPE_FLOAT1, 0,
                                    (BYTE)(i / 16 + D3DDECLUSAGE_BLENDWEIGHT), (BYTE)(i % 16) };
    e[MAXD3DDECLLENGTH] = (D3DVERTEXELEMENT9)D3DDECL_END();
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, e, &decl), D3D_OK);
    CHECK_HR(IDirect3DVertexDeclaration9_GetDeclaration(decl, NULL, &n), D3D_OK);
    CHECK_EQ(n, MAXD3DDECLLENGTH + 1);
    IDirect3DVertexDeclaration9_Release(decl);
    T9_RELEASE_DEVICE(dev);
}

/* Seed 000, 9_2 row: D3DDEVCAPS2_VERTEXELEMENTSCANSHARESTREAMOFFSET; and the D3DDTCAPS types
 * (FLOAT16 from 9_3, "Required DXGI formats"). */
TEST(seed000_vertex_elements_share_offset_and_decl_types)
{
    static const D3DVERTEXELEMENT9 shared[] = {
        { 0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
        { 0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0 },
        D3DDECL_END(),
    };
    static const D3DVERTEXELEMENT9 half[] = {
        { 0, 0, D3DDECLTYPE_FLOAT16_2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0 },
        D3DDECL_END(),
    };
    static const D3DVERTEXELEMENT9 udec3[] = {
        { 0, 0, D3DDECLTYPE_UDEC3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_NORMAL, 0 },
        D3DDECL_END(),
    };
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        IDirect3DVertexDeclaration9 *decl;
        HRESULT hr;
        if (!dev)
            continue;
        hr = IDirect3DDevice9_CreateVertexDeclaration(dev, shared, &decl);
        CHECK_HR(hr, p >= 1 ? D3D_OK : D3DERR_INVALIDCALL);
        if (SUCCEEDED(hr))
            IDirect3DVertexDeclaration9_Release(decl);
        hr = IDirect3DDevice9_CreateVertexDeclaration(dev, half, &decl);
        CHECK_HR(hr, p >= 2 ? D3D_OK : D3DERR_INVALIDCALL);
        if (SUCCEEDED(hr))
            IDirect3DVertexDeclaration9_Release(decl);
        CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, udec3, &decl), D3DERR_INVALIDCALL);
        T9_RELEASE_DEVICE(dev);
    }
}

/* ------------------------------------------------------------ reference counts */

TEST(d3d9_resources_keep_the_device_alive)
{
    IDirect3DDevice9 *dev = t9_device(NULL), *got;
    IDirect3DTexture9 *t;
    IDirect3DVertexBuffer9 *vb;
    IDirect3DSurface9 *s;
    if (!dev)
        SKIP("no device");
    CHECK_EQ(t9_refcount(dev), 1);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    CHECK_EQ(t9_refcount(dev), 2);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 16, 0, 0, D3DPOOL_MANAGED, &vb, NULL),
             D3D_OK);
    CHECK_EQ(t9_refcount(dev), 3);
    CHECK_HR(IDirect3DTexture9_GetSurfaceLevel(t, 0, &s), D3D_OK);
    CHECK_EQ(t9_refcount(dev), 3);   /* the surface shares the texture's reference */
    CHECK_HR(IDirect3DTexture9_GetDevice(t, &got), D3D_OK);
    CHECK(got == dev);
    CHECK_EQ(IDirect3DDevice9_Release(got), 3);
    /* The application releases the device first: the resources keep it alive. */
    CHECK_EQ(IDirect3DDevice9_Release(dev), 2);
    CHECK_EQ(IDirect3DVertexBuffer9_Release(vb), 0);
    CHECK_EQ(IDirect3DSurface9_Release(s), 1);
    CHECK_EQ(IDirect3DTexture9_Release(t), 0);   /* and the device goes with it */
}

/* Bound objects stay alive without a public reference and go with the device. */
TEST(d3d9_bound_objects_released_with_device)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DTexture9 *t;
    IDirect3DBaseTexture9 *got;
    IDirect3DVertexBuffer9 *vb;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTexture(dev, 3, (IDirect3DBaseTexture9 *)t), D3D_OK);
    CHECK_EQ(t9_refcount(t), 1);   /* a binding is no public reference */
    CHECK_EQ(IDirect3DTexture9_Release(t), 0);
    CHECK_EQ(t9_refcount(dev), 1);
    /* GetTexture revives it: a public reference and a device reference again. */
    CHECK_HR(IDirect3DDevice9_GetTexture(dev, 3, &got), D3D_OK);
    CHECK(got == (IDirect3DBaseTexture9 *)t);
    CHECK_EQ(t9_refcount(dev), 2);
    CHECK_EQ(IDirect3DBaseTexture9_Release(got), 0);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 16, 0, 0, D3DPOOL_MANAGED, &vb, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, 16), D3D_OK);
    IDirect3DVertexBuffer9_Release(vb);
    T9_RELEASE_DEVICE(dev);   /* frees the texture and the buffer (the sanitizer build checks) */
}

/* The D3DFORMAT -> core format table agrees with the DXGI twins of core/format.h. */
TEST(d3d9_format_map)
{
    CHECK_EQ(d3d9_core_format(D3DFMT_A8R8G8B8), 87);    /* B8G8R8A8_UNORM */
    CHECK_EQ(d3d9_core_format(D3DFMT_X8R8G8B8), 88);
    CHECK_EQ(d3d9_core_format(D3DFMT_DXT3), 74);        /* BC2_UNORM */
    CHECK_EQ(d3d9_core_format(D3DFMT_D24S8), 45);
    CHECK_EQ(d3d9_core_format(D3DFMT_L8), CORE_FORMAT_D3D9_L8);
    CHECK_EQ(d3d9_core_format(D3DFMT_UNKNOWN), 0);
    CHECK_EQ(d3d9_core_format(D3DFMT_VERTEXDATA), 0);
    CHECK(d3d9_is_depth_format(D3DFMT_D16));
    CHECK(d3d9_is_depth_format(D3DFMT_S8_LOCKABLE));
    CHECK(!d3d9_is_depth_format(D3DFMT_A8R8G8B8));
    CHECK_EQ(d3d9_fvf_vertex_size(D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_TEX2 |
                                  D3DFVF_TEXCOORDSIZE3(1)), 12 + 12 + 8 + 12);
    CHECK_EQ(d3d9_fvf_vertex_size(D3DFVF_XYZB3 | D3DFVF_LASTBETA_UBYTE4), 12 + 8 + 4);
    CHECK_EQ(d3d9_fvf_vertex_size(D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR), 24);
    CHECK(!d3d9_fvf_valid(D3DFVF_XYZ | D3DFVF_LASTBETA_UBYTE4));
}
