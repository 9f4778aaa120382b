/* src/pipeline/om.h — the output merger: depth/stencil test and update, blending, write masks,
 * up to four render targets (D3D11.3 functional specification chapter 17, "the spec" below).
 *
 * READ ME FIRST
 * -------------
 * API-neutral (DESIGN.md principle 4): both front-ends translate their state into an om_key.
 * The enum values below are chosen so that BOTH front-ends translate by a plain cast:
 * D3D11_COMPARISON_FUNC == D3DCMPFUNC, D3D11_STENCIL_OP == D3DSTENCILOP, D3D11_BLEND ==
 * D3DBLEND (1..11, 14, 15), D3D11_BLEND_OP == D3DBLENDOP, D3D11_COLOR_WRITE_ENABLE ==
 * D3DCOLORWRITEENABLE.  What the front-ends fold in before filling the key:
 *   - D3D9 D3DBLEND_BOTHSRCALPHA (12): src = SRC_ALPHA, dst = INV_SRC_ALPHA;
 *     D3DBLEND_BOTHINVSRCALPHA (13): src = INV_SRC_ALPHA, dst = SRC_ALPHA.  The OM refuses 12/13.
 *   - D3D9 without SEPARATEALPHABLENDENABLE: the alpha factors/op are copies of the colour ones.
 *   - D3D9 without TWOSIDEDSTENCILMODE: back = front.
 *   - D3D11 read-only DSV flags (spec 17.13): READ_ONLY_DEPTH clears depth_write,
 *     READ_ONLY_STENCIL clears stencil_write_mask.
 *   - D3D9 SRGBWRITEENABLE: the target's format is replaced by its _SRGB twin
 *     (om_format_srgb_twin()); formats without a twin are written linearly.
 *   - The 9_x blend-state rules (equal masks, no SRC_ALPHA_SAT at 9_1/9_2...) are the D3D11
 *     front-end's; the OM executes whatever valid key it gets.
 *
 * Usage (SwiftShader PixelProcessor habit, STYLE.md): the state that selects code paths is a
 * zeroed, hashable key; per-draw values (surfaces, stencil reference, blend factor) travel
 * separately in om_draw.
 *
 *   struct om_key key;  memset(&key, 0, sizeof key);  ...fill...
 *   struct om_state st;  if (!om_state_init(&st, &key)) refuse;     once per state change
 *   per batch of quads (on the tile's worker; tiles are owned, so no locks):
 *     late depth:  pass = om_process(&st, &draw, &batch, coverage);
 *     early depth: pass = om_depth_stencil(&st, &draw, &batch, coverage);
 *                  ...run the pixel shader for `pass`, drop discarded pixels...
 *                  om_color(&st, &draw, &batch, pass & ~discarded);
 *   occlusion queries add popcount(pass).
 *
 * Pixels: a batch holds `count` 2x2 quads; pixel p (0: (x, y), 1: (x+1, y), 2: (x, y+1),
 * 3: (x+1, y+1)) of quad q is lane i = 4q + p of every per-pixel array and bit i of every mask
 * (the layout of raster.h's raster_quad_batch).
 *
 * CONTRACT ON DEPTH.  batch.z[i] is the value the depth test uses: interpolated (bias
 * included) or written by the shader, ALREADY clamped by the caller to the viewport's
 * [MinDepth, MaxDepth] (spec 17.10; om_depth_clamp() does it with the spec's min/max rules,
 * under which NaN becomes MinDepth).  The OM converts it to the buffer's precision (17.11):
 *   UNORM n bits (D16, D24S8, D24X8, D24X4S4, D15S1, D32): round(z * (2^n - 1)) with
 *     "+0.5 and truncate" -- texel_float_to_unorm(), spec 3.2.3.6: NaN -> 0, clamp to [0, 1].
 *   float32 (D32_FLOAT, D32_FLOAT_S8X24_UINT, D32F_LOCKABLE): z itself; a NaN that reaches the
 *     OM despite the contract is replaced by +0.0 (what the clamp gives for MinDepth = 0).
 *   float 20e4 (D3D9 D24FS8): texel_float_to_small_float(), round toward zero (3.2.2), so the
 *     stored value is exactly what a later test of the same z compares against.
 * and compares "incoming FUNC stored" (LESS passes when incoming < stored) on the quantized
 * values: integers for the UNORM and 20e4 formats, floats (3.1 rules: NaN compares false
 * except NOT_EQUAL) for float32.
 *
 * Stencil (spec 17.12 defers to the classic rules): passes when
 *   (ref & read_mask) FUNC (stored & read_mask),   ref and stored limited to the format's bits;
 * the op (fail / depth-fail / pass of the primitive's face) produces v, written as
 *   stored = (stored & ~write_mask) | (v & write_mask).
 * INCR_SAT/DECR_SAT clamp to [0, 2^n - 1], INCR/DECR wrap modulo 2^n, INVERT flips the n bits
 * (n = 8 for the DXGI formats, 1 for D15S1, 4 for D24X4S4).  DepthEnable false: the depth test
 * passes and depth is not written (17.9); no stencil bits or stencil disabled: the stencil test
 * passes and nothing is written (17.12); no depth-stencil surface: both pass.
 *
 * Colour (spec 17.1-17.5, 17.15): per target, values entering the blender (shader colour and
 * blend factor) are clamped to the target's range (UNORM/sRGB [0, 1], SNORM [-1, 1], missing
 * components to the range of the present ones; float targets: no clamp, NaN propagates);
 * the destination is read through texel_load (sRGB decoded to linear, missing components
 * (0, 0, 0, 1): so alpha-less targets blend with destination alpha 1); the blend runs in
 * float32; the result is written through texel_store (which rounds UNORM to nearest, encodes
 * sRGB, clamps, and rounds float16/11/10 toward zero).  Write-mask bits of absent channels are
 * ignored; masked-off channels keep their exact bits.  Integer (UINT/SINT) targets take the
 * shader's raw 32-bit register values (bit patterns in the float arrays) through
 * texel_store_int, never blended (blending does not exist for integer formats).
 *
 * Threads: the blend arithmetic expects the worker's FTZ/DAZ mode (util/cpu.h; spec 3.1.3.2).
 * Every function here is reentrant; an om_state is read-only after om_state_init().
 */
