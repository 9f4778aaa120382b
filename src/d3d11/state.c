/* src/d3d11/state.c — ID3D11Device: CreateBlendState, CreateBlendState1, CreateRasterizerState,
 * CreateRasterizerState1, CreateDepthStencilState, CreateSamplerState, and the four state
 * objects (each a device child that keeps its description: GetDesc / GetDesc1).
 *
 * Every method validates first with a pure, table-driven function (d3d11_validate_*_desc: the
 * general rules of the D3D11 reference pages, then the rows of seed 004 for the device's level),
 * and only then looks up or creates the object.  A refusal returns E_INVALIDARG, sets the
 * out-pointer to NULL, creates nothing and leaves one message line naming the rule, the values
 * and the level.  A NULL out-pointer validates only and returns S_FALSE (documented for the
 * Create methods).
 *
 * De-duplication (documented on every Create*State page: "An app can create up to 4096 unique
 * <kind>-state objects. For each object created, the runtime checks to see if a previous object
 * has the same state. If such a previous object exists, the runtime will return a pointer to
 * previous instance instead of creating a duplicate object."): the device keeps a weak list of
 * its state objects (struct d3d11_device.state_objects); an identical description returns the
 * existing object with its reference count incremented, and a 4097th unique object of one kind
 * is refused with D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS.  Descriptions are compared in their
 * stored form (fields copied into a zeroed structure, so padding never differs).  CreateBlendState
 * and CreateBlendState1 share one kind: a D3D11_BLEND_DESC is stored as the D3D11_BLEND_DESC1 with
 * LogicOpEnable FALSE and LogicOp D3D11_LOGIC_OP_NOOP (the documented default), so the two methods
 * return the same object for the same state; likewise the rasterizer pair with
 * ForcedSampleCount 0.
 *
 * Which fields are validated.  A member that the reference pages describe as used only under a
 * condition is validated only when that condition holds, and a rule about it (general or seed)
 * applies only then:
 *  - RenderTarget[1..7] when IndependentBlendEnable is FALSE ("only the RenderTarget[0] members
 *    are used; RenderTarget[1..7] are ignored", D3D11_BLEND_DESC).  They are stored as copies of
 *    RenderTarget[0], which is what the runtime hands the driver (D3D10_1_DDI_BLEND_DESC:
 *    IndependentBlendEnable FALSE "indicates that the first entry ... is replicated to the other
 *    entries"), so GetDesc returns the effective state and such descriptions de-duplicate.
 *  - a render target's blend factors and operations when its BlendEnable is FALSE; its LogicOp
 *    when LogicOpEnable is FALSE;
 *  - DepthWriteMask and DepthFunc when DepthEnable is FALSE; the stencil members when
 *    StencilEnable is FALSE;
 *  - a sampler's ComparisonFunc unless the filter is a comparison filter; MaxAnisotropy unless the
 *    filter is anisotropic ("Clamping value used if D3D11_FILTER_ANISOTROPIC or
 *    D3D11_FILTER_COMPARISON_ANISOTROPIC is specified in Filter", D3D11_SAMPLER_DESC); BorderColor
 *    unless an address mode is BORDER ("Border color to use if D3D11_TEXTURE_ADDRESS_BORDER is
 *    specified").
 * Such members are stored as given, so GetDesc returns them unchanged.
 *
 * Decisions on the seed-004 rows (sources: the English "10Level9 ID3D11Device Methods" page,
 * learn.microsoft.com/windows/win32/direct3d11/d3d11-graphics-reference-10level9-device, and the
 * pages cited at each rule):
 *  - CreateBlendState1 "not supported" at 9_x: read as "logic operations are not supported".  The
 *    row's 10_0 entry explains the difference as the OutputMergerLogicOp member of
 *    D3D11_FEATURE_DATA_D3D11_OPTIONS, and CreateBlendState1's page says the logic operations "are
 *    only available on certain feature levels; call CheckFeatureSupport ... OutputMergerLogicOp";
 *    D3D11_RENDER_TARGET_BLEND_DESC1: LogicOpEnable TRUE requires OutputMergerLogicOp TRUE, which
 *    softd3d reports FALSE at 9_x (feature_support.c).  So CreateBlendState1 without logic ops
 *    behaves exactly as CreateBlendState (same rules, same objects); LogicOpEnable TRUE on a used
 *    render target is refused.
 *  - SRC_ALPHA_SAT ("D3D11_BLEND_SRC_ALPHASAT not supported"): refused in all four factor slots
 *    (SrcBlend, DestBlend, SrcBlendAlpha, DestBlendAlpha) of an enabled render target; the row
 *    names no slot, so none is allowed.
 *  - dual-source ("any SrcBlend or DestBlend with SRC1 in the name"): refused in the alpha slots
 *    too, since SrcBlendAlpha/DestBlendAlpha with SRC1 equally need a second shader output.
 *  - "first four RenderTargetWriteMask must have the same value": written for 9_2 only, applied
 *    at 9_1 as well.  Independent write masks are the D3D9 cap D3DPMISCCAPS_INDEPENDENTWRITEMASKS,
 *    which seed 000 requires only from 9_3, so the weakest 9_1 hardware lacks it exactly as 9_2
 *    hardware does; a 9_1 device cannot allow what a 9_2 device refuses.
 *  - IndependentBlendEnable itself is not restricted at any 9_x level (no row says so); what the
 *    rows restrict is the values of the first four render targets.
 *  - CreateRasterizerState1: ForcedSampleCount must be 0 below 11_0.  Forcing the sample count is
 *    target-independent rasterization (11_1) or UAV-only rendering (11_0) in the "Direct3D feature
 *    levels" table; 11_0 takes 0 and 1 (always allowed for UAV-only rendering), 11_1 every
 *    valid count, 16 included (the spec's 3.5.6.4: "D3D11.1 hardware additionally supports
 *    16"); see d3d11_validate_rasterizer_desc.
 *  - CreateSamplerState, 9_x: the MINIMUM_/MAXIMUM_ filters are refused like the comparison
 *    filters (min/max reduction needs D3D11_OPTIONS1.MinMaxFiltering, a tiled-resources tier-2
 *    feature of 11_1, seed 001; reported FALSE).  MIRROR_ONCE is refused at 9_1 only (the 9_2 and
 *    9_3 rows omit it; seed 000 adds D3DPTADDRESSCAPS_MIRRORONCE at 9_2).  "MinLOD cannot be
 *    fractional": MinLOD must equal floor(MinLOD).  "MaxLOD must be FLT_MAX": exactly
 *    D3D11_FLOAT32_MAX.
 *  - CreateDepthStencilState: no 9_x row exists; the seed's "no two-sided stencil" is attached
 *    to CreateDepthStencilView, which has no stencil faces, while seed 000 requires
 *    D3DSTENCILCAPS_TWOSIDED at 9_1.  So different FrontFace/BackFace are accepted at every level.
 */
#include "d3d11/d3d11_state.h"
#include "d3d11/limits.h"

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11/device_child.h"
#include "util/log.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ---------------------------------------------------------------------------------------------
 * Messages.
 * ------------------------------------------------------------------------------------------- */

static HRESULT refuse(char *msg, size_t msg_size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static HRESULT refuse(char *msg, size_t msg_size, const char *fmt, ...)
{
    if (msg && msg_size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, msg_size, fmt, ap);
        va_end(ap);
    }
    return E_INVALIDARG;
}

#define LEVEL(l) d3d11_level_name(l)

/* ---------------------------------------------------------------------------------------------
 * Enumerations as data: value -> name (NULL = not a value of the enumeration).
 * ------------------------------------------------------------------------------------------- */

struct blend_factor {
    const char *name;
    bool color;       /* name ends in _COLOR: not allowed for SrcBlendAlpha/DestBlendAlpha */
    bool src1;        /* dual-source factor */
    bool alpha_sat;   /* D3D11_BLEND_SRC_ALPHA_SAT */
};

