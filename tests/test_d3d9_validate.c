/* tests/test_d3d9_validate.c — IDirect3DDevice9::ValidateDevice (src/d3d9/validate.c), seed 003:
 * D3D_OK with *pNumPasses 1 for what the device renders in one pass, and each documented error
 * code for what the profile's caps do not allow, at every profile where the outcome differs (the
 * strict 9_1 profile refuses the operations its minimum TextureOpCaps lack; max accepts every
 * operation the fixed-function pipeline executes).  Also the max profile's
 * D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES, with exact pixels. */
#include "test_d3d9_render_util.h"

#include "d3d9/d3d9_resource.h"

#define P91 0
#define P92 1
#define P93 2
#define PMAX 3

static HRESULT validate(IDirect3DDevice9 *dev)
{
    DWORD passes = 7;
    HRESULT hr = IDirect3DDevice9_ValidateDevice(dev, &passes);
    CHECK_EQ(passes, SUCCEEDED(hr) ? 1u : 0u);
    return hr;
}

static bool min_op(DWORD op)   /* seed 000, 9_1 TextureOpCaps */
{
    return op == D3DTOP_DISABLE || op == D3DTOP_SELECTARG1 || op == D3DTOP_SELECTARG2 ||
           op == D3DTOP_MODULATE;
}

static bool bump_op(DWORD op)
{
    return op == D3DTOP_BUMPENVMAP || op == D3DTOP_BUMPENVMAPLUMINANCE;
}

/* The default state validates on every profile, with pNumPasses 1; NULL pNumPasses is refused. */
TEST(d3d9_validate_ok_and_passes)
{
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        DWORD passes = 0;
        if (!dev)
            continue;
        CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3D_OK);
        CHECK_EQ(passes, 1);
        CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, NULL), D3DERR_INVALIDCALL);
        CHECK_STR_CONTAINS(R9_LAST, "pNumPasses");
        /* Eight stages of the minimum operations with all argument kinds the profile has. */
        for (DWORD s = 0; s < 8; s++) {
            IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_COLOROP, D3DTOP_MODULATE);
            IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_COLORARG1,
                                                  D3DTA_TFACTOR | D3DTA_COMPLEMENT);
            IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_COLORARG2,
                                                  D3DTA_SPECULAR | D3DTA_ALPHAREPLICATE);
            IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_ALPHAOP, D3DTOP_SELECTARG2);
            IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_ALPHAARG2, D3DTA_TEMP);
            IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_RESULTARG,
                                                  s & 1 ? D3DTA_TEMP : D3DTA_CURRENT);
        }
        CHECK_HR(validate(dev), D3D_OK);
        T9_RELEASE_DEVICE(dev);
    }
}

/* D3DERR_UNSUPPORTEDCOLOROPERATION / UNSUPPORTEDALPHAOPERATION: every D3DTOP on stage 1, as
 * colour and as alpha operation.  9_1, 9_2, 9_3 have exactly the seed-000 four; max has them
 * all (the bump-map ones as colour operations only); a value that is no D3DTOP is refused
 * everywhere. */
TEST(d3d9_validate_unsupported_operations)
{
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        if (!dev)
            continue;
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        for (DWORD op = D3DTOP_SELECTARG1; op <= D3DTOP_LERP; op++) {
            /* max: every operation (bump mapping included, ff_ps.c); bump mapping is a colour
             * operation only (D3DTEXTUREOP) */
            bool ok = p == PMAX || min_op(op);
            IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, op);
            CHECK_HR(validate(dev), ok ? D3D_OK : D3DERR_UNSUPPORTEDCOLOROPERATION);
            IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
            IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAOP, op);
            CHECK_HR(validate(dev), ok && !bump_op(op) ? D3D_OK : D3DERR_UNSUPPORTEDALPHAOPERATION);
            IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
        }
        IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_ADD);
        CHECK_HR(validate(dev), p == PMAX ? D3D_OK : D3DERR_UNSUPPORTEDCOLOROPERATION);
        if (p != PMAX)
            CHECK_STR_CONTAINS(R9_LAST, "stage 1 COLOROP 7 is not in TextureOpCaps");
        IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_LERP + 1);
        CHECK_HR(validate(dev), D3DERR_UNSUPPORTEDCOLOROPERATION);
        IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAOP, 0);
        CHECK_HR(validate(dev), D3DERR_UNSUPPORTEDALPHAOPERATION);
        /* ALPHAOP DISABLE with the colour operation on is accepted (its arguments unread). */
        IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAOP, D3DTOP_DISABLE);
        IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAARG1, 15);
        CHECK_HR(validate(dev), D3D_OK);
        /* Stages after the first disabled one are not judged. */
        IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_DISABLE);
        IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_COLOROP, 99);
        CHECK_HR(validate(dev), D3D_OK);
        T9_RELEASE_DEVICE(dev);
    }
}

