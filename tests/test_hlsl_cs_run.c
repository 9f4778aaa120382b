/* tests/test_hlsl_cs_run.c — cs_5_0 programs compiled from HLSL by D3DCompile and run on the
 * compute dispatcher (src/pipeline/compute.h, as the D3D11 Dispatch will run them), with
 * exact results: groupshared arrays and scalars (dcl_tgsm_structured / dcl_tgsm_raw, ld/store
 * on g#), the barriers, Interlocked* on groupshared memory and on RW raw/structured views,
 * RWStructuredBuffer / RWByteAddressBuffer / StructuredBuffer / ByteAddressBuffer loads and
 * stores, RWTexture2D / RWTexture2DArray / RWBuffer reads, writes and atomics (through the
 * caller's typed-view callbacks), Append / Consume, GetDimensions, and the four thread-id
 * system values.  Each
 * dispatch runs on 1 and on 4 workers and must give the same bytes (programs free of races;
 * atomics compared by their final values).
 */
#define COBJMACROS
#include "harness.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "d3dcompiler.h"
#include "hlsl/hlsl.h"
#include "pipeline/compute.h"
#include "shader/tpf.h"

/* D3DCompile for cs_5_0, then the decoder and the VM's program; NULL (and a failure) when
 * any step refuses.  *listing: the compiler's listing (for the declarations' checks). */
static struct vm_program *cs_build(const char *src, struct ir_program *ir, char **listing)
{
    ID3DBlob *code = NULL, *errors = NULL;
    struct vm_program *p = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "cs.hlsl", NULL, NULL, "main", "cs_5_0", 0, 0,
                            &code, &errors);
    if (hr != S_OK || !code) {
        harness_fail(__FILE__, __LINE__, "D3DCompile: 0x%08x %s", (unsigned)hr,
                     errors ? (const char *)ID3D10Blob_GetBufferPointer(errors) : "");
        if (errors)
            ID3D10Blob_Release(errors);
        return NULL;
    }
    if (errors)
        ID3D10Blob_Release(errors);
    struct tpf_error err;
    int rc = tpf_decode_blob(ID3D10Blob_GetBufferPointer(code), ID3D10Blob_GetBufferSize(code),
                             0, ir, &err);
    ID3D10Blob_Release(code);
    CHECK_EQ(rc, 0);
    if (rc)
        return NULL;
    CHECK_EQ(vm_program_create(ir, &p), VM_OK);
    if (listing) {
        struct hlsl_args a = {0};
        struct hlsl_result r;
        a.source = src;
        a.size = strlen(src);
        a.filename = "cs.hlsl";
        a.entry = "main";
        a.target = "cs_5_0";
        CHECK_EQ(hlsl_compile(&a, &r), 0);
        *listing = strdup(r.listing ? r.listing : "");
        hlsl_result_free(&r);
    }
    return p;
}

/* Runs `p` over groups[] with `workers` threads (1: the calling thread). */
static void cs_dispatch(const struct vm_program *p, const struct vm_cs_env *views,
                        unsigned gx, unsigned gy, unsigned gz, unsigned workers)
{
    struct threadpool *pool = workers > 1 ? threadpool_create(workers) : NULL;
    struct compute_dispatch d = {.prog = p, .views = views, .groups = {gx, gy, gz}};
    CHECK_EQ(compute_dispatch_run(pool, &d), COMPUTE_OK);
    threadpool_destroy(pool);
}

static struct vm_memory mem(void *data, uint32_t size, uint32_t stride, uint32_t *counter)
{
    struct vm_memory m = {(uint8_t *)data, size, stride, stride ? size / stride : size, counter, NULL, NULL};
    return m;
}

static void expect_listing(const char *t, const char *const *lines)
{
    for (unsigned i = 0; lines[i]; i++)
        if (!strstr(t, lines[i]))
            harness_fail(__FILE__, __LINE__, "listing lacks \"%s\":\n%s", lines[i], t);
}

/* A tree reduction in a groupshared array (the HLSL reference's classic): each group of 64
 * sums its 64 inputs; every step reads what other threads wrote before the barrier. */
