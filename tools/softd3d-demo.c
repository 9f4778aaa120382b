/* softd3d-demo — what `make demo` runs: scenes rendered through the public Direct3D 11 API at
 * feature levels 9_1, 9_2 and 9_3, written to PNG files, with the time of one frame.
 *
 *   softd3d-demo [--out DIR] [--tiled | --tess | --compute]   (DIR: out; --tiled:
 *                                             demo_tiled.c's virtual-texture streaming scene
 *                                             instead; --tess: demo_tess.c's tessellated
 *                                             terrain; --compute: demo_compute.c's particles)
 *
 * Scene "scene", at each of 9_1, 9_2 and 9_3 (640x480, R8G8B8A8_UNORM + D24_UNORM_S8_UINT),
 * five draw calls:
 *   1. a sky: a screen-sized quad with a vertex-colour gradient, no depth test;
 *   2. a ground plane seen in perspective, a 256x256 checker texture with its full mip chain,
 *      trilinear, repeated 30 times (the far squares fade to grey as the mips take over), depth
 *      test LESS with writes; indexed, with a 16-bit index buffer (the only kind 9_1 has);
 *   3-5. three upright quads with a ring texture, alpha-blended (SRC_ALPHA / INV_SRC_ALPHA),
 *      tinted red, green and blue by their vertex colours, drawn back to front with the depth
 *      test on and writes off; they stand slightly into the ground, whose depth hides their
 *      lower edge.
 *   -> DIR/demo_<level>_scene.png
 * Scene "mrt", at 9_3 only (four simultaneous render targets need 9_3, seed 000): a cube on the
 * ground plane; one ps_4_0_level_9_3 pixel shader writes four targets at once:
 *   color  the checker texture lit by one directional light,
 *   normal the world-space normal as 0.5 + 0.5 n,
 *   depth  the view distance as grey (near white, far black),
 *   uv     the fractional texture coordinates as red and green.
 *   -> DIR/demo_9_3_mrt_<target>.png
 * Scene "10_1" (demo_10_1.c): sixteen instanced squares textured from a Texture2DArray into a
 * 4x multisampled target, resolved, and their instance ids into an R32_UINT target; checked
 *   -> DIR/demo_10_1_msaa.png, DIR/demo_10_1_ids.png
 * Direct3D 9, at profiles 9_1, 9_2 and 9_3 (SOFTD3D_PROFILE; 640x480 A8R8G8B8 back buffer +
 * D24S8, hardware vertex processing): a tessellated checker ground plane and a sphere sunk into
 * it, one indexed draw,
 *   ff      fixed function: a directional and a point light with specular, linear vertex fog,
 *           stage 0 checker MODULATE diffuse, stage 1 a radial light map MODULATE2X (second
 *           texture coordinate set)  -> DIR/demo9_<profile>_ff.png
 *   shader  vs_2_0 + ps_2_0: per-pixel Blinn-Phong of the directional light, checker times light
 *           map, per-pixel linear fog  -> DIR/demo9_<profile>_shader.png
 *   (a D3D9 frame ends when GetRenderTargetData has read it back: no D3D9 queries yet).
 * Every shader is written in assembly (vs/ps_4_0_level_9_x listings with their SM2 part, fxc's
 * syntax) and assembled by the project's assembler (bench/shaders.c, src/shader/shader_asm.h).
 * The frame time is the mean of 5 frames after one warm-up frame; a frame ends when an event
 * query issued after its last draw has signalled.
 * Exit status: 0, or 1 when any step failed (the line says which).
 */
#define COBJMACROS
#include <windows.h>
#include <d3d11.h>
#include <d3d9.h>

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "demo_10_1.h"
#include "demo_compute.h"
#include "demo_tess.h"
#include "demo_tiled.h"
#include "shaders.h"
#include "util/png.h"

#define W 640
#define H 480
#define TIMED_FRAMES 5

static const char *out_dir = "out";

/* ---- small helpers ------------------------------------------------------------------------- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#define RELEASE(type, p)       \
    do {                       \
        if (p)                 \
            type##_Release(p); \
        (p) = NULL;            \
    } while (0)

#define CHECK(call, what)                                                             \
    do {                                                                              \
        HRESULT hr_ = (call);                                                         \
        if (FAILED(hr_)) {                                                            \
            printf("  %s failed (hr 0x%08lx)\n", (what), (unsigned long)hr_);          \
            goto fail;                                                                \
        }                                                                             \
    } while (0)

/* 4x4 matrices, row-major, column vectors (clip = M * v). */
typedef struct { float m[4][4]; } mat4;

static mat4 mat_mul(const mat4 *a, const mat4 *b)
{
    mat4 r;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            float s = 0;
            for (int k = 0; k < 4; k++)
                s += a->m[i][k] * b->m[k][j];
            r.m[i][j] = s;
        }
    return r;
}

static void normalize3(float v[3])
{
    float l = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    for (int i = 0; i < 3; i++)
        v[i] /= l;
}

static void cross3(const float a[3], const float b[3], float r[3])
{
    r[0] = a[1] * b[2] - a[2] * b[1];
    r[1] = a[2] * b[0] - a[0] * b[2];
    r[2] = a[0] * b[1] - a[1] * b[0];
}

/* Left-handed view matrix (D3D's convention): looking along +z of view space. */
static mat4 look_at(const float eye[3], const float at[3])
{
    static const float up[3] = {0, 1, 0};
    float zx[3] = {at[0] - eye[0], at[1] - eye[1], at[2] - eye[2]}, xx[3], yx[3];
    normalize3(zx);
    cross3(up, zx, xx);
    normalize3(xx);
    cross3(zx, xx, yx);
    mat4 view = {{{xx[0], xx[1], xx[2], -(xx[0] * eye[0] + xx[1] * eye[1] + xx[2] * eye[2])},
                  {yx[0], yx[1], yx[2], -(yx[0] * eye[0] + yx[1] * eye[1] + yx[2] * eye[2])},
                  {zx[0], zx[1], zx[2], -(zx[0] * eye[0] + zx[1] * eye[1] + zx[2] * eye[2])},
                  {0, 0, 0, 1}}};
    return view;
}

/* Perspective projection, depth in [0, 1]. */
static mat4 perspective(float fov_y, float aspect, float zn, float zf)
{
    float f = 1.0f / tanf(fov_y * 0.5f);
    mat4 proj = {{{f / aspect, 0, 0, 0},
                  {0, f, 0, 0},
                  {0, 0, zf / (zf - zn), -zn * zf / (zf - zn)},
                  {0, 0, 1, 0}}};
    return proj;
}

static mat4 camera(const float eye[3], const float at[3], float fov_y, float aspect, float zn,
                   float zf)
{
    mat4 view = look_at(eye, at), proj = perspective(fov_y, aspect, zn, zf);
    return mat_mul(&proj, &view);
}

/* The constant-buffer layout the vertex shaders read: column c in cb0[c]. */
static void column_major(const mat4 *a, float out[16])
{
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++)
            out[c * 4 + r] = a->m[r][c];
}

/* An RGBA8 texture and its mip chain (2x2 box filter), levels packed one after another. */
struct texture_data {
    uint32_t size, levels;
    uint8_t *level[10];
};

static int mip_chain(struct texture_data *t)
{
    for (uint32_t l = 1; l < t->levels; l++) {
        uint32_t n = t->size >> l, pn = n * 2;
        if (!(t->level[l] = malloc((size_t)n * n * 4)))
            return -1;
        for (uint32_t y = 0; y < n; y++)
            for (uint32_t x = 0; x < n; x++)
                for (int c = 0; c < 4; c++) {
                    const uint8_t *q = t->level[l - 1] + ((size_t)(2 * y) * pn + 2 * x) * 4 + c;
                    unsigned s = q[0] + q[4] + q[(size_t)pn * 4] + q[(size_t)pn * 4 + 4];
                    t->level[l][((size_t)y * n + x) * 4 + c] = (uint8_t)((s + 2) / 4);
                }
    }
    return 0;
}

static void texture_free(struct texture_data *t)
{
    for (uint32_t l = 0; l < t->levels; l++)
        free(t->level[l]);
    memset(t, 0, sizeof(*t));
}

/* 256x256, 8x8 squares of 32 texels: light grey and slate blue. */
static int make_checker(struct texture_data *t)
{
    t->size = 256;
    t->levels = 9;
    if (!(t->level[0] = malloc(256 * 256 * 4)))
        return -1;
    for (int y = 0; y < 256; y++)
        for (int x = 0; x < 256; x++) {
            uint8_t *p = t->level[0] + ((size_t)y * 256 + x) * 4;
            bool light = ((x >> 5) ^ (y >> 5)) & 1;
            p[0] = light ? 230 : 50;
            p[1] = light ? 225 : 80;
            p[2] = light ? 215 : 130;
            p[3] = 255;
        }
    return mip_chain(t);
}

