/* tests/test_d3d9_nonpow2.c — seed 003 rows 3-5 ("Texture size") on the D3D9 front-end:
 *   - the 9_x profiles set D3DPTEXTURECAPS_POW2 | NONPOW2CONDITIONAL (and CUBEMAP_POW2,
 *     VOLUMEMAP_POW2): a non-power-of-two 2D texture exists with one level only, cube and volume
 *     textures are powers of two, and ValidateDevice reports each broken condition of row 4
 *     (src/d3d9/validate.c check_nonpow2: WRAP/MIRROR addressing or D3DRS_WRAPn:
 *     D3DERR_CONFLICTINGRENDERSTATE; a mip filter on a mipmapped one:
 *     D3DERR_UNSUPPORTEDTEXTUREFILTER; DXT1-5: D3DERR_WRONGTEXTUREFORMAT);
 *   - max sets none of the size flags (arbitrary sizes, seed 003): mipmapped non-power-of-two 2D,
 *     cube and volume textures are created, every setup validates, and a 3x2 texture drawn with
 *     WRAP addressing repeats exactly. */
#include "test_d3d9_render_util.h"

#include "d3d9/d3d9_resource.h"

#define PMAX 3   /* t9_profiles[3]: "max" */

static HRESULT validate(IDirect3DDevice9 *dev)
{
    DWORD passes = 7;
    HRESULT hr = IDirect3DDevice9_ValidateDevice(dev, &passes);
    CHECK_EQ(passes, SUCCEEDED(hr) ? 1u : 0u);
    return hr;
}

static void clamp_uv(IDirect3DDevice9 *dev, DWORD slot)
{
    IDirect3DDevice9_SetSamplerState(dev, slot, D3DSAMP_ADDRESSU, D3DTADDRESS_CLAMP);
    IDirect3DDevice9_SetSamplerState(dev, slot, D3DSAMP_ADDRESSV, D3DTADDRESS_CLAMP);
}

/* The caps: the 9_x profiles have the conditional pair and the cube / volume POW2 bits, max
 * none of rows 3-5's flags. */
TEST(d3d9_nonpow2_caps_per_profile)
{
    const DWORD size_flags = D3DPTEXTURECAPS_POW2 | D3DPTEXTURECAPS_NONPOW2CONDITIONAL |
                             D3DPTEXTURECAPS_SQUAREONLY | D3DPTEXTURECAPS_CUBEMAP_POW2 |
                             D3DPTEXTURECAPS_VOLUMEMAP_POW2;
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        D3DCAPS9 caps;
        if (!dev)
            continue;
        IDirect3DDevice9_GetDeviceCaps(dev, &caps);
        CHECK_EQ(caps.TextureCaps & size_flags,
                 p == PMAX ? 0u : size_flags & ~(DWORD)D3DPTEXTURECAPS_SQUAREONLY);
        CHECK(caps.TextureCaps & D3DPTEXTURECAPS_MIPMAP);
        T9_RELEASE_DEVICE(dev);
    }
}

/* Creation follows the caps: POW2 + NONPOW2CONDITIONAL refuses a mipmapped non-power-of-two 2D
 * texture with D3DERR_INVALIDCALL (CreateTexture: invalid parameters), CUBEMAP_POW2 /
 * VOLUMEMAP_POW2 any non-power-of-two cube / volume texture; max creates them all, with the
 * full chain for Levels 0 (floor halving: 5x3 -> 2x1 -> 1x1; 6 -> 3 -> 1; 6x5x3 -> 3x2x1 ->
 * 1x1x1). */
