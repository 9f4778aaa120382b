/* tests/test_d3d9_render_light.c — the generated fixed-function vertex pipeline (src/d3d9/
 * ff_vs.c): each light type, attenuation, range and the spot cone, material sources, specular
 * with and without a local viewer, each fog mode (vertex, range and table fog), texture
 * coordinate generation and transformation, and MaxActiveLights.
 *
 * Expectations are the documented formulas ("Mathematics of Lighting" and its pages,
 * "Attenuation and Spotlight Factor", "Fog Formulas", "Texture Coordinate Transformations")
 * evaluated here in double precision.  To read one vertex's result exactly, each scene draws a
 * small triangle whose first vertex lies on the centre of the probed pixel (the pixel is covered
 * through the top-left rule and its barycentric weights are (1, 0, 0)), so the pixel shows that
 * vertex's colour; tolerance is one 8-bit step. */
#include "test_d3d9_render_util.h"

#define W 16
#define H 16

struct lvert {
    float x, y, z;
    float nx, ny, nz;
    D3DCOLOR diffuse, specular;
    float u, v;
};
#define LVERT_FVF (D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_DIFFUSE | D3DFVF_SPECULAR | D3DFVF_TEX1)

static const D3DVERTEXELEMENT9 lvert_no_colors[] = {
    { 0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
    { 0, 12, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_NORMAL, 0 },
    { 0, 32, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0 },
    D3DDECL_END()
};

/* Draws the probe triangle with its first vertex at the centre of pixel (px, py), every vertex
 * with position z 0.5 (camera space = model space: identity transforms) and the given
 * attributes, and returns the pixel. */
static uint32_t probe(IDirect3DDevice9 *dev, int px, int py, const struct lvert *attr)
{
    struct lvert v[3];
    float x = px * 2.0f / W - 1.0f, y = 1.0f - py * 2.0f / H;
    for (int i = 0; i < 3; i++) {
        v[i] = *attr;
        v[i].z = 0.5f;
    }
    v[0].x = x;
    v[0].y = y;
    v[1].x = x + 0.5f;
    v[1].y = y;
    v[2].x = x;
    v[2].y = y - 0.5f;
    r9_clear(dev, 0);
    HRESULT hr = IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0]));
    if (hr != D3D_OK)
        harness_fail(__FILE__, __LINE__, "draw: 0x%08x %s", (unsigned)hr, R9_LAST);
    return r9_pixel(dev, W, H, px, py);
}

static D3DCOLORVALUE cv(float r, float g, float b, float a)
{
    D3DCOLORVALUE c = { r, g, b, a };
    return c;
}

static void set_material(IDirect3DDevice9 *dev, D3DCOLORVALUE d, D3DCOLORVALUE a,
                         D3DCOLORVALUE s, D3DCOLORVALUE e, float power)
{
    D3DMATERIAL9 m;
    m.Diffuse = d;
    m.Ambient = a;
    m.Specular = s;
    m.Emissive = e;
    m.Power = power;
    CHECK_HR(IDirect3DDevice9_SetMaterial(dev, &m), D3D_OK);
}

static IDirect3DDevice9 *lit_device(DWORD flags)
{
    IDirect3DDevice9 *dev = r9_device_flags(NULL, W, H, flags);
    if (!dev)
        return NULL;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    /* the vertex colours are 0 unless a test says otherwise: take the material's */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORVERTEX, FALSE);
    IDirect3DDevice9_SetFVF(dev, LVERT_FVF);
    return dev;
}

