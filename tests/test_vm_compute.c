/* tests/test_vm_compute.c — cs_5_0 programs on the VM (issue 15, step 1): thread ids, group
 * barriers across chunks of VM_LANES lanes, group-shared memory, raw and structured UAVs and
 * SRVs, every atomic family, alloc/consume, bufinfo, out-of-bounds accesses (reads 0, writes
 * dropped, nothing outside the memory touched), the programs the VM refuses, the JIT declining
 * compute programs, and the validator's limits.  Programs are written with the SM4 assembler. */
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#include "shader/ir.h"
#include "shader/shader_asm.h"
#include "shader/tpf.h"
#include "vm/vm.h"

struct cs_run {
    struct ir_program ir;
    struct vm_program *prog;
    struct vm_state *st[IR_CS_MAX_THREADS / VM_LANES];
    uint32_t chunks;
    uint8_t tgsm[IR_CS_MAX_TGSM_BYTES];
    struct vm_cs_env cs;
    struct vm_env env;
};

/* Assembles and decodes `text`; the decoder's answer (0 or TPF_E_*), msg its message. */
static int cs_decode(const char *text, struct ir_program *ir, char *msg, size_t size)
{
    void *blob = NULL;
    size_t n = 0;
    struct tpf_error err;
    msg[0] = 0;
    if (tpf_assemble(text, strlen(text), &blob, &n, msg, size))
        return -100;
    int ret = tpf_decode_blob(blob, n, 0, ir, &err);
    free(blob);
    if (ret)
        snprintf(msg, size, "%s", err.message);
    return ret;
}

static struct cs_run *cs_load(const char *text)
{
    char msg[256];
    struct cs_run *r = calloc(1, sizeof(*r));
    if (!r)
        return NULL;
    int ret = cs_decode(text, &r->ir, msg, sizeof(msg));
    if (ret) {
        harness_fail(__FILE__, __LINE__, "decode: %s", msg);
        free(r);
        return NULL;
    }
    CHECK_EQ(vm_program_create(&r->ir, &r->prog), VM_OK);
    r->chunks = vm_compute_chunks(r->prog);
    for (uint32_t k = 0; k < r->chunks; k++)
        CHECK_EQ(vm_state_create(r->prog, &r->st[k]), VM_OK);
    r->cs.tgsm = r->tgsm;
    r->env.cs = &r->cs;
    return r;
}

static void cs_free(struct cs_run *r)
{
    if (!r)
        return;
    for (uint32_t k = 0; k < r->chunks; k++)
        vm_state_destroy(r->st[k]);
    vm_program_destroy(r->prog);
    ir_program_free(&r->ir);
    free(r);
}

static void raw_view(struct vm_memory *m, void *data, uint32_t bytes)
{
    m->data = data;
    m->size = bytes;
    m->stride = 0;
    m->elements = bytes;
    m->counter = NULL;
}

static bool cs_group(struct cs_run *r, uint32_t x, uint32_t y, uint32_t z)
{
    const uint32_t g[3] = {x, y, z};
    return vm_compute_run_group(r->prog, r->st, &r->env, g);
}

/* 64 threads (two chunks): each writes its index to g0, the barrier, then each reads the
 * value of thread 63 - i (written by the other chunk for half of them); u0 gets it per
 * dispatch thread, u1[0] sums vThreadID.x, u1[1] counts with imm_atomic_iadd, whose results
 * index u2 (every slot once: a permutation). */
static const char reduce_cs[] =
    "cs_5_0\n"
    "dcl_uav_raw u0\ndcl_uav_raw u1\ndcl_uav_raw u2\n"
    "dcl_tgsm_raw g0, 256\n"
    "dcl_temps 6\n"
    "dcl_thread_group 64, 1, 1\n"
    "ishl r0.x, vThreadIDInGroupFlattened, l(2)\n"
    "store_raw g0.x, r0.x, vThreadIDInGroupFlattened\n"
    "sync_g_t\n"
    "iadd r1.x, l(63), -vThreadIDInGroupFlattened\n"
    "ishl r1.x, r1.x, l(2)\n"
    "ld_raw r2.x, r1.x, g0.x\n"
    "ishl r3.x, vThreadID.x, l(2)\n"
    "store_raw u0.x, r3.x, r2.x\n"
    "atomic_iadd u1, l(0), vThreadID.x\n"
    "imm_atomic_iadd r4.x, u1, l(4), l(1)\n"
    "ishl r5.x, r4.x, l(2)\n"
    "store_raw u2.x, r5.x, vThreadGroupID.x\n"
    "ret\n";

