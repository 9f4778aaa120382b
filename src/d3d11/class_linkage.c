/* src/d3d11/class_linkage.c — ID3D11ClassLinkage and ID3D11ClassInstance (dynamic shader
 * linkage, shader model 5 "Interfaces and Classes"; CreateClassLinkage is in shader.c).
 *
 * A linkage collects the class data (the IFCE chunk: shader/dxbc_class.h) of every shader
 * created with it: the class types and the class instances the shaders declare.
 *  - GetClassInstance(name, index): the index-th instance of that name the linkage's shaders
 *    declare (one record per distinct instance: the same instance declared by two shaders is
 *    one), a new ID3D11ClassInstance each call (Created FALSE, its shader-given location);
 *    unknown: E_INVALIDARG, *ppInstance NULL, a message.
 *  - CreateClassInstance(type, ConstantBufferOffset, ConstantVectorOffset, TextureOffset,
 *    SamplerOffset): an instance of a type the linkage's shaders declare, whose data the
 *    application places (Created TRUE; D3D11_CLASS_INSTANCE_DESC: ConstantBuffer,
 *    BaseConstantBufferOffset, BaseTexture, BaseSampler); an unknown type or a NULL name
 *    E_INVALIDARG.  NULL ppInstance validates only (S_FALSE).
 *  - ID3D11ClassInstance: GetClassLinkage (AddRef'd), GetDesc, GetInstanceName (empty for a
 *    created instance), GetTypeName; both name getters write up to *pBufferLength bytes
 *    (NUL-terminated) and set *pBufferLength to the name's length + 1; a NULL buffer asks for
 *    the length.
 * Both are device children like the others (refcount, private data, GetDevice).  An instance
 * holds an application reference on its linkage; the linkage holds none on instances.
 */
#include "d3d11/d3d11_shader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "d3d11/device_child.h"
#include "shader/dxbc_class.h"

struct d3d11_class_linkage {
    ID3D11ClassLinkage iface;
    struct d3d11_child child;
    mtx_t lock;                 /* shaders may be created on several threads */
    uint32_t type_count, instance_count, type_cap, instance_cap;
    struct dxbc_class_type *types;
    struct dxbc_class_instance *instances;
};

struct d3d11_class_instance {
    ID3D11ClassInstance iface;
    struct d3d11_child child;
    ID3D11ClassLinkage *linkage;    /* an application reference */
    D3D11_CLASS_INSTANCE_DESC desc;
    struct d3d11_class_instance_info info;
};

static void linkage_destroy(struct d3d11_class_linkage *l)
{
    mtx_destroy(&l->lock);
    free(l->types);
    free(l->instances);
    free(l);
}

static const GUID *const linkage_iids[] = {&IID_ID3D11ClassLinkage, NULL};
D3D11_CHILD_IMPLEMENT(linkage, ID3D11ClassLinkage, struct d3d11_class_linkage, linkage_iids,
                      linkage_destroy)

static void instance_destroy(struct d3d11_class_instance *c)
{
    ID3D11ClassLinkage_Release(c->linkage);
    free(c);
}

static const GUID *const instance_iids[] = {&IID_ID3D11ClassInstance, NULL};
D3D11_CHILD_IMPLEMENT(instance, ID3D11ClassInstance, struct d3d11_class_instance,
                      instance_iids, instance_destroy)

static void copy_name(LPSTR out, SIZE_T *len, const char *name)
{
    size_t n = strlen(name);
    if (!len)
        return;
    if (out && *len) {
        size_t k = n < *len - 1 ? n : *len - 1;
        memcpy(out, name, k);
        out[k] = '\0';
    }
    *len = n + 1;
}

static void STDMETHODCALLTYPE instance_GetClassLinkage(ID3D11ClassInstance *iface,
                                                       ID3D11ClassLinkage **out)
{
    if (!out)
        return;
    *out = instance_impl(iface)->linkage;
    ID3D11ClassLinkage_AddRef(*out);
}

static void STDMETHODCALLTYPE instance_GetDesc(ID3D11ClassInstance *iface,
                                               D3D11_CLASS_INSTANCE_DESC *desc)
{
    if (desc)
        *desc = instance_impl(iface)->desc;
}

