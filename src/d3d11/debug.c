/* src/d3d11/debug.c — the debug layer of a D3D11_CREATE_DEVICE_DEBUG device: ID3D11Debug, the
 * live-object list behind ReportLiveDeviceObjects, and the routing of the device's refusal
 * lines into its ID3D11InfoQueue (info_queue.c).  See d3d11_debug.h for how the faces hang on
 * the device.
 *
 * Messages.  Every refusal line of the device (d3d11_msg) becomes a stored D3D11_MESSAGE with
 * severity ERROR (the debug layer reports invalid API use as errors) and ID
 * D3D11_MESSAGE_ID_UNKNOWN: softd3d's lines do not correspond one to one to the SDK's thousands
 * of IDs, and only the IDs it can name exactly are declared (d3d11sdklayers.idl).  The category
 * follows the method the line names ("CreateTexture2D: ..." is STATE_CREATION, "IASetVertex
 * Buffers: ..." STATE_SETTING, "Map: ..." RESOURCE_MANIPULATION, "Draw: ..." EXECUTION;
 * category_of below).  The live-object report uses the documented LIVE_* IDs, category
 * STATE_CREATION, severity WARNING (what the Windows debug layer prints for it, e.g.
 * "Live ID3D11Texture2D at 0x..., Refcount: 0, IntRef: 1 [ STATE_CREATION WARNING #425:
 * LIVE_TEXTURE2D ]").
 *
 * ID3D11Debug ("ID3D11Debug interface", learn.microsoft.com):
 *   - Set/GetFeatureMask: the D3D11_DEBUG_FEATURE_* bits are stored and answered; other bits
 *     E_INVALIDARG.  They change nothing in softd3d: every context call has done its work when
 *     it returns, so flushing or finishing after each render operation is what already happens,
 *     and PRESENT_PER_RENDER_OP (presenting after each operation) is not done (README);
 *   - Set/GetPresentPerRenderOpDelay and Set/GetSwapChain: stored and answered (the swap chain
 *     with one reference, dropped by SetSwapChain(NULL) or the device's end), used by nothing
 *     for the same reason;
 *   - ValidateContext / ValidateContextForDispatch: softd3d validates every call when it is
 *     made, so a context of this device has nothing left to report (S_OK); NULL or another
 *     device's context E_INVALIDARG;
 *   - ReportLiveDeviceObjects: D3D11_RLDO_SUMMARY adds one LIVE_OBJECT_SUMMARY message (the
 *     device and the number of live objects), D3D11_RLDO_DETAIL one message per live object
 *     (the device, its immediate context, every child with its application and internal
 *     reference counts and its debug name); D3D11_RLDO_IGNORE_INTERNAL is accepted (softd3d
 *     creates no internal objects); other bits E_INVALIDARG.  Each message is also printed.
 */
#include "d3d11/d3d11_debug.h"
#include "d3d11/d3d11_context.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11/device_child.h"
#include "util/log.h"

/* {a8f1b2c0-5d3d-4e11-9c0d-736f66746433}: softd3d's own, never an application's IID. */
const GUID d3d11_child_iid_list = { 0xa8f1b2c0, 0x5d3d, 0x4e11,
                                    { 0x9c, 0x0d, 0x73, 0x6f, 0x66, 0x74, 0x64, 0x33 } };

static inline struct d3d11_debug_layer *layer_of(ID3D11Debug *iface)
{
    return container_of(iface, struct d3d11_debug_layer, iface);
}

/* ---- messages ---- */

static bool starts_with(const char *s, const char *prefix)
{
    return !strncmp(s, prefix, strlen(prefix));
}

/* The method a refusal line starts with: "Method: ..." or "Interface::Method: ...", copied
 * into `out` (empty when the line does not start that way). */
static void method_of(const char *line, char *out, size_t size)
{
    const char *m = line, *end;
    size_t n;
    for (;;) {
        end = m + strcspn(m, ": ");
        if (end[0] == ':' && end[1] == ':')
            m = end + 2;     /* skip the interface */
        else
            break;
    }
    n = end[0] == ':' ? (size_t)(end - m) : 0;
    if (n >= size)
        n = size - 1;
    memcpy(out, m, n);
    out[n] = 0;
}

