/* src/shader/d3dbc_asm.c — D3D9 shader assembly text -> struct d3dbc_program.
 *
 * The syntax is that of the D3D9 assembly reference and of fxc / d3dbc_dis listings:
 *
 *     vs_2_0                          version first (also vs.2.0); vs_1_1..vs_3_0, ps_1_1..ps_3_0
 *     def c0, 1, 0.5, -2, 1e-3        float constants; 0x7fc00000 gives raw bits (NaN, inf)
 *     defi i0, 4, 0, 1, 0             defb b0, true
 *     dcl_position v0                 dcl_texcoord1 v1.xy   dcl_2d s0   dcl t0 (ps_2_0)
 *     mov oPos, v0                    one instruction a line; a line ending in ',' continues
 *     mad_sat_pp r0.xy, -r1_abs.x, c[a0.x + 3], 1-r2    instruction modifiers _sat _pp
 *                                     _centroid, shifts _x2 _x4 _x8 _d2 _d4 _d8; write masks;
 *                                     swizzles (.x = .xxxx, .xy = .xyyy); source modifiers
 *                                     -  1-  !  _bias _bx2 _x2 _dz/_db _dw/_da _abs
 *     c3[a0.x] = c[a0.x + 3] = c[3 + a0.x];   o[aL], v2[aL + 1]  (relative addressing)
 *     (p0.x) add r0, r1, r2           predication;  +mov r0.a, t0  co-issue (ps_1_x)
 *     if_gt r0.x, c0.x   break_ne   setp_le p0, r0, r1   texldp / texldb   callnz l0, !p0.x
 *     // comment, ; comment, and block comments
 *
 *   Names and letters are case-insensitive (oPos = opos; rgba = xyzw).  `end` may close the
 *   program (MojoShader listings have it).  One extension carries comment tokens, so that a
 *   disassembly assembles back to the same bytes:
 *
 *     comment 0x42415443, 0x0000001c, ...     a comment block of these dwords, in order
 *
 *   The assembler builds each instruction, then d3dbc_check_instr() (d3dbc_table.c) judges it
 *   with the reader's rules.  Errors name the line and column (1-based) of what was wrong.
 */
#include "shader/d3dbc.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct assembler {
    const char *s;
    size_t len, pos;
    struct d3dbc_program *p;
    struct d3dbc_error *err;
};

