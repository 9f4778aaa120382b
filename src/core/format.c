/* src/core/format.c — the format table (see format.h for what an entry says).
 *
 * Sources: the DXGI_FORMAT reference page (names, numbers, channel widths, the _TYPELESS
 * families, the block-compression and packed 4:2:2 layouts, R1_UNORM) and the "Format support
 * for Direct3D feature level 9_x hardware" pages (bits per element of every format, including
 * the video formats); the D3DFORMAT reference page for the D3D9-only entries.
 *
 * The table is sorted by id; lookups are a binary search.
 */
#include "core/format.h"

/* flag bits of an entry, expanded into the desc's bools */
#define C_ (1u << 0)  /* compressed */
#define D_ (1u << 1)  /* depth */
#define S_ (1u << 2)  /* stencil */
#define SR (1u << 3)  /* sRGB */
#define PL (1u << 4)  /* planar */
#define D9 (1u << 5)  /* d3d9_only */

#define F(id_, name_, kind_, bw, bh, bytes, comps, r, g, b, a, fam, fl)                       \
    { .id = (id_), .name = (name_), .kind = CORE_FMT_##kind_, .block_width = (bw),            \
      .block_height = (bh), .block_bytes = (bytes), .components = (comps),                    \
      .bits = { (r), (g), (b), (a) }, .typeless_family = (fam),                               \
      .compressed = ((fl) & C_) != 0, .depth = ((fl) & D_) != 0, .stencil = ((fl) & S_) != 0,  \
      .srgb = ((fl) & SR) != 0, .planar = ((fl) & PL) != 0, .d3d9_only = ((fl) & D9) != 0 }

/* Shorthands for the common shapes: a plain 1x1 format, and a 4x4 block-compressed one. */
#define P(id_, name_, kind_, bytes, comps, r, g, b, a, fam, fl)                                \
    F(id_, name_, kind_, 1, 1, bytes, comps, r, g, b, a, fam, fl)
#define BC(id_, name_, kind_, bytes, comps, fam, fl)                                           \
    F(id_, name_, kind_, 4, 4, bytes, comps, 0, 0, 0, 0, fam, (fl) | C_)

