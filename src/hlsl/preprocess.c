/* src/hlsl/preprocess.c — the C-style preprocessor fxc runs before parsing.
 *
 * Taken: #define (object- and function-like, # and ##), #undef, #include "x" / <x> through
 * struct hlsl_include, #if / #ifdef / #ifndef / #elif / #else / #endif with defined(), #line,
 * #error, #pragma (kept in the output: the parser reads pack_matrix; others are ignored),
 * __LINE__, __FILE__, the D3D_SHADER_MACRO defines (given as if #defined first).
 *
 * How it works: each file is first cleaned (comments become blanks, newlines in block comments
 * kept), then read one logical line at a time (backslash-newline joins lines).  A line without
 * a macro name is copied verbatim, so the lexer's columns are the source's; a line with one is
 * re-spelt from its tokens after expansion.  Wherever the output's line stops following the
 * source's, a `#line N "file"` line is written, so every token keeps its file(line) in messages.
 *
 * Limits, for hostile input: include depth 32, macro expansion depth 64 and 1<<20 tokens per
 * line, #if nesting 256.
 */
#include "hlsl/hlsl_private.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum pk { PK_IDENT, PK_NUMBER, PK_STRING, PK_PUNCT };

struct ptok {
    const char *s;
    unsigned n;
    enum pk kind;
    bool space;                   /* whitespace before it */
    bool noexpand;                /* a macro name met inside its own expansion */
};

struct plist {
    struct ptok *t;
    size_t n, cap;
};

struct macro {
    struct macro *next;
    const char *name;
    bool function;
    bool busy;
    unsigned nparams;
    const char **params;
    struct plist body;
};

struct pfile {
    struct pfile *up;
    const char *name;             /* as written in messages */
    char *text;                   /* cleaned copy */
    size_t len, pos;
    int line;                     /* line of the next physical line */
    const void *data;             /* from the include callback, for close() and as parent */
    unsigned cond_depth;          /* conditional depth when the file was entered */
};

struct pp {
    struct hc *c;
    struct pfile *file;
    struct macro *macros[256];
    struct sbuf out;
    const char *out_file;
    int out_line;
    /* conditionals: per level, is this group taken, was one taken, seen #else */
    struct { bool active, done, seen_else; } cond[256];
    unsigned ncond;
    unsigned depth;               /* include depth */
    size_t budget;                /* tokens produced by expansion, bounded */
    struct loc_src at;            /* the current line, for messages */
    struct opened *opened;        /* what the include callback must close, malloc'ed */
    struct once { struct once *next; const char *name; } *once;   /* #pragma once files */
};

struct opened {
    struct opened *next;
    const void *data;
};

static unsigned hash(const char *s, size_t n)
{
    unsigned h = 5381;
    for (size_t i = 0; i < n; i++)
        h = h * 33 + (unsigned char)s[i];
    return h & 255;
}

static struct macro *find_macro(struct pp *p, const char *s, size_t n)
{
    for (struct macro *m = p->macros[hash(s, n)]; m; m = m->next)
        if (strlen(m->name) == n && !memcmp(m->name, s, n))
            return m;
    return NULL;
}

static void undef(struct pp *p, const char *s, size_t n)
{
    for (struct macro **m = &p->macros[hash(s, n)]; *m; m = &(*m)->next)
        if (strlen((*m)->name) == n && !memcmp((*m)->name, s, n)) {
            *m = (*m)->next;
            return;
        }
}

static void push(struct pp *p, struct plist *l, struct ptok t)
{
    l->t = hc_grow(p->c, l->t, &l->cap, l->n, sizeof(*l->t));
    l->t[l->n++] = t;
    if (++p->budget > ((size_t)1 << 22))
        hc_error(p->c, &p->at, 1000, "macro expansion is too large");
}

/* ---- cleaning and tokenizing ------------------------------------------------------------------ */

