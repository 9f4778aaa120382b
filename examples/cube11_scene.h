// examples/cube11_scene.h — the Direct3D 11 cube of cube11.cpp as a C++ object, shared by
// cube11.cpp (drawn into a texture) and cube_sdl.cpp (drawn into a window's swap chain): the
// shaders compiled by D3DCompile, the input layout, the cube's buffers, its texture and sampler,
// and a frame's draw.  ComPtr holds every object.
#ifndef SOFTD3D_EXAMPLES_CUBE11_SCENE_H
#define SOFTD3D_EXAMPLES_CUBE11_SCENE_H

#include <d3d11.h>
#include <wrl/client.h>

#include "cube_shaders.h"

struct cube11_scene {
    Microsoft::WRL::ComPtr<ID3D11VertexShader> vs;
    Microsoft::WRL::ComPtr<ID3D11PixelShader> ps;
    Microsoft::WRL::ComPtr<ID3D11InputLayout> layout;
    Microsoft::WRL::ComPtr<ID3D11Buffer> vb, ib, cb;
    Microsoft::WRL::ComPtr<ID3D11Texture2D> tex;
    Microsoft::WRL::ComPtr<ID3D11ShaderResourceView> srv;
    Microsoft::WRL::ComPtr<ID3D11SamplerState> sampler;

    // Creates everything on `dev` (9_3 shaders); false with the reason printed (`who` first).
    bool create(ID3D11Device *dev, const char *who)
    {
        Microsoft::WRL::ComPtr<ID3DBlob> vs_code, ps_code;
        vs_code.Attach(cube_compile("vs_main", "vs_4_0_level_9_3", who));
        ps_code.Attach(cube_compile("ps_main", "ps_4_0_level_9_3", who));
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
        const CD3D11_BUFFER_DESC vbd(sizeof(vertices), D3D11_BIND_VERTEX_BUFFER,
                                     D3D11_USAGE_IMMUTABLE);
        const CD3D11_BUFFER_DESC ibd(sizeof(indices), D3D11_BIND_INDEX_BUFFER,
                                     D3D11_USAGE_IMMUTABLE);
        const CD3D11_BUFFER_DESC cbd(sizeof(cube_constants), D3D11_BIND_CONSTANT_BUFFER);
        const D3D11_SUBRESOURCE_DATA vinit = { vertices, 0, 0 }, iinit = { indices, 0, 0 };
        const CD3D11_TEXTURE2D_DESC td(DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1,
                                       D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_IMMUTABLE);
        const D3D11_SUBRESOURCE_DATA tinit = { texels, 8 * 4, 0 };
        const float border[4] = { 0, 0, 0, 0 };
        const CD3D11_SAMPLER_DESC wrap(D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_WRAP,
                                       D3D11_TEXTURE_ADDRESS_WRAP, D3D11_TEXTURE_ADDRESS_WRAP,
                                       0.0f, 1, D3D11_COMPARISON_NEVER, border, 0.0f,
                                       D3D11_FLOAT32_MAX);
        if (FAILED(dev->CreateVertexShader(vs_code->GetBufferPointer(), vs_code->GetBufferSize(),
                                           nullptr, &vs)) ||
            FAILED(dev->CreatePixelShader(ps_code->GetBufferPointer(), ps_code->GetBufferSize(),
                                          nullptr, &ps)) ||
            FAILED(dev->CreateInputLayout(layout_desc, 3, vs_code->GetBufferPointer(),
                                          vs_code->GetBufferSize(), &layout)) ||
            FAILED(dev->CreateBuffer(&vbd, &vinit, &vb)) ||
            FAILED(dev->CreateBuffer(&ibd, &iinit, &ib)) ||
            FAILED(dev->CreateBuffer(&cbd, nullptr, &cb)) ||
            FAILED(dev->CreateTexture2D(&td, &tinit, &tex)) ||
            FAILED(dev->CreateShaderResourceView(tex.Get(), nullptr, &srv)) ||
            FAILED(dev->CreateSamplerState(&wrap, &sampler))) {
            printf("%s: the device refused the shaders, buffers or texture\n", who);
            return false;
        }
        return true;
    }

    // Binds the pipeline with the targets `rtv`/`dsv` (CUBE_SIZE square).
    void bind(ID3D11DeviceContext *ctx, ID3D11RenderTargetView *rtv,
              ID3D11DepthStencilView *dsv) const
    {
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
        ctx->OMSetRenderTargets(1, &rtv, dsv);
        ctx->RSSetViewports(1, &vp);
    }

    // Frame `frame`: the clear colour, the depth cleared, the cube.
    void draw(ID3D11DeviceContext *ctx, int frame, ID3D11RenderTargetView *rtv,
              ID3D11DepthStencilView *dsv) const
    {
        const float clear[4] = { CUBE_CLEAR_R / 255.0f, CUBE_CLEAR_G / 255.0f,
                                 CUBE_CLEAR_B / 255.0f, 1.0f };
        cube_constants c;
        cube_fill_constants(frame, &c);
        ctx->UpdateSubresource(cb.Get(), 0, nullptr, &c, 0, 0);
        ctx->ClearRenderTargetView(rtv, clear);
        ctx->ClearDepthStencilView(dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
        ctx->DrawIndexed(36, 0, 0);
    }
};

#endif
