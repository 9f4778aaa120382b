/* tests/test_d3dbc_ir_vm.c — d3dbc programs assembled from text, decoded to IR
 * (src/shader/d3dbc_ir.c) and run on the VM, with exact expected outputs: arithmetic, macro
 * instructions (matrices, lit, dst, sincos, crs, nrm, sgn, pow, lrp), cmp/cnd, source and result
 * modifiers, predication, loop/rep with aL, call, texkill, the ps_1_x texture-address
 * instructions through a test sampling callback, SM2+ texld variants, relative addressing in and
 * out of range, co-issue, vPos/vFace.  Expected values are computed next to each program with
 * the same single-precision operations (and exp2f/log2f/sinf/cosf where the VM uses them).
 */
#include "harness.h"

#include "shader/d3dbc.h"
#include "shader/d3dbc_ir.h"
#include "vm/vm.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vm_ref_math.h"

/* ---- running a program ------------------------------------------------------------------------ */

struct tex_log {
    unsigned calls;
    struct vm_sample_request last;
};

struct run {
    struct ir_program ir;
    struct vm_program *prog;
    struct vm_state *st;
    struct vm_env env;
    vm_reg in[IR_MAX_INPUTS];
    vm_reg out[IR_MAX_OUTPUTS];
    uint32_t cf[256][4], ci[16][4], cbool[16][4], bump[16][4];
    struct tex_log tex;
};

static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

static float bf(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof(f));
    return f;
}

/* Answers every sample with (address.x, address.y, address.z, t# slot). */
static void tex_cb(void *ctx, const struct vm_sample_request *req, struct vm_sample_result *res)
{
    struct tex_log *log = ctx;
    log->calls++;
    log->last = *req;
    for (unsigned l = 0; l < VM_LANES; l++)
        if (req->mask >> l & 1) {
            for (unsigned c = 0; c < 3; c++)
                res->value[c][l] = fb(req->address.f[c][l]);
            res->value[3][l] = fb((float)req->resource);
        }
}

static struct run *start_line(const char *text, int line)
{
    struct run *r = calloc(1, sizeof(*r));
    uint32_t *tokens;
    size_t size;
    struct d3dbc_error err;
    if (!r)
        return NULL;
    if (d3dbc_assemble_tokens(text, strlen(text), &tokens, &size, &err)) {
        harness_fail(__FILE__, line, "assembler: %s", err.message);
        free(r);
        return NULL;
    }
    int ret = d3dbc_decode(tokens, size, &r->ir, &err);
    free(tokens);
    if (ret) {
        harness_fail(__FILE__, line, "d3dbc_decode: %s", err.message);
        free(r);
        return NULL;
    }
    if (vm_program_create(&r->ir, &r->prog) || vm_state_create(r->prog, &r->st)) {
        harness_fail(__FILE__, line, "vm setup failed");
        vm_program_destroy(r->prog);
        ir_program_free(&r->ir);
        free(r);
        return NULL;
    }
    r->env.inputs = (const vm_reg *)r->in;
    r->env.outputs = r->out;
    r->env.cb[IR_D3D9_CB_FLOAT] = (struct vm_cbuffer){&r->cf[0][0], 256};
    r->env.cb[IR_D3D9_CB_INT] = (struct vm_cbuffer){&r->ci[0][0], 16};
    r->env.cb[IR_D3D9_CB_BOOL] = (struct vm_cbuffer){&r->cbool[0][0], 16};
    r->env.cb[D3DBC_IR_CB_BUMPENV] = (struct vm_cbuffer){&r->bump[0][0], 16};
    r->env.sample = tex_cb;
    r->env.sample_ctx = &r->tex;
    return r;
}
#define start(text) start_line(text, __LINE__)

static void finish(struct run *r)
{
    if (!r)
        return;
    vm_state_destroy(r->st);
    vm_program_destroy(r->prog);
    ir_program_free(&r->ir);
    free(r);
}

static uint32_t go(struct run *r, uint32_t mask)
{
    return vm_run(r->prog, r->st, &r->env, mask);
}

static void set_in(struct run *r, unsigned reg, unsigned lane, float x, float y, float z, float w)
{
    r->in[reg][0][lane] = fb(x);
    r->in[reg][1][lane] = fb(y);
    r->in[reg][2][lane] = fb(z);
    r->in[reg][3][lane] = fb(w);
}

static void set_c(uint32_t *v, float x, float y, float z, float w)
{
    v[0] = fb(x);
    v[1] = fb(y);
    v[2] = fb(z);
    v[3] = fb(w);
}

/* Output reg of lane, components in mask, against x y z w, exactly. */
static void expect_line(const struct run *r, unsigned reg, unsigned lane, unsigned mask, float x,
                        float y, float z, float w, int line)
{
    const float want[4] = {x, y, z, w};
    for (unsigned c = 0; c < 4; c++) {
        if (!(mask >> c & 1))
            continue;
        uint32_t got = r->out[reg][c][lane];
        if (got != fb(want[c]))
            harness_fail(__FILE__, line, "o%u.%c lane %u: got %g (0x%08x), want %g (0x%08x)",
                         reg, "xyzw"[c], lane, (double)bf(got), (unsigned)got, (double)want[c],
                         (unsigned)fb(want[c]));
    }
}
#define expect(r, reg, lane, x, y, z, w) expect_line(r, reg, lane, 0xf, x, y, z, w, __LINE__)
#define expect_mask(r, reg, lane, mask, x, y, z, w) \
    expect_line(r, reg, lane, mask, x, y, z, w, __LINE__)

enum { OPOS = D3DBC_IR_VS_OPOS, OD0 = D3DBC_IR_VS_OD0, OT0 = D3DBC_IR_VS_OT0 };

/* ---- arithmetic ------------------------------------------------------------------------------ */

static const float lane_a[4][4] = {
    {1.5f, -2.0f, 3.0f, 0.25f}, {-0.75f, 4.0f, 0.0f, -8.0f},
    {10.0f, 0.5f, -1.0f, 2.0f}, {-3.25f, -0.5f, 6.0f, 1.0f},
};
static const float lane_b[4][4] = {
    {2.0f, -2.0f, 1.0f, 4.0f}, {0.5f, 4.0f, -3.0f, -1.0f},
    {-10.0f, 0.25f, 2.0f, 2.0f}, {1.0f, 8.0f, -6.0f, 0.5f},
};

