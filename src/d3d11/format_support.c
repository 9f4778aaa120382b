/* src/d3d11/format_support.c — ID3D11Device: CheckFormatSupport, CheckFeatureSupport
 * (FORMAT_SUPPORT, FORMAT_SUPPORT2), CheckMultisampleQualityLevels and ID3D11Device2::
 * CheckMultisampleQualityLevels1, all answered from one table.
 *
 * Seed 004: "CheckFormatSupport: see format support by feature level" and "CheckMultisample-
 * QualityLevels: MSAA support is not guaranteed", at 9_1, 9_2 and 9_3.
 *
 * Where the bits come from.  The public pages "Format support for Direct3D feature level 9_1
 * hardware" and "... 9_3 hardware" list, per DXGI format, each target as required, optional,
 * dependent ("required if a related optional feature is supported") or not available.  No page
 * of its own exists for 9_2: its column below is the 9_1 page plus every use that the driver
 * documentation page "Required DXGI formats" requires from 9_2 (that page gives, per format and
 * D3D11_FORMAT_SUPPORT value, the lowest level that requires it; its 9_2 entries all reappear as
 * required on the 9_3 page, which confirms the reading).  Where the driver page and a 9_x page
 * disagree, the 9_x page and seed 004 win:
 *   - R32_UINT: the driver page lists IA_INDEX_BUFFER from 9_1, but the 9_1 page gives R32_UINT
 *     nothing at all and seed 004 (CreateBuffer row) allows only R16_UINT index buffers at 9_1,
 *     R16_UINT and R32_UINT from 9_2.  So R32_UINT is unsupported at 9_1 and an index-buffer
 *     format from 9_2.
 * The pages' targets map onto D3D11_FORMAT_SUPPORT bits as the page "Checking hardware feature
 * support" maps them; the 9_x pages call the "Shader ld" row "Shader sample (point sample only)"
 * (9_x shaders have no ld; the 10Level9 runtime reports SHADER_LOAD for it -- "assumed for all
 * non-depth formats" on the driver page), so that row is SHADER_LOAD.  BACK_BUFFER_CAST is
 * "assumed true for any format that supports DISPLAY" (driver page).
 *
 * Each row below holds the REQUIRED bits of each level exactly as documented, and separately
 * the OPTIONAL bits softd3d honours -- those the software pipeline implements.  Honoured:
 *   - SHADER_SAMPLE (any filter) for R16G16B16A16_FLOAT at 9_3: the sampler filters every
 *     format (seed 003), float formats included.
 * Not honoured (optional on the pages): multisample render targets (softd3d has no
 * multisampling yet), MIP_AUTOGEN of B4G4R4A4_UNORM at 9_3 (mipmap generation renders into the
 * texture, and B4G4R4A4 is no render target at 9_x), video processor input/output and every
 * video format (100..115's "Format Support" is optional, or, for 420_OPAQUE, only meaningful to
 * the video decoder): softd3d implements no video device.
 *
 * Withheld (WITHHELD below): required bits whose machinery softd3d does not have, so that no
 * answer promises what cannot be done (DESIGN.md principle 2, "nothing is advertised that is not
 * implemented"):
 *   - MULTISAMPLE_RESOLVE: without multisampled resources ResolveSubresource has no source.
 *   - VIDEO_PROCESSOR_OUTPUT / _INPUT, DECODER_OUTPUT: no ID3D11VideoDevice.
 * They return when the features land; the rows keep them so that the change is one line.
 * DISPLAY and BACK_BUFFER_CAST are reported: the headless swap chains (src/d3d11/swapchain.c)
 * take exactly the DISPLAY formats as back-buffer formats (at 9_x: R8G8B8A8_UNORM(_SRGB) and
 * B8G8R8A8_UNORM(_SRGB)).
 *
 * FORMAT_SUPPORT2 at 9_x: the pages give no UAV, typed-UAV, logic-op or tiled bit to any format
 * at 9_1..9_3.  "Shared Resource" is required for some formats, but D3D11_FORMAT_SUPPORT2_
 * SHAREABLE is never reported: seed 004 (OpenSharedResource row) says R8G8B8A8_UNORM and
 * _UNORM_SRGB are never shareable below 10_0, and softd3d shares no resource across processes at
 * all (OpenSharedResource is refused), so no format is.  FORMAT_SUPPORT2 is therefore 0 for every
 * format the level supports.
 *
 * Unsupported formats: CheckFormatSupport returns E_FAIL with *pFormatSupport = 0 (documented:
 * "E_FAIL if the described format does not exist"; the 10Level9 runtime answers so for the
 * formats a level lacks), and E_INVALIDARG for a NULL pFormatSupport.  CheckFeatureSupport
 * (FORMAT_SUPPORT and FORMAT_SUPPORT2) answers the same way (E_FAIL, Out* = 0) -- softd3d's
 * decision for FORMAT_SUPPORT2, whose page says nothing, so that both agree on what exists.
 *
 * Multisampling (seed 004: "MSAA support is not guaranteed" at every 9_x level).  The profile
 * decides (core_profile_sample_counts): the 9_x profiles, the weakest hardware of their level,
 * have none; the others offer 2, 4 and 8 samples with the standard patterns, one quality level
 * each ("If the hardware only supports the fixed patterns but no additional vendor-specific
 * patterns, the runtime can report the number of quality levels as 1", the
 * D3D11_STANDARD_MULTISAMPLE_QUALITY_LEVELS page), for every format the level can render to
 * (RENDER_TARGET or DEPTH_STENCIL; a _TYPELESS format through its family's typed members:
 * render_bits).  CheckMultisampleQualityLevels reports 1 quality level for
 * SampleCount 1 on those formats, 1 for an offered count, 0 for any other count (S_OK: "the
 * combination is not supported"), and 0 for formats that are not render targets.  With
 * multisampling offered, CheckFormatSupport adds MULTISAMPLE_RENDERTARGET to those formats and
 * MULTISAMPLE_RESOLVE to the render-target formats ResolveSubresource can average
 * (resolve_format_ok: not integer); from 10_0 MULTISAMPLE_LOAD to those with SHADER_LOAD
 * (Texture2DMS views and ld_ms; Texture2DMSArray views are not implemented).  Invalid arguments are E_INVALIDARG with *pNumQualityLevels = 0: a NULL
 * pointer, a value that is not a DXGI format (the driver-side page: "E_INVALIDARG if the format
 * ... does not exist"), and SampleCount 0 or above D3D11_MAX_MULTISAMPLE_SAMPLE_COUNT (32) --
 * softd3d's reading of "returns a failure HRESULT code" for counts that cannot be sample counts.
 * CheckMultisampleQualityLevels1 also validates Flags (only D3D11_CHECK_MULTISAMPLE_QUALITY_
 * LEVELS_TILED_RESOURCE exists); with that flag the answer is 0, as tiled resources need 11_1.
 */
