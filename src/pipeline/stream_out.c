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
 *
 * Streams (gs_5_0, D3D11.3 spec 13.x and 14): every vertex carries the stream it was emitted
 * to; a stream's vertices form their own strips (a cut on stream m ends stream m's strip) and
 * go to the declaration entries of that stream only (D3D11_SO_DECLARATION_ENTRY.Stream).  A
 * slot takes one stream (stream_output.c refuses a slot shared by two), so "fits in every
 * buffer it writes" and the counts are per stream: needed[m] and written[m].
 */
#include "pipeline/draw_priv.h"

void draw_so_reset_counts(struct draw_so *so)
{
    memset(so->written, 0, sizeof(so->written));
    memset(so->needed, 0, sizeof(so->needed));
}

/* The slots the declaration's entries of `stream` write. */
static unsigned so_slots(const struct draw_so *so, unsigned stream)
{
    unsigned m = 0;
    for (uint32_t i = 0; i < so->count; i++)
        if (so->elements[i].stream == stream)
            m |= 1u << (so->elements[i].slot & 3u);
    return m;
}

/* One primitive of n vertices of `stream` (records of 4 words per register). */
static void so_primitive(struct draw_so *so, unsigned stream, const uint32_t *const *v,
                         unsigned n)
{
    unsigned slots = so_slots(so, stream);
    so->needed[stream]++;
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
            if (e->stream != stream)
                continue;
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
    so->written[stream]++;
}

void draw_so_strip(struct draw_so *so, enum draw_topology topology, const uint32_t *records,
                   uint32_t words, const uint8_t *cut_before, const uint8_t *streams,
                   uint32_t n)
{
    const uint32_t *v[32];
    if (topology >= DRAW_PATCH_LIST_1 && topology <= DRAW_PATCH_LIST_32) {
        /* 11.8.1.2: "each Control Point in the patch appears as a single vertex for Stream
         * Output ... only complete patches get written out; if there is not enough room to
         * store a complete patch, it is discarded" -- the patch is one primitive here */
        unsigned cps = (unsigned)(topology - DRAW_PATCH_LIST_1 + 1);
        for (uint32_t i = 0; i + cps <= n; i += cps) {
            for (unsigned k = 0; k < cps; k++)
                v[k] = &records[(size_t)(i + k) * words];
            so_primitive(so, 0, v, cps);
        }
        return;
    }
    /* per stream: vertices since its strip (re)started and its last two */
    uint32_t run[4] = { 0, 0, 0, 0 };
    const uint32_t *prev[4][2] = { { NULL, NULL } };
    for (uint32_t i = 0; i < n; i++) {
        unsigned m = streams ? streams[i] & 3u : 0;
        if (cut_before[i])
            run[m] = 0;
        const uint32_t *rec = &records[(size_t)i * words];
        run[m]++;
        if (topology == DRAW_POINT_LIST) {
            v[0] = rec;
            so_primitive(so, m, v, 1);
        } else if (topology == DRAW_LINE_STRIP) {
            if (run[m] >= 2) {
                v[0] = prev[m][1];
                v[1] = rec;
                so_primitive(so, m, v, 2);
            }
        } else if (run[m] >= 3) {   /* triangle strip */
            bool odd = (run[m] - 3) & 1u;
            v[0] = prev[m][0];
            v[1] = odd ? rec : prev[m][1];
            v[2] = odd ? prev[m][1] : rec;
            so_primitive(so, m, v, 3);
        }
        prev[m][0] = prev[m][1];
        prev[m][1] = rec;
    }
}
