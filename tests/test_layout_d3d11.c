/* tests/test_layout_d3d11.c — d3d11.h against the Windows x64 ABI: structure sizes and offsets,
 * enum / constant / HRESULT values, the filter encoding macros, IIDs, vtable slot order and the
 * COBJMACROS macros.  Slot numbers count IUnknown's three methods first (QueryInterface = 0). */
#include "softd3d/windows_base.h"


#define COBJMACROS
#include "d3d11.h"

#include "harness.h"

#include <stddef.h>

#define SLOT(vtbl, method) (offsetof(vtbl, method) / sizeof(void *))
#define NSLOTS(vtbl) (sizeof(vtbl) / sizeof(void *))
#define MEMBER_SIZE(type, m) sizeof(((type *)0)->m)

static int guid_is(const GUID *g, uint32_t l, uint16_t w1, uint16_t w2, const uint8_t b[8])
{
    GUID e;
    e.Data1 = l;
    e.Data2 = w1;
    e.Data3 = w2;
    memcpy(e.Data4, b, 8);
    return IsEqualGUID(g, &e);
}
#define GUID_IS(g, l, w1, w2, ...) guid_is(&(g), l, w1, w2, (const uint8_t[8]){ __VA_ARGS__ })

/* ---- structures ---- */

TEST(layout_d3d11_input_and_viewport)
{
    CHECK_EQ(sizeof(D3D11_INPUT_ELEMENT_DESC), 32);
    CHECK_EQ(offsetof(D3D11_INPUT_ELEMENT_DESC, SemanticName), 0);
    CHECK_EQ(offsetof(D3D11_INPUT_ELEMENT_DESC, SemanticIndex), 8);
    CHECK_EQ(offsetof(D3D11_INPUT_ELEMENT_DESC, Format), 12);
    CHECK_EQ(offsetof(D3D11_INPUT_ELEMENT_DESC, InputSlot), 16);
    CHECK_EQ(offsetof(D3D11_INPUT_ELEMENT_DESC, AlignedByteOffset), 20);
    CHECK_EQ(offsetof(D3D11_INPUT_ELEMENT_DESC, InputSlotClass), 24);
    CHECK_EQ(offsetof(D3D11_INPUT_ELEMENT_DESC, InstanceDataStepRate), 28);

    CHECK_EQ(sizeof(D3D11_SO_DECLARATION_ENTRY), 24);
    CHECK_EQ(offsetof(D3D11_SO_DECLARATION_ENTRY, SemanticName), 8);
    CHECK_EQ(offsetof(D3D11_SO_DECLARATION_ENTRY, SemanticIndex), 16);
    CHECK_EQ(offsetof(D3D11_SO_DECLARATION_ENTRY, StartComponent), 20);
    CHECK_EQ(offsetof(D3D11_SO_DECLARATION_ENTRY, ComponentCount), 21);
    CHECK_EQ(offsetof(D3D11_SO_DECLARATION_ENTRY, OutputSlot), 22);

    CHECK_EQ(sizeof(D3D11_VIEWPORT), 24);
    CHECK_EQ(offsetof(D3D11_VIEWPORT, Width), 8);
    CHECK_EQ(offsetof(D3D11_VIEWPORT, MinDepth), 16);
    CHECK_EQ(offsetof(D3D11_VIEWPORT, MaxDepth), 20);

    CHECK_EQ(sizeof(D3D11_DRAW_INSTANCED_INDIRECT_ARGS), 16);
    CHECK_EQ(offsetof(D3D11_DRAW_INSTANCED_INDIRECT_ARGS, StartInstanceLocation), 12);
    CHECK_EQ(sizeof(D3D11_DRAW_INDEXED_INSTANCED_INDIRECT_ARGS), 20);
    CHECK_EQ(offsetof(D3D11_DRAW_INDEXED_INSTANCED_INDIRECT_ARGS, BaseVertexLocation), 12);
    CHECK_EQ(offsetof(D3D11_DRAW_INDEXED_INSTANCED_INDIRECT_ARGS, StartInstanceLocation), 16);

    CHECK_EQ(sizeof(D3D11_BOX), 24);
    CHECK_EQ(offsetof(D3D11_BOX, front), 8);
    CHECK_EQ(offsetof(D3D11_BOX, right), 12);
    CHECK_EQ(offsetof(D3D11_BOX, back), 20);
    CHECK_EQ(sizeof(D3D11_RECT), 16);
}

TEST(layout_d3d11_state_descs)
{
    CHECK_EQ(sizeof(D3D11_DEPTH_STENCILOP_DESC), 16);
    CHECK_EQ(offsetof(D3D11_DEPTH_STENCILOP_DESC, StencilFunc), 12);
    CHECK_EQ(sizeof(D3D11_DEPTH_STENCIL_DESC), 52);
    CHECK_EQ(offsetof(D3D11_DEPTH_STENCIL_DESC, DepthWriteMask), 4);
    CHECK_EQ(offsetof(D3D11_DEPTH_STENCIL_DESC, DepthFunc), 8);
    CHECK_EQ(offsetof(D3D11_DEPTH_STENCIL_DESC, StencilEnable), 12);
    CHECK_EQ(offsetof(D3D11_DEPTH_STENCIL_DESC, StencilReadMask), 16);
    CHECK_EQ(offsetof(D3D11_DEPTH_STENCIL_DESC, StencilWriteMask), 17);
    CHECK_EQ(offsetof(D3D11_DEPTH_STENCIL_DESC, FrontFace), 20);
    CHECK_EQ(offsetof(D3D11_DEPTH_STENCIL_DESC, BackFace), 36);

    CHECK_EQ(sizeof(D3D11_RENDER_TARGET_BLEND_DESC), 32);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_BLEND_DESC, SrcBlend), 4);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_BLEND_DESC, BlendOp), 12);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_BLEND_DESC, BlendOpAlpha), 24);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_BLEND_DESC, RenderTargetWriteMask), 28);
    CHECK_EQ(MEMBER_SIZE(D3D11_RENDER_TARGET_BLEND_DESC, RenderTargetWriteMask), 1);
    CHECK_EQ(sizeof(D3D11_BLEND_DESC), 264);
    CHECK_EQ(offsetof(D3D11_BLEND_DESC, IndependentBlendEnable), 4);
    CHECK_EQ(offsetof(D3D11_BLEND_DESC, RenderTarget), 8);
    CHECK_EQ(offsetof(D3D11_BLEND_DESC, RenderTarget[7]), 8 + 7 * 32);

    CHECK_EQ(sizeof(D3D11_RASTERIZER_DESC), 40);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC, CullMode), 4);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC, FrontCounterClockwise), 8);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC, DepthBias), 12);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC, DepthBiasClamp), 16);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC, SlopeScaledDepthBias), 20);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC, DepthClipEnable), 24);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC, ScissorEnable), 28);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC, MultisampleEnable), 32);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC, AntialiasedLineEnable), 36);

    CHECK_EQ(sizeof(D3D11_SAMPLER_DESC), 52);
    CHECK_EQ(offsetof(D3D11_SAMPLER_DESC, AddressU), 4);
    CHECK_EQ(offsetof(D3D11_SAMPLER_DESC, AddressW), 12);
    CHECK_EQ(offsetof(D3D11_SAMPLER_DESC, MipLODBias), 16);
    CHECK_EQ(offsetof(D3D11_SAMPLER_DESC, MaxAnisotropy), 20);
    CHECK_EQ(offsetof(D3D11_SAMPLER_DESC, ComparisonFunc), 24);
    CHECK_EQ(offsetof(D3D11_SAMPLER_DESC, BorderColor), 28);
    CHECK_EQ(offsetof(D3D11_SAMPLER_DESC, MinLOD), 44);
    CHECK_EQ(offsetof(D3D11_SAMPLER_DESC, MaxLOD), 48);
}

