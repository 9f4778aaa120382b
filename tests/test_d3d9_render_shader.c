/* tests/test_d3d9_render_shader.c — Direct3D 9 shaders on the shared pipeline: a vs_2_0 /
 * ps_2_0 pair with a texture and float constants, integer and boolean constants (rep i#,
 * if b#), integer vertex elements converted for the shader, flat shading of shader colour
 * inputs, version checks against the caps (vs_3_0 only in software vertex processing on the
 * 9_1 profile, no ps_3_0 there), GetFunction, lifetimes; and the cross-API test: the same
 * scene drawn through Direct3D 9 and through Direct3D 11 gives identical pixels, both through
 * the fixed-function pipeline and through shaders (one core). */
#include "test_d3d9_render_util.h"
#include "test_render_util.h"

#define W 16
#define H 16

static IDirect3DVertexShader9 *make_vs(IDirect3DDevice9 *dev, const char *text, HRESULT want)
{
    DWORD *tok = r9_asm(text);
    IDirect3DVertexShader9 *s = NULL;
    if (!tok)
        return NULL;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, tok, &s), want);
    if (want != D3D_OK)
        CHECK(s == NULL);
    free(tok);
    return s;
}

static IDirect3DPixelShader9 *make_ps(IDirect3DDevice9 *dev, const char *text, HRESULT want)
{
    DWORD *tok = r9_asm(text);
    IDirect3DPixelShader9 *s = NULL;
    if (!tok)
        return NULL;
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, tok, &s), want);
    if (want != D3D_OK)
        CHECK(s == NULL);
    free(tok);
    return s;
}

struct svert {
    float x, y, z;
    D3DCOLOR c;
    float u, v;
};
#define SVERT_FVF (D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1)

static void full_quad(IDirect3DDevice9 *dev, D3DCOLOR c)
{
    struct svert q[4] = { { -1, 1, 0.5f, c, 0, 0 }, { 1, 1, 0.5f, c, 1, 0 },
                          { -1, -1, 0.5f, c, 0, 1 }, { 1, -1, 0.5f, c, 1, 1 } };
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
}

static const char vs_basic[] =
    "vs_2_0\n"
    "dcl_position v0\n"
    "dcl_color v1\n"
    "dcl_texcoord v2\n"
    "m4x4 oPos, v0, c0\n"
    "mov oD0, v1\n"
    "mul oT0, v2, c4\n";

static const char ps_basic[] =
    "ps_2_0\n"
    "dcl v0\n"
    "dcl t0.xy\n"
    "dcl_2d s0\n"
    "texld r0, t0, s0\n"
    "mul r0, r0, v0\n"
    "mul r0, r0, c0\n"
    "mov oC0, r0\n";

/* texel * diffuse * c0, the texture coordinates scaled by vs c4 into the texel wanted. */
TEST(d3d9_shader_vs_ps_2_0_pair)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DTexture9 *tex = NULL;
    D3DLOCKED_RECT lr;
    if (!dev)
        return;
    IDirect3DVertexShader9 *vs = make_vs(dev, vs_basic, D3D_OK);
    IDirect3DPixelShader9 *ps = make_ps(dev, ps_basic, D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 2, 1, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &tex, NULL), D3D_OK);
    if (!vs || !ps || !tex)
        goto done;
    IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0);
    ((uint32_t *)lr.pBits)[0] = 0xffffffff;
    ((uint32_t *)lr.pBits)[1] = 0x80ff8040;      /* the right texel */
    IDirect3DTexture9_UnlockRect(tex, 0);
    const float ident[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
    const float scale[4] = { 0.0f, 0.0f, 0.0f, 0.0f }, half[4] = { 0.5f, 1.0f, 0.5f, 1.0f };
    float tc[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
    (void)scale;
    tc[0] = 0.0f;
    IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, ident, 4);
    /* u * 0 + ... : c4 = (0, 0, 0, 0) would pick texel 0; use the u of the vertex scaled to
     * the right half: (0.75 / 1, ...) via c4 = (0.75, 0.5, 0, 0) with u = v = 1 everywhere */
    tc[0] = 0.75f;
    tc[1] = 0.5f;
    IDirect3DDevice9_SetVertexShaderConstantF(dev, 4, tc, 1);
    IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, half, 1);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetFVF(dev, SVERT_FVF);
    r9_clear(dev, 0);
    struct svert q[4] = { { -1, 1, 0.5f, 0xff808080, 1, 1 }, { 1, 1, 0.5f, 0xff808080, 1, 1 },
                          { -1, -1, 0.5f, 0xff808080, 1, 1 }, { 1, -1, 0.5f, 0xff808080, 1, 1 } };
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
    double g = 128.0 / 255.0;
    CHECK_PIXEL(r9_pixel(dev, W, H, 5, 9),
                r9_argb(1.0 * g * 0.5, 128.0 / 255 * g * 1.0, 64.0 / 255 * g * 0.5,
                        128.0 / 255 * 1.0 * 1.0), 1);
