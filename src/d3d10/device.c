/* src/d3d10/device.c — ID3D10Device / ID3D10Device1 (one vtable) on the D3D11 device, and the
 * entry points D3D10CreateDevice(1) / D3D10CreateDeviceAndSwapChain(1).  The pipeline methods
 * are in pipeline.c; the objects' faces in object.c.
 *
 * Creation (learn.microsoft.com, "D3D10CreateDevice", "D3D10CreateDevice1", "D3D10_DRIVER_TYPE",
 * "D3D10_CREATE_DEVICE_FLAG"):
 *   - D3D10CreateDevice makes a feature level 10_0 device, D3D10CreateDevice1 one of
 *     HardwareLevel (10_1, 10_0, 9_3, 9_2, 9_1); each is D3D11CreateDevice at exactly that level,
 *     so the SOFTD3D_PROFILE rules apply (10_0 needs the 10_0 or 10_1 profile; the default
 *     profile's highest level is 9_3, and the D3D11 answer DXGI_ERROR_UNSUPPORTED is returned);
 *   - SDKVersion must be D3D10_SDK_VERSION (D3D10CreateDevice) or D3D10_1_SDK_VERSION (the 1
 *     variants); the driver types map onto D3D11's (same values); the flags: SINGLETHREADED,
 *     DEBUG, SWITCH_TO_REF, PREVENT_INTERNAL_THREADING_OPTIMIZATIONS, BGRA_SUPPORT and
 *     PREVENT_ALTERING_LAYER_SETTINGS_FROM_REGISTRY are D3D11's bits (D3D11 decides), DEBUGGABLE
 *     is D3D11's 0x40; ALLOW_NULL_FROM_MAP (softd3d's Map never raises an exception) and
 *     STRICT_VALIDATION (every call is validated strictly) change nothing; others E_INVALIDARG;
 *   - ...AndSwapChain creates the swap chain through the device's factory, as
 *     D3D11CreateDeviceAndSwapChain does; a refused swap chain leaves nothing behind.
 * The device answers IUnknown, ID3D10Device (and ID3D10Device1 when made by the 1 entry points),
 * ID3D10Multithread (the D3D11 device's, same IID) and the IDXGIDevice family (the D3D11 device's
 * DXGI face, whose QueryInterface leads back here); its private data is the D3D11 device's.
 */
#include "d3d10/d3d10_private.h"

#include <stdlib.h>
#include <string.h>

#include "softd3d_com_stubs.h"
#include "util/export.h"
#include "util/log.h"

static inline struct d3d10_device *impl(ID3D10Device1 *iface)
{
    return d3d10_device_impl(iface);
}

#define DEV_MSG(dev, ...) d3d11_msg((dev)->impl11, __VA_ARGS__)

/* ---- IUnknown ---- */

