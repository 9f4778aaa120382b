/* src/d3d9/resource.c — what every Direct3D 9 object shares: the two-count lifetime of
 * d3d9_resource.h, the IDirect3DResource9 methods (GetDevice, private data, priority), the one
 * D3DFORMAT -> core format table, and storage creation with the documented failure codes.
 *
 * Private data, the Direct3D 9 form (IDirect3DResource9::SetPrivateData / GetPrivateData /
 * FreePrivateData reference pages):
 *   - Flags is 0 or D3DSPD_IUNKNOWN; anything else is D3DERR_INVALIDCALL.  With D3DSPD_IUNKNOWN,
 *     pData is the IUnknown pointer itself and SizeOfData must be sizeof(IUnknown *); the
 *     interface is AddRef'd, released when the data is replaced, freed or the resource dies, and
 *     AddRef'd again by every GetPrivateData that returns it.
 *   - SizeOfData 0 stores nothing and removes an existing entry; a nonzero size with a NULL
 *     pData is D3DERR_INVALIDCALL.
 *   - GetPrivateData: unknown GUID D3DERR_NOTFOUND; *pSizeOfData smaller than the data ("such as
 *     0") sets it to the size and returns D3DERR_MOREDATA; a NULL pData with a large enough size
 *     only reports the size.  NULL pSizeOfData: D3DERR_INVALIDCALL.
 *   - FreePrivateData of an unknown GUID: D3DERR_NOTFOUND.
 * Priority (IDirect3DResource9::SetPriority): only managed resources have one; for the other
 * pools SetPriority changes nothing and returns 0, and GetPriority returns 0.
 */
#include "d3d9/d3d9_resource.h"

#include <stdlib.h>

#include "dxgiformat.h"
#include "util/log.h"

/* ------------------------------------------------------------------------- lifetimes */

static struct d3d9_life *top(struct d3d9_life *life)
{
    while (life->container)
        life = life->container;
    return life;
}

void d3d9_life_init(struct d3d9_life *life, struct d3d9_device *dev,
                    void (*destroy)(struct d3d9_life *), bool default_pool, bool device_owned)
{
    atomic_init(&life->refcount, device_owned ? 0u : 1u);
    atomic_init(&life->internal, 1u);   /* the public hold, or the owner's */
    life->device = dev;
    life->container = NULL;
    life->destroy = destroy;
    life->default_pool = default_pool;
    if (!device_owned) {
        IDirect3DDevice9_AddRef(&dev->iface);
        if (default_pool)
            atomic_fetch_add(&dev->default_alive, 1);
    }
}

void d3d9_life_init_child(struct d3d9_life *life, struct d3d9_life *container)
{
    atomic_init(&life->refcount, 0u);
    atomic_init(&life->internal, 0u);
    life->device = container->device;
    life->container = container;
    life->destroy = NULL;
    life->default_pool = false;
}

void d3d9_life_bind(struct d3d9_life *life)
{
    atomic_fetch_add(&top(life)->internal, 1);
}

void d3d9_life_unbind(struct d3d9_life *life)
{
    life = top(life);
    if (atomic_fetch_sub(&life->internal, 1) == 1) {
        /* draws waiting in the renderer's scene may read its memory (draw.c) */
        d3d9_device_lock(life->device);
        d3d9_device_unlock(life->device);
        life->destroy(life);
    }
}

ULONG d3d9_life_addref(struct d3d9_life *life)
{
    ULONG n;
    life = top(life);
    n = atomic_fetch_add(&life->refcount, 1) + 1;
    if (n == 1) {
        /* Revived by a getter (a bound or device-owned object the application held no
         * reference on): the public hold and the device reference come back. */
        atomic_fetch_add(&life->internal, 1);
        IDirect3DDevice9_AddRef(&life->device->iface);
        if (life->default_pool)
            atomic_fetch_add(&life->device->default_alive, 1);
    }
    return n;
}

