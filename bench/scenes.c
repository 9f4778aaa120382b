/* bench/scenes.c — builds the benchmark scenes of scenes.h and compares two images.
 * Everything is deterministic: a fixed-seed xorshift64* generator, integer texture arithmetic
 * and float values that are exact (positions on a 1/8-pixel grid, depths k/65536). */
#include "scenes.h"

#include "pipeline/tessellator.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define QUADS 8
#define TRIANGLES 1000000u

static uint64_t rng_next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

/* Uniform in [0, n). */
static uint32_t rng_below(uint64_t *s, uint32_t n)
{
    return (uint32_t)((rng_next(s) >> 32) * n >> 32);
}

/* Pixels -> D3D clip space: x' = 2x/W - 1, y' = 1 - 2y/H, z' = z, w' = 1; column-major. */
static void pixel_matrix(float m[16], uint32_t w, uint32_t h)
{
    memset(m, 0, 16 * sizeof(float));
    m[0] = 2.0f / (float)w;      /* column 0 (x) */
    m[5] = -2.0f / (float)h;     /* column 1 (y) */
    m[10] = 1.0f;                /* column 2 (z) */
    m[12] = -1.0f;               /* column 3 (translation) */
    m[13] = 1.0f;
    m[15] = 1.0f;
}

void bench_gl_matrix(const struct bench_scene *s, float out[16])
{
    /* row 2 of the GL matrix = 2 * row 2 - row 3: window z = (z'/w + 1) / 2 = z for w = 1 */
    memcpy(out, s->matrix, 16 * sizeof(float));
    for (int c = 0; c < 4; c++)
        out[c * 4 + 2] = 2.0f * s->matrix[c * 4 + 2] - s->matrix[c * 4 + 3];
}

/* A smooth, wrap-periodic RGBA pattern (periods divide 256) so that filtering differences stay
 * in the last bit, then its mip chain by 2x2 box filter with rounding.  Variant 0 is the
 * texture of (c), (d), light's albedo and tex4; variant 1 light's detail texture (other
 * periods; its alpha is the specular mask). */
static int build_texture(uint8_t *level[BENCH_TEX_LEVELS], int variant)
{
    const double tau = 6.283185307179586;
    uint8_t *t = malloc((size_t)BENCH_TEX_SIZE * BENCH_TEX_SIZE * 4);
    if (!t)
        return -1;
    level[0] = t;
    for (int y = 0; y < BENCH_TEX_SIZE; y++) {
        for (int x = 0; x < BENCH_TEX_SIZE; x++) {
            double fx = tau * x / BENCH_TEX_SIZE, fy = tau * y / BENCH_TEX_SIZE;
            uint8_t *p = t + ((size_t)y * BENCH_TEX_SIZE + x) * 4;
            if (variant == 0) {
                p[0] = (uint8_t)lrint(128.0 + 110.0 * sin(2.0 * fx) * cos(fy));
                p[1] = (uint8_t)lrint(128.0 + 110.0 * sin(fx + 2.0 * fy));
                p[2] = (uint8_t)lrint(128.0 + 110.0 * cos(2.0 * fy) * cos(fx));
                p[3] = (uint8_t)lrint(150.0 + 90.0 * sin(fx + fy));
            } else {
                p[0] = (uint8_t)lrint(128.0 + 100.0 * sin(3.0 * fx + fy));
                p[1] = (uint8_t)lrint(128.0 + 100.0 * cos(4.0 * fy) * sin(fx));
                p[2] = (uint8_t)lrint(200.0 + 50.0 * cos(fx - 3.0 * fy));
                p[3] = (uint8_t)lrint(128.0 + 120.0 * sin(2.0 * fx) * sin(2.0 * fy));
            }
        }
    }
    for (int l = 1; l < BENCH_TEX_LEVELS; l++) {
        int n = BENCH_TEX_SIZE >> l, pn = n * 2;
        const uint8_t *src = level[l - 1];
        uint8_t *dst = malloc((size_t)n * n * 4);
        if (!dst)
            return -1;
        level[l] = dst;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++)
                for (int c = 0; c < 4; c++) {
                    const uint8_t *q = src + ((size_t)(2 * y) * pn + 2 * x) * 4 + c;
                    unsigned sum = q[0] + q[4] + q[(size_t)pn * 4] + q[(size_t)pn * 4 + 4];
                    dst[((size_t)y * n + x) * 4 + c] = (uint8_t)((sum + 2) / 4);
                }
    }
    return 0;
}

static void set_vertex(struct bench_vertex *v, float x, float y, float z, const uint8_t c[4],
                       float u, float tv)
{
    v->pos[0] = x;
    v->pos[1] = y;
    v->pos[2] = z;
    memcpy(v->color, c, 4);
    v->uv[0] = u;
    v->uv[1] = tv;
}