/* 128x128 concentric rings, opaque on the rings, clear between them and outside. */
static int make_rings(struct texture_data *t)
{
    t->size = 128;
    t->levels = 8;
    if (!(t->level[0] = malloc(128 * 128 * 4)))
        return -1;
    for (int y = 0; y < 128; y++)
        for (int x = 0; x < 128; x++) {
            uint8_t *p = t->level[0] + ((size_t)y * 128 + x) * 4;
            float dx = (float)x + 0.5f - 64, dy = (float)y + 0.5f - 64;
            float r = sqrtf(dx * dx + dy * dy) / 64.0f;
            float ring = 0.5f + 0.5f * cosf(r * 6.2831853f * 4.0f);
            float a = r < 0.95f ? 0.25f + 0.75f * ring : 0.0f;
            p[0] = p[1] = p[2] = (uint8_t)(155 + 100 * ring);
            p[3] = (uint8_t)(255 * a);
        }
    return mip_chain(t);
}

/* ---- the device and what every scene needs -------------------------------------------------- */

struct demo {
    D3D_FEATURE_LEVEL level;
    const char *level_name;
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
    ID3D11Query *event;
    ID3D11Texture2D *ds_tex, *staging;
    ID3D11DepthStencilView *dsv;
    ID3D11RasterizerState *raster;
    ID3D11SamplerState *sampler;
};

static HRESULT create_texture(ID3D11Device *dev, const struct texture_data *t,
                              ID3D11ShaderResourceView **srv)
{
    D3D11_TEXTURE2D_DESC td;
    D3D11_SUBRESOURCE_DATA init[10];
    ID3D11Texture2D *tex = NULL;
    memset(&td, 0, sizeof(td));
    td.Width = td.Height = t->size;
    td.MipLevels = t->levels;
    td.ArraySize = 1;
    td.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    td.SampleDesc.Count = 1;
    td.Usage = D3D11_USAGE_IMMUTABLE;
    td.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    for (uint32_t l = 0; l < t->levels; l++) {
        init[l].pSysMem = t->level[l];
        init[l].SysMemPitch = (t->size >> l) * 4;
        init[l].SysMemSlicePitch = 0;
    }
    HRESULT hr = ID3D11Device_CreateTexture2D(dev, &td, init, &tex);
    if (SUCCEEDED(hr))
        hr = ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)tex, NULL, srv);
    RELEASE(ID3D11Texture2D, tex);
    return hr;
}

static HRESULT create_buffer(ID3D11Device *dev, UINT bind, const void *data, UINT size,
                             ID3D11Buffer **out)
{
    D3D11_BUFFER_DESC bd = {size, D3D11_USAGE_IMMUTABLE, bind, 0, 0, 0};
    D3D11_SUBRESOURCE_DATA init = {data, 0, 0};
    return ID3D11Device_CreateBuffer(dev, &bd, &init, out);
}

static HRESULT create_target(ID3D11Device *dev, ID3D11Texture2D **tex,
                             ID3D11RenderTargetView **rtv)
{
    D3D11_TEXTURE2D_DESC td;
    memset(&td, 0, sizeof(td));
    td.Width = W;
    td.Height = H;
    td.MipLevels = 1;
    td.ArraySize = 1;
    td.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    td.SampleDesc.Count = 1;
    td.Usage = D3D11_USAGE_DEFAULT;
    td.BindFlags = D3D11_BIND_RENDER_TARGET;
    HRESULT hr = ID3D11Device_CreateTexture2D(dev, &td, NULL, tex);
    if (SUCCEEDED(hr))
        hr = ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)*tex, NULL, rtv);
    return hr;
}

/* Assembles a listing; prints why when it does not assemble. */
static int assemble(const char *what, const char *listing, void **blob, size_t *size)
{
    char err[256];
    if (bench_assemble(listing, blob, size, err, sizeof(err))) {
        printf("  %s does not assemble: %s\n", what, err);
        return -1;
    }
    return 0;
}

static void wait_idle(struct demo *d)
{
    ID3D11DeviceContext_End(d->ctx, (ID3D11Asynchronous *)d->event);
    ID3D11DeviceContext_Flush(d->ctx);
    for (;;) {
        BOOL done = FALSE;
        HRESULT hr = ID3D11DeviceContext_GetData(d->ctx, (ID3D11Asynchronous *)d->event, &done,
                                                 sizeof(done), 0);
        if (FAILED(hr) || (hr == S_OK && done))
            return;
    }
}

/* Copies a target to the staging texture and writes it as DIR/demo_<level>_<name>.png. */
static int save_target(struct demo *d, ID3D11Texture2D *tex, const char *name)
{
    D3D11_MAPPED_SUBRESOURCE m;
    char path[4096];
    ID3D11DeviceContext_CopyResource(d->ctx, (ID3D11Resource *)d->staging, (ID3D11Resource *)tex);
    if (FAILED(ID3D11DeviceContext_Map(d->ctx, (ID3D11Resource *)d->staging, 0, D3D11_MAP_READ, 0,
                                       &m))) {
        printf("  Map of the staging copy failed\n");
        return -1;
    }
    snprintf(path, sizeof(path), "%s/demo_%s_%s.png", out_dir, d->level_name, name);
    int r = util_png_write(path, m.pData, W, H, m.RowPitch, 4);
    ID3D11DeviceContext_Unmap(d->ctx, (ID3D11Resource *)d->staging, 0);
    if (r)
        printf("  cannot write %s: %s\n", path, strerror(errno));
    else
        printf("  -> %s\n", path);
    return r;
}

/* Runs `frame` once to warm up, then TIMED_FRAMES times; returns ms per frame. */
static double time_frames(struct demo *d, void (*frame)(struct demo *, void *), void *scene)
{
    frame(d, scene);
    wait_idle(d);
    double t0 = now();
    for (int i = 0; i < TIMED_FRAMES; i++) {
        frame(d, scene);
        wait_idle(d);
    }
    return (now() - t0) * 1e3 / TIMED_FRAMES;
}

/* ---- scene 1: sky, textured ground, blended quads ------------------------------------------- */

struct vertex {              /* bench_vs_tex / bench_vs_color input */
    float pos[3];
    uint8_t color[4];
    float uv[2];
};

struct scene1 {
    ID3D11Texture2D *rt_tex;
    ID3D11RenderTargetView *rtv;
    ID3D11VertexShader *vs_tex, *vs_color;
    ID3D11PixelShader *ps_tex, *ps_color;
    ID3D11InputLayout *il_tex, *il_color;
    ID3D11Buffer *vb, *ib, *cb_sky, *cb_world;
    ID3D11ShaderResourceView *checker, *rings;
    ID3D11BlendState *opaque, *alpha;
    ID3D11DepthStencilState *no_depth, *depth_write, *depth_test;
};

enum { SKY_FIRST = 0, GROUND_FIRST = 4, QUADS_FIRST = 8, SCENE1_VERTICES = 20 };

