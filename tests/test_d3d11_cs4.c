/* tests/test_d3d11_cs4.c — cs_4_0 / cs_4_1 compute shaders (issue 15, "DirectCompute on
 * Direct3D 10.x hardware"; D3D11.3 functional spec 18.7): the decoder's cs_4_x rules (768
 * threads, z = 1, one raw/structured u0, structured g# of one structure per thread written only
 * at vThreadIDInGroupFlattened with a literal offset, the per-thread bucket sizes, no atomics,
 * append/consume, typed UAVs or other shader model 5 instructions), and the device at 10_0 /
 * 10_1 / 11_0: D3D10_X_HARDWARE_OPTIONS per level, CreateComputeShader per shader model, a
 * group-shared tree sum of a raw buffer, a structured-buffer update through group-shared
 * memory and a barrier, the one UAV slot, the 10_x view and bind rules, Dispatch's Z = 1 and
 * the dropped DispatchIndirect, CSInvocations, the constant-buffer / SRV / sampler bindings,
 * hostile addresses; HLSL compiled to cs_4_0 by D3DCompile (raw and structured buffers,
 * groupshared).  Results are read back and compared exactly (test-compute also runs with
 * SOFTD3D_JIT=eager and 0). */
#include "test_compute_util.h"

#include <stdio.h>

#define COBJMACROS
#include "d3dcompiler.h"
#include "shader/dxbc.h"

/* ---- programs ------------------------------------------------------------------------------ */

/* The sum of each group's 64 words of raw t0, by a tree in g0 (each thread writes only its own
 * structure, reads any), thread 0 storing it to raw u0 at the group's word. */
#define REDUCE_BODY                                                                              \
    "dcl_resource_raw t0\ndcl_uav_raw u0\ndcl_tgsm_structured g0, 4, 64\n"                      \
    "dcl_temps 3\ndcl_thread_group 64, 1, 1\n"                                                   \
    "ishl r0.x, vThreadID.x, l(2)\n"                                                             \
    "ld_raw r0.y, r0.x, t0.xxxx\n"                                                               \
    "store_structured g0.x, vThreadIDInGroupFlattened, l(0), r0.y\n"                             \
    "sync_g_t\n"                                                                                 \
    "mov r1.x, l(32)\n"                                                                          \
    "loop\n"                                                                                     \
    "  breakc_z r1.x\n"                                                                          \
    "  ult r2.x, vThreadIDInGroupFlattened, r1.x\n"                                              \
    "  if_nz r2.x\n"                                                                             \
    "    iadd r2.y, vThreadIDInGroupFlattened, r1.x\n"                                           \
    "    ld_structured r2.z, r2.y, l(0), g0.xxxx\n"                                              \
    "    ld_structured r2.w, vThreadIDInGroupFlattened, l(0), g0.xxxx\n"                         \
    "    iadd r2.z, r2.z, r2.w\n"                                                                \
    "    store_structured g0.x, vThreadIDInGroupFlattened, l(0), r2.z\n"                         \
    "  endif\n"                                                                                  \
    "  sync_g_t\n"                                                                               \
    "  ushr r1.x, r1.x, l(1)\n"                                                                  \
    "endloop\n"                                                                                  \
    "ieq r0.w, vThreadIDInGroupFlattened, l(0)\n"                                                \
    "if_nz r0.w\n"                                                                               \
    "  ishl r0.z, vThreadGroupID.x, l(2)\n"                                                      \
    "  ld_structured r0.w, l(0), l(0), g0.xxxx\n"                                                \
    "  store_raw u0.x, r0.z, r0.w\n"                                                             \
    "endif\n"                                                                                    \
    "ret\n"
static const char reduce40[] = "cs_4_0\n" REDUCE_BODY;
static const char reduce41[] = "cs_4_1\n" REDUCE_BODY;
static const char reduce50[] = "cs_5_0\n" REDUCE_BODY;

/* u0 holds {a, b} per element; g0[t] = {3a, b}; after the barrier each thread adds its
 * neighbour's ((t + 1) mod 32 in the group): u0[i] = {a + 3a', b + b'}. */
static const char update40[] =
    "cs_4_0\ndcl_uav_structured u0, 8\ndcl_tgsm_structured g0, 8, 32\n"
    "dcl_temps 3\ndcl_thread_group 32, 1, 1\n"
    "ld_structured r0.xy, vThreadID.x, l(0), u0.xyxx\n"
    "imul null, r0.z, r0.x, l(3)\n"
    "store_structured g0.xy, vThreadIDInGroupFlattened, l(0), r0.zyzz\n"
    "sync_g_t\n"
    "iadd r1.x, vThreadIDInGroupFlattened, l(1)\n"
    "and r1.x, r1.x, l(31)\n"
    "ld_structured r1.yz, r1.x, l(0), g0.xxyx\n"
    "iadd r2.x, r0.x, r1.y\n"
    "iadd r2.y, r0.y, r1.z\n"
    "store_structured u0.xy, vThreadID.x, l(0), r2.xyxx\n"
    "ret\n";

/* ---- helpers ------------------------------------------------------------------------------- */

static bool cs4_begin(struct cx *c, const char *profile, D3D_FEATURE_LEVEL level)
{
    c->dev = rd_profile_device(profile, level, &c->ctx);
    return c->dev != NULL;
}

/* A cs_5_0 listing assembled, then its program token set to cs_4_<minor> and the container
 * signed again: bytecode that the assembler (which decodes what it writes) would not make. */
static void *cs4_patched(const char *cs50, unsigned minor, size_t *n)
{
    uint8_t *blob = cx_assemble(cs50, n);
    struct dxbc_container c;
    struct dxbc_chunk chunk;
    struct dxbc_error err;
    if (!blob)
        return NULL;
    if (dxbc_container_open(&c, blob, *n, 0, &err) < 0 ||
        !dxbc_container_find(&c, DXBC_TAG_SHEX, &chunk)) {
        harness_fail(__FILE__, __LINE__, "no SHEX chunk");
        free(blob);
        return NULL;
    }
    uint32_t version = 0x00050040u | minor;
    memcpy(blob + chunk.offset, &version, 4);
    CHECK_EQ(dxbc_sign(blob, *n), 0);
    return blob;
}

