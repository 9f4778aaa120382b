/* src/d3d11/swapchain.c — IDXGISwapChain, headless: IDXGIFactory::CreateSwapChain (also reached
 * from D3D11CreateDeviceAndSwapChain, create.c), IDXGIFactory2::CreateSwapChainForHwnd and the
 * IDXGISwapChain methods (the IDXGISwapChain1 .. 4 ones: swapchain1.c).
 *
 * There is no window and no output.  The swap chain owns its buffers (ID3D11Texture2D objects
 * of its device, made as the runtime makes them: USAGE_DEFAULT, MipLevels 1, ArraySize 1,
 * BIND_RENDER_TARGET, and the D3D10_DDI_BIND_PRESENT rule of seed 004 -- at 9_x a swap-chain
 * buffer cannot be a shader resource, so DXGI_USAGE_SHADER_INPUT is refused) and a private
 * front buffer: a plain copy of buffer 0's texels as of the last Present.
 *
 * CreateSwapChain (IDXGIFactory::CreateSwapChain, DXGI_SWAP_CHAIN_DESC, DXGI_MODE_DESC,
 * DXGI_SWAP_EFFECT, DXGI_USAGE, DXGI_SWAP_CHAIN_FLAG pages).  Every refusal sets
 * *ppSwapChain = NULL, prints one line (device debug flag or SOFTD3D_DEBUG) and creates nothing:
 *   - pDevice, pDesc or ppSwapChain NULL, or pDevice not a softd3d D3D11 device:
 *     DXGI_ERROR_INVALID_CALL;
 *   - OutputWindow (hWnd) NULL: DXGI_ERROR_INVALID_CALL (the window is required).  Any other
 *     value is accepted and never dereferenced (headless);
 *   - BufferDesc.Width / Height 0: the output window's client size.  A headless window has the
 *     size softd3d gives every window it does not have, 640 x 480 (the D3D9 side's default for
 *     a window-less device), until ResizeTarget sets another;
 *   - BufferDesc.Format: a format with D3D11_FORMAT_SUPPORT_DISPLAY at the device's level (at
 *     9_1..9_3: R8G8B8A8_UNORM(_SRGB) and B8G8R8A8_UNORM(_SRGB), "Format support for Direct3D
 *     feature level 9_x hardware"); the flip model takes no sRGB format (DXGI_SWAP_CHAIN_DESC1:
 *     flip-model formats are R16G16B16A16_FLOAT, B8G8R8A8_UNORM, R8G8B8A8_UNORM,
 *     R10G10B10A2_UNORM).  Otherwise E_INVALIDARG, as Windows answers (is_display_format);
 *   - BufferDesc.ScanlineOrdering and Scaling: values of their enumerations;
 *   - SampleDesc: Count 1, Quality 0, or (bitblt effects: DXGI_SWAP_CHAIN_DESC1 says the flip
 *     model "must set SampleDesc.Count to 1") a count and quality CheckMultisampleQualityLevels
 *     offers for the format: multisampled buffers, which Present resolves into the front
 *     buffer (the average of the samples); SEQUENTIAL with more than one multisampled buffer
 *     is E_NOTIMPL (the earlier frames would be resolved images).  Otherwise
 *     DXGI_ERROR_INVALID_CALL;
 *   - BufferUsage: must include DXGI_USAGE_RENDER_TARGET_OUTPUT (softd3d's reading: the back
 *     buffer is rendered to; without it nothing could reach it at 9_x, where SHADER_INPUT is
 *     refused).  DXGI_USAGE_BACK_BUFFER is accepted ("you don't need to pass" it); CPU-access
 *     values, SHARED, UNORDERED_ACCESS (11_0), READ_ONLY and DISCARD_ON_PRESENT (internal) are
 *     refused with DXGI_ERROR_INVALID_CALL;
 *   - SwapEffect: DISCARD and SEQUENTIAL take BufferCount 1..DXGI_MAX_SWAP_CHAIN_BUFFERS (16);
 *     FLIP_SEQUENTIAL and FLIP_DISCARD take 2..16; any other value: DXGI_ERROR_INVALID_CALL;
 *   - Flags: NONPREROTATED and ALLOW_MODE_SWITCH are accepted (they only matter for a
 *     full-screen output); ALLOW_TEARING with a flip effect (Present never waits for a vertical
 *     blank; with a bitblt effect DXGI_ERROR_INVALID_CALL, "AllowTearingFlagIsFlipModelOnly");
 *     the others name machinery softd3d lacks (GDI_COMPATIBLE: no IDXGISurface1::GetDC;
 *     FRAME_LATENCY_WAITABLE_OBJECT: the waitable object is a Win32 event HANDLE; content
 *     protection, video...): DXGI_ERROR_UNSUPPORTED; unknown bits: DXGI_ERROR_INVALID_CALL;
 *   - the buffer's texture description must pass CreateTexture2D's validation at the level
 *     (maximum size: 2048 at 9_1/9_2, 4096 at 9_3): its HRESULT (E_INVALIDARG);
 *   - Windowed FALSE: there is no output to take, so the chain is created windowed and the call
 *     returns DXGI_STATUS_OCCLUDED, the documented "you requested full-screen mode and it is
 *     unavailable" (a success code: *ppSwapChain is valid).
 * CreateSwapChainForHwnd (DXGI_SWAP_CHAIN_DESC1, DXGI_SWAP_CHAIN_FULLSCREEN_DESC, DXGI_SCALING
 * pages): the same rules on the DXGI_SWAP_CHAIN_DESC1 members (Width/Height/Format for
 * BufferDesc's; RefreshRate, ScanlineOrdering, Scaling and Windowed from pFullscreenDesc, which
 * NULL makes a windowed chain), and:
 *   - Stereo TRUE: with a bitblt effect DXGI_ERROR_INVALID_CALL ("you must also specify a
 *     flip-model swap chain"); with a flip effect DXGI_ERROR_UNSUPPORTED: there is no stereo
 *     display (IDXGIFactory2::IsWindowedStereoEnabled is FALSE);
 *   - Scaling: a DXGI_SCALING value; DXGI_SCALING_NONE only with a flip effect ("supported only
 *     for flip presentation model swap chains"); otherwise DXGI_ERROR_INVALID_CALL;
 *   - AlphaMode: a DXGI_ALPHA_MODE value (any: nothing composes the headless window), otherwise
 *     DXGI_ERROR_INVALID_CALL;
 *   - pRestrictToOutput: must be NULL (DXGI_ERROR_INVALID_CALL): the adapter has no outputs, so
 *     no IDXGIOutput can be one of them.
 * IDXGIFactory::CreateSwapChain's chains have DXGI_SCALING_STRETCH ("the implicit behavior of
 * DXGI when you call CreateSwapChain") and AlphaMode UNSPECIFIED in GetDesc1.
 *
 * Methods:
 *   - GetBuffer(Buffer, riid, pp): QueryInterface on buffer `Buffer` (IID_ID3D11Texture2D,
 *     IID_ID3D11Resource, IID_IUnknown...; one reference added, as DXGI does).  DISCARD and
 *     FLIP_DISCARD: "this method can only access the first buffer", so Buffer > 0 is
 *     DXGI_ERROR_INVALID_CALL; SEQUENTIAL and FLIP_SEQUENTIAL: Buffer < BufferCount; buffers
 *     above 0 hold earlier frames (buffer k: the frame presented k Presents before the last one)
 *     and are meant to be read only (not enforced).
 *   - Present(SyncInterval, Flags): SyncInterval 0..4, else DXGI_ERROR_INVALID_CALL.  Flags:
 *     DXGI_PRESENT_TEST returns S_OK (never occluded) and presents nothing; DO_NOT_SEQUENCE,
 *     RESTART, DO_NOT_WAIT and RESTRICT_TO_OUTPUT are accepted (nothing to wait for or
 *     sequence); ALLOW_TEARING needs a chain made with DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING and
 *     SyncInterval 0 ("AllowTearingRequiresCreationFlag", "...RequiresPresentIntervalZero");
 *     other bits (stereo: no stereo swap chain; USE_DURATION: IDXGISwapChainMedia) are
 *     DXGI_ERROR_INVALID_CALL.  A present copies
 *     buffer 0 to the front buffer (and, sequential effects, shifts the earlier frames),
 *     increments the present count (GetLastPresentCount) and, when SOFTD3D_PRESENT_DUMP names a
 *     directory, writes the front buffer as DIR/softd3d-d3d11-sc<N>-frame<NNNNNN>.png, N the
 *     n-th swap chain of the process (from 1), NNNNNN its frame counter (from 0); the image is
 *     the source region (IDXGISwapChain2::SetSourceSize, the whole buffer by default).  Buffer
 *     contents are kept (DISCARD allows any content afterwards).  No vsync wait is made.
 *   - GetDesc: the description as created (0 sizes resolved, Windowed TRUE; for a
 *     CreateSwapChainForHwnd chain, BufferDesc from DXGI_SWAP_CHAIN_DESC1 and the full-screen
 *     description); NULL: DXGI_ERROR_INVALID_CALL.
 *   - ResizeBuffers(BufferCount, Width, Height, NewFormat, SwapChainFlags): "you must release all
 *     of its direct and indirect references on the back buffers" -- while the application, a
 *     view or a context binding still holds any buffer, DXGI_ERROR_INVALID_CALL and nothing
 *     changes.  BufferCount 0 keeps the count, Width/Height 0 take the window's client size,
 *     DXGI_FORMAT_UNKNOWN keeps the format; the result is validated as at creation.  The new
 *     buffers are made before the old ones go, so a failure changes nothing; the front buffer is
 *     cleared (black) at the new size, and the source size becomes the new buffer size.
 *     ALLOW_TEARING cannot be added or removed ("CannotAddOrRemoveAllowTearingFlag"):
 *     DXGI_ERROR_INVALID_CALL.
 *   - ResizeTarget(pNewTargetParameters): NULL is DXGI_ERROR_INVALID_CALL.  Headless: the
 *     "window" takes Width x Height (0 keeps that side), which later 0 sizes of ResizeBuffers
 *     use; the buffers are not resized (the documented order: ResizeTarget, then the
 *     application's ResizeBuffers on WM_SIZE).  S_OK.
 *   - SetFullscreenState(TRUE, ...): DXGI_ERROR_NOT_CURRENTLY_AVAILABLE ("the action failed ...
 *     your application can continue to run in windowed mode"): there is no output.
 *     SetFullscreenState(FALSE, pTarget): pTarget must be NULL (DXGI_ERROR_INVALID_CALL), S_OK.
 *   - GetFullscreenState: *pFullscreen FALSE, *ppTarget NULL (both optional).
 *   - GetContainingOutput: DXGI_ERROR_NOT_FOUND, *ppOutput NULL: the adapter has no outputs
 *     (EnumOutputs answers the same).
 *   - GetFrameStatistics: a bitblt chain (DISCARD, SEQUENTIAL) drawing windowed "cannot use"
 *     it: DXGI_ERROR_INVALID_CALL; a flip-model chain: DXGI_ERROR_FRAME_STATISTICS_DISJOINT
 *     (there is no display whose refreshes could be counted).  *pStats is zeroed.
 *   - GetLastPresentCount: the number of Present calls that presented (DXGI_PRESENT_TEST ones
 *     excluded); NULL: DXGI_ERROR_INVALID_CALL.
 *   - GetDevice(riid): QueryInterface on the device; GetParent(riid): on the factory that made
 *     the chain; SetPrivateData / SetPrivateDataInterface / GetPrivateData: the shared store.
 * Lifetime: the chain holds one reference on its device and one on its factory, and one
 * application reference on each buffer; GetBuffer adds one for the caller.  A buffer the
 * application still holds outlives the chain (it is an ordinary texture of the device).
 * Like the immediate context, a swap chain is not thread-safe.
 */