static const struct blend_factor blend_factors[] = {
    [D3D11_BLEND_ZERO] = { "D3D11_BLEND_ZERO", false, false, false },
    [D3D11_BLEND_ONE] = { "D3D11_BLEND_ONE", false, false, false },
    [D3D11_BLEND_SRC_COLOR] = { "D3D11_BLEND_SRC_COLOR", true, false, false },
    [D3D11_BLEND_INV_SRC_COLOR] = { "D3D11_BLEND_INV_SRC_COLOR", true, false, false },
    [D3D11_BLEND_SRC_ALPHA] = { "D3D11_BLEND_SRC_ALPHA", false, false, false },
    [D3D11_BLEND_INV_SRC_ALPHA] = { "D3D11_BLEND_INV_SRC_ALPHA", false, false, false },
    [D3D11_BLEND_DEST_ALPHA] = { "D3D11_BLEND_DEST_ALPHA", false, false, false },
    [D3D11_BLEND_INV_DEST_ALPHA] = { "D3D11_BLEND_INV_DEST_ALPHA", false, false, false },
    [D3D11_BLEND_DEST_COLOR] = { "D3D11_BLEND_DEST_COLOR", true, false, false },
    [D3D11_BLEND_INV_DEST_COLOR] = { "D3D11_BLEND_INV_DEST_COLOR", true, false, false },
    [D3D11_BLEND_SRC_ALPHA_SAT] = { "D3D11_BLEND_SRC_ALPHA_SAT", false, false, true },
    [D3D11_BLEND_BLEND_FACTOR] = { "D3D11_BLEND_BLEND_FACTOR", false, false, false },
    [D3D11_BLEND_INV_BLEND_FACTOR] = { "D3D11_BLEND_INV_BLEND_FACTOR", false, false, false },
    [D3D11_BLEND_SRC1_COLOR] = { "D3D11_BLEND_SRC1_COLOR", true, true, false },
    [D3D11_BLEND_INV_SRC1_COLOR] = { "D3D11_BLEND_INV_SRC1_COLOR", true, true, false },
    [D3D11_BLEND_SRC1_ALPHA] = { "D3D11_BLEND_SRC1_ALPHA", false, true, false },
    [D3D11_BLEND_INV_SRC1_ALPHA] = { "D3D11_BLEND_INV_SRC1_ALPHA", false, true, false },
};

static const struct blend_factor *blend_factor(UINT v)
{
    return v < ARRAY_SIZE(blend_factors) && blend_factors[v].name ? &blend_factors[v] : NULL;
}

static const char *const blend_op_names[] = {
    [D3D11_BLEND_OP_ADD] = "D3D11_BLEND_OP_ADD",
    [D3D11_BLEND_OP_SUBTRACT] = "D3D11_BLEND_OP_SUBTRACT",
    [D3D11_BLEND_OP_REV_SUBTRACT] = "D3D11_BLEND_OP_REV_SUBTRACT",
    [D3D11_BLEND_OP_MIN] = "D3D11_BLEND_OP_MIN",
    [D3D11_BLEND_OP_MAX] = "D3D11_BLEND_OP_MAX",
};

static const char *const comparison_names[] = {
    [D3D11_COMPARISON_NEVER] = "D3D11_COMPARISON_NEVER",
    [D3D11_COMPARISON_LESS] = "D3D11_COMPARISON_LESS",
    [D3D11_COMPARISON_EQUAL] = "D3D11_COMPARISON_EQUAL",
    [D3D11_COMPARISON_LESS_EQUAL] = "D3D11_COMPARISON_LESS_EQUAL",
    [D3D11_COMPARISON_GREATER] = "D3D11_COMPARISON_GREATER",
    [D3D11_COMPARISON_NOT_EQUAL] = "D3D11_COMPARISON_NOT_EQUAL",
    [D3D11_COMPARISON_GREATER_EQUAL] = "D3D11_COMPARISON_GREATER_EQUAL",
    [D3D11_COMPARISON_ALWAYS] = "D3D11_COMPARISON_ALWAYS",
};

static const char *const stencil_op_names[] = {
    [D3D11_STENCIL_OP_KEEP] = "D3D11_STENCIL_OP_KEEP",
    [D3D11_STENCIL_OP_ZERO] = "D3D11_STENCIL_OP_ZERO",
    [D3D11_STENCIL_OP_REPLACE] = "D3D11_STENCIL_OP_REPLACE",
    [D3D11_STENCIL_OP_INCR_SAT] = "D3D11_STENCIL_OP_INCR_SAT",
    [D3D11_STENCIL_OP_DECR_SAT] = "D3D11_STENCIL_OP_DECR_SAT",
    [D3D11_STENCIL_OP_INVERT] = "D3D11_STENCIL_OP_INVERT",
    [D3D11_STENCIL_OP_INCR] = "D3D11_STENCIL_OP_INCR",
    [D3D11_STENCIL_OP_DECR] = "D3D11_STENCIL_OP_DECR",
};

static const char *const depth_write_mask_names[] = {
    [D3D11_DEPTH_WRITE_MASK_ZERO] = "D3D11_DEPTH_WRITE_MASK_ZERO",
    [D3D11_DEPTH_WRITE_MASK_ALL] = "D3D11_DEPTH_WRITE_MASK_ALL",
};

static const char *const fill_mode_names[] = {
    [D3D11_FILL_WIREFRAME] = "D3D11_FILL_WIREFRAME",
    [D3D11_FILL_SOLID] = "D3D11_FILL_SOLID",
};

static const char *const cull_mode_names[] = {
    [D3D11_CULL_NONE] = "D3D11_CULL_NONE",
    [D3D11_CULL_FRONT] = "D3D11_CULL_FRONT",
    [D3D11_CULL_BACK] = "D3D11_CULL_BACK",
};

static const char *const address_names[] = {
    [D3D11_TEXTURE_ADDRESS_WRAP] = "D3D11_TEXTURE_ADDRESS_WRAP",
    [D3D11_TEXTURE_ADDRESS_MIRROR] = "D3D11_TEXTURE_ADDRESS_MIRROR",
    [D3D11_TEXTURE_ADDRESS_CLAMP] = "D3D11_TEXTURE_ADDRESS_CLAMP",
    [D3D11_TEXTURE_ADDRESS_BORDER] = "D3D11_TEXTURE_ADDRESS_BORDER",
    [D3D11_TEXTURE_ADDRESS_MIRROR_ONCE] = "D3D11_TEXTURE_ADDRESS_MIRROR_ONCE",
};

#define ENUM_NAME(table, v) \
    ((UINT)(v) < ARRAY_SIZE(table) ? (table)[(UINT)(v)] : (const char *)NULL)

/* The defined D3D11_FILTER values: the nine standard filters, each with the four reductions
 * (standard, comparison, minimum, maximum) in bits 7-8 (D3D11_FILTER, d3d11.h). */
static const UINT filter_bases[] = { 0x00, 0x01, 0x04, 0x05, 0x10, 0x11, 0x14, 0x15, 0x55 };

static bool filter_valid(UINT f)
{
    UINT base = f & ~(UINT)(D3D11_FILTER_REDUCTION_TYPE_MASK << D3D11_FILTER_REDUCTION_TYPE_SHIFT);
    if (f >> (D3D11_FILTER_REDUCTION_TYPE_SHIFT + 2))
        return false;
    for (size_t i = 0; i < ARRAY_SIZE(filter_bases); i++)
        if (base == filter_bases[i])
            return true;
    return false;
}

static UINT filter_reduction(UINT f)
{
    return (f >> D3D11_FILTER_REDUCTION_TYPE_SHIFT) & D3D11_FILTER_REDUCTION_TYPE_MASK;
}

static bool filter_anisotropic(UINT f)
{
    return (f & D3D11_ANISOTROPIC_FILTERING_BIT) != 0;
}

/* ---------------------------------------------------------------------------------------------
 * Per-level rules (seed 004), one row per 9_x level.  Levels above 9_3 (which softd3d devices
 * never have, but the validators are pure functions of the level) use `above_9_3`.
 * ------------------------------------------------------------------------------------------- */