TEST(d3dbc_ir_vm_arithmetic)
{
    struct run *r = start("vs_2_0\n"
                          "def c0, 0.5, 2, -3, 4\n"
                          "dcl_position v0\n"
                          "dcl_texcoord v1\n"
                          "add oT0, v0, c0\n"
                          "sub oT1, v0, v1\n"
                          "mad oT2, v0, v1, c0\n"
                          "dp3 oT3, v0, v1\n"
                          "dp4 oT4, v0, v1\n"
                          "slt oT5, v0, v1\n"
                          "sge oT6, v0, v1\n"
                          "min oT7.xy, v0, v1\n"
                          "max oT7.zw, v0, v1\n"
                          "frc oD0, v0\n"
                          "abs oD1, -v0.wzyx\n"
                          "mul_sat oPos, v0, -v1_abs\n");
    if (!r)
        return;
    for (unsigned l = 0; l < 4; l++) {
        set_in(r, 0, l, lane_a[l][0], lane_a[l][1], lane_a[l][2], lane_a[l][3]);
        set_in(r, 1, l, lane_b[l][0], lane_b[l][1], lane_b[l][2], lane_b[l][3]);
    }
    CHECK_EQ(go(r, 0xf), 0xfu);
    const float c0[4] = {0.5f, 2.0f, -3.0f, 4.0f};
    for (unsigned l = 0; l < 4; l++) {
        const float *a = lane_a[l], *b = lane_b[l];
        float e[3][4];
        for (unsigned c = 0; c < 4; c++) {
            e[0][c] = a[c] + c0[c];
            e[1][c] = a[c] - b[c];
            e[2][c] = a[c] * b[c] + c0[c];
        }
        float dp3 = (a[0] * b[0] + a[1] * b[1]) + a[2] * b[2], dp4 = dp3 + a[3] * b[3];
        expect(r, OT0, l, e[0][0], e[0][1], e[0][2], e[0][3]);
        expect(r, OT0 + 1, l, e[1][0], e[1][1], e[1][2], e[1][3]);
        expect(r, OT0 + 2, l, e[2][0], e[2][1], e[2][2], e[2][3]);
        expect(r, OT0 + 3, l, dp3, dp3, dp3, dp3);
        expect(r, OT0 + 4, l, dp4, dp4, dp4, dp4);
        expect(r, OT0 + 5, l, a[0] < b[0], a[1] < b[1], a[2] < b[2], a[3] < b[3]);
        expect(r, OT0 + 6, l, a[0] >= b[0], a[1] >= b[1], a[2] >= b[2], a[3] >= b[3]);
        expect(r, OT0 + 7, l, fminf(a[0], b[0]), fminf(a[1], b[1]), fmaxf(a[2], b[2]),
               fmaxf(a[3], b[3]));
        expect(r, OD0, l, a[0] - floorf(a[0]), a[1] - floorf(a[1]), a[2] - floorf(a[2]),
               a[3] - floorf(a[3]));
        expect(r, OD0 + 1, l, fabsf(a[3]), fabsf(a[2]), fabsf(a[1]), fabsf(a[0]));
        float m[4];
        for (unsigned c = 0; c < 4; c++) {
            m[c] = a[c] * -fabsf(b[c]);
            m[c] = m[c] <= 0.0f ? 0.0f : m[c] > 1.0f ? 1.0f : m[c]; /* -0 -> +0 */
        }
        expect(r, OPOS, l, m[0], m[1], m[2], m[3]);
    }
    finish(r);
}

TEST(d3dbc_ir_vm_scalar_ops)
{
    /* rcp/rsq/exp/log read the replicated (or w) component; rsq, log, pow take |x| */
    struct run *r = start("vs_2_0\n"
                          "dcl_position v0\n"
                          "rcp oT0, v0.x\n"
                          "rsq oT1, v0.y\n"
                          "exp oT2, v0.z\n"
                          "log oT3, v0.y\n"
                          "pow oT4, v0.y, v0.z\n"
                          "expp oT5, v0.z\n"
                          "logp oT6, -v0.y\n"
                          "rcp oT7, v0\n"
                          "mov oPos, v0\n");
    if (!r)
        return;
    set_in(r, 0, 0, 4.0f, -16.0f, 3.0f, 2.0f);
    set_in(r, 0, 1, -0.5f, 0.25f, -2.0f, 8.0f);
    CHECK_EQ(go(r, 0x3), 0x3u);
    expect(r, OT0, 0, 0.25f, 0.25f, 0.25f, 0.25f);
    expect(r, OT0 + 1, 0, 0.25f, 0.25f, 0.25f, 0.25f);
    expect(r, OT0 + 2, 0, ref_exp2f(3.0f), ref_exp2f(3.0f), ref_exp2f(3.0f), ref_exp2f(3.0f));
    expect(r, OT0 + 3, 0, ref_log2f(16.0f), ref_log2f(16.0f), ref_log2f(16.0f), ref_log2f(16.0f));
    float p0 = ref_exp2f(ref_log2f(16.0f) * 3.0f), p1 = ref_exp2f(ref_log2f(0.25f) * -2.0f);
    expect(r, OT0 + 4, 0, p0, p0, p0, p0);
    expect(r, OT0 + 4, 1, p1, p1, p1, p1);
    expect(r, OT0 + 5, 1, ref_exp2f(-2.0f), ref_exp2f(-2.0f), ref_exp2f(-2.0f), ref_exp2f(-2.0f));
    expect(r, OT0 + 6, 1, ref_log2f(0.25f), ref_log2f(0.25f), ref_log2f(0.25f), ref_log2f(0.25f));
    expect(r, OT0 + 7, 0, 0.5f, 0.5f, 0.5f, 0.5f); /* no replicate swizzle: w */
    expect(r, OT0 + 7, 1, 0.125f, 0.125f, 0.125f, 0.125f);
    finish(r);

    /* vs_1_1 expp: (2^floor(v), v - floor(v), 2^v, 1) */
    r = start("vs_1_1\ndcl_position v0\nexpp oT0, v0.x\nmov oPos, v0\n");
    if (!r)
        return;
    set_in(r, 0, 0, 2.5f, 0, 0, 0);
    set_in(r, 0, 1, -1.25f, 0, 0, 0);
    go(r, 0x3);
    expect(r, OT0, 0, ref_exp2f(2.0f), 0.5f, ref_exp2f(2.5f), 1.0f);
    expect(r, OT0, 1, ref_exp2f(-2.0f), 0.75f, ref_exp2f(-1.25f), 1.0f);
    finish(r);
}

