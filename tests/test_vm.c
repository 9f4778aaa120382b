/* tests/test_vm.c — the shader VM (src/vm/): the test helpers of vm_test.h, every ALU opcode
 * with normal and edge inputs (NaN, +-INF, denormals, -0, overflow) against the D3D11.3
 * functional specification's rules and tables ("the spec"), operand access (swizzles, write
 * masks, modifiers, saturate, constant buffers, immediate constant buffer, indexable temps,
 * relative addressing in and out of range) and the program/state API.  Control flow,
 * derivatives, resources and whole programs are in test_vm_flow.c.
 *
 * Expectations are exact bits.  A NaN result of float arithmetic is the canonical 0x7fc00000
 * (vm.h); the transcendental functions are compared with vm_math.c's algorithms, which the VM
 * documents it uses, and with the spec's tables where those fix the answer exactly.
 */
#include "vm_test.h"

#include <math.h>
#include <stdlib.h>

#include "vm_ref_math.h"

/* ---- helpers (declared in vm_test.h) ----------------------------------------------------------- */

uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

float bitsf(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof(f));
    return f;
}

void vt_begin(struct vt *t, enum ir_shader_type type, uint32_t temps, uint32_t inputs,
              uint32_t outputs)
{
    memset(t, 0, sizeof(*t));
    ir_program_init(&t->ir, type, IR_SOURCE_TPF, 4, 0);
    t->ir.temp_count = temps;
    for (uint32_t i = 0; i < inputs; i++) {
        struct ir_io_decl *d = ir_program_add_input(&t->ir, IR_FILE_INPUT, i, 0xf);
        if (d && type == IR_SHADER_PIXEL)
            d->interpolation = IR_INTERP_LINEAR;
    }
    for (uint32_t i = 0; i < outputs; i++)
        ir_program_add_output(&t->ir, IR_FILE_OUTPUT, i, 0xf);
}

struct ir_instruction *vt_ins(struct vt *t, enum ir_opcode op)
{
    struct ir_instruction *i = ir_program_add_instruction(&t->ir, op);
    if (!i)
        abort();
    i->offset = 4u * t->ir.instructions.count;
    return i;
}

static bool vt_prepare(struct vt *t, const struct ir_program *ir)
{
    int ret = vm_program_create(ir, &t->prog);
    CHECK_EQ(ret, VM_OK);
    if (ret)
        return false;
    ret = vm_state_create(t->prog, &t->st);
    CHECK_EQ(ret, VM_OK);
    if (ret)
        return false;
    t->env.inputs = (const vm_reg *)t->in;
    t->env.outputs = t->out;
    return true;
}

bool vt_finish(struct vt *t)
{
    struct ir_error err;
    int ret = ir_validate(&t->ir, &err);
    if (ret) {
        harness_fail(__FILE__, __LINE__, "ir_validate: %s", err.message);
        return false;
    }
    return vt_prepare(t, &t->ir);
}

bool vt_load(struct vt *t, const struct ir_program *ir)
{
    memset(t, 0, sizeof(*t));
    return vt_prepare(t, ir);
}

uint32_t vt_run(struct vt *t, uint32_t mask)
{
    return vm_run(t->prog, t->st, &t->env, mask);
}

void vt_free(struct vt *t)
{
    vm_state_destroy(t->st);
    vm_program_destroy(t->prog);
    ir_program_free(&t->ir);
    t->st = NULL;
    t->prog = NULL;
}

struct ir_operand vt_r(uint32_t reg, uint8_t mask) { return ir_dst(IR_FILE_TEMP, reg, mask); }
struct ir_operand vt_rs(uint32_t reg, uint8_t swz) { return ir_src(IR_FILE_TEMP, reg, swz); }
struct ir_operand vt_o(uint32_t reg, uint8_t mask) { return ir_dst(IR_FILE_OUTPUT, reg, mask); }
struct ir_operand vt_v(uint32_t reg, uint8_t swz) { return ir_src(IR_FILE_INPUT, reg, swz); }
struct ir_operand vt_f(float value) { return ir_imm1(fbits(value)); }
struct ir_operand vt_u(uint32_t value) { return ir_imm1(value); }

/* ---- one instruction over many lanes --------------------------------------------------------- */

/* Constants (bits). */
#define PINF 0x7f800000u
#define NINF 0xff800000u
#define QNAN 0x7fc00000u      /* the canonical NaN the VM writes */
#define NNAN 0xffc00123u      /* a negative NaN with a payload */
#define DEN 0x00000001u       /* smallest +denormal */
#define NDEN 0x80000001u
#define BIGDEN 0x007fffffu
#define NZERO 0x80000000u
#define ONE 0x3f800000u
#define FMAX 0x7f7fffffu

struct row {
    uint32_t a, b, c, d;      /* v0.x .. v3.x of the lane */
    uint32_t r0, r1;          /* expected o0.x, o1.x */
};

/* Runs `op[_sat] o0.x[, o1.x], v0.x, v1.x, ...` with one row per lane (chunks of 16) and
 * compares o0.x (and o1.x for two-destination opcodes when check1). */
static void alu_rows(enum ir_opcode op, bool sat, const struct row *rows, unsigned n,
                     bool check1)
{
    const struct ir_op_info *info = ir_op_get(op);
    struct vt t;
    vt_begin(&t, (info->flags & IR_OPF_PIXEL) ? IR_SHADER_PIXEL : IR_SHADER_VERTEX, 1, 4, 2);
    struct ir_instruction *i = vt_ins(&t, op);
    i->saturate = sat;
    for (unsigned d = 0; d < info->dst_count; d++)
        i->dst[d] = vt_o(d, IR_MASK_X);
    for (unsigned s = 0; s < info->src_count; s++)
        i->src[s] = vt_v(s, SWZ_X);
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    for (unsigned base = 0; base < n; base += VM_LANES) {
        unsigned count = n - base < VM_LANES ? n - base : VM_LANES;
        memset(t.in, 0, sizeof(t.in));
        for (unsigned l = 0; l < count; l++) {
            const struct row *r = &rows[base + l];
            t.in[0][0][l] = r->a;
            t.in[1][0][l] = r->b;
            t.in[2][0][l] = r->c;
            t.in[3][0][l] = r->d;
        }
        uint32_t alive = vt_run(&t, (1u << count) - 1);
        CHECK_EQ(alive, (1u << count) - 1);
        for (unsigned l = 0; l < count; l++) {
            CHECK_BITS(t.out[0][0][l], rows[base + l].r0, ir_op_name(op), base + l);
            if (check1)
                CHECK_BITS(t.out[1][0][l], rows[base + l].r1, ir_op_name(op), base + l);
        }
    }
    vt_free(&t);
}

#define ROWS(op, sat, ...)                                                                      \
    do {                                                                                      \
        const struct row rows_[] = {__VA_ARGS__};                                             \
        alu_rows(op, sat, rows_, sizeof(rows_) / sizeof(rows_[0]), false);                    \
    } while (0)
