/* src/shader/tpf_dis.c — a DXBC container (SM4/SM5) -> the listing text tpf_asm.c reads.
 *
 * The text is fxc's (/Fc) layout: the header comment blocks (tpf_header.c), for level-9 shaders
 * the SM2 program under "// Level9 shader bytecode:" (d3dbc_dis.c, indented), the version
 * statement, then one declaration or instruction a line.  Two departures from fxc, both so the
 * text says everything the bytes hold: the version of a level-9 shader reads
 * vs_4_0_level_9_1 / _9_3 (fxc prints vs_4_0; the level is the SM2 program's), and immediate
 * values are written so they read back to the same bits (see value_text).
 *
 * The program is first decoded with tpf_decode() (decoder + IR validator), so what is printed
 * is a program the devices accept; the printing itself walks the tokens, not the IR, so every
 * encoding choice (swizzle or select-1, immediate + relative indices, the order of operands)
 * shows in the text and assembles back to the same token.  Reads are bounds-checked all the
 * same.
 */
#include "shader/shader_asm.h"

#include "shader/d3dbc.h"
#include "shader/dxbc.h"
#include "shader/ir.h"
#include "shader/tpf.h"
#include "shader/tpf_listing.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dis {
    const uint8_t *d;
    uint32_t count;          /* tokens in the program */
    size_t base;             /* byte offset of the program in the blob, for messages */
    struct tpf_out *o;
    struct tpf_text_error *err;
    bool geometry;           /* a geometry or hull program: v# takes [vertex][register] */
};

