/* tests/test_d3d9_render_sm3.c — shader model 3 for pixels on the max profile (issue 14 part 1):
 * the caps ("Reporting Capabilities for Shader 3 Support", "ps_3_0"), ps_3_0 refused where the
 * caps say PS 2.0, and a pixel test per ps_3_0 feature drawn with a vs_3_0 ("Shader Model 3":
 * in hardware neither runs with another version or with fixed function):
 *   vPos (the pixel's integer position, render-target relative), vFace (negative on
 *   counter-clockwise = back faces, whatever the cull mode), loop/aL with c[aL] and v[aL],
 *   rep/break_comp/if/callnz/label with per-pixel (dynamic) conditions, predication (setp, (p0),
 *   if p0, breakp), texldl/texldb/texldd, dsx/dsy, ten input registers linked by semantic with
 *   shuffled registers, two semantics packed in one register, 224 float constants, flat shading
 *   of COLOR inputs, no fixed-function fog after a ps_3_0, and the pairing refusals.
 * The target is 16 x 16 A8R8G8B8; values are chosen as n / 255 so the 8-bit store is exact. */
#include "test_d3d9_render_util.h"

#define W 16
#define H 16

/* A vertex: clip-space position and one float4 attribute (TEXCOORD0). */
struct v3 {
    float x, y, z, w;
    float t[4];
};

struct sm3 {
    IDirect3DDevice9 *dev;
    IDirect3DVertexDeclaration9 *decl;
    IDirect3DVertexShader9 *vs;
    IDirect3DPixelShader9 *ps;
};

/* The pass-through vertex shader: position, TEXCOORD0. */
static const char vs_pass[] =
    "vs_3_0\n"
    "dcl_position v0\n"
    "dcl_texcoord0 v1\n"
    "dcl_position o0\n"
    "dcl_texcoord0 o1\n"
    "mov o0, v0\n"
    "mov o1, v1\n";

static IDirect3DPixelShader9 *sm3_ps(IDirect3DDevice9 *dev, const char *text, HRESULT want)
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

static IDirect3DVertexShader9 *sm3_vs(IDirect3DDevice9 *dev, const char *text)
{
    DWORD *tok = r9_asm(text);
    IDirect3DVertexShader9 *s = NULL;
    if (!tok)
        return NULL;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, tok, &s), D3D_OK);
    free(tok);
    return s;
}

/* Binds a new pixel shader (the previous one released). */
static bool sm3_use_ps(struct sm3 *s, const char *text)
{
    IDirect3DDevice9_SetPixelShader(s->dev, NULL);
    if (s->ps)
        IDirect3DPixelShader9_Release(s->ps);
    s->ps = sm3_ps(s->dev, text, D3D_OK);
    if (!s->ps)
        return false;
    IDirect3DDevice9_SetPixelShader(s->dev, s->ps);
    return true;
}

static bool sm3_use_vs(struct sm3 *s, const char *text)
{
    IDirect3DDevice9_SetVertexShader(s->dev, NULL);
    if (s->vs)
        IDirect3DVertexShader9_Release(s->vs);
    s->vs = sm3_vs(s->dev, text);
    if (!s->vs)
        return false;
    IDirect3DDevice9_SetVertexShader(s->dev, s->vs);
    return true;
}

/* A max-profile device (flags: the vertex processing) with vs (vs_pass when NULL) and ps. */
static bool sm3_setup(struct sm3 *s, DWORD flags, const char *vs, const char *ps)
{
    static const D3DVERTEXELEMENT9 el[] = {
        { 0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
        { 0, 16, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0 },
        D3DDECL_END()
    };
    memset(s, 0, sizeof(*s));
    if (!(s->dev = r9_device_flags(NULL, W, H, flags)))
        return false;
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(s->dev, el, &s->decl), D3D_OK);
    if (!s->decl)
        return false;
    IDirect3DDevice9_SetVertexDeclaration(s->dev, s->decl);
    return sm3_use_vs(s, vs ? vs : vs_pass) && (!ps || sm3_use_ps(s, ps));
}

static void sm3_done(struct sm3 *s)
{
    if (!s->dev)
        return;
    IDirect3DDevice9_SetVertexShader(s->dev, NULL);
    IDirect3DDevice9_SetPixelShader(s->dev, NULL);
    IDirect3DDevice9_SetVertexDeclaration(s->dev, NULL);
    if (s->vs)
        CHECK_EQ(IDirect3DVertexShader9_Release(s->vs), 0);
    if (s->ps)
        CHECK_EQ(IDirect3DPixelShader9_Release(s->ps), 0);
    if (s->decl)
        IDirect3DVertexDeclaration9_Release(s->decl);
    r9_end(s->dev);
}

/* The full-target quad; TEXCOORD0 = (u, v, t2, t3) with u, v from 0 at the left/top edge to 1
 * at the right/bottom one (x / 16 at pixel x: D3D9's pixel centres are on the edges). */
static HRESULT sm3_quad(struct sm3 *s, float t2, float t3)
{
    struct v3 q[4] = { { -1, 1, 0.5f, 1, { 0, 0, t2, t3 } }, { 1, 1, 0.5f, 1, { 1, 0, t2, t3 } },
                       { -1, -1, 0.5f, 1, { 0, 1, t2, t3 } }, { 1, -1, 0.5f, 1, { 1, 1, t2, t3 } } };
    return IDirect3DDevice9_DrawPrimitiveUP(s->dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
}

static void sm3_set_f(struct sm3 *s, UINT reg, float x, float y, float z, float w)
{
    const float v[4] = { x, y, z, w };
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantF(s->dev, reg, v, 1), D3D_OK);
}

/* n / 255 as text for a def (enough digits that the 8-bit store gives n back). */
#define N255(n) ((double)(n) / 255.0)

/* ---- caps and creation ------------------------------------------------------------------------ */

/* The max profile's caps: ps_3_0 with vs_3_0 and the PS20Caps of a shader model 3 device; the
 * 9_x profiles keep PS 2.0. */
