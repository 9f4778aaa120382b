/* The CD3D11_* helpers of d3d11.h (include/softd3d/d3d11_helpers.h): every documented default,
 * the dimension-dependent meaning of the view helpers' numbers, and the helpers that read a
 * resource's description, on resources of a real 9_3 device. */
#include "harness.h"

#include <d3d11.h>
#include <wrl/client.h>

using Microsoft::WRL::ComPtr;

TEST(cxx_cd3d11_state_defaults)
{
    CD3D11_SAMPLER_DESC s(D3D11_DEFAULT);
    CHECK_EQ(s.Filter, D3D11_FILTER_MIN_MAG_MIP_LINEAR);
    CHECK(s.AddressU == D3D11_TEXTURE_ADDRESS_CLAMP && s.AddressV == D3D11_TEXTURE_ADDRESS_CLAMP &&
          s.AddressW == D3D11_TEXTURE_ADDRESS_CLAMP);
    CHECK(s.MipLODBias == 0.0f && s.MaxAnisotropy == 1 && s.ComparisonFunc == D3D11_COMPARISON_NEVER);
    CHECK(s.BorderColor[0] == 1.0f && s.BorderColor[1] == 1.0f && s.BorderColor[2] == 1.0f &&
          s.BorderColor[3] == 1.0f);
    CHECK(s.MinLOD == -D3D11_FLOAT32_MAX && s.MaxLOD == D3D11_FLOAT32_MAX);
    static const FLOAT red[4] = { 1.0f, 0.0f, 0.0f, 1.0f };
    CD3D11_SAMPLER_DESC p(D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_WRAP,
                          D3D11_TEXTURE_ADDRESS_MIRROR, D3D11_TEXTURE_ADDRESS_BORDER, 0.5f, 4,
                          D3D11_COMPARISON_LESS, red, 1.0f, 3.0f);
    CHECK(p.AddressV == D3D11_TEXTURE_ADDRESS_MIRROR && p.MaxAnisotropy == 4 && p.BorderColor[0] == 1.0f &&
          p.BorderColor[1] == 0.0f && p.MinLOD == 1.0f && p.MaxLOD == 3.0f && p.MipLODBias == 0.5f);
    CD3D11_SAMPLER_DESC n(D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_WRAP,
                          D3D11_TEXTURE_ADDRESS_WRAP, D3D11_TEXTURE_ADDRESS_WRAP, 0.0f, 1,
                          D3D11_COMPARISON_NEVER, nullptr, 0.0f, 0.0f);
    CHECK(n.BorderColor[0] == 0.0f && n.BorderColor[3] == 0.0f);

    CD3D11_RASTERIZER_DESC r(D3D11_DEFAULT);
    CHECK(r.FillMode == D3D11_FILL_SOLID && r.CullMode == D3D11_CULL_BACK && !r.FrontCounterClockwise);
    CHECK(r.DepthBias == 0 && r.DepthBiasClamp == 0.0f && r.SlopeScaledDepthBias == 0.0f);
    CHECK(r.DepthClipEnable && !r.ScissorEnable && !r.MultisampleEnable && !r.AntialiasedLineEnable);

    CD3D11_BLEND_DESC b(D3D11_DEFAULT);
    CHECK(!b.AlphaToCoverageEnable && !b.IndependentBlendEnable);
    for (int i = 0; i < 8; i++) {
        const D3D11_RENDER_TARGET_BLEND_DESC &t = b.RenderTarget[i];
        CHECK(!t.BlendEnable && t.SrcBlend == D3D11_BLEND_ONE && t.DestBlend == D3D11_BLEND_ZERO &&
              t.BlendOp == D3D11_BLEND_OP_ADD && t.SrcBlendAlpha == D3D11_BLEND_ONE &&
              t.DestBlendAlpha == D3D11_BLEND_ZERO && t.BlendOpAlpha == D3D11_BLEND_OP_ADD &&
              t.RenderTargetWriteMask == D3D11_COLOR_WRITE_ENABLE_ALL);
    }

    CD3D11_DEPTH_STENCIL_DESC d(D3D11_DEFAULT);
    CHECK(d.DepthEnable && d.DepthWriteMask == D3D11_DEPTH_WRITE_MASK_ALL &&
          d.DepthFunc == D3D11_COMPARISON_LESS && !d.StencilEnable);
    CHECK(d.StencilReadMask == 0xff && d.StencilWriteMask == 0xff);
    const D3D11_DEPTH_STENCILOP_DESC *faces[2] = { &d.FrontFace, &d.BackFace };
    for (const D3D11_DEPTH_STENCILOP_DESC *f : faces)
        CHECK(f->StencilFailOp == D3D11_STENCIL_OP_KEEP && f->StencilDepthFailOp == D3D11_STENCIL_OP_KEEP &&
              f->StencilPassOp == D3D11_STENCIL_OP_KEEP && f->StencilFunc == D3D11_COMPARISON_ALWAYS);
    CD3D11_DEPTH_STENCIL_DESC e(FALSE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_GREATER, TRUE, 0x0f,
                                0xf0, D3D11_STENCIL_OP_ZERO, D3D11_STENCIL_OP_INCR, D3D11_STENCIL_OP_DECR,
                                D3D11_COMPARISON_EQUAL, D3D11_STENCIL_OP_INVERT, D3D11_STENCIL_OP_REPLACE,
                                D3D11_STENCIL_OP_INCR_SAT, D3D11_COMPARISON_NOT_EQUAL);
    CHECK(e.FrontFace.StencilDepthFailOp == D3D11_STENCIL_OP_INCR && e.BackFace.StencilPassOp ==
          D3D11_STENCIL_OP_INCR_SAT && e.BackFace.StencilFunc == D3D11_COMPARISON_NOT_EQUAL &&
          e.StencilReadMask == 0x0f && e.StencilWriteMask == 0xf0);

    CD3D11_QUERY_DESC q(D3D11_QUERY_OCCLUSION);
    CHECK(q.Query == D3D11_QUERY_OCCLUSION && q.MiscFlags == 0);
}

