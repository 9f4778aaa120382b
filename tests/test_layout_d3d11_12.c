/* tests/test_layout_d3d11_12.c — d3d11_1.h and d3d11_2.h against the Windows x64 ABI:
 * structure sizes/offsets, enum values, IIDs, vtable slots and COBJMACROS expansion.
 * Slot numbers count IUnknown's three methods first (QueryInterface = 0). */
#define COBJMACROS
#include "d3d11_2.h"

#include <stddef.h>

#include "harness.h"

#define SLOT(vtbl, method) (offsetof(vtbl, method) / sizeof(void *))
#define NSLOTS(vtbl) (sizeof(vtbl) / sizeof(void *))

static int guid_is(const GUID *g, uint32_t d1, uint16_t d2, uint16_t d3, uint8_t b0, uint8_t b1,
                   uint8_t b2, uint8_t b3, uint8_t b4, uint8_t b5, uint8_t b6, uint8_t b7)
{
    const GUID want = { d1, d2, d3, { b0, b1, b2, b3, b4, b5, b6, b7 } };
    return IsEqualGUID(g, &want);
}

/* ---- d3d11_1.h ---- */

TEST(layout_d3d11_1_blend_desc1)
{
    CHECK_EQ(sizeof(D3D11_RENDER_TARGET_BLEND_DESC1), 40);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, BlendEnable), 0);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, LogicOpEnable), 4);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, SrcBlend), 8);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, DestBlend), 12);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, BlendOp), 16);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, SrcBlendAlpha), 20);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, DestBlendAlpha), 24);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, BlendOpAlpha), 28);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, LogicOp), 32);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, RenderTargetWriteMask), 36);
    CHECK_EQ(sizeof(((D3D11_RENDER_TARGET_BLEND_DESC1 *)0)->RenderTargetWriteMask), 1);

    CHECK_EQ(sizeof(D3D11_BLEND_DESC1), 328);
    CHECK_EQ(offsetof(D3D11_BLEND_DESC1, AlphaToCoverageEnable), 0);
    CHECK_EQ(offsetof(D3D11_BLEND_DESC1, IndependentBlendEnable), 4);
    CHECK_EQ(offsetof(D3D11_BLEND_DESC1, RenderTarget), 8);
    CHECK_EQ(offsetof(D3D11_BLEND_DESC1, RenderTarget[7]), 8 + 7 * 40);
}

TEST(layout_d3d11_1_rasterizer_desc1)
{
    CHECK_EQ(sizeof(D3D11_RASTERIZER_DESC1), 44);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC1, FillMode), 0);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC1, CullMode), 4);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC1, FrontCounterClockwise), 8);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC1, DepthBias), 12);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC1, DepthBiasClamp), 16);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC1, SlopeScaledDepthBias), 20);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC1, DepthClipEnable), 24);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC1, ScissorEnable), 28);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC1, MultisampleEnable), 32);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC1, AntialiasedLineEnable), 36);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC1, ForcedSampleCount), 40);
}

TEST(layout_d3d11_1_enums)
{
    CHECK_EQ(sizeof(D3D11_LOGIC_OP), 4);
    CHECK_EQ(D3D11_COPY_NO_OVERWRITE, 1);
    CHECK_EQ(D3D11_COPY_DISCARD, 2);
    CHECK_EQ(D3D11_LOGIC_OP_CLEAR, 0);
    CHECK_EQ(D3D11_LOGIC_OP_SET, 1);
    CHECK_EQ(D3D11_LOGIC_OP_COPY, 2);
    CHECK_EQ(D3D11_LOGIC_OP_COPY_INVERTED, 3);
    CHECK_EQ(D3D11_LOGIC_OP_NOOP, 4);
    CHECK_EQ(D3D11_LOGIC_OP_INVERT, 5);
    CHECK_EQ(D3D11_LOGIC_OP_AND, 6);
    CHECK_EQ(D3D11_LOGIC_OP_NAND, 7);
    CHECK_EQ(D3D11_LOGIC_OP_OR, 8);
    CHECK_EQ(D3D11_LOGIC_OP_NOR, 9);
    CHECK_EQ(D3D11_LOGIC_OP_XOR, 10);
    CHECK_EQ(D3D11_LOGIC_OP_EQUIV, 11);
    CHECK_EQ(D3D11_LOGIC_OP_AND_REVERSE, 12);
    CHECK_EQ(D3D11_LOGIC_OP_AND_INVERTED, 13);
    CHECK_EQ(D3D11_LOGIC_OP_OR_REVERSE, 14);
    CHECK_EQ(D3D11_LOGIC_OP_OR_INVERTED, 15);
    CHECK_EQ(D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED, 1);
}

