/* src/pipeline/raster_tile.c — coverage inside one tile, on a worker thread.
 *
 * Triangles: hierarchical, 64 -> 16 -> 4 (DESIGN.md "The pipeline, one draw", step 7).
 *   A block (any pixel rectangle) is classified against each edge by the edge's smallest and
 *   largest biased value over the block's pixel centres.  E is linear, so those are at two of
 *   the four corner centres: with w = block width - 1, h = height - 1 (in pixels),
 *       Emax = E(x0, y0) + max(0, ex w) + max(0, ey h),   Emin = ... min(0, ...) ...
 *   Emax < 0 for some edge: no centre inside (trivial reject).  Emin >= 0 for all three: every
 *   centre inside (trivial accept, no per-pixel test).  Otherwise descend: the 16x16 blocks of
 *   the tile, then their 4x4 blocks, whose 16 pixels are tested one by one.  The tests are
 *   exact integer comparisons, so the hierarchy changes the speed, never the result.
 *
 * Output: 2x2 quads in a fixed order (16x16 blocks row-major, their 4x4 blocks row-major, the
 * four quads of a 4x4 block row-major), gathered RASTER_BATCH_QUADS at a time.  Inside a 4x4
 * block the 16 coverage bits are kept quad-major (bit 4 q + p, p as in raster.h), so a quad's
 * mask is a 4-bit slice.
 *
 * Per-pixel values are computed from the primitive's planes at the pixel centre directly (no
 * incremental stepping), so they depend on nothing but the primitive and the pixel.
 */
#include "pipeline/raster_priv.h"
#include "util/simd.h"

#include <string.h>

static inline struct raster_rect rect_and(struct raster_rect a, struct raster_rect b)
{
    struct raster_rect r = a;
    if (b.x0 > r.x0) r.x0 = b.x0;
    if (b.y0 > r.y0) r.y0 = b.y0;
    if (b.x1 < r.x1) r.x1 = b.x1;
    if (b.y1 < r.y1) r.y1 = b.y1;
    return r;
}

static inline bool rect_empty(struct raster_rect r)
{
    return r.x0 >= r.x1 || r.y0 >= r.y1;
}

static inline bool rect_eq(struct raster_rect a, struct raster_rect b)
{
    return a.x0 == b.x0 && a.y0 == b.y0 && a.x1 == b.x1 && a.y1 == b.y1;
}

static inline enum raster_cover classify_rect(const struct setup_tri *t, struct raster_rect r)
{
    bool full = true;
    int64_t w = r.x1 - 1 - r.x0, h = r.y1 - 1 - r.y0;
    for (int k = 0; k < 3; k++) {
        int64_t e = setup_tri_edge_at(t, k, r.x0, r.y0);
        int64_t sx = t->ex[k] * w, sy = t->ey[k] * h;
        int64_t emax = e + (sx > 0 ? sx : 0) + (sy > 0 ? sy : 0);
        int64_t emin = e + (sx < 0 ? sx : 0) + (sy < 0 ? sy : 0);
        if (emax < 0)
            return RASTER_COVER_NONE;
        if (emin < 0)
            full = false;
    }
    return full ? RASTER_COVER_FULL : RASTER_COVER_PARTIAL;
}

#if !defined(SOFTD3D_SIMD_TWIN_AVX2)
enum raster_cover raster_classify_rect(const struct setup_tri *t, struct raster_rect r)
{
    return classify_rect(t, r);
}
#endif

/* Coverage of the 16 centres of the 4x4 block at (x, y), quad-major. */
#if defined(SOFTD3D_SIMD_TWIN_AVX2)
#include <immintrin.h>
/* The same sums as the plain loop below (e + ex bx + ey by, 64-bit), four lanes a vector:
 * lanes b = 4g..4g+3 of group g have bx = (0 1 0 1) + 2 (g & 1), by = (0 0 1 1) + 2 (g >> 1),
 * so with X = ex (0 1 0 1), X2 = X + 2 ex, Y = ey (0 0 1 1), Y2 = Y + 2 ey the groups are
 * e + X + Y, e + X2 + Y, e + X + Y2, e + X2 + Y2; a centre is inside when the sum's sign bit is
 * clear. */
