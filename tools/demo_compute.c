/* tools/demo_compute.c — softd3d-demo's compute scene (issue 15): a particle system updated by
 * compute shaders and drawn from what they wrote, through the public Direct3D 11 API at
 * feature level 11_0 (profile 11_0), 512 x 512.
 *
 *   1. simulate (cs_5_0, 64 threads a group, 65536 particles in a structured buffer of
 *      (x, y, vx, vy)): gravity, the box [-1, 1]^2 with a damped bounce on the walls; every
 *      bounce appends the particle's index to an APPEND buffer (imm_atomic_alloc) and adds 1
 *      to a raw counter (atomic_iadd);
 *   2. splat (cs_5_0): each particle adds 1 to its pixel of an R32_UINT texture through a
 *      typed UAV (atomic_iadd on RWTexture2D<uint>), cleared first with
 *      ClearUnorderedAccessViewUint;
 *   3. draw (vs_5_0 + ps_5_0): a screen triangle whose pixel shader loads the pixel's count
 *      (the texture as a shader-resource view, ld) and maps it to a colour.
 * 30 simulation steps (0.5 s), then the splat and the draw ->
 * DIR/demo_compute.png.
 * Checked: the splat's counts add up to the particle count (every particle stays in the box),
 * the append buffer's hidden counter (CopyStructureCount) equals the raw counter's bounces,
 * and the particles cover more than a thousand pixels.  Printed: the mean time of one
 * simulation step (a dispatch of 1024 groups, finished when Dispatch returns).
 * The shaders are written in assembly (cs/vs/ps_5_0 listings, fxc's syntax) and assembled by
 * the project's assembler (bench/shaders.c). */
#define COBJMACROS
#include <windows.h>
#include <d3d11.h>

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "demo_compute.h"
#include "shaders.h"
#include "util/png.h"

#define N 65536u
#define SIZE 512u
#define STEPS 30
#define G (-3.0f)   /* gravity, box units / s^2 */

/* cb0[0] = (dt, gravity, damping, 0) */
static const char sim_cs[] =
    "cs_5_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_uav_structured u0, 16\n"
    "dcl_uav_structured_opc u1, 4\n"
    "dcl_uav_raw u2\n"
    "dcl_temps 3\n"
    "dcl_thread_group 64, 1, 1\n"
    "ld_structured r0.xyzw, vThreadID.x, l(0), u0.xyzw\n"
    "mad r0.w, cb0[0].y, cb0[0].x, r0.w\n"                 /* vy += g dt */
    "mad r0.xy, r0.zwzz, cb0[0].xxxx, r0.xyxx\n"           /* p += v dt */
    /* walls: outside [-1, 1] in x, the velocity turns and loses some of itself */
    "lt r1.x, l(1.000000), r0.x\nlt r1.y, r0.x, l(-1.000000)\nor r1.x, r1.x, r1.y\n"
    "mul r2.x, r0.z, -cb0[0].z\nmovc r0.z, r1.x, r2.x, r0.z\n"
    "max r0.x, r0.x, l(-1.000000)\nmin r0.x, r0.x, l(1.000000)\n"
    "lt r1.z, l(1.000000), r0.y\nlt r1.w, r0.y, l(-1.000000)\nor r1.z, r1.z, r1.w\n"
    "mul r2.y, r0.w, -cb0[0].z\nmovc r0.w, r1.z, r2.y, r0.w\n"
    "max r0.y, r0.y, l(-1.000000)\nmin r0.y, r0.y, l(1.000000)\n"
    "store_structured u0.xyzw, vThreadID.x, l(0), r0.xyzw\n"
    /* a bounce off any wall: append the index, count it */
    "or r1.x, r1.x, r1.z\n"
    "if_nz r1.x\n"
    "  imm_atomic_alloc r2.z, u1\n"
    "  store_structured u1.x, r2.z, l(0), vThreadID.x\n"
    "  atomic_iadd u2, l(0), l(1)\n"
    "endif\n"
    "ret\n";

static const char splat_cs[] =
    "cs_5_0\n"
    "dcl_resource_structured t0, 16\n"
    "dcl_uav_typed_texture2d (uint,uint,uint,uint) u0\n"
    "dcl_temps 2\n"
    "dcl_thread_group 64, 1, 1\n"
    "ld_structured r0.xy, vThreadID.x, l(0), t0.xyxx\n"
    /* [-1, 1] to pixels, y down: (x + 1) / 2 * 511.5, (1 - y) / 2 * 511.5 */
    "mad r0.xy, r0.xyxx, l(255.750000, -255.750000, 0, 0), l(255.750000, 255.750000, 0, 0)\n"
    "ftou r1.xy, r0.xyxx\n"
    "atomic_iadd u0, r1.xyxx, l(1)\n"
    "ret\n";