#define ROWS2(op, ...)                                                                          \
    do {                                                                                      \
        const struct row rows_[] = {__VA_ARGS__};                                             \
        alu_rows(op, false, rows_, sizeof(rows_) / sizeof(rows_[0]), true);                   \
    } while (0)

/* Float rows: F(x) is the bits of float x. */
#define F(x) fbits((float)(x))
#define R1(a, r) {a, 0, 0, 0, r, 0}
#define R2(a, b, r) {a, b, 0, 0, r, 0}
#define R3(a, b, c, r) {a, b, c, 0, r, 0}

/* ---- float arithmetic (spec 22.10, 3.1.3) ---------------------------------------------------- */

TEST(vm_add)
{
    ROWS(IR_OP_ADD, false,
         R2(F(1), F(2), F(3)),
         R2(NZERO, 0, 0),                   /* -0 + 0 = +0 (3.1.3.2) */
         R2(0, NZERO, 0),
         R2(NZERO, NZERO, NZERO),
         R2(PINF, NINF, QNAN),              /* INF - INF = NaN */
         R2(NNAN, F(1), QNAN),              /* NaN in, canonical NaN out */
         R2(F(1), NNAN, QNAN),
         R2(DEN, 0, 0),                     /* denormal input flushed */
         R2(NDEN, NZERO, NZERO),            /* ... to a zero of its sign */
         R2(BIGDEN, BIGDEN, 0),             /* 2 * (2^-126 - 2^-149): flushed inputs */
         R2(0x00c00000u, 0x80800000u, 0),   /* 1.5*2^-126 - 2^-126 = 2^-127: output flushed */
         R2(0x80c00000u, 0x00800000u, NZERO),/* ... to a signed zero */
         R2(FMAX, FMAX, PINF),              /* overflow */
         R2(F(1e8), F(1), F(1e8)),          /* round to nearest even */
         R2(F(-5.5), F(2.25), F(-3.25)),
         R2(PINF, F(-1e38), PINF));
}

TEST(vm_mul)
{
    ROWS(IR_OP_MUL, false,
         R2(F(3), F(-2), F(-6)),
         R2(F(-7), 0, NZERO),               /* -F * +0 = -0 (table 22.10.12) */
         R2(NZERO, NZERO, 0),
         R2(PINF, 0, QNAN),                 /* INF * 0 = NaN */
         R2(NINF, DEN, QNAN),               /* the denormal is 0 */
         R2(NINF, F(-1), PINF),
         R2(F(1e-20), F(1e-20), 0),         /* 1e-40 is a denormal: flushed */
         R2(F(-1e-20), F(1e-20), NZERO),
         R2(0x12345678u, ONE, 0x12345678u), /* x * 1 = x */
         R2(DEN, ONE, 0),                   /* ... except denormals */
         /* (1 - 2^-24) * 2^-126 = 2^-126 - 2^-150 exactly, below the smallest normal: with
          * gradual underflow it would round (to even) up to 2^-126, but the flush decides on
          * the exact value, as the processor's does (util/fpmode.h): 0 */
         R2(0x3f7fffffu, 0x00800000u, 0),
         R2(F(1e30), F(1e30), PINF),
         R2(QNAN, 0, QNAN));
}

TEST(vm_mad_unfused)
{
    /* (1 + 2^-23)(1 - 2^-23) = 1 - 2^-46 rounds to 1 before the add: 0, where a fused
     * multiply-add would give -2^-46.  The VM is unfused (vm.h), on every machine. */
    ROWS(IR_OP_MAD, false,
         R3(0x3f800001u, 0x3f7ffffeu, F(-1), 0),
         R3(F(2), F(3), F(1), F(7)),
         R3(PINF, 0, F(1), QNAN),
         R3(F(1e-20), F(1e-20), DEN, 0),    /* product and addend flushed */
         R3(F(-1), F(1), F(1), 0),
         R3(F(1e20), F(1e20), NINF, QNAN)); /* the product overflows to +INF first */
}

TEST(vm_div)
{
    ROWS(IR_OP_DIV, false,
         R2(F(6), F(3), F(2)),
         R2(F(1), 0, PINF),                 /* table 22.10.2 */
         R2(F(-1), 0, NINF),
         R2(F(1), NZERO, NINF),
         R2(0, 0, QNAN),
         R2(PINF, NINF, QNAN),
         R2(F(1), DEN, PINF),               /* +F / +denorm = +INF */
         R2(F(-1), NDEN, PINF),             /* -F / -denorm = +INF */
         R2(DEN, F(1), 0),
         R2(NZERO, F(5), NZERO),
         R2(F(5), PINF, 0),
         R2(F(-5), PINF, NZERO),
         R2(F(1), F(3), 0x3eaaaaabu),       /* correctly rounded */
         R2(F(1), F(3e38), 0));             /* 3.3e-39 is a denormal: flushed */
}

TEST(vm_min_max)
{
    ROWS(IR_OP_MIN, false,
         R2(F(1), F(2), F(1)),
         R2(F(-1), F(-2), F(-2)),
         R2(F(1), QNAN, F(1)),              /* NaN: the other operand (22.10.11) */
         R2(NNAN, F(1), F(1)),
         R2(QNAN, NNAN, QNAN),
         R2(NINF, QNAN, NINF),
         R2(PINF, QNAN, PINF),
         R2(NZERO, 0, NZERO),               /* min(-0, +0) = -0 either way (3.1.3.2) */
         R2(0, NZERO, NZERO),
         R2(NDEN, 0, NZERO),                /* denormals compared as signed zeros */
         R2(DEN, F(-1), F(-1)),
         R2(PINF, NINF, NINF));
    ROWS(IR_OP_MAX, false,
         R2(F(1), F(2), F(2)),
         R2(F(-1), F(-2), F(-1)),
         R2(F(1), QNAN, F(1)),
         R2(NNAN, F(-3), F(-3)),
         R2(NINF, NNAN, NINF),
         R2(NZERO, 0, 0),                   /* max(-0, +0) = +0 */
         R2(0, NZERO, 0),
         R2(DEN, 0, 0),                     /* the result is flushed too */
         R2(NDEN, NZERO, NZERO),
         R2(PINF, F(1), PINF),
         R2(QNAN, QNAN, QNAN));
}

