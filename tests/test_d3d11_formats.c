/* The format table (src/core/format.c) and the 10Level9 format support answers
 * (src/d3d11/format_support.c): CheckFormatSupport, CheckFeatureSupport(FORMAT_SUPPORT/2),
 * CheckMultisampleQualityLevels(1).  Expected bits come from the "Format support for Direct3D
 * feature level 9_x hardware" pages, less the bits softd3d withholds (multisample resolve,
 * display, back-buffer cast, video processing: see the top of format_support.c). */
#define COBJMACROS
#include "harness.h"

#include <stdlib.h>

#include "core/format.h"
#include "d3d11/format_support.h"
#include "d3d11_2.h"
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

static const D3D_FEATURE_LEVEL levels[3] = { D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2,
                                             D3D_FEATURE_LEVEL_9_3 };

/* A device at `level` under the profile of that level (the weakest hardware of it, seed 000):
 * the answers below are the documented ones of the level.  (The max profile adds the
 * multisample bits, tests/test_d3d11_msaa.c.) */
static ID3D11Device *create_at(D3D_FEATURE_LEVEL level)
{
    ID3D11Device *dev = NULL;
    setenv("SOFTD3D_PROFILE", level == D3D_FEATURE_LEVEL_9_1   ? "9_1"
                              : level == D3D_FEATURE_LEVEL_9_2 ? "9_2"
                                                               : "9_3", 1);
    HRESULT hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                                   D3D11_SDK_VERSION, &dev, NULL, NULL);
    unsetenv("SOFTD3D_PROFILE");
    return FAILED(hr) ? NULL : dev;
}

/* ---- the core table ----------------------------------------------------------------------- */

TEST(core_format_table_sorted_and_complete)
{
    size_t n = core_format_count();
    CHECK(n > 0);
    for (size_t i = 0; i < n; i++) {
        const core_format_desc *d = core_format_at(i);
        CHECK(d != NULL && d->name != NULL);
        if (i)
            CHECK(core_format_at(i - 1)->id < d->id);
        CHECK(core_format_get(d->id) == d);
        CHECK(d->block_width >= 1 && d->block_height >= 1 && d->block_bytes >= 1);
        CHECK(d->components >= 1 && d->components <= 4);
        CHECK_EQ(d->d3d9_only, d->id >= CORE_FORMAT_D3D9_BASE);
        /* a family's typeless format is in the table, is typeless, and is its own family */
        if (d->typeless_family) {
            const core_format_desc *t = core_format_get(d->typeless_family);
            CHECK(t != NULL && t->kind == CORE_FMT_TYPELESS && t->typeless_family == t->id);
        }
        if (d->kind == CORE_FMT_TYPELESS)
            CHECK_EQ(d->typeless_family, d->id);
    }
    CHECK(core_format_at(n) == NULL);
    /* every DXGI format 1..115 and 130..132 exists; 0 and the gaps do not */
    for (core_format f = 1; f <= 115; f++)
        CHECK(core_format_get(f) != NULL);
    for (core_format f = 130; f <= 132; f++)
        CHECK(core_format_get(f) != NULL);
    CHECK(core_format_get(0) == NULL);
    CHECK(core_format_get(116) == NULL);
    CHECK(core_format_get(129) == NULL);
    CHECK(core_format_get(CORE_FORMAT_D3D9_END) == NULL);
    for (core_format f = CORE_FORMAT_D3D9_BASE; f < CORE_FORMAT_D3D9_END; f++)
        CHECK(core_format_get(f) != NULL && core_format_get(f)->d3d9_only);
    CHECK(strcmp(core_format_get(28)->name, "R8G8B8A8_UNORM") == 0);
    CHECK(strcmp(core_format_get(CORE_FORMAT_D3D9_D24X4S4)->name, "D24X4S4") == 0);
}