/* 8 full-screen quads (two triangles each: TL TR BL, TR BR BL), one draw call each.  Flat: one
 * colour a quad.  Textured: a colour per corner, and texture coordinates spanning (su, sv) from
 * an offset that changes per quad.  The scale gives 2^1.25 texels per pixel in both directions
 * (a constant LOD of 1.25, so trilinear blends levels 1 and 2); wrap repeats the texture. */
static int build_quads(struct bench_scene *s, bool textured, bool blended)
{
    const float w = (float)s->width, h = (float)s->height;
    const double texels_per_pixel = 2.378414230005442;   /* 2^1.25 */
    const float su = (float)(texels_per_pixel * s->width / BENCH_TEX_SIZE);
    const float sv = (float)(texels_per_pixel * s->height / BENCH_TEX_SIZE);
    uint64_t rng = 0x5EED0001u + (uint64_t)textured * 2 + blended;

    s->vertex_count = QUADS * 6;
    s->draw_count = QUADS;
    s->vertices = calloc(s->vertex_count, sizeof(*s->vertices));
    s->draws = calloc(s->draw_count, sizeof(*s->draws));
    if (!s->vertices || !s->draws)
        return -1;
    for (uint32_t q = 0; q < QUADS; q++) {
        uint8_t c[4][4];   /* TL TR BL BR */
        for (int k = 0; k < 4; k++) {
            for (int ch = 0; ch < 3; ch++)
                c[k][ch] = (uint8_t)(textured ? 96 + rng_below(&rng, 160) : rng_below(&rng, 256));
            c[k][3] = (uint8_t)(blended ? 128 + rng_below(&rng, 128) : 255);
            if (!textured && k)
                memcpy(c[k], c[0], 4);   /* flat colour */
        }
        float u0 = (float)q * 0.125f, v0 = (float)q * 0.0625f;
        struct bench_vertex *v = s->vertices + q * 6;
        set_vertex(&v[0], 0, 0, 0.5f, c[0], u0, v0);
        set_vertex(&v[1], w, 0, 0.5f, c[1], u0 + su, v0);
        set_vertex(&v[2], 0, h, 0.5f, c[2], u0, v0 + sv);
        set_vertex(&v[3], w, 0, 0.5f, c[1], u0 + su, v0);
        set_vertex(&v[4], w, h, 0.5f, c[3], u0 + su, v0 + sv);
        set_vertex(&v[5], 0, h, 0.5f, c[2], u0, v0 + sv);
        s->draws[q].first = q * 6;
        s->draws[q].count = 6;
    }
    s->work = (double)QUADS * s->width * s->height;
    return 0;
}

/* Is no pixel centre on the edge with integer step (dx, dy)?  (scenes.h: dx - 2dy not 0 mod 8) */
static bool edge_ok(int dx, int dy)
{
    return ((dx - 2 * dy) & 7) != 0;
}

/* One small triangle (8..16 pixels) at a uniform place on the screen: its three vertices (on
 * the (a + 0.75, b + 0.625) grid, every edge passing the edge_ok test), its flat depth k/65536
 * and three random opaque colours. */
struct small_triangle {
    float x[3], y[3], z;
    uint8_t color[3][4];
};

static void small_triangle(uint64_t *rng_state, uint32_t width, uint32_t height,
                           struct small_triangle *out)
{
    uint64_t rng = *rng_state;
    int ox[3], oy[3];
    for (;;) {
        for (int k = 0; k < 3; k++) {
            ox[k] = (int)rng_below(&rng, 9) - 4;
            oy[k] = (int)rng_below(&rng, 9) - 4;
        }
        int area2 = (ox[1] - ox[0]) * (oy[2] - oy[0]) - (ox[2] - ox[0]) * (oy[1] - oy[0]);
        if (area2 < 0)
            area2 = -area2;
        if (area2 < 16 || area2 > 32)   /* 8..16 pixels */
            continue;
        if (edge_ok(ox[1] - ox[0], oy[1] - oy[0]) && edge_ok(ox[2] - ox[1], oy[2] - oy[1]) &&
            edge_ok(ox[0] - ox[2], oy[0] - oy[2]))
            break;
    }
    int cx = 4 + (int)rng_below(&rng, width - 8);
    int cy = 4 + (int)rng_below(&rng, height - 8);
    out->z = (float)(1 + rng_below(&rng, 65535)) / 65536.0f;
    for (int k = 0; k < 3; k++) {
        out->color[k][0] = (uint8_t)rng_below(&rng, 256);
        out->color[k][1] = (uint8_t)rng_below(&rng, 256);
        out->color[k][2] = (uint8_t)rng_below(&rng, 256);
        out->color[k][3] = 255;
        out->x[k] = (float)(cx + ox[k]) + 0.75f;
        out->y[k] = (float)(cy + oy[k]) + 0.625f;
    }
    *rng_state = rng;
}

/* 1,000,000 triangles of 8..16 pixels, uniformly over the screen, in 4 draws of 250,000 (each
 * within the 1,048,575 primitives a 9_2+ draw may have; seed 000 MaxPrimitiveCount). */