ULONG d3d9_life_release(struct d3d9_life *life)
{
    struct d3d9_device *dev;
    ULONG n;
    life = top(life);
    n = atomic_fetch_sub(&life->refcount, 1) - 1;
    if (n == 0) {
        dev = life->device;
        if (life->default_pool)
            atomic_fetch_sub(&dev->default_alive, 1);
        /* The object may die here; the device reference goes last, because the device's own
         * destruction may unbind (and so destroy) the object too. */
        d3d9_life_unbind(life);
        IDirect3DDevice9_Release(&dev->iface);
    }
    return n;
}

/* -------------------------------------------------------------------- resources */

void d3d9_resource_init(struct d3d9_resource *r, struct d3d9_device *dev, D3DRESOURCETYPE type,
                        D3DPOOL pool, DWORD usage, void (*destroy)(struct d3d9_life *),
                        bool device_owned)
{
    d3d9_life_init(&r->life, dev, destroy, pool == D3DPOOL_DEFAULT, device_owned);
    core_pd_init(&r->pd);
    r->type = type;
    r->pool = pool;
    r->usage = usage;
    r->priority = 0;
}

void d3d9_resource_init_child(struct d3d9_resource *r, struct d3d9_resource *container,
                              D3DRESOURCETYPE type)
{
    d3d9_life_init_child(&r->life, &container->life);
    core_pd_init(&r->pd);
    r->type = type;
    r->pool = container->pool;
    r->usage = container->usage;
    r->priority = 0;
}

void d3d9_resource_cleanup(struct d3d9_resource *r)
{
    core_pd_free(&r->pd);
}

HRESULT d3d9_resource_get_device(struct d3d9_resource *r, IDirect3DDevice9 **out)
{
    if (!out) {
        util_msg(false, "GetDevice: ppDevice is NULL");
        return D3DERR_INVALIDCALL;
    }
    IDirect3DDevice9_AddRef(&r->life.device->iface);
    *out = &r->life.device->iface;
    return D3D_OK;
}

static HRESULT pd_hresult(core_pd_status st)
{
    switch (st) {
    case CORE_PD_OK: return D3D_OK;
    case CORE_PD_NOT_FOUND: return D3DERR_NOTFOUND;
    case CORE_PD_MORE_DATA: return D3DERR_MOREDATA;
    case CORE_PD_OUT_OF_MEMORY: return E_OUTOFMEMORY;
    default: return D3DERR_INVALIDCALL;
    }
}

HRESULT d3d9_resource_set_private_data(struct d3d9_resource *r, REFGUID guid, const void *data,
                                       DWORD size, DWORD flags)
{
    if (!guid) {
        util_msg(false, "SetPrivateData: refguid is NULL");
        return D3DERR_INVALIDCALL;
    }
    if (flags & ~(DWORD)D3DSPD_IUNKNOWN) {
        util_msg(false, "SetPrivateData: Flags 0x%x (only D3DSPD_IUNKNOWN is defined)",
                 (unsigned)flags);
        return D3DERR_INVALIDCALL;
    }
    if (flags & D3DSPD_IUNKNOWN) {
        if (size != sizeof(IUnknown *) || !data) {
            util_msg(false, "SetPrivateData: with D3DSPD_IUNKNOWN, pData is the interface and "
                            "SizeOfData sizeof(IUnknown *) (got %u)", (unsigned)size);
            return D3DERR_INVALIDCALL;
        }
        return pd_hresult(core_pd_set_interface(&r->pd, guid, (IUnknown *)data));
    }
    if (size && !data) {
        util_msg(false, "SetPrivateData: pData is NULL with SizeOfData %u", (unsigned)size);
        return D3DERR_INVALIDCALL;
    }
    return pd_hresult(core_pd_set(&r->pd, guid, size, data));
}