TEST(core_format_sizes)
{
    static const struct { core_format f; unsigned bw, bh, bytes, comps, r, g, b, a; } s[] = {
        { 2, 1, 1, 16, 4, 32, 32, 32, 32 },   /* R32G32B32A32_FLOAT */
        { 6, 1, 1, 12, 3, 32, 32, 32, 0 },    /* R32G32B32_FLOAT */
        { 10, 1, 1, 8, 4, 16, 16, 16, 16 },   /* R16G16B16A16_FLOAT */
        { 20, 1, 1, 8, 2, 32, 8, 0, 0 },      /* D32_FLOAT_S8X24_UINT */
        { 24, 1, 1, 4, 4, 10, 10, 10, 2 },    /* R10G10B10A2_UNORM */
        { 26, 1, 1, 4, 3, 11, 11, 10, 0 },    /* R11G11B10_FLOAT */
        { 28, 1, 1, 4, 4, 8, 8, 8, 8 },       /* R8G8B8A8_UNORM */
        { 45, 1, 1, 4, 2, 24, 8, 0, 0 },      /* D24_UNORM_S8_UINT */
        { 55, 1, 1, 2, 1, 16, 0, 0, 0 },      /* D16_UNORM */
        { 65, 1, 1, 1, 1, 0, 0, 0, 8 },       /* A8_UNORM */
        { 66, 8, 1, 1, 1, 1, 0, 0, 0 },       /* R1_UNORM */
        { 67, 1, 1, 4, 3, 9, 9, 9, 0 },       /* R9G9B9E5_SHAREDEXP */
        { 68, 2, 1, 4, 3, 8, 8, 8, 0 },       /* R8G8_B8G8_UNORM */
        { 85, 1, 1, 2, 3, 5, 6, 5, 0 },       /* B5G6R5_UNORM */
        { 86, 1, 1, 2, 4, 5, 5, 5, 1 },       /* B5G5R5A1_UNORM */
        { 88, 1, 1, 4, 3, 8, 8, 8, 0 },       /* B8G8R8X8_UNORM */
        { 107, 2, 1, 4, 3, 8, 8, 8, 0 },      /* YUY2 */
        { 108, 2, 1, 8, 3, 10, 10, 10, 0 },   /* Y210 */
        { 115, 1, 1, 2, 4, 4, 4, 4, 4 },      /* B4G4R4A4_UNORM */
        { CORE_FORMAT_D3D9_R8G8B8, 1, 1, 3, 3, 8, 8, 8, 0 },
        { CORE_FORMAT_D3D9_A8R3G3B2, 1, 1, 2, 4, 3, 3, 2, 8 },
        { CORE_FORMAT_D3D9_L6V5U5, 1, 1, 2, 3, 5, 5, 6, 0 },
        { CORE_FORMAT_D3D9_D15S1, 1, 1, 2, 2, 15, 1, 0, 0 },
        { CORE_FORMAT_D3D9_D24X8, 1, 1, 4, 1, 24, 0, 0, 0 },
        { CORE_FORMAT_D3D9_UYVY, 2, 1, 4, 3, 8, 8, 8, 0 },
    };
    for (size_t i = 0; i < sizeof(s) / sizeof(s[0]); i++) {
        const core_format_desc *d = core_format_get(s[i].f);
        if (!d) {
            harness_fail(__FILE__, __LINE__, "format %u missing", (unsigned)s[i].f);
            continue;
        }
        CHECK_EQ(d->block_width, s[i].bw);
        CHECK_EQ(d->block_height, s[i].bh);
        CHECK_EQ(d->block_bytes, s[i].bytes);
        CHECK_EQ(d->components, s[i].comps);
        CHECK_EQ(d->bits[0], s[i].r);
        CHECK_EQ(d->bits[1], s[i].g);
        CHECK_EQ(d->bits[2], s[i].b);
        CHECK_EQ(d->bits[3], s[i].a);
    }
    /* kinds and flags */
    CHECK(core_format_get(45)->depth && core_format_get(45)->stencil);
    CHECK(core_format_get(55)->depth && !core_format_get(55)->stencil);
    CHECK(!core_format_get(46)->depth);   /* R24_UNORM_X8_TYPELESS: the depth as a colour */
    CHECK(core_format_get(29)->srgb && core_format_get(29)->kind == CORE_FMT_SRGB);
    CHECK(core_format_get(72)->srgb && core_format_get(72)->compressed);
    CHECK(!core_format_get(28)->srgb);
    CHECK_EQ(core_format_get(67)->kind, CORE_FMT_SHAREDEXP);
    CHECK_EQ(core_format_get(103)->kind, CORE_FMT_VIDEO);
    CHECK(core_format_get(103)->planar && !core_format_get(107)->planar);
    CHECK(core_format_get(CORE_FORMAT_D3D9_S8_LOCKABLE)->stencil);
    CHECK(!core_format_get(CORE_FORMAT_D3D9_S8_LOCKABLE)->depth);
    /* Bits per element agree with the 9_x format pages' BPE column. */
    static const struct { core_format f; unsigned bpe; } bpe[] = {
        { 2, 128 }, { 6, 96 }, { 10, 64 }, { 28, 32 }, { 49, 16 }, { 61, 8 }, { 71, 4 },
        { 74, 8 }, { 77, 8 }, { 80, 4 }, { 83, 8 }, { 107, 16 }, { 102, 64 }, { 113, 8 },
    };
    for (size_t i = 0; i < sizeof(bpe) / sizeof(bpe[0]); i++) {
        const core_format_desc *d = core_format_get(bpe[i].f);
        CHECK_EQ(d->block_bytes * 8u / (d->block_width * d->block_height), bpe[i].bpe);
    }
}