TEST(hlsl_cs_run_groupshared_reduction)
{
    static const char src[] =
        "StructuredBuffer<uint> input : register(t0);\n"
        "RWStructuredBuffer<uint> sums : register(u0);\n"
        "groupshared uint partial[64];\n"
        "[numthreads(64, 1, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID, uint3 gid : SV_GroupID,\n"
        "          uint t : SV_GroupIndex)\n"
        "{\n"
        "    partial[t] = input[id.x];\n"
        "    GroupMemoryBarrierWithGroupSync();\n"
        "    [loop] for (uint s = 32; s > 0; s >>= 1) {\n"
        "        if (t < s)\n"
        "            partial[t] += partial[t + s];\n"
        "        GroupMemoryBarrierWithGroupSync();\n"
        "    }\n"
        "    if (t == 0)\n"
        "        sums[gid.x] = partial[0];\n"
        "}\n";
    struct ir_program ir;
    char *listing = NULL;
    struct vm_program *p = cs_build(src, &ir, &listing);
    if (listing) {
        static const char *const lines[] = {
            "dcl_tgsm_structured g0, 4, 64\n", "dcl_thread_group 64, 1, 1\n",
            "store_structured g0.x, vThreadIDInGroupFlattened.x, l(0), ", "sync_g_t\n",
            ", l(0), g0.xxxx\n", NULL,
        };
        expect_listing(listing, lines);
        /* fxc's order: the shared memory after the temps, before the group size */
        CHECK(strstr(listing, "dcl_tgsm_structured") < strstr(listing, "dcl_thread_group"));
        free(listing);
    }
    enum { GROUPS = 9 };
    static uint32_t in[64 * GROUPS], out1[GROUPS], out4[GROUPS];
    uint32_t want[GROUPS] = {0};
    for (unsigned i = 0; i < 64 * GROUPS; i++) {
        in[i] = i * 2654435761u >> 7;
        want[i / 64] += in[i];
    }
    static struct vm_cs_env env;
    memset(&env, 0, sizeof(env));
    env.srv[0] = mem(in, sizeof(in), 4, NULL);
    memset(out1, 0xcd, sizeof(out1));
    memset(out4, 0x12, sizeof(out4));
    if (p) {
        env.uav[0] = mem(out1, sizeof(out1), 4, NULL);
        cs_dispatch(p, &env, GROUPS, 1, 1, 1);
        env.uav[0] = mem(out4, sizeof(out4), 4, NULL);
        cs_dispatch(p, &env, GROUPS, 1, 1, 4);
    }
    for (unsigned g = 0; g < GROUPS; g++) {
        CHECK_EQ(out1[g], want[g]);
        CHECK_EQ(out4[g], want[g]);
    }
    vm_program_destroy(p);
    ir_program_free(&ir);
}

/* Interlocked* on groupshared scalars (raw g#) and on a RWByteAddressBuffer shared by every
 * group, and a struct array with swizzled and run-time indexed members. */
