/* tools/demo_tiled.c — `softd3d-demo --tiled`: a virtual-texture streaming scene on tiled
 * resources, tier 2 (issue 7, seed 001), through the public Direct3D 11 API at feature level
 * 11_1 (profile 11_1).
 *
 * The texture: 16384 x 16384 R8G8B8A8_UNORM with its 15 mips, D3D11_RESOURCE_MISC_TILED: 21845
 * standard 64 KiB tiles (mips 0..7, 128x128 texels each) and one packed tile (mips 8..14), about
 * 1.33 GiB if it were all resident.  At the start only the packed mips and mip 7 are mapped
 * (the "resident" fallback, 2 tiles).  Tiles are filled with UpdateTiles (packed mips with
 * UpdateSubresource) from a procedural image: a colour gradient, a grid, rings, each mip tinted
 * so that streaming is visible, and a thin border at every tile edge.
 *
 * Each frame (512 x 512, the camera a square window on the texture, zooming in):
 *   1. map: the tiles the previous frame's feedback asked for get a pool tile
 *      (UpdateTileMappings) and their content (UpdateTiles);
 *   2. colour pass (ps_5_0): sample_cl_s at the pixel's LOD and check_access_fully_mapped; where
 *      a texel with non-zero weight was on a NULL tile, the pixel takes a second sample clamped
 *      to the coarsest fully resident mip (the LOD clamp operand) — blurry, never black;
 *   3. feedback pass (ps_5_0) into an R32G32B32A32_FLOAT target: (u, v, lod, missing), lod from
 *      the `lod` instruction, missing = !CheckAccessFullyMapped;
 *   4. the CPU reads the feedback back (CopyTiles), and for every missing pixel asks for the
 *      tiles of the footprint's texels at the mip(s) the LOD selects.
 * Output: DIR/demo_tiled_frame<N>.png, and per frame the mapped tiles, their bytes, the pixels
 * still missing and the process's resident memory (/proc/self/statm), which grows with the
 * mapped tiles (the pool's memory is allocated zeroed and touched only where tiles are
 * written), not with the 1.33 GiB virtual size.
 */
#define COBJMACROS
#include <windows.h>
#include <d3d11_2.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "demo_tiled.h"
#include "shaders.h"
#include "util/png.h"

#define VT 16384u            /* virtual texture size */
#define VMIPS 15u
#define TILE_BYTES 65536u
#define TT 128u              /* texels per tile side (32-bit: 128 x 128) */
#define RT 512u              /* frame size */
#define POOL_TILES 4096u     /* 256 MiB of pool address space, touched only when used */

static const char vs_text[] =
    "// Input signature:\n//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_VertexID              0   x           0   VERTID    uint   x   \n//\n"
    "// Output signature:\n//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "// TEXCOORD                 0   xy          1     NONE   float   xy  \n//\n"
    "vs_5_0\n"
    "dcl_input_sgv v0.x, vertex_id\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xy\n"
    "dcl_temps 1\n"
    "and r0.x, v0.x, l(1)\n"
    "ushr r0.y, v0.x, l(1)\n"
    "utof r0.xy, r0.xyxx\n"
    "mad o0.xy, r0.xyxx, l(2.000000, -2.000000, 0, 0), l(-1.000000, 1.000000, 0, 0)\n"
    "mov o0.zw, l(0, 0, 0, 1.000000)\n"
    "mov o1.xy, r0.xyxx\n"
    "ret\n";

#define PS_HEAD                                                                                \
    "// Input signature:\n//\n"                                                                \
    "// Name                 Index   Mask Register SysValue  Format   Used\n"                  \
    "// -------------------- ----- ------ -------- -------- ------- ------\n"                  \
    "// TEXCOORD                 0   xy          1     NONE   float   xy  \n//\n"              \
    "// Output signature:\n//\n"                                                               \
    "// Name                 Index   Mask Register SysValue  Format   Used\n"                  \
    "// -------------------- ----- ------ -------- -------- ------- ------\n"                  \
    "// SV_Target                0   xyzw        0   TARGET   float   xyzw\n//\n"              \
    "ps_5_0\n"                                                                                 \
    "dcl_constantbuffer cb0[1], immediateIndexed\n"                                            \
    "dcl_sampler s0, mode_default\n"                                                           \
    "dcl_resource_texture2d (float,float,float,float) t0\n"                                    \
    "dcl_input_ps linear v1.xy\n"                                                              \
    "dcl_output o0.xyzw\n"                                                                     \
    "dcl_temps 3\n"                                                                            \
    /* cb0[0] = (window x, window y, window size, resident mip): uv on the texture */          \
    "mad r0.xy, v1.xyxx, cb0[0].zzzz, cb0[0].xyxx\n"                                           \
    "sample_cl_s r1.xyzw, r2.x, r0.xyxx, t0.xyzw, s0, l(0.000000)\n"                           \
    "check_access_fully_mapped r2.y, r2.x\n"