TEST(d3d9_sm3_caps)
{
    IDirect3D9 *d3d = t9_d3d(NULL);
    D3DCAPS9 c;
    if (!d3d)
        return;
    CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, D3DDEVTYPE_HAL, &c), D3D_OK);
    IDirect3D9_Release(d3d);
    CHECK_EQ(c.PixelShaderVersion, D3DPS_VERSION(3, 0));
    CHECK_EQ(c.VertexShaderVersion, D3DVS_VERSION(3, 0));
    CHECK_EQ(c.PS20Caps.Caps, D3DPS20CAPS_ARBITRARYSWIZZLE | D3DPS20CAPS_GRADIENTINSTRUCTIONS |
                                  D3DPS20CAPS_PREDICATION | D3DPS20CAPS_NODEPENDENTREADLIMIT |
                                  D3DPS20CAPS_NOTEXINSTRUCTIONLIMIT);
    CHECK_EQ(c.PS20Caps.DynamicFlowControlDepth, 24);
    CHECK_EQ(c.PS20Caps.NumTemps, 32);
    CHECK_EQ(c.PS20Caps.StaticFlowControlDepth, 4);
    CHECK_EQ(c.PS20Caps.NumInstructionSlots, 512);
    CHECK(c.MaxPixelShader30InstructionSlots >= 512);
    CHECK(c.MaxPixelShader30InstructionSlots <= 32768);
    CHECK(c.MaxPShaderInstructionsExecuted >= 65536);
    CHECK(c.MaxVertexShader30InstructionSlots >= 512);
    for (int p = 0; p < 3; p++) {
        d3d = t9_d3d(t9_profiles[p]);
        if (!d3d)
            continue;
        CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, D3DDEVTYPE_HAL, &c), D3D_OK);
        CHECK_EQ(c.PixelShaderVersion, D3DPS_VERSION(2, 0));
        CHECK_EQ(c.MaxPixelShader30InstructionSlots, 0u);
        IDirect3D9_Release(d3d);
    }
}

/* ps_3_0 on the 9_x profiles: CreatePixelShader says D3DERR_INVALIDCALL (their caps say PS
 * 2.0), in either vertex processing mode (pixel caps do not depend on it); max accepts it. */
TEST(d3d9_sm3_ps_3_0_refused_by_9_x)
{
    static const char ps[] = "ps_3_0\ndcl_texcoord0 v0\nmov oC0, v0\n";
    for (int p = 0; p < 4; p++) {
        for (int sw = 0; sw < 2; sw++) {
            IDirect3DDevice9 *dev = r9_device_flags(t9_profiles[p], W, H,
                                                    sw ? D3DCREATE_SOFTWARE_VERTEXPROCESSING
                                                       : D3DCREATE_HARDWARE_VERTEXPROCESSING);
            if (!dev)
                continue;
            IDirect3DPixelShader9 *s = sm3_ps(dev, ps, p < 3 ? D3DERR_INVALIDCALL : D3D_OK);
            if (p < 3)
                CHECK_STR_CONTAINS(R9_LAST, "ps_3_0");
            if (s)
                CHECK_EQ(IDirect3DPixelShader9_Release(s), 0);
            r9_end(dev);
        }
    }
}

/* ---- pairing rules ---------------------------------------------------------------------------- */

/* "Shader Model 3": in hardware a ps_3_0 runs only with a vs_3_0 — not with fixed-function
 * vertex processing (here pre-transformed vertices) nor with a vs_2_0; such a draw is refused
 * with D3DERR_INVALIDCALL and leaves the target alone.  With software vertex processing the
 * vs_3_0 may be a software one. */
TEST(d3d9_sm3_needs_vs_3_0)
{
    static const char ps[] = "ps_3_0\ndef c0, 1, 0, 0, 1\nmov oC0, c0\n";
    static const char vs2[] = "vs_2_0\ndcl_position v0\nmov oPos, v0\n";
    struct sm3 s;
    if (!sm3_setup(&s, D3DCREATE_MIXED_VERTEXPROCESSING, NULL, ps))
        goto done;
    r9_clear(s.dev, 0xff00ff00);
    CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
    CHECK_EQ(r9_pixel(s.dev, W, H, 3, 3), 0xffff0000u);

    r9_clear(s.dev, 0xff00ff00);
    IDirect3DDevice9_SetVertexShader(s.dev, NULL);            /* fixed function */
    struct r9_tl v[3] = { { 0, 0, 0.5f, 1, 0xffffffff }, { 16, 0, 0.5f, 1, 0xffffffff },
                          { 0, 16, 0.5f, 1, 0xffffffff } };
    IDirect3DDevice9_SetFVF(s.dev, R9_TL_FVF);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(s.dev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0])),
             D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "vs_3_0");
    CHECK_EQ(r9_pixel(s.dev, W, H, 1, 1), 0xff00ff00u);

    IDirect3DDevice9_SetVertexDeclaration(s.dev, s.decl);
    CHECK(sm3_use_vs(&s, vs2));
    CHECK_HR(sm3_quad(&s, 0, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(r9_pixel(s.dev, W, H, 3, 3), 0xff00ff00u);

    /* software vertex processing: a vs_3_0 created in that mode draws with the ps_3_0 */
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(s.dev, TRUE), D3D_OK);
    CHECK(sm3_use_vs(&s, vs_pass));
    CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
    CHECK_EQ(r9_pixel(s.dev, W, H, 3, 3), 0xffff0000u);
done:
    sm3_done(&s);
}

/* ---- vPos and vFace ----------------------------------------------------------------------------- */

/* "Registers - ps_3_0": vPos holds the current pixel (x, y): integers, (0, 0) the top-left
 * pixel, in render-target coordinates (a viewport offset does not move them).  The shader
 * writes (x / 255, y / 255). */