#include "d3d11/swapchain.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/com_object.h"
#include "d3d11/d3d11_context.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/format_support.h"
#include "pipeline/resolve.h"
#include "sample/present_dump.h"
#include "sample/present_sdl.h"
#include "softd3d_com_stubs.h"
#include "util/log.h"

/* The client size of a window softd3d does not have (the D3D9 side's default too). */
#define HEADLESS_WINDOW_WIDTH 640u
#define HEADLESS_WINDOW_HEIGHT 480u

static atomic_uint swapchain_serial;

static bool is_discard(DXGI_SWAP_EFFECT e)
{
    return e == DXGI_SWAP_EFFECT_DISCARD || e == DXGI_SWAP_EFFECT_FLIP_DISCARD;
}

static const char *effect_name(DXGI_SWAP_EFFECT e)
{
    switch (e) {
    case DXGI_SWAP_EFFECT_DISCARD: return "DISCARD";
    case DXGI_SWAP_EFFECT_SEQUENTIAL: return "SEQUENTIAL";
    case DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL: return "FLIP_SEQUENTIAL";
    case DXGI_SWAP_EFFECT_FLIP_DISCARD: return "FLIP_DISCARD";
    default: return "unknown";
    }
}

/* ------------------------------------------------------------------ validation */

#define ACCEPTED_FLAGS                                                                        \
    (DXGI_SWAP_CHAIN_FLAG_NONPREROTATED | DXGI_SWAP_CHAIN_FLAG_ALLOW_MODE_SWITCH |          \
     DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING)
