/* tests/test_d3d11_tess_gs.c — the geometry shader and stream output after the domain shader
 * (issue 16, item 4), through the D3D11 API at 11_0: a pass-through geometry shader draws the
 * same bytes as the tessellated patch without one, for triangles (quad patches, several
 * partitionings) and isolines; point output reaches a point-input geometry shader (one pixel
 * box per domain point); SV_PrimitiveID is the patch's in the domain and geometry shaders
 * (D3D11.3 functional spec 11.7.9.1); stream output of the domain shader (no GS) and of a
 * GS after it writes the tessellator's triangles in its order (checked against tess_patch);
 * the refusals (a GS whose input primitive is not the tessellator's output, an SO shader
 * made from another domain shader); pipeline statistics with a GS after the DS; layered
 * rendering by the patch's SV_PrimitiveID (a GS after the DS picking the slice); and patches
 * without tessellation streamed out (11.8.1.2: control points as vertices, whole patches only)
 * or taken by a geometry shader as its input primitive (11.8.1.1: dcl_inputprimitive patch4),
 * with the refusals of 11.8.1.3 (to the rasterizer) and of a GS of another input. */
#include "tess_scene.h"

#include "pipeline/tessellator.h"

#include <stdio.h>

/* Triangles through: each input triangle emitted as a strip of its three vertices. */
#define GS_TRI_VERTEX(i) "mov o0.xyzw, v[" #i "][0].xyzw\nmov o1.xyzw, v[" #i "][1].xyzw\nemit\n"
static const char gs_tri_pass[] =
    "gs_5_0\ndcl_input_siv v[3][0].xyzw, position\ndcl_input v[3][1].xyzw\n"
    "dcl_inputprimitive triangle\ndcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_maxout 3\n"
    GS_TRI_VERTEX(0) GS_TRI_VERTEX(1) GS_TRI_VERTEX(2) "ret\n";
/* The same, colouring the triangle by SV_PrimitiveID p: (1 - p, p, 0, 1). */
#define GS_PRIM_VERTEX(i)                                                                        \
    "mov o0.xyzw, v[" #i "][0].xyzw\nadd o1.x, -r0.x, l(1.0)\nmov o1.y, r0.x\n"                   \
    "mov o1.zw, l(0.0, 0.0, 0.0, 1.0)\nemit\n"
static const char gs_tri_prim[] =
    "gs_5_0\ndcl_input_siv v[3][0].xyzw, position\ndcl_input v[3][1].xyzw\ndcl_input vPrim\n"
    "dcl_inputprimitive triangle\ndcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_maxout 3\ndcl_temps 1\n"
    "utof r0.x, vPrim\n" GS_PRIM_VERTEX(0) GS_PRIM_VERTEX(1) GS_PRIM_VERTEX(2) "ret\n";
/* Lines through (isolines). */
static const char gs_line_pass[] =
    "gs_5_0\ndcl_input_siv v[2][0].xyzw, position\ndcl_inputprimitive line\n"
    "dcl_outputtopology linestrip\ndcl_output_siv o0.xyzw, position\ndcl_maxout 2\n"
    "mov o0.xyzw, v[0][0].xyzw\nemit\nmov o0.xyzw, v[1][0].xyzw\nemit\nret\n";
/* A point to the one-pixel box around it (a pixel is 2/16 = 0.125 wide in NDC on W = 16). */
#define GS_BOX_CORNER(dx, dy) "add o0.xyzw, v[0][0].xyzw, l(" #dx ", " #dy ", 0.0, 0.0)\nemit\n"
static const char gs_point_box[] =
    "gs_5_0\ndcl_input_siv v[1][0].xyzw, position\ndcl_inputprimitive point\n"
    "dcl_outputtopology trianglestrip\ndcl_output_siv o0.xyzw, position\ndcl_maxout 4\n"
    GS_BOX_CORNER(-0.0625, 0.0625) GS_BOX_CORNER(0.0625, 0.0625)
    GS_BOX_CORNER(-0.0625, -0.0625) GS_BOX_CORNER(0.0625, -0.0625) "ret\n";
/* The quad domain shader writing (1 - p, p, 0, 1) for its SV_PrimitiveID p. */
static const char ds_quad_prim[] =
    DS_QUAD_HEAD(4, "domain_quad") "dcl_input vPrim\n"
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_temps 2\n"
    "add r0.xyzw, vicp[1][0].xyzw, -vicp[0][0].xyzw\n"
    "mad r0.xyzw, vDomain.xxxx, r0.xyzw, vicp[0][0].xyzw\n"
    "add r1.xyzw, vicp[2][0].xyzw, -vicp[3][0].xyzw\n"
    "mad r1.xyzw, vDomain.xxxx, r1.xyzw, vicp[3][0].xyzw\n"
    "add r1.xyzw, r1.xyzw, -r0.xyzw\n"
    "mad o0.xyzw, vDomain.yyyy, r1.xyzw, r0.xyzw\n"
    "utof r0.x, vPrim\nadd o1.x, -r0.x, l(1.0)\nmov o1.y, r0.x\n"
    "mov o1.zw, l(0.0, 0.0, 0.0, 1.0)\nret\n";

static ID3D11GeometryShader *gs_create(ID3D11Device *dev, const char *text)
{
    size_t n;
    void *blob = rd_assemble(text, &n);
    ID3D11GeometryShader *g = NULL;
    if (blob)
        CHECK_HR(ID3D11Device_CreateGeometryShader(dev, blob, n, NULL, &g), S_OK);
    free(blob);
    return g;
}

/* CreateGeometryShaderWithStreamOutput of `text` (a domain or geometry shader): SV_Position
 * and TEXCOORD0, 32 bytes a vertex, not rasterized unless `rasterize`. */
