/* src/d3d9/formats.c — which D3DFORMATs the Direct3D 9 device supports, and for what, per
 * capability profile; and the pure parts of IDirect3D9's Check* methods built on that table.
 *
 * Where the numbers come from.  D3DCAPS9 has no member for format support; a D3D9 driver answers
 * CheckDeviceFormat from its own format list.  The weakest hardware of each level is therefore
 * defined by the display-driver page "Required DXGI formats" (learn.microsoft.com, Windows
 * driver documentation), which lists, per D3D9 format, the minimum level at which the driver
 * must support each use (TEXTURE2D, TEXTURE3D, TEXTURECUBE, SHADER_SAMPLE, MIP, RENDER_TARGET,
 * BLENDABLE, DEPTH_STENCIL ...).  Its uses map onto D3D9 usages as the page's second table says
 * the 10Level9 runtime maps them onto driver format operations:
 *     TEXTURE2D -> texture      TEXTURE3D -> volume texture     TEXTURECUBE -> cube texture
 *     SHADER_SAMPLE -> D3DUSAGE_QUERY_FILTER (no FORMATOP_NOFILTER)
 *     MIP -> D3DUSAGE_QUERY_WRAPANDMIP (no FORMATOP_NOTEXCOORDWRAPNORMIP)
 *     RENDER_TARGET -> D3DUSAGE_RENDERTARGET    BLENDABLE -> QUERY_POSTPIXELSHADER_BLENDING
 *     DEPTH_STENCIL -> D3DUSAGE_DEPTHSTENCIL     _SRGB variants -> QUERY_SRGBREAD / SRGBWRITE
 *     TEXTURE2D of a depth format -> a depth texture (D3DUSAGE_DEPTHSTENCIL on D3DRTYPE_TEXTURE)
 * One row below gives a format the uses that appear at one level; a profile gets every row of its
 * level and the levels below ("max" gets all rows).  Rows marked MAX are formats and uses beyond
 * the 9_x minimums that softd3d's software pipeline is to provide; among them filtering of float
 * formats, because seed 003 requires every supported filter mode on every supported format.
 *
 * Uses that also need a D3DCAPS9 bit are checked against the profile's caps, so the caps stay
 * the single source of truth: cube textures (D3DPTEXTURECAPS_CUBEMAP), volume textures
 * (D3DPTEXTURECAPS_VOLUMEMAP), vertex textures (VertexShaderVersion >= 3.0), legacy bump mapping
 * (D3DTEXOPCAPS_BUMPENVMAP), automatic mipmap generation (D3DCAPS2_CANAUTOGENMIPMAP, otherwise the
 * success code D3DOK_NOAUTOGEN), displacement maps (D3DDEVCAPS2_DMAPNPATCH), 32-bit indices
 * (MaxVertexIndex > 0xFFFF).
 *
 * Multisampling: d3d9_ms_quality_levels below (2, 4, 8 samples and NONMASKABLE on max).
 */
#include "d3d9/d3d9_private.h"

#include <stdio.h>

#include "d3d9/d3d9_resource.h"
#include "util/bits.h"
#include "util/log.h"

#define S D3D9_FMT_SURFACE
#define T D3D9_FMT_TEXTURE
#define C D3D9_FMT_CUBE
#define V D3D9_FMT_VOLUME
#define RT D3D9_FMT_RENDERTARGET
#define DS D3D9_FMT_DEPTHSTENCIL
#define F D3D9_FMT_FILTER
#define WM D3D9_FMT_WRAPANDMIP
#define B D3D9_FMT_BLEND
#define SR D3D9_FMT_SRGBREAD
#define SW D3D9_FMT_SRGBWRITE
#define AG D3D9_FMT_AUTOGEN
#define VT D3D9_FMT_VERTEXTEXTURE
#define LB D3D9_FMT_LEGACYBUMP

/* The common colour render-target set: every use a plain UNORM colour format has. */
#define COLOR_RT (S | T | V | C | F | WM | AG | RT | B)

struct fmt_row {
    D3DFORMAT format;
    core_profile_id from;   /* first profile with these uses */
    unsigned uses;
};

#define L91 CORE_PROFILE_9_1
#define L92 CORE_PROFILE_9_2
#define L93 CORE_PROFILE_9_3
/* Rows marked MAX are held back: no profile reaches CORE_PROFILE_COUNT, so the max profile
 * advertises what 9_3 does plus the rows marked CORE_PROFILE_MAX.  When the pipeline
 * implements a held-back format or use, its MAX becomes CORE_PROFILE_MAX. */
#define MAX CORE_PROFILE_COUNT

