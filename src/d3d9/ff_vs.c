/* src/d3d9/ff_vs.c — the Direct3D 9 fixed-function vertex pipeline as a generated IR program.
 *
 * d3d9_ff_vs_generate() turns a struct d3d9_ff_vs_key (d3d9_draw.h) into a validated vertex
 * program; draw.c caches the result per device by key.  Registers and the constant layout are
 * in d3d9_draw.h.  Every formula below is the D3D9 documentation's (learn.microsoft.com,
 * "Direct3D 9 Graphics" programming guide), cited by page title:
 *
 * Position ("Transforms", "Viewports and Clipping"): clip = v * WORLD * VIEW * PROJECTION (row
 *   vectors).  Pre-transformed vertices (D3DFVF_XYZRHW / D3DDECLUSAGE_POSITIONT: x, y in
 *   pixels, z, 1/w) bypass transformation, lighting and texture transforms ("Texture Coordinate
 *   Transformations": "Direct3D does not modify transformed and lit vertices"); the program
 *   turns them back into clip space with w = 1 / rhw by inverting the viewport transform (the
 *   draw then maps them onto exactly the pixel they name; z reaches the depth test unchanged
 *   because draw.c gives such draws the depth range [0, 1]).
 *
 * Lighting ("Mathematics of Lighting", in camera space; one term per page):
 *   Ambient  = Ca * [Ga + sum(Atten_i * Spot_i * La_i)]                  ("Ambient Lighting")
 *   Diffuse  = sum[Cd * Ld_i * (N . Ldir_i) * Atten_i * Spot_i]          ("Diffuse Lighting")
 *   Specular = Cs * sum[Ls_i * (N . H_i)^P * Atten_i * Spot_i]           ("Specular Lighting")
 *   Emissive = Ce                                                         ("Emissive Lighting")
 *   diffuse output = saturate(Ambient + Diffuse + Emissive), alpha = Cd.a; specular output =
 *   saturate(Specular) ("the specular component is clamped to be from 0 to 255, after all
 *   lights are processed").  N . Ldir and N . H below 0 contribute nothing (the cosine law: a
 *   surface facing away is not lit; the power of a negative number is undefined).
 *   Ca, Cd, Cs, Ce: the vertex colour 1 / 2 or the material colour, per D3DRS_*MATERIALSOURCE
 *   (D3DMATERIALCOLORSOURCE; a vertex colour the declaration lacks means the material's).
 *   Ldir: from the vertex to the light (directional: minus the light's direction).
 *   Atten ("Attenuation and Spotlight Factor"): 1 for directional lights; otherwise
 *     1 / (att0 + att1 * d + att2 * d^2), d = |Ldir|, and 0 when d > Range.
 *   Spot (same page): 1 when rho > cos(Theta / 2); 0 when rho <= cos(Phi / 2); otherwise
 *     ((rho - cos(Phi / 2)) / (cos(Theta / 2) - cos(Phi / 2)))^Falloff, rho =
 *     norm(Ldcs) . norm(Ldir), Ldcs the negated light direction; 1 for point and directional.
 *   H ("Specular Lighting", halfway vector): norm(norm(Cp - Vp) + Ldir) with D3DRS_LOCALVIEWER,
 *     Cp the camera position (the origin of camera space).  Without a local viewer the page
 *     writes H = norm((0, 0, 1) + Ldir); camera space is left-handed with the viewer looking
 *     down +z, so the direction from a vertex to a viewer at infinity is (0, 0, -1) — with
 *     (0, 0, +1) a light shining from the viewer's position would give H = 0 — and that is
 *     what softd3d uses: norm(norm(0, 0, -1) + Ldir), the limit of the local-viewer formula.
 *   N: the normal times the inverse transpose of WORLD * VIEW, normalized when
 *     D3DRS_NORMALIZENORMALS is TRUE.
 *   Without lighting the diffuse and specular outputs are the vertex colours, 0xffffffff when
 *   the vertex has none (D3DTA: "If the vertex does not contain a diffuse [specular] color, the
 *   default color is 0xffffffff").  With lighting but D3DRS_SPECULARENABLE FALSE the specular
 *   colour is 0 ("The default lighting state does not calculate specular highlights").  The
 *   specular alpha, which nothing in the lighting equations defines, is the vertex specular
 *   alpha when the vertex has one and 1.0 otherwise.
 *
 * Fog ("Vertex Fog", "Fog Formulas"): d = the camera-space depth z, or the distance to the
 *   camera with D3DRS_RANGEFOGENABLE ("Range-based fog"); LINEAR f = (end - d) / (end - start),
 *   EXP f = 1 / e^(d * density), EXP2 f = 1 / e^((d * density)^2), saturated, in o3.x.  With no
 *   vertex fog mode (and for pre-transformed vertices) o3.x is the specular alpha, the fog
 *   factor D3D9 takes from the vertex in that case ("Fog Parameters": the application's own
 *   fog factor travels in the specular alpha).
 *
 * Texture coordinates ("Texture Coordinate Processing", "Auto-generated texture coordinates",
 *   "Texture Coordinate Transformations", D3DTSS_TCI): output register 4 + s holds stage s's
 *   coordinates: the set D3DTSS_TEXCOORDINDEX names, or generated in camera space — the normal,
 *   the position, or the reflection vector R = 2 (E . N) N - E (E the unit vector from the
 *   vertex to the viewer, as for H above), each as (x, y, z, 1).  D3DTSS_TCI_SPHEREMAP, which the
 *   D3D9 pages do not define further, is the classic sphere map of that reflection vector,
 *   written for D3D's left-handed camera space with v growing downwards:
 *   m = 2 sqrt(Rx^2 + Ry^2 + (Rz - 1)^2), (u, v) = (Rx / m + 0.5, -Ry / m + 0.5): a surface
 *   facing the viewer maps to the centre (0.5, 0.5).  With D3DTTFF_COUNTn the coordinates are
 *   multiplied by D3DTS_TEXTUREs as a row vector; a vertex set of fewer than four components
 *   enters as (u, 1, 0, 0), (u, v, 1, 0) or (u, v, w, 1), which puts the translation of a 2D
 *   texture matrix in its third row (the D3DX texture-matrix convention); generated sphere-map
 *   coordinates enter as (u, v, 1, 0).  D3DTTFF_PROJECTED is the pixel program's (ff_ps.c).
 *
 * Vertex element types (D3DDECLTYPE): integer types are fetched as integers and converted here
 * (UBYTE4, SHORT2/4: to float; UDEC3: (x, y, z, 1); DEC3N: x / 511 ... with w = 1).
 *
 * Vertex blending ("Geometry Blending"): with D3DRS_VERTEXBLEND D3DVBF_nWEIGHTS the camera-
 *   space position is sum(w_i * v * WORLDMATRIX(i) * VIEW) over n + 1 matrices, the last weight
 *   1 - (w_0 + ... + w_n-1) (the BLENDWEIGHT element holds the first n), normals likewise with
 *   the inverse transposes, then PROJECTION.  Tweening ("Vertex Tweening", D3DVBF_TWEENING):
 *   v = v0 + D3DRS_TWEENFACTOR (v1 - v0) for POSITION0/1 and NORMAL0/1.
 *
 * Point size ("Point Sprites (Direct3D 9)", when the draw renders point squares, o12.x): Si =
 *   the vertex's PSIZE or D3DRS_POINTSIZE; with D3DRS_POINTSCALEENABLE (not for pre-transformed
 *   vertices, whose size is in pixels) Ss = Vh * Si * sqrt(1 / (A + B De + C De^2)), A, B, C
 *   the D3DRS_POINTSCALE_* states, Vh the viewport height, De the distance from the eye (the
 *   camera-space origin) to the vertex; otherwise Ss = Si.  The clamps to POINTSIZE_MIN/MAX
 *   and MaxPointSize are the pipeline's (draw.c, struct draw_points).
 *
 * Indexed vertex blending ("Indexed Vertex Blending", D3DRS_INDEXEDVERTEXBLENDENABLE): the
 *   matrix of weight i is WORLDMATRIX(BLENDINDICES[i]) instead of WORLDMATRIX(i); the palette
 *   of all 256 (WORLDMATRIX(i) * VIEW and its normal matrix) is cb1, read with a relative
 *   index 7 * index.  BLENDINDICES components are x, y, z, w as fetched: UBYTE4 bytes 0..3,
 *   D3DCOLOR the colour's r, g, b, a (bytes 2, 1, 0, 3), which are byte values again after
 *   x 255 and rounding.  An index beyond the palette reads a zero matrix (the VM's bounds).
 *
 * User clip planes are the clipper's (draw.c).
 */
