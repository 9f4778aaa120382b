/* tests/eval_scene.h — what the pull-model evaluation tests share (test_d3d11_eval.c with
 * hand-written listings, test_hlsl_eval.c with the HLSL intrinsics): the 8x8 float targets at
 * 1 and 4 samples, the pass-through vertex shader, the position quad and the perspective
 * triangle whose attribute values are known exactly, the read-back of one sample, and the
 * exact pixel check. */
#ifndef SOFTD3D_TESTS_EVAL_SCENE_H
#define SOFTD3D_TESTS_EVAL_SCENE_H

#include "test_render_util.h"

#include <stdio.h>


enum { EW = 8, EH = 8, NS = 4 };
static const int SX[NS] = { -2, 6, -6, 2 }, SY[NS] = { -6, -2, 2, 6 };

/* The position (v0) and the attribute twice (o1, o2: TEXCOORD0 and TEXCOORD1 of the pixel
 * program, one may be declared linear and the other noperspective). */
#define VS_ATTR2                                                                                 \
    "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"          \
    "dcl_output o1.xyzw\ndcl_output o2.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\n"      \
    "mov o2.xyzw, v1.xyzw\nret\n"

/* A float target of `samples` samples on an 11_0 device, and (multisampled) a one-sample
 * float target the samples are read into by ld_ms. */
struct ev {
    struct rd r;
    ID3D11Texture2D *tex, *one;
    ID3D11RenderTargetView *rtv, *one_rtv;
    ID3D11ShaderResourceView *srv;
    UINT samples;
};

static inline ID3D11Texture2D *ev_texture(struct ev *e, UINT samples)
{
    D3D11_TEXTURE2D_DESC d;
    memset(&d, 0, sizeof(d));
    d.Width = EW;
    d.Height = EH;
    d.MipLevels = 1;
    d.ArraySize = 1;
    d.Format = DXGI_FORMAT_R32G32B32A32_FLOAT;
    d.SampleDesc.Count = samples;
    d.Usage = D3D11_USAGE_DEFAULT;
    d.BindFlags = D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE;
    ID3D11Texture2D *t = NULL;
    CHECK_HR(ID3D11Device_CreateTexture2D(e->r.dev, &d, NULL, &t), S_OK);
    return t;
}

static inline bool ev_begin(struct ev *e, UINT samples)
{
    memset(e, 0, sizeof(*e));
    e->samples = samples;
    if (!rd_begin_profile(&e->r, NULL, D3D_FEATURE_LEVEL_11_0, EW, EH))
        return false;
    e->tex = ev_texture(e, samples);
    if (!e->tex)
        return false;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(e->r.dev, (ID3D11Resource *)e->tex, NULL,
                                                 &e->rtv), S_OK);
    if (samples > 1) {
        e->one = ev_texture(e, 1);
        if (!e->one)
            return false;
        CHECK_HR(ID3D11Device_CreateRenderTargetView(e->r.dev, (ID3D11Resource *)e->one, NULL,
                                                     &e->one_rtv), S_OK);
        CHECK_HR(ID3D11Device_CreateShaderResourceView(e->r.dev, (ID3D11Resource *)e->tex, NULL,
                                                       &e->srv), S_OK);
    }
    static const float clear[4] = { -1, -1, -1, -1 };
    if (e->rtv)
        ID3D11DeviceContext_ClearRenderTargetView(e->r.ctx, e->rtv, clear);
    ID3D11DeviceContext_OMSetRenderTargets(e->r.ctx, 1, &e->rtv, NULL);
    return e->rtv && (samples == 1 || (e->one_rtv && e->srv));
}

static inline void ev_end(struct ev *e)
{
    RD_RELEASE(e->srv);
    RD_RELEASE(e->one_rtv);
    RD_RELEASE(e->one);
    RD_RELEASE(e->rtv);
    RD_RELEASE(e->tex);
    rd_end(&e->r);
}

