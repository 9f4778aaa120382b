/* src/jit/jit_engine.c — the LLVM side of the JIT: one ORC LLJIT per process, the target
 * machine of the host, the optimisation pipeline, adding a module and looking its functions
 * up, freeing a program's code (resource trackers), SOFTD3D_JIT and the compile statistics.
 * Code generation itself is jit_codegen.c.
 */
#include "jit/jit_priv.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "util/log.h"

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static LLVMOrcLLJITRef lljit;
static LLVMTargetMachineRef pass_tm;   /* the optimiser's view of the host */
static char *triple, *cpu, *features;
static int mode = -1;                  /* 0 off, 1 on (threshold), 2 eager */
static uint64_t module_counter;
static struct jit_stats stats;
/* Compiles in progress: the exit handler waits for them, so that a program leaked by the
 * application with a background compile still running cannot race LLVM's own destructors
 * (which run after this handler: it is registered later than libLLVM's static objects). */
static unsigned inflight;
static pthread_cond_t inflight_done = PTHREAD_COND_INITIALIZER;

static void wait_inflight(void)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 10;
    pthread_mutex_lock(&lock);
    while (inflight && pthread_cond_timedwait(&inflight_done, &lock, &until) == 0)
        ;
    pthread_mutex_unlock(&lock);
}

/* One line on stderr: always for a bad SOFTD3D_JIT value, else under SOFTD3D_DEBUG=1 (a
 * program that cannot be compiled is still run, by the interpreter). */
