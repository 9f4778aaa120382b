/* tests/test_layout_dxgi12.c — dxgi1_2.h .. dxgi1_6.h against the Windows x64 ABI: structure
 * sizes and offsets, enum and flag values, IIDs and vtable slots (the slot numbers are the SDK's:
 * IDXGISwapChain's last method is slot 17, so IDXGISwapChain1 starts at 18, and so on). */
#include "softd3d/windows_base.h"

#define COBJMACROS
#include "dxgi1_6.h"

#include "harness.h"

#include <stddef.h>

#define SLOT(vtbl, method) (offsetof(vtbl, method) / sizeof(void *))

static int iid_is(const GUID *g, const char *text)
{
    char buf[40];
    snprintf(buf, sizeof(buf), "%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x",
             (unsigned)g->Data1, g->Data2, g->Data3, g->Data4[0], g->Data4[1], g->Data4[2],
             g->Data4[3], g->Data4[4], g->Data4[5], g->Data4[6], g->Data4[7]);
    return strcmp(buf, text) == 0;
}

TEST(layout_dxgi12_structs)
{
    CHECK_EQ(sizeof(DXGI_SWAP_CHAIN_DESC1), 48);
    CHECK_EQ(offsetof(DXGI_SWAP_CHAIN_DESC1, Stereo), 12);
    CHECK_EQ(offsetof(DXGI_SWAP_CHAIN_DESC1, SampleDesc), 16);
    CHECK_EQ(offsetof(DXGI_SWAP_CHAIN_DESC1, BufferUsage), 24);
    CHECK_EQ(offsetof(DXGI_SWAP_CHAIN_DESC1, Scaling), 32);
    CHECK_EQ(offsetof(DXGI_SWAP_CHAIN_DESC1, AlphaMode), 40);
    CHECK_EQ(offsetof(DXGI_SWAP_CHAIN_DESC1, Flags), 44);
    CHECK_EQ(sizeof(DXGI_SWAP_CHAIN_FULLSCREEN_DESC), 20);
    CHECK_EQ(offsetof(DXGI_SWAP_CHAIN_FULLSCREEN_DESC, Windowed), 16);
    CHECK_EQ(sizeof(DXGI_PRESENT_PARAMETERS), 32);
    CHECK_EQ(offsetof(DXGI_PRESENT_PARAMETERS, pDirtyRects), 8);
    CHECK_EQ(offsetof(DXGI_PRESENT_PARAMETERS, pScrollOffset), 24);
    CHECK_EQ(sizeof(DXGI_MODE_DESC1), 32);
    CHECK_EQ(offsetof(DXGI_MODE_DESC1, Stereo), 28);
    CHECK_EQ(sizeof(DXGI_ADAPTER_DESC2), 320);
    CHECK_EQ(offsetof(DXGI_ADAPTER_DESC2, Flags), 304);
    CHECK_EQ(offsetof(DXGI_ADAPTER_DESC2, GraphicsPreemptionGranularity), 308);
    CHECK_EQ(offsetof(DXGI_ADAPTER_DESC2, ComputePreemptionGranularity), 312);
    CHECK_EQ(sizeof(DXGI_ADAPTER_DESC3), 320);
    CHECK_EQ(offsetof(DXGI_ADAPTER_DESC3, ComputePreemptionGranularity), 312);
    CHECK_EQ(sizeof(DXGI_QUERY_VIDEO_MEMORY_INFO), 32);
    CHECK_EQ(offsetof(DXGI_QUERY_VIDEO_MEMORY_INFO, CurrentReservation), 24);
    CHECK_EQ(sizeof(DXGI_HDR_METADATA_HDR10), 28);
    CHECK_EQ(offsetof(DXGI_HDR_METADATA_HDR10, MaxMasteringLuminance), 16);
    CHECK_EQ(offsetof(DXGI_HDR_METADATA_HDR10, MaxFrameAverageLightLevel), 26);
    CHECK_EQ(sizeof(DXGI_HDR_METADATA_HDR10PLUS), 72);
    CHECK_EQ(sizeof(DXGI_OUTPUT_DESC1), 152);
    CHECK_EQ(offsetof(DXGI_OUTPUT_DESC1, Monitor), 88);
    CHECK_EQ(offsetof(DXGI_OUTPUT_DESC1, BitsPerColor), 96);
    CHECK_EQ(offsetof(DXGI_OUTPUT_DESC1, MaxFullFrameLuminance), 144);
    CHECK_EQ(sizeof(DXGI_OUTDUPL_FRAME_INFO), 48);
    CHECK_EQ(offsetof(DXGI_OUTDUPL_FRAME_INFO, PointerPosition), 28);
    CHECK_EQ(offsetof(DXGI_OUTDUPL_FRAME_INFO, PointerShapeBufferSize), 44);
    CHECK_EQ(sizeof(DXGI_OUTDUPL_DESC), 36);
    CHECK_EQ(sizeof(DXGI_OUTDUPL_MOVE_RECT), 24);
    CHECK_EQ(sizeof(DXGI_OUTDUPL_POINTER_SHAPE_INFO), 24);
    CHECK_EQ(sizeof(DXGI_MATRIX_3X2_F), 24);
    CHECK_EQ(sizeof(DXGI_FRAME_STATISTICS_MEDIA), 40);
    CHECK_EQ(offsetof(DXGI_FRAME_STATISTICS_MEDIA, SyncQPCTime), 16);
    CHECK_EQ(offsetof(DXGI_FRAME_STATISTICS_MEDIA, ApprovedPresentDuration), 36);
    CHECK_EQ(sizeof(DXGI_DECODE_SWAP_CHAIN_DESC), 4);
}