/* The category of a refusal line, from the method it names. */
static D3D11_MESSAGE_CATEGORY category_of(const char *line)
{
    static const char *const manipulation[] = { "Map", "Unmap", "Copy", "Update", "Generate",
                                                "Resolve", "Discard", "SetResourceMinLOD",
                                                NULL };
    static const char *const execution[] = { "Draw", "Dispatch", "Clear", "Begin", "End",
                                             "GetData", "ExecuteCommandList", "Flush",
                                             "FinishCommandList", "Present", NULL };
    char m[64];
    method_of(line, m, sizeof(m));
    if (strstr(line, "is not implemented"))
        return D3D11_MESSAGE_CATEGORY_MISCELLANEOUS;
    if (starts_with(m, "D3D11CreateDevice"))
        return D3D11_MESSAGE_CATEGORY_INITIALIZATION;
    if (starts_with(m, "Create") || starts_with(m, "Check"))
        return D3D11_MESSAGE_CATEGORY_STATE_CREATION;
    for (int i = 0; manipulation[i]; i++)
        if (starts_with(m, manipulation[i]))
            return D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION;
    for (int i = 0; execution[i]; i++)
        if (starts_with(m, execution[i]))
            return D3D11_MESSAGE_CATEGORY_EXECUTION;
    /* The pipeline-stage setters and getters: IASetVertexBuffers, PSGetShaderResources,
     * OMSetRenderTargets, RSSetViewports, SetPredication... */
    if (strstr(m, "Set"))
        return D3D11_MESSAGE_CATEGORY_STATE_SETTING;
    if (strstr(m, "Get"))
        return D3D11_MESSAGE_CATEGORY_STATE_GETTING;
    return D3D11_MESSAGE_CATEGORY_MISCELLANEOUS;
}

/* Stores a message in the layer's queue; true when it is to be printed (not muted). */
static bool layer_store(struct d3d11_debug_layer *l, D3D11_MESSAGE_CATEGORY category,
                        D3D11_MESSAGE_SEVERITY severity, D3D11_MESSAGE_ID id, const char *text)
{
    bool print;
    pthread_mutex_lock(&l->lock);
    print = d3d11_info_queue_add(&l->queue, category, severity, id, text);
    pthread_mutex_unlock(&l->lock);
    return print;
}

void d3d11_device_msg(const struct d3d11_device *dev, const char *fmt, ...)
{
    char line[512];
    bool print = dev && dev->debug;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof(line), fmt, ap);
    va_end(ap);
    if (dev && dev->debug_layer)
        print = layer_store(dev->debug_layer, category_of(line), D3D11_MESSAGE_SEVERITY_ERROR,
                            D3D11_MESSAGE_ID_UNKNOWN, line);
    util_msg(print, "%s", line);
}

/* ---- the live-object list ---- */

void d3d11_child_link(struct d3d11_child *c)
{
    struct d3d11_debug_layer *l = c->device->debug_layer;
    c->live_prev = c->live_next = NULL;
    if (!l)
        return;
    pthread_mutex_lock(&l->lock);
    c->live_next = l->live;
    if (l->live)
        l->live->live_prev = c;
    l->live = c;
    pthread_mutex_unlock(&l->lock);
}

void d3d11_child_unlink(struct d3d11_child *c)
{
    struct d3d11_debug_layer *l = c->device->debug_layer;
    if (!l)
        return;
    pthread_mutex_lock(&l->lock);
    if (c->live_prev)
        c->live_prev->live_next = c->live_next;
    else if (l->live == c)
        l->live = c->live_next;
    if (c->live_next)
        c->live_next->live_prev = c->live_prev;
    c->live_prev = c->live_next = NULL;
    pthread_mutex_unlock(&l->lock);
}

/* The interface name and LIVE_* ID of a child, from the last IID of its list this table knows
 * (the lists run from the base interface to the most derived: a predicate's ends with
 * ID3D11Predicate). */
