/* tests/test_d3d9_state.c — Direct3D 9 device state: documented defaults of render, texture-stage
 * and sampler states, the argument rules of every state setter, seed 003's MAXANISOTROPY row,
 * instancing (seed 000: vs_3_0), shader-constant limits (seed 002: 8192 in software), the
 * FVF / declaration interplay, and state blocks (capture, apply, recording). */
#include <math.h>

#include "test_d3d9_util.h"

static DWORD fbits(float f)
{
    DWORD d;
    memcpy(&d, &f, 4);
    return d;
}

/* ---------------------------------------------------------------- render states */

TEST(d3d9_render_state_defaults)
{
    static const struct {
        D3DRENDERSTATETYPE s;
        DWORD v;
    } defaults[] = {
        { D3DRS_ZENABLE, D3DZB_TRUE },   /* the device has an automatic depth-stencil */
        { D3DRS_FILLMODE, D3DFILL_SOLID },
        { D3DRS_SHADEMODE, D3DSHADE_GOURAUD },
        { D3DRS_ZWRITEENABLE, TRUE },
        { D3DRS_ALPHATESTENABLE, FALSE },
        { D3DRS_LASTPIXEL, TRUE },
        { D3DRS_SRCBLEND, D3DBLEND_ONE },
        { D3DRS_DESTBLEND, D3DBLEND_ZERO },
        { D3DRS_CULLMODE, D3DCULL_CCW },
        { D3DRS_ZFUNC, D3DCMP_LESSEQUAL },
        { D3DRS_ALPHAREF, 0 },
        { D3DRS_ALPHAFUNC, D3DCMP_ALWAYS },
        { D3DRS_DITHERENABLE, FALSE },
        { D3DRS_ALPHABLENDENABLE, FALSE },
        { D3DRS_FOGENABLE, FALSE },
        { D3DRS_SPECULARENABLE, FALSE },
        { D3DRS_FOGCOLOR, 0 },
        { D3DRS_FOGTABLEMODE, D3DFOG_NONE },
        { D3DRS_STENCILENABLE, FALSE },
        { D3DRS_STENCILFAIL, D3DSTENCILOP_KEEP },
        { D3DRS_STENCILFUNC, D3DCMP_ALWAYS },
        { D3DRS_STENCILMASK, 0xffffffff },
        { D3DRS_STENCILWRITEMASK, 0xffffffff },
        { D3DRS_TEXTUREFACTOR, 0xffffffff },
        { D3DRS_WRAP0, 0 },
        { D3DRS_WRAP15, 0 },
        { D3DRS_CLIPPING, TRUE },
        { D3DRS_LIGHTING, TRUE },
        { D3DRS_AMBIENT, 0 },
        { D3DRS_COLORVERTEX, TRUE },
        { D3DRS_LOCALVIEWER, TRUE },
        { D3DRS_NORMALIZENORMALS, FALSE },
        { D3DRS_DIFFUSEMATERIALSOURCE, D3DMCS_COLOR1 },
        { D3DRS_SPECULARMATERIALSOURCE, D3DMCS_COLOR2 },
        { D3DRS_AMBIENTMATERIALSOURCE, D3DMCS_MATERIAL },
        { D3DRS_VERTEXBLEND, D3DVBF_DISABLE },
        { D3DRS_CLIPPLANEENABLE, 0 },
        { D3DRS_MULTISAMPLEANTIALIAS, TRUE },
        { D3DRS_MULTISAMPLEMASK, 0xffffffff },
        { D3DRS_COLORWRITEENABLE, 0xf },
        { D3DRS_COLORWRITEENABLE3, 0xf },
        { D3DRS_BLENDOP, D3DBLENDOP_ADD },
        { D3DRS_POSITIONDEGREE, D3DDEGREE_CUBIC },
        { D3DRS_NORMALDEGREE, D3DDEGREE_LINEAR },
        { D3DRS_SCISSORTESTENABLE, FALSE },
        { D3DRS_TWOSIDEDSTENCILMODE, FALSE },
        { D3DRS_CCW_STENCILFUNC, D3DCMP_ALWAYS },
        { D3DRS_BLENDFACTOR, 0xffffffff },
        { D3DRS_SRGBWRITEENABLE, 0 },
        { D3DRS_SEPARATEALPHABLENDENABLE, FALSE },
        { D3DRS_SRCBLENDALPHA, D3DBLEND_ONE },
        { D3DRS_DESTBLENDALPHA, D3DBLEND_ZERO },
        { D3DRS_BLENDOPALPHA, D3DBLENDOP_ADD },
    };
    static const struct {
        D3DRENDERSTATETYPE s;
        float v;
    } fdefaults[] = {
        { D3DRS_FOGSTART, 0.0f },        { D3DRS_FOGEND, 1.0f },
        { D3DRS_FOGDENSITY, 1.0f },      { D3DRS_POINTSIZE, 1.0f },
        { D3DRS_POINTSIZE_MIN, 1.0f },   { D3DRS_POINTSIZE_MAX, 256.0f },  /* max: MaxPointSize */
        { D3DRS_POINTSCALE_A, 1.0f },    { D3DRS_POINTSCALE_B, 0.0f },
        { D3DRS_TWEENFACTOR, 0.0f },     { D3DRS_DEPTHBIAS, 0.0f },
        { D3DRS_SLOPESCALEDEPTHBIAS, 0.0f }, { D3DRS_MINTESSELLATIONLEVEL, 1.0f },
        { D3DRS_MAXTESSELLATIONLEVEL, 1.0f }, { D3DRS_ADAPTIVETESS_Z, 1.0f },
    };
    IDirect3DDevice9 *dev = t9_device(NULL);
    D3DPRESENT_PARAMETERS pp = t9_pp(16, 16);
    DWORD v;
    if (!dev)
        SKIP("no device");
    for (size_t i = 0; i < sizeof(defaults) / sizeof(defaults[0]); i++) {
        v = 0xdeadbeef;
        CHECK_HR(IDirect3DDevice9_GetRenderState(dev, defaults[i].s, &v), D3D_OK);
        if (v != defaults[i].v)
            harness_fail(__FILE__, __LINE__, "render state %u: 0x%x, default 0x%x",
                         (unsigned)defaults[i].s, (unsigned)v, (unsigned)defaults[i].v);
    }
    for (size_t i = 0; i < sizeof(fdefaults) / sizeof(fdefaults[0]); i++) {
        CHECK_HR(IDirect3DDevice9_GetRenderState(dev, fdefaults[i].s, &v), D3D_OK);
        CHECK_EQ(v, fbits(fdefaults[i].v));
    }
    T9_RELEASE_DEVICE(dev);
    /* D3DRS_ZENABLE is FALSE without an automatic depth-stencil surface. */
    dev = t9_device_pp(NULL, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp);
    CHECK_HR(IDirect3DDevice9_GetRenderState(dev, D3DRS_ZENABLE, &v), D3D_OK);
    CHECK_EQ(v, D3DZB_FALSE);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_render_state_arguments)
{
    static const DWORD invalid[] = { 0, 1, 6, 10, 13, 17, 30, 61, 127, 138, 144, 153, 164, 169,
                                     177, 196, 197, 210, 0x7fffffff, 0xffffffff };
    IDirect3DDevice9 *dev = t9_device(NULL);
    DWORD v;
    if (!dev)
        SKIP("no device");
    for (size_t i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
        CHECK_HR(IDirect3DDevice9_SetRenderState(dev, invalid[i], 0), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_GetRenderState(dev, invalid[i], &v), D3DERR_INVALIDCALL);
    }
    CHECK_HR(IDirect3DDevice9_GetRenderState(dev, D3DRS_ZENABLE, NULL), D3DERR_INVALIDCALL);
    /* Values are not validated: they read back as set. */
    CHECK_HR(IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, 12345), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetRenderState(dev, D3DRS_CULLMODE, &v), D3D_OK);
    CHECK_EQ(v, 12345);
    T9_RELEASE_DEVICE(dev);
}

