/* src/d3d9/d3d9_private.h — the Direct3D 9 front-end's objects.
 *
 * Object model (as in every softd3d COM object, see src/d3d11/d3d11_private.h): a C struct embeds
 * its interface struct; impl_from_X() recovers it with container_of; reference counts are
 * atomic; vtables list the implemented methods and comgen fills the rest with logged E_NOTIMPL
 * stubs once (pthread_once).
 *
 * Lifetime: IDirect3D9 (struct d3d9) is created by Direct3DCreate9 and keeps the capability
 * profile it read from SOFTD3D_PROFILE then, so every device it creates reports the same caps.
 * A device holds one reference on its IDirect3D9 (GetDirect3D returns it), released when the
 * device dies.
 *
 * The adapter: softd3d has exactly one adapter (ordinal 0) driving a virtual, headless display
 * (see d3d9.c for its modes).  The only device type is D3DDEVTYPE_HAL.
 */
#ifndef SOFTD3D_D3D9_PRIVATE_H
#define SOFTD3D_D3D9_PRIVATE_H

#define COBJMACROS
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "d3d9.h"

#include "core/profile.h"

#ifndef container_of
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))
#endif

/* ---------------------------------------------------------------------------- IDirect3D9 */

struct d3d9 {
    IDirect3D9 iface;
    atomic_uint refcount;
    const core_profile *profile;   /* read once, by Direct3DCreate9 */
    bool ex;                       /* made by Direct3DCreate9Ex: an IDirect3D9Ex (d3d9ex.c) */
};

static inline struct d3d9 *d3d9_from_iface(IDirect3D9 *iface)
{
    return container_of(iface, struct d3d9, iface);
}

/* ---------------------------------------------------------------------- IDirect3DDevice9 */

/* GetAvailableTextureMem's answer: a fixed 1024 MiB (the method is documented as an estimate
 * rounded to whole megabytes).  softd3d keeps resources in system memory; a fixed figure keeps
 * runs reproducible and stays below 2 GiB for applications that store it in a signed int. */
#define D3D9_AVAILABLE_TEXTURE_MEM (1024u * 1024u * 1024u)

/* SetMaximumFrameLatency(0) and a new device: "the value is typically 3" (reference page). */
#define D3D9EX_DEFAULT_FRAME_LATENCY 3u

struct d3d9_state;
struct d3d9_surface;
struct d3d9_swapchain;
struct d3d9_stateblock;
struct d3d9_vertex_decl;
struct d3d9_palette;
struct d3d9_draw_cache;

struct d3d9_device {
    IDirect3DDevice9 iface;
    atomic_uint refcount;
    struct d3d9 *d3d;                        /* one reference held */
    const core_profile *profile;
    D3DDEVICE_CREATION_PARAMETERS create;    /* as given to CreateDevice */
    D3DPRESENT_PARAMETERS pp;                /* as validated, defaults filled in */
    atomic_bool software_vp;                 /* current vertex-processing mode */

