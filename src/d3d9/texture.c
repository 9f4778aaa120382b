/* src/d3d9/texture.c — IDirect3DTexture9, IDirect3DCubeTexture9, IDirect3DVolumeTexture9,
 * IDirect3DVolume9, and CreateTexture / CreateCubeTexture / CreateVolumeTexture.
 *
 * Creation rules, checked in this order (CreateTexture, CreateCubeTexture, CreateVolumeTexture,
 * D3DUSAGE, D3DPOOL reference pages; seed 003; the caps of the device's profile):
 *  1. ppTexture required (set to NULL on failure); pSharedHandle NULL (no sharing).
 *  2. Pool is one of the four D3DPOOL values.
 *  3. Usage holds only the usages of the resource type: textures RENDERTARGET, DEPTHSTENCIL,
 *     DYNAMIC, AUTOGENMIPMAP, DMAP, SOFTWAREPROCESSING; cube textures the same but DMAP; volume
 *     textures DYNAMIC and SOFTWAREPROCESSING.  Not both RENDERTARGET and DEPTHSTENCIL.
 *  4. D3DUSAGE_RENDERTARGET and D3DUSAGE_DEPTHSTENCIL only in D3DPOOL_DEFAULT; D3DUSAGE_DYNAMIC
 *     not in D3DPOOL_MANAGED and only with D3DCAPS2_DYNAMICTEXTURES; D3DUSAGE_AUTOGENMIPMAP not
 *     in D3DPOOL_SYSTEMMEM, not with DEPTHSTENCIL, and with Levels 0 or 1.
 *  5. The format: D3DPOOL_SCRATCH takes any format softd3d can lay out ("not bound by device
 *     size or format restrictions"); the other pools need CheckDeviceFormat of the profile to
 *     succeed for the resource type and the usages.  Its success code D3DOK_NOAUTOGEN (no
 *     profile has D3DCAPS2_CANAUTOGENMIPMAP) still creates the texture, with one level and no
 *     generation, as the CreateTexture remarks say.
 *  6. Levels: 0 means the full chain down to 1x1 when the profile mipmaps that type
 *     (D3DPTEXTURECAPS_MIPMAP, _MIPCUBEMAP, _MIPVOLUMEMAP), else 1; more levels than the chain
 *     has, or more than 1 without the mip cap, is D3DERR_INVALIDCALL.  AUTOGENMIPMAP textures
 *     have one level from the application's side.
 *  7. Sizes (not for SCRATCH), seed 003 through D3DCAPS9:
 *     2D: 1 <= Width <= MaxTextureWidth, 1 <= Height <= MaxTextureHeight (seed 003 row 1);
 *         D3DPTEXTURECAPS_SQUAREONLY: Width == Height (row 5); MaxTextureAspectRatio (nonzero):
 *         max(W,H) / min(W,H) <= it (row 2); D3DPTEXTURECAPS_POW2 (row 3): both sizes powers of
 *         two, unless D3DPTEXTURECAPS_NONPOW2CONDITIONAL (row 4) is also set, in which case a
 *         non-power-of-two texture is created when it has exactly one level (after Levels 0 is
 *         resolved: "MIP mapping is not in use").  The other conditions of row 4 — CLAMP
 *         addressing, no D3DRS_WRAPn, no mip filter, not DXT1-5 — concern how it is sampled,
 *         not whether it exists: the sampler handles every case correctly anyway, and
 *         ValidateDevice reports a setup that breaks them on a profile with the conditional cap
 *         (validate.c, through d3d9_texture_nonpow2()).  A profile without POW2 (max) creates
 *         any size with any number of levels.
 *     Cube: D3DPTEXTURECAPS_CUBEMAP; EdgeLength <= min(MaxTextureWidth, MaxTextureHeight);
 *         D3DPTEXTURECAPS_CUBEMAP_POW2: a power of two (the conditional rule is for 2D only).
 *     Volume: D3DPTEXTURECAPS_VOLUMEMAP; each size <= MaxVolumeExtent;
 *         D3DPTEXTURECAPS_VOLUMEMAP_POW2: powers of two.
 *     DXTn (every type): in D3DPOOL_DEFAULT the top level's width and height are multiples of
 *         4 (checked with rule 6; resource.c, d3d9_check_block_size).
 *  8. Memory: a resource is at most 1 GiB (GetAvailableTextureMem): D3DERR_OUTOFVIDEOMEMORY in
 *     D3DPOOL_DEFAULT, E_OUTOFMEMORY elsewhere.
 *
 * The textures' methods: GetLevelDesc / GetSurfaceLevel / GetCubeMapSurface / GetVolumeLevel /
 * LockRect / LockBox / AddDirty* take a level below GetLevelCount (and a face 0..5), else
 * D3DERR_INVALIDCALL.  SetLOD / GetLOD: managed textures only (others: SetLOD does nothing and
 * returns 0, GetLOD returns 0); the LOD is clamped to GetLevelCount() - 1 and SetLOD returns the
 * previous one.  SetAutoGenFilterType: D3DTEXF_NONE is D3DERR_INVALIDCALL, a filter the
 * profile's TextureFilterCaps lack too; on a texture without AUTOGENMIPMAP it has no effect.
 * GetAutoGenFilterType defaults to D3DTEXF_LINEAR.  GenerateMipSubLevels does nothing: no
 * profile generates mipmaps.  Dirty regions (UpdateTexture remarks): one bounding box of level 0
 * per face, grown by AddDirtyRect / AddDirtyBox (NULL: everything) and by locks without
 * D3DLOCK_READONLY or D3DLOCK_NO_DIRTY_UPDATE (the region scaled up to level 0).
 */
#include "d3d9/d3d9_resource.h"

#include <stdlib.h>
#include <string.h>

#include "softd3d_com_stubs.h"
#include "util/log.h"

static bool is_pow2(UINT v)
{
    return v && !(v & (v - 1));
}

/* Seed 003 row 4: a 2D texture (not cube or volume: the conditional support is for 2D
 * textures only) with a width or height that is not a power of two. */
bool d3d9_texture_nonpow2(const struct d3d9_texture *t)
{
    return t->r.type == D3DRTYPE_TEXTURE && (!is_pow2(t->width) || !is_pow2(t->height));
}