TEST(d3dbc_ir_vm_macros)
{
    struct run *r = start("vs_2_0\n"
                          "def c10, 1, 2, 3, 4\n"
                          "dcl_position v0\n"
                          "dcl_texcoord v1\n"
                          "crs oT0.xyz, v0, v1\n"
                          "nrm oT1, v0\n"
                          "sgn oT2, v0, r0, r1\n"
                          "lrp oT3, v0.x, v1, c10\n"
                          "dst oT4, v0, v1\n"
                          "mov oT0.w, c10.w\n"
                          "mov oPos, v0\n");
    if (!r)
        return;
    set_in(r, 0, 0, 3.0f, 0.0f, -4.0f, 2.0f);
    set_in(r, 1, 0, 1.0f, 2.0f, 0.5f, -1.0f);
    set_in(r, 0, 1, 0.0f, -2.0f, 0.0f, -0.5f);
    set_in(r, 1, 1, -3.0f, 1.0f, 4.0f, 8.0f);
    go(r, 0x3);
    for (unsigned l = 0; l < 2; l++) {
        float a[4], b[4];
        for (unsigned c = 0; c < 4; c++) {
            a[c] = bf(r->in[0][c][l]);
            b[c] = bf(r->in[1][c][l]);
        }
        expect(r, OT0, l, a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
               a[0] * b[1] - a[1] * b[0], 4.0f);
        float s = 1.0f / sqrtf((a[0] * a[0] + a[1] * a[1]) + a[2] * a[2]);
        expect(r, OT0 + 1, l, a[0] * s, a[1] * s, a[2] * s, a[3] * s);
        expect(r, OT0 + 2, l, (a[0] > 0) - (a[0] < 0), (a[1] > 0) - (a[1] < 0),
               (a[2] > 0) - (a[2] < 0), (a[3] > 0) - (a[3] < 0));
        const float c10[4] = {1, 2, 3, 4};
        float lrp[4];
        for (unsigned c = 0; c < 4; c++)
            lrp[c] = a[0] * (b[c] - c10[c]) + c10[c];
        expect(r, OT0 + 3, l, lrp[0], lrp[1], lrp[2], lrp[3]);
        expect(r, OT0 + 4, l, 1.0f, a[1] * b[1], a[2], b[3]);
    }
    finish(r);
}

TEST(d3dbc_ir_vm_matrices)
{
    struct run *r = start("vs_1_1\n"
                          "dcl_position v0\n"
                          "m4x4 oPos, v0, c0\n"
                          "m4x3 oT0.xyz, v0, c4\n"
                          "m3x4 oT1, v0, c8\n"
                          "m3x3 oT2.xyz, v0, c12\n"
                          "m3x2 oT3.xy, v0, c16\n"
                          "mov oT0.w, c30\n");
    if (!r)
        return;
    for (unsigned i = 0; i < 20; i++)
        set_c(r->cf[i], (float)i + 1.0f, (float)i * 0.5f - 2.0f, 3.0f - (float)i, 0.25f * (float)i);
    set_in(r, 0, 0, 1.0f, -2.0f, 0.5f, 2.0f);
    go(r, 0x1);
    const float v[4] = {1.0f, -2.0f, 0.5f, 2.0f};
    float d4[20], d3[20];
    for (unsigned i = 0; i < 20; i++) {
        const float *c = (const float *)r->cf[i];
        float m[4];
        for (unsigned k = 0; k < 4; k++)
            m[k] = bf(r->cf[i][k]);
        (void)c;
        d3[i] = (v[0] * m[0] + v[1] * m[1]) + v[2] * m[2];
        d4[i] = d3[i] + v[3] * m[3];
    }
    expect(r, OPOS, 0, d4[0], d4[1], d4[2], d4[3]);
    expect(r, OT0, 0, d4[4], d4[5], d4[6], 0.0f);
    expect(r, OT0 + 1, 0, d3[8], d3[9], d3[10], d3[11]);
    expect_mask(r, OT0 + 2, 0, 0x7, d3[12], d3[13], d3[14], 0);
    expect_mask(r, OT0 + 3, 0, 0x3, d3[16], d3[17], 0, 0);
    finish(r);
}

TEST(d3dbc_ir_vm_lit)
{
    /* "lit - vs": (1, x > 0 ? x : 0, x > 0 && y > 0 ? y^clamp(w) : 0, 1) */
    struct run *r = start("vs_1_1\ndcl_position v0\nlit oT0, v0\nmov oPos, v0\n");
    if (!r)
        return;
    set_in(r, 0, 0, 0.5f, 4.0f, 0.0f, 2.0f);    /* 4^2 */
    set_in(r, 0, 1, -0.5f, 4.0f, 0.0f, 2.0f);   /* x <= 0 */
    set_in(r, 0, 2, 0.5f, -4.0f, 0.0f, 2.0f);   /* y <= 0 */
    set_in(r, 0, 3, 2.0f, 2.0f, 0.0f, 1000.0f); /* power clamped to 127.9961 */
    set_in(r, 0, 4, 1.0f, 0.5f, 0.0f, 0.0f);    /* y^0 */
    go(r, 0x1f);
    expect(r, OT0, 0, 1.0f, 0.5f, ref_exp2f(ref_log2f(4.0f) * 2.0f), 1.0f);
    expect(r, OT0, 1, 1.0f, 0.0f, 0.0f, 1.0f);
    expect(r, OT0, 2, 1.0f, 0.5f, 0.0f, 1.0f);
    expect(r, OT0, 3, 1.0f, 2.0f, ref_exp2f(ref_log2f(2.0f) * 127.9961f), 1.0f);
    expect(r, OT0, 4, 1.0f, 1.0f, 1.0f, 1.0f);
    finish(r);
}