#include "d3d9/d3d9_draw.h"

#include "d3d9/ff_ir.h"

/* Temporaries. */
enum {
    R_POS = 0, R_PEYE, R_N, R_V, R_DIFF, R_AMB, R_SPEC, R_L, R_F, R_G, R_CD, R_CA, R_CS, R_CE,
    R_S0, R_S1, R_S2, R_TC, R_FOG, R_SALPHA, R_MP, R_MN, R_W,
    R_IN = 24,                    /* + FF_VS_IN_*: converted integer inputs */
    R_IDX = R_IN + FF_VS_IN_COUNT,   /* indexed blending: palette offsets (integers) */
    R_COUNT = R_IDX + 1,
};

struct vs_gen {
    struct ffb b;
    const struct d3d9_ff_vs_key *k;
};

/* Input k as a source: the register, or its converted copy; (0, 0, 0, 1) when the declaration
 * lacks it. */
static struct ir_operand in(const struct vs_gen *g, unsigned k, uint8_t swz)
{
    if (!g->k->in_comps[k])
        return SW(F4(0.0f, 0.0f, 0.0f, 1.0f), swz);
    return g->k->in_conv[k] ? T(R_IN + k, swz) : V(k, swz);
}

static bool has(const struct vs_gen *g, unsigned k)
{
    return g->k->in_comps[k] != 0;
}

