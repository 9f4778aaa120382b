/* src/shader/tpf_asm.c — SM4/SM5 listing text -> a signed DXBC container (shader_asm.h).
 *
 * THE LISTING (fxc /Fc syntax; tpf_dis.c writes exactly this)
 *   // comment blocks             creator, Buffer Definitions, Resource Bindings, Input / Output
 *                                 signature, level-9 mappings: tpf_header.c.  Each one that is
 *                                 missing is derived from the declarations (tpf_derive.c).
 *   // Level9 shader bytecode:    *_level_9_x only: the SM2 program follows (d3dbc syntax,
 *       vs_2_0                    usually indented), up to the SM4 version statement; it is
 *       ...                       assembled by d3dbc_asm.c into the Aon9 chunk.
 *   vs_4_0                        vs/ps_4_0, _4_1, _5_0, vs/ps_4_0_level_9_1, _level_9_3
 *   dcl_globalFlags refactoringAllowed | skipOptimization
 *   dcl_immediateConstantBuffer { { 1.000000, 0, 0, 0},
 *                                 { 0, 0x7fc00000, -2, 0.5} }          (may span lines)
 *   dcl_constantbuffer cb0[4], immediateIndexed      (or dynamicIndexed; CB0 also read)
 *   dcl_sampler s0, mode_default                     (mode_comparison, mode_mono)
 *   dcl_resource_texture2d (float,float,float,float) t0       dcl_resource_texture2dms(4) ...
 *   dcl_input v0.xyz   dcl_input_sgv v1.x, vertex_id   dcl_input_siv v2.xyzw, position
 *   dcl_input_ps linear centroid v1.xy   dcl_input_ps_siv linear noperspective v0.xy, position
 *   dcl_input vCoverage   dcl_output o0.xyzw   dcl_output_siv o1.xyzw, position   dcl_output oDepth
 *   dcl_indexRange v1.xyzw 3   dcl_temps 4   dcl_indexableTemp x0[6], 4
 *   mul_sat r0.xy, -|v0.xyxx|, cb0[r1.x + 2].xxxx      one instruction a line
 *   if_nz r0.x / breakc_z r1.y / discard_nz r0.x        the test of conditional instructions
 *   resinfo_uint r0.xyzw, l(0), t0.xyzw                 _uint / _rcpFloat; sampleinfo_uint
 *   sample_aoffimmi(-1,2,0) r0.xyzw, v1.xyxx, t0.xyzw, s0      texel offsets (-8..7)
 *   sample_indexable(texture2d)(float,float,float,float) r0.xyzw, v1.xyxx, t0.xyzw, s0  (SM5)
 *   mad [precise(xy)] r0.xy, r1.xyxx, r2.xyxx, r3.xyxx  SM5 precise components ([precise]: all)
 *   #line 12 "file.hlsl"                                ignored, as are // comments
 *   dcl_function_body fb0   dcl_function_table ft0 = {fb0, fb1}                 (class linkage)
 *   dcl_interface fp0[1][2] = {ft0, ft1}   (_dynamicindexed)   fcall fp0[0][1]   label fb0
 *   cb0[this[0].x + 1]: this[] as a relative index (or a source)
 *   class_type Red, 0  /  class_instance g_red, 0, 0, 0, 0, 0  /  interface_slot 0, 0, ft0
 *                      the IFCE chunk (softd3d's directives, not fxc's: a class type and its
 *                      id; an instance: name, type id, cb, cb vector offset, texture,
 *                      sampler; slot, type id -> the function table that type uses there)
 *
 * OPERAND ENCODING (what text gives which token; the disassembler writes the inverse)
 *   destination r0.xy: mask mode; no suffix = .xyzw.  source r0.xyzw (4 letters): swizzle
 *   mode; r0.x (1 letter): select-1 mode; 2 or 3 letters repeat the last; no suffix = .xyzw.
 *   oDepth, oMask, vCoverage: one component.  s0, l0, null: no components (s0.x: select-1,
 *   for gather4's channel).  l(a): one immediate, l(a, b, c, d): four; a value with '.', 'e',
 *   inf or nan is a float, 0x... raw bits, else a decimal integer.  Indices: r0[...] forms
 *   cb0[3], cb0[r1.x + 2] (immediate + relative), cb0[r1.x] (relative only), v[r0.x + 1],
 *   icb[r0.x + 0], x0[1].  -r0, |r0|, -|r0|: an extended operand token with the modifier.
 *
 * After the tokens are built they go through tpf_decode() (the decoder and IR validator the
 * devices use), so a listing that names an undeclared register, breaks nesting or the like is
 * refused here, with the line of the instruction at fault.
 */
#include "shader/tpf_asm_priv.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STATEMENTS 65536


int tpf_asm_number(struct asm_state *a, uint32_t *v, const char *what)
{
    skip_blanks(a);
    size_t at = a->pos;
    uint64_t x = 0;
    while (peek(a) >= '0' && peek(a) <= '9') {
        x = x * 10 + (uint64_t)(a->text[a->pos++] - '0');
        if (x > UINT32_MAX)
            return FAIL(at, "%s is too large", what);
    }
    if (a->pos == at)
        return FAIL(at, "%s expected", what);
    *v = (uint32_t)x;
    return 0;
}

/* A signed decimal number. */
int tpf_asm_snumber(struct asm_state *a, int32_t *v, const char *what)
{
    bool neg = accept(a, '-');
    uint32_t u;
    int ret = tpf_asm_number(a, &u, what);
    if (ret)
        return ret;
    if (u > 0x80000000u || (u == 0x80000000u && !neg))
        return FAIL(a->pos, "%s out of range", what);
    *v = neg ? (int32_t)(0u - u) : (int32_t)u;
    return 0;
}

