/* softd3d-asm — assembles D3D9 shader assembly into d3dbc tokens (the bytes that
 * IDirect3DDevice9::CreateVertexShader / CreatePixelShader take).
 *
 *   softd3d-asm [-o OUT] FILE
 *
 *   FILE   assembly text (the syntax of the D3D9 assembly reference and of fxc listings; see
 *          src/shader/d3dbc_asm.c), or - for standard input.
 *   -o OUT write the tokens to OUT instead of standard output.
 *
 * Versions: vs_1_1, vs_2_0, vs_2_x, vs_3_0, ps_1_1..ps_1_4, ps_2_0, ps_2_x, ps_3_0.  SM4/SM5
 * listings (vs_4_0, ps_4_0, vs/ps_4_1, vs/ps_5_0, vs/ps_4_0_level_9_1 and _9_3; fxc's /Fc
 * syntax, see src/shader/tpf_asm.c) become a complete signed DXBC container instead: RDEF,
 * signatures, the program, and for the level-9 profiles the Aon9 chunk with the SM2 program
 * the listing carries under "// Level9 shader bytecode:".
 *
 * Exit status: 0 success; 1 the text has an error (printed as FILE:LINE:COLUMN: message);
 * 2 bad arguments or unreadable file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shader/d3dbc.h"
#include "shader/shader_asm.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: softd3d-asm [-o OUT] FILE\n"
            "Assembles D3D9 shader assembly (vs_1_1, vs_2_0, vs_2_x, vs_3_0, ps_1_1..ps_1_4,\n"
            "ps_2_0, ps_2_x, ps_3_0) into d3dbc tokens, written to OUT or standard output.\n"
            "FILE may be - for standard input.  SM4/SM5 listings (vs_4_0, ps_4_0_level_9_1,\n"
            "ps_5_0...) are assembled into a signed DXBC container.\n");
}

static char *read_all(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    char *buf = NULL;
    size_t cap = 0, n = 0;
    if (!f)
        return NULL;
    for (;;) {
        size_t got;
        if (n == cap) {
            char *b;
            cap = cap ? cap * 2 : 65536;
            if (!(b = realloc(buf, cap))) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = b;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                free(buf);
                buf = NULL;
            }
            break;
        }
    }
    if (f != stdin)
        fclose(f);
    *len = n;
    return buf;
}

/* An SM4/SM5 listing: tpf_asm.c, into a DXBC container. */
static int assemble_sm4(const char *in_path, const char *out_path, const char *text, size_t len)
{
    char err[320];
    void *blob;
    size_t size;
    FILE *out;
    if (tpf_assemble(text, len, &blob, &size, err, sizeof(err))) {
        unsigned line, column;
        const char *msg = strstr(err, ": ");
        if (sscanf(err, "line %u, column %u:", &line, &column) == 2 && msg)
            fprintf(stderr, "%s:%u:%u: %s\n", in_path, line, column, msg + 2);
        else
            fprintf(stderr, "%s: %s\n", in_path, err);
        return 1;
    }
    out = out_path ? fopen(out_path, "wb") : stdout;
    if (!out || fwrite(blob, 1, size, out) != size || (out_path && fclose(out))) {
        fprintf(stderr, "softd3d-asm: cannot write %s\n", out_path ? out_path : "standard output");
        free(blob);
        return 2;
    }
    free(blob);
    return 0;
}

int main(int argc, char **argv)
{
    const char *out_path = NULL, *in_path = NULL;
    struct d3dbc_error err;
    uint32_t *tokens;
    size_t len, size;
    char *text;
    FILE *out;
    int ret;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            out_path = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "softd3d-asm: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        } else if (!in_path) {
            in_path = argv[i];
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (!in_path) {
        usage(stderr);
        return 2;
    }
    if (!(text = read_all(in_path, &len))) {
        fprintf(stderr, "softd3d-asm: cannot read %s\n", in_path);
        return 2;
    }
    if (shader_text_is_sm4(text, len)) {
        ret = assemble_sm4(in_path, out_path, text, len);
        free(text);
        return ret;
    }
    ret = d3dbc_assemble_tokens(text, len, &tokens, &size, &err);
    free(text);
    if (ret) {
        const char *msg = strstr(err.message, ": ");
        if (err.line && msg)
            fprintf(stderr, "%s:%u:%u: %s\n", in_path, err.line, err.column, msg + 2);
        else
            fprintf(stderr, "%s: %s\n", in_path, err.message);
        return 1;
    }
    out = out_path ? fopen(out_path, "wb") : stdout;
    if (!out || fwrite(tokens, 1, size, out) != size || (out_path && fclose(out))) {
        fprintf(stderr, "softd3d-asm: cannot write %s\n", out_path ? out_path : "standard output");
        free(tokens);
        return 2;
    }
    free(tokens);
    return 0;
}