static void convert_inputs(struct vs_gen *g)
{
    struct ffb *b = &g->b;
    for (unsigned k = 0; k < FF_VS_IN_COUNT; k++) {
        if (!g->k->in_comps[k])
            continue;
        switch (g->k->in_conv[k]) {
        case D3D9_CONV_UINT:
            E1(b, IR_OP_UTOF, R(R_IN + k, M_ALL), V(k, XYZW));
            break;
        case D3D9_CONV_SINT:
            E1(b, IR_OP_ITOF, R(R_IN + k, M_ALL), V(k, XYZW));
            break;
        case D3D9_CONV_UDEC3:
            E1(b, IR_OP_UTOF, R(R_IN + k, M_XYZ), V(k, XYZW));
            E1(b, IR_OP_MOV, R(R_IN + k, M_W), F(1.0f));
            break;
        case D3D9_CONV_DEC3N: {
            /* sign-extend the 10-bit fields, then x / 511, at least -1 (D3DDECLTYPE) */
            struct ir_operand s[3] = { ir_imm1(10), ir_imm1(0), V(k, XYZW) };
            ffb_emit(b, IR_OP_IBFE, R(R_IN + k, M_XYZ), 3, s);
            E1(b, IR_OP_ITOF, R(R_IN + k, M_XYZ), T(R_IN + k, XYZW));
            E2(b, IR_OP_MUL, R(R_IN + k, M_XYZ), T(R_IN + k, XYZW), F(1.0f / 511.0f));
            E2(b, IR_OP_MAX, R(R_IN + k, M_XYZ), T(R_IN + k, XYZW), F(-1.0f));
            E1(b, IR_OP_MOV, R(R_IN + k, M_W), F(1.0f));
            break;
        }
        default:
            break;
        }
    }
}

/* dst.xyz = normalize(src.xyz), a zero vector staying zero. */
static void normalize3(struct ffb *b, uint32_t dst, struct ir_operand src)
{
    E2(b, IR_OP_DP3, R(R_S2, M_X), src, src);
    E2(b, IR_OP_MAX, R(R_S2, M_X), T(R_S2, XXXX), F(1e-30f));
    E1(b, IR_OP_RSQ, R(R_S2, M_X), T(R_S2, XXXX));
    E2(b, IR_OP_MUL, R(dst, M_XYZ), src, T(R_S2, XXXX));
}

/* dst.x = src.x ^ power.x for src >= 0 (exp2(power * log2(src))), with 0^p = 0 and 1^p = 1
 * exactly; clobbers R_S2.yzw. */
static void power(struct ffb *b, uint32_t dst, struct ir_operand src, struct ir_operand pw)
{
    E1(b, IR_OP_LOG, R(R_S2, M_Y), src);
    E2(b, IR_OP_MUL, R(R_S2, M_Y), T(R_S2, YYYY), pw);
    E1(b, IR_OP_EXP, R(R_S2, M_Y), T(R_S2, YYYY));
    E2(b, IR_OP_EQ, R(R_S2, M_Z), src, F(1.0f));
    E3(b, IR_OP_MOVC, R(R_S2, M_Y), T(R_S2, ZZZZ), F(1.0f), T(R_S2, YYYY));
    E2(b, IR_OP_GE, R(R_S2, M_W), F(0.0f), src);
    E3(b, IR_OP_MOVC, R(dst, M_X), T(R_S2, WWWW), F(0.0f), T(R_S2, YYYY));
}

/* The material colour of a D3DMCS source: the material constant or a vertex colour. */
static struct ir_operand material(const struct vs_gen *g, uint8_t src, unsigned mat)
{
    if (src == D3DMCS_COLOR1)
        return in(g, FF_VS_IN_COLOR0, XYZW);
    if (src == D3DMCS_COLOR2)
        return in(g, FF_VS_IN_COLOR1, XYZW);
    return C(FF_VSC_MATERIAL + mat, XYZW);
}