/* One immediate value: 0x... raw bits, a float (has '.', 'e', inf or nan), or an integer. */
int tpf_asm_literal(struct asm_state *a, uint32_t *bits)
{
    char buf[64];
    skip_blanks(a);
    size_t at = a->pos, n = 0;
    while (a->pos < a->len && n < sizeof(buf) - 1) {
        char c = a->text[a->pos];
        if (!(isalnum((unsigned char)c) || c == '.' || c == '-' || c == '+'))
            break;
        buf[n++] = c;
        a->pos++;
    }
    buf[n] = '\0';
    if (!n)
        return FAIL(at, "number expected");
    char *end;
    if ((buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X')) ||
        (buf[0] == '-' && buf[1] == '0' && (buf[2] == 'x' || buf[2] == 'X'))) {
        if (buf[0] == '-')
            return FAIL(at, "a hexadecimal value has no sign");
        errno = 0;
        unsigned long long v = strtoull(buf + 2, &end, 16);
        if (*end || errno || v > UINT32_MAX || end == buf + 2)
            return FAIL(at, "'%s' is not a 32-bit hexadecimal value", buf);
        *bits = (uint32_t)v;
        return 0;
    }
    if (strpbrk(buf, ".eE") || strstr(buf, "inf") || strstr(buf, "nan")) {
        errno = 0;
        float f = strtof(buf, &end);
        if (*end)
            return FAIL(at, "'%s' is not a number", buf);
        memcpy(bits, &f, 4);
        return 0;
    }
    errno = 0;
    long long v = strtoll(buf, &end, 10);
    if (*end || errno || v < INT32_MIN || v > (long long)UINT32_MAX)
        return FAIL(at, "'%s' is not a 32-bit integer", buf);
    *bits = (uint32_t)v;
    return 0;
}

static int put(struct asm_state *a, struct operand *o, uint32_t v, size_t at)
{
    if (o->n == OPERAND_MAX)
        return FAIL(at, "operand too long");
    o->t[o->n++] = v;
    return 0;
}



/* Component letters after '.' into comps[], their number in *count (0: no '.'). */
static int suffix(struct asm_state *a, unsigned comps[4], unsigned *count)
{
    *count = 0;
    if (peek(a) != '.')
        return 0;
    size_t at = ++a->pos;
    while (*count < 5 && a->pos < a->len) {
        const char *q = strchr("xyzw", tolower((unsigned char)a->text[a->pos]));
        if (!q || !a->text[a->pos])
            break;
        if (*count == 4)
            return FAIL(at, "more than four components");
        comps[(*count)++] = (unsigned)(q - "xyzw");
        a->pos++;
    }
    if (!*count || is_word_char(peek(a)))
        return FAIL(at, "component letters (x, y, z, w) expected after '.'");
    return 0;
}

/* One index: N, REG, REG + N, N + REG.  Appends the index's tokens to idx and returns its
 * representation (0 immediate, 2 relative, 3 immediate + relative). */
static int index_expr(struct asm_state *a, struct operand *idx, unsigned *rep, unsigned how)
{
    uint32_t imm = 0;
    bool have_imm = false, have_rel = false;
    struct operand rel = {{0}, 0};
    int ret;
    for (int term = 0; term < 2; term++) {
        skip_blanks(a);
        size_t at = a->pos;
        if (peek(a) >= '0' && peek(a) <= '9') {
            if (have_imm)
                return FAIL(at, "two numbers in one index");
            if ((ret = tpf_asm_number(a, &imm, "index")))
                return ret;
            have_imm = true;
        } else {
            if (have_rel)
                return FAIL(at, "two registers in one index");
            if (how & OP_REL)
                return FAIL(at, "nested relative addressing is not supported");
            if ((ret = tpf_asm_operand(a, &rel, OP_SRC | OP_REL)))
                return ret;
            have_rel = true;
        }
        if (!accept(a, '+'))
            break;
    }
    if (have_imm && (ret = put(a, idx, imm, a->pos)))
        return ret;
    for (unsigned i = 0; i < rel.n; i++)
        if ((ret = put(a, idx, rel.t[i], a->pos)))
            return ret;
    *rep = have_rel ? (have_imm ? 3u : 2u) : 0u;
    return 0;
}

/* An operand at the cursor.  how: OP_DST (write mask) or OP_SRC (swizzle), OP_REL (the
 * register of a relative index: r#, x#, v#, one component, no modifier), OP_DECL. */
int tpf_asm_operand(struct asm_state *a, struct operand *o, unsigned how)
{
    uint32_t token = 0, ext = 0;
    unsigned mod = 0;
    int ret;
    struct operand idx[2] = {{{0}, 0}, {{0}, 0}};
    unsigned reps[2] = {0, 0};

    skip_blanks(a);
    size_t start = a->pos;
    if (accept(a, '-'))
        mod |= 1;
    skip_blanks(a);
    if (peek(a) == '|') {
        a->pos++;
        mod |= 2;
    }
    if (mod && (how & (OP_DST | OP_REL | OP_DECL)))
        return FAIL(start, "a modifier (-, |...|) on a %s", (how & OP_DST) ? "destination" :
                                                          "register index or declaration");
    skip_blanks(a);
    size_t at = a->pos;
    size_t k = a->pos;
    while (k < a->len && isalpha((unsigned char)a->text[k]))
        k++;
    size_t plen = k - at;

    o->n = 0;
    if (plen == 1 && (a->text[at] == 'l' || a->text[at] == 'L') && k < a->len && a->text[k] == '(') {
        /* immediate */
        uint32_t v[4];
        unsigned n = 0;
        a->pos = k + 1;
        if (how & (OP_DST | OP_REL | OP_DECL))
            return FAIL(at, "an immediate value here");
        do {
            if (n == 4)
                return FAIL(a->pos, "more than four values in l(...)");
            if ((ret = tpf_asm_literal(a, &v[n++])))
                return ret;
        } while (accept(a, ','));
        if ((ret = expect(a, ')', "after the values of l(...)")))
            return ret;
        if (n != 1 && n != 4)
            return FAIL(at, "l(...) takes one or four values, not %u", n);
        token = (n == 1 ? 1u : 2u) | (uint32_t)TPF_OPERAND_IMMEDIATE32 << 12;
        if (mod)
            ext = 1u | mod << 6;
        if ((ret = put(a, o, token | (ext ? TPF_EXTENDED_BIT : 0), at)))
            return ret;
        if (ext && (ret = put(a, o, ext, at)))
            return ret;
        for (unsigned i = 0; i < n; i++)
            if ((ret = put(a, o, v[i], at)))
                return ret;
    } else {
        const struct tpf_operand_name *on = tpf_operand_by_prefix(a->text + at, plen);
        if (!on)
            return FAIL(at, "register expected, not '%.*s'", (int)(plen ? plen : 1),
                        a->text + at);
        a->pos = k;
        unsigned dims = on->dims;
        bool gs_in = false;   /* v[vertex][register], both indices read below */
        if (dims >= 1) {
            if (peek(a) >= '0' && peek(a) <= '9') {
                if ((ret = tpf_asm_number(a, &reps[0], "register number")))
                    return ret;
                idx[0].t[idx[0].n++] = reps[0];
                reps[0] = 0;
            } else if (peek(a) == '[' && (dims == 1 || on->type == TPF_OPERAND_INPUT_CONTROL_POINT ||
                                          on->type == TPF_OPERAND_OUTPUT_CONTROL_POINT)) {
                a->pos++;
                if ((ret = index_expr(a, &idx[0], &reps[0], how)) ||
                    (ret = expect(a, ']', "after the index")))
                    return ret;
                if ((on->type == TPF_OPERAND_INPUT && (a->type == 2 || a->type == 3) &&
                     !(how & OP_REL)) || dims == 2) {
                    /* v[vertex][register] (geometry, hull control points), vicp/vocp[cp][r] */
                    if ((ret = expect(a, '[', "v[vertex][register] in a geometry program")) ||
                        (ret = index_expr(a, &idx[1], &reps[1], how)) ||
                        (ret = expect(a, ']', "after the register")))
                        return ret;
                    dims = 2;
                    gs_in = true;
                }
            } else {
                return FAIL(a->pos, "register number expected after '%s'", on->prefix);
            }
        }
        if (dims == 2 && !gs_in) {
            if (peek(a) != '[')
                return FAIL(a->pos, "'[' expected: %s<n>[index]", on->prefix);
            a->pos++;
            if ((ret = index_expr(a, &idx[1], &reps[1], how)) ||
                (ret = expect(a, ']', "after the index")))
                return ret;
        }
        if (reps[0] && (on->type != TPF_OPERAND_INPUT && on->type != TPF_OPERAND_OUTPUT &&
                        on->type != TPF_OPERAND_IMMEDIATE_CB &&
                        on->type != TPF_OPERAND_INPUT_CONTROL_POINT &&
                        on->type != TPF_OPERAND_OUTPUT_CONTROL_POINT &&
                        on->type != TPF_OPERAND_INPUT_PATCH_CONSTANT))
            return FAIL(at, "%s cannot be indexed by a register", on->prefix);
        unsigned comps[4], nc;
        if ((ret = suffix(a, comps, &nc)))
            return ret;
        if (how & OP_REL) {
            if (on->type != TPF_OPERAND_TEMP && on->type != TPF_OPERAND_INDEXABLE_TEMP &&
                on->type != TPF_OPERAND_INPUT && on->type != TPF_OPERAND_THIS_POINTER)
                return FAIL(at, "a relative index is r#, x#, v# or this[], not %s", on->prefix);
            if (nc != 1)
                return FAIL(at, "a relative index names one component (r0.x)");
        }
        uint32_t sel;
        if (on->shape == TPF_SHAPE_SCALAR) {
            if (nc > 1 || (nc == 1 && comps[0] != 0))
                return FAIL(at, "%s has one component", on->prefix);
            sel = 1;
        } else if (on->shape == TPF_SHAPE_NONE && !nc) {
            sel = 0;
        } else if (how & (OP_DST | OP_DECL)) {
            unsigned mask = nc ? 0 : 0xf;
            for (unsigned i = 0; i < nc; i++) {
                if (i && comps[i] <= comps[i - 1])
                    return FAIL(at, "a write mask names components in order (.xyzw)");
                mask |= 1u << comps[i];
            }
            if (on->shape == TPF_SHAPE_NONE)
                return FAIL(at, "%s takes no write mask", on->prefix);
            sel = 2u | mask << 4;
        } else if (nc == 1) {
            sel = 2u | 2u << 2 | comps[0] << 4;
        } else {
            unsigned swz = 0;
            for (unsigned i = 0; i < 4; i++)
                swz |= (nc ? comps[i < nc ? i : nc - 1] : i) << (2 * i);
            sel = 2u | 1u << 2 | swz << 4;
        }
        token = sel | (uint32_t)on->type << 12 | (uint32_t)dims << 20 | reps[0] << 22 |
                reps[1] << 25;
        if (mod)
            ext = 1u | mod << 6;
        if ((ret = put(a, o, token | (ext ? TPF_EXTENDED_BIT : 0), at)))
            return ret;
        if (ext && (ret = put(a, o, ext, at)))
            return ret;
        for (unsigned d = 0; d < dims; d++)
            for (unsigned i = 0; i < idx[d].n; i++)
                if ((ret = put(a, o, idx[d].t[i], at)))
                    return ret;
    }
    if (mod & 2) {
        skip_blanks(a);
        if (peek(a) != '|')
            return FAIL(a->pos, "'|' expected to close |...|");
        a->pos++;
    }
    return 0;
}

static int emit_operand(struct asm_state *a, unsigned how)
{
    struct operand o;
    int ret = tpf_asm_operand(a, &o, how);
    for (unsigned i = 0; !ret && i < o.n; i++)
        emit(a, o.t[i]);
    return ret;
}

/* ---- instructions ---------------------------------------------------------------------------- */

/* Splits "base_sfx(grp)_sfx..." into a name without the groups and the groups. */
static int mnemonic(struct asm_state *a, char *name, size_t cap, size_t *n, struct group *g,
                    unsigned *ng)
{
    size_t at = a->pos;
    *n = 0;
    *ng = 0;
    for (;;) {
        int c = peek(a);
        if (is_word_char(c)) {
            if (*n + 1 >= cap)
                return FAIL(at, "mnemonic too long");
            name[(*n)++] = (char)c;
            a->pos++;
        } else if (c == '(') {
            if (*ng == 4)
                return FAIL(a->pos, "too many (...) groups");
            size_t s = ++a->pos;
            while (a->pos < a->len && a->text[a->pos] != ')' && a->text[a->pos] != '\n')
                a->pos++;
            if (peek(a) != ')')
                return FAIL(s - 1, "')' expected");
            g[*ng].at = s;
            g[(*ng)++].len = a->pos - s;
            a->pos++;
        } else {
            break;
        }
    }
    name[*n] = '\0';
    return 0;
}

enum {
    SFX_SAT = 1, SFX_Z = 2, SFX_NZ = 4, SFX_UINT = 8, SFX_RCPFLOAT = 16, SFX_AOFFIMMI = 32,
    SFX_INDEXABLE = 64,
    /* sync's flags (D3D11_SB_SYNC_*): _uglobal, _ugroup, _g, _t */
    SFX_UGLOBAL = 128, SFX_UGROUP = 256, SFX_G = 512, SFX_T = 1024,
};

static unsigned suffix_bit(const char *s, size_t n)
{
    static const char *const names[] = {"sat", "z", "nz", "uint", "rcpfloat", "aoffimmi",
                                        "indexable", "uglobal", "ugroup", "g", "t"};
    for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        size_t k = strlen(names[i]);
        if (k != n)
            continue;
        size_t j = 0;
        while (j < n && tolower((unsigned char)s[j]) == names[i][j])
            j++;
        if (j == n)
            return 1u << i;
    }
    return 0;
}

