/* tests/test_compute_dispatch.c — pipeline/compute.c: every group of a dispatch runs once on
 * the worker pool, results identical for 1 and 4 workers (a race-free program and atomics'
 * final values), empty and oversized dispatches, no program refused. */
#include "harness.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/compute.h"
#include "shader/shader_asm.h"
#include "shader/tpf.h"

/* Groups of 48 threads; each thread writes (group index, local index, a TGSM neighbour's
 * value) to its dispatch-wide slot, counts into a histogram by vThreadIDInGroup.x % 4 and
 * adds its dispatch thread id to a total. */
static const char prog_text[] =
    "cs_5_0\ndcl_uav_structured u0, 12\ndcl_uav_raw u1\ndcl_tgsm_raw g0, 192\n"
    "dcl_temps 4\ndcl_thread_group 16, 3, 1\n"
    "ishl r0.x, vThreadIDInGroupFlattened, l(2)\n"
    "store_raw g0.x, r0.x, vThreadID.x\n"
    "sync_g_t\n"
    "iadd r1.x, l(47), -vThreadIDInGroupFlattened\nishl r1.x, r1.x, l(2)\n"
    "ld_raw r2.z, r1.x, g0.xxxx\n"
    "imad r3.x, vThreadGroupID.z, l(5), vThreadGroupID.y\n"      /* groups (7, 5, 2) */
    "imad r3.x, r3.x, l(7), vThreadGroupID.x\n"
    "mov r2.x, r3.x\nmov r2.y, vThreadIDInGroupFlattened\n"
    "imad r3.y, r3.x, l(48), vThreadIDInGroupFlattened\n"
    "store_structured u0.xyz, r3.y, l(0), r2.xyzx\n"
    "and r1.y, vThreadIDInGroup.x, l(3)\nishl r1.y, r1.y, l(2)\n"
    "atomic_iadd u1, r1.y, l(1)\n"
    "atomic_iadd u1, l(16), vThreadID.y\n"
    "atomic_umax u1, l(20), vThreadID.x\n"
    "ret\n";

static struct vm_program *load(const char *text, struct ir_program *ir)
{
    void *blob = NULL;
    size_t n = 0;
    char msg[256];
    struct tpf_error err;
    struct vm_program *p = NULL;
    CHECK_EQ(tpf_assemble(text, strlen(text), &blob, &n, msg, sizeof(msg)), 0);
    if (!blob)
        return NULL;
    CHECK_EQ(tpf_decode_blob(blob, n, 0, ir, &err), 0);
    free(blob);
    CHECK_EQ(vm_program_create(ir, &p), VM_OK);
    return p;
}

#define GROUPS (7 * 5 * 2)
#define THREADS (GROUPS * 48)

static void run_with(unsigned workers, uint32_t *records, uint32_t *hist)
{
    struct ir_program ir;
    struct vm_program *p = load(prog_text, &ir);
    struct threadpool *pool = workers > 1 ? threadpool_create(workers) : NULL;
    static struct vm_cs_env views;
    memset(&views, 0, sizeof(views));
    views.uav[0] = (struct vm_memory){(uint8_t *)records, THREADS * 12, 12, THREADS, NULL, NULL, NULL};
    views.uav[1] = (struct vm_memory){(uint8_t *)hist, 32, 0, 32, NULL, NULL, NULL};
    struct compute_dispatch d = {p, &views, {7, 5, 2}, NULL, NULL, NULL, NULL};
    if (p)
        CHECK_EQ(compute_dispatch_run(pool, &d), COMPUTE_OK);
    threadpool_destroy(pool);
    vm_program_destroy(p);
    ir_program_free(&ir);
}

