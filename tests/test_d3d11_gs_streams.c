/* tests/test_d3d11_gs_streams.c — gs_5_0 programs with several output streams at 11_0 (issue
 * 11, item 5): dcl_stream m0..m3, emit_stream / cut_stream m#, each stream's outputs from o0
 * (the dcl_stream and "How To: Index Multiple Output Streams" pages; D3D11.3 spec 13 and 14).
 *   - two and four streams written to separate stream-output buffers, by the declaration
 *     entries' Stream field, compared word for word;
 *   - RasterizedStream picks the stream drawn (1 here: its own SV_Position and attributes),
 *     D3D11_SO_NO_RASTERIZED_STREAM draws none, CreateGeometryShader (no stream output) draws
 *     stream 0 -- exact pixels;
 *   - the SO statistics and overflow queries per stream (STREAM0..3) and for all streams
 *     together, and the pipeline statistics' GS counts;
 *   - the refusals of CreateGeometryShaderWithStreamOutput at 11_0 (a slot shared by two
 *     streams, an element not in its entry's stream, Stream / RasterizedStream past 3) and at
 *     10_0 (only stream 0);
 *   - the same from HLSL (two PointStreams through hlsl_compile), drawn and streamed out.
 * Values are small integers and halves, so every float compared is exact. */
#include "test_render_util.h"

#include <stdio.h>

#include "hlsl/hlsl.h"

static const D3D_FEATURE_LEVEL L110 = D3D_FEATURE_LEVEL_11_0;
static const D3D_FEATURE_LEVEL L100 = D3D_FEATURE_LEVEL_10_0;

#define W 8
#define H 8

#define ST_VS                                                                                    \
    "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"           \
    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"
#define ST_PS "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v1.xyzw\nret\n"

/* Two streams: stream 0 the point as it is (red by its attribute); stream 1 the point 0.5 to
 * the right (two pixels of 8) in green, its TEXCOORD0 holding (2 a.x, 3 a.y, 0, 1). */
#define ST_GS2                                                                                   \
    "gs_5_0\ndcl_input_siv v[1][0].xyzw, position\ndcl_input v[1][1].xyzw\n"                     \
    "dcl_inputprimitive point\n"                                                                 \
    "dcl_stream m0\ndcl_outputtopology pointlist\ndcl_output_siv o0.xyzw, position\n"           \
    "dcl_output o1.xyzw\n"                                                                       \
    "dcl_stream m1\ndcl_outputtopology pointlist\ndcl_output_siv o0.xyzw, position\n"           \
    "dcl_output o1.xyzw\n"                                                                       \
    "dcl_maxout 2\n"                                                                             \
    "mov o0.xyzw, v[0][0].xyzw\nmov o1.xyzw, v[0][1].xyzw\nemit_stream m0\n"                     \
    "add o0.xyzw, v[0][0].xyzw, l(0.5, 0.0, 0.0, 0.0)\n"                                         \
    "mul o1.xyz, v[0][1].xyxx, l(2.0, 3.0, 0.0, 0.0)\nmov o1.w, l(1.0)\n"                        \
    "emit_stream m1\nret\n"

/* Four streams without positions (none rasterized): stream k writes a.x * (k + 1) and k;
 * stream 2 cuts (a point list: no effect on what is written). */
#define ST_GS4_STREAM(k)                                                                         \
    "dcl_stream m" #k "\ndcl_outputtopology pointlist\ndcl_output o0.xy\n"
#define ST_GS4_EMIT(k, f)                                                                        \
    "mul o0.x, v[0][1].x, l(" #f ")\nmov o0.y, l(" #k ".0)\nemit_stream m" #k "\n"
#define ST_GS4                                                                                   \
    "gs_5_0\ndcl_input_siv v[1][0].xyzw, position\ndcl_input v[1][1].xyzw\n"                     \
    "dcl_inputprimitive point\n" ST_GS4_STREAM(0) ST_GS4_STREAM(1) ST_GS4_STREAM(2)             \
    ST_GS4_STREAM(3) "dcl_maxout 4\n"                                                            \
    ST_GS4_EMIT(3, 4.0) ST_GS4_EMIT(0, 1.0) ST_GS4_EMIT(1, 2.0) ST_GS4_EMIT(2, 3.0)              \
    "cut_stream m2\nret\n"