TEST(vm_frc_round)
{
    ROWS(IR_OP_FRC, false,
         R1(F(1.25), F(0.25)),
         R1(F(-1.25), F(0.75)),
         R1(F(3), 0),
         R1(NZERO, 0),                      /* table 22.10.7: -0 -> +0 */
         R1(NDEN, 0),
         R1(NINF, QNAN),
         R1(PINF, QNAN),
         R1(NNAN, QNAN),
         R1(F(-1e-10), 0x3f7fffffu));       /* 1 - 1e-10 rounds to 1: kept below 1 */
    ROWS(IR_OP_ROUND_NE, false,
         R1(F(0.5), 0), R1(F(1.5), F(2)), R1(F(2.5), F(2)), R1(F(-0.5), NZERO),
         R1(F(-1.5), F(-2)), R1(F(0.49999997), 0), R1(F(8388609), F(8388609)),
         R1(NDEN, NZERO), R1(PINF, PINF), R1(NINF, NINF), R1(NNAN, QNAN), R1(F(-2.7), F(-3)));
    ROWS(IR_OP_ROUND_NI, false,
         R1(F(-0.5), F(-1)), R1(F(0.5), 0), R1(NZERO, NZERO), R1(NDEN, NZERO), R1(DEN, 0),
         R1(F(2.99), F(2)), R1(NINF, NINF), R1(QNAN, QNAN));
    ROWS(IR_OP_ROUND_PI, false,
         R1(F(-0.5), NZERO), R1(F(0.5), F(1)), R1(F(2.01), F(3)), R1(DEN, 0), R1(PINF, PINF));
    ROWS(IR_OP_ROUND_Z, false,
         R1(F(-1.7), F(-1)), R1(F(1.7), F(1)), R1(F(-0.3), NZERO), R1(NDEN, NZERO),
         R1(F(1e30), F(1e30)), R1(NNAN, QNAN));
}

TEST(vm_exp_log)
{
    ROWS(IR_OP_EXP, false,                  /* table 22.10.6 */
         R1(F(3), F(8)), R1(F(-1), F(0.5)), R1(NINF, 0), R1(PINF, PINF), R1(NZERO, ONE),
         R1(0, ONE), R1(DEN, ONE), R1(NDEN, ONE), R1(NNAN, QNAN), R1(F(200), PINF),
         R1(F(-130), 0),                    /* 2^-130 is a denormal: flushed */
         R1(F(-126), 0x00800000u));
    ROWS(IR_OP_LOG, false,                  /* table 22.10.8 */
         R1(F(8), F(3)), R1(ONE, 0), R1(F(0.25), F(-2)), R1(NZERO, NINF), R1(0, NINF),
         R1(DEN, NINF), R1(NDEN, NINF), R1(F(-1), QNAN), R1(NINF, QNAN), R1(PINF, PINF),
         R1(QNAN, QNAN));
    /* other inputs: exactly what vm_math.c's algorithms give (their precision: test_jit.c) */
    static const float xs[] = {0.1f, 1.7f, -3.3f, 10.5f, 100.0f};
    struct row r[10];
    for (unsigned k = 0; k < 5; k++) {
        r[k] = (struct row){fbits(xs[k]), 0, 0, 0, fbits(ref_exp2f(xs[k])), 0};
        r[5 + k] = (struct row){fbits(fabsf(xs[k])), 0, 0, 0, fbits(ref_log2f(fabsf(xs[k]))), 0};
    }
    alu_rows(IR_OP_EXP, false, r, 5, false);
    alu_rows(IR_OP_LOG, false, r + 5, 5, false);
}

TEST(vm_sqrt_rsq_rcp)
{
    ROWS(IR_OP_SQRT, false,                 /* table 22.10.21 */
         R1(F(4), F(2)), R1(NZERO, NZERO), R1(NDEN, NZERO), R1(DEN, 0), R1(F(-1), QNAN),
         R1(PINF, PINF), R1(NINF, QNAN), R1(F(2), 0x3fb504f3u), R1(NNAN, QNAN));
    ROWS(IR_OP_RSQ, false,                  /* table 22.10.19 */
         R1(F(4), F(0.5)), R1(NZERO, NINF), R1(0, PINF), R1(NDEN, NINF), R1(DEN, PINF),
         R1(PINF, 0), R1(NINF, QNAN), R1(F(-1), QNAN), R1(QNAN, QNAN));
    ROWS(IR_OP_RCP, false,                  /* table 22.10.18 */
         R1(F(2), F(0.5)), R1(NINF, NZERO), R1(PINF, 0), R1(NZERO, NINF), R1(0, PINF),
         R1(DEN, PINF), R1(NDEN, NINF), R1(F(3), 0x3eaaaaabu), R1(F(-4), F(-0.25)),
         R1(0x7f000000u, 0),                /* 1/2^127 = 2^-127: a denormal, flushed */
         R1(NNAN, QNAN));
}

TEST(vm_sincos)
{
    /* table 22.10.20; finite inputs give exactly vm_math.c's sin/cos */
    static const uint32_t in[] = {0, NZERO, DEN, NDEN, PINF, NINF, NNAN, 0x3fc90fdbu /* pi/2 */,
                                  0x40490fdbu, 0xc1200000u /* -10 */, 0x4e6e6b28u /* 1e9 */};
    static const uint32_t sin_want[] = {0, NZERO, 0, NZERO, QNAN, QNAN, QNAN};
    static const uint32_t cos_want[] = {ONE, ONE, ONE, ONE, QNAN, QNAN, QNAN};
    struct row r[11];
    for (unsigned k = 0; k < 11; k++) {
        float f = bitsf(in[k]);
        r[k].a = in[k];
        r[k].r0 = k < 7 ? sin_want[k] : fbits(ref_sinf(f));
        r[k].r1 = k < 7 ? cos_want[k] : fbits(ref_cosf(f));
    }
    alu_rows(IR_OP_SINCOS, false, r, 11, true);
}

TEST(vm_dp_order_and_replication)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 1, 2, 3);
    struct ir_instruction *i = vt_ins(&t, IR_OP_DP4);
    i->dst[0] = vt_o(0, 0xf);
    i->src[0] = vt_v(0, IR_SWIZZLE_XYZW);
    i->src[1] = vt_v(1, IR_SWIZZLE_XYZW);
    i = vt_ins(&t, IR_OP_DP3);
    i->dst[0] = vt_o(1, 0x6);
    i->src[0] = vt_v(0, IR_SWIZZLE_XYZW);
    i->src[1] = vt_v(1, IR_SWIZZLE_XYZW);
    i = vt_ins(&t, IR_OP_DP2);
    i->dst[0] = vt_o(2, 0x1);
    i->src[0] = vt_v(0, IR_SWIZZLE(3, 2, 1, 0));
    i->src[1] = vt_v(1, IR_SWIZZLE_XYZW);
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    static const float a[3][4] = {{1, 2, 3, 4}, {1e8f, 1, -1e8f, 1}, {INFINITY, 0, 1, 1}};
    static const float b[3][4] = {{5, 6, 7, 8}, {1, 1, 1, 1}, {0, 1, 1, 1}};
    for (unsigned l = 0; l < 3; l++)
        for (unsigned c = 0; c < 4; c++) {
            t.in[0][c][l] = fbits(a[l][c]);
            t.in[1][c][l] = fbits(b[l][c]);
        }
    vt_run(&t, 7);
    for (unsigned c = 0; c < 4; c++) {
        CHECK_BITS(t.out[0][c][0], F(70), "dp4 replicated", c);
        /* ((1e8 + 1) - 1e8) + 1: 1e8 + 1 rounds to 1e8, in this order only */
        CHECK_BITS(t.out[0][c][1], F(1), "dp4 order", c);
        CHECK_BITS(t.out[0][c][2], QNAN, "dp4 inf*0", c);
    }
    CHECK_BITS(t.out[1][0][0], 0, "dp3 mask x", 0);
    CHECK_BITS(t.out[1][1][0], F(38), "dp3 mask y", 0);
    CHECK_BITS(t.out[1][2][0], F(38), "dp3 mask z", 0);
    CHECK_BITS(t.out[1][3][0], 0, "dp3 mask w", 0);
    CHECK_BITS(t.out[2][0][0], F(4 * 5 + 3 * 6), "dp2 swizzled", 0);
    vt_free(&t);
}