TEST(d3d9_nonpow2_creation_per_profile)
{
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        IDirect3DTexture9 *t = NULL;
        IDirect3DCubeTexture9 *c = NULL;
        IDirect3DVolumeTexture9 *v = NULL;
        D3DSURFACE_DESC sd;
        D3DVOLUME_DESC vd;
        bool max = p == PMAX;
        if (!dev)
            continue;
        /* one level: every profile (row 4) */
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 5, 3, 1, 0, D3DFMT_A8R8G8B8,
                                                D3DPOOL_MANAGED, &t, NULL), D3D_OK);
        if (t)
            IDirect3DTexture9_Release(t);
        /* mipmapped */
        t = (IDirect3DTexture9 *)1;
        util_clear_last_message();
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 5, 3, 0, 0, D3DFMT_A8R8G8B8,
                                                D3DPOOL_MANAGED, &t, NULL),
                 max ? D3D_OK : D3DERR_INVALIDCALL);
        if (max) {
            CHECK_EQ(IDirect3DTexture9_GetLevelCount(t), 3u);
            CHECK_HR(IDirect3DTexture9_GetLevelDesc(t, 1, &sd), D3D_OK);
            CHECK(sd.Width == 2 && sd.Height == 1);
            IDirect3DTexture9_Release(t);
        } else {
            CHECK(t == NULL);
            CHECK_STR_CONTAINS(R9_LAST, "seed 003 row 4");
        }
        t = NULL;
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 5, 3, 2, 0, D3DFMT_A8R8G8B8,
                                                D3DPOOL_MANAGED, &t, NULL),
                 max ? D3D_OK : D3DERR_INVALIDCALL);
        if (t)
            IDirect3DTexture9_Release(t);
        /* cube */
        CHECK_HR(IDirect3DDevice9_CreateCubeTexture(dev, 6, 0, 0, D3DFMT_A8R8G8B8,
                                                    D3DPOOL_MANAGED, &c, NULL),
                 max ? D3D_OK : D3DERR_INVALIDCALL);
        if (c) {
            CHECK_EQ(IDirect3DCubeTexture9_GetLevelCount(c), 3u);
            CHECK_HR(IDirect3DCubeTexture9_GetLevelDesc(c, 1, &sd), D3D_OK);
            CHECK(sd.Width == 3 && sd.Height == 3);
            IDirect3DCubeTexture9_Release(c);
        } else {
            CHECK_STR_CONTAINS(R9_LAST, "CUBEMAP_POW2");
        }
        c = NULL;
        CHECK_HR(IDirect3DDevice9_CreateCubeTexture(dev, 6, 1, 0, D3DFMT_A8R8G8B8,
                                                    D3DPOOL_MANAGED, &c, NULL),
                 max ? D3D_OK : D3DERR_INVALIDCALL);
        if (c)
            IDirect3DCubeTexture9_Release(c);
        /* volume */
        CHECK_HR(IDirect3DDevice9_CreateVolumeTexture(dev, 6, 5, 3, 0, 0, D3DFMT_A8R8G8B8,
                                                      D3DPOOL_MANAGED, &v, NULL),
                 max ? D3D_OK : D3DERR_INVALIDCALL);
        if (v) {
            CHECK_EQ(IDirect3DVolumeTexture9_GetLevelCount(v), 3u);
            CHECK_HR(IDirect3DVolumeTexture9_GetLevelDesc(v, 1, &vd), D3D_OK);
            CHECK(vd.Width == 3 && vd.Height == 2 && vd.Depth == 1);
            IDirect3DVolumeTexture9_Release(v);
        } else {
            CHECK_STR_CONTAINS(R9_LAST, "VOLUMEMAP_POW2");
        }
        /* powers of two with mipmaps: every profile */
        v = NULL;
        CHECK_HR(IDirect3DDevice9_CreateVolumeTexture(dev, 8, 4, 2, 0, 0, D3DFMT_A8R8G8B8,
                                                      D3DPOOL_MANAGED, &v, NULL), D3D_OK);
        if (v)
            IDirect3DVolumeTexture9_Release(v);
        T9_RELEASE_DEVICE(dev);
    }
}

/* ValidateDevice with a 5x3 single-level texture on stage 0 (seed 003 row 4): CLAMP and no
 * wrapping validates everywhere; WRAP / MIRROR addressing and D3DRS_WRAPn of the stage's
 * coordinate set are D3DERR_CONFLICTINGRENDERSTATE on 9_x and D3D_OK on max.  A mip filter on a
 * single-level texture is no MIP mapping: D3D_OK.  A power-of-two texture with WRAP validates
 * everywhere (the rule is about the size). */
