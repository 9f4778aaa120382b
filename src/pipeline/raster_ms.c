/* src/pipeline/raster_ms.c — coverage of multisampled draws (raster_state.samples >= 2), on a
 * worker thread.  The one-sample path (raster_tile.c) is left as it is; bin.c sends a
 * multisampled draw's triangles here (BIN_TRI_MS) and its points and lines too.
 *
 * Triangles (D3D11.3 functional spec 3.5.5 "Multisample Sample Locations", 3.4.2 applied per
 * sample): sample s of pixel (px, py) lies at the centre plus (sample_x[s], sample_y[s])
 * sixteenths of a pixel, i.e. 16 * sample_x[s] subpixels.  The edge functions are linear with
 * integer per-subpixel steps A = ex / 256, B = ey / 256 (setup.c), so at the sample
 *     E_s = E(centre) + A * 16 sx + B * 16 sy = E(centre) + (ex sx + ey sy) / 16   (exact)
 * and the top-left bias already in E(centre) applies unchanged: a sample is inside when all
 * three biased values are >= 0, exactly the pixel-centre rule moved to the sample.  The depth
 * plane is evaluated at each sample too (spec 3.5.5: depth/stencil per sample); the weights
 * stay at the pixel centre (pixel-frequency shading: the pixel program runs once per pixel
 * that has a covered sample, spec 16.4, and its result goes to the covered samples), and are
 * evaluated at each sample as well when the draw shades per sample (sample_weights).
 *
 * Order: 16x16 blocks row-major, their 4x4 blocks row-major, quads row-major, as raster_tile.c,
 * and every value comes from the primitive and the pixel only: bit-identical output for any
 * thread count.
 *
 * Points and lines: the pixels the one-sample rules light, with that coverage (and the
 * centre's depth) in every sample -- what D3D9 documents for D3DRS_MULTISAMPLEANTIALIAS FALSE;
 * the per-sample point square and the quadrilateral/alpha lines of MultisampleEnable are not
 * implemented (README).
 */
#include "pipeline/raster_priv.h"

#include <string.h>

void raster_ms_pattern(struct raster_state *st, uint32_t samples, bool center)
{
    /* D3D11_STANDARD_MULTISAMPLE_PATTERN, in 1/16 pixel from the pixel centre (x right,
     * y down), sample order as the pattern numbers them (spec 3.5.5 tables). */
    static const int8_t p2[2][2] = { { 4, 4 }, { -4, -4 } };
    static const int8_t p4[4][2] = { { -2, -6 }, { 6, -2 }, { -6, 2 }, { 2, 6 } };
    static const int8_t p8[8][2] = { { 1, -3 }, { -1, 3 }, { 5, 1 },  { -3, -5 },
                                     { -5, 5 }, { -7, -1 }, { 3, 7 }, { 7, -7 } };
    /* 16: the figure of spec 19.2.4 (D3D11_3_MSAAPatterns_8_16); reached by a forced sample
     * count only (D3D11_RASTERIZER_DESC1.ForcedSampleCount, 3.5.6.1: "Devices must support all
     * the standard sample patterns up to and including 16"), no surface has 16 samples */
    static const int8_t p16[16][2] = { { 1, 1 },   { -1, -3 }, { -3, 2 },  { 4, -1 },
                                       { -5, -2 }, { 2, 5 },   { 5, 3 },   { 3, -5 },
                                       { -2, 6 },  { 0, -7 },  { -4, -6 }, { -6, 4 },
                                       { -8, 0 },  { 7, -4 },  { 6, 7 },   { -7, -8 } };
    const int8_t (*p)[2] = samples == 2 ? p2 : samples == 4 ? p4 : samples == 8 ? p8
                         : samples == 16 ? p16 : NULL;
    memset(st->sample_x, 0, sizeof(st->sample_x));
    memset(st->sample_y, 0, sizeof(st->sample_y));
    st->samples = p ? samples : 1;
    for (uint32_t s = 0; p && !center && s < samples; s++) {
        st->sample_x[s] = p[s][0];
        st->sample_y[s] = p[s][1];
    }
}

/* ---- Batches ---------------------------------------------------------------------------------- */

struct ms_emit {
    struct tile_emit e;
    struct raster_ms_batch ms;
};

static void ms_emit_init(struct ms_emit *em, const struct bin_draw *draw, uint32_t id,
                         uint32_t flags, uint64_t seq, unsigned worker)
{
    emit_init(&em->e, draw, id, flags, seq, worker);
    em->e.b.ms = &em->ms;
    em->ms.samples = draw->samples;
    em->ms.has_weights = draw->sample_weights;
    memset(em->ms.cover, 0, sizeof(em->ms.cover));
}

