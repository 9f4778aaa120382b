/* softd3d-caps — prints the capabilities of a softd3d profile and checks them against the
 * seed-000 feature-level rules.
 *
 *   softd3d-caps [--profile P] [--api d3d9|d3d11] [--json] [--level L] [--swvp]
 *
 *   --profile P   9_1, 9_2, 9_3, 10_0, 10_1, 11_0 (D3D11 devices of exactly that level, issues
 *                 11 and 15; 11_0 partial), max
 *                 or 11_1 (every level to 11_0, and 11_1 with tiled resources when asked
 *                 for; 11_1-tiled is its old name, still accepted).  Default: $SOFTD3D_PROFILE, or
 *                 max when it is unset/empty.
 *   --api A       d3d9 (default): the D3DCAPS9 of the profile, every member, flags decoded, the
 *                 feature level derived from it, and every seed-000 row with met / not met.
 *                 d3d11: what the D3D11 API reports for the profile.
 *   --json        machine-readable output (format below) instead of text.
 *   --level L     9_1, 9_2 or 9_3: list only the rows that level L needs (its own and those of the
 *                 levels below it), and exit 1 if one of them is not met.  With --api d3d11 also
 *                 10_0, 10_1 or 11_0: the device is created at that level.
 *   --swvp        the caps of the device under software vertex processing (seed 002) instead of
 *                 hardware vertex processing.
 *
 * Exit status: 0 success; 1 a row of --level L is not met (or the d3d11 part is unavailable);
 * 2 bad arguments or a bad SOFTD3D_PROFILE.
 *
 * JSON format (--api d3d9 --json), one object on one line, keys always in this order:
 *
 *   {"profile":"9_2",                  the profile name
 *    "api":"d3d9",
 *    "vertex_processing":"hardware",   or "software" with --swvp
 *    "feature_level":"9_2",            derived from the caps: "9_1", "9_2", "9_3" or "none"
 *    "caps":{                          every D3DCAPS9 member in structure order; nested members
 *                                      are named "VS20Caps.NumTemps", "PS20Caps.Caps"
 *      "DeviceType":1,                 numbers: DWORD/UINT/INT members as integers, float members
 *      "MaxVertexW":1e+09,             as JSON numbers (printf "%.9g", which round-trips a
 *                                      float; NaN or infinity as null),
 *      "VertexShaderVersion":4294836736,   shader versions as the raw DWORD (D3DVS_VERSION(2,0))
 *      "Caps2":["D3DCAPS2_FULLSCREENGAMMA","D3DCAPS2_DYNAMICTEXTURES"],
 *                                      flag members: array of the names of the set flags, in the
 *                                      order of the SDK's definitions; a multi-bit field appears as
 *                                      "NAME=<n>" ("D3DFVFCAPS_TEXCOORDCOUNTMASK=8"); bits with no
 *                                      name as one "0x%08x" string, last; no flags: []
 *      ...},
 *    "rows":[                          the seed-000 rows (all of them, or those --level L needs),
 *                                      in the seed's order: the 9_1 table, then 9_2, then 9_3
 *      {"level":"9_1","member":"Caps2",
 *       "requirement":"D3DCAPS2_DYNAMICTEXTURES | D3DCAPS2_FULLSCREENGAMMA","met":true},
 *      ...]}
 *
 * "requirement" is the row's value as the seed writes it: flags joined by " | ", ">= 2048",
 * ">= D3DVS_VERSION(2, 0)", "0 or >= 128" (MaxTextureRepeat), "0.0 (no requirement)" (MaxVertexW
 * at 9_1), or the note "D3DPTEXTURECAPS_POW2 and D3DPTEXTURECAPS_NONPOW2CONDITIONAL both or
 * neither" (a second TextureCaps row at 9_1).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COBJMACROS
#include "d3d11.h"

#include "core/caps_names.h"
#include "d3d11/format_support.h"
#include "d3d11/limits.h"
#include "core/profile.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: softd3d-caps [--profile 9_1|9_2|9_3|10_0|10_1|11_0|11_1|max] [--api d3d9|d3d11]\n"
            "                    [--json] [--level 9_1|9_2|9_3|10_0|10_1|11_0] [--swvp]\n"
            "Prints the capabilities of a softd3d profile (default: $SOFTD3D_PROFILE, else max)\n"
            "and checks them against the seed-000 feature-level rules.\n");
}

/* ---- d3d11 ---------------------------------------------------------------------------------- */

