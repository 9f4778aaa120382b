/* bench/softd3d_tess.c — the scenes that need feature level 11_0: tess (scenes.h BENCH_TESS)
 * through softd3d's public Direct3D 11 API with hull and domain shaders, and compute
 * (BENCH_COMPUTE: shaders_compute.h's cs_5_0 blur compiled with D3DCompile, the source image in
 * an immutable texture's view, the result in an RGBA8 UNORM unordered-access view; a frame is
 * the Dispatch and the event query; the view's texture is what is read).  For both: a device of its own at feature level 11_0 (created under
 * SOFTD3D_PROFILE=11_0, the caller's value put back after), an R8G8B8A8_UNORM target with a
 * D24_UNORM_S8_UINT depth buffer, the programs of shaders_tess.h assembled by the project's
 * assembler, the control points in an immutable vertex buffer drawn as a
 * 4_CONTROL_POINT_PATCHLIST; a frame is clear, the draws, and an event query waited on (as
 * bench/softd3d_scenes.c does for the 9_3 scenes).  Read-back through a staging copy. */
#define COBJMACROS
#include <windows.h>
#include <d3d11.h>
#include <d3dcompiler.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "renderer.h"
#include "softd3d_util.h"
#include "shaders.h"
#include "shaders_compute.h"
#include "shaders_tess.h"

struct sdt {
    uint32_t width, height;
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
    ID3D11Texture2D *rt_tex, *ds_tex, *staging;
    ID3D11RenderTargetView *rtv;
    ID3D11DepthStencilView *dsv;
    ID3D11Query *event;
    ID3D11RasterizerState *raster;
    ID3D11DepthStencilState *depth;
    ID3D11VertexShader *vs;
    ID3D11HullShader *hs;
    ID3D11DomainShader *ds;
    ID3D11PixelShader *ps;
    ID3D11InputLayout *il;
    /* per scene */
    ID3D11Buffer *vb, *hs_cb, *ds_cb;
    /* compute */
    ID3D11ComputeShader *cs;
    ID3D11Buffer *cs_cb;
    ID3D11Texture2D *src_tex, *out_tex;
    ID3D11ShaderResourceView *src_srv;
    ID3D11UnorderedAccessView *out_uav;
};


static void sdt_release(void *self)
{
    struct sdt *b = self;
    RELEASE(ID3D11Buffer, b->vb);
    RELEASE(ID3D11Buffer, b->hs_cb);
    RELEASE(ID3D11Buffer, b->ds_cb);
    RELEASE(ID3D11ComputeShader, b->cs);
    RELEASE(ID3D11Buffer, b->cs_cb);
    RELEASE(ID3D11ShaderResourceView, b->src_srv);
    RELEASE(ID3D11UnorderedAccessView, b->out_uav);
    RELEASE(ID3D11Texture2D, b->src_tex);
    RELEASE(ID3D11Texture2D, b->out_tex);
}

static ID3D11Buffer *buffer(struct sdt *b, UINT bind, const void *data, UINT size)
{
    D3D11_BUFFER_DESC d = { size, D3D11_USAGE_IMMUTABLE, bind, 0, 0, 0 };
    D3D11_SUBRESOURCE_DATA sd = { data, 0, 0 };
    ID3D11Buffer *out = NULL;
    return SUCCEEDED(ID3D11Device_CreateBuffer(b->dev, &d, &sd, &out)) ? out : NULL;
}