#ifndef SOFTD3D_PIPELINE_OM_H
#define SOFTD3D_PIPELINE_OM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/format.h"
#include "util/fsel.h"

struct texel_format;

#define OM_MAX_TARGETS 8      /* D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT (10_0+; 9_3 binds 4) */
#define OM_MAX_QUADS 8        /* quads in one batch: 32 pixels, one bit each in a uint32_t */

/* ---- Enums (values = D3D11 = D3D9, see above; 0 is "unset" and refused where used) -------- */

enum om_compare {
    OM_CMP_NEVER = 1,
    OM_CMP_LESS = 2,
    OM_CMP_EQUAL = 3,
    OM_CMP_LESS_EQUAL = 4,
    OM_CMP_GREATER = 5,
    OM_CMP_NOT_EQUAL = 6,
    OM_CMP_GREATER_EQUAL = 7,
    OM_CMP_ALWAYS = 8,
};

enum om_stencil_op {
    OM_STENCIL_KEEP = 1,
    OM_STENCIL_ZERO = 2,
    OM_STENCIL_REPLACE = 3,     /* the reference value */
    OM_STENCIL_INCR_SAT = 4,
    OM_STENCIL_DECR_SAT = 5,
    OM_STENCIL_INVERT = 6,
    OM_STENCIL_INCR = 7,        /* wraps */
    OM_STENCIL_DECR = 8,        /* wraps */
};

/* Blend factors (spec 17.1).  Used for the alpha channel, the "colour" factors take their
 * alpha component (SRC_COLOR -> As, DEST_COLOR -> Ad...): D3D9 allows them there, D3D11 does
 * not (17.2) and refuses them at state creation. */