TEST(d3d9_sm3_vpos)
{
    static const char ps[] =
        "ps_3_0\n"
        "def c0, 0.00392156863, 0, 1, 0\n"
        "dcl vPos.xy\n"
        "mul r0.xy, vPos, c0.x\n"
        "mov r0.zw, c0.yyyz\n"
        "mov oC0, r0\n";
    struct sm3 s;
    uint32_t img[W * H];
    if (!sm3_setup(&s, D3DCREATE_HARDWARE_VERTEXPROCESSING, NULL, ps))
        goto done;
    r9_clear(s.dev, 0);
    CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
    r9_read(s.dev, img);
    unsigned bad = 0;
    for (unsigned y = 0; y < H; y++)
        for (unsigned x = 0; x < W; x++)
            bad += img[y * W + x] != (0xff000000u | x << 16 | y << 8);
    CHECK_EQ(bad, 0u);
    CHECK_EQ(img[5 * W + 9], 0xff090500u);
    /* a viewport at (4, 2): the pixels keep their target coordinates */
    D3DVIEWPORT9 vp = { 4, 2, 8, 8, 0.0f, 1.0f };
    r9_clear(s.dev, 0);                                   /* (Clear takes the viewport) */
    IDirect3DDevice9_SetViewport(s.dev, &vp);
    CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
    r9_read(s.dev, img);
    CHECK_EQ(img[2 * W + 4], 0xff040200u);
    CHECK_EQ(img[9 * W + 11], 0xff0b0900u);
    CHECK_EQ(img[1 * W + 4], 0u);                         /* outside the viewport */
done:
    sm3_done(&s);
}

/* "Registers - ps_3_0": vFace is negative for back faces ("the area is negative,
 * counterclockwise"), positive for front (clockwise) ones, whichever faces D3DRS_CULLMODE
 * removes.  Left half: a clockwise triangle; right half: a counter-clockwise one. */
TEST(d3d9_sm3_vface)
{
    static const char ps[] =
        "ps_3_0\n"
        "def c0, 0, 0, 0, 0\n"
        "def c1, 1, 0, 0, 1\n"
        "def c2, 0, 0, 1, 1\n"
        "dcl vFace\n"
        "if_gt vFace, c0.x\n"
        "mov oC0, c1\n"
        "else\n"
        "mov oC0, c2\n"
        "endif\n";
    static const char ps_setp[] =
        "ps_3_0\n"
        "def c0, 0, 0, 0, 0\n"
        "def c1, 1, 0, 0, 1\n"
        "def c2, 0, 0, 1, 1\n"
        "dcl vFace\n"
        "mov r0, c2\n"
        "setp_gt p0, vFace, c0.x\n"
        "(p0) mov r0, c1\n"
        "mov oC0, r0\n";
    struct v3 t[6] = {
        { -1, 1, 0.5f, 1, { 0 } }, { 0, 1, 0.5f, 1, { 0 } }, { -1, -1, 0.5f, 1, { 0 } },
        { 0, 1, 0.5f, 1, { 0 } }, { 1, -1, 0.5f, 1, { 0 } }, { 1, 1, 0.5f, 1, { 0 } },
    };
    static const DWORD culls[3] = { D3DCULL_NONE, D3DCULL_CCW, D3DCULL_CW };
    struct sm3 s;
    if (!sm3_setup(&s, D3DCREATE_HARDWARE_VERTEXPROCESSING, NULL, ps))
        goto done;
    for (int k = 0; k < 2; k++) {
        if (k == 1 && !sm3_use_ps(&s, ps_setp))
            break;
        for (int c = 0; c < 3; c++) {
            IDirect3DDevice9_SetRenderState(s.dev, D3DRS_CULLMODE, culls[c]);
            r9_clear(s.dev, 0xff00ff00);
            CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(s.dev, D3DPT_TRIANGLELIST, 2, t,
                                                      sizeof(t[0])), D3D_OK);
            uint32_t left = r9_pixel(s.dev, W, H, 1, 1), right = r9_pixel(s.dev, W, H, 14, 1);
            CHECK_EQ(left, culls[c] == D3DCULL_CW ? 0xff00ff00u : 0xffff0000u);
            CHECK_EQ(right, culls[c] == D3DCULL_CCW ? 0xff00ff00u : 0xff0000ffu);
        }
    }
done:
    sm3_done(&s);
}

/* ---- flow control ------------------------------------------------------------------------------ */

/* "loop - ps": aL starts at i#.y and steps by i#.z, i#.x times; c[aL + n] and v[aL] follow it
 * ("Registers - ps_3_0": v# are relatively addressable by aL).  i0 comes from
 * SetPixelShaderConstantI.  r0 = c[1] + c[2] + c[3] (aL = 1, 2, 3); r1 = v0 + v1 (aL = 0, 1 of
 * the second loop, the inputs texcoord0 / texcoord1); the nested loop leaves the outer aL
 * as it was. */
