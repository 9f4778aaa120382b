/* src/d3d9/ff_key.c — the fixed-function program keys and their per-draw constants (see
 * d3d9_draw.h for the layouts).
 *
 * A key holds exactly what changes the generated code and is canonical: state that the program
 * does not read under the key's other settings is left zero (material sources without lighting,
 * range fog without vertex fog, arguments an operation does not read...), so that equal
 * programs have equal keys.  Keys are zeroed (memset) before they are filled, padding included,
 * and hashed and compared as bytes.
 *
 * Constants.  Everything that only changes values travels in cb0, computed here in double
 * precision and rounded once to float:
 *   - D3D9 transforms use row vectors (v' = v * M): WVP = WORLD * VIEW * PROJECTION; the program
 *     forms dot products with the COLUMNS of a matrix, so the buffer holds columns.
 *   - Normals transform with the inverse transpose of WORLD * VIEW's 3x3 part ("Camera space
 *     transformations": lighting is computed in camera space); the column j of that matrix is
 *     row j of the inverse, which is what is stored.  A singular matrix gives zero normals.
 *   - Lights are given in world space (D3DLIGHT9 Position, Direction); they are transformed by
 *     VIEW only.  Direction is stored negated and normalized: the direction TO the light of a
 *     directional light, and "Ldcs" of the spotlight factor (the negated light direction in
 *     camera space, "Attenuation and Spotlight Factor (Direct3D 9)").
 *   - The spot cone stores cos(Theta / 2), cos(Phi / 2) (Theta and Phi are full angles,
 *     D3DLIGHT9) and 1 / (cos(Theta / 2) - cos(Phi / 2)).
 *   - Colours (D3DCOLOR render states) become floats r, g, b, a = byte / 255.
 */
#include "util/hash.h"
#include "d3d9/d3d9_draw.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "d3d9/d3d9_state.h"
#include "dxgiformat.h"

/* ---- vertex element types ---------------------------------------------------------------- */

bool d3d9_decl_type_format(unsigned type, core_format *format, unsigned *comps,
                           enum d3d9_input_conv *conv)
{
    /* D3DDECLTYPE reference page: each type's expansion to (x, y, z, w). */
    static const struct {
        core_format format;
        uint8_t comps, conv;
    } table[] = {
        [D3DDECLTYPE_FLOAT1] = { DXGI_FORMAT_R32_FLOAT, 1, D3D9_CONV_NONE },
        [D3DDECLTYPE_FLOAT2] = { DXGI_FORMAT_R32G32_FLOAT, 2, D3D9_CONV_NONE },
        [D3DDECLTYPE_FLOAT3] = { DXGI_FORMAT_R32G32B32_FLOAT, 3, D3D9_CONV_NONE },
        [D3DDECLTYPE_FLOAT4] = { DXGI_FORMAT_R32G32B32A32_FLOAT, 4, D3D9_CONV_NONE },
        /* bytes B, G, R, A in memory, read as (R, G, B, A) / 255 */
        [D3DDECLTYPE_D3DCOLOR] = { DXGI_FORMAT_B8G8R8A8_UNORM, 4, D3D9_CONV_NONE },
        [D3DDECLTYPE_UBYTE4] = { DXGI_FORMAT_R8G8B8A8_UINT, 4, D3D9_CONV_UINT },
        [D3DDECLTYPE_SHORT2] = { DXGI_FORMAT_R16G16_SINT, 2, D3D9_CONV_SINT },
        [D3DDECLTYPE_SHORT4] = { DXGI_FORMAT_R16G16B16A16_SINT, 4, D3D9_CONV_SINT },
        [D3DDECLTYPE_UBYTE4N] = { DXGI_FORMAT_R8G8B8A8_UNORM, 4, D3D9_CONV_NONE },
        [D3DDECLTYPE_SHORT2N] = { DXGI_FORMAT_R16G16_SNORM, 2, D3D9_CONV_NONE },
        [D3DDECLTYPE_SHORT4N] = { DXGI_FORMAT_R16G16B16A16_SNORM, 4, D3D9_CONV_NONE },
        [D3DDECLTYPE_USHORT2N] = { DXGI_FORMAT_R16G16_UNORM, 2, D3D9_CONV_NONE },
        [D3DDECLTYPE_USHORT4N] = { DXGI_FORMAT_R16G16B16A16_UNORM, 4, D3D9_CONV_NONE },
        [D3DDECLTYPE_UDEC3] = { DXGI_FORMAT_R10G10B10A2_UINT, 3, D3D9_CONV_UDEC3 },
        [D3DDECLTYPE_DEC3N] = { DXGI_FORMAT_R10G10B10A2_UINT, 3, D3D9_CONV_DEC3N },
        [D3DDECLTYPE_FLOAT16_2] = { DXGI_FORMAT_R16G16_FLOAT, 2, D3D9_CONV_NONE },
        [D3DDECLTYPE_FLOAT16_4] = { DXGI_FORMAT_R16G16B16A16_FLOAT, 4, D3D9_CONV_NONE },
    };
    if (type >= sizeof(table) / sizeof(table[0]) || !table[type].comps)
        return false;
    *format = table[type].format;
    *comps = table[type].comps;
    *conv = (enum d3d9_input_conv)table[type].conv;
    return true;
}

