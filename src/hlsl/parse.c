/* src/hlsl/parse.c — tokens -> the AST of hlsl_private.h, by recursive descent.
 *
 * Why hand-written rather than bison: HLSL, like C, needs to know which identifiers name types
 * (`(T)x` is a cast, `T x;` a declaration), which a recursive-descent parser with a table of
 * type names handles directly; error positions are the token's own; and the build gains no
 * generated files.
 *
 * The grammar taken (HLSL reference, "Variable syntax", "Functions", "Statements"):
 *   global:    struct S { fields } [declarators];   typedef T name[n];
 *              cbuffer Name [: register(b#)] { declarations };
 *              tbuffer Name [: register(t#)] { declarations };
 *              [attributes] T name(params) [: SEMANTIC] { body }   (or a prototype ;)
 *              ([maxvertexcount(n)], [instance(n)], [numthreads(x,y,z)] are kept)
 *              [storage] T name[n] [: SEMANTIC | : register(x#) | : packoffset(c#.x)]
 *                        [<annotations>] [= init] [{ sampler-state block }], ...;
 *   storage:   static const uniform extern shared volatile precise in out inout
 *              row_major column_major  linear centroid nointerpolation noperspective sample
 *              point line triangle lineadj triangleadj (a geometry shader's input array)
 *   types:     void bool int uint dword half float double min16float min10float min16int
 *              min12int min16uint, with 1..4 and NxM suffixes; vector<T,n> matrix<T,r,c>;
 *              Texture1D/2D/3D/Cube[<T>], Texture1D/2D/CubeArray[<T>], Texture2DMS(Array)
 *              [<T[, samples]>], Buffer[<T>], PointStream/LineStream/TriangleStream<T>,
 *              SamplerState,
 *              SamplerComparisonState, sampler sampler1D/2D/3D/CUBE texture string
 *   statements and expressions: C's, plus [unroll(n)] [loop] [branch] [flatten] [fastopt]
 *              attributes before if/for/while/do/switch, `discard`, swizzles, constructors
 *              `float4(a, b)`, casts `(float3)x`, initializer lists `{a, b}`.
 * Out of scope now: technique/pass blocks (skipped with their contents), interfaces and
 * classes, templates other than the texture/vector/matrix ones, namespaces.
 */
#include "hlsl/hlsl_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct parser {
    struct hc *c;
    struct token *t;
    size_t n, i;
    /* user type names: typedefs and structs (one scope; HLSL code rarely shadows them) */
    struct { const char *name; struct type *type; } *types;
    size_t ntypes, types_cap;
    struct program *prog;
    size_t globals_cap;
    unsigned depth;
};

#define MAX_DEPTH 200

static const struct token *cur(struct parser *p)
{
    return &p->t[p->i];
}

/* The token k places ahead, or the final TK_EOF (never past the array). */
static const struct token *ahead(struct parser *p, size_t k)
{
    return &p->t[p->i + k < p->n ? p->i + k : p->n - 1];
}

static bool is(struct parser *p, const char *s)
{
    const struct token *t = cur(p);
    return (t->kind == TK_PUNCT || t->kind == TK_IDENT) && !strcmp(t->text, s);
}

static bool accept(struct parser *p, const char *s)
{
    if (is(p, s)) {
        p->i++;
        return true;
    }
    return false;
}

static _Noreturn void syntax(struct parser *p, const char *what)
{
    const struct token *t = cur(p);
    if (t->kind == TK_EOF)
        hc_error(p->c, &t->loc, 3000, "syntax error: unexpected end of file%s%s",
                 what ? ", expected " : "", what ? what : "");
    hc_error(p->c, &t->loc, 3000, "syntax error: unexpected token '%s'%s%s", t->text,
             what ? ", expected " : "", what ? what : "");
}

static void expect(struct parser *p, const char *s)
{
    if (!accept(p, s)) {
        char b[32];
        snprintf(b, sizeof(b), "'%s'", s);
        syntax(p, b);
    }
}

static const char *ident(struct parser *p)
{
    if (cur(p)->kind != TK_IDENT)
        syntax(p, "an identifier");
    return p->t[p->i++].text;
}

static void enter(struct parser *p)
{
    if (++p->depth > MAX_DEPTH)
        hc_error(p->c, &cur(p)->loc, 3000, "the program nests too deeply");
}

/* ---- types ----------------------------------------------------------------------------------- */

static struct type *user_type(struct parser *p, const char *name)
{
    for (size_t i = p->ntypes; i-- > 0;)
        if (!strcmp(p->types[i].name, name))
            return p->types[i].type;
    return NULL;
}

static void add_user_type(struct parser *p, const char *name, struct type *t)
{
    p->types = hc_grow(p->c, p->types, &p->types_cap, p->ntypes, sizeof(*p->types));
    p->types[p->ntypes].name = name;
    p->types[p->ntypes].type = t;
    p->ntypes++;
}

/* A base-type word: the base, or -1.  half/min16float and friends are float, as fxc treats
 * them for targets without native 16-bit types; double is refused later (no doubles). */
static int base_word(const char *s, size_t *len)
{
    static const struct { const char *w; enum base_type b; } words[] = {
        {"min16float", BT_FLOAT}, {"min10float", BT_FLOAT}, {"min16int", BT_INT},
        {"min12int", BT_INT}, {"min16uint", BT_UINT}, {"float", BT_FLOAT}, {"half", BT_FLOAT},
        {"double", BT_FLOAT}, {"int", BT_INT}, {"uint", BT_UINT}, {"dword", BT_UINT},
        {"bool", BT_BOOL},
    };
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
        size_t n = strlen(words[i].w);
        if (!strncmp(s, words[i].w, n)) {
            *len = n;
            return (int)words[i].b;
        }
    }
    return -1;
}

/* float, float3, float4x4 ... : the type, or NULL when s is no such word. */
static struct type *numeric_word(struct hc *c, const char *s)
{
    size_t n;
    int b = base_word(s, &n);
    if (b < 0)
        return NULL;
    const char *r = s + n;
    if (!*r)
        return type_scalar(c, (enum base_type)b);
    if (r[0] >= '1' && r[0] <= '4' && !r[1])
        return type_vector(c, (enum base_type)b, (unsigned)(r[0] - '0'));
    if (r[0] >= '1' && r[0] <= '4' && r[1] == 'x' && r[2] >= '1' && r[2] <= '4' && !r[3])
        return type_matrix(c, (enum base_type)b, (unsigned)(r[0] - '0'), (unsigned)(r[2] - '0'));
    return NULL;
}