static double sat(double x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

static const struct lvert facing = { 0, 0, 0.5f, 0, 0, -1, 0, 0, 0, 0 };

/* The colour of the usual material with one light's contributions: diffuse term factor kd
 * (N.L * Atten * Spot) and ambient factor ka (Atten * Spot). */
static uint32_t expect(const D3DMATERIAL9 *m, const D3DLIGHT9 *l, double ga, double kd, double ka)
{
    double out[3];
    const float *cd = &m->Diffuse.r, *ca = &m->Ambient.r, *ce = &m->Emissive.r;
    const float *ld = &l->Diffuse.r, *la = &l->Ambient.r;
    for (int i = 0; i < 3; i++)
        out[i] = sat(ca[i] * (ga + la[i] * ka) + cd[i] * ld[i] * kd + ce[i]);
    return r9_argb(out[0], out[1], out[2], sat(m->Diffuse.a));
}

static void usual_scene(IDirect3DDevice9 *dev, D3DMATERIAL9 *m, D3DLIGHT9 *l, D3DLIGHTTYPE t)
{
    memset(m, 0, sizeof(*m));
    m->Diffuse = cv(1.0f, 0.5f, 0.25f, 0.75f);
    m->Ambient = cv(0.2f, 0.3f, 0.4f, 1.0f);
    m->Emissive = cv(0.1f, 0.0f, 0.05f, 0.0f);
    set_material(dev, m->Diffuse, m->Ambient, m->Specular, m->Emissive, 0.0f);
    memset(l, 0, sizeof(*l));
    l->Type = t;
    l->Diffuse = cv(0.9f, 0.8f, 0.7f, 1.0f);
    l->Ambient = cv(0.1f, 0.2f, 0.3f, 1.0f);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, 0xff404040);
}

#define GA (64.0 / 255.0)

/* "Diffuse Lighting", "Ambient Lighting": Atten = 1 and Spot = 1 for a directional light, N.L
 * with L the negated direction. */
TEST(d3d9_light_directional)
{
    IDirect3DDevice9 *dev = lit_device(D3DCREATE_HARDWARE_VERTEXPROCESSING);
    D3DMATERIAL9 m;
    D3DLIGHT9 l;
    if (!dev)
        return;
    usual_scene(dev, &m, &l, D3DLIGHT_DIRECTIONAL);
    l.Direction.x = 0.0f;
    l.Direction.y = -0.6f;
    l.Direction.z = 0.8f;
    CHECK_HR(IDirect3DDevice9_SetLight(dev, 0, &l), D3D_OK);
    CHECK_HR(IDirect3DDevice9_LightEnable(dev, 0, TRUE), D3D_OK);
    CHECK_PIXEL(probe(dev, 8, 8, &facing), expect(&m, &l, GA, 0.8, 1.0), 1);
    /* a normal facing away: N.L clamps to 0, ambient and emissive remain */
    struct lvert away = facing;
    away.nz = 1.0f;
    CHECK_PIXEL(probe(dev, 8, 8, &away), expect(&m, &l, GA, 0.0, 1.0), 1);
    /* no light enabled: Ca * Ga + Ce */
    IDirect3DDevice9_LightEnable(dev, 0, FALSE);
    CHECK_PIXEL(probe(dev, 8, 8, &facing), expect(&m, &l, GA, 0.0, 0.0), 1);
    r9_end(dev);
}

/* Point light: Atten = 1 / (att0 + att1 d + att2 d^2), 0 beyond Range. */
TEST(d3d9_light_point_attenuation_range)
{
    IDirect3DDevice9 *dev = lit_device(D3DCREATE_HARDWARE_VERTEXPROCESSING);
    D3DMATERIAL9 m;
    D3DLIGHT9 l;
    if (!dev)
        return;
    usual_scene(dev, &m, &l, D3DLIGHT_POINT);
    l.Position.x = 1.0f;
    l.Position.y = 0.0f;
    l.Position.z = -1.5f;
    l.Attenuation0 = 0.5f;
    l.Attenuation1 = 0.25f;
    l.Attenuation2 = 0.125f;
    l.Range = 10.0f;
    IDirect3DDevice9_SetLight(dev, 0, &l);
    IDirect3DDevice9_LightEnable(dev, 0, TRUE);
    /* vertex (0, 0, 0.5): to the light (1, 0, -2), d = sqrt(5), N.L = 2 / sqrt(5) */
    double d = sqrt(5.0), att = 1.0 / (0.5 + 0.25 * d + 0.125 * 5.0), ndl = 2.0 / d;
    CHECK_PIXEL(probe(dev, 8, 8, &facing), expect(&m, &l, GA, ndl * att, att), 1);
    l.Range = 2.0f;       /* below sqrt(5): the light does not reach */
    IDirect3DDevice9_SetLight(dev, 0, &l);
    CHECK_PIXEL(probe(dev, 8, 8, &facing), expect(&m, &l, GA, 0.0, 0.0), 1);
    r9_end(dev);
}

