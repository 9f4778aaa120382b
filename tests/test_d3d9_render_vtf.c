/* tests/test_d3d9_render_vtf.c — vertex texture fetch ("Vertex Textures in vs_3_0 (DirectX
 * HLSL)"): a vs_3_0 shader's texldl on s0 reads the texture and sampler states of
 * D3DVERTEXTEXTURESAMPLER0, with the explicit LOD of its coordinate's w, filtered as the
 * current mode's VertexTextureFilterCaps allow (9_3: point only; max: linear and mipmaps too).
 *
 * The vertex colour is the fetched texel; every vertex of the quad fetches the same one, so the
 * pixel is that texel exactly (point sampling), or the filter's blend (one 8-bit step of
 * tolerance: the sampler's weights are quantized, sampler.c). */
#include "test_d3d9_render_util.h"

#define W 8
#define H 8

static const char vs_fetch[] =
    "vs_3_0\n"
    "dcl_position v0\n"
    "dcl_texcoord v1\n"
    "dcl_2d s0\n"
    "dcl_position o0\n"
    "dcl_color o1\n"
    "mov o0, v0\n"
    "texldl r0, v1, s0\n"
    "mov o1, r0\n";

static const char ps_color[] =
    "ps_2_0\n"
    "dcl v0\n"
    "mov oC0, v0\n";

struct tvert {
    float x, y, z;
    float u, v, w, lod;
};

/* A 2x1 A32B32G32R32F texture, (0.2, 0.4, 0.6, 1) and (1, 0, 1, 1), with a 1x1 second level
 * (0, 1, 0, 1) when levels is 2. */
static IDirect3DTexture9 *float_texture(IDirect3DDevice9 *dev, UINT levels)
{
    IDirect3DTexture9 *t = NULL;
    D3DLOCKED_RECT lr;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 2, 1, levels, 0, D3DFMT_A32B32G32R32F,
                                            D3DPOOL_MANAGED, &t, NULL), D3D_OK);
    if (!t)
        return NULL;
    /* D3DFMT_A32B32G32R32F stores r, g, b, a in that order in memory */
    static const float l0[8] = { 0.2f, 0.4f, 0.6f, 1.0f, 1.0f, 0.0f, 1.0f, 1.0f };
    static const float l1[4] = { 0.0f, 1.0f, 0.0f, 1.0f };
    IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0);
    memcpy(lr.pBits, l0, sizeof(l0));
    IDirect3DTexture9_UnlockRect(t, 0);
    if (levels > 1) {
        IDirect3DTexture9_LockRect(t, 1, &lr, NULL, 0);
        memcpy(lr.pBits, l1, sizeof(l1));
        IDirect3DTexture9_UnlockRect(t, 1);
    }
    return t;
}

static uint32_t fetch(IDirect3DDevice9 *dev, float u, float lod)
{
    struct tvert q[4] = { { -1, 1, 0.5f, u, 0.5f, 0, lod }, { 1, 1, 0.5f, u, 0.5f, 0, lod },
                          { -1, -1, 0.5f, u, 0.5f, 0, lod }, { 1, -1, 0.5f, u, 0.5f, 0, lod } };
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
    return r9_pixel(dev, W, H, 4, 4);
}

struct vtf {
    IDirect3DDevice9 *dev;
    IDirect3DVertexShader9 *vs;
    IDirect3DPixelShader9 *ps;
    IDirect3DVertexDeclaration9 *decl;
    IDirect3DTexture9 *tex;
};