static const char draw_vs[] =
    "// Input signature:\n//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_VertexID              0   x           0   VERTID    uint   x   \n//\n"
    "// Output signature:\n//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n//\n"
    "vs_5_0\n"
    "dcl_input_sgv v0.x, vertex_id\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_temps 1\n"
    /* vertices 0, 1, 2 -> (-1, 1), (3, 1), (-1, -3): one triangle over the screen */
    "and r0.x, v0.x, l(1)\nushr r0.y, v0.x, l(1)\nutof r0.xy, r0.xyxx\n"
    "mad o0.xy, r0.xyxx, l(4.000000, -4.000000, 0, 0), l(-1.000000, 1.000000, 0, 0)\n"
    "mov o0.zw, l(0, 0, 0, 1.000000)\n"
    "ret\n";

static const char draw_ps[] =
    "// Input signature:\n//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xy  \n//\n"
    "// Output signature:\n//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Target                0   xyzw        0   TARGET   float   xyzw\n//\n"
    "ps_5_0\n"
    "dcl_resource_texture2d (uint,uint,uint,uint) t0\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 2\n"
    "ftou r0.xy, v0.xyxx\nmov r0.zw, l(0, 0, 0, 0)\n"
    "ld_indexable(texture2d)(uint,uint,uint,uint) r0.x, r0.xyzw, t0.xyzw\n"
    /* t = min(count / 3, 1): dark blue, through orange, to white */
    "utof r0.x, r0.x\nmul_sat r0.x, r0.x, l(0.333333)\nmul r1.x, r0.x, r0.x\n"
    "mov o0.x, r0.x\nmul o0.y, r1.x, l(0.900000)\nmul r1.y, r1.x, r1.x\n"
    "mad o0.z, r1.y, l(0.800000), l(0.120000)\nmov o0.w, l(1.000000)\n"
    "ret\n";

struct scene {
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
    ID3D11Buffer *particles, *events, *counter, *cb, *count_copy;
    ID3D11UnorderedAccessView *u_particles, *u_events, *u_counter, *u_density;
    ID3D11ShaderResourceView *s_particles, *s_density;
    ID3D11Texture2D *density, *target, *staging;
    ID3D11RenderTargetView *rtv;
    ID3D11ComputeShader *sim, *splat;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps;
};

#define FAIL_IF(cond, what)                                                                    \
    do {                                                                                       \
        if (cond) {                                                                            \
            fprintf(stderr, "softd3d-demo compute: %s failed\n", what);                       \
            goto done;                                                                         \
        }                                                                                      \
    } while (0)
#define REL(obj)                                                                               \
    do {                                                                                       \
        if (obj)                                                                               \
            IUnknown_Release((IUnknown *)(obj));                                               \
        (obj) = NULL;                                                                          \
    } while (0)

static void *assemble(const char *text, size_t *size)
{
    void *blob = NULL;
    char err[256];
    if (bench_assemble(text, &blob, size, err, sizeof(err))) {
        fprintf(stderr, "softd3d-demo compute: assembling a shader: %s\n", err);
        return NULL;
    }
    return blob;
}

static HRESULT buffer(struct scene *s, UINT bytes, UINT bind, UINT misc, UINT stride,
                      const void *init, ID3D11Buffer **out)
{
    D3D11_BUFFER_DESC d = { bytes, D3D11_USAGE_DEFAULT, bind, 0, misc, stride };
    D3D11_SUBRESOURCE_DATA sd = { init, 0, 0 };
    return ID3D11Device_CreateBuffer(s->dev, &d, init ? &sd : NULL, out);
}

static HRESULT uav(struct scene *s, void *res, DXGI_FORMAT f, D3D11_UAV_DIMENSION dim,
                   UINT elements, UINT flags, ID3D11UnorderedAccessView **out)
{
    D3D11_UNORDERED_ACCESS_VIEW_DESC d;
    memset(&d, 0, sizeof(d));
    d.Format = f;
    d.ViewDimension = dim;
    if (dim == D3D11_UAV_DIMENSION_BUFFER) {
        d.Buffer.NumElements = elements;
        d.Buffer.Flags = flags;
    }
    return ID3D11Device_CreateUnorderedAccessView(s->dev, (ID3D11Resource *)res, &d, out);
}

