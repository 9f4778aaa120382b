/* examples/cube10.c — cube11.c's cube through Direct3D 10.1 (D3D10CreateDevice1 at feature
 * level 9_3): the same shaders, the same state, the device as its own context, Map on the
 * staging texture itself.  softd3d runs D3D10 on its D3D11 device, so the pixels must be
 * cube11's exactly (the same recorded hash).  Its C++ twin is cube10.cpp.
 *
 *   cc cube10.c $(pkg-config --cflags --libs softd3d) -lm && ./a.out [out.png]
 */
#define COBJMACROS
#include <windows.h>
#include <d3d10_1.h>

#include "cube_shaders.h"

int main(int argc, char **argv)
{
    static const float clear[4] = { CUBE_CLEAR_R / 255.0f, CUBE_CLEAR_G / 255.0f,
                                    CUBE_CLEAR_B / 255.0f, 1.0f };
    static const D3D10_INPUT_ELEMENT_DESC layout_desc[] = {
        { "POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D10_INPUT_PER_VERTEX_DATA, 0 },
        { "NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 12, D3D10_INPUT_PER_VERTEX_DATA, 0 },
        { "TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 24, D3D10_INPUT_PER_VERTEX_DATA, 0 },
    };
    struct cube_vertex vertices[24];
    uint16_t indices[36];
    uint8_t texels[8 * 8 * 4], *pixels = malloc(CUBE_SIZE * CUBE_SIZE * 4);
    char path_buf[256];
    const char *path = cube_output(argc, argv, "example_cube10_c", path_buf, sizeof(path_buf));
    ID3D10Device1 *dev = NULL;
    ID3DBlob *vs_code = NULL, *ps_code = NULL;
    ID3D10VertexShader *vs = NULL;
    ID3D10PixelShader *ps = NULL;
    ID3D10InputLayout *layout = NULL;
    ID3D10Buffer *vb = NULL, *ib = NULL, *cb = NULL;
    ID3D10Texture2D *tex = NULL, *target = NULL, *depth = NULL, *staging = NULL;
    ID3D10ShaderResourceView *srv = NULL;
    ID3D10SamplerState *sampler = NULL;
    ID3D10RenderTargetView *rtv = NULL;
    ID3D10DepthStencilView *dsv = NULL;
    D3D10_MAPPED_TEXTURE2D mapped;
    int result = 1;

    cube_geometry(vertices, indices);
    cube_texture(texels);
    if (!pixels || FAILED(D3D10CreateDevice1(NULL, D3D10_DRIVER_TYPE_HARDWARE, NULL, 0,
                                             D3D10_FEATURE_LEVEL_9_3, D3D10_1_SDK_VERSION,
                                             &dev))) {
        printf("cube10: no Direct3D 10.1 device at 9_3\n");
        free(pixels);
        return 1;
    }
    if (!(vs_code = cube_compile("vs_main", "vs_4_0_level_9_3", "cube10")) ||
        !(ps_code = cube_compile("ps_main", "ps_4_0_level_9_3", "cube10")))
        goto done;

    D3D10_BUFFER_DESC vbd = { sizeof(vertices), D3D10_USAGE_IMMUTABLE, D3D10_BIND_VERTEX_BUFFER,
                              0, 0 };
    D3D10_BUFFER_DESC ibd = { sizeof(indices), D3D10_USAGE_IMMUTABLE, D3D10_BIND_INDEX_BUFFER,
                              0, 0 };
    D3D10_BUFFER_DESC cbd = { sizeof(struct cube_constants), D3D10_USAGE_DEFAULT,
                              D3D10_BIND_CONSTANT_BUFFER, 0, 0 };
    D3D10_SUBRESOURCE_DATA vinit = { vertices, 0, 0 }, iinit = { indices, 0, 0 };
    if (FAILED(ID3D10Device1_CreateVertexShader(dev, ID3D10Blob_GetBufferPointer(vs_code),
                                                ID3D10Blob_GetBufferSize(vs_code), &vs)) ||
        FAILED(ID3D10Device1_CreatePixelShader(dev, ID3D10Blob_GetBufferPointer(ps_code),
                                               ID3D10Blob_GetBufferSize(ps_code), &ps)) ||
        FAILED(ID3D10Device1_CreateInputLayout(dev, layout_desc, 3,
                                               ID3D10Blob_GetBufferPointer(vs_code),
                                               ID3D10Blob_GetBufferSize(vs_code), &layout)) ||
        FAILED(ID3D10Device1_CreateBuffer(dev, &vbd, &vinit, &vb)) ||
        FAILED(ID3D10Device1_CreateBuffer(dev, &ibd, &iinit, &ib)) ||
        FAILED(ID3D10Device1_CreateBuffer(dev, &cbd, NULL, &cb))) {
        printf("cube10: the device refused the shaders or buffers\n");
        goto done;
    }

    D3D10_TEXTURE2D_DESC td = { 8, 8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                D3D10_USAGE_IMMUTABLE, D3D10_BIND_SHADER_RESOURCE, 0, 0 };
    D3D10_SUBRESOURCE_DATA tinit = { texels, 8 * 4, 0 };
    D3D10_SAMPLER_DESC sd = { D3D10_FILTER_MIN_MAG_MIP_LINEAR, D3D10_TEXTURE_ADDRESS_WRAP,
                              D3D10_TEXTURE_ADDRESS_WRAP, D3D10_TEXTURE_ADDRESS_WRAP, 0.0f, 1,
                              D3D10_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0.0f, D3D10_FLOAT32_MAX };
    if (FAILED(ID3D10Device1_CreateTexture2D(dev, &td, &tinit, &tex)) ||
        FAILED(ID3D10Device1_CreateShaderResourceView(dev, (ID3D10Resource *)tex, NULL, &srv)) ||
        FAILED(ID3D10Device1_CreateSamplerState(dev, &sd, &sampler))) {
        printf("cube10: the device refused the texture\n");
        goto done;
    }

    D3D10_TEXTURE2D_DESC rd = { CUBE_SIZE, CUBE_SIZE, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                D3D10_USAGE_DEFAULT, D3D10_BIND_RENDER_TARGET, 0, 0 };
    D3D10_TEXTURE2D_DESC dd = rd, sdd = rd;
    dd.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
    dd.BindFlags = D3D10_BIND_DEPTH_STENCIL;
    sdd.Usage = D3D10_USAGE_STAGING;
    sdd.BindFlags = 0;
    sdd.CPUAccessFlags = D3D10_CPU_ACCESS_READ;
    if (FAILED(ID3D10Device1_CreateTexture2D(dev, &rd, NULL, &target)) ||
        FAILED(ID3D10Device1_CreateTexture2D(dev, &dd, NULL, &depth)) ||
        FAILED(ID3D10Device1_CreateTexture2D(dev, &sdd, NULL, &staging)) ||
        FAILED(ID3D10Device1_CreateRenderTargetView(dev, (ID3D10Resource *)target, NULL, &rtv)) ||
        FAILED(ID3D10Device1_CreateDepthStencilView(dev, (ID3D10Resource *)depth, NULL, &dsv))) {
        printf("cube10: the device refused the targets\n");
        goto done;
    }

    /* The pipeline, set once; D3D10 viewports are integers. */
    const UINT stride = sizeof(struct cube_vertex), offset = 0;
    const D3D10_VIEWPORT vp = { 0, 0, CUBE_SIZE, CUBE_SIZE, 0.0f, 1.0f };
    ID3D10Device1_IASetInputLayout(dev, layout);
    ID3D10Device1_IASetVertexBuffers(dev, 0, 1, &vb, &stride, &offset);
    ID3D10Device1_IASetIndexBuffer(dev, ib, DXGI_FORMAT_R16_UINT, 0);
    ID3D10Device1_IASetPrimitiveTopology(dev, D3D10_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D10Device1_VSSetShader(dev, vs);
    ID3D10Device1_VSSetConstantBuffers(dev, 0, 1, &cb);
    ID3D10Device1_PSSetShader(dev, ps);
    ID3D10Device1_PSSetShaderResources(dev, 0, 1, &srv);
    ID3D10Device1_PSSetSamplers(dev, 0, 1, &sampler);
    ID3D10Device1_OMSetRenderTargets(dev, 1, &rtv, dsv);
    ID3D10Device1_RSSetViewports(dev, 1, &vp);

    for (int frame = 0; frame < CUBE_FRAMES; frame++) {
        struct cube_constants c;
        cube_fill_constants(frame, &c);
        ID3D10Device1_UpdateSubresource(dev, (ID3D10Resource *)cb, 0, NULL, &c, 0, 0);
        ID3D10Device1_ClearRenderTargetView(dev, rtv, clear);
        ID3D10Device1_ClearDepthStencilView(dev, dsv, D3D10_CLEAR_DEPTH, 1.0f, 0);
        ID3D10Device1_DrawIndexed(dev, 36, 0, 0);
    }

    /* Read the last frame back: Map is the texture's own in D3D10. */
    ID3D10Device1_CopyResource(dev, (ID3D10Resource *)staging, (ID3D10Resource *)target);
    if (FAILED(ID3D10Texture2D_Map(staging, 0, D3D10_MAP_READ, 0, &mapped))) {
        printf("cube10: Map failed\n");
        goto done;
    }
    for (int y = 0; y < CUBE_SIZE; y++)
        memcpy(pixels + y * CUBE_SIZE * 4, (const uint8_t *)mapped.pData + y * mapped.RowPitch,
               CUBE_SIZE * 4);
    ID3D10Texture2D_Unmap(staging, 0);
    if (cube_write_png(path, pixels, CUBE_SIZE, CUBE_SIZE)) {
        printf("cube10: cannot write %s\n", path);
        goto done;
    }
    /* softd3d's D3D10 is its D3D11 device: cube11's very pixels. */
    result = cube_check(pixels, CUBE_HASH_D3D11, "cube10");
    if (!result)
        printf("cube10: %s\n", path);

done:
#define RELEASE(iface, obj) do { if (obj) iface##_Release(obj); } while (0)
    RELEASE(ID3D10DepthStencilView, dsv);
    RELEASE(ID3D10RenderTargetView, rtv);
    RELEASE(ID3D10Texture2D, staging);
    RELEASE(ID3D10Texture2D, depth);
    RELEASE(ID3D10Texture2D, target);
    RELEASE(ID3D10SamplerState, sampler);
    RELEASE(ID3D10ShaderResourceView, srv);
    RELEASE(ID3D10Texture2D, tex);
    RELEASE(ID3D10Buffer, cb);
    RELEASE(ID3D10Buffer, ib);
    RELEASE(ID3D10Buffer, vb);
    RELEASE(ID3D10InputLayout, layout);
    RELEASE(ID3D10PixelShader, ps);
    RELEASE(ID3D10VertexShader, vs);
    RELEASE(ID3D10Blob, ps_code);
    RELEASE(ID3D10Blob, vs_code);
    ID3D10Device1_Release(dev);
    free(pixels);
    return result;
}