TEST(layout_d3d11_resource_descs)
{
    CHECK_EQ(sizeof(D3D11_SUBRESOURCE_DATA), 16);
    CHECK_EQ(offsetof(D3D11_SUBRESOURCE_DATA, SysMemPitch), 8);
    CHECK_EQ(offsetof(D3D11_SUBRESOURCE_DATA, SysMemSlicePitch), 12);
    CHECK_EQ(sizeof(D3D11_MAPPED_SUBRESOURCE), 16);
    CHECK_EQ(offsetof(D3D11_MAPPED_SUBRESOURCE, RowPitch), 8);
    CHECK_EQ(offsetof(D3D11_MAPPED_SUBRESOURCE, DepthPitch), 12);

    CHECK_EQ(sizeof(D3D11_BUFFER_DESC), 24);
    CHECK_EQ(offsetof(D3D11_BUFFER_DESC, Usage), 4);
    CHECK_EQ(offsetof(D3D11_BUFFER_DESC, BindFlags), 8);
    CHECK_EQ(offsetof(D3D11_BUFFER_DESC, CPUAccessFlags), 12);
    CHECK_EQ(offsetof(D3D11_BUFFER_DESC, MiscFlags), 16);
    CHECK_EQ(offsetof(D3D11_BUFFER_DESC, StructureByteStride), 20);

    CHECK_EQ(sizeof(D3D11_TEXTURE1D_DESC), 32);
    CHECK_EQ(offsetof(D3D11_TEXTURE1D_DESC, Format), 12);
    CHECK_EQ(offsetof(D3D11_TEXTURE1D_DESC, Usage), 16);
    CHECK_EQ(offsetof(D3D11_TEXTURE1D_DESC, MiscFlags), 28);

    CHECK_EQ(sizeof(D3D11_TEXTURE2D_DESC), 44);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC, Height), 4);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC, MipLevels), 8);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC, ArraySize), 12);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC, Format), 16);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC, SampleDesc), 20);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC, Usage), 28);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC, BindFlags), 32);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC, CPUAccessFlags), 36);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC, MiscFlags), 40);

    CHECK_EQ(sizeof(D3D11_TEXTURE3D_DESC), 36);
    CHECK_EQ(offsetof(D3D11_TEXTURE3D_DESC, Depth), 8);
    CHECK_EQ(offsetof(D3D11_TEXTURE3D_DESC, Format), 16);
    CHECK_EQ(offsetof(D3D11_TEXTURE3D_DESC, Usage), 20);
    CHECK_EQ(offsetof(D3D11_TEXTURE3D_DESC, MiscFlags), 32);
}

TEST(layout_d3d11_view_descs)
{
    /* Anonymous unions: both spellings of the buffer range alias. */
    CHECK_EQ(sizeof(D3D11_BUFFER_SRV), 8);
    CHECK_EQ(offsetof(D3D11_BUFFER_SRV, FirstElement), 0);
    CHECK_EQ(offsetof(D3D11_BUFFER_SRV, ElementOffset), 0);
    CHECK_EQ(offsetof(D3D11_BUFFER_SRV, NumElements), 4);
    CHECK_EQ(offsetof(D3D11_BUFFER_SRV, ElementWidth), 4);
    CHECK_EQ(sizeof(D3D11_BUFFEREX_SRV), 12);
    CHECK_EQ(sizeof(D3D11_TEXCUBE_ARRAY_SRV), 16);
    CHECK_EQ(offsetof(D3D11_TEXCUBE_ARRAY_SRV, NumCubes), 12);

    CHECK_EQ(sizeof(D3D11_SHADER_RESOURCE_VIEW_DESC), 24);
    CHECK_EQ(offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC, ViewDimension), 4);
    CHECK_EQ(offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC, Buffer), 8);
    CHECK_EQ(offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC, Texture2D), 8);
    CHECK_EQ(offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC, TextureCubeArray), 8);
    CHECK_EQ(offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC, BufferEx), 8);
    CHECK_EQ(offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC, Texture2DArray.ArraySize), 20);
    CHECK_EQ(offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC, Buffer.NumElements), 12);

    CHECK_EQ(sizeof(D3D11_RENDER_TARGET_VIEW_DESC), 20);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_VIEW_DESC, Texture2DArray), 8);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_VIEW_DESC, Texture3D.WSize), 16);

    CHECK_EQ(sizeof(D3D11_DEPTH_STENCIL_VIEW_DESC), 24);
    CHECK_EQ(offsetof(D3D11_DEPTH_STENCIL_VIEW_DESC, Flags), 8);
    CHECK_EQ(offsetof(D3D11_DEPTH_STENCIL_VIEW_DESC, Texture2D), 12);
    CHECK_EQ(offsetof(D3D11_DEPTH_STENCIL_VIEW_DESC, Texture2DArray.ArraySize), 20);

    CHECK_EQ(sizeof(D3D11_UNORDERED_ACCESS_VIEW_DESC), 20);
    CHECK_EQ(offsetof(D3D11_UNORDERED_ACCESS_VIEW_DESC, Buffer), 8);
    CHECK_EQ(offsetof(D3D11_UNORDERED_ACCESS_VIEW_DESC, Buffer.Flags), 16);
    CHECK_EQ(offsetof(D3D11_UNORDERED_ACCESS_VIEW_DESC, Texture3D.WSize), 16);

    /* Source written for Windows sets view members directly (C11 anonymous union). */
    D3D11_SHADER_RESOURCE_VIEW_DESC srv;
    memset(&srv, 0, sizeof(srv));
    srv.Texture2D.MipLevels = 5;
    CHECK_EQ(srv.TextureCube.MipLevels, 5);
    srv.Buffer.ElementWidth = 9;
    CHECK_EQ(srv.Buffer.NumElements, 9);
}

TEST(layout_d3d11_query_and_misc_structs)
{
    CHECK_EQ(sizeof(D3D11_QUERY_DESC), 8);
    CHECK_EQ(sizeof(D3D11_QUERY_DATA_TIMESTAMP_DISJOINT), 16);
    CHECK_EQ(offsetof(D3D11_QUERY_DATA_TIMESTAMP_DISJOINT, Disjoint), 8);
    CHECK_EQ(sizeof(D3D11_QUERY_DATA_PIPELINE_STATISTICS), 88);
    CHECK_EQ(offsetof(D3D11_QUERY_DATA_PIPELINE_STATISTICS, CInvocations), 40);
    CHECK_EQ(offsetof(D3D11_QUERY_DATA_PIPELINE_STATISTICS, PSInvocations), 56);
    CHECK_EQ(offsetof(D3D11_QUERY_DATA_PIPELINE_STATISTICS, CSInvocations), 80);
    CHECK_EQ(sizeof(D3D11_QUERY_DATA_SO_STATISTICS), 16);
    CHECK_EQ(sizeof(D3D11_COUNTER_DESC), 8);
    CHECK_EQ(sizeof(D3D11_COUNTER_INFO), 12);
    CHECK_EQ(offsetof(D3D11_COUNTER_INFO, NumDetectableParallelUnits), 8);
    CHECK_EQ(sizeof(D3D11_CLASS_INSTANCE_DESC), 32);
    CHECK_EQ(offsetof(D3D11_CLASS_INSTANCE_DESC, Created), 28);
}

