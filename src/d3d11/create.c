/* src/d3d11/create.c — D3D11CreateDevice and D3D11CreateDeviceAndSwapChain.
 *
 * D3D11CreateDeviceAndSwapChain: ppSwapChain NULL makes it D3D11CreateDevice (pSwapChainDesc is
 * then unused); ppSwapChain with a NULL pSwapChainDesc is E_INVALIDARG; otherwise the device,
 * then the swap chain from the device's factory (src/d3d11/swapchain.c).  A refused swap chain
 * returns its HRESULT with every out-pointer NULL and nothing left alive.
 *
 * Rules (D3D11CreateDevice reference page, learn.microsoft.com):
 *  - pAdapter NULL: DriverType must not be D3D_DRIVER_TYPE_UNKNOWN.  pAdapter non-NULL: DriverType
 *    must be UNKNOWN.  Otherwise E_INVALIDARG.
 *  - Software (a rasterizer DLL) must be non-NULL exactly when DriverType is SOFTWARE.
 *  - SDKVersion must be D3D11_SDK_VERSION.
 *  - pFeatureLevels NULL: the default array {11_0, 10_1, 10_0, 9_3, 9_2, 9_1}; otherwise
 *    FeatureLevels entries, tried in the caller's order; the first one the device supports wins.
 *    A count of 0 with an array, or an unknown value in the array, is E_INVALIDARG.  None
 *    supported: DXGI_ERROR_UNSUPPORTED.
 *  - ppDevice and ppImmediateContext both NULL: nothing is created; the chosen level is reported
 *    through pFeatureLevel and the function returns S_FALSE.
 *  - On failure every out-pointer is set to NULL (and *pFeatureLevel to 0).
 * softd3d's decisions for driver types (it is itself a software device):
 *  - HARDWARE, WARP, REFERENCE and NULL all create the softd3d device.  (A NULL-type device is
 *    for API tests; as softd3d renders on the CPU anyway it renders too.)
 *  - SOFTWARE with a module handle: loading a Windows rasterizer DLL is impossible on Linux, so
 *    DXGI_ERROR_UNSUPPORTED with a message.
 * The highest level a device can have is the one derived from its capability profile (seed 000
 * rules, core_level_from_caps), exactly as the 10Level9 runtime derives it from a D3D9 driver,
 * or the one the profile fixes (10_0, 10_1: core_profile_d3d11_level).
 */
#include "d3d11/d3d11_private.h"

#include "util/export.h"
#include "util/log.h"

const char *d3d11_level_name(D3D_FEATURE_LEVEL level)
{
    switch (level) {
    case D3D_FEATURE_LEVEL_9_1: return "9_1";
    case D3D_FEATURE_LEVEL_9_2: return "9_2";
    case D3D_FEATURE_LEVEL_9_3: return "9_3";
    case D3D_FEATURE_LEVEL_10_0: return "10_0";
    case D3D_FEATURE_LEVEL_10_1: return "10_1";
    case D3D_FEATURE_LEVEL_11_0: return "11_0";
    case D3D_FEATURE_LEVEL_11_1: return "11_1";
    case D3D_FEATURE_LEVEL_12_0: return "12_0";
    case D3D_FEATURE_LEVEL_12_1: return "12_1";
    default: return "unknown";
    }
}

static bool level_known(D3D_FEATURE_LEVEL l)
{
    return l == D3D_FEATURE_LEVEL_9_1 || l == D3D_FEATURE_LEVEL_9_2 || l == D3D_FEATURE_LEVEL_9_3 ||
           l == D3D_FEATURE_LEVEL_10_0 || l == D3D_FEATURE_LEVEL_10_1 ||
           l == D3D_FEATURE_LEVEL_11_0 || l == D3D_FEATURE_LEVEL_11_1 ||
           l == D3D_FEATURE_LEVEL_12_0 || l == D3D_FEATURE_LEVEL_12_1;
}

