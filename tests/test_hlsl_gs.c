/* tests/test_hlsl_gs.c — geometry shaders from HLSL (issue 13, step 4 item 1): gs_4_0 / gs_4_1
 * programs compiled by D3DCompile and drawn through the D3D11 device at feature level 10_0
 * (SOFTD3D_PROFILE=10_0), every pixel compared exactly: points expanded to quads with a
 * cbuffer size and SV_PrimitiveID, triangles re-emitted through a helper function taking the
 * stream (with RestartStrip and a run-time vertex index) equal byte for byte to the same draw
 * without a GS, a line with adjacency drawn as its middle segment equal to the plain line;
 * D3DReflect's GS fields; gs_5_0's [instance(n)] and stream forms (SV_GSInstanceID and
 * several streams: tests/test_hlsl_gs5.c) and the
 * SV_RenderTargetArrayIndex / SV_ViewportArrayIndex outputs in the disassembly (the device
 * refuses the latter with E_NOTIMPL, README); and the refusals with file(line,col).
 */
#include "test_render_util.h"

#include <stdio.h>

#include "d3d11shader.h"
#include "hlsl_run.h"

static const D3D_FEATURE_LEVEL L100 = D3D_FEATURE_LEVEL_10_0;

static ID3DBlob *compile(const char *src, const char *target)
{
    return hlsl_run_compile_ok(src, target);
}

/* The error text of a refused compilation (malloc'ed), checking that there is no code. */
static char *refusal(const char *src, const char *target)
{
    ID3DBlob *code;
    char *text = hlsl_run_compile(src, target, &code);
    CHECK(code == NULL);
    if (code)
        ID3D10Blob_Release(code);
    return text ? text : strdup("(no error blob)");
}

#define VERTEX_STRUCT "struct V { float4 pos : SV_Position; float4 col : COLOR0; };\n"

static const char vs_src[] = VERTEX_STRUCT
    "V main(float4 p : TEXCOORD0, float4 c : TEXCOORD1) { V o; o.pos = p; o.col = c; return o; }\n";
static const char ps_src[] =
    "float4 main(float4 pos : SV_Position, float4 col : COLOR0) : SV_Target { return col; }\n";

/* A 10_0 device, an 8x8 target, the HLSL VS and PS, the vertices bound with topology. */
struct scene {
    struct rd r;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps;
    ID3D11InputLayout *il;
    ID3D11Buffer *vb;
};

