/* src/d3d9/surface.c — IDirect3DSurface9, and the device methods that create standalone
 * surfaces: CreateRenderTarget, CreateDepthStencilSurface, CreateOffscreenPlainSurface.
 *
 * Creation rules (the three reference pages, D3DPOOL, D3DUSAGE, D3DMULTISAMPLE_TYPE):
 *   - the out-pointer is required and set to NULL on failure; pSharedHandle must be NULL
 *     (resource sharing between processes is not implemented: D3DERR_INVALIDCALL);
 *   - Width and Height nonzero; render targets, depth-stencil surfaces and D3DPOOL_DEFAULT plain
 *     surfaces at most D3D9_MAX_SURFACE_SIZE (16384, the back-buffer limit) a side; SYSTEMMEM and
 *     SCRATCH plain surfaces are bound only by memory (a resource is at most 1 GiB: larger is
 *     E_OUTOFMEMORY, D3DERR_OUTOFVIDEOMEMORY in D3DPOOL_DEFAULT);
 *   - the format must pass CheckDeviceFormat on the device's profile for the use: render target
 *     (D3DUSAGE_RENDERTARGET), depth-stencil (D3DUSAGE_DEPTHSTENCIL), plain surface (usage 0);
 *     D3DPOOL_SCRATCH "is not bound by the device's format restrictions": any format softd3d can
 *     lay out;
 *   - CreateOffscreenPlainSurface: D3DPOOL_MANAGED is not allowed (reference page); a DXTn
 *     surface in D3DPOOL_DEFAULT needs a size that is a multiple of 4 (resource.c);
 *   - multisampling: a type CheckDeviceMultiSampleType does not offer for the format is
 *     D3DERR_NOTAVAILABLE, an unknown type or a quality at or above its quality levels
 *     D3DERR_INVALIDCALL ("MultisampleQuality ... must be less than the value returned by
 *     CheckDeviceMultiSampleType"); the samples are stored as planes (core/resource.h).  A
 *     multisampled surface cannot be locked (softd3d refuses LockRect on it: its texels are
 *     samples, read through StretchRect's resolve).
 *
 * Locking (IDirect3DSurface9::LockRect, D3DLOCK, D3DPOOL):
 *   - a surface can be locked when it is a plain surface (any pool), a render target created
 *     Lockable, a back buffer of a swap chain with D3DPRESENTFLAG_LOCKABLE_BACKBUFFER, a
 *     depth-stencil surface of a lockable format (D16_LOCKABLE, D32F_LOCKABLE, D32_LOCKABLE,
 *     S8_LOCKABLE), or a texture level unless the texture is in D3DPOOL_DEFAULT without
 *     D3DUSAGE_DYNAMIC ("Textures placed in the D3DPOOL_DEFAULT pool cannot be locked unless
 *     they are dynamic");
 *   - one lock at a time: locking a locked surface, or unlocking an unlocked one, is
 *     D3DERR_INVALIDCALL;
 *   - pRect NULL locks everything; otherwise it must be a nonempty rectangle inside the surface,
 *     and for block formats (DXTn: 4x4; YUY2, UYVY, R8G8_B8G8, G8R8_G8B8: 2x1) its edges must
 *     lie on block boundaries or on the surface's edge — except DXTn surfaces of
 *     D3DPOOL_SYSTEMMEM and D3DPOOL_SCRATCH, which Windows locks with any rectangle (issue 14's
 *     conformance suite), pBits then addressing the block that holds (left, top);
 *   - Flags: D3DLOCK_READONLY, _DISCARD, _NOSYSLOCK, _NO_DIRTY_UPDATE, and _DONOTWAIT for
 *     standalone surfaces and back buffers (D3DLOCK: "can only be used when locking a surface
 *     created using CreateOffscreenPlainSurface, CreateRenderTarget, or
 *     CreateDepthStencilSurface ... also ... a back buffer"); any other bit D3DERR_INVALIDCALL.
 *     D3DLOCK_DISCARD is documented as valid only for dynamic resources; the retail runtime
 *     ignores it elsewhere, and so does softd3d (the memory keeps its content either way);
 *   - pBits points at the first texel (block) of the rectangle, Pitch is the bytes between rows
 *     of blocks of the surface;
 *   - a lock of a texture level without D3DLOCK_READONLY or D3DLOCK_NO_DIRTY_UPDATE adds the
 *     rectangle to the texture's dirty region (UpdateTexture reference page).
 *   On failure *pLockedRect is zeroed.
 *
 * GetContainer: the texture of a texture level, the swap chain of a back buffer, the device for
 * the surfaces CreateRenderTarget / CreateDepthStencilSurface / CreateOffscreenPlainSurface make
 * ("the surface is considered stand alone ... GetContainer will return the Direct3D device");
 * the container answers QueryInterface(riid).
 *
 * GetDC / ReleaseDC stay E_NOTIMPL: there is no GDI on Linux.
 */
