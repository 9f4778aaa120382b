/* src/d3d9/d3d9_resource.h — the Direct3D 9 objects a device creates: resources (textures,
 * surfaces, volumes, vertex and index buffers), the implicit swap chain, vertex declarations and
 * state blocks.
 *
 * Read me first: lifetimes.  Every object here embeds a struct d3d9_life, which carries two
 * counts:
 *   - refcount, the public count (AddRef / Release / the getters that hand out a pointer);
 *   - internal, what keeps the memory alive: 1 while refcount > 0, plus 1 per binding (a
 *     texture set on a sampler, a buffer on a stream, a surface as render target, a state block
 *     holding it), plus 1 for the owner of a device-owned object (below).
 * The object is destroyed when internal reaches 0.
 *
 * The device.  While an application holds a public reference on an object, the object holds a
 * reference on its device: creating a resource adds one to the device's count, the last Release
 * of the resource removes it ("the device keeps resources' device alive").  Bindings do not change
 * the public count — SetTexture "increments the reference count" of the texture in the sense that
 * the texture stays alive while bound — so an application that releases a bound texture and then
 * the device sees the device reach 0; the device then unbinds everything and the texture goes.
 * A getter that returns a bound object whose public count was 0 (GetTexture after the
 * application released its texture) revives it: public 1, a device reference again.
 *
 * Sub-objects.  The surfaces of a 2D or cube texture and the volumes of a volume texture share
 * their container's counts: their AddRef/Release act on the texture (GetSurfaceLevel "increases
 * the internal reference count" of the surface: it is the texture's), and they die with it.
 * Each still has its own private data.
 *
 * Device-owned objects.  The implicit swap chain, its back buffers and the automatic
 * depth-stencil surface start with public count 0 and an owner hold of 1 on `internal`; they
 * take a device reference only while the application holds one (GetBackBuffer ...).  The device
 * drops the owner hold when it dies or when Reset replaces them.
 *
 * Threading: counts are atomic; everything that changes device state or bindings runs under the
 * device lock (d3d9_device_lock), as D3DCREATE_MULTITHREADED asks; softd3d takes it always.
 */
#ifndef SOFTD3D_D3D9_RESOURCE_H
#define SOFTD3D_D3D9_RESOURCE_H

#include "d3d9/d3d9_private.h"

#include <stdint.h>

#include "core/com_object.h"
#include "core/format.h"
#include "core/private_data.h"
#include "core/resource.h"

/* ------------------------------------------------------------------------- lifetimes */

struct d3d9_life {
    atomic_uint refcount;             /* public */
    atomic_uint internal;             /* keep-alive (see above) */
    struct d3d9_device *device;
    struct d3d9_life *container;      /* sub-object: counts act on the container */
    void (*destroy)(struct d3d9_life *life);
    bool default_pool;                /* counted in device->default_alive while refcount > 0 */
};

/* A new object with public count 1 (device-owned: 0) and its device reference. */
void d3d9_life_init(struct d3d9_life *life, struct d3d9_device *dev,
                    void (*destroy)(struct d3d9_life *), bool default_pool, bool device_owned);
/* A sub-object of `container`. */
void d3d9_life_init_child(struct d3d9_life *life, struct d3d9_life *container);
ULONG d3d9_life_addref(struct d3d9_life *life);
ULONG d3d9_life_release(struct d3d9_life *life);
/* Bindings and owner holds (on the top container). */
void d3d9_life_bind(struct d3d9_life *life);
void d3d9_life_unbind(struct d3d9_life *life);

/* QueryInterface / AddRef / Release for an object type embedding `struct d3d9_life lifefield`
 * and its interface as `iface` (one interface per object: for the texture and buffer unions,
 * the member named). */