/* the input points: pixel centres (1.5, 1.5) and (1.5, 5.5) of the 8 x 8 target */
static const struct vtx pts[2] = {
    { { -0.625f, 0.625f, 0, 1 }, { 1, 0, 0, 1 } },
    { { -0.625f, -0.375f, 0, 1 }, { 0.5f, 0, 0, 1 } },
};

struct st_scene {
    struct rd r;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps;
    ID3D11InputLayout *il;
    ID3D11Buffer *vb;
};

static bool st_begin(struct st_scene *s, const char *profile, D3D_FEATURE_LEVEL level)
{
    UINT stride = sizeof(struct vtx), offset = 0;
    memset(s, 0, sizeof(*s));
    if (!rd_begin_profile(&s->r, profile, level, W, H))
        return false;
    s->vs = rd_vs(s->r.dev, ST_VS);
    s->ps = rd_ps(s->r.dev, ST_PS);
    s->il = rd_layout(s->r.dev, rd_vtx_layout, 2, ST_VS);
    s->vb = rd_buffer(s->r.dev, D3D11_BIND_VERTEX_BUFFER, pts, sizeof(pts));
    ID3D11DeviceContext_IASetInputLayout(s->r.ctx, s->il);
    ID3D11DeviceContext_IASetVertexBuffers(s->r.ctx, 0, 1, &s->vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->r.ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D11DeviceContext_VSSetShader(s->r.ctx, s->vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(s->r.ctx, s->ps, NULL, 0);
    return s->vs && s->ps && s->il && s->vb;
}

static void st_end(struct st_scene *s)
{
    if (s->r.ctx)
        ID3D11DeviceContext_ClearState(s->r.ctx);
    RD_RELEASE(s->vb);
    RD_RELEASE(s->il);
    RD_RELEASE(s->ps);
    RD_RELEASE(s->vs);
    rd_end(&s->r);
}

static ID3D11Buffer *st_buffer(ID3D11Device *dev, UINT size)
{
    D3D11_BUFFER_DESC d = { size, D3D11_USAGE_DEFAULT, D3D11_BIND_STREAM_OUTPUT, 0, 0, 0 };
    ID3D11Buffer *b = NULL;
    CHECK_HR(ID3D11Device_CreateBuffer(dev, &d, NULL, &b), S_OK);
    return b;
}

/* A buffer's bytes through a staging copy. */
static void st_read(struct rd *r, ID3D11Buffer *b, UINT size, void *out)
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

static ID3D11GeometryShader *st_gs(ID3D11Device *dev, const char *text,
                                   const D3D11_SO_DECLARATION_ENTRY *decl, UINT count,
                                   const UINT *strides, UINT nstrides, UINT rast, HRESULT want)
{
    size_t n;
    void *blob = rd_assemble(text, &n);
    CHECK(blob != NULL);
    ID3D11GeometryShader *g = NULL;
    util_clear_last_message();
    HRESULT hr = ID3D11Device_CreateGeometryShaderWithStreamOutput(dev, blob, n, decl, count,
                                                                   strides, nstrides, rast, NULL,
                                                                   &g);
    CHECK_HR(hr, want);
    if (hr != want)
        printf("  %s\n", LAST);
    free(blob);
    return g;
}

static void check_floats(const float *got, const float *want, unsigned n, const char *what)
{
    if (memcmp(got, want, n * sizeof(float))) {
        harness_fail(__FILE__, __LINE__, "%s differs", what);
        for (unsigned i = 0; i < n; i++)
            printf("  [%u] %g (want %g)\n", i, got[i], want[i]);
    }
}

/* The stream-1 entries: TEXCOORD0.xy then SV_Position.x in slot 1 (12 bytes a vertex). */
static const D3D11_SO_DECLARATION_ENTRY decl2[3] = {
    { 0, "TEXCOORD", 0, 0, 4, 0 },
    { 1, "TEXCOORD", 0, 0, 2, 1 },
    { 1, "SV_Position", 0, 0, 1, 1 },
};
static const UINT strides2[2] = { 16, 12 };
static const float want2_s0[2][4] = { { 1, 0, 0, 1 }, { 0.5f, 0, 0, 1 } };
static const float want2_s1[2][3] = { { 2, 0, -0.125f }, { 1, 0, -0.125f } };

TEST(gs_streams_two_buffers)
{
    struct st_scene s;
    if (!st_begin(&s, "11_0", L110)) {
        st_end(&s);
        return;
    }
    ID3D11GeometryShader *g = st_gs(s.r.dev, ST_GS2, decl2, 3, strides2, 2,
                                    D3D11_SO_NO_RASTERIZED_STREAM, S_OK);
    ID3D11Buffer *b[2] = { st_buffer(s.r.dev, 64), st_buffer(s.r.dev, 48) };
    const UINT offs[2] = { 0, 0 };
    ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 2, b, offs));
    ID3D11DeviceContext_GSSetShader(s.r.ctx, g, NULL, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 2, 0));
    float o0[16], o1[12];
    st_read(&s.r, b[0], sizeof(o0), o0);
    st_read(&s.r, b[1], sizeof(o1), o1);
    check_floats(o0, &want2_s0[0][0], 8, "stream 0's buffer");
    check_floats(o1, &want2_s1[0][0], 6, "stream 1's buffer");
    /* past what was written: the zeroed rest of each buffer */
    CHECK(o0[8] == 0 && o0[15] == 0 && o1[6] == 0 && o1[11] == 0);
    RD_RELEASE(b[0]);
    RD_RELEASE(b[1]);
    RD_RELEASE(g);
    st_end(&s);
}

