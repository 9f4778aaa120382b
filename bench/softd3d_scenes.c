/* bench/softd3d_scenes.c — the benchmark scenes through softd3d's public Direct3D 11 API, as an
 * application would draw them: a device at feature level 9_3, an R8G8B8A8_UNORM render target
 * with a D24_UNORM_S8_UINT depth buffer, the shaders of shaders.h assembled with the project's
 * assembler, an immutable vertex buffer, and per frame: clear, draws, then an event query waited
 * on (the frame is finished when the query signals, as for a GPU).  Read-back copies the target
 * into a staging texture and maps it.  The programmable scenes (light, alu, tex4, skin) use the
 * vs/ps_4_0_level_9_3 programs of shaders_real.h instead, with their own input layouts and
 * constant buffers (the pixel shader's cb0, or the skinning vertex shader's bones in cb1). */
#define COBJMACROS
#include <windows.h>
#include <d3d11.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "renderer.h"
#include "softd3d_util.h"
#include "shaders.h"
#include "shaders_real.h"

struct sd3d {
    uint32_t width, height;
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
    ID3D11Texture2D *rt_tex, *ds_tex, *staging;
    /* multisampled runs (softd3d_renderer_create's samples): rt_tex and ds_tex have that many
     * samples, and each frame ends by resolving rt_tex into `resolved`, which is read */
    unsigned samples;
    ID3D11Texture2D *resolved;
    ID3D11RenderTargetView *rtv;
    ID3D11DepthStencilView *dsv;
    ID3D11Query *event;
    ID3D11VertexShader *vs_color, *vs_tex;
    ID3D11PixelShader *ps_color, *ps_tex;
    ID3D11InputLayout *il_color, *il_tex;
    ID3D11RasterizerState *raster;
    ID3D11SamplerState *sampler, *bilinear;
    /* the programmable scenes (shaders_real.h) */
    ID3D11VertexShader *vs_surface, *vs_skin;
    ID3D11PixelShader *ps_light, *ps_alu, *ps_tex4;
    ID3D11InputLayout *il_surface, *il_skin;
    /* per scene */
    ID3D11Buffer *vb, *cb;
    ID3D11Buffer *cb_program;      /* scene->constants: pixel shader cb0 or vertex shader cb1 */
    ID3D11Texture2D *tex, *tex2;
    ID3D11ShaderResourceView *srv, *srv2;
    ID3D11BlendState *blend;
    ID3D11DepthStencilState *depth;
};


