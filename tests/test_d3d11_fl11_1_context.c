/* tests/test_d3d11_fl11_1_context.c — the ID3D11DeviceContext1 additions of issue 11 (feature
 * level 11_1, profile 11_1): *SetConstantBuffers1 windows read by draws and dispatches (two
 * windows of one buffer, a window past the end reading 0, deferred recording), their refusals
 * and getters; UpdateSubresource1 / CopySubresourceRegion1 with CopyFlags and the partial
 * constant-buffer update; Map(WRITE_NO_OVERWRITE) of dynamic constant / shader-resource buffers
 * per level; the D3D11_OPTIONS these make true; CreateDeviceContextState /
 * SwapDeviceContextState (the whole state saved and restored, object lifetimes, refusals).
 * Exact pixels and bytes, read back through staging copies. */
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#define COBJMACROS
#include "d3d10_1.h"
#include "d3d11_2.h"
#include "d3dcompiler.h"
#include "util/log.h"

#define LAST util_last_message()
#define W 8
#define H 4

static ID3D11Device *device_at(D3D_FEATURE_LEVEL want, ID3D11DeviceContext1 **ctx)
{
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *c = NULL;
    D3D_FEATURE_LEVEL got = 0;
    setenv("SOFTD3D_PROFILE", "11_1", 1);
    HRESULT hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &want, 1,
                                   D3D11_SDK_VERSION, &dev, &got, &c);
    unsetenv("SOFTD3D_PROFILE");
    if (FAILED(hr) || got != want)
        return NULL;
    *ctx = (ID3D11DeviceContext1 *)c;
    return dev;
}

static ID3DBlob *compile(const char *src, const char *target)
{
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "ctx1.hlsl", NULL, NULL, "main", target, 0, 0,
                            &code, &errors);
    if (FAILED(hr))
        harness_fail(__FILE__, __LINE__, "D3DCompile: %s",
                     errors ? (const char *)ID3D10Blob_GetBufferPointer(errors) : "failed");
    if (errors)
        ID3D10Blob_Release(errors);
    return code;
}

static ID3D11Buffer *buffer(ID3D11Device *dev, UINT size, UINT bind, D3D11_USAGE usage,
                            UINT cpu, UINT misc, const void *data)
{
    D3D11_BUFFER_DESC d = { size, usage, bind, cpu, misc, 0 };
    D3D11_SUBRESOURCE_DATA init = { data, 0, 0 };
    ID3D11Buffer *b = NULL;
    CHECK_HR(ID3D11Device_CreateBuffer(dev, &d, data ? &init : NULL, &b), S_OK);
    return b;
}

/* A buffer's bytes through a staging copy. */
static void buffer_bytes(ID3D11Device *dev, ID3D11DeviceContext1 *ctx, ID3D11Buffer *b,
                         UINT size, void *out)
{
    ID3D11Buffer *s = buffer(dev, size, 0, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ, 0, NULL);
    D3D11_MAPPED_SUBRESOURCE m;
    memset(out, 0xee, size);
    if (!s)
        return;
    ID3D11DeviceContext1_CopyResource(ctx, (ID3D11Resource *)s, (ID3D11Resource *)b);
    if (SUCCEEDED(ID3D11DeviceContext1_Map(ctx, (ID3D11Resource *)s, 0, D3D11_MAP_READ, 0, &m))) {
        memcpy(out, m.pData, size);
        ID3D11DeviceContext1_Unmap(ctx, (ID3D11Resource *)s, 0);
    }
    ID3D11Buffer_Release(s);
}

/* A W x H R8G8B8A8 target, a full-screen triangle whose pixels are cbuffer b0's first
 * constant. */
struct scene {
    ID3D11Device *dev;
    ID3D11DeviceContext1 *ctx;
    ID3D11Texture2D *target;
    ID3D11RenderTargetView *rtv;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps;
};

static const char vs_src[] =
    "float4 main(uint id : SV_VertexID) : SV_Position\n"
    "{ return float4(id == 1 ? 3.0 : -1.0, id == 2 ? -3.0 : 1.0, 0, 1); }\n";
static const char ps_src[] =
    "cbuffer C : register(b0) { float4 colour; };\n"
    "float4 main(float4 p : SV_Position) : SV_Target { return colour; }\n";

static bool scene_begin(struct scene *s, D3D_FEATURE_LEVEL level)
{
    memset(s, 0, sizeof(*s));
    s->dev = device_at(level, &s->ctx);
    CHECK(s->dev != NULL);
    if (!s->dev)
        return false;
    D3D11_TEXTURE2D_DESC d = { W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0 };
    CHECK_HR(ID3D11Device_CreateTexture2D(s->dev, &d, NULL, &s->target), S_OK);
    if (s->target)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)s->target, NULL,
                                                     &s->rtv), S_OK);
    ID3DBlob *vb = compile(vs_src, "vs_5_0"), *pb = compile(ps_src, "ps_5_0");
    if (vb) {
        CHECK_HR(ID3D11Device_CreateVertexShader(s->dev, ID3D10Blob_GetBufferPointer(vb),
                                                 ID3D10Blob_GetBufferSize(vb), NULL, &s->vs),
                 S_OK);
        ID3D10Blob_Release(vb);
    }
    if (pb) {
        CHECK_HR(ID3D11Device_CreatePixelShader(s->dev, ID3D10Blob_GetBufferPointer(pb),
                                                ID3D10Blob_GetBufferSize(pb), NULL, &s->ps),
                 S_OK);
        ID3D10Blob_Release(pb);
    }
    return s->rtv && s->vs && s->ps;
}

/* Binds the scene's pipeline on `c` (immediate or deferred), viewport columns [x0, x1). */
static void scene_bind(struct scene *s, ID3D11DeviceContext1 *c, float x0, float x1)
{
    D3D11_VIEWPORT vp = { x0, 0, x1 - x0, H, 0, 1 };
    ID3D11DeviceContext1_OMSetRenderTargets(c, 1, &s->rtv, NULL);
    ID3D11DeviceContext1_RSSetViewports(c, 1, &vp);
    ID3D11DeviceContext1_IASetPrimitiveTopology(c, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext1_VSSetShader(c, s->vs, NULL, 0);
    ID3D11DeviceContext1_PSSetShader(c, s->ps, NULL, 0);
}

static void scene_pixels(struct scene *s, uint32_t *px)
{
    D3D11_TEXTURE2D_DESC d = { W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0 };
    ID3D11Texture2D *st = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    memset(px, 0xee, W * H * 4);
    CHECK_HR(ID3D11Device_CreateTexture2D(s->dev, &d, NULL, &st), S_OK);
    if (!st)
        return;
    ID3D11DeviceContext1_CopyResource(s->ctx, (ID3D11Resource *)st, (ID3D11Resource *)s->target);
    if (SUCCEEDED(ID3D11DeviceContext1_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0,
                                           &m))) {
        for (int y = 0; y < H; y++)
            memcpy(px + y * W, (const uint8_t *)m.pData + (size_t)y * m.RowPitch, W * 4);
        ID3D11DeviceContext1_Unmap(s->ctx, (ID3D11Resource *)st, 0);
    }
    ID3D11Texture2D_Release(st);
}