HRESULT d3d9_resource_get_private_data(struct d3d9_resource *r, REFGUID guid, void *data,
                                       DWORD *size)
{
    UINT stored = 0, sz;
    core_pd_status st;
    if (!guid || !size) {
        util_msg(false, "GetPrivateData: refguid or pSizeOfData is NULL");
        return D3DERR_INVALIDCALL;
    }
    st = core_pd_get(&r->pd, guid, &stored, NULL);
    if (st != CORE_PD_OK)
        return pd_hresult(st);
    if (*size < stored) {
        *size = stored;
        return D3DERR_MOREDATA;
    }
    if (!data) {
        *size = stored;
        return D3D_OK;
    }
    sz = *size;
    st = core_pd_get(&r->pd, guid, &sz, data);
    *size = sz;
    return pd_hresult(st);
}

HRESULT d3d9_resource_free_private_data(struct d3d9_resource *r, REFGUID guid)
{
    UINT stored = 0;
    if (!guid) {
        util_msg(false, "FreePrivateData: refguid is NULL");
        return D3DERR_INVALIDCALL;
    }
    if (core_pd_get(&r->pd, guid, &stored, NULL) != CORE_PD_OK)
        return D3DERR_NOTFOUND;
    return pd_hresult(core_pd_set(&r->pd, guid, 0, NULL));
}

DWORD d3d9_resource_set_priority(struct d3d9_resource *r, DWORD priority)
{
    DWORD old;
    if (r->pool != D3DPOOL_MANAGED)
        return 0;
    d3d9_device_lock(r->life.device);
    old = r->priority;
    r->priority = priority;
    d3d9_device_unlock(r->life.device);
    return old;
}

DWORD d3d9_resource_get_priority(struct d3d9_resource *r)
{
    return r->pool == D3DPOOL_MANAGED ? r->priority : 0;
}

/* ------------------------------------------------------------------------- formats */

/* The one D3DFORMAT -> core format table (core/format.h, "D3D9 formats"): DXGI twins where the
 * memory layout and meaning agree, softd3d's D3D9-only entries otherwise. */
