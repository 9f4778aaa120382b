/* tests/test_tiled_sample.c — issue 7, seed 001 through the sampler (sample/texel_tiled.h):
 * NULL-tile reads per format (missing components take their defaults), the per-texel rule for
 * footprints straddling NULL and mapped tiles (exact values), status feedback exactly when a
 * NULL texel has a non-zero weight, min/max reduction, the LOD clamp operand, gather and ld.
 * Expected values are exact: UNORM 255 -> 1.0 and 153 -> 0.6f (texel_unorm_to_float), weights
 * are multiples of 1/256 (sampler.c step 5), so no rounding tie can occur. */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/tiles.h"
#include "sample/texel_tiled.h"

/* A tiled 2D texture over a private pool with one page per tile (page i <-> tile i), of which
 * only the tiles flagged in `mapped` are mapped. */
struct ttex {
    core_tile_pool pool;
    core_tiled tr;
    struct texel_tiled tt;
    struct texture_view view;
};

static bool ttex_make(struct ttex *t, core_format f, uint32_t w, uint32_t h, uint32_t mips)
{
    const core_format_desc *fd = core_format_get(f);
    memset(t, 0, sizeof(*t));
    if (!fd || core_tile_layout_compute(w, h, mips, 1, fd->block_bytes * 8u, fd->block_width,
                                        fd->block_height, &t->tr.layout, NULL, 0) < 0)
        return false;
    t->tr.width = w;
    t->tr.height = h;
    t->tr.block_w = fd->block_width;
    t->tr.block_h = fd->block_height;
    t->tr.block_bytes = fd->block_bytes;
    t->pool.bytes = t->pool.capacity = (uint64_t)t->tr.layout.total_tiles * CORE_TILE_BYTES;
    t->pool.memory = calloc(1, (size_t)t->pool.bytes);
    t->tr.pages = malloc(sizeof(uint32_t) * t->tr.layout.total_tiles);
    t->tr.pool = &t->pool;
    for (uint32_t i = 0; i < t->tr.layout.total_tiles; i++)
        t->tr.pages[i] = CORE_TILE_NULL;
    t->tt.res = &t->tr;
    return t->pool.memory && t->tr.pages && texel_tiled_view_init(&t->view, &t->tt, f, mips);
}

static void ttex_free(struct ttex *t)
{
    free(t->pool.memory);
    free(t->tr.pages);
}

static void ttex_map(struct ttex *t, uint32_t tile)
{
    t->tr.pages[tile] = tile;
}

/* Writes one element (texel) of mip `mip`, through the page table. */
static void ttex_put(struct ttex *t, uint32_t mip, uint32_t x, uint32_t y, const void *v)
{
    uint8_t *p = core_tiled_element(&t->tr, mip, 0, x, y);
    if (p)
        memcpy(p, v, t->tr.block_bytes);
}

static void sampler_of(struct sampler *s, enum sampler_filter f, enum sampler_reduction red)
{
    struct sampler_state st = { .min_filter = f, .mag_filter = f, .mip_filter = SAMPLER_MIP_POINT,
                                .max_anisotropy = 1, .address_u = SAMPLER_ADDRESS_CLAMP,
                                .address_v = SAMPLER_ADDRESS_CLAMP,
                                .address_w = SAMPLER_ADDRESS_CLAMP, .min_lod = 0.0f,
                                .max_lod = 100.0f, .compare = SAMPLER_COMPARE_NEVER,
                                .reduction = red };
    CHECK(sampler_init(s, &st));
}

/* One lane at (u, v), explicit LOD. */
static void one_lane(struct sample_coords *c, float u, float v, float lod)
{
    memset(c, 0, sizeof(*c));
    c->u[0] = u;
    c->v[0] = v;
    c->lod[0] = lod;
    c->lod_mode = SAMPLE_LOD_EXPLICIT;
    c->mask = 1;
}