TEST(d3dbc_ir_vm_sincos)
{
    static const char *const progs[] = {
        ("vs_2_0\ndef c0, -1.5500992e-006, -2.1701389e-005, 0.0026041667, 0.00026041668\n"
         "def c1, -0.020833334, -0.12500000, 1.0, 0.50000000\n"
         "dcl_position v0\nmov r0, c2.w\nsincos r0.xy, v0.x, c0, c1\nmov oT0, r0\n"
         "mov oPos, v0\n"),
        ("vs_3_0\ndcl_position v0\ndcl_texcoord o1\ndcl_position o0\nmov r0, c2.w\n"
         "sincos r0.x, v0.x\nmov o1, r0\nmov o0, v0\n"),
        "ps_3_0\ndcl_texcoord v0\nmov r0, c2.w\nsincos r0.y, v0.x\nmov oC0, r0\n",
    };
    static const unsigned out_reg[3] = {OT0, 1, 0};
    static const unsigned masks[3] = {0x3, 0x1, 0x2};
    const float angles[4] = {0.0f, 1.0f, -2.5f, 3.0f};
    for (unsigned k = 0; k < 3; k++) {
        struct run *r = start(progs[k]);
        if (!r)
            continue;
        set_c(r->cf[2], 9, 9, 9, 7.0f);
        for (unsigned l = 0; l < 4; l++)
            set_in(r, 0, l, angles[l], 0, 0, 0);
        go(r, 0xf);
        for (unsigned l = 0; l < 4; l++) {
            float co = ref_cosf(angles[l]), si = ref_sinf(angles[l]);
            expect(r, out_reg[k], l, (masks[k] & 1) ? co : 7.0f, (masks[k] & 2) ? si : 7.0f,
                   7.0f, 7.0f);
        }
        finish(r);
    }
}

/* ---- comparisons, modifiers, ps_1_x rules --------------------------------------------------- */

TEST(d3dbc_ir_vm_cmp_cnd)
{
    struct run *r = start("ps_2_0\ndef c0, 1, 2, 3, 4\ndef c1, -1, -2, -3, -4\ndcl t0\n"
                          "cmp oC0, t0, c0, c1\ncmp_sat oC1, -t0, c0, t0\n");
    if (!r)
        return;
    set_in(r, D3DBC_IR_PS_T0, 0, 0.5f, -0.5f, 0.0f, -0.0f);
    go(r, 0xf);
    expect(r, 0, 0, 1, -2, 3, 4);            /* -0 >= 0 */
    expect(r, 1, 0, 0.5f, 1.0f, 1.0f, 1.0f); /* saturated */
    finish(r);

    /* ps_1_4: per component; ps_1_1: r0.a decides for every component */
    r = start("ps_1_4\ndef c0, 0.6, 0.5, 0.4, 1\ndef c1, 1, 1, 1, 1\ndef c2, 0, 0, 0, 0\n"
              "cnd r0, c0, c1, c2\n");
    if (!r)
        return;
    go(r, 0xf);
    expect(r, 0, 0, 1, 0, 0, 1);
    finish(r);
    r = start("ps_1_1\ndef c0, 0.6, 0.5, 0.4, 0.75\ndef c1, 1, 1, 1, 1\ndef c2, 0, 0, 0, 0\n"
              "mov r0, c0\ncnd r0, r0.a, c1, c2\n");
    if (!r)
        return;
    go(r, 0xf);
    expect(r, 0, 0, 1, 1, 1, 1);
    finish(r);
}

TEST(d3dbc_ir_vm_ps1x_modifiers)
{
    /* source modifiers bias, bx2, comp, neg; result shifts and _sat; c# clamped to [-1, 1];
     * v# clamped to [0, 1] */
    struct run *r = start("ps_1_4\n"
                          "def c0, 0.75, 0.25, 2, -3\n"
                          "mov r1, c0_bias\n"
                          "mov r2, c0_bx2\n"
                          "mov r3, 1-c0\n"
                          "mov_x2 r4, -c0_bias\n"
                          "mov_d4 r5, c1\n"
                          "add_sat r0, v0, c0_x2\n"
                          "phase\n"
                          "mov r0.xy, r0\n");
    if (!r)
        return;
    set_c(r->cf[1], 3.0f, -0.5f, -2.0f, 0.25f);
    set_in(r, 0, 0, 2.0f, -1.0f, 0.5f, 0.25f);
    go(r, 0xf);
    /* c0 clamped: (0.75, 0.25, 1, -1); v0 clamped: (1, 0, 0.5, 0.25) */
    expect(r, 0, 0, 1.0f, 0.5f, 1.0f, 0.0f);
    finish(r);
    /* the intermediate registers, one program each */
    static const struct {
        const char *op;
        float x, y, z, w;
    } cases[] = {
        {"mov r0, c0_bias", 0.25f, -0.25f, 0.5f, -1.5f},
        {"mov r0, c0_bx2", 0.5f, -0.5f, 1.0f, -3.0f},
        {"mov r0, 1-c0", 0.25f, 0.75f, 0.0f, 2.0f},
        {"mov_x2 r0, -c0_bias", -0.5f, 0.5f, -1.0f, 3.0f},
        {"mov_d4 r0, c1", 0.25f, -0.125f, -0.25f, 0.0625f},
        {"mov_x4_sat r0, c1", 1.0f, 0.0f, 0.0f, 1.0f},
        {"mov r0, -c0_bx2", -0.5f, 0.5f, -1.0f, 3.0f},
        {"mov r0, c0_x2", 1.5f, 0.5f, 2.0f, -2.0f},
    };
    for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        char text[256];
        snprintf(text, sizeof(text), "ps_1_4\ndef c0, 0.75, 0.25, 2, -3\n%s\n", cases[k].op);
        if (!(r = start(text)))
            continue;
        set_c(r->cf[1], 3.0f, -0.5f, -1.0f, 0.25f);
        go(r, 0xf);
        expect(r, 0, 0, cases[k].x, cases[k].y, cases[k].z, cases[k].w);
        finish(r);
    }
}

TEST(d3dbc_ir_vm_coissue)
{
    /* both halves of a pair read the registers as they were before the pair */
    struct run *r = start("ps_1_1\ndef c0, 0.1, 0.2, 0.3, 0.4\ndef c1, 0.5, 0.6, 0.7, 0.8\n"
                          "mov r0, c0\nmov r0.rgb, c1\n+mov r0.a, r0.b\n");
    if (!r)
        return;
    go(r, 0xf);
    expect(r, 0, 0, 0.5f, 0.6f, 0.7f, 0.3f);
    finish(r);
}

/* ---- predication and flow control ------------------------------------------------------------- */