TEST(vm_cs_barrier_across_chunks)
{
    static uint32_t u0[192], u1[2], u2[192];
    struct cs_run *r = cs_load(reduce_cs);
    if (!r)
        return;
    CHECK(vm_program_cs_unsupported(r->prog) == NULL);
    CHECK_EQ(r->chunks, 2);
    CHECK_EQ(vm_program_tgsm_bytes(r->prog), 256);
    memset(u0, 0xcd, sizeof(u0));
    memset(u1, 0, sizeof(u1));
    memset(u2, 0xee, sizeof(u2));
    raw_view(&r->cs.uav[0], u0, sizeof(u0));
    raw_view(&r->cs.uav[1], u1, sizeof(u1));
    raw_view(&r->cs.uav[2], u2, sizeof(u2));
    for (uint32_t g = 0; g < 3; g++)
        CHECK(cs_group(r, g, 0, 0));
    for (uint32_t i = 0; i < 192; i++)
        CHECK_EQ(u0[i], 63 - i % 64);
    CHECK_EQ(u1[0], 191u * 192u / 2u);
    CHECK_EQ(u1[1], 192);
    /* lanes run in order, groups in the order run: slot i was taken by group i / 64 */
    for (uint32_t i = 0; i < 192; i++)
        CHECK_EQ(u2[i], i / 64);
    cs_free(r);
}

/* A group of 48 threads: two chunks, the second with 16 lanes; thread i reads thread
 * 47 - i's value after the barrier, and nothing is written for the missing lanes. */
TEST(vm_cs_barrier_partial_chunk)
{
    static uint32_t u0[64];
    static const char text[] =
        "cs_5_0\ndcl_uav_raw u0\ndcl_tgsm_structured g0, 4, 48\ndcl_temps 2\n"
        "dcl_thread_group 48, 1, 1\n"
        "imul null, r0.x, vThreadIDInGroupFlattened, l(3)\n"
        "store_structured g0.x, vThreadIDInGroupFlattened, l(0), r0.x\n"
        "sync_g_t\n"
        "iadd r1.x, l(47), -vThreadIDInGroupFlattened\n"
        "ld_structured r1.y, r1.x, l(0), g0.xxxx\n"
        "ishl r1.x, vThreadID.x, l(2)\nstore_raw u0.x, r1.x, r1.y\nret\n";
    struct cs_run *r = cs_load(text);
    if (!r)
        return;
    memset(u0, 0xcd, sizeof(u0));
    raw_view(&r->cs.uav[0], u0, sizeof(u0));
    CHECK(cs_group(r, 0, 0, 0));
    for (uint32_t i = 0; i < 64; i++)
        CHECK_EQ(u0[i], i < 48 ? 3 * (47 - i) : 0xcdcdcdcdu);
    cs_free(r);
}

/* vThreadID / vThreadGroupID / vThreadIDInGroup in a 3D group of 4 x 3 x 5 = 60 threads:
 * each thread stores its three ids, packed, at its flattened index of the dispatch. */
TEST(vm_cs_thread_ids)
{
    static uint32_t out[2 * 60 * 3];
    const char *text =
        "cs_5_0\ndcl_uav_structured u0, 12\ndcl_temps 2\ndcl_thread_group 4, 3, 5\n"
        "imad r0.x, vThreadGroupID.x, l(60), vThreadIDInGroupFlattened\n"
        "ishl r1.x, vThreadID.y, l(8)\nor r1.x, r1.x, vThreadID.x\n"
        "ishl r1.y, vThreadID.z, l(16)\nor r1.x, r1.x, r1.y\n"
        "ishl r1.y, vThreadIDInGroup.y, l(8)\nor r1.y, r1.y, vThreadIDInGroup.x\n"
        "ishl r1.z, vThreadIDInGroup.z, l(16)\nor r1.y, r1.y, r1.z\n"
        "ishl r1.z, vThreadGroupID.y, l(8)\nor r1.z, r1.z, vThreadGroupID.x\n"
        "store_structured u0.xyz, r0.x, l(0), r1.xyzx\nret\n";
    struct cs_run *r = cs_load(text);
    if (!r)
        return;
    r->cs.uav[0] = (struct vm_memory){(uint8_t *)out, sizeof(out), 12, 120, NULL, NULL, NULL};
    CHECK(cs_group(r, 0, 2, 0));
    CHECK(cs_group(r, 1, 2, 0));
    for (uint32_t g = 0; g < 2; g++)
        for (uint32_t z = 0; z < 5; z++)
            for (uint32_t y = 0; y < 3; y++)
                for (uint32_t x = 0; x < 4; x++) {
                    uint32_t f = (z * 3 + y) * 4 + x, *e = &out[3 * (g * 60 + f)];
                    CHECK_EQ(e[0], (g * 4 + x) | (2 * 3 + y) << 8 | z << 16);
                    CHECK_EQ(e[1], x | y << 8 | z << 16);
                    CHECK_EQ(e[2], g | 2u << 8);
                }
    cs_free(r);
}

