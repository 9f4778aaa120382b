/* src/d3d10/pipeline.c — ID3D10Device's pipeline methods: each is the D3D11 immediate context's
 * method of the same name (the D3D10 device is its own context), with the D3D10 objects
 * replaced by the D3D11 objects behind them and, for the getters, the D3D11 objects returned
 * replaced by their D3D10 faces (object.c).
 *
 * The rules are the D3D11 context's, which validates and prints every refusal; what is checked
 * here first is only what the conversion needs: an object that is not one of this device's
 * D3D10 objects of the right kind, and more array entries than D3D10's slots (the Direct3D 10
 * limits: 14 constant buffers, 128 shader resources, 16 samplers, 16 vertex buffers, 8 render
 * targets, 4 stream-output targets, 16 viewports and scissor rectangles) are refused with a
 * message and change nothing.
 * Differences from D3D11 handled here: D3D10_VIEWPORT has integer origin and size
 * (converted to and from D3D11's floats); SOGetTargets returns offsets, which the D3D11
 * context does not keep (its SOGetTargets has none), so they read 0.
 */
#include "d3d10/d3d10_private.h"

#include <string.h>

#include "util/log.h"

static inline struct d3d10_device *impl(ID3D10Device1 *iface)
{
    return d3d10_device_impl(iface);
}

#define CTX(iface) (impl(iface)->ctx11)

static bool get_count_ok(struct d3d10_device *dev, UINT n, UINT max, const char *method)
{
    if (n <= max)
        return true;
    d3d11_msg(dev->impl11, "%s: %u entries exceed Direct3D 10's %u slots", method, n, max);
    return false;
}

/* D3D10 objects -> D3D11 objects; false (with a message) when one is not ours or too many. */
static bool unwrap_array(struct d3d10_device *dev, const void *const *in, IUnknown **out, UINT n,
                         UINT max, unsigned kinds, const char *method)
{
    bool ok = true;
    if (!get_count_ok(dev, n, max, method))
        return false;
    for (UINT i = 0; i < n; i++)
        out[i] = in ? d3d10_unwrap(dev, in[i], kinds, method, &ok) : NULL;
    return ok;
}

/* D3D11 objects (referenced) -> their D3D10 faces (referenced). */
static void wrap_array(struct d3d10_device *dev, IUnknown **in, void **out, UINT n,
                       enum d3d10_kind kind)
{
    for (UINT i = 0; i < n; i++)
        out[i] = d3d10_wrap_owned(dev, in[i], kind);
}

/* ---- the per-stage methods (VS, GS, PS): constant buffers, resources, samplers, shader ---- */