TEST(d3dbc_ir_vm_predication)
{
    struct run *r = start("vs_2_x\n"
                          "def c0, 0, 0, 0, 0\n"
                          "def c1, 1, 2, 3, 4\n"
                          "dcl_position v0\n"
                          "mov r0, c0\n"
                          "setp_gt p0, v0, c0\n"
                          "(p0) mov r0, c1\n"
                          "(!p0.x) add r0.yw, r0, c1.x\n"
                          "mov oT0, r0\n"
                          "mov r1, c0\n"
                          "if !p0.z\n"
                          "mov r1.x, c1.w\n"
                          "else\n"
                          "mov r1.y, c1.z\n"
                          "endif\n"
                          "mov oT1, r1\n"
                          "mov oPos, v0\n");
    if (!r)
        return;
    set_in(r, 0, 0, 1.0f, -1.0f, 1.0f, -1.0f);
    set_in(r, 0, 1, -1.0f, 1.0f, -1.0f, 1.0f);
    go(r, 0x3);
    expect(r, OT0, 0, 1, 0, 3, 0);
    expect(r, OT0, 1, 0, 3, 0, 5);
    expect(r, OT0 + 1, 0, 0, 3, 0, 0);
    expect(r, OT0 + 1, 1, 4, 0, 0, 0);
    finish(r);
}

TEST(d3dbc_ir_vm_loops)
{
    /* loop aL with c[aL + n], nested loops (the inner aL ends, the outer one comes back), rep
     * with break_ge, i# from the integer constant buffer */
    struct run *r = start("vs_2_x\n"
                          "defi i0, 3, 2, 2, 0\n"
                          "def c0, 0, 0, 0, 0\n"
                          "dcl_position v0\n"
                          "mov r0, c0\n"
                          "mov r1, c0\n"
                          "loop aL, i0\n"
                          "add r0, r0, c[aL + 10]\n"
                          "loop aL, i1\n"
                          "add r1.x, r1.x, c[aL].x\n"
                          "endloop\n"
                          "add r1.y, r1.y, c[aL].y\n"
                          "endloop\n"
                          "mov r2, c0\n"
                          "rep i2\n"
                          "add r2.x, r2.x, v0.x\n"
                          "break_ge r2.x, v0.y\n"
                          "endrep\n"
                          "mov oT0, r0\n"
                          "mov oT1, r1\n"
                          "mov oT2, r2\n"
                          "mov oPos, v0\n");
    if (!r)
        return;
    for (unsigned i = 0; i < 32; i++)
        set_c(r->cf[i], (float)i, 100.0f + (float)i, 0, 0);
    /* i1: 2 iterations from 5 step 3 (c5, c8); i2: 10 iterations */
    r->ci[1][0] = 2, r->ci[1][1] = 5, r->ci[1][2] = 3;
    r->ci[2][0] = 10;
    set_in(r, 0, 0, 1.0f, 3.5f, 0, 0);  /* rep breaks after 4 */
    set_in(r, 0, 1, 2.0f, 100.0f, 0, 0); /* rep runs all 10 */
    go(r, 0x3);
    /* outer aL = 2, 4, 6: c12 + c14 + c16 */
    expect(r, OT0, 0, 12 + 14 + 16, 300 + 42, 0, 0);
    /* inner adds c5.x + c8.x per outer iteration; outer adds c[aL].y of the outer aL */
    expect_mask(r, OT0 + 1, 0, 0x3, 3 * (5 + 8), (100 + 2) + (100 + 4) + (100 + 6), 0, 0);
    expect_mask(r, OT0 + 2, 0, 0x1, 4.0f, 0, 0, 0);
    expect_mask(r, OT0 + 2, 1, 0x1, 20.0f, 0, 0, 0);
    finish(r);

    /* counts clamp to [0, 255]; a negative count runs nothing */
    r = start("vs_2_0\ndef c0, 0, 1, 0, 0\ndcl_position v0\nmov r0, c0\nrep i0\n"
              "add r0.x, r0.x, c0.y\nendrep\nmov oT0, r0\nmov oPos, v0\n");
    if (!r)
        return;
    r->ci[0][0] = 1000;
    go(r, 0x1);
    expect_mask(r, OT0, 0, 0x1, 255.0f, 0, 0, 0);
    r->ci[0][0] = (uint32_t)-5;
    go(r, 0x1);
    expect_mask(r, OT0, 0, 0x1, 0.0f, 0, 0, 0);
    finish(r);
}

TEST(d3dbc_ir_vm_calls_and_branches)
{
    struct run *r = start("vs_2_x\n"
                          "defb b1, true\n"
                          "def c0, 0, 1, 2, 3\n"
                          "dcl_position v0\n"
                          "mov r0, c0.x\n"
                          "call l1\n"
                          "callnz l2, b0\n"
                          "callnz l2, !b1\n"
                          "if b1\n"
                          "add r0.w, r0.w, c0.y\n"
                          "endif\n"
                          "if_lt v0.x, c0.z\n"
                          "add r0.z, r0.z, c0.w\n"
                          "else\n"
                          "add r0.z, r0.z, c0.z\n"
                          "endif\n"
                          "mov oT0, r0\n"
                          "mov oPos, v0\n"
                          "ret\n"
                          "label l1\n"
                          "add r0.x, r0.x, c0.y\n"
                          "ret\n"
                          "label l2\n"
                          "add r0.y, r0.y, c0.z\n"
                          "ret\n");
    if (!r)
        return;
    set_in(r, 0, 0, 1.0f, 0, 0, 0);
    set_in(r, 0, 1, 5.0f, 0, 0, 0);
    r->cbool[0][0] = 0xffffffffu;
    go(r, 0x3);
    expect(r, OT0, 0, 1, 2, 3, 1);
    expect(r, OT0, 1, 1, 2, 2, 1);
    r->cbool[0][0] = 0;
    go(r, 0x3);
    expect(r, OT0, 0, 1, 0, 3, 1);
    finish(r);
}

TEST(d3dbc_ir_vm_texkill)
{
    struct run *r = start("ps_2_0\ndcl t0\ndef c0, 1, 1, 1, 1\ntexkill t0\nmov oC0, c0\n");
    if (!r)
        return;
    set_in(r, D3DBC_IR_PS_T0, 0, 1, 1, 1, 1);
    set_in(r, D3DBC_IR_PS_T0, 1, 1, -1, 1, 1);
    set_in(r, D3DBC_IR_PS_T0, 2, 1, 1, 1, -0.5f);
    set_in(r, D3DBC_IR_PS_T0, 3, 0, -0.0f, 0, 0);
    CHECK_EQ(go(r, 0xf), 0x9u);
    CHECK_EQ(r->env.discarded, 0x6u);
    finish(r);
    /* ps_1_x: the texture coordinates' x, y, z only */
    r = start("ps_1_1\ntexkill t0\nmov r0, v0\n");
    if (!r)
        return;
    set_in(r, D3DBC_IR_PS_T0, 0, 1, 1, 1, -1);
    set_in(r, D3DBC_IR_PS_T0, 1, 1, 1, -1, 1);
    CHECK_EQ(go(r, 0x3), 0x1u);
    finish(r);
    /* predicated */
    r = start("ps_2_x\ndcl t0\ndef c0, 0, 0, 0, 0\nsetp_gt p0, t0.w, c0\n(p0) texkill t0\n"
              "mov oC0, c0\n");
    if (!r)
        return;
    set_in(r, D3DBC_IR_PS_T0, 0, -1, 1, 1, 1);  /* killed */
    set_in(r, D3DBC_IR_PS_T0, 1, -1, 1, 1, -1); /* predicate false: kept */
    set_in(r, D3DBC_IR_PS_T0, 2, 1, 1, 1, 1);
    CHECK_EQ(go(r, 0x7), 0x6u);
    finish(r);
}

