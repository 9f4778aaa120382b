/* src/hlsl/ctab_write.c — the constant table of a d3dbc program (vs/ps_2_0..3_0 targets): the
 * comment block fxc puts right after the version token, which ID3DXConstantTable and
 * D3DXGetShaderConstantTable read to find each uniform's registers by name.
 *
 * Layout (D3DXSHADER_CONSTANTTABLE, D3DXSHADER_CONSTANTINFO, D3DXSHADER_TYPEINFO and
 * D3DXSHADER_STRUCTMEMBERINFO in the D3DX 9 reference; every offset counts from the byte after
 * the "CTAB" FOURCC):
 *     comment token 0xFFFE | dwords << 16 ("Comment Token", D3D9 shader tokens), "CTAB",
 *     header: Size 28, Creator, Version (the version token), Constants, ConstantInfo, Flags,
 *             Target
 *     constant info (20 bytes): Name, u16 RegisterSet, RegisterIndex, RegisterCount,
 *             Reserved, TypeInfo, DefaultValue (0: none; else RegisterCount * 4 dwords, the
 *             initializer in register layout: gen_entry.c d3d9_defaults)
 *     type info (16 bytes): u16 Class, Type, Rows, Columns, Elements, StructMembers,
 *             StructMemberInfo; members 8 bytes each: Name, TypeInfo
 *     strings, NUL-terminated, then padding to a dword.
 * The values: D3DXREGISTER_SET (BOOL 0, INT4 1, FLOAT4 2, SAMPLER 3), D3DXPARAMETER_CLASS
 * (SCALAR 0, VECTOR 1, MATRIX_ROWS 2, MATRIX_COLUMNS 3, OBJECT 4, STRUCT 5) and
 * D3DXPARAMETER_TYPE (BOOL 1, INT 2, FLOAT 3, TEXTURE 5, TEXTURE1D..CUBE 6..9, SAMPLER 10,
 * SAMPLER1D..CUBE 11..14).  src/shader/d3dbc_read.c decodes it (the tests read it back).
 */
#include "hlsl/hlsl_private.h"

#include <string.h>

struct bytes {
    struct hc *c;
    uint8_t *p;
    size_t n, cap;
};

static uint32_t reserve(struct bytes *b, size_t n)
{
    size_t at = b->n;
    b->p = hc_grow(b->c, b->p, &b->cap, b->n + n, 1);
    memset(b->p + at, 0, n);
    b->n += n;
    return (uint32_t)at;
}

static void put16(struct bytes *b, uint32_t at, unsigned v)
{
    b->p[at] = (uint8_t)v;
    b->p[at + 1] = (uint8_t)(v >> 8);
}

static void put32(struct bytes *b, uint32_t at, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++)
        b->p[at + i] = (uint8_t)(v >> (8 * i));
}

static uint32_t string(struct bytes *b, const char *s)
{
    size_t n = strlen(s) + 1;
    uint32_t at = reserve(b, n);
    memcpy(b->p + at, s, n);
    return at;
}

static unsigned leaf_components(const struct type *t)
{
    if (t->cls == TC_ARRAY)
        return t->count * leaf_components(t->elem);
    if (t->cls == TC_STRUCT) {
        unsigned n = 0;
        for (unsigned i = 0; i < t->nfields; i++)
            n += leaf_components(t->fields[i].type);
        return n;
    }
    return type_is_numeric(t) ? t->rows * t->cols : 1;
}

