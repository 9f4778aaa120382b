/* src/d3d11/d3d11_private.h — the Direct3D 11 front-end's objects.
 *
 * Object model (as in every softd3d COM object): a C struct embeds one interface struct per
 * exposed interface family; impl_from_X() recovers the object with container_of.  Reference
 * counts are atomic.  ID3D11Device, ID3D11Device1 and ID3D11Device2 share one vtable (each
 * extends the previous one), and so do the three device-context interfaces and IDXGIDevice(1).
 *
 * Lifetime: the device owns its immediate context.  The context has its own count; while the
 * application holds the context (count > 0) the context holds one reference on the device, so the
 * device cannot go away under it.  The device frees the context's memory when it dies.
 */
#ifndef SOFTD3D_D3D11_PRIVATE_H
#define SOFTD3D_D3D11_PRIVATE_H

#define COBJMACROS
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include <pthread.h>

#include "d3d11_4.h"
#include "dxgi1_6.h"

#include "core/private_data.h"
#include "d3d11/d3d11_context.h"
#include "core/profile.h"

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct d3d11_device;

struct d3d11_resource;

/* The immediate context.  `state` is the pipeline state the setters bind (d3d11_context.h, which
 * the draw path reads): bound objects are held with one context reference each, released when
 * unbound, by ClearState and when the device dies.  `extra` holds the mapped subresources and
 * the queries between Begin and End, which ClearState leaves alone. */
struct d3d11_context {
    ID3D11DeviceContext2 iface;
    atomic_uint refcount;
    struct d3d11_device *device;
    core_private_data private_data;
    ID3DUserDefinedAnnotation annotation;   /* its QueryInterface face (context_annotation.c) */
    struct d3d11_context_state state;
    struct d3d11_context_extra extra;
};

/* The one software adapter, and the factory that enumerates it.  Each is a refcounted object.
 * The factory is IDXGIFactory6 (every version from IDXGIFactory shares its vtable), the adapter
 * IDXGIAdapter4 (likewise). */
struct dxgi_factory {
    IDXGIFactory6 iface;
    atomic_uint refcount;
    core_private_data private_data;
    UINT flags;                     /* CreateDXGIFactory2 Flags (GetCreationFlags) */
    bool debug;                     /* DXGI_CREATE_FACTORY_DEBUG: print the factory's refusals */
    atomic_uint next_cookie;        /* Register*Status* cookies */
};

struct dxgi_adapter {
    IDXGIAdapter4 iface;
    atomic_uint refcount;
    struct dxgi_factory *factory;   /* GetParent; one reference held */
    core_private_data private_data;
    atomic_uint next_cookie;        /* Register*Event cookies */
};

/* ID3D11Multithread (multithread.c): the immediate context's critical section. */
struct d3d11_multithread {
    ID3D11Multithread iface;
    pthread_mutex_t lock;                    /* recursive; Enter/Leave, and every context call
                                              * while `protect` is set */
    atomic_bool protect;                     /* SetMultithreadProtected */
    const ID3D11DeviceContext2Vtbl *real;    /* the context's own methods */
    ID3D11DeviceContext2Vtbl locked;         /* the context's vtable: real's, each inside the
                                              * lock while protected (comgen.py --locked) */
};

struct d3d11_device {
    ID3D11Device2 iface;
    IDXGIDevice4 dxgi_iface;        /* IDXGIDevice .. IDXGIDevice4 (dxgi_device.c) */
    atomic_uint refcount;
    D3D_FEATURE_LEVEL level;
    UINT flags;                     /* D3D11_CREATE_DEVICE_* as given */
    D3D_DRIVER_TYPE driver_type;
    bool debug;                     /* D3D11_CREATE_DEVICE_DEBUG: print every refusal */
    const core_profile *profile;
    struct dxgi_adapter *adapter;   /* one reference held */
    struct d3d11_context context;   /* the immediate context */
    struct d3d11_multithread mt;    /* its ID3D11Multithread face and lock (multithread.c) */
    UINT exception_mode;
    UINT max_frame_latency;
    INT gpu_thread_priority;
    core_private_data private_data;
    /* state.c: this device's blend, rasterizer, depth-stencil and sampler states, for the
     * documented de-duplication of identical descriptions.  A weak list (no references held;
     * each object unlinks itself as it dies) guarded by state.c's lock; zero from calloc, and
     * empty when the device dies, since every state object holds a device reference. */
    struct d3d11_state_entry *state_objects;
    /* debug.c: ID3D11Debug, ID3D11InfoQueue and the live-object list; NULL unless created with
     * D3D11_CREATE_DEVICE_DEBUG. */
    struct d3d11_debug_layer *debug_layer;
    /* src/d3d10/: the Direct3D 10 device running on this one (NULL if none; no reference), and
     * how a child answers a D3D10 IID (its D3D10 face: swap-chain buffers, ID3D10Texture2D).
     * Set and cleared by the D3D10 layer. */
    IUnknown *d3d10_device;
    HRESULT (*d3d10_query)(struct d3d11_device *dev, IUnknown *child, REFIID riid, void **out);
};

/* Refusal message for a device: printed when the debug flag or SOFTD3D_DEBUG is on; always kept
 * as the thread's last message (util_last_message). */
/* multithread.c: called once the immediate context is made (it wraps the context's vtable);
 * false when the mutex cannot be made. */
bool d3d11_multithread_init(struct d3d11_device *dev);
void d3d11_multithread_cleanup(struct d3d11_device *dev);