static unsigned block4_mask(const struct setup_tri *t, int32_t x, int32_t y)
{
    unsigned out = 0;
    for (int k = 0; k < 3; k++) {
        int64_t e = setup_tri_edge_at(t, k, x, y), ex = t->ex[k], ey = t->ey[k];
        /* The usual case -- a block near the edge of a triangle of the usual size -- in 32-bit
         * lanes, eight a vector: with |e| <= 2^30 and |ex|, |ey| <= 2^27 every sum
         * e + ex bx + ey by (bx, by <= 3) is below 2^30 + 6 2^27 < 2^31 in magnitude, so the
         * int32 sums are the int64 ones and their signs the same bits.  Lanes 0-7 are bits
         * 0-7 (quads 0, 1: rows 0 and 1), lanes 8-15 the same x with y + 2. */
        if ((uint64_t)(e + (1ll << 30)) <= (2ull << 30) &&
            (uint64_t)(ex + (1ll << 27)) <= (2ull << 27) &&
            (uint64_t)(ey + (1ll << 27)) <= (2ull << 27)) {
            const __m256i bx = _mm256_setr_epi32(0, 1, 0, 1, 2, 3, 2, 3);
            const __m256i by = _mm256_setr_epi32(0, 0, 1, 1, 0, 0, 1, 1);
            __m256i vey = _mm256_set1_epi32((int32_t)ey);
            __m256i lo = _mm256_add_epi32(
                _mm256_set1_epi32((int32_t)e),
                _mm256_add_epi32(_mm256_mullo_epi32(_mm256_set1_epi32((int32_t)ex), bx),
                                 _mm256_mullo_epi32(vey, by)));
            __m256i hi = _mm256_add_epi32(lo, _mm256_add_epi32(vey, vey));
            out |= (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(lo)) |
                   (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(hi)) << 8;
            continue;
        }
        __m256i ve = _mm256_set1_epi64x(e);
        __m256i vx = _mm256_setr_epi64x(0, ex, 0, ex), vy = _mm256_setr_epi64x(0, 0, ey, ey);
        __m256i vx2 = _mm256_add_epi64(vx, _mm256_set1_epi64x(2 * ex));
        __m256i vy2 = _mm256_add_epi64(vy, _mm256_set1_epi64x(2 * ey));
        __m256i a = _mm256_add_epi64(ve, vy), b = _mm256_add_epi64(ve, vy2);
        unsigned neg = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_add_epi64(a, vx))) |
                       (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_add_epi64(a, vx2))) << 4 |
                       (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_add_epi64(b, vx))) << 8 |
                       (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_add_epi64(b, vx2))) << 12;
        out |= neg;
    }
    return ~out & 0xffffu;
}
#else
static unsigned block4_mask(const struct setup_tri *t, int32_t x, int32_t y)
{
    unsigned mask = 0xffff;
    for (int k = 0; k < 3; k++) {
        int64_t e = setup_tri_edge_at(t, k, x, y), ex = t->ex[k], ey = t->ey[k];
        unsigned m = 0;
        for (int b = 0; b < 16; b++)
            m |= (unsigned)(e + ex * raster_block_bit_x[b] + ey * raster_block_bit_y[b] >= 0) << b;
        mask &= m;
    }
    return mask;
}
#endif

/* ---- Quad batches --------------------------------------------------------------------------- */


/* Depth, 1/w and the weights of the four pixels of the quad at (x, y), from the planes
 * relative to the snapped v0 (setup.c, 5).  The offset of the quad's first centre from v0 is
 * an exact integer number of subpixels (|.| < 2^28) scaled by 1/256 (exact below 2^24
 * subpixels, i.e. unless v0 lies more than 65536 pixels away); the other three pixels add 0 or
 * 1, and the planes are evaluated in float, four lanes at a time (raster_tri_quad_values). */