static const struct live_kind {
    const GUID *iid;
    const char *name;
    D3D11_MESSAGE_ID id;
} live_kinds[] = {
    { &IID_ID3D11Buffer, "ID3D11Buffer", D3D11_MESSAGE_ID_LIVE_BUFFER },
    { &IID_ID3D11Texture1D, "ID3D11Texture1D", D3D11_MESSAGE_ID_LIVE_TEXTURE1D },
    { &IID_ID3D11Texture2D, "ID3D11Texture2D", D3D11_MESSAGE_ID_LIVE_TEXTURE2D },
    { &IID_ID3D11Texture3D, "ID3D11Texture3D", D3D11_MESSAGE_ID_LIVE_TEXTURE3D },
    { &IID_ID3D11ShaderResourceView, "ID3D11ShaderResourceView",
      D3D11_MESSAGE_ID_LIVE_SHADERRESOURCEVIEW },
    { &IID_ID3D11RenderTargetView, "ID3D11RenderTargetView",
      D3D11_MESSAGE_ID_LIVE_RENDERTARGETVIEW },
    { &IID_ID3D11DepthStencilView, "ID3D11DepthStencilView",
      D3D11_MESSAGE_ID_LIVE_DEPTHSTENCILVIEW },
    { &IID_ID3D11UnorderedAccessView, "ID3D11UnorderedAccessView",
      D3D11_MESSAGE_ID_LIVE_UNORDEREDACCESSVIEW },
    { &IID_ID3D11VertexShader, "ID3D11VertexShader", D3D11_MESSAGE_ID_LIVE_VERTEXSHADER },
    { &IID_ID3D11HullShader, "ID3D11HullShader", D3D11_MESSAGE_ID_LIVE_HULLSHADER },
    { &IID_ID3D11DomainShader, "ID3D11DomainShader", D3D11_MESSAGE_ID_LIVE_DOMAINSHADER },
    { &IID_ID3D11GeometryShader, "ID3D11GeometryShader", D3D11_MESSAGE_ID_LIVE_GEOMETRYSHADER },
    { &IID_ID3D11PixelShader, "ID3D11PixelShader", D3D11_MESSAGE_ID_LIVE_PIXELSHADER },
    { &IID_ID3D11ComputeShader, "ID3D11ComputeShader", D3D11_MESSAGE_ID_LIVE_COMPUTESHADER },
    { &IID_ID3D11InputLayout, "ID3D11InputLayout", D3D11_MESSAGE_ID_LIVE_INPUTLAYOUT },
    { &IID_ID3D11SamplerState, "ID3D11SamplerState", D3D11_MESSAGE_ID_LIVE_SAMPLER },
    { &IID_ID3D11BlendState, "ID3D11BlendState", D3D11_MESSAGE_ID_LIVE_BLENDSTATE },
    { &IID_ID3D11DepthStencilState, "ID3D11DepthStencilState",
      D3D11_MESSAGE_ID_LIVE_DEPTHSTENCILSTATE },
    { &IID_ID3D11RasterizerState, "ID3D11RasterizerState",
      D3D11_MESSAGE_ID_LIVE_RASTERIZERSTATE },
    { &IID_ID3D11Query, "ID3D11Query", D3D11_MESSAGE_ID_LIVE_QUERY },
    { &IID_ID3D11Predicate, "ID3D11Predicate", D3D11_MESSAGE_ID_LIVE_PREDICATE },
    { &IID_ID3D11Counter, "ID3D11Counter", D3D11_MESSAGE_ID_LIVE_COUNTER },
    { &IID_ID3D11CommandList, "ID3D11CommandList", D3D11_MESSAGE_ID_LIVE_COMMANDLIST },
    { &IID_ID3D11ClassLinkage, "ID3D11ClassLinkage", D3D11_MESSAGE_ID_LIVE_CLASSLINKAGE },
    { &IID_ID3D11ClassInstance, "ID3D11ClassInstance", D3D11_MESSAGE_ID_LIVE_CLASSINSTANCE },
    /* (no LIVE_ message ID exists for context states: the kind is named, the ID unknown) */
    { &IID_ID3DDeviceContextState, "ID3DDeviceContextState", D3D11_MESSAGE_ID_UNKNOWN },
};