struct blend_rules {
    D3D_FEATURE_LEVEL level;
    bool alpha_to_coverage;        /* seed 004: AlphaToCoverageEnable must be FALSE at 9_x */
    UINT same_blend_enable;        /* seed 004: the first N BlendEnable must be equal */
    UINT same_write_mask;          /* seed 004 (9_2; 9_1 by decision): first N write masks equal */
    bool src_alpha_sat;            /* seed 004: D3D11_BLEND_SRC_ALPHA_SAT not supported at 9_x */
    bool dual_source;              /* seed 004: no SRC1 factors at 9_x */
    bool logic_op;                 /* seed 004 CreateBlendState1 + OutputMergerLogicOp (FALSE) */
};

static const struct blend_rules blend_rules_9x[] = {
    { D3D_FEATURE_LEVEL_9_1, false, 4, 4, false, false, false },
    { D3D_FEATURE_LEVEL_9_2, false, 4, 4, false, false, false },
    { D3D_FEATURE_LEVEL_9_3, false, 4, 0, false, false, false },
};
/* Above 9_3 none of the 9_x rows apply.  Logic ops: D3D11_FEATURE_DATA_D3D11_OPTIONS
 * OutputMergerLogicOp is "optional for feature level 10, 10.1, and 11" (softd3d: FALSE) and
 * "TRUE for feature level 11.1" (feature_support.c), so only the 11_1 row allows them. */
static const struct blend_rules blend_rules_above_9_3 = { 0, true, 0, 0, true, true, false };
static const struct blend_rules blend_rules_11_1 = {
    D3D_FEATURE_LEVEL_11_1, true, 0, 0, true, true, true,
};

struct rasterizer_rules {
    D3D_FEATURE_LEVEL level;
    bool depth_clip_disable;       /* seed 004: DepthClipEnable must be TRUE at 9_x */
    bool depth_bias_clamp;         /* seed 004: DepthBiasClamp must be 0 at 9_x */
};
/* (ForcedSampleCount: by level, d3d11_validate_rasterizer_desc) */

static const struct rasterizer_rules rasterizer_rules_9x[] = {
    { D3D_FEATURE_LEVEL_9_1, false, false },
    { D3D_FEATURE_LEVEL_9_2, false, false },
    { D3D_FEATURE_LEVEL_9_3, false, false },
};
static const struct rasterizer_rules rasterizer_rules_above_9_3 = { 0, true, true };

struct sampler_rules {
    D3D_FEATURE_LEVEL level;
    bool comparison_filters;       /* seed 004: no comparison filters at 9_x */
    bool minmax_filters;           /* D3D11_OPTIONS1.MinMaxFiltering (seed 001: 11_1 tier 2) */
    bool any_border_color;         /* seed 004: border colour within [0,1] at 9_x */
    bool fractional_min_lod;       /* seed 004: MinLOD cannot be fractional at 9_x */
    bool any_max_lod;              /* seed 004: MaxLOD must be FLT_MAX at 9_x */
    bool mirror_once;              /* seed 004: MIRROR_ONCE not supported at 9_1 */
};

static const struct sampler_rules sampler_rules_9x[] = {
    { D3D_FEATURE_LEVEL_9_1, false, false, false, false, false, false },
    { D3D_FEATURE_LEVEL_9_2, false, false, false, false, false, true },
    { D3D_FEATURE_LEVEL_9_3, false, false, false, false, false, true },
};
static const struct sampler_rules sampler_rules_above_9_3 = {
    0, true, false, true, true, true, true,
};

/* The row for a level: the 9_x row, or `above` for higher levels. */
#define DEFINE_RULES_LOOKUP(name, type, table, above)                                         \
    static const type *name(D3D_FEATURE_LEVEL level)                                          \
    {                                                                                         \
        for (size_t i = 0; i < ARRAY_SIZE(table); i++)                                        \
            if ((table)[i].level == level)                                                    \
                return &(table)[i];                                                           \
        return &(above);                                                                      \
    }

DEFINE_RULES_LOOKUP(blend_rules_below_11_1, struct blend_rules, blend_rules_9x,
                    blend_rules_above_9_3)

static const struct blend_rules *blend_rules_for(D3D_FEATURE_LEVEL level)
{
    return level >= D3D_FEATURE_LEVEL_11_1 ? &blend_rules_11_1 : blend_rules_below_11_1(level);
}
DEFINE_RULES_LOOKUP(rasterizer_rules_for, struct rasterizer_rules, rasterizer_rules_9x,
                    rasterizer_rules_above_9_3)
DEFINE_RULES_LOOKUP(sampler_rules_for, struct sampler_rules, sampler_rules_9x,
                    sampler_rules_above_9_3)

/* ---------------------------------------------------------------------------------------------
 * Blend state validation.
 * ------------------------------------------------------------------------------------------- */

static void copy_rt_blend(D3D11_RENDER_TARGET_BLEND_DESC1 *o,
                          const D3D11_RENDER_TARGET_BLEND_DESC1 *i)
{
    o->BlendEnable = i->BlendEnable;
    o->LogicOpEnable = i->LogicOpEnable;
    o->SrcBlend = i->SrcBlend;
    o->DestBlend = i->DestBlend;
    o->BlendOp = i->BlendOp;
    o->SrcBlendAlpha = i->SrcBlendAlpha;
    o->DestBlendAlpha = i->DestBlendAlpha;
    o->BlendOpAlpha = i->BlendOpAlpha;
    o->LogicOp = i->LogicOp;
    o->RenderTargetWriteMask = i->RenderTargetWriteMask;
}

void d3d11_blend_desc_normalize(const D3D11_BLEND_DESC1 *in, D3D11_BLEND_DESC1 *out)
{
    memset(out, 0, sizeof(*out));   /* padding bytes take part in the de-duplication compare */
    out->AlphaToCoverageEnable = in->AlphaToCoverageEnable;
    out->IndependentBlendEnable = in->IndependentBlendEnable;
    for (UINT i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; i++)
        copy_rt_blend(&out->RenderTarget[i], &in->RenderTarget[in->IndependentBlendEnable ? i : 0]);
}

static void blend_desc_to_desc1(const D3D11_BLEND_DESC *in, D3D11_BLEND_DESC1 *out)
{
    memset(out, 0, sizeof(*out));
    out->AlphaToCoverageEnable = in->AlphaToCoverageEnable;
    out->IndependentBlendEnable = in->IndependentBlendEnable;
    for (UINT i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; i++) {
        const D3D11_RENDER_TARGET_BLEND_DESC *s = &in->RenderTarget[i];
        D3D11_RENDER_TARGET_BLEND_DESC1 *d = &out->RenderTarget[i];
        d->BlendEnable = s->BlendEnable;
        d->LogicOpEnable = FALSE;
        d->SrcBlend = s->SrcBlend;
        d->DestBlend = s->DestBlend;
        d->BlendOp = s->BlendOp;
        d->SrcBlendAlpha = s->SrcBlendAlpha;
        d->DestBlendAlpha = s->DestBlendAlpha;
        d->BlendOpAlpha = s->BlendOpAlpha;
        d->LogicOp = D3D11_LOGIC_OP_NOOP;   /* CD3D11_BLEND_DESC1 default */
        d->RenderTargetWriteMask = s->RenderTargetWriteMask;
    }
}

static void blend_desc1_to_desc(const D3D11_BLEND_DESC1 *in, D3D11_BLEND_DESC *out)
{
    memset(out, 0, sizeof(*out));
    out->AlphaToCoverageEnable = in->AlphaToCoverageEnable;
    out->IndependentBlendEnable = in->IndependentBlendEnable;
    for (UINT i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; i++) {
        const D3D11_RENDER_TARGET_BLEND_DESC1 *s = &in->RenderTarget[i];
        D3D11_RENDER_TARGET_BLEND_DESC *d = &out->RenderTarget[i];
        d->BlendEnable = s->BlendEnable;
        d->SrcBlend = s->SrcBlend;
        d->DestBlend = s->DestBlend;
        d->BlendOp = s->BlendOp;
        d->SrcBlendAlpha = s->SrcBlendAlpha;
        d->DestBlendAlpha = s->DestBlendAlpha;
        d->BlendOpAlpha = s->BlendOpAlpha;
        d->RenderTargetWriteMask = s->RenderTargetWriteMask;
    }
}

