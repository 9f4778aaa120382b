/* tools/demo_tess.c — `softd3d-demo --tess`: a tessellated, displacement-mapped terrain through
 * the public Direct3D 11 API at feature level 11_0 (profile 11_0; issue 16).
 *
 * The surface: 8 x 8 quad patches over world x, z in [-1, 1] (9 x 9 control points, an index
 * buffer of 4 a patch, D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST), each control point
 * its position and texture coordinate.
 *   hs_5_0   the control points through; four fork phases, one per edge, each the edge's
 *            TessFactor from the distance of its midpoint to the eye, k / d clamped to
 *            [1, 31] -- computed from the edge's two control points only, in an order-free
 *            way (a + b), so the two patches sharing an edge compute the same bits and the
 *            surface stays watertight (D3D11.3 functional spec 11.7.13); a join phase takes
 *            the inside factors as the larger of the two edges along each direction;
 *            partitioning_fractional_odd (11.7.3.1: the points move smoothly as factors change).
 *   ds_5_0   the point on the bilinear patch, its height from a 128 x 128 R32_FLOAT height map
 *            read with SampleLevel (sample_l, LOD 0, bilinear, clamp), the normal from four more
 *            samples (central differences), the point displaced along y.
 *   ps_5_0   the normal normalized, Lambert of one directional light plus ambient, an albedo
 *            from the height.
 * Output: DIR/demo_tess.png (640 x 480, R8G8B8A8_UNORM + D32_FLOAT), DIR/demo_tess_wire.png
 * (the same in wireframe: the tessellation's density falling with distance), and the frame
 * time (one warm-up frame, then the mean of 5).
 *
 * The pictures are checked, each failure a line and exit status 1:
 *   - the pipeline statistics: 64 hull invocations (one per patch), more domain points than
 *     the 4 x 64 corners, and as many clipper triangles as the tessellator made;
 *   - coverage: every pixel of a box the terrain always covers (rows 55%..90%, columns
 *     30%..70%) is terrain, not sky: a crack between patches, or a missing patch, shows there;
 *   - lighting: the terrain's pixels span a range of brightness (not one flat colour);
 *   - displacement: the same draw with the height scale 0 (a flat plane) differs in more than
 *     5% of the pixels;
 *   - determinism: drawing the frame again gives the same bytes.
 */
#define COBJMACROS
#include <windows.h>
#include <d3d11.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "demo_tess.h"
#include "shaders.h"
#include "util/png.h"

#define TW 640u
#define TH 480u
#define GRID 8u                  /* patches a side */
#define HMAP 128u                /* height map texels a side */
#define HEIGHT_SCALE 0.35f       /* world units for height 1 */
#define TIMED 5

static const char vs_text[] =
    "vs_5_0\ndcl_input v0.xyzw\ndcl_input v1.xy\ndcl_output o0.xyzw\ndcl_output o1.xy\n"
    "mov o0.xyzw, v0.xyzw\nmov o1.xy, v1.xyxx\nret\n";

/* The edge factor of the fork phase writing o<reg> (SV_TessFactor of edge `name`) from output
 * control points a and b: min(max(k / |(a + b) / 2 - eye|, 1), max), cb0[0] = (eye, k), cb0[1].x =
 * the largest factor. */
#define HS_EDGE(reg, name, a, b)                                                                \
    "hs_fork_phase\ndcl_input vocp[4][0].xyzw\ndcl_constantbuffer cb0[2], immediateIndexed\n"   \
    "dcl_output_siv o" #reg ".x, " name "\ndcl_temps 1\n"                                      \
    "add r0.xyz, vocp[" #a "][0].xyzx, vocp[" #b "][0].xyzx\n"                                 \
    "mad r0.xyz, r0.xyzx, l(0.5, 0.5, 0.5, 0.0), -cb0[0].xyzx\n"                               \
    "dp3 r0.x, r0.xyzx, r0.xyzx\nsqrt r0.x, r0.x\ndiv r0.x, cb0[0].w, r0.x\n"                  \
    "max r0.x, r0.x, l(1.0)\nmin o" #reg ".x, r0.x, cb0[1].x\nret\n"
