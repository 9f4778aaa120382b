/* bench/scenes.h — the benchmark scenes, defined once and drawn by two renderers.
 *
 * READ ME FIRST
 * -------------
 * softd3d-bench draws every scene through softd3d (bench/softd3d_scenes.c, the public D3D11 API
 * at feature level 9_3) and through Mesa llvmpipe (bench/llvmpipe.c, fixed-function OpenGL on
 * OSMesa), in the same run, with the same vertices, texture, matrix, states and resolution — all
 * of it built here, deterministically (a fixed-seed PRNG), so the two images can be compared
 * pixel by pixel before any speed is reported.
 *
 *   struct bench_scene s;
 *   bench_scene_build(BENCH_TEXTURED, 1920, 1080, &s);     vertices, texture, states
 *   ... draw it with each renderer, read back RGBA8 top row first ...
 *   struct bench_diff d;  bench_compare(a, b, w, h, &d);  d.match says whether the two agree
 *   bench_scene_free(&s);
 *
 * The scenes (1920x1080, RGBA8 + D24S8; every frame starts with a colour + depth clear):
 *   clear      the clear alone                                             work: W*H pixels
 *   flat       8 full-screen quads, one flat colour each                   work: 8*W*H pixels
 *   textured   8 full-screen quads, a 256x256 RGBA8 texture with its 9 mip levels, trilinear,
 *              wrap, modulated by a per-vertex colour                       work: 8*W*H pixels
 *   blended    as textured, with alpha blending SRC_ALPHA / INV_SRC_ALPHA   work: 8*W*H pixels
 *   triangles  1,000,000 triangles of 8..16 pixels, a 4x4 transform, per-vertex colour, depth
 *              test LESS with depth writes                                  work: 1e6 triangles
 *   lit        Direct3D 9 fixed function: a 250x200-quad grid mesh (100,000 indexed triangles of
 *              ~18 pixels) shaped as a height field, per-vertex normals, one directional light
 *              (diffuse) + global ambient on a material, Gouraud, depth test LESS with writes;
 *              softd3d draws it through IDirect3DDevice9 (bench/softd3d9_scene.c), llvmpipe
 *              through GL lighting (glLight/glMaterial, GL_LIGHTING)       work: 1e5 triangles
 * Realistic programmable scenes (issue 17): the shaders are fxc-style vs/ps_4_0_level_9_3
 * listings (bench/shaders_real.c) on softd3d, the same programs in GLSL 3.30 (same operations in
 * the same order) on llvmpipe (an OSMesa OpenGL 3.3 core context, bench/llvmpipe_glsl.c):
 *   light      8 full-screen quads of per-pixel lighting: an albedo and a detail texture (both
 *              256x256 mipmapped, trilinear, at LOD 1.25 and 3), the detail perturbing the
 *              interpolated normal, two point lights with 1/(1 + k d^2) attenuation,
 *              Blinn-Phong (normalize, dot, pow as exp(e log x), max), linear distance fog;
 *              59 SM4 instructions                                       work: 8*W*H pixels
 *   alu        8 full-screen quads of a 64-instruction ALU program (sincos, exp, log, rsq,
 *              min/max, mad chains), no texture                           work: 8*W*H pixels
 *   tex4       8 full-screen quads, a 4-tap bilinear blur: 4 samples of the 256x256 texture's
 *              level 0 at offsets of under a texel (a rotated grid), averaged; 1 texel a pixel
 *                                                                          work: 8*W*H pixels
 *   skin       500,000 triangles of 8..16 pixels skinned in the vertex shader: 4 bones a vertex
 *              (64 bone matrices, 3x4, in a constant buffer; indices as R8G8B8A8_UNORM scaled
 *              as D3DCOLORtoUBYTE4 does, weights R32G32B32A32_FLOAT), then the 4x4 transform;
 *              vertex colour, depth test LESS with writes               work: 5e5 triangles
 * Direct3D 9 fixed-function scenes (softd3d through IDirect3DDevice9, llvmpipe through GL
 * fixed function exactly as for (b)-(e)):
 *   d3d9_flat  8 full-screen D3DFVF_XYZRHW | D3DFVF_DIFFUSE quads drawn with DrawPrimitiveUP,
 *              flat colours (the vertices of `flat`)                     work: 8*W*H pixels
 *   d3d9_tex   as d3d9_flat with TEX1: the 256x256 mipmapped texture, trilinear, wrap, stage 0
 *              MODULATE texture x diffuse (the vertices of `textured`)   work: 8*W*H pixels
 *   d3d9_blend as d3d9_tex with alpha blending SRCALPHA / INVSRCALPHA    work: 8*W*H pixels
 *   d3d9_ff    the 1,000,000 triangles of `triangles` from a D3DFVF_XYZ | D3DFVF_DIFFUSE
 *              vertex buffer through the fixed-function vertex pipeline (world = view =
 *              identity, projection = the pixel matrix), lighting off, depth test LESS
 *                                                                          work: 1e6 triangles
 *   d3d9_ui    what a UI library draws: 2,000 small quads a frame (6..40 x 8..20 pixels,
 *              corners on whole pixels, anywhere on the screen), each its own DrawPrimitiveUP
 *              of D3DFVF_XYZRHW | DIFFUSE | TEX1, the texture at one texel a pixel (level 0, as
 *              a font atlas is read) MODULATE a per-vertex colour with alpha 128..255, alpha
 *              blending SRCALPHA / INVSRCALPHA, after the clear; llvmpipe draws each quad with
 *              its own glDrawArrays                  work: the quads' pixels (~650,000)
 * Tessellation (issue 16; softd3d through hs_5_0/ds_5_0 on an 11_0 device, bench/softd3d_tess.c,
 * llvmpipe through GLSL 4.00 tessellation control/evaluation shaders in a 4.x core context;
 * the programs: shaders_tess.h):
 *   tess       576 quad patches of 60 x 60 pixels tiling the screen, every TessFactor 12.6,
 *              fractional_odd (13 segments a side, two of them short, 11.7.3.1), the domain
 *              program lighting a sin/cos height field per point, depth test LESS
 *                                      work: the tessellator's triangles (338 a patch, 194,688)
 * Compute (issue 15; softd3d through cs_5_0 on an 11_0 device, bench/softd3d_tess.c, llvmpipe
 * through a GLSL 4.30 compute shader in a 4.3 core context; the programs: shaders_compute.h):
 *   compute    a 3x3 binomial blur of a W x H RGBA8 image (the 256 x 256 texture's level 0
 *              tiled) into an RGBA8 UNORM unordered-access view / image, a thread a pixel in
 *              16 x 16 groups, edges clamped; the frame is the dispatch alone (no clear, no
 *              draw), the result read back from the view       work: W*H pixels
 *
 * CONVENTIONS
 *   Positions are in pixels (x right, y down, z in [0, 1]).  `matrix` maps them to D3D clip
 *   space (y up, z in [0, 1]); it is stored column-major (matrix[c * 4 + r]), which is both the
 *   constant-buffer layout the vertex shaders read (cb0[c] = column c: x*c0 + y*c1 + z*c2 + c3)
 *   and what glLoadMatrixf takes.  GL's clip-space z runs over [-1, 1]: bench_gl_matrix() folds
 *   z' = 2z - 1 into the matrix, so both depth buffers receive the same window z.  GL's window
 *   rows run bottom-up; llvmpipe.c flips rows on read-back, so both images are top row first.
 *
 * WHY THE IMAGES MATCH (the geometry is chosen so that rasterization rules cannot differ)
 *   D3D11 fills by the top-left rule, GL leaves the tie rule to the implementation; the two
 *   differ only for a pixel centre exactly on an edge.  So no edge passes through a centre:
 *   - quads: corners on whole pixels, so their sides miss every centre (at +0.5); the shared
 *     diagonal (W,0)-(0,H) holds a centre (i+0.5, j+0.5) only if H(2i+1) + W(2j+1) = 2WH,
 *     which for 1920x1080 (divide by 8: 135(2i+1) + 240(2j+1), odd, = 64800, even) never is.
 *   - triangles: every vertex is (a + 0.75, b + 0.625) with integer a, b — a pixel centre plus
 *     (1/4, 1/8).  For an edge with integer step (dx, dy), the edge function at a pixel centre
 *     is an integer plus (dx - 2dy) / 8, so it is never 0 when dx - 2dy is not a multiple of 8;
 *     the generator keeps only triangles whose three edges satisfy that.  Both rasterizers snap
 *     to 1/256 pixel by rounding, so the tiny float error of the matrix round trip vanishes.
 *   - depth: each triangle is flat in z with z = k / 65536 (k in 1..65535, exact in float), so
 *     any two depths differ by >= 256 units of D24 and every depth comparison agrees.
 *   - the lit grid: its vertices sit on x = .25/.75, y = .125 fractions with quad diagonals of
 *     step (7.5, 5), which keeps every centre off every edge (derivation at build_lit() in
 *     scenes.c); it is a height field seen orthographically, so no two triangles overlap and
 *     the depth test never decides between them.  Direct3D 9 puts pixel centres at integer
 *     window coordinates, so its projection is moved by half a pixel (softd3d9_scene.c) and
 *     both renderers cover the same pixels.  The lighting is per vertex in both (D3D9 and
 *     GL 1.x fixed function evaluate the same diffuse + ambient formula, scenes.h struct
 *     bench_lighting) and interpolated (Gouraud): only float rounding differs.
 *   - light, alu, tex4: build_quads' quads (corners on whole pixels, the same diagonal).
 *   - skin: the final triangles are those small_triangle() makes for (e), and the skinning
 *     lands on them exactly: every bone is (I | t) with t a multiple of 8 pixels, every weight
 *     a multiple of 1/8, so every product and sum is exact in float in any order (derivation at
 *     build_skin() in scenes.c); depth is flat per triangle as in (e).
 *   - tess: the patches' corners are on whole pixels, so their outer edges miss every centre;
 *     inside a patch the triangles tile it, flat in z, and where an inner edge holds a centre
 *     either triangle gives it nearly the same colour: the colour is a smooth function
 *     interpolated over triangles of ~10.7 pixels (its second-order error there is far below
 *     one 8-bit step), so even a different triangulation would agree.  (The two tessellators
 *     need not place the same points for that; the image compares what both made.)
 *   - d3d9_*: the quads and triangles of (b)-(e).  Pre-transformed (XYZRHW) positions are window
 *     coordinates with D3D9's pixel centres at integers, so softd3d9_scene.c moves them by
 *     (-0.5, -0.5), as it moves the projection of the transformed scenes.
 *   What remains are rounding differences of interpolation, filtering weights, LOD arithmetic,
 *   modulation and blending, and in the programmable scenes the two implementations' sin, cos,
 *   exp2, log2 and reciprocal square root (neither need be correctly rounded): a
 *   channel or two here and there.  Two choices keep that so (scenes.c says why): light reads
 *   its detail texture at an integer LOD, tex4's taps avoid texel quarters.  The tolerance is
 *   in bench_compare().
 */
