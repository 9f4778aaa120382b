/* src/d3d11/resource_validate.c — the pure validation of CreateBuffer, CreateTexture1D/2D/3D
 * and OpenSharedResource*: description + initial data + feature level -> HRESULT + one message.
 *
 * Sources, in the order the checks run:
 *  1. Structure: a NULL description, values outside the D3D11_USAGE enumeration, bits outside
 *     D3D11_BIND_FLAG / D3D11_CPU_ACCESS_FLAG / D3D11_RESOURCE_MISC_FLAG, and each misc flag's
 *     resource kinds and minimum feature level (misc_rules below, from the
 *     D3D11_RESOURCE_MISC_FLAG page and the "Direct3D feature levels" overview table).
 *  2. Seed 004, "10Level9 ID3D11Device methods" (same table as the public English page
 *     "10Level9 ID3D11Device Methods"): the CreateBuffer, CreateTexture1D, CreateTexture2D and
 *     CreateTexture3D rows, checked before the general rules so a refusal names its row.
 *  3. The general D3D11 rules: D3D11_USAGE ("Resource Usage Restrictions", "Resource Bind
 *     Options") and D3D11_CPU_ACCESS_FLAG (usage_rules below); D3D11_BUFFER_DESC / CreateBuffer
 *     (constant buffers: ByteWidth a multiple of 16, at most
 *     D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT * 16 bytes); the D3D11_BIND_FLAG page (vertex,
 *     index, constant and stream-output bindings are for buffers); D3D11_TEXTURE2D_DESC (a cube is a square 2D array of 6n slices); MipLevels at
 *     most the length of the full chain; block-compressed formats need top-level dimensions that
 *     are multiples of the block (4x4): the alignment rule the D3D12_FEATURE_DATA_D3D12_OPTIONS8
 *     page states for Direct3D ("the dimensions of the top-level mip of a block-compressed
 *     texture are aligned to multiples of 4"), which D3D11 has always applied.
 *  4. Format support at the level (format_support.h): the resource kind's bit (TEXTURE2D,
 *     TEXTURECUBE, TEXTURE3D) and one bit per bind flag.
 *  5. Size: at most D3D11_MAX_RESOURCE_BYTES, else E_OUTOFMEMORY; the arithmetic is
 *     overflow-checked by core_resource_data_size.
 *  6. Initial data: required for IMMUTABLE; every pSysMem non-NULL.
 *
 * Decisions (each also commented where it is checked):
 *  - D3D11_BIND_PRESENT.  d3d11.h has no such flag: the seed's name is the DDI's
 *    D3D10_DDI_BIND_PRESENT ("the resource can be used in a call to PresentDXGI, i.e. as a back
 *    buffer", D3D10_DDI_RESOURCE_BIND_FLAG page), which the runtime sets on swap-chain buffers.
 *    An application cannot pass it to CreateTexture2D (unknown BindFlags bits are refused), so
 *    the rule belongs to swap-chain creation: d3d11_validate_texture2d_desc takes `present`, and
 *    a 9_x back buffer must not be a shader resource (DXGI_USAGE_SHADER_INPUT).
 *  - CreateBuffer's "exactly one of VERTEX/INDEX/CONSTANT" leaves no room for other bind flags at
 *    9_x: SHADER_RESOURCE needs a format with D3D11_FORMAT_SUPPORT_BUFFER (none at 9_x, "Format
 *    support for Direct3D feature level 9_x hardware") and level-9 shaders have no buffer loads;
 *    STREAM_OUTPUT and UNORDERED_ACCESS do not exist below 10_0 / 11_0.  It applies to every
 *    buffer that can be bound, so not to STAGING buffers, which must have BindFlags 0
 *    (D3D11_USAGE: staging resources cannot be bound to the pipeline).
 *  - Constant buffers keep the Direct3D 11.0 limit of 4096 constants (65536 bytes) below
 *    11_1; at 11_1 they may be larger ("Direct3D 11.1 Features": "use larger constant buffers
 *    than a shader can access", each binding a window of at most 4096 constants through
 *    *SetConstantBuffers1, context_cbuffer.c).  Decision: only at 11_1, although the windows
 *    themselves work at every level.
 *  - MiscFlags and CPU access: the D3D11_RESOURCE_MISC_FLAG page says misc flags cannot be used
 *    with CPU access flags; TEXTURECUBE is excepted (a staging cube is how a cube map is read
 *    back, and it only describes the shape), RESOURCE_CLAMP too (a sampling property).
 *  - Sharing (SHARED, SHARED_KEYEDMUTEX, SHARED_NTHANDLE): R8G8B8A8_UNORM/_SRGB are refused at
 *    9_x with the seed row's message; every other format is refused as not shareable, since
 *    softd3d shares nothing across devices or processes (CheckFeatureSupport(FORMAT_SUPPORT2)
 *    never reports SHAREABLE, format_support.h).
 *  - Flags softd3d does not implement are refused with E_INVALIDARG and say so: GDI_COMPATIBLE
 *    (no IDXGISurface1::GetDC), RESTRICTED_CONTENT / HW_PROTECTED (no content protection),
 *    RESTRICT_SHARED_RESOURCE(_DRIVER), GUARDED, SHARED_DISPLAYABLE, SHARED_EXCLUSIVE_WRITER,
 *    and the video bind flags DECODER / VIDEO_ENCODER.
 *  - RESOURCE_CLAMP is accepted at 9_x: SetResourceMinLOD has no 10Level9 row, and a D3D9
 *    driver has the same clamp (D3DSAMP_MAXMIPLEVEL).
 *  - Tiled resources (TILED, TILE_POOL) are refused below 11_1: tier 2 needs 11_1 (seed 001),
 *    and the overview table lists tiled resources as "No" at every 9_x level.
 *  - MSAA: SampleDesc.Count > 1 needs MipLevels 1, USAGE_DEFAULT without CPU access, no cube
 *    and no initial data; the count/quality pair is checked by the device against
 *    CheckMultisampleQualityLevels (resource.c); Count 1 needs Quality 0.
 *  - Texture3D with BIND_RENDER_TARGET is refused at 9_x: render-target views exist only of
 *    Texture2D objects there (seed 004, CreateRenderTargetView), and a D3D9 volume texture
 *    cannot be a render target.  BIND_DEPTH_STENCIL is never valid on a buffer or a 3D texture
 *    (no such depth-stencil view dimension).
 *  - DYNAMIC textures have one subresource (MipLevels 1, ArraySize 1): D3D11_USAGE, "Resource
 *    Bind Options", note 3.
 *  - Maximum cube size: 512 at 9_1/9_2, 4096 at 9_3 ("Direct3D feature levels" overview, Max
 *    Cubemap Dimension); Texture3D follows seed 004 (256, 512, 512) where the overview says 256.
 *  - Initial-data pitches of textures: SysMemPitch must hold a row of blocks when the
 *    subresource has more than one row, SysMemSlicePitch all rows of a slice when it has more
 *    than one slice (D3D11_SUBRESOURCE_DATA: the distance from one line / depth level to the
 *    next); smaller pitches cannot describe distinct rows.
 */
#include "d3d11/d3d11_resource.h"

#include <stdarg.h>
#include <stdio.h>

#include "d3d11/format_support.h"
#include "d3d11/limits.h"

/* ---- helpers ------------------------------------------------------------------------------ */

HRESULT d3d11_res_refuse(HRESULT hr, char *msg, size_t msg_size, const char *fmt, ...)
{
    va_list ap;
    if (msg && msg_size) {
        va_start(ap, fmt);
        vsnprintf(msg, msg_size, fmt, ap);
        va_end(ap);
    }
    return hr;
}

#define REFUSE(...) return d3d11_res_refuse(E_INVALIDARG, msg, msg_size, __VA_ARGS__)
#define LEVEL d3d11_level_name(level)
#define IS_9X (level < D3D_FEATURE_LEVEL_10_0)

static bool is_pow2(UINT v)
{
    return v && !(v & (v - 1));
}

