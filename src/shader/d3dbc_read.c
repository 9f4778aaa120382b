/* src/shader/d3dbc_read.c — d3dbc tokens -> struct d3dbc_program, and the CTAB decoder.
 *
 * Every program is hostile until proven otherwise (DESIGN.md rule 7):
 *   - Each token is read through rd32() (memcpy: the data may be unaligned) after a check that
 *     its four bytes exist; positions are compared by subtraction so nothing can wrap.
 *   - The SM2+ length field is not trusted to skip anything: the operands are decoded one by one
 *     and must end exactly where the field says, inside the data.
 *   - Every field the model has no room for must be zero (reserved bits, the SM1 length field,
 *     bits 14-15 of a parameter), so what was read can be written back bit for bit.
 *   - Then d3dbc_check_instr() (d3dbc_table.c) judges the instruction against the version.
 *   - Every error names the byte offset of the token at fault.
 *
 * The CTAB table (D3DXSHADER_CONSTANTTABLE, "CTAB" then 28 bytes; offsets count from the byte
 * after "CTAB"):
 *     +0 Size (28)  +4 Creator (string offset)  +8 Version  +12 Constants (count)
 *     +16 ConstantInfo (offset of count x 20 bytes)  +20 Flags  +24 Target (string offset)
 *   constant info: Name, u16 RegisterSet, u16 RegisterIndex, u16 RegisterCount, u16 Reserved,
 *                  TypeInfo offset, DefaultValue offset (0: none)
 *   type info (16 bytes): u16 Class, Type, Rows, Columns, Elements, StructMembers, then the
 *                  offset of StructMembers x {Name, TypeInfo offset}
 *   Struct members may nest; the decoder stops at depth 16 and at a node budget proportional to
 *   the table's size, so a table whose members point back at themselves cannot blow up.
 */
#include "shader/d3dbc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CTAB_FOURCC 0x42415443u /* "CTAB" */
#define CTAB_MAX_DEPTH 16

static uint32_t rd32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof(v));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}

static uint16_t rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | (p[1] << 8));
}

static bool fits(size_t size, uint64_t off, uint64_t len)
{
    return off <= size && len <= (uint64_t)size - off;
}