TEST(layout_dxgi12_values)
{
    CHECK_EQ(DXGI_SCALING_ASPECT_RATIO_STRETCH, 2);
    CHECK_EQ(DXGI_ALPHA_MODE_IGNORE, 3);
    CHECK_EQ(DXGI_OFFER_RESOURCE_PRIORITY_HIGH, 3);
    CHECK_EQ(DXGI_GRAPHICS_PREEMPTION_INSTRUCTION_BOUNDARY, 4);
    CHECK_EQ(DXGI_COMPUTE_PREEMPTION_THREAD_BOUNDARY, 3);
    CHECK_EQ(DXGI_ENUM_MODES_STEREO, 4);
    CHECK_EQ(DXGI_SHARED_RESOURCE_READ, 0x80000000u);
    CHECK_EQ(DXGI_CREATE_FACTORY_DEBUG, 1);
    CHECK_EQ(DXGI_FRAME_PRESENTATION_MODE_COMPOSITION_FAILURE, 3);
    CHECK_EQ(DXGI_MULTIPLANE_OVERLAY_YCbCr_FLAG_xvYCC, 4);
    CHECK_EQ(DXGI_OVERLAY_SUPPORT_FLAG_SCALING, 2);
    CHECK_EQ(DXGI_SWAP_CHAIN_COLOR_SPACE_SUPPORT_FLAG_OVERLAY_PRESENT, 2);
    CHECK_EQ(DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL, 1);
    CHECK_EQ(DXGI_HDR_METADATA_TYPE_HDR10PLUS, 2);
    CHECK_EQ(DXGI_RECLAIM_RESOURCE_RESULT_NOT_COMMITTED, 2);
    CHECK_EQ(DXGI_OFFER_RESOURCE_FLAG_ALLOW_DECOMMIT, 1);
    CHECK_EQ(DXGI_FEATURE_PRESENT_ALLOW_TEARING, 0);
    CHECK_EQ(DXGI_ADAPTER_FLAG3_KEYED_MUTEX_CONFORMANCE, 0x20);
    CHECK_EQ(DXGI_HARDWARE_COMPOSITION_SUPPORT_FLAG_CURSOR_STRETCHED, 4);
    CHECK_EQ(DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE, 2);
    CHECK_EQ(DXGI_OUTDUPL_POINTER_SHAPE_TYPE_MASKED_COLOR, 4);
    CHECK_EQ(DXGI_OUTDUPL_COMPOSITED_UI_CAPTURE_ONLY, 1);
}

