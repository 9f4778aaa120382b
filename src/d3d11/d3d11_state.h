/* src/d3d11/d3d11_state.h — what the rest of the D3D11 front-end may know about the state objects
 * (state.c) and queries (query.c).
 *
 * Accessors: the pipeline reads a bound object's description through these.  Each returns NULL
 * when the interface pointer is NULL or is not one of softd3d's objects of that kind (the vtable
 * is checked), so a foreign or wrong-kind pointer from the application cannot be misread.
 *
 *  - d3d11_blend_state_desc: the D3D11_BLEND_DESC1 the runtime uses.  When IndependentBlendEnable
 *    is FALSE, RenderTarget[0] has been replicated into RenderTarget[1..7] (so the pipeline can
 *    always index by render target); LogicOpEnable is FALSE for objects made by CreateBlendState.
 *  - d3d11_rasterizer_state_desc: ForcedSampleCount is 0 for objects made by CreateRasterizerState.
 *
 * Validators: pure functions (description + feature level -> HRESULT + one message line, no
 * state touched), used by the Create methods and callable from tests.  `method` is the API name
 * that starts the message ("CreateBlendState1"); `msg` may be NULL.
 */
#ifndef SOFTD3D_D3D11_STATE_H
#define SOFTD3D_D3D11_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "d3d11_1.h"

const D3D11_BLEND_DESC1 *d3d11_blend_state_desc(ID3D11BlendState *state);
const D3D11_RASTERIZER_DESC1 *d3d11_rasterizer_state_desc(ID3D11RasterizerState *state);
const D3D11_DEPTH_STENCIL_DESC *d3d11_depth_stencil_state_desc(ID3D11DepthStencilState *state);
const D3D11_SAMPLER_DESC *d3d11_sampler_state_desc(ID3D11SamplerState *state);
/* The device-child part of a blend, rasterizer, depth-stencil or sampler state, for the context's
 * bindings (d3d11_child_bind / unbind); NULL for anything else (state.c). */
struct d3d11_child;
struct d3d11_child *d3d11_state_object_child(ID3D11DeviceChild *object);

/* Queries (ID3D11Query, and ID3D11Predicate for the predicate types; both are
 * ID3D11Asynchronous).  NULL / 0 when `async` is not one of softd3d's queries. */
const D3D11_QUERY_DESC *d3d11_query_desc(ID3D11Asynchronous *async);
UINT d3d11_query_data_size(D3D11_QUERY query);   /* documented GetData size; 0 if unknown */

/* state.c validators.  The blend description must already be in its stored form
 * (d3d11_blend_desc_normalize). */
void d3d11_blend_desc_normalize(const D3D11_BLEND_DESC1 *in, D3D11_BLEND_DESC1 *out);
HRESULT d3d11_validate_blend_desc(const char *method, const D3D11_BLEND_DESC1 *desc,
                                  D3D_FEATURE_LEVEL level, char *msg, size_t msg_size);
HRESULT d3d11_validate_rasterizer_desc(const char *method, const D3D11_RASTERIZER_DESC1 *desc,
                                       D3D_FEATURE_LEVEL level, char *msg, size_t msg_size);
HRESULT d3d11_validate_depth_stencil_desc(const D3D11_DEPTH_STENCIL_DESC *desc,
                                          D3D_FEATURE_LEVEL level, char *msg, size_t msg_size);
HRESULT d3d11_validate_sampler_desc(const D3D11_SAMPLER_DESC *desc, D3D_FEATURE_LEVEL level,
                                    char *msg, size_t msg_size);

/* The per-device de-duplication of state objects (state.c): "if an application tries to create
 * the same state object twice, the same object is returned" (ID3D11Device::CreateBlendState and
 * its siblings).  An object embeds a d3d11_state_entry and a stored description (the key); its
 * class says where they are.  d3d11_state_cache_get returns the live object of that class and
 * key with a reference added, or a new one (calloc'd, init_vtbl, d3d11_child_init, key copied,
 * init_from_key if set), or D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS past `limit`.  The object's
 * destroy calls d3d11_state_cache_unlink before freeing it. */
enum d3d11_state_kind {
    D3D11_STATE_KIND_BLEND, D3D11_STATE_KIND_RASTERIZER, D3D11_STATE_KIND_DEPTH_STENCIL,
    D3D11_STATE_KIND_SAMPLER,
    D3D11_STATE_KIND_TILED_SAMPLER,   /* the 11_1 device's sampler states (tiled_views.c) */
};

struct d3d11_state_entry {
    struct d3d11_state_entry *next;
    struct d3d11_state_entry **pprev;
    enum d3d11_state_kind kind;
    uint32_t hash;
    const void *key;           /* the stored description */
    size_t key_size;
    struct d3d11_child *child; /* its reference count */
    void *object;
};

struct d3d11_state_class {
    enum d3d11_state_kind kind;
    const char *what;          /* for the limit message */
    UINT limit;                /* D3D11_REQ_*_OBJECT_COUNT_PER_DEVICE */
    size_t size;               /* object size */
    size_t child_offset, entry_offset, key_offset, key_size;
    void (*init_vtbl)(void *object);
    void (*init_from_key)(void *object);   /* optional: what the object derives from its key */
};

struct d3d11_device;
HRESULT d3d11_state_cache_get(struct d3d11_device *dev, const struct d3d11_state_class *cls,
                              const char *method, const void *key, void **out);
void d3d11_state_cache_unlink(struct d3d11_state_entry *e);

/* query.c validators.  `method` is "CreateQuery" or "CreatePredicate". */
HRESULT d3d11_validate_query_desc(const char *method, const D3D11_QUERY_DESC *desc,
                                  D3D_FEATURE_LEVEL level, char *msg, size_t msg_size);
HRESULT d3d11_validate_counter_desc(const char *method, const D3D11_COUNTER_DESC *desc,
                                    D3D_FEATURE_LEVEL level, char *msg, size_t msg_size);

#endif