static unsigned popcount(UINT v)
{
    return (unsigned)__builtin_popcount(v);
}

bool d3d11_format_is_typeless(DXGI_FORMAT format)
{
    const core_format_desc *f = core_format_get(format);
    return f && f->kind == CORE_FMT_TYPELESS;
}

UINT d3d11_resource_format_support(D3D_FEATURE_LEVEL level, DXGI_FORMAT format)
{
    /* The format's own row: at 9_x no _TYPELESS format has any support ("Format support for
     * Direct3D feature level 9_x hardware": "-" in every row), so typeless resources are refused
     * there; a level that has them would also accept what any family member supports. */
    UINT bits = d3d11_format_support_bits(level, format);
    if (bits && d3d11_format_is_typeless(format)) {
        for (size_t i = 0; i < core_format_count(); i++) {
            const core_format_desc *f = core_format_at(i);
            if (f->typeless_family == (core_format)format && !f->d3d9_only)
                bits |= d3d11_format_support_bits(level, (DXGI_FORMAT)f->id);
        }
    }
    return bits;
}

UINT d3d11_resolve_mip_levels(UINT mip_levels, UINT width, UINT height, UINT depth)
{
    return mip_levels ? mip_levels : core_mip_chain_length(width, height, depth);
}

/* A DXGI format of the table (not a D3D9-only entry, not UNKNOWN). */
static const core_format_desc *dxgi_format(DXGI_FORMAT format)
{
    const core_format_desc *f = core_format_get(format);
    return f && !f->d3d9_only ? f : NULL;
}

/* ---- flags: the tables -------------------------------------------------------------------- */

enum res_kind { KIND_BUFFER = 1, KIND_TEX1D = 2, KIND_TEX2D = 4, KIND_TEX3D = 8 };
#define KIND_TEX (KIND_TEX1D | KIND_TEX2D | KIND_TEX3D)

#define KNOWN_BIND                                                                             \
    (D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER | D3D11_BIND_CONSTANT_BUFFER |         \
     D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_RENDER_TARGET |        \
     D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_DECODER |             \
     D3D11_BIND_VIDEO_ENCODER)
#define KNOWN_CPU (D3D11_CPU_ACCESS_WRITE | D3D11_CPU_ACCESS_READ)
#define OUTPUT_BIND                                                                            \
    (D3D11_BIND_RENDER_TARGET | D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_STREAM_OUTPUT |          \
     D3D11_BIND_UNORDERED_ACCESS)
#define SHARING_MISC                                                                           \
    (D3D11_RESOURCE_MISC_SHARED | D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX |                      \
     D3D11_RESOURCE_MISC_SHARED_NTHANDLE)

/* Bind flags that only buffers take, that need a feature level above 9_x, or that softd3d does
 * not implement (D3D11_BIND_FLAG page: vertex, index, constant buffers and stream-output
 * targets are buffers). */
static const struct bind_rule {
    UINT flag;
    const char *name;
    unsigned kinds;                /* resource kinds the flag applies to (enum res_kind bits) */
    D3D_FEATURE_LEVEL min_level;   /* 0: any */
    const char *why;               /* NULL: implemented */
} bind_rules[] = {
    { D3D11_BIND_VERTEX_BUFFER, "D3D11_BIND_VERTEX_BUFFER", KIND_BUFFER, 0, NULL },
    { D3D11_BIND_INDEX_BUFFER, "D3D11_BIND_INDEX_BUFFER", KIND_BUFFER, 0, NULL },
    { D3D11_BIND_CONSTANT_BUFFER, "D3D11_BIND_CONSTANT_BUFFER", KIND_BUFFER, 0, NULL },
    /* "Direct3D feature levels" overview: Stream Out "No" at 9_x; seed 004: no geometry
     * shader with stream output at any 9_x level. */
    { D3D11_BIND_STREAM_OUTPUT, "D3D11_BIND_STREAM_OUTPUT", KIND_BUFFER, D3D_FEATURE_LEVEL_10_0,
      NULL },
    /* seed 004: CreateUnorderedAccessView is not supported at any 9_x level; at 10_x buffers
     * only (raw and structured UAVs of cs_4_x, D3D10_X_HARDWARE_OPTIONS TRUE; D3D11.3
     * 18.7.2.2: no typed, so no texture, UAVs), textures from 11_0 (the loop below). */
    { D3D11_BIND_UNORDERED_ACCESS, "D3D11_BIND_UNORDERED_ACCESS", KIND_BUFFER | KIND_TEX,
      D3D_FEATURE_LEVEL_10_0, NULL },
    { D3D11_BIND_DECODER, "D3D11_BIND_DECODER", KIND_BUFFER | KIND_TEX, 0,
      "softd3d has no video decoder" },
    { D3D11_BIND_VIDEO_ENCODER, "D3D11_BIND_VIDEO_ENCODER", KIND_BUFFER | KIND_TEX, 0,
      "softd3d has no video encoder" },
};

static const struct misc_rule {
    UINT flag;
    const char *name;
    unsigned kinds;                /* resource kinds the flag applies to */
    D3D_FEATURE_LEVEL min_level;   /* 0: any */
    bool with_cpu_access;          /* may be combined with CPU access flags */
    const char *not_implemented;   /* why softd3d refuses it, or NULL */
} misc_rules[] = {
    { D3D11_RESOURCE_MISC_GENERATE_MIPS, "D3D11_RESOURCE_MISC_GENERATE_MIPS", KIND_TEX, 0,
      false, NULL },
    /* "The only resources that can be shared are 2D non-mipmapped textures." */
    { D3D11_RESOURCE_MISC_SHARED, "D3D11_RESOURCE_MISC_SHARED", KIND_TEX2D, 0, false, NULL },
    { D3D11_RESOURCE_MISC_TEXTURECUBE, "D3D11_RESOURCE_MISC_TEXTURECUBE", KIND_TEX2D, 0, true,
      NULL },
    /* DrawInstancedIndirect: not supported on any 9.x or 10.x level (10Level9 context page). */
    { D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS, "D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS",
      KIND_BUFFER, D3D_FEATURE_LEVEL_11_0, false, NULL },
    /* Raw and structured buffers: "N/A" at 9_x in the overview table; at 10_x with
     * D3D10_X_HARDWARE_OPTIONS, which this device reports TRUE (D3D11.3 18.7.3.2: "Raw or
     * Structured Buffers will be allowed to be created on devices that report TRUE"). */
    { D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, "D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS",
      KIND_BUFFER, D3D_FEATURE_LEVEL_10_0, false, NULL },
    { D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, "D3D11_RESOURCE_MISC_BUFFER_STRUCTURED",
      KIND_BUFFER, D3D_FEATURE_LEVEL_10_0, false, NULL },
    { D3D11_RESOURCE_MISC_RESOURCE_CLAMP, "D3D11_RESOURCE_MISC_RESOURCE_CLAMP", KIND_TEX, 0,
      true, NULL },
    { D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX, "D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX",
      KIND_TEX | KIND_BUFFER, 0, false, NULL },
    { D3D11_RESOURCE_MISC_GDI_COMPATIBLE, "D3D11_RESOURCE_MISC_GDI_COMPATIBLE", KIND_TEX2D, 0,
      false, "softd3d has no GDI interop (IDXGISurface1::GetDC)" },
    { D3D11_RESOURCE_MISC_SHARED_NTHANDLE, "D3D11_RESOURCE_MISC_SHARED_NTHANDLE",
      KIND_TEX | KIND_BUFFER, 0, false, NULL },
    { D3D11_RESOURCE_MISC_RESTRICTED_CONTENT, "D3D11_RESOURCE_MISC_RESTRICTED_CONTENT",
      KIND_TEX | KIND_BUFFER, 0, false, "softd3d has no content protection" },
    { D3D11_RESOURCE_MISC_RESTRICT_SHARED_RESOURCE,
      "D3D11_RESOURCE_MISC_RESTRICT_SHARED_RESOURCE", KIND_TEX | KIND_BUFFER, 0, false,
      "softd3d shares no resources" },
    { D3D11_RESOURCE_MISC_RESTRICT_SHARED_RESOURCE_DRIVER,
      "D3D11_RESOURCE_MISC_RESTRICT_SHARED_RESOURCE_DRIVER", KIND_TEX | KIND_BUFFER, 0, false,
      "softd3d shares no resources" },
    { D3D11_RESOURCE_MISC_GUARDED, "D3D11_RESOURCE_MISC_GUARDED", KIND_TEX2D, 0, false,
      "guarded resources come from DirectComposition, which softd3d does not have" },
    /* seed 001: tier-2 tiled resources need 11_1; overview table: "No" at 9_x. */
    { D3D11_RESOURCE_MISC_TILE_POOL, "D3D11_RESOURCE_MISC_TILE_POOL", KIND_BUFFER,
      D3D_FEATURE_LEVEL_11_1, false, NULL },
    { D3D11_RESOURCE_MISC_TILED, "D3D11_RESOURCE_MISC_TILED", KIND_TEX2D | KIND_TEX3D |
      KIND_BUFFER, D3D_FEATURE_LEVEL_11_1, false, NULL },
    { D3D11_RESOURCE_MISC_HW_PROTECTED, "D3D11_RESOURCE_MISC_HW_PROTECTED",
      KIND_TEX | KIND_BUFFER, 0, false, "softd3d has no hardware content protection" },
    { D3D11_RESOURCE_MISC_SHARED_DISPLAYABLE, "D3D11_RESOURCE_MISC_SHARED_DISPLAYABLE",
      KIND_TEX2D, 0, false, "softd3d shares no resources" },
    { D3D11_RESOURCE_MISC_SHARED_EXCLUSIVE_WRITER,
      "D3D11_RESOURCE_MISC_SHARED_EXCLUSIVE_WRITER", KIND_TEX2D, 0, false,
      "softd3d shares no resources" },
    { D3D11_RESOURCE_MISC_NO_SHADER_ACCESS, "D3D11_RESOURCE_MISC_NO_SHADER_ACCESS",
      KIND_TEX | KIND_BUFFER, 0, false, "softd3d has no content protection" },
};

