/* tests/test_d3d11_so.c — stream output at 10_0 (issue 11, item 5): the declaration rules of
 * CreateGeometryShaderWithStreamOutput, SOSetTargets / SOGetTargets with offsets and append
 * (-1), the buffers read back after stream output of a vertex shader and of a geometry shader
 * (strips unrolled into lists, odd triangles (i, i+2, i+1)), overflow, DrawAuto drawing what
 * was streamed (the same pixels as the original draw). */
#include "test_render_util.h"

#include <stdio.h>

#include "d3dcompiler.h"

static const D3D_FEATURE_LEVEL L100 = D3D_FEATURE_LEVEL_10_0;

#define SO_VS                                                                                    \
    "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"           \
    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"
#define SO_PS "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v1.xyzw\nret\n"
/* a point to a 4-vertex strip: corners (x -/+ 1, y +/- 1) in that order */
#define SO_CORNER(dx, dy)                                                                        \
    "add o0.xyzw, v[0][0].xyzw, l(" #dx ", " #dy ", 0.0, 0.0)\nmov o1.xyzw, v[0][1].xyzw\nemit\n"
#define SO_GS                                                                                    \
    "gs_4_0\ndcl_input_siv v[1][0].xyzw, position\ndcl_input v[1][1].xyzw\n"                     \
    "dcl_inputprimitive point\ndcl_outputtopology trianglestrip\n"                              \
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_maxout 4\n"                       \
    SO_CORNER(-1.0, 1.0) SO_CORNER(1.0, 1.0) SO_CORNER(-1.0, -1.0) SO_CORNER(1.0, -1.0) "ret\n"

static const D3D11_SO_DECLARATION_ENTRY decl_pos_attr[] = {
    { 0, "SV_Position", 0, 0, 4, 0 },
    { 0, "TEXCOORD", 0, 0, 4, 0 },
};

static void *so_blob(const char *text, size_t *n)
{
    void *b = rd_assemble(text, n);
    CHECK(b != NULL);
    return b;
}

static HRESULT so_create(ID3D11Device *dev, const void *blob, size_t n,
                         const D3D11_SO_DECLARATION_ENTRY *decl, UINT count, const UINT *strides,
                         UINT nstrides, UINT rast, ID3D11GeometryShader **out)
{
    util_clear_last_message();
    return ID3D11Device_CreateGeometryShaderWithStreamOutput(dev, blob, n, decl, count, strides,
                                                              nstrides, rast, NULL, out);
}