done:
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    if (tex)
        IDirect3DTexture9_Release(tex);
    if (vs)
        CHECK_EQ(IDirect3DVertexShader9_Release(vs), 0);
    if (ps)
        CHECK_EQ(IDirect3DPixelShader9_Release(ps), 0);
    r9_end(dev);
}

/* i# drive rep, b# drive if: constant buffers 1 and 2 of the IR. */
TEST(d3d9_shader_int_bool_constants)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    IDirect3DVertexShader9 *vs = make_vs(dev,
                                         "vs_2_0\n"
                                         "dcl_position v0\n"
                                         "mov oPos, v0\n"
                                         "mov r0, c0\n"
                                         "rep i0\n"
                                         "add r0, r0, c1\n"
                                         "endrep\n"
                                         "if b0\n"
                                         "add r0, r0, c2\n"
                                         "endif\n"
                                         "mov r0.w, c3.x\n"
                                         "mov oD0, r0\n", D3D_OK);
    if (!vs) {
        r9_end(dev);
        return;
    }
    const float c[16] = { 0, 0, 0, 0, 0.1f, 0.2f, 0, 0, 0, 0, 0.5f, 0, 1, 1, 1, 1 };
    const int i0[4] = { 3, 0, 0, 0 };
    BOOL b0 = TRUE;
    IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, c, 4);
    IDirect3DDevice9_SetVertexShaderConstantI(dev, 0, i0, 1);
    IDirect3DDevice9_SetVertexShaderConstantB(dev, 0, &b0, 1);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetFVF(dev, SVERT_FVF);
    r9_clear(dev, 0);
    full_quad(dev, 0);
    CHECK_PIXEL(r9_pixel(dev, W, H, 4, 4), r9_argb(0.3, 0.6, 0.5, 1), 1);
    b0 = FALSE;
    IDirect3DDevice9_SetVertexShaderConstantB(dev, 0, &b0, 1);
    r9_clear(dev, 0);
    full_quad(dev, 0);
    CHECK_PIXEL(r9_pixel(dev, W, H, 4, 4), r9_argb(0.3, 0.6, 0.0, 1), 1);
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DVertexShader9_Release(vs);
    r9_end(dev);
}

/* A UBYTE4 colour element reaches the shader as floats 0..255 (D3DDECLTYPE). */
TEST(d3d9_shader_integer_vertex_elements)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DVertexDeclaration9 *decl = NULL;
    if (!dev)
        return;
    IDirect3DVertexShader9 *vs = make_vs(dev,
                                         "vs_2_0\n"
                                         "dcl_position v0\n"
                                         "dcl_color v1\n"
                                         "mov oPos, v0\n"
                                         "mul oD0, v1, c0\n", D3D_OK);
    static const D3DVERTEXELEMENT9 el[] = {
        { 0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
        { 0, 12, D3DDECLTYPE_UBYTE4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0 },
        D3DDECL_END()
    };
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, el, &decl), D3D_OK);
    if (!vs || !decl)
        goto done;
    const float k[4] = { 1.0f / 255, 1.0f / 255, 1.0f / 255, 1.0f / 255 };
    IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, k, 1);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    struct {
        float x, y, z;
        uint8_t b[4];
    } q[3] = { { -1, 1, 0.5f, { 51, 102, 153, 255 } }, { 3, 1, 0.5f, { 51, 102, 153, 255 } },
               { -1, -3, 0.5f, { 51, 102, 153, 255 } } };
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, q, sizeof(q[0])),
             D3D_OK);
    CHECK_EQ(r9_pixel(dev, W, H, 6, 6), 0xff336699u);
done:
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    if (decl)
        IDirect3DVertexDeclaration9_Release(decl);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    r9_end(dev);
}

