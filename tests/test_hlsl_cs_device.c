/* tests/test_hlsl_cs_device.c — issue 13's cs_5_0 acceptance through the device: HLSL compute
 * programs compiled by D3DCompile, created with CreateComputeShader on an 11_0 device, run by
 * Dispatch and read back, with exact results (group-shared memory across a barrier, a
 * constant buffer, a structured UAV; a typed texture SRV into a typed UAV, the compute bench's
 * blur). */
#define COBJMACROS
#include "test_compute_util.h"

#include "d3dcompiler.h"
#include "sample/texel.h"
#include "../bench/shaders_compute.h"

static ID3D11ComputeShader *hlsl_cs(struct cx *c, const char *src)
{
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "cs.hlsl", NULL, NULL, "main", "cs_5_0", 0, 0,
                            &code, &errors);
    if (FAILED(hr))
        harness_fail(__FILE__, __LINE__, "D3DCompile: %s",
                     errors ? (const char *)ID3D10Blob_GetBufferPointer(errors) : "?");
    if (errors)
        ID3D10Blob_Release(errors);
    ID3D11ComputeShader *s = NULL;
    if (code) {
        CHECK_HR(ID3D11Device_CreateComputeShader(c->dev, ID3D10Blob_GetBufferPointer(code),
                                                  ID3D10Blob_GetBufferSize(code), NULL, &s),
                 S_OK);
        ID3D10Blob_Release(code);
    }
    return s;
}

/* out[i] = shared[63 - gi] + 1 with shared[gi] = i * scale: each thread reads another's
 * write, so the barrier must hold (4 groups of 64). */
TEST(hlsl_cs_device_groupshared_barrier)
{
    static const char src[] =
        "RWStructuredBuffer<uint> outb : register(u0);\n"
        "cbuffer c : register(b0) { uint scale; };\n"
        "groupshared uint sh[64];\n"
        "[numthreads(64, 1, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex)\n"
        "{\n"
        "    sh[gi] = id.x * scale;\n"
        "    GroupMemoryBarrierWithGroupSync();\n"
        "    outb[id.x] = sh[63 - gi] + 1;\n"
        "}\n";
    struct cx c;
    if (!cx_begin(&c))
        return;
    ID3D11ComputeShader *cs = hlsl_cs(&c, src);
    const uint32_t cbv[4] = { 3, 0, 0, 0 };
    ID3D11Buffer *cb = cx_buffer(&c, 16, D3D11_BIND_CONSTANT_BUFFER, 0, 0, cbv);
    ID3D11Buffer *b = cx_buffer(&c, 256 * 4, D3D11_BIND_UNORDERED_ACCESS,
                                D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4, NULL);
    D3D11_UNORDERED_ACCESS_VIEW_DESC ud = cx_uav_desc(DXGI_FORMAT_UNKNOWN,
                                                      D3D11_UAV_DIMENSION_BUFFER);
    ud.Buffer.NumElements = 256;
    ID3D11UnorderedAccessView *uav = b ? cx_uav(&c, b, &ud) : NULL;
    if (cs && cb && uav) {
        ID3D11DeviceContext_CSSetShader(c.ctx, cs, NULL, 0);
        ID3D11DeviceContext_CSSetConstantBuffers(c.ctx, 0, 1, &cb);
        ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 1, &uav, NULL);
        ID3D11DeviceContext_Dispatch(c.ctx, 4, 1, 1);
        uint32_t got[256];
        cx_read(&c, b, got, sizeof(got));
        for (uint32_t i = 0; i < 256; i++)
            CHECK_EQ(got[i], ((i & ~63u) + 63 - (i & 63)) * 3 + 1);
    }
    RD_RELEASE_REF(uav);
    RD_RELEASE_REF(b);
    RD_RELEASE_REF(cb);
    RD_RELEASE_REF(cs);
    cx_end(&c);
}

/* A 3x3 binomial blur (the compute bench's kernel, bench/shaders_compute.c) of a 20 x 12
 * R8G8B8A8_UNORM texture into an R8G8B8A8_UNORM UAV, groups of 16 x 16 past the image's edge:
 * each texel against the closed form (exact: the weights sum exactly in float, /16 is exact,
 * the store rounds to nearest). */