#include "d3d11/format_support.h"

#include "core/format.h"
#include "d3d11/d3d11_private.h"
#include "d3d11/d3d11_resource.h"
#include "pipeline/resolve.h"
#include "util/log.h"

#define VB D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER
#define IB D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER
#define T2 D3D11_FORMAT_SUPPORT_TEXTURE2D
#define T3 D3D11_FORMAT_SUPPORT_TEXTURE3D
#define TC D3D11_FORMAT_SUPPORT_TEXTURECUBE
#define LD D3D11_FORMAT_SUPPORT_SHADER_LOAD
#define SM D3D11_FORMAT_SUPPORT_SHADER_SAMPLE
#define MIP D3D11_FORMAT_SUPPORT_MIP
#define AG D3D11_FORMAT_SUPPORT_MIP_AUTOGEN
#define RT D3D11_FORMAT_SUPPORT_RENDER_TARGET
#define BL D3D11_FORMAT_SUPPORT_BLENDABLE
#define DS D3D11_FORMAT_SUPPORT_DEPTH_STENCIL
#define CPU D3D11_FORMAT_SUPPORT_CPU_LOCKABLE
#define MR D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE
#define DI D3D11_FORMAT_SUPPORT_DISPLAY
#define BBC D3D11_FORMAT_SUPPORT_BACK_BUFFER_CAST
#define VPO D3D11_FORMAT_SUPPORT_VIDEO_PROCESSOR_OUTPUT

/* Required bits the implementation cannot keep yet (see the top of the file). */
#define WITHHELD                                                                               \
    (D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE | D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET | \
     D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD | D3D11_FORMAT_SUPPORT_VIDEO_PROCESSOR_OUTPUT |     \
     D3D11_FORMAT_SUPPORT_VIDEO_PROCESSOR_INPUT | D3D11_FORMAT_SUPPORT_DECODER_OUTPUT |       \
     D3D11_FORMAT_SUPPORT_VIDEO_ENCODER)

