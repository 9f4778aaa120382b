/* src/shader/d3dbc_dis.c — struct d3dbc_program -> assembly text.
 *
 * The text is what fxc listings look like (four spaces of indent, one instruction a line,
 * `c3[a0.x]` for relative addressing, `-r0_abs.x`, `texldp`, `if_gt`, `dcl_texcoord1`) and is
 * made to go back through d3dbc_assemble() to the same tokens:
 *   - swizzles are written in their shortest form that expands back to the same four
 *     components (.xyzw omitted, .xxxx as .x, .xyzz as .xyz);
 *   - def values are written in the shortest decimal form that reads back to the same float
 *     bits; infinities and NaNs (which have no decimal form) as their bits in hex, 0x7fc00000;
 *   - comment tokens become `comment` directives carrying their dwords in hex, continued over
 *     lines that end with a comma; a CTAB is also decoded into `//` lines above it, for people.
 */
#include "shader/d3dbc.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct out {
    char *buf;
    size_t len, cap;
    bool failed;
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(struct out *o, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (o->failed)
        return;
    for (;;) {
        size_t room = o->cap - o->len;
        va_start(ap, fmt);
        n = vsnprintf(o->buf ? o->buf + o->len : NULL, o->buf ? room : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            o->failed = true;
            return;
        }
        if (o->buf && (size_t)n < room) {
            o->len += (size_t)n;
            return;
        }
        {
            size_t cap = o->cap ? o->cap : 1024;
            char *b;
            while (cap - o->len <= (size_t)n)
                cap *= 2;
            if (!(b = realloc(o->buf, cap))) {
                o->failed = true;
                return;
            }
            o->buf = b;
            o->cap = cap;
        }
    }
}

static const char *const usage_names[14] = {
    "position", "blendweight", "blendindices", "normal", "psize", "texcoord", "tangent",
    "binormal", "tessfactor", "positiont", "color", "fog", "depth", "sample",
};

static void put_swizzle(struct out *o, uint8_t swz)
{
    static const char comp[4] = {'x', 'y', 'z', 'w'};
    unsigned n = 4;
    if (swz == D3DBC_SWIZZLE_IDENTITY)
        return;
    while (n > 1 && ((swz >> (2 * (n - 1))) & 3) == ((swz >> (2 * (n - 2))) & 3))
        n--;
    put(o, ".");
    for (unsigned i = 0; i < n; i++)
        put(o, "%c", comp[(swz >> (2 * i)) & 3]);
}

static void put_register(struct out *o, const struct d3dbc_program *p, unsigned type,
                         unsigned index)
{
    static const char *const rast[3] = {"oPos", "oFog", "oPts"};
    switch (type) {
    case D3DBC_REG_TEMP: put(o, "r%u", index); break;
    case D3DBC_REG_INPUT: put(o, "v%u", index); break;
    case D3DBC_REG_CONST: put(o, "c%u", index); break;
    case D3DBC_REG_ADDR: put(o, p->pixel ? "t%u" : "a%u", index); break;
    case D3DBC_REG_RASTOUT: put(o, "%s", index < 3 ? rast[index] : "oRast?"); break;
    case D3DBC_REG_ATTROUT: put(o, "oD%u", index); break;
    case D3DBC_REG_TEXCRDOUT:
        put(o, !p->pixel && p->version >= D3DBC_VER(3, 0) ? "o%u" : "oT%u", index);
        break;
    case D3DBC_REG_CONSTINT: put(o, "i%u", index); break;
    case D3DBC_REG_COLOROUT: put(o, "oC%u", index); break;
    case D3DBC_REG_DEPTHOUT: put(o, "oDepth"); break;
    case D3DBC_REG_SAMPLER: put(o, "s%u", index); break;
    case D3DBC_REG_CONSTBOOL: put(o, "b%u", index); break;
    case D3DBC_REG_LOOP: put(o, "aL"); break;
    case D3DBC_REG_MISCTYPE: put(o, "%s", index == 0 ? "vPos" : "vFace"); break;
    case D3DBC_REG_LABEL: put(o, "l%u", index); break;
    case D3DBC_REG_PREDICATE: put(o, "p%u", index); break;
    default: put(o, "?%u_%u", type, index); break;
    }
}

/* Register, then the relative part: c3[a0.x], o2[aL]. */
static void put_reg_rel(struct out *o, const struct d3dbc_program *p, const struct d3dbc_param *r)
{
    put_register(o, p, r->type, r->index);
    if (r->relative) {
        put(o, "[");
        put_register(o, p, r->rel_type, r->rel_index);
        put_swizzle(o, r->rel_swizzle);
        put(o, "]");
    }
}

