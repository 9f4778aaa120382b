/* src/d3d11/format_support_10.c — the D3D11_FORMAT_SUPPORT bits of feature levels 10_0 and
 * 10_1 (format_support.c asks here for those levels; the 9_x rows stay there).
 *
 * Where the bits come from.  The pages "Format support for Direct3D Feature Level 10.0
 * hardware" and "... 10.1 hardware" (learn.microsoft.com, MicrosoftDocs/win32
 * desktop-src/direct3ddxgi/) give, per DXGI format and target, required / optional / dependant
 * / "-".  The profiles 10_0 and 10_1 emulate the weakest conforming hardware (README), so the
 * rows below hold exactly the REQUIRED bits of the 10.0 page; optional and dependant ones are
 * not claimed (the 32-bit float formats' filtering, R16G16B16A16_UNORM/R16G16_UNORM/R16_UNORM
 * blending, R32G32B32_FLOAT render targets, 16-bit B5G5R5A1/B4G4R4A4 render targets, vertex
 * data of the 16-bit BGR formats, logic ops of the UINT formats).  The pages' targets map onto
 * the D3D11_FORMAT_SUPPORT bits as "Checking hardware feature support" maps them.
 *
 * 10_1 = 10_0 plus what the 10.1 page adds (read against the 10.0 page row by row where it
 * matters here): filtering ("Shader sample (any filter)") of the 32-bit float formats with 1, 2
 * or 4 channels and of the depth-read formats R24_UNORM_X8_TYPELESS and
 * R32_FLOAT_X8X24_TYPELESS (R32G32B32_FLOAT stays optional), blending of every UNORM and SNORM
 * render-target format, 4x multisampling, and gather4 on the single-channel formats (R32_FLOAT,
 * R24_UNORM_X8, R16_FLOAT/UNORM/SNORM, R8_UNORM/SNORM...).  The rules are applied in
 * fl10_1_extra() rather than repeated in a second table.
 *
 * Withheld (required, but what they promise is not implemented yet; DESIGN.md principle 2,
 * "nothing is advertised that is not implemented"), each to be dropped from WITHHELD_10 when its
 * work lands:
 *   - SHADER_GATHER_COMPARISON (gather4_c is shader model 5's: 11_0);
 *   - MULTISAMPLE_* (no multisampling), video processor / decoder bits and the video formats
 *     (NV12, YUY2 and 420_OPAQUE are required at 10_0: softd3d has no video device, and views of
 *     them would need the video view rules), SHAREABLE (nothing is shared across processes);
 *   - CAST_WITHIN_BIT_LAYOUT ("Cast within bit layout" is required for most formats: it promises
 *     views that reinterpret a FULLY typed resource within its bit layout, which the view rules
 *     of src/d3d11/view_validate.c do not allow -- views cast only through _TYPELESS resources,
 *     the D3D10/D3D11.0 rule).
 * BACK_BUFFER_CAST is reported with DISPLAY, as at 9_x (format_support.c).  SO_BUFFER (the
 * 32-bit-component formats) is claimed: stream output writes the declared 32-bit components
 * as they are (src/d3d11/stream_output.c, tests/test_d3d11_so.c) and DrawAuto reads them back
 * as vertex data.
 *
 * 11_0 (issue 15) = 10_1 plus what the page
 * "Format support for Direct3D Feature Level 11.0 hardware" adds that softd3d implements:
 * gather4_c ("Shader gather4_c") on the formats 10_1 already compares in sample_c (the
 * sampler's gather with comparison, src/sample), and "Typed UAV" (unordered-access views,
 * issue 15: typed_uav_11_0 below; the FORMAT_SUPPORT2 UAV bits are format_support.c's).
 * The 11.0 page's BC6H and BC7 rows (required: 2D, 3D and cube textures, mips, CPU lockable,
 * and for the typed formats ld and sampling; decoders src/sample/texel_bc6h.c / texel_bc7.c)
 * are the table bc_11_0 below, 11_0 only.
 *
 * Not listed (unsupported at every level here): R1_UNORM (absent from the pages),
 * R10G10B10_XR_BIAS_A2_UNORM (optional as a whole), the video and palette formats (see
 * above).
 */
#include "d3d11/format_support.h"

#include "core/format.h"