/* Spotlight factor: ((rho - cos(phi/2)) / (cos(theta/2) - cos(phi/2)))^falloff in the
 * penumbra, 1 inside the umbra, 0 outside. */
TEST(d3d9_light_spot_cone)
{
    IDirect3DDevice9 *dev = lit_device(D3DCREATE_HARDWARE_VERTEXPROCESSING);
    D3DMATERIAL9 m;
    D3DLIGHT9 l;
    if (!dev)
        return;
    usual_scene(dev, &m, &l, D3DLIGHT_SPOT);
    l.Position.x = 1.0f;
    l.Position.z = -1.5f;
    l.Direction.z = 1.0f;
    l.Attenuation0 = 1.0f;
    l.Range = 10.0f;
    l.Theta = 0.5235988f;       /* 30 degrees */
    l.Phi = 1.5707964f;         /* 90 degrees */
    l.Falloff = 2.0f;
    IDirect3DDevice9_SetLight(dev, 0, &l);
    IDirect3DDevice9_LightEnable(dev, 0, TRUE);
    double d = sqrt(5.0), rho = 2.0 / d, ct = cos(0.5235988 / 2), cp = cos(1.5707964 / 2);
    double spot = pow((rho - cp) / (ct - cp), 2.0);
    CHECK_PIXEL(probe(dev, 8, 8, &facing), expect(&m, &l, GA, rho * spot, spot), 1);
    /* a wide umbra: fully lit */
    l.Theta = 1.2f;
    l.Phi = 1.5f;
    IDirect3DDevice9_SetLight(dev, 0, &l);
    CHECK_PIXEL(probe(dev, 8, 8, &facing), expect(&m, &l, GA, rho, 1.0), 1);
    /* a narrow penumbra: outside */
    l.Theta = 0.2f;
    l.Phi = 0.4f;
    IDirect3DDevice9_SetLight(dev, 0, &l);
    CHECK_PIXEL(probe(dev, 8, 8, &facing), expect(&m, &l, GA, 0.0, 0.0), 1);
    r9_end(dev);
}

/* D3DRS_*MATERIALSOURCE: the vertex colours replace the material's; COLORVERTEX FALSE and a
 * missing vertex colour mean the material. */
TEST(d3d9_light_material_sources)
{
    IDirect3DDevice9 *dev = lit_device(D3DCREATE_HARDWARE_VERTEXPROCESSING);
    D3DMATERIAL9 m;
    D3DLIGHT9 l;
    if (!dev)
        return;
    usual_scene(dev, &m, &l, D3DLIGHT_DIRECTIONAL);
    l.Direction.z = 1.0f;            /* N.L = 1 */
    IDirect3DDevice9_SetLight(dev, 0, &l);
    IDirect3DDevice9_LightEnable(dev, 0, TRUE);
    struct lvert v = facing;
    v.diffuse = 0x80402010;          /* COLOR1 */
    v.specular = 0xff102030;         /* COLOR2 */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORVERTEX, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DIFFUSEMATERIALSOURCE, D3DMCS_COLOR1);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENTMATERIALSOURCE, D3DMCS_COLOR2);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_EMISSIVEMATERIALSOURCE, D3DMCS_COLOR1);
    D3DMATERIAL9 mv = m;
    mv.Diffuse = cv(0x40 / 255.0f, 0x20 / 255.0f, 0x10 / 255.0f, 0x80 / 255.0f);
    mv.Ambient = cv(0x10 / 255.0f, 0x20 / 255.0f, 0x30 / 255.0f, 1.0f);
    mv.Emissive = mv.Diffuse;
    CHECK_PIXEL(probe(dev, 8, 8, &v), expect(&mv, &l, GA, 1.0, 1.0), 1);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORVERTEX, FALSE);
    CHECK_PIXEL(probe(dev, 8, 8, &v), expect(&m, &l, GA, 1.0, 1.0), 1);
    /* a declaration without colours: COLOR1/COLOR2 fall back to the material */
    IDirect3DVertexDeclaration9 *decl = NULL;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORVERTEX, TRUE);
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, lvert_no_colors, &decl), D3D_OK);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    CHECK_PIXEL(probe(dev, 8, 8, &v), expect(&m, &l, GA, 1.0, 1.0), 1);
    IDirect3DVertexDeclaration9_Release(decl);
    r9_end(dev);
}

