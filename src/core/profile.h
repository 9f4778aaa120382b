/* src/core/profile.h — capability profiles and the seed-000 feature-level rules.
 *
 * Caps are the single source of truth (DESIGN.md, principle 2).  A profile is the D3DCAPS9 of the
 * hardware softd3d emulates:
 *   - "9_1", "9_2", "9_3": exactly the minimums that seed 000 ("Required Direct3D 9
 *     capabilities") sets for that level, cumulatively, plus the values every D3D9 HAL device with
 *     hardware vertex processing reports — the weakest hardware a level admits.  Each value and
 *     its source is commented in profile.c.
 *   - "max": everything softd3d implements (the default).
 *   - "10_0", "10_1", "11_0": D3D11-only profiles (issues 11, 15, 16) of a device at exactly
 *     that feature level (what is still missing is listed in the README),
 *     the documented minimum of the level (the D3D11 limits and format tables of the level, in
 *     src/d3d11/limits.c and format_support.c); their D3DCAPS9 are the max profile's.
 * The D3D9 front-end reports `caps` (or `sw_caps` for a device under software vertex processing,
 * seed 002); the D3D11 front-end derives its highest feature level from `caps` with
 * core_level_from_caps(), as the 10Level9 runtime does with a D3D9 driver.
 *
 * SOFTD3D_PROFILE=9_1|9_2|9_3|10_0|10_1|11_0|11_1|max (11_1-tiled: alias of 11_1) selects the profile (core_profile_from_env).
 *
 * The rules are data (caps_rules.c): one core_caps_rule per row of the seed-000 tables and per
 * note that constrains a member, so the tool (tools/softd3d-caps), the tests and the level
 * derivation all read the same table.
 */
#ifndef SOFTD3D_CORE_PROFILE_H
#define SOFTD3D_CORE_PROFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "d3d9types.h"
#include "d3d9caps.h"

/* ---- profiles ------------------------------------------------------------------------------ */

typedef enum core_profile_id {
    CORE_PROFILE_9_1,
    CORE_PROFILE_9_2,
    CORE_PROFILE_9_3,
    CORE_PROFILE_MAX,
    CORE_PROFILE_COUNT,          /* the D3D9 caps profiles above (the D3D9 tests enumerate them) */
    /* "11_1" (issues 11, 15; "11_1-tiled", issue 7, is an alias of it): a D3D11-only profile,
     * outside CORE_PROFILE_COUNT, with the max profile's D3DCAPS9.  It offers every level up to
     * 11_0 like the 11_0 profile, and 11_1 (the ordinary device plus tiled resources, tier 2)
     * only when the caller's pFeatureLevels names it (`d3d11_named_level`, create.c). */
    CORE_PROFILE_11_1 = 100,
    /* "10_0" and "10_1" (issue 11): D3D11-only, outside CORE_PROFILE_COUNT like 11_1-tiled, with
     * the max profile's D3DCAPS9.  Seed 000 has no rows above 9_3, so the D3D11 level is the
     * profile's `d3d11_level`, not derived from the caps. */
    CORE_PROFILE_10_0 = 101,
    CORE_PROFILE_10_1 = 102,
    /* "11_0" (issues 15, 16): D3D11-only like 10_0/10_1: a device of exactly feature level
     * 11_0 whose limits are the level's documented minimums; what it does not implement is
     * refused with E_NOTIMPL or withheld, and listed in the README. */
    CORE_PROFILE_11_0 = 103,
} core_profile_id;

typedef struct core_profile {
    core_profile_id id;
    const char *name;    /* "9_1", "9_2", "9_3", "10_0", "10_1", "11_0", "max", "11_1" */
    unsigned d3d11_level; /* the highest D3D11 feature level (a core_level) when it is not derived
                           * from `caps` (10_0, 10_1, 11_0 profiles); 0: core_level_from_caps
                           * decides */
    unsigned d3d11_named_level; /* a level above d3d11_level offered only when pFeatureLevels
                                 * names it (CORE_LEVEL_11_1 on the 11_1 profile; the NULL
                                 * array of D3D11CreateDevice stops at 11_0); 0: none */
    D3DCAPS9 caps;       /* HAL caps with hardware vertex processing (what GetDeviceCaps returns) */
    D3DCAPS9 sw_caps;    /* the same device under software vertex processing (seed 002) */
} core_profile;

/* The profile for id (CORE_PROFILE_11_1, _10_0, _10_1, _11_0 included); NULL if id is out of range.  Profiles are immutable and live forever. */
const core_profile *core_profile_get(core_profile_id id);

/* The sample counts of multisampled render targets and depth-stencil surfaces the profile
 * offers: bit n set = n samples a pixel (the standard patterns of 2, 4 and 8 samples,
 * src/pipeline/raster_ms.c).  None on the 9_x profiles, which emulate the weakest hardware of
 * their level (seed 004: "MSAA support is not guaranteed" at 9_1..9_3); 2, 4 and 8 on the
 * others (max, 10_0, 10_1, 11_0, 11_1). */
uint32_t core_profile_sample_counts(const core_profile *profile);

/* Looks a profile up by its exact name.  0 and *out set on success; -1 for an unknown name (or
 * NULL name/out), with a util_msg naming the valid names. */