static ID3D11GeometryShader *so_create(ID3D11Device *dev, const char *text, bool rasterize,
                                       HRESULT want)
{
    static const D3D11_SO_DECLARATION_ENTRY decl[] = {
        { 0, "SV_Position", 0, 0, 4, 0 },
        { 0, "TEXCOORD", 0, 0, 4, 0 },
    };
    const UINT stride = 32;
    size_t n;
    void *blob = rd_assemble(text, &n);
    ID3D11GeometryShader *g = NULL;
    if (blob)
        CHECK_HR(ID3D11Device_CreateGeometryShaderWithStreamOutput(
                     dev, blob, n, decl, 2, &stride, 1,
                     rasterize ? 0 : D3D11_SO_NO_RASTERIZED_STREAM, NULL, &g), want);
    free(blob);
    return g;
}

static ID3D11Buffer *so_buffer(ID3D11Device *dev, UINT size)
{
    D3D11_BUFFER_DESC d = { size, D3D11_USAGE_DEFAULT, D3D11_BIND_STREAM_OUTPUT, 0, 0, 0 };
    ID3D11Buffer *b = NULL;
    CHECK_HR(ID3D11Device_CreateBuffer(dev, &d, NULL, &b), S_OK);
    return b;
}

static void read_buffer(struct rd *r, ID3D11Buffer *b, UINT size, void *out)
{
    D3D11_BUFFER_DESC d = { size, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0 };
    ID3D11Buffer *st = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    memset(out, 0xcd, size);
    CHECK_HR(ID3D11Device_CreateBuffer(r->dev, &d, NULL, &st), S_OK);
    if (!st)
        return;
    ID3D11DeviceContext_CopyResource(r->ctx, (ID3D11Resource *)st, (ID3D11Resource *)b);
    CHECK_HR(ID3D11DeviceContext_Map(r->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m),
             S_OK);
    if (m.pData)
        memcpy(out, m.pData, size);
    ID3D11DeviceContext_Unmap(r->ctx, (ID3D11Resource *)st, 0);
    RD_RELEASE(st);
}

static void bind_patch(struct ts_scene *s, ID3D11HullShader *hs, ID3D11DomainShader *ds,
                       ID3D11GeometryShader *gs, D3D11_PRIMITIVE_TOPOLOGY t)
{
    ID3D11DeviceContext_HSSetShader(s->r.ctx, hs, NULL, 0);
    ID3D11DeviceContext_DSSetShader(s->r.ctx, ds, NULL, 0);
    ID3D11DeviceContext_GSSetShader(s->r.ctx, gs, NULL, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->r.ctx, t);
}

#define P4 D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST

/* A pass-through GS after the DS changes nothing: the same bytes for every partitioning and
 * a sweep of factors (the GS sees the tessellator's triangles as a triangle list, each
 * emitted as the strip of its own three vertices, in order and winding). */
TEST(tess_gs_pass_through_equals_no_gs)
{
    static const char *const hs_text[] = {
        HS_QUAD("partitioning_integer"), HS_QUAD("partitioning_fractional_odd"),
        HS_QUAD("partitioning_fractional_even"),
    };
    static const float factors[][2] = { { 1, 1 }, { 2, 3 }, { 3.3f, 7 }, { 13.5f, 5 } };
    struct ts_scene s;
    uint8_t ref[W * H * 4], img[W * H * 4];
    SCENE_BEGIN(&s, TS_PS_ATTR);
    ID3D11DomainShader *ds = ds_create(s.r.dev, ds_quad, S_OK);
    ID3D11GeometryShader *gs = gs_create(s.r.dev, gs_tri_pass);
    scene_vertices(&s, quad_patch, 4);
    for (size_t h = 0; ds && gs && h < sizeof(hs_text) / sizeof(hs_text[0]); h++) {
        ID3D11HullShader *hs = hs_create(s.r.dev, hs_text[h], S_OK);
        for (size_t f = 0; hs && f < sizeof(factors) / sizeof(factors[0]); f++) {
            scene_factors(&s, factors[f][0], factors[f][1]);
            bind_patch(&s, hs, ds, NULL, P4);
            DRAW_INTO(&s, ref, ID3D11DeviceContext_Draw(s.r.ctx, 4, 0));
            bind_patch(&s, hs, ds, gs, P4);
            DRAW_INTO(&s, img, ID3D11DeviceContext_Draw(s.r.ctx, 4, 0));
            unsigned lit = 0;
            for (unsigned i = 0; i < W * H; i++)
                lit += ref[4 * i + 3] == 255;
            if (lit != W * H / 2 || memcmp(img, ref, sizeof(img)))
                harness_fail(__FILE__, __LINE__, "hull %zu, factors %g %g: %u lit, the GS "
                             "image %s", h, (double)factors[f][0], (double)factors[f][1], lit,
                             memcmp(img, ref, sizeof(img)) ? "differs" : "equal");
        }
        RD_RELEASE(hs);
    }
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(gs);
    RD_RELEASE(ds);
    scene_end(&s);
}

/* Isolines reach the GS as a line list: a pass-through line GS draws the same rows (11.6:
 * density 4 lights rows 0, 4, 8, 12 across the target). */