TEST(compute_dispatch_every_group_any_thread_count)
{
    static uint32_t rec1[THREADS * 3], rec4[THREADS * 3], h1[8], h4[8];
    memset(rec1, 0xee, sizeof(rec1));
    memset(rec4, 0x55, sizeof(rec4));
    memset(h1, 0, sizeof(h1));
    memset(h4, 0, sizeof(h4));
    run_with(1, rec1, h1);
    run_with(4, rec4, h4);
    CHECK(!memcmp(rec1, rec4, sizeof(rec1)));
    CHECK(!memcmp(h1, h4, sizeof(h1)));
    for (uint32_t g = 0; g < GROUPS; g++) {
        uint32_t gx = g % 7;
        for (uint32_t i = 0; i < 48; i++) {
            const uint32_t *e = &rec1[3 * (g * 48 + i)];
            uint32_t j = 47 - i;            /* the neighbour: local (j % 16, j / 16) */
            CHECK_EQ(e[0], g);
            CHECK_EQ(e[1], i);
            CHECK_EQ(e[2], gx * 16 + j % 16);
        }
    }
    for (unsigned b = 0; b < 4; b++)
        CHECK_EQ(h1[b], THREADS / 4);
    /* sum of vThreadID.y: 5 groups of 3 rows in y, each row 16 x 7 x 2 threads */
    uint32_t sum = 0;
    for (uint32_t y = 0; y < 15; y++)
        sum += y * 16 * 7 * 2;
    CHECK_EQ(h1[4], sum);
    CHECK_EQ(h1[5], 7 * 16 - 1);
}

TEST(compute_dispatch_edges)
{
    struct ir_program ir;
    struct vm_program *p = load(prog_text, &ir);
    static uint32_t hist[8];
    static struct vm_cs_env views;
    memset(&views, 0, sizeof(views));
    memset(hist, 0, sizeof(hist));
    views.uav[1] = (struct vm_memory){(uint8_t *)hist, 32, 0, 32, NULL, NULL, NULL};
    struct compute_dispatch d = {p, &views, {0, 5, 2}, NULL, NULL, NULL, NULL};
    CHECK_EQ(compute_dispatch_run(NULL, &d), COMPUTE_OK);       /* 0 groups: nothing */
    CHECK_EQ(hist[0], 0);
    d.groups[0] = 65536;
    CHECK_EQ(compute_dispatch_run(NULL, &d), COMPUTE_E_INVALID);
    d.prog = NULL;
    d.groups[0] = 1;
    CHECK_EQ(compute_dispatch_run(NULL, &d), COMPUTE_E_INVALID);
    /* u0 unbound: the records are dropped, the histogram still counts */
    d.prog = p;
    d.groups[0] = 1, d.groups[1] = 1, d.groups[2] = 1;
    CHECK_EQ(compute_dispatch_run(NULL, &d), COMPUTE_OK);
    CHECK_EQ(hist[0] + hist[1] + hist[2] + hist[3], 48);
    vm_program_destroy(p);
    ir_program_free(&ir);
}

/* ---- ld in compiled compute programs (jit_codegen.c emit_ld) ---------------------------------
 * Each of 256 threads reads an address (x, y, slice, mip) from u1 -- in range, on the edges,
 * negative, past the size, INT_MIN / INT_MAX, other slices and levels, some chunks with a lane
 * on level 1 or -1 (those go to the sampler) -- loads t0 through the swizzle .yzwx under a
 * branch that skips every eighth thread, and stores the four words to u0.  The compiled
 * program must write exactly what the interpreter writes, for views the generated code reads
 * itself (R8G8B8A8 / B8G8R8X8 UNORM, one-slice array views) and ones it hands to the sampler
 * (sRGB, R32_FLOAT, a minimum LOD); spot values are checked by hand. */
static const char ld_text[] =
    "cs_5_0\ndcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_uav_raw u0\ndcl_uav_raw u1\ndcl_temps 3\ndcl_thread_group 64, 1, 1\n"
    "ishl r0.w, vThreadID.x, l(4)\n"
    "ld_raw r2.xyzw, r0.w, u1.xyzw\n"
    "mov r1.xyzw, l(0, 0, 0, 0)\n"
    "and r0.x, vThreadID.x, l(7)\n"
    "ine r0.x, r0.x, l(3)\n"
    "if_nz r0.x\n"
    "  ld r1.xyzw, r2.xyzw, t0.yzwx\n"
    "endif\n"
    "store_raw u0.xyzw, r0.w, r1.xyzw\n"
    "ret\n";

enum { LD_W = 13, LD_H = 7, LD_THREADS = 256 };