TEST(d3d9_sm3_loop_al)
{
    static const char vs[] =
        "vs_3_0\n"
        "def c0, 0.0784313725, 0.117647059, 0.156862745, 0.196078431\n"
        "dcl_position v0\n"
        "dcl_position o0\n"
        "dcl_texcoord0 o1\n"
        "dcl_texcoord1 o2\n"
        "mov o0, v0\n"
        "mov o1, c0\n"                       /* (20, 30, 40, 50) / 255 */
        "mov o2, c0.wzyx\n";                 /* (50, 40, 30, 20) / 255 */
    static const char ps[] =
        "ps_3_0\n"
        "defi i1, 2, 0, 1, 0\n"
        "defi i2, 2, 7, 1, 0\n"
        "dcl_texcoord0 v0\n"
        "dcl_texcoord1 v1\n"
        "mov r0, c0\n"
        "mov r1, c0\n"
        "mov r2, c0\n"
        "loop aL, i0\n"
        "add r0, r0, c[aL]\n"
        "loop aL, i2\n"
        "add r2, r2, c[aL + 1]\n"            /* c8 + c9 in each of the 3 outer iterations */
        "endloop\n"
        "add r0.w, r0.w, c[aL + 3].w\n"      /* the outer aL again: c4.w + c5.w + c6.w */
        "endloop\n"
        "loop aL, i1\n"
        "add r1, r1, v[aL]\n"
        "endloop\n"
        "mov oC0, r0\n"
        "mov oC1, r1\n"
        "mov oC2, r2\n";
    struct sm3 s;
    IDirect3DSurface9 *rt1 = NULL, *rt2 = NULL;
    if (!sm3_setup(&s, D3DCREATE_HARDWARE_VERTEXPROCESSING, vs, NULL))
        goto done;
    /* three targets: oC1 and oC2 checked by reading them back through render target 0 */
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(s.dev, W, H, D3DFMT_A8R8G8B8,
                                                 D3DMULTISAMPLE_NONE, 0, FALSE, &rt1, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(s.dev, W, H, D3DFMT_A8R8G8B8,
                                                 D3DMULTISAMPLE_NONE, 0, FALSE, &rt2, NULL),
             D3D_OK);
    if (!rt1 || !rt2 || !sm3_use_ps(&s, ps))
        goto done;
    const int i0[4] = { 3, 1, 1, 0 };
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantI(s.dev, 0, i0, 1), D3D_OK);
    sm3_set_f(&s, 0, 0, 0, 0, 0);
    sm3_set_f(&s, 1, N255(10), N255(1), 0, N255(5));
    sm3_set_f(&s, 2, N255(20), N255(2), 0, N255(6));
    sm3_set_f(&s, 3, N255(30), N255(4), N255(100), N255(7));
    sm3_set_f(&s, 4, 0, 0, 0, N255(10));
    sm3_set_f(&s, 5, 0, 0, 0, N255(20));
    sm3_set_f(&s, 6, 0, 0, 0, N255(40));
    sm3_set_f(&s, 7, 0, 0, 0, N255(1000));               /* read only if aL were wrong */
    sm3_set_f(&s, 8, N255(1), N255(2), N255(3), N255(4));
    sm3_set_f(&s, 9, N255(5), N255(6), N255(7), N255(8));
    IDirect3DDevice9_SetRenderTarget(s.dev, 1, rt1);
    IDirect3DDevice9_SetRenderTarget(s.dev, 2, rt2);
    r9_clear(s.dev, 0);
    CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
    /* r0 = (60, 7, 100, 18 + 70) */
    CHECK_EQ(r9_pixel(s.dev, W, H, 7, 7), 0x583c0764u);
    IDirect3DSurface9 *rt0 = NULL;
    IDirect3DDevice9_GetRenderTarget(s.dev, 0, &rt0);
    IDirect3DDevice9_SetRenderTarget(s.dev, 1, NULL);
    IDirect3DDevice9_SetRenderTarget(s.dev, 2, NULL);
    IDirect3DDevice9_SetRenderTarget(s.dev, 0, rt1);
    CHECK_EQ(r9_pixel(s.dev, W, H, 7, 7), 0x46464646u);   /* v0 + v1 = (70, 70, 70, 70) */
    IDirect3DDevice9_SetRenderTarget(s.dev, 0, rt2);
    /* (c8 + c9) * 3 = (18, 24, 30, 36) */
    CHECK_EQ(r9_pixel(s.dev, W, H, 7, 7), 0x2412181eu);
    IDirect3DDevice9_SetRenderTarget(s.dev, 0, rt0);
    if (rt0)
        IDirect3DSurface9_Release(rt0);
done:
    if (rt1)
        IDirect3DSurface9_Release(rt1);
    if (rt2)
        IDirect3DSurface9_Release(rt2);
    sm3_done(&s);
}

/* Dynamic flow control (PS20Caps.DynamicFlowControlDepth 24): conditions on per-pixel values,
 * so the lanes of one quad take different paths.  rep with break_ge counts up to vPos.x (R =
 * 10 x); if_lt / else on vPos.y picks G; call sets B to 5, callnz on b0 and on p0 call
 * subroutines (label/ret) that add to it; breakp leaves a rep early on the right half. */
TEST(d3d9_sm3_dynamic_flow)
{
    static const char ps[] =
        "ps_3_0\n"
        "def c0, 1, 0, 0.0392156863, 8\n"          /* c0.z = 10 / 255 */
        "def c1, 0.392156863, 0.784313725, 0.0784313725, 0.196078431\n" /* 100 200 20 50 */
        "def c2, 0.0196078431, 0, 0, 0\n"            /* 5 / 255 */
        "defi i0, 20, 0, 0, 0\n"
        "dcl vPos.xy\n"
        "mov r0, c0.y\n"
        "rep i0\n"
        "break_ge r0.x, vPos.x\n"
        "add r0.x, r0.x, c0.x\n"
        "endrep\n"
        "mul r1.x, r0.x, c0.z\n"
        "if_lt vPos.y, c0.w\n"
        "mov r1.y, c1.x\n"
        "else\n"
        "mov r1.y, c1.y\n"
        "endif\n"
        "call l3\n"
        "callnz l1, b0\n"
        "setp_ge p0.x, vPos.x, c0.w\n"
        "callnz l2, p0.x\n"
        "mov r2.x, c0.y\n"
        "rep i0\n"
        "add r2.x, r2.x, c0.z\n"
        "breakp p0.x\n"
        "endrep\n"
        "mov r1.w, r2.x\n"
        "mov oC0, r1\n"
        "ret\n"
        "label l1\n"
        "add r1.z, r1.z, c1.z\n"
        "ret\n"
        "label l2\n"
        "add r1.z, r1.z, c1.w\n"
        "ret\n"
        "label l3\n"
        "mov r1.z, c2.x\n"
        "ret\n";
    struct sm3 s;
    uint32_t img[W * H];
    if (!sm3_setup(&s, D3DCREATE_HARDWARE_VERTEXPROCESSING, NULL, ps))
        goto done;
    for (int b = 0; b < 2; b++) {
        const BOOL b0 = b;
        CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantB(s.dev, 0, &b0, 1), D3D_OK);
        r9_clear(s.dev, 0);
        CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
        r9_read(s.dev, img);
        unsigned bad = 0;
        for (unsigned y = 0; y < H; y++)
            for (unsigned x = 0; x < W; x++) {
                unsigned r = 10 * x, g = y < 8 ? 100 : 200;
                unsigned bl = 5 + (b ? 20 : 0) + (x >= 8 ? 50 : 0);
                unsigned a = x >= 8 ? 10 : 200;              /* breakp after 1 or 20 adds */
                uint32_t want = a << 24 | r << 16 | g << 8 | bl;
                if (img[y * W + x] != want && !bad++)
                    harness_fail(__FILE__, __LINE__, "b0 %d pixel (%u, %u): 0x%08x, want 0x%08x",
                                 b, x, y, img[y * W + x], want);
            }
        CHECK_EQ(bad, 0u);
    }