TEST(gs_streams_four_buffers)
{
    struct st_scene s;
    if (!st_begin(&s, "11_0", L110)) {
        st_end(&s);
        return;
    }
    /* stream k to slot 3 - k: the slots need not follow the streams */
    D3D11_SO_DECLARATION_ENTRY decl[4];
    for (UINT k = 0; k < 4; k++)
        decl[k] = (D3D11_SO_DECLARATION_ENTRY){ k, "TEXCOORD", 0, 0, 2, (BYTE)(3 - k) };
    const UINT strides[4] = { 8, 8, 8, 8 };
    ID3D11GeometryShader *g = st_gs(s.r.dev, ST_GS4, decl, 4, strides, 4,
                                    D3D11_SO_NO_RASTERIZED_STREAM, S_OK);
    ID3D11Buffer *b[4];
    UINT offs[4];
    for (int k = 0; k < 4; k++) {
        b[k] = st_buffer(s.r.dev, 32);
        offs[k] = 0;
    }
    ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 4, b, offs));
    ID3D11DeviceContext_GSSetShader(s.r.ctx, g, NULL, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 2, 0));
    for (int slot = 0; slot < 4; slot++) {
        int k = 3 - slot;
        float o[8];
        st_read(&s.r, b[slot], 32, o);
        /* the two points' a.x (1, 0.5) times k + 1, and k */
        const float want[8] = { 1.0f * (float)(k + 1), (float)k, 0.5f * (float)(k + 1),
                                (float)k, 0, 0, 0, 0 };
        char what[40];
        snprintf(what, sizeof(what), "slot %d (stream %d)", slot, k);
        check_floats(o, want, 8, what);
    }
    for (int k = 0; k < 4; k++)
        RD_RELEASE(b[k]);
    RD_RELEASE(g);
    st_end(&s);
}