#define D3D9_LIFE_IUNKNOWN(prefix, Iface, Type, ifacefield, lifefield, iids)                   \
    static inline Type *prefix##_impl(Iface *iface)                                          \
    {                                                                                         \
        return container_of(iface, Type, ifacefield);                                        \
    }                                                                                         \
    static HRESULT STDMETHODCALLTYPE prefix##_QueryInterface(Iface *iface, REFIID riid,      \
                                                             void **out)                     \
    {                                                                                         \
        if (!out)                                                                             \
            return E_POINTER;                                                                 \
        if (core_iid_in_list(riid, NULL, iids)) {                                            \
            d3d9_life_addref(&prefix##_impl(iface)->lifefield);                              \
            *out = iface;                                                                     \
            return S_OK;                                                                      \
        }                                                                                     \
        *out = NULL;                                                                          \
        return E_NOINTERFACE;                                                                 \
    }                                                                                         \
    static ULONG STDMETHODCALLTYPE prefix##_AddRef(Iface *iface)                             \
    {                                                                                         \
        return d3d9_life_addref(&prefix##_impl(iface)->lifefield);                           \
    }                                                                                         \
    static ULONG STDMETHODCALLTYPE prefix##_Release(Iface *iface)                            \
    {                                                                                         \
        return d3d9_life_release(&prefix##_impl(iface)->lifefield);                          \
    }

/* -------------------------------------------------------------------- resources */

struct d3d9_resource {
    struct d3d9_life life;
    core_private_data pd;
    D3DRESOURCETYPE type;
    D3DPOOL pool;
    DWORD usage;
    DWORD priority;
};

void d3d9_resource_init(struct d3d9_resource *r, struct d3d9_device *dev, D3DRESOURCETYPE type,
                        D3DPOOL pool, DWORD usage, void (*destroy)(struct d3d9_life *),
                        bool device_owned);
void d3d9_resource_init_child(struct d3d9_resource *r, struct d3d9_resource *container,
                              D3DRESOURCETYPE type);
void d3d9_resource_cleanup(struct d3d9_resource *r);

/* The IDirect3DResource9 methods (and IDirect3DVolume9's private-data trio). */
HRESULT d3d9_resource_get_device(struct d3d9_resource *r, IDirect3DDevice9 **out);
HRESULT d3d9_resource_set_private_data(struct d3d9_resource *r, REFGUID guid, const void *data,
                                       DWORD size, DWORD flags);
HRESULT d3d9_resource_get_private_data(struct d3d9_resource *r, REFGUID guid, void *data,
                                       DWORD *size);
HRESULT d3d9_resource_free_private_data(struct d3d9_resource *r, REFGUID guid);
DWORD d3d9_resource_set_priority(struct d3d9_resource *r, DWORD priority);
DWORD d3d9_resource_get_priority(struct d3d9_resource *r);

/* The resource methods every resource interface shares, as static functions named
 * prefix_GetDevice ... prefix_GetType, over `Type`'s `struct d3d9_resource rfield`. */
#define D3D9_RESOURCE_METHODS(prefix, Iface, Type, rfield)                                    \
    static HRESULT STDMETHODCALLTYPE prefix##_GetDevice(Iface *iface, IDirect3DDevice9 **out)\
    {                                                                                         \
        return d3d9_resource_get_device(&prefix##_impl(iface)->rfield, out);                 \
    }                                                                                         \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateData(Iface *iface, REFGUID guid,     \
                                                             const void *data, DWORD size,   \
                                                             DWORD flags)                    \
    {                                                                                         \
        return d3d9_resource_set_private_data(&prefix##_impl(iface)->rfield, guid, data,     \
                                              size, flags);                                   \
    }                                                                                         \
    static HRESULT STDMETHODCALLTYPE prefix##_GetPrivateData(Iface *iface, REFGUID guid,     \
                                                             void *data, DWORD *size)        \
    {                                                                                         \
        return d3d9_resource_get_private_data(&prefix##_impl(iface)->rfield, guid, data,     \
                                              size);                                          \
    }                                                                                         \
    static HRESULT STDMETHODCALLTYPE prefix##_FreePrivateData(Iface *iface, REFGUID guid)    \
    {                                                                                         \
        return d3d9_resource_free_private_data(&prefix##_impl(iface)->rfield, guid);         \
    }                                                                                         \
    static DWORD STDMETHODCALLTYPE prefix##_SetPriority(Iface *iface, DWORD priority)        \
    {                                                                                         \
        return d3d9_resource_set_priority(&prefix##_impl(iface)->rfield, priority);          \
    }                                                                                         \
    static DWORD STDMETHODCALLTYPE prefix##_GetPriority(Iface *iface)                        \
    {                                                                                         \
        return d3d9_resource_get_priority(&prefix##_impl(iface)->rfield);                    \
    }                                                                                         \
    static void STDMETHODCALLTYPE prefix##_PreLoad(Iface *iface)                             \
    {                                                                                         \
        (void)iface; /* managed resources live in system memory already */                   \
    }                                                                                         \
    static D3DRESOURCETYPE STDMETHODCALLTYPE prefix##_GetType(Iface *iface)                  \
    {                                                                                         \
        return prefix##_impl(iface)->rfield.type;                                            \
    }

/* ------------------------------------------------------------------ formats */

/* The D3DFORMAT -> core format map (resource.c: the one table).  0 for D3DFMT_UNKNOWN, buffer
 * pseudo-formats and formats softd3d cannot lay out. */
core_format d3d9_core_format(D3DFORMAT format);
bool d3d9_is_depth_format(D3DFORMAT format);
/* Depth formats an application may lock (D3DFORMAT: the _LOCKABLE ones). */
bool d3d9_is_lockable_depth_format(D3DFORMAT format);

/* Largest data size of one resource; beyond it creation fails with D3DERR_OUTOFVIDEOMEMORY
 * (D3DPOOL_DEFAULT) or E_OUTOFMEMORY: the GetAvailableTextureMem figure. */
#define D3D9_MAX_RESOURCE_BYTES ((size_t)D3D9_AVAILABLE_TEXTURE_MEM)
/* Largest render target / depth-stencil / D3DPOOL_DEFAULT plain surface side: as back buffers. */
#define D3D9_MAX_SURFACE_SIZE 16384u

/* Creates core storage, mapping failures to the documented codes. */
HRESULT d3d9_storage_create(const char *method, const core_resource_desc *desc, D3DPOOL pool,
                            core_resource **out);

/* Rectangles in texels: half-open [left, right) x [top, bottom). */
struct d3d9_box {
    UINT left, top, right, bottom, front, back;
};

/* ------------------------------------------------------------------ surfaces */

enum d3d9_surface_kind {
    D3D9_SURFACE_TEXTURE,       /* a level of a 2D or cube texture */
    D3D9_SURFACE_RENDERTARGET,  /* CreateRenderTarget */
    D3D9_SURFACE_DEPTHSTENCIL,  /* CreateDepthStencilSurface, or the automatic one */
    D3D9_SURFACE_PLAIN,         /* CreateOffscreenPlainSurface */
    D3D9_SURFACE_BACKBUFFER,    /* a back buffer of the swap chain */
};

struct d3d9_texture;
struct d3d9_swapchain;

struct d3d9_surface {
    IDirect3DSurface9 iface;
    struct d3d9_resource r;
    enum d3d9_surface_kind kind;
    struct d3d9_texture *texture;     /* container texture (D3D9_SURFACE_TEXTURE) */
    struct d3d9_swapchain *swapchain; /* container swap chain (back buffers) */
    core_resource *storage;           /* owned unless kind is D3D9_SURFACE_TEXTURE */
    uint32_t sub;                     /* subresource of storage */
    UINT level, face;
    D3DFORMAT format;
    core_format cfmt;
    UINT width, height;
    D3DMULTISAMPLE_TYPE ms_type;
    DWORD ms_quality;
    bool lockable;                    /* may be locked at all */
    bool discard;                     /* depth-stencil with Discard */
    bool locked;
};

static inline struct d3d9_surface *d3d9_surface_from_iface(IDirect3DSurface9 *iface)
{
    return iface ? container_of(iface, struct d3d9_surface, iface) : NULL;
}

/* The surface's first byte and its row pitch (bytes between rows of blocks). */
unsigned char *d3d9_surface_data(const struct d3d9_surface *s);
size_t d3d9_surface_pitch(const struct d3d9_surface *s);

/* The multisample type/quality rules of a surface of `format` (surface.c): D3D_OK,
 * D3DERR_NOTAVAILABLE (not offered) or D3DERR_INVALIDCALL, with a message. */
HRESULT d3d9_check_surface_multisample(const core_profile *p, const char *method, D3DFORMAT format,
                                       D3DMULTISAMPLE_TYPE ms, DWORD quality);

/* The average of each pixel's samples of multisampled `src` into single-sample `dst` of the
 * same size and format (pipeline/resolve.h); false when the format cannot be resolved. */
bool d3d9_surface_resolve(const struct d3d9_surface *src, struct d3d9_surface *dst);

/* A standalone surface (render target, depth-stencil, plain, back buffer), validated by the
 * caller.  device_owned: the swap chain's back buffers and the automatic depth-stencil. */
HRESULT d3d9_surface_create(struct d3d9_device *dev, const char *method,
                            enum d3d9_surface_kind kind, UINT width, UINT height,
                            D3DFORMAT format, D3DPOOL pool, DWORD usage, D3DMULTISAMPLE_TYPE ms,
                            DWORD ms_quality, bool lockable, bool discard, bool device_owned,
                            struct d3d9_surface **out);
/* Initialises the surface objects of a texture (texture.c calls it once per level/face). */
void d3d9_surface_init_texture_level(struct d3d9_surface *s, struct d3d9_texture *t, UINT level,
                                     UINT face, uint32_t sub);
void d3d9_surface_cleanup(struct d3d9_surface *s);
extern IDirect3DSurface9Vtbl d3d9_surface_vtbl;
HRESULT d3d9_surface_lock(struct d3d9_surface *s, const char *method, D3DLOCKED_RECT *locked,
                          const RECT *rect, DWORD flags);
HRESULT d3d9_surface_unlock(struct d3d9_surface *s, const char *method);

/* Checks a lock / copy region (rect or box, NULL: all) against a level of width x height x
 * depth texels of format cfmt: nonempty, inside, block-aligned edges (except DXTn locks of
 * D3DPOOL_SYSTEMMEM / SCRATCH resources, surface.c; `pool` D3DPOOL_DEFAULT for copies).
 * Fills *out. */
HRESULT d3d9_lock_region(const char *method, core_format cfmt, D3DPOOL pool, UINT width,
                         UINT height, UINT depth, const RECT *rect, const D3DBOX *box,
                         struct d3d9_box *out);
/* The D3DPOOL_DEFAULT DXTn size rule (resource.c). */
HRESULT d3d9_check_block_size(const char *method, D3DFORMAT format, D3DPOOL pool, UINT width,
                              UINT height);
/* The address of texel (x, y, z) (a block's first texel) of subresource `sub`. */
unsigned char *d3d9_sub_address(const core_resource *res, uint32_t sub, core_format cfmt,
                                UINT x, UINT y, UINT z);

/* True for a surface this device made (any kind). */
bool d3d9_surface_is_valid(const struct d3d9_surface *s, const struct d3d9_device *dev);

/* ------------------------------------------------------------------- textures */

struct d3d9_volume {
    IDirect3DVolume9 iface;
    struct d3d9_resource r;           /* private data + counts (forwarded to the texture) */
    struct d3d9_texture *texture;
    uint32_t sub;
    UINT level, width, height, depth;
    bool locked;
};

struct d3d9_texture {
    union {
        IDirect3DBaseTexture9 base;
        IDirect3DTexture9 tex;
        IDirect3DCubeTexture9 cube;
        IDirect3DVolumeTexture9 vol;
    } iface;
    struct d3d9_resource r;           /* type: TEXTURE, CUBETEXTURE or VOLUMETEXTURE */
    core_resource *storage;
    D3DFORMAT format;
    core_format cfmt;
    UINT width, height, depth;        /* level 0; depth 1 unless a volume texture */
    UINT levels, faces;               /* faces: 6 for a cube, else 1 */
    DWORD lod;                        /* SetLOD (managed textures) */
    D3DTEXTUREFILTERTYPE autogen_filter;
    struct d3d9_surface *surfaces;    /* levels * faces, index level + face * levels */
    struct d3d9_volume *volumes;      /* levels (volume textures) */
    bool dirty[6];                    /* per face: a dirty region of level 0 exists */
    struct d3d9_box dirty_box[6];     /* its bounding box */
};

struct d3d9_texture *d3d9_texture_from_base(IDirect3DBaseTexture9 *iface);
/* A 2D texture whose level 0 is not a power of two in width or height (seed 003 row 4). */
bool d3d9_texture_nonpow2(const struct d3d9_texture *t);
/* Marks a region of level `level` of `face` dirty (scaled to level 0); NULL box: all. */
void d3d9_texture_add_dirty(struct d3d9_texture *t, UINT face, UINT level,
                            const struct d3d9_box *box);
/* The subresource index of (level, face). */
static inline uint32_t d3d9_texture_sub(const struct d3d9_texture *t, UINT level, UINT face)
{
    return level + face * t->levels;
}

/* ------------------------------------------------------------------- buffers */

struct d3d9_buffer {
    union {
        IDirect3DVertexBuffer9 vb;
        IDirect3DIndexBuffer9 ib;
    } iface;
    struct d3d9_resource r;           /* type: VERTEXBUFFER or INDEXBUFFER */
    core_resource *storage;
    UINT size;
    DWORD fvf;                        /* vertex buffers */
    D3DFORMAT format;                 /* VERTEXDATA, INDEX16 or INDEX32 */
    unsigned lock_count;
    /* Seed 002: "vertex buffers used for software vertex processing must be allocated in system
     * memory"; on a mixed device the D3DUSAGE_SOFTWAREPROCESSING usage says so (D3DUSAGE).  The
     * draw path refuses a buffer without this flag while the device is in software mode. */
    bool software_ok;
};

struct d3d9_buffer *d3d9_vertex_buffer_from_iface(IDirect3DVertexBuffer9 *iface);
struct d3d9_buffer *d3d9_index_buffer_from_iface(IDirect3DIndexBuffer9 *iface);
static inline unsigned char *d3d9_buffer_data(const struct d3d9_buffer *b)
{
    return core_resource_sub_data(b->storage, 0);
}

/* ---------------------------------------------------------------- swap chain */

/* The implicit swap chain is device-owned, and so are its back buffers, each with its own counts.
 * An additional swap chain (CreateAdditionalSwapChain) is the application's: public count 1, a
 * device reference and a place in default_alive (Reset refuses while one is held), and its back
 * buffers and front buffer are sub-objects sharing its counts (d3d9_life_init_child), so a back
 * buffer the application holds or a render target binding keeps the whole chain alive. */
struct d3d9_swapchain {
    IDirect3DSwapChain9 iface;
    struct d3d9_life life;
    D3DPRESENT_PARAMETERS pp;
    struct d3d9_surface *back[D3DPRESENT_BACK_BUFFERS_MAX_EX];   /* 3 unless on a 9Ex device */
    struct d3d9_surface *front;       /* internal: the last presented image */
    uint64_t frames;                  /* Present calls that succeeded */
    uint64_t present_ns;              /* CLOCK_MONOTONIC of the last one (GetPresentStats) */
    bool additional;                  /* made by CreateAdditionalSwapChain */
    unsigned number;                  /* additional: n-th of the device, from 1 (dump names) */
};

/* Creates a swap chain of the (validated) present parameters: the implicit one (device-owned)
 * or, with `additional`, an application-owned one. */
HRESULT d3d9_swapchain_create(struct d3d9_device *dev, const char *method,
                              const D3DPRESENT_PARAMETERS *pp, bool additional,
                              struct d3d9_swapchain **out);
/* Drops the device's owner holds on the implicit swap chain and its surfaces. */
void d3d9_swapchain_release_owned(struct d3d9_swapchain *sc);
/* True while the application holds a reference on the implicit swap chain or a back buffer. */
bool d3d9_swapchain_referenced(const struct d3d9_swapchain *sc);
HRESULT d3d9_swapchain_present(struct d3d9_swapchain *sc, const RECT *src, const RECT *dst,
                               const RGNDATA *dirty, DWORD flags);
HRESULT d3d9_swapchain_front_buffer_data(struct d3d9_swapchain *sc, struct d3d9_surface *dst);
/* GetDisplayMode's answer (windowed: the adapter's mode; full screen: the chain's). */
HRESULT d3d9_swapchain_display_mode(struct d3d9_swapchain *sc, D3DDISPLAYMODE *mode);
/* The virtual display's clock (CLOCK_MONOTONIC, ns) and the length of one of its frames. */
uint64_t d3d9_display_now_ns(void);
uint64_t d3d9_display_frame_ns(const D3DDISPLAYMODE *mode);
/* swapchain.c: the filled IDirect3DSwapChain9 vtable, for the Ex one (swapchain_ex.c), and the
 * Ex vtable seen as the base one. */
void d3d9_swapchain_copy_vtbl(IDirect3DSwapChain9Vtbl *out);
/* GetDisplayModeEx (swapchain_ex.c): the mode as a D3DDISPLAYMODEEX (pMode->Size checked) and
 * the rotation (identity); pRotation may be NULL. */
HRESULT d3d9_swapchain_display_mode_ex(struct d3d9_swapchain *sc, const char *method,
                                       D3DDISPLAYMODEEX *mode, D3DDISPLAYROTATION *rotation);
IDirect3DSwapChain9Vtbl *d3d9_swapchain_ex_vtbl(void);
/* Reset and ResetEx (swapchain.c): pp already checked; `mode` for ResetEx's extra rule. */
HRESULT d3d9_device_reset(struct d3d9_device *dev, const char *method,
                          D3DPRESENT_PARAMETERS *params, const D3DDISPLAYMODEEX *mode);

/* ------------------------------------------------------------ vertex declarations */

#define D3D9_MAX_DECL_ELEMENTS (MAXD3DDECLLENGTH + 1)   /* with the D3DDECL_END() element */

struct d3d9_vertex_decl {
    IDirect3DVertexDeclaration9 iface;
    struct d3d9_life life;
    D3DVERTEXELEMENT9 elements[D3D9_MAX_DECL_ELEMENTS];
    UINT count;                       /* elements, D3DDECL_END() included */
    DWORD fvf;                        /* the equivalent FVF code, 0 when there is none */
    struct d3d9_vertex_decl *next;    /* the device's cache of FVF declarations */
};

struct d3d9_vertex_decl *d3d9_vertex_decl_from_iface(IDirect3DVertexDeclaration9 *iface);
/* The declaration SetFVF(fvf) stands for (device-owned, cached per FVF code). */
HRESULT d3d9_vertex_decl_for_fvf(struct d3d9_device *dev, DWORD fvf,
                                 struct d3d9_vertex_decl **out);
void d3d9_vertex_decl_free_cache(struct d3d9_device *dev);
/* Size of one vertex of an FVF code, 0 for an invalid code (vertex_decl.c). */
UINT d3d9_fvf_vertex_size(DWORD fvf);
bool d3d9_fvf_valid(DWORD fvf);

/* swapchain.c: the implicit swap chain, the automatic depth-stencil surface, render target 0
 * and the default state (CreateDevice, Reset); and their release. */
HRESULT d3d9_device_init_presentation(struct d3d9_device *dev, bool reset_state);
void d3d9_device_release_presentation(struct d3d9_device *dev);

/* --------------------------------------------------------------- the device API */

/* Each file that implements IDirect3DDevice9 methods fills its part of the vtable. */
void d3d9_texture_fill_vtbl(IDirect3DDevice9Vtbl *v);
void d3d9_surface_fill_vtbl(IDirect3DDevice9Vtbl *v);
void d3d9_buffer_fill_vtbl(IDirect3DDevice9Vtbl *v);
void d3d9_blit_fill_vtbl(IDirect3DDevice9Vtbl *v);
void d3d9_swapchain_fill_vtbl(IDirect3DDevice9Vtbl *v);
void d3d9_state_fill_vtbl(IDirect3DDevice9Vtbl *v);
void d3d9_stateblock_fill_vtbl(IDirect3DDevice9Vtbl *v);
void d3d9_vertex_decl_fill_vtbl(IDirect3DDevice9Vtbl *v);
void d3d9_validate_fill_vtbl(IDirect3DDevice9Vtbl *v);
void d3d9_query_fill_vtbl(IDirect3DDevice9Vtbl *v);
void d3d9_display_fill_vtbl(IDirect3DDevice9Vtbl *v);   /* display.c: cursor, gamma, dialogs */

struct d3d9_state;
/* validate.c: ValidateDevice's judgement of the state against caps (the profile for format
 * uses; rt_formats D3DFMT_UNKNOWN where no render target is bound).  Issues the message. */
HRESULT d3d9_validate_device_state(const core_profile *profile, const D3DCAPS9 *caps,
                                   const struct d3d9_state *st, const D3DFORMAT rt_formats[4]);

#endif /* SOFTD3D_D3D9_RESOURCE_H */