/* Every atomic family on a raw UAV and on g#, with exact final and returned values. */
TEST(vm_cs_atomics)
{
    static uint32_t u[16], res[32 * 8];
    const char *text =
        "cs_5_0\ndcl_uav_raw u0\ndcl_uav_structured u1, 32\ndcl_tgsm_raw g0, 16\n"
        "dcl_temps 3\ndcl_thread_group 32, 1, 1\n"
        "mov r0.x, vThreadIDInGroupFlattened\n"
        "atomic_and u0, l(0), l(0x0000ff0f)\n"
        "ishl r1.x, l(1), r0.x\natomic_or u0, l(4), r1.x\n"
        "atomic_xor u0, l(8), r1.x\n"
        "atomic_cmp_store u0, l(12), l(0), l(77)\n"
        "iadd r1.y, r0.x, l(-16)\n"
        "atomic_imax u0, l(16), r1.y\natomic_imin u0, l(20), r1.y\n"
        "atomic_umax u0, l(24), r1.y\natomic_umin u0, l(28), r1.y\n"
        "imm_atomic_iadd r2.x, g0, l(0), l(2)\n"
        "imm_atomic_exch r2.y, g0, l(4), r0.x\n"
        "imm_atomic_cmp_exch r2.z, g0, l(8), r0.x, l(100)\n"
        "imm_atomic_umax r2.w, g0, l(12), r0.x\n"
        "store_structured u1.xyzw, r0.x, l(0), r2.xyzw\n"
        "imm_atomic_and r2.x, u0, l(32), l(0xfffffffe)\n"
        "imm_atomic_or r2.y, u0, l(36), r1.x\n"
        "imm_atomic_xor r2.z, u0, l(40), l(1)\n"
        "imm_atomic_imin r2.w, u0, l(44), r1.y\n"
        "store_structured u1.xyzw, r0.x, l(16), r2.xyzw\n"
        "imm_atomic_imax r2.x, u0, l(48), r1.y\n"
        "imm_atomic_umin r2.y, u0, l(52), r0.x\n"
        "ld_raw r2.zw, l(0), g0.xxxy\n"
        "ret\n";
    struct cs_run *r = cs_load(text);
    if (!r)
        return;
    memset(u, 0, sizeof(u));
    u[0] = 0xffffffffu;
    u[11] = 0x7fffffff;
    u[13] = 0xffffffffu;
    raw_view(&r->cs.uav[0], u, sizeof(u));
    r->cs.uav[1] = (struct vm_memory){(uint8_t *)res, sizeof(res), 32, 32, NULL, NULL, NULL};
    CHECK(cs_group(r, 0, 0, 0));
    CHECK_EQ(u[0], 0x0000ff0fu);
    CHECK_EQ(u[1], 0xffffffffu);        /* or of every 1 << i */
    CHECK_EQ(u[2], 0xffffffffu);        /* xor of distinct bits */
    CHECK_EQ(u[3], 77);                 /* the first compare matched 0 */
    CHECK_EQ(u[4], 15);                 /* imax of -16..15 */
    CHECK_EQ(u[5], (uint32_t)-16);
    CHECK_EQ(u[6], 0xffffffffu);        /* umax: -1 as unsigned is the largest ... */
    CHECK_EQ(u[7], 0);                  /* ... umin 0 */
    for (uint32_t i = 0; i < 32; i++) {
        const uint32_t *e = &res[8 * i];
        CHECK_EQ(e[0], 2 * i);          /* imm_atomic_iadd: the sum before, in lane order */
        CHECK_EQ(e[1], i ? i - 1 : 0);  /* exch: the previous lane's */
        CHECK_EQ(e[2], i ? 100 : 0);    /* cmp_exch: lane 0 matched 0 and stored 100 */
        CHECK_EQ(e[3], i ? i - 1 : 0);  /* umax before */
        CHECK_EQ(e[4], 0);              /* and with ~1 of 0 */
        CHECK_EQ(e[5], i ? (1u << i) - 1 : 0);
        CHECK_EQ(e[6], i & 1);          /* xor 1 toggles */
        CHECK_EQ(e[7], i ? (uint32_t)-16 : 0x7fffffffu);   /* imin before */
    }
    CHECK_EQ(u[11], (uint32_t)-16);
    CHECK_EQ(u[12], 15);
    CHECK_EQ(u[13], 0);
    cs_free(r);
}