/* D3DERR_UNSUPPORTEDCOLORARG / UNSUPPORTEDALPHAARG: D3DTA_CONSTANT needs
 * D3DPMISCCAPS_PERSTAGECONSTANT (max only); values that are no D3DTA are refused; an argument the
 * operation does not read is not judged; RESULTARG is CURRENT or TEMP. */
TEST(d3d9_validate_unsupported_args)
{
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        HRESULT constant_c = p == PMAX ? D3D_OK : D3DERR_UNSUPPORTEDCOLORARG;
        HRESULT constant_a = p == PMAX ? D3D_OK : D3DERR_UNSUPPORTEDALPHAARG;
        if (!dev)
            continue;
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG2, D3DTA_CONSTANT);
        CHECK_HR(validate(dev), constant_c);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG2, D3DTA_CURRENT);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1,
                                              D3DTA_CONSTANT | D3DTA_COMPLEMENT);
        CHECK_HR(validate(dev), constant_a);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
        /* No D3DTA value (selectors 7..15, unknown modifier bits). */
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, 7);
        CHECK_HR(validate(dev), D3DERR_UNSUPPORTEDCOLORARG);
        CHECK_STR_CONTAINS(R9_LAST, "COLORARG1");
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE | 0x40);
        CHECK_HR(validate(dev), D3DERR_UNSUPPORTEDCOLORARG);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, 15);
        CHECK_HR(validate(dev), D3DERR_UNSUPPORTEDALPHAARG);
        /* SELECTARG2 does not read ARG1: it is not judged. */
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG2);
        CHECK_HR(validate(dev), D3D_OK);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG2, 9);
        CHECK_HR(validate(dev), D3D_OK);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG2, D3DTA_CURRENT);
        /* ARG0 is read by MULTIPLYADD and LERP only (max has them). */
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG0, 8);
        CHECK_HR(validate(dev), D3D_OK);
        if (p == PMAX) {
            IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_LERP);
            CHECK_HR(validate(dev), D3DERR_UNSUPPORTEDCOLORARG);
            CHECK_STR_CONTAINS(R9_LAST, "COLORARG0");
            IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG0, D3DTA_CONSTANT);
            CHECK_HR(validate(dev), D3D_OK);
            IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_MULTIPLYADD);
            IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG0, 12);
            CHECK_HR(validate(dev), D3DERR_UNSUPPORTEDALPHAARG);
            IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
            IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        }
        /* RESULTARG: CURRENT or TEMP. */
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_RESULTARG, D3DTA_TFACTOR);
        CHECK_HR(validate(dev), D3DERR_UNSUPPORTEDCOLORARG);
        CHECK_STR_CONTAINS(R9_LAST, "RESULTARG");
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_RESULTARG, D3DTA_TEMP);
        CHECK_HR(validate(dev), D3D_OK);
        T9_RELEASE_DEVICE(dev);
    }
}

/* D3DERR_TOOMANYOPERATIONS: more enabled stages than MaxTextureBlendStages, or more textures on
 * them than MaxSimultaneousTextures.  Every profile has 8 and 8 (seed 000), the most D3D9 has, so
 * all eight stages with eight textures validate; the rule itself is shown against caps with
 * fewer, through the pure d3d9_validate_device_state(). */