TEST(so_declaration_rules)
{
    struct rd r;
    if (!rd_begin_profile(&r, "10_0", L100, 4, 4)) {
        rd_end(&r);
        return;
    }
    size_t n;
    void *gs = so_blob(SO_GS, &n);
    const UINT s32 = 32, s16[2] = { 16, 16 }, s30 = 30, s4096 = 4096, s12 = 12;
    ID3D11GeometryShader *g = (ID3D11GeometryShader *)1;
    static const struct {
        D3D11_SO_DECLARATION_ENTRY e;
        const char *message;
    } bad[] = {
        { { 1, "SV_Position", 0, 0, 4, 0 }, "Stream 1: feature level 10_0 has only stream 0" },
        { { 0, "SV_Position", 0, 0, 4, 1 }, "OutputSlot 1 has no stride" },
        { { 0, "SV_Position", 0, 0, 4, 4 }, "OutputSlot 4 has no stride" },
        { { 0, "COLOR", 0, 0, 4, 0 }, "COLOR0 is not in the output signature" },
        { { 0, "TEXCOORD", 1, 0, 4, 0 }, "TEXCOORD1 is not in the output signature" },
        { { 0, "TEXCOORD", 0, 2, 3, 0 }, "StartComponent 2 and ComponentCount 3" },
        { { 0, "TEXCOORD", 0, 0, 0, 0 }, "StartComponent 0 and ComponentCount 0" },
        { { 0, NULL, 0, 0, 0, 0 }, "a gap of 0 components" },
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        g = (ID3D11GeometryShader *)1;
        CHECK_HR(so_create(r.dev, gs, n, &bad[i].e, 1, &s32, 1, 0, &g), E_INVALIDARG);
        CHECK(g == NULL);
        if (!strstr(LAST, bad[i].message))
            printf("  case %zu: %s\n", i, LAST);
        CHECK_STR_CONTAINS(LAST, bad[i].message);
    }
    /* the arrays and counts */
    CHECK_HR(so_create(r.dev, gs, n, NULL, 2, &s32, 1, 0, &g), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "pSODeclaration is NULL with NumEntries 2");
    CHECK_HR(so_create(r.dev, gs, n, decl_pos_attr, 65, &s32, 1, 0, &g), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "NumEntries 65 exceeds 64 at feature level 10_0");
    CHECK_HR(so_create(r.dev, gs, n, decl_pos_attr, 2, NULL, 1, 0, &g), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "pBufferStrides is NULL");
    CHECK_HR(so_create(r.dev, gs, n, decl_pos_attr, 2, s16, 5, 0, &g), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "NumStrides 5 exceeds");
    CHECK_HR(so_create(r.dev, gs, n, decl_pos_attr, 2, &s30, 1, 0, &g), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "not a multiple of 4");
    CHECK_HR(so_create(r.dev, gs, n, decl_pos_attr, 2, &s4096, 1, 0, &g), E_INVALIDARG);
    CHECK_HR(so_create(r.dev, gs, n, decl_pos_attr, 2, &s12, 1, 0, &g), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "slot 0 receives 16 bytes a vertex, more than its stride 12");
    CHECK_HR(so_create(r.dev, gs, n, decl_pos_attr, 2, &s32, 1, 1, &g), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "RasterizedStream 1");
    CHECK_HR(so_create(r.dev, gs, n, decl_pos_attr, 2, &s32, 1, 7, &g), E_INVALIDARG);
    /* 10_x: several slots hold one entry each */
    static const D3D11_SO_DECLARATION_ENTRY two_slots[3] = {
        { 0, "SV_Position", 0, 0, 4, 0 }, { 0, "TEXCOORD", 0, 0, 4, 1 },
        { 0, "TEXCOORD", 0, 0, 2, 1 },
    };
    const UINT s32x2[2] = { 32, 32 };
    CHECK_HR(so_create(r.dev, gs, n, two_slots, 3, s32x2, 2, 0, &g), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "slot 1 holds 2 entries");
    CHECK(g == NULL);
    /* accepted: one entry a slot in two slots; a gap; validate-only S_FALSE */
    CHECK_HR(so_create(r.dev, gs, n, two_slots, 2, s16, 2, 0, NULL), S_FALSE);
    static const D3D11_SO_DECLARATION_ENTRY gap[3] = {
        { 0, "SV_Position", 0, 1, 2, 0 }, { 0, NULL, 0, 0, 5, 0 }, { 0, "TEXCOORD", 0, 3, 1, 0 },
    };
    CHECK_HR(so_create(r.dev, gs, n, gap, 3, &s32, 1, 0, &g), S_OK);
    CHECK(g != NULL);
    RD_RELEASE(g);
    /* a pixel shader's bytecode is neither a GS nor the prior stage */
    size_t pn;
    void *ps = so_blob(SO_PS, &pn);
    CHECK_HR(so_create(r.dev, ps, pn, decl_pos_attr, 2, &s32, 1, 0, &g), E_INVALIDARG);
    free(ps);
    free(gs);
    rd_end(&r);
}

/* A buffer's bytes through a staging copy. */
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

static ID3D11Buffer *so_buffer(ID3D11Device *dev, UINT size, UINT extra_bind)
{
    D3D11_BUFFER_DESC d = { size, D3D11_USAGE_DEFAULT, D3D11_BIND_STREAM_OUTPUT | extra_bind, 0,
                            0, 0 };
    ID3D11Buffer *b = NULL;
    CHECK_HR(ID3D11Device_CreateBuffer(dev, &d, NULL, &b), S_OK);
    return b;
}

