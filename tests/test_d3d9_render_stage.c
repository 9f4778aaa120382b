/* tests/test_d3d9_render_stage.c — the generated fixed-function pixel pipeline (src/d3d9/
 * ff_ps.c): every D3DTOP on a setup whose inputs are constant over the target (a 1x1 texture T,
 * the diffuse colour D, the texture factor F, the specular colour S), argument modifiers,
 * RESULTARG TEMP, D3DTA_CONSTANT, PREMODULATE, several stages, the specular add, the alpha
 * test, flat shading (lists and fans), and sampler states (MIPFILTER NONE, MAXMIPLEVEL,
 * address modes and the border colour).  Expected values are the D3DTEXTUREOP reference page's
 * formulas evaluated here; one 8-bit step of tolerance. */
#include "test_d3d9_render_util.h"

#include "pipeline/draw.h"

#define W 8
#define H 8

/* pre-transformed, diffuse, specular, one texture coordinate */
struct tvert {
    float x, y, z, rhw;
    D3DCOLOR diffuse, specular;
    float u, v;
};
#define TVERT_FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR | D3DFVF_TEX1)

#define T_ARGB 0x99cc6633u     /* texture */
#define D_ARGB 0x804080c0u     /* diffuse */
#define F_ARGB 0x20e08040u     /* texture factor */
#define S_ARGB 0x00102030u     /* specular */

struct col {
    double r, g, b, a;
};

static struct col col_of(uint32_t argb)
{
    struct col c = { ((argb >> 16) & 0xff) / 255.0, ((argb >> 8) & 0xff) / 255.0,
                     (argb & 0xff) / 255.0, (argb >> 24) / 255.0 };
    return c;
}

static IDirect3DTexture9 *solid_texture(IDirect3DDevice9 *dev, UINT size, UINT levels,
                                        const uint32_t *colors)
{
    IDirect3DTexture9 *t = NULL;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, size, size, levels, 0, D3DFMT_A8R8G8B8,
                                            D3DPOOL_MANAGED, &t, NULL), D3D_OK);
    if (!t)
        return NULL;
    for (UINT l = 0; l < levels; l++) {
        D3DLOCKED_RECT lr;
        UINT s = size >> l ? size >> l : 1;
        IDirect3DTexture9_LockRect(t, l, &lr, NULL, 0);
        for (UINT y = 0; y < s; y++)
            for (UINT x = 0; x < s; x++)
                ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[x] = colors[l];
        IDirect3DTexture9_UnlockRect(t, l);
    }
    return t;
}

/* The whole target, with the given colours and texture coordinates (u, v) at every vertex
 * unless spread is set (then u, v run 0..1 over the rectangle). */
static void full_rect(IDirect3DDevice9 *dev, D3DCOLOR d, D3DCOLOR s, float u, float v,
                      bool spread)
{
    struct tvert q[4] = {
        { -0.5f, -0.5f, 0.5f, 1, d, s, spread ? 0.0f : u, spread ? 0.0f : v },
        { W - 0.5f, -0.5f, 0.5f, 1, d, s, spread ? 1.0f : u, spread ? 0.0f : v },
        { -0.5f, H - 0.5f, 0.5f, 1, d, s, spread ? 0.0f : u, spread ? 1.0f : v },
        { W - 0.5f, H - 0.5f, 0.5f, 1, d, s, spread ? 1.0f : u, spread ? 1.0f : v },
    };
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, TVERT_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
}

static IDirect3DDevice9 *stage_device(IDirect3DTexture9 **tex)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    uint32_t t = T_ARGB;
    *tex = NULL;
    if (!dev)
        return NULL;
    if (!(*tex = solid_texture(dev, 1, 1, &t))) {
        r9_end(dev);
        return NULL;
    }
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)*tex);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_TEXTUREFACTOR, F_ARGB);
    return dev;
}