/* ---- helpers ------------------------------------------------------------------------------- */

uint64_t d3d9_key_hash(const void *key, size_t size)
{
    return util_fnv1a64(key, size);
}

void d3d9_color_to_float(DWORD argb, float out[4])
{
    out[0] = (float)((argb >> 16) & 0xff) / 255.0f;
    out[1] = (float)((argb >> 8) & 0xff) / 255.0f;
    out[2] = (float)(argb & 0xff) / 255.0f;
    out[3] = (float)(argb >> 24) / 255.0f;
}

static float rs_float(const struct d3d9_state *st, D3DRENDERSTATETYPE s)
{
    float f;
    memcpy(&f, &st->rs[s], sizeof(f));
    return f;
}

static const D3DMATRIX *transform(const struct d3d9_state *st, D3DTRANSFORMSTATETYPE t)
{
    return &st->transforms[d3d9_transform_slot(t)];
}

/* c = a * b in double. */
static void mat_mul(const double a[4][4], const double b[4][4], double c[4][4])
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            c[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j] +
                      a[i][3] * b[3][j];
}

static void mat_load(const D3DMATRIX *m, double out[4][4])
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            out[i][j] = m->m[i][j];
}

/* The columns of m as vec4 (what dp4 with a row vector needs). */
static void store_columns(const double m[4][4], float (*cb)[4], int count)
{
    for (int j = 0; j < count; j++)
        for (int i = 0; i < 4; i++)
            cb[j][i] = (float)m[i][j];
}

/* Inverse of the upper 3x3 of m (row-major); false when singular. */
static bool inverse3(const double m[4][4], double inv[3][3])
{
    double a = m[0][0], b = m[0][1], c = m[0][2];
    double d = m[1][0], e = m[1][1], f = m[1][2];
    double g = m[2][0], h = m[2][1], k = m[2][2];
    double A = e * k - f * h, B = -(d * k - f * g), C = d * h - e * g;
    double det = a * A + b * B + c * C;
    if (det == 0.0 || !isfinite(det))
        return false;
    inv[0][0] = A / det;
    inv[0][1] = -(b * k - c * h) / det;
    inv[0][2] = (b * f - c * e) / det;
    inv[1][0] = B / det;
    inv[1][1] = (a * k - c * g) / det;
    inv[1][2] = -(a * f - c * d) / det;
    inv[2][0] = C / det;
    inv[2][1] = -(a * h - b * g) / det;
    inv[2][2] = (a * e - b * d) / det;
    return true;
}

static void color_value(const D3DCOLORVALUE *c, float out[4])
{
    out[0] = c->r;
    out[1] = c->g;
    out[2] = c->b;
    out[3] = c->a;
}

/* ---- lights ---------------------------------------------------------------------------------- */