static void STDMETHODCALLTYPE instance_GetInstanceName(ID3D11ClassInstance *iface, LPSTR name,
                                                       SIZE_T *len)
{
    copy_name(name, len, instance_impl(iface)->info.name);
}

static void STDMETHODCALLTYPE instance_GetTypeName(ID3D11ClassInstance *iface, LPSTR name,
                                                   SIZE_T *len)
{
    copy_name(name, len, instance_impl(iface)->info.type_name);
}

static const ID3D11ClassInstanceVtbl instance_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(instance),
    .GetClassLinkage = instance_GetClassLinkage,
    .GetDesc = instance_GetDesc,
    .GetInstanceName = instance_GetInstanceName,
    .GetTypeName = instance_GetTypeName,
};

static HRESULT instance_new(struct d3d11_class_linkage *l, const char *name,
                            const char *type_name, const D3D11_CLASS_INSTANCE_DESC *desc,
                            ID3D11ClassInstance **out)
{
    struct d3d11_class_instance *c = calloc(1, sizeof(*c));
    if (!c)
        return E_OUTOFMEMORY;
    c->iface.lpVtbl = &instance_vtbl;
    d3d11_child_init(&c->child, l->child.device);
    c->linkage = &l->iface;
    ID3D11ClassLinkage_AddRef(c->linkage);
    c->desc = *desc;
    c->info.linkage = &l->iface;
    c->info.desc = &c->desc;
    snprintf(c->info.name, sizeof(c->info.name), "%s", name);
    snprintf(c->info.type_name, sizeof(c->info.type_name), "%s", type_name);
    *out = &c->iface;
    return S_OK;
}

static const struct dxbc_class_type *linkage_type_named(const struct d3d11_class_linkage *l,
                                                        const char *name)
{
    for (uint32_t i = 0; name && i < l->type_count; i++)
        if (!strcmp(l->types[i].name, name))
            return &l->types[i];
    return NULL;
}

static HRESULT STDMETHODCALLTYPE linkage_GetClassInstance(ID3D11ClassLinkage *iface,
                                                          LPCSTR name, UINT index,
                                                          ID3D11ClassInstance **out)
{
    struct d3d11_class_linkage *l = linkage_impl(iface);
    HRESULT hr = E_INVALIDARG;
    if (out)
        *out = NULL;
    if (!name || !out) {
        d3d11_msg(l->child.device, "GetClassInstance: %s is NULL",
                  name ? "ppInstance" : "pClassInstanceName");
        return E_INVALIDARG;
    }
    mtx_lock(&l->lock);
    UINT seen = 0;
    for (uint32_t i = 0; i < l->instance_count; i++) {
        const struct dxbc_class_instance *in = &l->instances[i];
        if (strcmp(in->name, name) || seen++ != index)
            continue;
        const struct dxbc_class_type *t = NULL;
        for (uint32_t k = 0; k < l->type_count && !t; k++)
            if (l->types[k].id == in->type)
                t = &l->types[k];
        D3D11_CLASS_INSTANCE_DESC d = {
            .InstanceId = i, .InstanceIndex = index, .TypeId = in->type,
            .ConstantBuffer = in->cb, .BaseConstantBufferOffset = in->cb_offset,
            .BaseTexture = in->texture, .BaseSampler = in->sampler, .Created = FALSE,
        };
        hr = instance_new(l, in->name, t ? t->name : "", &d, out);
        break;
    }
    mtx_unlock(&l->lock);
    if (hr == E_INVALIDARG)
        d3d11_msg(l->child.device, "GetClassInstance: no shader created with this linkage "
                  "declares class instance '%s' index %u", name, index);
    return hr;
}

