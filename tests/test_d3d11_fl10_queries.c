/* tests/test_d3d11_fl10_queries.c — D3D11_QUERY_PIPELINE_STATISTICS at 10_0 (issue 11, item
 * 2): exact counts of every counter (pipeline/draw.h's struct draw_stats says what each
 * counts) for plain, indexed, instanced and geometry-shader draws, accumulation over draws,
 * a Begin restarting the count, GetData's size rule, and the 9_x refusal.  The SO statistics
 * and overflow kinds: tests/test_d3d11_so.c. */
#include "test_render_util.h"

static const D3D_FEATURE_LEVEL L100 = D3D_FEATURE_LEVEL_10_0;

#define QS_VS                                                                                    \
    "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"           \
    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"
#define QS_PS "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v1.xyzw\nret\n"
/* A point to a 2x2-pixel square (half-size 0.25 of an 8x8 target): one strip, two triangles. */
#define QS_CORNER(dx, dy)                                                                        \
    "add o0.xy, v[0][0].xyxx, l(" #dx ", " #dy ", 0.0, 0.0)\nmov o0.zw, v[0][0].zzzw\n"           \
    "mov o1.xyzw, v[0][1].xyzw\nemit\n"
#define QS_GS                                                                                    \
    "gs_4_0\ndcl_input_siv v[1][0].xyzw, position\ndcl_input v[1][1].xyzw\n"                    \
    "dcl_inputprimitive point\ndcl_outputtopology trianglestrip\n"                              \
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_maxout 4\n"                      \
    QS_CORNER(-0.25, 0.25) QS_CORNER(0.25, 0.25) QS_CORNER(-0.25, -0.25)                        \
    QS_CORNER(0.25, -0.25) "ret\n"

static void qs_run(struct rd *r, ID3D11Query *q, void (*draw)(struct rd *, void *), void *arg,
                   D3D11_QUERY_DATA_PIPELINE_STATISTICS *out)
{
    memset(out, 0xcd, sizeof(*out));
    ID3D11DeviceContext_Begin(r->ctx, (ID3D11Asynchronous *)q);
    draw(r, arg);
    ID3D11DeviceContext_End(r->ctx, (ID3D11Asynchronous *)q);
    CHECK_HR(ID3D11DeviceContext_GetData(r->ctx, (ID3D11Asynchronous *)q, out, sizeof(*out), 0),
             S_OK);
}

/* The counters a..h and HS/DS/CS 0. */
static bool qs_is(const D3D11_QUERY_DATA_PIPELINE_STATISTICS *p, UINT64 ia_v, UINT64 ia_p,
                  UINT64 vs, UINT64 gs, UINT64 gs_p, UINT64 c, UINT64 c_p, UINT64 ps)
{
    bool ok = p->IAVertices == ia_v && p->IAPrimitives == ia_p && p->VSInvocations == vs &&
              p->GSInvocations == gs && p->GSPrimitives == gs_p && p->CInvocations == c &&
              p->CPrimitives == c_p && p->PSInvocations == ps && p->HSInvocations == 0 &&
              p->DSInvocations == 0 && p->CSInvocations == 0;
    if (!ok)
        printf("  IA %llu %llu VS %llu GS %llu %llu C %llu %llu PS %llu HS %llu DS %llu CS %llu\n",
               (unsigned long long)p->IAVertices, (unsigned long long)p->IAPrimitives,
               (unsigned long long)p->VSInvocations, (unsigned long long)p->GSInvocations,
               (unsigned long long)p->GSPrimitives, (unsigned long long)p->CInvocations,
               (unsigned long long)p->CPrimitives, (unsigned long long)p->PSInvocations,
               (unsigned long long)p->HSInvocations, (unsigned long long)p->DSInvocations,
               (unsigned long long)p->CSInvocations);
    return ok;
}

static void draw_list(struct rd *r, void *arg)
{
    (void)arg;
    ACCEPTED(ID3D11DeviceContext_Draw(r->ctx, 6, 0));
}

static void draw_twice(struct rd *r, void *arg)
{
    (void)arg;
    ACCEPTED(ID3D11DeviceContext_Draw(r->ctx, 6, 0));
    ACCEPTED(ID3D11DeviceContext_Draw(r->ctx, 3, 0));   /* the top-left half again */
}

static void draw_instanced(struct rd *r, void *arg)
{
    (void)arg;
    ACCEPTED(ID3D11DeviceContext_DrawInstanced(r->ctx, 3, 2, 0, 0));
}

static void draw_indexed(struct rd *r, void *arg)
{
    ID3D11Buffer *ib = arg;
    ID3D11DeviceContext_IASetIndexBuffer(r->ctx, ib, DXGI_FORMAT_R16_UINT, 0);
    ACCEPTED(ID3D11DeviceContext_DrawIndexed(r->ctx, 6, 0, 0));
}