#ifndef SOFTD3D_BENCH_SCENES_H
#define SOFTD3D_BENCH_SCENES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum bench_scene_id {
    BENCH_CLEAR,
    BENCH_FLAT,
    BENCH_TEXTURED,
    BENCH_BLENDED,
    BENCH_TRIANGLES,
    BENCH_LIT,
    BENCH_LIGHT,
    BENCH_ALU,
    BENCH_TEX4,
    BENCH_SKIN,
    BENCH_D3D9_FLAT,
    BENCH_D3D9_TEX,
    BENCH_D3D9_BLEND,
    BENCH_D3D9_FF,
    BENCH_TESS,
    BENCH_D3D9_UI,
    BENCH_COMPUTE,
    BENCH_SCENE_COUNT
};

/* "clear", "flat", ... in enum order: --scene names, file names, JSON. */
extern const char *const bench_scene_names[BENCH_SCENE_COUNT];

/* Which programs draw a scene.  FIXED: the six original scenes' shaders (bench/shaders.c) on
 * softd3d and GL fixed function on llvmpipe; the others name one program pair of
 * bench/shaders_real.h, run on llvmpipe as GLSL in a core context. */
enum bench_program {
    BENCH_PROGRAM_FIXED,
    BENCH_PROGRAM_LIGHT,
    BENCH_PROGRAM_ALU,
    BENCH_PROGRAM_TEX4,
    BENCH_PROGRAM_SKIN,
    BENCH_PROGRAM_TESS,          /* shaders_tess.h: softd3d at 11_0, llvmpipe in GL 4.x */
    BENCH_PROGRAM_COMPUTE        /* shaders_compute.h: softd3d at 11_0, llvmpipe in GL 4.3 */
};

