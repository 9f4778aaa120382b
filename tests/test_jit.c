/* tests/test_jit.c — the JIT (src/jit/) against the interpreter, bit for bit.
 *
 * Every shader of the corpus (tests/shaders/sm4, tests/shaders/d3dbc) is prepared twice: one vm_program stays on the interpreter
 * (vm_program_jit_disable), the other is compiled at once (vm_program_jit_now).  Both run on
 * the same random batches -- inputs and constants drawn from the values where float rules bite
 * (NaN, +-INF, +-0, denormals, huge and tiny values, small integers, random bits) -- with the
 * full exec mask and with random masks (whole quads for pixel programs, as the rasterizer
 * gives them), and a sampling callback whose answer is a hash of the request (so any
 * difference in how a request is built shows).  Everything observable must be identical: the
 * returned lanes, every output register of every lane, oDepth, oMask, discarded, aborted
 * (tests/jit_diff.h).  Random programs: `make fuzz` mutates the decoders' corpora and runs each
 * valid result the same way (tests/fuzz/fuzz_jit.c).
 */
#include "harness.h"

#include "shader/d3dbc.h"
#include "shader/d3dbc_ir.h"
#include "shader/shader_asm.h"
#include "shader/ir_class.h"
#include "shader/tpf.h"
#include "vm/vm.h"
#include "jit_diff.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SOFTD3D_SOURCE_DIR
#define SOFTD3D_SOURCE_DIR "."
#endif

/* ---- the corpus --------------------------------------------------------------------------------- */

static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = 0;
        *len = (size_t)n;
    }
    return buf;
}

/* Assembles and decodes one corpus file; false when the file is not a program of ours. */
static bool load_program(const char *path, struct ir_program *ir)
{
    size_t len;
    char *text = read_text(path, &len);
    void *blob = NULL;
    size_t size = 0;
    char err[256];
    bool ok = false;
    if (text && shader_assemble(text, len, &blob, &size, err, sizeof(err)) == SHADER_ASM_OK) {
        if (size >= 4 && !memcmp(blob, "DXBC", 4)) {
            struct tpf_error te;
            ok = tpf_decode_blob(blob, size, 0, ir, &te) == 0;
        } else {
            struct d3dbc_error de;
            ok = d3dbc_decode(blob, size, ir, &de) == 0;
        }
    }
    free(blob);
    free(text);
    return ok;
}

static void corpus_dir(const char *sub, unsigned *programs, unsigned *compiled, unsigned *stage)
{
    char dir[512];
    snprintf(dir, sizeof(dir), "%s/tests/shaders/%s", SOFTD3D_SOURCE_DIR, sub);
    DIR *d = opendir(dir);
    CHECK(d != NULL);
    if (!d)
        return;
    struct dirent *ent;
    while ((ent = readdir(d))) {
        size_t n = strlen(ent->d_name);
        if (n < 5 || strcmp(ent->d_name + n - 4, ".asm"))
            continue;
        char path[1024];
        snprintf(path, sizeof(path), "%s/%s", dir, ent->d_name);
        struct ir_program ir;
        if (!load_program(path, &ir))
            continue;
        if (ir.interfaces.count) {
            /* class linkage: bound as a draw binds it (each slot its interface's first table,
             * this[] 0), so both engines run the plain call/label program */
            static struct ir_class_binding b;
            char msg[200];
            memset(&b, 0, sizeof(b));
            b.count = ir.interface_slots;
            for (uint32_t k = 0; k < ir.interfaces.count; k++) {
                const struct ir_interface *f = &ir.interfaces.items[k];
                for (uint32_t sl = f->id; sl < f->id + f->array_size && f->count; sl++) {
                    b.slot[sl].bound = true;
                    b.slot[sl].table = ir.class_pool.items[f->first];
                }
            }
            if (ir_class_bind(&ir, &b, msg, sizeof(msg)))
                harness_fail(__FILE__, __LINE__, "%s: %s", ent->d_name, msg);
        }
        /* a hull program is its phases, each a program of its own (draw_hull_create) */
        bool hull = ir.type == IR_SHADER_HULL && ir.hs_phase_count;
        for (uint32_t ph = 0; ph < (hull ? ir.hs_phase_count : 1); ph++) {
            const struct ir_program *one = hull ? &ir.hs_phases[ph] : &ir;
            struct pair p;
            bool jit = false;
            (*programs)++;
            if (pair_create(&p, one, &jit)) {
                char why[300];
                if (jit) {
                    (*compiled)++;
                    if (stage && (one->type == IR_SHADER_HULL || one->type == IR_SHADER_DOMAIN ||
                                  one->type == IR_SHADER_GEOMETRY))
                        (*stage)++;
                    if (!pair_compare(&p, ent->d_name, 12, why, sizeof(why)))
                        harness_fail(__FILE__, __LINE__, "%s (phase %u)", why, ph);
                }
            } else {
                harness_fail(__FILE__, __LINE__, "%s: program setup failed", ent->d_name);
            }
            pair_free(&p);
        }
        ir_program_free(&ir);
    }
    closedir(d);
}