TEST(layout_dxgi12_iids)
{
    static const struct { const GUID *iid; const char *text; } iids[] = {
        { &IID_IDXGIDisplayControl, "ea9dbf1a-c88e-4486-854a-98aa0138f30c" },
        { &IID_IDXGIOutputDuplication, "191cfac3-a341-470d-b26e-a864f428319c" },
        { &IID_IDXGISurface2, "aba496dd-b617-4cb8-a866-bc44d7eb1fa2" },
        { &IID_IDXGIResource1, "30961379-4609-4a41-998e-54fe567ee0c1" },
        { &IID_IDXGIDevice2, "05008617-fbfd-4051-a790-144884b4f6a9" },
        { &IID_IDXGISwapChain1, "790a45f7-0d42-4876-983a-0a55cfe6f4aa" },
        { &IID_IDXGIFactory2, "50c83a1c-e072-4c48-87b0-3630fa36a6d0" },
        { &IID_IDXGIAdapter2, "0aa1ae0a-fa0e-4b84-8644-e05ff8e5acb5" },
        { &IID_IDXGIOutput1, "00cddea8-939b-4b83-a340-a685226666cc" },
        { &IID_IDXGIDevice3, "6007896c-3244-4afd-bf18-a6d3beda5023" },
        { &IID_IDXGISwapChain2, "a8be2ac4-199f-4946-b331-79599fb98de7" },
        { &IID_IDXGIOutput2, "595e39d1-2724-4663-99b1-da969de28364" },
        { &IID_IDXGIFactory3, "25483823-cd46-4c7d-86ca-47aa95b837bd" },
        { &IID_IDXGIDecodeSwapChain, "2633066b-4514-4c7a-8fd8-12ea98059d18" },
        { &IID_IDXGIFactoryMedia, "41e7d1f2-a591-4f7b-a2e5-fa9c843e1c12" },
        { &IID_IDXGISwapChainMedia, "dd95b90b-f05f-4f6a-bd65-25bfb264bd84" },
        { &IID_IDXGIOutput3, "8a6bb301-7e7e-41f4-a8e0-5b32f7f99b18" },
        { &IID_IDXGISwapChain3, "94d99bdb-f1f8-4ab0-b236-7da0170edab1" },
        { &IID_IDXGIOutput4, "dc7dca35-2196-414d-9f53-617884032a60" },
        { &IID_IDXGIFactory4, "1bc6ea02-ef36-464f-bf0c-21ca39e5168a" },
        { &IID_IDXGIAdapter3, "645967a4-1392-4310-a798-8053ce3e93fd" },
        { &IID_IDXGIOutput5, "80a07424-ab52-42eb-833c-0c42fd282d98" },
        { &IID_IDXGISwapChain4, "3d585d5a-bd4a-489e-b1f4-3dbcb6452ffb" },
        { &IID_IDXGIDevice4, "95b4f95f-d8da-4ca4-9ee6-3b76d5968a10" },
        { &IID_IDXGIFactory5, "7632e1f5-ee65-4dca-87fd-84cd75f8838d" },
        { &IID_IDXGIAdapter4, "3c8d99d1-4fbf-4181-a82c-af66bf7bd24e" },
        { &IID_IDXGIOutput6, "068346e8-aaec-4b84-add7-137f513f77a1" },
        { &IID_IDXGIFactory6, "c1b6694f-ff09-44a9-b03c-77900a0a1d17" },
        { &IID_IDXGIFactory7, "a4966eed-76db-44da-84c1-ee9a7afb20a8" },
    };
    for (size_t i = 0; i < sizeof(iids) / sizeof(iids[0]); i++)
        if (!iid_is(iids[i].iid, iids[i].text))
            harness_fail(__FILE__, __LINE__, "IID %zu is not %s", i, iids[i].text);
}

