/* src/d3d11/resource.c — ID3D11Device: CreateBuffer, CreateTexture1D/2D/3D and
 * OpenSharedResource / OpenSharedResource1 / OpenSharedResourceByName; the ID3D11Buffer,
 * ID3D11Texture1D, ID3D11Texture2D and ID3D11Texture3D objects.  The views are in view.c, the validation in
 * resource_validate.c (see its header for every rule and decision).
 *
 * Each Create method: validate (pure) -> on failure one message line, the documented HRESULT and
 * *out = NULL; with a NULL out-pointer, S_FALSE once validation passes (documented for every
 * Create method: "set this parameter to NULL to validate the other input parameters"); else
 * allocate the object and its core_resource, copy the initial data, return S_OK.
 *
 * An object keeps its description as given, except MipLevels 0 resolved to the full chain (what
 * GetDesc reports), and a default eviction priority of DXGI_RESOURCE_PRIORITY_NORMAL.  The memory
 * is zero-filled when no initial data is given (Direct3D leaves it undefined; softd3d chooses
 * zeros so that every run draws the same pixels).
 *
 * Texture1D(Array) objects exist from 10_0 (CreateTexture1D is refused at every 9_x level, seed
 * 004); their memory is a core 1D resource, whose subresources are rows of height 1.
 */
#include "d3d11/d3d11_resource.h"

#include <stdlib.h>

#include "d3d11/device_child.h"
#include "d3d11/format_support.h"
#include "util/log.h"

/* ---- the objects -------------------------------------------------------------------------- */

struct d3d11_buffer {
    ID3D11Buffer iface;
    struct d3d11_child child;
    struct d3d11_resource res;
    D3D11_BUFFER_DESC desc;
};

struct d3d11_texture1d {
    ID3D11Texture1D iface;
    struct d3d11_child child;
    struct d3d11_resource res;
    D3D11_TEXTURE1D_DESC desc;
};

struct d3d11_texture2d {
    ID3D11Texture2D iface;
    struct d3d11_child child;
    struct d3d11_resource res;
    D3D11_TEXTURE2D_DESC desc;
};

struct d3d11_texture3d {
    ID3D11Texture3D iface;
    struct d3d11_child child;
    struct d3d11_resource res;
    D3D11_TEXTURE3D_DESC desc;
};

static void buffer_destroy(struct d3d11_buffer *b)
{
    core_resource_destroy(b->res.core);
    free(b);
}

static void texture1d_destroy(struct d3d11_texture1d *t)
{
    core_resource_destroy(t->res.core);
    free(t);
}

static void texture2d_destroy(struct d3d11_texture2d *t)
{
    core_resource_destroy(t->res.core);
    free(t);
}

static void texture3d_destroy(struct d3d11_texture3d *t)
{
    core_resource_destroy(t->res.core);
    free(t);
}

static const GUID *const buffer_iids[] = { &IID_ID3D11Resource, &IID_ID3D11Buffer, NULL };
static const GUID *const texture1d_iids[] = { &IID_ID3D11Resource, &IID_ID3D11Texture1D, NULL };
static const GUID *const texture2d_iids[] = { &IID_ID3D11Resource, &IID_ID3D11Texture2D, NULL };
static const GUID *const texture3d_iids[] = { &IID_ID3D11Resource, &IID_ID3D11Texture3D, NULL };

D3D11_CHILD_IMPLEMENT(buffer, ID3D11Buffer, struct d3d11_buffer, buffer_iids, buffer_destroy)
D3D11_CHILD_IMPLEMENT(texture1d, ID3D11Texture1D, struct d3d11_texture1d, texture1d_iids,
                      texture1d_destroy)
D3D11_CHILD_IMPLEMENT(texture2d, ID3D11Texture2D, struct d3d11_texture2d, texture2d_iids,
                      texture2d_destroy)
D3D11_CHILD_IMPLEMENT(texture3d, ID3D11Texture3D, struct d3d11_texture3d, texture3d_iids,
                      texture3d_destroy)

/* ID3D11Resource methods, once per interface (each takes its own interface type). */
#define RESOURCE_METHODS(prefix, Iface, dimension)                                              \
    static void STDMETHODCALLTYPE prefix##_GetType(Iface *iface, D3D11_RESOURCE_DIMENSION *dim) \
    {                                                                                           \
        (void)iface;                                                                            \
        if (dim)                                                                                \
            *dim = dimension;                                                                   \
    }                                                                                           \
    static void STDMETHODCALLTYPE prefix##_SetEvictionPriority(Iface *iface, UINT priority)    \
    {                                                                                           \
        /* Stored and reported; a software device never evicts. */                              \
        prefix##_impl(iface)->res.eviction_priority = priority;                                 \
    }                                                                                           \
    static UINT STDMETHODCALLTYPE prefix##_GetEvictionPriority(Iface *iface)                   \
    {                                                                                           \
        return prefix##_impl(iface)->res.eviction_priority;                                     \
    }

