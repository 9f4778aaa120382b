/* src/shader/dxbc_reflect.c — the reflection model of a DXBC container (see dxbc_reflect.h).
 *
 * RDEF LAYOUT READ HERE (beyond the header and tables dxbc.c reads; "+x" is an offset in the
 * RDEF chunk data, every field little-endian, 32-bit unless noted)
 *   constant buffer (24 bytes)  name, variable count, variable offset, size, flags, type
 *   variable (24 bytes; 40 from SM5)  name, offset, size, flags, type offset, default value
 *                    offset (0: none; else `size` bytes there); SM5 adds start texture,
 *                    texture size, start sampler, sampler size
 *   type (16 bytes; 36 from SM5)  16-bit class, type, rows, columns, elements, member count,
 *                    then the 32-bit offset of the member table; SM5 adds four fields used by
 *                    class linkage (not read: softd3d has no class linkage) and the type name
 *   member (12 bytes)  name, type offset, offset in the struct
 * STAT: 32-bit fields in the order of enum dxbc_stat_field (29 before SM5, 37 from SM5; a
 * shorter chunk leaves the rest 0).  SFI0: a 64-bit flag word (a 4-byte chunk: 32 bits).
 * The program tokens: an opcode token has its length in bits 24-30; a length of 0 means the
 * next token holds it (the SM5 class-linkage declarations), as does opcode 0x35 (customdata).
 */
#include "shader/dxbc_reflect.h"

#include "shader/ir.h"
#include "shader/tpf_table.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TYPE_DEPTH 64 /* nesting of struct members; fxc's deepest real types are far less */

struct rctx {
    const uint8_t *d;          /* the RDEF copy */
    uint32_t size;
    size_t base;               /* offset of the RDEF data in the blob, for messages */
    bool sm5;
    struct dxbc_reflection *r;
    uint32_t type_cap, member_cap;
    uint8_t *in_progress;      /* per type: still being read (a member refers back: a cycle) */
    /* Chunk offset -> type index + 1 (0: empty), open addressing; a type is found by its
     * offset in constant time however many a hostile chunk declares. */
    uint32_t *slot_offset, *slot_index;
    uint32_t slot_cap;         /* a power of two, at least twice the type count */
    struct dxbc_error *err;
};

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static bool fits(uint32_t size, uint64_t off, uint64_t len)
{
    return off <= size && len <= (uint64_t)size - off;
}

static int fail(struct dxbc_error *err, int code, size_t offset, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int fail(struct dxbc_error *err, int code, size_t offset, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        err->code = code;
        err->offset = offset;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof(err->message), fmt, ap);
        va_end(ap);
    }
    return code;
}

static int bad_rdef(const struct rctx *c, uint64_t at, const char *what)
{
    size_t off = c->base + (size_t)(at < c->size ? at : c->size);
    return fail(c->err, DXBC_E_BAD_RDEF, off, "dxbc: RDEF %s at offset 0x%zx lies outside the chunk",
                what, off);
}

/* A NUL-terminated name at chunk offset off, or NULL when it is not inside the chunk. */
static const char *rname(const struct rctx *c, uint32_t off)
{
    if (off >= c->size || !memchr(c->d + off, 0, c->size - off))
        return NULL;
    return (const char *)c->d + off;
}

static int read_type(struct rctx *c, uint32_t off, unsigned depth, uint32_t *index);