/* Comments -> blanks (newlines in block comments stay, so line numbers hold). */
static char *clean(struct hc *c, const char *src, size_t len, size_t *out_len)
{
    char *d = hc_alloc(c, len + 1);
    size_t i = 0, o = 0;
    while (i < len) {
        char ch = src[i];
        if (ch == '/' && i + 1 < len && src[i + 1] == '/') {
            while (i < len && src[i] != '\n') {
                /* a backslash-newline continues a // comment too */
                if (src[i] == '\\' && i + 1 < len && src[i + 1] == '\n') {
                    d[o++] = '\\';
                    d[o++] = '\n';
                    i += 2;
                    continue;
                }
                i++;
            }
            d[o++] = ' ';
        } else if (ch == '/' && i + 1 < len && src[i + 1] == '*') {
            i += 2;
            d[o++] = ' ';
            while (i < len && !(src[i] == '*' && i + 1 < len && src[i + 1] == '/')) {
                if (src[i] == '\n')
                    d[o++] = '\n';
                i++;
            }
            i = i + 2 < len ? i + 2 : len;
        } else if (ch == '"') {
            d[o++] = src[i++];
            while (i < len && src[i] != '"' && src[i] != '\n') {
                if (src[i] == '\\' && i + 1 < len && src[i + 1] != '\n')
                    d[o++] = src[i++];
                d[o++] = src[i++];
            }
            if (i < len && src[i] == '"')
                d[o++] = src[i++];
        } else {
            d[o++] = ch == '\0' ? ' ' : ch;
            i++;
        }
    }
    d[o] = '\0';
    *out_len = o;
    return d;
}

static bool ident_start(int ch)
{
    return isalpha(ch) || ch == '_';
}

static bool ident_char(int ch)
{
    return isalnum(ch) || ch == '_';
}

static void tokenize(struct pp *p, const char *s, size_t n, struct plist *out)
{
    size_t i = 0;
    bool space = false;
    while (i < n) {
        unsigned char ch = (unsigned char)s[i];
        if (isspace(ch)) {
            space = true;
            i++;
            continue;
        }
        struct ptok t = {s + i, 1, PK_PUNCT, space, false};
        size_t j = i + 1;
        if (ident_start(ch)) {
            while (j < n && ident_char((unsigned char)s[j]))
                j++;
            t.kind = PK_IDENT;
        } else if (isdigit(ch) || (ch == '.' && j < n && isdigit((unsigned char)s[j]))) {
            /* a pp-number: digits, letters, '.', and a sign after e/E */
            while (j < n && (ident_char((unsigned char)s[j]) || s[j] == '.' ||
                             ((s[j] == '+' || s[j] == '-') && (s[j - 1] == 'e' || s[j - 1] == 'E'))))
                j++;
            t.kind = PK_NUMBER;
        } else if (ch == '"') {
            while (j < n && s[j] != '"') {
                if (s[j] == '\\' && j + 1 < n)
                    j++;
                j++;
            }
            if (j < n)
                j++;
            t.kind = PK_STRING;
        } else if (j < n) {
            static const char *const two[] = {"##", "<<", ">>", "<=", ">=", "==", "!=", "&&",
                                              "||", "++", "--", "+=", "-=", "*=", "/=", "%=",
                                              "&=", "|=", "^="};
            for (size_t k = 0; k < sizeof(two) / sizeof(two[0]); k++)
                if (s[i] == two[k][0] && s[j] == two[k][1]) {
                    j++;
                    break;
                }
        }
        t.n = (unsigned)(j - i);
        push(p, out, t);
        space = false;
        i = j;
    }
}

static bool tok_is(const struct ptok *t, const char *s)
{
    return t->n == strlen(s) && !memcmp(t->s, s, t->n);
}

/* ---- expansion ---------------------------------------------------------------------------------- */

static void expand(struct pp *p, const struct ptok *in, size_t n, struct plist *out,
                   unsigned level);

static struct ptok make_tok(struct pp *p, const char *text, enum pk kind, bool space)
{
    struct ptok t = {hc_strdup(p->c, text), 0, kind, space, false};
    t.n = (unsigned)strlen(text);
    return t;
}

static struct ptok stringize(struct pp *p, const struct ptok *a, size_t n, bool space)
{
    struct sbuf b = {0};
    sbuf_put(&b, "\"", 1);
    for (size_t i = 0; i < n; i++) {
        if (i && a[i].space)
            sbuf_put(&b, " ", 1);
        for (unsigned k = 0; k < a[i].n; k++) {
            if (a[i].kind == PK_STRING && (a[i].s[k] == '"' || a[i].s[k] == '\\'))
                sbuf_put(&b, "\\", 1);
            sbuf_put(&b, a[i].s + k, 1);
        }
    }
    sbuf_put(&b, "\"", 1);
    struct ptok t = make_tok(p, b.p ? b.p : "\"\"", PK_STRING, space);
    free(b.p);
    return t;
}