static const struct fmt_row rows[] = {
    /* ---- "Required DXGI formats", in its order ---- */
    /* A32B32G32R32F (R32G32B32A32_FLOAT): TEXTURE2D, SHADER_LOAD, RENDER_TARGET 9_2; TEXTURE3D,
     * TEXTURECUBE, MIP, MIP_AUTOGEN 9_3; no SHADER_SAMPLE, no BLENDABLE at any 9_x level. */
    { D3DFMT_A32B32G32R32F, L92, S | T | RT },
    { D3DFMT_A32B32G32R32F, L93, V | C | WM | AG | VT },
    { D3DFMT_A32B32G32R32F, CORE_PROFILE_MAX, F | B },
    /* A16B16G16R16F: all but BLENDABLE at 9_2, BLENDABLE at 9_3; no SHADER_SAMPLE. */
    { D3DFMT_A16B16G16R16F, L92, S | T | V | C | WM | AG | RT },
    { D3DFMT_A16B16G16R16F, L93, B },
    { D3DFMT_A16B16G16R16F, CORE_PROFILE_MAX, F | VT },
    /* A16B16G16R16 (R16G16B16A16_UNORM): 9_2, sampled, not blendable. */
    { D3DFMT_A16B16G16R16, L92, S | T | V | C | F | WM | AG | RT },
    { D3DFMT_A16B16G16R16, CORE_PROFILE_MAX, B },
    /* G32R32F: TEXTURE2D/3D/CUBE, RENDER_TARGET at 9_3; no MIP, no SHADER_SAMPLE. */
    { D3DFMT_G32R32F, L93, S | T | V | C | RT },
    { D3DFMT_G32R32F, CORE_PROFILE_MAX, F | WM | AG | B | VT },
    /* A8R8G8B8 (R8G8B8A8 / B8G8R8A8 UNORM and _SRGB): everything at 9_1. */
    { D3DFMT_A8R8G8B8, L91, COLOR_RT | SR | SW },
    /* Q8W8V8U8 (R8G8B8A8_SNORM): TEXTURE2D, TEXTURECUBE, SHADER_SAMPLE, MIP at 9_1. */
    { D3DFMT_Q8W8V8U8, L91, S | T | C | F | WM | LB },
    { D3DFMT_Q8W8V8U8, MAX, V },
    /* X8R8G8B8 (B8G8R8X8 UNORM and _SRGB): everything but DISPLAY at 9_1. */
    { D3DFMT_X8R8G8B8, L91, COLOR_RT | SR | SW },
    /* G16R16F: 9_2, not sampled with filtering. */
    { D3DFMT_G16R16F, L92, S | T | V | C | WM | AG | RT },
    { D3DFMT_G16R16F, CORE_PROFILE_MAX, F | B | VT },
    /* G16R16 (R16G16_UNORM): 9_2. */
    { D3DFMT_G16R16, L92, S | T | V | C | F | WM | AG | RT },
    { D3DFMT_G16R16, CORE_PROFILE_MAX, B },
    /* V16U16 (R16G16_SNORM): TEXTURE2D, SHADER_SAMPLE at 9_1; TEXTURE3D, TEXTURECUBE, MIP 9_2. */
    { D3DFMT_V16U16, L91, S | T | F | LB },
    { D3DFMT_V16U16, L92, V | C | WM },
    /* R32F: 9_2, no SHADER_SAMPLE.  Vertex textures: the vs_3_0 format set (9_3 caps have
     * VertexShaderVersion 3.0 and point-sampled vertex texture fetch). */
    { D3DFMT_R32F, L92, S | T | V | C | WM | AG | RT },
    { D3DFMT_R32F, L93, VT },
    { D3DFMT_R32F, CORE_PROFILE_MAX, F | B },
    /* D24S8: TEXTURE2D and DEPTH_STENCIL at 9_1. */
    { D3DFMT_D24S8, L91, T | DS },
    /* L16 (R16_UNORM): 9_2. */
    { D3DFMT_L16, L92, S | T | V | C | F | WM },
    /* D16 or D16_LOCKABLE: TEXTURE2D, DEPTH_STENCIL at 9_1 (the lockable one is no texture). */
    { D3DFMT_D16, L91, T | DS },
    { D3DFMT_D16_LOCKABLE, L91, DS },
    /* V8U8 (R8G8_SNORM): TEXTURE2D, SHADER_SAMPLE, MIP at 9_1. */
    { D3DFMT_V8U8, L91, S | T | F | WM | LB },
    { D3DFMT_V8U8, MAX, V | C },
    /* L8 (R8_UNORM): 9_1. */
    { D3DFMT_L8, L91, S | T | V | C | F | WM },
    /* DXT1..DXT5 (BC1..BC3, and their _SRGB): TEXTURE2D, TEXTURECUBE, SHADER_SAMPLE, MIP at 9_1.
     * The page names DXT2 and DXT4; DXT3 and DXT5 have the same block layouts. */
    { D3DFMT_DXT1, L91, S | T | C | F | WM | SR },
    { D3DFMT_DXT2, L91, S | T | C | F | WM | SR },
    { D3DFMT_DXT3, L91, S | T | C | F | WM | SR },
    { D3DFMT_DXT4, L91, S | T | C | F | WM | SR },
    { D3DFMT_DXT5, L91, S | T | C | F | WM | SR },
    /* DXTn volume textures (issue 14 part 3): slices of 4x4 blocks, locked and sampled per
     * slice (tests/test_d3d9_formats_color.c). */
    { D3DFMT_DXT1, CORE_PROFILE_MAX, V },
    { D3DFMT_DXT2, CORE_PROFILE_MAX, V },
    { D3DFMT_DXT3, CORE_PROFILE_MAX, V },
    { D3DFMT_DXT4, CORE_PROFILE_MAX, V },
    { D3DFMT_DXT5, CORE_PROFILE_MAX, V },

    /* ---- beyond the 9_x minimums: profile max ---- */
    /* The colour formats of issue 14 part 3: sampled (D3D9's defaults for absent channels: 1,
     * alpha-only A8 (0, 0, 0, a)), filtered, rendered to and blended through their texel
     * layouts, locked and filled as offscreen plain surfaces (tests/test_d3d9_formats_color.c).
     * X8B8G8R8 has no sRGB twin in the format table, so it is neither read nor written as
     * sRGB; R8G8B8 (3 bytes a texel) is no render target (most D3D9 drivers offer it as no
     * more than a texture). */
    { D3DFMT_R5G6B5, CORE_PROFILE_MAX, COLOR_RT },
    { D3DFMT_X1R5G5B5, CORE_PROFILE_MAX, COLOR_RT },
    { D3DFMT_A1R5G5B5, CORE_PROFILE_MAX, COLOR_RT },
    { D3DFMT_A4R4G4B4, CORE_PROFILE_MAX, COLOR_RT },
    { D3DFMT_A2R10G10B10, CORE_PROFILE_MAX, COLOR_RT },
    { D3DFMT_A2B10G10R10, CORE_PROFILE_MAX, COLOR_RT },
    { D3DFMT_A8B8G8R8, CORE_PROFILE_MAX, COLOR_RT | SR | SW },
    { D3DFMT_X8B8G8R8, CORE_PROFILE_MAX, COLOR_RT },
    { D3DFMT_R8G8B8, CORE_PROFILE_MAX, S | T | V | C | F | WM },
    { D3DFMT_R16F, CORE_PROFILE_MAX, COLOR_RT | VT },
    { D3DFMT_A8, CORE_PROFILE_MAX, S | T | V | C | F | WM },
    { D3DFMT_A8L8, CORE_PROFILE_MAX, S | T | V | C | F | WM },
    { D3DFMT_A4L4, CORE_PROFILE_MAX, S | T | V | C | F | WM },
    /* the luminance bump maps, with the bump-mapping operations of the max profile
     * (test_d3d9_render_bump.c); as 2D textures only for now */
    { D3DFMT_X8L8V8U8, CORE_PROFILE_MAX, S | T | F | WM | LB },
    { D3DFMT_X8L8V8U8, MAX, V | C },
    { D3DFMT_L6V5U5, CORE_PROFILE_MAX, S | T | F | WM | LB },
    { D3DFMT_L6V5U5, MAX, V | C },
    /* YUV: seed 003 — every filter mode, mipmapping included, on every format: 2D textures
     * (decoded by the documented BT.601 conversion, then filtered as RGB: src/sample/
     * texel_load.c) and offscreen plain surfaces, which StretchRect converts to render-target
     * formats (tests/test_d3d9_formats_yuv.c).  Not render targets, cube or volume textures:
     * the video formats are 2D, and nothing writes YUV. */
    { D3DFMT_YUY2, CORE_PROFILE_MAX, S | T | F | WM },
    { D3DFMT_UYVY, CORE_PROFILE_MAX, S | T | F | WM },
    /* The other D3D9 depth-stencil formats (issue 14 part 3): the output merger reads and
     * writes each through its texel layout (UNORM depth of 15, 24 or 32 bits, D24FS8's 20e4
     * float, D32F_LOCKABLE's float; stencil of 1, 4 or 8 bits), the lockable ones are locked
     * with that layout, and D24X8 is a depth texture as D24S8 is
     * (tests/test_d3d9_depth_formats.c). */
    { D3DFMT_D24X8, CORE_PROFILE_MAX, T | DS },
    { D3DFMT_D32, CORE_PROFILE_MAX, DS },
    { D3DFMT_D24X4S4, CORE_PROFILE_MAX, DS },
    { D3DFMT_D15S1, CORE_PROFILE_MAX, DS },
    { D3DFMT_D24FS8, CORE_PROFILE_MAX, DS },
    { D3DFMT_D32F_LOCKABLE, CORE_PROFILE_MAX, DS },
    /* INTZ (d3d9_private.h): a D24S8 depth-stencil surface or texture whose samples read the
     * depth in every component (tests/test_d3d9_depth_formats.c); point sampled only. */
    { D3D9_FMT_INTZ, CORE_PROFILE_MAX, T | DS },
    /* DF16, DF24 (d3d9_private.h): AMD's depth textures, sampled as INTZ is, point sampled
     * (tests/test_d3d9_depth_formats.c).  No Fetch4 (D3DSAMP_MIPMAPLODBIAS = 'GET4', which
     * AMD ties to DF24): that value is an ordinary, tiny LOD bias here. */
    { D3D9_FMT_DF16, CORE_PROFILE_MAX, T | DS },
    { D3D9_FMT_DF24, CORE_PROFILE_MAX, T | DS },
    /* ATI1, ATI2 (3Dc, d3d9_private.h): as DXTn, 2D and cube textures and offscreen plain
     * surfaces of 4x4 blocks, filtered and mipmapped, under DXTn's size and lock rules
     * (tests/test_d3d9_formats_color.c) */
    { D3D9_FMT_ATI1, CORE_PROFILE_MAX, S | T | C | F | WM },
    { D3D9_FMT_ATI2, CORE_PROFILE_MAX, S | T | C | F | WM },
    /* NULL (d3d9_private.h): render-target surfaces only, for depth-only passes
     * (tests/test_d3d9_depth_formats.c); "blendable", since blending into nothing changes
     * nothing, so that a depth pass with blending left on validates. */
    { D3D9_FMT_NULL, CORE_PROFILE_MAX, RT | B },
};