RESOURCE_METHODS(buffer, ID3D11Buffer, D3D11_RESOURCE_DIMENSION_BUFFER)
RESOURCE_METHODS(texture1d, ID3D11Texture1D, D3D11_RESOURCE_DIMENSION_TEXTURE1D)
RESOURCE_METHODS(texture2d, ID3D11Texture2D, D3D11_RESOURCE_DIMENSION_TEXTURE2D)
RESOURCE_METHODS(texture3d, ID3D11Texture3D, D3D11_RESOURCE_DIMENSION_TEXTURE3D)

static void STDMETHODCALLTYPE buffer_GetDesc(ID3D11Buffer *iface, D3D11_BUFFER_DESC *desc)
{
    if (desc)
        *desc = buffer_impl(iface)->desc;
}

static void STDMETHODCALLTYPE texture1d_GetDesc(ID3D11Texture1D *iface, D3D11_TEXTURE1D_DESC *desc)
{
    if (desc)
        *desc = texture1d_impl(iface)->desc;
}

static void STDMETHODCALLTYPE texture2d_GetDesc(ID3D11Texture2D *iface, D3D11_TEXTURE2D_DESC *desc)
{
    if (desc)
        *desc = texture2d_impl(iface)->desc;
}

static void STDMETHODCALLTYPE texture3d_GetDesc(ID3D11Texture3D *iface, D3D11_TEXTURE3D_DESC *desc)
{
    if (desc)
        *desc = texture3d_impl(iface)->desc;
}

static const ID3D11BufferVtbl buffer_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(buffer),
    .GetType = buffer_GetType,
    .SetEvictionPriority = buffer_SetEvictionPriority,
    .GetEvictionPriority = buffer_GetEvictionPriority,
    .GetDesc = buffer_GetDesc,
};

static const ID3D11Texture1DVtbl texture1d_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(texture1d),
    .GetType = texture1d_GetType,
    .SetEvictionPriority = texture1d_SetEvictionPriority,
    .GetEvictionPriority = texture1d_GetEvictionPriority,
    .GetDesc = texture1d_GetDesc,
};

static const ID3D11Texture2DVtbl texture2d_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(texture2d),
    .GetType = texture2d_GetType,
    .SetEvictionPriority = texture2d_SetEvictionPriority,
    .GetEvictionPriority = texture2d_GetEvictionPriority,
    .GetDesc = texture2d_GetDesc,
};

static const ID3D11Texture3DVtbl texture3d_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(texture3d),
    .GetType = texture3d_GetType,
    .SetEvictionPriority = texture3d_SetEvictionPriority,
    .GetEvictionPriority = texture3d_GetEvictionPriority,
    .GetDesc = texture3d_GetDesc,
};

/* ---- what the rest of the front-end sees -------------------------------------------------- */

struct d3d11_resource *d3d11_resource_from_iface(ID3D11Resource *iface)
{
    const void *vtbl;
    if (!iface)
        return NULL;
    vtbl = iface->lpVtbl;
    if (vtbl == (const void *)&buffer_vtbl)
        return &buffer_impl((ID3D11Buffer *)iface)->res;
    if (vtbl == (const void *)&texture1d_vtbl)
        return &texture1d_impl((ID3D11Texture1D *)iface)->res;
    if (vtbl == (const void *)&texture2d_vtbl)
        return &texture2d_impl((ID3D11Texture2D *)iface)->res;
    if (vtbl == (const void *)&texture3d_vtbl)
        return &texture3d_impl((ID3D11Texture3D *)iface)->res;
    return NULL;
}

/* The four resource interfaces share IUnknown's slots, so one call serves them all. */
void d3d11_resource_addref(struct d3d11_resource *res)
{
    IUnknown_AddRef((IUnknown *)res->iface);
}

void d3d11_resource_release(struct d3d11_resource *res)
{
    IUnknown_Release((IUnknown *)res->iface);
}

void d3d11_resource_bind(struct d3d11_resource *res)
{
    d3d11_child_bind(res->child);
}

void d3d11_resource_unbind(struct d3d11_resource *res)
{
    d3d11_child_unbind(res->child, (IUnknown *)res->iface);
}