#define KNOWN_FLAGS 0x1fffu   /* NONPREROTATED (1) .. RESTRICTED_TO_ALL_HOLOGRAPHIC_DISPLAYS (4096) */

static HRESULT validate_flags(const struct d3d11_device *dev, const char *method, UINT flags,
                              DXGI_SWAP_EFFECT effect)
{
    if (flags & ~(UINT)KNOWN_FLAGS)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: unknown DXGI_SWAP_CHAIN_FLAG bits 0x%x", method,
                  flags & ~(UINT)KNOWN_FLAGS);
    if (flags & ~(UINT)ACCEPTED_FLAGS)
        SC_REFUSE(DXGI_ERROR_UNSUPPORTED, "%s: swap-chain flags 0x%x are not supported by "
                  "softd3d's headless swap chain (only NONPREROTATED, ALLOW_MODE_SWITCH and "
                  "ALLOW_TEARING)", method, flags & ~(UINT)ACCEPTED_FLAGS);
    if ((flags & DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING) && !dxgi_swap_effect_is_flip(effect))
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING needs a flip "
                  "effect (SwapEffect %s)", method, effect_name(effect));
    return S_OK;
}

/* D3D11_FORMAT_SUPPORT_DISPLAY at the device's level; from 10_0 also the display column of
 * "Format support for Direct3D feature level 10.0 hardware" and up, which the format table holds
 * for 10_0/10_1 (format_support_10.c) but not yet for 11_x: R16G16B16A16_FLOAT,
 * R10G10B10A2_UNORM, R10G10B10_XR_BIAS_A2_UNORM, R8G8B8A8_UNORM(_SRGB), B8G8R8A8_UNORM(_SRGB).
 * (The buffer must still pass CreateTexture2D at the level, which at 11_1 uses the 9_3 rows, and
 * at 10_x refuses the optional XR_BIAS format.) */
static bool is_display_format(D3D_FEATURE_LEVEL level, DXGI_FORMAT format)
{
    if (d3d11_format_support_bits(level, format) & D3D11_FORMAT_SUPPORT_DISPLAY)
        return true;
    if (level < D3D_FEATURE_LEVEL_10_0)
        return false;
    switch (format) {
    case DXGI_FORMAT_R16G16B16A16_FLOAT: case DXGI_FORMAT_R10G10B10A2_UNORM:
    case DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM: case DXGI_FORMAT_R8G8B8A8_UNORM:
    case DXGI_FORMAT_R8G8B8A8_UNORM_SRGB: case DXGI_FORMAT_B8G8R8A8_UNORM:
    case DXGI_FORMAT_B8G8R8A8_UNORM_SRGB:
        return true;
    default:
        return false;
    }
}

/* `refused`: the HRESULT of a non-display format.  CreateSwapChain returns E_INVALIDARG, as
 * Windows does (an independent D3D11 conformance suite, issue 11 part 10; also through
 * D3D11CreateDeviceAndSwapChain); ResizeBuffers keeps DXGI_ERROR_INVALID_CALL. */
static HRESULT validate_format(const struct d3d11_device *dev, const char *method,
                               DXGI_FORMAT format, DXGI_SWAP_EFFECT effect, HRESULT refused)
{
    if (!is_display_format(dev->level, format))
        SC_REFUSE(refused, "%s: Format %s is not a display format at feature level %s "
                  "(R8G8B8A8_UNORM(_SRGB), B8G8R8A8_UNORM(_SRGB)%s)", method,
                  d3d11_format_name(format), d3d11_level_name(dev->level),
                  dev->level >= D3D_FEATURE_LEVEL_10_0 ? ", R16G16B16A16_FLOAT, R10G10B10A2_UNORM"
                                                       : "");
    if (dxgi_swap_effect_is_flip(effect) && (format == DXGI_FORMAT_R8G8B8A8_UNORM_SRGB ||
                                             format == DXGI_FORMAT_B8G8R8A8_UNORM_SRGB))
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: the flip model (SwapEffect %s) takes no sRGB "
                  "format (%s)", method, effect_name(effect), d3d11_format_name(format));
    return S_OK;
}

static HRESULT validate_count(const struct d3d11_device *dev, const char *method, UINT count,
                              DXGI_SWAP_EFFECT effect)
{
    UINT min = dxgi_swap_effect_is_flip(effect) ? 2 : 1;
    if (count < min || count > DXGI_MAX_SWAP_CHAIN_BUFFERS)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: BufferCount %u is outside %u..%u for SwapEffect "
                  "%s", method, count, min, DXGI_MAX_SWAP_CHAIN_BUFFERS, effect_name(effect));
    return S_OK;
}

/* The texture description of a buffer of `desc` (sizes already resolved). */
static D3D11_TEXTURE2D_DESC buffer_desc(const DXGI_SWAP_CHAIN_DESC1 *desc)
{
    D3D11_TEXTURE2D_DESC t = {
        .Width = desc->Width, .Height = desc->Height, .MipLevels = 1,
        .ArraySize = 1, .Format = desc->Format, .SampleDesc = desc->SampleDesc,
        .Usage = D3D11_USAGE_DEFAULT, .BindFlags = D3D11_BIND_RENDER_TARGET,
    };
    if (desc->BufferUsage & DXGI_USAGE_SHADER_INPUT)
        t.BindFlags |= D3D11_BIND_SHADER_RESOURCE;
    return t;
}