/* Common sets. */
#define SAMPLED (T2 | LD | SM | MIP | CPU)            /* a filtered, mipmapped 2D texture */
#define COLOR_RT (T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU)
#define BC_TEX (T2 | TC | LD | SM | MIP | CPU)        /* BC1..BC3 at every 9_x level */

struct support_row {
    DXGI_FORMAT format;
    UINT required[3];   /* 9_1, 9_2, 9_3: required by the documentation */
    UINT honoured[3];   /* optional bits softd3d implements */
};

/* One row per format with any support at 9_x, in DXGI_FORMAT order.  Formats not listed have
 * no support at any 9_x level ("-" in every row of the pages): all typeless formats, all
 * the _UINT and _SINT texture formats, R10G10B10A2, R11G11B10, the 64-bit depth family, D32_FLOAT,
 * R16_FLOAT, R8G8_B8G8/G8R8_G8B8, R9G9B9E5, R1, BC4..BC7, and the video formats. */
static const struct support_row rows[] = {
    /* 9_1 page: vertex data only.  Driver page: TEXTURE2D, SHADER_LOAD, RENDER_TARGET,
     * CPU_LOCKABLE from 9_2; TEXTURE3D/CUBE, MIP, MIP_AUTOGEN from 9_3.  No filtering, no
     * blending at any 9_x level.  9_3 page: + MULTISAMPLE_RESOLVE. */
    { DXGI_FORMAT_R32G32B32A32_FLOAT,
      { VB, VB | T2 | LD | RT | CPU, VB | T2 | T3 | TC | LD | MIP | AG | RT | CPU | MR },
      { 0, 0, 0 } },
    /* Vertex data at every level (blending/MSAA only "dependent" on an absent RT). */
    { DXGI_FORMAT_R32G32B32_FLOAT, { VB, VB, VB }, { 0, 0, 0 } },
    /* Nothing at 9_1.  Driver page: all but IA_VERTEX_BUFFER and BLENDABLE from 9_2, those two
     * from 9_3.  9_3 page: sample with any filter optional (honoured), MULTISAMPLE_RESOLVE. */
    { DXGI_FORMAT_R16G16B16A16_FLOAT,
      { 0, T2 | T3 | TC | LD | MIP | AG | RT | CPU,
        VB | T2 | T3 | TC | LD | MIP | AG | RT | BL | CPU | MR },
      { 0, 0, SM } },
    /* Nothing at 9_1; a filtered, non-blendable render target from 9_2 (driver page). */
    { DXGI_FORMAT_R16G16B16A16_UNORM,
      { 0, T2 | T3 | TC | LD | SM | MIP | AG | RT | CPU,
        T2 | T3 | TC | LD | SM | MIP | AG | RT | CPU | MR },
      { 0, 0, 0 } },
    { DXGI_FORMAT_R16G16B16A16_SNORM, { VB, VB, VB }, { 0, 0, 0 } },
    { DXGI_FORMAT_R16G16B16A16_SINT, { VB, VB, VB }, { 0, 0, 0 } },
    /* Vertex data; a point-sampled, unmipmapped texture and render target from 9_3. */
    { DXGI_FORMAT_R32G32_FLOAT,
      { VB, VB, VB | T2 | T3 | TC | LD | RT | CPU | MR }, { 0, 0, 0 } },
    /* Everything, at every level (both pages and the driver page agree). */
    { DXGI_FORMAT_R8G8B8A8_UNORM,
      { VB | COLOR_RT | MR | DI | BBC | VPO, VB | COLOR_RT | MR | DI | BBC | VPO,
        VB | COLOR_RT | MR | DI | BBC | VPO },
      { 0, 0, 0 } },
    { DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
      { COLOR_RT | MR | DI | BBC | VPO, COLOR_RT | MR | DI | BBC | VPO,
        COLOR_RT | MR | DI | BBC | VPO },
      { 0, 0, 0 } },
    { DXGI_FORMAT_R8G8B8A8_UINT, { VB, VB, VB }, { 0, 0, 0 } },
    /* Q8W8V8U8: a sampled 2D/cube texture, no volume, no render target. */
    { DXGI_FORMAT_R8G8B8A8_SNORM, { SAMPLED | TC, SAMPLED | TC, SAMPLED | TC }, { 0, 0, 0 } },
    /* Nothing at 9_1; from 9_2 as R16G16B16A16_FLOAT (no filtering); vertex data from 9_3. */
    { DXGI_FORMAT_R16G16_FLOAT,
      { 0, T2 | T3 | TC | LD | MIP | AG | RT | CPU,
        VB | T2 | T3 | TC | LD | MIP | AG | RT | CPU | MR },
      { 0, 0, 0 } },
    { DXGI_FORMAT_R16G16_UNORM,
      { 0, T2 | T3 | TC | LD | SM | MIP | AG | RT | CPU,
        T2 | T3 | TC | LD | SM | MIP | AG | RT | CPU | MR },
      { 0, 0, 0 } },
    /* V16U16: 9_1 page -- 2D, point sampled, mipmapped; filtering, volume and cube from 9_2
     * (driver page). */
    { DXGI_FORMAT_R16G16_SNORM,
      { VB | T2 | LD | MIP | CPU, VB | T2 | T3 | TC | LD | SM | MIP | CPU,
        VB | T2 | T3 | TC | LD | SM | MIP | CPU },
      { 0, 0, 0 } },
    { DXGI_FORMAT_R16G16_SINT, { VB, VB, VB }, { 0, 0, 0 } },
    /* Vertex data at 9_1; an unfiltered render target from 9_2. */
    { DXGI_FORMAT_R32_FLOAT,
      { VB, VB | T2 | T3 | TC | LD | MIP | AG | RT | CPU,
        VB | T2 | T3 | TC | LD | MIP | AG | RT | CPU | MR },
      { 0, 0, 0 } },
    /* seed 004, CreateBuffer: R32_UINT index buffers from 9_2 only. */
    { DXGI_FORMAT_R32_UINT, { 0, IB, IB }, { 0, 0, 0 } },
    /* Depth: a Texture2D that can be bound as a depth-stencil target (not sampled). */
    { DXGI_FORMAT_D24_UNORM_S8_UINT, { T2 | DS, T2 | DS, T2 | DS }, { 0, 0, 0 } },
    /* R8G8_UNORM: a blendable render target, sampled, without mipmaps (both pages). */
    { DXGI_FORMAT_R8G8_UNORM,
      { T2 | LD | SM | RT | BL | CPU, T2 | LD | SM | RT | BL | CPU,
        T2 | LD | SM | RT | BL | CPU },
      { 0, 0, 0 } },
    /* V8U8 */
    { DXGI_FORMAT_R8G8_SNORM, { SAMPLED, SAMPLED, SAMPLED }, { 0, 0, 0 } },
    { DXGI_FORMAT_D16_UNORM, { T2 | DS, T2 | DS, T2 | DS }, { 0, 0, 0 } },
    /* L16: nothing at 9_1, a sampled texture from 9_2 (driver page; 9_3 page agrees). */
    { DXGI_FORMAT_R16_UNORM,
      { 0, SAMPLED | T3 | TC, SAMPLED | T3 | TC }, { 0, 0, 0 } },
    /* seed 004, CreateBuffer: R16_UINT index buffers at every 9_x level. */
    { DXGI_FORMAT_R16_UINT, { IB, IB, IB }, { 0, 0, 0 } },
    /* L8: sampled 2D/3D/cube, blendable render target, no MIP_AUTOGEN. */
    { DXGI_FORMAT_R8_UNORM,
      { SAMPLED | T3 | TC | RT | BL, SAMPLED | T3 | TC | RT | BL, SAMPLED | T3 | TC | RT | BL },
      { 0, 0, 0 } },
    /* A8: 2D only at 9_1 (and so 9_2), volume and cube on the 9_3 page; no mipmaps. */
    { DXGI_FORMAT_A8_UNORM,
      { T2 | LD | SM | RT | BL | CPU, T2 | LD | SM | RT | BL | CPU,
        T2 | T3 | TC | LD | SM | RT | BL | CPU },
      { 0, 0, 0 } },
    { DXGI_FORMAT_BC1_UNORM, { BC_TEX, BC_TEX, BC_TEX }, { 0, 0, 0 } },
    { DXGI_FORMAT_BC1_UNORM_SRGB, { BC_TEX, BC_TEX, BC_TEX }, { 0, 0, 0 } },
    { DXGI_FORMAT_BC2_UNORM, { BC_TEX, BC_TEX, BC_TEX }, { 0, 0, 0 } },
    { DXGI_FORMAT_BC2_UNORM_SRGB, { BC_TEX, BC_TEX, BC_TEX }, { 0, 0, 0 } },
    { DXGI_FORMAT_BC3_UNORM, { BC_TEX, BC_TEX, BC_TEX }, { 0, 0, 0 } },
    { DXGI_FORMAT_BC3_UNORM_SRGB, { BC_TEX, BC_TEX, BC_TEX }, { 0, 0, 0 } },
    /* 16-bit colour: B5G6R5 is a render target (no volume); B5G5R5A1 only a texture. */
    { DXGI_FORMAT_B5G6R5_UNORM,
      { (COLOR_RT & ~T3) | MR, (COLOR_RT & ~T3) | MR, (COLOR_RT & ~T3) | MR }, { 0, 0, 0 } },
    { DXGI_FORMAT_B5G5R5A1_UNORM, { SAMPLED | TC, SAMPLED | TC, SAMPLED | TC }, { 0, 0, 0 } },
    { DXGI_FORMAT_B8G8R8A8_UNORM,
      { COLOR_RT | MR | DI | BBC | VPO, COLOR_RT | MR | DI | BBC | VPO,
        COLOR_RT | MR | DI | BBC | VPO },
      { 0, 0, 0 } },
    /* X8R8G8B8: as B8G8R8A8 but not a display format (video processor output optional). */
    { DXGI_FORMAT_B8G8R8X8_UNORM, { COLOR_RT | MR, COLOR_RT | MR, COLOR_RT | MR }, { 0, 0, 0 } },
    { DXGI_FORMAT_B8G8R8A8_UNORM_SRGB,
      { COLOR_RT | MR | DI | BBC | VPO, COLOR_RT | MR | DI | BBC | VPO,
        COLOR_RT | MR | DI | BBC | VPO },
      { 0, 0, 0 } },
    { DXGI_FORMAT_B8G8R8X8_UNORM_SRGB,
      { COLOR_RT | MR, COLOR_RT | MR, COLOR_RT | MR }, { 0, 0, 0 } },
    /* A4R4G4B4: a sampled 2D/cube texture (MIP_AUTOGEN optional at 9_3, not honoured). */
    { DXGI_FORMAT_B4G4R4A4_UNORM, { SAMPLED | TC, SAMPLED | TC, SAMPLED | TC }, { 0, 0, 0 } },
};

