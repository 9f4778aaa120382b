/* src/jit/jit_priv.h — what jit_engine.c (LLVM set-up, modules, lookup) and jit_codegen.c
 * (VM program -> LLVM IR) share. */
#ifndef SOFTD3D_JIT_JIT_PRIV_H
#define SOFTD3D_JIT_JIT_PRIV_H

#include <llvm-c/Core.h>

#include "jit/jit.h"

/* Partitions `prog` into blocks (jit->count, blocks[].start/end, block_at, skip_temp_clear;
 * jit->width set by the caller) and writes, into `mod`, one function per block
 * named <prefix>_b<i>, of type void (struct vm_exec *, uint32_t chunk) (jit_block_fn).
 * Returns 1 on success (jit->count may be 0: nothing worth compiling), 0 on failure. */
int jit_codegen(const struct vm_program *prog, LLVMContextRef ctx, LLVMModuleRef mod,
                const char *prefix, struct vm_jit *jit);

#endif /* SOFTD3D_JIT_JIT_PRIV_H */