/* The four factor slots of a render target, for the loops below. */
struct factor_slot {
    const char *field;
    size_t offset;
    bool alpha;
};

static const struct factor_slot factor_slots[] = {
    { "SrcBlend", offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, SrcBlend), false },
    { "DestBlend", offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, DestBlend), false },
    { "SrcBlendAlpha", offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, SrcBlendAlpha), true },
    { "DestBlendAlpha", offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, DestBlendAlpha), true },
};

static UINT slot_value(const D3D11_RENDER_TARGET_BLEND_DESC1 *rt, const struct factor_slot *s)
{
    D3D11_BLEND v;
    memcpy(&v, (const char *)rt + s->offset, sizeof(v));
    return (UINT)v;
}

HRESULT d3d11_validate_blend_desc(const char *method, const D3D11_BLEND_DESC1 *desc,
                                  D3D_FEATURE_LEVEL level, char *msg, size_t msg_size)
{
    const struct blend_rules *r = blend_rules_for(level);
    UINT used = desc->IndependentBlendEnable ? D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT : 1;

    /* General rules (D3D11_RENDER_TARGET_BLEND_DESC(1), D3D11_BLEND, D3D11_BLEND_OP,
     * D3D11_COLOR_WRITE_ENABLE, D3D11_LOGIC_OP reference pages). */
    for (UINT i = 0; i < used; i++) {
        const D3D11_RENDER_TARGET_BLEND_DESC1 *rt = &desc->RenderTarget[i];
        if (rt->RenderTargetWriteMask & ~(UINT)D3D11_COLOR_WRITE_ENABLE_ALL)
            return refuse(msg, msg_size, "%s: RenderTarget[%u].RenderTargetWriteMask 0x%x has "
                          "bits outside D3D11_COLOR_WRITE_ENABLE_ALL (0xf)", method, i,
                          rt->RenderTargetWriteMask);
        if (rt->BlendEnable && rt->LogicOpEnable)
            return refuse(msg, msg_size, "%s: RenderTarget[%u] has both BlendEnable and "
                          "LogicOpEnable TRUE (D3D11_RENDER_TARGET_BLEND_DESC1: not valid)",
                          method, i);
        if (rt->LogicOpEnable && (UINT)rt->LogicOp > D3D11_LOGIC_OP_OR_INVERTED)
            return refuse(msg, msg_size, "%s: RenderTarget[%u].LogicOp %u is not a "
                          "D3D11_LOGIC_OP value", method, i, (UINT)rt->LogicOp);
        if (!rt->BlendEnable)
            continue;
        for (size_t s = 0; s < ARRAY_SIZE(factor_slots); s++) {
            UINT v = slot_value(rt, &factor_slots[s]);
            const struct blend_factor *f = blend_factor(v);
            if (!f)
                return refuse(msg, msg_size, "%s: RenderTarget[%u].%s %u is not a D3D11_BLEND "
                              "value", method, i, factor_slots[s].field, v);
            if (factor_slots[s].alpha && f->color)
                return refuse(msg, msg_size, "%s: RenderTarget[%u].%s %s: factors ending in "
                              "_COLOR are not allowed for alpha (D3D11_RENDER_TARGET_BLEND_DESC)",
                              method, i, factor_slots[s].field, f->name);
        }
        if (!ENUM_NAME(blend_op_names, rt->BlendOp))
            return refuse(msg, msg_size, "%s: RenderTarget[%u].BlendOp %u is not a "
                          "D3D11_BLEND_OP value", method, i, (UINT)rt->BlendOp);
        if (!ENUM_NAME(blend_op_names, rt->BlendOpAlpha))
            return refuse(msg, msg_size, "%s: RenderTarget[%u].BlendOpAlpha %u is not a "
                          "D3D11_BLEND_OP value", method, i, (UINT)rt->BlendOpAlpha);
    }

    /* Level rules. */
    /* seed 004: CreateBlendState, 9_x: AlphaToCoverageEnable must be FALSE (10_0 adds it). */
    if (desc->AlphaToCoverageEnable && !r->alpha_to_coverage)
        return refuse(msg, msg_size, "%s: AlphaToCoverageEnable must be FALSE at feature level "
                      "%s (seed 004)", method, LEVEL(level));
    /* seed 004: CreateBlendState1, 9_x: not supported -> no logic ops (OutputMergerLogicOp);
     * FALSE at 10_0..11_0 too (blend_rules_above_9_3). */
    for (UINT i = 0; i < used && !r->logic_op; i++)
        if (desc->RenderTarget[i].LogicOpEnable)
            return refuse(msg, msg_size, "%s: RenderTarget[%u].LogicOpEnable: logic operations "
                          "(OutputMergerLogicOp) are not supported at feature level %s "
                          "(%s)", method, i, LEVEL(level),
                          level < D3D_FEATURE_LEVEL_10_0 ? "seed 004" : "11_1 required");
    /* D3D11_BLEND_DESC1: "When you set the LogicOpEnable member of ... RenderTarget[0] to
     * TRUE, you must also set the BlendEnable member of RenderTarget[0] to FALSE, and the
     * IndependentBlendEnable member ... to FALSE" (the same logic operation for every
     * target).  With IndependentBlendEnable TRUE any target's LogicOpEnable is refused, since
     * a logic op on one target only would be exactly the mix the page rules out. */
    for (UINT i = 0; i < used && desc->IndependentBlendEnable; i++)
        if (desc->RenderTarget[i].LogicOpEnable)
            return refuse(msg, msg_size, "%s: RenderTarget[%u].LogicOpEnable needs "
                          "IndependentBlendEnable FALSE (D3D11_BLEND_DESC1: one logic operation "
                          "for every render target)", method, i);
    /* seed 004: CreateBlendState, 9_x: the first four BlendEnable must have the same value. */
    for (UINT i = 1; i < r->same_blend_enable; i++)
        if (!desc->RenderTarget[i].BlendEnable != !desc->RenderTarget[0].BlendEnable)
            return refuse(msg, msg_size, "%s: RenderTarget[%u].BlendEnable %s differs from "
                          "RenderTarget[0].BlendEnable %s; the first four must be equal at "
                          "feature level %s (seed 004)", method, i,
                          desc->RenderTarget[i].BlendEnable ? "TRUE" : "FALSE",
                          desc->RenderTarget[0].BlendEnable ? "TRUE" : "FALSE", LEVEL(level));
    /* seed 004: CreateBlendState, 9_2 (and 9_1, see the decision above): the first four
     * RenderTargetWriteMask must have the same value. */
    for (UINT i = 1; i < r->same_write_mask; i++)
        if (desc->RenderTarget[i].RenderTargetWriteMask !=
            desc->RenderTarget[0].RenderTargetWriteMask)
            return refuse(msg, msg_size, "%s: RenderTarget[%u].RenderTargetWriteMask 0x%x "
                          "differs from RenderTarget[0].RenderTargetWriteMask 0x%x; the first "
                          "four must be equal at feature level %s (no independent write masks; "
                          "seed 004)", method, i, desc->RenderTarget[i].RenderTargetWriteMask,
                          desc->RenderTarget[0].RenderTargetWriteMask, LEVEL(level));
    /* seed 004: CreateBlendState, 9_x: no SRC_ALPHA_SAT, no dual-source (SRC1) factors. */
    for (UINT i = 0; i < used; i++) {
        const D3D11_RENDER_TARGET_BLEND_DESC1 *rt = &desc->RenderTarget[i];
        if (!rt->BlendEnable)
            continue;
        for (size_t s = 0; s < ARRAY_SIZE(factor_slots); s++) {
            const struct blend_factor *f = blend_factor(slot_value(rt, &factor_slots[s]));
            if (f->alpha_sat && !r->src_alpha_sat)
                return refuse(msg, msg_size, "%s: RenderTarget[%u].%s %s is not supported at "
                              "feature level %s (seed 004)", method, i, factor_slots[s].field,
                              f->name, LEVEL(level));
            if (f->src1 && !r->dual_source)
                return refuse(msg, msg_size, "%s: RenderTarget[%u].%s %s: dual-source blending "
                              "is not supported at feature level %s (seed 004)", method, i,
                              factor_slots[s].field, f->name, LEVEL(level));
        }
    }
    return S_OK;
}