/* The instruction opcode a name starts with, and the suffixes after it. */
static int split_name(const char *name, size_t n, unsigned *suffixes)
{
    for (size_t cut = n; cut > 0; cut--) {
        if (cut < n && name[cut] != '_')
            continue;
        int code = tpf_opcode_find(name, cut);
        if (code < 0 || tpf_opcode_get((unsigned)code)->kind != TPF_KIND_INSTRUCTION)
            continue;
        unsigned sfx = 0;
        size_t p = cut;
        bool ok = true;
        while (ok && p < n) {
            size_t s = p + 1, e = s;
            while (e < n && name[e] != '_')
                e++;
            unsigned bit = suffix_bit(name + s, e - s);
            ok = bit && !(sfx & bit);
            sfx |= bit;
            p = e;
        }
        if (ok) {
            *suffixes = sfx;
            return code;
        }
    }
    return -1;
}

static int instruction(struct asm_state *a, size_t at)
{
    char name[96];
    size_t n;
    struct group g[4];
    unsigned ng, sfx = 0;
    int ret;

    if ((ret = mnemonic(a, name, sizeof(name), &n, g, &ng)))
        return ret;
    if (!n)
        return FAIL(at, "instruction expected");
    static const char *const directives[] = {"class_type", "class_instance", "interface_slot"};
    for (unsigned k = 0; k < 3; k++)
        if (!ng && word_eq(a, at, n, directives[k]))
            return tpf_asm_class_directive(a, k, at);
    if (n > 4 && !strncmp(name, "dcl_", 4))
        return tpf_asm_declaration(a, name, n, at, g, ng);
    int phase = tpf_opcode_find(name, n);
    if (phase >= 0x71 && phase <= 0x74) {
        /* a hull program's phase boundary (10.6): declarations start again */
        if (a->type != 3)
            return FAIL(at, "%s outside a hull program", name);
        a->hs_phase = (unsigned)phase - 0x71;
        a->in_code = a->have_icb = false;
        emit(a, (uint32_t)phase | 1u << TPF_LENGTH_SHIFT);
        return 0;
    }
    int code = split_name(name, n, &sfx);
    if (code < 0) {
        int any = tpf_opcode_find(name, n);
        if (any >= 0 && tpf_opcode_get((unsigned)any)->kind == TPF_KIND_UNSUPPORTED)
            return FAIL(at, "'%s' is not supported (%s)", name, tpf_opcode_get((unsigned)any)->why);
        return FAIL(at, "unknown instruction '%s'", name);
    }
    const struct tpf_opcode_info *info = tpf_opcode_get((unsigned)code);
    const struct ir_op_info *ir = ir_op_get((unsigned)info->ir_op);
    unsigned version = a->major * 10 + a->minor;
    /* cs_4_x takes a few shader model 5 instructions, and the other 4_x programs ld_raw and
     * ld_structured (the D3D10_X_HARDWARE_OPTIONS subset): the decoder says which (tpf.c) */
    bool sm4_mem = version < 50 && (a->type == 5 || code == TPF_OP_LD_RAW ||
                                    code == TPF_OP_LD_STRUCTURED);
    if (((info->flags & TPF_F_SM5) && version < 50 && !sm4_mem) ||
        ((info->flags & TPF_F_SM41) && version < 41))
        return FAIL(at, "%s needs shader model %s", info->name,
                    (info->flags & TPF_F_SM5) ? "5.0" : "4.1");
    uint32_t opc = (uint32_t)code;
    if (sfx & SFX_SAT) {
        if (!ir || !(ir->flags & IR_OPF_SAT))
            return FAIL(at, "%s cannot saturate", info->name);
        opc |= TPF_SATURATE_BIT;
    }
    if (info->flags & TPF_F_TEST) {
        if (!(sfx & (SFX_Z | SFX_NZ)) || (sfx & SFX_Z && sfx & SFX_NZ))
            return FAIL(at, "%s needs _z or _nz", info->name);
        if (sfx & SFX_NZ)
            opc |= TPF_TEST_NZ_BIT;
    } else if (sfx & (SFX_Z | SFX_NZ)) {
        return FAIL(at, "%s takes no _z / _nz", info->name);
    }
    if (sfx & (SFX_UINT | SFX_RCPFLOAT)) {
        if ((info->flags & TPF_F_RESINFO) && !(sfx & SFX_UINT && sfx & SFX_RCPFLOAT))
            opc |= (sfx & SFX_UINT ? 2u : 1u) << 11;
        else if ((info->flags & TPF_F_SAMPLEINFO) && !(sfx & SFX_RCPFLOAT))
            opc |= 1u << 11;
        else
            return FAIL(at, "%s takes no _uint / _rcpFloat", info->name);
    }
    if (sfx & (SFX_UGLOBAL | SFX_UGROUP | SFX_G | SFX_T)) {
        if (!(info->flags & TPF_F_SYNC))
            return FAIL(at, "%s takes no _uglobal / _ugroup / _g / _t", info->name);
        opc |= (sfx & SFX_T ? 1u : 0) << TPF_SYNC_SHIFT | (sfx & SFX_G ? 2u : 0) << TPF_SYNC_SHIFT |
               (sfx & SFX_UGROUP ? 4u : 0) << TPF_SYNC_SHIFT |
               (sfx & SFX_UGLOBAL ? 8u : 0) << TPF_SYNC_SHIFT;
    } else if (info->flags & TPF_F_SYNC) {
        return FAIL(at, "sync needs its flags (_uglobal, _ugroup, _g, _t)");
    }
    uint32_t ext[3];
    unsigned next = 0, gi = 0;
    bool tex = ir && (ir->flags & IR_OPF_TEX);
    if (sfx & SFX_AOFFIMMI) {
        int off[3];
        if (!tex)
            return FAIL(at, "_aoffimmi on an instruction that does not sample");
        if (gi >= ng)
            return FAIL(at, "_aoffimmi needs its offsets: _aoffimmi(u,v,w)");
        if ((ret = tpf_asm_group_ints(a, &g[gi++], off, 3, -8, 7)))
            return ret;
        ext[next++] = TPF_EXT_SAMPLE_CONTROLS | ((uint32_t)off[0] & 0xf) << 9 |
                      ((uint32_t)off[1] & 0xf) << 13 | ((uint32_t)off[2] & 0xf) << 17;
    }
    if (sfx & SFX_INDEXABLE) {
        if (version < 50)
            return FAIL(at, "_indexable needs shader model 5.0");
        if (gi >= ng)
            return FAIL(at, "_indexable needs its resource dimension: _indexable(texture2d)");
        const struct group *d = &g[gi++];
        int dim = tpf_name_find(&tpf_resource_dim_names, a->text + d->at, d->len);
        if (dim <= 0)
            return FAIL(d->at, "unknown resource dimension '%.*s'", (int)d->len, a->text + d->at);
        ext[next++] = TPF_EXT_RESOURCE_DIM | (uint32_t)dim << 6;
        if (gi < ng) {
            size_t save = a->pos;
            uint32_t rt;
            a->pos = g[gi].at - 1;
            ret = tpf_asm_return_types(a, &rt);
            a->pos = save;
            if (ret)
                return ret;
            gi++;
            ext[next++] = TPF_EXT_RETURN_TYPE | rt << 6;
        }
    }
    if (gi < ng)
        return FAIL(g[gi].at - 1, "unexpected (...) after %s", info->name);
    /* [precise(mask)] */
    skip_blanks(a);
    if (peek(a) == '[') {
        size_t pat = a->pos++;
        size_t wat, wn;
        unsigned comps[4], nc, mask = 0;
        if (!word(a, &wat, &wn) || !word_eq(a, wat, wn, "precise"))
            return FAIL(pat, "[precise(xyzw)] expected");
        if (version < 50)
            return FAIL(pat, "precise needs shader model 5.0");
        if (accept(a, '(')) {
            skip_blanks(a);
            size_t lat = a->pos;
            for (nc = 0; nc < 4 && peek(a) > 0 && strchr("xyzw", peek(a)); nc++, a->pos++) {
                comps[nc] = (unsigned)(strchr("xyzw", peek(a)) - "xyzw");
                if (nc && comps[nc] <= comps[nc - 1])
                    return FAIL(a->pos, "precise components in order (xyzw)");
                mask |= 1u << comps[nc];
            }
            if (!mask)
                return FAIL(lat, "components expected in precise(...)");
            if ((ret = expect(a, ')', "after the components")))
                return ret;
        } else {
            mask = 0xf; /* [precise]: all four */
        }
        if ((ret = expect(a, ']', "to close [precise]")))
            return ret;
        opc |= mask << TPF_PRECISE_SHIFT;
    }
    a->in_code = true;
    size_t start = a->ntok;
    emit(a, opc | (next ? TPF_EXTENDED_BIT : 0));
    for (unsigned i = 0; i < next; i++)
        emit(a, ext[i] | (i + 1 < next ? TPF_EXTENDED_BIT : 0));
    unsigned total = (unsigned)info->dst_count + info->src_count;
    if (info->flags & TPF_F_FCALL) {
        /* fcall fp#[array index][call site]: the call site token, then fp#[array index] */
        size_t oat = (skip_blanks(a), a->pos);
        struct operand o;
        uint32_t site;
        if ((ret = tpf_asm_operand(a, &o, OP_SRC)))
            return ret;
        if (((o.t[0] >> 12) & 0xff) != TPF_OPERAND_INTERFACE)
            return FAIL(oat, "fcall takes fp#[index][call site]");
        if ((ret = expect(a, '[', "before the call site")) ||
            (ret = tpf_asm_number(a, &site, "call site")) || (ret = expect(a, ']', "after it")))
            return ret;
        emit(a, site);
        for (unsigned i = 0; i < o.n; i++)
            emit(a, o.t[i]);
        total = 0;
    }
    if (info->flags & TPF_F_STREAM) {
        /* emit_stream m0 (and cut_stream, emit_then_cut_stream): the stream comes first */
        size_t oat = (skip_blanks(a), a->pos);
        struct operand o;
        if ((ret = tpf_asm_operand(a, &o, OP_SRC)))
            return ret;
        if (((o.t[0] >> 12) & 0xff) != TPF_OPERAND_STREAM)
            return FAIL(oat, "%s takes a stream (m#)", info->name);
        for (unsigned i = 0; i < o.n; i++)
            emit(a, o.t[i]);
    }
    for (unsigned k = 0; k < total; k++) {
        skip_blanks(a);
        if (peek(a) < 0 || peek(a) == '\n')
            return FAIL(a->pos, "%s takes %u operands, %u given", info->name, total, k);
        if (k && (ret = expect(a, ',', "between operands")))
            return ret;
        if ((ret = emit_operand(a, k < info->dst_count ? OP_DST : OP_SRC)))
            return ret;
    }
    if (!a->nomem) {
        size_t len = a->ntok - start;
        if (len > 127)
            return FAIL(at, "instruction of %zu tokens (at most 127)", len);
        a->tok[start] |= (uint32_t)len << TPF_LENGTH_SHIFT;
    }
    return 0;
}