static const struct live_kind *kind_of(struct d3d11_child *c)
{
    static const struct live_kind unknown = { NULL, "ID3D11DeviceChild",
                                              D3D11_MESSAGE_ID_UNKNOWN };
    IUnknown *iface = D3D11_CHILD_IFACE(c);
    const GUID *const *iids = NULL;
    const struct live_kind *found = &unknown;
    /* The children's QueryInterface answers the private IID with its list, taking no
     * reference (device_child.h). */
    if (IUnknown_QueryInterface(iface, &d3d11_child_iid_list, (void **)&iids) != S_FALSE)
        return found;
    for (; iids && *iids; iids++)
        for (size_t k = 0; k < sizeof(live_kinds) / sizeof(live_kinds[0]); k++)
            if (IsEqualGUID(*iids, live_kinds[k].iid))
                found = &live_kinds[k];
    return found;
}

/* Stores and prints one report line (called without the lock). */
static void report(struct d3d11_debug_layer *l, D3D11_MESSAGE_ID id, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void report(struct d3d11_debug_layer *l, D3D11_MESSAGE_ID id, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof(line), fmt, ap);
    va_end(ap);
    if (layer_store(l, D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_WARNING, id,
                    line))
        util_msg(true, "%s", line);
}

/* One live child, described under the lock (it cannot be destroyed before it is unlinked). */
struct live_entry {
    const struct live_kind *kind;
    void *iface;
    unsigned refcount, internal;
    char name[64];
};

static void describe(struct d3d11_child *c, struct live_entry *e)
{
    UINT size = sizeof(e->name) - 1;
    unsigned life = atomic_load(&c->life);
    e->kind = kind_of(c);
    e->iface = D3D11_CHILD_IFACE(c);
    e->refcount = atomic_load(&c->refcount);
    e->internal = life > e->refcount ? life - e->refcount : 0;
    memset(e->name, 0, sizeof(e->name));
    if (core_pd_get(&c->private_data, &WKPDID_D3DDebugObjectName, &size, e->name) != CORE_PD_OK)
        e->name[0] = 0;
}

/* ---- ID3D11Debug ---- */

static inline struct d3d11_device *debug_device(ID3D11Debug *iface)
{
    return layer_of(iface)->device;
}

D3D11_DEVICE_FACE_IUNKNOWN(debug, ID3D11Debug, debug_device)

/* A stored setting, read and written under the lock. */
static UINT locked_get(struct d3d11_debug_layer *l, const UINT *setting)
{
    UINT v;
    pthread_mutex_lock(&l->lock);
    v = *setting;
    pthread_mutex_unlock(&l->lock);
    return v;
}

static void locked_set(struct d3d11_debug_layer *l, UINT *setting, UINT v)
{
    pthread_mutex_lock(&l->lock);
    *setting = v;
    pthread_mutex_unlock(&l->lock);
}

#define DEBUG_FEATURES                                                                         \
    (D3D11_DEBUG_FEATURE_FLUSH_PER_RENDER_OP | D3D11_DEBUG_FEATURE_FINISH_PER_RENDER_OP |      \
     D3D11_DEBUG_FEATURE_PRESENT_PER_RENDER_OP |                                               \
     D3D11_DEBUG_FEATURE_ALWAYS_DISCARD_OFFERED_RESOURCE |                                     \
     D3D11_DEBUG_FEATURE_NEVER_DISCARD_OFFERED_RESOURCE |                                      \
     D3D11_DEBUG_FEATURE_AVOID_BEHAVIOR_CHANGING_DEBUG_AIDS |                                  \
     D3D11_DEBUG_FEATURE_DISABLE_TILED_RESOURCE_MAPPING_TRACKING_AND_VALIDATION)

static HRESULT STDMETHODCALLTYPE debug_SetFeatureMask(ID3D11Debug *iface, UINT mask)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    if (mask & ~(UINT)DEBUG_FEATURES) {
        d3d11_msg(l->device, "ID3D11Debug::SetFeatureMask: unknown bits 0x%x",
                  mask & ~(UINT)DEBUG_FEATURES);
        return E_INVALIDARG;
    }
    locked_set(l, &l->feature_mask, mask);
    return S_OK;
}