static void ms_emit_flush(struct ms_emit *em)
{
    if (em->e.b.count) {
        emit_flush(&em->e);
        memset(em->ms.cover, 0, sizeof(em->ms.cover));
    }
}

/* The quad at (x, y) with 4-bit sample masks qm[s] (bit p: pixel p), not all zero. */
static void ms_emit_quad(struct ms_emit *em, const struct setup_tri *t, const struct bin_draw *d,
                         int32_t x, int32_t y, const unsigned *qm)
{
    struct raster_quad_batch *b = &em->e.b;
    unsigned q = b->count, n = d->samples, pix = 0;
    float bx = (float)((int64_t)x * 256 + 128 - t->X0) * (1.0f / 256.0f);
    float by = (float)((int64_t)y * 256 + 128 - t->Y0) * (1.0f / 256.0f);
    for (unsigned s = 0; s < n; s++) {
        pix |= qm[s];
        em->ms.cover[s] |= (uint32_t)qm[s] << (4 * q);
    }
    b->x[q] = (uint16_t)x;
    b->y[q] = (uint16_t)y;
    b->mask[q] = (uint8_t)pix;
    raster_tri_quad_values(t, bx, by, b->z + q * 4, b->lw1 + q * 4, b->lw2 + q * 4,
                           b->pw1 + q * 4, b->pw2 + q * 4);
    for (unsigned s = 0; s < n; s++) {
        float ox = (float)d->sample_x[s] * (1.0f / 16.0f), oy = (float)d->sample_y[s] * (1.0f / 16.0f);
        for (unsigned p = 0; p < 4; p++) {
            float dx = bx + raster_quad_ox[p] + ox, dy = by + raster_quad_oy[p] + oy;
            em->ms.z[s][q * 4 + p] = t->z0 + t->zx * dx + t->zy * dy;
        }
        if (em->ms.has_weights) {
            /* the weights at the sample: the same plane equations at the centre + offset
             * (the depth above stays as computed there) */
            float vz[4];
            raster_tri_quad_values(t, bx + ox, by + oy, vz, em->ms.lw1[s] + q * 4,
                                   em->ms.lw2[s] + q * 4, em->ms.pw1[s] + q * 4,
                                   em->ms.pw2[s] + q * 4);
        }
    }
    if (++b->count == RASTER_BATCH_QUADS)
        ms_emit_flush(em);
}

/* ---- Triangles ------------------------------------------------------------------------------ */

/* Samples covered in the 4x4 block at (x, y), es[k] = the biased edge values of the sample at
 * pixel (0, 0); bits of pixels outside r cleared. */
static unsigned ms_block4_mask(const struct setup_tri *t, const int64_t es[3], int32_t x,
                               int32_t y, struct raster_rect r)
{
    unsigned m = 0;
    for (int b = 0; b < 16; b++) {
        int32_t px = x + raster_block_bit_x[b], py = y + raster_block_bit_y[b];
        bool in = px >= r.x0 && px < r.x1 && py >= r.y0 && py < r.y1;
        for (int k = 0; in && k < 3; k++)
            in = es[k] + t->ex[k] * px + t->ey[k] * py >= 0;
        m |= (unsigned)in << b;
    }
    return m;
}

/* Whether no sample of the pixels of rectangle r can be inside: some edge is negative at every
 * centre by more than a sample offset can make up (|offset| <= 8/16 pixel on each axis, so
 * |E_s - E(centre)| <= (|ex| + |ey|) / 2). */
static bool ms_rect_outside(const struct setup_tri *t, struct raster_rect r)
{
    int64_t w = r.x1 - 1 - r.x0, h = r.y1 - 1 - r.y0;
    for (int k = 0; k < 3; k++) {
        int64_t sx = t->ex[k] * w, sy = t->ey[k] * h;
        int64_t emax = setup_tri_edge_at(t, k, r.x0, r.y0) + (sx > 0 ? sx : 0) + (sy > 0 ? sy : 0);
        int64_t ax = t->ex[k] < 0 ? -t->ex[k] : t->ex[k], ay = t->ey[k] < 0 ? -t->ey[k] : t->ey[k];
        if (emax + (ax + ay) / 2 < 0)
            return true;
    }
    return false;
}

/* Whether every sample of every pixel of rectangle r is inside: each edge is non-negative at
 * every centre by more than a sample offset can take away.  The sample's edge value is
 * E(centre) + trunc((ex sx + ey sy) / 16) (es[] above; |sx|, |sy| <= 8), at least
 * E(centre) - (|ex| + |ey|) / 2; the integer halving rounds down, so one more is asked. */