static void light(struct vs_gen *g, unsigned i)
{
    struct ffb *b = &g->b;
    uint32_t base = FF_VSC_LIGHTS + FF_VSC_LIGHT_SIZE * i;
    uint8_t type = g->k->light_type[i];
    /* R_L.xyz = Ldir (unit, to the light); R_F.y = Atten * Spot; R_F.w = max(N . Ldir, 0) */
    if (type == D3DLIGHT_DIRECTIONAL) {
        E1(b, IR_OP_MOV, R(R_L, M_XYZ), C(base + 4, XYZW));
        E1(b, IR_OP_MOV, R(R_F, M_Y), F(1.0f));
    } else {
        E2(b, IR_OP_ADD, R(R_L, M_XYZ), C(base + 3, XYZW), NEG(T(R_PEYE, XYZW)));
        E2(b, IR_OP_DP3, R(R_F, M_X), T(R_L, XYZW), T(R_L, XYZW));          /* d^2 */
        E1(b, IR_OP_SQRT, R(R_G, M_X), T(R_F, XXXX));                        /* d */
        E2(b, IR_OP_MAX, R(R_G, M_W), T(R_F, XXXX), F(1e-30f));
        E1(b, IR_OP_RSQ, R(R_G, M_W), T(R_G, WWWW));
        E2(b, IR_OP_MUL, R(R_L, M_XYZ), T(R_L, XYZW), T(R_G, WWWW));
        /* Atten = 1 / (att0 + att1 d + att2 d^2), 0 beyond Range */
        E3(b, IR_OP_MAD, R(R_G, M_Y), C(base + 5, ZZZZ), T(R_F, XXXX), C(base + 5, XXXX));
        E3(b, IR_OP_MAD, R(R_G, M_Y), C(base + 5, YYYY), T(R_G, XXXX), T(R_G, YYYY));
        E1(b, IR_OP_RCP, R(R_G, M_Y), T(R_G, YYYY));
        E2(b, IR_OP_GE, R(R_G, M_Z), C(base + 5, WWWW), T(R_G, XXXX));
        E2(b, IR_OP_AND, R(R_F, M_Y), T(R_G, YYYY), T(R_G, ZZZZ));
        if (type == D3DLIGHT_SPOT) {
            /* rho = Ldcs . Ldir; x = saturate((rho - cos(Phi/2)) / (cos(Theta/2) -
             * cos(Phi/2))) is 1 inside the umbra and 0 outside the penumbra */
            E2(b, IR_OP_DP3, R(R_G, M_X), C(base + 4, XYZW), T(R_L, XYZW));
            E2(b, IR_OP_ADD, R(R_G, M_X), T(R_G, XXXX), NEG(C(base + 6, YYYY)));
            ffb_sat(E2(b, IR_OP_MUL, R(R_G, M_X), T(R_G, XXXX), C(base + 6, WWWW)));
            power(b, R_G, T(R_G, XXXX), C(base + 6, ZZZZ));
            E2(b, IR_OP_MUL, R(R_F, M_Y), T(R_F, YYYY), T(R_G, XXXX));
        }
    }
    E2(b, IR_OP_DP3, R(R_F, M_W), T(R_N, XYZW), T(R_L, XYZW));
    E2(b, IR_OP_MAX, R(R_F, M_W), T(R_F, WWWW), F(0.0f));
    /* diffuse += Ld * (N . Ldir) * Atten * Spot; ambient += La * Atten * Spot */
    E2(b, IR_OP_MUL, R(R_G, M_X), T(R_F, WWWW), T(R_F, YYYY));
    E3(b, IR_OP_MAD, R(R_DIFF, M_XYZ), C(base + 0, XYZW), T(R_G, XXXX), T(R_DIFF, XYZW));
    E3(b, IR_OP_MAD, R(R_AMB, M_XYZ), C(base + 2, XYZW), T(R_F, YYYY), T(R_AMB, XYZW));
    if (g->k->specular) {
        /* H = norm(V + Ldir); specular += Ls * (N . H)^P * Atten * Spot */
        E2(b, IR_OP_ADD, R(R_S0, M_XYZ), T(R_V, XYZW), T(R_L, XYZW));
        normalize3(b, R_S0, T(R_S0, XYZW));
        E2(b, IR_OP_DP3, R(R_S0, M_X), T(R_N, XYZW), T(R_S0, XYZW));
        E2(b, IR_OP_MAX, R(R_S0, M_X), T(R_S0, XXXX), F(0.0f));
        power(b, R_S0, T(R_S0, XXXX), C(FF_VSC_POWER, XXXX));
        E2(b, IR_OP_MUL, R(R_S0, M_X), T(R_S0, XXXX), T(R_F, YYYY));
        E3(b, IR_OP_MAD, R(R_SPEC, M_XYZ), C(base + 1, XYZW), T(R_S0, XXXX), T(R_SPEC, XYZW));
    }
}

static void lighting(struct vs_gen *g)
{
    struct ffb *b = &g->b;
    const struct d3d9_ff_vs_key *k = g->k;
    E1(b, IR_OP_MOV, R(R_DIFF, M_ALL), F(0.0f));
    E1(b, IR_OP_MOV, R(R_AMB, M_ALL), F(0.0f));
    E1(b, IR_OP_MOV, R(R_SPEC, M_ALL), F(0.0f));
    E1(b, IR_OP_MOV, R(R_CD, M_ALL), material(g, k->diffuse_src, 0));
    E1(b, IR_OP_MOV, R(R_CA, M_ALL), material(g, k->ambient_src, 1));
    E1(b, IR_OP_MOV, R(R_CS, M_ALL), material(g, k->specular_src, 2));
    E1(b, IR_OP_MOV, R(R_CE, M_ALL), material(g, k->emissive_src, 3));
    for (unsigned i = 0; i < k->light_count; i++)
        light(g, i);
    /* diffuse = Ca * (Ga + sum ambient) + sum diffuse * Cd + Ce, alpha Cd.a */
    E2(b, IR_OP_ADD, R(R_S0, M_XYZ), C(FF_VSC_AMBIENT, XYZW), T(R_AMB, XYZW));
    E2(b, IR_OP_MUL, R(R_S0, M_XYZ), T(R_S0, XYZW), T(R_CA, XYZW));
    E3(b, IR_OP_MAD, R(R_S0, M_XYZ), T(R_DIFF, XYZW), T(R_CD, XYZW), T(R_S0, XYZW));
    ffb_sat(E2(b, IR_OP_ADD, O(1, M_XYZ), T(R_S0, XYZW), T(R_CE, XYZW)));
    ffb_sat(E1(b, IR_OP_MOV, O(1, M_W), T(R_CD, WWWW)));
    E1(b, IR_OP_MOV, R(R_SALPHA, M_X),
       has(g, FF_VS_IN_COLOR1) ? in(g, FF_VS_IN_COLOR1, WWWW) : F(1.0f));
    if (k->specular)
        ffb_sat(E2(b, IR_OP_MUL, O(2, M_XYZ), T(R_SPEC, XYZW), T(R_CS, XYZW)));
    else
        E1(b, IR_OP_MOV, O(2, M_XYZ), F(0.0f));
    ffb_sat(E1(b, IR_OP_MOV, O(2, M_W), T(R_SALPHA, XXXX)));
}

