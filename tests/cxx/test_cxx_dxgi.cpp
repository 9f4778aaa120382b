/* DXGI 1.2+ from C++ as modern Direct3D 11 code writes it: CreateDXGIFactory2 with
 * IID_PPV_ARGS, a flip-model chain from CreateSwapChainForHwnd held in ComPtr, As() up to
 * IDXGISwapChain4, rendering into GetBuffer(0) and reading the pixels back, tearing asked for
 * through IDXGIFactory5. */
#include "harness.h"

#include <d3d11.h>
#include <dxgi1_6.h>
#include <string.h>
#include <wrl/client.h>

using Microsoft::WRL::ComPtr;

TEST(cxx_dxgi_flip_chain_for_hwnd)
{
    ComPtr<IDXGIFactory2> factory;
    CHECK_HR(CreateDXGIFactory2(0, IID_PPV_ARGS(&factory)), S_OK);
    if (!factory)
        return;
    ComPtr<IDXGIFactory5> f5;
    BOOL tearing = FALSE;
    CHECK_HR(factory.As(&f5), S_OK);
    CHECK_HR(f5->CheckFeatureSupport(DXGI_FEATURE_PRESENT_ALLOW_TEARING, &tearing, sizeof(tearing)),
             S_OK);
    CHECK_EQ(tearing, TRUE);
    ComPtr<IDXGIFactory7> f7;
    CHECK_HR(factory.As(&f7), E_NOINTERFACE);

    ComPtr<IDXGIAdapter1> adapter;
    CHECK_HR(factory->EnumAdapters1(0, &adapter), S_OK);
    const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_3;
    ComPtr<ID3D11Device> device;
    ComPtr<ID3D11DeviceContext> context;
    CHECK_HR(D3D11CreateDevice(adapter.Get(), D3D_DRIVER_TYPE_UNKNOWN, nullptr, 0, &level, 1,
                               D3D11_SDK_VERSION, &device, nullptr, &context), S_OK);
    if (!device)
        return;

    DXGI_SWAP_CHAIN_DESC1 desc = {};
    desc.Width = 8;
    desc.Height = 4;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;
    desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    desc.BufferCount = 2;
    desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
    desc.Flags = tearing ? DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING : 0;
    ComPtr<IDXGISwapChain1> chain;
    CHECK_HR(factory->CreateSwapChainForHwnd(device.Get(), reinterpret_cast<HWND>(0x10), &desc,
                                             nullptr, nullptr, &chain), S_OK);
    if (!chain)
        return;
    ComPtr<IDXGISwapChain4> chain4;
    CHECK_HR(chain.As(&chain4), S_OK);
    CHECK_EQ(chain4->GetCurrentBackBufferIndex(), 0u);

    ComPtr<ID3D11Texture2D> back;
    CHECK_HR(chain4->GetBuffer(chain4->GetCurrentBackBufferIndex(), IID_PPV_ARGS(&back)), S_OK);
    ComPtr<ID3D11RenderTargetView> rtv;
    CHECK_HR(device->CreateRenderTargetView(back.Get(), nullptr, &rtv), S_OK);
    const FLOAT blue[4] = { 0.0f, 0.0f, 1.0f, 1.0f };
    context->ClearRenderTargetView(rtv.Get(), blue);
    CHECK_HR(chain4->Present(0, DXGI_PRESENT_ALLOW_TEARING), S_OK);

    D3D11_TEXTURE2D_DESC td;
    back->GetDesc(&td);
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ComPtr<ID3D11Texture2D> staging;
    CHECK_HR(device->CreateTexture2D(&td, nullptr, &staging), S_OK);
    if (staging) {
        D3D11_MAPPED_SUBRESOURCE m;
        context->CopyResource(staging.Get(), back.Get());
        CHECK_HR(context->Map(staging.Get(), 0, D3D11_MAP_READ, 0, &m), S_OK);
        uint32_t px = 0;
        memcpy(&px, static_cast<const uint8_t *>(m.pData) + 3 * m.RowPitch + 7 * 4, 4);
        CHECK_EQ(px, 0xffff0000u);   /* R 0, G 0, B 255, A 255 */
        context->Unmap(staging.Get(), 0);
    }
    DXGI_SWAP_CHAIN_DESC1 got = {};
    CHECK_HR(chain4->GetDesc1(&got), S_OK);
    CHECK(got.Width == 8 && got.Height == 4 && got.SwapEffect == DXGI_SWAP_EFFECT_FLIP_DISCARD);
    CHECK_HR(chain4->SetHDRMetaData(DXGI_HDR_METADATA_TYPE_NONE, 0, nullptr), S_OK);
}