/* Pastes b onto the last token of out (##). */
static void paste(struct pp *p, struct plist *out, const struct ptok *b)
{
    if (!out->n) {
        push(p, out, *b);
        return;
    }
    struct ptok *a = &out->t[out->n - 1];
    char *s = hc_alloc(p->c, a->n + b->n + 1);
    memcpy(s, a->s, a->n);
    memcpy(s + a->n, b->s, b->n);
    a->s = s;
    a->n += b->n;
    if (a->kind == PK_PUNCT && b->kind != PK_PUNCT)
        a->kind = b->kind;
}

/* Expands the macro m whose name is in[*i]; on return *i is past its arguments.  false: a
 * function-like macro without '(' (the name stays as it is). */
static bool expand_macro(struct pp *p, struct macro *m, const struct ptok *in, size_t n,
                         size_t *i, struct plist *out, unsigned level)
{
    bool space = in[*i].space;
    struct plist result = {0};
    if (!m->function) {
        *i += 1;
        for (size_t k = 0; k < m->body.n; k++)
            push(p, &result, m->body.t[k]);
    } else {
        size_t j = *i + 1;
        if (j >= n || !tok_is(&in[j], "("))
            return false;
        /* the arguments: split at top-level commas */
        size_t cap = m->nparams ? m->nparams : 1;
        size_t *starts = hc_alloc(p->c, (cap + 1) * sizeof(size_t));
        size_t *ends = hc_alloc(p->c, (cap + 1) * sizeof(size_t));
        unsigned nargs = 0, depth = 0;
        j++;
        size_t start = j;
        for (;; j++) {
            if (j >= n)
                hc_error(p->c, &p->at, 1004, "unexpected end of line in the arguments of "
                         "macro '%s'", m->name);
            if (tok_is(&in[j], "("))
                depth++;
            else if (tok_is(&in[j], ")") && depth)
                depth--;
            else if ((tok_is(&in[j], ",") && !depth) || tok_is(&in[j], ")")) {
                if (nargs < cap + 1) {
                    starts[nargs] = start;
                    ends[nargs] = j;
                }
                nargs++;
                start = j + 1;
                if (tok_is(&in[j], ")"))
                    break;
            }
        }
        *i = j + 1;
        if (nargs == 1 && m->nparams == 0 && ends[0] == starts[0])
            nargs = 0;
        if (nargs != m->nparams)
            hc_error(p->c, &p->at, 1003, "macro '%s' takes %u arguments, not %u", m->name,
                     m->nparams, nargs);
        for (size_t k = 0; k < m->body.n; k++) {
            const struct ptok *t = &m->body.t[k];
            int param = -1;
            if (t->kind == PK_IDENT)
                for (unsigned q = 0; q < m->nparams; q++)
                    if (strlen(m->params[q]) == t->n && !memcmp(m->params[q], t->s, t->n))
                        param = (int)q;
            bool pasted_after = k + 1 < m->body.n && tok_is(&m->body.t[k + 1], "##");
            if (tok_is(t, "#") && k + 1 < m->body.n && m->body.t[k + 1].kind == PK_IDENT) {
                int q2 = -1;
                for (unsigned q = 0; q < m->nparams; q++)
                    if (strlen(m->params[q]) == m->body.t[k + 1].n &&
                        !memcmp(m->params[q], m->body.t[k + 1].s, m->body.t[k + 1].n))
                        q2 = (int)q;
                if (q2 >= 0) {
                    push(p, &result, stringize(p, in + starts[q2], ends[q2] - starts[q2],
                                               t->space));
                    k++;
                    continue;
                }
            }
            if (tok_is(t, "##") && k + 1 < m->body.n) {
                const struct ptok *b = &m->body.t[++k];
                int q2 = -1;
                for (unsigned q = 0; b->kind == PK_IDENT && q < m->nparams; q++)
                    if (strlen(m->params[q]) == b->n && !memcmp(m->params[q], b->s, b->n))
                        q2 = (int)q;
                if (q2 >= 0) {
                    for (size_t a = starts[q2]; a < ends[q2]; a++) {
                        if (a == starts[q2])
                            paste(p, &result, &in[a]);
                        else
                            push(p, &result, in[a]);
                    }
                } else {
                    paste(p, &result, b);
                }
                continue;
            }
            if (param >= 0) {
                size_t before = result.n;
                if (pasted_after) /* an operand of ## is not expanded first */
                    for (size_t a = starts[param]; a < ends[param]; a++)
                        push(p, &result, in[a]);
                else
                    expand(p, in + starts[param], ends[param] - starts[param], &result,
                           level + 1);
                if (result.n > before)
                    result.t[before].space = t->space;
            } else {
                push(p, &result, *t);
            }
        }
    }
    if (result.n)
        result.t[0].space = space;
    m->busy = true;
    expand(p, result.t, result.n, out, level + 1);
    m->busy = false;
    return true;
}