static void ld_addresses(int32_t (*a)[4])
{
    static const int32_t xs[] = {0, 5, 12, 13, -1, 100, INT32_MIN, INT32_MAX, 3, 7, 1, 11};
    static const int32_t ys[] = {0, 3, 6, 7, -1, 2, INT32_MAX, 4, 1, 5, INT32_MIN};
    uint32_t seed = 7;
    for (unsigned i = 0; i < LD_THREADS; i++) {
        seed = seed * 1664525u + 1013904223u;
        a[i][0] = xs[(seed >> 8) % 12];
        a[i][1] = ys[(seed >> 16) % 11];
        a[i][2] = (seed >> 24) % 7 == 0 ? 1 : (seed >> 24) % 7 == 1 ? -1 : 0;
        /* chunks of 8 threads: most all on level 0; in every fifth one lane asks for
         * level 1 or -1 */
        a[i][3] = (i / 8) % 5 == 4 && i % 8 == 5 ? ((i / 40) & 1 ? 1 : -1) : 0;
    }
    a[9][0] = 5, a[9][1] = 3, a[9][2] = 0, a[9][3] = 0;      /* spot values below */
    a[10][0] = 13, a[10][1] = 0, a[10][2] = 0, a[10][3] = 0;
    a[12][0] = 0, a[12][1] = 0, a[12][2] = 1, a[12][3] = 0;
}

static void ld_run(struct vm_program *p, const struct texture_view *t, int32_t (*addr)[4],
                   uint32_t (*out)[4])
{
    static struct vm_cs_env views;
    memset(&views, 0, sizeof(views));
    memset(out, 0xcd, LD_THREADS * 16);
    views.uav[0] = (struct vm_memory){(uint8_t *)out, LD_THREADS * 16, 0, LD_THREADS * 16, NULL, NULL, NULL};
    views.uav[1] = (struct vm_memory){(uint8_t *)addr, LD_THREADS * 16, 0, LD_THREADS * 16, NULL, NULL, NULL};
    const struct texture_view *tex[COMPUTE_MAX_TEXTURES] = {t};
    struct compute_dispatch d = {p, &views, {1, 1, 1}, NULL, tex, NULL, NULL};
    /* one group of 64 threads; the address table is per thread id, so run 4 groups' worth
     * by shifting the table */
    for (unsigned g = 0; g < LD_THREADS / 64; g++) {
        views.uav[0].data = (uint8_t *)out[g * 64];
        views.uav[1].data = (uint8_t *)addr[g * 64];
        CHECK_EQ(compute_dispatch_run(NULL, &d), COMPUTE_OK);
    }
}

static float unorm8(uint8_t v)
{
    return (float)v / 255.0f;
}

