/* src/hlsl/hlsl.h — the HLSL compiler (issue 13), without COM: text in, DXBC bytes out.
 *
 *   hlsl_compile()     source -> preprocess -> lex -> parse -> generate (inline, unroll, fold)
 *                      -> register allocation -> an fxc-style SM4 listing -> shader_assemble()
 *   hlsl_preprocess()  source -> preprocessed text (what D3DPreprocess returns)
 *
 * Targets now: vs_4_0, ps_4_0, vs/ps_4_0_level_9_1, vs/ps_4_0_level_9_3 (the level-9 ones with
 * their SM2 translation in the Aon9 chunk), vs/ps_4_1 / _5_0 with the same programs, and the
 * d3dbc targets vs/ps_2_0, vs_2_a, ps_2_a/_2_b, vs/ps_3_0 (code is then the bare d3dbc token
 * stream with its CTAB, not a container); gs_4_0/4_1/5_0; cs_4_0/4_1/5_0 (their listing
 * only, for now: the assembler does not take compute programs yet).  Later: hs/ds,
 * reflection.  compile.c's header comment says what of the language is taken.
 *
 * Messages are fxc's: one line each, "file(line,col-col): error X3000: text".  Every call owns
 * what it allocates; results are malloc'ed and freed by the caller with free().
 */
#ifndef SOFTD3D_HLSL_HLSL_H
#define SOFTD3D_HLSL_HLSL_H

#include <stdbool.h>
#include <stddef.h>

/* #include resolution.  open() returns 0 with data and size set (owned by the callback until
 * close()), or nonzero when the file cannot be opened.  system: <name> rather than "name".
 * parent: the data of the including file (NULL for the main source), as ID3DInclude gets. */
struct hlsl_include {
    void *ctx;
    int (*open)(void *ctx, bool system, const char *name, const void *parent, const void **data,
                size_t *size);
    void (*close)(void *ctx, const void *data);
};

struct hlsl_define {
    const char *name, *value; /* value NULL: "1" */
};

enum hlsl_flags {
    HLSL_PACK_ROW_MAJOR = 1u << 0,    /* D3DCOMPILE_PACK_MATRIX_ROW_MAJOR */
    HLSL_WARNINGS_ARE_ERRORS = 1u << 1,
};

struct hlsl_args {
    const char *source;
    size_t size;
    const char *filename;             /* for messages (NULL: "hlsl.hlsl") */
    const struct hlsl_define *defines;
    size_t ndefines;
    const struct hlsl_include *include; /* NULL: #include fails */
    const char *entry;
    const char *target;
    unsigned flags;                   /* enum hlsl_flags */
};

struct hlsl_result {
    void *code;                       /* DXBC container, or d3dbc tokens (malloc'ed) */
    size_t code_size;
    char *listing;                    /* the assembly listing (malloc'ed), fxc /Fc style */
    char *messages;                   /* errors and warnings, NULL when none */
};

/* 0 on success (code set; messages may hold warnings), -1 on an error in the source (messages
 * say which), -2 out of memory. */
int hlsl_compile(const struct hlsl_args *args, struct hlsl_result *out);
int hlsl_preprocess(const struct hlsl_args *args, char **text, size_t *len, char **messages);
void hlsl_result_free(struct hlsl_result *r);

#endif /* SOFTD3D_HLSL_HLSL_H */