static void fog(struct vs_gen *g)
{
    struct ffb *b = &g->b;
    const struct d3d9_ff_vs_key *k = g->k;
    if (!k->fog_mode) {
        E1(b, IR_OP_MOV, O(3, M_X), T(R_SALPHA, XXXX));
        return;
    }
    if (k->range_fog) {
        E2(b, IR_OP_DP3, R(R_FOG, M_X), T(R_PEYE, XYZW), T(R_PEYE, XYZW));
        E1(b, IR_OP_SQRT, R(R_FOG, M_X), T(R_FOG, XXXX));
    } else {
        E1(b, IR_OP_MOV, R(R_FOG, M_X), T(R_PEYE, ZZZZ));
    }
    const float log2e = 1.4426950408889634f;
    switch (k->fog_mode) {
    case D3DFOG_EXP:      /* 1 / e^(d * density) = 2^(-d * density * log2(e)) */
        E2(b, IR_OP_MUL, R(R_FOG, M_X), T(R_FOG, XXXX), C(FF_VSC_FOG, ZZZZ));
        E2(b, IR_OP_MUL, R(R_FOG, M_X), T(R_FOG, XXXX), F(-log2e));
        ffb_sat(E1(b, IR_OP_EXP, O(3, M_X), T(R_FOG, XXXX)));
        break;
    case D3DFOG_EXP2:     /* 1 / e^((d * density)^2) */
        E2(b, IR_OP_MUL, R(R_FOG, M_X), T(R_FOG, XXXX), C(FF_VSC_FOG, ZZZZ));
        E2(b, IR_OP_MUL, R(R_FOG, M_X), T(R_FOG, XXXX), T(R_FOG, XXXX));
        E2(b, IR_OP_MUL, R(R_FOG, M_X), T(R_FOG, XXXX), F(-log2e));
        ffb_sat(E1(b, IR_OP_EXP, O(3, M_X), T(R_FOG, XXXX)));
        break;
    default:              /* (end - d) / (end - start) */
        E2(b, IR_OP_ADD, R(R_FOG, M_X), C(FF_VSC_FOG, YYYY), NEG(T(R_FOG, XXXX)));
        ffb_sat(E2(b, IR_OP_MUL, O(3, M_X), T(R_FOG, XXXX), C(FF_VSC_FOG, WWWW)));
        break;
    }
}

/* o12.x = the point size ("Point Sprites (Direct3D 9)", top comment). */
static void point_size(struct vs_gen *g)
{
    struct ffb *b = &g->b;
    struct ir_operand si = has(g, FF_VS_IN_PSIZE) ? in(g, FF_VS_IN_PSIZE, XXXX) :
                                                    C(FF_VSC_POINT, XXXX);
    if (!g->k->point_scale) {
        E1(b, IR_OP_MOV, O(12, M_X), si);
        return;
    }
    /* Ss = Vh * Si * sqrt(1 / (A + B De + C De^2)), De = |camera-space position| */
    E2(b, IR_OP_DP3, R(R_S0, M_X), T(R_PEYE, XYZW), T(R_PEYE, XYZW));
    E1(b, IR_OP_SQRT, R(R_S0, M_Y), T(R_S0, XXXX));
    E3(b, IR_OP_MAD, R(R_S0, M_Z), C(FF_VSC_POINT, ZZZZ), T(R_S0, YYYY), C(FF_VSC_POINT, YYYY));
    E3(b, IR_OP_MAD, R(R_S0, M_Z), C(FF_VSC_POINT, WWWW), T(R_S0, XXXX), T(R_S0, ZZZZ));
    E1(b, IR_OP_RSQ, R(R_S0, M_Z), T(R_S0, ZZZZ));
    E2(b, IR_OP_MUL, R(R_S0, M_Z), T(R_S0, ZZZZ), si);
    E2(b, IR_OP_MUL, O(12, M_X), T(R_S0, ZZZZ), C(FF_VSC_POINT + 1, XXXX));
}

/* R_S1.xyz = the reflection vector R = 2 (E . N) N - E. */
static void reflection(struct ffb *b)
{
    E2(b, IR_OP_DP3, R(R_S1, M_W), T(R_V, XYZW), T(R_N, XYZW));
    E2(b, IR_OP_ADD, R(R_S1, M_W), T(R_S1, WWWW), T(R_S1, WWWW));
    E3(b, IR_OP_MAD, R(R_S1, M_XYZ), T(R_S1, WWWW), T(R_N, XYZW), NEG(T(R_V, XYZW)));
}