TEST(compute_jit_ld_equals_interpreter)
{
    static uint8_t px[2][(LD_W * 4 + 8) * LD_H];
    uint32_t seed = 5;
    for (unsigned i = 0; i < sizeof(px); i++) {
        seed = seed * 1664525u + 1013904223u;
        ((uint8_t *)px)[i] = (uint8_t)(seed >> 24);
    }
    static int32_t addr[LD_THREADS][4];
    ld_addresses(addr);
    struct ir_program ir_a, ir_b;
    struct vm_program *interp = load(ld_text, &ir_a), *jit = load(ld_text, &ir_b);
    if (!interp || !jit)
        return;
    vm_program_jit_disable(interp);
    bool compiled = vm_program_jit_now(jit);
    static const struct { unsigned format; uint32_t array_size; float min_lod; bool fast; } v[] = {
        {28, 0, 0, true}, {88, 0, 0, true}, {87, 1, 0, true}, {28, 0, 0.5f, false},
        {29, 0, 0, false}, {41, 0, 0, false}, {28, 0, 1.5f, false},
    };
    for (unsigned k = 0; k < sizeof(v) / sizeof(v[0]); k++) {
        struct texture_view t;
        memset(&t, 0, sizeof(t));
        t.format = v[k].format;
        t.dim = TEXTURE_DIM_2D;
        t.levels = 2;
        t.array_size = v[k].array_size;
        t.min_lod = v[k].min_lod;
        size_t pitch = LD_W * 4 + 8;
        t.level[0] = (struct texture_level){.data = px[0], .row_pitch = pitch,
                                            .depth_pitch = pitch * LD_H,
                                            .array_pitch = pitch * LD_H, .width = LD_W,
                                            .height = LD_H, .depth = 1};
        t.level[1] = (struct texture_level){.data = px[1], .row_pitch = pitch,
                                            .depth_pitch = pitch * 3, .array_pitch = pitch * 3,
                                            .width = 6, .height = 3, .depth = 1};
        CHECK(texture_view_init(&t));
        CHECK_EQ(t.fast_rgba8 && !t.rgba8.srgb && t.min_lod < 1.0f, v[k].fast);
        static uint32_t a[LD_THREADS][4], b[LD_THREADS][4];
        ld_run(interp, &t, addr, a);
        ld_run(jit, &t, addr, b);
        CHECK(!memcmp(a, b, sizeof(a)));
        if (memcmp(a, b, sizeof(a)))
            for (unsigned i = 0; i < LD_THREADS; i++)
                if (memcmp(a[i], b[i], 16)) {
                    printf("  format %u thread %u (%d, %d, %d, %d): %08x %08x %08x %08x vs "
                           "%08x %08x %08x %08x\n", v[k].format, i, addr[i][0], addr[i][1],
                           addr[i][2], addr[i][3], a[i][0], a[i][1], a[i][2], a[i][3],
                           b[i][0], b[i][1], b[i][2], b[i][3]);
                    break;
                }
        if (k == 0) {
            /* R8G8B8A8_UNORM (5, 3): .yzwx of the texel's bytes / 255 */
            const uint8_t *p = px[0] + 3 * pitch + 5 * 4;
            float want[4] = {unorm8(p[1]), unorm8(p[2]), unorm8(p[3]), unorm8(p[0])};
            uint32_t w[4];
            memcpy(w, want, 16);
            CHECK(!memcmp(b[9], w, 16));
            CHECK_EQ(b[10][0] | b[10][1] | b[10][2] | b[10][3], 0);   /* x = width: 0 */
            /* not an array view: the slice coordinate is no coordinate, texel (0, 0) */
            const uint8_t *q = px[0];
            float want0[4] = {unorm8(q[1]), unorm8(q[2]), unorm8(q[3]), unorm8(q[0])};
            memcpy(w, want0, 16);
            CHECK(!memcmp(b[12], w, 16));
            CHECK_EQ(b[3][0], 0);   /* a skipped thread keeps the 0 it started with */
        }
        if (k == 1) {
            /* B8G8R8X8: alpha (.z of the swizzle) reads 1 */
            float one = 1.0f;
            uint32_t w;
            memcpy(&w, &one, 4);
            CHECK_EQ(b[9][2], w);
        }
        if (k == 2)   /* an array view: slice 1 is outside */
            CHECK_EQ(b[12][0] | b[12][1] | b[12][2] | b[12][3], 0);
    }
    /* the JIT exists on this project's hosts; SOFTD3D_JIT=0 turns it off */
    const char *env = getenv("SOFTD3D_JIT");
    CHECK_EQ(compiled, !(env && !strcmp(env, "0")));
    vm_program_destroy(interp);
    vm_program_destroy(jit);
    ir_program_free(&ir_a);
    ir_program_free(&ir_b);
}

/* An ld whose result a float instruction reads, in a block that only the endif follows (so
 * the result reaches the max unselected): the max's operand is the result flushed of
 * denormals (vm_fin), which the compiled code takes from the flushed twin of each path
 * (jit_codegen.c emit_ld) -- a texel through the sampler may be one (R32_FLOAT below), the
 * generated RGBA8 decode never is.  .w of each thread's result goes to a 64 x 1 R32_UINT
 * image. */
static const char ldf_text[] =
    "cs_5_0\ndcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_uav_typed_texture2d (uint,uint,uint,uint) u0\n"
    "dcl_uav_raw u1\ndcl_temps 3\ndcl_thread_group 64, 1, 1\n"
    "ishl r0.w, vThreadID.x, l(4)\n"
    "ld_raw r2.xyzw, r0.w, u1.xyzw\n"
    "and r0.x, vThreadID.x, l(7)\n"
    "ine r0.x, r0.x, l(3)\n"
    "if_nz r0.x\n"
    "  ld r1.xyzw, r2.xyzw, t0.yzwx\n"
    "  max r1.xyzw, r1.xyzw, l(-1.0, -1.0, -1.0, -1.0)\n"
    "  mov r0.z, vThreadID.x\n"
    "  mov r0.y, l(0)\n"
    "  store_uav_typed u0.xyzw, r0.zyyy, r1.wwww\n"
    "endif\n"
    "ret\n";

