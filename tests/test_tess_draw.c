/* tests/test_tess_draw.c — tessellated draws through the pipeline's internal API
 * (src/pipeline/tess_stage.c; issue 16, step 3): patch lists -> vertex program -> hull
 * phases -> tessellator -> domain program -> rasterizer, pixels compared exactly.
 *
 * A quad patch of four corner control points, whose domain program places each domain point
 * bilinearly between them, covers its rectangle exactly once (the tessellator's triangles
 * tile the domain; the top-left rule owns every shared edge once): the test counts every
 * pixel.  The TessFactors come from a constant buffer through an instanced fork phase (a
 * relative o# index) and a join phase; a factor 0 culls the patch (11.7.12).  The rules of
 * draw_tess_check refuse what 11.8.1 forbids or what is not implemented yet.
 */
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#include "pipeline/draw.h"
#include "pipeline/tessellator.h"
#include "shader/shader_asm.h"
#include "shader/tpf.h"
#include "tess_programs.h"

#define W 16
#define H 16

static bool decode(const char *text, struct ir_program *ir)
{
    void *blob = NULL;
    size_t n = 0;
    char err[300];
    if (shader_assemble(text, strlen(text), &blob, &n, err, sizeof(err))) {
        harness_fail(__FILE__, __LINE__, "assembler: %s", err);
        return false;
    }
    struct tpf_error terr;
    int ret = tpf_decode_blob(blob, n, 0, ir, &terr);
    free(blob);
    if (ret)
        harness_fail(__FILE__, __LINE__, "decoder: %s", terr.message);
    return ret == 0;
}

static struct draw_program *program(const char *text)
{
    struct ir_program ir;
    struct draw_program *p = NULL;
    if (!decode(text, &ir))
        return NULL;
    CHECK_EQ(draw_program_create(&ir, &p), DRAW_OK);
    ir_program_free(&ir);
    return p;
}

static const char vs_text[] =
    "vs_4_0\ndcl_input v0.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v0.xyzw\nret\n";
static const char ps_text[] =
    "ps_4_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0, 0.0, 0.0, 1.0)\nret\n";

/* (the hull program: HS_QUAD of tess_programs.h) */

/* position = lerp(lerp(cp0, cp1, u), lerp(cp3, cp2, u), v) */
static const char ds_text[] =
    "ds_5_0\ndcl_input_control_point_count 4\ndcl_tessellator_domain domain_quad\n"
    "dcl_input vDomain.xy\ndcl_input vicp[4][0].xyzw\ndcl_output_siv o0.xyzw, position\n"
    "dcl_temps 2\n"
    "add r0.xyzw, vicp[1][0].xyzw, -vicp[0][0].xyzw\n"
    "mad r0.xyzw, vDomain.xxxx, r0.xyzw, vicp[0][0].xyzw\n"
    "add r1.xyzw, vicp[2][0].xyzw, -vicp[3][0].xyzw\n"
    "mad r1.xyzw, vDomain.xxxx, r1.xyzw, vicp[3][0].xyzw\n"
    "add r1.xyzw, r1.xyzw, -r0.xyzw\n"
    "mad o0.xyzw, vDomain.yyyy, r1.xyzw, r0.xyzw\nret\n";

struct scene {
    struct draw_context *dc;
    struct draw_program *vs, *ps, *ds;
    struct draw_hull *hs;
    struct draw_linkage link;
    struct draw_gs_linkage hs_link;
    float verts[8][4];
    float cb[4];
    uint8_t pixels[W * H * 4];
    struct draw_desc d;
};

/* The scene with a hull program, a domain program and a pixel program; `attr`: the domain
 * program's o1 feeds the pixel program's v0 (else the pixel program reads nothing). */