/* Specular = Cs * Ls * (N.H)^P; H = norm(norm(Cp - Vp) + Ldir) with D3DRS_LOCALVIEWER,
 * norm((0, 0, -1) + Ldir) without (ff_vs.c explains the sign); added to the diffuse colour by
 * D3DRS_SPECULARENABLE. */
TEST(d3d9_light_specular_local_viewer)
{
    IDirect3DDevice9 *dev = lit_device(D3DCREATE_HARDWARE_VERTEXPROCESSING);
    D3DLIGHT9 l;
    if (!dev)
        return;
    set_material(dev, cv(0, 0, 0, 1), cv(0, 0, 0, 0), cv(1.0f, 0.5f, 0.25f, 1), cv(0, 0, 0, 0),
                 4.0f);
    memset(&l, 0, sizeof(l));
    l.Type = D3DLIGHT_DIRECTIONAL;
    l.Specular = cv(0.8f, 0.8f, 0.8f, 1.0f);
    l.Direction.z = 1.0f;            /* to the light: (0, 0, -1) */
    IDirect3DDevice9_SetLight(dev, 0, &l);
    IDirect3DDevice9_LightEnable(dev, 0, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SPECULARENABLE, TRUE);
    /* the vertex at camera-space (0.5, 0, 0.5): pixel (12, 8) */
    double v[3] = { -0.5 / sqrt(0.5), 0, -0.5 / sqrt(0.5) };     /* to the camera */
    double h[3] = { v[0], v[1], v[2] - 1.0 };
    double hl = sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
    double ndh = -h[2] / hl, s = pow(ndh, 4.0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LOCALVIEWER, TRUE);
    CHECK_PIXEL(probe(dev, 12, 8, &facing), r9_argb(0.8 * s, 0.4 * s, 0.2 * s, 1), 1);
    /* the viewer at infinity: H = (0, 0, -1) = N */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LOCALVIEWER, FALSE);
    CHECK_PIXEL(probe(dev, 12, 8, &facing), r9_argb(0.8, 0.4, 0.2, 1), 1);
    /* SPECULARENABLE FALSE: no specular at all */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SPECULARENABLE, FALSE);
    CHECK_PIXEL(probe(dev, 12, 8, &facing), r9_argb(0, 0, 0, 1), 0);
    r9_end(dev);
}

/* Hardware mode uses MaxActiveLights (8) lights and says so; software mode all of them. */
TEST(d3d9_light_max_active_lights)
{
    static const DWORD modes[2] = { D3DCREATE_HARDWARE_VERTEXPROCESSING,
                                    D3DCREATE_SOFTWARE_VERTEXPROCESSING };
    for (int k = 0; k < 2; k++) {
        IDirect3DDevice9 *dev = lit_device(modes[k]);
        D3DLIGHT9 l;
        if (!dev)
            return;
        set_material(dev, cv(0, 0, 0, 1), cv(1, 1, 1, 1), cv(0, 0, 0, 0), cv(0, 0, 0, 0), 0);
        memset(&l, 0, sizeof(l));
        l.Type = D3DLIGHT_DIRECTIONAL;
        l.Direction.z = 1.0f;
        l.Ambient = cv(0.1f, 0.0f, 0.0f, 1.0f);
        for (DWORD i = 0; i < 9; i++) {
            IDirect3DDevice9_SetLight(dev, i, &l);
            IDirect3DDevice9_LightEnable(dev, i, TRUE);
        }
        util_clear_last_message();
        uint32_t px = probe(dev, 8, 8, &facing);
        CHECK_PIXEL(px, r9_argb(k ? 0.9 : 0.8, 0, 0, 1), 1);
        if (!k)
            CHECK_STR_CONTAINS(R9_LAST, "MaxActiveLights");
        r9_end(dev);
    }
}