static void ldf_run(struct vm_program *p, const struct texture_view *t, int32_t (*addr)[4],
                    uint32_t *out)
{
    static struct vm_cs_env views;
    memset(&views, 0, sizeof(views));
    static struct compute_image im[IR_MAX_UAVS];
    memset(im, 0, sizeof(im));
    for (unsigned i = 0; i < LD_THREADS; i++)
        out[i] = 0xcdcdcdcdu;
    const struct texture_view *tex[COMPUTE_MAX_TEXTURES] = {t};
    struct compute_dispatch d = {p, &views, {1, 1, 1}, NULL, tex, NULL, im};
    for (unsigned g = 0; g < LD_THREADS / 64; g++) {
        views.uav[1] = (struct vm_memory){(uint8_t *)addr[g * 64], 64 * 16, 0, 64 * 16, NULL, NULL, NULL};
        im[0] = (struct compute_image){.data = (uint8_t *)(out + g * 64),
                                       .texel = texel_format_get(42), .size = {64, 1, 1},
                                       .row_pitch = 64 * 4, .slice_pitch = 64 * 4, .coords = 2};
        CHECK_EQ(compute_dispatch_run(NULL, &d), COMPUTE_OK);
    }
}

TEST(compute_jit_ld_float_use_equals_interpreter)
{
    static uint8_t px[(LD_W * 4 + 8) * LD_H];
    uint32_t seed = 9;
    for (unsigned i = 0; i < sizeof(px); i++) {
        seed = seed * 1664525u + 1013904223u;
        px[i] = (uint8_t)(seed >> 24);
    }
    size_t pitch = LD_W * 4 + 8;
    const uint32_t denormal = 0x80000001u;   /* texel (5, 3): a negative denormal */
    memcpy(px + 3 * pitch + 5 * 4, &denormal, 4);
    static int32_t addr[LD_THREADS][4];
    ld_addresses(addr);
    struct ir_program ir_a, ir_b;
    struct vm_program *interp = load(ldf_text, &ir_a), *jit = load(ldf_text, &ir_b);
    if (!interp || !jit)
        return;
    vm_program_jit_disable(interp);
    vm_program_jit_now(jit);
    static const unsigned formats[] = {28, 41, 87};   /* generated, sampler, generated */
    for (unsigned k = 0; k < sizeof(formats) / sizeof(formats[0]); k++) {
        struct texture_view t;
        memset(&t, 0, sizeof(t));
        t.format = formats[k];
        t.dim = TEXTURE_DIM_2D;
        t.levels = 1;
        t.level[0] = (struct texture_level){.data = px, .row_pitch = pitch,
                                            .depth_pitch = pitch * LD_H,
                                            .array_pitch = pitch * LD_H, .width = LD_W,
                                            .height = LD_H, .depth = 1};
        CHECK(texture_view_init(&t));
        static uint32_t a[LD_THREADS], b[LD_THREADS];
        ldf_run(interp, &t, addr, a);
        ldf_run(jit, &t, addr, b);
        CHECK(!memcmp(a, b, sizeof(a)));
        if (formats[k] == 41)   /* (x, 0, 0, 1).yzwx: the denormal in .w, flushed to -0 */
            CHECK_EQ(b[9], 0x80000000u);
    }
    vm_program_destroy(interp);
    vm_program_destroy(jit);
    ir_program_free(&ir_a);
    ir_program_free(&ir_b);
}

/* ---- store_uav_typed in compiled compute programs (jit_codegen.c emit_store_typed) -----------
 * 256 threads store hostile values (NaN, +-0, denormals, 0.5 / 255 and its neighbours, 1, huge,
 * integers) at hostile coordinates (edges, past the size, negative, lanes of different chunks
 * on the same texel) twice in one straight run -- at (x, y) and at (y, x) -- under a branch
 * that skips every eighth thread.  The image the compiled program leaves must be the
 * interpreter's, byte for byte, for the views the generated code writes (R8G8B8A8 / B8G8R8X8
 * UNORM with its X8 byte kept, R32_FLOAT, R32_UINT) and those it hands to typed() (sRGB,
 * R16G16B16A16_FLOAT); spot texels are checked by hand. */
static const char st_text[] =
    "cs_5_0\ndcl_uav_typed_texture2d (float,float,float,float) u0\n"
    "dcl_uav_raw u1\ndcl_temps 3\ndcl_thread_group 64, 1, 1\n"
    "ishl r0.w, vThreadID.x, l(5)\n"
    "ld_raw r1.xyzw, r0.w, u1.xyzw\n"
    "iadd r0.z, r0.w, l(16)\n"
    "ld_raw r2.xyzw, r0.z, u1.xyzw\n"
    "and r0.x, vThreadID.x, l(7)\n"
    "ine r0.x, r0.x, l(6)\n"
    "if_nz r0.x\n"
    "  store_uav_typed u0.xyzw, r1.xyzw, r2.xyzw\n"
    "  store_uav_typed u0.xyzw, r1.yxzw, r2.wzyx\n"
    "endif\n"
    "ret\n";