static bool scene_setup(struct scene *s, const char *hs_text, const char *ds_src,
                        const char *ps_src, bool attr)
{
    memset(s, 0, sizeof(*s));
    s->dc = draw_context_create(2);
    s->vs = program(vs_text);
    s->ps = program(ps_src);
    s->ds = program(ds_src);
    struct ir_program ir;
    if (decode(hs_text, &ir)) {
        CHECK_EQ(draw_hull_create(&ir, &s->hs), DRAW_OK);
        ir_program_free(&ir);
    }
    if (!s->dc || !s->vs || !s->ps || !s->ds || !s->hs)
        return false;
    if (attr) {
        s->link.attr_count = 1;
        s->link.attr_reg[0] = 1;
        for (int c = 0; c < 4; c++)
            s->link.in[0][c] = (struct draw_input_src){ DRAW_IN_ATTR, 0, (uint8_t)c };
    }
    for (int c = 0; c < 4; c++)
        s->hs_link.src[0][c].used = 1, s->hs_link.src[0][c].comp = (uint8_t)c;
    /* the left half of the target: (-1, 1) (0, 1) (0, -1) (-1, -1), u right, v down */
    static const float quad[4][4] = { { -1, 1, 0, 1 }, { 0, 1, 0, 1 }, { 0, -1, 0, 1 },
                                      { -1, -1, 0, 1 } };
    memcpy(s->verts, quad, sizeof(quad));
    memcpy(s->verts[4], quad, sizeof(quad));   /* a second patch, the same */
    struct draw_desc *d = &s->d;
    d->topology = DRAW_PATCH_LIST_1 + 3;
    d->count = 4;
    d->instance_count = 1;
    d->streams[0].data = (const uint8_t *)s->verts;
    d->streams[0].size = sizeof(s->verts);
    d->streams[0].stride = 16;
    d->elements[0].format = 2;   /* R32G32B32A32_FLOAT */
    d->elements[0].mask = 0xf;
    d->element_count = 1;
    d->vs = s->vs;
    d->ps = s->ps;
    d->link = &s->link;
    d->hs = s->hs;
    d->ds = s->ds;
    d->hs_link = &s->hs_link;
    d->hs_cb[0].data = (const uint32_t *)s->cb;
    d->hs_cb[0].size = 1;
    d->cull = RASTER_CULL_NONE;
    d->viewport = (struct draw_viewport){ 0, 0, W, H, 0, 1 };
    d->width = W;
    d->height = H;
    d->om_key.rt[0].format = 28;   /* R8G8B8A8_UNORM */
    d->om_key.rt[0].write_mask = OM_WRITE_ALL;
    d->om.rt[0] = (struct om_surface){ s->pixels, W * 4, W, H, 0 };
    d->om.samples = 1;
    d->om.sample_mask = 0xffffffffu;
    return true;
}

static bool scene_init(struct scene *s, const char *hs_text)
{
    return scene_setup(s, hs_text, ds_text, ps_text, false);
}

static void scene_free(struct scene *s)
{
    draw_program_destroy(s->vs);
    draw_program_destroy(s->ps);
    draw_program_destroy(s->ds);
    draw_hull_destroy(s->hs);
    draw_context_destroy(s->dc);
}

/* Red pixels; CHECKs that every other pixel is untouched (0). */
static unsigned red_pixels(const struct scene *s, unsigned *left)
{
    unsigned red = 0;
    *left = 0;
    for (unsigned y = 0; y < H; y++)
        for (unsigned x = 0; x < W; x++) {
            const uint8_t *p = &s->pixels[(y * W + x) * 4];
            if (p[0] == 255 && p[1] == 0 && p[2] == 0 && p[3] == 255) {
                red++;
                *left += x < W / 2;
            } else if (p[0] || p[1] || p[2] || p[3]) {
                harness_fail(__FILE__, __LINE__, "pixel (%u, %u) = %u %u %u %u", x, y, p[0],
                             p[1], p[2], p[3]);
                return red;
            }
        }
    return red;
}

static void draw_with_factors(const char *partitioning_hs, float edge, float inside,
                              unsigned want_red)
{
    struct scene *s = calloc(1, sizeof(*s));
    if (!s || !scene_init(s, partitioning_hs)) {
        if (s)
            scene_free(s);
        free(s);
        CHECK(!"scene");
        return;
    }
    s->cb[0] = edge;
    s->cb[1] = inside;
    char msg[200];
    CHECK_EQ(draw_execute(s->dc, &s->d, NULL, msg, sizeof(msg)), DRAW_OK);
    unsigned left, red = red_pixels(s, &left);
    if (red != want_red || left != want_red)
        harness_fail(__FILE__, __LINE__, "edge %g inside %g: %u red pixels (%u left), want %u",
                     (double)edge, (double)inside, red, left, want_red);
    scene_free(s);
    free(s);
}

