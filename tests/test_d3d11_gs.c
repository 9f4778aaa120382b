/* tests/test_d3d11_gs.c — geometry shaders through the D3D11 API at 10_0 (issue 11, item 5):
 * CreateGeometryShader's rules, the GS* context methods, and exact pixel tests of the stage
 * (src/pipeline/geometry.c): points expanded to quads, triangles passed through (equal bytes
 * to the same draw without a GS, lists and strips), strips cut by cut / emit_then_cut,
 * dcl_maxout dropping further emits, SV_PrimitiveID, lines with adjacency, instancing
 * (dcl_gsinstances), the draw refusals (topology against the input primitive).
 * tests/run-tests.sh runs this binary with the JIT on and off (SOFTD3D_JIT=0): the exact pixel
 * checks make both give the same bytes. */
#include "test_render_util.h"

#include <stdio.h>

static const D3D_FEATURE_LEVEL L93 = D3D_FEATURE_LEVEL_9_3, L100 = D3D_FEATURE_LEVEL_10_0;

/* A VS passing position (v0) and colour (v1) on; a PS writing the colour. */
#define GS_VS                                                                                    \
    "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"           \
    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"
#define GS_PS "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v1.xyzw\nret\n"

/* A point to a quad of half-size 0.25 (NDC) as a 4-vertex strip; `extra` goes before the
 * last emit (a cut or nothing), maxout is `max`. */
#define GS_QUAD_HEAD(max)                                                                        \
    "gs_4_0\ndcl_input_siv v[1][0].xyzw, position\ndcl_input v[1][1].xyzw\ndcl_temps 1\n"        \
    "dcl_inputprimitive point\ndcl_outputtopology trianglestrip\n"                              \
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_maxout " #max "\n"
#define GS_CORNER(dx, dy)                                                                        \
    "add o0.xy, v[0][0].xyxx, l(" #dx ", " #dy ", 0, 0)\nmov o0.zw, v[0][0].zzzw\n"               \
    "mov o1.xyzw, v[0][1].xyzw\n"
#define GS_QUAD(max, before_last)                                                                \
    GS_QUAD_HEAD(max) GS_CORNER(-0.25, 0.25) "emit\n" GS_CORNER(0.25, 0.25) "emit\n"             \
    GS_CORNER(-0.25, -0.25) before_last "emit\n" GS_CORNER(0.25, -0.25) "emit\nret\n"

static ID3D11GeometryShader *gs_create(ID3D11Device *dev, const char *text, HRESULT want)
{
    size_t n;
    void *blob = rd_assemble(text, &n);
    ID3D11GeometryShader *s = NULL;
    if (blob)
        CHECK_HR(ID3D11Device_CreateGeometryShader(dev, blob, n, NULL, &s), want);
    free(blob);
    return s;
}

struct gs_scene {
    struct rd r;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps;
    ID3D11InputLayout *il;
    ID3D11Buffer *vb;
};