/* What a creation method asked for, in DXGI_SWAP_CHAIN_DESC1 terms. */
struct sc_request {
    const char *method;               /* "CreateSwapChain" / "CreateSwapChainForHwnd" */
    const char *window_name;          /* "OutputWindow" / "hWnd" */
    HWND window;
    DXGI_SWAP_CHAIN_DESC1 desc;
    DXGI_SWAP_CHAIN_FULLSCREEN_DESC fullscreen;
};

/* The pure part of creation: checks `rq` and writes the description the chain will have to
 * *out (0 sizes resolved to the window's; the full-screen description Windowed TRUE).
 * *fullscreen_refused is set when a full-screen chain was asked for. */
static HRESULT validate_request(const struct d3d11_device *dev, const struct sc_request *rq,
                                DXGI_SWAP_CHAIN_DESC1 *out, bool *fullscreen_refused)
{
    const char *m = rq->method;
    const DXGI_SWAP_CHAIN_DESC1 *in = &rq->desc;
    const UINT usage_ok = DXGI_USAGE_RENDER_TARGET_OUTPUT | DXGI_USAGE_SHADER_INPUT |
                          DXGI_USAGE_BACK_BUFFER;
    bool flip = dxgi_swap_effect_is_flip(in->SwapEffect);
    D3D11_TEXTURE2D_DESC td;
    char msg[D3D11_RESOURCE_MSG_SIZE];
    HRESULT hr;

    *out = *in;
    if (!rq->window)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: %s is NULL (a swap chain needs a window, even a "
                  "headless one)", m, rq->window_name);
    if (in->SwapEffect != DXGI_SWAP_EFFECT_DISCARD && in->SwapEffect != DXGI_SWAP_EFFECT_SEQUENTIAL &&
        !flip)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: SwapEffect %d is not a DXGI_SWAP_EFFECT", m,
                  (int)in->SwapEffect);
    if (FAILED(hr = validate_count(dev, m, in->BufferCount, in->SwapEffect)))
        return hr;
    if (in->SampleDesc.Count == 0 || (in->SampleDesc.Count == 1 && in->SampleDesc.Quality != 0))
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: SampleDesc %u/%u (Count 1 takes Quality 0)", m,
                  in->SampleDesc.Count, in->SampleDesc.Quality);
    if (in->SampleDesc.Count > 1 && flip)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: SampleDesc.Count %u: the flip model takes "
                  "single-sample buffers (DXGI_SWAP_CHAIN_DESC1)", m, in->SampleDesc.Count);
    if (in->SampleDesc.Count > 1 &&
        !d3d11_sample_desc_ok(dev, m, in->Format, &in->SampleDesc))
        return DXGI_ERROR_INVALID_CALL;   /* (message issued) */
    if (in->SampleDesc.Count > 1 && in->SwapEffect == DXGI_SWAP_EFFECT_SEQUENTIAL &&
        in->BufferCount > 1)
        SC_REFUSE(E_NOTIMPL, "%s: SEQUENTIAL with %u multisampled buffers is not implemented "
                  "(one buffer, or DISCARD)", m, in->BufferCount);
    if (!(in->BufferUsage & DXGI_USAGE_RENDER_TARGET_OUTPUT))
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: BufferUsage 0x%x lacks "
                  "DXGI_USAGE_RENDER_TARGET_OUTPUT", m, (unsigned)in->BufferUsage);
    if (in->BufferUsage & ~usage_ok)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: BufferUsage bits 0x%x are not allowed for swap-"
                  "chain buffers (CPU access, SHARED, UNORDERED_ACCESS, READ_ONLY, "
                  "DISCARD_ON_PRESENT)", m, (unsigned)(in->BufferUsage & ~usage_ok));
    if ((UINT)rq->fullscreen.ScanlineOrdering > DXGI_MODE_SCANLINE_ORDER_LOWER_FIELD_FIRST)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: ScanlineOrdering %d is not a "
                  "DXGI_MODE_SCANLINE_ORDER", m, (int)rq->fullscreen.ScanlineOrdering);
    if ((UINT)rq->fullscreen.Scaling > DXGI_MODE_SCALING_STRETCHED)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: Scaling %d is not a DXGI_MODE_SCALING", m,
                  (int)rq->fullscreen.Scaling);
    if ((UINT)in->Scaling > DXGI_SCALING_ASPECT_RATIO_STRETCH)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: Scaling %d is not a DXGI_SCALING", m,
                  (int)in->Scaling);
    if (in->Scaling == DXGI_SCALING_NONE && !flip)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: DXGI_SCALING_NONE is supported only with a flip "
                  "effect (SwapEffect %s)", m, effect_name(in->SwapEffect));
    if ((UINT)in->AlphaMode > DXGI_ALPHA_MODE_IGNORE)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: AlphaMode %d is not a DXGI_ALPHA_MODE", m,
                  (int)in->AlphaMode);
    if (in->Stereo && !flip)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: Stereo needs a flip effect (SwapEffect %s)", m,
                  effect_name(in->SwapEffect));
    if (in->Stereo)
        SC_REFUSE(DXGI_ERROR_UNSUPPORTED, "%s: Stereo: there is no stereo display "
                  "(IsWindowedStereoEnabled is FALSE)", m);
    if (FAILED(hr = validate_format(dev, m, in->Format, in->SwapEffect, E_INVALIDARG)))
        return hr;
    if (FAILED(hr = validate_flags(dev, m, in->Flags, in->SwapEffect)))
        return hr;
    /* DXGI_SWAP_CHAIN_DESC(1): a 0 width or height takes the window's. */
    if (!out->Width)
        out->Width = HEADLESS_WINDOW_WIDTH;
    if (!out->Height)
        out->Height = HEADLESS_WINDOW_HEIGHT;
    td = buffer_desc(out);
    if (FAILED(hr = d3d11_validate_texture2d_desc(&td, NULL, true, dev->level, msg, sizeof(msg))))
        SC_REFUSE(hr, "%s: the back buffer: %s", m, msg);
    *fullscreen_refused = !rq->fullscreen.Windowed;
    return S_OK;
}