/* ---- creation ----------------------------------------------------------------------------- */

/* Fills the shared part and creates the memory, copying the initial data (already validated:
 * one D3D11_SUBRESOURCE_DATA per subresource, in subresource order). */
static HRESULT resource_init(struct d3d11_device *dev, struct d3d11_resource *res,
                             const core_resource_desc *cd, const D3D11_SUBRESOURCE_DATA *init,
                             const char *method)
{
    core_res_status st = core_resource_create(cd, D3D11_MAX_RESOURCE_BYTES, &res->core);
    res->device = dev;
    res->eviction_priority = DXGI_RESOURCE_PRIORITY_NORMAL;
    if (st != CORE_RES_OK) {
        /* Validation computed the same size; what is left is a failed allocation. */
        d3d11_msg(dev, "%s: out of memory", method);
        return st == CORE_RES_INVALID ? E_INVALIDARG : E_OUTOFMEMORY;
    }
    if (init) {
        for (uint32_t i = 0; i < res->core->subresource_count; i++) {
            if (cd->dim == CORE_RES_BUFFER)
                core_resource_write_sub(res->core, i, init[i].pSysMem, cd->width, cd->width);
            else
                core_resource_write_sub(res->core, i, init[i].pSysMem, init[i].SysMemPitch,
                                        init[i].SysMemSlicePitch);
        }
    }
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE device_CreateBuffer(ID3D11Device2 *iface,
                                                     const D3D11_BUFFER_DESC *desc,
                                                     const D3D11_SUBRESOURCE_DATA *init,
                                                     ID3D11Buffer **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    char msg[D3D11_RESOURCE_MSG_SIZE];
    struct d3d11_buffer *b;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = d3d11_validate_buffer_desc(desc, init, dev->level, msg, sizeof(msg)))) {
        d3d11_msg(dev, "%s", msg);
        return hr;
    }
    if (!out)
        return S_FALSE;
    if (!(b = calloc(1, sizeof(*b)))) {
        d3d11_msg(dev, "CreateBuffer: out of memory");
        return E_OUTOFMEMORY;
    }
    b->iface.lpVtbl = &buffer_vtbl;
    b->desc = *desc;
    b->res = (struct d3d11_resource){
        .iface = &b->iface, .child = &b->child, .dim = D3D11_RESOURCE_DIMENSION_BUFFER, .usage = desc->Usage,
        .bind_flags = desc->BindFlags, .cpu_access_flags = desc->CPUAccessFlags,
        .misc_flags = desc->MiscFlags, .format = DXGI_FORMAT_UNKNOWN, .width = desc->ByteWidth,
        .height = 1, .depth = 1, .mip_levels = 1, .array_size = 1, .sample_count = 1,
        .structure_stride = desc->StructureByteStride,
    };
    {
        core_resource_desc cd = { .dim = CORE_RES_BUFFER, .width = desc->ByteWidth, .height = 1,
                                  .depth = 1, .mip_levels = 1, .array_size = 1 };
        if (FAILED(hr = resource_init(dev, &b->res, &cd, init, "CreateBuffer"))) {
            free(b);
            return hr;
        }
    }
    d3d11_child_init(&b->child, dev);
    *out = &b->iface;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE device_CreateTexture1D(ID3D11Device2 *iface,
                                                        const D3D11_TEXTURE1D_DESC *desc,
                                                        const D3D11_SUBRESOURCE_DATA *init,
                                                        ID3D11Texture1D **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    char msg[D3D11_RESOURCE_MSG_SIZE];
    struct d3d11_texture1d *t;
    UINT mips;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = d3d11_validate_texture1d_desc(desc, init, dev->level, msg, sizeof(msg)))) {
        d3d11_msg(dev, "%s", msg);
        return hr;
    }
    if (!out)
        return S_FALSE;
    if (!(t = calloc(1, sizeof(*t)))) {
        d3d11_msg(dev, "CreateTexture1D: out of memory");
        return E_OUTOFMEMORY;
    }
    mips = d3d11_resolve_mip_levels(desc->MipLevels, desc->Width, 1, 1);
    t->iface.lpVtbl = &texture1d_vtbl;
    t->desc = *desc;
    t->desc.MipLevels = mips;
    t->res = (struct d3d11_resource){
        .iface = &t->iface, .child = &t->child, .dim = D3D11_RESOURCE_DIMENSION_TEXTURE1D,
        .usage = desc->Usage, .bind_flags = desc->BindFlags,
        .cpu_access_flags = desc->CPUAccessFlags, .misc_flags = desc->MiscFlags,
        .format = desc->Format, .width = desc->Width, .height = 1, .depth = 1,
        .mip_levels = mips, .array_size = desc->ArraySize, .sample_count = 1,
    };
    {
        core_resource_desc cd = { .dim = CORE_RES_TEX1D, .format = desc->Format,
                                  .width = desc->Width, .height = 1, .depth = 1,
                                  .mip_levels = mips, .array_size = desc->ArraySize };
        if (FAILED(hr = resource_init(dev, &t->res, &cd, init, "CreateTexture1D"))) {
            free(t);
            return hr;
        }
    }
    d3d11_child_init(&t->child, dev);
    *out = &t->iface;
    return S_OK;
}

