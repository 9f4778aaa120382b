/* tests/tess_scene.h — what the D3D11 tessellation tests share (test_d3d11_tess.c,
 * test_d3d11_tess_gs.c): the pass-through vertex and pixel shaders, the quad domain shader,
 * the hull/domain creation helpers, and the scene (an 11_0 device, a W x H target, the
 * factor buffer in HS cb0) with its draw-and-read and pixel-count helpers. */
#ifndef SOFTD3D_TESTS_TESS_SCENE_H
#define SOFTD3D_TESTS_TESS_SCENE_H

#include "test_render_util.h"
#include "tess_programs.h"

#define W 16
#define H 16

static const D3D_FEATURE_LEVEL L101 = D3D_FEATURE_LEVEL_10_1, L110 = D3D_FEATURE_LEVEL_11_0;

/* Position (v0, TEXCOORD0) and attribute (v1) on, unchanged: the control points. */
#define TS_VS                                                                                    \
    "vs_5_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output o0.xyzw\ndcl_output o1.xyzw\n"      \
    "mov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"
/* The same with SV_Position, for the reference draws without tessellation. */
#define TS_VS_POS                                                                                \
    "vs_5_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"           \
    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"
#define TS_PS_RED "ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0, 0.0, 0.0, 1.0)\nret\n"
#define TS_PS_ATTR                                                                               \
    "ps_5_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v1.xyzw\nret\n"


/* position = lerp(lerp(cp0, cp1, u), lerp(cp3, cp2, u), v); o1 = (u, v, 0, 1) */
#define DS_QUAD_HEAD(cps, domain)                                                                \
    "ds_5_0\ndcl_input_control_point_count " #cps "\ndcl_tessellator_domain " domain "\n"        \
    "dcl_input vDomain.xy\ndcl_input vicp[" #cps "][0].xyzw\n"
#define DS_QUAD_BODY                                                                             \
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_temps 2\n"                        \
    "add r0.xyzw, vicp[1][0].xyzw, -vicp[0][0].xyzw\n"                                           \
    "mad r0.xyzw, vDomain.xxxx, r0.xyzw, vicp[0][0].xyzw\n"                                      \
    "add r1.xyzw, vicp[2][0].xyzw, -vicp[3][0].xyzw\n"                                           \
    "mad r1.xyzw, vDomain.xxxx, r1.xyzw, vicp[3][0].xyzw\n"                                      \
    "add r1.xyzw, r1.xyzw, -r0.xyzw\n"                                                           \
    "mad o0.xyzw, vDomain.yyyy, r1.xyzw, r0.xyzw\n"                                              \
    "mov o1.xyzw, l(0.0, 0.0, 0.0, 1.0)\nmov o1.xy, vDomain.xyxx\nret\n"
static const char ds_quad[] = DS_QUAD_HEAD(4, "domain_quad") DS_QUAD_BODY;

static inline ID3D11HullShader *hs_create(ID3D11Device *dev, const char *text, HRESULT want)
{
    size_t n;
    void *blob = rd_assemble(text, &n);
    ID3D11HullShader *s = NULL;
    if (blob)
        CHECK_HR(ID3D11Device_CreateHullShader(dev, blob, n, NULL, &s), want);
    free(blob);
    return s;
}

static inline ID3D11DomainShader *ds_create(ID3D11Device *dev, const char *text, HRESULT want)
{
    size_t n;
    void *blob = rd_assemble(text, &n);
    ID3D11DomainShader *s = NULL;
    if (blob)
        CHECK_HR(ID3D11Device_CreateDomainShader(dev, blob, n, NULL, &s), want);
    free(blob);
    return s;
}

/* An 11_0 device with a W x H target, the pass-through vertex shader and its layout, culling
 * off, and the hull shader's factor buffer in HS cb0. */
struct ts_scene {
    struct rd r;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps;
    ID3D11InputLayout *il;
    ID3D11Buffer *vb, *cb;
    ID3D11RasterizerState *rs;
};

static inline void scene_vertices(struct ts_scene *s, const struct vtx *v, UINT nv)
{
    UINT stride = sizeof(struct vtx), offset = 0;
    RD_RELEASE(s->vb);
    s->vb = rd_buffer(s->r.dev, D3D11_BIND_VERTEX_BUFFER, v, nv * (UINT)sizeof(*v));
    ID3D11DeviceContext_IASetVertexBuffers(s->r.ctx, 0, 1, &s->vb, &stride, &offset);
}