/* Edges (11.7.15 / 10.10.3): U==0 is cp0-cp3, V==0 cp0-cp1, U==1 cp1-cp2, V==1 cp3-cp2; the
 * inside U factor divides u, along the V==0 / V==1 edges, the inside V factor v. */
static const char hs_text[] =
    "hs_5_0\nhs_decls\ndcl_input_control_point_count 4\ndcl_output_control_point_count 4\n"
    "dcl_tessellator_domain domain_quad\n"
    "dcl_tessellator_partitioning partitioning_fractional_odd\n"
    "dcl_tessellator_output_primitive output_triangle_cw\ndcl_hs_max_tessfactor l(31.0)\n"
    "hs_control_point_phase\ndcl_input vOutputControlPointID\ndcl_input v[4][0].xyzw\n"
    "dcl_input v[4][1].xy\ndcl_output o0.xyzw\ndcl_output o1.xy\ndcl_temps 1\n"
    "mov r0.x, vOutputControlPointID\nmov o0.xyzw, v[r0.x + 0][0].xyzw\n"
    "mov o1.xy, v[r0.x + 0][1].xyxx\nret\n"
    HS_EDGE(0, "finalQuadUeq0EdgeTessFactor", 0, 3)
    HS_EDGE(1, "finalQuadVeq0EdgeTessFactor", 0, 1)
    HS_EDGE(2, "finalQuadUeq1EdgeTessFactor", 1, 2)
    HS_EDGE(3, "finalQuadVeq1EdgeTessFactor", 3, 2)
    "hs_join_phase\ndcl_input vpc0.x\ndcl_input vpc1.x\ndcl_input vpc2.x\ndcl_input vpc3.x\n"
    "dcl_output_siv o4.x, finalQuadUInsideTessFactor\n"
    "dcl_output_siv o5.x, finalQuadVInsideTessFactor\n"
    "max o4.x, vpc1.x, vpc3.x\nmax o5.x, vpc0.x, vpc2.x\nret\n";

/* cb0[0..3]: the view-projection rows; cb0[4] = (height scale S, S / (4 d), 0, 0) with d the
 * height map's texel (1/128): the slope dy/dx = S dh/du du/dx = S (h(u+d) - h(u-d)) / (2d) / 2
 * (x = -1 + 2u), and likewise in z; the normal (-dy/dx, 1, -dy/dz). */
static const char ds_text[] =
    "ds_5_0\ndcl_input_control_point_count 4\ndcl_tessellator_domain domain_quad\n"
    "dcl_constantbuffer cb0[5], immediateIndexed\ndcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input vDomain.xy\ndcl_input vicp[4][0].xyzw\ndcl_input vicp[4][1].xy\n"
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyz\ndcl_output o2.x\ndcl_temps 5\n"
    /* the bilinear patch: position r0, texture coordinate r1.xy */
    "add r0.xyzw, vicp[1][0].xyzw, -vicp[0][0].xyzw\n"
    "mad r0.xyzw, vDomain.xxxx, r0.xyzw, vicp[0][0].xyzw\n"
    "add r1.xyzw, vicp[2][0].xyzw, -vicp[3][0].xyzw\n"
    "mad r1.xyzw, vDomain.xxxx, r1.xyzw, vicp[3][0].xyzw\n"
    "add r1.xyzw, r1.xyzw, -r0.xyzw\nmad r0.xyzw, vDomain.yyyy, r1.xyzw, r0.xyzw\n"
    "add r1.xy, vicp[1][1].xyxx, -vicp[0][1].xyxx\n"
    "mad r1.xy, vDomain.xxxx, r1.xyxx, vicp[0][1].xyxx\n"
    "add r2.xy, vicp[2][1].xyxx, -vicp[3][1].xyxx\n"
    "mad r2.xy, vDomain.xxxx, r2.xyxx, vicp[3][1].xyxx\n"
    "add r2.xy, r2.xyxx, -r1.xyxx\nmad r1.xy, vDomain.yyyy, r2.xyxx, r1.xyxx\n"
    /* the height and its four neighbours */
    "sample_l r2.x, r1.xyxx, t0.xxxx, s0, l(0.0)\n"
    "add r3.xyzw, r1.xyxy, l(0.0078125, 0.0, -0.0078125, 0.0)\n"
    "sample_l r4.x, r3.xyxx, t0.xxxx, s0, l(0.0)\n"
    "sample_l r4.y, r3.zwzz, t0.xxxx, s0, l(0.0)\n"
    "add r3.xyzw, r1.xyxy, l(0.0, 0.0078125, 0.0, -0.0078125)\n"
    "sample_l r4.z, r3.xyxx, t0.xxxx, s0, l(0.0)\n"
    "sample_l r4.w, r3.zwzz, t0.xxxx, s0, l(0.0)\n"
    "add r4.xy, r4.xzxx, -r4.ywyy\nmul r4.xy, r4.xyxx, cb0[4].yyyy\n"
    "mov o1.xz, -r4.xxyx\nmov o1.y, l(1.0)\nmov o2.x, r2.x\n"
    "mad r0.y, r2.x, cb0[4].x, r0.y\n"
    "dp4 o0.x, cb0[0].xyzw, r0.xyzw\ndp4 o0.y, cb0[1].xyzw, r0.xyzw\n"
    "dp4 o0.z, cb0[2].xyzw, r0.xyzw\ndp4 o0.w, cb0[3].xyzw, r0.xyzw\nret\n";