TEST(layout_d3d11_feature_data)
{
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_THREADING), 8);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_DOUBLES), 4);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_FORMAT_SUPPORT), 8);
    CHECK_EQ(offsetof(D3D11_FEATURE_DATA_FORMAT_SUPPORT, OutFormatSupport), 4);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_FORMAT_SUPPORT2), 8);
    CHECK_EQ(offsetof(D3D11_FEATURE_DATA_FORMAT_SUPPORT2, OutFormatSupport2), 4);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS), 4);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS), 56);
    CHECK_EQ(offsetof(D3D11_FEATURE_DATA_D3D11_OPTIONS, ClearView), 16);
    CHECK_EQ(offsetof(D3D11_FEATURE_DATA_D3D11_OPTIONS, ExtendedResourceSharing), 52);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_ARCHITECTURE_INFO), 4);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_D3D9_OPTIONS), 4);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT), 4);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT), 8);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS1), 16);
    CHECK_EQ(offsetof(D3D11_FEATURE_DATA_D3D11_OPTIONS1, MinMaxFiltering), 4);
    CHECK_EQ(offsetof(D3D11_FEATURE_DATA_D3D11_OPTIONS1, MapOnDefaultBuffers), 12);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT), 4);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_MARKER_SUPPORT), 4);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_D3D9_OPTIONS1), 16);
    CHECK_EQ(offsetof(D3D11_FEATURE_DATA_D3D9_OPTIONS1, TextureCubeFaceRenderTargetWithNonCubeDepthStencilSupported), 12);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS2), 32);
    CHECK_EQ(offsetof(D3D11_FEATURE_DATA_D3D11_OPTIONS2, ConservativeRasterizationTier), 12);
    CHECK_EQ(offsetof(D3D11_FEATURE_DATA_D3D11_OPTIONS2, TiledResourcesTier), 16);
    CHECK_EQ(offsetof(D3D11_FEATURE_DATA_D3D11_OPTIONS2, UnifiedMemoryArchitecture), 28);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS3), 4);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT), 8);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_SHADER_CACHE), 4);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS4), 4);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS5), 4);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_DISPLAYABLE), 8);
    CHECK_EQ(sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS6), 4);
}

/* ---- enums, constants, HRESULTs ---- */

TEST(layout_d3d11_enums)
{
    CHECK_EQ(sizeof(D3D11_FILTER), 4);
    CHECK_EQ(sizeof(D3D11_STANDARD_MULTISAMPLE_QUALITY_LEVELS), 4);

    CHECK_EQ(D3D11_INPUT_PER_INSTANCE_DATA, 1);
    CHECK_EQ(D3D11_FILL_WIREFRAME, 2);
    CHECK_EQ(D3D11_FILL_SOLID, 3);
    CHECK_EQ(D3D11_CULL_NONE, 1);
    CHECK_EQ(D3D11_CULL_BACK, 3);
    CHECK_EQ(D3D11_RESOURCE_DIMENSION_TEXTURE3D, 4);
    CHECK_EQ(D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY, 6);
    CHECK_EQ(D3D11_RTV_DIMENSION_TEXTURE3D, 8);
    CHECK_EQ(D3D11_UAV_DIMENSION_TEXTURE2DARRAY, 5);
    CHECK_EQ(D3D11_UAV_DIMENSION_TEXTURE3D, 8);
    CHECK_EQ(D3D11_SRV_DIMENSION_TEXTURECUBEARRAY, 10);
    CHECK_EQ(D3D11_SRV_DIMENSION_BUFFEREX, 11);
    CHECK_EQ(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST, 4);
    CHECK_EQ(D3D11_USAGE_STAGING, 3);

    CHECK_EQ(D3D11_BIND_SHADER_RESOURCE, 0x8);
    CHECK_EQ(D3D11_BIND_RENDER_TARGET, 0x20);
    CHECK_EQ(D3D11_BIND_DEPTH_STENCIL, 0x40);
    CHECK_EQ(D3D11_BIND_UNORDERED_ACCESS, 0x80);
    CHECK_EQ(D3D11_BIND_DECODER, 0x200);
    CHECK_EQ(D3D11_BIND_VIDEO_ENCODER, 0x400);
    CHECK_EQ(D3D11_CPU_ACCESS_WRITE, 0x10000);
    CHECK_EQ(D3D11_CPU_ACCESS_READ, 0x20000);

    CHECK_EQ(D3D11_RESOURCE_MISC_TEXTURECUBE, 0x4);
    CHECK_EQ(D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS, 0x10);
    CHECK_EQ(D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 0x40);
    CHECK_EQ(D3D11_RESOURCE_MISC_SHARED_NTHANDLE, 0x800);
    CHECK_EQ(D3D11_RESOURCE_MISC_GUARDED, 0x8000);
    CHECK_EQ(D3D11_RESOURCE_MISC_TILE_POOL, 0x20000);
    CHECK_EQ(D3D11_RESOURCE_MISC_TILED, 0x40000);
    CHECK_EQ(D3D11_RESOURCE_MISC_HW_PROTECTED, 0x80000);
    CHECK_EQ(D3D11_RESOURCE_MISC_SHARED_DISPLAYABLE, 0x100000);
    CHECK_EQ(D3D11_RESOURCE_MISC_SHARED_EXCLUSIVE_WRITER, 0x200000);
    CHECK_EQ(D3D11_RESOURCE_MISC_NO_SHADER_ACCESS, 0x400000);

    CHECK_EQ(D3D11_MAP_WRITE_DISCARD, 4);
    CHECK_EQ(D3D11_MAP_WRITE_NO_OVERWRITE, 5);
    CHECK_EQ(D3D11_MAP_FLAG_DO_NOT_WAIT, 0x100000);
    CHECK_EQ(D3D11_CLEAR_STENCIL, 2);
    CHECK_EQ(D3D11_COMPARISON_NEVER, 1);
    CHECK_EQ(D3D11_COMPARISON_ALWAYS, 8);
    CHECK_EQ(D3D11_STENCIL_OP_DECR, 8);
    CHECK_EQ(D3D11_BLEND_SRC_ALPHA_SAT, 11);
    CHECK_EQ(D3D11_BLEND_BLEND_FACTOR, 14);
    CHECK_EQ(D3D11_BLEND_INV_SRC1_ALPHA, 19);
    CHECK_EQ(D3D11_BLEND_OP_MAX, 5);
    CHECK_EQ(D3D11_COLOR_WRITE_ENABLE_ALL, 15);
    CHECK_EQ(D3D11_TEXTURECUBE_FACE_NEGATIVE_Z, 5);
    CHECK_EQ(D3D11_BUFFEREX_SRV_FLAG_RAW, 1);
    CHECK_EQ(D3D11_DSV_READ_ONLY_STENCIL, 2);
    CHECK_EQ(D3D11_BUFFER_UAV_FLAG_COUNTER, 4);
    CHECK_EQ(D3D11_TEXTURE_ADDRESS_MIRROR_ONCE, 5);

    CHECK_EQ(D3D11_FORMAT_SUPPORT_TEXTURE2D, 0x20);
    CHECK_EQ(D3D11_FORMAT_SUPPORT_RENDER_TARGET, 0x4000);
    CHECK_EQ(D3D11_FORMAT_SUPPORT_DEPTH_STENCIL, 0x10000);
    CHECK_EQ(D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET, 0x200000);
    CHECK_EQ(D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW, 0x2000000);
    CHECK_EQ(D3D11_FORMAT_SUPPORT_VIDEO_ENCODER, 0x40000000);
    CHECK_EQ(D3D11_FORMAT_SUPPORT2_UAV_TYPED_STORE, 0x80);
    CHECK_EQ(D3D11_FORMAT_SUPPORT2_TILED, 0x200);
    CHECK_EQ(D3D11_FORMAT_SUPPORT2_MULTIPLANE_OVERLAY, 0x4000);
    CHECK_EQ(D3D11_FORMAT_SUPPORT2_DISPLAYABLE, 0x10000);

    CHECK_EQ(D3D11_ASYNC_GETDATA_DONOTFLUSH, 1);
    CHECK_EQ(D3D11_QUERY_PIPELINE_STATISTICS, 4);
    CHECK_EQ(D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3, 15);
    CHECK_EQ(D3D11_COUNTER_DEVICE_DEPENDENT_0, 0x40000000);
    CHECK_EQ(D3D11_COUNTER_TYPE_UINT64, 3);
    CHECK_EQ((UINT)D3D11_STANDARD_MULTISAMPLE_PATTERN, 0xffffffffu);
    CHECK_EQ((UINT)D3D11_CENTER_MULTISAMPLE_PATTERN, 0xfffffffeu);
    CHECK_EQ(D3D11_DEVICE_CONTEXT_DEFERRED, 1);

    CHECK_EQ(D3D11_FEATURE_THREADING, 0);
    CHECK_EQ(D3D11_FEATURE_D3D11_OPTIONS, 5);
    CHECK_EQ(D3D11_FEATURE_D3D9_OPTIONS, 7);
    CHECK_EQ(D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT, 8);
    CHECK_EQ(D3D11_FEATURE_D3D9_SHADOW_SUPPORT, 9);
    CHECK_EQ(D3D11_FEATURE_D3D11_OPTIONS1, 10);
    CHECK_EQ(D3D11_FEATURE_D3D9_SIMPLE_INSTANCING_SUPPORT, 11);
    CHECK_EQ(D3D11_FEATURE_D3D9_OPTIONS1, 13);
    CHECK_EQ(D3D11_FEATURE_D3D11_OPTIONS2, 14);
    CHECK_EQ(D3D11_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT, 16);
    CHECK_EQ(D3D11_FEATURE_D3D11_OPTIONS4, 17);
    CHECK_EQ(D3D11_FEATURE_SHADER_CACHE, 18);
    CHECK_EQ(D3D11_FEATURE_D3D11_OPTIONS5, 19);
    CHECK_EQ(D3D11_FEATURE_DISPLAYABLE, 20);
    CHECK_EQ(D3D11_FEATURE_D3D11_OPTIONS6, 21);
    CHECK_EQ(D3D11_SHADER_MIN_PRECISION_16_BIT, 2);
    CHECK_EQ(D3D11_TILED_RESOURCES_TIER_2, 2);
    CHECK_EQ(D3D11_CONSERVATIVE_RASTERIZATION_TIER_3, 3);
    CHECK_EQ(D3D11_SHADER_CACHE_SUPPORT_AUTOMATIC_DISK_CACHE, 2);
    CHECK_EQ(D3D11_SHARED_RESOURCE_TIER_3, 3);

    CHECK_EQ(D3D11_CREATE_DEVICE_SINGLETHREADED, 0x1);
    CHECK_EQ(D3D11_CREATE_DEVICE_DEBUG, 0x2);
    CHECK_EQ(D3D11_CREATE_DEVICE_BGRA_SUPPORT, 0x20);
    CHECK_EQ(D3D11_CREATE_DEVICE_DISABLE_GPU_TIMEOUT, 0x100);
    CHECK_EQ(D3D11_CREATE_DEVICE_VIDEO_SUPPORT, 0x800);
}