/* Every pixel of the left half exactly, at every factor and partitioning. */
TEST(tess_draw_quad_patch_covers_its_rectangle)
{
    static const float factors[][2] = { { 1, 1 }, { 2, 2 }, { 3.3f, 7 }, { 7, 1.5f },
                                        { 64, 64 }, { 5, 13.7f } };
    for (size_t i = 0; i < sizeof(factors) / sizeof(factors[0]); i++) {
        draw_with_factors(HS_QUAD("partitioning_integer"), factors[i][0], factors[i][1],
                          W * H / 2);
        draw_with_factors(HS_QUAD("partitioning_fractional_odd"), factors[i][0],
                          factors[i][1], W * H / 2);
        draw_with_factors(HS_QUAD("partitioning_fractional_even"), factors[i][0],
                          factors[i][1], W * H / 2);
        draw_with_factors(HS_QUAD("partitioning_pow2"), factors[i][0], factors[i][1],
                          W * H / 2);
    }
}

/* 11.7.12: an edge factor 0 (or negative, NaN) culls the patch; an inside factor 0 does not. */
TEST(tess_draw_culled_patch_draws_nothing)
{
    draw_with_factors(HS_QUAD("partitioning_integer"), 0.0f, 4.0f, 0);
    draw_with_factors(HS_QUAD("partitioning_integer"), -1.0f, 4.0f, 0);
    draw_with_factors(HS_QUAD("partitioning_integer"), 4.0f, 0.0f, W * H / 2);
}

/* The scene's draw with a topology and without some of hs, ds, hs_link: refused, saying why. */
static void refused(struct scene *s, unsigned topology, bool hs, bool ds, bool hs_link,
                    const char *why)
{
    char msg[200] = "";
    struct draw_desc d = s->d;
    d.topology = (enum draw_topology)topology;
    d.hs = hs ? d.hs : NULL;
    d.ds = ds ? d.ds : NULL;
    d.hs_link = hs_link ? d.hs_link : NULL;
    CHECK_EQ(draw_execute(s->dc, &d, NULL, msg, sizeof(msg)), DRAW_E_INVALID);
    CHECK_STR_CONTAINS(msg, why);
}

/* draw_tess_check's refusals (nothing drawn), then a draw of two patches and an incomplete
 * third one, which is dropped (11.3). */
TEST(tess_draw_rules)
{
    struct scene *s = calloc(1, sizeof(*s));
    if (!s || !scene_init(s, HS_QUAD("partitioning_integer"))) {
        if (s)
            scene_free(s);
        free(s);
        CHECK(!"scene");
        return;
    }
    s->cb[0] = s->cb[1] = 4.0f;
    const unsigned quads = DRAW_PATCH_LIST_1 + 3;
    /* the patch size must be the hull's input control-point count */
    refused(s, DRAW_PATCH_LIST_1 + 2, true, true, true, "input control-point count");
    /* a patch list needs both programs; each program needs the other; they need patches */
    refused(s, quads, false, true, true, "needs a hull and a domain program");
    refused(s, quads, true, false, true, "needs a hull and a domain program");
    refused(s, quads, false, false, true, "patch-list topology needs");
    refused(s, DRAW_TRIANGLE_LIST, true, true, true, "need a patch-list topology");
    refused(s, quads, true, true, false, "hull linkage is missing");
    /* nothing was drawn by the refused draws */
    unsigned left;
    CHECK_EQ(red_pixels(s, &left), 0);
    /* two patches of one draw; an incomplete third (count 10) is dropped */
    char msg[200];
    struct draw_desc d = s->d;
    d.count = 10;
    CHECK_EQ(draw_execute(s->dc, &d, NULL, msg, sizeof(msg)), DRAW_OK);
    CHECK_EQ(red_pixels(s, &left), W * H / 2);
    scene_free(s);
    free(s);
}

/* The same hull and domain programs build through draw_hull_create only from a hull
 * container. */
TEST(tess_draw_hull_create_refuses_other_programs)
{
    struct ir_program ir;
    struct draw_hull *h = (struct draw_hull *)1;
    if (!decode(ds_text, &ir))
        return;
    CHECK_EQ(draw_hull_create(&ir, &h), DRAW_E_INVALID);
    CHECK(h == NULL);
    CHECK_EQ(draw_hull_create(NULL, &h), DRAW_E_INVALID);
    ir_program_free(&ir);
    if (!decode(HS_QUAD("partitioning_integer"), &ir))
        return;
    CHECK_EQ(draw_hull_create(&ir, &h), DRAW_OK);
    if (h) {
        CHECK_EQ(h->phase_count, 3);
        CHECK_EQ(h->domain, TESS_DOMAIN_QUAD);
        CHECK_EQ(h->factor_edge[2], 2 * 4);      /* o2.x */
        CHECK_EQ(h->factor_inside[1], 5 * 4);    /* o5.x */
        CHECK_EQ(h->pc_count, 6);
    }
    draw_hull_destroy(h);
    ir_program_free(&ir);
}