TEST(d3d9_nonpow2_validate_addressing_and_wrap)
{
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        IDirect3DTexture9 *t = NULL, *pow2 = NULL;
        HRESULT bad = p == PMAX ? D3D_OK : D3DERR_CONFLICTINGRENDERSTATE;
        if (!dev)
            continue;
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 5, 3, 1, 0, D3DFMT_A8R8G8B8,
                                                D3DPOOL_MANAGED, &t, NULL), D3D_OK);
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 8, 4, 1, 0, D3DFMT_A8R8G8B8,
                                                D3DPOOL_MANAGED, &pow2, NULL), D3D_OK);
        if (!t || !pow2)
            goto done;
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
        /* the default addressing is WRAP (D3DSAMPLERSTATETYPE) */
        util_clear_last_message();
        CHECK_HR(validate(dev), bad);
        if (p != PMAX)
            CHECK_STR_CONTAINS(R9_LAST, "only CLAMP");
        clamp_uv(dev, 0);
        CHECK_HR(validate(dev), D3D_OK);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSU, D3DTADDRESS_WRAP);
        CHECK_HR(validate(dev), bad);
        clamp_uv(dev, 0);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSV, D3DTADDRESS_MIRROR);
        CHECK_HR(validate(dev), bad);
        clamp_uv(dev, 0);
        /* ADDRESSW does not address a 2D texture */
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSW, D3DTADDRESS_WRAP);
        CHECK_HR(validate(dev), D3D_OK);
        /* D3DRS_WRAP0: the set stage 0 reads (TEXCOORDINDEX 0) */
        IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, D3DWRAPCOORD_0);
        util_clear_last_message();
        CHECK_HR(validate(dev), bad);
        if (p != PMAX)
            CHECK_STR_CONTAINS(R9_LAST, "D3DRS_WRAP0");
        /* reading coordinate set 1 instead: WRAP0 no longer applies, WRAP1 does */
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXCOORDINDEX, 1);
        CHECK_HR(validate(dev), D3D_OK);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP1, D3DWRAPCOORD_1);
        CHECK_HR(validate(dev), bad);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP1, 0);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, 0);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXCOORDINDEX, 0);
        /* one level: a mip filter uses no MIP mapping */
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_LINEAR);
        CHECK_HR(validate(dev), D3D_OK);
        /* a power-of-two texture with WRAP everywhere and WRAP0 */
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)pow2);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSU, D3DTADDRESS_WRAP);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, D3DWRAPCOORD_0);
        CHECK_HR(validate(dev), D3D_OK);
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
    done:
        if (t)
            IDirect3DTexture9_Release(t);
        if (pow2)
            IDirect3DTexture9_Release(pow2);
        T9_RELEASE_DEVICE(dev);
    }
}

/* A mip filter on a mipmapped non-power-of-two texture.  The 9_x profiles cannot create one
 * (row 4), so the texture comes from a max device and is judged with each 9_x profile's caps by
 * the pure d3d9_validate_device_state(): D3DERR_UNSUPPORTEDTEXTUREFILTER with a mip filter,
 * D3D_OK with D3DTEXF_NONE (the top level only).  The max device itself validates it. */
TEST(d3d9_nonpow2_validate_mip_filter)
{
    IDirect3DDevice9 *dev = t9_device("max");
    IDirect3DTexture9 *t = NULL;
    const D3DFORMAT rts[4] = { D3DFMT_X8R8G8B8, D3DFMT_UNKNOWN, D3DFMT_UNKNOWN, D3DFMT_UNKNOWN };
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 5, 3, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    if (t) {
        struct d3d9_device *impl = d3d9_device_from_iface(dev);
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
        clamp_uv(dev, 0);
        for (DWORD mip = D3DTEXF_NONE; mip <= D3DTEXF_LINEAR; mip++) {
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, mip);
            CHECK_HR(validate(dev), D3D_OK);
            for (int p = 0; p < 3; p++) {
                const core_profile *prof = core_profile_get((core_profile_id)p);
                util_clear_last_message();
                CHECK_HR(d3d9_validate_device_state(prof, &prof->caps, impl->state, rts),
                         mip == D3DTEXF_NONE ? D3D_OK : D3DERR_UNSUPPORTEDTEXTUREFILTER);
                if (mip != D3DTEXF_NONE)
                    CHECK_STR_CONTAINS(R9_LAST, "3 levels");
            }
        }
        /* the conditions are checked on the pixel samplers other than 0 too */
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
        IDirect3DDevice9_SetTexture(dev, 5, (IDirect3DBaseTexture9 *)t);
        IDirect3DDevice9_SetSamplerState(dev, 5, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
        clamp_uv(dev, 5);
        CHECK_HR(d3d9_validate_device_state(core_profile_get(CORE_PROFILE_9_1),
                                            &core_profile_get(CORE_PROFILE_9_1)->caps,
                                            impl->state, rts),
                 D3DERR_UNSUPPORTEDTEXTUREFILTER);
        CHECK_STR_CONTAINS(R9_LAST, "slot 5");
        IDirect3DDevice9_SetTexture(dev, 5, NULL);
        IDirect3DTexture9_Release(t);
    }
    T9_RELEASE_DEVICE(dev);
}

