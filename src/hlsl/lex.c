/* src/hlsl/lex.c — preprocessed text -> tokens with file(line,col).
 *
 * The preprocessor's `#line N "file"` lines set the position; `#pragma` lines become one
 * TK_PRAGMA token (text: the whole line) for the parser.  Numbers: decimal, 0x hexadecimal and
 * octal integers with u/U/l/L suffixes; floats with '.', an exponent, and h/H/f/F/l/L suffixes
 * (half and double are treated as float, as fxc does for SM4 targets without doubles).
 */
#include "hlsl/hlsl_private.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct lexer {
    struct hc *c;
    const char *s;
    size_t n, i;
    const char *file;
    int line;
    size_t line_start;
    struct token *toks;
    size_t ntoks, cap;
};

static struct loc_src here(const struct lexer *l, size_t at, size_t end)
{
    struct loc_src loc = {l->file, l->line, (int)(at - l->line_start) + 1,
                          (int)(end - l->line_start) + 1};
    return loc;
}

static void add(struct lexer *l, enum tok_kind k, size_t at, size_t end)
{
    l->toks = hc_grow(l->c, l->toks, &l->cap, l->ntoks, sizeof(*l->toks));
    struct token *t = &l->toks[l->ntoks++];
    memset(t, 0, sizeof(*t));
    t->kind = k;
    t->text = hc_strndup(l->c, l->s + at, end - at);
    t->len = end - at;
    t->loc = here(l, at, end);
}

/* A line starting with '#': #line or #pragma (the preprocessor removed the rest). */
static void hash_line(struct lexer *l)
{
    size_t at = l->i, e = l->i;
    while (e < l->n && l->s[e] != '\n')
        e++;
    const char *p = l->s + at + 1;
    while (*p == ' ' || *p == '\t')
        p++;
    if (!strncmp(p, "line", 4)) {
        char *end;
        long v = strtol(p + 4, &end, 10);
        while (*end == ' ' || *end == '\t')
            end++;
        if (*end == '"') {
            const char *q = ++end;
            while (q < l->s + e && *q != '"')
                q++;
            l->file = hc_strndup(l->c, end, (size_t)(q - end));
        }
        l->i = e < l->n ? e + 1 : e;
        l->line = (int)(v > 0 && v < 1 << 30 ? v : 1);
        l->line_start = l->i;
        return;
    }
    if (!strncmp(p, "pragma", 6))
        add(l, TK_PRAGMA, at, e);
    l->i = e;
}

static const char *const puncts[] = {
    "<<=", ">>=", "==", "!=", "<=", ">=", "&&", "||", "<<", ">>", "++", "--", "+=", "-=", "*=",
    "/=", "%=", "&=", "|=", "^=", "::",
};

