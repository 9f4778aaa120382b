/* src/d3d11/device_child.h — what every ID3D11DeviceChild object shares: a reference count, one
 * reference on the device (children keep their device alive, so GetDevice always works), and a
 * private-data store.
 *
 * An object embeds `struct d3d11_child child;` next to its interface and instantiates the
 * IUnknown + ID3D11DeviceChild methods with D3D11_CHILD_IMPLEMENT (one template, no pasted
 * copies):
 *
 *   struct d3d11_blend_state { ID3D11BlendState1 iface; struct d3d11_child child; ... };
 *   static void blend_destroy(struct d3d11_blend_state *s) { ...free what it owns...; }
 *   static const GUID *const blend_iids[] = { &IID_ID3D11BlendState, &IID_ID3D11BlendState1, NULL };
 *   D3D11_CHILD_IMPLEMENT(blend, ID3D11BlendState1, struct d3d11_blend_state, blend_iids,
 *                         blend_destroy)
 *
 * which defines static blend_QueryInterface, blend_AddRef, blend_Release, blend_GetDevice,
 * blend_GetPrivateData, blend_SetPrivateData, blend_SetPrivateDataInterface and
 * blend_impl(iface).  QueryInterface answers IUnknown, ID3D11DeviceChild and the listed IIDs.
 * `destroy` frees the object's own resources and the object itself; the child part (private data)
 * is released just before it is called.
 *
 * Two kinds of references.  The application's (AddRef/Release, `refcount`) keep the object AND
 * its device alive: while refcount > 0 the object holds one device reference.  The context's
 * (d3d11_child_bind/unbind, for bound state) keep only the object alive: a device whose
 * application references are all gone dies even while its context has objects bound, and the
 * context's cleanup then drops them — otherwise bound objects and the device would keep each
 * other alive forever.  `life` counts both kinds; the object is destroyed when it reaches 0.
 * An application reference taken again after refcount reached 0 (IAGetIndexBuffer on a buffer
 * the application released while bound) takes the device reference again.
 */
#ifndef SOFTD3D_D3D11_DEVICE_CHILD_H
#define SOFTD3D_D3D11_DEVICE_CHILD_H

#include "d3d11/d3d11_private.h"
#include "core/com_object.h"

struct d3d11_child {
    atomic_uint refcount;            /* the application's references */
    atomic_uint life;                /* the application's and the context's references */
    struct d3d11_device *device;
    core_private_data private_data;
    /* Optional (NULL unless set after d3d11_child_init): called when the application's count
     * goes 0 -> 1 (held true) and 1 -> 0 (held false, before the object can be destroyed).  A
     * view uses it to hold its resource with an application reference only while the
     * application holds the view: a view kept alive by the context alone must not keep the
     * resource's device reference either (view.c). */
    void (*on_app_refs)(struct d3d11_child *c, bool held);
    /* The device's live-object list (debug devices only: debug.c, ReportLiveDeviceObjects);
     * NULL links otherwise.  Linked by d3d11_child_init, unlinked just before destruction. */
    struct d3d11_child *live_prev, *live_next;
    /* src/d3d10/: this object's Direct3D 10 face, if one exists (no reference; set and cleared
     * under the D3D10 device's lock). */
    void *d3d10_face;
};

/* Every object puts its interface first and its child part right after it (checked by
 * D3D11_CHILD_IMPLEMENT), so the live-object report finds the interface from the child. */
#define D3D11_CHILD_IFACE(c) ((IUnknown *)((char *)(c) - sizeof(void *)))
#define D3D11_CHILD_OF(iface) ((struct d3d11_child *)((char *)(iface) + sizeof(void *)))
/* A softd3d-private IID: the children's QueryInterface answers it with their IID list (no
 * reference taken), which the live-object report turns into the object's kind. */
extern const GUID d3d11_child_iid_list;
/* debug.c: onto the device's live list (debug devices; called by d3d11_child_init), and off
 * it (no-op when it is not on one). */
void d3d11_child_link(struct d3d11_child *c);
void d3d11_child_unlink(struct d3d11_child *c);

/* refcount 1, life 1, AddRef on the device. */
void d3d11_child_init(struct d3d11_child *c, struct d3d11_device *device);
/* The context's references (see above).  `iface` is the object's interface: an unbind that ends
 * the object's life destroys it through its own Release. */