TEST(layout_d3d11_1_iids)
{
    CHECK(guid_is(&IID_ID3D11BlendState1, 0xcc86fabe, 0xda55, 0x401d, 0x85, 0xe7, 0xe3, 0xc9, 0xde,
                  0x28, 0x77, 0xe9));
    CHECK(guid_is(&IID_ID3D11RasterizerState1, 0x1217d7a6, 0x5039, 0x418c, 0xb0, 0x42, 0x9c, 0xbe,
                  0x25, 0x6a, 0xfd, 0x6e));
    CHECK(guid_is(&IID_ID3DDeviceContextState, 0x5c1e0d8a, 0x7c23, 0x48f9, 0x8c, 0x59, 0xa9, 0x29,
                  0x58, 0xce, 0xff, 0x11));
    CHECK(guid_is(&IID_ID3D11DeviceContext1, 0xbb2c6faa, 0xb5fb, 0x4082, 0x8e, 0x6b, 0x38, 0x8b,
                  0x8c, 0xfa, 0x90, 0xe1));
    CHECK(guid_is(&IID_ID3D11Device1, 0xa04bfb29, 0x08ef, 0x43d6, 0xa4, 0x9c, 0xa9, 0xbd, 0xbd,
                  0xcb, 0xe6, 0x86));
    CHECK(guid_is(&IID_ID3DUserDefinedAnnotation, 0xb2daad8b, 0x03d4, 0x4dbf, 0x95, 0xeb, 0x32,
                  0xab, 0x4b, 0x63, 0xd0, 0xab));
}

TEST(layout_d3d11_1_vtable_slots)
{
    /* ID3D11DeviceChild: 3 + 4 methods; the state objects add GetDesc, then GetDesc1. */
    CHECK_EQ(SLOT(ID3D11BlendState1Vtbl, GetDesc1), 8);
    CHECK_EQ(NSLOTS(ID3D11BlendState1Vtbl), 9);
    CHECK_EQ(SLOT(ID3D11RasterizerState1Vtbl, GetDesc1), 8);
    CHECK_EQ(NSLOTS(ID3D11RasterizerState1Vtbl), 9);
    CHECK_EQ(NSLOTS(ID3DDeviceContextStateVtbl), 7);

    /* ID3D11DeviceContext ends at slot 114 (FinishCommandList). */
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, VSSetConstantBuffers), 7);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, ClearState), 110);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, FinishCommandList), 114);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, CopySubresourceRegion1), 115);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, UpdateSubresource1), 116);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, DiscardResource), 117);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, DiscardView), 118);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, VSSetConstantBuffers1), 119);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, HSSetConstantBuffers1), 120);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, DSSetConstantBuffers1), 121);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, GSSetConstantBuffers1), 122);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, PSSetConstantBuffers1), 123);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, CSSetConstantBuffers1), 124);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, VSGetConstantBuffers1), 125);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, HSGetConstantBuffers1), 126);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, DSGetConstantBuffers1), 127);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, GSGetConstantBuffers1), 128);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, PSGetConstantBuffers1), 129);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, CSGetConstantBuffers1), 130);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, SwapDeviceContextState), 131);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, ClearView), 132);
    CHECK_EQ(SLOT(ID3D11DeviceContext1Vtbl, DiscardView1), 133);
    CHECK_EQ(NSLOTS(ID3D11DeviceContext1Vtbl), 134);

    /* ID3D11Device: 3 + 40 methods, the last being GetExceptionMode at 42. */
    CHECK_EQ(SLOT(ID3D11Device1Vtbl, CreateBuffer), 3);
    CHECK_EQ(SLOT(ID3D11Device1Vtbl, GetExceptionMode), 42);
    CHECK_EQ(SLOT(ID3D11Device1Vtbl, GetImmediateContext1), 43);
    CHECK_EQ(SLOT(ID3D11Device1Vtbl, CreateDeferredContext1), 44);
    CHECK_EQ(SLOT(ID3D11Device1Vtbl, CreateBlendState1), 45);
    CHECK_EQ(SLOT(ID3D11Device1Vtbl, CreateRasterizerState1), 46);
    CHECK_EQ(SLOT(ID3D11Device1Vtbl, CreateDeviceContextState), 47);
    CHECK_EQ(SLOT(ID3D11Device1Vtbl, OpenSharedResource1), 48);
    CHECK_EQ(SLOT(ID3D11Device1Vtbl, OpenSharedResourceByName), 49);
    CHECK_EQ(NSLOTS(ID3D11Device1Vtbl), 50);

    CHECK_EQ(SLOT(ID3DUserDefinedAnnotationVtbl, BeginEvent), 3);
    CHECK_EQ(SLOT(ID3DUserDefinedAnnotationVtbl, EndEvent), 4);
    CHECK_EQ(SLOT(ID3DUserDefinedAnnotationVtbl, SetMarker), 5);
    CHECK_EQ(SLOT(ID3DUserDefinedAnnotationVtbl, GetStatus), 6);
    CHECK_EQ(NSLOTS(ID3DUserDefinedAnnotationVtbl), 7);
}

