/* tests/test_d3d11_context_util.h — helpers shared by the immediate-context tests
 * (test_d3d11_context.c, test_d3d11_context_resource.c): devices at a level, and the objects the
 * context binds, each made with the plainest valid description. */
#ifndef SOFTD3D_TESTS_D3D11_CONTEXT_UTIL_H
#define SOFTD3D_TESTS_D3D11_CONTEXT_UTIL_H

#define COBJMACROS
#include "harness.h"

#include <float.h>
#include <stdlib.h>

#include "d3d11_2.h"
#include "dxbc_builder.h"
#include "util/log.h"

static const D3D_FEATURE_LEVEL ctx_levels[] = { D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2,
                                                D3D_FEATURE_LEVEL_9_3 };
static const char *const ctx_level_names[] = { "9_1", "9_2", "9_3" };
#define LAST util_last_message()

/* A device at `level` and its immediate context. */
static inline ID3D11Device *ctx_device(D3D_FEATURE_LEVEL level, ID3D11DeviceContext **ctx)
{
    ID3D11Device *dev = NULL;
    *ctx = NULL;
    unsetenv("SOFTD3D_PROFILE");   /* the default profile allows every 9_x level */
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                               D3D11_SDK_VERSION, &dev, NULL, ctx), S_OK);
    return dev;
}

/* Releases the context and then the device, checking that nothing else kept the device. */
static inline void ctx_done(ID3D11Device *dev, ID3D11DeviceContext *ctx)
{
    if (ctx)
        ID3D11DeviceContext_Release(ctx);
    if (dev)
        CHECK_EQ(ID3D11Device_Release(dev), 0);
}

static inline ID3D11Buffer *ctx_buffer(ID3D11Device *dev, UINT size, UINT bind, D3D11_USAGE usage,
                                       UINT cpu)
{
    D3D11_BUFFER_DESC d = { size, usage, bind, cpu, 0, 0 };
    ID3D11Buffer *b = NULL;
    CHECK_HR(ID3D11Device_CreateBuffer(dev, &d, NULL, &b), S_OK);
    return b;
}

static inline D3D11_TEXTURE2D_DESC ctx_tex_desc(UINT w, UINT h, UINT mips, DXGI_FORMAT format,
                                                UINT bind)
{
    D3D11_TEXTURE2D_DESC d = { 0 };
    d.Width = w;
    d.Height = h;
    d.MipLevels = mips;
    d.ArraySize = 1;
    d.Format = format;
    d.SampleDesc.Count = 1;
    d.Usage = D3D11_USAGE_DEFAULT;
    d.BindFlags = bind;
    return d;
}

static inline ID3D11Texture2D *ctx_tex(ID3D11Device *dev, const D3D11_TEXTURE2D_DESC *d,
                                       const D3D11_SUBRESOURCE_DATA *init)
{
    ID3D11Texture2D *t = NULL;
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, d, init, &t), S_OK);
    return t;
}

/* A render-target texture (RT | SRV) with its render-target view. */
static inline ID3D11RenderTargetView *ctx_rtv(ID3D11Device *dev, UINT w, UINT h, DXGI_FORMAT f,
                                              ID3D11Texture2D **tex)
{
    D3D11_TEXTURE2D_DESC d = ctx_tex_desc(w, h, 1, f,
                                          D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
    ID3D11RenderTargetView *v = NULL;
    ID3D11Texture2D *t = ctx_tex(dev, &d, NULL);
    if (t)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)t, NULL, &v), S_OK);
    if (tex)
        *tex = t;
    else if (t)
        ID3D11Texture2D_Release(t);
    return v;
}

static inline ID3D11ShaderResourceView *ctx_srv(ID3D11Device *dev, ID3D11Resource *res)
{
    ID3D11ShaderResourceView *v = NULL;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, res, NULL, &v), S_OK);
    return v;
}

static inline ID3D11DepthStencilView *ctx_dsv(ID3D11Device *dev, UINT w, UINT h, DXGI_FORMAT f,
                                              ID3D11Texture2D **tex)
{
    D3D11_TEXTURE2D_DESC d = ctx_tex_desc(w, h, 1, f, D3D11_BIND_DEPTH_STENCIL);
    ID3D11DepthStencilView *v = NULL;
    ID3D11Texture2D *t = ctx_tex(dev, &d, NULL);
    if (t)
        CHECK_HR(ID3D11Device_CreateDepthStencilView(dev, (ID3D11Resource *)t, NULL, &v), S_OK);
    if (tex)
        *tex = t;
    else if (t)
        ID3D11Texture2D_Release(t);
    return v;
}