TEST(layout_dxgi12_vtable_slots)
{
    CHECK_EQ(SLOT(IDXGISwapChain1Vtbl, GetDesc1), 18);
    CHECK_EQ(SLOT(IDXGISwapChain1Vtbl, Present1), 22);
    CHECK_EQ(SLOT(IDXGISwapChain1Vtbl, GetRotation), 28);
    CHECK_EQ(SLOT(IDXGISwapChain2Vtbl, SetSourceSize), 29);
    CHECK_EQ(SLOT(IDXGISwapChain2Vtbl, GetFrameLatencyWaitableObject), 33);
    CHECK_EQ(SLOT(IDXGISwapChain2Vtbl, GetMatrixTransform), 35);
    CHECK_EQ(SLOT(IDXGISwapChain3Vtbl, GetCurrentBackBufferIndex), 36);
    CHECK_EQ(SLOT(IDXGISwapChain3Vtbl, ResizeBuffers1), 39);
    CHECK_EQ(SLOT(IDXGISwapChain4Vtbl, SetHDRMetaData), 40);
    CHECK_EQ(sizeof(IDXGISwapChain4Vtbl) / sizeof(void *), 41);
    CHECK_EQ(SLOT(IDXGIFactory2Vtbl, IsWindowedStereoEnabled), 14);
    CHECK_EQ(SLOT(IDXGIFactory2Vtbl, CreateSwapChainForHwnd), 15);
    CHECK_EQ(SLOT(IDXGIFactory2Vtbl, UnregisterOcclusionStatus), 23);
    CHECK_EQ(SLOT(IDXGIFactory2Vtbl, CreateSwapChainForComposition), 24);
    CHECK_EQ(SLOT(IDXGIFactory3Vtbl, GetCreationFlags), 25);
    CHECK_EQ(SLOT(IDXGIFactory4Vtbl, EnumAdapterByLuid), 26);
    CHECK_EQ(SLOT(IDXGIFactory4Vtbl, EnumWarpAdapter), 27);
    CHECK_EQ(SLOT(IDXGIFactory5Vtbl, CheckFeatureSupport), 28);
    CHECK_EQ(SLOT(IDXGIFactory6Vtbl, EnumAdapterByGpuPreference), 29);
    CHECK_EQ(SLOT(IDXGIFactory7Vtbl, UnregisterAdaptersChangedEvent), 31);
    CHECK_EQ(SLOT(IDXGIAdapter2Vtbl, GetDesc2), 11);
    CHECK_EQ(SLOT(IDXGIAdapter3Vtbl, QueryVideoMemoryInfo), 14);
    CHECK_EQ(SLOT(IDXGIAdapter3Vtbl, UnregisterVideoMemoryBudgetChangeNotification), 17);
    CHECK_EQ(SLOT(IDXGIAdapter4Vtbl, GetDesc3), 18);
    CHECK_EQ(SLOT(IDXGIDevice2Vtbl, EnqueueSetEvent), 16);
    CHECK_EQ(SLOT(IDXGIDevice3Vtbl, Trim), 17);
    CHECK_EQ(SLOT(IDXGIDevice4Vtbl, ReclaimResources1), 19);
    CHECK_EQ(SLOT(IDXGIOutput1Vtbl, DuplicateOutput), 22);
    CHECK_EQ(SLOT(IDXGIOutput2Vtbl, SupportsOverlays), 23);
    CHECK_EQ(SLOT(IDXGIOutput5Vtbl, DuplicateOutput1), 26);
    CHECK_EQ(SLOT(IDXGIOutput6Vtbl, CheckHardwareCompositionSupport), 28);
    CHECK_EQ(SLOT(IDXGIOutputDuplicationVtbl, ReleaseFrame), 14);
    CHECK_EQ(SLOT(IDXGISurface2Vtbl, GetResource), 13);
    CHECK_EQ(SLOT(IDXGIResource1Vtbl, CreateSharedHandle), 13);
    CHECK_EQ(SLOT(IDXGIDecodeSwapChainVtbl, GetColorSpace), 11);
    CHECK_EQ(SLOT(IDXGISwapChainMediaVtbl, CheckPresentDurationSupport), 5);
    CHECK_EQ(SLOT(IDXGIDisplayControlVtbl, SetStereoEnabled), 4);
}

/* The exported functions have the documented prototypes (checked at compile time, no linking). */
_Static_assert(_Generic(&CreateDXGIFactory2, HRESULT (*)(UINT, REFIID, void **): 1, default: 0),
               "CreateDXGIFactory2");
_Static_assert(_Generic(&DXGIGetDebugInterface1, HRESULT (*)(UINT, REFIID, void **): 1, default: 0),
               "DXGIGetDebugInterface1");