#define BUF D3D11_FORMAT_SUPPORT_BUFFER
#define VB D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER
#define IB D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER
#define SO D3D11_FORMAT_SUPPORT_SO_BUFFER
#define T1 D3D11_FORMAT_SUPPORT_TEXTURE1D
#define T2 D3D11_FORMAT_SUPPORT_TEXTURE2D
#define T3 D3D11_FORMAT_SUPPORT_TEXTURE3D
#define TC D3D11_FORMAT_SUPPORT_TEXTURECUBE
#define LD D3D11_FORMAT_SUPPORT_SHADER_LOAD
#define SM D3D11_FORMAT_SUPPORT_SHADER_SAMPLE
#define SMC D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON
#define MIP D3D11_FORMAT_SUPPORT_MIP
#define AG D3D11_FORMAT_SUPPORT_MIP_AUTOGEN
#define RT D3D11_FORMAT_SUPPORT_RENDER_TARGET
#define BL D3D11_FORMAT_SUPPORT_BLENDABLE
#define DS D3D11_FORMAT_SUPPORT_DEPTH_STENCIL
#define CPU D3D11_FORMAT_SUPPORT_CPU_LOCKABLE
#define MR D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE
#define MSL D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD
#define DI D3D11_FORMAT_SUPPORT_DISPLAY
#define CAST D3D11_FORMAT_SUPPORT_CAST_WITHIN_BIT_LAYOUT

/* Required bits softd3d cannot keep yet (top of the file). */
#define WITHHELD_10                                                                            \
    (D3D11_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON | MR | MSL |                                \
     D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET | CAST |                                    \
     D3D11_FORMAT_SUPPORT_VIDEO_PROCESSOR_OUTPUT | D3D11_FORMAT_SUPPORT_VIDEO_PROCESSOR_INPUT | \
     D3D11_FORMAT_SUPPORT_DECODER_OUTPUT | D3D11_FORMAT_SUPPORT_VIDEO_ENCODER)

struct support_row_10 {
    DXGI_FORMAT format;
    UINT required;   /* the 10.0 page's required bits */
};