#undef S
#undef T
#undef C
#undef V
#undef RT
#undef DS
#undef F
#undef WM
#undef B
#undef SR
#undef SW
#undef AG
#undef VT
#undef LB
#undef COLOR_RT
#undef L91
#undef L92
#undef L93
#undef MAX

unsigned d3d9_format_uses(const core_profile *profile, D3DFORMAT format)
{
    unsigned uses = 0;
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
        if (rows[i].format == format && rows[i].from <= profile->id)
            uses |= rows[i].uses;
    return uses;
}

const char *d3d9_format_name(D3DFORMAT format, char *buf, size_t size)
{
    switch (format) {
#define N(f) case D3DFMT_##f: return "D3DFMT_" #f;
    N(UNKNOWN) N(R8G8B8) N(A8R8G8B8) N(X8R8G8B8) N(R5G6B5) N(X1R5G5B5) N(A1R5G5B5)
    N(A4R4G4B4) N(R3G3B2) N(A8) N(A8R3G3B2) N(X4R4G4B4) N(A2B10G10R10) N(A8B8G8R8)
    N(X8B8G8R8) N(G16R16) N(A2R10G10B10) N(A16B16G16R16) N(A8P8) N(P8) N(L8) N(A8L8) N(A4L4)
    N(V8U8) N(L6V5U5) N(X8L8V8U8) N(Q8W8V8U8) N(V16U16) N(A2W10V10U10) N(UYVY) N(R8G8_B8G8)
    N(YUY2) N(G8R8_G8B8) N(DXT1) N(DXT2) N(DXT3) N(DXT4) N(DXT5) N(D16_LOCKABLE) N(D32)
    N(D15S1) N(D24S8) N(D24X8) N(D24X4S4) N(D16) N(D32F_LOCKABLE) N(D24FS8) N(D32_LOCKABLE)
    N(S8_LOCKABLE) N(L16) N(VERTEXDATA) N(INDEX16) N(INDEX32) N(Q16W16V16U16) N(MULTI2_ARGB8)
    N(R16F) N(G16R16F) N(A16B16G16R16F) N(R32F) N(G32R32F) N(A32B32G32R32F) N(CxV8U8) N(A1)
    N(A2B10G10R10_XR_BIAS) N(BINARYBUFFER)
#undef N
    default:
        if (format == D3D9_FMT_INTZ)
            return "INTZ";
        if (format == D3D9_FMT_NULL)
            return "NULL";
        if (format == D3D9_FMT_DF16)
            return "DF16";
        if (format == D3D9_FMT_DF24)
            return "DF24";
        if (format == D3D9_FMT_ATI1)
            return "ATI1";
        if (format == D3D9_FMT_ATI2)
            return "ATI2";
        snprintf(buf, size, "D3DFORMAT 0x%08x", (unsigned)format);
        return buf;
    }
}