TEST(layout_d3d11_filters)
{
    CHECK_EQ(D3D11_FILTER_MIN_MAG_MIP_POINT, 0);
    CHECK_EQ(D3D11_FILTER_MIN_POINT_MAG_LINEAR_MIP_POINT, 0x4);
    CHECK_EQ(D3D11_FILTER_MIN_LINEAR_MAG_MIP_POINT, 0x10);
    CHECK_EQ(D3D11_FILTER_MIN_MAG_MIP_LINEAR, 0x15);
    CHECK_EQ(D3D11_FILTER_ANISOTROPIC, 0x55);
    CHECK_EQ(D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT, 0x80);
    CHECK_EQ(D3D11_FILTER_COMPARISON_ANISOTROPIC, 0xd5);
    CHECK_EQ(D3D11_FILTER_MINIMUM_MIN_MAG_MIP_POINT, 0x100);
    CHECK_EQ(D3D11_FILTER_MINIMUM_ANISOTROPIC, 0x155);
    CHECK_EQ(D3D11_FILTER_MAXIMUM_MIN_MAG_MIP_POINT, 0x180);
    CHECK_EQ(D3D11_FILTER_MAXIMUM_MIN_LINEAR_MAG_POINT_MIP_LINEAR, 0x191);
    CHECK_EQ(D3D11_FILTER_MAXIMUM_ANISOTROPIC, 0x1d5);

    CHECK_EQ(D3D11_ENCODE_BASIC_FILTER(D3D11_FILTER_TYPE_LINEAR, D3D11_FILTER_TYPE_LINEAR,
                                       D3D11_FILTER_TYPE_LINEAR, D3D11_FILTER_REDUCTION_TYPE_STANDARD),
             D3D11_FILTER_MIN_MAG_MIP_LINEAR);
    CHECK_EQ(D3D11_ENCODE_BASIC_FILTER(D3D11_FILTER_TYPE_POINT, D3D11_FILTER_TYPE_LINEAR,
                                       D3D11_FILTER_TYPE_POINT, D3D11_FILTER_REDUCTION_TYPE_MINIMUM),
             D3D11_FILTER_MINIMUM_MIN_POINT_MAG_LINEAR_MIP_POINT);
    CHECK_EQ(D3D11_ENCODE_BASIC_FILTER(D3D11_FILTER_TYPE_LINEAR, D3D11_FILTER_TYPE_POINT,
                                       D3D11_FILTER_TYPE_LINEAR, D3D11_FILTER_REDUCTION_TYPE_COMPARISON),
             D3D11_FILTER_COMPARISON_MIN_LINEAR_MAG_POINT_MIP_LINEAR);
    CHECK_EQ(D3D11_ENCODE_ANISOTROPIC_FILTER(D3D11_FILTER_REDUCTION_TYPE_STANDARD), D3D11_FILTER_ANISOTROPIC);
    CHECK_EQ(D3D11_ENCODE_ANISOTROPIC_FILTER(D3D11_FILTER_REDUCTION_TYPE_COMPARISON),
             D3D11_FILTER_COMPARISON_ANISOTROPIC);
    CHECK_EQ(D3D11_ENCODE_ANISOTROPIC_FILTER(D3D11_FILTER_REDUCTION_TYPE_MAXIMUM), D3D11_FILTER_MAXIMUM_ANISOTROPIC);

    CHECK_EQ(D3D11_DECODE_MIN_FILTER(D3D11_FILTER_MIN_LINEAR_MAG_MIP_POINT), D3D11_FILTER_TYPE_LINEAR);
    CHECK_EQ(D3D11_DECODE_MAG_FILTER(D3D11_FILTER_MIN_LINEAR_MAG_MIP_POINT), D3D11_FILTER_TYPE_POINT);
    CHECK_EQ(D3D11_DECODE_MIP_FILTER(D3D11_FILTER_MIN_MAG_POINT_MIP_LINEAR), D3D11_FILTER_TYPE_LINEAR);
    CHECK_EQ(D3D11_DECODE_FILTER_REDUCTION(D3D11_FILTER_MAXIMUM_MIN_MAG_MIP_POINT),
             D3D11_FILTER_REDUCTION_TYPE_MAXIMUM);
    CHECK(D3D11_DECODE_IS_COMPARISON_FILTER(D3D11_FILTER_COMPARISON_MIN_MAG_LINEAR_MIP_POINT));
    CHECK(!D3D11_DECODE_IS_COMPARISON_FILTER(D3D11_FILTER_MINIMUM_MIN_MAG_LINEAR_MIP_POINT));
    CHECK(D3D11_DECODE_IS_ANISOTROPIC_FILTER(D3D11_FILTER_MINIMUM_ANISOTROPIC));
    CHECK(!D3D11_DECODE_IS_ANISOTROPIC_FILTER(D3D11_FILTER_MIN_MAG_MIP_LINEAR));

    /* Every basic filter decodes and re-encodes to itself. */
    for (unsigned f = 0; f < 0x200; f++) {
        if (f & D3D11_ANISOTROPIC_FILTERING_BIT || (f & 0x0a))
            continue; /* only bit 0 of each 2-bit type field is used */
        D3D11_FILTER back = D3D11_ENCODE_BASIC_FILTER(D3D11_DECODE_MIN_FILTER(f), D3D11_DECODE_MAG_FILTER(f),
                                                      D3D11_DECODE_MIP_FILTER(f), D3D11_DECODE_FILTER_REDUCTION(f));
        CHECK_EQ(back, f);
    }
    /* A switch over filter values needs integer constant expressions. */
    switch ((int)D3D11_FILTER_ANISOTROPIC) {
    case D3D11_ENCODE_ANISOTROPIC_FILTER(D3D11_FILTER_REDUCTION_TYPE_STANDARD):
        break;
    default:
        CHECK(!"encoding macro is not a constant expression matching ANISOTROPIC");
    }
}

