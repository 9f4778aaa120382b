/* src/shader/d3dbc_write.c — struct d3dbc_program -> d3dbc tokens (the layout is in d3dbc.h).
 *
 * The writer is the reader run backwards: every field of the model goes back to the bits it
 * came from, so read -> write is the identity on any program the reader accepts.  SM2+
 * instruction tokens get their length field; SM1 ones leave it zero.  A model that
 * d3dbc_check_instr() refuses is not written (the assembler and the reader never make one).
 */
#include "shader/d3dbc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t type_bits(unsigned type)
{
    return ((uint32_t)(type & 7u) << 28) | ((uint32_t)(type & 0x18u) << 8);
}

static bool has_rel_token(const struct d3dbc_program *p, const struct d3dbc_param *prm)
{
    return prm->relative && !(!p->pixel && p->version == D3DBC_VER(1, 1));
}

static uint32_t param_tokens(const struct d3dbc_program *p, const struct d3dbc_param *prm)
{
    return 1u + (has_rel_token(p, prm) ? 1u : 0u);
}

/* Tokens after the instruction token. */
static uint32_t operand_tokens(const struct d3dbc_program *p, const struct d3dbc_instr *ins)
{
    uint32_t n = 0;
    switch (ins->opcode) {
    case D3DBC_OP_COMMENT: return ins->u.comment.count;
    case D3DBC_OP_DCL: return 2;
    case D3DBC_OP_DEF: case D3DBC_OP_DEFI: return 5;
    case D3DBC_OP_DEFB: return 2;
    }
    if (ins->has_dst)
        n += param_tokens(p, &ins->dst);
    if (ins->predicated)
        n += param_tokens(p, &ins->predicate);
    for (unsigned i = 0; i < ins->src_count; i++)
        n += param_tokens(p, &ins->src[i]);
    return n;
}

static uint32_t *put_rel(const struct d3dbc_program *p, uint32_t *t, const struct d3dbc_param *prm)
{
    if (has_rel_token(p, prm))
        *t++ = 0x80000000u | type_bits(prm->rel_type) | prm->rel_index |
               ((uint32_t)prm->rel_swizzle << 16);
    return t;
}

static uint32_t *put_dst(const struct d3dbc_program *p, uint32_t *t, const struct d3dbc_param *d)
{
    *t++ = 0x80000000u | type_bits(d->type) | d->index | (d->relative ? 1u << 13 : 0) |
           ((uint32_t)(d->mask & 0xf) << 16) | ((uint32_t)(d->modifier & 0xf) << 20) |
           ((uint32_t)((unsigned)d->shift & 0xf) << 24);
    return put_rel(p, t, d);
}

static uint32_t *put_src(const struct d3dbc_program *p, uint32_t *t, const struct d3dbc_param *s)
{
    *t++ = 0x80000000u | type_bits(s->type) | s->index | (s->relative ? 1u << 13 : 0) |
           ((uint32_t)s->swizzle << 16) | ((uint32_t)(s->modifier & 0xf) << 24);
    return put_rel(p, t, s);
}

static int fail(struct d3dbc_error *err, int code, size_t offset, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int fail(struct d3dbc_error *err, int code, size_t offset, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        err->code = code;
        err->offset = offset;
        err->line = err->column = 0;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof(err->message), fmt, ap);
        va_end(ap);
    }
    return code;
}

int d3dbc_write(const struct d3dbc_program *p, uint32_t **tokens, size_t *size,
                struct d3dbc_error *err)
{
    uint64_t count = 2; /* version and end tokens */
    uint32_t *out, *t;
    char msg[200];
    int ret;

    if (!p || !tokens || !size)
        return fail(err, D3DBC_E_INVALID_ARG, 0, "d3dbc_write: NULL argument");
    *tokens = NULL;
    *size = 0;
    if (!d3dbc_version_known(p->pixel, p->version) ||
        p->version_token != ((uint32_t)(p->pixel ? D3DBC_VERSION_PS : D3DBC_VERSION_VS) << 16 |
                             p->version))
        return fail(err, D3DBC_E_BAD_VERSION, 0, "d3dbc_write: bad version 0x%08x",
                    p->version_token);
    for (uint32_t i = 0; i < p->instr_count; i++) {
        const struct d3dbc_instr *ins = &p->instrs[i];
        uint32_t n = operand_tokens(p, ins);
        if (ins->opcode == D3DBC_OP_COMMENT) {
            if (n > 0x7fff || ins->u.comment.first > p->comment_word_count ||
                n > p->comment_word_count - ins->u.comment.first)
                return fail(err, D3DBC_E_INVALID_ARG, i, "d3dbc_write: instruction %u: bad "
                            "comment (%u dwords)", i, n);
        } else if ((ret = d3dbc_check_instr(p->pixel, p->version, ins, msg, sizeof(msg)))) {
            return fail(err, D3DBC_E_INVALID_ARG, i, "d3dbc_write: instruction %u: %s", i, msg);
        } else if (n > 15) {
            return fail(err, D3DBC_E_INVALID_ARG, i, "d3dbc_write: instruction %u: %u operand "
                        "tokens", i, n);
        }
        count += 1 + (uint64_t)n;
    }
    if (count > SIZE_MAX / 4 || !(out = malloc((size_t)count * 4)))
        return fail(err, D3DBC_E_NOMEM, 0, "d3dbc_write: out of memory");

    t = out;
    *t++ = p->version_token;
    for (uint32_t i = 0; i < p->instr_count; i++) {
        const struct d3dbc_instr *ins = &p->instrs[i];
        uint32_t n = operand_tokens(p, ins);
        if (ins->opcode == D3DBC_OP_COMMENT) {
            *t++ = D3DBC_OP_COMMENT | (n << 16);
            if (n)
                memcpy(t, p->comment_words + ins->u.comment.first, (size_t)n * 4);
            t += n;
            continue;
        }
        *t++ = ins->opcode | ((uint32_t)ins->control << 16) |
               (p->version >= D3DBC_VER(2, 0) ? n << 24 : 0) |
               (ins->predicated ? 1u << 28 : 0) | (ins->coissue ? 1u << 30 : 0);
        switch (ins->opcode) {
        case D3DBC_OP_DCL:
            *t++ = 0x80000000u | ins->u.dcl.usage | ((uint32_t)ins->u.dcl.usage_index << 16) |
                   ((uint32_t)ins->u.dcl.texture_type << 27);
            t = put_dst(p, t, &ins->dst);
            break;
        case D3DBC_OP_DEF: case D3DBC_OP_DEFI: case D3DBC_OP_DEFB:
            t = put_dst(p, t, &ins->dst);
            for (unsigned k = 0; k < (ins->opcode == D3DBC_OP_DEFB ? 1u : 4u); k++)
                *t++ = ins->u.def[k];
            break;
        default:
            if (ins->has_dst)
                t = put_dst(p, t, &ins->dst);
            if (ins->predicated)
                t = put_src(p, t, &ins->predicate);
            for (unsigned k = 0; k < ins->src_count; k++)
                t = put_src(p, t, &ins->src[k]);
            break;
        }
    }
    *t++ = D3DBC_OP_END;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    for (uint64_t i = 0; i < count; i++)
        out[i] = __builtin_bswap32(out[i]);
#endif
    *tokens = out;
    *size = (size_t)count * 4;
    return 0;
}