static inline void scene_factors(struct ts_scene *s, float edge, float inside)
{
    const float f[4] = { edge, inside, 0, 0 };
    ID3D11DeviceContext_UpdateSubresource(s->r.ctx, (ID3D11Resource *)s->cb, 0, NULL, f, 0, 0);
}

static inline bool scene_begin(struct ts_scene *s, const char *ps)
{
    memset(s, 0, sizeof(*s));
    if (!rd_begin_profile(&s->r, "11_0", L110, W, H))
        return false;
    D3D11_RASTERIZER_DESC rd = { D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE, FALSE,
                                 FALSE, FALSE };
    static const float zero[4] = { 0 };
    s->vs = rd_vs(s->r.dev, TS_VS);
    s->ps = rd_ps(s->r.dev, ps);
    s->il = rd_layout(s->r.dev, rd_vtx_layout, 2, TS_VS);
    s->cb = rd_buffer(s->r.dev, D3D11_BIND_CONSTANT_BUFFER, zero, 16);
    CHECK_HR(ID3D11Device_CreateRasterizerState(s->r.dev, &rd, &s->rs), S_OK);
    ID3D11DeviceContext_IASetInputLayout(s->r.ctx, s->il);
    ID3D11DeviceContext_VSSetShader(s->r.ctx, s->vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(s->r.ctx, s->ps, NULL, 0);
    ID3D11DeviceContext_HSSetConstantBuffers(s->r.ctx, 0, 1, &s->cb);
    ID3D11DeviceContext_RSSetState(s->r.ctx, s->rs);
    return s->vs && s->ps && s->il && s->cb && s->rs;
}

static inline void scene_end(struct ts_scene *s)
{
    if (s->r.ctx)
        ID3D11DeviceContext_ClearState(s->r.ctx);
    RD_RELEASE(s->rs);
    RD_RELEASE(s->cb);
    RD_RELEASE(s->vb);
    RD_RELEASE(s->il);
    RD_RELEASE(s->ps);
    RD_RELEASE(s->vs);
    rd_end(&s->r);
}

#define SCENE_BEGIN(s, ps)                                                                       \
    do {                                                                                         \
        if (!scene_begin(s, ps)) {                                                               \
            scene_end(s);                                                                        \
            return;                                                                              \
        }                                                                                        \
    } while (0)

/* The left half of the target as one quad patch, (u, v) from the top-left corner. */
static const struct vtx quad_patch[4] = {
    { { -1, 1, 0, 1 }, { 0, 0, 0, 1 } }, { { 0, 1, 0, 1 }, { 1, 0, 0, 1 } },
    { { 0, -1, 0, 1 }, { 1, 1, 0, 1 } }, { { -1, -1, 0, 1 }, { 0, 1, 0, 1 } },
};

/* Pixels of `want` colour; every other pixel must be 0.  *left: those in the left half. */
static inline unsigned count_pixels(const struct rd *r, const uint8_t *img, const uint8_t want[4],
                             unsigned *left)
{
    unsigned n = 0;
    *left = 0;
    for (UINT y = 0; y < r->h; y++)
        for (UINT x = 0; x < r->w; x++) {
            const uint8_t *p = RD_PIXEL(img, r, x, y);
            if (!memcmp(p, want, 4)) {
                n++;
                *left += x < r->w / 2;
            } else if (p[0] || p[1] || p[2] || p[3]) {
                harness_fail(__FILE__, __LINE__, "pixel (%u, %u) = %u %u %u %u", x, y, p[0],
                             p[1], p[2], p[3]);
                return n;
            }
        }
    return n;
}

static const uint8_t red[4] = { 255, 0, 0, 255 };

/* Draws with the bound state into a cleared target, `call` being the draw. */
#define DRAW_INTO(s, img, call)                                                                  \
    do {                                                                                         \
        rd_clear(&(s)->r, 0, 0, 0, 0);                                                           \
        ACCEPTED(call);                                                                          \
        rd_read(&(s)->r, img);                                                                   \
    } while (0)
#endif
