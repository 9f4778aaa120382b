/* src/shader/tpf_asm_dcl.c — the declarations of an SM4/SM5 listing (dcl_*, the immediate
 * constant buffer, the class-linkage declarations and directives) for tpf_asm.c, which
 * describes the listing's syntax and the operand encoding. */
#include "shader/tpf_asm_priv.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>

/* The integers of a group "(a, b, c)": exactly `want` of them in [lo, hi]. */
int tpf_asm_group_ints(struct asm_state *a, const struct group *g, int *out, unsigned want,
                       int lo, int hi)
{
    size_t save = a->pos, save_len = a->len;
    int ret = 0;
    a->pos = g->at;
    a->len = g->at + g->len;
    for (unsigned i = 0; i < want && !ret; i++) {
        int32_t v = 0;
        if (i && (ret = expect(a, ',', "between the values")))
            break;
        skip_blanks(a);
        size_t vat = a->pos;
        if ((ret = tpf_asm_snumber(a, &v, "value")))
            break;
        if (v < lo || v > hi)
            ret = FAIL(vat, "%d is outside %d..%d", (int)v, lo, hi);
        out[i] = v;
    }
    skip_blanks(a);
    if (!ret && a->pos != a->len)
        ret = FAIL(a->pos, "%u values expected in (...)", want);
    a->pos = save;
    a->len = save_len;
    return ret;
}

/* ---- declarations ---------------------------------------------------------------------------- */

/* "(a, b, c, d)": four names of a table (return types), into 4-bit fields. */
int tpf_asm_return_types(struct asm_state *a, uint32_t *packed)
{
    size_t at, n;
    *packed = 0;
    int ret = expect(a, '(', "before the return types");
    for (unsigned c = 0; !ret && c < 4; c++) {
        if (c && (ret = expect(a, ',', "between the return types")))
            break;
        if (!word(a, &at, &n))
            return FAIL(a->pos, "return type expected (float, uint, sint, unorm, snorm...)");
        int rt = tpf_name_find(&tpf_return_type_names, a->text + at, n);
        if (rt <= 0)
            return FAIL(at, "unknown return type '%.*s'", (int)n, a->text + at);
        *packed |= (uint32_t)rt << (4 * c);
    }
    return ret ? ret : expect(a, ')', "after the four return types");
}

static int dcl_icb(struct asm_state *a, size_t at)
{
    uint32_t start = (uint32_t)a->ntok;
    int ret;
    if (a->have_icb)
        return FAIL(at, "second immediate constant buffer");
    a->have_icb = true;
    emit(a, TPF_OP_CUSTOMDATA | TPF_CUSTOMDATA_ICB << 11);
    emit(a, 0);
    skip_all(a);
    if ((ret = expect(a, '{', "to open the immediate constant buffer")))
        return ret;
    for (unsigned vec = 0;; vec++) {
        skip_all(a);
        if (vec && peek(a) == '}')
            break;
        if (vec == IR_MAX_ICB_SIZE)
            return FAIL(a->pos, "more than %d vectors", IR_MAX_ICB_SIZE);
        if ((ret = expect(a, '{', "to open a vector")))
            return ret;
        for (unsigned c = 0; c < 4; c++) {
            uint32_t bits;
            skip_all(a);
            if (c && (ret = expect(a, ',', "between the four values of a vector")))
                return ret;
            skip_all(a);
            if ((ret = tpf_asm_literal(a, &bits)))
                return ret;
            emit(a, bits);
        }
        skip_all(a);
        if ((ret = expect(a, '}', "after four values")))
            return ret;
        skip_all(a);
        if (peek(a) == ',') {
            a->pos++;
            continue;
        }
        if (peek(a) == '}')
            break;
        return FAIL(a->pos, "',' or '}' expected after a vector");
    }
    a->pos++;
    if (!a->nomem)
        a->tok[start + 1] = (uint32_t)(a->ntok - start);
    return 0;
}

