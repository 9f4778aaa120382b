/* src/sample/sampler.h — the plain-C reference texture sampler (API-neutral).
 *
 * What it is: sample* for 1D, 2D, 3D and cube textures and 1D/2D/cube arrays over a batch of up to SAMPLER_LANES lanes
 * (structure of arrays, with an execution mask), processed lane by lane.  It is the reference
 * that future SIMD kernels are checked against (STYLE.md, dav1d checkasm), so every rule is
 * exact and documented; sampler.c derives the arithmetic and cites the D3D11.3 functional
 * specification ("the spec") section by section.
 *
 * How to use:
 *   struct sampler s;  sampler_init(&s, &state)        once, when the API sampler is created
 *   struct texture_view t = {...}; texture_view_init(&t) once, when the view is created: picks
 *                                                        the per-format texel fetch function
 *   sampler_sample(&s, &t, &coords, n, &out)             per batch
 * Both front-ends translate into these structures; nothing here is D3D9 or D3D11 specific
 * except where a field says so.
 *
 * Guarantees: a texel fetch never reads outside the levels described by the view, whatever the
 * coordinates, derivatives, LOD or bias (NaN, Inf, 1e30...).  NaN texture coordinates select
 * texel 0 of the level on that axis (the float -> fixed point rule of spec 3.2.4.1 maps NaN to
 * 0), so point and linear filtering both return texel 0's value there; +-Inf under WRAP and
 * MIRROR also become NaN in range reduction (7.18.6) and behave the same; under CLAMP, BORDER
 * and MIRROR_ONCE, +-Inf clamp to +-10 and address as far-outside coordinates.  A NaN LOD (from
 * NaN derivatives, LOD or bias) is ignored by the MinLOD/MaxLOD clamp (7.18.11: min/max do not
 * propagate NaN) and so becomes MaxLOD, limited to the last level.  A NULL view, or one whose
 * init failed, samples as 0 in all components (spec 7.18.17).
 */
#ifndef SOFTD3D_SAMPLE_SAMPLER_H
#define SOFTD3D_SAMPLE_SAMPLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/format.h"
#include "sample/texel.h"

#define SAMPLER_LANES 32          /* lanes per batch: 8 quads of 2x2 pixels */
#define TEXTURE_MAX_LEVELS 17     /* mip levels of a 65536-texel dimension */
#define TEXTURE_MAX_DIMENSION 65536u

enum sampler_filter {
    SAMPLER_FILTER_POINT,
    SAMPLER_FILTER_LINEAR,
    SAMPLER_FILTER_ANISOTROPIC,   /* probes of LINEAR along the line of anisotropy */
};

enum sampler_mip_filter {
    SAMPLER_MIP_NONE,    /* D3D9 D3DTEXF_NONE: no mipmapping, the view's level 0 only (seed 003) */
    SAMPLER_MIP_POINT,
    SAMPLER_MIP_LINEAR,
};

enum sampler_address {          /* the D3D11 and D3D9 values coincide */
    SAMPLER_ADDRESS_WRAP = 1,
    SAMPLER_ADDRESS_MIRROR,
    SAMPLER_ADDRESS_CLAMP,
    SAMPLER_ADDRESS_BORDER,
    SAMPLER_ADDRESS_MIRROR_ONCE,
};

enum sampler_compare {          /* the D3D11 and D3D9 values coincide */
    SAMPLER_COMPARE_NEVER = 1,
    SAMPLER_COMPARE_LESS,
    SAMPLER_COMPARE_EQUAL,
    SAMPLER_COMPARE_LESS_EQUAL,
    SAMPLER_COMPARE_GREATER,
    SAMPLER_COMPARE_NOT_EQUAL,
    SAMPLER_COMPARE_GREATER_EQUAL,
    SAMPLER_COMPARE_ALWAYS,
};

enum sampler_reduction {
    SAMPLER_REDUCTION_STANDARD,     /* weighted filtering */
    SAMPLER_REDUCTION_COMPARISON,   /* each texel -> (ref <compare> texel.r) ? 1 : 0, then filter */
    SAMPLER_REDUCTION_MINIMUM,      /* hook for tiled resources tier 2: min/max over the texels */
    SAMPLER_REDUCTION_MAXIMUM,      /* (and levels, probes) with a nonzero weight */
};