/* ---- d3d11_2.h ---- */

TEST(layout_d3d11_2_tiling_structs)
{
    CHECK_EQ(sizeof(D3D11_TILED_RESOURCE_COORDINATE), 16);
    CHECK_EQ(offsetof(D3D11_TILED_RESOURCE_COORDINATE, X), 0);
    CHECK_EQ(offsetof(D3D11_TILED_RESOURCE_COORDINATE, Y), 4);
    CHECK_EQ(offsetof(D3D11_TILED_RESOURCE_COORDINATE, Z), 8);
    CHECK_EQ(offsetof(D3D11_TILED_RESOURCE_COORDINATE, Subresource), 12);

    CHECK_EQ(sizeof(D3D11_TILE_REGION_SIZE), 16);
    CHECK_EQ(offsetof(D3D11_TILE_REGION_SIZE, NumTiles), 0);
    CHECK_EQ(offsetof(D3D11_TILE_REGION_SIZE, bUseBox), 4);
    CHECK_EQ(offsetof(D3D11_TILE_REGION_SIZE, Width), 8);
    CHECK_EQ(offsetof(D3D11_TILE_REGION_SIZE, Height), 12);
    CHECK_EQ(offsetof(D3D11_TILE_REGION_SIZE, Depth), 14);

    /* UINT, UINT16, UINT16, UINT: 12 bytes, no padding. */
    CHECK_EQ(sizeof(D3D11_SUBRESOURCE_TILING), 12);
    CHECK_EQ(offsetof(D3D11_SUBRESOURCE_TILING, WidthInTiles), 0);
    CHECK_EQ(offsetof(D3D11_SUBRESOURCE_TILING, HeightInTiles), 4);
    CHECK_EQ(offsetof(D3D11_SUBRESOURCE_TILING, DepthInTiles), 6);
    CHECK_EQ(offsetof(D3D11_SUBRESOURCE_TILING, StartTileIndexInOverallResource), 8);

    CHECK_EQ(sizeof(D3D11_TILE_SHAPE), 12);
    CHECK_EQ(offsetof(D3D11_TILE_SHAPE, DepthInTexels), 8);

    /* UINT8, UINT8, 2 bytes padding, UINT, UINT: 12 bytes. */
    CHECK_EQ(sizeof(D3D11_PACKED_MIP_DESC), 12);
    CHECK_EQ(offsetof(D3D11_PACKED_MIP_DESC, NumStandardMips), 0);
    CHECK_EQ(offsetof(D3D11_PACKED_MIP_DESC, NumPackedMips), 1);
    CHECK_EQ(offsetof(D3D11_PACKED_MIP_DESC, NumTilesForPackedMips), 4);
    CHECK_EQ(offsetof(D3D11_PACKED_MIP_DESC, StartTileIndexInOverallResource), 8);
}

TEST(layout_d3d11_2_enums)
{
    CHECK_EQ(D3D11_TILE_MAPPING_NO_OVERWRITE, 1);
    CHECK_EQ(D3D11_TILE_RANGE_NULL, 1);
    CHECK_EQ(D3D11_TILE_RANGE_SKIP, 2);
    CHECK_EQ(D3D11_TILE_RANGE_REUSE_SINGLE_TILE, 4);
    CHECK_EQ(D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_RESOURCE, 1);
    CHECK_EQ(D3D11_TILE_COPY_NO_OVERWRITE, 1);
    CHECK_EQ(D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE, 2);
    CHECK_EQ(D3D11_TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER, 4);
    CHECK_EQ(D3D11_PACKED_TILE, 0xffffffffu);
    UINT packed = D3D11_PACKED_TILE;
    CHECK_EQ(packed, 0xffffffffu);
}