/* The usage / CPU access / bind combinations of the D3D11_USAGE and D3D11_CPU_ACCESS_FLAG pages:
 *   DEFAULT    GPU read/write, no CPU access;
 *   IMMUTABLE  GPU read only, no CPU access, initialised at creation;
 *   DYNAMIC    GPU read, CPU write (CPU_ACCESS_WRITE required, READ not allowed), not an output;
 *   STAGING    copies only: no bind flags, at least one CPU access flag. */
static const struct usage_rule {
    D3D11_USAGE usage;
    const char *name;
    UINT cpu_allowed;
    UINT cpu_required;      /* every bit required */
    bool cpu_nonzero;       /* at least one CPU flag */
    UINT bind_forbidden;
    bool needs_init;
} usage_rules[] = {
    { D3D11_USAGE_DEFAULT, "D3D11_USAGE_DEFAULT", 0, 0, false, 0, false },
    { D3D11_USAGE_IMMUTABLE, "D3D11_USAGE_IMMUTABLE", 0, 0, false, OUTPUT_BIND, true },
    { D3D11_USAGE_DYNAMIC, "D3D11_USAGE_DYNAMIC", D3D11_CPU_ACCESS_WRITE, D3D11_CPU_ACCESS_WRITE,
      true, OUTPUT_BIND, false },
    { D3D11_USAGE_STAGING, "D3D11_USAGE_STAGING", KNOWN_CPU, 0, true, KNOWN_BIND, false },
};

static const struct usage_rule *find_usage(D3D11_USAGE usage)
{
    for (size_t i = 0; i < sizeof(usage_rules) / sizeof(usage_rules[0]); i++)
        if (usage_rules[i].usage == usage)
            return &usage_rules[i];
    return NULL;
}

/* What every Create method shares. */
struct res_flags {
    const char *method;
    enum res_kind kind;
    D3D11_USAGE usage;
    UINT bind, cpu, misc;
};

static const char *kind_name(enum res_kind kind)
{
    switch (kind) {
    case KIND_BUFFER: return "a buffer";
    case KIND_TEX1D: return "a Texture1D";
    case KIND_TEX2D: return "a Texture2D";
    default: return "a Texture3D";
    }
}

/* Step 1: enumerations, unknown bits, the kinds and levels of each flag. */
static HRESULT check_flags(const struct res_flags *f, D3D_FEATURE_LEVEL level, char *msg,
                           size_t msg_size)
{
    UINT known_misc = 0;
    for (size_t i = 0; i < sizeof(misc_rules) / sizeof(misc_rules[0]); i++)
        known_misc |= misc_rules[i].flag;

    if (!find_usage(f->usage))
        REFUSE("%s: Usage %d is not a D3D11_USAGE value", f->method, (int)f->usage);
    if (f->bind & ~(UINT)KNOWN_BIND)
        REFUSE("%s: BindFlags 0x%x has bits that are not D3D11_BIND_FLAG values (0x%x)",
               f->method, f->bind, f->bind & ~(UINT)KNOWN_BIND);
    if (f->cpu & ~(UINT)KNOWN_CPU)
        REFUSE("%s: CPUAccessFlags 0x%x has bits that are not D3D11_CPU_ACCESS_FLAG values",
               f->method, f->cpu);
    if (f->misc & ~known_misc)
        REFUSE("%s: MiscFlags 0x%x has bits that are not D3D11_RESOURCE_MISC_FLAG values (0x%x)",
               f->method, f->misc, f->misc & ~known_misc);
    for (size_t i = 0; i < sizeof(bind_rules) / sizeof(bind_rules[0]); i++) {
        const struct bind_rule *r = &bind_rules[i];
        if (!(f->bind & r->flag))
            continue;
        if (!(r->kinds & f->kind))
            REFUSE("%s: %s does not apply to %s", f->method, r->name, kind_name(f->kind));
        if (r->why)
            REFUSE("%s: %s is not supported: %s", f->method, r->name, r->why);
        if (level < r->min_level)
            REFUSE("%s: %s needs feature level %s; not supported at feature level %s",
                   f->method, r->name, d3d11_level_name(r->min_level), LEVEL);
        if (r->flag == D3D11_BIND_UNORDERED_ACCESS && f->kind != KIND_BUFFER &&
            level < D3D_FEATURE_LEVEL_11_0)
            REFUSE("%s: D3D11_BIND_UNORDERED_ACCESS on %s needs feature level 11_0; at %s only "
                   "buffers (raw and structured UAVs of cs_4_x)", f->method, kind_name(f->kind),
                   LEVEL);
    }
    for (size_t i = 0; i < sizeof(misc_rules) / sizeof(misc_rules[0]); i++) {
        const struct misc_rule *r = &misc_rules[i];
        if (!(f->misc & r->flag))
            continue;
        if (!(r->kinds & f->kind))
            REFUSE("%s: %s does not apply to %s", f->method, r->name, kind_name(f->kind));
        if (level < r->min_level)
            REFUSE("%s: %s needs feature level %s; not supported at feature level %s%s",
                   f->method, r->name, d3d11_level_name(r->min_level), LEVEL,
                   r->flag & (D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_TILE_POOL)
                       ? " (tiled resources, seed 001)" : "");
    }
    return S_OK;
}