/* The uses' names, for messages. */
static const char *use_name(unsigned use)
{
    switch (use) {
    case D3D9_FMT_SURFACE: return "an offscreen plain surface";
    case D3D9_FMT_TEXTURE: return "a texture";
    case D3D9_FMT_CUBE: return "a cube texture";
    case D3D9_FMT_VOLUME: return "a volume texture";
    case D3D9_FMT_RENDERTARGET: return "a render target";
    case D3D9_FMT_DEPTHSTENCIL: return "a depth-stencil buffer";
    case D3D9_FMT_FILTER: return "filtered (D3DUSAGE_QUERY_FILTER)";
    case D3D9_FMT_WRAPANDMIP: return "wrapped and mipmapped (D3DUSAGE_QUERY_WRAPANDMIP)";
    case D3D9_FMT_BLEND: return "blended (D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING)";
    case D3D9_FMT_SRGBREAD: return "read as sRGB (D3DUSAGE_QUERY_SRGBREAD)";
    case D3D9_FMT_SRGBWRITE: return "written as sRGB (D3DUSAGE_QUERY_SRGBWRITE)";
    case D3D9_FMT_AUTOGEN: return "given generated mipmaps";
    case D3D9_FMT_VERTEXTEXTURE: return "a vertex texture (D3DUSAGE_QUERY_VERTEXTEXTURE)";
    case D3D9_FMT_LEGACYBUMP: return "a legacy bump map (D3DUSAGE_QUERY_LEGACYBUMPMAP)";
    default: return "used so";
    }
}

/* The display: formats with modes, and the documented display / back-buffer formats. */
bool d3d9_is_adapter_format(D3DFORMAT f)
{
    return f == D3DFMT_X8R8G8B8 || f == D3DFMT_R5G6B5;
}

bool d3d9_is_display_format(D3DFORMAT f)
{
    return f == D3DFMT_A2R10G10B10 || f == D3DFMT_X8R8G8B8 || f == D3DFMT_X1R5G5B5 ||
           f == D3DFMT_R5G6B5;
}

static bool is_backbuffer_format(D3DFORMAT f)
{
    return f == D3DFMT_A2R10G10B10 || f == D3DFMT_A8R8G8B8 || f == D3DFMT_X8R8G8B8 ||
           f == D3DFMT_A1R5G5B5 || f == D3DFMT_X1R5G5B5 || f == D3DFMT_R5G6B5;
}

/* Full screen, the back buffer must be the display format, an alpha channel aside
 * (CheckDeviceType remarks: X1R5G5B5 display -> X1R5G5B5 or A1R5G5B5 back buffer). */
static bool fullscreen_pair(D3DFORMAT display, D3DFORMAT bb)
{
    switch (display) {
    case D3DFMT_X8R8G8B8: return bb == D3DFMT_X8R8G8B8 || bb == D3DFMT_A8R8G8B8;
    case D3DFMT_X1R5G5B5: return bb == D3DFMT_X1R5G5B5 || bb == D3DFMT_A1R5G5B5;
    case D3DFMT_R5G6B5: return bb == D3DFMT_R5G6B5;
    case D3DFMT_A2R10G10B10: return bb == D3DFMT_A2R10G10B10;
    default: return false;
    }
}