static void emit_tri_quad(struct tile_emit *em, const struct setup_tri *t, int32_t x, int32_t y,
                          unsigned mask)
{
    struct raster_quad_batch *b = &em->b;
    unsigned q = b->count;
    float bx = (float)((int64_t)x * 256 + 128 - t->X0) * (1.0f / 256.0f);
    float by = (float)((int64_t)y * 256 + 128 - t->Y0) * (1.0f / 256.0f);
    float *z = b->z + q * 4, *lw1 = b->lw1 + q * 4, *lw2 = b->lw2 + q * 4;
    float *pw1 = b->pw1 + q * 4, *pw2 = b->pw2 + q * 4;
    b->x[q] = (uint16_t)x;
    b->y[q] = (uint16_t)y;
    b->mask[q] = (uint8_t)mask;
    float vz[4], vl1[4], vl2[4], vp1[4], vp2[4];
    raster_tri_quad_values(t, bx, by, vz, vl1, vl2, vp1, vp2);
    memcpy(z, vz, sizeof(vz));
    memcpy(lw1, vl1, sizeof(vl1));
    memcpy(lw2, vl2, sizeof(vl2));
    memcpy(pw1, vp1, sizeof(vp1));
    memcpy(pw2, vp2, sizeof(vp2));
    if (++b->count == RASTER_BATCH_QUADS)
        emit_flush(em);
}

/* A fully covered 4x4 block that fits the batch: its four quads' 16 lanes at once, each lane
 * computed exactly as emit_tri_quad computes it (the quad's bx, by from its own integer
 * offset; the same operations in the same order), in loops 16 lanes long. */
#if defined(SOFTD3D_SIMD_TWIN_AVX2)
#include <immintrin.h>

/* emit_block4_full's lanes, eight at a time (quads 0-1, then 2-3): the same operations in the
 * same order as the plain loop below -- bx = (float)(qx 256 + 128 - X0) / 256 per quad (the
 * integer exact in int32 when X0 is within +-2^30, as the caller checks; its conversion rounds
 * as the int64 one does), dx = bx + ox, then the planes without contraction (this twin is
 * built with -mno-fma) -- so the bits are the plain twin's. */
static inline void block4_lanes8(const struct setup_tri *t, __m256i qx, __m256i qy, __m256 ox,
                                 __m256 oy, float *z, float *lw1, float *lw2, float *pw1,
                                 float *pw2)
{
    const __m256 inv256 = _mm256_set1_ps(1.0f / 256.0f);
    const __m256i c128 = _mm256_set1_epi32(128);
    __m256 bx = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(
                                  _mm256_add_epi32(_mm256_slli_epi32(qx, 8), c128),
                                  _mm256_set1_epi32(t->X0))), inv256);
    __m256 by = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(
                                  _mm256_add_epi32(_mm256_slli_epi32(qy, 8), c128),
                                  _mm256_set1_epi32(t->Y0))), inv256);
    __m256 dx = _mm256_add_ps(bx, ox), dy = _mm256_add_ps(by, oy);
#define PLANE2(a, b) _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(a), dx), \
                                   _mm256_mul_ps(_mm256_set1_ps(b), dy))
#define PLANE3(c, a, b) _mm256_add_ps(_mm256_add_ps(_mm256_set1_ps(c), \
                                                    _mm256_mul_ps(_mm256_set1_ps(a), dx)), \
                                      _mm256_mul_ps(_mm256_set1_ps(b), dy))
    __m256 l1 = PLANE2(t->l1x, t->l1y), l2 = PLANE2(t->l2x, t->l2y);
    __m256 inv_q = _mm256_div_ps(_mm256_set1_ps(1.0f), PLANE3(t->q0, t->qx, t->qy));
    _mm256_storeu_ps(z, PLANE3(t->z0, t->zx, t->zy));