static bool is_type_start(struct parser *p, size_t at)
{
    const struct token *t = &p->t[at < p->n ? at : p->n - 1];
    if (t->kind != TK_IDENT)
        return false;
    static const char *const words[] = {
        "void", "vector", "matrix", "Texture1D", "Texture2D", "Texture3D", "TextureCube",
        "Texture1DArray", "Texture2DArray", "TextureCubeArray", "Texture2DMS",
        "Texture2DMSArray", "Buffer", "PointStream", "LineStream", "TriangleStream",
        "InputPatch", "OutputPatch", "StructuredBuffer", "RWStructuredBuffer", "AppendStructuredBuffer",
        "ConsumeStructuredBuffer", "ByteAddressBuffer", "RWByteAddressBuffer", "RWBuffer",
        "RWTexture1D", "RWTexture1DArray", "RWTexture2D", "RWTexture2DArray", "RWTexture3D",
        "SamplerState", "SamplerComparisonState", "sampler", "sampler1D", "sampler2D",
        "sampler3D", "samplerCUBE", "sampler_state", "texture", "Texture", "string", "struct",
    };
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (!strcmp(t->text, words[i]))
            return true;
    size_t n;
    if (base_word(t->text, &n) >= 0 && numeric_word(p->c, t->text))
        return true;
    return user_type(p, t->text) != NULL;
}

static struct type *parse_struct(struct parser *p);

static unsigned const_int(struct parser *p)
{
    const struct token *t = cur(p);
    if (t->kind != TK_INT)
        syntax(p, "an integer constant");
    p->i++;
    return (unsigned)t->ival;
}

static struct type *parse_type(struct parser *p)
{
    const struct token *t = cur(p);
    struct hc *c = p->c;
    if (t->kind != TK_IDENT)
        syntax(p, "a type");
    if (!strcmp(t->text, "struct"))
        return parse_struct(p);
    p->i++;
    struct type *ty = numeric_word(c, t->text);
    if (ty)
        return ty;
    if (!strcmp(t->text, "void"))
        return type_void(c);
    if (!strcmp(t->text, "vector") || !strcmp(t->text, "matrix")) {
        bool m = t->text[0] == 'm';
        if (!accept(p, "<"))
            return m ? type_matrix(c, BT_FLOAT, 4, 4) : type_vector(c, BT_FLOAT, 4);
        struct type *b = parse_type(p);
        if (b->cls != TC_SCALAR)
            hc_error(c, &t->loc, 3000, "syntax error: a scalar type expected in %s<>", t->text);
        expect(p, ",");
        unsigned r = const_int(p), cl = 1;
        if (m) {
            expect(p, ",");
            cl = const_int(p);
        }
        expect(p, ">");
        if (r < 1 || r > 4 || cl < 1 || cl > 4)
            hc_error(c, &t->loc, 3052, "vector and matrix dimensions must be between 1 and 4");
        return m ? type_matrix(c, b->base, r, cl) : type_vector(c, b->base, r);
    }
    static const char *const streams[] = {"PointStream", "LineStream", "TriangleStream"};
    for (unsigned k = 0; k < 3; k++)
        if (!strcmp(t->text, streams[k])) {
            /* PointStream<T> & co ("Stream-Output Object"): the vertex type T */
            struct type *st = hc_alloc(c, sizeof(*st));
            st->cls = TC_STREAM;
            st->stream = (uint8_t)(k + 1);
            expect(p, "<");
            st->elem = parse_type(p);
            expect(p, ">");
            if (!type_is_numeric(st->elem) && st->elem->cls != TC_STRUCT)
                hc_error(c, &t->loc, 3000, "%s<T>: T must be a struct or a numeric type",
                         t->text);
            return st;
        }
    if (!strcmp(t->text, "InputPatch") || !strcmp(t->text, "OutputPatch")) {
        /* InputPatch<T, n> / OutputPatch<T, n> ("InputPatch", "OutputPatch"): a hull or
         * domain shader's n control points of type T; an array of T with what it came from */
        struct type *pt = hc_alloc(c, sizeof(*pt));
        pt->cls = TC_ARRAY;
        pt->patch = t->text[0] == 'I' ? 1 : 2;
        expect(p, "<");
        pt->elem = parse_type(p);
        expect(p, ",");
        if (cur(p)->kind != TK_INT)
            hc_error(c, &cur(p)->loc, 3000, "syntax error: %s<T, n>: n is an integer constant",
                     t->text);
        pt->count = cur(p)->ival > 1000 ? 1000 : (unsigned)cur(p)->ival;
        p->i++;
        expect(p, ">");
        if (!type_is_numeric(pt->elem) && pt->elem->cls != TC_STRUCT)
            hc_error(c, &t->loc, 3000, "%s<T, n>: T must be a struct or a numeric type",
                     t->text);
        return pt;
    }
    /* buffers and views of shader model 5 ("Shader Model 5 Objects"): uav says u# or t# */
    static const struct { const char *w; enum tex_dim dim; uint8_t uav; } views[] = {
        {"StructuredBuffer", TD_STRUCTURED, UAV_NONE},
        {"RWStructuredBuffer", TD_STRUCTURED, UAV_RW},
        {"AppendStructuredBuffer", TD_STRUCTURED, UAV_APPEND},
        {"ConsumeStructuredBuffer", TD_STRUCTURED, UAV_CONSUME},
        {"ByteAddressBuffer", TD_RAW, UAV_NONE}, {"RWByteAddressBuffer", TD_RAW, UAV_RW},
        {"RWBuffer", TD_BUFFER, UAV_RW}, {"RWTexture1D", TD_1D, UAV_RW},
        {"RWTexture1DArray", TD_1DARRAY, UAV_RW}, {"RWTexture2D", TD_2D, UAV_RW},
        {"RWTexture2DArray", TD_2DARRAY, UAV_RW}, {"RWTexture3D", TD_3D, UAV_RW},
    };
    for (size_t k = 0; k < sizeof(views) / sizeof(views[0]); k++)
        if (!strcmp(t->text, views[k].w)) {
            struct type *v = hc_alloc(c, sizeof(*v));
            v->cls = TC_TEXTURE;
            v->dim = views[k].dim;
            v->uav = views[k].uav;
            v->base = BT_UINT;
            v->cols = 1;
            if (v->dim == TD_RAW)
                return v; /* 32-bit words */
            expect(p, "<");
            struct type *e = parse_type(p);
            expect(p, ">");
            if (v->dim == TD_STRUCTURED) {
                if (!type_is_numeric(e) && e->cls != TC_STRUCT && e->cls != TC_ARRAY)
                    hc_error(c, &t->loc, 3000, "%s<T>: T must be numeric, a struct or an "
                             "array", t->text);
                v->elem = e;
                if (type_is_numeric(e) && e->cls != TC_MATRIX)
                    v->base = e->base, v->cols = e->cols;
                return v;
            }
            if (!type_is_numeric(e) || e->cls == TC_MATRIX)
                hc_error(c, &t->loc, 3000, "%s<T>: T must be a scalar or a vector", t->text);
            v->base = e->base;
            v->cols = e->cols;
            return v;
        }
    struct type *tex = hc_alloc(c, sizeof(*tex));
    static const struct { const char *w; enum type_class cls; enum tex_dim dim; bool sm2; } res[] = {
        {"Texture1D", TC_TEXTURE, TD_1D, 0}, {"Texture2D", TC_TEXTURE, TD_2D, 0},
        {"Texture3D", TC_TEXTURE, TD_3D, 0}, {"TextureCube", TC_TEXTURE, TD_CUBE, 0},
        {"Texture2DArray", TC_TEXTURE, TD_2DARRAY, 0},
        {"Texture1DArray", TC_TEXTURE, TD_1DARRAY, 0},
        {"TextureCubeArray", TC_TEXTURE, TD_CUBEARRAY, 0},
        {"Texture2DMS", TC_TEXTURE, TD_2DMS, 0}, {"Texture2DMSArray", TC_TEXTURE, TD_2DMSARRAY, 0},
        {"Buffer", TC_TEXTURE, TD_BUFFER, 0},
        {"texture", TC_TEXTURE, TD_2D, 0}, {"Texture", TC_TEXTURE, TD_2D, 0},
        {"SamplerState", TC_SAMPLER, 0, 0}, {"SamplerComparisonState", TC_SAMPLER, 0, 0},
        {"sampler", TC_SAMPLER, TD_2D, 0}, {"sampler_state", TC_SAMPLER, TD_2D, 0},
        {"sampler1D", TC_SAMPLER, TD_1D, 1}, {"sampler2D", TC_SAMPLER, TD_2D, 1},
        {"sampler3D", TC_SAMPLER, TD_3D, 1}, {"samplerCUBE", TC_SAMPLER, TD_CUBE, 1},
    };
    for (size_t i = 0; i < sizeof(res) / sizeof(res[0]); i++)
        if (!strcmp(t->text, res[i].w)) {
            tex->cls = res[i].cls;
            tex->dim = res[i].dim;
            tex->sm2_sampler = res[i].sm2;
            tex->comparison = !strcmp(t->text, "SamplerComparisonState");
            tex->base = BT_FLOAT;
            tex->cols = 4;
            if (tex->cls == TC_TEXTURE && accept(p, "<")) {
                struct type *e = parse_type(p);
                if (!type_is_numeric(e) || e->cls == TC_MATRIX)
                    hc_error(c, &t->loc, 3000, "a texture returns a scalar or a vector");
                tex->base = e->base;
                tex->cols = e->cols;
                if ((tex->dim == TD_2DMS || tex->dim == TD_2DMSARRAY) && accept(p, ",")) {
                    /* Texture2DMS<float4, 4>: the sample count, 1..32 ("Texture2DMS") */
                    const struct token *at = cur(p);
                    unsigned n = const_int(p);
                    if (n < 1 || n > 32)
                        hc_error(c, &at->loc, 3000, "the sample count must be between 1 and 32");
                    tex->samples = n;
                }
                expect(p, ">");
            }
            return tex;
        }
    if (!strncmp(t->text, "Texture", 7) || !strcmp(t->text, "Buffer") ||
        !strncmp(t->text, "RW", 2) || strstr(t->text, "Buffer"))
        hc_error(c, &t->loc, 3000, "'%s' is not supported yet (Texture1D/2D/3D/Cube(Array), "
                 "Texture2DMS(Array), Buffer, SamplerState and sampler2D are; structured, raw "
                 "and RW resources wait for the shader decoder)", t->text);
    if (!strcmp(t->text, "string")) {
        struct type *s = hc_alloc(c, sizeof(*s));
        s->cls = TC_STRING;
        return s;
    }
    struct type *u = user_type(p, t->text);
    if (u)
        return u;
    hc_error(c, &t->loc, 3000, "syntax error: unknown type '%s'", t->text);
}