TEST(core_format_families)
{
    CHECK_EQ(core_format_get(28)->typeless_family, 27);
    CHECK(core_format_cast_compatible(28, 29));    /* RGBA8 UNORM <-> UNORM_SRGB */
    CHECK(core_format_cast_compatible(27, 32));    /* TYPELESS <-> SINT */
    CHECK(!core_format_cast_compatible(28, 87));   /* RGBA8 vs BGRA8: different families */
    CHECK(core_format_cast_compatible(87, 91));    /* BGRA8 UNORM <-> SRGB (family 90) */
    CHECK(!core_format_cast_compatible(87, 88));   /* BGRA vs BGRX */
    CHECK(core_format_cast_compatible(45, 46));    /* D24S8 <-> R24_UNORM_X8_TYPELESS */
    CHECK(core_format_cast_compatible(45, 47));
    CHECK(core_format_cast_compatible(40, 41));    /* D32_FLOAT <-> R32_FLOAT */
    CHECK(core_format_cast_compatible(55, 56));    /* D16_UNORM <-> R16_UNORM */
    CHECK(core_format_cast_compatible(71, 72));    /* BC1 <-> BC1_SRGB */
    CHECK(!core_format_cast_compatible(71, 74));   /* BC1 vs BC2 */
    CHECK(!core_format_cast_compatible(28, 41));   /* same size, no family in common */
    CHECK_EQ(core_format_get(65)->typeless_family, 0);
    CHECK(core_format_cast_compatible(65, 65));    /* a format is compatible with itself */
    CHECK(!core_format_cast_compatible(65, 61));   /* A8 vs R8 */
    CHECK(!core_format_cast_compatible(0, 0));
    CHECK(!core_format_cast_compatible(28, 500));
}

TEST(core_format_bc_blocks)
{
    static const core_format bc8[] = { 70, 71, 72, 79, 80, 81 };
    static const core_format bc16[] = { 73, 74, 75, 76, 77, 78, 82, 83, 84, 94, 95, 96, 97, 98,
                                        99 };
    for (size_t i = 0; i < sizeof(bc8) / sizeof(bc8[0]); i++) {
        const core_format_desc *d = core_format_get(bc8[i]);
        CHECK(d->compressed && d->block_width == 4 && d->block_height == 4);
        CHECK_EQ(d->block_bytes, 8);
    }
    for (size_t i = 0; i < sizeof(bc16) / sizeof(bc16[0]); i++) {
        const core_format_desc *d = core_format_get(bc16[i]);
        CHECK(d->compressed && d->block_width == 4 && d->block_height == 4);
        CHECK_EQ(d->block_bytes, 16);
    }
    CHECK(!core_format_get(28)->compressed);
    CHECK(!core_format_get(107)->compressed);   /* YUY2: 2x1 blocks, not block-compressed */
}

TEST(core_format_row_pitch_and_rows)
{
    /* BC1 (71): one 8-byte block per 4 texels, rounded up. */
    static const size_t bc1[10] = { 0, 8, 8, 8, 8, 16, 16, 16, 16, 24 };
    for (uint32_t w = 0; w <= 9; w++)
        CHECK_EQ(core_format_row_pitch(71, w), bc1[w]);
    CHECK_EQ(core_format_rows(71, 1), 1);
    CHECK_EQ(core_format_rows(71, 4), 1);
    CHECK_EQ(core_format_rows(71, 5), 2);
    CHECK_EQ(core_format_row_pitch(74, 5), 32);   /* BC2: 16-byte blocks */
    CHECK_EQ(core_format_row_pitch(28, 7), 28);
    CHECK_EQ(core_format_rows(28, 7), 7);
    CHECK_EQ(core_format_row_pitch(6, 3), 36);    /* R32G32B32_FLOAT */
    CHECK_EQ(core_format_row_pitch(107, 3), 8);   /* YUY2: 2 texels per 4 bytes */
    CHECK_EQ(core_format_row_pitch(66, 9), 2);    /* R1_UNORM: 1 bit a texel */
    CHECK_EQ(core_format_row_pitch(CORE_FORMAT_D3D9_R8G8B8, 5), 15);
    CHECK_EQ(core_format_row_pitch(0, 16), 0);
    CHECK_EQ(core_format_rows(0, 16), 0);
    /* planar: luma rows, then chroma rows at the luma pitch */
    CHECK_EQ(core_format_row_pitch(103, 6), 6);   /* NV12 */
    CHECK_EQ(core_format_rows(103, 4), 6);
    CHECK_EQ(core_format_rows(103, 3), 5);
    CHECK_EQ(core_format_row_pitch(104, 6), 12);  /* P010 */
    CHECK_EQ(core_format_rows(132, 4), 12);       /* V408 */
    /* the largest width cannot overflow */
    CHECK_EQ(core_format_row_pitch(2, UINT32_MAX), (size_t)UINT32_MAX * 16);
}

/* ---- CheckFormatSupport: exact bits per level --------------------------------------------- */

struct expect {
    DXGI_FORMAT format;
    UINT bits[3];   /* 9_1, 9_2, 9_3; 0 = E_FAIL */
};

#define COLOR (T2 | T3 | TC | LD | SM | MIP | AG | RT | BL | CPU)
#define BCT (T2 | TC | LD | SM | MIP | CPU)
/* The swap-chain (back-buffer) formats: DISPLAY and BACK_BUFFER_CAST (src/d3d11/swapchain.c). */
#define DISP (D3D11_FORMAT_SUPPORT_DISPLAY | D3D11_FORMAT_SUPPORT_BACK_BUFFER_CAST)

