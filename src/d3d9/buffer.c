/* src/d3d9/buffer.c — IDirect3DVertexBuffer9, IDirect3DIndexBuffer9, CreateVertexBuffer and
 * CreateIndexBuffer.
 *
 * Creation (CreateVertexBuffer, CreateIndexBuffer, D3DUSAGE, D3DPOOL reference pages):
 *   - ppVertexBuffer / ppIndexBuffer required (NULL on failure); pSharedHandle NULL;
 *   - Length nonzero; for a vertex buffer with a nonzero FVF, the FVF must be valid and Length
 *     "large enough to contain at least one vertex" (it need not be a multiple of the vertex
 *     size; Length is not checked against anything for FVF 0);
 *   - Pool DEFAULT, MANAGED or SYSTEMMEM: D3DPOOL_SCRATCH resources "cannot be accessed by the
 *     Direct3D device", which a buffer exists for — D3DERR_INVALIDCALL;
 *   - Usage among WRITEONLY, DYNAMIC, SOFTWAREPROCESSING, DONOTCLIP, POINTS, RTPATCHES,
 *     NPATCHES; RENDERTARGET / DEPTHSTENCIL and anything else D3DERR_INVALIDCALL;
 *     D3DUSAGE_DYNAMIC not with D3DPOOL_MANAGED ("Managed vertex-buffer or index-buffer resources
 *     cannot be declared dynamic"); RTPATCHES / NPATCHES only when the profile has
 *     D3DDEVCAPS_RTPATCHES / D3DDEVCAPS_NPATCHES;
 *   - index buffers: D3DFMT_INDEX16, or D3DFMT_INDEX32 when MaxVertexIndex > 0xFFFF (the
 *     CheckDeviceFormat rule: not at 9_1); any other format D3DERR_INVALIDCALL;
 *   - a buffer is at most 1 GiB (D3DERR_OUTOFVIDEOMEMORY in D3DPOOL_DEFAULT, else E_OUTOFMEMORY).
 * Seed 002 — software vertex processing: "vertex buffers used for software vertex processing
 * must be allocated in system memory".  D3DUSAGE_SOFTWAREPROCESSING is how an application asks
 * for that on a mixed device (D3DUSAGE: "the vertex buffer is to be used with software vertex
 * processing"); on a software device every buffer is in system memory (DEFAULT means "the pool
 * most appropriate for the usages").  So a buffer records software_ok = software device ||
 * D3DUSAGE_SOFTWAREPROCESSING || D3DPOOL_SYSTEMMEM, and the draw path refuses, in software mode
 * of a mixed device, a stream or index buffer without it.
 *
 * Locking (Lock reference pages, D3DLOCK):
 *   - ppbData required; on failure *ppbData is NULL;
 *   - OffsetToLock and SizeToLock 0 lock the whole buffer; SizeToLock 0 with an offset locks to
 *     the end; OffsetToLock + SizeToLock beyond Size (or an offset at or past Size with a nonzero
 *     size) is D3DERR_INVALIDCALL;
 *   - Flags among READONLY, DISCARD, NOOVERWRITE, NOSYSLOCK, DONOTWAIT, NO_DIRTY_UPDATE;
 *     DISCARD and NOOVERWRITE are "valid only on vertex buffers created with D3DUSAGE_DYNAMIC"
 *     — elsewhere the retail runtime ignores them, and so does softd3d (message under
 *     SOFTD3D_DEBUG); DISCARD keeps the memory and its content (undefined is allowed);
 *   - locks nest: each Lock returns a pointer, each Unlock undoes one; Unlock of an unlocked
 *     buffer is D3DERR_INVALIDCALL.
 */
#include "d3d9/d3d9_resource.h"

#include <stdlib.h>
#include <string.h>

#include "softd3d_com_stubs.h"
#include "util/log.h"

static void buffer_destroy(struct d3d9_life *life)
{
    struct d3d9_buffer *b = container_of(life, struct d3d9_buffer, r.life);
    d3d9_resource_cleanup(&b->r);
    core_resource_destroy(b->storage);
    free(b);
}