/* The vertex of light, alu and tex4: 32 bytes (D3D11 input layout / GL vertex attributes 0-2). */
struct bench_surface_vertex {
    float pos[3];           /* pixels, pixels, [0, 1]; also the lighting position (world) */
    float normal[3];        /* light: the interpolated normal before the detail perturbs it */
    float uv[2];
};

/* The skin scene's vertex: 36 bytes.  bones: R8G8B8A8_UNORM (GL: normalised unsigned bytes), so
 * the shaders see n/255 and recover n as D3DCOLORtoUBYTE4 does, trunc(x * 255.001953), times 3
 * (three float4 rows a bone).  weights: R32G32B32A32_FLOAT, summing to 1. */
struct bench_skin_vertex {
    float pos[3];           /* the rest position, pixels */
    uint8_t bones[4];
    float weights[4];
    uint8_t color[4];       /* R8G8B8A8_UNORM */
};

#define BENCH_SKIN_BONES 64

/* 24 bytes; one layout for both renderers (D3D11 input layout / GL client arrays). */
struct bench_vertex {
    float pos[3];           /* pixels, pixels, [0, 1] */
    uint8_t color[4];       /* R8G8B8A8_UNORM / GL_UNSIGNED_BYTE x 4 */
    float uv[2];
};

/* The lit scene's vertex: 24 bytes, D3DFVF_XYZ | D3DFVF_NORMAL / GL vertex + normal arrays. */
struct bench_lit_vertex {
    float pos[3];           /* pixels, pixels, [0, 1] */
    float normal[3];        /* unit length, in the same (pixel) space */
};