static int record_io(struct asm_state *a, size_t at, bool input, const struct operand *o,
                     uint32_t kind, uint32_t sysval)
{
    if (a->dcl.nio == TPF_MAX_DECL_IO)
        return FAIL(at, "more than %d input and output declarations", TPF_MAX_DECL_IO);
    struct tpf_declared_io *d = &a->dcl.io[a->dcl.nio++];
    d->input = input;
    d->type = (o->t[0] >> 12) & 0xff;
    unsigned dims = (o->t[0] >> 20) & 3;   /* 2: a geometry input v[n][reg] */
    d->reg = dims == 2 ? o->t[2] : dims ? o->t[1] : TPF_REG_SPECIAL;
    d->mask = (o->t[0] & 3) == 2 ? (uint8_t)((o->t[0] >> 4) & 0xf) : 1;
    d->kind = kind;
    d->sysval = sysval;
    d->stream = input ? 0 : a->stream;
    return 0;
}

/* dcl_input*, dcl_output*: [interpolation words] operand [, system value]. */
static int dcl_io(struct asm_state *a, unsigned code, size_t at)
{
    bool input = code <= TPF_OP_DCL_INPUT_PS_SIV;
    bool ps = code >= TPF_OP_DCL_INPUT_PS && code <= TPF_OP_DCL_INPUT_PS_SIV;
    bool named = code == TPF_OP_DCL_INPUT_SGV || code == TPF_OP_DCL_INPUT_SIV ||
                 code == TPF_OP_DCL_INPUT_PS_SGV || code == TPF_OP_DCL_INPUT_PS_SIV ||
                 code == TPF_OP_DCL_OUTPUT_SGV || code == TPF_OP_DCL_OUTPUT_SIV;
    uint32_t controls = 0, sysval = 0;
    int ret;
    if (ps) {
        char interp[64] = "";
        size_t wat, n, save;
        for (;;) {
            save = a->pos;
            if (!word(a, &wat, &n))
                break;
            if (!(word_eq(a, wat, n, "constant") || word_eq(a, wat, n, "linear") ||
                  word_eq(a, wat, n, "centroid") || word_eq(a, wat, n, "noperspective") ||
                  word_eq(a, wat, n, "sample"))) {
                a->pos = save;
                break;
            }
            if (strlen(interp) + n + 2 > sizeof(interp))
                return FAIL(wat, "too many interpolation words");
            if (interp[0])
                strcat(interp, " ");
            strncat(interp, a->text + wat, n);
        }
        if (interp[0]) {
            int m = tpf_name_find(&tpf_interpolation_names, interp, strlen(interp));
            if (m < 0)
                return FAIL(at, "unknown interpolation '%s'", interp);
            controls = (uint32_t)m << 11;
        }
    }
    size_t oat = (skip_blanks(a), a->pos);
    struct operand o;
    if ((ret = tpf_asm_operand(a, &o, OP_DECL)))
        return ret;
    unsigned type = (o.t[0] >> 12) & 0xff;
    bool tess_in = input && type >= TPF_OPERAND_OUTPUT_CONTROL_POINT_ID &&
                   type <= TPF_OPERAND_INPUT_DOMAIN_POINT;
    /* compute: fxc declares the thread ids it reads (dcl_input vThreadID.xy...); they are no
     * signature elements */
    bool cs_id = input && !named && (type == TPF_OPERAND_THREAD_ID ||
                                     type == TPF_OPERAND_THREAD_GROUP_ID ||
                                     type == TPF_OPERAND_THREAD_ID_IN_GROUP ||
                                     type == TPF_OPERAND_THREAD_ID_IN_GROUP_FLAT);
    bool special = input ? type == TPF_OPERAND_INPUT_COVERAGE || type == TPF_OPERAND_PRIMITIVE_ID ||
                           type == TPF_OPERAND_GS_INSTANCE_ID || tess_in || cs_id :
                           (type == TPF_OPERAND_DEPTH || type == TPF_OPERAND_DEPTH_GE ||
                            type == TPF_OPERAND_DEPTH_LE || type == TPF_OPERAND_COVERAGE_MASK);
    if (type != (input ? TPF_OPERAND_INPUT : TPF_OPERAND_OUTPUT) && !special)
        return FAIL(oat, "%s declares %s registers", input ? "dcl_input" : "dcl_output",
                    input ? "v#" : "o#");
    if (o.t[0] & (7u << 22))
        return FAIL(oat, "a declared register has an immediate index");
    if (named) {
        size_t wat, n;
        if ((ret = expect(a, ',', "before the system value")))
            return ret;
        if (!word(a, &wat, &n))
            return FAIL(a->pos, "system value expected (position, vertex_id...)");
        int sv = tpf_name_find(&tpf_sysval_names, a->text + wat, n);
        if (sv <= 0)
            return FAIL(wat, "unknown system value '%.*s'", (int)n, a->text + wat);
        sysval = (uint32_t)sv;
    }
    emit(a, code | controls);
    for (unsigned i = 0; i < o.n; i++)
        emit(a, o.t[i]);
    if (named)
        emit(a, sysval);
    uint32_t kind = (code == TPF_OP_DCL_INPUT_SIV || code == TPF_OP_DCL_INPUT_PS_SIV ||
                     code == TPF_OP_DCL_OUTPUT_SIV) ? 1 : named ? 2 : 0;
    if (type == TPF_OPERAND_PRIMITIVE_ID || type == TPF_OPERAND_GS_INSTANCE_ID || cs_id)
        return 0;   /* generated by the input assembler / the dispatch / the geometry stage's
                     * instancing: no signature element */
    /* hull/domain: the signatures hold the control points (v#/vicp in, the control-point
     * phase's o# out); patch constants (fork/join outputs, vpc) would go to a PCSG chunk,
     * which the assembler does not derive yet */
    if ((tess_in && type != TPF_OPERAND_INPUT_CONTROL_POINT) ||
        (!input && a->type == 3 && a->hs_phase != 1))
        return 0;
    return record_io(a, at, input, &o, kind, sysval);
}

