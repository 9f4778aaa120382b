/* src/shader/tpf_container.c — struct tpf_listing <-> the chunks of a DXBC container: RDEF,
 * ISGN/OSGN, Aon9 (see tpf_listing.h; the container and chunk layouts are described in dxbc.h
 * and dxbc.c, the Aon9 header above parse_level9() in dxbc.c).
 *
 * WHAT THE WRITER LAYS OUT (every field little-endian 32-bit unless noted)
 *   container  RDEF, [Aon9,] ISGN, OSGN, SHDR (4.x) or SHEX (5.0); signed with dxbc_sign().
 *   RDEF       header (28 bytes; 5.0 adds "RD11" and seven sizes: 60), the bindings (32 bytes
 *              each), the constant buffers (24), each buffer's variables (24; 5.0: 40 with
 *              the texture/sampler fields 0xffffffff 0 0xffffffff 0), one type per variable
 *              (16: class, type, rows, columns, elements, members as 16-bit, member offset;
 *              5.0: 36, four zero fields and the type's name), then the strings: names, type
 *              names, the creator.  Compile flags 0 (a listing does not say them).
 *   ISGN/OSGN  count, 8, elements of 24 bytes (name, index, system value, component type,
 *              register, mask | rw << 8), then the names.
 *   OSG5       for OSGN when a gs_5_0 output element is in a stream other than 0: elements of
 *              28 bytes, the stream first (read back too).
 *   Aon9       +0 size of the chunk data, +4 the SM2 version token, +8 program size, +12
 *              program offset, +16 five (count, offset) 16-bit pairs: constant buffer mappings
 *              (12 bytes: buffer, start register, register count, target register as 16-bit,
 *              then 4 conversion bytes), loop register mappings (8: buffer, source register,
 *              component, target as 16-bit), a table always empty, sampler mappings (4 bytes:
 *              source resource, source sampler, target sampler, 0), runtime constant mappings
 *              (4: kind, target as 16-bit; kind 0 = the vertex shader position offset); the
 *              tables at 0x24 in that order (an empty table's offset is where it would
 *              start), then the SM2 program.
 *   The entry layouts of the level-9 tables are not documented by Microsoft; they are the
 *   ones public DXBC tools read from fxc output.  softd3d's reader (dxbc.c) and vkd3d (which
 *   skips Aon9) accept them; the D3D11 runtime on Windows could not be tried.
 *
 * The reader takes what the writer writes and what fxc writes in those chunks (strings and
 * tables anywhere in the chunk, found by their offsets); every read is bounds-checked and
 * every error names the byte offset in the blob.
 */
#include "shader/tpf_listing.h"

#include "shader/dxbc.h"
#include "shader/shader_asm.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- writing ------------------------------------------------------------------------------------ */

struct wbuf {
    uint8_t *b;
    size_t n, cap;
    bool failed;
};

static void wbytes(struct wbuf *w, const void *p, size_t n)
{
    if (w->failed)
        return;
    if (w->cap - w->n < n) {
        size_t cap = w->cap ? w->cap : 1024;
        while (cap - w->n < n) {
            if (cap > SIZE_MAX / 2) {
                w->failed = true;
                return;
            }
            cap *= 2;
        }
        uint8_t *b = realloc(w->b, cap);
        if (!b) {
            w->failed = true;
            return;
        }
        w->b = b;
        w->cap = cap;
    }
    if (n)
        memcpy(w->b + w->n, p, n);
    w->n += n;
}

static void w32(struct wbuf *w, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    wbytes(w, b, 4);
}

