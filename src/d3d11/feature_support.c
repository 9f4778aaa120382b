/* src/d3d11/feature_support.c — ID3D11Device::CheckFeatureSupport.
 *
 * Every answer is a pure function of the device's feature level and capability profile, and
 * must be true of the implementation: a TRUE here is a promise that the feature works.  So
 * options whose machinery does not exist yet (driver command lists, logic ops, shadow
 * comparison at 9_x...) answer FALSE, and the README says so.
 *
 * Size rule (documented): FeatureSupportDataSize must equal the size of the structure for the
 * feature, else E_INVALIDARG.  An unknown feature value is E_INVALIDARG.
 */
#include "d3d11/d3d11_private.h"
#include "d3d11/format_support.h"

#include <string.h>

#include "util/log.h"

static bool profile_full_npot(const struct d3d11_device *dev)
{
    /* D3D9_OPTIONS.FullNonPow2TextureSupport: TRUE when the D3D9 caps carry no POW2
     * restriction at all (seed 000 note: POW2 and NONPOW2CONDITIONAL come as a pair, which is
     * the conditional support of the 9_x minimum profiles) — but only above 9_x: at 9_1..9_3
     * CreateTexture2D refuses mipmapped non-power-of-two textures whatever the profile (seed
     * 004, resource_validate.c), so the max profile (no POW2, seed 003) still reports FALSE
     * there ("TRUE for hardware at Direct3D 10 and higher feature levels",
     * D3D11_FEATURE_DATA_D3D9_OPTIONS). */
    return !(dev->profile->caps.TextureCaps & D3DPTEXTURECAPS_POW2) &&
           dev->level >= D3D_FEATURE_LEVEL_10_0;
}

static bool profile_instancing(const struct d3d11_device *dev)
{
    /* 9_3 requires D3DVS_VERSION(3,0), which guarantees instancing (seed 000, 9_3 note). Below
     * 9_3, CreateInputLayout refuses per-instance data (seed 004), so simple instancing is
     * reported only where the level has full instancing. */
    return dev->level >= D3D_FEATURE_LEVEL_9_3;
}