static int build_triangles(struct bench_scene *s)
{
    const uint32_t per_draw = 250000;
    uint64_t rng = 0x5EED0005u;
    s->vertex_count = TRIANGLES * 3;
    s->draw_count = TRIANGLES / per_draw;
    s->vertices = malloc((size_t)s->vertex_count * sizeof(*s->vertices));
    s->draws = calloc(s->draw_count, sizeof(*s->draws));
    if (!s->vertices || !s->draws)
        return -1;
    for (uint32_t t = 0; t < TRIANGLES; t++) {
        struct small_triangle tri;
        small_triangle(&rng, s->width, s->height, &tri);
        for (int k = 0; k < 3; k++)
            set_vertex(&s->vertices[t * 3 + k], tri.x[k], tri.y[k], tri.z, tri.color[k], 0, 0);
    }
    for (uint32_t d = 0; d < s->draw_count; d++) {
        s->draws[d].first = d * per_draw * 3;
        s->draws[d].count = per_draw * 3;
    }
    s->work = TRIANGLES;
    return 0;
}

/* The lit grid (scenes.h, BENCH_LIT): COLS x ROWS quads of 7.5 x 5 pixels from (22.25, 40.125),
 * two triangles each (TL TR BL, TR BR BL), over a height field z(x, y) in [0.2, 0.8].
 * No pixel centre lies on an edge (scenes.h): vertex x = 22.25 + 7.5 i has the fraction .25 or
 * .75 and y = 40.125 + 5 j the fraction .125, so vertical and horizontal edges miss the centres
 * (.5); on a diagonal of step (7.5, 5) the edge function at a centre is
 *   (cx - x0) 5 - (cy - y0) 7.5 = 5 q1 / 4 - 7.5 q2 / 8 = (20 q1 - 15 q2) / 16
 * with q1 = 4 (cx - x0) and q2 = 8 (cy - y0) odd integers, never 0 (4 q1 = 3 q2 needs q2 even).
 * Every position is a multiple of 1/8, exact in float and through the 1/256 snap.  The normal of
 * the surface (x, y, S z(x, y)) facing the viewer (who looks along +z) is (S zx, S zy, -1),
 * normalised; S = 300 pixels gives visible relief. */
#define LIT_COLS 250u
#define LIT_ROWS 200u

static int build_lit(struct bench_scene *s)
{
    const double tau = 6.283185307179586, relief = 300.0;
    const uint32_t vx = LIT_COLS + 1, vy = LIT_ROWS + 1;
    s->lit = true;
    s->depth_test = true;
    s->lit_vertex_count = vx * vy;
    s->index_count = LIT_COLS * LIT_ROWS * 6;
    s->lit_vertices = calloc(s->lit_vertex_count, sizeof(*s->lit_vertices));
    s->indices = calloc(s->index_count, sizeof(*s->indices));
    if (!s->lit_vertices || !s->indices)
        return -1;
    for (uint32_t j = 0; j < vy; j++) {
        for (uint32_t i = 0; i < vx; i++) {
            struct bench_lit_vertex *v = &s->lit_vertices[j * vx + i];
            double x = 22.25 + 7.5 * i, y = 40.125 + 5.0 * j;
            double ax = tau * x / 640.0, ay = tau * y / 360.0, bx = tau * (x + y) / 500.0;
            /* z = 0.5 + 0.2 sin(ax) cos(ay) + 0.1 sin(bx), and its gradient */
            double z = 0.5 + 0.2 * sin(ax) * cos(ay) + 0.1 * sin(bx);
            double zx = 0.2 * cos(ax) * cos(ay) * tau / 640.0 + 0.1 * cos(bx) * tau / 500.0;
            double zy = -0.2 * sin(ax) * sin(ay) * tau / 360.0 + 0.1 * cos(bx) * tau / 500.0;
            double n[3] = {relief * zx, relief * zy, -1.0};
            double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            v->pos[0] = (float)x;
            v->pos[1] = (float)y;
            v->pos[2] = (float)z;
            for (int k = 0; k < 3; k++)
                v->normal[k] = (float)(n[k] / len);
        }
    }
    uint16_t *ix = s->indices;
    for (uint32_t j = 0; j < LIT_ROWS; j++)
        for (uint32_t i = 0; i < LIT_COLS; i++) {
            uint16_t tl = (uint16_t)(j * vx + i), tr = (uint16_t)(tl + 1);
            uint16_t bl = (uint16_t)(tl + vx), br = (uint16_t)(bl + 1);
            *ix++ = tl; *ix++ = tr; *ix++ = bl;
            *ix++ = tr; *ix++ = br; *ix++ = bl;
        }
    /* Light from the upper left, in front of the surface; a warm material. */
    struct bench_lighting *l = &s->lighting;
    const double to_light[3] = {-0.4, -0.5, -0.75};
    double len = sqrt(to_light[0] * to_light[0] + to_light[1] * to_light[1] +
                      to_light[2] * to_light[2]);
    for (int k = 0; k < 3; k++)
        l->to_light[k] = (float)(to_light[k] / len);
    const float white[4] = {1, 1, 1, 1}, none[4] = {0, 0, 0, 0};
    const float ambient[4] = {32 / 255.0f, 40 / 255.0f, 64 / 255.0f, 0};
    const float diffuse[4] = {0.875f, 0.75f, 0.5f, 1.0f};
    memcpy(l->light_diffuse, white, sizeof(white));
    memcpy(l->light_ambient, none, sizeof(none));
    memcpy(l->global_ambient, ambient, sizeof(ambient));
    memcpy(l->material_diffuse, diffuse, sizeof(diffuse));
    memcpy(l->material_ambient, white, sizeof(white));
    s->work = (double)LIT_COLS * LIT_ROWS * 2;
    s->unit = "Mtris/s";
    return 0;
}