TEST(vm_float_compare)
{
    /* 3.1.3.1: NaN compares false except ne; +0 == -0; denormals are zeros */
    struct { enum ir_opcode op; uint32_t a, b, want; } c[] = {
        {IR_OP_EQ, F(1), F(1), ~0u}, {IR_OP_EQ, NZERO, 0, ~0u}, {IR_OP_EQ, DEN, 0, ~0u},
        {IR_OP_EQ, QNAN, QNAN, 0}, {IR_OP_EQ, F(1), F(2), 0},
        {IR_OP_NE, QNAN, QNAN, ~0u}, {IR_OP_NE, F(1), QNAN, ~0u}, {IR_OP_NE, NZERO, 0, 0},
        {IR_OP_LT, NINF, PINF, ~0u}, {IR_OP_LT, QNAN, F(1), 0}, {IR_OP_LT, F(1), QNAN, 0},
        {IR_OP_LT, NZERO, 0, 0}, {IR_OP_LT, NDEN, DEN, 0}, {IR_OP_LT, FMAX, PINF, ~0u},
        {IR_OP_GE, NZERO, 0, ~0u}, {IR_OP_GE, QNAN, QNAN, 0}, {IR_OP_GE, F(2), F(1), ~0u},
        {IR_OP_GE, F(1), F(2), 0},
    };
    for (unsigned k = 0; k < sizeof(c) / sizeof(c[0]); k++) {
        struct row r = R2(c[k].a, c[k].b, c[k].want);
        alu_rows(c[k].op, false, &r, 1, false);
    }
}

TEST(vm_saturate)
{
    /* _sat: [0, 1], NaN -> 0, -0 -> +0, denormals -> 0 */
    ROWS(IR_OP_MOV, true,
         R1(QNAN, 0), R1(NNAN, 0), R1(NZERO, 0), R1(F(2), ONE), R1(F(0.5), F(0.5)),
         R1(F(-1), 0), R1(DEN, 0), R1(PINF, ONE), R1(NINF, 0), R1(ONE, ONE));
    ROWS(IR_OP_ADD, true,
         R2(F(0.75), F(0.75), ONE), R2(PINF, NINF, 0), R2(F(-0.25), F(0.5), F(0.25)));
    ROWS(IR_OP_ITOF, true, R1(5, ONE), R1(0xffffffffu, 0));
}

/* ---- moves ------------------------------------------------------------------------------------- */

TEST(vm_mov_movc_swapc_keep_bits)
{
    /* 3.1.3.2: mov and conditional moves do not alter data (denormals, NaN payloads stay) */
    ROWS(IR_OP_MOV, false, R1(DEN, DEN), R1(NNAN, NNAN), R1(NDEN, NDEN), R1(0xdeadbeefu, 0xdeadbeefu));
    ROWS(IR_OP_MOVC, false,
         R3(1, DEN, F(2), DEN), R3(0, DEN, NNAN, NNAN),
         R3(NZERO, F(1), F(2), F(1)),       /* the test is on all 32 bits: -0 is "true" */
         R3(0xffffffffu, 7, 8, 7));
    ROWS2(IR_OP_SWAPC,
          {1, NNAN, DEN, 0, DEN, NNAN},     /* d0 = c ? b : a; d1 = c ? a : b */
          {0, NNAN, DEN, 0, NNAN, DEN});
}

TEST(vm_source_modifiers)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 1, 2, 4);
    /* mov o0, -|v0| ; add o1, -v0, v1 ; iadd o2, v1, -v0 ; mov o3, -v0 (denormal: sign only) */
    struct ir_instruction *i = vt_ins(&t, IR_OP_MOV);
    i->dst[0] = vt_o(0, 0xf);
    i->src[0] = vt_v(0, IR_SWIZZLE_XYZW);
    i->src[0].modifiers = IR_MOD_NEG | IR_MOD_ABS;
    i = vt_ins(&t, IR_OP_ADD);
    i->dst[0] = vt_o(1, 0xf);
    i->src[0] = vt_v(0, IR_SWIZZLE_XYZW);
    i->src[0].modifiers = IR_MOD_NEG;
    i->src[1] = vt_v(1, IR_SWIZZLE_XYZW);
    i = vt_ins(&t, IR_OP_IADD);
    i->dst[0] = vt_o(2, 0xf);
    i->src[0] = vt_v(1, IR_SWIZZLE_XYZW);
    i->src[1] = vt_v(0, IR_SWIZZLE_XYZW);
    i->src[1].modifiers = IR_MOD_NEG;
    i = vt_ins(&t, IR_OP_IMAX);
    i->dst[0] = vt_o(3, 0xf);
    i->src[0] = vt_v(0, IR_SWIZZLE_XYZW);
    i->src[0].modifiers = IR_MOD_ABS;
    i->src[1] = ir_imm1(0);
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    t.in[0][0][0] = F(3);
    t.in[0][1][0] = F(-3);
    t.in[0][2][0] = DEN;
    t.in[0][3][0] = 0xfffffffbu;  /* -5 as an integer */
    for (unsigned c = 0; c < 4; c++)
        t.in[1][c][0] = F(1);
    t.in[1][3][0] = 10;
    vt_run(&t, 1);
    CHECK_BITS(t.out[0][0][0], F(-3), "-|v|", 0);
    CHECK_BITS(t.out[0][1][0], F(-3), "-|v|", 1);
    CHECK_BITS(t.out[0][2][0], NDEN, "-|denorm| is a sign flip", 2);
    CHECK_BITS(t.out[1][0][0], F(-2), "-v + 1", 0);
    CHECK_BITS(t.out[1][1][0], F(4), "-v + 1", 1);
    CHECK_BITS(t.out[1][2][0], ONE, "-denorm + 1", 2);
    CHECK_BITS(t.out[2][3][0], 15, "integer negate: 10 - (-5)", 3);
    CHECK_BITS(t.out[3][3][0], 5, "integer abs", 3);
    vt_free(&t);
}

