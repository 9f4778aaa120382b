/* tests/test_layout_d3d11_34.c — d3d11_3.h, d3d11_4.h and d3d11sdklayers.h against the Windows x64 ABI:
 * structure sizes/offsets, enum values, IIDs, vtable slots and COBJMACROS expansion.
 * Slot numbers count IUnknown's three methods first (QueryInterface = 0). */
#define COBJMACROS
#include "d3d11_4.h"
#include "d3d11sdklayers.h"

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

TEST(layout_d3d11_3_texture_descs)
{
    /* D3D11_TEXTURE2D_DESC (44 bytes) + TextureLayout. */
    CHECK_EQ(sizeof(D3D11_TEXTURE2D_DESC1), 48);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC1, Width), 0);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC1, Height), 4);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC1, MipLevels), 8);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC1, ArraySize), 12);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC1, Format), 16);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC1, SampleDesc), 20);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC1, Usage), 28);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC1, BindFlags), 32);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC1, CPUAccessFlags), 36);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC1, MiscFlags), 40);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC1, TextureLayout), 44);
    CHECK_EQ(offsetof(D3D11_TEXTURE2D_DESC1, TextureLayout), sizeof(D3D11_TEXTURE2D_DESC));

    CHECK_EQ(sizeof(D3D11_TEXTURE3D_DESC1), 40);
    CHECK_EQ(offsetof(D3D11_TEXTURE3D_DESC1, Depth), 8);
    CHECK_EQ(offsetof(D3D11_TEXTURE3D_DESC1, MipLevels), 12);
    CHECK_EQ(offsetof(D3D11_TEXTURE3D_DESC1, Format), 16);
    CHECK_EQ(offsetof(D3D11_TEXTURE3D_DESC1, Usage), 20);
    CHECK_EQ(offsetof(D3D11_TEXTURE3D_DESC1, MiscFlags), 32);
    CHECK_EQ(offsetof(D3D11_TEXTURE3D_DESC1, TextureLayout), 36);
    CHECK_EQ(offsetof(D3D11_TEXTURE3D_DESC1, TextureLayout), sizeof(D3D11_TEXTURE3D_DESC));
}

TEST(layout_d3d11_3_rasterizer_query_descs)
{
    CHECK_EQ(sizeof(D3D11_RASTERIZER_DESC2), 48);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC2, ForcedSampleCount), 40);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC2, ConservativeRaster), 44);
    CHECK_EQ(offsetof(D3D11_RASTERIZER_DESC2, ConservativeRaster), sizeof(D3D11_RASTERIZER_DESC1));

    CHECK_EQ(sizeof(D3D11_QUERY_DESC1), 12);
    CHECK_EQ(offsetof(D3D11_QUERY_DESC1, Query), 0);
    CHECK_EQ(offsetof(D3D11_QUERY_DESC1, MiscFlags), 4);
    CHECK_EQ(offsetof(D3D11_QUERY_DESC1, ContextType), 8);
}

TEST(layout_d3d11_3_view_descs)
{
    CHECK_EQ(sizeof(D3D11_TEX2D_SRV1), 12);
    CHECK_EQ(offsetof(D3D11_TEX2D_SRV1, PlaneSlice), 8);
    CHECK_EQ(sizeof(D3D11_TEX2D_ARRAY_SRV1), 20);
    CHECK_EQ(offsetof(D3D11_TEX2D_ARRAY_SRV1, FirstArraySlice), 8);
    CHECK_EQ(offsetof(D3D11_TEX2D_ARRAY_SRV1, PlaneSlice), 16);
    /* Format, ViewDimension, then a union whose largest member is TEX2D_ARRAY_SRV1. */
    CHECK_EQ(sizeof(D3D11_SHADER_RESOURCE_VIEW_DESC1), 28);
    CHECK_EQ(offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC1, ViewDimension), 4);
    CHECK_EQ(offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC1, Buffer), 8);
    CHECK_EQ(offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC1, Texture2DArray.PlaneSlice), 24);
    CHECK_EQ(offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC1, BufferEx), 8);

    CHECK_EQ(sizeof(D3D11_TEX2D_RTV1), 8);
    CHECK_EQ(sizeof(D3D11_TEX2D_ARRAY_RTV1), 16);
    CHECK_EQ(offsetof(D3D11_TEX2D_ARRAY_RTV1, PlaneSlice), 12);
    CHECK_EQ(sizeof(D3D11_RENDER_TARGET_VIEW_DESC1), 24);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_VIEW_DESC1, Texture2D.PlaneSlice), 12);
    CHECK_EQ(offsetof(D3D11_RENDER_TARGET_VIEW_DESC1, Texture3D), 8);

    CHECK_EQ(sizeof(D3D11_TEX2D_UAV1), 8);
    CHECK_EQ(sizeof(D3D11_TEX2D_ARRAY_UAV1), 16);
    CHECK_EQ(sizeof(D3D11_UNORDERED_ACCESS_VIEW_DESC1), 24);
    CHECK_EQ(offsetof(D3D11_UNORDERED_ACCESS_VIEW_DESC1, Texture2DArray.PlaneSlice), 20);
}