static void scene1_frame(struct demo *d, void *p)
{
    struct scene1 *s = p;
    ID3D11DeviceContext *c = d->ctx;
    static const float clear[4] = {0, 0, 0, 1}, factor[4] = {1, 1, 1, 1};
    UINT stride = sizeof(struct vertex), offset = 0;
    D3D11_VIEWPORT vp = {0, 0, W, H, 0, 1};

    ID3D11DeviceContext_ClearRenderTargetView(c, s->rtv, clear);
    ID3D11DeviceContext_ClearDepthStencilView(c, d->dsv, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL,
                                              1.0f, 0);
    ID3D11DeviceContext_OMSetRenderTargets(c, 1, &s->rtv, d->dsv);
    ID3D11DeviceContext_RSSetViewports(c, 1, &vp);
    ID3D11DeviceContext_RSSetState(c, d->raster);
    ID3D11DeviceContext_IASetVertexBuffers(c, 0, 1, &s->vb, &stride, &offset);
    ID3D11DeviceContext_IASetIndexBuffer(c, s->ib, DXGI_FORMAT_R16_UINT, 0);
    ID3D11DeviceContext_PSSetSamplers(c, 0, 1, &d->sampler);

    /* 1: the sky, in pixels, behind everything */
    ID3D11DeviceContext_IASetPrimitiveTopology(c, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ID3D11DeviceContext_IASetInputLayout(c, s->il_color);
    ID3D11DeviceContext_VSSetShader(c, s->vs_color, NULL, 0);
    ID3D11DeviceContext_VSSetConstantBuffers(c, 0, 1, &s->cb_sky);
    ID3D11DeviceContext_PSSetShader(c, s->ps_color, NULL, 0);
    ID3D11DeviceContext_OMSetBlendState(c, s->opaque, factor, 0xffffffff);
    ID3D11DeviceContext_OMSetDepthStencilState(c, s->no_depth, 0);
    ID3D11DeviceContext_Draw(c, 4, SKY_FIRST);

    /* 2: the ground, indexed */
    ID3D11DeviceContext_IASetPrimitiveTopology(c, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_IASetInputLayout(c, s->il_tex);
    ID3D11DeviceContext_VSSetShader(c, s->vs_tex, NULL, 0);
    ID3D11DeviceContext_VSSetConstantBuffers(c, 0, 1, &s->cb_world);
    ID3D11DeviceContext_PSSetShader(c, s->ps_tex, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(c, 0, 1, &s->checker);
    ID3D11DeviceContext_OMSetDepthStencilState(c, s->depth_write, 0);
    ID3D11DeviceContext_DrawIndexed(c, 6, 0, GROUND_FIRST);

    /* 3-5: the blended quads, far to near */
    ID3D11DeviceContext_PSSetShaderResources(c, 0, 1, &s->rings);
    ID3D11DeviceContext_OMSetBlendState(c, s->alpha, factor, 0xffffffff);
    ID3D11DeviceContext_OMSetDepthStencilState(c, s->depth_test, 0);
    for (int q = 2; q >= 0; q--)
        ID3D11DeviceContext_DrawIndexed(c, 6, 0, QUADS_FIRST + 4 * q);
}

static void set_v(struct vertex *v, float x, float y, float z, uint32_t rgba, float u, float tv)
{
    v->pos[0] = x;
    v->pos[1] = y;
    v->pos[2] = z;
    v->color[0] = (uint8_t)(rgba >> 24);
    v->color[1] = (uint8_t)(rgba >> 16);
    v->color[2] = (uint8_t)(rgba >> 8);
    v->color[3] = (uint8_t)rgba;
    v->uv[0] = u;
    v->uv[1] = tv;
}

static int scene1_run(struct demo *d)
{
    static const D3D11_INPUT_ELEMENT_DESC elements[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    static const uint16_t quad_indices[6] = {0, 1, 2, 2, 1, 3};   /* TL TR BL, BL TR BR */
    struct scene1 s;
    struct texture_data checker = {0}, rings = {0};
    struct vertex v[SCENE1_VERTICES];
    void *blob[4] = {0};
    size_t size[4] = {0};
    float m[16];
    int r = -1;
    memset(&s, 0, sizeof(s));

    if (assemble("bench_vs_tex", bench_vs_tex, &blob[0], &size[0]) ||
        assemble("bench_vs_color", bench_vs_color, &blob[1], &size[1]) ||
        assemble("bench_ps_tex", bench_ps_tex, &blob[2], &size[2]) ||
        assemble("bench_ps_color", bench_ps_color, &blob[3], &size[3]))
        goto fail;
    CHECK(ID3D11Device_CreateVertexShader(d->dev, blob[0], size[0], NULL, &s.vs_tex),
          "CreateVertexShader(bench_vs_tex)");
    CHECK(ID3D11Device_CreateVertexShader(d->dev, blob[1], size[1], NULL, &s.vs_color),
          "CreateVertexShader(bench_vs_color)");
    CHECK(ID3D11Device_CreatePixelShader(d->dev, blob[2], size[2], NULL, &s.ps_tex),
          "CreatePixelShader(bench_ps_tex)");
    CHECK(ID3D11Device_CreatePixelShader(d->dev, blob[3], size[3], NULL, &s.ps_color),
          "CreatePixelShader(bench_ps_color)");
    CHECK(ID3D11Device_CreateInputLayout(d->dev, elements, 3, blob[0], size[0], &s.il_tex),
          "CreateInputLayout(tex)");
    CHECK(ID3D11Device_CreateInputLayout(d->dev, elements, 2, blob[1], size[1], &s.il_color),
          "CreateInputLayout(color)");

    /* vertices: sky (strip, pixels), ground (x,z in [-30,30]x[-10,50]), three quads */
    set_v(&v[0], 0, 0, 0.5f, 0x3060b0ff, 0, 0);
    set_v(&v[1], W, 0, 0.5f, 0x3868b8ff, 0, 0);
    set_v(&v[2], 0, H, 0.5f, 0xc8d8f0ff, 0, 0);
    set_v(&v[3], W, H, 0.5f, 0xd0e0f8ff, 0, 0);
    set_v(&v[4], -30, 0, 50, 0xffffffff, 0, 0);
    set_v(&v[5], 30, 0, 50, 0xffffffff, 30, 0);
    set_v(&v[6], -30, 0, -10, 0xffffffff, 0, 30);
    set_v(&v[7], 30, 0, -10, 0xffffffff, 30, 30);
    static const uint32_t tints[3] = {0xff5040c0, 0x50ff60b0, 0x5080ffa0};
    for (int q = 0; q < 3; q++) {
        float x = -2.6f + 2.6f * (float)q, z = 1.5f + 2.5f * (float)q;
        set_v(&v[QUADS_FIRST + 4 * q + 0], x - 1.1f, 1.7f, z, tints[q], 0, 0);
        set_v(&v[QUADS_FIRST + 4 * q + 1], x + 1.1f, 1.7f, z, tints[q], 1, 0);
        set_v(&v[QUADS_FIRST + 4 * q + 2], x - 1.1f, -0.5f, z, tints[q], 0, 1);
        set_v(&v[QUADS_FIRST + 4 * q + 3], x + 1.1f, -0.5f, z, tints[q], 1, 1);
    }
    CHECK(create_buffer(d->dev, D3D11_BIND_VERTEX_BUFFER, v, sizeof(v), &s.vb),
          "CreateBuffer(vertex)");
    CHECK(create_buffer(d->dev, D3D11_BIND_INDEX_BUFFER, quad_indices, sizeof(quad_indices),
                        &s.ib),
          "CreateBuffer(index)");
    mat4 sky = {{{2.0f / W, 0, 0, -1}, {0, -2.0f / H, 0, 1}, {0, 0, 1, 0}, {0, 0, 0, 1}}};
    column_major(&sky, m);
    CHECK(create_buffer(d->dev, D3D11_BIND_CONSTANT_BUFFER, m, sizeof(m), &s.cb_sky),
          "CreateBuffer(constant, sky)");
    static const float eye[3] = {0, 2.2f, -6}, at[3] = {0, 0.6f, 4};
    mat4 world = camera(eye, at, 1.0f, (float)W / H, 0.5f, 100.0f);
    column_major(&world, m);
    CHECK(create_buffer(d->dev, D3D11_BIND_CONSTANT_BUFFER, m, sizeof(m), &s.cb_world),
          "CreateBuffer(constant, camera)");

    if (make_checker(&checker) || make_rings(&rings)) {
        printf("  out of memory\n");
        goto fail;
    }
    CHECK(create_texture(d->dev, &checker, &s.checker), "CreateTexture2D(checker)");
    CHECK(create_texture(d->dev, &rings, &s.rings), "CreateTexture2D(rings)");

    D3D11_BLEND_DESC bd;
    memset(&bd, 0, sizeof(bd));
    bd.RenderTarget[0].SrcBlend = bd.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
    bd.RenderTarget[0].DestBlend = bd.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO;
    bd.RenderTarget[0].BlendOp = bd.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
    bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    CHECK(ID3D11Device_CreateBlendState(d->dev, &bd, &s.opaque), "CreateBlendState(opaque)");
    bd.RenderTarget[0].BlendEnable = TRUE;
    bd.RenderTarget[0].SrcBlend = bd.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_SRC_ALPHA;
    bd.RenderTarget[0].DestBlend = bd.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_INV_SRC_ALPHA;
    CHECK(ID3D11Device_CreateBlendState(d->dev, &bd, &s.alpha), "CreateBlendState(alpha)");

    D3D11_DEPTH_STENCIL_DESC dd;
    memset(&dd, 0, sizeof(dd));
    dd.DepthFunc = D3D11_COMPARISON_LESS;
    dd.StencilReadMask = dd.StencilWriteMask = 0xff;
    dd.FrontFace.StencilFailOp = dd.FrontFace.StencilDepthFailOp = D3D11_STENCIL_OP_KEEP;
    dd.FrontFace.StencilPassOp = D3D11_STENCIL_OP_KEEP;
    dd.FrontFace.StencilFunc = D3D11_COMPARISON_ALWAYS;
    dd.BackFace = dd.FrontFace;
    CHECK(ID3D11Device_CreateDepthStencilState(d->dev, &dd, &s.no_depth),
          "CreateDepthStencilState");
    dd.DepthEnable = TRUE;
    dd.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
    CHECK(ID3D11Device_CreateDepthStencilState(d->dev, &dd, &s.depth_write),
          "CreateDepthStencilState");
    dd.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ZERO;
    CHECK(ID3D11Device_CreateDepthStencilState(d->dev, &dd, &s.depth_test),
          "CreateDepthStencilState");
    CHECK(create_target(d->dev, &s.rt_tex, &s.rtv), "CreateTexture2D(render target)");

    double ms = time_frames(d, scene1_frame, &s);
    printf("  %s scene: %dx%d, 5 draws (sky, mipmapped ground, 3 blended quads)  frame %.2f ms\n",
           d->level_name, W, H, ms);
    r = save_target(d, s.rt_tex, "scene");

fail:
    ID3D11DeviceContext_ClearState(d->ctx);
    for (int i = 0; i < 4; i++)
        free(blob[i]);
    texture_free(&checker);
    texture_free(&rings);
    RELEASE(ID3D11RenderTargetView, s.rtv);
    RELEASE(ID3D11Texture2D, s.rt_tex);
    RELEASE(ID3D11VertexShader, s.vs_tex);
    RELEASE(ID3D11VertexShader, s.vs_color);
    RELEASE(ID3D11PixelShader, s.ps_tex);
    RELEASE(ID3D11PixelShader, s.ps_color);
    RELEASE(ID3D11InputLayout, s.il_tex);
    RELEASE(ID3D11InputLayout, s.il_color);
    RELEASE(ID3D11Buffer, s.vb);
    RELEASE(ID3D11Buffer, s.ib);
    RELEASE(ID3D11Buffer, s.cb_sky);
    RELEASE(ID3D11Buffer, s.cb_world);
    RELEASE(ID3D11ShaderResourceView, s.checker);
    RELEASE(ID3D11ShaderResourceView, s.rings);
    RELEASE(ID3D11BlendState, s.opaque);
    RELEASE(ID3D11BlendState, s.alpha);
    RELEASE(ID3D11DepthStencilState, s.no_depth);
    RELEASE(ID3D11DepthStencilState, s.depth_write);
    RELEASE(ID3D11DepthStencilState, s.depth_test);
    return r;
}

/* ---- scene 2 (9_3): four render targets from one pixel shader ------------------------------ */

/* POSITION (world), NORMAL (world), TEXCOORD -> SV_Position, TEXCOORD0 uv, TEXCOORD1 normal,
 * TEXCOORD2 view distance / 20.  cb0[0..3]: view-projection, column-major; cb0[4].x: 1/20. */
static const char mrt_vs[] =
    "// demo mrt_vs: transform, and pass uv, normal and view distance to the pixel shader.\n"
    "//\n"
    "// Buffer Definitions: \n"
    "//\n"
    "// cbuffer Camera\n"
    "// {\n"
    "//\n"
    "//   float4x4 view_proj;                // Offset:    0 Size:    64\n"
    "//   float depth_scale;                 // Offset:   64 Size:     4\n"
    "//\n"
    "// }\n"
    "//\n"
    "//\n"
    "// Resource Bindings:\n"
    "//\n"
    "// Name                                 Type  Format         Dim      HLSL Bind  Count\n"
    "// ------------------------------ ---------- ------- ----------- -------------- ------\n"
    "// Camera                            cbuffer      NA          NA            cb0      1 \n"
    "//\n"
    "//\n"
    "//\n"
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// POSITION                 0   xyz         0     NONE   float   xyz \n"
    "// NORMAL                   0   xyz         1     NONE   float   xyz \n"
    "// TEXCOORD                 0   xy          2     NONE   float   xy  \n"
    "//\n"
    "//\n"
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "// TEXCOORD                 0   xy          1     NONE   float   xy  \n"
    "// TEXCOORD                 1   xyz         2     NONE   float   xyz \n"
    "// TEXCOORD                 2   x           3     NONE   float   x   \n"
    "//\n"
    "//\n"
    "// Constant buffer to DX9 shader constant mappings:\n"
    "//\n"
    "// Target Reg Buffer  Start Reg # of Regs        Data Conversion\n"
    "// ---------- ------- --------- --------- ----------------------\n"
    "// c1         cb0             0         5  ( FLT, FLT, FLT, FLT)\n"
    "//\n"
    "//\n"
    "// Runtime generated constant mappings:\n"
    "//\n"
    "// Target Reg                               Constant Description\n"
    "// ---------- --------------------------------------------------\n"
    "// c0                              Vertex Shader position offset\n"
    "//\n"
    "//\n"
    "// Level9 shader bytecode:\n"
    "//\n"
    "    vs_2_0\n"
    "    dcl_texcoord v0\n"
    "    dcl_texcoord1 v1\n"
    "    dcl_texcoord2 v2\n"
    "    mul r0, v0.y, c2\n"
    "    mad r0, v0.x, c1, r0\n"
    "    mad r0, v0.z, c3, r0\n"
    "    add r0, r0, c4\n"
    "    mad oPos.xy, r0.w, c0, r0\n"
    "    mov oPos.zw, r0\n"
    "    mov oT0.xy, v2\n"
    "    mov oT1.xyz, v1\n"
    "    mul oT2.x, r0.w, c5.x\n"
    "\n"
    "// approximately 9 instruction slots used\n"
    "vs_4_0_level_9_1\n"
    "dcl_constantbuffer cb0[5], immediateIndexed\n"
    "dcl_input v0.xyz\n"
    "dcl_input v1.xyz\n"
    "dcl_input v2.xy\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xy\n"
    "dcl_output o2.xyz\n"
    "dcl_output o3.x\n"
    "dcl_temps 1\n"
    "mul r0.xyzw, v0.yyyy, cb0[1].xyzw\n"
    "mad r0.xyzw, v0.xxxx, cb0[0].xyzw, r0.xyzw\n"
    "mad r0.xyzw, v0.zzzz, cb0[2].xyzw, r0.xyzw\n"
    "add r0.xyzw, r0.xyzw, cb0[3].xyzw\n"
    "mov o0.xyzw, r0.xyzw\n"
    "mul o3.x, r0.w, cb0[4].x\n"
    "mov o1.xy, v2.xyxx\n"
    "mov o2.xyz, v1.xyzx\n"
    "ret\n"
    "// Approximately 8 instruction slots used\n";

/* Four targets: lit colour, normal, depth, uv.  Light direction (0.4, 0.8, -0.45). */
static const char mrt_ps[] =
    "// demo mrt_ps: one pixel shader, four render targets.\n"
    "//\n"
    "// Resource Bindings:\n"
    "//\n"
    "// Name                                 Type  Format         Dim      HLSL Bind  Count\n"
    "// ------------------------------ ---------- ------- ----------- -------------- ------\n"
    "// smp                               sampler      NA          NA             s0      1 \n"
    "// tex                               texture  float4          2d             t0      1 \n"
    "//\n"
    "//\n"
    "//\n"
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float       \n"
    "// TEXCOORD                 0   xy          1     NONE   float   xy  \n"
    "// TEXCOORD                 1   xyz         2     NONE   float   xyz \n"
    "// TEXCOORD                 2   x           3     NONE   float   x   \n"
    "//\n"
    "//\n"
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Target                0   xyzw        0   TARGET   float   xyzw\n"
    "// SV_Target                1   xyzw        1   TARGET   float   xyzw\n"
    "// SV_Target                2   xyzw        2   TARGET   float   xyzw\n"
    "// SV_Target                3   xyzw        3   TARGET   float   xyzw\n"
    "//\n"
    "//\n"
    "// Sampler/Resource to DX9 shader sampler mappings:\n"
    "//\n"
    "// Target Sampler Source Sampler  Source Resource\n"
    "// -------------- --------------- ----------------\n"
    "// s0             s0              t0               \n"
    "//\n"
    "//\n"
    "// Level9 shader bytecode:\n"
    "//\n"
    "    ps_2_x\n"
    "    def c0, 0.5, 1, 0, 0\n"
    "    def c1, 0.4, 0.8, -0.45, 0\n"
    "    def c2, 0.7, 0.3, 0, 0\n"
    "    dcl t0.xy\n"
    "    dcl t1.xyz\n"
    "    dcl t2.x\n"
    "    dcl_2d s0\n"
    "    texld r0, t0, s0\n"
    "    dp3_sat r1.x, t1, c1\n"
    "    mad r1.x, r1.x, c2.x, c2.y\n"
    "    mul r0.xyz, r0, r1.x\n"
    "    mov oC0, r0\n"
    "    mad r2.xyz, t1, c0.x, c0.x\n"
    "    mov r2.w, c0.y\n"
    "    mov oC1, r2\n"
    "    add r3.xyz, -t2.x, c0.y\n"
    "    mov r3.w, c0.y\n"
    "    mov oC2, r3\n"
    "    frc r4.xy, t0\n"
    "    mov r4.zw, c0.zzzy\n"
    "    mov oC3, r4\n"
    "\n"
    "// approximately 16 instruction slots used (1 texture, 15 arithmetic)\n"
    "ps_4_0_level_9_3\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xy\n"
    "dcl_input_ps linear v2.xyz\n"
    "dcl_input_ps linear v3.x\n"
    "dcl_output o0.xyzw\n"
    "dcl_output o1.xyzw\n"
    "dcl_output o2.xyzw\n"
    "dcl_output o3.xyzw\n"
    "dcl_temps 2\n"
    "sample r0.xyzw, v1.xyxx, t0.xyzw, s0\n"
    "dp3_sat r1.x, v2.xyzx, l(0.400000, 0.800000, -0.450000, 0.000000)\n"
    "mad r1.x, r1.x, l(0.700000), l(0.300000)\n"
    "mul o0.xyz, r0.xyzx, r1.xxxx\n"
    "mov o0.w, r0.w\n"
    "mad o1.xyz, v2.xyzx, l(0.500000, 0.500000, 0.500000, 0.000000), "
    "l(0.500000, 0.500000, 0.500000, 0.000000)\n"
    "mov o1.w, l(1.000000)\n"
    "add o2.xyz, -v3.xxxx, l(1.000000, 1.000000, 1.000000, 0.000000)\n"
    "mov o2.w, l(1.000000)\n"
    "frc o3.xy, v1.xyxx\n"
    "mov o3.zw, l(0, 0, 0, 1.000000)\n"
    "ret\n"
    "// Approximately 12 instruction slots used\n";

struct mrt_vertex {
    float pos[3], normal[3], uv[2];
};

struct scene2 {
    ID3D11Texture2D *tex[4];
    ID3D11RenderTargetView *rtv[4];
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps;
    ID3D11InputLayout *il;
    ID3D11Buffer *vb, *ib, *cb;
    ID3D11ShaderResourceView *checker;
    ID3D11DepthStencilState *depth;
    UINT index_count;
};

static void scene2_frame(struct demo *d, void *p)
{
    struct scene2 *s = p;
    ID3D11DeviceContext *c = d->ctx;
    static const float clear[4][4] = {{0.1f, 0.1f, 0.15f, 1}, {0.5f, 0.5f, 0.5f, 1},
                                      {0, 0, 0, 1}, {0, 0, 0, 1}};
    UINT stride = sizeof(struct mrt_vertex), offset = 0;
    D3D11_VIEWPORT vp = {0, 0, W, H, 0, 1};
    for (int i = 0; i < 4; i++)
        ID3D11DeviceContext_ClearRenderTargetView(c, s->rtv[i], clear[i]);
    ID3D11DeviceContext_ClearDepthStencilView(c, d->dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
    ID3D11DeviceContext_OMSetRenderTargets(c, 4, s->rtv, d->dsv);
    ID3D11DeviceContext_OMSetDepthStencilState(c, s->depth, 0);
    ID3D11DeviceContext_RSSetViewports(c, 1, &vp);
    ID3D11DeviceContext_RSSetState(c, d->raster);
    ID3D11DeviceContext_IASetVertexBuffers(c, 0, 1, &s->vb, &stride, &offset);
    ID3D11DeviceContext_IASetIndexBuffer(c, s->ib, DXGI_FORMAT_R16_UINT, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(c, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_IASetInputLayout(c, s->il);
    ID3D11DeviceContext_VSSetShader(c, s->vs, NULL, 0);
    ID3D11DeviceContext_VSSetConstantBuffers(c, 0, 1, &s->cb);
    ID3D11DeviceContext_PSSetShader(c, s->ps, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(c, 0, 1, &s->checker);
    ID3D11DeviceContext_PSSetSamplers(c, 0, 1, &d->sampler);
    ID3D11DeviceContext_DrawIndexed(c, 6, 0, 0);                   /* the ground */
    ID3D11DeviceContext_DrawIndexed(c, s->index_count - 6, 6, 0);  /* the cube */
}

/* The ground (4 vertices, 6 indices), then a 2x2x2 cube turned 20 degrees about y, standing on
 * it (24 vertices: 4 a face with the face's normal; 36 indices). */
static void mrt_geometry(struct mrt_vertex v[28], uint16_t idx[42])
{
    static const float ground[4][2] = {{-60, 80}, {60, 80}, {-60, -20}, {60, -20}};
    for (int i = 0; i < 4; i++) {
        struct mrt_vertex g = {{ground[i][0], 0, ground[i][1]}, {0, 1, 0},
                               {ground[i][0] * 0.5f, ground[i][1] * 0.5f}};
        v[i] = g;
    }
    static const uint16_t quad[6] = {0, 1, 2, 2, 1, 3};
    memcpy(idx, quad, sizeof(quad));
    /* faces: normal, then the two in-face axes (u to the right, v downwards) */
    static const float faces[6][3][3] = {
        {{0, 0, -1}, {1, 0, 0}, {0, -1, 0}}, {{0, 0, 1}, {-1, 0, 0}, {0, -1, 0}},
        {{-1, 0, 0}, {0, 0, -1}, {0, -1, 0}}, {{1, 0, 0}, {0, 0, 1}, {0, -1, 0}},
        {{0, 1, 0}, {1, 0, 0}, {0, 0, -1}}, {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
    };
    const float a = -0.3490659f, ca = cosf(a), sa = sinf(a);   /* -20 degrees */
    for (int f = 0; f < 6; f++) {
        for (int k = 0; k < 4; k++) {
            float su = (k & 1) ? 1.0f : -1.0f, sv = (k & 2) ? 1.0f : -1.0f, p[3], n[3];
            for (int i = 0; i < 3; i++)
                p[i] = faces[f][0][i] + su * faces[f][1][i] + sv * faces[f][2][i];
            memcpy(n, faces[f][0], sizeof(n));
            struct mrt_vertex *o = &v[4 + f * 4 + k];
            o->pos[0] = ca * p[0] + sa * p[2];
            o->pos[1] = p[1] + 1.0f;
            o->pos[2] = -sa * p[0] + ca * p[2] + 2.0f;
            o->normal[0] = ca * n[0] + sa * n[2];
            o->normal[1] = n[1];
            o->normal[2] = -sa * n[0] + ca * n[2];
            o->uv[0] = (k & 1) ? 1.0f : 0.0f;
            o->uv[1] = (k & 2) ? 1.0f : 0.0f;
        }
        for (int i = 0; i < 6; i++)
            idx[6 + f * 6 + i] = (uint16_t)(4 + f * 4 + quad[i]);
    }
}

static int scene2_run(struct demo *d)
{
    static const D3D11_INPUT_ELEMENT_DESC elements[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 24, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    static const char *const names[4] = {"mrt_color", "mrt_normal", "mrt_depth", "mrt_uv"};
    struct scene2 s;
    struct texture_data checker = {0};
    struct mrt_vertex v[28];
    uint16_t idx[42];
    void *blob[2] = {0};
    size_t size[2] = {0};
    float cb[20] = {0};
    int r = -1;
    memset(&s, 0, sizeof(s));

    if (assemble("mrt_vs", mrt_vs, &blob[0], &size[0]) ||
        assemble("mrt_ps", mrt_ps, &blob[1], &size[1]))
        goto fail;
    CHECK(ID3D11Device_CreateVertexShader(d->dev, blob[0], size[0], NULL, &s.vs),
          "CreateVertexShader(mrt_vs)");
    CHECK(ID3D11Device_CreatePixelShader(d->dev, blob[1], size[1], NULL, &s.ps),
          "CreatePixelShader(mrt_ps)");
    CHECK(ID3D11Device_CreateInputLayout(d->dev, elements, 3, blob[0], size[0], &s.il),
          "CreateInputLayout(mrt)");
    mrt_geometry(v, idx);
    s.index_count = 42;
    CHECK(create_buffer(d->dev, D3D11_BIND_VERTEX_BUFFER, v, sizeof(v), &s.vb),
          "CreateBuffer(vertex)");
    CHECK(create_buffer(d->dev, D3D11_BIND_INDEX_BUFFER, idx, sizeof(idx), &s.ib),
          "CreateBuffer(index)");
    static const float eye[3] = {-3.5f, 3.2f, -3.5f}, at[3] = {0, 0.8f, 2};
    mat4 vp = camera(eye, at, 1.0f, (float)W / H, 0.5f, 200.0f);
    column_major(&vp, cb);
    cb[16] = 1.0f / 20.0f;   /* view distance 0..20 -> 0..1 */
    CHECK(create_buffer(d->dev, D3D11_BIND_CONSTANT_BUFFER, cb, sizeof(cb), &s.cb),
          "CreateBuffer(constant)");
    if (make_checker(&checker)) {
        printf("  out of memory\n");
        goto fail;
    }
    CHECK(create_texture(d->dev, &checker, &s.checker), "CreateTexture2D(checker)");
    D3D11_DEPTH_STENCIL_DESC dd;
    memset(&dd, 0, sizeof(dd));
    dd.DepthEnable = TRUE;
    dd.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
    dd.DepthFunc = D3D11_COMPARISON_LESS;
    dd.StencilReadMask = dd.StencilWriteMask = 0xff;
    dd.FrontFace.StencilFailOp = dd.FrontFace.StencilDepthFailOp = D3D11_STENCIL_OP_KEEP;
    dd.FrontFace.StencilPassOp = D3D11_STENCIL_OP_KEEP;
    dd.FrontFace.StencilFunc = D3D11_COMPARISON_ALWAYS;
    dd.BackFace = dd.FrontFace;
    CHECK(ID3D11Device_CreateDepthStencilState(d->dev, &dd, &s.depth), "CreateDepthStencilState");
    for (int i = 0; i < 4; i++)
        CHECK(create_target(d->dev, &s.tex[i], &s.rtv[i]), "CreateTexture2D(render target)");

    double ms = time_frames(d, scene2_frame, &s);
    printf("  %s mrt: %dx%d, 4 render targets from one pixel shader, 2 draws  frame %.2f ms\n",
           d->level_name, W, H, ms);
    r = 0;
    for (int i = 0; i < 4; i++)
        r |= save_target(d, s.tex[i], names[i]);

fail:
    ID3D11DeviceContext_ClearState(d->ctx);
    for (int i = 0; i < 2; i++)
        free(blob[i]);
    texture_free(&checker);
    for (int i = 0; i < 4; i++) {
        RELEASE(ID3D11RenderTargetView, s.rtv[i]);
        RELEASE(ID3D11Texture2D, s.tex[i]);
    }
    RELEASE(ID3D11VertexShader, s.vs);
    RELEASE(ID3D11PixelShader, s.ps);
    RELEASE(ID3D11InputLayout, s.il);
    RELEASE(ID3D11Buffer, s.vb);
    RELEASE(ID3D11Buffer, s.ib);
    RELEASE(ID3D11Buffer, s.cb);
    RELEASE(ID3D11ShaderResourceView, s.checker);
    RELEASE(ID3D11DepthStencilState, s.depth);
    return r;
}

/* ---- per level ----------------------------------------------------------------------------- */

static void demo_close(struct demo *d)
{
    RELEASE(ID3D11SamplerState, d->sampler);
    RELEASE(ID3D11RasterizerState, d->raster);
    RELEASE(ID3D11DepthStencilView, d->dsv);
    RELEASE(ID3D11Texture2D, d->ds_tex);
    RELEASE(ID3D11Texture2D, d->staging);
    RELEASE(ID3D11Query, d->event);
    RELEASE(ID3D11DeviceContext, d->ctx);
    RELEASE(ID3D11Device, d->dev);
}

static int run_level(D3D_FEATURE_LEVEL level, const char *name)
{
    struct demo d;
    int r = -1;
    memset(&d, 0, sizeof(d));
    d.level = level;
    d.level_name = name;
    printf("feature level %s\n", name);
    CHECK(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                            D3D11_SDK_VERSION, &d.dev, NULL, &d.ctx),
          "D3D11CreateDevice");
    D3D11_QUERY_DESC qd = {D3D11_QUERY_EVENT, 0};
    CHECK(ID3D11Device_CreateQuery(d.dev, &qd, &d.event), "CreateQuery(EVENT)");

    D3D11_TEXTURE2D_DESC td;
    memset(&td, 0, sizeof(td));
    td.Width = W;
    td.Height = H;
    td.MipLevels = 1;
    td.ArraySize = 1;
    td.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
    td.SampleDesc.Count = 1;
    td.Usage = D3D11_USAGE_DEFAULT;
    td.BindFlags = D3D11_BIND_DEPTH_STENCIL;
    CHECK(ID3D11Device_CreateTexture2D(d.dev, &td, NULL, &d.ds_tex), "CreateTexture2D(depth)");
    CHECK(ID3D11Device_CreateDepthStencilView(d.dev, (ID3D11Resource *)d.ds_tex, NULL, &d.dsv),
          "CreateDepthStencilView");
    td.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    CHECK(ID3D11Device_CreateTexture2D(d.dev, &td, NULL, &d.staging), "CreateTexture2D(staging)");

    D3D11_RASTERIZER_DESC rd;
    memset(&rd, 0, sizeof(rd));
    rd.FillMode = D3D11_FILL_SOLID;
    rd.CullMode = D3D11_CULL_NONE;
    rd.DepthClipEnable = TRUE;
    CHECK(ID3D11Device_CreateRasterizerState(d.dev, &rd, &d.raster), "CreateRasterizerState");
    D3D11_SAMPLER_DESC sd;
    memset(&sd, 0, sizeof(sd));
    sd.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR;
    sd.AddressU = sd.AddressV = sd.AddressW = D3D11_TEXTURE_ADDRESS_WRAP;
    sd.MaxAnisotropy = 1;
    sd.ComparisonFunc = D3D11_COMPARISON_NEVER;
    sd.MaxLOD = 3.402823466e+38f;
    CHECK(ID3D11Device_CreateSamplerState(d.dev, &sd, &d.sampler), "CreateSamplerState");

    r = scene1_run(&d);
    if (level == D3D_FEATURE_LEVEL_9_3)
        r |= scene2_run(&d);
fail:
    demo_close(&d);
    return r;
}

/* ---- Direct3D 9 scenes ---------------------------------------------------------------------- */

struct vertex9 {             /* D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_TEX2 */
    float pos[3], n[3], uv0[2], uv1[2];
};
#define FVF9 (D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_TEX2)
enum { GRID = 40, SPH_U = 32, SPH_V = 16,
       VERTS9 = (GRID + 1) * (GRID + 1) + (SPH_U + 1) * (SPH_V + 1),
       TRIS9 = (GRID * GRID + SPH_U * SPH_V) * 2 };
#define FOG_START 8.0f
#define FOG_END 40.0f
#define FOG_COLOR 0xffa8bccfu

struct demo9 {
    const char *profile;
    IDirect3DDevice9 *dev;
    IDirect3DSurface9 *rt, *sys;   /* the back buffer; its SYSTEMMEM copy */
    IDirect3DVertexBuffer9 *vb;
    IDirect3DIndexBuffer9 *ib;
    IDirect3DTexture9 *checker, *lightmap;
    IDirect3DVertexShader9 *vs;
    IDirect3DPixelShader9 *ps;
};

static const float eye9[3] = {0, 5, -12}, at9[3] = {0, 1, 6};

/* The light map's coordinates: a warm spot centred on (-3, 0, 5), 24 units across. */
static void set_v9(struct vertex9 *v, float x, float y, float z, float nx, float ny, float nz,
                   float u, float tv)
{
    *v = (struct vertex9){{x, y, z}, {nx, ny, nz}, {u, tv},
                          {(x + 3) / 24 + 0.5f, 0.5f - (z - 5) / 24}};
}

/* A 40x40 ground plane tessellated into 1x1 squares and a sphere sunk slightly into it. */
static void geometry9(struct vertex9 *v, uint16_t *idx)
{
    int n = 0, k = 0;
    for (int j = 0; j <= GRID; j++)
        for (int i = 0; i <= GRID; i++) {
            float x = -20.0f + i, z = -8.0f + j;
            set_v9(&v[n++], x, 0, z, 0, 1, 0, x / 8, z / 8);
        }
    for (int j = 0; j < GRID; j++)
        for (int i = 0; i < GRID; i++) {
            uint16_t b = (uint16_t)(j * (GRID + 1) + i);
            uint16_t q[6] = {b, b + GRID + 1, b + 1, b + 1, b + GRID + 1, b + GRID + 2};
            memcpy(idx + k, q, sizeof(q));
            k += 6;
        }
    int first = n;
    for (int a = 0; a <= SPH_V; a++)
        for (int b = 0; b <= SPH_U; b++) {
            float t = 3.14159265f * a / SPH_V, p = 6.2831853f * b / SPH_U;
            float nx = sinf(t) * cosf(p), ny = cosf(t), nz = sinf(t) * sinf(p);
            set_v9(&v[n++], 1.5f * nx, 1.2f + 1.5f * ny, 4 + 1.5f * nz, nx, ny, nz,
                   4.0f * b / SPH_U, 2.0f * a / SPH_V);
        }
    for (int a = 0; a < SPH_V; a++)
        for (int b = 0; b < SPH_U; b++) {
            uint16_t c = (uint16_t)(first + a * (SPH_U + 1) + b);
            uint16_t q[6] = {c, c + 1, c + SPH_U + 1, c + 1, c + SPH_U + 2, c + SPH_U + 1};
            memcpy(idx + k, q, sizeof(q));
            k += 6;
        }
}

/* An A8R8G8B8 managed texture with the mip chain of `t` (RGBA8 -> BGRA8). */
static HRESULT create_texture9(IDirect3DDevice9 *dev, const struct texture_data *t,
                               IDirect3DTexture9 **out)
{
    HRESULT hr = IDirect3DDevice9_CreateTexture(dev, t->size, t->size, t->levels, 0,
                                                D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, out, NULL);
    for (uint32_t l = 0; SUCCEEDED(hr) && l < t->levels; l++) {
        D3DLOCKED_RECT lr;
        uint32_t n = t->size >> l;
        if (FAILED(hr = IDirect3DTexture9_LockRect(*out, l, &lr, NULL, 0)))
            break;
        for (uint32_t y = 0; y < n; y++)
            for (uint32_t x = 0; x < n; x++) {
                const uint8_t *s = t->level[l] + ((size_t)y * n + x) * 4;
                uint8_t *d = (uint8_t *)lr.pBits + (size_t)y * lr.Pitch + x * 4;
                d[0] = s[2], d[1] = s[1], d[2] = s[0], d[3] = s[3];
            }
        IDirect3DTexture9_UnlockRect(*out, l);
    }
    return hr;
}

/* 64x64 soft radial light map: 0.92 (x1.8 under MODULATE2X) in the middle, 0.42 outside. */
static int make_lightmap(struct texture_data *t)
{
    t->size = 64;
    t->levels = 1;
    if (!(t->level[0] = malloc(64 * 64 * 4)))
        return -1;
    for (int y = 0; y < 64; y++)
        for (int x = 0; x < 64; x++) {
            float dx = (x - 31.5f) / 32, dy = (y - 31.5f) / 32;
            float v = 0.42f + 0.5f * expf(-4 * (dx * dx + dy * dy));
            uint8_t *p = t->level[0] + ((size_t)y * 64 + x) * 4;
            p[0] = (uint8_t)(v * 255), p[1] = (uint8_t)(v * 235), p[2] = (uint8_t)(v * 200);
            p[3] = 255;
        }
    return 0;
}

static D3DMATRIX d3dmatrix(const mat4 *m)   /* row vectors: the transpose */
{
    D3DMATRIX r;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            r.m[i][j] = m->m[j][i];
    return r;
}

static void frame9(struct demo9 *d)
{
    IDirect3DDevice9_Clear(d->dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, FOG_COLOR, 1, 0);
    IDirect3DDevice9_BeginScene(d->dev);
    IDirect3DDevice9_DrawIndexedPrimitive(d->dev, D3DPT_TRIANGLELIST, 0, 0, VERTS9, 0, TRIS9);
    IDirect3DDevice9_EndScene(d->dev);
    /* the frame ends when its image has been read back (softd3d has no D3D9 queries yet) */
    IDirect3DDevice9_GetRenderTargetData(d->dev, d->rt, d->sys);
}

/* One warm-up frame, then the mean of TIMED_FRAMES; writes DIR/demo9_<profile>_<name>.png. */
static int run9(struct demo9 *d, const char *name)
{
    D3DLOCKED_RECT lr;
    char path[4096];
    uint8_t *rgba = NULL;
    int r = -1;
    frame9(d);
    double t0 = now();
    for (int i = 0; i < TIMED_FRAMES; i++)
        frame9(d);
    printf("  scene %-7s %8.2f ms/frame\n", name, (now() - t0) * 1e3 / TIMED_FRAMES);
    CHECK(IDirect3DDevice9_GetRenderTargetData(d->dev, d->rt, d->sys), "GetRenderTargetData");
    CHECK(IDirect3DSurface9_LockRect(d->sys, &lr, NULL, D3DLOCK_READONLY), "LockRect");
    if ((rgba = malloc((size_t)W * H * 4)))
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                const uint8_t *s = (const uint8_t *)lr.pBits + (size_t)y * lr.Pitch + x * 4;
                uint8_t *o = rgba + ((size_t)y * W + x) * 4;
                o[0] = s[2], o[1] = s[1], o[2] = s[0], o[3] = 255;
            }
    IDirect3DSurface9_UnlockRect(d->sys);
    snprintf(path, sizeof(path), "%s/demo9_%s_%s.png", out_dir, d->profile, name);
    if (!rgba || util_png_write(path, rgba, W, H, W * 4, 4))
        printf("  cannot write %s: %s\n", path, strerror(errno));
    else
        printf("  -> %s\n", path), r = 0;
fail:
    free(rgba);
    return r;
}

/* Fixed function: one directional and one point light with specular, linear vertex fog, stage 0
 * checker * diffuse, stage 1 light map MODULATE2X (second texture coordinate set). */
static int scene9_ff(struct demo9 *d)
{
    IDirect3DDevice9 *dev = d->dev;
    D3DMATERIAL9 m = {{1, 1, 1, 1}, {1, 1, 1, 1}, {0.7f, 0.7f, 0.7f, 1}, {0, 0, 0, 0}, 40};
    D3DLIGHT9 l0, l1;
    memset(&l0, 0, sizeof(l0));
    memset(&l1, 0, sizeof(l1));
    l0.Type = D3DLIGHT_DIRECTIONAL;
    l0.Diffuse = (D3DCOLORVALUE){0.85f, 0.8f, 0.7f, 1};
    l0.Specular = (D3DCOLORVALUE){1, 1, 1, 1};
    l0.Direction = (D3DVECTOR){-0.45f, -0.8f, 0.4f};
    l1.Type = D3DLIGHT_POINT;
    l1.Diffuse = (D3DCOLORVALUE){0.3f, 0.55f, 1, 1};
    l1.Specular = (D3DCOLORVALUE){0.5f, 0.7f, 1, 1};
    l1.Position = (D3DVECTOR){3, 2.5f, 2};
    l1.Range = 20;
    l1.Attenuation0 = 0.5f;
    l1.Attenuation1 = 0.25f;
    IDirect3DDevice9_SetMaterial(dev, &m);
    IDirect3DDevice9_SetLight(dev, 0, &l0);
    IDirect3DDevice9_SetLight(dev, 1, &l1);
    IDirect3DDevice9_LightEnable(dev, 0, TRUE);
    IDirect3DDevice9_LightEnable(dev, 1, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, 0xff383838);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SPECULARENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_NORMALIZENORMALS, TRUE);
    union { float f; DWORD u; } fs = {FOG_START}, fe = {FOG_END};
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGCOLOR, FOG_COLOR);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGVERTEXMODE, D3DFOG_LINEAR);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGSTART, fs.u);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGEND, fe.u);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG2, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_MODULATE2X);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG2, D3DTA_CURRENT);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_TEXCOORDINDEX, 1);
    IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_COLOROP, D3DTOP_DISABLE);
    mat4 ident = {{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}};
    mat4 view = look_at(eye9, at9), proj = perspective(1.0f, (float)W / H, 0.5f, 100);
    D3DMATRIX mw = d3dmatrix(&ident), mv = d3dmatrix(&view), mp = d3dmatrix(&proj);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &mw);
    IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &mv);
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &mp);
    int r = run9(d, "ff");
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    return r;
}