/* colour: the sample where fully mapped, else the sample clamped to the resident mip */
static const char ps_color_text[] =
    PS_HEAD
    "sample_cl_s r0.xyzw, null, r0.xyxx, t0.xyzw, s0, cb0[0].w\n"
    "movc o0.xyzw, r2.yyyy, r1.xyzw, r0.xyzw\n"
    "ret\n";

/* feedback: (u, v, unclamped LOD, 1 where not fully mapped) */
static const char ps_feedback_text[] =
    PS_HEAD
    "lod r1.xy, r0.xyxx, t0.xyzw, s0\n"
    "mov o0.xy, r0.xyxx\n"
    "mov o0.z, r1.y\n"
    "movc o0.w, r2.y, l(0), l(1.000000)\n"
    "ret\n";

struct demo {
    ID3D11Device2 *dev;
    ID3D11DeviceContext2 *ctx;
    ID3D11Buffer *pool, *rt_pool, *cb, *staging;
    ID3D11Texture2D *vt, *color, *feedback;
    ID3D11ShaderResourceView *srv;
    ID3D11RenderTargetView *color_rtv, *feedback_rtv;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps_color, *ps_feedback;
    ID3D11SamplerState *sampler;
    D3D11_SUBRESOURCE_TILING tiling[VMIPS];
    UINT packed_start;
    uint8_t *mapped;          /* per tile of the texture: 1 once mapped */
    uint8_t *wanted;          /* per tile: asked for by the last feedback */
    UINT next_pool_tile, mapped_tiles;
    uint8_t *tile_buf;        /* one tile of content */
};

static long resident_bytes(void)
{
    long pages = 0, res = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f)
        return -1;
    if (fscanf(f, "%ld %ld", &pages, &res) != 2)
        res = -1;
    fclose(f);
    return res < 0 ? -1 : res * sysconf(_SC_PAGESIZE);
}

/* The procedural image at texel (x, y) of mip `mip` (size n): RGBA8. */
static void texel_color(uint32_t mip, uint32_t n, uint32_t x, uint32_t y, uint8_t out[4])
{
    static const float tint[VMIPS][3] = {
        { 1.00f, 1.00f, 1.00f }, { 1.00f, 0.85f, 0.85f }, { 0.85f, 1.00f, 0.85f },
        { 0.85f, 0.85f, 1.00f }, { 1.00f, 1.00f, 0.80f }, { 1.00f, 0.80f, 1.00f },
        { 0.80f, 1.00f, 1.00f }, { 0.70f, 0.70f, 0.70f }, { 0.6f, 0.6f, 0.6f },
        { 0.6f, 0.6f, 0.6f }, { 0.6f, 0.6f, 0.6f }, { 0.6f, 0.6f, 0.6f }, { 0.6f, 0.6f, 0.6f },
        { 0.6f, 0.6f, 0.6f }, { 0.6f, 0.6f, 0.6f },
    };
    float u = ((float)x + 0.5f) / (float)n, v = ((float)y + 0.5f) / (float)n;
    float r = 0.25f + 0.75f * u, g = 0.25f + 0.75f * v, b = 0.55f;
    /* rings around the centre, 64 per radius */
    float d = sqrtf((u - 0.5f) * (u - 0.5f) + (v - 0.5f) * (v - 0.5f));
    float ring = 0.5f + 0.5f * cosf(d * 6.2831853f * 64.0f);
    r *= 0.7f + 0.3f * ring;
    g *= 0.7f + 0.3f * ring;
    /* grid: lines every 1/256 of the texture, one texel wide at this mip */
    uint32_t cell = n / 256 ? n / 256 : 1;
    if (cell > 2 && (x % cell == 0 || y % cell == 0))
        r *= 0.3f, g *= 0.3f, b *= 0.3f;
    /* tile borders of the standard tiles */
    if (mip < 8 && (x % TT == 0 || y % TT == 0))
        r = g = b = 0.15f;
    out[0] = (uint8_t)(fminf(r * tint[mip][0], 1.0f) * 255.0f + 0.5f);
    out[1] = (uint8_t)(fminf(g * tint[mip][1], 1.0f) * 255.0f + 0.5f);
    out[2] = (uint8_t)(fminf(b * tint[mip][2], 1.0f) * 255.0f + 0.5f);
    out[3] = 255;
}

