/* src/core/format.h — the one format table of softd3d (DESIGN.md, "Formats and memory").
 *
 * Both front-ends describe texel data with this table: the D3D11 front-end passes DXGI_FORMAT
 * values straight through (a core format id IS the DXGI_FORMAT number), the D3D9 front-end maps
 * each D3DFORMAT onto an entry (see "D3D9 formats" below).  The core stays API-neutral: no D3D
 * type appears here, only the numbers.
 *
 * What an entry says (core_format_desc):
 *   - the memory layout: block_width x block_height texels per block of block_bytes bytes.
 *     Plain formats have 1x1 blocks (block_bytes = bytes per texel); BC1..BC7 have 4x4 blocks
 *     of 8 or 16 bytes; packed 4:2:2 formats (YUY2, UYVY, R8G8_B8G8, G8R8_G8B8, Y210, Y216)
 *     have 2x1 blocks; R1_UNORM is stored as 8x1 blocks of one byte (one bit per texel).
 *     Planar video formats (NV12, P010, P016, 420_OPAQUE, NV11, P208, V208, V408) describe
 *     their first (luma) plane; core_format_rows() counts the chroma planes' rows too.
 *   - components and bits[]: the number of channels that carry data and each channel's width,
 *     in r, g, b, a order (for depth formats: depth, stencil).  Missing or X channels are 0;
 *     an alpha-only format (A8_UNORM) has components 1 and bits {0,0,0,8}.  Block-compressed
 *     formats have no per-channel width: their bits are 0.
 *   - typeless_family: the _TYPELESS format of the family the format belongs to (itself for a
 *     typeless format), 0 when it has no family.  Two formats of one family may view each other's
 *     resources (core_format_cast_compatible).
 *
 * D3D9 formats.  Where a D3DFORMAT has the same memory layout and meaning as a DXGI format it
 * uses that entry ("twins"): A8R8G8B8 = B8G8R8A8_UNORM, X8R8G8B8 = B8G8R8X8_UNORM, R5G6B5 =
 * B5G6R5_UNORM, A1R5G5B5 = B5G5R5A1_UNORM, A4R4G4B4 = B4G4R4A4_UNORM, A8B8G8R8 =
 * R8G8B8A8_UNORM, A2B10G10R10 = R10G10B10A2_UNORM, G16R16 = R16G16_UNORM, A16B16G16R16 =
 * R16G16B16A16_UNORM, A8 = A8_UNORM, V8U8 = R8G8_SNORM, Q8W8V8U8 = R8G8B8A8_SNORM, V16U16 =
 * R16G16_SNORM, Q16W16V16U16 = R16G16B16A16_SNORM, R16F/G16R16F/A16B16G16R16F and R32F/G32R32F/
 * A32B32G32R32F = the R16/R32 _FLOAT formats, D16 = D16_UNORM, D24S8 = D24_UNORM_S8_UINT,
 * DXT1 = BC1_UNORM, DXT2/DXT3 = BC2_UNORM, DXT4/DXT5 = BC3_UNORM (the premultiplied DXT2/DXT4
 * differ only in meaning, which the D3D9 front-end keeps), YUY2 = YUY2, R8G8_B8G8 = R8G8_B8G8,
 * G8R8_G8B8 = G8R8_G8B8, P8 = P8, A8P8 = A8P8, INDEX16 = R16_UINT, INDEX32 = R32_UINT,
 * A2B10G10R10_XR_BIAS = R10G10B10_XR_BIAS_A2_UNORM.
 * The D3DFORMATs with no DXGI twin get entries of their own, with ids from CORE_FORMAT_D3D9_BASE
 * up (the CORE_FORMAT_D3D9_* constants below), all marked d3d9_only.
 */
#ifndef SOFTD3D_CORE_FORMAT_H
#define SOFTD3D_CORE_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint32_t core_format;