TEST(tess_gs_isolines_as_lines)
{
    struct ts_scene s;
    uint8_t ref[W * H * 4], img[W * H * 4];
    SCENE_BEGIN(&s, TS_PS_RED);
    ID3D11HullShader *hs = hs_create(s.r.dev, HS_ISOLINE, S_OK);
    ID3D11DomainShader *ds = ds_create(s.r.dev, DS_ISOLINE, S_OK);
    ID3D11GeometryShader *gs = gs_create(s.r.dev, gs_line_pass);
    /* cp0 at the centre of row 0's left edge, cp1 two units down at the right edge */
    static const struct vtx cps[2] = { { { -1, 0.9375f, 0, 1 }, { 0 } },
                                       { { 1, -1.0625f, 0, 1 }, { 0 } } };
    const D3D11_PRIMITIVE_TOPOLOGY P2 = D3D11_PRIMITIVE_TOPOLOGY_2_CONTROL_POINT_PATCHLIST;
    if (!hs || !ds || !gs)
        goto done;
    scene_vertices(&s, cps, 2);
    static const float details[] = { 1, 3, 7.5f };
    for (size_t k = 0; k < 3; k++) {
        scene_factors(&s, details[k], 4);
        bind_patch(&s, hs, ds, NULL, P2);
        DRAW_INTO(&s, ref, ID3D11DeviceContext_Draw(s.r.ctx, 2, 0));
        bind_patch(&s, hs, ds, gs, P2);
        DRAW_INTO(&s, img, ID3D11DeviceContext_Draw(s.r.ctx, 2, 0));
        for (unsigned y = 0; y < H; y++) {
            unsigned lit = 0;
            for (unsigned x = 0; x < W; x++)
                lit += RD_PIXEL(img, &s.r, x, y)[0] == 255;
            if (lit != (y % 4 == 0 ? W : 0u))
                harness_fail(__FILE__, __LINE__, "detail %g: row %u has %u lit pixels",
                             (double)details[k], y, lit);
        }
        CHECK(!memcmp(img, ref, sizeof(img)));
    }
done:
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(gs);
    RD_RELEASE(ds);
    RD_RELEASE(hs);
    scene_end(&s);
}

/* Point output (output_point) reaches a point-input GS: integer factors 2 make the 3 x 3
 * domain points u, v in {0, 1/2, 1}; the patch spans pixel centres 2.5 .. 12.5, so the points
 * fall on the centres of pixels 2, 7 and 12 in each direction, and each one-pixel box lights
 * exactly its pixel: 9 pixels, nothing else. */
TEST(tess_gs_points)
{
    static const struct vtx patch[4] = {
        { { -0.6875f, 0.6875f, 0, 1 }, { 0 } }, { { 0.5625f, 0.6875f, 0, 1 }, { 0 } },
        { { 0.5625f, -0.5625f, 0, 1 }, { 0 } }, { { -0.6875f, -0.5625f, 0, 1 }, { 0 } },
    };
    struct ts_scene s;
    uint8_t img[W * H * 4];
    SCENE_BEGIN(&s, TS_PS_RED);
    ID3D11HullShader *hs =
        hs_create(s.r.dev, HS_QUAD_PRIM("partitioning_integer", 4, "output_point"), S_OK);
    ID3D11DomainShader *ds = ds_create(s.r.dev, ds_quad, S_OK);
    ID3D11GeometryShader *gs = gs_create(s.r.dev, gs_point_box);
    ID3D11Query *q = NULL;
    D3D11_QUERY_DESC qd = { D3D11_QUERY_PIPELINE_STATISTICS, 0 };
    CHECK_HR(ID3D11Device_CreateQuery(s.r.dev, &qd, &q), S_OK);
    if (!hs || !ds || !gs || !q)
        goto done;
    scene_vertices(&s, patch, 4);
    scene_factors(&s, 2, 2);
    bind_patch(&s, hs, ds, gs, P4);
    rd_clear(&s.r, 0, 0, 0, 0);
    ID3D11DeviceContext_Begin(s.r.ctx, (ID3D11Asynchronous *)q);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 4, 0));
    ID3D11DeviceContext_End(s.r.ctx, (ID3D11Asynchronous *)q);
    rd_read(&s.r, img);
    for (UINT y = 0; y < H; y++)
        for (UINT x = 0; x < W; x++) {
            bool want = (x == 2 || x == 7 || x == 12) && (y == 2 || y == 7 || y == 12);
            if (!memcmp(RD_PIXEL(img, &s.r, x, y), red, 4) != want)
                harness_fail(__FILE__, __LINE__, "pixel (%u, %u): %s", x, y,
                             want ? "not lit" : "lit");
        }
    /* 1 patch, 9 domain points, 9 GS invocations each emitting a 4-vertex strip (2 triangles) */
    D3D11_QUERY_DATA_PIPELINE_STATISTICS st;
    memset(&st, 0xcd, sizeof(st));
    CHECK_HR(ID3D11DeviceContext_GetData(s.r.ctx, (ID3D11Asynchronous *)q, &st, sizeof(st), 0),
             S_OK);
    CHECK_EQ(st.IAVertices, 4);
    CHECK_EQ(st.IAPrimitives, 1);
    CHECK_EQ(st.VSInvocations, 4);
    CHECK_EQ(st.HSInvocations, 1);
    CHECK_EQ(st.DSInvocations, 9);
    CHECK_EQ(st.GSInvocations, 9);
    CHECK_EQ(st.GSPrimitives, 18);
    CHECK_EQ(st.CInvocations, 18);
    CHECK_EQ(st.PSInvocations, 9);
done:
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(q);
    RD_RELEASE(gs);
    RD_RELEASE(ds);
    RD_RELEASE(hs);
    scene_end(&s);
}

/* SV_PrimitiveID after tessellation is the patch's (11.7.9.1), in the DS and in the GS: two
 * patches, the left and right halves, colour (1 - p, p, 0, 1): red left, green right --
 * every triangle of a patch the same, whatever the factors. */
