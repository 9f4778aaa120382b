/* tests/test_hlsl_cs.c — compute programs and the shader model 5 buffers and UAVs from HLSL
 * (issue 13, step 4 items 2 and 3): cs_5_0 / cs_4_x with [numthreads] and its documented
 * limits, the thread-id system values, the barriers, ByteAddressBuffer / StructuredBuffer /
 * RW views / Append / Consume / counters / Interlocked*, Buffer<T>[i].
 *
 * softd3d's SM4 assembler and decoder take cs_5_0 programs with their thread ids and memory
 * instructions, so D3DCompile compiles them (tests/test_hlsl_cs_run.c runs them on the compute
 * dispatcher); raw/structured views and UAV instructions outside compute programs are not
 * taken by the decoder yet, so D3DCompile refuses those with X3000 "not supported yet",
 * naming the assembler's reason (cs_listing checks which).  These tests check the listing the
 * compiler writes (hlsl_compile's result keeps it either way), line by line
 * against the instruction reference's forms ("ld_raw", "store_structured", "imm_atomic_cmp_exch",
 * "sync", "dcl_thread_group"...).  The refusal messages of the compiler itself carry
 * file(line,col).
 */
#define COBJMACROS
#include "harness.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "d3dcompiler.h"
#include "hlsl/hlsl.h"

/* hlsl_compile of src as "cs.hlsl", entry main. */
static int cs_compile(const char *src, const char *target, struct hlsl_result *r)
{
    struct hlsl_args a = {0};
    a.source = src;
    a.size = strlen(src);
    a.filename = "cs.hlsl";
    a.entry = "main";
    a.target = target;
    return hlsl_compile(&a, r);
}

/* The listing hlsl_compile writes for src (malloc'ed; "" when none), and the messages. */
static char *cs_listing(const char *src, const char *target, char **messages)
{
    struct hlsl_result r;
    int ret = cs_compile(src, target, &r);
    char *t = strdup(r.listing ? r.listing : "");
    if (messages)
        *messages = strdup(r.messages ? r.messages : "");
    /* cs_5_0 and cs_4_x programs assemble (the SM4 assembler takes them and their memory
     * instructions), and so do ps_5_0 programs with UAVs (11_0 pixel-shader UAVs); every other
     * target's memory instructions are refused as not supported yet */
    bool compiles = !strcmp(target, "cs_5_0") || !strcmp(target, "ps_5_0") ||
                    !strcmp(target, "cs_4_0") || !strcmp(target, "cs_4_1");
    if (compiles) {
        if (ret != 0 || !r.code)
            harness_fail(__FILE__, __LINE__, "%s: not compiled: %s", target,
                         r.messages ? r.messages : "");
    } else {
        CHECK(ret == -1 && r.code == NULL);
        if (r.messages && !strstr(r.messages, "is not supported yet: softd3d's SM4 assembler "
                                  "does not take compute programs or shader model 5 memory"))
            harness_fail(__FILE__, __LINE__, "%s: unexpected messages: %s", target, r.messages);
    }
    hlsl_result_free(&r);
    return t;
}

static void expect_lines(const char *src, const char *target, const char *const *lines)
{
    char *t = cs_listing(src, target, NULL);
    for (unsigned i = 0; lines[i]; i++)
        if (!strstr(t, lines[i]))
            harness_fail(__FILE__, __LINE__, "%s listing lacks \"%s\":\n%s", target, lines[i], t);
    free(t);
}

/* The error text of a compilation the compiler itself refuses (malloc'ed). */
static char *cs_refusal(const char *src, const char *target)
{
    struct hlsl_result r;
    CHECK_EQ(cs_compile(src, target, &r), -1);
    CHECK(r.code == NULL && r.listing == NULL);
    char *t = strdup(r.messages ? r.messages : "(none)");
    hlsl_result_free(&r);
    return t;
}