static bool ms_rect_inside(const struct setup_tri *t, struct raster_rect r)
{
    int64_t w = r.x1 - 1 - r.x0, h = r.y1 - 1 - r.y0;
    for (int k = 0; k < 3; k++) {
        int64_t sx = t->ex[k] * w, sy = t->ey[k] * h;
        int64_t emin = setup_tri_edge_at(t, k, r.x0, r.y0) + (sx < 0 ? sx : 0) + (sy < 0 ? sy : 0);
        int64_t ax = t->ex[k] < 0 ? -t->ex[k] : t->ex[k], ay = t->ey[k] < 0 ? -t->ey[k] : t->ey[k];
        if (emin - (ax + ay) / 2 - 1 < 0)
            return false;
    }
    return true;
}

void raster_tile_tri_ms(const struct setup_tri *t, int32_t tx, int32_t ty, uint64_t seq,
                        unsigned worker)
{
    const struct bin_draw *d = t->draw;
    struct raster_rect r = { tx, ty, tx + RASTER_TILE_SIZE, ty + RASTER_TILE_SIZE };
    unsigned n = d->samples;
    int64_t es[RASTER_MAX_SAMPLES][3];
    struct ms_emit em;

    /* the box is inside target and scissor (setup.c): tile ∩ box is what may be touched */
    if (t->box.x0 > r.x0) r.x0 = t->box.x0;
    if (t->box.y0 > r.y0) r.y0 = t->box.y0;
    if (t->box.x1 < r.x1) r.x1 = t->box.x1;
    if (t->box.y1 < r.y1) r.y1 = t->box.y1;
    if (r.x0 >= r.x1 || r.y0 >= r.y1 || n < 2 || n > RASTER_MAX_SAMPLES)
        return;
    for (unsigned s = 0; s < n; s++)
        for (int k = 0; k < 3; k++)
            es[s][k] = t->e[k] + (t->ex[k] * d->sample_x[s] + t->ey[k] * d->sample_y[s]) / 16;
    ms_emit_init(&em, d, t->id, t->flags, seq, worker);
    em.e.b.tri = t;
    int32_t bx0 = tx + ((r.x0 - tx) & ~15), by0 = ty + ((r.y0 - ty) & ~15);
    for (int32_t y16 = by0; y16 < r.y1; y16 += 16) {
        for (int32_t x16 = bx0; x16 < r.x1; x16 += 16) {
            struct raster_rect r16 = { x16 > r.x0 ? x16 : r.x0, y16 > r.y0 ? y16 : r.y0,
                                       x16 + 16 < r.x1 ? x16 + 16 : r.x1,
                                       y16 + 16 < r.y1 ? y16 + 16 : r.y1 };
            if (r16.x0 >= r16.x1 || r16.y0 >= r16.y1 || ms_rect_outside(t, r16))
                continue;
            /* blocks whose every sample is inside (the interiors of large triangles) need no
             * test per sample: the masks are the pixels inside r16; the same bits the tests
             * would give */
            bool full16 = ms_rect_inside(t, r16);
            for (int32_t y4 = y16; y4 < r16.y1; y4 += 4) {
                for (int32_t x4 = x16; x4 < r16.x1; x4 += 4) {
                    unsigned m[RASTER_MAX_SAMPLES], any = 0;
                    struct raster_rect r4 = { x4 > r16.x0 ? x4 : r16.x0, y4 > r16.y0 ? y4 : r16.y0,
                                              x4 + 4 < r16.x1 ? x4 + 4 : r16.x1,
                                              y4 + 4 < r16.y1 ? y4 + 4 : r16.y1 };
                    if (full16 || ms_rect_inside(t, r4)) {
                        any = raster_block4_rect_mask(x4, y4, r16);
                        for (unsigned s = 0; s < n; s++)
                            m[s] = any;
                    } else {
                        for (unsigned s = 0; s < n; s++)
                            any |= m[s] = ms_block4_mask(t, es[s], x4, y4, r16);
                    }
                    for (unsigned q = 0; any && q < 4; q++) {
                        unsigned qm[RASTER_MAX_SAMPLES], qany = 0;
                        for (unsigned s = 0; s < n; s++)
                            qany |= qm[s] = (m[s] >> (4 * q)) & 15u;
                        if (qany)
                            ms_emit_quad(&em, t, d, x4 + (int32_t)(q & 1) * 2,
                                         y4 + (int32_t)(q >> 1) * 2, qm);
                    }
                }
            }
        }
    }
    ms_emit_flush(&em);
}