#undef PLANE2
#undef PLANE3
    _mm256_storeu_ps(lw1, l1);
    _mm256_storeu_ps(lw2, l2);
    _mm256_storeu_ps(pw1, _mm256_mul_ps(_mm256_mul_ps(l1, _mm256_set1_ps(t->q1)), inv_q));
    _mm256_storeu_ps(pw2, _mm256_mul_ps(_mm256_mul_ps(l2, _mm256_set1_ps(t->q2)), inv_q));
}
#endif

static void emit_block4_full(struct tile_emit *em, const struct setup_tri *t, int32_t x,
                             int32_t y)
{
    struct raster_quad_batch *b = &em->b;
    unsigned q0i = b->count;
#if defined(SOFTD3D_SIMD_TWIN_AVX2)
    if (t->X0 >= -(1 << 30) && t->X0 <= (1 << 30) && t->Y0 >= -(1 << 30) && t->Y0 <= (1 << 30)) {
        for (unsigned q = 0; q < 4; q++) {
            b->x[q0i + q] = (uint16_t)(x + (int32_t)(q & 1) * 2);
            b->y[q0i + q] = (uint16_t)(y + (int32_t)(q >> 1) * 2);
            b->mask[q0i + q] = 15;
        }
        /* lanes: quad-major, pixels (0,0) (1,0) (0,1) (1,1) in a quad */
        const __m256i qx = _mm256_add_epi32(_mm256_set1_epi32(x),
                                            _mm256_setr_epi32(0, 0, 0, 0, 2, 2, 2, 2));
        const __m256 ox = _mm256_setr_ps(0, 1, 0, 1, 0, 1, 0, 1);
        const __m256 oy = _mm256_setr_ps(0, 0, 1, 1, 0, 0, 1, 1);
        for (int half = 0; half < 2; half++) {
            unsigned o = (q0i + 2u * (unsigned)half) * 4;
            block4_lanes8(t, qx, _mm256_set1_epi32(y + 2 * half), ox, oy, b->z + o, b->lw1 + o,
                          b->lw2 + o, b->pw1 + o, b->pw2 + o);
        }
        b->count += 4;
        if (b->count == RASTER_BATCH_QUADS)
            emit_flush(em);
        return;
    }
#endif
    float dxs[16], dys[16];
    for (unsigned q = 0; q < 4; q++) {
        int32_t qx = x + (int32_t)(q & 1) * 2, qy = y + (int32_t)(q >> 1) * 2;
        float bx = (float)((int64_t)qx * 256 + 128 - t->X0) * (1.0f / 256.0f);
        float by = (float)((int64_t)qy * 256 + 128 - t->Y0) * (1.0f / 256.0f);
        b->x[q0i + q] = (uint16_t)qx;
        b->y[q0i + q] = (uint16_t)qy;
        b->mask[q0i + q] = 15;
        for (unsigned p = 0; p < 4; p++) {
            dxs[4 * q + p] = bx + raster_quad_ox[p];
            dys[4 * q + p] = by + raster_quad_oy[p];
        }
    }
    const float l1x = t->l1x, l1y = t->l1y, l2x = t->l2x, l2y = t->l2y;
    const float z0 = t->z0, zx = t->zx, zy = t->zy, q0 = t->q0, qx = t->qx, qy = t->qy;
    const float q1 = t->q1, q2 = t->q2;
    float vz[16], vl1[16], vl2[16], vp1[16], vp2[16];
    for (unsigned l = 0; l < 16; l++) {
        float dx = dxs[l], dy = dys[l];
        float l1 = l1x * dx + l1y * dy;
        float l2 = l2x * dx + l2y * dy;
        float inv_q = 1.0f / (q0 + qx * dx + qy * dy);
        vz[l] = z0 + zx * dx + zy * dy;
        vl1[l] = l1;
        vl2[l] = l2;
        vp1[l] = l1 * q1 * inv_q;
        vp2[l] = l2 * q2 * inv_q;
    }
    memcpy(b->z + q0i * 4, vz, sizeof(vz));
    memcpy(b->lw1 + q0i * 4, vl1, sizeof(vl1));
    memcpy(b->lw2 + q0i * 4, vl2, sizeof(vl2));
    memcpy(b->pw1 + q0i * 4, vp1, sizeof(vp1));
    memcpy(b->pw2 + q0i * 4, vp2, sizeof(vp2));
    b->count += 4;
    if (b->count == RASTER_BATCH_QUADS)
        emit_flush(em);
}