/* Formats that only Direct3D 9 has. */
#define CORE_FORMAT_D3D9_BASE 0x1000u
enum {
    CORE_FORMAT_D3D9_R8G8B8 = CORE_FORMAT_D3D9_BASE, /* 24-bit, bytes B, G, R in memory */
    CORE_FORMAT_D3D9_X1R5G5B5,
    CORE_FORMAT_D3D9_R3G3B2,
    CORE_FORMAT_D3D9_A8R3G3B2,
    CORE_FORMAT_D3D9_X4R4G4B4,
    CORE_FORMAT_D3D9_X8B8G8R8,
    CORE_FORMAT_D3D9_A2R10G10B10,
    CORE_FORMAT_D3D9_L8,             /* luminance: samples as (L, L, L, 1) */
    CORE_FORMAT_D3D9_A8L8,
    CORE_FORMAT_D3D9_A4L4,
    CORE_FORMAT_D3D9_L16,
    CORE_FORMAT_D3D9_L6V5U5,         /* bump map: U5 V5 signed, L6 unsigned */
    CORE_FORMAT_D3D9_X8L8V8U8,
    CORE_FORMAT_D3D9_A2W10V10U10,
    CORE_FORMAT_D3D9_CXV8U8,         /* V8U8 with C computed as sqrt(1 - U^2 - V^2) */
    CORE_FORMAT_D3D9_UYVY,
    CORE_FORMAT_D3D9_D16_LOCKABLE,
    CORE_FORMAT_D3D9_D32,
    CORE_FORMAT_D3D9_D15S1,
    CORE_FORMAT_D3D9_D24X8,
    CORE_FORMAT_D3D9_D24X4S4,
    CORE_FORMAT_D3D9_D24FS8,         /* 24-bit float depth, 8-bit stencil */
    CORE_FORMAT_D3D9_D32F_LOCKABLE,
    CORE_FORMAT_D3D9_D32_LOCKABLE,
    CORE_FORMAT_D3D9_S8_LOCKABLE,
    CORE_FORMAT_D3D9_INTZ,           /* how a texture view reads the driver format INTZ (a
                                      * D24S8 layout): the 24-bit UNORM depth in r, g, b, a */
    CORE_FORMAT_D3D9_ATI1,           /* the 3Dc FOURCC ATI1: BC4_UNORM's blocks, the one channel
                                      * read in r, g, b and a */
    CORE_FORMAT_D3D9_ATI2,           /* the 3Dc FOURCC ATI2: BC5_UNORM's blocks, read as (second
                                      * block, first block, 1, 1) */
    CORE_FORMAT_D3D9_DF16,           /* how a texture view reads the driver format DF16 (a D16
                                      * layout): the 16-bit UNORM depth in r, g, b, a */
    CORE_FORMAT_D3D9_END             /* one past the last */
};

typedef enum core_format_kind {
    CORE_FMT_UNKNOWN,
    CORE_FMT_TYPELESS,
    CORE_FMT_UNORM,
    CORE_FMT_SNORM,      /* also the D3D9 bump-map formats with signed U/V (L6V5U5, X8L8V8U8...) */
    CORE_FMT_UINT,
    CORE_FMT_SINT,
    CORE_FMT_FLOAT,
    CORE_FMT_SRGB,
    CORE_FMT_DEPTH,      /* depth and/or stencil */
    CORE_FMT_SHAREDEXP,
    CORE_FMT_VIDEO,
} core_format_kind;

typedef struct core_format_desc {
    core_format id;
    const char *name;            /* "R8G8B8A8_UNORM" (DXGI name without DXGI_FORMAT_), or the
                                  * D3DFMT name without D3DFMT_ for a d3d9_only entry */
    core_format_kind kind;
    uint8_t block_width, block_height;   /* 1,1 or 4,4 (BC) or 2,1 (packed 4:2:2) or 8,1 (R1) */
    uint8_t block_bytes;         /* bytes per texel, or per block */
    uint8_t components;
    uint8_t bits[4];             /* r, g, b, a -- or depth, stencil */
    core_format typeless_family; /* the family's _TYPELESS format; itself if typeless; 0 if none */
    bool compressed, depth, stencil, srgb, planar, d3d9_only;
} core_format_desc;

/* The entry for f; NULL for 0 (DXGI_FORMAT_UNKNOWN) and for any id the table does not have. */
const core_format_desc *core_format_get(core_format f);

/* True when a resource of format a may be viewed as b (or the reverse): the same format, or two
 * formats of the same typeless family.  False if either is unknown. */
bool core_format_cast_compatible(core_format a, core_format b);

/* Data layout: bytes in one row of blocks for `width` texels, and the number of rows of blocks
 * for `height` texels (for planar formats, including the chroma planes' rows at plane 0's
 * pitch).  0 for an unknown format.  Widths up to UINT32_MAX cannot overflow size_t on the
 * 64-bit hosts softd3d supports (at most 16 bytes a texel). */
size_t core_format_row_pitch(core_format f, uint32_t width);
size_t core_format_rows(core_format f, uint32_t height);

/* Iteration, for tools and tests: the entries in ascending id order (DXGI ids, then the D3D9
 * ones).  core_format_count() entries; core_format_at(i) for i < count, NULL beyond. */
size_t core_format_count(void);
const core_format_desc *core_format_at(size_t i);

#endif