size_t d3d9_ff_active_lights(const struct d3d9_state *st, size_t max, uint32_t *out,
                             size_t *count)
{
    size_t enabled = 0, n = 0;
    if (max > D3D9_FF_MAX_LIGHTS)
        max = D3D9_FF_MAX_LIGHTS;
    for (size_t i = 0; i < st->light_count; i++) {
        if (!st->lights[i].enabled)
            continue;
        enabled++;
        if (n < max)
            out[n++] = (uint32_t)i;
    }
    *count = n;
    return enabled;
}

/* ---- the vertex key -------------------------------------------------------------------------- */

/* D3DMCS_COLOR1 / COLOR2 use the vertex colour only when the declaration has it ("Specular
 * Lighting", "Diffuse Lighting": otherwise the material colour is used). */
static uint8_t material_source(DWORD src, const struct d3d9_ff_inputs *in)
{
    if (src == D3DMCS_COLOR1 && in->comps[FF_VS_IN_COLOR0])
        return D3DMCS_COLOR1;
    if (src == D3DMCS_COLOR2 && in->comps[FF_VS_IN_COLOR1])
        return D3DMCS_COLOR2;
    return D3DMCS_MATERIAL;
}

void d3d9_ff_vs_key_build(const struct d3d9_state *st, const struct d3d9_ff_inputs *in,
                          const uint32_t *lights, size_t light_count,
                          struct d3d9_ff_vs_key *key)
{
    const DWORD *rs = st->rs;
    memset(key, 0, sizeof(*key));
    key->transformed = in->transformed;
    memcpy(key->in_comps, in->comps, sizeof(key->in_comps));
    memcpy(key->in_conv, in->conv, sizeof(key->in_conv));
    /* "Geometry Blending" / "Vertex Tweening": D3DVBF_1..3WEIGHTS blend 2..4 world matrices,
     * D3DVBF_TWEENING interpolates POSITION0/1 (and NORMAL0/1); D3DVBF_0WEIGHTS is one matrix
     * with weight 1 (the plain transform).  "Indexed Vertex Blending": with
     * INDEXEDVERTEXBLENDENABLE the n + 1 matrices are WORLDMATRIX(BLENDINDICES[i]) — with
     * 0WEIGHTS the one matrix WORLDMATRIX(BLENDINDICES[0]); DISABLE stays WORLDMATRIX(0). */
    if (!in->transformed) {
        DWORD vb = rs[D3DRS_VERTEXBLEND];
        if (vb >= D3DVBF_1WEIGHTS && vb <= D3DVBF_3WEIGHTS)
            key->blend = (uint8_t)vb;
        else if (vb == D3DVBF_TWEENING && in->comps[FF_VS_IN_POSITION1])
            key->tween = 1;
        if (in->indexed && (key->blend || vb == D3DVBF_0WEIGHTS) &&
            in->comps[FF_VS_IN_BLENDINDICES])
            key->indexed = in->indices_normalized ? 2 : 1;
    }
    /* "Point Sprites (Direct3D 9)": the size is the vertex's PSIZE or D3DRS_POINTSIZE, scaled
     * by distance with D3DRS_POINTSCALEENABLE except for pre-transformed vertices */
    if (in->points) {
        key->point_size = 1;
        key->point_scale = !in->transformed && rs[D3DRS_POINTSCALEENABLE];
    }
    if (!in->transformed && rs[D3DRS_LIGHTING]) {
        key->lighting = 1;
        key->normalize = rs[D3DRS_NORMALIZENORMALS] != 0;
        key->local_viewer = rs[D3DRS_LOCALVIEWER] != 0;
        key->specular = rs[D3DRS_SPECULARENABLE] != 0;
        if (rs[D3DRS_COLORVERTEX]) {
            key->diffuse_src = material_source(rs[D3DRS_DIFFUSEMATERIALSOURCE], in);
            key->ambient_src = material_source(rs[D3DRS_AMBIENTMATERIALSOURCE], in);
            key->specular_src = material_source(rs[D3DRS_SPECULARMATERIALSOURCE], in);
            key->emissive_src = material_source(rs[D3DRS_EMISSIVEMATERIALSOURCE], in);
        }
        key->light_count = (uint8_t)light_count;
        for (size_t i = 0; i < light_count; i++)
            key->light_type[i] = (uint8_t)st->lights[lights[i]].light.Type;
    }
    /* Vertex fog: when fog is on and no table mode is set ("Vertex Fog (Direct3D 9)"); for
     * pre-transformed vertices the factor is the specular alpha (mode 0). */
    if (!in->transformed && rs[D3DRS_FOGENABLE] && rs[D3DRS_FOGTABLEMODE] == D3DFOG_NONE &&
        rs[D3DRS_FOGVERTEXMODE] <= D3DFOG_LINEAR) {
        key->fog_mode = (uint8_t)rs[D3DRS_FOGVERTEXMODE];
        if (key->fog_mode)
            key->range_fog = rs[D3DRS_RANGEFOGENABLE] != 0;
    }
    for (int s = 0; s < D3D9_FF_STAGES; s++) {
        struct d3d9_ff_vs_tex *t = &key->tex[s];
        DWORD tci = st->tss[s][D3DTSS_TEXCOORDINDEX];
        DWORD ttf = st->tss[s][D3DTSS_TEXTURETRANSFORMFLAGS];
        t->source = (uint8_t)(tci & 7u);
        if (!in->transformed) {
            DWORD gen = tci >> 16;
            t->gen = gen <= (D3DTSS_TCI_SPHEREMAP >> 16) ? (uint8_t)gen : 0;
            t->count = (ttf & 0xffu) <= 4 ? (uint8_t)(ttf & 0xffu) : 4;
        }
        t->out = t->gen || in->comps[FF_VS_IN_TEXCOORD0 + t->source] || in->sprites;
        if (!t->out)
            memset(t, 0, sizeof(*t));
        else if (t->gen)
            t->source = 0;
    }
}