/* The API-neutral sampler description (D3D11_SAMPLER_DESC, or D3D9's sampler states). */
struct sampler_state {
    enum sampler_filter min_filter, mag_filter;
    enum sampler_mip_filter mip_filter;
    unsigned max_anisotropy;        /* 1..16 (0 is read as 1) */
    enum sampler_address address_u, address_v, address_w;
    float border_color[4];          /* linear r, g, b, a */
    float lod_bias;                 /* MipLODBias */
    float min_lod, max_lod;         /* not NaN; MinLOD wins when MinLOD > MaxLOD */
    enum sampler_compare compare;   /* used by SAMPLER_REDUCTION_COMPARISON */
    enum sampler_reduction reduction;
};

struct sampler_lane;   /* per-lane context, private to sampler.c */
typedef void (*sampler_filter_fn)(const struct sampler_lane *lane, unsigned level,
                                  const float coord[3], float out[4]);

/* A validated sampler; the filter functions are chosen once, by sampler_init. */
struct sampler {
    struct sampler_state state;
    float max_aniso;                /* max_anisotropy as float, in [1, 16] */
    bool aniso;                     /* min or mag filter is anisotropic */
    sampler_filter_fn min, mag;
    /* sampler_fast.c's 2D path applies (chosen by sampler_init): standard reduction, min and
     * mag filters both POINT or both LINEAR, u and v addressed WRAP or CLAMP. */
    bool fast2d;
};

/* Validate `state` and fill `s`.  False (s untouched) for an out-of-range enum, NaN MinLOD or
 * MaxLOD, or max_anisotropy > 16. */
bool sampler_init(struct sampler *s, const struct sampler_state *state);

enum texture_dim {
    TEXTURE_DIM_2D,
    TEXTURE_DIM_3D,
    TEXTURE_DIM_CUBE,   /* faces +X, -X, +Y, -Y, +Z, -Z (D3D11 array slices 0..5 = D3DCUBEMAP_FACES) */
    TEXTURE_DIM_1D,     /* u only: levels of height and depth 1 */
    TEXTURE_DIM_BUFFER, /* a typed buffer view: one level of `width` elements in one row, read
                         * by ld only (sampling it reads 0: buffers cannot be sampled) */
};

/* One mip level.  width/height/depth are the level's virtual size (for block formats the data
 * holds whole blocks, spec 19.5.1).  2D: depth 1.  3D: depth slices, depth_pitch apart.  Cube:
 * depth 6, face f at data + f * depth_pitch. */
struct texture_level {
    const uint8_t *data;
    size_t row_pitch;     /* bytes between rows of blocks */
    size_t depth_pitch;   /* bytes between slices / faces (unused when depth is 1) */
    size_t array_pitch;   /* array views (texture_view.array_size > 1): bytes from this level of
                           * one array slice (one cube, for a cube array) to the next */
    uint32_t width, height, depth;
};

struct texture_view {
    core_format format;
    enum texture_dim dim;
    unsigned levels;           /* 1..TEXTURE_MAX_LEVELS; level[0] is the most detailed */
    /* Array views (Texture1DArray, Texture2DArray, TextureCubeArray): the slices (cubes) of the
     * view, 1..; 0 for a view that is no array.  The array index is a coordinate of its own
     * -- v of a 1D array, w of a 2D array, q of a cube array -- rounded to the nearest even
     * integer and clamped to [0, array_size - 1] (D3D11.3 functional spec 7.18.3); it takes no
     * part in the LOD.  The other coordinates address the slice as the non-array dimension. */
    uint32_t array_size;
    /* The resource's minimum LOD in levels of this view (D3D11 SetResourceMinLOD, minus the
     * view's first mip; 0: none): sampling clamps its LOD to at least this, ld reads 0 from the
     * levels more detailed than its floor, and a view with no level at or above it reads 0
     * ("empty-set accesses are handled as out-of-bounds").  Not NaN, >= 0. */
    float min_lod;
    bool d3d9_defaults;        /* D3D9 front-end: absent r/g/b channels read as 1, not 0, for
                                * formats with some colour data (R16F -> (r,1,1,1), G16R16 ->
                                * (r,g,1,1), V8U8 -> (u,v,1,1)); alpha-only formats keep 0 */
    struct texture_level level[TEXTURE_MAX_LEVELS];
    unsigned samples;          /* a multisampled 2D view (ld_ms, pipeline/pixel_ms.c): sample s
                                * of level[0] at data + s * depth_pitch; 0 otherwise */
    bool ms_center;            /* ... of a D3D11_CENTER_MULTISAMPLE_PATTERN resource (every
                                * sample at the pixel centre: samplepos answers 0) */
    const struct texel_format *texel;   /* set by texture_view_init: the fetch functions */
    /* Set by texture_view_init: a 2D view (not an array of more than one slice) of a 4 x 8-bit
     * UNORM/sRGB format (texel.h), which sampler_fast.c reads whole pixels of. */
    bool fast_rgba8;
    struct texel_rgba8 rgba8;
    /* Tiled resources (issue 7): set, texels go through this page table (texel_tiled.h) and
     * level[].data / pitches are unused; NULL for every other view. */
    const struct texel_tiled *tiled;
};