static const struct expect expected[] = {
    { DXGI_FORMAT_R8G8B8A8_UNORM,
      { VB | COLOR | DISP, VB | COLOR | DISP, VB | COLOR | DISP } },
    { DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, { COLOR | DISP, COLOR | DISP, COLOR | DISP } },
    { DXGI_FORMAT_B8G8R8A8_UNORM, { COLOR | DISP, COLOR | DISP, COLOR | DISP } },
    { DXGI_FORMAT_B8G8R8X8_UNORM, { COLOR, COLOR, COLOR } },
    { DXGI_FORMAT_B5G6R5_UNORM, { COLOR & ~T3, COLOR & ~T3, COLOR & ~T3 } },
    { DXGI_FORMAT_R16_UINT, { IB, IB, IB } },
    { DXGI_FORMAT_R32_UINT, { 0, IB, IB } },
    { DXGI_FORMAT_D24_UNORM_S8_UINT, { T2 | DS, T2 | DS, T2 | DS } },
    { DXGI_FORMAT_D16_UNORM, { T2 | DS, T2 | DS, T2 | DS } },
    { DXGI_FORMAT_BC1_UNORM, { BCT, BCT, BCT } },
    { DXGI_FORMAT_BC1_UNORM_SRGB, { BCT, BCT, BCT } },
    { DXGI_FORMAT_BC2_UNORM, { BCT, BCT, BCT } },
    { DXGI_FORMAT_BC3_UNORM, { BCT, BCT, BCT } },
    { DXGI_FORMAT_BC3_UNORM_SRGB, { BCT, BCT, BCT } },
    { DXGI_FORMAT_R32G32B32A32_FLOAT,
      { VB, VB | T2 | LD | RT | CPU, VB | T2 | T3 | TC | LD | MIP | AG | RT | CPU } },
    /* render target from 9_2; blendable (and vertex data) from 9_3, where filtering is
     * optional and honoured */
    { DXGI_FORMAT_R16G16B16A16_FLOAT,
      { 0, T2 | T3 | TC | LD | MIP | AG | RT | CPU, VB | COLOR } },
    { DXGI_FORMAT_R16G16B16A16_UNORM, { 0, COLOR & ~BL, COLOR & ~BL } },
    { DXGI_FORMAT_R32_FLOAT,
      { VB, VB | T2 | T3 | TC | LD | MIP | AG | RT | CPU, VB | T2 | T3 | TC | LD | MIP | AG | RT | CPU } },
    { DXGI_FORMAT_R32G32_FLOAT, { VB, VB, VB | T2 | T3 | TC | LD | RT | CPU } },
    { DXGI_FORMAT_A8_UNORM,
      { T2 | LD | SM | RT | BL | CPU, T2 | LD | SM | RT | BL | CPU,
        T2 | T3 | TC | LD | SM | RT | BL | CPU } },
    { DXGI_FORMAT_R8_UNORM, { COLOR & ~AG, COLOR & ~AG, COLOR & ~AG } },
    { DXGI_FORMAT_R8G8_UNORM,
      { T2 | LD | SM | RT | BL | CPU, T2 | LD | SM | RT | BL | CPU, T2 | LD | SM | RT | BL | CPU } },
    { DXGI_FORMAT_R16G16_SNORM,
      { VB | T2 | LD | MIP | CPU, VB | T2 | T3 | TC | LD | SM | MIP | CPU,
        VB | T2 | T3 | TC | LD | SM | MIP | CPU } },
    { DXGI_FORMAT_R16_UNORM, { 0, T2 | T3 | TC | LD | SM | MIP | CPU, T2 | T3 | TC | LD | SM | MIP | CPU } },
    { DXGI_FORMAT_R8G8B8A8_SNORM, { BCT, BCT, BCT } },
    { DXGI_FORMAT_B4G4R4A4_UNORM, { BCT, BCT, BCT } },
    /* vertex data only: never a texture at 9_x */
    { DXGI_FORMAT_R32G32B32_FLOAT, { VB, VB, VB } },
    { DXGI_FORMAT_R8G8B8A8_UINT, { VB, VB, VB } },
    { DXGI_FORMAT_R16G16B16A16_SNORM, { VB, VB, VB } },
    /* refused at every 9_x level */
    { DXGI_FORMAT_UNKNOWN, { 0, 0, 0 } },
    { DXGI_FORMAT_R8G8B8A8_TYPELESS, { 0, 0, 0 } },
    { DXGI_FORMAT_R9G9B9E5_SHAREDEXP, { 0, 0, 0 } },
    { DXGI_FORMAT_R10G10B10A2_UNORM, { 0, 0, 0 } },
    { DXGI_FORMAT_R11G11B10_FLOAT, { 0, 0, 0 } },
    { DXGI_FORMAT_D32_FLOAT, { 0, 0, 0 } },
    { DXGI_FORMAT_R16_FLOAT, { 0, 0, 0 } },
    { DXGI_FORMAT_BC4_UNORM, { 0, 0, 0 } },
    { DXGI_FORMAT_BC5_UNORM, { 0, 0, 0 } },
    { DXGI_FORMAT_BC6H_UF16, { 0, 0, 0 } },
    { DXGI_FORMAT_BC7_UNORM, { 0, 0, 0 } },
    { DXGI_FORMAT_AYUV, { 0, 0, 0 } },
    { DXGI_FORMAT_NV12, { 0, 0, 0 } },
    { DXGI_FORMAT_420_OPAQUE, { 0, 0, 0 } },
    { DXGI_FORMAT_YUY2, { 0, 0, 0 } },
    { DXGI_FORMAT_P8, { 0, 0, 0 } },
    { (DXGI_FORMAT)200, { 0, 0, 0 } },
};