static HRESULT STDMETHODCALLTYPE linkage_CreateClassInstance(ID3D11ClassLinkage *iface,
                                                             LPCSTR type, UINT cb_offset,
                                                             UINT vector_offset,
                                                             UINT texture_offset,
                                                             UINT sampler_offset,
                                                             ID3D11ClassInstance **out)
{
    struct d3d11_class_linkage *l = linkage_impl(iface);
    HRESULT hr;
    if (out)
        *out = NULL;
    mtx_lock(&l->lock);
    const struct dxbc_class_type *t = linkage_type_named(l, type);
    D3D11_CLASS_INSTANCE_DESC d = {
        .TypeId = t ? t->id : 0, .ConstantBuffer = cb_offset,
        .BaseConstantBufferOffset = vector_offset, .BaseTexture = texture_offset,
        .BaseSampler = sampler_offset, .Created = TRUE,
    };
    char tname[DXBC_CLASS_NAME_MAX];
    if (t)
        snprintf(tname, sizeof(tname), "%s", t->name);
    mtx_unlock(&l->lock);
    if (!t) {
        d3d11_msg(l->child.device, "CreateClassInstance: no shader created with this linkage "
                  "declares class type '%s'", type ? type : "(NULL)");
        return E_INVALIDARG;
    }
    if (!out)
        return S_FALSE;
    if (FAILED(hr = instance_new(l, "", tname, &d, out)))
        d3d11_msg(l->child.device, "CreateClassInstance: out of memory");
    return hr;
}

static const ID3D11ClassLinkageVtbl linkage_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(linkage),
    .GetClassInstance = linkage_GetClassInstance,
    .CreateClassInstance = linkage_CreateClassInstance,
};

HRESULT d3d11_class_linkage_create(struct d3d11_device *dev, ID3D11ClassLinkage **out)
{
    struct d3d11_class_linkage *l = calloc(1, sizeof(*l));
    if (!l)
        return E_OUTOFMEMORY;
    if (mtx_init(&l->lock, mtx_plain) != thrd_success) {
        free(l);
        return E_OUTOFMEMORY;
    }
    l->iface.lpVtbl = &linkage_vtbl;
    d3d11_child_init(&l->child, dev);
    *out = &l->iface;
    return S_OK;
}

bool d3d11_class_linkage_of(const struct d3d11_device *dev, ID3D11ClassLinkage *iface)
{
    return iface && iface->lpVtbl == &linkage_vtbl && linkage_impl(iface)->child.device == dev;
}

static bool same_instance(const struct dxbc_class_instance *a, const struct dxbc_class_instance *b)
{
    return !strcmp(a->name, b->name) && a->type == b->type && a->cb == b->cb &&
           a->cb_offset == b->cb_offset && a->texture == b->texture && a->sampler == b->sampler;
}

HRESULT d3d11_class_linkage_add(ID3D11ClassLinkage *iface, const struct dxbc_class_info *c)
{
    struct d3d11_class_linkage *l = linkage_impl(iface);
    HRESULT hr = S_OK;
    mtx_lock(&l->lock);
    for (uint32_t i = 0; i < c->type_count && hr == S_OK; i++) {
        if (linkage_type_named(l, c->types[i].name))
            continue;
        if (l->type_count == l->type_cap) {
            uint32_t cap = l->type_cap ? 2 * l->type_cap : 8;
            void *p = realloc(l->types, cap * sizeof(*l->types));
            if (!p) {
                hr = E_OUTOFMEMORY;
                break;
            }
            l->types = p;
            l->type_cap = cap;
        }
        l->types[l->type_count++] = c->types[i];
    }
    for (uint32_t i = 0; i < c->instance_count && hr == S_OK; i++) {
        bool dup = false;
        for (uint32_t k = 0; k < l->instance_count && !dup; k++)
            dup = same_instance(&l->instances[k], &c->instances[i]);
        if (dup)
            continue;
        if (l->instance_count == l->instance_cap) {
            uint32_t cap = l->instance_cap ? 2 * l->instance_cap : 8;
            void *p = realloc(l->instances, cap * sizeof(*l->instances));
            if (!p) {
                hr = E_OUTOFMEMORY;
                break;
            }
            l->instances = p;
            l->instance_cap = cap;
        }
        l->instances[l->instance_count++] = c->instances[i];
    }
    mtx_unlock(&l->lock);
    return hr;
}

const struct d3d11_class_instance_info *d3d11_class_instance_info(ID3D11ClassInstance *iface)
{
    return iface && iface->lpVtbl == &instance_vtbl ? &instance_impl(iface)->info : NULL;
}

struct d3d11_child *d3d11_class_instance_child(ID3D11ClassInstance *iface)
{
    return iface && iface->lpVtbl == &instance_vtbl ? &instance_impl(iface)->child : NULL;
}