TEST(hlsl_cs_thread_ids_and_raw_buffers)
{
    static const char src[] =
        "ByteAddressBuffer input : register(t1);\n"
        "RWByteAddressBuffer output;\n"
        "[numthreads(8, 4, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID, uint3 gid : SV_GroupID,\n"
        "          uint3 tid : SV_GroupThreadID, uint index : SV_GroupIndex)\n"
        "{\n"
        "    uint2 v = input.Load2(id.x * 8);\n"
        "    output.Store(index * 4, v.x + v.y + gid.y + tid.x);\n"
        "    output.Store3(64, uint3(id.xy, 7));\n"
        "}\n";
    static const char *const lines[] = {
        "cs_5_0\n", "dcl_resource_raw t1\n", "dcl_uav_raw u0\n", "dcl_input vThreadID.xyz\n",
        "dcl_input vThreadGroupID.xyz\n", "dcl_input vThreadIDInGroup.xyz\n",
        "dcl_input vThreadIDInGroupFlattened\n", "dcl_thread_group 8, 4, 1\n",
        "imul null, r0.x, vThreadID.x, l(8)\n",
        /* two words into .yz: the resource's swizzle follows the destination */
        "ld_raw r0.yz, r0.x, t1.xxyx\n", "iadd r0.y, r0.w, vThreadGroupID.y\n",
        "iadd r0.z, r0.y, vThreadIDInGroup.x\n", "store_raw u0.x, r0.x, r0.z\n",
        "store_raw u0.xyz, l(64), r0.xyzx\n", NULL,
    };
    expect_lines(src, "cs_5_0", lines);
    /* D3DCompile compiles it: the bytecode disassembles to the thread-group declaration */
    ID3DBlob *code = NULL, *errors = NULL;
    CHECK_HR(D3DCompile(src, strlen(src), "cs.hlsl", NULL, NULL, "main", "cs_5_0", 0, 0, &code,
                        &errors), S_OK);
    CHECK(code != NULL);
    if (code) {
        ID3DBlob *text = NULL;
        CHECK_HR(D3DDisassemble(ID3D10Blob_GetBufferPointer(code), ID3D10Blob_GetBufferSize(code),
                                0, NULL, &text), S_OK);
        if (text) {
            CHECK_STR_CONTAINS((const char *)ID3D10Blob_GetBufferPointer(text),
                               "dcl_thread_group 8, 4, 1");
            CHECK_STR_CONTAINS((const char *)ID3D10Blob_GetBufferPointer(text), "store_raw");
            ID3D10Blob_Release(text);
        }
        ID3D10Blob_Release(code);
    }
    if (errors)
        ID3D10Blob_Release(errors);
}

TEST(hlsl_cs_structured_append_consume)
{
    static const char src[] =
        "struct P { float3 pos; uint id; float2 uv; };\n"
        "StructuredBuffer<P> src_p;\n"
        "RWStructuredBuffer<P> dst_p;\n"
        "AppendStructuredBuffer<uint> appended;\n"
        "ConsumeStructuredBuffer<float4> consumed;\n"
        "RWStructuredBuffer<uint> counted;\n"
        "[numthreads(64, 1, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID)\n"
        "{\n"
        "    P p = src_p[id.x];\n"
        "    p.uv += consumed.Consume().xy;\n"
        "    dst_p[id.x] = p;\n"
        "    appended.Append(p.id);\n"
        "    uint n, stride;\n"
        "    src_p.GetDimensions(n, stride);\n"
        "    counted[counted.IncrementCounter()] = n + stride;\n"
        "}\n";
    static const char *const lines[] = {
        "dcl_resource_structured t0, 24\n", "dcl_uav_structured u0, 24\n",
        "dcl_uav_structured u1, 4\n", "dcl_uav_structured u2, 16\n",
        "dcl_uav_structured_opc u3, 4\n",
        /* members at their byte offsets: pos 0, id 12, uv 16 */
        "ld_structured r", ", l(0), t0.xyzx\n", ", l(12), t0.xxxx\n", ", l(16), t0.xyxx\n",
        "store_structured u0.xyz, ", "store_structured u0.x, ", "store_structured u0.xy, ",
        "imm_atomic_consume r", "imm_atomic_alloc r", ", u1\n", ", u2\n", ", u3\n",
        /* the consumed element from the index the counter gave */
        ", l(0), u2.xxyx\n", "bufinfo r", "l(24)", NULL,
    };
    expect_lines(src, "cs_5_0", lines);
}

