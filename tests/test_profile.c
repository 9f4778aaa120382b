/* tests/test_profile.c — capability profiles and the seed-000 rules (src/core/profile.h).
 *
 * One test per seed-000 row and level, named after it (seed000_<level>_<member>).  Each checks:
 *   (a) the row holds in the profile of its level and in every higher profile (max included);
 *   (b) breaking just that row in the profile of its level lowers the derived level (for a flag
 *       row, removing any one of its flags does);
 *   (c) for a row below 9_3, breaking it in the 9_3 profile drops the level below the row's level.
 * Then the notes (POW2 pairing, MaxTextureRepeat), profile names and SOFTD3D_PROFILE, seed 002.
 */
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#include "core/caps_names.h"
#include "core/profile.h"
#include "util/log.h"

static const core_profile *prof(core_profile_id id)
{
    return core_profile_get(id);
}

static core_profile_id profile_of_level(core_level level)
{
    return level == CORE_LEVEL_9_1 ? CORE_PROFILE_9_1
         : level == CORE_LEVEL_9_2 ? CORE_PROFILE_9_2
                                   : CORE_PROFILE_9_3;
}

static core_level level_of(const D3DCAPS9 *c)
{
    return core_level_from_caps(c, NULL, 0);
}

/* Finds the rule of (level, member, kind); kind -1 accepts any but the POW2 note. */
static const core_caps_rule *find_rule(core_level level, const char *member, int kind)
{
    size_t n;
    const core_caps_rule *r = core_caps_rules(&n);
    for (size_t i = 0; i < n; i++) {
        if (r[i].level != level || strcmp(r[i].member, member))
            continue;
        if (kind < 0 ? r[i].kind != CORE_RULE_POW2_PAIR : (int)r[i].kind == kind)
            return &r[i];
    }
    return NULL;
}

static void check_rule(const core_caps_rule *r)
{
    D3DCAPS9 c;

    /* (a) */
    for (int id = profile_of_level(r->level); id < CORE_PROFILE_COUNT; id++) {
        if (!core_caps_rule_met(r, &prof((core_profile_id)id)->caps))
            harness_fail(__FILE__, __LINE__, "row %s %s not met in profile %s", r->member,
                         r->requirement, prof((core_profile_id)id)->name);
    }

    /* (b) */
    c = prof(profile_of_level(r->level))->caps;
    CHECK_EQ(level_of(&c), r->level);
    CHECK(core_caps_rule_break(r, &c));
    CHECK(!core_caps_rule_met(r, &c));
    CHECK(level_of(&c) < r->level);
    if (r->kind == CORE_RULE_FLAGS) {
        for (int bit = 0; bit < 32; bit++) {
            DWORD f = (DWORD)1 << bit, v;
            if (!(r->value & f))
                continue;
            c = prof(profile_of_level(r->level))->caps;
            memcpy(&v, (char *)&c + r->offset, sizeof(v));
            v &= ~f;
            memcpy((char *)&c + r->offset, &v, sizeof(v));
            if (level_of(&c) >= r->level)
                harness_fail(__FILE__, __LINE__, "removing bit 0x%x of %s keeps level %s",
                             (unsigned)f, r->member, core_level_name(level_of(&c)));
        }
    }

    /* (c) */
    if (r->level < CORE_LEVEL_9_3) {
        c = prof(CORE_PROFILE_9_3)->caps;
        CHECK(core_caps_rule_break(r, &c));
        CHECK(level_of(&c) < r->level);
    }
}

static void check_row(core_level level, const char *member)
{
    const core_caps_rule *r = find_rule(level, member, -1);
    if (!r) {
        harness_fail(__FILE__, __LINE__, "no rule for %s %s", core_level_name(level), member);
        return;
    }
    check_rule(r);
}

