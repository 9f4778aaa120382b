/* src/core/resource.c — see resource.h. */
#include "core/resource.h"

#include <stdalign.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define ALIGN 16u

uint32_t core_mip_chain_length(uint32_t width, uint32_t height, uint32_t depth)
{
    uint32_t m = width > height ? width : height;
    uint32_t n = 1;
    if (depth > m)
        m = depth;
    while (m > 1) {
        m >>= 1;
        n++;
    }
    return n;
}

/* a + b, or false on overflow. */
static bool add_ok(size_t a, size_t b, size_t *r)
{
    return !__builtin_add_overflow(a, b, r);
}

static bool mul_ok(size_t a, size_t b, size_t *r)
{
    return !__builtin_mul_overflow(a, b, r);
}

static bool align_ok(size_t a, size_t *r)
{
    if (!add_ok(a, ALIGN - 1, r))
        return false;
    *r &= ~(size_t)(ALIGN - 1);
    return true;
}

static core_res_status check_desc(const core_resource_desc *d)
{
    if (!d || !d->width || !d->height || !d->depth || !d->mip_levels || !d->array_size)
        return CORE_RES_INVALID;
    switch (d->dim) {
    case CORE_RES_BUFFER:
        if (d->format || d->height != 1 || d->depth != 1 || d->mip_levels != 1 ||
            d->array_size != 1 || d->flags)
            return CORE_RES_INVALID;
        return CORE_RES_OK;
    case CORE_RES_TEX1D:
        if (d->height != 1 || d->depth != 1)
            return CORE_RES_INVALID;
        break;
    case CORE_RES_TEX2D:
        if (d->depth != 1)
            return CORE_RES_INVALID;
        break;
    case CORE_RES_TEX3D:
        if (d->array_size != 1)
            return CORE_RES_INVALID;
        break;
    default:
        return CORE_RES_INVALID;
    }
    if (!core_format_get(d->format))
        return CORE_RES_INVALID;
    if ((d->flags & ~CORE_RES_CUBE) ||
        ((d->flags & CORE_RES_CUBE) && (d->dim != CORE_RES_TEX2D || d->array_size % 6)))
        return CORE_RES_INVALID;
    if (d->mip_levels > core_mip_chain_length(d->width, d->height, d->depth))
        return CORE_RES_INVALID;
    if (d->samples > 1 && (d->dim != CORE_RES_TEX2D || d->samples > 32 || d->mip_levels != 1 ||
                           (d->flags & CORE_RES_CUBE)))
        return CORE_RES_INVALID;
    return CORE_RES_OK;
}

/* Walks the subresources in Direct3D order, filling `sub` (if not NULL) and the data size. */
static core_res_status layout(const core_resource_desc *d, core_subresource *sub, size_t *total)
{
    size_t pos = 0;
    for (uint32_t slice = 0; slice < d->array_size; slice++) {
        for (uint32_t mip = 0; mip < d->mip_levels; mip++) {
            core_subresource s;
            s.width = core_mip_size(d->width, mip);
            s.height = core_mip_size(d->height, mip);
            s.depth = core_mip_size(d->depth, mip);
            if (d->dim == CORE_RES_BUFFER) {
                s.row_pitch = d->width;
                s.rows = 1;
            } else {
                s.row_pitch = core_format_row_pitch(d->format, s.width);
                s.rows = (uint32_t)core_format_rows(d->format, s.height);
                if (!s.row_pitch || !s.rows)
                    return CORE_RES_INVALID;
                /* Long rows whose pitch is a multiple of 512 bytes put the same column of
                 * successive rows into a handful of cache sets (7680 bytes, 1080p RGBA8: 8 of
                 * 64 L1 sets), and the rasterizer walks tiles down columns of rows: one line of
                 * padding spreads them over all sets.  The pitch is reported (Map, LockRect);
                 * the layout is ours to choose. */
                if (s.rows > 1 && s.row_pitch >= 2048 && s.row_pitch % 512 == 0)
                    s.row_pitch += 64;
            }
            if (!mul_ok(s.row_pitch, s.rows, &s.depth_pitch) ||
                !mul_ok(s.depth_pitch, d->samples > 1 ? d->samples : s.depth, &s.size) ||
                !align_ok(pos, &s.offset) ||
                !add_ok(s.offset, s.size, &pos))
                return CORE_RES_OUT_OF_MEMORY;
            if (sub)
                *sub++ = s;
        }
    }
    *total = pos;
    return CORE_RES_OK;
}

core_res_status core_resource_data_size(const core_resource_desc *desc, size_t *size)
{
    core_res_status st = check_desc(desc);
    *size = 0;
    if (st != CORE_RES_OK)
        return st;
    return layout(desc, NULL, size);
}