static void expand(struct pp *p, const struct ptok *in, size_t n, struct plist *out,
                   unsigned level)
{
    if (level > 64)
        hc_error(p->c, &p->at, 1000, "macro expansion nests too deeply");
    for (size_t i = 0; i < n;) {
        const struct ptok *t = &in[i];
        if (t->kind == PK_IDENT && !t->noexpand) {
            if (tok_is(t, "__LINE__")) {
                char b[16];
                snprintf(b, sizeof(b), "%d", p->at.line);
                push(p, out, make_tok(p, b, PK_NUMBER, t->space));
                i++;
                continue;
            }
            if (tok_is(t, "__FILE__")) {
                char b[300];
                snprintf(b, sizeof(b), "\"%.290s\"", p->file->name);
                push(p, out, make_tok(p, b, PK_STRING, t->space));
                i++;
                continue;
            }
            struct macro *m = find_macro(p, t->s, t->n);
            if (m && m->busy) {
                struct ptok x = *t;
                x.noexpand = true;
                push(p, out, x);
                i++;
                continue;
            }
            if (m && expand_macro(p, m, in, n, &i, out, level))
                continue;
        }
        push(p, out, *t);
        i++;
    }
}

/* ---- #if expressions ------------------------------------------------------------------------- */

struct cexpr {
    struct pp *p;
    const struct ptok *t;
    size_t n, i;
};

static long long cond_expr(struct cexpr *e);

static _Noreturn void cexpr_fail(struct cexpr *e)
{
    hc_error(e->p->c, &e->p->at, 1017, "invalid #if expression");
}

static bool ce_accept(struct cexpr *e, const char *s)
{
    if (e->i < e->n && tok_is(&e->t[e->i], s)) {
        e->i++;
        return true;
    }
    return false;
}

static long long ce_primary(struct cexpr *e)
{
    if (e->i >= e->n)
        cexpr_fail(e);
    const struct ptok *t = &e->t[e->i];
    if (ce_accept(e, "(")) {
        long long v = cond_expr(e);
        if (!ce_accept(e, ")"))
            cexpr_fail(e);
        return v;
    }
    if (ce_accept(e, "!"))
        return !ce_primary(e);
    if (ce_accept(e, "~"))
        return ~ce_primary(e);
    if (ce_accept(e, "-"))
        return -ce_primary(e);
    if (ce_accept(e, "+"))
        return ce_primary(e);
    e->i++;
    if (t->kind == PK_NUMBER) {
        char b[64];
        snprintf(b, sizeof(b), "%.*s", (int)(t->n < 63 ? t->n : 63), t->s);
        char *end;
        long long v = strtoll(b, &end, 0);
        return v;
    }
    if (t->kind == PK_IDENT)
        return 0; /* an identifier that is no macro: 0, as in C */
    cexpr_fail(e);
}

static int ce_prec(const struct ptok *t)
{
    static const struct { const char *op; int prec; } ops[] = {
        {"*", 10}, {"/", 10}, {"%", 10}, {"+", 9}, {"-", 9}, {"<<", 8}, {">>", 8},
        {"<", 7}, {">", 7}, {"<=", 7}, {">=", 7}, {"==", 6}, {"!=", 6}, {"&", 5},
        {"^", 4}, {"|", 3}, {"&&", 2}, {"||", 1},
    };
    for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
        if (tok_is(t, ops[i].op))
            return ops[i].prec;
    return 0;
}