static void stage_end(IDirect3DDevice9 *dev, IDirect3DTexture9 *tex)
{
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DTexture9_Release(tex);
    r9_end(dev);
}

static double sat(double x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* One channel of op(a0, a1, a2); aa = a1's alpha, ta/da/fa/ca the alphas of texture, diffuse,
 * factor and current. */
static double top(DWORD op, double a0, double a1, double a2, double a1a, double ta, double da,
                  double fa, double ca)
{
    switch (op) {
    case D3DTOP_SELECTARG1: case D3DTOP_PREMODULATE: return sat(a1);
    case D3DTOP_SELECTARG2: return sat(a2);
    case D3DTOP_MODULATE: return sat(a1 * a2);
    case D3DTOP_MODULATE2X: return sat(2 * a1 * a2);
    case D3DTOP_MODULATE4X: return sat(4 * a1 * a2);
    case D3DTOP_ADD: return sat(a1 + a2);
    case D3DTOP_ADDSIGNED: return sat(a1 + a2 - 0.5);
    case D3DTOP_ADDSIGNED2X: return sat(2 * (a1 + a2 - 0.5));
    case D3DTOP_SUBTRACT: return sat(a1 - a2);
    case D3DTOP_ADDSMOOTH: return sat(a1 + a2 * (1 - a1));
    case D3DTOP_BLENDDIFFUSEALPHA: return sat(a1 * da + a2 * (1 - da));
    case D3DTOP_BLENDTEXTUREALPHA: return sat(a1 * ta + a2 * (1 - ta));
    case D3DTOP_BLENDFACTORALPHA: return sat(a1 * fa + a2 * (1 - fa));
    case D3DTOP_BLENDTEXTUREALPHAPM: return sat(a1 + a2 * (1 - ta));
    case D3DTOP_BLENDCURRENTALPHA: return sat(a1 * ca + a2 * (1 - ca));
    case D3DTOP_MODULATEALPHA_ADDCOLOR: return sat(a1 + a1a * a2);
    case D3DTOP_MODULATECOLOR_ADDALPHA: return sat(a1 * a2 + a1a);
    case D3DTOP_MODULATEINVALPHA_ADDCOLOR: return sat((1 - a1a) * a2 + a1);
    case D3DTOP_MODULATEINVCOLOR_ADDALPHA: return sat((1 - a1) * a2 + a1a);
    case D3DTOP_MULTIPLYADD: return sat(a0 + a1 * a2);
    case D3DTOP_LERP: return sat(a0 * a1 + (1 - a0) * a2);
    default: return -1;
    }
}

/* Every colour operation with ARG0 = TFACTOR, ARG1 = TEXTURE, ARG2 = DIFFUSE; alpha
 * SELECTARG1 (the texture's). */
TEST(d3d9_stage_every_color_op)
{
    IDirect3DTexture9 *tex;
    IDirect3DDevice9 *dev = stage_device(&tex);
    if (!dev)
        return;
    struct col t = col_of(T_ARGB), d = col_of(D_ARGB), f = col_of(F_ARGB);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG0, D3DTA_TFACTOR);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG2, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    for (DWORD op = D3DTOP_SELECTARG1; op <= D3DTOP_LERP; op++) {
        if (op == D3DTOP_BUMPENVMAP || op == D3DTOP_BUMPENVMAPLUMINANCE)
            continue;
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, op);
        r9_clear(dev, 0);
        full_rect(dev, D_ARGB, S_ARGB, 0.5f, 0.5f, false);
        uint32_t got = r9_pixel(dev, W, H, 3, 4), want;
        if (op == D3DTOP_DOTPRODUCT3) {
            double dp = 4 * ((t.r - 0.5) * (d.r - 0.5) + (t.g - 0.5) * (d.g - 0.5) +
                             (t.b - 0.5) * (d.b - 0.5));
            want = r9_argb(sat(dp), sat(dp), sat(dp), sat(dp));   /* alpha too */
        } else {
            double cur = d.a;   /* CURRENT of stage 0 is the diffuse colour */
            want = r9_argb(top(op, f.r, t.r, d.r, t.a, t.a, d.a, f.a, cur),
                           top(op, f.g, t.g, d.g, t.a, t.a, d.a, f.a, cur),
                           top(op, f.b, t.b, d.b, t.a, t.a, d.a, f.a, cur), t.a);
        }
        if (!r9_near(got, want, 1))
            harness_fail(__FILE__, __LINE__, "D3DTOP %u: 0x%08x, expected 0x%08x", (unsigned)op,
                         got, want);
    }
    stage_end(dev, tex);
}