TEST(tess_gs_primitive_id_is_the_patch)
{
    struct ts_scene s;
    uint8_t img[W * H * 4];
    SCENE_BEGIN(&s, TS_PS_ATTR);
    ID3D11HullShader *hs = hs_create(s.r.dev, HS_QUAD("partitioning_fractional_odd"), S_OK);
    ID3D11DomainShader *ds = ds_create(s.r.dev, ds_quad, S_OK);
    ID3D11DomainShader *ds_prim = ds_create(s.r.dev, ds_quad_prim, S_OK);
    ID3D11GeometryShader *gs = gs_create(s.r.dev, gs_tri_prim);
    struct vtx v[8];
    for (int i = 0; i < 8; i++) {
        v[i] = quad_patch[i % 4];
        v[i].pos[0] += i < 4 ? 0.0f : 1.0f;
    }
    static const uint8_t green[4] = { 0, 255, 0, 255 };
    if (!hs || !ds || !ds_prim || !gs)
        goto done;
    scene_vertices(&s, v, 8);
    for (int k = 0; k < 2; k++) {
        scene_factors(&s, k ? 5.5f : 2, 3);
        bind_patch(&s, hs, ds, gs, P4);
        DRAW_INTO(&s, img, ID3D11DeviceContext_Draw(s.r.ctx, 8, 0));
        for (int pass = 0; pass < 2; pass++) {
            unsigned bad = 0;
            for (UINT y = 0; y < H; y++)
                for (UINT x = 0; x < W; x++)
                    bad += !!memcmp(RD_PIXEL(img, &s.r, x, y), x < W / 2 ? red : green, 4);
            if (bad)
                harness_fail(__FILE__, __LINE__, "factors %d, %s: %u pixels not red left / "
                             "green right", k, pass ? "DS" : "GS", bad);
            bind_patch(&s, hs, ds_prim, NULL, P4);
            DRAW_INTO(&s, img, ID3D11DeviceContext_Draw(s.r.ctx, 8, 0));
        }
    }
done:
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(gs);
    RD_RELEASE(ds_prim);
    RD_RELEASE(ds);
    RD_RELEASE(hs);
    scene_end(&s);
}

/* Stream output after tessellation, of the DS itself (CreateGeometryShaderWithStreamOutput
 * of its bytecode) and of a pass-through GS after it: the tessellator's triangles as a list,
 * in tess_patch's order, each vertex (position, (u, v, 0, 1)).  Integer factors 2 put the
 * points at u, v in {0, 1/2, 1}, where the domain shader's arithmetic is exact, so the
 * expectation is computed here bit for bit.  Rasterized or not, the target shows what the
 * draw without stream output shows, or nothing; the SO and pipeline statistics count the
 * triangles, the patch, its points and the GS's invocations. */
TEST(tess_stream_output)
{
    enum { TRIS = 8, BYTES = TRIS * 3 * 32 };
    struct ts_scene s;
    uint8_t ref[W * H * 4], img[W * H * 4];
    float want[TRIS * 3][8], got[TRIS * 3][8];
    SCENE_BEGIN(&s, TS_PS_ATTR);
    ID3D11HullShader *hs = hs_create(s.r.dev, HS_QUAD("partitioning_integer"), S_OK);
    ID3D11DomainShader *ds = ds_create(s.r.dev, ds_quad, S_OK);
    ID3D11GeometryShader *so_ds = so_create(s.r.dev, ds_quad, false, S_OK);
    ID3D11GeometryShader *so_ds_r = so_create(s.r.dev, ds_quad, true, S_OK);
    ID3D11GeometryShader *so_gs = so_create(s.r.dev, gs_tri_pass, true, S_OK);
    ID3D11Buffer *buf = so_buffer(s.r.dev, BYTES);
    struct tess_output *o = malloc(sizeof(*o));
    ID3D11Query *q_so = NULL, *q_pipe = NULL;
    D3D11_QUERY_DESC qd_so = { D3D11_QUERY_SO_STATISTICS, 0 };
    D3D11_QUERY_DESC qd_pipe = { D3D11_QUERY_PIPELINE_STATISTICS, 0 };
    CHECK_HR(ID3D11Device_CreateQuery(s.r.dev, &qd_so, &q_so), S_OK);
    CHECK_HR(ID3D11Device_CreateQuery(s.r.dev, &qd_pipe, &q_pipe), S_OK);
    if (!hs || !ds || !so_ds || !so_ds_r || !so_gs || !buf || !o || !q_so || !q_pipe)
        goto done;
    /* the expectation: tess_patch's triangles, the domain shader's formula */
    const struct tess_config cfg = { TESS_DOMAIN_QUAD, TESS_PARTITION_INTEGER,
                                     TESS_OUTPUT_TRIANGLE_CW };
    const float edge[4] = { 2, 2, 2, 2 }, inside[2] = { 2, 2 };
    CHECK_EQ(tess_patch(&cfg, edge, inside, o), TESS_OK);
    CHECK_EQ(o->index_count, TRIS * 3);
    for (uint32_t k = 0; k < o->index_count && k < TRIS * 3; k++) {
        float u = o->points[o->indices[k]].u, vv = o->points[o->indices[k]].v;
        const float pos[4] = { -1 + u, 1 - 2 * vv, 0, 1 };
        const float attr[4] = { u, vv, 0, 1 };
        memcpy(want[k], pos, sizeof(pos));
        memcpy(&want[k][4], attr, sizeof(attr));
    }
    scene_vertices(&s, quad_patch, 4);
    scene_factors(&s, 2, 2);
    bind_patch(&s, hs, ds, NULL, P4);
    DRAW_INTO(&s, ref, ID3D11DeviceContext_Draw(s.r.ctx, 4, 0));
    ID3D11GeometryShader *const shaders[3] = { so_ds, so_ds_r, so_gs };
    for (int i = 0; i < 3; i++) {
        const UINT zero = 0;
        ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 1, &buf, &zero));
        bind_patch(&s, hs, ds, shaders[i], P4);
        ID3D11DeviceContext_Begin(s.r.ctx, (ID3D11Asynchronous *)q_so);
        ID3D11DeviceContext_Begin(s.r.ctx, (ID3D11Asynchronous *)q_pipe);
        DRAW_INTO(&s, img, ID3D11DeviceContext_Draw(s.r.ctx, 4, 0));
        ID3D11DeviceContext_End(s.r.ctx, (ID3D11Asynchronous *)q_pipe);
        ID3D11DeviceContext_End(s.r.ctx, (ID3D11Asynchronous *)q_so);
        ID3D11DeviceContext_SOSetTargets(s.r.ctx, 0, NULL, NULL);
        /* the 8 triangles written; one patch, its 9 points; the GS runs once a triangle */
        D3D11_QUERY_DATA_SO_STATISTICS so_st = { 7, 7 };
        D3D11_QUERY_DATA_PIPELINE_STATISTICS st;
        memset(&st, 0xcd, sizeof(st));
        CHECK_HR(ID3D11DeviceContext_GetData(s.r.ctx, (ID3D11Asynchronous *)q_so, &so_st,
                                             sizeof(so_st), 0), S_OK);
        CHECK_HR(ID3D11DeviceContext_GetData(s.r.ctx, (ID3D11Asynchronous *)q_pipe, &st,
                                             sizeof(st), 0), S_OK);
        CHECK_EQ(so_st.NumPrimitivesWritten, TRIS);
        CHECK_EQ(so_st.PrimitivesStorageNeeded, TRIS);
        CHECK_EQ(st.IAPrimitives, 1);
        CHECK_EQ(st.HSInvocations, 1);
        CHECK_EQ(st.DSInvocations, 9);
        CHECK_EQ(st.GSInvocations, i == 2 ? TRIS : 0u);
        CHECK_EQ(st.GSPrimitives, i == 2 ? TRIS : 0u);
        CHECK_EQ(st.CInvocations, i == 0 ? 0u : TRIS);
        read_buffer(&s.r, buf, BYTES, got);
        if (memcmp(got, want, BYTES))
            harness_fail(__FILE__, __LINE__, "SO shader %d: the buffer differs from the "
                         "tessellator's triangles", i);
        if (i == 0) {
            unsigned lit = 0;
            for (unsigned p = 0; p < W * H; p++)
                lit += img[4 * p + 3] != 0;
            CHECK_EQ(lit, 0);   /* D3D11_SO_NO_RASTERIZED_STREAM: nothing drawn */
        } else {
            CHECK(!memcmp(img, ref, sizeof(img)));
        }
    }