/* ---------------------------------------------------------------------------------------------
 * Rasterizer state validation.
 * ------------------------------------------------------------------------------------------- */

HRESULT d3d11_validate_rasterizer_desc(const char *method, const D3D11_RASTERIZER_DESC1 *desc,
                                       D3D_FEATURE_LEVEL level, char *msg, size_t msg_size)
{
    const struct rasterizer_rules *r = rasterizer_rules_for(level);
    UINT fsc = desc->ForcedSampleCount;

    /* General rules (D3D11_FILL_MODE, D3D11_CULL_MODE, D3D11_RASTERIZER_DESC1: ForcedSampleCount
     * "Valid values are 0, 1, 2, 4, 8, and optionally 16"). */
    if (!ENUM_NAME(fill_mode_names, desc->FillMode))
        return refuse(msg, msg_size, "%s: FillMode %u is not a D3D11_FILL_MODE value", method,
                      (UINT)desc->FillMode);
    if (!ENUM_NAME(cull_mode_names, desc->CullMode))
        return refuse(msg, msg_size, "%s: CullMode %u is not a D3D11_CULL_MODE value", method,
                      (UINT)desc->CullMode);
    if (fsc != 0 && fsc != 1 && fsc != 2 && fsc != 4 && fsc != 8 && fsc != 16)
        return refuse(msg, msg_size, "%s: ForcedSampleCount %u is not 0, 1, 2, 4, 8 or 16",
                      method, fsc);

    /* Level rules. */
    /* seed 004: CreateRasterizerState, 9_x: DepthClipEnable must be TRUE. */
    if (!desc->DepthClipEnable && !r->depth_clip_disable)
        return refuse(msg, msg_size, "%s: DepthClipEnable must be TRUE at feature level %s "
                      "(seed 004)", method, LEVEL(level));
    /* seed 004: CreateRasterizerState, 9_x: DepthBiasClamp must be 0. */
    if (desc->DepthBiasClamp != 0.0f && !r->depth_bias_clamp)
        return refuse(msg, msg_size, "%s: DepthBiasClamp %g must be 0 at feature level %s "
                      "(seed 004)", method, (double)desc->DepthBiasClamp, LEVEL(level));
    /* Forced sample count (D3D11_FEATURE_DATA_D3D11_OPTIONS, UAVOnlyRenderingForcedSampleCount):
     * "You can always set ForcedSampleCount to 0 or 1 for UAV-only rendering", which exists
     * from 11_0 (pixel-shader UAVs); the other counts need the member TRUE, "always TRUE" at
     * 11_1 and reported FALSE at 11_0 (feature_support.c).  Below 11_0 there is no UAV-only
     * rendering to force a count for. */
    if (fsc && level < D3D_FEATURE_LEVEL_11_0)
        return refuse(msg, msg_size, "%s: ForcedSampleCount %u must be 0 at feature level %s "
                      "(forcing the sample count needs feature level 11_0/11_1)", method, fsc,
                      LEVEL(level));
    if (fsc > 1 && level < D3D_FEATURE_LEVEL_11_1)
        return refuse(msg, msg_size, "%s: ForcedSampleCount %u must be 0 or 1 at feature level "
                      "%s (D3D11_OPTIONS.UAVOnlyRenderingForcedSampleCount is FALSE there)",
                      method, fsc, LEVEL(level));
    return S_OK;
}

/* ---------------------------------------------------------------------------------------------
 * Depth-stencil state validation (general rules only: seed 004 has no CreateDepthStencilState
 * row, and two-sided stencil is a 9_1 requirement of seed 000).
 * ------------------------------------------------------------------------------------------- */

static HRESULT validate_stencil_face(const char *face, const D3D11_DEPTH_STENCILOP_DESC *f,
                                     char *msg, size_t msg_size)
{
    static const struct { const char *field; size_t offset; } ops[] = {
        { "StencilFailOp", offsetof(D3D11_DEPTH_STENCILOP_DESC, StencilFailOp) },
        { "StencilDepthFailOp", offsetof(D3D11_DEPTH_STENCILOP_DESC, StencilDepthFailOp) },
        { "StencilPassOp", offsetof(D3D11_DEPTH_STENCILOP_DESC, StencilPassOp) },
    };
    for (size_t i = 0; i < ARRAY_SIZE(ops); i++) {
        D3D11_STENCIL_OP op;
        memcpy(&op, (const char *)f + ops[i].offset, sizeof(op));
        if (!ENUM_NAME(stencil_op_names, op))
            return refuse(msg, msg_size, "CreateDepthStencilState: %s.%s %u is not a "
                          "D3D11_STENCIL_OP value", face, ops[i].field, (UINT)op);
    }
    if (!ENUM_NAME(comparison_names, f->StencilFunc))
        return refuse(msg, msg_size, "CreateDepthStencilState: %s.StencilFunc %u is not a "
                      "D3D11_COMPARISON_FUNC value", face, (UINT)f->StencilFunc);
    return S_OK;
}

HRESULT d3d11_validate_depth_stencil_desc(const D3D11_DEPTH_STENCIL_DESC *desc,
                                          D3D_FEATURE_LEVEL level, char *msg, size_t msg_size)
{
    HRESULT hr;
    (void)level;   /* no level rule: see above */

    if (desc->DepthEnable) {
        if (!ENUM_NAME(depth_write_mask_names, desc->DepthWriteMask))
            return refuse(msg, msg_size, "CreateDepthStencilState: DepthWriteMask %u is not a "
                          "D3D11_DEPTH_WRITE_MASK value", (UINT)desc->DepthWriteMask);
        if (!ENUM_NAME(comparison_names, desc->DepthFunc))
            return refuse(msg, msg_size, "CreateDepthStencilState: DepthFunc %u is not a "
                          "D3D11_COMPARISON_FUNC value", (UINT)desc->DepthFunc);
    }
    if (desc->StencilEnable) {
        if (FAILED(hr = validate_stencil_face("FrontFace", &desc->FrontFace, msg, msg_size)))
            return hr;
        if (FAILED(hr = validate_stencil_face("BackFace", &desc->BackFace, msg, msg_size)))
            return hr;
    }
    return S_OK;
}

static void depth_stencil_desc_copy(const D3D11_DEPTH_STENCIL_DESC *in,
                                    D3D11_DEPTH_STENCIL_DESC *out)
{
    memset(out, 0, sizeof(*out));   /* two bytes of padding after the stencil masks */
    out->DepthEnable = in->DepthEnable;
    out->DepthWriteMask = in->DepthWriteMask;
    out->DepthFunc = in->DepthFunc;
    out->StencilEnable = in->StencilEnable;
    out->StencilReadMask = in->StencilReadMask;
    out->StencilWriteMask = in->StencilWriteMask;
    out->FrontFace = in->FrontFace;
    out->BackFace = in->BackFace;
}

/* ---------------------------------------------------------------------------------------------
 * Sampler state validation.
 * ------------------------------------------------------------------------------------------- */