static int make_shaders(struct sd3d *b, char *err, size_t n)
{
    static const D3D11_INPUT_ELEMENT_DESC elements[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    const char *const text[4] = {bench_vs_color, bench_vs_tex, bench_ps_color, bench_ps_tex};
    void *blob[4] = {0};
    size_t size[4] = {0};
    char asm_err[256];
    HRESULT hr = S_OK;
    int r = 0;
    for (int i = 0; i < 4 && !r; i++)
        if (bench_assemble(text[i], &blob[i], &size[i], asm_err, sizeof(asm_err))) {
            snprintf(err, n, "shader %d does not assemble: %s", i, asm_err);
            r = -1;
        }
    if (!r && FAILED(hr = ID3D11Device_CreateVertexShader(b->dev, blob[0], size[0], NULL,
                                                          &b->vs_color)))
        r = fail(err, n, "CreateVertexShader(bench_vs_color)", hr);
    if (!r && FAILED(hr = ID3D11Device_CreateVertexShader(b->dev, blob[1], size[1], NULL,
                                                          &b->vs_tex)))
        r = fail(err, n, "CreateVertexShader(bench_vs_tex)", hr);
    if (!r && FAILED(hr = ID3D11Device_CreatePixelShader(b->dev, blob[2], size[2], NULL,
                                                         &b->ps_color)))
        r = fail(err, n, "CreatePixelShader(bench_ps_color)", hr);
    if (!r && FAILED(hr = ID3D11Device_CreatePixelShader(b->dev, blob[3], size[3], NULL,
                                                         &b->ps_tex)))
        r = fail(err, n, "CreatePixelShader(bench_ps_tex)", hr);
    if (!r && FAILED(hr = ID3D11Device_CreateInputLayout(b->dev, elements, 2, blob[0], size[0],
                                                         &b->il_color)))
        r = fail(err, n, "CreateInputLayout(color)", hr);
    if (!r && FAILED(hr = ID3D11Device_CreateInputLayout(b->dev, elements, 3, blob[1], size[1],
                                                         &b->il_tex)))
        r = fail(err, n, "CreateInputLayout(tex)", hr);
    for (int i = 0; i < 4; i++)
        free(blob[i]);
    return r;
}

/* The programs of shaders_real.h and their input layouts (struct bench_surface_vertex,
 * struct bench_skin_vertex). */
static int make_real_shaders(struct sd3d *b, char *err, size_t n)
{
    static const D3D11_INPUT_ELEMENT_DESC surface[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 24, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    static const D3D11_INPUT_ELEMENT_DESC skin[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"BLENDINDICES", 0, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"BLENDWEIGHT", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 32, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    static const char *const names[5] = {"bench_vs_surface", "bench_vs_skin", "bench_ps_light",
                                         "bench_ps_alu", "bench_ps_tex4"};
    const char *const text[5] = {bench_vs_surface, bench_vs_skin, bench_ps_light, bench_ps_alu,
                                 bench_ps_tex4};
    void *blob[5] = {0};
    size_t size[5] = {0};
    char asm_err[256], what[64];
    HRESULT hr = S_OK;
    int r = 0;
    for (int i = 0; i < 5 && !r; i++)
        if (bench_assemble(text[i], &blob[i], &size[i], asm_err, sizeof(asm_err))) {
            snprintf(err, n, "%s does not assemble: %s", names[i], asm_err);
            r = -1;
        }
    for (int i = 0; i < 5 && !r; i++) {
        snprintf(what, sizeof(what), "Create%sShader(%s)", i < 2 ? "Vertex" : "Pixel", names[i]);
        if (i == 0)
            hr = ID3D11Device_CreateVertexShader(b->dev, blob[i], size[i], NULL, &b->vs_surface);
        else if (i == 1)
            hr = ID3D11Device_CreateVertexShader(b->dev, blob[i], size[i], NULL, &b->vs_skin);
        else
            hr = ID3D11Device_CreatePixelShader(b->dev, blob[i], size[i], NULL,
                                                i == 2 ? &b->ps_light :
                                                i == 3 ? &b->ps_alu : &b->ps_tex4);
        if (FAILED(hr))
            r = fail(err, n, what, hr);
    }
    if (!r && FAILED(hr = ID3D11Device_CreateInputLayout(b->dev, surface, 3, blob[0], size[0],
                                                         &b->il_surface)))
        r = fail(err, n, "CreateInputLayout(surface)", hr);
    if (!r && FAILED(hr = ID3D11Device_CreateInputLayout(b->dev, skin, 4, blob[1], size[1],
                                                         &b->il_skin)))
        r = fail(err, n, "CreateInputLayout(skin)", hr);
    for (int i = 0; i < 5; i++)
        free(blob[i]);
    return r;
}

/* A 256x256 RGBA8 texture with its mip chain (levels = 1: level 0 alone) and its view. */
static int make_texture(struct sd3d *b, uint8_t *const level[BENCH_TEX_LEVELS], int levels,
                        ID3D11Texture2D **tex, ID3D11ShaderResourceView **srv, char *err,
                        size_t n)
{
    D3D11_TEXTURE2D_DESC td;
    D3D11_SUBRESOURCE_DATA init[BENCH_TEX_LEVELS];
    HRESULT hr;
    memset(&td, 0, sizeof(td));
    td.Width = td.Height = BENCH_TEX_SIZE;
    td.MipLevels = (UINT)levels;
    td.ArraySize = 1;
    td.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    td.SampleDesc.Count = 1;
    td.Usage = D3D11_USAGE_IMMUTABLE;
    td.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    for (int l = 0; l < levels; l++) {
        init[l].pSysMem = level[l];
        init[l].SysMemPitch = (UINT)(BENCH_TEX_SIZE >> l) * 4;
        init[l].SysMemSlicePitch = 0;
    }
    if (FAILED(hr = ID3D11Device_CreateTexture2D(b->dev, &td, init, tex)))
        return fail(err, n, "CreateTexture2D(texture)", hr);
    if (FAILED(hr = ID3D11Device_CreateShaderResourceView(b->dev, (ID3D11Resource *)*tex, NULL,
                                                          srv)))
        return fail(err, n, "CreateShaderResourceView", hr);
    return 0;
}

static void sd3d_release(void *self)
{
    struct sd3d *b = self;
    RELEASE(ID3D11Buffer, b->vb);
    RELEASE(ID3D11Buffer, b->cb);
    RELEASE(ID3D11Buffer, b->cb_program);
    RELEASE(ID3D11ShaderResourceView, b->srv);
    RELEASE(ID3D11ShaderResourceView, b->srv2);
    RELEASE(ID3D11Texture2D, b->tex);
    RELEASE(ID3D11Texture2D, b->tex2);
    RELEASE(ID3D11BlendState, b->blend);
    RELEASE(ID3D11DepthStencilState, b->depth);
}

static int sd3d_prepare(void *self, const struct bench_scene *s, char *err, size_t n)
{
    struct sd3d *b = self;
    HRESULT hr;

    if (s->program == BENCH_PROGRAM_TESS || s->program == BENCH_PROGRAM_COMPUTE) {
        snprintf(err, n, "the tess and compute scenes need feature level 11_0: its renderer "
                 "(softd3d_tess.c) draws it");
        return -1;
    }
    D3D11_BLEND_DESC bd;
    memset(&bd, 0, sizeof(bd));
    bd.RenderTarget[0].BlendEnable = s->blend;
    bd.RenderTarget[0].SrcBlend = D3D11_BLEND_SRC_ALPHA;
    bd.RenderTarget[0].DestBlend = D3D11_BLEND_INV_SRC_ALPHA;
    bd.RenderTarget[0].BlendOp = D3D11_BLEND_OP_ADD;
    bd.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_SRC_ALPHA;
    bd.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_INV_SRC_ALPHA;
    bd.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
    bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    if (FAILED(hr = ID3D11Device_CreateBlendState(b->dev, &bd, &b->blend)))
        return fail(err, n, "CreateBlendState", hr);

    D3D11_DEPTH_STENCIL_DESC dd;
    memset(&dd, 0, sizeof(dd));
    dd.DepthEnable = s->depth_test;
    dd.DepthWriteMask = s->depth_test ? D3D11_DEPTH_WRITE_MASK_ALL : D3D11_DEPTH_WRITE_MASK_ZERO;
    dd.DepthFunc = D3D11_COMPARISON_LESS;
    dd.StencilReadMask = dd.StencilWriteMask = 0xff;
    dd.FrontFace.StencilFailOp = dd.FrontFace.StencilDepthFailOp = D3D11_STENCIL_OP_KEEP;
    dd.FrontFace.StencilPassOp = D3D11_STENCIL_OP_KEEP;
    dd.FrontFace.StencilFunc = D3D11_COMPARISON_ALWAYS;
    dd.BackFace = dd.FrontFace;
    if (FAILED(hr = ID3D11Device_CreateDepthStencilState(b->dev, &dd, &b->depth)))
        return fail(err, n, "CreateDepthStencilState", hr);

    D3D11_BUFFER_DESC cbd = {64, D3D11_USAGE_IMMUTABLE, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
    D3D11_SUBRESOURCE_DATA cdata = {s->matrix, 0, 0};
    if (FAILED(hr = ID3D11Device_CreateBuffer(b->dev, &cbd, &cdata, &b->cb)))
        return fail(err, n, "CreateBuffer(constant)", hr);

    /* the vertices: struct bench_vertex, or those of the programmable scenes */
    const void *vertices = s->vertices;
    size_t vb_size = (size_t)s->vertex_count * sizeof(struct bench_vertex);
    if (s->surface_vertex_count) {
        vertices = s->surface_vertices;
        vb_size = (size_t)s->surface_vertex_count * sizeof(struct bench_surface_vertex);
    } else if (s->skin_vertex_count) {
        vertices = s->skin_vertices;
        vb_size = (size_t)s->skin_vertex_count * sizeof(struct bench_skin_vertex);
    }
    if (vb_size) {
        D3D11_BUFFER_DESC vbd = {(UINT)vb_size, D3D11_USAGE_IMMUTABLE, D3D11_BIND_VERTEX_BUFFER,
                                 0, 0, 0};
        D3D11_SUBRESOURCE_DATA vdata = {vertices, 0, 0};
        if (FAILED(hr = ID3D11Device_CreateBuffer(b->dev, &vbd, &vdata, &b->vb)))
            return fail(err, n, "CreateBuffer(vertex)", hr);
    }
    if (s->constant_count) {
        D3D11_BUFFER_DESC pbd = {s->constant_count * 16, D3D11_USAGE_IMMUTABLE,
                                 D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
        D3D11_SUBRESOURCE_DATA pdata = {s->constants, 0, 0};
        if (FAILED(hr = ID3D11Device_CreateBuffer(b->dev, &pbd, &pdata, &b->cb_program)))
            return fail(err, n, "CreateBuffer(program constants)", hr);
    }

    if (s->textured &&
        make_texture(b, s->tex_level, s->bilinear ? 1 : BENCH_TEX_LEVELS, &b->tex, &b->srv, err,
                     n))
        return -1;
    if (s->tex2_level[0] &&
        make_texture(b, s->tex2_level, BENCH_TEX_LEVELS, &b->tex2, &b->srv2, err, n))
        return -1;
    return 0;
}

/* Shaders, layout and resources of a scene: those of bench/shaders.c for the six original
 * scenes, those of shaders_real.h for the programmable ones. */
static void bind_program(struct sd3d *b, const struct bench_scene *s)
{
    ID3D11DeviceContext *c = b->ctx;
    ID3D11ShaderResourceView *srvs[2] = {b->srv, b->srv2};
    ID3D11SamplerState *samplers[2] = {s->bilinear ? b->bilinear : b->sampler, b->sampler};
    ID3D11VertexShader *vs = s->textured ? b->vs_tex : b->vs_color;
    ID3D11PixelShader *ps = s->textured ? b->ps_tex : b->ps_color;
    ID3D11InputLayout *il = s->textured ? b->il_tex : b->il_color;
    switch (s->program) {
    case BENCH_PROGRAM_FIXED:
        break;
    case BENCH_PROGRAM_LIGHT:
    case BENCH_PROGRAM_ALU:
    case BENCH_PROGRAM_TEX4:
        vs = b->vs_surface;
        il = b->il_surface;
        ps = s->program == BENCH_PROGRAM_LIGHT ? b->ps_light :
             s->program == BENCH_PROGRAM_ALU ? b->ps_alu : b->ps_tex4;
        break;
    case BENCH_PROGRAM_SKIN:
        vs = b->vs_skin;
        il = b->il_skin;
        ps = b->ps_color;
        break;
    case BENCH_PROGRAM_TESS:   /* softd3d_tess.c's 11_0 device draws it; prepare refuses it */
    case BENCH_PROGRAM_COMPUTE:
        break;
    }
    ID3D11DeviceContext_IASetInputLayout(c, il);
    ID3D11DeviceContext_VSSetShader(c, vs, NULL, 0);
    ID3D11DeviceContext_VSSetConstantBuffers(c, 0, 1, &b->cb);
    ID3D11DeviceContext_PSSetShader(c, ps, NULL, 0);
    if (s->program == BENCH_PROGRAM_SKIN)
        ID3D11DeviceContext_VSSetConstantBuffers(c, 1, 1, &b->cb_program);
    else if (s->program != BENCH_PROGRAM_FIXED)
        ID3D11DeviceContext_PSSetConstantBuffers(c, 0, 1, &b->cb_program);
    if (s->textured) {
        UINT count = b->srv2 ? 2 : 1;
        ID3D11DeviceContext_PSSetShaderResources(c, 0, count, srvs);
        ID3D11DeviceContext_PSSetSamplers(c, 0, count, samplers);
    }
}

static UINT vertex_stride(const struct bench_scene *s)
{
    if (s->surface_vertex_count)
        return sizeof(struct bench_surface_vertex);
    if (s->skin_vertex_count)
        return sizeof(struct bench_skin_vertex);
    return sizeof(struct bench_vertex);
}

static int wait_idle(struct sd3d *b)
{
    return bench_d3d11_wait(b->ctx, b->event);
}

static int sd3d_frame(void *self, const struct bench_scene *s)
{
    struct sd3d *b = self;
    ID3D11DeviceContext *c = b->ctx;
    ID3D11DeviceContext_ClearRenderTargetView(c, b->rtv, s->clear_color);
    ID3D11DeviceContext_ClearDepthStencilView(c, b->dsv, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL,
                                              s->clear_depth, 0);
    if (s->draw_count) {
        static const float blend_factor[4] = {1, 1, 1, 1};
        UINT stride = vertex_stride(s), offset = 0;
        D3D11_VIEWPORT vp = {0, 0, (FLOAT)s->width, (FLOAT)s->height, 0, 1};
        ID3D11DeviceContext_OMSetRenderTargets(c, 1, &b->rtv, b->dsv);
        ID3D11DeviceContext_OMSetBlendState(c, b->blend, blend_factor, 0xffffffff);
        ID3D11DeviceContext_OMSetDepthStencilState(c, b->depth, 0);
        ID3D11DeviceContext_RSSetState(c, b->raster);
        ID3D11DeviceContext_RSSetViewports(c, 1, &vp);
        ID3D11DeviceContext_IASetPrimitiveTopology(c, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        bind_program(b, s);
        for (uint32_t d = 0; d < s->draw_count; d++) {
            /* Each draw starts at vertex 0 of its own buffer offset, so that no draw's vertex
             * numbers pass the 9_2+ limit of 1,048,575 (seed 000 MaxVertexIndex). */
            offset = s->draws[d].first * stride;
            ID3D11DeviceContext_IASetVertexBuffers(c, 0, 1, &b->vb, &stride, &offset);
            ID3D11DeviceContext_Draw(c, s->draws[d].count, 0);
        }
    }
    if (b->resolved)   /* (a program resolves its multisampled frame every frame) */
        ID3D11DeviceContext_ResolveSubresource(c, (ID3D11Resource *)b->resolved, 0,
                                               (ID3D11Resource *)b->rt_tex, 0,
                                               DXGI_FORMAT_R8G8B8A8_UNORM);
    return wait_idle(b);
}

static int sd3d_read(void *self, uint8_t *rgba)
{
    struct sd3d *b = self;
    return bench_d3d11_read(b->ctx, b->staging, b->resolved ? b->resolved : b->rt_tex, b->width,
                            b->height, rgba);
}

static void sd3d_destroy(void *self)
{
    struct sd3d *b = self;
    if (!b)
        return;
    sd3d_release(b);
    if (b->ctx)
        ID3D11DeviceContext_ClearState(b->ctx);
    RELEASE(ID3D11SamplerState, b->sampler);
    RELEASE(ID3D11SamplerState, b->bilinear);
    RELEASE(ID3D11InputLayout, b->il_surface);
    RELEASE(ID3D11InputLayout, b->il_skin);
    RELEASE(ID3D11VertexShader, b->vs_surface);
    RELEASE(ID3D11VertexShader, b->vs_skin);
    RELEASE(ID3D11PixelShader, b->ps_light);
    RELEASE(ID3D11PixelShader, b->ps_alu);
    RELEASE(ID3D11PixelShader, b->ps_tex4);
    RELEASE(ID3D11RasterizerState, b->raster);
    RELEASE(ID3D11InputLayout, b->il_color);
    RELEASE(ID3D11InputLayout, b->il_tex);
    RELEASE(ID3D11VertexShader, b->vs_color);
    RELEASE(ID3D11VertexShader, b->vs_tex);
    RELEASE(ID3D11PixelShader, b->ps_color);
    RELEASE(ID3D11PixelShader, b->ps_tex);
    RELEASE(ID3D11Query, b->event);
    RELEASE(ID3D11RenderTargetView, b->rtv);
    RELEASE(ID3D11DepthStencilView, b->dsv);
    RELEASE(ID3D11Texture2D, b->rt_tex);
    RELEASE(ID3D11Texture2D, b->ds_tex);
    RELEASE(ID3D11Texture2D, b->staging);
    RELEASE(ID3D11Texture2D, b->resolved);
    RELEASE(ID3D11DeviceContext, b->ctx);
    RELEASE(ID3D11Device, b->dev);
    free(b);
}

int softd3d_renderer_create(uint32_t width, uint32_t height, struct bench_renderer *out,
                            char *err, size_t n)
{
    return softd3d_renderer_create_ms(width, height, 1, out, err, n);
}

int softd3d_renderer_create_ms(uint32_t width, uint32_t height, unsigned samples,
                               struct bench_renderer *out, char *err, size_t n)
{
    static const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_3;
    struct sd3d *b = calloc(1, sizeof(*b));
    HRESULT hr;
    memset(out, 0, sizeof(*out));
    if (!b) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    b->width = width;
    b->height = height;
    b->samples = samples ? samples : 1;
    if (FAILED(hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                                      D3D11_SDK_VERSION, &b->dev, NULL, &b->ctx))) {
        fail(err, n, "D3D11CreateDevice(9_3)", hr);
        goto failed;
    }

    D3D11_TEXTURE2D_DESC td;
    memset(&td, 0, sizeof(td));
    td.Width = width;
    td.Height = height;
    td.MipLevels = 1;
    td.ArraySize = 1;
    td.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    td.SampleDesc.Count = 1;
    td.Usage = D3D11_USAGE_DEFAULT;
    td.BindFlags = D3D11_BIND_RENDER_TARGET;
    if (b->samples > 1 &&
        FAILED(hr = ID3D11Device_CreateTexture2D(b->dev, &td, NULL, &b->resolved))) {
        fail(err, n, "CreateTexture2D(resolve target)", hr);
        goto failed;
    }
    td.SampleDesc.Count = b->samples;
    if (FAILED(hr = ID3D11Device_CreateTexture2D(b->dev, &td, NULL, &b->rt_tex))) {
        fail(err, n, "CreateTexture2D(render target)", hr);
        goto failed;
    }
    td.SampleDesc.Count = 1;
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    if (FAILED(hr = ID3D11Device_CreateTexture2D(b->dev, &td, NULL, &b->staging))) {
        fail(err, n, "CreateTexture2D(staging)", hr);
        goto failed;
    }
    td.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
    td.Usage = D3D11_USAGE_DEFAULT;
    td.BindFlags = D3D11_BIND_DEPTH_STENCIL;
    td.CPUAccessFlags = 0;
    td.SampleDesc.Count = b->samples;
    if (FAILED(hr = ID3D11Device_CreateTexture2D(b->dev, &td, NULL, &b->ds_tex))) {
        fail(err, n, "CreateTexture2D(depth)", hr);
        goto failed;
    }
    if (FAILED(hr = ID3D11Device_CreateRenderTargetView(b->dev, (ID3D11Resource *)b->rt_tex,
                                                        NULL, &b->rtv))) {
        fail(err, n, "CreateRenderTargetView", hr);
        goto failed;
    }
    if (FAILED(hr = ID3D11Device_CreateDepthStencilView(b->dev, (ID3D11Resource *)b->ds_tex,
                                                        NULL, &b->dsv))) {
        fail(err, n, "CreateDepthStencilView", hr);
        goto failed;
    }
    D3D11_QUERY_DESC qd = {D3D11_QUERY_EVENT, 0};
    if (FAILED(hr = ID3D11Device_CreateQuery(b->dev, &qd, &b->event))) {
        fail(err, n, "CreateQuery(EVENT)", hr);
        goto failed;
    }
    D3D11_RASTERIZER_DESC rd;
    memset(&rd, 0, sizeof(rd));
    rd.FillMode = D3D11_FILL_SOLID;
    rd.CullMode = D3D11_CULL_NONE;   /* as GL's default: both windings drawn */
    rd.DepthClipEnable = TRUE;
    if (FAILED(hr = ID3D11Device_CreateRasterizerState(b->dev, &rd, &b->raster))) {
        fail(err, n, "CreateRasterizerState", hr);
        goto failed;
    }
    D3D11_SAMPLER_DESC sd;
    memset(&sd, 0, sizeof(sd));
    sd.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR;
    sd.AddressU = sd.AddressV = sd.AddressW = D3D11_TEXTURE_ADDRESS_WRAP;
    sd.MaxAnisotropy = 1;
    sd.ComparisonFunc = D3D11_COMPARISON_NEVER;
    sd.MinLOD = 0;
    sd.MaxLOD = 3.402823466e+38f;
    if (FAILED(hr = ID3D11Device_CreateSamplerState(b->dev, &sd, &b->sampler))) {
        fail(err, n, "CreateSamplerState", hr);
        goto failed;
    }
    /* tex4's blur: bilinear on level 0, its texture's only level (10Level9 samplers must keep
     * MaxLOD = FLT_MAX, seed 004, so the one level is what limits it) */
    sd.Filter = D3D11_FILTER_MIN_MAG_LINEAR_MIP_POINT;
    if (FAILED(hr = ID3D11Device_CreateSamplerState(b->dev, &sd, &b->bilinear))) {
        fail(err, n, "CreateSamplerState(bilinear)", hr);
        goto failed;
    }
    if (make_shaders(b, err, n) || make_real_shaders(b, err, n))
        goto failed;

    out->name = "softd3d";
    snprintf(out->description, sizeof(out->description),
             "softd3d D3D11 at feature level 9_3");
    out->self = b;
    out->prepare = sd3d_prepare;
    out->frame = sd3d_frame;
    out->read = sd3d_read;
    out->release = sd3d_release;
    out->destroy = sd3d_destroy;
    return 0;

failed:
    sd3d_destroy(b);
    return -1;
}
