/* tests/test_d3d11_state.c — CreateBlendState(1), CreateRasterizerState(1),
 * CreateDepthStencilState, CreateSamplerState (src/d3d11/state.c): the seed-004 rows at 9_1, 9_2
 * and 9_3 (tests named seed004_<method>_<rule>_<level>), the general D3D11 rules, the decisions
 * documented at the top of state.c, the objects (GetDesc, QueryInterface, GetDevice, reference
 * counts) and de-duplication. */
#define COBJMACROS
#include "harness.h"

#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>

#include "d3d11_2.h"
#include "d3d11/d3d11_state.h"
#include "util/log.h"

static const D3D_FEATURE_LEVEL L91 = D3D_FEATURE_LEVEL_9_1, L92 = D3D_FEATURE_LEVEL_9_2,
                               L93 = D3D_FEATURE_LEVEL_9_3;

static ID3D11Device *device_at(D3D_FEATURE_LEVEL level)
{
    ID3D11Device *dev = NULL;
    HRESULT hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                                   D3D11_SDK_VERSION, &dev, NULL, NULL);
    CHECK_HR(hr, S_OK);
    return SUCCEEDED(hr) ? dev : NULL;
}

static ID3D11Device1 *device1_of(ID3D11Device *dev)
{
    ID3D11Device1 *dev1 = NULL;
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11Device1, (void **)&dev1), S_OK);
    return dev1;
}

/* The documented defaults (CD3D11_*_DESC(D3D11_DEFAULT)). */
static D3D11_BLEND_DESC blend_default(void)
{
    D3D11_BLEND_DESC d;
    memset(&d, 0, sizeof(d));
    for (int i = 0; i < 8; i++) {
        D3D11_RENDER_TARGET_BLEND_DESC *rt = &d.RenderTarget[i];
        rt->BlendEnable = FALSE;
        rt->SrcBlend = rt->SrcBlendAlpha = D3D11_BLEND_ONE;
        rt->DestBlend = rt->DestBlendAlpha = D3D11_BLEND_ZERO;
        rt->BlendOp = rt->BlendOpAlpha = D3D11_BLEND_OP_ADD;
        rt->RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    }
    return d;
}

/* Classic alpha blending on every render target. */
static D3D11_BLEND_DESC blend_alpha(void)
{
    D3D11_BLEND_DESC d = blend_default();
    for (int i = 0; i < 8; i++) {
        d.RenderTarget[i].BlendEnable = TRUE;
        d.RenderTarget[i].SrcBlend = D3D11_BLEND_SRC_ALPHA;
        d.RenderTarget[i].DestBlend = D3D11_BLEND_INV_SRC_ALPHA;
    }
    return d;
}

static D3D11_BLEND_DESC1 blend1_default(void)
{
    D3D11_BLEND_DESC1 d;
    memset(&d, 0, sizeof(d));
    for (int i = 0; i < 8; i++) {
        D3D11_RENDER_TARGET_BLEND_DESC1 *rt = &d.RenderTarget[i];
        rt->SrcBlend = rt->SrcBlendAlpha = D3D11_BLEND_ONE;
        rt->DestBlend = rt->DestBlendAlpha = D3D11_BLEND_ZERO;
        rt->BlendOp = rt->BlendOpAlpha = D3D11_BLEND_OP_ADD;
        rt->LogicOp = D3D11_LOGIC_OP_NOOP;
        rt->RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    }
    return d;
}

static D3D11_RASTERIZER_DESC rasterizer_default(void)
{
    D3D11_RASTERIZER_DESC d = { D3D11_FILL_SOLID, D3D11_CULL_BACK, FALSE, 0, 0.0f, 0.0f,
                                TRUE, FALSE, FALSE, FALSE };
    return d;
}

static D3D11_DEPTH_STENCIL_DESC depth_stencil_default(void)
{
    D3D11_DEPTH_STENCIL_DESC d;
    memset(&d, 0, sizeof(d));
    d.DepthEnable = TRUE;
    d.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
    d.DepthFunc = D3D11_COMPARISON_LESS;
    d.StencilEnable = FALSE;
    d.StencilReadMask = D3D11_DEFAULT_STENCIL_READ_MASK;
    d.StencilWriteMask = D3D11_DEFAULT_STENCIL_WRITE_MASK;
    d.FrontFace.StencilFailOp = d.FrontFace.StencilDepthFailOp = d.FrontFace.StencilPassOp =
        D3D11_STENCIL_OP_KEEP;
    d.FrontFace.StencilFunc = D3D11_COMPARISON_ALWAYS;
    d.BackFace = d.FrontFace;
    return d;
}

static D3D11_SAMPLER_DESC sampler_default(void)
{
    D3D11_SAMPLER_DESC d;
    memset(&d, 0, sizeof(d));
    d.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR;
    d.AddressU = d.AddressV = d.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
    d.MipLODBias = 0.0f;
    d.MaxAnisotropy = 1;
    d.ComparisonFunc = D3D11_COMPARISON_NEVER;
    d.BorderColor[0] = d.BorderColor[1] = d.BorderColor[2] = d.BorderColor[3] = 1.0f;
    d.MinLOD = -FLT_MAX;
    d.MaxLOD = D3D11_FLOAT32_MAX;
    return d;
}

/* Each helper: create, check the HRESULT; on success check the description round-trips (where
 * `roundtrip`), release and expect 0 (nothing else holds the object); on failure check the
 * out-pointer was cleared and, if `needle`, the message. */
static void expect_blend(ID3D11Device *dev, const D3D11_BLEND_DESC *d, HRESULT want,
                         const char *needle)
{
    ID3D11BlendState *s = (ID3D11BlendState *)(uintptr_t)1;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateBlendState(dev, d, &s), want);
    if (SUCCEEDED(want)) {
        if (s)
            CHECK_EQ(ID3D11BlendState_Release(s), 0);
    } else {
        CHECK(s == NULL);
        if (needle)
            CHECK_STR_CONTAINS(util_last_message(), needle);
    }
}

static void expect_blend1(ID3D11Device *dev, const D3D11_BLEND_DESC1 *d, HRESULT want,
                          const char *needle)
{
    ID3D11Device1 *dev1 = device1_of(dev);
    ID3D11BlendState1 *s = (ID3D11BlendState1 *)(uintptr_t)1;
    if (!dev1)
        return;
    util_clear_last_message();
    CHECK_HR(ID3D11Device1_CreateBlendState1(dev1, d, &s), want);
    if (SUCCEEDED(want)) {
        if (s)
            CHECK_EQ(ID3D11BlendState1_Release(s), 0);
    } else {
        CHECK(s == NULL);
        if (needle)
            CHECK_STR_CONTAINS(util_last_message(), needle);
    }
    ID3D11Device1_Release(dev1);
}

static void expect_rasterizer(ID3D11Device *dev, const D3D11_RASTERIZER_DESC *d, HRESULT want,
                              const char *needle)
{
    ID3D11RasterizerState *s = (ID3D11RasterizerState *)(uintptr_t)1;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateRasterizerState(dev, d, &s), want);
    if (SUCCEEDED(want)) {
        D3D11_RASTERIZER_DESC got;
        if (!s)
            return;
        ID3D11RasterizerState_GetDesc(s, &got);
        CHECK(!memcmp(&got, d, sizeof(got)));
        CHECK_EQ(ID3D11RasterizerState_Release(s), 0);
    } else {
        CHECK(s == NULL);
        if (needle)
            CHECK_STR_CONTAINS(util_last_message(), needle);
    }
}

