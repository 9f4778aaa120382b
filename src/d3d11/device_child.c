/* src/d3d11/device_child.c — see device_child.h. */
#include "d3d11/device_child.h"

void d3d11_child_init(struct d3d11_child *c, struct d3d11_device *device)
{
    atomic_init(&c->refcount, 1);
    atomic_init(&c->life, 1);
    c->device = device;
    c->on_app_refs = NULL;
    c->d3d10_face = NULL;
    ID3D11Device2_AddRef(&device->iface);
    core_pd_init(&c->private_data);
    d3d11_child_link(c);
}

/* The application's count went 0 -> 1: the device reference, then the object's hook. */
static void app_refs_taken(struct d3d11_child *c)
{
    ID3D11Device2_AddRef(&c->device->iface);
    if (c->on_app_refs)
        c->on_app_refs(c, true);
}

ULONG d3d11_child_addref(struct d3d11_child *c)
{
    ULONG before = atomic_fetch_add(&c->refcount, 1);
    atomic_fetch_add(&c->life, 1);
    if (!before)
        app_refs_taken(c);
    return before + 1;
}

bool d3d11_child_tryref(struct d3d11_child *c)
{
    unsigned n = atomic_load(&c->life);
    while (n && !atomic_compare_exchange_weak(&c->life, &n, n + 1))
        ;
    if (!n)
        return false;
    if (!atomic_fetch_add(&c->refcount, 1))
        app_refs_taken(c);
    return true;
}

void d3d11_child_bind(struct d3d11_child *c)
{
    atomic_fetch_add(&c->life, 1);
}

void d3d11_child_unbind(struct d3d11_child *c, IUnknown *iface)
{
    /* Turn the context's reference into an application reference (life unchanged), then drop
     * it through the object's own Release, which destroys the object if that was its last
     * reference of either kind and keeps the device count balanced. */
    if (!atomic_fetch_add(&c->refcount, 1))
        app_refs_taken(c);
    IUnknown_Release(iface);
}