/* ------------------------------------------------------------------ dirty regions */

void d3d9_texture_add_dirty(struct d3d9_texture *t, UINT face, UINT level,
                            const struct d3d9_box *box)
{
    struct d3d9_box b, *d = &t->dirty_box[face];
    if (box) {
        /* Scale the level's box up to level 0 (UpdateTexture: "the corresponding (scaled)
         * rectangle"), clamped to level 0. */
        uint64_t l = (uint64_t)box->left << level, tp = (uint64_t)box->top << level;
        uint64_t r = (uint64_t)box->right << level, bt = (uint64_t)box->bottom << level;
        uint64_t f = (uint64_t)box->front << level, k = (uint64_t)box->back << level;
        b.left = (UINT)(l < t->width ? l : t->width);
        b.top = (UINT)(tp < t->height ? tp : t->height);
        b.right = (UINT)(r < t->width ? r : t->width);
        b.bottom = (UINT)(bt < t->height ? bt : t->height);
        b.front = (UINT)(f < t->depth ? f : t->depth);
        b.back = (UINT)(k < t->depth ? k : t->depth);
    } else {
        b = (struct d3d9_box){ 0, 0, t->width, t->height, 0, t->depth };
    }
    if (!t->dirty[face]) {
        *d = b;
        t->dirty[face] = true;
        return;
    }
    if (b.left < d->left) d->left = b.left;
    if (b.top < d->top) d->top = b.top;
    if (b.front < d->front) d->front = b.front;
    if (b.right > d->right) d->right = b.right;
    if (b.bottom > d->bottom) d->bottom = b.bottom;
    if (b.back > d->back) d->back = b.back;
}

/* ------------------------------------------------------------- common methods */

static void texture_destroy(struct d3d9_life *life)
{
    struct d3d9_texture *t = container_of(life, struct d3d9_texture, r.life);
    if (t->surfaces)
        for (UINT i = 0; i < t->levels * t->faces; i++)
            d3d9_resource_cleanup(&t->surfaces[i].r);
    if (t->volumes)
        for (UINT i = 0; i < t->levels; i++)
            d3d9_resource_cleanup(&t->volumes[i].r);
    free(t->surfaces);
    free(t->volumes);
    d3d9_resource_cleanup(&t->r);
    core_resource_destroy(t->storage);
    free(t);
}

static DWORD texture_set_lod(struct d3d9_texture *t, DWORD lod)
{
    DWORD old;
    if (t->r.pool != D3DPOOL_MANAGED)
        return 0;
    d3d9_device_lock(t->r.life.device);
    old = t->lod;
    t->lod = lod < t->levels ? lod : t->levels - 1;
    d3d9_device_unlock(t->r.life.device);
    return old;
}

static HRESULT texture_set_autogen_filter(struct d3d9_texture *t, D3DTEXTUREFILTERTYPE f)
{
    const D3DCAPS9 *caps = d3d9_device_caps(t->r.life.device);
    DWORD need;
    switch (f) {
    case D3DTEXF_POINT: need = D3DPTFILTERCAPS_MINFPOINT; break;
    case D3DTEXF_LINEAR: need = D3DPTFILTERCAPS_MINFLINEAR; break;
    case D3DTEXF_ANISOTROPIC: need = D3DPTFILTERCAPS_MINFANISOTROPIC; break;
    case D3DTEXF_PYRAMIDALQUAD: need = D3DPTFILTERCAPS_MINFPYRAMIDALQUAD; break;
    case D3DTEXF_GAUSSIANQUAD: need = D3DPTFILTERCAPS_MINFGAUSSIANQUAD; break;
    default:
        util_msg(false, "SetAutoGenFilterType: %u is not a minification filter", (unsigned)f);
        return D3DERR_INVALIDCALL;
    }
    if (!(caps->TextureFilterCaps & need)) {
        util_msg(false, "SetAutoGenFilterType: filter %u is not in the profile's "
                        "TextureFilterCaps", (unsigned)f);
        return D3DERR_INVALIDCALL;
    }
    if (t->r.usage & D3DUSAGE_AUTOGENMIPMAP)
        t->autogen_filter = f;
    return D3D_OK;
}

