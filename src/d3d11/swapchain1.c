/* src/d3d11/swapchain1.c — the IDXGISwapChain1 .. IDXGISwapChain4 methods of the headless swap
 * chain (swapchain.c makes it; every chain answers all four interfaces).
 *
 * IDXGISwapChain1:
 *   - GetDesc1, GetFullscreenDesc (Windowed always TRUE), GetHwnd: as created; a NULL pointer is
 *     DXGI_ERROR_INVALID_CALL.
 *   - GetCoreWindow: no chain is a CoreWindow chain: DXGI_ERROR_INVALID_CALL ("the swap chain is
 *     not associated with a CoreWindow object"), *ppUnk NULL.
 *   - Present1: Present's rules and work (swapchain.c) plus DXGI_PRESENT_PARAMETERS' (dirty
 *     rectangles given when counted and ordered; a scroll rectangle only with a flip effect);
 *     pPresentParameters NULL presents the whole frame.
 *   - IsTemporaryMonoSupported: FALSE (no stereo chains).
 *   - GetRestrictToOutput: NULL (no chain is restricted: there are no outputs).
 *   - Set/GetBackgroundColor: stored (black at creation).  Headless, no window area lies outside
 *     the buffer, so the colour is never seen.
 *   - SetRotation: "the swap chain must be flip model" (bitblt: DXGI_ERROR_INVALID_CALL); a
 *     value outside IDENTITY .. ROTATE270: DXGI_ERROR_INVALID_CALL.  Stored and reported by
 *     GetRotation; the PNG dump (SOFTD3D_PRESENT_DUMP) shows the buffer unrotated.
 * IDXGISwapChain2:
 *   - SetSourceSize(Width, Height): each "greater than zero and ... less than or equal to" the
 *     buffer's, else E_INVALIDARG; GetSourceSize reports it (the buffer size after creation and
 *     ResizeBuffers).  Present's PNG dump is the source region [0, 0, Width, Height].
 *   - Set/GetMaximumFrameLatency: "only valid for use on swap chains created with
 *     DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT.  Otherwise, the result will be
 *     DXGI_ERROR_INVALID_CALL" — and softd3d makes no such chain (the flag is refused: the
 *     waitable object is a Win32 event HANDLE), so DXGI_ERROR_INVALID_CALL;
 *     GetFrameLatencyWaitableObject returns NULL for the same reason.
 *   - Set/GetMatrixTransform: valid only on composition swap chains, which softd3d does not make:
 *     DXGI_ERROR_INVALID_CALL.
 * IDXGISwapChain3:
 *   - GetCurrentBackBufferIndex: 0.  softd3d keeps the back buffer in buffer 0 and moves the
 *     earlier frames down at each Present, which is how Direct3D 11 applications see a chain
 *     (they render into GetBuffer(0) every frame).
 *   - CheckColorSpaceSupport: DXGI_SWAP_CHAIN_COLOR_SPACE_SUPPORT_FLAG_PRESENT for
 *     DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709 (sRGB) only — presentation passes the stored values
 *     through unchanged, so that is the one colour space the presented image (and its PNG) is
 *     right in; 0 for the others.  NULL: DXGI_ERROR_INVALID_CALL.
 *   - SetColorSpace1: the supported colour space S_OK, any other E_INVALIDARG.
 *   - ResizeBuffers1: ResizeBuffers with the Direct3D 12 arguments: ppPresentQueue must be NULL
 *     (command queues are Direct3D 12's; this chain's device is Direct3D 11), and each entry of
 *     pCreationNodeMask must name node 0 (0 or 1: the adapter has one node); otherwise
 *     DXGI_ERROR_INVALID_CALL.
 * IDXGISwapChain4:
 *   - SetHDRMetaData: DXGI_HDR_METADATA_TYPE_NONE (Size and pMetaData ignored) and well-formed
 *     HDR10 / HDR10PLUS metadata (Size the structure's, pMetaData not NULL) are accepted and, as
 *     on a display without HDR, have no effect on the picture; anything else E_INVALIDARG.
 */
#include "d3d11/swapchain.h"

#include "util/log.h"