/* ---- 9_1 ---- */
TEST(seed000_9_1_Caps2) { check_row(CORE_LEVEL_9_1, "Caps2"); }
TEST(seed000_9_1_PresentationIntervals) { check_row(CORE_LEVEL_9_1, "PresentationIntervals"); }
TEST(seed000_9_1_PrimitiveMiscCaps) { check_row(CORE_LEVEL_9_1, "PrimitiveMiscCaps"); }
TEST(seed000_9_1_ShadeCaps) { check_row(CORE_LEVEL_9_1, "ShadeCaps"); }
TEST(seed000_9_1_TextureFilterCaps) { check_row(CORE_LEVEL_9_1, "TextureFilterCaps"); }
TEST(seed000_9_1_TextureCaps) { check_row(CORE_LEVEL_9_1, "TextureCaps"); }
TEST(seed000_9_1_TextureAddressCaps) { check_row(CORE_LEVEL_9_1, "TextureAddressCaps"); }
TEST(seed000_9_1_TextureOpCaps) { check_row(CORE_LEVEL_9_1, "TextureOpCaps"); }
TEST(seed000_9_1_SrcBlendCaps) { check_row(CORE_LEVEL_9_1, "SrcBlendCaps"); }
TEST(seed000_9_1_DestBlendCaps) { check_row(CORE_LEVEL_9_1, "DestBlendCaps"); }
TEST(seed000_9_1_StretchRectFilterCaps) { check_row(CORE_LEVEL_9_1, "StretchRectFilterCaps"); }
TEST(seed000_9_1_ZCmpCaps) { check_row(CORE_LEVEL_9_1, "ZCmpCaps"); }
TEST(seed000_9_1_RasterCaps) { check_row(CORE_LEVEL_9_1, "RasterCaps"); }
TEST(seed000_9_1_StencilCaps) { check_row(CORE_LEVEL_9_1, "StencilCaps"); }
TEST(seed000_9_1_MaxTextureWidth) { check_row(CORE_LEVEL_9_1, "MaxTextureWidth"); }
TEST(seed000_9_1_MaxTextureHeight) { check_row(CORE_LEVEL_9_1, "MaxTextureHeight"); }
TEST(seed000_9_1_NumSimultaneousRTs) { check_row(CORE_LEVEL_9_1, "NumSimultaneousRTs"); }
TEST(seed000_9_1_MaxSimultaneousTextures) { check_row(CORE_LEVEL_9_1, "MaxSimultaneousTextures"); }
TEST(seed000_9_1_MaxTextureBlendStages) { check_row(CORE_LEVEL_9_1, "MaxTextureBlendStages"); }
TEST(seed000_9_1_PixelShaderVersion) { check_row(CORE_LEVEL_9_1, "PixelShaderVersion"); }
TEST(seed000_9_1_MaxPrimitiveCount) { check_row(CORE_LEVEL_9_1, "MaxPrimitiveCount"); }
TEST(seed000_9_1_MaxVertexIndex) { check_row(CORE_LEVEL_9_1, "MaxVertexIndex"); }
TEST(seed000_9_1_MaxVolumeExtent) { check_row(CORE_LEVEL_9_1, "MaxVolumeExtent"); }
TEST(seed000_9_1_MaxTextureRepeat) { check_row(CORE_LEVEL_9_1, "MaxTextureRepeat"); }
TEST(seed000_9_1_MaxAnisotropy) { check_row(CORE_LEVEL_9_1, "MaxAnisotropy"); }

/* MaxVertexW 0.f at 9_1 is no requirement: it holds for any value and cannot be broken. */
TEST(seed000_9_1_MaxVertexW)
{
    const core_caps_rule *r = find_rule(CORE_LEVEL_9_1, "MaxVertexW", -1);
    D3DCAPS9 c = prof(CORE_PROFILE_9_1)->caps;
    CHECK(r != NULL);
    if (!r)
        return;
    CHECK(core_caps_rule_met(r, &c));
    c.MaxVertexW = -1.0f;
    CHECK(core_caps_rule_met(r, &c));
    CHECK_EQ(level_of(&c), CORE_LEVEL_9_1);
    CHECK(!core_caps_rule_break(r, &c));
    for (int id = CORE_PROFILE_9_1; id < CORE_PROFILE_COUNT; id++)
        CHECK(core_caps_rule_met(r, &prof((core_profile_id)id)->caps));
}

/* ---- 9_2 ---- */
TEST(seed000_9_2_PrimitiveMiscCaps) { check_row(CORE_LEVEL_9_2, "PrimitiveMiscCaps"); }
TEST(seed000_9_2_DevCaps2) { check_row(CORE_LEVEL_9_2, "DevCaps2"); }
TEST(seed000_9_2_TextureAddressCaps) { check_row(CORE_LEVEL_9_2, "TextureAddressCaps"); }
TEST(seed000_9_2_VolumeTextureAddressCaps)
{
    check_row(CORE_LEVEL_9_2, "VolumeTextureAddressCaps");
}
TEST(seed000_9_2_MaxTextureWidth) { check_row(CORE_LEVEL_9_2, "MaxTextureWidth"); }
TEST(seed000_9_2_MaxTextureHeight) { check_row(CORE_LEVEL_9_2, "MaxTextureHeight"); }
TEST(seed000_9_2_MaxTextureRepeat) { check_row(CORE_LEVEL_9_2, "MaxTextureRepeat"); }
TEST(seed000_9_2_VertexShaderVersion) { check_row(CORE_LEVEL_9_2, "VertexShaderVersion"); }
TEST(seed000_9_2_MaxAnisotropy) { check_row(CORE_LEVEL_9_2, "MaxAnisotropy"); }
TEST(seed000_9_2_MaxPrimitiveCount) { check_row(CORE_LEVEL_9_2, "MaxPrimitiveCount"); }
TEST(seed000_9_2_MaxVertexIndex) { check_row(CORE_LEVEL_9_2, "MaxVertexIndex"); }
TEST(seed000_9_2_MaxVertexW) { check_row(CORE_LEVEL_9_2, "MaxVertexW"); }