/* ---- the domain program's attributes, other domains and primitives ---------------------- */

static const char ds_uv_text[] =
    "ds_5_0\ndcl_input_control_point_count 4\ndcl_tessellator_domain domain_quad\n"
    "dcl_input vDomain.xy\ndcl_input vicp[4][0].xyzw\ndcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\ndcl_temps 2\n"
    "add r0.xyzw, vicp[1][0].xyzw, -vicp[0][0].xyzw\n"
    "mad r0.xyzw, vDomain.xxxx, r0.xyzw, vicp[0][0].xyzw\n"
    "add r1.xyzw, vicp[2][0].xyzw, -vicp[3][0].xyzw\n"
    "mad r1.xyzw, vDomain.xxxx, r1.xyzw, vicp[3][0].xyzw\n"
    "add r1.xyzw, r1.xyzw, -r0.xyzw\n"
    "mad o0.xyzw, vDomain.yyyy, r1.xyzw, r0.xyzw\n"
    "mov o1.xyzw, l(0.0, 0.0, 0.0, 1.0)\nmov o1.xy, vDomain.xyxx\nret\n";
static const char ps_attr_text[] =
    "ps_4_0\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v0.xyzw\nret\n";
/* the reference: the same corners as a triangle list, (u, v) as vertex data */
static const char vs_uv_text[] =
    "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n";

/* Factors 1 make the bare quad, triangles (0,1,3) (1,2,3) (11.7.6 / the reference's minimum
 * case): the same bytes as a triangle list of those corners carrying (u, v) as attributes. */
TEST(tess_draw_bare_quad_equals_the_triangle_list)
{
    struct scene *s = calloc(1, sizeof(*s));
    if (!s || !scene_setup(s, HS_QUAD("partitioning_integer"), ds_uv_text, ps_attr_text, true)) {
        if (s)
            scene_free(s);
        free(s);
        CHECK(!"scene");
        return;
    }
    s->cb[0] = s->cb[1] = 1.0f;
    char msg[200];
    CHECK_EQ(draw_execute(s->dc, &s->d, NULL, msg, sizeof(msg)), DRAW_OK);
    static uint8_t tess_img[W * H * 4];
    memcpy(tess_img, s->pixels, sizeof(tess_img));
    unsigned lit = 0;
    for (unsigned i = 0; i < W * H; i++)
        lit += tess_img[4 * i + 3] == 255;
    CHECK_EQ(lit, W * H / 2);
    CHECK(tess_img[4 * (W * 0 + 7)] > tess_img[4 * (W * 0 + 0)]);   /* u grows to the right */
    CHECK(tess_img[4 * (W * 15 + 0) + 1] > tess_img[4 * (W * 0 + 0) + 1]);   /* v downward */

    /* the reference draw */
    static const float uv[4][4] = { { 0, 0, 0, 1 }, { 1, 0, 0, 1 }, { 1, 1, 0, 1 },
                                    { 0, 1, 0, 1 } };
    static const unsigned order[6] = { 0, 1, 3, 1, 2, 3 };
    float verts[6][8];
    for (int i = 0; i < 6; i++) {
        memcpy(verts[i], s->verts[order[i]], 16);
        memcpy(&verts[i][4], uv[order[i]], 16);
    }
    struct draw_program *vs = program(vs_uv_text);
    if (vs) {
        memset(s->pixels, 0, sizeof(s->pixels));
        struct draw_desc d = s->d;
        d.topology = DRAW_TRIANGLE_LIST;
        d.count = 6;
        d.hs = NULL;
        d.ds = NULL;
        d.vs = vs;
        d.streams[0] = (struct draw_stream){ (const uint8_t *)verts, sizeof(verts), 32, 0 };
        d.elements[1] = d.elements[0];
        d.elements[1].offset = 16;
        d.elements[1].reg = 1;
        d.element_count = 2;
        CHECK_EQ(draw_execute(s->dc, &d, NULL, msg, sizeof(msg)), DRAW_OK);
        CHECK(!memcmp(s->pixels, tess_img, sizeof(tess_img)));
        draw_program_destroy(vs);
    }
    scene_free(s);
    free(s);
}