#define STAGE_ARRAY(Stage, What, Iface10, Iface11, kind, max)                                  \
    static void STDMETHODCALLTYPE Stage##Set##What(ID3D10Device1 *iface, UINT start, UINT n,  \
                                                   Iface10 *const *in)                        \
    {                                                                                          \
        IUnknown *objs[max];                                                                   \
        if (!unwrap_array(impl(iface), (const void *const *)in, objs, n, max,                 \
                          D3D10_KIND_BIT(kind), #Stage "Set" #What))                           \
            return;                                                                            \
        ID3D11DeviceContext_##Stage##Set##What(CTX(iface), start, n,                           \
                                               in ? (Iface11 *const *)objs : NULL);           \
    }                                                                                          \
    static void STDMETHODCALLTYPE Stage##Get##What(ID3D10Device1 *iface, UINT start, UINT n,  \
                                                   Iface10 **out)                             \
    {                                                                                          \
        IUnknown *objs[max];                                                                   \
        if (!out || !get_count_ok(impl(iface), n, max, #Stage "Get" #What))                   \
            return;                                                                            \
        memset(objs, 0, sizeof(objs));                                                         \
        ID3D11DeviceContext_##Stage##Get##What(CTX(iface), start, n, (Iface11 **)objs);       \
        wrap_array(impl(iface), objs, (void **)out, n, kind);                                 \
    }

#define STAGE_SHADER(Stage, Iface10, Iface11, kind)                                            \
    static void STDMETHODCALLTYPE Stage##SetShader(ID3D10Device1 *iface, Iface10 *shader)     \
    {                                                                                          \
        bool ok = true;                                                                        \
        IUnknown *s = d3d10_unwrap(impl(iface), shader, D3D10_KIND_BIT(kind),                 \
                                   #Stage "SetShader", &ok);                                   \
        if (ok)                                                                                \
            ID3D11DeviceContext_##Stage##SetShader(CTX(iface), (Iface11 *)s, NULL, 0);        \
    }                                                                                          \
    static void STDMETHODCALLTYPE Stage##GetShader(ID3D10Device1 *iface, Iface10 **out)       \
    {                                                                                          \
        Iface11 *s = NULL;                                                                     \
        if (!out)                                                                              \
            return;                                                                            \
        ID3D11DeviceContext_##Stage##GetShader(CTX(iface), &s, NULL, NULL);                   \
        *out = d3d10_wrap_owned(impl(iface), (IUnknown *)s, kind);                            \
    }

#define STAGE(Stage, Shader10, Shader11, shader_kind)                                          \
    STAGE_ARRAY(Stage, ConstantBuffers, ID3D10Buffer, ID3D11Buffer, D3D10_KIND_BUFFER,        \
                D3D10_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT)                             \
    STAGE_ARRAY(Stage, ShaderResources, ID3D10ShaderResourceView, ID3D11ShaderResourceView,   \
                D3D10_KIND_SRV, D3D10_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT)                  \
    STAGE_ARRAY(Stage, Samplers, ID3D10SamplerState, ID3D11SamplerState, D3D10_KIND_SAMPLER,  \
                D3D10_COMMONSHADER_SAMPLER_SLOT_COUNT)                                         \
    STAGE_SHADER(Stage, Shader10, Shader11, shader_kind)

STAGE(VS, ID3D10VertexShader, ID3D11VertexShader, D3D10_KIND_VS)
STAGE(GS, ID3D10GeometryShader, ID3D11GeometryShader, D3D10_KIND_GS)
STAGE(PS, ID3D10PixelShader, ID3D11PixelShader, D3D10_KIND_PS)

/* ---- input assembler ---- */

static void STDMETHODCALLTYPE IASetInputLayout(ID3D10Device1 *iface, ID3D10InputLayout *layout)
{
    bool ok = true;
    IUnknown *l = d3d10_unwrap(impl(iface), layout, D3D10_KIND_BIT(D3D10_KIND_INPUT_LAYOUT),
                               "IASetInputLayout", &ok);
    if (ok)
        ID3D11DeviceContext_IASetInputLayout(CTX(iface), (ID3D11InputLayout *)l);
}

static void STDMETHODCALLTYPE IAGetInputLayout(ID3D10Device1 *iface, ID3D10InputLayout **out)
{
    ID3D11InputLayout *l = NULL;
    if (!out)
        return;
    ID3D11DeviceContext_IAGetInputLayout(CTX(iface), &l);
    *out = d3d10_wrap_owned(impl(iface), (IUnknown *)l, D3D10_KIND_INPUT_LAYOUT);
}

static void STDMETHODCALLTYPE IASetVertexBuffers(ID3D10Device1 *iface, UINT start, UINT n,
                                                 ID3D10Buffer *const *bufs, const UINT *strides,
                                                 const UINT *offsets)
{
    IUnknown *objs[D3D10_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT];
    if (!unwrap_array(impl(iface), (const void *const *)bufs, objs, n,
                      D3D10_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT,
                      D3D10_KIND_BIT(D3D10_KIND_BUFFER), "IASetVertexBuffers"))
        return;
    ID3D11DeviceContext_IASetVertexBuffers(CTX(iface), start, n,
                                           bufs ? (ID3D11Buffer *const *)objs : NULL, strides,
                                           offsets);
}

static void STDMETHODCALLTYPE IAGetVertexBuffers(ID3D10Device1 *iface, UINT start, UINT n,
                                                 ID3D10Buffer **bufs, UINT *strides,
                                                 UINT *offsets)
{
    IUnknown *objs[D3D10_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT];
    if (!get_count_ok(impl(iface), n, D3D10_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT,
                      "IAGetVertexBuffers"))
        return;
    memset(objs, 0, sizeof(objs));
    ID3D11DeviceContext_IAGetVertexBuffers(CTX(iface), start, n,
                                           bufs ? (ID3D11Buffer **)objs : NULL, strides,
                                           offsets);
    if (bufs)
        wrap_array(impl(iface), objs, (void **)bufs, n, D3D10_KIND_BUFFER);
}

static void STDMETHODCALLTYPE IASetIndexBuffer(ID3D10Device1 *iface, ID3D10Buffer *buf,
                                               DXGI_FORMAT format, UINT offset)
{
    bool ok = true;
    IUnknown *b = d3d10_unwrap(impl(iface), buf, D3D10_KIND_BIT(D3D10_KIND_BUFFER),
                               "IASetIndexBuffer", &ok);
    if (ok)
        ID3D11DeviceContext_IASetIndexBuffer(CTX(iface), (ID3D11Buffer *)b, format, offset);
}

static void STDMETHODCALLTYPE IAGetIndexBuffer(ID3D10Device1 *iface, ID3D10Buffer **buf,
                                               DXGI_FORMAT *format, UINT *offset)
{
    ID3D11Buffer *b = NULL;
    ID3D11DeviceContext_IAGetIndexBuffer(CTX(iface), buf ? &b : NULL, format, offset);
    if (buf)
        *buf = d3d10_wrap_owned(impl(iface), (IUnknown *)b, D3D10_KIND_BUFFER);
}

static void STDMETHODCALLTYPE IASetPrimitiveTopology(ID3D10Device1 *iface,
                                                     D3D10_PRIMITIVE_TOPOLOGY topology)
{
    ID3D11DeviceContext_IASetPrimitiveTopology(CTX(iface), topology);
}

static void STDMETHODCALLTYPE IAGetPrimitiveTopology(ID3D10Device1 *iface,
                                                     D3D10_PRIMITIVE_TOPOLOGY *topology)
{
    ID3D11DeviceContext_IAGetPrimitiveTopology(CTX(iface), topology);
}

/* ---- draws ---- */

static void STDMETHODCALLTYPE DrawIndexed(ID3D10Device1 *iface, UINT count, UINT start,
                                          INT base)
{
    ID3D11DeviceContext_DrawIndexed(CTX(iface), count, start, base);
}

static void STDMETHODCALLTYPE Draw(ID3D10Device1 *iface, UINT count, UINT start)
{
    ID3D11DeviceContext_Draw(CTX(iface), count, start);
}

static void STDMETHODCALLTYPE DrawIndexedInstanced(ID3D10Device1 *iface, UINT count,
                                                   UINT instances, UINT start, INT base,
                                                   UINT start_instance)
{
    ID3D11DeviceContext_DrawIndexedInstanced(CTX(iface), count, instances, start, base,
                                             start_instance);
}

static void STDMETHODCALLTYPE DrawInstanced(ID3D10Device1 *iface, UINT count, UINT instances,
                                            UINT start, UINT start_instance)
{
    ID3D11DeviceContext_DrawInstanced(CTX(iface), count, instances, start, start_instance);
}

static void STDMETHODCALLTYPE DrawAuto(ID3D10Device1 *iface)
{
    ID3D11DeviceContext_DrawAuto(CTX(iface));
}

/* ---- predication ---- */

static void STDMETHODCALLTYPE SetPredication(ID3D10Device1 *iface, ID3D10Predicate *pred,
                                             BOOL value)
{
    bool ok = true;
    IUnknown *p = d3d10_unwrap(impl(iface), pred, D3D10_KIND_BIT(D3D10_KIND_PREDICATE),
                               "SetPredication", &ok);
    if (ok)
        ID3D11DeviceContext_SetPredication(CTX(iface), (ID3D11Predicate *)p, value);
}

static void STDMETHODCALLTYPE GetPredication(ID3D10Device1 *iface, ID3D10Predicate **pred,
                                             BOOL *value)
{
    ID3D11Predicate *p = NULL;
    ID3D11DeviceContext_GetPredication(CTX(iface), pred ? &p : NULL, value);
    if (pred)
        *pred = d3d10_wrap_owned(impl(iface), (IUnknown *)p, D3D10_KIND_PREDICATE);
}

/* ---- output merger ---- */

static void STDMETHODCALLTYPE OMSetRenderTargets(ID3D10Device1 *iface, UINT n,
                                                 ID3D10RenderTargetView *const *rtvs,
                                                 ID3D10DepthStencilView *dsv)
{
    IUnknown *objs[D3D10_SIMULTANEOUS_RENDER_TARGET_COUNT];
    bool ok = true;
    IUnknown *d = d3d10_unwrap(impl(iface), dsv, D3D10_KIND_BIT(D3D10_KIND_DSV),
                               "OMSetRenderTargets", &ok);
    if (!ok || !unwrap_array(impl(iface), (const void *const *)rtvs, objs, n,
                             D3D10_SIMULTANEOUS_RENDER_TARGET_COUNT,
                             D3D10_KIND_BIT(D3D10_KIND_RTV), "OMSetRenderTargets"))
        return;
    ID3D11DeviceContext_OMSetRenderTargets(CTX(iface), n,
                                           rtvs ? (ID3D11RenderTargetView *const *)objs : NULL,
                                           (ID3D11DepthStencilView *)d);
}

static void STDMETHODCALLTYPE OMGetRenderTargets(ID3D10Device1 *iface, UINT n,
                                                 ID3D10RenderTargetView **rtvs,
                                                 ID3D10DepthStencilView **dsv)
{
    IUnknown *objs[D3D10_SIMULTANEOUS_RENDER_TARGET_COUNT];
    ID3D11DepthStencilView *d = NULL;
    if (!get_count_ok(impl(iface), n, D3D10_SIMULTANEOUS_RENDER_TARGET_COUNT,
                      "OMGetRenderTargets"))
        return;
    memset(objs, 0, sizeof(objs));
    ID3D11DeviceContext_OMGetRenderTargets(CTX(iface), rtvs ? n : 0,
                                           rtvs ? (ID3D11RenderTargetView **)objs : NULL,
                                           dsv ? &d : NULL);
    if (rtvs)
        wrap_array(impl(iface), objs, (void **)rtvs, n, D3D10_KIND_RTV);
    if (dsv)
        *dsv = d3d10_wrap_owned(impl(iface), (IUnknown *)d, D3D10_KIND_DSV);
}

static void STDMETHODCALLTYPE OMSetBlendState(ID3D10Device1 *iface, ID3D10BlendState *state,
                                              const FLOAT factor[4], UINT mask)
{
    bool ok = true;
    IUnknown *s = d3d10_unwrap(impl(iface), state, D3D10_KIND_BIT(D3D10_KIND_BLEND),
                               "OMSetBlendState", &ok);
    if (ok)
        ID3D11DeviceContext_OMSetBlendState(CTX(iface), (ID3D11BlendState *)s, factor, mask);
}

static void STDMETHODCALLTYPE OMGetBlendState(ID3D10Device1 *iface, ID3D10BlendState **state,
                                              FLOAT factor[4], UINT *mask)
{
    ID3D11BlendState *s = NULL;
    ID3D11DeviceContext_OMGetBlendState(CTX(iface), state ? &s : NULL, factor, mask);
    if (state)
        *state = d3d10_wrap_owned(impl(iface), (IUnknown *)s, D3D10_KIND_BLEND);
}

static void STDMETHODCALLTYPE OMSetDepthStencilState(ID3D10Device1 *iface,
                                                     ID3D10DepthStencilState *state, UINT ref)
{
    bool ok = true;
    IUnknown *s = d3d10_unwrap(impl(iface), state, D3D10_KIND_BIT(D3D10_KIND_DEPTH_STENCIL),
                               "OMSetDepthStencilState", &ok);
    if (ok)
        ID3D11DeviceContext_OMSetDepthStencilState(CTX(iface), (ID3D11DepthStencilState *)s,
                                                   ref);
}

static void STDMETHODCALLTYPE OMGetDepthStencilState(ID3D10Device1 *iface,
                                                     ID3D10DepthStencilState **state, UINT *ref)
{
    ID3D11DepthStencilState *s = NULL;
    ID3D11DeviceContext_OMGetDepthStencilState(CTX(iface), state ? &s : NULL, ref);
    if (state)
        *state = d3d10_wrap_owned(impl(iface), (IUnknown *)s, D3D10_KIND_DEPTH_STENCIL);
}

/* ---- stream output ---- */

static void STDMETHODCALLTYPE SOSetTargets(ID3D10Device1 *iface, UINT n,
                                           ID3D10Buffer *const *bufs, const UINT *offsets)
{
    IUnknown *objs[D3D10_SO_BUFFER_SLOT_COUNT];
    if (!unwrap_array(impl(iface), (const void *const *)bufs, objs, n,
                      D3D10_SO_BUFFER_SLOT_COUNT, D3D10_KIND_BIT(D3D10_KIND_BUFFER),
                      "SOSetTargets"))
        return;
    ID3D11DeviceContext_SOSetTargets(CTX(iface), n, bufs ? (ID3D11Buffer *const *)objs : NULL,
                                     offsets);
}

static void STDMETHODCALLTYPE SOGetTargets(ID3D10Device1 *iface, UINT n, ID3D10Buffer **bufs,
                                           UINT *offsets)
{
    IUnknown *objs[D3D10_SO_BUFFER_SLOT_COUNT];
    if (!get_count_ok(impl(iface), n, D3D10_SO_BUFFER_SLOT_COUNT, "SOGetTargets"))
        return;
    memset(objs, 0, sizeof(objs));
    if (bufs) {
        ID3D11DeviceContext_SOGetTargets(CTX(iface), n, (ID3D11Buffer **)objs);
        wrap_array(impl(iface), objs, (void **)bufs, n, D3D10_KIND_BUFFER);
    }
    if (offsets)
        memset(offsets, 0, n * sizeof(*offsets));
}

/* ---- rasterizer ---- */

static void STDMETHODCALLTYPE RSSetState(ID3D10Device1 *iface, ID3D10RasterizerState *state)
{
    bool ok = true;
    IUnknown *s = d3d10_unwrap(impl(iface), state, D3D10_KIND_BIT(D3D10_KIND_RASTERIZER),
                               "RSSetState", &ok);
    if (ok)
        ID3D11DeviceContext_RSSetState(CTX(iface), (ID3D11RasterizerState *)s);
}

static void STDMETHODCALLTYPE RSGetState(ID3D10Device1 *iface, ID3D10RasterizerState **out)
{
    ID3D11RasterizerState *s = NULL;
    if (!out)
        return;
    ID3D11DeviceContext_RSGetState(CTX(iface), &s);
    *out = d3d10_wrap_owned(impl(iface), (IUnknown *)s, D3D10_KIND_RASTERIZER);
}

static void STDMETHODCALLTYPE RSSetViewports(ID3D10Device1 *iface, UINT n,
                                             const D3D10_VIEWPORT *vps)
{
    D3D11_VIEWPORT v[D3D10_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
    if (!get_count_ok(impl(iface), n, D3D10_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE,
                      "RSSetViewports"))
        return;
    for (UINT i = 0; i < n && vps; i++)
        v[i] = (D3D11_VIEWPORT){ (FLOAT)vps[i].TopLeftX, (FLOAT)vps[i].TopLeftY,
                                 (FLOAT)vps[i].Width, (FLOAT)vps[i].Height, vps[i].MinDepth,
                                 vps[i].MaxDepth };
    ID3D11DeviceContext_RSSetViewports(CTX(iface), n, vps ? v : NULL);
}

static void STDMETHODCALLTYPE RSGetViewports(ID3D10Device1 *iface, UINT *n, D3D10_VIEWPORT *vps)
{
    D3D11_VIEWPORT v[D3D10_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
    UINT count;
    if (!n)
        return;
    if (!vps) {   /* the number of bound viewports */
        ID3D11DeviceContext_RSGetViewports(CTX(iface), n, NULL);
        return;
    }
    count = *n < D3D10_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE
                ? *n
                : D3D10_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE;
    memset(v, 0, sizeof(v));
    ID3D11DeviceContext_RSGetViewports(CTX(iface), &count, v);
    for (UINT i = 0; i < count; i++)
        vps[i] = (D3D10_VIEWPORT){ (INT)v[i].TopLeftX, (INT)v[i].TopLeftY, (UINT)v[i].Width,
                                   (UINT)v[i].Height, v[i].MinDepth, v[i].MaxDepth };
    *n = count;
}

static void STDMETHODCALLTYPE RSSetScissorRects(ID3D10Device1 *iface, UINT n,
                                                const D3D10_RECT *rects)
{
    ID3D11DeviceContext_RSSetScissorRects(CTX(iface), n, rects);   /* both are RECT */
}

static void STDMETHODCALLTYPE RSGetScissorRects(ID3D10Device1 *iface, UINT *n, D3D10_RECT *rects)
{
    ID3D11DeviceContext_RSGetScissorRects(CTX(iface), n, rects);
}

/* ---- resources ---- */

#define RESOURCE(iface, res, name, ok)                                                         \
    ((ID3D11Resource *)d3d10_unwrap(impl(iface), (res), D3D10_KINDS_RESOURCE, (name), (ok)))

static void STDMETHODCALLTYPE CopySubresourceRegion(ID3D10Device1 *iface, ID3D10Resource *dst,
                                                    UINT dst_sub, UINT x, UINT y, UINT z,
                                                    ID3D10Resource *src, UINT src_sub,
                                                    const D3D10_BOX *box)
{
    bool ok = true;
    ID3D11Resource *d = RESOURCE(iface, dst, "CopySubresourceRegion", &ok);
    ID3D11Resource *s = RESOURCE(iface, src, "CopySubresourceRegion", &ok);
    _Static_assert(sizeof(D3D10_BOX) == sizeof(D3D11_BOX), "layout");
    if (ok)
        ID3D11DeviceContext_CopySubresourceRegion(CTX(iface), d, dst_sub, x, y, z, s, src_sub,
                                                  (const D3D11_BOX *)box);
}

static void STDMETHODCALLTYPE CopyResource(ID3D10Device1 *iface, ID3D10Resource *dst,
                                           ID3D10Resource *src)
{
    bool ok = true;
    ID3D11Resource *d = RESOURCE(iface, dst, "CopyResource", &ok);
    ID3D11Resource *s = RESOURCE(iface, src, "CopyResource", &ok);
    if (ok)
        ID3D11DeviceContext_CopyResource(CTX(iface), d, s);
}

static void STDMETHODCALLTYPE UpdateSubresource(ID3D10Device1 *iface, ID3D10Resource *dst,
                                                UINT sub, const D3D10_BOX *box, const void *data,
                                                UINT row_pitch, UINT depth_pitch)
{
    bool ok = true;
    ID3D11Resource *d = RESOURCE(iface, dst, "UpdateSubresource", &ok);
    if (ok)
        ID3D11DeviceContext_UpdateSubresource(CTX(iface), d, sub, (const D3D11_BOX *)box, data,
                                              row_pitch, depth_pitch);
}

static void STDMETHODCALLTYPE ResolveSubresource(ID3D10Device1 *iface, ID3D10Resource *dst,
                                                 UINT dst_sub, ID3D10Resource *src, UINT src_sub,
                                                 DXGI_FORMAT format)
{
    bool ok = true;
    ID3D11Resource *d = RESOURCE(iface, dst, "ResolveSubresource", &ok);
    ID3D11Resource *s = RESOURCE(iface, src, "ResolveSubresource", &ok);
    if (ok)
        ID3D11DeviceContext_ResolveSubresource(CTX(iface), d, dst_sub, s, src_sub, format);
}

static void STDMETHODCALLTYPE ClearRenderTargetView(ID3D10Device1 *iface,
                                                    ID3D10RenderTargetView *rtv,
                                                    const FLOAT colour[4])
{
    bool ok = true;
    IUnknown *v = d3d10_unwrap(impl(iface), rtv, D3D10_KIND_BIT(D3D10_KIND_RTV),
                               "ClearRenderTargetView", &ok);
    if (ok)
        ID3D11DeviceContext_ClearRenderTargetView(CTX(iface), (ID3D11RenderTargetView *)v,
                                                  colour);
}

static void STDMETHODCALLTYPE ClearDepthStencilView(ID3D10Device1 *iface,
                                                    ID3D10DepthStencilView *dsv, UINT flags,
                                                    FLOAT depth, UINT8 stencil)
{
    bool ok = true;
    IUnknown *v = d3d10_unwrap(impl(iface), dsv, D3D10_KIND_BIT(D3D10_KIND_DSV),
                               "ClearDepthStencilView", &ok);
    if (ok)   /* D3D10_CLEAR_FLAG has D3D11's bits */
        ID3D11DeviceContext_ClearDepthStencilView(CTX(iface), (ID3D11DepthStencilView *)v,
                                                  flags, depth, stencil);
}

static void STDMETHODCALLTYPE GenerateMips(ID3D10Device1 *iface, ID3D10ShaderResourceView *srv)
{
    bool ok = true;
    IUnknown *v = d3d10_unwrap(impl(iface), srv, D3D10_KIND_BIT(D3D10_KIND_SRV), "GenerateMips",
                               &ok);
    if (ok)
        ID3D11DeviceContext_GenerateMips(CTX(iface), (ID3D11ShaderResourceView *)v);
}

static void STDMETHODCALLTYPE ClearState(ID3D10Device1 *iface)
{
    ID3D11DeviceContext_ClearState(CTX(iface));
}

static void STDMETHODCALLTYPE Flush(ID3D10Device1 *iface)
{
    ID3D11DeviceContext_Flush(CTX(iface));
}

#define SLOT(name) v->name = name
#define STAGE_SLOTS(S)                                                                          \
    SLOT(S##SetConstantBuffers), SLOT(S##GetConstantBuffers), SLOT(S##SetShaderResources),     \
        SLOT(S##GetShaderResources), SLOT(S##SetSamplers), SLOT(S##GetSamplers),               \
        SLOT(S##SetShader), SLOT(S##GetShader)

void d3d10_pipeline_fill_vtbl(ID3D10Device1Vtbl *v)
{
    STAGE_SLOTS(VS);
    STAGE_SLOTS(GS);
    STAGE_SLOTS(PS);
    SLOT(IASetInputLayout), SLOT(IAGetInputLayout), SLOT(IASetVertexBuffers);
    SLOT(IAGetVertexBuffers), SLOT(IASetIndexBuffer), SLOT(IAGetIndexBuffer);
    SLOT(IASetPrimitiveTopology), SLOT(IAGetPrimitiveTopology);
    SLOT(DrawIndexed), SLOT(Draw), SLOT(DrawIndexedInstanced), SLOT(DrawInstanced);
    SLOT(DrawAuto), SLOT(SetPredication), SLOT(GetPredication);
    SLOT(OMSetRenderTargets), SLOT(OMGetRenderTargets), SLOT(OMSetBlendState);
    SLOT(OMGetBlendState), SLOT(OMSetDepthStencilState), SLOT(OMGetDepthStencilState);
    SLOT(SOSetTargets), SLOT(SOGetTargets), SLOT(RSSetState), SLOT(RSGetState);
    SLOT(RSSetViewports), SLOT(RSGetViewports), SLOT(RSSetScissorRects), SLOT(RSGetScissorRects);
    SLOT(CopySubresourceRegion), SLOT(CopyResource), SLOT(UpdateSubresource);
    SLOT(ResolveSubresource), SLOT(ClearRenderTargetView), SLOT(ClearDepthStencilView);
    SLOT(GenerateMips), SLOT(ClearState), SLOT(Flush);
}