/* D3DSHADE_FLAT makes a pixel shader's colour inputs constant (the first vertex's). */
TEST(d3d9_shader_flat_color_inputs)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    IDirect3DPixelShader9 *ps = make_ps(dev, "ps_2_0\ndcl v0\nmov oC0, v0\n", D3D_OK);
    struct r9_tl tri[3] = { { -0.5f, -0.5f, 0.5f, 1, 0xffff0000 },
                            { W - 0.5f, -0.5f, 0.5f, 1, 0xff00ff00 },
                            { -0.5f, H - 0.5f, 0.5f, 1, 0xff0000ff } };
    if (!ps) {
        r9_end(dev);
        return;
    }
    IDirect3DDevice9_SetPixelShader(dev, ps);
    IDirect3DDevice9_SetFVF(dev, R9_TL_FVF);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SHADEMODE, D3DSHADE_FLAT);
    r9_clear(dev, 0);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, tri, sizeof(tri[0]));
    CHECK_EQ(r9_pixel(dev, W, H, 5, 5), 0xffff0000u);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SHADEMODE, D3DSHADE_GOURAUD);
    r9_clear(dev, 0);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, tri, sizeof(tri[0]));
    CHECK(r9_pixel(dev, W, H, 5, 5) != 0xffff0000u);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DPixelShader9_Release(ps);
    r9_end(dev);
}

/* The alpha test applies after a pixel shader too (the shader's oC0.a, as 8 bits). */
TEST(d3d9_shader_alpha_test)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    IDirect3DPixelShader9 *ps = make_ps(dev, "ps_2_0\nmov oC0, c0\n", D3D_OK);
    if (!ps) {
        r9_end(dev);
        return;
    }
    const float c0[4] = { 1.0f, 0.5f, 0.25f, 128.0f / 255.0f };
    IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, c0, 1);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHATESTENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x81);
    static const struct {
        DWORD func;
        bool pass;
    } cases[4] = { { D3DCMP_LESS, true }, { D3DCMP_GREATER, false }, { D3DCMP_EQUAL, false },
                   { D3DCMP_NEVER, false } };
    for (int i = 0; i < 4; i++) {
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAFUNC, cases[i].func);
        r9_clear(dev, 0xff000000);
        r9_rect(dev, 0, 0, W, H, 0);
        CHECK_EQ(r9_pixel(dev, W, H, 2, 2), cases[i].pass ? 0x80ff8040u : 0xff000000u);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x80);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAFUNC, D3DCMP_EQUAL);
    r9_clear(dev, 0xff000000);
    r9_rect(dev, 0, 0, W, H, 0);
    CHECK_EQ(r9_pixel(dev, W, H, 2, 2), 0x80ff8040u);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DPixelShader9_Release(ps);
    r9_end(dev);
}

static const char vs_3_0_text[] =
    "vs_3_0\n"
    "dcl_position v0\n"
    "dcl_color v1\n"
    "dcl_position o0\n"
    "dcl_color o1\n"
    "mov o0, v0\n"
    "mov o1, v1\n";

/* Versions against the caps of the current mode: the 9_1 hardware caps have vs_2_0, its
 * software caps vs_3_0 (seed 002); PixelShaderVersion is 2.0 on the 9_x profiles (ps_3_0 on
 * max: test_d3d9_render_sm3.c); ps_2_x needs PS20Caps above the 2_0 minimum (9_3, max). */
TEST(d3d9_shader_versions_and_software_vp)
{
    IDirect3DDevice9 *dev = r9_device_flags("9_1", W, H, D3DCREATE_MIXED_VERTEXPROCESSING);
    if (!dev)
        return;
    make_vs(dev, vs_3_0_text, D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "vs_3_0");
    make_ps(dev, "ps_2_x\nmov oC0, c0\n", D3DERR_INVALIDCALL);
    make_ps(dev, "ps_3_0\nmov oC0, c0\n", D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, TRUE), D3D_OK);
    IDirect3DVertexShader9 *vs = make_vs(dev, vs_3_0_text, D3D_OK);
    if (vs) {
        IDirect3DDevice9_SetVertexShader(dev, vs);
        IDirect3DDevice9_SetFVF(dev, SVERT_FVF);
        r9_clear(dev, 0);
        full_quad(dev, 0xff20c040);
        CHECK_EQ(r9_pixel(dev, W, H, 3, 3), 0xff20c040u);
        /* back in hardware mode the vs_3_0 shader cannot run */
        IDirect3DDevice9_SetSoftwareVertexProcessing(dev, FALSE);
        struct svert q[3] = { { -1, 1, 0.5f, 0, 0, 0 }, { 1, 1, 0.5f, 0, 0, 0 },
                              { -1, -1, 0.5f, 0, 0, 0 } };
        CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, q, sizeof(q[0])),
                 D3DERR_INVALIDCALL);
        IDirect3DDevice9_SetVertexShader(dev, NULL);
        IDirect3DVertexShader9_Release(vs);
    }
    r9_end(dev);
    dev = r9_device(W, H);       /* max: ps_2_x accepted */
    if (!dev)
        return;
    IDirect3DPixelShader9 *ps = make_ps(dev, "ps_2_x\nmov oC0, c0\n", D3D_OK);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    r9_end(dev);
}