/* Step 3, the usage part: CPU access and bind flags allowed with the usage. */
static HRESULT check_usage(const struct res_flags *f, const D3D11_SUBRESOURCE_DATA *init,
                           char *msg, size_t msg_size)
{
    const struct usage_rule *u = find_usage(f->usage);

    if (f->cpu & ~u->cpu_allowed)
        REFUSE("%s: %s does not allow CPUAccessFlags 0x%x (D3D11_CPU_ACCESS_WRITE needs DYNAMIC "
               "or STAGING usage, D3D11_CPU_ACCESS_READ needs STAGING)",
               f->method, u->name, f->cpu);
    if ((f->cpu & u->cpu_required) != u->cpu_required || (u->cpu_nonzero && !f->cpu))
        REFUSE("%s: %s needs CPUAccessFlags %s (is 0x%x)", f->method, u->name,
               u->cpu_required ? "D3D11_CPU_ACCESS_WRITE" : "D3D11_CPU_ACCESS_READ and/or WRITE",
               f->cpu);
    if (f->bind & u->bind_forbidden)
        REFUSE("%s: %s resources cannot have BindFlags 0x%x (%s)", f->method, u->name,
               f->bind & u->bind_forbidden,
               f->usage == D3D11_USAGE_STAGING ? "staging resources are copied, never bound"
                                               : "they cannot be pipeline outputs");
    if (u->needs_init && !init)
        REFUSE("%s: %s resources must be initialized: pInitialData is NULL", f->method, u->name);
    if (f->cpu) {
        for (size_t i = 0; i < sizeof(misc_rules) / sizeof(misc_rules[0]); i++)
            if ((f->misc & misc_rules[i].flag) && !misc_rules[i].with_cpu_access)
                REFUSE("%s: %s cannot be combined with CPUAccessFlags 0x%x "
                       "(D3D11_RESOURCE_MISC_FLAG)", f->method, misc_rules[i].name, f->cpu);
    }
    return S_OK;
}

/* Step 3, the misc flags softd3d refuses whatever the level (decisions above). */
static HRESULT check_misc_support(const struct res_flags *f, char *msg, size_t msg_size)
{
    for (size_t i = 0; i < sizeof(misc_rules) / sizeof(misc_rules[0]); i++)
        if ((f->misc & misc_rules[i].flag) && misc_rules[i].not_implemented)
            REFUSE("%s: %s is not supported: %s", f->method, misc_rules[i].name,
                   misc_rules[i].not_implemented);
    if ((f->misc & D3D11_RESOURCE_MISC_SHARED) && (f->misc & D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX))
        REFUSE("%s: D3D11_RESOURCE_MISC_SHARED and D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX are "
               "mutually exclusive", f->method);
    if (f->misc & SHARING_MISC)
        REFUSE("%s: MiscFlags 0x%x asks for a shared resource; no format is shareable "
               "(D3D11_FORMAT_SUPPORT2_SHAREABLE): softd3d shares nothing across devices or "
               "processes", f->method, f->misc & SHARING_MISC);
    return S_OK;
}

/* Step 6, for textures: one D3D11_SUBRESOURCE_DATA per subresource (mip + slice * mips). */
static HRESULT check_texture_init(const char *method, const D3D11_SUBRESOURCE_DATA *init,
                                  const core_resource_desc *cd, char *msg, size_t msg_size)
{
    if (!init)
        return S_OK;
    for (UINT slice = 0; slice < cd->array_size; slice++) {
        for (UINT mip = 0; mip < cd->mip_levels; mip++) {
            UINT i = mip + slice * cd->mip_levels;
            const D3D11_SUBRESOURCE_DATA *d = &init[i];
            size_t row = core_format_row_pitch(cd->format, core_mip_size(cd->width, mip));
            size_t rows = core_format_rows(cd->format, core_mip_size(cd->height, mip));
            UINT depth = core_mip_size(cd->depth, mip);
            size_t pitch = rows > 1 ? d->SysMemPitch : row, slice_bytes;
            if (!d->pSysMem)
                REFUSE("%s: pInitialData[%u].pSysMem is NULL", method, i);
            if (rows > 1 && d->SysMemPitch < row)
                REFUSE("%s: pInitialData[%u].SysMemPitch %u is less than the %zu bytes of a row "
                       "of mip %u", method, i, d->SysMemPitch, row, mip);
            /* bytes from the first row of a slice to the end of its last row */
            slice_bytes = pitch * (rows - 1) + row;
            if (depth > 1 && d->SysMemSlicePitch < slice_bytes)
                REFUSE("%s: pInitialData[%u].SysMemSlicePitch %u is less than the %zu bytes of a "
                       "slice of mip %u", method, i, d->SysMemSlicePitch, slice_bytes, mip);
        }
    }
    return S_OK;
}

/* Step 5: the byte size, overflow-checked, against the resource-size limit. */
static HRESULT check_size(const char *method, const core_resource_desc *cd, char *msg,
                          size_t msg_size)
{
    size_t bytes;
    core_res_status st = core_resource_data_size(cd, &bytes);
    if (st == CORE_RES_INVALID)
        REFUSE("%s: the description cannot be laid out in memory", method);
    if (st != CORE_RES_OK || bytes > D3D11_MAX_RESOURCE_BYTES)
        return d3d11_res_refuse(E_OUTOFMEMORY, msg, msg_size,
                                "%s: the resource needs more than the %zu MiB a resource may "
                                "have (D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_C_TERM)",
                                method, D3D11_MAX_RESOURCE_BYTES >> 20);
    return S_OK;
}

/* ---- CreateBuffer ------------------------------------------------------------------------- */

/* Structured and raw buffers (11_0; check_flags refused them below): D3D11_BUFFER_DESC,
 * StructureByteStride: "the size of each element in the buffer structure (in bytes) when the
 * buffer represents a structured buffer"; the runtime's rules are a stride that is a non-zero
 * multiple of 4 and at most 2048 bytes (D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES), a
 * ByteWidth that holds whole elements, and neither vertex, index nor constant binding nor
 * raw views (D3D11_RESOURCE_MISC_FLAG: ALLOW_RAW_VIEWS and BUFFER_STRUCTURED are exclusive). */
static HRESULT check_structured(const D3D11_BUFFER_DESC *desc, char *msg, size_t msg_size)
{
    const UINT binds = D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER |
                       D3D11_BIND_CONSTANT_BUFFER;
    if (!(desc->MiscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED))
        return S_OK;
    if (desc->MiscFlags & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS)
        REFUSE("CreateBuffer: D3D11_RESOURCE_MISC_BUFFER_STRUCTURED cannot be combined with "
               "D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS");
    if (!desc->StructureByteStride || desc->StructureByteStride % 4 ||
        desc->StructureByteStride > D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES)
        REFUSE("CreateBuffer: a structured buffer's StructureByteStride %u must be a non-zero "
               "multiple of 4 of at most %u bytes", desc->StructureByteStride,
               D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES);
    if (desc->ByteWidth % desc->StructureByteStride)
        REFUSE("CreateBuffer: a structured buffer's ByteWidth %u is not a multiple of its "
               "StructureByteStride %u", desc->ByteWidth, desc->StructureByteStride);
    if (desc->BindFlags & binds)
        REFUSE("CreateBuffer: a structured buffer cannot be a vertex, index or constant buffer "
               "(BindFlags 0x%x)", desc->BindFlags);
    return S_OK;
}