HRESULT d3d11_validate_sampler_desc(const D3D11_SAMPLER_DESC *desc, D3D_FEATURE_LEVEL level,
                                    char *msg, size_t msg_size)
{
    static const char *const axis[3] = { "AddressU", "AddressV", "AddressW" };
    const struct sampler_rules *r = sampler_rules_for(level);
    const D3D11_TEXTURE_ADDRESS_MODE modes[3] = { desc->AddressU, desc->AddressV,
                                                  desc->AddressW };
    UINT filter = (UINT)desc->Filter;
    bool border = false;

    /* General rules (D3D11_SAMPLER_DESC, D3D11_FILTER, D3D11_TEXTURE_ADDRESS_MODE,
     * D3D11_COMPARISON_FUNC; D3D11_MIP_LOD_BIAS_MIN/MAX). */
    if (!filter_valid(filter))
        return refuse(msg, msg_size, "CreateSamplerState: Filter 0x%x is not a D3D11_FILTER "
                      "value", filter);
    for (int i = 0; i < 3; i++) {
        if (!ENUM_NAME(address_names, modes[i]))
            return refuse(msg, msg_size, "CreateSamplerState: %s %u is not a "
                          "D3D11_TEXTURE_ADDRESS_MODE value", axis[i], (UINT)modes[i]);
        border |= modes[i] == D3D11_TEXTURE_ADDRESS_BORDER;
    }
    if (!(desc->MipLODBias >= D3D11_MIP_LOD_BIAS_MIN && desc->MipLODBias <= D3D11_MIP_LOD_BIAS_MAX))
        return refuse(msg, msg_size, "CreateSamplerState: MipLODBias %g is outside "
                      "[%g, %g]", (double)desc->MipLODBias, (double)D3D11_MIP_LOD_BIAS_MIN,
                      (double)D3D11_MIP_LOD_BIAS_MAX);
    if (filter_anisotropic(filter) &&
        (desc->MaxAnisotropy < 1 || desc->MaxAnisotropy > D3D11_MAX_MAXANISOTROPY))
        return refuse(msg, msg_size, "CreateSamplerState: MaxAnisotropy %u is outside [1, %u] "
                      "for the anisotropic filter 0x%x", desc->MaxAnisotropy,
                      D3D11_MAX_MAXANISOTROPY, filter);
    if (filter_reduction(filter) == D3D11_FILTER_REDUCTION_TYPE_COMPARISON &&
        !ENUM_NAME(comparison_names, desc->ComparisonFunc))
        return refuse(msg, msg_size, "CreateSamplerState: ComparisonFunc %u is not a "
                      "D3D11_COMPARISON_FUNC value", (UINT)desc->ComparisonFunc);
    if (isnan(desc->MinLOD) || isnan(desc->MaxLOD) || desc->MinLOD > desc->MaxLOD)
        return refuse(msg, msg_size, "CreateSamplerState: MinLOD %g and MaxLOD %g: MaxLOD must "
                      "be greater than or equal to MinLOD", (double)desc->MinLOD,
                      (double)desc->MaxLOD);

    /* Level rules. */
    /* seed 004: CreateSamplerState, 9_x: comparison filters not supported. */
    if (filter_reduction(filter) == D3D11_FILTER_REDUCTION_TYPE_COMPARISON &&
        !r->comparison_filters)
        return refuse(msg, msg_size, "CreateSamplerState: comparison filter 0x%x is not "
                      "supported at feature level %s (seed 004)", filter, LEVEL(level));
    /* Min/max reduction: D3D11_OPTIONS1.MinMaxFiltering, TRUE only at 11_1, whose device has
     * tiled resources tier 2 (seed 001; tiled.c). */
    if ((filter_reduction(filter) == D3D11_FILTER_REDUCTION_TYPE_MINIMUM ||
         filter_reduction(filter) == D3D11_FILTER_REDUCTION_TYPE_MAXIMUM) && !r->minmax_filters &&
        level < D3D_FEATURE_LEVEL_11_1)
        return refuse(msg, msg_size, "CreateSamplerState: minimum/maximum filter 0x%x is not "
                      "supported at feature level %s (MinMaxFiltering is FALSE)", filter,
                      LEVEL(level));
    /* seed 004: CreateSamplerState: max anisotropy 2 at 9_1, 16 at 9_2 and 9_3 (limits.h). */
    if (filter_anisotropic(filter) && d3d11_level_limits(level) &&
        desc->MaxAnisotropy > d3d11_level_limits(level)->max_anisotropy)
        return refuse(msg, msg_size, "CreateSamplerState: MaxAnisotropy %u exceeds %u at "
                      "feature level %s (seed 004)", desc->MaxAnisotropy,
                      d3d11_level_limits(level)->max_anisotropy, LEVEL(level));
    /* seed 004: CreateSamplerState, 9_1: D3D11_TEXTURE_ADDRESS_MIRROR_ONCE not supported. */
    for (int i = 0; i < 3 && !r->mirror_once; i++)
        if (modes[i] == D3D11_TEXTURE_ADDRESS_MIRROR_ONCE)
            return refuse(msg, msg_size, "CreateSamplerState: %s "
                          "D3D11_TEXTURE_ADDRESS_MIRROR_ONCE is not supported at feature level "
                          "%s (seed 004)", axis[i], LEVEL(level));
    /* seed 004: CreateSamplerState, 9_x: border colour must be within [0,1]. */
    for (int c = 0; c < 4 && border && !r->any_border_color; c++)
        if (!(desc->BorderColor[c] >= 0.0f && desc->BorderColor[c] <= 1.0f))
            return refuse(msg, msg_size, "CreateSamplerState: BorderColor[%d] %g is outside "
                          "[0, 1] at feature level %s (seed 004)", c,
                          (double)desc->BorderColor[c], LEVEL(level));
    /* seed 004: CreateSamplerState, 9_x: MinLOD cannot be fractional. */
    if (!r->fractional_min_lod && floorf(desc->MinLOD) != desc->MinLOD)
        return refuse(msg, msg_size, "CreateSamplerState: MinLOD %g must not be fractional at "
                      "feature level %s (seed 004)", (double)desc->MinLOD, LEVEL(level));
    /* seed 004: CreateSamplerState, 9_x: MaxLOD must be FLT_MAX. */
    if (!r->any_max_lod && desc->MaxLOD != D3D11_FLOAT32_MAX)
        return refuse(msg, msg_size, "CreateSamplerState: MaxLOD %g must be FLT_MAX "
                      "(D3D11_FLOAT32_MAX) at feature level %s (seed 004)",
                      (double)desc->MaxLOD, LEVEL(level));
    return S_OK;
}

/* ---------------------------------------------------------------------------------------------
 * The per-device de-duplication list (see the top of the file).
 * ------------------------------------------------------------------------------------------- */

/* One lock for every device's list: creation and destruction of state objects are rare, and a
 * static lock needs no setup or teardown in the device. */
static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;

static uint32_t hash_bytes(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint32_t h = 2166136261u;   /* FNV-1a */
    while (n--)
        h = (h ^ *b++) * 16777619u;
    return h;
}

/* Under state_lock: a live object of the class with this description, with a reference added; or
 * NULL.  An object whose count already reached zero is dying (it unlinks itself next) and is
 * skipped. */
static void *cache_find(struct d3d11_device *dev, const struct d3d11_state_class *cls, const void *key,
                        uint32_t hash, UINT *count)
{
    *count = 0;
    for (struct d3d11_state_entry *e = dev->state_objects; e; e = e->next) {
        if (e->kind != cls->kind)
            continue;
        ++*count;
        if (e->hash != hash || memcmp(e->key, key, cls->key_size))
            continue;
        if (d3d11_child_tryref(e->child))
            return e->object;
    }
    return NULL;
}

/* Validated description -> the existing or a new object (method name for the messages). */
HRESULT d3d11_state_cache_get(struct d3d11_device *dev, const struct d3d11_state_class *cls,
                         const char *method, const void *key, void **out)
{
    uint32_t hash = hash_bytes(key, cls->key_size);
    struct d3d11_state_entry *e;
    UINT count;
    void *obj;

    pthread_mutex_lock(&state_lock);
    if ((obj = cache_find(dev, cls, key, hash, &count))) {
        pthread_mutex_unlock(&state_lock);
        *out = obj;
        return S_OK;
    }
    if (count >= cls->limit) {
        pthread_mutex_unlock(&state_lock);
        d3d11_msg(dev, "%s: the device already has %u unique %s objects (the documented "
                  "maximum)", method, count, cls->what);
        return D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS;
    }
    if (!(obj = calloc(1, cls->size))) {
        pthread_mutex_unlock(&state_lock);
        d3d11_msg(dev, "%s: out of memory", method);
        return E_OUTOFMEMORY;
    }
    cls->init_vtbl(obj);
    d3d11_child_init((struct d3d11_child *)((char *)obj + cls->child_offset), dev);
    memcpy((char *)obj + cls->key_offset, key, cls->key_size);
    if (cls->init_from_key)
        cls->init_from_key(obj);
    e = (struct d3d11_state_entry *)((char *)obj + cls->entry_offset);
    e->kind = cls->kind;
    e->hash = hash;
    e->key = (char *)obj + cls->key_offset;
    e->key_size = cls->key_size;
    e->child = (struct d3d11_child *)((char *)obj + cls->child_offset);
    e->object = obj;
    e->next = dev->state_objects;
    e->pprev = &dev->state_objects;
    if (e->next)
        e->next->pprev = &e->next;
    dev->state_objects = e;
    pthread_mutex_unlock(&state_lock);
    *out = obj;
    return S_OK;
}