    /* Everything below is guarded by `lock` (recursive), see d3d9_resource.h. */
    pthread_mutex_t lock;
    struct d3d9_state *state;                /* d3d9_state.h */
    struct d3d9_surface *rt[4];              /* render targets (bindings) */
    struct d3d9_surface *ds;                 /* depth-stencil surface (binding) */
    struct d3d9_swapchain *swapchain;        /* the implicit swap chain (owner hold) */
    struct d3d9_surface *auto_ds;            /* EnableAutoDepthStencil's surface (owner hold) */
    struct d3d9_stateblock *recording;       /* between BeginStateBlock and EndStateBlock */
    struct d3d9_vertex_decl *fvf_decls;      /* SetFVF's declarations, one per FVF code */
    struct d3d9_palette *palettes;           /* SetPaletteEntries, sorted by number */
    size_t palette_count;
    D3DCLIPSTATUS9 clip_status;
    atomic_uint default_alive;               /* D3DPOOL_DEFAULT objects the application holds */
    atomic_uint fullscreen_additional;       /* full-screen additional swap chains alive */
    unsigned additional_chains;              /* additional swap chains made so far */
    bool in_scene;                           /* between BeginScene and EndScene */
    bool needs_reset;                        /* a Reset failed: D3DERR_DEVICENOTRESET */
    uint64_t frames_before_reset;            /* the implicit chain's frame count, kept by Reset */
    unsigned serial;                         /* n-th device of the process (present dumps) */
    struct d3d9_draw_cache *draw;            /* draw.c: the renderer and program caches */
    uint64_t samples_passed;                 /* samples every draw passed depth/stencil (query.c) */
    unsigned occlusion_open;                 /* occlusion queries between BEGIN and END: while
                                              * any is, draws count samples and never wait */
    /* display.c: the cursor and the implicit swap chain's gamma ramp, kept (headless: never
     * shown or applied), and SetDialogBoxMode's setting */
    struct {
        UINT hot_x, hot_y, width, height;    /* SetCursorProperties (width 0: none set) */
        int x, y;                            /* SetCursorPosition */
        bool visible;                        /* ShowCursor: starts hidden */
    } cursor;
    bool gamma_set;                          /* FALSE: the identity ramp (GetGammaRamp) */
    D3DGAMMARAMP gamma;
    bool dialog_boxes;
    /* Direct3D 9Ex (device_ex.c): made by CreateDeviceEx, the vtable is IDirect3DDevice9Ex's */
    bool ex;
    INT gpu_priority;                        /* SetGPUThreadPriority, -7..7 */
    UINT max_latency;                        /* SetMaximumFrameLatency, 1..20 */
    UINT convolution_width, convolution_height;   /* SetConvolutionMonoKernel */
};

static inline struct d3d9_device *d3d9_device_from_iface(IDirect3DDevice9 *iface)
{
    return container_of(iface, struct d3d9_device, iface);
}

/* draw.c: rasterizes the draws that wait in the renderer's scene (binning across draws:
 * pipeline/draw.h draw_desc.deferrable).  Caller holds the device lock. */
void d3d9_draw_flush(struct d3d9_device *dev);

/* The device lock, for the methods that only set or get state (state.c, state_vertex.c,
 * stateblock.c, validate.c, the draws, vertex/index buffer locks: a waiting draw has read
 * its vertices already). */
static inline void d3d9_device_lock_state(struct d3d9_device *dev)
{
    pthread_mutex_lock(&dev->lock);
}

/* The device lock for everything else: with it, the draws waiting in the renderer's scene
 * are finished first, so whatever the method reads or writes (texels, targets, queries,
 * presentation) sees every earlier draw's pixels. */
static inline void d3d9_device_lock(struct d3d9_device *dev)
{
    pthread_mutex_lock(&dev->lock);
    d3d9_draw_flush(dev);
}

static inline void d3d9_device_unlock(struct d3d9_device *dev)
{
    pthread_mutex_unlock(&dev->lock);
}

/* The caps of the current vertex-processing mode (GetDeviceCaps' answer, see device.c). */
static inline const D3DCAPS9 *d3d9_device_caps(const struct d3d9_device *dev)
{
    return atomic_load(&dev->software_vp) ? &dev->profile->sw_caps : &dev->profile->caps;
}

/* d3d9.c: checks the present parameters of CreateDevice, Reset and CreateAdditionalSwapChain
 * (`method`, the name the refusal message starts with) and fills in their defaults (0 sizes and
 * count, UNKNOWN format).  D3D_OK or D3DERR_INVALIDCALL / NOTAVAILABLE, with the refusal message
 * issued. */
HRESULT d3d9_validate_present_params(const char *method, const core_profile *p,
                                     DWORD behavior_flags, bool ex, D3DPRESENT_PARAMETERS *pp);
/* The adapter's current display mode (d3d9.c). */
void d3d9_current_display_mode(D3DDISPLAYMODE *mode);

/* device.c: creates the device object once CreateDevice has validated everything (takes a
 * reference on d3d).  Returns D3D_OK or E_OUTOFMEMORY; *out is NULL on failure. */