static void check_level(int li)
{
    ID3D11Device *dev = create_at(levels[li]);
    CHECK(dev != NULL);
    if (!dev)
        return;
    for (size_t i = 0; i < sizeof(expected) / sizeof(expected[0]); i++) {
        UINT got = 0xdeadbeef;
        HRESULT hr = ID3D11Device_CheckFormatSupport(dev, expected[i].format, &got);
        if (expected[i].bits[li]) {
            if (hr != S_OK || got != expected[i].bits[li])
                harness_fail(__FILE__, __LINE__, "level %d format %u: hr 0x%08x bits 0x%x, "
                             "expected S_OK 0x%x", li, (unsigned)expected[i].format,
                             (unsigned)hr, got, expected[i].bits[li]);
        } else {
            if (hr != E_FAIL || got != 0)
                harness_fail(__FILE__, __LINE__, "level %d format %u: hr 0x%08x bits 0x%x, "
                             "expected E_FAIL 0", li, (unsigned)expected[i].format,
                             (unsigned)hr, got);
        }
        CHECK_EQ(d3d11_format_support_bits(levels[li], expected[i].format), expected[i].bits[li]);
    }
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

TEST(seed004_CheckFormatSupport_9_1) { check_level(0); }
TEST(seed004_CheckFormatSupport_9_2) { check_level(1); }
TEST(seed004_CheckFormatSupport_9_3) { check_level(2); }

TEST(seed004_CheckFormatSupport_null_pointer)
{
    ID3D11Device *dev = create_at(D3D_FEATURE_LEVEL_9_1);
    CHECK(dev != NULL);
    if (!dev)
        return;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CheckFormatSupport(dev, DXGI_FORMAT_R8G8B8A8_UNORM, NULL),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "CheckFormatSupport: pFormatSupport is NULL");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

TEST(seed004_CheckFormatSupport_messages)
{
    ID3D11Device *dev = create_at(D3D_FEATURE_LEVEL_9_1);
    UINT bits;
    CHECK(dev != NULL);
    if (!dev)
        return;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CheckFormatSupport(dev, DXGI_FORMAT_BC4_UNORM, &bits), E_FAIL);
    CHECK_STR_CONTAINS(util_last_message(), "CheckFormatSupport: DXGI_FORMAT_BC4_UNORM (80) is "
                                            "not supported at feature level 9_1");
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CheckFormatSupport(dev, DXGI_FORMAT_R32_UINT, &bits), E_FAIL);
    CHECK_STR_CONTAINS(util_last_message(), "DXGI_FORMAT_R32_UINT (42) is not supported at "
                                            "feature level 9_1 (only from 9_2");
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CheckFormatSupport(dev, DXGI_FORMAT_NV12, &bits), E_FAIL);
    CHECK_STR_CONTAINS(util_last_message(), "video format");
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CheckFormatSupport(dev, (DXGI_FORMAT)0x1000, &bits), E_FAIL);
    CHECK_STR_CONTAINS(util_last_message(), "4096 is not a DXGI_FORMAT value");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* Properties every answer must have, at every level and for every DXGI format. */