HRESULT d3d11_validate_buffer_desc(const D3D11_BUFFER_DESC *desc,
                                   const D3D11_SUBRESOURCE_DATA *init, D3D_FEATURE_LEVEL level,
                                   char *msg, size_t msg_size)
{
    static const UINT one_of =
        D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER | D3D11_BIND_CONSTANT_BUFFER;
    struct res_flags f;
    HRESULT hr;

    if (!desc)
        REFUSE("CreateBuffer: pDesc is NULL");
    f = (struct res_flags){ "CreateBuffer", KIND_BUFFER, desc->Usage, desc->BindFlags,
                            desc->CPUAccessFlags, desc->MiscFlags };
    if (FAILED(hr = check_flags(&f, level, msg, msg_size)))
        return hr;
    if (!desc->ByteWidth)
        REFUSE("CreateBuffer: ByteWidth is 0");

    if (IS_9X) {
        /* seed 004, CreateBuffer: buffers cannot have render target views. */
        if (desc->BindFlags & D3D11_BIND_RENDER_TARGET)
            REFUSE("CreateBuffer: a buffer cannot be a render target (D3D11_BIND_RENDER_TARGET) "
                   "at feature level %s (seed 004)", LEVEL);
        /* seed 004, CreateBuffer: exactly one of VERTEX_BUFFER, INDEX_BUFFER, CONSTANT_BUFFER,
         * and (decision above) nothing else; staging buffers have no bind flags at all. */
        if (desc->Usage != D3D11_USAGE_STAGING &&
            (popcount(desc->BindFlags & one_of) != 1 || (desc->BindFlags & ~one_of)))
            REFUSE("CreateBuffer: BindFlags 0x%x must be exactly one of D3D11_BIND_VERTEX_BUFFER, "
                   "D3D11_BIND_INDEX_BUFFER, D3D11_BIND_CONSTANT_BUFFER at feature level %s "
                   "(seed 004)", desc->BindFlags, LEVEL);
    }

    if (desc->BindFlags & D3D11_BIND_DEPTH_STENCIL)
        REFUSE("CreateBuffer: a buffer cannot be a depth-stencil target "
               "(D3D11_BIND_DEPTH_STENCIL)");
    if (desc->BindFlags & D3D11_BIND_CONSTANT_BUFFER) {
        /* CreateBuffer remarks: ByteWidth a multiple of 16 and at most
         * D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT 16-byte constants. */
        if (desc->ByteWidth % 16)
            REFUSE("CreateBuffer: a constant buffer's ByteWidth %u is not a multiple of 16",
                   desc->ByteWidth);
        if (desc->ByteWidth > D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT * 16 &&
            level < D3D_FEATURE_LEVEL_11_1)
            REFUSE("CreateBuffer: a constant buffer's ByteWidth %u exceeds %u "
                   "(D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT constants of 16 bytes) at feature "
                   "level %s", desc->ByteWidth, D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT * 16,
                   LEVEL);
        /* D3D11_BIND_FLAG: the constant-buffer flag cannot be combined with any other. */
        if (desc->BindFlags & ~(UINT)D3D11_BIND_CONSTANT_BUFFER)
            REFUSE("CreateBuffer: D3D11_BIND_CONSTANT_BUFFER cannot be combined with other "
                   "bind flags (BindFlags 0x%x)", desc->BindFlags);
    }
    if (FAILED(hr = check_usage(&f, init, msg, msg_size)) ||
        FAILED(hr = check_misc_support(&f, msg, msg_size)) ||
        FAILED(hr = check_structured(desc, msg, msg_size)))
        return hr;

    {
        core_resource_desc cd = { .dim = CORE_RES_BUFFER, .width = desc->ByteWidth, .height = 1,
                                  .depth = 1, .mip_levels = 1, .array_size = 1 };
        if (FAILED(hr = check_size("CreateBuffer", &cd, msg, msg_size)))
            return hr;
    }
    if (init && !init->pSysMem)
        REFUSE("CreateBuffer: pInitialData->pSysMem is NULL");
    return S_OK;
}

/* ---- textures: the format part ------------------------------------------------------------ */

/* Step 4: the format can be what the description asks at this level. */
static HRESULT check_texture_format(const char *method, DXGI_FORMAT format, UINT dim_bit,
                                    const char *dim_name, UINT bind, UINT misc, UINT cpu,
                                    UINT mips, D3D_FEATURE_LEVEL level, char *msg,
                                    size_t msg_size)
{
    static const struct { UINT bind; UINT any_of; const char *what; } need[] = {
        { D3D11_BIND_SHADER_RESOURCE, D3D11_FORMAT_SUPPORT_SHADER_SAMPLE |
          D3D11_FORMAT_SUPPORT_SHADER_LOAD, "shader resources (D3D11_BIND_SHADER_RESOURCE)" },
        { D3D11_BIND_RENDER_TARGET, D3D11_FORMAT_SUPPORT_RENDER_TARGET,
          "render targets (D3D11_BIND_RENDER_TARGET)" },
        { D3D11_BIND_DEPTH_STENCIL, D3D11_FORMAT_SUPPORT_DEPTH_STENCIL,
          "depth-stencil targets (D3D11_BIND_DEPTH_STENCIL)" },
        /* 11_0: a texture's UAVs are typed, so its format (or a member of its typeless
         * family) must support them */
        { D3D11_BIND_UNORDERED_ACCESS, D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW,
          "unordered-access views (D3D11_BIND_UNORDERED_ACCESS)" },
    };
    UINT bits = d3d11_resource_format_support(level, format);
    const char *name = d3d11_format_name(format);

    if (!(bits & dim_bit))
        REFUSE("%s: DXGI_FORMAT_%s cannot be used for %s at feature level %s "
               "(CheckFormatSupport)", method, name, dim_name, LEVEL);
    for (size_t i = 0; i < sizeof(need) / sizeof(need[0]); i++)
        if ((bind & need[i].bind) && !(bits & need[i].any_of))
            REFUSE("%s: DXGI_FORMAT_%s cannot be used for %s at feature level %s "
                   "(CheckFormatSupport)", method, name, need[i].what, LEVEL);
    if (mips > 1 && !(bits & D3D11_FORMAT_SUPPORT_MIP))
        REFUSE("%s: DXGI_FORMAT_%s cannot have mipmaps (MipLevels %u) at feature level %s "
               "(CheckFormatSupport)", method, name, mips, LEVEL);
    if ((misc & D3D11_RESOURCE_MISC_GENERATE_MIPS) && !(bits & D3D11_FORMAT_SUPPORT_MIP_AUTOGEN))
        REFUSE("%s: DXGI_FORMAT_%s does not support D3D11_RESOURCE_MISC_GENERATE_MIPS at "
               "feature level %s (CheckFormatSupport)", method, name, LEVEL);
    if (cpu && !(bits & D3D11_FORMAT_SUPPORT_CPU_LOCKABLE))
        REFUSE("%s: DXGI_FORMAT_%s cannot be mapped by the CPU (CPUAccessFlags 0x%x) at feature "
               "level %s (CheckFormatSupport)", method, name, cpu, LEVEL);
    return S_OK;
}

/* The checks Texture2D and Texture3D share (step 3). */
static HRESULT check_texture_common(const struct res_flags *f, const core_format_desc *fmt,
                                    UINT width, UINT height, UINT mips, UINT array_size,
                                    const D3D11_SUBRESOURCE_DATA *init, char *msg,
                                    size_t msg_size)
{
    HRESULT hr;
    if (FAILED(hr = check_usage(f, init, msg, msg_size)))
        return hr;
    /* A DYNAMIC texture is written by the CPU to be read by the GPU, so it must be bound: Windows
     * refuses BindFlags 0 with E_INVALIDARG (an independent D3D11 conformance suite, issue 11
     * part 10), as CreateBuffer's bind rule already does for buffers. */
    if (f->usage == D3D11_USAGE_DYNAMIC && !f->bind)
        REFUSE("%s: a D3D11_USAGE_DYNAMIC texture needs BindFlags (is 0): it is written by the "
               "CPU for the GPU to read", f->method);
    /* D3D11_USAGE, "Resource Bind Options" note 3: a dynamic resource has one subresource. */
    if (f->usage == D3D11_USAGE_DYNAMIC && (mips != 1 || array_size != 1))
        REFUSE("%s: a D3D11_USAGE_DYNAMIC texture must have a single subresource (MipLevels %u, "
               "ArraySize %u)", f->method, mips, array_size);
    /* D3D11_RESOURCE_MISC_FLAG: GENERATE_MIPS needs a render target that is a shader resource. */
    if ((f->misc & D3D11_RESOURCE_MISC_GENERATE_MIPS) &&
        (f->bind & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE)) !=
            (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE))
        REFUSE("%s: D3D11_RESOURCE_MISC_GENERATE_MIPS needs BindFlags D3D11_BIND_RENDER_TARGET | "
               "D3D11_BIND_SHADER_RESOURCE (is 0x%x)", f->method, f->bind);
    /* Block-compressed formats: top-level dimensions are multiples of the block. */
    if (fmt->compressed && (width % fmt->block_width || height % fmt->block_height))
        REFUSE("%s: %ux%u is not a multiple of the %ux%u blocks of DXGI_FORMAT_%s", f->method,
               width, height, fmt->block_width, fmt->block_height, fmt->name);
    if (fmt->planar)
        REFUSE("%s: planar DXGI_FORMAT_%s textures are not supported", f->method, fmt->name);
    return check_misc_support(f, msg, msg_size);
}