TEST(vm_write_mask_and_swizzle)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 1, 1, 1);
    struct ir_instruction *i = vt_ins(&t, IR_OP_MOV);
    i->dst[0] = vt_o(0, 0xa);                       /* o0.yw */
    i->src[0] = vt_v(0, IR_SWIZZLE(2, 0, 3, 1));    /* v0.zxwy */
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    for (unsigned l = 0; l < VM_LANES; l++)
        for (unsigned c = 0; c < 4; c++)
            t.in[0][c][l] = 100 * l + c;
    vt_run(&t, 0x00ff);
    for (unsigned l = 0; l < VM_LANES; l++) {
        bool on = l < 8;
        CHECK_BITS(t.out[0][0][l], 0, "o0.x untouched", l);
        CHECK_BITS(t.out[0][1][l], on ? 100 * l + 0 : 0, "o0.y = v0.x", l);
        CHECK_BITS(t.out[0][2][l], 0, "o0.z untouched", l);
        CHECK_BITS(t.out[0][3][l], on ? 100 * l + 1 : 0, "o0.w = v0.y", l);
    }
    vt_free(&t);
}

/* ---- conversions (spec 22.13, 3.2.2) ---------------------------------------------------------- */

TEST(vm_ftoi_ftou)
{
    ROWS(IR_OP_FTOI, false,                 /* 22.13.3 */
         R1(F(1.9), 1), R1(F(-1.9), 0xffffffffu), R1(QNAN, 0), R1(NNAN, 0),
         R1(PINF, 0x7fffffffu), R1(NINF, 0x80000000u), R1(F(2147483648.0), 0x7fffffffu),
         R1(F(-2147483648.0), 0x80000000u), R1(0x4effffffu, 2147483520u),
         R1(F(-3e9), 0x80000000u), R1(DEN, 0), R1(NZERO, 0), R1(F(1e30), 0x7fffffffu));
    ROWS(IR_OP_FTOU, false,                 /* 22.13.4 */
         R1(F(-1), 0), R1(F(-0.5), 0), R1(QNAN, 0), R1(PINF, 0xffffffffu), R1(NINF, 0),
         R1(0x4f7fffffu, 4294967040u), R1(F(4294967296.0), 0xffffffffu), R1(F(3.99), 3),
         R1(DEN, 0), R1(F(2147483648.0), 0x80000000u));
}

TEST(vm_itof_utof)
{
    ROWS(IR_OP_ITOF, false,                 /* 22.13.5: round to nearest even */
         R1(0xffffffffu, F(-1)), R1(0x80000000u, F(-2147483648.0)), R1(16777217, F(16777216)),
         R1(16777219, F(16777220)), R1(0x7fffffffu, F(2147483648.0)), R1(0, 0));
    ROWS(IR_OP_UTOF, false,                 /* 22.13.6 */
         R1(0xffffffffu, 0x4f800000u), R1(16777217, F(16777216)), R1(0x80000000u, 0x4f000000u),
         R1(1, ONE));
}

TEST(vm_f32tof16_f16tof32)
{
    ROWS(IR_OP_F32TOF16, false,             /* 22.13.2 with the rules of 3.2.2 */
         R1(ONE, 0x3c00), R1(F(-2), 0xc000), R1(F(65504), 0x7bff),
         R1(F(65519), 0x7bff),              /* round toward zero */
         R1(F(1e6), 0x7bff), R1(F(-1e6), 0xfbff), /* too large: largest finite, not INF */
         R1(PINF, 0x7c00), R1(NINF, 0xfc00), R1(QNAN, 0x7e00), R1(DEN, 0), R1(NZERO, 0x8000),
         R1(0x33800000u, 0x0001),           /* 2^-24: smallest half denormal */
         R1(0x33000000u, 0),                /* 2^-25 */
         R1(0x33c00000u, 0x0001),           /* 1.5 * 2^-24 truncated */
         R1(0x38800000u, 0x0400),           /* 2^-14: smallest normal half */
         R1(0x3f802000u, 0x3c01),           /* 1 + 2^-10 */
         R1(0x3f801000u, 0x3c00));          /* 1 + 2^-11 truncated */
    ROWS(IR_OP_F16TOF32, false,             /* 22.13.1: exact */
         R1(0x3c00, ONE), R1(0x0001, 0x33800000u), R1(0x03ff, 0x387fc000u), R1(0x7c00, PINF),
         R1(0xfc00, NINF), R1(0x8000, NZERO), R1(0xffff3c00u, ONE) /* upper bits ignored */,
         R1(0x7bff, F(65504)), R1(0xc000, F(-2)), R1(0x7e00, QNAN), R1(0xfe00, 0xffc00000u));
}

/* ---- integer arithmetic (spec 22.12) ---------------------------------------------------------- */

TEST(vm_integer_arithmetic)
{
    ROWS(IR_OP_IADD, false, R2(0xffffffffu, 1, 0), R2(0x7fffffffu, 1, 0x80000000u), R2(5, 7, 12));
    ROWS(IR_OP_INEG, false, R1(1, 0xffffffffu), R1(0x80000000u, 0x80000000u), R1(0, 0));
    ROWS(IR_OP_IMAD, false, R3(0xffffffffu, 3, 10, 7), R3(0x10000, 0x10000, 5, 5));
    ROWS(IR_OP_UMAD, false, R3(0xffffffffu, 0xffffffffu, 1, 2));
    ROWS(IR_OP_IMAX, false, R2(0xffffffffu, 1, 1), R2(0x80000000u, 0x7fffffffu, 0x7fffffffu));
    ROWS(IR_OP_IMIN, false, R2(0xffffffffu, 1, 0xffffffffu), R2(0x80000000u, 0, 0x80000000u));
    ROWS(IR_OP_UMAX, false, R2(0xffffffffu, 1, 0xffffffffu));
    ROWS(IR_OP_UMIN, false, R2(0xffffffffu, 1, 1));
    /* two destinations: hi/lo, quotient/remainder, result/carry */
    ROWS2(IR_OP_IMUL,
          {0xffffffffu, 1, 0, 0, 0xffffffffu, 0xffffffffu},
          {0x80000000u, 0x80000000u, 0, 0, 0x40000000u, 0},
          {0x7fffffffu, 2, 0, 0, 0, 0xfffffffeu},
          {0xfffffffeu, 3, 0, 0, 0xffffffffu, 0xfffffffau});
    ROWS2(IR_OP_UMUL,
          {0xffffffffu, 0xffffffffu, 0, 0, 0xfffffffeu, 1},
          {0x10000, 0x10000, 0, 0, 1, 0});
    ROWS2(IR_OP_UDIV,
          {7, 2, 0, 0, 3, 1},
          {7, 0, 0, 0, 0xffffffffu, 0xffffffffu},   /* 22.12.9: divide by 0 */
          {0, 0, 0, 0, 0xffffffffu, 0xffffffffu},
          {0xffffffffu, 0x10, 0, 0, 0x0fffffffu, 0xf});
    ROWS2(IR_OP_UADDC,
          {0xffffffffu, 1, 0, 0, 0, 1},
          {5, 6, 0, 0, 11, 0},
          {0xffffffffu, 0xffffffffu, 0, 0, 0xfffffffeu, 1});
    ROWS2(IR_OP_USUBB,
          {0, 1, 0, 0, 0xffffffffu, 1},
          {6, 5, 0, 0, 1, 0},
          {5, 5, 0, 0, 0, 0});
}

