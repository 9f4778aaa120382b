/* tests/test_layout_d3d9.c — d3d9types.h / d3d9caps.h / d3d9.h against the Windows x64 ABI.
 *
 * Sizes and offsets are those of the Windows SDK headers compiled for x64 (natural alignment;
 * pointers and HWND are 8 bytes).  Vtable slots count from 0 = QueryInterface.
 *
 * The IIDs checked are the ones libsoftd3d defines and exports (src/core/guids.c).
 */
#include "softd3d/windows_base.h"

#define COBJMACROS
#include "d3d9.h"

#include "harness.h"

#define SLOT(vtbl, method) (offsetof(vtbl, method) / sizeof(void *))

TEST(layout_d3d9_caps9)
{
    CHECK_EQ(sizeof(D3DVSHADERCAPS2_0), 16);
    CHECK_EQ(sizeof(D3DPSHADERCAPS2_0), 20);
    CHECK_EQ(sizeof(D3DCAPS9), 304);
    CHECK_EQ(offsetof(D3DCAPS9, DeviceType), 0);
    CHECK_EQ(offsetof(D3DCAPS9, AdapterOrdinal), 4);
    CHECK_EQ(offsetof(D3DCAPS9, Caps), 8);
    CHECK_EQ(offsetof(D3DCAPS9, Caps2), 12);
    CHECK_EQ(offsetof(D3DCAPS9, PresentationIntervals), 20);
    CHECK_EQ(offsetof(D3DCAPS9, DevCaps), 28);
    CHECK_EQ(offsetof(D3DCAPS9, PrimitiveMiscCaps), 32);
    CHECK_EQ(offsetof(D3DCAPS9, ZCmpCaps), 40);
    CHECK_EQ(offsetof(D3DCAPS9, TextureCaps), 60);
    CHECK_EQ(offsetof(D3DCAPS9, TextureFilterCaps), 64);
    CHECK_EQ(offsetof(D3DCAPS9, TextureAddressCaps), 76);
    CHECK_EQ(offsetof(D3DCAPS9, LineCaps), 84);
    CHECK_EQ(offsetof(D3DCAPS9, MaxTextureWidth), 88);
    CHECK_EQ(offsetof(D3DCAPS9, MaxTextureHeight), 92);
    CHECK_EQ(offsetof(D3DCAPS9, MaxAnisotropy), 108);
    CHECK_EQ(offsetof(D3DCAPS9, MaxVertexW), 112);
    CHECK_EQ(offsetof(D3DCAPS9, GuardBandLeft), 116);
    CHECK_EQ(offsetof(D3DCAPS9, ExtentsAdjust), 132);
    CHECK_EQ(offsetof(D3DCAPS9, StencilCaps), 136);
    CHECK_EQ(offsetof(D3DCAPS9, TextureOpCaps), 144);
    CHECK_EQ(offsetof(D3DCAPS9, MaxSimultaneousTextures), 152);
    CHECK_EQ(offsetof(D3DCAPS9, VertexProcessingCaps), 156);
    CHECK_EQ(offsetof(D3DCAPS9, MaxPointSize), 176);
    CHECK_EQ(offsetof(D3DCAPS9, MaxPrimitiveCount), 180);
    CHECK_EQ(offsetof(D3DCAPS9, MaxVertexIndex), 184);
    CHECK_EQ(offsetof(D3DCAPS9, MaxStreamStride), 192);
    CHECK_EQ(offsetof(D3DCAPS9, VertexShaderVersion), 196);
    CHECK_EQ(offsetof(D3DCAPS9, MaxVertexShaderConst), 200);
    CHECK_EQ(offsetof(D3DCAPS9, PixelShaderVersion), 204);
    CHECK_EQ(offsetof(D3DCAPS9, PixelShader1xMaxValue), 208);
    CHECK_EQ(offsetof(D3DCAPS9, DevCaps2), 212);
    CHECK_EQ(offsetof(D3DCAPS9, MaxNpatchTessellationLevel), 216);
    CHECK_EQ(offsetof(D3DCAPS9, MasterAdapterOrdinal), 224);
    CHECK_EQ(offsetof(D3DCAPS9, DeclTypes), 236);
    CHECK_EQ(offsetof(D3DCAPS9, NumSimultaneousRTs), 240);
    CHECK_EQ(offsetof(D3DCAPS9, StretchRectFilterCaps), 244);
    CHECK_EQ(offsetof(D3DCAPS9, VS20Caps), 248);
    CHECK_EQ(offsetof(D3DCAPS9, PS20Caps), 264);
    CHECK_EQ(offsetof(D3DCAPS9, PS20Caps.NumInstructionSlots), 280);
    CHECK_EQ(offsetof(D3DCAPS9, VertexTextureFilterCaps), 284);
    CHECK_EQ(offsetof(D3DCAPS9, MaxVShaderInstructionsExecuted), 288);
    CHECK_EQ(offsetof(D3DCAPS9, MaxPixelShader30InstructionSlots), 300);
}