static void scene_end(struct scene *s)
{
    if (s->vs)
        ID3D11VertexShader_Release(s->vs);
    if (s->ps)
        ID3D11PixelShader_Release(s->ps);
    if (s->rtv)
        ID3D11RenderTargetView_Release(s->rtv);
    if (s->target)
        ID3D11Texture2D_Release(s->target);
    if (s->ctx)
        ID3D11DeviceContext1_Release(s->ctx);
    if (s->dev)
        CHECK_EQ(ID3D11Device_Release(s->dev), 0u);
}

/* R8G8B8A8 as read back (little-endian: red in the low byte). */
#define RED 0xff0000ffu
#define GREEN 0xff00ff00u
#define BLUE 0xffff0000u

/* 64 constants: 0 red, 16 green, 48 blue, the rest 0. */
static ID3D11Buffer *window_buffer(ID3D11Device *dev)
{
    static float c[64][4];
    memset(c, 0, sizeof(c));
    c[0][0] = 1, c[0][3] = 1;
    c[16][1] = 1, c[16][3] = 1;
    c[48][2] = 1, c[48][3] = 1;
    return buffer(dev, sizeof(c), D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DEFAULT, 0, 0, c);
}

static void check_columns(const uint32_t *px, uint32_t left, uint32_t right)
{
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            CHECK_EQ(px[y * W + x], x < W / 2 ? left : right);
}

TEST(fl11_1_cb1_two_windows_of_one_buffer)
{
    struct scene s;
    uint32_t px[W * H];
    if (!scene_begin(&s, D3D_FEATURE_LEVEL_11_1)) {
        scene_end(&s);
        return;
    }
    ID3D11Buffer *cb = window_buffer(s.dev), *got = NULL;
    UINT first[2] = { 0, 16 }, num[2] = { 16, 16 }, f = 99, n = 99;
    scene_bind(&s, s.ctx, 0, W / 2);
    ID3D11DeviceContext1_PSSetConstantBuffers1(s.ctx, 0, 1, &cb, &first[0], &num[0]);
    ID3D11DeviceContext1_Draw(s.ctx, 3, 0);
    scene_bind(&s, s.ctx, W / 2, W);
    ID3D11DeviceContext1_PSSetConstantBuffers1(s.ctx, 0, 1, &cb, &first[1], &num[1]);
    ID3D11DeviceContext1_Draw(s.ctx, 3, 0);
    scene_pixels(&s, px);
    check_columns(px, RED, GREEN);
    ID3D11DeviceContext1_PSGetConstantBuffers1(s.ctx, 0, 1, &got, &f, &n);
    CHECK(got == cb);
    CHECK_EQ(f, 16u);
    CHECK_EQ(n, 16u);
    if (got)
        ID3D11Buffer_Release(got);

    /* a window wholly past the end reads 0; one starting inside and running past it reads
     * what lies inside (constant 48: blue) */
    UINT past[2] = { 64, 48 }, pnum[2] = { 16, 32 };
    scene_bind(&s, s.ctx, 0, W / 2);
    ID3D11DeviceContext1_PSSetConstantBuffers1(s.ctx, 0, 1, &cb, &past[0], &pnum[0]);
    ID3D11DeviceContext1_Draw(s.ctx, 3, 0);
    scene_bind(&s, s.ctx, W / 2, W);
    ID3D11DeviceContext1_PSSetConstantBuffers1(s.ctx, 0, 1, &cb, &past[1], &pnum[1]);
    ID3D11DeviceContext1_Draw(s.ctx, 3, 0);
    scene_pixels(&s, px);
    check_columns(px, 0u, BLUE);

    /* refusals: nothing changes (the window stays 48/32) */
    UINT bad_first = 8, big = 4112, ok16 = 16;
    util_clear_last_message();
    ID3D11DeviceContext1_PSSetConstantBuffers1(s.ctx, 0, 1, &cb, &bad_first, &ok16);
    CHECK_STR_CONTAINS(LAST, "must be multiples of 16 constants");
    util_clear_last_message();
    ID3D11DeviceContext1_PSSetConstantBuffers1(s.ctx, 0, 1, &cb, &ok16, &big);
    CHECK_STR_CONTAINS(LAST, "pNumConstants[0] 4112 exceeds the 4096 constants");
    util_clear_last_message();
    ID3D11DeviceContext1_PSSetConstantBuffers1(s.ctx, 0, 1, &cb, &ok16, NULL);
    CHECK_STR_CONTAINS(LAST, "must both be given or both be NULL");
    util_clear_last_message();
    ID3D11DeviceContext1_PSSetConstantBuffers1(s.ctx, 13, 2, NULL, NULL, NULL);
    CHECK_STR_CONTAINS(LAST, "StartSlot 13 + NumBuffers 2 exceeds the 14");
    ID3D11DeviceContext1_PSGetConstantBuffers1(s.ctx, 0, 1, &got, &f, &n);
    CHECK(got == cb);
    CHECK_EQ(f, 48u);
    CHECK_EQ(n, 32u);
    if (got)
        ID3D11Buffer_Release(got);

    /* the plain methods: offset 0, the whole buffer; NULL windows mean the same */
    ID3D11DeviceContext1_PSSetConstantBuffers(s.ctx, 1, 1, &cb);
    ID3D11DeviceContext1_PSGetConstantBuffers1(s.ctx, 1, 1, &got, &f, &n);
    CHECK(got == cb);
    CHECK_EQ(f, 0u);
    CHECK_EQ(n, 64u);
    if (got)
        ID3D11Buffer_Release(got);
    ID3D11DeviceContext1_VSSetConstantBuffers1(s.ctx, 2, 1, &cb, NULL, NULL);
    ID3D11DeviceContext1_VSGetConstantBuffers1(s.ctx, 2, 1, NULL, &f, &n);
    CHECK_EQ(f, 0u);
    CHECK_EQ(n, 64u);
    /* NULL unbinds: 0 and 0 */
    ID3D11Buffer *none = NULL;
    ID3D11DeviceContext1_VSSetConstantBuffers1(s.ctx, 2, 1, &none, &ok16, &ok16);
    ID3D11DeviceContext1_VSGetConstantBuffers1(s.ctx, 2, 1, &got, &f, &n);
    CHECK(got == NULL);
    CHECK_EQ(f, 0u);
    CHECK_EQ(n, 0u);
    ID3D11Buffer_Release(cb);
    scene_end(&s);
}

TEST(fl11_1_cb1_larger_constant_buffer_than_a_shader_reads)
{
    struct scene s;
    uint32_t px[W * H];
    if (!scene_begin(&s, D3D_FEATURE_LEVEL_11_1)) {
        scene_end(&s);
        return;
    }
    /* 8192 constants (128 KiB): creatable at 11_1 only; constant 4992 green */
    float (*c)[4] = calloc(8192, sizeof(*c));
    ID3D11Buffer *cb = NULL;
    if (c) {
        c[4992][1] = 1, c[4992][3] = 1;
        cb = buffer(s.dev, 8192 * 16, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DEFAULT, 0, 0, c);
    }
    if (cb) {
        UINT first = 4992, num = 16, f = 0, n = 0;
        scene_bind(&s, s.ctx, 0, W);
        ID3D11DeviceContext1_PSSetConstantBuffers1(s.ctx, 0, 1, &cb, &first, &num);
        ID3D11DeviceContext1_Draw(s.ctx, 3, 0);
        scene_pixels(&s, px);
        check_columns(px, GREEN, GREEN);
        /* the plain method shows the first 4096 constants */
        ID3D11DeviceContext1_PSSetConstantBuffers(s.ctx, 0, 1, &cb);
        ID3D11DeviceContext1_PSGetConstantBuffers1(s.ctx, 0, 1, NULL, &f, &n);
        CHECK_EQ(f, 0u);
        CHECK_EQ(n, 4096u);
        ID3D11Buffer_Release(cb);
    }
    free(c);
    scene_end(&s);
    ID3D11DeviceContext1 *ctx0 = NULL;
    ID3D11Device *dev0 = device_at(D3D_FEATURE_LEVEL_11_0, &ctx0);
    CHECK(dev0 != NULL);
    if (dev0) {
        D3D11_BUFFER_DESC d = { 65536 + 16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0,
                                0, 0 };
        ID3D11Buffer *b = NULL;
        CHECK_HR(ID3D11Device_CreateBuffer(dev0, &d, NULL, &b), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "exceeds 65536");
        ID3D11DeviceContext1_Release(ctx0);
        CHECK_EQ(ID3D11Device_Release(dev0), 0u);
    }
}