bool d3d11_sample_desc_ok(const struct d3d11_device *dev, const char *method, DXGI_FORMAT format,
                          const DXGI_SAMPLE_DESC *sd)
{
    UINT levels = d3d11_msaa_quality_levels(dev, format, sd->Count);
    /* DXGI_SAMPLE_DESC: "The valid range is between zero and one less than the level returned
     * by CheckMultisampleQualityLevels"; from 10_1 the fixed patterns are asked for by
     * D3D11_STANDARD_MULTISAMPLE_PATTERN / D3D11_CENTER_MULTISAMPLE_PATTERN instead
     * (D3D11_STANDARD_MULTISAMPLE_QUALITY_LEVELS page: "required for Direct3D 11 and Direct3D
     * 10.1 hardware"). */
    bool fixed = dev->level >= D3D_FEATURE_LEVEL_10_1 &&
                 (sd->Quality == (UINT)D3D11_STANDARD_MULTISAMPLE_PATTERN ||
                  sd->Quality == (UINT)D3D11_CENTER_MULTISAMPLE_PATTERN);
    if (levels && (sd->Quality < levels || fixed))
        return true;
    d3d11_msg(dev, "%s: SampleDesc %u/%u: CheckMultisampleQualityLevels(DXGI_FORMAT_%s, %u) "
                   "reports %u quality level(s) on profile %s at feature level %s",
              method, sd->Count, sd->Quality, d3d11_format_name(format), sd->Count, levels,
              dev->profile->name, d3d11_level_name(dev->level));
    return false;
}

HRESULT d3d11_texture2d_create(struct d3d11_device *dev, const D3D11_TEXTURE2D_DESC *desc,
                               const D3D11_SUBRESOURCE_DATA *init, bool present,
                               ID3D11Texture2D **out)
{
    char msg[D3D11_RESOURCE_MSG_SIZE];
    struct d3d11_texture2d *t;
    UINT mips;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = d3d11_validate_texture2d_desc(desc, init, present, dev->level, msg,
                                                  sizeof(msg)))) {
        d3d11_msg(dev, "%s", msg);
        return hr;
    }
    if (desc->SampleDesc.Count > 1 && !d3d11_sample_desc_ok(dev, "CreateTexture2D", desc->Format,
                                                            &desc->SampleDesc))
        return E_INVALIDARG;
    if (!out)
        return S_FALSE;
    if (!(t = calloc(1, sizeof(*t)))) {
        d3d11_msg(dev, "CreateTexture2D: out of memory");
        return E_OUTOFMEMORY;
    }
    mips = d3d11_resolve_mip_levels(desc->MipLevels, desc->Width, desc->Height, 1);
    t->iface.lpVtbl = &texture2d_vtbl;
    t->desc = *desc;
    t->desc.MipLevels = mips;
    t->res = (struct d3d11_resource){
        .iface = &t->iface, .child = &t->child, .dim = D3D11_RESOURCE_DIMENSION_TEXTURE2D, .usage = desc->Usage,
        .bind_flags = desc->BindFlags, .cpu_access_flags = desc->CPUAccessFlags,
        .misc_flags = desc->MiscFlags, .format = desc->Format, .width = desc->Width,
        .height = desc->Height, .depth = 1, .mip_levels = mips, .array_size = desc->ArraySize,
        .sample_count = desc->SampleDesc.Count, .sample_quality = desc->SampleDesc.Quality,
    };
    {
        core_resource_desc cd = {
            .dim = CORE_RES_TEX2D,
            .flags = (desc->MiscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE) ? CORE_RES_CUBE : 0,
            .format = desc->Format, .width = desc->Width, .height = desc->Height, .depth = 1,
            .mip_levels = mips, .array_size = desc->ArraySize,
            .samples = desc->SampleDesc.Count,
        };
        if (FAILED(hr = resource_init(dev, &t->res, &cd, init, "CreateTexture2D"))) {
            free(t);
            return hr;
        }
    }
    d3d11_child_init(&t->child, dev);
    *out = &t->iface;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE device_CreateTexture2D(ID3D11Device2 *iface,
                                                        const D3D11_TEXTURE2D_DESC *desc,
                                                        const D3D11_SUBRESOURCE_DATA *init,
                                                        ID3D11Texture2D **out)
{
    return d3d11_texture2d_create(d3d11_device_from_iface(iface), desc, init, false, out);
}