/* The tessellation declarations (11.7.15): counts and names in bits 11.. of the opcode
 * token, dcl_hs_max_tessfactor l(f) and the phase instance counts in a token of their own. */
static int dcl_tess(struct asm_state *a, unsigned code, size_t at)
{
    static const struct tpf_names *const names[3] = {
        &tpf_tess_domain_names, &tpf_tess_partitioning_names, &tpf_tess_primitive_names,
    };
    size_t wat, wn;
    uint32_t v;
    int ret;
    if (a->type != 3 && !(a->type == 4 && (code == 0x93 || code == 0x95)))
        return FAIL(at, "%s in a %s program", tpf_opcode_get(code)->name,
                    a->type == 4 ? "domain" : "non-hull");
    if (code >= 0x95 && code <= 0x97) {
        if (!word(a, &wat, &wn))
            return FAIL(a->pos, "a name expected (domain_tri, partitioning_integer, "
                        "output_triangle_cw...)");
        int k = tpf_name_find(names[code - 0x95], a->text + wat, wn);
        if (k <= 0)
            return FAIL(wat, "unknown '%.*s'", (int)wn, a->text + wat);
        emit(a, code | (uint32_t)k << 11);
    } else if (code == 0x98) {
        skip_blanks(a);
        if (!(accept(a, 'l') && accept(a, '(')) || (ret = tpf_asm_literal(a, &v)) ||
            (ret = expect(a, ')', "after the MaxTessFactor")))
            return FAIL(a->pos, "dcl_hs_max_tessfactor l(<float>) expected");
        emit(a, code);
        emit(a, v);
    } else {
        if ((ret = tpf_asm_number(a, &v, "count")))
            return ret;
        if (code <= 0x94 && v > 63)
            return FAIL(at, "control-point count %u (0..32)", (unsigned)v);
        if (code <= 0x94)
            emit(a, code | v << 11);
        else {
            emit(a, code);
            emit(a, v);
        }
    }
    return 0;
}

/* The return types of a declaration: the (...) group g[*gi] when the mnemonic swallowed it
 * (written without a blank before it), else read from the text. */
static int group_return_types(struct asm_state *a, const struct group *g, unsigned ng,
                              unsigned *gi, uint32_t *rt)
{
    if (*gi >= ng)
        return tpf_asm_return_types(a, rt);
    size_t save = a->pos;
    a->pos = g[(*gi)++].at - 1;
    int ret = tpf_asm_return_types(a, rt);
    a->pos = save;
    return ret;
}