static int syntax(struct assembler *a, size_t at, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int syntax(struct assembler *a, size_t at, int code, const char *fmt, ...)
{
    unsigned line = 1, col = 1;
    if (at > a->len)
        at = a->len;
    for (size_t i = 0; i < at; i++) {
        if (a->s[i] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    if (a->err) {
        va_list ap;
        int n;
        a->err->code = code;
        a->err->offset = at;
        a->err->line = line;
        a->err->column = col;
        n = snprintf(a->err->message, sizeof(a->err->message), "line %u, column %u: ", line, col);
        if (n < 0 || (size_t)n >= sizeof(a->err->message))
            n = 0;
        va_start(ap, fmt);
        vsnprintf(a->err->message + n, sizeof(a->err->message) - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return code;
}

static int peek(const struct assembler *a)
{
    return a->pos < a->len ? (unsigned char)a->s[a->pos] : -1;
}

static int peek_at(const struct assembler *a, size_t k)
{
    return a->pos + k < a->len ? (unsigned char)a->s[a->pos + k] : -1;
}

/* Skips blanks and comments; newlines too when `lines`.  Fails on an unterminated block. */
static int skip(struct assembler *a, bool lines)
{
    for (;;) {
        int c = peek(a);
        if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || (lines && c == '\n')) {
            a->pos++;
        } else if (c == ';' || (c == '/' && peek_at(a, 1) == '/')) {
            while (a->pos < a->len && a->s[a->pos] != '\n')
                a->pos++;
        } else if (c == '/' && peek_at(a, 1) == '*') {
            size_t start = a->pos;
            a->pos += 2;
            while (a->pos < a->len && !(a->s[a->pos] == '*' && peek_at(a, 1) == '/'))
                a->pos++;
            if (a->pos >= a->len)
                return syntax(a, start, D3DBC_E_SYNTAX, "unterminated /* comment");
            a->pos += 2;
        } else {
            return 0;
        }
    }
}

static bool at_line_end(const struct assembler *a)
{
    return peek(a) == '\n' || peek(a) < 0;
}

/* A name ([A-Za-z_][A-Za-z0-9_]*), lowercased into buf. */
static int read_name(struct assembler *a, char *buf, size_t cap, const char *what)
{
    size_t n = 0, start = a->pos;
    int c = peek(a);
    if (!(isalpha(c) || c == '_')) {
        char found[24];
        if (c < 0)
            snprintf(found, sizeof(found), "the end of the text");
        else if (c == '\n')
            snprintf(found, sizeof(found), "the end of the line");
        else if (c >= 0x20 && c < 0x7f)
            snprintf(found, sizeof(found), "'%c'", c);
        else
            snprintf(found, sizeof(found), "byte 0x%02x", (unsigned)c);
        return syntax(a, start, D3DBC_E_SYNTAX, "expected %s, found %s", what, found);
    }
    while (isalnum(peek(a)) || peek(a) == '_') {
        if (n + 1 >= cap)
            return syntax(a, start, D3DBC_E_SYNTAX, "name too long");
        buf[n++] = (char)tolower(peek(a));
        a->pos++;
    }
    buf[n] = '\0';
    return 0;
}

static int expect(struct assembler *a, char ch)
{
    int ret = skip(a, false);
    if (ret)
        return ret;
    if (peek(a) != ch)
        return syntax(a, a->pos, D3DBC_E_SYNTAX, "expected '%c'", ch);
    a->pos++;
    return 0;
}

/* An integer: optional sign, decimal or 0x hex; must fit in [lo, hi]. */
static int read_int(struct assembler *a, long long lo, long long hi, long long *out,
                    const char *what)
{
    size_t start = a->pos;
    bool neg = false;
    unsigned long long v = 0;
    int digits = 0;
    if (peek(a) == '-' || peek(a) == '+') {
        neg = peek(a) == '-';
        a->pos++;
    }
    if (peek(a) == '0' && (peek_at(a, 1) == 'x' || peek_at(a, 1) == 'X')) {
        a->pos += 2;
        while (isxdigit(peek(a))) {
            int c = tolower(peek(a));
            v = v * 16 + (unsigned)(isdigit(c) ? c - '0' : c - 'a' + 10);
            a->pos++;
            if (++digits > 8)
                return syntax(a, start, D3DBC_E_SYNTAX, "%s: number too large", what);
        }
    } else {
        while (isdigit(peek(a))) {
            v = v * 10 + (unsigned)(peek(a) - '0');
            a->pos++;
            if (++digits > 10)
                return syntax(a, start, D3DBC_E_SYNTAX, "%s: number too large", what);
        }
    }
    if (!digits || isalnum(peek(a)) || peek(a) == '_' || peek(a) == '.')
        return syntax(a, start, D3DBC_E_SYNTAX, "%s: expected an integer", what);
    *out = neg ? -(long long)v : (long long)v;
    if (*out < lo || *out > hi)
        return syntax(a, start, D3DBC_E_SYNTAX, "%s: %lld is out of range [%lld, %lld]", what,
                      *out, lo, hi);
    return 0;
}

/* A def value: a decimal float, or 0x followed by the raw bits. */
static int read_float_bits(struct assembler *a, uint32_t *out)
{
    size_t start = a->pos, n = 0;
    char buf[64];
    char *end;
    float f;
    size_t k = a->pos;
    if (k < a->len && (a->s[k] == '-' || a->s[k] == '+'))
        k++;
    if (k + 1 < a->len && a->s[k] == '0' && (a->s[k + 1] == 'x' || a->s[k + 1] == 'X')) {
        long long v;
        int ret = read_int(a, 0, 0xffffffffll, &v, "def value");
        if (ret)
            return ret;
        if (a->s[start] == '-')
            return syntax(a, start, D3DBC_E_SYNTAX, "def value: raw bits cannot be negated");
        *out = (uint32_t)v;
        return 0;
    }
    while (a->pos < a->len) {
        int c = peek(a);
        bool sign_ok = n == 0 || (n > 0 && (buf[n - 1] == 'e' || buf[n - 1] == 'E'));
        if (!(isdigit(c) || c == '.' || c == 'e' || c == 'E' || ((c == '-' || c == '+') && sign_ok)))
            break;
        if (n + 1 >= sizeof(buf))
            return syntax(a, start, D3DBC_E_SYNTAX, "def value: number too long");
        buf[n++] = (char)c;
        a->pos++;
    }
    buf[n] = '\0';
    errno = 0;
    f = strtof(buf, &end);
    if (!n || *end || end == buf || isalpha(peek(a)) || peek(a) == '_')
        return syntax(a, start, D3DBC_E_SYNTAX, "def value: expected a number");
    if (errno == ERANGE && (f > 1.0f || f < -1.0f))
        return syntax(a, start, D3DBC_E_SYNTAX, "def value: %s is out of the range of a float "
                      "(write 0x7f800000 for infinity)", buf);
    memcpy(out, &f, sizeof(f));
    return 0;
}

/* ---- registers and operands --------------------------------------------------------------- */

/* Splits "r0_bx2" into the register part and the modifier after the first '_'. */
static const char *split_suffix(char *name)
{
    char *u = strchr(name, '_');
    if (!u)
        return NULL;
    *u = '\0';
    return u + 1;
}

/* Register name (lowercased, no suffix) -> type and index.  *indexed is false for "c" alone
 * (then a bracket must follow). */
static int parse_register(struct assembler *a, size_t at, const char *name, uint8_t *type,
                          uint16_t *index, bool *has_index)
{
    static const struct { const char *name; uint8_t type; uint16_t index; } fixed[] = {
        {"opos", D3DBC_REG_RASTOUT, 0}, {"ofog", D3DBC_REG_RASTOUT, 1},
        {"opts", D3DBC_REG_RASTOUT, 2}, {"odepth", D3DBC_REG_DEPTHOUT, 0},
        {"al", D3DBC_REG_LOOP, 0}, {"vpos", D3DBC_REG_MISCTYPE, 0},
        {"vface", D3DBC_REG_MISCTYPE, 1},
    };
    static const struct { const char *prefix; uint8_t type; signed char pixel; } prefixes[] = {
        {"od", D3DBC_REG_ATTROUT, -1}, {"ot", D3DBC_REG_TEXCRDOUT, -1},
        {"oc", D3DBC_REG_COLOROUT, -1}, {"o", D3DBC_REG_OUTPUT, -1},
        {"r", D3DBC_REG_TEMP, -1}, {"v", D3DBC_REG_INPUT, -1}, {"c", D3DBC_REG_CONST, -1},
        {"a", D3DBC_REG_ADDR, 0}, {"t", D3DBC_REG_TEXTURE, 1}, {"s", D3DBC_REG_SAMPLER, -1},
        {"i", D3DBC_REG_CONSTINT, -1}, {"b", D3DBC_REG_CONSTBOOL, -1},
        {"l", D3DBC_REG_LABEL, -1}, {"p", D3DBC_REG_PREDICATE, -1},
    };
    for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
        if (!strcmp(name, fixed[i].name)) {
            *type = fixed[i].type;
            *index = fixed[i].index;
            *has_index = true;
            return 0;
        }
    for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
        size_t n = strlen(prefixes[i].prefix);
        const char *d = name + n;
        unsigned long v = 0;
        if (strncmp(name, prefixes[i].prefix, n))
            continue;
        if (*d && !isdigit((unsigned char)*d))
            continue;
        if (prefixes[i].pixel >= 0 && prefixes[i].pixel != a->p->pixel)
            return syntax(a, at, D3DBC_E_BAD_PARAM, "%s: %s registers exist in %s shaders only",
                          name, prefixes[i].prefix, prefixes[i].pixel ? "pixel" : "vertex");
        for (; *d; d++) {
            v = v * 10 + (unsigned long)(*d - '0');
            if (v > 2047)
                return syntax(a, at, D3DBC_E_BAD_PARAM, "%s: register number out of range", name);
        }
        *type = prefixes[i].type;
        *index = (uint16_t)v;
        *has_index = name[n] != '\0';
        return 0;
    }
    return syntax(a, at, D3DBC_E_BAD_PARAM, "unknown register '%s'", name);
}

/* .xyzw-style letters -> an 8-bit swizzle (the last letter repeats). */
static int parse_swizzle(struct assembler *a, size_t at, const char *letters, uint8_t *out)
{
    size_t n = strlen(letters);
    unsigned comp[4];
    if (n < 1 || n > 4)
        return syntax(a, at, D3DBC_E_SYNTAX, "swizzle '.%s' has %zu components", letters, n);
    for (size_t i = 0; i < 4; i++) {
        const char *k;
        char c = letters[i < n ? i : n - 1];
        if (!c || !(k = strchr("xyzwrgba", c)))
            return syntax(a, at, D3DBC_E_SYNTAX, "bad swizzle '.%s'", letters);
        comp[i] = (unsigned)(k - "xyzwrgba") & 3;
    }
    *out = (uint8_t)(comp[0] | comp[1] << 2 | comp[2] << 4 | comp[3] << 6);
    return 0;
}

static int parse_mask(struct assembler *a, size_t at, const char *letters, uint8_t *out)
{
    int last = -1;
    *out = 0;
    for (const char *c = letters; *c; c++) {
        const char *k = strchr("xyzwrgba", *c);
        int bit;
        if (!*c || !k)
            return syntax(a, at, D3DBC_E_SYNTAX, "bad write mask '.%s'", letters);
        bit = (int)(k - "xyzwrgba") & 3;
        if (bit <= last)
            return syntax(a, at, D3DBC_E_SYNTAX, "write mask '.%s' is not in xyzw order",
                          letters);
        last = bit;
        *out |= (uint8_t)(1u << bit);
    }
    if (!*out)
        return syntax(a, at, D3DBC_E_SYNTAX, "empty write mask");
    return 0;
}

/* Inside [...]: one of a0.c / aL(.c) and integers joined by + (or - before an integer). */
static int parse_relative(struct assembler *a, struct d3dbc_param *p, long long base)
{
    bool have_reg = false;
    long long sum = base;
    int sign = 1, ret;
    size_t open = a->pos - 1;
    for (;;) {
        size_t at;
        if ((ret = skip(a, false)))
            return ret;
        at = a->pos;
        if (isdigit(peek(a))) {
            long long v;
            if ((ret = read_int(a, 0, 2047, &v, "register offset")))
                return ret;
            sum += sign * v;
        } else {
            char name[32];
            bool has_index;
            uint8_t type;
            uint16_t index;
            if (sign < 0)
                return syntax(a, at, D3DBC_E_SYNTAX, "a relative address register cannot be "
                              "subtracted");
            if (have_reg)
                return syntax(a, at, D3DBC_E_SYNTAX, "two relative address registers");
            if ((ret = read_name(a, name, sizeof(name), "a0 or aL")))
                return ret;
            if ((ret = parse_register(a, at, name, &type, &index, &has_index)))
                return ret;
            if ((type != D3DBC_REG_ADDR && type != D3DBC_REG_LOOP) || !has_index)
                return syntax(a, at, D3DBC_E_BAD_PARAM, "'%s' cannot address relatively "
                              "(a0 or aL)", name);
            p->relative = true;
            p->rel_type = type;
            p->rel_index = index;
            p->rel_swizzle = D3DBC_SWIZZLE_IDENTITY;
            if (peek(a) == '.') {
                a->pos++;
                at = a->pos;
                if ((ret = read_name(a, name, sizeof(name), "a component")))
                    return ret;
                if (strchr(name, '_'))
                    return syntax(a, at, D3DBC_E_SYNTAX, "modifier on an address register");
                if ((ret = parse_swizzle(a, at, name, &p->rel_swizzle)))
                    return ret;
            }
            have_reg = true;
        }
        if ((ret = skip(a, false)))
            return ret;
        if (peek(a) == '+' || peek(a) == '-') {
            sign = peek(a) == '-' ? -1 : 1;
            a->pos++;
            continue;
        }
        if (peek(a) == ']') {
            a->pos++;
            break;
        }
        return syntax(a, a->pos, D3DBC_E_SYNTAX, "expected '+' or ']'");
    }
    if (!have_reg)
        return syntax(a, open, D3DBC_E_SYNTAX, "[...] without a0 or aL: write c%lld", sum);
    if (sum < 0 || sum > 2047)
        return syntax(a, open, D3DBC_E_BAD_PARAM, "register number %lld is out of range", sum);
    p->index = (uint16_t)sum;
    return 0;
}

/* The register part of an operand, with [relative] when present.  Returns the modifier text that
 * followed the name after '_' (or after ']') in suffix (empty when none). */
static int parse_regref(struct assembler *a, struct d3dbc_param *p, char *suffix, size_t cap)
{
    char name[40];
    const char *suf;
    size_t at;
    bool has_index;
    int ret;
    if ((ret = skip(a, false)))
        return ret;
    at = a->pos;
    suffix[0] = '\0';
    if ((ret = read_name(a, name, sizeof(name), "a register")))
        return ret;
    if ((suf = split_suffix(name)))
        snprintf(suffix, cap, "%s", suf);
    if ((ret = parse_register(a, at, name, &p->type, &p->index, &has_index)))
        return ret;
    if (peek(a) == '[') {
        if (suf)
            return syntax(a, at, D3DBC_E_SYNTAX, "modifier before '['");
        a->pos++;
        if ((ret = parse_relative(a, p, p->index)))
            return ret;
        if (peek(a) == '_') {
            char more[40];
            if ((ret = read_name(a, more, sizeof(more), "a modifier")))
                return ret;
            snprintf(suffix, cap, "%s", more + 1);
        }
    } else if (!has_index) {
        return syntax(a, at, D3DBC_E_SYNTAX, "register '%s' needs a number", name);
    }
    return 0;
}

static int parse_dst(struct assembler *a, struct d3dbc_param *p)
{
    char suffix[40], letters[40];
    size_t at = a->pos;
    int ret;
    memset(p, 0, sizeof(*p));
    p->mask = D3DBC_MASK_ALL;
    if ((ret = parse_regref(a, p, suffix, sizeof(suffix))))
        return ret;
    if (suffix[0])
        return syntax(a, at, D3DBC_E_SYNTAX, "destination modifiers go on the instruction "
                      "(mov_%s), not the register", suffix);
    if (peek(a) == '.') {
        a->pos++;
        at = a->pos;
        if ((ret = read_name(a, letters, sizeof(letters), "a write mask")))
            return ret;
        if ((ret = parse_mask(a, at, letters, &p->mask)))
            return ret;
    }
    return 0;
}

static int parse_src(struct assembler *a, struct d3dbc_param *p)
{
    static const struct { const char *name; uint8_t mod, negated; } suffixes[] = {
        {"bias", D3DBC_SRCMOD_BIAS, D3DBC_SRCMOD_BIASNEG},
        {"bx2", D3DBC_SRCMOD_SIGN, D3DBC_SRCMOD_SIGNNEG},
        {"x2", D3DBC_SRCMOD_X2, D3DBC_SRCMOD_X2NEG},
        {"dz", D3DBC_SRCMOD_DZ, 0}, {"db", D3DBC_SRCMOD_DZ, 0},
        {"dw", D3DBC_SRCMOD_DW, 0}, {"da", D3DBC_SRCMOD_DW, 0},
        {"abs", D3DBC_SRCMOD_ABS, D3DBC_SRCMOD_ABSNEG},
    };
    char suffix[40], letters[40];
    const char *mod_text;
    size_t at, mod_at;
    enum { NONE, NEG, NOT, COMP } prefix = NONE;
    int ret;

    memset(p, 0, sizeof(*p));
    p->swizzle = D3DBC_SWIZZLE_IDENTITY;
    if ((ret = skip(a, false)))
        return ret;
    at = a->pos;
    if (peek(a) == '-' || peek(a) == '!') {
        prefix = peek(a) == '-' ? NEG : NOT;
        a->pos++;
    } else if (peek(a) == '1') {
        a->pos++;
        if ((ret = skip(a, false)))
            return ret;
        if (peek(a) != '-')
            return syntax(a, at, D3DBC_E_SYNTAX, "a number is not a source operand (only 1-x)");
        a->pos++;
        prefix = COMP;
    }
    mod_at = a->pos;
    if ((ret = parse_regref(a, p, suffix, sizeof(suffix))))
        return ret;
    mod_text = suffix;
    if (peek(a) == '.') {
        char *s2;
        a->pos++;
        mod_at = a->pos;
        if ((ret = read_name(a, letters, sizeof(letters), "a swizzle")))
            return ret;
        if ((s2 = (char *)split_suffix(letters))) {  /* r0.x_abs */
            if (suffix[0])
                return syntax(a, mod_at, D3DBC_E_SYNTAX, "two source modifiers");
            snprintf(suffix, sizeof(suffix), "%s", s2);
        }
        if ((ret = parse_swizzle(a, mod_at, letters, &p->swizzle)))
            return ret;
    }
    p->modifier = prefix == NEG ? D3DBC_SRCMOD_NEG : prefix == NOT ? D3DBC_SRCMOD_NOT
                : prefix == COMP ? D3DBC_SRCMOD_COMP : D3DBC_SRCMOD_NONE;
    if (mod_text[0]) {
        size_t i;
        for (i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++)
            if (!strcmp(mod_text, suffixes[i].name))
                break;
        if (i == sizeof(suffixes) / sizeof(suffixes[0]))
            return syntax(a, mod_at, D3DBC_E_SYNTAX, "unknown source modifier '_%s'", mod_text);
        if (prefix == NOT || prefix == COMP || (prefix == NEG && !suffixes[i].negated))
            return syntax(a, at, D3DBC_E_SYNTAX, "'_%s' cannot be combined with '%s'", mod_text,
                          prefix == NOT ? "!" : prefix == COMP ? "1-" : "-");
        p->modifier = prefix == NEG ? suffixes[i].negated : suffixes[i].mod;
    }
    return 0;
}

/* ---- statements --------------------------------------------------------------------------- */

struct mnemonic {
    uint16_t opcode;
    uint8_t control;
    uint8_t dstmod;
    int8_t shift;
    bool directive_comment, directive_end;
    uint8_t usage, usage_index, texture_type;
};

static int parse_mnemonic(struct assembler *a, size_t at, char *name, struct mnemonic *m)
{
    static const char *const usages[14] = {
        "position", "blendweight", "blendindices", "normal", "psize", "texcoord", "tangent",
        "binormal", "tessfactor", "positiont", "color", "fog", "depth", "sample"};
    char *parts[8], *base;
    unsigned nparts = 0, next = 1;
    bool cmp = false;
    int found;

    memset(m, 0, sizeof(*m));
    for (char *t = name;;) {
        char *u = strchr(t, '_');
        if (nparts == 8)
            return syntax(a, at, D3DBC_E_SYNTAX, "too many '_' parts in the instruction name");
        if (u)
            *u = '\0';
        if (!*t)
            return syntax(a, at, D3DBC_E_SYNTAX, "empty '_' part in the instruction name");
        parts[nparts++] = t;
        if (!u)
            break;
        t = u + 1;
    }
    base = parts[0];
    if (!strcmp(base, "comment") && nparts == 1) {
        m->directive_comment = true;
        return 0;
    }
    if (!strcmp(base, "end") && nparts == 1) {
        m->directive_end = true;
        return 0;
    }
    if (!strcmp(base, "texldp") || !strcmp(base, "texldb")) {
        m->control = base[5] == 'p' ? D3DBC_TEXLD_PROJECT : D3DBC_TEXLD_BIAS;
        base = "texld";
    }
    if (nparts > 1 && (!strcmp(base, "if") || !strcmp(base, "break") || !strcmp(base, "setp"))) {
        for (unsigned c = 1; c <= 6; c++)
            if (!strcmp(parts[1], d3dbc_comparison_name(c))) {
                m->control = (uint8_t)c;
                cmp = true;
                next = 2;
            }
    }
    if (!strcmp(base, "dcl") && nparts > 1) {
        static const char *const tex[3] = {"2d", "cube", "volume"};
        for (unsigned t = 0; t < 3; t++)
            if (!strcmp(parts[1], tex[t])) {
                m->texture_type = (uint8_t)(D3DBC_TEXTURE_2D + t);
                next = 2;
            }
        for (unsigned u = 0; u < 14 && next == 1; u++) {
            size_t n = strlen(usages[u]);
            const char *d = parts[1] + n;
            if (strncmp(parts[1], usages[u], n) || (*d && !isdigit((unsigned char)*d)))
                continue;
            if (strlen(d) > 2 || atoi(d) > 15)
                return syntax(a, at, D3DBC_E_BAD_PARAM, "usage index %s is out of range (0-15)",
                              d);
            m->usage = (uint8_t)u;
            m->usage_index = (uint8_t)atoi(d);
            next = 2;
        }
    }
    found = d3dbc_opcode_lookup(a->p->pixel, a->p->version, base, cmp, &m->opcode);
    if (found < 0)
        return syntax(a, at, D3DBC_E_BAD_OPCODE, "unknown instruction '%s%s%s'", base,
                      cmp ? "_" : "", cmp ? parts[1] : "");
    if (found == 0)
        return syntax(a, at, D3DBC_E_BAD_OPCODE, "'%s' is not allowed in %s", base,
                      d3dbc_version_name(a->p->pixel, a->p->version));
    if (!strcmp(base, "setp") && !cmp)
        return syntax(a, at, D3DBC_E_SYNTAX, "setp needs a comparison (setp_gt ...)");
    for (unsigned i = next; i < nparts; i++) {
        static const char *const shifts[7] = {"d8", "d4", "d2", "", "x2", "x4", "x8"};
        const char *t = parts[i];
        bool ok = false;
        if (!strcmp(t, "sat")) {
            m->dstmod |= D3DBC_DSTMOD_SATURATE;
            ok = true;
        } else if (!strcmp(t, "pp")) {
            m->dstmod |= D3DBC_DSTMOD_PP;
            ok = true;
        } else if (!strcmp(t, "centroid")) {
            m->dstmod |= D3DBC_DSTMOD_CENTROID;
            ok = true;
        } else {
            for (int s = 0; s < 7; s++)
                if (s != 3 && !strcmp(t, shifts[s])) {
                    if (m->shift)
                        return syntax(a, at, D3DBC_E_SYNTAX, "two result shifts");
                    m->shift = (int8_t)(s - 3);
                    ok = true;
                }
        }
        if (!ok)
            return syntax(a, at, D3DBC_E_SYNTAX, "unknown instruction modifier '_%s'", t);
    }
    return 0;
}

static int parse_comment_directive(struct assembler *a, size_t at)
{
    uint32_t words[64], n = 0, first = UINT32_MAX, total = 0;
    struct d3dbc_instr *ins;
    int ret;
    if ((ret = skip(a, false)))
        return ret;
    while (!at_line_end(a)) {
        long long v;
        if ((ret = read_int(a, 0, 0xffffffffll, &v, "comment dword")))
            return ret;
        words[n++] = (uint32_t)v;
        if (n == 64 || total + n > 0x7fff) {
            uint32_t f;
            if (total + n > 0x7fff)
                return syntax(a, at, D3DBC_E_SYNTAX, "comment longer than 32767 dwords");
            if ((f = d3dbc_program_add_words(a->p, words, n)) == UINT32_MAX)
                return syntax(a, at, D3DBC_E_NOMEM, "out of memory");
            if (first == UINT32_MAX)
                first = f;
            total += n;
            n = 0;
        }
        if ((ret = skip(a, false)))
            return ret;
        if (peek(a) != ',')
            break;
        a->pos++;
        if ((ret = skip(a, true)))
            return ret;
    }
    {
        uint32_t f = d3dbc_program_add_words(a->p, words, n);
        if (f == UINT32_MAX)
            return syntax(a, at, D3DBC_E_NOMEM, "out of memory");
        if (first == UINT32_MAX)
            first = f;
        total += n;
    }
    if (!(ins = d3dbc_program_add(a->p)))
        return syntax(a, at, D3DBC_E_NOMEM, "out of memory");
    ins->offset = (uint32_t)at;
    ins->opcode = D3DBC_OP_COMMENT;
    ins->u.comment.first = first;
    ins->u.comment.count = total;
    return 0;
}

/* One operand list: ", "-separated, a trailing ',' continues on the next line. */
static int next_operand(struct assembler *a, bool *more)
{
    int ret = skip(a, false);
    if (ret)
        return ret;
    *more = peek(a) == ',';
    if (*more) {
        a->pos++;
        return skip(a, true);
    }
    return 0;
}

static int parse_statement(struct assembler *a)
{
    struct d3dbc_instr ins;
    struct mnemonic m;
    char name[64], full[64], msg[200];
    size_t start = a->pos, name_at, op_at[6];
    bool has_dst, more = false;
    unsigned lo, hi, nops = 0;
    int ret;

    memset(&ins, 0, sizeof(ins));
    ins.offset = (uint32_t)start;
    if (peek(a) == '+') {
        ins.coissue = true;
        a->pos++;
        if ((ret = skip(a, false)))
            return ret;
    }
    if (peek(a) == '(') {
        a->pos++;
        ins.predicated = true;
        if ((ret = parse_src(a, &ins.predicate)) || (ret = expect(a, ')')) ||
            (ret = skip(a, false)))
            return ret;
    }
    name_at = a->pos;
    if ((ret = read_name(a, name, sizeof(name), "an instruction")))
        return ret;
    snprintf(full, sizeof(full), "%s", name);
    if ((ret = parse_mnemonic(a, name_at, name, &m)))
        return ret;
    if (m.directive_comment || m.directive_end) {
        if (ins.coissue || ins.predicated)
            return syntax(a, start, D3DBC_E_SYNTAX, "'+' or a predicate before a directive");
        if (m.directive_end) {
            if ((ret = skip(a, true)))
                return ret;
            if (peek(a) >= 0)
                return syntax(a, a->pos, D3DBC_E_SYNTAX, "text after 'end'");
            return 0;
        }
        return parse_comment_directive(a, name_at);
    }
    ins.opcode = m.opcode;
    ins.control = m.control;
    d3dbc_operand_counts(a->p->pixel, a->p->version, ins.opcode, &has_dst, &lo, &hi);
    ins.has_dst = has_dst;
    if ((ret = skip(a, false)))
        return ret;

    /* Operands. */
    if (!at_line_end(a)) {
        do {
            op_at[nops] = a->pos;
            if (nops == 0 && has_dst) {
                ret = parse_dst(a, &ins.dst);
            } else if (ins.opcode == D3DBC_OP_DEF || ins.opcode == D3DBC_OP_DEFI ||
                       ins.opcode == D3DBC_OP_DEFB) {
                long long v;
                unsigned k = nops - 1;
                if (k >= (ins.opcode == D3DBC_OP_DEFB ? 1u : 4u))
                    return syntax(a, a->pos, D3DBC_E_SYNTAX, "too many values");
                if (ins.opcode == D3DBC_OP_DEF) {
                    ret = read_float_bits(a, &ins.u.def[k]);
                } else if (ins.opcode == D3DBC_OP_DEFI) {
                    ret = read_int(a, INT32_MIN, INT32_MAX, &v, "defi value");
                    ins.u.def[k] = (uint32_t)(int32_t)v;
                } else {
                    char word[16];
                    if (isalpha(peek(a))) {
                        size_t wat = a->pos;
                        if (!(ret = read_name(a, word, sizeof(word), "true or false")) &&
                            strcmp(word, "true") && strcmp(word, "false"))
                            return syntax(a, wat, D3DBC_E_SYNTAX, "expected true or false");
                        ins.u.def[0] = !strcmp(word, "true");
                    } else {
                        ret = read_int(a, 0, 0xffffffffll, &v, "defb value");
                        ins.u.def[0] = (uint32_t)v;
                    }
                }
            } else {
                unsigned k = nops - (has_dst ? 1u : 0u);
                if (k >= 4)
                    return syntax(a, a->pos, D3DBC_E_SYNTAX, "too many operands");
                ret = parse_src(a, &ins.src[k]);
            }
            if (ret)
                return ret;
            nops++;
            if ((ret = next_operand(a, &more)))
                return ret;
            if (more && nops == 6)
                return syntax(a, a->pos, D3DBC_E_SYNTAX, "too many operands");
        } while (more);
    }
    if (!at_line_end(a))
        return syntax(a, a->pos, D3DBC_E_SYNTAX, "unexpected '%c' after the operands", peek(a));

    if (ins.opcode == D3DBC_OP_DEF || ins.opcode == D3DBC_OP_DEFI || ins.opcode == D3DBC_OP_DEFB) {
        unsigned want = ins.opcode == D3DBC_OP_DEFB ? 2 : 5;
        if (nops != want)
            return syntax(a, name_at, D3DBC_E_SYNTAX, "%s takes a register and %u value%s",
                          full, want - 1, want == 2 ? "" : "s");
    } else {
        unsigned srcs = nops - (has_dst && nops ? 1u : 0u);
        if ((has_dst && nops == 0) || (srcs != lo && srcs != hi))
            return syntax(a, name_at, D3DBC_E_SYNTAX, "'%s' takes %s%u source operand%s, not %u",
                          full, has_dst ? "a destination and " : "", hi, hi == 1 ? "" : "s",
                          srcs);
        ins.src_count = (uint8_t)srcs;
    }
    if (ins.opcode == D3DBC_OP_DCL) {
        ins.u.dcl.usage = m.usage;
        ins.u.dcl.usage_index = m.usage_index;
        ins.u.dcl.texture_type = m.texture_type;
        if (ins.dst.type == D3DBC_REG_SAMPLER && !m.texture_type)
            return syntax(a, name_at, D3DBC_E_BAD_PARAM, "a sampler declaration needs a texture "
                          "type: dcl_2d, dcl_cube or dcl_volume");
        if (ins.dst.type != D3DBC_REG_SAMPLER && m.texture_type)
            return syntax(a, name_at, D3DBC_E_BAD_PARAM, "dcl_2d/_cube/_volume declare samplers");
    } else if (m.usage || m.usage_index) {
        return syntax(a, name_at, D3DBC_E_SYNTAX, "usage on an instruction that is not dcl");
    }
    if (has_dst) {
        ins.dst.modifier = m.dstmod;
        ins.dst.shift = m.shift;
    } else if (m.dstmod || m.shift) {
        return syntax(a, name_at, D3DBC_E_SYNTAX, "modifier on an instruction without a "
                      "destination");
    }
    if ((ret = d3dbc_check_instr(a->p->pixel, a->p->version, &ins, msg, sizeof(msg)))) {
        size_t where = name_at;
        /* Point at the operand the message is about when it names one. */
        if (!strncmp(msg, "destination: result", 19) || !strncmp(msg, "co-issue", 8) ||
            !strncmp(msg, "predication", 11))
            where = strncmp(msg, "destination", 11) ? start : name_at;
        else if (!strncmp(msg, "destination", 11) && nops)
            where = op_at[0];
        else if (!strncmp(msg, "source ", 7) && msg[7] >= '0' && msg[7] <= '3' &&
                 (unsigned)(msg[7] - '0') + (has_dst ? 1u : 0u) < nops)
            where = op_at[msg[7] - '0' + (has_dst ? 1 : 0)];
        else if (!strncmp(msg, "predicate", 9))
            where = start;
        return syntax(a, where, ret, "%s", msg);
    }
    {
        struct d3dbc_instr *slot = d3dbc_program_add(a->p);
        if (!slot)
            return syntax(a, start, D3DBC_E_NOMEM, "out of memory");
        *slot = ins;
    }
    return 0;
}

static int parse_version(struct assembler *a)
{
    static const struct { bool pixel; uint16_t v; } all[] = {
        {false, D3DBC_VER(1, 1)}, {false, D3DBC_VER(2, 0)}, {false, D3DBC_VER(2, 1)},
        {false, D3DBC_VER(3, 0)}, {true, D3DBC_VER(1, 1)}, {true, D3DBC_VER(1, 2)},
        {true, D3DBC_VER(1, 3)}, {true, D3DBC_VER(1, 4)}, {true, D3DBC_VER(2, 0)},
        {true, D3DBC_VER(2, 1)}, {true, D3DBC_VER(3, 0)},
    };
    char name[32];
    size_t at = a->pos;
    int ret = read_name(a, name, sizeof(name), "the version (vs_2_0, ps_3_0...)");
    if (ret)
        return ret;
    if ((!strcmp(name, "vs") || !strcmp(name, "ps")) && peek(a) == '.') {
        /* vs.1.1 */
        size_t n = 2;
        while (n + 2 < sizeof(name) && (peek(a) == '.' || isalnum(peek(a)))) {
            name[n++] = peek(a) == '.' ? '_' : (char)tolower(peek(a));
            a->pos++;
        }
        name[n] = '\0';
    }
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        if (!strcmp(name, d3dbc_version_name(all[i].pixel, all[i].v))) {
            a->p->pixel = all[i].pixel;
            a->p->version = all[i].v;
            a->p->version_token = (uint32_t)(all[i].pixel ? D3DBC_VERSION_PS : D3DBC_VERSION_VS)
                                  << 16 | all[i].v;
            if ((ret = skip(a, false)))
                return ret;
            if (!at_line_end(a))
                return syntax(a, a->pos, D3DBC_E_SYNTAX, "unexpected text after the version");
            return 0;
        }
    return syntax(a, at, D3DBC_E_BAD_VERSION, "'%s' is not a version: the first statement is "
                  "one of vs_1_1, vs_2_0, vs_2_x, vs_3_0, ps_1_1..ps_1_4, ps_2_0, ps_2_x, "
                  "ps_3_0 (SM4 assembly is not supported yet)", name);
}

int d3dbc_assemble(const char *text, size_t len, struct d3dbc_program *out,
                   struct d3dbc_error *err)
{
    struct assembler a = {text, len, 0, out, err};
    bool have_version = false;
    int ret = 0;
    if (!out)
        return D3DBC_E_INVALID_ARG;
    memset(out, 0, sizeof(*out));
    if (!text && len)
        return syntax(&a, 0, D3DBC_E_INVALID_ARG, "NULL text");
    for (;;) {
        if ((ret = skip(&a, true)))
            break;
        if (peek(&a) < 0)
            break;
        if (!have_version) {
            if ((ret = parse_version(&a)))
                break;
            have_version = true;
            continue;
        }
        if ((ret = parse_statement(&a)))
            break;
    }
    if (!ret && !have_version)
        ret = syntax(&a, a.pos, D3DBC_E_BAD_VERSION, "no version statement (vs_2_0, ps_3_0...)");
    if (ret) {
        d3dbc_program_free(out);
        return ret;
    }
    /* The size the tokens will have; offsets stay text offsets (there are no tokens yet). */
    out->size = 0;
    if (err) {
        err->code = 0;
        err->offset = 0;
        err->line = err->column = 0;
        err->message[0] = '\0';
    }
    return 0;
}

int d3dbc_assemble_tokens(const char *text, size_t len, uint32_t **tokens, size_t *size,
                          struct d3dbc_error *err)
{
    struct d3dbc_program p;
    int ret = d3dbc_assemble(text, len, &p, err);
    if (ret)
        return ret;
    ret = d3dbc_write(&p, tokens, size, err);
    d3dbc_program_free(&p);
    return ret;
}