#define ROW_COUNT (sizeof(rows) / sizeof(rows[0]))

static int level_index(D3D_FEATURE_LEVEL level)
{
    switch (level) {
    case D3D_FEATURE_LEVEL_9_1: return 0;
    case D3D_FEATURE_LEVEL_9_2: return 1;
    case D3D_FEATURE_LEVEL_9_3: return 2;
    /* 10_0..11_1 have their own table (format_support_10.c, d3d11_format_support_bits) */
    default: return -1;
    }
}

static const struct support_row *find_row(DXGI_FORMAT format)
{
    for (size_t i = 0; i < ROW_COUNT; i++)
        if (rows[i].format == format)
            return &rows[i];
    return NULL;
}

UINT d3d11_format_support_bits(D3D_FEATURE_LEVEL level, DXGI_FORMAT format)
{
    int li;
    const struct support_row *row;
    if (level >= D3D_FEATURE_LEVEL_10_0)   /* 10_0..11_1: format_support_10.c */
        return d3d11_format_support_10_bits(level, format);
    li = level_index(level);
    row = find_row(format);
    if (li < 0 || !row)
        return 0;
    return (row->required[li] | row->honoured[li]) & ~(UINT)WITHHELD;
}

UINT d3d11_format_support2_bits(D3D_FEATURE_LEVEL level, DXGI_FORMAT format)
{
    const UINT atomics = D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_ADD |
                         D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_BITWISE_OPS |
                         D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_COMPARE_STORE_OR_COMPARE_EXCHANGE |
                         D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_EXCHANGE |
                         D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_SIGNED_MIN_OR_MAX |
                         D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_UNSIGNED_MIN_OR_MAX;
    UINT bits = 0;
    /* 11_1: logic operations (CreateBlendState1, OutputMergerLogicOp TRUE) on the UINT
     * render-target formats, which the output merger combines bitwise (om_blend.c); the
     * other formats have no logic op (D3D11_BLEND_DESC1 leaves them undefined). */
    const core_format_desc *cd = core_format_get((core_format)format);
    if (level >= D3D_FEATURE_LEVEL_11_1 && cd && cd->kind == CORE_FMT_UINT &&
        (d3d11_format_support_bits(level, format) & D3D11_FORMAT_SUPPORT_RENDER_TARGET))
        bits |= D3D11_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP;
    /* No UAV, typed-UAV, logic-op or tiled bit below 11_0; never SHAREABLE (top of the file).
     * 11_0 (issue 15, format_support.h): what the compute path implements. */
    if (level < D3D_FEATURE_LEVEL_11_0 || !d3d11_format_typed_uav_11_0(format))
        return bits;
    bits |= D3D11_FORMAT_SUPPORT2_UAV_TYPED_STORE;
    if (format == DXGI_FORMAT_R32_FLOAT || format == DXGI_FORMAT_R32_UINT ||
        format == DXGI_FORMAT_R32_SINT)
        bits |= D3D11_FORMAT_SUPPORT2_UAV_TYPED_LOAD;
    if (format == DXGI_FORMAT_R32_UINT || format == DXGI_FORMAT_R32_SINT)
        bits |= atomics;
    return bits;
}