done:
    sm3_done(&s);
}

/* "Predicate Register": setp_comp writes p0 per component; (p0) / (!p0.c) predicate each
 * component of a write; if p0.c branches on one.  Left (x < 8) and right halves differ. */
TEST(d3d9_sm3_predication)
{
    static const char ps[] =
        "ps_3_0\n"
        "def c0, 7.5, 0, 0, 0\n"
        "def c1, 0.392156863, 0.392156863, 0.392156863, 0.392156863\n"   /* 100 */
        "def c2, 0.196078431, 0.196078431, 0.196078431, 0.196078431\n"   /* 50 */
        "def c3, 1, 0, 1, 0\n"
        "def c4, 0.0392156863, 0.0392156863, 0.0392156863, 0.0392156863\n" /* 10 */
        "dcl vPos.xy\n"
        "mov r0, c2\n"
        "setp_gt p0, c3, c0.y\n"          /* p0 = (T, F, T, F) */
        "(p0) mov r0, c1\n"               /* r0 = (100, 50, 100, 50) */
        "setp_gt p0.x, vPos.x, c0.x\n"    /* right half */
        "(!p0.x) add r0.y, r0.y, c4.x\n"  /* left: G = 60 */
        "if p0.x\n"
        "add r0.w, r0.w, c1.w\n"          /* right: A = 150 */
        "endif\n"
        "if !p0.x\n"
        "add r0.z, r0.z, c4.z\n"          /* left: B = 110 */
        "endif\n"
        "mov oC0, r0\n";
    struct sm3 s;
    if (!sm3_setup(&s, D3DCREATE_HARDWARE_VERTEXPROCESSING, NULL, ps))
        goto done;
    r9_clear(s.dev, 0);
    CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
    CHECK_EQ(r9_pixel(s.dev, W, H, 3, 5), 0x32643c6eu);
    CHECK_EQ(r9_pixel(s.dev, W, H, 7, 0), 0x32643c6eu);
    CHECK_EQ(r9_pixel(s.dev, W, H, 8, 0), 0x96643264u);
    CHECK_EQ(r9_pixel(s.dev, W, H, 12, 9), 0x96643264u);
done:
    sm3_done(&s);
}

/* ---- texture and gradient instructions ---------------------------------------------------------- */

/* A 4x4 A8R8G8B8 texture of three levels, each one colour: 4x4 red-ish, 2x2 green-ish, 1x1
 * blue-ish; point filtering with point mip selection. */
static IDirect3DTexture9 *sm3_mip_texture(IDirect3DDevice9 *dev)
{
    static const uint32_t colour[3] = { 0xffc81e0au, 0xff14b428u, 0xff3228a0u };
    IDirect3DTexture9 *t = NULL;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 3, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    if (!t)
        return NULL;
    for (UINT l = 0; l < 3; l++) {
        D3DLOCKED_RECT lr;
        UINT n = 4u >> l;
        CHECK_HR(IDirect3DTexture9_LockRect(t, l, &lr, NULL, 0), D3D_OK);
        for (UINT y = 0; y < n; y++)
            for (UINT x = 0; x < n; x++)
                ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[x] = colour[l];
        IDirect3DTexture9_UnlockRect(t, l);
    }
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    return t;
}

/* texldl takes the level from the coordinate's w ("texldl - ps"); texldb adds w to the
 * computed LOD ("texldb - ps": the quad maps 4 texels onto 16 pixels, LOD -2, so bias 3 gives
 * level 1 and 4 level 2); texldd takes the gradients from its operands ("texldd - ps": 0.5 of
 * the coordinate range per pixel on a 4-texel level is 2 texels, level 1; 1.0 is level 2);
 * plain texld at LOD -2 reads level 0. */
TEST(d3d9_sm3_texldl_texldb_texldd)
{
    static const char ps_texld[] =
        "ps_3_0\ndcl_texcoord0 v0\ndcl_2d s0\ntexld r0, v0, s0\nmov oC0, r0\n";
    static const char ps_texldl[] =
        "ps_3_0\ndcl_texcoord0 v0\ndcl_2d s0\nmov r1, v0\nmov r1.w, v0.z\n"
        "texldl r0, r1, s0\nmov oC0, r0\n";
    static const char ps_texldb[] =
        "ps_3_0\ndcl_texcoord0 v0\ndcl_2d s0\nmov r1, v0\nmov r1.w, v0.z\n"
        "texldb r0, r1, s0\nmov oC0, r0\n";
    static const char ps_texldd[] =
        "ps_3_0\ndcl_texcoord0 v0\ndcl_2d s0\ntexldd r0, v0, s0, c0, c1\nmov oC0, r0\n";
    static const uint32_t level[3] = { 0xffc81e0au, 0xff14b428u, 0xff3228a0u };
    struct sm3 s;
    IDirect3DTexture9 *t = NULL;
    if (!sm3_setup(&s, D3DCREATE_HARDWARE_VERTEXPROCESSING, NULL, ps_texld) ||
        !(t = sm3_mip_texture(s.dev)))
        goto done;
    r9_clear(s.dev, 0);
    CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
    CHECK_EQ(r9_pixel(s.dev, W, H, 6, 9), level[0]);
    if (!sm3_use_ps(&s, ps_texldl))
        goto done;
    for (int l = 0; l < 3; l++) {
        r9_clear(s.dev, 0);
        CHECK_HR(sm3_quad(&s, (float)l, 0), D3D_OK);
        CHECK_EQ(r9_pixel(s.dev, W, H, 6, 9), level[l]);
    }
    if (!sm3_use_ps(&s, ps_texldb))
        goto done;
    static const float bias[3] = { 0.0f, 3.0f, 4.0f };
    for (int l = 0; l < 3; l++) {
        r9_clear(s.dev, 0);
        CHECK_HR(sm3_quad(&s, bias[l], 0), D3D_OK);
        CHECK_EQ(r9_pixel(s.dev, W, H, 6, 9), level[l]);
    }
    if (!sm3_use_ps(&s, ps_texldd))
        goto done;
    static const float grad[3] = { 0.0f, 0.5f, 1.0f };
    for (int l = 0; l < 3; l++) {
        sm3_set_f(&s, 0, grad[l], 0, 0, 0);
        sm3_set_f(&s, 1, 0, grad[l], 0, 0);
        r9_clear(s.dev, 0);
        CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
        CHECK_EQ(r9_pixel(s.dev, W, H, 6, 9), level[l]);
    }
done:
    if (t) {
        IDirect3DDevice9_SetTexture(s.dev, 0, NULL);
        IDirect3DTexture9_Release(t);
    }
    sm3_done(&s);
}

