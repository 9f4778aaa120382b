/* tests/test_d3d9_formats_3dc.c — the 3Dc FOURCCs ATI1 and ATI2 on the max profile (issue 14
 * part 3): BC4/BC5 UNORM blocks ("Programming Guide for DDS": the legacy FourCCs 'ATI1' and
 * 'ATI2' are BC4_UNORM and BC5_UNORM; D3D11.3 19.5.9/19.5.10 for the block layout) read with
 * D3D9's channel mapping: ATI1's channel in r, g, b and a; ATI2's second block in r, its first
 * in g, b and a 1 (src/sample/texel_load.c says where that comes from).
 *
 * Each use CheckDeviceFormat reports is exercised — 2D textures (LockRect in blocks, point,
 * linear and mip-mapped sampling), cube textures, offscreen plain surfaces — and each one it
 * refuses (volume textures, render targets, depth-stencil) is refused by creation; DXTn's rule
 * for D3DPOOL_DEFAULT (a top level of whole 4x4 blocks) holds for them too.  The expected
 * values are the spec's interpolation formulas evaluated here in double precision, then
 * converted to the A8R8G8B8 back buffer (round to nearest, D3D11.3 3.2.3.6). */
#include "test_d3d9_render_util.h"

#define W 8
#define H 8
#define ATI1 ((D3DFORMAT)MAKEFOURCC('A', 'T', 'I', '1'))
#define ATI2 ((D3DFORMAT)MAKEFOURCC('A', 'T', 'I', '2'))

/* One BC4 block (8 bytes): endpoints a0, a1, then 16 3-bit indices, texel i at bit 3i of the
 * 48-bit little-endian field; index of texel i = (i + shift) % 8. */
static void bc4_block(void *out, uint8_t a0, uint8_t a1, unsigned shift)
{
    uint8_t *b = out;
    uint64_t bits = 0;
    for (unsigned i = 0; i < 16; i++)
        bits |= (uint64_t)((i + shift) % 8) << (3 * i);
    b[0] = a0;
    b[1] = a1;
    for (unsigned k = 0; k < 6; k++)
        b[2 + k] = (uint8_t)(bits >> (8 * k));
}

/* A block of one value: endpoint a0 = v, every index 0. */
static void bc4_solid(void *b, uint8_t v)
{
    memset(b, 0, 8);
    ((uint8_t *)b)[0] = v;
}

/* The 8-bit value texel i of that block shows: the spec's palette (a0 > a1: six interpolated
 * values over 7; otherwise four over 5, then 0 and 255), rounded to nearest. */
static unsigned bc4_value(uint8_t a0, uint8_t a1, unsigned i, unsigned shift)
{
    unsigned k = (i + shift) % 8;
    double v;
    if (k == 0)
        v = a0;
    else if (k == 1)
        v = a1;
    else if (a0 > a1)
        v = ((8.0 - k) * a0 + (k - 1.0) * a1) / 7.0;
    else if (k < 6)
        v = ((6.0 - k) * a0 + (k - 1.0) * a1) / 5.0;
    else
        v = k == 6 ? 0.0 : 255.0;
    return (unsigned)(v + 0.5);
}

/* A pre-transformed rectangle [x0, x1) x [y0, y1) with texture coordinates (u0, v0)-(u1, v1). */
static void tex_rect(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1, float u0,
                     float v0, float u1, float v1)
{
    struct {
        float x, y, z, rhw, u, v;
    } q[4] = { { x0 - 0.5f, y0 - 0.5f, 0.5f, 1, u0, v0 }, { x1 - 0.5f, y0 - 0.5f, 0.5f, 1, u1, v0 },
               { x0 - 0.5f, y1 - 0.5f, 0.5f, 1, u0, v1 }, { x1 - 0.5f, y1 - 0.5f, 0.5f, 1, u1, v1 } };
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
}

/* What a texel of value x (ATI1) or of first-block value g and second-block value r (ATI2)
 * shows in the back buffer. */
static uint32_t ati1_pixel(unsigned x)
{
    return x << 24 | x << 16 | x << 8 | x;
}

static uint32_t ati2_pixel(unsigned g, unsigned r)
{
    return 0xff0000ffu | r << 16 | g << 8;
}