struct token *lex_run(struct hc *c, const char *text, size_t len, size_t *count)
{
    struct lexer l = {c, text, len, 0, c->args->filename ? c->args->filename : "hlsl.hlsl", 1,
                      0, NULL, 0, 0};
    bool line_begin = true;
    while (l.i < l.n) {
        char ch = l.s[l.i];
        if (ch == '\n') {
            l.i++;
            l.line++;
            l.line_start = l.i;
            line_begin = true;
            continue;
        }
        if (isspace((unsigned char)ch)) {
            l.i++;
            continue;
        }
        if (ch == '#' && line_begin) {
            hash_line(&l);
            continue;
        }
        line_begin = false;
        size_t at = l.i;
        if (isalpha((unsigned char)ch) || ch == '_') {
            while (l.i < l.n && (isalnum((unsigned char)l.s[l.i]) || l.s[l.i] == '_'))
                l.i++;
            add(&l, TK_IDENT, at, l.i);
            continue;
        }
        if (isdigit((unsigned char)ch) || (ch == '.' && l.i + 1 < l.n &&
                                           isdigit((unsigned char)l.s[l.i + 1]))) {
            bool is_float = false, hex = false;
            size_t e = l.i;
            if (ch == '0' && e + 1 < l.n && (l.s[e + 1] == 'x' || l.s[e + 1] == 'X')) {
                hex = true;
                e += 2;
                while (e < l.n && isxdigit((unsigned char)l.s[e]))
                    e++;
            } else {
                while (e < l.n && isdigit((unsigned char)l.s[e]))
                    e++;
                if (e < l.n && l.s[e] == '.') {
                    is_float = true;
                    e++;
                    while (e < l.n && isdigit((unsigned char)l.s[e]))
                        e++;
                }
                if (e < l.n && (l.s[e] == 'e' || l.s[e] == 'E')) {
                    size_t k = e + 1;
                    if (k < l.n && (l.s[k] == '+' || l.s[k] == '-'))
                        k++;
                    if (k < l.n && isdigit((unsigned char)l.s[k])) {
                        is_float = true;
                        e = k;
                        while (e < l.n && isdigit((unsigned char)l.s[e]))
                            e++;
                    }
                }
            }
            size_t num_end = e;
            bool is_unsigned = false;
            while (e < l.n && strchr("uUlLfFhH", l.s[e]) && l.s[e]) {
                if (l.s[e] == 'f' || l.s[e] == 'F' || l.s[e] == 'h' || l.s[e] == 'H') {
                    if (hex)
                        break;
                    is_float = true;
                }
                if (l.s[e] == 'u' || l.s[e] == 'U')
                    is_unsigned = true;
                e++;
            }
            if (e < l.n && (isalnum((unsigned char)l.s[e]) || l.s[e] == '_')) {
                struct loc_src loc = here(&l, at, e);
                hc_error(c, &loc, 3000, "syntax error: invalid number");
            }
            l.i = e;
            add(&l, is_float ? TK_FLOAT : TK_INT, at, e);
            struct token *t = &l.toks[l.ntoks - 1];
            char *num = hc_strndup(c, l.s + at, num_end - at);
            if (is_float) {
                t->fval = strtod(num, NULL);
            } else {
                errno = 0;
                unsigned long long v = strtoull(num, NULL, hex ? 16 : (num[0] == '0' ? 8 : 10));
                if (errno || v > UINT32_MAX) {
                    struct loc_src loc = here(&l, at, e);
                    hc_error(c, &loc, 3000, "integer constant '%s' is too large", num);
                }
                t->ival = v;
                t->is_unsigned = is_unsigned;
            }
            continue;
        }
        if (ch == '"') {
            l.i++;
            while (l.i < l.n && l.s[l.i] != '"' && l.s[l.i] != '\n')
                l.i++;
            if (l.i >= l.n || l.s[l.i] != '"') {
                struct loc_src loc = here(&l, at, l.i);
                hc_error(c, &loc, 3000, "syntax error: unterminated string");
            }
            l.i++;
            add(&l, TK_STRING, at, l.i);
            continue;
        }
        size_t k = 1;
        for (size_t p = 0; p < sizeof(puncts) / sizeof(puncts[0]); p++) {
            size_t pl = strlen(puncts[p]);
            if (l.i + pl <= l.n && !memcmp(l.s + l.i, puncts[p], pl)) {
                k = pl;
                break;
            }
        }
        if (k == 1 && !strchr("+-*/%<>=!&|^~?:;,.()[]{}", ch)) {
            struct loc_src loc = here(&l, at, at + 1);
            if (isprint((unsigned char)ch))
                hc_error(c, &loc, 3000, "syntax error: unexpected character '%c'", ch);
            hc_error(c, &loc, 3000, "syntax error: unexpected character 0x%02x",
                     (unsigned)(unsigned char)ch);
        }
        l.i += k;
        add(&l, TK_PUNCT, at, l.i);
    }
    add(&l, TK_EOF, l.i, l.i);
    *count = l.ntoks;
    return l.toks;
}