static int fail(struct d3dbc_error *err, int code, size_t offset, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int fail(struct d3dbc_error *err, int code, size_t offset, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        int n;
        err->code = code;
        err->offset = offset;
        err->line = err->column = 0;
        n = snprintf(err->message, sizeof(err->message), "d3dbc: offset 0x%zx: ", offset);
        if (n < 0 || (size_t)n >= sizeof(err->message))
            n = 0;
        va_start(ap, fmt);
        vsnprintf(err->message + n, sizeof(err->message) - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return code;
}

/* ---- CTAB ------------------------------------------------------------------------------- */

struct ctab_reader {
    const uint8_t *t;      /* the table (after "CTAB") */
    size_t size;
    size_t base;           /* offset of t for messages */
    struct d3dbc_error *err;
    uint32_t budget;       /* member nodes left */
    struct d3dbc_ctab_member *next; /* fill pass: where the next member array goes */
    bool fill;
};

static int ctab_string(struct ctab_reader *c, uint32_t off, const char **out, const char *what)
{
    if (off >= c->size || !memchr(c->t + off, 0, c->size - off))
        return fail(c->err, D3DBC_E_BAD_CTAB, c->base + (off < c->size ? off : 0),
                    "CTAB: %s string at table offset %u is not inside the table", what, off);
    *out = (const char *)c->t + off;
    return 0;
}

static int ctab_type(struct ctab_reader *c, uint32_t off, struct d3dbc_ctab_type *out,
                     unsigned depth)
{
    const uint8_t *p;
    uint32_t members_off;
    struct d3dbc_ctab_member *members = NULL;
    int ret;

    if (depth > CTAB_MAX_DEPTH)
        return fail(c->err, D3DBC_E_BAD_CTAB, c->base + off, "CTAB: structs nest deeper than %d",
                    CTAB_MAX_DEPTH);
    if (!fits(c->size, off, 16))
        return fail(c->err, D3DBC_E_BAD_CTAB, c->base, "CTAB: type info at table offset %u is "
                    "not inside the table", off);
    p = c->t + off;
    out->class_ = rd16(p);
    out->type = rd16(p + 2);
    out->rows = rd16(p + 4);
    out->columns = rd16(p + 6);
    out->elements = rd16(p + 8);
    out->member_count = rd16(p + 10);
    members_off = rd32(p + 12);
    out->members = NULL;
    if (!out->member_count)
        return 0;
    if (!fits(c->size, members_off, (uint64_t)out->member_count * 8))
        return fail(c->err, D3DBC_E_BAD_CTAB, c->base + off + 12, "CTAB: %u struct members at "
                    "table offset %u are not inside the table", out->member_count, members_off);
    if (out->member_count > c->budget)
        return fail(c->err, D3DBC_E_BAD_CTAB, c->base + off, "CTAB: more struct members than the "
                    "table can hold (members shared or cyclic)");
    c->budget -= out->member_count;
    if (c->fill) {
        members = c->next;
        c->next += out->member_count;
        out->members = members;
    }
    for (uint32_t i = 0; i < out->member_count; i++) {
        const uint8_t *m = c->t + members_off + 8 * i;
        struct d3dbc_ctab_member scratch, *dst = members ? &members[i] : &scratch;
        if ((ret = ctab_string(c, rd32(m), &dst->name, "member name")))
            return ret;
        if ((ret = ctab_type(c, rd32(m + 4), &dst->type, depth + 1)))
            return ret;
    }
    return 0;
}

static int ctab_pass(struct ctab_reader *c, struct d3dbc_ctab *out, uint32_t info_off)
{
    int ret;
    for (uint32_t i = 0; i < out->constant_count; i++) {
        const uint8_t *p = c->t + info_off + 20 * (size_t)i;
        struct d3dbc_ctab_constant scratch, *k = c->fill ? &out->constants[i] : &scratch;
        uint32_t def_off = rd32(p + 16);
        if ((ret = ctab_string(c, rd32(p), &k->name, "constant name")))
            return ret;
        k->register_set = rd16(p + 4);
        k->register_index = rd16(p + 6);
        k->register_count = rd16(p + 8);
        if ((ret = ctab_type(c, rd32(p + 12), &k->type, 0)))
            return ret;
        k->default_value = NULL;
        k->default_count = 0;
        if (def_off) {
            uint64_t avail;
            if (def_off % 4 || def_off >= c->size)
                return fail(c->err, D3DBC_E_BAD_CTAB, c->base + info_off + 20 * (size_t)i + 16,
                            "CTAB: default value offset %u is misaligned or outside the table",
                            def_off);
            avail = (c->size - def_off) / 4;
            k->default_value = (const uint32_t *)(const void *)(c->t + def_off);
            k->default_count = (uint32_t)(avail < (uint64_t)k->register_count * 4
                                              ? avail : (uint64_t)k->register_count * 4);
        }
    }
    return 0;
}

int d3dbc_ctab_parse(const void *data, size_t size, size_t base_offset, struct d3dbc_ctab *out,
                     struct d3dbc_error *err)
{
    const uint8_t *d = data;
    struct ctab_reader c;
    uint32_t info_off, nodes;
    size_t bytes;
    int ret;

    if (!out || (!data && size))
        return fail(err, D3DBC_E_INVALID_ARG, base_offset, "CTAB: NULL argument");
    memset(out, 0, sizeof(*out));
    if (size < 4 + 28 || rd32(d) != CTAB_FOURCC)
        return fail(err, D3DBC_E_BAD_CTAB, base_offset, "CTAB: not a constant table (%zu bytes)",
                    size);
    c.t = d + 4;
    c.size = size - 4;
    c.base = base_offset + 4;
    c.err = err;
    if (rd32(c.t) < 28 || rd32(c.t) > c.size)
        return fail(err, D3DBC_E_BAD_CTAB, c.base, "CTAB: header size %u", rd32(c.t));
    if ((ret = ctab_string(&c, rd32(c.t + 4), &out->creator, "creator")) ||
        (ret = ctab_string(&c, rd32(c.t + 24), &out->target, "target")))
        return ret;
    out->version = rd32(c.t + 8);
    out->constant_count = rd32(c.t + 12);
    info_off = rd32(c.t + 16);
    out->flags = rd32(c.t + 20);
    if (!fits(c.size, info_off, (uint64_t)out->constant_count * 20))
        return fail(err, D3DBC_E_BAD_CTAB, c.base + 12, "CTAB: %u constants at table offset %u "
                    "are not inside the table", out->constant_count, info_off);

    /* Pass 1 counts the member nodes (checking everything), pass 2 fills one allocation. */
    c.budget = (uint32_t)(c.size / 4 + 16);
    c.fill = false;
    c.next = NULL;
    if ((ret = ctab_pass(&c, out, info_off)))
        return ret;
    nodes = (uint32_t)(c.size / 4 + 16) - c.budget;
    bytes = (size_t)out->constant_count * sizeof(struct d3dbc_ctab_constant) +
            (size_t)nodes * sizeof(struct d3dbc_ctab_member);
    out->storage = malloc(bytes ? bytes : 1);
    if (!out->storage)
        return fail(err, D3DBC_E_NOMEM, base_offset, "CTAB: out of memory");
    out->constants = out->storage;
    c.next = (struct d3dbc_ctab_member *)(void *)(out->constants + out->constant_count);
    c.budget = nodes;
    c.fill = true;
    if ((ret = ctab_pass(&c, out, info_off))) {
        d3dbc_ctab_free(out);
        return ret;
    }
    return 0;
}

void d3dbc_ctab_free(struct d3dbc_ctab *ctab)
{
    if (ctab) {
        free(ctab->storage);
        memset(ctab, 0, sizeof(*ctab));
    }
}

/* ---- tokens ------------------------------------------------------------------------------ */

struct reader {
    const uint8_t *data;
    size_t size;
    size_t pos;          /* byte offset of the next token */
    size_t end;          /* SM2+: where the current instruction's operands must end */
    size_t ins_at;       /* offset of the instruction being read */
    bool in_instr;
    bool pixel;
    uint16_t version;
    struct d3dbc_program *p;
    struct d3dbc_error *err;
};

/* The next token.  Inside an instruction (r->in_instr), running out of data or past the length
 * field is reported at the instruction token: that is where the problem starts. */
static int next_token(struct reader *r, uint32_t *tok, const char *what)
{
    *tok = 0;
    if (!fits(r->size, r->pos, 4)) {
        if (r->in_instr)
            return fail(r->err, D3DBC_E_TRUNCATED, r->ins_at, "the program (%zu bytes) ends "
                        "before the %s of this instruction", r->size, what);
        return fail(r->err, D3DBC_E_TRUNCATED, r->pos, "the program (%zu bytes) ends before %s",
                    r->size, what);
    }
    if (r->end && r->pos >= r->end)
        return fail(r->err, D3DBC_E_BAD_OPCODE, r->ins_at, "the instruction's length field ends "
                    "before its %s", what);
    *tok = rd32(r->data + r->pos);
    r->pos += 4;
    return 0;
}

static unsigned param_type(uint32_t tok)
{
    return ((tok >> 28) & 7u) | ((tok >> 8) & 0x18u);
}

/* The parts of a parameter token common to destinations and sources. */
static int param_common(struct reader *r, uint32_t tok, struct d3dbc_param *p, const char *what)
{
    size_t at = r->pos - 4;
    if (!(tok & 0x80000000u))
        return fail(r->err, D3DBC_E_BAD_PARAM, at, "%s: token 0x%08x is not a parameter token "
                    "(bit 31 clear)", what, tok);
    if (tok & 0x0000c000u)
        return fail(r->err, D3DBC_E_BAD_PARAM, at, "%s: reserved bits 14-15 set in 0x%08x", what,
                    tok);
    p->type = (uint8_t)param_type(tok);
    p->index = (uint16_t)(tok & 0x7ffu);
    p->relative = (tok >> 13) & 1u;
    if (!p->relative)
        return 0;
    p->rel_index = 0;
    if (!r->pixel && r->version == D3DBC_VER(1, 1)) {
        p->rel_type = D3DBC_REG_ADDR; /* vs_1_1: a0.x, no token */
        p->rel_swizzle = 0;
        return 0;
    }
    if (r->version < D3DBC_VER(2, 0))
        return fail(r->err, D3DBC_E_BAD_PARAM, at, "%s: relative addressing in ps_1_x", what);
    {
        uint32_t rel;
        int ret = next_token(r, &rel, "relative address token");
        if (ret)
            return ret;
        if ((rel & 0x8f00e000u) != 0x80000000u)
            return fail(r->err, D3DBC_E_BAD_PARAM, r->pos - 4, "%s: relative address token "
                        "0x%08x has modifier, relative or reserved bits set", what, rel);
        p->rel_type = (uint8_t)param_type(rel);
        p->rel_index = (uint16_t)(rel & 0x7ffu);
        p->rel_swizzle = (uint8_t)(rel >> 16);
    }
    return 0;
}

static int read_dst(struct reader *r, struct d3dbc_param *p)
{
    uint32_t tok = 0;
    unsigned shift;
    int ret = next_token(r, &tok, "destination");
    if (ret || (ret = param_common(r, tok, p, "destination")))
        return ret;
    p->mask = (uint8_t)((tok >> 16) & 0xf);
    p->modifier = (uint8_t)((tok >> 20) & 0xf);
    shift = (tok >> 24) & 0xf;
    p->shift = (int8_t)(shift < 8 ? (int)shift : (int)shift - 16);
    return 0;
}

static int read_src(struct reader *r, struct d3dbc_param *p, const char *what)
{
    uint32_t tok = 0;
    int ret = next_token(r, &tok, what);
    if (ret || (ret = param_common(r, tok, p, what)))
        return ret;
    p->swizzle = (uint8_t)(tok >> 16);
    p->modifier = (uint8_t)((tok >> 24) & 0xf);
    return 0;
}

static int read_comment(struct reader *r, uint32_t tok, size_t at)
{
    uint32_t n = (tok >> 16) & 0x7fffu;
    struct d3dbc_instr *ins;
    uint32_t first;
    if (tok & 0x80000000u)
        return fail(r->err, D3DBC_E_BAD_OPCODE, at, "comment token 0x%08x has bit 31 set", tok);
    if (!fits(r->size, r->pos, (uint64_t)n * 4))
        return fail(r->err, D3DBC_E_TRUNCATED, at, "comment of %u dwords runs past the end of "
                    "the program (%zu bytes)", n, r->size);
    /* Copied through rd32 so the words are host-endian and aligned. */
    if ((first = d3dbc_program_add_words(r->p, NULL, n)) == UINT32_MAX)
        return fail(r->err, D3DBC_E_NOMEM, at, "out of memory");
    for (uint32_t i = 0; i < n; i++)
        r->p->comment_words[first + i] = rd32(r->data + r->pos + 4 * (size_t)i);
    r->pos += 4 * (size_t)n;
    if (!(ins = d3dbc_program_add(r->p)))
        return fail(r->err, D3DBC_E_NOMEM, at, "out of memory");
    ins->offset = (uint32_t)at;
    ins->opcode = D3DBC_OP_COMMENT;
    ins->u.comment.first = first;
    ins->u.comment.count = n;
    return 0;
}

static int read_instruction(struct reader *r, uint32_t tok, size_t at)
{
    struct d3dbc_instr ins, *slot;
    bool has_dst, sm2 = r->version >= D3DBC_VER(2, 0);
    unsigned lo, hi, length = (tok >> 24) & 0xf;
    char msg[200];
    int ret;

    memset(&ins, 0, sizeof(ins));
    ins.offset = (uint32_t)at;
    ins.opcode = (uint16_t)(tok & 0xffff);
    ins.control = (uint8_t)(tok >> 16);
    ins.predicated = (tok >> 28) & 1u;
    ins.coissue = (tok >> 30) & 1u;
    if (tok & 0xa0000000u)
        return fail(r->err, D3DBC_E_BAD_OPCODE, at, "instruction token 0x%08x has bit 29 or 31 "
                    "set", tok);
    if (!d3dbc_operand_counts(r->pixel, r->version, ins.opcode, &has_dst, &lo, &hi)) {
        d3dbc_check_instr(r->pixel, r->version, &ins, msg, sizeof(msg));
        return fail(r->err, D3DBC_E_BAD_OPCODE, at, "%s", msg);
    }
    if (ins.opcode == D3DBC_OP_PHASE && tok != D3DBC_OP_PHASE)
        return fail(r->err, D3DBC_E_BAD_OPCODE, at, "phase token 0x%08x has other bits set", tok);
    if (!sm2 && length)
        return fail(r->err, D3DBC_E_BAD_OPCODE, at, "instruction token 0x%08x has a length "
                    "field, which %s does not use", tok, r->pixel ? "ps_1_x" : "vs_1_1");
    r->end = 0;
    if (sm2) {
        if (!fits(r->size, at + 4, (uint64_t)length * 4))
            return fail(r->err, D3DBC_E_TRUNCATED, at, "instruction of %u tokens runs past the "
                        "end of the program (%zu bytes)", length, r->size);
        r->end = at + 4 + 4 * (size_t)length;
    }

    ins.has_dst = has_dst;
    if (ins.opcode == D3DBC_OP_DCL) {
        uint32_t d;
        if ((ret = next_token(r, &d, "declaration token")))
            return ret;
        /* usage in bits 0-3, usage index in 16-19, texture type in 27-30, bit 31 set */
        if ((d & 0x87f0fff0u) != 0x80000000u)
            return fail(r->err, D3DBC_E_BAD_PARAM, r->pos - 4, "declaration token 0x%08x has "
                        "reserved bits set or bit 31 clear", d);
        ins.u.dcl.usage = (uint8_t)(d & 0xf);
        ins.u.dcl.usage_index = (uint8_t)((d >> 16) & 0xf);
        ins.u.dcl.texture_type = (uint8_t)((d >> 27) & 0xf);
    }
    if (has_dst && (ret = read_dst(r, &ins.dst)))
        return ret;
    switch (ins.opcode) {
    case D3DBC_OP_DCL:
        break;
    case D3DBC_OP_DEF: case D3DBC_OP_DEFI: case D3DBC_OP_DEFB:
        for (unsigned i = 0; i < (ins.opcode == D3DBC_OP_DEFB ? 1u : 4u); i++)
            if ((ret = next_token(r, &ins.u.def[i], "constant value")))
                return ret;
        break;
    default:
        if (ins.predicated && (ret = read_src(r, &ins.predicate, "predicate")))
            return ret;
        if (!sm2) {
            for (unsigned i = 0; i < hi; i++)
                if ((ret = read_src(r, &ins.src[i], "source")))
                    return ret;
            ins.src_count = (uint8_t)hi;
        } else {
            while (r->pos < r->end) {
                if (ins.src_count == 4)
                    return fail(r->err, D3DBC_E_BAD_OPCODE, at, "length field %u is longer "
                                "than the operands", length);
                if ((ret = read_src(r, &ins.src[ins.src_count], "source")))
                    return ret;
                ins.src_count++;
            }
        }
        break;
    }
    if (sm2 && r->pos != r->end)
        return fail(r->err, D3DBC_E_BAD_OPCODE, at, "length field %u does not match the %zu "
                    "tokens of the operands", length, (r->pos - at - 4) / 4);
    if (sm2 && ins.opcode != D3DBC_OP_DCL && ins.opcode != D3DBC_OP_DEF &&
        ins.opcode != D3DBC_OP_DEFI && ins.opcode != D3DBC_OP_DEFB && ins.src_count != lo &&
        ins.src_count != hi)
        return fail(r->err, D3DBC_E_BAD_OPCODE, at, "length field %u leaves %u source%s, but "
                    "%s takes %u in %s", length, ins.src_count, ins.src_count == 1 ? "" : "s",
                    d3dbc_opcode_name(r->pixel, r->version, ins.opcode, 0) ?
                    d3dbc_opcode_name(r->pixel, r->version, ins.opcode, 0) : "the instruction",
                    hi, d3dbc_version_name(r->pixel, r->version));
    r->end = 0;
    if ((ret = d3dbc_check_instr(r->pixel, r->version, &ins, msg, sizeof(msg))))
        return fail(r->err, ret, at, "%s", msg);
    if (!(slot = d3dbc_program_add(r->p)))
        return fail(r->err, D3DBC_E_NOMEM, at, "out of memory");
    *slot = ins;
    return 0;
}

static int read_program(struct reader *r)
{
    uint32_t tok = 0;
    int ret;
    if ((ret = next_token(r, &tok, "the version token")))
        return ret;
    r->p->version_token = tok;
    r->pixel = (tok >> 16) == D3DBC_VERSION_PS;
    r->version = (uint16_t)(tok & 0xffff);
    if (((tok >> 16) != D3DBC_VERSION_VS && (tok >> 16) != D3DBC_VERSION_PS) ||
        !d3dbc_version_known(r->pixel, r->version))
        return fail(r->err, D3DBC_E_BAD_VERSION, 0, "version token 0x%08x is not one of vs_1_1, "
                    "vs_2_0, vs_2_x, vs_3_0, ps_1_1..ps_1_4, ps_2_0, ps_2_x, ps_3_0", tok);
    r->p->pixel = r->pixel;
    r->p->version = r->version;
    for (;;) {
        size_t at = r->pos;
        if ((ret = next_token(r, &tok, "the next instruction (no end token)")))
            return ret;
        if ((tok & 0xffff) == D3DBC_OP_END) {
            if (tok != D3DBC_OP_END)
                return fail(r->err, D3DBC_E_BAD_OPCODE, at, "end token 0x%08x has other bits "
                            "set", tok);
            r->p->size = r->pos;
            return 0;
        }
        r->ins_at = at;
        r->in_instr = true;
        if ((tok & 0xffff) == D3DBC_OP_COMMENT)
            ret = read_comment(r, tok, at);
        else
            ret = read_instruction(r, tok, at);
        r->in_instr = false;
        if (ret)
            return ret;
    }
}

/* Decodes the first CTAB comment, if any, into p->ctab (a bad one only sets ctab_error). */
static void read_ctab(struct d3dbc_program *p)
{
    for (uint32_t i = 0; i < p->instr_count; i++) {
        const struct d3dbc_instr *ins = &p->instrs[i];
        struct d3dbc_error e;
        if (ins->opcode != D3DBC_OP_COMMENT || ins->u.comment.count < 1 ||
            p->comment_words[ins->u.comment.first] != CTAB_FOURCC)
            continue;
        if (d3dbc_ctab_parse(p->comment_words + ins->u.comment.first,
                             (size_t)ins->u.comment.count * 4, ins->offset + 4, &p->ctab,
                             &e) == 0) {
            p->has_ctab = true;
            p->ctab.instr = i;
        } else {
            snprintf(p->ctab_error, sizeof(p->ctab_error), "%s", e.message);
        }
        return;
    }
}

int d3dbc_read(const void *data, size_t size, struct d3dbc_program *out, struct d3dbc_error *err)
{
    struct reader r;
    int ret;
    if (!out)
        return fail(err, D3DBC_E_INVALID_ARG, 0, "NULL program");
    memset(out, 0, sizeof(*out));
    if (!data && size)
        return fail(err, D3DBC_E_INVALID_ARG, 0, "NULL data");
    memset(&r, 0, sizeof(r));
    r.data = data;
    r.size = size;
    r.p = out;
    r.err = err;
    if ((ret = read_program(&r))) {
        d3dbc_program_free(out);
        return ret;
    }
    read_ctab(out);
    if (err) {
        err->code = 0;
        err->offset = 0;
        err->line = err->column = 0;
        err->message[0] = '\0';
    }
    return 0;
}

void d3dbc_program_free(struct d3dbc_program *p)
{
    if (!p)
        return;
    free(p->instrs);
    free(p->comment_words);
    d3dbc_ctab_free(&p->ctab);
    memset(p, 0, sizeof(*p));
}