/* ---- CreateTexture1D ---------------------------------------------------------------------- */

HRESULT d3d11_validate_texture1d_desc(const D3D11_TEXTURE1D_DESC *desc,
                                      const D3D11_SUBRESOURCE_DATA *init,
                                      D3D_FEATURE_LEVEL level, char *msg, size_t msg_size)
{
    const char *m = "CreateTexture1D";
    const struct d3d11_level_limits *r = d3d11_level_limits(level);
    const core_format_desc *fmt;
    struct res_flags f;
    UINT mips, chain;
    HRESULT hr;

    /* seed 004, CreateTexture1D: not supported at any 9_x level. */
    if (IS_9X)
        REFUSE("CreateTexture1D: 1D textures are not supported at feature level %s (seed 004)",
               LEVEL);
    if (!desc)
        REFUSE("CreateTexture1D: pDesc is NULL");
    f = (struct res_flags){ m, KIND_TEX1D, desc->Usage, desc->BindFlags, desc->CPUAccessFlags,
                            desc->MiscFlags };
    if (FAILED(hr = check_flags(&f, level, msg, msg_size)))
        return hr;
    if (desc->Format == DXGI_FORMAT_UNKNOWN)
        REFUSE("CreateTexture1D: Format is DXGI_FORMAT_UNKNOWN");
    if (!(fmt = dxgi_format(desc->Format)))
        REFUSE("CreateTexture1D: Format %u is not a DXGI_FORMAT value", (unsigned)desc->Format);
    if (!desc->Width)
        REFUSE("CreateTexture1D: Width is 0");
    if (!desc->ArraySize)
        REFUSE("CreateTexture1D: ArraySize is 0");
    /* D3D10_REQ_TEXTURE1D_U_DIMENSION 8192 and D3D10_REQ_TEXTURE1D_ARRAY_AXIS_DIMENSION 512
     * at 10_0 / 10_1 (limits.c). */
    if (r && desc->Width > r->max_texture1d_dimension)
        REFUSE("CreateTexture1D: Width %u exceeds the maximum 1D texture dimension %u at feature "
               "level %s", desc->Width, r->max_texture1d_dimension, LEVEL);
    if (r && desc->ArraySize > r->max_array_size)
        REFUSE("CreateTexture1D: ArraySize %u exceeds the %u array slices of feature level %s",
               desc->ArraySize, r->max_array_size, LEVEL);
    chain = core_mip_chain_length(desc->Width, 1, 1);
    if (desc->MipLevels > chain)
        REFUSE("CreateTexture1D: MipLevels %u exceeds the %u levels of a %u-texel mip chain",
               desc->MipLevels, chain, desc->Width);
    mips = d3d11_resolve_mip_levels(desc->MipLevels, desc->Width, 1, 1);
    if (FAILED(hr = check_texture_common(&f, fmt, desc->Width, 1, mips, desc->ArraySize, init,
                                         msg, msg_size)))
        return hr;
    /* Block-compressed formats have no TEXTURE1D support (their blocks are 4 texels high), so
     * the format check refuses them. */
    if (FAILED(hr = check_texture_format(m, desc->Format, D3D11_FORMAT_SUPPORT_TEXTURE1D,
                                         "1D textures", desc->BindFlags, desc->MiscFlags,
                                         desc->CPUAccessFlags, mips, level, msg, msg_size)))
        return hr;
    {
        core_resource_desc cd = { .dim = CORE_RES_TEX1D, .format = desc->Format,
                                  .width = desc->Width, .height = 1, .depth = 1,
                                  .mip_levels = mips, .array_size = desc->ArraySize };
        if (FAILED(hr = check_size(m, &cd, msg, msg_size)))
            return hr;
        return check_texture_init(m, init, &cd, msg, msg_size);
    }
}

/* ---- CreateTexture2D ---------------------------------------------------------------------- */

/* The numbers of the seed-004 CreateTexture2D/3D tables and the cube limit of the "Direct3D
 * feature levels" overview are in the per-level limits table (limits.h). */

