/* tests/test_layout_d3d10.c — d3d10.h and d3d10_1.h against the Windows x64 ABI: the sizes and
 * offsets of the structures that differ from D3D11's, enumeration values, and vtable slots
 * (the count of each interface's methods and the place of a few). */
#define COBJMACROS
#include "harness.h"

#include <stddef.h>

#include "d3d10_1.h"
#include "d3d11_4.h"

#define SLOT(vtbl, method) (offsetof(vtbl, method) / sizeof(void *))
#define NSLOTS(vtbl) (sizeof(vtbl) / sizeof(void *))

TEST(layout_d3d10_types)
{
    CHECK_EQ(sizeof(D3D10_BLEND_DESC), 68);
    CHECK_EQ(offsetof(D3D10_BLEND_DESC, SrcBlend), 36);
    CHECK_EQ(offsetof(D3D10_BLEND_DESC, RenderTargetWriteMask), 60);
    CHECK_EQ(sizeof(D3D10_BLEND_DESC1), 264);
    CHECK_EQ(sizeof(D3D10_VIEWPORT), 24);
    CHECK_EQ(offsetof(D3D10_VIEWPORT, MinDepth), 16);
    CHECK_EQ(sizeof(D3D10_BUFFER_DESC), 20);
    CHECK_EQ(sizeof(D3D10_TEXTURE2D_DESC), 44);
    CHECK_EQ(sizeof(D3D10_DEPTH_STENCIL_VIEW_DESC), 20);
    CHECK_EQ(offsetof(D3D10_DEPTH_STENCIL_VIEW_DESC, Texture2D.MipSlice), 8);
    CHECK_EQ(sizeof(D3D10_SHADER_RESOURCE_VIEW_DESC), 24);
    CHECK_EQ(sizeof(D3D10_SHADER_RESOURCE_VIEW_DESC1), 24);
    CHECK_EQ(sizeof(D3D10_RENDER_TARGET_VIEW_DESC), 20);
    CHECK_EQ(sizeof(D3D10_SO_DECLARATION_ENTRY), 16);
    CHECK_EQ(offsetof(D3D10_SO_DECLARATION_ENTRY, StartComponent), 12);
    CHECK_EQ(sizeof(D3D10_INPUT_ELEMENT_DESC), 32);
    CHECK_EQ(sizeof(D3D10_MAPPED_TEXTURE2D), 16);
    CHECK_EQ(sizeof(D3D10_MAPPED_TEXTURE3D), 16);
    CHECK_EQ(sizeof(D3D10_COUNTER_INFO), 12);
    CHECK_EQ(sizeof(D3D10_QUERY_DATA_TIMESTAMP_DISJOINT), 16);
    CHECK_EQ(sizeof(D3D10_SAMPLER_DESC), 52);
    CHECK_EQ(D3D10_SDK_VERSION, 29);
    CHECK_EQ(D3D10_1_SDK_VERSION, 0x20);
    CHECK_EQ(D3D10_DRIVER_TYPE_WARP, 5);
    CHECK_EQ(D3D10_CREATE_DEVICE_DEBUGGABLE, 0x400);
    CHECK_EQ(D3D10_FEATURE_LEVEL_10_1, 0xa100);
    CHECK_EQ(D3D10_BLEND_INV_SRC1_ALPHA, 19);
    CHECK_EQ(D3D10_FILTER_COMPARISON_ANISOTROPIC, 0xd5);
    CHECK_EQ(D3D10_RESOURCE_MISC_GDI_COMPATIBLE, 0x20);
    CHECK_EQ(D3D10_FORMAT_SUPPORT_BACK_BUFFER_CAST, 0x1000000);
    CHECK_EQ((uint32_t)D3D10_ERROR_FILE_NOT_FOUND, 0x88790002u);
}

TEST(layout_d3d10_interfaces)
{
    CHECK_EQ(SLOT(ID3D10DeviceVtbl, VSSetConstantBuffers), 3);
    CHECK_EQ(SLOT(ID3D10DeviceVtbl, Draw), 9);
    CHECK_EQ(SLOT(ID3D10DeviceVtbl, OMSetRenderTargets), 24);
    CHECK_EQ(SLOT(ID3D10DeviceVtbl, ClearRenderTargetView), 35);
    CHECK_EQ(SLOT(ID3D10DeviceVtbl, VSGetConstantBuffers), 39);
    CHECK_EQ(SLOT(ID3D10DeviceVtbl, GetDeviceRemovedReason), 63);
    CHECK_EQ(SLOT(ID3D10DeviceVtbl, CreateBuffer), 71);
    CHECK_EQ(SLOT(ID3D10DeviceVtbl, CheckFormatSupport), 90);
    CHECK_EQ(NSLOTS(ID3D10DeviceVtbl), 98);
    CHECK_EQ(SLOT(ID3D10Device1Vtbl, CreateShaderResourceView1), 98);
    CHECK_EQ(NSLOTS(ID3D10Device1Vtbl), 101);
    CHECK_EQ(SLOT(ID3D10Texture2DVtbl, Map), 10);
    CHECK_EQ(NSLOTS(ID3D10Texture2DVtbl), 13);
    CHECK_EQ(NSLOTS(ID3D10BufferVtbl), 13);
    CHECK_EQ(SLOT(ID3D10ShaderResourceView1Vtbl, GetDesc1), 9);
    CHECK_EQ(NSLOTS(ID3D10BlendState1Vtbl), 9);
    CHECK_EQ(NSLOTS(ID3D10QueryVtbl), 12);
    CHECK_EQ(NSLOTS(ID3D10MultithreadVtbl), 7);
    /* IIDs (the SDK's). */
    CHECK(IID_ID3D10Device.Data1 == 0x9b7e4c0f && IID_ID3D10Device1.Data1 == 0x9b7e4c8f);
    CHECK(IsEqualGUID(&IID_ID3D10Multithread, &IID_ID3D11Multithread));
}
