/* tests/test_hlsl_gs5.c — gs_5_0's SV_GSInstanceID and several streams from HLSL, checked
 * against the listing fxc writes for them (the D3D11.3 spec 13.3 instancing and 13.x streams;
 * the instruction pages of dcl_input vGSInstanceID, dcl_stream, emit_stream, cut_stream):
 *   - SV_GSInstanceID is `dcl_input vGSInstanceID`, read as vGSInstanceID.x, with
 *     `dcl_gsinstances n` from [instance(n)]; it compiles (drawn by
 *     tests/test_hlsl_gs5_draw.c);
 *   - each `inout PointStream<T>` parameter is a stream m0, m1... declared `dcl_stream mk`,
 *     `dcl_outputtopology pointlist` and its own outputs from o0; Append on stream k writes
 *     that stream's registers and `emit_stream mk`, RestartStrip `cut_stream mk`; the
 *     declarations in fxc's order (inputs, vGSInstanceID, temps, dcl_gsinstances, the input
 *     primitive, the streams, dcl_maxout).
 * The program with two streams compiles; its container's output signature is OSG5, each
 * element with its stream (the listing's table has no stream column: the assembler gives
 * them from the dcl_stream blocks).  tests/test_d3d11_gs_streams.c draws such programs.
 */
#include "harness.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "hlsl/hlsl.h"
#include "hlsl_run.h"
#include "shader/dxbc.h"

/* The listing of src for gs_5_0, which compiles; the code's output signature streams into
 * streams[] (up to 8, -1 past the count) when it is not NULL. */
static char *gs5_compile_sig(const char *src, int *streams)
{
    struct hlsl_args a = {0};
    struct hlsl_result r;
    a.source = src;
    a.size = strlen(src);
    a.filename = "gs.hlsl";
    a.entry = "main";
    a.target = "gs_5_0";
    int ret = hlsl_compile(&a, &r);
    CHECK_EQ(ret, 0);
    CHECK(r.code != NULL);
    if (ret)
        harness_fail(__FILE__, __LINE__, "messages: %s", r.messages ? r.messages : "(none)");
    if (streams && r.code) {
        struct dxbc_shader_info info;
        for (unsigned i = 0; i < 8; i++)
            streams[i] = -1;
        CHECK_EQ(dxbc_parse(r.code, r.code_size, 0, &info, NULL), 0);
        CHECK_EQ(info.output.tag, DXBC_TAG_OSG5);
        for (uint32_t i = 0; i < info.output.count && i < 8; i++)
            streams[i] = (int)info.output.elements[i].stream;
        dxbc_info_free(&info);
    }
    char *t = strdup(r.listing ? r.listing : "");
    hlsl_result_free(&r);
    return t;
}

static char *gs5_compile(const char *src)
{
    return gs5_compile_sig(src, NULL);
}

/* The program's lines from its version line on (the comment header left out), and each
 * expected line in order. */
static void expect_in_order(const char *t, const char *const *lines)
{
    const char *p = strstr(t, "gs_5_0\n");
    CHECK(p != NULL);
    for (unsigned i = 0; p && lines[i]; i++) {
        const char *q = strstr(p, lines[i]);
        if (!q) {
            harness_fail(__FILE__, __LINE__, "listing lacks \"%s\" (in order) in:\n%s", lines[i],
                         t);
            return;
        }
        p = q + strlen(lines[i]);
    }
}