done:
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(q_pipe);
    RD_RELEASE(q_so);
    free(o);
    RD_RELEASE(buf);
    RD_RELEASE(so_gs);
    RD_RELEASE(so_ds_r);
    RD_RELEASE(so_ds);
    RD_RELEASE(ds);
    RD_RELEASE(hs);
    scene_end(&s);
}

/* A vertex shader with a third output: an output signature no domain shader here has. */
static const char vs_wide[] =
    "vs_5_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\n"
    "dcl_output o2.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v0.xyzw\nmov o2.xyzw, v0.xyzw\n"
    "ret\n";

/* What is refused: at 10_1 a domain shader is no prior stage for stream output (E_INVALIDARG);
 * at draw time a GS whose input primitive is not the tessellator's output, and stream output
 * made from a shader whose output signature is not the bound domain shader's -- nothing drawn,
 * a message.  Stream output made from another shader with the same output signature draws
 * (it stands for that signature, as a D3DGetOutputSignatureBlob blob does). */
TEST(tess_gs_refusals)
{
    struct ts_scene s;
    uint8_t img[W * H * 4];
    SCENE_BEGIN(&s, TS_PS_RED);
    struct rd r10;
    if (rd_begin_profile(&r10, "11_0", L101, W, H)) {
        ID3D11GeometryShader *g = so_create(r10.dev, ds_quad, false, E_INVALIDARG);
        CHECK(g == NULL);
    }
    rd_end(&r10);
    ID3D11HullShader *hs = hs_create(s.r.dev, HS_QUAD("partitioning_integer"), S_OK);
    ID3D11HullShader *hs_pt =
        hs_create(s.r.dev, HS_QUAD_PRIM("partitioning_integer", 4, "output_point"), S_OK);
    ID3D11DomainShader *ds = ds_create(s.r.dev, ds_quad, S_OK);
    ID3D11DomainShader *ds_prim = ds_create(s.r.dev, ds_quad_prim, S_OK);
    ID3D11GeometryShader *gs_tri = gs_create(s.r.dev, gs_tri_pass);
    ID3D11GeometryShader *gs_pt = gs_create(s.r.dev, gs_point_box);
    ID3D11GeometryShader *gs_line = gs_create(s.r.dev, gs_line_pass);
    ID3D11GeometryShader *so_other = so_create(s.r.dev, ds_quad_prim, true, S_OK);
    ID3D11GeometryShader *so_vs = so_create(s.r.dev, vs_wide, true, S_OK);
    const struct {
        ID3D11HullShader *hs;
        ID3D11GeometryShader *gs;
        const char *why;
    } cases[] = {
        { hs, gs_pt, "the geometry shader's input primitive is not the tessellator's output "
                     "(triangles)" },
        { hs, gs_line, "(triangles)" },
        { hs_pt, gs_tri, "(points)" },
        { hs, so_vs, "created from an output signature other than the bound domain shader's" },
    };
    if (!hs || !hs_pt || !ds || !ds_prim || !gs_tri || !gs_pt || !gs_line || !so_other ||
        !so_vs)
        goto done;
    scene_factors(&s, 4, 4);
    scene_vertices(&s, quad_patch, 4);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        bind_patch(&s, cases[i].hs, ds, cases[i].gs, P4);
        rd_clear(&s.r, 0, 0, 0, 0);
        util_clear_last_message();
        ID3D11DeviceContext_Draw(s.r.ctx, 4, 0);
        CHECK_STR_CONTAINS(LAST, cases[i].why);
        rd_read(&s.r, img);
        unsigned left;
        CHECK_EQ(count_pixels(&s.r, img, red, &left), 0);
    }
    /* made from ds_quad_prim, whose output signature is ds_quad's: it draws after both */
    bind_patch(&s, hs, ds, so_other, P4);
    rd_clear(&s.r, 0, 0, 0, 0);
    util_clear_last_message();
    ID3D11DeviceContext_Draw(s.r.ctx, 4, 0);
    CHECK(LAST[0] == 0);
    rd_read(&s.r, img);
    CHECK(count_pixels(&s.r, img, red, &(unsigned){ 0 }) > 0);
    bind_patch(&s, hs, ds_prim, so_other, P4);
    DRAW_INTO(&s, img, ID3D11DeviceContext_Draw(s.r.ctx, 4, 0));
    unsigned left;
    CHECK_EQ(count_pixels(&s.r, img, red, &left), W * H / 2);
