/* tests/test_jit.c — the JIT (src/jit/) against the interpreter, bit for bit.
 *
 * Every shader of the corpus (tests/shaders/sm4, tests/shaders/d3dbc) and a set of randomly
 * generated IR programs are prepared twice: one vm_program stays on the interpreter
 * (vm_program_jit_disable), the other is compiled at once (vm_program_jit_now).  Both run on
 * the same random batches -- inputs and constants drawn from the values where float rules bite
 * (NaN, +-INF, +-0, denormals, huge and tiny values, small integers, random bits) -- with the
 * full exec mask and with random masks (whole quads for pixel programs, as the rasterizer
 * gives them), and a sampling callback whose answer is a hash of the request (so any
 * difference in how a request is built shows).  Everything observable must be identical: the
 * returned lanes, every output register of every lane, oDepth, oMask, discarded, aborted.
 */
#include "harness.h"

#include "shader/d3dbc.h"
#include "shader/d3dbc_ir.h"
#include "shader/shader_asm.h"
#include "shader/tpf.h"
#include "vm/vm.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SOFTD3D_SOURCE_DIR
#define SOFTD3D_SOURCE_DIR "."
#endif

/* ---- deterministic randomness ----------------------------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

/* A value where the float and integer rules are tested hardest. */
static uint32_t interesting(void)
{
    static const uint32_t special[] = {
        0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
        0x7f800001u, 0x00000001u, 0x807fffffu, 0x00400000u, 0x3f800000u, 0xbf800000u,
        0x3f000000u, 0x7f7fffffu, 0xff7fffffu, 0x00800000u, 0x4f000000u, 0xcf000000u,
        0x4f800000u, 0x3effffffu, 0x4b000000u, 0x4b7fffffu, 0xffffffffu, 0x7fffffffu,
        1, 2, 3, 4, 5, 7, 8, 31, 32, 33, 0xfffffffeu,
    };
    uint32_t k = rnd() % 8;
    if (k == 0)
        return special[rnd() % (sizeof(special) / sizeof(special[0]))];
    if (k == 1)
        return rnd();
    if (k == 2)
        return rnd() % 16;               /* indices, shift counts, small ints */
    float f = ((float)(int32_t)(rnd() % 2001) - 1000.0f) / 64.0f;
    if (k == 3)
        f *= 1e-3f;
    return fbits(f);
}

/* ---- one program, twice ------------------------------------------------------------------------ */

struct pair {
    struct vm_program *ref, *jit;
    struct vm_state *st_ref, *st_jit;
    uint8_t type;
};

static uint32_t cb_data[IR_MAX_CB_SLOTS][4 * 64];

static uint32_t mix(uint32_t h, uint32_t v)
{
    h ^= v;
    h *= 0x01000193u;
    return h ^ (h >> 15);
}

/* The answer is a hash of everything in the request that may matter, per lane. */
static void sample_hash(void *ctx, const struct vm_sample_request *req,
                        struct vm_sample_result *res)
{
    (void)ctx;
    for (unsigned l = 0; l < VM_LANES; l++) {
        if (!((req->mask >> l) & 1))
            continue;
        uint32_t h = mix(0x811c9dc5u, req->op);
        h = mix(h, req->kind);
        h = mix(h, req->resource);
        h = mix(h, req->sampler);
        h = mix(h, req->gather_channel);
        h = mix(h, (uint32_t)(uint8_t)req->texel_offset[0] | (uint32_t)(uint8_t)req->texel_offset[1] << 8);
        for (unsigned c = 0; c < 4; c++) {
            h = mix(h, (uint32_t)req->address.i[c][l]);
            h = mix(h, fbits(req->ddx[c][l]));
            h = mix(h, fbits(req->ddy[c][l]));
        }
        h = mix(h, fbits(req->lod[l]));
        h = mix(h, req->lod_u[l]);
        h = mix(h, fbits(req->bias[l]));
        h = mix(h, fbits(req->ref[l]));
        h = mix(h, fbits(req->clamp[l]));
        h = mix(h, (uint32_t)req->offset[0][l]);
        h = mix(h, (uint32_t)req->offset[1][l]);
        h = mix(h, (uint32_t)req->sample_index[l]);
        for (unsigned c = 0; c < 4; c++) {
            h = mix(h, c);
            /* a float in [0.5, 2) (so _sat and later arithmetic see ordinary values) */
            res->value[c][l] = (h & 0x00800000u ? 0x3f800000u : 0x3f000000u) | (h & 0x7fffffu);
            if ((h >> 24) == 0x7f)
                res->value[c][l] = VM_QNAN;
        }
        res->status[l] = h & 1;
    }
}

static bool pair_create(struct pair *p, const struct ir_program *ir, bool *compiled)
{
    memset(p, 0, sizeof(*p));
    p->type = ir->type;
    if (vm_program_create(ir, &p->ref) || vm_program_create(ir, &p->jit) ||
        vm_state_create(p->ref, &p->st_ref) || vm_state_create(p->jit, &p->st_jit))
        return false;
    vm_program_jit_disable(p->ref);
    *compiled = vm_program_jit_now(p->jit);
    return true;
}

