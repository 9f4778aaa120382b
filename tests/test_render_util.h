/* tests/test_render_util.h — helpers of the rendering tests (test_render*.c): a device with a
 * render target of a given size, shaders assembled from SM4 listings (src/shader/shader_asm.h),
 * buffers, and the read-back of a render target through a staging copy and Map.
 *
 * The shaders are *_4_0_level_9_x listings: the SM4 program is what softd3d runs, the level-9
 * (SM2) program under "// Level9 shader bytecode:" only makes the container one that 10Level9
 * accepts.  Without signature comment blocks the assembler derives the signatures: vertex
 * inputs and non-position outputs are TEXCOORD0, TEXCOORD1... in register order, the position
 * output SV_Position, pixel outputs SV_Target<n>; so a vertex output o<k> (k >= 1) and a pixel
 * input of the same rank link.
 */
#ifndef SOFTD3D_TESTS_RENDER_UTIL_H
#define SOFTD3D_TESTS_RENDER_UTIL_H

#define COBJMACROS
#include "harness.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11_2.h"
#include "shader/shader_asm.h"
#include "util/log.h"

#define LAST util_last_message()

/* A call that must not be refused (no message). */
#define ACCEPTED(call)                                                                           \
    do {                                                                                         \
        util_clear_last_message();                                                               \
        call;                                                                                    \
        if (LAST[0])                                                                             \
            harness_fail(__FILE__, __LINE__, "unexpected refusal: %s", LAST);                    \
    } while (0)

/* Level-9 programs for the listings (d3dbc syntax). */
#define L9_VS_91 "// Level9 shader bytecode:\n    vs_2_0\n    dcl_texcoord v0\n    mov oPos, v0\n"
#define L9_VS_93 "// Level9 shader bytecode:\n    vs_2_x\n    dcl_texcoord v0\n    mov oPos, v0\n"
#define L9_PS_91 "// Level9 shader bytecode:\n    ps_2_0\n    mov oC0, c0\n"
#define L9_PS_93 "// Level9 shader bytecode:\n    ps_2_x\n    mov oC0, c0\n"

/* Position (v0) in, position out; and position + one attribute (v1 -> o1). */
#define VS_POS                                                                                   \
    L9_VS_91 "vs_4_0_level_9_1\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\n"          \
             "mov o0.xyzw, v0.xyzw\nret\n"
#define VS_POS_ATTR                                                                              \
    L9_VS_91 "vs_4_0_level_9_1\ndcl_input v0.xyzw\ndcl_input v1.xyzw\n"                          \
             "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\n"                            \
             "mov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"
/* The interpolated attribute as the colour. */
#define PS_ATTR                                                                                  \
    L9_PS_91 "ps_4_0_level_9_1\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\n"             \
             "mov o0.xyzw, v0.xyzw\nret\n"
/* A texture sampled at the attribute's xy. */
#define PS_TEX                                                                                   \
    L9_PS_91 "ps_4_0_level_9_1\ndcl_sampler s0, mode_default\n"                                  \
             "dcl_resource_texture2d (float,float,float,float) t0\n"                             \
             "dcl_input_ps linear v0.xy\ndcl_output o0.xyzw\n"                                   \
             "sample o0.xyzw, v0.xyxx, t0.xyzw, s0\nret\n"

struct vtx {
    float pos[4];
    float attr[4];
};

struct rd {
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
    ID3D11Texture2D *tex;
    ID3D11RenderTargetView *rtv;
    UINT w, h;
    D3D_FEATURE_LEVEL level;
};

static inline void *rd_assemble(const char *text, size_t *size)
{
    void *blob = NULL;
    char err[256] = "";
    int r = shader_assemble(text, strlen(text), &blob, size, err, sizeof(err));
    if (r)
        harness_fail(__FILE__, __LINE__, "shader_assemble: %s", err);
    return blob;
}

static inline ID3D11VertexShader *rd_vs(ID3D11Device *dev, const char *text)
{
    size_t n;
    void *blob = rd_assemble(text, &n);
    ID3D11VertexShader *s = NULL;
    if (blob)
        CHECK_HR(ID3D11Device_CreateVertexShader(dev, blob, n, NULL, &s), S_OK);
    free(blob);
    return s;
}

static inline ID3D11PixelShader *rd_ps(ID3D11Device *dev, const char *text)
{
    size_t n;
    void *blob = rd_assemble(text, &n);
    ID3D11PixelShader *s = NULL;
    if (blob)
        CHECK_HR(ID3D11Device_CreatePixelShader(dev, blob, n, NULL, &s), S_OK);
    free(blob);
    return s;
}

/* An input layout made against the listing of the vertex shader it serves. */
static inline ID3D11InputLayout *rd_layout(ID3D11Device *dev, const D3D11_INPUT_ELEMENT_DESC *e,
                                           UINT n, const char *vs_text)
{
    size_t size;
    void *blob = rd_assemble(vs_text, &size);
    ID3D11InputLayout *l = NULL;
    if (blob)
        CHECK_HR(ID3D11Device_CreateInputLayout(dev, e, n, blob, size, &l), S_OK);
    free(blob);
    return l;
}