/* Alpha operations, with the same arguments on the alpha side. */
TEST(d3d9_stage_alpha_ops)
{
    IDirect3DTexture9 *tex;
    IDirect3DDevice9 *dev = stage_device(&tex);
    if (!dev)
        return;
    struct col t = col_of(T_ARGB), d = col_of(D_ARGB), f = col_of(F_ARGB);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG0, D3DTA_TFACTOR);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG2, D3DTA_DIFFUSE);
    static const DWORD ops[] = { D3DTOP_SELECTARG2, D3DTOP_MODULATE, D3DTOP_ADD,
                                 D3DTOP_SUBTRACT, D3DTOP_ADDSMOOTH, D3DTOP_BLENDFACTORALPHA,
                                 D3DTOP_MULTIPLYADD, D3DTOP_LERP };
    for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, ops[i]);
        r9_clear(dev, 0);
        full_rect(dev, D_ARGB, S_ARGB, 0.5f, 0.5f, false);
        uint32_t got = r9_pixel(dev, W, H, 2, 2);
        double a = top(ops[i], f.a, t.a, d.a, t.a, t.a, d.a, f.a, d.a);
        CHECK_PIXEL(got, r9_argb(d.r, d.g, d.b, a), 1);
    }
    stage_end(dev, tex);
}

/* D3DTA_COMPLEMENT, D3DTA_ALPHAREPLICATE, D3DTA_CONSTANT, D3DTA_SPECULAR, RESULTARG TEMP read
 * back in the next stage, CURRENT through several stages, and the specular add. */
TEST(d3d9_stage_args_temp_constant_specular)
{
    IDirect3DTexture9 *tex;
    IDirect3DDevice9 *dev = stage_device(&tex);
    if (!dev)
        return;
    struct col t = col_of(T_ARGB), d = col_of(D_ARGB), f = col_of(F_ARGB), s = col_of(S_ARGB);
    /* MODULATE(1 - T, D.aaa) */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1,
                                          D3DTA_TEXTURE | D3DTA_COMPLEMENT);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG2,
                                          D3DTA_DIFFUSE | D3DTA_ALPHAREPLICATE);
    r9_clear(dev, 0);
    full_rect(dev, D_ARGB, S_ARGB, 0.5f, 0.5f, false);
    CHECK_PIXEL(r9_pixel(dev, W, H, 1, 1),
                r9_argb((1 - t.r) * d.a, (1 - t.g) * d.a, (1 - t.b) * d.a, d.a), 1);
    /* stage 0: T -> TEMP; stage 1: ADD(TEMP, SPECULAR) -> CURRENT (still D from stage 0's
     * colour? no: CURRENT is untouched by stage 0, so it stays the diffuse colour); stage 2:
     * MODULATE(CURRENT, CONSTANT) */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_RESULTARG, D3DTA_TEMP);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_ADD);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG1, D3DTA_TEMP);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG2, D3DTA_SPECULAR);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAARG1, D3DTA_CURRENT);
    IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_COLORARG1, D3DTA_CURRENT);
    IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_COLORARG2, D3DTA_CONSTANT);
    IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_CONSTANT, F_ARGB);
    IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_ALPHAARG1, D3DTA_CURRENT);
    r9_clear(dev, 0);
    full_rect(dev, D_ARGB, S_ARGB, 0.5f, 0.5f, false);
    CHECK_PIXEL(r9_pixel(dev, W, H, 1, 1),
                r9_argb(sat(t.r + s.r) * f.r, sat(t.g + s.g) * f.g, sat(t.b + s.b) * f.b, d.a),
                1);
    /* the specular add after the stages */
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_DISABLE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_RESULTARG, D3DTA_CURRENT);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SPECULARENABLE, TRUE);
    r9_clear(dev, 0);
    full_rect(dev, D_ARGB, S_ARGB, 0.5f, 0.5f, false);
    CHECK_PIXEL(r9_pixel(dev, W, H, 1, 1),
                r9_argb(sat(t.r + s.r), sat(t.g + s.g), sat(t.b + s.b), d.a), 1);
    stage_end(dev, tex);
}