static bool rgba_is(const struct float4_soa *o, float r, float g, float b, float a)
{
    return o->c[0][0] == r && o->c[1][0] == g && o->c[2][0] == b && o->c[3][0] == a;
}

TEST(tiled_null_tile_reads_zero_with_format_defaults)
{
    /* seed 001 "Unmapped tiles": 0 in the format's components, the default for the missing
     * ones (spec 19.1.3.3: 0 for colour, 1 for alpha) */
    static const struct {
        core_format f;
        float a;                     /* expected alpha of a NULL read */
    } cases[] = {
        { 61, 1.0f },   /* R8_UNORM          -> (0, 0, 0, 1) */
        { 49, 1.0f },   /* R8G8_UNORM        -> (0, 0, 0, 1) */
        { 28, 0.0f },   /* R8G8B8A8_UNORM    -> (0, 0, 0, 0) */
        { 87, 0.0f },   /* B8G8R8A8_UNORM    -> (0, 0, 0, 0) */
        { 65, 0.0f },   /* A8_UNORM          -> (0, 0, 0, 0) */
        { 34, 1.0f },   /* R16G16_FLOAT      -> (0, 0, 0, 1) */
        { 85, 1.0f },   /* B5G6R5_UNORM      -> (0, 0, 0, 1) */
        { 10, 0.0f },   /* R16G16B16A16_FLOAT-> (0, 0, 0, 0) */
        { 2, 0.0f },    /* R32G32B32A32_FLOAT-> (0, 0, 0, 0) */
        { 71, 0.0f },   /* BC1_UNORM (4x4 blocks of 64 bits; alpha is a component) */
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct ttex t;
        struct sampler s;
        struct sample_coords c;
        struct float4_soa o;
        uint32_t unmapped = 0;
        const struct texel_format *tf = texel_format_get(cases[i].f);
        CHECK(tf != NULL);
        if (!tf || !ttex_make(&t, cases[i].f, 1024, 1024, 1)) {
            CHECK(!"ttex_make");
            continue;
        }
        float want_a = (tf->present & 8) ? 0.0f : 1.0f;
        CHECK_EQ(want_a, cases[i].a);
        sampler_of(&s, SAMPLER_FILTER_POINT, SAMPLER_REDUCTION_STANDARD);
        one_lane(&c, 0.3f, 0.6f, 0.0f);
        memset(&o, 0x55, sizeof(o));
        texel_tiled_sample(&s, &t.view, &c, NULL, 1, &o, &unmapped);
        CHECK(rgba_is(&o, 0.0f, 0.0f, 0.0f, want_a));
        CHECK_EQ(unmapped, 1u);
        ttex_free(&t);
    }
}

TEST(tiled_mapped_tile_reads_its_data_and_is_fully_mapped)
{
    struct ttex t;
    struct sampler s;
    struct sample_coords c;
    struct float4_soa o;
    uint32_t unmapped = 7;
    static const uint8_t px[4] = { 255, 153, 0, 255 };
    CHECK(ttex_make(&t, 28 /* R8G8B8A8_UNORM */, 256, 256, 1));   /* 2x2 tiles of 128x128 */
    ttex_map(&t, 3);
    ttex_put(&t, 0, 200, 130, px);
    sampler_of(&s, SAMPLER_FILTER_POINT, SAMPLER_REDUCTION_STANDARD);
    one_lane(&c, 200.5f / 256.0f, 130.5f / 256.0f, 0.0f);
    texel_tiled_sample(&s, &t.view, &c, NULL, 1, &o, &unmapped);
    CHECK(rgba_is(&o, 1.0f, 0.6f, 0.0f, 1.0f));
    CHECK_EQ(unmapped, 0u);
    ttex_free(&t);
}