HRESULT d3d11_check_feature_support(const struct d3d11_device *dev, D3D11_FEATURE feature,
                                    void *data, UINT size)
{
    size_t want;

#define EXPECT(type)                                                                           \
    do {                                                                                       \
        want = sizeof(type);                                                                   \
        if (!data || size != want) {                                                           \
            d3d11_msg(dev, "CheckFeatureSupport(%s): FeatureSupportDataSize %u is not "        \
                           "sizeof(" #type ") = %zu, or pFeatureSupportData is NULL",          \
                      #type, size, want);                                                     \
            return E_INVALIDARG;                                                               \
        }                                                                                      \
    } while (0)

    switch (feature) {
    case D3D11_FEATURE_THREADING: {
        D3D11_FEATURE_DATA_THREADING *d = data;
        EXPECT(D3D11_FEATURE_DATA_THREADING);
        /* Object creation is thread-safe (no shared mutable device state).  Deferred contexts
         * and command lists are emulated in software by the runtime (context_deferred.c), which
         * is what DriverCommandLists FALSE means: "the API will emulate deferred contexts and
         * command lists with software" (D3D11_FEATURE_DATA_THREADING). */
        d->DriverConcurrentCreates = TRUE;
        d->DriverCommandLists = FALSE;
        return S_OK;
    }
    case D3D11_FEATURE_DOUBLES: {
        D3D11_FEATURE_DATA_DOUBLES *d = data;
        EXPECT(D3D11_FEATURE_DATA_DOUBLES);
        d->DoublePrecisionFloatShaderOps = FALSE;   /* no doubles below 11_0 */
        return S_OK;
    }
    case D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS: {
        D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS *d = data;
        EXPECT(D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS);
        /* cs_4_0 / cs_4_1 with raw and structured buffers (D3D11.3 18.7) at 10_0 and 10_1;
         * "D3D11 Hardware must report this bit, as it represents a subset of D3D11's
         * features" (18.7.3.1), so TRUE from 10_0 up; 10Level9 has no compute shaders */
        d->ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x =
            dev->level >= D3D_FEATURE_LEVEL_10_0;
        return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS: {
        EXPECT(D3D11_FEATURE_DATA_D3D11_OPTIONS);
        /* Every member is an 11.1 runtime option, TRUE only where it works (logic ops are
         * refused below 11_1: seed 004 at 9_x, CreateBlendState1). */
        D3D11_FEATURE_DATA_D3D11_OPTIONS *o = data;
        bool fl11_1 = dev->level >= D3D_FEATURE_LEVEL_11_1;
        memset(data, 0, want);
        /* 11_1: ClearView of render-target and unordered-access views (context_clear_view.c) */
        o->ClearView = fl11_1;
        /* 11_1: DiscardResource / DiscardView(1) exist (validated no-ops, "the driver might
         * ignore these methods") */
        o->DiscardAPIsSeenByDriver = fl11_1;
        /* Every level: *SetConstantBuffers1 windows (context_cbuffer.c), UpdateSubresource1's
         * partial constant-buffer updates and the CopyFlags of UpdateSubresource1 /
         * CopySubresourceRegion1 (context_copy1.c) -- "the runtime emulates" them at 9_x and
         * new drivers have them from 10_0 (the methods' pages) */
        o->ConstantBufferOffsetting = TRUE;
        o->ConstantBufferPartialUpdate = TRUE;
        o->FlagsForUpdateAndCopySeenByDriver = TRUE;
        /* 11_1: Map(WRITE_NO_OVERWRITE) of dynamic constant and shader-resource buffers
         * (context_resource.c d3d11_map_no_overwrite_ok) */
        o->MapNoOverwriteOnDynamicConstantBuffer = fl11_1;
        o->MapNoOverwriteOnDynamicBufferSRV = fl11_1;
        /* 11_1: logic operations on UINT render targets (CreateBlendState1, om_blend.c);
         * "TRUE for feature level 11.1" (the structure's page), optional below: FALSE */
        o->OutputMergerLogicOp = fl11_1;
        /* 11_1: UAV-only rendering with ForcedSampleCount 1, 2, 4, 8, 16 (context_draw.c);
         * "always TRUE" at 11_1, FALSE at 11_0 */
        o->UAVOnlyRenderingForcedSampleCount = fl11_1;
        /* 11_1: ForcedSampleCount 1 with multisampled render targets (context_draw.c): the
         * page has it TRUE at 11.1 and always equal to MapNoOverwriteOnDynamicBufferSRV */
        o->MultisampleRTVWithForcedSampleCountOne = fl11_1;
        return S_OK;
    }
    case D3D11_FEATURE_ARCHITECTURE_INFO: {
        D3D11_FEATURE_DATA_ARCHITECTURE_INFO *d = data;
        EXPECT(D3D11_FEATURE_DATA_ARCHITECTURE_INFO);
        /* The renderer bins into tiles, but it does not defer whole frames the way a TBDR GPU
         * does (and DiscardResource/DiscardView are not implemented), so FALSE. */
        d->TileBasedDeferredRenderer = FALSE;
        return S_OK;
    }
    case D3D11_FEATURE_D3D9_OPTIONS: {
        D3D11_FEATURE_DATA_D3D9_OPTIONS *d = data;
        EXPECT(D3D11_FEATURE_DATA_D3D9_OPTIONS);
        d->FullNonPow2TextureSupport = profile_full_npot(dev);
        return S_OK;
    }
    case D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT: {
        D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT *d = data;
        EXPECT(D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT);
        d->PixelShaderMinPrecision = 0;   /* full 32-bit precision only */
        d->AllOtherShaderStagesMinPrecision = 0;
        return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS1: {
        D3D11_FEATURE_DATA_D3D11_OPTIONS1 *d = data;
        EXPECT(D3D11_FEATURE_DATA_D3D11_OPTIONS1);
        /* Tiled resources need 11_1 (seed 001); refused at 9_x. */
        d->TiledResourcesTier = D3D11_TILED_RESOURCES_NOT_SUPPORTED;
        d->MinMaxFiltering = FALSE;
        d->ClearViewAlsoSupportsDepthOnlyFormats = FALSE;
        d->MapOnDefaultBuffers = FALSE;
        return S_OK;
    }
    case D3D11_FEATURE_D3D9_SHADOW_SUPPORT: {
        D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT *d = data;
        EXPECT(D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT);
        /* "TRUE for hardware at Direct3D 10 and higher feature levels" (the structure's page):
         * depth formats read through their R32_FLOAT / R24_UNORM_X8 / R32_FLOAT_X8X24 views
         * with sample_c (tests/test_d3d11_fl10_formats.c).  At 9_x, a depth texture with a
         * LESS_EQUAL comparison filter: not implemented, FALSE. */
        d->SupportsDepthAsTextureWithLessEqualComparisonFilter =
            dev->level >= D3D_FEATURE_LEVEL_10_0;
        return S_OK;
    }
    case D3D11_FEATURE_D3D9_SIMPLE_INSTANCING_SUPPORT: {
        D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT *d = data;
        EXPECT(D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT);
        d->SimpleInstancingSupported = profile_instancing(dev);
        return S_OK;
    }
    case D3D11_FEATURE_MARKER_SUPPORT: {
        D3D11_FEATURE_DATA_MARKER_SUPPORT *d = data;
        EXPECT(D3D11_FEATURE_DATA_MARKER_SUPPORT);
        d->Profile = FALSE;
        return S_OK;
    }
    case D3D11_FEATURE_D3D9_OPTIONS1: {
        D3D11_FEATURE_DATA_D3D9_OPTIONS1 *d = data;
        EXPECT(D3D11_FEATURE_DATA_D3D9_OPTIONS1);
        d->FullNonPow2TextureSupported = profile_full_npot(dev);
        d->DepthAsTextureWithLessEqualComparisonFilterSupported =
            dev->level >= D3D_FEATURE_LEVEL_10_0;   /* as D3D9_SHADOW_SUPPORT above */
        d->SimpleInstancingSupported = profile_instancing(dev);
        d->TextureCubeFaceRenderTargetWithNonCubeDepthStencilSupported = FALSE;
        return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS2: {
        EXPECT(D3D11_FEATURE_DATA_D3D11_OPTIONS2);
        memset(data, 0, want);   /* all 11_x/12 features: none at 9_x */
        return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS3: {
        EXPECT(D3D11_FEATURE_DATA_D3D11_OPTIONS3);
        memset(data, 0, want);
        return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS4: {
        EXPECT(D3D11_FEATURE_DATA_D3D11_OPTIONS4);
        memset(data, 0, want);
        return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS5: {
        EXPECT(D3D11_FEATURE_DATA_D3D11_OPTIONS5);
        memset(data, 0, want);
        return S_OK;
    }
    case D3D11_FEATURE_FORMAT_SUPPORT:
    case D3D11_FEATURE_FORMAT_SUPPORT2:
        /* The per-level format table (format_support.c) answers, size rule included. */
        return d3d11_check_format_feature(dev, feature, data, size);
    default:
        d3d11_msg(dev, "CheckFeatureSupport: unknown or unsupported feature %d", (int)feature);
        return E_INVALIDARG;
    }
#undef EXPECT
}
