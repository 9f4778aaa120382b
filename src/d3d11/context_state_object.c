/* src/d3d11/context_state_object.c — ID3DDeviceContextState: ID3D11Device1::
 * CreateDeviceContextState and ID3D11DeviceContext1::SwapDeviceContextState.
 *
 * A context-state object is a device child that holds a whole pipeline state: a
 * d3d11_context_state (d3d11_context.h) -- every binding of every stage, the input assembler,
 * the rasterizer, the output merger, stream output and predication -- each bound object held with
 * one context reference, exactly as a context holds it.  A new object holds the ClearState
 * defaults.  SwapDeviceContextState "activates the specified context state object and ...
 * saves the current context state into the previously activated context state object", which
 * it returns through ppPreviousState: the states change owners (no object is rebound), so a swap
 * costs the same whatever is bound.  The context holds its active object with a context
 * reference (d3d11_context_extra.state_object), which keeps it alive without keeping the device
 * alive (device_child.h); the device's death drops it (d3d11_context_state_object_cleanup).
 * Before the first swap the context's state belongs to no object; the first swap makes one for
 * it (at the device's level, emulating ID3D11Device1) and hands it out as the previous state.
 * What is not pipeline state stays with the context: mapped subresources, queries between
 * Begin and End (d3d11_context_extra).  Draws waiting in the renderer's scene are finished first
 * (d3d11_context_flush_draws), as for every call that changes what a waiting draw borrows.
 *
 * CreateDeviceContextState rules (its page), each refusal E_INVALIDARG and one message line:
 *  - Flags 0 or D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED (which only says the state
 *    is used from one thread: nothing to do here), which a device created with
 *    D3D11_CREATE_DEVICE_SINGLETHREADED requires ("you must create all context state objects
 *    from that device with" it);
 *  - pFeatureLevels non-NULL with FeatureLevels > 0 ("you can't set pFeatureLevels to NULL
 *    because there is no default feature level array"), each one of 9_1 .. 11_1 (the page's
 *    list); the
 *    chosen level is the first element the device supports.  Decision: the device supports its
 *    own level only (a state at a lower level would need that level's rules in every context
 *    method while it is active); an array whose first usable element is below the device's level
 *    is E_NOTIMPL with a message, one naming only higher levels E_INVALIDARG;
 *  - SDKVersion D3D11_SDK_VERSION;
 *  - EmulatedInterface one of ID3D10Device, ID3D10Device1, ID3D11Device, ID3D11Device1 (the
 *    page's list; ID3D11Device2 is accepted too, the interface softd3d's device is).  A state
 *    emulating ID3D10Device(1) "turns off most of the ID3D11DeviceContext methods" while it is
 *    active, and the D3D10 device interfaces of this device would have to come on -- but a
 *    device made by D3D11CreateDevice has no D3D10 face (src/d3d10/ runs its own devices on
 *    top of D3D11 ones, through this context's vtable), so such a state could only switch the
 *    context off: not implemented, E_NOTIMPL with a message.
 *  - ppContextState NULL: the arguments are checked and S_FALSE returned, as the Create methods
 *    do; pChosenFeatureLevel may be NULL.
 * SwapDeviceContextState: pState NULL "has no effect" (*ppPreviousState is set to NULL); any
 * other pState must be one of this device's context states (a foreign one is refused with a
 * message, nothing changes); it "is not supported on a deferred context" (refused with a
 * message).  Swapping in the active object changes nothing and returns it.
 */
#include "d3d11/d3d11_private.h"

#include <stdlib.h>

#include "d3d10_1.h"
#include "d3d11/d3d11_context.h"
#include "d3d11/device_child.h"
#include "util/log.h"

struct d3d11_state_object {
    ID3DDeviceContextState iface;
    struct d3d11_child child;
    D3D_FEATURE_LEVEL level;
    struct d3d11_context_state state;   /* the saved state (nothing while active: the context
                                         * has it) */
};

static void state_object_destroy(struct d3d11_state_object *o)
{
    d3d11_context_state_release(&o->state);
    free(o);
}