void d3d11_format_support_table(D3D_FEATURE_LEVEL level,
                                void (*cb)(void *ctx, DXGI_FORMAT format, UINT support,
                                           UINT support2),
                                void *ctx)
{
    if (!cb)
        return;
    /* The core table is sorted by id, DXGI ids first. */
    for (size_t i = 0; i < core_format_count(); i++) {
        const core_format_desc *d = core_format_at(i);
        UINT bits;
        if (d->d3d9_only)
            break;
        bits = d3d11_format_support_bits(level, (DXGI_FORMAT)d->id);
        if (bits)
            cb(ctx, (DXGI_FORMAT)d->id, bits, d3d11_format_support2_bits(level, d->id));
    }
}

const char *d3d11_format_name(DXGI_FORMAT format)
{
    const core_format_desc *d;
    if (format == DXGI_FORMAT_UNKNOWN)
        return "UNKNOWN";
    d = core_format_get((core_format)format);
    return d && !d->d3d9_only ? d->name : "(not a DXGI format)";
}

static bool is_dxgi_format(DXGI_FORMAT format)
{
    const core_format_desc *d = core_format_get((core_format)format);
    return d && !d->d3d9_only;
}

/* One refusal line for a format the level does not support, naming why. */
static void explain_unsupported(const struct d3d11_device *dev, const char *method,
                                DXGI_FORMAT format)
{
    const char *lv = d3d11_level_name(dev->level);
    const core_format_desc *d = core_format_get((core_format)format);

    if (format == DXGI_FORMAT_UNKNOWN) {
        d3d11_msg(dev, "%s: DXGI_FORMAT_UNKNOWN has no format support at feature level %s "
                       "(seed 004)", method, lv);
    } else if (!is_dxgi_format(format)) {
        d3d11_msg(dev, "%s: %u is not a DXGI_FORMAT value", method, (unsigned)format);
    } else if (d->kind == CORE_FMT_VIDEO) {
        d3d11_msg(dev, "%s: DXGI_FORMAT_%s (%u) is a video format; softd3d implements no video "
                       "decoding or processing, so it is not supported at feature level %s",
                  method, d->name, (unsigned)format, lv);
    } else if (dev->level >= D3D_FEATURE_LEVEL_10_0) {
        d3d11_msg(dev, "%s: DXGI_FORMAT_%s (%u) is not supported at feature level %s (not "
                       "required by \"Format support for Direct3D feature level %s hardware\", "
                       "or not implemented)",
                  method, d->name, (unsigned)format, lv,
                  dev->level == D3D_FEATURE_LEVEL_10_0   ? "10.0"
                  : dev->level == D3D_FEATURE_LEVEL_10_1 ? "10.1"
                                                         : "11.0");
    } else if (d3d11_format_support_bits(D3D_FEATURE_LEVEL_9_3, format)) {
        const char *from = d3d11_format_support_bits(D3D_FEATURE_LEVEL_9_2, format) ? "9_2"
                                                                                      : "9_3";
        d3d11_msg(dev, "%s: DXGI_FORMAT_%s (%u) is not supported at feature level %s (only "
                       "from %s; seed 004, format support by feature level)",
                  method, d->name, (unsigned)format, lv, from);
    } else {
        d3d11_msg(dev, "%s: DXGI_FORMAT_%s (%u) is not supported at feature level %s (no 9_x "
                       "level supports it; seed 004, format support by feature level%s)",
                  method, d->name, (unsigned)format, lv,
                  d3d11_format_support_10_bits(D3D_FEATURE_LEVEL_10_0, format)
                      ? "; feature level 10_0 does" : "");
    }
}