/* The vertex stage reads its windows too: the colour comes from VS b0 through an
 * interpolant. */
TEST(fl11_1_cb1_vertex_stage_windows)
{
    static const char vs2_src[] =
        "cbuffer C : register(b0) { float4 colour; };\n"
        "struct O { float4 pos : SV_Position; float4 c : COLOR0; };\n"
        "O main(uint id : SV_VertexID)\n"
        "{ O o; o.pos = float4(id == 1 ? 3.0 : -1.0, id == 2 ? -3.0 : 1.0, 0, 1);\n"
        "  o.c = colour; return o; }\n";
    static const char ps2_src[] =
        "float4 main(float4 p : SV_Position, float4 c : COLOR0) : SV_Target { return c; }\n";
    struct scene s;
    uint32_t px[W * H];
    if (!scene_begin(&s, D3D_FEATURE_LEVEL_11_1)) {
        scene_end(&s);
        return;
    }
    ID3DBlob *vb = compile(vs2_src, "vs_5_0"), *pb = compile(ps2_src, "ps_5_0");
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    if (vb) {
        CHECK_HR(ID3D11Device_CreateVertexShader(s.dev, ID3D10Blob_GetBufferPointer(vb),
                                                 ID3D10Blob_GetBufferSize(vb), NULL, &vs), S_OK);
        ID3D10Blob_Release(vb);
    }
    if (pb) {
        CHECK_HR(ID3D11Device_CreatePixelShader(s.dev, ID3D10Blob_GetBufferPointer(pb),
                                                ID3D10Blob_GetBufferSize(pb), NULL, &ps), S_OK);
        ID3D10Blob_Release(pb);
    }
    ID3D11Buffer *cb = window_buffer(s.dev);
    if (vs && ps && cb) {
        UINT first[2] = { 48, 0 }, num = 16;
        for (int half = 0; half < 2; half++) {
            scene_bind(&s, s.ctx, half ? W / 2 : 0, half ? W : W / 2);
            ID3D11DeviceContext1_VSSetShader(s.ctx, vs, NULL, 0);
            ID3D11DeviceContext1_PSSetShader(s.ctx, ps, NULL, 0);
            ID3D11DeviceContext1_VSSetConstantBuffers1(s.ctx, 0, 1, &cb, &first[half], &num);
            ID3D11DeviceContext1_Draw(s.ctx, 3, 0);
        }
        scene_pixels(&s, px);
        check_columns(px, BLUE, RED);
    }
    if (cb)
        ID3D11Buffer_Release(cb);
    if (vs)
        ID3D11VertexShader_Release(vs);
    if (ps)
        ID3D11PixelShader_Release(ps);
    scene_end(&s);
}

/* ExecuteCommandList(RestoreContextState TRUE) gives back every stage's bindings, the compute
 * shader and its UAV included, alive after the application released them. */
TEST(fl11_1_execute_command_list_restores_compute_bindings)
{
    ID3D11DeviceContext1 *ctx = NULL, *d = NULL;
    ID3D11Device *dev = device_at(D3D_FEATURE_LEVEL_11_1, &ctx);
    ID3D11CommandList *list = NULL;
    CHECK(dev != NULL);
    if (!dev)
        return;
    static const char cs_src[] =
        "RWByteAddressBuffer o : register(u0);\n"
        "[numthreads(1, 1, 1)] void main() { o.Store(0, 1234); }\n";
    ID3D11Buffer *out = buffer(dev, 16, D3D11_BIND_UNORDERED_ACCESS, D3D11_USAGE_DEFAULT, 0,
                               D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, NULL);
    ID3D11UnorderedAccessView *uav = NULL;
    ID3D11ComputeShader *cs = NULL, *got = NULL;
    ID3DBlob *b = compile(cs_src, "cs_5_0");
    D3D11_UNORDERED_ACCESS_VIEW_DESC ud;
    memset(&ud, 0, sizeof(ud));
    ud.Format = DXGI_FORMAT_R32_TYPELESS;
    ud.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
    ud.Buffer.NumElements = 4;
    ud.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_RAW;
    if (out)
        CHECK_HR(ID3D11Device_CreateUnorderedAccessView(dev, (ID3D11Resource *)out, &ud, &uav),
                 S_OK);
    if (b) {
        CHECK_HR(ID3D11Device_CreateComputeShader(dev, ID3D10Blob_GetBufferPointer(b),
                                                  ID3D10Blob_GetBufferSize(b), NULL, &cs), S_OK);
        ID3D10Blob_Release(b);
    }
    CHECK_HR(ID3D11Device1_CreateDeferredContext1((ID3D11Device1 *)dev, 0, &d), S_OK);
    if (d)
        CHECK_HR(ID3D11DeviceContext1_FinishCommandList(d, FALSE, &list), S_OK);
    if (cs && uav && list) {
        uint32_t v[4];
        ID3D11DeviceContext1_CSSetShader(ctx, cs, NULL, 0);
        ID3D11DeviceContext1_CSSetUnorderedAccessViews(ctx, 0, 1, &uav, NULL);
        ID3D11ComputeShader_Release(cs);   /* the context's bindings keep them */
        ID3D11UnorderedAccessView_Release(uav);
        ID3D11DeviceContext1_ExecuteCommandList(ctx, list, TRUE);
        ID3D11DeviceContext1_CSGetShader(ctx, &got, NULL, NULL);
        CHECK(got == cs);
        if (got)
            ID3D11ComputeShader_Release(got);
        ID3D11DeviceContext1_Dispatch(ctx, 1, 1, 1);
        buffer_bytes(dev, ctx, out, 16, v);
        CHECK_EQ(v[0], 1234u);
    } else {
        if (cs)
            ID3D11ComputeShader_Release(cs);
        if (uav)
            ID3D11UnorderedAccessView_Release(uav);
    }
    if (list)
        ID3D11CommandList_Release(list);
    if (d)
        ID3D11DeviceContext1_Release(d);
    if (out)
        ID3D11Buffer_Release(out);
    ID3D11DeviceContext1_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0u);
}