/* ---- user clip planes -------------------------------------------------------------------------- */

/* inv = m^-1 by Gauss-Jordan elimination with partial pivoting; false when m is singular. */
static bool inverse4(const double m[4][4], double inv[4][4])
{
    double a[4][8];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 8; j++)
            a[i][j] = j < 4 ? m[i][j] : (j - 4 == i ? 1.0 : 0.0);
    for (int c = 0; c < 4; c++) {
        int piv = c;
        for (int r = c + 1; r < 4; r++)
            if (fabs(a[r][c]) > fabs(a[piv][c]))
                piv = r;
        if (!(fabs(a[piv][c]) > 1e-300))
            return false;
        for (int j = 0; j < 8; j++) {
            double t = a[c][j];
            a[c][j] = a[piv][j];
            a[piv][j] = t;
        }
        double d = a[c][c];
        for (int j = 0; j < 8; j++)
            a[c][j] /= d;
        for (int r = 0; r < 4; r++) {
            if (r == c)
                continue;
            double f = a[r][c];
            for (int j = 0; j < 8; j++)
                a[r][j] -= f * a[c][j];
        }
    }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            inv[i][j] = a[i][j + 4];
    return true;
}

bool d3d9_ff_clip_plane(const struct d3d9_state *st, const float world[4], float clip[4])
{
    /* SetClipPlane: with the fixed-function pipeline the plane is in world space.  A world
     * position x_w (row vector) reaches clip space as x_c = x_w M, M = View * Projection, so
     * dot(p_w, x_w) = dot(p_w, x_c M^-1) = sum_j x_c[j] (M^-1 p_w)[j]: the clip-space plane is
     * M^-1 applied to the plane as a column vector. */
    double v[4][4], p[4][4], vp[4][4], inv[4][4];
    mat_load(transform(st, D3DTS_VIEW), v);
    mat_load(transform(st, D3DTS_PROJECTION), p);
    mat_mul(v, p, vp);
    if (!inverse4(vp, inv))
        return false;
    for (int j = 0; j < 4; j++)
        clip[j] = (float)(inv[j][0] * world[0] + inv[j][1] * world[1] + inv[j][2] * world[2] +
                          inv[j][3] * world[3]);
    return true;
}

/* ---- the vertex constants -------------------------------------------------------------------- */