TEST(d3d9_3dc_check)
{
    IDirect3D9 *max = t9_d3d(NULL), *l93 = t9_d3d("9_3");
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!max || !l93 || !dev)
        SKIP("no device");
    static const D3DFORMAT f[2] = { ATI1, ATI2 };
    for (int i = 0; i < 2; i++) {
        CHECK_HR(t9_check_format(max, 0, D3DRTYPE_TEXTURE, f[i]), D3D_OK);
        CHECK_HR(t9_check_format(max, 0, D3DRTYPE_CUBETEXTURE, f[i]), D3D_OK);
        CHECK_HR(t9_check_format(max, 0, D3DRTYPE_SURFACE, f[i]), D3D_OK);
        CHECK_HR(t9_check_format(max, D3DUSAGE_QUERY_FILTER, D3DRTYPE_TEXTURE, f[i]), D3D_OK);
        CHECK_HR(t9_check_format(max, D3DUSAGE_QUERY_WRAPANDMIP, D3DRTYPE_TEXTURE, f[i]), D3D_OK);
        CHECK_HR(t9_check_format(max, 0, D3DRTYPE_VOLUMETEXTURE, f[i]), D3DERR_NOTAVAILABLE);
        CHECK_HR(t9_check_format(max, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, f[i]),
                 D3DERR_NOTAVAILABLE);
        CHECK_HR(t9_check_format(max, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, f[i]),
                 D3DERR_NOTAVAILABLE);
        CHECK_HR(t9_check_format(max, D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING,
                                 D3DRTYPE_TEXTURE, f[i]), D3DERR_NOTAVAILABLE);
        CHECK_HR(t9_check_format(max, D3DUSAGE_QUERY_SRGBREAD, D3DRTYPE_TEXTURE, f[i]),
                 D3DERR_NOTAVAILABLE);
        CHECK_HR(t9_check_format(l93, 0, D3DRTYPE_TEXTURE, f[i]), D3DERR_NOTAVAILABLE);

        IDirect3DTexture9 *t = (IDirect3DTexture9 *)(uintptr_t)1;
        IDirect3DVolumeTexture9 *vt = (IDirect3DVolumeTexture9 *)(uintptr_t)1;
        IDirect3DSurface9 *s = (IDirect3DSurface9 *)(uintptr_t)1;
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, D3DUSAGE_RENDERTARGET, f[i],
                                                D3DPOOL_DEFAULT, &t, NULL), D3DERR_INVALIDCALL);
        CHECK(t == NULL);
        t = (IDirect3DTexture9 *)(uintptr_t)1;
        /* DXTn's rule: in D3DPOOL_DEFAULT the top level is whole 4x4 blocks */
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 6, 4, 1, 0, f[i], D3DPOOL_DEFAULT, &t, NULL),
                 D3DERR_INVALIDCALL);
        CHECK(t == NULL);
        CHECK_HR(IDirect3DDevice9_CreateVolumeTexture(dev, 4, 4, 2, 1, 0, f[i], D3DPOOL_MANAGED,
                                                      &vt, NULL), D3DERR_INVALIDCALL);
        CHECK(vt == NULL);
        CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 4, 4, f[i], D3DMULTISAMPLE_NONE, 0,
                                                     FALSE, &s, NULL), D3DERR_INVALIDCALL);
        CHECK(s == NULL);
        s = (IDirect3DSurface9 *)(uintptr_t)1;
        CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, 4, 4, f[i], D3DMULTISAMPLE_NONE,
                                                            0, FALSE, &s, NULL),
                 D3DERR_INVALIDCALL);
        CHECK(s == NULL);
        /* other pools take any size, with the last block column partly used */
        t = NULL;
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 6, 4, 1, 0, f[i], D3DPOOL_MANAGED, &t, NULL),
                 D3D_OK);
        if (t) {
            D3DLOCKED_RECT lr;
            CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
            CHECK_EQ(lr.Pitch, 2 * (i ? 16 : 8));   /* one row of two blocks */
            CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
            IDirect3DTexture9_Release(t);
        }
    }
    r9_end(dev);
    IDirect3D9_Release(max);
    IDirect3D9_Release(l93);
}

/* A 4x4 texture of one block, every texel drawn onto its own pixel (point sampling), and a
 * linear sample halfway between texels 0 and 1 of row 0. */