enum om_blend {
    OM_BLEND_ZERO = 1,
    OM_BLEND_ONE = 2,
    OM_BLEND_SRC_COLOR = 3,
    OM_BLEND_INV_SRC_COLOR = 4,
    OM_BLEND_SRC_ALPHA = 5,
    OM_BLEND_INV_SRC_ALPHA = 6,
    OM_BLEND_DEST_ALPHA = 7,
    OM_BLEND_INV_DEST_ALPHA = 8,
    OM_BLEND_DEST_COLOR = 9,
    OM_BLEND_INV_DEST_COLOR = 10,
    OM_BLEND_SRC_ALPHA_SAT = 11,   /* (f, f, f, 1), f = min(As, 1 - Ad) */
    /* 12, 13: D3D9 BOTHSRCALPHA / BOTHINVSRCALPHA, expanded by the front-end (see above) */
    OM_BLEND_BLEND_FACTOR = 14,
    OM_BLEND_INV_BLEND_FACTOR = 15,
    /* Dual-source blending (spec 17.6, D3D10+; the D3D11 values): the pixel program's second
     * colour o1 is the second source of the blend (the first, o0, of render target 0; the
     * runtime allows them with one target only). */
    OM_BLEND_SRC1_COLOR = 16,
    OM_BLEND_INV_SRC1_COLOR = 17,
    OM_BLEND_SRC1_ALPHA = 18,
    OM_BLEND_INV_SRC1_ALPHA = 19,
};

enum om_blend_op {
    OM_BLEND_OP_ADD = 1,           /* src * Fs + dst * Fd */
    OM_BLEND_OP_SUBTRACT = 2,      /* src * Fs - dst * Fd */
    OM_BLEND_OP_REV_SUBTRACT = 3,  /* dst * Fd - src * Fs */
    OM_BLEND_OP_MIN = 4,           /* min(src, dst), factors ignored; min per spec 3.1.3.2 */
    OM_BLEND_OP_MAX = 5,
};

/* Logic operations, s = the shader's value converted to the target's format, d = the stored
 * value (the D3D11_1_DDI_LOGIC_OP reference page); the value is D3D11_LOGIC_OP + 1. */
enum om_logic_op {
    OM_LOGIC_OP_CLEAR = 1,         /* 0 */
    OM_LOGIC_OP_SET,               /* all ones */
    OM_LOGIC_OP_COPY,              /* s */
    OM_LOGIC_OP_COPY_INVERTED,     /* ~s */
    OM_LOGIC_OP_NOOP,              /* d */
    OM_LOGIC_OP_INVERT,            /* ~d */
    OM_LOGIC_OP_AND,               /* s & d */
    OM_LOGIC_OP_NAND,              /* ~(s & d) */
    OM_LOGIC_OP_OR,                /* s | d */
    OM_LOGIC_OP_NOR,               /* ~(s | d) */
    OM_LOGIC_OP_XOR,               /* s ^ d */
    OM_LOGIC_OP_EQUIV,             /* ~(s ^ d) */
    OM_LOGIC_OP_AND_REVERSE,       /* s & ~d */
    OM_LOGIC_OP_AND_INVERTED,      /* ~s & d */
    OM_LOGIC_OP_OR_REVERSE,        /* s | ~d */
    OM_LOGIC_OP_OR_INVERTED,       /* ~s | d */
};

#define OM_WRITE_R 1u
#define OM_WRITE_G 2u
#define OM_WRITE_B 4u
#define OM_WRITE_A 8u
#define OM_WRITE_ALL 15u

/* ---- The key: everything that selects code; memset it to zero, then fill ------------------ */

struct om_target_key {
    uint32_t format;           /* core_format of the render-target view; 0: slot empty */
    uint8_t blend_enable;
    uint8_t src_color, dst_color, op_color;    /* enum om_blend, om_blend, om_blend_op */
    uint8_t src_alpha, dst_alpha, op_alpha;
    uint8_t write_mask;        /* OM_WRITE_* */
    /* Logic operation (D3D11.1 CreateBlendState1 LogicOpEnable): 0 none, else the
     * D3D11_LOGIC_OP value + 1 (OM_LOGIC_OP_*).  Applies to integer targets only (what the
     * D3D11 front-end offers it for: the UINT formats' OUTPUT_MERGER_LOGIC_OP bit); other
     * targets write as without it (D3D11_BLEND_DESC1 leaves them undefined). */
    uint8_t logic_op;
    uint8_t reserved[3];       /* zero */
};