TEST(layout_d3d9_present_and_adapter)
{
    /* 56 bytes on 32-bit Windows; on x64 hDeviceWindow is 8-aligned, which makes it 64. */
    CHECK_EQ(sizeof(D3DPRESENT_PARAMETERS), 64);
    CHECK_EQ(offsetof(D3DPRESENT_PARAMETERS, BackBufferFormat), 8);
    CHECK_EQ(offsetof(D3DPRESENT_PARAMETERS, MultiSampleType), 16);
    CHECK_EQ(offsetof(D3DPRESENT_PARAMETERS, SwapEffect), 24);
    CHECK_EQ(offsetof(D3DPRESENT_PARAMETERS, hDeviceWindow), 32);
    CHECK_EQ(offsetof(D3DPRESENT_PARAMETERS, Windowed), 40);
    CHECK_EQ(offsetof(D3DPRESENT_PARAMETERS, AutoDepthStencilFormat), 48);
    CHECK_EQ(offsetof(D3DPRESENT_PARAMETERS, Flags), 52);
    CHECK_EQ(offsetof(D3DPRESENT_PARAMETERS, FullScreen_RefreshRateInHz), 56);
    CHECK_EQ(offsetof(D3DPRESENT_PARAMETERS, PresentationInterval), 60);

    CHECK_EQ(sizeof(D3DADAPTER_IDENTIFIER9), 1104);
    CHECK_EQ(offsetof(D3DADAPTER_IDENTIFIER9, Description), 512);
    CHECK_EQ(offsetof(D3DADAPTER_IDENTIFIER9, DeviceName), 1024);
    CHECK_EQ(offsetof(D3DADAPTER_IDENTIFIER9, DriverVersion), 1056);
    CHECK_EQ(offsetof(D3DADAPTER_IDENTIFIER9, VendorId), 1064);
    CHECK_EQ(offsetof(D3DADAPTER_IDENTIFIER9, Revision), 1076);
    CHECK_EQ(offsetof(D3DADAPTER_IDENTIFIER9, DeviceIdentifier), 1080);
    CHECK_EQ(offsetof(D3DADAPTER_IDENTIFIER9, WHQLLevel), 1096);

    CHECK_EQ(sizeof(D3DDISPLAYMODE), 16);
    CHECK_EQ(sizeof(D3DDEVICE_CREATION_PARAMETERS), 24);
    CHECK_EQ(offsetof(D3DDEVICE_CREATION_PARAMETERS, hFocusWindow), 8);
    CHECK_EQ(offsetof(D3DDEVICE_CREATION_PARAMETERS, BehaviorFlags), 16);
    CHECK_EQ(sizeof(D3DGAMMARAMP), 1536);
    CHECK_EQ(sizeof(D3DRASTER_STATUS), 8);
    CHECK_EQ(sizeof(D3DDISPLAYMODEEX), 24);
    CHECK_EQ(sizeof(D3DDISPLAYMODEFILTER), 12);
    CHECK_EQ(sizeof(D3DPRESENTSTATS), 32);
    CHECK_EQ(offsetof(D3DPRESENTSTATS, SyncQPCTime), 16);
}