/* R8_UNORM 512x256: tile 0 (x 0..255) mapped, all 1.0 (value `v` at x = 255); tile 1 NULL. */
static bool straddle(struct ttex *t, uint8_t v255)
{
    if (!ttex_make(t, 61, 512, 256, 1))
        return false;
    ttex_map(t, 0);
    memset(t->pool.memory, 255, CORE_TILE_BYTES);
    for (uint32_t y = 0; y < 256; y++)
        ttex_put(t, 0, 255, y, &v255);
    return true;
}

TEST(tiled_straddling_footprint_filters_null_texels_as_zero)
{
    struct ttex t;
    struct sampler s;
    struct sample_coords c;
    struct float4_soa o;
    uint32_t unmapped = 0;
    CHECK(straddle(&t, 255));
    sampler_of(&s, SAMPLER_FILTER_LINEAR, SAMPLER_REDUCTION_STANDARD);
    /* u = 0.5: texel-space 255.5 - 0.5 ... scaled = 0.5 * 512 - 0.5 = 255.5: texels 255
     * (mapped, 1.0) and 256 (NULL, 0) with weights 1/2 each; v on a texel centre.  The
     * per-texel rule gives 0.5 (early hardware's whole-result zero would give 0); alpha is 1
     * from both (R8 has no alpha: the NULL texel's default alpha is 1). */
    one_lane(&c, 0.5f, 100.5f / 256.0f, 0.0f);
    texel_tiled_sample(&s, &t.view, &c, NULL, 1, &o, &unmapped);
    CHECK(rgba_is(&o, 0.5f, 0.0f, 0.0f, 1.0f));
    CHECK_EQ(unmapped, 1u);
    /* weight 3/4 on the NULL texel: u such that scaled = 255.75 */
    one_lane(&c, 256.25f / 512.0f, 100.5f / 256.0f, 0.0f);
    texel_tiled_sample(&s, &t.view, &c, NULL, 1, &o, &unmapped);
    CHECK_EQ(o.c[0][0], 0.25f);
    CHECK_EQ(unmapped, 1u);
    /* at texel 255's centre the NULL neighbour has weight exactly 0: value 1.0, and the
     * access counts as fully mapped (CheckAccessFullyMapped true) */
    one_lane(&c, 255.5f / 512.0f, 100.5f / 256.0f, 0.0f);
    texel_tiled_sample(&s, &t.view, &c, NULL, 1, &o, &unmapped);
    CHECK(rgba_is(&o, 1.0f, 0.0f, 0.0f, 1.0f));
    CHECK_EQ(unmapped, 0u);
    /* one texel further right (texel 256's centre): only the NULL texel counts */
    one_lane(&c, 256.5f / 512.0f, 100.5f / 256.0f, 0.0f);
    texel_tiled_sample(&s, &t.view, &c, NULL, 1, &o, &unmapped);
    CHECK(rgba_is(&o, 0.0f, 0.0f, 0.0f, 1.0f));
    CHECK_EQ(unmapped, 1u);
    ttex_free(&t);
}

TEST(tiled_status_per_lane_in_a_batch)
{
    struct ttex t;
    struct sampler s;
    struct sample_coords c;
    struct float4_soa o;
    uint32_t unmapped = 0;
    CHECK(straddle(&t, 255));
    sampler_of(&s, SAMPLER_FILTER_LINEAR, SAMPLER_REDUCTION_STANDARD);
    memset(&c, 0, sizeof(c));
    c.lod_mode = SAMPLE_LOD_EXPLICIT;
    for (int i = 0; i < SAMPLER_LANES; i++) {
        c.u[i] = (250.5f + (float)i * 0.5f) / 512.0f;   /* lanes from texel 250 to 258 */
        c.v[i] = 0.5f;
    }
    c.mask = 0xfffe;   /* lane 0 inactive */
    texel_tiled_sample(&s, &t.view, &c, NULL, SAMPLER_LANES, &o, &unmapped);
    /* lane i is at texel-space 250 + i/2: a NULL texel (>= 256) has a non-zero weight from
     * 255 + a half step on, i.e. i >= 11; lane 0 inactive is never reported */
    CHECK_EQ(unmapped, 0xf800u);
    ttex_free(&t);
}