/* ---- 9_3 ---- */
TEST(seed000_9_3_PS20Caps_Caps) { check_row(CORE_LEVEL_9_3, "PS20Caps.Caps"); }
TEST(seed000_9_3_PrimitiveMiscCaps) { check_row(CORE_LEVEL_9_3, "PrimitiveMiscCaps"); }
TEST(seed000_9_3_TextureAddressCaps) { check_row(CORE_LEVEL_9_3, "TextureAddressCaps"); }
TEST(seed000_9_3_MaxTextureWidth) { check_row(CORE_LEVEL_9_3, "MaxTextureWidth"); }
TEST(seed000_9_3_MaxTextureHeight) { check_row(CORE_LEVEL_9_3, "MaxTextureHeight"); }
TEST(seed000_9_3_MaxTextureRepeat) { check_row(CORE_LEVEL_9_3, "MaxTextureRepeat"); }
TEST(seed000_9_3_NumSimultaneousRTs) { check_row(CORE_LEVEL_9_3, "NumSimultaneousRTs"); }
TEST(seed000_9_3_PS20Caps_NumInstructionSlots)
{
    check_row(CORE_LEVEL_9_3, "PS20Caps.NumInstructionSlots");
}
TEST(seed000_9_3_PS20Caps_NumTemps) { check_row(CORE_LEVEL_9_3, "PS20Caps.NumTemps"); }
TEST(seed000_9_3_VS20Caps_NumTemps) { check_row(CORE_LEVEL_9_3, "VS20Caps.NumTemps"); }
TEST(seed000_9_3_MaxVertexShaderConst) { check_row(CORE_LEVEL_9_3, "MaxVertexShaderConst"); }
TEST(seed000_9_3_VertexShaderVersion) { check_row(CORE_LEVEL_9_3, "VertexShaderVersion"); }

/* The table has exactly the seed's rows (26 + 12 + 12) plus the POW2 note, so a row added to
 * the table needs a test above. */
TEST(seed000_table_row_count)
{
    size_t n, per[3] = { 0, 0, 0 };
    const core_caps_rule *r = core_caps_rules(&n);
    CHECK_EQ(n, 51);
    for (size_t i = 0; i < n; i++) {
        if (r[i].level == CORE_LEVEL_9_1)
            per[0]++;
        else if (r[i].level == CORE_LEVEL_9_2)
            per[1]++;
        else if (r[i].level == CORE_LEVEL_9_3)
            per[2]++;
        else
            harness_fail(__FILE__, __LINE__, "rule %zu has level 0x%x", i, (unsigned)r[i].level);
        /* the offset is the member's, as the names table knows it */
        const core_caps_member *m = core_caps_member_by_name(r[i].member);
        CHECK(m != NULL);
        if (m)
            CHECK_EQ(m->offset, r[i].offset);
    }
    CHECK_EQ(per[0], 27);
    CHECK_EQ(per[1], 12);
    CHECK_EQ(per[2], 12);
}

/* Each flag row's requirement text names exactly its flags, with the names of its member. */
TEST(seed000_flag_rows_name_their_flags)
{
    size_t n;
    const core_caps_rule *r = core_caps_rules(&n);
    for (size_t i = 0; i < n; i++) {
        if (r[i].kind != CORE_RULE_FLAGS)
            continue;
        const core_caps_member *m = core_caps_member_by_name(r[i].member);
        char text[512], *save = NULL;
        DWORD seen = 0;
        CHECK(m && m->type == CORE_CAPS_FLAGS);
        if (!m)
            continue;
        snprintf(text, sizeof(text), "%s", r[i].requirement);
        for (char *tok = strtok_r(text, " |", &save); tok; tok = strtok_r(NULL, " |", &save)) {
            bool found = false;
            for (size_t f = 0; f < m->flag_count; f++) {
                if (!strcmp(m->flags[f].name, tok)) {
                    found = true;
                    seen |= m->flags[f].value;
                }
            }
            if (!found)
                harness_fail(__FILE__, __LINE__, "%s: %s is not a %s flag", r[i].requirement,
                             tok, r[i].member);
        }
        CHECK_EQ(seen, r[i].value);
    }
}