static inline ID3D11SamplerState *ctx_sampler(ID3D11Device *dev, float mip_bias)
{
    D3D11_SAMPLER_DESC d = { 0 };
    ID3D11SamplerState *s = NULL;
    d.Filter = D3D11_FILTER_MIN_MAG_MIP_POINT;
    d.AddressU = d.AddressV = d.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
    d.MipLODBias = mip_bias;   /* distinct descriptions make distinct objects */
    d.MaxAnisotropy = 1;
    d.ComparisonFunc = D3D11_COMPARISON_NEVER;
    d.MaxLOD = FLT_MAX;
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &d, &s), S_OK);
    return s;
}

static inline ID3D11BlendState *ctx_blend(ID3D11Device *dev)
{
    D3D11_BLEND_DESC d = { 0 };
    ID3D11BlendState *s = NULL;
    for (int i = 0; i < 8; i++) {
        d.RenderTarget[i].SrcBlend = d.RenderTarget[i].SrcBlendAlpha = D3D11_BLEND_ONE;
        d.RenderTarget[i].DestBlend = d.RenderTarget[i].DestBlendAlpha = D3D11_BLEND_ZERO;
        d.RenderTarget[i].BlendOp = d.RenderTarget[i].BlendOpAlpha = D3D11_BLEND_OP_ADD;
        d.RenderTarget[i].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    }
    CHECK_HR(ID3D11Device_CreateBlendState(dev, &d, &s), S_OK);
    return s;
}

static inline ID3D11RasterizerState *ctx_rasterizer(ID3D11Device *dev)
{
    D3D11_RASTERIZER_DESC d = { D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE,
                                FALSE, FALSE, FALSE };
    ID3D11RasterizerState *s = NULL;
    CHECK_HR(ID3D11Device_CreateRasterizerState(dev, &d, &s), S_OK);
    return s;
}

static inline ID3D11DepthStencilState *ctx_depth_stencil(ID3D11Device *dev)
{
    D3D11_DEPTH_STENCIL_DESC d = { 0 };
    ID3D11DepthStencilState *s = NULL;
    d.DepthEnable = TRUE;
    d.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
    d.DepthFunc = D3D11_COMPARISON_LESS_EQUAL;
    d.StencilReadMask = d.StencilWriteMask = 0xff;
    d.FrontFace.StencilFailOp = d.FrontFace.StencilDepthFailOp = D3D11_STENCIL_OP_KEEP;
    d.FrontFace.StencilPassOp = D3D11_STENCIL_OP_KEEP;
    d.FrontFace.StencilFunc = D3D11_COMPARISON_ALWAYS;
    d.BackFace = d.FrontFace;
    CHECK_HR(ID3D11Device_CreateDepthStencilState(dev, &d, &s), S_OK);
    return s;
}

/* vs_4_0_level_9_1 / ps_4_0_level_9_1 shaders (dxbc_builder.h), and an input layout for the VS
 * (float4 POSITION0). */
static inline ID3D11VertexShader *ctx_vs(ID3D11Device *dev)
{
    uint8_t code[1024];
    size_t n = dxbc_build_simple(DXBC_PROGRAM_VERTEX, 4, 0, DXBC_BUILDER_VS_9_1, code,
                                 sizeof(code));
    ID3D11VertexShader *s = NULL;
    CHECK_HR(ID3D11Device_CreateVertexShader(dev, code, n, NULL, &s), S_OK);
    return s;
}

static inline ID3D11PixelShader *ctx_ps(ID3D11Device *dev)
{
    uint8_t code[1024];
    size_t n = dxbc_build_simple(DXBC_PROGRAM_PIXEL, 4, 0, DXBC_BUILDER_PS_9_1, code,
                                 sizeof(code));
    ID3D11PixelShader *s = NULL;
    CHECK_HR(ID3D11Device_CreatePixelShader(dev, code, n, NULL, &s), S_OK);
    return s;
}

static inline ID3D11InputLayout *ctx_layout(ID3D11Device *dev)
{
    static const D3D11_INPUT_ELEMENT_DESC e = { "POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0,
                                                0, D3D11_INPUT_PER_VERTEX_DATA, 0 };
    uint8_t code[1024];
    size_t n = dxbc_build_simple(DXBC_PROGRAM_VERTEX, 4, 0, DXBC_BUILDER_VS_9_1, code,
                                 sizeof(code));
    ID3D11InputLayout *l = NULL;
    CHECK_HR(ID3D11Device_CreateInputLayout(dev, &e, 1, code, n, &l), S_OK);
    return l;
}

static inline ID3D11Query *ctx_query(ID3D11Device *dev, D3D11_QUERY type)
{
    D3D11_QUERY_DESC d = { type, 0 };
    ID3D11Query *q = NULL;
    CHECK_HR(ID3D11Device_CreateQuery(dev, &d, &q), S_OK);
    return q;
}

/* The current reference count of a COM object (AddRef + Release). */
static inline ULONG ctx_refcount(void *obj)
{
    IUnknown_AddRef((IUnknown *)obj);
    return IUnknown_Release((IUnknown *)obj);
}

#endif
