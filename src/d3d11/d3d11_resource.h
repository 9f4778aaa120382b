/* src/d3d11/d3d11_resource.h — buffers, textures and their views, as the rest of the D3D11
 * front-end (the pipeline, the context's copies and Map) and the tests see them.
 *
 * Objects (resource.c, view.c):
 *  - ID3D11Buffer, ID3D11Texture1D, ID3D11Texture2D, ID3D11Texture3D: device children that
 *    keep their description (GetDesc returns it, with MipLevels 0 resolved to the full chain)
 *    and their memory, a core_resource (src/core/resource.h).  Texture1D(Array) exists from
 *    10_0 (10Level9 has no 1D textures, seed 004); its memory is a 2D layout of one row.
 *  - ID3D11ShaderResourceView, ID3D11RenderTargetView, ID3D11DepthStencilView: device children
 *    that hold one reference on their resource and keep their description (with Format UNKNOWN
 *    and MipLevels -1 resolved, as the runtime reports them).  ID3D11UnorderedAccessView
 *    likewise, from 11_0 only (seed 004: none at 9_x; none at 10_x, whose optional cs_4_x is
 *    not offered).
 *
 * Accessors return NULL when the interface pointer is NULL or not one of softd3d's objects of
 * that kind: the vtable is checked, so a foreign pointer from the application is never misread.
 *
 * Validators (resource_validate.c, view_validate.c): pure functions, inputs + feature level ->
 * HRESULT + one message line in `msg` ("CreateTexture2D: ..."), nothing allocated or touched.
 * The Create methods run them first; the tests call them directly too.
 */
#ifndef SOFTD3D_D3D11_RESOURCE_H
#define SOFTD3D_D3D11_RESOURCE_H

#include <stdbool.h>
#include <stddef.h>

#include "d3d11/d3d11_private.h"
#include "d3d11/device_child.h"
#include "core/resource.h"

struct d3d11_tiled_texture;
struct texture_view;
struct core_tiled;

/* Room for every refusal line (util_msg keeps 512 bytes). */
#define D3D11_RESOURCE_MSG_SIZE 512

/* Largest resource, in bytes: D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_C_TERM (2048 MiB),
 * the cap of the documented resource-size limit.  Larger ones fail with E_OUTOFMEMORY. */
#define D3D11_MAX_RESOURCE_BYTES ((size_t)2048 * 1024 * 1024)

/* The part every buffer and texture object shares. */
struct d3d11_resource {
    void *iface;                     /* the object's ID3D11Buffer / ID3D11Texture2D / 3D */
    struct d3d11_child *child;       /* its device-child part (device_child.h) */
    struct d3d11_device *device;     /* the creating device (no reference: the object holds one) */
    D3D11_RESOURCE_DIMENSION dim;
    D3D11_USAGE usage;
    UINT bind_flags, cpu_access_flags, misc_flags;
    DXGI_FORMAT format;              /* DXGI_FORMAT_UNKNOWN for buffers */
    UINT width;                      /* ByteWidth for buffers */
    UINT height, depth, mip_levels, array_size;   /* 1 where the dimension has none */
    UINT sample_count, sample_quality;
    UINT structure_stride;           /* buffers: StructureByteStride as given */
    UINT eviction_priority;
    FLOAT min_lod;                   /* SetResourceMinLOD (RESOURCE_CLAMP textures); 0 */
    core_resource *core;             /* the memory; subresource i = mip + slice * mip_levels */
    UINT so_filled;                  /* buffers: BufferFilledSize, the byte offset after the
                                      * last stream-output write (SOSetTargets, DrawAuto) */
    /* A tiled texture (11_1, tiled.c): its memory is the page table of the tiled object, so
     * `core` is NULL except while a draw renders into it (tiled_draw.c lends it a linear copy
     * of its mips for that draw).  d3d11_resource_from_iface never returns such a resource;
     * only the views of tiled textures point at it (view info `resource`). */
    struct d3d11_tiled_texture *tiled;
    /* The page table of any tiled resource, texture or buffer (11_1, tiled.c), NULL for every
     * other resource: the context lends views of it a linear `core` per operation (tiled_draw.c,
     * tiled_lend.c). */
    struct core_tiled *tiled_tr;
};

/* The resource behind an application's ID3D11Resource (any of ID3D11Buffer, ID3D11Texture1D,
 * ID3D11Texture2D, ID3D11Texture3D), or NULL if it is not one of softd3d's. */
struct d3d11_resource *d3d11_resource_from_iface(ID3D11Resource *iface);
static inline ID3D11Resource *d3d11_resource_iface(const struct d3d11_resource *res)
{
    return (ID3D11Resource *)res->iface;
}
/* Application references, through the object's own interface. */
void d3d11_resource_addref(struct d3d11_resource *res);
void d3d11_resource_release(struct d3d11_resource *res);
/* The context's references for bound resources (device_child.h: they keep the resource alive,
 * not the device). */