#define d3d11_msg(dev, ...) d3d11_device_msg((dev), __VA_ARGS__)
/* debug.c: util_msg for a device (dev may be NULL); a debug device also stores the line in its
 * ID3D11InfoQueue. */
void d3d11_device_msg(const struct d3d11_device *dev, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* debug.c: the debug layer of a D3D11_CREATE_DEVICE_DEBUG device (false: out of memory), its
 * end (after the context's cleanup: every child is gone by then), and the device's
 * QueryInterface for ID3D11Debug / ID3D11InfoQueue (E_NOINTERFACE without the layer). */
bool d3d11_debug_layer_create(struct d3d11_device *dev);
void d3d11_debug_layer_destroy(struct d3d11_device *dev);
HRESULT d3d11_debug_layer_query(struct d3d11_device *dev, REFIID riid, void **out);

static inline struct d3d11_device *d3d11_device_from_iface(ID3D11Device2 *iface)
{
    return container_of(iface, struct d3d11_device, iface);
}

/* create.c */
const char *d3d11_level_name(D3D_FEATURE_LEVEL level);

/* device.c */
HRESULT d3d11_device_create(const core_profile *profile, D3D_FEATURE_LEVEL level, UINT flags,
                            D3D_DRIVER_TYPE type, struct dxgi_adapter *adapter,
                            struct d3d11_device **out);

/* Each module sets the ID3D11Device2 slots it implements (called once, before comgen fills the
 * rest with stubs): format_support.c, resource.c (resources and views), state.c, query.c,
 * shader.c (shaders and input layouts). */
void d3d11_format_support_fill_device_vtbl(ID3D11Device2Vtbl *v);
void d3d11_resource_fill_device_vtbl(ID3D11Device2Vtbl *v);
void d3d11_state_fill_device_vtbl(ID3D11Device2Vtbl *v);
void d3d11_query_fill_device_vtbl(ID3D11Device2Vtbl *v);
void d3d11_shader_fill_device_vtbl(ID3D11Device2Vtbl *v);
void d3d11_state_object_fill_device_vtbl(ID3D11Device2Vtbl *v);   /* context_state_object.c */

/* tiled.c (issue 7; issues 11/15): the 11_1 device vtable (`base`, the ordinary device, with
 * tiled resources added), the context's tile methods, and the refusal helper for what is not
 * implemented for tiled resources ("CreateXxx: not implemented for tiled resources..."). */
ID3D11Device2Vtbl *d3d11_tiled_device_vtbl(const ID3D11Device2Vtbl *base);
void d3d11_tiled_fill_context_vtbl(ID3D11DeviceContext2Vtbl *v);
HRESULT d3d11_level_unimplemented(struct d3d11_device *dev, const char *method);
/* tiled_draw.c: the 11_1 context: the ordinary context's vtable, whose draws render into
 * tiled render targets through a linear copy, and whose ClearRenderTargetView clears them. */
void d3d11_tiled_context_init(struct d3d11_context *ctx);
/* context_clear_view.c: ID3D11DeviceContext1::ClearView of the 11_1 context. */
void d3d11_clear_view_fill(ID3D11DeviceContext2Vtbl *v);

/* context.c */
void d3d11_context_init(struct d3d11_context *ctx, struct d3d11_device *device);
void d3d11_context_cleanup(struct d3d11_context *ctx);

/* feature_support.c: a pure function of the device's level and profile. */
HRESULT d3d11_check_feature_support(const struct d3d11_device *dev, D3D11_FEATURE feature,
                                    void *data, UINT size);

/* dxgi.c: the factory (flags: CreateDXGIFactory2's). */
HRESULT dxgi_factory_create(UINT flags, struct dxgi_factory **out);
/* dxgi_adapter.c */
HRESULT dxgi_adapter_create(struct dxgi_factory *factory, struct dxgi_adapter **out);
/* The adapter behind an application's IDXGIAdapter, or NULL if it is not one of ours. */
struct dxgi_adapter *dxgi_adapter_from_iface(IDXGIAdapter *iface);
/* The adapter's LUID (DXGI_ADAPTER_DESC::AdapterLuid, IDXGIFactory4::EnumAdapterByLuid). */
LUID dxgi_adapter_luid(void);
/* dxgi_device.c */
void dxgi_device_init_vtbl(struct d3d11_device *dev);
/* The softd3d D3D11 device behind any of its interfaces (QueryInterface for IDXGIDevice1, whose
 * vtable is checked), or NULL; no reference is kept. */
struct d3d11_device *dxgi_device_from_unknown(IUnknown *unk);

/* swapchain.c: IDXGIFactory::CreateSwapChain's work (also D3D11CreateDeviceAndSwapChain's), and
 * IDXGIFactory2::CreateSwapChainForHwnd's (`fullscreen` may be NULL). */
HRESULT dxgi_swapchain_create(struct dxgi_factory *factory, IUnknown *device,
                              const DXGI_SWAP_CHAIN_DESC *desc, IDXGISwapChain **out);
HRESULT dxgi_swapchain_create_for_hwnd(struct dxgi_factory *factory, IUnknown *device, HWND window,
                                       const DXGI_SWAP_CHAIN_DESC1 *desc,
                                       const DXGI_SWAP_CHAIN_FULLSCREEN_DESC *fullscreen,
                                       IDXGIOutput *restrict_to, IDXGISwapChain1 **out);

/* Maps the private-data store's status onto the DXGI/D3D11 HRESULTs. */
HRESULT d3d11_pd_hresult(core_pd_status st);

#endif