static long long ce_binary(struct cexpr *e, int min)
{
    long long l = ce_primary(e);
    for (;;) {
        if (e->i >= e->n)
            return l;
        const struct ptok *t = &e->t[e->i];
        int prec = ce_prec(t);
        if (!prec || prec < min)
            return l;
        e->i++;
        long long r = ce_binary(e, prec + 1);
        unsigned long long ul = (unsigned long long)l, ur = (unsigned long long)r;
        switch (t->s[0]) {
        case '*': l = (long long)(ul * ur); break;
        case '/': case '%':
            if (!r)
                hc_error(e->p->c, &e->p->at, 1519, "division by zero in #if");
            if (l == INT64_MIN && r == -1)
                l = 0;
            else
                l = t->s[0] == '/' ? l / r : l % r;
            break;
        case '+': l = (long long)(ul + ur); break;
        case '-': l = (long long)(ul - ur); break;
        case '<':
            if (tok_is(t, "<<")) l = (long long)(ul << (ur & 63));
            else if (tok_is(t, "<=")) l = l <= r;
            else l = l < r;
            break;
        case '>':
            if (tok_is(t, ">>")) l = l >> (r & 63);
            else if (tok_is(t, ">=")) l = l >= r;
            else l = l > r;
            break;
        case '=': l = l == r; break;
        case '!': l = l != r; break;
        case '&': l = t->n == 2 ? (l && r) : (l & r); break;
        case '^': l = l ^ r; break;
        case '|': l = t->n == 2 ? (l || r) : (l | r); break;
        }
    }
}

static long long cond_expr(struct cexpr *e)
{
    long long v = ce_binary(e, 1);
    if (ce_accept(e, "?")) {
        long long a = cond_expr(e);
        if (!ce_accept(e, ":"))
            cexpr_fail(e);
        long long b = cond_expr(e);
        return v ? a : b;
    }
    return v;
}

static bool eval_if(struct pp *p, const struct ptok *t, size_t n)
{
    /* defined X / defined(X) first, then macros */
    struct plist pre = {0}, x = {0};
    for (size_t i = 0; i < n; i++) {
        if (t[i].kind == PK_IDENT && tok_is(&t[i], "defined")) {
            size_t j = i + 1;
            bool paren = j < n && tok_is(&t[j], "(");
            if (paren)
                j++;
            if (j >= n || t[j].kind != PK_IDENT)
                hc_error(p->c, &p->at, 1017, "'defined' needs a macro name");
            bool d = find_macro(p, t[j].s, t[j].n) != NULL;
            if (paren && (++j >= n || !tok_is(&t[j], ")")))
                hc_error(p->c, &p->at, 1017, "')' expected after defined(");
            push(p, &pre, make_tok(p, d ? "1" : "0", PK_NUMBER, true));
            i = j;
            continue;
        }
        push(p, &pre, t[i]);
    }
    expand(p, pre.t, pre.n, &x, 0);
    struct cexpr e = {p, x.t, x.n, 0};
    if (!x.n)
        hc_error(p->c, &p->at, 1017, "#if with no expression");
    long long v = cond_expr(&e);
    if (e.i != e.n)
        cexpr_fail(&e);
    return v != 0;
}

/* ---- directives --------------------------------------------------------------------------- */

static bool active(const struct pp *p)
{
    return !p->ncond || p->cond[p->ncond - 1].active;
}

static void define(struct pp *p, const struct ptok *t, size_t n)
{
    if (!n || t[0].kind != PK_IDENT)
        hc_error(p->c, &p->at, 1007, "#define needs a macro name");
    struct macro *m = hc_alloc(p->c, sizeof(*m));
    m->name = hc_strndup(p->c, t[0].s, t[0].n);
    size_t i = 1;
    /* function-like only when '(' touches the name */
    if (n > 1 && tok_is(&t[1], "(") && !t[1].space) {
        m->function = true;
        i = 2;
        const char *params[64];
        while (i < n && !tok_is(&t[i], ")")) {
            if (t[i].kind != PK_IDENT || m->nparams == 64)
                hc_error(p->c, &p->at, 1008, "invalid parameter list of macro '%s'", m->name);
            params[m->nparams++] = hc_strndup(p->c, t[i].s, t[i].n);
            i++;
            if (i < n && tok_is(&t[i], ","))
                i++;
        }
        if (i >= n)
            hc_error(p->c, &p->at, 1008, "')' expected in the parameters of macro '%s'",
                     m->name);
        i++;
        m->params = hc_alloc(p->c, (m->nparams + 1) * sizeof(char *));
        memcpy(m->params, params, m->nparams * sizeof(char *));
    }
    for (; i < n; i++)
        push(p, &m->body, t[i]);
    if (m->body.n)
        m->body.t[0].space = true;
    undef(p, t[0].s, t[0].n);
    unsigned h = hash(t[0].s, t[0].n);
    m->next = p->macros[h];
    p->macros[h] = m;
}