/* ---- the notes ---- */

TEST(seed000_9_1_TextureCaps_pow2_note)
{
    const DWORD pair = D3DPTEXTURECAPS_POW2 | D3DPTEXTURECAPS_NONPOW2CONDITIONAL;
    for (int id = CORE_PROFILE_9_1; id <= CORE_PROFILE_9_3; id++) {
        const core_profile *p = prof((core_profile_id)id);
        core_level want = core_level_from_name(p->name);
        D3DCAPS9 c = p->caps;
        c.TextureCaps |= pair;                     /* both */
        CHECK_EQ(level_of(&c), want);
        c.TextureCaps &= ~pair;                    /* neither */
        CHECK_EQ(level_of(&c), want);
        c.TextureCaps |= D3DPTEXTURECAPS_POW2;     /* POW2 alone */
        CHECK_EQ(level_of(&c), CORE_LEVEL_NONE);
        c.TextureCaps = (c.TextureCaps & ~pair) | D3DPTEXTURECAPS_NONPOW2CONDITIONAL; /* alone */
        CHECK_EQ(level_of(&c), CORE_LEVEL_NONE);
    }
    const core_caps_rule *r = find_rule(CORE_LEVEL_9_1, "TextureCaps", CORE_RULE_POW2_PAIR);
    CHECK(r != NULL);
    if (r)
        check_rule(r);
}

TEST(seed000_MaxTextureRepeat_note)
{
    D3DCAPS9 c = prof(CORE_PROFILE_9_1)->caps;
    c.MaxTextureRepeat = 0;
    CHECK_EQ(level_of(&c), CORE_LEVEL_9_1);
    c.MaxTextureRepeat = 127;
    CHECK_EQ(level_of(&c), CORE_LEVEL_NONE);
    c.MaxTextureRepeat = 128;
    CHECK_EQ(level_of(&c), CORE_LEVEL_9_1);

    c = prof(CORE_PROFILE_9_2)->caps;
    c.MaxTextureRepeat = 0;
    CHECK_EQ(level_of(&c), CORE_LEVEL_9_2);
    c.MaxTextureRepeat = 2047;
    CHECK_EQ(level_of(&c), CORE_LEVEL_9_1);
    c.MaxTextureRepeat = 2048;
    CHECK_EQ(level_of(&c), CORE_LEVEL_9_2);

    c = prof(CORE_PROFILE_9_3)->caps;
    c.MaxTextureRepeat = 0;
    CHECK_EQ(level_of(&c), CORE_LEVEL_9_3);
    c.MaxTextureRepeat = 8191;
    CHECK_EQ(level_of(&c), CORE_LEVEL_9_2);
    c.MaxTextureRepeat = 8192;
    CHECK_EQ(level_of(&c), CORE_LEVEL_9_3);
}

/* ---- derived levels and the "why" text ---- */

TEST(profile_levels_match_names)
{
    char why[256];
    CHECK_EQ(core_level_from_caps(&prof(CORE_PROFILE_9_1)->caps, NULL, 0), CORE_LEVEL_9_1);
    CHECK_EQ(core_level_from_caps(&prof(CORE_PROFILE_9_2)->caps, NULL, 0), CORE_LEVEL_9_2);
    CHECK_EQ(core_level_from_caps(&prof(CORE_PROFILE_9_3)->caps, why, sizeof(why)), CORE_LEVEL_9_3);
    CHECK_EQ(why[0], 0);
    CHECK_EQ(core_level_from_caps(&prof(CORE_PROFILE_MAX)->caps, NULL, 0), CORE_LEVEL_9_3);
    for (int id = 0; id < CORE_PROFILE_COUNT; id++) {
        const core_profile *p = prof((core_profile_id)id);
        CHECK_EQ(p->id, id);
        /* software vertex processing changes no row's outcome */
        CHECK_EQ(level_of(&p->sw_caps), level_of(&p->caps));
    }
    CHECK(core_profile_get(CORE_PROFILE_COUNT) == NULL);
    CHECK(core_profile_get((core_profile_id)-1) == NULL);
}