struct so_scene {
    struct rd r;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps;
    ID3D11InputLayout *il;
    ID3D11Buffer *vb;
};

static bool so_begin(struct so_scene *s, const struct vtx *v, UINT nv, D3D11_PRIMITIVE_TOPOLOGY t)
{
    static const D3D11_INPUT_ELEMENT_DESC layout[] = {
        { "TEXCOORD", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        { "TEXCOORD", 1, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0 },
    };
    UINT stride = sizeof(struct vtx), offset = 0;
    memset(s, 0, sizeof(*s));
    if (!rd_begin_profile(&s->r, "10_0", L100, 8, 8))
        return false;
    s->vs = rd_vs(s->r.dev, SO_VS);
    s->ps = rd_ps(s->r.dev, SO_PS);
    s->il = rd_layout(s->r.dev, layout, 2, SO_VS);
    s->vb = rd_buffer(s->r.dev, D3D11_BIND_VERTEX_BUFFER, v, nv * (UINT)sizeof(*v));
    ID3D11DeviceContext_IASetInputLayout(s->r.ctx, s->il);
    ID3D11DeviceContext_IASetVertexBuffers(s->r.ctx, 0, 1, &s->vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->r.ctx, t);
    ID3D11DeviceContext_VSSetShader(s->r.ctx, s->vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(s->r.ctx, s->ps, NULL, 0);
    return s->vs && s->ps && s->il && s->vb;
}

static void so_end(struct so_scene *s)
{
    ID3D11DeviceContext_ClearState(s->r.ctx);
    RD_RELEASE(s->vb);
    RD_RELEASE(s->il);
    RD_RELEASE(s->ps);
    RD_RELEASE(s->vs);
    rd_end(&s->r);
}

static const struct vtx tri[6] = {
    { { -1, -1, 0, 1 }, { 1, 0, 0, 1 } },   { { -1, 1, 0, 1 }, { 0, 1, 0, 1 } },
    { { 1, -1, 0, 1 }, { 0, 0, 1, 1 } },    { { 0, 0, 0.5f, 1 }, { 1, 1, 0, 1 } },
    { { 0, 1, 0.5f, 1 }, { 0, 1, 1, 1 } },  { { 1, 0, 0.5f, 1 }, { 1, 0, 1, 1 } },
};

/* Stream output of the vertex shader: the vertices as the VS wrote them, in order; the pixels
 * as without stream output; DrawAuto of the buffer draws the same pixels again. */
TEST(so_vertex_shader_and_draw_auto)
{
    struct so_scene s;
    uint8_t ref[8 * 8 * 4], img[8 * 8 * 4];
    float out[6][8];
    if (!so_begin(&s, tri, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)) {
        so_end(&s);
        return;
    }
    size_t n;
    void *vsb = so_blob(SO_VS, &n);
    const UINT stride = 32;
    ID3D11GeometryShader *g = NULL;
    CHECK_HR(so_create(s.r.dev, vsb, n, decl_pos_attr, 2, &stride, 1, 0, &g), S_OK);
    ID3D11Buffer *so = so_buffer(s.r.dev, sizeof(out), D3D11_BIND_VERTEX_BUFFER);
    rd_clear(&s.r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 6, 0));
    rd_read(&s.r, ref);
    const UINT zero = 0;
    ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 1, &so, &zero));
    ID3D11DeviceContext_GSSetShader(s.r.ctx, g, NULL, 0);
    rd_clear(&s.r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 6, 0));
    rd_read(&s.r, img);
    CHECK(!memcmp(img, ref, sizeof(img)));
    read_buffer(&s.r, so, sizeof(out), out);
    CHECK(!memcmp(out, tri, sizeof(out)));
    /* DrawAuto: the streamed vertices as a vertex buffer, no stream output, no GS */
    ID3D11DeviceContext_SOSetTargets(s.r.ctx, 0, NULL, NULL);
    ID3D11DeviceContext_GSSetShader(s.r.ctx, NULL, NULL, 0);
    UINT vstride = sizeof(struct vtx), voff = 0;
    ID3D11DeviceContext_IASetVertexBuffers(s.r.ctx, 0, 1, &so, &vstride, &voff);
    rd_clear(&s.r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_DrawAuto(s.r.ctx));
    rd_read(&s.r, img);
    CHECK(!memcmp(img, ref, sizeof(img)));
    /* DrawAuto needs a stream-output buffer in slot 0 */
    ID3D11DeviceContext_IASetVertexBuffers(s.r.ctx, 0, 1, &s.vb, &vstride, &voff);
    util_clear_last_message();
    ID3D11DeviceContext_DrawAuto(s.r.ctx);
    CHECK_STR_CONTAINS(LAST, "D3D11_BIND_STREAM_OUTPUT");
    RD_RELEASE(so);
    RD_RELEASE(g);
    free(vsb);
    so_end(&s);
}