static ID3D11Buffer *raw_input(struct cx *c, const uint32_t *words, UINT count)
{
    return cx_buffer(c, count * 4, D3D11_BIND_SHADER_RESOURCE,
                     D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, words);
}

static ID3D11ShaderResourceView *raw_srv(struct cx *c, ID3D11Buffer *b, UINT words)
{
    D3D11_SHADER_RESOURCE_VIEW_DESC d = cx_srv_desc(DXGI_FORMAT_R32_TYPELESS,
                                                    D3D11_SRV_DIMENSION_BUFFEREX);
    ID3D11ShaderResourceView *v = NULL;
    d.BufferEx.NumElements = words;
    d.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(c->dev, (ID3D11Resource *)b, &d, &v), S_OK);
    return v;
}

/* Runs `text` (REDUCE_BODY) over 4 groups of hashed words and checks the 4 sums; the 5th word
 * of the output, outside the view, keeps its value. */
static void check_reduce(struct cx *c, const char *text)
{
    static uint32_t in[256], out[5], init[5];
    uint32_t want[4] = {0, 0, 0, 0};
    for (uint32_t i = 0; i < 256; i++) {
        in[i] = i * 2654435761u ^ 0x5bd1e995u;
        want[i / 64] += in[i];
    }
    for (int i = 0; i < 5; i++)
        init[i] = 0xdeadbeef;
    ID3D11ComputeShader *cs = cx_cs(c, text);
    ID3D11Buffer *src = raw_input(c, in, 256);
    ID3D11Buffer *dst = cx_raw_buffer(c, sizeof(init), init);
    ID3D11ShaderResourceView *srv = src ? raw_srv(c, src, 256) : NULL;
    ID3D11UnorderedAccessView *u = dst ? cx_uav_raw(c, dst, 0, 4) : NULL;
    if (cs && srv && u) {
        ACCEPTED(ID3D11DeviceContext_CSSetShaderResources(c->ctx, 0, 1, &srv));
        cx_run(c, cs, &u, 1, 4, 1, 1);
        cx_read(c, dst, out, sizeof(out));
        for (int g = 0; g < 4; g++)
            CHECK_EQ(out[g], want[g]);
        CHECK_EQ(out[4], 0xdeadbeef);
    }
    ID3D11DeviceContext_ClearState(c->ctx);
    RD_RELEASE(u);
    RD_RELEASE(srv);
    RD_RELEASE(dst);
    RD_RELEASE(src);
    RD_RELEASE(cs);
}

/* ---- the decoder ----------------------------------------------------------------------------- */

/* What cs_4_x refuses, through the assembler (which decodes what it writes), and the same
 * programs' cs_5_0 forms accepted where cs_5_0 allows them. */