struct om_stencil_face {
    uint8_t func;              /* enum om_compare */
    uint8_t fail_op;           /* enum om_stencil_op: stencil test failed */
    uint8_t depth_fail_op;     /* stencil passed, depth failed */
    uint8_t pass_op;           /* both passed */
};

struct om_key {
    uint32_t ds_format;        /* core_format of the depth-stencil view; 0: none bound */
    uint8_t depth_enable, depth_write, depth_func;   /* depth_func: enum om_compare */
    uint8_t stencil_enable;
    uint8_t stencil_read_mask, stencil_write_mask;
    uint8_t reserved[2];       /* zero */
    struct om_stencil_face front, back;
    struct om_target_key rt[OM_MAX_TARGETS];
};

/* FNV-1a over the key's bytes, and byte equality: for the caller's state cache. */
uint32_t om_key_hash(const struct om_key *key);
bool om_key_equal(const struct om_key *a, const struct om_key *b);

/* ---- The compiled state --------------------------------------------------------------------- */

enum om_depth_kind {
    OM_DEPTH_NONE,             /* no depth bits (none bound, or a stencil-only format) */
    OM_DEPTH_UNORM,
    OM_DEPTH_FLOAT32,
    OM_DEPTH_FLOAT24,          /* D3D9 D24FS8: 20e4, no sign */
};

enum om_rt_kind {
    OM_RT_NONE,                /* slot empty or nothing to write (mask 0 on present channels) */
    OM_RT_NORM,                /* UNORM / SNORM / sRGB (/ XR bias): clamped blending */
    OM_RT_FLOAT,               /* any float channel: unclamped blending */
    OM_RT_INT,                 /* UINT / SINT: raw values, no blending */
};

struct om_target_state {
    const struct texel_format *fmt;
    uint8_t kind;              /* enum om_rt_kind */
    uint8_t bytes;             /* bytes a pixel */
    bool blend;                /* blending enabled (and meaningful: not an integer target) */
    bool dual_source;          /* blend with a SRC1 factor: reads the batch's colour 1 too */
    uint8_t logic_op;          /* enum om_logic_op on an integer target, else 0 */
    bool full_write;           /* the write mask covers every present channel */
    float lo[4], hi[4];        /* clamp range of each channel entering the blender (NORM) */
    bool clamp_fast[4];        /* om_clamp_fast_ok(lo[c], hi[c]) (om_priv.h) */
    uint8_t write_bits[16];    /* bits of the pixel's bytes that the write mask lets through */
    /* Fast path (om_fast.c), chosen by om_state_init: a 4 x 8-bit UNORM/sRGB target written
     * whole (full_write).  Same results as the reference path, bit for bit. */
    bool fast;
    bool fast_srgb;            /* r, g, b sRGB-encoded */
    uint8_t fast_shift[4];     /* bit of r, g, b, a in the 32-bit pixel */
    uint32_t fast_keep;        /* bits kept on write (X8) */
    uint32_t fast_alpha_one;   /* no alpha channel: 1 (alpha reads 1.0), else 0 */
};

struct om_state {
    struct om_key key;         /* the key it was built from */
    /* depth-stencil */
    uint8_t depth_kind;        /* enum om_depth_kind */
    uint8_t ds_bytes;          /* bytes a pixel; 0 when none bound */
    uint8_t depth_shift, depth_bits, stencil_shift, stencil_bits;
    bool depth_test, depth_write, stencil_test, stencil_write;
    /* colour */
    struct om_target_state rt[OM_MAX_TARGETS];
    bool any_color;            /* some target has something to write */
    /* Fast path (om_fast.c): an UNORM depth of up to 24 bits at bit 0 of a 2- or 4-byte pixel,
     * tested without stencil (D16, D24S8, D24X8 with stencil off). */
    bool fast_depth;
};

/* Validates the key and derives the state.  False (state unusable) when a bound format is not
 * a depth-stencil format (ds) / not an encodable single-texel colour format (rt), or an enum
 * that the key uses (depth_func when depth_enable, stencil fields when stencil_enable, blend
 * fields when blend_enable) is out of range, or reserved bytes are not zero. */
bool om_state_init(struct om_state *state, const struct om_key *key);

/* ---- Per draw ------------------------------------------------------------------------------- */