#include "d3d9/d3d9_resource.h"

#include <stdlib.h>
#include <string.h>

#include "d3d9/d3d9_state.h"
#include "pipeline/resolve.h"
#include "softd3d_com_stubs.h"
#include "util/log.h"

/* ------------------------------------------------------------------ helpers */

unsigned char *d3d9_surface_data(const struct d3d9_surface *s)
{
    return core_resource_sub_data(s->storage, s->sub);
}

size_t d3d9_surface_pitch(const struct d3d9_surface *s)
{
    return s->storage->sub[s->sub].row_pitch;
}

HRESULT d3d9_lock_region(const char *method, core_format cfmt, D3DPOOL pool, UINT width,
                         UINT height, UINT depth, const RECT *rect, const D3DBOX *box,
                         struct d3d9_box *out)
{
    const core_format_desc *d = core_format_get(cfmt);
    UINT bw = d ? d->block_width : 1, bh = d ? d->block_height : 1;
    long long l = 0, t = 0, r = width, b = height, f = 0, k = depth;

    if (rect) {
        l = rect->left;
        t = rect->top;
        r = rect->right;
        b = rect->bottom;
    } else if (box) {
        l = box->Left;
        t = box->Top;
        r = box->Right;
        b = box->Bottom;
        f = box->Front;
        k = box->Back;
    }
    if (l < 0 || t < 0 || f < 0 || l >= r || t >= b || f >= k || r > width || b > height ||
        k > depth) {
        util_msg(false, "%s: the region (%lld,%lld,%lld)-(%lld,%lld,%lld) is empty or outside "
                        "the %ux%ux%u level", method, l, t, f, r, b, k, width, height, depth);
        return D3DERR_INVALIDCALL;
    }
    /* Windows locks DXTn regions of CPU-side pools whatever their alignment (header comment):
     * pBits is then the block holding the top-left texel. */
    bool any_alignment = d && d->compressed &&
                         (pool == D3DPOOL_SYSTEMMEM || pool == D3DPOOL_SCRATCH);
    if (!any_alignment &&
        ((l % bw) || (t % bh) || ((r % bw) && r != width) || ((b % bh) && b != height))) {
        util_msg(false, "%s: the region's edges must lie on %ux%u block boundaries", method, bw,
                 bh);
        return D3DERR_INVALIDCALL;
    }
    out->left = (UINT)l;
    out->top = (UINT)t;
    out->right = (UINT)r;
    out->bottom = (UINT)b;
    out->front = (UINT)f;
    out->back = (UINT)k;
    return D3D_OK;
}

/* The address of texel (x, y, z) of subresource `sub`. */
unsigned char *d3d9_sub_address(const core_resource *res, uint32_t sub, core_format cfmt,
                                UINT x, UINT y, UINT z)
{
    const core_format_desc *d = core_format_get(cfmt);
    const core_subresource *s = &res->sub[sub];
    return core_resource_sub_data(res, sub) + (size_t)z * s->depth_pitch +
           (size_t)(y / d->block_height) * s->row_pitch +
           (size_t)(x / d->block_width) * d->block_bytes;
}

bool d3d9_surface_is_valid(const struct d3d9_surface *s, const struct d3d9_device *dev)
{
    return s && s->iface.lpVtbl == &d3d9_surface_vtbl && s->r.life.device == dev;
}

/* -------------------------------------------------------------- the object */

static const GUID *const surface_iids[] = { &IID_IDirect3DResource9, &IID_IDirect3DSurface9,
                                            NULL };
D3D9_LIFE_IUNKNOWN(surface, IDirect3DSurface9, struct d3d9_surface, iface, r.life, surface_iids)
D3D9_RESOURCE_METHODS(surface, IDirect3DSurface9, struct d3d9_surface, r)

void d3d9_surface_cleanup(struct d3d9_surface *s)
{
    d3d9_resource_cleanup(&s->r);
    if (s->kind != D3D9_SURFACE_TEXTURE)
        core_resource_destroy(s->storage);
    s->storage = NULL;
}

