/* tests/fuzz/fuzz_hlsl.c — libFuzzer target for the HLSL compiler (src/hlsl/): preprocessor,
 * lexer, parser, generator, level-9 writer, and the assembler they feed.
 *
 * Build and run: `make fuzz` (Makefile), or by hand (Debian: clang, libclang-rt-14-dev):
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Isrc -Iinclude -Ibuild/include \
 *       tests/fuzz/fuzz_hlsl.c <src/hlsl's files but api.c> <src/shader's files> \
 *       src/util/log.c -lm -o fuzz_hlsl
 *   ./fuzz_hlsl -max_total_time=600 corpus_dir tests/fuzz/corpus/hlsl
 *
 * The first byte picks the target (vs/ps 4_0, 4_0_level_9_1, 4_0_level_9_3, the d3dbc
 * targets vs/ps 2_0, ps_2_b, vs/ps 3_0, then ps_4_1, ps_5_0, vs_5_0, gs_4_0, gs_5_0, cs_5_0);
 * the rest is the
 * source.  Any #include opens a small fixed header (so includes nest until the depth limit).
 * Checked beyond "no crash": a compilation either succeeds with a container the project's
 * decoder takes (d3dbc tokens for the d3dbc targets), or fails with a message in fxc's form
 * ("error X"); preprocessing alone never
 * crashes either.  LeakSanitizer catches a forgotten free on any error path.
 */
#include "hlsl/hlsl.h"
#include "shader/d3dbc_ir.h"
#include "shader/tpf.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char header[] = "#ifndef FUZZ_H\n#define FUZZ_H\nfloat4 fuzz_tint;\n#endif\n"
                             "#include \"again.h\"\n";

static int open_inc(void *ctx, bool system, const char *name, const void *parent,
                    const void **out, size_t *out_size)
{
    (void)ctx;
    (void)system;
    (void)parent;
    if (!strcmp(name, "missing.h"))
        return -1;
    *out = header;
    *out_size = sizeof(header) - 1;
    return 0;
}

static void close_inc(void *ctx, const void *d)
{
    (void)ctx;
    (void)d;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const targets[] = {"vs_4_0", "ps_4_0", "vs_4_0_level_9_1",
                                          "ps_4_0_level_9_1", "vs_4_0_level_9_3",
                                          "ps_4_0_level_9_3", "vs_2_0", "ps_2_0", "ps_2_b",
                                          "vs_3_0", "ps_3_0", "ps_4_1", "ps_5_0", "vs_5_0",
                                          "gs_4_0", "gs_5_0", "cs_5_0"};
    static const size_t ntargets = sizeof(targets) / sizeof(targets[0]);
    if (!size)
        return 0;
    struct hlsl_include inc = {NULL, open_inc, close_inc};
    static const struct hlsl_define defs[] = {{"FUZZ", "1"}, {"SCALE(x)", "((x) * 2)"}};
    struct hlsl_args a = {0};
    a.source = (const char *)data + 1;
    a.size = size - 1;
    a.filename = "fuzz.hlsl";
    a.defines = defs;
    a.ndefines = 2;
    a.include = &inc;
    a.entry = "main";
    a.target = targets[data[0] % ntargets];
    struct hlsl_result r;
    int ret = hlsl_compile(&a, &r);
    if (ret == 0) {
        struct ir_program p;
        struct tpf_error err;
        struct d3dbc_error derr;
        bool d3dbc = a.target[3] < '4';
        if (!r.code || !r.listing ||
            (d3dbc ? d3dbc_decode(r.code, r.code_size, &p, &derr) != 0
                   : tpf_decode_blob(r.code, r.code_size, 0, &p, &err) != 0))
            abort();
        ir_program_free(&p);
    } else if (ret == -1 && (!r.messages || !strstr(r.messages, "error X"))) {
        abort();
    }
    hlsl_result_free(&r);
    char *text, *msgs;
    size_t len;
    if (hlsl_preprocess(&a, &text, &len, &msgs) == 0 && (!text || strlen(text) > len))
        abort();
    free(text);
    free(msgs);
    return 0;
}