/* A _TYPELESS format renders through its family's typed formats: the RT / DS bits of any member
 * at the level (d3d11_resource_format_support's union).  (Windows creates the usual
 * multisampled depth texture -- R24G8_TYPELESS or R32_TYPELESS with BIND_DEPTH_STENCIL |
 * BIND_SHADER_RESOURCE, viewed as D24_UNORM_S8_UINT / R24_UNORM_X8_TYPELESS -- so its sample
 * counts are those of the family.) */
static UINT render_bits(D3D_FEATURE_LEVEL level, DXGI_FORMAT format)
{
    return d3d11_resource_format_support(level, format) & (RT | DS);
}

UINT d3d11_msaa_quality_levels(const struct d3d11_device *dev, DXGI_FORMAT format, UINT count)
{
    UINT bits = render_bits(dev->level, format);
    if (!(bits & (RT | DS)) || count < 1 || count > 31)
        return 0;
    return count == 1 || (core_profile_sample_counts(dev->profile) >> count & 1u) ? 1 : 0;
}

UINT d3d11_device_format_support(const struct d3d11_device *dev, DXGI_FORMAT format)
{
    UINT bits = d3d11_format_support_bits(dev->level, format);
    if (core_profile_sample_counts(dev->profile) && (bits & (RT | DS))) {
        bits |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET;
        if ((bits & RT) && resolve_format_ok((core_format)format))
            bits |= MR;
        /* Texture2DMS views (10_0+; seed 004 keeps multisampled textures out of shaders at
         * 9_x) of the formats ld reads */
        if (dev->level >= D3D_FEATURE_LEVEL_10_0 && (bits & LD))
            bits |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD;
    }
    return bits;
}