TEST(profile_level_why)
{
    char why[256];
    D3DCAPS9 c = prof(CORE_PROFILE_9_3)->caps;
    c.NumSimultaneousRTs = 1;
    CHECK_EQ(core_level_from_caps(&c, why, sizeof(why)), CORE_LEVEL_9_2);
    CHECK(!strcmp(why, "9_3 needs NumSimultaneousRTs >= 4 (has 1)"));

    c = prof(CORE_PROFILE_9_1)->caps;
    c.Caps2 &= ~(DWORD)D3DCAPS2_FULLSCREENGAMMA;
    CHECK_EQ(core_level_from_caps(&c, why, sizeof(why)), CORE_LEVEL_NONE);
    CHECK(!strcmp(why, "9_1 needs Caps2 D3DCAPS2_DYNAMICTEXTURES | D3DCAPS2_FULLSCREENGAMMA "
                       "(missing D3DCAPS2_FULLSCREENGAMMA)"));

    c = prof(CORE_PROFILE_9_1)->caps;
    CHECK_EQ(core_level_from_caps(&c, why, sizeof(why)), CORE_LEVEL_9_1);
    CHECK_STR_CONTAINS(why, "9_2 needs ");

    c = prof(CORE_PROFILE_9_2)->caps;
    c.VertexShaderVersion = D3DVS_VERSION(1, 1);
    CHECK_EQ(core_level_from_caps(&c, why, sizeof(why)), CORE_LEVEL_9_1);
    CHECK(!strcmp(why, "9_2 needs VertexShaderVersion >= vs 2.0 (has vs 1.1)"));

    /* a pixel-shader version never satisfies a vertex-shader row */
    c.VertexShaderVersion = D3DPS_VERSION(3, 0);
    CHECK_EQ(level_of(&c), CORE_LEVEL_9_1);

    /* a tiny buffer is truncated, not overrun */
    char small[8];
    c = prof(CORE_PROFILE_9_1)->caps;
    core_level_from_caps(&c, small, sizeof(small));
    CHECK_EQ(strlen(small), 7);
}

/* ---- names ---- */

TEST(profile_by_name)
{
    const core_profile *p = NULL;
    static const char *names[] = { "9_1", "9_2", "9_3", "max" };
    for (int i = 0; i < 4; i++) {
        CHECK_EQ(core_profile_by_name(names[i], &p), 0);
        CHECK(p == prof((core_profile_id)i));
        CHECK(p && !strcmp(p->name, names[i]));
    }
    util_clear_last_message();
    CHECK_EQ(core_profile_by_name("9_4", &p), -1);
    CHECK(p == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "9_1, 9_2, 9_3, 10_0, 10_1, 11_0, 11_1, max");
    CHECK_EQ(core_profile_by_name("", &p), -1);
    CHECK_EQ(core_profile_by_name("MAX", &p), -1);
    CHECK_EQ(core_profile_by_name(NULL, &p), -1);
}

TEST(profile_from_env)
{
    const core_profile *p = NULL;
    char *saved = getenv("SOFTD3D_PROFILE") ? strdup(getenv("SOFTD3D_PROFILE")) : NULL;

    unsetenv("SOFTD3D_PROFILE");
    CHECK_EQ(core_profile_from_env(&p), 0);
    CHECK(p == prof(CORE_PROFILE_MAX));

    setenv("SOFTD3D_PROFILE", "", 1);
    CHECK_EQ(core_profile_from_env(&p), 0);
    CHECK(p == prof(CORE_PROFILE_MAX));

    setenv("SOFTD3D_PROFILE", "9_1", 1);
    CHECK_EQ(core_profile_from_env(&p), 0);
    CHECK(p == prof(CORE_PROFILE_9_1));

    setenv("SOFTD3D_PROFILE", "bogus", 1);
    util_clear_last_message();
    CHECK_EQ(core_profile_from_env(&p), -1);
    CHECK(p == NULL);
    CHECK(!strcmp(util_last_message(),
                  "SOFTD3D_PROFILE=\"bogus\" is not a profile (9_1, 9_2, 9_3, 10_0, 10_1, 11_0, "
                  "11_1, max)"));

    if (saved) {
        setenv("SOFTD3D_PROFILE", saved, 1);
        free(saved);
    } else {
        unsetenv("SOFTD3D_PROFILE");
    }
}

TEST(level_names)
{
    CHECK(!strcmp(core_level_name(CORE_LEVEL_9_2), "9_2"));
    CHECK(!strcmp(core_level_name(CORE_LEVEL_NONE), "none"));
    CHECK_EQ(core_level_from_name("9_3"), CORE_LEVEL_9_3);
    CHECK_EQ(core_level_from_name("9_4"), CORE_LEVEL_NONE);
    CHECK_EQ(core_level_from_name(NULL), CORE_LEVEL_NONE);
    CHECK_EQ(CORE_LEVEL_9_1, 0x9100);   /* D3D_FEATURE_LEVEL_9_1 */
    CHECK_EQ(CORE_LEVEL_9_3, 0x9300);   /* D3D_FEATURE_LEVEL_9_3 */
}