TEST(fl11_1_cb1_recorded_by_deferred_context)
{
    struct scene s;
    uint32_t px[W * H];
    ID3D11DeviceContext1 *d = NULL;
    ID3D11CommandList *list = NULL;
    if (!scene_begin(&s, D3D_FEATURE_LEVEL_11_1)) {
        scene_end(&s);
        return;
    }
    ID3D11Buffer *cb = window_buffer(s.dev);
    UINT first[2] = { 16, 48 }, num = 16;
    CHECK_HR(ID3D11Device1_CreateDeferredContext1((ID3D11Device1 *)s.dev, 0, &d), S_OK);
    if (d && cb) {
        scene_bind(&s, d, 0, W / 2);
        ID3D11DeviceContext1_PSSetConstantBuffers1(d, 0, 1, &cb, &first[0], &num);
        ID3D11DeviceContext1_Draw(d, 3, 0);
        scene_bind(&s, d, W / 2, W);
        ID3D11DeviceContext1_PSSetConstantBuffers1(d, 0, 1, &cb, &first[1], &num);
        /* refused on the deferred context, so not recorded: half a window would bind the
         * whole buffer (constant 0, red) if it were replayed */
        util_clear_last_message();
        ID3D11DeviceContext1_PSSetConstantBuffers1(d, 0, 1, &cb, &first[0], NULL);
        CHECK_STR_CONTAINS(LAST, "must both be given or both be NULL");
        ID3D11DeviceContext1_Draw(d, 3, 0);
        CHECK_HR(ID3D11DeviceContext1_FinishCommandList(d, FALSE, &list), S_OK);
    }
    scene_pixels(&s, px);
    check_columns(px, 0u, 0u);   /* nothing ran yet */
    if (list) {
        ID3D11DeviceContext1_ExecuteCommandList(s.ctx, list, FALSE);
        ID3D11CommandList_Release(list);
    }
    scene_pixels(&s, px);
    check_columns(px, GREEN, BLUE);
    if (d)
        ID3D11DeviceContext1_Release(d);
    if (cb)
        ID3D11Buffer_Release(cb);
    scene_end(&s);
}

TEST(fl11_1_cb1_compute_window_and_levels)
{
    ID3D11DeviceContext1 *ctx = NULL;
    ID3D11Device *dev = device_at(D3D_FEATURE_LEVEL_11_1, &ctx);
    CHECK(dev != NULL);
    if (!dev)
        return;
    static const char cs_src[] =
        "cbuffer C : register(b0) { uint4 v; };\n"
        "RWByteAddressBuffer o : register(u0);\n"
        "[numthreads(1, 1, 1)] void main() { o.Store4(0, v); }\n";
    static uint32_t data[32][4];
    for (int i = 0; i < 32; i++)
        for (int k = 0; k < 4; k++)
            data[i][k] = (uint32_t)(i * 10 + k);
    ID3D11Buffer *cb = buffer(dev, sizeof(data), D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DEFAULT,
                              0, 0, data);
    ID3D11Buffer *out = buffer(dev, 16, D3D11_BIND_UNORDERED_ACCESS, D3D11_USAGE_DEFAULT, 0,
                               D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, NULL);
    ID3D11UnorderedAccessView *uav = NULL;
    ID3D11ComputeShader *cs = NULL;
    ID3DBlob *b = compile(cs_src, "cs_5_0");
    D3D11_UNORDERED_ACCESS_VIEW_DESC ud;
    memset(&ud, 0, sizeof(ud));
    ud.Format = DXGI_FORMAT_R32_TYPELESS;
    ud.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
    ud.Buffer.NumElements = 4;
    ud.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_RAW;
    if (out)
        CHECK_HR(ID3D11Device_CreateUnorderedAccessView(dev, (ID3D11Resource *)out, &ud, &uav),
                 S_OK);
    if (b) {
        CHECK_HR(ID3D11Device_CreateComputeShader(dev, ID3D10Blob_GetBufferPointer(b),
                                                  ID3D10Blob_GetBufferSize(b), NULL, &cs), S_OK);
        ID3D10Blob_Release(b);
    }
    if (cs && uav && cb) {
        UINT first = 16, num = 16, got[4];
        ID3D11DeviceContext1_CSSetShader(ctx, cs, NULL, 0);
        ID3D11DeviceContext1_CSSetUnorderedAccessViews(ctx, 0, 1, &uav, NULL);
        ID3D11DeviceContext1_CSSetConstantBuffers1(ctx, 0, 1, &cb, &first, &num);
        ID3D11DeviceContext1_Dispatch(ctx, 1, 1, 1);
        buffer_bytes(dev, ctx, out, 16, got);
        CHECK_EQ(got[0], 160u);   /* constant 16 */
        CHECK_EQ(got[3], 163u);
        first = 32;   /* past the 32-constant buffer: 0 */
        ID3D11DeviceContext1_CSSetConstantBuffers1(ctx, 0, 1, &cb, &first, &num);
        ID3D11DeviceContext1_Dispatch(ctx, 1, 1, 1);
        buffer_bytes(dev, ctx, out, 16, got);
        CHECK_EQ(got[0], 0u);
        CHECK_EQ(got[3], 0u);
    }
    if (cs)
        ID3D11ComputeShader_Release(cs);
    if (uav)
        ID3D11UnorderedAccessView_Release(uav);
    if (out)
        ID3D11Buffer_Release(out);
    if (cb)
        ID3D11Buffer_Release(cb);
    ID3D11DeviceContext1_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0u);

    /* below 11_1 the methods exist too ("the runtime emulates" them at 9_x); a stage the level
     * lacks (CS at 9_x; at 10_x it runs cs_4_x) takes only NULL */
    static const D3D_FEATURE_LEVEL lower[] = { D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_10_0 };
    for (int i = 0; i < 2; i++) {
        ID3D11DeviceContext1 *c = NULL;
        ID3D11Device *d = device_at(lower[i], &c);
        CHECK(d != NULL);
        if (!d)
            continue;
        ID3D11Buffer *buf = buffer(d, 512, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DEFAULT, 0, 0,
                                   NULL), *got = NULL;
        UINT first = 16, num = 16, f = 0, n = 0;
        D3D11_FEATURE_DATA_D3D11_OPTIONS o;
        ID3D11DeviceContext1_VSSetConstantBuffers1(c, 3, 1, &buf, &first, &num);
        ID3D11DeviceContext1_VSGetConstantBuffers1(c, 3, 1, &got, &f, &n);
        CHECK(got == buf);
        CHECK_EQ(f, 16u);
        CHECK_EQ(n, 16u);
        if (got)
            ID3D11Buffer_Release(got);
        util_clear_last_message();
        ID3D11DeviceContext1_CSSetConstantBuffers1(c, 0, 1, &buf, &first, &num);
        if (lower[i] < D3D_FEATURE_LEVEL_10_0)
            CHECK_STR_CONTAINS(LAST, "the CS stage does not exist at feature level");
        got = (ID3D11Buffer *)(uintptr_t)1;
        ID3D11DeviceContext1_CSGetConstantBuffers1(c, 0, 1, &got, NULL, NULL);
        CHECK(got == (lower[i] < D3D_FEATURE_LEVEL_10_0 ? NULL : buf));
        if (got && lower[i] >= D3D_FEATURE_LEVEL_10_0)
            ID3D11Buffer_Release(got);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(d, D3D11_FEATURE_D3D11_OPTIONS, &o, sizeof(o)),
                 S_OK);
        CHECK(o.ConstantBufferOffsetting && o.ConstantBufferPartialUpdate &&
              o.FlagsForUpdateAndCopySeenByDriver);
        CHECK(!o.MapNoOverwriteOnDynamicConstantBuffer && !o.MapNoOverwriteOnDynamicBufferSRV &&
              !o.DiscardAPIsSeenByDriver);
        ID3D11Buffer_Release(buf);
        ID3D11DeviceContext1_Release(c);
        CHECK_EQ(ID3D11Device_Release(d), 0u);
    }
}

