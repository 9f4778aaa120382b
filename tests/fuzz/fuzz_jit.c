/* tests/fuzz/fuzz_jit.c — differential libFuzzer target: the JIT (src/jit/) against the
 * interpreter (src/vm/).  Every input the decoders accept -- a DXBC container (checksum
 * skipped), a bare SM4/SM5 token stream or d3dbc tokens, as the corpora of fuzz_tpf and
 * fuzz_d3dbc hold them -- becomes an IR program that runs through both engines on random
 * batches (tests/jit_diff.h); any difference in any output bit aborts with the reason.
 *
 * Built and run by `make fuzz` (it links LLVM, the VM and the JIT):
 *   build-fuzz/fuzz_jit/fuzz_jit -max_total_time=600 build-fuzz/fuzz_jit tests/fuzz/corpus/jit
 */
#include "shader/d3dbc_ir.h"
#include "shader/dxbc.h"
#include "shader/tpf.h"
#include "vm/vm.h"

#include "../jit_diff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct ir_program ir;
    int ret;
    uint8_t *copy = calloc(1, size ? size : 1);
    if (!copy)
        return 0;
    if (size)
        memcpy(copy, data, size);
    if (size >= 4 && !memcmp(copy, "DXBC", 4)) {
        struct tpf_error err;
        ret = tpf_decode_blob(copy, size, DXBC_PARSE_SKIP_CHECKSUM, &ir, &err);
    } else if (size >= 4 && copy[3] == 0xff && (copy[2] == 0xfe || copy[2] == 0xff)) {
        struct d3dbc_error err;
        ret = d3dbc_decode(copy, size, &ir, &err);
    } else {
        struct tpf_error err;
        ret = tpf_decode(copy, size, &ir, &err);
    }
    free(copy);
    if (ret)
        return 0;
    /* the same random batches for the same input */
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 0x100000001b3ull;
    rng_state = h | 1;
    struct pair p;
    bool jit = false;
    char why[300];
    if (pair_create(&p, &ir, &jit) && jit && !pair_compare(&p, "input", 6, why, sizeof(why))) {
        fprintf(stderr, "fuzz_jit: the JIT differs from the interpreter: %s\n", why);
        abort();
    }
    pair_free(&p);
    ir_program_free(&ir);
    return 0;
}