TEST(hlsl_cs_atomics)
{
    static const char src[] =
        "RWByteAddressBuffer raw;\n"
        "RWBuffer<uint> typed;\n"
        "RWStructuredBuffer<int> sb;\n"
        "[numthreads(1, 1, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID)\n"
        "{\n"
        "    uint old, orig, prev;\n"
        "    raw.InterlockedAdd(0, 1);\n"
        "    raw.InterlockedAdd(4, 2, old);\n"
        "    raw.InterlockedCompareExchange(8, 5, 6, orig);\n"
        "    raw.InterlockedCompareStore(12, 5, 6);\n"
        "    InterlockedMax(typed[id.x], 3u, prev);\n"
        "    InterlockedMin(sb[id.y], -4);\n"
        "    InterlockedExchange(typed[2], old + orig + prev, old);\n"
        "    raw.Store(16, old);\n"
        "}\n";
    static const char *const lines[] = {
        "dcl_uav_typed_buffer (uint,uint,uint,uint) u1\n",
        "atomic_iadd u0, l(0), l(1)\n", "imm_atomic_iadd r", ", u0, l(4), l(2)\n",
        "imm_atomic_cmp_exch r", ", u0, l(8), l(5), l(6)\n", "atomic_cmp_store u0, l(12), l(5), "
        "l(6)\n", "imm_atomic_umax r", ", u1, vThreadID.x, l(3)\n",
        /* a structured element: (index, byte offset 0); int: the signed minimum */
        "atomic_imin u2, r", ", l(-4)\n", "imm_atomic_exch r", ", u1, l(2), ", NULL,
    };
    expect_lines(src, "cs_5_0", lines);
}

TEST(hlsl_cs_typed_views_and_barriers)
{
    static const char src[] =
        "Buffer<float4> weights;\n"
        "RWTexture2D<float4> image;\n"
        "RWTexture2DArray<uint> layers;\n"
        "[numthreads(16, 16, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID)\n"
        "{\n"
        "    float4 c = image[id.xy] * weights[id.x];\n"
        "    GroupMemoryBarrierWithGroupSync();\n"
        "    image[id.xy] = c;\n"
        "    DeviceMemoryBarrier();\n"
        "    layers[uint3(id.xy, 1)] += 2;\n"
        "    AllMemoryBarrierWithGroupSync();\n"
        "    GroupMemoryBarrier();\n"
        "    DeviceMemoryBarrierWithGroupSync();\n"
        "    AllMemoryBarrier();\n"
        "}\n";
    static const char *const lines[] = {
        "dcl_resource_buffer (float,float,float,float) t0\n",
        "dcl_uav_typed_texture2d (float,float,float,float) u0\n",
        "dcl_uav_typed_texture2darray (uint,uint,uint,uint) u1\n",
        "ld_uav_typed r0.xyzw, vThreadID.xyyy, u0.xyzw\n", "ld r", ", t0.xyzw\n",
        "\nsync_g_t\n", "\nsync_uglobal\n", "\nsync_uglobal_g_t\n", "\nsync_g\n",
        "\nsync_uglobal_t\n", "\nsync_uglobal_g\n", "store_uav_typed u0.xyzw, vThreadID.xyyy, r2.xyzw\n",
        "store_uav_typed u1.xyzw, ", NULL,
    };
    expect_lines(src, "cs_5_0", lines);
    /* a pixel shader's UAV after its render target, DeviceMemoryBarrier allowed there */
    static const char ps[] =
        "RWBuffer<uint> hits;\n"
        "float4 main(float4 p : SV_Position) : SV_Target\n"
        "{ DeviceMemoryBarrier(); InterlockedAdd(hits[0], 1); return p; }\n";
    static const char *const ps_lines[] = {
        "ps_5_0\n", "dcl_uav_typed_buffer (uint,uint,uint,uint) u1\n", "sync_uglobal\n",
        /* its RDEF row (tests/test_hlsl_reflect.c reflects the compute ones) */
        "// hits                                  UAV    uint         buf             u1      1 \n",
        "atomic_iadd u1, l(0), l(1)\n", NULL,
    };
    expect_lines(ps, "ps_5_0", ps_lines);
}