/* dsx / dsy ("dsx - ps", "dsy - ps"): the rate of change of an interpolated value per pixel in
 * x and in y.  u goes 0..1 over 16 pixels (1/16 a pixel), v likewise downwards, t2 = u + 2v
 * (TEXCOORD0.z from the vertex shader): R = 16 dsx(u) * 100, G = 16 dsy(v) * 100, B = 16
 * dsy(u + 2v) * 60 = 120, A = 16 dsx(v) = 0 (plus 50 to see it is written). */
TEST(d3d9_sm3_dsx_dsy)
{
    static const char vs[] =
        "vs_3_0\n"
        "def c0, 2, 0, 0, 0\n"
        "dcl_position v0\n"
        "dcl_texcoord0 v1\n"
        "dcl_position o0\n"
        "dcl_texcoord0 o1\n"
        "mov o0, v0\n"
        "mov o1, v1\n"
        "mad o1.z, v1.y, c0.x, v1.x\n";
    static const char ps[] =
        "ps_3_0\n"
        "def c0, 6.2745098, 3.76470588, 0.196078431, 0\n"   /* 1600/255, 960/255, 50/255 */
        "dcl_texcoord0 v0\n"
        "dsx r0, v0\n"
        "dsy r1, v0\n"
        "mul r2.x, r0.x, c0.x\n"
        "mul r2.y, r1.y, c0.x\n"
        "mul r2.z, r1.z, c0.y\n"
        "add r2.w, r0.y, c0.z\n"
        "mov oC0, r2\n";
    struct sm3 s;
    uint32_t img[W * H];
    if (!sm3_setup(&s, D3DCREATE_HARDWARE_VERTEXPROCESSING, vs, ps))
        goto done;
    r9_clear(s.dev, 0);
    CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
    r9_read(s.dev, img);
    unsigned bad = 0;
    for (unsigned i = 0; i < W * H; i++)
        bad += img[i] != 0x32646478u;
    CHECK_EQ(bad, 0u);
    CHECK_EQ(img[7 * W + 3], 0x32646478u);
done:
    sm3_done(&s);
}

/* ---- linkage by semantic ------------------------------------------------------------------------ */

/* The ten semantics of the interpolator test and where each shader keeps them: the vs_3_0
 * outputs o1..o10 and the ps_3_0 inputs v0..v9 in two different orders ("Match Semantics on
 * vs_3_0 and ps_3_0 Shaders": outputs reach inputs by usage and usage index, not by register). */
static const char *const sm3_semantic[10] = {
    "color0", "color1", "texcoord0", "texcoord1", "texcoord2",
    "texcoord3", "texcoord4", "texcoord5", "texcoord6", "texcoord7",
};
#define SM3_VS_REG(k) (1 + ((k) * 3) % 10)
#define SM3_PS_REG(k) (((k) * 7 + 3) % 10)

/* Semantic k carries (k + 1) * (1, 2, 4, 20) / 255 (vertex shader constant c<k>). */
static uint32_t sm3_semantic_colour(unsigned k)
{
    unsigned n = k + 1;
    return (uint32_t)(20 * n) << 24 | n << 16 | (2 * n) << 8 | 4 * n;
}

/* Ten interpolated input registers at once (PS 3.0 "Input Register": v0..v9), each fed by the
 * vertex output of its semantic: one pixel shader per semantic copies it out, one adds all
 * ten; an input no output declares (texcoord8) reads 0 (softd3d's value; D3D9 leaves it
 * undefined), and is not fed by the output in its register number. */