static HRESULT buffer_lock(struct d3d9_buffer *b, const char *method, UINT offset, UINT size,
                           void **data, DWORD flags)
{
    const DWORD allowed = D3DLOCK_READONLY | D3DLOCK_DISCARD | D3DLOCK_NOOVERWRITE |
                          D3DLOCK_NOSYSLOCK | D3DLOCK_DONOTWAIT | D3DLOCK_NO_DIRTY_UPDATE;
    struct d3d9_device *dev = b->r.life.device;
    if (!data) {
        util_msg(false, "%s: ppbData is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    *data = NULL;
    if (flags & ~allowed) {
        util_msg(false, "%s: Flags 0x%x are not lock flags", method,
                 (unsigned)(flags & ~allowed));
        return D3DERR_INVALIDCALL;
    }
    if (offset > b->size || (uint64_t)offset + size > b->size ||
        (offset == b->size && size)) {
        util_msg(false, "%s: OffsetToLock %u + SizeToLock %u exceeds the buffer's %u bytes",
                 method, offset, size, b->size);
        return D3DERR_INVALIDCALL;
    }
    if ((flags & (D3DLOCK_DISCARD | D3DLOCK_NOOVERWRITE)) && !(b->r.usage & D3DUSAGE_DYNAMIC))
        util_msg(false, "%s: D3DLOCK_DISCARD / D3DLOCK_NOOVERWRITE on a buffer without "
                        "D3DUSAGE_DYNAMIC are ignored (D3DUSAGE)", method);
    d3d9_device_lock_state(dev);
    b->lock_count++;
    d3d9_device_unlock(dev);
    *data = d3d9_buffer_data(b) + offset;
    return D3D_OK;
}

static HRESULT buffer_unlock(struct d3d9_buffer *b, const char *method)
{
    struct d3d9_device *dev = b->r.life.device;
    HRESULT hr = D3D_OK;
    d3d9_device_lock_state(dev);
    if (!b->lock_count) {
        util_msg(false, "%s: the buffer is not locked", method);
        hr = D3DERR_INVALIDCALL;
    } else {
        b->lock_count--;
    }
    d3d9_device_unlock(dev);
    return hr;
}

/* ---------------------------------------------------------------- vertex buffers */

static const GUID *const vb_iids[] = { &IID_IDirect3DResource9, &IID_IDirect3DVertexBuffer9,
                                       NULL };
D3D9_LIFE_IUNKNOWN(vb, IDirect3DVertexBuffer9, struct d3d9_buffer, iface.vb, r.life, vb_iids)
D3D9_RESOURCE_METHODS(vb, IDirect3DVertexBuffer9, struct d3d9_buffer, r)

static HRESULT STDMETHODCALLTYPE vb_Lock(IDirect3DVertexBuffer9 *iface, UINT offset, UINT size,
                                         void **data, DWORD flags)
{
    return buffer_lock(vb_impl(iface), "IDirect3DVertexBuffer9::Lock", offset, size, data,
                       flags);
}

static HRESULT STDMETHODCALLTYPE vb_Unlock(IDirect3DVertexBuffer9 *iface)
{
    return buffer_unlock(vb_impl(iface), "IDirect3DVertexBuffer9::Unlock");
}

static HRESULT STDMETHODCALLTYPE vb_GetDesc(IDirect3DVertexBuffer9 *iface,
                                            D3DVERTEXBUFFER_DESC *desc)
{
    struct d3d9_buffer *b = vb_impl(iface);
    if (!desc) {
        util_msg(false, "IDirect3DVertexBuffer9::GetDesc: pDesc is NULL");
        return D3DERR_INVALIDCALL;
    }
    desc->Format = D3DFMT_VERTEXDATA;
    desc->Type = D3DRTYPE_VERTEXBUFFER;
    desc->Usage = b->r.usage;
    desc->Pool = b->r.pool;
    desc->Size = b->size;
    desc->FVF = b->fvf;
    return D3D_OK;
}

static IDirect3DVertexBuffer9Vtbl vb_vtbl = {
    .QueryInterface = vb_QueryInterface,
    .AddRef = vb_AddRef,
    .Release = vb_Release,
    .GetDevice = vb_GetDevice,
    .SetPrivateData = vb_SetPrivateData,
    .GetPrivateData = vb_GetPrivateData,
    .FreePrivateData = vb_FreePrivateData,
    .SetPriority = vb_SetPriority,
    .GetPriority = vb_GetPriority,
    .PreLoad = vb_PreLoad,
    .GetType = vb_GetType,
    .Lock = vb_Lock,
    .Unlock = vb_Unlock,
    .GetDesc = vb_GetDesc,
};

/* ----------------------------------------------------------------- index buffers */

static const GUID *const ib_iids[] = { &IID_IDirect3DResource9, &IID_IDirect3DIndexBuffer9,
                                       NULL };
D3D9_LIFE_IUNKNOWN(ib, IDirect3DIndexBuffer9, struct d3d9_buffer, iface.ib, r.life, ib_iids)
D3D9_RESOURCE_METHODS(ib, IDirect3DIndexBuffer9, struct d3d9_buffer, r)

static HRESULT STDMETHODCALLTYPE ib_Lock(IDirect3DIndexBuffer9 *iface, UINT offset, UINT size,
                                         void **data, DWORD flags)
{
    return buffer_lock(ib_impl(iface), "IDirect3DIndexBuffer9::Lock", offset, size, data, flags);
}

static HRESULT STDMETHODCALLTYPE ib_Unlock(IDirect3DIndexBuffer9 *iface)
{
    return buffer_unlock(ib_impl(iface), "IDirect3DIndexBuffer9::Unlock");
}

static HRESULT STDMETHODCALLTYPE ib_GetDesc(IDirect3DIndexBuffer9 *iface,
                                            D3DINDEXBUFFER_DESC *desc)
{
    struct d3d9_buffer *b = ib_impl(iface);
    if (!desc) {
        util_msg(false, "IDirect3DIndexBuffer9::GetDesc: pDesc is NULL");
        return D3DERR_INVALIDCALL;
    }
    desc->Format = b->format;
    desc->Type = D3DRTYPE_INDEXBUFFER;
    desc->Usage = b->r.usage;
    desc->Pool = b->r.pool;
    desc->Size = b->size;
    return D3D_OK;
}

static IDirect3DIndexBuffer9Vtbl ib_vtbl = {
    .QueryInterface = ib_QueryInterface,
    .AddRef = ib_AddRef,
    .Release = ib_Release,
    .GetDevice = ib_GetDevice,
    .SetPrivateData = ib_SetPrivateData,
    .GetPrivateData = ib_GetPrivateData,
    .FreePrivateData = ib_FreePrivateData,
    .SetPriority = ib_SetPriority,
    .GetPriority = ib_GetPriority,
    .PreLoad = ib_PreLoad,
    .GetType = ib_GetType,
    .Lock = ib_Lock,
    .Unlock = ib_Unlock,
    .GetDesc = ib_GetDesc,
};

struct d3d9_buffer *d3d9_vertex_buffer_from_iface(IDirect3DVertexBuffer9 *iface)
{
    if (!iface || iface->lpVtbl != &vb_vtbl)
        return NULL;
    return container_of(iface, struct d3d9_buffer, iface.vb);
}

struct d3d9_buffer *d3d9_index_buffer_from_iface(IDirect3DIndexBuffer9 *iface)
{
    if (!iface || iface->lpVtbl != &ib_vtbl)
        return NULL;
    return container_of(iface, struct d3d9_buffer, iface.ib);
}

/* ------------------------------------------------------------------ creation */

static HRESULT validate_buffer(const struct d3d9_device *dev, const char *method, UINT length,
                               DWORD usage, D3DPOOL pool)
{
    const DWORD valid = D3DUSAGE_WRITEONLY | D3DUSAGE_DYNAMIC | D3DUSAGE_SOFTWAREPROCESSING |
                        D3DUSAGE_DONOTCLIP | D3DUSAGE_POINTS | D3DUSAGE_RTPATCHES |
                        D3DUSAGE_NPATCHES;
    const D3DCAPS9 *caps = &dev->profile->caps;
    if (!length) {
        util_msg(false, "%s: Length is 0", method);
        return D3DERR_INVALIDCALL;
    }
    if (pool != D3DPOOL_DEFAULT && pool != D3DPOOL_MANAGED && pool != D3DPOOL_SYSTEMMEM) {
        util_msg(false, "%s: Pool %u (buffers live in D3DPOOL_DEFAULT, MANAGED or SYSTEMMEM; "
                        "SCRATCH resources cannot be used by the device)", method,
                 (unsigned)pool);
        return D3DERR_INVALIDCALL;
    }
    if (usage & ~valid) {
        util_msg(false, "%s: Usage bits 0x%x are not buffer usages", method,
                 (unsigned)(usage & ~valid));
        return D3DERR_INVALIDCALL;
    }
    if ((usage & D3DUSAGE_DYNAMIC) && pool == D3DPOOL_MANAGED) {
        util_msg(false, "%s: managed buffers cannot be D3DUSAGE_DYNAMIC", method);
        return D3DERR_INVALIDCALL;
    }
    if (((usage & D3DUSAGE_RTPATCHES) && !(caps->DevCaps & D3DDEVCAPS_RTPATCHES)) ||
        ((usage & D3DUSAGE_NPATCHES) && !(caps->DevCaps & D3DDEVCAPS_NPATCHES))) {
        util_msg(false, "%s: profile %s has no high-order patches (D3DDEVCAPS_RTPATCHES / "
                        "NPATCHES)", method, dev->profile->name);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

static HRESULT create_buffer(struct d3d9_device *dev, const char *method, D3DRESOURCETYPE type,
                             UINT length, DWORD usage, DWORD fvf, D3DFORMAT format,
                             D3DPOOL pool, struct d3d9_buffer **out)
{
    core_resource_desc desc = { CORE_RES_BUFFER, 0, 0, length, 1, 1, 1, 1, 0 };
    struct d3d9_buffer *b;
    HRESULT hr;
    if (!(b = calloc(1, sizeof(*b)))) {
        util_msg(false, "%s: out of memory", method);
        return E_OUTOFMEMORY;
    }
    if (FAILED(hr = d3d9_storage_create(method, &desc, pool, &b->storage))) {
        free(b);
        return hr;
    }
    if (type == D3DRTYPE_VERTEXBUFFER)
        b->iface.vb.lpVtbl = &vb_vtbl;
    else
        b->iface.ib.lpVtbl = &ib_vtbl;
    d3d9_resource_init(&b->r, dev, type, pool, usage, buffer_destroy, false);
    b->size = length;
    b->fvf = fvf;
    b->format = format;
    b->software_ok = (dev->create.BehaviorFlags & D3DCREATE_SOFTWARE_VERTEXPROCESSING) ||
                     (usage & D3DUSAGE_SOFTWAREPROCESSING) || pool == D3DPOOL_SYSTEMMEM;
    *out = b;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_CreateVertexBuffer(IDirect3DDevice9 *iface, UINT length,
                                                           DWORD usage, DWORD fvf, D3DPOOL pool,
                                                           IDirect3DVertexBuffer9 **out,
                                                           HANDLE *shared)
{
    static const char method[] = "CreateVertexBuffer";
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    struct d3d9_buffer *b;
    HRESULT hr;
    if (!out) {
        util_msg(false, "%s: ppVertexBuffer is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    if (shared) {
        util_msg(false, "%s: pSharedHandle must be NULL (shared resources are not implemented)",
                 method);
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = validate_buffer(dev, method, length, usage, pool)))
        return hr;
    if (fvf) {
        UINT size = d3d9_fvf_vertex_size(fvf);
        if (!d3d9_fvf_valid(fvf) || !size) {
            util_msg(false, "%s: FVF 0x%x is not a valid FVF code", method, (unsigned)fvf);
            return D3DERR_INVALIDCALL;
        }
        if (length < size) {
            util_msg(false, "%s: Length %u cannot hold one FVF 0x%x vertex (%u bytes)", method,
                     length, (unsigned)fvf, size);
            return D3DERR_INVALIDCALL;
        }
    }
    if (FAILED(hr = create_buffer(dev, method, D3DRTYPE_VERTEXBUFFER, length, usage, fvf,
                                  D3DFMT_VERTEXDATA, pool, &b)))
        return hr;
    *out = &b->iface.vb;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_CreateIndexBuffer(IDirect3DDevice9 *iface, UINT length,
                                                          DWORD usage, D3DFORMAT format,
                                                          D3DPOOL pool,
                                                          IDirect3DIndexBuffer9 **out,
                                                          HANDLE *shared)
{
    static const char method[] = "CreateIndexBuffer";
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    struct d3d9_buffer *b;
    HRESULT hr;
    if (!out) {
        util_msg(false, "%s: ppIndexBuffer is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    if (shared) {
        util_msg(false, "%s: pSharedHandle must be NULL (shared resources are not implemented)",
                 method);
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = validate_buffer(dev, method, length, usage, pool)))
        return hr;
    if (format != D3DFMT_INDEX16 && format != D3DFMT_INDEX32) {
        util_msg(false, "%s: Format must be D3DFMT_INDEX16 or D3DFMT_INDEX32 (got %d)", method,
                 (int)format);
        return D3DERR_INVALIDCALL;
    }
    if (format == D3DFMT_INDEX32 && dev->profile->caps.MaxVertexIndex <= 0xffff) {
        util_msg(false, "%s: D3DFMT_INDEX32 needs MaxVertexIndex > 0xFFFF (profile %s has %u)",
                 method, dev->profile->name, (unsigned)dev->profile->caps.MaxVertexIndex);
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = create_buffer(dev, method, D3DRTYPE_INDEXBUFFER, length, usage, 0, format,
                                  pool, &b)))
        return hr;
    *out = &b->iface.ib;
    return D3D_OK;
}

void d3d9_buffer_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    v->CreateVertexBuffer = device_CreateVertexBuffer;
    v->CreateIndexBuffer = device_CreateIndexBuffer;
    comgen_fill_IDirect3DVertexBuffer9(&vb_vtbl);
    comgen_fill_IDirect3DIndexBuffer9(&ib_vtbl);
}