TEST(fl11_1_update_and_copy1_flags_and_partial_constant_update)
{
    ID3D11DeviceContext1 *ctx = NULL;
    ID3D11Device *dev = device_at(D3D_FEATURE_LEVEL_11_1, &ctx);
    CHECK(dev != NULL);
    if (!dev)
        return;
    uint8_t init[64], bytes[64], patch[16];
    for (int i = 0; i < 64; i++)
        init[i] = (uint8_t)i;
    memset(patch, 0xab, sizeof(patch));
    ID3D11Buffer *cb = buffer(dev, 64, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DEFAULT, 0, 0,
                              init);
    ID3D11Buffer *vb = buffer(dev, 64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0, 0, NULL);
    if (!cb || !vb)
        return;
    /* a partial update of the second constant; the rest keeps its bytes */
    D3D11_BOX box = { 16, 0, 0, 32, 1, 1 };
    util_clear_last_message();
    ID3D11DeviceContext1_UpdateSubresource1(ctx, (ID3D11Resource *)cb, 0, &box, patch, 0, 0,
                                            D3D11_COPY_DISCARD);
    CHECK_EQ(LAST[0], 0);
    buffer_bytes(dev, ctx, cb, 64, bytes);
    CHECK_EQ(bytes[15], 15);
    CHECK_EQ(bytes[16], 0xab);
    CHECK_EQ(bytes[31], 0xab);
    CHECK_EQ(bytes[32], 32);
    /* refusals change nothing */
    D3D11_BOX odd = { 8, 0, 0, 24, 1, 1 }, out_of = { 48, 0, 0, 80, 1, 1 };
    memset(patch, 0xcd, sizeof(patch));
    ID3D11DeviceContext1_UpdateSubresource1(ctx, (ID3D11Resource *)cb, 0, &odd, patch, 0, 0, 0);
    CHECK_STR_CONTAINS(LAST, "must be multiples of 16 bytes");
    util_clear_last_message();
    ID3D11DeviceContext1_UpdateSubresource1(ctx, (ID3D11Resource *)cb, 0, &out_of, patch, 0, 0,
                                            0);
    CHECK_STR_CONTAINS(LAST, "is outside the 64-byte buffer");
    util_clear_last_message();
    ID3D11DeviceContext1_UpdateSubresource1(ctx, (ID3D11Resource *)cb, 0, &box, patch, 0, 0,
                                            D3D11_COPY_NO_OVERWRITE | D3D11_COPY_DISCARD);
    CHECK_STR_CONTAINS(LAST, "cannot be both D3D11_COPY_NO_OVERWRITE and D3D11_COPY_DISCARD");
    util_clear_last_message();
    ID3D11DeviceContext1_UpdateSubresource1(ctx, (ID3D11Resource *)cb, 0, &box, patch, 0, 0, 4);
    CHECK_STR_CONTAINS(LAST, "CopyFlags 0x4 has bits other than");
    util_clear_last_message();
    /* the 11.0 method keeps its rule */
    ID3D11DeviceContext1_UpdateSubresource(ctx, (ID3D11Resource *)cb, 0, &box, patch, 0, 0);
    CHECK_STR_CONTAINS(LAST, "pDstBox must be NULL for a constant buffer");
    buffer_bytes(dev, ctx, cb, 64, bytes);
    CHECK_EQ(bytes[8], 8);
    CHECK_EQ(bytes[16], 0xab);
    CHECK_EQ(bytes[48], 48);
    /* the whole buffer with NO_OVERWRITE; an empty box is a no-op */
    D3D11_BOX empty = { 16, 0, 0, 16, 1, 1 };
    ID3D11DeviceContext1_UpdateSubresource1(ctx, (ID3D11Resource *)cb, 0, &empty, patch, 0, 0, 0);
    ID3D11DeviceContext1_UpdateSubresource1(ctx, (ID3D11Resource *)cb, 0, NULL, init, 0, 0,
                                            D3D11_COPY_NO_OVERWRITE);
    buffer_bytes(dev, ctx, cb, 64, bytes);
    CHECK(!memcmp(bytes, init, 64));
    /* CopySubresourceRegion1: bytes [16, 48) of the constant buffer to offset 0 of vb */
    D3D11_BOX src = { 16, 0, 0, 48, 1, 1 };
    util_clear_last_message();
    ID3D11DeviceContext1_CopySubresourceRegion1(ctx, (ID3D11Resource *)vb, 0, 0, 0, 0,
                                                (ID3D11Resource *)cb, 0, &src,
                                                D3D11_COPY_NO_OVERWRITE);
    CHECK_EQ(LAST[0], 0);
    ID3D11DeviceContext1_CopySubresourceRegion1(ctx, (ID3D11Resource *)vb, 0, 32, 0, 0,
                                                (ID3D11Resource *)cb, 0, &src, 3);
    CHECK_STR_CONTAINS(LAST, "CopySubresourceRegion1: CopyFlags cannot be both");
    buffer_bytes(dev, ctx, vb, 64, bytes);
    CHECK_EQ(bytes[0], 16);
    CHECK_EQ(bytes[31], 47);
    CHECK_EQ(bytes[32], 0);   /* the refused copy wrote nothing */
    /* the 11.0 validation still applies */
    util_clear_last_message();
    ID3D11DeviceContext1_CopySubresourceRegion1(ctx, (ID3D11Resource *)vb, 0, 48, 0, 0,
                                                (ID3D11Resource *)cb, 0, &src, 0);
    CHECK(LAST[0] != 0);
    /* recorded by a deferred context, with the flags */
    ID3D11DeviceContext1 *d = NULL;
    ID3D11CommandList *list = NULL;
    memset(patch, 0x5a, sizeof(patch));
    CHECK_HR(ID3D11Device1_CreateDeferredContext1((ID3D11Device1 *)dev, 0, &d), S_OK);
    if (d) {
        ID3D11DeviceContext1_UpdateSubresource1(d, (ID3D11Resource *)cb, 0, &box, patch, 0, 0,
                                                D3D11_COPY_DISCARD);
        ID3D11DeviceContext1_CopySubresourceRegion1(d, (ID3D11Resource *)vb, 0, 48, 0, 0,
                                                    (ID3D11Resource *)cb, 0, &box,
                                                    D3D11_COPY_DISCARD);
        CHECK_HR(ID3D11DeviceContext1_FinishCommandList(d, FALSE, &list), S_OK);
        ID3D11DeviceContext1_Release(d);
    }
    buffer_bytes(dev, ctx, vb, 64, bytes);
    CHECK_EQ(bytes[48], 0);
    if (list) {
        ID3D11DeviceContext1_ExecuteCommandList(ctx, list, FALSE);
        ID3D11CommandList_Release(list);
    }
    buffer_bytes(dev, ctx, vb, 64, bytes);
    CHECK_EQ(bytes[48], 0x5a);
    CHECK_EQ(bytes[63], 0x5a);
    ID3D11Buffer_Release(cb);
    ID3D11Buffer_Release(vb);
    ID3D11DeviceContext1_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0u);
}