/* imm_atomic_alloc / consume on the hidden counter (values in lane order), bufinfo of raw
 * and structured views, structured SRV reads. */
TEST(vm_cs_counter_bufinfo_srv)
{
    static uint32_t app[64], srv[8], info[4];
    uint32_t counter = 5;
    const char *text =
        "cs_5_0\ndcl_uav_structured_opc u0, 4\ndcl_uav_raw u1\ndcl_resource_structured t3, 8\n"
        "dcl_resource_raw t4\ndcl_temps 3\ndcl_thread_group 8, 1, 1\n"
        "imm_atomic_alloc r0.x, u0\n"
        "ld_structured r1.x, vThreadIDInGroupFlattened, l(4), t3.xxxx\n"
        "store_structured u0.x, r0.x, l(0), r1.x\n"
        "imm_atomic_consume r2.x, u0\n"
        "bufinfo r1.y, u0.xxxx\nbufinfo r1.z, t3.xxxx\nbufinfo r1.w, t4.xxxx\n"
        "bufinfo r2.y, u1.xxxx\n"
        "mov r1.x, r2.x\n"
        "store_raw u1.xyzw, l(0), r1.xyzw\n"
        "ret\n";
    struct cs_run *r = cs_load(text);
    if (!r)
        return;
    for (uint32_t i = 0; i < 8; i++)
        srv[i] = 1000 + i;
    memset(app, 0, sizeof(app));
    r->cs.uav[0] = (struct vm_memory){(uint8_t *)app, sizeof(app), 4, 64, &counter, NULL, NULL};
    raw_view(&r->cs.uav[1], info, sizeof(info));
    r->cs.srv[3] = (struct vm_memory){(uint8_t *)srv, sizeof(srv), 8, 4, NULL, NULL, NULL};
    raw_view(&r->cs.srv[4], srv, 12);
    CHECK(cs_group(r, 0, 0, 0));
    /* alloc gave 5..12 in lane order; lane i stored srv element i's second word (i < 4),
     * past the 4 elements reads 0 */
    for (uint32_t i = 0; i < 8; i++)
        CHECK_EQ(app[5 + i], i < 4 ? 1000 + 2 * i + 1 : 0);
    CHECK_EQ(counter, 5);                 /* 8 allocs, 8 consumes */
    CHECK_EQ(info[0], 5);                 /* the last lane's consume: 13 - 8 */
    CHECK_EQ(info[1], 64);                /* structured: elements */
    CHECK_EQ(info[2], 4);
    CHECK_EQ(info[3], 12);                /* raw: bytes */
    cs_free(r);
}

/* Hostile addresses: raw, structured and g# accesses outside their memory read 0 and write
 * nothing, whatever the address (no access leaves the memory given: the guard words after
 * each view stay untouched). */