/* ----------------------------------------------------- texture-stage and sampler states */

TEST(d3d9_texture_stage_state_defaults)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    DWORD v;
    if (!dev)
        SKIP("no device");
    for (DWORD s = 0; s < 8; s++) {
        IDirect3DDevice9_GetTextureStageState(dev, s, D3DTSS_COLOROP, &v);
        CHECK_EQ(v, s ? D3DTOP_DISABLE : D3DTOP_MODULATE);
        IDirect3DDevice9_GetTextureStageState(dev, s, D3DTSS_ALPHAOP, &v);
        CHECK_EQ(v, s ? D3DTOP_DISABLE : D3DTOP_SELECTARG1);
        IDirect3DDevice9_GetTextureStageState(dev, s, D3DTSS_COLORARG1, &v);
        CHECK_EQ(v, D3DTA_TEXTURE);
        IDirect3DDevice9_GetTextureStageState(dev, s, D3DTSS_COLORARG2, &v);
        CHECK_EQ(v, D3DTA_CURRENT);
        IDirect3DDevice9_GetTextureStageState(dev, s, D3DTSS_ALPHAARG1, &v);
        CHECK_EQ(v, D3DTA_TEXTURE);
        IDirect3DDevice9_GetTextureStageState(dev, s, D3DTSS_TEXCOORDINDEX, &v);
        CHECK_EQ(v, s);
        IDirect3DDevice9_GetTextureStageState(dev, s, D3DTSS_TEXTURETRANSFORMFLAGS, &v);
        CHECK_EQ(v, D3DTTFF_DISABLE);
        IDirect3DDevice9_GetTextureStageState(dev, s, D3DTSS_RESULTARG, &v);
        CHECK_EQ(v, D3DTA_CURRENT);
        IDirect3DDevice9_GetTextureStageState(dev, s, D3DTSS_BUMPENVMAT00, &v);
        CHECK_EQ(v, 0);
    }
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 8, D3DTSS_COLOROP, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 0, 0, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 0, 12, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 0, 25, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 0, 33, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetTextureStageState(dev, 0, D3DTSS_COLOROP, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 7, D3DTSS_CONSTANT, 0x12345678), D3D_OK);
    IDirect3DDevice9_GetTextureStageState(dev, 7, D3DTSS_CONSTANT, &v);
    CHECK_EQ(v, 0x12345678);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_sampler_state_defaults)
{
    static const DWORD samplers[] = { 0, 7, 15, D3DDMAPSAMPLER, D3DVERTEXTEXTURESAMPLER0,
                                      D3DVERTEXTEXTURESAMPLER3 };
    static const DWORD expect[14] = {
        [D3DSAMP_ADDRESSU] = D3DTADDRESS_WRAP, [D3DSAMP_ADDRESSV] = D3DTADDRESS_WRAP,
        [D3DSAMP_ADDRESSW] = D3DTADDRESS_WRAP, [D3DSAMP_MAGFILTER] = D3DTEXF_POINT,
        [D3DSAMP_MINFILTER] = D3DTEXF_POINT,   [D3DSAMP_MIPFILTER] = D3DTEXF_NONE,
        [D3DSAMP_MAXANISOTROPY] = 1,           [D3DSAMP_DMAPOFFSET] = 256,
    };
    IDirect3DDevice9 *dev = t9_device(NULL);
    DWORD v;
    if (!dev)
        SKIP("no device");
    for (size_t i = 0; i < sizeof(samplers) / sizeof(samplers[0]); i++) {
        for (DWORD t = D3DSAMP_ADDRESSU; t <= D3DSAMP_DMAPOFFSET; t++) {
            v = 0xdeadbeef;
            CHECK_HR(IDirect3DDevice9_GetSamplerState(dev, samplers[i], t, &v), D3D_OK);
            CHECK_EQ(v, expect[t]);
        }
    }
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 16, D3DSAMP_MAGFILTER, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 255, D3DSAMP_MAGFILTER, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 261, D3DSAMP_MAGFILTER, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 0, 0, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 0, 14, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetSamplerState(dev, 0, D3DSAMP_MAGFILTER, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, D3DVERTEXTEXTURESAMPLER2, D3DSAMP_MINFILTER,
                                              D3DTEXF_LINEAR), D3D_OK);
    IDirect3DDevice9_GetSamplerState(dev, D3DVERTEXTEXTURESAMPLER2, D3DSAMP_MINFILTER, &v);
    CHECK_EQ(v, D3DTEXF_LINEAR);
    IDirect3DDevice9_GetSamplerState(dev, 2, D3DSAMP_MINFILTER, &v);
    CHECK_EQ(v, D3DTEXF_POINT);
    T9_RELEASE_DEVICE(dev);
}

/* Seed 003: "must accept every D3DTSS_MAXANISOTROPY setting from 1 to dwMaxAnisotropy" (2 at
 * 9_1, 16 from 9_2).  SetSamplerState validates no value: MaxAnisotropy + 1 is stored as set
 * too; the draw path clamps it to MaxAnisotropy. */
TEST(seed003_max_anisotropy_accepted)
{
    static const DWORD max[4] = { 2, 16, 16, 16 };
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        D3DCAPS9 caps;
        DWORD v;
        if (!dev)
            continue;
        IDirect3DDevice9_GetDeviceCaps(dev, &caps);
        CHECK_EQ(caps.MaxAnisotropy, max[p]);
        CHECK(caps.RasterCaps & D3DPRASTERCAPS_ANISOTROPY);
        for (DWORD a = 1; a <= caps.MaxAnisotropy + 1; a++) {
            for (DWORD s = 0; s < 16; s += 5) {
                CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, s, D3DSAMP_MAXANISOTROPY, a),
                         D3D_OK);
                CHECK_HR(IDirect3DDevice9_GetSamplerState(dev, s, D3DSAMP_MAXANISOTROPY, &v),
                         D3D_OK);
                CHECK_EQ(v, a);
            }
        }
        T9_RELEASE_DEVICE(dev);
    }
}