TEST(cxx_cd3d11_resource_defaults)
{
    CD3D11_BUFFER_DESC b(256, D3D11_BIND_VERTEX_BUFFER);
    CHECK(b.ByteWidth == 256 && b.BindFlags == D3D11_BIND_VERTEX_BUFFER && b.Usage == D3D11_USAGE_DEFAULT &&
          b.CPUAccessFlags == 0 && b.MiscFlags == 0 && b.StructureByteStride == 0);
    CD3D11_TEXTURE1D_DESC t1(DXGI_FORMAT_R8_UNORM, 64);
    CHECK(t1.Width == 64 && t1.ArraySize == 1 && t1.MipLevels == 0 &&
          t1.BindFlags == D3D11_BIND_SHADER_RESOURCE && t1.Usage == D3D11_USAGE_DEFAULT);
    CD3D11_TEXTURE2D_DESC t2(DXGI_FORMAT_R8G8B8A8_UNORM, 64, 32);
    CHECK(t2.Width == 64 && t2.Height == 32 && t2.ArraySize == 1 && t2.MipLevels == 0 &&
          t2.Format == DXGI_FORMAT_R8G8B8A8_UNORM && t2.SampleDesc.Count == 1 && t2.SampleDesc.Quality == 0 &&
          t2.BindFlags == D3D11_BIND_SHADER_RESOURCE && t2.Usage == D3D11_USAGE_DEFAULT &&
          t2.CPUAccessFlags == 0 && t2.MiscFlags == 0);
    CD3D11_TEXTURE3D_DESC t3(DXGI_FORMAT_R8G8B8A8_UNORM, 8, 4, 2);
    CHECK(t3.Depth == 2 && t3.MipLevels == 0 && t3.BindFlags == D3D11_BIND_SHADER_RESOURCE);
    CD3D11_TEXTURE2D_DESC copy(t2);
    CHECK(copy.Width == 64 && copy.Height == 32);

    CD3D11_VIEWPORT vp(1.0f, 2.0f, 30.0f, 40.0f);
    CHECK(vp.TopLeftX == 1.0f && vp.TopLeftY == 2.0f && vp.Width == 30.0f && vp.Height == 40.0f &&
          vp.MinDepth == D3D11_MIN_DEPTH && vp.MaxDepth == D3D11_MAX_DEPTH);
    CD3D11_RECT rc(1, 2, 3, 4);
    CHECK(rc == CD3D11_RECT(1, 2, 3, 4) && rc != CD3D11_RECT(1, 2, 3, 5) && rc.bottom == 4);
    CD3D11_BOX box(0, 1, 2, 3, 4, 5);
    CHECK(box.front == 2 && box.back == 5 && box == CD3D11_BOX(0, 1, 2, 3, 4, 5));
    CHECK_EQ(D3D11CalcSubresource(2, 3, 5), 17);
    CD3D11_SAMPLER_DESC zero{};           /* = default: value-initialised means zero */
    CHECK(zero.Filter == 0 && zero.MaxLOD == 0.0f);
}