TEST(layout_d3d11_2_iids)
{
    CHECK(guid_is(&IID_ID3D11DeviceContext2, 0x420d5b32, 0xb90c, 0x4da4, 0xbe, 0xf0, 0x35, 0x9f,
                  0x6a, 0x24, 0xa8, 0x3a));
    CHECK(guid_is(&IID_ID3D11Device2, 0x9d06dffa, 0xd1e5, 0x4d07, 0x83, 0xa8, 0x1b, 0xb1, 0x23,
                  0xf2, 0xf8, 0x41));
}

TEST(layout_d3d11_2_vtable_slots)
{
    CHECK_EQ(SLOT(ID3D11DeviceContext2Vtbl, DiscardView1), 133);
    CHECK_EQ(SLOT(ID3D11DeviceContext2Vtbl, UpdateTileMappings), 134);
    CHECK_EQ(SLOT(ID3D11DeviceContext2Vtbl, CopyTileMappings), 135);
    CHECK_EQ(SLOT(ID3D11DeviceContext2Vtbl, CopyTiles), 136);
    CHECK_EQ(SLOT(ID3D11DeviceContext2Vtbl, UpdateTiles), 137);
    CHECK_EQ(SLOT(ID3D11DeviceContext2Vtbl, ResizeTilePool), 138);
    CHECK_EQ(SLOT(ID3D11DeviceContext2Vtbl, TiledResourceBarrier), 139);
    CHECK_EQ(SLOT(ID3D11DeviceContext2Vtbl, IsAnnotationEnabled), 140);
    CHECK_EQ(SLOT(ID3D11DeviceContext2Vtbl, SetMarkerInt), 141);
    CHECK_EQ(SLOT(ID3D11DeviceContext2Vtbl, BeginEventInt), 142);
    CHECK_EQ(SLOT(ID3D11DeviceContext2Vtbl, EndEvent), 143);
    CHECK_EQ(NSLOTS(ID3D11DeviceContext2Vtbl), 144);

    CHECK_EQ(SLOT(ID3D11Device2Vtbl, OpenSharedResourceByName), 49);
    CHECK_EQ(SLOT(ID3D11Device2Vtbl, GetImmediateContext2), 50);
    CHECK_EQ(SLOT(ID3D11Device2Vtbl, CreateDeferredContext2), 51);
    CHECK_EQ(SLOT(ID3D11Device2Vtbl, GetResourceTiling), 52);
    CHECK_EQ(SLOT(ID3D11Device2Vtbl, CheckMultisampleQualityLevels1), 53);
    CHECK_EQ(NSLOTS(ID3D11Device2Vtbl), 54);
}

/* ---- COBJMACROS: the macros reach the right slot with the documented signatures ---- */

static int last_call;
static UINT64 last_u64;

static HRESULT STDMETHODCALLTYPE fake_UpdateTileMappings(
    ID3D11DeviceContext2 *This, ID3D11Resource *pTiledResource, UINT NumTiledResourceRegions,
    const D3D11_TILED_RESOURCE_COORDINATE *pCoords, const D3D11_TILE_REGION_SIZE *pSizes,
    ID3D11Buffer *pTilePool, UINT NumRanges, const UINT *pRangeFlags, const UINT *pOffsets,
    const UINT *pCounts, UINT Flags)
{
    (void)This, (void)pTiledResource, (void)pCoords, (void)pSizes, (void)pTilePool;
    (void)pRangeFlags, (void)pOffsets, (void)pCounts;
    last_call = 134;
    return (HRESULT)(NumTiledResourceRegions + NumRanges + Flags);
}

static HRESULT STDMETHODCALLTYPE fake_ResizeTilePool(ID3D11DeviceContext2 *This,
                                                     ID3D11Buffer *pTilePool, UINT64 NewSize)
{
    (void)This, (void)pTilePool;
    last_call = 138;
    last_u64 = NewSize;
    return S_OK;
}

static void STDMETHODCALLTYPE fake_EndEvent(ID3D11DeviceContext2 *This)
{
    (void)This;
    last_call = 143;
}

static void STDMETHODCALLTYPE fake_ClearView(ID3D11DeviceContext2 *This, ID3D11View *pView,
                                             const FLOAT Color[4], const D3D11_RECT *pRect,
                                             UINT NumRects)
{
    (void)This, (void)pView, (void)pRect;
    last_call = 132 + (Color[3] == 0.5f ? 1000 : 0) + (int)NumRects * 0;
}