HRESULT d3d11_validate_texture2d_desc(const D3D11_TEXTURE2D_DESC *desc,
                                      const D3D11_SUBRESOURCE_DATA *init, bool present,
                                      D3D_FEATURE_LEVEL level, char *msg, size_t msg_size)
{
    const char *m = "CreateTexture2D";
    const core_format_desc *fmt;
    struct res_flags f;
    bool cube;
    UINT mips, chain;
    HRESULT hr;

    if (!desc)
        REFUSE("CreateTexture2D: pDesc is NULL");
    f = (struct res_flags){ m, KIND_TEX2D, desc->Usage, desc->BindFlags, desc->CPUAccessFlags,
                            desc->MiscFlags };
    if (FAILED(hr = check_flags(&f, level, msg, msg_size)))
        return hr;
    if (desc->Format == DXGI_FORMAT_UNKNOWN)
        REFUSE("CreateTexture2D: Format is DXGI_FORMAT_UNKNOWN");
    if (!(fmt = dxgi_format(desc->Format)))
        REFUSE("CreateTexture2D: Format %u is not a DXGI_FORMAT value", (unsigned)desc->Format);
    if (!desc->Width || !desc->Height)
        REFUSE("CreateTexture2D: Width %u x Height %u: both must be at least 1", desc->Width,
               desc->Height);
    if (!desc->ArraySize)
        REFUSE("CreateTexture2D: ArraySize is 0");
    if (!desc->SampleDesc.Count)
        REFUSE("CreateTexture2D: SampleDesc.Count is 0");
    cube = (desc->MiscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE) != 0;
    chain = core_mip_chain_length(desc->Width, desc->Height, 1);
    if (desc->MipLevels > chain)
        REFUSE("CreateTexture2D: MipLevels %u exceeds the %u levels of a %ux%u mip chain",
               desc->MipLevels, chain, desc->Width, desc->Height);
    mips = d3d11_resolve_mip_levels(desc->MipLevels, desc->Width, desc->Height, 1);

    if (IS_9X) {
        const struct d3d11_level_limits *r = d3d11_level_limits(level);
        /* seed 004, CreateTexture2D: max texture dimension 2048 (9_1, 9_2), 4096 (9_3). */
        if (desc->Width > r->max_texture_dimension || desc->Height > r->max_texture_dimension)
            REFUSE("CreateTexture2D: %ux%u exceeds the maximum texture dimension %u at feature "
                   "level %s (seed 004)", desc->Width, desc->Height, r->max_texture_dimension,
                   LEVEL);
        if (cube) {
            /* seed 004: cube dimensions must be powers of two. */
            if (!is_pow2(desc->Width) || !is_pow2(desc->Height))
                REFUSE("CreateTexture2D: cube texture dimensions %ux%u must be powers of two at "
                       "feature level %s (seed 004)", desc->Width, desc->Height, LEVEL);
            /* seed 004: ArraySize 6 with D3D11_RESOURCE_MISC_TEXTURECUBE. */
            if (desc->ArraySize != 6)
                REFUSE("CreateTexture2D: ArraySize %u must be 6 for a cube texture "
                       "(D3D11_RESOURCE_MISC_TEXTURECUBE) at feature level %s (seed 004)",
                       desc->ArraySize, LEVEL);
            /* overview table: Max Cubemap Dimension 512 (9_1, 9_2), 4096 (9_3). */
            if (desc->Width > r->max_cube_dimension || desc->Height > r->max_cube_dimension)
                REFUSE("CreateTexture2D: cube texture %ux%u exceeds the maximum cube dimension "
                       "%u at feature level %s", desc->Width, desc->Height,
                       r->max_cube_dimension, LEVEL);
        } else if (desc->ArraySize != 1) {
            /* seed 004: ArraySize 1 without D3D11_RESOURCE_MISC_TEXTURECUBE. */
            REFUSE("CreateTexture2D: ArraySize %u must be 1 (texture arrays need feature level "
                   "10_0) at feature level %s (seed 004)", desc->ArraySize, LEVEL);
        }
        /* seed 004: if MipCount > 1, dimensions must be powers of two (MipLevels 0 counts as the
         * full chain it makes). */
        if (mips > 1 && (!is_pow2(desc->Width) || !is_pow2(desc->Height)))
            REFUSE("CreateTexture2D: %ux%u is not a power of two, so MipLevels must be 1 (is %u%s) "
                   "at feature level %s (seed 004)", desc->Width, desc->Height, mips,
                   desc->MipLevels ? "" : ", from MipLevels 0", LEVEL);
        /* seed 004: with DEFAULT or IMMUTABLE usage, BindFlags cannot be zero. */
        if ((desc->Usage == D3D11_USAGE_DEFAULT || desc->Usage == D3D11_USAGE_IMMUTABLE) &&
            !desc->BindFlags)
            REFUSE("CreateTexture2D: BindFlags cannot be 0 with %s at feature level %s "
                   "(seed 004)", find_usage(desc->Usage)->name, LEVEL);
        /* seed 004: with D3D11_BIND_DEPTH_STENCIL, MipLevels must be 1. */
        if ((desc->BindFlags & D3D11_BIND_DEPTH_STENCIL) && mips != 1)
            REFUSE("CreateTexture2D: a depth-stencil texture (D3D11_BIND_DEPTH_STENCIL) must have "
                   "MipLevels 1 (is %u%s) at feature level %s (seed 004)", mips,
                   desc->MipLevels ? "" : ", from MipLevels 0", LEVEL);
        /* seed 004: with D3D11_BIND_SHADER_RESOURCE, SampleDesc.Count must be 1. */
        if ((desc->BindFlags & D3D11_BIND_SHADER_RESOURCE) && desc->SampleDesc.Count != 1)
            REFUSE("CreateTexture2D: a shader resource (D3D11_BIND_SHADER_RESOURCE) must have "
                   "SampleDesc.Count 1 (is %u) at feature level %s (seed 004)",
                   desc->SampleDesc.Count, LEVEL);
        /* seed 004: a PRESENT resource (a swap-chain buffer, decision above) cannot be a
         * shader resource. */
        if (present && (desc->BindFlags & D3D11_BIND_SHADER_RESOURCE))
            REFUSE("CreateTexture2D: a swap-chain buffer (D3D10_DDI_BIND_PRESENT) cannot have "
                   "D3D11_BIND_SHADER_RESOURCE at feature level %s (seed 004)", LEVEL);
        /* seed 004 (CreateTexture2D, OpenSharedResource): a shared resource's format cannot be
         * R8G8B8A8_UNORM or R8G8B8A8_UNORM_SRGB below 10_0. */
        if ((desc->MiscFlags & SHARING_MISC) && (desc->Format == DXGI_FORMAT_R8G8B8A8_UNORM ||
                                                desc->Format == DXGI_FORMAT_R8G8B8A8_UNORM_SRGB))
            REFUSE("CreateTexture2D: a shared resource (MiscFlags 0x%x) cannot have format "
                   "DXGI_FORMAT_%s at feature level %s (seed 004)",
                   desc->MiscFlags & SHARING_MISC, fmt->name, LEVEL);
    }

    if (!IS_9X && d3d11_level_limits(level)) {
        const struct d3d11_level_limits *r = d3d11_level_limits(level);
        UINT max = cube ? r->max_cube_dimension : r->max_texture_dimension;
        /* 10_0 / 10_1 (issue 11): D3D10_REQ_TEXTURE2D_U_OR_V_DIMENSION and _TEXTURECUBE_
         * DIMENSION 8192, D3D10_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION 512 (limits.c). */
        if (desc->Width > max || desc->Height > max)
            REFUSE("CreateTexture2D: %ux%u exceeds the maximum %s dimension %u at feature level "
                   "%s", desc->Width, desc->Height, cube ? "cube texture" : "texture", max, LEVEL);
        if (desc->ArraySize > r->max_array_size)
            REFUSE("CreateTexture2D: ArraySize %u exceeds the %u array slices of feature level %s",
                   desc->ArraySize, r->max_array_size, LEVEL);
        /* "Direct3D feature levels": cubemap resource arrays from 10_1. */
        if (cube && desc->ArraySize > 6 && !r->cube_arrays)
            REFUSE("CreateTexture2D: a cube texture array (ArraySize %u) needs feature level 10_1; "
                   "not supported at feature level %s", desc->ArraySize, LEVEL);
    }

    /* General D3D11 rules. */
    if (cube && desc->Width != desc->Height)
        REFUSE("CreateTexture2D: a cube texture must be square (is %ux%u)", desc->Width,
               desc->Height);
    if (cube && desc->ArraySize % 6)
        REFUSE("CreateTexture2D: a cube texture's ArraySize %u is not a multiple of 6",
               desc->ArraySize);
    if (desc->SampleDesc.Count == 1 && desc->SampleDesc.Quality != 0)
        REFUSE("CreateTexture2D: SampleDesc.Quality %u must be 0 with SampleDesc.Count 1",
               desc->SampleDesc.Quality);
    /* Multisampled textures (the D3D11_TEXTURE2D_DESC and DXGI_SAMPLE_DESC pages): one mip
     * level, GPU-only (D3D11_USAGE_DEFAULT, no CPU access), not a cube, no initial data; the
     * count and quality against CheckMultisampleQualityLevels are the device's check
     * (resource.c), the profile deciding what is offered. */
    if (desc->SampleDesc.Count > 1) {
        if (desc->SampleDesc.Count > D3D11_MAX_MULTISAMPLE_SAMPLE_COUNT)
            REFUSE("CreateTexture2D: SampleDesc.Count %u exceeds "
                   "D3D11_MAX_MULTISAMPLE_SAMPLE_COUNT (32)", desc->SampleDesc.Count);
        if (mips != 1)
            REFUSE("CreateTexture2D: a multisampled texture (SampleDesc.Count %u) must have "
                   "MipLevels 1 (is %u%s)", desc->SampleDesc.Count, mips,
                   desc->MipLevels ? "" : ", from MipLevels 0");
        if (desc->Usage != D3D11_USAGE_DEFAULT || desc->CPUAccessFlags)
            REFUSE("CreateTexture2D: a multisampled texture (SampleDesc.Count %u) must be "
                   "D3D11_USAGE_DEFAULT without CPU access (Usage %d, CPUAccessFlags 0x%x)",
                   desc->SampleDesc.Count, (int)desc->Usage, desc->CPUAccessFlags);
        if (cube)
            REFUSE("CreateTexture2D: a cube texture cannot be multisampled (SampleDesc.Count "
                   "%u)", desc->SampleDesc.Count);
        if (init)
            REFUSE("CreateTexture2D: a multisampled texture (SampleDesc.Count %u) cannot be "
                   "created with initial data", desc->SampleDesc.Count);
    }
    if ((desc->MiscFlags & SHARING_MISC) && mips != 1)
        REFUSE("CreateTexture2D: only non-mipmapped 2D textures can be shared (MipLevels %u)",
               mips);
    if (FAILED(hr = check_texture_common(&f, fmt, desc->Width, desc->Height, mips,
                                         desc->ArraySize, init, msg, msg_size)))
        return hr;
    if (FAILED(hr = check_texture_format(m, desc->Format,
                                         cube ? D3D11_FORMAT_SUPPORT_TEXTURECUBE
                                              : D3D11_FORMAT_SUPPORT_TEXTURE2D,
                                         cube ? "cube textures" : "2D textures", desc->BindFlags,
                                         desc->MiscFlags, desc->CPUAccessFlags, mips, level, msg,
                                         msg_size)))
        return hr;
    {
        core_resource_desc cd = { .dim = CORE_RES_TEX2D, .flags = cube ? CORE_RES_CUBE : 0,
                                  .format = desc->Format, .width = desc->Width,
                                  .height = desc->Height, .depth = 1, .mip_levels = mips,
                                  .array_size = desc->ArraySize,
                                  .samples = desc->SampleDesc.Count };
        if (FAILED(hr = check_size(m, &cd, msg, msg_size)))
            return hr;
        return check_texture_init(m, init, &cd, msg, msg_size);
    }
}