/* The lit scene's lighting, in the pixel space of the positions (world = view = identity, so
 * that space is also D3D9's camera space and GL's eye space).  Both APIs compute
 *   colour = global_ambient * material_ambient
 *          + light_ambient * material_ambient + max(N.L, 0) * light_diffuse * material_diffuse
 *   alpha  = material_diffuse.a
 * ("Mathematics of Lighting" (D3D9) and the OpenGL 1.x lighting equation, with no emissive or
 * specular term), with L the unit vector towards the light: D3DLIGHT9.Direction = -L, GL's
 * GL_POSITION = (L, 0).  The global ambient is a D3DCOLOR (D3DRS_AMBIENT), so its floats are
 * n/255 on both sides. */
struct bench_lighting {
    float to_light[3];             /* L, unit length */
    float light_diffuse[4], light_ambient[4];
    float global_ambient[4];       /* n / 255 */
    float material_diffuse[4], material_ambient[4];
};

/* One draw call: a triangle list of `count` vertices starting at vertex `first`. */
struct bench_draw {
    uint32_t first, count;
};

#define BENCH_TEX_SIZE 256
#define BENCH_TEX_LEVELS 9   /* 256 .. 1 */

struct bench_scene {
    enum bench_scene_id id;
    const char *name;              /* "clear", "flat", ... (file names, JSON) */
    const char *title;             /* one line for people */
    uint32_t width, height;
    float clear_color[4];
    float clear_depth;             /* 1.0 */
    /* state */
    bool textured;                 /* sample the texture (s0/t0) and multiply by the colour */
    bool blend;                    /* SRC_ALPHA, INV_SRC_ALPHA for colour and alpha */
    bool depth_test;               /* LESS, depth writes on; off: no test, no writes */
    float matrix[16];              /* column-major, pixels -> D3D clip space */
    /* geometry (NULL / 0 for the clear) */
    struct bench_vertex *vertices;
    uint32_t vertex_count;
    struct bench_draw *draws;
    uint32_t draw_count;
    /* the lit scene (BENCH_LIT): an indexed triangle list, drawn in one call */
    bool lit;
    struct bench_lit_vertex *lit_vertices;
    uint32_t lit_vertex_count;
    uint16_t *indices;
    uint32_t index_count;
    struct bench_lighting lighting;
    /* Direct3D 9 scenes: drawn by softd3d through IDirect3DDevice9 (lit, d3d9_*) */
    bool d3d9;
    bool pretransformed;           /* the quads as XYZRHW | DIFFUSE [| TEX1], DrawPrimitiveUP */
    /* the programmable scenes (program != FIXED) */
    enum bench_program program;
    struct bench_surface_vertex *surface_vertices;   /* light, alu, tex4 (draws: as above) */
    uint32_t surface_vertex_count;
    struct bench_skin_vertex *skin_vertices;         /* skin (draws: as above) */
    uint32_t skin_vertex_count;
    /* The pixel shader's constant buffer cb0 (light, alu, tex4; GL: uniform vec4 c[n]), or for
     * skin the vertex shader's bone buffer cb1 (3 float4 rows of a 3x4 matrix a bone; GL:
     * uniform vec4 bones[n]).  n = constant_count float4 vectors. */
    float *constants;
    uint32_t constant_count;
    bool bilinear;                 /* tex4: sample level 0 only, MIN_MAG_LINEAR_MIP_POINT */
    uint8_t *tex2_level[BENCH_TEX_LEVELS];           /* light: the detail texture (t1) */
    uint8_t *image;                /* compute: the W x H RGBA8 source, rows tightly packed */
    /* the texture: level l is (256 >> l)^2 RGBA8 texels, rows tightly packed */
    uint8_t *tex_level[BENCH_TEX_LEVELS];
    /* what one frame does, for the rate */
    double work;                   /* pixels (clear, quads) or triangles */
    const char *unit;              /* "Mpix/s" or "Mtris/s" */
};