/* DXT1-5 non-power-of-two textures (a 12x8 single level, whole 4x4 blocks): with CLAMP, no
 * wrapping and no mipmaps they still break the NONPOW2CONDITIONAL documentation's format
 * condition: D3DERR_WRONGTEXTUREFORMAT on 9_x, D3D_OK on max; a 16x8 DXT texture validates
 * everywhere. */
TEST(d3d9_nonpow2_validate_dxt)
{
    static const D3DFORMAT dxt[5] = { D3DFMT_DXT1, D3DFMT_DXT2, D3DFMT_DXT3, D3DFMT_DXT4,
                                      D3DFMT_DXT5 };
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        if (!dev)
            continue;
        clamp_uv(dev, 0);
        for (int f = 0; f < 5; f++) {
            IDirect3DTexture9 *t = NULL, *pow2 = NULL;
            /* every profile has DXT1-5 textures (formats.c, seed 000 "Required DXGI formats") */
            CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 12, 8, 1, 0, dxt[f], D3DPOOL_MANAGED,
                                                    &t, NULL), D3D_OK);
            if (!t)
                continue;
            CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 16, 8, 1, 0, dxt[f], D3DPOOL_MANAGED,
                                                    &pow2, NULL), D3D_OK);
            IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
            util_clear_last_message();
            CHECK_HR(validate(dev), p == PMAX ? D3D_OK : D3DERR_WRONGTEXTUREFORMAT);
            if (p != PMAX)
                CHECK_STR_CONTAINS(R9_LAST, "DXT");
            IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)pow2);
            CHECK_HR(validate(dev), D3D_OK);
            IDirect3DDevice9_SetTexture(dev, 0, NULL);
            IDirect3DTexture9_Release(t);
            if (pow2)
                IDirect3DTexture9_Release(pow2);
        }
        T9_RELEASE_DEVICE(dev);
    }
}

/* Pre-transformed vertex with one 2D texture coordinate set. */
struct np_vert {
    float x, y, z, rhw;
    D3DCOLOR diffuse;
    float u, v;
};
#define NP_FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1)

/* max draws a 3x2 texture with WRAP addressing over a 6x4 target, u 0..2 and v 0..2, point
 * filtered.  Pixel (x, y) has its centre at x + 0.5 from the quad's left edge (the quad spans
 * -0.5..5.5), so u = (x + 0.5) / 6 * 2 and the point-sampled texel column is
 * floor(u * 3) mod 3 = floor(x + 0.5) mod 3 = x mod 3; likewise v = (y + 0.5) / 4 * 2, row
 * y mod 2.  Every pixel is exactly its texel: the texture repeats twice each way (CLAMP would
 * give column 2 for x >= 3, which the last check shows). */