TEST(layout_d3d11_3_enums)
{
    CHECK_EQ(sizeof(D3D11_CONTEXT_TYPE), 4);
    CHECK_EQ(D3D11_CONTEXT_TYPE_ALL, 0);
    CHECK_EQ(D3D11_CONTEXT_TYPE_3D, 1);
    CHECK_EQ(D3D11_CONTEXT_TYPE_COMPUTE, 2);
    CHECK_EQ(D3D11_CONTEXT_TYPE_COPY, 3);
    CHECK_EQ(D3D11_CONTEXT_TYPE_VIDEO, 4);
    CHECK_EQ(D3D11_TEXTURE_LAYOUT_UNDEFINED, 0);
    CHECK_EQ(D3D11_TEXTURE_LAYOUT_ROW_MAJOR, 1);
    CHECK_EQ(D3D11_TEXTURE_LAYOUT_64K_STANDARD_SWIZZLE, 2);
    CHECK_EQ(D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF, 0);
    CHECK_EQ(D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON, 1);
    CHECK_EQ(D3D11_FENCE_FLAG_NONE, 0);
    CHECK_EQ(D3D11_FENCE_FLAG_SHARED, 2);
    CHECK_EQ(D3D11_FENCE_FLAG_SHARED_CROSS_ADAPTER, 4);
    CHECK_EQ(D3D11_FENCE_FLAG_NON_MONITORED, 8);
}