static void emit_block4(struct tile_emit *em, const struct setup_tri *t, int32_t x, int32_t y,
                        unsigned mask)
{
    if (mask == 0xffffu && em->b.count + 4 <= RASTER_BATCH_QUADS) {
        emit_block4_full(em, t, x, y);
        return;
    }
#if defined(SOFTD3D_SIMD_TWIN_AVX2)
    /* A partly covered block (the edges of every triangle, all of a small one): the lanes of
     * its covered quads' halves eight at a time as emit_block4_full computes them, each
     * covered quad's four then appended -- the values emit_tri_quad gives it. */
    struct raster_quad_batch *b = &em->b;
    if (b->count + 4 <= RASTER_BATCH_QUADS && t->X0 >= -(1 << 30) && t->X0 <= (1 << 30) &&
        t->Y0 >= -(1 << 30) && t->Y0 <= (1 << 30)) {
        alignas(32) float v[5][16];
        const __m256i qx = _mm256_add_epi32(_mm256_set1_epi32(x),
                                            _mm256_setr_epi32(0, 0, 0, 0, 2, 2, 2, 2));
        const __m256 ox = _mm256_setr_ps(0, 1, 0, 1, 0, 1, 0, 1);
        const __m256 oy = _mm256_setr_ps(0, 0, 1, 1, 0, 0, 1, 1);
        for (int half = 0; half < 2; half++)
            if ((mask >> (8 * half)) & 0xffu)
                block4_lanes8(t, qx, _mm256_set1_epi32(y + 2 * half), ox, oy, v[0] + 8 * half,
                              v[1] + 8 * half, v[2] + 8 * half, v[3] + 8 * half,
                              v[4] + 8 * half);
        for (unsigned q = 0; q < 4; q++) {
            unsigned m = (mask >> (4 * q)) & 0xf;
            if (!m)
                continue;
            unsigned k = b->count++;
            b->x[k] = (uint16_t)(x + (int32_t)(q & 1) * 2);
            b->y[k] = (uint16_t)(y + (int32_t)(q >> 1) * 2);
            b->mask[k] = (uint8_t)m;
            memcpy(b->z + 4 * k, v[0] + 4 * q, 16);
            memcpy(b->lw1 + 4 * k, v[1] + 4 * q, 16);
            memcpy(b->lw2 + 4 * k, v[2] + 4 * q, 16);
            memcpy(b->pw1 + 4 * k, v[3] + 4 * q, 16);
            memcpy(b->pw2 + 4 * k, v[4] + 4 * q, 16);
        }
        if (b->count == RASTER_BATCH_QUADS)
            emit_flush(em);
        return;
    }
#endif
    for (unsigned q = 0; q < 4; q++) {
        unsigned m = (mask >> (4 * q)) & 0xf;
        if (m)
            emit_tri_quad(em, t, x + (int32_t)(q & 1) * 2, y + (int32_t)(q >> 1) * 2, m);
    }
}

/* ---- Triangles ------------------------------------------------------------------------------ */