TEST(vm_shifts_and_integer_compares)
{
    /* 22.11.7/8/12: only the low 5 bits of the count */
    ROWS(IR_OP_ISHL, false, R2(1, 33, 2), R2(1, 31, 0x80000000u), R2(3, 32, 3), R2(1, 0xffffffe1u, 2));
    ROWS(IR_OP_ISHR, false, R2(0x80000000u, 31, 0xffffffffu), R2(0x80000000u, 32, 0x80000000u),
         R2(0x40000000u, 30, 1), R2(0xfffffff0u, 2, 0xfffffffcu));
    ROWS(IR_OP_USHR, false, R2(0x80000000u, 31, 1), R2(0x80000000u, 63, 1), R2(0xff, 4, 0xf));
    ROWS(IR_OP_IEQ, false, R2(5, 5, ~0u), R2(5, 6, 0));
    ROWS(IR_OP_INE, false, R2(5, 5, 0), R2(5, 6, ~0u));
    ROWS(IR_OP_ILT, false, R2(0xffffffffu, 0, ~0u), R2(0, 0xffffffffu, 0));
    ROWS(IR_OP_IGE, false, R2(0xffffffffu, 0, 0), R2(0x80000000u, 0x80000000u, ~0u));
    ROWS(IR_OP_ULT, false, R2(0xffffffffu, 0, 0), R2(0, 0xffffffffu, ~0u));
    ROWS(IR_OP_UGE, false, R2(0xffffffffu, 0, ~0u), R2(3, 3, ~0u), R2(2, 3, 0));
}

/* ---- bitwise (spec 22.11) ---------------------------------------------------------------------- */

TEST(vm_bitwise)
{
    ROWS(IR_OP_AND, false, R2(0xf0f0f0f0u, 0xff00ff00u, 0xf000f000u));
    ROWS(IR_OP_OR, false, R2(0xf0f0f0f0u, 0x0f000000u, 0xfff0f0f0u));
    ROWS(IR_OP_XOR, false, R2(0xffffffffu, 0x0f0f0f0fu, 0xf0f0f0f0u));
    ROWS(IR_OP_NOT, false, R1(0, 0xffffffffu), R1(0x12345678u, 0xedcba987u));
    ROWS(IR_OP_COUNTBITS, false, R1(0xffffffffu, 32), R1(0, 0), R1(0x80000001u, 2),
         R1(0x12345678u, 13));
    ROWS(IR_OP_FIRSTBIT_HI, false,          /* 22.11.5: counted from the MSB */
         R1(0x10000000u, 3), R1(1, 31), R1(0x80000000u, 0), R1(0, 0xffffffffu));
    ROWS(IR_OP_FIRSTBIT_LO, false, R1(8, 3), R1(1, 0), R1(0x80000000u, 31), R1(0, 0xffffffffu));
    ROWS(IR_OP_FIRSTBIT_SHI, false,
         R1(0xffffffffu, 0xffffffffu), R1(0, 0xffffffffu), R1(0xf0000000u, 4),
         R1(0x00010000u, 15), R1(0x80000000u, 1), R1(0xfffeffffu, 15));
    ROWS(IR_OP_BFREV, false, R1(0x12345678u, 0x1e6a2c48u) /* the spec's example */,
         R1(1, 0x80000000u), R1(0, 0));
    /* ubfe/ibfe width, offset, value (22.11.11/6) */
    ROWS(IR_OP_UBFE, false,
         R3(8, 4, 0x12345678u, 0x67), R3(0, 4, 0xffffffffu, 0), R3(4, 28, 0x80000000u, 8),
         R3(31, 1, 0xffffffffu, 0x7fffffffu), R3(36, 33, 0x12345678u, 0xc) /* low 5 bits: 4, 1 */);
    ROWS(IR_OP_IBFE, false,
         R3(4, 28, 0x80000000u, 0xfffffff8u), R3(8, 4, 0x00000f80u, 0xfffffff8u),
         R3(8, 4, 0x00000780u, 0x78), R3(0, 0, 0xffffffffu, 0));
    /* bfi width, offset, insert, base (22.11.2) */
    struct row r[] = {
        {8, 4, 0xff, 0xffff0000u, 0xffff0ff0u, 0},
        {0, 4, 0xff, 0x12345678u, 0x12345678u, 0},
        {4, 30, 0xf, 0, 0xc0000000u, 0},
        {31, 0, 0xffffffffu, 0, 0x7fffffffu, 0},
    };
    alu_rows(IR_OP_BFI, false, r, 4, false);
}

/* ---- operand access ---------------------------------------------------------------------------- */

TEST(vm_undeclared_input_components_read_zero)
{
    struct vt t;
    memset(&t, 0, sizeof(t));
    ir_program_init(&t.ir, IR_SHADER_VERTEX, IR_SOURCE_TPF, 4, 0);
    ir_program_add_input(&t.ir, IR_FILE_INPUT, 0, 0x3);     /* v0.xy only */
    ir_program_add_output(&t.ir, IR_FILE_OUTPUT, 0, 0xf);
    struct ir_instruction *i = vt_ins(&t, IR_OP_MOV);
    i->dst[0] = vt_o(0, 0xf);
    i->src[0] = vt_v(0, IR_SWIZZLE(0, 1, 2, 3));
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    for (unsigned c = 0; c < 4; c++)
        t.in[0][c][0] = 0x11111111u * (c + 1);
    vt_run(&t, 1);
    CHECK_BITS(t.out[0][0][0], 0x11111111u, "v0.x", 0);
    CHECK_BITS(t.out[0][1][0], 0x22222222u, "v0.y", 1);
    CHECK_BITS(t.out[0][2][0], 0, "undeclared v0.z", 2);
    CHECK_BITS(t.out[0][3][0], 0, "undeclared v0.w", 3);
    vt_free(&t);
}