static void pair_free(struct pair *p)
{
    vm_state_destroy(p->st_ref);
    vm_state_destroy(p->st_jit);
    vm_program_destroy(p->ref);
    vm_program_destroy(p->jit);
}

static vm_reg in_regs[IR_MAX_INPUTS], out_ref[IR_MAX_OUTPUTS], out_jit[IR_MAX_OUTPUTS];

/* Runs both on `runs` random batches; returns false (after one failure message) on the first
 * difference. */
static bool pair_compare(struct pair *p, const char *name, unsigned runs)
{
    for (unsigned run = 0; run < runs; run++) {
        for (unsigned r = 0; r < IR_MAX_INPUTS; r++)
            for (unsigned c = 0; c < 4; c++)
                for (unsigned l = 0; l < VM_LANES; l++)
                    in_regs[r][c][l] = interesting();
        /* d3dbc integer / bool constants as the API gives them: small ints, masks */
        for (unsigned s = 0; s < IR_MAX_CB_SLOTS; s++)
            for (unsigned i = 0; i < 4 * 64; i++)
                cb_data[s][i] = s == IR_D3D9_CB_BOOL ? (rnd() & 1 ? 0xffffffffu : 0)
                              : s == IR_D3D9_CB_INT ? rnd() % 8 : interesting();
        uint32_t mask = VM_ALL_LANES;
        if (run % 3 == 1) {
            mask = rnd();
            if (p->type == IR_SHADER_PIXEL) {
                uint32_t q = 0;
                for (unsigned k = 0; k < 8; k++)
                    if ((mask >> k) & 1)
                        q |= 0xfu << (4 * k);
                mask = q;
            }
        } else if (run % 3 == 2) {
            mask = run & 4 ? 0xffffu : 0xfffffff0u;
        }
        struct vm_env e[2];
        vm_reg *outs[2] = {out_ref, out_jit};
        uint32_t alive[2];
        for (int k = 0; k < 2; k++) {
            memset(&e[k], 0, sizeof(e[k]));
            memset(outs[k], 0x5a, sizeof(out_ref));
            e[k].inputs = (const vm_reg *)in_regs;
            e[k].outputs = outs[k];
            for (unsigned s = 0; s < IR_MAX_CB_SLOTS; s++)
                e[k].cb[s] = (struct vm_cbuffer){cb_data[s], 64};
            for (unsigned l = 0; l < VM_LANES; l++)
                e[k].input_coverage[l] = in_regs[0][0][l];
            e[k].sample = sample_hash;
            e[k].max_iterations = 4096;
            alive[k] = vm_run(k ? p->jit : p->ref, k ? p->st_jit : p->st_ref, &e[k], mask);
        }
        unsigned outputs = vm_program_output_count(p->ref);
        bool same = alive[0] == alive[1] && e[0].discarded == e[1].discarded &&
                    e[0].aborted == e[1].aborted &&
                    !memcmp(out_ref, out_jit, outputs * sizeof(vm_reg)) &&
                    !memcmp(e[0].depth, e[1].depth, sizeof(e[0].depth)) &&
                    !memcmp(e[0].coverage, e[1].coverage, sizeof(e[0].coverage));
        if (!same) {
            char where[160] = "";
            for (unsigned r = 0; r < outputs && !where[0]; r++)
                for (unsigned c = 0; c < 4 && !where[0]; c++)
                    for (unsigned l = 0; l < VM_LANES; l++)
                        if (out_ref[r][c][l] != out_jit[r][c][l]) {
                            snprintf(where, sizeof(where),
                                     "o%u.%c lane %u: interpreter 0x%08x, jit 0x%08x", r,
                                     "xyzw"[c], l, out_ref[r][c][l], out_jit[r][c][l]);
                            break;
                        }
            harness_fail(__FILE__, __LINE__,
                         "%s: run %u (mask 0x%08x): alive 0x%08x / 0x%08x, discarded 0x%08x / "
                         "0x%08x %s", name, run, mask, alive[0], alive[1], e[0].discarded,
                         e[1].discarded, where);
            return false;
        }
    }
    return true;
}

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

static void corpus_dir(const char *sub, unsigned *programs, unsigned *compiled)
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
        struct pair p;
        bool jit = false;
        (*programs)++;
        if (pair_create(&p, &ir, &jit)) {
            if (jit) {
                (*compiled)++;
                pair_compare(&p, ent->d_name, 12);
            }
        } else {
            harness_fail(__FILE__, __LINE__, "%s: program setup failed", ent->d_name);
        }
        pair_free(&p);
        ir_program_free(&ir);
    }
    closedir(d);
}

TEST(jit_corpus_equals_interpreter)
{
    unsigned programs = 0, compiled = 0;
    corpus_dir("sm4", &programs, &compiled);
    corpus_dir("d3dbc", &programs, &compiled);
    CHECK(programs > 200);
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