static HRESULT check_level(const struct d3d9_texture *t, const char *method, UINT level)
{
    if (level >= t->levels) {
        util_msg(false, "%s: level %u does not exist (%u levels)", method, level, t->levels);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

static HRESULT check_face(const char *method, D3DCUBEMAP_FACES face)
{
    if ((unsigned)face > D3DCUBEMAP_FACE_NEGATIVE_Z) {
        util_msg(false, "%s: %u is not a D3DCUBEMAP_FACES value", method, (unsigned)face);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

static HRESULT level_desc(struct d3d9_texture *t, const char *method, UINT level,
                          D3DSURFACE_DESC *desc)
{
    HRESULT hr;
    if (FAILED(hr = check_level(t, method, level)))
        return hr;
    if (!desc) {
        util_msg(false, "%s: pDesc is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    return IDirect3DSurface9_GetDesc(&t->surfaces[level].iface, desc);
}

static HRESULT get_surface(struct d3d9_texture *t, const char *method, UINT face, UINT level,
                           IDirect3DSurface9 **out)
{
    HRESULT hr;
    if (!out) {
        util_msg(false, "%s: ppSurfaceLevel is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    if (FAILED(hr = check_level(t, method, level)))
        return hr;
    *out = &t->surfaces[d3d9_texture_sub(t, level, face)].iface;
    IDirect3DSurface9_AddRef(*out);
    return D3D_OK;
}

static HRESULT lock_rect(struct d3d9_texture *t, const char *method, UINT face, UINT level,
                         D3DLOCKED_RECT *locked, const RECT *rect, DWORD flags)
{
    HRESULT hr;
    if (FAILED(hr = check_level(t, method, level))) {
        if (locked)
            memset(locked, 0, sizeof(*locked));
        return hr;
    }
    return d3d9_surface_lock(&t->surfaces[d3d9_texture_sub(t, level, face)], method, locked,
                             rect, flags);
}

static HRESULT unlock_rect(struct d3d9_texture *t, const char *method, UINT face, UINT level)
{
    HRESULT hr;
    if (FAILED(hr = check_level(t, method, level)))
        return hr;
    return d3d9_surface_unlock(&t->surfaces[d3d9_texture_sub(t, level, face)], method);
}

static HRESULT add_dirty_rect(struct d3d9_texture *t, const char *method, UINT face,
                              const RECT *rect)
{
    struct d3d9_box box;
    if (!rect) {
        d3d9_device_lock(t->r.life.device);
        d3d9_texture_add_dirty(t, face, 0, NULL);
        d3d9_device_unlock(t->r.life.device);
        return D3D_OK;
    }
    /* Any rectangle inside level 0; no block alignment needed for a dirty region. */
    if (rect->left < 0 || rect->top < 0 || rect->left >= rect->right ||
        rect->top >= rect->bottom || (UINT)rect->right > t->width ||
        (UINT)rect->bottom > t->height) {
        util_msg(false, "%s: the rectangle is empty or outside level 0", method);
        return D3DERR_INVALIDCALL;
    }
    box = (struct d3d9_box){ (UINT)rect->left, (UINT)rect->top, (UINT)rect->right,
                             (UINT)rect->bottom, 0, 1 };
    d3d9_device_lock(t->r.life.device);
    d3d9_texture_add_dirty(t, face, 0, &box);
    d3d9_device_unlock(t->r.life.device);
    return D3D_OK;
}

/* The IDirect3DBaseTexture9 methods for one interface type. */
#define TEXTURE_BASE_METHODS(prefix, Iface)                                                   \
    static DWORD STDMETHODCALLTYPE prefix##_SetLOD(Iface *iface, DWORD lod)                  \
    {                                                                                         \
        return texture_set_lod(prefix##_impl(iface), lod);                                   \
    }                                                                                         \
    static DWORD STDMETHODCALLTYPE prefix##_GetLOD(Iface *iface)                             \
    {                                                                                         \
        struct d3d9_texture *t = prefix##_impl(iface);                                       \
        return t->r.pool == D3DPOOL_MANAGED ? t->lod : 0;                                    \
    }                                                                                         \
    static DWORD STDMETHODCALLTYPE prefix##_GetLevelCount(Iface *iface)                      \
    {                                                                                         \
        return prefix##_impl(iface)->levels;                                                 \
    }                                                                                         \
    static HRESULT STDMETHODCALLTYPE prefix##_SetAutoGenFilterType(Iface *iface,             \
                                                                   D3DTEXTUREFILTERTYPE f)   \
    {                                                                                         \
        return texture_set_autogen_filter(prefix##_impl(iface), f);                          \
    }                                                                                         \
    static D3DTEXTUREFILTERTYPE STDMETHODCALLTYPE prefix##_GetAutoGenFilterType(Iface *iface)\
    {                                                                                         \
        return prefix##_impl(iface)->autogen_filter;                                         \
    }                                                                                         \
    static void STDMETHODCALLTYPE prefix##_GenerateMipSubLevels(Iface *iface)                \
    {                                                                                         \
        (void)iface; /* no profile generates mipmaps (D3DOK_NOAUTOGEN) */                    \
    }

#define TEXTURE_VTBL_COMMON(prefix)                                                           \
    .QueryInterface = prefix##_QueryInterface, .AddRef = prefix##_AddRef,                     \
    .Release = prefix##_Release, .GetDevice = prefix##_GetDevice,                             \
    .SetPrivateData = prefix##_SetPrivateData, .GetPrivateData = prefix##_GetPrivateData,     \
    .FreePrivateData = prefix##_FreePrivateData, .SetPriority = prefix##_SetPriority,         \
    .GetPriority = prefix##_GetPriority, .PreLoad = prefix##_PreLoad,                         \
    .GetType = prefix##_GetType, .SetLOD = prefix##_SetLOD, .GetLOD = prefix##_GetLOD,        \
    .GetLevelCount = prefix##_GetLevelCount,                                                  \
    .SetAutoGenFilterType = prefix##_SetAutoGenFilterType,                                    \
    .GetAutoGenFilterType = prefix##_GetAutoGenFilterType,                                    \
    .GenerateMipSubLevels = prefix##_GenerateMipSubLevels

/* ------------------------------------------------------------------ 2D textures */

static const GUID *const tex2d_iids[] = { &IID_IDirect3DResource9, &IID_IDirect3DBaseTexture9,
                                          &IID_IDirect3DTexture9, NULL };
D3D9_LIFE_IUNKNOWN(tex2d, IDirect3DTexture9, struct d3d9_texture, iface.tex, r.life, tex2d_iids)
D3D9_RESOURCE_METHODS(tex2d, IDirect3DTexture9, struct d3d9_texture, r)
TEXTURE_BASE_METHODS(tex2d, IDirect3DTexture9)

static HRESULT STDMETHODCALLTYPE tex2d_GetLevelDesc(IDirect3DTexture9 *iface, UINT level,
                                                    D3DSURFACE_DESC *desc)
{
    return level_desc(tex2d_impl(iface), "IDirect3DTexture9::GetLevelDesc", level, desc);
}

static HRESULT STDMETHODCALLTYPE tex2d_GetSurfaceLevel(IDirect3DTexture9 *iface, UINT level,
                                                       IDirect3DSurface9 **out)
{
    return get_surface(tex2d_impl(iface), "IDirect3DTexture9::GetSurfaceLevel", 0, level, out);
}

static HRESULT STDMETHODCALLTYPE tex2d_LockRect(IDirect3DTexture9 *iface, UINT level,
                                                D3DLOCKED_RECT *locked, const RECT *rect,
                                                DWORD flags)
{
    return lock_rect(tex2d_impl(iface), "IDirect3DTexture9::LockRect", 0, level, locked, rect,
                     flags);
}

static HRESULT STDMETHODCALLTYPE tex2d_UnlockRect(IDirect3DTexture9 *iface, UINT level)
{
    return unlock_rect(tex2d_impl(iface), "IDirect3DTexture9::UnlockRect", 0, level);
}

static HRESULT STDMETHODCALLTYPE tex2d_AddDirtyRect(IDirect3DTexture9 *iface, const RECT *rect)
{
    return add_dirty_rect(tex2d_impl(iface), "IDirect3DTexture9::AddDirtyRect", 0, rect);
}

static IDirect3DTexture9Vtbl tex2d_vtbl = {
    TEXTURE_VTBL_COMMON(tex2d),
    .GetLevelDesc = tex2d_GetLevelDesc,
    .GetSurfaceLevel = tex2d_GetSurfaceLevel,
    .LockRect = tex2d_LockRect,
    .UnlockRect = tex2d_UnlockRect,
    .AddDirtyRect = tex2d_AddDirtyRect,
};

/* ---------------------------------------------------------------- cube textures */

static const GUID *const cube_iids[] = { &IID_IDirect3DResource9, &IID_IDirect3DBaseTexture9,
                                         &IID_IDirect3DCubeTexture9, NULL };
D3D9_LIFE_IUNKNOWN(cube, IDirect3DCubeTexture9, struct d3d9_texture, iface.cube, r.life,
                   cube_iids)
D3D9_RESOURCE_METHODS(cube, IDirect3DCubeTexture9, struct d3d9_texture, r)
TEXTURE_BASE_METHODS(cube, IDirect3DCubeTexture9)

static HRESULT STDMETHODCALLTYPE cube_GetLevelDesc(IDirect3DCubeTexture9 *iface, UINT level,
                                                   D3DSURFACE_DESC *desc)
{
    return level_desc(cube_impl(iface), "IDirect3DCubeTexture9::GetLevelDesc", level, desc);
}

static HRESULT STDMETHODCALLTYPE cube_GetCubeMapSurface(IDirect3DCubeTexture9 *iface,
                                                        D3DCUBEMAP_FACES face, UINT level,
                                                        IDirect3DSurface9 **out)
{
    static const char method[] = "IDirect3DCubeTexture9::GetCubeMapSurface";
    HRESULT hr;
    if (FAILED(hr = check_face(method, face))) {
        if (out)
            *out = NULL;
        return hr;
    }
    return get_surface(cube_impl(iface), method, face, level, out);
}

static HRESULT STDMETHODCALLTYPE cube_LockRect(IDirect3DCubeTexture9 *iface,
                                               D3DCUBEMAP_FACES face, UINT level,
                                               D3DLOCKED_RECT *locked, const RECT *rect,
                                               DWORD flags)
{
    static const char method[] = "IDirect3DCubeTexture9::LockRect";
    HRESULT hr;
    if (FAILED(hr = check_face(method, face))) {
        if (locked)
            memset(locked, 0, sizeof(*locked));
        return hr;
    }
    return lock_rect(cube_impl(iface), method, face, level, locked, rect, flags);
}

static HRESULT STDMETHODCALLTYPE cube_UnlockRect(IDirect3DCubeTexture9 *iface,
                                                 D3DCUBEMAP_FACES face, UINT level)
{
    static const char method[] = "IDirect3DCubeTexture9::UnlockRect";
    HRESULT hr;
    if (FAILED(hr = check_face(method, face)))
        return hr;
    return unlock_rect(cube_impl(iface), method, face, level);
}

static HRESULT STDMETHODCALLTYPE cube_AddDirtyRect(IDirect3DCubeTexture9 *iface,
                                                   D3DCUBEMAP_FACES face, const RECT *rect)
{
    static const char method[] = "IDirect3DCubeTexture9::AddDirtyRect";
    HRESULT hr;
    if (FAILED(hr = check_face(method, face)))
        return hr;
    return add_dirty_rect(cube_impl(iface), method, face, rect);
}

static IDirect3DCubeTexture9Vtbl cube_vtbl = {
    TEXTURE_VTBL_COMMON(cube),
    .GetLevelDesc = cube_GetLevelDesc,
    .GetCubeMapSurface = cube_GetCubeMapSurface,
    .LockRect = cube_LockRect,
    .UnlockRect = cube_UnlockRect,
    .AddDirtyRect = cube_AddDirtyRect,
};

/* ------------------------------------------------------------------- volumes */

static const GUID *const volume_iids[] = { &IID_IDirect3DVolume9, NULL };
D3D9_LIFE_IUNKNOWN(volume, IDirect3DVolume9, struct d3d9_volume, iface, r.life, volume_iids)

static HRESULT STDMETHODCALLTYPE volume_GetDevice(IDirect3DVolume9 *iface,
                                                  IDirect3DDevice9 **out)
{
    return d3d9_resource_get_device(&volume_impl(iface)->r, out);
}

static HRESULT STDMETHODCALLTYPE volume_SetPrivateData(IDirect3DVolume9 *iface, REFGUID guid,
                                                       const void *data, DWORD size, DWORD flags)
{
    return d3d9_resource_set_private_data(&volume_impl(iface)->r, guid, data, size, flags);
}

static HRESULT STDMETHODCALLTYPE volume_GetPrivateData(IDirect3DVolume9 *iface, REFGUID guid,
                                                       void *data, DWORD *size)
{
    return d3d9_resource_get_private_data(&volume_impl(iface)->r, guid, data, size);
}

static HRESULT STDMETHODCALLTYPE volume_FreePrivateData(IDirect3DVolume9 *iface, REFGUID guid)
{
    return d3d9_resource_free_private_data(&volume_impl(iface)->r, guid);
}

static HRESULT STDMETHODCALLTYPE volume_GetContainer(IDirect3DVolume9 *iface, REFIID riid,
                                                     void **out)
{
    if (!out) {
        util_msg(false, "IDirect3DVolume9::GetContainer: ppContainer is NULL");
        return D3DERR_INVALIDCALL;
    }
    return IDirect3DBaseTexture9_QueryInterface(&volume_impl(iface)->texture->iface.base, riid,
                                                out);
}

static HRESULT STDMETHODCALLTYPE volume_GetDesc(IDirect3DVolume9 *iface, D3DVOLUME_DESC *desc)
{
    struct d3d9_volume *v = volume_impl(iface);
    if (!desc) {
        util_msg(false, "IDirect3DVolume9::GetDesc: pDesc is NULL");
        return D3DERR_INVALIDCALL;
    }
    desc->Format = v->texture->format;
    desc->Type = D3DRTYPE_VOLUME;
    desc->Usage = v->r.usage;
    desc->Pool = v->r.pool;
    desc->Width = v->width;
    desc->Height = v->height;
    desc->Depth = v->depth;
    return D3D_OK;
}

static HRESULT volume_lock(struct d3d9_volume *v, const char *method, D3DLOCKED_BOX *locked,
                           const D3DBOX *box, DWORD flags)
{
    const DWORD allowed = D3DLOCK_READONLY | D3DLOCK_DISCARD | D3DLOCK_NOSYSLOCK |
                          D3DLOCK_NO_DIRTY_UPDATE;
    struct d3d9_texture *t = v->texture;
    struct d3d9_device *dev = t->r.life.device;
    const core_subresource *cs = &t->storage->sub[v->sub];
    struct d3d9_box b;
    HRESULT hr;

    if (!locked) {
        util_msg(false, "%s: pLockedVolume is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    memset(locked, 0, sizeof(*locked));
    if (flags & ~allowed) {
        util_msg(false, "%s: Flags 0x%x are not volume lock flags", method,
                 (unsigned)(flags & ~allowed));
        return D3DERR_INVALIDCALL;
    }
    if (t->r.pool == D3DPOOL_DEFAULT && !(t->r.usage & D3DUSAGE_DYNAMIC)) {
        util_msg(false, "%s: a D3DPOOL_DEFAULT texture without D3DUSAGE_DYNAMIC cannot be locked",
                 method);
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = d3d9_lock_region(method, t->cfmt, t->r.pool, v->width, v->height, v->depth,
                                     NULL, box, &b)))
        return hr;
    d3d9_device_lock(dev);
    if (v->locked) {
        d3d9_device_unlock(dev);
        util_msg(false, "%s: the volume is already locked", method);
        return D3DERR_INVALIDCALL;
    }
    v->locked = true;
    if (!(flags & (D3DLOCK_READONLY | D3DLOCK_NO_DIRTY_UPDATE)))
        d3d9_texture_add_dirty(t, 0, v->level, &b);
    d3d9_device_unlock(dev);
    locked->RowPitch = (INT)cs->row_pitch;
    locked->SlicePitch = (INT)cs->depth_pitch;
    locked->pBits = d3d9_sub_address(t->storage, v->sub, t->cfmt, b.left, b.top, b.front);
    return D3D_OK;
}

static HRESULT volume_unlock(struct d3d9_volume *v, const char *method)
{
    struct d3d9_device *dev = v->texture->r.life.device;
    HRESULT hr = D3D_OK;
    d3d9_device_lock(dev);
    if (!v->locked) {
        util_msg(false, "%s: the volume is not locked", method);
        hr = D3DERR_INVALIDCALL;
    }
    v->locked = false;
    d3d9_device_unlock(dev);
    return hr;
}

static HRESULT STDMETHODCALLTYPE volume_LockBox(IDirect3DVolume9 *iface, D3DLOCKED_BOX *locked,
                                                const D3DBOX *box, DWORD flags)
{
    return volume_lock(volume_impl(iface), "IDirect3DVolume9::LockBox", locked, box, flags);
}

static HRESULT STDMETHODCALLTYPE volume_UnlockBox(IDirect3DVolume9 *iface)
{
    return volume_unlock(volume_impl(iface), "IDirect3DVolume9::UnlockBox");
}

static IDirect3DVolume9Vtbl volume_vtbl = {
    .QueryInterface = volume_QueryInterface,
    .AddRef = volume_AddRef,
    .Release = volume_Release,
    .GetDevice = volume_GetDevice,
    .SetPrivateData = volume_SetPrivateData,
    .GetPrivateData = volume_GetPrivateData,
    .FreePrivateData = volume_FreePrivateData,
    .GetContainer = volume_GetContainer,
    .GetDesc = volume_GetDesc,
    .LockBox = volume_LockBox,
    .UnlockBox = volume_UnlockBox,
};

/* -------------------------------------------------------------- volume textures */

static const GUID *const vol_iids[] = { &IID_IDirect3DResource9, &IID_IDirect3DBaseTexture9,
                                        &IID_IDirect3DVolumeTexture9, NULL };
D3D9_LIFE_IUNKNOWN(vol, IDirect3DVolumeTexture9, struct d3d9_texture, iface.vol, r.life, vol_iids)
D3D9_RESOURCE_METHODS(vol, IDirect3DVolumeTexture9, struct d3d9_texture, r)
TEXTURE_BASE_METHODS(vol, IDirect3DVolumeTexture9)

static HRESULT STDMETHODCALLTYPE vol_GetLevelDesc(IDirect3DVolumeTexture9 *iface, UINT level,
                                                  D3DVOLUME_DESC *desc)
{
    static const char method[] = "IDirect3DVolumeTexture9::GetLevelDesc";
    struct d3d9_texture *t = vol_impl(iface);
    HRESULT hr;
    if (FAILED(hr = check_level(t, method, level)))
        return hr;
    return IDirect3DVolume9_GetDesc(&t->volumes[level].iface, desc);
}

static HRESULT STDMETHODCALLTYPE vol_GetVolumeLevel(IDirect3DVolumeTexture9 *iface, UINT level,
                                                    IDirect3DVolume9 **out)
{
    static const char method[] = "IDirect3DVolumeTexture9::GetVolumeLevel";
    struct d3d9_texture *t = vol_impl(iface);
    HRESULT hr;
    if (!out) {
        util_msg(false, "%s: ppVolumeLevel is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    if (FAILED(hr = check_level(t, method, level)))
        return hr;
    *out = &t->volumes[level].iface;
    IDirect3DVolume9_AddRef(*out);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE vol_LockBox(IDirect3DVolumeTexture9 *iface, UINT level,
                                             D3DLOCKED_BOX *locked, const D3DBOX *box,
                                             DWORD flags)
{
    static const char method[] = "IDirect3DVolumeTexture9::LockBox";
    struct d3d9_texture *t = vol_impl(iface);
    HRESULT hr;
    if (FAILED(hr = check_level(t, method, level))) {
        if (locked)
            memset(locked, 0, sizeof(*locked));
        return hr;
    }
    return volume_lock(&t->volumes[level], method, locked, box, flags);
}

static HRESULT STDMETHODCALLTYPE vol_UnlockBox(IDirect3DVolumeTexture9 *iface, UINT level)
{
    static const char method[] = "IDirect3DVolumeTexture9::UnlockBox";
    struct d3d9_texture *t = vol_impl(iface);
    HRESULT hr;
    if (FAILED(hr = check_level(t, method, level)))
        return hr;
    return volume_unlock(&t->volumes[level], method);
}

static HRESULT STDMETHODCALLTYPE vol_AddDirtyBox(IDirect3DVolumeTexture9 *iface, const D3DBOX *box)
{
    static const char method[] = "IDirect3DVolumeTexture9::AddDirtyBox";
    struct d3d9_texture *t = vol_impl(iface);
    struct d3d9_box b;
    if (box) {
        if (box->Left >= box->Right || box->Top >= box->Bottom || box->Front >= box->Back ||
            box->Right > t->width || box->Bottom > t->height || box->Back > t->depth) {
            util_msg(false, "%s: the box is empty or outside level 0", method);
            return D3DERR_INVALIDCALL;
        }
        b = (struct d3d9_box){ box->Left, box->Top, box->Right, box->Bottom, box->Front,
                               box->Back };
    }
    d3d9_device_lock(t->r.life.device);
    d3d9_texture_add_dirty(t, 0, 0, box ? &b : NULL);
    d3d9_device_unlock(t->r.life.device);
    return D3D_OK;
}

static IDirect3DVolumeTexture9Vtbl vol_vtbl = {
    TEXTURE_VTBL_COMMON(vol),
    .GetLevelDesc = vol_GetLevelDesc,
    .GetVolumeLevel = vol_GetVolumeLevel,
    .LockBox = vol_LockBox,
    .UnlockBox = vol_UnlockBox,
    .AddDirtyBox = vol_AddDirtyBox,
};

struct d3d9_texture *d3d9_texture_from_base(IDirect3DBaseTexture9 *iface)
{
    const void *vtbl;
    if (!iface)
        return NULL;
    vtbl = iface->lpVtbl;
    if (vtbl != (const void *)&tex2d_vtbl && vtbl != (const void *)&cube_vtbl &&
        vtbl != (const void *)&vol_vtbl)
        return NULL;
    return container_of(iface, struct d3d9_texture, iface.base);
}

/* ------------------------------------------------------------------ creation */

struct texture_request {
    D3DRESOURCETYPE type;            /* TEXTURE, CUBETEXTURE, VOLUMETEXTURE */
    UINT width, height, depth, levels;
    DWORD usage;
    D3DFORMAT format;
    D3DPOOL pool;
};

static const char *type_method(D3DRESOURCETYPE type)
{
    return type == D3DRTYPE_TEXTURE       ? "CreateTexture"
           : type == D3DRTYPE_CUBETEXTURE ? "CreateCubeTexture"
                                          : "CreateVolumeTexture";
}

/* Rules 2-7 of the header; fills req->levels with the level count to create. */
static HRESULT validate_texture(const struct d3d9_device *dev, struct texture_request *req)
{
    const char *method = type_method(req->type);
    const D3DCAPS9 *caps = &dev->profile->caps;
    const DWORD tex_usages = D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_DYNAMIC |
                             D3DUSAGE_AUTOGENMIPMAP | D3DUSAGE_DMAP |
                             D3DUSAGE_SOFTWAREPROCESSING;
    DWORD valid = req->type == D3DRTYPE_TEXTURE       ? tex_usages
                  : req->type == D3DRTYPE_CUBETEXTURE ? tex_usages & ~(DWORD)D3DUSAGE_DMAP
                                                      : D3DUSAGE_DYNAMIC |
                                                            D3DUSAGE_SOFTWAREPROCESSING;
    DWORD mipcap = req->type == D3DRTYPE_TEXTURE       ? D3DPTEXTURECAPS_MIPMAP
                   : req->type == D3DRTYPE_CUBETEXTURE ? D3DPTEXTURECAPS_MIPCUBEMAP
                                                       : D3DPTEXTURECAPS_MIPVOLUMEMAP;
    bool scratch = req->pool == D3DPOOL_SCRATCH, autogen = false;
    UINT w = req->width, h = req->height, d = req->depth, chain;
    char buf[32];
    HRESULT hr;

    if ((unsigned)req->pool > D3DPOOL_SCRATCH) {
        util_msg(false, "%s: %u is not a D3DPOOL", method, (unsigned)req->pool);
        return D3DERR_INVALIDCALL;
    }
    if (req->usage & ~valid) {
        util_msg(false, "%s: Usage bits 0x%x are not valid here", method,
                 (unsigned)(req->usage & ~valid));
        return D3DERR_INVALIDCALL;
    }
    if ((req->usage & D3DUSAGE_RENDERTARGET) && (req->usage & D3DUSAGE_DEPTHSTENCIL)) {
        util_msg(false, "%s: D3DUSAGE_RENDERTARGET and D3DUSAGE_DEPTHSTENCIL exclude each other",
                 method);
        return D3DERR_INVALIDCALL;
    }
    if ((req->usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL)) &&
        req->pool != D3DPOOL_DEFAULT) {
        util_msg(false, "%s: D3DUSAGE_RENDERTARGET and D3DUSAGE_DEPTHSTENCIL need D3DPOOL_DEFAULT "
                        "(D3DUSAGE)", method);
        return D3DERR_INVALIDCALL;
    }
    if (req->usage & D3DUSAGE_DYNAMIC) {
        if (req->pool == D3DPOOL_MANAGED) {
            util_msg(false, "%s: D3DUSAGE_DYNAMIC cannot be used with D3DPOOL_MANAGED", method);
            return D3DERR_INVALIDCALL;
        }
        if (!(caps->Caps2 & D3DCAPS2_DYNAMICTEXTURES)) {
            util_msg(false, "%s: profile %s has no dynamic textures (D3DCAPS2_DYNAMICTEXTURES)",
                     method, dev->profile->name);
            return D3DERR_INVALIDCALL;
        }
    }
    if (req->usage & D3DUSAGE_AUTOGENMIPMAP) {
        if (req->pool == D3DPOOL_SYSTEMMEM || (req->usage & D3DUSAGE_DEPTHSTENCIL)) {
            util_msg(false, "%s: D3DUSAGE_AUTOGENMIPMAP is not valid in D3DPOOL_SYSTEMMEM nor for "
                            "depth-stencil textures (D3DUSAGE)", method);
            return D3DERR_INVALIDCALL;
        }
        if (req->levels > 1) {
            util_msg(false, "%s: D3DUSAGE_AUTOGENMIPMAP textures have Levels 0 or 1 (got %u)",
                     method, req->levels);
            return D3DERR_INVALIDCALL;
        }
        autogen = true;
    }

    /* Rule 5: the format. */
    if (scratch) {
        if (!d3d9_core_format(req->format) || req->format == D3DFMT_INDEX16 ||
            req->format == D3DFMT_INDEX32) {
            util_msg(false, "%s: %s is not a texture format", method,
                     d3d9_format_name(req->format, buf, sizeof(buf)));
            return D3DERR_INVALIDCALL;
        }
    } else {
        DWORD check = req->usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL |
                                    D3DUSAGE_DYNAMIC | D3DUSAGE_AUTOGENMIPMAP | D3DUSAGE_DMAP |
                                    D3DUSAGE_SOFTWAREPROCESSING);
        hr = d3d9_check_device_format(dev->profile, D3DFMT_X8R8G8B8, check, req->type,
                                      req->format);
        if (FAILED(hr)) {
            util_msg(false, "%s: %s cannot be used so on profile %s (CheckDeviceFormat)", method,
                     d3d9_format_name(req->format, buf, sizeof(buf)), dev->profile->name);
            return D3DERR_INVALIDCALL;
        }
        if (!d3d9_core_format(req->format)) {
            util_msg(false, "%s: softd3d cannot store %s", method,
                     d3d9_format_name(req->format, buf, sizeof(buf)));
            return D3DERR_INVALIDCALL;
        }
    }

    /* Rule 6: levels. */
    if (!w || !h || !d) {
        util_msg(false, "%s: sizes must be nonzero (%ux%ux%u)", method, w, h, d);
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = d3d9_check_block_size(method, req->format, req->pool, w, h)))
        return hr;
    chain = core_mip_chain_length(w, h, d);
    if (autogen) {
        req->levels = 1;
    } else if (req->levels == 0) {
        req->levels = (scratch || (caps->TextureCaps & mipcap)) ? chain : 1;
    } else if (req->levels > chain) {
        util_msg(false, "%s: %u levels asked, a %ux%ux%u texture has %u", method, req->levels, w,
                 h, d, chain);
        return D3DERR_INVALIDCALL;
    } else if (req->levels > 1 && !scratch && !(caps->TextureCaps & mipcap)) {
        util_msg(false, "%s: profile %s does not mipmap this texture type", method,
                 dev->profile->name);
        return D3DERR_INVALIDCALL;
    }
    if (scratch)
        return D3D_OK;

    /* Rule 7: sizes, seed 003 through the caps. */
    if (req->type == D3DRTYPE_TEXTURE) {
        UINT big = w > h ? w : h, small = w > h ? h : w;
        if (w > caps->MaxTextureWidth || h > caps->MaxTextureHeight) {
            util_msg(false, "%s: %ux%u exceeds MaxTextureWidth x MaxTextureHeight %ux%u on "
                            "profile %s (seed 003 row 1)", method, w, h,
                     (unsigned)caps->MaxTextureWidth, (unsigned)caps->MaxTextureHeight,
                     dev->profile->name);
            return D3DERR_INVALIDCALL;
        }
        if ((caps->TextureCaps & D3DPTEXTURECAPS_SQUAREONLY) && w != h) {
            util_msg(false, "%s: profile %s has D3DPTEXTURECAPS_SQUAREONLY (seed 003 row 5)",
                     method, dev->profile->name);
            return D3DERR_INVALIDCALL;
        }
        if (caps->MaxTextureAspectRatio && big / small > caps->MaxTextureAspectRatio) {
            util_msg(false, "%s: aspect ratio %u exceeds MaxTextureAspectRatio %u (seed 003 "
                            "row 2)", method, big / small, (unsigned)caps->MaxTextureAspectRatio);
            return D3DERR_INVALIDCALL;
        }
        if ((caps->TextureCaps & D3DPTEXTURECAPS_POW2) && (!is_pow2(w) || !is_pow2(h))) {
            if (!(caps->TextureCaps & D3DPTEXTURECAPS_NONPOW2CONDITIONAL)) {
                util_msg(false, "%s: %ux%u: profile %s has only power-of-two textures "
                                "(D3DPTEXTURECAPS_POW2, seed 003 row 3)", method, w, h,
                         dev->profile->name);
                return D3DERR_INVALIDCALL;
            }
            if (req->levels != 1) {
                util_msg(false, "%s: %ux%u with %u levels: profile %s has non-power-of-two "
                                "textures only without mipmaps "
                                "(D3DPTEXTURECAPS_NONPOW2CONDITIONAL, seed 003 row 4)",
                         method, w, h, req->levels, dev->profile->name);
                return D3DERR_INVALIDCALL;
            }
        }
    } else if (req->type == D3DRTYPE_CUBETEXTURE) {
        UINT max = caps->MaxTextureWidth < caps->MaxTextureHeight ? caps->MaxTextureWidth
                                                                  : caps->MaxTextureHeight;
        if (w > max) {
            util_msg(false, "%s: EdgeLength %u exceeds %u on profile %s", method, w, max,
                     dev->profile->name);
            return D3DERR_INVALIDCALL;
        }
        if ((caps->TextureCaps & D3DPTEXTURECAPS_CUBEMAP_POW2) && !is_pow2(w)) {
            util_msg(false, "%s: EdgeLength %u: profile %s has only power-of-two cube textures "
                            "(D3DPTEXTURECAPS_CUBEMAP_POW2)", method, w, dev->profile->name);
            return D3DERR_INVALIDCALL;
        }
    } else {
        if (w > caps->MaxVolumeExtent || h > caps->MaxVolumeExtent ||
            d > caps->MaxVolumeExtent) {
            util_msg(false, "%s: %ux%ux%u exceeds MaxVolumeExtent %u on profile %s", method, w,
                     h, d, (unsigned)caps->MaxVolumeExtent, dev->profile->name);
            return D3DERR_INVALIDCALL;
        }
        if ((caps->TextureCaps & D3DPTEXTURECAPS_VOLUMEMAP_POW2) &&
            (!is_pow2(w) || !is_pow2(h) || !is_pow2(d))) {
            util_msg(false, "%s: %ux%ux%u: profile %s has only power-of-two volume textures "
                            "(D3DPTEXTURECAPS_VOLUMEMAP_POW2)", method, w, h, d,
                     dev->profile->name);
            return D3DERR_INVALIDCALL;
        }
    }
    return D3D_OK;
}

static HRESULT create_texture(struct d3d9_device *dev, struct texture_request *req,
                              HANDLE *shared, void **out)
{
    const char *method = type_method(req->type);
    core_resource_desc desc = { 0 };
    struct d3d9_texture *t;
    HRESULT hr;
    UINT count;

    if (!out) {
        util_msg(false, "%s: ppTexture is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    if (shared) {
        util_msg(false, "%s: pSharedHandle must be NULL (shared resources are not implemented)",
                 method);
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = validate_texture(dev, req)))
        return hr;

    desc.dim = req->type == D3DRTYPE_VOLUMETEXTURE ? CORE_RES_TEX3D : CORE_RES_TEX2D;
    desc.flags = req->type == D3DRTYPE_CUBETEXTURE ? CORE_RES_CUBE : 0;
    desc.format = d3d9_core_format(req->format);
    desc.width = req->width;
    desc.height = req->height;
    desc.depth = req->depth;
    desc.mip_levels = req->levels;
    desc.array_size = req->type == D3DRTYPE_CUBETEXTURE ? 6 : 1;
    if (!(t = calloc(1, sizeof(*t)))) {
        util_msg(false, "%s: out of memory", method);
        return E_OUTOFMEMORY;
    }
    if (FAILED(hr = d3d9_storage_create(method, &desc, req->pool, &t->storage))) {
        free(t);
        return hr;
    }
    t->format = req->format;
    t->cfmt = desc.format;
    t->width = req->width;
    t->height = req->height;
    t->depth = req->depth;
    t->levels = req->levels;
    t->faces = desc.array_size;
    t->autogen_filter = D3DTEXF_LINEAR;
    count = req->type == D3DRTYPE_VOLUMETEXTURE ? t->levels : t->levels * t->faces;
    if (req->type == D3DRTYPE_VOLUMETEXTURE)
        t->volumes = calloc(count, sizeof(*t->volumes));
    else
        t->surfaces = calloc(count, sizeof(*t->surfaces));
    if (!t->volumes && !t->surfaces) {
        core_resource_destroy(t->storage);
        free(t);
        util_msg(false, "%s: out of memory", method);
        return E_OUTOFMEMORY;
    }
    switch (req->type) {
    case D3DRTYPE_TEXTURE: t->iface.tex.lpVtbl = &tex2d_vtbl; break;
    case D3DRTYPE_CUBETEXTURE: t->iface.cube.lpVtbl = &cube_vtbl; break;
    default: t->iface.vol.lpVtbl = &vol_vtbl; break;
    }
    d3d9_resource_init(&t->r, dev, req->type, req->pool, req->usage, texture_destroy, false);
    if (req->type == D3DRTYPE_VOLUMETEXTURE) {
        for (UINT l = 0; l < t->levels; l++) {
            struct d3d9_volume *v = &t->volumes[l];
            const core_subresource *cs = &t->storage->sub[l];
            v->iface.lpVtbl = &volume_vtbl;
            d3d9_resource_init_child(&v->r, &t->r, D3DRTYPE_VOLUME);
            v->texture = t;
            v->sub = l;
            v->level = l;
            v->width = cs->width;
            v->height = cs->height;
            v->depth = cs->depth;
        }
    } else {
        for (UINT f = 0; f < t->faces; f++)
            for (UINT l = 0; l < t->levels; l++)
                d3d9_surface_init_texture_level(&t->surfaces[d3d9_texture_sub(t, l, f)], t, l, f,
                                                d3d9_texture_sub(t, l, f));
    }
    /* A new texture is dirty everywhere: nothing has been copied from it yet. */
    for (UINT f = 0; f < t->faces; f++)
        d3d9_texture_add_dirty(t, f, 0, NULL);
    *out = &t->iface.base;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_CreateTexture(IDirect3DDevice9 *iface, UINT width,
                                                      UINT height, UINT levels, DWORD usage,
                                                      D3DFORMAT format, D3DPOOL pool,
                                                      IDirect3DTexture9 **out, HANDLE *shared)
{
    struct texture_request req = { D3DRTYPE_TEXTURE, width, height, 1, levels, usage, format,
                                   pool };
    return create_texture(d3d9_device_from_iface(iface), &req, shared, (void **)out);
}

static HRESULT STDMETHODCALLTYPE device_CreateCubeTexture(IDirect3DDevice9 *iface, UINT edge,
                                                          UINT levels, DWORD usage,
                                                          D3DFORMAT format, D3DPOOL pool,
                                                          IDirect3DCubeTexture9 **out,
                                                          HANDLE *shared)
{
    struct texture_request req = { D3DRTYPE_CUBETEXTURE, edge, edge, 1, levels, usage, format,
                                   pool };
    return create_texture(d3d9_device_from_iface(iface), &req, shared, (void **)out);
}

static HRESULT STDMETHODCALLTYPE device_CreateVolumeTexture(IDirect3DDevice9 *iface, UINT width,
                                                            UINT height, UINT depth, UINT levels,
                                                            DWORD usage, D3DFORMAT format,
                                                            D3DPOOL pool,
                                                            IDirect3DVolumeTexture9 **out,
                                                            HANDLE *shared)
{
    struct texture_request req = { D3DRTYPE_VOLUMETEXTURE, width, height, depth, levels, usage,
                                   format, pool };
    return create_texture(d3d9_device_from_iface(iface), &req, shared, (void **)out);
}

void d3d9_texture_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    v->CreateTexture = device_CreateTexture;
    v->CreateCubeTexture = device_CreateCubeTexture;
    v->CreateVolumeTexture = device_CreateVolumeTexture;
    comgen_fill_IDirect3DTexture9(&tex2d_vtbl);
    comgen_fill_IDirect3DCubeTexture9(&cube_vtbl);
    comgen_fill_IDirect3DVolumeTexture9(&vol_vtbl);
    comgen_fill_IDirect3DVolume9(&volume_vtbl);
}