/* ------------------------------------------------------------------ buffers */

static struct d3d11_resource *buffer_res(const struct dxgi_swapchain *sc, UINT i)
{
    return d3d11_resource_from_iface((ID3D11Resource *)sc->buffers[i]);
}

static void release_buffers(ID3D11Texture2D **buffers, UINT n)
{
    for (UINT i = 0; i < n; i++)
        if (buffers[i])
            ID3D11Texture2D_Release(buffers[i]);
}

/* Makes the buffers and front buffer of `desc` into the out-arrays; nothing on failure. */
static HRESULT make_buffers(struct d3d11_device *dev, const DXGI_SWAP_CHAIN_DESC1 *desc,
                            ID3D11Texture2D **buffers, UINT *count, uint8_t **front,
                            size_t *front_pitch)
{
    D3D11_TEXTURE2D_DESC td = buffer_desc(desc);
    UINT n = is_discard(desc->SwapEffect) ? 1 : desc->BufferCount;
    struct d3d11_resource *res;
    HRESULT hr;

    memset(buffers, 0, sizeof(*buffers) * DXGI_MAX_SWAP_CHAIN_BUFFERS);
    for (UINT i = 0; i < n; i++) {
        if (FAILED(hr = d3d11_texture2d_create(dev, &td, NULL, true, &buffers[i]))) {
            release_buffers(buffers, i);
            return hr;
        }
    }
    res = d3d11_resource_from_iface((ID3D11Resource *)buffers[0]);
    *front_pitch = res->core->sub[0].row_pitch;
    if (!(*front = calloc(res->core->sub[0].rows, *front_pitch))) {
        release_buffers(buffers, n);
        d3d11_msg(dev, "swap chain: out of memory for the front buffer");
        return E_OUTOFMEMORY;
    }
    *count = n;
    return S_OK;
}

/* ------------------------------------------------------------------ the object */

static void swapchain_destroy(struct dxgi_swapchain *sc)
{
    release_buffers(sc->buffers, sc->buffer_count);
    free(sc->front);
    core_pd_free(&sc->private_data);
    ID3D11Device2_Release(&sc->device->iface);
    IDXGIFactory6_Release(&sc->factory->iface);
    free(sc);
}

static const GUID *const swapchain_iids[] = { &IID_IDXGIDeviceSubObject, &IID_IDXGISwapChain,
                                              &IID_IDXGISwapChain1, &IID_IDXGISwapChain2,
                                              &IID_IDXGISwapChain3, &IID_IDXGISwapChain4, NULL };
CORE_COM_IUNKNOWN(swapchain, IDXGISwapChain4, struct dxgi_swapchain, refcount, &IID_IDXGIObject,
                  swapchain_iids, swapchain_destroy)
CORE_COM_PRIVATE_DATA(swapchain, IDXGISwapChain4, struct dxgi_swapchain, private_data,
                      d3d11_pd_hresult)

static HRESULT STDMETHODCALLTYPE swapchain_GetParent(IDXGISwapChain4 *iface, REFIID riid,
                                                     void **out)
{
    return IDXGIFactory6_QueryInterface(&swapchain_impl(iface)->factory->iface, riid, out);
}

static HRESULT STDMETHODCALLTYPE swapchain_GetDevice(IDXGISwapChain4 *iface, REFIID riid,
                                                     void **out)
{
    return ID3D11Device2_QueryInterface(&swapchain_impl(iface)->device->iface, riid, out);
}

#define KNOWN_PRESENT_FLAGS                                                                    \
    (DXGI_PRESENT_TEST | DXGI_PRESENT_DO_NOT_SEQUENCE | DXGI_PRESENT_RESTART |                 \
     DXGI_PRESENT_DO_NOT_WAIT | DXGI_PRESENT_RESTRICT_TO_OUTPUT | DXGI_PRESENT_ALLOW_TEARING)

static void dump_front(struct dxgi_swapchain *sc)
{
    DXGI_FORMAT f = sc->desc.Format;
    char name[128];
    bool dump = present_dump_enabled(), wsi = present_sdl_enabled();
    if (!dump && !wsi)
        return;
    /* The PNG and the window get the stored (sRGB-encoded) bytes: read sRGB formats as their
     * UNORM twins. */
    if (f == DXGI_FORMAT_R8G8B8A8_UNORM_SRGB)
        f = DXGI_FORMAT_R8G8B8A8_UNORM;
    else if (f == DXGI_FORMAT_B8G8R8A8_UNORM_SRGB)
        f = DXGI_FORMAT_B8G8R8A8_UNORM;
    /* IDXGISwapChain2::SetSourceSize: "the source rectangle is always [0, 0, Width, Height]". */
    if (wsi)   /* (issue 12: an SDL_Window * as OutputWindow, SOFTD3D_WSI=sdl2) */
        present_sdl_write(sc->window, (core_format)f, sc->front, sc->front_pitch,
                          sc->source_width, sc->source_height);
    if (!dump)
        return;
    snprintf(name, sizeof(name), "softd3d-d3d11-sc%u-frame%06" PRIu64 ".png", sc->serial,
             sc->frames);
    present_dump_write(name, (core_format)f, sc->front, sc->front_pitch, sc->source_width,
                       sc->source_height);
}

/* Copies the texels of subresource 0 of `res` from/to a packed image of its row pitch. */
static void copy_to_image(const struct d3d11_resource *res, uint8_t *image)
{
    const core_subresource *s = &res->core->sub[0];
    memcpy(image, core_resource_sub_data(res->core, 0), s->row_pitch * s->rows);
}

/* A multisampled buffer into the packed front-buffer image: the average of its samples. */
static void resolve_to_image(const struct d3d11_resource *res, uint8_t *image, size_t pitch)
{
    const core_subresource *s = &res->core->sub[0];
    struct resolve_surface src = { core_resource_sub_data(res->core, 0), s->row_pitch,
                                   s->depth_pitch, res->sample_count };
    struct resolve_surface dst = { image, pitch, 0, 1 };
    resolve_average((core_format)res->format, &src, &dst, s->width, s->height);
}

static void copy_from_image(struct d3d11_resource *res, const uint8_t *image)
{
    const core_subresource *s = &res->core->sub[0];
    memcpy(core_resource_sub_data(res->core, 0), image, s->row_pitch * s->rows);
}

