/* tests/fuzz/fuzz_d3dbc.c — libFuzzer target for the d3dbc (SM1-SM3) reader, writer, assembler
 * and disassembler (src/shader/d3dbc*.c).
 *
 * Build and run (`make fuzz` does this for every tests/fuzz/fuzz_*.c):
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Isrc tests/fuzz/fuzz_d3dbc.c \
 *       src/shader/[a-z]*.c src/util/log.c -o fuzz_d3dbc
 *   ./fuzz_d3dbc -max_total_time=60 corpus_dir tests/fuzz/corpus/d3dbc
 *
 * Each input is tried two ways:
 *   - as tokens: a refusal must name an offset inside the data (or its end, for a missing end
 *     token); an accepted program must come back bit for bit through d3dbc_write and through
 *     d3dbc_disassemble -> d3dbc_assemble -> d3dbc_write;
 *   - as assembly text: a refusal must name a line and column; an accepted program must write,
 *     read back, and survive disassemble -> assemble unchanged.
 * Any broken promise aborts; ASan/UBSan catch the rest, LeakSanitizer any forgotten free.
 * The seed corpus (tests/fuzz/corpus/d3dbc/) holds the assembled test corpus and a few sources.
 */
#include "shader/d3dbc.h"

#include <stdlib.h>
#include <string.h>

/* disassemble -> assemble -> write must give `want` (want_size bytes) again. */
static void check_text_round_trip(const struct d3dbc_program *p, const void *want,
                                  size_t want_size)
{
    char *text;
    size_t len, size;
    uint32_t *again;
    struct d3dbc_error err;
    if (d3dbc_disassemble(p, &text, &len))
        abort();
    if (d3dbc_assemble_tokens(text, len, &again, &size, &err))
        abort();
    if (size != want_size || memcmp(again, want, size))
        abort();
    free(again);
    free(text);
}

static void as_tokens(const uint8_t *data, size_t size)
{
    struct d3dbc_program p;
    struct d3dbc_error err;
    uint32_t *w;
    size_t wsize;
    if (d3dbc_read(data, size, &p, &err)) {
        if (err.code >= 0 || err.offset > size || !strstr(err.message, "offset 0x"))
            abort();
        return;
    }
    if (p.size > size || p.size < 8)
        abort();
    if (d3dbc_write(&p, &w, &wsize, &err))
        abort();
    if (wsize != p.size || memcmp(w, data, wsize))
        abort();
    check_text_round_trip(&p, data, p.size);
    free(w);
    d3dbc_program_free(&p);
}

static void as_text(const uint8_t *data, size_t size)
{
    struct d3dbc_program p, back;
    struct d3dbc_error err;
    uint32_t *w;
    size_t wsize;
    if (d3dbc_assemble((const char *)data, size, &p, &err)) {
        if (err.code >= 0 || err.line < 1 || err.column < 1 || !strstr(err.message, "line "))
            abort();
        return;
    }
    if (d3dbc_write(&p, &w, &wsize, &err))
        abort();
    if (d3dbc_read(w, wsize, &back, &err) || back.size != wsize)
        abort();
    check_text_round_trip(&back, w, wsize);
    d3dbc_program_free(&back);
    d3dbc_program_free(&p);
    free(w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A private copy of exactly `size` bytes, so any over-read hits ASan's redzone. */
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy)
        return 0;
    if (size)
        memcpy(copy, data, size);
    as_tokens(copy, size);
    as_text(copy, size);
    free(copy);
    return 0;
}
