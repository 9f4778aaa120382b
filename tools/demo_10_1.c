/* tools/demo_10_1.c — softd3d-demo's feature-level 10_1 scene (issue 11 item 9; demo_10_1.h):
 * what 10_1 adds over 9_3, in one small frame, checked.
 *
 * Device: feature level 10_1 (profile max, which offers it).  Scene, 256x256:
 *   - sixteen rotated squares from ONE DrawInstanced call (6 vertices, 16 instances): slot 0
 *     holds the square's corners, slot 1 per instance its centre, half-size and angle (float4)
 *     and a texture-array slice (R32_UINT);
 *   - a Texture2DArray of four 16x16 slices (a colour each, a darker two-texel border),
 *     point-sampled at the slice the instance names (vs_4_0 / ps_4_0 listings: sincos for the
 *     rotation, the slice passed as a constant-interpolated input);
 *   - drawn into a 4x multisampled R8G8B8A8 target (the standard pattern) and resolved with
 *     ResolveSubresource: the squares' edges come out as blends of square and background
 *     -> DIR/demo_10_1_msaa.png;
 *   - the same instances into an R32_UINT target (one sample; integer targets do not resolve):
 *     each pixel the SV_InstanceID + 1 of the square covering it, 0 elsewhere
 *     -> DIR/demo_10_1_ids.png (the ids as grey levels, 15 per id).
 * Checks (the exit status): each square's centre pixel is its slice's colour exactly, the
 * background corner is the clear colour, there are edge pixels that are neither (antialiasing),
 * and the id target holds id + 1 at each centre and 0 in the corner.
 * The frame time is the mean of 5 frames of the multisampled pass after one warm-up.
 */
#define COBJMACROS
#include <windows.h>
#include <d3d11.h>

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "demo_10_1.h"
#include "shaders.h"
#include "util/png.h"

#define S 256        /* target size */
#define GRID 4       /* GRID x GRID instances */
#define SLICES 4
#define TEX 16

static const uint8_t slice_rgba[SLICES][4] = {
    { 230, 60, 50, 255 }, { 60, 200, 80, 255 }, { 70, 110, 240, 255 }, { 240, 210, 60, 255 } };
static const float clear_rgba[4] = { 16.0f / 255, 16.0f / 255, 40.0f / 255, 1.0f };

/* corners -> rotated, scaled and moved square; uv from the corner; the slice and id on */
static const char vs_text[] =
    "vs_4_0\n"
    "dcl_input v0.xy\n"
    "dcl_input v1.xyzw\n"
    "dcl_input v2.x\n"
    "dcl_input_sgv v3.x, instance_id\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xy\n"
    "dcl_output o2.x\n"
    "dcl_output o3.x\n"
    "dcl_temps 2\n"
    "sincos r0.x, r0.y, v1.w\n"                      /* sin, cos of the angle */
    "mul r1.x, v0.x, r0.y\nmad r1.x, -v0.y, r0.x, r1.x\n"   /* x cos - y sin */
    "mul r1.y, v0.x, r0.x\nmad r1.y, v0.y, r0.y, r1.y\n"    /* x sin + y cos */
    "mad o0.xy, r1.xyxx, v1.zzzz, v1.xyxx\n"
    "mov o0.zw, l(0, 0, 0.5, 1.0)\n"
    "mad o1.xy, v0.xyxx, l(0.5, -0.5, 0, 0), l(0.5, 0.5, 0, 0)\n"
    "utof o2.x, v2.x\n"
    "iadd o3.x, v3.x, l(1)\n"
    "ret\n";