/* Pre-transformed vertices are not lit (their colour passes) even with D3DRS_LIGHTING. */
TEST(d3d9_light_xyzrhw_not_lit)
{
    IDirect3DDevice9 *dev = lit_device(D3DCREATE_HARDWARE_VERTEXPROCESSING);
    if (!dev)
        return;
    r9_clear(dev, 0);
    r9_rect(dev, 0, 0, W, H, 0xff123456);
    CHECK_EQ(r9_pixel(dev, W, H, 5, 5), 0xff123456u);
    r9_end(dev);
}

/* ---- fog ---------------------------------------------------------------------------------- */

static DWORD fbits(float f)
{
    DWORD d;
    memcpy(&d, &f, sizeof(d));
    return d;
}

static uint32_t fogged(double f)
{
    /* red vertex colour, blue fog: f * C + (1 - f) * F */
    return r9_argb(f, 0, 1.0 - f, 1);
}

/* "Fog Formulas": LINEAR (end - d) / (end - start), EXP 1 / e^(d density), EXP2
 * 1 / e^((d density)^2); vertex fog uses the camera-space depth z (or, with
 * D3DRS_RANGEFOGENABLE, the distance), table fog the pixel's depth. */
TEST(d3d9_fog_modes)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    IDirect3DDevice9_SetFVF(dev, LVERT_FVF);
    struct lvert red = facing;
    red.diffuse = 0xffff0000;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGCOLOR, 0xff0000ff);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGSTART, fbits(0.0f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGEND, fbits(1.0f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGDENSITY, fbits(2.0f));
    static const struct {
        DWORD mode;
        double f;         /* at depth 0.5 */
    } modes[3] = { { D3DFOG_LINEAR, 0.5 }, { D3DFOG_EXP, 0.36787944117 },
                   { D3DFOG_EXP2, 0.36787944117 } };
    for (int table = 0; table < 2; table++) {
        for (int i = 0; i < 3; i++) {
            IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGVERTEXMODE, table ? D3DFOG_NONE :
                                                                               modes[i].mode);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, table ? modes[i].mode :
                                                                              D3DFOG_NONE);
            CHECK_PIXEL(probe(dev, 8, 8, &red), fogged(modes[i].f), 1);
        }
    }
    /* range fog: the distance sqrt(0.5^2 + 0.5^2) at pixel (12, 8) */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, D3DFOG_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGVERTEXMODE, D3DFOG_LINEAR);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_RANGEFOGENABLE, TRUE);
    CHECK_PIXEL(probe(dev, 12, 8, &red), fogged(1.0 - sqrt(0.5)), 1);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_RANGEFOGENABLE, FALSE);
    CHECK_PIXEL(probe(dev, 12, 8, &red), fogged(0.5), 1);
    /* no fog mode: the factor is the specular alpha (0x40) */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGVERTEXMODE, D3DFOG_NONE);
    red.specular = 0x40000000;
    CHECK_PIXEL(probe(dev, 8, 8, &red), fogged(64.0 / 255.0), 1);
    r9_end(dev);
}

/* ---- texture coordinates ------------------------------------------------------------------- */

/* A 4x4 A8R8G8B8 texture whose texel (x, y) is 0xff | x * 0x40 | y * 0x40 | 0x80. */
static IDirect3DTexture9 *grid_texture(IDirect3DDevice9 *dev)
{
    IDirect3DTexture9 *t = NULL;
    D3DLOCKED_RECT lr;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL), D3D_OK);
    if (!t)
        return NULL;
    IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            ((uint32_t *)((char *)lr.pBits + y * lr.Pitch))[x] =
                0xff000080u | (uint32_t)(x * 0x40) << 16 | (uint32_t)(y * 0x40) << 8;
    IDirect3DTexture9_UnlockRect(t, 0);
    return t;
}

