/* src/util/cpu.c — see cpu.h. */
#include "util/cpu.h"

#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#define CPU_MXCSR_DAZ 0x0040u
#define CPU_MXCSR_FTZ 0x8000u
#endif

unsigned cpu_count(void)
{
    long n = 0;
#ifdef CPU_COUNT
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0)
        n = CPU_COUNT(&set);
#endif
    if (n <= 0)
        n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n <= 0)
        n = 1;
    return (unsigned)n;
}

unsigned cpu_default_threads(void)
{
    static atomic_int warned;
    const char *v = getenv("SOFTD3D_THREADS");
    if (v && v[0]) {
        char *end;
        unsigned long n = strtoul(v, &end, 10);
        if (*end == 0 && v[0] >= '0' && v[0] <= '9' && n >= 1 && n <= CPU_MAX_THREADS)
            return (unsigned)n;
        if (!atomic_exchange(&warned, 1))
            fprintf(stderr, "softd3d: SOFTD3D_THREADS=\"%s\" is not a number in 1..%d; using %u\n",
                    v, CPU_MAX_THREADS, cpu_count() < CPU_MAX_THREADS ? cpu_count() : CPU_MAX_THREADS);
    }
    unsigned n = cpu_count();
    return n < CPU_MAX_THREADS ? n : CPU_MAX_THREADS;
}

cpu_fp_state cpu_fp_enter_ftz(void)
{
    cpu_fp_state saved = { 0 };
#if defined(__x86_64__) || defined(__i386__)
    unsigned csr = _mm_getcsr();
    saved.bits = csr;
    _mm_setcsr(csr | CPU_MXCSR_DAZ | CPU_MXCSR_FTZ);
#elif defined(__aarch64__)
    unsigned long fpcr;
    __asm__ volatile("mrs %0, fpcr" : "=r"(fpcr));
    saved.bits = fpcr;
    fpcr |= 1ul << 24;
    __asm__ volatile("msr fpcr, %0" : : "r"(fpcr));
#endif
    return saved;
}

void cpu_fp_restore(cpu_fp_state saved)
{
#if defined(__x86_64__) || defined(__i386__)
    _mm_setcsr((unsigned)saved.bits);
#elif defined(__aarch64__)
    __asm__ volatile("msr fpcr, %0" : : "r"(saved.bits));
#else
    (void)saved;
#endif
}

bool cpu_fp_ftz_enabled(void)
{
#if defined(__x86_64__) || defined(__i386__)
    unsigned csr = _mm_getcsr();
    return (csr & (CPU_MXCSR_DAZ | CPU_MXCSR_FTZ)) == (CPU_MXCSR_DAZ | CPU_MXCSR_FTZ);
#elif defined(__aarch64__)
    unsigned long fpcr;
    __asm__ volatile("mrs %0, fpcr" : "=r"(fpcr));
    return (fpcr >> 24) & 1;
#else
    return false;
#endif
}