static const char ps_color_text[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2darray (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xy\n"
    "dcl_input_ps constant v2.x\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "mov r0.xy, v1.xyxx\nmov r0.z, v2.x\n"
    "sample o0.xyzw, r0.xyzx, t0.xyzw, s0\n"
    "ret\n";

/* (declares v1 and v2 too, so that v3 is the third TEXCOORD as in the vertex shader) */
static const char ps_id_text[] =
    "ps_4_0\n"
    "dcl_input_ps linear v1.xy\n"
    "dcl_input_ps constant v2.x\n"
    "dcl_input_ps constant v3.x\n"
    "dcl_output o0.x\n"
    "mov o0.x, v3.x\n"
    "ret\n";

struct instance {
    float cx, cy, half, angle;   /* NDC */
    uint32_t slice;
};

#define RELEASE(p)                           \
    do {                                     \
        if (p)                               \
            IUnknown_Release((IUnknown *)p); \
        (p) = NULL;                          \
    } while (0)

#define CHECK(call, what)                                                    \
    do {                                                                     \
        HRESULT hr_ = (call);                                                \
        if (FAILED(hr_)) {                                                   \
            printf("  %s failed (hr 0x%08lx)\n", (what), (unsigned long)hr_); \
            goto fail;                                                       \
        }                                                                    \
    } while (0)

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int assemble(const char *what, const char *listing, void **blob, size_t *size)
{
    char err[256];
    if (bench_assemble(listing, blob, size, err, sizeof(err))) {
        printf("  %s does not assemble: %s\n", what, err);
        return -1;
    }
    return 0;
}

/* The pixel of square i's centre (the instance grid: centres at 32 + 64 k pixels). */
static void centre_px(int i, int *x, int *y)
{
    *x = 32 + 64 * (i % GRID);
    *y = 32 + 64 * (i / GRID);
}

/* A target's bytes (bpp 4) through a staging copy into out (S * S * 4). */
static int read_target(ID3D11Device *dev, ID3D11DeviceContext *ctx, ID3D11Texture2D *tex,
                       DXGI_FORMAT fmt, uint8_t *out)
{
    D3D11_TEXTURE2D_DESC d = { S, S, 1, 1, fmt, { 1, 0 }, D3D11_USAGE_STAGING, 0,
                               D3D11_CPU_ACCESS_READ, 0 };
    ID3D11Texture2D *st = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    if (FAILED(ID3D11Device_CreateTexture2D(dev, &d, NULL, &st)))
        return -1;
    ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)st, (ID3D11Resource *)tex);
    int r = -1;
    if (SUCCEEDED(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m))) {
        for (int y = 0; y < S; y++)
            memcpy(out + (size_t)y * S * 4, (const uint8_t *)m.pData + (size_t)y * m.RowPitch,
                   S * 4);
        ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)st, 0);
        r = 0;
    }
    RELEASE(st);
    return r;
}