static const struct {
    D3DFORMAT d3d9;
    core_format core;
} format_map[] = {
    { D3DFMT_A8R8G8B8, DXGI_FORMAT_B8G8R8A8_UNORM },
    { D3DFMT_X8R8G8B8, DXGI_FORMAT_B8G8R8X8_UNORM },
    { D3DFMT_R5G6B5, DXGI_FORMAT_B5G6R5_UNORM },
    { D3DFMT_A1R5G5B5, DXGI_FORMAT_B5G5R5A1_UNORM },
    { D3DFMT_A4R4G4B4, DXGI_FORMAT_B4G4R4A4_UNORM },
    { D3DFMT_A8B8G8R8, DXGI_FORMAT_R8G8B8A8_UNORM },
    { D3DFMT_A2B10G10R10, DXGI_FORMAT_R10G10B10A2_UNORM },
    { D3DFMT_G16R16, DXGI_FORMAT_R16G16_UNORM },
    { D3DFMT_A16B16G16R16, DXGI_FORMAT_R16G16B16A16_UNORM },
    { D3DFMT_A8, DXGI_FORMAT_A8_UNORM },
    { D3DFMT_V8U8, DXGI_FORMAT_R8G8_SNORM },
    { D3DFMT_Q8W8V8U8, DXGI_FORMAT_R8G8B8A8_SNORM },
    { D3DFMT_V16U16, DXGI_FORMAT_R16G16_SNORM },
    { D3DFMT_Q16W16V16U16, DXGI_FORMAT_R16G16B16A16_SNORM },
    { D3DFMT_R16F, DXGI_FORMAT_R16_FLOAT },
    { D3DFMT_G16R16F, DXGI_FORMAT_R16G16_FLOAT },
    { D3DFMT_A16B16G16R16F, DXGI_FORMAT_R16G16B16A16_FLOAT },
    { D3DFMT_R32F, DXGI_FORMAT_R32_FLOAT },
    { D3DFMT_G32R32F, DXGI_FORMAT_R32G32_FLOAT },
    { D3DFMT_A32B32G32R32F, DXGI_FORMAT_R32G32B32A32_FLOAT },
    { D3DFMT_D16, DXGI_FORMAT_D16_UNORM },
    { D3DFMT_D24S8, DXGI_FORMAT_D24_UNORM_S8_UINT },
    { D3DFMT_DXT1, DXGI_FORMAT_BC1_UNORM },
    { D3DFMT_DXT2, DXGI_FORMAT_BC2_UNORM },
    { D3DFMT_DXT3, DXGI_FORMAT_BC2_UNORM },
    { D3DFMT_DXT4, DXGI_FORMAT_BC3_UNORM },
    { D3DFMT_DXT5, DXGI_FORMAT_BC3_UNORM },
    { D3DFMT_YUY2, DXGI_FORMAT_YUY2 },
    { D3DFMT_R8G8_B8G8, DXGI_FORMAT_R8G8_B8G8_UNORM },
    { D3DFMT_G8R8_G8B8, DXGI_FORMAT_G8R8_G8B8_UNORM },
    { D3DFMT_P8, DXGI_FORMAT_P8 },
    { D3DFMT_A8P8, DXGI_FORMAT_A8P8 },
    { D3DFMT_A2B10G10R10_XR_BIAS, DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM },
    { D3DFMT_R8G8B8, CORE_FORMAT_D3D9_R8G8B8 },
    { D3DFMT_X1R5G5B5, CORE_FORMAT_D3D9_X1R5G5B5 },
    { D3DFMT_R3G3B2, CORE_FORMAT_D3D9_R3G3B2 },
    { D3DFMT_A8R3G3B2, CORE_FORMAT_D3D9_A8R3G3B2 },
    { D3DFMT_X4R4G4B4, CORE_FORMAT_D3D9_X4R4G4B4 },
    { D3DFMT_X8B8G8R8, CORE_FORMAT_D3D9_X8B8G8R8 },
    { D3DFMT_A2R10G10B10, CORE_FORMAT_D3D9_A2R10G10B10 },
    { D3DFMT_L8, CORE_FORMAT_D3D9_L8 },
    { D3DFMT_A8L8, CORE_FORMAT_D3D9_A8L8 },
    { D3DFMT_A4L4, CORE_FORMAT_D3D9_A4L4 },
    { D3DFMT_L16, CORE_FORMAT_D3D9_L16 },
    { D3DFMT_L6V5U5, CORE_FORMAT_D3D9_L6V5U5 },
    { D3DFMT_X8L8V8U8, CORE_FORMAT_D3D9_X8L8V8U8 },
    { D3DFMT_A2W10V10U10, CORE_FORMAT_D3D9_A2W10V10U10 },
    { D3DFMT_CxV8U8, CORE_FORMAT_D3D9_CXV8U8 },
    { D3DFMT_UYVY, CORE_FORMAT_D3D9_UYVY },
    { D3DFMT_D16_LOCKABLE, CORE_FORMAT_D3D9_D16_LOCKABLE },
    { D3DFMT_D32, CORE_FORMAT_D3D9_D32 },
    { D3DFMT_D15S1, CORE_FORMAT_D3D9_D15S1 },
    { D3DFMT_D24X8, CORE_FORMAT_D3D9_D24X8 },
    { D3DFMT_D24X4S4, CORE_FORMAT_D3D9_D24X4S4 },
    { D3DFMT_D24FS8, CORE_FORMAT_D3D9_D24FS8 },
    { D3DFMT_D32F_LOCKABLE, CORE_FORMAT_D3D9_D32F_LOCKABLE },
    { D3DFMT_D32_LOCKABLE, CORE_FORMAT_D3D9_D32_LOCKABLE },
    { D3DFMT_S8_LOCKABLE, CORE_FORMAT_D3D9_S8_LOCKABLE },
    /* INTZ is stored and depth-tested as D24S8; texture views read it through
     * d3d9_view_format's CORE_FORMAT_D3D9_INTZ */
    { D3D9_FMT_INTZ, DXGI_FORMAT_D24_UNORM_S8_UINT },
    /* DF16 and DF24 likewise, as D16 and D24S8 (d3d9_view_format: CORE_FORMAT_D3D9_DF16 and
     * CORE_FORMAT_D3D9_INTZ) */
    { D3D9_FMT_DF16, DXGI_FORMAT_D16_UNORM },
    { D3D9_FMT_DF24, DXGI_FORMAT_D24_UNORM_S8_UINT },
    { D3D9_FMT_ATI1, CORE_FORMAT_D3D9_ATI1 },
    { D3D9_FMT_ATI2, CORE_FORMAT_D3D9_ATI2 },
    /* a NULL render target keeps one byte a texel that nothing reads: draws bind no colour
     * target in its place (draw.c), locks and copies are refused */
    { D3D9_FMT_NULL, DXGI_FORMAT_A8_UNORM },
};