/* The D3D11 view goes through the public API, as an application sees it: a device is created
 * under the profile (SOFTD3D_PROFILE is set to it for this process) at the requested level (or
 * the highest one), and each CheckFeatureSupport answer is printed.  JSON:
 *   {"profile":"9_1","api":"d3d11","feature_level":"9_1",
 *    "features":{"THREADING":{"DriverConcurrentCreates":true,"DriverCommandLists":false},...},
 *    "limits":{"MaxTextureDimension":2048,...},
 *    "formats":{"R8G8B8A8_UNORM":["TEXTURE2D","TEXTURECUBE",...],...}}
 * Booleans are JSON booleans; TiledResourcesTier and the min-precision masks are integers;
 * "limits" are the numeric limits of the level (src/d3d11/limits.h); "formats" lists every format the level supports with the names of its D3D11_FORMAT_SUPPORT
 * bits (without the D3D11_FORMAT_SUPPORT_ prefix), in DXGI_FORMAT order. */
struct d3d11_field { const char *name; size_t offset; int boolean; };
struct d3d11_feature {
    const char *name;
    D3D11_FEATURE feature;
    size_t size;
    struct d3d11_field fields[5];
};
#define F(s, m, b) { #m, offsetof(s, m), b }
static const struct d3d11_feature d3d11_features[] = {
    { "THREADING", D3D11_FEATURE_THREADING, sizeof(D3D11_FEATURE_DATA_THREADING),
      { F(D3D11_FEATURE_DATA_THREADING, DriverConcurrentCreates, 1),
        F(D3D11_FEATURE_DATA_THREADING, DriverCommandLists, 1) } },
    { "DOUBLES", D3D11_FEATURE_DOUBLES, sizeof(D3D11_FEATURE_DATA_DOUBLES),
      { F(D3D11_FEATURE_DATA_DOUBLES, DoublePrecisionFloatShaderOps, 1) } },
    { "D3D10_X_HARDWARE_OPTIONS", D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS,
      sizeof(D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS),
      { F(D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS,
          ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x, 1) } },
    { "D3D11_OPTIONS", D3D11_FEATURE_D3D11_OPTIONS, sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS),
      { F(D3D11_FEATURE_DATA_D3D11_OPTIONS, OutputMergerLogicOp, 1),
        F(D3D11_FEATURE_DATA_D3D11_OPTIONS, DiscardAPIsSeenByDriver, 1),
        F(D3D11_FEATURE_DATA_D3D11_OPTIONS, ClearView, 1),
        F(D3D11_FEATURE_DATA_D3D11_OPTIONS, ConstantBufferOffsetting, 1),
        F(D3D11_FEATURE_DATA_D3D11_OPTIONS, MapNoOverwriteOnDynamicConstantBuffer, 1) } },
    { "D3D11_OPTIONS1", D3D11_FEATURE_D3D11_OPTIONS1, sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS1),
      { F(D3D11_FEATURE_DATA_D3D11_OPTIONS1, TiledResourcesTier, 0),
        F(D3D11_FEATURE_DATA_D3D11_OPTIONS1, MinMaxFiltering, 1),
        F(D3D11_FEATURE_DATA_D3D11_OPTIONS1, ClearViewAlsoSupportsDepthOnlyFormats, 1),
        F(D3D11_FEATURE_DATA_D3D11_OPTIONS1, MapOnDefaultBuffers, 1) } },
    { "ARCHITECTURE_INFO", D3D11_FEATURE_ARCHITECTURE_INFO,
      sizeof(D3D11_FEATURE_DATA_ARCHITECTURE_INFO),
      { F(D3D11_FEATURE_DATA_ARCHITECTURE_INFO, TileBasedDeferredRenderer, 1) } },
    { "D3D9_OPTIONS", D3D11_FEATURE_D3D9_OPTIONS, sizeof(D3D11_FEATURE_DATA_D3D9_OPTIONS),
      { F(D3D11_FEATURE_DATA_D3D9_OPTIONS, FullNonPow2TextureSupport, 1) } },
    { "SHADER_MIN_PRECISION_SUPPORT", D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT,
      sizeof(D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT),
      { F(D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT, PixelShaderMinPrecision, 0),
        F(D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT, AllOtherShaderStagesMinPrecision, 0) } },
    { "D3D9_SHADOW_SUPPORT", D3D11_FEATURE_D3D9_SHADOW_SUPPORT,
      sizeof(D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT),
      { F(D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT,
          SupportsDepthAsTextureWithLessEqualComparisonFilter, 1) } },
    { "D3D9_SIMPLE_INSTANCING_SUPPORT", D3D11_FEATURE_D3D9_SIMPLE_INSTANCING_SUPPORT,
      sizeof(D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT),
      { F(D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT, SimpleInstancingSupported, 1) } },
    { "D3D9_OPTIONS1", D3D11_FEATURE_D3D9_OPTIONS1, sizeof(D3D11_FEATURE_DATA_D3D9_OPTIONS1),
      { F(D3D11_FEATURE_DATA_D3D9_OPTIONS1, FullNonPow2TextureSupported, 1),
        F(D3D11_FEATURE_DATA_D3D9_OPTIONS1, DepthAsTextureWithLessEqualComparisonFilterSupported, 1),
        F(D3D11_FEATURE_DATA_D3D9_OPTIONS1, SimpleInstancingSupported, 1),
        F(D3D11_FEATURE_DATA_D3D9_OPTIONS1,
          TextureCubeFaceRenderTargetWithNonCubeDepthStencilSupported, 1) } },
};
#undef F