TEST(d3d9_sm3_ten_inputs_by_semantic)
{
    char vs[2048], ps[1024];
    size_t n = 0;
    n += (size_t)snprintf(vs + n, sizeof(vs) - n,
                          "vs_3_0\ndcl_position v0\ndcl_position o0\n");
    for (unsigned k = 0; k < 10; k++)
        n += (size_t)snprintf(vs + n, sizeof(vs) - n, "dcl_%s o%u\n", sm3_semantic[k],
                              SM3_VS_REG(k));
    n += (size_t)snprintf(vs + n, sizeof(vs) - n, "mov o0, v0\n");
    for (unsigned k = 0; k < 10; k++)
        n += (size_t)snprintf(vs + n, sizeof(vs) - n, "mov o%u, c%u\n", SM3_VS_REG(k), k);
    struct sm3 s;
    if (!sm3_setup(&s, D3DCREATE_HARDWARE_VERTEXPROCESSING, vs, NULL))
        goto done;
    for (unsigned k = 0; k < 10; k++) {
        unsigned m = k + 1;
        const float c[4] = { (float)N255(m), (float)N255(2 * m), (float)N255(4 * m),
                             (float)N255(20 * m) };
        CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(s.dev, k, c, 1), D3D_OK);
    }
    for (unsigned k = 0; k <= 10; k++) {
        /* all ten declared, one copied out; k = 10: texcoord8 (no output has it) declared
         * in v1 instead of texcoord2, while the vertex shader's o1 holds color0 */
        n = (size_t)snprintf(ps, sizeof(ps), "ps_3_0\n");
        for (unsigned j = 0; j < 10; j++)
            n += (size_t)snprintf(ps + n, sizeof(ps) - n, "dcl_%s v%u\n",
                                  k == 10 && SM3_PS_REG(j) == 1 ? "texcoord8" : sm3_semantic[j],
                                  SM3_PS_REG(j));
        snprintf(ps + n, sizeof(ps) - n, "mov oC0, v%u\n", k == 10 ? 1 : SM3_PS_REG(k));
        if (!sm3_use_ps(&s, ps))
            goto done;
        r9_clear(s.dev, 0xff808080);
        CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
        uint32_t got = r9_pixel(s.dev, W, H, 10, 4);
        uint32_t want = k == 10 ? 0u : sm3_semantic_colour(k);
        if (got != want)
            harness_fail(__FILE__, __LINE__, "semantic %s: pixel 0x%08x, want 0x%08x",
                         k == 10 ? "texcoord8" : sm3_semantic[k], got, want);
    }
    /* all ten added: (55, 110, 220, 1100 -> 255) */
    n = (size_t)snprintf(ps, sizeof(ps), "ps_3_0\n");
    for (unsigned j = 0; j < 10; j++)
        n += (size_t)snprintf(ps + n, sizeof(ps) - n, "dcl_%s v%u\n", sm3_semantic[j],
                              SM3_PS_REG(j));
    n += (size_t)snprintf(ps + n, sizeof(ps) - n, "mov r0, v0\n");
    for (unsigned j = 1; j < 10; j++)
        n += (size_t)snprintf(ps + n, sizeof(ps) - n, "add r0, r0, v%u\n", j);
    snprintf(ps + n, sizeof(ps) - n, "mov oC0, r0\n");
    if (!sm3_use_ps(&s, ps))
        goto done;
    r9_clear(s.dev, 0);
    CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
    CHECK_EQ(r9_pixel(s.dev, W, H, 2, 13), 0xff376edcu);
done:
    sm3_done(&s);
}

/* "ps_3_0": "multiple usages are permitted for components of a given register".  Two
 * semantics share v5 (texcoord1 in .xy, texcoord0 in .zw) and texcoord2 sits in v2.zw, while
 * the vertex shader packs texcoord0/1 into o1.xy/.zw and texcoord2 in o2.xy: each input
 * component reads the same-rank component of its semantic's output (the first declared
 * component of an input reads the first declared one of the output, and so on). */
TEST(d3d9_sm3_packed_semantics)
{
    static const char vs[] =
        "vs_3_0\n"
        "dcl_position v0\n"
        "dcl_position o0\n"
        "dcl_texcoord0 o1.xy\n"
        "dcl_texcoord1 o1.zw\n"
        "dcl_texcoord2 o2.xy\n"
        "mov o0, v0\n"
        "mov o1, c0\n"
        "mov o2.xy, c1\n";
    static const char ps[] =
        "ps_3_0\n"
        "dcl_texcoord1 v5.xy\n"
        "dcl_texcoord0 v5.zw\n"
        "dcl_texcoord2 v2.zw\n"
        "mov r0.xy, v5.zw\n"              /* texcoord0 = c0.xy */
        "add r0.xy, r0, v5\n"             /* + texcoord1 = c0.zw */
        "mov r0.zw, v2\n"                 /* texcoord2 = c1.xy */
        "mov oC0, r0\n";
    struct sm3 s;
    if (!sm3_setup(&s, D3DCREATE_HARDWARE_VERTEXPROCESSING, vs, ps))
        goto done;
    const float c[8] = { (float)N255(10), (float)N255(20), (float)N255(1), (float)N255(2),
                         (float)N255(30), (float)N255(40), 0, 0 };
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(s.dev, 0, c, 2), D3D_OK);
    r9_clear(s.dev, 0);
    CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
    CHECK_EQ(r9_pixel(s.dev, W, H, 5, 5), 0x280b161eu);
done:
    sm3_done(&s);
}

/* ---- constants, fixed-function state after the shader ------------------------------------------- */

/* 224 float constants ("Registers - ps_3_0": c0..c223, SetPixelShaderConstantF up to 224 on a
 * ps_3_0 device): a loop adds c[aL] over all of them (each x = 1/255; def c5 replaces the
 * application's c5, also for the relative read), c223 is read directly. */
TEST(d3d9_sm3_224_constants)
{
    static const char ps[] =
        "ps_3_0\n"
        "def c5, 0, 0, 0, 0\n"
        "defi i0, 224, 0, 1, 0\n"
        "mov r0, c5\n"
        "loop aL, i0\n"
        "add r0, r0, c[aL]\n"
        "endloop\n"
        "add r0.w, c223.y, c223.y\n"
        "mov oC0, r0\n";
    static float c[224][4];
    struct sm3 s;
    if (!sm3_setup(&s, D3DCREATE_HARDWARE_VERTEXPROCESSING, NULL, ps))
        goto done;
    for (int k = 0; k < 224; k++) {
        c[k][0] = (float)N255(1);
        c[k][1] = c[k][2] = c[k][3] = 0.0f;
    }
    c[223][1] = (float)N255(50);
    c[0][2] = (float)N255(60);
    c[5][1] = (float)N255(99);                 /* hidden by the def */
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantF(s.dev, 0, &c[0][0], 224), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantF(s.dev, 224, &c[0][0], 1),
             D3DERR_INVALIDCALL);
    r9_clear(s.dev, 0);
    CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
    CHECK_EQ(r9_pixel(s.dev, W, H, 8, 8), 0x64df323cu);   /* (223, 50, 60, 100) */
done:
    sm3_done(&s);
}

/* "Shader Model 3" ("Fog, Depth, and Shading Mode Changes"): no fixed-function fog blends
 * after a ps_3_0, neither vertex fog (the vs_3_0's fog output, 0 = all fog) nor table fog;
 * the same states fog a vs_2_0 / ps_2_0 pair.  The alpha test still applies after a ps_3_0
 * (it is not fog: D3DRS_ALPHATESTENABLE, "Alpha Testing State"). */