static void surface_destroy(struct d3d9_life *life)
{
    struct d3d9_surface *s = container_of(life, struct d3d9_surface, r.life);
    d3d9_surface_cleanup(s);
    free(s);
}

static HRESULT STDMETHODCALLTYPE surface_GetContainer(IDirect3DSurface9 *iface, REFIID riid,
                                                      void **out)
{
    struct d3d9_surface *s = surface_impl(iface);
    if (!out) {
        util_msg(false, "IDirect3DSurface9::GetContainer: ppContainer is NULL");
        return D3DERR_INVALIDCALL;
    }
    if (s->texture)
        return IDirect3DBaseTexture9_QueryInterface(&s->texture->iface.base, riid, out);
    if (s->swapchain)
        return IDirect3DSwapChain9_QueryInterface(&s->swapchain->iface, riid, out);
    return IDirect3DDevice9_QueryInterface(&s->r.life.device->iface, riid, out);
}

static HRESULT STDMETHODCALLTYPE surface_GetDesc(IDirect3DSurface9 *iface, D3DSURFACE_DESC *desc)
{
    struct d3d9_surface *s = surface_impl(iface);
    if (!desc) {
        util_msg(false, "IDirect3DSurface9::GetDesc: pDesc is NULL");
        return D3DERR_INVALIDCALL;
    }
    desc->Format = s->format;
    desc->Type = D3DRTYPE_SURFACE;
    desc->Usage = s->r.usage;
    desc->Pool = s->r.pool;
    desc->MultiSampleType = s->ms_type;
    desc->MultiSampleQuality = s->ms_quality;
    desc->Width = s->width;
    desc->Height = s->height;
    return D3D_OK;
}