TEST(d3d9_validate_too_many_operations)
{
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        IDirect3DTexture9 *t[8] = { 0 };
        if (!dev)
            continue;
        for (DWORD s = 0; s < 8; s++) {
            CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8,
                                                    D3DPOOL_MANAGED, &t[s], NULL), D3D_OK);
            IDirect3DDevice9_SetTexture(dev, s, (IDirect3DBaseTexture9 *)t[s]);
            IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_COLOROP, D3DTOP_MODULATE);
        }
        CHECK_HR(validate(dev), D3D_OK);

        struct d3d9_device *impl = d3d9_device_from_iface(dev);
        const D3DFORMAT rts[4] = { D3DFMT_X8R8G8B8, D3DFMT_UNKNOWN, D3DFMT_UNKNOWN,
                                   D3DFMT_UNKNOWN };
        D3DCAPS9 caps = impl->profile->caps;
        caps.MaxTextureBlendStages = 3;
        CHECK_HR(d3d9_validate_device_state(impl->profile, &caps, impl->state, rts),
                 D3DERR_TOOMANYOPERATIONS);
        CHECK_STR_CONTAINS(R9_LAST, "4 stages enabled, MaxTextureBlendStages is 3");
        IDirect3DDevice9_SetTextureStageState(dev, 3, D3DTSS_COLOROP, D3DTOP_DISABLE);
        CHECK_HR(d3d9_validate_device_state(impl->profile, &caps, impl->state, rts), D3D_OK);
        caps.MaxSimultaneousTextures = 2;
        CHECK_HR(d3d9_validate_device_state(impl->profile, &caps, impl->state, rts),
                 D3DERR_TOOMANYOPERATIONS);
        CHECK_STR_CONTAINS(R9_LAST, "MaxSimultaneousTextures is 2");
        IDirect3DDevice9_SetTexture(dev, 1, NULL);   /* two textures on three stages */
        CHECK_HR(d3d9_validate_device_state(impl->profile, &caps, impl->state, rts), D3D_OK);
        for (DWORD s = 0; s < 8; s++) {
            IDirect3DDevice9_SetTexture(dev, s, NULL);
            if (t[s])
                IDirect3DTexture9_Release(t[s]);
        }
        T9_RELEASE_DEVICE(dev);
    }
}

/* D3DERR_UNSUPPORTEDTEXTUREFILTER for filters outside the caps (the quad filters, anisotropic
 * magnification, NONE as min or mag filter, anisotropy outside 1..MaxAnisotropy: 2 at 9_1, 16
 * from 9_2).  D3DERR_CONFLICTINGTEXTUREFILTER never arises: the sampler applies the min, mag and
 * mip filters independently, so every combination of supported filters validates, on every
 * sampler at once. */
TEST(d3d9_validate_texture_filters)
{
    static const DWORD mins[] = { D3DTEXF_POINT, D3DTEXF_LINEAR, D3DTEXF_ANISOTROPIC };
    static const DWORD mags[] = { D3DTEXF_POINT, D3DTEXF_LINEAR };
    static const DWORD mips[] = { D3DTEXF_NONE, D3DTEXF_POINT, D3DTEXF_LINEAR };
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        IDirect3DTexture9 *t = NULL;
        DWORD max_aniso = p == P91 ? 2 : 16;
        if (!dev)
            continue;
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 8, 8, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                                &t, NULL), D3D_OK);
        for (DWORD s = 0; s < 8; s++)
            IDirect3DDevice9_SetTexture(dev, s, (IDirect3DBaseTexture9 *)t);
        for (size_t a = 0; a < 3; a++)
            for (size_t b = 0; b < 2; b++)
                for (size_t c = 0; c < 3; c++) {
                    for (DWORD s = 0; s < 8; s++) {
                        /* a different combination on each sampler */
                        IDirect3DDevice9_SetSamplerState(dev, s, D3DSAMP_MINFILTER,
                                                         mins[(a + s) % 3]);
                        IDirect3DDevice9_SetSamplerState(dev, s, D3DSAMP_MAGFILTER,
                                                         mags[(b + s) % 2]);
                        IDirect3DDevice9_SetSamplerState(dev, s, D3DSAMP_MIPFILTER,
                                                         mips[(c + s / 2) % 3]);
                        IDirect3DDevice9_SetSamplerState(dev, s, D3DSAMP_MAXANISOTROPY,
                                                         1 + s % max_aniso);
                    }
                    CHECK_HR(validate(dev), D3D_OK);
                }
        for (DWORD s = 1; s < 8; s++)
            IDirect3DDevice9_SetTexture(dev, s, NULL);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_ANISOTROPIC);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_LINEAR);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXANISOTROPY, max_aniso);
        CHECK_HR(validate(dev), D3D_OK);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXANISOTROPY, max_aniso + 1);
        CHECK_HR(validate(dev), D3DERR_UNSUPPORTEDTEXTUREFILTER);
        CHECK_STR_CONTAINS(R9_LAST, "MaxAnisotropy");
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXANISOTROPY, 4);
        CHECK_HR(validate(dev), p == P91 ? D3DERR_UNSUPPORTEDTEXTUREFILTER : D3D_OK);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXANISOTROPY, 1);
        static const DWORD bad[][3] = {
            { D3DTEXF_PYRAMIDALQUAD, D3DTEXF_LINEAR, D3DTEXF_NONE },
            { D3DTEXF_GAUSSIANQUAD, D3DTEXF_LINEAR, D3DTEXF_NONE },
            { D3DTEXF_LINEAR, D3DTEXF_ANISOTROPIC, D3DTEXF_NONE },
            { D3DTEXF_LINEAR, D3DTEXF_NONE, D3DTEXF_NONE },
            { D3DTEXF_NONE, D3DTEXF_LINEAR, D3DTEXF_NONE },
            { D3DTEXF_LINEAR, D3DTEXF_LINEAR, D3DTEXF_ANISOTROPIC },
            { D3DTEXF_LINEAR, D3DTEXF_LINEAR, 99 },
        };
        for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, bad[i][0]);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, bad[i][1]);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, bad[i][2]);
            CHECK_HR(validate(dev), D3DERR_UNSUPPORTEDTEXTUREFILTER);
        }
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
        IDirect3DTexture9_Release(t);
        T9_RELEASE_DEVICE(dev);
    }
}