static HRESULT STDMETHODCALLTYPE device_CheckFormatSupport(ID3D11Device2 *iface,
                                                           DXGI_FORMAT format, UINT *out)
{
    const struct d3d11_device *dev = d3d11_device_from_iface(iface);
    if (!out) {
        d3d11_msg(dev, "CheckFormatSupport: pFormatSupport is NULL");
        return E_INVALIDARG;
    }
    *out = d3d11_device_format_support(dev, format);
    if (!*out) {
        explain_unsupported(dev, "CheckFormatSupport", format);
        return E_FAIL;
    }
    return S_OK;
}

HRESULT d3d11_check_format_feature(const struct d3d11_device *dev, D3D11_FEATURE feature,
                                   void *data, UINT size)
{
    const char *type = feature == D3D11_FEATURE_FORMAT_SUPPORT
                           ? "D3D11_FEATURE_DATA_FORMAT_SUPPORT"
                           : "D3D11_FEATURE_DATA_FORMAT_SUPPORT2";
    size_t want = feature == D3D11_FEATURE_FORMAT_SUPPORT
                      ? sizeof(D3D11_FEATURE_DATA_FORMAT_SUPPORT)
                      : sizeof(D3D11_FEATURE_DATA_FORMAT_SUPPORT2);
    DXGI_FORMAT format;

    if (feature != D3D11_FEATURE_FORMAT_SUPPORT && feature != D3D11_FEATURE_FORMAT_SUPPORT2) {
        d3d11_msg(dev, "CheckFeatureSupport: feature %d is not a format feature", (int)feature);
        return E_INVALIDARG;
    }
    /* Documented size rule, as for every feature: the size must be that of the structure. */
    if (!data || size != want) {
        d3d11_msg(dev, "CheckFeatureSupport(%s): FeatureSupportDataSize %u is not sizeof(%s) = "
                       "%zu, or pFeatureSupportData is NULL", type, size, type, want);
        return E_INVALIDARG;
    }
    if (feature == D3D11_FEATURE_FORMAT_SUPPORT) {
        D3D11_FEATURE_DATA_FORMAT_SUPPORT *d = data;
        format = d->InFormat;
        d->OutFormatSupport = d3d11_device_format_support(dev, format);
        if (!d->OutFormatSupport) {
            explain_unsupported(dev, "CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT)", format);
            return E_FAIL;
        }
        return S_OK;
    } else {
        D3D11_FEATURE_DATA_FORMAT_SUPPORT2 *d = data;
        format = d->InFormat;
        d->OutFormatSupport2 = 0;
        if (!d3d11_format_support_bits(dev->level, format)) {
            explain_unsupported(dev, "CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT2)",
                                format);
            return E_FAIL;
        }
        d->OutFormatSupport2 = d3d11_format_support2_bits(dev->level, format);
        return S_OK;
    }
}