/* dcl_thread_group x, y, z; dcl_tgsm_raw g#, bytes; dcl_tgsm_structured g#, stride, count;
 * dcl_uav_raw u#; dcl_uav_structured(_opc) u#, stride; dcl_resource_raw t#;
 * dcl_resource_structured t#, stride (tpf.c dcl_compute reads them). */
static int dcl_compute(struct asm_state *a, unsigned code, uint32_t controls, size_t at)
{
    uint32_t v[3];
    unsigned nv = 0, want;
    int ret;
    size_t wat, wn;
    char prefix = 0;
    skip_blanks(a);
    switch (code) {
    case TPF_OP_DCL_THREAD_GROUP: want = 3; break;
    case TPF_OP_DCL_TGSM_RAW: prefix = 'g'; want = 1; break;
    case TPF_OP_DCL_TGSM_STRUCTURED: prefix = 'g'; want = 2; break;
    case TPF_OP_DCL_UAV_RAW: prefix = 'u'; want = 0; break;
    case TPF_OP_DCL_UAV_STRUCTURED: prefix = 'u'; want = 1; break;
    case TPF_OP_DCL_RESOURCE_RAW: prefix = 't'; want = 0; break;
    default: prefix = 't'; want = 1; break;   /* dcl_resource_structured */
    }
    uint32_t reg = 0;
    if (prefix) {
        if (!word(a, &wat, &wn) || tolower((unsigned char)a->text[wat]) != prefix)
            return FAIL(at, "%c# expected", prefix);
        a->pos = wat + 1;
        if ((ret = tpf_asm_number(a, &reg, "register number")))
            return ret;
    }
    for (nv = 0; nv < want; nv++) {
        if ((prefix || nv) && (ret = expect(a, ',', "before the next number")))
            return ret;
        skip_blanks(a);
        if ((ret = tpf_asm_number(a, &v[nv], "count")))
            return ret;
    }
    emit(a, code | controls);
    if ((code == TPF_OP_DCL_RESOURCE_STRUCTURED || code == TPF_OP_DCL_UAV_STRUCTURED) &&
        a->dcl.nstructured < TPF_MAX_DECL_RES) {
        a->dcl.structured[a->dcl.nstructured].slot = reg;
        a->dcl.structured[a->dcl.nstructured].stride = v[0];
        a->dcl.structured[a->dcl.nstructured++].uav = code == TPF_OP_DCL_UAV_STRUCTURED;
    }
    if (prefix) {
        unsigned type = prefix == 'g' ? TPF_OPERAND_TGSM : prefix == 'u' ? TPF_OPERAND_UAV :
                                                                         TPF_OPERAND_RESOURCE;
        emit(a, (uint32_t)type << 12 | 1u << 20);
        emit(a, reg);
    }
    for (unsigned i = 0; i < nv; i++)
        emit(a, v[i]);
    return 0;
}

/* dcl_uav_typed_<dim> (types) u# */
static int dcl_compute_typed(struct asm_state *a, uint32_t dim, uint32_t rt, size_t at)
{
    size_t wat, wn;
    uint32_t reg;
    int ret;
    skip_blanks(a);
    if (!word(a, &wat, &wn) || tolower((unsigned char)a->text[wat]) != 'u')
        return FAIL(at, "u# expected");
    a->pos = wat + 1;
    if ((ret = tpf_asm_number(a, &reg, "UAV number")))
        return ret;
    emit(a, TPF_OP_DCL_UAV_TYPED | dim << 11);
    emit(a, (uint32_t)TPF_OPERAND_UAV << 12 | 1u << 20);
    emit(a, reg);
    emit(a, rt);
    return 0;
}

/* "fb3", "ft0", "fp2": the prefix, then the number. */
static int class_ref(struct asm_state *a, const char *prefix, uint32_t *v)
{
    skip_blanks(a);
    size_t at = a->pos, k = strlen(prefix);
    for (size_t i = 0; i < k; i++)
        if (a->pos + i >= a->len || tolower((unsigned char)a->text[a->pos + i]) != prefix[i])
            return FAIL(at, "%s# expected", prefix);
    a->pos += k;
    return tpf_asm_number(a, v, prefix);
}