HRESULT d3d9_device_create(struct d3d9 *d3d, const D3DDEVICE_CREATION_PARAMETERS *create,
                           const D3DPRESENT_PARAMETERS *pp, bool ex, struct d3d9_device **out);

/* d3d9.c: what Direct3DCreate9 and Direct3DCreate9Ex share: the SDK version check, the profile,
 * the object (with the Ex vtable when `ex`).  NULL on failure, the message issued. */
struct d3d9 *d3d9_object_create(const char *method, UINT sdk_version, bool ex);
/* d3d9.c: CreateDevice and CreateDeviceEx (mode: pFullscreenDisplayMode, checked when ex). */
HRESULT d3d9_create_device(struct d3d9 *d3d, const char *method, UINT adapter, D3DDEVTYPE type,
                           HWND focus, DWORD flags, D3DPRESENT_PARAMETERS *params,
                           const D3DDISPLAYMODEEX *mode, struct d3d9_device **out);
/* d3d9.c, device.c: the filled IDirect3D9 / IDirect3DDevice9 vtables, copied into the first
 * slots of the Ex vtables (the Ex interfaces derive from them, slot for slot). */
void d3d9_copy_vtbl(IDirect3D9Vtbl *out);
void d3d9_device_copy_vtbl(IDirect3DDevice9Vtbl *out);
/* d3d9ex.c / device_ex.c: the Ex vtables, seen through their base interfaces. */
IDirect3D9Vtbl *d3d9ex_vtbl(void);
IDirect3DDevice9Vtbl *d3d9_device_ex_vtbl(void);
/* d3d9ex.c: CreateDeviceEx's and ResetEx's rule for pFullscreenDisplayMode: NULL when windowed;
 * full screen, the mode of the (validated) back buffer.  D3D_OK or D3DERR_INVALIDCALL. */
HRESULT d3d9ex_check_fullscreen_mode(const char *method, const D3DPRESENT_PARAMETERS *pp,
                                     const D3DDISPLAYMODEEX *mode);

/* ------------------------------------------------------------------------------ formats.c */

/* The driver FOURCC formats beyond the SDK's D3DFORMAT list that softd3d offers (formats.c):
 * INTZ, the depth-stencil texture whose samples return the depth, not a comparison (NVIDIA,
 * "GPU Programming Guide, GeForce 8 and 9 Series", 6.4.2 "Direct Depth Buffer Access": "z
 * value is replicated to all four components of a texture fetch"). */
#define D3D9_FMT_INTZ ((D3DFORMAT)MAKEFOURCC('I', 'N', 'T', 'Z'))
/* NULL, the render-target format of depth-only passes: a render target that keeps no colour
 * ("GPU Programming Guide", the same vendors' pages: "a dummy render target ... no memory"):
 * draws bind no colour target in its place, and it cannot be locked or copied. */
#define D3D9_FMT_NULL ((D3DFORMAT)MAKEFOURCC('N', 'U', 'L', 'L'))
/* DF16 and DF24, AMD's depth-stencil textures ("Advanced DX9 Capabilities for ATI Radeon
 * Cards"): rendered into as depth buffers, then sampled for the depth itself, as INTZ is (the
 * depth in every component; no comparison).  Stored as D16 and D24S8. */
#define D3D9_FMT_DF16 ((D3DFORMAT)MAKEFOURCC('D', 'F', '1', '6'))
#define D3D9_FMT_DF24 ((D3DFORMAT)MAKEFOURCC('D', 'F', '2', '4'))
/* ATI1 and ATI2, the 3Dc block-compressed formats: BC4/BC5 UNORM blocks of one and two
 * channels ("Programming Guide for DDS": the legacy FourCCs 'ATI1' and 'ATI2' are BC4_UNORM and
 * BC5_UNORM), with D3D9's channel mapping (src/sample/texel_load.c). */
#define D3D9_FMT_ATI1 ((D3DFORMAT)MAKEFOURCC('A', 'T', 'I', '1'))
#define D3D9_FMT_ATI2 ((D3DFORMAT)MAKEFOURCC('A', 'T', 'I', '2'))