/* ---- relative addressing -------------------------------------------------------------------- */

TEST(d3dbc_ir_vm_relative)
{
    /* vs_1_1: mov a0.x rounds to nearest even; c[a0.x + n] out of range reads 0 */
    struct run *r = start("vs_1_1\ndcl_position v0\nmov a0.x, v0.x\nmov oT0, c[a0.x + 2]\n"
                          "mov oPos, v0\n");
    if (!r)
        return;
    for (unsigned i = 0; i < 256; i++)
        set_c(r->cf[i], (float)i, 0.5f, 0, 1);
    const float a0[6] = {1.5f, 2.5f, -0.4f, -3.0f, 254.0f, 9.6f};
    const float want[6] = {4, 4, 2, 0, 0, 12}; /* -1 and 256 are out of range */
    for (unsigned l = 0; l < 6; l++)
        set_in(r, 0, l, a0[l], 0, 0, 0);
    go(r, 0x3f);
    for (unsigned l = 0; l < 6; l++)
        expect(r, OT0, l, want[l], want[l] != 0 ? 0.5f : 0, 0, want[l] != 0 ? 1.0f : 0);
    finish(r);

    /* def wins over the constant buffer, also through relative addressing */
    r = start("vs_2_0\ndef c5, 7, 7, 7, 7\ndcl_position v0\nmova a0.y, v0.x\n"
              "mov oT0, c[a0.y]\nmov oT1, c5\nmov oPos, v0\n");
    if (!r)
        return;
    set_c(r->cf[5], 1, 1, 1, 1);
    set_c(r->cf[4], 4, 4, 4, 4);
    set_c(r->cf[6], 6, 6, 6, 6);
    set_in(r, 0, 0, 5.0f, 0, 0, 0);
    set_in(r, 0, 1, 4.0f, 0, 0, 0);
    set_in(r, 0, 2, 6.0f, 0, 0, 0);
    go(r, 0x7);
    expect(r, OT0, 0, 7, 7, 7, 7);
    expect(r, OT0, 1, 4, 4, 4, 4);
    expect(r, OT0, 2, 6, 6, 6, 6);
    expect(r, OT0 + 1, 0, 7, 7, 7, 7);
    finish(r);

    /* vs_3_0: v[aL] and o[aL] */
    r = start("vs_3_0\ndefi i0, 3, 1, 1, 0\ndcl_position v0\ndcl_texcoord0 v1\n"
              "dcl_texcoord1 v2\ndcl_texcoord2 v3\ndcl_position o0\ndcl_texcoord0 o1\n"
              "dcl_texcoord1 o2\ndcl_texcoord2 o3\n"
              "loop aL, i0\nadd o[aL], v[aL], v0\nendloop\nmov o0, v0\n");
    if (!r)
        return;
    set_in(r, 0, 0, 1, 2, 3, 4);
    set_in(r, 1, 0, 10, 10, 10, 10);
    set_in(r, 2, 0, 20, 20, 20, 20);
    set_in(r, 3, 0, 30, 30, 30, 30);
    go(r, 0x1);
    expect(r, 1, 0, 11, 12, 13, 14);
    expect(r, 2, 0, 21, 22, 23, 24);
    expect(r, 3, 0, 31, 32, 33, 34);
    finish(r);
}

/* ---- textures --------------------------------------------------------------------------------- */

TEST(d3dbc_ir_vm_texld_sm2)
{
    struct run *r = start("ps_2_x\ndcl t0\ndcl_2d s2\ntexld r0, t0, s2\ntexldp r1, t0, s2\n"
                          "add r0, r0, r1\ntexldb r1, t0, s2\nadd oC0, r0, r1\n");
    if (!r)
        return;
    for (unsigned l = 0; l < 4; l++)
        set_in(r, D3DBC_IR_PS_T0, l, 0.5f + (float)l, 0.25f, 1.0f, 2.0f);
    go(r, 0xf);
    for (unsigned l = 0; l < 4; l++) {
        float u = 0.5f + (float)l;
        expect(r, 0, l, u + u / 2.0f + u, 0.25f + 0.125f + 0.25f, 1.0f + 0.5f + 1.0f, 6.0f);
    }
    CHECK_EQ(r->tex.last.kind, VM_TEX_SAMPLE_B);
    CHECK(r->tex.last.bias[0] == 2.0f);
    CHECK_EQ(r->tex.last.resource, 2u);
    CHECK_EQ(r->tex.last.resource_dim, IR_RES_TEXTURE2D);
    finish(r);

    r = start("vs_3_0\ndcl_position v0\ndcl_position o0\ndcl_texcoord o1\ndcl_cube s1\n"
              "texldl o1, v0, s1.yxzw\nmov o0, v0\n");
    if (!r)
        return;
    set_in(r, 0, 0, 1, 2, 3, 1.5f);
    go(r, 0x1);
    expect(r, 1, 0, 2, 1, 3, 1);
    CHECK_EQ(r->tex.last.kind, VM_TEX_SAMPLE_L);
    CHECK(r->tex.last.lod[0] == 1.5f);
    CHECK_EQ(r->tex.last.resource_dim, IR_RES_TEXTURECUBE);
    finish(r);

    r = start("ps_2_x\ndcl t0\ndcl t1\ndcl_2d s0\ndsx r1, t0\ndsy r2, t0\n"
              "texldd r0, t1, s0, r1, r2\nmov oC0, r0\n");
    if (!r)
        return;
    for (unsigned l = 0; l < 4; l++) /* x across the quad 0, 3 / 0, 3; y 0, 0 / 5, 5 */
        set_in(r, D3DBC_IR_PS_T0, l, (l & 1) ? 3.0f : 0.0f, (l & 2) ? 5.0f : 0.0f, 0, 0);
    go(r, 0xf);
    CHECK_EQ(r->tex.last.kind, VM_TEX_SAMPLE_D);
    CHECK(r->tex.last.ddx[0][0] == 3.0f && r->tex.last.ddx[1][0] == 0.0f);
    CHECK(r->tex.last.ddy[0][0] == 0.0f && r->tex.last.ddy[1][0] == 5.0f);
    finish(r);
}