/* Creates every object; false (with a line) on failure. */
static bool setup(struct scene *s)
{
    float *init = malloc(N * 16);
    uint32_t seed = 12345;
    void *blob;
    size_t n;
    bool ok = false;
    if (!init)
        return false;
    /* a fountain: from a point on the floor, a cone of speeds, each particle already
     * tau seconds into its flight (tau uniform in [0, 1.4 s): a stream emitted continuously),
     * placed where gravity alone has taken it (clamped into the box) */
    for (uint32_t i = 0; i < N; i++) {
        float r[4];
        for (int k = 0; k < 4; k++) {
            seed = seed * 1664525u + 1013904223u;
            r[k] = (float)(seed >> 8) / 16777216.0f;
        }
        float speed = 2.6f + 0.4f * r[0], angle = 1.5707963f + (r[1] - 0.5f) * 0.7f;
        float vx = speed * cosf(angle), vy = speed * sinf(angle), tau = 1.4f * r[2];
        float x = 0.03f * (r[3] - 0.5f) + vx * tau, y = -1.0f + vy * tau + 0.5f * G * tau * tau;
        init[4 * i + 0] = x < -1.0f ? -1.0f : x > 1.0f ? 1.0f : x;
        init[4 * i + 1] = y < -1.0f ? -1.0f : y > 1.0f ? 1.0f : y;
        init[4 * i + 2] = vx;
        init[4 * i + 3] = vy + G * tau;
    }
    const float cbv[4] = { 1.0f / 60.0f, G, 0.7f, 0.0f };
    const UINT rw = D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE;
    FAIL_IF(FAILED(buffer(s, N * 16, rw, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16, init,
                          &s->particles)), "CreateBuffer(particles)");
    FAIL_IF(FAILED(buffer(s, N * 4, D3D11_BIND_UNORDERED_ACCESS,
                          D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4, NULL, &s->events)),
            "CreateBuffer(events)");
    FAIL_IF(FAILED(buffer(s, 16, D3D11_BIND_UNORDERED_ACCESS,
                          D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, NULL, &s->counter)),
            "CreateBuffer(counter)");
    FAIL_IF(FAILED(buffer(s, 16, D3D11_BIND_CONSTANT_BUFFER, 0, 0, cbv, &s->cb)),
            "CreateBuffer(constants)");
    D3D11_BUFFER_DESC cd = { 16, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0 };
    FAIL_IF(FAILED(ID3D11Device_CreateBuffer(s->dev, &cd, NULL, &s->count_copy)),
            "CreateBuffer(staging)");
    FAIL_IF(FAILED(uav(s, s->particles, DXGI_FORMAT_UNKNOWN, D3D11_UAV_DIMENSION_BUFFER, N, 0,
                       &s->u_particles)), "CreateUnorderedAccessView(particles)");
    FAIL_IF(FAILED(uav(s, s->events, DXGI_FORMAT_UNKNOWN, D3D11_UAV_DIMENSION_BUFFER, N,
                       D3D11_BUFFER_UAV_FLAG_APPEND, &s->u_events)),
            "CreateUnorderedAccessView(events)");
    FAIL_IF(FAILED(uav(s, s->counter, DXGI_FORMAT_R32_TYPELESS, D3D11_UAV_DIMENSION_BUFFER, 4,
                       D3D11_BUFFER_UAV_FLAG_RAW, &s->u_counter)),
            "CreateUnorderedAccessView(counter)");
    FAIL_IF(FAILED(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)s->particles,
                                                         NULL, &s->s_particles)),
            "CreateShaderResourceView(particles)");
    D3D11_TEXTURE2D_DESC td = { SIZE, SIZE, 1, 1, DXGI_FORMAT_R32_UINT, {1, 0},
                                D3D11_USAGE_DEFAULT, rw, 0, 0 };
    FAIL_IF(FAILED(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &s->density)),
            "CreateTexture2D(density)");
    FAIL_IF(FAILED(uav(s, s->density, DXGI_FORMAT_UNKNOWN, D3D11_UAV_DIMENSION_TEXTURE2D, 0, 0,
                       &s->u_density)), "CreateUnorderedAccessView(density)");
    FAIL_IF(FAILED(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)s->density,
                                                         NULL, &s->s_density)),
            "CreateShaderResourceView(density)");
    td.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    td.BindFlags = D3D11_BIND_RENDER_TARGET;
    FAIL_IF(FAILED(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &s->target)),
            "CreateTexture2D(target)");
    FAIL_IF(FAILED(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)s->target, NULL,
                                                       &s->rtv)), "CreateRenderTargetView");
    td.Format = DXGI_FORMAT_R32_UINT;
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    FAIL_IF(FAILED(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &s->staging)),
            "CreateTexture2D(staging)");
    FAIL_IF(!(blob = assemble(sim_cs, &n)), "assembling the simulation");
    HRESULT hr = ID3D11Device_CreateComputeShader(s->dev, blob, n, NULL, &s->sim);
    free(blob);
    FAIL_IF(FAILED(hr), "CreateComputeShader(simulate)");
    FAIL_IF(!(blob = assemble(splat_cs, &n)), "assembling the splat");
    hr = ID3D11Device_CreateComputeShader(s->dev, blob, n, NULL, &s->splat);
    free(blob);
    FAIL_IF(FAILED(hr), "CreateComputeShader(splat)");
    FAIL_IF(!(blob = assemble(draw_vs, &n)), "assembling the vertex shader");
    hr = ID3D11Device_CreateVertexShader(s->dev, blob, n, NULL, &s->vs);
    free(blob);
    FAIL_IF(FAILED(hr), "CreateVertexShader");
    FAIL_IF(!(blob = assemble(draw_ps, &n)), "assembling the pixel shader");
    hr = ID3D11Device_CreatePixelShader(s->dev, blob, n, NULL, &s->ps);
    free(blob);
    FAIL_IF(FAILED(hr), "CreatePixelShader");
    ok = true;