static void texcoords(struct vs_gen *g)
{
    struct ffb *b = &g->b;
    const struct d3d9_ff_vs_key *k = g->k;
    for (unsigned s = 0; s < D3D9_FF_STAGES; s++) {
        const struct d3d9_ff_vs_tex *t = &k->tex[s];
        if (!t->out)
            continue;
        unsigned set = FF_VS_IN_TEXCOORD0 + t->source;
        switch (t->gen) {
        case D3DTSS_TCI_CAMERASPACENORMAL >> 16:
            E1(b, IR_OP_MOV, R(R_TC, M_XYZ), T(R_N, XYZW));
            E1(b, IR_OP_MOV, R(R_TC, M_W), F(1.0f));
            break;
        case D3DTSS_TCI_CAMERASPACEPOSITION >> 16:
            E1(b, IR_OP_MOV, R(R_TC, M_XYZ), T(R_PEYE, XYZW));
            E1(b, IR_OP_MOV, R(R_TC, M_W), F(1.0f));
            break;
        case D3DTSS_TCI_CAMERASPACEREFLECTIONVECTOR >> 16:
            reflection(b);
            E1(b, IR_OP_MOV, R(R_TC, M_XYZ), T(R_S1, XYZW));
            E1(b, IR_OP_MOV, R(R_TC, M_W), F(1.0f));
            break;
        case D3DTSS_TCI_SPHEREMAP >> 16:
            /* m = 2 sqrt(Rx^2 + Ry^2 + (Rz - 1)^2); (Rx / m + 0.5, -Ry / m + 0.5, 1, 0) */
            reflection(b);
            E2(b, IR_OP_ADD, R(R_S1, M_Z), T(R_S1, ZZZZ), F(-1.0f));
            E2(b, IR_OP_DP3, R(R_S1, M_W), T(R_S1, XYZW), T(R_S1, XYZW));
            E2(b, IR_OP_MAX, R(R_S1, M_W), T(R_S1, WWWW), F(1e-30f));
            E1(b, IR_OP_RSQ, R(R_S1, M_W), T(R_S1, WWWW));
            E2(b, IR_OP_MUL, R(R_S1, M_W), T(R_S1, WWWW), F(0.5f));     /* 1 / m */
            E2(b, IR_OP_MUL, R(R_S0, M_XY), T(R_S1, XYZW), T(R_S1, WWWW));
            E2(b, IR_OP_ADD, R(R_TC, M_X), T(R_S0, XXXX), F(0.5f));
            E2(b, IR_OP_ADD, R(R_TC, M_Y), NEG(T(R_S0, YYYY)), F(0.5f));
            E1(b, IR_OP_MOV, R(R_TC, M_ZW), F4(0.0f, 0.0f, 1.0f, 0.0f));
            break;
        default:
            if (!t->count) {
                E1(b, IR_OP_MOV, R(R_TC, M_ALL), in(g, set, XYZW));
                break;
            }
            /* the padding of "Texture Coordinate Transformations" (top comment) */
            switch (k->in_comps[set]) {
            case 1:
                E1(b, IR_OP_MOV, R(R_TC, M_X), in(g, set, XXXX));
                E1(b, IR_OP_MOV, R(R_TC, M_Y | M_Z | M_W), F4(0.0f, 1.0f, 0.0f, 0.0f));
                break;
            case 2:
                E1(b, IR_OP_MOV, R(R_TC, M_XY), in(g, set, XYZW));
                E1(b, IR_OP_MOV, R(R_TC, M_ZW), F4(0.0f, 0.0f, 1.0f, 0.0f));
                break;
            case 3:
                E1(b, IR_OP_MOV, R(R_TC, M_XYZ), in(g, set, XYZW));
                E1(b, IR_OP_MOV, R(R_TC, M_W), F(1.0f));
                break;
            default:
                E1(b, IR_OP_MOV, R(R_TC, M_ALL), in(g, set, XYZW));
                break;
            }
            break;
        }
        if (t->count) {
            for (unsigned c = 0; c < 4; c++)
                E2(b, IR_OP_DP4, O(4 + s, (uint8_t)(1u << c)), T(R_TC, XYZW),
                   C(FF_VSC_TEXTURE + 4 * s + c, XYZW));
        } else {
            E1(b, IR_OP_MOV, O(4 + s, M_ALL), T(R_TC, XYZW));
        }
    }
}

struct out_decl {
    uint32_t reg;
    uint8_t mask, usage, index;
};