/* Shared by CheckMultisampleQualityLevels and CheckMultisampleQualityLevels1. */
static HRESULT msaa_quality_levels(const struct d3d11_device *dev, const char *method,
                                   DXGI_FORMAT format, UINT count, UINT flags, UINT *out)
{
    const char *lv = d3d11_level_name(dev->level);
    UINT bits;

    if (!out) {
        d3d11_msg(dev, "%s: pNumQualityLevels is NULL", method);
        return E_INVALIDARG;
    }
    *out = 0;
    if (flags & ~(UINT)D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_RESOURCE) {
        d3d11_msg(dev, "%s: Flags 0x%x has bits other than "
                       "D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_RESOURCE",
                  method, flags);
        return E_INVALIDARG;
    }
    if (!is_dxgi_format(format)) {
        d3d11_msg(dev, "%s: format %u is not a DXGI_FORMAT with a layout (DXGI_FORMAT_UNKNOWN "
                       "or out of range)", method, (unsigned)format);
        return E_INVALIDARG;
    }
    if (count < 1 || count > D3D11_MAX_MULTISAMPLE_SAMPLE_COUNT) {
        d3d11_msg(dev, "%s: SampleCount %u is outside 1..%u (D3D11_MAX_MULTISAMPLE_SAMPLE_COUNT)",
                  method, count, (unsigned)D3D11_MAX_MULTISAMPLE_SAMPLE_COUNT);
        return E_INVALIDARG;
    }
    bits = render_bits(dev->level, format);
    if (!(bits & (RT | DS))) {
        d3d11_msg(dev, "%s: DXGI_FORMAT_%s is neither a render target nor a depth-stencil format "
                       "at feature level %s: 0 quality levels",
                  method, d3d11_format_name(format), lv);
        return S_OK;
    }
    if (flags & D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_RESOURCE) {
        d3d11_msg(dev, "%s: tiled resources are not supported at feature level %s (seed 001: "
                       "11_1): 0 quality levels", method, lv);
        return S_OK;
    }
    *out = d3d11_msaa_quality_levels(dev, format, count);
    if (!*out)
        d3d11_msg(dev, "%s: %u samples are not offered by profile %s at feature level %s (%s; "
                       "MSAA is not guaranteed at 9_x, seed 004): 0 quality levels", method,
                  count, dev->profile->name, lv,
                  core_profile_sample_counts(dev->profile) ? "it offers 2, 4 and 8"
                                                           : "it offers none");
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE device_CheckMultisampleQualityLevels(ID3D11Device2 *iface,
                                                                      DXGI_FORMAT format,
                                                                      UINT count, UINT *out)
{
    return msaa_quality_levels(d3d11_device_from_iface(iface), "CheckMultisampleQualityLevels",
                               format, count, 0, out);
}

static HRESULT STDMETHODCALLTYPE device_CheckMultisampleQualityLevels1(ID3D11Device2 *iface,
                                                                       DXGI_FORMAT format,
                                                                       UINT count, UINT flags,
                                                                       UINT *out)
{
    return msaa_quality_levels(d3d11_device_from_iface(iface), "CheckMultisampleQualityLevels1",
                               format, count, flags, out);
}

void d3d11_format_support_fill_device_vtbl(ID3D11Device2Vtbl *v)
{
    v->CheckFormatSupport = device_CheckFormatSupport;
    v->CheckMultisampleQualityLevels = device_CheckMultisampleQualityLevels;
    v->CheckMultisampleQualityLevels1 = device_CheckMultisampleQualityLevels1;
}