TEST(d3dbc_ir_vm_ps1x_tex)
{
    /* tex, texcoord (clamped, w = 1), texreg2ar/gb (sample = address), texdp3 */
    struct run *r = start("ps_1_2\ntex t0\ntexcoord t1\ntexreg2ar t2, t0\ntexreg2gb t3, t1\n"
                          "add r0, t2, t3\n");
    if (!r)
        return;
    set_in(r, D3DBC_IR_PS_T0, 0, 0.25f, 0.5f, 0.75f, 9.0f);
    set_in(r, D3DBC_IR_PS_T0 + 1, 0, 2.0f, -1.0f, 0.5f, 7.0f);
    go(r, 0xf);
    /* t0 = (0.25, 0.5, 0.75, 0); t2 = sample(t0.a, t0.r) = (0, 0.25, 0.25, 2);
     * t1 = (1, 0, 0.5, 1); t3 = sample(t1.g, t1.b) = (0, 0.5, 0.5, 3) */
    expect(r, 0, 0, 0.0f, 0.75f, 0.75f, 5.0f);
    finish(r);

    /* texbem / texbeml with the bump matrix of the sampled stage */
    r = start("ps_1_1\ntex t0\ntexbeml t1, t0\nmov r0, t1\n");
    if (!r)
        return;
    set_c(r->bump[2], 2.0f, 0.5f, -1.0f, 4.0f); /* stage 1: M00 M01 M10 M11 */
    set_c(r->bump[3], 0.5f, 0.25f, 0, 0);        /* LSCALE, LOFFSET */
    set_in(r, D3DBC_IR_PS_T0, 0, 0.5f, 0.25f, 0.5f, 0);
    set_in(r, D3DBC_IR_PS_T0 + 1, 0, 1.0f, 2.0f, 3.0f, 0);
    go(r, 0xf);
    {
        float du = 0.5f, dv = 0.25f, lum = 0.5f * 0.5f + 0.25f;
        float u = 1.0f + 2.0f * du + -1.0f * dv, v = 2.0f + 0.5f * du + 4.0f * dv;
        expect(r, 0, 0, u * lum, v * lum, 3.0f * lum, 1.0f * lum);
    }
    finish(r);

    /* texm3x2pad / texm3x2tex, texm3x2depth */
    r = start("ps_1_3\ntex t0\ntexm3x2pad t1, t0\ntexm3x2tex t2, t0\nmov r0, t2\n");
    if (!r)
        return;
    set_in(r, D3DBC_IR_PS_T0, 0, 1.0f, 2.0f, 3.0f, 0);
    set_in(r, D3DBC_IR_PS_T0 + 1, 0, 1.0f, 0.5f, 0.25f, 0);
    set_in(r, D3DBC_IR_PS_T0 + 2, 0, -1.0f, 0.0f, 2.0f, 0);
    go(r, 0xf);
    expect(r, 0, 0, (1.0f + 1.0f) + 0.75f, (-1.0f + 0.0f) + 6.0f, 0.0f, 2.0f);
    finish(r);
    r = start("ps_1_3\ntex t0\ntexm3x2pad t1, t0\ntexm3x2depth t2, t0\nmov r0, t2\n");
    if (!r)
        return;
    set_in(r, D3DBC_IR_PS_T0, 0, 1.0f, 1.0f, 1.0f, 0);
    set_in(r, D3DBC_IR_PS_T0 + 1, 0, 0.25f, 0.25f, 0.0f, 0); /* z = 0.5 */
    set_in(r, D3DBC_IR_PS_T0 + 2, 0, 1.0f, 1.0f, 0.0f, 0);   /* w = 2 */
    set_in(r, D3DBC_IR_PS_T0, 1, 1.0f, 1.0f, 1.0f, 0);
    set_in(r, D3DBC_IR_PS_T0 + 1, 1, 0.25f, 0.25f, 0.0f, 0);
    set_in(r, D3DBC_IR_PS_T0 + 2, 1, 0.0f, 0.0f, 0.0f, 0);   /* w = 0: 1.0 */
    go(r, 0xf);
    CHECK_EQ(r->env.depth[0], fb(0.25f));
    CHECK_EQ(r->env.depth[1], fb(1.0f));
    finish(r);

    /* texm3x3pad x2 + texm3x3tex / texm3x3 / texm3x3spec / texm3x3vspec */
    static const char *const ops[] = {"texm3x3tex", "texm3x3", "texm3x3spec", "texm3x3vspec"};
    for (unsigned k = 0; k < 4; k++) {
        char text[256];
        snprintf(text, sizeof(text), "ps_1_2\ntex t0\ntexm3x3pad t1, t0\ntexm3x3pad t2, t0\n"
                 "%s t3, t0%s\nmov r0, t3\n", ops[k], k == 2 ? ", c0" : "");
        if (!(r = start(text)))
            continue;
        set_c(r->cf[0], 0.0f, 0.0f, 1.0f, 0);
        set_in(r, D3DBC_IR_PS_T0, 0, 1.0f, 0.0f, 0.0f, 0);
        set_in(r, D3DBC_IR_PS_T0 + 1, 0, 0.5f, 9.0f, 9.0f, 0.0f);
        set_in(r, D3DBC_IR_PS_T0 + 2, 0, 0.0f, 9.0f, 9.0f, 0.0f);
        set_in(r, D3DBC_IR_PS_T0 + 3, 0, 0.5f, 9.0f, 9.0f, 1.0f);
        go(r, 0xf);
        /* N = (0.5, 0, 0.5), E = (0, 0, 1): R = 2 N (0.5 / 0.5) - E = (1, 0, 0) */
        if (k == 0)
            expect(r, 0, 0, 0.5f, 0.0f, 0.5f, 3.0f);
        else if (k == 1)
            expect(r, 0, 0, 0.5f, 0.0f, 0.5f, 1.0f);
        else
            expect(r, 0, 0, 1.0f, 0.0f, 0.0f, 3.0f);
        if (k != 1)
            CHECK_EQ(r->tex.last.resource_dim, IR_RES_TEXTURECUBE);
        finish(r);
    }

    /* texdp3 / texdp3tex / texreg2rgb */
    r = start("ps_1_2\ntex t0\ntexdp3 t1, t0\ntexdp3tex t2, t0\ntexreg2rgb t3, t0\n"
              "add r0, t1, t2\nadd r0, r0, t3\n");
    if (!r)
        return;
    set_in(r, D3DBC_IR_PS_T0, 0, 1.0f, 2.0f, 0.5f, 0);
    set_in(r, D3DBC_IR_PS_T0 + 1, 0, 1.0f, 1.0f, 2.0f, 0);
    set_in(r, D3DBC_IR_PS_T0 + 2, 0, 0.5f, 0.0f, 0.0f, 0);
    go(r, 0xf);
    /* t1 = 4 (replicated); t2 = sample(0.5, 0, 0) = (0.5, 0, 0, 2); t3 = (1, 2, 0.5, 3) */
    expect(r, 0, 0, 4.0f + 0.5f + 1.0f, 4.0f + 2.0f, 4.0f + 0.5f, 4.0f + 2.0f + 3.0f);
    finish(r);
}