/* Lambert of the light from (-0.48, 0.64, -0.6) (unit length) plus 0.2 ambient, times an
 * albedo running from green (height 0) to pale grey (height 1). */
static const char ps_text[] =
    "ps_5_0\ndcl_input_ps linear v1.xyz\ndcl_input_ps linear v2.x\ndcl_output o0.xyzw\n"
    "dcl_temps 2\n"
    "dp3 r0.x, v1.xyzx, v1.xyzx\nrsq r0.x, r0.x\nmul r0.xyz, r0.xxxx, v1.xyzx\n"
    "dp3_sat r0.x, r0.xyzx, l(-0.48, 0.64, -0.6, 0.0)\nmad r0.x, r0.x, l(0.8), l(0.2)\n"
    "mad r1.xyz, v2.xxxx, l(0.65, 0.4, 0.6, 0.0), l(0.2, 0.45, 0.2, 0.0)\n"
    "mul o0.xyz, r0.xxxx, r1.xyzx\nmov o0.w, l(1.0)\nret\n";

struct tess_demo {
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
    ID3D11Texture2D *color, *depth, *staging, *hmap;
    ID3D11RenderTargetView *rtv;
    ID3D11DepthStencilView *dsv;
    ID3D11ShaderResourceView *srv;
    ID3D11SamplerState *sampler;
    ID3D11Buffer *vb, *ib, *hs_cb, *ds_cb;
    ID3D11VertexShader *vs;
    ID3D11HullShader *hs;
    ID3D11DomainShader *ds;
    ID3D11PixelShader *ps;
    ID3D11InputLayout *il;
    ID3D11RasterizerState *solid, *wire;
    ID3D11Query *stats, *event;
};

#define RELEASE(T, p)                                                                          \
    do {                                                                                       \
        if (p)                                                                                 \
            T##_Release(p);                                                                    \
        (p) = NULL;                                                                            \
    } while (0)

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The height map: a few smooth hills and a ridge, in [0, 1]. */
static float height_at(float u, float v)
{
    const float pi = 3.14159265f;
    float h = 0.35f + 0.25f * sinf(2 * pi * u * 1.5f) * cosf(2 * pi * v * 1.2f);
    float du = u - 0.62f, dv = v - 0.58f;
    h += 0.45f * expf(-(du * du + dv * dv) * 28.0f);
    h += 0.12f * sinf(2 * pi * (u * 4.0f + v * 3.0f));
    return h < 0 ? 0 : h > 1 ? 1 : h;
}