/* TEXCOORD0 = float4 position, TEXCOORD1 = float4 attribute: struct vtx. */
static const D3D11_INPUT_ELEMENT_DESC rd_vtx_layout[] = {
    { "TEXCOORD", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0 },
    { "TEXCOORD", 1, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0 },
};

static inline ID3D11Buffer *rd_buffer(ID3D11Device *dev, UINT bind, const void *data, UINT size)
{
    D3D11_BUFFER_DESC d = { size, D3D11_USAGE_DEFAULT, bind, 0, 0, 0 };
    D3D11_SUBRESOURCE_DATA init = { data, 0, 0 };
    ID3D11Buffer *b = NULL;
    CHECK_HR(ID3D11Device_CreateBuffer(dev, &d, data ? &init : NULL, &b), S_OK);
    return b;
}

static inline ID3D11Texture2D *rd_texture(ID3D11Device *dev, UINT w, UINT h, DXGI_FORMAT f,
                                          UINT bind, const void *data, UINT pitch)
{
    D3D11_TEXTURE2D_DESC d;
    memset(&d, 0, sizeof(d));
    d.Width = w;
    d.Height = h;
    d.MipLevels = 1;
    d.ArraySize = 1;
    d.Format = f;
    d.SampleDesc.Count = 1;
    d.Usage = D3D11_USAGE_DEFAULT;
    d.BindFlags = bind;
    D3D11_SUBRESOURCE_DATA init = { data, pitch, 0 };
    ID3D11Texture2D *t = NULL;
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, data ? &init : NULL, &t), S_OK);
    return t;
}

static inline void rd_viewport(ID3D11DeviceContext *ctx, float x, float y, float w, float h)
{
    D3D11_VIEWPORT vp = { x, y, w, h, 0.0f, 1.0f };
    ID3D11DeviceContext_RSSetViewports(ctx, 1, &vp);
}

/* A device of `level` under SOFTD3D_PROFILE `profile` (NULL: the default, max) and its
 * immediate context, or NULL (the test fails).  The variable is unset again once the device
 * exists. */
static inline ID3D11Device *rd_profile_device(const char *profile, D3D_FEATURE_LEVEL level,
                                              ID3D11DeviceContext **ctx)
{
    ID3D11Device *dev = NULL;
    if (profile)
        setenv("SOFTD3D_PROFILE", profile, 1);
    else
        unsetenv("SOFTD3D_PROFILE");
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                               D3D11_SDK_VERSION, &dev, NULL, ctx), S_OK);
    unsetenv("SOFTD3D_PROFILE");
    return dev;
}

/* A device at `level` under SOFTD3D_PROFILE `profile` (NULL: the default, max) with a w x h
 * R8G8B8A8_UNORM render target bound and a full viewport.  The variable is unset again once the
 * device exists. */
static inline bool rd_begin_profile(struct rd *r, const char *profile, D3D_FEATURE_LEVEL level,
                                    UINT w, UINT h)
{
    memset(r, 0, sizeof(*r));
    r->w = w;
    r->h = h;
    r->level = level;
    if (profile)
        setenv("SOFTD3D_PROFILE", profile, 1);
    else
        unsetenv("SOFTD3D_PROFILE");
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                               D3D11_SDK_VERSION, &r->dev, NULL, &r->ctx), S_OK);
    unsetenv("SOFTD3D_PROFILE");
    if (!r->dev)
        return false;
    r->tex = rd_texture(r->dev, w, h, DXGI_FORMAT_R8G8B8A8_UNORM,
                        D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, NULL, 0);
    if (!r->tex)
        return false;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r->dev, (ID3D11Resource *)r->tex, NULL, &r->rtv),
             S_OK);
    ID3D11DeviceContext_OMSetRenderTargets(r->ctx, 1, &r->rtv, NULL);
    rd_viewport(r->ctx, 0.0f, 0.0f, (float)w, (float)h);
    return r->rtv != NULL;
}

/* A device at `level` (9_x: the default profile) with the target as above. */
static inline bool rd_begin(struct rd *r, D3D_FEATURE_LEVEL level, UINT w, UINT h)
{
    return rd_begin_profile(r, NULL, level, w, h);
}

#define RD_RELEASE(obj)                                                                          \
    do {                                                                                         \
        if (obj)                                                                                 \
            CHECK_EQ(IUnknown_Release((IUnknown *)(obj)), 0);                                    \
        (obj) = NULL;                                                                            \
    } while (0)

static inline void rd_end(struct rd *r)
{
    RD_RELEASE(r->rtv);
    RD_RELEASE(r->tex);
    if (r->ctx)
        ID3D11DeviceContext_Release(r->ctx);
    if (r->dev)
        CHECK_EQ(ID3D11Device_Release(r->dev), 0);
    memset(r, 0, sizeof(*r));
}