/* ---- seed 002: software vertex processing ---- */

TEST(seed002_software_vertex_processing_caps)
{
    const DWORD six = D3DVTXPCAPS_DIRECTIONALLIGHTS | D3DVTXPCAPS_LOCALVIEWER
                    | D3DVTXPCAPS_MATERIALSOURCE7 | D3DVTXPCAPS_POSITIONALLIGHTS
                    | D3DVTXPCAPS_TEXGEN | D3DVTXPCAPS_TWEENING;
    for (int id = 0; id < CORE_PROFILE_COUNT; id++) {
        const core_profile *p = prof((core_profile_id)id);
        CHECK_EQ(p->sw_caps.VertexProcessingCaps, six);
        CHECK_EQ(p->sw_caps.MaxActiveLights, 0xffffffffu);
        CHECK_EQ(p->sw_caps.MaxUserClipPlanes, 6);
        CHECK_EQ(p->sw_caps.MaxVertexBlendMatrices, 4);
        CHECK_EQ(p->sw_caps.MaxStreams, 16);
        CHECK_EQ(p->sw_caps.MaxVertexIndex, 0xffffffffu);
        CHECK_EQ(p->sw_caps.VertexShaderVersion, D3DVS_VERSION(3, 0));
        CHECK_EQ(p->sw_caps.MaxVertexShaderConst, 8192);
        CHECK_EQ(p->sw_caps.MaxVertexShader30InstructionSlots, 32768);
        /* the hardware caps are those of a hardware T&L device */
        CHECK(p->caps.DevCaps & D3DDEVCAPS_HWTRANSFORMANDLIGHT);
        CHECK_EQ(p->caps.DeviceType, D3DDEVTYPE_HAL);
        CHECK(p->caps.VertexProcessingCaps != six);
        /* past the vertex stage nothing changes */
        CHECK_EQ(p->sw_caps.PixelShaderVersion, p->caps.PixelShaderVersion);
        CHECK_EQ(p->sw_caps.TextureCaps, p->caps.TextureCaps);
        CHECK_EQ(p->sw_caps.NumSimultaneousRTs, p->caps.NumSimultaneousRTs);
    }
}

/* ---- the profiles are the seed minimums ---- */