static UINT STDMETHODCALLTYPE debug_GetFeatureMask(ID3D11Debug *iface)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    return locked_get(l, &l->feature_mask);
}

static HRESULT STDMETHODCALLTYPE debug_SetPresentPerRenderOpDelay(ID3D11Debug *iface, UINT ms)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    locked_set(l, &l->present_delay, ms);
    return S_OK;
}

static UINT STDMETHODCALLTYPE debug_GetPresentPerRenderOpDelay(ID3D11Debug *iface)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    return locked_get(l, &l->present_delay);
}

static HRESULT STDMETHODCALLTYPE debug_SetSwapChain(ID3D11Debug *iface, IDXGISwapChain *chain)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    IDXGISwapChain *old;
    if (chain)
        IDXGISwapChain_AddRef(chain);
    pthread_mutex_lock(&l->lock);
    old = l->swapchain;
    l->swapchain = chain;
    pthread_mutex_unlock(&l->lock);
    if (old)
        IDXGISwapChain_Release(old);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE debug_GetSwapChain(ID3D11Debug *iface, IDXGISwapChain **out)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    if (!out) {
        d3d11_msg(l->device, "ID3D11Debug::GetSwapChain: ppSwapChain is NULL");
        return E_INVALIDARG;
    }
    pthread_mutex_lock(&l->lock);
    if ((*out = l->swapchain))
        IDXGISwapChain_AddRef(*out);
    pthread_mutex_unlock(&l->lock);
    return S_OK;
}

static HRESULT validate_context(struct d3d11_debug_layer *l, ID3D11DeviceContext *ctx,
                                const char *method)
{
    ID3D11Device *owner = NULL;
    if (!ctx) {
        d3d11_msg(l->device, "ID3D11Debug::%s: pContext is NULL", method);
        return E_INVALIDARG;
    }
    ID3D11DeviceContext_GetDevice(ctx, &owner);
    if (owner)
        ID3D11Device_Release(owner);
    if (owner != (ID3D11Device *)&l->device->iface) {
        d3d11_msg(l->device, "ID3D11Debug::%s: the context belongs to another device", method);
        return E_INVALIDARG;
    }
    return S_OK;   /* every call was validated when it was made: nothing is pending */
}

static HRESULT STDMETHODCALLTYPE debug_ValidateContext(ID3D11Debug *iface,
                                                       ID3D11DeviceContext *ctx)
{
    return validate_context(layer_of(iface), ctx, "ValidateContext");
}

static HRESULT STDMETHODCALLTYPE debug_ValidateContextForDispatch(ID3D11Debug *iface,
                                                                  ID3D11DeviceContext *ctx)
{
    return validate_context(layer_of(iface), ctx, "ValidateContextForDispatch");
}

