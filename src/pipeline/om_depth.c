/* src/pipeline/om_depth.c — depth/stencil test and update (om.h; spec 17.8-17.13).
 *
 * One call handles a batch of up to OM_MAX_QUADS quads, structure-of-arrays (DESIGN.md
 * principle 6): the stored pixels of the lanes in the mask are read once, the incoming depth
 * is quantized for every lane, the comparisons run as branch-free loops over the lanes (the
 * comparison function is switched on once per batch, not per pixel), then each lane's stencil
 * op and depth write are applied and the pixel written back only if it changed.
 *
 * A depth-stencil pixel is 1, 2, 4 or 8 bytes, read as one little-endian integer; depth and
 * stencil are bit fields of it at the positions texel_load.c's table gives (D24_UNORM_S8_UINT:
 * depth bits 0-23, stencil 24-31; D32_FLOAT_S8X24_UINT: float bits 0-31, stencil 32-39;
 * D15S1: 0-14 and 15; D24X4S4: 0-23 and 24-27; S8_LOCKABLE: stencil 0-7).  Bits of neither
 * field (the X8 of D24X8, the X24 of D32_FLOAT_S8X24) are never changed.
 *
 * Order of evaluation per pixel (the classic pipeline the spec's 17.12 defers to):
 *   spass = stencil test (true when stencil is not tested)
 *   dpass = spass && depth test (true when depth is not tested)
 *   stencil op = !spass ? fail_op : !dpass ? depth_fail_op : pass_op   (of the pixel's face)
 *   depth written when dpass and writes are enabled
 * The returned mask is dpass: the pixels that go on to the blender and the occlusion count.
 */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include "pipeline/om.h"

#include <string.h>

#include "sample/texel.h"

#define LANES (4 * OM_MAX_QUADS)

static uint64_t rd_le(const uint8_t *p, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = bytes; i-- > 0;)
        v = (v << 8) | p[i];
    return v;
}

static void wr_le(uint8_t *p, unsigned bytes, uint64_t v)
{
    for (unsigned i = 0; i < bytes; i++, v >>= 8)
        p[i] = (uint8_t)v;
}