TEST(tiled_min_max_reduction_over_null_and_mapped_texels)
{
    struct ttex t;
    struct sampler s;
    struct sample_coords c;
    struct float4_soa o;
    uint32_t unmapped = 0;
    CHECK(straddle(&t, 153));   /* texel 255 = 0.6, texels 0..254 = 1.0, 256.. NULL (0) */
    /* footprint texels 255 (0.6) and 256 (NULL 0), both weights 1/2 */
    one_lane(&c, 0.5f, 100.5f / 256.0f, 0.0f);
    sampler_of(&s, SAMPLER_FILTER_LINEAR, SAMPLER_REDUCTION_MINIMUM);
    texel_tiled_sample(&s, &t.view, &c, NULL, 1, &o, &unmapped);
    CHECK(rgba_is(&o, 0.0f, 0.0f, 0.0f, 1.0f));
    CHECK_EQ(unmapped, 1u);
    sampler_of(&s, SAMPLER_FILTER_LINEAR, SAMPLER_REDUCTION_MAXIMUM);
    texel_tiled_sample(&s, &t.view, &c, NULL, 1, &o, &unmapped);
    CHECK(rgba_is(&o, 0.6f, 0.0f, 0.0f, 1.0f));
    CHECK_EQ(unmapped, 1u);
    /* footprint texels 254 (1.0) and 255 (0.6): min 0.6, max 1.0, fully mapped */
    one_lane(&c, 255.0f / 512.0f, 100.5f / 256.0f, 0.0f);
    sampler_of(&s, SAMPLER_FILTER_LINEAR, SAMPLER_REDUCTION_MINIMUM);
    texel_tiled_sample(&s, &t.view, &c, NULL, 1, &o, &unmapped);
    CHECK_EQ(o.c[0][0], 0.6f);
    CHECK_EQ(unmapped, 0u);
    sampler_of(&s, SAMPLER_FILTER_LINEAR, SAMPLER_REDUCTION_MAXIMUM);
    texel_tiled_sample(&s, &t.view, &c, NULL, 1, &o, &unmapped);
    CHECK_EQ(o.c[0][0], 1.0f);
    ttex_free(&t);
}

TEST(tiled_lod_clamp_operand_skips_unmapped_detail)
{
    /* R8_UNORM 512x512: mip 0 = 2x2 tiles (0..3) NULL, mip 1 = 256x256 = tile 4 mapped (0.6) */
    struct ttex t;
    struct sampler s;
    struct sample_coords c;
    struct float4_soa o;
    uint32_t unmapped = 0;
    float clamp[SAMPLER_LANES];
    CHECK(ttex_make(&t, 61, 512, 512, 2));
    CHECK_EQ(t.tr.layout.mip_start[1], 4u);
    ttex_map(&t, 4);
    memset(t.pool.memory + 4 * (size_t)CORE_TILE_BYTES, 153, CORE_TILE_BYTES);
    sampler_of(&s, SAMPLER_FILTER_POINT, SAMPLER_REDUCTION_STANDARD);
    one_lane(&c, 0.3f, 0.3f, 0.0f);
    /* no clamp: LOD 0 reads the NULL mip 0 */
    texel_tiled_sample(&s, &t.view, &c, NULL, 1, &o, &unmapped);
    CHECK_EQ(o.c[0][0], 0.0f);
    CHECK_EQ(unmapped, 1u);
    /* clamp 1: "no sample accesses a mip level less than 1" -> mip 1, mapped */
    for (int i = 0; i < SAMPLER_LANES; i++)
        clamp[i] = 1.0f;
    texel_tiled_sample(&s, &t.view, &c, clamp, 1, &o, &unmapped);
    CHECK_EQ(o.c[0][0], 0.6f);
    CHECK_EQ(unmapped, 0u);
    /* clamp 0.25 under POINT mip filtering rounds to mip 0 again; NaN is ignored */
    clamp[0] = 0.25f;
    texel_tiled_sample(&s, &t.view, &c, clamp, 1, &o, &unmapped);
    CHECK_EQ(unmapped, 1u);
    clamp[0] = NAN;
    texel_tiled_sample(&s, &t.view, &c, clamp, 1, &o, &unmapped);
    CHECK_EQ(o.c[0][0], 0.0f);
    /* per lane: lanes 0 and 1 with different clamps in one batch */
    memset(&c, 0, sizeof(c));
    c.lod_mode = SAMPLE_LOD_EXPLICIT;
    c.u[0] = c.u[1] = c.v[0] = c.v[1] = 0.3f;
    c.mask = 3;
    clamp[0] = 0.0f;
    clamp[1] = 1.0f;
    texel_tiled_sample(&s, &t.view, &c, clamp, 2, &o, &unmapped);
    CHECK_EQ(o.c[0][0], 0.0f);
    CHECK_EQ(o.c[0][1], 0.6f);
    CHECK_EQ(unmapped, 1u);
    ttex_free(&t);
}