/* o0 = cb0[v0.x + 1] per lane (dynamic), o1 = cb0[2] (immediate), o2 = cb1[0] (unbound) */
TEST(vm_constant_buffers)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 1, 1, 3);
    struct ir_cbuffer *cb = ir_program_add_cbuffer(&t.ir, 0, 8);
    cb->dynamic = 1;
    ir_program_add_cbuffer(&t.ir, 1, 4);
    struct ir_instruction *i = vt_ins(&t, IR_OP_MOV);
    i->dst[0] = vt_o(0, 0xf);
    i->src[0] = ir_reg(IR_FILE_CONSTANT_BUFFER, 0, 1);
    i->src[0].index[1].rel.file = IR_FILE_INPUT;
    i->src[0].index[1].rel.reg = 0;
    i->src[0].index[1].rel.component = 0;
    i = vt_ins(&t, IR_OP_MOV);
    i->dst[0] = vt_o(1, 0xf);
    i->src[0] = ir_reg(IR_FILE_CONSTANT_BUFFER, 0, 2);
    i->src[0].swizzle = IR_SWIZZLE(3, 2, 1, 0);
    i = vt_ins(&t, IR_OP_MOV);
    i->dst[0] = vt_o(2, 0xf);
    i->src[0] = ir_reg(IR_FILE_CONSTANT_BUFFER, 1, 0);
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    uint32_t data[4 * 5]; /* only 5 of the 8 declared vectors are bound */
    for (unsigned k = 0; k < 20; k++)
        data[k] = 1000 + k;
    t.env.cb[0].data = data;
    t.env.cb[0].size = 5;
    /* per lane: v0.x = -2, -1, 0, 1, 2, 3, 4, 0x7fffffff, 0x80000000, 0xffffffff, ... */
    static const int32_t rel[VM_LANES] = {-2, -1, 0, 1, 2, 3, 4, 0x7fffffff, INT32_MIN, 7, 5,
                                          -0x7fffffff, 1000000, 2, 3, 0};
    for (unsigned l = 0; l < VM_LANES; l++)
        memcpy(&t.in[0][0][l], &rel[l], 4);
    vt_run(&t, VM_ALL_LANES);
    for (unsigned l = 0; l < VM_LANES; l++) {
        int64_t idx = (int64_t)rel[l] + 1;
        for (unsigned c = 0; c < 4; c++) {
            uint32_t want = idx >= 0 && idx < 5 ? data[4 * idx + c] : 0; /* out of range: 0 */
            CHECK_BITS(t.out[0][c][l], want, "cb0[v0.x + 1]", l * 4 + c);
            CHECK_BITS(t.out[1][c][l], data[8 + 3 - c], "cb0[2].wzyx", l * 4 + c);
            CHECK_BITS(t.out[2][c][l], 0, "unbound cb1", l * 4 + c);
        }
    }
    /* the same buffer bound with only 2 vectors: cb0[2] reads 0 (5.3.4.3.2) */
    t.env.cb[0].size = 2;
    vt_run(&t, 1);
    CHECK_BITS(t.out[1][0][0], 0, "cb0[2] past the bound size", 0);
    vt_free(&t);
}

TEST(vm_immediate_constant_buffer)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 1, 1, 1);
    uint32_t icb[12];
    for (unsigned k = 0; k < 12; k++)
        icb[k] = 0xabc00 + k;
    CHECK_EQ(ir_program_set_icb(&t.ir, icb, 3), IR_OK);
    struct ir_instruction *i = vt_ins(&t, IR_OP_MOV);
    i->dst[0] = vt_o(0, 0xf);
    i->src[0] = ir_reg(IR_FILE_IMMEDIATE_CB, 1, 0);
    i->src[0].index[0].rel.file = IR_FILE_INPUT;
    i->src[0].index[0].rel.reg = 0;
    i->src[0].index[0].rel.component = 1;
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    static const int32_t rel[6] = {-1, 0, 1, 2, -2, 0x7fffffff};
    for (unsigned l = 0; l < 6; l++)
        memcpy(&t.in[0][1][l], &rel[l], 4);
    vt_run(&t, 0x3f);
    for (unsigned l = 0; l < 6; l++) {
        int64_t idx = (int64_t)rel[l] + 1;
        for (unsigned c = 0; c < 4; c++)
            CHECK_BITS(t.out[0][c][l], idx >= 0 && idx < 3 ? icb[4 * idx + c] : 0, "icb[v0.y + 1]",
                       l * 4 + c);
    }
    vt_free(&t);
}

/* x0[4] with 2 components: x0[v0.x].xy = v1.xy per lane, then o0 = x0[v0.y].xyzw per lane. */
TEST(vm_indexable_temps)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 1, 2, 1);
    ir_program_add_indexable_temp(&t.ir, 3, 4, 2);
    struct ir_instruction *i = vt_ins(&t, IR_OP_MOV);
    i->dst[0] = ir_reg(IR_FILE_INDEXABLE_TEMP, 3, 0);
    i->dst[0].mask = 0x3;
    i->dst[0].index[1].rel.file = IR_FILE_INPUT;
    i->dst[0].index[1].rel.reg = 0;
    i->dst[0].index[1].rel.component = 0;
    i->src[0] = vt_v(1, IR_SWIZZLE_XYZW);
    i = vt_ins(&t, IR_OP_MOV);
    i->dst[0] = vt_o(0, 0xf);
    i->src[0] = ir_reg(IR_FILE_INDEXABLE_TEMP, 3, 0);
    i->src[0].index[1].rel.file = IR_FILE_INPUT;
    i->src[0].index[1].rel.reg = 0;
    i->src[0].index[1].rel.component = 1;
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    /* lane l writes element w[l] (out of range ones are dropped) and reads element r[l] */
    static const int32_t w[8] = {0, 1, 2, 3, 4, -1, 2, 0x40000000};
    static const int32_t r[8] = {0, 1, 2, 3, 4, -1, 2, 3};
    for (unsigned l = 0; l < 8; l++) {
        memcpy(&t.in[0][0][l], &w[l], 4);
        memcpy(&t.in[0][1][l], &r[l], 4);
        for (unsigned c = 0; c < 4; c++)
            t.in[1][c][l] = 100 * (l + 1) + c;
    }
    vt_run(&t, 0xff);
    for (unsigned l = 0; l < 8; l++) {
        bool in_range = r[l] >= 0 && r[l] < 4;
        /* the register is per lane: lane l sees only what lane l wrote */
        bool wrote = in_range && w[l] == r[l];
        CHECK_BITS(t.out[0][0][l], wrote ? 100 * (l + 1) : 0, "x3[r].x", l);
        CHECK_BITS(t.out[0][1][l], wrote ? 100 * (l + 1) + 1 : 0, "x3[r].y", l);
        CHECK_BITS(t.out[0][2][l], 0, "x3[r].z (undeclared component)", l);
        CHECK_BITS(t.out[0][3][l], 0, "x3[r].w", l);
    }
    vt_free(&t);
}