TEST(d3dbc_ir_vm_ps14_tex)
{
    /* texld / texcrd with _dz / _dw, bem, texdepth, phase */
    struct run *r = start("ps_1_4\ntexcrd r1.rgb, t0_dz\ntexld r2, t1_dw\n"
                          "bem r3.rg, c0, r1\n"
                          "phase\n"
                          "texld r4, r3\n"
                          "mov r5, c1\n"
                          "texdepth r5\n"
                          "add r0, r2, r4\n");
    if (!r)
        return;
    set_in(r, D3DBC_IR_PS_T0, 0, 1.0f, 2.0f, 4.0f, 8.0f);
    set_in(r, D3DBC_IR_PS_T0 + 1, 0, 1.0f, 3.0f, 5.0f, 2.0f);
    set_c(r->cf[0], 0.5f, 0.25f, 0, 0);
    set_c(r->cf[1], 0.5f, 0.25f, 0, 0); /* 0.5 / 0.25 = 2, clamped to 1 */
    set_c(r->bump[6], 1.0f, 0.0f, 0.0f, 1.0f); /* stage 3 identity */
    go(r, 0xf);
    /* r1 = (0.25, 0.5, 1); r2 = sample(0.5, 1.5, 5) stage 2; r3.rg = c0 + r1.rg =
     * (0.75, 0.75); r4 = sample(r3) stage 4 = (0.75, 0.75, r3.b = 0, 4) */
    expect(r, 0, 0, 0.5f + 0.75f, 1.5f + 0.75f, 5.0f + 0.0f, 2.0f + 4.0f);
    CHECK_EQ(r->env.depth[0], fb(1.0f));
    finish(r);
}

TEST(d3dbc_ir_vm_vpos_vface)
{
    struct run *r = start("ps_3_0\ndcl vPos.xy\ndcl vFace\nmov r0.xy, vPos\n"
                          "mov r0.zw, vFace\nmov oC0, r0\n");
    if (!r)
        return;
    for (unsigned l = 0; l < 4; l++) {
        set_in(r, D3DBC_IR_PS_VPOS, l, 10.5f + (float)(l & 1), 20.5f + (float)(l >> 1), 0.5f,
               1.0f);
        r->in[D3DBC_IR_PS_VFACE][0][l] = (l & 1) ? 0xffffffffu : 0;
    }
    go(r, 0xf);
    for (unsigned l = 0; l < 4; l++) {
        float f = (l & 1) ? 1.0f : -1.0f;
        expect(r, 0, l, 10.0f + (float)(l & 1), 20.0f + (float)(l >> 1), f, f);
    }
    finish(r);
}

TEST(d3dbc_ir_vm_ps2_outputs)
{
    /* dp2add, nrm, abs, several colour outputs and oDepth (its first masked component) */
    struct run *r = start("ps_2_0\ndef c0, 0.5, 0.25, 3, 0\ndcl t0\n"
                          "dp2add r0, t0, t0.yxzw, c0.z\nmov oC1, r0\n"
                          "nrm r1, t0\nmov oC0, r1\nabs oC2, -t0\nmov oDepth, c0.y\n");
    if (!r)
        return;
    set_in(r, D3DBC_IR_PS_T0, 0, 2.0f, -3.0f, 6.0f, 1.0f);
    go(r, 0xf);
    float d = (2.0f * -3.0f + -3.0f * 2.0f) + 3.0f;
    expect(r, 1, 0, d, d, d, d);
    float s = 1.0f / sqrtf((4.0f + 9.0f) + 36.0f);
    expect(r, 0, 0, 2.0f * s, -3.0f * s, 6.0f * s, 1.0f * s);
    expect(r, 2, 0, 2.0f, 3.0f, 6.0f, 1.0f);
    CHECK_EQ(r->env.depth[0], fb(0.25f));
    finish(r);
}

TEST(d3dbc_ir_vm_relative_matrix)
{
    /* matrix rows follow a relative base: c[a0.x + 1], + 2, + 3 */
    struct run *r = start("vs_2_0\ndcl_position v0\nmova a0.x, v0.w\n"
                          "m4x3 oT0.xyz, v0, c[a0.x + 1]\nmov oPos, v0\n");
    if (!r)
        return;
    for (unsigned i = 0; i < 16; i++)
        set_c(r->cf[i], (float)i, 1.0f, 0.0f, 0.0f);
    set_in(r, 0, 0, 1.0f, 2.0f, 0.0f, 3.0f);
    set_in(r, 0, 1, 1.0f, 2.0f, 0.0f, 253.0f); /* rows 254, 255, 256: the last reads 0 */
    go(r, 0x3);
    expect_mask(r, OT0, 0, 0x7, 4.0f + 2.0f + 0.0f * 3.0f, 5.0f + 2.0f, 6.0f + 2.0f, 0);
    set_c(r->cf[254], 1, 1, 1, 1);
    set_c(r->cf[255], 2, 2, 2, 2);
    go(r, 0x3);
    expect_mask(r, OT0, 1, 0x7, 1.0f + 2.0f + 253.0f, 2.0f + 4.0f + 506.0f, 0.0f, 0);
    finish(r);
}