void d3d11_resource_bind(struct d3d11_resource *res);
void d3d11_resource_unbind(struct d3d11_resource *res);

/* What a view selects, resolved: the format is never UNKNOWN, counts are never -1. */
struct d3d11_view_info {
    struct d3d11_resource *resource; /* one reference held by the view */
    DXGI_FORMAT format;
    UINT first_mip, mip_count;       /* render-target and depth-stencil views: mip_count 1 */
    UINT first_slice, slice_count;   /* array slices (cube faces are slices) */
    bool cube;                       /* a TEXTURECUBE(ARRAY) shader-resource view */
    bool array;                      /* an ...ARRAY view dimension (any slice count) */
    UINT first_element, element_count;   /* buffer views: elements of the view format */
    UINT dsv_flags;                  /* D3D11_DSV_* (always 0 at 9_x) */
    /* buffer views of 11_0 (issue 15): how the elements are addressed, and their size */
    enum d3d11_buffer_view { D3D11_BUFFER_VIEW_TYPED, D3D11_BUFFER_VIEW_RAW,
                             D3D11_BUFFER_VIEW_STRUCTURED } buffer_kind;
    UINT element_bytes;              /* raw: 4; structured: StructureByteStride; typed: the
                                      * format's bytes (buffer views only) */
    /* a shader-resource view of a tiled texture (tiled_views.c): what the sampler reads,
     * through the page table (sample/texel_tiled.h); NULL for every other view */
    const struct texture_view *tiled_view;
};

/* An unordered-access view (11_0): what it selects, its description and the hidden counter
 * of an APPEND / COUNTER structured view (CSSetUnorderedAccessViews' initial counts set it,
 * imm_atomic_alloc / consume move it, CopyStructureCount reads it).  For a Texture3D view,
 * view.first_slice / slice_count are FirstWSlice / WSize (resolved) of the mip. */
struct d3d11_uav_info {
    struct d3d11_view_info view;
    D3D11_UNORDERED_ACCESS_VIEW_DESC desc;
    uint32_t counter;                /* accessed with atomics while a dispatch runs */
    bool has_counter;                /* D3D11_BUFFER_UAV_FLAG_APPEND or _COUNTER */
};

/* The view behind an interface, or NULL (see above).  `desc` (if not NULL) receives the view's
 * description as GetDesc returns it. */
const struct d3d11_view_info *d3d11_srv_info(ID3D11ShaderResourceView *view,
                                             D3D11_SHADER_RESOURCE_VIEW_DESC *desc);
const struct d3d11_view_info *d3d11_rtv_info(ID3D11RenderTargetView *view,
                                             D3D11_RENDER_TARGET_VIEW_DESC *desc);
const struct d3d11_view_info *d3d11_dsv_info(ID3D11DepthStencilView *view,
                                             D3D11_DEPTH_STENCIL_VIEW_DESC *desc);
/* An unordered-access view's state (mutable: its counter), or NULL (see above). */
struct d3d11_uav_info *d3d11_uav_info(ID3D11UnorderedAccessView *view);
/* The device-child part of any view (for the context's bindings), or NULL (view.c). */
struct d3d11_child *d3d11_view_child(ID3D11View *view);
/* view.c: the Create methods after their resource check, for a resource already resolved (the
 * views of tiled resources over their pipeline picture, tiled_views.c). */
HRESULT d3d11_create_srv_of(struct d3d11_device *dev, const struct d3d11_resource *res,
                            const D3D11_SHADER_RESOURCE_VIEW_DESC *desc,
                            ID3D11ShaderResourceView **out);
HRESULT d3d11_create_rtv_of(struct d3d11_device *dev, const struct d3d11_resource *res,
                            const D3D11_RENDER_TARGET_VIEW_DESC *desc,
                            ID3D11RenderTargetView **out);
HRESULT d3d11_create_dsv_of(struct d3d11_device *dev, const struct d3d11_resource *res,
                            const D3D11_DEPTH_STENCIL_VIEW_DESC *desc,
                            ID3D11DepthStencilView **out);
HRESULT d3d11_create_uav_of(struct d3d11_device *dev, const struct d3d11_resource *res,
                            const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc,
                            ID3D11UnorderedAccessView **out);

/* ---- validators (resource_validate.c) ----------------------------------------------------- */

/* MipLevels 0 means the full chain. */
UINT d3d11_resolve_mip_levels(UINT mip_levels, UINT width, UINT height, UINT depth);

HRESULT d3d11_validate_buffer_desc(const D3D11_BUFFER_DESC *desc,
                                   const D3D11_SUBRESOURCE_DATA *init, D3D_FEATURE_LEVEL level,
                                   char *msg, size_t msg_size);
HRESULT d3d11_validate_texture1d_desc(const D3D11_TEXTURE1D_DESC *desc,
                                      const D3D11_SUBRESOURCE_DATA *init,
                                      D3D_FEATURE_LEVEL level, char *msg, size_t msg_size);