#define KNOWN_CREATE_FLAGS                                                                     \
    (D3D11_CREATE_DEVICE_SINGLETHREADED | D3D11_CREATE_DEVICE_DEBUG |                          \
     D3D11_CREATE_DEVICE_PREVENT_INTERNAL_THREADING_OPTIMIZATIONS |                            \
     D3D11_CREATE_DEVICE_BGRA_SUPPORT | D3D11_CREATE_DEVICE_DEBUGGABLE |                       \
     D3D11_CREATE_DEVICE_PREVENT_ALTERING_LAYER_SETTINGS_FROM_REGISTRY |                       \
     D3D11_CREATE_DEVICE_DISABLE_GPU_TIMEOUT)

/* The pure part: decides the outcome of a creation request without touching anything.
 * Returns S_OK with *level set, or the error (message already issued). */
static HRESULT validate_create(IDXGIAdapter *adapter, D3D_DRIVER_TYPE type, HMODULE software,
                               UINT flags, const D3D_FEATURE_LEVEL *levels, UINT nlevels,
                               UINT sdk_version, const core_profile *profile,
                               D3D_FEATURE_LEVEL *level)
{
    static const D3D_FEATURE_LEVEL defaults[] = {
        D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_10_0,
        D3D_FEATURE_LEVEL_9_3,  D3D_FEATURE_LEVEL_9_2,  D3D_FEATURE_LEVEL_9_1,
    };
    bool debug = (flags & D3D11_CREATE_DEVICE_DEBUG) != 0;
    char why[160] = "";
    D3D_FEATURE_LEVEL max;

    if (sdk_version != D3D11_SDK_VERSION) {
        util_msg(debug, "D3D11CreateDevice: SDKVersion %u is not D3D11_SDK_VERSION (%u)",
                 sdk_version, D3D11_SDK_VERSION);
        return E_INVALIDARG;
    }
    if (adapter && type != D3D_DRIVER_TYPE_UNKNOWN) {
        util_msg(debug, "D3D11CreateDevice: with an adapter, DriverType must be "
                        "D3D_DRIVER_TYPE_UNKNOWN (got %d)", (int)type);
        return E_INVALIDARG;
    }
    if (!adapter && type == D3D_DRIVER_TYPE_UNKNOWN) {
        util_msg(debug, "D3D11CreateDevice: D3D_DRIVER_TYPE_UNKNOWN needs an adapter");
        return E_INVALIDARG;
    }
    if (adapter && !dxgi_adapter_from_iface(adapter)) {
        util_msg(debug, "D3D11CreateDevice: pAdapter is not an adapter of softd3d's DXGI factory");
        return E_INVALIDARG;
    }
    switch (type) {
    case D3D_DRIVER_TYPE_UNKNOWN:
    case D3D_DRIVER_TYPE_HARDWARE:
    case D3D_DRIVER_TYPE_REFERENCE:
    case D3D_DRIVER_TYPE_NULL:
    case D3D_DRIVER_TYPE_WARP:
        if (software) {
            util_msg(debug, "D3D11CreateDevice: Software must be NULL unless DriverType is "
                            "D3D_DRIVER_TYPE_SOFTWARE");
            return E_INVALIDARG;
        }
        break;
    case D3D_DRIVER_TYPE_SOFTWARE:
        if (!software) {
            util_msg(debug, "D3D11CreateDevice: D3D_DRIVER_TYPE_SOFTWARE needs a Software module");
            return E_INVALIDARG;
        }
        util_msg(debug, "D3D11CreateDevice: D3D_DRIVER_TYPE_SOFTWARE (a third-party rasterizer "
                        "DLL) cannot be loaded on Linux; use HARDWARE or WARP for softd3d");
        return DXGI_ERROR_UNSUPPORTED;
    default:
        util_msg(debug, "D3D11CreateDevice: unknown DriverType %d", (int)type);
        return E_INVALIDARG;
    }
    if (flags & ~(UINT)KNOWN_CREATE_FLAGS) {
        if (flags & D3D11_CREATE_DEVICE_SWITCH_TO_REF)
            util_msg(debug, "D3D11CreateDevice: D3D11_CREATE_DEVICE_SWITCH_TO_REF is not "
                            "supported by Direct3D 11");
        else if (flags & D3D11_CREATE_DEVICE_VIDEO_SUPPORT)
            util_msg(debug, "D3D11CreateDevice: D3D11_CREATE_DEVICE_VIDEO_SUPPORT: softd3d has "
                            "no video decoding");
        else
            util_msg(debug, "D3D11CreateDevice: unknown Flags bits 0x%x",
                     flags & ~(UINT)KNOWN_CREATE_FLAGS);
        return E_INVALIDARG;
    }
    if (levels && !nlevels) {
        util_msg(debug, "D3D11CreateDevice: pFeatureLevels given with FeatureLevels = 0");
        return E_INVALIDARG;
    }
    if (!levels) {
        levels = defaults;
        nlevels = sizeof(defaults) / sizeof(defaults[0]);
    }
    for (UINT i = 0; i < nlevels; i++) {
        if (!level_known(levels[i])) {
            util_msg(debug, "D3D11CreateDevice: pFeatureLevels[%u] = 0x%x is not a feature level",
                     i, (unsigned)levels[i]);
            return E_INVALIDARG;
        }
    }
    /* The profile's highest level: derived from its caps (seed 000) for 9_1..max, or fixed by the
     * profile (10_0, 10_1: issue 11, profile.c).  Every level up to it is offered, in the
     * caller's order ("the first one the device supports wins", D3D11CreateDevice); the
     * default array above covers the levels a 10_x profile offers. */
    max = (D3D_FEATURE_LEVEL)core_profile_d3d11_level(profile, why, sizeof(why));
    for (UINT i = 0; i < nlevels; i++) {
        /* Profile 11_1 (issues 11, 15; 11_1-tiled is its alias): 11_1 only when the caller's
         * array names it -- the documented default array (D3D11CreateDevice: 11_0 down to 9_1)
         * does not contain 11_1, so a NULL pFeatureLevels gives 11_0 (the profile's
         * d3d11_level). */
        if (profile->d3d11_named_level &&
            levels[i] == (D3D_FEATURE_LEVEL)profile->d3d11_named_level) {
            *level = levels[i];
            return S_OK;
        }
        if (levels[i] >= D3D_FEATURE_LEVEL_9_1 && levels[i] <= max) {
            *level = levels[i];
            return S_OK;
        }
    }
    util_msg(debug, "D3D11CreateDevice: none of the %u requested feature levels is supported by "
                    "profile %s (highest: %s)", nlevels, profile->name, d3d11_level_name(max));
    return DXGI_ERROR_UNSUPPORTED;
}