/* DXGI_PRESENT_PARAMETERS: the dirty rectangles must be given when counted and be ordered
 * rectangles; a scroll rectangle or offset "is not supported for DXGI_SWAP_EFFECT_DISCARD or
 * DXGI_SWAP_EFFECT_SEQUENTIAL".  The whole of buffer 0 is presented either way: outside the
 * dirty rectangles the application must not have changed it, so it still holds the last frame. */
static HRESULT validate_present_params(const struct dxgi_swapchain *sc, const char *method,
                                       const DXGI_PRESENT_PARAMETERS *p)
{
    const struct d3d11_device *dev = sc->device;
    if (!p)
        return S_OK;
    if (p->DirtyRectsCount && !p->pDirtyRects)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: DirtyRectsCount %u with pDirtyRects NULL", method,
                  p->DirtyRectsCount);
    for (UINT i = 0; i < p->DirtyRectsCount; i++) {
        const RECT *r = &p->pDirtyRects[i];
        if (r->left > r->right || r->top > r->bottom)
            SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: dirty rectangle %u (%d,%d)-(%d,%d) is not "
                      "ordered", method, i, (int)r->left, (int)r->top, (int)r->right,
                      (int)r->bottom);
    }
    if ((p->pScrollRect || p->pScrollOffset) && !dxgi_swap_effect_is_flip(sc->desc.SwapEffect))
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: a scroll rectangle needs a flip effect "
                  "(SwapEffect %s)", method, effect_name(sc->desc.SwapEffect));
    return S_OK;
}

HRESULT dxgi_swapchain_present(struct dxgi_swapchain *sc, const char *method, UINT sync,
                               UINT flags, const DXGI_PRESENT_PARAMETERS *params)
{
    d3d11_context_flush_draws(&sc->device->context);   /* (the draws waiting in its scene) */
    struct d3d11_device *dev = sc->device;
    HRESULT hr;

    if (sync > 4)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: SyncInterval %u is above 4", method, sync);
    if (flags & ~(UINT)KNOWN_PRESENT_FLAGS)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: Flags 0x%x not supported (stereo, USE_DURATION "
                  "need swap chains softd3d does not make)", method,
                  flags & ~(UINT)KNOWN_PRESENT_FLAGS);
    if ((flags & DXGI_PRESENT_ALLOW_TEARING) &&
        !(sc->desc.Flags & DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING))
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: DXGI_PRESENT_ALLOW_TEARING needs a swap chain "
                  "created with DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING", method);
    if ((flags & DXGI_PRESENT_ALLOW_TEARING) && sync != 0)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: DXGI_PRESENT_ALLOW_TEARING needs SyncInterval 0 "
                  "(is %u)", method, sync);
    if (FAILED(hr = validate_present_params(sc, method, params)))
        return hr;
    if (flags & DXGI_PRESENT_TEST)
        return S_OK;   /* "don't present ... only to test for occlusion": never occluded */
    /* Sequential effects: the earlier frames move one buffer down, the last one to buffer 1. */
    for (UINT k = sc->buffer_count - 1; k >= 2; k--)
        copy_to_image(buffer_res(sc, k - 1), core_resource_sub_data(buffer_res(sc, k)->core, 0));
    if (sc->buffer_count > 1)
        copy_from_image(buffer_res(sc, 1), sc->front);
    if (buffer_res(sc, 0)->sample_count > 1)
        resolve_to_image(buffer_res(sc, 0), sc->front, sc->front_pitch);
    else
        copy_to_image(buffer_res(sc, 0), sc->front);
    dump_front(sc);
    sc->frames++;
    sc->present_count++;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE swapchain_Present(IDXGISwapChain4 *iface, UINT sync, UINT flags)
{
    return dxgi_swapchain_present(swapchain_impl(iface), "Present", sync, flags, NULL);
}

static HRESULT STDMETHODCALLTYPE swapchain_GetBuffer(IDXGISwapChain4 *iface, UINT index,
                                                     REFIID riid, void **out)
{
    struct dxgi_swapchain *sc = swapchain_impl(iface);
    struct d3d11_device *dev = sc->device;
    if (!out)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "GetBuffer: ppSurface is NULL");
    *out = NULL;
    if (is_discard(sc->desc.SwapEffect) && index > 0)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "GetBuffer: buffer %u: with SwapEffect %s only buffer "
                  "0 can be accessed", index, effect_name(sc->desc.SwapEffect));
    if (index >= sc->buffer_count)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "GetBuffer: buffer %u: the swap chain has %u", index,
                  sc->buffer_count);
    return ID3D11Texture2D_QueryInterface(sc->buffers[index], riid, out);
}