/* The target's pixels: which of (1,1), (3,1), (1,5), (3,5) are lit and with what. */
static void st_expect(struct rd *r, uint32_t p11, uint32_t p31, uint32_t p15, uint32_t p35)
{
    uint8_t img[W * H * 4];
    rd_read(r, img);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint32_t want = 0xff000000u;   /* the clear: opaque black, as RGBA bytes LE */
            if (y == 1 && x == 1) want = p11;
            if (y == 1 && x == 3) want = p31;
            if (y == 5 && x == 1) want = p15;
            if (y == 5 && x == 3) want = p35;
            const uint8_t *q = &img[4 * (y * W + x)];
            uint32_t got = (uint32_t)q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 |
                           (uint32_t)q[3] << 24;
            if (got != want)
                harness_fail(__FILE__, __LINE__, "pixel (%d,%d) 0x%08x, want 0x%08x", x, y,
                             got, want);
        }
}

/* RasterizedStream 1 draws stream 1's points (2 pixels right, green-ish (2 a.x, 3 a.y, 0,
 * 1) saturated: (255, 0, 0) for a = (1, 0) and 0.5 -> (255, 0, 0) too); 0 draws stream 0's;
 * NO_RASTERIZED_STREAM none; a plain CreateGeometryShader stream 0. */
TEST(gs_streams_rasterized_stream)
{
    struct st_scene s;
    if (!st_begin(&s, "11_0", L110)) {
        st_end(&s);
        return;
    }
    static const D3D11_SO_DECLARATION_ENTRY d1 = { 1, "TEXCOORD", 0, 0, 4, 0 };
    const UINT stride = 16;
    const uint32_t red = 0xff0000ffu, half = 0xff000080u;
    ID3D11Buffer *b = st_buffer(s.r.dev, 64);
    const UINT zero = 0;
    for (int pass = 0; pass < 4; pass++) {
        UINT rast = pass == 0 ? 1 : pass == 1 ? 0 : D3D11_SO_NO_RASTERIZED_STREAM;
        ID3D11GeometryShader *g = NULL;
        if (pass < 3) {
            g = st_gs(s.r.dev, ST_GS2, &d1, 1, &stride, 1, rast, S_OK);
        } else {
            size_t n;
            void *blob = rd_assemble(ST_GS2, &n);
            CHECK_HR(ID3D11Device_CreateGeometryShader(s.r.dev, blob, n, NULL, &g), S_OK);
            free(blob);
        }
        rd_clear(&s.r, 0, 0, 0, 1);
        ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 1, &b, &zero));
        ID3D11DeviceContext_GSSetShader(s.r.ctx, g, NULL, 0);
        ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 2, 0));
        if (pass == 0)        /* stream 1: (2 a.x, 3 a.y, 0, 1) at x + 2 pixels */
            st_expect(&s.r, 0xff000000u, 0xff0000ffu, 0xff000000u, 0xff0000ffu);
        else if (pass == 2)   /* nothing drawn */
            st_expect(&s.r, 0xff000000u, 0xff000000u, 0xff000000u, 0xff000000u);
        else                  /* stream 0: a as it is */
            st_expect(&s.r, red, 0xff000000u, half, 0xff000000u);
        if (pass < 3) {   /* stream 1 was streamed out whatever was drawn */
            float o[16];
            st_read(&s.r, b, sizeof(o), o);
            const float want[8] = { 2, 0, 0, 1, 1, 0, 0, 1 };
            check_floats(o, want, 8, "stream 1's buffer");
        }
        RD_RELEASE(g);
    }
    RD_RELEASE(b);
    st_end(&s);
}

static void st_query(struct rd *r, ID3D11Query *q, void *out, UINT size)
{
    CHECK_HR(ID3D11DeviceContext_GetData(r->ctx, (ID3D11Asynchronous *)q, out, size, 0), S_OK);
}

/* Stream 1's buffer holds one of its two vertices: stream 1 needs 2 and writes 1 and its
 * overflow predicate is TRUE; stream 0's are 2 / 2 and FALSE; the queries naming no stream
 * sum (4 needed, 3 written) and say TRUE; streams 2 and 3 count nothing.  The pipeline
 * statistics: 2 GS invocations, 4 GS primitives (both streams' points). */