TEST(hlsl_cs_run_groupshared_atomics_and_structs)
{
    static const char src[] =
        "struct Cell { float3 p; uint k[2]; };\n"
        "RWByteAddressBuffer totals : register(u0);\n"
        "RWStructuredBuffer<uint4> per_group : register(u1);\n"
        "RWStructuredBuffer<float4> cells : register(u2);\n"
        "groupshared uint count;\n"
        "groupshared int lowest;\n"
        "groupshared uint bits;\n"
        "groupshared Cell grid[32];\n"
        "[numthreads(8, 4, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID, uint3 gid : SV_GroupID,\n"
        "          uint3 tid : SV_GroupThreadID, uint t : SV_GroupIndex)\n"
        "{\n"
        "    if (t == 0) { count = 0; lowest = 1000; bits = 0; }\n"
        "    GroupMemoryBarrierWithGroupSync();\n"
        "    uint before;\n"
        "    InterlockedAdd(count, tid.x + 1, before);\n"
        "    InterlockedMin(lowest, (int)t - 7 * (int)gid.x);\n"
        "    InterlockedOr(bits, 1u << (tid.y * 8 + tid.x));\n"
        "    grid[t].p.zx = float2(t, gid.x);\n"
        "    grid[t].p.y = 0.5 * t;\n"
        "    grid[t].k[t & 1] = t * 3;\n"
        "    grid[t].k[1 - (t & 1)] = before < 1000 ? 1 : 0;\n"
        "    totals.InterlockedAdd(0, 1);\n"
        "    totals.InterlockedMax(4, id.x * 100 + id.y);\n"
        "    uint old;\n"
        "    totals.InterlockedCompareExchange(8, 0, gid.x + 1, old);\n"
        "    AllMemoryBarrierWithGroupSync();\n"
        "    uint n = 31 - t;\n"
        "    Cell c = grid[n];\n"
        "    cells[id.y * 16 + id.x] = float4(c.p, c.k[0] + c.k[1]);\n"
        "    if (t == 0)\n"
        "        per_group[gid.x] = uint4(count, asuint(lowest), bits, gid.x);\n"
        "}\n";
    struct ir_program ir;
    char *listing = NULL;
    struct vm_program *p = cs_build(src, &ir, &listing);
    if (listing) {
        static const char *const lines[] = {
            "dcl_tgsm_raw g0, 4\n", "dcl_tgsm_raw g1, 4\n", "dcl_tgsm_raw g2, 4\n",
            /* Cell: p at 0, k at 12; 20 bytes an element */
            "dcl_tgsm_structured g3, 20, 32\n", "imm_atomic_iadd r", ", g0, l(0), ",
            "atomic_imin g1, l(0), ", "atomic_or g2, l(0), ", "store_raw g0.x, l(0), l(0)\n",
            "atomic_iadd u0, l(0), l(1)\n", "imm_atomic_cmp_exch r", ", u0, l(8), l(0), ",
            "sync_uglobal_g_t\n", NULL,
        };
        expect_listing(listing, lines);
        free(listing);
    }
    enum { GROUPS = 2 };
    static uint32_t tot[2][4], pg[2][GROUPS][4];
    static float cl[2][16 * 4][4];
    for (unsigned run = 0; run < 2; run++) {
        static struct vm_cs_env env;
        memset(&env, 0, sizeof(env));
        memset(tot[run], 0, sizeof(tot[run]));
        memset(pg[run], 0xaa, sizeof(pg[run]));
        memset(cl[run], 0xbb, sizeof(cl[run]));
        env.uav[0] = mem(tot[run], sizeof(tot[run]), 0, NULL);
        env.uav[1] = mem(pg[run], sizeof(pg[run]), 16, NULL);
        env.uav[2] = mem(cl[run], sizeof(cl[run]), 16, NULL);
        if (p)
            cs_dispatch(p, &env, GROUPS, 1, 1, run ? 4 : 1);
    }
    for (unsigned run = 0; run < 2; run++) {
        CHECK_EQ(tot[run][0], 32 * GROUPS);
        CHECK_EQ(tot[run][1], 15 * 100 + 3);      /* the largest id.x * 100 + id.y */
        /* the first compare-exchange on 0 wins; which group's depends on the order run */
        CHECK(tot[run][2] == 1 || tot[run][2] == 2);
        for (unsigned gidx = 0; gidx < GROUPS; gidx++) {
            CHECK_EQ(pg[run][gidx][0], 4 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8));
            CHECK_EQ(pg[run][gidx][1], (uint32_t)(0 - 7 * (int)gidx));
            CHECK_EQ(pg[run][gidx][2], 0xffffffffu);
            CHECK_EQ(pg[run][gidx][3], gidx);
        }
        for (unsigned y = 0; y < 4; y++)
            for (unsigned x = 0; x < 16; x++) {
                unsigned gidx = x / 8, t = y * 8 + x % 8, n = 31 - t;
                const float *e = cl[run][y * 16 + x];
                /* p = (gid.x, 0.5 n, n); k = {3n, 1} in some order: the sum 3n + 1 */
                CHECK_EQ(e[0], (float)gidx);
                CHECK_EQ(e[1], 0.5f * (float)n);
                CHECK_EQ(e[2], (float)n);
                CHECK_EQ(e[3], (float)(3 * n + 1));
            }
    }
    CHECK(!memcmp(pg[0], pg[1], sizeof(pg[0])));
    CHECK(!memcmp(cl[0], cl[1], sizeof(cl[0])));
    vm_program_destroy(p);
    ir_program_free(&ir);
}

/* Raw and structured views: loads, stores, GetDimensions, Append and Consume with their
 * hidden counters, IncrementCounter, all four thread ids in a 3-D dispatch. */
