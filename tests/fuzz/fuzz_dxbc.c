/* tests/fuzz/fuzz_dxbc.c — libFuzzer target for the DXBC reader (src/shader/dxbc.c).
 *
 * Build and run (Debian: clang, libclang-rt-14-dev):
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Isrc tests/fuzz/fuzz_dxbc.c \
 *       src/shader/dxbc.c src/shader/dxbc_checksum.c -o fuzz_dxbc
 *   ./fuzz_dxbc -max_total_time=60 corpus_dir tests/fuzz/corpus/dxbc
 *
 * Random bytes almost never carry a valid checksum, so each input is parsed twice: as is (the
 * path the devices take, which mostly stops at the checksum) and with the checksum skipped, which
 * lets the mutations reach the chunk parsers.  A successful parse is checked for internal
 * consistency (everything the info points to must be readable), then freed: LeakSanitizer
 * reports any allocation an error path forgets.  The class-linkage reader (IFCE, dxbc_class.c)
 * runs on every container the reader accepted.
 */
#include "shader/dxbc.h"
#include "shader/dxbc_class.h"

#include <stdlib.h>
#include <string.h>

/* Reads every string the info points to; ASan flags any that is not inside its copy. */
static volatile size_t sink;

static void touch(const char *s)
{
    sink += strlen(s);
}

static void touch_signature(const struct dxbc_signature *sig)
{
    for (uint32_t i = 0; i < sig->count; i++)
        touch(sig->elements[i].semantic_name);
}

static void check(const uint8_t *data, size_t size, unsigned flags)
{
    struct dxbc_shader_info info;
    struct dxbc_error err;
    int ret = dxbc_parse(data, size, flags, &info, &err);

    if (ret < 0) {
        /* Refusals always say where. */
        if (err.code != ret || !strstr(err.message, "offset 0x"))
            abort();
        return;
    }
    if (info.has_program &&
        (info.program_offset + 4 * (size_t)info.program_token_count > size))
        abort();
    if (info.has_level9 &&
        (info.level9_program_offset + info.level9_program_size > size ||
         info.level9_program_size < 4))
        abort();
    touch_signature(&info.input);
    touch_signature(&info.output);
    touch_signature(&info.patch_constant);
    if (info.rdef.present) {
        touch(info.rdef.creator);
        for (uint32_t i = 0; i < info.rdef.cbuffer_count; i++)
            touch(info.rdef.cbuffers[i].name);
        for (uint32_t i = 0; i < info.rdef.binding_count; i++)
            touch(info.rdef.bindings[i].name);
    }
    dxbc_info_free(&info);
    /* the IFCE reader (class linkage) on the same container */
    struct dxbc_class_info classes;
    ret = dxbc_class_parse(data, size, flags, &classes, &err);
    if (ret < 0) {
        if (err.code != ret || !strstr(err.message, "offset 0x"))
            abort();
        return;
    }
    for (uint32_t i = 0; i < classes.type_count; i++)
        touch(classes.types[i].name);
    for (uint32_t i = 0; i < classes.instance_count; i++)
        touch(classes.instances[i].name);
    for (uint32_t i = 0; i < classes.entry_count; i++)
        sink += classes.entries[i].slot;
    dxbc_class_free(&classes);
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
    check(copy, size, 0);
    check(copy, size, DXBC_PARSE_SKIP_CHECKSUM);
    /* And once more with the size field and checksum made consistent, as a forger would. */
    if (size >= DXBC_HEADER_SIZE && size <= 0xffffffffu) {
        copy[24] = (uint8_t)size;
        copy[25] = (uint8_t)(size >> 8);
        copy[26] = (uint8_t)(size >> 16);
        copy[27] = (uint8_t)(size >> 24);
        dxbc_sign(copy, size);
        check(copy, size, 0);
    }
    free(copy);
    return 0;
}