/* Maps tile (tx, ty) of mip `mip` to the next pool tile and uploads its content. */
static bool map_tile(struct demo *d, UINT mip, UINT tx, UINT ty)
{
    UINT flat = d->tiling[mip].StartTileIndexInOverallResource +
                ty * d->tiling[mip].WidthInTiles + tx;
    D3D11_TILED_RESOURCE_COORDINATE c = { tx, ty, 0, mip };
    UINT zero = 0, one = 1;
    if (d->mapped[flat])
        return true;
    if (d->next_pool_tile >= POOL_TILES)
        return false;   /* the pool is full: a real streamer would evict */
    if (FAILED(ID3D11DeviceContext2_UpdateTileMappings(d->ctx, (ID3D11Resource *)d->vt, 1, &c,
                                                       NULL, d->pool, 1, &zero,
                                                       &d->next_pool_tile, &one, 0)))
        return false;
    uint32_t n = VT >> mip;
    for (uint32_t y = 0; y < TT; y++)
        for (uint32_t x = 0; x < TT; x++)
            texel_color(mip, n, tx * TT + x, ty * TT + y, d->tile_buf + (y * TT + x) * 4);
    ID3D11DeviceContext2_UpdateTiles(d->ctx, (ID3D11Resource *)d->vt, &c, NULL, d->tile_buf, 0);
    d->mapped[flat] = 1;
    d->next_pool_tile++;
    d->mapped_tiles++;
    return true;
}

static bool mip_resident(const struct demo *d, UINT mip)
{
    if (mip >= d->packed_start)
        return true;
    UINT n = d->tiling[mip].WidthInTiles * d->tiling[mip].HeightInTiles;
    for (UINT i = 0; i < n; i++)
        if (!d->mapped[d->tiling[mip].StartTileIndexInOverallResource + i])
            return false;
    return true;
}