/* compute: the program from HLSL, the source view, the output view, the size constant. */
static int prepare_compute(struct sdt *b, const struct bench_scene *s, char *err, size_t n)
{
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr = D3DCompile(bench_hlsl_cs_blur, strlen(bench_hlsl_cs_blur), "blur.hlsl",
                            NULL, NULL, "main", "cs_5_0", 0, 0, &code, &errors);
    if (FAILED(hr)) {
        snprintf(err, n, "D3DCompile(cs_5_0) failed: %.200s",
                 errors ? (const char *)ID3D10Blob_GetBufferPointer(errors) : "");
        if (errors)
            ID3D10Blob_Release(errors);
        return -1;
    }
    if (errors)
        ID3D10Blob_Release(errors);
    hr = ID3D11Device_CreateComputeShader(b->dev, ID3D10Blob_GetBufferPointer(code),
                                          ID3D10Blob_GetBufferSize(code), NULL, &b->cs);
    ID3D10Blob_Release(code);
    if (FAILED(hr))
        return fail(err, n, "CreateComputeShader", hr);
    D3D11_TEXTURE2D_DESC td = { s->width, s->height, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    D3D11_SUBRESOURCE_DATA sd = { s->image, s->width * 4, 0 };
    D3D11_TEXTURE2D_DESC od = td;
    od.Usage = D3D11_USAGE_DEFAULT;
    od.BindFlags = D3D11_BIND_UNORDERED_ACCESS;
    const int32_t size[4] = { (int32_t)s->width, (int32_t)s->height, 0, 0 };
    if (FAILED(hr = ID3D11Device_CreateTexture2D(b->dev, &td, &sd, &b->src_tex)) ||
        FAILED(hr = ID3D11Device_CreateTexture2D(b->dev, &od, NULL, &b->out_tex)) ||
        FAILED(hr = ID3D11Device_CreateShaderResourceView(b->dev, (ID3D11Resource *)b->src_tex,
                                                          NULL, &b->src_srv)) ||
        FAILED(hr = ID3D11Device_CreateUnorderedAccessView(b->dev, (ID3D11Resource *)b->out_tex,
                                                           NULL, &b->out_uav)))
        return fail(err, n, "creating the compute scene's textures and views", hr);
    if (!(b->cs_cb = buffer(b, D3D11_BIND_CONSTANT_BUFFER, size, sizeof(size)))) {
        snprintf(err, n, "CreateBuffer failed");
        return -1;
    }
    return 0;
}

static int sdt_prepare(void *self, const struct bench_scene *s, char *err, size_t n)
{
    struct sdt *b = self;
    if (s->program == BENCH_PROGRAM_COMPUTE && s->image && s->width == b->width &&
        s->height == b->height)
        return prepare_compute(b, s, err, n);
    if (s->program != BENCH_PROGRAM_TESS || s->constant_count < 3) {
        snprintf(err, n, "scene %s is not a tessellation scene", s->name);
        return -1;
    }
    float ds_cb[24];
    memcpy(ds_cb, s->matrix, sizeof(float) * 16);            /* cb0[0..3]: the columns */
    memcpy(&ds_cb[16], &s->constants[4], sizeof(float) * 8);   /* cb0[4], cb0[5] = c[1], c[2] */
    b->vb = buffer(b, D3D11_BIND_VERTEX_BUFFER, s->surface_vertices,
                   s->surface_vertex_count * (UINT)sizeof(struct bench_surface_vertex));
    b->hs_cb = buffer(b, D3D11_BIND_CONSTANT_BUFFER, s->constants, 16);
    b->ds_cb = buffer(b, D3D11_BIND_CONSTANT_BUFFER, ds_cb, sizeof(ds_cb));
    if (!b->vb || !b->hs_cb || !b->ds_cb) {
        snprintf(err, n, "CreateBuffer failed");
        return -1;
    }
    return 0;
}

static int wait_idle(struct sdt *b)
{
    return bench_d3d11_wait(b->ctx, b->event);
}

static int sdt_frame(void *self, const struct bench_scene *s)
{
    struct sdt *b = self;
    ID3D11DeviceContext *c = b->ctx;
    if (s->program == BENCH_PROGRAM_COMPUTE) {
        ID3D11DeviceContext_CSSetShader(c, b->cs, NULL, 0);
        ID3D11DeviceContext_CSSetConstantBuffers(c, 0, 1, &b->cs_cb);
        ID3D11DeviceContext_CSSetShaderResources(c, 0, 1, &b->src_srv);
        ID3D11DeviceContext_CSSetUnorderedAccessViews(c, 0, 1, &b->out_uav, NULL);
        ID3D11DeviceContext_Dispatch(c, (s->width + BENCH_COMPUTE_GROUP - 1) / BENCH_COMPUTE_GROUP,
                                     (s->height + BENCH_COMPUTE_GROUP - 1) / BENCH_COMPUTE_GROUP,
                                     1);
        return wait_idle(b);
    }
    UINT stride = sizeof(struct bench_surface_vertex), offset = 0;
    D3D11_VIEWPORT vp = { 0, 0, (FLOAT)s->width, (FLOAT)s->height, 0, 1 };
    ID3D11DeviceContext_ClearRenderTargetView(c, b->rtv, s->clear_color);
    ID3D11DeviceContext_ClearDepthStencilView(c, b->dsv, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL,
                                              s->clear_depth, 0);
    ID3D11DeviceContext_OMSetRenderTargets(c, 1, &b->rtv, b->dsv);
    ID3D11DeviceContext_OMSetDepthStencilState(c, b->depth, 0);
    ID3D11DeviceContext_RSSetState(c, b->raster);
    ID3D11DeviceContext_RSSetViewports(c, 1, &vp);
    ID3D11DeviceContext_IASetPrimitiveTopology(c, D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
    ID3D11DeviceContext_IASetInputLayout(c, b->il);
    ID3D11DeviceContext_IASetVertexBuffers(c, 0, 1, &b->vb, &stride, &offset);
    ID3D11DeviceContext_VSSetShader(c, b->vs, NULL, 0);
    ID3D11DeviceContext_HSSetShader(c, b->hs, NULL, 0);
    ID3D11DeviceContext_HSSetConstantBuffers(c, 0, 1, &b->hs_cb);
    ID3D11DeviceContext_DSSetShader(c, b->ds, NULL, 0);
    ID3D11DeviceContext_DSSetConstantBuffers(c, 0, 1, &b->ds_cb);
    ID3D11DeviceContext_PSSetShader(c, b->ps, NULL, 0);
    for (uint32_t d = 0; d < s->draw_count; d++)
        ID3D11DeviceContext_Draw(c, s->draws[d].count, s->draws[d].first);
    return wait_idle(b);
}

static int sdt_read(void *self, uint8_t *rgba)
{
    struct sdt *b = self;
    return bench_d3d11_read(b->ctx, b->staging, b->out_tex ? b->out_tex : b->rt_tex, b->width,
                            b->height, rgba);
}

static void sdt_destroy(void *self)
{
    struct sdt *b = self;
    if (!b)
        return;
    sdt_release(b);
    if (b->ctx)
        ID3D11DeviceContext_ClearState(b->ctx);
    RELEASE(ID3D11InputLayout, b->il);
    RELEASE(ID3D11PixelShader, b->ps);
    RELEASE(ID3D11DomainShader, b->ds);
    RELEASE(ID3D11HullShader, b->hs);
    RELEASE(ID3D11VertexShader, b->vs);
    RELEASE(ID3D11DepthStencilState, b->depth);
    RELEASE(ID3D11RasterizerState, b->raster);
    RELEASE(ID3D11Query, b->event);
    RELEASE(ID3D11RenderTargetView, b->rtv);
    RELEASE(ID3D11DepthStencilView, b->dsv);
    RELEASE(ID3D11Texture2D, b->rt_tex);
    RELEASE(ID3D11Texture2D, b->ds_tex);
    RELEASE(ID3D11Texture2D, b->staging);
    RELEASE(ID3D11DeviceContext, b->ctx);
    RELEASE(ID3D11Device, b->dev);
    free(b);
}

/* The four programs, assembled; the input layout: POSITION of struct bench_surface_vertex. */
static int make_programs(struct sdt *b, char *err, size_t n)
{
    const char *const text[4] = { bench_tess_vs, bench_tess_hs, bench_tess_ds, bench_tess_ps };
    static const char *const what[4] = { "vertex", "hull", "domain", "pixel" };
    for (int i = 0; i < 4; i++) {
        void *blob;
        size_t size;
        char aerr[200];
        HRESULT hr = E_FAIL;
        if (bench_assemble(text[i], &blob, &size, aerr, sizeof(aerr))) {
            snprintf(err, n, "the %s shader does not assemble: %s", what[i], aerr);
            return -1;
        }
        switch (i) {
        case 0: {
            static const D3D11_INPUT_ELEMENT_DESC el = { "TEXCOORD", 0,
                                                         DXGI_FORMAT_R32G32B32_FLOAT, 0, 0,
                                                         D3D11_INPUT_PER_VERTEX_DATA, 0 };
            hr = ID3D11Device_CreateVertexShader(b->dev, blob, size, NULL, &b->vs);
            if (SUCCEEDED(hr))
                hr = ID3D11Device_CreateInputLayout(b->dev, &el, 1, blob, size, &b->il);
            break;
        }
        case 1: hr = ID3D11Device_CreateHullShader(b->dev, blob, size, NULL, &b->hs); break;
        case 2: hr = ID3D11Device_CreateDomainShader(b->dev, blob, size, NULL, &b->ds); break;
        default: hr = ID3D11Device_CreatePixelShader(b->dev, blob, size, NULL, &b->ps); break;
        }
        free(blob);
        if (FAILED(hr)) {
            char w[64];
            snprintf(w, sizeof(w), "creating the %s shader", what[i]);
            return fail(err, n, w, hr);
        }
    }
    return 0;
}

int softd3d_tess_renderer_create(uint32_t width, uint32_t height, struct bench_renderer *out,
                                 char *err, size_t n)
{
    static const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
    struct sdt *b = calloc(1, sizeof(*b));
    HRESULT hr;
    memset(out, 0, sizeof(*out));
    if (!b) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    b->width = width;
    b->height = height;
    /* the 11_0 profile for this device only (softd3d reads SOFTD3D_PROFILE at each creation) */
    const char *was = getenv("SOFTD3D_PROFILE");
    char *saved = was ? strdup(was) : NULL;
    setenv("SOFTD3D_PROFILE", "11_0", 1);
    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1, D3D11_SDK_VERSION,
                           &b->dev, NULL, &b->ctx);
    if (saved)
        setenv("SOFTD3D_PROFILE", saved, 1);
    else
        unsetenv("SOFTD3D_PROFILE");
    free(saved);
    if (FAILED(hr)) {
        fail(err, n, "D3D11CreateDevice(11_0)", hr);
        goto failed;
    }
    D3D11_TEXTURE2D_DESC td = { width, height, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0 };
    D3D11_TEXTURE2D_DESC sd = td, dd = td;
    sd.Usage = D3D11_USAGE_STAGING;
    sd.BindFlags = 0;
    sd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    dd.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
    dd.BindFlags = D3D11_BIND_DEPTH_STENCIL;
    D3D11_QUERY_DESC qd = { D3D11_QUERY_EVENT, 0 };
    D3D11_RASTERIZER_DESC rd = { D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE, FALSE,
                                 FALSE, FALSE };   /* as GL's default: both windings drawn */
    D3D11_DEPTH_STENCIL_DESC dsd;
    memset(&dsd, 0, sizeof(dsd));
    dsd.DepthEnable = TRUE;
    dsd.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
    dsd.DepthFunc = D3D11_COMPARISON_LESS;
    if (FAILED(hr = ID3D11Device_CreateTexture2D(b->dev, &td, NULL, &b->rt_tex)) ||
        FAILED(hr = ID3D11Device_CreateTexture2D(b->dev, &sd, NULL, &b->staging)) ||
        FAILED(hr = ID3D11Device_CreateTexture2D(b->dev, &dd, NULL, &b->ds_tex)) ||
        FAILED(hr = ID3D11Device_CreateRenderTargetView(b->dev, (ID3D11Resource *)b->rt_tex, NULL,
                                                        &b->rtv)) ||
        FAILED(hr = ID3D11Device_CreateDepthStencilView(b->dev, (ID3D11Resource *)b->ds_tex, NULL,
                                                        &b->dsv)) ||
        FAILED(hr = ID3D11Device_CreateQuery(b->dev, &qd, &b->event)) ||
        FAILED(hr = ID3D11Device_CreateRasterizerState(b->dev, &rd, &b->raster)) ||
        FAILED(hr = ID3D11Device_CreateDepthStencilState(b->dev, &dsd, &b->depth))) {
        fail(err, n, "creating the targets, query or states", hr);
        goto failed;
    }
    if (make_programs(b, err, n))
        goto failed;
    out->name = "softd3d";
    snprintf(out->description, sizeof(out->description),
             "softd3d D3D11 at feature level 11_0 (hs_5_0 / ds_5_0, cs_5_0)");
    out->self = b;
    out->prepare = sdt_prepare;
    out->frame = sdt_frame;
    out->read = sdt_read;
    out->release = sdt_release;
    out->destroy = sdt_destroy;
    return 0;

failed:
    sdt_destroy(b);
    return -1;
}