static HRESULT create_device(IDXGIAdapter *adapter, D3D_DRIVER_TYPE type, HMODULE software,
                             UINT flags, const D3D_FEATURE_LEVEL *levels, UINT nlevels,
                             UINT sdk_version, ID3D11Device **ppdevice,
                             D3D_FEATURE_LEVEL *plevel, ID3D11DeviceContext **ppcontext)
{
    const core_profile *profile;
    D3D_FEATURE_LEVEL level = 0;
    struct dxgi_adapter *ad = NULL;
    struct dxgi_factory *factory = NULL;
    struct d3d11_device *dev;
    HRESULT hr;

    if (ppdevice)
        *ppdevice = NULL;
    if (ppcontext)
        *ppcontext = NULL;
    if (plevel)
        *plevel = 0;
    if (core_profile_from_env(&profile) < 0)
        return E_INVALIDARG;   /* message printed by core_profile_from_env */
    hr = validate_create(adapter, type, software, flags, levels, nlevels, sdk_version, profile,
                         &level);
    if (FAILED(hr))
        return hr;
    if (!ppdevice && !ppcontext) {
        if (plevel)
            *plevel = level;
        return S_FALSE;
    }
    if (adapter) {
        ad = dxgi_adapter_from_iface(adapter);
        IDXGIAdapter1_AddRef(&ad->iface);
    } else {
        if (FAILED(hr = dxgi_factory_create(0, &factory)))
            return hr;
        hr = dxgi_adapter_create(factory, &ad);
        IDXGIFactory1_Release(&factory->iface);   /* the adapter holds it now */
        if (FAILED(hr))
            return hr;
    }
    hr = d3d11_device_create(profile, level, flags, adapter ? D3D_DRIVER_TYPE_UNKNOWN : type, ad,
                             &dev);
    IDXGIAdapter1_Release(&ad->iface);   /* the device holds it now */
    if (FAILED(hr))
        return hr;
    if (plevel)
        *plevel = level;
    if (ppcontext)
        ID3D11Device2_GetImmediateContext(&dev->iface, ppcontext);
    if (ppdevice)
        *ppdevice = (ID3D11Device *)&dev->iface;
    else
        ID3D11Device2_Release(&dev->iface);
    return S_OK;
}