static bool setup(struct demo *d)
{
    D3D_FEATURE_LEVEL want = D3D_FEATURE_LEVEL_11_1, got = 0;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    setenv("SOFTD3D_PROFILE", "11_1", 1);
    HRESULT hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &want, 1,
                                   D3D11_SDK_VERSION, &dev, &got, &ctx);
    if (FAILED(hr) || got != D3D_FEATURE_LEVEL_11_1) {
        fprintf(stderr, "demo --tiled: no 11_1 device (0x%08x)\n", (unsigned)hr);
        return false;
    }
    d->dev = (ID3D11Device2 *)dev;
    d->ctx = (ID3D11DeviceContext2 *)ctx;

    D3D11_TEXTURE2D_DESC td = { VT, VT, VMIPS, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                                D3D11_RESOURCE_MISC_TILED };
    D3D11_BUFFER_DESC pd = { POOL_TILES * TILE_BYTES, D3D11_USAGE_DEFAULT, 0, 0,
                             D3D11_RESOURCE_MISC_TILE_POOL, 0 };
    D3D11_BUFFER_DESC rpd = { 80 * TILE_BYTES, D3D11_USAGE_DEFAULT, 0, 0,
                              D3D11_RESOURCE_MISC_TILE_POOL, 0 };
    D3D11_BUFFER_DESC cbd = { 16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0 };
    D3D11_BUFFER_DESC sd = { 64 * TILE_BYTES, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0,
                             0 };
    D3D11_SAMPLER_DESC smp = { D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_CLAMP,
                               D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                               D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    if (FAILED(ID3D11Device2_CreateTexture2D(d->dev, &td, NULL, &d->vt)) ||
        FAILED(ID3D11Device2_CreateBuffer(d->dev, &pd, NULL, &d->pool)) ||
        FAILED(ID3D11Device2_CreateBuffer(d->dev, &rpd, NULL, &d->rt_pool)) ||
        FAILED(ID3D11Device2_CreateBuffer(d->dev, &cbd, NULL, &d->cb)) ||
        FAILED(ID3D11Device2_CreateBuffer(d->dev, &sd, NULL, &d->staging)) ||
        FAILED(ID3D11Device2_CreateSamplerState(d->dev, &smp, &d->sampler)) ||
        FAILED(ID3D11Device2_CreateShaderResourceView(d->dev, (ID3D11Resource *)d->vt, NULL,
                                                      &d->srv))) {
        fprintf(stderr, "demo --tiled: creating the texture, pools or views failed\n");
        return false;
    }
    /* the two render targets, tiled too (the only textures at 11_1), fully mapped */
    td = (D3D11_TEXTURE2D_DESC){ RT, RT, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                 D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0,
                                 D3D11_RESOURCE_MISC_TILED };
    if (FAILED(ID3D11Device2_CreateTexture2D(d->dev, &td, NULL, &d->color)))
        return false;
    td.Format = DXGI_FORMAT_R32G32B32A32_FLOAT;
    if (FAILED(ID3D11Device2_CreateTexture2D(d->dev, &td, NULL, &d->feedback)))
        return false;
    {
        D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 0 };
        D3D11_TILE_REGION_SIZE s16 = { 16, FALSE, 0, 0, 0 }, s64 = { 64, FALSE, 0, 0, 0 };
        UINT zero = 0, off = 16, n16 = 16, n64 = 64;
        if (FAILED(ID3D11DeviceContext2_UpdateTileMappings(d->ctx, (ID3D11Resource *)d->color, 1,
                                                           &c, &s16, d->rt_pool, 1, &zero,
                                                           &zero, &n16, 0)) ||
            FAILED(ID3D11DeviceContext2_UpdateTileMappings(d->ctx,
                                                           (ID3D11Resource *)d->feedback, 1,
                                                           &c, &s64, d->rt_pool, 1, &zero, &off,
                                                           &n64, 0)))
            return false;
    }
    if (FAILED(ID3D11Device2_CreateRenderTargetView(d->dev, (ID3D11Resource *)d->color, NULL,
                                                    &d->color_rtv)) ||
        FAILED(ID3D11Device2_CreateRenderTargetView(d->dev, (ID3D11Resource *)d->feedback, NULL,
                                                    &d->feedback_rtv)))
        return false;

    /* shaders */
    const char *texts[3] = { vs_text, ps_color_text, ps_feedback_text };
    for (int i = 0; i < 3; i++) {
        void *blob = NULL;
        size_t size = 0;
        char err[256];
        if (bench_assemble(texts[i], &blob, &size, err, sizeof(err))) {
            fprintf(stderr, "demo --tiled: shader %d: %s\n", i, err);
            return false;
        }
        hr = i == 0 ? ID3D11Device2_CreateVertexShader(d->dev, blob, size, NULL, &d->vs)
             : i == 1 ? ID3D11Device2_CreatePixelShader(d->dev, blob, size, NULL, &d->ps_color)
                      : ID3D11Device2_CreatePixelShader(d->dev, blob, size, NULL,
                                                        &d->ps_feedback);
        free(blob);
        if (FAILED(hr))
            return false;
    }

    /* tiling, and the resident set: the packed mips and mip 7 */
    {
        UINT n = 0, nsub = VMIPS;
        D3D11_PACKED_MIP_DESC pm;
        D3D11_TILE_SHAPE shape;
        ID3D11Device2_GetResourceTiling(d->dev, (ID3D11Resource *)d->vt, &n, &pm, &shape, &nsub,
                                        0, d->tiling);
        d->packed_start = pm.NumStandardMips;
        d->mapped = calloc(n, 1);
        d->wanted = calloc(n, 1);
        d->tile_buf = malloc(TILE_BYTES);
        if (!d->mapped || !d->wanted || !d->tile_buf)
            return false;
        printf("  virtual texture %ux%u RGBA8, %u mips: %u tiles of %ux%u (%u standard mips, "
               "%u packed in %u tile(s)), %.2f GiB if all resident\n", VT, VT, VMIPS, n,
               shape.WidthInTexels, shape.HeightInTexels, pm.NumStandardMips, pm.NumPackedMips,
               pm.NumTilesForPackedMips, (double)n * TILE_BYTES / (1024.0 * 1024 * 1024));
        D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, d->packed_start };
        D3D11_TILE_REGION_SIZE s = { pm.NumTilesForPackedMips, FALSE, 0, 0, 0 };
        UINT zero = 0, cnt = pm.NumTilesForPackedMips;
        if (FAILED(ID3D11DeviceContext2_UpdateTileMappings(d->ctx, (ID3D11Resource *)d->vt, 1,
                                                           &c, &s, d->pool, 1, &zero,
                                                           &d->next_pool_tile, &cnt, 0)))
            return false;
        for (UINT k = 0; k < cnt; k++)
            d->mapped[pm.StartTileIndexInOverallResource + k] = 1;
        d->next_pool_tile += cnt;
        d->mapped_tiles += cnt;
        for (UINT m = d->packed_start; m < VMIPS; m++) {
            uint32_t sz = VT >> m;
            uint8_t *img = malloc((size_t)sz * sz * 4);
            if (!img)
                return false;
            for (uint32_t y = 0; y < sz; y++)
                for (uint32_t x = 0; x < sz; x++)
                    texel_color(m, sz, x, y, img + ((size_t)y * sz + x) * 4);
            ID3D11DeviceContext2_UpdateSubresource(d->ctx, (ID3D11Resource *)d->vt, m, NULL, img,
                                                   sz * 4, 0);
            free(img);
        }
        if (!map_tile(d, 7, 0, 0))
            return false;
    }

    D3D11_VIEWPORT vp = { 0, 0, RT, RT, 0, 1 };
    ID3D11DeviceContext2_RSSetViewports(d->ctx, 1, &vp);
    ID3D11DeviceContext2_IASetPrimitiveTopology(d->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ID3D11DeviceContext2_VSSetShader(d->ctx, d->vs, NULL, 0);
    ID3D11DeviceContext2_PSSetShaderResources(d->ctx, 0, 1, &d->srv);
    ID3D11DeviceContext2_PSSetSamplers(d->ctx, 0, 1, &d->sampler);
    ID3D11DeviceContext2_PSSetConstantBuffers(d->ctx, 0, 1, &d->cb);
    return true;
}