HRESULT d3d9_surface_lock(struct d3d9_surface *s, const char *method, D3DLOCKED_RECT *locked,
                          const RECT *rect, DWORD flags)
{
    DWORD allowed = D3DLOCK_READONLY | D3DLOCK_DISCARD | D3DLOCK_NOSYSLOCK |
                    D3DLOCK_NO_DIRTY_UPDATE;
    struct d3d9_device *dev = s->r.life.device;
    struct d3d9_box box;
    HRESULT hr;

    if (!locked) {
        util_msg(false, "%s: pLockedRect is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    locked->Pitch = 0;
    locked->pBits = NULL;
    if (s->kind != D3D9_SURFACE_TEXTURE)
        allowed |= D3DLOCK_DONOTWAIT;
    if (flags & ~allowed) {
        util_msg(false, "%s: Flags 0x%x are not lock flags of this surface", method,
                 (unsigned)(flags & ~allowed));
        return D3DERR_INVALIDCALL;
    }
    if (s->format == D3D9_FMT_NULL) {
        util_msg(false, "%s: a D3D9 NULL render target has no texels to lock", method);
        return D3DERR_INVALIDCALL;
    }
    if (s->ms_type != D3DMULTISAMPLE_NONE) {
        util_msg(false, "%s: a multisampled surface cannot be locked (resolve it with "
                        "StretchRect)", method);
        return D3DERR_INVALIDCALL;
    }
    if (!s->lockable) {
        util_msg(false, "%s: this surface cannot be locked (%s)", method,
                 s->kind == D3D9_SURFACE_TEXTURE     ? "a D3DPOOL_DEFAULT texture that is not "
                                                       "D3DUSAGE_DYNAMIC"
                 : s->kind == D3D9_SURFACE_BACKBUFFER ? "a back buffer without "
                                                       "D3DPRESENTFLAG_LOCKABLE_BACKBUFFER"
                 : s->kind == D3D9_SURFACE_DEPTHSTENCIL ? "a depth-stencil format that is not "
                                                         "_LOCKABLE"
                                                       : "a render target created with "
                                                         "Lockable FALSE");
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = d3d9_lock_region(method, s->cfmt, s->r.pool, s->width, s->height, 1, rect,
                                     NULL, &box)))
        return hr;
    d3d9_device_lock(dev);
    if (s->locked) {
        d3d9_device_unlock(dev);
        util_msg(false, "%s: the surface is already locked", method);
        return D3DERR_INVALIDCALL;
    }
    if ((flags & D3DLOCK_DISCARD) && !(s->r.usage & D3DUSAGE_DYNAMIC))
        util_msg(false, "%s: D3DLOCK_DISCARD on a resource without D3DUSAGE_DYNAMIC is ignored "
                        "(D3DLOCK)", method);
    s->locked = true;
    if (s->texture && !(flags & (D3DLOCK_READONLY | D3DLOCK_NO_DIRTY_UPDATE)))
        d3d9_texture_add_dirty(s->texture, s->face, s->level, &box);
    d3d9_device_unlock(dev);
    locked->Pitch = (INT)d3d9_surface_pitch(s);
    locked->pBits = d3d9_sub_address(s->storage, s->sub, s->cfmt, box.left, box.top, 0);
    return D3D_OK;
}

HRESULT d3d9_surface_unlock(struct d3d9_surface *s, const char *method)
{
    struct d3d9_device *dev = s->r.life.device;
    HRESULT hr = D3D_OK;
    d3d9_device_lock(dev);
    if (!s->locked) {
        util_msg(false, "%s: the surface is not locked", method);
        hr = D3DERR_INVALIDCALL;
    }
    s->locked = false;
    d3d9_device_unlock(dev);
    return hr;
}

static HRESULT STDMETHODCALLTYPE surface_LockRect(IDirect3DSurface9 *iface, D3DLOCKED_RECT *locked,
                                                  const RECT *rect, DWORD flags)
{
    return d3d9_surface_lock(surface_impl(iface), "IDirect3DSurface9::LockRect", locked, rect,
                             flags);
}

static HRESULT STDMETHODCALLTYPE surface_UnlockRect(IDirect3DSurface9 *iface)
{
    return d3d9_surface_unlock(surface_impl(iface), "IDirect3DSurface9::UnlockRect");
}

IDirect3DSurface9Vtbl d3d9_surface_vtbl = {
    .QueryInterface = surface_QueryInterface,
    .AddRef = surface_AddRef,
    .Release = surface_Release,
    .GetDevice = surface_GetDevice,
    .SetPrivateData = surface_SetPrivateData,
    .GetPrivateData = surface_GetPrivateData,
    .FreePrivateData = surface_FreePrivateData,
    .SetPriority = surface_SetPriority,
    .GetPriority = surface_GetPriority,
    .PreLoad = surface_PreLoad,
    .GetType = surface_GetType,
    .GetContainer = surface_GetContainer,
    .GetDesc = surface_GetDesc,
    .LockRect = surface_LockRect,
    .UnlockRect = surface_UnlockRect,
    /* GetDC, ReleaseDC: comgen stubs (d3d9_surface_fill_vtbl) */
};

void d3d9_surface_init_texture_level(struct d3d9_surface *s, struct d3d9_texture *t, UINT level,
                                     UINT face, uint32_t sub)
{
    const core_subresource *cs = &t->storage->sub[sub];
    memset(s, 0, sizeof(*s));
    s->iface.lpVtbl = &d3d9_surface_vtbl;
    d3d9_resource_init_child(&s->r, &t->r, D3DRTYPE_SURFACE);
    s->kind = D3D9_SURFACE_TEXTURE;
    s->texture = t;
    s->storage = t->storage;
    s->sub = sub;
    s->level = level;
    s->face = face;
    s->format = t->format;
    s->cfmt = t->cfmt;
    s->width = cs->width;
    s->height = cs->height;
    s->ms_type = D3DMULTISAMPLE_NONE;
    s->lockable = !(t->r.pool == D3DPOOL_DEFAULT && !(t->r.usage & D3DUSAGE_DYNAMIC));
    if (d3d9_is_depth_format(t->format) && !d3d9_is_lockable_depth_format(t->format))
        s->lockable = false;
}

HRESULT d3d9_surface_create(struct d3d9_device *dev, const char *method,
                            enum d3d9_surface_kind kind, UINT width, UINT height,
                            D3DFORMAT format, D3DPOOL pool, DWORD usage, D3DMULTISAMPLE_TYPE ms,
                            DWORD ms_quality, bool lockable, bool discard, bool device_owned,
                            struct d3d9_surface **out)
{
    core_resource_desc desc = { 0 };
    struct d3d9_surface *s;
    HRESULT hr;

    *out = NULL;
    desc.dim = CORE_RES_TEX2D;
    desc.format = d3d9_core_format(format);
    desc.width = width;
    desc.height = height;
    desc.depth = desc.mip_levels = desc.array_size = 1;
    desc.samples = d3d9_ms_samples(ms, ms_quality);
    if (!desc.format) {
        char buf[32];
        util_msg(false, "%s: softd3d cannot store %s", method,
                 d3d9_format_name(format, buf, sizeof(buf)));
        return D3DERR_INVALIDCALL;
    }
    if (!(s = calloc(1, sizeof(*s)))) {
        util_msg(false, "%s: out of memory", method);
        return E_OUTOFMEMORY;
    }
    if (FAILED(hr = d3d9_storage_create(method, &desc, pool, &s->storage))) {
        free(s);
        return hr;
    }
    s->iface.lpVtbl = &d3d9_surface_vtbl;
    d3d9_resource_init(&s->r, dev, D3DRTYPE_SURFACE, pool, usage, surface_destroy, device_owned);
    s->kind = kind;
    s->format = format;
    s->cfmt = desc.format;
    s->width = width;
    s->height = height;
    s->ms_type = ms;
    s->ms_quality = ms_quality;
    s->lockable = lockable;
    s->discard = discard;
    *out = s;
    return D3D_OK;
}

bool d3d9_surface_resolve(const struct d3d9_surface *src, struct d3d9_surface *dst)
{
    const core_subresource *ss = &src->storage->sub[src->sub];
    struct resolve_surface rs = { d3d9_surface_data(src), d3d9_surface_pitch(src), ss->depth_pitch,
                                  d3d9_ms_samples(src->ms_type, src->ms_quality) };
    struct resolve_surface rd = { d3d9_surface_data(dst), d3d9_surface_pitch(dst), 0, 1 };
    return resolve_average(src->cfmt, &rs, &rd, dst->width, dst->height);
}

/* ------------------------------------------------------------- device methods */

HRESULT d3d9_check_surface_multisample(const core_profile *p, const char *method, D3DFORMAT format,
                                       D3DMULTISAMPLE_TYPE ms, DWORD quality)
{
    char buf[32];
    if ((unsigned)ms > D3DMULTISAMPLE_16_SAMPLES) {
        util_msg(false, "%s: %u is not a D3DMULTISAMPLE_TYPE", method, (unsigned)ms);
        return D3DERR_INVALIDCALL;
    }
    DWORD levels = d3d9_ms_quality_levels(p, format, ms);
    if (!levels) {
        util_msg(false, "%s: multisample type %u of %s is not offered by profile %s "
                        "(CheckDeviceMultiSampleType)", method, (unsigned)ms,
                 d3d9_format_name(format, buf, sizeof(buf)), p->name);
        return D3DERR_NOTAVAILABLE;
    }
    if (quality >= levels) {
        util_msg(false, "%s: MultisampleQuality %u with type %u (%u quality level(s))", method,
                 (unsigned)quality, (unsigned)ms, (unsigned)levels);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

static HRESULT check_size(const char *method, UINT w, UINT h, UINT max)
{
    if (!w || !h || w > max || h > max) {
        util_msg(false, "%s: %ux%u: sizes are 1..%u", method, w, h, max);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

static HRESULT check_format(struct d3d9_device *dev, const char *method, DWORD usage,
                            D3DFORMAT format)
{
    char buf[32];
    HRESULT hr = d3d9_check_device_format(dev->profile, D3DFMT_X8R8G8B8, usage, D3DRTYPE_SURFACE,
                                          format);
    if (FAILED(hr)) {
        util_msg(false, "%s: %s is not a%s format on profile %s (CheckDeviceFormat)", method,
                 d3d9_format_name(format, buf, sizeof(buf)),
                 (usage & D3DUSAGE_RENDERTARGET)   ? " render target"
                 : (usage & D3DUSAGE_DEPTHSTENCIL) ? " depth-stencil"
                                                   : "n offscreen plain surface",
                 dev->profile->name);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

static HRESULT common_checks(const char *method, IDirect3DSurface9 **out, HANDLE *shared)
{
    if (!out) {
        util_msg(false, "%s: ppSurface is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    if (shared) {
        util_msg(false, "%s: pSharedHandle must be NULL (shared resources are not implemented)",
                 method);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_CreateRenderTarget(IDirect3DDevice9 *iface, UINT width,
                                                           UINT height, D3DFORMAT format,
                                                           D3DMULTISAMPLE_TYPE ms, DWORD quality,
                                                           BOOL lockable,
                                                           IDirect3DSurface9 **out,
                                                           HANDLE *shared)
{
    static const char method[] = "CreateRenderTarget";
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    struct d3d9_surface *s;
    HRESULT hr;
    if (FAILED(hr = common_checks(method, out, shared)) ||
        FAILED(hr = check_size(method, width, height, D3D9_MAX_SURFACE_SIZE)) ||
        FAILED(hr = check_format(dev, method, D3DUSAGE_RENDERTARGET, format)) ||
        FAILED(hr = d3d9_check_surface_multisample(dev->profile, method, format, ms, quality)))
        return hr;
    if (FAILED(hr = d3d9_surface_create(dev, method, D3D9_SURFACE_RENDERTARGET, width, height,
                                        format, D3DPOOL_DEFAULT, D3DUSAGE_RENDERTARGET, ms,
                                        quality, lockable != FALSE, false, false, &s)))
        return hr;
    *out = &s->iface;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_CreateDepthStencilSurface(IDirect3DDevice9 *iface,
                                                                  UINT width, UINT height,
                                                                  D3DFORMAT format,
                                                                  D3DMULTISAMPLE_TYPE ms,
                                                                  DWORD quality, BOOL discard,
                                                                  IDirect3DSurface9 **out,
                                                                  HANDLE *shared)
{
    static const char method[] = "CreateDepthStencilSurface";
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    struct d3d9_surface *s;
    HRESULT hr;
    if (FAILED(hr = common_checks(method, out, shared)) ||
        FAILED(hr = check_size(method, width, height, D3D9_MAX_SURFACE_SIZE)) ||
        FAILED(hr = check_format(dev, method, D3DUSAGE_DEPTHSTENCIL, format)) ||
        FAILED(hr = d3d9_check_surface_multisample(dev->profile, method, format, ms, quality)))
        return hr;
    if (FAILED(hr = d3d9_surface_create(dev, method, D3D9_SURFACE_DEPTHSTENCIL, width, height,
                                        format, D3DPOOL_DEFAULT, D3DUSAGE_DEPTHSTENCIL, ms,
                                        quality, d3d9_is_lockable_depth_format(format),
                                        discard != FALSE, false, &s)))
        return hr;
    *out = &s->iface;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_CreateOffscreenPlainSurface(IDirect3DDevice9 *iface,
                                                                    UINT width, UINT height,
                                                                    D3DFORMAT format,
                                                                    D3DPOOL pool,
                                                                    IDirect3DSurface9 **out,
                                                                    HANDLE *shared)
{
    static const char method[] = "CreateOffscreenPlainSurface";
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    struct d3d9_surface *s;
    char buf[32];
    HRESULT hr;
    if (FAILED(hr = common_checks(method, out, shared)))
        return hr;
    if (pool == D3DPOOL_MANAGED || (unsigned)pool > D3DPOOL_SCRATCH) {
        util_msg(false, "%s: Pool %u (D3DPOOL_DEFAULT, SYSTEMMEM or SCRATCH; MANAGED is not "
                        "allowed)", method, (unsigned)pool);
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = check_size(method, width, height,
                               pool == D3DPOOL_DEFAULT ? D3D9_MAX_SURFACE_SIZE : UINT32_MAX)) ||
        FAILED(hr = d3d9_check_block_size(method, format, pool, width, height)))
        return hr;
    if (pool == D3DPOOL_SCRATCH) {
        /* D3DPOOL: scratch resources "are not bound by device size or format restrictions". */
        if (!d3d9_core_format(format) || format == D3DFMT_INDEX16 || format == D3DFMT_INDEX32) {
            util_msg(false, "%s: %s is not a surface format", method,
                     d3d9_format_name(format, buf, sizeof(buf)));
            return D3DERR_INVALIDCALL;
        }
    } else if (FAILED(hr = check_format(dev, method, 0, format))) {
        return hr;
    }
    if (FAILED(hr = d3d9_surface_create(dev, method, D3D9_SURFACE_PLAIN, width, height, format,
                                        pool, 0, D3DMULTISAMPLE_NONE, 0, true, false, false, &s)))
        return hr;
    *out = &s->iface;
    return D3D_OK;
}

void d3d9_surface_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    v->CreateRenderTarget = device_CreateRenderTarget;
    v->CreateDepthStencilSurface = device_CreateDepthStencilSurface;
    v->CreateOffscreenPlainSurface = device_CreateOffscreenPlainSurface;
    comgen_fill_IDirect3DSurface9(&d3d9_surface_vtbl);
}