/* ---- the programmable scenes (issue 17) ----------------------------------------------------- */

/* 8 full-screen quads of struct bench_surface_vertex, laid out as build_quads' (TL TR BL, TR BR
 * BL, corners on whole pixels), with texture coordinates spanning (su, sv) from a per-quad
 * offset and, for light, a normal per corner tilted at most ~17 degrees from -z (towards the
 * viewer, who looks along +z). */
static int build_surfaces(struct bench_scene *s, float su, float sv, uint64_t seed)
{
    const float w = (float)s->width, h = (float)s->height;
    uint64_t rng = seed;
    s->surface_vertex_count = QUADS * 6;
    s->draw_count = QUADS;
    s->surface_vertices = calloc(s->surface_vertex_count, sizeof(*s->surface_vertices));
    s->draws = calloc(s->draw_count, sizeof(*s->draws));
    if (!s->surface_vertices || !s->draws)
        return -1;
    for (uint32_t q = 0; q < QUADS; q++) {
        static const int corner[6] = {0, 1, 2, 1, 3, 2};   /* TL TR BL, TR BR BL */
        float n[4][3];
        for (int k = 0; k < 4; k++) {
            double x = ((double)rng_below(&rng, 1001) - 500.0) / 1667.0;   /* +-0.3 */
            double y = ((double)rng_below(&rng, 1001) - 500.0) / 1667.0;
            double len = sqrt(x * x + y * y + 1.0);
            n[k][0] = (float)(x / len);
            n[k][1] = (float)(y / len);
            n[k][2] = (float)(-1.0 / len);
        }
        float u0 = (float)q * 0.125f, v0 = (float)q * 0.0625f;
        for (int i = 0; i < 6; i++) {
            int c = corner[i];
            struct bench_surface_vertex *v = &s->surface_vertices[q * 6 + i];
            v->pos[0] = c & 1 ? w : 0;
            v->pos[1] = c & 2 ? h : 0;
            v->pos[2] = 0.5f;
            memcpy(v->normal, n[c], sizeof(v->normal));
            v->uv[0] = c & 1 ? u0 + su : u0;
            v->uv[1] = c & 2 ? v0 + sv : v0;
        }
        s->draws[q].first = q * 6;
        s->draws[q].count = 6;
    }
    s->work = (double)QUADS * s->width * s->height;
    return 0;
}

static int set_constants(struct bench_scene *s, const float (*c)[4], uint32_t n)
{
    s->constants = malloc((size_t)n * 4 * sizeof(float));
    if (!s->constants)
        return -1;
    memcpy(s->constants, c, (size_t)n * 4 * sizeof(float));
    s->constant_count = n;
    return 0;
}

/* light: the albedo is the texture of (c) at its LOD of 1.25, the detail texture is read at
 * 2^1.75 times the coordinate, i.e. at LOD 3 exactly: a fractional LOD there made llvmpipe and
 * softd3d differ by up to 7 (llvmpipe's LOD arithmetic is approximate, and the detail's levels
 * 3 and 4 differ much, its pattern being fine), at an integer LOD the trilinear blend takes one
 * level whatever the last bits.  The lights hang 200-250 pixels in front of the quads (z = 0.5,
 * lit in pixel units), the eye 1500 in front of the centre; the fog runs from 1400 to 2400
 * pixels, so the screen's distances (1500..1860) get 10%..46% of it. */
static int build_light(struct bench_scene *s)
{
    static const float c[8][4] = {
        {960.0f, 540.0f, -1500.0f, 0.0f},     /* eye */
        {400.0f, 300.0f, -250.0f, 2e-6f},     /* light 0 position, attenuation k */
        {1.0f, 0.85f, 0.7f, 0.0f},            /* light 0 colour */
        {1500.0f, 800.0f, -200.0f, 3e-6f},    /* light 1 */
        {0.5f, 0.6f, 1.0f, 0.0f},
        {0.12f, 0.12f, 0.16f, 32.0f},         /* ambient, specular exponent */
        {0.5f, 0.55f, 0.6f, 0.0f},            /* fog colour */
        {1.0f / 1000.0f, -1.4f, 0.0f, 0.0f},  /* fog = sat(distance / 1000 - 1.4) */
    };
    const double texels_per_pixel = 2.378414230005442;   /* 2^1.25, as build_quads */
    s->program = BENCH_PROGRAM_LIGHT;
    s->textured = true;
    if (build_texture(s->tex_level, 0) || build_texture(s->tex2_level, 1) ||
        set_constants(s, c, 8))
        return -1;
    return build_surfaces(s, (float)(texels_per_pixel * s->width / BENCH_TEX_SIZE),
                          (float)(texels_per_pixel * s->height / BENCH_TEX_SIZE), 0x5EED0011u);
}