static void draw_points(struct rd *r, void *arg)
{
    ID3D11GeometryShader *gs = arg;
    ID3D11DeviceContext_IASetPrimitiveTopology(r->ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D11DeviceContext_GSSetShader(r->ctx, gs, NULL, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r->ctx, 2, 0));
    ID3D11DeviceContext_GSSetShader(r->ctx, NULL, NULL, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(r->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
}

static void draw_no_ps(struct rd *r, void *arg)
{
    ID3D11PixelShader *ps = arg;
    ID3D11DeviceContext_PSSetShader(r->ctx, NULL, NULL, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r->ctx, 6, 0));
    ID3D11DeviceContext_PSSetShader(r->ctx, ps, NULL, 0);
}

TEST(fl10_pipeline_statistics)
{
    struct rd r;
    struct rd_pipe p;
    if (!rd_begin_profile(&r, "10_0", L100, 8, 8)) {
        rd_end(&r);
        return;
    }
    const float c[4] = { 1, 1, 1, 1 };
    struct vtx v[6];
    rd_quad(v, 0.5f, c, c, c, c);   /* the whole 8x8 target: two triangles */
    rd_pipe_begin(&r, &p, QS_VS, QS_PS, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    D3D11_QUERY_DESC qd = { D3D11_QUERY_PIPELINE_STATISTICS, 0 };
    ID3D11Query *q = NULL;
    CHECK_HR(ID3D11Device_CreateQuery(r.dev, &qd, &q), S_OK);
    size_t n;
    void *blob = rd_assemble(QS_GS, &n);
    ID3D11GeometryShader *gs = NULL;
    if (blob)
        CHECK_HR(ID3D11Device_CreateGeometryShader(r.dev, blob, n, NULL, &gs), S_OK);
    free(blob);
    static const UINT16 idx[6] = { 0, 1, 2, 2, 1, 5 };   /* rd_quad's vertices 0, 1, 2, 5 */
    ID3D11Buffer *ib = rd_buffer(r.dev, D3D11_BIND_INDEX_BUFFER, idx, sizeof(idx));
    if (q && gs && ib && p.vs && p.ps) {
        D3D11_QUERY_DATA_PIPELINE_STATISTICS s;
        CHECK_EQ(ID3D11Query_GetDataSize(q), sizeof(s));
        /* 6 vertices, 2 triangles, every one of the 64 pixels shaded once */
        qs_run(&r, q, draw_list, NULL, &s);
        CHECK(qs_is(&s, 6, 2, 6, 0, 0, 2, 2, 64));
        /* two draws add up; the quad's top-left triangle covers the 28 pixels with x + y <= 6
         * (the centres on the diagonal lie on its bottom-right edge: the other triangle's, by
         * the top-left rule) */
        qs_run(&r, q, draw_twice, NULL, &s);
        CHECK(qs_is(&s, 9, 3, 9, 0, 0, 3, 3, 64 + 28));
        /* a Begin restarts: the same query again counts only its draw */
        qs_run(&r, q, draw_list, NULL, &s);
        CHECK(qs_is(&s, 6, 2, 6, 0, 0, 2, 2, 64));
        /* two instances of the first triangle */
        qs_run(&r, q, draw_instanced, NULL, &s);
        CHECK(qs_is(&s, 6, 2, 6, 0, 0, 2, 2, 56));
        /* indexed: 6 indices of 4 distinct vertices, each shaded once */
        qs_run(&r, q, draw_indexed, ib, &s);
        CHECK(qs_is(&s, 6, 2, 4, 0, 0, 2, 2, 64));
        /* a geometry shader: 2 points, 2 invocations, 2 triangles each, 2x2 pixels each */
        /* (the buffer's six vertices are updated whole: the first two are the points) */
        static const struct vtx pts[6] = { { { -0.5f, 0.5f, 0.5f, 1 }, { 1, 0, 0, 1 } },
                                           { { 0.5f, -0.5f, 0.5f, 1 }, { 0, 1, 0, 1 } } };
        ID3D11DeviceContext_UpdateSubresource(r.ctx, (ID3D11Resource *)p.vb, 0, NULL, pts, 0, 0);
        qs_run(&r, q, draw_points, gs, &s);
        CHECK(qs_is(&s, 2, 2, 2, 2, 4, 4, 4, 8));
        /* without a pixel shader: nothing is shaded */
        ID3D11DeviceContext_UpdateSubresource(r.ctx, (ID3D11Resource *)p.vb, 0, NULL, v, 0, 0);
        qs_run(&r, q, draw_no_ps, p.ps, &s);
        CHECK(qs_is(&s, 6, 2, 6, 0, 0, 2, 2, 0));
        /* GetData's size must be the structure's */
        util_clear_last_message();
        CHECK_HR(ID3D11DeviceContext_GetData(r.ctx, (ID3D11Asynchronous *)q, &s,
                                             sizeof(UINT64), 0), E_INVALIDARG);
        CHECK(LAST[0] != 0);
    }
    RD_RELEASE(ib);
    RD_RELEASE(gs);
    RD_RELEASE(q);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* 9_x has no pipeline-statistics query (seed 004, CreateQuery). */
TEST(fl10_pipeline_statistics_9x)
{
    struct rd r;
    if (!rd_begin_profile(&r, "9_3", D3D_FEATURE_LEVEL_9_3, 4, 4)) {
        rd_end(&r);
        return;
    }
    D3D11_QUERY_DESC qd = { D3D11_QUERY_PIPELINE_STATISTICS, 0 };
    ID3D11Query *q = (ID3D11Query *)1;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateQuery(r.dev, &qd, &q), E_INVALIDARG);
    CHECK(q == NULL);
    CHECK(LAST[0] != 0);
    rd_end(&r);
}