TEST(layout_d3d9_fixed_function)
{
    CHECK_EQ(sizeof(D3DMATRIX), 64);
    CHECK_EQ(offsetof(D3DMATRIX, _11), 0);
    CHECK_EQ(offsetof(D3DMATRIX, _44), 60);
    CHECK_EQ(offsetof(D3DMATRIX, m), 0);
    D3DMATRIX mat;
    memset(&mat, 0, sizeof(mat));
    mat._32 = 5.0f;
    CHECK(mat.m[2][1] == 5.0f);

    CHECK_EQ(sizeof(D3DVECTOR), 12);
    CHECK_EQ(sizeof(D3DCOLORVALUE), 16);
    CHECK_EQ(sizeof(D3DRECT), 16);
    CHECK_EQ(sizeof(D3DVIEWPORT9), 24);
    CHECK_EQ(offsetof(D3DVIEWPORT9, MinZ), 16);
    CHECK_EQ(sizeof(D3DCLIPSTATUS9), 8);
    CHECK_EQ(sizeof(D3DMATERIAL9), 68);
    CHECK_EQ(offsetof(D3DMATERIAL9, Emissive), 48);
    CHECK_EQ(offsetof(D3DMATERIAL9, Power), 64);
    CHECK_EQ(sizeof(D3DLIGHT9), 104);
    CHECK_EQ(offsetof(D3DLIGHT9, Diffuse), 4);
    CHECK_EQ(offsetof(D3DLIGHT9, Position), 52);
    CHECK_EQ(offsetof(D3DLIGHT9, Direction), 64);
    CHECK_EQ(offsetof(D3DLIGHT9, Range), 76);
    CHECK_EQ(offsetof(D3DLIGHT9, Attenuation2), 92);
    CHECK_EQ(offsetof(D3DLIGHT9, Phi), 100);
}