static bool is_depth_format(D3DFORMAT f)
{
    switch (f) {
    case D3DFMT_D16_LOCKABLE: case D3DFMT_D32: case D3DFMT_D15S1: case D3DFMT_D24S8:
    case D3DFMT_D24X8: case D3DFMT_D24X4S4: case D3DFMT_D16: case D3DFMT_D32F_LOCKABLE:
    case D3DFMT_D24FS8: case D3DFMT_D32_LOCKABLE: case D3DFMT_S8_LOCKABLE:
        return true;
    default:
        return f == D3D9_FMT_INTZ || f == D3D9_FMT_DF16 || f == D3D9_FMT_DF24;
    }
}

/* The adapter (display-mode) format every Check* method takes first. */
static HRESULT check_adapter_format(const char *method, D3DFORMAT f)
{
    char buf[32];
    if (f == D3DFMT_UNKNOWN) {
        util_msg(false, "%s: the adapter format must be a display format, not D3DFMT_UNKNOWN",
                 method);
        return D3DERR_INVALIDCALL;
    }
    if (!d3d9_is_adapter_format(f)) {
        util_msg(false, "%s: %s is not a format of the display's modes (D3DFMT_X8R8G8B8, "
                        "D3DFMT_R5G6B5)", method, d3d9_format_name(f, buf, sizeof(buf)));
        return D3DERR_NOTAVAILABLE;
    }
    return D3D_OK;
}

HRESULT d3d9_check_device_type(const core_profile *p, const char *method, D3DFORMAT adapter_fmt,
                               D3DFORMAT bb, BOOL windowed)
{
    char b1[32], b2[32];
    const char *an = d3d9_format_name(adapter_fmt, b1, sizeof(b1));

    if (adapter_fmt == D3DFMT_UNKNOWN) {
        util_msg(false, "%s: the display format must not be D3DFMT_UNKNOWN", method);
        return D3DERR_INVALIDCALL;
    }
    if (!d3d9_is_display_format(adapter_fmt)) {
        util_msg(false, "%s: %s is not a display format (A2R10G10B10, X8R8G8B8, X1R5G5B5, "
                        "R5G6B5; never one with alpha)", method, an);
        return D3DERR_NOTAVAILABLE;
    }
    if (!d3d9_is_adapter_format(adapter_fmt)) {
        util_msg(false, "%s: the virtual display has no %s modes", method, an);
        return D3DERR_NOTAVAILABLE;
    }
    if (bb == D3DFMT_UNKNOWN) {
        if (!windowed) {
            util_msg(false, "%s: a full-screen back buffer format must not be D3DFMT_UNKNOWN",
                     method);
            return D3DERR_INVALIDCALL;
        }
        bb = adapter_fmt;   /* windowed: the display format */
    }
    const char *bn = d3d9_format_name(bb, b2, sizeof(b2));
    if (!is_backbuffer_format(bb)) {
        util_msg(false, "%s: %s is not a back buffer format", method, bn);
        return D3DERR_NOTAVAILABLE;
    }
    if (!(d3d9_format_uses(p, bb) & D3D9_FMT_RENDERTARGET)) {
        util_msg(false, "%s: %s is not a render target format on profile %s", method, bn,
                 p->name);
        return D3DERR_NOTAVAILABLE;
    }
    /* Windowed, any back buffer format is presented to any display format (converted);
     * full screen, no conversion. */
    if (!windowed && !fullscreen_pair(adapter_fmt, bb)) {
        util_msg(false, "%s: full screen, a %s display cannot take a %s back buffer", method, an,
                 bn);
        return D3DERR_NOTAVAILABLE;
    }
    return D3D_OK;
}

#define QUERY_USAGES                                                                          \
    (D3DUSAGE_QUERY_LEGACYBUMPMAP | D3DUSAGE_QUERY_SRGBREAD | D3DUSAGE_QUERY_FILTER |        \
     D3DUSAGE_QUERY_SRGBWRITE | D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING |                     \
     D3DUSAGE_QUERY_VERTEXTEXTURE | D3DUSAGE_QUERY_WRAPANDMIP)
/* 9Ex usages that change nothing for softd3d's answer. */
#define EX_USAGES (D3DUSAGE_NONSECURE | D3DUSAGE_TEXTAPI)
#define BUFFER_USAGES                                                                         \
    (D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY | D3DUSAGE_SOFTWAREPROCESSING | D3DUSAGE_DONOTCLIP | \
     D3DUSAGE_POINTS | D3DUSAGE_RTPATCHES | D3DUSAGE_NPATCHES)

/* The usages CheckDeviceFormat accepts for each resource type (D3DUSAGE reference page). */
static DWORD valid_usages(D3DRESOURCETYPE rtype)
{
    switch (rtype) {
    case D3DRTYPE_SURFACE:
        return D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_DYNAMIC | QUERY_USAGES |
               EX_USAGES;
    case D3DRTYPE_TEXTURE:
        return D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_DYNAMIC |
               D3DUSAGE_AUTOGENMIPMAP | D3DUSAGE_DMAP | D3DUSAGE_SOFTWAREPROCESSING |
               QUERY_USAGES | EX_USAGES;
    case D3DRTYPE_CUBETEXTURE:
        return D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_DYNAMIC |
               D3DUSAGE_AUTOGENMIPMAP | D3DUSAGE_SOFTWAREPROCESSING | QUERY_USAGES | EX_USAGES;
    case D3DRTYPE_VOLUME:
    case D3DRTYPE_VOLUMETEXTURE:
        return D3DUSAGE_DYNAMIC | D3DUSAGE_SOFTWAREPROCESSING | QUERY_USAGES | EX_USAGES;
    case D3DRTYPE_VERTEXBUFFER:
    case D3DRTYPE_INDEXBUFFER:
        return BUFFER_USAGES;
    default:
        return 0;
    }
}

