/* src/d3d11/tiled_lend.c — linear copies of tiled resources for one context operation (11_1,
 * issues 7 and 11).
 *
 * A tiled resource has no linear memory (d3d11_resource.h `tiled_tr`, `core` NULL): its
 * elements live in the tile pool its page table points into.  The ordinary pipeline reads and
 * writes `core`, so each operation that uses a view of a tiled resource (a draw, a dispatch, a
 * clear; tiled_draw.c) lends the resource a zero-filled linear copy for that operation:
 *  - before it, the subresources (buffers: the bytes) each view selects are read through the
 *    page table; NULL tiles read 0 (seed 001 "Unmapped tiles"; the functional spec's
 *    tiled-resources chapter: reads from NULL-mapped tiles return 0);
 *  - after it, the elements of the views that can write (render targets, depth-stencil,
 *    unordered access) that the operation changed are written back through the page table;
 *    writes to NULL tiles are dropped, as the same rule requires.
 * Only changed elements go back (compared with a snapshot taken after the read): where two
 * tiles of a resource alias one pool tile, the copy of the untouched alias would otherwise
 * overwrite what the operation wrote through the other.  Within one operation, a read through
 * an alias does not see a write through the other (the spec leaves the order of accesses
 * through aliases within one operation undefined), nor does a read of a NULL tile see a value
 * written to it by the same operation (it reads the copy).
 *
 * Costs: a linear copy of the whole resource is allocated (calloc), and the selected
 * subresources are read and written back per operation: correct, not fast (README).
 */
#include <stdlib.h>
#include <string.h>

#include "d3d11/d3d11_tiled.h"
#include "util/log.h"

/* Reads (to_linear: into the copy and, when there is one, the snapshot) or writes back (the
 * elements that differ from the snapshot) one subresource of a texture. */
static void tex_transfer(const core_tiled *tr, core_resource *core, uint8_t *snap,
                         uint32_t mip, uint32_t slice, bool to_linear)
{
    const core_subresource *sub = &core->sub[mip + slice * tr->layout.mips];
    uint32_t ew = (core_tiled_mip_width(tr, mip) + tr->block_w - 1) / tr->block_w;
    uint32_t eh = (core_tiled_mip_height(tr, mip) + tr->block_h - 1) / tr->block_h;
    for (uint32_t y = 0; y < eh; y++)
        for (uint32_t x = 0; x < ew; x++) {
            uint8_t *p = core_tiled_element(tr, mip, slice, x, y);
            size_t at = sub->offset + y * sub->row_pitch + (size_t)x * tr->block_bytes;
            uint8_t *q = core->data + at;
            if (to_linear) {
                if (p)
                    memcpy(q, p, tr->block_bytes);
                else
                    memset(q, 0, tr->block_bytes);   /* NULL tiles read 0 */
                if (snap)
                    memcpy(snap + at, q, tr->block_bytes);
            } else if (p && memcmp(q, snap + at, tr->block_bytes)) {
                memcpy(p, q, tr->block_bytes);       /* writes to NULL tiles are dropped */
            }
        }
}

/* The same for bytes [first, first + count) of a buffer, a tile at a time. */
static void buf_transfer(const core_tiled *tr, core_resource *core, uint8_t *snap,
                         uint64_t first, uint64_t count, bool to_linear)
{
    uint64_t end = first + count;
    while (first < end) {
        uint32_t tile = (uint32_t)(first / CORE_TILE_BYTES);
        uint64_t off = first % CORE_TILE_BYTES;
        uint64_t n = CORE_TILE_BYTES - off < end - first ? CORE_TILE_BYTES - off : end - first;
        uint8_t *p = core_tiled_tile_memory(tr, tile);
        uint8_t *q = core->data + first;
        if (to_linear) {
            if (p)
                memcpy(q, p + off, n);
            else
                memset(q, 0, n);
            if (snap)
                memcpy(snap + first, q, n);
        } else if (p) {
            for (uint64_t i = 0; i < n; i++)   /* only the bytes the operation changed */
                if (q[i] != snap[first + i])
                    p[off + i] = q[i];
        }
        first += n;
    }
}

/* The bytes of a buffer view: its elements, or the whole buffer where the element size is not
 * known (a typed view keeps it in its format). */
static void buf_range(const struct d3d11_view_info *v, uint64_t *first, uint64_t *count)
{
    const struct d3d11_resource *res = v->resource;
    uint32_t bytes = v->element_bytes;
    if (!bytes && v->format != DXGI_FORMAT_UNKNOWN) {
        const core_format_desc *f = core_format_get((core_format)v->format);
        bytes = f ? f->block_bytes : 0;
    }
    *first = (uint64_t)v->first_element * bytes;
    *count = (uint64_t)v->element_count * bytes;
    if (!bytes || !v->element_count || *first >= res->width) {
        *first = 0;
        *count = res->width;
    } else if (*count > res->width - *first) {
        *count = res->width - *first;
    }
}

static void view_transfer(const struct d3d11_view_info *v, uint8_t *snap, bool to_linear)
{
    struct d3d11_resource *res = v->resource;
    const core_tiled *tr = res->tiled_tr;
    if (res->dim == D3D11_RESOURCE_DIMENSION_BUFFER) {
        uint64_t first, count;
        buf_range(v, &first, &count);
        buf_transfer(tr, res->core, snap, first, count, to_linear);
        return;
    }
    for (uint32_t s = 0; s < v->slice_count && v->first_slice + s < res->array_size; s++)
        for (uint32_t m = 0; m < v->mip_count && v->first_mip + m < res->mip_levels; m++)
            tex_transfer(tr, res->core, snap, v->first_mip + m, v->first_slice + s, to_linear);
}