/* Declarations other than the ICB get their length patched after they are emitted. */
static int statement(struct asm_state *a)
{
    size_t at = a->pos, start = a->ntok;
    if (a->nstmts == a->stmt_cap) {
        size_t cap = a->stmt_cap ? a->stmt_cap * 2 : 64;
        void *p = cap > MAX_STATEMENTS ? NULL : realloc(a->stmts, cap * sizeof(*a->stmts));
        if (!p)
            return tpf_text_fail(a->err, cap > MAX_STATEMENTS ? SHADER_ASM_E_SYNTAX :
                                 SHADER_ASM_E_NOMEM, a->text, at, "too many statements");
        a->stmts = p;
        a->stmt_cap = cap;
    }
    a->stmts[a->nstmts].token = (uint32_t)start;
    a->stmts[a->nstmts++].at = at;
    int ret = instruction(a, at);
    if (ret)
        return ret;
    if (!a->nomem && start < a->ntok) {
        uint32_t first = a->tok[start];
        bool icb = (first & TPF_OPCODE_MASK) == TPF_OP_CUSTOMDATA;
        if (!icb && !((first >> TPF_LENGTH_SHIFT) & 0x7f)) {
            size_t len = a->ntok - start;
            if (len > 127)
                return FAIL(at, "declaration of %zu tokens (at most 127)", len);
            a->tok[start] |= (uint32_t)len << TPF_LENGTH_SHIFT;
        }
    }
    skip_blanks(a);
    if (peek(a) >= 0 && peek(a) != '\n')
        return FAIL(a->pos, "unexpected '%c' after the statement", a->text[a->pos]);
    return 0;
}