static struct type *array_of(struct parser *p, struct type *elem)
{
    if (!accept(p, "["))
        return elem;
    const struct token *at = cur(p);
    unsigned n = const_int(p);
    expect(p, "]");
    if (!n || n > 65536)
        hc_error(p->c, &at->loc, 3058, "array dimensions must be between 1 and 65536");
    struct type *inner = array_of(p, elem); /* float a[2][3]: two arrays of three */
    struct type *a = hc_alloc(p->c, sizeof(*a));
    a->cls = TC_ARRAY;
    a->elem = inner;
    a->count = n;
    a->base = inner->base;
    return a;
}

/* storage words, interpolation modifiers; returns true when one was taken */
static bool modifier(struct parser *p, unsigned *storage, unsigned *interp)
{
    static const struct { const char *w; unsigned s, i; } mods[] = {
        {"static", SC_STATIC, 0}, {"const", SC_CONST, 0}, {"uniform", SC_UNIFORM, 0},
        {"extern", SC_EXTERN, 0}, {"shared", SC_SHARED, 0}, {"volatile", 0, 0},
        {"precise", 0, 0}, {"inline", 0, 0}, {"in", SC_IN, 0}, {"out", SC_OUT, 0},
        {"inout", SC_IN | SC_OUT, 0}, {"row_major", SC_ROW_MAJOR, 0},
        {"column_major", SC_COLUMN_MAJOR, 0}, {"groupshared", SC_GROUPSHARED, 0},
        {"linear", 0, IP_LINEAR}, {"centroid", 0, IP_CENTROID},
        {"nointerpolation", 0, IP_NOINTERPOLATION}, {"noperspective", 0, IP_NOPERSPECTIVE},
        {"sample", 0, IP_SAMPLE}, {"snorm", 0, 0}, {"unorm", 0, 0},
        {"point", SC_GS_POINT, 0}, {"line", SC_GS_LINE, 0}, {"triangle", SC_GS_TRIANGLE, 0},
        {"lineadj", SC_GS_LINEADJ, 0}, {"triangleadj", SC_GS_TRIANGLEADJ, 0},
    };
    const struct token *t = cur(p);
    if (t->kind != TK_IDENT)
        return false;
    for (size_t i = 0; i < sizeof(mods) / sizeof(mods[0]); i++)
        if (!strcmp(t->text, mods[i].w)) {
            /* `sample` is also a legal variable name: only a modifier before a type; so are
             * the geometry primitive words (`float line`) */
            if ((mods[i].i == IP_SAMPLE || (mods[i].s & SC_GS_PRIMITIVE)) &&
                !is_type_start(p, p->i + 1))
                return false;
            *storage |= mods[i].s;
            *interp |= mods[i].i;
            p->i++;
            return true;
        }
    return false;
}

static struct type *with_majority(struct parser *p, struct type *t, unsigned storage)
{
    if (t->cls != TC_MATRIX || !(storage & (SC_ROW_MAJOR | SC_COLUMN_MAJOR)))
        return t;
    struct type *m = hc_alloc(p->c, sizeof(*m));
    *m = *t;
    m->row_major = (storage & SC_ROW_MAJOR) != 0;
    return m;
}