TEST(d3d9_3dc_sample)
{
    IDirect3DDevice9 *dev = r9_texture_device(W, H);
    if (!dev)
        SKIP("no device");
    for (int two = 0; two < 2; two++) {
        IDirect3DTexture9 *t = NULL;
        D3DLOCKED_RECT lr;
        uint32_t img[W * H];
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, two ? ATI2 : ATI1,
                                                D3DPOOL_MANAGED, &t, NULL), D3D_OK);
        if (!t)
            continue;
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
        CHECK_EQ(lr.Pitch, two ? 16 : 8);
        /* first block: the eight-value palette (200 > 100); ATI2's second block: the six-value
         * one (50 < 250) with 0 and 255, its indices shifted by 3 */
        bc4_block(lr.pBits, 200, 100, 0);
        if (two)
            bc4_block((uint8_t *)lr.pBits + 8, 50, 250, 3);
        CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
        r9_clear(dev, 0);
        tex_rect(dev, 0, 0, 4, 4, 0, 0, 1, 1);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_LINEAR);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR);
        tex_rect(dev, 5, 0, 6, 1, 0.25f, 0.125f, 0.25f, 0.125f);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
        r9_read(dev, img);
        for (unsigned i = 0; i < 16; i++) {
            unsigned g = bc4_value(200, 100, i, 0);
            uint32_t want = two ? ati2_pixel(g, bc4_value(50, 250, i, 3)) : ati1_pixel(g);
            uint32_t got = img[(i / 4) * W + i % 4];
            if (got != want)
                harness_fail(__FILE__, __LINE__, "ATI%d texel %u: 0x%08x, expected 0x%08x",
                             two + 1, i, got, want);
        }
        /* (200 + 100) / 2 and, for ATI2's red, (a0 + a1) / 2 of indices 3 and 4: (130 + 170) / 2 */
        CHECK_EQ(img[5], two ? ati2_pixel(150, 150) : ati1_pixel(150));
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
        IDirect3DTexture9_Release(t);
    }
    r9_end(dev);
}

/* Mipmaps: an 8x8 ATI1 texture of two levels (level 0 all 40, level 1 all 220) drawn onto 4x4
 * pixels (LOD 1) with D3DTEXF_POINT mip filtering reads level 1; magnified, level 0. */
TEST(d3d9_3dc_mipmaps)
{
    IDirect3DDevice9 *dev = r9_texture_device(W, H);
    IDirect3DTexture9 *t = NULL;
    uint32_t img[W * H];
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 8, 8, 2, 0, ATI1, D3DPOOL_MANAGED, &t, NULL),
             D3D_OK);
    if (!t)
        SKIP("no texture");
    for (UINT level = 0; level < 2; level++) {
        D3DLOCKED_RECT lr;
        unsigned blocks = level ? 1 : 2;
        CHECK_HR(IDirect3DTexture9_LockRect(t, level, &lr, NULL, 0), D3D_OK);
        for (unsigned by = 0; by < blocks; by++)
            for (unsigned bx = 0; bx < blocks; bx++)
                bc4_solid((uint8_t *)lr.pBits + by * lr.Pitch + bx * 8, level ? 220 : 40);
        CHECK_HR(IDirect3DTexture9_UnlockRect(t, level), D3D_OK);
    }
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    r9_clear(dev, 0);
    tex_rect(dev, 0, 0, 4, 4, 0, 0, 1, 1);
    tex_rect(dev, 4, 4, 8, 8, 0, 0, 0.25f, 0.25f);
    r9_read(dev, img);
    CHECK_EQ(img[W + 1], ati1_pixel(220));
    CHECK_EQ(img[5 * W + 5], ati1_pixel(40));
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DTexture9_Release(t);
    r9_end(dev);
}

/* A cube texture of edge 4 whose +X face holds 60 (ATI2: red 90, green 60) and -Z face 180
 * (red 30), read along those axes. */