void d3d11_state_cache_unlink(struct d3d11_state_entry *e)
{
    pthread_mutex_lock(&state_lock);
    *e->pprev = e->next;
    if (e->next)
        e->next->pprev = e->pprev;
    pthread_mutex_unlock(&state_lock);
}

/* ---------------------------------------------------------------------------------------------
 * The objects.
 * ------------------------------------------------------------------------------------------- */

struct d3d11_blend_state {
    ID3D11BlendState1 iface;
    struct d3d11_child child;
    struct d3d11_state_entry entry;
    D3D11_BLEND_DESC1 desc;
};

struct d3d11_rasterizer_state {
    ID3D11RasterizerState1 iface;
    struct d3d11_child child;
    struct d3d11_state_entry entry;
    D3D11_RASTERIZER_DESC1 desc;
};

struct d3d11_depth_stencil_state {
    ID3D11DepthStencilState iface;
    struct d3d11_child child;
    struct d3d11_state_entry entry;
    D3D11_DEPTH_STENCIL_DESC desc;
};

struct d3d11_sampler_state {
    ID3D11SamplerState iface;
    struct d3d11_child child;
    struct d3d11_state_entry entry;
    D3D11_SAMPLER_DESC desc;
};

#define STATE_DESTROY(prefix, Type)                                                           \
    static void prefix##_destroy(Type *s)                                                     \
    {                                                                                         \
        d3d11_state_cache_unlink(&s->entry);                                                              \
        free(s);                                                                              \
    }

STATE_DESTROY(blend, struct d3d11_blend_state)
STATE_DESTROY(rasterizer, struct d3d11_rasterizer_state)
STATE_DESTROY(depth_stencil, struct d3d11_depth_stencil_state)
STATE_DESTROY(sampler, struct d3d11_sampler_state)

static const GUID *const blend_iids[] = { &IID_ID3D11BlendState, &IID_ID3D11BlendState1, NULL };
static const GUID *const rasterizer_iids[] = { &IID_ID3D11RasterizerState,
                                               &IID_ID3D11RasterizerState1, NULL };
static const GUID *const depth_stencil_iids[] = { &IID_ID3D11DepthStencilState, NULL };
static const GUID *const sampler_iids[] = { &IID_ID3D11SamplerState, NULL };

D3D11_CHILD_IMPLEMENT(blend, ID3D11BlendState1, struct d3d11_blend_state, blend_iids,
                      blend_destroy)
D3D11_CHILD_IMPLEMENT(rasterizer, ID3D11RasterizerState1, struct d3d11_rasterizer_state,
                      rasterizer_iids, rasterizer_destroy)
D3D11_CHILD_IMPLEMENT(depth_stencil, ID3D11DepthStencilState, struct d3d11_depth_stencil_state,
                      depth_stencil_iids, depth_stencil_destroy)
D3D11_CHILD_IMPLEMENT(sampler, ID3D11SamplerState, struct d3d11_sampler_state, sampler_iids,
                      sampler_destroy)

static void STDMETHODCALLTYPE blend_GetDesc(ID3D11BlendState1 *iface, D3D11_BLEND_DESC *desc)
{
    if (desc)
        blend_desc1_to_desc(&blend_impl(iface)->desc, desc);
}

static void STDMETHODCALLTYPE blend_GetDesc1(ID3D11BlendState1 *iface, D3D11_BLEND_DESC1 *desc)
{
    if (desc)
        *desc = blend_impl(iface)->desc;
}

static void STDMETHODCALLTYPE rasterizer_GetDesc(ID3D11RasterizerState1 *iface,
                                                 D3D11_RASTERIZER_DESC *desc)
{
    if (desc)
        memcpy(desc, &rasterizer_impl(iface)->desc, sizeof(*desc));   /* DESC is DESC1's head */
}

static void STDMETHODCALLTYPE rasterizer_GetDesc1(ID3D11RasterizerState1 *iface,
                                                  D3D11_RASTERIZER_DESC1 *desc)
{
    if (desc)
        *desc = rasterizer_impl(iface)->desc;
}

static void STDMETHODCALLTYPE depth_stencil_GetDesc(ID3D11DepthStencilState *iface,
                                                    D3D11_DEPTH_STENCIL_DESC *desc)
{
    if (desc)
        *desc = depth_stencil_impl(iface)->desc;
}

static void STDMETHODCALLTYPE sampler_GetDesc(ID3D11SamplerState *iface, D3D11_SAMPLER_DESC *desc)
{
    if (desc)
        *desc = sampler_impl(iface)->desc;
}

static const ID3D11BlendState1Vtbl blend_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(blend),
    .GetDesc = blend_GetDesc,
    .GetDesc1 = blend_GetDesc1,
};

static const ID3D11RasterizerState1Vtbl rasterizer_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(rasterizer),
    .GetDesc = rasterizer_GetDesc,
    .GetDesc1 = rasterizer_GetDesc1,
};

static const ID3D11DepthStencilStateVtbl depth_stencil_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(depth_stencil),
    .GetDesc = depth_stencil_GetDesc,
};

static const ID3D11SamplerStateVtbl sampler_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(sampler),
    .GetDesc = sampler_GetDesc,
};

static void blend_init_vtbl(void *o)
{
    ((struct d3d11_blend_state *)o)->iface.lpVtbl = &blend_vtbl;
}

static void rasterizer_init_vtbl(void *o)
{
    ((struct d3d11_rasterizer_state *)o)->iface.lpVtbl = &rasterizer_vtbl;
}

static void depth_stencil_init_vtbl(void *o)
{
    ((struct d3d11_depth_stencil_state *)o)->iface.lpVtbl = &depth_stencil_vtbl;
}

static void sampler_init_vtbl(void *o)
{
    ((struct d3d11_sampler_state *)o)->iface.lpVtbl = &sampler_vtbl;
}

#define STATE_CLASS(Kind, what_, limit_, Type, prefix)                                        \
    {                                                                                         \
        .kind = Kind, .what = what_, .limit = limit_, .size = sizeof(Type),                   \
        .child_offset = offsetof(Type, child), .entry_offset = offsetof(Type, entry),         \
        .key_offset = offsetof(Type, desc), .key_size = sizeof(((Type *)0)->desc),            \
        .init_vtbl = prefix##_init_vtbl,                                                      \
    }

static const struct d3d11_state_class blend_class =
    STATE_CLASS(D3D11_STATE_KIND_BLEND, "blend-state", D3D11_REQ_BLEND_OBJECT_COUNT_PER_DEVICE,
                struct d3d11_blend_state, blend);
static const struct d3d11_state_class rasterizer_class =
    STATE_CLASS(D3D11_STATE_KIND_RASTERIZER, "rasterizer-state", D3D11_REQ_RASTERIZER_OBJECT_COUNT_PER_DEVICE,
                struct d3d11_rasterizer_state, rasterizer);
static const struct d3d11_state_class depth_stencil_class =
    STATE_CLASS(D3D11_STATE_KIND_DEPTH_STENCIL, "depth-stencil-state",
                D3D11_REQ_DEPTH_STENCIL_OBJECT_COUNT_PER_DEVICE, struct d3d11_depth_stencil_state,
                depth_stencil);
static const struct d3d11_state_class sampler_class =
    STATE_CLASS(D3D11_STATE_KIND_SAMPLER, "sampler-state", D3D11_REQ_SAMPLER_OBJECT_COUNT_PER_DEVICE,
                struct d3d11_sampler_state, sampler);