static uint32_t texel(int x, int y)
{
    return 0xff000080u | (uint32_t)(x * 0x40) << 16 | (uint32_t)(y * 0x40) << 8;
}

static void set_matrix(IDirect3DDevice9 *dev, D3DTRANSFORMSTATETYPE t, const float *m)
{
    D3DMATRIX mat;
    memcpy(&mat, m, sizeof(mat));
    IDirect3DDevice9_SetTransform(dev, t, &mat);
}

/* D3DTSS_TEXCOORDINDEX's set and generation modes, D3DTSS_TEXTURETRANSFORMFLAGS COUNTn with
 * the (u, v, 1, 0) padding of 2D coordinates, and PROJECTED. */
TEST(d3d9_texgen_and_transforms)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DTexture9 *tex;
    if (!dev)
        return;
    if (!(tex = grid_texture(dev))) {
        r9_end(dev);
        return;
    }
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSU, D3DTADDRESS_CLAMP);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSV, D3DTADDRESS_CLAMP);
    IDirect3DDevice9_SetFVF(dev, LVERT_FVF);
    struct lvert v = facing;
    v.u = 0.625f;
    v.v = 0.375f;
    /* passthru */
    CHECK_EQ(probe(dev, 8, 8, &v) & 0xffffffu, texel(2, 1) & 0xffffffu);
    /* a 2D transform: (u, v, 1, 0) * M, the translation in the third row */
    const float shift[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0.25f, 0.5f, 1, 0, 0, 0, 0, 1 };
    set_matrix(dev, D3DTS_TEXTURE0, shift);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT2);
    CHECK_EQ(probe(dev, 8, 8, &v) & 0xffffffu, texel(3, 3) & 0xffffffu);
    /* camera-space normal (0, 0, -1, 1): u = -0.25 nz + 0.5, v = 0.375 */
    const float nmat[16] = { 0, 0, 0, 0, 0, 0, 0, 0, -0.25f, 0, 0, 0, 0.5f, 0.375f, 0, 0 };
    set_matrix(dev, D3DTS_TEXTURE0, nmat);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXCOORDINDEX,
                                          D3DTSS_TCI_CAMERASPACENORMAL);
    CHECK_EQ(probe(dev, 8, 8, &v) & 0xffffffu, texel(3, 1) & 0xffffffu);
    /* camera-space position (0, 0, 0.5, 1): u = 0.5 z, v = 1.5 z */
    const float pmat[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 0.5f, 1.5f, 0, 0, 0, 0, 0, 0 };
    set_matrix(dev, D3DTS_TEXTURE0, pmat);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXCOORDINDEX,
                                          D3DTSS_TCI_CAMERASPACEPOSITION);
    CHECK_EQ(probe(dev, 8, 8, &v) & 0xffffffu, texel(1, 3) & 0xffffffu);
    /* reflection vector, viewer at infinity: R = 2 (E.N) N - E = (0, 0, -1) */
    const float rmat[16] = { 0, 0, 0, 0, 0, 0, 0, 0, -0.625f, -0.125f, 0, 0, 0, 0, 0, 0 };
    set_matrix(dev, D3DTS_TEXTURE0, rmat);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LOCALVIEWER, FALSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXCOORDINDEX,
                                          D3DTSS_TCI_CAMERASPACEREFLECTIONVECTOR);
    CHECK_EQ(probe(dev, 8, 8, &v) & 0xffffffu, texel(2, 0) & 0xffffffu);
    /* sphere map: N = (0.48, -0.6, -0.64) -> R = (0.6144, -0.768, 0.1808), m = 2.56,
     * (u, v) = (0.74, 0.8) */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_DISABLE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_SPHEREMAP);
    struct lvert n = v;
    n.nx = 0.48f;
    n.ny = -0.6f;
    n.nz = -0.64f;
    CHECK_EQ(probe(dev, 8, 8, &n) & 0xffffffu, texel(2, 3) & 0xffffffu);
    /* PROJECTED with COUNT3: (0.5, 1.5, 2.0) / 2 */
    static const D3DVERTEXELEMENT9 el3[] = {
        { 0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
        { 0, 12, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0 },
        D3DDECL_END()
    };
    IDirect3DVertexDeclaration9 *decl = NULL;
    IDirect3DDevice9_CreateVertexDeclaration(dev, el3, &decl);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    const float ident[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
    set_matrix(dev, D3DTS_TEXTURE0, ident);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXCOORDINDEX, 0);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS,
                                          D3DTTFF_COUNT3 | D3DTTFF_PROJECTED);
    struct lvert p = v;
    p.nx = 0.5f;     /* the FLOAT3 texcoord sits where the normal was */
    p.ny = 1.5f;
    p.nz = 2.0f;
    CHECK_EQ(probe(dev, 8, 8, &p) & 0xffffffu, texel(1, 3) & 0xffffffu);
    IDirect3DVertexDeclaration9_Release(decl);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DTexture9_Release(tex);
    r9_end(dev);
}

