/* tests/test_d3d9_render_wrap.c — D3DRS_WRAP0..15, cylindrical texture-coordinate wrapping
 * (issue 14 part 3), in the fixed-function path and with shaders.  "Texture Wrapping
 * (Direct3D 9)": with wrapping on in a direction, a coordinate is interpolated as on a cylinder
 * where 0 and 1 coincide, along the shortest path — from 0.875 to 0.125 through 1.0, not
 * through 0.5.  D3DWRAPCOORD_0..3 wrap the first..fourth coordinate of texture coordinate set
 * n (D3DWRAPCOORD).
 *
 * The scene: an 8 x 1 strip of pixels whose u runs from U0 at the left edge to U1 at the right,
 * on an 8 x 8 texture with a distinct colour per texel (point sampling, WRAP addressing).
 * Unwrapped, pixel x reads u = U0 + (U1 - U0)(x + 1/2)/8: texels 6, 6, 5, 5, ... (u * 8 =
 * 7 - 0.75 (x + 1/2)); wrapped, U1 becomes U1 + 1 and u * 8 = 7 + (2x + 1)/8: texel 7 for
 * x < 4, then 8 = texel 0.  v is constant (texel row 4), or runs the same way for the v
 * tests. */
#include "test_d3d9_render_util.h"

#define W 8
#define H 8

#define U0 0.875f
#define U1 0.125f

/* texel (x, y): a colour only it has */
static D3DCOLOR texel_color(unsigned x, unsigned y)
{
    return 0xff000000u | (x * 32u + 16u) << 16 | (y * 32u + 16u) << 8 | 0x40u;
}

static IDirect3DTexture9 *wrap_texture(IDirect3DDevice9 *dev)
{
    IDirect3DTexture9 *t = NULL;
    D3DLOCKED_RECT lr;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    if (!t)
        return NULL;
    CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 8; x++)
            ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[x] = texel_color(x, y);
    CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
    return t;
}

/* The texel pixel x of the strip reads, wrapped or not (top comment). */
static unsigned strip_texel(unsigned x, bool wrapped)
{
    double u0 = U0, u1 = wrapped ? U1 + 1.0 : U1;
    double u = u0 + (u1 - u0) * (x + 0.5) / 8.0;
    double t = floor(u * 8.0);
    return (unsigned)(t - 8.0 * floor(t / 8.0));
}

/* Row y0 of the target: pixel x must be texel (tx(x), ty(x)). */
static void check_row(const uint32_t *img, unsigned y0, bool wrap_u, bool wrap_v, bool run_v,
                      int line)
{
    for (unsigned x = 0; x < 8; x++) {
        unsigned tx = run_v ? 4 : strip_texel(x, wrap_u);
        unsigned ty = run_v ? strip_texel(x, wrap_v) : 4;
        uint32_t want = texel_color(tx, ty);
        if (img[y0 * W + x] != want)
            harness_fail(__FILE__, line, "pixel %u: 0x%08x, expected texel (%u, %u) 0x%08x", x,
                         img[y0 * W + x], tx, ty, want);
    }
}

/* pre-transformed, two texture coordinate sets */
struct wv {
    float x, y, z, rhw;
    float t0[2], t1[2];
};
#define WV_FVF (D3DFVF_XYZRHW | D3DFVF_TEX2)

/* Row y0: set `set` runs U0 -> U1 along u (or along v with run_v), the other set stays at the
 * texel centre (4.5 / 8) in both coordinates. */
static void wrap_strip(IDirect3DDevice9 *dev, unsigned y0, unsigned set, bool run_v)
{
    const float c = 4.5f / 8.0f;
    struct wv q[4];
    for (int k = 0; k < 4; k++) {
        float s = (k & 1) ? U1 : U0;
        q[k].x = (k & 1) ? W - 0.5f : -0.5f;
        q[k].y = (float)y0 + ((k & 2) ? 0.5f : -0.5f);
        q[k].z = 0.5f;
        q[k].rhw = 1.0f;
        float *mine = set ? q[k].t1 : q[k].t0, *other = set ? q[k].t0 : q[k].t1;
        mine[0] = run_v ? c : s;
        mine[1] = run_v ? s : c;
        other[0] = other[1] = c;
    }
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, WV_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
}

static IDirect3DDevice9 *wrap_device(IDirect3DTexture9 **t)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    *t = NULL;
    if (!dev)
        return NULL;
    if (!(*t = wrap_texture(dev))) {
        r9_end(dev);
        return NULL;
    }
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)*t);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    r9_clear(dev, 0);
    return dev;
}