/* Reads a tiled render target (RT x RT, `bpp` bytes a texel, tiles tw x th texels) back into a
 * linear image. */
static bool read_target(struct demo *d, ID3D11Texture2D *t, UINT bpp, UINT tw, UINT th,
                        uint8_t *out)
{
    UINT ntx = RT / tw, nty = RT / th, n = ntx * nty;
    D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 0 };
    D3D11_TILE_REGION_SIZE s = { n, FALSE, 0, 0, 0 };
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11DeviceContext2_CopyTiles(d->ctx, (ID3D11Resource *)t, &c, &s, d->staging, 0,
                                   D3D11_TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER);
    if (FAILED(ID3D11DeviceContext2_Map(d->ctx, (ID3D11Resource *)d->staging, 0, D3D11_MAP_READ,
                                        0, &m)))
        return false;
    for (UINT k = 0; k < n; k++)
        for (UINT y = 0; y < th; y++)
            memcpy(out + ((size_t)((k / ntx) * th + y) * RT + (k % ntx) * tw) * bpp,
                   (const uint8_t *)m.pData + (size_t)k * TILE_BYTES + (size_t)y * tw * bpp,
                   (size_t)tw * bpp);
    ID3D11DeviceContext2_Unmap(d->ctx, (ID3D11Resource *)d->staging, 0);
    return true;
}

/* Marks the tiles of mip `mip` that texel-space footprint around (u, v) touches. */
static void want(struct demo *d, UINT mip, float u, float v)
{
    if (mip >= d->packed_start)
        return;
    float n = (float)(VT >> mip);
    float x = u * n - 0.5f, y = v * n - 0.5f;
    int x0 = (int)floorf(x), y0 = (int)floorf(y);
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++) {
            int tx = (x0 + i) / (int)TT, ty = (y0 + j) / (int)TT;
            if (x0 + i < 0 || y0 + j < 0)
                continue;
            if (tx >= (int)d->tiling[mip].WidthInTiles || ty >= (int)d->tiling[mip].HeightInTiles)
                continue;
            d->wanted[d->tiling[mip].StartTileIndexInOverallResource +
                      (UINT)ty * d->tiling[mip].WidthInTiles + (UINT)tx] = 1;
        }
}

