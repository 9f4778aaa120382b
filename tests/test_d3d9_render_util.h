/* tests/test_d3d9_render_util.h — helpers of the Direct3D 9 rendering tests
 * (test_d3d9_render*.c): a device with a small A8R8G8B8 back buffer, scenes, the read-back of
 * the render target, colour arithmetic for closed-form expectations, and d3dbc assembly. */
#ifndef SOFTD3D_TESTS_D3D9_RENDER_UTIL_H
#define SOFTD3D_TESTS_D3D9_RENDER_UTIL_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "test_d3d9_util.h"

#include "shader/d3dbc.h"
#include "util/log.h"

#define R9_LAST util_last_message()

/* A device (hardware vertex processing unless flags say otherwise) with a w x h A8R8G8B8 back
 * buffer and a D24S8 depth buffer; lighting off, culling off, depth test off, stage 0 selecting
 * the diffuse colour and alpha (without a texture the default MODULATE(TEXTURE, CURRENT) /
 * SELECTARG1(TEXTURE) would give the colour with alpha 1: an unbound texture reads
 * (1, 1, 1, 1)), inside a scene. */
static inline IDirect3DDevice9 *r9_device_flags(const char *profile, UINT w, UINT h, DWORD flags)
{
    D3DPRESENT_PARAMETERS pp = t9_pp(w, h);
    pp.BackBufferFormat = D3DFMT_A8R8G8B8;
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    IDirect3DDevice9 *dev = t9_device_pp(profile, flags, &pp);
    if (!dev)
        return NULL;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_BeginScene(dev);
    return dev;
}

static inline IDirect3DDevice9 *r9_device(UINT w, UINT h)
{
    return r9_device_flags(NULL, w, h, D3DCREATE_HARDWARE_VERTEXPROCESSING);
}

/* r9_device() whose stage 0 outputs the texture's colour and alpha, sampler 0 clamping u and v:
 * for the format tests, which look at texels as they are. */
static inline IDirect3DDevice9 *r9_texture_device(UINT w, UINT h)
{
    IDirect3DDevice9 *dev = r9_device(w, h);
    if (!dev)
        return NULL;
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSU, D3DTADDRESS_CLAMP);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSV, D3DTADDRESS_CLAMP);
    return dev;
}

static inline void r9_end(IDirect3DDevice9 *dev)
{
    IDirect3DDevice9_EndScene(dev);
    T9_RELEASE_DEVICE(dev);
}

static inline void r9_clear(IDirect3DDevice9 *dev, D3DCOLOR c)
{
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER |
                                    D3DCLEAR_STENCIL, c, 1.0f, 0), D3D_OK);
}

/* The render target 0 image, 32 bits a pixel (A8R8G8B8: 0xAARRGGBB), into out[w * h]. */
static inline void r9_read(IDirect3DDevice9 *dev, uint32_t *out)
{
    IDirect3DSurface9 *rt = NULL, *sys = NULL;
    D3DSURFACE_DESC d;
    D3DLOCKED_RECT lr;
    CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 0, &rt), D3D_OK);
    if (!rt)
        return;
    IDirect3DSurface9_GetDesc(rt, &d);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, d.Width, d.Height, d.Format,
                                                          D3DPOOL_SYSTEMMEM, &sys, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetRenderTargetData(dev, rt, sys), D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
    for (UINT y = 0; y < d.Height; y++)
        memcpy(out + y * d.Width, (const char *)lr.pBits + y * lr.Pitch, 4 * d.Width);
    IDirect3DSurface9_UnlockRect(sys);
    IDirect3DSurface9_Release(sys);
    IDirect3DSurface9_Release(rt);
}

/* One pixel of render target 0. */
static inline uint32_t r9_pixel(IDirect3DDevice9 *dev, UINT w, UINT h, UINT x, UINT y)
{
    uint32_t *img = calloc((size_t)w * h, 4);
    uint32_t v = 0;
    if (!img)
        return 0;
    r9_read(dev, img);
    v = img[y * w + x];
    free(img);
    return v;
}

/* A float in [0, 1] as the 8-bit value the UNORM store writes (round to nearest). */
static inline unsigned r9_u8(double f)
{
    if (!(f > 0.0))
        return 0;
    if (f >= 1.0)
        return 255;
    return (unsigned)floor(f * 255.0 + 0.5);
}

static inline uint32_t r9_argb(double r, double g, double b, double a)
{
    return (uint32_t)r9_u8(a) << 24 | (uint32_t)r9_u8(r) << 16 | (uint32_t)r9_u8(g) << 8 |
           r9_u8(b);
}

/* Channels equal within `tol` (8-bit steps). */
static inline bool r9_near(uint32_t a, uint32_t b, unsigned tol)
{
    for (int s = 0; s < 32; s += 8) {
        int x = (int)((a >> s) & 0xff), y = (int)((b >> s) & 0xff);
        if (abs(x - y) > (int)tol)
            return false;
    }
    return true;
}

#define CHECK_PIXEL(got, want, tol)                                                              \
    do {                                                                                         \
        uint32_t check_g_ = (got), check_w_ = (want);                                            \
        if (!r9_near(check_g_, check_w_, (tol)))                                                 \
            harness_fail(__FILE__, __LINE__, "pixel 0x%08x, expected 0x%08x (+-%u): %s",         \
                         check_g_, check_w_, (unsigned)(tol), #got);                             \
    } while (0)

/* Pre-transformed vertex with a diffuse colour (D3DFVF_XYZRHW | D3DFVF_DIFFUSE). */
struct r9_tl {
    float x, y, z, rhw;
    D3DCOLOR diffuse;
};
#define R9_TL_FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)

/* A screen rectangle [x0, x1) x [y0, y1) in D3D9 pixel coordinates (corners at -0.5) as a
 * two-triangle strip. */
static inline void r9_rect(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1,
                           D3DCOLOR c)
{
    struct r9_tl v[4] = {
        { x0 - 0.5f, y0 - 0.5f, 0.5f, 1.0f, c }, { x1 - 0.5f, y0 - 0.5f, 0.5f, 1.0f, c },
        { x0 - 0.5f, y1 - 0.5f, 0.5f, 1.0f, c }, { x1 - 0.5f, y1 - 0.5f, 0.5f, 1.0f, c },
    };
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, R9_TL_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])),
             D3D_OK);
}

/* d3dbc tokens of an assembly listing (free() them). */
static inline DWORD *r9_asm(const char *text)
{
    uint32_t *tokens = NULL;
    size_t size = 0;
    struct d3dbc_error err;
    memset(&err, 0, sizeof(err));
    if (d3dbc_assemble_tokens(text, strlen(text), &tokens, &size, &err)) {
        harness_fail(__FILE__, __LINE__, "d3dbc_assemble_tokens: %s", err.message);
        return NULL;
    }
    return (DWORD *)tokens;
}

#endif