TEST(cs4_decoder_rules)
{
#define G64 "dcl_thread_group 64, 1, 1\n"
    static const struct {
        const char *text, *message;
        bool ok50;   /* legal as cs_5_0 */
    } bad[] = {
        {"dcl_thread_group 769, 1, 1\nret\n", "768 x 768 x 1 and 768 threads", true},
        {"dcl_thread_group 32, 32, 1\nret\n", "768 x 768 x 1 and 768 threads", true},
        {"dcl_thread_group 16, 16, 2\nret\n", "768 x 768 x 1", true},
        {"dcl_uav_raw u0\ndcl_uav_raw u1\n" G64 "ret\n", "one UAV, u0", true},
        {"dcl_uav_raw u1\n" G64 "ret\n", "one UAV, u0", true},
        {"dcl_uav_typed_buffer (uint,uint,uint,uint) u0\n" G64 "ret\n", "no typed UAVs", true},
        {"dcl_uav_structured_opc u0, 4\n" G64 "ret\n", "no append/consume", true},
        {"dcl_tgsm_raw g0, 256\n" G64 "ret\n", "structured only", true},
        {"dcl_tgsm_structured g0, 4, 32\n" G64 "ret\n", "exactly one per thread (64", true},
        {"dcl_tgsm_structured g0, 128, 64\ndcl_tgsm_structured g1, 132, 64\n" G64 "ret\n",
         "260 group-shared bytes per thread: a cs_4_0 group of 64 threads may have at most 256",
         true},
        {"dcl_tgsm_structured g0, 244, 65\ndcl_thread_group 65, 1, 1\nret\n",
         "at most 240", true},
        {"dcl_tgsm_structured g0, 20, 768\ndcl_thread_group 768, 1, 1\nret\n", "at most 16",
         true},
        {"dcl_uav_raw u0\n" G64 "atomic_iadd u0, l(0), l(1)\nret\n", "atomic_iadd (0xad) is "
         "not in cs_4_0", true},
        {"dcl_uav_structured u0, 4\ndcl_temps 1\n" G64 "imm_atomic_alloc r0.x, u0\nret\n",
         "imm_atomic_alloc (0xb2) is not in cs_4_0", true},
        {"dcl_uav_raw u0\ndcl_temps 1\n" G64 "bufinfo r0.x, u0.xxxx\nret\n",
         "bufinfo (0x79) is not in cs_4_0", true},
        {"dcl_temps 1\n" G64 "rcp r0.x, l(2.0)\nret\n", "rcp (0x81) is not in cs_4_0", true},
        {"dcl_tgsm_structured g0, 4, 64\n" G64
         "store_structured g0.x, vThreadID.x, l(0), l(1)\nret\n",
         "writes g# only at structure vThreadIDInGroupFlattened, its own", true},
        {"dcl_tgsm_structured g0, 4, 64\n" G64
         "store_structured g0.x, l(0), l(0), l(1)\nret\n",
         "writes g# only at structure vThreadIDInGroupFlattened", true},
        {"dcl_tgsm_structured g0, 4, 64\n" G64
         "store_structured g0.x, -vThreadIDInGroupFlattened, l(0), l(1)\nret\n",
         "writes g# only at structure vThreadIDInGroupFlattened", true},
        {"dcl_tgsm_structured g0, 8, 64\n" G64
         "store_structured g0.x, vThreadIDInGroupFlattened, vThreadID.x, l(1)\nret\n",
         "needs a literal byte offset", true},
        {"dcl_tgsm_structured g0, 8, 64\n" G64
         "store_structured g0.xy, vThreadIDInGroupFlattened, l(4), l(1, 2, 0, 0)\nret\n",
         "bytes 4..11 of a 8-byte structure", true},
        {"dcl_tgsm_structured g0, 8, 64\n" G64
         "store_structured g0.x, vThreadIDInGroupFlattened, l(2), l(1)\nret\n",
         "bytes 2..5 of a 8-byte structure: cs_4_0 writes inside its own, dword-aligned",
         true},
    };
#undef G64
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        char text[640], msg[320] = "";
        void *blob = NULL;
        size_t n = 0;
        snprintf(text, sizeof(text), "cs_4_0\n%s", bad[i].text);
        if (!tpf_assemble(text, strlen(text), &blob, &n, msg, sizeof(msg))) {
            harness_fail(__FILE__, __LINE__, "case %zu assembled as cs_4_0", i);
            free(blob);
            continue;
        }
        if (!strstr(msg, bad[i].message))
            harness_fail(__FILE__, __LINE__, "case %zu: \"%s\" lacks \"%s\"", i, msg,
                         bad[i].message);
        /* (the store_structured offset cases are cs_5_0's bounds, not a refusal there) */
        snprintf(text, sizeof(text), "cs_5_0\n%s", bad[i].text);
        int ret = tpf_assemble(text, strlen(text), &blob, &n, msg, sizeof(msg));
        if ((ret == 0) != bad[i].ok50)
            harness_fail(__FILE__, __LINE__, "case %zu as cs_5_0: %s", i, ret ? msg : "taken");
        free(blob);
        blob = NULL;
    }
    /* gather4 is 4_1's: refused in cs_4_0, taken in cs_4_1 */
    static const char g4[] = "dcl_sampler s0, mode_default\n"
                             "dcl_resource_texture2d (float,float,float,float) t0\n"
                             "dcl_uav_raw u0\ndcl_temps 1\ndcl_thread_group 8, 8, 1\n"
                             "gather4 r0.xyzw, l(0.5, 0.5, 0, 0), t0.xyzw, s0.x\n"
                             "store_raw u0.x, l(0), r0.x\nret\n";
    char text[512], msg[256] = "";
    void *blob = NULL;
    size_t n = 0;
    snprintf(text, sizeof(text), "cs_4_0\n%s", g4);
    CHECK(tpf_assemble(text, strlen(text), &blob, &n, msg, sizeof(msg)) != 0);
    CHECK_STR_CONTAINS(msg, "needs shader model 4.1");
    snprintf(text, sizeof(text), "cs_4_1\n%s", g4);
    CHECK_EQ(tpf_assemble(text, strlen(text), &blob, &n, msg, sizeof(msg)), 0);
    free(blob);
    /* the limits themselves are taken: 768 x 1 x 1, 1 x 768 x 1, 256 bytes a thread at 64
     * threads, 16 at 768; reads of any structure; every sync form */
    static const char *const good[] = {
        "dcl_thread_group 768, 1, 1\nret\n",
        "dcl_thread_group 1, 768, 1\nret\n",
        "dcl_tgsm_structured g0, 128, 64\ndcl_tgsm_structured g1, 128, 64\n"
        "dcl_thread_group 64, 1, 1\nret\n",
        "dcl_tgsm_structured g0, 240, 65\ndcl_thread_group 65, 1, 1\nret\n",
        "dcl_tgsm_structured g0, 16, 768\ndcl_temps 1\ndcl_thread_group 768, 1, 1\n"
        "store_structured g0.xyzw, vThreadIDInGroupFlattened, l(0), l(1, 2, 3, 4)\n"
        "sync_uglobal_g_t\nsync_ugroup_g\nsync_g\nsync_uglobal\n"
        "ld_structured r0.xyzw, l(767), l(0), g0.xyzw\nret\n",
    };
    for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
        snprintf(text, sizeof(text), "cs_4_0\n%s", good[i]);
        if (tpf_assemble(text, strlen(text), &blob, &n, msg, sizeof(msg)))
            harness_fail(__FILE__, __LINE__, "good case %zu: %s", i, msg);
        else
            free(blob);
    }
}

/* ---- the device ------------------------------------------------------------------------------ */

TEST(cs4_feature_per_level)
{
    static const struct {
        const char *profile;
        D3D_FEATURE_LEVEL level;
        BOOL want;
    } cases[] = {
        {"9_3", D3D_FEATURE_LEVEL_9_3, FALSE},  {"10_0", D3D_FEATURE_LEVEL_10_0, TRUE},
        {"10_1", D3D_FEATURE_LEVEL_10_1, TRUE}, {"max", D3D_FEATURE_LEVEL_10_0, TRUE},
        {"max", D3D_FEATURE_LEVEL_10_1, TRUE},  {"11_0", D3D_FEATURE_LEVEL_11_0, TRUE},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct cx c;
        if (!cs4_begin(&c, cases[i].profile, cases[i].level))
            continue;
        D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS hw = {(BOOL)7};
        CHECK_HR(ID3D11Device_CheckFeatureSupport(c.dev, D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS,
                                                  &hw, sizeof(hw)), S_OK);
        if (hw.ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x != cases[i].want)
            harness_fail(__FILE__, __LINE__, "%s at level 0x%x: %d", cases[i].profile,
                         cases[i].level,
                         (int)hw.ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x);
        cx_end(&c);
    }
}

/* CreateComputeShader by shader model and level: cs_4_0 from 10_0, cs_4_1 from 10_1, cs_5_0
 * from 11_0; what the decoder refuses is E_INVALIDARG with the out-pointer NULL. */