TEST(layout_d3d11_34_iids)
{
    CHECK(guid_is(&IID_ID3D11Texture2D1, 0x51218251, 0x1e33, 0x4617, 0x9c, 0xcb, 0x4d, 0x3a, 0x43,
                  0x67, 0xe7, 0xbb));
    CHECK(guid_is(&IID_ID3D11Texture3D1, 0x0c711683, 0x2853, 0x4846, 0x9b, 0xb0, 0xf3, 0xe6, 0x06,
                  0x39, 0xe4, 0x6a));
    CHECK(guid_is(&IID_ID3D11RasterizerState2, 0x6fbd02fb, 0x209f, 0x46c4, 0xb0, 0x59, 0x2e, 0xd1,
                  0x55, 0x86, 0xa6, 0xac));
    CHECK(guid_is(&IID_ID3D11ShaderResourceView1, 0x91308b87, 0x9040, 0x411d, 0x8c, 0x67, 0xc3,
                  0x92, 0x53, 0xce, 0x38, 0x02));
    CHECK(guid_is(&IID_ID3D11RenderTargetView1, 0xffbe2e23, 0xf011, 0x418a, 0xac, 0x56, 0x5c,
                  0xee, 0xd7, 0xc5, 0xb9, 0x4b));
    CHECK(guid_is(&IID_ID3D11UnorderedAccessView1, 0x7b3b6153, 0xa886, 0x4544, 0xab, 0x37, 0x65,
                  0x37, 0xc8, 0x50, 0x04, 0x03));
    CHECK(guid_is(&IID_ID3D11Query1, 0x631b4766, 0x36dc, 0x461d, 0x8d, 0xb6, 0xc4, 0x7e, 0x13,
                  0xe6, 0x09, 0x16));
    CHECK(guid_is(&IID_ID3D11DeviceContext3, 0xb4e3c01d, 0xe79e, 0x4637, 0x91, 0xb2, 0x51, 0x0e,
                  0x9f, 0x4c, 0x9b, 0x8f));
    CHECK(guid_is(&IID_ID3D11Fence, 0xaffde9d1, 0x1df7, 0x4bb7, 0x8a, 0x34, 0x0f, 0x46, 0x25,
                  0x1d, 0xab, 0x80));
    CHECK(guid_is(&IID_ID3D11DeviceContext4, 0x917600da, 0xf58c, 0x4c33, 0x98, 0xd8, 0x3e, 0x15,
                  0xb3, 0x90, 0xfa, 0x24));
    CHECK(guid_is(&IID_ID3D11Device3, 0xa05c8c37, 0xd2c6, 0x4732, 0xb3, 0xa0, 0x9c, 0xe0, 0xb0,
                  0xdc, 0x9a, 0xe6));
    CHECK(guid_is(&IID_ID3D11Device4, 0x8992ab71, 0x02e6, 0x4b8d, 0xba, 0x48, 0xb0, 0x56, 0xdc,
                  0xda, 0x42, 0xc4));
    CHECK(guid_is(&IID_ID3D11Device5, 0x8ffde202, 0xa0e7, 0x45df, 0x9e, 0x01, 0xe8, 0x37, 0x80,
                  0x1b, 0x5e, 0xa0));
    CHECK(guid_is(&IID_ID3D11Multithread, 0x9b7e4e00, 0x342c, 0x4106, 0xa1, 0x9f, 0x4f, 0x27,
                  0x04, 0xf6, 0x89, 0xf0));
}