TEST(tiled_gather_and_load_with_status)
{
    struct ttex t;
    struct sampler s;
    struct sample_coords c;
    struct float4_soa o;
    uint32_t unmapped = 0;
    static const int8_t no_off[2] = { 0, 0 };
    float f[4];
    uint32_t raw[4];
    bool is_int;
    CHECK(straddle(&t, 153));
    sampler_of(&s, SAMPLER_FILTER_LINEAR, SAMPLER_REDUCTION_STANDARD);
    /* at u = 0.5 the 2x2 footprint is texels 255 and 256 of rows 100 and 101:
     * x = (u0, v1) = 0.6, y = (u1, v1) = 0 (NULL), z = (u1, v0) = 0, w = (u0, v0) = 0.6 */
    one_lane(&c, 0.5f, 101.0f / 256.0f, 0.0f);
    texel_tiled_gather(&s, &t.view, &c, 0, false, NULL, no_off, 1, &o, &unmapped);
    CHECK(rgba_is(&o, 0.6f, 0.0f, 0.0f, 0.6f));
    CHECK_EQ(unmapped, 1u);
    /* one texel to the left: 254 (1.0) and 255 (0.6), fully mapped */
    one_lane(&c, 255.0f / 512.0f, 101.0f / 256.0f, 0.0f);
    texel_tiled_gather(&s, &t.view, &c, 0, false, NULL, no_off, 1, &o, &unmapped);
    CHECK(rgba_is(&o, 1.0f, 0.6f, 0.6f, 1.0f));
    CHECK_EQ(unmapped, 0u);
    /* ld: mapped texel, NULL texel (0 with alpha default 1), outside the view */
    CHECK(texel_tiled_load(&t.view, 255, 3, 0, 0, f, raw, &is_int));
    CHECK_EQ(f[0], 0.6f);
    CHECK(!texel_tiled_load(&t.view, 300, 3, 0, 0, f, raw, &is_int));
    CHECK(f[0] == 0.0f && f[3] == 1.0f);
    CHECK(!texel_tiled_load(&t.view, 600, 3, 0, 0, f, raw, &is_int));
    ttex_free(&t);
}

TEST(tiled_packed_mips_read_through_the_packed_unit)
{
    /* R8G8B8A8 256x256, 9 mips: mips 2..8 live in one packed tile (tile 5) */
    struct ttex t;
    struct sampler s;
    struct sample_coords c;
    struct float4_soa o;
    uint32_t unmapped = 0;
    static const uint8_t red[4] = { 255, 0, 0, 255 };
    CHECK(ttex_make(&t, 28, 256, 256, 9));
    CHECK_EQ(t.tr.layout.packed_tiles, 1u);
    sampler_of(&s, SAMPLER_FILTER_POINT, SAMPLER_REDUCTION_STANDARD);
    one_lane(&c, 0.5f, 0.5f, 3.0f);   /* mip 3: 32x32, texel (16, 16) */
    texel_tiled_sample(&s, &t.view, &c, NULL, 1, &o, &unmapped);
    CHECK_EQ(unmapped, 1u);
    ttex_map(&t, 5);
    ttex_put(&t, 3, 16, 16, red);
    texel_tiled_sample(&s, &t.view, &c, NULL, 1, &o, &unmapped);
    CHECK(rgba_is(&o, 1.0f, 0.0f, 0.0f, 1.0f));
    CHECK_EQ(unmapped, 0u);
    ttex_free(&t);
}