static uint32_t tok(const struct dis *d, uint32_t i)
{
    const uint8_t *p = d->d + 4 * (size_t)i;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int bad(const struct dis *d, uint32_t at, const char *what)
{
    return tpf_text_fail(d->err, SHADER_ASM_E_BAD_BLOB, NULL, 0,
                         "program: %s at offset 0x%zx", what, d->base + 4 * (size_t)at);
}

/* Takes the token at *pos if it is before end. */
static bool take(const struct dis *d, uint32_t *pos, uint32_t end, uint32_t *v)
{
    if (*pos >= end || *pos >= d->count)
        return false;
    *v = tok(d, (*pos)++);
    return true;
}

/* ---- values ------------------------------------------------------------------------------------- */

/* A 32-bit value as text that tpf_asm.c's literal() reads back to the same bits: integers in
 * integer instructions; otherwise fxc's "%f" when it is exact, small integers (denormal bit
 * patterns) as integers, other floats in "%.9g", and infinities, NaNs and denormals in hex. */
static void value_text(uint32_t bits, bool int_ctx, char *out, size_t size)
{
    int32_t si = (int32_t)bits;
    if (int_ctx) {
        if (si >= -16777216 && si <= 16777216)
            snprintf(out, size, "%d", (int)si);
        else
            snprintf(out, size, "0x%08x", (unsigned)bits);
        return;
    }
    if (bits < 0x10000u || bits >= 0xffff0000u) {
        snprintf(out, size, "%d", (int)si);
        return;
    }
    unsigned exp = (bits >> 23) & 0xff;
    if (bits == 0x80000000u) {
        snprintf(out, size, "-0.000000");
        return;
    }
    if (exp == 0 || exp == 0xff) {
        snprintf(out, size, "0x%08x", (unsigned)bits);
        return;
    }
    float f, back;
    memcpy(&f, &bits, 4);
    snprintf(out, size, "%f", (double)f);
    back = strtof(out, NULL);
    if (!memcmp(&back, &f, 4))
        return;
    snprintf(out, size, "%.9g", (double)f);
    if (!strpbrk(out, ".eE"))
        snprintf(out + strlen(out), size - strlen(out), ".0");
}

/* ---- operands ----------------------------------------------------------------------------------- */

static const char letters[] = "xyzw";

/* One operand at *pos as text (appended to buf).  Returns 0 or an error. */
static int operand_text(const struct dis *d, uint32_t *pos, uint32_t end, bool int_ctx,
                        char *buf, size_t size, int depth)
{
    uint32_t t, e = 0, v;
    uint32_t at = *pos;
    char body[512] = "", sel[8] = "", idx[2][160] = {"", ""};
    if (!take(d, pos, end, &t))
        return bad(d, at, "operand missing");
    unsigned nc = t & 3, mode = (t >> 2) & 3, bits = (t >> 4) & 0xff, type = (t >> 12) & 0xff;
    unsigned dims = (t >> 20) & 3, mod = 0;
    for (bool ext = t >> 31; ext;) {
        if (!take(d, pos, end, &e))
            return bad(d, at, "extended operand token missing");
        if ((e & 0x3f) == 1)
            mod = (e >> 6) & 0xff;
        else if (e & 0x3f)
            return bad(d, at, "extended operand token of an unknown type");
        if ((e >> 14) & 7)
            return bad(d, at, "minimum precision is not supported by the listing");
        ext = e >> 31;
    }
    if (type == TPF_OPERAND_IMMEDIATE32) {
        unsigned n = nc == 1 ? 1 : 4;
        size_t k = (size_t)snprintf(body, sizeof(body), "l(");
        for (unsigned c = 0; c < n; c++) {
            char lit[32];
            if (!take(d, pos, end, &v))
                return bad(d, at, "immediate value missing");
            value_text(v, int_ctx, lit, sizeof(lit));
            k += (size_t)snprintf(body + k, sizeof(body) - k, "%s%s", c ? ", " : "", lit);
            if (k >= sizeof(body))
                k = sizeof(body) - 1;
        }
        snprintf(body + k, sizeof(body) - k, ")");
    } else {
        const struct tpf_operand_name *on = tpf_operand_by_type(type);
        if (!on)
            return bad(d, at, "operand type the listing cannot write");
        /* a geometry program's input v[vertex][register] is the one two-index v# */
        bool gs_in = (type == TPF_OPERAND_INPUT && dims == 2 && d->geometry) ||
                     type == TPF_OPERAND_INPUT_CONTROL_POINT ||
                     type == TPF_OPERAND_OUTPUT_CONTROL_POINT;
        if (on->dims != dims && !gs_in)
            return bad(d, at, "operand with an unexpected index dimension");
        for (unsigned k = 0; k < dims; k++) {
            unsigned rep = (t >> (22 + 3 * k)) & 7;
            uint32_t imm = 0;
            char rel[160] = "";
            if (rep == 0 || rep == 3) {
                if (!take(d, pos, end, &imm))
                    return bad(d, at, "index missing");
            }
            if (rep == 2 || rep == 3) {
                if (depth)
                    return bad(d, at, "nested relative index");
                int ret = operand_text(d, pos, end, false, rel, sizeof(rel), depth + 1);
                if (ret)
                    return ret;
            }
            if (rep == 0)
                snprintf(idx[k], sizeof(idx[k]), "%u", (unsigned)imm);
            else if (rep == 2)
                snprintf(idx[k], sizeof(idx[k]), "[%s]", rel);
            else if (rep == 3)
                snprintf(idx[k], sizeof(idx[k]), "[%s + %u]", rel, (unsigned)imm);
            else
                return bad(d, at, "64-bit or unknown index representation");
        }
        if (gs_in) {
            if (idx[1][0] == '[')
                return bad(d, at, "relative register index of a geometry input");
            snprintf(body, sizeof(body), "%s%s%s%s[%s]", type == TPF_OPERAND_INPUT ? "v" :
                     on->prefix, idx[0][0] == '[' ? "" : "[", idx[0],
                     idx[0][0] == '[' ? "" : "]", idx[1]);
        } else if (dims == 2 && idx[0][0] == '[')
            return bad(d, at, "relative first index of a two-index register");
        else if (dims == 2 && idx[1][0] != '[')
            snprintf(body, sizeof(body), "%s%s[%s]", on->prefix, idx[0], idx[1]);
        else
            snprintf(body, sizeof(body), "%s%s%s", on->prefix, idx[0], idx[1]);
        if (nc == 2) {
            size_t k = 0;
            sel[k++] = '.';
            if (mode == 0) {
                for (unsigned c = 0; c < 4; c++)
                    if (bits & (1u << c))
                        sel[k++] = letters[c];
                if (k == 1)
                    k = 0;
            } else if (mode == 1) {
                for (unsigned c = 0; c < 4; c++)
                    sel[k++] = letters[(bits >> (2 * c)) & 3];
            } else if (mode == 2) {
                sel[k++] = letters[bits & 3];
            } else {
                return bad(d, at, "component selection mode 3");
            }
            sel[k] = '\0';
        } else if (nc == 1 && on->shape != TPF_SHAPE_SCALAR) {
            snprintf(sel, sizeof(sel), ".x");
        } else if (nc == 3) {
            return bad(d, at, "N-component operand");
        }
    }
    snprintf(buf + strlen(buf), size - strlen(buf), "%s%s%s%s%s", (mod & 1) ? "-" : "",
             (mod & 2) ? "|" : "", body, sel, (mod & 2) ? "|" : "");
    return 0;
}

/* ---- statements --------------------------------------------------------------------------------- */

static int print_icb(struct dis *d, uint32_t pos, uint32_t len)
{
    uint32_t n = (len - 2) / 4;
    tpf_out_printf(d->o, "dcl_immediateConstantBuffer {");
    for (uint32_t i = 0; i < n; i++) {
        char v[4][32];
        for (unsigned c = 0; c < 4; c++)
            value_text(tok(d, pos + 2 + 4 * i + c), false, v[c], sizeof(v[c]));
        tpf_out_printf(d->o, "%s { %s, %s, %s, %s}%s", i ? "\n                             " :
                       "", v[0], v[1], v[2], v[3], i + 1 < n ? "," : " }\n");
    }
    if (!n)
        tpf_out_printf(d->o, " }\n");
    return 0;
}

static int print_declaration(struct dis *d, uint32_t opc, uint32_t pos, uint32_t end)
{
    unsigned code = opc & TPF_OPCODE_MASK;
    const struct tpf_opcode_info *info = tpf_opcode_get(code);
    char text[400] = "";
    uint32_t p = pos + 1, v, w, c;
    int ret = 0;

    switch (code) {
    case TPF_OP_DCL_GLOBAL_FLAGS: {
        uint32_t flags = (opc >> 11) & 0x1fff;
        const char *sep = "";
        tpf_out_printf(d->o, "dcl_globalFlags ");
        for (unsigned k = 0; k < 13; k++) {
            if (!(flags & (1u << k)))
                continue;
            const char *n = tpf_name(&tpf_global_flag_names, k);
            if (!n)
                return bad(d, pos, "unknown global flag");
            tpf_out_printf(d->o, "%s%s", sep, n);
            sep = " | ";
        }
        tpf_out_printf(d->o, "\n");
        return 0;
    }
    case TPF_OP_DCL_CONSTANT_BUFFER:
        if (!take(d, &p, end, &w) || !take(d, &p, end, &v) || !take(d, &p, end, &c))
            return bad(d, pos, "dcl_constantbuffer too short");
        tpf_out_printf(d->o, "dcl_constantbuffer cb%u[%u], %s\n", (unsigned)v, (unsigned)c,
                       (opc >> 11) & 1 ? "dynamicIndexed" : "immediateIndexed");
        return 0;
    case TPF_OP_DCL_SAMPLER: {
        const char *mode = tpf_name(&tpf_sampler_mode_names, (opc >> 11) & 0xf);
        if (!take(d, &p, end, &w) || !take(d, &p, end, &v) || !mode)
            return bad(d, pos, "dcl_sampler malformed");
        tpf_out_printf(d->o, "dcl_sampler s%u, %s\n", (unsigned)v, mode);
        return 0;
    }
    case TPF_OP_DCL_RESOURCE: {
        unsigned dim = (opc >> 11) & 0x1f, samples = (opc >> 16) & 0x7f;
        const char *dn = tpf_name(&tpf_resource_dim_names, dim);
        if (!take(d, &p, end, &w) || !take(d, &p, end, &v) || !take(d, &p, end, &c) || !dn)
            return bad(d, pos, "dcl_resource malformed");
        tpf_out_printf(d->o, "dcl_resource_%s", dn);
        if (dim == 4 || dim == 9)
            tpf_out_printf(d->o, "(%u)", samples);
        tpf_out_printf(d->o, " (");
        for (unsigned k = 0; k < 4; k++) {
            const char *rn = tpf_name(&tpf_return_type_names, (c >> (4 * k)) & 0xf);
            if (!rn)
                return bad(d, pos, "dcl_resource return type");
            tpf_out_printf(d->o, "%s%s", k ? "," : "", rn);
        }
        tpf_out_printf(d->o, ") t%u\n", (unsigned)v);
        return 0;
    }
    case TPF_OP_DCL_TEMPS:
        if (!take(d, &p, end, &v))
            return bad(d, pos, "dcl_temps too short");
        tpf_out_printf(d->o, "dcl_temps %u\n", (unsigned)v);
        return 0;
    case TPF_OP_DCL_INDEXABLE_TEMP:
        if (!take(d, &p, end, &v) || !take(d, &p, end, &w) || !take(d, &p, end, &c))
            return bad(d, pos, "dcl_indexableTemp too short");
        tpf_out_printf(d->o, "dcl_indexableTemp x%u[%u], %u\n", (unsigned)v, (unsigned)w,
                       (unsigned)c);
        return 0;
    case TPF_OP_DCL_INPUT_PRIMITIVE:
    case TPF_OP_DCL_OUTPUT_TOPOLOGY: {
        bool in = code == TPF_OP_DCL_INPUT_PRIMITIVE;
        const char *n = tpf_name(in ? &tpf_gs_input_names : &tpf_gs_output_names,
                                 (opc >> 11) & (in ? 0x3f : 0x7f));
        if (!n)
            return bad(d, pos, in ? "input primitive" : "output topology");
        tpf_out_printf(d->o, "%s %s\n", info->name, n);
        return 0;
    }
    case 0x93: /* dcl_input/output_control_point_count (11.7.15): the count in bits 11-16 */
    case 0x94:
        tpf_out_printf(d->o, "%s %u\n", info->name, (unsigned)((opc >> 11) & 0x3f));
        return 0;
    case 0x95: /* dcl_tessellator_domain / _partitioning / _output_primitive */
    case 0x96:
    case 0x97: {
        static const struct tpf_names *const names[3] = {
            &tpf_tess_domain_names, &tpf_tess_partitioning_names, &tpf_tess_primitive_names,
        };
        const char *n = tpf_name(names[code - 0x95], (opc >> 11) & 7);
        if (!n)
            return bad(d, pos, "tessellator declaration value");
        tpf_out_printf(d->o, "%s %s\n", info->name, n);
        return 0;
    }
    case 0x98: {
        char lit[32];
        if (!take(d, &p, end, &v))
            return bad(d, pos, "dcl_hs_max_tessfactor too short");
        value_text(v, false, lit, sizeof(lit));
        tpf_out_printf(d->o, "%s l(%s)\n", info->name, lit);
        return 0;
    }
    case 0x99:
    case 0x9a:
    case TPF_OP_DCL_MAXOUT:
    case TPF_OP_DCL_GS_INSTANCES:
        if (!take(d, &p, end, &v))
            return bad(d, pos, "count missing");
        tpf_out_printf(d->o, "%s %u\n", info->name, (unsigned)v);
        return 0;
    case TPF_OP_DCL_FUNCTION_BODY:
        if (!take(d, &p, end, &v))
            return bad(d, pos, "dcl_function_body too short");
        tpf_out_printf(d->o, "%s fb%u\n", info->name, (unsigned)v);
        return 0;
    case TPF_OP_DCL_FUNCTION_TABLE:
    case TPF_OP_DCL_INTERFACE: {
        /* ft# = {fb#...} / fp#[array size][call sites] = {ft#...} (tpf.c dcl_class) */
        bool table = code == TPF_OP_DCL_FUNCTION_TABLE;
        uint32_t n = 0;
        if (!take(d, &p, end, &v) || !take(d, &p, end, &w) || (!table && !take(d, &p, end, &c)))
            return bad(d, pos, "class declaration too short");
        if (table) {
            n = w;
            tpf_out_printf(d->o, "%s ft%u = {", info->name, (unsigned)v);
        } else {
            n = c & 0xffff;
            tpf_out_printf(d->o, "%s%s fp%u[%u][%u] = {", info->name,
                           (opc & TPF_INTERFACE_DYNAMIC) ? "_dynamicindexed" : "", (unsigned)v,
                           (unsigned)(c >> 16), (unsigned)w);
        }
        for (uint32_t k = 0; k < n; k++) {
            uint32_t e;
            if (!take(d, &p, end, &e))
                return bad(d, pos, "class declaration list too short");
            tpf_out_printf(d->o, "%s%s%u", k ? ", " : "", table ? "fb" : "ft", (unsigned)e);
        }
        tpf_out_printf(d->o, "}\n");
        return 0;
    }
    case TPF_OP_DCL_STREAM:
        if ((ret = operand_text(d, &p, end, false, text, sizeof(text), 0)))
            return ret;
        tpf_out_printf(d->o, "%s %s\n", info->name, text);
        return 0;
    case TPF_OP_DCL_THREAD_GROUP:
        if (!take(d, &p, end, &v) || !take(d, &p, end, &w) || !take(d, &p, end, &c))
            return bad(d, pos, "dcl_thread_group too short");
        tpf_out_printf(d->o, "dcl_thread_group %u, %u, %u\n", (unsigned)v, (unsigned)w,
                       (unsigned)c);
        return 0;
    case TPF_OP_DCL_UAV_RAW: case TPF_OP_DCL_UAV_STRUCTURED: case TPF_OP_DCL_UAV_TYPED:
    case TPF_OP_DCL_TGSM_RAW: case TPF_OP_DCL_TGSM_STRUCTURED: case TPF_OP_DCL_RESOURCE_RAW:
    case TPF_OP_DCL_RESOURCE_STRUCTURED: {
        /* the operand (u#, g#, t#), then 0..2 numbers; typed UAVs: the return types */
        unsigned nums = code == TPF_OP_DCL_TGSM_STRUCTURED ? 2 :
                        (code == TPF_OP_DCL_UAV_STRUCTURED || code == TPF_OP_DCL_TGSM_RAW ||
                         code == TPF_OP_DCL_RESOURCE_STRUCTURED) ? 1 : 0;
        const char *dn = tpf_name(&tpf_resource_dim_names, (opc >> 11) & 0x1f);
        if ((opc & TPF_UAV_GLOBALLY_COHERENT) && code <= TPF_OP_DCL_UAV_STRUCTURED)
            return bad(d, pos, "globallycoherent UAVs the listing cannot write");
        if (!take(d, &p, end, &w) || !take(d, &p, end, &v))
            return bad(d, pos, "declaration too short");
        char pre = code == TPF_OP_DCL_TGSM_RAW || code == TPF_OP_DCL_TGSM_STRUCTURED ? 'g' :
                   code >= TPF_OP_DCL_RESOURCE_RAW ? 't' : 'u';
        if (code == TPF_OP_DCL_UAV_TYPED) {
            if (!take(d, &p, end, &c) || !dn)
                return bad(d, pos, "dcl_uav_typed malformed");
            tpf_out_printf(d->o, "dcl_uav_typed_%s (", dn);
            for (unsigned k = 0; k < 4; k++) {
                const char *rn = tpf_name(&tpf_return_type_names, (c >> (4 * k)) & 0xf);
                if (!rn)
                    return bad(d, pos, "dcl_uav_typed return type");
                tpf_out_printf(d->o, "%s%s", k ? "," : "", rn);
            }
            tpf_out_printf(d->o, ") u%u\n", (unsigned)v);
            return 0;
        }
        tpf_out_printf(d->o, "%s%s %c%u", info->name,
                       (opc & TPF_UAV_COUNTER) ? "_opc" : "", pre, (unsigned)v);
        for (unsigned k = 0; k < nums; k++) {
            if (!take(d, &p, end, &c))
                return bad(d, pos, "declaration too short");
            tpf_out_printf(d->o, ", %u", (unsigned)c);
        }
        tpf_out_printf(d->o, "\n");
        return 0;
    }
    case TPF_OP_DCL_INDEX_RANGE:
        if ((ret = operand_text(d, &p, end, false, text, sizeof(text), 0)))
            return ret;
        if (!take(d, &p, end, &v))
            return bad(d, pos, "dcl_indexRange too short");
        tpf_out_printf(d->o, "dcl_indexRange %s %u\n", text, (unsigned)v);
        return 0;
    default:
        break;
    }
    /* inputs and outputs */
    bool ps = code >= TPF_OP_DCL_INPUT_PS && code <= TPF_OP_DCL_INPUT_PS_SIV;
    bool named = code == TPF_OP_DCL_INPUT_SGV || code == TPF_OP_DCL_INPUT_SIV ||
                 code == TPF_OP_DCL_INPUT_PS_SGV || code == TPF_OP_DCL_INPUT_PS_SIV ||
                 code == TPF_OP_DCL_OUTPUT_SGV || code == TPF_OP_DCL_OUTPUT_SIV;
    tpf_out_printf(d->o, "%s", info->name);
    if (ps && ((opc >> 11) & 0xf)) {
        const char *interp = tpf_name(&tpf_interpolation_names, (opc >> 11) & 0xf);
        if (!interp)
            return bad(d, pos, "interpolation mode");
        tpf_out_printf(d->o, " %s", interp);
    }
    if ((ret = operand_text(d, &p, end, false, text, sizeof(text), 0)))
        return ret;
    tpf_out_printf(d->o, " %s", text);
    if (named) {
        const char *sv;
        if (!take(d, &p, end, &v) || !(sv = tpf_name(&tpf_sysval_names, v & 0xffff)))
            return bad(d, pos, "system value");
        tpf_out_printf(d->o, ", %s", sv);
    }
    tpf_out_printf(d->o, "\n");
    return 0;
}

static int print_instruction(struct dis *d, uint32_t opc, uint32_t pos, uint32_t end,
                             unsigned version, unsigned depth)
{
    unsigned code = opc & TPF_OPCODE_MASK;
    const struct tpf_opcode_info *info = tpf_opcode_get(code);
    const struct ir_op_info *ir = ir_op_get((unsigned)info->ir_op);
    bool int_ctx = ir && (ir->flags & IR_OPF_INT);
    char groups[160] = "", tail[32] = "";
    bool aoff = false, indexable = false;
    uint32_t p = pos + 1;

    for (bool ext = opc >> 31; ext;) {
        uint32_t e;
        if (!take(d, &p, end, &e))
            return bad(d, pos, "extended opcode token missing");
        size_t k = strlen(groups);
        switch (e & 0x3f) {
        case TPF_EXT_SAMPLE_CONTROLS: {
            int o[3];
            for (unsigned c = 0; c < 3; c++) {
                int v = (int)((e >> (9 + 4 * c)) & 0xf);
                o[c] = v >= 8 ? v - 16 : v;
            }
            aoff = true;
            snprintf(groups + k, sizeof(groups) - k, "(%d,%d,%d)", o[0], o[1], o[2]);
            break;
        }
        case TPF_EXT_RESOURCE_DIM: {
            const char *dn = tpf_name(&tpf_resource_dim_names, (e >> 6) & 0x1f);
            if (!dn || ((e >> 11) & 0xfff))
                return bad(d, pos, "resource dimension the listing cannot write");
            indexable = true;
            snprintf(groups + k, sizeof(groups) - k, "(%s)", dn);
            break;
        }
        case TPF_EXT_RETURN_TYPE: {
            const char *r[4];
            for (unsigned c = 0; c < 4; c++)
                if (!(r[c] = tpf_name(&tpf_return_type_names, (e >> (6 + 4 * c)) & 0xf)))
                    return bad(d, pos, "resource return type");
            snprintf(groups + k, sizeof(groups) - k, "(%s,%s,%s,%s)", r[0], r[1], r[2], r[3]);
            break;
        }
        default:
            return bad(d, pos, "extended opcode token the listing cannot write");
        }
        ext = e >> 31;
    }
    if (info->flags & TPF_F_RESINFO) {
        unsigned rt = (opc >> 11) & 3;
        snprintf(tail, sizeof(tail), "%s", rt == 2 ? "_uint" : rt == 1 ? "_rcpFloat" : "");
    }
    if ((info->flags & TPF_F_SAMPLEINFO) && ((opc >> 11) & 1))
        snprintf(tail, sizeof(tail), "_uint");
    if ((opc & TPF_SATURATE_BIT) && !(info->flags & TPF_F_SYNC))
        snprintf(tail + strlen(tail), sizeof(tail) - strlen(tail), "_sat");
    if (info->flags & TPF_F_TEST)
        snprintf(tail + strlen(tail), sizeof(tail) - strlen(tail), "%s",
                 (opc & TPF_TEST_NZ_BIT) ? "_nz" : "_z");
    if (info->flags & TPF_F_SYNC) {
        unsigned f = (opc >> TPF_SYNC_SHIFT) & 0xf;
        snprintf(tail + strlen(tail), sizeof(tail) - strlen(tail), "%s%s%s%s",
                 f & 8 ? "_uglobal" : "", f & 4 ? "_ugroup" : "", f & 2 ? "_g" : "",
                 f & 1 ? "_t" : "");
    }
    for (unsigned i = 0; i < depth; i++)
        tpf_out_printf(d->o, "  ");
    tpf_out_printf(d->o, "%s%s%s%s%s", info->name, aoff ? "_aoffimmi" : "",
                   indexable ? "_indexable" : "", groups, tail);
    unsigned precise = version >= 50 ? (opc >> TPF_PRECISE_SHIFT) & 0xf : 0;
    if (precise == 0xf) {
        tpf_out_printf(d->o, " [precise]");
    } else if (precise) {
        tpf_out_printf(d->o, " [precise(");
        for (unsigned c = 0; c < 4; c++)
            if (precise & (1u << c))
                tpf_out_printf(d->o, "%c", letters[c]);
        tpf_out_printf(d->o, ")]");
    }
    unsigned total = (unsigned)info->dst_count + info->src_count;
    if (info->flags & TPF_F_FCALL) {   /* fcall fp#[index][call site]: the site token first */
        char text[400] = "";
        uint32_t site;
        if (!take(d, &p, end, &site))
            return bad(d, pos, "fcall without its call site");
        int ret = operand_text(d, &p, end, false, text, sizeof(text), 0);
        if (ret)
            return ret;
        tpf_out_printf(d->o, " %s[%u]\n", text, (unsigned)site);
        return 0;
    }
    if (info->flags & TPF_F_STREAM) {   /* emit_stream m0: the stream operand first */
        char text[400] = "";
        int ret = operand_text(d, &p, end, false, text, sizeof(text), 0);
        if (ret)
            return ret;
        tpf_out_printf(d->o, " %s%s", text, total ? "," : "");
    }
    for (unsigned k = 0; k < total; k++) {
        char text[400] = "";
        int ret = operand_text(d, &p, end, int_ctx && k >= info->dst_count, text, sizeof(text), 0);
        if (ret)
            return ret;
        tpf_out_printf(d->o, "%s%s", k ? ", " : " ", text);
    }
    tpf_out_printf(d->o, "\n");
    return 0;
}

static int print_program(struct dis *d, unsigned version)
{
    unsigned instructions = 0, depth = 0;
    for (uint32_t pos = 2; pos < d->count;) {
        uint32_t opc = tok(d, pos), len;
        unsigned code = opc & TPF_OPCODE_MASK;
        const struct tpf_opcode_info *info = tpf_opcode_get(code);
        int ret = 0;
        if (info->kind == TPF_KIND_CUSTOMDATA) {
            if (pos + 1 >= d->count || (len = tok(d, pos + 1)) < 2 || len > d->count - pos)
                return bad(d, pos, "customdata block");
            if ((opc >> 11) == TPF_CUSTOMDATA_ICB)
                ret = print_icb(d, pos, len);
            else
                tpf_out_printf(d->o, "// customdata block of class %u (%u tokens) left out\n",
                               (unsigned)(opc >> 11), (unsigned)len);
        } else {
            len = (opc >> TPF_LENGTH_SHIFT) & 0x7f;
            if (!len || len > d->count - pos)
                return bad(d, pos, "instruction length");
            if (info->kind == TPF_KIND_DECLARATION) {
                ret = print_declaration(d, opc, pos, pos + len);
            } else if (info->kind == TPF_KIND_INSTRUCTION) {
                /* fxc indents the bodies of if, loop and switch by two blanks */
                int op = info->ir_op;
                bool close = op == IR_OP_ENDIF || op == IR_OP_ENDLOOP || op == IR_OP_ENDSWITCH;
                if ((close || op == IR_OP_ELSE) && depth)
                    depth--;
                if (op == IR_OP_LABEL)
                    depth = 0;
                ret = print_instruction(d, opc, pos, pos + len, version, depth);
                if (op == IR_OP_IF || op == IR_OP_ELSE || op == IR_OP_LOOP || op == IR_OP_SWITCH)
                    depth++;
                instructions++;
            } else if (code >= 0x71 && code <= 0x74 && len == 1) {
                tpf_out_printf(d->o, "%s\n", info->name);   /* a hull phase boundary */
                depth = 0;
            } else {
                return bad(d, pos, "opcode the listing cannot write");
            }
        }
        if (ret)
            return ret;
        pos += len;
    }
    tpf_out_printf(d->o, "// Approximately %u instruction slots used\n", instructions);
    return 0;
}

/* ---- entry point -------------------------------------------------------------------------------- */

static int disassemble(const void *blob, size_t size, unsigned flags, struct tpf_out *o,
                       struct tpf_text_error *err)
{
    struct ir_program prog;
    struct tpf_error terr;
    int ret = tpf_decode_blob(blob, size, DXBC_PARSE_SKIP_CHECKSUM, &prog, &terr);
    if (ret)
        return tpf_text_fail(err, ret == TPF_E_NOMEM ? SHADER_ASM_E_NOMEM : SHADER_ASM_E_BAD_BLOB,
                             NULL, 0, "%s", terr.message);
    if (flags & SHADER_DIS_IR) {
        char *text = ir_print_to_string(&prog);
        ir_program_free(&prog);
        if (!text)
            return tpf_text_fail(err, SHADER_ASM_E_NOMEM, NULL, 0, "out of memory");
        tpf_out_put(o, text, strlen(text));
        free(text);
        return 0;
    }
    ir_program_free(&prog);

    struct tpf_listing *l = malloc(sizeof(*l));
    struct tpf_container_parts parts;
    if (!l)
        return tpf_text_fail(err, SHADER_ASM_E_NOMEM, NULL, 0, "out of memory");
    if ((ret = tpf_container_read(blob, size, l, &parts, err))) {
        free(l);
        return ret;
    }
    uint32_t vtok = (uint32_t)parts.program[0] | (uint32_t)parts.program[1] << 8 |
                    (uint32_t)parts.program[2] << 16 | (uint32_t)parts.program[3] << 24;
    unsigned type = vtok >> 16, major = (vtok >> 4) & 0xf, minor = vtok & 0xf;
    if (!parts.checksum_ok)
        tpf_out_printf(o, "// warning: the container's checksum is wrong (the assembler writes "
                          "a correct one)\n");
    tpf_header_print(o, l, type == 0);
    const char *level = "";
    if (parts.sm2) {
        struct d3dbc_program p9;
        struct d3dbc_error derr;
        char *text9 = NULL;
        size_t len9;
        ret = d3dbc_read(parts.sm2, parts.sm2_size, &p9, &derr);
        if (ret) {
            free(l);
            return tpf_text_fail(err, SHADER_ASM_E_BAD_BLOB, NULL, 0, "level-9 program: %s",
                                 derr.message);
        }
        level = (p9.version & 0xff) ? "_level_9_3" : "_level_9_1";
        ret = d3dbc_disassemble(&p9, &text9, &len9);
        d3dbc_program_free(&p9);
        if (ret) {
            free(l);
            return tpf_text_fail(err, SHADER_ASM_E_NOMEM, NULL, 0, "out of memory");
        }
        tpf_out_printf(o, "//\n// Level9 shader bytecode:\n//\n");
        tpf_out_put(o, text9, len9);
        tpf_out_printf(o, "\n");
        free(text9);
    }
    free(l);
    static const char *const kinds[] = {"ps", "vs", "gs", "hs", "ds", "cs"};
    tpf_out_printf(o, "%s_%u_%u%s\n", kinds[type < 6 ? type : 0], major, minor, level);
    uint32_t count = (uint32_t)parts.program[4] | (uint32_t)parts.program[5] << 8 |
                     (uint32_t)parts.program[6] << 16 | (uint32_t)parts.program[7] << 24;
    struct dis d = {parts.program, count, (size_t)(parts.program - (const uint8_t *)blob), o, err,
                    type == 2 || type == 3};
    return print_program(&d, major * 10 + minor);
}

int tpf_disassemble(const void *blob, size_t size, char **text, size_t *text_len,
                    unsigned flags, char *err, size_t err_size)
{
    struct tpf_text_error e = {0, 0, 0, ""};
    struct tpf_out o = {NULL, 0, 0, false};
    if (text)
        *text = NULL;
    if (text_len)
        *text_len = 0;
    if (!blob || !text) {
        if (err && err_size)
            snprintf(err, err_size, "NULL argument");
        return SHADER_ASM_E_INVALID_ARG;
    }
    int ret = disassemble(blob, size, flags, &o, &e);
    if (!ret && (o.failed || !o.buf)) {
        ret = SHADER_ASM_E_NOMEM;
        snprintf(e.message, sizeof(e.message), "out of memory");
    }
    if (ret) {
        free(o.buf);
        if (err && err_size)
            snprintf(err, err_size, "%s", e.message);
        return ret;
    }
    *text = o.buf;
    if (text_len)
        *text_len = o.len;
    return 0;
}