static const char vs9_text[] =
    "vs_2_0\n"
    "dcl_position v0\n" "dcl_normal v1\n" "dcl_texcoord0 v2\n" "dcl_texcoord1 v3\n"
    "m4x4 oPos, v0, c0\n"
    "mov oT0.xy, v2\n" "mov oT1.xy, v3\n" "mov oT2.xyz, v1\n"
    "add r0.xyz, c4, -v0\n"                 /* to the eye */
    "mov oT3.xyz, r0\n"
    "dp3 r1.x, r0, r0\n" "rsq r1.y, r1.x\n" "rcp r1.z, r1.y\n"
    "mad oT4, r1.z, c5.x, c5.y\n";          /* linear fog factor of the distance */
static const char ps9_text[] =
    "ps_2_0\n"
    "def c6, 0, 1, 2, 32\n"
    "dcl t0.xy\n" "dcl t1.xy\n" "dcl t2.xyz\n" "dcl t3.xyz\n" "dcl t4.x\n"
    "dcl_2d s0\n" "dcl_2d s1\n"
    "texld r0, t0, s0\n" "texld r1, t1, s1\n"
    "dp3 r2.w, t2, t2\n" "rsq r2.w, r2.w\n" "mul r2.xyz, t2, r2.w\n"       /* n */
    "dp3 r3.w, t3, t3\n" "rsq r3.w, r3.w\n" "mad r3.xyz, t3, r3.w, c0\n"
    "dp3 r3.w, r3, r3\n" "rsq r3.w, r3.w\n" "mul r3.xyz, r3, r3.w\n"       /* half vector */
    "dp3_sat r4.x, r2, c0\n" "dp3_sat r4.y, r2, r3\n" "pow r4.z, r4.y, c6.w\n"
    "mad r5.xyz, r4.x, c1, c2\n"            /* ambient + diffuse */
    "mul r0.xyz, r0, r5\n" "mul r0.xyz, r0, r1\n" "add r0.xyz, r0, r0\n"
    "mad r0.xyz, r4.z, c5, r0\n"            /* + specular */
    "mov_sat r6.x, t4.x\n"
    "lrp r7.xyz, r6.x, r0, c3\n" "mov r7.w, c6.y\n"
    "mov oC0, r7\n";