TEST(tiled_array_view_selects_the_slice_per_lane)
{
    /* R8_UNORM 256x256, 3 slices of one tile each: slice 0 = 51 (0.2), slice 1 NULL,
     * slice 2 = 204 (0.8).  The array index is round-to-nearest-even of w, clamped. */
    core_tile_pool pool;
    core_tiled tr;
    struct texel_tiled tt;
    struct texture_view view;
    struct sampler s;
    struct sample_coords c;
    struct float4_soa o;
    uint32_t unmapped = 0, pages[3] = { 0, CORE_TILE_NULL, 2 };
    static const float w[8] = { 0.0f, 1.0f, 2.0f, 2.6f, -1.0f, 0.5f, 1.5f, NAN };
    static const float want[8] = { 0.2f, 0.0f, 0.8f, 0.8f, 0.2f, 0.2f, 0.8f, 0.2f };
    memset(&tr, 0, sizeof(tr));
    CHECK_EQ(core_tile_layout_compute(256, 256, 1, 3, 8, 1, 1, &tr.layout, NULL, 0), 0);
    CHECK_EQ(tr.layout.total_tiles, 3u);
    pool.bytes = pool.capacity = 3 * (uint64_t)CORE_TILE_BYTES;
    pool.memory = malloc((size_t)pool.bytes);
    CHECK(pool.memory != NULL);
    if (!pool.memory)
        return;
    memset(pool.memory, 51, CORE_TILE_BYTES);
    memset(pool.memory + CORE_TILE_BYTES, 99, CORE_TILE_BYTES);   /* unmapped: never read */
    memset(pool.memory + 2 * CORE_TILE_BYTES, 204, CORE_TILE_BYTES);
    tr.pages = pages;
    tr.pool = &pool;
    tr.width = tr.height = 256;
    tr.block_w = tr.block_h = tr.block_bytes = 1;
    tt = (struct texel_tiled){ &tr, 0, 0, false, 3 };
    CHECK(texel_tiled_view_init(&view, &tt, 61, 1));
    sampler_of(&s, SAMPLER_FILTER_POINT, SAMPLER_REDUCTION_STANDARD);
    memset(&c, 0, sizeof(c));
    c.lod_mode = SAMPLE_LOD_EXPLICIT;
    for (int i = 0; i < 8; i++) {
        c.u[i] = c.v[i] = 0.5f;
        c.w[i] = w[i];
    }
    c.mask = 0xff;
    texel_tiled_sample(&s, &view, &c, NULL, 8, &o, &unmapped);
    for (int i = 0; i < 8; i++)
        CHECK_EQ(o.c[0][i], want[i]);
    CHECK_EQ(unmapped, 1u << 1);   /* only lane 1 read the NULL slice */
    /* ld: the slice is the address's z; out of range reads 0 */
    {
        float f[4];
        uint32_t raw[4];
        bool is_int;
        CHECK(texel_tiled_load(&view, 5, 5, 2, 0, f, raw, &is_int));
        CHECK_EQ(f[0], 0.8f);
        CHECK(!texel_tiled_load(&view, 5, 5, 1, 0, f, raw, &is_int));
        CHECK(!texel_tiled_load(&view, 5, 5, 3, 0, f, raw, &is_int));
    }
    free(pool.memory);
}