done:
    free(init);
    return ok;
}

static void teardown(struct scene *s)
{
    if (s->ctx)
        ID3D11DeviceContext_ClearState(s->ctx);
    REL(s->u_particles);
    REL(s->u_events);
    REL(s->u_counter);
    REL(s->u_density);
    REL(s->s_particles);
    REL(s->s_density);
    REL(s->rtv);
    REL(s->particles);
    REL(s->events);
    REL(s->counter);
    REL(s->cb);
    REL(s->count_copy);
    REL(s->density);
    REL(s->target);
    REL(s->staging);
    REL(s->sim);
    REL(s->splat);
    REL(s->vs);
    REL(s->ps);
    REL(s->ctx);
    REL(s->dev);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The first UINT of a buffer, through the small staging buffer. */
static bool read_uint(struct scene *s, ID3D11Buffer *b, UINT offset, uint32_t *out)
{
    D3D11_BOX box = { offset, 0, 0, offset + 4, 1, 1 };
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)s->count_copy, 0, 0, 0,
                                              0, (ID3D11Resource *)b, 0, &box);
    if (FAILED(ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)s->count_copy, 0, D3D11_MAP_READ,
                                       0, &m)))
        return false;
    memcpy(out, m.pData, 4);
    ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)s->count_copy, 0);
    return true;
}

