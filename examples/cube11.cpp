// examples/cube11.cpp — the C++ twin of cube11.c: the same textured, lit, rotating cube through
// Direct3D 11 at 9_3, written as modern Windows C++ code is (Microsoft::WRL::ComPtr, the CD3D11
// helpers, IID_PPV_ARGS, member calls); the cube's objects and draw are cube11_scene.h's.  It must draw the very pixels cube11.c draws.
//
//   c++ -std=c++11 cube11.cpp $(pkg-config --cflags --libs softd3d) && ./a.out [out.png]
#include <Windows.h>
#include <d3d11.h>
#include <wrl/client.h>

#include <vector>

#include "cube11_scene.h"

using Microsoft::WRL::ComPtr;

namespace {

// What went wrong, printed once; every step returns false after it.
bool fail(const char *what)
{
    printf("cube11 (C++): %s\n", what);
    return false;
}

bool render(std::vector<uint8_t> &pixels)
{
    const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_3;
    ComPtr<ID3D11Device> dev;
    ComPtr<ID3D11DeviceContext> ctx;
    if (FAILED(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1,
                                 D3D11_SDK_VERSION, &dev, nullptr, &ctx)))
        return fail("no Direct3D 11 device at 9_3");

    cube11_scene scene;
    if (!scene.create(dev.Get(), "cube11 (C++)"))
        return false;

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

    scene.bind(ctx.Get(), rtv.Get(), dsv.Get());
    for (int frame = 0; frame < CUBE_FRAMES; frame++)
        scene.draw(ctx.Get(), frame, rtv.Get(), dsv.Get());

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
