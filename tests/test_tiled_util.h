/* tests/test_tiled_util.h — helpers of the tiled-resources tests (issue 7). */
#ifndef SOFTD3D_TESTS_TILED_UTIL_H
#define SOFTD3D_TESTS_TILED_UTIL_H

#include "harness.h"

#include <stdlib.h>
#include <string.h>

#define COBJMACROS
#include "d3d11_2.h"
#include "util/log.h"

#define LAST util_last_message()
#define TILE 65536u

/* A device at feature level 11_1 under SOFTD3D_PROFILE=11_1, or NULL. */
static inline ID3D11Device2 *tiled_device(ID3D11DeviceContext2 **ctx)
{
    D3D_FEATURE_LEVEL want = D3D_FEATURE_LEVEL_11_1, got = 0;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *c = NULL;
    setenv("SOFTD3D_PROFILE", "11_1", 1);
    HRESULT hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &want, 1,
                                   D3D11_SDK_VERSION, &dev, &got, &c);
    unsetenv("SOFTD3D_PROFILE");
    if (FAILED(hr) || got != D3D_FEATURE_LEVEL_11_1)
        return NULL;
    *ctx = (ID3D11DeviceContext2 *)c;
    return (ID3D11Device2 *)dev;
}

static inline ID3D11Buffer *tiled_pool(ID3D11Device2 *dev, UINT tiles)
{
    D3D11_BUFFER_DESC d = { tiles * TILE, D3D11_USAGE_DEFAULT, 0, 0,
                            D3D11_RESOURCE_MISC_TILE_POOL, 0 };
    ID3D11Buffer *b = NULL;
    return SUCCEEDED(ID3D11Device2_CreateBuffer(dev, &d, NULL, &b)) ? b : NULL;
}

static inline ID3D11Buffer *tiled_buffer(ID3D11Device2 *dev, UINT tiles)
{
    D3D11_BUFFER_DESC d = { tiles * TILE, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                            D3D11_RESOURCE_MISC_TILED, 0 };
    ID3D11Buffer *b = NULL;
    return SUCCEEDED(ID3D11Device2_CreateBuffer(dev, &d, NULL, &b)) ? b : NULL;
}

static inline ID3D11Texture2D *tiled_texture(ID3D11Device2 *dev, UINT w, UINT h, UINT mips,
                                             DXGI_FORMAT f, UINT bind)
{
    D3D11_TEXTURE2D_DESC d = { w, h, mips, 1, f, { 1, 0 }, D3D11_USAGE_DEFAULT, bind, 0,
                               D3D11_RESOURCE_MISC_TILED };
    ID3D11Texture2D *t = NULL;
    return SUCCEEDED(ID3D11Device2_CreateTexture2D(dev, &d, NULL, &t)) ? t : NULL;
}

/* Maps `n` tiles from flat tile `first` (subresource 0 order) of `r` to pool tiles
 * pool_first.. (consecutive). */
static inline HRESULT tiled_map(ID3D11DeviceContext2 *ctx, void *r, ID3D11Buffer *pool,
                                UINT first, UINT n, UINT pool_first)
{
    D3D11_TILED_RESOURCE_COORDINATE c = { first, 0, 0, 0 };
    D3D11_TILE_REGION_SIZE s = { n, FALSE, 0, 0, 0 };
    UINT flag = 0;
    return ID3D11DeviceContext2_UpdateTileMappings(ctx, (ID3D11Resource *)r, 1, &c, &s, pool, 1,
                                                   &flag, &pool_first, &n, 0);
}

/* Reads `n` tiles of `r` from flat tile `first` into out (n * 64 KiB) with CopyTiles through a
 * staging buffer; false on failure. */
static inline bool tiled_read(ID3D11Device2 *dev, ID3D11DeviceContext2 *ctx, void *r, UINT first,
                              UINT n, uint8_t *out)
{
    D3D11_BUFFER_DESC d = { n * TILE, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0 };
    ID3D11Buffer *b = NULL;
    D3D11_TILED_RESOURCE_COORDINATE c = { first, 0, 0, 0 };
    D3D11_TILE_REGION_SIZE s = { n, FALSE, 0, 0, 0 };
    D3D11_MAPPED_SUBRESOURCE m;
    if (FAILED(ID3D11Device2_CreateBuffer(dev, &d, NULL, &b)))
        return false;
    memset(out, 0xee, (size_t)n * TILE);
    ID3D11DeviceContext2_CopyTiles(ctx, (ID3D11Resource *)r, &c, &s, b, 0,
                                   D3D11_TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER);
    bool ok = SUCCEEDED(ID3D11DeviceContext2_Map(ctx, (ID3D11Resource *)b, 0, D3D11_MAP_READ, 0,
                                                 &m));
    if (ok) {
        memcpy(out, m.pData, (size_t)n * TILE);
        ID3D11DeviceContext2_Unmap(ctx, (ID3D11Resource *)b, 0);
    }
    ID3D11Buffer_Release(b);
    return ok;
}

/* Every byte of tile k of buf equals v. */
static inline bool tile_is(const uint8_t *buf, UINT k, uint8_t v)
{
    for (UINT i = 0; i < TILE; i++)
        if (buf[(size_t)k * TILE + i] != v)
            return false;
    return true;
}

#endif