done:
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(so_vs);
    RD_RELEASE(so_other);
    RD_RELEASE(gs_line);
    RD_RELEASE(gs_pt);
    RD_RELEASE(gs_tri);
    RD_RELEASE(ds_prim);
    RD_RELEASE(ds);
    RD_RELEASE(hs_pt);
    RD_RELEASE(hs);
    scene_end(&s);
}

/* Un-tessellated patches to stream output (11.8.1.2): without hull and domain shaders, stream
 * output of the vertex shader with the rasterizer off writes each complete patch's control
 * points as vertices, in order (the incomplete third patch of 7 control points dropped, 11.3);
 * a patch that does not fit is not written at all.  To the rasterizer such patches are
 * undefined (11.8.1.3), and a geometry shader must declare them as its input (11.8.1.1):
 * refused, nothing drawn. */
TEST(tess_patches_streamed_out_untessellated)
{
    struct ts_scene s;
    uint8_t img[W * H * 4];
    struct vtx v[7], got[7], zero[7];
    SCENE_BEGIN(&s, TS_PS_RED);
    ID3D11VertexShader *vs_pos = rd_vs(s.r.dev, TS_VS_POS);
    ID3D11GeometryShader *so = so_create(s.r.dev, TS_VS_POS, false, S_OK);
    ID3D11GeometryShader *so_r = so_create(s.r.dev, TS_VS_POS, true, S_OK);
    ID3D11GeometryShader *gs = gs_create(s.r.dev, gs_tri_pass);
    ID3D11Buffer *buf = so_buffer(s.r.dev, sizeof(got)), *small = so_buffer(s.r.dev, 5 * 32);
    ID3D11Query *q_so = NULL, *q_pipe = NULL;
    D3D11_QUERY_DESC qd_so = { D3D11_QUERY_SO_STATISTICS, 0 };
    D3D11_QUERY_DESC qd_pipe = { D3D11_QUERY_PIPELINE_STATISTICS, 0 };
    CHECK_HR(ID3D11Device_CreateQuery(s.r.dev, &qd_so, &q_so), S_OK);
    CHECK_HR(ID3D11Device_CreateQuery(s.r.dev, &qd_pipe, &q_pipe), S_OK);
    const D3D11_PRIMITIVE_TOPOLOGY P3 = D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST;
    if (!vs_pos || !so || !so_r || !gs || !buf || !small || !q_so || !q_pipe)
        goto done;
    for (int i = 0; i < 7; i++)
        for (int c = 0; c < 4; c++) {
            v[i].pos[c] = (float)(i * 8 + c) * 0.125f;
            v[i].attr[c] = (float)(i * 8 + c + 4) * 0.25f;
        }
    memset(zero, 0, sizeof(zero));
    scene_vertices(&s, v, 7);
    ID3D11DeviceContext_VSSetShader(s.r.ctx, vs_pos, NULL, 0);
    ID3D11Buffer *const targets[2] = { buf, small };
    for (int t = 0; t < 2; t++) {
        const UINT off = 0;
        ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 1, &targets[t], &off));
        bind_patch(&s, NULL, NULL, so, P3);
        ID3D11DeviceContext_Begin(s.r.ctx, (ID3D11Asynchronous *)q_so);
        ID3D11DeviceContext_Begin(s.r.ctx, (ID3D11Asynchronous *)q_pipe);
        DRAW_INTO(&s, img, ID3D11DeviceContext_Draw(s.r.ctx, 7, 0));
        ID3D11DeviceContext_End(s.r.ctx, (ID3D11Asynchronous *)q_pipe);
        ID3D11DeviceContext_End(s.r.ctx, (ID3D11Asynchronous *)q_so);
        ID3D11DeviceContext_SOSetTargets(s.r.ctx, 0, NULL, NULL);
        D3D11_QUERY_DATA_SO_STATISTICS so_st = { 7, 7 };
        D3D11_QUERY_DATA_PIPELINE_STATISTICS st;
        memset(&st, 0xcd, sizeof(st));
        CHECK_HR(ID3D11DeviceContext_GetData(s.r.ctx, (ID3D11Asynchronous *)q_so, &so_st,
                                             sizeof(so_st), 0), S_OK);
        CHECK_HR(ID3D11DeviceContext_GetData(s.r.ctx, (ID3D11Asynchronous *)q_pipe, &st,
                                             sizeof(st), 0), S_OK);
        unsigned fits = t ? 1 : 2;   /* 5 vertices of room: one patch of 3, not two */
        CHECK_EQ(so_st.NumPrimitivesWritten, fits);
        CHECK_EQ(so_st.PrimitivesStorageNeeded, 2);
        CHECK_EQ(st.IAVertices, 7);
        CHECK_EQ(st.IAPrimitives, 2);
        CHECK_EQ(st.VSInvocations, 7);
        CHECK_EQ(st.HSInvocations, 0);
        CHECK_EQ(st.CInvocations, 0);
        read_buffer(&s.r, targets[t], t ? 5 * 32 : sizeof(got), got);
        CHECK(!memcmp(got, v, 3 * fits * sizeof(struct vtx)));
        if (t)   /* the second patch's two vertices that would have fitted: not written */
            CHECK(!memcmp(&got[3], zero, 2 * sizeof(struct vtx)));
        unsigned left;
        CHECK_EQ(count_pixels(&s.r, img, red, &left), 0);
    }
    /* the refusals: nothing drawn, a message */
    const struct {
        ID3D11GeometryShader *gs;
        const char *why;
    } cases[] = {
        { so_r, "reaches the rasterizer: undefined (D3D11.3 functional spec 11.8.1.3)" },
        { NULL, "reaches the rasterizer: undefined (D3D11.3 functional spec 11.8.1.3)" },
        { gs, "the geometry shader's input primitive is not patch3, the patches of topology "
              "35 (D3D11.3 functional spec 11.8.1.1)" },
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        bind_patch(&s, NULL, NULL, cases[i].gs, P3);
        rd_clear(&s.r, 0, 0, 0, 0);
        util_clear_last_message();
        ID3D11DeviceContext_Draw(s.r.ctx, 7, 0);
        CHECK_STR_CONTAINS(LAST, cases[i].why);
        rd_read(&s.r, img);
        unsigned left;
        CHECK_EQ(count_pixels(&s.r, img, red, &left), 0);
    }
