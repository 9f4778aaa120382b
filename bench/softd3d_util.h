/* bench/softd3d_util.h — what softd3d's benchmark renderers share (softd3d_scenes.c: the 9_3
 * scenes; softd3d_tess.c: the 11_0 ones; softd3d9_scene.c: the Direct3D 9 ones): releasing COM
 * pointers, the error line, and for the D3D11 renderers the end-of-frame wait and the
 * read-back through a staging texture.  Include after <d3d11.h> or <d3d9.h>. */
#ifndef SOFTD3D_BENCH_SOFTD3D_UTIL_H
#define SOFTD3D_BENCH_SOFTD3D_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define RELEASE(type, p)                                                                       \
    do {                                                                                       \
        if (p)                                                                                 \
            type##_Release(p);                                                                 \
        (p) = NULL;                                                                            \
    } while (0)

static inline int fail(char *err, size_t n, const char *what, HRESULT hr)
{
    snprintf(err, n, "%s failed (hr 0x%08lx)", what, (unsigned long)hr);
    return -1;
}

#if defined(SOFTD3D_GENERATED_D3D11_H) || defined(__d3d11_h__)
/* The frame's end: an event query ended, flushed and waited on (every pixel written). */
static inline int bench_d3d11_wait(ID3D11DeviceContext *ctx, ID3D11Query *event)
{
    ID3D11DeviceContext_End(ctx, (ID3D11Asynchronous *)event);
    ID3D11DeviceContext_Flush(ctx);
    for (;;) {
        BOOL done = FALSE;
        HRESULT hr = ID3D11DeviceContext_GetData(ctx, (ID3D11Asynchronous *)event, &done,
                                                 sizeof(done), 0);
        if (FAILED(hr))
            return -1;
        if (hr == S_OK && done)
            return 0;
    }
}

/* `src` (width x height RGBA8) into rgba, top row first, through the staging texture. */
static inline int bench_d3d11_read(ID3D11DeviceContext *ctx, ID3D11Texture2D *staging,
                                   ID3D11Texture2D *src, uint32_t width, uint32_t height,
                                   uint8_t *rgba)
{
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)staging, (ID3D11Resource *)src);
    if (FAILED(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)staging, 0, D3D11_MAP_READ, 0,
                                       &m)))
        return -1;
    for (uint32_t y = 0; y < height; y++)
        memcpy(rgba + (size_t)y * width * 4, (const uint8_t *)m.pData + (size_t)y * m.RowPitch,
               (size_t)width * 4);
    ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)staging, 0);
    return 0;
}
#endif

#endif