/* alu: the coordinate runs over [0, 1] across the screen (plus the quad's offset); the
 * constants keep every sincos argument within +-9 and every log argument >= 1e-4. */
static int build_alu(struct bench_scene *s)
{
    static const float c[8][4] = {
        {6.0f, 3.5f, -3.0f, -1.75f},  {0.6f, 0.6f, 0.25f, 0.35f}, {0.45f, 2.0f, 1.5f, 1.1f},
        {0.5f, 0.3f, 0.2f, 0.1f},     {0.25f, 0.2f, 0.15f, 0.3f}, {0.2f, 0.25f, 0.2f, 0.35f},
        {0.8f, 0.9f, 0.5f, 1.2f},     {0.2f, 0.1f, 0.3f, 1.25f},
    };
    s->program = BENCH_PROGRAM_ALU;
    if (set_constants(s, c, 8))
        return -1;
    return build_surfaces(s, 1.0f, 1.0f, 0x5EED0012u);
}

/* tex4: one texel a pixel on level 0 (the coordinate spans W/256 x H/256 textures), four taps
 * around the pixel on a rotated grid, each a true bilinear blend.  The offsets avoid texel
 * quarters: with taps at +-0.75 every bilinear weight was 1/4 or 3/4, half the blends ended
 * on exactly .5 of an 8-bit step, and llvmpipe (which filters RGBA8 in 8-bit fixed point and
 * rounds those ties up) came out 0.3-0.5 brighter on average than softd3d's float filter —
 * a bias the comparison refuses, although the value of neither is wrong by more than a half
 * step.  Tenths of texels spread the rounding evenly. */
static int build_tex4(struct bench_scene *s)
{
    const float t = 1.0f / BENCH_TEX_SIZE;
    const float c[2][4] = {{-0.6f * t, -0.3f * t, 0.7f * t, -0.6f * t},
                           {-0.3f * t, 0.6f * t, 0.6f * t, 0.4f * t}};
    s->program = BENCH_PROGRAM_TEX4;
    s->textured = true;
    s->bilinear = true;
    if (build_texture(s->tex_level, 0) || set_constants(s, c, 2))
        return -1;
    return build_surfaces(s, (float)s->width / BENCH_TEX_SIZE,
                          (float)s->height / BENCH_TEX_SIZE, 0x5EED0013u);
}

/* skin: the final triangles are small_triangle()'s, as in (e); each vertex then gets 4 distinct
 * bones and dyadic weights, and its rest position is the final one minus the blend of the
 * bones' translations, so that skinning lands it back exactly.  Why exactly: every bone is
 * (I | t) with t a multiple of 8 pixels in x and y (none in z) and every weight a multiple of
 * 1/8 summing to 1, so sum w_i (I | t_i) = (I | T) with T an integer vector; every product
 * and sum the shaders form is then a multiple of 1/8 below 2^15 — exact in float in any order
 * of evaluation, with or without fused multiply-add — and the positions reach the 4x4
 * transform bit for bit as (e)'s do (scenes.h, WHY THE IMAGES MATCH). */
#define SKIN_TRIANGLES 500000u