/* Stream output from the vertex shader's bare output signature (D3DGetOutputSignatureBlob:
 * a container with an OSGN chunk and no program), as the CreateGeometryShaderWithStreamOutput
 * page offers it: the same vertices and pixels as from the vertex shader's bytecode.  Its
 * declaration is checked against that signature; a draw with a vertex shader whose output
 * signature differs is refused (a message, nothing drawn or streamed). */
TEST(so_from_a_bare_output_signature_blob)
{
    struct so_scene s;
    uint8_t ref[8 * 8 * 4], img[8 * 8 * 4];
    float out[6][8];
    if (!so_begin(&s, tri, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)) {
        so_end(&s);
        return;
    }
    size_t n;
    void *vsb = so_blob(SO_VS, &n);
    ID3DBlob *sig = NULL;
    const UINT stride = 32;
    ID3D11GeometryShader *g = NULL, *bad = (ID3D11GeometryShader *)1;
    ID3D11Buffer *so = so_buffer(s.r.dev, sizeof(out), D3D11_BIND_VERTEX_BUFFER);
    ID3D11VertexShader *other = NULL;
    CHECK_HR(D3DGetOutputSignatureBlob(vsb, n, &sig), S_OK);
    if (!sig || !so)
        goto done;
    const void *sp = ID3D10Blob_GetBufferPointer(sig);
    SIZE_T sn = ID3D10Blob_GetBufferSize(sig);
    /* the declaration against the signature: an element it lacks is refused */
    {
        const D3D11_SO_DECLARATION_ENTRY e = { 0, "COLOR", 0, 0, 4, 0 };
        CHECK_HR(so_create(s.r.dev, sp, sn, &e, 1, &stride, 1, 0, &bad), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "COLOR0 is not in the output signature");
        CHECK(bad == NULL);
    }
    CHECK_HR(so_create(s.r.dev, sp, sn, decl_pos_attr, 2, &stride, 1, 0, NULL), S_FALSE);
    CHECK_HR(so_create(s.r.dev, sp, sn, decl_pos_attr, 2, &stride, 1, 0, &g), S_OK);
    if (!g)
        goto done;
    rd_clear(&s.r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 6, 0));
    rd_read(&s.r, ref);
    const UINT zero = 0;
    ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 1, &so, &zero));
    ID3D11DeviceContext_GSSetShader(s.r.ctx, g, NULL, 0);
    rd_clear(&s.r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 6, 0));
    rd_read(&s.r, img);
    CHECK(!memcmp(img, ref, sizeof(img)));
    read_buffer(&s.r, so, sizeof(out), out);
    CHECK(!memcmp(out, tri, sizeof(out)));
    /* a vertex shader with another output signature (a third output) */
    {
        size_t m;
        void *ob = so_blob("vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\n"
                           "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\n"
                           "dcl_output o2.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\n"
                           "mov o2.xyzw, v1.xyzw\nret\n", &m);
        if (ob)
            CHECK_HR(ID3D11Device_CreateVertexShader(s.r.dev, ob, m, NULL, &other), S_OK);
        free(ob);
    }
    if (other) {
        memset(out, 0, sizeof(out));
        ID3D11DeviceContext_SOSetTargets(s.r.ctx, 1, &so, &zero);
        ID3D11DeviceContext_VSSetShader(s.r.ctx, other, NULL, 0);
        rd_clear(&s.r, 0, 0, 0, 0);
        util_clear_last_message();
        ID3D11DeviceContext_Draw(s.r.ctx, 6, 0);
        CHECK_STR_CONTAINS(LAST, "created from an output signature other than the bound vertex "
                                 "shader's");
        rd_read(&s.r, img);
        for (size_t i = 0; i < sizeof(img); i++)
            if (img[i]) {
                CHECK(!"pixels drawn");
                break;
            }
    }
    /* a container with neither a program nor an output signature (the input signature) */
    {
        ID3DBlob *in = NULL;
        CHECK_HR(D3DGetInputSignatureBlob(vsb, n, &in), S_OK);
        if (in) {
            bad = (ID3D11GeometryShader *)1;
            CHECK_HR(so_create(s.r.dev, ID3D10Blob_GetBufferPointer(in),
                               ID3D10Blob_GetBufferSize(in), decl_pos_attr, 2, &stride, 1, 0,
                               &bad), E_INVALIDARG);
            CHECK_STR_CONTAINS(LAST, "neither a program nor an output signature");
            CHECK(bad == NULL);
            ID3D10Blob_Release(in);
        }
    }
