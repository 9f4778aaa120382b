/* tests/fuzz/fuzz_tpf.c — libFuzzer target for the SM4/SM5 decoder (src/shader/tpf.c) and the
 * IR validator and printer it feeds (src/shader/ir_validate.c, ir_print.c).
 *
 * Build and run (Debian: clang, libclang-rt-14-dev):
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Isrc tests/fuzz/fuzz_tpf.c \
 *       src/shader/tpf.c src/shader/ir.c src/shader/ir_validate.c src/shader/ir_print.c src/shader/dxbc.c \
 *       src/shader/dxbc_checksum.c -o fuzz_tpf
 *   ./fuzz_tpf -max_total_time=60 corpus_dir tests/fuzz/corpus/tpf tests/fuzz/corpus/dxbc
 *
 * An input starting with "DXBC" is decoded as a container (checksum skipped, so mutations reach
 * the tokens); anything else as a bare token stream (the SHDR/SHEX chunk data).  The seeds in
 * tests/fuzz/corpus/tpf are the sample programs of tests/tpf_programs.c: bare streams (*.tpf)
 * and one signed container (*.dxbc).
 *
 * Checked beyond "no crash": a refusal names an offset and leaves the program zeroed; an
 * accepted program validates again (the decoder's output is a fixed point of ir_validate), its
 * links point inside the program, and it prints.  LeakSanitizer catches a forgotten free on any
 * error path.
 */
#include "shader/dxbc.h"
#include "shader/ir.h"
#include "shader/tpf.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const uint8_t *data, size_t size)
{
    static const struct ir_program zero;
    struct ir_program p;
    struct tpf_error err;
    int ret;

    if (size >= 4 && !memcmp(data, "DXBC", 4))
        ret = tpf_decode_blob(data, size, DXBC_PARSE_SKIP_CHECKSUM, &p, &err);
    else
        ret = tpf_decode(data, size, &p, &err);
    if (ret < 0) {
        if (err.code != ret || !strstr(err.message, "offset 0x") || memcmp(&p, &zero, sizeof(p)))
            abort();
        return;
    }
    struct ir_error ierr;
    if (ir_validate(&p, &ierr) != IR_OK)
        abort();
    for (uint32_t i = 0; i < p.instructions.count; i++) {
        uint32_t link = p.instructions.items[i].link;
        if (link != IR_NO_LINK && link > p.instructions.count)
            abort();
    }
    char *text = ir_print_to_string(&p);
    if (!text)
        abort();
    free(text);
    ir_program_free(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A private copy of exactly `size` bytes, so any over-read hits ASan's redzone. */
    uint8_t *copy = calloc(1, size ? size : 1);
    if (!copy)
        return 0;
    if (size)
        memcpy(copy, data, size);
    check(copy, size);
    /* The same tokens with the length token made consistent with the size, so mutations that
     * only break the length still reach the instructions. */
    if (size >= 8 && memcmp(copy, "DXBC", 4) != 0) {
        uint32_t n = (uint32_t)(size / 4);
        copy[4] = (uint8_t)n;
        copy[5] = (uint8_t)(n >> 8);
        copy[6] = (uint8_t)(n >> 16);
        copy[7] = (uint8_t)(n >> 24);
        check(copy, size);
    }
    free(copy);
    return 0;
}
