/* examples/cube11.c — a textured, lit cube rotating over a few frames, drawn with Direct3D 11
 * (feature level 9_3) headless, the last frame written to a PNG: the way a C program written
 * for Windows does it (COBJMACROS, D3DCompile at run time, a staging copy to read the pixels).
 * Its C++ twin is cube11.cpp; both must draw the same pixels (cube_common.h).
 *
 *   cc cube11.c $(pkg-config --cflags --libs softd3d) -lm && ./a.out [out.png]
 */
#define COBJMACROS
#include <windows.h>
#include <d3d11.h>

#include "cube_shaders.h"

int main(int argc, char **argv)
{
    static const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_3;
    static const float clear[4] = { CUBE_CLEAR_R / 255.0f, CUBE_CLEAR_G / 255.0f,
                                    CUBE_CLEAR_B / 255.0f, 1.0f };
    static const D3D11_INPUT_ELEMENT_DESC layout_desc[] = {
        { "POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        { "NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        { "TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 24, D3D11_INPUT_PER_VERTEX_DATA, 0 },
    };
    struct cube_vertex vertices[24];
    uint16_t indices[36];
    uint8_t texels[8 * 8 * 4], *pixels = malloc(CUBE_SIZE * CUBE_SIZE * 4);
    char path_buf[256];
    const char *path = cube_output(argc, argv, "example_cube11_c", path_buf, sizeof(path_buf));
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    ID3DBlob *vs_code = NULL, *ps_code = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11InputLayout *layout = NULL;
    ID3D11Buffer *vb = NULL, *ib = NULL, *cb = NULL;
    ID3D11Texture2D *tex = NULL, *target = NULL, *depth = NULL, *staging = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *sampler = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    D3D11_MAPPED_SUBRESOURCE mapped;
    int result = 1;

    cube_geometry(vertices, indices);
    cube_texture(texels);
    if (!pixels || FAILED(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                                            D3D11_SDK_VERSION, &dev, NULL, &ctx))) {
        printf("cube11: no Direct3D 11 device at 9_3\n");
        free(pixels);
        return 1;
    }
    if (!(vs_code = cube_compile("vs_main", "vs_4_0_level_9_3", "cube11")) ||
        !(ps_code = cube_compile("ps_main", "ps_4_0_level_9_3", "cube11")))
        goto done;

    /* Shaders, input layout, buffers. */
    D3D11_BUFFER_DESC vbd = { sizeof(vertices), D3D11_USAGE_IMMUTABLE, D3D11_BIND_VERTEX_BUFFER,
                              0, 0, 0 };
    D3D11_BUFFER_DESC ibd = { sizeof(indices), D3D11_USAGE_IMMUTABLE, D3D11_BIND_INDEX_BUFFER,
                              0, 0, 0 };
    D3D11_BUFFER_DESC cbd = { sizeof(struct cube_constants), D3D11_USAGE_DEFAULT,
                              D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0 };
    D3D11_SUBRESOURCE_DATA vinit = { vertices, 0, 0 }, iinit = { indices, 0, 0 };
    if (FAILED(ID3D11Device_CreateVertexShader(dev, ID3D10Blob_GetBufferPointer(vs_code),
                                               ID3D10Blob_GetBufferSize(vs_code), NULL, &vs)) ||
        FAILED(ID3D11Device_CreatePixelShader(dev, ID3D10Blob_GetBufferPointer(ps_code),
                                              ID3D10Blob_GetBufferSize(ps_code), NULL, &ps)) ||
        FAILED(ID3D11Device_CreateInputLayout(dev, layout_desc, 3,
                                              ID3D10Blob_GetBufferPointer(vs_code),
                                              ID3D10Blob_GetBufferSize(vs_code), &layout)) ||
        FAILED(ID3D11Device_CreateBuffer(dev, &vbd, &vinit, &vb)) ||
        FAILED(ID3D11Device_CreateBuffer(dev, &ibd, &iinit, &ib)) ||
        FAILED(ID3D11Device_CreateBuffer(dev, &cbd, NULL, &cb))) {
        printf("cube11: the device refused the shaders or buffers\n");
        goto done;
    }

    /* The texture and its sampler. */
    D3D11_TEXTURE2D_DESC td = { 8, 8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    D3D11_SUBRESOURCE_DATA tinit = { texels, 8 * 4, 0 };
    D3D11_SAMPLER_DESC sd = { D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_WRAP,
                              D3D11_TEXTURE_ADDRESS_WRAP, D3D11_TEXTURE_ADDRESS_WRAP, 0.0f, 1,
                              D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0.0f, D3D11_FLOAT32_MAX };
    if (FAILED(ID3D11Device_CreateTexture2D(dev, &td, &tinit, &tex)) ||
        FAILED(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)tex, NULL, &srv)) ||
        FAILED(ID3D11Device_CreateSamplerState(dev, &sd, &sampler))) {
        printf("cube11: the device refused the texture\n");
        goto done;
    }

    /* The render target, the depth buffer and the staging copy to read back. */
    D3D11_TEXTURE2D_DESC rd = { CUBE_SIZE, CUBE_SIZE, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0 };
    D3D11_TEXTURE2D_DESC dd = rd, sdd = rd;
    dd.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
    dd.BindFlags = D3D11_BIND_DEPTH_STENCIL;
    sdd.Usage = D3D11_USAGE_STAGING;
    sdd.BindFlags = 0;
    sdd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    if (FAILED(ID3D11Device_CreateTexture2D(dev, &rd, NULL, &target)) ||
        FAILED(ID3D11Device_CreateTexture2D(dev, &dd, NULL, &depth)) ||
        FAILED(ID3D11Device_CreateTexture2D(dev, &sdd, NULL, &staging)) ||
        FAILED(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)target, NULL, &rtv)) ||
        FAILED(ID3D11Device_CreateDepthStencilView(dev, (ID3D11Resource *)depth, NULL, &dsv))) {
        printf("cube11: the device refused the targets\n");
        goto done;
    }

    /* The pipeline, set once. */
    const UINT stride = sizeof(struct cube_vertex), offset = 0;
    const D3D11_VIEWPORT vp = { 0.0f, 0.0f, CUBE_SIZE, CUBE_SIZE, 0.0f, 1.0f };
    ID3D11DeviceContext_IASetInputLayout(ctx, layout);
    ID3D11DeviceContext_IASetVertexBuffers(ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_IASetIndexBuffer(ctx, ib, DXGI_FORMAT_R16_UINT, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(ctx, vs, NULL, 0);
    ID3D11DeviceContext_VSSetConstantBuffers(ctx, 0, 1, &cb);
    ID3D11DeviceContext_PSSetShader(ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(ctx, 0, 1, &srv);
    ID3D11DeviceContext_PSSetSamplers(ctx, 0, 1, &sampler);
    ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, &rtv, dsv);
    ID3D11DeviceContext_RSSetViewports(ctx, 1, &vp);

    for (int frame = 0; frame < CUBE_FRAMES; frame++) {
        struct cube_constants c;
        cube_fill_constants(frame, &c);
        ID3D11DeviceContext_UpdateSubresource(ctx, (ID3D11Resource *)cb, 0, NULL, &c, 0, 0);
        ID3D11DeviceContext_ClearRenderTargetView(ctx, rtv, clear);
        ID3D11DeviceContext_ClearDepthStencilView(ctx, dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
        ID3D11DeviceContext_DrawIndexed(ctx, 36, 0, 0);
    }

    /* Read the last frame back. */
    ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)staging, (ID3D11Resource *)target);
    if (FAILED(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)staging, 0, D3D11_MAP_READ, 0,
                                       &mapped))) {
        printf("cube11: Map failed\n");
        goto done;
    }
    for (int y = 0; y < CUBE_SIZE; y++)
        memcpy(pixels + y * CUBE_SIZE * 4, (const uint8_t *)mapped.pData + y * mapped.RowPitch,
               CUBE_SIZE * 4);
    ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)staging, 0);
    if (cube_write_png(path, pixels, CUBE_SIZE, CUBE_SIZE)) {
        printf("cube11: cannot write %s\n", path);
        goto done;
    }
    result = cube_check(pixels, CUBE_HASH_D3D11, "cube11");
    if (!result)
        printf("cube11: %s\n", path);

done:
#define RELEASE(iface, obj) do { if (obj) iface##_Release(obj); } while (0)
    RELEASE(ID3D11DepthStencilView, dsv);
    RELEASE(ID3D11RenderTargetView, rtv);
    RELEASE(ID3D11Texture2D, staging);
    RELEASE(ID3D11Texture2D, depth);
    RELEASE(ID3D11Texture2D, target);
    RELEASE(ID3D11SamplerState, sampler);
    RELEASE(ID3D11ShaderResourceView, srv);
    RELEASE(ID3D11Texture2D, tex);
    RELEASE(ID3D11Buffer, cb);
    RELEASE(ID3D11Buffer, ib);
    RELEASE(ID3D11Buffer, vb);
    RELEASE(ID3D11InputLayout, layout);
    RELEASE(ID3D11PixelShader, ps);
    RELEASE(ID3D11VertexShader, vs);
    RELEASE(ID3D10Blob, ps_code);
    RELEASE(ID3D10Blob, vs_code);
    ID3D11DeviceContext_Release(ctx);
    ID3D11Device_Release(dev);
    free(pixels);
    return result;
}
