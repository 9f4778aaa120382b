/* Direct3D 9 from C++, in the style of the D3D9 samples and Dear ImGui's D3D9 back end (whose
 * `device->SetViewport(...)` calls are what the C-only headers could not compile): a device,
 * render state, a viewport, a clear of part of the target, and the pixels read back. */
#include "harness.h"

#include <d3d9.h>
#include <wrl/client.h>

using Microsoft::WRL::ComPtr;

TEST(cxx_d3d9_clear_readback)
{
    ComPtr<IDirect3D9> d3d;
    d3d.Attach(Direct3DCreate9(D3D_SDK_VERSION));
    if (!d3d) {
        harness_fail(__FILE__, __LINE__, "Direct3DCreate9 failed");
        return;
    }
    D3DPRESENT_PARAMETERS pp = {};
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.BackBufferWidth = 32;
    pp.BackBufferHeight = 16;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    ComPtr<IDirect3DDevice9> dev;
    CHECK_HR(d3d->CreateDevice(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, nullptr,
                               D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev), D3D_OK);
    if (!dev)
        return;
    CHECK_HR(dev->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_HR(dev->Clear(0, nullptr, D3DCLEAR_TARGET, D3DCOLOR_XRGB(0, 0, 255), 1.0f, 0), D3D_OK);
    /* The clear is limited to the viewport: the right half. */
    D3DVIEWPORT9 vp = { 16, 0, 16, 16, 0.0f, 1.0f };
    CHECK_HR(dev->SetViewport(&vp), D3D_OK);
    CHECK_HR(dev->Clear(0, nullptr, D3DCLEAR_TARGET, D3DCOLOR_XRGB(255, 128, 0), 1.0f, 0), D3D_OK);

    ComPtr<IDirect3DSurface9> rt, copy;
    CHECK_HR(dev->GetRenderTarget(0, &rt), D3D_OK);
    CHECK_HR(dev->CreateOffscreenPlainSurface(32, 16, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &copy, nullptr),
             D3D_OK);
    if (!rt || !copy)
        return;
    CHECK_HR(dev->GetRenderTargetData(rt.Get(), copy.Get()), D3D_OK);
    D3DLOCKED_RECT lr;
    CHECK_HR(copy->LockRect(&lr, nullptr, D3DLOCK_READONLY), D3D_OK);
    const DWORD *row = static_cast<const DWORD *>(lr.pBits) + 8 * (lr.Pitch / 4);
    CHECK_EQ(row[3] & 0xffffff, 0x0000ff);
    CHECK_EQ(row[20] & 0xffffff, 0xff8000);
    CHECK_HR(copy->UnlockRect(), D3D_OK);
}