static HRESULT STDMETHODCALLTYPE device_CreateTexture3D(ID3D11Device2 *iface,
                                                        const D3D11_TEXTURE3D_DESC *desc,
                                                        const D3D11_SUBRESOURCE_DATA *init,
                                                        ID3D11Texture3D **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    char msg[D3D11_RESOURCE_MSG_SIZE];
    struct d3d11_texture3d *t;
    UINT mips;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = d3d11_validate_texture3d_desc(desc, init, dev->level, msg, sizeof(msg)))) {
        d3d11_msg(dev, "%s", msg);
        return hr;
    }
    if (!out)
        return S_FALSE;
    if (!(t = calloc(1, sizeof(*t)))) {
        d3d11_msg(dev, "CreateTexture3D: out of memory");
        return E_OUTOFMEMORY;
    }
    mips = d3d11_resolve_mip_levels(desc->MipLevels, desc->Width, desc->Height, desc->Depth);
    t->iface.lpVtbl = &texture3d_vtbl;
    t->desc = *desc;
    t->desc.MipLevels = mips;
    t->res = (struct d3d11_resource){
        .iface = &t->iface, .child = &t->child, .dim = D3D11_RESOURCE_DIMENSION_TEXTURE3D, .usage = desc->Usage,
        .bind_flags = desc->BindFlags, .cpu_access_flags = desc->CPUAccessFlags,
        .misc_flags = desc->MiscFlags, .format = desc->Format, .width = desc->Width,
        .height = desc->Height, .depth = desc->Depth, .mip_levels = mips, .array_size = 1,
        .sample_count = 1,
    };
    {
        core_resource_desc cd = { .dim = CORE_RES_TEX3D, .format = desc->Format,
                                  .width = desc->Width, .height = desc->Height,
                                  .depth = desc->Depth, .mip_levels = mips, .array_size = 1 };
        if (FAILED(hr = resource_init(dev, &t->res, &cd, init, "CreateTexture3D"))) {
            free(t);
            return hr;
        }
    }
    d3d11_child_init(&t->child, dev);
    *out = &t->iface;
    return S_OK;
}

/* ---- shared resources --------------------------------------------------------------------- */

static HRESULT open_shared(struct d3d11_device *dev, const char *method, const void *handle,
                           void **out)
{
    char msg[D3D11_RESOURCE_MSG_SIZE];
    HRESULT hr;
    if (out)
        *out = NULL;
    hr = d3d11_validate_open_shared(method, handle, out, dev->level, msg, sizeof(msg));
    d3d11_msg(dev, "%s", msg);   /* every call is refused: no handle names a resource */
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_OpenSharedResource(ID3D11Device2 *iface, HANDLE handle,
                                                           REFIID riid, void **out)
{
    (void)riid;
    return open_shared(d3d11_device_from_iface(iface), "OpenSharedResource", handle, out);
}

static HRESULT STDMETHODCALLTYPE device_OpenSharedResource1(ID3D11Device2 *iface, HANDLE handle,
                                                            REFIID riid, void **out)
{
    (void)riid;
    return open_shared(d3d11_device_from_iface(iface), "OpenSharedResource1", handle, out);
}

static HRESULT STDMETHODCALLTYPE device_OpenSharedResourceByName(ID3D11Device2 *iface,
                                                                 LPCWSTR name, DWORD access,
                                                                 REFIID riid, void **out)
{
    (void)access;
    (void)riid;
    return open_shared(d3d11_device_from_iface(iface), "OpenSharedResourceByName", name, out);
}

void d3d11_resource_fill_device_vtbl(ID3D11Device2Vtbl *v)
{
    v->CreateBuffer = device_CreateBuffer;
    v->CreateTexture1D = device_CreateTexture1D;
    v->CreateTexture2D = device_CreateTexture2D;
    v->CreateTexture3D = device_CreateTexture3D;
    v->OpenSharedResource = device_OpenSharedResource;
    v->OpenSharedResource1 = device_OpenSharedResource1;
    v->OpenSharedResourceByName = device_OpenSharedResourceByName;
    d3d11_view_fill_device_vtbl(v);
}
