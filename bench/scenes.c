/* bench/scenes.c — builds the benchmark scenes of scenes.h and compares two images.
 * Everything is deterministic: a fixed-seed xorshift64* generator, integer texture arithmetic
 * and float values that are exact (positions on a 1/8-pixel grid, depths k/65536). */
#include "scenes.h"

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
 * in the last bit, then its mip chain by 2x2 box filter with rounding. */
static int build_texture(struct bench_scene *s)
{
    const double tau = 6.283185307179586;
    uint8_t *t = malloc((size_t)BENCH_TEX_SIZE * BENCH_TEX_SIZE * 4);
    if (!t)
        return -1;
    s->tex_level[0] = t;
    for (int y = 0; y < BENCH_TEX_SIZE; y++) {
        for (int x = 0; x < BENCH_TEX_SIZE; x++) {
            double fx = tau * x / BENCH_TEX_SIZE, fy = tau * y / BENCH_TEX_SIZE;
            uint8_t *p = t + ((size_t)y * BENCH_TEX_SIZE + x) * 4;
            p[0] = (uint8_t)lrint(128.0 + 110.0 * sin(2.0 * fx) * cos(fy));
            p[1] = (uint8_t)lrint(128.0 + 110.0 * sin(fx + 2.0 * fy));
            p[2] = (uint8_t)lrint(128.0 + 110.0 * cos(2.0 * fy) * cos(fx));
            p[3] = (uint8_t)lrint(150.0 + 90.0 * sin(fx + fy));
        }
    }
    for (int l = 1; l < BENCH_TEX_LEVELS; l++) {
        int n = BENCH_TEX_SIZE >> l, pn = n * 2;
        const uint8_t *src = s->tex_level[l - 1];
        uint8_t *dst = malloc((size_t)n * n * 4);
        if (!dst)
            return -1;
        s->tex_level[l] = dst;
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
        int cx = 4 + (int)rng_below(&rng, s->width - 8);
        int cy = 4 + (int)rng_below(&rng, s->height - 8);
        float z = (float)(1 + rng_below(&rng, 65535)) / 65536.0f;
        for (int k = 0; k < 3; k++) {
            uint8_t c[4] = {(uint8_t)rng_below(&rng, 256), (uint8_t)rng_below(&rng, 256),
                            (uint8_t)rng_below(&rng, 256), 255};
            set_vertex(&s->vertices[t * 3 + k], (float)(cx + ox[k]) + 0.75f,
                       (float)(cy + oy[k]) + 0.625f, z, c, 0, 0);
        }
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

int bench_scene_build(enum bench_scene_id id, uint32_t width, uint32_t height,
                      struct bench_scene *out)
{
    static const char *const names[BENCH_SCENE_COUNT] = {
        "clear", "flat", "textured", "blended", "triangles", "lit"};
    static const char *const titles[BENCH_SCENE_COUNT] = {
        "(a) clear colour + depth",
        "(b) 8 full-screen quads, flat colour",
        "(c) 8 full-screen quads, 256x256 mipmapped texture, trilinear, x vertex colour",
        "(d) as (c) with alpha blending",
        "(e) 1,000,000 triangles of 8-16 px, 4x4 transform, vertex colour, depth test",
        "(f) D3D9 fixed function: 100,000-triangle grid mesh, directional light, depth test"};
    struct bench_scene *s = out;
    int r = 0;

    memset(s, 0, sizeof(*s));
    s->id = id;
    s->name = names[id];
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
        r = build_texture(s);
        if (!r)
            r = build_quads(s, true, s->blend);
        break;
    case BENCH_TRIANGLES:
        s->depth_test = true;
        s->unit = "Mtris/s";
        r = build_triangles(s);
        break;
    case BENCH_LIT:
        r = build_lit(s);
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
    for (int l = 0; l < BENCH_TEX_LEVELS; l++)
        free(s->tex_level[l]);
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
