/* tests/test_om.c — the output merger (src/pipeline/om*.c).
 *
 * Every expectation is computed by hand from the D3D11.3 spec's rules and written as a
 * literal (or as a product of exact dyadic values, which float arithmetic reproduces
 * exactly): depth quantization "+0.5 and truncate" (17.11), every comparison on D16 and D24S8
 * with values that are equal in one precision and not the other, stencil ops with wrap and
 * saturation on both faces, read/write masks, every blend factor on both sides, every op,
 * separate alpha, write masks bit by bit, UNORM rounding, sRGB blending in linear space, float
 * targets without clamping, four targets with four states, partial coverage, and hostile
 * input (NaN, out-of-range pixels, invalid keys).
 */
#include "harness.h"

#include <math.h>
#include <stdlib.h>

#include "pipeline/om.h"
#include "sample/texel.h"

/* DXGI format ids */
enum {
    F_R32G32B32A32_FLOAT = 2,
    F_R16G16B16A16_FLOAT = 10,
    F_D32_FLOAT_S8X24 = 20,
    F_R8G8B8A8_UNORM = 28,
    F_R8G8B8A8_SRGB = 29,
    F_R8G8B8A8_UINT = 30,
    F_R8G8B8A8_SNORM = 31,
    F_R16G16_FLOAT = 34,
    F_D32_FLOAT = 40,
    F_R32_FLOAT = 41,
    F_D24S8 = 45,
    F_R8G8_UNORM = 49,
    F_D16 = 55,
    F_A8_UNORM = 65,
    F_B8G8R8A8_UNORM = 87,
    F_B8G8R8X8_UNORM = 88,
};

static int same_float(float a, float b)
{
    return (a == b && !signbit(a) == !signbit(b)) || (a != a && b != b);
}

#define CHECK_F(a, b)                                                                        \
    do {                                                                                     \
        float cf_a_ = (a), cf_b_ = (b);                                                      \
        if (!same_float(cf_a_, cf_b_))                                                       \
            harness_fail(__FILE__, __LINE__, "%s == %s: %.9g (%a) != %.9g (%a)", #a, #b,     \
                         (double)cf_a_, (double)cf_a_, (double)cf_b_, (double)cf_b_);        \
    } while (0)

/* ---- fixtures -------------------------------------------------------------------------------- */

/* A surface of w x h pixels of `bpp` bytes, with 64 guard bytes on each side. */
struct surf {
    uint8_t *mem;
    size_t bpp, size;
    struct om_surface s;
};

static void surf_init(struct surf *t, uint32_t w, uint32_t h, size_t bpp, uint8_t fill)
{
    t->bpp = bpp;
    t->size = w * h * bpp;
    t->mem = malloc(t->size + 128);
    memset(t->mem, 0xEE, t->size + 128);
    memset(t->mem + 64, fill, t->size);
    t->s.data = t->mem + 64;
    t->s.row_pitch = w * bpp;
    t->s.width = w;
    t->s.height = h;
}

static int surf_guards_intact(const struct surf *t)
{
    for (size_t i = 0; i < 64; i++)
        if (t->mem[i] != 0xEE || t->mem[64 + t->size + i] != 0xEE)
            return 0;
    return 1;
}

static void surf_free(struct surf *t)
{
    free(t->mem);
}

