/* src/core/caps_rules.c — the seed-000 tables ("Required Direct3D 9 capabilities" for feature
 * levels 9_1, 9_2, 9_3) as data, and the functions that test, break and describe one row.
 *
 * One entry per table row, in the seed's order, plus one for the 9_1 note on TextureCaps (POW2 and
 * NONPOW2CONDITIONAL both or neither).  The MaxTextureRepeat rows carry their note in their kind
 * ("must be zero, or N or greater").  Decisions on the text of the seed:
 *   - Numbers are minimums (">="): "at least the listed numbers" (seed 000, introduction).  This
 *     covers rows that repeat a lower level's number (MaxTextureWidth 2048 at 9_2).
 *   - Shader versions are minimums of the same shader type: D3DPS_VERSION(2,0) is met by 2.0 and
 *     3.0 pixel shaders, never by a vertex-shader version token.
 *   - MaxVertexW 0.f at 9_1 is no requirement (every float passes; the row cannot be broken).
 *   - PS20Caps/VS20Caps counts are INT members; a negative value fails.
 */
#include "core/profile.h"

#include <stdio.h>
#include <string.h>

#include "core/caps_names.h"

/* FLAGS(level, member, flags): the requirement text is the flag expression as written here, in
 * the seed's order. */
#define FLAGS(lvl, m, flags) \
    { CORE_LEVEL_##lvl, #m, CORE_RULE_FLAGS, offsetof(D3DCAPS9, m), (DWORD)(flags), 0.0f, #flags }
#define MIN(lvl, m, n) \
    { CORE_LEVEL_##lvl, #m, CORE_RULE_MIN, offsetof(D3DCAPS9, m), (n), 0.0f, ">= " #n }
#define MIN_INT(lvl, m, n, why) \
    { CORE_LEVEL_##lvl, #m, CORE_RULE_MIN_INT, offsetof(D3DCAPS9, m), (n), 0.0f, ">= " #n why }
#define VERSION(lvl, m, v) \
    { CORE_LEVEL_##lvl, #m, CORE_RULE_SHADER_VERSION, offsetof(D3DCAPS9, m), (DWORD)(v), 0.0f, \
      ">= " #v }
#define REPEAT(lvl, n) \
    { CORE_LEVEL_##lvl, "MaxTextureRepeat", CORE_RULE_TEXTURE_REPEAT, \
      offsetof(D3DCAPS9, MaxTextureRepeat), (n), 0.0f, "0 or >= " #n }
#define MIN_FLOAT(lvl, f, text) \
    { CORE_LEVEL_##lvl, "MaxVertexW", CORE_RULE_MIN_FLOAT, offsetof(D3DCAPS9, MaxVertexW), 0, \
      (f), text }

static const core_caps_rule rules[] = {
    /* ---- Minimum capabilities for level 9_1 ---- */
    FLAGS(9_1, Caps2, D3DCAPS2_DYNAMICTEXTURES | D3DCAPS2_FULLSCREENGAMMA),
    FLAGS(9_1, PresentationIntervals, D3DPRESENT_INTERVAL_IMMEDIATE | D3DPRESENT_INTERVAL_ONE),
    FLAGS(9_1, PrimitiveMiscCaps, D3DPMISCCAPS_COLORWRITEENABLE),
    FLAGS(9_1, ShadeCaps,
          D3DPSHADECAPS_ALPHAGOURAUDBLEND | D3DPSHADECAPS_COLORGOURAUDRGB |
          D3DPSHADECAPS_FOGGOURAUD | D3DPSHADECAPS_SPECULARGOURAUDRGB),
    FLAGS(9_1, TextureFilterCaps,
          D3DPTFILTERCAPS_MINFLINEAR | D3DPTFILTERCAPS_MINFPOINT | D3DPTFILTERCAPS_MAGFLINEAR |
          D3DPTFILTERCAPS_MAGFPOINT),
    FLAGS(9_1, TextureCaps,
          D3DPTEXTURECAPS_ALPHA | D3DPTEXTURECAPS_CUBEMAP | D3DPTEXTURECAPS_MIPMAP |
          D3DPTEXTURECAPS_PERSPECTIVE),
    /* The note under the 9_1 table. */
    { CORE_LEVEL_9_1, "TextureCaps", CORE_RULE_POW2_PAIR, offsetof(D3DCAPS9, TextureCaps),
      D3DPTEXTURECAPS_POW2 | D3DPTEXTURECAPS_NONPOW2CONDITIONAL, 0.0f,
      "D3DPTEXTURECAPS_POW2 and D3DPTEXTURECAPS_NONPOW2CONDITIONAL both or neither" },
    FLAGS(9_1, TextureAddressCaps,
          D3DPTADDRESSCAPS_CLAMP | D3DPTADDRESSCAPS_INDEPENDENTUV | D3DPTADDRESSCAPS_MIRROR |
          D3DPTADDRESSCAPS_WRAP),
    FLAGS(9_1, TextureOpCaps,
          D3DTEXOPCAPS_DISABLE | D3DTEXOPCAPS_MODULATE | D3DTEXOPCAPS_SELECTARG1 |
          D3DTEXOPCAPS_SELECTARG2),
    FLAGS(9_1, SrcBlendCaps,
          D3DPBLENDCAPS_INVDESTALPHA | D3DPBLENDCAPS_INVDESTCOLOR | D3DPBLENDCAPS_INVSRCALPHA |
          D3DPBLENDCAPS_ONE | D3DPBLENDCAPS_SRCALPHA | D3DPBLENDCAPS_ZERO),
    FLAGS(9_1, DestBlendCaps,
          D3DPBLENDCAPS_ONE | D3DPBLENDCAPS_INVSRCALPHA | D3DPBLENDCAPS_INVSRCCOLOR |
          D3DPBLENDCAPS_SRCALPHA | D3DPBLENDCAPS_ZERO),
    FLAGS(9_1, StretchRectFilterCaps,
          D3DPTFILTERCAPS_MAGFLINEAR | D3DPTFILTERCAPS_MAGFPOINT | D3DPTFILTERCAPS_MINFLINEAR |
          D3DPTFILTERCAPS_MINFPOINT),
    FLAGS(9_1, ZCmpCaps, D3DPCMPCAPS_ALWAYS | D3DPCMPCAPS_LESSEQUAL),
    FLAGS(9_1, RasterCaps, D3DPRASTERCAPS_DEPTHBIAS | D3DPRASTERCAPS_SLOPESCALEDEPTHBIAS),
    FLAGS(9_1, StencilCaps, D3DSTENCILCAPS_TWOSIDED),
    MIN(9_1, MaxTextureWidth, 2048),
    MIN(9_1, MaxTextureHeight, 2048),
    MIN(9_1, NumSimultaneousRTs, 1),
    MIN(9_1, MaxSimultaneousTextures, 8),
    MIN(9_1, MaxTextureBlendStages, 8),
    VERSION(9_1, PixelShaderVersion, D3DPS_VERSION(2, 0)),
    MIN(9_1, MaxPrimitiveCount, 65535),
    MIN(9_1, MaxVertexIndex, 65534),
    MIN(9_1, MaxVolumeExtent, 256),
    REPEAT(9_1, 128),
    MIN(9_1, MaxAnisotropy, 2),
    MIN_FLOAT(9_1, 0.0f, "0.0 (no requirement)"),

    /* ---- Minimum capabilities for level 9_2 (in addition to 9_1) ---- */
    FLAGS(9_2, PrimitiveMiscCaps, D3DPMISCCAPS_SEPARATEALPHABLEND),
    FLAGS(9_2, DevCaps2, D3DDEVCAPS2_VERTEXELEMENTSCANSHARESTREAMOFFSET),
    FLAGS(9_2, TextureAddressCaps, D3DPTADDRESSCAPS_MIRRORONCE),
    FLAGS(9_2, VolumeTextureAddressCaps, D3DPTADDRESSCAPS_MIRRORONCE),
    MIN(9_2, MaxTextureWidth, 2048),
    MIN(9_2, MaxTextureHeight, 2048),
    REPEAT(9_2, 2048),
    VERSION(9_2, VertexShaderVersion, D3DVS_VERSION(2, 0)),
    MIN(9_2, MaxAnisotropy, 16),
    MIN(9_2, MaxPrimitiveCount, 1048575),
    MIN(9_2, MaxVertexIndex, 1048575),
    MIN_FLOAT(9_2, 1000000000.0f, ">= 1000000000.0"),

    /* ---- Minimum capabilities for level 9_3 (in addition to 9_1 and 9_2) ---- */
    FLAGS(9_3, PS20Caps.Caps, D3DPS20CAPS_GRADIENTINSTRUCTIONS),
    FLAGS(9_3, PrimitiveMiscCaps,
          D3DPMISCCAPS_INDEPENDENTWRITEMASKS | D3DPMISCCAPS_MRTPOSTPIXELSHADERBLENDING),
    FLAGS(9_3, TextureAddressCaps, D3DPTADDRESSCAPS_BORDER),
    MIN(9_3, MaxTextureWidth, 4096),
    MIN(9_3, MaxTextureHeight, 4096),
    REPEAT(9_3, 8192),
    MIN(9_3, NumSimultaneousRTs, 4),
    MIN_INT(9_3, PS20Caps.NumInstructionSlots, 512, " (pixel shader version 2b)"),
    MIN_INT(9_3, PS20Caps.NumTemps, 32, " (pixel shader version 2b)"),
    MIN_INT(9_3, VS20Caps.NumTemps, 32, " (vertex shader version 2a)"),
    MIN(9_3, MaxVertexShaderConst, 256),
    VERSION(9_3, VertexShaderVersion, D3DVS_VERSION(3, 0)),
};

const core_caps_rule *core_caps_rules(size_t *count)
{
    *count = sizeof(rules) / sizeof(rules[0]);
    return rules;
}

static DWORD get_dword(const D3DCAPS9 *c, size_t offset)
{
    DWORD v;
    memcpy(&v, (const char *)c + offset, sizeof(v));
    return v;
}

static void set_dword(D3DCAPS9 *c, size_t offset, DWORD v)
{
    memcpy((char *)c + offset, &v, sizeof(v));
}

static float get_float(const D3DCAPS9 *c, size_t offset)
{
    float f;
    memcpy(&f, (const char *)c + offset, sizeof(f));
    return f;
}

static bool version_met(DWORD have, DWORD need)
{
    return (have >> 16) == (need >> 16) && (have & 0xffff) >= (need & 0xffff);
}

bool core_caps_rule_met(const core_caps_rule *r, const D3DCAPS9 *c)
{
    DWORD v = get_dword(c, r->offset);
    switch (r->kind) {
    case CORE_RULE_FLAGS:
        return (v & r->value) == r->value;
    case CORE_RULE_MIN:
        return v >= r->value;
    case CORE_RULE_MIN_INT:
        return (INT)v >= (INT)r->value;
    case CORE_RULE_SHADER_VERSION:
        return version_met(v, r->value);
    case CORE_RULE_TEXTURE_REPEAT:
        return v == 0 || v >= r->value;
    case CORE_RULE_MIN_FLOAT:
        return r->fvalue <= 0.0f || get_float(c, r->offset) >= r->fvalue;
    case CORE_RULE_POW2_PAIR:
        return (v & r->value) == 0 || (v & r->value) == r->value;
    }
    return false;
}

/* The highest real shader version of the same type below `need`: vertex shaders 1.1, 2.0, 3.0;
 * pixel shaders 1.1-1.4, 2.0, 3.0.  0 (no shaders) below the lowest. */
static DWORD previous_version(DWORD need)
{
    static const DWORD vs[] = { D3DVS_VERSION(1, 1), D3DVS_VERSION(2, 0), D3DVS_VERSION(3, 0) };
    static const DWORD ps[] = { D3DPS_VERSION(1, 1), D3DPS_VERSION(1, 2), D3DPS_VERSION(1, 3),
                                D3DPS_VERSION(1, 4), D3DPS_VERSION(2, 0), D3DPS_VERSION(3, 0) };
    const DWORD *list = (need >> 16) == 0xfffe ? vs : ps;
    size_t n = (need >> 16) == 0xfffe ? sizeof(vs) / sizeof(vs[0]) : sizeof(ps) / sizeof(ps[0]);
    DWORD best = 0;
    for (size_t i = 0; i < n; i++)
        if ((list[i] & 0xffff) < (need & 0xffff))
            best = list[i];
    return best;
}

bool core_caps_rule_break(const core_caps_rule *r, D3DCAPS9 *c)
{
    DWORD v = get_dword(c, r->offset);
    switch (r->kind) {
    case CORE_RULE_FLAGS:
        set_dword(c, r->offset, v & ~(r->value & (~r->value + 1)));   /* lowest required bit */
        return true;
    case CORE_RULE_MIN:
    case CORE_RULE_MIN_INT:
    case CORE_RULE_TEXTURE_REPEAT:
        if (!r->value)
            return false;
        set_dword(c, r->offset, r->value - 1);
        return true;
    case CORE_RULE_SHADER_VERSION:
        set_dword(c, r->offset, previous_version(r->value));
        return true;
    case CORE_RULE_MIN_FLOAT: {
        float f = r->fvalue * 0.5f;
        if (r->fvalue <= 0.0f)
            return false;
        memcpy((char *)c + r->offset, &f, sizeof(f));
        return true;
    }
    case CORE_RULE_POW2_PAIR:
        v = (v | D3DPTEXTURECAPS_POW2) & ~(DWORD)D3DPTEXTURECAPS_NONPOW2CONDITIONAL;
        set_dword(c, r->offset, v);
        return true;
    }
    return false;
}

static void version_text(DWORD v, char *buf, size_t size)
{
    if (!v)
        snprintf(buf, size, "none");
    else
        snprintf(buf, size, "%s %u.%u",
                 (v >> 16) == 0xfffe ? "vs" : (v >> 16) == 0xffff ? "ps" : "?",
                 (unsigned)((v >> 8) & 0xff), (unsigned)(v & 0xff));
}

int core_caps_rule_describe(const core_caps_rule *r, const D3DCAPS9 *c, char *buf, size_t size)
{
    DWORD v = get_dword(c, r->offset);
    char have[512];

    switch (r->kind) {
    case CORE_RULE_FLAGS: {
        const core_caps_member *m = core_caps_member_by_name(r->member);
        DWORD missing = r->value & ~v;
        if (!missing)
            snprintf(have, sizeof(have), "has all");
        else {
            int n = snprintf(have, sizeof(have), "missing ");
            if (m)
                core_caps_format_flags(m, missing, " | ", have + n, sizeof(have) - (size_t)n);
            else
                snprintf(have + n, sizeof(have) - (size_t)n, "0x%08x", (unsigned)missing);
        }
        break;
    }
    case CORE_RULE_MIN:
    case CORE_RULE_TEXTURE_REPEAT:
        snprintf(have, sizeof(have), "has %u", (unsigned)v);
        break;
    case CORE_RULE_MIN_INT:
        snprintf(have, sizeof(have), "has %d", (int)(INT)v);
        break;
    case CORE_RULE_SHADER_VERSION: {
        char hv[32], nv[32];
        version_text(v, hv, sizeof(hv));
        version_text(r->value, nv, sizeof(nv));
        return snprintf(buf, size, "%s >= %s (has %s)", r->member, nv, hv);
    }
    case CORE_RULE_MIN_FLOAT:
        snprintf(have, sizeof(have), "has %.9g", (double)get_float(c, r->offset));
        break;
    case CORE_RULE_POW2_PAIR: {
        DWORD pair = v & r->value;
        snprintf(have, sizeof(have), "has %s",
                 pair == 0 ? "neither"
                 : pair == r->value ? "both"
                 : (pair & D3DPTEXTURECAPS_POW2) ? "D3DPTEXTURECAPS_POW2 only"
                                                 : "D3DPTEXTURECAPS_NONPOW2CONDITIONAL only");
        break;
    }
    default:
        have[0] = 0;
        break;
    }
    return snprintf(buf, size, "%s %s (%s)", r->member, r->requirement, have);
}