SOFTD3D_EXPORT HRESULT WINAPI D3D11CreateDevice(IDXGIAdapter *pAdapter, D3D_DRIVER_TYPE DriverType,
                                                HMODULE Software, UINT Flags,
                                                const D3D_FEATURE_LEVEL *pFeatureLevels,
                                                UINT FeatureLevels, UINT SDKVersion,
                                                ID3D11Device **ppDevice,
                                                D3D_FEATURE_LEVEL *pFeatureLevel,
                                                ID3D11DeviceContext **ppImmediateContext)
{
    return create_device(pAdapter, DriverType, Software, Flags, pFeatureLevels, FeatureLevels,
                         SDKVersion, ppDevice, pFeatureLevel, ppImmediateContext);
}

SOFTD3D_EXPORT HRESULT WINAPI D3D11CreateDeviceAndSwapChain(
    IDXGIAdapter *pAdapter, D3D_DRIVER_TYPE DriverType, HMODULE Software, UINT Flags,
    const D3D_FEATURE_LEVEL *pFeatureLevels, UINT FeatureLevels, UINT SDKVersion,
    const DXGI_SWAP_CHAIN_DESC *pSwapChainDesc, IDXGISwapChain **ppSwapChain,
    ID3D11Device **ppDevice, D3D_FEATURE_LEVEL *pFeatureLevel,
    ID3D11DeviceContext **ppImmediateContext)
{
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    D3D_FEATURE_LEVEL level = 0;
    HRESULT hr, sc_hr;

    if (ppSwapChain)
        *ppSwapChain = NULL;
    if (!ppSwapChain)   /* no swap chain asked for: D3D11CreateDevice (pSwapChainDesc unused) */
        return create_device(pAdapter, DriverType, Software, Flags, pFeatureLevels, FeatureLevels,
                             SDKVersion, ppDevice, pFeatureLevel, ppImmediateContext);
    if (ppDevice)
        *ppDevice = NULL;
    if (ppImmediateContext)
        *ppImmediateContext = NULL;
    if (pFeatureLevel)
        *pFeatureLevel = 0;
    if (!pSwapChainDesc) {
        util_msg((Flags & D3D11_CREATE_DEVICE_DEBUG) != 0,
                 "D3D11CreateDeviceAndSwapChain: ppSwapChain needs a pSwapChainDesc");
        return E_INVALIDARG;
    }
    /* The device as D3D11CreateDevice makes it, then the swap chain through the factory of the
     * device's adapter (IDXGIFactory::CreateSwapChain, swapchain.c).  A refused swap chain
     * leaves nothing behind. */
    hr = create_device(pAdapter, DriverType, Software, Flags, pFeatureLevels, FeatureLevels,
                       SDKVersion, &dev, &level, ppImmediateContext ? &ctx : NULL);
    if (FAILED(hr))
        return hr;
    sc_hr = dxgi_swapchain_create(d3d11_device_from_iface((ID3D11Device2 *)dev)->adapter->factory,
                                  (IUnknown *)dev, pSwapChainDesc, ppSwapChain);
    if (FAILED(sc_hr)) {
        if (ctx)
            ID3D11DeviceContext_Release(ctx);
        ID3D11Device_Release(dev);
        return sc_hr;
    }
    if (pFeatureLevel)
        *pFeatureLevel = level;
    if (ppImmediateContext)
        *ppImmediateContext = ctx;
    if (ppDevice)
        *ppDevice = dev;
    else
        ID3D11Device_Release(dev);   /* the swap chain holds it */
    return sc_hr;   /* S_OK, or DXGI_STATUS_OCCLUDED for a full-screen request */
}