static int write_png(const char *out_dir, const char *name, const uint8_t *rgba)
{
    char path[4096];
    snprintf(path, sizeof(path), "%s/demo_10_1_%s.png", out_dir, name);
    if (util_png_write(path, rgba, S, S, S * 4, 4)) {
        printf("  cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    printf("  -> %s\n", path);
    return 0;
}

int demo_10_1_run(const char *out_dir)
{
    static const D3D_FEATURE_LEVEL want = D3D_FEATURE_LEVEL_10_1;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Texture2D *ms = NULL, *resolved = NULL, *ids = NULL, *array = NULL;
    ID3D11RenderTargetView *ms_rtv = NULL, *id_rtv = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *point = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps_color = NULL, *ps_id = NULL;
    ID3D11InputLayout *layout = NULL;
    ID3D11Buffer *vb = NULL, *ib = NULL;
    ID3D11Query *event = NULL;
    void *blob[3] = { NULL, NULL, NULL };
    size_t size[3];
    uint8_t *img = malloc((size_t)S * S * 4), *idimg = malloc((size_t)S * S * 4);
    uint8_t texels[SLICES][TEX][TEX][4];
    int errors = 0;
    D3D_FEATURE_LEVEL got = 0;

    printf("softd3d demo: Direct3D 11 scene at feature level 10_1 (4x MSAA, texture array, "
           "instancing, R32_UINT target)\n");
    if (!img || !idimg)
        goto fail;
    CHECK(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &want, 1, D3D11_SDK_VERSION,
                            &dev, &got, &ctx), "D3D11CreateDevice(10_1)");
    /* targets */
    D3D11_TEXTURE2D_DESC td = { S, S, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 4, 0 },
                                D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0 };
    CHECK(ID3D11Device_CreateTexture2D(dev, &td, NULL, &ms), "CreateTexture2D (4x)");
    CHECK(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)ms, NULL, &ms_rtv),
          "CreateRenderTargetView (4x)");
    td.SampleDesc.Count = 1;
    CHECK(ID3D11Device_CreateTexture2D(dev, &td, NULL, &resolved), "CreateTexture2D");
    td.Format = DXGI_FORMAT_R32_UINT;
    CHECK(ID3D11Device_CreateTexture2D(dev, &td, NULL, &ids), "CreateTexture2D (R32_UINT)");
    CHECK(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)ids, NULL, &id_rtv),
          "CreateRenderTargetView (R32_UINT)");
    /* the texture array: a colour a slice, a darker border of two texels */
    D3D11_SUBRESOURCE_DATA init[SLICES];
    for (int s = 0; s < SLICES; s++) {
        for (int y = 0; y < TEX; y++)
            for (int x = 0; x < TEX; x++) {
                bool border = x < 2 || y < 2 || x >= TEX - 2 || y >= TEX - 2;
                for (int c = 0; c < 4; c++)
                    texels[s][y][x][c] = border && c < 3 ? (uint8_t)(slice_rgba[s][c] / 2)
                                                         : slice_rgba[s][c];
            }
        init[s] = (D3D11_SUBRESOURCE_DATA){ texels[s], TEX * 4, 0 };
    }
    D3D11_TEXTURE2D_DESC ad = { TEX, TEX, 1, SLICES, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    CHECK(ID3D11Device_CreateTexture2D(dev, &ad, init, &array), "CreateTexture2D (array)");
    CHECK(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)array, NULL, &srv),
          "CreateShaderResourceView (array)");
    D3D11_SAMPLER_DESC sd = { D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                              D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                              D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    CHECK(ID3D11Device_CreateSamplerState(dev, &sd, &point), "CreateSamplerState");
    /* shaders and the input layout */
    if (assemble("vs", vs_text, &blob[0], &size[0]) ||
        assemble("ps_color", ps_color_text, &blob[1], &size[1]) ||
        assemble("ps_id", ps_id_text, &blob[2], &size[2]))
        goto fail;
    CHECK(ID3D11Device_CreateVertexShader(dev, blob[0], size[0], NULL, &vs), "CreateVertexShader");
    CHECK(ID3D11Device_CreatePixelShader(dev, blob[1], size[1], NULL, &ps_color),
          "CreatePixelShader (colour)");
    CHECK(ID3D11Device_CreatePixelShader(dev, blob[2], size[2], NULL, &ps_id),
          "CreatePixelShader (id)");
    static const D3D11_INPUT_ELEMENT_DESC el[] = {
        { "TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        { "TEXCOORD", 1, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 1 },
        { "TEXCOORD", 2, DXGI_FORMAT_R32_UINT, 1, 16, D3D11_INPUT_PER_INSTANCE_DATA, 1 },
    };
    CHECK(ID3D11Device_CreateInputLayout(dev, el, 3, blob[0], size[0], &layout),
          "CreateInputLayout");
    /* geometry: the unit square's corners (two clockwise triangles), the instances */
    static const float corners[6][2] = { { -1, 1 }, { 1, 1 }, { -1, -1 },
                                         { -1, -1 }, { 1, 1 }, { 1, -1 } };
    struct instance inst[GRID * GRID];
    for (int i = 0; i < GRID * GRID; i++) {
        int x, y;
        centre_px(i, &x, &y);
        inst[i] = (struct instance){ x * 2.0f / S - 1.0f, 1.0f - y * 2.0f / S, 22.0f * 2 / S,
                                     0.15f + 0.09f * (float)i, (uint32_t)(i % SLICES) };
    }
    D3D11_BUFFER_DESC bd = { sizeof(corners), D3D11_USAGE_IMMUTABLE, D3D11_BIND_VERTEX_BUFFER,
                             0, 0, 0 };
    D3D11_SUBRESOURCE_DATA bi = { corners, 0, 0 };
    CHECK(ID3D11Device_CreateBuffer(dev, &bd, &bi, &vb), "CreateBuffer (corners)");
    bd.ByteWidth = sizeof(inst);
    bi.pSysMem = inst;
    CHECK(ID3D11Device_CreateBuffer(dev, &bd, &bi, &ib), "CreateBuffer (instances)");
    D3D11_QUERY_DESC qd = { D3D11_QUERY_EVENT, 0 };
    CHECK(ID3D11Device_CreateQuery(dev, &qd, &event), "CreateQuery");

    ID3D11Buffer *vbs[2] = { vb, ib };
    UINT strides[2] = { sizeof(corners[0]), sizeof(inst[0]) }, offsets[2] = { 0, 0 };
    D3D11_VIEWPORT vp = { 0, 0, S, S, 0, 1 };
    ID3D11DeviceContext_IASetInputLayout(ctx, layout);
    ID3D11DeviceContext_IASetVertexBuffers(ctx, 0, 2, vbs, strides, offsets);
    ID3D11DeviceContext_IASetPrimitiveTopology(ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(ctx, 0, 1, &srv);
    ID3D11DeviceContext_PSSetSamplers(ctx, 0, 1, &point);
    ID3D11DeviceContext_RSSetViewports(ctx, 1, &vp);

    /* the multisampled pass, timed */
    double t0 = 0;
    ID3D11DeviceContext_PSSetShader(ctx, ps_color, NULL, 0);
    ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, &ms_rtv, NULL);
    for (int f = 0; f < 6; f++) {
        if (f == 1)
            t0 = now();
        ID3D11DeviceContext_ClearRenderTargetView(ctx, ms_rtv, clear_rgba);
        ID3D11DeviceContext_DrawInstanced(ctx, 6, GRID * GRID, 0, 0);
        ID3D11DeviceContext_ResolveSubresource(ctx, (ID3D11Resource *)resolved, 0,
                                               (ID3D11Resource *)ms, 0,
                                               DXGI_FORMAT_R8G8B8A8_UNORM);
        ID3D11DeviceContext_End(ctx, (ID3D11Asynchronous *)event);
        BOOL done = FALSE;
        while (ID3D11DeviceContext_GetData(ctx, (ID3D11Asynchronous *)event, &done, sizeof(done),
                                           0) == S_FALSE)
            ;
    }
    double ms_per_frame = (now() - t0) * 1000.0 / 5;
    /* the id pass */
    static const float zero[4] = { 0, 0, 0, 0 };
    ID3D11DeviceContext_PSSetShader(ctx, ps_id, NULL, 0);
    ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, &id_rtv, NULL);
    ID3D11DeviceContext_ClearRenderTargetView(ctx, id_rtv, zero);
    ID3D11DeviceContext_DrawInstanced(ctx, 6, GRID * GRID, 0, 0);

    if (read_target(dev, ctx, resolved, DXGI_FORMAT_R8G8B8A8_UNORM, img) ||
        read_target(dev, ctx, ids, DXGI_FORMAT_R32_UINT, idimg)) {
        printf("  read-back failed\n");
        goto fail;
    }
    /* checks */
    uint8_t bg[4];
    for (int c = 0; c < 4; c++)
        bg[c] = (uint8_t)(clear_rgba[c] * 255.0f + 0.5f);
    if (memcmp(img, bg, 4)) {
        printf("  check failed: the corner is %u %u %u, not the clear colour\n", img[0], img[1],
               img[2]);
        errors++;
    }
    for (int i = 0; i < GRID * GRID; i++) {
        int x, y;
        centre_px(i, &x, &y);
        const uint8_t *p = img + ((size_t)y * S + (size_t)x) * 4;
        uint32_t id;
        memcpy(&id, idimg + ((size_t)y * S + (size_t)x) * 4, 4);
        if (memcmp(p, slice_rgba[i % SLICES], 4)) {
            printf("  check failed: square %d's centre is %u %u %u, not slice %d's colour\n", i,
                   p[0], p[1], p[2], i % SLICES);
            errors++;
        }
        if (id != (uint32_t)i + 1) {
            printf("  check failed: the id target holds %u at square %d's centre\n", id, i);
            errors++;
        }
    }
    uint32_t corner_id;
    memcpy(&corner_id, idimg, 4);
    if (corner_id != 0) {
        printf("  check failed: the id target's corner holds %u\n", corner_id);
        errors++;
    }
    /* antialiased edges: pixels that are neither the background nor a texel colour */
    unsigned blended = 0;
    for (size_t k = 0; k < (size_t)S * S; k++) {
        const uint8_t *p = img + 4 * k;
        bool plain = !memcmp(p, bg, 3);
        for (int s = 0; s < SLICES && !plain; s++) {
            uint8_t dark[3] = { (uint8_t)(slice_rgba[s][0] / 2), (uint8_t)(slice_rgba[s][1] / 2),
                                (uint8_t)(slice_rgba[s][2] / 2) };
            plain = !memcmp(p, slice_rgba[s], 3) || !memcmp(p, dark, 3);
        }
        blended += !plain;
    }
    if (blended < 16 * 40) {
        printf("  check failed: only %u antialiased edge pixels\n", blended);
        errors++;
    }
    printf("  %d checks failed; %u edge pixels blended by 4x MSAA; %.2f ms per multisampled "
           "frame\n", errors, blended, ms_per_frame);
    errors += write_png(out_dir, "msaa", img) != 0;
    for (size_t k = 0; k < (size_t)S * S; k++) {
        uint32_t id;
        memcpy(&id, idimg + 4 * k, 4);
        uint8_t g = (uint8_t)(id * 15u > 255u ? 255u : id * 15u);
        idimg[4 * k] = idimg[4 * k + 1] = idimg[4 * k + 2] = g;
        idimg[4 * k + 3] = 255;
    }
    errors += write_png(out_dir, "ids", idimg) != 0;
    goto done;
fail:
    errors++;
done:
    if (ctx)
        ID3D11DeviceContext_ClearState(ctx);
    RELEASE(event);
    RELEASE(ib);
    RELEASE(vb);
    RELEASE(layout);
    RELEASE(ps_id);
    RELEASE(ps_color);
    RELEASE(vs);
    RELEASE(point);
    RELEASE(srv);
    RELEASE(array);
    RELEASE(id_rtv);
    RELEASE(ids);
    RELEASE(resolved);
    RELEASE(ms_rtv);
    RELEASE(ms);
    RELEASE(ctx);
    RELEASE(dev);
    for (int i = 0; i < 3; i++)
        free(blob[i]);
    free(img);
    free(idimg);
    return errors ? 1 : 0;
}