static int read_members(struct rctx *c, uint32_t t, uint32_t table, unsigned depth)
{
    struct dxbc_reflection *r = c->r;
    uint32_t n = r->types[t].member_count;
    if (!fits(c->size, table, (uint64_t)n * 12))
        return bad_rdef(c, table, "member table");
    /* The members of one type are contiguous: reserve them before reading their types (which
     * append members of their own). */
    uint32_t first = r->member_count;
    /* Each distinct type has its own member table in fxc's output, so a chunk never holds more
     * members than 12-byte entries fit in it; more is hostile sharing of one table. */
    if ((uint64_t)r->member_count + n > c->size / 12)
        return bad_rdef(c, table, "member table (shared by too many types)");
    if (r->member_count + n > c->member_cap) {
        uint64_t cap = (uint64_t)c->member_cap * 2 + n + 16;
        void *p = cap <= 0xffffffffu ? realloc(r->members, cap * sizeof(*r->members)) : NULL;
        if (!p)
            return fail(c->err, DXBC_E_NOMEM, c->base, "dxbc: out of memory for RDEF members");
        r->members = p;
        c->member_cap = (uint32_t)cap;
    }
    r->member_count += n;
    r->types[t].member_first = first;
    for (uint32_t k = 0; k < n; k++) {
        const uint8_t *e = c->d + table + (size_t)k * 12;
        const char *name = rname(c, rd32(e));
        if (!name)
            return bad_rdef(c, rd32(e), "member name");
        uint32_t type;
        int ret = read_type(c, rd32(e + 4), depth + 1, &type);
        if (ret)
            return ret;
        r->members[first + k].name = name;
        r->members[first + k].type = type;
        r->members[first + k].offset = rd32(e + 8);
    }
    return DXBC_OK;
}

static uint32_t slot_of(const struct rctx *c, uint32_t off)
{
    uint32_t h = (off * 2654435761u) & (c->slot_cap - 1);
    while (c->slot_index[h] && c->slot_offset[h] != off)
        h = (h + 1) & (c->slot_cap - 1);
    return h;
}

/* Room for one more type: the arrays and the offset table (rehashed when half full). */
static bool reserve_type(struct rctx *c)
{
    struct dxbc_reflection *r = c->r;
    if (r->type_count == c->type_cap) {
        uint32_t cap = c->type_cap ? c->type_cap * 2 : 16;
        struct dxbc_reflect_type *t = cap > c->type_cap ? realloc(r->types, cap * sizeof(*t)) : NULL;
        if (!t)
            return false;
        r->types = t;
        uint8_t *p = realloc(c->in_progress, cap);
        if (!p)
            return false;
        c->in_progress = p;
        c->type_cap = cap;
    }
    if (2 * (r->type_count + 1) > c->slot_cap) {
        uint32_t old_cap = c->slot_cap, *old_off = c->slot_offset, *old_idx = c->slot_index;
        c->slot_cap = old_cap ? old_cap * 2 : 64;
        c->slot_offset = calloc(c->slot_cap, sizeof(uint32_t));
        c->slot_index = calloc(c->slot_cap, sizeof(uint32_t));
        if (!c->slot_offset || !c->slot_index || c->slot_cap < old_cap) {
            free(old_off);
            free(old_idx);
            return false;
        }
        for (uint32_t i = 0; i < old_cap; i++)
            if (old_idx[i]) {
                uint32_t h = slot_of(c, old_off[i]);
                c->slot_offset[h] = old_off[i];
                c->slot_index[h] = old_idx[i];
            }
        free(old_off);
        free(old_idx);
    }
    return true;
}