int demo_compute_run(const char *out_dir)
{
    struct scene s;
    D3D_FEATURE_LEVEL want = D3D_FEATURE_LEVEL_11_0;
    int ret = 1;
    memset(&s, 0, sizeof(s));
    printf("softd3d demo: compute at feature level 11_0 (cs_5_0 listings): %u particles\n", N);
    setenv("SOFTD3D_PROFILE", "11_0", 1);
    HRESULT hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &want, 1,
                                   D3D11_SDK_VERSION, &s.dev, NULL, &s.ctx);
    unsetenv("SOFTD3D_PROFILE");
    FAIL_IF(FAILED(hr), "D3D11CreateDevice(11_0)");
    FAIL_IF(!setup(&s), "setting up");

    /* 1. simulate: the append counter starts at 0 and is kept (-1) from then on */
    ID3D11UnorderedAccessView *sim_uavs[3] = { s.u_particles, s.u_events, s.u_counter };
    const UINT first[3] = { (UINT)-1, 0, (UINT)-1 }, keep[3] = { (UINT)-1, (UINT)-1, (UINT)-1 };
    const UINT zero[4] = { 0, 0, 0, 0 };
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(s.ctx, s.u_counter, zero);
    ID3D11DeviceContext_CSSetShader(s.ctx, s.sim, NULL, 0);
    ID3D11DeviceContext_CSSetConstantBuffers(s.ctx, 0, 1, &s.cb);
    double t0 = now();
    for (int step = 0; step < STEPS; step++) {
        ID3D11DeviceContext_CSSetUnorderedAccessViews(s.ctx, 0, 3, sim_uavs,
                                                      step ? keep : first);
        ID3D11DeviceContext_Dispatch(s.ctx, N / 64, 1, 1);
    }
    double step_ms = (now() - t0) * 1000.0 / STEPS;

    /* 2. splat into the density texture (the particle buffer read as an SRV now) */
    ID3D11UnorderedAccessView *splat_uavs[3] = { s.u_density, NULL, NULL };
    ID3D11DeviceContext_CSSetUnorderedAccessViews(s.ctx, 0, 3, splat_uavs, NULL);
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(s.ctx, s.u_density, zero);
    ID3D11DeviceContext_CSSetShader(s.ctx, s.splat, NULL, 0);
    ID3D11DeviceContext_CSSetShaderResources(s.ctx, 0, 1, &s.s_particles);
    ID3D11DeviceContext_Dispatch(s.ctx, N / 64, 1, 1);

    /* 3. draw: the density as a shader-resource view (unbound from u0 first) */
    ID3D11UnorderedAccessView *none = NULL;
    ID3D11DeviceContext_CSSetUnorderedAccessViews(s.ctx, 0, 1, &none, NULL);
    D3D11_VIEWPORT vp = { 0, 0, SIZE, SIZE, 0, 1 };
    ID3D11DeviceContext_OMSetRenderTargets(s.ctx, 1, &s.rtv, NULL);
    ID3D11DeviceContext_RSSetViewports(s.ctx, 1, &vp);
    ID3D11DeviceContext_IASetPrimitiveTopology(s.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(s.ctx, s.vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(s.ctx, s.ps, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(s.ctx, 0, 1, &s.s_density);
    ID3D11DeviceContext_Draw(s.ctx, 3, 0);

    /* the checks */
    uint32_t bounces = 0, appended = 0;
    ID3D11DeviceContext_CopyStructureCount(s.ctx, s.counter, 4, s.u_events);
    FAIL_IF(!read_uint(&s, s.counter, 0, &bounces) || !read_uint(&s, s.counter, 4, &appended),
            "reading the counters");
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11DeviceContext_CopyResource(s.ctx, (ID3D11Resource *)s.staging,
                                     (ID3D11Resource *)s.density);
    FAIL_IF(FAILED(ID3D11DeviceContext_Map(s.ctx, (ID3D11Resource *)s.staging, 0, D3D11_MAP_READ,
                                           0, &m)), "Map(density)");
    uint64_t total = 0;
    uint32_t lit = 0;
    for (uint32_t y = 0; y < SIZE; y++)
        for (uint32_t x = 0; x < SIZE; x++) {
            uint32_t v = ((const uint32_t *)((const uint8_t *)m.pData + y * m.RowPitch))[x];
            total += v;
            lit += v != 0;
        }
    ID3D11DeviceContext_Unmap(s.ctx, (ID3D11Resource *)s.staging, 0);
    printf("  %d steps: %.2f ms a step (%u groups of 64); %u pixels lit, %llu splats, %u wall "
           "bounces, %u appended\n", STEPS, step_ms, N / 64, lit, (unsigned long long)total,
           bounces, appended);
    FAIL_IF(total != N, "the check that every particle was splatted once");
    FAIL_IF(appended != bounces || !bounces, "the check that the append counter equals the "
            "bounce count");
    FAIL_IF(lit < 1000, "the check that the particles spread");

    /* the picture */
    ID3D11Texture2D *rgba = NULL;
    D3D11_TEXTURE2D_DESC td;
    ID3D11Texture2D_GetDesc(s.staging, &td);
    td.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    FAIL_IF(FAILED(ID3D11Device_CreateTexture2D(s.dev, &td, NULL, &rgba)),
            "CreateTexture2D(read-back)");
    ID3D11DeviceContext_CopyResource(s.ctx, (ID3D11Resource *)rgba, (ID3D11Resource *)s.target);
    if (SUCCEEDED(ID3D11DeviceContext_Map(s.ctx, (ID3D11Resource *)rgba, 0, D3D11_MAP_READ, 0,
                                          &m))) {
        char path[512];
        snprintf(path, sizeof(path), "%s/demo_compute.png", out_dir);
        int w = util_png_write(path, m.pData, SIZE, SIZE, m.RowPitch, 4);
        ID3D11DeviceContext_Unmap(s.ctx, (ID3D11Resource *)rgba, 0);
        if (!w) {
            printf("  -> %s\n", path);
            ret = 0;
        } else {
            fprintf(stderr, "softd3d-demo compute: writing %s failed\n", path);
        }
    }
    REL(rgba);
done:
    teardown(&s);
    return ret;
}