TEST(hlsl_cs_run_buffers_and_ids)
{
    static const char src[] =
        "struct Rec { uint3 id; uint gid; uint2 tid; uint index; float w; };\n"
        "ByteAddressBuffer weights : register(t0);\n"
        "RWStructuredBuffer<Rec> recs : register(u0);\n"
        "RWByteAddressBuffer dims : register(u1);\n"
        "AppendStructuredBuffer<uint> odd : register(u2);\n"
        "ConsumeStructuredBuffer<uint2> work : register(u3);\n"
        "RWStructuredBuffer<uint> done : register(u4);\n"
        "[numthreads(4, 2, 2)]\n"
        "void main(uint3 id : SV_DispatchThreadID, uint3 gid : SV_GroupID,\n"
        "          uint3 tid : SV_GroupThreadID, uint index : SV_GroupIndex)\n"
        "{\n"
        "    uint flat = (id.z * 4 + id.y) * 8 + id.x;\n"
        "    Rec r;\n"
        "    r.id = id;\n"
        "    r.gid = (gid.z * 2 + gid.y) * 2 + gid.x;\n"
        "    r.tid = tid.xy + uint2(0, tid.z * 2);\n"
        "    r.index = index;\n"
        "    r.w = asfloat(weights.Load(4 * (flat % 8)));\n"
        "    recs[flat] = r;\n"
        "    if (flat == 0) {\n"
        "        uint n, stride, bytes;\n"
        "        recs.GetDimensions(n, stride);\n"
        "        weights.GetDimensions(bytes);\n"
        "        dims.Store3(0, uint3(n, stride, bytes));\n"
        "    }\n"
        "    if (flat & 1)\n"
        "        odd.Append(flat);\n"
        "    if (flat < 40) {\n"
        "        uint2 job = work.Consume();\n"
        "        done[done.IncrementCounter()] = job.x * job.y;\n"
        "    }\n"
        "}\n";
    struct ir_program ir;
    char *listing = NULL;
    struct vm_program *p = cs_build(src, &ir, &listing);
    if (listing) {
        static const char *const lines[] = {
            "dcl_resource_raw t0\n", "dcl_uav_structured u0, 32\n", "dcl_uav_raw u1\n",
            "dcl_uav_structured u2, 4\n", "dcl_uav_structured u3, 8\n",
            "dcl_uav_structured_opc u4, 4\n", "imm_atomic_alloc r", "imm_atomic_consume r",
            "bufinfo r", NULL,
        };
        expect_listing(listing, lines);
        free(listing);
    }
    /* 2 x 2 x 2 groups of 4 x 2 x 2: ids 8 x 4 x 4 = 128 threads */
    enum { N = 128 };
    static uint32_t recs[2][N][8], dims[2][4], odd[2][N], work[2][64][2], done[2][64];
    static uint32_t counters[2][3];
    static float w[8];
    for (unsigned k = 0; k < 8; k++)
        w[k] = 0.25f * (float)k - 1.0f;
    for (unsigned run = 0; run < 2; run++) {
        static struct vm_cs_env env;
        memset(&env, 0, sizeof(env));
        memset(recs[run], 0xee, sizeof(recs[run]));
        memset(dims[run], 0, sizeof(dims[run]));
        memset(odd[run], 0xff, sizeof(odd[run]));
        memset(done[run], 0xff, sizeof(done[run]));
        for (unsigned k = 0; k < 64; k++) {
            work[run][k][0] = k + 1;
            work[run][k][1] = 3;
        }
        counters[run][0] = 0;                 /* odd: appended from 0 */
        counters[run][1] = 64;                /* work: 64 entries to consume */
        counters[run][2] = 0;
        env.srv[0] = mem(w, sizeof(w), 0, NULL);
        env.uav[0] = mem(recs[run], sizeof(recs[run]), 32, NULL);
        env.uav[1] = mem(dims[run], sizeof(dims[run]), 0, NULL);
        env.uav[2] = mem(odd[run], sizeof(odd[run]), 4, &counters[run][0]);
        env.uav[3] = mem(work[run], sizeof(work[run]), 8, &counters[run][1]);
        env.uav[4] = mem(done[run], sizeof(done[run]), 4, &counters[run][2]);
        if (p)
            cs_dispatch(p, &env, 2, 2, 2, run ? 4 : 1);
    }
    for (unsigned run = 0; run < 2; run++) {
        CHECK_EQ(dims[run][0], N);
        CHECK_EQ(dims[run][1], 32);
        CHECK_EQ(dims[run][2], sizeof(w));
        for (unsigned z = 0; z < 4; z++)
            for (unsigned y = 0; y < 4; y++)
                for (unsigned x = 0; x < 8; x++) {
                    unsigned flat = (z * 4 + y) * 8 + x;
                    const uint32_t *r = recs[run][flat];
                    CHECK_EQ(r[0], x);
                    CHECK_EQ(r[1], y);
                    CHECK_EQ(r[2], z);
                    CHECK_EQ(r[3], ((z / 2) * 2 + y / 2) * 2 + x / 4);
                    CHECK_EQ(r[4], x % 4);
                    CHECK_EQ(r[5], y % 2 + (z % 2) * 2);
                    /* SV_GroupIndex: (z * 2 + y) * 4 + x within the group */
                    CHECK_EQ(r[6], ((z % 2) * 2 + y % 2) * 4 + x % 4);
                    float f;
                    memcpy(&f, &r[7], 4);
                    CHECK_EQ(f, w[flat % 8]);
                }
        /* the odd ids, each once, in an order the schedule decides */
        CHECK_EQ(counters[run][0], N / 2);
        bool seen[N] = {false};
        for (unsigned k = 0; k < N / 2; k++) {
            uint32_t v = odd[run][k];
            CHECK(v < N && (v & 1) && !seen[v]);
            if (v < N)
                seen[v] = true;
        }
        CHECK_EQ(odd[run][N / 2], 0xffffffffu);
        /* 40 jobs consumed from the top (indices 63 .. 24), their products counted in */
        CHECK_EQ(counters[run][1], 24);
        CHECK_EQ(counters[run][2], 40);
        uint64_t sum = 0, want = 0;
        for (unsigned k = 0; k < 40; k++) {
            sum += done[run][k];
            want += 3u * (24 + k + 1);
        }
        CHECK_EQ(sum, want);
        CHECK_EQ(done[run][40], 0xffffffffu);
    }
    CHECK(!memcmp(recs[0], recs[1], sizeof(recs[0])));
    vm_program_destroy(p);
    ir_program_free(&ir);
}

