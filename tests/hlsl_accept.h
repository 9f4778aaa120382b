/* tests/hlsl_accept.h — the acceptance scenes of issue 13 (tests/test_hlsl_accept.c): HLSL
 * files of tests/shaders/hlsl/ compiled with D3DCompileFromFile (their #include through
 * D3D_COMPILE_STANDARD_FILE_INCLUDE) for every target each fits, drawn as one full-target quad
 * and compared pixel by pixel with a closed form.
 *
 * Where each target is drawn:
 *   *_4_0_level_9_1 / _9_3   a D3D11 device of that feature level (test_hlsl_accept.c)
 *   vs/ps_2_0, vs/ps_3_0     IDirect3DDevice9, constants found through the CTAB
 *                            (test_hlsl_accept_d3d9.c)
 *   vs/ps_4_0                a D3D11 device at feature level 10_0 (SOFTD3D_PROFILE=10_0)
 *   vs/ps_5_0                a D3D11 device at feature level 11_0 (SOFTD3D_PROFILE=11_0),
 *                            and also on the VM as the pipeline runs them: the
 *                            vertex program at the quad's corners, its outputs interpolated to
 *                            the pixel centres (exact: every scene's attributes are affine over
 *                            the quad), the pixel program over 2x2 quads (derivatives) with a
 *                            point/clamp sampler and a LESS_EQUAL comparison sampler.
 */
#ifndef SOFTD3D_TESTS_HLSL_ACCEPT_H
#define SOFTD3D_TESTS_HLSL_ACCEPT_H

#include <stdbool.h>
#include <stdint.h>

#define ACCEPT_W 16
#define ACCEPT_H 16

/* One vertex: every attribute a float4 (POSITION, NORMAL, TANGENT, TEXCOORD0, COLOR0,
 * BLENDWEIGHT, BLENDINDICES in that order, 16 bytes each). */
struct accept_vertex {
    float pos[4], nrm[4], tan[4], uv[4], col[4], bw[4], bi[4];
};
#define ACCEPT_ATTRS 7
extern const char *const accept_semantics[ACCEPT_ATTRS];

/* A uniform as the D3D9 path sets it: the constant table name, its first vec4 in the scene's
 * constant data and its vec4 count. */
struct accept_uniform {
    const char *name;
    unsigned at, count;
};

struct accept_scene {
    const char *name;
    const char *vs, *ps;                    /* files in tests/shaders/hlsl/ */
    const char *const *targets;             /* pairs "vs_x", "ps_x", ..., NULL */
    /* the quad's corner (u, v in {0, 1}) */
    void (*corner)(float u, float v, struct accept_vertex *out);
    const float (*vs_cb)[4], (*ps_cb)[4];   /* cbuffer b0 of each stage (NULL: none) */
    unsigned vs_cb_n, ps_cb_n;              /* vec4s */
    const struct accept_uniform *vs_uni, *ps_uni;   /* NULL-name terminated */
    /* texture t0 / s0: size (0: none), texel (x, y) as RGBA in [0, 1]; depth: an R32_FLOAT
     * map (texel .x) sampled by a comparison sampler */
    unsigned tex_w, tex_h;
    void (*texel)(unsigned x, unsigned y, float rgba[4]);
    bool depth;
    /* the expected colour at the pixel whose interpolation parameters are (u, v); discarded:
     * *kept false (the clear colour, 0, stays) */
    void (*expect)(float u, float v, float rgba[4], bool *kept);
    bool pixel_pos;                         /* POSITION in pixels (else clip space) */
};

/* D3DCompileFromFile of a scene file (tests/shaders/hlsl/<file>), reported on failure. */
void *accept_compile(const char *file, const char *target, size_t *size);

/* The quad's six vertices (two triangles: TL TR BL, TR BR BL) of corners (0,0) ... (1,1). */
void accept_quad(const struct accept_scene *s, struct accept_vertex v[6]);

/* Compares a drawn image (RGBA8, ACCEPT_W x ACCEPT_H) with the scene's closed form at the
 * pixel centres ((x + 0.5) / W, (y + 0.5) / H); a difference of 1 is allowed (the neighbouring
 * rendering tests' tolerance for UNORM8 rounding of float results). */
void accept_check(const struct accept_scene *s, const char *target, const uint8_t *rgba);

/* test_hlsl_accept_d3d9.c: draws the scene through IDirect3DDevice9. */
void accept_draw_d3d9(const struct accept_scene *s, const char *vs_target, const char *ps_target);

#endif /* SOFTD3D_TESTS_HLSL_ACCEPT_H */