TEST(cs4_create_per_level)
{
    size_t n40 = 0, n41 = 0, n50 = 0, nbad = 0;
    void *b40 = cx_assemble(reduce40, &n40), *b41 = cx_assemble(reduce41, &n41);
    void *b50 = cx_assemble(reduce50, &n50);
    /* atomics in a cs_4_0 program: bytecode the assembler would not write */
    void *bad = cs4_patched("cs_5_0\ndcl_uav_raw u0\ndcl_thread_group 64, 1, 1\n"
                            "atomic_iadd u0, l(0), l(1)\nret\n", 0, &nbad);
    static const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_10_0, D3D_FEATURE_LEVEL_10_1,
                                               D3D_FEATURE_LEVEL_11_0};
    static const char *const profiles[] = {"10_0", "10_1", "11_0"};
    for (int k = 0; b40 && b41 && b50 && bad && k < 3; k++) {
        struct cx c;
        ID3D11ComputeShader *cs = NULL;
        if (!cs4_begin(&c, profiles[k], levels[k]))
            continue;
        CHECK_HR(ID3D11Device_CreateComputeShader(c.dev, b40, n40, NULL, &cs), S_OK);
        RD_RELEASE(cs);
        util_clear_last_message();
        cs = (ID3D11ComputeShader *)(uintptr_t)1;
        CHECK_HR(ID3D11Device_CreateComputeShader(c.dev, b41, n41, NULL, &cs),
                 k >= 1 ? S_OK : E_INVALIDARG);
        if (k == 0) {
            CHECK(cs == NULL);
            CHECK_STR_CONTAINS(LAST, "cs_4_1 needs feature level 10_1, the device is 10_0");
        }
        RD_RELEASE(cs);
        cs = (ID3D11ComputeShader *)(uintptr_t)1;
        CHECK_HR(ID3D11Device_CreateComputeShader(c.dev, b50, n50, NULL, &cs),
                 k == 2 ? S_OK : E_INVALIDARG);
        if (k < 2) {
            CHECK(cs == NULL);
            CHECK_STR_CONTAINS(LAST, "cs_5_0 needs feature level 11_0");
        }
        RD_RELEASE(cs);
        cs = (ID3D11ComputeShader *)(uintptr_t)1;
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateComputeShader(c.dev, bad, nbad, NULL, &cs), E_INVALIDARG);
        CHECK(cs == NULL);
        CHECK_STR_CONTAINS(LAST, "atomic_iadd (0xad) is not in cs_4_0");
        CHECK_HR(ID3D11Device_CreateComputeShader(c.dev, bad, nbad, NULL, NULL), E_INVALIDARG);
        cx_end(&c);
    }
    free(b40);
    free(b41);
    free(b50);
    free(bad);
}

TEST(cs4_raw_tree_sum)
{
    struct cx c;
    if (cs4_begin(&c, "10_0", D3D_FEATURE_LEVEL_10_0)) {
        check_reduce(&c, reduce40);
        cx_end(&c);
    }
    if (cs4_begin(&c, "10_1", D3D_FEATURE_LEVEL_10_1)) {
        check_reduce(&c, reduce41);
        cx_end(&c);
    }
    /* 11_0 runs cs_4_x too, with its limits (and the same program as cs_5_0) */
    if (cs4_begin(&c, "11_0", D3D_FEATURE_LEVEL_11_0)) {
        check_reduce(&c, reduce40);
        check_reduce(&c, reduce50);
        cx_end(&c);
    }
}

TEST(cs4_structured_update_10_0)
{
    struct cx c;
    static uint32_t init[2 * 66], out[2 * 66];
    if (!cs4_begin(&c, "10_0", D3D_FEATURE_LEVEL_10_0))
        return;
    for (uint32_t i = 0; i < 66; i++) {
        init[2 * i] = i + 1;
        init[2 * i + 1] = 1000 * i;
    }
    ID3D11ComputeShader *cs = cx_cs(&c, update40);
    ID3D11Buffer *b = cx_buffer(&c, sizeof(init), D3D11_BIND_UNORDERED_ACCESS,
                                D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8, init);
    D3D11_UNORDERED_ACCESS_VIEW_DESC d = cx_uav_desc(DXGI_FORMAT_UNKNOWN,
                                                     D3D11_UAV_DIMENSION_BUFFER);
    d.Buffer.NumElements = 64;
    ID3D11UnorderedAccessView *u = b ? cx_uav(&c, b, &d) : NULL;
    D3D11_QUERY_DESC qd = { D3D11_QUERY_PIPELINE_STATISTICS, 0 };
    D3D11_QUERY_DATA_PIPELINE_STATISTICS stats;
    ID3D11Query *q = NULL;
    CHECK_HR(ID3D11Device_CreateQuery(c.dev, &qd, &q), S_OK);
    if (cs && u && q) {
        /* CSInvocations: every thread of the 2 groups (the dropped calls below count none) */
        ID3D11DeviceContext_Begin(c.ctx, (ID3D11Asynchronous *)q);
        cx_run(&c, cs, &u, 1, 2, 1, 1);
        ID3D11DeviceContext_End(c.ctx, (ID3D11Asynchronous *)q);
        memset(&stats, 0xff, sizeof(stats));
        CHECK_HR(ID3D11DeviceContext_GetData(c.ctx, (ID3D11Asynchronous *)q, &stats,
                                             sizeof(stats), 0), S_OK);
        CHECK_EQ(stats.CSInvocations, 64);
        CHECK_EQ(stats.PSInvocations, 0);
        ID3D11DeviceContext_Begin(c.ctx, (ID3D11Asynchronous *)q);
        cx_read(&c, b, out, sizeof(out));
        for (uint32_t i = 0; i < 64; i++) {
            uint32_t j = (i & ~31u) | ((i + 1) & 31u);
            CHECK_EQ(out[2 * i], (i + 1) + 3 * (j + 1));
            CHECK_EQ(out[2 * i + 1], 1000 * i + 1000 * j);
        }
        for (uint32_t i = 128; i < 132; i++)   /* past the view: untouched */
            CHECK_EQ(out[i], init[i]);
        /* Dispatch at 10_x: Z above 1 (D3D11_CS_4_X_DISPATCH_MAX_THREAD_GROUPS_IN_Z_DIMENSION)
         * and DispatchIndirect are dropped with a message, nothing written */
        util_clear_last_message();
        ID3D11DeviceContext_Dispatch(c.ctx, 2, 1, 2);
        CHECK_STR_CONTAINS(LAST, "ThreadGroupCountZ 2 exceeds "
                                 "D3D11_CS_4_X_DISPATCH_MAX_THREAD_GROUPS_IN_Z_DIMENSION");
        static const UINT args[3] = {2, 1, 1};
        ID3D11Buffer *ab = cx_buffer(&c, sizeof(args), 0, 0, 0, args);
        util_clear_last_message();
        ID3D11DeviceContext_DispatchIndirect(c.ctx, ab, 0);
        CHECK_STR_CONTAINS(LAST, "DispatchIndirect: not available at feature level 10_0");
        RD_RELEASE(ab);
        ID3D11DeviceContext_End(c.ctx, (ID3D11Asynchronous *)q);
        CHECK_HR(ID3D11DeviceContext_GetData(c.ctx, (ID3D11Asynchronous *)q, &stats,
                                             sizeof(stats), 0), S_OK);
        CHECK_EQ(stats.CSInvocations, 0);
        static uint32_t again[2 * 66];
        cx_read(&c, b, again, sizeof(again));
        CHECK(!memcmp(again, out, sizeof(out)));
        /* ClearUnorderedAccessViewUint on the structured view: every word Values[0] */
        static const UINT seven[4] = {7, 8, 9, 10};
        ACCEPTED(ID3D11DeviceContext_ClearUnorderedAccessViewUint(c.ctx, u, seven));
        cx_read(&c, b, again, sizeof(again));
        for (uint32_t i = 0; i < 128; i++)
            CHECK_EQ(again[i], 7);
        CHECK_EQ(again[128], init[128]);
    }
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(q);
    RD_RELEASE(u);
    RD_RELEASE(b);
    RD_RELEASE(cs);
    cx_end(&c);
}

