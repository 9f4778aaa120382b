/* tests/fuzz/fuzz_reflect.c — libFuzzer target for the reflection model
 * (src/shader/dxbc_reflect.c: RDEF variables and type trees, STAT, SFI0, the program walk).
 *
 *   make fuzz   (builds every fuzz target with the src/shader sources; corpus:
 *                tests/fuzz/corpus/reflect/: the dxbc corpus and containers assembled from tests/shaders/sm4)
 *
 * The checksum is never checked by D3DReflect, so mutations reach the chunk readers directly.
 * A successful parse is walked completely: every name, default value, member and type index
 * must be readable (ASan) and in range; then freed (LeakSanitizer catches a forgotten error
 * path).
 */
#include "shader/dxbc_reflect.h"

#include <stdlib.h>
#include <string.h>

static volatile size_t sink;

static void touch(const char *s)
{
    if (s)
        sink += strlen(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct dxbc_reflection r;
    struct dxbc_error err;
    if (dxbc_reflect_parse(data, size, &r, &err)) {
        if (!err.message[0])
            abort(); /* a refusal always says why */
        return 0;
    }
    for (uint32_t i = 0; i < r.cbuffer_count; i++) {
        const struct dxbc_reflect_cbuffer *cb = &r.cbuffers[i];
        touch(cb->name);
        if (cb->variable_first > r.variable_count ||
            cb->variable_count > r.variable_count - cb->variable_first)
            abort();
    }
    for (uint32_t i = 0; i < r.variable_count; i++) {
        const struct dxbc_reflect_variable *v = &r.variables[i];
        touch(v->name);
        if (v->type >= r.type_count || v->cbuffer >= r.cbuffer_count)
            abort();
        if (v->default_value)
            for (uint32_t k = 0; k < v->size; k++)
                sink += ((const uint8_t *)v->default_value)[k];
    }
    for (uint32_t i = 0; i < r.type_count; i++) {
        const struct dxbc_reflect_type *t = &r.types[i];
        touch(t->name);
        if (t->member_count && (t->member_first > r.member_count ||
                                t->member_count > r.member_count - t->member_first))
            abort();
    }
    for (uint32_t i = 0; i < r.member_count; i++) {
        touch(r.members[i].name);
        if (r.members[i].type >= r.type_count)
            abort();
    }
    dxbc_reflect_free(&r);
    return 0;
}