TEST(vm_cs_out_of_bounds)
{
    static uint32_t raw[4 + 4], st[2 * 2 + 4], out[32 * 4];
    const char *text =
        "cs_5_0\ndcl_uav_raw u0\ndcl_uav_structured u1, 8\ndcl_uav_structured u2, 16\n"
        "dcl_tgsm_structured g0, 4, 4\ndcl_temps 3\ndcl_thread_group 32, 1, 1\n"
        "ishl r0.x, vThreadIDInGroupFlattened, l(27)\n"       /* huge addresses */
        "iadd r0.y, r0.x, l(12)\n"
        "store_raw u0.xyzw, r0.y, l(1, 2, 3, 4)\n"             /* lane 0: bytes 12..27 */
        "store_structured u1.xy, vThreadIDInGroupFlattened, l(4), l(9, 9, 9, 9)\n"
        "store_structured g0.x, vThreadIDInGroupFlattened, l(0), l(7)\n"
        "atomic_iadd u0, r0.x, l(1)\n"
        "ld_raw r1.xyzw, l(0xfffffffc), u0.xyzw\n"
        "ld_structured r2.x, l(0xffffffff), l(0), u1.xxxx\n"
        "ld_structured r2.y, l(1), l(0xfffffffc), u1.xxxx\n"
        "ld_structured r2.z, vThreadIDInGroupFlattened, l(0), g0.xxxx\n"
        "ld_raw r2.w, l(8), u0.xxxx\n"
        "iadd r1.x, r1.x, r2.x\niadd r1.x, r1.x, r2.y\n"
        "mov r1.yzw, r2.zzw\n"
        "store_structured u2.xyzw, vThreadIDInGroupFlattened, l(0), r1.xyzw\n"
        "ret\n";
    struct cs_run *r = cs_load(text);
    if (!r)
        return;
    memset(raw, 0xab, sizeof(raw));
    memset(st, 0xab, sizeof(st));
    raw[0] = 0;
    raw_view(&r->cs.uav[0], raw, 16);
    r->cs.uav[1] = (struct vm_memory){(uint8_t *)st, 16, 8, 2, NULL, NULL, NULL};
    r->cs.uav[2] = (struct vm_memory){(uint8_t *)out, sizeof(out), 16, 32, NULL, NULL, NULL};
    CHECK(cs_group(r, 0, 0, 0));
    /* lane 0 stored x at 12 (inside) and y, z, w past the 16 bytes: dropped */
    CHECK_EQ(raw[3], 1);
    for (unsigned k = 4; k < 8; k++)
        CHECK_EQ(raw[k], 0xababababu);
    CHECK_EQ(raw[0], 1);            /* lane 0's atomic at 0; the others far outside */
    CHECK_EQ(st[1], 9);             /* elements 0 and 1, offset 4 */
    CHECK_EQ(st[3], 9);
    CHECK_EQ(st[0], 0xababababu);
    for (unsigned k = 4; k < 8; k++)
        CHECK_EQ(st[k], 0xababababu);
    for (uint32_t i = 0; i < 32; i++) {
        CHECK_EQ(out[4 * i], 0);                 /* three out-of-bounds loads: 0 */
        CHECK_EQ(out[4 * i + 1], i < 4 ? 7 : 0); /* g0 has 4 elements */
        CHECK_EQ(out[4 * i + 2], 0xababababu);   /* raw[2], inside */
    }
    cs_free(r);
}

/* An unbound UAV / SRV (data NULL): loads 0, nothing written, imm results 0. */
TEST(vm_cs_unbound)
{
    static uint32_t out[32];
    const char *text =
        "cs_5_0\ndcl_uav_raw u0\ndcl_uav_raw u1\ndcl_resource_raw t0\ndcl_temps 2\n"
        "dcl_thread_group 32, 1, 1\n"
        "imm_atomic_iadd r0.x, u0, l(0), l(5)\nld_raw r0.y, l(0), t0.xxxx\n"
        "ld_raw r0.z, l(0), u0.xxxx\nstore_raw u0.x, l(0), l(1)\n"
        "iadd r0.x, r0.x, r0.y\niadd r0.x, r0.x, r0.z\n"
        "ishl r1.x, vThreadIDInGroupFlattened, l(2)\nstore_raw u1.x, r1.x, r0.x\nret\n";
    struct cs_run *r = cs_load(text);
    if (!r)
        return;
    memset(out, 0x11, sizeof(out));
    raw_view(&r->cs.uav[1], out, sizeof(out));
    CHECK(cs_group(r, 0, 0, 0));
    for (uint32_t i = 0; i < 32; i++)
        CHECK_EQ(out[i], 0);
    cs_free(r);
}