TEST(layout_d3d11_constants)
{
    CHECK_EQ(D3D11_SDK_VERSION, 7);
    CHECK_EQ(D3D11_MAJOR_VERSION, 11);
    CHECK_EQ(D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT, 8);
    CHECK_EQ(D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE, 16);
    CHECK_EQ(D3D11_VIEWPORT_AND_SCISSORRECT_MAX_INDEX, 15);
    CHECK_EQ(D3D11_VIEWPORT_BOUNDS_MIN, -32768);
    CHECK_EQ(D3D11_REQ_TEXTURE2D_U_OR_V_DIMENSION, 16384);
    CHECK_EQ(D3D11_REQ_TEXTURE3D_U_V_OR_W_DIMENSION, 2048);
    CHECK_EQ(D3D11_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION, 2048);
    CHECK_EQ(D3D11_REQ_MIP_LEVELS, 15);
    CHECK_EQ(D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT, 4096);
    CHECK_EQ(D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_C_TERM, 2048);
    CHECK_EQ(D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT, 32);
    CHECK_EQ(D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT, 14);
    CHECK_EQ(D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT, 128);
    CHECK_EQ(D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT, 16);
    CHECK_EQ(D3D11_COMMONSHADER_TEXEL_OFFSET_MAX_NEGATIVE, -8);
    CHECK_EQ(D3D11_PS_CS_UAV_REGISTER_COUNT, 8);
    CHECK_EQ(D3D11_1_UAV_SLOT_COUNT, 64);
    CHECK_EQ(D3D11_2_TILED_RESOURCE_TILE_SIZE_IN_BYTES, 65536);
    CHECK_EQ(D3D11_SO_BUFFER_SLOT_COUNT, 4);
    CHECK_EQ(D3D11_CS_THREAD_GROUP_MAX_THREADS_PER_GROUP, 1024);
    CHECK_EQ(D3D11_CS_4_X_BUCKET15_MAX_NUM_THREADS_PER_GROUP, 768);
    CHECK_EQ(D3D11_DEFAULT_STENCIL_READ_MASK, 0xff);
    CHECK_EQ(D3D11_DEFAULT_SAMPLE_MASK, 0xffffffffu);
    CHECK_EQ(D3D11_DEFAULT_MAX_ANISOTROPY, 16);
    CHECK_EQ(D3D11_APPEND_ALIGNED_ELEMENT, 0xffffffffu);
    CHECK_EQ(D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL, 0xffffffffu);
    CHECK_EQ(D3D11_KEEP_UNORDERED_ACCESS_VIEWS, 0xffffffffu);
    CHECK_EQ(D3D11_16BIT_INDEX_STRIP_CUT_VALUE, 0xffff);
    CHECK_EQ(D3D11_SO_NO_RASTERIZED_STREAM, 0xffffffffu);
    CHECK(D3D11_FLOAT32_MAX == 3.402823466e+38f);
    CHECK(D3D11_DEFAULT_BLEND_FACTOR_ALPHA == 1.0f);
    CHECK(D3D11_MIP_LOD_BIAS_MAX == 15.99f);
    CHECK(D3D11_MIP_LOD_BIAS_MIN == -16.0f);
    CHECK(D3D11_MAX_DEPTH == 1.0f);

    CHECK_HR(D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS, 0x887C0001u);
    CHECK_HR(D3D11_ERROR_FILE_NOT_FOUND, 0x887C0002u);
    CHECK_HR(D3D11_ERROR_TOO_MANY_UNIQUE_VIEW_OBJECTS, 0x887C0003u);
    CHECK_HR(D3D11_ERROR_DEFERRED_CONTEXT_MAP_WITHOUT_INITIAL_DISCARD, 0x887C0004u);
    CHECK_HR(MAKE_D3D11_HRESULT(2), D3D11_ERROR_FILE_NOT_FOUND);
    CHECK(FAILED(D3D11_ERROR_FILE_NOT_FOUND));
}

/* ---- IIDs ---- */

