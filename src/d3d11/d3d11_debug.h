/* src/d3d11/d3d11_debug.h — the debug layer of a D3D11_CREATE_DEVICE_DEBUG device: its
 * ID3D11Debug face and live-object list (debug.c) and its ID3D11InfoQueue (info_queue.c).
 *
 * Both interfaces are faces of the device, as on Windows ("ID3D11Debug ... obtained by querying
 * it from the ID3D11Device using IUnknown::QueryInterface"; the info queue likewise): their
 * AddRef/Release are the device's and their QueryInterface is the device's, so
 * `debug->QueryInterface(IID_ID3D11InfoQueue)` works as programs expect.  A device created
 * without the flag has no layer and answers E_NOINTERFACE for both, as Windows does.
 */
#ifndef SOFTD3D_D3D11_DEBUG_H
#define SOFTD3D_D3D11_DEBUG_H

#include "d3d11/d3d11_private.h"
#include "d3d11sdklayers.h"

#include <stdint.h>

/* One allow or deny list: categories, severities and IDs (as their enum values). */
struct d3d11_iq_list {
    UINT count[3];
    UINT *values[3];        /* [0] categories, [1] severities, [2] IDs; malloc'd */
};

struct d3d11_iq_filter {
    struct d3d11_iq_list allow, deny;
};

/* A filter stack; never empty (the bottom filter cannot be popped). */
struct d3d11_iq_stack {
    struct d3d11_iq_filter *filters;
    UINT size, capacity;
};

struct d3d11_iq_message {
    D3D11_MESSAGE_CATEGORY category;
    D3D11_MESSAGE_SEVERITY severity;
    D3D11_MESSAGE_ID id;
    char *text;
    size_t bytes;           /* strlen + 1 */
};

struct d3d11_info_queue {
    ID3D11InfoQueue iface;
    struct d3d11_iq_message *messages;   /* oldest first */
    size_t count, capacity;
    UINT64 limit;                         /* UINT64_MAX: no limit */
    UINT64 allowed, denied, discarded;
    struct d3d11_iq_stack storage, retrieval;
    uint32_t break_categories, break_severities;   /* bit per value */
    UINT *break_ids;
    UINT break_id_count;
    atomic_bool mute;                     /* SetMuteDebugOutput */
};

struct d3d11_debug_layer {
    ID3D11Debug iface;
    struct d3d11_device *device;
    pthread_mutex_t lock;                 /* everything below and the info queue */
    UINT feature_mask;
    UINT present_delay;
    IDXGISwapChain *swapchain;            /* SetSwapChain: one reference held */
    struct d3d11_child *live;             /* the device's live children, newest first */
    struct d3d11_info_queue queue;
};

/* info_queue.c */
extern const ID3D11InfoQueueVtbl d3d11_info_queue_vtbl;
bool d3d11_info_queue_init(struct d3d11_info_queue *q);
void d3d11_info_queue_cleanup(struct d3d11_info_queue *q);
/* Stores one message if the storage filter lets it through; called with the layer's lock
 * held.  False when the message must not go to the debug output (the queue is muted). */
bool d3d11_info_queue_add(struct d3d11_info_queue *q, D3D11_MESSAGE_CATEGORY category,
                          D3D11_MESSAGE_SEVERITY severity, D3D11_MESSAGE_ID id,
                          const char *text);

/* IUnknown of a face of the device: QueryInterface, AddRef and Release are the device's.
 * `device_of(iface)` gives the struct d3d11_device. */
#define D3D11_DEVICE_FACE_IUNKNOWN(prefix, Iface, device_of)                                   \
    static HRESULT STDMETHODCALLTYPE prefix##_QueryInterface(Iface *iface, REFIID riid,       \
                                                             void **out)                      \
    {                                                                                          \
        return ID3D11Device2_QueryInterface(&device_of(iface)->iface, riid, out);             \
    }                                                                                          \
    static ULONG STDMETHODCALLTYPE prefix##_AddRef(Iface *iface)                              \
    {                                                                                          \
        return ID3D11Device2_AddRef(&device_of(iface)->iface);                                \
    }                                                                                          \
    static ULONG STDMETHODCALLTYPE prefix##_Release(Iface *iface)                             \
    {                                                                                          \
        return ID3D11Device2_Release(&device_of(iface)->iface);                               \
    }

static inline struct d3d11_debug_layer *d3d11_debug_layer_from_queue(ID3D11InfoQueue *iface)
{
    return container_of(iface, struct d3d11_debug_layer, queue.iface);
}

#endif