static const char *rtype_name(D3DRESOURCETYPE rtype)
{
    switch (rtype) {
    case D3DRTYPE_SURFACE: return "D3DRTYPE_SURFACE";
    case D3DRTYPE_VOLUME: return "D3DRTYPE_VOLUME";
    case D3DRTYPE_TEXTURE: return "D3DRTYPE_TEXTURE";
    case D3DRTYPE_VOLUMETEXTURE: return "D3DRTYPE_VOLUMETEXTURE";
    case D3DRTYPE_CUBETEXTURE: return "D3DRTYPE_CUBETEXTURE";
    case D3DRTYPE_VERTEXBUFFER: return "D3DRTYPE_VERTEXBUFFER";
    case D3DRTYPE_INDEXBUFFER: return "D3DRTYPE_INDEXBUFFER";
    default: return "an unknown resource type";
    }
}

static HRESULT check_buffer_format(const core_profile *p, D3DRESOURCETYPE rtype, D3DFORMAT f)
{
    char buf[32];
    const char *fn = d3d9_format_name(f, buf, sizeof(buf));
    if (rtype == D3DRTYPE_VERTEXBUFFER) {
        if (f == D3DFMT_VERTEXDATA)
            return D3D_OK;
        util_msg(false, "CheckDeviceFormat: a vertex buffer's format is D3DFMT_VERTEXDATA, not %s",
                 fn);
        return D3DERR_NOTAVAILABLE;
    }
    if (f == D3DFMT_INDEX16)
        return D3D_OK;
    if (f == D3DFMT_INDEX32) {
        if (p->caps.MaxVertexIndex > 0xffff)
            return D3D_OK;
        util_msg(false, "CheckDeviceFormat: D3DFMT_INDEX32 needs MaxVertexIndex > 0xFFFF "
                        "(profile %s has %u)", p->name, (unsigned)p->caps.MaxVertexIndex);
        return D3DERR_NOTAVAILABLE;
    }
    util_msg(false, "CheckDeviceFormat: an index buffer's format is D3DFMT_INDEX16 or "
                    "D3DFMT_INDEX32, not %s", fn);
    return D3DERR_NOTAVAILABLE;
}

