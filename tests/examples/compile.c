/* An application written for Windows that compiles its shaders at run time, as Dear ImGui's
 * D3D11 backend does: D3DCompile (d3dcompiler.h) for the level_9_1 targets, then
 * CreateVertexShader / CreatePixelShader / CreateInputLayout on a 9_1 device.  Built against
 * the public headers and the shared library only. */
#define COBJMACROS
#include <windows.h>
#include <d3d11.h>
#include <d3dcompiler.h>
#include <stdio.h>
#include <string.h>

static const char vs_src[] =
    "cbuffer vertexBuffer : register(b0) { float4x4 ProjectionMatrix; };\n"
    "struct VS_INPUT { float2 pos : POSITION; float4 col : COLOR0; float2 uv : TEXCOORD0; };\n"
    "struct PS_INPUT { float4 pos : SV_POSITION; float4 col : COLOR0; float2 uv : TEXCOORD0; };\n"
    "PS_INPUT main(VS_INPUT input) {\n"
    "    PS_INPUT output;\n"
    "    output.pos = mul(ProjectionMatrix, float4(input.pos.xy, 0.f, 1.f));\n"
    "    output.col = input.col; output.uv = input.uv;\n"
    "    return output;\n"
    "}\n";
static const char ps_src[] =
    "struct PS_INPUT { float4 pos : SV_POSITION; float4 col : COLOR0; float2 uv : TEXCOORD0; };\n"
    "sampler sampler0; Texture2D texture0;\n"
    "float4 main(PS_INPUT input) : SV_Target { return input.col * texture0.Sample(sampler0, input.uv); }\n";

int main(void)
{
    static const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_1;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    ID3DBlob *vs = NULL, *ps = NULL, *err = NULL;
    ID3D11VertexShader *vso = NULL;
    ID3D11PixelShader *pso = NULL;
    ID3D11InputLayout *layout = NULL;
    int failed = 1;
    if (FAILED(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                                 D3D11_SDK_VERSION, &dev, NULL, &ctx)))
        return 1;
    if (FAILED(D3DCompile(vs_src, strlen(vs_src), NULL, NULL, NULL, "main", "vs_4_0_level_9_1", 0,
                          0, &vs, &err)) ||
        FAILED(D3DCompile(ps_src, strlen(ps_src), NULL, NULL, NULL, "main", "ps_4_0_level_9_1", 0,
                          0, &ps, &err))) {
        printf("D3DCompile failed: %s\n", err ? (const char *)ID3D10Blob_GetBufferPointer(err) : "");
        goto done;
    }
    D3D11_INPUT_ELEMENT_DESC el[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    if (FAILED(ID3D11Device_CreateVertexShader(dev, ID3D10Blob_GetBufferPointer(vs),
                                               ID3D10Blob_GetBufferSize(vs), NULL, &vso)) ||
        FAILED(ID3D11Device_CreatePixelShader(dev, ID3D10Blob_GetBufferPointer(ps),
                                              ID3D10Blob_GetBufferSize(ps), NULL, &pso)) ||
        FAILED(ID3D11Device_CreateInputLayout(dev, el, 3, ID3D10Blob_GetBufferPointer(vs),
                                              ID3D10Blob_GetBufferSize(vs), &layout))) {
        printf("the device refused the compiled shaders\n");
        goto done;
    }
    printf("compiled: vs %lu bytes, ps %lu bytes\n", (unsigned long)ID3D10Blob_GetBufferSize(vs),
           (unsigned long)ID3D10Blob_GetBufferSize(ps));
    failed = 0;
done:
    if (layout) ID3D11InputLayout_Release(layout);
    if (pso) ID3D11PixelShader_Release(pso);
    if (vso) ID3D11VertexShader_Release(vso);
    if (err) ID3D10Blob_Release(err);
    if (ps) ID3D10Blob_Release(ps);
    if (vs) ID3D10Blob_Release(vs);
    ID3D11DeviceContext_Release(ctx);
    ID3D11Device_Release(dev);
    return failed;
}