/* D3DERR_CONFLICTINGRENDERSTATE: blending beyond the caps.  SEPARATEALPHABLENDENABLE from 9_2
 * (seed 000); SRCALPHASAT and the BOTH* factors are source factors of max only, and no
 * destination factor of any profile; W-buffering in
 * none (no D3DPRASTERCAPS_WBUFFER); a render target the profile does not blend: R32F on no
 * profile (its blending is among the format uses formats.c holds back), A16B16G16R16F from 9_3
 * ("Required DXGI formats", src/d3d9/formats.c).  With blending
 * off none of the blend states are judged. */
TEST(d3d9_validate_conflicting_render_states)
{
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        IDirect3DSurface9 *rt = NULL, *bb = NULL;
        if (!dev)
            continue;
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_SRCALPHA);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_BLENDOP, D3DBLENDOP_REVSUBTRACT);
        CHECK_HR(validate(dev), D3D_OK);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_SEPARATEALPHABLENDENABLE, TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLENDALPHA, D3DBLEND_ONE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLENDALPHA, D3DBLEND_INVBLENDFACTOR);
        CHECK_HR(validate(dev), p == P91 ? D3DERR_CONFLICTINGRENDERSTATE : D3D_OK);
        if (p == P91)
            CHECK_STR_CONTAINS(R9_LAST, "D3DPMISCCAPS_SEPARATEALPHABLEND");
        IDirect3DDevice9_SetRenderState(dev, D3DRS_SEPARATEALPHABLENDENABLE, FALSE);
        static const DWORD max_only[] = { D3DBLEND_SRCALPHASAT, D3DBLEND_BOTHSRCALPHA,
                                          D3DBLEND_BOTHINVSRCALPHA };
        for (size_t i = 0; i < sizeof(max_only) / sizeof(max_only[0]); i++) {
            IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, max_only[i]);
            CHECK_HR(validate(dev), p == PMAX ? D3D_OK : D3DERR_CONFLICTINGRENDERSTATE);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_ONE);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, max_only[i]);
            CHECK_HR(validate(dev), D3DERR_CONFLICTINGRENDERSTATE);
            CHECK_STR_CONTAINS(R9_LAST, "DestBlendCaps");
            IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
        }
        static const DWORD refused[] = { 0, 16, 99 };
        for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
            IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, refused[i]);
            CHECK_HR(validate(dev), D3DERR_CONFLICTINGRENDERSTATE);
            CHECK_STR_CONTAINS(R9_LAST, "SrcBlendCaps");
        }
        IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_BLENDFACTOR);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, 0);
        CHECK_HR(validate(dev), D3DERR_CONFLICTINGRENDERSTATE);
        CHECK_STR_CONTAINS(R9_LAST, "DestBlendCaps");
        /* Blending off: the factors are not looked at. */
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
        CHECK_HR(validate(dev), D3D_OK);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_ZERO);
        CHECK_HR(validate(dev), D3D_OK);
        /* W-buffering. */
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_USEW);
        CHECK_HR(validate(dev), D3DERR_CONFLICTINGRENDERSTATE);
        CHECK_STR_CONTAINS(R9_LAST, "D3DPRASTERCAPS_WBUFFER");
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
        /* Render-target formats. */
        CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 0, &bb), D3D_OK);
        if (p != P91) {
            CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 64, 64, D3DFMT_R32F,
                                                         D3DMULTISAMPLE_NONE, 0, FALSE, &rt,
                                                         NULL), D3D_OK);
            CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, rt), D3D_OK);
            /* R32F is blendable on max only (formats.c) */
            CHECK_HR(validate(dev), p == PMAX ? D3D_OK : D3DERR_CONFLICTINGRENDERSTATE);
            if (p != PMAX)
                CHECK_STR_CONTAINS(R9_LAST, "D3DFMT_R32F");
            IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
            CHECK_HR(validate(dev), D3D_OK);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
            IDirect3DSurface9_Release(rt);
            CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 64, 64, D3DFMT_A16B16G16R16F,
                                                         D3DMULTISAMPLE_NONE, 0, FALSE, &rt,
                                                         NULL), D3D_OK);
            CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, rt), D3D_OK);
            CHECK_HR(validate(dev), p == P92 ? D3DERR_CONFLICTINGRENDERSTATE : D3D_OK);
            IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
            IDirect3DSurface9_Release(rt);
        }
        CHECK_HR(validate(dev), D3D_OK);
        if (bb)
            IDirect3DSurface9_Release(bb);
        T9_RELEASE_DEVICE(dev);
    }
}

