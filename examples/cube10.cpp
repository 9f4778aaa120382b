// examples/cube10.cpp — the C++ twin of cube10.c: cube11's cube through Direct3D 10.1 at 9_3
// (D3D10CreateDevice1), with ComPtr and member calls.  softd3d runs D3D10 on its D3D11 device,
// so the pixels must be cube11's exactly.
//
//   c++ -std=c++11 cube10.cpp $(pkg-config --cflags --libs softd3d) && ./a.out [out.png]
#include <Windows.h>
#include <d3d10_1.h>
#include <wrl/client.h>

#include <vector>

#include "cube_shaders.h"

using Microsoft::WRL::ComPtr;

namespace {

bool fail(const char *what)
{
    printf("cube10 (C++): %s\n", what);
    return false;
}

// The compiled entry point, held by a ComPtr.
ComPtr<ID3DBlob> compile(const char *entry, const char *target)
{
    ComPtr<ID3DBlob> code;
    code.Attach(cube_compile(entry, target, "cube10 (C++)"));
    return code;
}

D3D10_TEXTURE2D_DESC texture_desc(DXGI_FORMAT format, UINT size, D3D10_USAGE usage, UINT bind,
                                  UINT cpu)
{
    D3D10_TEXTURE2D_DESC d = { size, size, 1, 1, format, { 1, 0 }, usage, bind, cpu, 0 };
    return d;
}

bool render(std::vector<uint8_t> &pixels)
{
    ComPtr<ID3D10Device1> dev;
    if (FAILED(D3D10CreateDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0,
                                  D3D10_FEATURE_LEVEL_9_3, D3D10_1_SDK_VERSION, &dev)))
        return fail("no Direct3D 10.1 device at 9_3");
    ComPtr<ID3DBlob> vs_code = compile("vs_main", "vs_4_0_level_9_3");
    ComPtr<ID3DBlob> ps_code = compile("ps_main", "ps_4_0_level_9_3");
    if (!vs_code || !ps_code)
        return false;
    const D3D10_INPUT_ELEMENT_DESC layout_desc[] = {
        { "POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D10_INPUT_PER_VERTEX_DATA, 0 },
        { "NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 12, D3D10_INPUT_PER_VERTEX_DATA, 0 },
        { "TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 24, D3D10_INPUT_PER_VERTEX_DATA, 0 },
    };
    cube_vertex vertices[24];
    uint16_t indices[36];
    uint8_t texels[8 * 8 * 4];
    cube_geometry(vertices, indices);
    cube_texture(texels);

    ComPtr<ID3D10VertexShader> vs;
    ComPtr<ID3D10PixelShader> ps;
    ComPtr<ID3D10InputLayout> layout;
    ComPtr<ID3D10Buffer> vb, ib, cb;
    const D3D10_BUFFER_DESC vbd = { sizeof(vertices), D3D10_USAGE_IMMUTABLE,
                                    D3D10_BIND_VERTEX_BUFFER, 0, 0 };
    const D3D10_BUFFER_DESC ibd = { sizeof(indices), D3D10_USAGE_IMMUTABLE,
                                    D3D10_BIND_INDEX_BUFFER, 0, 0 };
    const D3D10_BUFFER_DESC cbd = { sizeof(cube_constants), D3D10_USAGE_DEFAULT,
                                    D3D10_BIND_CONSTANT_BUFFER, 0, 0 };
    const D3D10_SUBRESOURCE_DATA vinit = { vertices, 0, 0 }, iinit = { indices, 0, 0 };
    if (FAILED(dev->CreateVertexShader(vs_code->GetBufferPointer(), vs_code->GetBufferSize(), &vs)) ||
        FAILED(dev->CreatePixelShader(ps_code->GetBufferPointer(), ps_code->GetBufferSize(), &ps)) ||
        FAILED(dev->CreateInputLayout(layout_desc, 3, vs_code->GetBufferPointer(),
                                      vs_code->GetBufferSize(), &layout)) ||
        FAILED(dev->CreateBuffer(&vbd, &vinit, &vb)) || FAILED(dev->CreateBuffer(&ibd, &iinit, &ib)) ||
        FAILED(dev->CreateBuffer(&cbd, nullptr, &cb)))
        return fail("the device refused the shaders or buffers");

    ComPtr<ID3D10Texture2D> tex, target, depth, staging;
    ComPtr<ID3D10ShaderResourceView> srv;
    ComPtr<ID3D10SamplerState> sampler;
    ComPtr<ID3D10RenderTargetView> rtv;
    ComPtr<ID3D10DepthStencilView> dsv;
    const D3D10_TEXTURE2D_DESC td = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 8,
                                                 D3D10_USAGE_IMMUTABLE, D3D10_BIND_SHADER_RESOURCE, 0);
    const D3D10_SUBRESOURCE_DATA tinit = { texels, 8 * 4, 0 };
    const D3D10_SAMPLER_DESC sd = { D3D10_FILTER_MIN_MAG_MIP_LINEAR, D3D10_TEXTURE_ADDRESS_WRAP,
                                    D3D10_TEXTURE_ADDRESS_WRAP, D3D10_TEXTURE_ADDRESS_WRAP, 0.0f, 1,
                                    D3D10_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0.0f, D3D10_FLOAT32_MAX };
    const D3D10_TEXTURE2D_DESC rd = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, CUBE_SIZE,
                                                 D3D10_USAGE_DEFAULT, D3D10_BIND_RENDER_TARGET, 0);
    const D3D10_TEXTURE2D_DESC dd = texture_desc(DXGI_FORMAT_D24_UNORM_S8_UINT, CUBE_SIZE,
                                                 D3D10_USAGE_DEFAULT, D3D10_BIND_DEPTH_STENCIL, 0);
    const D3D10_TEXTURE2D_DESC sdd = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, CUBE_SIZE,
                                                  D3D10_USAGE_STAGING, 0, D3D10_CPU_ACCESS_READ);
    if (FAILED(dev->CreateTexture2D(&td, &tinit, &tex)) ||
        FAILED(dev->CreateShaderResourceView(tex.Get(), nullptr, &srv)) ||
        FAILED(dev->CreateSamplerState(&sd, &sampler)) ||
        FAILED(dev->CreateTexture2D(&rd, nullptr, &target)) ||
        FAILED(dev->CreateTexture2D(&dd, nullptr, &depth)) ||
        FAILED(dev->CreateTexture2D(&sdd, nullptr, &staging)) ||
        FAILED(dev->CreateRenderTargetView(target.Get(), nullptr, &rtv)) ||
        FAILED(dev->CreateDepthStencilView(depth.Get(), nullptr, &dsv)))
        return fail("the device refused the textures or targets");