TEST(layout_d3d11_iids)
{
    CHECK(GUID_IS(IID_ID3D11DeviceChild, 0x1841e5c8, 0x16b0, 0x489b, 0xbc, 0xc8, 0x44, 0xcf, 0xb0, 0xd5, 0xde, 0xae));
    CHECK(GUID_IS(IID_ID3D11DepthStencilState, 0x03823efb, 0x8d8f, 0x4e1c, 0x9a, 0xa2, 0xf6, 0x4b, 0xb2, 0xcb, 0xfd, 0xf1));
    CHECK(GUID_IS(IID_ID3D11BlendState, 0x75b68faa, 0x347d, 0x4159, 0x8f, 0x45, 0xa0, 0x64, 0x0f, 0x01, 0xcd, 0x9a));
    CHECK(GUID_IS(IID_ID3D11RasterizerState, 0x9bb4ab81, 0xab1a, 0x4d8f, 0xb5, 0x06, 0xfc, 0x04, 0x20, 0x0b, 0x6e, 0xe7));
    CHECK(GUID_IS(IID_ID3D11Resource, 0xdc8e63f3, 0xd12b, 0x4952, 0xb4, 0x7b, 0x5e, 0x45, 0x02, 0x6a, 0x86, 0x2d));
    CHECK(GUID_IS(IID_ID3D11Buffer, 0x48570b85, 0xd1ee, 0x4fcd, 0xa2, 0x50, 0xeb, 0x35, 0x07, 0x22, 0xb0, 0x37));
    CHECK(GUID_IS(IID_ID3D11Texture1D, 0xf8fb5c27, 0xc6b3, 0x4f75, 0xa4, 0xc8, 0x43, 0x9a, 0xf2, 0xef, 0x56, 0x4c));
    CHECK(GUID_IS(IID_ID3D11Texture2D, 0x6f15aaf2, 0xd208, 0x4e89, 0x9a, 0xb4, 0x48, 0x95, 0x35, 0xd3, 0x4f, 0x9c));
    CHECK(GUID_IS(IID_ID3D11Texture3D, 0x037e866e, 0xf56d, 0x4357, 0xa8, 0xaf, 0x9d, 0xab, 0xbe, 0x6e, 0x25, 0x0e));
    CHECK(GUID_IS(IID_ID3D11View, 0x839d1216, 0xbb2e, 0x412b, 0xb7, 0xf4, 0xa9, 0xdb, 0xeb, 0xe0, 0x8e, 0xd1));
    CHECK(GUID_IS(IID_ID3D11ShaderResourceView, 0xb0e06fe0, 0x8192, 0x4e1a, 0xb1, 0xca, 0x36, 0xd7, 0x41, 0x47, 0x10, 0xb2));
    CHECK(GUID_IS(IID_ID3D11RenderTargetView, 0xdfdba067, 0x0b8d, 0x4865, 0x87, 0x5b, 0xd7, 0xb4, 0x51, 0x6c, 0xc1, 0x64));
    CHECK(GUID_IS(IID_ID3D11DepthStencilView, 0x9fdac92a, 0x1876, 0x48c3, 0xaf, 0xad, 0x25, 0xb9, 0x4f, 0x84, 0xa9, 0xb6));
    CHECK(GUID_IS(IID_ID3D11UnorderedAccessView, 0x28acf509, 0x7f5c, 0x48f6, 0x86, 0x11, 0xf3, 0x16, 0x01, 0x0a, 0x63, 0x80));
    CHECK(GUID_IS(IID_ID3D11VertexShader, 0x3b301d64, 0xd678, 0x4289, 0x88, 0x97, 0x22, 0xf8, 0x92, 0x8b, 0x72, 0xf3));
    CHECK(GUID_IS(IID_ID3D11HullShader, 0x8e5c6061, 0x628a, 0x4c8e, 0x82, 0x64, 0xbb, 0xe4, 0x5c, 0xb3, 0xd5, 0xdd));
    CHECK(GUID_IS(IID_ID3D11DomainShader, 0xf582c508, 0x0f36, 0x490c, 0x99, 0x77, 0x31, 0xee, 0xce, 0x26, 0x8c, 0xfa));
    CHECK(GUID_IS(IID_ID3D11GeometryShader, 0x38325b96, 0xeffb, 0x4022, 0xba, 0x02, 0x2e, 0x79, 0x5b, 0x70, 0x27, 0x5c));
    CHECK(GUID_IS(IID_ID3D11PixelShader, 0xea82e40d, 0x51dc, 0x4f33, 0x93, 0xd4, 0xdb, 0x7c, 0x91, 0x25, 0xae, 0x8c));
    CHECK(GUID_IS(IID_ID3D11ComputeShader, 0x4f5b196e, 0xc2bd, 0x495e, 0xbd, 0x01, 0x1f, 0xde, 0xd3, 0x8e, 0x49, 0x69));
    CHECK(GUID_IS(IID_ID3D11InputLayout, 0xe4819ddc, 0x4cf0, 0x4025, 0xbd, 0x26, 0x5d, 0xe8, 0x2a, 0x3e, 0x07, 0xb7));
    CHECK(GUID_IS(IID_ID3D11SamplerState, 0xda6fea51, 0x564c, 0x4487, 0x98, 0x10, 0xf0, 0xd0, 0xf9, 0xb4, 0xe3, 0xa5));
    CHECK(GUID_IS(IID_ID3D11Asynchronous, 0x4b35d0cd, 0x1e15, 0x4258, 0x9c, 0x98, 0x1b, 0x13, 0x33, 0xf6, 0xdd, 0x3b));
    CHECK(GUID_IS(IID_ID3D11Query, 0xd6c00747, 0x87b7, 0x425e, 0xb8, 0x4d, 0x44, 0xd1, 0x08, 0x56, 0x0a, 0xfd));
    CHECK(GUID_IS(IID_ID3D11Predicate, 0x9eb576dd, 0x9f77, 0x4d86, 0x81, 0xaa, 0x8b, 0xab, 0x5f, 0xe4, 0x90, 0xe2));
    CHECK(GUID_IS(IID_ID3D11Counter, 0x6e8c49fb, 0xa371, 0x4770, 0xb4, 0x40, 0x29, 0x08, 0x60, 0x22, 0xb7, 0x41));
    CHECK(GUID_IS(IID_ID3D11ClassInstance, 0xa6cd7faa, 0xb0b7, 0x4a2f, 0x94, 0x36, 0x86, 0x62, 0xa6, 0x57, 0x97, 0xcb));
    CHECK(GUID_IS(IID_ID3D11ClassLinkage, 0xddf57cba, 0x9543, 0x46e4, 0xa1, 0x2b, 0xf2, 0x07, 0xa0, 0xfe, 0x7f, 0xed));
    CHECK(GUID_IS(IID_ID3D11CommandList, 0xa24bc4d1, 0x769e, 0x43f7, 0x80, 0x13, 0x98, 0xff, 0x56, 0x6c, 0x18, 0xe2));
    CHECK(GUID_IS(IID_ID3D11DeviceContext, 0xc0bfa96c, 0xe089, 0x44fb, 0x8e, 0xaf, 0x26, 0xf8, 0x79, 0x61, 0x90, 0xda));
    CHECK(GUID_IS(IID_ID3D11Device, 0xdb6f6ddb, 0xac77, 0x4e88, 0x82, 0x53, 0x81, 0x9d, 0xf9, 0xbb, 0xf1, 0x40));
}

/* ---- vtables ---- */

TEST(layout_d3d11_vtable_small_interfaces)
{
    CHECK_EQ(SLOT(ID3D11DeviceChildVtbl, GetDevice), 3);
    CHECK_EQ(SLOT(ID3D11DeviceChildVtbl, GetPrivateData), 4);
    CHECK_EQ(SLOT(ID3D11DeviceChildVtbl, SetPrivateData), 5);
    CHECK_EQ(SLOT(ID3D11DeviceChildVtbl, SetPrivateDataInterface), 6);
    CHECK_EQ(NSLOTS(ID3D11DeviceChildVtbl), 7);

    CHECK_EQ(SLOT(ID3D11DepthStencilStateVtbl, GetDesc), 7);
    CHECK_EQ(SLOT(ID3D11BlendStateVtbl, GetDesc), 7);
    CHECK_EQ(SLOT(ID3D11RasterizerStateVtbl, GetDesc), 7);
    CHECK_EQ(SLOT(ID3D11SamplerStateVtbl, GetDesc), 7);
    CHECK_EQ(NSLOTS(ID3D11SamplerStateVtbl), 8);

    CHECK_EQ(SLOT(ID3D11ResourceVtbl, GetType), 7);
    CHECK_EQ(SLOT(ID3D11ResourceVtbl, SetEvictionPriority), 8);
    CHECK_EQ(SLOT(ID3D11ResourceVtbl, GetEvictionPriority), 9);
    CHECK_EQ(SLOT(ID3D11BufferVtbl, GetDesc), 10);
    CHECK_EQ(SLOT(ID3D11Texture1DVtbl, GetDesc), 10);
    CHECK_EQ(SLOT(ID3D11Texture2DVtbl, GetDesc), 10);
    CHECK_EQ(SLOT(ID3D11Texture3DVtbl, GetDesc), 10);
    CHECK_EQ(NSLOTS(ID3D11Texture2DVtbl), 11);

    CHECK_EQ(SLOT(ID3D11ViewVtbl, GetResource), 7);
    CHECK_EQ(SLOT(ID3D11ShaderResourceViewVtbl, GetDesc), 8);
    CHECK_EQ(SLOT(ID3D11RenderTargetViewVtbl, GetDesc), 8);
    CHECK_EQ(SLOT(ID3D11DepthStencilViewVtbl, GetDesc), 8);
    CHECK_EQ(SLOT(ID3D11UnorderedAccessViewVtbl, GetDesc), 8);
    CHECK_EQ(NSLOTS(ID3D11UnorderedAccessViewVtbl), 9);

    CHECK_EQ(NSLOTS(ID3D11VertexShaderVtbl), 7);
    CHECK_EQ(NSLOTS(ID3D11HullShaderVtbl), 7);
    CHECK_EQ(NSLOTS(ID3D11DomainShaderVtbl), 7);
    CHECK_EQ(NSLOTS(ID3D11GeometryShaderVtbl), 7);
    CHECK_EQ(NSLOTS(ID3D11PixelShaderVtbl), 7);
    CHECK_EQ(NSLOTS(ID3D11ComputeShaderVtbl), 7);
    CHECK_EQ(NSLOTS(ID3D11InputLayoutVtbl), 7);

    CHECK_EQ(SLOT(ID3D11AsynchronousVtbl, GetDataSize), 7);
    CHECK_EQ(SLOT(ID3D11QueryVtbl, GetDesc), 8);
    CHECK_EQ(SLOT(ID3D11PredicateVtbl, GetDesc), 8);
    CHECK_EQ(NSLOTS(ID3D11PredicateVtbl), 9);
    CHECK_EQ(SLOT(ID3D11CounterVtbl, GetDesc), 8);

    CHECK_EQ(SLOT(ID3D11ClassInstanceVtbl, GetClassLinkage), 7);
    CHECK_EQ(SLOT(ID3D11ClassInstanceVtbl, GetDesc), 8);
    CHECK_EQ(SLOT(ID3D11ClassInstanceVtbl, GetInstanceName), 9);
    CHECK_EQ(SLOT(ID3D11ClassInstanceVtbl, GetTypeName), 10);
    CHECK_EQ(SLOT(ID3D11ClassLinkageVtbl, GetClassInstance), 7);
    CHECK_EQ(SLOT(ID3D11ClassLinkageVtbl, CreateClassInstance), 8);
    CHECK_EQ(SLOT(ID3D11CommandListVtbl, GetContextFlags), 7);
    CHECK_EQ(NSLOTS(ID3D11CommandListVtbl), 8);
}

