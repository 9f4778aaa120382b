/* src/sample/texel_tiled.c — texels of tiled resources (see texel_tiled.h for the rules).
 *
 * Status feedback, derived.  CheckAccessFullyMapped must be false exactly when some texel with
 * a non-zero weight in the filter lay on a NULL tile (seed 001).  Let N(t) = 1 for a texel on a
 * NULL tile and 0 otherwise.  The sampler's MAXIMUM reduction returns the maximum over exactly
 * the texels with a non-zero weight — of every tap, every probe along the line of anisotropy,
 * and both mip levels when the second one has a non-zero weight (sampler.c: reduce_minmax,
 * combine, sample_level).  So a second pass of the same sampler with reduction MAXIMUM, over a
 * view whose texels read N(t), returns max N = 1 if and only if such a texel was on a NULL tile.
 * The pass uses the same coordinates, derivatives, LOD, clamp and address modes, hence the same
 * footprint and weights; border texels are not memory, read the (zero) border colour and do not
 * count.  It costs a second filter pass, only for the *_s instructions that ask for status.
 */
#include "sample/texel_tiled.h"

#include <math.h>
#include <string.h>

#define TEXEL_TILED_PROBE_FORMAT ((core_format)41)   /* DXGI_FORMAT_R32_FLOAT */

void texel_tiled_fetch(const struct texel_tiled *tt, const struct texel_format *f,
                       unsigned level, uint32_t x, uint32_t y, float out[4])
{
    const core_tiled *r = tt->res;
    const uint8_t *p = core_tiled_element(r, tt->first_mip + level, tt->first_slice,
                                          x / f->block_w, y / f->block_h);
    if (tt->probe) {
        out[0] = p ? 0.0f : 1.0f;
        out[1] = out[2] = 0.0f;
        out[3] = 1.0f;
        return;
    }
    if (!p) {
        /* seed 001: 0 in the format's components, spec 19.1.3.3 defaults for the others */
        out[0] = out[1] = out[2] = 0.0f;
        out[3] = (f->present & 8) ? 0.0f : 1.0f;
        return;
    }
    f->load(f, p, x % f->block_w, y % f->block_h, out);
}

bool texel_tiled_view_init(struct texture_view *t, const struct texel_tiled *tt,
                           core_format format, unsigned levels)
{
    const core_tiled *r = tt->res;
    memset(t, 0, sizeof(*t));
    t->format = format;
    t->dim = TEXTURE_DIM_2D;
    t->levels = levels;
    t->tiled = tt;
    if (!levels || levels > TEXTURE_MAX_LEVELS || tt->first_mip + levels > r->layout.mips ||
        tt->first_slice >= r->layout.array_size)
        return false;
    for (unsigned k = 0; k < levels; k++) {
        t->level[k].width = core_tiled_mip_width(r, tt->first_mip + k);
        t->level[k].height = core_tiled_mip_height(r, tt->first_mip + k);
        t->level[k].depth = 1;
    }
    if (!texture_view_init(t))
        return false;
    if (t->texel->block_bytes != r->block_bytes || t->texel->block_w != r->block_w ||
        t->texel->block_h != r->block_h) {
        t->texel = NULL;
        return false;
    }
    return true;
}

/* The residency-probe copies of a sampler and a view (top comment). */
static void probe_of(const struct sampler *s, const struct texture_view *t,
                     struct sampler *ps, struct texture_view *pt, struct texel_tiled *ptt)
{
    *ps = *s;
    ps->state.reduction = SAMPLER_REDUCTION_MAXIMUM;
    memset(ps->state.border_color, 0, sizeof(ps->state.border_color));
    ps->fast2d = false;
    *ptt = *t->tiled;
    ptt->probe = true;
    *pt = *t;
    pt->tiled = ptt;
    pt->d3d9_defaults = false;
    pt->format = TEXEL_TILED_PROBE_FORMAT;
    pt->texel = texel_format_get(TEXEL_TILED_PROBE_FORMAT);   /* r only: border r reads 0 */
}

