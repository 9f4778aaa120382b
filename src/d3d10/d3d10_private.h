/* src/d3d10/d3d10_private.h — Direct3D 10 and 10.1 on the D3D11 device.
 *
 * Read me first:
 *  - The D3D10 API is the D3D11 one without a separate context ("the device is the context"),
 *    with a few different structures (integer viewports, one blend function for all targets,
 *    no DSV flags, no buffer structure stride) and Map on the resources.  So a D3D10 device is
 *    a thin front-end: it owns one D3D11 device and its immediate context, created with
 *    D3D11CreateDevice at the one level asked for (10_0 for D3D10CreateDevice; the
 *    HardwareLevel of D3D10CreateDevice1), and every method converts its arguments and calls
 *    the D3D11 method that does the work, which also does every validation and prints every
 *    refusal: what the D3D11 device refuses, the D3D10 device refuses the same way.
 *  - Each D3D11 object the application sees through D3D10 has a D3D10 face: a small object
 *    (struct d3d10_object) with the D3D10 vtable of its kind, holding one reference on the
 *    D3D11 object and one on the D3D10 device.  The D3D11 object points back at its face
 *    (d3d11_child.d3d10_face, no reference), so getters (PSGetShaderResources, GetResource...)
 *    give the application the same D3D10 pointer it created, and a D3D11 object reached
 *    otherwise (a swap chain's buffer) answers QueryInterface(IID_ID3D10Texture2D) with its
 *    face (d3d11_device.d3d10_query).  Faces are found, made and dropped under the device lock.
 *  - An argument that is not one of this device's D3D10 objects is refused with a message
 *    before anything is changed (d3d10_unwrap).
 */
#ifndef SOFTD3D_D3D10_PRIVATE_H
#define SOFTD3D_D3D10_PRIVATE_H

#include "d3d11/d3d11_private.h"
#include "d3d11/device_child.h"
#include "d3d10_1.h"

enum d3d10_kind {
    D3D10_KIND_BUFFER,
    D3D10_KIND_TEXTURE1D,
    D3D10_KIND_TEXTURE2D,
    D3D10_KIND_TEXTURE3D,
    D3D10_KIND_SRV,
    D3D10_KIND_RTV,
    D3D10_KIND_DSV,
    D3D10_KIND_VS,
    D3D10_KIND_GS,
    D3D10_KIND_PS,
    D3D10_KIND_INPUT_LAYOUT,
    D3D10_KIND_BLEND,
    D3D10_KIND_DEPTH_STENCIL,
    D3D10_KIND_RASTERIZER,
    D3D10_KIND_SAMPLER,
    D3D10_KIND_QUERY,
    D3D10_KIND_PREDICATE,
    D3D10_KIND_COUNTER,
    D3D10_KIND_COUNT
};

struct d3d10_device;

/* A D3D10 face of a D3D11 object. */
struct d3d10_object {
    const void *lpVtbl;             /* the kind's D3D10 vtable */
    unsigned refcount;              /* under the device lock */
    enum d3d10_kind kind;
    struct d3d10_device *device;    /* one reference */
    IUnknown *obj11;                /* the D3D11 object: one reference */
};

struct d3d10_device {
    ID3D10Device1 iface;
    atomic_uint refcount;
    pthread_mutex_t lock;           /* the faces: lookup, creation, Release */
    ID3D11Device *dev11;            /* one reference each */
    ID3D11DeviceContext *ctx11;
    struct d3d11_device *impl11;
    UINT flags;                     /* D3D10_CREATE_DEVICE_* as given */
    bool api_10_1;                  /* made by D3D10CreateDevice1(AndSwapChain1) */
    UINT text_filter_width, text_filter_height;
};

static inline struct d3d10_device *d3d10_device_impl(ID3D10Device1 *iface)
{
    return container_of(iface, struct d3d10_device, iface);
}

/* object.c */
/* The face of a D3D11 object (made if it has none), with one reference for the caller; NULL
 * for NULL (or when out of memory). */
void *d3d10_wrap(struct d3d10_device *dev, IUnknown *obj11, enum d3d10_kind kind);
/* The face of a D3D11 object the caller holds a reference on, which it gives up (the getters:
 * D3D11 getters return referenced objects). */
void *d3d10_wrap_owned(struct d3d10_device *dev, IUnknown *obj11, enum d3d10_kind kind);
/* A D3D10 object of `dev` of one of the kinds in `kinds` (a bit per kind), or NULL: *ok is false
 * (and a message printed naming `method`) when `iface` is not NULL and not such an object. */
IUnknown *d3d10_unwrap(struct d3d10_device *dev, const void *iface, unsigned kinds,
                       const char *method, bool *ok);
/* QueryInterface of a D3D11 child for a D3D10 IID (d3d11_device.d3d10_query). */
HRESULT d3d10_child_query(struct d3d11_device *dev11, IUnknown *child, REFIID riid, void **out);
#define D3D10_KINDS_RESOURCE                                                                   \
    ((1u << D3D10_KIND_BUFFER) | (1u << D3D10_KIND_TEXTURE1D) | (1u << D3D10_KIND_TEXTURE2D) | \
     (1u << D3D10_KIND_TEXTURE3D))
#define D3D10_KIND_BIT(k) (1u << (k))

/* convert.c: the D3D10 structures to and from D3D11's. */
D3D11_BUFFER_DESC d3d10_buffer_desc_to11(const D3D10_BUFFER_DESC *d);
void d3d10_buffer_desc_from11(const D3D11_BUFFER_DESC *d, D3D10_BUFFER_DESC *out);
UINT d3d10_misc_to11(UINT misc);
UINT d3d10_misc_from11(UINT misc);
D3D11_BLEND_DESC d3d10_blend_desc_to11(const D3D10_BLEND_DESC *d);
void d3d10_blend_desc_from11(const D3D11_BLEND_DESC *d, D3D10_BLEND_DESC *out);
D3D11_DEPTH_STENCIL_VIEW_DESC d3d10_dsv_desc_to11(const D3D10_DEPTH_STENCIL_VIEW_DESC *d);
void d3d10_dsv_desc_from11(const D3D11_DEPTH_STENCIL_VIEW_DESC *d,
                           D3D10_DEPTH_STENCIL_VIEW_DESC *out);

/* pipeline.c: the device's pipeline methods into its vtable. */
void d3d10_pipeline_fill_vtbl(ID3D10Device1Vtbl *v);

#endif