TEST(fl11_1_map_no_overwrite_constant_and_srv_buffers_per_level)
{
    static const D3D_FEATURE_LEVEL levels[] = { D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0 };
    for (int i = 0; i < 2; i++) {
        ID3D11DeviceContext1 *ctx = NULL;
        ID3D11Device *dev = device_at(levels[i], &ctx);
        HRESULT want = i == 0 ? S_OK : E_INVALIDARG;
        D3D11_MAPPED_SUBRESOURCE m;
        D3D11_FEATURE_DATA_D3D11_OPTIONS o;
        CHECK(dev != NULL);
        if (!dev)
            continue;
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D11_OPTIONS, &o,
                                                  sizeof(o)), S_OK);
        CHECK_EQ(o.MapNoOverwriteOnDynamicConstantBuffer, i == 0 ? TRUE : FALSE);
        CHECK_EQ(o.MapNoOverwriteOnDynamicBufferSRV, i == 0 ? TRUE : FALSE);
        CHECK_EQ(o.DiscardAPIsSeenByDriver, i == 0 ? TRUE : FALSE);
        CHECK_EQ(o.ConstantBufferOffsetting, TRUE);
        ID3D11Buffer *cb = buffer(dev, 64, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DYNAMIC,
                                  D3D11_CPU_ACCESS_WRITE, 0, NULL);
        ID3D11Buffer *sb = buffer(dev, 64, D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_DYNAMIC,
                                  D3D11_CPU_ACCESS_WRITE, 0, NULL);
        if (cb && sb) {
            CHECK_HR(ID3D11DeviceContext1_Map(ctx, (ID3D11Resource *)cb, 0,
                                              D3D11_MAP_WRITE_DISCARD, 0, &m), S_OK);
            ((uint32_t *)m.pData)[0] = 7;
            ID3D11DeviceContext1_Unmap(ctx, (ID3D11Resource *)cb, 0);
            CHECK_HR(ID3D11DeviceContext1_Map(ctx, (ID3D11Resource *)cb, 0,
                                              D3D11_MAP_WRITE_NO_OVERWRITE, 0, &m), want);
            if (i == 0) {
                CHECK_EQ(((uint32_t *)m.pData)[0], 7u);   /* no overwrite: the contents stay */
                ID3D11DeviceContext1_Unmap(ctx, (ID3D11Resource *)cb, 0);
            } else {
                CHECK_STR_CONTAINS(LAST, "only valid on vertex and index buffers");
            }
            CHECK_HR(ID3D11DeviceContext1_Map(ctx, (ID3D11Resource *)sb, 0,
                                              D3D11_MAP_WRITE_NO_OVERWRITE, 0, &m), want);
            if (i == 0)
                ID3D11DeviceContext1_Unmap(ctx, (ID3D11Resource *)sb, 0);
        }
        ID3D11DeviceContext1 *d = NULL;
        CHECK_HR(ID3D11Device1_CreateDeferredContext1((ID3D11Device1 *)dev, 0, &d), S_OK);
        if (d && cb) {
            CHECK_HR(ID3D11DeviceContext1_Map(d, (ID3D11Resource *)cb, 0,
                                              D3D11_MAP_WRITE_DISCARD, 0, &m), S_OK);
            ID3D11DeviceContext1_Unmap(d, (ID3D11Resource *)cb, 0);
            CHECK_HR(ID3D11DeviceContext1_Map(d, (ID3D11Resource *)cb, 0,
                                              D3D11_MAP_WRITE_NO_OVERWRITE, 0, &m), want);
            if (i == 0)
                ID3D11DeviceContext1_Unmap(d, (ID3D11Resource *)cb, 0);
        }
        if (d)
            ID3D11DeviceContext1_Release(d);
        if (cb)
            ID3D11Buffer_Release(cb);
        if (sb)
            ID3D11Buffer_Release(sb);
        ID3D11DeviceContext1_Release(ctx);
        CHECK_EQ(ID3D11Device_Release(dev), 0u);
    }
}

static HRESULT create_state(ID3D11Device *dev, D3D_FEATURE_LEVEL level, REFIID iid,
                            D3D_FEATURE_LEVEL *chosen, ID3DDeviceContextState **out)
{
    return ID3D11Device1_CreateDeviceContextState((ID3D11Device1 *)dev, 0, &level, 1,
                                                  D3D11_SDK_VERSION, iid, chosen, out);
}

TEST(fl11_1_context_state_swap_saves_and_restores)
{
    struct scene s;
    uint32_t px[W * H];
    if (!scene_begin(&s, D3D_FEATURE_LEVEL_11_1)) {
        scene_end(&s);
        return;
    }
    ID3DDeviceContextState *fresh = NULL, *orig = NULL, *back = NULL;
    D3D_FEATURE_LEVEL chosen = 0;
    ID3D11Buffer *cb = window_buffer(s.dev), *got = NULL;
    UINT first = 16, num = 16, f = 0, n = 0, vps = 0;
    static const FLOAT factor[4] = { 0.5f, 0.25f, 0.125f, 1 };
    FLOAT fget[4];
    UINT mask = 0;
    CHECK_HR(create_state(s.dev, D3D_FEATURE_LEVEL_11_1, &IID_ID3D11Device1, &chosen, &fresh),
             S_OK);
    CHECK_EQ(chosen, D3D_FEATURE_LEVEL_11_1);
    if (!fresh || !cb)
        return;
    {
        ID3D11Device *owner = NULL;
        ID3DDeviceContextState_GetDevice(fresh, &owner);
        CHECK(owner == s.dev);
        if (owner)
            ID3D11Device_Release(owner);
    }
    /* the original state: the green window, a blend factor */
    scene_bind(&s, s.ctx, 0, W);
    ID3D11DeviceContext1_PSSetConstantBuffers1(s.ctx, 0, 1, &cb, &first, &num);
    ID3D11DeviceContext1_OMSetBlendState(s.ctx, NULL, factor, 0xf);
    ID3D11DeviceContext1_SwapDeviceContextState(s.ctx, fresh, &orig);
    CHECK(orig != NULL && orig != fresh);
    /* the fresh state is the ClearState one */
    ID3D11DeviceContext1_PSGetConstantBuffers1(s.ctx, 0, 1, &got, &f, &n);
    CHECK(got == NULL);
    ID3D11DeviceContext1_OMGetBlendState(s.ctx, NULL, fget, &mask);
    CHECK(fget[0] == 1.0f && mask == D3D11_DEFAULT_SAMPLE_MASK);
    ID3D11DeviceContext1_RSGetViewports(s.ctx, &vps, NULL);
    CHECK_EQ(vps, 0u);
    /* a draw here draws nothing (no shaders, no target) */
    util_clear_last_message();
    ID3D11DeviceContext1_Draw(s.ctx, 3, 0);
    /* the fresh state gets its own bindings: the blue window over the left half */
    scene_bind(&s, s.ctx, 0, W / 2);
    first = 48;
    ID3D11DeviceContext1_PSSetConstantBuffers1(s.ctx, 0, 1, &cb, &first, &num);
    /* the buffer lives on in the saved states after the application's release */
    ID3D11Buffer_Release(cb);
    ID3D11DeviceContext1_SwapDeviceContextState(s.ctx, orig, &back);
    CHECK(back == fresh);
    if (back)
        ID3DDeviceContextState_Release(back);
    ID3D11DeviceContext1_PSGetConstantBuffers1(s.ctx, 0, 1, &got, &f, &n);
    CHECK(got == cb);
    CHECK_EQ(f, 16u);
    CHECK_EQ(n, 16u);
    if (got)
        ID3D11Buffer_Release(got);
    ID3D11DeviceContext1_OMGetBlendState(s.ctx, NULL, fget, &mask);
    CHECK(fget[0] == 0.5f && fget[2] == 0.125f && mask == 0xf);
    ID3D11DeviceContext1_Draw(s.ctx, 3, 0);   /* the whole target green */
    ID3D11DeviceContext1_SwapDeviceContextState(s.ctx, fresh, NULL);
    ID3D11DeviceContext1_Draw(s.ctx, 3, 0);   /* the left half blue */
    scene_pixels(&s, px);
    check_columns(px, BLUE, GREEN);
    /* swapping in the active state changes nothing and returns it */
    ID3D11DeviceContext1_SwapDeviceContextState(s.ctx, fresh, &back);
    CHECK(back == fresh);
    if (back)
        ID3DDeviceContextState_Release(back);
    ID3D11DeviceContext1_PSGetConstantBuffers1(s.ctx, 0, 1, NULL, &f, NULL);
    CHECK_EQ(f, 48u);
    /* refusals: nothing changes */
    /* NULL "has no effect"; a foreign object is refused */
    back = (ID3DDeviceContextState *)(uintptr_t)1;
    ID3D11DeviceContext1_SwapDeviceContextState(s.ctx, NULL, &back);
    CHECK(back == NULL);
    util_clear_last_message();
    ID3D11DeviceContext1_SwapDeviceContextState(s.ctx, (ID3DDeviceContextState *)s.rtv, &back);
    CHECK_STR_CONTAINS(LAST, "pState is not a context state of this device");
    CHECK(back == NULL);
    ID3D11DeviceContext1 *d = NULL;
    CHECK_HR(ID3D11Device1_CreateDeferredContext1((ID3D11Device1 *)s.dev, 0, &d), S_OK);
    if (d) {
        util_clear_last_message();
        ID3D11DeviceContext1_SwapDeviceContextState(d, orig, NULL);
        CHECK_STR_CONTAINS(LAST, "only the immediate context swaps context states");
        ID3D11DeviceContext1_Release(d);
    }
    ID3D11DeviceContext1_PSGetConstantBuffers1(s.ctx, 0, 1, NULL, &f, NULL);
    CHECK_EQ(f, 48u);
    /* the application's references: the active one is the context's too */
    ID3DDeviceContextState_Release(fresh);
    ID3DDeviceContextState_Release(orig);   /* its state (the green window) goes with it */
    ID3D11DeviceContext1_Draw(s.ctx, 3, 0);
    scene_end(&s);   /* the device's release returns 0: nothing leaked or kept it */
}