TEST(gs_streams_statistics)
{
    struct st_scene s;
    if (!st_begin(&s, "11_0", L110)) {
        st_end(&s);
        return;
    }
    ID3D11GeometryShader *g = st_gs(s.r.dev, ST_GS2, decl2, 3, strides2, 2, 0, S_OK);
    ID3D11Buffer *b[2] = { st_buffer(s.r.dev, 64), st_buffer(s.r.dev, 12) };
    const UINT offs[2] = { 0, 0 };
    ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 2, b, offs));
    ID3D11DeviceContext_GSSetShader(s.r.ctx, g, NULL, 0);
    ID3D11Query *q[11];
    for (int i = 0; i < 11; i++) {
        D3D11_QUERY_DESC d = { i < 10 ? (D3D11_QUERY)(D3D11_QUERY_SO_STATISTICS + i) :
                                        D3D11_QUERY_PIPELINE_STATISTICS, 0 };
        q[i] = NULL;
        CHECK_HR(ID3D11Device_CreateQuery(s.r.dev, &d, &q[i]), S_OK);
        if (q[i])
            ID3D11DeviceContext_Begin(s.r.ctx, (ID3D11Asynchronous *)q[i]);
    }
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 2, 0));
    for (int i = 0; i < 11; i++)
        if (q[i])
            ID3D11DeviceContext_End(s.r.ctx, (ID3D11Asynchronous *)q[i]);
    /* SO_STATISTICS, OVERFLOW, then STATISTICS_STREAMk / OVERFLOW_STREAMk for k = 0..3 */
    static const UINT64 written[5] = { 3, 2, 1, 0, 0 }, needed[5] = { 4, 2, 2, 0, 0 };
    static const BOOL over[5] = { TRUE, FALSE, TRUE, FALSE, FALSE };
    for (int k = 0; k < 5; k++) {
        D3D11_QUERY_DATA_SO_STATISTICS sd = { 99, 99 };
        BOOL o = 7;
        if (!q[2 * k] || !q[2 * k + 1])
            continue;
        st_query(&s.r, q[2 * k], &sd, sizeof(sd));
        st_query(&s.r, q[2 * k + 1], &o, sizeof(o));
        if (sd.NumPrimitivesWritten != written[k] || sd.PrimitivesStorageNeeded != needed[k] ||
            o != over[k])
            harness_fail(__FILE__, __LINE__, "query set %d: written %llu needed %llu overflow "
                         "%d, want %llu %llu %d", k, (unsigned long long)sd.NumPrimitivesWritten,
                         (unsigned long long)sd.PrimitivesStorageNeeded, (int)o,
                         (unsigned long long)written[k], (unsigned long long)needed[k],
                         (int)over[k]);
    }
    D3D11_QUERY_DATA_PIPELINE_STATISTICS ps;
    memset(&ps, 0xcd, sizeof(ps));
    if (q[10]) {
        st_query(&s.r, q[10], &ps, sizeof(ps));
        CHECK_EQ(ps.GSInvocations, 2);
        CHECK_EQ(ps.GSPrimitives, 4);
        CHECK_EQ(ps.CInvocations, 2);   /* only stream 0's points reach clipping */
    }
    /* stream 1's first vertex is in its buffer */
    float o1[3];
    st_read(&s.r, b[1], 12, o1);
    check_floats(o1, want2_s1[0], 3, "stream 1's one vertex");
    for (int i = 0; i < 11; i++)
        RD_RELEASE(q[i]);
    RD_RELEASE(b[0]);
    RD_RELEASE(b[1]);
    RD_RELEASE(g);
    st_end(&s);
}