/* The 10_x resource and view rules: UAV buffers raw or structured (no typed views, no
 * APPEND / COUNTER, raw views 256-byte aligned), no UAV textures, one UAV slot. */
TEST(cs4_views_and_slots_10_0)
{
    struct cx c;
    if (!cs4_begin(&c, "10_0", D3D_FEATURE_LEVEL_10_0))
        return;
    ID3D11Buffer *raw = cx_raw_buffer(&c, 1024, NULL);
    ID3D11Buffer *st = cx_buffer(&c, 256, D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE,
                                 D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16, NULL);
    ID3D11Buffer *plain = cx_buffer(&c, 256, D3D11_BIND_UNORDERED_ACCESS, 0, 0, NULL);
    ID3D11UnorderedAccessView *v = (ID3D11UnorderedAccessView *)(uintptr_t)1, *a = NULL,
                              *b = NULL, *got[2] = {NULL, NULL};
    D3D11_UNORDERED_ACCESS_VIEW_DESC d = cx_uav_desc(DXGI_FORMAT_R32_UINT,
                                                     D3D11_UAV_DIMENSION_BUFFER);
    d.Buffer.NumElements = 16;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c.dev, (ID3D11Resource *)plain, &d, &v),
             E_INVALIDARG);
    CHECK(v == NULL);
    CHECK_STR_CONTAINS(LAST, "typed unordered-access views need feature level 11_0");
    /* a raw view from byte 16: 10_x raw UAVs start at multiples of 256 bytes */
    d = cx_uav_desc(DXGI_FORMAT_R32_TYPELESS, D3D11_UAV_DIMENSION_BUFFER);
    d.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_RAW;
    d.Buffer.FirstElement = 4;
    d.Buffer.NumElements = 16;
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c.dev, (ID3D11Resource *)raw, &d, &v),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "D3D11_CS_4_X_RAW_UAV_BYTE_ALIGNMENT); FirstElement 4 is byte 16");
    d.Buffer.FirstElement = 64;
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c.dev, (ID3D11Resource *)raw, &d, &a), S_OK);
    d = cx_uav_desc(DXGI_FORMAT_UNKNOWN, D3D11_UAV_DIMENSION_BUFFER);
    d.Buffer.NumElements = 16;
    d.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_APPEND;
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c.dev, (ID3D11Resource *)st, &d, &v),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "D3D11_BUFFER_UAV_FLAG_APPEND needs feature level 11_0");
    d.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_COUNTER;
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c.dev, (ID3D11Resource *)st, &d, &v),
             E_INVALIDARG);
    d.Buffer.Flags = 0;
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c.dev, (ID3D11Resource *)st, &d, &b), S_OK);
    /* a structured SRV of the same kind of buffer */
    D3D11_SHADER_RESOURCE_VIEW_DESC sd = cx_srv_desc(DXGI_FORMAT_UNKNOWN,
                                                     D3D11_SRV_DIMENSION_BUFFER);
    sd.Buffer.NumElements = 16;
    ID3D11ShaderResourceView *srv = NULL;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)st, &sd, &srv),
             S_OK);
    RD_RELEASE(srv);
    /* UAV textures need 11_0 */
    D3D11_TEXTURE2D_DESC td = {16, 16, 1, 1, DXGI_FORMAT_R32_FLOAT, {1, 0}, D3D11_USAGE_DEFAULT,
                               D3D11_BIND_UNORDERED_ACCESS, 0, 0};
    ID3D11Texture2D *tex = (ID3D11Texture2D *)(uintptr_t)1;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateTexture2D(c.dev, &td, NULL, &tex), E_INVALIDARG);
    CHECK(tex == NULL);
    CHECK_STR_CONTAINS(LAST, "D3D11_BIND_UNORDERED_ACCESS on a Texture2D needs feature level "
                             "11_0");
    /* one UAV slot: u0 binds, a second slot or StartSlot 1 is refused and changes nothing */
    if (a && b) {
        ACCEPTED(ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 1, &a, NULL));
        ID3D11UnorderedAccessView *two[2] = {b, b};
        util_clear_last_message();
        ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 2, two, NULL);
        CHECK_STR_CONTAINS(LAST, "exceeds the one unordered-access slot of feature level 10_0");
        util_clear_last_message();
        ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 1, 1, &b, NULL);
        CHECK_STR_CONTAINS(LAST, "StartSlot 1 + NumUAVs 1 exceeds");
        ID3D11DeviceContext_CSGetUnorderedAccessViews(c.ctx, 0, 2, got);
        CHECK(got[0] == a);
        CHECK(got[1] == NULL);
        RD_RELEASE_REF(got[0]);
        RD_RELEASE_REF(got[1]);
        /* no pixel-shader UAVs at 10_x */
        util_clear_last_message();
        ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(c.ctx, 0, NULL, NULL, 0, 1,
                                                                      &a, NULL);
        CHECK_STR_CONTAINS(LAST, "pixel-shader unordered-access views need 11_0");
        /* CopyStructureCount: no 10_x view has a hidden counter */
        util_clear_last_message();
        ID3D11DeviceContext_CopyStructureCount(c.ctx, raw, 0, b);
        CHECK(LAST[0] != 0);
    }
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(a);
    RD_RELEASE(b);
    RD_RELEASE(plain);
    RD_RELEASE(st);
    RD_RELEASE(raw);
    cx_end(&c);
}