done:
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(other);
    if (sig)
        ID3D10Blob_Release(sig);
    RD_RELEASE(so);
    RD_RELEASE(g);
    free(vsb);
    so_end(&s);
}

/* A geometry shader's strips unrolled: one point gives triangles (0, 1, 2) and (1, 3, 2);
 * only xy of the position into slot 0 (stride 8). */
TEST(so_geometry_shader_strips)
{
    static const struct vtx pt[1] = { { { 0.25f, 0.5f, 0, 1 }, { 1, 0, 0, 1 } } };
    struct so_scene s;
    float out[6][2];
    if (!so_begin(&s, pt, 1, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)) {
        so_end(&s);
        return;
    }
    size_t n;
    void *gsb = so_blob(SO_GS, &n);
    static const D3D11_SO_DECLARATION_ENTRY xy = { 0, "SV_Position", 0, 0, 2, 0 };
    const UINT stride = 8;
    ID3D11GeometryShader *g = NULL;
    CHECK_HR(so_create(s.r.dev, gsb, n, &xy, 1, &stride, 1, 0, &g), S_OK);
    ID3D11Buffer *so = so_buffer(s.r.dev, sizeof(out), 0);
    ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 1, &so, NULL));
    ID3D11Buffer *back[2] = { NULL, (ID3D11Buffer *)1 };
    ID3D11DeviceContext_SOGetTargets(s.r.ctx, 2, back);
    CHECK(back[0] == so && back[1] == NULL);
    if (back[0])
        ID3D11Buffer_Release(back[0]);
    ID3D11DeviceContext_GSSetShader(s.r.ctx, g, NULL, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 1, 0));
    read_buffer(&s.r, so, sizeof(out), out);
    static const float want[6][2] = { { -0.75f, 1.5f }, { 1.25f, 1.5f }, { -0.75f, -0.5f },
                                      { 1.25f, 1.5f }, { 1.25f, -0.5f }, { -0.75f, -0.5f } };
    CHECK(!memcmp(out, want, sizeof(out)));
    for (int i = 0; i < 6; i++)
        if (out[i][0] != want[i][0] || out[i][1] != want[i][1])
            printf("  vertex %d: %g %g\n", i, out[i][0], out[i][1]);
    RD_RELEASE(so);
    RD_RELEASE(g);
    free(gsb);
    so_end(&s);
}

