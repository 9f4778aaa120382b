/* tests/test_d3d9_render_fog.c — fixed-function fog after pixel shaders ("Fog Types
 * (Direct3D 9)": fog blending is render state, not part of the programmable pixel pipeline):
 * the vertex fog factor of a vertex shader's oFog (clamped to [0, 1]) or of the fixed-function
 * vertex pipeline, table fog from the pixel's depth, blended after a ps_1_x / ps_2_0 shader;
 * with the alpha test after it.
 *
 * Expectations are exact: every factor below is a short binary fraction, so
 * C = f (Ci - Cf) + Cf is exact in float and the 8-bit store rounds an exact value. */
#include "test_d3d9_render_util.h"

#define W 8
#define H 8

struct fvert {
    float x, y, z;
    D3DCOLOR c;
};
#define FVERT_FVF (D3DFVF_XYZ | D3DFVF_DIFFUSE)

static DWORD fbits(float f)
{
    DWORD d;
    memcpy(&d, &f, sizeof(d));
    return d;
}

/* A full-viewport quad at depth z in red, then pixel (4, 4). */
static uint32_t draw_red(IDirect3DDevice9 *dev, float z)
{
    const D3DCOLOR c = 0xffff0000;
    struct fvert q[4] = { { -1, 1, z, c }, { 1, 1, z, c }, { -1, -1, z, c }, { 1, -1, z, c } };
    r9_clear(dev, 0xff00ff00);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, FVERT_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
    return r9_pixel(dev, W, H, 4, 4);
}

/* red fogged towards blue by factor f (f = 1: no fog) */
static uint32_t fogged(double f)
{
    return r9_argb(f, 0, 1.0 - f, 1);
}

static void *shader(IDirect3DDevice9 *dev, const char *text, bool pixel)
{
    DWORD *tok = r9_asm(text);
    void *s = NULL;
    if (!tok)
        return NULL;
    if (pixel)
        CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, tok, (IDirect3DPixelShader9 **)&s),
                 D3D_OK);
    else
        CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, tok, (IDirect3DVertexShader9 **)&s),
                 D3D_OK);
    free(tok);
    return s;
}

static void fog_state(IDirect3DDevice9 *dev, DWORD vertex_mode, DWORD table_mode, float start,
                      float end)
{
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGCOLOR, 0xff0000ff);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGVERTEXMODE, vertex_mode);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, table_mode);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGSTART, fbits(start));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGEND, fbits(end));
}

static const char vs_fog[] =
    "vs_2_0\n"
    "dcl_position v0\n"
    "dcl_color v1\n"
    "mov oPos, v0\n"
    "mov oD0, v1\n"
    "mov oFog, c0.x\n";

static const char ps_color[] =
    "ps_2_0\n"
    "dcl v0\n"
    "mov oC0, v0\n";

/* A vertex shader's oFog is the factor, clamped to [0, 1]; FOGVERTEXMODE does not apply to
 * it (the shader computes the factor); FOGENABLE FALSE leaves the shader's colour. */
TEST(d3d9_fog_ps20_vertex_shader_ofog)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    IDirect3DVertexShader9 *vs = shader(dev, vs_fog, false);
    IDirect3DPixelShader9 *ps = shader(dev, ps_color, true);
    if (!vs || !ps)
        goto done;
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    /* LINEAR 0..1 at depth 0.5 would give 0.5: not what oFog says */
    fog_state(dev, D3DFOG_LINEAR, D3DFOG_NONE, 0.0f, 1.0f);
    static const struct {
        float ofog;
        double f;
    } cases[] = { { 0.25f, 0.25 }, { 0.75f, 0.75 }, { 1.5f, 1.0 }, { -0.5f, 0.0 } };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const float c0[4] = { cases[i].ofog, 0, 0, 0 };
        IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, c0, 1);
        CHECK_PIXEL(draw_red(dev, 0.5f), fogged(cases[i].f), 0);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, FALSE);
    CHECK_PIXEL(draw_red(dev, 0.5f), 0xffff0000, 0);
done:
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    if (vs)
        CHECK_EQ(IDirect3DVertexShader9_Release(vs), 0);
    if (ps)
        CHECK_EQ(IDirect3DPixelShader9_Release(ps), 0);
    r9_end(dev);
}

