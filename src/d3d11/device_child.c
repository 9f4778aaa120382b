/* src/d3d11/device_child.c — see device_child.h. */
#include "d3d11/device_child.h"

void d3d11_child_init(struct d3d11_child *c, struct d3d11_device *device)
{
    atomic_init(&c->refcount, 1);
    c->device = device;
    ID3D11Device2_AddRef(&device->iface);
    core_pd_init(&c->private_data);
}

struct d3d11_device *d3d11_child_cleanup(struct d3d11_child *c)
{
    core_pd_free(&c->private_data);
    return c->device;
}