static HRESULT STDMETHODCALLTYPE debug_ReportLiveDeviceObjects(ID3D11Debug *iface,
                                                               D3D11_RLDO_FLAGS flags)
{
    const UINT known = D3D11_RLDO_SUMMARY | D3D11_RLDO_DETAIL | D3D11_RLDO_IGNORE_INTERNAL;
    struct d3d11_debug_layer *l = layer_of(iface);
    struct d3d11_device *dev = l->device;
    struct live_entry *entries = NULL;
    size_t n = 0, cap = 0;
    d3d11_context_flush_draws(&dev->context);   /* (waiting draws hold views) */
    bool oom = false;

    if ((UINT)flags & ~known) {
        d3d11_msg(dev, "ID3D11Debug::ReportLiveDeviceObjects: unknown flags 0x%x",
                  (UINT)flags & ~known);
        return E_INVALIDARG;
    }
    /* Describe every child under the lock, report after it (storing takes the lock again). */
    pthread_mutex_lock(&l->lock);
    for (struct d3d11_child *c = l->live; c; c = c->live_next)
        cap++;
    if (cap && !(entries = calloc(cap, sizeof(*entries))))
        oom = true;
    for (struct d3d11_child *c = l->live; c && !oom; c = c->live_next)
        describe(c, &entries[n++]);
    pthread_mutex_unlock(&l->lock);
    if (oom)
        return E_OUTOFMEMORY;

    if (flags & D3D11_RLDO_SUMMARY)
        report(l, D3D11_MESSAGE_ID_LIVE_OBJECT_SUMMARY,
               "Live ID3D11Device at %p, Refcount: %u; live objects: %zu",
               (void *)&dev->iface, atomic_load(&dev->refcount), n);
    if (flags & D3D11_RLDO_DETAIL) {
        report(l, D3D11_MESSAGE_ID_LIVE_DEVICE, "Live ID3D11Device at %p, Refcount: %u",
               (void *)&dev->iface, atomic_load(&dev->refcount));
        report(l, D3D11_MESSAGE_ID_LIVE_CONTEXT, "Live ID3D11DeviceContext at %p, Refcount: %u",
               (void *)&dev->context.iface, atomic_load(&dev->context.refcount));
        /* Oldest first, as they were created. */
        for (size_t i = n; i-- > 0;) {
            const struct live_entry *e = &entries[i];
            report(l, e->kind->id, "Live %s at %p%s%s%s, Refcount: %u, IntRef: %u",
                   e->kind->name, e->iface, e->name[0] ? ", Name: \"" : "", e->name,
                   e->name[0] ? "\"" : "", e->refcount, e->internal);
        }
    }
    free(entries);
    return S_OK;
}

static const ID3D11DebugVtbl debug_vtbl = {
    .QueryInterface = debug_QueryInterface,
    .AddRef = debug_AddRef,
    .Release = debug_Release,
    .SetFeatureMask = debug_SetFeatureMask,
    .GetFeatureMask = debug_GetFeatureMask,
    .SetPresentPerRenderOpDelay = debug_SetPresentPerRenderOpDelay,
    .GetPresentPerRenderOpDelay = debug_GetPresentPerRenderOpDelay,
    .SetSwapChain = debug_SetSwapChain,
    .GetSwapChain = debug_GetSwapChain,
    .ValidateContext = debug_ValidateContext,
    .ReportLiveDeviceObjects = debug_ReportLiveDeviceObjects,
    .ValidateContextForDispatch = debug_ValidateContextForDispatch,
};

/* ---- the layer ---- */

bool d3d11_debug_layer_create(struct d3d11_device *dev)
{
    struct d3d11_debug_layer *l = calloc(1, sizeof(*l));
    if (!l)
        return false;
    if (pthread_mutex_init(&l->lock, NULL)) {
        free(l);
        return false;
    }
    if (!d3d11_info_queue_init(&l->queue)) {
        pthread_mutex_destroy(&l->lock);
        free(l);
        return false;
    }
    l->iface.lpVtbl = (ID3D11DebugVtbl *)&debug_vtbl;
    l->queue.iface.lpVtbl = (ID3D11InfoQueueVtbl *)&d3d11_info_queue_vtbl;
    l->device = dev;
    dev->debug_layer = l;
    return true;
}

void d3d11_debug_layer_destroy(struct d3d11_device *dev)
{
    struct d3d11_debug_layer *l = dev->debug_layer;
    if (!l)
        return;
    /* A swap chain set with SetSwapChain holds the device, so the device cannot be dying
     * while it is still set; this is for a creation that failed half way. */
    if (l->swapchain)
        IDXGISwapChain_Release(l->swapchain);
    d3d11_info_queue_cleanup(&l->queue);
    pthread_mutex_destroy(&l->lock);
    dev->debug_layer = NULL;
    free(l);
}

HRESULT d3d11_debug_layer_query(struct d3d11_device *dev, REFIID riid, void **out)
{
    struct d3d11_debug_layer *l = dev->debug_layer;
    *out = NULL;
    if (!l)
        return E_NOINTERFACE;
    if (IsEqualGUID(riid, &IID_ID3D11Debug))
        *out = &l->iface;
    else if (IsEqualGUID(riid, &IID_ID3D11InfoQueue))
        *out = &l->queue.iface;
    else
        return E_NOINTERFACE;
    ID3D11Device2_AddRef(&dev->iface);
    return S_OK;
}