TEST(cxx_cd3d11_view_dimensions)
{
    /* Buffer views: the "mip" numbers are the element range. */
    CD3D11_SHADER_RESOURCE_VIEW_DESC sb(D3D11_SRV_DIMENSION_BUFFER, DXGI_FORMAT_R32_FLOAT, 4, 16);
    CHECK(sb.Buffer.FirstElement == 4 && sb.Buffer.NumElements == 16);
    CD3D11_SHADER_RESOURCE_VIEW_DESC cube(D3D11_SRV_DIMENSION_TEXTURECUBEARRAY, DXGI_FORMAT_R8G8B8A8_UNORM,
                                          1, 2, 6, 3);
    CHECK(cube.TextureCubeArray.MostDetailedMip == 1 && cube.TextureCubeArray.MipLevels == 2 &&
          cube.TextureCubeArray.First2DArrayFace == 6 && cube.TextureCubeArray.NumCubes == 3);
    CD3D11_SHADER_RESOURCE_VIEW_DESC all(D3D11_SRV_DIMENSION_TEXTURE2D);
    CHECK(all.Format == DXGI_FORMAT_UNKNOWN && all.Texture2D.MostDetailedMip == 0 &&
          all.Texture2D.MipLevels == (UINT)-1);
    CD3D11_RENDER_TARGET_VIEW_DESC r3(D3D11_RTV_DIMENSION_TEXTURE3D, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 2, 3);
    CHECK(r3.Texture3D.MipSlice == 1 && r3.Texture3D.FirstWSlice == 2 && r3.Texture3D.WSize == 3);
    CD3D11_RENDER_TARGET_VIEW_DESC rb(D3D11_RTV_DIMENSION_BUFFER, DXGI_FORMAT_R32_FLOAT, 8, 32);
    CHECK(rb.Buffer.FirstElement == 8 && rb.Buffer.NumElements == 32);
    CD3D11_DEPTH_STENCIL_VIEW_DESC da(D3D11_DSV_DIMENSION_TEXTURE2DARRAY, DXGI_FORMAT_D24_UNORM_S8_UINT, 1,
                                      2, 3, D3D11_DSV_READ_ONLY_DEPTH);
    CHECK(da.Texture2DArray.MipSlice == 1 && da.Texture2DArray.FirstArraySlice == 2 &&
          da.Texture2DArray.ArraySize == 3 && da.Flags == D3D11_DSV_READ_ONLY_DEPTH);
    CD3D11_SHADER_RESOURCE_VIEW_DESC bx(static_cast<ID3D11Buffer *>(nullptr), DXGI_FORMAT_R32_UINT, 2, 9,
                                        D3D11_BUFFEREX_SRV_FLAG_RAW);
    CHECK(bx.ViewDimension == D3D11_SRV_DIMENSION_BUFFEREX && bx.BufferEx.FirstElement == 2 &&
          bx.BufferEx.NumElements == 9 && bx.BufferEx.Flags == D3D11_BUFFEREX_SRV_FLAG_RAW);
}