/* PREMODULATE: "the output of stage n is arg1; ... any D3DTA_CURRENT in stage n + 1 is
 * premultiplied by texture in stage n + 1". */
TEST(d3d9_stage_premodulate)
{
    IDirect3DTexture9 *tex;
    IDirect3DDevice9 *dev = stage_device(&tex);
    if (!dev)
        return;
    struct col t = col_of(T_ARGB), d = col_of(D_ARGB);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetTexture(dev, 1, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_PREMODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG1, D3DTA_CURRENT);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAARG1, D3DTA_CURRENT);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_TEXCOORDINDEX, 0);
    r9_clear(dev, 0);
    full_rect(dev, D_ARGB, S_ARGB, 0.5f, 0.5f, false);
    CHECK_PIXEL(r9_pixel(dev, W, H, 1, 1), r9_argb(d.r * t.r, d.g * t.g, d.b * t.b, d.a * t.a),
                1);
    IDirect3DDevice9_SetTexture(dev, 1, NULL);
    stage_end(dev, tex);
}

/* D3DRS_ALPHATESTENABLE: the 8-bit alpha compared with ALPHAREF; failing pixels are not
 * written. */
TEST(d3d9_stage_alpha_test)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    static const struct {
        DWORD func;
        bool below, equal, above;    /* alpha 0x80 vs ref 0x81, 0x80, 0x7f */
    } cases[] = {
        { D3DCMP_NEVER, false, false, false }, { D3DCMP_LESS, true, false, false },
        { D3DCMP_EQUAL, false, true, false }, { D3DCMP_LESSEQUAL, true, true, false },
        { D3DCMP_GREATER, false, false, true }, { D3DCMP_NOTEQUAL, true, false, true },
        { D3DCMP_GREATEREQUAL, false, true, true }, { D3DCMP_ALWAYS, true, true, true },
    };
    static const DWORD refs[3] = { 0x81, 0x80, 0x7f };
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHATESTENABLE, TRUE);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAFUNC, cases[i].func);
        for (int k = 0; k < 3; k++) {
            bool pass = k == 0 ? cases[i].below : k == 1 ? cases[i].equal : cases[i].above;
            IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, refs[k]);
            r9_clear(dev, 0xff000000);
            r9_rect(dev, 0, 0, W, H, 0x80ffffff);
            uint32_t got = r9_pixel(dev, W, H, 2, 3);
            if (got != (pass ? 0x80ffffffu : 0xff000000u))
                harness_fail(__FILE__, __LINE__, "ALPHAFUNC %u ref 0x%x: 0x%08x",
                             (unsigned)cases[i].func, (unsigned)refs[k], got);
        }
    }
    r9_end(dev);
}

/* D3DSHADE_FLAT: the first vertex's colour over the triangle (a fan triangle's first vertex
 * being its second, v[i + 1]); D3DSHADE_GOURAUD interpolates. */