/* D3DERR_UNSUPPORTEDFACTORVALUE is "Not used; provided only to support older drivers" (D3DERR):
 * every D3DRS_TEXTUREFACTOR value validates, read as TFACTOR or by BLENDFACTORALPHA. */
TEST(d3d9_validate_texture_factor_values)
{
    static const DWORD factors[] = { 0, 0xffffffffu, 0x80808080u, 0x00ff00ffu, 0x12345678u };
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        if (!dev)
            continue;
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TFACTOR);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1,
                                              D3DTA_TFACTOR | D3DTA_COMPLEMENT);
        if (p == PMAX) {
            IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP,
                                                  D3DTOP_BLENDFACTORALPHA);
            IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG1, D3DTA_TFACTOR);
        }
        for (size_t i = 0; i < sizeof(factors) / sizeof(factors[0]); i++) {
            IDirect3DDevice9_SetRenderState(dev, D3DRS_TEXTUREFACTOR, factors[i]);
            CHECK_HR(validate(dev), D3D_OK);
        }
        T9_RELEASE_DEVICE(dev);
    }
}

/* D3DERR_CONFLICTINGTEXTUREPALETTE cannot arise: no profile creates palettized textures, so no
 * two bound textures can need different palettes; the current palette does not change the
 * answer. */
TEST(d3d9_validate_texture_palette)
{
    for (int p = 0; p < 4; p++) {
        IDirect3D9 *d3d = t9_d3d(t9_profiles[p]);
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        IDirect3DTexture9 *t = NULL;
        PALETTEENTRY pal[256];
        if (!d3d || !dev) {
            if (d3d)
                IDirect3D9_Release(d3d);
            if (dev)
                T9_RELEASE_DEVICE(dev);
            continue;
        }
        CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0,
                                              D3DRTYPE_TEXTURE, D3DFMT_P8), D3DERR_NOTAVAILABLE);
        CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0,
                                              D3DRTYPE_TEXTURE, D3DFMT_A8P8), D3DERR_NOTAVAILABLE);
        CHECK(FAILED(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_P8, D3DPOOL_MANAGED,
                                                    &t, NULL)));
        CHECK(t == NULL);
        for (int i = 0; i < 256; i++)   /* opaque: no D3DPTEXTURECAPS_ALPHAPALETTE */
            pal[i] = (PALETTEENTRY){ (BYTE)i, 0x7f, 0x10, 0xff };
        CHECK_HR(IDirect3DDevice9_SetPaletteEntries(dev, 3, pal), D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetCurrentTexturePalette(dev, 3), D3D_OK);
        CHECK_HR(validate(dev), D3D_OK);
        IDirect3D9_Release(d3d);
        T9_RELEASE_DEVICE(dev);
    }
}