static void include_file(struct pp *p, const struct ptok *t, size_t n);

static void sync_line(struct pp *p, int line)
{
    if (p->out_file == p->file->name && line >= p->out_line && line - p->out_line < 8) {
        while (p->out_line < line) {
            sbuf_put(&p->out, "\n", 1);
            p->out_line++;
        }
        return;
    }
    sbuf_printf(&p->out, "#line %d \"%s\"\n", line, p->file->name);
    p->out_file = p->file->name;
    p->out_line = line;
}

static void directive(struct pp *p, const char *s, size_t len, int line)
{
    struct plist l = {0};
    tokenize(p, s, len, &l);
    /* l.t[0] is '#' */
    if (l.n < 2)
        return; /* the null directive */
    const struct ptok *d = &l.t[1], *rest = l.t + 2;
    size_t nrest = l.n - 2;
    bool on = active(p);
    if (tok_is(d, "if") || tok_is(d, "ifdef") || tok_is(d, "ifndef")) {
        if (p->ncond == 256)
            hc_error(p->c, &p->at, 1000, "#if nests too deeply");
        bool v = false;
        if (on) {
            if (tok_is(d, "if")) {
                v = eval_if(p, rest, nrest);
            } else {
                if (!nrest || rest[0].kind != PK_IDENT)
                    hc_error(p->c, &p->at, 1007, "#%.*s needs a macro name", (int)d->n, d->s);
                v = (find_macro(p, rest[0].s, rest[0].n) != NULL) == tok_is(d, "ifdef");
            }
        }
        p->cond[p->ncond].active = on && v;
        p->cond[p->ncond].done = !on || v;
        p->cond[p->ncond].seen_else = false;
        p->ncond++;
        return;
    }
    if (tok_is(d, "elif") || tok_is(d, "else") || tok_is(d, "endif")) {
        if (p->ncond <= p->file->cond_depth)
            hc_error(p->c, &p->at, 1018, "#%.*s without #if", (int)d->n, d->s);
        if (tok_is(d, "endif")) {
            p->ncond--;
            return;
        }
        if (p->cond[p->ncond - 1].seen_else)
            hc_error(p->c, &p->at, 1018, "#%.*s after #else", (int)d->n, d->s);
        bool outer = p->ncond < 2 || p->cond[p->ncond - 2].active;
        if (tok_is(d, "else")) {
            p->cond[p->ncond - 1].seen_else = true;
            p->cond[p->ncond - 1].active = outer && !p->cond[p->ncond - 1].done;
            p->cond[p->ncond - 1].done = true;
        } else {
            bool v = outer && !p->cond[p->ncond - 1].done && eval_if(p, rest, nrest);
            p->cond[p->ncond - 1].active = v;
            if (v)
                p->cond[p->ncond - 1].done = true;
        }
        return;
    }
    if (!on)
        return;
    if (tok_is(d, "define")) {
        define(p, rest, nrest);
    } else if (tok_is(d, "undef")) {
        if (!nrest || rest[0].kind != PK_IDENT)
            hc_error(p->c, &p->at, 1007, "#undef needs a macro name");
        undef(p, rest[0].s, rest[0].n);
    } else if (tok_is(d, "include")) {
        include_file(p, rest, nrest);
    } else if (tok_is(d, "line")) {
        struct plist x = {0};
        expand(p, rest, nrest, &x, 0);
        if (!x.n || x.t[0].kind != PK_NUMBER)
            hc_error(p->c, &p->at, 1019, "#line needs a line number");
        p->file->line = (int)strtol(hc_strndup(p->c, x.t[0].s, x.t[0].n), NULL, 10);
        if (x.n > 1 && x.t[1].kind == PK_STRING && x.t[1].n >= 2)
            p->file->name = hc_strndup(p->c, x.t[1].s + 1, x.t[1].n - 2);
    } else if (tok_is(d, "error")) {
        hc_error(p->c, &p->at, 1501, "#error%.*s", (int)(s + len - d->s - d->n),
                 d->s + d->n);
    } else if (tok_is(d, "pragma") && nrest == 1 && tok_is(&rest[0], "once")) {
        /* #pragma once: this file's name is not opened again */
        struct once *o = hc_alloc(p->c, sizeof(*o));
        o->name = p->file->name;
        o->next = p->once;
        p->once = o;
    } else if (tok_is(d, "pragma")) {
        sync_line(p, line);
        sbuf_put(&p->out, s, len);
        sbuf_put(&p->out, "\n", 1);
        p->out_line++;
    } else if (tok_is(d, "warning")) {
        hc_warning(p->c, &p->at, 1500, "#warning%.*s", (int)(s + len - d->s - d->n),
                   d->s + d->n);
    } else {
        hc_error(p->c, &p->at, 1002, "unknown preprocessor directive '#%.*s'", (int)d->n, d->s);
    }
}