TEST(hlsl_cs_numthreads_limits)
{
    /* the limits of "numthreads": accepted at the edge (cs_5_0: 1024 threads, Z 64) */
    char *t = cs_listing("[numthreads(1024, 1, 1)] void main() { }\n", "cs_5_0", NULL);
    CHECK_STR_CONTAINS(t, "dcl_thread_group 1024, 1, 1\n");
    free(t);
    t = cs_listing("[numthreads(16, 1, 64)] void main() { }\n", "cs_5_0", NULL);
    CHECK_STR_CONTAINS(t, "dcl_thread_group 16, 1, 64\n");
    free(t);
    t = cs_listing("[numthreads(768, 1, 1)] void main() { }\n", "cs_4_0", NULL);
    CHECK_STR_CONTAINS(t, "cs_4_0\n");
    CHECK_STR_CONTAINS(t, "dcl_thread_group 768, 1, 1\n");
    free(t);
    static const struct { const char *src, *target, *want; } bad[] = {
        { "void main() { }\n", "cs_5_0",
          "cs.hlsl(1,6-10): error X3000: 'main': a compute shader needs [numthreads(x, y, z)]" },
        { "[numthreads(1025, 1, 1)] void main() { }\n", "cs_5_0",
          "cs.hlsl(1,2-12): error X3000: numthreads(1025, 1, 1): cs_5_0 takes X and Y of 1 to "
          "1024, Z of 1 to 64 and at most 1024 threads a group" },
        { "[numthreads(32, 32, 2)] void main() { }\n", "cs_5_0", "numthreads(32, 32, 2)" },
        { "[numthreads(1, 1, 65)] void main() { }\n", "cs_5_0", "numthreads(1, 1, 65)" },
        { "[numthreads(0, 1, 1)] void main() { }\n", "cs_5_0", "numthreads(0, 1, 1)" },
        { "[numthreads(8, 8, 2)] void main() { }\n", "cs_4_1",
          "numthreads(8, 8, 2): cs_4_1 takes X and Y of 1 to 768, Z of 1 to 1 and at most 768" },
        { "[numthreads(32, 32, 1)] void main() { }\n", "cs_4_0", "numthreads(32, 32, 1)" },
        { "[numthreads(1, 1)] void main() { }\n", "cs_5_0",
          "error X3000: syntax error: unexpected token ')'" },
        { "[numthreads(1, 1, 1)] float4 main() { return 0; }\n", "cs_5_0",
          "error X3000: 'main': a compute shader returns void" },
        { "[numthreads(1, 1, 1)] void main(float4 p : POSITION) { }\n", "cs_5_0",
          "cs.hlsl(1,44-52): error X4502: invalid compute shader input semantic 'POSITION'" },
        { "[numthreads(1, 1, 1)] void main(uint4 i : SV_DispatchThreadID) { }\n", "cs_5_0",
          "error X4502: SV_DispatchThreadID must be a uint vector of 1 to 3 components" },
        { "[numthreads(1, 1, 1)] void main(uint2 i : SV_GroupIndex) { }\n", "cs_5_0",
          "error X4502: SV_GroupIndex must be a uint" },
        { "[numthreads(1, 1, 1)] void main(uint i : SV_GroupID, uint j : SV_GroupID) { }\n",
          "cs_5_0", "error X4502: semantic 'SV_GroupID' is used twice" },
        { "void main() { }\n", "cs_4_0_level_9_1", "unrecognized compiler target" },
        /* barriers with the group's sync or shared memory are compute-only */
        { "float4 main() : SV_Target { GroupMemoryBarrierWithGroupSync(); return 0; }\n",
          "ps_5_0", "error X4532: GroupMemoryBarrierWithGroupSync is not available on ps_5_0" },
        { "float4 main() : SV_Target { DeviceMemoryBarrier(); return 0; }\n", "ps_4_0",
          "error X4532: DeviceMemoryBarrier is not available on ps_4_0" },
        { "[numthreads(1, 1, 1)] void main() { AllMemoryBarrier(1); }\n", "cs_5_0",
          "error X3013: AllMemoryBarrier takes no arguments" },
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        t = cs_refusal(bad[i].src, bad[i].target);
        if (!strstr(t, bad[i].want))
            harness_fail(__FILE__, __LINE__, "case %zu: '%s' lacks '%s'", i, t, bad[i].want);
        free(t);
    }
}