    const UINT stride = sizeof(cube_vertex), offset = 0;
    const D3D10_VIEWPORT vp = { 0, 0, CUBE_SIZE, CUBE_SIZE, 0.0f, 1.0f };
    dev->IASetInputLayout(layout.Get());
    dev->IASetVertexBuffers(0, 1, vb.GetAddressOf(), &stride, &offset);
    dev->IASetIndexBuffer(ib.Get(), DXGI_FORMAT_R16_UINT, 0);
    dev->IASetPrimitiveTopology(D3D10_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    dev->VSSetShader(vs.Get());
    dev->VSSetConstantBuffers(0, 1, cb.GetAddressOf());
    dev->PSSetShader(ps.Get());
    dev->PSSetShaderResources(0, 1, srv.GetAddressOf());
    dev->PSSetSamplers(0, 1, sampler.GetAddressOf());
    dev->OMSetRenderTargets(1, rtv.GetAddressOf(), dsv.Get());
    dev->RSSetViewports(1, &vp);

    const float clear[4] = { CUBE_CLEAR_R / 255.0f, CUBE_CLEAR_G / 255.0f, CUBE_CLEAR_B / 255.0f,
                             1.0f };
    for (int frame = 0; frame < CUBE_FRAMES; frame++) {
        cube_constants c;
        cube_fill_constants(frame, &c);
        dev->UpdateSubresource(cb.Get(), 0, nullptr, &c, 0, 0);
        dev->ClearRenderTargetView(rtv.Get(), clear);
        dev->ClearDepthStencilView(dsv.Get(), D3D10_CLEAR_DEPTH, 1.0f, 0);
        dev->DrawIndexed(36, 0, 0);
    }
    dev->CopyResource(staging.Get(), target.Get());
    D3D10_MAPPED_TEXTURE2D mapped;
    if (FAILED(staging->Map(0, D3D10_MAP_READ, 0, &mapped)))
        return fail("Map failed");
    for (int y = 0; y < CUBE_SIZE; y++)
        memcpy(&pixels[y * CUBE_SIZE * 4], static_cast<const uint8_t *>(mapped.pData) + y * mapped.RowPitch,
               CUBE_SIZE * 4);
    staging->Unmap(0);
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<uint8_t> pixels(CUBE_SIZE * CUBE_SIZE * 4);
    char path_buf[256];
    const char *path = cube_output(argc, argv, "example_cube10_cxx", path_buf, sizeof(path_buf));
    if (!render(pixels))
        return 1;
    if (cube_write_png(path, pixels.data(), CUBE_SIZE, CUBE_SIZE)) {
        printf("cube10 (C++): cannot write %s\n", path);
        return 1;
    }
    if (cube_check(pixels.data(), CUBE_HASH_D3D11, "cube10 (C++)"))
        return 1;
    printf("cube10 (C++): %s\n", path);
    return 0;
}