/* ---- CreateTexture3D ---------------------------------------------------------------------- */

HRESULT d3d11_validate_texture3d_desc(const D3D11_TEXTURE3D_DESC *desc,
                                      const D3D11_SUBRESOURCE_DATA *init,
                                      D3D_FEATURE_LEVEL level, char *msg, size_t msg_size)
{
    const char *m = "CreateTexture3D";
    const core_format_desc *fmt;
    struct res_flags f;
    UINT mips, chain;
    HRESULT hr;

    if (!desc)
        REFUSE("CreateTexture3D: pDesc is NULL");
    f = (struct res_flags){ m, KIND_TEX3D, desc->Usage, desc->BindFlags, desc->CPUAccessFlags,
                            desc->MiscFlags };
    if (FAILED(hr = check_flags(&f, level, msg, msg_size)))
        return hr;
    if (desc->Format == DXGI_FORMAT_UNKNOWN)
        REFUSE("CreateTexture3D: Format is DXGI_FORMAT_UNKNOWN");
    if (!(fmt = dxgi_format(desc->Format)))
        REFUSE("CreateTexture3D: Format %u is not a DXGI_FORMAT value", (unsigned)desc->Format);
    if (!desc->Width || !desc->Height || !desc->Depth)
        REFUSE("CreateTexture3D: %ux%ux%u: every dimension must be at least 1", desc->Width,
               desc->Height, desc->Depth);
    chain = core_mip_chain_length(desc->Width, desc->Height, desc->Depth);
    if (desc->MipLevels > chain)
        REFUSE("CreateTexture3D: MipLevels %u exceeds the %u levels of a %ux%ux%u mip chain",
               desc->MipLevels, chain, desc->Width, desc->Height, desc->Depth);
    mips = d3d11_resolve_mip_levels(desc->MipLevels, desc->Width, desc->Height, desc->Depth);

    if (IS_9X) {
        UINT max = d3d11_level_limits(level)->max_texture3d_dimension;
        /* seed 004, CreateTexture3D: max dimension (any axis) 256 (9_1), 512 (9_2, 9_3). */
        if (desc->Width > max || desc->Height > max || desc->Depth > max)
            REFUSE("CreateTexture3D: %ux%ux%u exceeds the maximum dimension %u at feature level "
                   "%s (seed 004)", desc->Width, desc->Height, desc->Depth, max, LEVEL);
        /* seed 004, CreateTexture3D: dimensions must be powers of two. */
        if (!is_pow2(desc->Width) || !is_pow2(desc->Height) || !is_pow2(desc->Depth))
            REFUSE("CreateTexture3D: %ux%ux%u: dimensions must be powers of two at feature level "
                   "%s (seed 004)", desc->Width, desc->Height, desc->Depth, LEVEL);
        /* seed 004, CreateTexture3D: with DEFAULT or IMMUTABLE, BindFlags cannot be zero. */
        if ((desc->Usage == D3D11_USAGE_DEFAULT || desc->Usage == D3D11_USAGE_IMMUTABLE) &&
            !desc->BindFlags)
            REFUSE("CreateTexture3D: BindFlags cannot be 0 with %s at feature level %s "
                   "(seed 004)", find_usage(desc->Usage)->name, LEVEL);
        /* Decision above: no render-target views of 3D textures at 9_x (seed 004,
         * CreateRenderTargetView), so no render-target binding either. */
        if (desc->BindFlags & D3D11_BIND_RENDER_TARGET)
            REFUSE("CreateTexture3D: a Texture3D cannot be a render target at feature level %s "
                   "(render-target views only of Texture2D objects, seed 004)", LEVEL);
    }
    if (!IS_9X && d3d11_level_limits(level)) {
        /* 10_0 / 10_1 (issue 11): D3D10_REQ_TEXTURE3D_U_V_OR_W_DIMENSION 2048, any size. */
        UINT max = d3d11_level_limits(level)->max_texture3d_dimension;
        if (desc->Width > max || desc->Height > max || desc->Depth > max)
            REFUSE("CreateTexture3D: %ux%ux%u exceeds the maximum dimension %u at feature level "
                   "%s", desc->Width, desc->Height, desc->Depth, max, LEVEL);
    }
    if (desc->BindFlags & D3D11_BIND_DEPTH_STENCIL)
        REFUSE("CreateTexture3D: a Texture3D cannot be a depth-stencil target "
               "(D3D11_BIND_DEPTH_STENCIL)");
    if (FAILED(hr = check_texture_common(&f, fmt, desc->Width, desc->Height, mips, 1, init, msg,
                                         msg_size)))
        return hr;
    if (FAILED(hr = check_texture_format(m, desc->Format, D3D11_FORMAT_SUPPORT_TEXTURE3D,
                                         "3D textures", desc->BindFlags, desc->MiscFlags,
                                         desc->CPUAccessFlags, mips, level, msg, msg_size)))
        return hr;
    {
        core_resource_desc cd = { .dim = CORE_RES_TEX3D, .format = desc->Format,
                                  .width = desc->Width, .height = desc->Height,
                                  .depth = desc->Depth, .mip_levels = mips, .array_size = 1 };
        if (FAILED(hr = check_size(m, &cd, msg, msg_size)))
            return hr;
        return check_texture_init(m, init, &cd, msg, msg_size);
    }
}

/* ---- index formats, shared resources ------------------------------------------------------ */

HRESULT d3d11_validate_index_format(const char *method, DXGI_FORMAT format,
                                    D3D_FEATURE_LEVEL level, char *msg, size_t msg_size)
{
    /* seed 004, CreateBuffer: only R16_UINT index buffers at 9_1; R16_UINT and R32_UINT from
     * 9_2 (as 10_0 and above). */
    if (format == DXGI_FORMAT_R16_UINT)
        return S_OK;
    if (format == DXGI_FORMAT_R32_UINT) {
        if (level == D3D_FEATURE_LEVEL_9_1)
            REFUSE("%s: DXGI_FORMAT_R32_UINT index buffers are not supported at feature level "
                   "%s; only DXGI_FORMAT_R16_UINT (seed 004)", method, LEVEL);
        return S_OK;
    }
    REFUSE("%s: DXGI_FORMAT_%s is not an index format (DXGI_FORMAT_R16_UINT or R32_UINT)",
           method, d3d11_format_name(format));
}

HRESULT d3d11_validate_open_shared(const char *method, const void *handle, const void *out,
                                   D3D_FEATURE_LEVEL level, char *msg, size_t msg_size)
{
    (void)level;
    if (!out)
        REFUSE("%s: ppResource is NULL", method);
    if (!handle)
        REFUSE("%s: the handle or name is NULL", method);
    /* softd3d never creates a shared resource (see the sharing decision above: no format is
     * shareable, and no IDXGIResource::GetSharedHandle / CreateSharedHandle is offered), so no
     * handle or name the application holds can name one of its resources.  Seed 004,
     * OpenSharedResource: at 9_x, R8G8B8A8_UNORM(_SRGB) resources are never shareable anyway. */
    REFUSE("%s: the handle or name does not name a shared resource: softd3d shares no resources "
           "across devices or processes", method);
}