/* Isolines (11.6): density 4 draws lines at v = 0, 1/4, 2/4, 3/4 — never at v = 1 — here the
 * pixel rows 0, 4, 8 and 12, each lit across the target whatever the line detail. */
TEST(tess_draw_isolines)
{
    static const float details[] = { 1, 3, 7.5f };
    for (size_t k = 0; k < 3; k++) {
        struct scene *s = calloc(1, sizeof(*s));
        if (!s || !scene_setup(s, HS_ISOLINE, DS_ISOLINE, ps_text, false)) {
            if (s)
                scene_free(s);
            free(s);
            CHECK(!"scene");
            return;
        }
        /* cp0 at the centre of row 0's left edge, cp1 two units down at the right edge */
        static const float cps[2][4] = { { -1, 0.9375f, 0, 1 }, { 1, -1.0625f, 0, 1 } };
        memcpy(s->verts, cps, sizeof(cps));
        s->d.topology = DRAW_PATCH_LIST_1 + 1;
        s->d.count = 2;
        s->cb[0] = details[k];
        s->cb[1] = 4.0f;
        char msg[200];
        CHECK_EQ(draw_execute(s->dc, &s->d, NULL, msg, sizeof(msg)), DRAW_OK);
        for (unsigned y = 0; y < H; y++) {
            unsigned lit = 0;
            for (unsigned x = 0; x < W; x++)
                lit += s->pixels[(y * W + x) * 4] == 255;
            if (lit != (y % 4 == 0 ? W : 0u))
                harness_fail(__FILE__, __LINE__, "detail %g: row %u has %u lit pixels",
                             (double)details[k], y, lit);
        }
        scene_free(s);
        free(s);
    }
}

/* The domain program reads its own textures (ds_textures, here by ld): the patch takes the
 * texel's colour; with nothing bound the texel reads 0. */
static const char ds_tex_text[] =
    "ds_5_0\ndcl_input_control_point_count 4\ndcl_tessellator_domain domain_quad\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input vDomain.xy\ndcl_input vicp[4][0].xyzw\ndcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\ndcl_temps 2\n"
    "add r0.xyzw, vicp[1][0].xyzw, -vicp[0][0].xyzw\n"
    "mad r0.xyzw, vDomain.xxxx, r0.xyzw, vicp[0][0].xyzw\n"
    "add r1.xyzw, vicp[2][0].xyzw, -vicp[3][0].xyzw\n"
    "mad r1.xyzw, vDomain.xxxx, r1.xyzw, vicp[3][0].xyzw\n"
    "add r1.xyzw, r1.xyzw, -r0.xyzw\n"
    "mad o0.xyzw, vDomain.yyyy, r1.xyzw, r0.xyzw\n"
    "ld o1.xyzw, l(0, 0, 0, 0), t0.xyzw\nret\n";

TEST(tess_draw_domain_program_textures)
{
    static const uint8_t texel[4] = { 0, 255, 0, 255 };
    struct texture_view view;
    memset(&view, 0, sizeof(view));
    view.format = 28;   /* R8G8B8A8_UNORM */
    view.dim = TEXTURE_DIM_2D;
    view.levels = 1;
    view.level[0] = (struct texture_level){ texel, 4, 4, 0, 1, 1, 1 };
    CHECK(texture_view_init(&view));
    for (int bound = 1; bound >= 0; bound--) {
        struct scene *s = calloc(1, sizeof(*s));
        if (!s || !scene_setup(s, HS_QUAD("partitioning_fractional_even"), ds_tex_text,
                               ps_attr_text, true)) {
            if (s)
                scene_free(s);
            free(s);
            CHECK(!"scene");
            return;
        }
        s->cb[0] = 3.5f;
        s->cb[1] = 5.0f;
        s->d.ds_textures[0] = bound ? &view : NULL;
        char msg[200];
        CHECK_EQ(draw_execute(s->dc, &s->d, NULL, msg, sizeof(msg)), DRAW_OK);
        unsigned green = 0, zero = 0;
        for (unsigned i = 0; i < W * H; i++) {
            const uint8_t *p = &s->pixels[4 * i];
            green += p[0] == 0 && p[1] == 255 && p[2] == 0 && p[3] == 255;
            zero += !p[0] && !p[1] && !p[2] && !p[3];
        }
        CHECK_EQ(green, bound ? W * H / 2 : 0u);
        CHECK_EQ(zero, bound ? W * H / 2 : (unsigned)(W * H));
        scene_free(s);
        free(s);
    }
}