/* ": SEMANTIC", ": register(x#)", ": packoffset(c#.x)", any number of them */
static void post_colons(struct parser *p, struct var_decl *v, const char **semantic,
                        struct loc_src *sem_loc)
{
    while (accept(p, ":")) {
        const struct token *t = cur(p);
        const char *w = ident(p);
        if (!strcmp(w, "register")) {
            expect(p, "(");
            const struct token *r = cur(p);
            const char *reg = ident(p);
            if (accept(p, ",")) /* register(ps_5_0, t0): the profile is ignored */
                reg = ident(p);
            char *end;
            long idx = strtol(reg + 1, &end, 10);
            if (!strchr("btscuiBTSCUI", reg[0]) || !reg[0] || *end || end == reg + 1 || idx < 0 ||
                idx > 65535)
                hc_error(p->c, &r->loc, 3530, "invalid register specification '%s'", reg);
            if (accept(p, "[")) { /* register(c0[4]) */
                idx += (long)const_int(p);
                expect(p, "]");
            }
            expect(p, ")");
            if (v) {
                v->reg_kind = (char)(reg[0] | 0x20);
                v->reg_index = (unsigned)idx;
            }
        } else if (!strcmp(w, "packoffset")) {
            expect(p, "(");
            const struct token *r = cur(p);
            const char *reg = ident(p);
            char *end;
            long idx = strtol(reg + 1, &end, 10);
            if ((reg[0] | 0x20) != 'c' || *end || end == reg + 1 || idx < 0 || idx > 4095)
                hc_error(p->c, &r->loc, 3530, "invalid packoffset '%s'", reg);
            unsigned comp = 0;
            if (accept(p, ".")) {
                const char *s = ident(p);
                const char *q = strchr("xyzwrgba", s[0]);
                if (!q || s[1])
                    hc_error(p->c, &r->loc, 3530, "invalid packoffset component '%s'", s);
                comp = (unsigned)(q - "xyzwrgba") & 3;
            }
            expect(p, ")");
            if (v) {
                v->has_packoffset = true;
                v->packoffset = (unsigned)idx * 4 + comp;
            }
        } else {
            *semantic = w;
            *sem_loc = t->loc;
        }
    }
}

/* <annotations> after a declaration: skipped */
static void skip_annotations(struct parser *p)
{
    if (!is(p, "<"))
        return;
    unsigned depth = 0;
    do {
        if (cur(p)->kind == TK_EOF)
            syntax(p, "'>'");
        if (is(p, "<"))
            depth++;
        else if (is(p, ">"))
            depth--;
        p->i++;
    } while (depth);
}

static void skip_braces(struct parser *p)
{
    unsigned depth = 0;
    do {
        if (cur(p)->kind == TK_EOF)
            syntax(p, "'}'");
        if (is(p, "{"))
            depth++;
        else if (is(p, "}"))
            depth--;
        p->i++;
    } while (depth);
}

static struct type *parse_struct(struct parser *p)
{
    struct hc *c = p->c;
    expect(p, "struct");
    const char *name = NULL;
    if (cur(p)->kind == TK_IDENT)
        name = ident(p);
    if (!is(p, "{")) {
        struct type *u = name ? user_type(p, name) : NULL;
        if (!u || u->cls != TC_STRUCT)
            syntax(p, "'{'");
        return u;
    }
    expect(p, "{");
    struct type *s = hc_alloc(c, sizeof(*s));
    s->cls = TC_STRUCT;
    s->name = name;
    size_t cap = 0;
    while (!accept(p, "}")) {
        unsigned storage = 0, interp = 0;
        while (modifier(p, &storage, &interp))
            ;
        struct type *base = with_majority(p, parse_type(p), storage);
        do {
            const struct token *nt = cur(p);
            const char *fname = ident(p);
            struct type *ft = array_of(p, base);
            for (unsigned i = 0; i < s->nfields; i++)
                if (!strcmp(s->fields[i].name, fname))
                    hc_error(c, &nt->loc, 3018, "redefinition of '%s'", fname);
            if (ft->cls == TC_VOID)
                hc_error(c, &nt->loc, 3038, "a struct member cannot be void");
            s->fields = hc_grow(c, s->fields, &cap, s->nfields, sizeof(*s->fields));
            struct field *f = &s->fields[s->nfields++];
            f->name = fname;
            f->type = ft;
            f->interp = interp;
            f->loc = nt->loc;
            struct loc_src sl;
            post_colons(p, NULL, &f->semantic, &sl);
        } while (accept(p, ","));
        expect(p, ";");
    }
    if (name)
        add_user_type(p, name, s);
    return s;
}

/* ---- expressions ------------------------------------------------------------------------------ */

static struct expr *new_expr(struct parser *p, enum expr_kind k, const struct token *at)
{
    struct expr *e = hc_alloc(p->c, sizeof(*e));
    e->kind = k;
    e->loc = at->loc;
    return e;
}

static void add_arg(struct parser *p, struct expr *e, struct expr *a, size_t *cap)
{
    e->args = hc_grow(p->c, e->args, cap, e->nargs, sizeof(*e->args));
    e->args[e->nargs++] = a;
}

static struct expr *assignment(struct parser *p);
static struct expr *expression(struct parser *p);
static struct expr *unary(struct parser *p);

static void call_args(struct parser *p, struct expr *e)
{
    size_t cap = 0;
    expect(p, "(");
    if (!accept(p, ")")) {
        do
            add_arg(p, e, assignment(p), &cap);
        while (accept(p, ","));
        expect(p, ")");
    }
}

static struct expr *init_list(struct parser *p)
{
    const struct token *at = cur(p);
    expect(p, "{");
    struct expr *e = new_expr(p, EX_INIT_LIST, at);
    size_t cap = 0;
    enter(p);
    while (!accept(p, "}")) {
        add_arg(p, e, is(p, "{") ? init_list(p) : assignment(p), &cap);
        if (!accept(p, ",")) {
            expect(p, "}");
            break;
        }
    }
    p->depth--;
    return e;
}

static struct expr *primary(struct parser *p)
{
    const struct token *t = cur(p);
    struct expr *e;
    switch (t->kind) {
    case TK_INT:
        p->i++;
        e = new_expr(p, EX_INT, t);
        e->ival = t->ival;
        e->is_unsigned = t->is_unsigned;
        return e;
    case TK_FLOAT:
        p->i++;
        e = new_expr(p, EX_FLOAT, t);
        e->fval = t->fval;
        return e;
    case TK_IDENT:
        if (!strcmp(t->text, "true") || !strcmp(t->text, "false")) {
            p->i++;
            e = new_expr(p, EX_BOOL, t);
            e->ival = t->text[0] == 't';
            return e;
        }
        if (is_type_start(p, p->i) && strcmp(t->text, "struct")) {
            struct type *ty = parse_type(p);
            e = new_expr(p, EX_CONSTRUCT, t);
            e->type = ty;
            if (!is(p, "("))
                syntax(p, "'(' after a type in an expression");
            call_args(p, e);
            return e;
        }
        p->i++;
        if (is(p, "(")) {
            e = new_expr(p, EX_CALL, t);
            e->name = t->text;
            call_args(p, e);
            return e;
        }
        e = new_expr(p, EX_IDENT, t);
        e->name = t->text;
        return e;
    case TK_PUNCT:
        if (!strcmp(t->text, "(")) {
            p->i++;
            e = expression(p);
            expect(p, ")");
            return e;
        }
        break;
    default:
        break;
    }
    syntax(p, "an expression");
}