static const GUID *const state_object_iids[] = { &IID_ID3DDeviceContextState, NULL };
D3D11_CHILD_IMPLEMENT(state_object, ID3DDeviceContextState, struct d3d11_state_object,
                      state_object_iids, state_object_destroy)

static const ID3DDeviceContextStateVtbl state_object_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(state_object),
};

static struct d3d11_state_object *state_object_of(ID3DDeviceContextState *iface)
{
    return iface && iface->lpVtbl == &state_object_vtbl ? state_object_impl(iface) : NULL;
}

static struct d3d11_state_object *state_object_new(struct d3d11_device *dev)
{
    struct d3d11_state_object *o = calloc(1, sizeof(*o));
    if (!o)
        return NULL;
    o->iface.lpVtbl = (ID3DDeviceContextStateVtbl *)&state_object_vtbl;
    d3d11_child_init(&o->child, dev);
    o->level = dev->level;
    d3d11_context_state_defaults(&o->state);
    return o;
}

static bool is_level(D3D_FEATURE_LEVEL l)
{
    static const D3D_FEATURE_LEVEL all[] = {
        D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_3,
        D3D_FEATURE_LEVEL_10_0, D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_11_0,
        D3D_FEATURE_LEVEL_11_1,
    };
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        if (all[i] == l)
            return true;
    return false;
}

static HRESULT STDMETHODCALLTYPE device_CreateDeviceContextState(
    ID3D11Device2 *iface, UINT flags, const D3D_FEATURE_LEVEL *levels, UINT level_count,
    UINT sdk_version, REFIID emulated, D3D_FEATURE_LEVEL *chosen, ID3DDeviceContextState **out)
{
    static const char m[] = "CreateDeviceContextState";
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    struct d3d11_state_object *o;
    bool below = false, found = false;

    if (out)
        *out = NULL;
    if (chosen)
        *chosen = 0;
    if (flags & ~(UINT)D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED) {
        d3d11_msg(dev, "%s: Flags 0x%x has bits other than "
                  "D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED", m, flags);
        return E_INVALIDARG;
    }
    if ((dev->flags & D3D11_CREATE_DEVICE_SINGLETHREADED) &&
        !(flags & D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED)) {
        d3d11_msg(dev, "%s: the device was created with D3D11_CREATE_DEVICE_SINGLETHREADED, so "
                  "Flags must have D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED", m);
        return E_INVALIDARG;
    }
    if (!levels || !level_count) {
        d3d11_msg(dev, "%s: pFeatureLevels must name at least one level (there is no default "
                  "array)", m);
        return E_INVALIDARG;
    }
    if (sdk_version != D3D11_SDK_VERSION) {
        d3d11_msg(dev, "%s: SDKVersion %u is not D3D11_SDK_VERSION (%u)", m, sdk_version,
                  D3D11_SDK_VERSION);
        return E_INVALIDARG;
    }
    if (!emulated) {
        d3d11_msg(dev, "%s: EmulatedInterface is NULL", m);
        return E_INVALIDARG;
    }
    for (UINT i = 0; i < level_count && !found && !below; i++) {
        if (!is_level(levels[i])) {
            d3d11_msg(dev, "%s: pFeatureLevels[%u] 0x%x is not a D3D_FEATURE_LEVEL", m, i,
                      (UINT)levels[i]);
            return E_INVALIDARG;
        }
        found = levels[i] == dev->level;
        below = levels[i] < dev->level;
    }
    if (IsEqualGUID(emulated, &IID_ID3D10Device) || IsEqualGUID(emulated, &IID_ID3D10Device1)) {
        d3d11_msg(dev, "%s: context states emulating ID3D10Device / ID3D10Device1 are not "
                  "implemented (they switch the ID3D11DeviceContext methods off while active)",
                  m);
        return E_NOTIMPL;
    }
    if (!IsEqualGUID(emulated, &IID_ID3D11Device) && !IsEqualGUID(emulated, &IID_ID3D11Device1) &&
        !IsEqualGUID(emulated, &IID_ID3D11Device2)) {
        d3d11_msg(dev, "%s: EmulatedInterface is not the IID of ID3D10Device, ID3D10Device1, "
                  "ID3D11Device or ID3D11Device1", m);
        return E_INVALIDARG;
    }
    if (below) {
        d3d11_msg(dev, "%s: a context state below the device's feature level %s is not "
                  "implemented (only the device's own level)", m, d3d11_level_name(dev->level));
        return E_NOTIMPL;
    }
    if (!found) {
        d3d11_msg(dev, "%s: pFeatureLevels names no level the device supports (its level is %s)",
                  m, d3d11_level_name(dev->level));
        return E_INVALIDARG;
    }
    if (chosen)
        *chosen = dev->level;
    if (!out)
        return S_FALSE;
    if (!(o = state_object_new(dev))) {
        d3d11_msg(dev, "%s: out of memory", m);
        return E_OUTOFMEMORY;
    }
    *out = &o->iface;
    return S_OK;
}