HRESULT d3d9_check_device_format(const core_profile *p, D3DFORMAT adapter_fmt, DWORD usage,
                                 D3DRESOURCETYPE rtype, D3DFORMAT f)
{
    static const struct {
        DWORD usage;
        unsigned use;
    } queries[] = {
        { D3DUSAGE_QUERY_FILTER, D3D9_FMT_FILTER },
        { D3DUSAGE_QUERY_WRAPANDMIP, D3D9_FMT_WRAPANDMIP },
        { D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING, D3D9_FMT_BLEND },
        { D3DUSAGE_QUERY_SRGBREAD, D3D9_FMT_SRGBREAD },
        { D3DUSAGE_QUERY_SRGBWRITE, D3D9_FMT_SRGBWRITE },
        { D3DUSAGE_QUERY_VERTEXTEXTURE, D3D9_FMT_VERTEXTEXTURE },
        { D3DUSAGE_QUERY_LEGACYBUMPMAP, D3D9_FMT_LEGACYBUMP },
    };
    const D3DCAPS9 *caps = &p->caps;
    char buf[32];
    const char *fn = d3d9_format_name(f, buf, sizeof(buf));
    unsigned uses, need = 0, missing;
    DWORD valid = valid_usages(rtype);
    HRESULT hr;

    if (FAILED(hr = check_adapter_format("CheckDeviceFormat", adapter_fmt)))
        return hr;
    if (!valid) {
        util_msg(false, "CheckDeviceFormat: RType %d is not a resource type", (int)rtype);
        return D3DERR_INVALIDCALL;
    }
    if (usage & ~valid) {
        util_msg(false, "CheckDeviceFormat: Usage bits 0x%x are not valid for %s",
                 (unsigned)(usage & ~valid), rtype_name(rtype));
        return D3DERR_INVALIDCALL;
    }
    if (rtype == D3DRTYPE_VERTEXBUFFER || rtype == D3DRTYPE_INDEXBUFFER)
        return check_buffer_format(p, rtype, f);

    uses = d3d9_format_uses(p, f);
    if (!uses) {
        util_msg(false, "CheckDeviceFormat: %s is not supported on profile %s", fn, p->name);
        return D3DERR_NOTAVAILABLE;
    }

    /* What the resource type itself needs. */
    switch (rtype) {
    case D3DRTYPE_SURFACE:
        need = (usage & D3DUSAGE_RENDERTARGET)   ? D3D9_FMT_RENDERTARGET
               : (usage & D3DUSAGE_DEPTHSTENCIL) ? D3D9_FMT_DEPTHSTENCIL
                                                 : D3D9_FMT_SURFACE;
        break;
    case D3DRTYPE_TEXTURE:
        need = D3D9_FMT_TEXTURE;
        break;
    case D3DRTYPE_CUBETEXTURE:
        if (!(caps->TextureCaps & D3DPTEXTURECAPS_CUBEMAP)) {
            util_msg(false, "CheckDeviceFormat: profile %s has no cube textures "
                            "(D3DPTEXTURECAPS_CUBEMAP)", p->name);
            return D3DERR_NOTAVAILABLE;
        }
        need = D3D9_FMT_CUBE;
        break;
    default: /* volumes */
        if (!(caps->TextureCaps & D3DPTEXTURECAPS_VOLUMEMAP)) {
            util_msg(false, "CheckDeviceFormat: profile %s has no volume textures "
                            "(D3DPTEXTURECAPS_VOLUMEMAP)", p->name);
            return D3DERR_NOTAVAILABLE;
        }
        need = D3D9_FMT_VOLUME;
        break;
    }
    if (usage & D3DUSAGE_RENDERTARGET)
        need |= D3D9_FMT_RENDERTARGET;
    if (usage & D3DUSAGE_DEPTHSTENCIL) {
        if (rtype == D3DRTYPE_CUBETEXTURE) {
            util_msg(false, "CheckDeviceFormat: softd3d has no depth-stencil cube textures");
            return D3DERR_NOTAVAILABLE;
        }
        need |= D3D9_FMT_DEPTHSTENCIL;
    }
    if ((usage & D3DUSAGE_RENDERTARGET) && (usage & D3DUSAGE_DEPTHSTENCIL)) {
        util_msg(false, "CheckDeviceFormat: no format is both a render target and a depth-stencil "
                        "buffer");
        return D3DERR_NOTAVAILABLE;
    }
    /* A depth format is a texture only as a depth texture (D3DUSAGE_DEPTHSTENCIL). */
    if (is_depth_format(f) && rtype != D3DRTYPE_SURFACE && !(usage & D3DUSAGE_DEPTHSTENCIL)) {
        util_msg(false, "CheckDeviceFormat: %s is a texture only with D3DUSAGE_DEPTHSTENCIL", fn);
        return D3DERR_NOTAVAILABLE;
    }
    for (size_t i = 0; i < sizeof(queries) / sizeof(queries[0]); i++)
        if (usage & queries[i].usage)
            need |= queries[i].use;

    missing = need & ~uses;
    if (missing) {
        unsigned first = missing & -missing;
        util_msg(false, "CheckDeviceFormat: %s cannot be %s on profile %s", fn, use_name(first),
                 p->name);
        return D3DERR_NOTAVAILABLE;
    }

    /* Uses that also need a caps bit. */
    if ((usage & D3DUSAGE_QUERY_VERTEXTEXTURE) &&
        D3DSHADER_VERSION_MAJOR(caps->VertexShaderVersion) < 3) {
        util_msg(false, "CheckDeviceFormat: vertex textures need vs_3_0 (profile %s has vs_%u_%u)",
                 p->name, (unsigned)D3DSHADER_VERSION_MAJOR(caps->VertexShaderVersion),
                 (unsigned)D3DSHADER_VERSION_MINOR(caps->VertexShaderVersion));
        return D3DERR_NOTAVAILABLE;
    }
    if ((usage & D3DUSAGE_QUERY_LEGACYBUMPMAP) &&
        !(caps->TextureOpCaps & D3DTEXOPCAPS_BUMPENVMAP)) {
        util_msg(false, "CheckDeviceFormat: legacy bump mapping needs D3DTEXOPCAPS_BUMPENVMAP, "
                        "which profile %s does not have", p->name);
        return D3DERR_NOTAVAILABLE;
    }
    if (usage & D3DUSAGE_DMAP) {
        if (!(caps->DevCaps2 & (D3DDEVCAPS2_DMAPNPATCH | D3DDEVCAPS2_PRESAMPLEDDMAPNPATCH))) {
            util_msg(false, "CheckDeviceFormat: displacement maps (D3DUSAGE_DMAP) need "
                            "D3DDEVCAPS2_DMAPNPATCH, which profile %s does not have", p->name);
            return D3DERR_NOTAVAILABLE;
        }
    }
    if (usage & D3DUSAGE_DYNAMIC) {
        if (rtype != D3DRTYPE_SURFACE && !(caps->Caps2 & D3DCAPS2_DYNAMICTEXTURES)) {
            util_msg(false, "CheckDeviceFormat: profile %s has no dynamic textures", p->name);
            return D3DERR_NOTAVAILABLE;
        }
    }
    /* Automatic mipmap generation is a hint: everything else being possible, its absence is
     * the success code D3DOK_NOAUTOGEN. */
    if (usage & D3DUSAGE_AUTOGENMIPMAP) {
        if (!(caps->Caps2 & D3DCAPS2_CANAUTOGENMIPMAP)) {
            util_msg(false, "CheckDeviceFormat: profile %s does not generate mipmaps "
                            "(no D3DCAPS2_CANAUTOGENMIPMAP): D3DOK_NOAUTOGEN", p->name);
            return D3DOK_NOAUTOGEN;
        }
        if (!(uses & D3D9_FMT_AUTOGEN)) {
            util_msg(false, "CheckDeviceFormat: no generated mipmaps for %s: D3DOK_NOAUTOGEN", fn);
            return D3DOK_NOAUTOGEN;
        }
    }
    return D3D_OK;
}