/* dcl_function_body fb#; dcl_function_table ft# = {fb#, ...};
 * dcl_interface(_dynamicindexed) fp#[array size][call sites] = {ft#, ...} (tpf.c's layout). */
static int dcl_class(struct asm_state *a, unsigned code, bool dynamic, size_t at)
{
    uint32_t id, list[120], nl = 0, array = 0, sites = 0;
    int ret;
    if (a->major < 5)
        return FAIL(at, "interfaces need shader model 5.0");
    if ((ret = class_ref(a, code == TPF_OP_DCL_FUNCTION_BODY ? "fb" :
                            code == TPF_OP_DCL_FUNCTION_TABLE ? "ft" : "fp", &id)))
        return ret;
    if (code == TPF_OP_DCL_FUNCTION_BODY) {
        emit(a, code);
        emit(a, id);
        return 0;
    }
    if (code == TPF_OP_DCL_INTERFACE &&
        ((ret = expect(a, '[', "before the array size")) ||
         (ret = tpf_asm_number(a, &array, "array size")) || (ret = expect(a, ']', "after the size")) ||
         (ret = expect(a, '[', "before the call sites")) ||
         (ret = tpf_asm_number(a, &sites, "call sites")) || (ret = expect(a, ']', "after them"))))
        return ret;
    if ((ret = expect(a, '=', "before the list")) || (ret = expect(a, '{', "to open the list")))
        return ret;
    skip_blanks(a);
    if (!accept(a, '}')) {
        do {
            if (nl == sizeof(list) / sizeof(list[0]))
                return FAIL(a->pos, "too many entries");
            if ((ret = class_ref(a, code == TPF_OP_DCL_FUNCTION_TABLE ? "fb" : "ft", &list[nl++])))
                return ret;
        } while (accept(a, ','));
        if ((ret = expect(a, '}', "to close the list")))
            return ret;
    }
    emit(a, code | (dynamic ? TPF_INTERFACE_DYNAMIC : 0));
    emit(a, id);
    if (code == TPF_OP_DCL_FUNCTION_TABLE) {
        emit(a, nl);
    } else {
        if (array > 0xffff)
            return FAIL(at, "array size %u (at most 65535)", (unsigned)array);
        emit(a, sites);
        emit(a, nl | array << 16);
    }
    for (uint32_t i = 0; i < nl; i++)
        emit(a, list[i]);
    return 0;
}

/* A name (identifier) into dst. */
static int class_name(struct asm_state *a, char *dst, size_t cap)
{
    size_t wat, wn;
    if (!word(a, &wat, &wn))
        return FAIL(a->pos, "a name expected");
    if (wn >= cap)
        return FAIL(wat, "name too long");
    memcpy(dst, a->text + wat, wn);
    dst[wn] = '\0';
    return 0;
}

/* class_type NAME, ID / class_instance NAME, TYPE, CB, CB_OFFSET, TEXTURE, SAMPLER /
 * interface_slot SLOT, TYPE, ft# (see the top of the file). */
int tpf_asm_class_directive(struct asm_state *a, unsigned kind, size_t at)
{
    struct tpf_classes *c = a->classes;
    uint32_t *count = kind == 0 ? &c->type_count : kind == 1 ? &c->instance_count
                                                             : &c->entry_count;
    int ret;
    if (*count == TPF_MAX_CLASSES)
        return FAIL(at, "more than %u entries", TPF_MAX_CLASSES);
    if (kind == 0) {
        if ((ret = class_name(a, c->types[*count].name, TPF_NAME_MAX)) ||
            (ret = expect(a, ',', "before the id")) ||
            (ret = tpf_asm_number(a, &c->types[*count].id, "type id")))
            return ret;
    } else if (kind == 1) {
        uint32_t v[5];
        if ((ret = class_name(a, c->instances[*count].name, TPF_NAME_MAX)))
            return ret;
        for (unsigned i = 0; i < 5; i++)
            if ((ret = expect(a, ',', "between the fields")) || (ret = tpf_asm_number(a, &v[i], "field")))
                return ret;
        c->instances[*count].type = v[0];
        c->instances[*count].cb = v[1];
        c->instances[*count].cb_offset = v[2];
        c->instances[*count].texture = v[3];
        c->instances[*count].sampler = v[4];
    } else {
        if ((ret = tpf_asm_number(a, &c->entries[*count].slot, "slot")) ||
            (ret = expect(a, ',', "before the type")) ||
            (ret = tpf_asm_number(a, &c->entries[*count].type, "type id")) ||
            (ret = expect(a, ',', "before the table")) ||
            (ret = class_ref(a, "ft", &c->entries[*count].table)))
            return ret;
    }
    (*count)++;
    return 0;
}