static void STDMETHODCALLTYPE ctx_SwapDeviceContextState(ID3D11DeviceContext2 *iface,
                                                         ID3DDeviceContextState *state,
                                                         ID3DDeviceContextState **previous)
{
    static const char m[] = "SwapDeviceContextState";
    struct d3d11_context *ctx = container_of(iface, struct d3d11_context, iface);
    struct d3d11_device *dev = ctx->device;
    struct d3d11_context_extra *x = &ctx->extra;
    struct d3d11_state_object *next = state_object_of(state), *cur;

    if (previous)
        *previous = NULL;
    if (ctx != &dev->context) {
        d3d11_msg(dev, "%s: only the immediate context swaps context states (this is a deferred "
                  "context)", m);
        return;
    }
    if (!state)   /* "the call has no effect" (SwapDeviceContextState) */
        return;
    if (!next || next->child.device != dev) {
        d3d11_msg(dev, "%s: pState is not a context state of this device", m);
        return;
    }
    cur = x->state_object_iface ? state_object_impl(x->state_object_iface) : NULL;
    if (cur == next) {   /* already active: nothing to save or restore */
        if (previous) {
            d3d11_child_addref(&cur->child);
            *previous = &cur->iface;
        }
        return;
    }
    if (!cur) {   /* the context's own state gets its object now */
        if (!(cur = state_object_new(dev))) {
            d3d11_msg(dev, "%s: out of memory (the object for the current state)", m);
            return;
        }
        /* the new object's application reference becomes the context's (below) */
        d3d11_child_bind(&cur->child);
        x->state_object = &cur->child;
        x->state_object_iface = &cur->iface;
        ID3DDeviceContextState_Release(&cur->iface);
    }
    d3d11_context_flush_draws(ctx);   /* the waiting draws borrow the bound views */
    /* The states change owners: the context's references go to `cur`, `next`'s to the
     * context. */
    cur->state = ctx->state;
    ctx->state = next->state;
    d3d11_context_state_defaults(&next->state);
    d3d11_child_bind(&next->child);
    x->state_object = &next->child;
    x->state_object_iface = &next->iface;
    if (previous) {
        d3d11_child_addref(&cur->child);
        *previous = &cur->iface;
    }
    d3d11_child_unbind(&cur->child, (IUnknown *)&cur->iface);   /* may destroy it (its state) */
}

void d3d11_context_state_object_cleanup(struct d3d11_context *ctx)
{
    struct d3d11_context_extra *x = &ctx->extra;
    struct d3d11_child *c = x->state_object;
    void *iface = x->state_object_iface;
    x->state_object = NULL;
    x->state_object_iface = NULL;
    if (c)
        d3d11_child_unbind(c, iface);
}

void d3d11_context_state_object_fill_vtbl(ID3D11DeviceContext2Vtbl *v)
{
    v->SwapDeviceContextState = ctx_SwapDeviceContextState;
}

void d3d11_state_object_fill_device_vtbl(ID3D11Device2Vtbl *v)
{
    v->CreateDeviceContextState = device_CreateDeviceContextState;
}
