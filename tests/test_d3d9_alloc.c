/* tests/test_d3d9_alloc.c — issue 14 part 5: the pre-transformed DrawPrimitiveUP path (XYZRHW
 * vertices, fixed-function stages) allocates nothing per draw once its programs are compiled.
 *
 * How: this binary interposes malloc, calloc, realloc and the aligned allocators over glibc's
 * (the executable's definitions win for the library and every thread; each forwards to glibc's
 * __libc_* entry points) and counts the calls made while `counting` is set.  A draw loop, state
 * changes between already-seen fixed-function states, Present and the scene flush run inside
 * the window, on the renderer's worker threads too; the count must be 0.  A malloc inside the window is counted first, so the hook is
 * known to be live (otherwise the test could not fail).  Sanitizer builds replace the allocator
 * themselves: there the cases are skipped. */
#include "test_d3d9_render_util.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>

#if defined(__SANITIZE_ADDRESS__)
#define ALLOC_HOOK 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define ALLOC_HOOK 0
#endif
#endif
#if !defined(ALLOC_HOOK) && defined(__GLIBC__)
#define ALLOC_HOOK 1
#endif
#ifndef ALLOC_HOOK
#define ALLOC_HOOK 0
#endif

static atomic_int counting;
static atomic_long calls;

#if ALLOC_HOOK
void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t size);
void *__libc_memalign(size_t align, size_t size);

static void count_one(void)
{
    if (atomic_load_explicit(&counting, memory_order_relaxed))
        atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
}

void *malloc(size_t size)
{
    count_one();
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
    count_one();
    return __libc_calloc(n, size);
}

void *realloc(void *p, size_t size)
{
    count_one();
    return __libc_realloc(p, size);
}

void *aligned_alloc(size_t align, size_t size)
{
    count_one();
    return __libc_memalign(align, size);
}

void *memalign(size_t align, size_t size)
{
    count_one();
    return __libc_memalign(align, size);
}

int posix_memalign(void **out, size_t align, size_t size)
{
    count_one();
    void *p = __libc_memalign(align, size);
    if (!p)
        return 12;   /* ENOMEM */
    *out = p;
    return 0;
}
#endif

#define W 64
#define H 64

struct tlt {
    float x, y, z, rhw;
    D3DCOLOR c;
    float u, v;
};
#define TLT_FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1)

static void quad(IDirect3DDevice9 *dev, float x0, float x1, D3DCOLOR c)
{
    struct tlt q[4] = {
        { x0 - 0.5f, -0.5f, 0.5f, 1, c, 0, 0 }, { x1 - 0.5f, -0.5f, 0.5f, 1, c, 1, 0 },
        { x0 - 0.5f, H - 0.5f, 0.5f, 1, c, 0, 1 }, { x1 - 0.5f, H - 0.5f, 0.5f, 1, c, 1, 1 },
    };
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
}

/* One frame: flat quads, then textured ones with blending, changing state between the two
 * fixed-function states (both compiled by the warm-up frames). */
static void frame(IDirect3DDevice9 *dev, IDirect3DTexture9 *tex)
{
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_BeginScene(dev), D3D_OK);
    IDirect3DDevice9_SetFVF(dev, TLT_FVF);
    for (int i = 0; i < 8; i++) {
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG2);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
        quad(dev, 0, W / 2, 0xff204080);
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
        quad(dev, W / 2, W, 0xff808080);
    }
    CHECK_HR(IDirect3DDevice9_EndScene(dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
}

TEST(d3d9_alloc_xyzrhw_draw_up)
{
    if (!ALLOC_HOOK)
        SKIP("the allocator is not interposable in this build (sanitizer or not glibc)");
    /* Programs are compiled once each, by default on a thread of their own after a few
     * interpreted batches (src/vm/vm.c jit_get), so such a compile could end inside the window
     * however long the warm-up; SOFTD3D_JIT=eager compiles each at its first batch, in the
     * warm-up.  (Read once, at the first draw of the process: this binary's first.) */
    setenv("SOFTD3D_JIT", "eager", 0);
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DTexture9 *tex = NULL;
    D3DLOCKED_RECT lr;
    uint32_t img[W * H];
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 2, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &tex, NULL), D3D_OK);
    if (!tex)
        SKIP("no texture");
    CHECK_HR(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0), D3D_OK);
    for (int y = 0; y < 2; y++)
        memset((uint8_t *)lr.pBits + y * lr.Pitch, 0xff, 8);   /* opaque white */
    CHECK_HR(IDirect3DTexture9_UnlockRect(tex, 0), D3D_OK);
    /* blending on with ONE, ZERO: another output-merger state, the same pixels */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_ONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_ZERO);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_EndScene(dev);   /* r9_device's scene: each frame has its own */
    /* warm-up: programs compiled and cached, arenas and queues at their working size */
    for (int i = 0; i < 3; i++)
        frame(dev, tex);

    atomic_store(&calls, 0);
    atomic_store(&counting, 1);
    void *volatile probe = malloc(16);   /* the hook is live: this one is counted */
    long probe_calls = atomic_load(&calls);
    free(probe);
    atomic_store(&calls, 0);
    for (int i = 0; i < 4; i++)
        frame(dev, tex);
    atomic_store(&counting, 0);
    CHECK_EQ(probe_calls, 1);
    CHECK_EQ(atomic_load(&calls), 0);

    /* and the frames drew what they should: the flat half the diffuse colour, the textured half
     * white modulated by the diffuse 0x80 (alpha: the texture's) */
    r9_read(dev, img);
    CHECK_EQ(img[H / 2 * W + 3], 0xff204080);
    CHECK_EQ(img[H / 2 * W + W - 3], 0xff808080);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DTexture9_Release(tex);
    r9_end(dev);
}