void SIMD_FN(raster_tile_tri)(const struct setup_tri *t, int32_t tx, int32_t ty, bool whole,
                             uint64_t seq, unsigned worker)
{
    struct raster_rect tile = { tx, ty, tx + RASTER_TILE_SIZE, ty + RASTER_TILE_SIZE };
    struct raster_rect r = rect_and(tile, t->box);
    struct tile_emit em;

    if (rect_empty(r))
        return;
    if (whole && t->draw->fill && t->draw->fill(t->draw->ctx, t->id, t->flags, seq, worker, r))
        return;
    emit_init(&em, t->draw, t->id, t->flags | (whole ? RASTER_BATCH_WHOLE_TILE : 0), seq, worker);
    em.b.tri = t;
    /* Pixels outside the triangle's box fail its edge tests anyway (the box bounds the centres
     * that can be inside, setup.c); only the target/scissor rectangle must be applied as a
     * rectangle.  So a 4x4 block inside `cr` needs no rectangle mask even when the box cuts
     * it. */
    struct raster_rect cr = rect_and(tile, t->draw->clip);
    /* Small triangles (at most 8x8 pixels here: most of a dense mesh) go straight to the edge
     * tests of the few 4x4 blocks they touch: the block classification would cost as much as
     * the tests it saves.  Each pixel is tested the same way, so the pixels and their values
     * are those of the hierarchy below; only the order of the quads changes, which changes
     * nothing (a primitive's pixels are independent of each other). */
    if (!whole && r.x1 - r.x0 <= 8 && r.y1 - r.y0 <= 8) {
        int32_t cx0 = tx + ((r.x0 - tx) & ~3), cy0 = ty + ((r.y0 - ty) & ~3);
        for (int32_t y4 = cy0; y4 < r.y1; y4 += 4) {
            for (int32_t x4 = cx0; x4 < r.x1; x4 += 4) {
                struct raster_rect b4 = { x4, y4, x4 + 4, y4 + 4 };
                unsigned mask = block4_mask(t, x4, y4);
                if (mask && !rect_eq(rect_and(b4, cr), b4))
                    mask &= raster_block4_rect_mask(x4, y4, rect_and(b4, r));
                if (mask)
                    emit_block4(&em, t, x4, y4, mask);
            }
        }
        emit_flush(&em);
        return;
    }
    /* Only the 16x16 blocks (and below, 4x4 blocks) that meet r: the others would be skipped
     * as empty anyway, in the same row-major order, so this changes no output. */
    int32_t bx0 = tx + ((r.x0 - tx) & ~15), by0 = ty + ((r.y0 - ty) & ~15);
    for (int32_t y16 = by0; y16 < r.y1; y16 += 16) {
        for (int32_t x16 = bx0; x16 < r.x1; x16 += 16) {
            struct raster_rect b16 = { x16, y16, x16 + 16, y16 + 16 };
            struct raster_rect r16 = rect_and(b16, r);
            if (rect_empty(r16))
                continue;
            enum raster_cover c16 = whole ? RASTER_COVER_FULL : classify_rect(t, r16);
            if (c16 == RASTER_COVER_NONE)
                continue;
            int32_t cx0 = x16 + ((r16.x0 - x16) & ~3), cy0 = y16 + ((r16.y0 - y16) & ~3);
            for (int32_t y4 = cy0; y4 < r16.y1; y4 += 4) {
                for (int32_t x4 = cx0; x4 < r16.x1; x4 += 4) {
                    struct raster_rect b4 = { x4, y4, x4 + 4, y4 + 4 };
                    struct raster_rect r4 = rect_and(b4, r16);
                    unsigned mask;
                    if (rect_empty(r4))
                        continue;
                    enum raster_cover c4 = c16 == RASTER_COVER_FULL ? RASTER_COVER_FULL
                                                                    : classify_rect(t, r4);
                    if (c4 == RASTER_COVER_NONE)
                        continue;
                    mask = c4 == RASTER_COVER_FULL ? 0xffffu : block4_mask(t, x4, y4);
                    if (c4 == RASTER_COVER_FULL ? !rect_eq(r4, b4) : !rect_eq(rect_and(b4, cr), b4))
                        mask &= raster_block4_rect_mask(x4, y4, r4);
                    if (mask)
                        emit_block4(&em, t, x4, y4, mask);
                }
            }
        }
    }
    emit_flush(&em);
}

#if !defined(SOFTD3D_SIMD_TWIN_AVX2)
/* (points and lines: the plain-C build only; they are few) */