TEST(hlsl_cs_device_texture_blur)
{
    enum { W = 20, H = 12 };
    static uint8_t img[H][W][4];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int k = 0; k < 4; k++)
                img[y][x][k] = (uint8_t)((x * 37 + y * 91 + k * 53) * 7);
    struct cx c;
    if (!cx_begin(&c))
        return;
    ID3D11ComputeShader *cs = hlsl_cs(&c, bench_hlsl_cs_blur);
    const int32_t cbv[4] = { W, H, 0, 0 };
    ID3D11Buffer *cb = cx_buffer(&c, 16, D3D11_BIND_CONSTANT_BUFFER, 0, 0, cbv);
    D3D11_TEXTURE2D_DESC td = { W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    D3D11_SUBRESOURCE_DATA sd = { img, W * 4, 0 };
    ID3D11Texture2D *src_tex = NULL, *out_tex = NULL, *st = NULL;
    CHECK_HR(ID3D11Device_CreateTexture2D(c.dev, &td, &sd, &src_tex), S_OK);
    td.BindFlags = D3D11_BIND_UNORDERED_ACCESS;
    CHECK_HR(ID3D11Device_CreateTexture2D(c.dev, &td, NULL, &out_tex), S_OK);
    td.BindFlags = 0;
    td.Usage = D3D11_USAGE_STAGING;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    CHECK_HR(ID3D11Device_CreateTexture2D(c.dev, &td, NULL, &st), S_OK);
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11UnorderedAccessView *uav = NULL;
    if (src_tex)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)src_tex, NULL,
                                                       &srv), S_OK);
    if (out_tex)
        uav = cx_uav(&c, out_tex, NULL);
    if (cs && cb && srv && uav && st) {
        ID3D11DeviceContext_CSSetShader(c.ctx, cs, NULL, 0);
        ID3D11DeviceContext_CSSetConstantBuffers(c.ctx, 0, 1, &cb);
        ID3D11DeviceContext_CSSetShaderResources(c.ctx, 0, 1, &srv);
        ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 1, &uav, NULL);
        ID3D11DeviceContext_Dispatch(c.ctx, 2, 1, 1);
        ID3D11DeviceContext_CopyResource(c.ctx, (ID3D11Resource *)st, (ID3D11Resource *)out_tex);
        D3D11_MAPPED_SUBRESOURCE m;
        CHECK_HR(ID3D11DeviceContext_Map(c.ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m),
                 S_OK);
        for (int y = 0; y < H && m.pData; y++)
            for (int x = 0; x < W; x++)
                for (int k = 0; k < 4; k++) {
                    /* sum of w * t / 255 over the 9 taps, / 16: the blend in float of the
                     * exact decodes, rounded to 8 bits as the store does */
                    float s = 0.0f;
                    for (int dy = -1; dy <= 1; dy++)
                        for (int dx = -1; dx <= 1; dx++) {
                            int xx = x + dx < 0 ? 0 : x + dx >= W ? W - 1 : x + dx;
                            int yy = y + dy < 0 ? 0 : y + dy >= H ? H - 1 : y + dy;
                            float w = (float)((2 - abs(dx)) * (2 - abs(dy)));
                            s += w * ((float)img[yy][xx][k] / 255.0f);
                        }
                    uint32_t want = texel_float_to_unorm8(s * 0.0625f);
                    CHECK_EQ(((const uint8_t *)m.pData)[(size_t)y * m.RowPitch + x * 4 + k],
                             want);
                }
        ID3D11DeviceContext_Unmap(c.ctx, (ID3D11Resource *)st, 0);
    }
    RD_RELEASE_REF(uav);
    RD_RELEASE_REF(srv);
    RD_RELEASE_REF(st);
    RD_RELEASE_REF(out_tex);
    RD_RELEASE_REF(src_tex);
    RD_RELEASE_REF(cb);
    RD_RELEASE_REF(cs);
    cx_end(&c);
}