static const core_format_desc table[] = {
    /* ---- DXGI formats: id = the DXGI_FORMAT number ---- */
    P(1, "R32G32B32A32_TYPELESS", TYPELESS, 16, 4, 32, 32, 32, 32, 1, 0),
    P(2, "R32G32B32A32_FLOAT", FLOAT, 16, 4, 32, 32, 32, 32, 1, 0),
    P(3, "R32G32B32A32_UINT", UINT, 16, 4, 32, 32, 32, 32, 1, 0),
    P(4, "R32G32B32A32_SINT", SINT, 16, 4, 32, 32, 32, 32, 1, 0),
    P(5, "R32G32B32_TYPELESS", TYPELESS, 12, 3, 32, 32, 32, 0, 5, 0),
    P(6, "R32G32B32_FLOAT", FLOAT, 12, 3, 32, 32, 32, 0, 5, 0),
    P(7, "R32G32B32_UINT", UINT, 12, 3, 32, 32, 32, 0, 5, 0),
    P(8, "R32G32B32_SINT", SINT, 12, 3, 32, 32, 32, 0, 5, 0),
    P(9, "R16G16B16A16_TYPELESS", TYPELESS, 8, 4, 16, 16, 16, 16, 9, 0),
    P(10, "R16G16B16A16_FLOAT", FLOAT, 8, 4, 16, 16, 16, 16, 9, 0),
    P(11, "R16G16B16A16_UNORM", UNORM, 8, 4, 16, 16, 16, 16, 9, 0),
    P(12, "R16G16B16A16_UINT", UINT, 8, 4, 16, 16, 16, 16, 9, 0),
    P(13, "R16G16B16A16_SNORM", SNORM, 8, 4, 16, 16, 16, 16, 9, 0),
    P(14, "R16G16B16A16_SINT", SINT, 8, 4, 16, 16, 16, 16, 9, 0),
    P(15, "R32G32_TYPELESS", TYPELESS, 8, 2, 32, 32, 0, 0, 15, 0),
    P(16, "R32G32_FLOAT", FLOAT, 8, 2, 32, 32, 0, 0, 15, 0),
    P(17, "R32G32_UINT", UINT, 8, 2, 32, 32, 0, 0, 15, 0),
    P(18, "R32G32_SINT", SINT, 8, 2, 32, 32, 0, 0, 15, 0),
    /* The 64-bit depth family: 32-bit float depth, 8-bit stencil, 24 bits unused. */
    P(19, "R32G8X24_TYPELESS", TYPELESS, 8, 2, 32, 8, 0, 0, 19, 0),
    P(20, "D32_FLOAT_S8X24_UINT", DEPTH, 8, 2, 32, 8, 0, 0, 19, D_ | S_),
    P(21, "R32_FLOAT_X8X24_TYPELESS", FLOAT, 8, 1, 32, 0, 0, 0, 19, 0),
    P(22, "X32_TYPELESS_G8X24_UINT", UINT, 8, 1, 0, 8, 0, 0, 19, 0),
    P(23, "R10G10B10A2_TYPELESS", TYPELESS, 4, 4, 10, 10, 10, 2, 23, 0),
    P(24, "R10G10B10A2_UNORM", UNORM, 4, 4, 10, 10, 10, 2, 23, 0),
    P(25, "R10G10B10A2_UINT", UINT, 4, 4, 10, 10, 10, 2, 23, 0),
    P(26, "R11G11B10_FLOAT", FLOAT, 4, 3, 11, 11, 10, 0, 0, 0),
    P(27, "R8G8B8A8_TYPELESS", TYPELESS, 4, 4, 8, 8, 8, 8, 27, 0),
    P(28, "R8G8B8A8_UNORM", UNORM, 4, 4, 8, 8, 8, 8, 27, 0),
    P(29, "R8G8B8A8_UNORM_SRGB", SRGB, 4, 4, 8, 8, 8, 8, 27, SR),
    P(30, "R8G8B8A8_UINT", UINT, 4, 4, 8, 8, 8, 8, 27, 0),
    P(31, "R8G8B8A8_SNORM", SNORM, 4, 4, 8, 8, 8, 8, 27, 0),
    P(32, "R8G8B8A8_SINT", SINT, 4, 4, 8, 8, 8, 8, 27, 0),
    P(33, "R16G16_TYPELESS", TYPELESS, 4, 2, 16, 16, 0, 0, 33, 0),
    P(34, "R16G16_FLOAT", FLOAT, 4, 2, 16, 16, 0, 0, 33, 0),
    P(35, "R16G16_UNORM", UNORM, 4, 2, 16, 16, 0, 0, 33, 0),
    P(36, "R16G16_UINT", UINT, 4, 2, 16, 16, 0, 0, 33, 0),
    P(37, "R16G16_SNORM", SNORM, 4, 2, 16, 16, 0, 0, 33, 0),
    P(38, "R16G16_SINT", SINT, 4, 2, 16, 16, 0, 0, 33, 0),
    P(39, "R32_TYPELESS", TYPELESS, 4, 1, 32, 0, 0, 0, 39, 0),
    P(40, "D32_FLOAT", DEPTH, 4, 1, 32, 0, 0, 0, 39, D_),
    P(41, "R32_FLOAT", FLOAT, 4, 1, 32, 0, 0, 0, 39, 0),
    P(42, "R32_UINT", UINT, 4, 1, 32, 0, 0, 0, 39, 0),
    P(43, "R32_SINT", SINT, 4, 1, 32, 0, 0, 0, 39, 0),
    /* The 32-bit depth/stencil family: 24-bit depth, 8-bit stencil. */
    P(44, "R24G8_TYPELESS", TYPELESS, 4, 2, 24, 8, 0, 0, 44, 0),
    P(45, "D24_UNORM_S8_UINT", DEPTH, 4, 2, 24, 8, 0, 0, 44, D_ | S_),
    P(46, "R24_UNORM_X8_TYPELESS", UNORM, 4, 1, 24, 0, 0, 0, 44, 0),
    P(47, "X24_TYPELESS_G8_UINT", UINT, 4, 1, 0, 8, 0, 0, 44, 0),
    P(48, "R8G8_TYPELESS", TYPELESS, 2, 2, 8, 8, 0, 0, 48, 0),
    P(49, "R8G8_UNORM", UNORM, 2, 2, 8, 8, 0, 0, 48, 0),
    P(50, "R8G8_UINT", UINT, 2, 2, 8, 8, 0, 0, 48, 0),
    P(51, "R8G8_SNORM", SNORM, 2, 2, 8, 8, 0, 0, 48, 0),
    P(52, "R8G8_SINT", SINT, 2, 2, 8, 8, 0, 0, 48, 0),
    P(53, "R16_TYPELESS", TYPELESS, 2, 1, 16, 0, 0, 0, 53, 0),
    P(54, "R16_FLOAT", FLOAT, 2, 1, 16, 0, 0, 0, 53, 0),
    P(55, "D16_UNORM", DEPTH, 2, 1, 16, 0, 0, 0, 53, D_),
    P(56, "R16_UNORM", UNORM, 2, 1, 16, 0, 0, 0, 53, 0),
    P(57, "R16_UINT", UINT, 2, 1, 16, 0, 0, 0, 53, 0),
    P(58, "R16_SNORM", SNORM, 2, 1, 16, 0, 0, 0, 53, 0),
    P(59, "R16_SINT", SINT, 2, 1, 16, 0, 0, 0, 53, 0),
    P(60, "R8_TYPELESS", TYPELESS, 1, 1, 8, 0, 0, 0, 60, 0),
    P(61, "R8_UNORM", UNORM, 1, 1, 8, 0, 0, 0, 60, 0),
    P(62, "R8_UINT", UINT, 1, 1, 8, 0, 0, 0, 60, 0),
    P(63, "R8_SNORM", SNORM, 1, 1, 8, 0, 0, 0, 60, 0),
    P(64, "R8_SINT", SINT, 1, 1, 8, 0, 0, 0, 60, 0),
    P(65, "A8_UNORM", UNORM, 1, 1, 0, 0, 0, 8, 0, 0),
    /* One bit per texel: stored as 8x1 blocks of one byte. */
    F(66, "R1_UNORM", UNORM, 8, 1, 1, 1, 1, 0, 0, 0, 0, 0),
    /* Three 9-bit mantissas and a shared 5-bit exponent. */
    P(67, "R9G9B9E5_SHAREDEXP", SHAREDEXP, 4, 3, 9, 9, 9, 0, 0, 0),
    /* Packed 4:2:2 RGB: each 32-bit block holds two texels sharing R and B. */
    F(68, "R8G8_B8G8_UNORM", UNORM, 2, 1, 4, 3, 8, 8, 8, 0, 0, 0),
    F(69, "G8R8_G8B8_UNORM", UNORM, 2, 1, 4, 3, 8, 8, 8, 0, 0, 0),
    BC(70, "BC1_TYPELESS", TYPELESS, 8, 4, 70, 0),
    BC(71, "BC1_UNORM", UNORM, 8, 4, 70, 0),
    BC(72, "BC1_UNORM_SRGB", SRGB, 8, 4, 70, SR),
    BC(73, "BC2_TYPELESS", TYPELESS, 16, 4, 73, 0),
    BC(74, "BC2_UNORM", UNORM, 16, 4, 73, 0),
    BC(75, "BC2_UNORM_SRGB", SRGB, 16, 4, 73, SR),
    BC(76, "BC3_TYPELESS", TYPELESS, 16, 4, 76, 0),
    BC(77, "BC3_UNORM", UNORM, 16, 4, 76, 0),
    BC(78, "BC3_UNORM_SRGB", SRGB, 16, 4, 76, SR),
    BC(79, "BC4_TYPELESS", TYPELESS, 8, 1, 79, 0),
    BC(80, "BC4_UNORM", UNORM, 8, 1, 79, 0),
    BC(81, "BC4_SNORM", SNORM, 8, 1, 79, 0),
    BC(82, "BC5_TYPELESS", TYPELESS, 16, 2, 82, 0),
    BC(83, "BC5_UNORM", UNORM, 16, 2, 82, 0),
    BC(84, "BC5_SNORM", SNORM, 16, 2, 82, 0),
    P(85, "B5G6R5_UNORM", UNORM, 2, 3, 5, 6, 5, 0, 0, 0),
    P(86, "B5G5R5A1_UNORM", UNORM, 2, 4, 5, 5, 5, 1, 0, 0),
    P(87, "B8G8R8A8_UNORM", UNORM, 4, 4, 8, 8, 8, 8, 90, 0),
    P(88, "B8G8R8X8_UNORM", UNORM, 4, 3, 8, 8, 8, 0, 92, 0),
    /* Fully typed and not castable (the 9_x format pages' "FNS" note). */
    P(89, "R10G10B10_XR_BIAS_A2_UNORM", UNORM, 4, 4, 10, 10, 10, 2, 0, 0),
    P(90, "B8G8R8A8_TYPELESS", TYPELESS, 4, 4, 8, 8, 8, 8, 90, 0),
    P(91, "B8G8R8A8_UNORM_SRGB", SRGB, 4, 4, 8, 8, 8, 8, 90, SR),
    P(92, "B8G8R8X8_TYPELESS", TYPELESS, 4, 3, 8, 8, 8, 0, 92, 0),
    P(93, "B8G8R8X8_UNORM_SRGB", SRGB, 4, 3, 8, 8, 8, 0, 92, SR),
    BC(94, "BC6H_TYPELESS", TYPELESS, 16, 3, 94, 0),
    BC(95, "BC6H_UF16", FLOAT, 16, 3, 94, 0),
    BC(96, "BC6H_SF16", FLOAT, 16, 3, 94, 0),
    BC(97, "BC7_TYPELESS", TYPELESS, 16, 4, 97, 0),
    BC(98, "BC7_UNORM", UNORM, 16, 4, 97, 0),
    BC(99, "BC7_UNORM_SRGB", SRGB, 16, 4, 97, SR),
    /* Video formats.  Channels are listed as the view reads them (r, g, b, a); the planar ones
     * describe their luma plane. */
    P(100, "AYUV", VIDEO, 4, 4, 8, 8, 8, 8, 0, 0),
    P(101, "Y410", VIDEO, 4, 4, 10, 10, 10, 2, 0, 0),
    P(102, "Y416", VIDEO, 8, 4, 16, 16, 16, 16, 0, 0),
    P(103, "NV12", VIDEO, 1, 3, 8, 8, 8, 0, 0, PL),
    P(104, "P010", VIDEO, 2, 3, 10, 10, 10, 0, 0, PL),
    P(105, "P016", VIDEO, 2, 3, 16, 16, 16, 0, 0, PL),
    P(106, "420_OPAQUE", VIDEO, 1, 3, 8, 8, 8, 0, 0, PL),
    F(107, "YUY2", VIDEO, 2, 1, 4, 3, 8, 8, 8, 0, 0, 0),
    F(108, "Y210", VIDEO, 2, 1, 8, 3, 10, 10, 10, 0, 0, 0),
    F(109, "Y216", VIDEO, 2, 1, 8, 3, 16, 16, 16, 0, 0, 0),
    P(110, "NV11", VIDEO, 1, 3, 8, 8, 8, 0, 0, PL),
    P(111, "AI44", VIDEO, 1, 2, 4, 0, 0, 4, 0, 0),   /* palette index and alpha */
    P(112, "IA44", VIDEO, 1, 2, 4, 0, 0, 4, 0, 0),
    P(113, "P8", VIDEO, 1, 1, 8, 0, 0, 0, 0, 0),
    P(114, "A8P8", VIDEO, 2, 2, 8, 0, 0, 8, 0, 0),
    P(115, "B4G4R4A4_UNORM", UNORM, 2, 4, 4, 4, 4, 4, 0, 0),
    P(130, "P208", VIDEO, 1, 3, 8, 8, 8, 0, 0, PL),
    P(131, "V208", VIDEO, 1, 3, 8, 8, 8, 0, 0, PL),
    P(132, "V408", VIDEO, 1, 3, 8, 8, 8, 0, 0, PL),
    P(191, "A4B4G4R4_UNORM", UNORM, 2, 4, 4, 4, 4, 4, 0, 0),

    /* ---- D3DFORMATs with no DXGI twin (format.h lists the twins) ---- */
    P(CORE_FORMAT_D3D9_R8G8B8, "R8G8B8", UNORM, 3, 3, 8, 8, 8, 0, 0, D9),
    P(CORE_FORMAT_D3D9_X1R5G5B5, "X1R5G5B5", UNORM, 2, 3, 5, 5, 5, 0, 0, D9),
    P(CORE_FORMAT_D3D9_R3G3B2, "R3G3B2", UNORM, 1, 3, 3, 3, 2, 0, 0, D9),
    P(CORE_FORMAT_D3D9_A8R3G3B2, "A8R3G3B2", UNORM, 2, 4, 3, 3, 2, 8, 0, D9),
    P(CORE_FORMAT_D3D9_X4R4G4B4, "X4R4G4B4", UNORM, 2, 3, 4, 4, 4, 0, 0, D9),
    P(CORE_FORMAT_D3D9_X8B8G8R8, "X8B8G8R8", UNORM, 4, 3, 8, 8, 8, 0, 0, D9),
    P(CORE_FORMAT_D3D9_A2R10G10B10, "A2R10G10B10", UNORM, 4, 4, 10, 10, 10, 2, 0, D9),
    P(CORE_FORMAT_D3D9_L8, "L8", UNORM, 1, 1, 8, 0, 0, 0, 0, D9),
    P(CORE_FORMAT_D3D9_A8L8, "A8L8", UNORM, 2, 2, 8, 0, 0, 8, 0, D9),
    P(CORE_FORMAT_D3D9_A4L4, "A4L4", UNORM, 1, 2, 4, 0, 0, 4, 0, D9),
    P(CORE_FORMAT_D3D9_L16, "L16", UNORM, 2, 1, 16, 0, 0, 0, 0, D9),
    P(CORE_FORMAT_D3D9_L6V5U5, "L6V5U5", SNORM, 2, 3, 5, 5, 6, 0, 0, D9),
    P(CORE_FORMAT_D3D9_X8L8V8U8, "X8L8V8U8", SNORM, 4, 3, 8, 8, 8, 0, 0, D9),
    P(CORE_FORMAT_D3D9_A2W10V10U10, "A2W10V10U10", SNORM, 4, 4, 10, 10, 10, 2, 0, D9),
    P(CORE_FORMAT_D3D9_CXV8U8, "CxV8U8", SNORM, 2, 2, 8, 8, 0, 0, 0, D9),
    F(CORE_FORMAT_D3D9_UYVY, "UYVY", VIDEO, 2, 1, 4, 3, 8, 8, 8, 0, 0, D9),
    P(CORE_FORMAT_D3D9_D16_LOCKABLE, "D16_LOCKABLE", DEPTH, 2, 1, 16, 0, 0, 0, 0, D_ | D9),
    P(CORE_FORMAT_D3D9_D32, "D32", DEPTH, 4, 1, 32, 0, 0, 0, 0, D_ | D9),
    P(CORE_FORMAT_D3D9_D15S1, "D15S1", DEPTH, 2, 2, 15, 1, 0, 0, 0, D_ | S_ | D9),
    P(CORE_FORMAT_D3D9_D24X8, "D24X8", DEPTH, 4, 1, 24, 0, 0, 0, 0, D_ | D9),
    P(CORE_FORMAT_D3D9_D24X4S4, "D24X4S4", DEPTH, 4, 2, 24, 4, 0, 0, 0, D_ | S_ | D9),
    P(CORE_FORMAT_D3D9_D24FS8, "D24FS8", DEPTH, 4, 2, 24, 8, 0, 0, 0, D_ | S_ | D9),
    P(CORE_FORMAT_D3D9_D32F_LOCKABLE, "D32F_LOCKABLE", DEPTH, 4, 1, 32, 0, 0, 0, 0, D_ | D9),
    P(CORE_FORMAT_D3D9_D32_LOCKABLE, "D32_LOCKABLE", DEPTH, 4, 1, 32, 0, 0, 0, 0, D_ | D9),
    P(CORE_FORMAT_D3D9_S8_LOCKABLE, "S8_LOCKABLE", DEPTH, 1, 1, 0, 8, 0, 0, 0, S_ | D9),
    /* a view format: the depth of D24_UNORM_S8_UINT, replicated (format.h) */
    P(CORE_FORMAT_D3D9_INTZ, "INTZ", UNORM, 4, 4, 24, 24, 24, 24, 0, D9),
    /* the 3Dc block formats: BC4/BC5 blocks, channels as the view reads them (format.h) */
    BC(CORE_FORMAT_D3D9_ATI1, "ATI1", UNORM, 8, 4, 0, D9),
    BC(CORE_FORMAT_D3D9_ATI2, "ATI2", UNORM, 16, 4, 0, D9),
    /* a view format: the depth of D16_UNORM, replicated (format.h) */
    P(CORE_FORMAT_D3D9_DF16, "DF16", UNORM, 2, 4, 16, 16, 16, 16, 0, D9),
};

