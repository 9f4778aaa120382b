/* src/hlsl/types.c — HLSL types: constructors, names, and the two layouts a value can have.
 *
 *   Temps (type_slots): one vec4 register per vector or scalar and per matrix row; structs
 *   and arrays are their members one after the other.  Only the compiler sees this layout.
 *   Constant buffers (type_cb_*): the documented packing rules ("Packing Rules for Constant
 *   Variables", HLSL reference): variables are packed into 16-byte registers, a variable
 *   never straddles a register boundary, each array element and each struct starts a new
 *   register, and a matrix takes one register per column (column_major, the default) or per
 *   row (row_major), each holding its rows (columns) components.
 */
#include "hlsl/hlsl_private.h"

#include <stdio.h>
#include <string.h>

struct type *type_numeric(struct hc *c, enum base_type b, unsigned rows, unsigned cols,
                          enum type_class cls)
{
    struct type *t = hc_alloc(c, sizeof(*t));
    t->cls = cls;
    t->base = b;
    t->rows = rows;
    t->cols = cols;
    return t;
}

struct type *type_scalar(struct hc *c, enum base_type b)
{
    return type_numeric(c, b, 1, 1, TC_SCALAR);
}

struct type *type_vector(struct hc *c, enum base_type b, unsigned n)
{
    return n == 1 ? type_scalar(c, b) : type_numeric(c, b, 1, n, TC_VECTOR);
}

struct type *type_matrix(struct hc *c, enum base_type b, unsigned rows, unsigned cols)
{
    return type_numeric(c, b, rows, cols, TC_MATRIX);
}

struct type *type_void(struct hc *c)
{
    struct type *t = hc_alloc(c, sizeof(*t));
    t->cls = TC_VOID;
    return t;
}

bool type_is_numeric(const struct type *t)
{
    return t->cls == TC_SCALAR || t->cls == TC_VECTOR || t->cls == TC_MATRIX;
}

unsigned type_components(const struct type *t)
{
    return type_is_numeric(t) ? t->rows * t->cols : 0;
}

bool type_equal(const struct type *a, const struct type *b)
{
    if (a == b)
        return true;
    if (a->cls != b->cls)
        return false;
    switch (a->cls) {
    case TC_SCALAR: case TC_VECTOR: case TC_MATRIX:
        return a->base == b->base && a->rows == b->rows && a->cols == b->cols;
    case TC_ARRAY:
        return a->count == b->count && type_equal(a->elem, b->elem);
    case TC_STRUCT:
        return a->fields == b->fields;
    case TC_TEXTURE: case TC_SAMPLER:
        return a->dim == b->dim && a->sm2_sampler == b->sm2_sampler && a->uav == b->uav &&
               (a->dim != TD_STRUCTURED || type_equal(a->elem, b->elem));
    case TC_STREAM:
        return a->stream == b->stream && type_equal(a->elem, b->elem);
    default:
        return true;
    }
}

static const char *base_name(enum base_type b)
{
    switch (b) {
    case BT_BOOL: return "bool";
    case BT_INT: return "int";
    case BT_UINT: return "uint";
    case BT_FLOAT: return "float";
    default: return "void";
    }
}