/* A tree reduction of 128 threads (four chunks) with the barrier inside a loop whose trip
 * count is uniform, and a barrier inside a subroutine: at stride 32, threads 0..31 read what
 * threads 32..63 (another chunk) wrote at stride 64, so a chunk that ran past the barrier
 * before the others reached it would add stale values. */
TEST(vm_cs_barrier_in_loop_and_subroutine)
{
    static uint32_t out[2];
    static const char text[] =
        "cs_5_0\ndcl_uav_raw u0\ndcl_tgsm_raw g0, 512\ndcl_temps 4\n"
        "dcl_thread_group 128, 1, 1\n"
        "ishl r0.x, vThreadIDInGroupFlattened, l(2)\n"
        "store_raw g0.x, r0.x, vThreadIDInGroupFlattened\n"
        "call l0\n"
        "mov r1.x, l(64)\n"
        "loop\n"
        "  ieq r2.x, r1.x, l(0)\n"
        "  breakc_nz r2.x\n"
        "  ult r2.y, vThreadIDInGroupFlattened, r1.x\n"
        "  if_nz r2.y\n"
        "    iadd r3.x, vThreadIDInGroupFlattened, r1.x\n"
        "    ishl r3.x, r3.x, l(2)\n"
        "    ld_raw r3.y, r3.x, g0.xxxx\n"
        "    ld_raw r3.z, r0.x, g0.xxxx\n"
        "    iadd r3.z, r3.z, r3.y\n"
        "    store_raw g0.x, r0.x, r3.z\n"
        "  endif\n"
        "  sync_g_t\n"
        "  ushr r1.x, r1.x, l(1)\n"
        "endloop\n"
        "ieq r2.z, vThreadIDInGroupFlattened, l(0)\n"
        "if_nz r2.z\n"
        "  ld_raw r3.w, l(0), g0.xxxx\n"
        "  store_raw u0.x, l(0), r3.w\n"
        "endif\n"
        "ret\n"
        "label l0\n"
        "sync_g_t\n"
        "ret\n";
    struct cs_run *r = cs_load(text);
    if (!r)
        return;
    CHECK(vm_program_cs_unsupported(r->prog) == NULL);
    memset(out, 0, sizeof(out));
    raw_view(&r->cs.uav[0], out, sizeof(out));
    CHECK(cs_group(r, 0, 0, 0));
    CHECK_EQ(out[0], 127u * 128u / 2u);
    /* a second group starts from fresh registers and zeroed group-shared memory */
    out[0] = 0;
    CHECK(cs_group(r, 1, 0, 0));
    CHECK_EQ(out[0], 127u * 128u / 2u);
    cs_free(r);
}

/* Typed UAVs through the caller's callbacks: a 8 x 4 texture of uint4 elements (u0) and a
 * 16-element R32_UINT buffer (u1) for atomics; coordinates outside read 0 / write nothing. */
struct typed_fake {
    uint32_t tex[4][8][4];
    uint32_t words[16];
    unsigned calls;
};

static void fake_typed(void *ctx, unsigned slot, bool store, uint32_t lanes,
                       const uint32_t (*coord)[VM_LANES], uint32_t (*value)[VM_LANES])
{
    struct typed_fake *f = ctx;
    f->calls++;
    for (unsigned l = 0; l < VM_LANES; l++) {
        uint32_t x = coord[0][l], y = coord[1][l];
        if (!((lanes >> l) & 1) || slot != 0 || x >= 8 || y >= 4)
            continue;
        for (unsigned c = 0; c < 4; c++) {
            if (store)
                f->tex[y][x][c] = value[c][l];
            else
                value[c][l] = f->tex[y][x][c];
        }
    }
}

static uint32_t *fake_word(void *ctx, unsigned slot, const uint32_t coord[3])
{
    struct typed_fake *f = ctx;
    return slot == 1 && coord[0] < 16 ? &f->words[coord[0]] : NULL;
}