static void put_dst(struct out *o, const struct d3dbc_program *p, const struct d3dbc_param *d)
{
    put_reg_rel(o, p, d);
    if (d->mask != D3DBC_MASK_ALL) {
        put(o, ".");
        for (unsigned i = 0; i < 4; i++)
            if (d->mask & (1u << i))
                put(o, "%c", "xyzw"[i]);
    }
}

static void put_src(struct out *o, const struct d3dbc_program *p, const struct d3dbc_param *s)
{
    static const char *const prefix[14] = {"", "-", "", "-", "", "-", "1-", "", "-", "", "",
                                           "", "-", "!"};
    static const char *const suffix[14] = {"", "", "_bias", "_bias", "_bx2", "_bx2", "", "_x2",
                                           "_x2", "_dz", "_dw", "_abs", "_abs", ""};
    unsigned m = s->modifier < 14 ? s->modifier : 0;
    put(o, "%s", prefix[m]);
    put_reg_rel(o, p, s);
    put(o, "%s", suffix[m]);
    put_swizzle(o, s->swizzle);
}

static void put_dst_modifiers(struct out *o, const struct d3dbc_param *d)
{
    static const char *const shifts[7] = {"_d8", "_d4", "_d2", "", "_x2", "_x4", "_x8"};
    if (d->shift >= -3 && d->shift <= 3)
        put(o, "%s", shifts[d->shift + 3]);
    if (d->modifier & D3DBC_DSTMOD_SATURATE)
        put(o, "_sat");
    if (d->modifier & D3DBC_DSTMOD_PP)
        put(o, "_pp");
    if (d->modifier & D3DBC_DSTMOD_CENTROID)
        put(o, "_centroid");
}

static void put_float(struct out *o, uint32_t bits)
{
    char buf[48];
    float f;
    memcpy(&f, &bits, sizeof(f));
    if (isnan(f) || isinf(f)) {
        put(o, "0x%08x", bits);
        return;
    }
    for (int prec = 1; prec <= 9; prec++) {
        float back;
        uint32_t back_bits;
        snprintf(buf, sizeof(buf), "%.*g", prec, (double)f);
        back = strtof(buf, NULL);
        memcpy(&back_bits, &back, sizeof(back_bits));
        if (back_bits == bits)
            break;
    }
    put(o, "%s", buf);
}

/* ---- CTAB, for people ------------------------------------------------------------------- */

static void put_type_name(struct out *o, const struct d3dbc_ctab_type *t)
{
    static const char *const scalar[4] = {"void", "bool", "int", "float"};
    static const char *const object[20] = {
        "void", "bool", "int", "float", "string", "texture", "texture1D", "texture2D",
        "texture3D", "textureCUBE", "sampler", "sampler1D", "sampler2D", "sampler3D",
        "samplerCUBE", "pixelshader", "vertexshader", "pixelfragment", "vertexfragment",
        "unsupported"};
    if (t->class_ == 5) {
        put(o, "struct");
    } else if (t->type < 4 && t->class_ <= 3) {
        put(o, "%s", scalar[t->type]);
        if (t->class_ == 1)
            put(o, "%u", t->columns);
        else if (t->class_ >= 2)
            put(o, "%ux%u", t->rows, t->columns);
    } else {
        put(o, "%s", t->type < 20 ? object[t->type] : "unknown");
    }
}

static void put_ctab(struct out *o, const struct d3dbc_ctab *c)
{
    static const char set[4] = {'b', 'i', 'c', 's'};
    put(o, "    //\n    // CTAB: creator \"");
    for (const char *s = c->creator; *s; s++)
        put(o, "%c", (*s >= 0x20 && *s < 0x7f) ? *s : '?');
    put(o, "\", target \"");
    for (const char *s = c->target; *s; s++)
        put(o, "%c", (*s >= 0x20 && *s < 0x7f) ? *s : '?');
    put(o, "\", version 0x%08x, flags 0x%x, %u constant%s\n", c->version, c->flags,
        c->constant_count, c->constant_count == 1 ? "" : "s");
    for (uint32_t i = 0; i < c->constant_count; i++) {
        const struct d3dbc_ctab_constant *k = &c->constants[i];
        put(o, "    //   ");
        put_type_name(o, &k->type);
        put(o, " ");
        for (const char *s = k->name; *s; s++)
            put(o, "%c", (*s >= 0x20 && *s < 0x7f) ? *s : '?');
        if (k->type.elements > 1)
            put(o, "[%u]", k->type.elements);
        put(o, ";  %c%u, %u register%s%s\n", k->register_set < 4 ? set[k->register_set] : '?',
            k->register_index, k->register_count, k->register_count == 1 ? "" : "s",
            k->default_value ? ", with default" : "");
    }
    put(o, "    //\n");
}