static void push_file(struct pp *p, const char *name, const char *text, size_t len,
                      const void *data)
{
    struct pfile *f = hc_alloc(p->c, sizeof(*f));
    f->up = p->file;
    f->name = name;
    f->text = clean(p->c, text, len, &f->len);
    f->line = 1;
    f->data = data;
    f->cond_depth = p->ncond;
    p->file = f;
}


static void include_file(struct pp *p, const struct ptok *t, size_t n)
{
    struct plist x = {0};
    expand(p, t, n, &x, 0);
    char name[512];
    bool system = false;
    if (x.n == 1 && x.t[0].kind == PK_STRING && x.t[0].n >= 2) {
        snprintf(name, sizeof(name), "%.*s", (int)(x.t[0].n - 2), x.t[0].s + 1);
    } else if (x.n >= 2 && tok_is(&x.t[0], "<") && tok_is(&x.t[x.n - 1], ">")) {
        size_t o = 0;
        for (size_t i = 1; i + 1 < x.n && o + x.t[i].n < sizeof(name); i++) {
            memcpy(name + o, x.t[i].s, x.t[i].n);
            o += x.t[i].n;
        }
        name[o] = '\0';
        system = true;
    } else {
        hc_error(p->c, &p->at, 1507, "#include needs \"file\" or <file>");
    }
    for (struct once *o = p->once; o; o = o->next) {
        /* the same file, '\\' or '/' apart */
        size_t k = 0;
        while (o->name[k] && name[k] && (o->name[k] == name[k] ||
                                         ((o->name[k] == '/' || o->name[k] == '\\') &&
                                          (name[k] == '/' || name[k] == '\\'))))
            k++;
        if (!o->name[k] && !name[k])
            return;
    }
    if (p->depth >= 32)
        hc_error(p->c, &p->at, 1000, "#include nests too deeply (32 levels)");
    const struct hlsl_include *inc = p->c->args->include;
    const void *data = NULL;
    size_t size = 0;
    if (!inc || !inc->open || inc->open(inc->ctx, system, name, p->file->data, &data, &size) ||
        (!data && size))
        hc_error(p->c, &p->at, 1507, "failed to open source file: '%s'", name);
    if (inc->close) {
        struct opened *o = malloc(sizeof(*o));
        if (!o) {
            inc->close(inc->ctx, data);
            hc_nomem(p->c);
        }
        o->data = data;
        o->next = p->opened;
        p->opened = o;
    }
    p->depth++;
    push_file(p, hc_strdup(p->c, name), data ? data : "", size, data);
}

/* Closes every file the include callback opened (also after a longjmp). */
static void close_all(struct pp *p)
{
    const struct hlsl_include *inc = p->c->args->include;
    while (p->opened) {
        struct opened *o = p->opened;
        p->opened = o->next;
        if (inc && inc->close)
            inc->close(inc->ctx, o->data);
        free(o);
    }
}

/* The next logical line of the current file: [*s, *s + *n), its first line number. */
static bool next_line(struct pp *p, char **s, size_t *n, int *line)
{
    struct pfile *f = p->file;
    if (f->pos >= f->len && f->len)
        return false;
    if (!f->len) {
        f->len = 1; /* an empty file: no lines */
        f->pos = 1;
        return false;
    }
    *line = f->line;
    char *start = f->text + f->pos;
    size_t o = 0;
    char *w = start;
    while (f->pos < f->len) {
        char ch = f->text[f->pos];
        if (ch == '\\' && f->pos + 1 < f->len && f->text[f->pos + 1] == '\n') {
            f->pos += 2;
            f->line++;
            continue;
        }
        if (ch == '\\' && f->pos + 2 < f->len && f->text[f->pos + 1] == '\r' &&
            f->text[f->pos + 2] == '\n') {
            f->pos += 3;
            f->line++;
            continue;
        }
        f->pos++;
        if (ch == '\n') {
            f->line++;
            break;
        }
        w[o++] = ch == '\r' ? ' ' : ch; /* in place: the joined line only shrinks */
    }
    *s = start;
    *n = o;
    return true;
}