static void expect_rasterizer1(ID3D11Device *dev, const D3D11_RASTERIZER_DESC1 *d, HRESULT want,
                               const char *needle)
{
    ID3D11Device1 *dev1 = device1_of(dev);
    ID3D11RasterizerState1 *s = (ID3D11RasterizerState1 *)(uintptr_t)1;
    if (!dev1)
        return;
    util_clear_last_message();
    CHECK_HR(ID3D11Device1_CreateRasterizerState1(dev1, d, &s), want);
    if (SUCCEEDED(want)) {
        D3D11_RASTERIZER_DESC1 got;
        if (s) {
            ID3D11RasterizerState1_GetDesc1(s, &got);
            CHECK(!memcmp(&got, d, sizeof(got)));
            CHECK_EQ(ID3D11RasterizerState1_Release(s), 0);
        }
    } else {
        CHECK(s == NULL);
        if (needle)
            CHECK_STR_CONTAINS(util_last_message(), needle);
    }
    ID3D11Device1_Release(dev1);
}

static void expect_depth_stencil(ID3D11Device *dev, const D3D11_DEPTH_STENCIL_DESC *d,
                                 HRESULT want, const char *needle)
{
    ID3D11DepthStencilState *s = (ID3D11DepthStencilState *)(uintptr_t)1;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateDepthStencilState(dev, d, &s), want);
    if (SUCCEEDED(want)) {
        D3D11_DEPTH_STENCIL_DESC got;
        if (!s)
            return;
        ID3D11DepthStencilState_GetDesc(s, &got);
        CHECK_EQ(got.DepthEnable, d->DepthEnable);
        CHECK_EQ(got.DepthWriteMask, d->DepthWriteMask);
        CHECK_EQ(got.DepthFunc, d->DepthFunc);
        CHECK_EQ(got.StencilEnable, d->StencilEnable);
        CHECK_EQ(got.StencilReadMask, d->StencilReadMask);
        CHECK_EQ(got.StencilWriteMask, d->StencilWriteMask);
        CHECK(!memcmp(&got.FrontFace, &d->FrontFace, sizeof(got.FrontFace)));
        CHECK(!memcmp(&got.BackFace, &d->BackFace, sizeof(got.BackFace)));
        CHECK_EQ(ID3D11DepthStencilState_Release(s), 0);
    } else {
        CHECK(s == NULL);
        if (needle)
            CHECK_STR_CONTAINS(util_last_message(), needle);
    }
}

static void expect_sampler(ID3D11Device *dev, const D3D11_SAMPLER_DESC *d, HRESULT want,
                           const char *needle)
{
    ID3D11SamplerState *s = (ID3D11SamplerState *)(uintptr_t)1;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, d, &s), want);
    if (SUCCEEDED(want)) {
        D3D11_SAMPLER_DESC got;
        if (!s)
            return;
        ID3D11SamplerState_GetDesc(s, &got);
        CHECK(!memcmp(&got, d, sizeof(got)));
        CHECK_EQ(ID3D11SamplerState_Release(s), 0);
    } else {
        CHECK(s == NULL);
        if (needle)
            CHECK_STR_CONTAINS(util_last_message(), needle);
    }
}