TEST(fl11_1_create_device_context_state_rules)
{
    ID3D11DeviceContext1 *ctx = NULL;
    ID3D11Device *dev = device_at(D3D_FEATURE_LEVEL_11_1, &ctx);
    ID3DDeviceContextState *st = (ID3DDeviceContextState *)(uintptr_t)1;
    D3D_FEATURE_LEVEL chosen = (D3D_FEATURE_LEVEL)1, two[2] = { D3D_FEATURE_LEVEL_11_1,
                                                                D3D_FEATURE_LEVEL_11_0 };
    CHECK(dev != NULL);
    if (!dev)
        return;
    ID3D11Device1 *d1 = (ID3D11Device1 *)dev;
    /* the first usable element of the array is chosen */
    CHECK_HR(ID3D11Device1_CreateDeviceContextState(
                 d1, D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED, two, 2,
                 D3D11_SDK_VERSION, &IID_ID3D11Device, &chosen, &st), S_OK);
    CHECK_EQ(chosen, D3D_FEATURE_LEVEL_11_1);
    if (st) {
        ID3DDeviceContextState *q = NULL;
        CHECK_HR(ID3DDeviceContextState_QueryInterface(st, &IID_ID3D11DeviceChild, (void **)&q),
                 S_OK);
        if (q)
            ID3DDeviceContextState_Release(q);
        ID3DDeviceContextState_Release(st);
    }
    CHECK_HR(ID3D11Device1_CreateDeviceContextState(d1, 0, two, 2, D3D11_SDK_VERSION,
                                                    &IID_ID3D11Device1, NULL, NULL), S_FALSE);
    st = (ID3DDeviceContextState *)(uintptr_t)1;
    CHECK_HR(ID3D11Device1_CreateDeviceContextState(d1, 2, two, 2, D3D11_SDK_VERSION,
                                                    &IID_ID3D11Device1, NULL, &st), E_INVALIDARG);
    CHECK(st == NULL);
    CHECK_STR_CONTAINS(LAST, "Flags 0x2");
    CHECK_HR(ID3D11Device1_CreateDeviceContextState(d1, 0, NULL, 0, D3D11_SDK_VERSION,
                                                    &IID_ID3D11Device1, NULL, &st), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "there is no default array");
    CHECK_HR(ID3D11Device1_CreateDeviceContextState(d1, 0, two, 2, 0, &IID_ID3D11Device1, NULL,
                                                    &st), E_INVALIDARG);
    CHECK_HR(create_state(dev, D3D_FEATURE_LEVEL_12_0, &IID_ID3D11Device1, NULL, &st),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "pFeatureLevels[0] 0xc000 is not a D3D_FEATURE_LEVEL");
    CHECK_HR(create_state(dev, (D3D_FEATURE_LEVEL)0x1234, &IID_ID3D11Device1, NULL, &st),
             E_INVALIDARG);
    CHECK_HR(create_state(dev, D3D_FEATURE_LEVEL_11_1, &IID_ID3D11DeviceContext, NULL, &st),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "EmulatedInterface is not the IID");
    /* not implemented: D3D10 emulation, a level below the device's */
    CHECK_HR(create_state(dev, D3D_FEATURE_LEVEL_11_1, &IID_ID3D10Device1, NULL, &st),
             E_NOTIMPL);
    CHECK_STR_CONTAINS(LAST, "emulating ID3D10Device / ID3D10Device1 are not implemented");
    CHECK_HR(create_state(dev, D3D_FEATURE_LEVEL_10_0, &IID_ID3D11Device1, NULL, &st), E_NOTIMPL);
    CHECK_STR_CONTAINS(LAST, "below the device's feature level 11_1 is not implemented");
    CHECK(st == NULL);
    /* the first swap without ppPreviousState: the context's own state (a bound buffer the
     * application released) goes with its unnamed object, nothing leaks */
    {
        ID3D11Buffer *cb = buffer(dev, 16, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DEFAULT, 0, 0,
                                  NULL), *got = (ID3D11Buffer *)(uintptr_t)1;
        CHECK_HR(create_state(dev, D3D_FEATURE_LEVEL_11_1, &IID_ID3D11Device1, NULL, &st), S_OK);
        if (cb && st) {
            ID3D11DeviceContext1_VSSetConstantBuffers(ctx, 0, 1, &cb);
            ID3D11Buffer_Release(cb);
            ID3D11DeviceContext1_SwapDeviceContextState(ctx, st, NULL);
            ID3D11DeviceContext1_VSGetConstantBuffers(ctx, 0, 1, &got);
            CHECK(got == NULL);
            ID3DDeviceContextState_Release(st);   /* active: the context keeps it */
            ID3D11DeviceContext1_VSSetConstantBuffers(ctx, 0, 1, &got);
        }
    }
    ID3D11DeviceContext1_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0u);

    /* a SINGLETHREADED device needs the SINGLETHREADED flag */
    {
        D3D_FEATURE_LEVEL l = D3D_FEATURE_LEVEL_11_1;
        ID3D11Device *sd = NULL;
        setenv("SOFTD3D_PROFILE", "11_1", 1);
        CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL,
                                   D3D11_CREATE_DEVICE_SINGLETHREADED, &l, 1, D3D11_SDK_VERSION,
                                   &sd, NULL, NULL), S_OK);
        unsetenv("SOFTD3D_PROFILE");
        if (sd) {
            CHECK_HR(create_state(sd, l, &IID_ID3D11Device1, NULL, &st), E_INVALIDARG);
            CHECK_STR_CONTAINS(LAST,
                               "must have D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED");
            CHECK_HR(ID3D11Device1_CreateDeviceContextState(
                         (ID3D11Device1 *)sd, D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED,
                         &l, 1, D3D11_SDK_VERSION, &IID_ID3D11Device1, NULL, &st), S_OK);
            if (st)
                ID3DDeviceContextState_Release(st);
            CHECK_EQ(ID3D11Device_Release(sd), 0u);
        }
    }

    /* at 10_0 (profile 11_1 offers it): the device's own level */
    dev = device_at(D3D_FEATURE_LEVEL_10_0, &ctx);
    CHECK(dev != NULL);
    if (!dev)
        return;
    /* the first usable element of the array: 11_1 is above the device */
    D3D_FEATURE_LEVEL mixed[2] = { D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_10_0 };
    CHECK_HR(ID3D11Device1_CreateDeviceContextState((ID3D11Device1 *)dev, 0, mixed, 2,
                                                    D3D11_SDK_VERSION, &IID_ID3D11Device,
                                                    &chosen, &st), S_OK);
    CHECK_EQ(chosen, D3D_FEATURE_LEVEL_10_0);
    CHECK_HR(create_state(dev, D3D_FEATURE_LEVEL_11_0, &IID_ID3D11Device, NULL, NULL),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "names no level the device supports (its level is 10_0)");
    if (st) {
        ID3DDeviceContextState *prev = NULL;
        D3D11_VIEWPORT vp = { 0, 0, 4, 4, 0, 1 }, got;
        UINT n = 1;
        ID3D11DeviceContext1_RSSetViewports(ctx, 1, &vp);
        ID3D11DeviceContext1_SwapDeviceContextState(ctx, st, &prev);
        ID3D11DeviceContext1_RSGetViewports(ctx, &n, NULL);
        CHECK_EQ(n, 0u);
        if (prev) {
            ID3D11DeviceContext1_SwapDeviceContextState(ctx, prev, NULL);
            ID3DDeviceContextState_Release(prev);
        }
        n = 1;
        ID3D11DeviceContext1_RSGetViewports(ctx, &n, &got);
        CHECK_EQ(n, 1u);
        CHECK(got.Width == 4.0f);
        ID3DDeviceContextState_Release(st);
    }
    ID3D11DeviceContext1_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0u);
}

