// examples/cube9.cpp — the C++ twin of cube9.c: the same fixed-function cube through
// Direct3D 9, with member calls and ComPtr.  It must draw the very pixels cube9.c draws.
//
//   c++ -std=c++11 cube9.cpp $(pkg-config --cflags --libs softd3d) && ./a.out [out.png]
#include <Windows.h>
#include <d3d9.h>
#include <wrl/client.h>

#include <vector>

#include "cube_common.h"

using Microsoft::WRL::ComPtr;

namespace {

const DWORD cube_fvf = D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_TEX1;

bool fail(const char *what)
{
    printf("cube9 (C++): %s\n", what);
    return false;
}

// White diffuse light along cube_light_dir and the ambient term, as cube9.c.
void set_lighting(IDirect3DDevice9 *dev)
{
    D3DLIGHT9 light = {};
    D3DMATERIAL9 mat = {};
    const DWORD a = static_cast<DWORD>(cube_ambient * 255.0f + 0.5f);
    light.Type = D3DLIGHT_DIRECTIONAL;
    light.Diffuse.r = light.Diffuse.g = light.Diffuse.b = light.Diffuse.a = 1.0f;
    light.Direction.x = cube_light_dir[0];
    light.Direction.y = cube_light_dir[1];
    light.Direction.z = cube_light_dir[2];
    mat.Diffuse.r = mat.Diffuse.g = mat.Diffuse.b = mat.Diffuse.a = 1.0f;
    mat.Ambient = mat.Diffuse;
    dev->SetLight(0, &light);
    dev->LightEnable(0, TRUE);
    dev->SetMaterial(&mat);
    dev->SetRenderState(D3DRS_LIGHTING, TRUE);
    dev->SetRenderState(D3DRS_AMBIENT, D3DCOLOR_XRGB(a, a, a));
}

// The back buffer (before Present) as RGBA through a system-memory surface.
bool read_back(IDirect3DDevice9 *dev, std::vector<uint8_t> &pixels)
{
    ComPtr<IDirect3DSurface9> back, readback;
    D3DLOCKED_RECT lr;
    if (FAILED(dev->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back)) ||
        FAILED(dev->CreateOffscreenPlainSurface(CUBE_SIZE, CUBE_SIZE, D3DFMT_X8R8G8B8,
                                                D3DPOOL_SYSTEMMEM, &readback, nullptr)) ||
        FAILED(dev->GetRenderTargetData(back.Get(), readback.Get())) ||
        FAILED(readback->LockRect(&lr, nullptr, D3DLOCK_READONLY)))
        return fail("cannot read the back buffer");
    cube_from_bgrx(pixels.data(), static_cast<const uint8_t *>(lr.pBits), lr.Pitch, CUBE_SIZE,
                   CUBE_SIZE);
    readback->UnlockRect();
    return true;
}

bool render(std::vector<uint8_t> &pixels)
{
    ComPtr<IDirect3D9> d3d;
    d3d.Attach(Direct3DCreate9(D3D_SDK_VERSION));
    ComPtr<IDirect3DDevice9> dev;
    D3DPRESENT_PARAMETERS pp = {};
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.BackBufferWidth = CUBE_SIZE;
    pp.BackBufferHeight = CUBE_SIZE;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    if (!d3d || FAILED(d3d->CreateDevice(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, nullptr,
                                         D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev)))
        return fail("no Direct3D 9 device");

    cube_vertex vertices[24];
    uint16_t indices[36];
    uint8_t texels[8 * 8 * 4];
    cube_geometry(vertices, indices);
    cube_texture(texels);
    ComPtr<IDirect3DVertexBuffer9> vb;
    ComPtr<IDirect3DIndexBuffer9> ib;
    ComPtr<IDirect3DTexture9> tex;
    void *p;
    D3DLOCKED_RECT lr;
    if (FAILED(dev->CreateVertexBuffer(sizeof(vertices), D3DUSAGE_WRITEONLY, cube_fvf,
                                       D3DPOOL_MANAGED, &vb, nullptr)) ||
        FAILED(dev->CreateIndexBuffer(sizeof(indices), D3DUSAGE_WRITEONLY, D3DFMT_INDEX16,
                                      D3DPOOL_MANAGED, &ib, nullptr)) ||
        FAILED(vb->Lock(0, 0, &p, 0)))
        return fail("the device refused the buffers");
    memcpy(p, vertices, sizeof(vertices));
    vb->Unlock();
    if (FAILED(ib->Lock(0, 0, &p, 0)))
        return fail("cannot lock the index buffer");
    memcpy(p, indices, sizeof(indices));
    ib->Unlock();
    if (FAILED(dev->CreateTexture(8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, nullptr)) ||
        FAILED(tex->LockRect(0, &lr, nullptr, 0)))
        return fail("the device refused the texture");
    cube_to_bgra(static_cast<uint8_t *>(lr.pBits), lr.Pitch, texels, 8, 8);
    tex->UnlockRect(0);

    dev->SetFVF(cube_fvf);
    dev->SetStreamSource(0, vb.Get(), 0, sizeof(cube_vertex));
    dev->SetIndices(ib.Get());
    dev->SetTexture(0, tex.Get());
    dev->SetSamplerState(0, D3DSAMP_MINFILTER, D3DTEXF_LINEAR);
    dev->SetSamplerState(0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR);
    set_lighting(dev.Get());

    for (int frame = 0; frame < CUBE_FRAMES; frame++) {
        float world[16], view[16], proj[16];
        cube_matrices(frame, world, view, proj);
        dev->SetTransform(D3DTS_WORLD, reinterpret_cast<const D3DMATRIX *>(world));
        dev->SetTransform(D3DTS_VIEW, reinterpret_cast<const D3DMATRIX *>(view));
        dev->SetTransform(D3DTS_PROJECTION, reinterpret_cast<const D3DMATRIX *>(proj));
        dev->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER,
                   D3DCOLOR_XRGB(CUBE_CLEAR_R, CUBE_CLEAR_G, CUBE_CLEAR_B), 1.0f, 0);
        dev->BeginScene();
        dev->DrawIndexedPrimitive(D3DPT_TRIANGLELIST, 0, 0, 24, 0, 12);
        dev->EndScene();
        if (frame == CUBE_FRAMES - 1 && !read_back(dev.Get(), pixels))
            return false;
        dev->Present(nullptr, nullptr, nullptr, nullptr);
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<uint8_t> pixels(CUBE_SIZE * CUBE_SIZE * 4);
    char path_buf[256];
    const char *path = cube_output(argc, argv, "example_cube9_cxx", path_buf, sizeof(path_buf));
    if (!render(pixels))
        return 1;
    if (cube_write_png(path, pixels.data(), CUBE_SIZE, CUBE_SIZE)) {
        printf("cube9 (C++): cannot write %s\n", path);
        return 1;
    }
    if (cube_check(pixels.data(), CUBE_HASH_D3D9, "cube9 (C++)"))
        return 1;
    printf("cube9 (C++): %s\n", path);
    return 0;
}