/* The names of the D3D11_FORMAT_SUPPORT bits, lowest first, without the prefix. */
static const char *const format_support_names[32] = {
    "BUFFER", "IA_VERTEX_BUFFER", "IA_INDEX_BUFFER", "SO_BUFFER", "TEXTURE1D", "TEXTURE2D",
    "TEXTURE3D", "TEXTURECUBE", "SHADER_LOAD", "SHADER_SAMPLE", "SHADER_SAMPLE_COMPARISON",
    "SHADER_SAMPLE_MONO_TEXT", "MIP", "MIP_AUTOGEN", "RENDER_TARGET", "BLENDABLE",
    "DEPTH_STENCIL", "CPU_LOCKABLE", "MULTISAMPLE_RESOLVE", "DISPLAY",
    "CAST_WITHIN_BIT_LAYOUT", "MULTISAMPLE_RENDERTARGET", "MULTISAMPLE_LOAD", "SHADER_GATHER",
    "BACK_BUFFER_CAST", "TYPED_UNORDERED_ACCESS_VIEW", "SHADER_GATHER_COMPARISON",
    "DECODER_OUTPUT", "VIDEO_PROCESSOR_OUTPUT", "VIDEO_PROCESSOR_INPUT", "VIDEO_ENCODER", NULL,
};

struct format_print { int json; int count; };

/* Text: "  R8G8B8A8_UNORM  TEXTURE2D | ...".  JSON: "R8G8B8A8_UNORM":["TEXTURE2D",...]. */
static void print_format_row(void *ctx, DXGI_FORMAT format, UINT support, UINT support2)
{
    struct format_print *fp = ctx;
    int first = 1;
    (void)support2;   /* always 0 at 9_x (format_support.h) */
    if (fp->json)
        printf("%s\"%s\":[", fp->count ? "," : "", d3d11_format_name(format));
    else
        printf("    %-28s ", d3d11_format_name(format));
    for (int bit = 0; bit < 32; bit++) {
        if (!(support & (1u << bit)))
            continue;
        if (fp->json)
            printf("%s\"%s\"", first ? "" : ",", format_support_names[bit]);
        else
            printf("%s%s", first ? "" : " | ", format_support_names[bit]);
        first = 0;
    }
    printf(fp->json ? "]" : "\n");
    fp->count++;
}