int demo_tiled_run(const char *out_dir)
{
    static const struct { float x, y, size; } cams[] = {
        { 0.0f, 0.0f, 1.0f },          /* the whole texture: mip 5 */
        { 0.0f, 0.0f, 1.0f },
        { 0.25f, 0.25f, 0.125f },      /* 1/8 of it: mip 2 */
        { 0.25f, 0.25f, 0.125f },
        { 0.30f, 0.30f, 1.0f / 32 },   /* 512 texels: mip 0 */
        { 0.30f, 0.30f, 1.0f / 32 },
        { 0.32f, 0.30f, 1.0f / 32 },   /* pan right */
        { 0.32f, 0.30f, 1.0f / 32 },
    };
    struct demo d;
    int rc = 1;
    uint8_t *img = malloc((size_t)RT * RT * 4);
    float *fb = malloc((size_t)RT * RT * 16);
    memset(&d, 0, sizeof(d));
    printf("softd3d demo --tiled: virtual-texture streaming on tiled resources (feature level "
           "11_1, profile 11_1)\n");
    long rss0 = resident_bytes();
    if (!img || !fb || !setup(&d))
        goto done;
    {
        static const float black[4] = { 0, 0, 0, 0 };
        ID3D11DeviceContext2_ClearRenderTargetView(d.ctx, d.color_rtv, black);
        ID3D11DeviceContext2_ClearRenderTargetView(d.ctx, d.feedback_rtv, black);
    }
    /* one warm-up frame, its feedback dropped: the renderer's own one-time allocations
     * (threads, scratch) then count in the baseline, not in the streaming growth */
    {
        float cb[4] = { 0.0f, 0.0f, 1.0f, 7.0f };
        ID3D11DeviceContext2_UpdateSubresource(d.ctx, (ID3D11Resource *)d.cb, 0, NULL, cb, 0, 0);
        ID3D11DeviceContext2_OMSetRenderTargets(d.ctx, 1, &d.color_rtv, NULL);
        ID3D11DeviceContext2_PSSetShader(d.ctx, d.ps_color, NULL, 0);
        ID3D11DeviceContext2_Draw(d.ctx, 4, 0);
        ID3D11DeviceContext2_OMSetRenderTargets(d.ctx, 1, &d.feedback_rtv, NULL);
        ID3D11DeviceContext2_PSSetShader(d.ctx, d.ps_feedback, NULL, 0);
        ID3D11DeviceContext2_Draw(d.ctx, 4, 0);
        if (!read_target(&d, d.color, 4, 128, 128, img) ||
            !read_target(&d, d.feedback, 16, 64, 64, (uint8_t *)fb))
            goto done;
    }
    long rss_base = resident_bytes(), rss_prev = rss_base;
    printf("  resident memory: %.1f MiB at start, %.1f MiB after setup (device, renderer, "
           "render targets, read-back buffers, the 2 first tiles; the pool's 256 MiB are "
           "address space only)\n", rss0 / 1048576.0, rss_base / 1048576.0);
    for (size_t f = 0; f < sizeof(cams) / sizeof(cams[0]); f++) {
        /* 1. map what the last feedback asked for */
        UINT asked = 0;
        for (UINT m = 0; m < d.packed_start; m++) {
            UINT n = d.tiling[m].WidthInTiles * d.tiling[m].HeightInTiles;
            for (UINT k = 0; k < n; k++) {
                UINT flat = d.tiling[m].StartTileIndexInOverallResource + k;
                if (!d.wanted[flat])
                    continue;
                d.wanted[flat] = 0;
                if (!d.mapped[flat]) {
                    asked++;
                    if (!map_tile(&d, m, k % d.tiling[m].WidthInTiles,
                                  k / d.tiling[m].WidthInTiles))
                        fprintf(stderr, "  pool full\n");
                }
            }
        }
        /* the fallback: the most detailed mip that is entirely mapped */
        UINT resident = 0;
        while (!mip_resident(&d, resident))
            resident++;
        float cb[4] = { cams[f].x, cams[f].y, cams[f].size, (float)resident };
        ID3D11DeviceContext2_UpdateSubresource(d.ctx, (ID3D11Resource *)d.cb, 0, NULL, cb, 0, 0);

        /* 2. colour */
        ID3D11DeviceContext2_OMSetRenderTargets(d.ctx, 1, &d.color_rtv, NULL);
        ID3D11DeviceContext2_PSSetShader(d.ctx, d.ps_color, NULL, 0);
        ID3D11DeviceContext2_Draw(d.ctx, 4, 0);
        /* 3. feedback */
        ID3D11DeviceContext2_OMSetRenderTargets(d.ctx, 1, &d.feedback_rtv, NULL);
        ID3D11DeviceContext2_PSSetShader(d.ctx, d.ps_feedback, NULL, 0);
        ID3D11DeviceContext2_Draw(d.ctx, 4, 0);

        if (!read_target(&d, d.color, 4, 128, 128, img) ||
            !read_target(&d, d.feedback, 16, 64, 64, (uint8_t *)fb))
            goto done;
        char path[512];
        snprintf(path, sizeof(path), "%s/demo_tiled_frame%zu.png", out_dir, f);
        if (util_png_write(path, img, RT, RT, (size_t)RT * 4, 4)) {
            fprintf(stderr, "demo --tiled: cannot write %s\n", path);
            goto done;
        }
        /* 4. what is missing -> the tiles to map next frame */
        UINT missing = 0;
        float lod_seen = 0;
        for (UINT i = 0; i < RT * RT; i++) {
            const float *p = fb + (size_t)i * 4;
            if (i == (RT / 2) * RT + RT / 2)
                lod_seen = p[2];
            if (p[3] == 0.0f)
                continue;
            missing++;
            /* the LOD the sampler chose, in 8.8 fixed point: mip floor, and the next one when
             * trilinear filtering gives it a non-zero weight */
            float lod = p[2] < 0 ? 0 : p[2];
            long fx = lrintf(lod * 256.0f);
            UINT m0 = (UINT)(fx >> 8);
            if (m0 >= VMIPS)
                m0 = VMIPS - 1;
            want(&d, m0, p[0], p[1]);
            if ((fx & 255) && m0 + 1 < VMIPS)
                want(&d, m0 + 1, p[0], p[1]);
        }
        long rss = resident_bytes();
        printf("  frame %zu: window %.4f at (%.2f, %.2f), LOD %.2f, fallback mip %u: %6u px not "
               "fully mapped | +%2u tiles (%.2f MiB) -> %2u mapped = %.2f MiB of %.2f GiB | "
               "resident %.1f MiB (%+.2f MiB) -> %s\n",
               f, cams[f].size, cams[f].x, cams[f].y, lod_seen, resident, missing, asked,
               asked * (double)TILE_BYTES / 1048576.0, d.mapped_tiles,
               d.mapped_tiles * (double)TILE_BYTES / 1048576.0,
               21846.0 * TILE_BYTES / (1024.0 * 1024 * 1024), rss / 1048576.0,
               (rss - rss_prev) / 1048576.0, path);
        rss_prev = rss;
    }
    rc = 0;
done:
    if (d.ctx)
        ID3D11DeviceContext2_ClearState(d.ctx);
#define REL(x, T)                                                                              \
    if (x)                                                                                     \
        T##_Release(x)
    REL(d.srv, ID3D11ShaderResourceView);
    REL(d.color_rtv, ID3D11RenderTargetView);
    REL(d.feedback_rtv, ID3D11RenderTargetView);
    REL(d.vs, ID3D11VertexShader);
    REL(d.ps_color, ID3D11PixelShader);
    REL(d.ps_feedback, ID3D11PixelShader);
    REL(d.sampler, ID3D11SamplerState);
    REL(d.vt, ID3D11Texture2D);
    REL(d.color, ID3D11Texture2D);
    REL(d.feedback, ID3D11Texture2D);
    REL(d.pool, ID3D11Buffer);
    REL(d.rt_pool, ID3D11Buffer);
    REL(d.cb, ID3D11Buffer);
    REL(d.staging, ID3D11Buffer);
    REL(d.ctx, ID3D11DeviceContext2);
    REL(d.dev, ID3D11Device2);
#undef REL
    free(d.mapped);
    free(d.wanted);
    free(d.tile_buf);
    free(img);
    free(fb);
    if (rc)
        fprintf(stderr, "softd3d demo --tiled: failed\n");
    return rc;
}