/* StretchRect with texture levels (blit.c, the page's driver table): render-target texture
 * levels are sources and destinations on every profile, exactly; a texture that is not a render
 * target is a source only with the max profile's D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES, and
 * never a destination. */
TEST(d3d9_max_stretch_rect_from_textures)
{
    for (int p = P93; p <= PMAX; p++) {
        IDirect3DDevice9 *dev = r9_device_flags(t9_profiles[p], 16, 16,
                                                D3DCREATE_HARDWARE_VERTEXPROCESSING);
        IDirect3DTexture9 *tex = NULL, *dst_tex = NULL;
        IDirect3DSurface9 *lvl = NULL, *dst_lvl = NULL, *rt = NULL;
        D3DCAPS9 caps;
        if (!dev)
            continue;
        IDirect3DDevice9_GetDeviceCaps(dev, &caps);
        CHECK_EQ(!!(caps.DevCaps2 & D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES), p == PMAX);
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, D3DUSAGE_RENDERTARGET,
                                                D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &tex, NULL),
                 D3D_OK);
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 8, 8, 1, D3DUSAGE_RENDERTARGET,
                                                D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &dst_tex, NULL),
                 D3D_OK);
        if (!tex || !dst_tex)
            SKIP("no texture");
        IDirect3DTexture9_GetSurfaceLevel(tex, 0, &lvl);
        IDirect3DTexture9_GetSurfaceLevel(dst_tex, 0, &dst_lvl);
        CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 0, &rt), D3D_OK);
        /* A known 4x4 pattern into the texture: ColorFill the quadrants. */
        static const D3DCOLOR q[4] = { 0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff };
        for (int i = 0; i < 4; i++) {
            RECT r = { (i & 1) * 2, (i >> 1) * 2, (i & 1) * 2 + 2, (i >> 1) * 2 + 2 };
            CHECK_HR(IDirect3DDevice9_ColorFill(dev, lvl, &r, q[i]), D3D_OK);
        }
        r9_clear(dev, 0xff808080);
        /* Texture level -> back buffer, stretched 4x4 -> 16x16 with point filtering. */
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, lvl, NULL, rt, NULL, D3DTEXF_POINT), D3D_OK);
        uint32_t img[16 * 16];
        r9_read(dev, img);
        for (int y = 0; y < 16; y++)
            for (int x = 0; x < 16; x++) {
                uint32_t expect = q[(x >= 8) + 2 * (y >= 8)];
                if (img[y * 16 + x] != expect) {
                    CHECK_EQ(img[y * 16 + x], expect);
                    y = 16;
                    break;
                }
            }
        /* Back buffer -> render-target texture level, 16x16 -> 8x8 (point: every other texel),
         * then read it back through another StretchRect into the back buffer's corner. */
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, rt, NULL, dst_lvl, NULL, D3DTEXF_POINT),
                 D3D_OK);
        {
            r9_clear(dev, 0xff000000);
            RECT corner = { 0, 0, 8, 8 };
            CHECK_HR(IDirect3DDevice9_StretchRect(dev, dst_lvl, NULL, rt, &corner, D3DTEXF_NONE),
                     D3D_OK);
            CHECK_EQ(r9_pixel(dev, 16, 16, 1, 1), q[0]);
            CHECK_EQ(r9_pixel(dev, 16, 16, 6, 1), q[1]);
            CHECK_EQ(r9_pixel(dev, 16, 16, 1, 6), q[2]);
            CHECK_EQ(r9_pixel(dev, 16, 16, 7, 7), q[3]);
            CHECK_EQ(r9_pixel(dev, 16, 16, 12, 12), 0xff000000u);
            /* A texture destination still has to be a render-target texture. */
            IDirect3DTexture9 *plain = NULL;
            IDirect3DSurface9 *plain_lvl = NULL;
            CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8,
                                                    D3DPOOL_DEFAULT, &plain, NULL), D3D_OK);
            if (plain) {
                IDirect3DTexture9_GetSurfaceLevel(plain, 0, &plain_lvl);
                CHECK_HR(IDirect3DDevice9_StretchRect(dev, lvl, NULL, plain_lvl, NULL,
                                                      D3DTEXF_NONE), D3DERR_INVALIDCALL);
                CHECK_STR_CONTAINS(R9_LAST, "render-target texture");
                /* ... but may be a source, with the cap. */
                CHECK_HR(IDirect3DDevice9_StretchRect(dev, plain_lvl, NULL, dst_lvl, NULL,
                                                      D3DTEXF_LINEAR),
                         p == PMAX ? D3D_OK : D3DERR_INVALIDCALL);
                if (p != PMAX)
                    CHECK_STR_CONTAINS(R9_LAST, "D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES");
                IDirect3DSurface9_Release(plain_lvl);
                IDirect3DTexture9_Release(plain);
            }
        }
        IDirect3DSurface9_Release(rt);
        IDirect3DSurface9_Release(lvl);
        IDirect3DSurface9_Release(dst_lvl);
        IDirect3DTexture9_Release(tex);
        IDirect3DTexture9_Release(dst_tex);
        r9_end(dev);
    }
}