done:
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(q_pipe);
    RD_RELEASE(q_so);
    RD_RELEASE(small);
    RD_RELEASE(buf);
    RD_RELEASE(gs);
    RD_RELEASE(so_r);
    RD_RELEASE(so);
    RD_RELEASE(vs_pos);
    scene_end(&s);
}

/* Layered rendering after tessellation: a GS after the DS writes SV_RenderTargetArrayIndex =
 * SV_PrimitiveID, so of two patches (the left and right halves) the first lands in slice 0 and
 * the second in slice 1 of a Texture2DArray target, each slice holding exactly its half. */
#define GS_LAYER_VERTEX(i) "mov o0.xyzw, v[" #i "][0].xyzw\nmov o1.x, vPrim\nemit\n"
TEST(tess_gs_layers_by_patch)
{
    static const char gs_layer[] =
        "gs_5_0\ndcl_input_siv v[3][0].xyzw, position\ndcl_input vPrim\n"
        "dcl_inputprimitive triangle\ndcl_outputtopology trianglestrip\n"
        "dcl_output_siv o0.xyzw, position\ndcl_output_siv o1.x, rendertarget_array_index\n"
        "dcl_maxout 3\n" GS_LAYER_VERTEX(0) GS_LAYER_VERTEX(1) GS_LAYER_VERTEX(2) "ret\n";
    struct ts_scene s;
    uint8_t img[W * H * 4];
    SCENE_BEGIN(&s, TS_PS_RED);
    ID3D11HullShader *hs = hs_create(s.r.dev, HS_QUAD("partitioning_fractional_even"), S_OK);
    ID3D11DomainShader *ds = ds_create(s.r.dev, ds_quad, S_OK);
    ID3D11GeometryShader *gs = gs_create(s.r.dev, gs_layer);
    D3D11_TEXTURE2D_DESC td = { W, H, 1, 2, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0 };
    D3D11_TEXTURE2D_DESC sd = { W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0 };
    D3D11_RENDER_TARGET_VIEW_DESC rd;
    memset(&rd, 0, sizeof(rd));
    rd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
    rd.Texture2DArray.ArraySize = 2;
    ID3D11Texture2D *tex = NULL, *st = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    CHECK_HR(ID3D11Device_CreateTexture2D(s.r.dev, &td, NULL, &tex), S_OK);
    CHECK_HR(ID3D11Device_CreateTexture2D(s.r.dev, &sd, NULL, &st), S_OK);
    if (tex)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(s.r.dev, (ID3D11Resource *)tex, &rd, &rtv),
                 S_OK);
    struct vtx v[8];
    for (int i = 0; i < 8; i++) {
        v[i] = quad_patch[i % 4];
        v[i].pos[0] += i < 4 ? 0.0f : 1.0f;
    }
    if (!hs || !ds || !gs || !tex || !st || !rtv)
        goto done;
    static const float zero[4] = { 0, 0, 0, 0 };
    scene_vertices(&s, v, 8);
    scene_factors(&s, 5.5f, 3.25f);
    bind_patch(&s, hs, ds, gs, P4);
    ID3D11DeviceContext_OMSetRenderTargets(s.r.ctx, 1, &rtv, NULL);
    ID3D11DeviceContext_ClearRenderTargetView(s.r.ctx, rtv, zero);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 8, 0));
    for (UINT slice = 0; slice < 2; slice++) {
        D3D11_MAPPED_SUBRESOURCE m;
        ID3D11DeviceContext_CopySubresourceRegion(s.r.ctx, (ID3D11Resource *)st, 0, 0, 0, 0,
                                                  (ID3D11Resource *)tex, slice, NULL);
        CHECK_HR(ID3D11DeviceContext_Map(s.r.ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0,
                                         &m), S_OK);
        if (!m.pData)
            break;
        for (UINT y = 0; y < H; y++)
            memcpy(img + y * W * 4, (const uint8_t *)m.pData + (size_t)y * m.RowPitch, W * 4);
        ID3D11DeviceContext_Unmap(s.r.ctx, (ID3D11Resource *)st, 0);
        unsigned bad = 0;
        for (UINT y = 0; y < H; y++)
            for (UINT x = 0; x < W; x++) {
                bool lit = (x < W / 2) == (slice == 0);
                static const uint8_t none[4] = { 0, 0, 0, 0 };
                bad += !!memcmp(&img[(y * W + x) * 4], lit ? red : none, 4);
            }
        if (bad)
            harness_fail(__FILE__, __LINE__, "slice %u: %u pixels not its patch's", slice, bad);
    }