enum { ST_W = 11, ST_H = 9 };

static void st_inputs(uint32_t (*in)[8])
{
    static const int32_t xs[] = {0, 3, 10, 11, -1, 200, INT32_MIN, 5, 8, 2, 7};
    static const uint32_t vals[] = {
        0x7fc00000u, 0xffc00001u, 0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu,
        0x3b000000u /* 1/512 */, 0x3b008081u /* 0.5 / 255 */, 0x3b008080u, 0x3b008082u,
        0x3f000000u, 0x3f800000u, 0x3f7fffffu, 0x7f800000u, 0xff800000u, 0x4f000000u,
        0x3e4ccccdu, 0x00000003u, 0xdeadbeefu, 0x3f7f7f7fu, 0xbf800000u, 0x3effffffu};
    uint32_t seed = 11;
    for (unsigned i = 0; i < LD_THREADS; i++) {
        seed = seed * 1664525u + 1013904223u;
        in[i][0] = (uint32_t)xs[(seed >> 8) % 11];
        in[i][1] = (uint32_t)xs[(seed >> 14) % 11];
        in[i][2] = (seed >> 20) % 9 == 0 ? 1u : 0u;
        in[i][3] = 0;
        for (unsigned c = 0; c < 4; c++) {
            seed = seed * 1664525u + 1013904223u;
            in[i][4 + c] = vals[(seed >> 10) % 22];
        }
    }
    /* thread 1: (3, 5) <- (0.5, 1, 0.2, 0) then (5, 3) <- (0, 0.2, 1, 0.5) */
    in[1][0] = 3, in[1][1] = 5, in[1][2] = 0;
    in[1][4] = 0x3f000000u, in[1][5] = 0x3f800000u, in[1][6] = 0x3e4ccccdu, in[1][7] = 0;
    for (unsigned i = 2; i < LD_THREADS; i++)   /* nobody else writes those two texels */
        if ((in[i][0] == 3 && in[i][1] == 5) || (in[i][0] == 5 && in[i][1] == 3))
            in[i][0] = 200;
}

static void st_run(struct vm_program *p, unsigned format, uint32_t (*in)[8], uint8_t *img,
                   size_t pitch)
{
    static struct vm_cs_env views;
    memset(&views, 0, sizeof(views));
    static struct compute_image im[IR_MAX_UAVS];
    memset(im, 0, sizeof(im));
    im[0] = (struct compute_image){.data = img, .texel = texel_format_get(format),
                                   .size = {ST_W, ST_H, 1}, .row_pitch = pitch,
                                   .slice_pitch = pitch * ST_H, .coords = 2};
    struct compute_dispatch d = {p, &views, {1, 1, 1}, NULL, NULL, NULL, im};
    for (unsigned g = 0; g < LD_THREADS / 64; g++) {
        views.uav[1] = (struct vm_memory){(uint8_t *)in[g * 64], 64 * 32, 0, 64 * 32, NULL, NULL, NULL};
        CHECK_EQ(compute_dispatch_run(NULL, &d), COMPUTE_OK);
    }
}