TEST(d3d9_3dc_cube)
{
    IDirect3DDevice9 *dev = r9_texture_device(W, H);
    if (!dev)
        SKIP("no device");
    for (int two = 0; two < 2; two++) {
        IDirect3DCubeTexture9 *t = NULL;
        uint32_t img[W * H];
        CHECK_HR(IDirect3DDevice9_CreateCubeTexture(dev, 4, 1, 0, two ? ATI2 : ATI1,
                                                    D3DPOOL_MANAGED, &t, NULL), D3D_OK);
        if (!t)
            continue;
        for (int face = 0; face < 6; face++) {
            D3DLOCKED_RECT lr;
            CHECK_HR(IDirect3DCubeTexture9_LockRect(t, (D3DCUBEMAP_FACES)face, 0, &lr, NULL, 0),
                     D3D_OK);
            bool pz = face == D3DCUBEMAP_FACE_NEGATIVE_Z;
            bc4_solid(lr.pBits, pz ? 180 : face == D3DCUBEMAP_FACE_POSITIVE_X ? 60 : 0);
            if (two)
                bc4_solid((uint8_t *)lr.pBits + 8, pz ? 30 : 90);
            CHECK_HR(IDirect3DCubeTexture9_UnlockRect(t, (D3DCUBEMAP_FACES)face, 0), D3D_OK);
        }
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
        r9_clear(dev, 0);
        struct {
            float x, y, z, rhw, s, t, r;
        } q[2][4] = {
            { { -0.5f, -0.5f, 0.5f, 1, 1, 0.1f, 0.1f }, { 0.5f, -0.5f, 0.5f, 1, 1, 0.1f, 0.1f },
              { -0.5f, 0.5f, 0.5f, 1, 1, 0.1f, 0.1f }, { 0.5f, 0.5f, 0.5f, 1, 1, 0.1f, 0.1f } },
            { { 0.5f, -0.5f, 0.5f, 1, 0.1f, 0.1f, -1 }, { 1.5f, -0.5f, 0.5f, 1, 0.1f, 0.1f, -1 },
              { 0.5f, 0.5f, 0.5f, 1, 0.1f, 0.1f, -1 }, { 1.5f, 0.5f, 0.5f, 1, 0.1f, 0.1f, -1 } },
        };
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0));
        for (int k = 0; k < 2; k++)
            CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q[k],
                                                      sizeof(q[k][0])), D3D_OK);
        r9_read(dev, img);
        CHECK_EQ(img[0], two ? ati2_pixel(60, 90) : ati1_pixel(60));
        CHECK_EQ(img[1], two ? ati2_pixel(180, 30) : ati1_pixel(180));
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
        IDirect3DCubeTexture9_Release(t);
    }
    r9_end(dev);
}

/* Offscreen plain surfaces: created in SYSTEMMEM and SCRATCH, locked in whole blocks (DXTn's
 * rules), and copied into a texture by UpdateSurface, which then samples what was written. */
TEST(d3d9_3dc_offscreen)
{
    IDirect3DDevice9 *dev = r9_texture_device(W, H);
    if (!dev)
        SKIP("no device");
    for (int two = 0; two < 2; two++) {
        D3DFORMAT f = two ? ATI2 : ATI1;
        IDirect3DSurface9 *s = NULL, *scratch = NULL, *level = NULL;
        IDirect3DTexture9 *t = NULL;
        D3DLOCKED_RECT lr;
        uint32_t img[W * H];
        CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 4, f, D3DPOOL_SCRATCH,
                                                              &scratch, NULL), D3D_OK);
        CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 4, f, D3DPOOL_SYSTEMMEM, &s,
                                                              NULL), D3D_OK);
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 8, 4, 1, 0, f, D3DPOOL_DEFAULT, &t, NULL),
                 D3D_OK);
        if (!s || !scratch || !t)
            goto next;
        CHECK_HR(IDirect3DSurface9_LockRect(scratch, &lr, NULL, 0), D3D_OK);
        CHECK_EQ(lr.Pitch, two ? 32 : 16);
        CHECK_HR(IDirect3DSurface9_UnlockRect(scratch), D3D_OK);
        /* the right block only: its bytes come first in the locked pointer */
        RECT right = { 4, 0, 8, 4 };
        CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, NULL, 0), D3D_OK);
        memset(lr.pBits, 0, (size_t)lr.Pitch);
        CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3D_OK);
        CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, &right, 0), D3D_OK);
        bc4_solid(lr.pBits, 240);
        if (two)
            bc4_solid((uint8_t *)lr.pBits + 8, 16);
        CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3D_OK);
        IDirect3DTexture9_GetSurfaceLevel(t, 0, &level);
        CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, s, NULL, level, NULL), D3D_OK);
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
        r9_clear(dev, 0);
        tex_rect(dev, 0, 0, 8, 4, 0, 0, 1, 1);
        r9_read(dev, img);
        CHECK_EQ(img[W + 1], two ? ati2_pixel(0, 0) : ati1_pixel(0));
        CHECK_EQ(img[W + 6], two ? ati2_pixel(240, 16) : ati1_pixel(240));
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
    next:
        if (level)
            IDirect3DSurface9_Release(level);
        if (t)
            IDirect3DTexture9_Release(t);
        if (s)
            IDirect3DSurface9_Release(s);
        if (scratch)
            IDirect3DSurface9_Release(scratch);
    }
    r9_end(dev);
}