TEST(d3d9_set_texture_rules)
{
    IDirect3DDevice9 *dev = t9_device(NULL), *other = t9_device(NULL);
    IDirect3DTexture9 *t, *scratch, *foreign;
    IDirect3DBaseTexture9 *got = (IDirect3DBaseTexture9 *)(uintptr_t)1;
    if (!dev || !other)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_GetTexture(dev, 0, &got), D3D_OK);
    CHECK(got == NULL);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SCRATCH,
                                            &scratch, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateTexture(other, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &foreign, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTexture(dev, 15, (IDirect3DBaseTexture9 *)t), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTexture(dev, D3DDMAPSAMPLER, (IDirect3DBaseTexture9 *)t), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTexture(dev, D3DVERTEXTEXTURESAMPLER3,
                                         (IDirect3DBaseTexture9 *)t), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTexture(dev, 16, (IDirect3DBaseTexture9 *)t),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetTexture(dev, 1, (IDirect3DBaseTexture9 *)scratch),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetTexture(dev, 1, (IDirect3DBaseTexture9 *)foreign),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetTexture(dev, 15, &got), D3D_OK);
    CHECK(got == (IDirect3DBaseTexture9 *)t);
    CHECK_EQ(t9_refcount(t), 2);
    IDirect3DBaseTexture9_Release(got);
    CHECK_HR(IDirect3DDevice9_GetTexture(dev, 16, &got), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetTexture(dev, 0, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetTexture(dev, 0, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetTexture(dev, 0, &got), D3D_OK);
    CHECK(got == NULL);
    IDirect3DTexture9_Release(t);
    IDirect3DTexture9_Release(scratch);
    IDirect3DTexture9_Release(foreign);
    T9_RELEASE_DEVICE(dev);
    T9_RELEASE_DEVICE(other);
}

/* ---------------------------------------------------------------------- transforms */

TEST(d3d9_transforms)
{
    static const D3DMATRIX identity = { { { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 } } };
    static const D3DTRANSFORMSTATETYPE valid[] = { D3DTS_VIEW, D3DTS_PROJECTION, D3DTS_TEXTURE0,
                                                   D3DTS_TEXTURE7, D3DTS_WORLD,
                                                   D3DTS_WORLDMATRIX(255) };
    static const DWORD invalid[] = { 0, 1, 4, 15, 24, 255, 512, 0xffffffff };
    IDirect3DDevice9 *dev = t9_device(NULL);
    D3DMATRIX m, translate = identity, scale = identity;
    if (!dev)
        SKIP("no device");
    for (size_t i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
        CHECK_HR(IDirect3DDevice9_GetTransform(dev, valid[i], &m), D3D_OK);
        CHECK(!memcmp(&m, &identity, sizeof(m)));
    }
    for (size_t i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
        CHECK_HR(IDirect3DDevice9_SetTransform(dev, invalid[i], &identity), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_GetTransform(dev, invalid[i], &m), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_MultiplyTransform(dev, invalid[i], &identity),
                 D3DERR_INVALIDCALL);
    }
    CHECK_HR(IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, NULL), D3DERR_INVALIDCALL);
    /* MultiplyTransform: State = pMatrix x State. */
    translate.m[3][0] = 5.0f;
    scale.m[0][0] = 2.0f;
    CHECK_HR(IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(7), &translate), D3D_OK);
    CHECK_HR(IDirect3DDevice9_MultiplyTransform(dev, D3DTS_WORLDMATRIX(7), &scale), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetTransform(dev, D3DTS_WORLDMATRIX(7), &m), D3D_OK);
    CHECK(m.m[0][0] == 2.0f && m.m[3][0] == 5.0f);   /* scale x translate keeps the offset */
    CHECK_HR(IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &scale), D3D_OK);
    CHECK_HR(IDirect3DDevice9_MultiplyTransform(dev, D3DTS_VIEW, &translate), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetTransform(dev, D3DTS_VIEW, &m), D3D_OK);
    CHECK(m.m[0][0] == 2.0f && m.m[3][0] == 10.0f);  /* translate x scale scales it */
    T9_RELEASE_DEVICE(dev);
}

/* ------------------------------------------------------------ viewport and scissor */

TEST(d3d9_viewport_and_scissor)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DSurface9 *rt, *bb;
    D3DVIEWPORT9 vp;
    RECT r;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_GetViewport(dev, &vp), D3D_OK);
    CHECK(vp.X == 0 && vp.Y == 0 && vp.Width == 64 && vp.Height == 64);
    CHECK(vp.MinZ == 0.0f && vp.MaxZ == 1.0f);
    CHECK_HR(IDirect3DDevice9_GetScissorRect(dev, &r), D3D_OK);
    CHECK(r.left == 0 && r.top == 0 && r.right == 64 && r.bottom == 64);
    vp = (D3DVIEWPORT9){ 10, 20, 54, 44, 0.25f, 0.75f };
    CHECK_HR(IDirect3DDevice9_SetViewport(dev, &vp), D3D_OK);
    /* Windows accepts viewports past the target (state.c); they are kept as set. */
    vp.Width = 55;
    CHECK_HR(IDirect3DDevice9_SetViewport(dev, &vp), D3D_OK);
    vp = (D3DVIEWPORT9){ 0, 0, 64, 64, 0.0f, 1.5f };
    CHECK_HR(IDirect3DDevice9_SetViewport(dev, &vp), D3DERR_INVALIDCALL);
    vp = (D3DVIEWPORT9){ 0, 0, 64, 64, -0.5f, 1.0f };
    CHECK_HR(IDirect3DDevice9_SetViewport(dev, &vp), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetViewport(dev, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetViewport(dev, &vp), D3D_OK);
    CHECK(vp.X == 10 && vp.Width == 55 && vp.MinZ == 0.25f);
    r = (RECT){ 1, 2, 30, 40 };
    CHECK_HR(IDirect3DDevice9_SetScissorRect(dev, &r), D3D_OK);
    /* Windows accepts scissor rects past the target and reads them back as set. */
    r = (RECT){ -8192, -8192, 8192, 8192 };
    CHECK_HR(IDirect3DDevice9_SetScissorRect(dev, &r), D3D_OK);
    r = (RECT){ 0 };
    CHECK_HR(IDirect3DDevice9_GetScissorRect(dev, &r), D3D_OK);
    CHECK(r.left == -8192 && r.top == -8192 && r.right == 8192 && r.bottom == 8192);
    r = (RECT){ 5, 0, 4, 10 };
    CHECK_HR(IDirect3DDevice9_SetScissorRect(dev, &r), D3DERR_INVALIDCALL);
    r = (RECT){ 0, 5, 4, 4 };
    CHECK_HR(IDirect3DDevice9_SetScissorRect(dev, &r), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetScissorRect(dev, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetScissorRect(dev, &r), D3D_OK);
    CHECK(r.right == 8192);
    /* SetRenderTarget(0) resets both to the new target. */
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 32, 16, D3DFMT_A8R8G8B8,
                                                 D3DMULTISAMPLE_NONE, 0, FALSE, &rt, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, rt), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetViewport(dev, &vp), D3D_OK);
    CHECK(vp.X == 0 && vp.Y == 0 && vp.Width == 32 && vp.Height == 16 && vp.MinZ == 0.0f &&
          vp.MaxZ == 1.0f);
    CHECK_HR(IDirect3DDevice9_GetScissorRect(dev, &r), D3D_OK);
    CHECK(r.right == 32 && r.bottom == 16);
    vp = (D3DVIEWPORT9){ 0, 0, 64, 64, 0.0f, 1.0f };
    CHECK_HR(IDirect3DDevice9_SetViewport(dev, &vp), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, bb), D3D_OK);
    IDirect3DSurface9_Release(bb);
    IDirect3DSurface9_Release(rt);
    T9_RELEASE_DEVICE(dev);
}