/* ---- the version statement -------------------------------------------------------------------- */

/* "vs_4_0", "ps_5_0", "ps_4_0_level_9_3" at text[at..]: 1 and the fields, or 0. */
static int sm4_version(const char *s, size_t n, unsigned *type, unsigned *major, unsigned *minor,
                       unsigned *level9)
{
    if (n < 6 || !strchr("vpghdc", s[0]) || s[1] != 's' || s[2] != '_' ||
        s[4] != '_' || !(s[3] == '4' || s[3] == '5') || !(s[5] >= '0' && s[5] <= '1'))
        return 0;
    *type = s[0] == 'v' ? 1 : s[0] == 'g' ? 2 : s[0] == 'h' ? 3 : s[0] == 'd' ? 4 :
            s[0] == 'c' ? 5 : 0;
    if ((*type == 3 || *type == 4) && (n != 6 || s[3] != '5' || s[5] != '0'))
        return 0;   /* hs_5_0 and ds_5_0 only */
    if (*type == 5 && n != 6)
        return 0;   /* cs_4_0, cs_4_1, cs_5_0 (no level-9 forms) */
    *major = (unsigned)(s[3] - '0');
    *minor = (unsigned)(s[5] - '0');
    *level9 = 0;
    if (n == 6)
        return *major == 5 ? *minor == 0 : 1;
    if (n == 16 && *type != 2 && !memcmp(s + 6, "_level_9_", 9) && *major == 4 && *minor == 0 &&
        (s[15] == '1' || s[15] == '3')) {
        *level9 = (unsigned)(s[15] - '0');
        return 1;
    }
    return 0;
}