/* Large resources (render targets, depth buffers, big textures) are walked by tiles that touch
 * a new 4 KiB page on every row: with 4 KiB pages a 1080p target thrashes the TLB.  Asking for
 * transparent huge pages (Linux, where the system leaves that to madvise) lets 2 MiB pages back
 * them.  Only a hint: the contents and the results do not change. */
#define HUGE_HINT_BYTES ((size_t)4 << 20)

static void huge_page_hint(void *p, size_t size)
{
#if defined(MADV_HUGEPAGE)
    if (size < HUGE_HINT_BYTES)
        return;
    uintptr_t a = ((uintptr_t)p + 4095) & ~(uintptr_t)4095;
    uintptr_t b = ((uintptr_t)p + size) & ~(uintptr_t)4095;
    if (b > a)
        (void)madvise((void *)a, b - a, MADV_HUGEPAGE);
#else
    (void)p;
    (void)size;
#endif
}

/* The data bytes of every live resource of the process (core_resource_bytes_in_use). */
static _Atomic uint64_t bytes_in_use;

static void *alloc_zeroed(size_t size)
{
    /* calloc is enough where malloc's alignment is already 16 (x86-64, AArch64); it also gets
     * large blocks as fresh zero pages without touching them. */
    void *p;
    if (alignof(max_align_t) >= ALIGN) {
        p = calloc(1, size);
    } else {
        p = aligned_alloc(ALIGN, size);
        if (p)
            memset(p, 0, size);
    }
    if (p)
        huge_page_hint(p, size);
    return p;
}

core_res_status core_resource_create(const core_resource_desc *desc, size_t max_bytes,
                                     core_resource **out)
{
    size_t data_size, count, table, header, total;
    core_resource *res;
    core_res_status st;

    *out = NULL;
    if ((st = core_resource_data_size(desc, &data_size)) != CORE_RES_OK)
        return st;
    if (max_bytes && data_size > max_bytes)
        return CORE_RES_OUT_OF_MEMORY;
    /* header | subresource table | data, each part 16-byte aligned; the total rounded up to 16
     * (aligned_alloc wants a multiple of the alignment). */
    count = (size_t)desc->mip_levels * desc->array_size;
    if (!mul_ok(count, sizeof(core_subresource), &table) ||
        !align_ok(sizeof(core_resource), &header) || !add_ok(header, table, &header) ||
        !align_ok(header, &header) || !add_ok(header, data_size, &total) ||
        !align_ok(total, &total) || total == 0)
        return CORE_RES_OUT_OF_MEMORY;
    if (!(res = alloc_zeroed(total)))
        return CORE_RES_OUT_OF_MEMORY;
    res->desc = *desc;
    res->subresource_count = (uint32_t)count;
    res->sub = (core_subresource *)((unsigned char *)res + ((sizeof(core_resource) + ALIGN - 1) &
                                                            ~(size_t)(ALIGN - 1)));
    res->data = (unsigned char *)res + header;
    res->size = data_size;
    if ((st = layout(desc, res->sub, &data_size)) != CORE_RES_OK) {
        free(res);   /* cannot happen: the same walk succeeded above */
        return st;
    }
    atomic_fetch_add_explicit(&bytes_in_use, res->size, memory_order_relaxed);
    *out = res;
    return CORE_RES_OK;
}

void core_resource_destroy(core_resource *res)
{
    if (res)
        atomic_fetch_sub_explicit(&bytes_in_use, res->size, memory_order_relaxed);
    free(res);
}

uint64_t core_resource_bytes_in_use(void)
{
    return atomic_load_explicit(&bytes_in_use, memory_order_relaxed);
}

void core_resource_write_sub(core_resource *res, uint32_t index, const void *src,
                             size_t src_row_pitch, size_t src_depth_pitch)
{
    const core_subresource *s = &res->sub[index];
    unsigned char *dst = core_resource_sub_data(res, index);
    const unsigned char *in = src;

    if (src_row_pitch == s->row_pitch && (s->depth == 1 || src_depth_pitch == s->depth_pitch)) {
        memcpy(dst, in, s->size);
        return;
    }
    for (uint32_t z = 0; z < s->depth; z++) {
        const unsigned char *slice = in + (size_t)z * src_depth_pitch;
        for (uint32_t y = 0; y < s->rows; y++)
            memcpy(dst + (size_t)z * s->depth_pitch + (size_t)y * s->row_pitch,
                   slice + (size_t)y * src_row_pitch, s->row_pitch);
    }
}