static int build_skin(struct bench_scene *s)
{
    static const float splits[7][4] = {
        {1, 0, 0, 0},          {0.5f, 0.5f, 0, 0},       {0.5f, 0.25f, 0.25f, 0},
        {0.5f, 0.25f, 0.125f, 0.125f}, {0.375f, 0.375f, 0.125f, 0.125f},
        {0.25f, 0.25f, 0.25f, 0.25f},  {0.625f, 0.125f, 0.125f, 0.125f},
    };
    const uint32_t per_draw = 250000;
    uint64_t rng = 0x5EED0014u;
    s->program = BENCH_PROGRAM_SKIN;
    s->depth_test = true;
    s->unit = "Mtris/s";
    s->constant_count = BENCH_SKIN_BONES * 3;
    s->constants = calloc((size_t)s->constant_count * 4, sizeof(float));
    s->skin_vertex_count = SKIN_TRIANGLES * 3;
    s->skin_vertices = calloc(s->skin_vertex_count, sizeof(*s->skin_vertices));
    s->draw_count = SKIN_TRIANGLES / per_draw;
    s->draws = calloc(s->draw_count, sizeof(*s->draws));
    if (!s->constants || !s->skin_vertices || !s->draws)
        return -1;
    float t[BENCH_SKIN_BONES][2];
    for (uint32_t b = 0; b < BENCH_SKIN_BONES; b++) {
        float *row = s->constants + b * 12;       /* rows x, y, z of (I | t) */
        t[b][0] = 8.0f * ((float)rng_below(&rng, 33) - 16.0f);
        t[b][1] = 8.0f * ((float)rng_below(&rng, 33) - 16.0f);
        row[0] = 1;
        row[3] = t[b][0];
        row[5] = 1;
        row[7] = t[b][1];
        row[10] = 1;
    }
    for (uint32_t i = 0; i < SKIN_TRIANGLES; i++) {
        struct small_triangle tri;
        small_triangle(&rng, s->width, s->height, &tri);
        for (int k = 0; k < 3; k++) {
            struct bench_skin_vertex *v = &s->skin_vertices[i * 3 + k];
            const float *w = splits[rng_below(&rng, 7)];
            uint32_t first = rng_below(&rng, BENCH_SKIN_BONES);
            float tx = 0, ty = 0;
            for (int j = 0; j < 4; j++) {
                /* four distinct bones: first, first + 13, + 26, + 39 (mod 64) */
                uint32_t b = (first + 13u * (uint32_t)j) % BENCH_SKIN_BONES;
                v->bones[j] = (uint8_t)b;
                v->weights[j] = w[j];
                tx += w[j] * t[b][0];
                ty += w[j] * t[b][1];
            }
            v->pos[0] = tri.x[k] - tx;
            v->pos[1] = tri.y[k] - ty;
            v->pos[2] = tri.z;
            memcpy(v->color, tri.color[k], 4);
        }
    }
    for (uint32_t d = 0; d < s->draw_count; d++) {
        s->draws[d].first = d * per_draw * 3;
        s->draws[d].count = per_draw * 3;
    }
    s->work = SKIN_TRIANGLES;
    return 0;
}

/* tess: 60 x 60-pixel quad patches (corners on whole pixels) over the screen, z = 0.5, a draw
 * per row of patches (one draw of all 576 made llvmpipe (Mesa 22.3) drop the patches past
 * about 330 -- some 65,536 domain points, a 16-bit limit of its draw module, it seems); c[0] the TessFactors, c[1] the height field's
 * wave numbers (wavelengths 700 and 500 pixels) and slopes (amplitude 120 pixels), c[2] the
 * light direction (unit length).  The work is the tessellator's triangle count, from the
 * D3D11.3 reference pattern (pipeline/tessellator.h) of the patch's factors. */