TEST(cxx_cd3d11_from_resources)
{
    static const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_3;
    ComPtr<ID3D11Device> device;
    CHECK_HR(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION,
                               &device, nullptr, nullptr), S_OK);
    if (!device)
        return;
    /* 64x32, full mip chain (7 levels), usable as a shader resource and a render target. */
    CD3D11_TEXTURE2D_DESC td(DXGI_FORMAT_R8G8B8A8_UNORM, 64, 32, 1, 0,
                             D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET);
    ComPtr<ID3D11Texture2D> tex;
    CHECK_HR(device->CreateTexture2D(&td, nullptr, &tex), S_OK);
    if (!tex)
        return;
    CD3D11_SHADER_RESOURCE_VIEW_DESC sd(tex.Get(), D3D11_SRV_DIMENSION_TEXTURE2D, DXGI_FORMAT_UNKNOWN, 2);
    CHECK(sd.Format == DXGI_FORMAT_R8G8B8A8_UNORM && sd.Texture2D.MostDetailedMip == 2 &&
          sd.Texture2D.MipLevels == 5);
    ComPtr<ID3D11ShaderResourceView> srv;
    CHECK_HR(device->CreateShaderResourceView(tex.Get(), &sd, &srv), S_OK);

    CD3D11_RENDER_TARGET_VIEW_DESC rd(tex.Get(), D3D11_RTV_DIMENSION_TEXTURE2D, DXGI_FORMAT_UNKNOWN, 1);
    CHECK(rd.Format == DXGI_FORMAT_R8G8B8A8_UNORM && rd.Texture2D.MipSlice == 1);
    ComPtr<ID3D11RenderTargetView> rtv;
    CHECK_HR(device->CreateRenderTargetView(tex.Get(), &rd, &rtv), S_OK);
    if (!rtv)
        return;
    /* The viewport of mip 1 (32x16), from (2, 3) to its far edge. */
    CD3D11_VIEWPORT vp(tex.Get(), rtv.Get(), 2.0f, 3.0f);
    CHECK(vp.TopLeftX == 2.0f && vp.TopLeftY == 3.0f && vp.Width == 30.0f && vp.Height == 13.0f &&
          vp.MinDepth == 0.0f && vp.MaxDepth == 1.0f);

    CD3D11_TEXTURE2D_DESC dd(DXGI_FORMAT_D24_UNORM_S8_UINT, 64, 32, 1, 1, D3D11_BIND_DEPTH_STENCIL);
    ComPtr<ID3D11Texture2D> depth;
    CHECK_HR(device->CreateTexture2D(&dd, nullptr, &depth), S_OK);
    if (!depth)
        return;
    CD3D11_DEPTH_STENCIL_VIEW_DESC dsd(depth.Get(), D3D11_DSV_DIMENSION_TEXTURE2D);
    CHECK(dsd.Format == DXGI_FORMAT_D24_UNORM_S8_UINT && dsd.Texture2D.MipSlice == 0 && dsd.Flags == 0);
    ComPtr<ID3D11DepthStencilView> dsv;
    CHECK_HR(device->CreateDepthStencilView(depth.Get(), &dsd, &dsv), S_OK);

    /* The state helpers' defaults are accepted as they are at 9_3. */
    const CD3D11_SAMPLER_DESC sampler(D3D11_DEFAULT);
    const CD3D11_RASTERIZER_DESC raster(D3D11_DEFAULT);
    const CD3D11_BLEND_DESC blend(D3D11_DEFAULT);
    const CD3D11_DEPTH_STENCIL_DESC depth_stencil(D3D11_DEFAULT);
    ComPtr<ID3D11SamplerState> ss;
    ComPtr<ID3D11RasterizerState> rs;
    ComPtr<ID3D11BlendState> bs;
    ComPtr<ID3D11DepthStencilState> ds;
    CHECK_HR(device->CreateSamplerState(&sampler, &ss), S_OK);
    CHECK_HR(device->CreateRasterizerState(&raster, &rs), S_OK);
    CHECK_HR(device->CreateBlendState(&blend, &bs), S_OK);
    CHECK_HR(device->CreateDepthStencilState(&depth_stencil, &ds), S_OK);
}