/* Shaders: vs_2_0 + ps_2_0, per-pixel Blinn-Phong of one directional light, the checker times
 * the light map, per-pixel linear fog of the distance. */
static int scene9_shader(struct demo9 *d)
{
    IDirect3DDevice9 *dev = d->dev;
    void *blob = NULL;
    size_t size;
    if (assemble("vs_2_0", vs9_text, &blob, &size))
        return -1;
    HRESULT hr = IDirect3DDevice9_CreateVertexShader(dev, blob, &d->vs);
    free(blob);
    CHECK(hr, "CreateVertexShader");
    if (assemble("ps_2_0", ps9_text, &blob, &size))
        return -1;
    hr = IDirect3DDevice9_CreatePixelShader(dev, blob, &d->ps);
    free(blob);
    CHECK(hr, "CreatePixelShader");
    mat4 vp = camera(eye9, at9, 1.0f, (float)W / H, 0.5f, 100);
    float l[3] = {0.45f, 0.8f, -0.4f};
    normalize3(l);
    const float vc[8] = {eye9[0], eye9[1], eye9[2], 1,
                         -1 / (FOG_END - FOG_START), FOG_END / (FOG_END - FOG_START), 0, 0};
    const float pc[24] = {l[0], l[1], l[2], 0,   0.85f, 0.8f, 0.7f, 1,  0.22f, 0.22f, 0.24f, 1,
                          0xa8 / 255.0f, 0xbc / 255.0f, 0xcf / 255.0f, 1,  0, 0, 0, 0,
                          0.6f, 0.6f, 0.6f, 0};
    IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, &vp.m[0][0], 4);
    IDirect3DDevice9_SetVertexShaderConstantF(dev, 4, vc, 2);
    IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, pc, 6);
    IDirect3DDevice9_SetVertexShader(dev, d->vs);
    IDirect3DDevice9_SetPixelShader(dev, d->ps);
    return run9(d, "shader");