/* ---- instructions --------------------------------------------------------------------------- */

static void put_dcl(struct out *o, const struct d3dbc_program *p, const struct d3dbc_instr *ins)
{
    static const char *const tex[5] = {NULL, NULL, "2d", "cube", "volume"};
    put(o, "dcl");
    if (ins->dst.type == D3DBC_REG_SAMPLER)
        put(o, "_%s", ins->u.dcl.texture_type < 5 && tex[ins->u.dcl.texture_type]
                          ? tex[ins->u.dcl.texture_type] : "unknown");
    else if (ins->u.dcl.usage || ins->u.dcl.usage_index ||
             !(p->pixel && (p->version < D3DBC_VER(3, 0) ||
                            ins->dst.type == D3DBC_REG_MISCTYPE))) {
        put(o, "_%s", ins->u.dcl.usage < 14 ? usage_names[ins->u.dcl.usage] : "unknown");
        if (ins->u.dcl.usage_index)
            put(o, "%u", ins->u.dcl.usage_index);
    }
    put_dst_modifiers(o, &ins->dst);
    put(o, " ");
    put_dst(o, p, &ins->dst);
}

static void put_comment(struct out *o, const struct d3dbc_program *p,
                        const struct d3dbc_instr *ins)
{
    const uint32_t *w = ins->u.comment.count ? p->comment_words + ins->u.comment.first : NULL;
    put(o, "comment");
    for (uint32_t i = 0; i < ins->u.comment.count; i++) {
        if (i && i % 6 == 0)
            put(o, ",\n           ");
        else if (i)
            put(o, ",");
        put(o, " 0x%08x", w[i]);
    }
}

static void put_instr(struct out *o, const struct d3dbc_program *p, const struct d3dbc_instr *ins)
{
    const char *name;
    put(o, "    ");
    switch (ins->opcode) {
    case D3DBC_OP_COMMENT:
        put_comment(o, p, ins);
        return;
    case D3DBC_OP_DCL:
        put_dcl(o, p, ins);
        return;
    case D3DBC_OP_DEF: case D3DBC_OP_DEFI: case D3DBC_OP_DEFB:
        put(o, "%s ", ins->opcode == D3DBC_OP_DEF ? "def" : ins->opcode == D3DBC_OP_DEFI
                                                               ? "defi" : "defb");
        put_dst(o, p, &ins->dst);
        if (ins->opcode == D3DBC_OP_DEFB) {
            if (ins->u.def[0] <= 1)
                put(o, ", %s", ins->u.def[0] ? "true" : "false");
            else
                put(o, ", 0x%08x", ins->u.def[0]);
            return;
        }
        for (unsigned i = 0; i < 4; i++) {
            put(o, ", ");
            if (ins->opcode == D3DBC_OP_DEF)
                put_float(o, ins->u.def[i]);
            else
                put(o, "%d", (int)(int32_t)ins->u.def[i]);
        }
        return;
    }
    if (ins->coissue)
        put(o, "+");
    if (ins->predicated) {
        put(o, "(");
        put_src(o, p, &ins->predicate);
        put(o, ") ");
    }
    name = d3dbc_opcode_name(p->pixel, p->version, ins->opcode, ins->control);
    put(o, "%s", name ? name : "unknown");
    if (ins->has_dst)
        put_dst_modifiers(o, &ins->dst);
    for (unsigned i = 0; i < (ins->has_dst ? 1u : 0u) + ins->src_count; i++) {
        put(o, i ? ", " : " ");
        if (ins->has_dst && i == 0)
            put_dst(o, p, &ins->dst);
        else
            put_src(o, p, &ins->src[i - (ins->has_dst ? 1 : 0)]);
    }
}

int d3dbc_disassemble(const struct d3dbc_program *p, char **text, size_t *len)
{
    struct out o = {NULL, 0, 0, false};
    const char *vname;
    if (!p || !text)
        return D3DBC_E_INVALID_ARG;
    *text = NULL;
    if (len)
        *len = 0;
    vname = d3dbc_version_name(p->pixel, p->version);
    if (!vname)
        return D3DBC_E_BAD_VERSION;
    put(&o, "    %s\n", vname);
    for (uint32_t i = 0; i < p->instr_count; i++) {
        if (p->has_ctab && p->ctab.instr == i)
            put_ctab(&o, &p->ctab);
        put_instr(&o, p, &p->instrs[i]);
        put(&o, "\n");
    }
    if (o.failed) {
        free(o.buf);
        return D3DBC_E_NOMEM;
    }
    *text = o.buf;
    if (len)
        *len = o.len;
    return 0;
}