TEST(layout_d3d11_34_vtable_slots)
{
    /* Texture2D: DeviceChild (7) + Resource (3) + GetDesc at 10. */
    CHECK_EQ(SLOT(ID3D11Texture2D1Vtbl, GetDesc), 10);
    CHECK_EQ(SLOT(ID3D11Texture2D1Vtbl, GetDesc1), 11);
    CHECK_EQ(NSLOTS(ID3D11Texture2D1Vtbl), 12);
    CHECK_EQ(SLOT(ID3D11Texture3D1Vtbl, GetDesc1), 11);
    CHECK_EQ(NSLOTS(ID3D11Texture3D1Vtbl), 12);
    CHECK_EQ(SLOT(ID3D11RasterizerState2Vtbl, GetDesc1), 8);
    CHECK_EQ(SLOT(ID3D11RasterizerState2Vtbl, GetDesc2), 9);
    CHECK_EQ(NSLOTS(ID3D11RasterizerState2Vtbl), 10);
    /* Views: DeviceChild (7) + GetResource + GetDesc. */
    CHECK_EQ(SLOT(ID3D11ShaderResourceView1Vtbl, GetResource), 7);
    CHECK_EQ(SLOT(ID3D11ShaderResourceView1Vtbl, GetDesc1), 9);
    CHECK_EQ(SLOT(ID3D11RenderTargetView1Vtbl, GetDesc1), 9);
    CHECK_EQ(SLOT(ID3D11UnorderedAccessView1Vtbl, GetDesc1), 9);
    CHECK_EQ(NSLOTS(ID3D11UnorderedAccessView1Vtbl), 10);
    /* Query: DeviceChild (7) + GetDataSize + GetDesc. */
    CHECK_EQ(SLOT(ID3D11Query1Vtbl, GetDataSize), 7);
    CHECK_EQ(SLOT(ID3D11Query1Vtbl, GetDesc1), 9);
    CHECK_EQ(SLOT(ID3D11FenceVtbl, CreateSharedHandle), 7);
    CHECK_EQ(SLOT(ID3D11FenceVtbl, GetCompletedValue), 8);
    CHECK_EQ(SLOT(ID3D11FenceVtbl, SetEventOnCompletion), 9);
    CHECK_EQ(NSLOTS(ID3D11FenceVtbl), 10);

    /* ID3D11DeviceContext2 ends at slot 143 (EndEvent). */
    CHECK_EQ(SLOT(ID3D11DeviceContext4Vtbl, DiscardView1), 133);
    CHECK_EQ(SLOT(ID3D11DeviceContext4Vtbl, EndEvent), 143);
    CHECK_EQ(SLOT(ID3D11DeviceContext4Vtbl, Flush1), 144);
    CHECK_EQ(SLOT(ID3D11DeviceContext4Vtbl, SetHardwareProtectionState), 145);
    CHECK_EQ(SLOT(ID3D11DeviceContext4Vtbl, GetHardwareProtectionState), 146);
    CHECK_EQ(NSLOTS(ID3D11DeviceContext3Vtbl), 147);
    CHECK_EQ(SLOT(ID3D11DeviceContext4Vtbl, Signal), 147);
    CHECK_EQ(SLOT(ID3D11DeviceContext4Vtbl, Wait), 148);
    CHECK_EQ(NSLOTS(ID3D11DeviceContext4Vtbl), 149);

    /* ID3D11Device2 ends at slot 53 (CheckMultisampleQualityLevels1). */
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, CheckMultisampleQualityLevels1), 53);
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, CreateTexture2D1), 54);
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, CreateTexture3D1), 55);
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, CreateRasterizerState2), 56);
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, CreateShaderResourceView1), 57);
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, CreateUnorderedAccessView1), 58);
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, CreateRenderTargetView1), 59);
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, CreateQuery1), 60);
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, GetImmediateContext3), 61);
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, CreateDeferredContext3), 62);
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, WriteToSubresource), 63);
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, ReadFromSubresource), 64);
    CHECK_EQ(NSLOTS(ID3D11Device3Vtbl), 65);
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, RegisterDeviceRemovedEvent), 65);
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, UnregisterDeviceRemoved), 66);
    CHECK_EQ(NSLOTS(ID3D11Device4Vtbl), 67);
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, OpenSharedFence), 67);
    CHECK_EQ(SLOT(ID3D11Device5Vtbl, CreateFence), 68);
    CHECK_EQ(NSLOTS(ID3D11Device5Vtbl), 69);

    CHECK_EQ(SLOT(ID3D11MultithreadVtbl, Enter), 3);
    CHECK_EQ(SLOT(ID3D11MultithreadVtbl, Leave), 4);
    CHECK_EQ(SLOT(ID3D11MultithreadVtbl, SetMultithreadProtected), 5);
    CHECK_EQ(SLOT(ID3D11MultithreadVtbl, GetMultithreadProtected), 6);
    CHECK_EQ(NSLOTS(ID3D11MultithreadVtbl), 7);
}

/* The COBJMACROS reach the right slot: a fake object whose every slot records its index. */
static int last_slot;
static BOOL STDMETHODCALLTYPE fake_set(ID3D11Multithread *This, BOOL b)
{
    (void)This;
    last_slot = 5;
    return !b;
}
static void STDMETHODCALLTYPE fake_flush1(ID3D11DeviceContext4 *This, D3D11_CONTEXT_TYPE t,
                                          HANDLE e)
{
    (void)This;
    (void)e;
    last_slot = 144 + (int)t * 1000;
}

TEST(layout_d3d11_34_cobjmacros)
{
    ID3D11MultithreadVtbl mv = { 0 };
    ID3D11Multithread m = { &mv };
    ID3D11DeviceContext4Vtbl cv = { 0 };
    ID3D11DeviceContext4 c = { &cv };
    mv.SetMultithreadProtected = fake_set;
    CHECK_EQ(ID3D11Multithread_SetMultithreadProtected(&m, FALSE), TRUE);
    CHECK_EQ(last_slot, 5);
    cv.Flush1 = fake_flush1;
    ID3D11DeviceContext4_Flush1(&c, D3D11_CONTEXT_TYPE_COPY, NULL);
    CHECK_EQ(last_slot, 3144);
}