TEST(jit_corpus_equals_interpreter)
{
    unsigned programs = 0, compiled = 0, stage = 0;
    corpus_dir("sm4", &programs, &compiled, &stage);
    corpus_dir("d3dbc", &programs, &compiled, NULL);
    CHECK(programs > 200);
    /* hull phases, domain and geometry programs are compiled too (their vicp, vocp, vpc,
     * vDomain, ids and vPrim are generated natively): hs_5_0_tri's three phases,
     * ds_5_0_tri and the geometry programs */
    CHECK(stage >= 5);
    /* every corpus program with a straight-line part is compiled (the JIT exists on this
     * build: the test runner builds with LLVM) */
    CHECK(compiled * 10 >= programs * 8);
}

/* ---- the transcendental lane functions (vm_math.c): precision, special values, twins ------ */

#include "vm/vm_private.h"
#include "util/simd.h"

#include <math.h>

static double ulp_of(double x)
{
    int e;
    frexp(x, &e);
    return ldexp(1.0, e - 24 > -149 ? e - 24 : -149);
}

TEST(vm_math_precision_and_special_values)
{
    enum { N = 4096 };
    static uint32_t v[N];
    double worst_exp = 0, worst_log = 0, worst_sin = 0, worst_cos = 0;
    /* exp2 over [-126, 127]: within 2 ulp of the exact value */
    for (unsigned i = 0; i < N; i++)
        v[i] = fbits(-126.0f + 253.0f * (float)i / N + (float)(rnd() % 1000) * 1e-6f);
    static uint32_t in[N];
    memcpy(in, v, sizeof(v));
    vm_lanes_exp2(v, N);
    for (unsigned i = 0; i < N; i++) {
        float x;
        memcpy(&x, &in[i], 4);
        double want = exp2((double)x), got;
        float gf;
        memcpy(&gf, &v[i], 4);
        got = gf;
        double e = fabs(got - want) / ulp_of(want);
        worst_exp = e > worst_exp ? e : worst_exp;
    }
    /* log2 over (2^-126, 2^127): within 2 ulp, or 2^-22 absolute near 1 */
    for (unsigned i = 0; i < N; i++)
        v[i] = (rnd() % 0x7e800000u) + 0x00800000u;
    memcpy(in, v, sizeof(v));
    vm_lanes_log2(v, N);
    for (unsigned i = 0; i < N; i++) {
        float x, gf;
        memcpy(&x, &in[i], 4);
        memcpy(&gf, &v[i], 4);
        double want = log2((double)x);
        double e = fabs(gf - want) / (fabs(want) < 1 ? ldexp(1.0, -23) : ulp_of(want));
        worst_log = e > worst_log ? e : worst_log;
    }
    /* sin, cos over [-100 pi, 100 pi]: absolute error */
    for (int k = 0; k < 2; k++) {
        for (unsigned i = 0; i < N; i++)
            v[i] = fbits((float)(-100.0 * M_PI + 200.0 * M_PI * i / N) + (float)(rnd() % 100) * 1e-5f);
        memcpy(in, v, sizeof(v));
        (k ? vm_lanes_cos : vm_lanes_sin)(v, N);
        for (unsigned i = 0; i < N; i++) {
            float x, gf;
            memcpy(&x, &in[i], 4);
            memcpy(&gf, &v[i], 4);
            double want = k ? cos((double)x) : sin((double)x);
            double e = fabs(gf - want);
            if (k)
                worst_cos = e > worst_cos ? e : worst_cos;
            else
                worst_sin = e > worst_sin ? e : worst_sin;
        }
    }
    if (getenv("SOFTD3D_TEST_VERBOSE"))
        fprintf(stderr, "vm_math: exp2 %.2f ulp, log2 %.2f ulp, sin %.3g, cos %.3g absolute\n",
                worst_exp, worst_log, worst_sin, worst_cos);
    CHECK(worst_exp <= 2.0);
    CHECK(worst_log <= 2.0);
    CHECK(worst_sin <= 0x1p-22);
    CHECK(worst_cos <= 0x1p-22);
    /* special values (spec tables 22.10.6, 22.10.8, 22.10.20) */
    uint32_t e[8] = {0xff800000u, 0x00000000u, 0x80000000u, 0x7f800000u, 0x7fc00001u,
                     0x00000001u, fbits(200.0f), fbits(-200.0f)};
    vm_lanes_exp2(e, 8);
    CHECK_EQ(e[0], 0u);
    CHECK_EQ(e[1], 0x3f800000u);
    CHECK_EQ(e[2], 0x3f800000u);
    CHECK_EQ(e[3], 0x7f800000u);
    CHECK_EQ(e[4], VM_QNAN);
    CHECK_EQ(e[5], 0x3f800000u);   /* a denormal reads as 0 */
    CHECK_EQ(e[6], 0x7f800000u);
    CHECK_EQ(e[7], 0u);
    uint32_t g[7] = {0xff800000u, 0x00000000u, 0x80000000u, 0x7f800000u, 0xbf800000u,
                     0x3f800000u, fbits(8.0f)};
    vm_lanes_log2(g, 7);
    CHECK_EQ(g[0], VM_QNAN);
    CHECK_EQ(g[1], 0xff800000u);
    CHECK_EQ(g[2], 0xff800000u);
    CHECK_EQ(g[3], 0x7f800000u);
    CHECK_EQ(g[4], VM_QNAN);
    CHECK_EQ(g[5], 0u);
    CHECK_EQ(g[6], fbits(3.0f));
    uint32_t s[3] = {0x7f800000u, 0xff800000u, 0x7fc00000u}, c[3];
    memcpy(c, s, sizeof(c));
    vm_lanes_sin(s, 3);
    vm_lanes_cos(c, 3);
    for (int i = 0; i < 3; i++) {
        CHECK_EQ(s[i], VM_QNAN);
        CHECK_EQ(c[i], VM_QNAN);
    }
}

TEST(vm_math_twins_equal)
{
    if (util_simd_supported() < UTIL_SIMD_AVX2)
        SKIP("no AVX2 on this CPU");
    enum { N = 8192 };
    static uint32_t a[N], b[N];
    void (*const c_fn[4])(uint32_t *, unsigned) = {vm_lanes_exp2_c, vm_lanes_log2_c,
                                                    vm_lanes_sin_c, vm_lanes_cos_c};
    void (*const avx_fn[4])(uint32_t *, unsigned) = {vm_lanes_exp2_avx2, vm_lanes_log2_avx2,
                                                      vm_lanes_sin_avx2, vm_lanes_cos_avx2};
    for (int f = 0; f < 4; f++) {
        for (unsigned i = 0; i < N; i++)
            a[i] = b[i] = i & 1 ? interesting() : rnd();
        c_fn[f](a, N);
        avx_fn[f](b, N);
        CHECK(!memcmp(a, b, sizeof(a)));
    }
}
