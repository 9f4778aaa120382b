/* src/shader/dxbc_class.c — the IFCE chunk reader (dxbc_class.h). */
#include "shader/dxbc_class.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int bad(struct dxbc_error *err, size_t offset, const char *what)
{
    if (err) {
        err->code = DXBC_E_BAD_CHUNK;
        err->offset = offset;
        snprintf(err->message, sizeof(err->message), "dxbc: IFCE chunk at offset 0x%zx: %s",
                 offset, what);
    }
    return DXBC_E_BAD_CHUNK;
}

/* The name at chunk offset `at` into dst; false when it is outside or too long. */
static bool read_name(const struct dxbc_chunk *ch, uint32_t at, char *dst)
{
    if (at >= ch->size)
        return false;
    size_t n = 0;
    while (at + n < ch->size && ch->data[at + n])
        if (++n >= DXBC_CLASS_NAME_MAX)
            return false;
    if (at + n >= ch->size)
        return false;
    memcpy(dst, ch->data + at, n);
    dst[n] = '\0';
    return true;
}

void dxbc_class_free(struct dxbc_class_info *info)
{
    if (!info)
        return;
    free(info->types);
    free(info->instances);
    free(info->entries);
    memset(info, 0, sizeof(*info));
}

int dxbc_class_parse(const void *blob, size_t size, unsigned flags, struct dxbc_class_info *out,
                     struct dxbc_error *err)
{
    struct dxbc_container c;
    struct dxbc_chunk ch;
    memset(out, 0, sizeof(*out));
    int ret = dxbc_container_open(&c, blob, size, flags, err);
    if (ret < 0)
        return ret;
    if (!dxbc_container_find(&c, DXBC_TAG_IFCE, &ch))
        return 0;
    if (ch.size < 16)
        return bad(err, ch.offset, "shorter than its header");
    uint32_t nt = rd32(ch.data), ni = rd32(ch.data + 4), ne = rd32(ch.data + 8);
    uint32_t ns = rd32(ch.data + 12);
    if (nt > DXBC_CLASS_MAX || ni > DXBC_CLASS_MAX || ne > DXBC_CLASS_MAX || ns > 253)
        return bad(err, ch.offset, "more records than a program can have");
    uint64_t need = 16 + 8ull * nt + 24ull * ni + 12ull * ne;
    if (need > ch.size)
        return bad(err, ch.offset, "records past the chunk's end");
    out->type_count = nt;
    out->instance_count = ni;
    out->entry_count = ne;
    out->slot_count = ns;
    out->types = calloc(nt ? nt : 1, sizeof(*out->types));
    out->instances = calloc(ni ? ni : 1, sizeof(*out->instances));
    out->entries = calloc(ne ? ne : 1, sizeof(*out->entries));
    if (!out->types || !out->instances || !out->entries) {
        dxbc_class_free(out);
        return DXBC_E_NOMEM;
    }
    const uint8_t *p = ch.data + 16;
    for (uint32_t i = 0; i < nt; i++, p += 8) {
        if (!read_name(&ch, rd32(p), out->types[i].name)) {
            dxbc_class_free(out);
            return bad(err, ch.offset + (size_t)(p - ch.data), "class type name");
        }
        out->types[i].id = rd32(p + 4);
    }
    for (uint32_t i = 0; i < ni; i++, p += 24) {
        struct dxbc_class_instance *in = &out->instances[i];
        if (!read_name(&ch, rd32(p), in->name)) {
            dxbc_class_free(out);
            return bad(err, ch.offset + (size_t)(p - ch.data), "class instance name");
        }
        in->type = rd32(p + 4);
        in->cb = rd32(p + 8);
        in->cb_offset = rd32(p + 12);
        in->texture = rd32(p + 16);
        in->sampler = rd32(p + 20);
        if (!dxbc_class_type_id(out, in->type)) {
            dxbc_class_free(out);
            return bad(err, ch.offset + (size_t)(p - ch.data), "instance of an unknown type");
        }
    }
    for (uint32_t i = 0; i < ne; i++, p += 12) {
        out->entries[i].slot = rd32(p);
        out->entries[i].type = rd32(p + 4);
        out->entries[i].table = rd32(p + 8);
        if (out->entries[i].slot >= ns || !dxbc_class_type_id(out, out->entries[i].type)) {
            dxbc_class_free(out);
            return bad(err, ch.offset + (size_t)(p - ch.data),
                       "slot entry outside the slots or of an unknown type");
        }
    }
    return 0;
}

const struct dxbc_class_type *dxbc_class_type_named(const struct dxbc_class_info *c,
                                                    const char *name)
{
    for (uint32_t i = 0; name && i < c->type_count; i++)
        if (!strcmp(c->types[i].name, name))
            return &c->types[i];
    return NULL;
}

const struct dxbc_class_type *dxbc_class_type_id(const struct dxbc_class_info *c, uint32_t id)
{
    for (uint32_t i = 0; i < c->type_count; i++)
        if (c->types[i].id == id)
            return &c->types[i];
    return NULL;
}