static inline void ev_draw(struct ev *e, const char *ps, const struct vtx *v, UINT n)
{
    struct rd_pipe p;
    ID3D11DeviceContext_OMSetRenderTargets(e->r.ctx, 1, &e->rtv, NULL);
    rd_pipe_begin(&e->r, &p, VS_ATTR2, ps, v, n, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    CHECK(p.ps != NULL);
    ACCEPTED(ID3D11DeviceContext_Draw(e->r.ctx, n, 0));
    rd_pipe_end(&p);
}

/* Sample s of every pixel (one-sample targets: the pixel), as floats, EW * EH * 4. */
static inline void ev_read(struct ev *e, unsigned s, float *out)
{
    uint8_t bytes[EW * EH * 16];
    ID3D11Texture2D *src = e->tex;
    if (e->samples > 1) {
        char ps[512];
        static const float none[4] = { 0, 0, 0, 0 };
        struct vtx q[6];
        struct rd_pipe p;
        snprintf(ps, sizeof(ps),
                 "ps_4_1\ndcl_resource_texture2dms(4) (float,float,float,float) t0\n"
                 "dcl_input_ps_siv linear noperspective v0.xy, position\ndcl_output o0.xyzw\n"
                 "dcl_temps 1\nftou r0.xy, v0.xyxx\nmov r0.zw, l(0, 0, 0, 0)\n"
                 "ld_ms o0.xyzw, r0.xyzw, t0.xyzw, l(%u)\nret\n", s);
        ID3D11DeviceContext_OMSetRenderTargets(e->r.ctx, 1, &e->one_rtv, NULL);
        rd_quad(q, 0.5f, none, none, none, none);
        rd_pipe_begin(&e->r, &p,
                      "vs_4_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\n"
                      "mov o0.xyzw, v0.xyzw\nret\n", ps, q, 6,
                      D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        ID3D11DeviceContext_PSSetShaderResources(e->r.ctx, 0, 1, &e->srv);
        ACCEPTED(ID3D11DeviceContext_Draw(e->r.ctx, 6, 0));
        ID3D11ShaderResourceView *null_srv = NULL;
        ID3D11DeviceContext_PSSetShaderResources(e->r.ctx, 0, 1, &null_srv);
        rd_pipe_end(&p);
        src = e->one;
    }
    rd_read_tex(&e->r, src, EW, EH, DXGI_FORMAT_R32G32B32A32_FLOAT, 16, bytes);
    memcpy(out, bytes, sizeof(bytes));
}

/* The quad over the whole target whose attribute at each corner is its pixel position (x, y). */
static inline void ev_position_quad(struct vtx *q)
{
    const float tl[4] = { 0, 0, 0, 0 }, tr[4] = { EW, 0, 0, 0 }, bl[4] = { 0, EH, 0, 0 },
                br[4] = { EW, EH, 0, 0 };
    rd_quad(q, 0.5f, tl, tr, bl, br);
}

static inline uint32_t ev_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

/* Pixel (x, y) of img holds (ex, ey, ez, ew) exactly. */
static inline void ev_expect(const float *img, int x, int y, double ex, double ey, double ez, double ew,
                      const char *what)
{
    const float *p = &img[(y * EW + x) * 4];
    const double want[4] = { ex, ey, ez, ew };
    for (int c = 0; c < 4; c++)
        if ((double)p[c] != want[c]) {
            printf("  %s: pixel (%d, %d) component %d is %.9g, want %.9g\n", what, x, y, c,
                   (double)p[c], want[c]);
            CHECK_EQ(ev_bits(p[c]), ev_bits((float)want[c]));
            return;
        }
}

/* The pixel shader given as an object (an HLSL-compiled one): the quad or triangle of v
 * drawn through VS_ATTR2 into the target. */
static inline void ev_draw_shader(struct ev *e, ID3D11PixelShader *ps, const struct vtx *v, UINT n)
{
    struct rd_pipe p;
    ID3D11DeviceContext_OMSetRenderTargets(e->r.ctx, 1, &e->rtv, NULL);
    rd_pipe_begin(&e->r, &p, VS_ATTR2, NULL, v, n, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_PSSetShader(e->r.ctx, ps, NULL, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(e->r.ctx, n, 0));
    rd_pipe_end(&p);
}

/* One triangle over the target whose left edge is at x = x0 (pixel units, w = 1) and whose
 * attribute is the pixel position (x, y): with x0 = 2.5 it covers samples 1 and 3 of column 2
 * (the centroid case). */
static inline void ev_position_tri(struct vtx *v, float x0)
{
    const float xs[3] = { x0, x0 + 2.0f * EW, x0 }, ys[3] = { 0, 0, 2.0f * EH };
    for (int i = 0; i < 3; i++) {
        v[i].pos[0] = xs[i] * 2.0f / EW - 1.0f;
        v[i].pos[1] = 1.0f - ys[i] * 2.0f / EH;
        v[i].pos[2] = 0.5f;
        v[i].pos[3] = 1.0f;
        v[i].attr[0] = xs[i];
        v[i].attr[1] = ys[i];
        v[i].attr[2] = v[i].attr[3] = 0;
    }
}

/* One triangle over the target with w = 1, 2, 4 at its vertices (perspective matters) and the
 * attribute 0, 16, 5; its left edge at x = x0. */
static inline void persp_tri(struct vtx *v, float x0)
{
    const float xs[3] = { x0, x0 + 2.0f * EW, x0 }, ys[3] = { 0, 0, 2.0f * EH };
    const float ws[3] = { 1, 2, 4 }, as[3] = { 0, 16, 5 };
    for (int i = 0; i < 3; i++) {
        v[i].pos[0] = (xs[i] * 2.0f / EW - 1.0f) * ws[i];
        v[i].pos[1] = (1.0f - ys[i] * 2.0f / EH) * ws[i];
        v[i].pos[2] = 0.5f * ws[i];
        v[i].pos[3] = ws[i];
        v[i].attr[0] = as[i];
        v[i].attr[1] = v[i].attr[2] = v[i].attr[3] = 0;
    }
}

#endif /* SOFTD3D_TESTS_EVAL_SCENE_H */