void d3d9_ff_vs_constants(const struct d3d9_state *st, const struct d3d9_ff_vs_key *key,
                          const uint32_t *lights, float (*cb)[4])
{
    double w[4][4], v[4][4], p[4][4], wv[4][4], wvp[4][4], inv[3][3];
    memset(cb, 0, sizeof(float[4]) * FF_VSC_SIZE(key->light_count));
    mat_load(transform(st, D3DTS_WORLD), w);
    mat_load(transform(st, D3DTS_VIEW), v);
    mat_load(transform(st, D3DTS_PROJECTION), p);
    mat_mul(w, v, wv);
    mat_mul(wv, p, wvp);
    store_columns(wvp, &cb[FF_VSC_WVP], 4);
    store_columns(wv, &cb[FF_VSC_WV], 4);
    if (inverse3(wv, inv))
        for (int j = 0; j < 3; j++)
            for (int i = 0; i < 3; i++)
                cb[FF_VSC_NORMAL + j][i] = (float)inv[j][i];

    /* Pre-transformed vertices: screen (D3D9 viewport pixels) -> clip space, inverting the
     * viewport transform x = (X + 1) * W / 2 + vpX, y = (1 - Y) * H / 2 + vpY. */
    const D3DVIEWPORT9 *vp = &st->viewport;
    double vw = vp->Width ? vp->Width : 1, vh = vp->Height ? vp->Height : 1;
    cb[FF_VSC_SCREEN][0] = (float)(2.0 / vw);
    cb[FF_VSC_SCREEN][1] = (float)(-2.0 / vh);
    cb[FF_VSC_SCREEN][2] = (float)(-1.0 - 2.0 * vp->X / vw);
    cb[FF_VSC_SCREEN][3] = (float)(1.0 + 2.0 * vp->Y / vh);

    float start = rs_float(st, D3DRS_FOGSTART), end = rs_float(st, D3DRS_FOGEND);
    cb[FF_VSC_FOG][0] = start;
    cb[FF_VSC_FOG][1] = end;
    cb[FF_VSC_FOG][2] = rs_float(st, D3DRS_FOGDENSITY);
    cb[FF_VSC_FOG][3] = end != start ? (float)(1.0 / ((double)end - start)) : 0.0f;

    d3d9_color_to_float(st->rs[D3DRS_AMBIENT], cb[FF_VSC_AMBIENT]);
    color_value(&st->material.Diffuse, cb[FF_VSC_MATERIAL + 0]);
    color_value(&st->material.Ambient, cb[FF_VSC_MATERIAL + 1]);
    color_value(&st->material.Specular, cb[FF_VSC_MATERIAL + 2]);
    color_value(&st->material.Emissive, cb[FF_VSC_MATERIAL + 3]);
    cb[FF_VSC_POWER][0] = st->material.Power;

    for (int i = 1; i <= 3; i++) {
        double wi[4][4], wvi[4][4], invi[3][3];
        mat_load(transform(st, D3DTS_WORLDMATRIX(i)), wi);
        mat_mul(wi, v, wvi);
        store_columns(wvi, &cb[FF_VSC_WV1 + 4 * (i - 1)], 4);
        if (inverse3(wvi, invi))
            for (int j = 0; j < 3; j++)
                for (int k = 0; k < 3; k++)
                    cb[FF_VSC_NORMAL1 + 3 * (i - 1) + j][k] = (float)invi[j][k];
    }
    store_columns(p, &cb[FF_VSC_PROJ], 4);
    cb[FF_VSC_TWEEN][0] = rs_float(st, D3DRS_TWEENFACTOR);
    cb[FF_VSC_POINT][0] = rs_float(st, D3DRS_POINTSIZE);
    cb[FF_VSC_POINT][1] = rs_float(st, D3DRS_POINTSCALE_A);
    cb[FF_VSC_POINT][2] = rs_float(st, D3DRS_POINTSCALE_B);
    cb[FF_VSC_POINT][3] = rs_float(st, D3DRS_POINTSCALE_C);
    cb[FF_VSC_POINT + 1][0] = (float)st->viewport.Height;

    for (int s = 0; s < D3D9_FF_STAGES; s++) {
        double t[4][4];
        mat_load(&st->transforms[d3d9_transform_slot(D3DTS_TEXTURE0) + s], t);
        store_columns(t, &cb[FF_VSC_TEXTURE + 4 * s], 4);
    }

    for (unsigned i = 0; i < key->light_count; i++) {
        const D3DLIGHT9 *l = &st->lights[lights[i]].light;
        float (*c)[4] = &cb[FF_VSC_LIGHTS + FF_VSC_LIGHT_SIZE * i];
        color_value(&l->Diffuse, c[0]);
        color_value(&l->Specular, c[1]);
        color_value(&l->Ambient, c[2]);
        double pos[3], dir[3];
        for (int k = 0; k < 3; k++) {
            pos[k] = l->Position.x * v[0][k] + l->Position.y * v[1][k] +
                     l->Position.z * v[2][k] + v[3][k];
            dir[k] = l->Direction.x * v[0][k] + l->Direction.y * v[1][k] +
                     l->Direction.z * v[2][k];
        }
        double len = sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
        for (int k = 0; k < 3; k++) {
            c[3][k] = (float)pos[k];
            c[4][k] = len > 0.0 ? (float)(-dir[k] / len) : 0.0f;
        }
        c[3][3] = 1.0f;
        c[5][0] = l->Attenuation0;
        c[5][1] = l->Attenuation1;
        c[5][2] = l->Attenuation2;
        c[5][3] = l->Range;
        double ct = cos(l->Theta * 0.5), cp = cos(l->Phi * 0.5);
        c[6][0] = (float)ct;
        c[6][1] = (float)cp;
        c[6][2] = l->Falloff;
        /* equal angles: a hard edge (rho > cos(Theta / 2) lights fully, the rest not) */
        c[6][3] = ct != cp ? (float)(1.0 / (ct - cp)) : FLT_MAX;
    }
}