TEST(hlsl_gs5_instance_id)
{
    /* each of 4 instances writes its id as the render-target array index */
    static const char src[] =
        "struct V { float4 pos : SV_Position; };\n"
        "struct O { float4 pos : SV_Position; uint layer : SV_RenderTargetArrayIndex; };\n"
        "[maxvertexcount(3)] [instance(4)]\n"
        "void main(triangle V v[3], uint id : SV_GSInstanceID, inout TriangleStream<O> s)\n"
        "{\n"
        "    for (uint i = 0; i < 3; i++) {\n"
        "        O o;\n"
        "        o.pos = v[i].pos;\n"
        "        o.layer = id;\n"
        "        s.Append(o);\n"
        "    }\n"
        "}\n";
    char *t = gs5_compile(src);
    static const char *const lines[] = {
        "gs_5_0\n", "dcl_input_siv v[3][0].xyzw, position\n", "dcl_input vGSInstanceID\n",
        "dcl_gsinstances 4\n", "dcl_inputprimitive triangle\n", "dcl_stream m0\n",
        "dcl_outputtopology trianglestrip\n", "dcl_output_siv o0.xyzw, position\n",
        "dcl_output_siv o1.x, rendertarget_array_index\n", "dcl_maxout 3\n",
        "vGSInstanceID.x\n", "mov o1.x, ", "emit_stream m0\n", NULL,
    };
    expect_in_order(t, lines);
    free(t);
    /* the container decodes and disassembles back (D3DDisassemble: the project's decoder) */
    char *d = hlsl_run_disassembly(src, "gs_5_0");
    CHECK_STR_CONTAINS(d, "dcl_input vGSInstanceID");
    CHECK_STR_CONTAINS(d, "dcl_gsinstances 4");
    CHECK_STR_CONTAINS(d, ", vGSInstanceID");
    free(d);
}

TEST(hlsl_gs5_streams)
{
    /* a point goes to stream 0 with its colour and to stream 1 with its distance; a cut on
     * stream 1 */
    static const char src[] =
        "struct V { float4 pos : SV_Position; float3 col : COLOR0; };\n"
        "struct D { float4 pos : SV_Position; float dist : TEXCOORD0; };\n"
        "cbuffer C { float limit; };\n"
        "[maxvertexcount(2)]\n"
        "void main(point V v[1], inout PointStream<V> s0, inout PointStream<D> s1)\n"
        "{\n"
        "    float d = length(v[0].col);\n"
        "    if (d > limit) {\n"
        "        s0.Append(v[0]);\n"
        "    } else {\n"
        "        D o;\n"
        "        o.pos = v[0].pos;\n"
        "        o.dist = d;\n"
        "        s1.Append(o);\n"
        "        s1.RestartStrip();\n"
        "    }\n"
        "}\n";
    int streams[8];
    char *t = gs5_compile_sig(src, streams);
    /* SV_Position and COLOR0 of stream 0, SV_Position and TEXCOORD0 of stream 1 */
    CHECK(streams[0] == 0 && streams[1] == 0 && streams[2] == 1 && streams[3] == 1 &&
          streams[4] == -1);
    static const char *const lines[] = {
        "gs_5_0\n", "dcl_constantbuffer cb0[1], immediateIndexed\n",
        "dcl_input_siv v[1][0].xyzw, position\n", "dcl_input v[1][1].xyz\n",
        "dcl_inputprimitive point\n",
        "dcl_stream m0\n", "dcl_outputtopology pointlist\n", "dcl_output_siv o0.xyzw, position\n",
        "dcl_output o1.xyz\n",
        "dcl_stream m1\n", "dcl_outputtopology pointlist\n", "dcl_output_siv o0.xyzw, position\n",
        "dcl_output o1.x\n", "dcl_maxout 2\n",
        "if_nz r", "mov o0.xyzw, v[0][0].xyzw\n", "mov o1.xyz, v[0][1].xyzx\n", "emit_stream m0\n",
        "else\n", "mov o0.xyzw, v[0][0].xyzw\n", "mov o1.x, r", "emit_stream m1\n",
        "cut_stream m1\n", "endif\n", NULL,
    };
    expect_in_order(t, lines);
    /* D3DDisassemble of the blob (the container read back, OSG5 included) shows both
     * streams' declarations */
    char *d = hlsl_run_disassembly(src, "gs_5_0");
    CHECK_STR_CONTAINS(d, "dcl_stream m1\n");
    CHECK_STR_CONTAINS(d, "cut_stream m1\n");
    CHECK_STR_CONTAINS(d, "TEXCOORD");
    free(d);
    /* the two streams' signature elements, each stream's registers from 0 */
    CHECK_STR_CONTAINS(t, "// COLOR                    0   xyz         1     NONE   float   xyz \n");
    CHECK_STR_CONTAINS(t, "// TEXCOORD                 0   x           1     NONE   float   x   \n");
    free(t);
}