static uint32_t type_info(struct bytes *b, const struct type *t)
{
    unsigned elements = 1;
    while (t->cls == TC_ARRAY) {
        elements *= t->count;
        t = t->elem;
    }
    unsigned cls, type, rows = 1, cols = 1;
    static const unsigned by_dim[] = {[TD_1D] = 1, [TD_2D] = 2, [TD_3D] = 3, [TD_CUBE] = 4};
    unsigned dim = t->dim <= TD_CUBE ? by_dim[t->dim] : 0;
    switch (t->cls) {
    case TC_SCALAR: case TC_VECTOR: case TC_MATRIX:
        cls = t->cls == TC_SCALAR ? 0 : t->cls == TC_VECTOR ? 1 : t->row_major ? 2 : 3;
        type = t->base == BT_BOOL ? 1 : t->base == BT_FLOAT ? 3 : 2;
        rows = t->rows;
        cols = t->cols;
        break;
    case TC_SAMPLER:
        cls = 4;
        type = dim ? 10 + dim : 10;
        break;
    case TC_TEXTURE:
        cls = 4;
        type = dim ? 5 + dim : 5;
        break;
    default:
        cls = 5;
        type = 0;
        cols = leaf_components(t);
        break;
    }
    uint32_t at = reserve(b, 16);
    put16(b, at, cls);
    put16(b, at + 2, type);
    put16(b, at + 4, rows);
    put16(b, at + 6, cols);
    put16(b, at + 8, elements);
    if (t->cls == TC_STRUCT && t->nfields) {
        put16(b, at + 10, t->nfields);
        uint32_t members = reserve(b, 8 * (size_t)t->nfields);
        put32(b, at + 12, members);
        for (unsigned i = 0; i < t->nfields; i++) {
            uint32_t name = string(b, t->fields[i].name);
            uint32_t ti = type_info(b, t->fields[i].type);
            put32(b, members + 8 * i, name);
            put32(b, members + 8 * i + 4, ti);
        }
    }
    return at;
}

uint32_t *ctab_build(struct hc *c, size_t *ndwords)
{
    /* the version token: 0xFFFE (vs) / 0xFFFF (ps), major, minor (2_x is 2.1) */
    uint32_t version = (c->ps ? 0xffff0000u : 0xfffe0000u) | (uint32_t)(c->d3d9 / 10) << 8 |
                       (uint32_t)(c->d3d9 % 10);
    struct bytes b = {c, NULL, 0, 0};       /* the table: offsets are positions in it */
    uint32_t head = reserve(&b, 28);
    uint32_t info = reserve(&b, 20 * (size_t)c->nctab);
    put32(&b, head, 28);
    put32(&b, head + 8, version);
    put32(&b, head + 12, c->nctab);
    put32(&b, head + 16, info);
    /* D3DXSHADER_PACKMATRIX_ROWMAJOR (1 << 3) when that was the default */
    put32(&b, head + 20, c->row_major_default ? 1u << 3 : 0);
    for (unsigned i = 0; i < c->nctab; i++) {
        const struct ctab_entry *e = &c->ctab[i];
        uint32_t k = info + 20 * i;
        put32(&b, k, string(&b, e->name));
        put16(&b, k + 4, e->regset);
        put16(&b, k + 6, e->reg);
        put16(&b, k + 8, e->count);
        put32(&b, k + 12, type_info(&b, e->type));
        if (e->defaults) {
            reserve(&b, (4 - b.n % 4) % 4);   /* the values are dwords, dword-aligned */
            uint32_t d = reserve(&b, 16 * (size_t)e->count);
            for (unsigned q = 0; q < 4 * e->count; q++)
                put32(&b, d + 4 * q, e->defaults[q]);
            put32(&b, k + 16, d);
        }
    }
    put32(&b, head + 4, string(&b, "softd3d HLSL compiler"));
    put32(&b, head + 24, string(&b, c->args->target));
    reserve(&b, (4 - b.n % 4) % 4);
    size_t n = b.n / 4 + 2;
    if (n - 1 > 0x7fff)
        hc_error(c, NULL, 3000, "the constant table is larger than a comment block can hold");
    uint32_t *out = hc_alloc(c, n * 4);
    out[0] = 0xfffeu | (uint32_t)(n - 1) << 16;
    memcpy(out + 1, "CTAB", 4);
    memcpy(out + 2, b.p, b.n); /* little-endian bytes, as the tokens are */
    *ndwords = n;
    return out;
}