/* What a format can be used for, on a profile.  The table behind it is in formats.c. */
enum d3d9_format_use {
    D3D9_FMT_SURFACE = 1u << 0,       /* offscreen plain surface (Usage 0, D3DRTYPE_SURFACE) */
    D3D9_FMT_TEXTURE = 1u << 1,       /* 2D texture */
    D3D9_FMT_CUBE = 1u << 2,          /* cube texture */
    D3D9_FMT_VOLUME = 1u << 3,        /* volume texture */
    D3D9_FMT_RENDERTARGET = 1u << 4,
    D3D9_FMT_DEPTHSTENCIL = 1u << 5,
    D3D9_FMT_FILTER = 1u << 6,        /* D3DUSAGE_QUERY_FILTER: any filter beyond point */
    D3D9_FMT_WRAPANDMIP = 1u << 7,    /* D3DUSAGE_QUERY_WRAPANDMIP */
    D3D9_FMT_BLEND = 1u << 8,         /* D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING */
    D3D9_FMT_SRGBREAD = 1u << 9,      /* D3DUSAGE_QUERY_SRGBREAD */
    D3D9_FMT_SRGBWRITE = 1u << 10,    /* D3DUSAGE_QUERY_SRGBWRITE */
    D3D9_FMT_AUTOGEN = 1u << 11,      /* D3DUSAGE_AUTOGENMIPMAP (else D3DOK_NOAUTOGEN) */
    D3D9_FMT_VERTEXTEXTURE = 1u << 12,/* D3DUSAGE_QUERY_VERTEXTEXTURE */
    D3D9_FMT_LEGACYBUMP = 1u << 13,   /* D3DUSAGE_QUERY_LEGACYBUMPMAP */
};

/* The union of the uses the profile gives the format (0: unknown or not supported). */
unsigned d3d9_format_uses(const core_profile *profile, D3DFORMAT format);

/* "D3DFMT_X8R8G8B8", or "D3DFMT_0x%08x"-style text written to buf for values without a name. */
const char *d3d9_format_name(D3DFORMAT format, char *buf, size_t size);

/* The display formats the virtual display has modes in (X8R8G8B8, R5G6B5). */
bool d3d9_is_adapter_format(D3DFORMAT format);
/* A format D3D9 documents as a display format at all (the six of CheckDeviceType's table). */
bool d3d9_is_display_format(D3DFORMAT format);

/* The pure parts of the IDirect3D9 Check* methods, after the adapter and device type were
 * validated.  They issue the refusal message (prefixed with `method`) and return the HRESULT the
 * method returns. */
HRESULT d3d9_check_device_type(const core_profile *p, const char *method, D3DFORMAT adapter_fmt,
                               D3DFORMAT backbuffer_fmt, BOOL windowed);
HRESULT d3d9_check_device_format(const core_profile *p, D3DFORMAT adapter_fmt, DWORD usage,
                                 D3DRESOURCETYPE rtype, D3DFORMAT format);
HRESULT d3d9_check_multisample(const core_profile *p, D3DFORMAT format, BOOL windowed,
                               D3DMULTISAMPLE_TYPE type, DWORD *quality_levels);
/* Quality levels of `type` for `format` on the profile (0: not offered; formats.c), and the
 * samples a pixel of a surface of that type and quality. */
DWORD d3d9_ms_quality_levels(const core_profile *p, D3DFORMAT format, D3DMULTISAMPLE_TYPE type);
UINT d3d9_ms_samples(D3DMULTISAMPLE_TYPE type, DWORD quality);
HRESULT d3d9_check_depth_stencil_match(const core_profile *p, const char *method,
                                       D3DFORMAT adapter_fmt, D3DFORMAT rt_fmt,
                                       D3DFORMAT ds_fmt);
HRESULT d3d9_check_format_conversion(const core_profile *p, D3DFORMAT src, D3DFORMAT dst);

#endif /* SOFTD3D_D3D9_PRIVATE_H */