/* ID3D11DeviceContext2's annotation methods: no capture tool ever attaches, so annotations are
 * off and markers / events are accepted and dropped, on every level and deferred contexts. */
TEST(fl11_1_annotations_disabled_and_dropped)
{
    static const D3D_FEATURE_LEVEL levels[] = { D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_9_1 };
    static const WCHAR label[] = { 'f', 'r', 'a', 'm', 'e', 0 };
    for (int i = 0; i < 2; i++) {
        ID3D11DeviceContext1 *ctx = NULL, *d = NULL;
        ID3D11DeviceContext2 *c2 = NULL, *d2 = NULL;
        ID3D11Device *dev = device_at(levels[i], &ctx);
        CHECK(dev != NULL);
        if (!dev)
            continue;
        CHECK_HR(ID3D11DeviceContext1_QueryInterface(ctx, &IID_ID3D11DeviceContext2,
                                                     (void **)&c2), S_OK);
        CHECK_HR(ID3D11Device1_CreateDeferredContext1((ID3D11Device1 *)dev, 0, &d), S_OK);
        if (d)
            CHECK_HR(ID3D11DeviceContext1_QueryInterface(d, &IID_ID3D11DeviceContext2,
                                                         (void **)&d2), S_OK);
        util_clear_last_message();
        if (c2) {
            CHECK_EQ(ID3D11DeviceContext2_IsAnnotationEnabled(c2), FALSE);
            ID3D11DeviceContext2_BeginEventInt(c2, label, 7);
            ID3D11DeviceContext2_SetMarkerInt(c2, label, 8);
            ID3D11DeviceContext2_EndEvent(c2);
            ID3D11DeviceContext2_Release(c2);
        }
        if (d2) {
            ID3D11CommandList *list = NULL;
            CHECK_EQ(ID3D11DeviceContext2_IsAnnotationEnabled(d2), FALSE);
            ID3D11DeviceContext2_SetMarkerInt(d2, NULL, 0);
            CHECK_HR(ID3D11DeviceContext2_FinishCommandList(d2, FALSE, &list), S_OK);
            if (list)
                ID3D11CommandList_Release(list);
            ID3D11DeviceContext2_Release(d2);
        }
        /* ID3DUserDefinedAnnotation, the contexts' face for the same (one reference count) */
        ID3D11DeviceContext1 *owners[2] = { ctx, d };
        for (int k = 0; k < 2; k++) {
            ID3DUserDefinedAnnotation *a = NULL;
            ID3D11DeviceContext *back = NULL;
            if (!owners[k])
                continue;
            CHECK_HR(ID3D11DeviceContext1_QueryInterface(owners[k],
                                                         &IID_ID3DUserDefinedAnnotation,
                                                         (void **)&a), S_OK);
            if (!a)
                continue;
            CHECK_EQ(ID3DUserDefinedAnnotation_GetStatus(a), FALSE);
            CHECK_EQ(ID3DUserDefinedAnnotation_BeginEvent(a, label), -1);
            ID3DUserDefinedAnnotation_SetMarker(a, label);
            CHECK_EQ(ID3DUserDefinedAnnotation_EndEvent(a), -1);
            CHECK_HR(ID3DUserDefinedAnnotation_QueryInterface(a, &IID_ID3D11DeviceContext,
                                                              (void **)&back), S_OK);
            CHECK(back == (ID3D11DeviceContext *)owners[k]);
            if (back)
                ID3D11DeviceContext_Release(back);
            {   /* the annotation's count is the context's */
                ULONG up = ID3DUserDefinedAnnotation_AddRef(a);
                ULONG ctx_count = ID3D11DeviceContext1_Release(owners[k]);
                CHECK_EQ(ctx_count, up - 1);
                ID3D11DeviceContext1_AddRef(owners[k]);
                CHECK_EQ(ID3DUserDefinedAnnotation_Release(a), up - 1);
            }
            ID3DUserDefinedAnnotation_Release(a);
        }
        CHECK_EQ(LAST[0], 0);   /* no "not implemented" line */
        if (d)
            ID3D11DeviceContext1_Release(d);
        ID3D11DeviceContext1_Release(ctx);
        CHECK_EQ(ID3D11Device_Release(dev), 0u);
    }
}
