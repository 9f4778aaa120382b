/* tests/dxbc_builder.c — see dxbc_builder.h.  Layouts as documented in src/shader/dxbc.h and
 * dxbc.c (container header, chunk table, signature elements of 24 bytes, SM4 version token, the
 * Aon9 header). */
#include "dxbc_builder.h"

#include <string.h>

struct buf {
    uint8_t *p;
    size_t n, cap;
    int overflow;
};

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static size_t w32(struct buf *b, uint32_t v)
{
    size_t at = b->n;
    if (b->n + 4 > b->cap) {
        b->overflow = 1;
        return at;
    }
    put32(b->p + b->n, v);
    b->n += 4;
    return at;
}

/* A NUL-terminated string, padded to 4 bytes; returns its offset. */
static size_t wstr(struct buf *b, const char *s)
{
    size_t at = b->n, len = strlen(s) + 1;
    size_t padded = (len + 3) & ~(size_t)3;
    if (b->n + padded > b->cap) {
        b->overflow = 1;
        return at;
    }
    memset(b->p + b->n, 0, padded);
    memcpy(b->p + b->n, s, len);
    b->n += padded;
    return at;
}

/* Starts a chunk (tag, size to patch); returns where its data begins. */
static size_t chunk_begin(struct buf *b, uint32_t tag)
{
    w32(b, tag);
    w32(b, 0);
    return b->n;
}

static void chunk_end(struct buf *b, size_t data)
{
    if (!b->overflow)
        put32(b->p + data - 4, (uint32_t)(b->n - data));
}

static void signature(struct buf *b, uint32_t tag, const struct dxbc_builder_element *e,
                      uint32_t count)
{
    size_t data = chunk_begin(b, tag);
    w32(b, count);
    w32(b, 8);
    size_t table = b->n;
    for (uint32_t i = 0; i < count * 6; i++)
        w32(b, 0);
    for (uint32_t i = 0; i < count && !b->overflow; i++) {
        size_t name = wstr(b, e[i].name) - data;
        if (b->overflow)
            break;
        uint8_t *el = b->p + table + 24 * (size_t)i;
        put32(el, (uint32_t)name);
        put32(el + 4, e[i].index);
        put32(el + 8, e[i].system_value);
        put32(el + 12, e[i].component_type);
        put32(el + 16, e[i].reg);
        put32(el + 20, (uint32_t)e[i].mask | (uint32_t)e[i].rw_mask << 8);
    }
    chunk_end(b, data);
}

size_t dxbc_build_shader(const struct dxbc_builder_shader *d, uint8_t *out, size_t cap)
{
    struct buf b = {out, 0, cap, 0};
    uint32_t nchunks = (d->no_program ? 0 : 1) + (d->level9_token ? 1 : 0) +
                       (d->no_input_signature ? 0 : 1) + 1;
    size_t offsets[4];
    unsigned k = 0;

    if (cap < 32 + 4 * (size_t)nchunks)
        return 0;
    memset(out, 0, 32);
    put32(out, DXBC_TAG_DXBC);
    put32(out + 20, 1);
    put32(out + 28, nchunks);
    b.n = 32 + 4 * (size_t)nchunks;

    if (d->level9_token) {
        /* Aon9: +0 size of the level-9 data, +4 version token, +8 program size, +12 program
         * offset, +16 five empty (count, offset) mapping tables, then the program:
         * the version token and `end` (0x0000ffff). */
        offsets[k++] = b.n;
        size_t data = chunk_begin(&b, DXBC_TAG_AON9);
        w32(&b, 0x2c);
        w32(&b, d->level9_token);
        w32(&b, 8);
        w32(&b, 0x24);
        for (int i = 0; i < 5; i++)
            w32(&b, 0x00240000);
        w32(&b, d->level9_token);
        w32(&b, 0x0000ffff);
        chunk_end(&b, data);
    }
    if (!d->no_input_signature) {
        offsets[k++] = b.n;
        signature(&b, DXBC_TAG_ISGN, d->inputs, d->input_count);
    }
    offsets[k++] = b.n;
    signature(&b, DXBC_TAG_OSGN, d->outputs, d->output_count);
    if (!d->no_program) {
        /* Version token: minor | major << 4 | type << 16; length 3 tokens; ret (0x0100003e). */
        offsets[k++] = b.n;
        size_t data = chunk_begin(&b, d->major >= 5 ? DXBC_TAG_SHEX : DXBC_TAG_SHDR);
        w32(&b, (d->minor & 0xf) | (d->major & 0xf) << 4 | (uint32_t)d->type << 16);
        w32(&b, 3);
        w32(&b, 0x0100003e);
        chunk_end(&b, data);
    }
    if (b.overflow)
        return 0;
    for (unsigned i = 0; i < k; i++)
        put32(out + 32 + 4 * i, (uint32_t)offsets[i]);
    put32(out + 24, (uint32_t)b.n);
    dxbc_sign(out, b.n);
    return b.n;
}

size_t dxbc_build_simple(enum dxbc_program_type type, uint32_t major, uint32_t minor,
                         uint32_t level9_token, uint8_t *out, size_t cap)
{
    static const struct dxbc_builder_element vs_in[] = {{"POSITION", 0, 0, 3, 0, 0xf, 0xf}};
    static const struct dxbc_builder_element vs_out[] = {{"SV_Position", 0, 1, 3, 0, 0xf, 0}};
    static const struct dxbc_builder_element ps_in[] = {{"SV_Position", 0, 1, 3, 0, 0xf, 0}};
    static const struct dxbc_builder_element ps_out[] = {{"SV_Target", 0, 0, 3, 0, 0xf, 0}};
    struct dxbc_builder_shader d = {0};

    d.type = type;
    d.major = major;
    d.minor = minor;
    d.level9_token = level9_token;
    if (type == DXBC_PROGRAM_PIXEL) {
        d.inputs = ps_in;
        d.input_count = 1;
        d.outputs = ps_out;
        d.output_count = 1;
    } else {
        d.inputs = vs_in;
        d.input_count = 1;
        d.outputs = vs_out;
        d.output_count = 1;
    }
    return dxbc_build_shader(&d, out, cap);
}
