/* src/core/com_object.h — the IUnknown and private-data methods every softd3d COM object shares,
 * written once as templates (macros that define static functions) instead of pasted per object.
 *
 *   struct thing { IThing iface; atomic_uint refcount; core_private_data pd; ... };
 *   static void thing_destroy(struct thing *t) { ...; free(t); }
 *   static const GUID *const thing_iids[] = { &IID_IThing, NULL };
 *   CORE_COM_IUNKNOWN(thing, IThing, struct thing, refcount, NULL, thing_iids, thing_destroy)
 *   CORE_COM_PRIVATE_DATA(thing, IThing, struct thing, pd, d3d11_pd_hresult)
 *
 * CORE_COM_IUNKNOWN defines thing_impl(iface), thing_QueryInterface (IUnknown, `base` (an IID
 * pointer shared by a family of objects, e.g. &IID_ID3D11DeviceChild, or NULL) and the NULL-ended
 * iids list; everything else E_NOINTERFACE with *out = NULL; a NULL out-pointer is E_POINTER),
 * thing_AddRef and thing_Release (destroy at zero).  `refcount` names the atomic_uint member
 * (it may be a path, e.g. child.refcount).
 * CORE_COM_PRIVATE_DATA defines thing_GetPrivateData, thing_SetPrivateData and
 * thing_SetPrivateDataInterface over the core_private_data member `pd`, mapping the store's
 * status to HRESULTs with `map` (each API has its own codes).  The D3D9 resource form of
 * SetPrivateData (with a flags argument) is not covered.
 */
#ifndef SOFTD3D_CORE_COM_OBJECT_H
#define SOFTD3D_CORE_COM_OBJECT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/private_data.h"

#ifndef container_of
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))
#endif

/* True for IUnknown, for base (if not NULL) and for any IID of the NULL-terminated list. */
static inline bool core_iid_in_list(REFIID riid, const GUID *base, const GUID *const *iids)
{
    if (!riid)
        return false;
    if (IsEqualGUID(riid, &IID_IUnknown) || (base && IsEqualGUID(riid, base)))
        return true;
    for (; iids && *iids; iids++)
        if (IsEqualGUID(riid, *iids))
            return true;
    return false;
}

#define CORE_COM_IUNKNOWN(prefix, Iface, Type, refcount, base, iids, destroy)                 \
    static inline Type *prefix##_impl(Iface *iface)                                         \
    {                                                                                         \
        return container_of(iface, Type, iface);                                             \
    }                                                                                         \
    static HRESULT STDMETHODCALLTYPE prefix##_QueryInterface(Iface *iface, REFIID riid,      \
                                                             void **out)                     \
    {                                                                                         \
        if (!out)                                                                             \
            return E_POINTER;                                                                 \
        if (core_iid_in_list(riid, base, iids)) {                                            \
            atomic_fetch_add(&prefix##_impl(iface)->refcount, 1);                            \
            *out = iface;                                                                     \
            return S_OK;                                                                      \
        }                                                                                     \
        *out = NULL;                                                                          \
        return E_NOINTERFACE;                                                                 \
    }                                                                                         \
    static ULONG STDMETHODCALLTYPE prefix##_AddRef(Iface *iface)                             \
    {                                                                                         \
        return atomic_fetch_add(&prefix##_impl(iface)->refcount, 1) + 1;                     \
    }                                                                                         \
    static ULONG STDMETHODCALLTYPE prefix##_Release(Iface *iface)                            \
    {                                                                                         \
        Type *obj = prefix##_impl(iface);                                                    \
        ULONG left = atomic_fetch_sub(&obj->refcount, 1) - 1;                                \
        if (!left)                                                                            \
            destroy(obj);                                                                     \
        return left;                                                                          \
    }

#define CORE_COM_PRIVATE_DATA(prefix, Iface, Type, pd, map)                                   \
    static HRESULT STDMETHODCALLTYPE prefix##_GetPrivateData(Iface *iface, REFGUID guid,     \
                                                             UINT *size, void *data)         \
    {                                                                                         \
        return map(core_pd_get(&prefix##_impl(iface)->pd, guid, size, data));                \
    }                                                                                         \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateData(Iface *iface, REFGUID guid,     \
                                                             UINT size, const void *data)    \
    {                                                                                         \
        return map(core_pd_set(&prefix##_impl(iface)->pd, guid, size, data));                \
    }                                                                                         \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateDataInterface(                       \
        Iface *iface, REFGUID guid, const IUnknown *data)                                    \
    {                                                                                         \
        return map(core_pd_set_interface(&prefix##_impl(iface)->pd, guid, (IUnknown *)data));\
    }

#endif