/* `present`: the texture is a swap-chain buffer (the DDI's D3D10_DDI_BIND_PRESENT, which
 * CreateTexture2D cannot ask for; see resource_validate.c). */
/* Whether a multisampled description's count/quality pair is one CheckMultisampleQualityLevels
 * offers on `dev` for `format` (resource.c); logs the refusal. */
bool d3d11_sample_desc_ok(const struct d3d11_device *dev, const char *method, DXGI_FORMAT format,
                          const DXGI_SAMPLE_DESC *sd);

HRESULT d3d11_validate_texture2d_desc(const D3D11_TEXTURE2D_DESC *desc,
                                      const D3D11_SUBRESOURCE_DATA *init, bool present,
                                      D3D_FEATURE_LEVEL level, char *msg, size_t msg_size);
HRESULT d3d11_validate_texture3d_desc(const D3D11_TEXTURE3D_DESC *desc,
                                      const D3D11_SUBRESOURCE_DATA *init,
                                      D3D_FEATURE_LEVEL level, char *msg, size_t msg_size);

/* The index-buffer format rule of seed 004's CreateBuffer row, for IASetIndexBuffer: R16_UINT
 * at every level, R32_UINT from 9_2.  `method` starts the message. */
HRESULT d3d11_validate_index_format(const char *method, DXGI_FORMAT format,
                                    D3D_FEATURE_LEVEL level, char *msg, size_t msg_size);

/* OpenSharedResource / OpenSharedResource1 / OpenSharedResourceByName: softd3d never hands out
 * shared handles, so every handle or name is unknown. */
HRESULT d3d11_validate_open_shared(const char *method, const void *handle, const void *out,
                                   D3D_FEATURE_LEVEL level, char *msg, size_t msg_size);

/* ---- validators (view_validate.c) ---------------------------------------------------------
 * `res` is the viewed resource (NULL when pResource is NULL or foreign); `desc` may be NULL
 * (the whole resource).  On S_OK, *out holds the description the view will report and *info
 * what it selects (info->resource is set to res, without a reference). */
HRESULT d3d11_validate_srv(const struct d3d11_resource *res,
                           const D3D11_SHADER_RESOURCE_VIEW_DESC *desc, D3D_FEATURE_LEVEL level,
                           D3D11_SHADER_RESOURCE_VIEW_DESC *out, struct d3d11_view_info *info,
                           char *msg, size_t msg_size);
HRESULT d3d11_validate_rtv(const struct d3d11_resource *res,
                           const D3D11_RENDER_TARGET_VIEW_DESC *desc, D3D_FEATURE_LEVEL level,
                           D3D11_RENDER_TARGET_VIEW_DESC *out, struct d3d11_view_info *info,
                           char *msg, size_t msg_size);
HRESULT d3d11_validate_dsv(const struct d3d11_resource *res,
                           const D3D11_DEPTH_STENCIL_VIEW_DESC *desc, D3D_FEATURE_LEVEL level,
                           D3D11_DEPTH_STENCIL_VIEW_DESC *out, struct d3d11_view_info *info,
                           char *msg, size_t msg_size);
HRESULT d3d11_validate_uav(const struct d3d11_resource *res,
                           const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc, D3D_FEATURE_LEVEL level,
                           D3D11_UNORDERED_ACCESS_VIEW_DESC *out, struct d3d11_view_info *info,
                           char *msg, size_t msg_size);

/* ---- shared helpers (resource_validate.c) ------------------------------------------------ */

/* Formats the message, returns hr. */
HRESULT d3d11_res_refuse(HRESULT hr, char *msg, size_t msg_size, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The D3D11_FORMAT_SUPPORT bits a resource of `format` may use at `level`: the format's own
 * (none for a _TYPELESS format at 9_x); for a typeless format a level supports, also those of
 * its family's members (any of them may view it). */
UINT d3d11_resource_format_support(D3D_FEATURE_LEVEL level, DXGI_FORMAT format);
bool d3d11_format_is_typeless(DXGI_FORMAT format);

/* CreateTexture2D's work (resource.c): validation (`present` as for the validator: a swap-chain
 * buffer, swapchain.c), then the object, with one application reference, in *out. */
HRESULT d3d11_texture2d_create(struct d3d11_device *dev, const D3D11_TEXTURE2D_DESC *desc,
                               const D3D11_SUBRESOURCE_DATA *init, bool present,
                               ID3D11Texture2D **out);
/* The device-child part of a resource's life count (swapchain.c: whether anything but the swap
 * chain still holds a back buffer): the application's and the context's references. */
static inline unsigned d3d11_resource_life(const struct d3d11_resource *res)
{
    return atomic_load(&res->child->life);
}

/* view.c, resource.c: the device slots they fill. */
void d3d11_view_fill_device_vtbl(ID3D11Device2Vtbl *v);

#endif