/* ------------------------------------------------------------ material and lights */

TEST(d3d9_material_and_lights)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    D3DMATERIAL9 mat = { .Diffuse = { 1, 0.5f, 0.25f, 1 }, .Power = 8.0f }, got;
    D3DLIGHT9 l = { 0 }, gl;
    BOOL on;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_GetMaterial(dev, &got), D3D_OK);
    CHECK(got.Power == 0.0f && got.Diffuse.r == 0.0f);
    CHECK_HR(IDirect3DDevice9_SetMaterial(dev, &mat), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetMaterial(dev, &got), D3D_OK);
    CHECK(!memcmp(&got, &mat, sizeof(mat)));
    CHECK_HR(IDirect3DDevice9_SetMaterial(dev, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetMaterial(dev, NULL), D3DERR_INVALIDCALL);

    CHECK_HR(IDirect3DDevice9_GetLight(dev, 0, &gl), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetLightEnable(dev, 0, &on), D3DERR_INVALIDCALL);
    l.Type = D3DLIGHT_POINT;
    l.Range = 10.0f;
    l.Attenuation0 = 1.0f;
    CHECK_HR(IDirect3DDevice9_SetLight(dev, 0xffffffffu, &l), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetLight(dev, 0xffffffffu, &gl), D3D_OK);
    CHECK(gl.Type == D3DLIGHT_POINT && gl.Range == 10.0f);
    CHECK_HR(IDirect3DDevice9_GetLightEnable(dev, 0xffffffffu, &on), D3D_OK);
    CHECK_EQ(on, FALSE);
    /* D3DLIGHT9 ranges. */
    l.Type = (D3DLIGHTTYPE)4;
    CHECK_HR(IDirect3DDevice9_SetLight(dev, 1, &l), D3DERR_INVALIDCALL);
    l.Type = D3DLIGHT_POINT;
    l.Range = -1.0f;
    CHECK_HR(IDirect3DDevice9_SetLight(dev, 1, &l), D3DERR_INVALIDCALL);
    l.Range = 1e30f;   /* beyond sqrt(FLT_MAX) */
    CHECK_HR(IDirect3DDevice9_SetLight(dev, 1, &l), D3DERR_INVALIDCALL);
    l.Range = 1.0f;
    l.Attenuation1 = -0.5f;
    CHECK_HR(IDirect3DDevice9_SetLight(dev, 1, &l), D3DERR_INVALIDCALL);
    l.Attenuation1 = 0.0f;
    l.Type = D3DLIGHT_SPOT;
    l.Theta = 1.0f;
    l.Phi = 0.5f;
    CHECK_HR(IDirect3DDevice9_SetLight(dev, 1, &l), D3DERR_INVALIDCALL);
    l.Phi = 4.0f;
    CHECK_HR(IDirect3DDevice9_SetLight(dev, 1, &l), D3DERR_INVALIDCALL);
    l.Phi = 2.0f;
    CHECK_HR(IDirect3DDevice9_SetLight(dev, 1, &l), D3D_OK);
    l.Type = D3DLIGHT_DIRECTIONAL;
    l.Range = -5.0f;   /* no range for directional lights */
    CHECK_HR(IDirect3DDevice9_SetLight(dev, 2, &l), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetLight(dev, 2, NULL), D3DERR_INVALIDCALL);
    /* LightEnable of an unset index creates the documented default light. */
    CHECK_HR(IDirect3DDevice9_LightEnable(dev, 100, TRUE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetLight(dev, 100, &gl), D3D_OK);
    CHECK_EQ(gl.Type, D3DLIGHT_DIRECTIONAL);
    CHECK(gl.Diffuse.r == 1.0f && gl.Diffuse.g == 1.0f && gl.Diffuse.b == 1.0f &&
          gl.Diffuse.a == 0.0f);
    CHECK(gl.Direction.x == 0.0f && gl.Direction.y == 0.0f && gl.Direction.z == 1.0f);
    CHECK(gl.Specular.r == 0.0f && gl.Range == 0.0f);
    CHECK_HR(IDirect3DDevice9_GetLightEnable(dev, 100, &on), D3D_OK);
    CHECK_EQ(on, 128);   /* Windows' TRUE for an enabled light (state.c) */
    CHECK_HR(IDirect3DDevice9_GetLightEnable(dev, 100, NULL), D3DERR_INVALIDCALL);
    /* More lights than MaxActiveLights may be enabled (the limit applies when drawing). */
    for (DWORD i = 0; i < 12; i++)
        CHECK_HR(IDirect3DDevice9_LightEnable(dev, 200 + i, TRUE), D3D_OK);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_clip_planes)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    const float plane[4] = { 1, 2, 3, 4 };
    float got[4] = { 9, 9, 9, 9 };
    D3DCAPS9 caps;
    if (!dev)
        SKIP("no device");
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK_EQ(caps.MaxUserClipPlanes, 6);
    CHECK_HR(IDirect3DDevice9_GetClipPlane(dev, 5, got), D3D_OK);
    CHECK(got[0] == 0 && got[3] == 0);
    CHECK_HR(IDirect3DDevice9_SetClipPlane(dev, 5, plane), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetClipPlane(dev, 5, got), D3D_OK);
    CHECK(!memcmp(got, plane, sizeof(plane)));
    /* Windows: indices up to 2 x D3DMAXUSERCLIPPLANES - 1, past MaxUserClipPlanes the last
     * plane (state.c). */
    const float other[4] = { 5, 6, 7, 8 };
    CHECK_HR(IDirect3DDevice9_SetClipPlane(dev, 7, other), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetClipPlane(dev, 5, got), D3D_OK);
    CHECK(!memcmp(got, other, sizeof(other)));
    CHECK_HR(IDirect3DDevice9_GetClipPlane(dev, 63, got), D3D_OK);
    CHECK(!memcmp(got, other, sizeof(other)));
    CHECK_HR(IDirect3DDevice9_GetClipPlane(dev, 4, got), D3D_OK);
    CHECK(got[0] == 0 && got[3] == 0);
    CHECK_HR(IDirect3DDevice9_SetClipPlane(dev, 64, plane), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetClipPlane(dev, 64, got), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetClipPlane(dev, 5, got), D3D_OK);
    CHECK(!memcmp(got, other, sizeof(other)));
    CHECK_HR(IDirect3DDevice9_SetClipPlane(dev, 0, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetClipPlane(dev, 0, NULL), D3DERR_INVALIDCALL);
    T9_RELEASE_DEVICE(dev);
}

/* ---------------------------------------------------------- streams and instancing */

TEST(d3d9_stream_sources)
{
    IDirect3DDevice9 *dev = t9_device(NULL), *other = t9_device(NULL);
    IDirect3DVertexBuffer9 *vb, *foreign, *got;
    IDirect3DIndexBuffer9 *ib, *gib;
    UINT offset, stride;
    if (!dev || !other)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 256, 0, 0, D3DPOOL_MANAGED, &vb, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(other, 256, 0, 0, D3DPOOL_MANAGED, &foreign,
                                                 NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 15, vb, 16, 32), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetStreamSource(dev, 15, &got, &offset, &stride), D3D_OK);
    CHECK(got == vb);
    CHECK_EQ(offset, 16);
    CHECK_EQ(stride, 32);
    IDirect3DVertexBuffer9_Release(got);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 16, vb, 0, 32), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, 256), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, 255), D3D_OK);   /* MaxStreamStride */
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 1, foreign, 0, 16), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 1,
                                              (IDirect3DVertexBuffer9 *)(void *)foreign, 0, 16),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetStreamSource(dev, 1, &got, &offset, &stride), D3D_OK);
    CHECK(got == NULL);
    CHECK_HR(IDirect3DDevice9_GetStreamSource(dev, 1, &got, NULL, &stride), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetStreamSource(dev, 16, &got, &offset, &stride),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0), D3D_OK);
    /* Indices. */
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, 64, 0, D3DFMT_INDEX16, D3DPOOL_MANAGED, &ib,
                                                NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetIndices(dev, ib), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetIndices(dev, &gib), D3D_OK);
    CHECK(gib == ib);
    IDirect3DIndexBuffer9_Release(gib);
    CHECK_HR(IDirect3DDevice9_SetIndices(dev, (IDirect3DIndexBuffer9 *)(void *)vb),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetIndices(dev, NULL), D3DERR_INVALIDCALL);
    IDirect3DIndexBuffer9_Release(ib);
    IDirect3DVertexBuffer9_Release(vb);
    IDirect3DVertexBuffer9_Release(foreign);
    T9_RELEASE_DEVICE(dev);
    T9_RELEASE_DEVICE(other);
}