static struct expr *postfix(struct parser *p)
{
    struct expr *e = primary(p);
    for (;;) {
        const struct token *t = cur(p);
        if (accept(p, "[")) {
            struct expr *x = new_expr(p, EX_INDEX, t);
            size_t cap = 0;
            add_arg(p, x, e, &cap);
            add_arg(p, x, expression(p), &cap);
            expect(p, "]");
            e = x;
        } else if (accept(p, ".")) {
            const struct token *nt = cur(p);
            const char *name = ident(p);
            struct expr *x;
            size_t cap = 0;
            if (is(p, "(")) {
                x = new_expr(p, EX_METHOD, nt);
                x->name = name;
                add_arg(p, x, e, &cap);
                struct expr tmp = {0};
                call_args(p, &tmp);
                for (unsigned i = 0; i < tmp.nargs; i++)
                    add_arg(p, x, tmp.args[i], &cap);
            } else {
                x = new_expr(p, EX_MEMBER, nt);
                x->name = name;
                add_arg(p, x, e, &cap);
            }
            e = x;
        } else if (is(p, "++") || is(p, "--")) {
            p->i++;
            struct expr *x = new_expr(p, EX_POSTINC, t);
            x->op = t->text[0] == '+' ? OP_INC : OP_DEC;
            size_t cap = 0;
            add_arg(p, x, e, &cap);
            e = x;
        } else {
            return e;
        }
    }
}

static struct expr *unary(struct parser *p)
{
    const struct token *t = cur(p);
    enter(p);
    struct expr *e;
    if (t->kind == TK_PUNCT && (!strcmp(t->text, "-") || !strcmp(t->text, "+") ||
                                !strcmp(t->text, "!") || !strcmp(t->text, "~"))) {
        p->i++;
        e = new_expr(p, EX_UNARY, t);
        e->op = t->text[0] == '-' ? OP_NEG : t->text[0] == '+' ? OP_PLUS : t->text[0];
        size_t cap = 0;
        add_arg(p, e, unary(p), &cap);
    } else if (is(p, "++") || is(p, "--")) {
        p->i++;
        e = new_expr(p, EX_PREINC, t);
        e->op = t->text[0] == '+' ? OP_INC : OP_DEC;
        size_t cap = 0;
        add_arg(p, e, unary(p), &cap);
    } else if (is(p, "(") && is_type_start(p, p->i + 1)) {
        /* a cast, unless the type is the start of a constructor: (float4(...)).x */
        size_t save = p->i;
        p->i++;
        struct type *ty = parse_type(p);
        ty = array_of(p, ty);
        if (accept(p, ")")) {
            e = new_expr(p, EX_CAST, t);
            e->type = ty;
            size_t cap = 0;
            add_arg(p, e, unary(p), &cap);
        } else {
            p->i = save;
            e = postfix(p);
        }
    } else {
        e = postfix(p);
    }
    p->depth--;
    return e;
}

static int binary_prec(const struct token *t, int *op)
{
    static const struct { const char *s; int prec, op; } ops[] = {
        {"*", 10, '*'}, {"/", 10, '/'}, {"%", 10, '%'}, {"+", 9, '+'}, {"-", 9, '-'},
        {"<<", 8, OP_SHL}, {">>", 8, OP_SHR}, {"<", 7, '<'}, {">", 7, '>'}, {"<=", 7, OP_LE},
        {">=", 7, OP_GE}, {"==", 6, OP_EQ}, {"!=", 6, OP_NE}, {"&", 5, '&'}, {"^", 4, '^'},
        {"|", 3, '|'}, {"&&", 2, OP_AND}, {"||", 1, OP_OR},
    };
    if (t->kind != TK_PUNCT)
        return 0;
    for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
        if (!strcmp(t->text, ops[i].s)) {
            *op = ops[i].op;
            return ops[i].prec;
        }
    return 0;
}

static struct expr *binary(struct parser *p, int min)
{
    struct expr *l = unary(p);
    for (;;) {
        const struct token *t = cur(p);
        int op, prec = binary_prec(t, &op);
        if (!prec || prec < min)
            return l;
        p->i++;
        enter(p);
        struct expr *r = binary(p, prec + 1);
        p->depth--;
        struct expr *e = new_expr(p, EX_BINARY, t);
        e->op = op;
        size_t cap = 0;
        add_arg(p, e, l, &cap);
        add_arg(p, e, r, &cap);
        l = e;
    }
}

static struct expr *conditional(struct parser *p)
{
    struct expr *e = binary(p, 1);
    const struct token *t = cur(p);
    if (!accept(p, "?"))
        return e;
    enter(p);
    struct expr *x = new_expr(p, EX_COND, t);
    size_t cap = 0;
    add_arg(p, x, e, &cap);
    add_arg(p, x, assignment(p), &cap);
    expect(p, ":");
    add_arg(p, x, assignment(p), &cap);
    p->depth--;
    return x;
}

static struct expr *assignment(struct parser *p)
{
    struct expr *l = conditional(p);
    const struct token *t = cur(p);
    static const struct { const char *s; int op; } ops[] = {
        {"=", '='}, {"+=", '+'}, {"-=", '-'}, {"*=", '*'}, {"/=", '/'}, {"%=", '%'},
        {"&=", '&'}, {"|=", '|'}, {"^=", '^'}, {"<<=", OP_SHL}, {">>=", OP_SHR},
    };
    if (t->kind != TK_PUNCT)
        return l;
    for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
        if (!strcmp(t->text, ops[i].s)) {
            p->i++;
            enter(p);
            struct expr *e = new_expr(p, EX_ASSIGN, t);
            e->op = ops[i].op;
            size_t cap = 0;
            add_arg(p, e, l, &cap);
            add_arg(p, e, assignment(p), &cap);
            p->depth--;
            return e;
        }
    return l;
}

static struct expr *expression(struct parser *p)
{
    struct expr *e = assignment(p);
    const struct token *t = cur(p);
    if (!is(p, ","))
        return e;
    struct expr *x = new_expr(p, EX_COMMA, t);
    size_t cap = 0;
    add_arg(p, x, e, &cap);
    while (accept(p, ","))
        add_arg(p, x, assignment(p), &cap);
    return x;
}

/* ---- declarations ---------------------------------------------------------------------------- */