core_format d3d9_core_format(D3DFORMAT format)
{
    for (size_t i = 0; i < sizeof(format_map) / sizeof(format_map[0]); i++)
        if (format_map[i].d3d9 == format)
            return core_format_get(format_map[i].core) ? format_map[i].core : 0;
    return 0;
}

bool d3d9_is_depth_format(D3DFORMAT f)
{
    const core_format_desc *d = core_format_get(d3d9_core_format(f));
    return d && (d->depth || d->stencil);
}

bool d3d9_is_lockable_depth_format(D3DFORMAT f)
{
    return f == D3DFMT_D16_LOCKABLE || f == D3DFMT_D32F_LOCKABLE || f == D3DFMT_D32_LOCKABLE ||
           f == D3DFMT_S8_LOCKABLE;
}

/* DXTn ("Compressed Texture Resources (Direct3D 9)"): the compressed formats are stored in
 * 4 x 4 blocks, and Windows refuses a D3DPOOL_DEFAULT resource whose top level is not a whole
 * number of blocks (width and height multiples of 4); the SYSTEMMEM, SCRATCH and MANAGED pools
 * take any size (the levels below 4 texels and the partial blocks at the edges are stored as
 * whole blocks).  Issue 14's conformance suite checks it per pool and resource type. */
HRESULT d3d9_check_block_size(const char *method, D3DFORMAT format, D3DPOOL pool, UINT width,
                              UINT height)
{
    const core_format_desc *d = core_format_get(d3d9_core_format(format));
    if (!d || !d->compressed || pool != D3DPOOL_DEFAULT)
        return D3D_OK;
    if (width % d->block_width || height % d->block_height) {
        util_msg(false, "%s: %ux%u: a D3DPOOL_DEFAULT DXTn resource's top level must be a "
                        "multiple of %ux%u", method, width, height, d->block_width,
                 d->block_height);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

HRESULT d3d9_storage_create(const char *method, const core_resource_desc *desc, D3DPOOL pool,
                            core_resource **out)
{
    core_res_status st = core_resource_create(desc, D3D9_MAX_RESOURCE_BYTES, out);
    if (st == CORE_RES_OK)
        return D3D_OK;
    if (st == CORE_RES_INVALID) {
        util_msg(false, "%s: the description cannot be laid out", method);
        return D3DERR_INVALIDCALL;
    }
    if (pool == D3DPOOL_DEFAULT) {
        util_msg(false, "%s: the resource needs more than the %u MiB of video memory "
                        "GetAvailableTextureMem reports", method,
                 (unsigned)(D3D9_AVAILABLE_TEXTURE_MEM >> 20));
        return D3DERR_OUTOFVIDEOMEMORY;
    }
    util_msg(false, "%s: out of memory (a resource is at most %u MiB)", method,
             (unsigned)(D3D9_MAX_RESOURCE_BYTES >> 20));
    return E_OUTOFMEMORY;
}