/* ---------------------------------------------------------------------------------------------
 * Accessors (d3d11_state.h).
 * ------------------------------------------------------------------------------------------- */

const D3D11_BLEND_DESC1 *d3d11_blend_state_desc(ID3D11BlendState *state)
{
    if (!state || state->lpVtbl != (const void *)&blend_vtbl)
        return NULL;
    return &blend_impl((ID3D11BlendState1 *)state)->desc;
}

const D3D11_RASTERIZER_DESC1 *d3d11_rasterizer_state_desc(ID3D11RasterizerState *state)
{
    if (!state || state->lpVtbl != (const void *)&rasterizer_vtbl)
        return NULL;
    return &rasterizer_impl((ID3D11RasterizerState1 *)state)->desc;
}

const D3D11_DEPTH_STENCIL_DESC *d3d11_depth_stencil_state_desc(ID3D11DepthStencilState *state)
{
    if (!state || state->lpVtbl != &depth_stencil_vtbl)
        return NULL;
    return &depth_stencil_impl(state)->desc;
}

const D3D11_SAMPLER_DESC *d3d11_sampler_state_desc(ID3D11SamplerState *state)
{
    if (!state || state->lpVtbl != &sampler_vtbl)
        return NULL;
    return &sampler_impl(state)->desc;
}

struct d3d11_child *d3d11_state_object_child(ID3D11DeviceChild *object)
{
    const void *vtbl = object ? object->lpVtbl : NULL;
    if (vtbl == (const void *)&blend_vtbl)
        return &blend_impl((ID3D11BlendState1 *)object)->child;
    if (vtbl == (const void *)&rasterizer_vtbl)
        return &rasterizer_impl((ID3D11RasterizerState1 *)object)->child;
    if (vtbl == (const void *)&depth_stencil_vtbl)
        return &depth_stencil_impl((ID3D11DepthStencilState *)object)->child;
    if (vtbl == (const void *)&sampler_vtbl)
        return &sampler_impl((ID3D11SamplerState *)object)->child;
    return NULL;
}

/* ---------------------------------------------------------------------------------------------
 * The device methods.
 * ------------------------------------------------------------------------------------------- */

/* Shared tail of every Create*State: the description is valid and in stored form. */
static HRESULT create_state(struct d3d11_device *dev, const struct d3d11_state_class *cls,
                            const char *method, const void *key, void **out)
{
    void *obj;
    HRESULT hr;
    if (!out)
        return S_FALSE;   /* documented: a NULL out-pointer validates only */
    if (FAILED(hr = d3d11_state_cache_get(dev, cls, method, key, &obj))) {
        *out = NULL;
        return hr;
    }
    *out = obj;   /* the interface is the first member of every state object */
    return S_OK;
}

static HRESULT refused(struct d3d11_device *dev, void **out, HRESULT hr, const char *msg)
{
    if (out)
        *out = NULL;
    d3d11_msg(dev, "%s", msg);
    return hr;
}

static HRESULT blend_create(struct d3d11_device *dev, const char *method,
                            const D3D11_BLEND_DESC1 *desc, void **out)
{
    char msg[256];
    D3D11_BLEND_DESC1 key;
    HRESULT hr;
    d3d11_blend_desc_normalize(desc, &key);
    if (FAILED(hr = d3d11_validate_blend_desc(method, &key, dev->level, msg, sizeof(msg))))
        return refused(dev, out, hr, msg);
    return create_state(dev, &blend_class, method, &key, out);
}

static HRESULT STDMETHODCALLTYPE device_CreateBlendState(ID3D11Device2 *iface,
                                                         const D3D11_BLEND_DESC *desc,
                                                         ID3D11BlendState **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    D3D11_BLEND_DESC1 desc1;
    if (!desc)
        return refused(dev, (void **)out, E_INVALIDARG,
                       "CreateBlendState: pBlendStateDesc is NULL");
    blend_desc_to_desc1(desc, &desc1);
    return blend_create(dev, "CreateBlendState", &desc1, (void **)out);
}

static HRESULT STDMETHODCALLTYPE device_CreateBlendState1(ID3D11Device2 *iface,
                                                          const D3D11_BLEND_DESC1 *desc,
                                                          ID3D11BlendState1 **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    if (!desc)
        return refused(dev, (void **)out, E_INVALIDARG,
                       "CreateBlendState1: pBlendStateDesc is NULL");
    return blend_create(dev, "CreateBlendState1", desc, (void **)out);
}

static HRESULT rasterizer_create(struct d3d11_device *dev, const char *method,
                                 const D3D11_RASTERIZER_DESC1 *desc, void **out)
{
    char msg[256];
    D3D11_RASTERIZER_DESC1 key = *desc;   /* no padding in this structure */
    HRESULT hr;
    if (FAILED(hr = d3d11_validate_rasterizer_desc(method, &key, dev->level, msg, sizeof(msg))))
        return refused(dev, out, hr, msg);
    return create_state(dev, &rasterizer_class, method, &key, out);
}

static HRESULT STDMETHODCALLTYPE device_CreateRasterizerState(ID3D11Device2 *iface,
                                                              const D3D11_RASTERIZER_DESC *desc,
                                                              ID3D11RasterizerState **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    D3D11_RASTERIZER_DESC1 desc1;
    if (!desc)
        return refused(dev, (void **)out, E_INVALIDARG,
                       "CreateRasterizerState: pRasterizerDesc is NULL");
    memcpy(&desc1, desc, sizeof(*desc));
    desc1.ForcedSampleCount = 0;
    return rasterizer_create(dev, "CreateRasterizerState", &desc1, (void **)out);
}

static HRESULT STDMETHODCALLTYPE device_CreateRasterizerState1(
    ID3D11Device2 *iface, const D3D11_RASTERIZER_DESC1 *desc, ID3D11RasterizerState1 **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    if (!desc)
        return refused(dev, (void **)out, E_INVALIDARG,
                       "CreateRasterizerState1: pRasterizerDesc is NULL");
    return rasterizer_create(dev, "CreateRasterizerState1", desc, (void **)out);
}

static HRESULT STDMETHODCALLTYPE device_CreateDepthStencilState(
    ID3D11Device2 *iface, const D3D11_DEPTH_STENCIL_DESC *desc, ID3D11DepthStencilState **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    D3D11_DEPTH_STENCIL_DESC key;
    char msg[256];
    HRESULT hr;
    if (!desc)
        return refused(dev, (void **)out, E_INVALIDARG,
                       "CreateDepthStencilState: pDepthStencilDesc is NULL");
    depth_stencil_desc_copy(desc, &key);
    if (FAILED(hr = d3d11_validate_depth_stencil_desc(&key, dev->level, msg, sizeof(msg))))
        return refused(dev, (void **)out, hr, msg);
    return create_state(dev, &depth_stencil_class, "CreateDepthStencilState", &key, (void **)out);
}

static HRESULT STDMETHODCALLTYPE device_CreateSamplerState(ID3D11Device2 *iface,
                                                           const D3D11_SAMPLER_DESC *desc,
                                                           ID3D11SamplerState **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    D3D11_SAMPLER_DESC key;
    char msg[256];
    HRESULT hr;
    if (!desc)
        return refused(dev, (void **)out, E_INVALIDARG,
                       "CreateSamplerState: pSamplerDesc is NULL");
    key = *desc;   /* no padding in this structure */
    if (FAILED(hr = d3d11_validate_sampler_desc(&key, dev->level, msg, sizeof(msg))))
        return refused(dev, (void **)out, hr, msg);
    return create_state(dev, &sampler_class, "CreateSamplerState", &key, (void **)out);
}

void d3d11_state_fill_device_vtbl(ID3D11Device2Vtbl *v)
{
    v->CreateBlendState = device_CreateBlendState;
    v->CreateBlendState1 = device_CreateBlendState1;
    v->CreateRasterizerState = device_CreateRasterizerState;
    v->CreateRasterizerState1 = device_CreateRasterizerState1;
    v->CreateDepthStencilState = device_CreateDepthStencilState;
    v->CreateSamplerState = device_CreateSamplerState;
}