TEST(seed004_CheckFormatSupport_consistency)
{
    for (int li = 0; li < 3; li++) {
        for (size_t i = 0; i < core_format_count(); i++) {
            const core_format_desc *d = core_format_at(i);
            DXGI_FORMAT f = (DXGI_FORMAT)d->id;
            UINT bits = d3d11_format_support_bits(levels[li], f);
            /* nothing withheld leaks out */
            CHECK_EQ(bits & (D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE |
                             D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET |
                             D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD |
                             D3D11_FORMAT_SUPPORT_VIDEO_PROCESSOR_OUTPUT |
                             D3D11_FORMAT_SUPPORT_VIDEO_PROCESSOR_INPUT |
                             D3D11_FORMAT_SUPPORT_DECODER_OUTPUT),
                     0);
            /* no 9_x level has buffers of typed formats, SO, 1D textures, comparison, gather */
            CHECK_EQ(bits & (D3D11_FORMAT_SUPPORT_BUFFER | D3D11_FORMAT_SUPPORT_SO_BUFFER |
                             D3D11_FORMAT_SUPPORT_TEXTURE1D |
                             D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON |
                             D3D11_FORMAT_SUPPORT_SHADER_GATHER |
                             D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW),
                     0);
            if (bits & (RT | DS | T3 | TC | MIP | SM))
                CHECK(bits & T2);
            if (bits & SM)
                CHECK(bits & LD);
            if (bits & BL)
                CHECK(bits & RT);
            if (bits & AG)
                CHECK((bits & (MIP | RT | T2)) == (MIP | RT | T2));
            if (d->d3d9_only || d->kind == CORE_FMT_VIDEO || d->kind == CORE_FMT_TYPELESS)
                CHECK_EQ(bits, 0);
            /* a higher 9_x level never takes anything away */
            if (li > 0) {
                UINT below = d3d11_format_support_bits(levels[li - 1], f);
                CHECK_EQ(bits & below, below);
            }
        }
    }
    /* 11_1 (the ordinary device, issues 11/15) takes 11_0's answers; below 9_1 nothing */
    CHECK_EQ(d3d11_format_support_bits(D3D_FEATURE_LEVEL_11_1, DXGI_FORMAT_R8G8B8A8_UNORM),
             d3d11_format_support_bits(D3D_FEATURE_LEVEL_11_0, DXGI_FORMAT_R8G8B8A8_UNORM));
    CHECK_EQ(d3d11_format_support_bits(D3D_FEATURE_LEVEL_11_1, DXGI_FORMAT_R32_FLOAT),
             d3d11_format_support_bits(D3D_FEATURE_LEVEL_11_0, DXGI_FORMAT_R32_FLOAT));
    CHECK_EQ(d3d11_format_support_bits((D3D_FEATURE_LEVEL)0x9000, DXGI_FORMAT_R8G8B8A8_UNORM), 0);
}

/* seed 004, CreateBuffer: only R16_UINT index buffers at 9_1; R16_UINT and R32_UINT from 9_2.
 * Resource creation reads IA_INDEX_BUFFER from d3d11_format_support_bits. */
TEST(seed004_CreateBuffer_index_format_9_1)
{
    CHECK(d3d11_format_support_bits(D3D_FEATURE_LEVEL_9_1, DXGI_FORMAT_R16_UINT) & IB);
    CHECK(!(d3d11_format_support_bits(D3D_FEATURE_LEVEL_9_1, DXGI_FORMAT_R32_UINT) & IB));
}
TEST(seed004_CreateBuffer_index_format_9_2)
{
    CHECK(d3d11_format_support_bits(D3D_FEATURE_LEVEL_9_2, DXGI_FORMAT_R16_UINT) & IB);
    CHECK(d3d11_format_support_bits(D3D_FEATURE_LEVEL_9_2, DXGI_FORMAT_R32_UINT) & IB);
}
TEST(seed004_CreateBuffer_index_format_9_3)
{
    CHECK(d3d11_format_support_bits(D3D_FEATURE_LEVEL_9_3, DXGI_FORMAT_R16_UINT) & IB);
    CHECK(d3d11_format_support_bits(D3D_FEATURE_LEVEL_9_3, DXGI_FORMAT_R32_UINT) & IB);
    /* and only those two are index formats */
    for (size_t i = 0; i < core_format_count(); i++) {
        DXGI_FORMAT f = (DXGI_FORMAT)core_format_at(i)->id;
        if (f != DXGI_FORMAT_R16_UINT && f != DXGI_FORMAT_R32_UINT)
            CHECK(!(d3d11_format_support_bits(D3D_FEATURE_LEVEL_9_3, f) & IB));
    }
}

/* ---- CheckFeatureSupport(FORMAT_SUPPORT, FORMAT_SUPPORT2) ---------------------------------- */

static void check_feature_level(int li)
{
    ID3D11Device *dev = create_at(levels[li]);
    CHECK(dev != NULL);
    if (!dev)
        return;
    for (size_t i = 0; i < sizeof(expected) / sizeof(expected[0]); i++) {
        D3D11_FEATURE_DATA_FORMAT_SUPPORT fs = { expected[i].format, 0xdeadbeef };
        D3D11_FEATURE_DATA_FORMAT_SUPPORT2 fs2 = { expected[i].format, 0xdeadbeef };
        HRESULT want = expected[i].bits[li] ? S_OK : E_FAIL;
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_FORMAT_SUPPORT, &fs,
                                                  sizeof(fs)), want);
        CHECK_EQ(fs.OutFormatSupport, expected[i].bits[li]);
        CHECK_EQ(fs.InFormat, expected[i].format);
        CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_FORMAT_SUPPORT2, &fs2,
                                                  sizeof(fs2)), want);
        CHECK_EQ(fs2.OutFormatSupport2, 0);   /* no UAV/typed/logic-op/tiled/shareable at 9_x */
    }
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