/* sampler_sample_ref over lanes `mask` with MinLOD raised to `clamp` (texel_tiled.h). */
static void sample_clamped(const struct sampler *s, const struct texture_view *t,
                           const struct sample_coords *c, float clamp, uint32_t mask, int n,
                           struct float4_soa *out)
{
    struct sampler sc = *s;
    struct sample_coords cc = *c;
    sc.state.min_lod = fmaxf(s->state.min_lod, clamp);   /* NaN clamp: MinLOD unchanged */
    cc.mask = mask;
    sampler_sample_ref(&sc, t, &cc, n, out);
}

static void sample_slice(const struct sampler *s, const struct texture_view *t,
                         const struct sample_coords *c, const float *clamp, int n,
                         struct float4_soa *out, uint32_t *unmapped)
{
    struct sampler ps;
    struct texture_view pt;
    struct texel_tiled ptt;
    struct float4_soa probe;
    const struct sampler *use[2] = { s, &ps };
    const struct texture_view *view[2] = { t, &pt };
    struct float4_soa *dst[2] = { out, &probe };
    int passes = unmapped ? 2 : 1;

    if (n > SAMPLER_LANES)
        n = SAMPLER_LANES;
    if (unmapped) {
        *unmapped = 0;
        probe_of(s, t, &ps, &pt, &ptt);
    }
    for (int p = 0; p < passes; p++) {
        if (!clamp) {
            sampler_sample_ref(use[p], view[p], c, n, dst[p]);
            continue;
        }
        /* The clamp is per lane, MinLOD per sampler: one run per distinct clamp value (a
         * shader's clamp operand is usually uniform, so usually one run). */
        uint32_t todo = c->mask & ((n >= 32 ? 0u : 1u << n) - 1u);
        while (todo) {
            int i = __builtin_ctz(todo);
            uint32_t same = 0;
            for (int k = i; k < n; k++)
                if (((todo >> k) & 1) &&
                    (clamp[k] == clamp[i] || (clamp[k] != clamp[k] && clamp[i] != clamp[i])))
                    same |= 1u << k;
            sample_clamped(use[p], view[p], c, clamp[i], same, n, dst[p]);
            todo &= ~same;
        }
    }
    if (unmapped)
        for (int i = 0; i < n; i++)
            if (((c->mask >> i) & 1) && probe.c[0][i] > 0.0f)
                *unmapped |= 1u << i;
}

/* ---- gather ---------------------------------------------------------------------------------
 * The footprint is bilinear filtering's at level 0 (spec 7.18.6 range reduction, 7.18.8
 * texel-space position - 0.5 in 8-bit fixed point, 7.18.9 addressing), so these few lines
 * follow sampler.c's filter_linear; only 2D views of tiled resources reach them. */

static float reduce(float u, enum sampler_address mode)
{
    if (mode == SAMPLER_ADDRESS_WRAP)
        return u - floorf(u);
    if (mode == SAMPLER_ADDRESS_MIRROR) {
        float h = u * 0.5f;
        return (h - truncf(h)) * 2.0f;
    }
    return u <= -10.0f ? -10.0f : u >= 10.0f ? 10.0f : u;
}

static int address(int64_t t, int n, enum sampler_address mode, bool *border)
{
    if (t >= 0 && t < n)
        return (int)t;
    switch (mode) {
    case SAMPLER_ADDRESS_WRAP:
        t %= n;
        return (int)(t < 0 ? t + n : t);
    case SAMPLER_ADDRESS_MIRROR: {
        if (t < 0)
            t = -t - 1;
        bool flip = (t / n) & 1;
        t %= n;
        return (int)(flip ? n - t - 1 : t);
    }
    case SAMPLER_ADDRESS_MIRROR_ONCE:
        if (t < 0)
            t = -t - 1;
        return (int)(t > n - 1 ? n - 1 : t);
    case SAMPLER_ADDRESS_BORDER:
        *border = true;
        return 0;
    default:
        return t < 0 ? 0 : n - 1;
    }
}