TEST(d3d9_sm3_no_fixed_function_fog)
{
    static const char vs3[] =
        "vs_3_0\n"
        "def c0, 0, 0, 0, 0\n"
        "dcl_position v0\n"
        "dcl_position o0\n"
        "dcl_color0 o1\n"
        "dcl_fog o2.x\n"
        "mov o0, v0\n"
        "mov o1, c1\n"
        "mov o2.x, c0.x\n";
    static const char ps3[] = "ps_3_0\ndcl_color0 v0\nmov oC0, v0\n";
    static const char vs2[] =
        "vs_2_0\n"
        "def c0, 0, 0, 0, 0\n"
        "dcl_position v0\n"
        "mov oPos, v0\n"
        "mov oD0, c1\n"
        "mov oFog, c0.x\n";
    static const char ps2[] = "ps_2_0\ndcl v0\nmov oC0, v0\n";
    const float colour[4] = { (float)N255(200), (float)N255(100), (float)N255(50),
                              (float)N255(128) };
    float fog_start = 0.0f, fog_end = 0.25f;
    DWORD fs, fe;
    memcpy(&fs, &fog_start, 4);
    memcpy(&fe, &fog_end, 4);
    struct sm3 s;
    if (!sm3_setup(&s, D3DCREATE_HARDWARE_VERTEXPROCESSING, vs3, ps3))
        goto done;
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(s.dev, 1, colour, 1), D3D_OK);
    IDirect3DDevice9_SetRenderState(s.dev, D3DRS_FOGENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(s.dev, D3DRS_FOGCOLOR, 0xff0000ffu);
    IDirect3DDevice9_SetRenderState(s.dev, D3DRS_FOGSTART, fs);
    IDirect3DDevice9_SetRenderState(s.dev, D3DRS_FOGEND, fe);
    for (int pair = 0; pair < 2; pair++) {
        if (pair && (!sm3_use_vs(&s, vs2) || !sm3_use_ps(&s, ps2)))
            break;
        for (int table = 0; table < 2; table++) {
            IDirect3DDevice9_SetRenderState(s.dev, D3DRS_FOGTABLEMODE,
                                            table ? D3DFOG_LINEAR : D3DFOG_NONE);
            r9_clear(s.dev, 0);
            CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
            /* z = 0.5 is past FOGEND: all fog for the 2_0 pair */
            CHECK_EQ(r9_pixel(s.dev, W, H, 4, 4), pair ? 0x800000ffu : 0x80c86432u);
        }
    }
    /* the alpha test after the ps_3_0: alpha 128 fails GREATER 128, passes GREATEREQUAL */
    if (!sm3_use_vs(&s, vs3) || !sm3_use_ps(&s, ps3))
        goto done;
    IDirect3DDevice9_SetRenderState(s.dev, D3DRS_ALPHATESTENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(s.dev, D3DRS_ALPHAREF, 128);
    IDirect3DDevice9_SetRenderState(s.dev, D3DRS_ALPHAFUNC, D3DCMP_GREATER);
    r9_clear(s.dev, 0xff00ff00);
    CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
    CHECK_EQ(r9_pixel(s.dev, W, H, 4, 4), 0xff00ff00u);
    IDirect3DDevice9_SetRenderState(s.dev, D3DRS_ALPHAFUNC, D3DCMP_GREATEREQUAL);
    CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
    CHECK_EQ(r9_pixel(s.dev, W, H, 4, 4), 0x80c86432u);
done:
    sm3_done(&s);
}

/* D3DSHADE_FLAT with a ps_3_0: the inputs declared with the COLOR usage take the first
 * vertex's value ("Shading Modes": flat shading applies to the colours); TEXCOORD inputs stay
 * interpolated.  The vertex shader puts the vertex's TEXCOORD0 in both. */
TEST(d3d9_sm3_flat_shading_colour_inputs)
{
    static const char vs[] =
        "vs_3_0\n"
        "dcl_position v0\n"
        "dcl_texcoord0 v1\n"
        "dcl_position o0\n"
        "dcl_color0 o1\n"
        "dcl_texcoord0 o2\n"
        "mov o0, v0\n"
        "mov o1, v1\n"
        "mov o2, v1\n";
    static const char ps[] =
        "ps_3_0\n"
        "def c0, 0, 0, 0, 1\n"
        "dcl_color0 v0\n"
        "dcl_texcoord0 v1\n"
        "mov r0, c0\n"
        "mov r0.x, v0.x\n"
        "mov r0.y, v1.x\n"
        "mov oC0, r0\n";
    struct sm3 s;
    uint32_t img[W * H];
    if (!sm3_setup(&s, D3DCREATE_HARDWARE_VERTEXPROCESSING, vs, ps))
        goto done;
    IDirect3DDevice9_SetRenderState(s.dev, D3DRS_SHADEMODE, D3DSHADE_FLAT);
    r9_clear(s.dev, 0);
    /* a strip whose first triangle starts at u = 0, the second at u = 1 */
    CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
    r9_read(s.dev, img);
    /* pixel (2, 1): triangle 0 (first vertex u = 0): R 0, G = u = 2 / 16 (D3D9 puts the
     * quad's edges on the centres of the outer pixels, "Directly Mapping Texels to Pixels") */
    CHECK_EQ(img[1 * W + 2], 0xff002000u);
    /* pixel (14, 14): triangle 1 (first vertex: the strip's second, u = 1): R 255 */
    CHECK_EQ(img[14 * W + 14], 0xffffdf00u);
    IDirect3DDevice9_SetRenderState(s.dev, D3DRS_SHADEMODE, D3DSHADE_GOURAUD);
    r9_clear(s.dev, 0);
    CHECK_HR(sm3_quad(&s, 0, 0), D3D_OK);
    CHECK_EQ(r9_pixel(s.dev, W, H, 2, 1), 0xff202000u);
done:
    sm3_done(&s);
}