/* D3DCompile to cs_4_0: raw and structured buffers (src/hlsl/gen_buffer.c), run at 10_0;
 * what cs_4_x lacks refused with X3000 and the reason. */
static HRESULT compile_cs4(const char *src, ID3DBlob **code, char *errors, size_t size)
{
    ID3DBlob *err = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "cs.hlsl", NULL, NULL, "main", "cs_4_0", 0, 0,
                            code, &err);
    snprintf(errors, size, "%s", err ? (const char *)ID3D10Blob_GetBufferPointer(err) : "");
    if (err)
        ID3D10Blob_Release(err);
    return hr;
}

TEST(cs4_hlsl_10_0)
{
    static const char src[] =
        "ByteAddressBuffer input : register(t0);\n"
        "RWStructuredBuffer<uint2> output : register(u0);\n"
        "[numthreads(16, 2, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex)\n"
        "{\n"
        "    uint i = id.y * 16 + id.x;\n"
        "    output[i] = uint2(input.Load(i * 4) * 5, gi);\n"
        "}\n";
    static uint32_t in[32], out[2 * 33], init[2 * 33];
    char errors[512];
    ID3DBlob *code = NULL;
    struct cx c;
    for (uint32_t i = 0; i < 32; i++)
        in[i] = 7 * i + 1;
    for (uint32_t i = 0; i < 66; i++)
        init[i] = 0xdeadbeef;
    CHECK_HR(compile_cs4(src, &code, errors, sizeof(errors)), S_OK);
    if (!code)
        harness_fail(__FILE__, __LINE__, "D3DCompile: %s", errors);
    if (code && cs4_begin(&c, "10_0", D3D_FEATURE_LEVEL_10_0)) {
        ID3D11ComputeShader *cs = NULL;
        CHECK_HR(ID3D11Device_CreateComputeShader(c.dev, ID3D10Blob_GetBufferPointer(code),
                                                  ID3D10Blob_GetBufferSize(code), NULL, &cs),
                 S_OK);
        ID3D11Buffer *src_b = raw_input(&c, in, 32);
        ID3D11ShaderResourceView *srv = src_b ? raw_srv(&c, src_b, 32) : NULL;
        ID3D11Buffer *dst = cx_buffer(&c, sizeof(init), D3D11_BIND_UNORDERED_ACCESS,
                                      D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8, init);
        D3D11_UNORDERED_ACCESS_VIEW_DESC d = cx_uav_desc(DXGI_FORMAT_UNKNOWN,
                                                         D3D11_UAV_DIMENSION_BUFFER);
        d.Buffer.NumElements = 32;
        ID3D11UnorderedAccessView *u = dst ? cx_uav(&c, dst, &d) : NULL;
        if (cs && srv && u) {
            ACCEPTED(ID3D11DeviceContext_CSSetShaderResources(c.ctx, 0, 1, &srv));
            cx_run(&c, cs, &u, 1, 1, 1, 1);
            cx_read(&c, dst, out, sizeof(out));
            for (uint32_t i = 0; i < 32; i++) {
                CHECK_EQ(out[2 * i], 5 * in[i]);
                CHECK_EQ(out[2 * i + 1], i);   /* one group: the group index is i */
            }
            CHECK_EQ(out[64], 0xdeadbeef);
        }
        ID3D11DeviceContext_ClearState(c.ctx);
        RD_RELEASE(u);
        RD_RELEASE(dst);
        RD_RELEASE(srv);
        RD_RELEASE(src_b);
        RD_RELEASE(cs);
        cx_end(&c);
    }
    if (code)
        ID3D10Blob_Release(code);
    static const struct { const char *src, *want; } bad[] = {
        {"RWByteAddressBuffer b : register(u0);\n[numthreads(4, 1, 1)] void main(uint t : "
         "SV_GroupIndex) { uint o; b.InterlockedAdd(0, t, o); b.Store(4, o); }\n",
         "is not in cs_4_0"},
        {"RWTexture2D<float> t : register(u0);\n[numthreads(4, 1, 1)] void main(uint i : "
         "SV_GroupIndex) { t[uint2(i, 0)] = 1; }\n",
         "cs_4_x has raw and structured buffers only"},
        {"RWByteAddressBuffer a : register(u0);\nRWByteAddressBuffer b : register(u1);\n"
         "[numthreads(4, 1, 1)] void main(uint i : SV_GroupIndex) { a.Store(0, i); "
         "b.Store(0, i); }\n", "one UAV, u0"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        code = NULL;
        CHECK_HR(compile_cs4(bad[i].src, &code, errors, sizeof(errors)), E_FAIL);
        CHECK(code == NULL);
        if (!strstr(errors, bad[i].want))
            harness_fail(__FILE__, __LINE__, "case %zu: \"%s\" lacks \"%s\"", i, errors,
                         bad[i].want);
        if (code)
            ID3D10Blob_Release(code);
    }
}

/* HLSL groupshared in cs_4_0 (src/hlsl/gen_tgsm.c): a tree sum of each group's 64 words, every
 * thread writing only sums[SV_GroupIndex], run at 10_0; a write elsewhere is refused (X3000,
 * the decoder's reason). */
TEST(cs4_hlsl_groupshared_10_0)
{
    static const char src[] =
        "ByteAddressBuffer input : register(t0);\n"
        "RWByteAddressBuffer output : register(u0);\n"
        "groupshared uint sums[64];\n"
        "[numthreads(64, 1, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex, uint3 g : SV_GroupID)\n"
        "{\n"
        "    sums[gi] = input.Load(id.x * 4);\n"
        "    GroupMemoryBarrierWithGroupSync();\n"
        "    for (uint s = 32; s > 0; s >>= 1) {\n"
        "        if (gi < s)\n"
        "            sums[gi] += sums[gi + s];\n"
        "        GroupMemoryBarrierWithGroupSync();\n"
        "    }\n"
        "    if (gi == 0)\n"
        "        output.Store(g.x * 4, sums[0]);\n"
        "}\n";
    static uint32_t in[256], out[5], init[5];
    uint32_t want[4] = {0, 0, 0, 0};
    char errors[512];
    ID3DBlob *code = NULL;
    struct cx c;
    for (uint32_t i = 0; i < 256; i++) {
        in[i] = i * 40503u + 17;
        want[i / 64] += in[i];
    }
    for (int i = 0; i < 5; i++)
        init[i] = 0xdeadbeef;
    CHECK_HR(compile_cs4(src, &code, errors, sizeof(errors)), S_OK);
    if (!code)
        harness_fail(__FILE__, __LINE__, "D3DCompile: %s", errors);
    if (code && cs4_begin(&c, "10_0", D3D_FEATURE_LEVEL_10_0)) {
        ID3D11ComputeShader *cs = NULL;
        CHECK_HR(ID3D11Device_CreateComputeShader(c.dev, ID3D10Blob_GetBufferPointer(code),
                                                  ID3D10Blob_GetBufferSize(code), NULL, &cs),
                 S_OK);
        ID3D11Buffer *src_b = raw_input(&c, in, 256);
        ID3D11ShaderResourceView *srv = src_b ? raw_srv(&c, src_b, 256) : NULL;
        ID3D11Buffer *dst = cx_raw_buffer(&c, sizeof(init), init);
        ID3D11UnorderedAccessView *u = dst ? cx_uav_raw(&c, dst, 0, 4) : NULL;
        if (cs && srv && u) {
            ACCEPTED(ID3D11DeviceContext_CSSetShaderResources(c.ctx, 0, 1, &srv));
            cx_run(&c, cs, &u, 1, 4, 1, 1);
            cx_read(&c, dst, out, sizeof(out));
            for (int k = 0; k < 4; k++)
                CHECK_EQ(out[k], want[k]);
            CHECK_EQ(out[4], 0xdeadbeef);
        }
        ID3D11DeviceContext_ClearState(c.ctx);
        RD_RELEASE(u);
        RD_RELEASE(dst);
        RD_RELEASE(srv);
        RD_RELEASE(src_b);
        RD_RELEASE(cs);
        cx_end(&c);
    }
    if (code)
        ID3D10Blob_Release(code);
    static const struct { const char *src, *want; } bad[] = {
        {"groupshared uint a[64];\nRWByteAddressBuffer o : register(u0);\n"
         "[numthreads(64, 1, 1)] void main(uint i : SV_GroupIndex) { a[63 - i] = i; "
         "GroupMemoryBarrierWithGroupSync(); o.Store(i * 4, a[i]); }\n",
         "writes g# only at structure vThreadIDInGroupFlattened"},
        {"groupshared uint a[32];\nRWByteAddressBuffer o : register(u0);\n"
         "[numthreads(64, 1, 1)] void main(uint i : SV_GroupIndex) { a[i] = i; "
         "GroupMemoryBarrierWithGroupSync(); o.Store(i * 4, a[i]); }\n",
         "exactly one per thread"},
        {"groupshared uint a[64];\nRWByteAddressBuffer o : register(u0);\n"
         "[numthreads(64, 1, 1)] void main(uint i : SV_GroupIndex) { uint old; "
         "InterlockedAdd(a[i], 1, old); o.Store(i * 4, old); }\n",
         "is not in cs_4_0"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        code = NULL;
        CHECK_HR(compile_cs4(bad[i].src, &code, errors, sizeof(errors)), E_FAIL);
        if (!strstr(errors, bad[i].want))
            harness_fail(__FILE__, __LINE__, "case %zu: \"%s\" lacks \"%s\"", i, errors,
                         bad[i].want);
        if (code)
            ID3D10Blob_Release(code);
    }
}

/* Hostile addresses in a cs_4_0 program at 10_0: reads of g#, t# and u# outside them give 0,
 * writes to u# outside the view are dropped (D3D11.3 5.3.4.4; the memory is the VM's, as in
 * cs_5_0), and nothing crashes. */
TEST(cs4_hostile_addresses_10_0)
{
    static const char text[] =
        "cs_4_0\ndcl_resource_raw t0\ndcl_uav_raw u0\ndcl_tgsm_structured g0, 8, 16\n"
        "dcl_temps 2\ndcl_thread_group 16, 1, 1\n"
        "store_structured g0.xy, vThreadIDInGroupFlattened, l(0), l(11, 22, 0, 0)\n"
        "sync_g_t\n"
        "ishl r0.x, vThreadIDInGroupFlattened, l(4)\n"   /* 16 bytes a thread in u0 */
        "ld_structured r1.x, l(0xffffffff), l(0), g0.xxxx\n"
        "ld_structured r1.y, l(3), l(0xfffffffc), g0.xxxx\n"
        "ld_raw r1.z, l(0xfffffff0), t0.xxxx\n"
        "ld_raw r1.w, l(0x7ffffffc), u0.xxxx\n"
        "store_raw u0.xyzw, r0.x, r1.xyzw\n"
        "store_raw u0.x, l(0xfffffffc), l(99)\n"
        "store_raw u0.x, l(256), l(99)\n"
        "ld_structured r1.xy, l(15), l(0), g0.xyxx\n"
        "iadd r0.y, r0.x, l(256)\n"
        "store_raw u0.x, r0.y, r1.y\n"          /* past the 256-byte view: dropped */
        "ret\n";
    static uint32_t in[4] = {1, 2, 3, 4}, init[80], out[80];
    struct cx c;
    if (!cs4_begin(&c, "10_0", D3D_FEATURE_LEVEL_10_0))
        return;
    for (int i = 0; i < 80; i++)
        init[i] = 0x55555555;
    ID3D11ComputeShader *cs = cx_cs(&c, text);
    ID3D11Buffer *src = raw_input(&c, in, 4);
    ID3D11ShaderResourceView *srv = src ? raw_srv(&c, src, 4) : NULL;
    ID3D11Buffer *dst = cx_raw_buffer(&c, sizeof(init), init);
    ID3D11UnorderedAccessView *u = dst ? cx_uav_raw(&c, dst, 0, 64) : NULL;
    if (cs && srv && u) {
        ACCEPTED(ID3D11DeviceContext_CSSetShaderResources(c.ctx, 0, 1, &srv));
        cx_run(&c, cs, &u, 1, 1, 1, 1);
        cx_read(&c, dst, out, sizeof(out));
        for (int t = 0; t < 16; t++)
            for (int k = 0; k < 4; k++)
                CHECK_EQ(out[4 * t + k], 0);   /* every hostile read was 0 */
        for (int i = 64; i < 80; i++)
            CHECK_EQ(out[i], 0x55555555);      /* nothing past the view */
    }
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(u);
    RD_RELEASE(dst);
    RD_RELEASE(srv);
    RD_RELEASE(src);
    RD_RELEASE(cs);
    cx_end(&c);
}

/* The other CS bindings at 10_1 (CSSetConstantBuffers, CSSetShaderResources with a typed
 * buffer and a texture, CSSetSamplers) read by cs_4_1: cb0, ld of a typed buffer, sample_l
 * (point filtering) and gather4 (4_1's), into the raw u0. */
TEST(cs4_bindings_10_1)
{
    static const char text[] =
        "cs_4_1\ndcl_constantbuffer cb0[1], immediateIndexed\n"
        "dcl_resource_buffer (uint,uint,uint,uint) t0\n"
        "dcl_resource_texture2d (float,float,float,float) t1\ndcl_sampler s0, mode_default\n"
        "dcl_uav_raw u0\ndcl_temps 3\ndcl_thread_group 4, 1, 1\n"
        "ld r0.x, vThreadID.xxxx, t0.xyzw\n"
        "iadd r0.x, r0.x, cb0[0].x\n"
        "ishl r1.x, vThreadID.x, l(3)\nstore_raw u0.x, r1.x, r0.x\n"
        "utof r2.x, vThreadID.x\nadd r2.x, r2.x, l(0.5)\nmul r2.x, r2.x, l(0.5)\n"
        "mov r2.y, l(0.5)\nsample_l r2.xyzw, r2.xyxx, t1.xyzw, s0, l(0)\n"
        "iadd r1.x, r1.x, l(4)\nstore_raw u0.x, r1.x, r2.x\n"
        "ieq r0.y, vThreadID.x, l(0)\nif_nz r0.y\n"
        "  gather4 r2.xyzw, l(0.5, 0.5, 0, 0), t1.xyzw, s0.x\n"
        "  store_raw u0.xyzw, l(32), r2.xyzw\n"
        "endif\nret\n";
    static const uint32_t cbv[4] = {1000, 0, 0, 0}, tbuf[4] = {1, 2, 3, 4};
    static const float texels[2] = {0.25f, 0.75f};
    static uint32_t out[12];
    struct cx c;
    if (!cs4_begin(&c, "10_1", D3D_FEATURE_LEVEL_10_1))
        return;
    ID3D11ComputeShader *cs = cx_cs(&c, text);
    ID3D11Buffer *cb = rd_buffer(c.dev, D3D11_BIND_CONSTANT_BUFFER, cbv, sizeof(cbv));
    ID3D11Buffer *tb = cx_buffer(&c, sizeof(tbuf), D3D11_BIND_SHADER_RESOURCE, 0, 0, tbuf);
    ID3D11Texture2D *tex = rd_texture(c.dev, 2, 1, DXGI_FORMAT_R32_FLOAT,
                                      D3D11_BIND_SHADER_RESOURCE, texels, 8);
    ID3D11Buffer *ob = cx_raw_buffer(&c, sizeof(out), NULL);
    ID3D11UnorderedAccessView *u = ob ? cx_uav_raw(&c, ob, 0, 12) : NULL;
    D3D11_SHADER_RESOURCE_VIEW_DESC bd = cx_srv_desc(DXGI_FORMAT_R32_UINT,
                                                     D3D11_SRV_DIMENSION_BUFFER);
    bd.Buffer.NumElements = 4;
    ID3D11ShaderResourceView *srv[2] = {NULL, NULL};
    D3D11_SAMPLER_DESC sd = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                             D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, D3D11_FLOAT32_MAX};
    ID3D11SamplerState *smp = NULL;
    CHECK_HR(ID3D11Device_CreateSamplerState(c.dev, &sd, &smp), S_OK);
    if (tb && tex) {
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)tb, &bd, &srv[0]),
                 S_OK);
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)tex, NULL,
                                                       &srv[1]), S_OK);
    }
    if (cs && cb && u && srv[0] && srv[1] && smp) {
        ACCEPTED(ID3D11DeviceContext_CSSetConstantBuffers(c.ctx, 0, 1, &cb));
        ACCEPTED(ID3D11DeviceContext_CSSetShaderResources(c.ctx, 0, 2, srv));
        ACCEPTED(ID3D11DeviceContext_CSSetSamplers(c.ctx, 0, 1, &smp));
        cx_run(&c, cs, &u, 1, 1, 1, 1);
        cx_read(&c, ob, out, sizeof(out));
        for (uint32_t i = 0; i < 4; i++) {
            float f;
            CHECK_EQ(out[2 * i], 1001 + i);
            memcpy(&f, &out[2 * i + 1], 4);
            CHECK(f == (i == 0 ? 0.25f : 0.75f));   /* u = (i + 0.5) / 2, clamped */
        }
        float g[4];
        memcpy(g, &out[8], sizeof(g));
        CHECK(g[0] == 0.25f && g[1] == 0.75f && g[2] == 0.75f && g[3] == 0.25f);
    }
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(srv[0]);
    RD_RELEASE(srv[1]);
    RD_RELEASE(u);
    RD_RELEASE(smp);
    RD_RELEASE(cb);
    RD_RELEASE(tb);
    RD_RELEASE(tex);
    RD_RELEASE(ob);
    RD_RELEASE(cs);
    cx_end(&c);
}