/* What the compiler refuses about groupshared, with file(line,col). */
TEST(hlsl_cs_groupshared_refusals)
{
    static const struct { const char *src, *target, *want; } bad[] = {
        { "groupshared float a[4];\nfloat4 main() : SV_Target { a[0] = 1; return a[1]; }\n",
          "ps_5_0", "cs.hlsl(1,19-20): error X3000: groupshared is for compute shaders" },
        { "groupshared uint a[4];\n[numthreads(4,1,1)] void main(uint t : SV_GroupIndex) "
          "{ a[3 - t] = t; }\n", "cs_4_0", "error X3000: target 'cs_4_0': the program is "
          "outside cs_4_x (" },
        { "groupshared uint a;\n[numthreads(4,1,1)] void main(uint t : SV_GroupIndex) "
          "{ a = t; }\n", "cs_4_1", "dcl_tgsm_raw is not in cs_4_1 (group-shared memory is "
          "structured only" },
        { "groupshared Texture2D m;\n[numthreads(1,1,1)] void main() { }\n",
          "cs_5_0", "error X3000: 'm': groupshared variables of type 'Texture2D' are not "
          "supported yet" },
        { "groupshared uint a = 3;\n[numthreads(1,1,1)] void main() { a += 1; }\n", "cs_5_0",
          "error X3000: 'a': groupshared variables cannot have an initializer" },
        { "groupshared float4 a[2048];\ngroupshared uint b;\n"
          "[numthreads(1,1,1)] void main() { a[0] = 1; b = 2; }\n", "cs_5_0",
          "cs.hlsl(2,18-19): error X3000: 'b': the program's groupshared variables take more "
          "than 32768 bytes" },
        { "groupshared float a[4];\n[numthreads(1,1,1)] void main() { InterlockedAdd(a[1], 1); }\n",
          "cs_5_0", "error X3000: the destination must be an int or uint scalar of groupshared "
          "memory" },
        { "[numthreads(1,1,1)] void main() {\n    groupshared float x; x = 1; }\n", "cs_5_0",
          "cs.hlsl(2,23-24): error X3000: 'x': groupshared variables must be global" },
        { "groupshared uint4 a[4];\n[numthreads(4,1,1)] void main(uint t : SV_GroupIndex) "
          "{ a[0][t] = 1; }\n", "cs_5_0", "error X3000: a run-time component index into "
          "groupshared memory is not supported yet" },
    };
    /* 33 used variables: past the 32 blocks softd3d's VM keeps (IR_MAX_TGSM) */
    static char many[4096];
    size_t n = 0;
    for (unsigned k = 0; k < 33; k++)
        n += (size_t)snprintf(many + n, sizeof(many) - n, "groupshared uint v%u;\n", k);
    n += (size_t)snprintf(many + n, sizeof(many) - n, "[numthreads(1,1,1)] void main() {");
    for (unsigned k = 0; k < 33; k++)
        n += (size_t)snprintf(many + n, sizeof(many) - n, " v%u = %u;", k, k);
    snprintf(many + n, sizeof(many) - n, " }\n");
    struct hlsl_args ma = {0};
    struct hlsl_result mr;
    ma.source = many;
    ma.size = strlen(many);
    ma.filename = "cs.hlsl";
    ma.entry = "main";
    ma.target = "cs_5_0";
    CHECK_EQ(hlsl_compile(&ma, &mr), -1);
    CHECK_STR_CONTAINS(mr.messages ? mr.messages : "", "cs.hlsl(33,18-21): error X3000: 'v32': "
                       "more than 32 groupshared variables are not supported yet");
    hlsl_result_free(&mr);
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        struct hlsl_args a = {0};
        struct hlsl_result r;
        a.source = bad[i].src;
        a.size = strlen(bad[i].src);
        a.filename = "cs.hlsl";
        a.entry = "main";
        a.target = bad[i].target;
        CHECK_EQ(hlsl_compile(&a, &r), -1);
        CHECK(r.code == NULL);
        if (!r.messages || !strstr(r.messages, bad[i].want))
            harness_fail(__FILE__, __LINE__, "case %zu: '%s' lacks '%s'", i,
                         r.messages ? r.messages : "(none)", bad[i].want);
        hlsl_result_free(&r);
    }
}

