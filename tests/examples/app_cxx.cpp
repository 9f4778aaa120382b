// An application written for Windows in C++, the way modern Direct3D 11 code is: ComPtr holds
// every object, IID_PPV_ARGS asks for interfaces, CD3D11_* helpers fill the descriptions.  It
// creates a device at feature level 9_3, clears a render target, copies it to a staging texture,
// reads the pixels back and checks them.  It builds unchanged on Windows with the SDK and on
// Linux with softd3d:  c++ app_cxx.cpp $(pkg-config --cflags --libs softd3d)
#include <Windows.h>
#include <d3d11.h>
#include <wrl/client.h>
#include <cstdio>

using Microsoft::WRL::ComPtr;

static bool ok(HRESULT hr, const char *what)
{
    if (FAILED(hr))
        std::printf("%s failed: 0x%08lx\n", what, static_cast<unsigned long>(hr));
    return SUCCEEDED(hr);
}

int main()
{
    const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_3;
    ComPtr<ID3D11Device> device;
    ComPtr<ID3D11DeviceContext> context;
    D3D_FEATURE_LEVEL got;
    if (!ok(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1,
                              D3D11_SDK_VERSION, &device, &got, &context), "D3D11CreateDevice"))
        return 1;
    if (got != D3D_FEATURE_LEVEL_9_3) {
        std::printf("feature level 0x%x, wanted 9_3\n", static_cast<unsigned>(got));
        return 1;
    }

    ComPtr<IDXGIDevice> dxgi;
    ComPtr<IDXGIAdapter> adapter;
    DXGI_ADAPTER_DESC adesc;
    if (!ok(device->QueryInterface(IID_PPV_ARGS(&dxgi)), "QueryInterface(IDXGIDevice)") ||
        !ok(dxgi->GetAdapter(&adapter), "GetAdapter") || !ok(adapter->GetDesc(&adesc), "GetDesc"))
        return 1;
    std::printf("adapter: ");
    for (const WCHAR *c = adesc.Description; *c; c++)
        std::putchar(*c < 128 ? static_cast<char>(*c) : '?');
    std::printf("\n");

    // A 64x64 render target, and a staging copy the CPU can read.
    const UINT W = 64, H = 64;
    const CD3D11_TEXTURE2D_DESC target_desc(DXGI_FORMAT_R8G8B8A8_UNORM, W, H, 1, 1,
                                            D3D11_BIND_RENDER_TARGET);
    const CD3D11_TEXTURE2D_DESC staging_desc(DXGI_FORMAT_R8G8B8A8_UNORM, W, H, 1, 1, 0,
                                             D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ);
    ComPtr<ID3D11Texture2D> target, staging;
    ComPtr<ID3D11RenderTargetView> rtv;
    if (!ok(device->CreateTexture2D(&target_desc, nullptr, &target), "CreateTexture2D(target)") ||
        !ok(device->CreateTexture2D(&staging_desc, nullptr, &staging), "CreateTexture2D(staging)"))
        return 1;
    const CD3D11_RENDER_TARGET_VIEW_DESC rtv_desc(target.Get(), D3D11_RTV_DIMENSION_TEXTURE2D);
    if (!ok(device->CreateRenderTargetView(target.Get(), &rtv_desc, &rtv), "CreateRenderTargetView"))
        return 1;

    const CD3D11_VIEWPORT viewport(target.Get(), rtv.Get());
    context->OMSetRenderTargets(1, rtv.GetAddressOf(), nullptr);
    context->RSSetViewports(1, &viewport);
    const FLOAT colour[4] = { 1.0f, 0.5f, 0.25f, 1.0f };
    context->ClearRenderTargetView(rtv.Get(), colour);
    context->CopyResource(staging.Get(), target.Get());

    D3D11_MAPPED_SUBRESOURCE mapped;
    if (!ok(context->Map(staging.Get(), 0, D3D11_MAP_READ, 0, &mapped), "Map"))
        return 1;
    int bad = 0;
    for (UINT y = 0; y < H; y++)
        for (UINT x = 0; x < W; x++) {
            const BYTE *p = static_cast<const BYTE *>(mapped.pData) + y * mapped.RowPitch + x * 4;
            // 0.5 and 0.25 in UNORM8: round(127.5) = 128, round(63.75) = 64.
            if (p[0] != 255 || p[1] != 128 || p[2] != 64 || p[3] != 255) {
                if (!bad)
                    std::printf("pixel (%u, %u) = %u %u %u %u, wanted 255 128 64 255\n", x, y, p[0],
                                p[1], p[2], p[3]);
                bad++;
            }
        }
    context->Unmap(staging.Get(), 0);
    std::printf("viewport %.0fx%.0f, %d of %u pixels wrong\n", viewport.Width, viewport.Height, bad,
                W * H);
    return bad ? 1 : 0;
}
