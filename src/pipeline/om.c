/* src/pipeline/om.c — output merger glue: key hashing, state compilation, the late path and
 * the small helpers (see om.h for the contract; om_depth.c and om_blend.c hold the two
 * halves of the work).
 *
 * State compilation derives, once per key, everything the per-batch code would otherwise
 * look up per pixel (softpipe habit, STYLE.md): the depth-stencil layout (bit positions of
 * depth and stencil inside a pixel, from texel.h's channel table), the effective enables
 * (spec 17.9: DepthEnable false = no test and no write; 17.11/17.12: a format without depth or
 * stencil bits passes that test), and per target the clamp range of the blender's inputs
 * (spec 17.5) and the bits the write mask lets through (17.15).
 */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include "pipeline/om.h"
#include "pipeline/om_priv.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "pipeline/raster.h"
#include "sample/texel.h"

_Static_assert(sizeof(struct om_target_key) == 16 && offsetof(struct om_key, rt) == 20 &&
                   sizeof(struct om_key) == 20 + OM_MAX_TARGETS * 16,
               "om_key must have no padding (it is hashed)");
_Static_assert(RASTER_BATCH_QUADS <= OM_MAX_QUADS, "a raster batch must fit one OM batch");

uint32_t om_key_hash(const struct om_key *key)
{
    const uint8_t *p = (const uint8_t *)key;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < sizeof *key; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

bool om_key_equal(const struct om_key *a, const struct om_key *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static bool valid_cmp(unsigned v)
{
    return v >= OM_CMP_NEVER && v <= OM_CMP_ALWAYS;
}

static bool valid_sop(unsigned v)
{
    return v >= OM_STENCIL_KEEP && v <= OM_STENCIL_DECR;
}

static bool valid_blend(unsigned v)
{
    return (v >= OM_BLEND_ZERO && v <= OM_BLEND_SRC_ALPHA_SAT) || v == OM_BLEND_BLEND_FACTOR ||
           v == OM_BLEND_INV_BLEND_FACTOR || (v >= OM_BLEND_SRC1_COLOR && v <= OM_BLEND_INV_SRC1_ALPHA);
}

static bool valid_bop(unsigned v)
{
    return v >= OM_BLEND_OP_ADD && v <= OM_BLEND_OP_MAX;
}

static bool valid_face(const struct om_stencil_face *f)
{
    return valid_cmp(f->func) && valid_sop(f->fail_op) && valid_sop(f->depth_fail_op) &&
           valid_sop(f->pass_op);
}

/* Depth-stencil layout from the texel table: channel 0 is depth, channel 1 stencil. */
static bool init_ds(struct om_state *st, core_format f)
{
    const core_format_desc *d = core_format_get(f);
    const struct texel_format *t = texel_format_get(f);
    if (!d || !t || d->kind != CORE_FMT_DEPTH || d->block_width != 1 || d->block_height != 1 ||
        d->block_bytes == 0 || d->block_bytes > 8)
        return false;
    st->ds_bytes = d->block_bytes;
    const struct texel_channel *dc = &t->ch[0], *sc = &t->ch[1];
    switch (dc->type) {
    case TEXEL_NONE: st->depth_kind = OM_DEPTH_NONE; break;
    case TEXEL_UNORM: st->depth_kind = OM_DEPTH_UNORM; break;
    case TEXEL_FLOAT:
        if (dc->bits == 32)
            st->depth_kind = OM_DEPTH_FLOAT32;
        else if (dc->bits == 24)
            st->depth_kind = OM_DEPTH_FLOAT24;
        else
            return false;
        break;
    default: return false;
    }
    if (dc->type && (dc->bits == 0 || dc->bits > 32 || dc->shift + dc->bits > 64))
        return false;
    if (sc->type && (sc->type != TEXEL_UINT || sc->bits == 0 || sc->bits > 8 ||
                     sc->shift + sc->bits > 64))
        return false;
    st->depth_shift = dc->shift;
    st->depth_bits = dc->type ? dc->bits : 0;
    st->stencil_shift = sc->shift;
    st->stencil_bits = sc->type ? sc->bits : 0;
    return true;
}

/* The range a channel of type `type` clamps the blender's inputs to (spec 17.5). */
static void type_range(unsigned type, float *lo, float *hi)
{
    switch (type) {
    case TEXEL_SNORM: *lo = -1.0f; *hi = 1.0f; break;
    /* R10G10B10_XR_BIAS: (v - 384) / 510 for v in [0, 1023] */
    case TEXEL_XR_BIAS: *lo = -384.0f / 510.0f; *hi = 639.0f / 510.0f; break;
    default: *lo = 0.0f; *hi = 1.0f; break;   /* UNORM, SRGB */
    }
}

static bool init_rt(struct om_target_state *ts, const struct om_target_key *k)
{
    memset(ts, 0, sizeof *ts);
    if (k->blend_enable &&
        !(valid_blend(k->src_color) && valid_blend(k->dst_color) && valid_bop(k->op_color) &&
          valid_blend(k->src_alpha) && valid_blend(k->dst_alpha) && valid_bop(k->op_alpha)))
        return false;
    if (k->write_mask & ~OM_WRITE_ALL)
        return false;
    if (k->logic_op > OM_LOGIC_OP_OR_INVERTED || k->reserved[0] || k->reserved[1] ||
        k->reserved[2])
        return false;
    if (!k->format)
        return true;
    const core_format_desc *d = core_format_get(k->format);
    const struct texel_format *t = texel_format_get(k->format);
    if (!d || !t || d->depth || d->stencil || d->compressed || d->planar ||
        d->block_width != 1 || d->block_height != 1 || d->block_bytes > 16 ||
        t->store != texel_store_generic || !t->present)
        return false;
    bool any_int = false, any_float = false, all_int = true;
    for (int c = 0; c < 4; c++) {
        unsigned type = t->ch[c].type;
        if (!type)
            continue;
        bool is_int = type == TEXEL_UINT || type == TEXEL_SINT;
        any_int |= is_int;
        all_int &= is_int;
        any_float |= type == TEXEL_FLOAT;
    }
    if (any_int && !all_int)
        return false;
    ts->fmt = t;
    ts->bytes = d->block_bytes;
    ts->kind = any_int ? OM_RT_INT : any_float ? OM_RT_FLOAT : OM_RT_NORM;
    ts->blend = k->blend_enable && ts->kind != OM_RT_INT;
    ts->logic_op = ts->kind == OM_RT_INT ? k->logic_op : 0;
    {
        const uint8_t f[4] = { k->src_color, k->dst_color, k->src_alpha, k->dst_alpha };
        for (int j = 0; ts->blend && j < 4; j++)
            if (f[j] >= OM_BLEND_SRC1_COLOR && f[j] <= OM_BLEND_INV_SRC1_ALPHA)
                ts->dual_source = true;
    }
    ts->full_write = (t->present & ~k->write_mask) == 0;
    /* Present channels clamp to their own range; missing ones to the narrowest range of the
     * present ones (17.5: "Components not present in the format must be clamped to the
     * minimum range of all the components that are present"). */
    float mlo = -INFINITY, mhi = INFINITY;
    for (int c = 0; c < 4; c++) {
        if (!t->ch[c].type)
            continue;
        type_range(t->ch[c].type, &ts->lo[c], &ts->hi[c]);
        mlo = fmaxf(mlo, ts->lo[c]);
        mhi = fminf(mhi, ts->hi[c]);
    }
    for (int c = 0; c < 4; c++) {
        if (!t->ch[c].type) {
            ts->lo[c] = mlo;
            ts->hi[c] = mhi;
        }
        ts->clamp_fast[c] = om_clamp_fast_ok(ts->lo[c], ts->hi[c]);
    }
    /* Bits of the pixel that the write mask lets through. */
    for (int c = 0; c < 4; c++) {
        const struct texel_channel *ch = &t->ch[c];
        if (!ch->type || !(k->write_mask & (1u << c)))
            continue;
        for (unsigned b = ch->shift; b < (unsigned)ch->shift + ch->bits && b < 128; b++)
            ts->write_bits[b / 8] |= (uint8_t)(1u << (b % 8));
    }
    if (!(t->present & k->write_mask))
        ts->kind = OM_RT_NONE;   /* nothing to write: the target is skipped entirely */
    om_fast_init_target(ts);
    return true;
}

bool om_state_init(struct om_state *st, const struct om_key *key)
{
    memset(st, 0, sizeof *st);
    st->key = *key;
    if (key->reserved[0] || key->reserved[1])
        return false;
    if (key->depth_enable && !valid_cmp(key->depth_func))
        return false;
    if (key->stencil_enable && !(valid_face(&key->front) && valid_face(&key->back)))
        return false;
    if (key->ds_format && !init_ds(st, key->ds_format))
        return false;
    st->depth_test = key->depth_enable && st->depth_kind != OM_DEPTH_NONE;
    st->depth_write = st->depth_test && key->depth_write;
    st->stencil_test = key->stencil_enable && st->stencil_bits;
    st->stencil_write =
        st->stencil_test && (key->stencil_write_mask & ((1u << st->stencil_bits) - 1u));
    om_fast_init_depth(st);
    for (int i = 0; i < OM_MAX_TARGETS; i++) {
        if (!init_rt(&st->rt[i], &key->rt[i]))
            return false;
        st->any_color |= st->rt[i].kind != OM_RT_NONE;
    }
    return true;
}

/* Lanes of the batch inside `s` (all of them when s is not bound).  A quad whose bottom-right
 * pixel is inside is inside whole (x, y are unsigned): the common case costs one test. */
static uint32_t surface_mask(const struct om_surface *s, const struct om_batch *b)
{
    uint32_t count = b->count < OM_MAX_QUADS ? b->count : OM_MAX_QUADS, m = 0;
    if (!s->data)
        return count >= 8 ? 0xffffffffu : (1u << (4 * count)) - 1u;
    for (uint32_t q = 0; q < count; q++) {
        uint32_t x = b->x[q], y = b->y[q], qm = 0;
        if (x + 1 < s->width && y + 1 < s->height) {
            qm = 0xf;
        } else {
            for (uint32_t p = 0; p < 4; p++)
                if (x + (p & 1) < s->width && y + (p >> 1) < s->height)
                    qm |= 1u << p;
        }
        m |= qm << (4 * q);
    }
    return m;
}

uint32_t om_valid_mask(const struct om_draw *draw, const struct om_batch *batch)
{
    /* inside every bound surface = inside the smallest extent of them all (one pass) */
    struct om_surface all = { NULL, 0, UINT32_MAX, UINT32_MAX, 0 };
    for (int i = 0; i <= OM_MAX_TARGETS; i++) {
        const struct om_surface *s = i < OM_MAX_TARGETS ? &draw->rt[i] : &draw->ds;
        if (!s->data)
            continue;
        all.data = s->data;
        if (s->width < all.width)
            all.width = s->width;
        if (s->height < all.height)
            all.height = s->height;
    }
    return surface_mask(&all, batch);
}

uint32_t om_surface_mask(const struct om_surface *s, const struct om_batch *b)
{
    return surface_mask(s, b);
}

uint32_t om_process(const struct om_state *state, const struct om_draw *draw,
                    const struct om_batch *batch, uint32_t coverage)
{
    uint32_t count = batch->count < OM_MAX_QUADS ? batch->count : OM_MAX_QUADS;
    uint32_t lanes = count >= 8 ? 0xffffffffu : (1u << (4 * count)) - 1u;
    uint32_t mask = coverage & lanes & om_valid_mask(draw, batch);
    if (!mask)
        return 0;
    /* mask lies inside the lanes and every bound surface: the callees need not re-check */
    uint32_t pass = om_depth_stencil_premasked(state, draw, batch, mask);
    if (pass && state->any_color)
        om_color_premasked(state, draw, batch, pass);
    return pass;
}

uint32_t om_coverage_from_quads(const uint8_t *quad_mask, uint32_t count)
{
    uint32_t m = 0;
    if (count > OM_MAX_QUADS)
        count = OM_MAX_QUADS;
    for (uint32_t q = 0; q < count; q++)
        m |= (uint32_t)(quad_mask[q] & 15u) << (4 * q);
    return m;
}

core_format om_format_srgb_twin(core_format f)
{
    switch (f) {
    case 28: case 29: return 29;   /* R8G8B8A8_UNORM(_SRGB) */
    case 87: case 91: return 91;   /* B8G8R8A8_UNORM(_SRGB) */
    case 88: case 93: return 93;   /* B8G8R8X8_UNORM(_SRGB) */
    default: return 0;
    }
}