TEST(layout_d3d9_resources)
{
    CHECK_EQ(sizeof(D3DVERTEXELEMENT9), 8);
    CHECK_EQ(offsetof(D3DVERTEXELEMENT9, Offset), 2);
    CHECK_EQ(offsetof(D3DVERTEXELEMENT9, Type), 4);
    CHECK_EQ(offsetof(D3DVERTEXELEMENT9, UsageIndex), 7);
    D3DVERTEXELEMENT9 decl[] = {
        { 0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
        D3DDECL_END()
    };
    CHECK_EQ(decl[1].Stream, 0xFF);
    CHECK_EQ(decl[1].Type, D3DDECLTYPE_UNUSED);

    CHECK_EQ(sizeof(D3DSURFACE_DESC), 32);
    CHECK_EQ(offsetof(D3DSURFACE_DESC, MultiSampleType), 16);
    CHECK_EQ(offsetof(D3DSURFACE_DESC, Width), 24);
    CHECK_EQ(offsetof(D3DSURFACE_DESC, Height), 28);
    CHECK_EQ(sizeof(D3DVOLUME_DESC), 28);
    CHECK_EQ(sizeof(D3DVERTEXBUFFER_DESC), 24);
    CHECK_EQ(sizeof(D3DINDEXBUFFER_DESC), 20);
    CHECK_EQ(sizeof(D3DLOCKED_RECT), 16);
    CHECK_EQ(offsetof(D3DLOCKED_RECT, pBits), 8);
    CHECK_EQ(sizeof(D3DLOCKED_BOX), 16);
    CHECK_EQ(offsetof(D3DLOCKED_BOX, pBits), 8);
    CHECK_EQ(sizeof(D3DBOX), 24);
    CHECK_EQ(sizeof(D3DRANGE), 8);
    CHECK_EQ(sizeof(D3DRECTPATCH_INFO), 28);
    CHECK_EQ(sizeof(D3DTRIPATCH_INFO), 16);
    CHECK_EQ(sizeof(D3DRESOURCESTATS), 44);
    CHECK_EQ(sizeof(D3DDEVINFO_RESOURCEMANAGER), 8 * 44);
    CHECK_EQ(sizeof(D3DMEMORYPRESSURE), 24);
    CHECK_EQ(sizeof(D3DCOMPOSERECTDESC), 8);
    CHECK_EQ(sizeof(D3DCOMPOSERECTDESTINATION), 8);
}

TEST(layout_d3d9_enums)
{
    CHECK_EQ(sizeof(D3DFORMAT), 4);
    CHECK_EQ(sizeof(D3DRENDERSTATETYPE), 4);
    CHECK_EQ(D3DRS_ZENABLE, 7);
    CHECK_EQ(D3DRS_LIGHTING, 137);
    CHECK_EQ(D3DRS_COLORWRITEENABLE, 168);
    CHECK_EQ(D3DRS_SRGBWRITEENABLE, 194);
    CHECK_EQ(D3DRS_WRAP8, 198);
    CHECK_EQ(D3DRS_BLENDOPALPHA, 209);
    CHECK_EQ(D3DTSS_CONSTANT, 32);
    CHECK_EQ(D3DSAMP_DMAPOFFSET, 13);
    CHECK_EQ(D3DTOP_LERP, 26);
    CHECK_EQ(D3DTS_WORLD, 256);
    CHECK_EQ(D3DTS_WORLDMATRIX(3), 259);
    CHECK_EQ(D3DTS_TEXTURE7, 23);
    CHECK_EQ(D3DFMT_A8R8G8B8, 21);
    CHECK_EQ(D3DFMT_A2B10G10R10, 31);
    CHECK_EQ(D3DFMT_D24S8, 75);
    CHECK_EQ(D3DFMT_L16, 81);
    CHECK_EQ(D3DFMT_INDEX16, 101);
    CHECK_EQ(D3DFMT_A16B16G16R16F, 113);
    CHECK_EQ(D3DFMT_A32B32G32R32F, 116);
    CHECK_EQ(D3DFMT_BINARYBUFFER, 199);
    CHECK_EQ(D3DFMT_DXT1, MAKEFOURCC('D', 'X', 'T', '1'));
    CHECK_EQ(D3DFMT_DXT1, 0x31545844);
    CHECK_EQ(D3DFMT_MULTI2_ARGB8, MAKEFOURCC('M', 'E', 'T', '1'));
    CHECK_EQ(D3DDECLTYPE_FLOAT16_4, 16);
    CHECK_EQ(D3DDECLUSAGE_SAMPLE, 13);
    CHECK_EQ(D3DQUERYTYPE_OCCLUSION, 9);
    CHECK_EQ(D3DQUERYTYPE_MEMORYPRESSURE, 19);
    CHECK_EQ(D3DMULTISAMPLE_16_SAMPLES, 16);
    CHECK_EQ(D3DSWAPEFFECT_FLIPEX, 5);
    CHECK_EQ(D3DTEXF_GAUSSIANQUAD, 7);
}

TEST(layout_d3d9_flags)
{
    CHECK_EQ(D3D_SDK_VERSION, 32);
    CHECK_EQ(D3DCREATE_SOFTWARE_VERTEXPROCESSING, 0x20);
    CHECK_EQ(D3DCREATE_HARDWARE_VERTEXPROCESSING, 0x40);
    CHECK_EQ(D3DCREATE_MIXED_VERTEXPROCESSING, 0x80);
    CHECK_EQ(D3DCREATE_NOWINDOWCHANGES, 0x800);
    CHECK_EQ(D3DCURRENT_DISPLAY_MODE, 0x00EFFFFF);
    CHECK_EQ(D3DUSAGE_DYNAMIC, 0x200);
    CHECK_EQ(D3DUSAGE_QUERY_WRAPANDMIP, 0x200000);
    CHECK_EQ(D3DLOCK_DISCARD, 0x2000);
    CHECK_EQ(D3DLOCK_NOOVERWRITE, 0x1000);
    CHECK_EQ(D3DFVF_XYZRHW, 0x004);
    CHECK_EQ(D3DFVF_TEX2 | D3DFVF_TEXCOORDSIZE3(1), 0x40200);
    CHECK_EQ(D3DFVF_TEXCOORDSIZE1(0), 0x30000);
    CHECK_EQ(D3DPS_VERSION(2, 0), 0xFFFF0200u);
    CHECK_EQ(D3DVS_VERSION(3, 0), 0xFFFE0300u);
    CHECK_EQ(D3DSHADER_VERSION_MAJOR(D3DPS_VERSION(2, 1)), 2);
    CHECK_EQ(D3DSHADER_COMMENT(2), 0x0002FFFE);
    CHECK_EQ(D3DSIO_TEXLDL, 95);
    CHECK_EQ(D3DSIO_BREAKP, 96);
    CHECK_EQ(D3DSPR_PREDICATE, 19);
    CHECK_EQ(D3DSPSM_NOT, 0x0D000000);
    CHECK_EQ(D3DSTT_VOLUME, 0x20000000);
    CHECK_EQ(D3DSP_NOSWIZZLE, 0x00E40000);
    CHECK_EQ(D3DCOLOR_ARGB(1, 2, 3, 4), 0x01020304u);
    CHECK_EQ(D3DCOLOR_RGBA(1, 2, 3, 4), 0x04010203u);
    CHECK_EQ(D3DCOLOR_XRGB(0x10, 0x20, 0x30), 0xFF102030u);
    CHECK_EQ(D3DPRESENT_INTERVAL_IMMEDIATE, 0x80000000u);
    CHECK_EQ(D3DCAPS2_DYNAMICTEXTURES, 0x20000000);
    CHECK_EQ(D3DPMISCCAPS_SEPARATEALPHABLEND, 0x20000);
    CHECK_EQ(D3DPMISCCAPS_MRTPOSTPIXELSHADERBLENDING, 0x80000);
    CHECK_EQ(D3DPRASTERCAPS_DEPTHBIAS, 0x04000000);
    CHECK_EQ(D3DPTFILTERCAPS_MAGFLINEAR, 0x02000000);
    CHECK_EQ(D3DPTADDRESSCAPS_MIRRORONCE, 0x20);
    CHECK_EQ(D3DSTENCILCAPS_TWOSIDED, 0x100);
    CHECK_EQ(D3DDEVCAPS2_VERTEXELEMENTSCANSHARESTREAMOFFSET, 0x40);
    CHECK_EQ(D3DPS20CAPS_GRADIENTINSTRUCTIONS, 2);
    CHECK_EQ(D3DTEXOPCAPS_LERP, 0x02000000);
}

TEST(layout_d3d9_hresults)
{
    CHECK_HR(D3D_OK, S_OK);
    CHECK_HR(D3DERR_INVALIDCALL, (HRESULT)0x8876086cu);
    CHECK_HR(D3DERR_NOTAVAILABLE, (HRESULT)0x8876086au);
    CHECK_HR(D3DERR_DEVICELOST, (HRESULT)0x88760868u);
    CHECK_HR(D3DERR_DEVICENOTRESET, (HRESULT)0x88760869u);
    CHECK_HR(D3DERR_WRONGTEXTUREFORMAT, (HRESULT)0x88760818u);
    CHECK_HR(D3DERR_OUTOFVIDEOMEMORY, (HRESULT)0x8876017cu);
    CHECK_HR(D3DERR_WASSTILLDRAWING, (HRESULT)0x8876021cu);
    CHECK_HR(D3DERR_DEVICEREMOVED, (HRESULT)0x88760870u);
    CHECK_HR(D3DOK_NOAUTOGEN, (HRESULT)0x0876086f);
    CHECK_HR(S_PRESENT_OCCLUDED, (HRESULT)0x08760878);
    CHECK(FAILED(D3DERR_INVALIDCALL));
    CHECK(SUCCEEDED(D3DOK_NOAUTOGEN));
}

TEST(layout_d3d9_vtables)
{
    CHECK_EQ(SLOT(IDirect3D9Vtbl, RegisterSoftwareDevice), 3);
    CHECK_EQ(SLOT(IDirect3D9Vtbl, GetDeviceCaps), 14);
    CHECK_EQ(SLOT(IDirect3D9Vtbl, CreateDevice), 16);
    CHECK_EQ(sizeof(IDirect3D9Vtbl), 17 * sizeof(void *));
    CHECK_EQ(SLOT(IDirect3D9ExVtbl, GetAdapterModeCountEx), 17);
    CHECK_EQ(SLOT(IDirect3D9ExVtbl, GetAdapterLUID), 21);

    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, TestCooperativeLevel), 3);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, Reset), 16);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, Present), 17);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, CreateTexture), 23);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, StretchRect), 34);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, BeginScene), 41);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, Clear), 43);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, SetRenderState), 57);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, SetTexture), 65);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, SetSamplerState), 69);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, DrawPrimitive), 81);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, DrawIndexedPrimitive), 82);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, CreateVertexDeclaration), 86);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, SetFVF), 89);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, SetVertexShaderConstantF), 94);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, SetStreamSource), 100);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, SetIndices), 104);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, CreatePixelShader), 106);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, SetPixelShaderConstantF), 109);
    CHECK_EQ(SLOT(IDirect3DDevice9Vtbl, CreateQuery), 118);
    CHECK_EQ(sizeof(IDirect3DDevice9Vtbl), 119 * sizeof(void *));
    CHECK_EQ(SLOT(IDirect3DDevice9ExVtbl, SetConvolutionMonoKernel), 119);
    CHECK_EQ(SLOT(IDirect3DDevice9ExVtbl, PresentEx), 121);
    CHECK_EQ(SLOT(IDirect3DDevice9ExVtbl, GetDisplayModeEx), 133);
    CHECK_EQ(sizeof(IDirect3DDevice9ExVtbl), 134 * sizeof(void *));

    CHECK_EQ(SLOT(IDirect3DStateBlock9Vtbl, Apply), 5);
    CHECK_EQ(SLOT(IDirect3DSwapChain9Vtbl, Present), 3);
    CHECK_EQ(SLOT(IDirect3DSwapChain9Vtbl, GetPresentParameters), 9);
    CHECK_EQ(SLOT(IDirect3DSwapChain9ExVtbl, GetDisplayModeEx), 12);
    CHECK_EQ(SLOT(IDirect3DResource9Vtbl, GetType), 10);
    CHECK_EQ(SLOT(IDirect3DBaseTexture9Vtbl, SetLOD), 11);
    CHECK_EQ(SLOT(IDirect3DBaseTexture9Vtbl, GenerateMipSubLevels), 16);
    CHECK_EQ(SLOT(IDirect3DTexture9Vtbl, GetLevelDesc), 17);
    CHECK_EQ(SLOT(IDirect3DTexture9Vtbl, LockRect), 19);
    CHECK_EQ(SLOT(IDirect3DTexture9Vtbl, AddDirtyRect), 21);
    CHECK_EQ(SLOT(IDirect3DCubeTexture9Vtbl, GetCubeMapSurface), 18);
    CHECK_EQ(SLOT(IDirect3DVolumeTexture9Vtbl, LockBox), 19);
    CHECK_EQ(SLOT(IDirect3DVertexBuffer9Vtbl, Lock), 11);
    CHECK_EQ(SLOT(IDirect3DIndexBuffer9Vtbl, GetDesc), 13);
    CHECK_EQ(SLOT(IDirect3DSurface9Vtbl, GetContainer), 11);
    CHECK_EQ(SLOT(IDirect3DSurface9Vtbl, LockRect), 13);
    CHECK_EQ(SLOT(IDirect3DSurface9Vtbl, ReleaseDC), 16);
    CHECK_EQ(SLOT(IDirect3DVolume9Vtbl, GetContainer), 7);
    CHECK_EQ(SLOT(IDirect3DVolume9Vtbl, UnlockBox), 10);
    CHECK_EQ(SLOT(IDirect3DQuery9Vtbl, Issue), 6);
    CHECK_EQ(SLOT(IDirect3DQuery9Vtbl, GetData), 7);
    CHECK_EQ(SLOT(IDirect3DVertexShader9Vtbl, GetFunction), 4);
    CHECK_EQ(SLOT(IDirect3DVertexDeclaration9Vtbl, GetDeclaration), 4);
}