/* After the type: declarators up to ';'.  Returns the declarations. */
static struct var_decl **declarators(struct parser *p, struct type *base, unsigned storage,
                                     unsigned interp, unsigned *count)
{
    struct var_decl **list = NULL;
    size_t cap = 0;
    *count = 0;
    do {
        const struct token *nt = cur(p);
        struct var_decl *v = hc_alloc(p->c, sizeof(*v));
        v->name = ident(p);
        v->loc = nt->loc;
        v->type = array_of(p, base);
        v->storage = storage;
        v->interp = interp;
        post_colons(p, v, &v->semantic, &v->sem_loc);
        skip_annotations(p);
        if (accept(p, "="))
            v->init = is(p, "{") ? init_list(p) : assignment(p);
        else if (is(p, "{") && (v->type->cls == TC_SAMPLER || v->type->cls == TC_TEXTURE))
            skip_braces(p); /* sampler_state { ... }: effect state, not used by shaders */
        if (v->type->cls == TC_VOID)
            hc_error(p->c, &nt->loc, 3038, "'%s': a variable cannot be void", v->name);
        list = hc_grow(p->c, list, &cap, *count, sizeof(*list));
        list[(*count)++] = v;
    } while (accept(p, ","));
    expect(p, ";");
    return list;
}

static struct stmt *statement(struct parser *p);

static struct stmt *new_stmt(struct parser *p, enum stmt_kind k, const struct token *at)
{
    struct stmt *s = hc_alloc(p->c, sizeof(*s));
    s->kind = k;
    s->loc = at->loc;
    return s;
}

static struct stmt *block(struct parser *p)
{
    const struct token *at = cur(p);
    expect(p, "{");
    struct stmt *s = new_stmt(p, ST_BLOCK, at);
    size_t cap = 0;
    size_t ntypes = p->ntypes;
    while (!accept(p, "}")) {
        if (cur(p)->kind == TK_EOF)
            syntax(p, "'}'");
        struct stmt *x = statement(p);
        s->list = hc_grow(p->c, s->list, &cap, s->nlist, sizeof(*s->list));
        s->list[s->nlist++] = x;
    }
    p->ntypes = ntypes;
    return s;
}

/* A function attribute's integer arguments: [maxvertexcount(4)], [numthreads(8, 8, 1)].
 * Their values must be literal integers (after preprocessing), as fxc requires of them. */
static void attribute_ints(struct parser *p, const struct token *at, unsigned *out, unsigned n,
                           struct loc_src *loc)
{
    *loc = at->loc;
    expect(p, "(");
    for (unsigned k = 0; k < n; k++) {
        if (k)
            expect(p, ",");
        if (cur(p)->kind != TK_INT)
            hc_error(p->c, &cur(p)->loc, 3000, "syntax error: [%s] takes %u integer "
                     "constant%s", at->text, n, n > 1 ? "s" : "");
        out[k] = cur(p)->ival > 0xffffffu ? 0xffffffu : (unsigned)cur(p)->ival;
        p->i++;
    }
    expect(p, ")");
}

/* The hull and domain attributes: a string, an integer or a float in parentheses. */
static bool tess_attribute(struct parser *p, const struct token *at, const char *w,
                           struct func_decl *fn)
{
    static const char *const strs[] = {"domain", "partitioning", "outputtopology",
                                       "patchconstantfunc"};
    const char **sdst[] = {&fn->domain, &fn->partitioning, &fn->outputtopology,
                           &fn->patchconstantfunc};
    struct loc_src *sloc[] = {&fn->domain_loc, &fn->partitioning_loc, &fn->outputtopology_loc,
                              &fn->patchconstantfunc_loc};
    for (unsigned k = 0; k < 4; k++) {
        if (strcmp(w, strs[k]))
            continue;
        *sloc[k] = at->loc;
        expect(p, "(");
        const struct token *s = cur(p);
        if (s->kind != TK_STRING)
            hc_error(p->c, &s->loc, 3000, "syntax error: [%s] takes a string", w);
        /* the token's text keeps its quotes */
        *sdst[k] = hc_strndup(p->c, s->text + 1, s->len >= 2 ? s->len - 2 : 0);
        p->i++;
        expect(p, ")");
        return true;
    }
    if (!strcmp(w, "outputcontrolpoints")) {
        attribute_ints(p, at, &fn->outputcontrolpoints, 1, &fn->outputcontrolpoints_loc);
        fn->has_outputcontrolpoints = true;
        return true;
    }
    if (!strcmp(w, "maxtessfactor")) {
        fn->maxtessfactor_loc = at->loc;
        expect(p, "(");
        const struct token *s = cur(p);
        if (s->kind == TK_FLOAT)
            fn->maxtessfactor = s->fval;
        else if (s->kind == TK_INT)
            fn->maxtessfactor = (double)s->ival;
        else
            hc_error(p->c, &s->loc, 3000, "syntax error: [maxtessfactor] takes a number");
        p->i++;
        expect(p, ")");
        fn->has_maxtessfactor = true;
        return true;
    }
    return false;
}

/* [unroll] [unroll(4)] [loop] [branch] [flatten] [fastopt] [allow_uav_condition] ...;
 * fn (global attributes only): where [maxvertexcount], [instance] and [numthreads] go. */
static void attributes(struct parser *p, unsigned *flags, int *unroll, struct func_decl *fn)
{
    while (is(p, "[")) {
        p->i++;
        const struct token *t = cur(p);
        const char *w = ident(p);
        if (fn && !strcmp(w, "maxvertexcount")) {
            attribute_ints(p, t, &fn->maxvertexcount, 1, &fn->maxvertexcount_loc);
            expect(p, "]");
            continue;
        }
        if (fn && !strcmp(w, "instance")) {
            attribute_ints(p, t, &fn->instance, 1, &fn->instance_loc);
            expect(p, "]");
            continue;
        }
        if (fn && !strcmp(w, "numthreads")) {
            attribute_ints(p, t, fn->numthreads, 3, &fn->numthreads_loc);
            expect(p, "]");
            continue;
        }
        if (fn && tess_attribute(p, t, w, fn)) {
            expect(p, "]");
            continue;
        }
        if (!strcmp(w, "unroll"))
            *flags |= AT_UNROLL;
        else if (!strcmp(w, "loop"))
            *flags |= AT_LOOP;
        else if (!strcmp(w, "branch"))
            *flags |= AT_BRANCH;
        else if (!strcmp(w, "flatten"))
            *flags |= AT_FLATTEN;
        else if (strcmp(w, "fastopt") && strcmp(w, "allow_uav_condition") &&
                 strcmp(w, "call") && strcmp(w, "forcecase") && strcmp(w, "numthreads") &&
                 strcmp(w, "earlydepthstencil") && strcmp(w, "maxvertexcount") &&
                 strcmp(w, "domain") && strcmp(w, "partitioning") &&
                 strcmp(w, "outputtopology") && strcmp(w, "outputcontrolpoints") &&
                 strcmp(w, "patchconstantfunc") && strcmp(w, "maxtessfactor") &&
                 strcmp(w, "instance"))
            hc_warning(p->c, &t->loc, 3554, "unknown attribute '%s' ignored", w);
        if (accept(p, "(")) {
            unsigned depth = 1;
            if (!strcmp(w, "unroll") && cur(p)->kind == TK_INT)
                *unroll = (int)(cur(p)->ival > 4096 ? 4096 : cur(p)->ival);
            while (depth) {
                if (cur(p)->kind == TK_EOF)
                    syntax(p, "')'");
                if (is(p, "("))
                    depth++;
                else if (is(p, ")"))
                    depth--;
                p->i++;
            }
        }
        expect(p, "]");
    }
}

