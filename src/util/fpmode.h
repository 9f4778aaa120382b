/* src/util/fpmode.h — the processor's denormal mode while shader programs run.
 *
 * Shader arithmetic flushes denormals to a zero of their sign on input and output (D3D11.3
 * functional spec 3.1.3.2).  The interpreter's C code does it with bit tests (vm.h vm_fin /
 * vm_fout); the JIT used to emit the same tests after every float operation, about half of its
 * instructions.  vm_run (and the one shader-arithmetic loop outside it, pixel_fused.c) instead
 * runs with x86's MXCSR.FTZ (results) and DAZ (operands) set, so every SSE/AVX float operation
 * flushes in hardware, in both engines alike: the generated code then needs no test after an
 * add, subtract, multiply, divide, square root or double-to-float conversion (jit_codegen.c
 * fout), and the interpreter's explicit flushes change nothing.  The one place where hardware
 * and a test after the operation differ: x86 decides "tiny" before rounding, so a product whose
 * exact magnitude lies just below 2^-126 but rounds to 2^-126 is flushed to 0 -- the spec
 * allows either, and both engines compute it the same way, which is what bit-exactness needs.
 * Code outside shader arithmetic (the sampler's callbacks included: vm_resource.c tex_call)
 * runs in the default mode; util_fp_flush_end restores the caller's MXCSR exactly.
 * Elsewhere than x86 these do nothing and the explicit flushes are the whole rule
 * (UTIL_FP_FLUSH_HW is 0, and the JIT keeps its tests). */
#ifndef SOFTD3D_UTIL_FPMODE_H
#define SOFTD3D_UTIL_FPMODE_H

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>

#define UTIL_FP_FLUSH_HW 1
#define UTIL_MXCSR_FTZ_DAZ 0x8040u      /* bit 15 flush to zero, bit 6 denormals are zero */

static inline unsigned util_fp_flush_begin(void)
{
    unsigned old = _mm_getcsr();
    _mm_setcsr(old | UTIL_MXCSR_FTZ_DAZ);
    return old;
}

static inline void util_fp_flush_end(unsigned old)
{
    _mm_setcsr(old);
}

/* Inside a flushing region: back to gradual underflow for a callback (restore with
 * util_fp_flush_end). */
static inline unsigned util_fp_default_begin(void)
{
    unsigned old = _mm_getcsr();
    _mm_setcsr(old & ~UTIL_MXCSR_FTZ_DAZ);
    return old;
}
#else
#define UTIL_FP_FLUSH_HW 0

static inline unsigned util_fp_flush_begin(void)
{
    return 0;
}

static inline void util_fp_flush_end(unsigned old)
{
    (void)old;
}

static inline unsigned util_fp_default_begin(void)
{
    return 0;
}
#endif

#endif