/* The max profile's extra source blend factors render as documented (D3DBLEND):
 * SRCALPHASAT (f, f, f, 1) with f = min(As, 1 - Ad); BOTHINVSRCALPHA source (1 - As), destination
 * As; BOTHSRCALPHA source As, destination 1 - As, whatever DESTBLEND says. */
TEST(d3d9_max_source_blend_factors)
{
    IDirect3DDevice9 *dev = r9_device_flags("max", 16, 16, D3DCREATE_HARDWARE_VERTEXPROCESSING);
    if (!dev)
        SKIP("no device");
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_SRCALPHASAT);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_ZERO);
    CHECK_HR(validate(dev), D3D_OK);
    /* As = 192/255, Ad = 64/255: f = min(192, 191) / 255; rgb * f, alpha * 1 */
    r9_clear(dev, 0x40ff0000);
    r9_rect(dev, 0, 0, 16, 16, 0xc000ff00);
    CHECK_PIXEL(r9_pixel(dev, 16, 16, 5, 5), 0xc000bf00u, 0);
    /* BOTHINVSRCALPHA over opaque red, As = 128/255 */
    double a = 128.0 / 255.0;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_BOTHINVSRCALPHA);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_ONE);   /* ignored */
    CHECK_HR(validate(dev), D3D_OK);
    r9_clear(dev, 0xffff0000);
    r9_rect(dev, 0, 0, 16, 16, 0x8000ff00);
    CHECK_PIXEL(r9_pixel(dev, 16, 16, 5, 5), r9_argb(a, 1.0 - a, 0, a * (1.0 - a) + a), 1);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_BOTHSRCALPHA);
    r9_clear(dev, 0xffff0000);
    r9_rect(dev, 0, 0, 16, 16, 0x8000ff00);
    CHECK_PIXEL(r9_pixel(dev, 16, 16, 5, 5), r9_argb(1.0 - a, a, 0, a * a + (1.0 - a)), 1);
    r9_end(dev);
}

/* With a pixel shader set the texture stages are not executed, so their operations do not
 * fail ValidateDevice (seed 003: D3D_OK for what renders); without it they do again. */
TEST(d3d9_validate_pixel_shader_replaces_stages)
{
    static const char ps[] = "ps_2_0\n"
                             "dcl v0\n"
                             "mov oC0, v0\n";
    IDirect3DDevice9 *dev = t9_device("9_1");
    IDirect3DPixelShader9 *shader = NULL;
    DWORD *tok;
    if (!dev)
        SKIP("no device");
    if ((tok = r9_asm(ps))) {
        CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, tok, &shader), D3D_OK);
        free(tok);
    }
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_ADD);
    CHECK_HR(validate(dev), D3DERR_UNSUPPORTEDCOLOROPERATION);
    IDirect3DDevice9_SetPixelShader(dev, shader);
    CHECK_HR(validate(dev), D3D_OK);
    /* ... but the output-merger states still count */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SEPARATEALPHABLENDENABLE, TRUE);
    CHECK_HR(validate(dev), D3DERR_CONFLICTINGRENDERSTATE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SEPARATEALPHABLENDENABLE, FALSE);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    CHECK_HR(validate(dev), D3DERR_UNSUPPORTEDCOLOROPERATION);
    if (shader)
        IDirect3DPixelShader9_Release(shader);
    T9_RELEASE_DEVICE(dev);
}