fail:
    return -1;
}

static int run_profile9(const char *profile)
{
    struct demo9 d;
    struct texture_data checker, lightmap;
    IDirect3D9 *d3d = NULL;
    int r = -1;
    memset(&d, 0, sizeof(d));
    memset(&checker, 0, sizeof(checker));
    memset(&lightmap, 0, sizeof(lightmap));
    d.profile = profile;
    printf("Direct3D 9, profile %s\n", profile);
    setenv("SOFTD3D_PROFILE", profile, 1);
    if (!(d3d = Direct3DCreate9(D3D_SDK_VERSION))) {
        printf("  Direct3DCreate9 failed\n");
        return -1;
    }
    D3DPRESENT_PARAMETERS pp;
    memset(&pp, 0, sizeof(pp));
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.BackBufferWidth = W;
    pp.BackBufferHeight = H;
    pp.BackBufferFormat = D3DFMT_A8R8G8B8;
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    CHECK(IDirect3D9_CreateDevice(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, NULL,
                                  D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &d.dev),
          "CreateDevice");
    CHECK(IDirect3DDevice9_GetRenderTarget(d.dev, 0, &d.rt), "GetRenderTarget");
    CHECK(IDirect3DDevice9_CreateOffscreenPlainSurface(d.dev, W, H, D3DFMT_A8R8G8B8,
                                                      D3DPOOL_SYSTEMMEM, &d.sys, NULL),
          "CreateOffscreenPlainSurface");
    CHECK(IDirect3DDevice9_CreateVertexBuffer(d.dev, VERTS9 * sizeof(struct vertex9), 0, FVF9,
                                              D3DPOOL_MANAGED, &d.vb, NULL), "CreateVertexBuffer");
    CHECK(IDirect3DDevice9_CreateIndexBuffer(d.dev, TRIS9 * 6, 0, D3DFMT_INDEX16,
                                             D3DPOOL_MANAGED, &d.ib, NULL), "CreateIndexBuffer");
    void *pv, *pi;
    CHECK(IDirect3DVertexBuffer9_Lock(d.vb, 0, 0, &pv, 0), "Lock(VB)");
    CHECK(IDirect3DIndexBuffer9_Lock(d.ib, 0, 0, &pi, 0), "Lock(IB)");
    geometry9(pv, pi);
    IDirect3DVertexBuffer9_Unlock(d.vb);
    IDirect3DIndexBuffer9_Unlock(d.ib);
    if (make_checker(&checker) || make_lightmap(&lightmap)) {
        printf("  out of memory\n");
        goto fail;
    }
    CHECK(create_texture9(d.dev, &checker, &d.checker), "CreateTexture(checker)");
    CHECK(create_texture9(d.dev, &lightmap, &d.lightmap), "CreateTexture(light map)");
    IDirect3DDevice9_SetStreamSource(d.dev, 0, d.vb, 0, sizeof(struct vertex9));
    IDirect3DDevice9_SetIndices(d.dev, d.ib);
    IDirect3DDevice9_SetFVF(d.dev, FVF9);
    IDirect3DDevice9_SetTexture(d.dev, 0, (IDirect3DBaseTexture9 *)d.checker);
    IDirect3DDevice9_SetTexture(d.dev, 1, (IDirect3DBaseTexture9 *)d.lightmap);
    for (DWORD s = 0; s < 2; s++) {
        IDirect3DDevice9_SetSamplerState(d.dev, s, D3DSAMP_MINFILTER, D3DTEXF_LINEAR);
        IDirect3DDevice9_SetSamplerState(d.dev, s, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR);
        IDirect3DDevice9_SetSamplerState(d.dev, s, D3DSAMP_MIPFILTER, D3DTEXF_LINEAR);
    }
    IDirect3DDevice9_SetSamplerState(d.dev, 1, D3DSAMP_ADDRESSU, D3DTADDRESS_CLAMP);
    IDirect3DDevice9_SetSamplerState(d.dev, 1, D3DSAMP_ADDRESSV, D3DTADDRESS_CLAMP);
    IDirect3DDevice9_SetRenderState(d.dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(d.dev, D3DRS_ZENABLE, D3DZB_TRUE);
    r = scene9_ff(&d);
    r |= scene9_shader(&d);
fail:
    texture_free(&checker);
    texture_free(&lightmap);
    RELEASE(IDirect3DVertexShader9, d.vs);
    RELEASE(IDirect3DPixelShader9, d.ps);
    RELEASE(IDirect3DTexture9, d.checker);
    RELEASE(IDirect3DTexture9, d.lightmap);
    RELEASE(IDirect3DVertexBuffer9, d.vb);
    RELEASE(IDirect3DIndexBuffer9, d.ib);
    RELEASE(IDirect3DSurface9, d.sys);
    RELEASE(IDirect3DSurface9, d.rt);
    RELEASE(IDirect3DDevice9, d.dev);
    RELEASE(IDirect3D9, d3d);
    unsetenv("SOFTD3D_PROFILE");
    return r;
}

int main(int argc, char **argv)
{
    bool tiled = false, tess = false, compute = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--out") && i + 1 < argc) {
            out_dir = argv[++i];
        } else if (!strcmp(argv[i], "--tiled")) {
            tiled = true;   /* demo_tiled.c: the tiled-resources streaming scene at 11_1 */
        } else if (!strcmp(argv[i], "--tess")) {
            tess = true;    /* demo_tess.c: the tessellated terrain at 11_0 */
        } else if (!strcmp(argv[i], "--compute")) {
            compute = true;   /* demo_compute.c: the particle scene at 11_0 */
        } else {
            fprintf(stderr, "usage: softd3d-demo [--out DIR] [--tiled | --tess | --compute]\n");
            return 2;
        }
    }
    if (mkdir(out_dir, 0777) && errno != EEXIST) {
        fprintf(stderr, "softd3d-demo: cannot create %s: %s\n", out_dir, strerror(errno));
        return 1;
    }
    if (tiled)
        return demo_tiled_run(out_dir);
    if (tess)
        return demo_tess_run(out_dir);
    if (compute)
        return demo_compute_run(out_dir);
    printf("softd3d demo: Direct3D 11 scenes at feature levels 9_1, 9_2, 9_3 (shaders assembled "
           "from vs/ps_4_0_level_9_x listings)\n");
    int errors = 0;
    errors |= run_level(D3D_FEATURE_LEVEL_9_1, "9_1") != 0;
    errors |= run_level(D3D_FEATURE_LEVEL_9_2, "9_2") != 0;
    errors |= run_level(D3D_FEATURE_LEVEL_9_3, "9_3") != 0;
    errors |= demo_10_1_run(out_dir) != 0;   /* demo_10_1.c: MSAA, arrays, instancing, UINT */
    printf("softd3d demo: Direct3D 9 scenes at profiles 9_1, 9_2, 9_3 (fixed function; vs_2_0 + "
           "ps_2_0 assembled from d3dbc listings)\n");
    errors |= run_profile9("9_1") != 0;
    errors |= run_profile9("9_2") != 0;
    errors |= run_profile9("9_3") != 0;
    return errors ? 1 : 0;
}