static void w16(struct wbuf *w, uint16_t v)
{
    uint8_t b[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
    wbytes(w, b, 2);
}

static void w8(struct wbuf *w, uint8_t v)
{
    wbytes(w, &v, 1);
}

static void walign(struct wbuf *w)
{
    while (w->n % 4)
        w8(w, 0);
}

/* Strings of a chunk: appended to `s`, their offsets counted from `base`. */
static uint32_t wstring(struct wbuf *s, uint32_t base, const char *str)
{
    uint32_t at = base + (uint32_t)s->n;
    wbytes(s, str, strlen(str) + 1);
    return at;
}

static void variable_type_name(const struct tpf_variable *v, char *out, size_t size)
{
    const char *base = v->type == 1 ? "bool" : v->type == 2 ? "int" : v->type == 19 ? "uint" :
                       v->type == 39 ? "double" : "float";
    if (v->class_ == 0)
        snprintf(out, size, "%s", base);
    else if (v->class_ == 1)
        snprintf(out, size, "%s%u", base, (unsigned)v->columns);
    else
        snprintf(out, size, "%s%ux%u", base, (unsigned)v->rows, (unsigned)v->columns);
}

static void write_rdef(struct wbuf *w, const struct tpf_listing *l, uint32_t target)
{
    bool sm5 = ((target >> 8) & 0xff) >= 5;
    uint32_t hsize = sm5 ? 60 : 28, vsize = sm5 ? 40 : 24, tsize = sm5 ? 36 : 16;
    uint32_t bind_off = hsize, cb_off = bind_off + 32 * l->binding_count;
    uint32_t var_off = cb_off + 24 * l->cbuffer_count;
    uint32_t type_off = var_off + vsize * l->variable_count;
    uint32_t str_off = type_off + tsize * l->variable_count;
    struct wbuf s = {0};

    uint32_t creator = wstring(&s, str_off, l->creator);
    w32(w, l->cbuffer_count);
    w32(w, cb_off);
    w32(w, l->binding_count);
    w32(w, bind_off);
    w32(w, target);
    w32(w, 0); /* compile flags */
    w32(w, creator);
    if (sm5) {
        w32(w, DXBC_FOURCC('R', 'D', '1', '1'));
        w32(w, 60);  /* header */
        w32(w, 24);  /* constant buffer */
        w32(w, 32);  /* binding */
        w32(w, 40);  /* variable */
        w32(w, 36);  /* type */
        w32(w, 12);  /* struct member */
        w32(w, 0);
    }
    for (uint32_t i = 0; i < l->binding_count; i++) {
        const struct tpf_binding *b = &l->bindings[i];
        w32(w, wstring(&s, str_off, b->name));
        w32(w, b->type);
        w32(w, b->return_type);
        w32(w, b->dimension);
        w32(w, b->samples);
        w32(w, b->point);
        w32(w, b->count);
        w32(w, b->flags);
    }
    for (uint32_t i = 0; i < l->cbuffer_count; i++) {
        const struct tpf_cbuffer *cb = &l->cbuffers[i];
        w32(w, wstring(&s, str_off, cb->name));
        w32(w, cb->count);
        w32(w, var_off + vsize * cb->first);
        w32(w, cb->size);
        w32(w, 0); /* flags */
        w32(w, cb->type);
    }
    for (uint32_t i = 0; i < l->variable_count; i++) {
        const struct tpf_variable *v = &l->variables[i];
        w32(w, wstring(&s, str_off, v->name));
        w32(w, v->offset);
        w32(w, v->size);
        w32(w, v->flags);
        w32(w, type_off + tsize * i);
        w32(w, 0); /* no default value */
        if (sm5) {
            w32(w, 0xffffffffu);
            w32(w, 0);
            w32(w, 0xffffffffu);
            w32(w, 0);
        }
    }
    for (uint32_t i = 0; i < l->variable_count; i++) {
        const struct tpf_variable *v = &l->variables[i];
        w16(w, v->class_);
        w16(w, v->type);
        w16(w, v->rows);
        w16(w, v->columns);
        w16(w, v->elements);
        w16(w, 0); /* members */
        w32(w, 0);
        if (sm5) {
            char name[32];
            variable_type_name(v, name, sizeof(name));
            for (unsigned k = 0; k < 4; k++)
                w32(w, 0);
            w32(w, wstring(&s, str_off, name));
        }
    }
    if (s.failed)
        w->failed = true;
    wbytes(w, s.b, s.n);
    free(s.b);
    walign(w);
}

/* ISGN/OSGN, or with `streams` OSG5: each element led by its stream (dxbc.h). */
static void write_signature(struct wbuf *w, const struct tpf_signature *sig, bool streams)
{
    struct wbuf s = {0};
    uint32_t str_off = 8 + (streams ? 28 : 24) * sig->count;
    w32(w, sig->count);
    w32(w, 8);
    for (uint32_t i = 0; i < sig->count; i++) {
        const struct tpf_sig_element *e = &sig->items[i];
        if (streams)
            w32(w, e->stream);
        w32(w, wstring(&s, str_off, e->name));
        w32(w, e->index);
        w32(w, e->sysval);
        w32(w, e->type);
        w32(w, e->reg);
        w32(w, (uint32_t)e->mask | (uint32_t)e->rw << 8);
    }
    if (s.failed)
        w->failed = true;
    wbytes(w, s.b, s.n);
    free(s.b);
    walign(w);
}

static void write_level9(struct wbuf *w, const struct tpf_level9 *l9, const uint32_t *sm2,
                         size_t sm2_size)
{
    size_t start = w->n;
    uint32_t at = 0x24;
    uint32_t sizes[5] = {12 * l9->cb_count, 8 * l9->loop_count, 0, 4 * l9->sampler_count,
                         4 * l9->runtime_count};
    uint32_t counts[5] = {l9->cb_count, l9->loop_count, 0, l9->sampler_count, l9->runtime_count};
    uint32_t prog = at;
    for (unsigned i = 0; i < 5; i++)
        prog += sizes[i];
    w32(w, prog + (uint32_t)sm2_size); /* size of the level-9 data */
    w32(w, sm2[0]);
    w32(w, (uint32_t)sm2_size);
    w32(w, prog);
    for (unsigned i = 0; i < 5; i++) {
        w16(w, (uint16_t)counts[i]);
        w16(w, (uint16_t)at);
        at += sizes[i];
    }
    for (uint32_t i = 0; i < l9->cb_count; i++) {
        const struct tpf_l9_cb_map *m = &l9->cb[i];
        w16(w, m->buffer);
        w16(w, m->start);
        w16(w, m->count);
        w16(w, m->target);
        wbytes(w, m->conversion, 4);
    }
    for (uint32_t i = 0; i < l9->loop_count; i++) {
        const struct tpf_l9_loop_map *m = &l9->loop[i];
        w16(w, m->buffer);
        w16(w, m->source);
        w16(w, m->component);
        w16(w, m->target);
    }
    for (uint32_t i = 0; i < l9->sampler_count; i++) {
        w8(w, l9->sampler[i].resource);
        w8(w, l9->sampler[i].sampler);
        w8(w, l9->sampler[i].target);
        w8(w, 0);
    }
    for (uint32_t i = 0; i < l9->runtime_count; i++) {
        w16(w, l9->runtime[i].kind);
        w16(w, l9->runtime[i].target);
    }
    for (size_t i = 0; i < sm2_size / 4; i++)
        w32(w, sm2[i]);
    (void)start;
}

/* IFCE (class linkage), softd3d's layout (dxbc.h, struct dxbc_class_info): four counts, the
 * records, then the names (offsets from the chunk's start, NUL-terminated). */
static void write_ifce(struct wbuf *w, const struct tpf_classes *c)
{
    uint32_t at = 16 + 8 * c->type_count + 24 * c->instance_count + 12 * c->entry_count;
    w32(w, c->type_count);
    w32(w, c->instance_count);
    w32(w, c->entry_count);
    w32(w, c->slot_count);
    for (uint32_t i = 0; i < c->type_count; i++) {
        w32(w, at);
        at += (uint32_t)strlen(c->types[i].name) + 1;
        w32(w, c->types[i].id);
    }
    for (uint32_t i = 0; i < c->instance_count; i++) {
        w32(w, at);
        at += (uint32_t)strlen(c->instances[i].name) + 1;
        w32(w, c->instances[i].type);
        w32(w, c->instances[i].cb);
        w32(w, c->instances[i].cb_offset);
        w32(w, c->instances[i].texture);
        w32(w, c->instances[i].sampler);
    }
    for (uint32_t i = 0; i < c->entry_count; i++) {
        w32(w, c->entries[i].slot);
        w32(w, c->entries[i].type);
        w32(w, c->entries[i].table);
    }
    for (uint32_t i = 0; i < c->type_count; i++)
        wbytes(w, c->types[i].name, strlen(c->types[i].name) + 1);
    for (uint32_t i = 0; i < c->instance_count; i++)
        wbytes(w, c->instances[i].name, strlen(c->instances[i].name) + 1);
    while (w->n % 4)
        wbytes(w, "", 1);
}

int tpf_container_write(const struct tpf_listing *l, const uint32_t *tokens, size_t n,
                        const uint32_t *sm2, size_t sm2_size, void **blob, size_t *size,
                        struct tpf_text_error *err)
{
    struct wbuf chunks[6] = {{0}};
    uint32_t tags[6];
    unsigned count = 0;
    uint32_t version = tokens[0];
    uint32_t major = (version >> 4) & 0xf, minor = version & 0xf;
    /* RDEF's target: 0xffff pixel, 0xfffe vertex, 0x4753 ('GS') geometry */
    uint32_t kind = version >> 16;
    uint32_t target = minor | major << 8 |
                      (kind == 0 ? 0xffffu : kind == 1 ? 0xfffeu : 0x4753u) << 16;

    *blob = NULL;
    *size = 0;
    tags[count] = DXBC_TAG_RDEF;
    write_rdef(&chunks[count++], l, target);
    if (sm2) {
        tags[count] = DXBC_TAG_AON9;
        write_level9(&chunks[count++], &l->level9, sm2, sm2_size);
    }
    bool streams = false;   /* a gs_5_0 output beyond stream 0 needs OSG5 */
    for (uint32_t i = 0; i < l->output.count; i++)
        streams |= l->output.items[i].stream != 0;
    tags[count] = DXBC_TAG_ISGN;
    write_signature(&chunks[count++], &l->input, false);
    tags[count] = streams ? DXBC_TAG_OSG5 : DXBC_TAG_OSGN;
    write_signature(&chunks[count++], &l->output, streams);
    if (l->classes.slot_count || l->classes.type_count) {
        tags[count] = DXBC_TAG_IFCE;
        write_ifce(&chunks[count++], &l->classes);
    }
    tags[count] = major >= 5 ? DXBC_TAG_SHEX : DXBC_TAG_SHDR;
    for (size_t i = 0; i < n; i++)
        w32(&chunks[count], tokens[i]);
    count++;

    struct wbuf out = {0};
    bool failed = false;
    size_t total = DXBC_HEADER_SIZE + 4 * (size_t)count;
    for (unsigned i = 0; i < count; i++) {
        failed |= chunks[i].failed;
        total += 8 + chunks[i].n;
    }
    if (!failed && total <= UINT32_MAX) {
        w32(&out, DXBC_TAG_DXBC);
        for (unsigned i = 0; i < 4; i++)
            w32(&out, 0); /* checksum, filled by dxbc_sign */
        w32(&out, 1);
        w32(&out, (uint32_t)total);
        w32(&out, count);
        size_t at = DXBC_HEADER_SIZE + 4 * (size_t)count;
        for (unsigned i = 0; i < count; i++) {
            w32(&out, (uint32_t)at);
            at += 8 + chunks[i].n;
        }
        for (unsigned i = 0; i < count; i++) {
            w32(&out, tags[i]);
            w32(&out, (uint32_t)chunks[i].n);
            wbytes(&out, chunks[i].b, chunks[i].n);
        }
    }
    for (unsigned i = 0; i < count; i++)
        free(chunks[i].b);
    if (failed || out.failed || total > UINT32_MAX) {
        free(out.b);
        return tpf_text_fail(err, SHADER_ASM_E_NOMEM, NULL, 0, "out of memory writing the "
                             "container");
    }
    dxbc_sign(out.b, out.n);
    *blob = out.b;
    *size = out.n;
    return 0;
}

/* ---- reading ------------------------------------------------------------------------------------ */

struct chunk_reader {
    const uint8_t *d;
    uint32_t size;
    size_t base;               /* byte offset of d in the blob, for messages */
    const char *what;          /* "RDEF" ... */
    struct tpf_text_error *err;
};

static int bad(const struct chunk_reader *r, uint64_t at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int bad(const struct chunk_reader *r, uint64_t at, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    return tpf_text_fail(r->err, SHADER_ASM_E_BAD_BLOB, NULL, 0, "%s chunk: %s at offset 0x%llx",
                         r->what, msg, (unsigned long long)(r->base + (at < r->size ? at : r->size)));
}

static bool r32(const struct chunk_reader *r, uint64_t at, uint32_t *v)
{
    if (at > r->size || r->size - at < 4)
        return false;
    const uint8_t *p = r->d + at;
    *v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    return true;
}

static bool r16(const struct chunk_reader *r, uint64_t at, uint16_t *v)
{
    if (at > r->size || r->size - at < 2)
        return false;
    *v = (uint16_t)(r->d[at] | r->d[at + 1] << 8);
    return true;
}

/* Copies the NUL-terminated string at chunk offset `at` into out (cap TPF_NAME_MAX or size). */
static int rstring(const struct chunk_reader *r, uint32_t at, char *out, size_t cap)
{
    if (at >= r->size)
        return bad(r, at, "string offset 0x%x outside the chunk", (unsigned)at);
    const uint8_t *nul = memchr(r->d + at, 0, r->size - at);
    if (!nul)
        return bad(r, at, "string without a terminating NUL");
    size_t n = (size_t)(nul - (r->d + at));
    if (n >= cap)
        return bad(r, at, "string of %zu characters (at most %zu)", n, cap - 1);
    memcpy(out, r->d + at, n + 1);
    return 0;
}

static int read_rdef(const struct chunk_reader *r, struct tpf_listing *l)
{
    uint32_t cb_count, cb_off, bind_count, bind_off, target, creator;
    int ret;
    if (!r32(r, 0, &cb_count) || !r32(r, 4, &cb_off) || !r32(r, 8, &bind_count) ||
        !r32(r, 12, &bind_off) || !r32(r, 16, &target) || !r32(r, 24, &creator))
        return bad(r, 0, "header shorter than 28 bytes");
    uint32_t major = (target >> 8) & 0xff, minor = target & 0xff;
    uint32_t vsize = major >= 5 ? 40 : 24, tsize_min = 16;
    if (major > 5 || (major == 5 && minor >= 1))
        return bad(r, 16, "shader model %u.%u resource definitions are not supported",
                   (unsigned)major, (unsigned)minor);
    if (cb_count > TPF_MAX_CBUFFERS)
        return bad(r, 0, "%u constant buffers (at most %d)", (unsigned)cb_count, TPF_MAX_CBUFFERS);
    if (bind_count > TPF_MAX_BINDINGS)
        return bad(r, 8, "%u bindings (at most %d)", (unsigned)bind_count, TPF_MAX_BINDINGS);
    l->creator[0] = '\0';
    if (creator && (ret = rstring(r, creator, l->creator, sizeof(l->creator))))
        return ret;
    l->has_creator = true;
    for (uint32_t i = 0; i < bind_count; i++) {
        struct tpf_binding *b = &l->bindings[i];
        uint64_t at = bind_off + (uint64_t)i * 32;
        uint32_t name;
        if (!r32(r, at, &name) || !r32(r, at + 4, &b->type) || !r32(r, at + 8, &b->return_type) ||
            !r32(r, at + 12, &b->dimension) || !r32(r, at + 16, &b->samples) ||
            !r32(r, at + 20, &b->point) || !r32(r, at + 24, &b->count) ||
            !r32(r, at + 28, &b->flags))
            return bad(r, at, "binding %u runs past the chunk", (unsigned)i);
        if ((ret = rstring(r, name, b->name, TPF_NAME_MAX)))
            return ret;
        if (b->type > 11) /* D3D_SIT_UAV_RWSTRUCTURED_WITH_COUNTER is the last of 5_0 */
            return bad(r, at + 4, "binding '%s' of type %u (not a shader model 5 input type)",
                       b->name, (unsigned)b->type);
    }
    l->binding_count = bind_count;
    for (uint32_t i = 0; i < cb_count; i++) {
        struct tpf_cbuffer *cb = &l->cbuffers[i];
        uint64_t at = cb_off + (uint64_t)i * 24;
        uint32_t name, vars, var_off, flags;
        if (!r32(r, at, &name) || !r32(r, at + 4, &vars) || !r32(r, at + 8, &var_off) ||
            !r32(r, at + 12, &cb->size) || !r32(r, at + 16, &flags) || !r32(r, at + 20, &cb->type))
            return bad(r, at, "constant buffer %u runs past the chunk", (unsigned)i);
        if ((ret = rstring(r, name, cb->name, TPF_NAME_MAX)))
            return ret;
        if (cb->type > 1)
            return bad(r, at + 20, "constant buffer '%s' of type %u (only cbuffer and tbuffer)",
                       cb->name, (unsigned)cb->type);
        if (vars > TPF_MAX_VARIABLES - l->variable_count)
            return bad(r, at + 4, "more than %d variables", TPF_MAX_VARIABLES);
        cb->first = l->variable_count;
        cb->count = vars;
        for (uint32_t k = 0; k < vars; k++) {
            struct tpf_variable *v = &l->variables[l->variable_count];
            uint64_t va = var_off + (uint64_t)k * vsize;
            uint32_t vname, type_off, def;
            uint16_t members;
            if (!r32(r, va, &vname) || !r32(r, va + 4, &v->offset) || !r32(r, va + 8, &v->size) ||
                !r32(r, va + 12, &v->flags) || !r32(r, va + 16, &type_off) ||
                !r32(r, va + 20, &def) || (vsize == 40 && !r32(r, va + 36, &def)))
                return bad(r, va, "variable %u of '%s' runs past the chunk", (unsigned)k,
                           cb->name);
            if ((ret = rstring(r, vname, v->name, TPF_NAME_MAX)))
                return ret;
            if (type_off > r->size || r->size - type_off < tsize_min ||
                !r16(r, type_off, &v->class_) || !r16(r, type_off + 2, &v->type) ||
                !r16(r, type_off + 4, &v->rows) || !r16(r, type_off + 6, &v->columns) ||
                !r16(r, type_off + 8, &v->elements) || !r16(r, type_off + 10, &members))
                return bad(r, va + 16, "type of '%s' runs past the chunk", v->name);
            if (members || v->class_ > 3)
                return bad(r, type_off, "'%s' is a struct or object (not supported)", v->name);
            l->variable_count++;
        }
    }
    l->cbuffer_count = cb_count;
    return 0;
}

/* ISGN/OSGN (24-byte elements), or with `streams` OSG5 (28: the stream first). */
static int read_signature(const struct chunk_reader *r, struct tpf_signature *s, bool streams)
{
    const uint64_t size = streams ? 28 : 24, lead = streams ? 4 : 0;
    uint32_t count, off;
    int ret;
    if (!r32(r, 0, &count) || !r32(r, 4, &off))
        return bad(r, 0, "header shorter than 8 bytes");
    if (count > TPF_MAX_SIG)
        return bad(r, 0, "%u elements (at most %d)", (unsigned)count, TPF_MAX_SIG);
    for (uint32_t i = 0; i < count; i++) {
        struct tpf_sig_element *e = &s->items[i];
        uint64_t at = off + (uint64_t)i * size + lead;
        uint32_t name, masks, stream = 0;
        if ((streams && !r32(r, at - 4, &stream)) ||
            !r32(r, at, &name) || !r32(r, at + 4, &e->index) || !r32(r, at + 8, &e->sysval) ||
            !r32(r, at + 12, &e->type) || !r32(r, at + 16, &e->reg) || !r32(r, at + 20, &masks))
            return bad(r, at, "element %u runs past the chunk", (unsigned)i);
        if ((ret = rstring(r, name, e->name, TPF_NAME_MAX)))
            return ret;
        e->mask = (uint8_t)(masks & 0xff);
        e->rw = (uint8_t)((masks >> 8) & 0xff);
        if (stream > 3)
            return bad(r, at - 4, "element %u: stream %u (0..3)", (unsigned)i, (unsigned)stream);
        e->stream = (uint8_t)stream;
    }
    s->count = count;
    s->given = true;
    return 0;
}

static int read_level9(const struct chunk_reader *r, struct tpf_listing *l,
                       struct tpf_container_parts *parts)
{
    struct tpf_level9 *l9 = &l->level9;
    uint32_t psize, poff;
    uint16_t count[5], off[5];
    if (!r32(r, 8, &psize) || !r32(r, 12, &poff) || r->size < 36)
        return bad(r, 0, "header shorter than 36 bytes");
    for (unsigned i = 0; i < 5; i++) {
        r16(r, 16 + 4 * i, &count[i]);
        r16(r, 18 + 4 * i, &off[i]);
        if (count[i] > TPF_MAX_L9_MAPS)
            return bad(r, 16 + 4 * i, "%u entries in mapping table %u (at most %d)",
                       (unsigned)count[i], i, TPF_MAX_L9_MAPS);
    }
    if (count[2])
        return bad(r, 24, "the third mapping table (never seen filled) has %u entries",
                   (unsigned)count[2]);
    if (poff > r->size || r->size - poff < psize || psize < 4 || psize % 4)
        return bad(r, 8, "program of 0x%x bytes at +0x%x does not fit", (unsigned)psize,
                   (unsigned)poff);
    static const unsigned entry[5] = {12, 8, 0, 4, 4};
    for (unsigned t = 0; t < 5; t++)
        if (count[t] && (off[t] > r->size || (r->size - off[t]) / entry[t] < count[t]))
            return bad(r, 16 + 4 * t, "mapping table %u runs past the chunk", t);
    for (unsigned i = 0; i < count[0]; i++) {
        struct tpf_l9_cb_map *m = &l9->cb[i];
        uint32_t at = off[0] + 12u * i;
        r16(r, at, &m->buffer);
        r16(r, at + 2, &m->start);
        r16(r, at + 4, &m->count);
        r16(r, at + 6, &m->target);
        memcpy(m->conversion, r->d + at + 8, 4);
        for (unsigned k = 0; k < 4; k++)
            if (m->conversion[k] > 3)
                return bad(r, at + 8 + k, "data conversion %u", (unsigned)m->conversion[k]);
    }
    for (unsigned i = 0; i < count[1]; i++) {
        struct tpf_l9_loop_map *m = &l9->loop[i];
        uint32_t at = off[1] + 8u * i;
        r16(r, at, &m->buffer);
        r16(r, at + 2, &m->source);
        r16(r, at + 4, &m->component);
        r16(r, at + 6, &m->target);
    }
    for (unsigned i = 0; i < count[3]; i++) {
        const uint8_t *p = r->d + off[3] + 4u * i;
        l9->sampler[i].resource = p[0];
        l9->sampler[i].sampler = p[1];
        l9->sampler[i].target = p[2];
    }
    for (unsigned i = 0; i < count[4]; i++) {
        r16(r, off[4] + 4u * i, &l9->runtime[i].kind);
        r16(r, off[4] + 4u * i + 2, &l9->runtime[i].target);
    }
    l9->cb_count = count[0];
    l9->loop_count = count[1];
    l9->sampler_count = count[3];
    l9->runtime_count = count[4];
    l->has_level9 = true;
    parts->sm2 = r->d + poff;
    parts->sm2_size = psize;
    return 0;
}

int tpf_container_read(const void *blob, size_t size, struct tpf_listing *l,
                       struct tpf_container_parts *parts, struct tpf_text_error *err)
{
    struct dxbc_container c;
    struct dxbc_error derr;
    struct dxbc_chunk ch;
    int ret;

    memset(l, 0, sizeof(*l));
    memset(parts, 0, sizeof(*parts));
    if (dxbc_container_open(&c, blob, size, DXBC_PARSE_SKIP_CHECKSUM, &derr) < 0)
        return tpf_text_fail(err, SHADER_ASM_E_BAD_BLOB, NULL, 0, "%s", derr.message);
    uint8_t sum[16];
    parts->checksum_ok = dxbc_compute_checksum(blob, size, sum) == 0 &&
                         !memcmp(sum, (const uint8_t *)blob + DXBC_CHECKSUM_OFFSET, 16);
    if (!dxbc_container_find(&c, DXBC_TAG_SHDR, &ch) && !dxbc_container_find(&c, DXBC_TAG_SHEX, &ch))
        return tpf_text_fail(err, SHADER_ASM_E_BAD_BLOB, NULL, 0,
                             "the container has no SHDR or SHEX chunk");
    parts->program = ch.data;
    parts->program_size = ch.size;
    struct chunk_reader r = {NULL, 0, 0, "", err};
    if (dxbc_container_find(&c, DXBC_TAG_RDEF, &ch)) {
        r = (struct chunk_reader){ch.data, ch.size, ch.offset, "RDEF", err};
        if ((ret = read_rdef(&r, l)))
            return ret;
    }
    if (dxbc_container_find(&c, DXBC_TAG_ISGN, &ch)) {
        r = (struct chunk_reader){ch.data, ch.size, ch.offset, "ISGN", err};
        if ((ret = read_signature(&r, &l->input, false)))
            return ret;
    }
    if (dxbc_container_find(&c, DXBC_TAG_OSGN, &ch)) {
        r = (struct chunk_reader){ch.data, ch.size, ch.offset, "OSGN", err};
        if ((ret = read_signature(&r, &l->output, false)))
            return ret;
    } else if (dxbc_container_find(&c, DXBC_TAG_OSG5, &ch)) {
        r = (struct chunk_reader){ch.data, ch.size, ch.offset, "OSG5", err};
        if ((ret = read_signature(&r, &l->output, true)))
            return ret;
    }
    if (dxbc_container_find(&c, DXBC_TAG_AON9, &ch)) {
        r = (struct chunk_reader){ch.data, ch.size, ch.offset, "Aon9", err};
        if ((ret = read_level9(&r, l, parts)))
            return ret;
    }
    return 0;
}