/* GetFunction returns the tokens; a bound shader the application released stays alive without
 * keeping the device alive; garbage is refused with the decoder's message. */
TEST(d3d9_shader_objects)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    DWORD *tok = r9_asm(vs_basic);
    IDirect3DVertexShader9 *vs = NULL;
    UINT size = 0;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, tok, &vs), D3D_OK);
    if (vs) {
        CHECK_HR(IDirect3DVertexShader9_GetFunction(vs, NULL, &size), D3D_OK);
        CHECK(size > 8 && size % 4 == 0);
        DWORD *copy = calloc(1, size);
        UINT small = size - 4;
        CHECK_HR(IDirect3DVertexShader9_GetFunction(vs, copy, &small), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DVertexShader9_GetFunction(vs, copy, &size), D3D_OK);
        CHECK(copy && !memcmp(copy, tok, size));
        free(copy);
        IDirect3DDevice9 *got = NULL;
        CHECK_HR(IDirect3DVertexShader9_GetDevice(vs, &got), D3D_OK);
        CHECK(got == dev);
        if (got)
            IDirect3DDevice9_Release(got);
        IDirect3DDevice9_SetVertexShader(dev, vs);
        CHECK_EQ(IDirect3DVertexShader9_Release(vs), 0);
    }
    free(tok);
    /* a pixel shader given to CreateVertexShader, and a broken instruction */
    static const DWORD ps_tok[] = { 0xffff0200, 0x0000ffff };
    IDirect3DVertexShader9 *bad = (IDirect3DVertexShader9 *)1;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, ps_tok, &bad), D3DERR_INVALIDCALL);
    CHECK(bad == NULL);
    static const DWORD junk[] = { 0xfffe0200, 0x00000fff, 0x0000ffff };
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, junk, &bad), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "CreateVertexShader: d3dbc");
    r9_end(dev);   /* releases the device while the shader is still bound: count 0 */
}

/* ---- the cross-API test -------------------------------------------------------------------- */

#define XW 32
#define XH 32

/* The scene, in D3D11 render-target pixel coordinates (pixel centres at +0.5): three
 * triangles with per-vertex colours whose edges cut pixels at odd angles, overlapping. */
static const struct {
    float x, y;
    uint8_t r, g, b, a;
} scene[9] = {
    { 1.25f, 2.5f, 255, 0, 0, 255 }, { 30.75f, 5.125f, 0, 255, 0, 255 },
    { 6.5f, 29.0f, 0, 0, 255, 255 },
    { 12.0f, 0.5f, 255, 255, 0, 255 }, { 31.0f, 27.25f, 0, 255, 255, 255 },
    { 3.75f, 20.5f, 255, 0, 255, 255 },
    { 16.0f, 8.0f, 10, 20, 30, 255 }, { 24.5f, 30.0f, 200, 100, 50, 255 },
    { 9.0f, 26.5f, 90, 180, 240, 255 },
};