TEST(gs_streams_refusals)
{
    struct st_scene s;
    if (!st_begin(&s, "11_0", L110)) {
        st_end(&s);
        return;
    }
    const UINT s16x2[2] = { 16, 16 };
    static const struct {
        D3D11_SO_DECLARATION_ENTRY e[2];
        UINT rast;
        const char *message;
    } bad[] = {
        { { { 0, "TEXCOORD", 0, 0, 4, 0 }, { 1, "TEXCOORD", 0, 0, 4, 0 } }, 0,
          "OutputSlot 0 takes stream 0 and Stream 1" },
        { { { 0, "TEXCOORD", 0, 0, 4, 0 }, { 4, "TEXCOORD", 0, 0, 4, 1 } }, 0,
          "Stream 4: feature level 11_0 has streams 0..3" },
        { { { 0, "TEXCOORD", 0, 0, 4, 0 }, { 2, "TEXCOORD", 0, 0, 4, 1 } }, 0,
          "TEXCOORD0 is not in the output signature of stream 2" },
        { { { 0, "TEXCOORD", 0, 0, 4, 0 }, { 1, "TEXCOORD", 1, 0, 4, 1 } }, 0,
          "TEXCOORD1 is not in the output signature of stream 1" },
        { { { 0, "TEXCOORD", 0, 0, 4, 0 }, { 1, "TEXCOORD", 0, 0, 4, 1 } }, 4,
          "RasterizedStream 4 is neither 0..3" },
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        ID3D11GeometryShader *g = st_gs(s.r.dev, ST_GS2, bad[i].e, 2, s16x2, 2, bad[i].rast,
                                        E_INVALIDARG);
        CHECK(g == NULL);
        if (!strstr(LAST, bad[i].message))
            harness_fail(__FILE__, __LINE__, "case %zu: \"%s\" lacks \"%s\"", i, LAST,
                         bad[i].message);
        RD_RELEASE(g);
    }
    /* stream output of the vertex shader with RasterizedStream 1: the VS writes stream 0
     * only, so nothing is drawn; its stream 0 is still streamed out */
    {
        static const D3D11_SO_DECLARATION_ENTRY e0 = { 0, "TEXCOORD", 0, 0, 4, 0 };
        const UINT s16 = 16, zero = 0;
        ID3D11GeometryShader *vg = st_gs(s.r.dev, ST_VS, &e0, 1, &s16, 1, 1, S_OK);
        ID3D11Buffer *b = st_buffer(s.r.dev, 32);
        rd_clear(&s.r, 0, 0, 0, 1);
        ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 1, &b, &zero));
        ID3D11DeviceContext_GSSetShader(s.r.ctx, vg, NULL, 0);
        ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 2, 0));
        st_expect(&s.r, 0xff000000u, 0xff000000u, 0xff000000u, 0xff000000u);
        float o[8];
        st_read(&s.r, b, sizeof(o), o);
        check_floats(o, &want2_s0[0][0], 8, "the VS's stream 0");
        ID3D11DeviceContext_GSSetShader(s.r.ctx, NULL, NULL, 0);
        ID3D11DeviceContext_SOSetTargets(s.r.ctx, 0, NULL, NULL);
        RD_RELEASE(b);
        RD_RELEASE(vg);
        /* a VS entry naming stream 1: the VS has no stream 1 */
        static const D3D11_SO_DECLARATION_ENTRY e1 = { 1, "TEXCOORD", 0, 0, 4, 0 };
        vg = st_gs(s.r.dev, ST_VS, &e1, 1, &s16, 1, D3D11_SO_NO_RASTERIZED_STREAM,
                   E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "not in the output signature of stream 1");
        RD_RELEASE(vg);
    }
    /* accepted: each stream to its slot, RasterizedStream 3 (a stream the GS leaves empty) */
    ID3D11GeometryShader *g = st_gs(s.r.dev, ST_GS2, decl2, 3, strides2, 2, 3, S_OK);
    CHECK(g != NULL);
    RD_RELEASE(g);
    st_end(&s);

    /* 10_0: gs_5_0 is not taken; with a gs_4_0 program Stream and RasterizedStream are 0 */
    if (!st_begin(&s, "10_0", L100)) {
        st_end(&s);
        return;
    }
    g = st_gs(s.r.dev, ST_GS2, decl2, 1, strides2, 1, 0, E_INVALIDARG);
    CHECK(g == NULL);
    static const char gs4[] =
        "gs_4_0\ndcl_input_siv v[1][0].xyzw, position\ndcl_input v[1][1].xyzw\n"
        "dcl_inputprimitive point\ndcl_outputtopology pointlist\n"
        "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_maxout 1\n"
        "mov o0.xyzw, v[0][0].xyzw\nmov o1.xyzw, v[0][1].xyzw\nemit\nret\n";
    static const D3D11_SO_DECLARATION_ENTRY s1 = { 1, "TEXCOORD", 0, 0, 4, 0 };
    g = st_gs(s.r.dev, gs4, &s1, 1, strides2, 1, 0, E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "Stream 1: feature level 10_0 has only stream 0");
    g = st_gs(s.r.dev, gs4, decl2, 1, strides2, 1, 1, E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "RasterizedStream 1");
    g = st_gs(s.r.dev, gs4, decl2, 1, strides2, 1, 0, S_OK);
    CHECK(g != NULL);
    RD_RELEASE(g);
    st_end(&s);
}