/* A bound 2D slice: texel (x, y) at data + y * row_pitch + x * bytes-per-pixel; sample s of a
 * multisampled surface (om_draw.samples >= 2) in the plane at data + s * sample_pitch. */
struct om_surface {
    uint8_t *data;             /* NULL: not bound (the slot's writes and tests are skipped) */
    size_t row_pitch;
    uint32_t width, height;
    size_t sample_pitch;       /* bytes from one sample plane to the next (multisampled) */
};

struct om_draw {
    struct om_surface rt[OM_MAX_TARGETS];
    struct om_surface ds;
    float blend_factor[4];     /* BLEND_FACTOR / INV_BLEND_FACTOR (clamped per target) */
    uint32_t stencil_ref;      /* the low stencil bits are used */
    /* Multisampling (om_ms.c): samples per pixel of every bound surface (0 or 1: one, the
     * planes unused), and the sample mask (D3D11 OMSetBlendState SampleMask, D3D9
     * D3DRS_MULTISAMPLEMASK): bit s clear = sample s is neither tested nor written (the
     * OMSetBlendState page: "determines which samples get updated in all the active render
     * targets"; ANDed with the coverage). */
    uint32_t samples;
    uint32_t sample_mask;
};

/* ---- Per batch ------------------------------------------------------------------------------ */

struct om_batch {
    uint32_t count;            /* quads, 1..OM_MAX_QUADS (more are ignored) */
    const uint16_t *x, *y;     /* top-left pixel of each quad */
    const float *z;            /* depth of each lane (contract above); NULL: none (depth test
                                * then behaves as if z were 0; supply it when testing) */
    /* Shader colour per target and component, one value a lane (count * 4 values each).
     * color[t][0] NULL: the shader writes nothing to target t (spec 16.9.1: untouched);
     * another NULL component reads as 0. */
    const float *color[OM_MAX_TARGETS][4];
    bool front_facing;         /* selects the front or back stencil state */
};

/* Lanes of `batch` that lie inside every bound surface: pixels outside are never read,
 * written or counted (a defence against hostile coordinates; the rasterizer never makes
 * them). */
uint32_t om_valid_mask(const struct om_draw *draw, const struct om_batch *batch);

/* Lanes of `batch` inside one surface (every lane when it is not bound, data == NULL). */
uint32_t om_surface_mask(const struct om_surface *surface, const struct om_batch *batch);

/* Depth/stencil test and update for the lanes in `mask` (om_depth.c).  Returns the lanes that
 * passed both tests.  Usable before the pixel shader (early) or after it (late). */
uint32_t om_depth_stencil(const struct om_state *state, const struct om_draw *draw,
                          const struct om_batch *batch, uint32_t mask);

/* Blend and write every target for the lanes in `mask` (om_blend.c). */
void om_color(const struct om_state *state, const struct om_draw *draw,
              const struct om_batch *batch, uint32_t mask);

/* The plain-C references of the two above (om_depth.c, om_blend.c).  om_depth_stencil and
 * om_color take the fast paths of om_fast.c where the state allows (state->fast_depth,
 * rt[].fast) and these otherwise; both give the same bits (tests/test_fastpath.c). */
uint32_t om_depth_stencil_ref(const struct om_state *state, const struct om_draw *draw,
                              const struct om_batch *batch, uint32_t mask);
void om_color_ref(const struct om_state *state, const struct om_draw *draw,
                  const struct om_batch *batch, uint32_t mask);

/* The late path: coverage & om_valid_mask -> om_depth_stencil -> om_color.  Returns the lanes
 * that passed (what an occlusion query counts, spec 16.12.2). */
uint32_t om_process(const struct om_state *state, const struct om_draw *draw,
                    const struct om_batch *batch, uint32_t coverage);

/* The multisampled late path (om_ms.c), om_draw.samples >= 2: for each sample s whose bit is
 * set in draw->sample_mask, the lanes of cover[s] & coverage go through om_process against
 * sample plane s of every surface, with depth z[s] (NULL: the shader's depth, batch->z, for
 * every sample: a program run once per pixel writes one oDepth for all its samples).  The colour is the batch's for every sample
 * (pixel-frequency shading).  Returns the number of samples that passed (occlusion queries
 * count samples, spec 16.12.2). */