/* Validate the description and choose the texel fetch function.  False (texel set to NULL)
 * when the format cannot be sampled, a level is empty, larger than TEXTURE_MAX_DIMENSION, has a
 * NULL pointer or a pitch too small for its size, or the shape does not fit the dimension
 * (cube: square faces, depth 6). */
bool texture_view_init(struct texture_view *t);

enum sample_lod_mode {
    SAMPLE_LOD_DERIVATIVES,   /* sample, sample_b, sample_d: LOD from ddx/ddy (7.18.11) */
    SAMPLE_LOD_EXPLICIT,      /* sample_l: lod[] per lane (anisotropy ratio 1) */
    SAMPLE_LOD_ZERO,          /* sample_c_lz: LOD 0 */
};

/* One batch of lanes.  Lane i is active when bit i of mask is set; inactive lanes are neither
 * read nor written.  Coordinates: 1D uses u; 2D u, v; 3D u, v, w; cube the direction
 * (u, v, w) = (x, y, z); array views add the array index (texture_view.array_size).  ddx[k]/ddy[k] are the derivatives of coordinate k in the render-target x and y
 * directions (see sampler_quad_derivatives).  bias[] is added when has_bias (sample_b: after
 * the LOD computation, with MipLODBias, before the MinLOD/MaxLOD clamp), in every mode. */
/* A memo of the fast path's per-quad mip decisions (sampler_fast.c), owned by one thread.  An
 * entry holds the exact bits of the LOD inputs of a 2D implicit-LOD sample (ddx/ddy of u, v),
 * the sampler and view it was made for and the owner's generation `gen`; the owner changes
 * `gen` whenever a sampler or view may have changed or been freed (the pipeline: every draw),
 * so a hit is always the reference's own answer for those inputs.  Zero-initialise. */
#define SAMPLER_LOD_CACHE_SIZE 1024
#define SAMPLER_LOD_BATCH_MEMO 4
struct sampler_lod_cache {
    uint64_t gen;
    struct sampler_lod_entry {
        uint32_t key[4];
        const void *s, *t;
        uint64_t gen;
        uint8_t level0, level1;
        bool two;
        float weight;
    } e[SAMPLER_LOD_CACHE_SIZE];
    /* the last batch decisions (sampler_fast.c batch_decide): their bounds and outcomes,
     * replaced in turn */
    unsigned batch_next;
    struct sampler_lod_batch {
        int32_t lo, hi;
        const void *s, *t;
        uint64_t gen;
        bool ok;
        uint8_t level0, level1, nlevels;
        float weight;
    } batch[SAMPLER_LOD_BATCH_MEMO];
};

struct sample_coords {
    float u[SAMPLER_LANES], v[SAMPLER_LANES], w[SAMPLER_LANES];
    float q[SAMPLER_LANES];       /* fourth component: the array index of a cube array */
    float ddx[3][SAMPLER_LANES], ddy[3][SAMPLER_LANES];
    float lod[SAMPLER_LANES];
    float bias[SAMPLER_LANES];
    float ref[SAMPLER_LANES];     /* comparison reference value */
    enum sample_lod_mode lod_mode;
    bool has_bias;
    uint32_t mask;
    struct sampler_lod_cache *lod_cache;   /* optional (NULL: none); see above */
};

/* Results, structure of arrays: c[0] = r, c[1] = g, c[2] = b, c[3] = a.  Comparison sampling
 * writes its filtered pass fraction to all four. */
struct float4_soa {
    float c[4][SAMPLER_LANES];
};

/* Sample lanes 0..n-1 (n <= SAMPLER_LANES) of `c` from `t` with `s`.  Takes the fast path of
 * sampler_fast.c when s->fast2d and t->fast_rgba8 allow it, the reference otherwise. */
void sampler_sample(const struct sampler *s, const struct texture_view *t,
                    const struct sample_coords *c, int n, struct float4_soa *out);
/* The plain-C reference, lane by lane (sampler.c); the fast path gives the same bits
 * (tests/test_fastpath.c). */
void sampler_sample_ref(const struct sampler *s, const struct texture_view *t,
                        const struct sample_coords *c, int n, struct float4_soa *out);