/* Seed 000: "a VertexShaderVersion of D3DVS_VERSION(3,0) guarantees support for instancing":
 * SetStreamSourceFreq beyond 1 at 9_3 and max only (and under software vertex processing, whose
 * caps have vs_3_0). */
TEST(seed000_instancing_needs_vs_3_0)
{
    for (int p = 0; p < 4; p++) {
        IDirect3DDevice9 *dev = t9_device(t9_profiles[p]);
        HRESULT want = p >= 2 ? D3D_OK : D3DERR_INVALIDCALL;
        UINT v;
        if (!dev)
            continue;
        CHECK_HR(IDirect3DDevice9_GetStreamSourceFreq(dev, 0, &v), D3D_OK);
        CHECK_EQ(v, 1);
        CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(dev, 0, 1), D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(dev, 0, D3DSTREAMSOURCE_INDEXEDDATA | 4),
                 want);
        CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(dev, 1, D3DSTREAMSOURCE_INSTANCEDATA | 1),
                 want);
        CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(dev, 2, 3), want);
        CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(dev, 0, D3DSTREAMSOURCE_INSTANCEDATA | 1),
                 D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(dev, 1, 0), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(dev, 1, D3DSTREAMSOURCE_INDEXEDDATA),
                 D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(dev, 1, D3DSTREAMSOURCE_INDEXEDDATA |
                                                                  D3DSTREAMSOURCE_INSTANCEDATA | 1),
                 D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(dev, 16, 1), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_GetStreamSourceFreq(dev, 1, NULL), D3DERR_INVALIDCALL);
        if (p >= 2) {
            CHECK_HR(IDirect3DDevice9_GetStreamSourceFreq(dev, 1, &v), D3D_OK);
            CHECK_EQ(v, D3DSTREAMSOURCE_INSTANCEDATA | 1);
        }
        T9_RELEASE_DEVICE(dev);
    }
    {
        D3DPRESENT_PARAMETERS pp = t9_pp(16, 16);
        IDirect3DDevice9 *dev =
            t9_device_pp("9_1", D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp);
        CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(dev, 1, D3DSTREAMSOURCE_INSTANCEDATA | 1),
                 D3D_OK);
        T9_RELEASE_DEVICE(dev);
    }
}

/* ---------------------------------------------------------- FVF and declarations */

TEST(d3d9_fvf_and_declaration_interplay)
{
    static const D3DVERTEXELEMENT9 as_fvf[] = {
        { 0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
        { 0, 12, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0 },
        { 0, 16, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0 },
        D3DDECL_END(),
    };
    static const D3DVERTEXELEMENT9 two_streams[] = {
        { 0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
        { 1, 0, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0 },
        D3DDECL_END(),
    };
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DVertexDeclaration9 *d1, *d2, *got;
    D3DVERTEXELEMENT9 e[MAXD3DDECLLENGTH + 1];
    DWORD fvf;
    UINT n;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_GetFVF(dev, &fvf), D3D_OK);
    CHECK_EQ(fvf, 0);
    CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(dev, &got), D3D_OK);
    CHECK(got == NULL);
    /* SetFVF: GetVertexDeclaration returns the declaration the code stands for. */
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetFVF(dev, &fvf), D3D_OK);
    CHECK_EQ(fvf, D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1);
    CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(dev, &got), D3D_OK);
    CHECK(got != NULL);
    if (got) {
        CHECK_HR(IDirect3DVertexDeclaration9_GetDeclaration(got, e, &n), D3D_OK);
        CHECK_EQ(n, 4);
        CHECK(!memcmp(e, as_fvf, sizeof(as_fvf)));
        IDirect3DVertexDeclaration9_Release(got);
    }
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_NORMAL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetFVF(dev, NULL), D3DERR_INVALIDCALL);
    /* SetVertexDeclaration: GetFVF reports the equivalent code, or 0. */
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, as_fvf, &d1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, two_streams, &d2), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(dev, d2), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetFVF(dev, &fvf), D3D_OK);
    CHECK_EQ(fvf, 0);
    CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(dev, d1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetFVF(dev, &fvf), D3D_OK);
    CHECK_EQ(fvf, D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1);
    CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(dev, &got), D3D_OK);
    CHECK(got == d1);
    IDirect3DVertexDeclaration9_Release(got);
    CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(dev, (IDirect3DVertexDeclaration9 *)(void *)dev),
             D3DERR_INVALIDCALL);
    /* SetFVF(0) changes nothing (Windows; state_vertex.c). */
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(dev, &got), D3D_OK);
    CHECK(got == d1);
    if (got)
        IDirect3DVertexDeclaration9_Release(got);
    CHECK_HR(IDirect3DDevice9_GetFVF(dev, &fvf), D3D_OK);
    CHECK_EQ(fvf, D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1);
    /* NULL still unsets it. */
    CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(dev, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(dev, &got), D3D_OK);
    CHECK(got == NULL);
    IDirect3DVertexDeclaration9_Release(d1);
    IDirect3DVertexDeclaration9_Release(d2);
    T9_RELEASE_DEVICE(dev);
}