static HRESULT STDMETHODCALLTYPE swapchain_SetFullscreenState(IDXGISwapChain4 *iface,
                                                              BOOL fullscreen,
                                                              IDXGIOutput *target)
{
    struct d3d11_device *dev = swapchain_impl(iface)->device;
    if (!fullscreen && target)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "SetFullscreenState: pTarget must be NULL with "
                  "Fullscreen FALSE");
    if (fullscreen)
        SC_REFUSE(DXGI_ERROR_NOT_CURRENTLY_AVAILABLE, "SetFullscreenState: headless, there is no "
                  "output to go full screen on; the swap chain stays windowed");
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE swapchain_GetFullscreenState(IDXGISwapChain4 *iface,
                                                              BOOL *fullscreen,
                                                              IDXGIOutput **target)
{
    (void)iface;
    if (fullscreen)
        *fullscreen = FALSE;
    if (target)
        *target = NULL;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE swapchain_GetDesc(IDXGISwapChain4 *iface,
                                                   DXGI_SWAP_CHAIN_DESC *desc)
{
    const struct dxgi_swapchain *sc = swapchain_impl(iface);
    if (!desc)
        return DXGI_ERROR_INVALID_CALL;
    memset(desc, 0, sizeof(*desc));
    desc->BufferDesc.Width = sc->desc.Width;
    desc->BufferDesc.Height = sc->desc.Height;
    desc->BufferDesc.RefreshRate = sc->fullscreen.RefreshRate;
    desc->BufferDesc.Format = sc->desc.Format;
    desc->BufferDesc.ScanlineOrdering = sc->fullscreen.ScanlineOrdering;
    desc->BufferDesc.Scaling = sc->fullscreen.Scaling;
    desc->SampleDesc = sc->desc.SampleDesc;
    desc->BufferUsage = sc->desc.BufferUsage;
    desc->BufferCount = sc->desc.BufferCount;
    desc->OutputWindow = sc->window;
    desc->Windowed = TRUE;
    desc->SwapEffect = sc->desc.SwapEffect;
    desc->Flags = sc->desc.Flags;
    return S_OK;
}

HRESULT dxgi_swapchain_resize(struct dxgi_swapchain *sc, const char *m, UINT count, UINT width,
                              UINT height, DXGI_FORMAT format, UINT flags)
{
    d3d11_context_flush_draws(&sc->device->context);   /* (the draws waiting in its scene) */
    struct d3d11_device *dev = sc->device;
    ID3D11Texture2D *buffers[DXGI_MAX_SWAP_CHAIN_BUFFERS];
    DXGI_SWAP_CHAIN_DESC1 desc = sc->desc;
    D3D11_TEXTURE2D_DESC td;
    char msg[D3D11_RESOURCE_MSG_SIZE];
    uint8_t *front;
    size_t front_pitch;
    UINT n;
    HRESULT hr;

    /* "release all of its direct and indirect references on the back buffers": the chain's
     * own reference is the only one allowed (views and context bindings count too). */
    for (UINT i = 0; i < sc->buffer_count; i++)
        if (d3d11_resource_life(buffer_res(sc, i)) != 1)
            SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: buffer %u is still referenced (by the "
                      "application, a view or a context binding); release them first", m, i);
    if (count)
        desc.BufferCount = count;
    desc.Width = width ? width : sc->window_width;
    desc.Height = height ? height : sc->window_height;
    if (format != DXGI_FORMAT_UNKNOWN)
        desc.Format = format;
    desc.Flags = flags;
    if ((flags ^ sc->desc.Flags) & DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING cannot be "
                  "added or removed (the chain was created %s it)", m,
                  (sc->desc.Flags & DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING) ? "with" : "without");
    if (FAILED(hr = validate_count(dev, m, desc.BufferCount, desc.SwapEffect)) ||
        FAILED(hr = validate_format(dev, m, desc.Format, desc.SwapEffect,
                                    DXGI_ERROR_INVALID_CALL)) ||
        FAILED(hr = validate_flags(dev, m, desc.Flags, desc.SwapEffect)))
        return hr;
    td = buffer_desc(&desc);
    if (FAILED(hr = d3d11_validate_texture2d_desc(&td, NULL, true, dev->level, msg, sizeof(msg))))
        SC_REFUSE(hr, "%s: the back buffer: %s", m, msg);
    if (FAILED(hr = make_buffers(dev, &desc, buffers, &n, &front, &front_pitch)))
        return hr;
    release_buffers(sc->buffers, sc->buffer_count);
    free(sc->front);
    memcpy(sc->buffers, buffers, sizeof(buffers));
    sc->buffer_count = n;
    sc->front = front;
    sc->front_pitch = front_pitch;
    sc->desc = desc;
    sc->source_width = desc.Width;
    sc->source_height = desc.Height;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE swapchain_ResizeBuffers(IDXGISwapChain4 *iface, UINT count,
                                                         UINT width, UINT height,
                                                         DXGI_FORMAT format, UINT flags)
{
    return dxgi_swapchain_resize(swapchain_impl(iface), "ResizeBuffers", count, width, height,
                                 format, flags);
}

static HRESULT STDMETHODCALLTYPE swapchain_ResizeTarget(IDXGISwapChain4 *iface,
                                                        const DXGI_MODE_DESC *mode)
{
    struct dxgi_swapchain *sc = swapchain_impl(iface);
    struct d3d11_device *dev = sc->device;
    if (!mode)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "ResizeTarget: pNewTargetParameters is NULL");
    if (mode->Width)
        sc->window_width = mode->Width;
    if (mode->Height)
        sc->window_height = mode->Height;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE swapchain_GetContainingOutput(IDXGISwapChain4 *iface,
                                                               IDXGIOutput **out)
{
    struct d3d11_device *dev = swapchain_impl(iface)->device;
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    SC_REFUSE(DXGI_ERROR_NOT_FOUND, "GetContainingOutput: headless, the adapter has no outputs");
}

static HRESULT STDMETHODCALLTYPE swapchain_GetFrameStatistics(IDXGISwapChain4 *iface,
                                                              DXGI_FRAME_STATISTICS *stats)
{
    struct dxgi_swapchain *sc = swapchain_impl(iface);
    struct d3d11_device *dev = sc->device;
    if (!stats)
        return DXGI_ERROR_INVALID_CALL;
    memset(stats, 0, sizeof(*stats));
    if (!dxgi_swap_effect_is_flip(sc->desc.SwapEffect))
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "GetFrameStatistics: not available to a windowed "
                  "bitblt-model swap chain (SwapEffect %s)", effect_name(sc->desc.SwapEffect));
    SC_REFUSE(DXGI_ERROR_FRAME_STATISTICS_DISJOINT, "GetFrameStatistics: headless, there is no "
              "display whose refreshes could be counted");
}

static HRESULT STDMETHODCALLTYPE swapchain_GetLastPresentCount(IDXGISwapChain4 *iface,
                                                               UINT *count)
{
    if (!count)
        return DXGI_ERROR_INVALID_CALL;
    *count = swapchain_impl(iface)->present_count;
    return S_OK;
}

static IDXGISwapChain4Vtbl swapchain_vtbl = {
    .QueryInterface = swapchain_QueryInterface,
    .AddRef = swapchain_AddRef,
    .Release = swapchain_Release,
    .SetPrivateData = swapchain_SetPrivateData,
    .SetPrivateDataInterface = swapchain_SetPrivateDataInterface,
    .GetPrivateData = swapchain_GetPrivateData,
    .GetParent = swapchain_GetParent,
    .GetDevice = swapchain_GetDevice,
    .Present = swapchain_Present,
    .GetBuffer = swapchain_GetBuffer,
    .SetFullscreenState = swapchain_SetFullscreenState,
    .GetFullscreenState = swapchain_GetFullscreenState,
    .GetDesc = swapchain_GetDesc,
    .ResizeBuffers = swapchain_ResizeBuffers,
    .ResizeTarget = swapchain_ResizeTarget,
    .GetContainingOutput = swapchain_GetContainingOutput,
    .GetFrameStatistics = swapchain_GetFrameStatistics,
    .GetLastPresentCount = swapchain_GetLastPresentCount,
};

/* ------------------------------------------------------------------ creation */

static pthread_once_t vtbl_once = PTHREAD_ONCE_INIT;

static void vtbl_fill(void)
{
    dxgi_swapchain1_fill_vtbl(&swapchain_vtbl);
    comgen_fill_IDXGISwapChain4(&swapchain_vtbl);
}

static HRESULT create(struct dxgi_factory *factory, IUnknown *device, const struct sc_request *rq,
                      IDXGISwapChain4 **out)
{
    struct d3d11_device *dev = device ? dxgi_device_from_unknown(device) : NULL;
    struct dxgi_swapchain *sc;
    bool fullscreen_refused = false;
    DXGI_SWAP_CHAIN_DESC1 desc;
    HRESULT hr;

    if (!dev)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: pDevice is %s", rq->method,
                  device ? "not a softd3d Direct3D 11 device" : "NULL");
    if (FAILED(hr = validate_request(dev, rq, &desc, &fullscreen_refused)))
        return hr;
    if (!(sc = calloc(1, sizeof(*sc))))
        SC_REFUSE(E_OUTOFMEMORY, "%s: out of memory", rq->method);
    if (FAILED(hr = make_buffers(dev, &desc, sc->buffers, &sc->buffer_count, &sc->front,
                                 &sc->front_pitch))) {
        free(sc);
        return hr;
    }
    sc->iface.lpVtbl = &swapchain_vtbl;
    atomic_init(&sc->refcount, 1);
    core_pd_init(&sc->private_data);
    sc->factory = factory;
    IDXGIFactory6_AddRef(&factory->iface);
    sc->device = dev;
    ID3D11Device2_AddRef(&dev->iface);
    sc->window = rq->window;
    sc->desc = desc;
    sc->fullscreen = rq->fullscreen;
    sc->fullscreen.Windowed = TRUE;
    sc->window_width = HEADLESS_WINDOW_WIDTH;
    sc->window_height = HEADLESS_WINDOW_HEIGHT;
    sc->serial = atomic_fetch_add(&swapchain_serial, 1) + 1;
    sc->rotation = DXGI_MODE_ROTATION_IDENTITY;
    sc->source_width = desc.Width;
    sc->source_height = desc.Height;
    sc->color_space = DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709;
    *out = &sc->iface;
    if (fullscreen_refused) {
        /* IDXGIFactory::CreateSwapChain: DXGI_STATUS_OCCLUDED "if you request full-screen mode
         * and it is unavailable"; the chain exists, windowed. */
        d3d11_msg(dev, "%s: full screen asked for: headless, there is no output; the swap "
                  "chain is windowed (DXGI_STATUS_OCCLUDED)", rq->method);
        return DXGI_STATUS_OCCLUDED;
    }
    return S_OK;
}