static bool scene_begin(struct gs_scene *s, const struct vtx *v, UINT nv,
                        D3D11_PRIMITIVE_TOPOLOGY topo)
{
    static const D3D11_INPUT_ELEMENT_DESC layout[] = {
        { "TEXCOORD", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        { "TEXCOORD", 1, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0 },
    };
    UINT stride = sizeof(struct vtx), offset = 0;
    memset(s, 0, sizeof(*s));
    if (!rd_begin_profile(&s->r, "10_0", L100, 8, 8))
        return false;
    s->vs = rd_vs(s->r.dev, GS_VS);
    s->ps = rd_ps(s->r.dev, GS_PS);
    s->il = rd_layout(s->r.dev, layout, 2, GS_VS);
    s->vb = rd_buffer(s->r.dev, D3D11_BIND_VERTEX_BUFFER, v, nv * (UINT)sizeof(*v));
    ID3D11DeviceContext_IASetInputLayout(s->r.ctx, s->il);
    ID3D11DeviceContext_IASetVertexBuffers(s->r.ctx, 0, 1, &s->vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->r.ctx, topo);
    ID3D11DeviceContext_VSSetShader(s->r.ctx, s->vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(s->r.ctx, s->ps, NULL, 0);
    return s->vs && s->ps && s->il && s->vb;
}

static void scene_end(struct gs_scene *s)
{
    ID3D11DeviceContext_ClearState(s->r.ctx);
    RD_RELEASE(s->vb);
    RD_RELEASE(s->il);
    RD_RELEASE(s->ps);
    RD_RELEASE(s->vs);
    rd_end(&s->r);
}

/* Draws `n` vertices with gs (NULL: none) into a cleared target and reads it back. */
static void scene_draw(struct gs_scene *s, ID3D11GeometryShader *gs, UINT n, uint8_t *img)
{
    ID3D11DeviceContext_GSSetShader(s->r.ctx, gs, NULL, 0);
    rd_clear(&s->r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(s->r.ctx, n, 0));
    rd_read(&s->r, img);
}

/* Pixels (x, y) with x0 <= x < x1, y0 <= y < y1 are `rgba`, every other pixel 0. */
static bool only_rect(const struct rd *r, const uint8_t *img, UINT x0, UINT y0, UINT x1, UINT y1,
                      const uint8_t rgba[4])
{
    static const uint8_t zero[4] = { 0, 0, 0, 0 };
    for (UINT y = 0; y < r->h; y++)
        for (UINT x = 0; x < r->w; x++) {
            bool in = x >= x0 && x < x1 && y >= y0 && y < y1;
            if (memcmp(RD_PIXEL(img, r, x, y), in ? rgba : zero, 4)) {
                const uint8_t *p = RD_PIXEL(img, r, x, y);
                printf("  pixel (%u, %u) = %u %u %u %u\n", x, y, p[0], p[1], p[2], p[3]);
                return false;
            }
        }
    return true;
}

/* Two points (NDC (-0.5, 0.5) red and (0.5, -0.5) green) become 2x2-pixel quads: pixel
 * centres (i + 0.5) / 4 - 1 inside [-0.75, -0.25) are columns 1, 2 (rows likewise). */
static const struct vtx two_points[2] = {
    { { -0.5f, 0.5f, 0, 1 }, { 1, 0, 0, 1 } },
    { { 0.5f, -0.5f, 0, 1 }, { 0, 1, 0, 1 } },
};
static const uint8_t red[4] = { 255, 0, 0, 255 }, green[4] = { 0, 255, 0, 255 };

TEST(gs_points_to_quads)
{
    struct gs_scene s;
    uint8_t img[8 * 8 * 4];
    if (!scene_begin(&s, two_points, 2, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)) {
        scene_end(&s);
        return;
    }
    ID3D11GeometryShader *gs = gs_create(s.r.dev, GS_QUAD(4, ""), S_OK);
    scene_draw(&s, gs, 2, img);
    CHECK(RD_PIXEL(img, &s.r, 1, 1)[0] == 255 && RD_PIXEL(img, &s.r, 2, 2)[0] == 255);
    CHECK(!memcmp(RD_PIXEL(img, &s.r, 5, 5), green, 4));
    CHECK(!memcmp(RD_PIXEL(img, &s.r, 6, 6), green, 4));
    unsigned lit = 0;
    for (UINT i = 0; i < 64; i++)
        lit += img[4 * i + 3] != 0;
    CHECK_EQ(lit, 8);   /* two 2x2 quads, nothing else */
    /* without the GS the points are single pixels */
    scene_draw(&s, NULL, 2, img);
    lit = 0;
    for (UINT i = 0; i < 64; i++)
        lit += img[4 * i + 3] != 0;
    CHECK_EQ(lit, 2);
    /* one point: the quad and nothing more */
    ID3D11DeviceContext_GSSetShader(s.r.ctx, gs, NULL, 0);
    rd_clear(&s.r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 1, 0));
    rd_read(&s.r, img);
    CHECK(only_rect(&s.r, img, 1, 1, 3, 3, red));
    RD_RELEASE(gs);
    scene_end(&s);
}

/* cut after the second vertex leaves two 2-vertex strips (no triangle); emit_then_cut after
 * the third leaves one triangle; dcl_maxout 3 drops the fourth emit (the same triangle). */
TEST(gs_cut_and_maxout)
{
    struct gs_scene s;
    uint8_t img[8 * 8 * 4], ref[8 * 8 * 4];
    if (!scene_begin(&s, two_points, 1, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)) {
        scene_end(&s);
        return;
    }
    ID3D11GeometryShader *cut2 = gs_create(s.r.dev, GS_QUAD(4, "cut\n"), S_OK);
    ID3D11GeometryShader *max3 = gs_create(s.r.dev, GS_QUAD(3, ""), S_OK);
    ID3D11GeometryShader *etc = gs_create(s.r.dev,
        GS_QUAD_HEAD(4) GS_CORNER(-0.25, 0.25) "emit\n" GS_CORNER(0.25, 0.25) "emit\n"
        GS_CORNER(-0.25, -0.25) "emit_then_cut\n" GS_CORNER(0.25, -0.25) "emit\nret\n", S_OK);
    scene_draw(&s, cut2, 1, img);
    CHECK(only_rect(&s.r, img, 0, 0, 0, 0, red));   /* nothing */
    scene_draw(&s, etc, 1, ref);
    /* the upper-left triangle (-0.75, 0.75), (-0.25, 0.75), (-0.75, 0.25): pixel (1, 1) in,
     * (2, 2) on the far side of the diagonal */
    CHECK(!memcmp(RD_PIXEL(ref, &s.r, 1, 1), red, 4));
    CHECK_EQ(RD_PIXEL(ref, &s.r, 2, 2)[3], 0);
    scene_draw(&s, max3, 1, img);
    CHECK(!memcmp(img, ref, sizeof(img)));
    RD_RELEASE(cut2);
    RD_RELEASE(max3);
    RD_RELEASE(etc);
    scene_end(&s);
}

/* A pass-through GS gives the same bytes as no GS, for a list and a strip (odd triangles keep
 * their winding: with back-face culling on, a reversed one would vanish). */
#define GS_PASS                                                                                  \
    "gs_4_0\ndcl_input_siv v[3][0].xyzw, position\ndcl_input v[3][1].xyzw\ndcl_temps 1\n"        \
    "dcl_inputprimitive triangle\ndcl_outputtopology trianglestrip\n"                           \
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_maxout 3\n"                       \
    "mov r0.x, l(0)\nloop\nige r0.y, r0.x, l(3)\nbreakc_nz r0.y\n"                               \
    "mov o0.xyzw, v[r0.x + 0][0].xyzw\nmov o1.xyzw, v[r0.x + 0][1].xyzw\nemit\n"                 \
    "iadd r0.x, r0.x, l(1)\nendloop\nret\n"

TEST(gs_pass_through_triangles)
{
    /* a zigzag strip, every triangle clockwise on screen (front-facing) once the odd ones
     * are reordered */
    static const struct vtx strip[5] = {
        { { -1, -1, 0, 1 }, { 1, 0, 0, 1 } },  { { -1, 1, 0, 1 }, { 0, 1, 0, 1 } },
        { { 0, -1, 0, 1 }, { 0, 0, 1, 1 } },   { { 0.25f, 1, 0, 1 }, { 1, 1, 0, 1 } },
        { { 1, -1, 0, 1 }, { 1, 0, 1, 1 } },
    };
    struct gs_scene s;
    uint8_t with[8 * 8 * 4], without[8 * 8 * 4];
    if (!scene_begin(&s, strip, 5, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP)) {
        scene_end(&s);
        return;
    }
    ID3D11GeometryShader *gs = gs_create(s.r.dev, GS_PASS, S_OK);
    scene_draw(&s, NULL, 5, without);
    scene_draw(&s, gs, 5, with);
    CHECK(!memcmp(with, without, sizeof(with)));
    unsigned lit = 0;
    for (UINT i = 0; i < 64; i++)
        lit += without[4 * i + 3] != 0;
    CHECK(lit > 32);   /* three triangles cover most of the target */
    ID3D11DeviceContext_IASetPrimitiveTopology(s.r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    scene_draw(&s, NULL, 3, without);
    scene_draw(&s, gs, 3, with);
    CHECK(!memcmp(with, without, sizeof(with)));
    RD_RELEASE(gs);
    scene_end(&s);
}

/* SV_PrimitiveID counts the input primitives from 0: the second point's quad is blue 255. */
TEST(gs_primitive_id)
{
    struct gs_scene s;
    uint8_t img[8 * 8 * 4];
    if (!scene_begin(&s, two_points, 2, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)) {
        scene_end(&s);
        return;
    }
    ID3D11GeometryShader *gs = gs_create(s.r.dev,
        "gs_4_0\ndcl_input_siv v[1][0].xyzw, position\ndcl_input v[1][1].xyzw\ndcl_input vPrim\n"
        "dcl_temps 1\ndcl_inputprimitive point\ndcl_outputtopology trianglestrip\n"
        "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_maxout 4\n"
        "utof r0.x, vPrim\n"
        GS_CORNER(-0.25, 0.25) "mov o1.z, r0.x\nemit\n"
        GS_CORNER(0.25, 0.25) "mov o1.z, r0.x\nemit\n"
        GS_CORNER(-0.25, -0.25) "mov o1.z, r0.x\nemit\n"
        GS_CORNER(0.25, -0.25) "mov o1.z, r0.x\nemit\nret\n", S_OK);
    scene_draw(&s, gs, 2, img);
    static const uint8_t red0[4] = { 255, 0, 0, 255 }, green1[4] = { 0, 255, 255, 255 };
    CHECK(!memcmp(RD_PIXEL(img, &s.r, 1, 1), red0, 4));
    CHECK(!memcmp(RD_PIXEL(img, &s.r, 6, 6), green1, 4));
    RD_RELEASE(gs);
    scene_end(&s);
}

/* Lines with adjacency: the two middle vertices as a line strip; without a GS the same line
 * (the adjacent vertices are only visible to a GS); the refusal of a topology the GS's input
 * primitive does not take. */
TEST(gs_line_adjacency)
{
    static const struct vtx line[4] = {
        { { -1, -1, 0, 1 }, { 0, 0, 1, 1 } },   { { -0.75f, 0.125f, 0, 1 }, { 1, 0, 0, 1 } },
        { { 0.75f, 0.125f, 0, 1 }, { 1, 0, 0, 1 } }, { { 1, 1, 0, 1 }, { 0, 0, 1, 1 } },
    };
    struct gs_scene s;
    uint8_t img[8 * 8 * 4];
    if (!scene_begin(&s, line, 4, D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ)) {
        scene_end(&s);
        return;
    }
    ID3D11GeometryShader *gs = gs_create(s.r.dev,
        "gs_4_0\ndcl_input_siv v[4][0].xyzw, position\ndcl_input v[4][1].xyzw\n"
        "dcl_inputprimitive lineadj\ndcl_outputtopology linestrip\n"
        "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_maxout 2\n"
        "mov o0.xyzw, v[1][0].xyzw\nmov o1.xyzw, v[1][1].xyzw\nemit\n"
        "mov o0.xyzw, v[2][0].xyzw\nmov o1.xyzw, v[2][1].xyzw\nemit\nret\n", S_OK);
    scene_draw(&s, gs, 4, img);
    /* the horizontal line y = 0.125 (row 3's centre is 0.125: y = (1 - 0.125) * 4 = 3.5) from
     * x = 0.5 to 7.5 in pixels: columns 0..6 of row 3 (the end pixel is excluded) */
    unsigned lit = 0;
    for (UINT y = 0; y < 8; y++)
        for (UINT x = 0; x < 8; x++)
            if (RD_PIXEL(img, &s.r, x, y)[3]) {
                lit++;
                CHECK_EQ(y, 3);
                CHECK(!memcmp(RD_PIXEL(img, &s.r, x, y), red, 4));
            }
    CHECK(lit >= 6 && lit <= 7);
    /* without a GS: the line of the middle vertices, the same pixels */
    uint8_t none[8 * 8 * 4];
    scene_draw(&s, NULL, 4, none);
    CHECK(!memcmp(none, img, sizeof(img)));
    /* the GS's input primitive must match the topology: a line list is refused */
    rd_clear(&s.r, 0, 0, 0, 0);
    ID3D11DeviceContext_GSSetShader(s.r.ctx, gs, NULL, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(s.r.ctx, D3D11_PRIMITIVE_TOPOLOGY_LINELIST);
    util_clear_last_message();
    ID3D11DeviceContext_Draw(s.r.ctx, 4, 0);
    CHECK_STR_CONTAINS(LAST, "does not match the geometry shader's input primitive");
    rd_read(&s.r, img);
    for (UINT i = 0; i < 64; i++)
        CHECK_EQ(img[4 * i + 3], 0);
    RD_RELEASE(gs);
    scene_end(&s);
}

/* ---- creation and binding rules ------------------------------------------------------------- */

TEST(gs_create_rules)
{
    struct rd r;
    if (!rd_begin_profile(&r, "10_0", L100, 4, 4)) {
        rd_end(&r);
        return;
    }
    size_t n;
    void *blob = rd_assemble(GS_QUAD(4, ""), &n);
    ID3D11GeometryShader *gs = (ID3D11GeometryShader *)1;
    CHECK(blob != NULL);
    /* validate-only: S_FALSE, nothing created */
    CHECK_HR(ID3D11Device_CreateGeometryShader(r.dev, blob, n, NULL, NULL), S_FALSE);
    CHECK_HR(ID3D11Device_CreateGeometryShader(r.dev, NULL, n, NULL, &gs), E_INVALIDARG);
    CHECK(gs == NULL);
    /* a vertex shader's bytecode is not a geometry shader */
    size_t vn;
    void *vblob = rd_assemble(GS_VS, &vn);
    gs = (ID3D11GeometryShader *)1;
    CHECK_HR(ID3D11Device_CreateGeometryShader(r.dev, vblob, vn, NULL, &gs), E_INVALIDARG);
    CHECK(gs == NULL);
    /* layered rendering: SV_RenderTargetArrayIndex is an output like any other
     * (tests/test_d3d11_gs_layers.c draws with it) */
    gs = gs_create(r.dev,
        "gs_4_0\ndcl_input_siv v[1][0].xyzw, position\ndcl_inputprimitive point\n"
        "dcl_outputtopology pointlist\ndcl_output_siv o0.xyzw, position\n"
        "dcl_output_siv o1.x, rendertarget_array_index\ndcl_maxout 1\n"
        "mov o0.xyzw, v[0][0].xyzw\nmov o1.x, l(0)\nemit\nret\n", S_OK);
    CHECK(gs != NULL);
    RD_RELEASE(gs);
    /* GSSetShader / GSGetShader and the resource slots */
    CHECK_HR(ID3D11Device_CreateGeometryShader(r.dev, blob, n, NULL, &gs), S_OK);
    ACCEPTED(ID3D11DeviceContext_GSSetShader(r.ctx, gs, NULL, 0));
    ID3D11GeometryShader *back = NULL;
    UINT ninst = 7;
    ID3D11DeviceContext_GSGetShader(r.ctx, &back, NULL, &ninst);
    CHECK(back == gs);
    CHECK_EQ(ninst, 0);
    if (back)
        ID3D11GeometryShader_Release(back);
    float cbdata[4] = { 0, 0, 0, 0 };
    ID3D11Buffer *cb = rd_buffer(r.dev, D3D11_BIND_CONSTANT_BUFFER, cbdata, sizeof(cbdata));
    ACCEPTED(ID3D11DeviceContext_GSSetConstantBuffers(r.ctx, 2, 1, &cb));
    ID3D11Buffer *cbs[3] = { NULL, NULL, NULL };
    ID3D11DeviceContext_GSGetConstantBuffers(r.ctx, 1, 3, cbs);
    CHECK(cbs[0] == NULL && cbs[1] == cb && cbs[2] == NULL);
    if (cbs[1])
        ID3D11Buffer_Release(cbs[1]);
    /* the vertex buffer bound as a constant buffer is refused (its bind flags) */
    ID3D11Buffer *vb = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, cbdata, sizeof(cbdata));
    util_clear_last_message();
    ID3D11DeviceContext_GSSetConstantBuffers(r.ctx, 0, 1, &vb);
    CHECK(LAST[0] != 0);
    ID3D11DeviceContext_GSGetConstantBuffers(r.ctx, 0, 1, cbs);
    CHECK(cbs[0] == NULL);
    /* ClearState unbinds the stage */
    ID3D11DeviceContext_ClearState(r.ctx);
    back = (ID3D11GeometryShader *)1;
    ID3D11DeviceContext_GSGetShader(r.ctx, &back, NULL, NULL);
    CHECK(back == NULL);
    RD_RELEASE(vb);
    RD_RELEASE(cb);
    RD_RELEASE(gs);
    free(vblob);
    free(blob);
    rd_end(&r);
}

/* 9_3 has no geometry stage (seed 004): creation E_INVALIDARG, the methods take only NULL. */
TEST(gs_refused_at_9_3)
{
    struct rd r;
    if (!rd_begin_profile(&r, NULL, L93, 4, 4)) {
        rd_end(&r);
        return;
    }
    size_t n;
    void *blob = rd_assemble(GS_QUAD(4, ""), &n);
    ID3D11GeometryShader *gs = (ID3D11GeometryShader *)1;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateGeometryShader(r.dev, blob, n, NULL, &gs), E_INVALIDARG);
    CHECK(gs == NULL);
    CHECK_STR_CONTAINS(LAST, "not supported at feature level 9_3");
    ACCEPTED(ID3D11DeviceContext_GSSetShader(r.ctx, NULL, NULL, 0));
    free(blob);
    rd_end(&r);
}

/* Triangles with adjacency: a GS emitting v[0], v[2], v[4] draws what the same triangles
 * without adjacency draw (list: 0, 2, 4; strip of 8: (0, 2, 4) and, the last and odd, (4, 2, 6)
 * -- the strip 0, 2, 4, 6 without adjacency).  One colour, so vertex order cannot matter. */
TEST(gs_triangle_adjacency)
{
    static const float px[8][2] = { { -1, -1 }, { 9, 9 }, { -1, 1 }, { 9, 9 }, { 0.5f, -1 },
                                    { 9, 9 }, { 1, 1 }, { 9, 9 } };
    struct vtx adj[8], plain[4];
    for (int i = 0; i < 8; i++)
        adj[i] = (struct vtx){ { px[i][0], px[i][1], 0, 1 }, { 1, 0.5f, 0, 1 } };
    for (int i = 0; i < 4; i++)
        plain[i] = adj[2 * i];
    struct gs_scene s, p;
    uint8_t a[8 * 8 * 4], b[8 * 8 * 4];
    if (!scene_begin(&s, adj, 8, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ) ||
        !scene_begin(&p, plain, 4, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP)) {
        scene_end(&s);
        scene_end(&p);
        return;
    }
    ID3D11GeometryShader *gs = gs_create(s.r.dev,
        "gs_4_0\ndcl_input_siv v[6][0].xyzw, position\ndcl_input v[6][1].xyzw\n"
        "dcl_inputprimitive triangleadj\ndcl_outputtopology trianglestrip\n"
        "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_maxout 3\n"
        "mov o0.xyzw, v[0][0].xyzw\nmov o1.xyzw, v[0][1].xyzw\nemit\n"
        "mov o0.xyzw, v[2][0].xyzw\nmov o1.xyzw, v[2][1].xyzw\nemit\n"
        "mov o0.xyzw, v[4][0].xyzw\nmov o1.xyzw, v[4][1].xyzw\nemit\nret\n", S_OK);
    scene_draw(&s, gs, 8, a);
    scene_draw(&p, NULL, 4, b);
    CHECK(!memcmp(a, b, sizeof(a)));
    unsigned lit = 0;
    for (UINT i = 0; i < 64; i++)
        lit += b[4 * i + 3] != 0;
    CHECK(lit > 16);   /* both triangles face the viewer and cover pixels */
    /* a triangle list with adjacency: the first triangle alone */
    ID3D11DeviceContext_IASetPrimitiveTopology(s.r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ);
    ID3D11DeviceContext_IASetPrimitiveTopology(p.r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    scene_draw(&s, gs, 8, a);   /* 8 vertices: one triangle, the last two dropped */
    scene_draw(&p, NULL, 3, b);
    CHECK(!memcmp(a, b, sizeof(a)));
    RD_RELEASE(gs);
    scene_end(&s);
    scene_end(&p);
}

/* The adjacency topologies without a geometry shader draw their primitives from the
 * non-adjacent vertices (Primitive Topologies: adjacency is "only visible through a geometry
 * shader"): each compared with the plain topology of just those vertices, byte for byte;
 * adjacent vertices placed across the target would show if they were drawn.  Incomplete
 * primitives are dropped: a strip with adjacency of 9 vertices makes 2 triangles, not 3. */
TEST(gs_none_adjacency_topologies)
{
    static const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 };
    static const float blue[4] = { 0, 0, 1, 1 }, white[4] = { 1, 1, 1, 1 };
    /* the non-adjacent vertices of a strip: a zigzag over the target */
    static const float pos[6][2] = { { -0.9f, -0.9f }, { -0.8f, 0.9f }, { -0.2f, -0.8f },
                                      { 0.1f, 0.8f },   { 0.6f, -0.9f },  { 0.9f, 0.7f } };
    const float *const col[6] = { red, green, blue, white, red, green };
    struct vtx main_v[6], adj[16], plain[16];
    for (int i = 0; i < 6; i++) {
        memset(&main_v[i], 0, sizeof(main_v[i]));
        main_v[i].pos[0] = pos[i][0];
        main_v[i].pos[1] = pos[i][1];
        main_v[i].pos[3] = 1.0f;
        memcpy(main_v[i].attr, col[i], sizeof(main_v[i].attr));
    }
    struct vtx far_v;   /* an adjacent vertex: a corner, a grey no primitive of ours has */
    memset(&far_v, 0, sizeof(far_v));
    far_v.pos[0] = far_v.pos[1] = 0.95f;
    far_v.pos[3] = 1.0f;
    far_v.attr[0] = far_v.attr[1] = far_v.attr[2] = 0.5f;
    far_v.attr[3] = 1.0f;
    static const struct {
        D3D11_PRIMITIVE_TOPOLOGY adj, plain;
        UINT nadj, nplain;
    } cases[] = {
        /* triangle strip adj: main vertices at the even positions */
        { D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP, 12, 6 },
        { D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP, 9, 4 },
        /* triangle list adj: 0 2 4 of each 6 */
        { D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST, 12, 6 },
        /* line strip adj: 1..n-2 */
        { D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ, D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP, 8, 6 },
        /* line list adj: 1 2 of each 4 */
        { D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ, D3D11_PRIMITIVE_TOPOLOGY_LINELIST, 12, 6 },
    };
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        UINT na = 0, np = 0;
        for (UINT i = 0; i < cases[c].nadj; i++) {
            bool is_main;
            UINT k;
            switch (cases[c].adj) {
            case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ:
            case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ:
                is_main = !(i & 1);
                k = i / 2;
                break;
            case D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ:
                is_main = i >= 1 && i + 1 < cases[c].nadj;
                k = i - 1;
                break;
            default:   /* line list adj */
                is_main = i % 4 == 1 || i % 4 == 2;
                k = (i / 4) * 2 + (i % 4 == 2);
                break;
            }
            adj[na++] = is_main ? main_v[k % 6] : far_v;
            if (is_main && np < cases[c].nplain)
                plain[np++] = main_v[k % 6];
        }
        CHECK_EQ(np, cases[c].nplain);
        struct gs_scene s;
        uint8_t got[8 * 8 * 4], want[8 * 8 * 4];
        if (!scene_begin(&s, plain, np, cases[c].plain)) {
            scene_end(&s);
            return;
        }
        scene_draw(&s, NULL, np, want);
        scene_end(&s);
        if (!scene_begin(&s, adj, na, cases[c].adj)) {
            scene_end(&s);
            return;
        }
        scene_draw(&s, NULL, na, got);
        scene_end(&s);
        if (memcmp(got, want, sizeof(got)))
            harness_fail(__FILE__, __LINE__, "case %zu: the adjacency draw differs", c);
        unsigned lit = 0;
        for (int i = 0; i < 64; i++)
            lit += want[i * 4 + 3] != 0;
        CHECK(lit > 0);
    }
}