static bool decl_start(struct parser *p)
{
    size_t save = p->i;
    unsigned s = 0, ip = 0;
    while (modifier(p, &s, &ip))
        ;
    bool r = (s || ip || is_type_start(p, p->i)) &&
             (is(p, "struct") || ahead(p, 1)->kind == TK_IDENT || is(p, "vector") ||
              is(p, "matrix") || is(p, "const") || ahead(p, 1)->text[0] == '<');
    p->i = save;
    return r;
}

static struct stmt *statement(struct parser *p)
{
    const struct token *t = cur(p);
    struct stmt *s;
    enter(p);
    unsigned attrs = 0;
    int unroll = 0;
    attributes(p, &attrs, &unroll, NULL);
    if (is(p, "{")) {
        s = block(p);
    } else if (accept(p, ";")) {
        s = new_stmt(p, ST_EMPTY, t);
    } else if (accept(p, "if")) {
        s = new_stmt(p, ST_IF, t);
        expect(p, "(");
        s->expr = expression(p);
        expect(p, ")");
        s->body = statement(p);
        if (accept(p, "else"))
            s->other = statement(p);
    } else if (accept(p, "for")) {
        s = new_stmt(p, ST_FOR, t);
        expect(p, "(");
        if (!accept(p, ";")) {
            s->init = statement(p); /* a declaration or an expression statement, with ';' */
        }
        if (!is(p, ";"))
            s->expr = expression(p);
        expect(p, ";");
        if (!is(p, ")"))
            s->step = expression(p);
        expect(p, ")");
        s->body = statement(p);
    } else if (accept(p, "while")) {
        s = new_stmt(p, ST_WHILE, t);
        expect(p, "(");
        s->expr = expression(p);
        expect(p, ")");
        s->body = statement(p);
    } else if (accept(p, "do")) {
        s = new_stmt(p, ST_DO, t);
        s->body = statement(p);
        expect(p, "while");
        expect(p, "(");
        s->expr = expression(p);
        expect(p, ")");
        expect(p, ";");
    } else if (accept(p, "switch")) {
        /* switch (x) { case 1: case 2: ...; default: ... }: groups of labels and statements */
        s = new_stmt(p, ST_SWITCH, t);
        expect(p, "(");
        s->expr = expression(p);
        expect(p, ")");
        expect(p, "{");
        size_t gcap = 0;
        struct stmt *grp = NULL;
        size_t lcap = 0, bcap = 0;
        while (!accept(p, "}")) {
            const struct token *lt = cur(p);
            if (is(p, "case") || is(p, "default")) {
                bool def = is(p, "default");
                p->i++;
                if (!grp || grp->nlist) {
                    grp = new_stmt(p, ST_BLOCK, lt);
                    s->list = hc_grow(p->c, s->list, &gcap, s->nlist, sizeof(*s->list));
                    s->list[s->nlist++] = grp;
                    lcap = bcap = 0;
                }
                if (def) {
                    grp->is_default = true;
                } else {
                    struct expr *v = conditional(p);
                    grp->labels = hc_grow(p->c, grp->labels, &lcap, grp->nlabels,
                                          sizeof(*grp->labels));
                    grp->labels[grp->nlabels++] = v;
                }
                expect(p, ":");
                continue;
            }
            if (!grp)
                syntax(p, "'case' or 'default'");
            struct stmt *x = statement(p);
            grp->list = hc_grow(p->c, grp->list, &bcap, grp->nlist, sizeof(*grp->list));
            grp->list[grp->nlist++] = x;
        }
    } else if (accept(p, "break")) {
        s = new_stmt(p, ST_BREAK, t);
        expect(p, ";");
    } else if (accept(p, "continue")) {
        s = new_stmt(p, ST_CONTINUE, t);
        expect(p, ";");
    } else if (accept(p, "discard")) {
        s = new_stmt(p, ST_DISCARD, t);
        expect(p, ";");
    } else if (accept(p, "return")) {
        s = new_stmt(p, ST_RETURN, t);
        if (!is(p, ";"))
            s->expr = expression(p);
        expect(p, ";");
    } else if (is(p, "typedef")) {
        p->i++;
        struct type *ty = parse_type(p);
        do {
            const char *name = ident(p);
            add_user_type(p, name, array_of(p, ty));
        } while (accept(p, ","));
        expect(p, ";");
        s = new_stmt(p, ST_EMPTY, t);
    } else if (decl_start(p)) {
        unsigned storage = 0, interp = 0;
        while (modifier(p, &storage, &interp))
            ;
        struct type *ty = with_majority(p, parse_type(p), storage);
        s = new_stmt(p, ST_DECL, t);
        if (accept(p, ";")) {  /* struct S { ... }; */
            p->depth--;
            return s;
        }
        s->decls = declarators(p, ty, storage, interp, &s->ndecls);
    } else {
        s = new_stmt(p, ST_EXPR, t);
        s->expr = expression(p);
        expect(p, ";");
    }
    s->attrs |= attrs;
    if (unroll)
        s->unroll_count = unroll;
    p->depth--;
    return s;
}

/* ---- the translation unit ------------------------------------------------------------------- */

static void add_global(struct parser *p, struct global g)
{
    struct program *prog = p->prog;
    prog->globals = hc_grow(p->c, prog->globals, &p->globals_cap, prog->nglobals,
                            sizeof(*prog->globals));
    prog->globals[prog->nglobals++] = g;
}

/* Matrices declared without row_major/column_major take the default at their declaration. */
static struct type *default_majority(struct parser *p, struct type *t, unsigned storage)
{
    if (t->cls == TC_MATRIX && !(storage & (SC_ROW_MAJOR | SC_COLUMN_MAJOR)) &&
        p->c->row_major_default) {
        struct type *m = hc_alloc(p->c, sizeof(*m));
        *m = *t;
        m->row_major = true;
        return m;
    }
    if (t->cls == TC_ARRAY) {
        struct type *e = default_majority(p, t->elem, storage);
        if (e != t->elem) {
            struct type *a = hc_alloc(p->c, sizeof(*a));
            *a = *t;
            a->elem = e;
            return a;
        }
    }
    return t;
}