TEST(vm_cs_typed_uavs)
{
    static struct typed_fake f;
    const char *text =
        "cs_5_0\ndcl_uav_typed_texture2d (uint,uint,uint,uint) u0\n"
        "dcl_uav_typed_buffer (uint,uint,uint,uint) u1\ndcl_temps 2\n"
        "dcl_thread_group 8, 4, 1\n"
        "ld_uav_typed r0.xyzw, vThreadID.xyyy, u0.wzyx\n"     /* swizzled on the way in */
        "iadd r0.xyzw, r0.xyzw, l(1, 2, 3, 4)\n"
        "iadd r1.xy, vThreadID.xyxx, l(0, 0, 0, 0)\n"
        "store_uav_typed u0.xyzw, r1.xyyy, r0.xyzw\n"
        "ld_uav_typed r1.x, l(100, 0, 0, 0), u0.xxxx\n"      /* outside: 0 */
        "atomic_iadd u1, vThreadID.x, l(1)\n"
        "imm_atomic_umax r1.y, u1, l(99), l(5)\n"            /* outside: nothing, 0 */
        "iadd r1.x, r1.x, r1.y\n"
        "atomic_iadd u1, l(15), r1.x\n"
        "ret\n";
    struct cs_run *r = cs_load(text);
    if (!r)
        return;
    CHECK(vm_program_cs_unsupported(r->prog) == NULL);
    memset(&f, 0, sizeof(f));
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t x = 0; x < 8; x++)
            for (unsigned c = 0; c < 4; c++)
                f.tex[y][x][c] = 1000 * c + 10 * y + x;
    r->cs.typed = fake_typed;
    r->cs.typed_word = fake_word;
    r->cs.typed_ctx = &f;
    /* the interpreter's calls are counted below (compiled code calls typed() per chunk of
     * its width for a view it does not write itself: test_compute_dispatch.c) */
    vm_program_jit_disable(r->prog);
    CHECK(cs_group(r, 0, 0, 0));
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t x = 0; x < 8; x++)
            for (unsigned c = 0; c < 4; c++)
                CHECK_EQ(f.tex[y][x][c], 1000 * (3 - c) + 10 * y + x + c + 1);
    for (uint32_t i = 0; i < 16; i++)
        CHECK_EQ(f.words[i], i < 8 ? 4u : 0u);   /* 4 rows of threads per x; slot 15: 0s */
    CHECK_EQ(f.calls, 3);                        /* one call per instruction and chunk */
    /* no callbacks: every typed access reads 0 and writes nothing */
    static uint32_t before[4][8][4], words_before[16];
    memcpy(before, f.tex, sizeof(before));
    memcpy(words_before, f.words, sizeof(words_before));
    r->cs.typed = NULL;
    r->cs.typed_word = NULL;
    CHECK(cs_group(r, 0, 0, 0));
    CHECK(!memcmp(before, f.tex, sizeof(before)));
    CHECK(!memcmp(words_before, f.words, sizeof(words_before)));
    CHECK_EQ(f.calls, 3);
    cs_free(r);
}

/* Compute programs stay on the interpreter: the JIT declines them. */
TEST(vm_cs_jit_declined)
{
    /* sync without _t inside flow is only a fence */
    struct cs_run *r = cs_load("cs_5_0\ndcl_uav_raw u0\ndcl_thread_group 2, 1, 1\n"
                               "if_nz vThreadIDInGroupFlattened\nsync_uglobal_g\nendif\nret\n");
    if (r) {
        CHECK(vm_program_cs_unsupported(r->prog) == NULL);
        CHECK(!vm_program_jit_now(r->prog));
        CHECK(cs_group(r, 0, 0, 0));
        cs_free(r);
    }
}