/* Overflow: a buffer of one triangle and a half takes the first triangle only (the SO
 * statistics say 1 written, 2 needed; the overflow query TRUE); append (-1) continues after
 * it, an explicit offset starts there. */
TEST(so_overflow_and_append)
{
    struct so_scene s;
    float out[9][8];
    if (!so_begin(&s, tri, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)) {
        so_end(&s);
        return;
    }
    size_t n;
    void *vsb = so_blob(SO_VS, &n);
    const UINT stride = 32;
    ID3D11GeometryShader *g = NULL;
    CHECK_HR(so_create(s.r.dev, vsb, n, decl_pos_attr, 2, &stride, 1, 0, &g), S_OK);
    ID3D11Buffer *so = so_buffer(s.r.dev, 4 * 32, 0);   /* room for 4 vertices */
    ID3D11Buffer *big = so_buffer(s.r.dev, sizeof(out), 0);
    const UINT zero = 0, append = (UINT)-1, at96 = 96;
    ID3D11DeviceContext_GSSetShader(s.r.ctx, g, NULL, 0);
    ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 1, &so, &zero));
    /* the statistics and overflow queries of stream 0 around the draw */
    D3D11_QUERY_DESC qd = { D3D11_QUERY_SO_STATISTICS, 0 };
    D3D11_QUERY_DESC od = { D3D11_QUERY_SO_OVERFLOW_PREDICATE, 0 };
    ID3D11Query *stats = NULL, *over = NULL;
    CHECK_HR(ID3D11Device_CreateQuery(s.r.dev, &qd, &stats), S_OK);
    CHECK_HR(ID3D11Device_CreateQuery(s.r.dev, &od, &over), S_OK);
    ID3D11DeviceContext_Begin(s.r.ctx, (ID3D11Asynchronous *)stats);
    ID3D11DeviceContext_Begin(s.r.ctx, (ID3D11Asynchronous *)over);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 6, 0));
    ID3D11DeviceContext_End(s.r.ctx, (ID3D11Asynchronous *)stats);
    ID3D11DeviceContext_End(s.r.ctx, (ID3D11Asynchronous *)over);
    D3D11_QUERY_DATA_SO_STATISTICS sd = { 7, 7 };
    BOOL overflow = FALSE;
    CHECK_HR(ID3D11DeviceContext_GetData(s.r.ctx, (ID3D11Asynchronous *)stats, &sd, sizeof(sd), 0),
             S_OK);
    CHECK_HR(ID3D11DeviceContext_GetData(s.r.ctx, (ID3D11Asynchronous *)over, &overflow,
                                         sizeof(overflow), 0), S_OK);
    CHECK_EQ(sd.NumPrimitivesWritten, 1);
    CHECK_EQ(sd.PrimitivesStorageNeeded, 2);
    CHECK(overflow == TRUE);
    read_buffer(&s.r, so, 4 * 32, out);
    CHECK(!memcmp(out, tri, 3 * 32));            /* the first triangle */
    uint8_t rest[32];
    memcpy(rest, out[3], 32);
    CHECK(rest[0] == 0 && rest[31] == 0);        /* the second did not fit: not written */
    /* the overflow predicate drives SetPredication: while it is TRUE (it overflowed) and the
     * predicate value is TRUE, a clear is not performed; with the value FALSE it is */
    ID3D11Predicate *pred = NULL;
    CHECK_HR(ID3D11Device_CreatePredicate(s.r.dev, &od, &pred), S_OK);
    if (pred) {
        uint8_t px[8 * 8 * 4];
        ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 1, &so, &zero));
        ID3D11DeviceContext_Begin(s.r.ctx, (ID3D11Asynchronous *)pred);
        ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 6, 0));
        ID3D11DeviceContext_End(s.r.ctx, (ID3D11Asynchronous *)pred);
        rd_clear(&s.r, 1, 0, 0, 1);
        ACCEPTED(ID3D11DeviceContext_SetPredication(s.r.ctx, pred, TRUE));
        rd_clear(&s.r, 0, 1, 0, 1);   /* skipped */
        ID3D11DeviceContext_SetPredication(s.r.ctx, NULL, FALSE);
        rd_read(&s.r, px);
        CHECK(px[0] == 255 && px[1] == 0);
        ACCEPTED(ID3D11DeviceContext_SetPredication(s.r.ctx, pred, FALSE));
        rd_clear(&s.r, 0, 1, 0, 1);   /* performed */
        ID3D11DeviceContext_SetPredication(s.r.ctx, NULL, FALSE);
        rd_read(&s.r, px);
        CHECK(px[0] == 0 && px[1] == 255);
        RD_RELEASE(pred);
    }
    /* append: the second triangle after the first, then an explicit offset */
    ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 1, &big, &zero));
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 3, 3));
    ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 1, &big, &append));
    ID3D11DeviceContext_Begin(s.r.ctx, (ID3D11Asynchronous *)stats);
    ID3D11DeviceContext_Begin(s.r.ctx, (ID3D11Asynchronous *)over);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 3, 0));
    ID3D11DeviceContext_End(s.r.ctx, (ID3D11Asynchronous *)stats);
    ID3D11DeviceContext_End(s.r.ctx, (ID3D11Asynchronous *)over);
    CHECK_HR(ID3D11DeviceContext_GetData(s.r.ctx, (ID3D11Asynchronous *)stats, &sd, sizeof(sd), 0),
             S_OK);
    CHECK_HR(ID3D11DeviceContext_GetData(s.r.ctx, (ID3D11Asynchronous *)over, &overflow,
                                         sizeof(overflow), 0), S_OK);
    CHECK(sd.NumPrimitivesWritten == 1 && sd.PrimitivesStorageNeeded == 1 && overflow == FALSE);
    RD_RELEASE(stats);
    RD_RELEASE(over);
    /* stream 1: nothing can write it at 10_x (one stream), so it counts 0 */
    D3D11_QUERY_DESC s1 = { D3D11_QUERY_SO_STATISTICS_STREAM1, 0 };
    CHECK_HR(ID3D11Device_CreateQuery(s.r.dev, &s1, &stats), S_OK);
    if (stats) {
        ID3D11DeviceContext_Begin(s.r.ctx, (ID3D11Asynchronous *)stats);
        ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 3, 0));
        ID3D11DeviceContext_End(s.r.ctx, (ID3D11Asynchronous *)stats);
        sd.NumPrimitivesWritten = sd.PrimitivesStorageNeeded = 7;
        CHECK_HR(ID3D11DeviceContext_GetData(s.r.ctx, (ID3D11Asynchronous *)stats, &sd,
                                             sizeof(sd), 0), S_OK);
        CHECK(sd.NumPrimitivesWritten == 0 && sd.PrimitivesStorageNeeded == 0);
        RD_RELEASE(stats);
    }
    read_buffer(&s.r, big, sizeof(out), out);
    CHECK(!memcmp(out[0], &tri[3], 3 * 32));
    CHECK(!memcmp(out[3], &tri[0], 3 * 32));
    ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 1, &big, &at96));
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 3, 3));
    read_buffer(&s.r, big, sizeof(out), out);
    CHECK(!memcmp(out[3], &tri[3], 3 * 32));
    /* SOSetTargets rules: a buffer without BIND_STREAM_OUTPUT, more than four */
    util_clear_last_message();
    ID3D11DeviceContext_SOSetTargets(s.r.ctx, 1, &s.vb, &zero);
    CHECK_STR_CONTAINS(LAST, "D3D11_BIND_STREAM_OUTPUT");
    ID3D11Buffer *five[5] = { big, NULL, NULL, NULL, NULL };
    util_clear_last_message();
    ID3D11DeviceContext_SOSetTargets(s.r.ctx, 5, five, NULL);
    CHECK_STR_CONTAINS(LAST, "NumBuffers 5 exceeds");
    ID3D11Buffer *back = NULL;
    ID3D11DeviceContext_SOGetTargets(s.r.ctx, 1, &back);
    CHECK(back == big);   /* the refused calls changed nothing */
    if (back)
        ID3D11Buffer_Release(back);
    RD_RELEASE(big);
    RD_RELEASE(so);
    RD_RELEASE(g);
    free(vsb);
    so_end(&s);
}