struct slot_name {
    size_t offset;
    const char *name;
};

/* Checks that the listed methods occupy consecutive slots starting at `first`. */
static void check_slot_sequence(const char *iface, const struct slot_name *s, int n, int first)
{
    for (int i = 0; i < n; i++) {
        if (s[i].offset / sizeof(void *) != (size_t)(first + i))
            harness_fail(__FILE__, __LINE__, "%s::%s is in slot %zu, expected %d", iface, s[i].name,
                         s[i].offset / sizeof(void *), first + i);
    }
}

#define CTX(m) { offsetof(ID3D11DeviceContextVtbl, m), #m }
static const struct slot_name context_methods[] = {
    CTX(VSSetConstantBuffers), CTX(PSSetShaderResources), CTX(PSSetShader), CTX(PSSetSamplers),
    CTX(VSSetShader), CTX(DrawIndexed), CTX(Draw), CTX(Map), CTX(Unmap), CTX(PSSetConstantBuffers),
    CTX(IASetInputLayout), CTX(IASetVertexBuffers), CTX(IASetIndexBuffer), CTX(DrawIndexedInstanced),
    CTX(DrawInstanced), CTX(GSSetConstantBuffers), CTX(GSSetShader), CTX(IASetPrimitiveTopology),
    CTX(VSSetShaderResources), CTX(VSSetSamplers), CTX(Begin), CTX(End), CTX(GetData), CTX(SetPredication),
    CTX(GSSetShaderResources), CTX(GSSetSamplers), CTX(OMSetRenderTargets),
    CTX(OMSetRenderTargetsAndUnorderedAccessViews), CTX(OMSetBlendState), CTX(OMSetDepthStencilState),
    CTX(SOSetTargets), CTX(DrawAuto), CTX(DrawIndexedInstancedIndirect), CTX(DrawInstancedIndirect),
    CTX(Dispatch), CTX(DispatchIndirect), CTX(RSSetState), CTX(RSSetViewports), CTX(RSSetScissorRects),
    CTX(CopySubresourceRegion), CTX(CopyResource), CTX(UpdateSubresource), CTX(CopyStructureCount),
    CTX(ClearRenderTargetView), CTX(ClearUnorderedAccessViewUint), CTX(ClearUnorderedAccessViewFloat),
    CTX(ClearDepthStencilView), CTX(GenerateMips), CTX(SetResourceMinLOD), CTX(GetResourceMinLOD),
    CTX(ResolveSubresource), CTX(ExecuteCommandList), CTX(HSSetShaderResources), CTX(HSSetShader),
    CTX(HSSetSamplers), CTX(HSSetConstantBuffers), CTX(DSSetShaderResources), CTX(DSSetShader),
    CTX(DSSetSamplers), CTX(DSSetConstantBuffers), CTX(CSSetShaderResources), CTX(CSSetUnorderedAccessViews),
    CTX(CSSetShader), CTX(CSSetSamplers), CTX(CSSetConstantBuffers), CTX(VSGetConstantBuffers),
    CTX(PSGetShaderResources), CTX(PSGetShader), CTX(PSGetSamplers), CTX(VSGetShader),
    CTX(PSGetConstantBuffers), CTX(IAGetInputLayout), CTX(IAGetVertexBuffers), CTX(IAGetIndexBuffer),
    CTX(GSGetConstantBuffers), CTX(GSGetShader), CTX(IAGetPrimitiveTopology), CTX(VSGetShaderResources),
    CTX(VSGetSamplers), CTX(GetPredication), CTX(GSGetShaderResources), CTX(GSGetSamplers),
    CTX(OMGetRenderTargets), CTX(OMGetRenderTargetsAndUnorderedAccessViews), CTX(OMGetBlendState),
    CTX(OMGetDepthStencilState), CTX(SOGetTargets), CTX(RSGetState), CTX(RSGetViewports),
    CTX(RSGetScissorRects), CTX(HSGetShaderResources), CTX(HSGetShader), CTX(HSGetSamplers),
    CTX(HSGetConstantBuffers), CTX(DSGetShaderResources), CTX(DSGetShader), CTX(DSGetSamplers),
    CTX(DSGetConstantBuffers), CTX(CSGetShaderResources), CTX(CSGetUnorderedAccessViews), CTX(CSGetShader),
    CTX(CSGetSamplers), CTX(CSGetConstantBuffers), CTX(ClearState), CTX(Flush), CTX(GetType),
    CTX(GetContextFlags), CTX(FinishCommandList),
};

#define DEV(m) { offsetof(ID3D11DeviceVtbl, m), #m }
static const struct slot_name device_methods[] = {
    DEV(CreateBuffer), DEV(CreateTexture1D), DEV(CreateTexture2D), DEV(CreateTexture3D),
    DEV(CreateShaderResourceView), DEV(CreateUnorderedAccessView), DEV(CreateRenderTargetView),
    DEV(CreateDepthStencilView), DEV(CreateInputLayout), DEV(CreateVertexShader), DEV(CreateGeometryShader),
    DEV(CreateGeometryShaderWithStreamOutput), DEV(CreatePixelShader), DEV(CreateHullShader),
    DEV(CreateDomainShader), DEV(CreateComputeShader), DEV(CreateClassLinkage), DEV(CreateBlendState),
    DEV(CreateDepthStencilState), DEV(CreateRasterizerState), DEV(CreateSamplerState), DEV(CreateQuery),
    DEV(CreatePredicate), DEV(CreateCounter), DEV(CreateDeferredContext), DEV(OpenSharedResource),
    DEV(CheckFormatSupport), DEV(CheckMultisampleQualityLevels), DEV(CheckCounterInfo), DEV(CheckCounter),
    DEV(CheckFeatureSupport), DEV(GetPrivateData), DEV(SetPrivateData), DEV(SetPrivateDataInterface),
    DEV(GetFeatureLevel), DEV(GetCreationFlags), DEV(GetDeviceRemovedReason), DEV(GetImmediateContext),
    DEV(SetExceptionMode), DEV(GetExceptionMode),
};