int core_profile_by_name(const char *name, const core_profile **out);

/* SOFTD3D_PROFILE, read at each call: unset or empty selects "max"; "11_1-tiled" is accepted
 * as an alias of "11_1".  A value that is not a
 * profile name returns -1 and always prints
 *   softd3d: SOFTD3D_PROFILE="<value>" is not a profile (9_1, 9_2, 9_3, 10_0, 10_1, 11_0, 11_1, max)
 * because it is a configuration error. */
int core_profile_from_env(const core_profile **out);

/* ---- feature levels ------------------------------------------------------------------------ */

/* The numbers equal the D3D_FEATURE_LEVEL values on purpose. */
typedef enum core_level {
    CORE_LEVEL_NONE = 0,
    CORE_LEVEL_9_1 = 0x9100,
    CORE_LEVEL_9_2 = 0x9200,
    CORE_LEVEL_9_3 = 0x9300,
    CORE_LEVEL_10_0 = 0xa000,
    CORE_LEVEL_10_1 = 0xa100,
    CORE_LEVEL_11_0 = 0xb000,
    CORE_LEVEL_11_1 = 0xb100,
} core_level;

/* "9_1", "9_2", "9_3", "10_0", "10_1", "11_0", "11_1", or "none". */
const char *core_level_name(core_level level);
/* Parses "9_1" .. "11_1"; CORE_LEVEL_NONE for anything else. */
core_level core_level_from_name(const char *name);

/* The highest level whose seed-000 rows (cumulative: 9_2 needs the 9_1 rows too) all hold for
 * caps, notes included (TextureCaps POW2/NONPOW2CONDITIONAL both or neither; MaxTextureRepeat
 * zero or >= N).  `why` (may be NULL) receives the first unmet row of the next level, e.g.
 * "9_3 needs NumSimultaneousRTs >= 4 (has 1)", or "" when the caps reach 9_3. */
core_level core_level_from_caps(const D3DCAPS9 *caps, char *why, size_t why_size);

/* The highest D3D11 level of a profile: its d3d11_level, else core_level_from_caps (why as
 * there).  The 11_1 profile answers 11_0 here: its 11_1 (d3d11_named_level) is offered only
 * when asked for (create.c). */
core_level core_profile_d3d11_level(const core_profile *p, char *why, size_t why_size);

/* ---- the seed-000 rules, as data ----------------------------------------------------------- */

typedef enum core_caps_rule_kind {
    CORE_RULE_FLAGS,          /* every bit of `value` is set in the DWORD member */
    CORE_RULE_MIN,            /* DWORD member >= value */
    CORE_RULE_MIN_INT,        /* INT member (VS20Caps / PS20Caps counts) >= (INT)value */
    CORE_RULE_SHADER_VERSION, /* version DWORD of the same shader type (high word) and
                               * major.minor >= those of `value` (a D3DVS_/D3DPS_VERSION) */
    CORE_RULE_TEXTURE_REPEAT, /* MaxTextureRepeat: zero, or >= value */
    CORE_RULE_MIN_FLOAT,      /* float member >= fvalue; fvalue 0 means no requirement */
    CORE_RULE_POW2_PAIR,      /* TextureCaps: D3DPTEXTURECAPS_POW2 and
                               * D3DPTEXTURECAPS_NONPOW2CONDITIONAL both set or both clear */
} core_caps_rule_kind;

typedef struct core_caps_rule {
    core_level level;         /* the level whose table holds the row */
    const char *member;       /* D3DCAPS9 member: "Caps2", "PS20Caps.NumTemps" */
    core_caps_rule_kind kind;
    size_t offset;            /* offsetof(D3DCAPS9, member) */
    DWORD value;              /* required flags, minimum or shader version (see kind) */
    float fvalue;             /* CORE_RULE_MIN_FLOAT only */
    const char *requirement;  /* the row's value as printed: "D3DCAPS2_DYNAMICTEXTURES |
                               * D3DCAPS2_FULLSCREENGAMMA", ">= 2048", "0 or >= 128" */
} core_caps_rule;

/* The table, in seed order: the 9_1 rows, then 9_2, then 9_3. */
const core_caps_rule *core_caps_rules(size_t *count);

bool core_caps_rule_met(const core_caps_rule *r, const D3DCAPS9 *c);

/* Makes the row fail in *c while changing as little as possible: removes the lowest required flag,
 * lowers a number to one below the requirement (a shader version to the previous real version),
 * sets POW2 without NONPOW2CONDITIONAL.  For tests and the caps tool.  Returns false (and leaves
 * *c alone) for a row that cannot fail: MaxVertexW 0 at 9_1. */
bool core_caps_rule_break(const core_caps_rule *r, D3DCAPS9 *c);

/* Writes what the row needs and what c has, e.g. "NumSimultaneousRTs >= 4 (has 1)" or
 * "Caps2 D3DCAPS2_DYNAMICTEXTURES | D3DCAPS2_FULLSCREENGAMMA (missing D3DCAPS2_FULLSCREENGAMMA)".
 * Returns what snprintf returns. */
int core_caps_rule_describe(const core_caps_rule *r, const D3DCAPS9 *c, char *buf, size_t size);

#endif /* SOFTD3D_CORE_PROFILE_H */