/* The index of the type at chunk offset off, reading it (and its members) the first time. */
static int read_type(struct rctx *c, uint32_t off, unsigned depth, uint32_t *index)
{
    struct dxbc_reflection *r = c->r;
    if (c->slot_cap) {
        uint32_t h = slot_of(c, off);
        if (c->slot_index[h]) {
            uint32_t i = c->slot_index[h] - 1;
            if (c->in_progress[i])
                return fail(c->err, DXBC_E_BAD_RDEF, c->base + off,
                            "dxbc: RDEF type at offset 0x%zx contains itself", c->base + off);
            *index = i;
            return DXBC_OK;
        }
    }
    if (depth > MAX_TYPE_DEPTH)
        return fail(c->err, DXBC_E_BAD_RDEF, c->base + off,
                    "dxbc: RDEF types nested more than %d deep (offset 0x%zx)", MAX_TYPE_DEPTH,
                    c->base + off);
    if (!fits(c->size, off, c->sm5 ? 36 : 16))
        return bad_rdef(c, off, "type");
    if (!reserve_type(c))
        return fail(c->err, DXBC_E_NOMEM, c->base, "dxbc: out of memory for RDEF types");
    uint32_t t = r->type_count++;
    const uint8_t *e = c->d + off;
    struct dxbc_reflect_type *ty = &r->types[t];
    ty->class_ = rd16(e);
    ty->type = rd16(e + 2);
    ty->rows = rd16(e + 4);
    ty->columns = rd16(e + 6);
    ty->elements = rd16(e + 8);
    ty->member_count = rd16(e + 10);
    ty->member_first = 0;
    ty->name = NULL;
    uint32_t h = slot_of(c, off);
    c->slot_offset[h] = off;
    c->slot_index[h] = t + 1;
    c->in_progress[t] = 1;
    int ret = DXBC_OK;
    if (c->sm5 && rd32(e + 32) && !(ty->name = rname(c, rd32(e + 32))))
        ret = bad_rdef(c, rd32(e + 32), "type name");
    if (!ret && ty->member_count)
        ret = read_members(c, t, rd32(e + 12), depth);
    c->in_progress[t] = 0;
    *index = t;
    return ret;
}

static int read_variables(struct rctx *c)
{
    struct dxbc_reflection *r = c->r;
    const struct dxbc_rdef *h = &r->info.rdef;
    uint32_t cb_off = rd32(c->d + 4), vsize = c->sm5 ? 40 : 24, total = 0;
    for (uint32_t i = 0; i < h->cbuffer_count; i++)
        total += h->cbuffers[i].variable_count; /* bounded: dxbc.c checked each table fits */
    r->cbuffers = calloc(h->cbuffer_count ? h->cbuffer_count : 1, sizeof(*r->cbuffers));
    r->variables = calloc(total ? total : 1, sizeof(*r->variables));
    if (!r->cbuffers || !r->variables)
        return fail(c->err, DXBC_E_NOMEM, c->base, "dxbc: out of memory for RDEF variables");
    r->cbuffer_count = h->cbuffer_count;
    for (uint32_t i = 0; i < h->cbuffer_count; i++) {
        const uint8_t *e = c->d + cb_off + (size_t)i * 24;
        struct dxbc_reflect_cbuffer *cb = &r->cbuffers[i];
        cb->name = h->cbuffers[i].name;
        cb->type = h->cbuffers[i].type;
        cb->size = h->cbuffers[i].size;
        cb->flags = h->cbuffers[i].flags;
        cb->variable_first = r->variable_count;
        cb->variable_count = h->cbuffers[i].variable_count;
        uint32_t var_off = rd32(e + 8);
        for (uint32_t k = 0; k < cb->variable_count; k++) {
            const uint8_t *v = c->d + var_off + (size_t)k * vsize;
            struct dxbc_reflect_variable *var = &r->variables[r->variable_count];
            if (!(var->name = rname(c, rd32(v))))
                return bad_rdef(c, rd32(v), "variable name");
            var->offset = rd32(v + 4);
            var->size = rd32(v + 8);
            var->flags = rd32(v + 12);
            var->cbuffer = i;
            uint32_t def = rd32(v + 20);
            if (def && !fits(c->size, def, var->size))
                return bad_rdef(c, def, "default value");
            var->default_value = def ? c->d + def : NULL;
            /* Before SM5 a variable names no texture or sampler: fxc's SM5 writer uses these
             * values for the variables that are not resources. */
            var->start_texture = c->sm5 ? rd32(v + 24) : DXBC_REFLECT_NONE;
            var->texture_size = c->sm5 ? rd32(v + 28) : 0;
            var->start_sampler = c->sm5 ? rd32(v + 32) : DXBC_REFLECT_NONE;
            var->sampler_size = c->sm5 ? rd32(v + 36) : 0;
            int ret = read_type(c, rd32(v + 16), 0, &var->type);
            if (ret)
                return ret;
            r->variable_count++;
        }
    }
    return DXBC_OK;
}

/* ---- the program tokens ------------------------------------------------------------------ */