/* Stream output of the vertex shader with adjacency topologies and no GS: each primitive's
 * non-adjacent vertices, in the order (and with the pixels) of the plain topology of those
 * vertices -- a triangle strip with adjacency as the strip of its even vertices (odd triangles
 * (i, i+2, i+1) of that strip), a line list with adjacency as the list of its middle pairs. */
TEST(so_vertex_shader_adjacency)
{
    static const struct vtx mainv[5] = {
        { { -1, -1, 0, 1 }, { 1, 0, 0, 1 } },      { { -0.5f, 1, 0, 1 }, { 0, 1, 0, 1 } },
        { { 0, -1, 0.25f, 1 }, { 0, 0, 1, 1 } },   { { 0.5f, 1, 0.5f, 1 }, { 1, 1, 0, 1 } },
        { { 1, -1, 0.75f, 1 }, { 0, 1, 1, 1 } },
    };
    static const struct vtx far_v = { { 0.9f, 0.9f, 0, 1 }, { 0.5f, 0.5f, 0.5f, 1 } };
    static const struct {
        D3D11_PRIMITIVE_TOPOLOGY adj, plain;
        UINT nadj, nplain, nout;   /* vertices in, main vertices, vertices streamed out */
    } cases[] = {
        { D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP, 10, 5, 9 },
        { D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ, D3D11_PRIMITIVE_TOPOLOGY_LINELIST, 8, 4, 4 },
    };
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        struct vtx adj[16];
        for (UINT i = 0; i < cases[c].nadj; i++) {
            bool is_main = c == 0 ? !(i & 1) : (i % 4 == 1 || i % 4 == 2);
            UINT k = c == 0 ? i / 2 : (i / 4) * 2 + (i % 4 == 2);
            adj[i] = is_main ? mainv[k] : far_v;
        }
        float want[16][8], got[16][8];
        uint8_t want_img[8 * 8 * 4], got_img[8 * 8 * 4];
        for (int pass = 0; pass < 2; pass++) {
            struct so_scene s;
            const struct vtx *v = pass ? adj : mainv;
            UINT nv = pass ? cases[c].nadj : cases[c].nplain;
            if (!so_begin(&s, v, nv, pass ? cases[c].adj : cases[c].plain)) {
                so_end(&s);
                return;
            }
            size_t n;
            void *vsb = so_blob(SO_VS, &n);
            const UINT stride = 32, zero = 0;
            ID3D11GeometryShader *g = NULL;
            CHECK_HR(so_create(s.r.dev, vsb, n, decl_pos_attr, 2, &stride, 1, 0, &g), S_OK);
            ID3D11Buffer *so = so_buffer(s.r.dev, sizeof(want), D3D11_BIND_VERTEX_BUFFER);
            ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 1, &so, &zero));
            ID3D11DeviceContext_GSSetShader(s.r.ctx, g, NULL, 0);
            rd_clear(&s.r, 0, 0, 0, 0);
            ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, nv, 0));
            rd_read(&s.r, pass ? got_img : want_img);
            read_buffer(&s.r, so, sizeof(want), pass ? got : want);
            RD_RELEASE(so);
            RD_RELEASE(g);
            free(vsb);
            so_end(&s);
        }
        if (memcmp(got, want, sizeof(float) * 8 * cases[c].nout))
            harness_fail(__FILE__, __LINE__, "case %zu: the streamed vertices differ", c);
        if (memcmp(got_img, want_img, sizeof(got_img)))
            harness_fail(__FILE__, __LINE__, "case %zu: the pixels differ", c);
        CHECK(want[cases[c].nout - 1][3] == 1.0f);   /* the last streamed vertex is there */
    }
}