static HRESULT STDMETHODCALLTYPE device_QueryInterface(ID3D10Device1 *iface, REFIID riid,
                                                       void **out)
{
    struct d3d10_device *dev = impl(iface);
    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_ID3D10Device) ||
        (dev->api_10_1 && IsEqualGUID(riid, &IID_ID3D10Device1))) {
        ID3D10Device1_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    if (IsEqualGUID(riid, &IID_ID3D10Multithread) || IsEqualGUID(riid, &IID_IDXGIObject) ||
        IsEqualGUID(riid, &IID_IDXGIDevice) || IsEqualGUID(riid, &IID_IDXGIDevice1) ||
        IsEqualGUID(riid, &IID_IDXGIDevice2) || IsEqualGUID(riid, &IID_IDXGIDevice3) ||
        IsEqualGUID(riid, &IID_IDXGIDevice4))
        return ID3D11Device_QueryInterface(dev->dev11, riid, out);
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE device_AddRef(ID3D10Device1 *iface)
{
    return atomic_fetch_add(&impl(iface)->refcount, 1) + 1;
}

static ULONG STDMETHODCALLTYPE device_Release(ID3D10Device1 *iface)
{
    struct d3d10_device *dev = impl(iface);
    ULONG left = atomic_fetch_sub(&dev->refcount, 1) - 1;
    if (left)
        return left;
    /* Every face holds a device reference, so none is left. */
    dev->impl11->d3d10_device = NULL;
    dev->impl11->d3d10_query = NULL;
    ID3D11DeviceContext_Release(dev->ctx11);
    ID3D11Device_Release(dev->dev11);
    pthread_mutex_destroy(&dev->lock);
    free(dev);
    return 0;
}

/* ---- device-level methods ---- */

static HRESULT STDMETHODCALLTYPE device_GetDeviceRemovedReason(ID3D10Device1 *iface)
{
    return ID3D11Device_GetDeviceRemovedReason(impl(iface)->dev11);
}

static HRESULT STDMETHODCALLTYPE device_SetExceptionMode(ID3D10Device1 *iface, UINT flags)
{
    return ID3D11Device_SetExceptionMode(impl(iface)->dev11, flags);   /* the same bit */
}

static UINT STDMETHODCALLTYPE device_GetExceptionMode(ID3D10Device1 *iface)
{
    return ID3D11Device_GetExceptionMode(impl(iface)->dev11);
}

static HRESULT STDMETHODCALLTYPE device_GetPrivateData(ID3D10Device1 *iface, REFGUID guid,
                                                       UINT *size, void *data)
{
    return ID3D11Device_GetPrivateData(impl(iface)->dev11, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE device_SetPrivateData(ID3D10Device1 *iface, REFGUID guid,
                                                       UINT size, const void *data)
{
    return ID3D11Device_SetPrivateData(impl(iface)->dev11, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE device_SetPrivateDataInterface(ID3D10Device1 *iface,
                                                                REFGUID guid,
                                                                const IUnknown *data)
{
    return ID3D11Device_SetPrivateDataInterface(impl(iface)->dev11, guid, data);
}

static UINT STDMETHODCALLTYPE device_GetCreationFlags(ID3D10Device1 *iface)
{
    return impl(iface)->flags;
}

static D3D10_FEATURE_LEVEL1 STDMETHODCALLTYPE device_GetFeatureLevel(ID3D10Device1 *iface)
{
    /* D3D10_FEATURE_LEVEL1 has D3D_FEATURE_LEVEL's values. */
    return (D3D10_FEATURE_LEVEL1)ID3D11Device_GetFeatureLevel(impl(iface)->dev11);
}

static HRESULT STDMETHODCALLTYPE device_CheckFormatSupport(ID3D10Device1 *iface,
                                                           DXGI_FORMAT format, UINT *support)
{
    /* D3D10_FORMAT_SUPPORT's bits are D3D11's first 25. */
    return ID3D11Device_CheckFormatSupport(impl(iface)->dev11, format, support);
}

static HRESULT STDMETHODCALLTYPE device_CheckMultisampleQualityLevels(ID3D10Device1 *iface,
                                                                      DXGI_FORMAT format,
                                                                      UINT samples, UINT *levels)
{
    return ID3D11Device_CheckMultisampleQualityLevels(impl(iface)->dev11, format, samples,
                                                      levels);
}

static void STDMETHODCALLTYPE device_CheckCounterInfo(ID3D10Device1 *iface,
                                                      D3D10_COUNTER_INFO *info)
{
    _Static_assert(sizeof(D3D10_COUNTER_INFO) == sizeof(D3D11_COUNTER_INFO), "layout");
    ID3D11Device_CheckCounterInfo(impl(iface)->dev11, (D3D11_COUNTER_INFO *)info);
}

static HRESULT STDMETHODCALLTYPE device_CheckCounter(ID3D10Device1 *iface,
                                                     const D3D10_COUNTER_DESC *desc,
                                                     D3D10_COUNTER_TYPE *type, UINT *active,
                                                     LPSTR name, UINT *name_len, LPSTR units,
                                                     UINT *units_len, LPSTR text, UINT *text_len)
{
    return ID3D11Device_CheckCounter(impl(iface)->dev11, (const D3D11_COUNTER_DESC *)desc,
                                     (D3D11_COUNTER_TYPE *)type, active, name, name_len, units,
                                     units_len, text, text_len);
}

static HRESULT STDMETHODCALLTYPE device_OpenSharedResource(ID3D10Device1 *iface, HANDLE handle,
                                                           REFIID riid, void **out)
{
    return ID3D11Device_OpenSharedResource(impl(iface)->dev11, handle, riid, out);
}

/* Text filtering (D3D10_FILTER_TEXT_1BIT) is not offered (the D3D11 device refuses that
 * filter), so the size is only kept and answered. */
static void STDMETHODCALLTYPE device_SetTextFilterSize(ID3D10Device1 *iface, UINT w, UINT h)
{
    impl(iface)->text_filter_width = w;
    impl(iface)->text_filter_height = h;
}

static void STDMETHODCALLTYPE device_GetTextFilterSize(ID3D10Device1 *iface, UINT *w, UINT *h)
{
    if (w)
        *w = impl(iface)->text_filter_width;
    if (h)
        *h = impl(iface)->text_filter_height;
}

/* ---- Create*: the D3D11 method, then the face of what it made ---- */

/* Out-pointer NULL: the D3D11 method validates only (S_FALSE), as D3D10 documents. */
#define CREATE_RESULT(dev, hr, obj11, out, kind)                                               \
    do {                                                                                       \
        if (SUCCEEDED(hr) && (out) && (obj11)) {                                              \
            *(out) = d3d10_wrap_owned((dev), (IUnknown *)(obj11), (kind));                    \
            if (!*(out))                                                                       \
                hr = E_OUTOFMEMORY;                                                            \
        }                                                                                      \
    } while (0)

static HRESULT STDMETHODCALLTYPE device_CreateBuffer(ID3D10Device1 *iface,
                                                     const D3D10_BUFFER_DESC *desc,
                                                     const D3D10_SUBRESOURCE_DATA *data,
                                                     ID3D10Buffer **out)
{
    struct d3d10_device *dev = impl(iface);
    D3D11_BUFFER_DESC d;
    ID3D11Buffer *b = NULL;
    HRESULT hr;
    _Static_assert(sizeof(D3D10_SUBRESOURCE_DATA) == sizeof(D3D11_SUBRESOURCE_DATA), "layout");
    if (out)
        *out = NULL;
    if (desc)
        d = d3d10_buffer_desc_to11(desc);
    hr = ID3D11Device_CreateBuffer(dev->dev11, desc ? &d : NULL,
                                   (const D3D11_SUBRESOURCE_DATA *)data, out ? &b : NULL);
    CREATE_RESULT(dev, hr, b, out, D3D10_KIND_BUFFER);
    return hr;
}

/* The texture descriptions have D3D11's layouts; only MiscFlags is converted. */
#define CREATE_TEXTURE(n, Desc10, Desc11, Iface10, Iface11, kind)                              \
    static HRESULT STDMETHODCALLTYPE device_CreateTexture##n(                                 \
        ID3D10Device1 *iface, const Desc10 *desc, const D3D10_SUBRESOURCE_DATA *data,         \
        Iface10 **out)                                                                         \
    {                                                                                          \
        struct d3d10_device *dev = impl(iface);                                               \
        Desc11 d;                                                                              \
        Iface11 *t = NULL;                                                                     \
        HRESULT hr;                                                                            \
        _Static_assert(sizeof(Desc10) == sizeof(Desc11), "layout");                          \
        if (out)                                                                               \
            *out = NULL;                                                                       \
        if (desc) {                                                                            \
            memcpy(&d, desc, sizeof(d));                                                       \
            d.MiscFlags = d3d10_misc_to11(desc->MiscFlags);                                   \
        }                                                                                      \
        hr = ID3D11Device_CreateTexture##n(dev->dev11, desc ? &d : NULL,                      \
                                           (const D3D11_SUBRESOURCE_DATA *)data,               \
                                           out ? &t : NULL);                                   \
        CREATE_RESULT(dev, hr, t, out, kind);                                                  \
        return hr;                                                                             \
    }
CREATE_TEXTURE(1D, D3D10_TEXTURE1D_DESC, D3D11_TEXTURE1D_DESC, ID3D10Texture1D, ID3D11Texture1D,
               D3D10_KIND_TEXTURE1D)
CREATE_TEXTURE(2D, D3D10_TEXTURE2D_DESC, D3D11_TEXTURE2D_DESC, ID3D10Texture2D, ID3D11Texture2D,
               D3D10_KIND_TEXTURE2D)
CREATE_TEXTURE(3D, D3D10_TEXTURE3D_DESC, D3D11_TEXTURE3D_DESC, ID3D10Texture3D, ID3D11Texture3D,
               D3D10_KIND_TEXTURE3D)

/* The resource of a view to create (false: not one of ours, refused with a message). */
static bool view_resource(struct d3d10_device *dev, ID3D10Resource *res, void **out,
                          const char *method, ID3D11Resource **r)
{
    bool ok = true;
    if (out)
        *out = NULL;
    *r = (ID3D11Resource *)d3d10_unwrap(dev, res, D3D10_KINDS_RESOURCE, method, &ok);
    return ok;
}

/* The D3D10 SRV and RTV descriptions are the first bytes of D3D11's (object.c). */
static HRESULT create_srv(struct d3d10_device *dev, ID3D10Resource *res, const void *desc,
                          size_t desc_size, ID3D10ShaderResourceView1 **out, const char *method)
{
    D3D11_SHADER_RESOURCE_VIEW_DESC d;
    ID3D11ShaderResourceView *v = NULL;
    ID3D11Resource *r;
    HRESULT hr;
    if (!view_resource(dev, res, (void **)out, method, &r))
        return E_INVALIDARG;
    memset(&d, 0, sizeof(d));
    if (desc)
        memcpy(&d, desc, desc_size);
    hr = ID3D11Device_CreateShaderResourceView(dev->dev11, r, desc ? &d : NULL, out ? &v : NULL);
    CREATE_RESULT(dev, hr, v, out, D3D10_KIND_SRV);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_CreateShaderResourceView(
    ID3D10Device1 *iface, ID3D10Resource *res, const D3D10_SHADER_RESOURCE_VIEW_DESC *desc,
    ID3D10ShaderResourceView **out)
{
    return create_srv(impl(iface), res, desc, sizeof(*desc), (ID3D10ShaderResourceView1 **)out,
                      "CreateShaderResourceView");
}

static HRESULT STDMETHODCALLTYPE device_CreateShaderResourceView1(
    ID3D10Device1 *iface, ID3D10Resource *res, const D3D10_SHADER_RESOURCE_VIEW_DESC1 *desc,
    ID3D10ShaderResourceView1 **out)
{
    return create_srv(impl(iface), res, desc, sizeof(*desc), out, "CreateShaderResourceView1");
}

static HRESULT STDMETHODCALLTYPE device_CreateRenderTargetView(
    ID3D10Device1 *iface, ID3D10Resource *res, const D3D10_RENDER_TARGET_VIEW_DESC *desc,
    ID3D10RenderTargetView **out)
{
    struct d3d10_device *dev = impl(iface);
    D3D11_RENDER_TARGET_VIEW_DESC d;
    ID3D11RenderTargetView *v = NULL;
    ID3D11Resource *r;
    HRESULT hr;
    if (!view_resource(dev, res, (void **)out, "CreateRenderTargetView", &r))
        return E_INVALIDARG;
    memset(&d, 0, sizeof(d));
    if (desc)
        memcpy(&d, desc, sizeof(*desc));
    hr = ID3D11Device_CreateRenderTargetView(dev->dev11, r, desc ? &d : NULL, out ? &v : NULL);
    CREATE_RESULT(dev, hr, v, out, D3D10_KIND_RTV);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_CreateDepthStencilView(
    ID3D10Device1 *iface, ID3D10Resource *res, const D3D10_DEPTH_STENCIL_VIEW_DESC *desc,
    ID3D10DepthStencilView **out)
{
    struct d3d10_device *dev = impl(iface);
    D3D11_DEPTH_STENCIL_VIEW_DESC d;
    ID3D11DepthStencilView *v = NULL;
    ID3D11Resource *r;
    HRESULT hr;
    if (!view_resource(dev, res, (void **)out, "CreateDepthStencilView", &r))
        return E_INVALIDARG;
    if (desc)
        d = d3d10_dsv_desc_to11(desc);
    hr = ID3D11Device_CreateDepthStencilView(dev->dev11, r, desc ? &d : NULL, out ? &v : NULL);
    CREATE_RESULT(dev, hr, v, out, D3D10_KIND_DSV);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_CreateInputLayout(
    ID3D10Device1 *iface, const D3D10_INPUT_ELEMENT_DESC *elems, UINT n, const void *code,
    SIZE_T size, ID3D10InputLayout **out)
{
    struct d3d10_device *dev = impl(iface);
    ID3D11InputLayout *l = NULL;
    HRESULT hr;
    _Static_assert(sizeof(D3D10_INPUT_ELEMENT_DESC) == sizeof(D3D11_INPUT_ELEMENT_DESC),
                   "layout");
    if (out)
        *out = NULL;
    hr = ID3D11Device_CreateInputLayout(dev->dev11, (const D3D11_INPUT_ELEMENT_DESC *)elems, n,
                                        code, size, out ? &l : NULL);
    CREATE_RESULT(dev, hr, l, out, D3D10_KIND_INPUT_LAYOUT);
    return hr;
}

#define CREATE_SHADER(Stage, Iface10, Iface11, kind)                                           \
    static HRESULT STDMETHODCALLTYPE device_Create##Stage##Shader(                            \
        ID3D10Device1 *iface, const void *code, SIZE_T size, Iface10 **out)                   \
    {                                                                                          \
        struct d3d10_device *dev = impl(iface);                                               \
        Iface11 *s = NULL;                                                                     \
        HRESULT hr;                                                                            \
        if (out)                                                                               \
            *out = NULL;                                                                       \
        hr = ID3D11Device_Create##Stage##Shader(dev->dev11, code, size, NULL,                 \
                                                out ? &s : NULL);                              \
        CREATE_RESULT(dev, hr, s, out, kind);                                                  \
        return hr;                                                                             \
    }
CREATE_SHADER(Vertex, ID3D10VertexShader, ID3D11VertexShader, D3D10_KIND_VS)
CREATE_SHADER(Geometry, ID3D10GeometryShader, ID3D11GeometryShader, D3D10_KIND_GS)
CREATE_SHADER(Pixel, ID3D10PixelShader, ID3D11PixelShader, D3D10_KIND_PS)

static HRESULT STDMETHODCALLTYPE device_CreateGeometryShaderWithStreamOutput(
    ID3D10Device1 *iface, const void *code, SIZE_T size, const D3D10_SO_DECLARATION_ENTRY *decl,
    UINT n, UINT stride, ID3D10GeometryShader **out)
{
    struct d3d10_device *dev = impl(iface);
    D3D11_SO_DECLARATION_ENTRY d11[D3D10_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT * 4];
    ID3D11GeometryShader *s = NULL;
    HRESULT hr;
    if (out)
        *out = NULL;
    if (n > sizeof(d11) / sizeof(d11[0]) || (n && !decl)) {
        DEV_MSG(dev, "CreateGeometryShaderWithStreamOutput: %u declaration entries%s", n,
                n && !decl ? " and a NULL pSODeclaration" : " exceed D3D10's 64");
        return E_INVALIDARG;
    }
    /* D3D10's entries are D3D11's of stream 0 (D3D11 adds Stream in front). */
    for (UINT i = 0; i < n; i++)
        d11[i] = (D3D11_SO_DECLARATION_ENTRY){ 0, decl[i].SemanticName, decl[i].SemanticIndex,
                                               decl[i].StartComponent, decl[i].ComponentCount,
                                               decl[i].OutputSlot };
    hr = ID3D11Device_CreateGeometryShaderWithStreamOutput(dev->dev11, code, size, d11, n,
                                                           &stride, 1, 0, NULL,
                                                           out ? &s : NULL);
    CREATE_RESULT(dev, hr, s, out, D3D10_KIND_GS);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_CreateBlendState(ID3D10Device1 *iface,
                                                         const D3D10_BLEND_DESC *desc,
                                                         ID3D10BlendState **out)
{
    struct d3d10_device *dev = impl(iface);
    D3D11_BLEND_DESC d;
    ID3D11BlendState *s = NULL;
    HRESULT hr;
    if (out)
        *out = NULL;
    if (desc)
        d = d3d10_blend_desc_to11(desc);
    hr = ID3D11Device_CreateBlendState(dev->dev11, desc ? &d : NULL, out ? &s : NULL);
    CREATE_RESULT(dev, hr, s, out, D3D10_KIND_BLEND);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_CreateBlendState1(ID3D10Device1 *iface,
                                                          const D3D10_BLEND_DESC1 *desc,
                                                          ID3D10BlendState1 **out)
{
    struct d3d10_device *dev = impl(iface);
    ID3D11BlendState *s = NULL;
    HRESULT hr;
    if (out)
        *out = NULL;
    hr = ID3D11Device_CreateBlendState(dev->dev11, (const D3D11_BLEND_DESC *)desc,
                                       out ? &s : NULL);
    CREATE_RESULT(dev, hr, s, out, D3D10_KIND_BLEND);
    return hr;
}

/* Descriptions with D3D11's layouts, passed as they are. */
#define CREATE_AS_IS(Name, Desc10, Desc11, Iface10, Iface11, kind)                             \
    static HRESULT STDMETHODCALLTYPE device_Create##Name(ID3D10Device1 *iface,                \
                                                         const Desc10 *desc, Iface10 **out)   \
    {                                                                                          \
        struct d3d10_device *dev = impl(iface);                                               \
        Iface11 *s = NULL;                                                                     \
        HRESULT hr;                                                                            \
        _Static_assert(sizeof(Desc10) == sizeof(Desc11), "layout");                          \
        if (out)                                                                               \
            *out = NULL;                                                                       \
        hr = ID3D11Device_Create##Name(dev->dev11, (const Desc11 *)desc, out ? &s : NULL);    \
        CREATE_RESULT(dev, hr, s, out, kind);                                                  \
        return hr;                                                                             \
    }
CREATE_AS_IS(DepthStencilState, D3D10_DEPTH_STENCIL_DESC, D3D11_DEPTH_STENCIL_DESC,
             ID3D10DepthStencilState, ID3D11DepthStencilState, D3D10_KIND_DEPTH_STENCIL)
CREATE_AS_IS(RasterizerState, D3D10_RASTERIZER_DESC, D3D11_RASTERIZER_DESC,
             ID3D10RasterizerState, ID3D11RasterizerState, D3D10_KIND_RASTERIZER)
CREATE_AS_IS(SamplerState, D3D10_SAMPLER_DESC, D3D11_SAMPLER_DESC, ID3D10SamplerState,
             ID3D11SamplerState, D3D10_KIND_SAMPLER)
CREATE_AS_IS(Query, D3D10_QUERY_DESC, D3D11_QUERY_DESC, ID3D10Query, ID3D11Query,
             D3D10_KIND_QUERY)
CREATE_AS_IS(Predicate, D3D10_QUERY_DESC, D3D11_QUERY_DESC, ID3D10Predicate, ID3D11Predicate,
             D3D10_KIND_PREDICATE)
CREATE_AS_IS(Counter, D3D10_COUNTER_DESC, D3D11_COUNTER_DESC, ID3D10Counter, ID3D11Counter,
             D3D10_KIND_COUNTER)

static ID3D10Device1Vtbl device_vtbl = {
    .QueryInterface = device_QueryInterface,
    .AddRef = device_AddRef,
    .Release = device_Release,
    .GetDeviceRemovedReason = device_GetDeviceRemovedReason,
    .SetExceptionMode = device_SetExceptionMode,
    .GetExceptionMode = device_GetExceptionMode,
    .GetPrivateData = device_GetPrivateData,
    .SetPrivateData = device_SetPrivateData,
    .SetPrivateDataInterface = device_SetPrivateDataInterface,
    .CreateBuffer = device_CreateBuffer,
    .CreateTexture1D = device_CreateTexture1D,
    .CreateTexture2D = device_CreateTexture2D,
    .CreateTexture3D = device_CreateTexture3D,
    .CreateShaderResourceView = device_CreateShaderResourceView,
    .CreateRenderTargetView = device_CreateRenderTargetView,
    .CreateDepthStencilView = device_CreateDepthStencilView,
    .CreateInputLayout = device_CreateInputLayout,
    .CreateVertexShader = device_CreateVertexShader,
    .CreateGeometryShader = device_CreateGeometryShader,
    .CreateGeometryShaderWithStreamOutput = device_CreateGeometryShaderWithStreamOutput,
    .CreatePixelShader = device_CreatePixelShader,
    .CreateBlendState = device_CreateBlendState,
    .CreateDepthStencilState = device_CreateDepthStencilState,
    .CreateRasterizerState = device_CreateRasterizerState,
    .CreateSamplerState = device_CreateSamplerState,
    .CreateQuery = device_CreateQuery,
    .CreatePredicate = device_CreatePredicate,
    .CreateCounter = device_CreateCounter,
    .CheckFormatSupport = device_CheckFormatSupport,
    .CheckMultisampleQualityLevels = device_CheckMultisampleQualityLevels,
    .CheckCounterInfo = device_CheckCounterInfo,
    .CheckCounter = device_CheckCounter,
    .GetCreationFlags = device_GetCreationFlags,
    .OpenSharedResource = device_OpenSharedResource,
    .SetTextFilterSize = device_SetTextFilterSize,
    .GetTextFilterSize = device_GetTextFilterSize,
    .CreateShaderResourceView1 = device_CreateShaderResourceView1,
    .CreateBlendState1 = device_CreateBlendState1,
    .GetFeatureLevel = device_GetFeatureLevel,
};

static pthread_once_t vtbl_once = PTHREAD_ONCE_INIT;

static void vtbl_fill(void)
{
    d3d10_pipeline_fill_vtbl(&device_vtbl);
    comgen_fill_ID3D10Device1(&device_vtbl);   /* nothing should be left; a guard */
}

/* ---- creation ---- */

#define FLAGS_AS_D3D11                                                                         \
    (D3D10_CREATE_DEVICE_SINGLETHREADED | D3D10_CREATE_DEVICE_DEBUG |                          \
     D3D10_CREATE_DEVICE_SWITCH_TO_REF |                                                       \
     D3D10_CREATE_DEVICE_PREVENT_INTERNAL_THREADING_OPTIMIZATIONS |                            \
     D3D10_CREATE_DEVICE_BGRA_SUPPORT |                                                        \
     D3D10_CREATE_DEVICE_PREVENT_ALTERING_LAYER_SETTINGS_FROM_REGISTRY)
#define FLAGS_NO_EFFECT                                                                        \
    (D3D10_CREATE_DEVICE_ALLOW_NULL_FROM_MAP | D3D10_CREATE_DEVICE_STRICT_VALIDATION)
#define FLAGS_KNOWN (FLAGS_AS_D3D11 | FLAGS_NO_EFFECT | D3D10_CREATE_DEVICE_DEBUGGABLE)

static HRESULT create(IDXGIAdapter *adapter, D3D10_DRIVER_TYPE type, HMODULE software,
                      UINT flags, D3D10_FEATURE_LEVEL1 level, bool api_10_1, UINT sdk,
                      const DXGI_SWAP_CHAIN_DESC *sc_desc, IDXGISwapChain **sc,
                      ID3D10Device1 **out)
{
    const char *fn = api_10_1 ? (sc ? "D3D10CreateDeviceAndSwapChain1" : "D3D10CreateDevice1")
                              : (sc ? "D3D10CreateDeviceAndSwapChain" : "D3D10CreateDevice");
    const bool debug = (flags & D3D10_CREATE_DEVICE_DEBUG) != 0;
    const UINT want_sdk = api_10_1 ? D3D10_1_SDK_VERSION : D3D10_SDK_VERSION;
    D3D_FEATURE_LEVEL level11 = (D3D_FEATURE_LEVEL)level;
    UINT flags11 = flags & FLAGS_AS_D3D11;
    struct d3d10_device *dev;
    ID3D11Device *dev11 = NULL;
    ID3D11DeviceContext *ctx11 = NULL;
    HRESULT hr, sc_hr = S_OK;

    if (out)
        *out = NULL;
    if (sc)
        *sc = NULL;
    if (sdk != want_sdk) {
        util_msg(debug, "%s: SDKVersion %u is not %s (%u)", fn, sdk,
                 api_10_1 ? "D3D10_1_SDK_VERSION" : "D3D10_SDK_VERSION", want_sdk);
        return E_INVALIDARG;
    }
    if (flags & ~(UINT)FLAGS_KNOWN) {
        util_msg(debug, "%s: unknown Flags bits 0x%x", fn, flags & ~(UINT)FLAGS_KNOWN);
        return E_INVALIDARG;
    }
    if (flags & D3D10_CREATE_DEVICE_DEBUGGABLE)
        flags11 |= D3D11_CREATE_DEVICE_DEBUGGABLE;
    if (level != D3D10_FEATURE_LEVEL_10_1 && level != D3D10_FEATURE_LEVEL_10_0 &&
        level != D3D10_FEATURE_LEVEL_9_3 && level != D3D10_FEATURE_LEVEL_9_2 &&
        level != D3D10_FEATURE_LEVEL_9_1) {
        util_msg(debug, "%s: HardwareLevel 0x%x is not a D3D10_FEATURE_LEVEL1", fn, level);
        return E_INVALIDARG;
    }
    if (sc && !sc_desc) {
        util_msg(debug, "%s: ppSwapChain needs a pSwapChainDesc", fn);
        return E_INVALIDARG;
    }
    if (!out) {
        util_msg(debug, "%s: ppDevice is NULL", fn);
        return E_INVALIDARG;
    }
    /* D3D10_DRIVER_TYPE has D3D_DRIVER_TYPE's values but for UNKNOWN (0 in D3D11, HARDWARE in
     * D3D10): HARDWARE 0 -> D3D_DRIVER_TYPE_HARDWARE 1, REFERENCE 1 -> 2, NULL 2 -> 3,
     * SOFTWARE 3 -> 4, WARP 5 -> 5. */
    static const D3D_DRIVER_TYPE types[] = { D3D_DRIVER_TYPE_HARDWARE, D3D_DRIVER_TYPE_REFERENCE,
                                             D3D_DRIVER_TYPE_NULL, D3D_DRIVER_TYPE_SOFTWARE,
                                             D3D_DRIVER_TYPE_UNKNOWN, D3D_DRIVER_TYPE_WARP };
    if ((UINT)type >= sizeof(types) / sizeof(types[0]) || type == 4) {
        util_msg(debug, "%s: unknown DriverType %d", fn, (int)type);
        return E_INVALIDARG;
    }
    hr = D3D11CreateDevice(adapter, adapter ? D3D_DRIVER_TYPE_UNKNOWN : types[type], software,
                           flags11, &level11, 1, D3D11_SDK_VERSION, &dev11, NULL, &ctx11);
    if (FAILED(hr))
        return hr;   /* the D3D11 device said why */
    pthread_once(&vtbl_once, vtbl_fill);
    if (!(dev = calloc(1, sizeof(*dev))) || pthread_mutex_init(&dev->lock, NULL)) {
        free(dev);
        ID3D11DeviceContext_Release(ctx11);
        ID3D11Device_Release(dev11);
        util_msg(debug, "%s: out of memory", fn);
        return E_OUTOFMEMORY;
    }
    dev->iface.lpVtbl = &device_vtbl;
    atomic_init(&dev->refcount, 1);
    dev->dev11 = dev11;
    dev->ctx11 = ctx11;
    dev->impl11 = d3d11_device_from_iface((ID3D11Device2 *)dev11);
    dev->flags = flags;
    dev->api_10_1 = api_10_1;
    dev->impl11->d3d10_device = (IUnknown *)&dev->iface;
    dev->impl11->d3d10_query = d3d10_child_query;
    if (sc) {
        /* As D3D11CreateDeviceAndSwapChain: the device's factory makes it. */
        sc_hr = dxgi_swapchain_create(dev->impl11->adapter->factory, (IUnknown *)&dev->iface,
                                      sc_desc, sc);
        if (FAILED(sc_hr)) {
            ID3D10Device1_Release(&dev->iface);
            return sc_hr;
        }
    }
    *out = &dev->iface;
    return sc_hr;
}

SOFTD3D_EXPORT HRESULT WINAPI D3D10CreateDevice(IDXGIAdapter *pAdapter,
                                                D3D10_DRIVER_TYPE DriverType, HMODULE Software,
                                                UINT Flags, UINT SDKVersion,
                                                ID3D10Device **ppDevice)
{
    return create(pAdapter, DriverType, Software, Flags, D3D10_FEATURE_LEVEL_10_0, false,
                  SDKVersion, NULL, NULL, (ID3D10Device1 **)ppDevice);
}

SOFTD3D_EXPORT HRESULT WINAPI D3D10CreateDeviceAndSwapChain(
    IDXGIAdapter *pAdapter, D3D10_DRIVER_TYPE DriverType, HMODULE Software, UINT Flags,
    UINT SDKVersion, DXGI_SWAP_CHAIN_DESC *pSwapChainDesc, IDXGISwapChain **ppSwapChain,
    ID3D10Device **ppDevice)
{
    return create(pAdapter, DriverType, Software, Flags, D3D10_FEATURE_LEVEL_10_0, false,
                  SDKVersion, pSwapChainDesc, ppSwapChain, (ID3D10Device1 **)ppDevice);
}

SOFTD3D_EXPORT HRESULT WINAPI D3D10CreateDevice1(IDXGIAdapter *pAdapter,
                                                 D3D10_DRIVER_TYPE DriverType, HMODULE Software,
                                                 UINT Flags, D3D10_FEATURE_LEVEL1 HardwareLevel,
                                                 UINT SDKVersion, ID3D10Device1 **ppDevice)
{
    return create(pAdapter, DriverType, Software, Flags, HardwareLevel, true, SDKVersion, NULL,
                  NULL, ppDevice);
}

SOFTD3D_EXPORT HRESULT WINAPI D3D10CreateDeviceAndSwapChain1(
    IDXGIAdapter *pAdapter, D3D10_DRIVER_TYPE DriverType, HMODULE Software, UINT Flags,
    D3D10_FEATURE_LEVEL1 HardwareLevel, UINT SDKVersion, DXGI_SWAP_CHAIN_DESC *pSwapChainDesc,
    IDXGISwapChain **ppSwapChain, ID3D10Device1 **ppDevice)
{
    return create(pAdapter, DriverType, Software, Flags, HardwareLevel, true, SDKVersion,
                  pSwapChainDesc, ppSwapChain, ppDevice);
}