TEST(hlsl_buffer_refusals)
{
    static const struct { const char *src, *target, *want; } bad[] = {
        /* UAVs are for pixel and compute shaders */
        { "RWBuffer<uint> b; float4 main(uint i : I) : SV_Position { b[i] = 1; return 0; }\n",
          "vs_5_0", "error X4532: RWBuffer: unordered access views are for pixel and compute "
          "shaders (not vs_5_0)" },
        /* shader model 5 objects (4_x reads raw and structured SRVs only: test_hlsl_sm4_mem.c) */
        { "Buffer<float> b; float4 main(uint i : I) : SV_Target { uint n; b.GetDimensions(n); "
          "return n; }\n",
          "ps_4_0", "error X3000: Buffer is not supported yet on ps_4_0" },
        { "StructuredBuffer<float> b; float4 main(uint i : I) : SV_Target { return b[i]; }\n",
          "ps_4_0_level_9_3", "error X3000: StructuredBuffer<float> is not supported yet on "
          "ps_4_0_level_9_3" },
        /* read-only views cannot be written */
        { "StructuredBuffer<float> b;\n[numthreads(1,1,1)] void main() { b[0] = 1; }\n",
          "cs_5_0", "cs.hlsl(2,36-37): error X3025: l-value specifies const object" },
        { "ByteAddressBuffer b;\n[numthreads(1,1,1)] void main() { b.Store(0, 1); }\n",
          "cs_5_0", "error X3018: 'Store' is no method of 'ByteAddressBuffer'" },
        { "RWByteAddressBuffer b;\n[numthreads(1,1,1)] void main() { uint x = b[0]; }\n",
          "cs_5_0", "error X3121: RWByteAddressBuffer cannot be indexed" },
        { "RWByteAddressBuffer b;\n[numthreads(1,1,1)] void main() { b.Load(); }\n",
          "cs_5_0", "error X3013: Load takes a byte address" },
        { "AppendStructuredBuffer<uint> b;\n[numthreads(1,1,1)] void main() { b.Consume(); }\n",
          "cs_5_0", "error X3018: 'Consume' is no method of 'AppendStructuredBuffer<uint>'" },
        /* InterlockedCompareExchange needs its original-value out parameter */
        { "RWBuffer<uint> b;\n[numthreads(1,1,1)] void main() { "
          "InterlockedCompareExchange(b[0], 1, 2); }\n",
          "cs_5_0", "error X3013: InterlockedCompareExchange takes a compare value and a value "
          "and an out original value" },
        { "RWBuffer<float> b;\n[numthreads(1,1,1)] void main() { InterlockedAdd(b[0], 1); }\n",
          "cs_5_0", "the destination must be an int or uint element" },
        { "RWTexture2D<float> t;\n[numthreads(1,1,1)] void main() { uint w, h; "
          "t.GetDimensions(w, h); }\n", "cs_5_0",
          "error X3018: 'GetDimensions' is no method of 'RWTexture2D' (or not supported yet)" },
        { "RWBuffer<uint> a : register(u3); RWBuffer<uint> b : register(u3);\n"
          "[numthreads(1,1,1)] void main() { a[0] = 1; b[0] = 2; }\n",
          "cs_5_0", "error X3530: 'b': register u3 is invalid or taken" },
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        char *t = cs_refusal(bad[i].src, bad[i].target);
        if (!strstr(t, bad[i].want))
            harness_fail(__FILE__, __LINE__, "case %zu: '%s' lacks '%s'", i, t, bad[i].want);
        free(t);
    }
}