TEST(d3d9_nonpow2_render_wrap_max)
{
    static const D3DCOLOR texels[2][3] = { { 0xffff0000, 0xff00ff00, 0xff0000ff },
                                           { 0xffffff00, 0xff00ffff, 0xffff00ff } };
    IDirect3DDevice9 *dev = r9_device_flags("max", 6, 4, D3DCREATE_HARDWARE_VERTEXPROCESSING);
    IDirect3DTexture9 *t = NULL;
    D3DLOCKED_RECT lr;
    uint32_t img[6 * 4];
    const struct np_vert v[4] = {
        { -0.5f, -0.5f, 0.5f, 1.0f, 0xffffffff, 0.0f, 0.0f },
        { 5.5f, -0.5f, 0.5f, 1.0f, 0xffffffff, 2.0f, 0.0f },
        { -0.5f, 3.5f, 0.5f, 1.0f, 0xffffffff, 0.0f, 2.0f },
        { 5.5f, 3.5f, 0.5f, 1.0f, 0xffffffff, 2.0f, 2.0f },
    };
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 3, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    if (!t) {
        r9_end(dev);
        return;
    }
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
    for (int y = 0; y < 2; y++)
        memcpy((char *)lr.pBits + y * lr.Pitch, texels[y], sizeof(texels[y]));
    IDirect3DTexture9_UnlockRect(t, 0);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSU, D3DTADDRESS_WRAP);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSV, D3DTADDRESS_WRAP);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    CHECK_HR(validate(dev), D3D_OK);
    r9_clear(dev, 0xff808080);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, NP_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])),
             D3D_OK);
    r9_read(dev, img);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 6; x++)
            CHECK_PIXEL(img[y * 6 + x], texels[y % 2][x % 3], 0);
    /* the same draw with CLAMP: column 2 / row 1 from the texture's far edge on */
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSU, D3DTADDRESS_CLAMP);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSV, D3DTADDRESS_CLAMP);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])),
             D3D_OK);
    r9_read(dev, img);
    CHECK_PIXEL(img[0], texels[0][0], 0);
    CHECK_PIXEL(img[3 * 6 + 4], texels[1][2], 0);
    CHECK_PIXEL(img[1 * 6 + 3], texels[1][2], 0);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DTexture9_Release(t);
    r9_end(dev);
}

/* max mipmaps a non-power-of-two texture: 7x5 has levels 7x5, 3x2, 1x1 (floor halving).  A quad
 * of 3x2 pixels with u, v 0..1 minifies by 7/3 and 5/2 texels a pixel: LOD log2(2.5) = 1.32,
 * which D3DTEXF_POINT mip filtering rounds to level 1, whose 3x2 texels then land one a pixel
 * (u = (x + 0.5) / 3: column x; v = (y + 0.5) / 2: row y).  Levels 0 and 2 are grey, so a wrong
 * level or a wrong level size shows. */
TEST(d3d9_nonpow2_render_mip_level_max)
{
    static const D3DCOLOR texels[2][3] = { { 0xffff0000, 0xff00ff00, 0xff0000ff },
                                           { 0xffffff00, 0xff00ffff, 0xffff00ff } };
    IDirect3DDevice9 *dev = r9_device_flags("max", 6, 4, D3DCREATE_HARDWARE_VERTEXPROCESSING);
    IDirect3DTexture9 *t = NULL;
    D3DLOCKED_RECT lr;
    D3DSURFACE_DESC sd;
    uint32_t img[6 * 4];
    const struct np_vert v[4] = {
        { -0.5f, -0.5f, 0.5f, 1.0f, 0xffffffff, 0.0f, 0.0f },
        { 2.5f, -0.5f, 0.5f, 1.0f, 0xffffffff, 1.0f, 0.0f },
        { -0.5f, 1.5f, 0.5f, 1.0f, 0xffffffff, 0.0f, 1.0f },
        { 2.5f, 1.5f, 0.5f, 1.0f, 0xffffffff, 1.0f, 1.0f },
    };
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 7, 5, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    if (!t) {
        r9_end(dev);
        return;
    }
    CHECK_EQ(IDirect3DTexture9_GetLevelCount(t), 3u);
    for (UINT l = 0; l < 3; l++) {
        IDirect3DTexture9_GetLevelDesc(t, l, &sd);
        CHECK_HR(IDirect3DTexture9_LockRect(t, l, &lr, NULL, 0), D3D_OK);
        for (UINT y = 0; y < sd.Height; y++)
            for (UINT x = 0; x < sd.Width; x++)
                ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[x] =
                    l == 1 ? texels[y][x] : 0xff808080;
        IDirect3DTexture9_UnlockRect(t, l);
    }
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSU, D3DTADDRESS_WRAP);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSV, D3DTADDRESS_WRAP);
    CHECK_HR(validate(dev), D3D_OK);
    r9_clear(dev, 0xff000000);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, NP_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])),
             D3D_OK);
    r9_read(dev, img);
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 3; x++)
            CHECK_PIXEL(img[y * 6 + x], texels[y][x], 0);
    CHECK_PIXEL(img[3 * 6 + 5], 0xff000000, 0);   /* outside the quad */
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DTexture9_Release(t);
    r9_end(dev);
}