/* One test per level for a row: TEST(<row>_9_1) { row(L91); } ... */
#define PER_LEVEL(row)                                                                        \
    static void row(D3D_FEATURE_LEVEL level);                                                 \
    TEST(row##_9_1) { row(L91); }                                                             \
    TEST(row##_9_2) { row(L92); }                                                             \
    TEST(row##_9_3) { row(L93); }                                                             \
    static void row(D3D_FEATURE_LEVEL level)

#define WITH_DEVICE(dev, level)                                                               \
    ID3D11Device *dev = device_at(level);                                                     \
    if (!dev)                                                                                 \
        return

static const char *level_str(D3D_FEATURE_LEVEL l)
{
    return l == L91 ? "9_1" : l == L92 ? "9_2" : "9_3";
}

/* =============================================================================================
 * CreateBlendState — seed 004 rows.
 * =========================================================================================== */

PER_LEVEL(seed004_CreateBlendState_alpha_to_coverage)
{
    WITH_DEVICE(dev, level);
    D3D11_BLEND_DESC d = blend_default();
    char want[96];
    expect_blend(dev, &d, S_OK, NULL);
    d.AlphaToCoverageEnable = TRUE;
    snprintf(want, sizeof(want), "AlphaToCoverageEnable must be FALSE at feature level %s "
             "(seed 004)", level_str(level));
    expect_blend(dev, &d, E_INVALIDARG, want);
    CHECK_STR_CONTAINS(util_last_message(), "CreateBlendState: ");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

PER_LEVEL(seed004_CreateBlendState_first_four_blend_enable)
{
    WITH_DEVICE(dev, level);
    D3D11_BLEND_DESC d = blend_alpha();
    d.IndependentBlendEnable = TRUE;
    expect_blend(dev, &d, S_OK, NULL);          /* all four enabled */
    d.RenderTarget[4].BlendEnable = FALSE;       /* beyond the first four: free */
    expect_blend(dev, &d, S_OK, NULL);
    d.RenderTarget[2].BlendEnable = FALSE;
    expect_blend(dev, &d, E_INVALIDARG,
                 "RenderTarget[2].BlendEnable FALSE differs from RenderTarget[0].BlendEnable "
                 "TRUE");
    CHECK_STR_CONTAINS(util_last_message(), "(seed 004)");
    for (int i = 0; i < 8; i++)
        d.RenderTarget[i].BlendEnable = FALSE;   /* all four disabled */
    expect_blend(dev, &d, S_OK, NULL);
    d.RenderTarget[3].BlendEnable = TRUE;
    expect_blend(dev, &d, E_INVALIDARG, "RenderTarget[3].BlendEnable TRUE");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* 9_2: the first four RenderTargetWriteMask equal; 9_1 by decision (state.c); 9_3 independent. */
PER_LEVEL(seed004_CreateBlendState_first_four_write_masks)
{
    WITH_DEVICE(dev, level);
    D3D11_BLEND_DESC d = blend_default();
    d.IndependentBlendEnable = TRUE;
    expect_blend(dev, &d, S_OK, NULL);
    d.RenderTarget[5].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_RED;   /* not in 0..3 */
    expect_blend(dev, &d, S_OK, NULL);
    d.RenderTarget[1].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_RED;
    if (level == L93) {
        expect_blend(dev, &d, S_OK, NULL);
    } else {
        char want[64];
        expect_blend(dev, &d, E_INVALIDARG,
                     "RenderTarget[1].RenderTargetWriteMask 0x1 differs from "
                     "RenderTarget[0].RenderTargetWriteMask 0xf");
        snprintf(want, sizeof(want), "feature level %s", level_str(level));
        CHECK_STR_CONTAINS(util_last_message(), want);
    }
    /* IndependentBlendEnable FALSE: RenderTarget[1..7] are ignored, whatever they hold. */
    d.IndependentBlendEnable = FALSE;
    expect_blend(dev, &d, S_OK, NULL);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

PER_LEVEL(seed004_CreateBlendState_src_alpha_sat)
{
    WITH_DEVICE(dev, level);
    static const char *const field[4] = { "SrcBlend", "DestBlend", "SrcBlendAlpha",
                                          "DestBlendAlpha" };
    for (int slot = 0; slot < 4; slot++) {
        D3D11_BLEND_DESC d = blend_alpha();
        D3D11_BLEND *f[4] = { &d.RenderTarget[0].SrcBlend, &d.RenderTarget[0].DestBlend,
                              &d.RenderTarget[0].SrcBlendAlpha,
                              &d.RenderTarget[0].DestBlendAlpha };
        char want[96];
        *f[slot] = D3D11_BLEND_SRC_ALPHA_SAT;
        snprintf(want, sizeof(want), "RenderTarget[0].%s D3D11_BLEND_SRC_ALPHA_SAT is not "
                 "supported at feature level %s (seed 004)", field[slot], level_str(level));
        expect_blend(dev, &d, E_INVALIDARG, want);
        /* decision: a disabled render target's factors are not used, hence not refused */
        d.RenderTarget[0].BlendEnable = FALSE;
        for (int i = 1; i < 8; i++)
            d.RenderTarget[i].BlendEnable = FALSE;
        expect_blend(dev, &d, S_OK, NULL);
    }
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

PER_LEVEL(seed004_CreateBlendState_dual_source)
{
    WITH_DEVICE(dev, level);
    static const D3D11_BLEND src1[] = { D3D11_BLEND_SRC1_COLOR, D3D11_BLEND_INV_SRC1_COLOR,
                                        D3D11_BLEND_SRC1_ALPHA, D3D11_BLEND_INV_SRC1_ALPHA };
    for (int i = 0; i < 4; i++) {
        D3D11_BLEND_DESC d = blend_alpha();
        d.RenderTarget[0].SrcBlend = src1[i];
        expect_blend(dev, &d, E_INVALIDARG, "dual-source blending is not supported");
        d = blend_alpha();
        d.RenderTarget[0].DestBlend = src1[i];
        expect_blend(dev, &d, E_INVALIDARG, "RenderTarget[0].DestBlend D3D11_BLEND_");
        CHECK_STR_CONTAINS(util_last_message(), "(seed 004)");
    }
    /* decision: the alpha slots too (only the _ALPHA ones are valid there in general) */
    D3D11_BLEND_DESC d = blend_alpha();
    d.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_SRC1_ALPHA;
    expect_blend(dev, &d, E_INVALIDARG, "SrcBlendAlpha D3D11_BLEND_SRC1_ALPHA: dual-source");
    d = blend_alpha();
    d.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_INV_SRC1_ALPHA;
    expect_blend(dev, &d, E_INVALIDARG, "DestBlendAlpha D3D11_BLEND_INV_SRC1_ALPHA");
    /* every other factor is accepted */
    d = blend_alpha();
    d.RenderTarget[0].SrcBlend = D3D11_BLEND_DEST_COLOR;
    d.RenderTarget[0].DestBlend = D3D11_BLEND_INV_BLEND_FACTOR;
    d.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_BLEND_FACTOR;
    d.RenderTarget[0].BlendOp = D3D11_BLEND_OP_REV_SUBTRACT;
    d.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_MAX;
    expect_blend(dev, &d, S_OK, NULL);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* CreateBlendState1 "not supported" at 9_x = no logic operations (decision, state.c). */
PER_LEVEL(seed004_CreateBlendState1_logic_ops)
{
    WITH_DEVICE(dev, level);
    D3D11_BLEND_DESC1 d = blend1_default();
    char want[96];
    expect_blend1(dev, &d, S_OK, NULL);
    d.RenderTarget[0].BlendEnable = TRUE;
    d.RenderTarget[0].SrcBlend = D3D11_BLEND_SRC_ALPHA;
    expect_blend1(dev, &d, S_OK, NULL);
    d = blend1_default();
    d.RenderTarget[0].LogicOpEnable = TRUE;
    d.RenderTarget[0].LogicOp = D3D11_LOGIC_OP_XOR;
    snprintf(want, sizeof(want), "logic operations (OutputMergerLogicOp) are not supported at "
             "feature level %s", level_str(level));
    expect_blend1(dev, &d, E_INVALIDARG, want);
    CHECK_STR_CONTAINS(util_last_message(), "CreateBlendState1: RenderTarget[0].LogicOpEnable");
    CHECK_STR_CONTAINS(util_last_message(), "(seed 004)");
    /* the 9_x blend rows apply to CreateBlendState1 as well */
    d = blend1_default();
    d.AlphaToCoverageEnable = TRUE;
    expect_blend1(dev, &d, E_INVALIDARG, "CreateBlendState1: AlphaToCoverageEnable must be FALSE");
    d = blend1_default();
    d.RenderTarget[0].BlendEnable = TRUE;
    d.RenderTarget[0].DestBlend = D3D11_BLEND_SRC_ALPHA_SAT;
    expect_blend1(dev, &d, E_INVALIDARG, "D3D11_BLEND_SRC_ALPHA_SAT is not supported");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* =============================================================================================
 * CreateBlendState — general rules and the object.
 * =========================================================================================== */

TEST(d3d11_blend_general_rules)
{
    WITH_DEVICE(dev, L93);
    D3D11_BLEND_DESC d = blend_alpha();
    d.RenderTarget[0].SrcBlend = (D3D11_BLEND)12;
    expect_blend(dev, &d, E_INVALIDARG, "RenderTarget[0].SrcBlend 12 is not a D3D11_BLEND value");
    d = blend_alpha();
    d.RenderTarget[0].DestBlend = (D3D11_BLEND)0;
    expect_blend(dev, &d, E_INVALIDARG, "DestBlend 0 is not a D3D11_BLEND value");
    d = blend_alpha();
    d.RenderTarget[0].BlendOp = (D3D11_BLEND_OP)6;
    expect_blend(dev, &d, E_INVALIDARG, "BlendOp 6 is not a D3D11_BLEND_OP value");
    d = blend_alpha();
    d.RenderTarget[0].BlendOpAlpha = (D3D11_BLEND_OP)0;
    expect_blend(dev, &d, E_INVALIDARG, "BlendOpAlpha 0");
    d = blend_alpha();
    d.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_SRC_COLOR;
    expect_blend(dev, &d, E_INVALIDARG, "factors ending in _COLOR are not allowed for alpha");
    d = blend_alpha();
    d.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_INV_DEST_COLOR;
    expect_blend(dev, &d, E_INVALIDARG, "DestBlendAlpha D3D11_BLEND_INV_DEST_COLOR");
    d = blend_default();
    d.RenderTarget[0].RenderTargetWriteMask = 0x10;
    expect_blend(dev, &d, E_INVALIDARG, "RenderTargetWriteMask 0x10 has bits outside");
    /* a disabled render target's factors are not used: not validated */
    d = blend_default();
    d.RenderTarget[0].SrcBlend = (D3D11_BLEND)0;
    d.RenderTarget[0].BlendOp = (D3D11_BLEND_OP)99;
    expect_blend(dev, &d, S_OK, NULL);
    /* zeroed RenderTarget[1..7] with IndependentBlendEnable FALSE: ignored */
    memset(&d, 0, sizeof(d));
    d.RenderTarget[0] = blend_alpha().RenderTarget[0];
    expect_blend(dev, &d, S_OK, NULL);
    /* ... but validated when IndependentBlendEnable is TRUE */
    d.IndependentBlendEnable = TRUE;
    expect_blend(dev, &d, E_INVALIDARG, "RenderTarget[1].BlendEnable FALSE differs");
    d.RenderTarget[7] = d.RenderTarget[0];
    d.RenderTarget[1] = d.RenderTarget[2] = d.RenderTarget[3] = d.RenderTarget[0];
    d.RenderTarget[6].RenderTargetWriteMask = 0x20;
    expect_blend(dev, &d, E_INVALIDARG, "RenderTarget[6].RenderTargetWriteMask 0x20");
    /* D3D11_RENDER_TARGET_BLEND_DESC1: BlendEnable and LogicOpEnable both TRUE is invalid */
    D3D11_BLEND_DESC1 d1 = blend1_default();
    d1.RenderTarget[0].BlendEnable = TRUE;
    d1.RenderTarget[0].LogicOpEnable = TRUE;
    expect_blend1(dev, &d1, E_INVALIDARG, "both BlendEnable and LogicOpEnable TRUE");
    d1.RenderTarget[0].BlendEnable = FALSE;
    d1.RenderTarget[0].LogicOp = (D3D11_LOGIC_OP)16;
    expect_blend1(dev, &d1, E_INVALIDARG, "LogicOp 16 is not a D3D11_LOGIC_OP value");
    /* NULL description; NULL out-pointer validates only */
    ID3D11BlendState *s = (ID3D11BlendState *)(uintptr_t)1;
    CHECK_HR(ID3D11Device_CreateBlendState(dev, NULL, &s), E_INVALIDARG);
    CHECK(s == NULL);
    d = blend_default();
    CHECK_HR(ID3D11Device_CreateBlendState(dev, &d, NULL), S_FALSE);
    d.AlphaToCoverageEnable = TRUE;
    CHECK_HR(ID3D11Device_CreateBlendState(dev, &d, NULL), E_INVALIDARG);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

TEST(d3d11_blend_object)
{
    WITH_DEVICE(dev, L93);
    D3D11_BLEND_DESC d = blend_alpha(), got;
    D3D11_BLEND_DESC1 got1;
    ID3D11BlendState *s = NULL, *s2 = NULL;
    ID3D11BlendState1 *s1 = NULL;
    ID3D11DeviceChild *child = NULL;
    ID3D11Device *owner = NULL;
    IUnknown *unk = NULL;

    d.IndependentBlendEnable = TRUE;
    d.RenderTarget[5].BlendEnable = FALSE;
    d.RenderTarget[6].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_GREEN;
    CHECK_HR(ID3D11Device_CreateBlendState(dev, &d, &s), S_OK);
    if (!s)
        return;
    ID3D11BlendState_GetDesc(s, &got);
    CHECK(!memcmp(&got, &d, sizeof(got)));
    CHECK_HR(ID3D11BlendState_QueryInterface(s, &IID_ID3D11BlendState1, (void **)&s1), S_OK);
    CHECK((void *)s1 == (void *)s);
    ID3D11BlendState1_GetDesc1(s1, &got1);
    CHECK_EQ(got1.RenderTarget[0].LogicOpEnable, FALSE);
    CHECK_EQ(got1.RenderTarget[0].LogicOp, D3D11_LOGIC_OP_NOOP);
    CHECK_EQ(got1.RenderTarget[6].RenderTargetWriteMask, D3D11_COLOR_WRITE_ENABLE_GREEN);
    CHECK_HR(ID3D11BlendState_QueryInterface(s, &IID_ID3D11DeviceChild, (void **)&child), S_OK);
    CHECK_HR(ID3D11BlendState_QueryInterface(s, &IID_IUnknown, (void **)&unk), S_OK);
    CHECK_HR(ID3D11BlendState_QueryInterface(s, &IID_ID3D11SamplerState, (void **)&s2),
             E_NOINTERFACE);
    CHECK(s2 == NULL);
    ID3D11BlendState_GetDevice(s, &owner);
    CHECK(owner == dev);
    if (owner)
        ID3D11Device_Release(owner);
    /* the pipeline's accessor sees the stored description; other kinds answer NULL */
    CHECK(d3d11_blend_state_desc(s) != NULL);
    CHECK(d3d11_sampler_state_desc((ID3D11SamplerState *)s) == NULL);
    CHECK(d3d11_blend_state_desc(NULL) == NULL);
    if (unk)
        IUnknown_Release(unk);
    if (child)
        ID3D11DeviceChild_Release(child);
    if (s1)
        ID3D11BlendState1_Release(s1);
    CHECK_EQ(ID3D11BlendState_Release(s), 0);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* IndependentBlendEnable FALSE: RenderTarget[0] is replicated (D3D10_1_DDI_BLEND_DESC), so GetDesc
 * returns the effective state and descriptions differing only in ignored members de-duplicate. */
TEST(d3d11_blend_replicates_render_target_0)
{
    WITH_DEVICE(dev, L91);
    D3D11_BLEND_DESC a, b, got;
    ID3D11BlendState *sa = NULL, *sb = NULL;
    memset(&a, 0, sizeof(a));
    a.RenderTarget[0] = blend_alpha().RenderTarget[0];
    b = a;
    b.RenderTarget[3].BlendEnable = TRUE;
    b.RenderTarget[3].RenderTargetWriteMask = 0x3;
    CHECK_HR(ID3D11Device_CreateBlendState(dev, &a, &sa), S_OK);
    CHECK_HR(ID3D11Device_CreateBlendState(dev, &b, &sb), S_OK);
    CHECK(sa == sb);
    if (sa) {
        const D3D11_BLEND_DESC1 *eff = d3d11_blend_state_desc(sa);
        ID3D11BlendState_GetDesc(sa, &got);
        for (int i = 0; i < 8; i++)
            CHECK(!memcmp(&got.RenderTarget[i], &a.RenderTarget[0], sizeof(got.RenderTarget[i])));
        CHECK(eff && eff->RenderTarget[7].BlendEnable && eff->RenderTarget[7].SrcBlend ==
              D3D11_BLEND_SRC_ALPHA);
        CHECK_EQ(ID3D11BlendState_Release(sa), 1);
    }
    if (sb)
        CHECK_EQ(ID3D11BlendState_Release(sb), 0);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* Issue 11 part 10: identical descriptions return the same object at every level the device
 * offers, the 11_1 device (profile 11_1-tiled, whose only state objects are samplers) included. */
TEST(issue11_state_dedup_at_11_1)
{
    static const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
    D3D11_SAMPLER_DESC d = { D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                             D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    ID3D11SamplerState *a = NULL, *b = NULL, *c = NULL;
    ID3D11Device *dev = NULL;
    setenv("SOFTD3D_PROFILE", "11_1-tiled", 1);
    HRESULT hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                                   D3D11_SDK_VERSION, &dev, NULL, NULL);
    unsetenv("SOFTD3D_PROFILE");
    CHECK_HR(hr, S_OK);
    if (!dev)
        return;
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &d, &a), S_OK);
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &d, &b), S_OK);
    CHECK(a && a == b);
    d.AddressU = D3D11_TEXTURE_ADDRESS_WRAP;   /* another description, another object */
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &d, &c), S_OK);
    CHECK(c && c != a);
    if (b)
        CHECK_EQ(ID3D11SamplerState_Release(b), 1);
    if (a)
        CHECK_EQ(ID3D11SamplerState_Release(a), 0);
    if (c)
        CHECK_EQ(ID3D11SamplerState_Release(c), 0);
    /* gone: a fresh object with one reference */
    d.AddressU = D3D11_TEXTURE_ADDRESS_CLAMP;
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &d, &a), S_OK);
    if (a)
        CHECK_EQ(ID3D11SamplerState_Release(a), 0);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* Documented: identical descriptions return the same object with its count incremented. */
TEST(d3d11_state_dedup_same_object)
{
    WITH_DEVICE(dev, L92);
    ID3D11Device1 *dev1 = device1_of(dev);
    D3D11_BLEND_DESC bd = blend_alpha();
    D3D11_BLEND_DESC1 bd1 = blend1_default();
    ID3D11BlendState *b0 = NULL, *b1 = NULL;
    ID3D11BlendState1 *b2 = NULL;
    if (!dev1)
        return;
    CHECK_HR(ID3D11Device_CreateBlendState(dev, &bd, &b0), S_OK);
    CHECK_HR(ID3D11Device_CreateBlendState(dev, &bd, &b1), S_OK);
    CHECK(b0 && b0 == b1);
    /* CreateBlendState1 without logic ops = CreateBlendState: the same object */
    for (int i = 0; i < 8; i++) {
        bd1.RenderTarget[i].BlendEnable = TRUE;
        bd1.RenderTarget[i].SrcBlend = D3D11_BLEND_SRC_ALPHA;
        bd1.RenderTarget[i].DestBlend = D3D11_BLEND_INV_SRC_ALPHA;
    }
    CHECK_HR(ID3D11Device1_CreateBlendState1(dev1, &bd1, &b2), S_OK);
    CHECK((void *)b2 == (void *)b0);
    if (b2)
        CHECK_EQ(ID3D11BlendState1_Release(b2), 2);
    if (b1)
        CHECK_EQ(ID3D11BlendState_Release(b1), 1);
    if (b0)
        CHECK_EQ(ID3D11BlendState_Release(b0), 0);
    /* gone: the next creation makes a fresh object with one reference */
    CHECK_HR(ID3D11Device_CreateBlendState(dev, &bd, &b0), S_OK);
    if (b0)
        CHECK_EQ(ID3D11BlendState_Release(b0), 0);

    /* the rasterizer pair, with ForcedSampleCount 0 */
    D3D11_RASTERIZER_DESC rd = rasterizer_default();
    D3D11_RASTERIZER_DESC1 rd1;
    ID3D11RasterizerState *r0 = NULL;
    ID3D11RasterizerState1 *r1 = NULL;
    memcpy(&rd1, &rd, sizeof(rd));
    rd1.ForcedSampleCount = 0;
    CHECK_HR(ID3D11Device_CreateRasterizerState(dev, &rd, &r0), S_OK);
    CHECK_HR(ID3D11Device1_CreateRasterizerState1(dev1, &rd1, &r1), S_OK);
    CHECK((void *)r0 == (void *)r1);
    rd.CullMode = D3D11_CULL_NONE;   /* different description, different object */
    ID3D11RasterizerState *r2 = NULL;
    CHECK_HR(ID3D11Device_CreateRasterizerState(dev, &rd, &r2), S_OK);
    CHECK(r2 && r2 != r0);
    if (r2)
        CHECK_EQ(ID3D11RasterizerState_Release(r2), 0);
    if (r1)
        CHECK_EQ(ID3D11RasterizerState1_Release(r1), 1);
    if (r0)
        CHECK_EQ(ID3D11RasterizerState_Release(r0), 0);

    /* depth-stencil: padding bytes never matter */
    D3D11_DEPTH_STENCIL_DESC da, db;
    ID3D11DepthStencilState *d0 = NULL, *d1 = NULL;
    memset(&da, 0xab, sizeof(da));
    memset(&db, 0x37, sizeof(db));
    D3D11_DEPTH_STENCIL_DESC def = depth_stencil_default();
    da.DepthEnable = db.DepthEnable = def.DepthEnable;
    da.DepthWriteMask = db.DepthWriteMask = def.DepthWriteMask;
    da.DepthFunc = db.DepthFunc = def.DepthFunc;
    da.StencilEnable = db.StencilEnable = def.StencilEnable;
    da.StencilReadMask = db.StencilReadMask = def.StencilReadMask;
    da.StencilWriteMask = db.StencilWriteMask = def.StencilWriteMask;
    da.FrontFace = db.FrontFace = def.FrontFace;
    da.BackFace = db.BackFace = def.BackFace;
    CHECK_HR(ID3D11Device_CreateDepthStencilState(dev, &da, &d0), S_OK);
    CHECK_HR(ID3D11Device_CreateDepthStencilState(dev, &db, &d1), S_OK);
    CHECK(d0 && d0 == d1);
    if (d1)
        CHECK_EQ(ID3D11DepthStencilState_Release(d1), 1);
    if (d0)
        CHECK_EQ(ID3D11DepthStencilState_Release(d0), 0);

    /* samplers; and objects of two devices are never shared */
    D3D11_SAMPLER_DESC sd = sampler_default();
    ID3D11SamplerState *s0 = NULL, *s1 = NULL, *s2 = NULL;
    ID3D11Device *other = device_at(L92);
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &sd, &s0), S_OK);
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &sd, &s1), S_OK);
    CHECK(s0 && s0 == s1);
    if (other) {
        CHECK_HR(ID3D11Device_CreateSamplerState(other, &sd, &s2), S_OK);
        CHECK(s2 && s2 != s0);
        if (s2)
            CHECK_EQ(ID3D11SamplerState_Release(s2), 0);
        CHECK_EQ(ID3D11Device_Release(other), 0);
    }
    if (s1)
        CHECK_EQ(ID3D11SamplerState_Release(s1), 1);
    if (s0)
        CHECK_EQ(ID3D11SamplerState_Release(s0), 0);

    ID3D11Device1_Release(dev1);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* Documented: at most 4096 unique objects of a kind per device. */
TEST(d3d11_state_unique_object_limit)
{
    WITH_DEVICE(dev, L93);
    enum { N = D3D11_REQ_SAMPLER_OBJECT_COUNT_PER_DEVICE };
    ID3D11SamplerState **s = calloc(N + 1, sizeof(*s));
    D3D11_SAMPLER_DESC d = sampler_default();
    int made = 0;
    if (!s)
        return;
    for (int i = 0; i < N; i++) {
        d.MinLOD = (float)i;   /* integral, as 9_x requires */
        if (FAILED(ID3D11Device_CreateSamplerState(dev, &d, &s[i])))
            break;
        made++;
    }
    CHECK_EQ(made, N);
    d.MinLOD = (float)N;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &d, &s[N]),
             D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS);
    CHECK(s[N] == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "4096 unique sampler-state objects");
    /* an existing description is still returned; other kinds are unaffected */
    d.MinLOD = 7.0f;
    ID3D11SamplerState *again = NULL;
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &d, &again), S_OK);
    CHECK(again == s[7]);
    if (again)
        ID3D11SamplerState_Release(again);
    D3D11_BLEND_DESC bd = blend_default();
    expect_blend(dev, &bd, S_OK, NULL);
    for (int i = 0; i < made; i++)
        CHECK_EQ(ID3D11SamplerState_Release(s[i]), 0);
    /* room again */
    d.MinLOD = (float)N;
    expect_sampler(dev, &d, S_OK, NULL);
    free(s);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* =============================================================================================
 * CreateRasterizerState(1).
 * =========================================================================================== */