TEST(d3d9_stage_flat_shading)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    struct r9_tl tri[3] = { { -0.5f, -0.5f, 0.5f, 1, 0xffff0000 },
                            { W - 0.5f, -0.5f, 0.5f, 1, 0xff00ff00 },
                            { -0.5f, H - 0.5f, 0.5f, 1, 0xff0000ff } };
    if (!dev)
        return;
    IDirect3DDevice9_SetFVF(dev, R9_TL_FVF);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SHADEMODE, D3DSHADE_FLAT);
    r9_clear(dev, 0);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, tri, sizeof(tri[0]));
    CHECK_EQ(r9_pixel(dev, W, H, 2, 2), 0xffff0000u);
    CHECK_EQ(r9_pixel(dev, W, H, 5, 1), 0xffff0000u);
    /* a fan of two triangles (v0 v1 v2), (v0 v2 v3): flat colours v1 and v2 */
    struct r9_tl fan[4] = { { -0.5f, -0.5f, 0.5f, 1, 0xffffffff },
                            { W - 0.5f, -0.5f, 0.5f, 1, 0xffff0000 },
                            { W - 0.5f, H - 0.5f, 0.5f, 1, 0xff00ff00 },
                            { -0.5f, H - 0.5f, 0.5f, 1, 0xff0000ff } };
    r9_clear(dev, 0);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLEFAN, 2, fan, sizeof(fan[0]));
    CHECK_EQ(r9_pixel(dev, W, H, 6, 1), 0xffff0000u);
    CHECK_EQ(r9_pixel(dev, W, H, 1, 6), 0xff00ff00u);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SHADEMODE, D3DSHADE_GOURAUD);
    r9_clear(dev, 0);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, tri, sizeof(tri[0]));
    /* pixel (2, 2), 2.5 pixels from the corner vertex's edges: weights 2.5/8 of v1 and v2 */
    CHECK_PIXEL(r9_pixel(dev, W, H, 2, 2), r9_argb(0.375, 0.3125, 0.3125, 1), 1);
    r9_end(dev);
}

/* Seed 003: MIPFILTER NONE samples the top level only; MAXMIPLEVEL moves the top; address
 * modes; the border colour. */
TEST(d3d9_stage_sampler_states)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DTexture9 *tex;
    /* 16x16 red, 8x8 green, 4x4 blue ... drawn over 8x8 pixels: LOD 1 */
    static const uint32_t levels[5] = { 0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff,
                                        0xff000000 };
    if (!dev)
        return;
    if (!(tex = solid_texture(dev, 16, 5, levels))) {
        r9_end(dev);
        return;
    }
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_NONE);
    r9_clear(dev, 0);
    full_rect(dev, 0, 0, 0, 0, true);
    CHECK_EQ(r9_pixel(dev, W, H, 3, 3), 0xffff0000u);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    r9_clear(dev, 0);
    full_rect(dev, 0, 0, 0, 0, true);
    CHECK_EQ(r9_pixel(dev, W, H, 3, 3), 0xff00ff00u);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXMIPLEVEL, 2);
    r9_clear(dev, 0);
    full_rect(dev, 0, 0, 0, 0, true);
    CHECK_EQ(r9_pixel(dev, W, H, 3, 3), 0xff0000ffu);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_NONE);
    r9_clear(dev, 0);
    full_rect(dev, 0, 0, 0, 0, true);
    CHECK_EQ(r9_pixel(dev, W, H, 3, 3), 0xff0000ffu);   /* the top is level 2 now */
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DTexture9_Release(tex);

    /* a 2x2 texture: left red, right green; u = 1.25 wraps to the left half, clamps to the
     * right one; BORDER gives the border colour */
    IDirect3DTexture9 *t2 = NULL;
    D3DLOCKED_RECT lr;
    IDirect3DDevice9_CreateTexture(dev, 2, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t2, NULL);
    if (!t2) {
        CHECK(0);
        r9_end(dev);
        return;
    }
    IDirect3DTexture9_LockRect(t2, 0, &lr, NULL, 0);
    for (int y = 0; y < 2; y++) {
        ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[0] = 0xffff0000;
        ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[1] = 0xff00ff00;
    }
    IDirect3DTexture9_UnlockRect(t2, 0);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t2);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXMIPLEVEL, 0);
    static const struct {
        DWORD mode;
        uint32_t want;
    } modes[3] = { { D3DTADDRESS_WRAP, 0xffff0000 }, { D3DTADDRESS_CLAMP, 0xff00ff00 },
                   { D3DTADDRESS_BORDER, 0x80123456 } };
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_BORDERCOLOR, 0x80123456);
    for (int i = 0; i < 3; i++) {
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSU, modes[i].mode);
        r9_clear(dev, 0);
        full_rect(dev, 0, 0, 1.25f, 0.5f, false);
        CHECK_EQ(r9_pixel(dev, W, H, 3, 3), modes[i].want);
    }
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DTexture9_Release(t2);
    r9_end(dev);
}