static bool vtf_setup(struct vtf *v, const char *profile, UINT levels)
{
    static const D3DVERTEXELEMENT9 el[] = {
        { 0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
        { 0, 12, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0 },
        D3DDECL_END()
    };
    memset(v, 0, sizeof(*v));
    if (!(v->dev = r9_device_flags(profile, W, H, D3DCREATE_HARDWARE_VERTEXPROCESSING)))
        return false;
    DWORD *vt = r9_asm(vs_fetch), *pt = r9_asm(ps_color);
    if (vt)
        CHECK_HR(IDirect3DDevice9_CreateVertexShader(v->dev, vt, &v->vs), D3D_OK);
    if (pt)
        CHECK_HR(IDirect3DDevice9_CreatePixelShader(v->dev, pt, &v->ps), D3D_OK);
    free(vt);
    free(pt);
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(v->dev, el, &v->decl), D3D_OK);
    v->tex = float_texture(v->dev, levels);
    if (!v->vs || !v->ps || !v->decl || !v->tex)
        return false;
    IDirect3DDevice9_SetVertexShader(v->dev, v->vs);
    IDirect3DDevice9_SetPixelShader(v->dev, v->ps);
    IDirect3DDevice9_SetVertexDeclaration(v->dev, v->decl);
    CHECK_HR(IDirect3DDevice9_SetTexture(v->dev, D3DVERTEXTEXTURESAMPLER0,
                                         (IDirect3DBaseTexture9 *)v->tex), D3D_OK);
    return true;
}

static void vtf_filter(struct vtf *v, DWORD min, DWORD mag, DWORD mip)
{
    IDirect3DDevice9_SetSamplerState(v->dev, D3DVERTEXTEXTURESAMPLER0, D3DSAMP_MINFILTER, min);
    IDirect3DDevice9_SetSamplerState(v->dev, D3DVERTEXTEXTURESAMPLER0, D3DSAMP_MAGFILTER, mag);
    IDirect3DDevice9_SetSamplerState(v->dev, D3DVERTEXTEXTURESAMPLER0, D3DSAMP_MIPFILTER, mip);
}

static void vtf_done(struct vtf *v)
{
    if (!v->dev)
        return;
    IDirect3DDevice9_SetVertexShader(v->dev, NULL);
    IDirect3DDevice9_SetPixelShader(v->dev, NULL);
    IDirect3DDevice9_SetVertexDeclaration(v->dev, NULL);
    IDirect3DDevice9_SetTexture(v->dev, D3DVERTEXTEXTURESAMPLER0, NULL);
    if (v->tex)
        IDirect3DTexture9_Release(v->tex);
    if (v->decl)
        IDirect3DVertexDeclaration9_Release(v->decl);
    if (v->vs)
        IDirect3DVertexShader9_Release(v->vs);
    if (v->ps)
        IDirect3DPixelShader9_Release(v->ps);
    r9_end(v->dev);
}

/* 9_3: vs_3_0 in hardware with point-sampled vertex textures; a LINEAR request falls back to
 * point (u = 0.45 would blend the two texels), and without MIPFPOINT no mip level but the top
 * one is read (lod 1 still gives level 0). */
TEST(d3d9_vtf_point_9_3)
{
    struct vtf v;
    if (vtf_setup(&v, "9_3", 2)) {
        D3DCAPS9 caps;
        IDirect3DDevice9_GetDeviceCaps(v.dev, &caps);
        CHECK_EQ(caps.VertexTextureFilterCaps, D3DPTFILTERCAPS_MINFPOINT |
                                               D3DPTFILTERCAPS_MAGFPOINT);
        vtf_filter(&v, D3DTEXF_POINT, D3DTEXF_POINT, D3DTEXF_NONE);
        CHECK_PIXEL(fetch(v.dev, 0.25f, 0.0f), r9_argb(0.2, 0.4, 0.6, 1), 0);
        CHECK_PIXEL(fetch(v.dev, 0.75f, 0.0f), r9_argb(1, 0, 1, 1), 0);
        vtf_filter(&v, D3DTEXF_LINEAR, D3DTEXF_LINEAR, D3DTEXF_POINT);
        CHECK_PIXEL(fetch(v.dev, 0.45f, 0.0f), r9_argb(0.2, 0.4, 0.6, 1), 0);
        CHECK_PIXEL(fetch(v.dev, 0.25f, 1.0f), r9_argb(0.2, 0.4, 0.6, 1), 0);
        /* the pixel sampler 0 is another slot: binding it changes nothing here */
        CHECK_HR(IDirect3DDevice9_SetTexture(v.dev, 0, NULL), D3D_OK);
        CHECK_PIXEL(fetch(v.dev, 0.75f, 0.0f), r9_argb(1, 0, 1, 1), 0);
        /* nothing bound at D3DVERTEXTEXTURESAMPLER0: the fetch reads 0 */
        IDirect3DDevice9_SetTexture(v.dev, D3DVERTEXTEXTURESAMPLER0, NULL);
        CHECK_PIXEL(fetch(v.dev, 0.75f, 0.0f), 0, 0);
    }
    vtf_done(&v);
}

