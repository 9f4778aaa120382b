/* src/hlsl/compile.c — hlsl_compile() and hlsl_preprocess(): the passes in order, under one
 * error frame (hlsl_private.h: an error longjmps here, the arena is freed at once).
 *
 * Scope (issue 13): vs_4_0 / ps_4_0 and vs/ps_4_0_level_9_1 / _9_3; vs/ps_4_1 and _5_0 take
 * the same programs (5_0 adds only the bit intrinsics' instructions); gs_4_0/4_1/5_0
 * (gen_gs.c; gs_5_0's SV_GSInstanceID and second streams as listings the assembler does not
 * take yet); cs_4_0/4_1/5_0 (gen_cs.c), groupshared memory (gen_tgsm.c) and the shader
 * model 5 buffers and UAVs (gen_buffer.c; outside compute programs listings the decoder does
 * not take yet); the d3dbc targets
 * vs/ps_2_0, vs_2_a, ps_2_a/_2_b, vs/ps_3_0 (sm2_write.c), whose tokens get the CTAB
 * inserted here.
 * The language taken is listed at the top of parse.c; the intrinsics in gen_intrinsic.c and
 * gen_intrinsic_math.c.
 * hs_5_0 / ds_5_0 (gen_tess.c: the tri and quad domains; a hull program is its entry
 * point's control-point phase and its patch-constant function's fork phase, generated one after
 * the other into one listing).
 * Not yet: most 4_1/5_0 instructions, the isoline domain, reflection names in
 * RDEF for cbuffers of structs (the assembler derives it).
 */
#include "hlsl/hlsl_private.h"

#include "shader/shader_asm.h"

#include <stdlib.h>
#include <string.h>

static int parse_target(struct hc *c, const char *t)
{
    if (!t)
        return -1;
    if (!strncmp(t, "vs_", 3))
        c->ps = false;
    else if (!strncmp(t, "ps_", 3))
        c->ps = true;
    else if (!strncmp(t, "gs_", 3))
        c->gs = true;
    else if (!strncmp(t, "cs_", 3))
        c->cs = true;
    else if (!strncmp(t, "hs_", 3))
        c->hs = true;
    else if (!strncmp(t, "ds_", 3))
        c->ds = true;
    else
        return -1;
    const char *r = t + 3;
    c->sm = 40;
    /* geometry and compute programs: shader model 4 and 5 only ("Specifying Compiler
     * Targets") */
    if ((c->gs || c->cs) && strcmp(r, "4_0") && strcmp(r, "4_1") && strcmp(r, "5_0"))
        return -1;
    /* hull and domain programs: shader model 5 only */
    if ((c->hs || c->ds) && strcmp(r, "5_0"))
        return -1;
    if (!strcmp(r, "4_0"))
        c->level9 = 0;
    else if (!strcmp(r, "4_1"))
        c->sm = 41; /* the same programs: nothing 4_1-only is generated yet */
    else if (!strcmp(r, "5_0"))
        c->sm = 50;
    else if (!strcmp(r, "4_0_level_9_1"))
        c->level9 = 1;
    else if (!strcmp(r, "4_0_level_9_3"))
        c->level9 = 3;
    else if (!strcmp(r, "2_0"))
        c->d3d9 = 20;
    else if (!strcmp(r, "2_a") || (c->ps && !strcmp(r, "2_b")))
        c->d3d9 = 21, c->ps_2_b = r[2] == 'b'; /* fxc's 2_a/2_b profiles write vs/ps_2_x */
    else if (!strcmp(r, "3_0"))
        c->d3d9 = 30;
    else
        return -1;
    return 0;
}

static char *take(struct sbuf *b)
{
    if (!b->p)
        return NULL;
    char *p = b->p;
    b->p = NULL;
    return p;
}

void hlsl_result_free(struct hlsl_result *r)
{
    if (!r)
        return;
    free(r->code);
    free(r->listing);
    free(r->messages);
    memset(r, 0, sizeof(*r));
}