static int print_d3d11(const core_profile *p, int json, const char *level)
{
    struct format_print fp = { json, 0 };
    ID3D11Device *dev = NULL;
    D3D_FEATURE_LEVEL want = 0, got = 0;
    HRESULT hr;

    if (level) {
        want = (D3D_FEATURE_LEVEL)core_level_from_name(level);
        if (!want) {
            fprintf(stderr, "softd3d-caps: \"%s\" is not a level (9_1, 9_2, 9_3, 10_0, 10_1, 11_0)\n",
                    level);
            return 2;
        }
    }
    setenv("SOFTD3D_PROFILE", p->name, 1);
    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, want ? &want : NULL,
                           want ? 1 : 0, D3D11_SDK_VERSION, &dev, &got, NULL);
    if (FAILED(hr)) {
        fprintf(stderr, "softd3d-caps: D3D11CreateDevice at %s under profile %s failed: 0x%08x\n",
                level ? level : "the default levels", p->name, (unsigned)hr);
        return 1;
    }
    if (json)
        printf("{\"profile\":\"%s\",\"api\":\"d3d11\",\"feature_level\":\"%s\",\"features\":{",
               p->name, core_level_name((core_level)got));
    else
        printf("profile %s, D3D11 feature level %s\n", p->name, core_level_name((core_level)got));
    for (size_t i = 0; i < sizeof(d3d11_features) / sizeof(d3d11_features[0]); i++) {
        const struct d3d11_feature *f = &d3d11_features[i];
        unsigned char data[64] = { 0 };
        hr = ID3D11Device_CheckFeatureSupport(dev, f->feature, data, (UINT)f->size);
        if (json)
            printf("%s\"%s\":{", i ? "," : "", f->name);
        else
            printf("  %s%s\n", f->name, FAILED(hr) ? " (failed)" : "");
        for (size_t k = 0; k < 5 && f->fields[k].name; k++) {
            int v;
            memcpy(&v, data + f->fields[k].offset, sizeof(v));
            if (json)
                printf("%s\"%s\":", k ? "," : "", f->fields[k].name);
            if (json && f->fields[k].boolean)
                printf("%s", v ? "true" : "false");
            else if (json)
                printf("%d", v);
            else if (f->fields[k].boolean)
                printf("    %-60s %s\n", f->fields[k].name, v ? "TRUE" : "FALSE");
            else
                printf("    %-60s %d\n", f->fields[k].name, v);
        }
        if (json)
            printf("}");
    }
    /* The numeric limits of the level (src/d3d11/limits.h). */
    {
        const struct d3d11_level_limits *l = d3d11_level_limits(got);
        static const struct { const char *name; size_t offset; } fields[] = {
            { "MaxTextureDimension", offsetof(struct d3d11_level_limits, max_texture_dimension) },
            { "MaxCubeDimension", offsetof(struct d3d11_level_limits, max_cube_dimension) },
            { "MaxTexture3DDimension", offsetof(struct d3d11_level_limits, max_texture3d_dimension) },
            { "MaxAnisotropy", offsetof(struct d3d11_level_limits, max_anisotropy) },
            { "MaxPrimitiveCount", offsetof(struct d3d11_level_limits, max_primitive_count) },
            { "MaxVertexIndex", offsetof(struct d3d11_level_limits, max_vertex_index) },
            { "SimultaneousRenderTargets", offsetof(struct d3d11_level_limits, render_targets) },
            { "MaxTextureRepeat", offsetof(struct d3d11_level_limits, max_texture_repeat) },
            { "InputSlots", offsetof(struct d3d11_level_limits, input_slots) },
        };
        if (json)
            printf("},\"limits\":{");
        else
            printf("  limits\n");
        for (size_t i = 0; l && i < sizeof(fields) / sizeof(fields[0]); i++) {
            UINT v;
            memcpy(&v, (const char *)l + fields[i].offset, sizeof(v));
            if (json)
                printf("%s\"%s\":%u", i ? "," : "", fields[i].name, v);
            else
                printf("    %-60s %u\n", fields[i].name, v);
        }
    }
    /* The format support table of the device's level (CheckFormatSupport for every format). */
    if (json)
        printf("},\"formats\":{");
    else
        printf("  formats supported at %s (CheckFormatSupport)\n", core_level_name((core_level)got));
    d3d11_format_support_table(got, print_format_row, &fp);
    if (json)
        printf("}}\n");
    ID3D11Device_Release(dev);
    return 0;
}

/* ---- d3d9: text ----------------------------------------------------------------------------- */

static void text_token(void *ctx, const char *tok)
{
    (void)ctx;
    printf("  %-34s  %s\n", "", tok);
}