static int build_tess(struct bench_scene *s)
{
    const float tau = 6.2831853f, ka = tau / 700.0f, kb = tau / 500.0f, amp = 120.0f;
    const float c[3][4] = { { 12.6f, 12.6f, 0, 0 }, { ka, kb, amp * ka, amp * kb },
                            { 0.3f, -0.4f, 0.8660254f, 0 } };
    const uint32_t size = 60, nx = s->width / size, ny = s->height / size;
    s->program = BENCH_PROGRAM_TESS;
    s->depth_test = true;
    s->unit = "Mtris/s";
    s->surface_vertex_count = nx * ny * 4;
    s->draw_count = ny;
    s->surface_vertices = calloc(s->surface_vertex_count, sizeof(*s->surface_vertices));
    s->draws = calloc(ny, sizeof(*s->draws));
    if (!s->surface_vertices || !s->draws || set_constants(s, c, 3))
        return -1;
    for (uint32_t j = 0; j < ny; j++)
        for (uint32_t i = 0; i < nx; i++) {
            static const int corner[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
            for (int k = 0; k < 4; k++) {
                struct bench_surface_vertex *v = &s->surface_vertices[(j * nx + i) * 4 + k];
                v->pos[0] = (float)((i + corner[k][0]) * size);
                v->pos[1] = (float)((j + corner[k][1]) * size);
                v->pos[2] = 0.5f;
            }
        }
    for (uint32_t j = 0; j < ny; j++) {
        s->draws[j].first = j * nx * 4;
        s->draws[j].count = nx * 4;
    }
    struct tess_output *o = malloc(sizeof(*o));
    const struct tess_config cfg = { TESS_DOMAIN_QUAD, TESS_PARTITION_FRACTIONAL_ODD,
                                     TESS_OUTPUT_TRIANGLE_CW };
    const float edge[4] = { c[0][0], c[0][0], c[0][0], c[0][0] }, inside[2] = { c[0][1], c[0][1] };
    if (!o || tess_patch(&cfg, edge, inside, o) != TESS_OK) {
        free(o);
        return -1;
    }
    s->work = (double)nx * ny * (o->index_count / 3);
    free(o);
    return 0;
}

/* d3d9_ui: UI_QUADS small quads (scenes.h), a draw each; corners on whole pixels, texture
 * coordinates one texel a pixel from a random texel of the 256 x 256 texture (wrap), colours as
 * (d)'s (96..255, alpha 128..255) at each corner. */
#define UI_QUADS 2000
static int build_ui(struct bench_scene *s)
{
    uint64_t rng = 0x5EED00D9u;
    s->vertex_count = UI_QUADS * 6;
    s->draw_count = UI_QUADS;
    s->vertices = calloc(s->vertex_count, sizeof(*s->vertices));
    s->draws = calloc(s->draw_count, sizeof(*s->draws));
    if (!s->vertices || !s->draws || s->width < 48 || s->height < 24)
        return -1;
    for (uint32_t q = 0; q < UI_QUADS; q++) {
        uint32_t w = 6 + rng_below(&rng, 35), h = 8 + rng_below(&rng, 13);
        float x0 = (float)rng_below(&rng, s->width - w), y0 = (float)rng_below(&rng, s->height - h);
        float x1 = x0 + (float)w, y1 = y0 + (float)h;
        float u0 = (float)rng_below(&rng, BENCH_TEX_SIZE) / BENCH_TEX_SIZE;
        float v0 = (float)rng_below(&rng, BENCH_TEX_SIZE) / BENCH_TEX_SIZE;
        float u1 = u0 + (float)w / BENCH_TEX_SIZE, v1 = v0 + (float)h / BENCH_TEX_SIZE;
        uint8_t c[4][4];   /* TL TR BL BR */
        for (int k = 0; k < 4; k++) {
            for (int ch = 0; ch < 3; ch++)
                c[k][ch] = (uint8_t)(96 + rng_below(&rng, 160));
            c[k][3] = (uint8_t)(128 + rng_below(&rng, 128));
        }
        struct bench_vertex *v = s->vertices + q * 6;
        set_vertex(&v[0], x0, y0, 0.5f, c[0], u0, v0);
        set_vertex(&v[1], x1, y0, 0.5f, c[1], u1, v0);
        set_vertex(&v[2], x0, y1, 0.5f, c[2], u0, v1);
        set_vertex(&v[3], x1, y0, 0.5f, c[1], u1, v0);
        set_vertex(&v[4], x1, y1, 0.5f, c[3], u1, v1);
        set_vertex(&v[5], x0, y1, 0.5f, c[2], u0, v1);
        s->draws[q].first = q * 6;
        s->draws[q].count = 6;
        s->work += (double)w * h;
    }
    return 0;
}

/* compute: the source image, texture level 0 tiled (its rows and columns wrap every 256). */
static int build_compute(struct bench_scene *s)
{
    s->program = BENCH_PROGRAM_COMPUTE;
    s->image = malloc((size_t)s->width * s->height * 4);
    if (!s->image)
        return -1;
    for (uint32_t y = 0; y < s->height; y++)
        for (uint32_t x = 0; x < s->width; x++)
            memcpy(s->image + ((size_t)y * s->width + x) * 4,
                   s->tex_level[0] + ((size_t)(y % BENCH_TEX_SIZE) * BENCH_TEX_SIZE +
                                      x % BENCH_TEX_SIZE) * 4, 4);
    s->work = (double)s->width * s->height;
    return 0;
}

const char *const bench_scene_names[BENCH_SCENE_COUNT] = {
    "clear", "flat", "textured", "blended", "triangles", "lit", "light", "alu", "tex4", "skin",
    "d3d9_flat", "d3d9_tex", "d3d9_blend", "d3d9_ff", "tess", "d3d9_ui",
    "compute"};

int bench_scene_build(enum bench_scene_id id, uint32_t width, uint32_t height,
                      struct bench_scene *out)
{
    static const char *const titles[BENCH_SCENE_COUNT] = {
        "(a) clear colour + depth",
        "(b) 8 full-screen quads, flat colour",
        "(c) 8 full-screen quads, 256x256 mipmapped texture, trilinear, x vertex colour",
        "(d) as (c) with alpha blending",
        "(e) 1,000,000 triangles of 8-16 px, 4x4 transform, vertex colour, depth test",
        "(f) D3D9 fixed function: 100,000-triangle grid mesh, directional light, depth test",
        "(g) 8 full-screen quads, per-pixel lighting: 2 textures, 2 point lights, Blinn-Phong, fog",
        "(h) 8 full-screen quads, a 64-instruction ALU shader: sincos, exp, log, rsq, min/max, mad",
        "(i) 8 full-screen quads, 4-tap bilinear blur",
        "(j) 500,000 skinned triangles of 8-16 px, 4 bones a vertex, depth test",
        "(k) D3D9: 8 full-screen XYZRHW quads, DrawPrimitiveUP, flat colour",
        "(l) D3D9: as (k), trilinear mipmapped texture MODULATE diffuse",
        "(m) D3D9: as (l) with alpha blending",
        "(n) D3D9 fixed-function vertex pipeline: 1,000,000 triangles from a vertex buffer, depth",
        "(o) tessellation: 576 quad patches, fractional_odd 12.6, lit height field per point",
        "(p) D3D9 UI: 2,000 small textured, blended quads, a DrawPrimitiveUP each",
        "(q) compute: a 3x3 blur of the frame-sized image through a UAV, 16x16 groups"};
    struct bench_scene *s = out;
    int r = 0;

    memset(s, 0, sizeof(*s));
    s->id = id;
    s->name = bench_scene_names[id];
    s->title = titles[id];
    s->width = width;
    s->height = height;
    s->clear_color[0] = 0.125f;
    s->clear_color[1] = 0.25f;
    s->clear_color[2] = 0.5f;
    s->clear_color[3] = 1.0f;
    s->clear_depth = 1.0f;
    s->unit = "Mpix/s";
    pixel_matrix(s->matrix, width, height);
    switch (id) {
    case BENCH_CLEAR:
        s->work = (double)width * height;
        break;
    case BENCH_FLAT:
        r = build_quads(s, false, false);
        break;
    case BENCH_TEXTURED:
    case BENCH_BLENDED:
        s->textured = true;
        s->blend = id == BENCH_BLENDED;
        r = build_texture(s->tex_level, 0);
        if (!r)
            r = build_quads(s, true, s->blend);
        break;
    case BENCH_D3D9_FLAT:
        s->d3d9 = s->pretransformed = true;
        r = build_quads(s, false, false);
        break;
    case BENCH_D3D9_TEX:
    case BENCH_D3D9_BLEND:
        /* the vertices and texture of (c) and (d) (build_quads' seed depends only on the flags) */
        s->d3d9 = s->pretransformed = s->textured = true;
        s->blend = id == BENCH_D3D9_BLEND;
        r = build_texture(s->tex_level, 0);
        if (!r)
            r = build_quads(s, true, s->blend);
        break;
    case BENCH_COMPUTE:
        r = build_texture(s->tex_level, 0);
        if (!r)
            r = build_compute(s);
        break;
    case BENCH_D3D9_UI:
        s->d3d9 = s->pretransformed = s->textured = s->blend = true;
        r = build_texture(s->tex_level, 0);
        if (!r)
            r = build_ui(s);
        break;
    case BENCH_D3D9_FF:
        s->d3d9 = true;
        s->depth_test = true;
        s->unit = "Mtris/s";
        r = build_triangles(s);
        break;
    case BENCH_LIGHT:
        r = build_light(s);
        break;
    case BENCH_ALU:
        r = build_alu(s);
        break;
    case BENCH_TEX4:
        r = build_tex4(s);
        break;
    case BENCH_SKIN:
        r = build_skin(s);
        break;
    case BENCH_TRIANGLES:
        s->depth_test = true;
        s->unit = "Mtris/s";
        r = build_triangles(s);
        break;
    case BENCH_LIT:
        s->d3d9 = true;
        r = build_lit(s);
        break;
    case BENCH_TESS:
        r = build_tess(s);
        break;
    default:
        return -1;
    }
    return r;
}

void bench_scene_free(struct bench_scene *s)
{
    free(s->vertices);
    free(s->draws);
    free(s->lit_vertices);
    free(s->indices);
    free(s->surface_vertices);
    free(s->skin_vertices);
    free(s->constants);
    free(s->image);
    for (int l = 0; l < BENCH_TEX_LEVELS; l++) {
        free(s->tex_level[l]);
        free(s->tex2_level[l]);
    }
    memset(s, 0, sizeof(*s));
}

void bench_compare(const uint8_t *a, const uint8_t *b, uint32_t width, uint32_t height,
                   struct bench_diff *out)
{
    uint64_t sum = 0;
    int64_t signed_sum[4] = {0};
    memset(out, 0, sizeof(*out));
    out->first_x = out->first_y = -1;
    out->pixels = (uint64_t)width * height;
    for (uint32_t y = 0; y < height; y++) {
        for (uint32_t x = 0; x < width; x++) {
            size_t i = ((size_t)y * width + x) * 4;
            uint32_t worst = 0;
            for (int c = 0; c < 4; c++) {
                int d = (int)a[i + c] - (int)b[i + c];
                uint32_t ad = (uint32_t)abs(d);
                signed_sum[c] += d;
                sum += ad;
                if (ad > worst)
                    worst = ad;
            }
            if (worst > out->max_diff)
                out->max_diff = worst;
            if (worst <= BENCH_TOL_CHANNEL)
                out->within++;
            else if (out->first_x < 0) {
                out->first_x = (int)x;
                out->first_y = (int)y;
            }
        }
    }
    if (!out->pixels) {
        out->fraction_within = 1.0;
        out->match = true;
        return;
    }
    out->mean = (double)sum / ((double)out->pixels * 4.0);
    out->fraction_within = (double)out->within / (double)out->pixels;
    out->match = out->fraction_within >= BENCH_TOL_FRACTION && out->mean < BENCH_TOL_MEAN;
    for (int c = 0; c < 4; c++) {
        out->bias[c] = (double)signed_sum[c] / (double)out->pixels;
        if (fabs(out->bias[c]) >= BENCH_TOL_BIAS)
            out->match = false;
    }
}