/* The short forms of ff_ps.c (no stage: o0 = v0; stage 0 selecting the diffuse colour and
 * alpha: o0 = saturate(v0)) run in pixel_fused.c; the same frame through the VM
 * (draw_debug_set_shortcuts(false)) and through the generic form of the same states (an alpha
 * test that every pixel passes keeps the long program) gives the same bytes. */
static void passthrough_frame(int mode, bool shortcuts, uint32_t *img, uint64_t *fused)
{
    static const D3DCOLOR corner[4] = { 0xff102030u, 0x80f0e0d0u, 0x20ff0080u, 0xc0408000u };
    IDirect3DDevice9 *dev = r9_device(W, H);
    *fused = 0;
    if (!dev)
        return;
    draw_debug_set_shortcuts(shortcuts);
    uint64_t f0 = draw_debug_fused_count();
    r9_clear(dev, 0xff000000u);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP,
                                          mode == 1 ? D3DTOP_DISABLE : D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_DISABLE);
    if (mode == 2) {
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHATESTENABLE, TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAFUNC, D3DCMP_GREATEREQUAL);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0);
    }
    struct tvert q[4] = {
        { -0.5f, -0.5f, 0.5f, 1, corner[0], 0, 0, 0 },
        { W - 0.5f, -0.5f, 0.5f, 1, corner[1], 0, 0, 0 },
        { -0.5f, H - 0.5f, 0.5f, 1, corner[2], 0, 0, 0 },
        { W - 0.5f, H - 0.5f, 0.5f, 1, corner[3], 0, 0, 0 },
    };
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, TVERT_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
    r9_read(dev, img);
    *fused = draw_debug_fused_count() - f0;
    draw_debug_set_shortcuts(true);
    r9_end(dev);
}

TEST(d3d9_stage_diffuse_passthrough_short_forms)
{
    uint32_t fast[W * H], vm[W * H], longform[W * H];
    uint64_t f_fast, f_vm, f_long;
    for (int mode = 0; mode < 2; mode++) {
        passthrough_frame(mode, true, fast, &f_fast);
        passthrough_frame(mode, false, vm, &f_vm);
        passthrough_frame(2, true, longform, &f_long);
        CHECK(f_fast > 0);    /* the short form ran without the VM */
        CHECK_EQ(f_vm, 0u);
        CHECK_EQ(f_long, 0u); /* the alpha test keeps the generic program */
        CHECK(!memcmp(fast, vm, sizeof(fast)));
        CHECK(!memcmp(fast, longform, sizeof(fast)));
        /* Gouraud: pixel (0, 0)'s centre is 1/16 of the way from vertex 0 towards vertices 1
         * and 2 (the quad spans 8 pixels; D3D9's half-pixel offset) */
        struct col c0 = col_of(0xff102030u), c1 = col_of(0x80f0e0d0u), c2 = col_of(0x20ff0080u);
        uint32_t want = r9_argb(c0.r + (c1.r - c0.r + c2.r - c0.r) / 16,
                                c0.g + (c1.g - c0.g + c2.g - c0.g) / 16,
                                c0.b + (c1.b - c0.b + c2.b - c0.b) / 16,
                                c0.a + (c1.a - c0.a + c2.a - c0.a) / 16);
        CHECK(r9_near(fast[0], want, 1));
    }
}

