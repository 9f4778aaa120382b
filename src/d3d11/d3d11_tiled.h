/* src/d3d11/d3d11_tiled.h — tiled resources and tile pools of the 11_1 device (issue 7), as
 * tiled.c (objects, device methods) and tiled_context.c (context methods) share them. */
#ifndef SOFTD3D_D3D11_TILED_H
#define SOFTD3D_D3D11_TILED_H

#include "d3d11/d3d11_private.h"
#include "d3d11/device_child.h"
#include "d3d11/d3d11_state.h"
#include "d3d11/d3d11_resource.h"
#include "core/format.h"
#include "core/tiles.h"
#include "sample/texel_tiled.h"

/* Buffers: tile pools (MISC_TILE_POOL: `mem`) and tiled buffers (MISC_TILED: `tr`). */
struct d3d11_tiled_buffer {
    ID3D11Buffer iface;
    struct d3d11_child child;
    D3D11_BUFFER_DESC desc;           /* a pool's ByteWidth follows ResizeTilePool */
    core_tile_pool mem;               /* pools only */
    core_tiled tr;                    /* tiled buffers only */
    struct d3d11_tiled_buffer *pool;  /* tiled buffers: the pool tr.pages point into (a ref) */
    /* tiled buffers: what the ordinary pipeline sees of it through its views (`tiled_tr` set,
     * `core` NULL except while an operation uses it, tiled_lend.c) */
    struct d3d11_resource res;
};

struct d3d11_tiled_texture {
    ID3D11Texture2D iface;
    struct d3d11_child child;
    D3D11_TEXTURE2D_DESC desc;        /* MipLevels resolved */
    core_tiled tr;
    struct d3d11_tiled_buffer *pool;
    /* what the ordinary pipeline sees of it through its views (d3d11_resource.h: `tiled` set,
     * `core` NULL except during a draw into it, tiled_draw.c) */
    struct d3d11_resource res;
};

/* Any tiled resource. */
struct d3d11_tiled_ref {
    core_tiled *tr;
    struct d3d11_tiled_buffer **pool;
    struct d3d11_device *dev;
    struct d3d11_tiled_texture *tex;  /* NULL for a tiled buffer */
    struct d3d11_tiled_buffer *buf;   /* NULL for a texture */
};

/* False when `r` is not a tiled resource (a pool is not one). */
bool d3d11_tiled_of(ID3D11Resource *r, struct d3d11_tiled_ref *out);
/* The tile pool behind `r`, or NULL. */
struct d3d11_tiled_buffer *d3d11_tiled_pool_of(ID3D11Resource *r);
/* True for any object of tiled.c (pool, tiled buffer or texture). */
bool d3d11_tiled_is_object(ID3D11Resource *r);
/* Points tr->pool at `pool` (NULL allowed), keeping the reference count. */
void d3d11_tiled_set_pool(struct d3d11_tiled_ref *v, struct d3d11_tiled_buffer *pool);

/* ---- views of tiled textures (tiled_views.c) ---- */

struct d3d11_tiled_srv {
    ID3D11ShaderResourceView iface;
    struct d3d11_child child;
    D3D11_SHADER_RESOURCE_VIEW_DESC desc;
    struct d3d11_tiled_texture *tex;  /* one reference */
    struct texel_tiled tt;            /* the page table the view reads (view.tiled) */
    struct texture_view view;
    struct d3d11_view_info info;      /* for the ordinary bindings: tiled_view = &view */
};

struct d3d11_tiled_rtv {
    ID3D11RenderTargetView iface;
    struct d3d11_child child;
    D3D11_RENDER_TARGET_VIEW_DESC desc;
    struct d3d11_tiled_texture *tex;  /* one reference */
    struct d3d11_view_info info;      /* for the ordinary bindings (resource: &tex->res) */
};

HRESULT d3d11_tiled_create_srv(struct d3d11_device *dev, ID3D11Resource *res,
                               const D3D11_SHADER_RESOURCE_VIEW_DESC *desc,
                               ID3D11ShaderResourceView **out);