int hlsl_compile(const struct hlsl_args *args, struct hlsl_result *out)
{
    memset(out, 0, sizeof(*out));
    struct hc *c = calloc(1, sizeof(*c));
    if (!c)
        return -2;
    c->args = args;
    c->row_major_default = (args->flags & HLSL_PACK_ROW_MAJOR) != 0;
    struct sbuf listing = {0};
    int ret;
    int jr = setjmp(c->fail);
    if (jr) {
        ret = jr == 2 ? -2 : -1;
        if (jr == 2 && !c->msgs.nomem)
            sbuf_puts(&c->msgs, "error X3000: out of memory\n");
        goto done;
    }
    if (args->target && !strncmp(args->target, "ps_1_", 5))
        hc_error(c, NULL, 3539, "ps_1_x is not supported by D3DCompile (\"Specifying Compiler "
                 "Targets\": the last compiler for 1.x pixel shaders was D3DX9's)");
    if (parse_target(c, args->target) < 0)
        hc_error(c, NULL, 3000, "unrecognized compiler target '%s' (vs/ps/gs/cs_4_0, _4_1, _5_0, "
                 "hs/ds_5_0, vs/ps_4_0_level_9_1, vs/ps_4_0_level_9_3, vs/ps_2_0, vs_2_a, ps_2_a, ps_2_b, "
                 "vs/ps_3_0 are supported)", args->target ? args->target : "(null)");
    size_t plen, ntoks;
    char *text = pp_run(c, &plen);
    struct token *toks = lex_run(c, text, plen, &ntoks);
    struct program *prog = parse_program(c, toks, ntoks);
    if (c->hs) {
        /* a hull program: the entry point's control-point phase, then the patch-constant
         * function's fork phase (gen_tess.c), one listing */
        c->hs_phase = 1;
        gen_program(c, prog, &listing);
        c->hs_phase = 2;
    }
    gen_program(c, prog, &listing);
    if (listing.nomem)
        hc_nomem(c);
    char err[512];
    void *code = NULL;
    size_t size = 0;
    int ar = shader_assemble(listing.p, listing.n, &code, &size, err, sizeof(err));
    if (ar == SHADER_ASM_E_NOMEM)
        hc_nomem(c);
    if (ar && c->gs5_later) {
        /* a second stream: the assembler and decoder take several streams (dcl_stream
         * m0..m3), so this is reached only for what they still refuse; the listing stays in
         * the result */
        out->listing = take(&listing);
        hc_error(c, NULL, 3000, "target '%s': this program is not supported yet: softd3d's SM4 "
                 "assembler does not take a second geometry stream yet (%s)", args->target,
                 err);
    }
    if (ar && c->cs && c->sm < 50) {
        /* cs_4_x: the assembler's decoder applies the D3D10_X_HARDWARE_OPTIONS rules (one
         * raw/structured u0, one g# structure a thread written at SV_GroupIndex, no atomics,
         * D3D11.3 18.7: src/shader/ir_compute.c); its reason says which one failed */
        out->listing = take(&listing);
        hc_error(c, NULL, 3000, "target '%s': the program is outside cs_4_x (%s)", args->target,
                 err);
    }
    if (ar && c->sm4_raw_structured) {
        /* vs/gs/ps 4_x with raw or structured reads: the decoder applies the 18.7.2.4 rules
         * (ld_raw / ld_structured only); its reason says what the program has beyond them */
        out->listing = take(&listing);
        hc_error(c, NULL, 3000, "target '%s': the program is outside the shader model 4 raw "
                 "and structured buffer reads (%s)", args->target, err);
    }
    if (ar && (c->cs || c->mem5)) {
        /* compute programs and the shader model 5 memory instructions (UAVs, raw and
         * structured buffers, atomics, sync) are written as fxc's listing, which softd3d's
         * SM4 assembler does not take yet (src/shader/tpf_table.c): the listing stays in the
         * result for the caller to read */
        out->listing = take(&listing);
        hc_error(c, NULL, 3000, "target '%s': this program is not supported yet: softd3d's SM4 "
                 "assembler does not take compute programs or shader model 5 memory "
                 "instructions yet (%s)", args->target, err);
    }
    if (ar) {
        /* the generator wrote something the assembler refuses: a compiler bug, said so */
        hc_error(c, NULL, 3000, "internal error: the generated listing does not assemble: %s",
                 err);
    }
    if (c->d3d9) {
        /* the constant table goes right after the version token, where fxc puts it */
        size_t n;
        uint32_t *ctab = ctab_build(c, &n);
        void *whole = malloc(size + n * 4);
        if (!whole) {
            free(code);
            hc_nomem(c);
        }
        memcpy(whole, code, 4);
        memcpy((char *)whole + 4, ctab, n * 4);
        memcpy((char *)whole + 4 + n * 4, (char *)code + 4, size - 4);
        free(code);
        code = whole;
        size += n * 4;
    }
    out->code = code;
    out->code_size = size;
    out->listing = take(&listing);
    ret = 0;
done:
    if (ret && out->listing && !(c->cs || c->mem5 || c->gs5_later)) {
        free(out->listing);
        out->listing = NULL;
    }
    free(listing.p);
    free(c->l9body.p);
    out->messages = take(&c->msgs);
    if (c->msgs.nomem && ret == 0)
        ret = -2;
    hc_arena_free(c);
    free(c);
    return ret;
}

int hlsl_preprocess(const struct hlsl_args *args, char **text, size_t *len, char **messages)
{
    *text = NULL;
    *len = 0;
    *messages = NULL;
    struct hc *c = calloc(1, sizeof(*c));
    if (!c)
        return -2;
    c->args = args;
    int ret;
    int jr = setjmp(c->fail);
    if (jr) {
        ret = jr == 2 ? -2 : -1;
        goto done;
    }
    size_t n;
    char *t = pp_run(c, &n);
    *text = malloc(n + 1);
    if (!*text)
        hc_nomem(c);
    memcpy(*text, t, n + 1);
    *len = n;
    ret = 0;
done:
    *messages = take(&c->msgs);
    hc_arena_free(c);
    free(c);
    return ret;
}