done:
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(rtv);
    RD_RELEASE(st);
    RD_RELEASE(tex);
    RD_RELEASE(gs);
    RD_RELEASE(ds);
    RD_RELEASE(hs);
    scene_end(&s);
}

/* Un-tessellated patches to a geometry shader (11.8.1.1): a GS declaring patch4 input sees the
 * four control points of each patch (v[4][...], one invocation a patch, SV_PrimitiveID the
 * patch's) and emits them as the strip 0, 1, 3, 2 -- the quad, drawn exactly as the same two
 * triangles drawn without a GS; a GS declaring patch3 for 4-point patches is refused. */
TEST(tess_patches_to_a_geometry_shader)
{
    static const char gs_patch4[] =
        "gs_5_0\ndcl_input_siv v[4][0].xyzw, position\ndcl_input v[4][1].xyzw\n"
        "dcl_input vPrim\ndcl_inputprimitive patch4\ndcl_outputtopology trianglestrip\n"
        "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_maxout 4\n"
        GS_TRI_VERTEX(0) GS_TRI_VERTEX(1) GS_TRI_VERTEX(3) GS_TRI_VERTEX(2) "ret\n";
    static const char gs_patch3[] =
        "gs_5_0\ndcl_input_siv v[3][0].xyzw, position\ndcl_inputprimitive patch3\n"
        "dcl_outputtopology trianglestrip\ndcl_output_siv o0.xyzw, position\ndcl_maxout 3\n"
        "mov o0.xyzw, v[0][0].xyzw\nemit\nmov o0.xyzw, v[1][0].xyzw\nemit\n"
        "mov o0.xyzw, v[2][0].xyzw\nemit\nret\n";
    struct ts_scene s;
    uint8_t img[W * H * 4], ref[W * H * 4];
    SCENE_BEGIN(&s, TS_PS_ATTR);
    ID3D11VertexShader *vs_pos = rd_vs(s.r.dev, TS_VS_POS);
    ID3D11GeometryShader *gs4 = gs_create(s.r.dev, gs_patch4);
    ID3D11GeometryShader *gs3 = gs_create(s.r.dev, gs_patch3);
    ID3D11Query *q = NULL;
    D3D11_QUERY_DESC qd = { D3D11_QUERY_PIPELINE_STATISTICS, 0 };
    CHECK_HR(ID3D11Device_CreateQuery(s.r.dev, &qd, &q), S_OK);
    if (!vs_pos || !gs4 || !gs3 || !q)
        goto done;
    ID3D11DeviceContext_VSSetShader(s.r.ctx, vs_pos, NULL, 0);
    /* the reference: the quad's triangles (0, 1, 3) and (3, 1, 2) -- the strip's, wound alike */
    static const unsigned order[6] = { 0, 1, 3, 3, 1, 2 };
    struct vtx tri[6];
    for (int i = 0; i < 6; i++)
        tri[i] = quad_patch[order[i]];
    scene_vertices(&s, tri, 6);
    bind_patch(&s, NULL, NULL, NULL, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    DRAW_INTO(&s, ref, ID3D11DeviceContext_Draw(s.r.ctx, 6, 0));
    /* the patch list: one patch, and three stray control points of an incomplete one */
    struct vtx v[7];
    for (int i = 0; i < 7; i++)
        v[i] = quad_patch[i % 4];
    scene_vertices(&s, v, 7);
    bind_patch(&s, NULL, NULL, gs4, P4);
    rd_clear(&s.r, 0, 0, 0, 0);
    ID3D11DeviceContext_Begin(s.r.ctx, (ID3D11Asynchronous *)q);
    util_clear_last_message();
    ID3D11DeviceContext_Draw(s.r.ctx, 7, 0);
    CHECK_EQ(LAST[0], 0);
    ID3D11DeviceContext_End(s.r.ctx, (ID3D11Asynchronous *)q);
    rd_read(&s.r, img);
    unsigned lit = 0;
    for (unsigned i = 0; i < W * H; i++)
        lit += ref[4 * i + 3] == 255;
    CHECK_EQ(lit, W * H / 2);
    CHECK(!memcmp(img, ref, sizeof(img)));
    D3D11_QUERY_DATA_PIPELINE_STATISTICS st;
    memset(&st, 0xcd, sizeof(st));
    CHECK_HR(ID3D11DeviceContext_GetData(s.r.ctx, (ID3D11Asynchronous *)q, &st, sizeof(st), 0),
             S_OK);
    CHECK_EQ(st.IAVertices, 7);
    CHECK_EQ(st.IAPrimitives, 1);
    CHECK_EQ(st.VSInvocations, 7);   /* non-indexed: every control point shaded */
    CHECK_EQ(st.GSInvocations, 1);
    CHECK_EQ(st.GSPrimitives, 2);
    CHECK_EQ(st.HSInvocations, 0);
    /* another patch size than the GS declares */
    bind_patch(&s, NULL, NULL, gs3, P4);
    rd_clear(&s.r, 0, 0, 0, 0);
    util_clear_last_message();
    ID3D11DeviceContext_Draw(s.r.ctx, 7, 0);
    CHECK_STR_CONTAINS(LAST, "the geometry shader's input primitive is not patch4");
    rd_read(&s.r, img);
    lit = 0;
    for (unsigned i = 0; i < W * H; i++)
        lit += img[4 * i + 3] != 0;
    CHECK_EQ(lit, 0);
done:
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(q);
    RD_RELEASE(gs3);
    RD_RELEASE(gs4);
    RD_RELEASE(vs_pos);
    scene_end(&s);
}