static void declare(struct vs_gen *g)
{
    struct ir_program *p = g->b.p;
    const struct d3d9_ff_vs_key *k = g->k;
    static const uint8_t in_usage[FF_VS_IN_COUNT][2] = {
        { D3DDECLUSAGE_POSITION, 0 }, { D3DDECLUSAGE_NORMAL, 0 }, { D3DDECLUSAGE_COLOR, 0 },
        { D3DDECLUSAGE_COLOR, 1 }, { D3DDECLUSAGE_TEXCOORD, 0 }, { D3DDECLUSAGE_TEXCOORD, 1 },
        { D3DDECLUSAGE_TEXCOORD, 2 }, { D3DDECLUSAGE_TEXCOORD, 3 },
        { D3DDECLUSAGE_TEXCOORD, 4 }, { D3DDECLUSAGE_TEXCOORD, 5 },
        { D3DDECLUSAGE_TEXCOORD, 6 }, { D3DDECLUSAGE_TEXCOORD, 7 },
        { D3DDECLUSAGE_BLENDWEIGHT, 0 }, { D3DDECLUSAGE_POSITION, 1 },
        { D3DDECLUSAGE_NORMAL, 1 }, { D3DDECLUSAGE_PSIZE, 0 }, { D3DDECLUSAGE_BLENDINDICES, 0 },
    };
    for (unsigned i = 0; i < FF_VS_IN_COUNT; i++) {
        if (!k->in_comps[i])
            continue;
        struct ir_io_decl *d = ir_program_add_input(p, IR_FILE_INPUT, i, M_ALL);
        if (!d) {
            g->b.oom = true;
            return;
        }
        d->usage = in_usage[i][0];
        d->usage_index = in_usage[i][1];
        if (i == FF_VS_IN_POSITION && k->transformed)
            d->usage = D3DDECLUSAGE_POSITIONT;
    }
    struct out_decl outs[5 + D3D9_FF_STAGES] = {
        { 0, M_ALL, D3DDECLUSAGE_POSITION, 0 }, { 1, M_ALL, D3DDECLUSAGE_COLOR, 0 },
        { 2, M_ALL, D3DDECLUSAGE_COLOR, 1 }, { 3, M_X, D3DDECLUSAGE_FOG, 0 },
    };
    unsigned n = 4;
    for (unsigned s = 0; s < D3D9_FF_STAGES; s++)
        if (k->tex[s].out)
            outs[n++] = (struct out_decl){ 4 + s, M_ALL, D3DDECLUSAGE_TEXCOORD, (uint8_t)s };
    if (k->point_size)
        outs[n++] = (struct out_decl){ 12, M_X, D3DDECLUSAGE_PSIZE, 0 };
    for (unsigned i = 0; i < n; i++) {
        struct ir_io_decl *d = ir_program_add_output(p, IR_FILE_OUTPUT, outs[i].reg, outs[i].mask);
        if (!d) {
            g->b.oom = true;
            return;
        }
        d->usage = outs[i].usage;
        d->usage_index = outs[i].index;
        if (i == 0) {
            d->sysval = IR_SV_POSITION;
            d->kind = IR_IO_SIV;
        }
    }
    if (!ir_program_add_cbuffer(p, 0, FF_VSC_SIZE(k->light_count)))
        g->b.oom = true;
    if (k->indexed) {
        struct ir_cbuffer *cb = ir_program_add_cbuffer(p, FF_VSC_PALETTE_SLOT,
                                                       FF_VSC_PALETTE_COUNT *
                                                       FF_VSC_PALETTE_SIZE);
        if (cb)
            cb->dynamic = 1;     /* read with the blend indices */
        else
            g->b.oom = true;
    }
    p->temp_count = R_COUNT;
}

int d3d9_ff_vs_generate(const struct d3d9_ff_vs_key *key, struct ir_program *out,
                        struct ir_error *err)
{
    struct vs_gen g;
    g.b.p = out;
    g.b.oom = false;
    g.k = key;
    ir_program_init(out, IR_SHADER_VERTEX, IR_SOURCE_FIXED_FUNCTION, 2, 0);
    declare(&g);
    struct ffb *b = &g.b;
    convert_inputs(&g);

    /* model-space position and normal: tweened ("Vertex Tweening": v0 + t (v1 - v0)) or as
     * given */
    struct ir_operand mp = in(&g, FF_VS_IN_POSITION, XYZW), mn = in(&g, FF_VS_IN_NORMAL, XYZW);
    if (key->tween) {
        E2(b, IR_OP_ADD, R(R_MP, M_ALL), in(&g, FF_VS_IN_POSITION1, XYZW), NEG(mp));
        E3(b, IR_OP_MAD, R(R_MP, M_ALL), T(R_MP, XYZW), C(FF_VSC_TWEEN, XXXX), mp);
        E2(b, IR_OP_ADD, R(R_MN, M_ALL), in(&g, FF_VS_IN_NORMAL1, XYZW), NEG(mn));
        E3(b, IR_OP_MAD, R(R_MN, M_ALL), T(R_MN, XYZW), C(FF_VSC_TWEEN, XXXX), mn);
        mp = T(R_MP, XYZW);
        mn = T(R_MN, XYZW);
    }