/* ---- d3d11sdklayers.h ---- */

TEST(layout_d3d11sdklayers_types)
{
    CHECK_EQ(D3D11_SDK_LAYERS_VERSION, 1);
    CHECK_EQ(D3D11_DEBUG_FEATURE_FLUSH_PER_RENDER_OP, 0x1);
    CHECK_EQ(D3D11_DEBUG_FEATURE_FINISH_PER_RENDER_OP, 0x2);
    CHECK_EQ(D3D11_DEBUG_FEATURE_PRESENT_PER_RENDER_OP, 0x4);
    CHECK_EQ(D3D11_DEBUG_FEATURE_ALWAYS_DISCARD_OFFERED_RESOURCE, 0x8);
    CHECK_EQ(D3D11_DEBUG_FEATURE_NEVER_DISCARD_OFFERED_RESOURCE, 0x10);
    CHECK_EQ(D3D11_DEBUG_FEATURE_AVOID_BEHAVIOR_CHANGING_DEBUG_AIDS, 0x40);
    CHECK_EQ(D3D11_DEBUG_FEATURE_DISABLE_TILED_RESOURCE_MAPPING_TRACKING_AND_VALIDATION, 0x80);
    CHECK_EQ(D3D11_RLDO_SUMMARY, 1);
    CHECK_EQ(D3D11_RLDO_DETAIL, 2);
    CHECK_EQ(D3D11_RLDO_IGNORE_INTERNAL, 4);
    CHECK_EQ(D3D11_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT, 1024);
    CHECK_EQ(D3D11_MESSAGE_CATEGORY_APPLICATION_DEFINED, 0);
    CHECK_EQ(D3D11_MESSAGE_CATEGORY_STATE_CREATION, 5);
    CHECK_EQ(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, 8);
    CHECK_EQ(D3D11_MESSAGE_CATEGORY_SHADER, 10);
    CHECK_EQ(D3D11_MESSAGE_SEVERITY_CORRUPTION, 0);
    CHECK_EQ(D3D11_MESSAGE_SEVERITY_ERROR, 1);
    CHECK_EQ(D3D11_MESSAGE_SEVERITY_WARNING, 2);
    CHECK_EQ(D3D11_MESSAGE_SEVERITY_INFO, 3);
    CHECK_EQ(D3D11_MESSAGE_SEVERITY_MESSAGE, 4);
    CHECK_EQ(D3D11_MESSAGE_ID_UNKNOWN, 0);
    /* The IDs of the live-object report (the SDK's values). */
    CHECK_EQ(D3D11_MESSAGE_ID_LIVE_OBJECT_SUMMARY, 422);
    CHECK_EQ(D3D11_MESSAGE_ID_LIVE_BUFFER, 423);
    CHECK_EQ(D3D11_MESSAGE_ID_LIVE_TEXTURE2D, 425);
    CHECK_EQ(D3D11_MESSAGE_ID_LIVE_DEVICE, 441);
    CHECK_EQ(D3D11_MESSAGE_ID_D3D10_MESSAGES_END, 443);
    CHECK_EQ(D3D11_MESSAGE_ID_D3D11_MESSAGES_START, 0x200000);
    CHECK_EQ(D3D11_MESSAGE_ID_LIVE_CONTEXT, 0x200000 + 74);
    CHECK_EQ(D3D11_MESSAGE_ID_LIVE_COMMANDLIST, 0x200000 + 136);
    CHECK_EQ(D3D11_MESSAGE_ID_LIVE_UNORDEREDACCESSVIEW, 0x200000 + 150);

    CHECK_EQ(sizeof(D3D11_MESSAGE), 32);
    CHECK_EQ(offsetof(D3D11_MESSAGE, Severity), 4);
    CHECK_EQ(offsetof(D3D11_MESSAGE, ID), 8);
    CHECK_EQ(offsetof(D3D11_MESSAGE, pDescription), 16);
    CHECK_EQ(offsetof(D3D11_MESSAGE, DescriptionByteLength), 24);
    CHECK_EQ(sizeof(D3D11_INFO_QUEUE_FILTER_DESC), 48);
    CHECK_EQ(offsetof(D3D11_INFO_QUEUE_FILTER_DESC, pCategoryList), 8);
    CHECK_EQ(offsetof(D3D11_INFO_QUEUE_FILTER_DESC, NumSeverities), 16);
    CHECK_EQ(offsetof(D3D11_INFO_QUEUE_FILTER_DESC, pSeverityList), 24);
    CHECK_EQ(offsetof(D3D11_INFO_QUEUE_FILTER_DESC, NumIDs), 32);
    CHECK_EQ(offsetof(D3D11_INFO_QUEUE_FILTER_DESC, pIDList), 40);
    CHECK_EQ(sizeof(D3D11_INFO_QUEUE_FILTER), 96);
    CHECK_EQ(offsetof(D3D11_INFO_QUEUE_FILTER, DenyList), 48);
}

