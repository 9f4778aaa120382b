/* src/pipeline/fill.c — clears of surface rows for the front-ends (D3D11 ClearRenderTargetView /
 * ClearDepthStencilView, D3D9 Clear / ColorFill): a clear is bound by memory bandwidth, which
 * more cores raise, so the rows are written in bands on the renderer's workers.  The bytes are
 * those of texel-by-texel stores of the same value. */
#include "pipeline/draw.h"

#include <string.h>

struct fill_job {
    uint8_t *row0;
    size_t pitch, row;
    unsigned rows, band, bytes;
    const uint8_t *value, *mask;   /* mask NULL: whole texels (row 0 already written) */
};

static void fill_band(void *ctx, unsigned job, unsigned worker)
{
    const struct fill_job *f = ctx;
    (void)worker;
    unsigned y0 = job * f->band, y1 = y0 + f->band < f->rows ? y0 + f->band : f->rows;
    for (unsigned y = y0; y < y1; y++) {
        uint8_t *p = f->row0 + (size_t)y * f->pitch;
        if (!f->mask) {
            if (y)
                memcpy(p, f->row0, f->row);
            continue;
        }
        if (f->bytes == 4) {
            /* a depth-only or stencil-only clear of D24S8 / D32FS8X24's first word: word
             * operations, which vectorise (the byte loop below took 15% of a frame) */
            uint32_t m, v;
            memcpy(&m, f->mask, 4);
            memcpy(&v, f->value, 4);
            v &= m;
            /* the row length in a local: re-read from *f after every byte store (which may
             * alias it), it kept the loop scalar -- 9 instructions a texel */
            const size_t row = f->row;
            for (size_t o = 0; o < row; o += 4) {
                uint32_t w;
                memcpy(&w, p + o, 4);
                w = (w & ~m) | v;
                memcpy(p + o, &w, 4);
            }
            continue;
        }
        uint8_t m[16], v[16];   /* (locals: see above; texels are at most 16 bytes) */
        const size_t row = f->row;
        const unsigned bytes = f->bytes;
        for (unsigned i = 0; i < bytes; i++) {
            m[i] = f->mask[i];
            v[i] = (uint8_t)(f->value[i] & m[i]);
        }
        for (size_t o = 0; o < row; o += bytes)
            for (unsigned i = 0; i < bytes; i++)
                p[o + i] = (uint8_t)((p[o + i] & ~m[i]) | v[i]);
    }
}

void draw_fill_rows(struct draw_context *dc, uint8_t *row0, size_t pitch, size_t row,
                    unsigned rows, const uint8_t *value, const uint8_t *mask, unsigned bytes)
{
    struct fill_job f = { row0, pitch, row, rows, 0, bytes, value, NULL };
    if (!row || !rows || !bytes || bytes > 16)   /* (texels are 1..16 bytes) */
        return;
    bool whole = !mask;
    for (unsigned i = 0; mask && i < bytes; i++)
        whole &= mask[i] == 0xff;
    if (whole) {
        /* row 0 by doubling: log2 of its texels memcpys */
        size_t done = bytes;
        memcpy(row0, value, bytes);
        while (done < row) {
            size_t n = done < row - done ? done : row - done;
            memcpy(row0 + done, row0, n);
            done += n;
        }
    } else {
        f.mask = mask;
    }
    f.band = (unsigned)(DRAW_FILL_BAND_BYTES / row ? DRAW_FILL_BAND_BYTES / row : 1);
    unsigned jobs = (rows + f.band - 1) / f.band;
    if (dc && jobs > 1) {
        draw_context_parallel(dc, jobs, fill_band, &f);
    } else {
        for (unsigned j = 0; j < jobs; j++)
            fill_band(&f, j, 0);
    }
}