/* Typed views: RWTexture2D<uint> read and written in place, RWTexture2DArray<float4> stored,
 * InterlockedAdd on a RWBuffer<uint> element; the views are the caller's (vm_cs_env.typed /
 * typed_word, as the D3D11 front-end answers them from its formats): here plain arrays of
 * 32-bit elements, an R32_UINT texture, an R32G32B32A32_FLOAT array and an R32_UINT buffer. */
struct typed_views {
    uint32_t img[8][16];
    float layers[2][4][4][4];
    uint32_t hist[4];
};

static void typed_access(void *ctx, unsigned slot, bool store, uint32_t lanes,
                         const uint32_t (*coord)[VM_LANES], uint32_t (*value)[VM_LANES])
{
    struct typed_views *v = ctx;
    for (unsigned l = 0; l < VM_LANES; l++) {
        uint32_t x = coord[0][l], y = coord[1][l], z = coord[2][l];
        if (!(lanes >> l & 1))
            continue;
        if (slot == 0 && x < 16 && y < 8) {
            if (store)
                v->img[y][x] = value[0][l];
            else
                value[0][l] = v->img[y][x];
        }
        if (slot == 2 && x < 4 && y < 4 && z < 2)
            for (unsigned c = 0; c < 4; c++) {
                if (store)
                    memcpy(&v->layers[z][y][x][c], &value[c][l], 4);
                else
                    memcpy(&value[c][l], &v->layers[z][y][x][c], 4);
            }
    }
}

static uint32_t *typed_word(void *ctx, unsigned slot, const uint32_t coord[3])
{
    struct typed_views *v = ctx;
    return slot == 1 && coord[0] < 4 ? &v->hist[coord[0]] : NULL;
}

TEST(hlsl_cs_run_typed_views)
{
    static const char src[] =
        "RWTexture2D<uint> img : register(u0);\n"
        "RWBuffer<uint> hist : register(u1);\n"
        "RWTexture2DArray<float4> layers : register(u2);\n"
        "[numthreads(8, 8, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID)\n"
        "{\n"
        "    uint v = img[id.xy];\n"
        "    img[id.xy] = v * 3 + id.x;\n"
        "    InterlockedAdd(hist[v & 3], 1);\n"
        "    if (id.x < 4 && id.y < 4)\n"
        "        layers[uint3(id.xy, id.x & 1)] = float4(id.x, id.y, v, 1);\n"
        "}\n";
    struct ir_program ir;
    struct vm_program *p = cs_build(src, &ir, NULL);
    static struct typed_views views[2];
    for (unsigned run = 0; run < 2; run++) {
        struct typed_views *tv = &views[run];
        memset(tv, 0, sizeof(*tv));
        for (unsigned y = 0; y < 8; y++)
            for (unsigned x = 0; x < 16; x++)
                tv->img[y][x] = y * 16 + x;
        static struct vm_cs_env env;
        memset(&env, 0, sizeof(env));
        env.typed = typed_access;
        env.typed_word = typed_word;
        env.typed_ctx = tv;
        if (p)
            cs_dispatch(p, &env, 2, 1, 1, run ? 4 : 1);
    }
    for (unsigned run = 0; run < 2; run++) {
        const struct typed_views *tv = &views[run];
        for (unsigned y = 0; y < 8; y++)
            for (unsigned x = 0; x < 16; x++)
                CHECK_EQ(tv->img[y][x], (y * 16 + x) * 3 + x);
        /* 128 values 0..127: 32 of each remainder mod 4 */
        for (unsigned k = 0; k < 4; k++)
            CHECK_EQ(tv->hist[k], 32);
        for (unsigned z = 0; z < 2; z++)
            for (unsigned y = 0; y < 4; y++)
                for (unsigned x = 0; x < 4; x++) {
                    const float *e = tv->layers[z][y][x];
                    bool written = (x & 1) == z;
                    CHECK_EQ(e[0], written ? (float)x : 0.0f);
                    CHECK_EQ(e[1], written ? (float)y : 0.0f);
                    CHECK_EQ(e[2], written ? (float)(y * 16 + x) : 0.0f);
                    CHECK_EQ(e[3], written ? 1.0f : 0.0f);
                }
    }
    vm_program_destroy(p);
    ir_program_free(&ir);
}

