// examples/cube11.cpp — the C++ twin of cube11.c: the same textured, lit, rotating cube through
// Direct3D 11 at 9_3, written as modern Windows C++ code is (Microsoft::WRL::ComPtr, the CD3D11
// helpers, IID_PPV_ARGS, member calls).  It must draw the very pixels cube11.c draws.
//
//   c++ -std=c++11 cube11.cpp $(pkg-config --cflags --libs softd3d) && ./a.out [out.png]
#include <Windows.h>
#include <d3d11.h>
#include <wrl/client.h>

#include <vector>

#include "cube_shaders.h"

using Microsoft::WRL::ComPtr;

namespace {

// What went wrong, printed once; every step returns false after it.
bool fail(const char *what)
{
    printf("cube11 (C++): %s\n", what);
    return false;
}

// The compiled entry point, held by a ComPtr.
ComPtr<ID3DBlob> compile(const char *entry, const char *target)
{
    ComPtr<ID3DBlob> code;
    code.Attach(cube_compile(entry, target, "cube11 (C++)"));
    return code;
}

bool render(std::vector<uint8_t> &pixels)
{
    const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_3;
    ComPtr<ID3D11Device> dev;
    ComPtr<ID3D11DeviceContext> ctx;
    if (FAILED(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1,
                                 D3D11_SDK_VERSION, &dev, nullptr, &ctx)))
        return fail("no Direct3D 11 device at 9_3");