/* A COBJMACROS macro must reach the slot of the method it names. */
static D3DRENDERSTATETYPE seen_state;
static DWORD seen_value;

static HRESULT STDMETHODCALLTYPE fake_set_render_state(IDirect3DDevice9 *This, D3DRENDERSTATETYPE s,
                                                       DWORD v)
{
    (void)This;
    seen_state = s;
    seen_value = v;
    return D3D_OK;
}

TEST(layout_d3d9_cobjmacros)
{
    IDirect3DDevice9Vtbl vtbl;
    memset(&vtbl, 0, sizeof(vtbl));
    vtbl.SetRenderState = fake_set_render_state;
    IDirect3DDevice9 dev = { &vtbl };
    CHECK_HR(IDirect3DDevice9_SetRenderState(&dev, D3DRS_CULLMODE, D3DCULL_NONE), D3D_OK);
    CHECK_EQ(seen_state, D3DRS_CULLMODE);
    CHECK_EQ(seen_value, D3DCULL_NONE);
}

TEST(layout_d3d9_iids)
{
    static const GUID d3d9 = { 0x81bdcbca, 0x64d4, 0x426d, { 0xae, 0x8d, 0xad, 0x01, 0x47, 0xf4, 0x27, 0x5c } };
    static const GUID device = { 0xd0223b96, 0xbf7a, 0x43fd, { 0x92, 0xbd, 0xa4, 0x3b, 0x0d, 0x82, 0xb9, 0xeb } };
    static const GUID texture = { 0x85c31227, 0x3de5, 0x4f00, { 0x9b, 0x3a, 0xf1, 0x1a, 0xc3, 0x8c, 0x18, 0xb5 } };
    static const GUID surface = { 0x0cfbaf3a, 0x9ff6, 0x429a, { 0x99, 0xb3, 0xa2, 0x79, 0x6a, 0xf8, 0xb8, 0x9b } };
    static const GUID device_ex = { 0xb18b10ce, 0x2649, 0x405a, { 0x87, 0x0f, 0x95, 0xf7, 0x77, 0xd4, 0x31, 0x3a } };
    CHECK(IsEqualGUID(&IID_IDirect3D9, &d3d9));
    CHECK(IsEqualGUID(&IID_IDirect3DDevice9, &device));
    CHECK(IsEqualGUID(&IID_IDirect3DTexture9, &texture));
    CHECK(IsEqualGUID(&IID_IDirect3DSurface9, &surface));
    CHECK(IsEqualGUID(&IID_IDirect3DDevice9Ex, &device_ex));
}