/* The view-projection matrix's rows (clip = M p, D3D clip z in [0, w]): a left-handed look-at
 * from the eye to (0, 0, 0.15) with y up, then a 60-degree perspective, near 0.1, far 10.
 * Only sqrtf (correctly rounded, IEEE 754) and + - * /: the same floats from any compiler. */
static void view_projection(const float eye[3], float m[16])
{
    const float at[3] = { 0, 0, 0.15f }, up[3] = { 0, 1, 0 };
    float z[3] = { at[0] - eye[0], at[1] - eye[1], at[2] - eye[2] }, x[3], y[3];
    float n = sqrtf(z[0] * z[0] + z[1] * z[1] + z[2] * z[2]);
    for (int i = 0; i < 3; i++)
        z[i] /= n;
    x[0] = up[1] * z[2] - up[2] * z[1];   /* x = up x z */
    x[1] = up[2] * z[0] - up[0] * z[2];
    x[2] = up[0] * z[1] - up[1] * z[0];
    n = sqrtf(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]);
    for (int i = 0; i < 3; i++)
        x[i] /= n;
    y[0] = z[1] * x[2] - z[2] * x[1];     /* y = z x x */
    y[1] = z[2] * x[0] - z[0] * x[2];
    y[2] = z[0] * x[1] - z[1] * x[0];
    const float *axes[3] = { x, y, z };
    float view[3][4];
    for (int r = 0; r < 3; r++) {
        for (int c = 0; c < 3; c++)
            view[r][c] = axes[r][c];
        view[r][3] = -(axes[r][0] * eye[0] + axes[r][1] * eye[1] + axes[r][2] * eye[2]);
    }
    /* ys = 1 / tan(30 degrees) = sqrt(3), as a literal: a compiler may fold tanf of a constant
     * (correctly rounded) where another calls libm, and the pictures must not depend on it */
    const float zn = 0.1f, zf = 10.0f, ys = 1.7320508f, xs = ys * TH / TW;
    for (int c = 0; c < 4; c++) {
        m[0 * 4 + c] = xs * view[0][c];
        m[1 * 4 + c] = ys * view[1][c];
        m[2 * 4 + c] = zf / (zf - zn) * view[2][c] - (c == 3 ? zn * zf / (zf - zn) : 0.0f);
        m[3 * 4 + c] = view[2][c];
    }
}