void d3d9_ff_vs_palette(const struct d3d9_state *st, float (*cb)[4])
{
    double v[4][4];
    mat_load(transform(st, D3DTS_VIEW), v);
    memset(cb, 0, sizeof(float[4]) * FF_VSC_PALETTE_COUNT * FF_VSC_PALETTE_SIZE);
    for (int i = 0; i < FF_VSC_PALETTE_COUNT; i++) {
        double wi[4][4], wvi[4][4], invi[3][3];
        float (*c)[4] = &cb[FF_VSC_PALETTE_SIZE * i];
        mat_load(transform(st, D3DTS_WORLDMATRIX(i)), wi);
        mat_mul(wi, v, wvi);
        store_columns(wvi, c, 4);
        if (inverse3(wvi, invi))
            for (int j = 0; j < 3; j++)
                for (int k = 0; k < 3; k++)
                    c[4 + j][k] = (float)invi[j][k];
    }
}

/* ---- the pixel key --------------------------------------------------------------------------- */

/* Which of ARG0, ARG1, ARG2 an operation reads (bit 0 = ARG0), D3DTEXTUREOP. */
static unsigned op_args(DWORD op)
{
    switch (op) {
    case D3DTOP_SELECTARG1: return 2u;
    case D3DTOP_SELECTARG2: return 4u;
    case D3DTOP_PREMODULATE: return 2u;
    case D3DTOP_MULTIPLYADD:
    case D3DTOP_LERP: return 7u;
    case D3DTOP_BUMPENVMAP:
    case D3DTOP_BUMPENVMAPLUMINANCE: return 0u;
    default: return 6u;
    }
}

static uint8_t arg_byte(DWORD arg)
{
    return (uint8_t)(arg & (D3DTA_SELECTMASK | D3DTA_COMPLEMENT | D3DTA_ALPHAREPLICATE));
}

/* Whether stage s's operations read its texture. */
static bool stage_reads_texture(const struct d3d9_ff_ps_stage *t)
{
    for (int i = 0; i < 3; i++)
        if ((t->carg[i] & D3DTA_SELECTMASK) == D3DTA_TEXTURE ||
            (t->aarg[i] & D3DTA_SELECTMASK) == D3DTA_TEXTURE)
            return true;
    return t->cop == D3DTOP_BLENDTEXTUREALPHA || t->cop == D3DTOP_BLENDTEXTUREALPHAPM ||
           t->aop == D3DTOP_BLENDTEXTUREALPHA || t->aop == D3DTOP_BLENDTEXTUREALPHAPM;
}