/* The fixed-function vertex pipeline's fog factor reaches a ps_1_1 shader's output: LINEAR
 * with start 0, end 2 at camera depth 0.5 is (2 - 0.5) / 2 = 0.75. */
TEST(d3d9_fog_ps11_after_ff_vertex_fog)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    IDirect3DPixelShader9 *ps = shader(dev, "ps_1_1\nmov r0, v0\n", true);
    if (!ps)
        goto done;
    IDirect3DDevice9_SetPixelShader(dev, ps);
    fog_state(dev, D3DFOG_LINEAR, D3DFOG_NONE, 0.0f, 2.0f);
    CHECK_PIXEL(draw_red(dev, 0.5f), fogged(0.75), 0);
    fog_state(dev, D3DFOG_LINEAR, D3DFOG_NONE, 0.0f, 1.0f);
    CHECK_PIXEL(draw_red(dev, 0.75f), fogged(0.25), 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, FALSE);
    CHECK_PIXEL(draw_red(dev, 0.75f), 0xffff0000, 0);
done:
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    if (ps)
        CHECK_EQ(IDirect3DPixelShader9_Release(ps), 0);
    r9_end(dev);
}

/* Table fog after a shader pair comes from the pixel's depth (the viewport maps z 0.25 to
 * 0.25): LINEAR 0..1 gives 0.75, whatever oFog says; EXP with density 4 at 0.25 is 1 / e
 * (the exp2 evaluation is within one 8-bit step: tolerance 1). */
TEST(d3d9_fog_ps20_table_fog)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    IDirect3DVertexShader9 *vs = shader(dev, vs_fog, false);
    IDirect3DPixelShader9 *ps = shader(dev, ps_color, true);
    if (!vs || !ps)
        goto done;
    const float c0[4] = { 0.0f, 0, 0, 0 };
    IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, c0, 1);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    fog_state(dev, D3DFOG_NONE, D3DFOG_LINEAR, 0.0f, 1.0f);
    CHECK_PIXEL(draw_red(dev, 0.25f), fogged(0.75), 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, D3DFOG_EXP);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGDENSITY, fbits(4.0f));
    CHECK_PIXEL(draw_red(dev, 0.25f), fogged(exp(-1.0)), 1);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, D3DFOG_EXP2);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGDENSITY, fbits(2.0f));
    CHECK_PIXEL(draw_red(dev, 0.25f), fogged(exp(-0.25)), 1);
done:
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    if (vs)
        CHECK_EQ(IDirect3DVertexShader9_Release(vs), 0);
    if (ps)
        CHECK_EQ(IDirect3DPixelShader9_Release(ps), 0);
    r9_end(dev);
}

/* Fog changes only colour: the alpha test after it still sees the shader's alpha (0x80), and
 * a failing pixel keeps the cleared colour. */
TEST(d3d9_fog_ps20_with_alpha_test)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    IDirect3DVertexShader9 *vs = shader(dev, vs_fog, false);
    IDirect3DPixelShader9 *ps = shader(dev, "ps_2_0\ndcl v0\nmov r0, v0\nmov r0.w, c0.x\n"
                                            "mov oC0, r0\n", true);
    if (!vs || !ps)
        goto done;
    const float vc[4] = { 0.25f, 0, 0, 0 }, pc[4] = { 0.5f, 0, 0, 0 };
    IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, vc, 1);
    IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, pc, 1);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    fog_state(dev, D3DFOG_NONE, D3DFOG_NONE, 0.0f, 1.0f);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHATESTENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x80);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAFUNC, D3DCMP_EQUAL);
    CHECK_PIXEL(draw_red(dev, 0.5f), r9_argb(0.25, 0, 0.75, 0.5), 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAFUNC, D3DCMP_LESS);
    CHECK_PIXEL(draw_red(dev, 0.5f), 0xff00ff00, 0);
done:
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    if (vs)
        CHECK_EQ(IDirect3DVertexShader9_Release(vs), 0);
    if (ps)
        CHECK_EQ(IDirect3DPixelShader9_Release(ps), 0);
    r9_end(dev);
}