/* -------------------------------------------------------------- shader constants */

TEST(seed002_shader_constant_limits)
{
    static float f[8192 * 4], g[8192 * 4];
    int iv[16 * 4] = { 0 };
    BOOL b[16] = { 0 }, gb[16];
    D3DPRESENT_PARAMETERS pp = t9_pp(16, 16);
    IDirect3DDevice9 *dev = t9_device(NULL);
    if (!dev)
        SKIP("no device");
    for (int i = 0; i < 8192 * 4; i++)
        f[i] = (float)i;
    /* Hardware: MaxVertexShaderConst 256. */
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, f, 256), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, 255, f, 1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, 255, f, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, 0xffffffffu, f, 2),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, NULL, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, NULL, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantF(dev, 10, g, 3), D3D_OK);
    CHECK(!memcmp(g, f + 40, 12 * sizeof(float)));
    /* Pixel shaders: the max profile's ps_3_0, 224 float registers ("Registers - ps_3_0"). */
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, f, 224), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantF(dev, 223, f, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetPixelShaderConstantF(dev, 200, g, 24), D3D_OK);
    CHECK(!memcmp(g, f + 200 * 4, 24 * 4 * sizeof(float)));
    /* Integer and boolean registers: 16 each. */
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantI(dev, 0, iv, 16), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantI(dev, 15, iv, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantI(dev, 16, iv, 1), D3DERR_INVALIDCALL);
    b[3] = 7;
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantB(dev, 0, b, 16), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetPixelShaderConstantB(dev, 0, gb, 16), D3D_OK);
    CHECK_EQ(gb[3], TRUE);
    CHECK_EQ(gb[2], FALSE);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantB(dev, 16, b, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantB(dev, 0, NULL, 1), D3DERR_INVALIDCALL);
    T9_RELEASE_DEVICE(dev);

    /* Software vertex processing: 8192 float registers ("Software Shaders"); a ps_2_0
     * device's pixel shaders have 32 ("Registers - ps_2_0"). */
    dev = t9_device_pp("9_1", D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp);
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantF(dev, 31, f, 1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantF(dev, 31, f, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, f, 8192), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, 8191, f, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantF(dev, 8000, g, 192), D3D_OK);
    CHECK(!memcmp(g, f + 8000 * 4, 192 * 4 * sizeof(float)));
    T9_RELEASE_DEVICE(dev);
    /* A mixed device follows its current mode. */
    dev = t9_device_pp(NULL, D3DCREATE_MIXED_VERTEXPROCESSING, &pp);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, 1000, f, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, TRUE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, 1000, f, 1), D3D_OK);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_shaders_null_npatch_palette_clipstatus)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DVertexShader9 *vs = (IDirect3DVertexShader9 *)(uintptr_t)1;
    IDirect3DPixelShader9 *ps = (IDirect3DPixelShader9 *)(uintptr_t)1;
    PALETTEENTRY pal[256], got[256];
    D3DCLIPSTATUS9 cs = { 5, 6 }, gcs;
    D3DCAPS9 caps;
    UINT n;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_SetVertexShader(dev, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexShader(dev, &vs), D3D_OK);
    CHECK(vs == NULL);
    CHECK_HR(IDirect3DDevice9_SetPixelShader(dev, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetPixelShader(dev, &ps), D3D_OK);
    CHECK(ps == NULL);
    CHECK_HR(IDirect3DDevice9_GetVertexShader(dev, NULL), D3DERR_INVALIDCALL);
    CHECK(IDirect3DDevice9_GetNPatchMode(dev) == 0.0f);
    CHECK_HR(IDirect3DDevice9_SetNPatchMode(dev, 3.5f), D3D_OK);
    CHECK(IDirect3DDevice9_GetNPatchMode(dev) == 3.5f);
    /* Palettes: no D3DPTEXTURECAPS_ALPHAPALETTE, so every alpha must be 0xFF. */
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK(!(caps.TextureCaps & D3DPTEXTURECAPS_ALPHAPALETTE));
    for (int i = 0; i < 256; i++)
        pal[i] = (PALETTEENTRY){ (BYTE)i, (BYTE)(255 - i), 7, 0xff };
    CHECK_HR(IDirect3DDevice9_GetPaletteEntries(dev, 3, got), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetPaletteEntries(dev, 3, pal), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetPaletteEntries(dev, 3, got), D3D_OK);
    CHECK(!memcmp(got, pal, sizeof(pal)));
    pal[9].peFlags = 0x80;
    CHECK_HR(IDirect3DDevice9_SetPaletteEntries(dev, 4, pal), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetPaletteEntries(dev, 0x10000, got), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetPaletteEntries(dev, 5, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetCurrentTexturePalette(dev, &n), D3D_OK);
    CHECK_EQ(n, 0xffff);
    CHECK_HR(IDirect3DDevice9_SetCurrentTexturePalette(dev, 3), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetCurrentTexturePalette(dev, &n), D3D_OK);
    CHECK_EQ(n, 3);
    CHECK_HR(IDirect3DDevice9_SetCurrentTexturePalette(dev, 0x10000), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetCurrentTexturePalette(dev, NULL), D3DERR_INVALIDCALL);
    /* Clip status. */
    CHECK_HR(IDirect3DDevice9_GetClipStatus(dev, &gcs), D3D_OK);
    CHECK_EQ(gcs.ClipUnion, 0);
    CHECK_EQ(gcs.ClipIntersection, 0xffffffffu);
    CHECK_HR(IDirect3DDevice9_SetClipStatus(dev, &cs), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetClipStatus(dev, &gcs), D3D_OK);
    CHECK_EQ(gcs.ClipUnion, 5);
    CHECK_HR(IDirect3DDevice9_SetClipStatus(dev, NULL), D3DERR_INVALIDCALL);
    T9_RELEASE_DEVICE(dev);
}

/* ------------------------------------------------------------------ state blocks */

static DWORD rs(IDirect3DDevice9 *dev, D3DRENDERSTATETYPE s)
{
    DWORD v = 0xdeadbeef;
    IDirect3DDevice9_GetRenderState(dev, s, &v);
    return v;
}

TEST(d3d9_state_block_all_capture_apply)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DStateBlock9 *sb;
    IDirect3DTexture9 *t;
    IDirect3DBaseTexture9 *got;
    IDirect3DDevice9 *sbdev;
    D3DMATRIX m = { { { 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1 } } }, gm;
    D3DVIEWPORT9 vp = { 1, 1, 10, 10, 0, 1 }, gvp;
    D3DLIGHT9 l = { .Type = D3DLIGHT_DIRECTIONAL };
    BOOL on;
    DWORD v;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x40);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, TRUE);
    IDirect3DDevice9_SetTexture(dev, 2, (IDirect3DBaseTexture9 *)t);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &m);
    IDirect3DDevice9_SetViewport(dev, &vp);
    IDirect3DDevice9_SetLight(dev, 3, &l);
    IDirect3DDevice9_LightEnable(dev, 3, TRUE);
    IDirect3DDevice9_SetSamplerState(dev, 1, D3DSAMP_MAXANISOTROPY, 4);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_ALL, &sb), D3D_OK);
    CHECK_HR(IDirect3DStateBlock9_GetDevice(sb, &sbdev), D3D_OK);
    CHECK(sbdev == dev);
    IDirect3DDevice9_Release(sbdev);
    /* The block holds the texture alive. */
    CHECK_EQ(IDirect3DTexture9_Release(t), 0);
    /* Change everything ... */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x80);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, FALSE);
    IDirect3DDevice9_SetTexture(dev, 2, NULL);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &m);
    m.m[0][0] = 7;
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &m);
    vp.Width = 20;
    IDirect3DDevice9_SetViewport(dev, &vp);
    IDirect3DDevice9_LightEnable(dev, 3, FALSE);
    IDirect3DDevice9_SetSamplerState(dev, 1, D3DSAMP_MAXANISOTROPY, 1);
    /* ... and apply. */
    CHECK_HR(IDirect3DStateBlock9_Apply(sb), D3D_OK);
    CHECK_EQ(rs(dev, D3DRS_ALPHAREF), 0x40);
    CHECK_EQ(rs(dev, D3DRS_FOGENABLE), TRUE);
    CHECK_HR(IDirect3DDevice9_GetTexture(dev, 2, &got), D3D_OK);
    CHECK(got != NULL);
    if (got)
        IDirect3DBaseTexture9_Release(got);
    IDirect3DDevice9_GetTransform(dev, D3DTS_WORLD, &gm);
    CHECK(gm.m[0][0] == 2.0f);
    IDirect3DDevice9_GetViewport(dev, &gvp);
    CHECK_EQ(gvp.Width, 10);
    IDirect3DDevice9_GetLightEnable(dev, 3, &on);
    CHECK_EQ(on, 128);   /* Windows' TRUE for an enabled light (state.c) */
    IDirect3DDevice9_GetSamplerState(dev, 1, D3DSAMP_MAXANISOTROPY, &v);
    CHECK_EQ(v, 4);
    /* Capture refreshes the block. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x11);
    CHECK_HR(IDirect3DStateBlock9_Capture(sb), D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x22);
    IDirect3DStateBlock9_Apply(sb);
    CHECK_EQ(rs(dev, D3DRS_ALPHAREF), 0x11);
    /* The block keeps the device alive. */
    CHECK_EQ(t9_refcount(dev), 2);   /* the application and the block */
    IDirect3DDevice9_SetTexture(dev, 2, NULL);
    CHECK_EQ(IDirect3DStateBlock9_Release(sb), 0);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_state_block_pixel_and_vertex_sets)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DStateBlock9 *pix, *vert;
    D3DMATRIX m = { { { 3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1 } } }, gm;
    D3DLIGHT9 l = { .Type = D3DLIGHT_DIRECTIONAL };
    DWORD v;
    BOOL on;
    if (!dev)
        SKIP("no device");
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x40);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGSTART, 0x3f000000);   /* in both sets */
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_ADD);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_DMAPOFFSET, 5);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR);
    IDirect3DDevice9_SetLight(dev, 1, &l);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_PIXELSTATE, &pix), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_VERTEXSTATE, &vert), D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_CCW);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGSTART, 0);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_DISABLE);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_DMAPOFFSET, 256);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_LightEnable(dev, 1, TRUE);
    IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &m);

    CHECK_HR(IDirect3DStateBlock9_Apply(pix), D3D_OK);
    CHECK_EQ(rs(dev, D3DRS_ALPHAREF), 0x40);         /* pixel */
    CHECK_EQ(rs(dev, D3DRS_CULLMODE), D3DCULL_CCW);  /* vertex: untouched */
    CHECK_EQ(rs(dev, D3DRS_FOGSTART), 0x3f000000);   /* both */
    IDirect3DDevice9_GetTextureStageState(dev, 1, D3DTSS_COLOROP, &v);
    CHECK_EQ(v, D3DTOP_ADD);
    IDirect3DDevice9_GetSamplerState(dev, 0, D3DSAMP_MAGFILTER, &v);
    CHECK_EQ(v, D3DTEXF_LINEAR);
    IDirect3DDevice9_GetSamplerState(dev, 0, D3DSAMP_DMAPOFFSET, &v);
    CHECK_EQ(v, 256);
    IDirect3DDevice9_GetLightEnable(dev, 1, &on);
    CHECK_EQ(on, 128);   /* Windows' TRUE for an enabled light (state.c) */

    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    CHECK_HR(IDirect3DStateBlock9_Apply(vert), D3D_OK);
    CHECK_EQ(rs(dev, D3DRS_ALPHAREF), 0);
    CHECK_EQ(rs(dev, D3DRS_CULLMODE), D3DCULL_NONE);
    IDirect3DDevice9_GetSamplerState(dev, 0, D3DSAMP_DMAPOFFSET, &v);
    CHECK_EQ(v, 5);
    IDirect3DDevice9_GetSamplerState(dev, 0, D3DSAMP_MAGFILTER, &v);
    CHECK_EQ(v, D3DTEXF_POINT);
    IDirect3DDevice9_GetLightEnable(dev, 1, &on);
    CHECK_EQ(on, FALSE);   /* the vertex block captured the light disabled */
    /* Transforms are in neither set (only D3DSBT_ALL). */
    IDirect3DDevice9_GetTransform(dev, D3DTS_VIEW, &gm);
    CHECK(gm.m[0][0] == 3.0f);
    IDirect3DStateBlock9_Release(pix);
    IDirect3DStateBlock9_Release(vert);
    T9_RELEASE_DEVICE(dev);
}