static uint8_t *px(struct surf *t, uint32_t x, uint32_t y)
{
    return t->s.data + y * t->s.row_pitch + x * t->bpp;
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* A batch of `count` quads laid out left to right from (0, 0). */
struct tb {
    uint16_t x[OM_MAX_QUADS], y[OM_MAX_QUADS];
    float z[4 * OM_MAX_QUADS];
    float col[OM_MAX_TARGETS][4][4 * OM_MAX_QUADS];
    struct om_batch b;
};

static void tb_init(struct tb *t, uint32_t count)
{
    memset(t, 0, sizeof *t);
    for (uint32_t q = 0; q < count; q++) {
        t->x[q] = (uint16_t)(2 * q);
        t->y[q] = 0;
    }
    t->b.count = count;
    t->b.x = t->x;
    t->b.y = t->y;
    t->b.z = t->z;
    t->b.front_facing = true;
}

/* Enables target `rt` with the same colour on every lane. */
static void tb_color(struct tb *t, int rt, float r, float g, float b, float a)
{
    for (int c = 0; c < 4; c++)
        t->b.color[rt][c] = t->col[rt][c];
    for (int i = 0; i < 4 * OM_MAX_QUADS; i++) {
        t->col[rt][0][i] = r;
        t->col[rt][1][i] = g;
        t->col[rt][2][i] = b;
        t->col[rt][3][i] = a;
    }
}

static void key_init(struct om_key *k)
{
    memset(k, 0, sizeof *k);
}

static void key_rt(struct om_key *k, int rt, core_format f, uint8_t mask)
{
    k->rt[rt].format = f;
    k->rt[rt].write_mask = mask;
}

static void key_blend(struct om_key *k, int rt, unsigned sc, unsigned dc, unsigned oc,
                      unsigned sa, unsigned da, unsigned oa)
{
    k->rt[rt].blend_enable = 1;
    k->rt[rt].src_color = (uint8_t)sc;
    k->rt[rt].dst_color = (uint8_t)dc;
    k->rt[rt].op_color = (uint8_t)oc;
    k->rt[rt].src_alpha = (uint8_t)sa;
    k->rt[rt].dst_alpha = (uint8_t)da;
    k->rt[rt].op_alpha = (uint8_t)oa;
}

static void face(struct om_stencil_face *f, unsigned func, unsigned fail, unsigned zfail,
                 unsigned pass)
{
    f->func = (uint8_t)func;
    f->fail_op = (uint8_t)fail;
    f->depth_fail_op = (uint8_t)zfail;
    f->pass_op = (uint8_t)pass;
}

/* ---- depth ----------------------------------------------------------------------------------- */

/* Pixels: z = 0.25 (less than 0.5), 0.5 (equal), 0.5 + 2^-19 (equal in D16, greater in D24),
 * 0.75 (greater); the buffer holds 0.5 everywhere.
 *   D16:  q(z) = floor(z * 65535 + 0.5): 16384, 32768, 32768 (32767.625 + 0.5), 49151
 *   D24:  q(z) = floor(z * 16777215 + 0.5): 4194304, 8388608, 8388639, 12582911  */
static const float depth_z[4] = { 0.25f, 0.5f, 0.5f + 0x1p-19f, 0.75f };
static const uint32_t q16[4] = { 16384, 32768, 32768, 49151 };
static const uint32_t q24[4] = { 4194304, 8388608, 8388639, 12582911 };
/* Pass masks per function (index = OM_CMP_* - 1), relations D16: L E E G, D24: L E G G. */
static const uint32_t pass16[8] = { 0x0, 0x1, 0x6, 0x7, 0x8, 0x9, 0xE, 0xF };
static const uint32_t pass24[8] = { 0x0, 0x1, 0x2, 0x3, 0xC, 0xD, 0xE, 0xF };

static void depth_funcs(core_format fmt)
{
    bool d16 = fmt == F_D16;
    for (unsigned func = OM_CMP_NEVER; func <= OM_CMP_ALWAYS; func++) {
        struct om_key k;
        key_init(&k);
        k.ds_format = fmt;
        k.depth_enable = 1;
        k.depth_write = 1;
        k.depth_func = (uint8_t)func;
        struct om_state st;
        CHECK(om_state_init(&st, &k));
        struct surf ds;
        surf_init(&ds, 2, 2, d16 ? 2 : 4, 0);
        for (int i = 0; i < 4; i++) {
            uint8_t *p = px(&ds, i & 1, i >> 1);
            if (d16) {
                p[0] = 0x00;
                p[1] = 0x80;   /* 32768 */
            } else {
                wr32(p, 8388608u | 0xC3u << 24);   /* stencil 0xC3 must survive */
            }
        }
        struct om_draw draw = { .ds = ds.s };
        struct tb t;
        tb_init(&t, 1);
        memcpy(t.z, depth_z, sizeof depth_z);
        uint32_t pass = om_process(&st, &draw, &t.b, 0xF);
        uint32_t want = (d16 ? pass16 : pass24)[func - 1];
        CHECK_EQ(pass, want);
        for (int i = 0; i < 4; i++) {
            uint8_t *p = px(&ds, i & 1, i >> 1);
            uint32_t initial = d16 ? 32768 : 8388608;
            uint32_t q = d16 ? q16[i] : q24[i];
            uint32_t expect = (want >> i & 1) ? q : initial;
            if (d16) {
                CHECK_EQ(p[0] | p[1] << 8, expect);
            } else {
                CHECK_EQ(rd32(p) & 0xFFFFFF, expect);
                CHECK_EQ(p[3], 0xC3);
            }
        }
        CHECK(surf_guards_intact(&ds));
        surf_free(&ds);
    }
}

TEST(om_depth_funcs_d16)
{
    depth_funcs(F_D16);
}

TEST(om_depth_funcs_d24s8)
{
    depth_funcs(F_D24S8);
}

TEST(om_depth_write_mask_and_disable)
{
    struct om_key k;
    key_init(&k);
    k.ds_format = F_D16;
    k.depth_enable = 1;
    k.depth_write = 0;   /* test, no write */
    k.depth_func = OM_CMP_LESS;
    struct om_state st;
    CHECK(om_state_init(&st, &k));
    struct surf ds;
    surf_init(&ds, 2, 2, 2, 0);
    for (int i = 0; i < 4; i++)
        px(&ds, i & 1, i >> 1)[1] = 0x80;   /* 32768 */
    struct om_draw draw = { .ds = ds.s };
    struct tb t;
    tb_init(&t, 1);
    memcpy(t.z, depth_z, sizeof depth_z);
    CHECK_EQ(om_process(&st, &draw, &t.b, 0xF), 0x1);
    for (int i = 0; i < 4; i++)
        CHECK_EQ(px(&ds, i & 1, i >> 1)[1], 0x80);

    /* DepthEnable false (17.9): every pixel passes, nothing is written, even with NEVER. */
    k.depth_enable = 0;
    k.depth_write = 1;
    k.depth_func = OM_CMP_NEVER;
    CHECK(om_state_init(&st, &k));
    CHECK_EQ(om_process(&st, &draw, &t.b, 0xF), 0xF);
    for (int i = 0; i < 4; i++)
        CHECK_EQ(px(&ds, i & 1, i >> 1)[1], 0x80);

    /* No depth-stencil surface bound (17.11): the test passes. */
    k.depth_enable = 1;
    k.depth_func = OM_CMP_NEVER;
    CHECK(om_state_init(&st, &k));
    struct om_draw none = { 0 };
    CHECK_EQ(om_process(&st, &none, &t.b, 0x5), 0x5);
    surf_free(&ds);
}

TEST(om_depth_float32_and_nan)
{
    struct om_key k;
    key_init(&k);
    k.ds_format = F_D32_FLOAT;
    k.depth_enable = 1;
    k.depth_write = 1;
    k.depth_func = OM_CMP_LESS;
    struct om_state st;
    CHECK(om_state_init(&st, &k));
    struct surf ds;
    surf_init(&ds, 2, 2, 4, 0);
    for (int i = 0; i < 4; i++)
        wr32(px(&ds, i & 1, i >> 1), 0x3F000000u);   /* 0.5f */
    struct om_draw draw = { .ds = ds.s };
    struct tb t;
    tb_init(&t, 1);
    /* 0.25 < 0.5; 0.5 == 0.5; the next float above 0.5 is greater (no quantization);
     * NaN (contract broken) is taken as +0.0 < 0.5. */
    t.z[0] = 0.25f;
    t.z[1] = 0.5f;
    t.z[2] = nextafterf(0.5f, 1.0f);
    t.z[3] = NAN;
    CHECK_EQ(om_process(&st, &draw, &t.b, 0xF), 0x9);
    CHECK_EQ(rd32(px(&ds, 0, 0)), 0x3E800000u);   /* 0.25f */
    CHECK_EQ(rd32(px(&ds, 1, 0)), 0x3F000000u);
    CHECK_EQ(rd32(px(&ds, 0, 1)), 0x3F000000u);
    CHECK_EQ(rd32(px(&ds, 1, 1)), 0x00000000u);   /* +0.0 */

    /* UNORM: NaN converts to 0 (3.2.3.6); LESS_EQUAL against 0 passes and stores 0. */
    k.ds_format = F_D16;
    k.depth_func = OM_CMP_LESS_EQUAL;
    CHECK(om_state_init(&st, &k));
    struct surf d16;
    surf_init(&d16, 2, 2, 2, 0);
    draw.ds = d16.s;
    t.z[0] = t.z[1] = t.z[2] = t.z[3] = NAN;
    CHECK_EQ(om_process(&st, &draw, &t.b, 0xF), 0xF);
    CHECK_EQ(px(&d16, 1, 1)[0] | px(&d16, 1, 1)[1], 0);
    /* +Inf and -Inf clamp to 1 and 0. */
    t.z[0] = INFINITY;
    t.z[1] = -INFINITY;
    k.depth_func = OM_CMP_ALWAYS;
    CHECK(om_state_init(&st, &k));
    CHECK_EQ(om_process(&st, &draw, &t.b, 0x3), 0x3);
    CHECK_EQ(px(&d16, 0, 0)[0] | px(&d16, 0, 0)[1] << 8, 0xFFFF);
    CHECK_EQ(px(&d16, 1, 0)[0] | px(&d16, 1, 0)[1] << 8, 0);
    surf_free(&ds);
    surf_free(&d16);
}

/* z = 0.5 written with ALWAYS into each D3D9 / 64-bit depth format: the exact bits. */
static void write_half(core_format fmt, size_t bpp, uint8_t fill, const uint8_t *expect)
{
    struct om_key k;
    key_init(&k);
    k.ds_format = fmt;
    k.depth_enable = 1;
    k.depth_write = 1;
    k.depth_func = OM_CMP_ALWAYS;
    struct om_state st;
    CHECK(om_state_init(&st, &k));
    struct surf ds;
    surf_init(&ds, 2, 2, bpp, fill);
    struct om_draw draw = { .ds = ds.s };
    struct tb t;
    tb_init(&t, 1);
    t.z[3] = 0.5f;
    CHECK_EQ(om_process(&st, &draw, &t.b, 0x8), 0x8);
    for (size_t b = 0; b < bpp; b++)
        CHECK_EQ(px(&ds, 1, 1)[b], expect[b]);
    for (size_t b = 0; b < bpp; b++)
        CHECK_EQ(px(&ds, 0, 0)[b], fill);
    CHECK(surf_guards_intact(&ds));
    surf_free(&ds);
}

TEST(om_depth_formats)
{
    /* D24X8: 0.5 * (2^24 - 1) = 8388607.5 -> 8388608 = 0x800000; the X8 byte is kept. */
    write_half(CORE_FORMAT_D3D9_D24X8, 4, 0xAB, (const uint8_t[]){ 0x00, 0x00, 0x80, 0xAB });
    /* D15S1: 0.5 * 32767 = 16383.5 -> 16384 = 0x4000; stencil bit 15 (set by 0xFF fill) kept. */
    write_half(CORE_FORMAT_D3D9_D15S1, 2, 0xFF, (const uint8_t[]){ 0x00, 0xC0 });
    /* D24X4S4: 0x800000, bits 24-27 stencil and 28-31 X kept. */
    write_half(CORE_FORMAT_D3D9_D24X4S4, 4, 0x5A, (const uint8_t[]){ 0x00, 0x00, 0x80, 0x5A });
    /* D32 (UNORM): 0.5 * (2^32 - 1) = 2147483647.5 -> 2^31. */
    write_half(CORE_FORMAT_D3D9_D32, 4, 0, (const uint8_t[]){ 0x00, 0x00, 0x00, 0x80 });
    /* D24FS8: 0.5 = 2^-1 in 20e4 with bias 15: exponent 14, mantissa 0 -> 14 << 20. */
    write_half(CORE_FORMAT_D3D9_D24FS8, 4, 0x77, (const uint8_t[]){ 0x00, 0x00, 0xE0, 0x77 });
    /* D32_FLOAT_S8X24: 0.5f = 0x3F000000 in bytes 0-3; stencil byte 4 and X24 kept. */
    write_half(F_D32_FLOAT_S8X24, 8, 0x11,
               (const uint8_t[]){ 0x00, 0x00, 0x00, 0x3F, 0x11, 0x11, 0x11, 0x11 });
    /* D16_LOCKABLE = D16. */
    write_half(CORE_FORMAT_D3D9_D16_LOCKABLE, 2, 0, (const uint8_t[]){ 0x00, 0x80 });
}

/* ---- stencil --------------------------------------------------------------------------------- */

static const uint8_t sten_in[4] = { 0x00, 0x01, 0x80, 0xFF };
/* ref = 0x5A; per op (index = OM_STENCIL_* - 1), the results for sten_in. */
static const uint8_t sten_out[8][4] = {
    { 0x00, 0x01, 0x80, 0xFF },   /* KEEP */
    { 0x00, 0x00, 0x00, 0x00 },   /* ZERO */
    { 0x5A, 0x5A, 0x5A, 0x5A },   /* REPLACE */
    { 0x01, 0x02, 0x81, 0xFF },   /* INCR_SAT: saturates at 255 */
    { 0x00, 0x00, 0x7F, 0xFE },   /* DECR_SAT: saturates at 0 */
    { 0xFF, 0xFE, 0x7F, 0x00 },   /* INVERT */
    { 0x01, 0x02, 0x81, 0x00 },   /* INCR: 255 wraps to 0 */
    { 0xFF, 0x00, 0x7F, 0xFE },   /* DECR: 0 wraps to 255 */
};

static void stencil_case(unsigned op, bool back)
{
    struct om_key k;
    key_init(&k);
    k.ds_format = F_D24S8;
    k.stencil_enable = 1;
    k.stencil_read_mask = 0xFF;
    k.stencil_write_mask = 0xFF;
    /* The other face keeps, so a wrong face choice shows. */
    face(back ? &k.back : &k.front, OM_CMP_ALWAYS, OM_STENCIL_KEEP, OM_STENCIL_KEEP, op);
    face(back ? &k.front : &k.back, OM_CMP_ALWAYS, OM_STENCIL_KEEP, OM_STENCIL_KEEP,
         OM_STENCIL_KEEP);
    struct om_state st;
    CHECK(om_state_init(&st, &k));
    struct surf ds;
    surf_init(&ds, 2, 2, 4, 0);
    for (int i = 0; i < 4; i++)
        wr32(px(&ds, i & 1, i >> 1), 0x123456u | (uint32_t)sten_in[i] << 24);
    struct om_draw draw = { .ds = ds.s, .stencil_ref = 0x5A };
    struct tb t;
    tb_init(&t, 1);
    t.b.front_facing = !back;
    CHECK_EQ(om_process(&st, &draw, &t.b, 0xF), 0xF);
    for (int i = 0; i < 4; i++) {
        uint32_t v = rd32(px(&ds, i & 1, i >> 1));
        CHECK_EQ(v >> 24, sten_out[op - 1][i]);
        CHECK_EQ(v & 0xFFFFFF, 0x123456);
    }
    /* The same batch on the other face keeps everything. */
    t.b.front_facing = back;
    for (int i = 0; i < 4; i++)
        wr32(px(&ds, i & 1, i >> 1), 0x123456u | (uint32_t)sten_in[i] << 24);
    CHECK_EQ(om_process(&st, &draw, &t.b, 0xF), 0xF);
    for (int i = 0; i < 4; i++)
        CHECK_EQ(px(&ds, i & 1, i >> 1)[3], sten_in[i]);
    surf_free(&ds);
}

TEST(om_stencil_ops_front)
{
    for (unsigned op = OM_STENCIL_KEEP; op <= OM_STENCIL_DECR; op++)
        stencil_case(op, false);
}

TEST(om_stencil_ops_back)
{
    for (unsigned op = OM_STENCIL_KEEP; op <= OM_STENCIL_DECR; op++)
        stencil_case(op, true);
}

/* Which op applies: stencil fail -> fail_op (INCR), depth fail -> depth_fail_op (DECR),
 * both pass -> pass_op (INVERT); stored 0x10 gives 0x11, 0x0F, 0xEF. */
TEST(om_stencil_fail_zfail_pass)
{
    struct om_key k;
    key_init(&k);
    k.ds_format = F_D24S8;
    k.stencil_enable = 1;
    k.stencil_read_mask = 0xFF;
    k.stencil_write_mask = 0xFF;
    k.depth_enable = 1;
    k.depth_func = OM_CMP_LESS;
    k.depth_write = 1;
    struct om_state st;
    struct surf ds;
    surf_init(&ds, 2, 2, 4, 0);
    struct om_draw draw = { .ds = ds.s, .stencil_ref = 0x10 };
    struct tb t;
    tb_init(&t, 1);
    /* depth stored 0.5 (8388608); z: 0.25 passes, 0.75 fails */
    t.z[0] = 0.25f;
    t.z[1] = 0.75f;
    t.z[2] = 0.25f;
    t.z[3] = 0.75f;
    for (int i = 0; i < 4; i++)
        wr32(px(&ds, i & 1, i >> 1), 8388608u | 0x10u << 24);
    /* Front: EQUAL passes (ref 0x10 == 0x10); back: NOT_EQUAL fails. */
    face(&k.front, OM_CMP_EQUAL, OM_STENCIL_INCR, OM_STENCIL_DECR, OM_STENCIL_INVERT);
    face(&k.back, OM_CMP_NOT_EQUAL, OM_STENCIL_INCR, OM_STENCIL_DECR, OM_STENCIL_INVERT);
    CHECK(om_state_init(&st, &k));
    CHECK_EQ(om_process(&st, &draw, &t.b, 0xF), 0x5);
    CHECK_EQ(px(&ds, 0, 0)[3], 0xEF);   /* pass */
    CHECK_EQ(px(&ds, 1, 0)[3], 0x0F);   /* depth fail */
    CHECK_EQ(rd32(px(&ds, 0, 0)) & 0xFFFFFF, 4194304u);   /* depth written on pass */
    CHECK_EQ(rd32(px(&ds, 1, 0)) & 0xFFFFFF, 8388608u);
    t.b.front_facing = false;
    for (int i = 0; i < 4; i++)
        wr32(px(&ds, i & 1, i >> 1), 8388608u | 0x10u << 24);
    CHECK_EQ(om_process(&st, &draw, &t.b, 0xF), 0x0);
    for (int i = 0; i < 4; i++)
        CHECK_EQ(px(&ds, i & 1, i >> 1)[3], 0x11);   /* stencil fail, whatever the depth */
    for (int i = 0; i < 4; i++)
        CHECK_EQ(rd32(px(&ds, i & 1, i >> 1)) & 0xFFFFFF, 8388608u);
    surf_free(&ds);
}

/* ref 0x35 & read mask 0x0F = 5 against stored 0x14 (4), 0xA5 (5), 0x07 (7), 0xF5 (5):
 * the relation "ref vs stored" is G, E, L, E. */
TEST(om_stencil_compare_read_mask)
{
    static const uint8_t stored[4] = { 0x14, 0xA5, 0x07, 0xF5 };
    static const uint32_t want[8] = { 0x0, 0x4, 0xA, 0xE, 0x1, 0x5, 0xB, 0xF };
    for (unsigned func = OM_CMP_NEVER; func <= OM_CMP_ALWAYS; func++) {
        struct om_key k;
        key_init(&k);
        k.ds_format = F_D24S8;
        k.stencil_enable = 1;
        k.stencil_read_mask = 0x0F;
        k.stencil_write_mask = 0xFF;
        face(&k.front, func, OM_STENCIL_KEEP, OM_STENCIL_KEEP, OM_STENCIL_KEEP);
        face(&k.back, func, OM_STENCIL_KEEP, OM_STENCIL_KEEP, OM_STENCIL_KEEP);
        struct om_state st;
        CHECK(om_state_init(&st, &k));
        struct surf ds;
        surf_init(&ds, 2, 2, 4, 0);
        for (int i = 0; i < 4; i++)
            px(&ds, i & 1, i >> 1)[3] = stored[i];
        struct om_draw draw = { .ds = ds.s, .stencil_ref = 0x35 };
        struct tb t;
        tb_init(&t, 1);
        CHECK_EQ(om_process(&st, &draw, &t.b, 0xF), want[func - 1]);
        surf_free(&ds);
    }
}

TEST(om_stencil_write_mask_and_small_formats)
{
    struct om_key k;
    key_init(&k);
    k.ds_format = F_D24S8;
    k.stencil_enable = 1;
    k.stencil_read_mask = 0xFF;
    k.stencil_write_mask = 0x0F;
    face(&k.front, OM_CMP_ALWAYS, OM_STENCIL_KEEP, OM_STENCIL_KEEP, OM_STENCIL_REPLACE);
    face(&k.back, OM_CMP_ALWAYS, OM_STENCIL_KEEP, OM_STENCIL_KEEP, OM_STENCIL_REPLACE);
    struct om_state st;
    CHECK(om_state_init(&st, &k));
    struct surf ds;
    surf_init(&ds, 2, 2, 4, 0);
    px(&ds, 0, 0)[3] = 0x50;
    struct om_draw draw = { .ds = ds.s, .stencil_ref = 0xAB };
    struct tb t;
    tb_init(&t, 1);
    CHECK_EQ(om_process(&st, &draw, &t.b, 0x1), 0x1);
    /* (0x50 & ~0x0F) | (0xAB & 0x0F) */
    CHECK_EQ(px(&ds, 0, 0)[3], 0x5B);
    surf_free(&ds);

    /* D15S1: one stencil bit; INCR wraps 1 -> 0, INCR_SAT stays 1, INVERT 0 -> 1. */
    key_init(&k);
    k.ds_format = CORE_FORMAT_D3D9_D15S1;
    k.stencil_enable = 1;
    k.stencil_read_mask = 0xFF;
    k.stencil_write_mask = 0xFF;
    static const unsigned ops[3] = { OM_STENCIL_INCR, OM_STENCIL_INCR_SAT, OM_STENCIL_INVERT };
    static const uint8_t in1[3] = { 0x80, 0x80, 0x00 }, out1[3] = { 0x00, 0x80, 0x80 };
    for (int j = 0; j < 3; j++) {
        face(&k.front, OM_CMP_ALWAYS, OM_STENCIL_KEEP, OM_STENCIL_KEEP, ops[j]);
        face(&k.back, OM_CMP_ALWAYS, OM_STENCIL_KEEP, OM_STENCIL_KEEP, ops[j]);
        CHECK(om_state_init(&st, &k));
        surf_init(&ds, 2, 2, 2, 0);
        px(&ds, 0, 0)[0] = 0x34;
        px(&ds, 0, 0)[1] = (uint8_t)(in1[j] | 0x12);
        draw.ds = ds.s;
        CHECK_EQ(om_process(&st, &draw, &t.b, 0x1), 0x1);
        CHECK_EQ(px(&ds, 0, 0)[0], 0x34);
        CHECK_EQ(px(&ds, 0, 0)[1], out1[j] | 0x12);   /* depth bits untouched */
        surf_free(&ds);
    }

    /* D24X4S4: four bits; INCR 15 -> 0 wraps, REPLACE takes ref & 15; X nibble kept. */
    k.ds_format = CORE_FORMAT_D3D9_D24X4S4;
    face(&k.front, OM_CMP_ALWAYS, OM_STENCIL_KEEP, OM_STENCIL_KEEP, OM_STENCIL_INCR);
    face(&k.back, OM_CMP_ALWAYS, OM_STENCIL_KEEP, OM_STENCIL_KEEP, OM_STENCIL_INCR);
    CHECK(om_state_init(&st, &k));
    surf_init(&ds, 2, 2, 4, 0);
    px(&ds, 0, 0)[3] = 0xAF;
    draw.ds = ds.s;
    CHECK_EQ(om_process(&st, &draw, &t.b, 0x1), 0x1);
    CHECK_EQ(px(&ds, 0, 0)[3], 0xA0);
    face(&k.front, OM_CMP_ALWAYS, OM_STENCIL_KEEP, OM_STENCIL_KEEP, OM_STENCIL_REPLACE);
    CHECK(om_state_init(&st, &k));
    draw.stencil_ref = 0xF7;
    CHECK_EQ(om_process(&st, &draw, &t.b, 0x1), 0x1);
    CHECK_EQ(px(&ds, 0, 0)[3], 0xA7);
    surf_free(&ds);

    /* A format without stencil: the stencil test passes (17.12). */
    key_init(&k);
    k.ds_format = F_D16;
    k.stencil_enable = 1;
    k.stencil_read_mask = 0xFF;
    face(&k.front, OM_CMP_NEVER, OM_STENCIL_ZERO, OM_STENCIL_ZERO, OM_STENCIL_ZERO);
    face(&k.back, OM_CMP_NEVER, OM_STENCIL_ZERO, OM_STENCIL_ZERO, OM_STENCIL_ZERO);
    CHECK(om_state_init(&st, &k));
    surf_init(&ds, 2, 2, 2, 0x77);
    draw.ds = ds.s;
    CHECK_EQ(om_process(&st, &draw, &t.b, 0xF), 0xF);
    CHECK_EQ(px(&ds, 1, 1)[1], 0x77);
    surf_free(&ds);
}

/* ---- blending: factors, ops, separate alpha on an R32G32B32A32_FLOAT target ------------------ */

static const float bl_s[4] = { 0.5f, 0.25f, 0.125f, 0.625f };
static const float bl_d[4] = { 0.25f, 0.5f, 1.0f, 0.25f };
static const float bl_bf[4] = { 0.5f, 0.25f, 0.75f, 1.0f };
/* The factor values (r, g, b, a) for bl_s, bl_d, bl_bf, by hand from spec 17.1; index =
 * OM_BLEND_*; colour factors on the alpha channel take the alpha component. */
static const float bl_factor[16][4] = {
    [OM_BLEND_ZERO] = { 0, 0, 0, 0 },
    [OM_BLEND_ONE] = { 1, 1, 1, 1 },
    [OM_BLEND_SRC_COLOR] = { 0.5f, 0.25f, 0.125f, 0.625f },
    [OM_BLEND_INV_SRC_COLOR] = { 0.5f, 0.75f, 0.875f, 0.375f },
    [OM_BLEND_SRC_ALPHA] = { 0.625f, 0.625f, 0.625f, 0.625f },
    [OM_BLEND_INV_SRC_ALPHA] = { 0.375f, 0.375f, 0.375f, 0.375f },
    [OM_BLEND_DEST_ALPHA] = { 0.25f, 0.25f, 0.25f, 0.25f },
    [OM_BLEND_INV_DEST_ALPHA] = { 0.75f, 0.75f, 0.75f, 0.75f },
    [OM_BLEND_DEST_COLOR] = { 0.25f, 0.5f, 1.0f, 0.25f },
    [OM_BLEND_INV_DEST_COLOR] = { 0.75f, 0.5f, 0.0f, 0.75f },
    [OM_BLEND_SRC_ALPHA_SAT] = { 0.625f, 0.625f, 0.625f, 1.0f },   /* min(0.625, 0.75) */
    [OM_BLEND_BLEND_FACTOR] = { 0.5f, 0.25f, 0.75f, 1.0f },
    [OM_BLEND_INV_BLEND_FACTOR] = { 0.5f, 0.75f, 0.25f, 0.0f },
};
static const unsigned bl_all[13] = {
    OM_BLEND_ZERO, OM_BLEND_ONE, OM_BLEND_SRC_COLOR, OM_BLEND_INV_SRC_COLOR, OM_BLEND_SRC_ALPHA,
    OM_BLEND_INV_SRC_ALPHA, OM_BLEND_DEST_ALPHA, OM_BLEND_INV_DEST_ALPHA, OM_BLEND_DEST_COLOR,
    OM_BLEND_INV_DEST_COLOR, OM_BLEND_SRC_ALPHA_SAT, OM_BLEND_BLEND_FACTOR,
    OM_BLEND_INV_BLEND_FACTOR,
};

/* One pixel through a float4 target with the given blend; returns the stored value. */
static void blend_f32(unsigned sc, unsigned dc, unsigned oc, unsigned sa, unsigned da,
                      unsigned oa, const float s[4], const float d[4], float out[4])
{
    struct om_key k;
    key_init(&k);
    key_rt(&k, 0, F_R32G32B32A32_FLOAT, OM_WRITE_ALL);
    key_blend(&k, 0, sc, dc, oc, sa, da, oa);
    struct om_state st;
    CHECK(om_state_init(&st, &k));
    struct surf rt;
    surf_init(&rt, 2, 2, 16, 0);
    memcpy(px(&rt, 0, 0), d, 16);
    struct om_draw draw = { .rt = { rt.s } };
    memcpy(draw.blend_factor, bl_bf, sizeof bl_bf);
    struct tb t;
    tb_init(&t, 1);
    tb_color(&t, 0, s[0], s[1], s[2], s[3]);
    CHECK_EQ(om_process(&st, &draw, &t.b, 0x1), 0x1);
    memcpy(out, px(&rt, 0, 0), 16);
    CHECK(surf_guards_intact(&rt));
    surf_free(&rt);
}

TEST(om_blend_every_factor_source_side)
{
    for (int j = 0; j < 13; j++) {
        unsigned f = bl_all[j];
        float out[4];
        blend_f32(f, OM_BLEND_ZERO, OM_BLEND_OP_ADD, f, OM_BLEND_ZERO, OM_BLEND_OP_ADD, bl_s, bl_d,
                  out);
        for (int c = 0; c < 4; c++)
            CHECK_F(out[c], bl_s[c] * bl_factor[f][c]);
    }
}

TEST(om_blend_every_factor_dest_side)
{
    for (int j = 0; j < 13; j++) {
        unsigned f = bl_all[j];
        float out[4];
        blend_f32(OM_BLEND_ZERO, f, OM_BLEND_OP_ADD, OM_BLEND_ZERO, f, OM_BLEND_OP_ADD, bl_s, bl_d,
                  out);
        for (int c = 0; c < 4; c++)
            CHECK_F(out[c], bl_d[c] * bl_factor[f][c]);
    }
}

TEST(om_blend_src_alpha_sat_picks_smaller)
{
    /* As = 0.625, Ad = 0.5: f = min(0.625, 1 - 0.5) = 0.5; alpha factor 1. */
    const float s[4] = { 1.0f, 0.5f, 0.25f, 0.625f }, d[4] = { 0, 0, 0, 0.5f };
    float out[4];
    blend_f32(OM_BLEND_SRC_ALPHA_SAT, OM_BLEND_ZERO, OM_BLEND_OP_ADD, OM_BLEND_SRC_ALPHA_SAT,
              OM_BLEND_ZERO, OM_BLEND_OP_ADD, s, d, out);
    CHECK_F(out[0], 0.5f);
    CHECK_F(out[1], 0.25f);
    CHECK_F(out[2], 0.125f);
    CHECK_F(out[3], 0.625f);
}

TEST(om_blend_every_op)
{
    /* s = (0.5, 0.25, 0.125, 0.625), d = (0.25, 0.5, 1, 0.25), factors ONE/ONE. */
    float out[4];
    blend_f32(OM_BLEND_ONE, OM_BLEND_ONE, OM_BLEND_OP_ADD, OM_BLEND_ONE, OM_BLEND_ONE,
              OM_BLEND_OP_ADD, bl_s, bl_d, out);
    CHECK_F(out[0], 0.75f);
    CHECK_F(out[1], 0.75f);
    CHECK_F(out[2], 1.125f);   /* float target: no clamp */
    CHECK_F(out[3], 0.875f);
    blend_f32(OM_BLEND_ONE, OM_BLEND_ONE, OM_BLEND_OP_SUBTRACT, OM_BLEND_ONE, OM_BLEND_ONE,
              OM_BLEND_OP_SUBTRACT, bl_s, bl_d, out);
    CHECK_F(out[0], 0.25f);
    CHECK_F(out[1], -0.25f);
    CHECK_F(out[2], -0.875f);
    CHECK_F(out[3], 0.375f);
    blend_f32(OM_BLEND_ONE, OM_BLEND_ONE, OM_BLEND_OP_REV_SUBTRACT, OM_BLEND_ONE, OM_BLEND_ONE,
              OM_BLEND_OP_REV_SUBTRACT, bl_s, bl_d, out);
    CHECK_F(out[0], -0.25f);
    CHECK_F(out[1], 0.25f);
    CHECK_F(out[2], 0.875f);
    CHECK_F(out[3], -0.375f);
    /* MIN / MAX ignore the factors (ZERO here would give 0 otherwise). */
    blend_f32(OM_BLEND_ZERO, OM_BLEND_ZERO, OM_BLEND_OP_MIN, OM_BLEND_ZERO, OM_BLEND_ZERO,
              OM_BLEND_OP_MIN, bl_s, bl_d, out);
    CHECK_F(out[0], 0.25f);
    CHECK_F(out[1], 0.25f);
    CHECK_F(out[2], 0.125f);
    CHECK_F(out[3], 0.25f);
    blend_f32(OM_BLEND_ZERO, OM_BLEND_ZERO, OM_BLEND_OP_MAX, OM_BLEND_ZERO, OM_BLEND_ZERO,
              OM_BLEND_OP_MAX, bl_s, bl_d, out);
    CHECK_F(out[0], 0.5f);
    CHECK_F(out[1], 0.5f);
    CHECK_F(out[2], 1.0f);
    CHECK_F(out[3], 0.625f);
    /* SUBTRACT with weights: s * SRC_ALPHA - d * INV_SRC_ALPHA:
     * r = 0.5 * 0.625 - 0.25 * 0.375 = 0.3125 - 0.09375 = 0.21875 */
    blend_f32(OM_BLEND_SRC_ALPHA, OM_BLEND_INV_SRC_ALPHA, OM_BLEND_OP_SUBTRACT, OM_BLEND_ONE,
              OM_BLEND_ZERO, OM_BLEND_OP_ADD, bl_s, bl_d, out);
    CHECK_F(out[0], 0.21875f);
    CHECK_F(out[3], 0.625f);
}

TEST(om_blend_separate_alpha)
{
    /* Colour: classic alpha blend s*As + d*(1-As); alpha: keep the destination (ZERO/ONE). */
    float out[4];
    blend_f32(OM_BLEND_SRC_ALPHA, OM_BLEND_INV_SRC_ALPHA, OM_BLEND_OP_ADD, OM_BLEND_ZERO,
              OM_BLEND_ONE, OM_BLEND_OP_ADD, bl_s, bl_d, out);
    CHECK_F(out[0], 0.5f * 0.625f + 0.25f * 0.375f);     /* 0.40625 */
    CHECK_F(out[1], 0.25f * 0.625f + 0.5f * 0.375f);     /* 0.34375 */
    CHECK_F(out[2], 0.125f * 0.625f + 1.0f * 0.375f);    /* 0.453125 */
    CHECK_F(out[3], 0.25f);
    /* Colour ADD, alpha MAX. */
    blend_f32(OM_BLEND_ONE, OM_BLEND_ZERO, OM_BLEND_OP_ADD, OM_BLEND_ZERO, OM_BLEND_ZERO,
              OM_BLEND_OP_MAX, bl_s, bl_d, out);
    CHECK_F(out[0], 0.5f);
    CHECK_F(out[3], 0.625f);
}

TEST(om_blend_float_nan_propagates)
{
    /* 17.5: NaN propagates through 0 weights on float targets. */
    const float s[4] = { NAN, 1.0f, 1.0f, 1.0f }, d[4] = { 1.0f, NAN, 2.0f, 3.0f };
    float out[4];
    blend_f32(OM_BLEND_ZERO, OM_BLEND_ZERO, OM_BLEND_OP_ADD, OM_BLEND_ONE, OM_BLEND_ZERO,
              OM_BLEND_OP_ADD, s, d, out);
    CHECK(out[0] != out[0]);
    CHECK(out[1] != out[1]);
    CHECK_F(out[2], 0.0f);
    CHECK_F(out[3], 1.0f);
    /* MIN/MAX ignore a NaN operand (3.1.3.2). */
    blend_f32(OM_BLEND_ONE, OM_BLEND_ONE, OM_BLEND_OP_MIN, OM_BLEND_ONE, OM_BLEND_ONE,
              OM_BLEND_OP_MAX, s, d, out);
    CHECK_F(out[0], 1.0f);
    CHECK_F(out[1], 1.0f);
    CHECK_F(out[2], 1.0f);
    CHECK_F(out[3], 3.0f);
}

/* ---- UNORM, sRGB, float16, SNORM, integer and partial formats -------------------------------- */

/* One pixel through a 4-byte target; returns the stored 32-bit texel. */
static uint32_t px4(core_format f, const struct om_key *kin, uint32_t dst, const float s[4],
                    const float bf[4])
{
    struct om_key k = *kin;
    k.rt[0].format = f;
    struct om_state st;
    CHECK(om_state_init(&st, &k));
    struct surf rt;
    surf_init(&rt, 2, 2, 4, 0);
    wr32(px(&rt, 0, 0), dst);
    struct om_draw draw = { .rt = { rt.s } };
    if (bf)
        memcpy(draw.blend_factor, bf, 16);
    struct tb t;
    tb_init(&t, 1);
    tb_color(&t, 0, s[0], s[1], s[2], s[3]);
    om_process(&st, &draw, &t.b, 0x1);
    uint32_t v = rd32(px(&rt, 0, 0));
    CHECK(surf_guards_intact(&rt));
    surf_free(&rt);
    return v;
}

TEST(om_unorm8_rounding)
{
    struct om_key k;
    key_init(&k);
    k.rt[0].write_mask = OM_WRITE_ALL;
    key_blend(&k, 0, OM_BLEND_SRC_ALPHA, OM_BLEND_INV_SRC_ALPHA, OM_BLEND_OP_ADD, OM_BLEND_ONE,
              OM_BLEND_ZERO, OM_BLEND_OP_ADD);
    /* dst 0, src (1, 1, 1, 0.25): rgb 0.25 -> 63.75 + 0.5 -> 64; alpha 0.25 -> 64. */
    CHECK_EQ(px4(F_R8G8B8A8_UNORM, &k, 0, (const float[]){ 1, 1, 1, 0.25f }, NULL), 0x40404040);
    /* dst 255, src (0, 0, 0, 0.5): 1 * 0.5 = 0.5 -> 127.5 + 0.5 -> 128 (0x80); alpha 0.5 -> 128. */
    CHECK_EQ(px4(F_R8G8B8A8_UNORM, &k, 0xFFFFFFFF, (const float[]){ 0, 0, 0, 0.5f }, NULL),
             0x80808080);
    /* Source out of range is clamped before the blend (17.5): (2, -1, NaN, 1) with alpha 1
     * over dst 0x40: r = 1, g = 0, b = 0 (NaN -> max(NaN, 0) = 0), alpha 1. */
    CHECK_EQ(px4(F_R8G8B8A8_UNORM, &k, 0x40404040, (const float[]){ 2, -1, NAN, 1 }, NULL),
             0xFF0000FF);
    /* Alpha 2 clamps to 1 too: ONE/ZERO for alpha gives 255, colour factors 1 and 0. */
    CHECK_EQ(px4(F_R8G8B8A8_UNORM, &k, 0x40404040, (const float[]){ 0.5f, 0, 0, 2 }, NULL),
             0xFF000080);
    /* Blend factor clamped to [0, 1] on a UNORM target: BLEND_FACTOR 4 -> 1, -1 -> 0. */
    key_blend(&k, 0, OM_BLEND_BLEND_FACTOR, OM_BLEND_ZERO, OM_BLEND_OP_ADD, OM_BLEND_BLEND_FACTOR,
              OM_BLEND_ZERO, OM_BLEND_OP_ADD);
    CHECK_EQ(px4(F_R8G8B8A8_UNORM, &k, 0, (const float[]){ 1, 1, 0.5f, 1 },
                 (const float[]){ 4, -1, 0.5f, NAN }),
             0x004000FF);   /* r 1, g 0, b 0.25 -> 63.75 -> 64, a NaN factor -> 0 */
    /* Without blending: 0.5 -> 128, 1/3 -> 85 (84.99999 + 0.5), NaN -> 0, -1 -> 0. */
    key_init(&k);
    k.rt[0].write_mask = OM_WRITE_ALL;
    CHECK_EQ(px4(F_R8G8B8A8_UNORM, &k, 0x12345678, (const float[]){ 0.5f, 1.0f / 3, NAN, -1 },
                 NULL),
             0x00005580);
    /* B8G8R8A8: r is byte 2. */
    CHECK_EQ(px4(F_B8G8R8A8_UNORM, &k, 0, (const float[]){ 1, 0, 0, 0 }, NULL), 0x00FF0000);
}

TEST(om_srgb_blends_linear)
{
    struct om_key k;
    key_init(&k);
    k.rt[0].write_mask = OM_WRITE_ALL;
    /* No blend: linear 0.5 encodes to 1.055 * 0.5^(1/2.4) - 0.055 = 0.735357 -> 187.52 + 0.5
     * -> 188 (3.2.3.8); alpha is UNORM: 0.5 -> 128. */
    CHECK_EQ(px4(F_R8G8B8A8_SRGB, &k, 0, (const float[]){ 0.5f, 0.5f, 0.5f, 0.5f }, NULL),
             0x80BCBCBC);
    /* Blend s*As + d*(1-As), s = 0 with As = 0.5, over 188: the destination decodes to
     * ((188/255 + 0.055) / 1.055)^2.4 = 0.502886, halves to 0.251443, encodes to 0.538521
     * -> 137.32 + 0.5 -> 137 (0x89).  (Blending the encoded bytes would give 94.)  Alpha:
     * ONE/ZERO -> 0.5 -> 128. */
    key_blend(&k, 0, OM_BLEND_SRC_ALPHA, OM_BLEND_INV_SRC_ALPHA, OM_BLEND_OP_ADD, OM_BLEND_ONE,
              OM_BLEND_ZERO, OM_BLEND_OP_ADD);
    CHECK_EQ(px4(F_R8G8B8A8_SRGB, &k, 0xFFBCBCBC, (const float[]){ 0, 0, 0, 0.5f }, NULL),
             0x80898989);
    CHECK_EQ(om_format_srgb_twin(F_R8G8B8A8_UNORM), F_R8G8B8A8_SRGB);
    CHECK_EQ(om_format_srgb_twin(F_B8G8R8X8_UNORM), 93);
    CHECK_EQ(om_format_srgb_twin(F_R16G16B16A16_FLOAT), 0);
}

TEST(om_float16_target_no_clamp)
{
    struct om_key k;
    key_init(&k);
    key_rt(&k, 0, F_R16G16B16A16_FLOAT, OM_WRITE_ALL);
    key_blend(&k, 0, OM_BLEND_ONE, OM_BLEND_ONE, OM_BLEND_OP_ADD, OM_BLEND_ONE, OM_BLEND_ONE,
              OM_BLEND_OP_ADD);
    struct om_state st;
    CHECK(om_state_init(&st, &k));
    struct surf rt;
    surf_init(&rt, 2, 2, 8, 0);
    /* dst (1.5, 1.5, -2, 0.25) as halves: 0x3E00, 0x3E00, 0xC000, 0x3400 */
    uint8_t *p = px(&rt, 0, 0);
    static const uint8_t dst[8] = { 0x00, 0x3E, 0x00, 0x3E, 0x00, 0xC0, 0x00, 0x34 };
    memcpy(p, dst, 8);
    struct om_draw draw = { .rt = { rt.s } };
    struct tb t;
    tb_init(&t, 1);
    tb_color(&t, 0, 2.5f, -3.0f, -100.0f, 70000.0f);
    CHECK_EQ(om_process(&st, &draw, &t.b, 0x1), 0x1);
    /* 2.5 + 1.5 = 4 (0x4400); -3 + 1.5 = -1.5 (0xBE00); -100 - 2 = -102 (0xD660);
     * 70000 + 0.25 overflows float16: round toward zero -> 65504 (0x7BFF), 3.2.2. */
    CHECK_EQ(p[0] | p[1] << 8, 0x4400);
    CHECK_EQ(p[2] | p[3] << 8, 0xBE00);
    CHECK_EQ(p[4] | p[5] << 8, 0xD660);
    CHECK_EQ(p[6] | p[7] << 8, 0x7BFF);
    surf_free(&rt);
}

TEST(om_snorm_and_missing_components)
{
    struct om_key k;
    key_init(&k);
    k.rt[0].write_mask = OM_WRITE_ALL;
    key_blend(&k, 0, OM_BLEND_ONE, OM_BLEND_ZERO, OM_BLEND_OP_ADD, OM_BLEND_ONE, OM_BLEND_ZERO,
              OM_BLEND_OP_ADD);
    /* SNORM: -2 clamps to -1 -> -127 (0x81), 2 -> 127, 0.5 -> 63.5 + 0.5 -> 64, -0.5 -> -64. */
    CHECK_EQ(px4(F_R8G8B8A8_SNORM, &k, 0, (const float[]){ -2, 2, 0.5f, -0.5f }, NULL),
             0xC0407F81);
    /* B8G8R8X8 has no alpha: DEST_ALPHA reads 1, so s*0 + d*Ad keeps d; the X byte kept. */
    key_blend(&k, 0, OM_BLEND_ZERO, OM_BLEND_DEST_ALPHA, OM_BLEND_OP_ADD, OM_BLEND_ZERO,
              OM_BLEND_DEST_ALPHA, OM_BLEND_OP_ADD);
    CHECK_EQ(px4(F_B8G8R8X8_UNORM, &k, 0x99336699, (const float[]){ 1, 1, 1, 1 }, NULL),
             0x99336699);
    /* R8G8_UNORM: the shader's alpha (2) is clamped to [0, 1] like r and g (17.5), so
     * SRC_ALPHA gives 1: r = 0.5 -> 128, g = 0.25 -> 64; bytes 2-3 are outside the texel. */
    key_blend(&k, 0, OM_BLEND_SRC_ALPHA, OM_BLEND_ZERO, OM_BLEND_OP_ADD, OM_BLEND_ONE,
              OM_BLEND_ZERO, OM_BLEND_OP_ADD);
    struct om_key k2 = k;
    k2.rt[0].format = F_R8G8_UNORM;
    struct om_state st;
    CHECK(om_state_init(&st, &k2));
    struct surf rt;
    surf_init(&rt, 2, 2, 2, 0);
    struct om_draw draw = { .rt = { rt.s } };
    struct tb t;
    tb_init(&t, 1);
    tb_color(&t, 0, 0.5f, 0.25f, 0, 2);
    om_process(&st, &draw, &t.b, 0x1);
    CHECK_EQ(px(&rt, 0, 0)[0], 0x80);
    CHECK_EQ(px(&rt, 0, 0)[1], 0x40);
    CHECK_EQ(px(&rt, 1, 0)[0], 0x00);
    surf_free(&rt);
    /* A8_UNORM: destination rgb read as 0 -> DEST_COLOR is 0; alpha ADD ONE/ONE:
     * 0.25 + 64/255 -> 127.75 + 0.5 -> 128. */
    key_blend(&k, 0, OM_BLEND_DEST_COLOR, OM_BLEND_ONE, OM_BLEND_OP_ADD, OM_BLEND_ONE,
              OM_BLEND_ONE, OM_BLEND_OP_ADD);
    k2 = k;
    k2.rt[0].format = F_A8_UNORM;
    CHECK(om_state_init(&st, &k2));
    surf_init(&rt, 2, 2, 1, 0x40);
    draw.rt[0] = rt.s;
    tb_color(&t, 0, 1, 1, 1, 0.25f);
    om_process(&st, &draw, &t.b, 0x1);
    CHECK_EQ(px(&rt, 0, 0)[0], 0x80);
    CHECK_EQ(px(&rt, 1, 0)[0], 0x40);
    surf_free(&rt);
}

TEST(om_integer_target)
{
    /* R8G8B8A8_UINT: the registers' raw bits, clamped to 8 bits (3.2.3.13); never blended. */
    struct om_key k;
    key_init(&k);
    key_rt(&k, 0, F_R8G8B8A8_UINT, OM_WRITE_R | OM_WRITE_G | OM_WRITE_B);
    key_blend(&k, 0, OM_BLEND_ZERO, OM_BLEND_ZERO, OM_BLEND_OP_ADD, OM_BLEND_ZERO, OM_BLEND_ZERO,
              OM_BLEND_OP_ADD);
    struct om_state st;
    CHECK(om_state_init(&st, &k));
    struct surf rt;
    surf_init(&rt, 2, 2, 4, 0x66);
    struct om_draw draw = { .rt = { rt.s } };
    struct tb t;
    tb_init(&t, 1);
    tb_color(&t, 0, 0, 0, 0, 0);
    uint32_t raw[4] = { 7, 300, 0, 1 };
    for (int c = 0; c < 4; c++)
        memcpy(&t.col[0][c][0], &raw[c], 4);
    om_process(&st, &draw, &t.b, 0x1);
    CHECK_EQ(rd32(px(&rt, 0, 0)), 0x6600FF07);   /* alpha masked off */
    surf_free(&rt);
}

/* ---- write masks ----------------------------------------------------------------------------- */

TEST(om_write_mask_each_bit)
{
    /* R8G8B8A8_UNORM holding 0x44332211; writing (1, 1, 1, 1) under each mask. */
    for (unsigned m = 0; m < 16; m++) {
        struct om_key k;
        key_init(&k);
        k.rt[0].write_mask = (uint8_t)m;
        uint32_t want = 0x44332211;
        for (int c = 0; c < 4; c++)
            if (m >> c & 1)
                want |= 0xFFu << (8 * c);
        CHECK_EQ(px4(F_R8G8B8A8_UNORM, &k, 0x44332211, (const float[]){ 1, 1, 1, 1 }, NULL),
                 want);
        /* B8G8R8A8: R is byte 2, B byte 0. */
        uint32_t wantb = 0x44332211;
        static const int byte_of[4] = { 2, 1, 0, 3 };
        for (int c = 0; c < 4; c++)
            if (m >> c & 1)
                wantb |= 0xFFu << (8 * byte_of[c]);
        CHECK_EQ(px4(F_B8G8R8A8_UNORM, &k, 0x44332211, (const float[]){ 1, 1, 1, 1 }, NULL),
                 wantb);
    }
    /* A masked channel keeps its exact bits, even SNORM's -128 (0x80), which no float
     * round trip would keep. */
    struct om_key k;
    key_init(&k);
    k.rt[0].write_mask = OM_WRITE_R;
    CHECK_EQ(px4(F_R8G8B8A8_SNORM, &k, 0x80808080, (const float[]){ 1, 1, 1, 1 }, NULL),
             0x8080807F);
    /* Blending under a partial mask: the masked channel is still read (17.15), not written. */
    key_blend(&k, 0, OM_BLEND_ONE, OM_BLEND_ONE, OM_BLEND_OP_ADD, OM_BLEND_ONE, OM_BLEND_ONE,
              OM_BLEND_OP_ADD);
    k.rt[0].write_mask = OM_WRITE_G | OM_WRITE_A;
    /* g, a = 0.5 + 16/255.  Exactly, 143.5 -> 144; but the blend runs in float32 (om_blend.c):
     * 16/255 decodes to 0.0627451017 (float), 0.5 + that rounds to the float 0.5627450943
     * (ulp 2^-24 = 6e-8 at [0.5, 1)), and 0.5627450943 * 255 = 143.499999 -> 143 (0x8F). */
    CHECK_EQ(px4(F_R8G8B8A8_UNORM, &k, 0x10101010, (const float[]){ 0, 0.5f, 0, 0.5f }, NULL),
             0x8F108F10);
}

/* ---- four targets ---------------------------------------------------------------------------- */

TEST(om_four_targets_independent)
{
    struct om_key k;
    key_init(&k);
    key_rt(&k, 0, F_R8G8B8A8_UNORM, OM_WRITE_ALL);              /* plain write */
    key_rt(&k, 1, F_B8G8R8A8_UNORM, OM_WRITE_ALL);              /* additive */
    key_blend(&k, 1, OM_BLEND_ONE, OM_BLEND_ONE, OM_BLEND_OP_ADD, OM_BLEND_ONE, OM_BLEND_ONE,
              OM_BLEND_OP_ADD);
    key_rt(&k, 2, F_R16G16_FLOAT, OM_WRITE_R);                  /* r only */
    key_rt(&k, 3, F_R32_FLOAT, OM_WRITE_ALL);                   /* min */
    key_blend(&k, 3, OM_BLEND_ONE, OM_BLEND_ONE, OM_BLEND_OP_MIN, OM_BLEND_ONE, OM_BLEND_ONE,
              OM_BLEND_OP_MIN);
    struct om_state st;
    CHECK(om_state_init(&st, &k));
    struct surf s0, s1, s2, s3;
    surf_init(&s0, 2, 2, 4, 0x11);
    surf_init(&s1, 2, 2, 4, 0x20);
    surf_init(&s2, 2, 2, 4, 0x00);
    surf_init(&s3, 2, 2, 4, 0x00);
    wr32(px(&s3, 0, 0), 0x3F000000u);   /* 0.5f */
    struct om_draw draw = { .rt = { s0.s, s1.s, s2.s, s3.s } };
    struct tb t;
    tb_init(&t, 1);
    tb_color(&t, 0, 1, 0, 0, 1);
    tb_color(&t, 1, 0.25f, 0, 0, 0);
    tb_color(&t, 2, 2.0f, 3.0f, 0, 0);
    tb_color(&t, 3, 0.25f, 9, 9, 9);
    CHECK_EQ(om_process(&st, &draw, &t.b, 0x1), 0x1);
    CHECK_EQ(rd32(px(&s0, 0, 0)), 0xFF0000FF);
    /* 0x20/255 + 0.25 -> 32 + 63.75 = 95.75 + 0.5 -> 96 = 0x60 in byte 2 (R of BGRA) */
    CHECK_EQ(rd32(px(&s1, 0, 0)), 0x20602020);
    CHECK_EQ(rd32(px(&s2, 0, 0)), 0x00004000);   /* r = 2.0 half 0x4000, g untouched */
    CHECK_EQ(rd32(px(&s3, 0, 0)), 0x3E800000u);  /* min(0.25, 0.5) */
    CHECK_EQ(rd32(px(&s0, 1, 0)), 0x11111111);   /* uncovered */
    /* A target the shader does not write (NULL colour) stays untouched. */
    t.b.color[0][0] = NULL;
    wr32(px(&s0, 0, 0), 0x12345678);
    CHECK_EQ(om_process(&st, &draw, &t.b, 0x1), 0x1);
    CHECK_EQ(rd32(px(&s0, 0, 0)), 0x12345678);
    surf_free(&s0);
    surf_free(&s1);
    surf_free(&s2);
    surf_free(&s3);
}

/* ---- coverage, pass masks, early/late, hostile input ----------------------------------------- */

TEST(om_partial_coverage_16_pixels)
{
    struct om_key k;
    key_init(&k);
    key_rt(&k, 0, F_R8G8B8A8_UNORM, OM_WRITE_ALL);
    struct om_state st;
    CHECK(om_state_init(&st, &k));
    struct surf rt;
    surf_init(&rt, 8, 2, 4, 0x11);
    struct om_draw draw = { .rt = { rt.s } };
    struct tb t;
    tb_init(&t, 4);   /* quads at x = 0, 2, 4, 6 */
    tb_color(&t, 0, 1, 1, 1, 1);
    uint8_t qmask[4] = { 0x5, 0xA, 0xF, 0x0 };
    uint32_t cov = om_coverage_from_quads(qmask, 4);
    CHECK_EQ(cov, 0x0FA5);
    CHECK_EQ(om_process(&st, &draw, &t.b, cov), 0x0FA5);
    for (int q = 0; q < 4; q++) {
        for (int p = 0; p < 4; p++) {
            uint32_t v = rd32(px(&rt, (uint32_t)(2 * q + (p & 1)), (uint32_t)(p >> 1)));
            CHECK_EQ(v, (qmask[q] >> p & 1) ? 0xFFFFFFFFu : 0x11111111u);
        }
    }
    CHECK(surf_guards_intact(&rt));
    surf_free(&rt);
}

TEST(om_late_depth_gates_color_and_counts)
{
    struct om_key k;
    key_init(&k);
    k.ds_format = F_D16;
    k.depth_enable = 1;
    k.depth_write = 1;
    k.depth_func = OM_CMP_LESS;
    key_rt(&k, 0, F_R8G8B8A8_UNORM, OM_WRITE_ALL);
    struct om_state st;
    CHECK(om_state_init(&st, &k));
    struct surf ds, rt;
    surf_init(&ds, 2, 2, 2, 0);
    surf_init(&rt, 2, 2, 4, 0);
    for (int i = 0; i < 4; i++)
        px(&ds, i & 1, i >> 1)[1] = 0x80;   /* 32768 = q(0.5) */
    struct om_draw draw = { .rt = { rt.s }, .ds = ds.s };
    struct tb t;
    tb_init(&t, 1);
    memcpy(t.z, depth_z, sizeof depth_z);
    tb_color(&t, 0, 1, 1, 1, 1);
    uint32_t pass = om_process(&st, &draw, &t.b, 0xF);
    CHECK_EQ(pass, 0x1);
    CHECK_EQ(__builtin_popcount(pass), 1);   /* the occlusion count */
    CHECK_EQ(rd32(px(&rt, 0, 0)), 0xFFFFFFFFu);
    CHECK_EQ(rd32(px(&rt, 1, 0)), 0);
    CHECK_EQ(rd32(px(&rt, 1, 1)), 0);
    /* Early path: test first, then colour only the survivors minus a "discarded" one. */
    t.z[0] = 0.0f;   /* 0 < 16384 */
    t.z[2] = 0.125f; /* 8192 < 32768 */
    uint32_t early = om_depth_stencil(&st, &draw, &t.b, 0xF);
    CHECK_EQ(early, 0x5);
    om_color(&st, &draw, &t.b, early & ~0x4u);
    CHECK_EQ(rd32(px(&rt, 0, 1)), 0);
    surf_free(&ds);
    surf_free(&rt);
}

TEST(om_hostile_out_of_bounds_and_keys)
{
    struct om_key k;
    key_init(&k);
    k.ds_format = F_D24S8;
    k.depth_enable = 1;
    k.depth_write = 1;
    k.depth_func = OM_CMP_ALWAYS;
    key_rt(&k, 0, F_R32G32B32A32_FLOAT, OM_WRITE_ALL);
    struct om_state st;
    CHECK(om_state_init(&st, &k));
    struct surf ds, rt;
    surf_init(&ds, 3, 3, 4, 0);
    surf_init(&rt, 3, 3, 16, 0);
    struct om_draw draw = { .rt = { rt.s }, .ds = ds.s };
    struct tb t;
    tb_init(&t, 3);
    t.x[0] = 2;   /* quad straddles the right edge: pixels 1 and 3 are outside */
    t.y[0] = 2;   /* and the bottom edge: pixels 2, 3 */
    t.x[1] = 65534;
    t.y[1] = 65535;
    t.x[2] = 0;
    t.y[2] = 0;
    tb_color(&t, 0, NAN, INFINITY, -INFINITY, 1);
    CHECK_EQ(om_process(&st, &draw, &t.b, 0xFFF), 0xF01);
    CHECK(surf_guards_intact(&ds));
    CHECK(surf_guards_intact(&rt));
    float v[4];
    memcpy(v, px(&rt, 2, 2), 16);
    CHECK(v[0] != v[0]);   /* float32 target: NaN/Inf stored as they are */
    CHECK_F(v[1], INFINITY);
    CHECK_F(v[2], -INFINITY);
    /* A count above the maximum is limited to OM_MAX_QUADS. */
    t.b.count = 1000;
    CHECK_EQ(om_process(&st, &draw, &t.b, 0xFFFFFFFFu), 0xFFFFFF01u);   /* quads 3-7: (0, 0) */
    surf_free(&ds);
    surf_free(&rt);

    /* Invalid keys. */
    struct om_key bad;
    key_init(&bad);
    bad.depth_enable = 1;                          /* depth_func 0 */
    CHECK(!om_state_init(&st, &bad));
    key_init(&bad);
    bad.depth_enable = 1;
    bad.depth_func = 9;
    CHECK(!om_state_init(&st, &bad));
    key_init(&bad);
    bad.stencil_enable = 1;                        /* zero faces */
    CHECK(!om_state_init(&st, &bad));
    key_init(&bad);
    key_rt(&bad, 0, F_R8G8B8A8_UNORM, OM_WRITE_ALL);
    key_blend(&bad, 0, 12, OM_BLEND_ZERO, OM_BLEND_OP_ADD, OM_BLEND_ONE, OM_BLEND_ZERO,
              OM_BLEND_OP_ADD);                    /* BOTHSRCALPHA: the front-end's job */
    CHECK(!om_state_init(&st, &bad));
    bad.rt[0].src_color = 20;                      /* past INV_SRC1_ALPHA (19) */
    CHECK(!om_state_init(&st, &bad));
    bad.rt[0].src_color = OM_BLEND_SRC1_COLOR;     /* dual-source: a factor from 10_0 */
    CHECK(om_state_init(&st, &bad));
    bad.rt[0].src_color = OM_BLEND_ONE;
    bad.rt[0].op_alpha = 6;
    CHECK(!om_state_init(&st, &bad));
    bad.rt[0].op_alpha = OM_BLEND_OP_MAX;
    CHECK(om_state_init(&st, &bad));
    bad.rt[0].write_mask = 0x10;
    CHECK(!om_state_init(&st, &bad));
    key_init(&bad);
    key_rt(&bad, 1, F_D16, OM_WRITE_ALL);          /* depth format as a colour target */
    CHECK(!om_state_init(&st, &bad));
    key_rt(&bad, 1, 71, OM_WRITE_ALL);             /* BC1 */
    CHECK(!om_state_init(&st, &bad));
    key_rt(&bad, 1, 0xFFFF, OM_WRITE_ALL);
    CHECK(!om_state_init(&st, &bad));
    key_init(&bad);
    bad.ds_format = F_R8G8B8A8_UNORM;              /* colour format as depth */
    CHECK(!om_state_init(&st, &bad));
    key_init(&bad);
    bad.reserved[1] = 1;
    CHECK(!om_state_init(&st, &bad));
    /* Unused fields of disabled features are not checked; a zero key is valid. */
    key_init(&bad);
    CHECK(om_state_init(&st, &bad));
    CHECK(!st.any_color);
}

TEST(om_helpers)
{
    CHECK_F(om_fmin(NAN, 2.0f), 2.0f);
    CHECK_F(om_fmin(2.0f, NAN), 2.0f);
    CHECK_F(om_fmax(NAN, -2.0f), -2.0f);
    CHECK_F(om_fmin(0.0f, -0.0f), -0.0f);
    CHECK_F(om_fmin(-0.0f, 0.0f), -0.0f);
    CHECK_F(om_fmax(-0.0f, 0.0f), 0.0f);
    CHECK_F(om_fmax(0.0f, -0.0f), 0.0f);
    CHECK_F(om_depth_clamp(NAN, 0.25f, 0.75f), 0.25f);
    CHECK_F(om_depth_clamp(2.0f, 0.25f, 0.75f), 0.75f);
    CHECK_F(om_depth_clamp(-INFINITY, 0.25f, 0.75f), 0.25f);
    CHECK_F(om_depth_clamp(0.5f, 0.25f, 0.75f), 0.5f);

    struct om_key a, b;
    key_init(&a);
    key_init(&b);
    CHECK(om_key_equal(&a, &b));
    CHECK_EQ(om_key_hash(&a), om_key_hash(&b));
    b.rt[3].write_mask = 1;
    CHECK(!om_key_equal(&a, &b));
    CHECK(om_key_hash(&a) != om_key_hash(&b));
}