TEST(layout_d3d11sdklayers_interfaces)
{
    CHECK(guid_is(&IID_ID3D11Debug, 0x79cf2233, 0x7536, 0x4948, 0x9d, 0x36, 0x1e, 0x46, 0x92,
                  0xdc, 0x57, 0x60));
    CHECK(guid_is(&IID_ID3D11SwitchToRef, 0x1ef337e3, 0x58e7, 0x4f83, 0xa6, 0x92, 0xdb, 0x22,
                  0x1f, 0x5e, 0xd4, 0x7e));
    CHECK(guid_is(&IID_ID3D11InfoQueue, 0x6543dbb6, 0x1b48, 0x42f5, 0xab, 0x82, 0xe9, 0x7e, 0xc7,
                  0x43, 0x26, 0xf6));

    CHECK_EQ(SLOT(ID3D11DebugVtbl, SetFeatureMask), 3);
    CHECK_EQ(SLOT(ID3D11DebugVtbl, SetSwapChain), 7);
    CHECK_EQ(SLOT(ID3D11DebugVtbl, ReportLiveDeviceObjects), 10);
    CHECK_EQ(SLOT(ID3D11DebugVtbl, ValidateContextForDispatch), 11);
    CHECK_EQ(NSLOTS(ID3D11DebugVtbl), 12);
    CHECK_EQ(SLOT(ID3D11SwitchToRefVtbl, GetUseRef), 4);
    CHECK_EQ(NSLOTS(ID3D11SwitchToRefVtbl), 5);

    CHECK_EQ(SLOT(ID3D11InfoQueueVtbl, SetMessageCountLimit), 3);
    CHECK_EQ(SLOT(ID3D11InfoQueueVtbl, GetMessage), 5);
    CHECK_EQ(SLOT(ID3D11InfoQueueVtbl, GetNumStoredMessages), 8);
    CHECK_EQ(SLOT(ID3D11InfoQueueVtbl, GetMessageCountLimit), 11);
    CHECK_EQ(SLOT(ID3D11InfoQueueVtbl, AddStorageFilterEntries), 12);
    CHECK_EQ(SLOT(ID3D11InfoQueueVtbl, PopStorageFilter), 18);
    CHECK_EQ(SLOT(ID3D11InfoQueueVtbl, GetStorageFilterStackSize), 19);
    CHECK_EQ(SLOT(ID3D11InfoQueueVtbl, AddRetrievalFilterEntries), 20);
    CHECK_EQ(SLOT(ID3D11InfoQueueVtbl, GetRetrievalFilterStackSize), 27);
    CHECK_EQ(SLOT(ID3D11InfoQueueVtbl, AddMessage), 28);
    CHECK_EQ(SLOT(ID3D11InfoQueueVtbl, AddApplicationMessage), 29);
    CHECK_EQ(SLOT(ID3D11InfoQueueVtbl, SetBreakOnID), 32);
    CHECK_EQ(SLOT(ID3D11InfoQueueVtbl, GetBreakOnID), 35);
    CHECK_EQ(SLOT(ID3D11InfoQueueVtbl, GetMuteDebugOutput), 37);
    CHECK_EQ(NSLOTS(ID3D11InfoQueueVtbl), 38);
}