int tpf_asm_declaration(struct asm_state *a, const char *name, size_t n, size_t at,
                        const struct group *g, unsigned ng)
{
    int ret;
    size_t wat, wn;
    uint32_t v, w;
    if (a->in_code)
        return FAIL(at, "declaration after the first instruction");
    bool dyn = word_eq(a, at, n, "dcl_interface_dynamicindexed");
    int fcode = dyn ? TPF_OP_DCL_INTERFACE : tpf_opcode_find(name, n);
    if (fcode >= TPF_OP_DCL_FUNCTION_BODY && fcode <= TPF_OP_DCL_INTERFACE)
        return dcl_class(a, (unsigned)fcode, dyn, at);
    int tess = tpf_opcode_find(name, n);
    if (tess >= 0x93 && tess <= 0x9a)
        return dcl_tess(a, (unsigned)tess, at);
    int ccode = tpf_opcode_find(name, n);
    if (ccode == TPF_OP_DCL_RESOURCE_RAW || ccode == TPF_OP_DCL_RESOURCE_STRUCTURED ||
        (ccode >= TPF_OP_DCL_THREAD_GROUP && ccode <= TPF_OP_DCL_TGSM_STRUCTURED &&
         ccode != TPF_OP_DCL_UAV_TYPED))
        return dcl_compute(a, (unsigned)ccode, 0, at);
    if (n > 15 && !strncmp(name, "dcl_uav_structured_", 19) && word_eq(a, at, n, "dcl_uav_structured_opc"))
        return dcl_compute(a, TPF_OP_DCL_UAV_STRUCTURED, TPF_UAV_COUNTER, at);
    if (n > 14 && !strncmp(name, "dcl_uav_typed_", 14)) {
        int dim = tpf_name_find(&tpf_resource_dim_names, name + 14, n - 14);
        uint32_t rt;
        if (dim <= 0 || dim > 8 || dim == 4 || dim == 6)
            return FAIL(at, "unknown UAV dimension '%.*s'", (int)(n - 14), name + 14);
        unsigned gi = 0;
        if ((ret = group_return_types(a, g, ng, &gi, &rt)))
            return ret;
        if (gi < ng)
            return FAIL(g[gi].at - 1, "unexpected (...) after %.*s", (int)n, name);
        return dcl_compute_typed(a, (uint32_t)dim, rt, at);
    }
    if (n > 13 && !strncmp(name, "dcl_resource_", 13)) {
        int dim = tpf_name_find(&tpf_resource_dim_names, name + 13, n - 13);
        uint32_t samples = 0, rt;
        if (dim <= 0 || dim > 10)
            return FAIL(at, "unknown resource dimension '%.*s'", (int)(n - 13), name + 13);
        unsigned gi = 0;
        if (gi < ng && g[gi].len && isdigit((unsigned char)a->text[g[gi].at])) {
            int cnt;
            if (dim != 4 && dim != 9)
                return FAIL(g[gi].at, "a sample count on a resource that is not multisampled");
            if ((ret = tpf_asm_group_ints(a, &g[gi++], &cnt, 1, 0, 127)))
                return ret;
            samples = (uint32_t)cnt;
        }
        if ((ret = group_return_types(a, g, ng, &gi, &rt)))
            return ret;
        if (gi < ng)
            return FAIL(g[gi].at - 1, "unexpected (...) after %.*s", (int)n, name);
        skip_blanks(a);
        size_t oat = a->pos;
        if (!word(a, &wat, &wn) || tolower((unsigned char)a->text[wat]) != 't')
            return FAIL(oat, "t# expected");
        a->pos = wat + 1;
        if ((ret = tpf_asm_number(a, &v, "resource number")))
            return ret;
        emit(a, TPF_OP_DCL_RESOURCE | (uint32_t)dim << 11 | samples << 16);
        emit(a, (uint32_t)TPF_OPERAND_RESOURCE << 12 | 1u << 20);
        emit(a, v);
        emit(a, rt);
        if (a->dcl.nres == TPF_MAX_DECL_RES)
            return FAIL(at, "more than %d resources", TPF_MAX_DECL_RES);
        a->dcl.res[a->dcl.nres].slot = v;
        a->dcl.res[a->dcl.nres].dim = (uint32_t)dim;
        a->dcl.res[a->dcl.nres].samples = samples;
        a->dcl.res[a->dcl.nres++].ret = rt;
        return 0;
    }
    if (ng)
        return FAIL(g[0].at - 1, "unexpected (...) after %.*s", (int)n, name);
    if (n == 27 && word_eq(a, at, n, "dcl_immediateConstantBuffer"))
        return dcl_icb(a, at);
    int code = tpf_opcode_find(name, n);
    if (code < 0 || tpf_opcode_get((unsigned)code)->kind != TPF_KIND_DECLARATION)
        return FAIL(at, "unknown declaration '%.*s'", (int)n, name);
    switch (code) {
    case TPF_OP_DCL_INPUT_PRIMITIVE:
    case TPF_OP_DCL_OUTPUT_TOPOLOGY: {
        bool in = code == TPF_OP_DCL_INPUT_PRIMITIVE;
        if (!word(a, &wat, &wn))
            return FAIL(a->pos, "%s expected", in ? "input primitive (point, triangle...)" :
                                                    "output topology (trianglestrip...)");
        int p = tpf_name_find(in ? &tpf_gs_input_names : &tpf_gs_output_names, a->text + wat, wn);
        if (p <= 0)
            return FAIL(wat, "unknown %s '%.*s'", in ? "input primitive" : "output topology",
                        (int)wn, a->text + wat);
        emit(a, (uint32_t)code | (uint32_t)p << 11);
        return 0;
    }
    case TPF_OP_DCL_MAXOUT:
    case TPF_OP_DCL_GS_INSTANCES:
        if ((ret = (skip_blanks(a), tpf_asm_number(a, &v, "count"))))
            return ret;
        emit(a, (uint32_t)code);
        emit(a, v);
        return 0;
    case TPF_OP_DCL_STREAM: {
        struct operand o;
        size_t oat = (skip_blanks(a), a->pos);
        if ((ret = tpf_asm_operand(a, &o, OP_DECL)))
            return ret;
        if (((o.t[0] >> 12) & 0xff) != TPF_OPERAND_STREAM)
            return FAIL(oat, "dcl_stream declares a stream (m#)");
        a->stream = o.n > 1 ? (uint8_t)(o.t[1] & 3u) : 0;   /* the decoder checks 0..3 */
        emit(a, (uint32_t)code);
        for (unsigned i = 0; i < o.n; i++)
            emit(a, o.t[i]);
        return 0;
    }
    case TPF_OP_DCL_GLOBAL_FLAGS: {
        uint32_t flags = 0;
        do {
            if (!word(a, &wat, &wn))
                return FAIL(a->pos, "global flag expected (refactoringAllowed...)");
            int f = tpf_name_find(&tpf_global_flag_names, a->text + wat, wn);
            if (f < 0)
                return FAIL(wat, "unknown global flag '%.*s'", (int)wn, a->text + wat);
            flags |= 1u << f;
        } while (accept(a, '|'));
        emit(a, TPF_OP_DCL_GLOBAL_FLAGS | flags << 11);
        return 0;
    }
    case TPF_OP_DCL_CONSTANT_BUFFER: {
        skip_blanks(a);
        size_t oat = a->pos;
        if (!word(a, &wat, &wn) || wn < 3 || tolower((unsigned char)a->text[wat]) != 'c' ||
            tolower((unsigned char)a->text[wat + 1]) != 'b')
            return FAIL(oat, "cb#[size] expected");
        a->pos = wat + 2;
        if ((ret = tpf_asm_number(a, &v, "constant buffer number")) ||
            (ret = expect(a, '[', "before the size")) || (ret = tpf_asm_number(a, &w, "size")) ||
            (ret = expect(a, ']', "after the size")) ||
            (ret = expect(a, ',', "before immediateIndexed / dynamicIndexed")))
            return ret;
        if (!word(a, &wat, &wn) || !(word_eq(a, wat, wn, "immediateIndexed") ||
                                     word_eq(a, wat, wn, "dynamicIndexed")))
            return FAIL(wat, "immediateIndexed or dynamicIndexed expected");
        emit(a, TPF_OP_DCL_CONSTANT_BUFFER | (word_eq(a, wat, wn, "dynamicIndexed") ? 1u << 11 : 0));
        emit(a, 2u | 1u << 2 | 0xe4u << 4 | (uint32_t)TPF_OPERAND_CONSTANT_BUFFER << 12 | 2u << 20);
        emit(a, v);
        emit(a, w);
        if (a->dcl.ncbs == TPF_MAX_CBUFFERS)
            return FAIL(at, "more than %d constant buffers", TPF_MAX_CBUFFERS);
        a->dcl.cbs[a->dcl.ncbs].slot = v;
        a->dcl.cbs[a->dcl.ncbs++].size = w;
        return 0;
    }
    case TPF_OP_DCL_SAMPLER: {
        skip_blanks(a);
        size_t oat = a->pos;
        if (!word(a, &wat, &wn) || tolower((unsigned char)a->text[wat]) != 's')
            return FAIL(oat, "s# expected");
        a->pos = wat + 1;
        if ((ret = tpf_asm_number(a, &v, "sampler number")) ||
            (ret = expect(a, ',', "before the sampler mode")))
            return ret;
        if (!word(a, &wat, &wn))
            return FAIL(a->pos, "sampler mode expected (mode_default...)");
        int m = tpf_name_find(&tpf_sampler_mode_names, a->text + wat, wn);
        if (m < 0)
            return FAIL(wat, "unknown sampler mode '%.*s'", (int)wn, a->text + wat);
        emit(a, TPF_OP_DCL_SAMPLER | (uint32_t)m << 11);
        emit(a, (uint32_t)TPF_OPERAND_SAMPLER << 12 | 1u << 20);
        emit(a, v);
        if (a->dcl.nsamplers == TPF_MAX_BINDINGS)
            return FAIL(at, "too many samplers");
        a->dcl.samplers[a->dcl.nsamplers].slot = v;
        a->dcl.samplers[a->dcl.nsamplers++].mode = (uint32_t)m;
        return 0;
    }
    case TPF_OP_DCL_INDEX_RANGE: {
        struct operand o;
        if ((ret = tpf_asm_operand(a, &o, OP_DECL)))
            return ret;
        accept(a, ',');
        if ((ret = tpf_asm_number(a, &v, "register count")))
            return ret;
        emit(a, TPF_OP_DCL_INDEX_RANGE);
        for (unsigned i = 0; i < o.n; i++)
            emit(a, o.t[i]);
        emit(a, v);
        return 0;
    }
    case TPF_OP_DCL_TEMPS:
        if ((ret = tpf_asm_number(a, &v, "register count")))
            return ret;
        emit(a, TPF_OP_DCL_TEMPS);
        emit(a, v);
        return 0;
    case TPF_OP_DCL_INDEXABLE_TEMP: {
        uint32_t c;
        skip_blanks(a);
        if (tolower(peek(a)) != 'x')
            return FAIL(a->pos, "x#[size], components expected");
        a->pos++;
        if ((ret = tpf_asm_number(a, &v, "register number")) || (ret = expect(a, '[', "before the size")) ||
            (ret = tpf_asm_number(a, &w, "size")) || (ret = expect(a, ']', "after the size")) ||
            (ret = expect(a, ',', "before the component count")) ||
            (ret = tpf_asm_number(a, &c, "component count")))
            return ret;
        emit(a, TPF_OP_DCL_INDEXABLE_TEMP);
        emit(a, v);
        emit(a, w);
        emit(a, c);
        return 0;
    }
    default:
        return dcl_io(a, (unsigned)code, at);
    }
}