    ComPtr<ID3DBlob> vs_code = compile("vs_main", "vs_4_0_level_9_3");
    ComPtr<ID3DBlob> ps_code = compile("ps_main", "ps_4_0_level_9_3");
    if (!vs_code || !ps_code)
        return false;
    const D3D11_INPUT_ELEMENT_DESC layout_desc[] = {
        { "POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        { "NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        { "TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 24, D3D11_INPUT_PER_VERTEX_DATA, 0 },
    };
    cube_vertex vertices[24];
    uint16_t indices[36];
    uint8_t texels[8 * 8 * 4];
    cube_geometry(vertices, indices);
    cube_texture(texels);

    ComPtr<ID3D11VertexShader> vs;
    ComPtr<ID3D11PixelShader> ps;
    ComPtr<ID3D11InputLayout> layout;
    ComPtr<ID3D11Buffer> vb, ib, cb;
    const CD3D11_BUFFER_DESC vbd(sizeof(vertices), D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_IMMUTABLE);
    const CD3D11_BUFFER_DESC ibd(sizeof(indices), D3D11_BIND_INDEX_BUFFER, D3D11_USAGE_IMMUTABLE);
    const CD3D11_BUFFER_DESC cbd(sizeof(struct cube_constants), D3D11_BIND_CONSTANT_BUFFER);
    const D3D11_SUBRESOURCE_DATA vinit = { vertices, 0, 0 }, iinit = { indices, 0, 0 };
    if (FAILED(dev->CreateVertexShader(vs_code->GetBufferPointer(), vs_code->GetBufferSize(),
                                       nullptr, &vs)) ||
        FAILED(dev->CreatePixelShader(ps_code->GetBufferPointer(), ps_code->GetBufferSize(),
                                      nullptr, &ps)) ||
        FAILED(dev->CreateInputLayout(layout_desc, 3, vs_code->GetBufferPointer(),
                                      vs_code->GetBufferSize(), &layout)) ||
        FAILED(dev->CreateBuffer(&vbd, &vinit, &vb)) || FAILED(dev->CreateBuffer(&ibd, &iinit, &ib)) ||
        FAILED(dev->CreateBuffer(&cbd, nullptr, &cb)))
        return fail("the device refused the shaders or buffers");

    ComPtr<ID3D11Texture2D> tex;
    ComPtr<ID3D11ShaderResourceView> srv;
    ComPtr<ID3D11SamplerState> sampler;
    const CD3D11_TEXTURE2D_DESC td(DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1,
                                   D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_IMMUTABLE);
    const D3D11_SUBRESOURCE_DATA tinit = { texels, 8 * 4, 0 };
    const float border[4] = { 0, 0, 0, 0 };
    const CD3D11_SAMPLER_DESC wrap(D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_WRAP,
                                   D3D11_TEXTURE_ADDRESS_WRAP, D3D11_TEXTURE_ADDRESS_WRAP, 0.0f, 1,
                                   D3D11_COMPARISON_NEVER, border, 0.0f, D3D11_FLOAT32_MAX);
    if (FAILED(dev->CreateTexture2D(&td, &tinit, &tex)) ||
        FAILED(dev->CreateShaderResourceView(tex.Get(), nullptr, &srv)) ||
        FAILED(dev->CreateSamplerState(&wrap, &sampler)))
        return fail("the device refused the texture");

    ComPtr<ID3D11Texture2D> target, depth, staging;
    ComPtr<ID3D11RenderTargetView> rtv;
    ComPtr<ID3D11DepthStencilView> dsv;
    const CD3D11_TEXTURE2D_DESC rd(DXGI_FORMAT_R8G8B8A8_UNORM, CUBE_SIZE, CUBE_SIZE, 1, 1,
                                   D3D11_BIND_RENDER_TARGET);
    const CD3D11_TEXTURE2D_DESC dd(DXGI_FORMAT_D24_UNORM_S8_UINT, CUBE_SIZE, CUBE_SIZE, 1, 1,
                                   D3D11_BIND_DEPTH_STENCIL);
    const CD3D11_TEXTURE2D_DESC sdd(DXGI_FORMAT_R8G8B8A8_UNORM, CUBE_SIZE, CUBE_SIZE, 1, 1, 0,
                                    D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ);
    if (FAILED(dev->CreateTexture2D(&rd, nullptr, &target)) ||
        FAILED(dev->CreateTexture2D(&dd, nullptr, &depth)) ||
        FAILED(dev->CreateTexture2D(&sdd, nullptr, &staging)) ||
        FAILED(dev->CreateRenderTargetView(target.Get(), nullptr, &rtv)) ||
        FAILED(dev->CreateDepthStencilView(depth.Get(), nullptr, &dsv)))
        return fail("the device refused the targets");

    const UINT stride = sizeof(cube_vertex), offset = 0;
    const CD3D11_VIEWPORT vp(0.0f, 0.0f, CUBE_SIZE, CUBE_SIZE);
    ctx->IASetInputLayout(layout.Get());
    ctx->IASetVertexBuffers(0, 1, vb.GetAddressOf(), &stride, &offset);
    ctx->IASetIndexBuffer(ib.Get(), DXGI_FORMAT_R16_UINT, 0);
    ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ctx->VSSetShader(vs.Get(), nullptr, 0);
    ctx->VSSetConstantBuffers(0, 1, cb.GetAddressOf());
    ctx->PSSetShader(ps.Get(), nullptr, 0);
    ctx->PSSetShaderResources(0, 1, srv.GetAddressOf());
    ctx->PSSetSamplers(0, 1, sampler.GetAddressOf());
    ctx->OMSetRenderTargets(1, rtv.GetAddressOf(), dsv.Get());
    ctx->RSSetViewports(1, &vp);

    const float clear[4] = { CUBE_CLEAR_R / 255.0f, CUBE_CLEAR_G / 255.0f, CUBE_CLEAR_B / 255.0f,
                             1.0f };
    for (int frame = 0; frame < CUBE_FRAMES; frame++) {
        struct cube_constants c;
        cube_fill_constants(frame, &c);
        ctx->UpdateSubresource(cb.Get(), 0, nullptr, &c, 0, 0);
        ctx->ClearRenderTargetView(rtv.Get(), clear);
        ctx->ClearDepthStencilView(dsv.Get(), D3D11_CLEAR_DEPTH, 1.0f, 0);
        ctx->DrawIndexed(36, 0, 0);
    }

    ctx->CopyResource(staging.Get(), target.Get());
    D3D11_MAPPED_SUBRESOURCE mapped;
    if (FAILED(ctx->Map(staging.Get(), 0, D3D11_MAP_READ, 0, &mapped)))
        return fail("Map failed");
    for (int y = 0; y < CUBE_SIZE; y++)
        memcpy(&pixels[y * CUBE_SIZE * 4], static_cast<const uint8_t *>(mapped.pData) + y * mapped.RowPitch,
               CUBE_SIZE * 4);
    ctx->Unmap(staging.Get(), 0);
    return true;   // every ComPtr releases its object
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<uint8_t> pixels(CUBE_SIZE * CUBE_SIZE * 4);
    char path_buf[256];
    const char *path = cube_output(argc, argv, "example_cube11_cxx", path_buf, sizeof(path_buf));
    if (!render(pixels))
        return 1;
    if (cube_write_png(path, pixels.data(), CUBE_SIZE, CUBE_SIZE)) {
        printf("cube11 (C++): cannot write %s\n", path);
        return 1;
    }
    if (cube_check(pixels.data(), CUBE_HASH_D3D11, "cube11 (C++)"))
        return 1;
    printf("cube11 (C++): %s\n", path);
    return 0;
}