/* ---- vertex blending and tweening ------------------------------------------------------------ */

/* "Geometry Blending": D3DVBF_1WEIGHTS blends WORLD and WORLDMATRIX(1) by the vertex's weight
 * (the second weight being 1 - w); "Vertex Tweening": POSITION0 + TWEENFACTOR (POSITION1 -
 * POSITION0).  Both move a probe triangle by a known number of pixels. */
TEST(d3d9_vertex_blend_and_tween)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DVertexDeclaration9 *decl = NULL;
    if (!dev)
        return;
    struct {
        float x, y, z, w;
        D3DCOLOR c;
    } b[3];
    /* first vertex on pixel (4, 8); WORLDMATRIX(1) moves by +8 pixels (NDC +1), weight 0.5 on
     * WORLD: +4 pixels */
    const float px = 4 * 2.0f / W - 1.0f, py = 1.0f - 8 * 2.0f / H;
    const float dx[3] = { 0, 0.5f, 0 }, dy[3] = { 0, 0, -0.5f };
    for (int i = 0; i < 3; i++) {
        b[i].x = px + dx[i];
        b[i].y = py + dy[i];
        b[i].z = 0.5f;
        b[i].w = 0.5f;
        b[i].c = 0xff8040c0;
    }
    D3DMATRIX m1 = { { { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1 } } };
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(1), &m1);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_1WEIGHTS);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZB1 | D3DFVF_DIFFUSE), D3D_OK);
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, b, sizeof(b[0])),
             D3D_OK);
    CHECK_EQ(r9_pixel(dev, W, H, 8, 8), 0xff8040c0u);
    CHECK_EQ(r9_pixel(dev, W, H, 4, 8), 0u);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_DISABLE);
    r9_clear(dev, 0);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, b, sizeof(b[0]));
    CHECK_EQ(r9_pixel(dev, W, H, 4, 8), 0xff8040c0u);

    /* tweening from pixel 4 to pixel 12 at factor 0.25: pixel 6 */
    static const D3DVERTEXELEMENT9 el[] = {
        { 0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
        { 0, 12, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 1 },
        { 0, 24, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0 },
        D3DDECL_END()
    };
    struct {
        float p0[3], p1[3];
        D3DCOLOR c;
    } t[3];
    for (int i = 0; i < 3; i++) {
        t[i].p0[0] = px + dx[i];
        t[i].p0[1] = py + dy[i];
        t[i].p0[2] = 0.5f;
        t[i].p1[0] = px + 1.0f + dx[i];
        t[i].p1[1] = py + dy[i];
        t[i].p1[2] = 0.5f;
        t[i].c = 0xff20a060;
    }
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, el, &decl), D3D_OK);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    float f = 0.25f;
    DWORD fb;
    memcpy(&fb, &f, 4);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_TWEENFACTOR, fb);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_TWEENING);
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, t, sizeof(t[0])),
             D3D_OK);
    CHECK_EQ(r9_pixel(dev, W, H, 6, 8), 0xff20a060u);
    CHECK_EQ(r9_pixel(dev, W, H, 4, 8), 0u);
    IDirect3DVertexDeclaration9_Release(decl);
    r9_end(dev);
}