static void run_file(struct pp *p)
{
    char *s;
    size_t n;
    int line;
    for (;;) {
        if (!next_line(p, &s, &n, &line)) {
            if (p->ncond > p->file->cond_depth)
                hc_error(p->c, &p->at, 1004, "unexpected end of file in #if");
            struct pfile *f = p->file;
            if (!f->up)
                return;
            p->file = f->up;
            p->depth--;
            continue;
        }
        p->at.file = p->file->name;
        p->at.line = line;
        p->at.col = 1;
        size_t k = 0;
        while (k < n && (s[k] == ' ' || s[k] == '\t'))
            k++;
        if (k < n && s[k] == '#') {
            directive(p, s + k, n - k, line);
            continue;
        }
        if (!active(p))
            continue;
        /* a line naming no macro (nor __LINE__/__FILE__) is copied as it is */
        bool has_macro = false;
        for (size_t i = 0; i < n && !has_macro;) {
            if (ident_start((unsigned char)s[i]) && (i == 0 || !ident_char((unsigned char)s[i - 1]))) {
                size_t j = i;
                while (j < n && ident_char((unsigned char)s[j]))
                    j++;
                if (find_macro(p, s + i, j - i) || (j - i == 8 && (!memcmp(s + i, "__LINE__", 8) ||
                                                                  !memcmp(s + i, "__FILE__", 8))))
                    has_macro = true;
                i = j;
            } else if (s[i] == '"') {
                i++;
                while (i < n && s[i] != '"')
                    i += s[i] == '\\' ? 2 : 1;
                i++;
            } else {
                i++;
            }
        }
        sync_line(p, line);
        if (!has_macro) {
            sbuf_put(&p->out, s, n);
        } else {
            struct plist t = {0}, x = {0};
            p->budget = 0;
            tokenize(p, s, n, &t);
            expand(p, t.t, t.n, &x, 0);
            for (size_t i = 0; i < x.n; i++) {
                if (x.t[i].space || (i && x.t[i].kind != PK_PUNCT && x.t[i - 1].kind != PK_PUNCT))
                    sbuf_put(&p->out, " ", 1);
                sbuf_put(&p->out, x.t[i].s, x.t[i].n);
            }
        }
        sbuf_put(&p->out, "\n", 1);
        p->out_line++;
    }
}

char *pp_run(struct hc *c, size_t *len)
{
    struct pp *p = hc_alloc(c, sizeof(*p));
    p->c = c;
    const struct hlsl_args *a = c->args;
    /* D3D_SHADER_MACRO defines, as "#define NAME VALUE" lines */
    struct pfile dummy = {0};
    dummy.name = "<defines>";
    p->file = &dummy;
    for (size_t i = 0; i < a->ndefines; i++) {
        if (!a->defines[i].name)
            break;
        struct sbuf b = {0};
        sbuf_printf(&b, "%s %s", a->defines[i].name, a->defines[i].value ? a->defines[i].value : "1");
        if (b.nomem) {
            free(b.p);
            hc_nomem(c);
        }
        struct plist t = {0};
        char *copy = hc_strdup(c, b.p);
        free(b.p);
        tokenize(p, copy, strlen(copy), &t);
        define(p, t.t, t.n);
    }
    p->file = NULL;
    const char *name = a->filename ? a->filename : "hlsl.hlsl";
    push_file(p, hc_strdup(c, name), a->source ? a->source : "", a->size, NULL);
    int jr;
    jmp_buf outer;
    memcpy(outer, c->fail, sizeof(outer));
    if ((jr = setjmp(c->fail))) {
        memcpy(c->fail, outer, sizeof(outer));
        close_all(p);
        free(p->out.p);
        longjmp(c->fail, jr);
    }
    run_file(p);
    memcpy(c->fail, outer, sizeof(outer));
    close_all(p);
    if (p->out.nomem) {
        free(p->out.p);
        hc_nomem(c);
    }
    char *text = hc_strndup(c, p->out.p ? p->out.p : "", p->out.n);
    *len = p->out.n;
    free(p->out.p);
    return text;
}