static bool is_conversion(int op)
{
    return op == IR_OP_FTOI || op == IR_OP_FTOU || op == IR_OP_ITOF || op == IR_OP_UTOF ||
           op == IR_OP_F32TOF16 || op == IR_OP_F16TOF32;
}

static bool is_bitwise(int op)
{
    return (op >= IR_OP_AND && op <= IR_OP_BFI) || op == IR_OP_ISHL || op == IR_OP_ISHR ||
           op == IR_OP_USHR;
}

/* The STAT field an instruction of the program counts in, besides the instruction count, or
 * -1 (the texture kinds follow the names of D3D11_SHADER_DESC: normal = sample, load = ld,
 * comp = sample_c, bias = sample_b, gradient = sample_d). */
static int stat_kind(unsigned opcode, int op)
{
    switch (op) {
    case IR_OP_MOV: return DXBC_STAT_MOV;
    case IR_OP_MOVC: return DXBC_STAT_MOVC;
    case IR_OP_SAMPLE: case IR_OP_SAMPLE_L: case IR_OP_SAMPLE_CL_S: case IR_OP_SAMPLE_L_S:
        return DXBC_STAT_TEX_NORMAL;
    case IR_OP_LD: case IR_OP_LD_MS: case IR_OP_LD_S: case IR_OP_LD_MS_S:
        return DXBC_STAT_TEX_LOAD;
    case IR_OP_SAMPLE_C: case IR_OP_SAMPLE_C_LZ: case IR_OP_SAMPLE_C_CL_S:
    case IR_OP_SAMPLE_C_LZ_S:
        return DXBC_STAT_TEX_COMP;
    case IR_OP_SAMPLE_B: case IR_OP_SAMPLE_B_CL_S: return DXBC_STAT_TEX_BIAS;
    case IR_OP_SAMPLE_D: case IR_OP_SAMPLE_D_CL_S: return DXBC_STAT_TEX_GRADIENT;
    case IR_OP_GATHER4: case IR_OP_GATHER4_C: case IR_OP_GATHER4_PO: case IR_OP_GATHER4_PO_C:
    case IR_OP_GATHER4_S: case IR_OP_GATHER4_C_S: case IR_OP_GATHER4_PO_S:
    case IR_OP_GATHER4_PO_C_S:
        return DXBC_STAT_GATHER;
    case IR_OP_LOD: return DXBC_STAT_LOD;
    default: break;
    }
    if (is_conversion(op))
        return DXBC_STAT_CONVERSION;
    if (is_bitwise(op))
        return DXBC_STAT_BITWISE;
    /* Opcodes softd3d's decoder refuses (D3D10_SB / D3D11_SB opcode numbers). */
    if (opcode == 0x09 || opcode == 0x76)
        return DXBC_STAT_CUT;                  /* cut, cut_stream */
    if (opcode == 0x13 || opcode == 0x14 || opcode == 0x75 || opcode == 0x77)
        return DXBC_STAT_EMIT;                 /* emit, emit_then_cut (_stream) */
    if (opcode == 0xbe)
        return DXBC_STAT_BARRIERS;             /* sync */
    if (opcode >= 0xa9 && opcode <= 0xbd)
        return DXBC_STAT_INTERLOCKED;          /* atomic_*, imm_atomic_* */
    if (opcode == 0xa4 || opcode == 0xa6 || opcode == 0xa8)
        return DXBC_STAT_TEXTURE_STORES;       /* store_uav_typed, store_raw, store_structured */
    if (opcode == 0xc9 || opcode == 0xca)
        return DXBC_STAT_CONVERSION;           /* dtof, ftod */
    return -1;
}