TEST(d3d9_state_block_recording)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DStateBlock9 *sb = (IDirect3DStateBlock9 *)(uintptr_t)1, *sb2;
    IDirect3DVertexBuffer9 *vb;
    IDirect3DVertexBuffer9 *got;
    UINT off, stride;
    BOOL on;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_EndStateBlock(dev, &sb), D3DERR_INVALIDCALL);
    CHECK(sb == NULL);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 64, 0, 0, D3DPOOL_MANAGED, &vb, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_BeginStateBlock(dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_BeginStateBlock(dev), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_ALL, &sb2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_USEW), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 2, vb, 8, 24), D3D_OK);
    CHECK_HR(IDirect3DDevice9_LightEnable(dev, 9, TRUE), D3D_OK);
    /* Recording changes only the block. */
    CHECK_EQ(rs(dev, D3DRS_ZENABLE), D3DZB_TRUE);
    CHECK_HR(IDirect3DDevice9_GetStreamSource(dev, 2, &got, &off, &stride), D3D_OK);
    CHECK(got == NULL);
    CHECK_HR(IDirect3DDevice9_GetLightEnable(dev, 9, &on), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_EndStateBlock(dev, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_EndStateBlock(dev, &sb), D3D_OK);
    CHECK_EQ(t9_refcount(sb), 1);
    CHECK_EQ(IDirect3DVertexBuffer9_Release(vb), 0);   /* the block holds it */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x33);
    CHECK_HR(IDirect3DStateBlock9_Apply(sb), D3D_OK);
    CHECK_EQ(rs(dev, D3DRS_ZENABLE), D3DZB_USEW);
    CHECK_EQ(rs(dev, D3DRS_ALPHAREF), 0x33);   /* not recorded: untouched */
    CHECK_HR(IDirect3DDevice9_GetStreamSource(dev, 2, &got, &off, &stride), D3D_OK);
    CHECK(got != NULL);
    CHECK_EQ(off, 8);
    CHECK_EQ(stride, 24);
    if (got)
        IDirect3DVertexBuffer9_Release(got);
    CHECK_HR(IDirect3DDevice9_GetLightEnable(dev, 9, &on), D3D_OK);
    CHECK_EQ(on, 128);   /* Windows' TRUE for an enabled light (state.c) */
    /* Capture refreshes only the recorded states. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_LightEnable(dev, 9, FALSE);
    CHECK_HR(IDirect3DStateBlock9_Capture(sb), D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    IDirect3DDevice9_LightEnable(dev, 9, TRUE);
    IDirect3DStateBlock9_Apply(sb);
    CHECK_EQ(rs(dev, D3DRS_ZENABLE), D3DZB_FALSE);
    IDirect3DDevice9_GetLightEnable(dev, 9, &on);
    CHECK_EQ(on, FALSE);
    /* Capture and Apply are refused while recording. */
    CHECK_HR(IDirect3DDevice9_BeginStateBlock(dev), D3D_OK);
    CHECK_HR(IDirect3DStateBlock9_Apply(sb), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DStateBlock9_Capture(sb), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_EndStateBlock(dev, &sb2), D3D_OK);
    IDirect3DStateBlock9_Release(sb2);
    IDirect3DDevice9_SetStreamSource(dev, 2, NULL, 0, 0);
    CHECK_EQ(IDirect3DStateBlock9_Release(sb), 0);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(dev, 0, &sb), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(dev, 4, &sb), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_ALL, NULL), D3DERR_INVALIDCALL);
    /* A recording abandoned by the device's end is freed with it. */
    CHECK_HR(IDirect3DDevice9_BeginStateBlock(dev), D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_USEW);
    T9_RELEASE_DEVICE(dev);
}