/* 0 on success, -1 when out of memory (the scene is then empty and may be freed). */
int bench_scene_build(enum bench_scene_id id, uint32_t width, uint32_t height,
                      struct bench_scene *out);
void bench_scene_free(struct bench_scene *s);

/* The matrix for GL (clip z in [-1, 1]): z' = 2z - w folded in; column-major. */
void bench_gl_matrix(const struct bench_scene *s, float out[16]);

/* Image comparison: two RGBA8 images, top row first, tightly packed.
 * THE TOLERANCE (printed by softd3d-bench, documented in tools/softd3d-bench.c):
 *   match  <=>  at least 99.9% of pixels have every channel within 2 of the other image,
 *               the mean absolute channel difference (over all RGBA channels) is < 0.75,
 *               and no channel is biased: |mean signed difference| < 0.25 for each of R,G,B,A.
 * It admits the rounding noise listed above — measured with Mesa 22.3 llvmpipe: clear and flat
 * exact; textured mean 0.21, max 2 (llvmpipe filters RGBA8 with 8-bit weights, softd3d in float:
 * against the exact trilinear value softd3d errs 0.25 on average, i.e. rounding only, llvmpipe
 * 0.31); blended mean 0.42, max 3 (the filtering noise of up to 8 layers, and llvmpipe rounds
 * the source colour to 8 bits before blending); triangles mean 0.005, max 1; lit mean 0.072,
 * max 1 (per-vertex lighting rounding, 100% of pixels within 1); light mean 0.156, max 4,
 * 99.99% within 2 (sin/exp2/log2/rsq of two implementations, pow(x, 32) amplifying them, and
 * the two filters); alu max 1 (144 pixels off by 1); tex4 mean 0.12, max 1; skin mean 0.005,
 * max 1; d3d9_flat/tex/blend and d3d9_ff as flat/textured/blended/triangles (d3d9_tex's image
 * is textured's, bit for bit); d3d9_ui as blended's filtering and blending noise, one layer
 * mostly — and refuses any
 * difference of coverage, depth order, texture addressing, LOD or state: a wrong pixel shows as
 * a large difference, a systematic one as a bias or a mean. */
#define BENCH_TOL_CHANNEL 2
#define BENCH_TOL_FRACTION 0.999
#define BENCH_TOL_MEAN 0.75
#define BENCH_TOL_BIAS 0.25

struct bench_diff {
    uint32_t max_diff;             /* largest channel difference */
    uint64_t pixels, within;       /* pixels, and those with every channel within tolerance */
    double mean;                   /* mean absolute channel difference */
    double bias[4];                /* mean signed difference (a - b) of R, G, B, A */
    double fraction_within;        /* within / pixels */
    int first_x, first_y;          /* first pixel out of tolerance, -1 if none */
    bool match;
};

void bench_compare(const uint8_t *a, const uint8_t *b, uint32_t width, uint32_t height,
                   struct bench_diff *out);

#endif /* SOFTD3D_BENCH_SCENES_H */