/* Whether an operation with these arguments reads the stage's texture (colour or alpha). */
static bool op_reads_texture(uint8_t op, const uint8_t *args)
{
    for (int i = 0; i < 3; i++)
        if ((args[i] & D3DTA_SELECTMASK) == D3DTA_TEXTURE)
            return true;
    return op == D3DTOP_BLENDTEXTUREALPHA || op == D3DTOP_BLENDTEXTUREALPHAPM;
}

/* A stage that reads D3DTA_TEXTURE while no texture is bound to its sampler.  DirectX 8.1's
 * "Texture Argument Flags" says the argument then reads (1, 1, 1, 1), but Windows' runtime
 * passes the value through instead: such an operation outputs CURRENT (the diffuse colour in
 * stage 0) unchanged, colour and alpha each on its own (issue 14's conformance suite: the
 * default stage 0, MODULATE / SELECTARG1 of TEXTURE, with a diffuse alpha of 0 and no texture
 * outputs alpha 0).  The bump-mapping operations, which read the texture as data for the next
 * stage, are left alone. */
static void pass_through_unbound(struct d3d9_ff_ps_stage *k)
{
    static const uint8_t through[3] = { 0, D3DTA_CURRENT, 0 };
    if (k->cop != D3DTOP_BUMPENVMAP && k->cop != D3DTOP_BUMPENVMAPLUMINANCE &&
        op_reads_texture(k->cop, k->carg)) {
        k->cop = D3DTOP_SELECTARG1;
        memcpy(k->carg, through, sizeof(through));
    }
    if (k->aop != D3DTOP_DISABLE && op_reads_texture(k->aop, k->aarg)) {
        k->aop = D3DTOP_SELECTARG1;
        memcpy(k->aarg, through, sizeof(through));
    }
}

void d3d9_ff_ps_key_build(const struct d3d9_state *st, const uint8_t *tex_dim,
                          const struct d3d9_ff_vs_key *vs_key, struct d3d9_ff_ps_key *key)
{
    const DWORD *rs = st->rs;
    memset(key, 0, sizeof(*key));
    for (int s = 0; s < D3D9_FF_STAGES; s++) {
        const DWORD *t = st->tss[s];
        DWORD cop = t[D3DTSS_COLOROP], aop = t[D3DTSS_ALPHAOP];
        if (cop == D3DTOP_DISABLE || cop < D3DTOP_DISABLE || cop > D3DTOP_LERP)
            break;
        struct d3d9_ff_ps_stage *k = &key->stage[s];
        k->cop = (uint8_t)cop;
        k->aop = aop >= D3DTOP_SELECTARG1 && aop <= D3DTOP_LERP ? (uint8_t)aop : D3DTOP_DISABLE;
        static const D3DTEXTURESTAGESTATETYPE cargs[3] = { D3DTSS_COLORARG0, D3DTSS_COLORARG1,
                                                           D3DTSS_COLORARG2 };
        static const D3DTEXTURESTAGESTATETYPE aargs[3] = { D3DTSS_ALPHAARG0, D3DTSS_ALPHAARG1,
                                                           D3DTSS_ALPHAARG2 };
        unsigned cm = op_args(cop), am = k->aop == D3DTOP_DISABLE ? 0u : op_args(k->aop);
        for (int i = 0; i < 3; i++) {
            if (cm & (1u << i))
                k->carg[i] = arg_byte(t[cargs[i]]);
            if (am & (1u << i))
                k->aarg[i] = arg_byte(t[aargs[i]]) & (uint8_t)~D3DTA_ALPHAREPLICATE;
        }
        k->result_temp = (t[D3DTSS_RESULTARG] & D3DTA_SELECTMASK) == D3DTA_TEMP;
        /* PREMODULATE (D3DTEXTUREOP): "any D3DTA_CURRENT in stage n + 1 is premultiplied by
         * the texture in stage n + 1", so the next stage's texture is sampled too. */
        bool premod_next = s > 0 && key->stage[s - 1].cop == D3DTOP_PREMODULATE;
        /* a bump-mapping stage reads its texture (du, dv, l) to perturb the next stage's
         * coordinates (ff_ps.c) */
        bool bump = cop == D3DTOP_BUMPENVMAP || cop == D3DTOP_BUMPENVMAPLUMINANCE;
        if (!tex_dim[s])
            pass_through_unbound(k);
        if ((stage_reads_texture(k) || premod_next || bump) && tex_dim[s]) {
            k->tex_dim = tex_dim[s];
            k->tex_comps = tex_dim[s] == IR_RES_TEXTURE2D ? 2 : 3;
            /* D3DTTFF_PROJECTED: "each texture coordinate is divided by the last element"; the
             * element count is COUNTn, else that of the coordinates the stage receives. */
            DWORD ttf = t[D3DTSS_TEXTURETRANSFORMFLAGS];
            if (ttf & D3DTTFF_PROJECTED) {
                unsigned n = ttf & 0xffu;
                if (!n) {
                    if (!vs_key)
                        n = 4;
                    else if (vs_key->tex[s].gen)
                        n = vs_key->tex[s].gen == (D3DTSS_TCI_SPHEREMAP >> 16) ? 2 : 3;
                    else
                        n = vs_key->in_comps[FF_VS_IN_TEXCOORD0 + vs_key->tex[s].source];
                }
                if (n > 4)
                    n = 4;
                if (n >= 2)
                    k->project = (uint8_t)n;
            }
        }
        key->stage_count = (uint8_t)(s + 1);
    }
    key->specular_add = rs[D3DRS_SPECULARENABLE] != 0;
    if (rs[D3DRS_FOGENABLE]) {
        DWORD table = rs[D3DRS_FOGTABLEMODE];
        key->fog = table >= D3DFOG_EXP && table <= D3DFOG_LINEAR ? (uint8_t)(table + 1) : 1;
    }
    if (rs[D3DRS_ALPHATESTENABLE] && rs[D3DRS_ALPHAFUNC] >= D3DCMP_NEVER &&
        rs[D3DRS_ALPHAFUNC] < D3DCMP_ALWAYS)
        key->alpha_func = (uint8_t)rs[D3DRS_ALPHAFUNC];
    key->flat = rs[D3DRS_SHADEMODE] == D3DSHADE_FLAT;
}