    /* position */
    bool any_gen = false;
    for (unsigned s = 0; s < D3D9_FF_STAGES; s++)
        any_gen |= key->tex[s].gen != 0;
    bool eye = !key->transformed && (key->lighting || key->fog_mode || any_gen ||
                                     key->point_scale);
    if (key->transformed) {
        E1(b, IR_OP_RCP, R(R_POS, M_W), in(&g, FF_VS_IN_POSITION, WWWW));
        E3(b, IR_OP_MAD, R(R_S0, M_XY), in(&g, FF_VS_IN_POSITION, XYZW),
           C(FF_VSC_SCREEN, XYZW), C(FF_VSC_SCREEN, SWZ(2, 3, 2, 3)));
        E2(b, IR_OP_MUL, R(R_POS, M_XY), T(R_S0, XYZW), T(R_POS, WWWW));
        E2(b, IR_OP_MUL, R(R_POS, M_Z), in(&g, FF_VS_IN_POSITION, ZZZZ), T(R_POS, WWWW));
    } else if (key->blend || key->indexed) {
        /* "Geometry Blending": P = sum(w_i * v * W_i), the last weight 1 - sum of the others;
         * the same for normals with the matrices' inverse transposes; then PROJECTION */
        E1(b, IR_OP_MOV, R(R_W, M_ALL), in(&g, FF_VS_IN_BLENDWEIGHT, XYZW));
        E1(b, IR_OP_MOV, R(R_W, (uint8_t)(1u << key->blend)), F(1.0f));
        for (unsigned i = 0; i < key->blend; i++)
            E2(b, IR_OP_ADD, R(R_W, (uint8_t)(1u << key->blend)),
               T(R_W, SWZ(key->blend, key->blend, key->blend, key->blend)),
               NEG(T(R_W, SWZ(i, i, i, i))));
        E1(b, IR_OP_MOV, R(R_PEYE, M_ALL), F(0.0f));
        E1(b, IR_OP_MOV, R(R_N, M_ALL), F(0.0f));
        if (key->indexed) {
            /* palette offsets FF_VSC_PALETTE_SIZE * index (top comment); normalized indices
             * (D3DCOLOR) are read back to bytes first */
            struct ir_operand idx = in(&g, FF_VS_IN_BLENDINDICES, XYZW);
            if (key->indexed == 2) {
                E2(b, IR_OP_MUL, R(R_IDX, M_ALL), idx, F(255.0f));
                E1(b, IR_OP_ROUND_NE, R(R_IDX, M_ALL), T(R_IDX, XYZW));
                idx = T(R_IDX, XYZW);
            }
            E2(b, IR_OP_MUL, R(R_IDX, M_ALL), idx, F((float)FF_VSC_PALETTE_SIZE));
            E1(b, IR_OP_FTOU, R(R_IDX, M_ALL), T(R_IDX, XYZW));
        }
        for (unsigned i = 0; i <= key->blend; i++) {
            uint32_t wv = i ? FF_VSC_WV1 + 4 * (i - 1) : FF_VSC_WV;
            uint32_t nm = i ? FF_VSC_NORMAL1 + 3 * (i - 1) : FF_VSC_NORMAL;
            for (unsigned c = 0; c < 7; c++) {
                struct ir_operand m = C(c < 4 ? wv + c : nm + c - 4, XYZW);
                if (key->indexed) {
                    m = ir_reg(IR_FILE_CONSTANT_BUFFER, FF_VSC_PALETTE_SLOT, c);
                    m.index[1].rel = (struct ir_rel){ IR_FILE_TEMP, (uint8_t)i, R_IDX, 0 };
                }
                if (c < 4)
                    E2(b, IR_OP_DP4, R(R_S0, (uint8_t)(1u << c)), mp, m);
                else
                    E2(b, IR_OP_DP3, R(R_S1, (uint8_t)(1u << (c - 4))), mn, m);
            }
            E3(b, IR_OP_MAD, R(R_PEYE, M_ALL), T(R_S0, XYZW), T(R_W, SWZ(i, i, i, i)),
               T(R_PEYE, XYZW));
            E3(b, IR_OP_MAD, R(R_N, M_XYZ), T(R_S1, XYZW), T(R_W, SWZ(i, i, i, i)),
               T(R_N, XYZW));
        }
        for (unsigned c = 0; c < 4; c++)
            E2(b, IR_OP_DP4, R(R_POS, (uint8_t)(1u << c)), T(R_PEYE, XYZW),
               C(FF_VSC_PROJ + c, XYZW));
    } else {
        for (unsigned c = 0; c < 4; c++)
            E2(b, IR_OP_DP4, R(R_POS, (uint8_t)(1u << c)), mp, C(FF_VSC_WVP + c, XYZW));
    }
    E1(b, IR_OP_MOV, O(0, M_ALL), T(R_POS, XYZW));

    /* camera space: position, normal, the direction to the viewer */
    if (eye) {
        if (!key->blend && !key->indexed) {
            for (unsigned c = 0; c < 3; c++)
                E2(b, IR_OP_DP4, R(R_PEYE, (uint8_t)(1u << c)), mp, C(FF_VSC_WV + c, XYZW));
            for (unsigned c = 0; c < 3; c++)
                E2(b, IR_OP_DP3, R(R_N, (uint8_t)(1u << c)), mn, C(FF_VSC_NORMAL + c, XYZW));
        }
        E1(b, IR_OP_MOV, R(R_PEYE, M_W), F(1.0f));
        E1(b, IR_OP_MOV, R(R_N, M_W), F(0.0f));
        if (key->normalize)
            normalize3(b, R_N, T(R_N, XYZW));
        if (key->local_viewer)
            normalize3(b, R_V, NEG(T(R_PEYE, XYZW)));
        else
            E1(b, IR_OP_MOV, R(R_V, M_XYZ), F4(0.0f, 0.0f, -1.0f, 0.0f));
    }

    if (key->lighting) {
        lighting(&g);
    } else {
        E1(b, IR_OP_MOV, O(1, M_ALL),
           has(&g, FF_VS_IN_COLOR0) ? in(&g, FF_VS_IN_COLOR0, XYZW) : F(1.0f));
        E1(b, IR_OP_MOV, R(R_SALPHA, M_X),
           has(&g, FF_VS_IN_COLOR1) ? in(&g, FF_VS_IN_COLOR1, WWWW) : F(1.0f));
        E1(b, IR_OP_MOV, O(2, M_ALL),
           has(&g, FF_VS_IN_COLOR1) ? in(&g, FF_VS_IN_COLOR1, XYZW) : F(1.0f));
    }
    fog(&g);
    if (key->point_size)
        point_size(&g);
    texcoords(&g);
    ffb_op0(b, IR_OP_RET);

    if (g.b.oom) {
        ir_program_free(out);
        return IR_E_NOMEM;
    }
    int ret = ir_validate(out, err);
    if (ret)
        ir_program_free(out);
    return ret;
}