HRESULT dxgi_swapchain_create(struct dxgi_factory *factory, IUnknown *device,
                              const DXGI_SWAP_CHAIN_DESC *in, IDXGISwapChain **out)
{
    struct d3d11_device *dev = device ? dxgi_device_from_unknown(device) : NULL;
    struct sc_request rq = { .method = "CreateSwapChain", .window_name = "OutputWindow" };

    pthread_once(&vtbl_once, vtbl_fill);
    if (!out)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "CreateSwapChain: ppSwapChain is NULL");
    *out = NULL;
    if (!in)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "CreateSwapChain: pDesc is NULL");
    rq.window = in->OutputWindow;
    rq.desc.Width = in->BufferDesc.Width;
    rq.desc.Height = in->BufferDesc.Height;
    rq.desc.Format = in->BufferDesc.Format;
    rq.desc.SampleDesc = in->SampleDesc;
    rq.desc.BufferUsage = in->BufferUsage;
    rq.desc.BufferCount = in->BufferCount;
    rq.desc.Scaling = DXGI_SCALING_STRETCH;   /* "the implicit behavior ... CreateSwapChain" */
    rq.desc.SwapEffect = in->SwapEffect;
    rq.desc.AlphaMode = DXGI_ALPHA_MODE_UNSPECIFIED;
    rq.desc.Flags = in->Flags;
    rq.fullscreen.RefreshRate = in->BufferDesc.RefreshRate;
    rq.fullscreen.ScanlineOrdering = in->BufferDesc.ScanlineOrdering;
    rq.fullscreen.Scaling = in->BufferDesc.Scaling;
    rq.fullscreen.Windowed = in->Windowed;
    return create(factory, device, &rq, (IDXGISwapChain4 **)out);
}

HRESULT dxgi_swapchain_create_for_hwnd(struct dxgi_factory *factory, IUnknown *device, HWND window,
                                       const DXGI_SWAP_CHAIN_DESC1 *desc,
                                       const DXGI_SWAP_CHAIN_FULLSCREEN_DESC *fullscreen,
                                       IDXGIOutput *restrict_to, IDXGISwapChain1 **out)
{
    struct d3d11_device *dev = device ? dxgi_device_from_unknown(device) : NULL;
    static const char m[] = "CreateSwapChainForHwnd";
    struct sc_request rq = { .method = m, .window_name = "hWnd", .window = window };

    pthread_once(&vtbl_once, vtbl_fill);
    if (!out)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: ppSwapChain is NULL", m);
    *out = NULL;
    if (!desc)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: pDesc is NULL", m);
    if (restrict_to)
        SC_REFUSE(DXGI_ERROR_INVALID_CALL, "%s: pRestrictToOutput is not an output of this "
                  "adapter (it has none)", m);
    rq.desc = *desc;
    if (fullscreen)
        rq.fullscreen = *fullscreen;
    else
        rq.fullscreen.Windowed = TRUE;   /* "Set it to NULL to create a windowed swap chain" */
    return create(factory, device, &rq, (IDXGISwapChain4 **)out);
}