/* mov o[v0.x + 1], v1 with o1..o2 an index range: out-of-range writes are dropped. */
TEST(vm_relative_outputs)
{
    struct vt t;
    vt_begin(&t, IR_SHADER_VERTEX, 1, 2, 3);
    ir_program_add_index_range(&t.ir, IR_FILE_OUTPUT, 1, 2, 0xf);
    struct ir_instruction *i = vt_ins(&t, IR_OP_MOV);
    i->dst[0] = vt_o(1, 0xf);
    i->dst[0].index[0].rel.file = IR_FILE_INPUT;
    i->dst[0].index[0].rel.reg = 0;
    i->src[0] = vt_v(1, IR_SWIZZLE_XYZW);
    if (!vt_finish(&t)) {
        vt_free(&t);
        return;
    }
    static const int32_t rel[5] = {0, 1, 2, -1, -2};
    for (unsigned l = 0; l < 5; l++) {
        memcpy(&t.in[0][0][l], &rel[l], 4);
        t.in[1][0][l] = 7 + l;
    }
    vt_run(&t, 0x1f);
    for (unsigned l = 0; l < 5; l++)
        for (unsigned o = 0; o < 3; o++)
            CHECK_BITS(t.out[o][0][l], (int32_t)o == rel[l] + 1 ? 7 + l : 0, "o[v0.x + 1]",
                       l * 3 + o);
    vt_free(&t);
}

/* ---- API ---------------------------------------------------------------------------------------- */

TEST(vm_api_arguments)
{
    struct vm_program *p = (struct vm_program *)1;
    struct vm_state *s = (struct vm_state *)1;
    CHECK_EQ(vm_program_create(NULL, &p), VM_E_INVALID);
    CHECK(p == NULL);
    CHECK_EQ(vm_state_create(NULL, &s), VM_E_INVALID);
    CHECK(s == NULL);
    vm_program_destroy(NULL);
    vm_state_destroy(NULL);
    CHECK_EQ(vm_run(NULL, NULL, NULL, 1), 0);
    struct vm_env env;
    memset(&env, 0, sizeof(env));
    CHECK_EQ(vm_run(NULL, NULL, &env, 1), 0);

    /* a state too small for a program runs nothing */
    struct vt a, b;
    vt_begin(&a, IR_SHADER_VERTEX, 1, 0, 1);
    vt_ins(&a, IR_OP_RET);
    vt_begin(&b, IR_SHADER_VERTEX, 64, 0, 1);
    vt_ins(&b, IR_OP_RET);
    if (vt_finish(&a) && vt_finish(&b)) {
        CHECK(!vm_state_fits(a.st, b.prog));
        CHECK(vm_state_fits(b.st, a.prog));
        CHECK_EQ(vm_run(b.prog, a.st, &a.env, 1), 0);
        CHECK_EQ(vm_run(a.prog, b.st, &a.env, 1), 1);
        CHECK_EQ(vm_program_output_count(a.prog), 1);
        CHECK_EQ(vm_program_input_count(a.prog), 0);
    }
    vt_free(&a);
    vt_free(&b);
}

/* Unvalidated IR whose register numbers point past the declarations is refused. */
TEST(vm_refuses_out_of_range_ir)
{
    struct ir_program ir;
    ir_program_init(&ir, IR_SHADER_VERTEX, IR_SOURCE_TPF, 4, 0);
    ir.temp_count = 1;
    struct ir_instruction *i = ir_program_add_instruction(&ir, IR_OP_MOV);
    i->dst[0] = vt_r(5, 0xf);   /* r5 with one temp */
    i->src[0] = vt_rs(0, IR_SWIZZLE_XYZW);
    struct vm_program *p;
    CHECK_EQ(vm_program_create(&ir, &p), VM_E_INVALID);
    CHECK(p == NULL);
    i->dst[0] = vt_r(0, 0xf);
    i->src[0] = ir_reg(IR_FILE_CONSTANT_BUFFER, 99, 0);
    CHECK_EQ(vm_program_create(&ir, &p), VM_E_INVALID);
    i->src[0] = vt_rs(0, IR_SWIZZLE_XYZW);
    i = ir_program_add_instruction(&ir, IR_OP_ENDIF);
    i->link = 77;
    CHECK_EQ(vm_program_create(&ir, &p), VM_E_INVALID);
    ir_program_free(&ir);
}

/* Every ALU opcode on random and special bit patterns in every lane: the sanitizer build
 * catches any undefined behaviour (float -> int conversions, shifts, overflow), and the
 * results must not depend on the other lanes: each lane is rerun alone and compared. */
TEST(vm_alu_random_bits_defined)
{
    static const uint32_t specials[] = {0, NZERO, DEN, NDEN, BIGDEN, PINF, NINF, QNAN, NNAN,
                                        FMAX, 0x80800000u, 0x4f000000u, 0xcf000000u,
                                        0x4f800000u, 0x7fffffffu, 0xffffffffu, 1, 31, 32, 33};
    uint32_t seed = 2024;
    for (unsigned op = 0; op < IR_OP_COUNT; op++) {
        const struct ir_op_info *info = ir_op_get(op);
        if (!info || (info->flags & (IR_OPF_FLOW | IR_OPF_TEX | IR_OPF_GEOMETRY | IR_OPF_MEM | IR_OPF_COMPUTE)) ||
            op == IR_OP_DISCARD || op == IR_OP_NOP || op == IR_OP_CHECK_ACCESS_FULLY_MAPPED)
            continue;
        struct vt t;
        vt_begin(&t, (info->flags & IR_OPF_PIXEL) ? IR_SHADER_PIXEL : IR_SHADER_VERTEX, 1, 4, 2);
        struct ir_instruction *i = vt_ins(&t, (enum ir_opcode)op);
        for (unsigned d = 0; d < info->dst_count; d++)
            i->dst[d] = vt_o(d, 0xf);
        for (unsigned s = 0; s < info->src_count; s++)
            i->src[s] = vt_v(s, IR_SWIZZLE(s & 3, 1, 2, 3));
        if (!vt_finish(&t)) {
            vt_free(&t);
            continue;
        }
        for (unsigned round = 0; round < 8; round++) {
            for (unsigned r = 0; r < 4; r++)
                for (unsigned c = 0; c < 4; c++)
                    for (unsigned l = 0; l < VM_LANES; l++) {
                        seed = seed * 1664525u + 1013904223u;
                        t.in[r][c][l] = round & 1 ? specials[(seed >> 8) % 20] : seed;
                    }
            vt_run(&t, VM_ALL_LANES);
            if (info->flags & IR_OPF_PIXEL)
                continue;   /* derivatives read the quad's other lanes by definition */
            vm_reg all[2];
            memcpy(all, t.out, sizeof(all));
            unsigned l = round % VM_LANES;
            vt_run(&t, 1u << l);
            for (unsigned d = 0; d < info->dst_count; d++)
                for (unsigned c = 0; c < 4; c++)
                    CHECK_BITS(t.out[d][c][l], all[d][c][l], ir_op_name(op), l);
        }
        vt_free(&t);
    }
}