static void wrap_done(IDirect3DDevice9 *dev, IDirect3DTexture9 *t)
{
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DTexture9_Release(t);
    r9_end(dev);
}

/* Fixed function: WRAP0 U / V on stage 0's set 0; a flag of another set or coordinate changes
 * nothing; D3DTSS_TEXCOORDINDEX 1 makes WRAP1 the one that applies. */
TEST(d3d9_wrap_fixed_function)
{
    IDirect3DTexture9 *t;
    IDirect3DDevice9 *dev = wrap_device(&t);
    uint32_t img[W * H];
    if (!dev)
        SKIP("no device");
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, 0);
    wrap_strip(dev, 0, 0, false);                              /* row 0: no wrapping */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, D3DWRAPCOORD_0);
    wrap_strip(dev, 1, 0, false);                              /* row 1: u wrapped */
    wrap_strip(dev, 2, 0, true);                               /* row 2: v runs, not wrapped */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, D3DWRAPCOORD_1);
    wrap_strip(dev, 3, 0, true);                               /* row 3: v wrapped */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP1, D3DWRAPCOORD_0 | D3DWRAPCOORD_1);
    wrap_strip(dev, 4, 0, false);                              /* row 4: WRAP1, set 0 read */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXCOORDINDEX, 1);
    wrap_strip(dev, 5, 1, false);                              /* row 5: set 1, WRAP1 */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP1, 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, D3DWRAPCOORD_0);
    wrap_strip(dev, 6, 1, false);                              /* row 6: set 1, WRAP0 only */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, 0);
    r9_read(dev, img);
    check_row(img, 0, false, false, false, __LINE__);
    check_row(img, 1, true, false, false, __LINE__);
    check_row(img, 2, true, false, true, __LINE__);
    check_row(img, 3, false, true, true, __LINE__);
    check_row(img, 4, false, false, false, __LINE__);
    check_row(img, 5, true, false, false, __LINE__);
    check_row(img, 6, false, false, false, __LINE__);
    /* the render state reads back as set; the 16 states are independent */
    DWORD v = 0;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP15, D3DWRAPCOORD_3);
    CHECK_HR(IDirect3DDevice9_GetRenderState(dev, D3DRS_WRAP15, &v), D3D_OK);
    CHECK_EQ(v, D3DWRAPCOORD_3);
    wrap_done(dev, t);
}

/* Wrapping applies to lines as well (the shortest way between the two vertices). */
TEST(d3d9_wrap_lines)
{
    IDirect3DTexture9 *t;
    IDirect3DDevice9 *dev = wrap_device(&t);
    uint32_t img[W * H];
    const float c = 4.5f / 8.0f;
    if (!dev)
        SKIP("no device");
    /* a horizontal line through the pixel centres of row 2, from x = -0.5 to 7.5 */
    struct wv l[2] = { { -0.5f, 2.0f, 0.5f, 1, { U0, c }, { c, c } },
                       { W - 0.5f, 2.0f, 0.5f, 1, { U1, c }, { c, c } } };
    IDirect3DDevice9_SetFVF(dev, WV_FVF);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, D3DWRAPCOORD_0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_LINELIST, 1, l, sizeof(l[0])), D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, 0);
    l[0].y = l[1].y = 5.0f;
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_LINELIST, 1, l, sizeof(l[0])), D3D_OK);
    r9_read(dev, img);
    check_row(img, 2, true, false, false, __LINE__);
    check_row(img, 5, false, false, false, __LINE__);
    wrap_done(dev, t);
}

/* Wrapping comes before clipping: a user clip plane (in world space = clip space with the
 * identity transforms) cuts the strip in the middle, and the new vertices on the plane
 * interpolate the wrapped coordinates (u = 1.0 there, not the unwrapped 0.5, which the lead
 * vertex's 0.875 would not move). */
TEST(d3d9_wrap_clipped)
{
    IDirect3DTexture9 *t;
    IDirect3DDevice9 *dev = wrap_device(&t);
    uint32_t img[W * H];
    /* half a pixel up and left, as in d3d9_wrap_shaders; the plane keeps x <= -0.125, pixel
     * coordinate 3.5 */
    const float c = 4.5f / 8.0f, plane[4] = { -1.0f, 0.0f, 0.0f, -0.125f };
    if (!dev)
        SKIP("no device");
    struct {
        float x, y, z, t0[2], t1[2];
    } q[4] = { { -1.125f, 1.125f, 0.5f, { U0, c }, { c, c } },
               { 0.875f, 1.125f, 0.5f, { U1, c }, { c, c } },
               { -1.125f, 0.875f, 0.5f, { U0, c }, { c, c } },
               { 0.875f, 0.875f, 0.5f, { U1, c }, { c, c } } };
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_TEX2);
    CHECK_HR(IDirect3DDevice9_SetClipPlane(dev, 0, plane), D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, 1);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, D3DWRAPCOORD_0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, 0);
    r9_read(dev, img);
    for (unsigned x = 0; x < 8; x++) {
        uint32_t want = x < 4 ? texel_color(strip_texel(x, true), 4) : 0;
        if (img[x] != want)
            harness_fail(__FILE__, __LINE__, "pixel %u: 0x%08x, expected 0x%08x", x, img[x],
                         want);
    }
    wrap_done(dev, t);
}

