/* src/util/cpu.h — CPU count and the floating-point environment of worker threads.
 *
 * Direct3D 10+ requires denormals to be flushed (D3D11.3 functional spec, 3.1 "Floating Point
 * Rules": float32 denormal inputs and outputs are flushed to sign-preserved zero).  Every thread
 * that runs pipeline arithmetic (shading, interpolation) therefore sets flush-to-zero (FTZ) and
 * denormals-are-zero (DAZ) first; the thread pool does it on every worker, and a calling thread
 * that takes part in a run enters that mode and restores its own state afterwards.
 *
 * On x86-64 FTZ/DAZ are MXCSR bits 15 and 6 (SSE is part of the baseline ISA, so every float
 * operation the compiler emits honours them).  On AArch64 FPCR.FZ (bit 24) flushes both inputs
 * and outputs.  On other architectures the helpers do nothing and cpu_fp_ftz_enabled() says so.
 * The rounding mode is never touched: it stays round-to-nearest-even.
 */
#ifndef SOFTD3D_UTIL_CPU_H
#define SOFTD3D_UTIL_CPU_H

#include <stdbool.h>

/* Upper bound on the worker count accepted from SOFTD3D_THREADS or the CPU count. */
#define CPU_MAX_THREADS 256

/* Number of CPUs this process may run on (its affinity mask; else the online CPUs); >= 1. */
unsigned cpu_count(void);

/* The worker count for a new thread pool: SOFTD3D_THREADS when it is a decimal integer in
 * 1..CPU_MAX_THREADS, else cpu_count() (clamped to CPU_MAX_THREADS).  A set but invalid value
 * prints one line to stderr (once per process) and falls back to the default. */
unsigned cpu_default_threads(void);

/* The saved floating-point control state of a thread (opaque). */
typedef struct cpu_fp_state {
    unsigned long bits;
} cpu_fp_state;

/* Sets FTZ and DAZ on the calling thread and returns the previous state. */
cpu_fp_state cpu_fp_enter_ftz(void);

/* Restores a state returned by cpu_fp_enter_ftz() on the same thread. */
void cpu_fp_restore(cpu_fp_state saved);

/* True when the calling thread currently flushes denormals (both FTZ and DAZ where the
 * architecture separates them).  Always false on architectures without support. */
bool cpu_fp_ftz_enabled(void);

#endif