void d3d11_child_bind(struct d3d11_child *c);
void d3d11_child_unbind(struct d3d11_child *c, IUnknown *iface);
/* One application reference more (AddRef, QueryInterface): 0 -> 1 takes the device again. */
ULONG d3d11_child_addref(struct d3d11_child *c);
/* An application reference on an object that may be dying on another thread (the state cache
 * finds objects it does not own): false, and nothing taken, once its life has reached 0. */
bool d3d11_child_tryref(struct d3d11_child *c);

#define D3D11_CHILD_IMPLEMENT(prefix, Iface, Type, iids, destroy)                             \
    _Static_assert(offsetof(Type, iface) == 0 && offsetof(Type, child) == sizeof(void *),    \
                   "D3D11_CHILD_IFACE: the interface first, the child part next");          \
    static inline Type *prefix##_impl(Iface *iface)                                         \
    {                                                                                         \
        return container_of(iface, Type, iface);                                             \
    }                                                                                         \
    static HRESULT STDMETHODCALLTYPE prefix##_QueryInterface(Iface *iface, REFIID riid,      \
                                                             void **out)                     \
    {                                                                                         \
        if (!out)                                                                             \
            return E_POINTER;                                                                 \
        if (riid && IsEqualGUID(riid, &d3d11_child_iid_list)) {                              \
            *out = (void *)(iids);                                                            \
            return S_FALSE;                                                                   \
        }                                                                                     \
        if (core_iid_in_list(riid, &IID_ID3D11DeviceChild, iids)) {                          \
            d3d11_child_addref(&prefix##_impl(iface)->child);                                \
            *out = iface;                                                                     \
            return S_OK;                                                                      \
        }                                                                                     \
        *out = NULL;                                                                          \
        if (prefix##_impl(iface)->child.device->d3d10_query) /* its D3D10 face (src/d3d10/) */ \
            return prefix##_impl(iface)->child.device->d3d10_query(                          \
                prefix##_impl(iface)->child.device, (IUnknown *)iface, riid, out);           \
        return E_NOINTERFACE;                                                                 \
    }                                                                                         \
    static ULONG STDMETHODCALLTYPE prefix##_AddRef(Iface *iface)                             \
    {                                                                                         \
        return d3d11_child_addref(&prefix##_impl(iface)->child);                             \
    }                                                                                         \
    static ULONG STDMETHODCALLTYPE prefix##_Release(Iface *iface)                            \
    {                                                                                         \
        Type *obj = prefix##_impl(iface);                                                    \
        struct d3d11_device *dev = obj->child.device;                                        \
        ULONG left = atomic_fetch_sub(&obj->child.refcount, 1) - 1;                          \
        if (!left && obj->child.on_app_refs)                                                  \
            obj->child.on_app_refs(&obj->child, false);                                       \
        if (atomic_fetch_sub(&obj->child.life, 1) == 1) {                                    \
            d3d11_child_unlink(&obj->child);                                                 \
            core_pd_free(&obj->child.private_data);                                          \
            destroy(obj);                                                                     \
        }                                                                                     \
        if (!left)                                                                            \
            ID3D11Device2_Release(&dev->iface); /* last: the device may die here */          \
        return left;                                                                          \
    }                                                                                         \
    CORE_COM_PRIVATE_DATA(prefix, Iface, Type, child.private_data, d3d11_pd_hresult)         \
    static void STDMETHODCALLTYPE prefix##_GetDevice(Iface *iface, ID3D11Device **out)       \
    {                                                                                         \
        struct d3d11_device *dev = prefix##_impl(iface)->child.device;                       \
        if (!out)                                                                             \
            return;                                                                           \
        ID3D11Device2_AddRef(&dev->iface);                                                   \
        *out = (ID3D11Device *)&dev->iface;                                                  \
    }

/* Designated initializers for the seven slots D3D11_CHILD_IMPLEMENT defines. */
#define D3D11_CHILD_VTBL_ENTRIES(prefix)                                                      \
    .QueryInterface = prefix##_QueryInterface, .AddRef = prefix##_AddRef,                    \
    .Release = prefix##_Release, .GetDevice = prefix##_GetDevice,                            \
    .GetPrivateData = prefix##_GetPrivateData, .SetPrivateData = prefix##_SetPrivateData,    \
    .SetPrivateDataInterface = prefix##_SetPrivateDataInterface

#endif