TEST(layout_d3d11_vtable_device_context)
{
    int n = (int)(sizeof(context_methods) / sizeof(context_methods[0]));
    CHECK_EQ(n, 108);
    check_slot_sequence("ID3D11DeviceContext", context_methods, n, 7);
    CHECK_EQ(NSLOTS(ID3D11DeviceContextVtbl), 115);
    CHECK_EQ(SLOT(ID3D11DeviceContextVtbl, GetDevice), 3);
    CHECK_EQ(SLOT(ID3D11DeviceContextVtbl, VSSetConstantBuffers), 7);
    CHECK_EQ(SLOT(ID3D11DeviceContextVtbl, Draw), 13);
    CHECK_EQ(SLOT(ID3D11DeviceContextVtbl, Map), 14);
    CHECK_EQ(SLOT(ID3D11DeviceContextVtbl, IASetVertexBuffers), 18);
    CHECK_EQ(SLOT(ID3D11DeviceContextVtbl, OMSetRenderTargets), 33);
    CHECK_EQ(SLOT(ID3D11DeviceContextVtbl, RSSetViewports), 44);
    CHECK_EQ(SLOT(ID3D11DeviceContextVtbl, ClearRenderTargetView), 50);
    CHECK_EQ(SLOT(ID3D11DeviceContextVtbl, ClearDepthStencilView), 53);
    CHECK_EQ(SLOT(ID3D11DeviceContextVtbl, ExecuteCommandList), 58);
    CHECK_EQ(SLOT(ID3D11DeviceContextVtbl, VSGetConstantBuffers), 72);
    CHECK_EQ(SLOT(ID3D11DeviceContextVtbl, ClearState), 110);
    CHECK_EQ(SLOT(ID3D11DeviceContextVtbl, Flush), 111);
    CHECK_EQ(SLOT(ID3D11DeviceContextVtbl, GetType), 112);
    CHECK_EQ(SLOT(ID3D11DeviceContextVtbl, FinishCommandList), 114);
}

TEST(layout_d3d11_vtable_device)
{
    int n = (int)(sizeof(device_methods) / sizeof(device_methods[0]));
    CHECK_EQ(n, 40);
    check_slot_sequence("ID3D11Device", device_methods, n, 3);
    CHECK_EQ(NSLOTS(ID3D11DeviceVtbl), 43);
    CHECK_EQ(SLOT(ID3D11DeviceVtbl, QueryInterface), 0);
    CHECK_EQ(SLOT(ID3D11DeviceVtbl, CreateBuffer), 3);
    CHECK_EQ(SLOT(ID3D11DeviceVtbl, CreateTexture2D), 5);
    CHECK_EQ(SLOT(ID3D11DeviceVtbl, CreateInputLayout), 11);
    CHECK_EQ(SLOT(ID3D11DeviceVtbl, CreateSamplerState), 23);
    CHECK_EQ(SLOT(ID3D11DeviceVtbl, CheckFeatureSupport), 33);
    CHECK_EQ(SLOT(ID3D11DeviceVtbl, GetFeatureLevel), 37);
    CHECK_EQ(SLOT(ID3D11DeviceVtbl, GetImmediateContext), 40);
    CHECK_EQ(SLOT(ID3D11DeviceVtbl, GetExceptionMode), 42);
}

/* ---- COBJMACROS: calls through a fake object land in the right slot ---- */

static int fake_calls;
static UINT fake_arg;

static void STDMETHODCALLTYPE fake_draw(ID3D11DeviceContext *This, UINT VertexCount, UINT StartVertexLocation)
{
    (void)This;
    fake_calls++;
    fake_arg = VertexCount * 1000 + StartVertexLocation;
}

static HRESULT STDMETHODCALLTYPE fake_finish(ID3D11DeviceContext *This, BOOL Restore, ID3D11CommandList **pp)
{
    (void)This;
    fake_calls++;
    fake_arg = (UINT)Restore;
    *pp = NULL;
    return S_FALSE;
}

static HRESULT STDMETHODCALLTYPE fake_create_buffer(ID3D11Device *This, const D3D11_BUFFER_DESC *pDesc,
                                                    const D3D11_SUBRESOURCE_DATA *pInitialData,
                                                    ID3D11Buffer **ppBuffer)
{
    (void)This;
    (void)pInitialData;
    fake_calls++;
    fake_arg = pDesc->ByteWidth;
    *ppBuffer = NULL;
    return E_OUTOFMEMORY;
}

static D3D_FEATURE_LEVEL STDMETHODCALLTYPE fake_feature_level(ID3D11Device *This)
{
    (void)This;
    fake_calls++;
    return D3D_FEATURE_LEVEL_9_3;
}

static void STDMETHODCALLTYPE fake_tex2d_get_desc(ID3D11Texture2D *This, D3D11_TEXTURE2D_DESC *pDesc)
{
    (void)This;
    fake_calls++;
    memset(pDesc, 0, sizeof(*pDesc));
    pDesc->Width = 77;
}

static void STDMETHODCALLTYPE fake_tex2d_get_type(ID3D11Texture2D *This, D3D11_RESOURCE_DIMENSION *pDim)
{
    (void)This;
    fake_calls++;
    *pDim = D3D11_RESOURCE_DIMENSION_TEXTURE2D;
}

TEST(layout_d3d11_cobjmacros)
{
    ID3D11DeviceContextVtbl ctx_vtbl;
    memset(&ctx_vtbl, 0, sizeof(ctx_vtbl));
    ctx_vtbl.Draw = fake_draw;
    ctx_vtbl.FinishCommandList = fake_finish;
    ID3D11DeviceContext ctx = { &ctx_vtbl };

    fake_calls = 0;
    ID3D11DeviceContext_Draw(&ctx, 3, 5);
    CHECK_EQ(fake_calls, 1);
    CHECK_EQ(fake_arg, 3005);
    ID3D11CommandList *list = (ID3D11CommandList *)&ctx;
    CHECK_HR(ID3D11DeviceContext_FinishCommandList(&ctx, TRUE, &list), S_FALSE);
    CHECK(list == NULL);
    CHECK_EQ(fake_arg, 1);

    ID3D11DeviceVtbl dev_vtbl;
    memset(&dev_vtbl, 0, sizeof(dev_vtbl));
    dev_vtbl.CreateBuffer = fake_create_buffer;
    dev_vtbl.GetFeatureLevel = fake_feature_level;
    ID3D11Device dev = { &dev_vtbl };
    D3D11_BUFFER_DESC bd = { 256, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0 };
    ID3D11Buffer *buf = (ID3D11Buffer *)&dev;
    CHECK_HR(ID3D11Device_CreateBuffer(&dev, &bd, NULL, &buf), E_OUTOFMEMORY);
    CHECK(buf == NULL);
    CHECK_EQ(fake_arg, 256);
    CHECK_EQ(ID3D11Device_GetFeatureLevel(&dev), D3D_FEATURE_LEVEL_9_3);

    /* Inherited methods have macros under the derived interface's name. */
    ID3D11Texture2DVtbl tex_vtbl;
    memset(&tex_vtbl, 0, sizeof(tex_vtbl));
    tex_vtbl.GetDesc = fake_tex2d_get_desc;
    tex_vtbl.GetType = fake_tex2d_get_type;
    ID3D11Texture2D tex = { &tex_vtbl };
    D3D11_TEXTURE2D_DESC td;
    ID3D11Texture2D_GetDesc(&tex, &td);
    CHECK_EQ(td.Width, 77);
    D3D11_RESOURCE_DIMENSION dim = D3D11_RESOURCE_DIMENSION_UNKNOWN;
    ID3D11Texture2D_GetType(&tex, &dim);
    CHECK_EQ(dim, D3D11_RESOURCE_DIMENSION_TEXTURE2D);
    CHECK_EQ(fake_calls, 6);
}

/* ---- entry points ---- */

TEST(layout_d3d11_entry_points)
{
    /* The creation functions match their PFN types; __typeof__ does not reference the symbols, so
     * this links without libsoftd3d. */
    CHECK(__builtin_types_compatible_p(__typeof__(&D3D11CreateDevice), PFN_D3D11_CREATE_DEVICE));
    CHECK(__builtin_types_compatible_p(__typeof__(&D3D11CreateDeviceAndSwapChain),
                                       PFN_D3D11_CREATE_DEVICE_AND_SWAP_CHAIN));
}