static int assemble_into(struct tess_demo *d, const char *what, const char *text, int stage)
{
    void *blob;
    size_t n;
    char err[256];
    if (bench_assemble(text, &blob, &n, err, sizeof(err))) {
        fprintf(stderr, "demo --tess: the %s does not assemble: %s\n", what, err);
        return -1;
    }
    HRESULT hr;
    switch (stage) {
    case 0: {
        static const D3D11_INPUT_ELEMENT_DESC el[] = {
            { "TEXCOORD", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA,
              0 },
            { "TEXCOORD", 1, DXGI_FORMAT_R32G32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        };
        hr = ID3D11Device_CreateVertexShader(d->dev, blob, n, NULL, &d->vs);
        if (SUCCEEDED(hr))
            hr = ID3D11Device_CreateInputLayout(d->dev, el, 2, blob, n, &d->il);
        break;
    }
    case 1: hr = ID3D11Device_CreateHullShader(d->dev, blob, n, NULL, &d->hs); break;
    case 2: hr = ID3D11Device_CreateDomainShader(d->dev, blob, n, NULL, &d->ds); break;
    default: hr = ID3D11Device_CreatePixelShader(d->dev, blob, n, NULL, &d->ps); break;
    }
    free(blob);
    if (FAILED(hr))
        fprintf(stderr, "demo --tess: creating the %s failed (0x%08x)\n", what, (unsigned)hr);
    return FAILED(hr) ? -1 : 0;
}

static bool setup(struct tess_demo *d)
{
    D3D_FEATURE_LEVEL want = D3D_FEATURE_LEVEL_11_0, got = 0;
    setenv("SOFTD3D_PROFILE", "11_0", 1);
    HRESULT hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &want, 1,
                                   D3D11_SDK_VERSION, &d->dev, &got, &d->ctx);
    if (FAILED(hr) || got != D3D_FEATURE_LEVEL_11_0) {
        fprintf(stderr, "demo --tess: no 11_0 device (0x%08x)\n", (unsigned)hr);
        return false;
    }
    /* the control points: (x, 0, z, 1) and (u, v), x = -1 + 2u, z = 1 - 2v (v down the map) */
    struct control_point { float pos[4], uv[2]; } cps[(GRID + 1) * (GRID + 1)];
    uint16_t idx[GRID * GRID * 4];
    for (UINT j = 0; j <= GRID; j++)
        for (UINT i = 0; i <= GRID; i++) {
            float u = (float)i / GRID, v = (float)j / GRID;
            cps[j * (GRID + 1) + i] = (struct control_point){ { -1 + 2 * u, 0, 1 - 2 * v, 1 },
                                                               { u, v } };
        }
    for (UINT j = 0, k = 0; j < GRID; j++)
        for (UINT i = 0; i < GRID; i++) {
            UINT c = j * (GRID + 1) + i;   /* patch corners: (0,0) (1,0) (1,1) (0,1) in u, v */
            idx[k++] = (uint16_t)c;
            idx[k++] = (uint16_t)(c + 1);
            idx[k++] = (uint16_t)(c + GRID + 2);
            idx[k++] = (uint16_t)(c + GRID + 1);
        }
    float *hm = malloc(sizeof(float) * HMAP * HMAP);
    if (!hm)
        return false;
    for (UINT y = 0; y < HMAP; y++)
        for (UINT x = 0; x < HMAP; x++)
            hm[y * HMAP + x] = height_at((x + 0.5f) / HMAP, (y + 0.5f) / HMAP);
    D3D11_SUBRESOURCE_DATA vd = { cps, 0, 0 }, id = { idx, 0, 0 },
                           hd = { hm, HMAP * sizeof(float), 0 };
    D3D11_BUFFER_DESC vbd = { sizeof(cps), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0 };
    D3D11_BUFFER_DESC ibd = { sizeof(idx), D3D11_USAGE_DEFAULT, D3D11_BIND_INDEX_BUFFER, 0, 0, 0 };
    D3D11_BUFFER_DESC hcb = { 32, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0 };
    D3D11_BUFFER_DESC dcb = { 80, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0 };
    D3D11_TEXTURE2D_DESC hmd = { HMAP, HMAP, 1, 1, DXGI_FORMAT_R32_FLOAT, { 1, 0 },
                                 D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    D3D11_TEXTURE2D_DESC cd = { TW, TH, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0 };
    D3D11_TEXTURE2D_DESC dd = cd, sd = cd;
    dd.Format = DXGI_FORMAT_D32_FLOAT;
    dd.BindFlags = D3D11_BIND_DEPTH_STENCIL;
    sd.Usage = D3D11_USAGE_STAGING;
    sd.BindFlags = 0;
    sd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    D3D11_SAMPLER_DESC smp = { D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_CLAMP,
                               D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                               D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    D3D11_RASTERIZER_DESC rs = { D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE, FALSE,
                                 FALSE, FALSE };
    D3D11_QUERY_DESC qs = { D3D11_QUERY_PIPELINE_STATISTICS, 0 }, qe = { D3D11_QUERY_EVENT, 0 };
    bool ok =
        SUCCEEDED(ID3D11Device_CreateBuffer(d->dev, &vbd, &vd, &d->vb)) &&
        SUCCEEDED(ID3D11Device_CreateBuffer(d->dev, &ibd, &id, &d->ib)) &&
        SUCCEEDED(ID3D11Device_CreateBuffer(d->dev, &hcb, NULL, &d->hs_cb)) &&
        SUCCEEDED(ID3D11Device_CreateBuffer(d->dev, &dcb, NULL, &d->ds_cb)) &&
        SUCCEEDED(ID3D11Device_CreateTexture2D(d->dev, &hmd, &hd, &d->hmap)) &&
        SUCCEEDED(ID3D11Device_CreateShaderResourceView(d->dev, (ID3D11Resource *)d->hmap, NULL,
                                                        &d->srv)) &&
        SUCCEEDED(ID3D11Device_CreateTexture2D(d->dev, &cd, NULL, &d->color)) &&
        SUCCEEDED(ID3D11Device_CreateRenderTargetView(d->dev, (ID3D11Resource *)d->color, NULL,
                                                      &d->rtv)) &&
        SUCCEEDED(ID3D11Device_CreateTexture2D(d->dev, &dd, NULL, &d->depth)) &&
        SUCCEEDED(ID3D11Device_CreateDepthStencilView(d->dev, (ID3D11Resource *)d->depth, NULL,
                                                      &d->dsv)) &&
        SUCCEEDED(ID3D11Device_CreateTexture2D(d->dev, &sd, NULL, &d->staging)) &&
        SUCCEEDED(ID3D11Device_CreateSamplerState(d->dev, &smp, &d->sampler)) &&
        SUCCEEDED(ID3D11Device_CreateRasterizerState(d->dev, &rs, &d->solid)) &&
        SUCCEEDED(ID3D11Device_CreateQuery(d->dev, &qs, &d->stats)) &&
        SUCCEEDED(ID3D11Device_CreateQuery(d->dev, &qe, &d->event));
    rs.FillMode = D3D11_FILL_WIREFRAME;
    ok = ok && SUCCEEDED(ID3D11Device_CreateRasterizerState(d->dev, &rs, &d->wire));
    free(hm);
    if (!ok) {
        fprintf(stderr, "demo --tess: creating the buffers, textures or states failed\n");
        return false;
    }
    if (assemble_into(d, "vertex shader", vs_text, 0) ||
        assemble_into(d, "hull shader", hs_text, 1) ||
        assemble_into(d, "domain shader", ds_text, 2) ||
        assemble_into(d, "pixel shader", ps_text, 3))
        return false;
    UINT stride = sizeof(cps[0]), offset = 0;
    D3D11_VIEWPORT vp = { 0, 0, TW, TH, 0, 1 };
    ID3D11DeviceContext *c = d->ctx;
    ID3D11DeviceContext_IASetInputLayout(c, d->il);
    ID3D11DeviceContext_IASetVertexBuffers(c, 0, 1, &d->vb, &stride, &offset);
    ID3D11DeviceContext_IASetIndexBuffer(c, d->ib, DXGI_FORMAT_R16_UINT, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(c, D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
    ID3D11DeviceContext_VSSetShader(c, d->vs, NULL, 0);
    ID3D11DeviceContext_HSSetShader(c, d->hs, NULL, 0);
    ID3D11DeviceContext_HSSetConstantBuffers(c, 0, 1, &d->hs_cb);
    ID3D11DeviceContext_DSSetShader(c, d->ds, NULL, 0);
    ID3D11DeviceContext_DSSetConstantBuffers(c, 0, 1, &d->ds_cb);
    ID3D11DeviceContext_DSSetShaderResources(c, 0, 1, &d->srv);
    ID3D11DeviceContext_DSSetSamplers(c, 0, 1, &d->sampler);
    ID3D11DeviceContext_PSSetShader(c, d->ps, NULL, 0);
    ID3D11DeviceContext_RSSetViewports(c, 1, &vp);
    ID3D11DeviceContext_OMSetRenderTargets(c, 1, &d->rtv, d->dsv);
    return true;
}

/* One frame: the constants for `scale` (the height scale), the clear, the draw; waits for it. */
static void frame(struct tess_demo *d, float scale, bool wire)
{
    static const float eye[3] = { 0.0f, 1.25f, -1.45f };
    static const float sky[4] = { 0.55f, 0.7f, 0.9f, 1.0f };
    const float hs_cb[8] = { eye[0], eye[1], eye[2], 16.0f, 31.0f, 0, 0, 0 };
    float ds_cb[20];
    view_projection(eye, ds_cb);
    ds_cb[16] = scale;
    ds_cb[17] = scale / (4.0f / HMAP);
    ds_cb[18] = ds_cb[19] = 0;
    ID3D11DeviceContext *c = d->ctx;
    ID3D11DeviceContext_UpdateSubresource(c, (ID3D11Resource *)d->hs_cb, 0, NULL, hs_cb, 0, 0);
    ID3D11DeviceContext_UpdateSubresource(c, (ID3D11Resource *)d->ds_cb, 0, NULL, ds_cb, 0, 0);
    ID3D11DeviceContext_RSSetState(c, wire ? d->wire : d->solid);
    ID3D11DeviceContext_ClearRenderTargetView(c, d->rtv, sky);
    ID3D11DeviceContext_ClearDepthStencilView(c, d->dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
    ID3D11DeviceContext_DrawIndexed(c, GRID * GRID * 4, 0, 0);
    ID3D11DeviceContext_End(c, (ID3D11Asynchronous *)d->event);
    BOOL done = FALSE;
    while (ID3D11DeviceContext_GetData(c, (ID3D11Asynchronous *)d->event, &done, sizeof(done),
                                       0) == S_FALSE)
        ;
}

/* The frame, read back (tightly packed RGBA8). */
static bool read_frame(struct tess_demo *d, uint8_t *out)
{
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11DeviceContext_CopyResource(d->ctx, (ID3D11Resource *)d->staging,
                                     (ID3D11Resource *)d->color);
    if (FAILED(ID3D11DeviceContext_Map(d->ctx, (ID3D11Resource *)d->staging, 0, D3D11_MAP_READ, 0,
                                       &m)))
        return false;
    for (UINT y = 0; y < TH; y++)
        memcpy(out + (size_t)y * TW * 4, (const uint8_t *)m.pData + (size_t)y * m.RowPitch,
               TW * 4);
    ID3D11DeviceContext_Unmap(d->ctx, (ID3D11Resource *)d->staging, 0);
    return true;
}


static int save(const char *dir, const char *name, const uint8_t *img)
{
    char path[4096];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    if (util_png_write(path, img, TW, TH, TW * 4, 4)) {
        fprintf(stderr, "demo --tess: cannot write %s\n", path);
        return 1;
    }
    printf("  -> %s\n", path);
    return 0;
}

/* The checks of the top of the file; the number of failures. */
static int check(const uint8_t *img, const uint8_t *again,
                 const uint8_t *flat, const D3D11_QUERY_DATA_PIPELINE_STATISTICS *st)
{
    int bad = 0;
    const uint8_t *sky = img;   /* the top-left pixel: above the horizon, the clear colour */
    if (st->HSInvocations != GRID * GRID || st->DSInvocations <= 4 * GRID * GRID ||
        st->CInvocations < 2 * GRID * GRID) {
        printf("  CHECK FAILED: statistics HS %llu, DS %llu, clipper %llu (want 64, > 256, >= "
               "128)\n", (unsigned long long)st->HSInvocations,
               (unsigned long long)st->DSInvocations, (unsigned long long)st->CInvocations);
        bad++;
    }
    unsigned holes = 0, lo = 255, hi = 0;
    for (UINT y = TH * 55 / 100; y < TH * 90 / 100; y++)
        for (UINT x = TW * 30 / 100; x < TW * 70 / 100; x++) {
            const uint8_t *p = &img[((size_t)y * TW + x) * 4];
            unsigned lum = (p[0] + 2u * p[1] + p[2]) / 4;
            holes += !memcmp(p, sky, 4);
            lo = lum < lo ? lum : lo;
            hi = lum > hi ? lum : hi;
        }
    if (holes) {
        printf("  CHECK FAILED: %u sky pixels inside the terrain's box (cracks or a missing "
               "patch)\n", holes);
        bad++;
    }
    if (hi < lo + 40) {
        printf("  CHECK FAILED: the terrain's brightness spans only %u..%u (not lit)\n", lo, hi);
        bad++;
    }
    size_t differ = 0;
    for (size_t i = 0; i < (size_t)TW * TH; i++)
        differ += memcmp(&img[4 * i], &flat[4 * i], 4) != 0;
    if (differ * 20 < (size_t)TW * TH) {
        printf("  CHECK FAILED: only %zu pixels differ from the flat plane (no displacement)\n",
               differ);
        bad++;
    }
    if (memcmp(img, again, (size_t)TW * TH * 4)) {
        printf("  CHECK FAILED: the frame drawn again differs\n");
        bad++;
    }
    return bad;
}

int demo_tess_run(const char *out_dir)
{
    struct tess_demo d;
    int rc = 1;
    memset(&d, 0, sizeof(d));
    size_t bytes = (size_t)TW * TH * 4;
    uint8_t *img = malloc(bytes), *again = malloc(bytes), *flat = malloc(bytes),
            *wire = malloc(bytes);
    printf("softd3d demo --tess: a displacement-mapped terrain, tessellated (feature level 11_0: "
           "hs_5_0 fractional_odd by distance, ds_5_0 SampleLevel of a height map)\n");
    if (!img || !again || !flat || !wire || !setup(&d))
        goto done;
    D3D11_QUERY_DATA_PIPELINE_STATISTICS st;
    memset(&st, 0, sizeof(st));
    ID3D11DeviceContext_Begin(d.ctx, (ID3D11Asynchronous *)d.stats);
    frame(&d, HEIGHT_SCALE, false);
    ID3D11DeviceContext_End(d.ctx, (ID3D11Asynchronous *)d.stats);
    if (ID3D11DeviceContext_GetData(d.ctx, (ID3D11Asynchronous *)d.stats, &st, sizeof(st), 0) !=
            S_OK || !read_frame(&d, img))
        goto done;
    double t0 = now();
    for (int i = 0; i < TIMED; i++)
        frame(&d, HEIGHT_SCALE, false);
    double ms = (now() - t0) * 1e3 / TIMED;
    if (!read_frame(&d, again))
        goto done;
    frame(&d, 0.0f, false);
    if (!read_frame(&d, flat))
        goto done;
    frame(&d, HEIGHT_SCALE, true);
    if (!read_frame(&d, wire))
        goto done;
    printf("  terrain: %ux%u, %u patches, %llu domain points, %llu triangles  frame %.2f ms\n",
           TW, TH, GRID * GRID, (unsigned long long)st.DSInvocations,
           (unsigned long long)st.CInvocations, ms);
    int bad = check(img, again, flat, &st);
    if (save(out_dir, "demo_tess.png", img) | save(out_dir, "demo_tess_wire.png", wire))
        bad++;
    rc = bad ? 1 : 0;
done:
    if (rc)
        fprintf(stderr, "softd3d demo --tess: failed\n");
    free(img);
    free(again);
    free(flat);
    free(wire);
    if (d.ctx)
        ID3D11DeviceContext_ClearState(d.ctx);
    RELEASE(ID3D11Query, d.event);
    RELEASE(ID3D11Query, d.stats);
    RELEASE(ID3D11RasterizerState, d.wire);
    RELEASE(ID3D11RasterizerState, d.solid);
    RELEASE(ID3D11InputLayout, d.il);
    RELEASE(ID3D11PixelShader, d.ps);
    RELEASE(ID3D11DomainShader, d.ds);
    RELEASE(ID3D11HullShader, d.hs);
    RELEASE(ID3D11VertexShader, d.vs);
    RELEASE(ID3D11Buffer, d.ds_cb);
    RELEASE(ID3D11Buffer, d.hs_cb);
    RELEASE(ID3D11Buffer, d.ib);
    RELEASE(ID3D11Buffer, d.vb);
    RELEASE(ID3D11SamplerState, d.sampler);
    RELEASE(ID3D11ShaderResourceView, d.srv);
    RELEASE(ID3D11Texture2D, d.hmap);
    RELEASE(ID3D11Texture2D, d.staging);
    RELEASE(ID3D11DepthStencilView, d.dsv);
    RELEASE(ID3D11Texture2D, d.depth);
    RELEASE(ID3D11RenderTargetView, d.rtv);
    RELEASE(ID3D11Texture2D, d.color);
    RELEASE(ID3D11DeviceContext, d.ctx);
    RELEASE(ID3D11Device, d.dev);
    return rc;
}