TEST(seed004_CheckFeatureSupport_format_support_9_1) { check_feature_level(0); }
TEST(seed004_CheckFeatureSupport_format_support_9_2) { check_feature_level(1); }
TEST(seed004_CheckFeatureSupport_format_support_9_3) { check_feature_level(2); }

/* seed 004, OpenSharedResource: R8G8B8A8_UNORM(_SRGB) are never shareable at 9_x. */
TEST(seed004_OpenSharedResource_shareable_format_support2)
{
    for (int li = 0; li < 3; li++) {
        ID3D11Device *dev = create_at(levels[li]);
        CHECK(dev != NULL);
        if (!dev)
            continue;
        static const DXGI_FORMAT f[] = { DXGI_FORMAT_R8G8B8A8_UNORM,
                                         DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
                                         DXGI_FORMAT_B8G8R8A8_UNORM, DXGI_FORMAT_BC1_UNORM };
        for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
            D3D11_FEATURE_DATA_FORMAT_SUPPORT2 fs2 = { f[i], D3D11_FORMAT_SUPPORT2_SHAREABLE };
            CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_FORMAT_SUPPORT2, &fs2,
                                                      sizeof(fs2)), S_OK);
            CHECK(!(fs2.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_SHAREABLE));
            CHECK_EQ(d3d11_format_support2_bits(levels[li], f[i]), 0);
        }
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
}

TEST(seed004_CheckFeatureSupport_format_size_rules)
{
    ID3D11Device *dev = create_at(D3D_FEATURE_LEVEL_9_2);
    D3D11_FEATURE_DATA_FORMAT_SUPPORT fs = { DXGI_FORMAT_R8G8B8A8_UNORM, 0 };
    D3D11_FEATURE_DATA_FORMAT_SUPPORT2 fs2 = { DXGI_FORMAT_R8G8B8A8_UNORM, 0 };
    CHECK(dev != NULL);
    if (!dev)
        return;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_FORMAT_SUPPORT, &fs, 4),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(),
                       "CheckFeatureSupport(D3D11_FEATURE_DATA_FORMAT_SUPPORT): "
                       "FeatureSupportDataSize 4 is not sizeof(D3D11_FEATURE_DATA_FORMAT_SUPPORT) "
                       "= 8");
    CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_FORMAT_SUPPORT, &fs,
                                              sizeof(fs) + 4), E_INVALIDARG);
    CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_FORMAT_SUPPORT, NULL,
                                              sizeof(fs)), E_INVALIDARG);
    CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_FORMAT_SUPPORT2, &fs2, 0),
             E_INVALIDARG);
    CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_FORMAT_SUPPORT2, NULL,
                                              sizeof(fs2)), E_INVALIDARG);
    CHECK_EQ(fs.OutFormatSupport, 0);   /* untouched by the refused calls */
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* ---- CheckMultisampleQualityLevels(1) ------------------------------------------------------ */

static void check_msaa_level(int li)
{
    ID3D11Device *dev = create_at(levels[li]);
    UINT q;
    CHECK(dev != NULL);
    if (!dev)
        return;
    /* 1 sample: 1 quality level on every renderable format */
    static const DXGI_FORMAT renderable[] = { DXGI_FORMAT_R8G8B8A8_UNORM,
                                              DXGI_FORMAT_B8G8R8A8_UNORM, DXGI_FORMAT_B5G6R5_UNORM,
                                              DXGI_FORMAT_A8_UNORM, DXGI_FORMAT_D24_UNORM_S8_UINT,
                                              DXGI_FORMAT_D16_UNORM };
    for (size_t i = 0; i < sizeof(renderable) / sizeof(renderable[0]); i++) {
        q = 77;
        CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, renderable[i], 1, &q), S_OK);
        CHECK_EQ(q, 1);
        /* more samples: none on the level's own profile (seed 004: MSAA not guaranteed) */
        for (UINT n = 2; n <= D3D11_MAX_MULTISAMPLE_SAMPLE_COUNT; n *= 2) {
            q = 77;
            CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, renderable[i], n, &q), S_OK);
            CHECK_EQ(q, 0);
        }
    }
    /* R16G16B16A16_FLOAT renders from 9_2 only */
    q = 77;
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_R16G16B16A16_FLOAT, 1,
                                                        &q), S_OK);
    CHECK_EQ(q, li >= 1 ? 1 : 0);
    /* not renderable: 0 */
    q = 77;
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_BC1_UNORM, 1, &q), S_OK);
    CHECK_EQ(q, 0);
    q = 77;
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_R9G9B9E5_SHAREDEXP, 1,
                                                        &q), S_OK);
    CHECK_EQ(q, 0);
    /* invalid arguments */
    q = 77;
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_R8G8B8A8_UNORM, 0, &q),
             E_INVALIDARG);
    CHECK_EQ(q, 0);
    q = 77;
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_R8G8B8A8_UNORM, 33, &q),
             E_INVALIDARG);
    CHECK_EQ(q, 0);
    q = 77;
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_UNKNOWN, 1, &q),
             E_INVALIDARG);
    CHECK_EQ(q, 0);
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, (DXGI_FORMAT)200, 1, &q),
             E_INVALIDARG);
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_R8G8B8A8_UNORM, 1, NULL),
             E_INVALIDARG);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