HRESULT d3d11_tiled_create_rtv(struct d3d11_device *dev, ID3D11Resource *res,
                               const D3D11_RENDER_TARGET_VIEW_DESC *desc,
                               ID3D11RenderTargetView **out);
/* Depth-stencil and unordered-access views: the ordinary view objects (view.c) over the
 * resource's pipeline picture (tiled_lend.c lends them memory per operation). */
HRESULT d3d11_tiled_create_dsv(struct d3d11_device *dev, ID3D11Resource *res,
                               const D3D11_DEPTH_STENCIL_VIEW_DESC *desc,
                               ID3D11DepthStencilView **out);
HRESULT d3d11_tiled_create_uav(struct d3d11_device *dev, ID3D11Resource *res,
                               const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc,
                               ID3D11UnorderedAccessView **out);
/* view.c's d3d11_srv_info / d3d11_rtv_info / d3d11_view_child for the views of tiled
 * textures (NULL for anything else). */
const struct d3d11_view_info *d3d11_tiled_srv_info(ID3D11ShaderResourceView *v,
                                                   D3D11_SHADER_RESOURCE_VIEW_DESC *desc);
const struct d3d11_view_info *d3d11_tiled_rtv_info(ID3D11RenderTargetView *v,
                                                   D3D11_RENDER_TARGET_VIEW_DESC *desc);
struct d3d11_child *d3d11_tiled_view_child(ID3D11View *v);
/* The objects behind interfaces, or NULL (NULL or not one of these). */
struct d3d11_tiled_srv *d3d11_tiled_srv_of(ID3D11ShaderResourceView *v);
struct d3d11_tiled_rtv *d3d11_tiled_rtv_of(ID3D11RenderTargetView *v);

/* ---- linear copies for one operation (tiled_lend.c) ---- */

#define D3D11_TILED_LEND_VIEWS 128

struct d3d11_tiled_lent_resource {
    struct d3d11_resource *res;
    uint8_t *snap;     /* the copy as read, for resources some view writes */
    bool created;      /* res->core is this lend's copy */
    bool write;
};

struct d3d11_tiled_lend {
    struct { const struct d3d11_view_info *info; bool write; } views[D3D11_TILED_LEND_VIEWS];
    unsigned view_count;
    struct d3d11_tiled_lent_resource res[D3D11_TILED_LEND_VIEWS];
    unsigned res_count;
    bool any;          /* some view of a tiled resource was added */
    bool overflow;     /* more than D3D11_TILED_LEND_VIEWS of them */
};

void d3d11_tiled_lend_init(struct d3d11_tiled_lend *l);
/* Notes a bound view (NULL, views of ordinary resources and page-table views are ignored);
 * `write`: the operation may write through it. */
void d3d11_tiled_lend_add(struct d3d11_tiled_lend *l, const struct d3d11_view_info *v,
                          bool write);
/* Lends each noted resource a linear copy holding what the views select; false (a message,
 * nothing lent) when that fails: the caller drops the operation. */
bool d3d11_tiled_lend_take(struct d3d11_tiled_lend *l, struct d3d11_device *dev,
                           const char *method);
/* Writes back what the operation changed through the writable views (`store`), and frees the
 * copies. */
void d3d11_tiled_lend_return(struct d3d11_tiled_lend *l, bool store);
/* Whether byte p of the linear copy lent to tiled resource `res` (a struct d3d11_resource)
 * belongs to an element whose tile is mapped to NULL: the residency status of the memory
 * instructions' _s forms (vm.h struct vm_memory `unmapped`).  False for an untiled or
 * unlent resource and outside the copy. */
bool d3d11_tiled_unmapped(const void *res, const uint8_t *p);

/* tiled_context.c: the ID3D11DeviceContext2 tile methods, and wrappers of the context's
 * UpdateSubresource / CopySubresourceRegion / CopyResource / Map that take over when a tiled
 * object is involved (non-tiled calls go to the originals unchanged). */
void d3d11_tiled_context_fill(ID3D11DeviceContext2Vtbl *v);

/* tiled_draw.c (declared in d3d11_private.h): the 11_1 context vtable. */

#endif