static void print_member_text(const core_caps_member *m, const D3DCAPS9 *c)
{
    DWORD v = core_caps_member_bits(m, c);
    switch (m->type) {
    case CORE_CAPS_UINT:
        printf("  %-34s%u\n", m->name, (unsigned)v);
        break;
    case CORE_CAPS_INT:
        printf("  %-34s%d\n", m->name, (int)(INT)v);
        break;
    case CORE_CAPS_FLOAT:
        printf("  %-34s%.9g\n", m->name, (double)core_caps_member_float(m, c));
        break;
    case CORE_CAPS_VS_VERSION:
    case CORE_CAPS_PS_VERSION:
        printf("  %-34s0x%08x (%s %u.%u)\n", m->name, (unsigned)v,
               m->type == CORE_CAPS_VS_VERSION ? "vs" : "ps", (unsigned)((v >> 8) & 0xff),
               (unsigned)(v & 0xff));
        break;
    case CORE_CAPS_DEVTYPE: {
        const char *n = core_caps_devtype_name(v);
        printf("  %-34s%u (%s)\n", m->name, (unsigned)v, n ? n : "unknown");
        break;
    }
    case CORE_CAPS_FLAGS: {
        printf("  %-34s0x%08x\n", m->name, (unsigned)v);
        core_caps_decode_flags(m, v, text_token, NULL);
        break;
    }
    }
}

static bool row_selected(const core_caps_rule *r, core_level only)
{
    return only == CORE_LEVEL_NONE || r->level <= only;
}

static int print_d3d9_text(const core_profile *p, const D3DCAPS9 *c, bool swvp, core_level only)
{
    char why[512];
    size_t n;
    const core_caps_member *members = core_caps_members(&n);
    const core_caps_rule *rules;
    core_level level = core_level_from_caps(c, why, sizeof(why));
    int unmet = 0;

    printf("softd3d-caps: profile %s, api d3d9, %s vertex processing\n", p->name,
           swvp ? "software" : "hardware");
    printf("feature level derived from the caps (seed 000): %s\n", core_level_name(level));
    if (why[0])
        printf("  why not higher: %s\n", why);

    printf("\nD3DCAPS9\n");
    for (size_t i = 0; i < n; i++)
        print_member_text(&members[i], c);

    printf("\nseed-000 rows%s%s\n", only ? " needed by " : "", only ? core_level_name(only) : "");
    rules = core_caps_rules(&n);
    core_level shown = CORE_LEVEL_NONE;
    for (size_t i = 0; i < n; i++) {
        const core_caps_rule *r = &rules[i];
        if (!row_selected(r, only))
            continue;
        bool met = core_caps_rule_met(r, c);
        if (r->level != shown) {
            printf("  level %s\n", core_level_name(r->level));
            shown = r->level;
        }
        if (met) {
            printf("    %-7s %s %s\n", "met", r->member, r->requirement);
        } else {
            core_caps_rule_describe(r, c, why, sizeof(why));
            printf("    %-7s %s\n", "NOT MET", why);
            unmet++;
        }
    }
    if (only) {
        printf("\n%s: %s\n", core_level_name(only),
               unmet ? "not met" : "all rows met");
        return unmet ? 1 : 0;
    }
    return 0;
}

/* ---- d3d9: JSON ----------------------------------------------------------------------------- */

static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            printf("\\%c", ch);
        else if (ch < 0x20)
            printf("\\u%04x", ch);
        else
            putchar(ch);
    }
    putchar('"');
}

struct json_ctx {
    int count;
};

static void json_token(void *ctx, const char *tok)
{
    struct json_ctx *j = ctx;
    if (j->count++)
        putchar(',');
    json_string(tok);
}

static void print_member_json(const core_caps_member *m, const D3DCAPS9 *c)
{
    DWORD v = core_caps_member_bits(m, c);
    json_string(m->name);
    putchar(':');
    switch (m->type) {
    case CORE_CAPS_INT:
        printf("%d", (int)(INT)v);
        break;
    case CORE_CAPS_FLOAT: {
        double f = (double)core_caps_member_float(m, c);
        if (f != f || f - f != 0.0)  /* NaN or infinity: not representable in JSON */
            printf("null");
        else
            printf("%.9g", f);
        break;
    }
    case CORE_CAPS_FLAGS: {
        struct json_ctx j = { 0 };
        putchar('[');
        core_caps_decode_flags(m, v, json_token, &j);
        putchar(']');
        break;
    }
    default:
        printf("%u", (unsigned)v);
        break;
    }
}