TEST(seed004_CheckMultisampleQualityLevels_9_1) { check_msaa_level(0); }
TEST(seed004_CheckMultisampleQualityLevels_9_2) { check_msaa_level(1); }
TEST(seed004_CheckMultisampleQualityLevels_9_3) { check_msaa_level(2); }

TEST(seed004_CheckMultisampleQualityLevels_message)
{
    ID3D11Device *dev = create_at(D3D_FEATURE_LEVEL_9_3);
    UINT q;
    CHECK(dev != NULL);
    if (!dev)
        return;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_R8G8B8A8_UNORM, 4, &q),
             S_OK);
    CHECK_STR_CONTAINS(util_last_message(), "CheckMultisampleQualityLevels: 4 samples are not "
                                            "offered by profile 9_3 at feature level 9_3");
    CHECK_STR_CONTAINS(util_last_message(), "seed 004");
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(dev, DXGI_FORMAT_R8G8B8A8_UNORM, 64, &q),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "SampleCount 64 is outside 1..32");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

TEST(seed004_CheckMultisampleQualityLevels1)
{
    for (int li = 0; li < 3; li++) {
        ID3D11Device *dev = create_at(levels[li]);
        ID3D11Device2 *dev2 = NULL;
        UINT q;
        CHECK(dev != NULL);
        if (!dev)
            continue;
        CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11Device2, (void **)&dev2), S_OK);
        if (dev2) {
            q = 77;
            CHECK_HR(ID3D11Device2_CheckMultisampleQualityLevels1(
                         dev2, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 0, &q), S_OK);
            CHECK_EQ(q, 1);
            q = 77;
            CHECK_HR(ID3D11Device2_CheckMultisampleQualityLevels1(
                         dev2, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0, &q), S_OK);
            CHECK_EQ(q, 0);
            /* tiled resources need 11_1 */
            q = 77;
            CHECK_HR(ID3D11Device2_CheckMultisampleQualityLevels1(
                         dev2, DXGI_FORMAT_R8G8B8A8_UNORM, 1,
                         D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_RESOURCE, &q), S_OK);
            CHECK_EQ(q, 0);
            /* unknown flag bits */
            q = 77;
            util_clear_last_message();
            CHECK_HR(ID3D11Device2_CheckMultisampleQualityLevels1(
                         dev2, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 2, &q), E_INVALIDARG);
            CHECK_EQ(q, 0);
            CHECK_STR_CONTAINS(util_last_message(), "CheckMultisampleQualityLevels1: Flags 0x2");
            CHECK_HR(ID3D11Device2_CheckMultisampleQualityLevels1(
                         dev2, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 0, NULL), E_INVALIDARG);
            ID3D11Device2_Release(dev2);
        }
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
}

/* ---- the export for the caps tool ---------------------------------------------------------- */

struct table_walk {
    D3D_FEATURE_LEVEL level;
    unsigned count;
    int last;
    int ordered, consistent, saw_rgba8, saw_r32_uint;
};

static void walk_cb(void *ctx, DXGI_FORMAT format, UINT support, UINT support2)
{
    struct table_walk *w = ctx;
    if ((int)format <= w->last)
        w->ordered = 0;
    w->last = (int)format;
    if (!support || support2 || support != d3d11_format_support_bits(w->level, format))
        w->consistent = 0;
    if (format == DXGI_FORMAT_R8G8B8A8_UNORM)
        w->saw_rgba8 = 1;
    if (format == DXGI_FORMAT_R32_UINT)
        w->saw_r32_uint = 1;
    w->count++;
}

TEST(d3d11_format_support_table_export)
{
    unsigned counts[3];
    for (int li = 0; li < 3; li++) {
        struct table_walk w = { levels[li], 0, -1, 1, 1, 0, 0 };
        d3d11_format_support_table(levels[li], walk_cb, &w);
        CHECK(w.ordered && w.consistent && w.saw_rgba8);
        CHECK_EQ(w.saw_r32_uint, li >= 1);
        counts[li] = w.count;
    }
    /* 9_2 adds R16G16B16A16_FLOAT/UNORM, R16G16_FLOAT/UNORM, R16_UNORM and R32_UINT */
    CHECK_EQ(counts[1], counts[0] + 6);
    CHECK_EQ(counts[2], counts[1]);
    d3d11_format_support_table(D3D_FEATURE_LEVEL_9_1, NULL, NULL);   /* no callback: no-op */
    CHECK(strcmp(d3d11_format_name(DXGI_FORMAT_BC3_UNORM_SRGB), "BC3_UNORM_SRGB") == 0);
    CHECK(strcmp(d3d11_format_name(DXGI_FORMAT_UNKNOWN), "UNKNOWN") == 0);
    CHECK(strcmp(d3d11_format_name((DXGI_FORMAT)0x1000), "(not a DXGI format)") == 0);
}