/* The validator's compute rules (ir_compute.c), through the assembler and decoder. */
TEST(vm_cs_validation)
{
    static const struct {
        const char *text, *message;
    } bad[] = {
        {"cs_5_0\ndcl_thread_group 1025, 1, 1\nret\n", "1024 threads"},
        {"cs_5_0\ndcl_thread_group 32, 32, 2\nret\n", "1024 threads"},
        {"cs_5_0\ndcl_thread_group 1, 1, 65\nret\n", "1024 x 1024 x 64"},
        {"cs_5_0\nret\n", "without dcl_thread_group"},
        {"cs_5_0\ndcl_tgsm_raw g0, 32768\ndcl_tgsm_raw g1, 4\ndcl_thread_group 1, 1, 1\nret\n",
         "32768"},
        {"cs_5_0\ndcl_tgsm_raw g0, 6\ndcl_thread_group 1, 1, 1\nret\n", "multiples of 4"},
        {"cs_5_0\ndcl_uav_raw u64\ndcl_thread_group 1, 1, 1\nret\n", "u0..u63"},
        {"cs_5_0\ndcl_uav_structured u0, 6\ndcl_thread_group 1, 1, 1\nret\n",
         "multiple of 4"},
        {"cs_5_0\ndcl_resource_raw t0\ndcl_thread_group 1, 1, 1\n"
         "store_raw t0.x, l(0), l(0)\nret\n", "cannot be written"},
        {"cs_5_0\ndcl_uav_raw u0\ndcl_temps 1\ndcl_thread_group 1, 1, 1\n"
         "ld_structured r0.x, l(0), l(0), u0.xxxx\nret\n", "needs a structured"},
        /* (a structured UAV with or without _opc: the counter is the view's) */
        {"cs_5_0\ndcl_uav_raw u0\ndcl_temps 1\ndcl_thread_group 1, 1, 1\n"
         "imm_atomic_alloc r0.x, u0\nret\n", "needs a structured UAV"},
        {"cs_5_0\ndcl_uav_raw u0\ndcl_temps 1\ndcl_thread_group 1, 1, 1\n"
         "mov r0.x, u0.x\nret\n", "cannot be read"},
        {"ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, vThreadID.xyzx\nret\n",
         "outside a compute program"},
        {"cs_5_0\ndcl_uav_raw u0\ndcl_thread_group 1, 1, 1\n"
         "store_raw u1.x, l(0), l(0)\nret\n", "u1 is not declared"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        struct ir_program ir;
        char msg[256];
        int ret = cs_decode(bad[i].text, &ir, msg, sizeof(msg));
        CHECK(ret != 0);
        if (!ret)
            ir_program_free(&ir);
        else
            CHECK_STR_CONTAINS(msg, bad[i].message);
    }
}

/* Hostile compute declarations as raw tokens: short, zero or oversized counts, wrong
 * register files, unknown controls — refused with the decoder's error, never read past. */
TEST(vm_cs_decoder_hostile_declarations)
{
    static const struct {
        uint32_t t[8];
        unsigned n;
        int code;
        const char *message;
    } cases[] = {
        /* dcl_thread_group of length 3: one count missing */
        {{0x00050050, 5, 0x9b | 3u << 24, 8, 8}, 5, TPF_E_BAD_INSTRUCTION, "thread count"},
        {{0x00050050, 6, 0x9b | 4u << 24, 8, 0, 1, 0}, 6, TPF_E_BAD_DECLARATION, "zero count"},
        /* dcl_tgsm_raw g0, 40000 bytes */
        {{0x00050050, 6, 0x9f | 4u << 24, 31u << 12 | 1u << 20, 0, 40000}, 6,
         TPF_E_BAD_DECLARATION, "at most 32768"},
        /* dcl_tgsm_structured g0, stride 0 */
        {{0x00050050, 7, 0xa0 | 5u << 24, 31u << 12 | 1u << 20, 0, 0, 4}, 7,
         TPF_E_BAD_DECLARATION, "stride 0"},
        /* dcl_uav_raw of an r# register */
        {{0x00050050, 5, 0x9d | 3u << 24, 0u << 12 | 1u << 20, 0}, 5, TPF_E_BAD_DECLARATION,
         "cannot declare"},
        /* dcl_uav_raw with a counter bit (only structured UAVs have one) */
        {{0x00050050, 5, 0x9d | 1u << 23 | 3u << 24, 30u << 12 | 1u << 20, 0}, 5,
         TPF_E_BAD_DECLARATION, "unknown controls"},
        /* dcl_tgsm_raw in a vertex program (UAVs exist in every stage, group-shared memory
         * in compute programs only) */
        {{0x00010050, 6, 0x9f | 4u << 24, 31u << 12 | 1u << 20, 0, 16}, 6, TPF_E_UNSUPPORTED,
         "outside a compute program"},
        /* a program length past the tokens given */
        {{0x00050050, 9, 0x9b | 4u << 24, 1, 1, 1}, 6, TPF_E_TRUNCATED, "program length"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct ir_program ir;
        struct tpf_error err;
        int ret = tpf_decode(cases[i].t, 4 * cases[i].n, &ir, &err);
        CHECK_EQ(ret, cases[i].code);
        if (!ret)
            ir_program_free(&ir);
        else
            CHECK_STR_CONTAINS(err.message, cases[i].message);
    }
}