/* Through D3D11 at 9_1: the VS_POS_ATTR / PS_ATTR pair, NDC from the pixel coordinates. */
static void draw_d3d11(uint8_t *out)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[9];
    if (!rd_begin(&r, D3D_FEATURE_LEVEL_9_1, XW, XH)) {
        rd_end(&r);
        return;
    }
    for (int i = 0; i < 9; i++) {
        v[i].pos[0] = scene[i].x * 2.0f / XW - 1.0f;
        v[i].pos[1] = 1.0f - scene[i].y * 2.0f / XH;
        v[i].pos[2] = 0.5f;
        v[i].pos[3] = 1.0f;
        v[i].attr[0] = scene[i].r / 255.0f;
        v[i].attr[1] = scene[i].g / 255.0f;
        v[i].attr[2] = scene[i].b / 255.0f;
        v[i].attr[3] = scene[i].a / 255.0f;
    }
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 9, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    D3D11_RASTERIZER_DESC rs;
    memset(&rs, 0, sizeof(rs));
    rs.FillMode = D3D11_FILL_SOLID;
    rs.CullMode = D3D11_CULL_NONE;
    rs.DepthClipEnable = TRUE;
    ID3D11RasterizerState *state = NULL;
    CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &rs, &state), S_OK);
    ID3D11DeviceContext_RSSetState(r.ctx, state);
    rd_clear(&r, 0, 0, 0, 0);
    ID3D11DeviceContext_Draw(r.ctx, 9, 0);
    rd_read(&r, out);
    ID3D11DeviceContext_RSSetState(r.ctx, NULL);
    RD_RELEASE(state);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* Through D3D9: pre-transformed vertices at the same places in D3D9 coordinates (pixel centres
 * at integers: x - 0.5), drawn by the fixed-function pipeline, or by a vs_2_0 / ps_2_0 pair that
 * reads them (dcl_positiont) and turns them into NDC itself.  The A8R8G8B8 image is returned as
 * RGBA bytes. */
static void draw_d3d9(bool shaders, uint8_t *out)
{
    IDirect3DDevice9 *dev = r9_device(XW, XH);
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    uint32_t img[XW * XH];
    struct r9_tl v[9];
    if (!dev)
        return;
    for (int i = 0; i < 9; i++) {
        v[i].x = scene[i].x - 0.5f;
        v[i].y = scene[i].y - 0.5f;
        v[i].z = 0.5f;
        v[i].rhw = 1.0f;
        v[i].diffuse = (D3DCOLOR)scene[i].a << 24 | (D3DCOLOR)scene[i].r << 16 |
                       (D3DCOLOR)scene[i].g << 8 | scene[i].b;
    }
    IDirect3DDevice9_SetFVF(dev, R9_TL_FVF);
    if (shaders) {
        vs = make_vs(dev, "vs_2_0\ndcl_positiont v0\ndcl_color v1\n"
                          "mad r0.xy, v0.xy, c0.xy, c0.zw\nmov r0.zw, c1.xxxy\n"
                          "mov oPos, r0\nmov oD0, v1\n", D3D_OK);
        ps = make_ps(dev, "ps_2_0\ndcl v0\nmov oC0, v0\n", D3D_OK);
        /* D3D9 screen x -> NDC: x * 2 / W - 1 (the draw adds the D3D9 half pixel back) */
        const float c[8] = { 2.0f / XW, -2.0f / XH, -1.0f, 1.0f, 0.5f, 1.0f, 0, 0 };
        IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, c, 2);
        IDirect3DDevice9_SetVertexShader(dev, vs);
        IDirect3DDevice9_SetPixelShader(dev, ps);
    }
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 3, v, sizeof(v[0])),
             D3D_OK);
    r9_read(dev, img);
    for (int i = 0; i < XW * XH; i++) {
        out[4 * i + 0] = (uint8_t)(img[i] >> 16);
        out[4 * i + 1] = (uint8_t)(img[i] >> 8);
        out[4 * i + 2] = (uint8_t)img[i];
        out[4 * i + 3] = (uint8_t)(img[i] >> 24);
    }
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    r9_end(dev);
}

TEST(d3d9_cross_api_identical_pixels)
{
    static uint8_t a[XW * XH * 4], b[XW * XH * 4];
    draw_d3d11(a);
    unsigned covered = 0;
    for (int i = 0; i < XW * XH; i++)
        covered += a[4 * i + 3] != 0;
    CHECK(covered > XW * XH / 2);     /* the scene is really there */
    for (int pass = 0; pass < 2; pass++) {
        memset(b, 0xcd, sizeof(b));
        draw_d3d9(pass == 1, b);
        unsigned diff = 0;
        for (int i = 0; i < XW * XH * 4; i++)
            diff += a[i] != b[i];
        if (diff) {
            for (int i = 0; i < XW * XH; i++)
                if (memcmp(a + 4 * i, b + 4 * i, 4)) {
                    harness_fail(__FILE__, __LINE__, "%s: %u bytes differ; first at pixel "
                                 "(%d, %d): D3D11 %02x%02x%02x%02x, D3D9 %02x%02x%02x%02x",
                                 pass ? "shaders" : "fixed function", diff, i % XW, i / XW,
                                 a[4 * i], a[4 * i + 1], a[4 * i + 2], a[4 * i + 3], b[4 * i],
                                 b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]);
                    break;
                }
        }
    }
}