/* The texel bytes of a 2D texture (w x h, `bpp` bytes a texel) through a staging copy. */
static inline void rd_read_tex(struct rd *r, ID3D11Texture2D *tex, UINT w, UINT h, DXGI_FORMAT f,
                               UINT bpp, uint8_t *out)
{
    D3D11_TEXTURE2D_DESC d;
    memset(&d, 0, sizeof(d));
    d.Width = w;
    d.Height = h;
    d.MipLevels = 1;
    d.ArraySize = 1;
    d.Format = f;
    d.SampleDesc.Count = 1;
    d.Usage = D3D11_USAGE_STAGING;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ID3D11Texture2D *st = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    memset(out, 0xcd, (size_t)w * h * bpp);
    CHECK_HR(ID3D11Device_CreateTexture2D(r->dev, &d, NULL, &st), S_OK);
    if (!st)
        return;
    ID3D11DeviceContext_CopyResource(r->ctx, (ID3D11Resource *)st, (ID3D11Resource *)tex);
    CHECK_HR(ID3D11DeviceContext_Map(r->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m),
             S_OK);
    if (m.pData)
        for (UINT y = 0; y < h; y++)
            memcpy(out + (size_t)y * w * bpp, (const uint8_t *)m.pData + (size_t)y * m.RowPitch,
                   (size_t)w * bpp);
    ID3D11DeviceContext_Unmap(r->ctx, (ID3D11Resource *)st, 0);
    RD_RELEASE(st);
}

/* The render target's RGBA bytes, w * h * 4. */
static inline void rd_read(struct rd *r, uint8_t *out)
{
    rd_read_tex(r, r->tex, r->w, r->h, DXGI_FORMAT_R8G8B8A8_UNORM, 4, out);
}

static inline void rd_clear(struct rd *r, float red, float g, float b, float a)
{
    const float c[4] = { red, g, b, a };
    ID3D11DeviceContext_ClearRenderTargetView(r->ctx, r->rtv, c);
}

/* Binds a vertex buffer of struct vtx, the TEXCOORD0/1 layout and the two shaders. */
struct rd_pipe {
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps;
    ID3D11InputLayout *layout;
    ID3D11Buffer *vb;
};

static inline void rd_pipe_begin(struct rd *r, struct rd_pipe *p, const char *vs, const char *ps,
                                 const struct vtx *v, UINT nv, D3D11_PRIMITIVE_TOPOLOGY topo)
{
    UINT stride = sizeof(struct vtx), offset = 0;
    memset(p, 0, sizeof(*p));
    p->vs = rd_vs(r->dev, vs);
    p->ps = ps ? rd_ps(r->dev, ps) : NULL;
    p->layout = rd_layout(r->dev, rd_vtx_layout, 2, vs);
    if (v)
        p->vb = rd_buffer(r->dev, D3D11_BIND_VERTEX_BUFFER, v, nv * (UINT)sizeof(*v));
    ID3D11DeviceContext_IASetInputLayout(r->ctx, p->layout);
    ID3D11DeviceContext_IASetVertexBuffers(r->ctx, 0, 1, &p->vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(r->ctx, topo);
    ID3D11DeviceContext_VSSetShader(r->ctx, p->vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(r->ctx, p->ps, NULL, 0);
}

static inline void rd_pipe_end(struct rd_pipe *p)
{
    RD_RELEASE(p->vb);
    RD_RELEASE(p->layout);
    RD_RELEASE(p->ps);
    RD_RELEASE(p->vs);
}

/* A full-viewport quad as two clockwise triangles (a list of 6), attribute per corner:
 * a0 top-left, a1 top-right, a2 bottom-left, a3 bottom-right. */
static inline void rd_quad(struct vtx *v, float z, const float *a0, const float *a1,
                           const float *a2, const float *a3)
{
    const float xy[4][2] = { { -1, 1 }, { 1, 1 }, { -1, -1 }, { 1, -1 } };
    const float *a[4] = { a0, a1, a2, a3 };
    static const int order[6] = { 0, 1, 2, 2, 1, 3 };
    for (int i = 0; i < 6; i++) {
        int k = order[i];
        v[i].pos[0] = xy[k][0];
        v[i].pos[1] = xy[k][1];
        v[i].pos[2] = z;
        v[i].pos[3] = 1.0f;
        memcpy(v[i].attr, a[k], sizeof(v[i].attr));
    }
}

/* round(c * 255) as the UNORM conversion does (3.2.3.6); ties cannot occur in the tests. */
static inline uint8_t rd_unorm8(double c)
{
    if (!(c > 0.0))
        return 0;
    if (c >= 1.0)
        return 255;
    return (uint8_t)floor(c * 255.0 + 0.5);
}

/* rd_begin, or end the test (releasing what was made) when it fails. */
#define RD_BEGIN(r, level, w, h)                                                                 \
    do {                                                                                         \
        if (!rd_begin(r, level, w, h)) {                                                         \
            rd_end(r);                                                                           \
            return;                                                                              \
        }                                                                                        \
    } while (0)

#define RD_PIXEL(buf, r, x, y) (&(buf)[((size_t)(y) * (r)->w + (x)) * 4])

#endif