static int64_t texel_floor(float u, enum sampler_address mode, uint32_t n)
{
    float scaled = reduce(u, mode) * (float)n - 0.5f;
    if (scaled != scaled)
        scaled = 0.0f;   /* spec 3.2.4.1: NaN -> 0 */
    double fx = rint((double)scaled * 256.0);
    if (fx < -2147483648.0)
        fx = -2147483648.0;
    if (fx > 2147483647.0)
        fx = 2147483647.0;
    return (int64_t)fx >> 8;
}

static void gather_slice(const struct sampler *s, const struct texture_view *t,
                         const struct sample_coords *c, unsigned channel, bool compare,
                         const int32_t (*offsets)[SAMPLER_LANES], const int8_t imm_offset[2],
                         int n, struct float4_soa *out, uint32_t *unmapped)
{
    static const int order[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
    const struct texture_level *lv = &t->level[0];
    struct texel_tiled probe = *t->tiled;
    probe.probe = true;
    if (unmapped)
        *unmapped = 0;
    for (int i = 0; i < n && i < SAMPLER_LANES; i++) {
        if (!((c->mask >> i) & 1))
            continue;
        int64_t base[2] = { texel_floor(c->u[i], s->state.address_u, lv->width),
                            texel_floor(c->v[i], s->state.address_v, lv->height) };
        for (int a = 0; a < 2; a++)
            base[a] += imm_offset[a] + (offsets ? offsets[a][i] : 0);
        for (int k = 0; k < 4; k++) {
            bool border = false;
            int x = address(base[0] + order[k][0], (int)lv->width, s->state.address_u, &border);
            int y = address(base[1] + order[k][1], (int)lv->height, s->state.address_v, &border);
            float v[4], miss[4];
            if (border) {
                memcpy(v, s->state.border_color, sizeof(v));
            } else {
                texel_tiled_fetch(t->tiled, t->texel, 0, (uint32_t)x, (uint32_t)y, v);
                texel_tiled_fetch(&probe, t->texel, 0, (uint32_t)x, (uint32_t)y, miss);
                if (unmapped && miss[0] > 0.0f)
                    *unmapped |= 1u << i;
            }
            float r = v[channel & 3];
            if (compare) {
                /* gather4_c compares the reference with the texel's red component */
                float ref = c->ref[i];
                bool pass;
                switch (s->state.compare) {
                case SAMPLER_COMPARE_NEVER: pass = false; break;
                case SAMPLER_COMPARE_LESS: pass = ref < v[0]; break;
                case SAMPLER_COMPARE_EQUAL: pass = ref == v[0]; break;
                case SAMPLER_COMPARE_LESS_EQUAL: pass = ref <= v[0]; break;
                case SAMPLER_COMPARE_GREATER: pass = ref > v[0]; break;
                case SAMPLER_COMPARE_NOT_EQUAL: pass = ref != v[0]; break;
                case SAMPLER_COMPARE_GREATER_EQUAL: pass = ref >= v[0]; break;
                default: pass = true; break;
                }
                r = pass ? 1.0f : 0.0f;
            }
            out->c[k][i] = r;
        }
    }
}

bool texel_tiled_load(const struct texture_view *t, int32_t x, int32_t y, int32_t slice,
                      int32_t mip, float out[4], uint32_t raw[4], bool *is_int)
{
    const struct texel_format *f = t->texel;
    const struct texel_tiled *tt = t->tiled;
    const uint8_t *p = NULL;
    uint32_t slices = tt->array_size ? tt->array_size : 1;
    *is_int = false;
    if (!tt->array_size)
        slice = 0;   /* a Texture2D view has no array coordinate */
    /* ld (22.4.7): an out-of-range address, array slice included, reads 0 */
    if (mip >= 0 && (uint32_t)mip < t->levels && x >= 0 && y >= 0 && slice >= 0 &&
        (uint32_t)slice < slices && (uint32_t)x < t->level[mip].width &&
        (uint32_t)y < t->level[mip].height)
        p = core_tiled_element(tt->res, tt->first_mip + (uint32_t)mip,
                               tt->first_slice + (uint32_t)slice, (uint32_t)x / f->block_w,
                               (uint32_t)y / f->block_h);
    if (!p) {
        /* NULL tile (seed 001) or outside the view (22.4.7): 0, alpha default 1 if absent */
        out[0] = out[1] = out[2] = 0.0f;
        out[3] = (f->present & 8) ? 0.0f : 1.0f;
        memset(raw, 0, 4 * sizeof(uint32_t));
        if (f->integer) {
            *is_int = true;
            raw[3] = (f->present & 8) ? 0u : 1u;
        }
        return false;
    }
    if (f->integer && texel_load_int(f, p, (uint32_t)x % f->block_w, (uint32_t)y % f->block_h,
                                     raw)) {
        *is_int = true;
        return true;
    }
    f->load(f, p, (uint32_t)x % f->block_w, (uint32_t)y % f->block_h, out);
    return true;
}

/* ---- array views: lanes grouped by slice ------------------------------------------------------ */

/* The array slice of coordinate w (the spec's array-index rule: round to nearest even, clamp to
 * [0, n - 1]; NaN reads slice 0). */
static uint32_t array_slice(float w, uint32_t n)
{
    float r = rintf(w);
    if (!(r > 0.0f))
        return 0;
    return r >= (float)(n - 1) ? n - 1 : (uint32_t)r;
}

/* Runs `one` once per distinct slice among the active lanes, on a copy of the view whose page
 * table reference starts at that slice (no other field differs), with the lanes of that slice. */
#define FOR_EACH_SLICE(t, c, n, body)                                                          \
    do {                                                                                       \
        const struct texel_tiled *tt_ = (t)->tiled;                                            \
        uint32_t todo_ = (c)->mask & ((n) >= 32 ? ~0u : (1u << (n)) - 1u);                     \
        while (todo_) {                                                                        \
            int i_ = __builtin_ctz(todo_);                                                     \
            uint32_t sl_ = array_slice((c)->w[i_], tt_->array_size), same_ = 0;                 \
            for (int k_ = i_; k_ < (n); k_++)                                                  \
                if (((todo_ >> k_) & 1) && array_slice((c)->w[k_], tt_->array_size) == sl_)    \
                    same_ |= 1u << k_;                                                         \
            struct texel_tiled stt = *tt_;                                                     \
            struct texture_view sv = *(t);                                                     \
            struct sample_coords sc = *(c);                                                    \
            stt.first_slice += sl_;                                                            \
            stt.array_size = 0;                                                                \
            sv.tiled = &stt;                                                                   \
            sc.mask = same_;                                                                   \
            body;                                                                              \
            todo_ &= ~same_;                                                                   \
        }                                                                                      \
    } while (0)

void texel_tiled_sample(const struct sampler *s, const struct texture_view *t,
                        const struct sample_coords *c, const float *clamp, int n,
                        struct float4_soa *out, uint32_t *unmapped)
{
    if (n > SAMPLER_LANES)
        n = SAMPLER_LANES;
    if (!t->tiled->array_size) {
        sample_slice(s, t, c, clamp, n, out, unmapped);
        return;
    }
    if (unmapped)
        *unmapped = 0;
    FOR_EACH_SLICE(t, c, n, {
        uint32_t um = 0;
        sample_slice(s, &sv, &sc, clamp, n, out, unmapped ? &um : NULL);
        if (unmapped)
            *unmapped |= um;
    });
}

void texel_tiled_gather(const struct sampler *s, const struct texture_view *t,
                        const struct sample_coords *c, unsigned channel, bool compare,
                        const int32_t (*offsets)[SAMPLER_LANES], const int8_t imm_offset[2],
                        int n, struct float4_soa *out, uint32_t *unmapped)
{
    if (n > SAMPLER_LANES)
        n = SAMPLER_LANES;
    if (!t->tiled->array_size) {
        gather_slice(s, t, c, channel, compare, offsets, imm_offset, n, out, unmapped);
        return;
    }
    if (unmapped)
        *unmapped = 0;
    FOR_EACH_SLICE(t, c, n, {
        uint32_t um = 0;
        gather_slice(s, &sv, &sc, channel, compare, offsets, imm_offset, n, out,
                     unmapped ? &um : NULL);
        if (unmapped)
            *unmapped |= um;
    });
}