static void STDMETHODCALLTYPE fake_GetResourceTiling(ID3D11Device2 *This, ID3D11Resource *pRes,
                                                     UINT *pNumTiles, D3D11_PACKED_MIP_DESC *pPacked,
                                                     D3D11_TILE_SHAPE *pShape, UINT *pNumSub,
                                                     UINT First, D3D11_SUBRESOURCE_TILING *pSub)
{
    (void)This, (void)pRes, (void)pPacked, (void)pShape, (void)pNumSub, (void)First, (void)pSub;
    *pNumTiles = 52;
    last_call = 52;
}

static HRESULT STDMETHODCALLTYPE fake_CreateDeviceContextState(
    ID3D11Device2 *This, UINT Flags, const D3D_FEATURE_LEVEL *pFeatureLevels, UINT FeatureLevels,
    UINT SDKVersion, REFIID EmulatedInterface, D3D_FEATURE_LEVEL *pChosen,
    ID3DDeviceContextState **ppState)
{
    (void)This, (void)Flags, (void)pFeatureLevels, (void)FeatureLevels, (void)SDKVersion;
    (void)EmulatedInterface, (void)pChosen, (void)ppState;
    last_call = 47;
    return S_OK;
}

static INT STDMETHODCALLTYPE fake_BeginEvent(ID3DUserDefinedAnnotation *This, LPCWSTR Name)
{
    (void)This;
    last_call = 3;
    return Name[0];
}

TEST(layout_d3d11_12_cobjmacros)
{
    ID3D11DeviceContext2Vtbl ctx_vtbl;
    memset(&ctx_vtbl, 0, sizeof(ctx_vtbl));
    ctx_vtbl.UpdateTileMappings = fake_UpdateTileMappings;
    ctx_vtbl.ResizeTilePool = fake_ResizeTilePool;
    ctx_vtbl.EndEvent = fake_EndEvent;
    ctx_vtbl.ClearView = fake_ClearView;
    ID3D11DeviceContext2 ctx = { &ctx_vtbl };

    CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(&ctx, NULL, 1, NULL, NULL, NULL, 2, NULL, NULL,
                                                     NULL, D3D11_TILE_MAPPING_NO_OVERWRITE),
             4);
    CHECK_EQ(last_call, 134);
    CHECK_HR(ID3D11DeviceContext2_ResizeTilePool(&ctx, NULL, (UINT64)1 << 33), S_OK);
    CHECK_EQ(last_call, 138);
    CHECK(last_u64 == (UINT64)1 << 33);
    ID3D11DeviceContext2_EndEvent(&ctx);
    CHECK_EQ(last_call, 143);
    const FLOAT color[4] = { 0.0f, 0.0f, 0.0f, 0.5f };
    ID3D11DeviceContext2_ClearView(&ctx, NULL, color, NULL, 0);
    CHECK_EQ(last_call, 1132);

    ID3D11Device2Vtbl dev_vtbl;
    memset(&dev_vtbl, 0, sizeof(dev_vtbl));
    dev_vtbl.GetResourceTiling = fake_GetResourceTiling;
    dev_vtbl.CreateDeviceContextState = fake_CreateDeviceContextState;
    ID3D11Device2 dev = { &dev_vtbl };
    UINT ntiles = 0;
    ID3D11Device2_GetResourceTiling(&dev, NULL, &ntiles, NULL, NULL, NULL, 0, NULL);
    CHECK_EQ(ntiles, 52);
    CHECK_EQ(last_call, 52);
    D3D_FEATURE_LEVEL chosen;
    ID3DDeviceContextState *state = NULL;
    CHECK_HR(ID3D11Device2_CreateDeviceContextState(&dev, 0, NULL, 0, 7, &IID_ID3D11Device1,
                                                    &chosen, &state),
             S_OK);
    CHECK_EQ(last_call, 47);

    ID3DUserDefinedAnnotationVtbl ann_vtbl;
    memset(&ann_vtbl, 0, sizeof(ann_vtbl));
    ann_vtbl.BeginEvent = fake_BeginEvent;
    ID3DUserDefinedAnnotation ann = { &ann_vtbl };
    static const WCHAR name[] = { 'Z', 0 };
    CHECK_EQ(ID3DUserDefinedAnnotation_BeginEvent(&ann, name), 'Z');
    CHECK_EQ(last_call, 3);
}