void d3d9_ff_ps_constants(const struct d3d9_state *st, float (*cb)[4])
{
    memset(cb, 0, sizeof(float[4]) * FF_PSC_SIZE);
    d3d9_color_to_float(st->rs[D3DRS_TEXTUREFACTOR], cb[FF_PSC_TFACTOR]);
    for (int s = 0; s < D3D9_FF_STAGES; s++)
        d3d9_color_to_float(st->tss[s][D3DTSS_CONSTANT], cb[FF_PSC_CONSTANT + s]);
    d3d9_color_to_float(st->rs[D3DRS_FOGCOLOR], cb[FF_PSC_FOG_COLOR]);
    float start = rs_float(st, D3DRS_FOGSTART), end = rs_float(st, D3DRS_FOGEND);
    cb[FF_PSC_FOG][0] = start;
    cb[FF_PSC_FOG][1] = end;
    cb[FF_PSC_FOG][2] = rs_float(st, D3DRS_FOGDENSITY);
    cb[FF_PSC_FOG][3] = end != start ? (float)(1.0 / ((double)end - start)) : 0.0f;
    cb[FF_PSC_ALPHA_REF][0] = (float)(st->rs[D3DRS_ALPHAREF] & 0xffu);
    for (int s = 0; s < D3D9_FF_STAGES; s++) {
        static const D3DTEXTURESTAGESTATETYPE k[6] = {
            D3DTSS_BUMPENVMAT00, D3DTSS_BUMPENVMAT01, D3DTSS_BUMPENVMAT10,
            D3DTSS_BUMPENVMAT11, D3DTSS_BUMPENVLSCALE, D3DTSS_BUMPENVLOFFSET };
        for (unsigned i = 0; i < 6; i++)
            memcpy(&cb[FF_PSC_BUMPENV + 2 * s + i / 4][i % 4], &st->tss[s][k[i]], sizeof(float));
    }
}