/* The short forms of stage 0 modulating its texture by the diffuse colour (ff_ps.c:
 * o0 = saturate(texel * diffuse), or the rgb so and the alpha the texel's -- D3D9's default
 * stage 0 -- pixel_fused.c's TEXMOD shapes): the same bytes through the fused path, the VM,
 * and the generic program of the same states (kept by an alpha test every pixel passes), for
 * TEXTURE * DIFFUSE in colour and alpha, CURRENT * TEXTURE in colour, and the default state
 * (MODULATE TEXTURE, CURRENT; alpha SELECTARG1 TEXTURE); a mutation of the short forms
 * (another operand) changes them. */
static void modulate_frame(int args, bool alpha_test, bool shortcuts, uint32_t *img,
                           uint64_t *fused)
{
    static const D3DCOLOR corner[4] = { 0xff102030u, 0x80f0e0d0u, 0x20ff0080u, 0xc0408000u };
    static const uint32_t texels[2] = { T_ARGB, 0xff20e0c0u };
    IDirect3DDevice9 *dev = r9_device(W, H);
    *fused = 0;
    if (!dev)
        return;
    IDirect3DTexture9 *t = solid_texture(dev, 2, 2, texels);
    draw_debug_set_shortcuts(shortcuts);
    uint64_t f0 = draw_debug_fused_count();
    r9_clear(dev, 0xff000000u);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_LINEAR);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_LINEAR);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1,
                                          args == 1 ? D3DTA_CURRENT : D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG2,
                                          args == 1 ? D3DTA_TEXTURE
                                                    : args == 2 ? D3DTA_CURRENT : D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP,
                                          args == 2 ? D3DTOP_SELECTARG1 : D3DTOP_MODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG2, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_DISABLE);
    if (alpha_test) {
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHATESTENABLE, TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAFUNC, D3DCMP_GREATEREQUAL);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0);
    }
    struct tvert q[4] = {
        { -0.5f, -0.5f, 0.5f, 1, corner[0], 0, 0.1f, 0.2f },
        { W - 0.5f, -0.5f, 0.5f, 1, corner[1], 0, 2.3f, 0.1f },
        { -0.5f, H - 0.5f, 0.5f, 1, corner[2], 0, 0.3f, 1.9f },
        { W - 0.5f, H - 0.5f, 0.5f, 1, corner[3], 0, 2.1f, 2.2f },
    };
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, TVERT_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
    r9_read(dev, img);
    *fused = draw_debug_fused_count() - f0;
    draw_debug_set_shortcuts(true);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    if (t)
        IDirect3DTexture9_Release(t);
    r9_end(dev);
}

TEST(d3d9_stage_modulate_texture_diffuse_short_form)
{
    uint32_t fast[W * H], vm[W * H], longform[W * H];
    uint64_t f_fast, f_vm, f_long;
    for (int args = 0; args < 3; args++) {
        modulate_frame(args, false, true, fast, &f_fast);
        modulate_frame(args, false, false, vm, &f_vm);
        modulate_frame(args, true, true, longform, &f_long);
        CHECK(f_fast > 0);    /* the short form ran without the VM */
        CHECK_EQ(f_vm, 0u);
        CHECK_EQ(f_long, 0u); /* the alpha test keeps the generic program */
        CHECK(!memcmp(fast, vm, sizeof(fast)));
        CHECK(!memcmp(fast, longform, sizeof(fast)));
        unsigned lit = 0;
        for (size_t i = 0; i < W * H; i++)
            lit += fast[i] != 0xff000000u;
        CHECK(lit > W * H / 2);
    }
}
