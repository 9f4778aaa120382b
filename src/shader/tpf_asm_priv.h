/* src/shader/tpf_asm_priv.h — the SM4/SM5 assembler's state, scanner and operand
 * interface, shared by tpf_asm.c (statements, instructions, the container) and
 * tpf_asm_dcl.c (declarations and the class-linkage directives). */
#ifndef SOFTD3D_SHADER_TPF_ASM_PRIV_H
#define SOFTD3D_SHADER_TPF_ASM_PRIV_H

#include "shader/shader_asm.h"

#include "shader/d3dbc.h"
#include "shader/ir.h"
#include "shader/tpf.h"
#include "shader/tpf_listing.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct asm_state {
    uint8_t stream;             /* the last dcl_stream m# (the outputs after it are its) */
    const char *text;
    size_t len, pos;
    struct tpf_text_error *err;
    uint32_t *tok;
    size_t ntok, cap;
    bool nomem;
    unsigned type, major, minor; /* type: 0 pixel, 1 vertex, 2 geometry, 3 hull, 4 domain */
    unsigned hs_phase;           /* hull: 0 hs_decls, 1 control point, 2 fork, 3 join */
    unsigned level9;             /* 0, 1 (_level_9_1) or 3 (_level_9_3) */
    bool in_code, have_icb;
    struct tpf_declared dcl; /* for the derived RDEF and signatures (tpf_derive.c) */
    struct tpf_classes *classes; /* the class_type / class_instance / interface_slot lines */
    /* token index -> text position of each statement, for the decoder's errors */
    struct { uint32_t token; size_t at; } *stmts;
    size_t nstmts, stmt_cap;
};

#define FAIL(at, ...) tpf_text_fail(a->err, SHADER_ASM_E_SYNTAX, a->text, (at), __VA_ARGS__)

static inline void emit(struct asm_state *a, uint32_t v)
{
    if (a->ntok == a->cap) {
        size_t cap = a->cap ? a->cap * 2 : 256;
        uint32_t *t = a->nomem || cap > (SIZE_MAX / 4) ? NULL : realloc(a->tok, cap * 4);
        if (!t) {
            a->nomem = true;
            return;
        }
        a->tok = t;
        a->cap = cap;
    }
    a->tok[a->ntok++] = v;
}

/* ---- scanning ------------------------------------------------------------------------------------ */

static inline int peek(const struct asm_state *a)
{
    return a->pos < a->len ? (unsigned char)a->text[a->pos] : -1;
}

static inline bool is_word_char(int c)
{
    return c >= 0 && (isalnum(c) || c == '_');
}

/* Blanks and comments on the current line (not the newline). */
static inline void skip_blanks(struct asm_state *a)
{
    for (;;) {
        int c = peek(a);
        if (c == ' ' || c == '\t' || c == '\r') {
            a->pos++;
        } else if (c == '/' && a->pos + 1 < a->len && a->text[a->pos + 1] == '/') {
            while (a->pos < a->len && a->text[a->pos] != '\n')
                a->pos++;
        } else {
            return;
        }
    }
}

/* Blanks, comments, newlines, and #line directives. */
static inline void skip_all(struct asm_state *a)
{
    for (;;) {
        skip_blanks(a);
        int c = peek(a);
        if (c == '\n') {
            a->pos++;
        } else if (c == '#') {
            while (a->pos < a->len && a->text[a->pos] != '\n')
                a->pos++;
        } else {
            return;
        }
    }
}

static inline bool accept(struct asm_state *a, char c)
{
    skip_blanks(a);
    if (peek(a) == c) {
        a->pos++;
        return true;
    }
    return false;
}

static inline int expect(struct asm_state *a, char c, const char *what)
{
    if (accept(a, c))
        return 0;
    return FAIL(a->pos, "'%c' expected %s", c, what);
}

/* A word of [A-Za-z0-9_] at the cursor (after blanks): [*at, *at + *n). */
static inline bool word(struct asm_state *a, size_t *at, size_t *n)
{
    skip_blanks(a);
    *at = a->pos;
    while (is_word_char(peek(a)))
        a->pos++;
    *n = a->pos - *at;
    return *n > 0;
}

static inline bool word_eq(const struct asm_state *a, size_t at, size_t n, const char *s)
{
    size_t k = strlen(s);
    if (k != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)a->text[at + i]) != tolower((unsigned char)s[i]))
            return false;
    return true;
}

/* An unsigned decimal number. */
/* ---- operands ------------------------------------------------------------------------------------ */

#define OPERAND_MAX 24

struct operand {
    uint32_t t[OPERAND_MAX];
    unsigned n;
};

enum { OP_DST = 1, OP_SRC = 2, OP_REL = 4, OP_DECL = 8 };

struct group {
    size_t at, len; /* the text inside the parentheses */
};

/* tpf_asm.c */
int tpf_asm_number(struct asm_state *a, uint32_t *v, const char *what);
int tpf_asm_snumber(struct asm_state *a, int32_t *v, const char *what);
int tpf_asm_literal(struct asm_state *a, uint32_t *bits);
int tpf_asm_operand(struct asm_state *a, struct operand *o, unsigned how);
/* tpf_asm_dcl.c */
int tpf_asm_group_ints(struct asm_state *a, const struct group *g, int *out, unsigned want,
                       int lo, int hi);
int tpf_asm_return_types(struct asm_state *a, uint32_t *packed);
int tpf_asm_class_directive(struct asm_state *a, unsigned kind, size_t at);
int tpf_asm_declaration(struct asm_state *a, const char *name, size_t n, size_t at,
                        const struct group *g, unsigned ng);

#endif