#define TABLE_SIZE (sizeof(table) / sizeof(table[0]))

const core_format_desc *core_format_get(core_format f)
{
    size_t lo = 0, hi = TABLE_SIZE;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (table[mid].id == f)
            return &table[mid];
        if (table[mid].id < f)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

bool core_format_cast_compatible(core_format a, core_format b)
{
    const core_format_desc *da = core_format_get(a), *db = core_format_get(b);
    if (!da || !db)
        return false;
    if (a == b)
        return true;
    return da->typeless_family && da->typeless_family == db->typeless_family;
}

size_t core_format_row_pitch(core_format f, uint32_t width)
{
    const core_format_desc *d = core_format_get(f);
    if (!d)
        return 0;
    return ((size_t)width + d->block_width - 1) / d->block_width * d->block_bytes;
}

size_t core_format_rows(core_format f, uint32_t height)
{
    const core_format_desc *d = core_format_get(f);
    size_t h = height, half = (h + 1) / 2;
    if (!d)
        return 0;
    if (!d->planar)
        return (h + d->block_height - 1) / d->block_height;
    /* Planar video: the chroma planes follow the luma plane at its pitch. */
    switch (f) {
    case 103: /* NV12 */
    case 104: /* P010 */
    case 105: /* P016 */
    case 106: /* 420_OPAQUE: 4:2:0, one interleaved chroma plane of half height */
        return h + half;
    case 110: /* NV11: 4:1:1, one interleaved chroma plane of quarter width, full height */
    case 130: /* P208: 4:2:2, one interleaved chroma plane of half width, full height */
        return 2 * h;
    case 131: /* V208: 4:4:0, two chroma planes of full width, half height */
        return h + 2 * half;
    case 132: /* V408: 4:4:4, two chroma planes of full size */
        return 3 * h;
    default:
        return h;
    }
}

size_t core_format_count(void)
{
    return TABLE_SIZE;
}

const core_format_desc *core_format_at(size_t i)
{
    return i < TABLE_SIZE ? &table[i] : NULL;
}