HRESULT d3d9_check_multisample(const core_profile *p, D3DFORMAT f, BOOL windowed,
                               D3DMULTISAMPLE_TYPE type, DWORD *quality_levels)
{
    char buf[32];
    (void)windowed;   /* the same answer windowed and full screen */
    if (f == D3DFMT_UNKNOWN) {
        util_msg(false, "CheckDeviceMultiSampleType: SurfaceFormat must not be D3DFMT_UNKNOWN");
        return D3DERR_INVALIDCALL;
    }
    if ((unsigned)type > D3DMULTISAMPLE_16_SAMPLES) {
        util_msg(false, "CheckDeviceMultiSampleType: %u is not a D3DMULTISAMPLE_TYPE",
                 (unsigned)type);
        return D3DERR_INVALIDCALL;
    }
    if (!(d3d9_format_uses(p, f) & (D3D9_FMT_RENDERTARGET | D3D9_FMT_DEPTHSTENCIL))) {
        util_msg(false, "CheckDeviceMultiSampleType: %s is neither a render target nor a "
                        "depth-stencil format on profile %s", d3d9_format_name(f, buf, sizeof(buf)),
                 p->name);
        return D3DERR_NOTAVAILABLE;
    }
    DWORD levels = d3d9_ms_quality_levels(p, f, type);
    if (!levels) {
        util_msg(false, "CheckDeviceMultiSampleType: type %u of %s is not offered by profile %s "
                        "(%s)", (unsigned)type, d3d9_format_name(f, buf, sizeof(buf)), p->name,
                 core_profile_sample_counts(p) ? "2, 4 and 8 samples and NONMASKABLE are, on "
                                                 "formats that are not lockable depth"
                                               : "no multisampling");
        return D3DERR_NOTAVAILABLE;
    }
    if (quality_levels)
        *quality_levels = levels;
    return D3D_OK;
}

/* Multisampling (issue 14 part 2): the profile's sample counts (core_profile_sample_counts:
 * 2, 4 and 8 on max, none on the 9_x profiles), each with one quality level (its standard
 * pattern, src/pipeline/raster_ms.c); D3DMULTISAMPLE_NONMASKABLE with one quality level per
 * count ("the quality levels are vendor-specific": quality q = 2 << q samples), on every render
 * target and depth-stencil format but the lockable depth formats (a multisampled surface
 * cannot be locked). */
DWORD d3d9_ms_quality_levels(const core_profile *p, D3DFORMAT f, D3DMULTISAMPLE_TYPE type)
{
    uint32_t counts = core_profile_sample_counts(p);
    if (type == D3DMULTISAMPLE_NONE)
        return 1;
    if ((unsigned)type > D3DMULTISAMPLE_16_SAMPLES || d3d9_is_lockable_depth_format(f) ||
        !(d3d9_format_uses(p, f) & (D3D9_FMT_RENDERTARGET | D3D9_FMT_DEPTHSTENCIL)))
        return 0;
    if (type == D3DMULTISAMPLE_NONMASKABLE)
        return (DWORD)util_popcount32(counts);
    return counts >> type & 1u;
}

UINT d3d9_ms_samples(D3DMULTISAMPLE_TYPE type, DWORD quality)
{
    if (type == D3DMULTISAMPLE_NONMASKABLE)
        return quality < 3 ? 2u << quality : 1;
    return type >= D3DMULTISAMPLE_2_SAMPLES && type <= D3DMULTISAMPLE_16_SAMPLES ? (UINT)type : 1;
}

HRESULT d3d9_check_depth_stencil_match(const core_profile *p, const char *method,
                                       D3DFORMAT adapter_fmt, D3DFORMAT rt, D3DFORMAT ds)
{
    char buf[32];
    HRESULT hr;
    if (FAILED(hr = check_adapter_format(method, adapter_fmt)))
        return hr;
    if (!(d3d9_format_uses(p, rt) & D3D9_FMT_RENDERTARGET)) {
        util_msg(false, "%s: %s is not a render target format on profile %s", method,
                 d3d9_format_name(rt, buf, sizeof(buf)), p->name);
        return D3DERR_NOTAVAILABLE;
    }
    if (!(d3d9_format_uses(p, ds) & D3D9_FMT_DEPTHSTENCIL)) {
        util_msg(false, "%s: %s is not a depth-stencil format on profile %s", method,
                 d3d9_format_name(ds, buf, sizeof(buf)), p->name);
        return D3DERR_NOTAVAILABLE;
    }
    /* softd3d pairs any depth-stencil format with any render target format (no bit-depth
     * matching, unlike some hardware). */
    return D3D_OK;
}

HRESULT d3d9_check_format_conversion(const core_profile *p, D3DFORMAT src, D3DFORMAT dst)
{
    char b1[32], b2[32];
    unsigned su = d3d9_format_uses(p, src);
    bool yuv = src == D3DFMT_YUY2 || src == D3DFMT_UYVY;

    if (src == D3DFMT_UNKNOWN || dst == D3DFMT_UNKNOWN) {
        util_msg(false, "CheckDeviceFormatConversion: formats must not be D3DFMT_UNKNOWN");
        return D3DERR_INVALIDCALL;
    }
    /* StretchRect converts from a render target format, or from a YUV offscreen surface, to a
     * render target format. */
    if (!(d3d9_format_uses(p, dst) & D3D9_FMT_RENDERTARGET)) {
        util_msg(false, "CheckDeviceFormatConversion: the target %s is not a render target "
                        "format on profile %s", d3d9_format_name(dst, b2, sizeof(b2)), p->name);
        return D3DERR_NOTAVAILABLE;
    }
    if (!(su & D3D9_FMT_RENDERTARGET) && !(yuv && (su & D3D9_FMT_SURFACE))) {
        util_msg(false, "CheckDeviceFormatConversion: no conversion from %s on profile %s",
                 d3d9_format_name(src, b1, sizeof(b1)), p->name);
        return D3DERR_NOTAVAILABLE;
    }
    return D3D_OK;
}