/* Matrix members of structured buffers: column_major (the default) stores a matrix column by
 * column, row_major row by row, rows x cols 4-byte elements with no padding; read through
 * mul and written back. */
TEST(hlsl_cs_run_structured_matrices)
{
    static const char src[] =
        "struct Xf { row_major float2x3 r; float3x2 c; uint tag; };\n"
        "StructuredBuffer<float4x4> bones : register(t0);\n"
        "StructuredBuffer<Xf> xf : register(t1);\n"
        "RWStructuredBuffer<float4> out_v : register(u0);\n"
        "RWStructuredBuffer<Xf> out_xf : register(u1);\n"
        "[numthreads(4, 1, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID)\n"
        "{\n"
        "    float4x4 m = bones[id.x];\n"
        "    out_v[id.x * 2] = mul(m, float4(1, 2, 3, 4));\n"
        "    Xf x = xf[id.x];\n"
        "    out_v[id.x * 2 + 1] = float4(mul(x.r, float3(1, 10, 100)), mul(x.c, float2(1, 10)).xy);\n"
        "    x.r = transpose(x.c);\n"
        "    x.c[2] = float2(x.tag, id.x);\n"
        "    out_xf[id.x] = x;\n"
        "}\n";
    struct ir_program ir;
    char *listing = NULL;
    struct vm_program *p = cs_build(src, &ir, &listing);
    if (listing) {
        /* 2x3 + 3x2 floats + a uint: 52 bytes; float4x4: 64 */
        CHECK_STR_CONTAINS(listing, "dcl_resource_structured t0, 64\n");
        CHECK_STR_CONTAINS(listing, "dcl_resource_structured t1, 52\n");
        CHECK_STR_CONTAINS(listing, "dcl_uav_structured u1, 52\n");
        free(listing);
    }
    /* bones[i] element (r, c) = 100 i + 10 r + c, stored by column: memory k = c * 4 + r */
    static float bones[4][16], xf[4][13], out_v[2][8][4], out_xf[2][4][13];
    for (unsigned i = 0; i < 4; i++) {
        for (unsigned r = 0; r < 4; r++)
            for (unsigned c = 0; c < 4; c++)
                bones[i][c * 4 + r] = (float)(100 * i + 10 * r + c);
        /* r (2x3, row_major): (r, c) at r * 3 + c; c (3x2, column_major): (r, c) at 6 + c * 3
         * + r; the tag a uint after them */
        for (unsigned r = 0; r < 2; r++)
            for (unsigned c = 0; c < 3; c++)
                xf[i][r * 3 + c] = (float)(i + 1) * (float)(r * 3 + c + 1);
        for (unsigned r = 0; r < 3; r++)
            for (unsigned c = 0; c < 2; c++)
                xf[i][6 + c * 3 + r] = (float)(i + 1) * 0.5f * (float)(r * 2 + c + 1);
        uint32_t tag = 7 + i;
        memcpy(&xf[i][12], &tag, 4);
    }
    for (unsigned run = 0; run < 2; run++) {
        static struct vm_cs_env env;
        memset(&env, 0, sizeof(env));
        memset(out_v[run], 0, sizeof(out_v[run]));
        memset(out_xf[run], 0, sizeof(out_xf[run]));
        env.srv[0] = mem(bones, sizeof(bones), 64, NULL);
        env.srv[1] = mem(xf, sizeof(xf), 52, NULL);
        env.uav[0] = mem(out_v[run], sizeof(out_v[run]), 16, NULL);
        env.uav[1] = mem(out_xf[run], sizeof(out_xf[run]), 52, NULL);
        if (p)
            cs_dispatch(p, &env, 1, 1, 1, run ? 4 : 1);
    }
    for (unsigned run = 0; run < 2; run++)
        for (unsigned i = 0; i < 4; i++) {
            /* mul(m, v): row r dotted with v = sum_c (100 i + 10 r + c) v_c, exact in floats */
            for (unsigned r = 0; r < 4; r++) {
                float want = 0;
                for (unsigned c = 0; c < 4; c++)
                    want += (float)(100 * i + 10 * r + c) * (float)(c + 1);
                CHECK_EQ(out_v[run][i * 2][r], want);
            }
            float k = (float)(i + 1);
            const float *e = out_v[run][i * 2 + 1];
            /* x.r rows (1,2,3)k and (4,5,6)k against (1, 10, 100) */
            CHECK_EQ(e[0], k * 321.0f);
            CHECK_EQ(e[1], k * 654.0f);
            /* x.c rows (1,2), (3,4), (5,6) times k/2 against (1, 10): the first two */
            CHECK_EQ(e[2], k * 0.5f * 21.0f);
            CHECK_EQ(e[3], k * 0.5f * 43.0f);
            const float *o = out_xf[run][i];
            /* x.r = transpose(x.c): r(a, b) = c(b, a) = k/2 (2 b + a + 1), by row */
            for (unsigned a = 0; a < 2; a++)
                for (unsigned b = 0; b < 3; b++)
                    CHECK_EQ(o[a * 3 + b], k * 0.5f * (float)(b * 2 + a + 1));
            /* x.c with row 2 replaced by (tag, i), by column */
            for (unsigned r = 0; r < 3; r++)
                for (unsigned c = 0; c < 2; c++) {
                    float want = r == 2 ? (c ? (float)i : (float)(7 + i))
                                        : k * 0.5f * (float)(r * 2 + c + 1);
                    CHECK_EQ(o[6 + c * 3 + r], want);
                }
            uint32_t tag;
            memcpy(&tag, &o[12], 4);
            CHECK_EQ(tag, 7 + i);
        }
    vm_program_destroy(p);
    ir_program_free(&ir);
}