/* ---- Points and lines: the one-sample pixels, every sample alike ------------------------------ */

struct ms_replicate {
    raster_shade_fn shade;
    void *ctx;
    uint32_t samples;
};

static void ms_replicate_shade(void *ctx, const struct raster_quad_batch *b)
{
    const struct ms_replicate *m = ctx;
    struct raster_quad_batch nb = *b;
    struct raster_ms_batch ms;
    uint32_t cover = 0;
    unsigned count = b->count < RASTER_BATCH_QUADS ? b->count : RASTER_BATCH_QUADS;
    for (unsigned q = 0; q < count; q++)
        cover |= (uint32_t)(b->mask[q] & 15u) << (4 * q);
    ms.samples = m->samples;
    ms.has_weights = false;   /* one position per pixel: the centre's weights serve all */
    for (unsigned s = 0; s < m->samples; s++) {
        ms.cover[s] = cover;
        memcpy(ms.z[s], b->z, sizeof(ms.z[s]));
    }
    nb.ms = &ms;
    m->shade(m->ctx, &nb);
}

/* A copy of the draw whose shade callback adds the samples. */
static void ms_replicate_draw(const struct bin_draw *d, struct ms_replicate *m,
                              struct bin_draw *out)
{
    m->shade = d->shade;
    m->ctx = d->ctx;
    m->samples = d->samples;
    *out = *d;
    out->shade = ms_replicate_shade;
    out->ctx = m;
    out->fill = NULL;
}

void raster_tile_point_ms(const struct setup_point *p, uint64_t seq, unsigned worker)
{
    struct ms_replicate m;
    struct bin_draw d;
    struct setup_point c = *p;
    ms_replicate_draw(p->draw, &m, &d);
    c.draw = &d;
    raster_tile_point(&c, seq, worker);
}

void raster_tile_line_ms(const struct setup_line *l, int32_t tx, int32_t ty, uint64_t seq,
                         unsigned worker)
{
    struct ms_replicate m;
    struct bin_draw d;
    struct setup_line c = *l;
    ms_replicate_draw(l->draw, &m, &d);
    c.draw = &d;
    raster_tile_line(&c, tx, ty, seq, worker);
}

/* ---- Pull-model evaluation -------------------------------------------------------------------- */

void raster_batch_weights_at(const struct raster_quad_batch *b, unsigned lane, int sx, int sy,
                             float w[4])
{
    unsigned q = (lane >> 2) % RASTER_BATCH_QUADS, p = lane & 3;
    if (b->tri) {
        /* ms_emit_quad's evaluation: the quad's first centre relative to the snapped v0, plus
         * the offset, then raster_tri_quad_values (which adds the pixel's place in the quad) */
        const struct setup_tri *t = b->tri;
        float bx = (float)((int64_t)b->x[q] * 256 + 128 - t->X0) * (1.0f / 256.0f);
        float by = (float)((int64_t)b->y[q] * 256 + 128 - t->Y0) * (1.0f / 256.0f);
        float ox = (float)sx * (1.0f / 16.0f), oy = (float)sy * (1.0f / 16.0f);
        float vz[4], l1[4], l2[4], p1[4], p2[4];
        raster_tri_quad_values(t, bx + ox, by + oy, vz, l1, l2, p1, p2);
        w[0] = p1[p];
        w[1] = p2[p];
        w[2] = l1[p];
        w[3] = l2[p];
        return;
    }
    if (b->line) {
        /* raster_tile.c emit_line_quad's evaluation at the moved centre: a sixteenth of a
         * pixel is 16 subpixels, so the point stays an exact integer */
        const struct setup_line *l = b->line;
        int64_t cx = ((int64_t)b->x[q] + (p & 1)) * 256 + 128 + 16 * sx;
        int64_t cy = ((int64_t)b->y[q] + (p >> 1)) * 256 + 128 + 16 * sy;
        float t = (float)(cx - l->Xs) * l->tx + (float)(cy - l->Ys) * l->ty;
        float inv_q = 1.0f / (l->q0 + t * (l->q1 - l->q0));
        w[0] = t * l->q1 * inv_q;
        w[1] = 0.0f;
        w[2] = t;
        w[3] = 0.0f;
        return;
    }
    unsigned i = q * 4 + p;
    w[0] = b->pw1[i];
    w[1] = b->pw2[i];
    w[2] = b->lw1[i];
    w[3] = b->lw2[i];
}