const char *type_name(struct hc *c, const struct type *t)
{
    char buf[128];
    switch (t->cls) {
    case TC_SCALAR: return base_name(t->base);
    case TC_VECTOR: snprintf(buf, sizeof(buf), "%s%u", base_name(t->base), t->cols); break;
    case TC_MATRIX:
        snprintf(buf, sizeof(buf), "%s%ux%u", base_name(t->base), t->rows, t->cols);
        break;
    case TC_ARRAY:
        snprintf(buf, sizeof(buf), "%s[%u]", type_name(c, t->elem), t->count);
        break;
    case TC_STRUCT: return t->name ? t->name : "struct";
    case TC_TEXTURE: {
        if (t->dim == TD_STRUCTURED) {
            static const char *const sb[] = {"StructuredBuffer", "RWStructuredBuffer",
                                             "AppendStructuredBuffer", "ConsumeStructuredBuffer"};
            snprintf(buf, sizeof(buf), "%s<%s>", sb[t->uav & 3], type_name(c, t->elem));
            break;
        }
        if (t->dim == TD_RAW)
            return t->uav ? "RWByteAddressBuffer" : "ByteAddressBuffer";
        if (t->uav) {
            static const char *const rw[] = {
                [TD_1D] = "RWTexture1D", [TD_2D] = "RWTexture2D", [TD_3D] = "RWTexture3D",
                [TD_BUFFER] = "RWBuffer", [TD_2DARRAY] = "RWTexture2DArray",
                [TD_1DARRAY] = "RWTexture1DArray"};
            return t->dim <= TD_1DARRAY && rw[t->dim] ? rw[t->dim] : "RWTexture";
        }
        static const char *const words[] = {
            [TD_1D] = "Texture1D", [TD_2D] = "Texture2D", [TD_3D] = "Texture3D",
            [TD_CUBE] = "TextureCube", [TD_BUFFER] = "Buffer", [TD_2DARRAY] = "Texture2DArray",
            [TD_1DARRAY] = "Texture1DArray", [TD_CUBEARRAY] = "TextureCubeArray",
            [TD_2DMS] = "Texture2DMS", [TD_2DMSARRAY] = "Texture2DMSArray"};
        return t->dim <= TD_2DMSARRAY && words[t->dim] ? words[t->dim] : "texture";
    }
    case TC_SAMPLER: return t->sm2_sampler ? "sampler2D" : "sampler";
    case TC_STRING: return "string";
    case TC_STREAM:
        snprintf(buf, sizeof(buf), "%s<%s>", t->stream == 1 ? "PointStream" : t->stream == 2 ?
                 "LineStream" : "TriangleStream", type_name(c, t->elem));
        break;
    default: return "void";
    }
    return hc_strdup(c, buf);
}

unsigned type_slots(const struct type *t)
{
    switch (t->cls) {
    case TC_SCALAR: case TC_VECTOR: return 1;
    case TC_MATRIX: return t->rows;
    case TC_ARRAY: return t->count * type_slots(t->elem);
    case TC_STRUCT: {
        unsigned n = 0;
        for (unsigned i = 0; i < t->nfields; i++)
            n += type_slots(t->fields[i].type);
        return n;
    }
    default: return 0;
    }
}

unsigned type_cb_array_stride(const struct type *elem, bool d3d9)
{
    return (type_cb_size(elem, d3d9) + 3) & ~3u;
}

unsigned type_cb_size(const struct type *t, bool d3d9)
{
    switch (t->cls) {
    case TC_SCALAR: case TC_VECTOR: return d3d9 ? 4 : t->cols;
    case TC_MATRIX:
        /* column_major: `cols` registers of `rows` components; row_major: the transpose. */
        if (d3d9)
            return (t->row_major ? t->rows : t->cols) * 4;
        return t->row_major ? (t->rows - 1) * 4 + t->cols : (t->cols - 1) * 4 + t->rows;
    case TC_ARRAY:
        return t->count ? (t->count - 1) * type_cb_array_stride(t->elem, d3d9) +
                          type_cb_size(t->elem, d3d9) : 0;
    case TC_STRUCT: {
        unsigned at = 0;
        for (unsigned i = 0; i < t->nfields; i++)
            at = type_cb_place(t->fields[i].type, at) + type_cb_size(t->fields[i].type, d3d9);
        return at;
    }
    default: return 0;
    }
}

unsigned type_cb_place(const struct type *t, unsigned at)
{
    if (t->cls == TC_SCALAR || t->cls == TC_VECTOR) {
        if ((at & 3) + t->cols > 4)
            at = (at + 3) & ~3u;
        return at;
    }
    return (at + 3) & ~3u;
}

unsigned type_cb_field_offset(const struct type *s, unsigned index, bool d3d9)
{
    unsigned at = 0;
    for (unsigned i = 0; i < s->nfields; i++) {
        at = type_cb_place(s->fields[i].type, at);
        if (i == index)
            return at;
        at += type_cb_size(s->fields[i].type, d3d9);
    }
    return at;
}