TEST(profile_values_are_seed_minimums)
{
    const D3DCAPS9 *c1 = &prof(CORE_PROFILE_9_1)->caps, *c2 = &prof(CORE_PROFILE_9_2)->caps,
                   *c3 = &prof(CORE_PROFILE_9_3)->caps;
    CHECK_EQ(c1->MaxTextureWidth, 2048);
    CHECK_EQ(c1->MaxTextureRepeat, 128);
    CHECK_EQ(c1->MaxAnisotropy, 2);
    CHECK_EQ(c1->MaxPrimitiveCount, 65535);
    CHECK_EQ(c1->MaxVertexIndex, 65534);
    CHECK_EQ(c1->NumSimultaneousRTs, 1);
    CHECK_EQ(c1->PixelShaderVersion, D3DPS_VERSION(2, 0));
    CHECK_EQ(c1->VertexShaderVersion, D3DVS_VERSION(2, 0));
    CHECK_EQ(c1->MaxVertexShaderConst, 256);
    CHECK_EQ(c1->MaxPixelShader30InstructionSlots, 0);
    CHECK_EQ(c1->MaxVertexShader30InstructionSlots, 0);
    CHECK(!(c1->TextureAddressCaps & D3DPTADDRESSCAPS_MIRRORONCE));
    CHECK(!(c1->TextureAddressCaps & D3DPTADDRESSCAPS_BORDER));
    CHECK_EQ(c2->MaxAnisotropy, 16);
    CHECK_EQ(c2->MaxTextureRepeat, 2048);
    CHECK_EQ(c2->MaxPrimitiveCount, 1048575);
    CHECK(c2->MaxVertexW == 1000000000.0f);
    CHECK(!(c2->TextureAddressCaps & D3DPTADDRESSCAPS_BORDER));
    CHECK_EQ(c2->NumSimultaneousRTs, 1);
    CHECK_EQ(c3->MaxTextureWidth, 4096);
    CHECK_EQ(c3->MaxTextureRepeat, 8192);
    CHECK_EQ(c3->NumSimultaneousRTs, 4);
    CHECK_EQ(c3->PS20Caps.NumInstructionSlots, 512);
    CHECK_EQ(c3->PS20Caps.NumTemps, 32);
    CHECK_EQ(c3->VS20Caps.NumTemps, 32);
    CHECK_EQ(c3->VertexShaderVersion, D3DVS_VERSION(3, 0));
    CHECK_EQ(c3->PixelShaderVersion, D3DPS_VERSION(2, 0));
    /* max is 9_3 plus what is implemented beyond it (profile.c caps_max); everything else equal. */
    D3DCAPS9 m = prof(CORE_PROFILE_MAX)->caps;
    CHECK_EQ(m.TextureOpCaps & c3->TextureOpCaps, c3->TextureOpCaps);
    CHECK_EQ(c3->Caps, 0u);
    CHECK_EQ(m.Caps, D3DCAPS_READ_SCANLINE);   /* GetRasterStatus's virtual raster */
    CHECK_EQ(m.PrimitiveMiscCaps, c3->PrimitiveMiscCaps | D3DPMISCCAPS_PERSTAGECONSTANT);
    CHECK_EQ(m.DevCaps2, c3->DevCaps2 | D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES);
    CHECK_EQ(m.VertexProcessingCaps, c3->VertexProcessingCaps | D3DVTXPCAPS_TWEENING |
                                         D3DVTXPCAPS_TEXGEN_SPHEREMAP);
    CHECK_EQ(m.SrcBlendCaps, c3->SrcBlendCaps | D3DPBLENDCAPS_SRCALPHASAT |
                                 D3DPBLENDCAPS_BOTHSRCALPHA | D3DPBLENDCAPS_BOTHINVSRCALPHA);
    CHECK(m.MaxPointSize == 256.0f && (m.FVFCaps & D3DFVFCAPS_PSIZE));   /* point size */
    CHECK_EQ(m.MaxVertexBlendMatrixIndex, 255);                          /* indexed blending */
    CHECK(m.VertexTextureFilterCaps & D3DPTFILTERCAPS_MINFLINEAR);       /* vertex textures */
    /* ps_3_0: the PS20Caps of "Reporting Capabilities for Shader 3 Support", 512 slots or
     * more, at least 2^16 executed instructions ("ps_3_0") */
    CHECK_EQ(m.PixelShaderVersion, D3DPS_VERSION(3, 0));
    CHECK_EQ(m.PS20Caps.Caps, D3DPS20CAPS_ARBITRARYSWIZZLE | D3DPS20CAPS_GRADIENTINSTRUCTIONS |
                                  D3DPS20CAPS_PREDICATION | D3DPS20CAPS_NODEPENDENTREADLIMIT |
                                  D3DPS20CAPS_NOTEXINSTRUCTIONLIMIT);
    CHECK_EQ(m.PS20Caps.DynamicFlowControlDepth, 24);
    CHECK_EQ(m.PS20Caps.NumTemps, 32);
    CHECK_EQ(m.PS20Caps.StaticFlowControlDepth, 4);
    CHECK_EQ(m.PS20Caps.NumInstructionSlots, 512);
    CHECK(m.MaxPixelShader30InstructionSlots >= 512 && m.MaxPixelShader30InstructionSlots <= 32768);
    CHECK(m.MaxPShaderInstructionsExecuted >= 65536);
    CHECK_EQ(c3->MaxPixelShader30InstructionSlots, 0u);
    CHECK_EQ(prof(CORE_PROFILE_MAX)->sw_caps.PixelShaderVersion, D3DPS_VERSION(3, 0));
    /* seed 003: arbitrary texture sizes, so none of the size-restriction flags (rows 3-5) */
    const DWORD size_flags = D3DPTEXTURECAPS_POW2 | D3DPTEXTURECAPS_NONPOW2CONDITIONAL |
                             D3DPTEXTURECAPS_SQUAREONLY | D3DPTEXTURECAPS_CUBEMAP_POW2 |
                             D3DPTEXTURECAPS_VOLUMEMAP_POW2;
    CHECK_EQ(m.TextureCaps & size_flags, 0u);
    CHECK_EQ(c3->TextureCaps & size_flags, size_flags & ~(DWORD)D3DPTEXTURECAPS_SQUAREONLY);
    CHECK_EQ(m.TextureCaps, c3->TextureCaps & ~size_flags);
    m.TextureCaps = c3->TextureCaps;
    m.Caps = c3->Caps;
    m.SrcBlendCaps = c3->SrcBlendCaps;
    m.TextureOpCaps = c3->TextureOpCaps;
    m.PrimitiveMiscCaps = c3->PrimitiveMiscCaps;
    m.DevCaps2 = c3->DevCaps2;
    m.VertexProcessingCaps = c3->VertexProcessingCaps;
    m.MaxPointSize = c3->MaxPointSize;
    m.FVFCaps = c3->FVFCaps;
    m.MaxVertexBlendMatrixIndex = c3->MaxVertexBlendMatrixIndex;
    m.VertexTextureFilterCaps = c3->VertexTextureFilterCaps;
    m.PixelShaderVersion = c3->PixelShaderVersion;
    m.PS20Caps = c3->PS20Caps;
    m.MaxPixelShader30InstructionSlots = c3->MaxPixelShader30InstructionSlots;
    m.MaxPShaderInstructionsExecuted = c3->MaxPShaderInstructionsExecuted;
    CHECK_EQ(memcmp(c3, &m, sizeof(*c3)), 0);
}