static int print_d3d9_json(const core_profile *p, const D3DCAPS9 *c, bool swvp, core_level only)
{
    size_t n;
    const core_caps_member *members = core_caps_members(&n);
    const core_caps_rule *rules;
    int unmet = 0;

    printf("{\"profile\":");
    json_string(p->name);
    printf(",\"api\":\"d3d9\",\"vertex_processing\":\"%s\",\"feature_level\":\"%s\",\"caps\":{",
           swvp ? "software" : "hardware", core_level_name(core_level_from_caps(c, NULL, 0)));
    for (size_t i = 0; i < n; i++) {
        if (i)
            putchar(',');
        print_member_json(&members[i], c);
    }
    printf("},\"rows\":[");
    rules = core_caps_rules(&n);
    bool first = true;
    for (size_t i = 0; i < n; i++) {
        const core_caps_rule *r = &rules[i];
        if (!row_selected(r, only))
            continue;
        bool met = core_caps_rule_met(r, c);
        unmet += !met;
        printf("%s{\"level\":\"%s\",\"member\":", first ? "" : ",", core_level_name(r->level));
        json_string(r->member);
        printf(",\"requirement\":");
        json_string(r->requirement);
        printf(",\"met\":%s}", met ? "true" : "false");
        first = false;
    }
    printf("]}\n");
    return only && unmet ? 1 : 0;
}

/* ---- main ----------------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    const char *profile_name = NULL, *api = "d3d9", *level_name = NULL;
    bool json = false, swvp = false;
    const core_profile *p;
    core_level only = CORE_LEVEL_NONE;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **value = !strcmp(a, "--profile") ? &profile_name
                           : !strcmp(a, "--api")     ? &api
                           : !strcmp(a, "--level")   ? &level_name
                                                     : NULL;
        if (value) {
            if (i + 1 >= argc) {
                fprintf(stderr, "softd3d-caps: %s needs a value\n", a);
                usage(stderr);
                return 2;
            }
            *value = argv[++i];
        } else if (!strcmp(a, "--json")) {
            json = true;
        } else if (!strcmp(a, "--swvp")) {
            swvp = true;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "softd3d-caps: unknown argument \"%s\"\n", a);
            usage(stderr);
            return 2;
        }
    }

    if (profile_name) {
        if (core_profile_by_name(profile_name, &p) < 0) {
            fprintf(stderr,
                    "softd3d-caps: \"%s\" is not a profile (9_1, 9_2, 9_3, 10_0, 10_1, 11_0, "
                    "11_1, max)\n",
                    profile_name);
            usage(stderr);
            return 2;
        }
    } else if (core_profile_from_env(&p) < 0) {
        return 2;   /* core_profile_from_env printed why */
    }

    if (level_name) {
        only = core_level_from_name(level_name);
        /* the seed-000 rows stop at 9_3: 10_x levels exist only for the D3D11 view */
        if (only == CORE_LEVEL_NONE || (only > CORE_LEVEL_9_3 && strcmp(api, "d3d11"))) {
            fprintf(stderr, "softd3d-caps: \"%s\" is not a level (9_1, 9_2, 9_3; 10_0, 10_1, "
                    "11_0 with --api d3d11)\n", level_name);
            usage(stderr);
            return 2;
        }
    }

    if (!strcmp(api, "d3d11")) {
        if (swvp) {
            fprintf(stderr, "softd3d-caps: --swvp applies to --api d3d9 only\n");
            usage(stderr);
            return 2;
        }
        return print_d3d11(p, json, level_name);
    }
    if (strcmp(api, "d3d9")) {
        fprintf(stderr, "softd3d-caps: \"%s\" is not an api (d3d9, d3d11)\n", api);
        usage(stderr);
        return 2;
    }

    const D3DCAPS9 *c = swvp ? &p->sw_caps : &p->caps;
    return json ? print_d3d9_json(p, c, swvp, only) : print_d3d9_text(p, c, swvp, only);
}