/* In DXGI_FORMAT order. */
static const struct support_row_10 rows[] = {
    { DXGI_FORMAT_R32G32B32A32_TYPELESS, T1 | T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_R32G32B32A32_FLOAT, BUF | VB | SO | T1 | T2 | T3 | TC | LD | MIP | AG | RT |
      BL | CPU | MR | CAST },
    { DXGI_FORMAT_R32G32B32A32_UINT, BUF | VB | SO | T1 | T2 | T3 | TC | LD | MIP | RT | CPU |
      CAST },
    { DXGI_FORMAT_R32G32B32A32_SINT, BUF | VB | SO | T1 | T2 | T3 | TC | LD | MIP | RT | CPU |
      CAST },
    { DXGI_FORMAT_R32G32B32_TYPELESS, T1 | T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_R32G32B32_FLOAT, BUF | VB | SO | T1 | T2 | T3 | TC | LD | MIP | CPU | CAST },
    { DXGI_FORMAT_R32G32B32_UINT, BUF | VB | SO | T1 | T2 | T3 | TC | LD | MIP | CPU | CAST },
    { DXGI_FORMAT_R32G32B32_SINT, BUF | VB | SO | T1 | T2 | T3 | TC | LD | MIP | CPU | CAST },
    { DXGI_FORMAT_R16G16B16A16_TYPELESS, T1 | T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_R16G16B16A16_FLOAT, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT |
      BL | CPU | MR | DI | CAST },
    { DXGI_FORMAT_R16G16B16A16_UNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT |
      CPU | MR | CAST },
    { DXGI_FORMAT_R16G16B16A16_UINT, BUF | VB | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R16G16B16A16_SNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT |
      CPU | MR | CAST },
    { DXGI_FORMAT_R16G16B16A16_SINT, BUF | VB | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R32G32_TYPELESS, T1 | T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_R32G32_FLOAT, BUF | VB | SO | T1 | T2 | T3 | TC | LD | MIP | AG | RT | BL |
      CPU | MR | CAST },
    { DXGI_FORMAT_R32G32_UINT, BUF | VB | SO | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R32G32_SINT, BUF | VB | SO | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R32G8X24_TYPELESS, T1 | T2 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_D32_FLOAT_S8X24_UINT, T1 | T2 | TC | MIP | DS | CPU | CAST },
    { DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, T1 | T2 | TC | LD | SMC | MIP | CPU | CAST },
    { DXGI_FORMAT_X32_TYPELESS_G8X24_UINT, T1 | T2 | TC | LD | MIP | CPU | CAST },
    { DXGI_FORMAT_R10G10B10A2_TYPELESS, T1 | T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_R10G10B10A2_UNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL |
      CPU | MR | DI | CAST },
    { DXGI_FORMAT_R10G10B10A2_UINT, BUF | VB | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R11G11B10_FLOAT, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL |
      CPU | MR },
    { DXGI_FORMAT_R8G8B8A8_TYPELESS, T1 | T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_R8G8B8A8_UNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL |
      CPU | MR | DI | CAST },
    { DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU |
      MR | DI | CAST },
    { DXGI_FORMAT_R8G8B8A8_UINT, BUF | VB | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R8G8B8A8_SNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | CPU |
      MR | CAST },
    { DXGI_FORMAT_R8G8B8A8_SINT, BUF | VB | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R16G16_TYPELESS, T1 | T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_R16G16_FLOAT, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL |
      CPU | MR | CAST },
    { DXGI_FORMAT_R16G16_UNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | CPU |
      MR | CAST },
    { DXGI_FORMAT_R16G16_UINT, BUF | VB | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R16G16_SNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | CPU |
      MR | CAST },
    { DXGI_FORMAT_R16G16_SINT, BUF | VB | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R32_TYPELESS, T1 | T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_D32_FLOAT, T1 | T2 | TC | MIP | DS | CPU | CAST },
    { DXGI_FORMAT_R32_FLOAT, BUF | VB | SO | T1 | T2 | T3 | TC | LD | SMC | MIP | AG | RT | BL |
      CPU | MR | CAST },
    { DXGI_FORMAT_R32_UINT, BUF | VB | IB | SO | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R32_SINT, BUF | VB | SO | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R24G8_TYPELESS, T1 | T2 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_D24_UNORM_S8_UINT, T1 | T2 | TC | MIP | DS | CPU | CAST },
    { DXGI_FORMAT_R24_UNORM_X8_TYPELESS, T1 | T2 | TC | LD | SMC | MIP | CPU | CAST },
    { DXGI_FORMAT_X24_TYPELESS_G8_UINT, T1 | T2 | TC | LD | MIP | CPU | CAST },
    { DXGI_FORMAT_R8G8_TYPELESS, T1 | T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_R8G8_UNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU |
      MR | CAST },
    { DXGI_FORMAT_R8G8_UINT, BUF | VB | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R8G8_SNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | CPU | MR |
      CAST },
    { DXGI_FORMAT_R8G8_SINT, BUF | VB | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R16_TYPELESS, T1 | T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_R16_FLOAT, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU |
      MR | CAST },
    { DXGI_FORMAT_D16_UNORM, T1 | T2 | TC | MIP | DS | CPU | CAST },
    { DXGI_FORMAT_R16_UNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | SMC | MIP | AG | RT | CPU |
      MR | CAST },
    { DXGI_FORMAT_R16_UINT, BUF | VB | IB | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R16_SNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | CPU | MR |
      CAST },
    { DXGI_FORMAT_R16_SINT, BUF | VB | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R8_TYPELESS, T1 | T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_R8_UNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU |
      MR | CAST },
    { DXGI_FORMAT_R8_UINT, BUF | VB | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_R8_SNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | CPU | MR |
      CAST },
    { DXGI_FORMAT_R8_SINT, BUF | VB | T1 | T2 | T3 | TC | LD | MIP | RT | CPU | CAST },
    { DXGI_FORMAT_A8_UNORM, T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU | MR },
    { DXGI_FORMAT_R9G9B9E5_SHAREDEXP, T1 | T2 | T3 | TC | LD | SM | MIP | CPU },
    { DXGI_FORMAT_R8G8_B8G8_UNORM, T1 | T2 | T3 | TC | LD | SM | MIP | CPU },
    { DXGI_FORMAT_G8R8_G8B8_UNORM, T1 | T2 | T3 | TC | LD | SM | MIP | CPU },
    { DXGI_FORMAT_BC1_TYPELESS, T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_BC1_UNORM, T2 | T3 | TC | LD | SM | MIP | CPU | CAST },
    { DXGI_FORMAT_BC1_UNORM_SRGB, T2 | T3 | TC | LD | SM | MIP | CPU | CAST },
    { DXGI_FORMAT_BC2_TYPELESS, T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_BC2_UNORM, T2 | T3 | TC | LD | SM | MIP | CPU | CAST },
    { DXGI_FORMAT_BC2_UNORM_SRGB, T2 | T3 | TC | LD | SM | MIP | CPU | CAST },
    { DXGI_FORMAT_BC3_TYPELESS, T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_BC3_UNORM, T2 | T3 | TC | LD | SM | MIP | CPU | CAST },
    { DXGI_FORMAT_BC3_UNORM_SRGB, T2 | T3 | TC | LD | SM | MIP | CPU | CAST },
    { DXGI_FORMAT_BC4_TYPELESS, T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_BC4_UNORM, T2 | T3 | TC | LD | SM | MIP | CPU | CAST },
    { DXGI_FORMAT_BC4_SNORM, T2 | T3 | TC | LD | SM | MIP | CPU | CAST },
    { DXGI_FORMAT_BC5_TYPELESS, T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_BC5_UNORM, T2 | T3 | TC | LD | SM | MIP | CPU | CAST },
    { DXGI_FORMAT_BC5_SNORM, T2 | T3 | TC | LD | SM | MIP | CPU | CAST },
    { DXGI_FORMAT_B5G6R5_UNORM, T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU | MR },
    { DXGI_FORMAT_B5G5R5A1_UNORM, T1 | T2 | T3 | TC | LD | SM | MIP | CPU | MR },
    { DXGI_FORMAT_B8G8R8A8_UNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL |
      CPU | MR | DI | CAST },
    { DXGI_FORMAT_B8G8R8X8_UNORM, BUF | VB | T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL |
      CPU | MR | CAST },
    { DXGI_FORMAT_B8G8R8A8_TYPELESS, T1 | T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU |
      MR | MSL | DI | CAST },
    { DXGI_FORMAT_B8G8R8X8_TYPELESS, T1 | T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_B8G8R8X8_UNORM_SRGB, T1 | T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU |
      MR | MSL | CAST },
    { DXGI_FORMAT_B4G4R4A4_UNORM, T1 | T2 | T3 | TC | LD | SM | MIP | CPU | MR },
};