/* max: linear filtering and mipmaps in the vertex stage.  u = 0.45 on a 2-texel row lies 0.4 of
 * the way from texel 0's centre to texel 1's: 0.6 t0 + 0.4 t1 = (0.52, 0.24, 0.76, 1); the
 * explicit LOD 1 reads the second level. */
TEST(d3d9_vtf_linear_mip_max)
{
    struct vtf v;
    if (vtf_setup(&v, NULL, 2)) {
        vtf_filter(&v, D3DTEXF_LINEAR, D3DTEXF_LINEAR, D3DTEXF_POINT);
        CHECK_PIXEL(fetch(v.dev, 0.45f, 0.0f), r9_argb(0.52, 0.24, 0.76, 1), 1);
        CHECK_PIXEL(fetch(v.dev, 0.25f, 1.0f), r9_argb(0, 1, 0, 1), 0);
        vtf_filter(&v, D3DTEXF_POINT, D3DTEXF_POINT, D3DTEXF_NONE);
        CHECK_PIXEL(fetch(v.dev, 0.45f, 0.0f), r9_argb(0.2, 0.4, 0.6, 1), 0);
        CHECK_PIXEL(fetch(v.dev, 0.25f, 1.0f), r9_argb(0.2, 0.4, 0.6, 1), 0);
    }
    vtf_done(&v);
}

/* Software vertex processing (seed 002: "full support for programmable vertex shaders"): on
 * 9_1, whose hardware has no vs_3_0, a software device runs vs_3_0 with vertex textures (point
 * sampling, D3DCAPS9 of software vertex processing); here from an A8R8G8B8 texture. */
TEST(d3d9_vtf_software_9_1)
{
    IDirect3DDevice9 *dev = r9_device_flags("9_1", W, H, D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    IDirect3DVertexDeclaration9 *decl = NULL;
    IDirect3DTexture9 *tex = NULL;
    D3DLOCKED_RECT lr;
    if (!dev)
        return;
    D3DCAPS9 caps;
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK(caps.VertexTextureFilterCaps & D3DPTFILTERCAPS_MINFPOINT);
    static const D3DVERTEXELEMENT9 el[] = {
        { 0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
        { 0, 12, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0 },
        D3DDECL_END()
    };
    DWORD *vt = r9_asm(vs_fetch), *pt = r9_asm(ps_color);
    if (vt)
        CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vt, &vs), D3D_OK);
    if (pt)
        CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, pt, &ps), D3D_OK);
    free(vt);
    free(pt);
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, el, &decl), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 2, 1, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &tex, NULL), D3D_OK);
    if (!vs || !ps || !decl || !tex)
        goto done;
    IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0);
    ((uint32_t *)lr.pBits)[0] = 0xff204080;
    ((uint32_t *)lr.pBits)[1] = 0xff80c0e0;
    IDirect3DTexture9_UnlockRect(tex, 0);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    IDirect3DDevice9_SetTexture(dev, D3DVERTEXTEXTURESAMPLER0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetSamplerState(dev, D3DVERTEXTEXTURESAMPLER0, D3DSAMP_MIPFILTER,
                                     D3DTEXF_NONE);
    CHECK_PIXEL(fetch(dev, 0.25f, 0.0f), 0xff204080, 0);
    CHECK_PIXEL(fetch(dev, 0.75f, 0.0f), 0xff80c0e0, 0);
done:
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    IDirect3DDevice9_SetTexture(dev, D3DVERTEXTEXTURESAMPLER0, NULL);
    if (tex)
        IDirect3DTexture9_Release(tex);
    if (decl)
        IDirect3DVertexDeclaration9_Release(decl);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    r9_end(dev);
}