/* ---- Points --------------------------------------------------------------------------------- */

/* One pixel; its quad's other three pixels are helpers with the same (constant) values. */
void raster_tile_point(const struct setup_point *pt, uint64_t seq, unsigned worker)
{
    struct tile_emit em;
    emit_init(&em, pt->draw, pt->id, RASTER_BATCH_FRONT_FACING, seq, worker);
    em.b.x[0] = (uint16_t)(pt->px & ~1);
    em.b.y[0] = (uint16_t)(pt->py & ~1);
    em.b.mask[0] = (uint8_t)(1u << ((pt->py & 1) * 2 + (pt->px & 1)));
    for (unsigned p = 0; p < 4; p++) {
        em.b.z[p] = pt->z;
        em.b.lw1[p] = em.b.lw2[p] = em.b.pw1[p] = em.b.pw2[p] = 0.0f;
    }
    em.b.count = 1;
    emit_flush(&em);
}

/* ---- Lines ---------------------------------------------------------------------------------- */

static void emit_line_quad(struct tile_emit *em, const struct setup_line *l, int32_t x, int32_t y,
                           unsigned mask)
{
    struct raster_quad_batch *b = &em->b;
    unsigned q = b->count;
    b->x[q] = (uint16_t)x;
    b->y[q] = (uint16_t)y;
    b->mask[q] = (uint8_t)mask;
    for (unsigned p = 0; p < 4; p++) {
        int64_t cx = ((int64_t)x + (p & 1)) * 256 + 128, cy = ((int64_t)y + (p >> 1)) * 256 + 128;
        float t = (float)(cx - l->Xs) * l->tx + (float)(cy - l->Ys) * l->ty;
        float inv_q = 1.0f / (l->q0 + t * (l->q1 - l->q0));
        unsigned i = q * 4 + p;
        b->z[i] = l->z0 + t * (l->z1 - l->z0);
        b->lw1[i] = t;
        b->lw2[i] = 0.0f;
        b->pw1[i] = t * l->q1 * inv_q;
        b->pw2[i] = 0.0f;
    }
    if (++b->count == RASTER_BATCH_QUADS)
        emit_flush(em);
}

/* The line's pixels inside this tile, in order along the major axis.  Consecutive pixels of
 * one quad are merged into one quad (a quad, once left, is never met again: the major
 * coordinate only grows and the minor one is monotonic). */
void raster_tile_line(const struct setup_line *l, int32_t tx, int32_t ty, uint64_t seq,
                      unsigned worker)
{
    struct raster_rect r = rect_and((struct raster_rect){ tx, ty, tx + RASTER_TILE_SIZE,
                                                          ty + RASTER_TILE_SIZE }, l->clip);
    int32_t lo = l->x_major ? r.x0 : r.y0, hi = (l->x_major ? r.x1 : r.y1) - 1;
    int32_t qx = -1, qy = -1;
    unsigned qmask = 0;
    struct tile_emit em;

    if (rect_empty(r))
        return;
    if (lo < l->major_lo) lo = l->major_lo;
    if (hi > l->major_hi) hi = l->major_hi;
    emit_init(&em, l->draw, l->id, RASTER_BATCH_FRONT_FACING, seq, worker);
    em.b.line = l;
    for (int32_t m = lo; m <= hi; m++) {
        int32_t n = setup_line_minor(l, m);
        int32_t px = l->x_major ? m : n, py = l->x_major ? n : m;
        if (px < r.x0 || px >= r.x1 || py < r.y0 || py >= r.y1)
            continue;
        if ((px & ~1) != qx || (py & ~1) != qy) {
            if (qmask)
                emit_line_quad(&em, l, qx, qy, qmask);
            qx = px & ~1;
            qy = py & ~1;
            qmask = 0;
        }
        qmask |= 1u << ((py & 1) * 2 + (px & 1));
    }
    if (qmask)
        emit_line_quad(&em, l, qx, qy, qmask);
    emit_flush(&em);
}
#endif
