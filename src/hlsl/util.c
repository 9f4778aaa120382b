/* src/hlsl/util.c — the compiler's arena, text buffers and diagnostics (hlsl_private.h). */
#include "hlsl/hlsl_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct arena_block {
    struct arena_block *next;
    size_t used, size;
    _Alignas(16) unsigned char data[];
};

/* Arena budget: a hostile source (macro bombs, huge unrolls) ends in "out of memory" instead of
 * eating the machine. */
#define ARENA_LIMIT ((size_t)256 << 20)

_Noreturn void hc_nomem(struct hc *c)
{
    longjmp(c->fail, 2);
}

void *hc_alloc(struct hc *c, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    struct arena_block *b = c->arena;
    if (!b || b->size - b->used < size) {
        size_t total = 0;
        for (struct arena_block *x = c->arena; x; x = x->next)
            total += x->size;
        size_t bsize = size > 65536 ? size : 65536;
        if (total + bsize > ARENA_LIMIT)
            hc_nomem(c);
        b = malloc(sizeof(*b) + bsize);
        if (!b)
            hc_nomem(c);
        b->size = bsize;
        b->used = 0;
        b->next = c->arena;
        c->arena = b;
    }
    void *p = b->data + b->used;
    b->used += size;
    memset(p, 0, size);
    return p;
}

void hc_arena_free(struct hc *c)
{
    while (c->arena) {
        struct arena_block *n = c->arena->next;
        free(c->arena);
        c->arena = n;
    }
}

char *hc_strndup(struct hc *c, const char *s, size_t n)
{
    char *p = hc_alloc(c, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *hc_strdup(struct hc *c, const char *s)
{
    return hc_strndup(c, s, strlen(s));
}

void *hc_grow(struct hc *c, void *p, size_t *cap, size_t n, size_t elem)
{
    if (n < *cap)
        return p;
    size_t ncap = *cap ? *cap * 2 : 8;
    while (ncap <= n)
        ncap *= 2;
    if (ncap > (SIZE_MAX / 2) / elem)
        hc_nomem(c);
    void *q = hc_alloc(c, ncap * elem);
    if (p)
        memcpy(q, p, *cap * elem);
    *cap = ncap;
    return q;
}

void sbuf_put(struct sbuf *b, const char *s, size_t n)
{
    if (b->nomem)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->nomem = true;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

void sbuf_puts(struct sbuf *b, const char *s)
{
    sbuf_put(b, s, strlen(s));
}

void sbuf_printf(struct sbuf *b, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof(small), fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof(small)) {
        sbuf_put(b, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        b->nomem = true;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sbuf_put(b, big, (size_t)n);
    free(big);
}

/* fxc's form: "file(line,col-col): error X3000: message". */
static void message(struct hc *c, const struct loc_src *at, const char *kind, int code,
                    const char *fmt, va_list ap)
{
    char text[600];
    vsnprintf(text, sizeof(text), fmt, ap);
    if (at && at->file) {
        int end = at->col_end > at->col ? at->col_end : at->col;
        sbuf_printf(&c->msgs, "%s(%d,%d-%d): %s X%04d: %s\n", at->file, at->line, at->col, end,
                    kind, code, text);
    } else {
        const char *f = c->args && c->args->filename ? c->args->filename : "hlsl";
        sbuf_printf(&c->msgs, "%s: %s X%04d: %s\n", f, kind, code, text);
    }
}

_Noreturn void hc_error(struct hc *c, const struct loc_src *at, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    message(c, at, "error", code, fmt, ap);
    va_end(ap);
    c->errors++;
    longjmp(c->fail, 1);
}

void hc_warning(struct hc *c, const struct loc_src *at, int code, const char *fmt, ...)
{
    va_list ap;
    /* once per place: unrolled loops and inlined functions generate the same code again */
    if (at && at->file && c->msgs.p) {
        char key[600];
        snprintf(key, sizeof(key), "%s(%d,%d-", at->file, at->line, at->col);
        for (const char *p = strstr(c->msgs.p, key); p; p = strstr(p + 1, key)) {
            char num[16];
            snprintf(num, sizeof(num), "X%04d", code);
            const char *eol = strchr(p, '\n');
            const char *hit = strstr(p, num);
            if (hit && (!eol || hit < eol))
                return;
        }
    }
    va_start(ap, fmt);
    if (c->args && (c->args->flags & HLSL_WARNINGS_ARE_ERRORS)) {
        message(c, at, "error", code, fmt, ap);
        va_end(ap);
        c->errors++;
        longjmp(c->fail, 1);
    }
    message(c, at, "warning", code, fmt, ap);
    va_end(ap);
}