/* max: the other float formats are vertex textures too (D3DUSAGE_QUERY_VERTEXTEXTURE), absent
 * channels reading 1 as in the pixel stage: a 2x1 texture of R16F, G16R16F, A16B16G16R16F or
 * G32R32F with texels (0.25, 0.75, 0.125, 1) and (0.75, 0.125, 0.25, 0.25) (exact in half and
 * float), point fetched, and linearly at u = 0.375 (weights 3/4, 1/4). */
TEST(d3d9_vtf_float_formats_max)
{
    static const struct {
        D3DFORMAT f;
        unsigned comps, bytes;   /* channels stored (r, g, b, a order), bytes each */
    } fmts[] = { { D3DFMT_R16F, 1, 2 }, { D3DFMT_G16R16F, 2, 2 },
                 { D3DFMT_A16B16G16R16F, 4, 2 }, { D3DFMT_G32R32F, 2, 4 } };
    static const float tx[2][4] = { { 0.25f, 0.75f, 0.125f, 1.0f },
                                    { 0.75f, 0.125f, 0.25f, 0.25f } };
    IDirect3D9 *d3d = t9_d3d(NULL);
    struct vtf v;
    if (!d3d)
        SKIP("no IDirect3D9");
    if (vtf_setup(&v, NULL, 1)) {
        for (size_t i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
            IDirect3DTexture9 *t = NULL;
            D3DLOCKED_RECT lr;
            double want[3][4];
            CHECK_HR(t9_check_format(d3d, D3DUSAGE_QUERY_VERTEXTEXTURE, D3DRTYPE_TEXTURE,
                                     fmts[i].f), D3D_OK);
            CHECK_HR(IDirect3DDevice9_CreateTexture(v.dev, 2, 1, 1, 0, fmts[i].f,
                                                    D3DPOOL_MANAGED, &t, NULL), D3D_OK);
            if (!t)
                continue;
            CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
            for (unsigned k = 0; k < 2; k++) {
                for (unsigned c = 0; c < 4; c++) {
                    double val = c < fmts[i].comps ? tx[k][c] : 1.0;
                    want[k][c] = val;
                    if (c >= fmts[i].comps)
                        continue;
                    uint8_t *p = (uint8_t *)lr.pBits + (k * fmts[i].comps + c) * fmts[i].bytes;
                    if (fmts[i].bytes == 4) {
                        memcpy(p, &tx[k][c], 4);
                    } else {
                        /* 0.125, 0.25, 0.75, 1 as float16: exponent and the top mantissa bit */
                        int e;
                        double m = frexp(tx[k][c], &e);   /* m in [0.5, 1) */
                        uint16_t h = (uint16_t)((e - 1 + 15) << 10 |
                                                (unsigned)((m * 2.0 - 1.0) * 1024.0));
                        memcpy(p, &h, 2);
                    }
                }
            }
            CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
            for (unsigned c = 0; c < 4; c++)
                want[2][c] = 0.75 * want[0][c] + 0.25 * want[1][c];
            CHECK_HR(IDirect3DDevice9_SetTexture(v.dev, D3DVERTEXTEXTURESAMPLER0,
                                                 (IDirect3DBaseTexture9 *)t), D3D_OK);
            vtf_filter(&v, D3DTEXF_POINT, D3DTEXF_POINT, D3DTEXF_NONE);
            CHECK_PIXEL(fetch(v.dev, 0.25f, 0.0f),
                        r9_argb(want[0][0], want[0][1], want[0][2], want[0][3]), 0);
            CHECK_PIXEL(fetch(v.dev, 0.75f, 0.0f),
                        r9_argb(want[1][0], want[1][1], want[1][2], want[1][3]), 0);
            vtf_filter(&v, D3DTEXF_LINEAR, D3DTEXF_LINEAR, D3DTEXF_NONE);
            CHECK_PIXEL(fetch(v.dev, 0.375f, 0.0f),
                        r9_argb(want[2][0], want[2][1], want[2][2], want[2][3]), 0);
            IDirect3DDevice9_SetTexture(v.dev, D3DVERTEXTEXTURESAMPLER0,
                                        (IDirect3DBaseTexture9 *)v.tex);
            IDirect3DTexture9_Release(t);
        }
    }
    vtf_done(&v);
    IDirect3D9_Release(d3d);
}