/* The fast path alone (sampler_fast.c); false (out untouched) when it does not apply.  It runs
 * the twin util_simd_level() selects: _c (plain C) or _avx2 (the same source built with AVX2,
 * src/x86/), which give the same bits (tests/test_simd.c). */
bool sampler_sample_fast(const struct sampler *s, const struct texture_view *t,
                         const struct sample_coords *c, int n, struct float4_soa *out);
bool sampler_sample_fast_c(const struct sampler *s, const struct texture_view *t,
                           const struct sample_coords *c, int n, struct float4_soa *out);
bool sampler_sample_fast_avx2(const struct sampler *s, const struct texture_view *t,
                              const struct sample_coords *c, int n, struct float4_soa *out);

/* gather4 / gather4_c on a 2D, 2D-array, cube or cube-array view (not tiled: texel_tiled.h
 * has its own): lanes 0..n-1 of `c` (u, v and the array index; a cube's direction), the four
 * texels bilinear filtering of level 0 would use, component `channel` of each (gather4_c,
 * `compare`: ref <compare> red as 1/0), out->c[0..3] = (u0,v1), (u1,v1), (u1,v0), (u0,v0).
 * offsets (per lane, may be NULL) and imm_offset move a 2D footprint.  Other views read 0. */
void sampler_gather(const struct sampler *s, const struct texture_view *t,
                    const struct sample_coords *c, unsigned channel, bool compare,
                    const int32_t (*offsets)[SAMPLER_LANES], const int8_t imm_offset[2], int n,
                    struct float4_soa *out);

/* Coarse derivatives (spec 22.5.2, 22.5.3) for lanes grouped as 2x2 quads: lanes 4q+0..4q+3 are
 * the quad's top-left, top-right, bottom-left, bottom-right pixels; every lane of the quad gets
 * ddx = v[4q+1] - v[4q+0] and ddy = v[4q+2] - v[4q+0].  n is rounded down to whole quads. */
void sampler_quad_derivatives(const float *v, int n, float *ddx, float *ddy);

/* The LOD decisions for one lane, as sampler_sample makes them (exposed for tests and tools). */
struct sampler_lod {
    float lod;          /* after MipLODBias, bias[] and the MinLOD/MaxLOD clamp */
    bool magnify;       /* LOD (biased, before the clamp) <= 0: the mag filter applies */
    float ratio;        /* anisotropy ratio after the max-anisotropy clamp (1 = isotropic) */
    unsigned probes;    /* filter probes along the line of anisotropy (1 = isotropic) */
    float axis[2];      /* normalized-space vector the probes span (anisotropic only) */
    unsigned nlevels;   /* 1 or 2 mip levels read */
    unsigned level[2];
    float weight;       /* weight of level[1] when nlevels == 2 */
};
void sampler_lane_lod(const struct sampler *s, const struct texture_view *t,
                      const struct sample_coords *c, int lane, struct sampler_lod *out);

/* sampler_sample_fast for an implicit-LOD batch without bias[] whose coordinates u, v and
 * their derivatives the caller holds in its own arrays (no struct sample_coords to fill): the
 * same bits, for the batches the fast path decides in one go (its batch decision); false (out
 * untouched) for every other, which then goes through sampler_sample.  Twins as above. */
bool sampler_sample_fast_uv_c(const struct sampler *s, const struct texture_view *t,
                              const float *u, const float *v, const float *dxu, const float *dxv,
                              const float *dyu, const float *dyv, uint32_t mask,
                              struct sampler_lod_cache *cache, float out[4][SAMPLER_LANES]);
bool sampler_sample_fast_uv_avx2(const struct sampler *s, const struct texture_view *t,
                                 const float *u, const float *v, const float *dxu,
                                 const float *dxv, const float *dyu, const float *dyv,
                                 uint32_t mask, struct sampler_lod_cache *cache,
                                 float out[4][SAMPLER_LANES]);

/* ld (texel fetch) of a fast_rgba8 view (texel.h "Fast paths": 2D, one slice, not tiled):
 * addr[0..3] the lanes' x, y, slice (0) and level; the decoded r, g, b, a bits of the lanes in
 * `mask` into value (0 outside the view or its levels); other lanes untouched.  Bit for bit the
 * format's load function (tests/test_fastpath.c).  Twins as above. */
void sampler_load_rgba8_c(const struct texture_view *t, uint32_t mask,
                          const int32_t (*addr)[SAMPLER_LANES], uint32_t (*value)[SAMPLER_LANES]);
void sampler_load_rgba8_avx2(const struct texture_view *t, uint32_t mask,
                             const int32_t (*addr)[SAMPLER_LANES],
                             uint32_t (*value)[SAMPLER_LANES]);

#endif