#define ROW_COUNT (sizeof(rows) / sizeof(rows[0]))

/* What the 10.1 page requires beyond the 10.0 page (top of the file). */
static UINT fl10_1_extra(DXGI_FORMAT format, UINT bits)
{
    const core_format_desc *d = core_format_get((core_format)format);
    UINT extra = 0;
    switch (format) {
    case DXGI_FORMAT_R32G32B32A32_FLOAT: case DXGI_FORMAT_R32G32_FLOAT:
    case DXGI_FORMAT_R32_FLOAT: case DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS:
    case DXGI_FORMAT_R24_UNORM_X8_TYPELESS:
        extra |= SM;
        break;
    default:
        break;
    }
    if ((bits & RT) && d && (d->kind == CORE_FMT_UNORM || d->kind == CORE_FMT_SNORM))
        extra |= BL;
    /* gather4 (shader model 4.1): the sampleable formats with one channel, red (the page's
     * single-channel rows; gather4 reads the red component in 4.1, so A8_UNORM has none). */
    if (((bits | extra) & SM) && d && d->components == 1 && d->bits[0])
        extra |= D3D11_FORMAT_SUPPORT_SHADER_GATHER;
    return extra;
}

/* The "Typed UAV" column of the 11.0 page (required): the formats compute and pixel programs
 * may write through a typed unordered-access view (pipeline/compute.h: texel_store /
 * texel_store_int of each).  The BGRA, sRGB, 96-bit and packed 16-bit formats are optional
 * there and not claimed. */