static uint64_t field_mask(unsigned bits)
{
    return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

/* Lanes i < n where a[i] FUNC b[i].  One loop per function, so the compiler can vectorise each
 * and no lane branches on the function. */
#define CMP_LOOP(OP)                                                                          \
    for (unsigned i = 0; i < n; i++)                                                          \
        m |= (uint32_t)(a[i] OP b[i]) << i;                                                   \
    break
#define CMP_FN(T)                                                                             \
    static uint32_t cmp_##T(unsigned func, const T *a, const T *b, unsigned n)                \
    {                                                                                         \
        uint32_t m = 0;                                                                       \
        switch (func) {                                                                       \
        case OM_CMP_NEVER: break;                                                             \
        case OM_CMP_LESS: CMP_LOOP(<);                                                        \
        case OM_CMP_EQUAL: CMP_LOOP(==);                                                      \
        case OM_CMP_LESS_EQUAL: CMP_LOOP(<=);                                                 \
        case OM_CMP_GREATER: CMP_LOOP(>);                                                     \
        case OM_CMP_NOT_EQUAL: CMP_LOOP(!=);                                                  \
        case OM_CMP_GREATER_EQUAL: CMP_LOOP(>=);                                              \
        default: m = n >= 32 ? 0xffffffffu : (1u << n) - 1; break;   /* ALWAYS */             \
        }                                                                                     \
        return m;                                                                             \
    }

typedef float f32;
CMP_FN(uint32_t)
CMP_FN(f32)   /* 3.1.3.1: NaN makes every comparison false except NOT_EQUAL (true) */

/* The stencil op applied to value s of an n-bit stencil (max = 2^n - 1); ref is already
 * limited to n bits. */
static uint32_t stencil_op(unsigned op, uint32_t s, uint32_t ref, uint32_t max)
{
    switch (op) {
    case OM_STENCIL_ZERO: return 0;
    case OM_STENCIL_REPLACE: return ref;
    case OM_STENCIL_INCR_SAT: return s < max ? s + 1 : max;
    case OM_STENCIL_DECR_SAT: return s > 0 ? s - 1 : 0;
    case OM_STENCIL_INVERT: return ~s & max;
    case OM_STENCIL_INCR: return (s + 1) & max;
    case OM_STENCIL_DECR: return (s - 1) & max;
    default: return s;   /* KEEP */
    }
}

uint32_t om_depth_stencil_ref(const struct om_state *st, const struct om_draw *draw,
                              const struct om_batch *batch, uint32_t mask)
{
    const struct om_surface *ds = &draw->ds;
    /* No surface, or neither test applies: everything passes (17.9, 17.11, 17.12). */
    if (!ds->data || st->ds_bytes == 0 || (!st->depth_test && !st->stencil_test))
        return mask;
    uint32_t count = batch->count < OM_MAX_QUADS ? batch->count : OM_MAX_QUADS;
    unsigned n = 4 * count;
    mask &= om_surface_mask(ds, batch) & (n >= 32 ? 0xffffffffu : (1u << n) - 1u);
    if (!mask)
        return 0;

    uint8_t *px[LANES];
    uint64_t raw[LANES];
    uint32_t sval[LANES];   /* stored stencil */
    for (unsigned i = 0; i < n; i++) {
        px[i] = NULL;
        raw[i] = 0;
        sval[i] = 0;
        if (!(mask >> i & 1))
            continue;
        uint32_t x = (uint32_t)batch->x[i / 4] + (i & 1);
        uint32_t y = (uint32_t)batch->y[i / 4] + ((i >> 1) & 1);
        px[i] = ds->data + (size_t)y * ds->row_pitch + (size_t)x * st->ds_bytes;
        raw[i] = rd_le(px[i], st->ds_bytes);
    }

    /* Stencil test: (ref & read_mask) FUNC (stored & read_mask). */
    const struct om_key *k = &st->key;
    const struct om_stencil_face *face = batch->front_facing ? &k->front : &k->back;
    uint32_t smax = (uint32_t)field_mask(st->stencil_bits);
    uint32_t ref = draw->stencil_ref & smax;
    uint32_t spass = mask;
    if (st->stencil_test) {
        uint32_t a[LANES], b[LANES];
        for (unsigned i = 0; i < n; i++) {
            sval[i] = (uint32_t)(raw[i] >> st->stencil_shift) & smax;
            a[i] = ref & k->stencil_read_mask;
            b[i] = sval[i] & k->stencil_read_mask;
        }
        spass = cmp_uint32_t(face->func, a, b, n) & mask;
    }

    /* Depth test on the quantized incoming value (17.11). */
    uint32_t dq[LANES];   /* quantized incoming depth: UNORM/20e4 integer, or float32 bits */
    uint32_t dpass = spass;
    uint64_t dmask = field_mask(st->depth_bits);
    if (st->depth_test) {
        for (unsigned i = 0; i < n; i++) {
            float z = batch->z ? batch->z[i] : 0.0f;
            switch (st->depth_kind) {
            case OM_DEPTH_UNORM: dq[i] = texel_float_to_unorm(z, st->depth_bits); break;
            case OM_DEPTH_FLOAT24:
                dq[i] = texel_float_to_small_float(z, 4, 20, 15, false, false);
                break;
            default:
                if (z != z)
                    z = 0.0f;   /* NaN despite the contract: as the clamp to MinDepth 0 */
                memcpy(&dq[i], &z, sizeof z);
                break;
            }
        }
        uint32_t stored[LANES];
        for (unsigned i = 0; i < n; i++)
            stored[i] = (uint32_t)((raw[i] >> st->depth_shift) & dmask);
        if (st->depth_kind == OM_DEPTH_FLOAT32) {
            float a[LANES], b[LANES];
            memcpy(a, dq, sizeof(float) * n);
            memcpy(b, stored, sizeof(float) * n);
            dpass &= cmp_f32(k->depth_func, a, b, n);
        } else {
            dpass &= cmp_uint32_t(k->depth_func, dq, stored, n);
        }
    }

    /* Updates. */
    if (!st->stencil_write && !st->depth_write)
        return dpass;
    uint32_t wmask = k->stencil_write_mask & smax;
    for (unsigned i = 0; i < n; i++) {
        if (!(mask >> i & 1))
            continue;
        uint64_t v = raw[i];
        if (st->stencil_write) {
            unsigned op = !(spass >> i & 1)   ? face->fail_op
                          : !(dpass >> i & 1) ? face->depth_fail_op
                                              : face->pass_op;
            uint32_t s = (sval[i] & ~wmask) | (stencil_op(op, sval[i], ref, smax) & wmask);
            v = (v & ~((uint64_t)smax << st->stencil_shift)) | (uint64_t)s << st->stencil_shift;
        }
        if (st->depth_write && (dpass >> i & 1))
            v = (v & ~(dmask << st->depth_shift)) | ((uint64_t)dq[i] & dmask) << st->depth_shift;
        if (v != raw[i])
            wr_le(px[i], st->ds_bytes, v);
    }
    return dpass;
}