/* One declaration: the facts reflection reports from it. */
static void walk_declaration(struct dxbc_reflection *r, const uint8_t *p, uint32_t len,
                             uint32_t *stat)
{
    uint32_t opc = rd32(p), code = opc & TPF_OPCODE_MASK;
    uint32_t controls = (opc >> 11) & 0x1fff;
    switch (code) {
    case TPF_OP_DCL_TEMPS:
        if (len >= 2)
            stat[DXBC_STAT_TEMPS] = rd32(p + 4);
        break;
    case TPF_OP_DCL_INPUT_PS: case TPF_OP_DCL_INPUT_PS_SIV:
        /* D3D10_SB_INTERPOLATION_MODE 6 linear sample, 7 linear noperspective sample */
        if ((controls & 0xf) == 6 || (controls & 0xf) == 7)
            r->sample_frequency = true;
        break;
    case TPF_OP_DCL_INPUT_PS_SGV:
        /* the last token names the system value; D3D10_SB_NAME_SAMPLE_INDEX is 10 */
        if (len >= 3 && rd32(p + 4 * (len - 1)) == 10)
            r->sample_frequency = true;
        break;
    case 0x5c: stat[DXBC_STAT_GS_OUTPUT_TOPOLOGY] = controls & 0x7f; break;
    case 0x5d: stat[DXBC_STAT_INPUT_PRIMITIVE] = controls & 0x3f; break;
    case 0x5e:
        if (len >= 2)
            stat[DXBC_STAT_GS_MAX_OUTPUT_VERTICES] = rd32(p + 4);
        break;
    case 0xce:
        if (len >= 2)
            stat[DXBC_STAT_GS_INSTANCES] = rd32(p + 4);
        break;
    case 0x93: /* input control points: what a domain shader reports */
        if (r->info.program_type == DXBC_PROGRAM_DOMAIN)
            stat[DXBC_STAT_CONTROL_POINTS] = controls & 0x3f;
        break;
    case 0x94:
        if (r->info.program_type == DXBC_PROGRAM_HULL)
            stat[DXBC_STAT_CONTROL_POINTS] = controls & 0x3f;
        break;
    case 0x95: stat[DXBC_STAT_TESS_DOMAIN] = controls & 0x3; break;
    case 0x96: stat[DXBC_STAT_HS_PARTITIONING] = controls & 0x7; break;
    case 0x97: stat[DXBC_STAT_HS_OUTPUT_PRIMITIVE] = controls & 0x7; break;
    case 0x9b:
        if (len >= 4)
            for (unsigned k = 0; k < 3; k++)
                r->thread_group[k] = rd32(p + 4 + 4 * k);
        break;
    case 0x92:
        /* dcl_interface: interface number (its first slot), expected table length, then
         * table count (bits 0-15) and array length (bits 16-31) */
        if (len >= 4) {
            uint64_t array = rd32(p + 12) >> 16, end = (uint64_t)rd32(p + 4) + (array ? array : 1);
            if (end > r->interface_slots)
                r->interface_slots = end > 0xffffffffu ? 0xffffffffu : (uint32_t)end;
        }
        break;
    default: break;
    }
}

static int walk_program(const uint8_t *blob, struct dxbc_reflection *r, uint32_t *stat)
{
    const uint8_t *t = blob + r->info.program_offset;
    uint32_t count = r->info.program_token_count; /* dxbc.c checked it fits its chunk */
    for (uint32_t pos = 2; pos < count;) {
        uint32_t opc = rd32(t + 4 * (size_t)pos), code = opc & TPF_OPCODE_MASK;
        uint32_t len = (opc >> TPF_LENGTH_SHIFT) & 0x7f;
        if (code == TPF_OP_CUSTOMDATA || !len)
            len = pos + 1 < count ? rd32(t + 4 * ((size_t)pos + 1)) : 0;
        if (len < (code == TPF_OP_CUSTOMDATA ? 2u : 1u) || len > count - pos)
            return fail(NULL, DXBC_E_BAD_PROGRAM, 0, "program");
        const struct tpf_opcode_info *info = tpf_opcode_get(code);
        bool decl = info->kind == TPF_KIND_DECLARATION ||
                    (info->kind == TPF_KIND_UNSUPPORTED && !strncmp(info->name, "dcl_", 4));
        bool phase = info->kind == TPF_KIND_UNSUPPORTED && !strncmp(info->name, "hs_", 3);
        if (decl) {
            stat[DXBC_STAT_DCLS]++;
            walk_declaration(r, t + 4 * (size_t)pos, len, stat);
        } else if (code != TPF_OP_CUSTOMDATA && !phase && info->kind != TPF_KIND_UNKNOWN) {
            stat[DXBC_STAT_INSTRUCTIONS]++;
            int kind = stat_kind(code, info->kind == TPF_KIND_INSTRUCTION ? info->ir_op : -1);
            if (kind >= 0)
                stat[kind]++;
        }
        pos += len;
    }
    return DXBC_OK;
}