__attribute__((format(printf, 2, 3))) static void jit_log(bool always, const char *fmt, ...)
{
    if (!always && !util_debug_env())
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("softd3d: jit: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static void report(const char *what, LLVMErrorRef err)
{
    char *msg = LLVMGetErrorMessage(err);
    jit_log(false, "%s: %s", what, msg);
    LLVMDisposeErrorMessage(msg);
}

static void print_stats(void)
{
    fprintf(stderr, "softd3d: jit: %u programs compiled, %.1f ms in all, worst %.1f ms\n",
            stats.programs, stats.total_ms, stats.max_ms);
}

static void init(void)
{
    if (getenv("SOFTD3D_JIT_STATS"))
        atexit(print_stats);
    const char *env = getenv("SOFTD3D_JIT");
    mode = 1;
    if (env && (!strcmp(env, "0") || !strcmp(env, "off")))
        mode = 0;
    else if (env && !strcmp(env, "eager"))
        mode = 2;
    else if (env && *env && strcmp(env, "1") && strcmp(env, "on"))
        jit_log(true, "SOFTD3D_JIT=%s is not 0, 1 or eager; using 1", env);
    if (!mode)
        return;
    if (LLVMInitializeNativeTarget() || LLVMInitializeNativeAsmPrinter()) {
        jit_log(false, "LLVM has no native target; interpreting");
        mode = 0;
        return;
    }
    triple = LLVMGetDefaultTargetTriple();
    cpu = LLVMGetHostCPUName();
    features = LLVMGetHostCPUFeatures();
    LLVMTargetRef target;
    char *msg = NULL;
    if (LLVMGetTargetFromTriple(triple, &target, &msg)) {
        jit_log(false, "%s; interpreting", msg);
        LLVMDisposeMessage(msg);
        mode = 0;
        return;
    }
    /* Aggressive codegen; the default float options keep fmul + fadd unfused (no contraction
     * without fast-math flags), which the VM's bit-exactness needs. */
    pass_tm = LLVMCreateTargetMachine(target, triple, cpu, features, LLVMCodeGenLevelAggressive,
                                      LLVMRelocDefault, LLVMCodeModelJITDefault);
    LLVMTargetMachineRef jit_tm = LLVMCreateTargetMachine(
        target, triple, cpu, features, LLVMCodeGenLevelAggressive, LLVMRelocDefault,
        LLVMCodeModelJITDefault);
    LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
    LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(
        builder, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(jit_tm));
    LLVMErrorRef err = LLVMOrcCreateLLJIT(&lljit, builder);
    if (err) {
        report("creating the LLJIT", err);
        mode = 0;
        lljit = NULL;
        return;
    }
    atexit(wait_inflight);
    /* the generated code may call the C library (memset, the lane functions' libm) */
    LLVMOrcDefinitionGeneratorRef gen = NULL;
    err = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
        &gen, LLVMOrcLLJITGetGlobalPrefix(lljit), NULL, NULL);
    if (err)
        report("process symbols", err);
    else
        LLVMOrcJITDylibAddGenerator(LLVMOrcLLJITGetMainJITDylib(lljit), gen);
}

bool jit_available(void)
{
    pthread_once(&once, init);
    return mode > 0;
}

unsigned jit_threshold(void)
{
    pthread_once(&once, init);
    /* 64 batches: 2048 pixels or vertices -- the test suite's small draws rarely get there,
     * any real frame does at once */
    return mode == 2 ? 0 : 64;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static struct vm_jit *compile(const struct vm_program *prog);

struct vm_jit *jit_compile(const struct vm_program *prog)
{
    if (!prog || !jit_available())
        return NULL;
    pthread_mutex_lock(&lock);
    inflight++;
    pthread_mutex_unlock(&lock);
    struct vm_jit *jit = compile(prog);
    pthread_mutex_lock(&lock);
    if (--inflight == 0)
        pthread_cond_broadcast(&inflight_done);
    pthread_mutex_unlock(&lock);
    return jit;
}

static struct vm_jit *compile(const struct vm_program *prog)
{
    double t0 = now_ms();
    struct vm_jit *jit = calloc(1, sizeof(*jit));
    if (!jit)
        return NULL;
    jit->width = 8;          /* one AVX2 register of 32-bit lanes */
    jit->chunks = VM_LANES / jit->width;
    jit->block_at = calloc((size_t)prog->ins_count + 1, sizeof(*jit->block_at));
    jit->blocks = calloc((size_t)prog->ins_count + 1, sizeof(*jit->blocks));
    if (!jit->block_at || !jit->blocks) {
        jit_free(jit);
        return NULL;
    }

    pthread_mutex_lock(&lock);
    uint64_t id = ++module_counter;
    pthread_mutex_unlock(&lock);

    LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContext();
    LLVMContextRef ctx = LLVMOrcThreadSafeContextGetContext(tsc);
    LLVMContextSetOpaquePointers(ctx, 1);
    char name[64];
    snprintf(name, sizeof(name), "softd3d_p%llu", (unsigned long long)id);
    LLVMModuleRef mod = LLVMModuleCreateWithNameInContext(name, ctx);
    LLVMSetTarget(mod, triple);
    LLVMTargetDataRef dl = LLVMCreateTargetDataLayout(pass_tm);
    LLVMSetModuleDataLayout(mod, dl);
    LLVMDisposeTargetData(dl);

    /* generate: block i's functions are <name>_b<i>_f / _m */
    int ok = jit_codegen(prog, ctx, mod, name, jit);
    double t1 = now_ms();
    if (getenv("SOFTD3D_JIT_DUMP")) {
        char path[128];
        snprintf(path, sizeof(path), "%s/%s.ll", getenv("SOFTD3D_JIT_DUMP"), name);
        LLVMPrintModuleToFile(mod, path, NULL);
    }
    if (ok && jit->count && util_debug_env()) {
        char *verr = NULL;
        if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &verr)) {
            jit_log(false, "generated IR does not verify: %s", verr);
            ok = 0;
        }
        LLVMDisposeMessage(verr);
    }
    if (ok && jit->count) {
        LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
        /* Blocks are straight-line code over values the generator already keeps in
         * registers: CSE, instruction combining and dead-code removal do what matters.
         * Measured against default<O2>: half the compile time (alu's 64-instruction shader
         * 369 -> 196 ms), run time within noise.  SOFTD3D_JIT_PASSES overrides the pipeline
         * (LLVM's new-pass-manager syntax) for experiments. */
        const char *passes = getenv("SOFTD3D_JIT_PASSES");
        /* one TargetMachine serves every compile: used by one thread at a time */
        pthread_mutex_lock(&lock);
        LLVMErrorRef err = LLVMRunPasses(
            mod, passes ? passes : "function(early-cse,instcombine,simplifycfg,dce)", pass_tm,
            opts);
        pthread_mutex_unlock(&lock);
        LLVMDisposePassBuilderOptions(opts);
        if (err) {
            report("optimising", err);
            ok = 0;
        }
    }
    if (!ok || !jit->count) {
        LLVMDisposeModule(mod);
        LLVMOrcDisposeThreadSafeContext(tsc);
        jit_free(jit);
        return NULL;
    }

    double t2 = now_ms();
    LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(lljit);
    LLVMOrcResourceTrackerRef rt = LLVMOrcJITDylibCreateResourceTracker(jd);
    LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(mod, tsc);
    LLVMOrcDisposeThreadSafeContext(tsc);
    jit->tracker = rt;
    pthread_mutex_lock(&lock);
    LLVMErrorRef err = LLVMOrcLLJITAddLLVMIRModuleWithRT(lljit, rt, tsm);
    if (err) {
        pthread_mutex_unlock(&lock);
        report("adding the module", err);
        LLVMOrcDisposeThreadSafeModule(tsm);
        jit_free(jit);
        return NULL;
    }
    for (uint32_t i = 0; i < jit->count && ok; i++) {
        char fn[96];
        snprintf(fn, sizeof(fn), "%s_b%u", name, i);
        LLVMOrcExecutorAddress addr = 0;
        err = LLVMOrcLLJITLookup(lljit, &addr, fn);
        if (err) {
            report("looking up a block", err);
            ok = 0;
            break;
        }
        uintptr_t a = (uintptr_t)addr;
        memcpy(&jit->blocks[i].fn, &a, sizeof(jit->blocks[i].fn));
        if (!jit->blocks[i].tex_call)
            continue;
        snprintf(fn, sizeof(fn), "%s_r%u", name, i);
        err = LLVMOrcLLJITLookup(lljit, &addr, fn);
        if (err) {
            report("looking up a request", err);
            ok = 0;
            break;
        }
        a = (uintptr_t)addr;
        memcpy(&jit->blocks[i].req, &a, sizeof(jit->blocks[i].req));
    }
    pthread_mutex_unlock(&lock);
    if (!ok) {
        jit_free(jit);
        return NULL;
    }
    jit->compile_ms = now_ms() - t0;
    if (getenv("SOFTD3D_JIT_STATS") && strcmp(getenv("SOFTD3D_JIT_STATS"), "1") > 0)
        fprintf(stderr, "softd3d: jit: %u instructions, %u temps (%u cleared per run), %u "
                "outputs, %u blocks: ir %.1f ms, passes %.1f ms, machine code %.1f ms\n",
                prog->ins_count, prog->temp_count, prog->clear_count, prog->output_count,
                jit->count, t1 - t0, t2 - t1, jit->compile_ms - (t2 - t0));
    if (getenv("SOFTD3D_JIT_STATS") && !strcmp(getenv("SOFTD3D_JIT_STATS"), "3"))
        for (uint32_t i = 0; i < prog->ins_count; i++)
            fprintf(stderr, "  %u: %s%s\n", i, ir_op_name(prog->ins[i].op),
                    jit->block_at[i] ? "  <- block" : "");
    pthread_mutex_lock(&lock);
    if (stats.programs < sizeof(stats.ms) / sizeof(stats.ms[0]))
        stats.ms[stats.programs] = jit->compile_ms;
    stats.programs++;
    stats.total_ms += jit->compile_ms;
    if (jit->compile_ms > stats.max_ms)
        stats.max_ms = jit->compile_ms;
    pthread_mutex_unlock(&lock);
    return jit;
}

void jit_free(struct vm_jit *jit)
{
    if (!jit)
        return;
    if (jit->tracker) {
        pthread_mutex_lock(&lock);
        LLVMOrcResourceTrackerRef rt = jit->tracker;
        LLVMErrorRef err = LLVMOrcResourceTrackerRemove(rt);
        if (err)
            report("freeing code", err);
        LLVMOrcReleaseResourceTracker(rt);
        pthread_mutex_unlock(&lock);
    }
    free(jit->block_at);
    free(jit->blocks);
    free(jit);
}

void jit_get_stats(struct jit_stats *out)
{
    pthread_mutex_lock(&lock);
    *out = stats;
    pthread_mutex_unlock(&lock);
}