TEST(compute_jit_store_typed_equals_interpreter)
{
    static uint32_t in[LD_THREADS][8];
    st_inputs(in);
    struct ir_program ir_a, ir_b;
    struct vm_program *interp = load(st_text, &ir_a), *jit = load(st_text, &ir_b);
    if (!interp || !jit)
        return;
    vm_program_jit_disable(interp);
    bool compiled = vm_program_jit_now(jit);
    /* R8G8B8A8_UNORM, B8G8R8X8_UNORM, R32_FLOAT, R32_UINT, R8G8B8A8_UNORM_SRGB,
     * R16G16B16A16_FLOAT */
    static const unsigned formats[] = {28, 88, 41, 42, 29, 10};
    for (unsigned k = 0; k < sizeof(formats) / sizeof(formats[0]); k++) {
        const struct texel_format *f = texel_format_get(formats[k]);
        CHECK(f != NULL);
        if (!f)
            continue;
        size_t pitch = ST_W * f->block_bytes + 12;
        static uint8_t a[ST_H * (ST_W * 8 + 12)], b[sizeof(a)];
        uint32_t seed = 3;
        for (size_t i = 0; i < sizeof(a); i++) {
            seed = seed * 1664525u + 1013904223u;
            a[i] = b[i] = (uint8_t)(seed >> 24);
        }
        st_run(interp, formats[k], in, a, pitch);
        st_run(jit, formats[k], in, b, pitch);
        CHECK(!memcmp(a, b, sizeof(a)));
        for (size_t i = 0; i < sizeof(a); i++)
            if (a[i] != b[i]) {
                printf("  format %u: byte %zu (row %zu) %02x vs %02x\n", formats[k], i,
                       i / pitch, a[i], b[i]);
                break;
            }
        if (k == 0) {
            /* (3, 5) = (0.5, 1, 0.2, 0) -> bytes 128, 255, 51, 0; (5, 3) reversed */
            const uint8_t want[4] = {128, 255, 51, 0}, want2[4] = {0, 51, 255, 128};
            CHECK(!memcmp(b + 5 * pitch + 3 * 4, want, 4));
            CHECK(!memcmp(b + 3 * pitch + 5 * 4, want2, 4));
        }
        if (k == 1) {
            /* B8G8R8X8: b, g, r from z, y, x; the X8 byte as it was */
            uint8_t x8 = a[5 * pitch + 3 * 4 + 3];
            const uint8_t want[4] = {51, 255, 128, x8};
            CHECK(!memcmp(b + 5 * pitch + 3 * 4, want, 4));
        }
        if (k == 2) {
            uint32_t w;
            memcpy(&w, b + 5 * pitch + 3 * 4, 4);
            CHECK_EQ(w, 0x3f000000u);
        }
    }
    const char *env = getenv("SOFTD3D_JIT");
    CHECK_EQ(compiled, !(env && !strcmp(env, "0")));
    vm_program_destroy(interp);
    vm_program_destroy(jit);
    ir_program_free(&ir_a);
    ir_program_free(&ir_b);
}

/* ---- temps written under a branch that only endifs follow (jit_codegen.c temps_unread) -------
 * The compiled block of the if's body writes temps for the executing lanes only -- nothing reads
 * a temp after it, so the lanes outside keep no old values -- and stores through the typed UAV
 * (the block's native store).  Every fourth thread skips the body; r1.x, set before the branch,
 * feeds it.  The image must be the interpreter's and the values by hand: (7 + x) 3 where
 * x % 4 != 0, the old word elsewhere. */
static const char tu_text[] =
    "cs_5_0\ndcl_uav_typed_texture2d (uint,uint,uint,uint) u0\n"
    "dcl_temps 3\ndcl_thread_group 64, 1, 1\n"
    "mov r1.x, l(7)\n"
    "and r0.x, vThreadID.x, l(3)\n"
    "if_nz r0.x\n"
    "  iadd r1.x, r1.x, vThreadID.x\n"
    "  imul null, r1.y, r1.x, l(3)\n"
    "  mov r2.x, vThreadID.x\n"
    "  mov r2.y, l(0)\n"
    "  store_uav_typed u0.xyzw, r2.xyyy, r1.yyyy\n"
    "endif\n"
    "ret\n";

/* The same with the store after the endif: the lanes that skipped the body read their r1.x
 * of before it (21 = 7 3), so the body must keep it for them. */
static const char tu2_text[] =
    "cs_5_0\ndcl_uav_typed_texture2d (uint,uint,uint,uint) u0\n"
    "dcl_temps 3\ndcl_thread_group 64, 1, 1\n"
    "mov r1.x, l(7)\n"
    "and r0.x, vThreadID.x, l(3)\n"
    "if_nz r0.x\n"
    "  iadd r1.x, r1.x, vThreadID.x\n"
    "endif\n"
    "imul null, r1.y, r1.x, l(3)\n"
    "mov r2.x, vThreadID.x\n"
    "mov r2.y, l(0)\n"
    "store_uav_typed u0.xyzw, r2.xyyy, r1.yyyy\n"
    "ret\n";

static void tu_run(struct vm_program *p, uint32_t *img, unsigned format, unsigned bytes)
{
    static struct vm_cs_env views;
    memset(&views, 0, sizeof(views));
    static struct compute_image im[IR_MAX_UAVS];
    memset(im, 0, sizeof(im));
    im[0] = (struct compute_image){.data = (uint8_t *)img, .texel = texel_format_get(format),
                                   .size = {64, 1, 1}, .row_pitch = 64 * bytes,
                                   .slice_pitch = 64 * bytes, .coords = 2};
    struct compute_dispatch d = {p, &views, {1, 1, 1}, NULL, NULL, NULL, im};
    CHECK_EQ(compute_dispatch_run(NULL, &d), COMPUTE_OK);
}

