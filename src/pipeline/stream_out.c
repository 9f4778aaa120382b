/* src/pipeline/stream_out.c — stream output: primitives written to buffers (draw.h, struct
 * draw_so; D3D11.3 functional spec 14).
 *
 * geometry.c hands over each output strip (one geometry-program invocation's vertices with
 * their cut marks, or one primitive of the vertex program when there is no geometry program)
 * as records of every output register.  The strip is unrolled into a list of the output
 * topology's primitives, in order: points one by one, line strips as (i-1, i), triangle strips
 * as (i, i+1, i+2) with odd triangles (i, i+2, i+1) -- the order the rasterizer takes them in
 * (clip.c), which keeps every triangle's winding (the D3D9 "Triangle Strips" page lists the
 * same order).  A primitive is written when it fits entirely in every bound buffer the
 * declaration writes, and then advances each of them by its vertices x stride; otherwise
 * nothing of it is written (14.6: a full buffer stops stream output; the statistics still
 * count the primitive as needed).  Unbound slots neither take data nor limit the others.
 * Patches streamed out without tessellation (11.8.1.2) arrive as a strip of one patch's
 * control points, the patch list as the topology: the whole patch is the primitive.
 */
#include "pipeline/draw_priv.h"

/* The slots the declaration writes. */
static unsigned so_slots(const struct draw_so *so)
{
    unsigned m = 0;
    for (uint32_t i = 0; i < so->count; i++)
        m |= 1u << (so->elements[i].slot & 3u);
    return m;
}

/* One primitive of n vertices (records of 4 words per register). */
static void so_primitive(struct draw_so *so, const uint32_t *const *v, unsigned n)
{
    unsigned slots = so_slots(so);
    so->needed++;
    for (unsigned s = 0; s < DRAW_SO_BUFFERS; s++) {
        const struct draw_so_buffer *b = &so->buf[s];
        if ((slots >> s & 1u) && b->data &&
            (uint64_t)b->offset + (uint64_t)n * b->stride > b->size)
            return;   /* does not fit: overflow, nothing of it is written */
    }
    for (unsigned k = 0; k < n; k++) {
        uint32_t at[DRAW_SO_BUFFERS] = { 0, 0, 0, 0 };   /* dwords into the vertex */
        for (uint32_t i = 0; i < so->count; i++) {
            const struct draw_so_element *e = &so->elements[i];
            struct draw_so_buffer *b = &so->buf[e->slot & 3u];
            if (!e->gap && b->data)
                memcpy(b->data + b->offset + (size_t)k * b->stride + 4 * (size_t)at[e->slot & 3u],
                       &v[k][4 * (size_t)e->reg + e->comp], 4 * (size_t)e->count);
            at[e->slot & 3u] += e->count;
        }
    }
    for (unsigned s = 0; s < DRAW_SO_BUFFERS; s++)
        if ((slots >> s & 1u) && so->buf[s].data)
            so->buf[s].offset += n * so->buf[s].stride;
    so->written++;
}

void draw_so_strip(struct draw_so *so, enum draw_topology topology, const uint32_t *records,
                   uint32_t words, const uint8_t *cut_before, uint32_t n)
{
    const uint32_t *v[32];
    uint32_t run = 0;   /* vertices since the strip (re)started */
    if (topology >= DRAW_PATCH_LIST_1 && topology <= DRAW_PATCH_LIST_32) {
        /* 11.8.1.2: "each Control Point in the patch appears as a single vertex for Stream
         * Output ... only complete patches get written out; if there is not enough room to
         * store a complete patch, it is discarded" -- the patch is one primitive here */
        unsigned cps = (unsigned)(topology - DRAW_PATCH_LIST_1 + 1);
        for (uint32_t i = 0; i + cps <= n; i += cps) {
            for (unsigned k = 0; k < cps; k++)
                v[k] = &records[(size_t)(i + k) * words];
            so_primitive(so, v, cps);
        }
        return;
    }
    for (uint32_t i = 0; i < n; i++) {
        if (cut_before[i])
            run = 0;
        const uint32_t *rec = &records[(size_t)i * words];
        run++;
        if (topology == DRAW_POINT_LIST) {
            v[0] = rec;
            so_primitive(so, v, 1);
        } else if (topology == DRAW_LINE_STRIP) {
            if (run >= 2) {
                v[0] = rec - words;
                v[1] = rec;
                so_primitive(so, v, 2);
            }
        } else if (run >= 3) {   /* triangle strip */
            bool odd = (run - 3) & 1u;
            v[0] = rec - 2 * (size_t)words;
            v[1] = odd ? rec : rec - words;
            v[2] = odd ? rec - words : rec;
            so_primitive(so, v, 3);
        }
    }
}