/* ---- the whole ---------------------------------------------------------------------------- */

void dxbc_reflect_free(struct dxbc_reflection *r)
{
    if (!r)
        return;
    dxbc_info_free(&r->info);
    free(r->cbuffers);
    free(r->variables);
    free(r->types);
    free(r->members);
    free(r->rdef_copy);
    memset(r, 0, sizeof(*r));
}

static int read_rdef(const struct dxbc_container *ct, struct dxbc_reflection *r,
                     struct dxbc_error *err)
{
    struct dxbc_chunk ch;
    if (!r->info.rdef.present || !dxbc_container_find(ct, DXBC_TAG_RDEF, &ch))
        return DXBC_OK;
    if (!(r->rdef_copy = malloc(ch.size ? ch.size : 1)))
        return fail(err, DXBC_E_NOMEM, ch.offset, "dxbc: out of memory for the RDEF chunk");
    memcpy(r->rdef_copy, ch.data, ch.size);
    struct rctx c = {0};
    c.d = r->rdef_copy;
    c.size = ch.size;
    c.base = ch.offset;
    c.sm5 = r->info.rdef.target_major >= 5;
    c.r = r;
    c.err = err;
    int ret = read_variables(&c);
    free(c.in_progress);
    free(c.slot_offset);
    free(c.slot_index);
    /* The bindings' and buffers' names point into dxbc.c's own copy: same bytes. */
    return ret;
}

static void read_small_chunks(const struct dxbc_container *ct, struct dxbc_reflection *r)
{
    struct dxbc_chunk ch;
    if (dxbc_container_find(ct, DXBC_TAG_STAT, &ch)) {
        r->stat_from_chunk = true;
        for (uint32_t k = 0; k < DXBC_STAT_COUNT && 4 * (uint64_t)k + 4 <= ch.size; k++)
            r->stat[k] = rd32(ch.data + 4 * (size_t)k);
    }
    if (dxbc_container_find(ct, DXBC_TAG_SFI0, &ch) && ch.size >= 4)
        r->requires_flags = rd32(ch.data) | (ch.size >= 8 ? (uint64_t)rd32(ch.data + 4) << 32 : 0);
}

int dxbc_reflect_parse(const void *data, size_t size, struct dxbc_reflection *out,
                       struct dxbc_error *err)
{
    if (!out)
        return fail(err, DXBC_E_INVALID_ARG, 0, "dxbc: no output");
    memset(out, 0, sizeof(*out));
    int ret = dxbc_parse(data, size, DXBC_PARSE_SKIP_CHECKSUM, &out->info, err);
    if (ret)
        return ret;
    struct dxbc_container ct;
    ret = dxbc_container_open(&ct, data, size, DXBC_PARSE_SKIP_CHECKSUM, err);
    if (!ret)
        ret = read_rdef(&ct, out, err);
    if (!ret) {
        read_small_chunks(&ct, out);
        uint32_t derived[DXBC_STAT_COUNT] = {0};
        if (out->info.has_program && walk_program(data, out, derived))
            ret = fail(err, DXBC_E_BAD_PROGRAM, out->info.program_offset,
                       "dxbc: an instruction of the program at offset 0x%zx runs past its end",
                       out->info.program_offset);
        if (!out->stat_from_chunk)
            memcpy(out->stat, derived, sizeof(derived));
    }
    if (ret)
        dxbc_reflect_free(out);
    return ret;
}