static inline struct dxgi_swapchain *impl(IDXGISwapChain4 *iface)
{
    return dxgi_swapchain_impl(iface);
}

/* The one colour space softd3d presents correctly (see the header comment). */
#define PRESENTED_COLOR_SPACE DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709

#define NULL_ARG(ptr, method, name)                                                            \
    do {                                                                                       \
        if (!(ptr))                                                                            \
            SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: %s is NULL", method, name);                \
    } while (0)

/* ---- IDXGISwapChain1 ---- */

static HRESULT STDMETHODCALLTYPE sc_GetDesc1(IDXGISwapChain4 *iface, DXGI_SWAP_CHAIN_DESC1 *desc)
{
    struct d3d11_device *dev = impl(iface)->device;
    NULL_ARG(desc, "GetDesc1", "pDesc");
    *desc = impl(iface)->desc;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetFullscreenDesc(IDXGISwapChain4 *iface,
                                                      DXGI_SWAP_CHAIN_FULLSCREEN_DESC *desc)
{
    struct d3d11_device *dev = impl(iface)->device;
    NULL_ARG(desc, "GetFullscreenDesc", "pDesc");
    *desc = impl(iface)->fullscreen;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetHwnd(IDXGISwapChain4 *iface, HWND *window)
{
    struct d3d11_device *dev = impl(iface)->device;
    NULL_ARG(window, "GetHwnd", "pHwnd");
    *window = impl(iface)->window;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetCoreWindow(IDXGISwapChain4 *iface, REFIID riid, void **out)
{
    struct d3d11_device *dev = impl(iface)->device;
    (void)riid;
    if (out)
        *out = NULL;
    SC_REFUSE(DXGI_ERROR_INVALID_CALL, "GetCoreWindow: the swap chain belongs to an HWND, not "
              "to a CoreWindow");
}

static HRESULT STDMETHODCALLTYPE sc_Present1(IDXGISwapChain4 *iface, UINT sync, UINT flags,
                                             const DXGI_PRESENT_PARAMETERS *params)
{
    return dxgi_swapchain_present(impl(iface), "Present1", sync, flags, params);
}

static BOOL STDMETHODCALLTYPE sc_IsTemporaryMonoSupported(IDXGISwapChain4 *iface)
{
    (void)iface;
    return FALSE;   /* no stereo swap chains */
}

static HRESULT STDMETHODCALLTYPE sc_GetRestrictToOutput(IDXGISwapChain4 *iface, IDXGIOutput **out)
{
    struct d3d11_device *dev = impl(iface)->device;
    NULL_ARG(out, "GetRestrictToOutput", "ppRestrictToOutput");
    *out = NULL;   /* never restricted: the adapter has no outputs */
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_SetBackgroundColor(IDXGISwapChain4 *iface,
                                                       const DXGI_RGBA *color)
{
    struct d3d11_device *dev = impl(iface)->device;
    NULL_ARG(color, "SetBackgroundColor", "pColor");
    impl(iface)->background = *color;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetBackgroundColor(IDXGISwapChain4 *iface, DXGI_RGBA *color)
{
    struct d3d11_device *dev = impl(iface)->device;
    NULL_ARG(color, "GetBackgroundColor", "pColor");
    *color = impl(iface)->background;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_SetRotation(IDXGISwapChain4 *iface, DXGI_MODE_ROTATION rotation)
{
    struct dxgi_swapchain *sc = impl(iface);
    struct d3d11_device *dev = sc->device;
    if (!dxgi_swap_effect_is_flip(sc->desc.SwapEffect))
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "SetRotation: the swap chain must be flip model");
    if (rotation < DXGI_MODE_ROTATION_IDENTITY || rotation > DXGI_MODE_ROTATION_ROTATE270)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "SetRotation: %d is not a rotation (IDENTITY .. "
                  "ROTATE270)", (int)rotation);
    sc->rotation = rotation;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetRotation(IDXGISwapChain4 *iface,
                                                DXGI_MODE_ROTATION *rotation)
{
    struct d3d11_device *dev = impl(iface)->device;
    NULL_ARG(rotation, "GetRotation", "pRotation");
    *rotation = impl(iface)->rotation;
    return S_OK;
}

/* ---- IDXGISwapChain2 ---- */

static HRESULT STDMETHODCALLTYPE sc_SetSourceSize(IDXGISwapChain4 *iface, UINT width, UINT height)
{
    struct dxgi_swapchain *sc = impl(iface);
    struct d3d11_device *dev = sc->device;
    if (!width || !height || width > sc->desc.Width || height > sc->desc.Height)
        SC_REFUSE(E_INVALIDARG, "SetSourceSize: %ux%u must be at least 1x1 and at most the "
                  "buffers' %ux%u", width, height, sc->desc.Width, sc->desc.Height);
    sc->source_width = width;
    sc->source_height = height;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetSourceSize(IDXGISwapChain4 *iface, UINT *width,
                                                  UINT *height)
{
    struct dxgi_swapchain *sc = impl(iface);
    struct d3d11_device *dev = sc->device;
    NULL_ARG(width, "GetSourceSize", "pWidth");
    NULL_ARG(height, "GetSourceSize", "pHeight");
    *width = sc->source_width;
    *height = sc->source_height;
    return S_OK;
}

static HRESULT no_waitable_object(IDXGISwapChain4 *iface, const char *method)
{
    struct d3d11_device *dev = impl(iface)->device;
    SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: only for swap chains created with "
              "DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT, which softd3d does not make",
              method);
}

static HRESULT STDMETHODCALLTYPE sc_SetMaximumFrameLatency(IDXGISwapChain4 *iface, UINT latency)
{
    (void)latency;
    return no_waitable_object(iface, "SetMaximumFrameLatency");
}

static HRESULT STDMETHODCALLTYPE sc_GetMaximumFrameLatency(IDXGISwapChain4 *iface, UINT *latency)
{
    if (latency)
        *latency = 0;
    return no_waitable_object(iface, "GetMaximumFrameLatency");
}

static HANDLE STDMETHODCALLTYPE sc_GetFrameLatencyWaitableObject(IDXGISwapChain4 *iface)
{
    (void)no_waitable_object(iface, "GetFrameLatencyWaitableObject");
    return NULL;
}

static HRESULT no_composition(IDXGISwapChain4 *iface, const char *method)
{
    struct d3d11_device *dev = impl(iface)->device;
    SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: only for composition swap chains "
              "(CreateSwapChainForComposition), which softd3d does not make", method);
}

static HRESULT STDMETHODCALLTYPE sc_SetMatrixTransform(IDXGISwapChain4 *iface,
                                                       const DXGI_MATRIX_3X2_F *matrix)
{
    (void)matrix;
    return no_composition(iface, "SetMatrixTransform");
}

static HRESULT STDMETHODCALLTYPE sc_GetMatrixTransform(IDXGISwapChain4 *iface,
                                                       DXGI_MATRIX_3X2_F *matrix)
{
    (void)matrix;
    return no_composition(iface, "GetMatrixTransform");
}

/* ---- IDXGISwapChain3 ---- */

static UINT STDMETHODCALLTYPE sc_GetCurrentBackBufferIndex(IDXGISwapChain4 *iface)
{
    (void)iface;
    return 0;   /* the back buffer is always buffer 0 (see the header comment) */
}

static HRESULT STDMETHODCALLTYPE sc_CheckColorSpaceSupport(IDXGISwapChain4 *iface,
                                                           DXGI_COLOR_SPACE_TYPE space,
                                                           UINT *support)
{
    struct d3d11_device *dev = impl(iface)->device;
    NULL_ARG(support, "CheckColorSpaceSupport", "pColorSpaceSupport");
    *support = space == PRESENTED_COLOR_SPACE ? DXGI_SWAP_CHAIN_COLOR_SPACE_SUPPORT_FLAG_PRESENT
                                              : 0;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_SetColorSpace1(IDXGISwapChain4 *iface,
                                                   DXGI_COLOR_SPACE_TYPE space)
{
    struct d3d11_device *dev = impl(iface)->device;
    if (space != PRESENTED_COLOR_SPACE)
        SC_REFUSE(E_INVALIDARG, "SetColorSpace1: colour space %d is not supported (only "
                  "DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709)", (int)space);
    impl(iface)->color_space = space;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_ResizeBuffers1(IDXGISwapChain4 *iface, UINT count, UINT width,
                                                   UINT height, DXGI_FORMAT format, UINT flags,
                                                   const UINT *node_masks,
                                                   IUnknown *const *queues)
{
    struct dxgi_swapchain *sc = impl(iface);
    struct d3d11_device *dev = sc->device;
    UINT n = count ? count : sc->desc.BufferCount;
    if (queues)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "ResizeBuffers1: ppPresentQueue must be NULL (Direct3D "
                  "12 command queues; this swap chain's device is Direct3D 11)");
    for (UINT i = 0; node_masks && i < n && i < DXGI_MAX_SWAP_CHAIN_BUFFERS; i++)
        if (node_masks[i] > 1)
            SC_REFUSE(DXGI_ERROR_INVALID_CALL, "ResizeBuffers1: pCreationNodeMask[%u] 0x%x names "
                      "a node other than 0 (the adapter has one)", i, node_masks[i]);
    return dxgi_swapchain_resize(sc, "ResizeBuffers1", count, width, height, format, flags);
}

/* ---- IDXGISwapChain4 ---- */

static HRESULT STDMETHODCALLTYPE sc_SetHDRMetaData(IDXGISwapChain4 *iface,
                                                   DXGI_HDR_METADATA_TYPE type, UINT size,
                                                   void *data)
{
    struct d3d11_device *dev = impl(iface)->device;
    UINT want;
    switch (type) {
    case DXGI_HDR_METADATA_TYPE_NONE: return S_OK;
    case DXGI_HDR_METADATA_TYPE_HDR10: want = sizeof(DXGI_HDR_METADATA_HDR10); break;
    case DXGI_HDR_METADATA_TYPE_HDR10PLUS: want = sizeof(DXGI_HDR_METADATA_HDR10PLUS); break;
    default:
        SC_REFUSE(E_INVALIDARG, "SetHDRMetaData: %d is not a DXGI_HDR_METADATA_TYPE", (int)type);
    }
    if (size != want || !data)
        SC_REFUSE(E_INVALIDARG, "SetHDRMetaData: metadata type %d takes %u bytes at a non-NULL "
                  "pMetaData (Size %u%s)", (int)type, want, size, data ? "" : ", pMetaData NULL");
    return S_OK;   /* describes the content to an HDR display; there is none */
}

void dxgi_swapchain1_fill_vtbl(IDXGISwapChain4Vtbl *v)
{
    v->GetDesc1 = sc_GetDesc1;
    v->GetFullscreenDesc = sc_GetFullscreenDesc;
    v->GetHwnd = sc_GetHwnd;
    v->GetCoreWindow = sc_GetCoreWindow;
    v->Present1 = sc_Present1;
    v->IsTemporaryMonoSupported = sc_IsTemporaryMonoSupported;
    v->GetRestrictToOutput = sc_GetRestrictToOutput;
    v->SetBackgroundColor = sc_SetBackgroundColor;
    v->GetBackgroundColor = sc_GetBackgroundColor;
    v->SetRotation = sc_SetRotation;
    v->GetRotation = sc_GetRotation;
    v->SetSourceSize = sc_SetSourceSize;
    v->GetSourceSize = sc_GetSourceSize;
    v->SetMaximumFrameLatency = sc_SetMaximumFrameLatency;
    v->GetMaximumFrameLatency = sc_GetMaximumFrameLatency;
    v->GetFrameLatencyWaitableObject = sc_GetFrameLatencyWaitableObject;
    v->SetMatrixTransform = sc_SetMatrixTransform;
    v->GetMatrixTransform = sc_GetMatrixTransform;
    v->GetCurrentBackBufferIndex = sc_GetCurrentBackBufferIndex;
    v->CheckColorSpaceSupport = sc_CheckColorSpaceSupport;
    v->SetColorSpace1 = sc_SetColorSpace1;
    v->ResizeBuffers1 = sc_ResizeBuffers1;
    v->SetHDRMetaData = sc_SetHDRMetaData;
}
