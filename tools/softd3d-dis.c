/* softd3d-dis — disassembles a shader into assembly text that softd3d-asm turns back into the
 * same bytes.
 *
 *   softd3d-dis [--ir] FILE
 *
 *   FILE   d3dbc tokens (vs_1_1..vs_3_0, ps_1_1..ps_3_0: what CreateVertexShader/CreatePixelShader
 *          take, what fxc /T vs_2_0 writes), or a DXBC container (SM4/SM5, "DXBC" magic: what
 *          fxc /T vs_4_0 writes), or - for standard input.  The text goes to standard output;
 *          for a container it is fxc's /Fc listing: header comments with the creator, buffer
 *          definitions, resource bindings, signatures and level-9 tables, the level-9 program
 *          when there is one, then the SM4 program (src/shader/tpf_dis.c).
 *   --ir   print the decoded, validated IR (the program the VM would run) instead.
 *
 * Exit status: 0 success; 1 the bytecode is malformed (the message names the byte offset);
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
            "usage: softd3d-dis [--ir] FILE\n"
            "Disassembles D3D9 shader tokens (vs_1_1..vs_3_0, ps_1_1..ps_3_0) or a DXBC container\n"
            "(SM4/SM5) to standard output, as text that softd3d-asm assembles back into the same\n"
            "bytes.  FILE may be - for standard input.  --ir: print the decoded IR.\n");
}

static unsigned char *read_all(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    unsigned char *buf = NULL;
    size_t cap = 0, n = 0;
    if (!f)
        return NULL;
    for (;;) {
        size_t got;
        if (n == cap) {
            unsigned char *b;
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

int main(int argc, char **argv)
{
    struct d3dbc_program prog;
    struct d3dbc_error err;
    unsigned char *data;
    char *text;
    size_t len, text_len;
    const char *path = NULL;
    unsigned flags = 0;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--ir")) {
            flags |= SHADER_DIS_IR;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "softd3d-dis: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        } else if (!path) {
            path = argv[i];
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (!path) {
        usage(stderr);
        return 2;
    }
    if (!(data = read_all(path, &len))) {
        fprintf(stderr, "softd3d-dis: cannot read %s\n", path);
        return 2;
    }
    if (len >= 4 && !memcmp(data, "DXBC", 4)) {
        char msg[320];
        int ret = tpf_disassemble(data, len, &text, &text_len, flags, msg, sizeof(msg));
        free(data);
        if (ret) {
            fprintf(stderr, "softd3d-dis: %s: %s\n", path, msg);
            return 1;
        }
        fwrite(text, 1, text_len, stdout);
        free(text);
        return 0;
    }
    if (flags & SHADER_DIS_IR) { /* d3dbc -> IR (src/shader/d3dbc_ir.c) */
        char msg[320];
        int ret = shader_disassemble(data, len, &text, &text_len, flags, msg, sizeof(msg));
        free(data);
        if (ret) {
            fprintf(stderr, "softd3d-dis: %s: %s\n", path, msg);
            return 1;
        }
        fwrite(text, 1, text_len, stdout);
        free(text);
        return 0;
    }
    if (d3dbc_read(data, len, &prog, &err)) {
        fprintf(stderr, "softd3d-dis: %s: %s\n", path, err.message);
        free(data);
        return 1;
    }
    free(data);
    if (d3dbc_disassemble(&prog, &text, &text_len)) {
        fprintf(stderr, "softd3d-dis: out of memory\n");
        d3dbc_program_free(&prog);
        return 1;
    }
    if (prog.ctab_error[0])
        fprintf(stderr, "softd3d-dis: %s: warning: constant table not decoded: %s\n", path,
                prog.ctab_error);
    fwrite(text, 1, text_len, stdout);
    free(text);
    d3dbc_program_free(&prog);
    return 0;
}