/* Matrices in groupshared memory (stored by row, gen_tgsm.c): an array of float3x3 written
 * whole and by element, a row_major float2x4 written by one thread, read back by others
 * after the barrier through mul and indexing. */
TEST(hlsl_cs_run_groupshared_matrices)
{
    static const char src[] =
        "groupshared float3x3 m[8];\n"
        "groupshared row_major float2x4 q;\n"
        "RWStructuredBuffer<float4> out_v : register(u0);\n"
        "[numthreads(8, 1, 1)]\n"
        "void main(uint t : SV_GroupIndex)\n"
        "{\n"
        "    m[t] = float3x3(t, 1, 2, 3, t, 4, 5, 6, t);\n"
        "    if (t == 0)\n"
        "        q = float2x4(1, 2, 3, 4, 5, 6, 7, 8);\n"
        "    m[t][1][2] = 10 + t;\n"
        "    GroupMemoryBarrierWithGroupSync();\n"
        "    float3x3 a = m[7 - t];\n"
        "    float3 v = mul(a, float3(1, 10, 100));\n"
        "    out_v[t] = float4(v, q[1][t & 3] + a[2][0]);\n"
        "}\n";
    struct ir_program ir;
    char *listing = NULL;
    struct vm_program *p = cs_build(src, &ir, &listing);
    if (listing) {
        CHECK_STR_CONTAINS(listing, "dcl_tgsm_structured g0, 36, 8\n");
        CHECK_STR_CONTAINS(listing, "dcl_tgsm_raw g1, 32\n");
        free(listing);
    }
    static float out[2][8][4];
    for (unsigned run = 0; run < 2; run++) {
        static struct vm_cs_env env;
        memset(&env, 0, sizeof(env));
        memset(out[run], 0, sizeof(out[run]));
        env.uav[0] = mem(out[run], sizeof(out[run]), 16, NULL);
        if (p)
            cs_dispatch(p, &env, 1, 1, 1, run ? 4 : 1);
    }
    for (unsigned run = 0; run < 2; run++)
        for (unsigned t = 0; t < 8; t++) {
            /* a = m[n], n = 7 - t: rows (n, 1, 2), (3, n, 10 + n), (5, 6, n) */
            float n = (float)(7 - t);
            CHECK_EQ(out[run][t][0], n + 210.0f);
            CHECK_EQ(out[run][t][1], 1003.0f + 110.0f * n);
            CHECK_EQ(out[run][t][2], 65.0f + 100.0f * n);
            CHECK_EQ(out[run][t][3], (float)(5 + (t & 3)) + 5.0f);
        }
    vm_program_destroy(p);
    ir_program_free(&ir);
}