uint32_t om_process_ms(const struct om_state *state, const struct om_draw *draw,
                       const struct om_batch *batch, uint32_t coverage, const uint32_t *cover,
                       const float *const *z);

/* The multisampled early path (om_ms.c), om_draw.samples >= 2, in two halves.
 * om_depth_stencil_ms: for each sample s set in draw->sample_mask, the depth/stencil test and
 * update of the lanes of cover[s] against sample plane s of the depth-stencil surface, with
 * depth z[s] (NULL: batch->z for every sample); passed[s] receives the lanes that passed
 * (0 for the samples not tested), and the result is their union.  om_color_ms: the blend and
 * writes of every target for the lanes of cover[s] at plane s, each sample in the mask. */
uint32_t om_depth_stencil_ms(const struct om_state *state, const struct om_draw *draw,
                             const struct om_batch *batch, const uint32_t *cover,
                             const float *const *z, uint32_t *passed);
void om_color_ms(const struct om_state *state, const struct om_draw *draw,
                 const struct om_batch *batch, const uint32_t *cover);

/* ---- Constant-colour rectangles (om_fast.c) -------------------------------------------------- */

/* Can a rectangle of pixels that all receive the same shader colours skip the per-pixel path?
 * Yes when depth and stencil neither test nor write, and every target the shader writes
 * (bit t of `targets`) is a fast target (4 x 8-bit UNORM/sRGB, written whole) without blending
 * and without kept (X8) bits: then each pixel's new value is the encoded colour, whatever it
 * held before. */
bool om_fill_possible(const struct om_state *state, uint32_t targets);

/* Writes the encoded color[t] (NULL: target t untouched) into every pixel of [x0, x1) x
 * [y0, y1) inside each bound surface -- the bytes om_process would write for those pixels
 * given that colour in every lane, when om_fill_possible held for the state. */
void om_fill_rect(const struct om_state *state, const struct om_draw *draw, int32_t x0,
                  int32_t y0, int32_t x1, int32_t y1, const float *const color[OM_MAX_TARGETS]);

/* ---- Helpers -------------------------------------------------------------------------------- */

/* Per-quad 4-bit masks (raster_quad_batch.mask) -> one lane mask. */
uint32_t om_coverage_from_quads(const uint8_t *quad_mask, uint32_t count);


/* The _SRGB twin of a UNORM colour format (R8G8B8A8, B8G8R8A8, B8G8R8X8), itself for an
 * _SRGB format, 0 when there is none.  For D3D9's SRGBWRITEENABLE. */
core_format om_format_srgb_twin(core_format f);

/* min / max of spec 3.1.3.2 (blend ops MIN/MAX follow the shader instructions, 17.1): a NaN
 * operand yields the other one; min(-0, +0) = -0, max(-0, +0) = +0.  Equal values (only +0 / -0
 * can differ in bits) resolve by sign: min takes -0, max takes +0 -- the IEEE 754R choice the
 * spec recommends, made independent of the operand order.  Inline: the pixel stage calls them
 * per pixel. */
static inline uint32_t om_fbits_(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static inline float om_bitsf_(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* (selects, not branches: draw_shade's depth clamp over a batch's lanes vectorises) */
static inline float om_fmin(float a, float b)
{
    float r = util_fsel(a < b, a, util_fsel(b < a, b, om_bitsf_(om_fbits_(a) | om_fbits_(b))));
    r = util_fsel(b != b, a, r);
    return util_fsel(a != a, b, r);
}

static inline float om_fmax(float a, float b)
{
    float r = util_fsel(a > b, a, util_fsel(b > a, b, om_bitsf_(om_fbits_(a) & om_fbits_(b))));
    r = util_fsel(b != b, a, r);
    return util_fsel(a != a, b, r);
}

/* Spec 17.10: min(max_depth, max(min_depth, z)) with the 3.1.3.2 min/max rules (a NaN operand
 * yields the other one): NaN -> min_depth. */
static inline float om_depth_clamp(float z, float min_depth, float max_depth)
{
    return om_fmin(max_depth, om_fmax(min_depth, z));
}

#endif
