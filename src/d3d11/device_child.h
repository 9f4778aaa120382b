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
 * `destroy` frees the object's own resources and the object itself; the child part (private data,
 * device reference) is released after it returns.
 */
#ifndef SOFTD3D_D3D11_DEVICE_CHILD_H
#define SOFTD3D_D3D11_DEVICE_CHILD_H

#include "d3d11/d3d11_private.h"
#include "core/com_object.h"

struct d3d11_child {
    atomic_uint refcount;
    struct d3d11_device *device;
    core_private_data private_data;
};

/* refcount 1, AddRef on the device. */
void d3d11_child_init(struct d3d11_child *c, struct d3d11_device *device);
/* Frees the private data; returns the device, whose reference the caller must release after it
 * has freed the object (the device may die with that release). */
struct d3d11_device *d3d11_child_cleanup(struct d3d11_child *c);

#define D3D11_CHILD_IMPLEMENT(prefix, Iface, Type, iids, destroy)                             \
    static void prefix##_child_destroy(Type *obj)                                             \
    {                                                                                         \
        struct d3d11_device *dev = d3d11_child_cleanup(&obj->child);                         \
        destroy(obj);                                                                         \
        ID3D11Device2_Release(&dev->iface); /* last: the device may die here */              \
    }                                                                                         \
    CORE_COM_IUNKNOWN(prefix, Iface, Type, child.refcount, &IID_ID3D11DeviceChild, iids,     \
                      prefix##_child_destroy)                                                 \
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