TEST(compute_jit_temps_under_branch_equal_interpreter)
{
    for (int v = 0; v < 2; v++) {
        struct ir_program ir_a, ir_b;
        const char *text = v ? tu2_text : tu_text;
        struct vm_program *interp = load(text, &ir_a), *jit = load(text, &ir_b);
        if (!interp || !jit)
            return;
        vm_program_jit_disable(interp);
        bool compiled = vm_program_jit_now(jit);
        static uint32_t a[64], b[64];
        for (unsigned i = 0; i < 64; i++)
            a[i] = b[i] = 0xa5a50000u + i;
        tu_run(interp, a, 42, 4);
        tu_run(jit, b, 42, 4);
        CHECK(!memcmp(a, b, sizeof(a)));
        for (unsigned i = 0; i < 64; i++)
            CHECK_EQ(b[i], i % 4 ? (7 + i) * 3 : v ? 21u : 0xa5a50000u + i);
        /* R16_UINT: the store goes through typed() (vm_typed_store_chunk), which takes its
         * lanes from vm_exec.exec -- inside the compiled branch, the branch's lanes
         * (jit_codegen.c chunk_call) */
        static uint16_t a16[64], b16[64];
        for (unsigned i = 0; i < 64; i++)
            a16[i] = b16[i] = (uint16_t)(0xc000u + i);
        tu_run(interp, (uint32_t *)(void *)a16, 57, 2);
        tu_run(jit, (uint32_t *)(void *)b16, 57, 2);
        CHECK(!memcmp(a16, b16, sizeof(a16)));
        for (unsigned i = 0; i < 64; i++)
            CHECK_EQ(b16[i], i % 4 ? (7 + i) * 3 : v ? 21u : 0xc000u + i);
        const char *env = getenv("SOFTD3D_JIT");
        CHECK_EQ(compiled, !(env && !strcmp(env, "0")));
        vm_program_destroy(interp);
        vm_program_destroy(jit);
        ir_program_free(&ir_a);
        ir_program_free(&ir_b);
    }
}

/* ---- which temps a run clears (vm.c reads_unwritten) ------------------------------------------
 * r1.x is written only inside the branch and read after it: the threads that skipped it read
 * 0, never what the same lanes left in an earlier group (4 groups of 64 run on the same
 * states); r0 and r2 are written before every read and need no clear. */
static const char tc_text[] =
    "cs_5_0\ndcl_uav_typed_texture2d (uint,uint,uint,uint) u0\n"
    "dcl_temps 3\ndcl_thread_group 64, 1, 1\n"
    "and r0.x, vThreadID.x, l(3)\n"
    "if_nz r0.x\n"
    "  iadd r1.x, vThreadID.x, l(100)\n"
    "endif\n"
    "mov r2.x, vThreadID.x\n"
    "mov r2.y, l(0)\n"
    "store_uav_typed u0.xyzw, r2.xyyy, r1.xxxx\n"
    "ret\n";

TEST(compute_temps_read_after_a_branch_start_at_zero)
{
    for (int v = 0; v < 2; v++) {
        struct ir_program ir;
        struct vm_program *p = load(tc_text, &ir);
        if (!p)
            return;
        if (v)
            vm_program_jit_now(p);
        else
            vm_program_jit_disable(p);
        static uint32_t img[256];
        memset(img, 0xee, sizeof(img));
        static struct vm_cs_env views;
        memset(&views, 0, sizeof(views));
        static struct compute_image im[IR_MAX_UAVS];
        memset(im, 0, sizeof(im));
        im[0] = (struct compute_image){.data = (uint8_t *)img, .texel = texel_format_get(42),
                                       .size = {256, 1, 1}, .row_pitch = 256 * 4,
                                       .slice_pitch = 256 * 4, .coords = 2};
        struct compute_dispatch d = {p, &views, {4, 1, 1}, NULL, NULL, NULL, im};
        CHECK_EQ(compute_dispatch_run(NULL, &d), COMPUTE_OK);
        for (unsigned x = 0; x < 256; x++)
            CHECK_EQ(img[x], x % 4 ? x + 100 : 0u);
        vm_program_destroy(p);
        ir_program_free(&ir);
    }
}