/* The HLSL form (test_hlsl_gs5.c checks its listing): two PointStreams compiled by
 * hlsl_compile, drawn with stream 0 rasterized and both streamed out. */
static const char hlsl_two_streams[] =
    "struct V { float4 pos : SV_Position; float4 attr : TEXCOORD0; };\n"
    "struct D { float4 pos : SV_Position; float dist : DIST; };\n"
    "[maxvertexcount(2)]\n"
    "void main(point V v[1], inout PointStream<V> s0, inout PointStream<D> s1)\n"
    "{\n"
    "    s0.Append(v[0]);\n"
    "    D o;\n"
    "    o.pos = v[0].pos + float4(0.5, 0, 0, 0);\n"
    "    o.dist = v[0].attr.x * 4;\n"
    "    s1.Append(o);\n"
    "}\n";

TEST(gs_streams_hlsl_drawn)
{
    struct hlsl_args a = {0};
    struct hlsl_result res;
    a.source = hlsl_two_streams;
    a.size = strlen(hlsl_two_streams);
    a.filename = "gs.hlsl";
    a.entry = "main";
    a.target = "gs_5_0";
    int ret = hlsl_compile(&a, &res);
    CHECK_EQ(ret, 0);
    if (ret) {
        harness_fail(__FILE__, __LINE__, "%s", res.messages ? res.messages : "");
        hlsl_result_free(&res);
        return;
    }
    CHECK_STR_CONTAINS(res.listing, "emit_stream m1\n");
    struct st_scene s;
    if (!st_begin(&s, "11_0", L110)) {
        st_end(&s);
        hlsl_result_free(&res);
        return;
    }
    static const D3D11_SO_DECLARATION_ENTRY decl[2] = {
        { 0, "TEXCOORD", 0, 0, 4, 0 },
        { 1, "DIST", 0, 0, 1, 1 },
    };
    const UINT strides[2] = { 16, 4 };
    ID3D11GeometryShader *g = NULL;
    CHECK_HR(ID3D11Device_CreateGeometryShaderWithStreamOutput(s.r.dev, res.code, res.code_size,
                                                               decl, 2, strides, 2, 0, NULL, &g),
             S_OK);
    hlsl_result_free(&res);
    ID3D11Buffer *b[2] = { st_buffer(s.r.dev, 64), st_buffer(s.r.dev, 16) };
    const UINT offs[2] = { 0, 0 };
    rd_clear(&s.r, 0, 0, 0, 1);
    ACCEPTED(ID3D11DeviceContext_SOSetTargets(s.r.ctx, 2, b, offs));
    ID3D11DeviceContext_GSSetShader(s.r.ctx, g, NULL, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 2, 0));
    st_expect(&s.r, 0xff0000ffu, 0xff000000u, 0xff000080u, 0xff000000u);
    float o0[16], o1[4];
    st_read(&s.r, b[0], sizeof(o0), o0);
    st_read(&s.r, b[1], sizeof(o1), o1);
    check_floats(o0, &want2_s0[0][0], 8, "stream 0's buffer");
    static const float want1[4] = { 4, 2, 0, 0 };
    check_floats(o1, want1, 4, "stream 1's buffer");
    RD_RELEASE(b[0]);
    RD_RELEASE(b[1]);
    RD_RELEASE(g);
    st_end(&s);
}
