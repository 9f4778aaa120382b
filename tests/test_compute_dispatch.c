/* tests/test_compute_dispatch.c — pipeline/compute.c: every group of a dispatch runs once on
 * the worker pool, results identical for 1 and 4 workers (a race-free program and atomics'
 * final values), empty and oversized dispatches, no program refused. */
#include "harness.h"

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
    views.uav[0] = (struct vm_memory){(uint8_t *)records, THREADS * 12, 12, THREADS, NULL};
    views.uav[1] = (struct vm_memory){(uint8_t *)hist, 32, 0, 32, NULL};
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
    views.uav[1] = (struct vm_memory){(uint8_t *)hist, 32, 0, 32, NULL};
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