static const DXGI_FORMAT typed_uav_11_0[] = {
    DXGI_FORMAT_R32G32B32A32_FLOAT, DXGI_FORMAT_R32G32B32A32_UINT, DXGI_FORMAT_R32G32B32A32_SINT,
    DXGI_FORMAT_R16G16B16A16_FLOAT, DXGI_FORMAT_R16G16B16A16_UNORM, DXGI_FORMAT_R16G16B16A16_UINT,
    DXGI_FORMAT_R16G16B16A16_SNORM, DXGI_FORMAT_R16G16B16A16_SINT, DXGI_FORMAT_R32G32_FLOAT,
    DXGI_FORMAT_R32G32_UINT, DXGI_FORMAT_R32G32_SINT, DXGI_FORMAT_R10G10B10A2_UNORM,
    DXGI_FORMAT_R10G10B10A2_UINT, DXGI_FORMAT_R11G11B10_FLOAT, DXGI_FORMAT_R8G8B8A8_UNORM,
    DXGI_FORMAT_R8G8B8A8_UINT, DXGI_FORMAT_R8G8B8A8_SNORM, DXGI_FORMAT_R8G8B8A8_SINT,
    DXGI_FORMAT_R16G16_FLOAT, DXGI_FORMAT_R16G16_UNORM, DXGI_FORMAT_R16G16_UINT,
    DXGI_FORMAT_R16G16_SNORM, DXGI_FORMAT_R16G16_SINT, DXGI_FORMAT_R32_FLOAT,
    DXGI_FORMAT_R32_UINT, DXGI_FORMAT_R32_SINT, DXGI_FORMAT_R8G8_UNORM, DXGI_FORMAT_R8G8_UINT,
    DXGI_FORMAT_R8G8_SNORM, DXGI_FORMAT_R8G8_SINT, DXGI_FORMAT_R16_FLOAT, DXGI_FORMAT_R16_UNORM,
    DXGI_FORMAT_R16_UINT, DXGI_FORMAT_R16_SNORM, DXGI_FORMAT_R16_SINT, DXGI_FORMAT_R8_UNORM,
    DXGI_FORMAT_R8_UINT, DXGI_FORMAT_R8_SNORM, DXGI_FORMAT_R8_SINT, DXGI_FORMAT_A8_UNORM,
};

bool d3d11_format_typed_uav_11_0(DXGI_FORMAT format)
{
    for (size_t i = 0; i < sizeof(typed_uav_11_0) / sizeof(typed_uav_11_0[0]); i++)
        if (typed_uav_11_0[i] == format)
            return true;
    return false;
}

/* BC6H and BC7: new at 11_0 (the 11.0 page; CAST is withheld like every row's). */
static const struct support_row_10 bc_11_0[] = {
    { DXGI_FORMAT_BC6H_TYPELESS, T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_BC6H_UF16, T2 | T3 | TC | LD | SM | MIP | CPU | CAST },
    { DXGI_FORMAT_BC6H_SF16, T2 | T3 | TC | LD | SM | MIP | CPU | CAST },
    { DXGI_FORMAT_BC7_TYPELESS, T2 | T3 | TC | MIP | CPU | CAST },
    { DXGI_FORMAT_BC7_UNORM, T2 | T3 | TC | LD | SM | MIP | CPU | CAST },
    { DXGI_FORMAT_BC7_UNORM_SRGB, T2 | T3 | TC | LD | SM | MIP | CPU | CAST },
};

/* What the 11.0 page adds that is implemented (top of the file). */
static UINT fl11_0_extra(DXGI_FORMAT format, UINT bits)
{
    UINT extra = bits & SMC ? D3D11_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON : 0;
    if (d3d11_format_typed_uav_11_0(format))
        extra |= D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW;
    return extra;
}

UINT d3d11_format_support_10_bits(D3D_FEATURE_LEVEL level, DXGI_FORMAT format)
{
    UINT bits = 0;
    if (level < D3D_FEATURE_LEVEL_10_0 || level > D3D_FEATURE_LEVEL_11_1)
        return 0;
    for (size_t i = 0; i < ROW_COUNT; i++)
        if (rows[i].format == format) {
            bits = rows[i].required;
            break;
        }
    if (level == D3D_FEATURE_LEVEL_11_0)
        for (size_t i = 0; i < sizeof(bc_11_0) / sizeof(bc_11_0[0]); i++)
            if (bc_11_0[i].format == format)
                bits = bc_11_0[i].required;
    if (bits && level >= D3D_FEATURE_LEVEL_10_1)
        bits |= fl10_1_extra(format, bits);
    if (bits & DI)
        bits |= D3D11_FORMAT_SUPPORT_BACK_BUFFER_CAST;
    bits &= ~(UINT)WITHHELD_10;
    if (level >= D3D_FEATURE_LEVEL_11_0)   /* 11_1 requires what 11_0 does, at least */
        bits |= fl11_0_extra(format, bits);   /* after WITHHELD_10: it withholds gather4_c */
    return bits;
}