static void parse_cbuffer(struct parser *p)
{
    const struct token *t = cur(p);
    bool tb = !strcmp(t->text, "tbuffer");
    p->i++;
    struct cbuffer_decl *cb = hc_alloc(p->c, sizeof(*cb));
    cb->tbuffer = tb;
    cb->loc = cur(p)->loc;
    cb->name = ident(p);
    struct var_decl tmp = {0};
    const char *sem = NULL;
    struct loc_src sl;
    post_colons(p, &tmp, &sem, &sl);
    if (tmp.reg_kind) {
        if (tmp.reg_kind != (tb ? 't' : 'b'))
            hc_error(p->c, &cb->loc, 3530, tb ? "a tbuffer is bound to a t# register" :
                     "a cbuffer is bound to a b# register");
        cb->has_reg = true;
        cb->reg = tmp.reg_index;
    }
    expect(p, "{");
    size_t cap = 0;
    while (!accept(p, "}")) {
        unsigned storage = 0, interp = 0;
        while (modifier(p, &storage, &interp))
            ;
        struct type *ty = with_majority(p, parse_type(p), storage);
        if (accept(p, ";"))
            continue; /* a struct definition */
        unsigned n;
        struct var_decl **vs = declarators(p, ty, storage | SC_UNIFORM, interp, &n);
        for (unsigned i = 0; i < n; i++) {
            vs[i]->type = default_majority(p, vs[i]->type, storage);
            cb->vars = hc_grow(p->c, cb->vars, &cap, cb->nvars, sizeof(*cb->vars));
            cb->vars[cb->nvars++] = vs[i];
        }
    }
    accept(p, ";");
    struct global g = {GL_CBUFFER, NULL, NULL, cb};
    add_global(p, g);
}

static void parse_function(struct parser *p, struct type *ret, const struct token *nt,
                           unsigned storage, const struct func_decl *attrs)
{
    (void)storage;
    struct func_decl *f = hc_alloc(p->c, sizeof(*f));
    *f = *attrs;
    f->name = nt->text;
    f->loc = nt->loc;
    f->ret = ret;
    expect(p, "(");
    size_t cap = 0;
    if (is(p, "void") && ahead(p, 1)->kind == TK_PUNCT && ahead(p, 1)->text[0] == ')')
        p->i++;
    if (!accept(p, ")")) {
        do {
            unsigned st = 0, ip = 0;
            const struct token *pt = cur(p);
            while (modifier(p, &st, &ip))
                ;
            struct type *ty = with_majority(p, parse_type(p), st);
            struct var_decl *v = hc_alloc(p->c, sizeof(*v));
            v->loc = cur(p)->loc;
            v->name = ident(p);
            v->type = array_of(p, ty);
            v->storage = st;
            v->interp = ip;
            post_colons(p, v, &v->semantic, &v->sem_loc);
            if (accept(p, "="))
                v->init = assignment(p);
            if (v->type->cls == TC_VOID)
                hc_error(p->c, &pt->loc, 3038, "a parameter cannot be void");
            f->params = hc_grow(p->c, f->params, &cap, f->nparams, sizeof(*f->params));
            f->params[f->nparams++] = v;
        } while (accept(p, ","));
        expect(p, ")");
    }
    struct loc_src sl;
    struct var_decl tmp = {0};
    post_colons(p, &tmp, &f->ret_semantic, &sl);
    if (!accept(p, ";")) {
        p->depth = 0;
        f->body = block(p);
        /* a second body for the same signature */
        for (unsigned i = 0; i < p->prog->nglobals; i++) {
            const struct func_decl *o = p->prog->globals[i].func;
            if (p->prog->globals[i].kind != GL_FUNC || !o->body || strcmp(o->name, f->name) ||
                o->nparams != f->nparams)
                continue;
            bool same = true;
            for (unsigned k = 0; k < f->nparams; k++)
                same = same && type_equal(o->params[k]->type, f->params[k]->type);
            if (same)
                hc_error(p->c, &f->loc, 3003, "redefinition of '%s'", f->name);
        }
    }
    struct global g = {GL_FUNC, NULL, f, NULL};
    add_global(p, g);
}

static void skip_technique(struct parser *p)
{
    p->i++;
    while (cur(p)->kind != TK_EOF && !is(p, "{"))
        p->i++;
    skip_braces(p);
    accept(p, ";");
}

static void pragma(struct parser *p, const struct token *t)
{
    const char *s = strstr(t->text, "pack_matrix");
    if (!s)
        return; /* other pragmas (warning, def, message) are ignored, as fxc mostly does */
    if (strstr(s, "row_major"))
        p->c->row_major_default = true;
    else if (strstr(s, "column_major"))
        p->c->row_major_default = false;
}

struct program *parse_program(struct hc *c, struct token *toks, size_t ntoks)
{
    struct parser *p = hc_alloc(c, sizeof(*p));
    p->c = c;
    p->t = toks;
    p->n = ntoks;
    p->prog = hc_alloc(c, sizeof(*p->prog));
    while (cur(p)->kind != TK_EOF) {
        const struct token *t = cur(p);
        p->depth = 0;
        if (t->kind == TK_PRAGMA) {
            pragma(p, t);
            p->i++;
            continue;
        }
        if (accept(p, ";"))
            continue;
        if (is(p, "cbuffer") || is(p, "tbuffer")) {
            parse_cbuffer(p);
            continue;
        }
        if (is(p, "technique") || is(p, "technique10") || is(p, "technique11")) {
            skip_technique(p);
            continue;
        }
        if (is(p, "typedef")) {
            p->i++;
            unsigned st = 0, ip = 0;
            while (modifier(p, &st, &ip))
                ;
            struct type *ty = with_majority(p, parse_type(p), st);
            do {
                const char *name = ident(p);
                add_user_type(p, name, array_of(p, ty));
            } while (accept(p, ","));
            expect(p, ";");
            continue;
        }
        if (is(p, "interface") || is(p, "class") || is(p, "namespace"))
            hc_error(c, &t->loc, 3000, "'%s' is not supported yet", t->text);
        unsigned attrs = 0;
        int unroll = 0;
        struct func_decl fattrs = {0};
        attributes(p, &attrs, &unroll, &fattrs);
        unsigned storage = 0, interp = 0;
        while (modifier(p, &storage, &interp))
            ;
        struct type *ty = with_majority(p, parse_type(p), storage);
        if (accept(p, ";"))
            continue; /* struct S { ... }; */
        const struct token *nt = cur(p);
        if (nt->kind == TK_IDENT && ahead(p, 1)->kind == TK_PUNCT &&
            !strcmp(ahead(p, 1)->text, "(")) {
            p->i++;
            parse_function(p, ty, nt, storage, &fattrs);
            continue;
        }
        unsigned n;
        struct var_decl **vs = declarators(p, ty, storage, interp, &n);
        for (unsigned i = 0; i < n; i++) {
            vs[i]->type = default_majority(p, vs[i]->type, storage);
            struct global g = {GL_VAR, vs[i], NULL, NULL};
            add_global(p, g);
        }
    }
    return p->prog;
}