/* The max profile's TextureOpCaps: every D3DTOP, the bump-map operations included (ff_ps.c
 * executes them all). */
TEST(max_profile_texture_op_caps)
{
    DWORD ops = prof(CORE_PROFILE_MAX)->caps.TextureOpCaps;
    for (DWORD op = D3DTOP_DISABLE; op <= D3DTOP_LERP; op++)
        CHECK_EQ((ops >> (op - 1)) & 1u, 1u);
    CHECK_EQ(ops >> D3DTOP_LERP, 0u);
    /* the software caps keep the hardware's pixel side */
    CHECK_EQ(prof(CORE_PROFILE_MAX)->sw_caps.TextureOpCaps, ops);
}

/* ---- the caps names ---- */

TEST(caps_names_cover_d3dcaps9)
{
    size_t n;
    const core_caps_member *m = core_caps_members(&n);
    CHECK_EQ(n, 76);
    CHECK_EQ(n * 4, sizeof(D3DCAPS9));
    for (size_t i = 0; i < n; i++) {
        CHECK_EQ(m[i].offset, i * 4);
        CHECK(core_caps_member_by_name(m[i].name) == &m[i]);
        if (m[i].type == CORE_CAPS_FLAGS) {
            CHECK(m[i].flag_count > 0);
            for (size_t f = 0; f < m[i].flag_count; f++)
                CHECK(m[i].flags[f].value != 0);
        }
    }
    CHECK(core_caps_member_by_name("PS20Caps.NumInstructionSlots") != NULL);
    CHECK(core_caps_member_by_name("Nope") == NULL);
}

static void count_token(void *ctx, const char *tok)
{
    (void)tok;
    (*(int *)ctx)++;
}

TEST(caps_names_decode)
{
    char buf[256];
    const core_caps_member *m = core_caps_member_by_name("TextureAddressCaps");
    CHECK(m != NULL);
    if (!m)
        return;
    core_caps_format_flags(m, D3DPTADDRESSCAPS_WRAP | D3DPTADDRESSCAPS_BORDER | 0x1000, ", ", buf,
                           sizeof(buf));
    CHECK(!strcmp(buf, "D3DPTADDRESSCAPS_WRAP, D3DPTADDRESSCAPS_BORDER, 0x00001000"));

    m = core_caps_member_by_name("FVFCaps");
    CHECK(m != NULL);
    if (!m)
        return;
    core_caps_format_flags(m, 8 | D3DFVFCAPS_PSIZE, " ", buf, sizeof(buf));
    CHECK(!strcmp(buf, "D3DFVFCAPS_TEXCOORDCOUNTMASK=8 D3DFVFCAPS_PSIZE"));

    m = core_caps_member_by_name("PresentationIntervals");
    int tokens = 0;
    core_caps_decode_flags(m, D3DPRESENT_INTERVAL_IMMEDIATE | D3DPRESENT_INTERVAL_ONE, count_token,
                           &tokens);
    CHECK_EQ(tokens, 2);
    tokens = 0;
    core_caps_decode_flags(m, 0, count_token, &tokens);
    CHECK_EQ(tokens, 0);

    /* truncation keeps a terminated string and reports the needed length */
    size_t need = core_caps_format_flags(core_caps_member_by_name("Caps2"),
                                         D3DCAPS2_DYNAMICTEXTURES | D3DCAPS2_FULLSCREENGAMMA, " | ",
                                         buf, 10);
    CHECK_EQ(strlen(buf), 9);
    CHECK_EQ(need, strlen("D3DCAPS2_FULLSCREENGAMMA | D3DCAPS2_DYNAMICTEXTURES"));
    CHECK(!strcmp(core_caps_devtype_name(D3DDEVTYPE_HAL), "D3DDEVTYPE_HAL"));
    CHECK(core_caps_devtype_name(77) == NULL);
}