/* ------------------------------------------------------------------ ValidateDevice */

/* Seed 003, ValidateDevice: a supported setup is D3D_OK; an unsupported one returns the
 * specific code.  And D3DSAMP_MAXANISOTROPY: accepted by SetSamplerState at any value, reported
 * by ValidateDevice above MaxAnisotropy (D3DCAPS9: "maximum valid value"). */
TEST(seed003_validate_device)
{
    IDirect3DDevice9 *dev = t9_device("9_1"), *dev92;
    IDirect3DTexture9 *t;
    DWORD passes = 7;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3D_OK);
    CHECK_EQ(passes, 1);
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, NULL), D3DERR_INVALIDCALL);
    /* Texture operations: 9_1 has exactly DISABLE, SELECTARG1, SELECTARG2, MODULATE. */
    for (DWORD s = 0; s < 8; s++)
        IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_COLOROP, D3DTOP_MODULATE);
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3D_OK);
    IDirect3DDevice9_SetTextureStageState(dev, 3, D3DTSS_COLOROP, D3DTOP_ADD);
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3DERR_UNSUPPORTEDCOLOROPERATION);
    CHECK_EQ(passes, 0);
    IDirect3DDevice9_SetTextureStageState(dev, 3, D3DTSS_COLOROP, D3DTOP_DISABLE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAOP, D3DTOP_SUBTRACT);
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3DERR_UNSUPPORTEDALPHAOPERATION);
    /* Stages after the first disabled one do not count. */
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 5, D3DTSS_COLOROP, D3DTOP_BLENDDIFFUSEALPHA);
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3D_OK);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_CONSTANT);
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3DERR_UNSUPPORTEDCOLORARG);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, 9);   /* read by SELECTARG1 */
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3DERR_UNSUPPORTEDALPHAARG);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    /* Filters of a bound texture. */
    IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t, NULL);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_ANISOTROPIC);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXANISOTROPY, 2);
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3D_OK);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXANISOTROPY, 3);   /* MaxAnisotropy + 1 */
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3DERR_UNSUPPORTEDTEXTUREFILTER);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXANISOTROPY, 0);
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3DERR_UNSUPPORTEDTEXTUREFILTER);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXANISOTROPY, 1);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_ANISOTROPIC);
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3DERR_UNSUPPORTEDTEXTUREFILTER);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_LINEAR);
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3D_OK);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_NONE);
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3DERR_UNSUPPORTEDTEXTUREFILTER);
    /* Without a texture the sampler is not looked at. */
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3D_OK);
    IDirect3DTexture9_Release(t);
    T9_RELEASE_DEVICE(dev);

    /* R32F is a texture at 9_2 but cannot be filtered there ("Required DXGI formats"). */
    dev92 = t9_device("9_2");
    IDirect3DDevice9_CreateTexture(dev92, 4, 4, 1, 0, D3DFMT_R32F, D3DPOOL_MANAGED, &t, NULL);
    IDirect3DDevice9_SetTexture(dev92, 1, (IDirect3DBaseTexture9 *)t);
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev92, &passes), D3D_OK);
    IDirect3DDevice9_SetSamplerState(dev92, 1, D3DSAMP_MINFILTER, D3DTEXF_LINEAR);
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev92, &passes), D3DERR_UNSUPPORTEDTEXTUREFILTER);
    IDirect3DTexture9_Release(t);
    T9_RELEASE_DEVICE(dev92);
}