PER_LEVEL(seed004_CreateRasterizerState_depth_clip_enable)
{
    WITH_DEVICE(dev, level);
    D3D11_RASTERIZER_DESC d = rasterizer_default();
    char want[96];
    expect_rasterizer(dev, &d, S_OK, NULL);
    d.DepthClipEnable = FALSE;
    snprintf(want, sizeof(want), "CreateRasterizerState: DepthClipEnable must be TRUE at "
             "feature level %s (seed 004)", level_str(level));
    expect_rasterizer(dev, &d, E_INVALIDARG, want);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

PER_LEVEL(seed004_CreateRasterizerState_depth_bias_clamp)
{
    WITH_DEVICE(dev, level);
    D3D11_RASTERIZER_DESC d = rasterizer_default();
    char want[96];
    d.DepthBias = 100;
    d.SlopeScaledDepthBias = 1.5f;   /* depth bias itself is fine (seed 000: DEPTHBIAS caps) */
    expect_rasterizer(dev, &d, S_OK, NULL);
    d.DepthBiasClamp = 0.25f;
    snprintf(want, sizeof(want), "DepthBiasClamp 0.25 must be 0 at feature level %s (seed 004)",
             level_str(level));
    expect_rasterizer(dev, &d, E_INVALIDARG, want);
    d.DepthBiasClamp = -1.0f;
    expect_rasterizer(dev, &d, E_INVALIDARG, "DepthBiasClamp -1 must be 0");
    d.DepthBiasClamp = NAN;
    expect_rasterizer(dev, &d, E_INVALIDARG, "must be 0");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* Decision (state.c): ForcedSampleCount must be 0 below 11_0. */
PER_LEVEL(seed004_CreateRasterizerState1_forced_sample_count)
{
    WITH_DEVICE(dev, level);
    D3D11_RASTERIZER_DESC1 d;
    D3D11_RASTERIZER_DESC r = rasterizer_default();
    memcpy(&d, &r, sizeof(r));
    d.ForcedSampleCount = 0;
    expect_rasterizer1(dev, &d, S_OK, NULL);
    d.ForcedSampleCount = 1;
    expect_rasterizer1(dev, &d, E_INVALIDARG, "CreateRasterizerState1: ForcedSampleCount 1 must "
                       "be 0 at feature level");
    d.ForcedSampleCount = 3;
    expect_rasterizer1(dev, &d, E_INVALIDARG, "ForcedSampleCount 3 is not 0, 1, 2, 4, 8 or 16");
    /* the CreateRasterizerState rows apply to CreateRasterizerState1 too */
    d.ForcedSampleCount = 0;
    d.DepthClipEnable = FALSE;
    expect_rasterizer1(dev, &d, E_INVALIDARG, "CreateRasterizerState1: DepthClipEnable must be "
                       "TRUE");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

TEST(d3d11_rasterizer_general_rules_and_object)
{
    WITH_DEVICE(dev, L91);
    D3D11_RASTERIZER_DESC d = rasterizer_default();
    d.FillMode = (D3D11_FILL_MODE)1;
    expect_rasterizer(dev, &d, E_INVALIDARG, "FillMode 1 is not a D3D11_FILL_MODE value");
    d = rasterizer_default();
    d.CullMode = (D3D11_CULL_MODE)0;
    expect_rasterizer(dev, &d, E_INVALIDARG, "CullMode 0 is not a D3D11_CULL_MODE value");
    d = rasterizer_default();
    d.FillMode = D3D11_FILL_WIREFRAME;
    d.CullMode = D3D11_CULL_FRONT;
    d.FrontCounterClockwise = TRUE;
    d.ScissorEnable = TRUE;
    d.MultisampleEnable = TRUE;
    d.AntialiasedLineEnable = TRUE;
    expect_rasterizer(dev, &d, S_OK, NULL);

    ID3D11RasterizerState *s = NULL;
    ID3D11RasterizerState1 *s1 = NULL;
    D3D11_RASTERIZER_DESC1 got1;
    CHECK_HR(ID3D11Device_CreateRasterizerState(dev, &d, &s), S_OK);
    if (s) {
        CHECK_HR(ID3D11RasterizerState_QueryInterface(s, &IID_ID3D11RasterizerState1,
                                                      (void **)&s1), S_OK);
        if (s1) {
            ID3D11RasterizerState1_GetDesc1(s1, &got1);
            CHECK(!memcmp(&got1, &d, sizeof(d)));
            CHECK_EQ(got1.ForcedSampleCount, 0);
            CHECK_EQ(ID3D11RasterizerState1_Release(s1), 1);
        }
        CHECK(d3d11_rasterizer_state_desc(s) != NULL);
        CHECK_EQ(d3d11_rasterizer_state_desc(s)->FillMode, D3D11_FILL_WIREFRAME);
        CHECK_EQ(ID3D11RasterizerState_Release(s), 0);
    }
    s = (ID3D11RasterizerState *)(uintptr_t)1;
    CHECK_HR(ID3D11Device_CreateRasterizerState(dev, NULL, &s), E_INVALIDARG);
    CHECK(s == NULL);
    CHECK_HR(ID3D11Device_CreateRasterizerState(dev, &d, NULL), S_FALSE);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* =============================================================================================
 * CreateDepthStencilState (general rules only; no seed-004 row).
 * =========================================================================================== */

/* Decision (state.c): two-sided stencil is accepted at 9_x (seed 000: D3DSTENCILCAPS_TWOSIDED at
 * 9_1; the seed-004 "no two-sided stencil" row concerns CreateDepthStencilView). */
PER_LEVEL(decision_CreateDepthStencilState_two_sided_stencil)
{
    WITH_DEVICE(dev, level);
    D3D11_DEPTH_STENCIL_DESC d = depth_stencil_default();
    d.StencilEnable = TRUE;
    d.FrontFace.StencilPassOp = D3D11_STENCIL_OP_INCR;
    d.FrontFace.StencilFunc = D3D11_COMPARISON_EQUAL;
    d.BackFace.StencilPassOp = D3D11_STENCIL_OP_DECR;
    d.BackFace.StencilDepthFailOp = D3D11_STENCIL_OP_INVERT;
    d.BackFace.StencilFunc = D3D11_COMPARISON_NOT_EQUAL;
    expect_depth_stencil(dev, &d, S_OK, NULL);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

TEST(d3d11_depth_stencil_general_rules)
{
    WITH_DEVICE(dev, L91);
    D3D11_DEPTH_STENCIL_DESC d = depth_stencil_default();
    expect_depth_stencil(dev, &d, S_OK, NULL);
    d.DepthFunc = (D3D11_COMPARISON_FUNC)0;
    expect_depth_stencil(dev, &d, E_INVALIDARG, "CreateDepthStencilState: DepthFunc 0 is not a "
                         "D3D11_COMPARISON_FUNC value");
    d = depth_stencil_default();
    d.DepthWriteMask = (D3D11_DEPTH_WRITE_MASK)2;
    expect_depth_stencil(dev, &d, E_INVALIDARG, "DepthWriteMask 2 is not a D3D11_DEPTH_WRITE_MASK");
    /* depth disabled: DepthFunc and DepthWriteMask are not used, not validated */
    d.DepthEnable = FALSE;
    d.DepthFunc = (D3D11_COMPARISON_FUNC)0;
    expect_depth_stencil(dev, &d, S_OK, NULL);
    d = depth_stencil_default();
    d.StencilEnable = TRUE;
    d.BackFace.StencilFailOp = (D3D11_STENCIL_OP)9;
    expect_depth_stencil(dev, &d, E_INVALIDARG, "BackFace.StencilFailOp 9 is not a "
                         "D3D11_STENCIL_OP value");
    d = depth_stencil_default();
    d.StencilEnable = TRUE;
    d.FrontFace.StencilFunc = (D3D11_COMPARISON_FUNC)9;
    expect_depth_stencil(dev, &d, E_INVALIDARG, "FrontFace.StencilFunc 9");
    d.StencilEnable = FALSE;   /* stencil disabled: its members are not used */
    expect_depth_stencil(dev, &d, S_OK, NULL);
    /* an all-zero description (depth and stencil off) is valid */
    memset(&d, 0, sizeof(d));
    expect_depth_stencil(dev, &d, S_OK, NULL);

    ID3D11DepthStencilState *s = (ID3D11DepthStencilState *)(uintptr_t)1;
    CHECK_HR(ID3D11Device_CreateDepthStencilState(dev, NULL, &s), E_INVALIDARG);
    CHECK(s == NULL);
    d = depth_stencil_default();
    CHECK_HR(ID3D11Device_CreateDepthStencilState(dev, &d, NULL), S_FALSE);
    CHECK_HR(ID3D11Device_CreateDepthStencilState(dev, &d, &s), S_OK);
    if (s) {
        ID3D11DeviceChild *c = NULL;
        CHECK_HR(ID3D11DepthStencilState_QueryInterface(s, &IID_ID3D11DeviceChild, (void **)&c),
                 S_OK);
        if (c)
            ID3D11DeviceChild_Release(c);
        CHECK(d3d11_depth_stencil_state_desc(s) != NULL);
        CHECK(d3d11_blend_state_desc((ID3D11BlendState *)s) == NULL);
        CHECK_EQ(ID3D11DepthStencilState_Release(s), 0);
    }
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* =============================================================================================
 * CreateSamplerState — seed 004 rows.
 * =========================================================================================== */

PER_LEVEL(seed004_CreateSamplerState_comparison_filters)
{
    WITH_DEVICE(dev, level);
    static const D3D11_FILTER cmp[] = { D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT,
                                        D3D11_FILTER_COMPARISON_MIN_MAG_MIP_LINEAR,
                                        D3D11_FILTER_COMPARISON_ANISOTROPIC };
    D3D11_SAMPLER_DESC d = sampler_default();
    char want[96];
    expect_sampler(dev, &d, S_OK, NULL);
    d.Filter = D3D11_FILTER_MIN_LINEAR_MAG_POINT_MIP_LINEAR;
    expect_sampler(dev, &d, S_OK, NULL);
    for (size_t i = 0; i < sizeof(cmp) / sizeof(cmp[0]); i++) {
        d.Filter = cmp[i];
        d.ComparisonFunc = D3D11_COMPARISON_LESS_EQUAL;
        snprintf(want, sizeof(want), "comparison filter 0x%x is not supported at feature level "
                 "%s (seed 004)", (unsigned)cmp[i], level_str(level));
        expect_sampler(dev, &d, E_INVALIDARG, want);
    }
    /* decision: the min/max reduction filters are refused too (MinMaxFiltering FALSE) */
    d.Filter = D3D11_FILTER_MINIMUM_MIN_MAG_MIP_LINEAR;
    expect_sampler(dev, &d, E_INVALIDARG, "minimum/maximum filter 0x115 is not supported");
    d.Filter = D3D11_FILTER_MAXIMUM_MIN_MAG_MIP_POINT;
    expect_sampler(dev, &d, E_INVALIDARG, "minimum/maximum filter 0x180");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

PER_LEVEL(seed004_CreateSamplerState_border_color)
{
    WITH_DEVICE(dev, level);
    D3D11_SAMPLER_DESC d = sampler_default();
    char want[96];
    d.AddressU = D3D11_TEXTURE_ADDRESS_BORDER;
    d.BorderColor[0] = 0.0f;
    d.BorderColor[1] = 0.5f;
    d.BorderColor[2] = 1.0f;
    d.BorderColor[3] = 0.25f;
    expect_sampler(dev, &d, S_OK, NULL);
    d.BorderColor[2] = 1.5f;
    snprintf(want, sizeof(want), "BorderColor[2] 1.5 is outside [0, 1] at feature level %s "
             "(seed 004)", level_str(level));
    expect_sampler(dev, &d, E_INVALIDARG, want);
    d.BorderColor[2] = 1.0f;
    d.BorderColor[0] = -0.125f;
    expect_sampler(dev, &d, E_INVALIDARG, "BorderColor[0] -0.125 is outside [0, 1]");
    d.BorderColor[0] = NAN;
    expect_sampler(dev, &d, E_INVALIDARG, "is outside [0, 1]");
    /* decision: without BORDER addressing the border colour is not used, so not refused */
    d.BorderColor[0] = 4.0f;
    d.AddressU = D3D11_TEXTURE_ADDRESS_WRAP;
    expect_sampler(dev, &d, S_OK, NULL);
    d.AddressW = D3D11_TEXTURE_ADDRESS_BORDER;
    expect_sampler(dev, &d, E_INVALIDARG, "BorderColor[0] 4 is outside");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

PER_LEVEL(seed004_CreateSamplerState_min_lod_not_fractional)
{
    WITH_DEVICE(dev, level);
    D3D11_SAMPLER_DESC d = sampler_default();
    char want[96];
    d.MinLOD = 0.0f;
    expect_sampler(dev, &d, S_OK, NULL);
    d.MinLOD = 3.0f;
    expect_sampler(dev, &d, S_OK, NULL);
    d.MinLOD = 1.5f;
    snprintf(want, sizeof(want), "MinLOD 1.5 must not be fractional at feature level %s "
             "(seed 004)", level_str(level));
    expect_sampler(dev, &d, E_INVALIDARG, want);
    d.MinLOD = -0.25f;
    expect_sampler(dev, &d, E_INVALIDARG, "MinLOD -0.25 must not be fractional");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

PER_LEVEL(seed004_CreateSamplerState_max_lod_flt_max)
{
    WITH_DEVICE(dev, level);
    D3D11_SAMPLER_DESC d = sampler_default();
    char want[96];
    d.MaxLOD = FLT_MAX;
    expect_sampler(dev, &d, S_OK, NULL);
    d.MaxLOD = 8.0f;
    snprintf(want, sizeof(want), "MaxLOD 8 must be FLT_MAX (D3D11_FLOAT32_MAX) at feature level "
             "%s (seed 004)", level_str(level));
    expect_sampler(dev, &d, E_INVALIDARG, want);
    d.MaxLOD = INFINITY;
    expect_sampler(dev, &d, E_INVALIDARG, "must be FLT_MAX");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

PER_LEVEL(seed004_CreateSamplerState_max_anisotropy)
{
    WITH_DEVICE(dev, level);
    UINT max = level == L91 ? 2 : 16;
    D3D11_SAMPLER_DESC d = sampler_default();
    char want[96];
    d.Filter = D3D11_FILTER_ANISOTROPIC;
    d.MaxAnisotropy = max;
    expect_sampler(dev, &d, S_OK, NULL);
    d.MaxAnisotropy = 1;
    expect_sampler(dev, &d, S_OK, NULL);
    if (level == L91) {
        d.MaxAnisotropy = 4;
        expect_sampler(dev, &d, E_INVALIDARG, "CreateSamplerState: MaxAnisotropy 4 exceeds 2 "
                       "at feature level 9_1 (seed 004)");
        d.MaxAnisotropy = 3;
        expect_sampler(dev, &d, E_INVALIDARG, "MaxAnisotropy 3 exceeds 2");
    } else {
        d.MaxAnisotropy = 17;   /* beyond 16: the general D3D11 limit */
        snprintf(want, sizeof(want), "MaxAnisotropy 17 is outside [1, 16]");
        expect_sampler(dev, &d, E_INVALIDARG, want);
    }
    /* decision: MaxAnisotropy is used only by anisotropic filters */
    d.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR;
    d.MaxAnisotropy = 16;
    expect_sampler(dev, &d, S_OK, NULL);
    d.MaxAnisotropy = 0;
    expect_sampler(dev, &d, S_OK, NULL);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

PER_LEVEL(seed004_CreateSamplerState_mirror_once)
{
    WITH_DEVICE(dev, level);
    D3D11_SAMPLER_DESC d = sampler_default();
    d.AddressU = D3D11_TEXTURE_ADDRESS_MIRROR;
    d.AddressV = D3D11_TEXTURE_ADDRESS_WRAP;
    expect_sampler(dev, &d, S_OK, NULL);
    d.AddressV = D3D11_TEXTURE_ADDRESS_MIRROR_ONCE;
    if (level == L91)
        expect_sampler(dev, &d, E_INVALIDARG, "CreateSamplerState: AddressV "
                       "D3D11_TEXTURE_ADDRESS_MIRROR_ONCE is not supported at feature level "
                       "9_1 (seed 004)");
    else
        expect_sampler(dev, &d, S_OK, NULL);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

TEST(d3d11_sampler_general_rules_and_object)
{
    WITH_DEVICE(dev, L93);
    D3D11_SAMPLER_DESC d = sampler_default();
    d.Filter = (D3D11_FILTER)0x2;
    expect_sampler(dev, &d, E_INVALIDARG, "Filter 0x2 is not a D3D11_FILTER value");
    d.Filter = (D3D11_FILTER)0x56;
    expect_sampler(dev, &d, E_INVALIDARG, "Filter 0x56");
    d.Filter = (D3D11_FILTER)0x215;
    expect_sampler(dev, &d, E_INVALIDARG, "Filter 0x215");
    d = sampler_default();
    d.AddressW = (D3D11_TEXTURE_ADDRESS_MODE)6;
    expect_sampler(dev, &d, E_INVALIDARG, "AddressW 6 is not a D3D11_TEXTURE_ADDRESS_MODE value");
    d = sampler_default();
    d.AddressU = (D3D11_TEXTURE_ADDRESS_MODE)0;
    expect_sampler(dev, &d, E_INVALIDARG, "AddressU 0");
    d = sampler_default();
    d.MipLODBias = 16.0f;
    expect_sampler(dev, &d, E_INVALIDARG, "MipLODBias 16 is outside [-16, 15.99]");
    d.MipLODBias = -16.0f;
    expect_sampler(dev, &d, S_OK, NULL);
    d.MipLODBias = NAN;
    expect_sampler(dev, &d, E_INVALIDARG, "MipLODBias nan");
    d = sampler_default();
    d.Filter = D3D11_FILTER_ANISOTROPIC;
    d.MaxAnisotropy = 0;
    expect_sampler(dev, &d, E_INVALIDARG, "MaxAnisotropy 0 is outside [1, 16]");
    d = sampler_default();
    d.MinLOD = INFINITY;
    expect_sampler(dev, &d, E_INVALIDARG, "MaxLOD must be greater than or equal to MinLOD");
    d.MinLOD = NAN;
    expect_sampler(dev, &d, E_INVALIDARG, "MaxLOD must be greater than or equal to MinLOD");
    /* ComparisonFunc is used only by comparison filters */
    d = sampler_default();
    d.ComparisonFunc = (D3D11_COMPARISON_FUNC)0;
    expect_sampler(dev, &d, S_OK, NULL);
    /* every non-comparison, non-min/max filter is accepted at 9_3 */
    static const D3D11_FILTER ok[] = {
        D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_FILTER_MIN_MAG_POINT_MIP_LINEAR,
        D3D11_FILTER_MIN_POINT_MAG_LINEAR_MIP_POINT, D3D11_FILTER_MIN_POINT_MAG_MIP_LINEAR,
        D3D11_FILTER_MIN_LINEAR_MAG_MIP_POINT, D3D11_FILTER_MIN_LINEAR_MAG_POINT_MIP_LINEAR,
        D3D11_FILTER_MIN_MAG_LINEAR_MIP_POINT, D3D11_FILTER_MIN_MAG_MIP_LINEAR,
        D3D11_FILTER_ANISOTROPIC,
    };
    for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
        d = sampler_default();
        d.Filter = ok[i];
        expect_sampler(dev, &d, S_OK, NULL);
    }

    ID3D11SamplerState *s = (ID3D11SamplerState *)(uintptr_t)1;
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, NULL, &s), E_INVALIDARG);
    CHECK(s == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "CreateSamplerState: pSamplerDesc is NULL");
    d = sampler_default();
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &d, NULL), S_FALSE);
    d.MaxLOD = 1.0f;
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &d, NULL), E_INVALIDARG);
    d = sampler_default();
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &d, &s), S_OK);
    if (s) {
        ID3D11Device *owner = NULL;
        const D3D11_SAMPLER_DESC *stored = d3d11_sampler_state_desc(s);
        CHECK(stored && !memcmp(stored, &d, sizeof(d)));
        ID3D11SamplerState_GetDevice(s, &owner);
        CHECK(owner == dev);
        if (owner)
            ID3D11Device_Release(owner);
        /* a child keeps its device alive */
        ID3D11Device_AddRef(dev);
        CHECK_EQ(ID3D11Device_Release(dev), 2);
        CHECK_EQ(ID3D11SamplerState_Release(s), 0);
    }
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* The pure validators are functions of the level alone: above 9_3 the 9_x rows do not apply. */
TEST(d3d11_state_validators_above_9_3)
{
    D3D11_BLEND_DESC1 b = blend1_default(), key;
    D3D11_SAMPLER_DESC s = sampler_default();
    D3D11_RASTERIZER_DESC r = rasterizer_default();
    D3D11_RASTERIZER_DESC1 r1;
    char msg[256];
    b.AlphaToCoverageEnable = TRUE;
    d3d11_blend_desc_normalize(&b, &key);
    CHECK_HR(d3d11_validate_blend_desc("CreateBlendState1", &key, D3D_FEATURE_LEVEL_10_0, msg,
                                       sizeof(msg)), S_OK);
    CHECK_HR(d3d11_validate_blend_desc("CreateBlendState1", &key, D3D_FEATURE_LEVEL_9_3, msg,
                                       sizeof(msg)), E_INVALIDARG);
    s.Filter = D3D11_FILTER_COMPARISON_MIN_MAG_MIP_LINEAR;
    s.ComparisonFunc = D3D11_COMPARISON_LESS;
    s.MaxLOD = 4.0f;
    s.MinLOD = 0.5f;
    CHECK_HR(d3d11_validate_sampler_desc(&s, D3D_FEATURE_LEVEL_11_0, msg, sizeof(msg)), S_OK);
    CHECK_HR(d3d11_validate_sampler_desc(&s, D3D_FEATURE_LEVEL_9_3, NULL, 0), E_INVALIDARG);
    memcpy(&r1, &r, sizeof(r));
    r1.ForcedSampleCount = 0;
    r1.DepthClipEnable = FALSE;
    r1.DepthBiasClamp = 0.5f;
    CHECK_HR(d3d11_validate_rasterizer_desc("CreateRasterizerState", &r1, D3D_FEATURE_LEVEL_10_0,
                                            msg, sizeof(msg)), S_OK);
}

/* De-duplication under concurrent creation and release (the weak list is shared by threads):
 * every thread gets live objects with the right description, and everything is freed. */
struct dedup_thread_arg {
    ID3D11Device *dev;
    int seed;
    int failures;
};

static void *dedup_thread(void *p)
{
    struct dedup_thread_arg *a = p;
    for (int i = 0; i < 2000; i++) {
        D3D11_SAMPLER_DESC d = sampler_default(), got;
        ID3D11SamplerState *s = NULL;
        d.MinLOD = (float)((i + a->seed) % 5);   /* a few shared descriptions */
        if (FAILED(ID3D11Device_CreateSamplerState(a->dev, &d, &s)) || !s) {
            a->failures++;
            continue;
        }
        ID3D11SamplerState_GetDesc(s, &got);
        if (memcmp(&got, &d, sizeof(d)))
            a->failures++;
        ID3D11SamplerState_Release(s);
    }
    return NULL;
}

TEST(d3d11_state_dedup_threads)
{
    WITH_DEVICE(dev, L93);
    enum { T = 8 };
    pthread_t th[T];
    struct dedup_thread_arg args[T];
    int started = 0;
    for (int t = 0; t < T; t++) {
        args[t] = (struct dedup_thread_arg){ dev, t, 0 };
        if (pthread_create(&th[t], NULL, dedup_thread, &args[t]) == 0)
            started++;
        else
            break;
    }
    for (int t = 0; t < started; t++) {
        pthread_join(th[t], NULL);
        CHECK_EQ(args[t].failures, 0);
    }
    CHECK_EQ(started, T);
    CHECK_EQ(ID3D11Device_Release(dev), 0);   /* no state object survived */
}