/* The first word of a line (after blanks), or an empty word for blank / comment lines. */
static size_t first_word(const char *text, size_t pos, size_t end, size_t *n)
{
    while (pos < end && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\r'))
        pos++;
    size_t s = pos;
    while (pos < end && is_word_char((unsigned char)text[pos]))
        pos++;
    *n = pos - s;
    return s;
}

static bool line_is(const char *text, size_t pos, size_t eol, const char *content)
{
    while (pos < eol && (text[pos] == ' ' || text[pos] == '\t'))
        pos++;
    if (eol - pos < 2 || text[pos] != '/' || text[pos + 1] != '/')
        return false;
    pos += 2;
    while (pos < eol && (text[pos] == ' ' || text[pos] == '\t'))
        pos++;
    while (eol > pos && (text[eol - 1] == ' ' || text[eol - 1] == '\t' || text[eol - 1] == '\r'))
        eol--;
    size_t k = strlen(content);
    return eol - pos == k && !memcmp(text + pos, content, k);
}

/* Where the parts of a listing are. */
struct layout {
    size_t l9_marker;  /* start of the "Level9 shader bytecode" line, or SIZE_MAX */
    size_t l9_begin;   /* the line after it */
    size_t version;    /* start of the version word, or SIZE_MAX */
    size_t version_len;
};

static void find_layout(const char *text, size_t len, struct layout *ly)
{
    ly->l9_marker = ly->version = SIZE_MAX;
    ly->l9_begin = 0;
    ly->version_len = 0;
    for (size_t pos = 0; pos < len;) {
        size_t eol = pos;
        while (eol < len && text[eol] != '\n')
            eol++;
        if (ly->l9_marker == SIZE_MAX && line_is(text, pos, eol, "Level9 shader bytecode:")) {
            ly->l9_marker = pos;
            ly->l9_begin = eol < len ? eol + 1 : eol;
        } else {
            size_t n, w = first_word(text, pos, eol, &n);
            unsigned t, ma, mi, l9;
            if (n && sm4_version(text + w, n, &t, &ma, &mi, &l9)) {
                ly->version = w;
                ly->version_len = n;
                return;
            }
            /* outside a level-9 block the first statement must be the version */
            if (n && ly->l9_marker == SIZE_MAX) {
                ly->version = w;
                ly->version_len = n;
                return;
            }
        }
        pos = eol + 1;
    }
}

int shader_text_is_sm4(const char *text, size_t len)
{
    struct layout ly;
    unsigned t, ma, mi, l9;
    if (!text)
        return 0;
    find_layout(text, len, &ly);
    if (ly.l9_marker != SIZE_MAX)
        return 1;
    return ly.version != SIZE_MAX &&
           sm4_version(text + ly.version, ly.version_len, &t, &ma, &mi, &l9);
}

/* ---- driver ------------------------------------------------------------------------------------ */

/* The level-9 program: the listing with everything outside [begin, end) and every #line
 * blanked, so that d3dbc errors carry the listing's own line and column. */
static int assemble_level9(struct asm_state *a, size_t begin, size_t end, uint32_t **sm2,
                           size_t *size)
{
    char *copy = malloc(a->len ? a->len : 1);
    struct d3dbc_error derr;
    if (!copy)
        return tpf_text_fail(a->err, SHADER_ASM_E_NOMEM, NULL, 0, "out of memory");
    bool line_start = true, hash = false;
    for (size_t i = 0; i < a->len; i++) {
        char c = a->text[i];
        if (c == '\n') {
            copy[i] = c;
            line_start = true;
            hash = false;
            continue;
        }
        if (line_start && c == '#')
            hash = true;
        if (c != ' ' && c != '\t')
            line_start = false;
        copy[i] = (i >= begin && i < end && !hash) ? c : ' ';
    }
    int ret = d3dbc_assemble_tokens(copy, a->len, sm2, size, &derr);
    free(copy);
    if (ret) {
        if (derr.line) {
            const char *msg = strstr(derr.message, ": ");
            return tpf_text_fail(a->err, ret == D3DBC_E_NOMEM ? SHADER_ASM_E_NOMEM :
                                 SHADER_ASM_E_SYNTAX, NULL, 0, "line %u, column %u: level-9 "
                                 "program: %s", derr.line, derr.column, msg ? msg + 2 :
                                 derr.message);
        }
        return tpf_text_fail(a->err, SHADER_ASM_E_SYNTAX, a->text, begin, "level-9 program: %s",
                             derr.message);
    }
    return 0;
}

/* The streams of a gs_5_0 program's output elements (OSG5), which the listing's table does
 * not say: the elements come stream by stream in the order the streams are declared (each
 * stream's registers from o0), so an element belongs to the current stream while that stream
 * declares its register and components and no earlier element took them, else to the next. */
static void assign_streams(const struct ir_program *p, struct tpf_signature *sig)
{
    if (!(p->gs_streams & ~1u) || !sig->given)
        return;   /* stream 0 only: OSGN; a derived table has the streams (tpf_derive.c) */
    unsigned order[4], n = 0;
    for (unsigned m = 0; m < 4; m++)
        if (p->gs_streams & (1u << m))
            order[n++] = m;
    uint8_t taken[4][IR_MAX_OUTPUTS];
    memset(taken, 0, sizeof(taken));
    unsigned cur = 0;
    for (uint32_t i = 0; i < sig->count; i++) {
        struct tpf_sig_element *e = &sig->items[i];
        if (e->reg >= IR_MAX_OUTPUTS)
            continue;
        for (; cur < n; cur++) {
            uint8_t declared = 0;
            for (uint32_t k = 0; k < p->outputs.count; k++) {
                const struct ir_io_decl *d = &p->outputs.items[k];
                if (d->file == IR_FILE_OUTPUT && d->stream == order[cur] && d->reg == e->reg)
                    declared |= d->mask;
            }
            if ((e->mask & declared) == e->mask && !(taken[order[cur]][e->reg] & e->mask))
                break;
        }
        if (cur == n)
            return;   /* not a stream's: leave the rest as they are (ir_validate's checks) */
        e->stream = (uint8_t)order[cur];
        taken[order[cur]][e->reg] |= e->mask;
    }
}

/* Runs the decoder on the tokens; its error names the statement's line.  The output
 * signature's streams come from the decoded program. */
static int check_program(struct asm_state *a, struct tpf_signature *out)
{
    struct ir_program p;
    struct tpf_error terr;
    int ret = tpf_decode(a->tok, 4 * a->ntok, &p, &terr);
    if (!ret) {
        assign_streams(&p, out);
        a->classes->slot_count = p.interface_slots;
        ir_program_free(&p);
        return 0;
    }
    if (ret == TPF_E_NOMEM)
        return tpf_text_fail(a->err, SHADER_ASM_E_NOMEM, NULL, 0, "out of memory");
    /* decoder and IR validator messages both name the byte offset of the instruction */
    size_t at = a->nstmts ? a->stmts[0].at : 0;
    for (size_t i = 0; i < a->nstmts; i++)
        if ((size_t)a->stmts[i].token * 4 <= terr.offset)
            at = a->stmts[i].at;
    return tpf_text_fail(a->err, SHADER_ASM_E_SYNTAX, a->text, at, "%s", terr.message);
}

static int assemble(struct asm_state *a, struct tpf_listing *l, void **blob, size_t *size)
{
    struct layout ly;
    unsigned t, ma, mi, l9;
    int ret;

    find_layout(a->text, a->len, &ly);
    if (ly.version == SIZE_MAX)
        return tpf_text_fail(a->err, SHADER_ASM_E_SYNTAX, a->text, a->len,
                             "no SM4 version statement (vs_4_0, ps_4_0_level_9_1, ps_5_0...)");
    if (!sm4_version(a->text + ly.version, ly.version_len, &t, &ma, &mi, &l9))
        return tpf_text_fail(a->err, SHADER_ASM_E_SYNTAX, a->text, ly.version,
                             "'%.*s' is not an SM4/SM5 version this assembler takes (vs/ps_4_0, "
                             "_4_1, _5_0, _4_0_level_9_1, _4_0_level_9_3)", (int)ly.version_len,
                             a->text + ly.version);
    a->type = t;
    a->major = ma;
    a->minor = mi;
    a->level9 = l9;
    a->classes = &l->classes;
    size_t header_end = ly.l9_marker != SIZE_MAX ? ly.l9_marker : ly.version;
    if ((ret = tpf_header_parse(l, a->text, header_end, a->err)))
        return ret;
    bool has_l9 = ly.l9_marker != SIZE_MAX;
    if (l9 && !has_l9)
        return tpf_text_fail(a->err, SHADER_ASM_E_SYNTAX, a->text, ly.version,
                             "a _level_9_%u listing needs its level-9 (SM2) program under a "
                             "'// Level9 shader bytecode:' comment", l9);
    if (has_l9 && !(ma == 4 && mi == 0))
        return tpf_text_fail(a->err, SHADER_ASM_E_SYNTAX, a->text, ly.l9_marker,
                             "a level-9 program goes with a 4_0 program only");
    if (l->has_level9 && !has_l9)
        return tpf_text_fail(a->err, SHADER_ASM_E_SYNTAX, a->text, ly.version,
                             "level-9 mapping tables without a level-9 program");

    /* the program */
    emit(a, mi | ma << 4 | t << 16);
    emit(a, 0);
    a->pos = ly.version + ly.version_len;
    for (;;) {
        skip_all(a);
        if (a->pos >= a->len)
            break;
        if ((ret = statement(a)))
            return ret;
        if (a->nomem)
            return tpf_text_fail(a->err, SHADER_ASM_E_NOMEM, NULL, 0, "out of memory");
    }
    if (a->nomem)
        return tpf_text_fail(a->err, SHADER_ASM_E_NOMEM, NULL, 0, "out of memory");
    if (a->ntok > UINT32_MAX / 4)
        return tpf_text_fail(a->err, SHADER_ASM_E_SYNTAX, NULL, 0, "program too long");
    a->tok[1] = (uint32_t)a->ntok;
    /* what the comments did not say */
    a->dcl.pixel = t == 0;
    if (!l->input.given)
        tpf_derive_signature(&a->dcl, &l->input, true);
    if (!l->output.given)
        tpf_derive_signature(&a->dcl, &l->output, false);
    if ((ret = check_program(a, &l->output)))
        return ret;
    if (!l->rdef_given)
        tpf_derive_rdef(&a->dcl, l);
    else
        tpf_derive_samples(&a->dcl, l);
    if (!l->has_creator)
        snprintf(l->creator, sizeof(l->creator), "softd3d-asm");

    uint32_t *sm2 = NULL;
    size_t sm2_size = 0;
    if (has_l9) {
        if ((ret = assemble_level9(a, ly.l9_begin, ly.version, &sm2, &sm2_size)))
            return ret;
        uint32_t v = sm2[0];
        bool pixel = (v >> 16) == 0xffff;
        unsigned minor = v & 0xff;
        if ((v >> 8 & 0xff) != 2 || minor > 1 || pixel != (t == 0)) {
            free(sm2);
            return tpf_text_fail(a->err, SHADER_ASM_E_SYNTAX, a->text, ly.l9_begin,
                                 "the level-9 program of a %s listing is %s_2_0 or %s_2_x",
                                 t ? "vertex" : "pixel", t ? "vs" : "ps", t ? "vs" : "ps");
        }
        if (l9 && (minor ? 3u : 1u) != l9) {
            free(sm2);
            return tpf_text_fail(a->err, SHADER_ASM_E_SYNTAX, a->text, ly.version,
                                 "_level_9_%u needs a %s_2_%s level-9 program", l9,
                                 t ? "vs" : "ps", l9 == 3 ? "x" : "0");
        }
        l->has_level9 = true;
    }
    ret = tpf_container_write(l, a->tok, a->ntok, sm2, sm2_size, blob, size, a->err);
    free(sm2);
    return ret;
}

int tpf_assemble(const char *text, size_t len, void **out, size_t *out_size, char *err,
                 size_t err_size)
{
    struct tpf_text_error e = {0, 0, 0, ""};
    struct asm_state a;
    int ret;

    if (out)
        *out = NULL;
    if (out_size)
        *out_size = 0;
    if (!out || !out_size || (!text && len)) {
        if (err && err_size)
            snprintf(err, err_size, "NULL argument");
        return SHADER_ASM_E_INVALID_ARG;
    }
    struct tpf_listing *l = calloc(1, sizeof(*l));
    if (!l) {
        if (err && err_size)
            snprintf(err, err_size, "out of memory");
        return SHADER_ASM_E_NOMEM;
    }
    memset(&a, 0, sizeof(a));
    a.text = text ? text : "";
    a.len = len;
    a.err = &e;
    ret = assemble(&a, l, out, out_size);
    free(a.tok);
    free(a.stmts);
    free(l);
    if (ret && err && err_size)
        snprintf(err, err_size, "%s", e.message);
    return ret;
}