/* Shaders: a vs_3_0 / ps_3_0 pair passing TEXCOORD3 in registers o5 / v2 (WRAPn follows the
 * semantic index, not the register), and a ps_2_0 with the fixed-function vertex pipeline
 * (t0: WRAP0). */
TEST(d3d9_wrap_shaders)
{
    static const char vs[] =
        "vs_3_0\n"
        "dcl_position v0\n"
        "dcl_texcoord0 v1\n"
        "dcl_position o0\n"
        "dcl_texcoord3 o5\n"
        "mov o0, v0\n"
        "mov o5, v1\n";
    static const char ps3[] =
        "ps_3_0\n"
        "dcl_texcoord3 v2.xy\n"
        "dcl_2d s0\n"
        "texld r0, v2, s0\n"
        "mov oC0, r0\n";
    static const char ps2[] =
        "ps_2_0\n"
        "dcl t0.xy\n"
        "dcl_2d s0\n"
        "texld r0, t0, s0\n"
        "mov oC0, r0\n";
    static const D3DVERTEXELEMENT9 el[] = {
        { 0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
        { 0, 16, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0 },
        D3DDECL_END()
    };
    IDirect3DTexture9 *t;
    IDirect3DDevice9 *dev = wrap_device(&t);
    IDirect3DVertexDeclaration9 *decl = NULL;
    IDirect3DVertexShader9 *v = NULL;
    IDirect3DPixelShader9 *p3 = NULL, *p2 = NULL;
    DWORD *tv = r9_asm(vs), *t3 = r9_asm(ps3), *t2 = r9_asm(ps2);
    uint32_t img[W * H];
    if (!dev || !tv || !t3 || !t2)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, el, &decl), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, tv, &v), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, t3, &p3), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, t2, &p2), D3D_OK);
    free(tv);
    free(t3);
    free(t2);
    if (!decl || !v || !p3 || !p2)
        SKIP("no shaders");
    const float c = 4.5f / 8.0f;
    for (int row = 0; row < 3; row++) {
        /* clip space of row `row`, half a pixel up and left (D3D9 pixel centres are integer
         * coordinates): the strip of the pre-transformed rows */
        float y0 = 1.125f - 2.0f * (float)row / H, y1 = y0 - 2.0f / H;
        struct {
            float x, y, z, w, u, v;
        } q[4] = { { -1.125f, y0, 0.5f, 1, U0, c }, { 0.875f, y0, 0.5f, 1, U1, c },
                   { -1.125f, y1, 0.5f, 1, U0, c }, { 0.875f, y1, 0.5f, 1, U1, c } };
        IDirect3DDevice9_SetVertexDeclaration(dev, decl);
        IDirect3DDevice9_SetVertexShader(dev, v);
        IDirect3DDevice9_SetPixelShader(dev, p3);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, D3DWRAPCOORD_0);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP3, row == 1 ? D3DWRAPCOORD_0 : 0);
        if (row == 2)
            IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP3, D3DWRAPCOORD_1);
        CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
                 D3D_OK);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP3, 0);
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, p2);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, D3DWRAPCOORD_0);
    wrap_strip(dev, 4, 0, false);                 /* ps_2_0 t0: WRAP0 */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_WRAP0, 0);
    wrap_strip(dev, 5, 0, false);
    r9_read(dev, img);
    check_row(img, 0, false, false, false, __LINE__);   /* WRAP0 does not touch TEXCOORD3 */
    check_row(img, 1, true, false, false, __LINE__);    /* WRAP3 u */
    check_row(img, 2, false, false, false, __LINE__);   /* WRAP3 v only: u not wrapped */
    check_row(img, 4, true, false, false, __LINE__);
    check_row(img, 5, false, false, false, __LINE__);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    IDirect3DVertexDeclaration9_Release(decl);
    IDirect3DVertexShader9_Release(v);
    IDirect3DPixelShader9_Release(p3);
    IDirect3DPixelShader9_Release(p2);
    wrap_done(dev, t);
}