void d3d11_tiled_lend_init(struct d3d11_tiled_lend *l)
{
    memset(l, 0, sizeof(*l));
}

void d3d11_tiled_lend_add(struct d3d11_tiled_lend *l, const struct d3d11_view_info *v,
                          bool write)
{
    /* views of ordinary resources have their memory; shader-resource views of tiled textures
     * that carry `tiled_view` read the page table themselves (tiled_views.c) */
    if (!v || !v->resource || !v->resource->tiled_tr || v->tiled_view)
        return;
    l->any = true;
    if (l->view_count == D3D11_TILED_LEND_VIEWS) {
        l->overflow = true;
        return;
    }
    l->views[l->view_count].info = v;
    l->views[l->view_count++].write = write;
}

/* The resource's slot in l->res, added if new (-1: no room). */
static int lend_slot(struct d3d11_tiled_lend *l, struct d3d11_resource *res)
{
    for (unsigned i = 0; i < l->res_count; i++)
        if (l->res[i].res == res)
            return (int)i;
    if (l->res_count == D3D11_TILED_LEND_VIEWS)
        return -1;
    l->res[l->res_count] = (struct d3d11_tiled_lent_resource){ res, NULL, false, false };
    return (int)l->res_count++;
}

static bool lend_memory(struct d3d11_tiled_lent_resource *r)
{
    struct d3d11_resource *res = r->res;
    core_resource_desc d;
    if (res->core)   /* already lent by an enclosing operation */
        return true;
    if (res->dim == D3D11_RESOURCE_DIMENSION_BUFFER)
        d = (core_resource_desc){ CORE_RES_BUFFER, 0, 0, res->width, 1, 1, 1, 1, 0 };
    else
        d = (core_resource_desc){ CORE_RES_TEX2D, 0, (core_format)res->format, res->width,
                                  res->height, 1, res->mip_levels, res->array_size, 0 };
    if (core_resource_create(&d, D3D11_MAX_RESOURCE_BYTES, &res->core) != CORE_RES_OK) {
        res->core = NULL;
        return false;
    }
    r->created = true;
    return true;
}

bool d3d11_tiled_lend_take(struct d3d11_tiled_lend *l, struct d3d11_device *dev,
                           const char *method)
{
    if (l->overflow) {
        d3d11_msg(dev, "%s: more than %d views of tiled resources bound; the operation is "
                       "dropped", method, D3D11_TILED_LEND_VIEWS);
        return false;
    }
    for (unsigned i = 0; i < l->view_count; i++) {
        int k = lend_slot(l, l->views[i].info->resource);
        if (k < 0 || !lend_memory(&l->res[k])) {
            d3d11_msg(dev, "%s: out of memory for the linear copy of a tiled resource; the "
                           "operation is dropped", method);
            d3d11_tiled_lend_return(l, false);
            return false;
        }
        l->res[k].write |= l->views[i].write;
    }
    /* the snapshot the write-back compares with (only changed elements go back); the reads
     * below fill it where they fill the copy */
    for (unsigned k = 0; k < l->res_count; k++) {
        struct d3d11_tiled_lent_resource *r = &l->res[k];
        if (!r->write || !r->created)
            continue;
        if (!(r->snap = malloc(r->res->core->size))) {
            d3d11_msg(dev, "%s: out of memory for the linear copy of a tiled resource; the "
                           "operation is dropped", method);
            d3d11_tiled_lend_return(l, false);
            return false;
        }
    }
    for (unsigned i = 0; i < l->view_count; i++) {
        int k = lend_slot(l, l->views[i].info->resource);
        if (l->res[k].created)
            view_transfer(l->views[i].info, l->res[k].snap, true);
    }
    return true;
}

void d3d11_tiled_lend_return(struct d3d11_tiled_lend *l, bool store)
{
    for (unsigned i = 0; store && i < l->view_count; i++) {
        const struct d3d11_view_info *v = l->views[i].info;
        int k = lend_slot(l, v->resource);
        if (l->views[i].write && k >= 0 && l->res[k].snap)
            view_transfer(v, l->res[k].snap, false);
    }
    for (unsigned k = 0; k < l->res_count; k++) {
        struct d3d11_tiled_lent_resource *r = &l->res[k];
        free(r->snap);
        r->snap = NULL;
        if (r->created) {
            core_resource_destroy(r->res->core);
            r->res->core = NULL;
            r->created = false;
        }
    }
    l->res_count = 0;
}

/* The copy's layout is the resource's (lend_memory: one buffer, or the subresources of
 * mip + slice * mips), so byte p names one element of one subresource; its tile is NULL
 * exactly when core_tiled_element answers NULL for it (inside the subresource). */
bool d3d11_tiled_unmapped(const void *vres, const uint8_t *p)
{
    const struct d3d11_resource *res = vres;
    const core_tiled *tr = res ? res->tiled_tr : NULL;
    const core_resource *core = res ? res->core : NULL;
    if (!tr || !core || p < core->data || p >= core->data + core->size)
        return false;
    size_t off = (size_t)(p - core->data);
    if (res->dim == D3D11_RESOURCE_DIMENSION_BUFFER)
        return !core_tiled_element(tr, 0, 0, (uint32_t)off, 0);
    for (uint32_t i = 0; i < core->subresource_count; i++) {
        const core_subresource *sub = &core->sub[i];
        if (off < sub->offset || off - sub->offset >= sub->size || !sub->row_pitch)
            continue;
        size_t in = off - sub->offset;
        uint32_t by = (uint32_t)(in / sub->row_pitch);
        uint32_t bx = (uint32_t)(in % sub->row_pitch / tr->block_bytes);
        return !core_tiled_element(tr, i % tr->layout.mips, i / tr->layout.mips, bx, by);
    }
    return false;
}
