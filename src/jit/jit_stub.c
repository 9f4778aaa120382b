/* src/jit/jit_stub.c — the JIT's entry points when the build found no LLVM: nothing is ever
 * compiled and every program runs on the interpreter (jit.h). */
#include "jit/jit.h"

#include <string.h>

bool jit_available(void)
{
    return false;
}

unsigned jit_threshold(void)
{
    return 0;
}

struct vm_jit *jit_compile(const struct vm_program *prog)
{
    (void)prog;
    return NULL;
}

void jit_free(struct vm_jit *jit)
{
    (void)jit;
}

void jit_get_stats(struct jit_stats *out)
{
    memset(out, 0, sizeof(*out));
}