static bool scene_begin_at(struct scene *s, const char *profile, D3D_FEATURE_LEVEL level,
                           const struct vtx *v, UINT nv, D3D11_PRIMITIVE_TOPOLOGY topo)
{
    UINT stride = sizeof(struct vtx), offset = 0;
    memset(s, 0, sizeof(*s));
    if (!rd_begin_profile(&s->r, profile, level, 8, 8))
        return false;
    ID3DBlob *vs = compile(vs_src, "vs_4_0"), *ps = compile(ps_src, "ps_4_0");
    if (vs) {
        CHECK_HR(ID3D11Device_CreateVertexShader(s->r.dev, ID3D10Blob_GetBufferPointer(vs),
                                                 ID3D10Blob_GetBufferSize(vs), NULL, &s->vs), S_OK);
        CHECK_HR(ID3D11Device_CreateInputLayout(s->r.dev, rd_vtx_layout, 2,
                                                ID3D10Blob_GetBufferPointer(vs),
                                                ID3D10Blob_GetBufferSize(vs), &s->il), S_OK);
        ID3D10Blob_Release(vs);
    }
    if (ps) {
        CHECK_HR(ID3D11Device_CreatePixelShader(s->r.dev, ID3D10Blob_GetBufferPointer(ps),
                                                ID3D10Blob_GetBufferSize(ps), NULL, &s->ps), S_OK);
        ID3D10Blob_Release(ps);
    }
    s->vb = rd_buffer(s->r.dev, D3D11_BIND_VERTEX_BUFFER, v, nv * (UINT)sizeof(*v));
    ID3D11DeviceContext_IASetInputLayout(s->r.ctx, s->il);
    ID3D11DeviceContext_IASetVertexBuffers(s->r.ctx, 0, 1, &s->vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->r.ctx, topo);
    ID3D11DeviceContext_VSSetShader(s->r.ctx, s->vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(s->r.ctx, s->ps, NULL, 0);
    return s->vs && s->ps && s->il && s->vb;
}

static bool scene_begin(struct scene *s, const struct vtx *v, UINT nv,
                        D3D11_PRIMITIVE_TOPOLOGY topo)
{
    return scene_begin_at(s, "10_0", L100, v, nv, topo);
}

static void scene_end(struct scene *s)
{
    ID3D11DeviceContext_ClearState(s->r.ctx);
    RD_RELEASE(s->vb);
    RD_RELEASE(s->il);
    RD_RELEASE(s->ps);
    RD_RELEASE(s->vs);
    rd_end(&s->r);
}

static ID3D11GeometryShader *scene_gs_hr(struct scene *s, const char *src, const char *target,
                                         HRESULT want)
{
    ID3DBlob *code = compile(src, target);
    ID3D11GeometryShader *gs = NULL;
    if (code) {
        CHECK_HR(ID3D11Device_CreateGeometryShader(s->r.dev, ID3D10Blob_GetBufferPointer(code),
                                                   ID3D10Blob_GetBufferSize(code), NULL, &gs),
                 want);
        ID3D10Blob_Release(code);
    }
    return gs;
}

static ID3D11GeometryShader *scene_gs(struct scene *s, const char *src, const char *target)
{
    return scene_gs_hr(s, src, target, S_OK);
}

/* The GS of src with `size` bytes of cb as its constant buffer b0 (the context holds it). */
static ID3D11GeometryShader *scene_gs_cb(struct scene *s, const char *src, const char *target,
                                         const void *cb, UINT size)
{
    ID3D11Buffer *b = rd_buffer(s->r.dev, D3D11_BIND_CONSTANT_BUFFER, cb, size);
    ID3D11DeviceContext_GSSetConstantBuffers(s->r.ctx, 0, 1, &b);
    RD_RELEASE(b);
    return scene_gs(s, src, target);
}

/* Draws n vertices with gs (NULL: none) into the cleared target and reads it back. */
static void scene_draw(struct scene *s, ID3D11GeometryShader *gs, UINT n, uint8_t *img)
{
    ID3D11DeviceContext_GSSetShader(s->r.ctx, gs, NULL, 0);
    rd_clear(&s->r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(s->r.ctx, n, 0));
    rd_read(&s->r, img);
}

/* A point to a quad of half-size `size` (cbuffer) as a 4-vertex strip, its SV_PrimitiveID in
 * the colour's blue. */
static const char gs_quad_src[] = VERTEX_STRUCT
    "cbuffer C : register(b0) { float size; };\n"
    "[maxvertexcount(4)]\n"
    "void main(point V input[1], uint id : SV_PrimitiveID, inout TriangleStream<V> stream)\n"
    "{\n"
    "    V o = input[0];\n"
    "    o.col.z = (float)id;\n"
    "    for (uint i = 0; i < 4; i++) {\n"
    "        o.pos.xy = input[0].pos.xy + float2((i & 1) ? size : -size, (i & 2) ? -size : size);\n"
    "        stream.Append(o);\n"
    "    }\n"
    "}\n";

/* Points at NDC (-0.5, 0.5) red and (0.5, -0.5) green: with size 0.25 each covers the pixel
 * centres (i + 0.5) / 4 - 1 in [-0.75, -0.25), columns and rows 1-2 (and 5-6). */
TEST(hlsl_gs_points_to_quads)
{
    static const struct vtx pts[2] = {
        { { -0.5f, 0.5f, 0, 1 }, { 1, 0, 0, 1 } },
        { { 0.5f, -0.5f, 0, 1 }, { 0, 1, 0, 1 } },
    };
    struct scene s;
    uint8_t img[8 * 8 * 4];
    if (!scene_begin(&s, pts, 2, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)) {
        scene_end(&s);
        return;
    }
    static const float cb_data[4] = { 0.25f, 0, 0, 0 };
    ID3D11GeometryShader *gs = scene_gs_cb(&s, gs_quad_src, "gs_4_0", cb_data, sizeof(cb_data));
    scene_draw(&s, gs, 2, img);
    static const uint8_t zero[4] = { 0, 0, 0, 0 };
    static const uint8_t red_id0[4] = { 255, 0, 0, 255 }, green_id1[4] = { 0, 255, 255, 255 };
    for (UINT y = 0; y < 8; y++)
        for (UINT x = 0; x < 8; x++) {
            const uint8_t *want = (x == 1 || x == 2) && (y == 1 || y == 2) ? red_id0 :
                                  (x == 5 || x == 6) && (y == 5 || y == 6) ? green_id1 : zero;
            const uint8_t *p = RD_PIXEL(img, &s.r, x, y);
            if (memcmp(p, want, 4))
                harness_fail(__FILE__, __LINE__, "pixel (%u, %u) = %u %u %u %u, want %u %u %u "
                             "%u", x, y, p[0], p[1], p[2], p[3], want[0], want[1], want[2],
                             want[3]);
        }
    RD_RELEASE(gs);
    /* gs_4_1 bytecode needs 10_1 (refused at 10_0), where it draws the same pixels */
    CHECK(scene_gs_hr(&s, gs_quad_src, "gs_4_1", E_INVALIDARG) == NULL);
    scene_end(&s);
    if (!scene_begin_at(&s, "10_1", D3D_FEATURE_LEVEL_10_1, pts, 2,
                        D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)) {
        scene_end(&s);
        return;
    }
    gs = scene_gs_cb(&s, gs_quad_src, "gs_4_1", cb_data, sizeof(cb_data));
    uint8_t img41[8 * 8 * 4];
    scene_draw(&s, gs, 2, img41);
    CHECK(!memcmp(img, img41, sizeof(img)));
    RD_RELEASE(gs);
    scene_end(&s);
}

/* Triangles re-emitted by a helper taking the stream, vertices rotated by a run-time index
 * (cbuffer `first`): the same triangles, so the same bytes as without a GS. */
static const char gs_tri_src[] = VERTEX_STRUCT
    "cbuffer C : register(b0) { uint first; };\n"
    "void emit_tri(V v[3], inout TriangleStream<V> s)\n"
    "{\n"
    "    for (uint i = 0; i < 3; i++)\n"
    "        s.Append(v[(i + first) % 3]);\n"
    "    s.RestartStrip();\n"
    "}\n"
    "[maxvertexcount(3)]\n"
    "void main(triangle V input[3], inout TriangleStream<V> s) { emit_tri(input, s); }\n";

TEST(hlsl_gs_triangles_through_function)
{
    static const float a0[4] = { 1, 0, 0, 1 }, a1[4] = { 0, 1, 0, 1 }, a2[4] = { 0, 0, 1, 1 },
                       a3[4] = { 1, 1, 1, 1 };
    struct vtx quad[6];
    rd_quad(quad, 0.5f, a0, a1, a2, a3);
    struct scene s;
    uint8_t with[8 * 8 * 4], without[8 * 8 * 4];
    if (!scene_begin(&s, quad, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)) {
        scene_end(&s);
        return;
    }
    static const uint32_t cb_data[4] = { 1, 0, 0, 0 };
    ID3D11GeometryShader *gs = scene_gs_cb(&s, gs_tri_src, "gs_4_0", cb_data, sizeof(cb_data));
    scene_draw(&s, gs, 6, with);
    scene_draw(&s, NULL, 6, without);
    CHECK(!memcmp(with, without, sizeof(with)));
    CHECK(RD_PIXEL(with, &s.r, 0, 0)[3] == 255 && RD_PIXEL(with, &s.r, 7, 7)[3] == 255);
    /* the listing reads the vertices through a run-time index, and cuts */
    char *t = hlsl_run_disassembly(gs_tri_src, "gs_4_0");
    CHECK_STR_CONTAINS(t, "dcl_inputprimitive triangle");
    CHECK_STR_CONTAINS(t, "dcl_outputtopology trianglestrip");
    CHECK_STR_CONTAINS(t, "dcl_maxout 3");
    CHECK_STR_CONTAINS(t, "dcl_input_siv v[3][0].xyzw, position");
    CHECK_STR_CONTAINS(t, "\ncut\n");
    free(t);
    RD_RELEASE(gs);
    scene_end(&s);
}

/* A line with adjacency: its middle vertices as a line strip, the same bytes
 * as the plain line between them. */
TEST(hlsl_gs_line_adjacency)
{
    static const struct vtx adj[4] = {
        { { -1, -1, 0, 1 }, { 0, 0, 1, 1 } },   { { -0.75f, 0.125f, 0, 1 }, { 1, 0, 0, 1 } },
        { { 0.75f, 0.125f, 0, 1 }, { 0, 1, 0, 1 } }, { { 1, 1, 0, 1 }, { 0, 0, 1, 1 } },
    };
    static const char src[] = VERTEX_STRUCT
        "[maxvertexcount(2)]\n"
        "void main(lineadj V v[4], inout LineStream<V> s) { s.Append(v[1]); s.Append(v[2]); }\n";
    struct scene s;
    uint8_t with[8 * 8 * 4], without[8 * 8 * 4];
    if (!scene_begin(&s, adj, 4, D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ)) {
        scene_end(&s);
        return;
    }
    ID3D11GeometryShader *gs = scene_gs(&s, src, "gs_4_0");
    scene_draw(&s, gs, 4, with);
    /* the plain line: vertices 1 and 2 */
    UINT stride = sizeof(struct vtx), offset = sizeof(struct vtx);
    ID3D11DeviceContext_IASetVertexBuffers(s.r.ctx, 0, 1, &s.vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(s.r.ctx, D3D11_PRIMITIVE_TOPOLOGY_LINELIST);
    scene_draw(&s, NULL, 2, without);
    CHECK(!memcmp(with, without, sizeof(with)));
    unsigned lit = 0;
    for (UINT i = 0; i < 64; i++)
        lit += with[4 * i + 3] != 0;
    CHECK(lit >= 6);
    RD_RELEASE(gs);
    scene_end(&s);
}

static ID3D11ShaderReflection *reflect(const char *src, const char *target)
{
    ID3DBlob *code = compile(src, target);
    ID3D11ShaderReflection *r = NULL;
    if (code) {
        CHECK_HR(D3DReflect(ID3D10Blob_GetBufferPointer(code), ID3D10Blob_GetBufferSize(code),
                            &IID_ID3D11ShaderReflection, (void **)&r), S_OK);
        ID3D10Blob_Release(code);
    }
    return r;
}

TEST(hlsl_gs_reflection)
{
    ID3D11ShaderReflection *r = reflect(gs_quad_src, "gs_4_0");
    if (!r)
        return;
    D3D11_SHADER_DESC d;
    CHECK_HR(ID3D11ShaderReflection_GetDesc(r, &d), S_OK);
    CHECK_EQ(D3D11_SHVER_GET_TYPE(d.Version), D3D11_SHVER_GEOMETRY_SHADER);
    CHECK_EQ(d.GSMaxOutputVertexCount, 4);
    CHECK_EQ(d.GSOutputTopology, D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    CHECK_EQ(d.InputPrimitive, D3D_PRIMITIVE_POINT);
    CHECK_EQ(ID3D11ShaderReflection_GetGSInputPrimitive(r), D3D_PRIMITIVE_POINT);
    CHECK_EQ(d.InputParameters, 2);   /* SV_PrimitiveID is vPrim, not a signature entry */
    CHECK_EQ(d.OutputParameters, 2);
    CHECK_EQ(d.ConstantBuffers, 1);
    D3D11_SIGNATURE_PARAMETER_DESC p;
    CHECK_HR(ID3D11ShaderReflection_GetInputParameterDesc(r, 0, &p), S_OK);
    CHECK(!strcmp(p.SemanticName, "SV_Position"));
    CHECK_EQ(p.SystemValueType, D3D_NAME_POSITION);
    ID3D11ShaderReflection_Release(r);

    /* gs_5_0 with instances; lines to a line strip */
    static const char inst[] = VERTEX_STRUCT
        "[maxvertexcount(2)] [instance(3)]\n"
        "void main(line V v[2], inout LineStream<V> s) { s.Append(v[0]); s.Append(v[1]); }\n";
    r = reflect(inst, "gs_5_0");
    if (!r)
        return;
    CHECK_HR(ID3D11ShaderReflection_GetDesc(r, &d), S_OK);
    CHECK_EQ(d.cGSInstanceCount, 3);
    CHECK_EQ(d.GSMaxOutputVertexCount, 2);
    CHECK_EQ(d.GSOutputTopology, D3D_PRIMITIVE_TOPOLOGY_LINESTRIP);
    CHECK_EQ(d.InputPrimitive, D3D_PRIMITIVE_LINE);
    ID3D11ShaderReflection_Release(r);
    char *t = hlsl_run_disassembly(inst, "gs_5_0");
    CHECK_STR_CONTAINS(t, "gs_5_0");
    CHECK_STR_CONTAINS(t, "dcl_gsinstances 3");
    CHECK_STR_CONTAINS(t, "dcl_stream m0");
    CHECK_STR_CONTAINS(t, "emit_stream m0");
    free(t);
}

/* SV_RenderTargetArrayIndex and SV_ViewportArrayIndex are written (dcl_output_siv), and a
 * 10_0 device takes the program (layered rendering: tests/test_d3d11_gs_layers.c draws with
 * them). */
TEST(hlsl_gs_array_index_outputs)
{
    static const char src[] =
        "struct O { float4 pos : SV_Position; uint rt : SV_RenderTargetArrayIndex;\n"
        "           uint vp : SV_ViewportArrayIndex; };\n"
        "[maxvertexcount(1)]\n"
        "void main(point float4 p[1] : SV_Position, inout PointStream<O> s)\n"
        "{ O o; o.pos = p[0]; o.rt = 1; o.vp = 0; s.Append(o); s.RestartStrip(); }\n";
    char *t = hlsl_run_disassembly(src, "gs_4_0");
    CHECK_STR_CONTAINS(t, "dcl_outputtopology pointlist");
    CHECK_STR_CONTAINS(t, "dcl_output_siv o1.x, rendertarget_array_index");
    CHECK_STR_CONTAINS(t, "dcl_output_siv o2.x, viewport_array_index");
    free(t);
    ID3D11ShaderReflection *r = reflect(src, "gs_4_0");
    if (r) {
        D3D11_SIGNATURE_PARAMETER_DESC p;
        CHECK_HR(ID3D11ShaderReflection_GetOutputParameterDesc(r, 1, &p), S_OK);
        CHECK_EQ(p.SystemValueType, D3D_NAME_RENDER_TARGET_ARRAY_INDEX);
        CHECK_EQ(p.ComponentType, D3D_REGISTER_COMPONENT_UINT32);
        CHECK_HR(ID3D11ShaderReflection_GetOutputParameterDesc(r, 2, &p), S_OK);
        CHECK_EQ(p.SystemValueType, D3D_NAME_VIEWPORT_ARRAY_INDEX);
        ID3D11ShaderReflection_Release(r);
    }
    struct rd rd;
    if (!rd_begin_profile(&rd, "10_0", L100, 8, 8)) {
        rd_end(&rd);
        return;
    }
    ID3DBlob *code = compile(src, "gs_4_0");
    ID3D11GeometryShader *gs = NULL;
    if (code) {
        CHECK_HR(ID3D11Device_CreateGeometryShader(rd.dev, ID3D10Blob_GetBufferPointer(code),
                                                   ID3D10Blob_GetBufferSize(code), NULL, &gs),
                 S_OK);
        CHECK(gs != NULL);
        if (gs)
            ID3D11GeometryShader_Release(gs);
        ID3D10Blob_Release(code);
    }
    rd_end(&rd);
}

TEST(hlsl_gs_refusals)
{
    static const struct { const char *src, *target, *want; } cases[] = {
        { VERTEX_STRUCT "void main(point V v[1], inout PointStream<V> s) { s.Append(v[0]); }\n",
          "gs_4_0", "lang.hlsl(2,6-10): error X3000: 'main': a geometry shader needs "
          "[maxvertexcount(n)]" },
        { VERTEX_STRUCT "[maxvertexcount(129)]\n"
          "void main(point V v[1], inout PointStream<V> s) { s.Append(v[0]); }\n",
          "gs_4_0", "lang.hlsl(2,2-16): error X3000: maxvertexcount(129) of 8-scalar vertices "
          "exceeds the 1024 32-bit values" },
        { VERTEX_STRUCT "[maxvertexcount(3)]\n"
          "void main(triangle V v[2], inout TriangleStream<V> s) { s.Append(v[0]); }\n",
          "gs_4_0", "lang.hlsl(3,22-23): error X3000: 'v': a triangle input is an array of 3 "
          "vertices" },
        { VERTEX_STRUCT "[maxvertexcount(3)]\nvoid main(triangle V v[3]) { }\n",
          "gs_4_0", "error X3000: 'main': a geometry shader needs an inout PointStream" },
        { VERTEX_STRUCT "[maxvertexcount(3)]\n"
          "void main(triangle V v[3], TriangleStream<V> s) { s.Append(v[0]); }\n",
          "gs_4_0", "lang.hlsl(3,46-47): error X3000: 's': a stream parameter must be inout" },
        { VERTEX_STRUCT "[maxvertexcount(1)] [instance(2)]\n"
          "void main(point V v[1], inout PointStream<V> s) { s.Append(v[0]); }\n",
          "gs_4_0", "lang.hlsl(2,22-30): error X3000: [instance(n)] needs gs_5_0" },
        { VERTEX_STRUCT "[maxvertexcount(1)] [instance(33)]\n"
          "void main(point V v[1], inout PointStream<V> s) { s.Append(v[0]); }\n",
          "gs_5_0", "error X3000: [instance(33)]: 1 to 32 instances" },
        /* gs_5_0's instance id and streams (tests/test_hlsl_gs5.c has their listings) */
        { VERTEX_STRUCT "[maxvertexcount(1)]\n"
          "void main(point V v[1], uint i : SV_GSInstanceID, inout PointStream<V> s)"
          " { s.Append(v[0]); }\n",
          "gs_4_0", "lang.hlsl(3,34-49): error X4502: SV_GSInstanceID needs gs_5_0" },
        { VERTEX_STRUCT "[maxvertexcount(1)]\n"
          "void main(point V v[1], float i : SV_GSInstanceID, inout PointStream<V> s)"
          " { s.Append(v[0]); }\n",
          "gs_5_0", "error X4502: SV_GSInstanceID must be a uint" },
        { VERTEX_STRUCT "[maxvertexcount(1)]\n"
          "void main(point V v[1], inout PointStream<V> s, inout PointStream<V> t)"
          " { s.Append(v[0]); }\n",
          "gs_4_1", "lang.hlsl(3,70-71): error X3000: 't': more than one stream needs gs_5_0" },
        { VERTEX_STRUCT "[maxvertexcount(1)]\n"
          "void main(point V v[1], inout TriangleStream<V> s, inout PointStream<V> t)"
          " { s.Append(v[0]); }\n",
          "gs_5_0", "error X3000: 't': a geometry shader with several streams writes "
          "PointStreams only" },
        { VERTEX_STRUCT "[maxvertexcount(1)]\n"
          "void main(point V v[1], inout PointStream<V> a, inout PointStream<V> b,\n"
          "          inout PointStream<V> c, inout PointStream<V> d, inout PointStream<V> e)"
          " { a.Append(v[0]); }\n",
          "gs_5_0", "error X3000: 'e': a geometry shader writes 4 streams at most" },
        { VERTEX_STRUCT "[maxvertexcount(1)]\n"
          "void main(point V v[1], inout PointStream<V> s) { s.Append(v[0].pos); }\n",
          "gs_4_0", "error X3017" },
        { VERTEX_STRUCT "[maxvertexcount(1)]\n"
          "void main(point V v[1], inout PointStream<V> s) { s.Append(v[0]); s.Cut(); }\n",
          "gs_4_0", "error X3018: 'Cut' is no method of 'PointStream<V>'" },
        { VERTEX_STRUCT "[maxvertexcount(1)]\n"
          "V main(point V v[1], inout PointStream<V> s) { s.Append(v[0]); return v[0]; }\n",
          "gs_4_0", "error X3000: 'main': a geometry shader returns void" },
        { VERTEX_STRUCT "[maxvertexcount(1)]\n"
          "void main(point V v[1], float4 c : COLOR1, inout PointStream<V> s) { s.Append(v[0]); }\n",
          "gs_4_0", "error X3000: 'c': a geometry shader's parameters are its input primitive" },
        { VERTEX_STRUCT "[maxvertexcount(x)]\n"
          "void main(point V v[1], inout PointStream<V> s) { s.Append(v[0]); }\n",
          "gs_4_0", "lang.hlsl(2,17-18): error X3000: syntax error: [maxvertexcount] takes 1 "
          "integer constant" },
        /* SV_RenderTargetArrayIndex is a geometry shader's output, not a vertex shader's */
        { "float4 main(float4 p : P, out uint rt : SV_RenderTargetArrayIndex) : SV_Position"
          " { rt = 0; return p; }\n",
          "vs_4_0", "error X4502: invalid output semantic 'SV_RenderTargetArrayIndex' for a "
          "vertex shader" },
        /* Append outside a geometry shader has no stream to call it on */
        { "float4 main(float4 p : P, inout PointStream<float4> s) : SV_Position { return p; }\n",
          "vs_4_0", "error X3000" },
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char *t = refusal(cases[i].src, cases[i].target);
        if (!strstr(t, cases[i].want))
            harness_fail(__FILE__, __LINE__, "case %zu: '%s' lacks '%s'", i, t, cases[i].want);
        free(t);
    }
}
