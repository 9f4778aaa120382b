/* tests/test_d3d11_fl10_buffers.c — feature levels 10_0 / 10_1 (issue 11, third step): typed
 * buffer shader-resource views (D3D11_BUFFER_SRV: the rules of CreateShaderResourceView for a
 * buffer, and Buffer<T> read by ld in the pixel and vertex stages, exact bits), and raw and
 * structured buffers read by ps_4_0, vs_4_0 and gs_4_0 (D3D10_X_HARDWARE_OPTIONS). */
#include "test_render_util.h"

#include "shader/dxbc.h"
#include "shader/tpf.h"

static const D3D_FEATURE_LEVEL L100 = D3D_FEATURE_LEVEL_10_0;

static ID3D11ShaderResourceView *buffer_srv(ID3D11Device *dev, ID3D11Buffer *b, DXGI_FORMAT f,
                                            UINT first, UINT count, HRESULT want)
{
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    ID3D11ShaderResourceView *srv = (ID3D11ShaderResourceView *)(uintptr_t)1;
    memset(&sd, 0, sizeof(sd));
    sd.Format = f;
    sd.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
    sd.Buffer.FirstElement = first;
    sd.Buffer.NumElements = count;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)b, &sd, &srv), want);
    if (FAILED(want))
        CHECK(srv == NULL);
    return SUCCEEDED(want) ? srv : NULL;
}

TEST(fl10_buffer_srv_rules)
{
    struct rd r;
    ID3D11Buffer *b = NULL, *vb = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    UINT bits = 0;
    if (!rd_begin_profile(&r, "10_0", L100, 1, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CheckFormatSupport(r.dev, DXGI_FORMAT_R32G32B32A32_FLOAT, &bits), S_OK);
    CHECK(bits & D3D11_FORMAT_SUPPORT_BUFFER);
    b = rd_buffer(r.dev, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_VERTEX_BUFFER, NULL, 64);
    vb = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, NULL, 64);
    if (!b || !vb)
        goto done;
    /* 16 R32 elements, or 4 of 16 bytes; the view keeps its description */
    srv = buffer_srv(r.dev, b, DXGI_FORMAT_R32_FLOAT, 0, 16, S_OK);
    RD_RELEASE(srv);
    srv = buffer_srv(r.dev, b, DXGI_FORMAT_R32G32B32A32_UINT, 1, 3, S_OK);
    if (srv) {
        ID3D11ShaderResourceView_GetDesc(srv, &sd);
        CHECK_EQ(sd.ViewDimension, D3D11_SRV_DIMENSION_BUFFER);
        CHECK_EQ(sd.Format, DXGI_FORMAT_R32G32B32A32_UINT);
        CHECK_EQ(sd.Buffer.FirstElement, 1);
        CHECK_EQ(sd.Buffer.NumElements, 3);
        RD_RELEASE(srv);
    }
    /* past the end, empty, typeless, unknown, a format without buffer support */
    util_clear_last_message();
    buffer_srv(r.dev, b, DXGI_FORMAT_R32G32B32A32_UINT, 1, 4, E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "not within the buffer's 64 bytes");
    buffer_srv(r.dev, b, DXGI_FORMAT_R32_FLOAT, 0, 0, E_INVALIDARG);
    buffer_srv(r.dev, b, DXGI_FORMAT_R32_TYPELESS, 0, 4, E_INVALIDARG);
    buffer_srv(r.dev, b, DXGI_FORMAT_UNKNOWN, 0, 4, E_INVALIDARG);
    util_clear_last_message();
    buffer_srv(r.dev, b, DXGI_FORMAT_BC1_UNORM, 0, 4, E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "cannot be used for buffers");
    /* the buffer needs D3D11_BIND_SHADER_RESOURCE */
    buffer_srv(r.dev, vb, DXGI_FORMAT_R32_FLOAT, 0, 4, E_INVALIDARG);
    /* no description (a buffer has no format), a texture dimension; BUFFEREX views exist at
     * 10_x (raw and structured buffers of D3D10_X_HARDWARE_OPTIONS: tests/test_d3d11_cs4.c) */
    srv = (ID3D11ShaderResourceView *)(uintptr_t)1;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)b, NULL, &srv),
             E_INVALIDARG);
    CHECK(srv == NULL);
    memset(&sd, 0, sizeof(sd));
    sd.Format = DXGI_FORMAT_R32_FLOAT;
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
    sd.Texture2D.MipLevels = 1;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)b, &sd, &srv),
             E_INVALIDARG);
    sd.ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX;
    sd.BufferEx.NumElements = 4;
    srv = NULL;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)b, &sd, &srv),
             S_OK);
    RD_RELEASE(srv);
    /* a raw one needs a buffer with ALLOW_RAW_VIEWS */
    sd.Format = DXGI_FORMAT_R32_TYPELESS;
    sd.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)b, &sd, &srv),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "ALLOW_RAW_VIEWS");
    /* NULL out-pointer: validation only */
    memset(&sd, 0, sizeof(sd));
    sd.Format = DXGI_FORMAT_R32_FLOAT;
    sd.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
    sd.Buffer.NumElements = 16;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)b, &sd, NULL),
             S_FALSE);
done:
    RD_RELEASE(vb);
    RD_RELEASE(b);
    rd_end(&r);
}

#define VS4_PASS                                                                                 \
    "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"           \
    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"

/* Each pixel reads element x of the view (ld with the address swizzled .xxxx, as fxc writes
 * Buffer<T>.Load: the w component, a texture's mip, is the index again and must not count). */
#define PS4_BUFFER_BY_X                                                                          \
    "ps_4_0\ndcl_resource_buffer (float,float,float,float) t0\n"                                 \
    "dcl_input_ps_siv linear noperspective v0.xy, position\ndcl_output o0.xyzw\n"                \
    "dcl_temps 1\nftou r0.x, v0.x\nld o0.xyzw, r0.xxxx, t0.xyzw\nret\n"

static void draw_buffer(struct rd *r, const char *vs, const char *ps,
                        ID3D11ShaderResourceView *ps_srv, ID3D11ShaderResourceView *vs_srv,
                        uint8_t *img)
{
    struct rd_pipe p;
    struct vtx v[6];
    static const float c[4] = { 0, 0, 0, 0 };
    rd_quad(v, 0.0f, c, c, c, c);
    rd_pipe_begin(r, &p, vs, ps, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_PSSetShaderResources(r->ctx, 0, 1, &ps_srv);
    ID3D11DeviceContext_VSSetShaderResources(r->ctx, 0, 1, &vs_srv);
    rd_clear(r, 0.2f, 0.2f, 0.2f, 0.2f);
    ACCEPTED(ID3D11DeviceContext_Draw(r->ctx, 6, 0));
    rd_read(r, img);
    ID3D11DeviceContext_ClearState(r->ctx);
    ID3D11DeviceContext_OMSetRenderTargets(r->ctx, 1, &r->rtv, NULL);
    rd_viewport(r->ctx, 0.0f, 0.0f, (float)r->w, (float)r->h);
    rd_pipe_end(&p);
}

TEST(fl10_buffer_ld_pixel)
{
    struct rd r;
    uint8_t elems[8][4], img[8 * 4];
    ID3D11Buffer *b = NULL, *fb = NULL;
    ID3D11ShaderResourceView *srv = NULL, *fsrv = NULL;
    static const float floats[4] = { 0.0f, 0.25f, 1.0f, 0.75f };
    for (int i = 0; i < 8; i++) {
        elems[i][0] = (uint8_t)(i * 30);
        elems[i][1] = (uint8_t)(255 - i);
        elems[i][2] = (uint8_t)(i * 7);
        elems[i][3] = 255;
    }
    if (!rd_begin_profile(&r, "10_0", L100, 8, 1)) {
        rd_end(&r);
        return;
    }
    b = rd_buffer(r.dev, D3D11_BIND_SHADER_RESOURCE, elems, sizeof(elems));
    fb = rd_buffer(r.dev, D3D11_BIND_SHADER_RESOURCE, floats, sizeof(floats));
    if (!b || !fb)
        goto done;
    /* elements 2..5: pixels 0..3 read them, pixels 4..7 are past the view and read 0 */
    srv = buffer_srv(r.dev, b, DXGI_FORMAT_R8G8B8A8_UNORM, 2, 4, S_OK);
    if (srv) {
        draw_buffer(&r, VS4_PASS, PS4_BUFFER_BY_X, srv, NULL, img);
        for (int x = 0; x < 8; x++) {
            static const uint8_t zero[4] = { 0, 0, 0, 0 };
            const uint8_t *want = x < 4 ? elems[2 + x] : zero;
            if (memcmp(img + 4 * x, want, 4))
                harness_fail(__FILE__, __LINE__, "pixel %d: %u %u %u %u, want %u %u %u %u", x,
                             img[4 * x], img[4 * x + 1], img[4 * x + 2], img[4 * x + 3], want[0],
                             want[1], want[2], want[3]);
        }
    }
    /* one float a element: (r, 0, 0, 1) -- absent channels read their defaults */
    fsrv = buffer_srv(r.dev, fb, DXGI_FORMAT_R32_FLOAT, 0, 4, S_OK);
    if (fsrv) {
        static const uint8_t want[4] = { 0, 64, 255, 191 };
        draw_buffer(&r, VS4_PASS, PS4_BUFFER_BY_X, fsrv, NULL, img);
        for (int x = 0; x < 4; x++) {
            CHECK_EQ(img[4 * x], want[x]);
            CHECK_EQ(img[4 * x + 1], 0);
            CHECK_EQ(img[4 * x + 3], 255);
        }
    }
done:
    RD_RELEASE(fsrv);
    RD_RELEASE(srv);
    RD_RELEASE(fb);
    RD_RELEASE(b);
    rd_end(&r);
}

/* Raw and structured buffers read by a ps_4_0 program at 10_0 (D3D10_X_HARDWARE_OPTIONS,
 * D3D11.3 18.7.2.4: ld_structured and ld_raw with dcl_globalFlags
 * enableRawAndStructuredBuffers): pixel x shows the second word of structure x (red) and word x
 * of the raw view (green); pixel 3 is past the 3-structure view (red 0). */
#define PS4_RAW_STRUCTURED                                                                       \
    "ps_4_0\ndcl_globalFlags refactoringAllowed | enableRawAndStructuredBuffers\n"              \
    "dcl_resource_structured t0, 8\ndcl_resource_raw t1\n"                                      \
    "dcl_input_ps_siv linear noperspective v0.xy, position\ndcl_output o0.xyzw\ndcl_temps 2\n"  \
    "ftou r0.x, v0.x\nld_structured r1.x, r0.x, l(4), t0.xxxx\nishl r0.y, r0.x, l(2)\n"         \
    "ld_raw r1.y, r0.y, t1.xxxx\nutof r1.xy, r1.xyxx\n"                                         \
    "mul o0.xy, r1.xyxx, l(0.00392156863, 0.00392156863, 0, 0)\nmov o0.zw, l(0, 0, 0, 1.0)\n"    \
    "ret\n"

TEST(fl10_buffer_raw_structured_pixel)
{
    struct rd r;
    uint8_t img[4 * 4];
    static const uint32_t st[8] = {1, 10, 2, 30, 3, 50, 4, 70}, raw[4] = {200, 150, 100, 50};
    ID3D11Buffer *sb = NULL, *rb = NULL;
    ID3D11ShaderResourceView *ssrv = NULL, *rsrv = NULL;
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    D3D11_BUFFER_DESC bd = { sizeof(st), D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                             D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8 };
    D3D11_SUBRESOURCE_DATA init = { st, 0, 0 };
    if (!rd_begin_profile(&r, "10_0", L100, 4, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CreateBuffer(r.dev, &bd, &init, &sb), S_OK);
    bd.ByteWidth = sizeof(raw);
    bd.MiscFlags = D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS;
    bd.StructureByteStride = 0;
    init.pSysMem = raw;
    CHECK_HR(ID3D11Device_CreateBuffer(r.dev, &bd, &init, &rb), S_OK);
    if (!sb || !rb)
        goto done;
    memset(&sd, 0, sizeof(sd));
    sd.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
    sd.Buffer.NumElements = 3;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)sb, &sd, &ssrv), S_OK);
    sd.Format = DXGI_FORMAT_R32_TYPELESS;
    sd.ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX;
    sd.BufferEx.NumElements = 4;
    sd.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)rb, &sd, &rsrv), S_OK);
    if (ssrv && rsrv) {
        struct rd_pipe p;
        struct vtx v[6];
        static const float c[4] = { 0, 0, 0, 0 };
        ID3D11ShaderResourceView *both[2] = { ssrv, rsrv };
        rd_quad(v, 0.0f, c, c, c, c);
        rd_pipe_begin(&r, &p, VS4_PASS, PS4_RAW_STRUCTURED, v, 6,
                      D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 2, both);
        rd_clear(&r, 0.2f, 0.2f, 0.2f, 0.2f);
        ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
        rd_read(&r, img);
        for (int x = 0; x < 4; x++) {
            CHECK_EQ(img[4 * x], x < 3 ? st[2 * x + 1] : 0);
            CHECK_EQ(img[4 * x + 1], raw[x]);
            CHECK_EQ(img[4 * x + 2], 0);
            CHECK_EQ(img[4 * x + 3], 255);
        }
        ID3D11DeviceContext_ClearState(r.ctx);
        ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &r.rtv, NULL);
        rd_pipe_end(&p);
    }
    /* the decoder: without the global flag refused (E_INVALIDARG at creation), in a vertex
     * program too */
    {
        size_t n = 0;
        static const char no_flag[] =
            "ps_4_0\ndcl_resource_raw t1\ndcl_output o0.xyzw\ndcl_temps 1\n"
            "ld_raw r0.x, l(0), t1.xxxx\nmov o0.xyzw, r0.xxxx\nret\n";
        static const char vs_no_flag[] =
            "vs_4_0\ndcl_resource_raw t1\ndcl_output_siv o0.xyzw, position\ndcl_temps 1\n"
            "ld_raw r0.x, l(0), t1.xxxx\nmov o0.xyzw, r0.xxxx\nret\n";
        char err[256] = "";
        void *blob = NULL;
        CHECK(tpf_assemble(no_flag, strlen(no_flag), &blob, &n, err, sizeof(err)) != 0);
        CHECK_STR_CONTAINS(err, "needs dcl_globalFlags enableRawAndStructuredBuffers");
        CHECK(tpf_assemble(vs_no_flag, strlen(vs_no_flag), &blob, &n, err, sizeof(err)) != 0);
        CHECK_STR_CONTAINS(err, "ld_raw in a shader model 4 vertex program needs dcl_globalFlags");
        free(blob);
    }
done:
    RD_RELEASE(rsrv);
    RD_RELEASE(ssrv);
    RD_RELEASE(rb);
    RD_RELEASE(sb);
    rd_end(&r);
}

/* A vertex shader reads its colour from a buffer (VSSetShaderResources at 10_0). */
TEST(fl10_buffer_ld_vertex)
{
    struct rd r;
    uint8_t img[4 * 4];
    static const float elems[3][4] = { { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, { 1.0f, 0.75f, 0.25f, 1 } };
    ID3D11Buffer *b = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    if (!rd_begin_profile(&r, "10_0", L100, 4, 1)) {
        rd_end(&r);
        return;
    }
    b = rd_buffer(r.dev, D3D11_BIND_SHADER_RESOURCE, elems, sizeof(elems));
    if (b)
        srv = buffer_srv(r.dev, b, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 3, S_OK);
    if (srv) {
        draw_buffer(&r,
                    "vs_4_0\ndcl_resource_buffer (float,float,float,float) t0\n"
                    "dcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"
                    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\n"
                    "ld o1.xyzw, l(2, 2, 2, 2), t0.xyzw\nret\n",
                    "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
                    "mov o0.xyzw, v1.xyzw\nret\n", NULL, srv, img);
        for (int x = 0; x < 4; x++) {
            static const uint8_t want[4] = { 255, 191, 64, 255 };
            CHECK(!memcmp(img + 4 * x, want, 4));
        }
    }
    RD_RELEASE(srv);
    RD_RELEASE(b);
    rd_end(&r);
}

/* ---- raw and structured buffers read by vs_4_0 and gs_4_0 (D3D11.3 18.7.2.4) ----------------
 * Four points on a 3 x 3 target, each placed and coloured by the record it reads: record k =
 * (x, y, red, green) in floats, the positions the centres of the corner pixels.  A record past
 * the view reads 0 (ld_raw / ld_structured: out-of-range reads return 0), which puts its point
 * on the centre pixel (1, 1) in black; its corner stays the clear colour. */
static const float mem_records[4][4] = {
    { -0.666666667f, 0.666666667f, 1.0f, 0.0f },     /* pixel (0, 0) */
    { 0.666666667f, 0.666666667f, 0.25f, 1.0f },     /* pixel (2, 0) */
    { -0.666666667f, -0.666666667f, 0.75f, 0.25f },  /* pixel (0, 2) */
    { 0.666666667f, -0.666666667f, 0.0f, 0.75f },    /* pixel (2, 2) */
};

#define PS4_COLOUR                                                                               \
    "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v1.xyzw\nret\n"

/* Each vertex reads structure SV_VertexID: its position at offset 0, its colour at 8. */
#define VS4_STRUCTURED_POINTS                                                                    \
    "vs_4_0\ndcl_globalFlags refactoringAllowed | enableRawAndStructuredBuffers\n"              \
    "dcl_resource_structured t0, 16\ndcl_input_sgv v0.x, vertex_id\n"                          \
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_temps 2\n"                       \
    "ld_structured r0.xy, v0.x, l(0), t0.xyxx\nld_structured r1.xy, v0.x, l(8), t0.xyxx\n"      \
    "mov o0.xy, r0.xyxx\nmov o0.zw, l(0, 0, 0, 1.0)\nmov o1.xy, r1.xyxx\n"                      \
    "mov o1.zw, l(0, 0, 0, 1.0)\nret\n"

/* The vertex passes SV_VertexID on; the geometry program reads record id of the raw view
 * (byte address id * 16, four words) and emits one point from it. */
#define VS4_ID_ONLY                                                                              \
    "vs_4_0\ndcl_input_sgv v0.x, vertex_id\ndcl_output_siv o0.xyzw, position\n"                \
    "dcl_output o1.x\nmov o0.xyzw, l(0, 0, 0, 1.0)\nmov o1.x, v0.x\nret\n"
#define GS4_RAW_POINTS                                                                           \
    "gs_4_0\ndcl_globalFlags refactoringAllowed | enableRawAndStructuredBuffers\n"              \
    "dcl_resource_raw t0\ndcl_input_siv v[1][0].xyzw, position\ndcl_input v[1][1].x\n"          \
    "dcl_temps 2\ndcl_inputprimitive point\ndcl_outputtopology pointlist\n"                     \
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_maxout 1\n"                      \
    "ishl r0.x, v[0][1].x, l(4)\nld_raw r1.xyzw, r0.x, t0.xyzw\nmov o0.xy, r1.xyxx\n"           \
    "mov o0.zw, l(0, 0, 0, 1.0)\nmov o1.xy, r1.zwzz\nmov o1.zw, l(0, 0, 0, 1.0)\nemit\nret\n"

/* Draws 4 points with the programs (gs may be NULL), `srv` at t0 of the stage that reads it,
 * and checks the 3 x 3 image: record first + k lights corner k when it lies in the view's
 * `count` records, else point k lands black on the centre. */
static void mem_points(struct rd *r, ID3D11VertexShader *vs, ID3D11GeometryShader *gs,
                       ID3D11PixelShader *ps, ID3D11ShaderResourceView *srv, int first,
                       int count, int line)
{
    static const int corner[4][2] = { { 0, 0 }, { 2, 0 }, { 0, 2 }, { 2, 2 } };
    uint8_t img[9 * 4], want[9][4];
    ID3D11DeviceContext_IASetInputLayout(r->ctx, NULL);
    ID3D11DeviceContext_IASetPrimitiveTopology(r->ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D11DeviceContext_VSSetShader(r->ctx, vs, NULL, 0);
    ID3D11DeviceContext_GSSetShader(r->ctx, gs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(r->ctx, ps, NULL, 0);
    if (gs)
        ID3D11DeviceContext_GSSetShaderResources(r->ctx, 0, 1, &srv);
    else
        ID3D11DeviceContext_VSSetShaderResources(r->ctx, 0, 1, &srv);
    rd_clear(r, 0.2f, 0.2f, 0.2f, 0.2f);
    ACCEPTED(ID3D11DeviceContext_Draw(r->ctx, 4, 0));
    rd_read(r, img);
    memset(want, 51, sizeof(want));
    for (int k = 0; k < 4; k++) {
        int rec = first + k;
        bool in = srv && k < count;
        const int *at = in ? corner[rec] : (const int[2]){ 1, 1 };
        uint8_t *w = want[at[1] * 3 + at[0]];
        w[0] = in ? rd_unorm8(mem_records[rec][2]) : 0;
        w[1] = in ? rd_unorm8(mem_records[rec][3]) : 0;
        w[2] = 0;
        w[3] = 255;
    }
    for (int i = 0; i < 9; i++)
        if (memcmp(img + 4 * i, want[i], 4))
            harness_fail(__FILE__, line, "pixel (%d, %d): %u %u %u %u, want %u %u %u %u", i % 3,
                         i / 3, img[4 * i], img[4 * i + 1], img[4 * i + 2], img[4 * i + 3],
                         want[i][0], want[i][1], want[i][2], want[i][3]);
    ID3D11DeviceContext_ClearState(r->ctx);
    ID3D11DeviceContext_OMSetRenderTargets(r->ctx, 1, &r->rtv, NULL);
    rd_viewport(r->ctx, 0.0f, 0.0f, 3.0f, 3.0f);
}

static ID3D11ShaderResourceView *mem_srv(struct rd *r, ID3D11Buffer *b, bool raw, UINT first,
                                         UINT count)
{
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    ID3D11ShaderResourceView *v = NULL;
    memset(&sd, 0, sizeof(sd));
    if (raw) {   /* in 4-byte words */
        sd.Format = DXGI_FORMAT_R32_TYPELESS;
        sd.ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX;
        sd.BufferEx.FirstElement = first * 4;
        sd.BufferEx.NumElements = count * 4;
        sd.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW;
    } else {
        sd.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
        sd.Buffer.FirstElement = first;
        sd.Buffer.NumElements = count;
    }
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r->dev, (ID3D11Resource *)b, &sd, &v), S_OK);
    return v;
}

/* `text` (a "vs_4_0" / "gs_4_0" listing) as the 4_1 model's when `v41`, in `buf`. */
static const char *model(char *buf, size_t size, const char *text, bool v41)
{
    snprintf(buf, size, "%s", text);
    if (v41)
        buf[5] = '1';
    return buf;
}

/* vs_4_0 at 10_0 and vs_4_1 at 10_1 read a structured buffer by SV_VertexID: views of records
 * 0..2 and 1..3 (vertex 3 past both), and none bound (every read 0). */
static void structured_vertex(const char *profile, D3D_FEATURE_LEVEL level, bool v41)
{
    struct rd r;
    char text[1024];
    ID3D11Buffer *b = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11ShaderResourceView *v0 = NULL, *v1 = NULL;
    D3D11_BUFFER_DESC bd = { sizeof(mem_records), D3D11_USAGE_DEFAULT,
                             D3D11_BIND_SHADER_RESOURCE, 0,
                             D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16 };
    D3D11_SUBRESOURCE_DATA init = { mem_records, 0, 0 };
    if (!rd_begin_profile(&r, profile, level, 3, 3)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CreateBuffer(r.dev, &bd, &init, &b), S_OK);
    vs = rd_vs(r.dev, model(text, sizeof(text), VS4_STRUCTURED_POINTS, v41));
    ps = rd_ps(r.dev, PS4_COLOUR);
    if (!b || !vs || !ps)
        goto done;
    v0 = mem_srv(&r, b, false, 0, 3);
    v1 = mem_srv(&r, b, false, 1, 3);
    if (!v0 || !v1)
        goto done;
    mem_points(&r, vs, NULL, ps, v0, 0, 3, __LINE__);
    mem_points(&r, vs, NULL, ps, v1, 1, 3, __LINE__);
    mem_points(&r, vs, NULL, ps, NULL, 0, 0, __LINE__);
done:
    RD_RELEASE(v1);
    RD_RELEASE(v0);
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    RD_RELEASE(b);
    rd_end(&r);
}

/* gs_4_0 at 10_0 and gs_4_1 at 10_1 read a raw buffer (CreateGeometryShader S_OK; records 0..1
 * and 2..3 in view, the rest past it), and the decoder's rules for a geometry program: the
 * global flag, and ld_raw only on a raw t# (a typed buffer view's t# refused). */
static void raw_geometry(const char *profile, D3D_FEATURE_LEVEL level, bool v41)
{
    struct rd r;
    char text[1024];
    ID3D11Buffer *b = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11GeometryShader *gs = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11ShaderResourceView *v0 = NULL, *v1 = NULL;
    D3D11_BUFFER_DESC bd = { sizeof(mem_records), D3D11_USAGE_DEFAULT,
                             D3D11_BIND_SHADER_RESOURCE, 0,
                             D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0 };
    D3D11_SUBRESOURCE_DATA init = { mem_records, 0, 0 };
    size_t n = 0;
    void *blob = NULL;
    char err[256] = "";
    if (!rd_begin_profile(&r, profile, level, 3, 3)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CreateBuffer(r.dev, &bd, &init, &b), S_OK);
    vs = rd_vs(r.dev, VS4_ID_ONLY);
    ps = rd_ps(r.dev, PS4_COLOUR);
    if ((blob = rd_assemble(model(text, sizeof(text), GS4_RAW_POINTS, v41), &n))) {
        CHECK_HR(ID3D11Device_CreateGeometryShader(r.dev, blob, n, NULL, NULL), S_FALSE);
        CHECK_HR(ID3D11Device_CreateGeometryShader(r.dev, blob, n, NULL, &gs), S_OK);
        free(blob);
    }
    if (!b || !vs || !gs || !ps)
        goto done;
    v0 = mem_srv(&r, b, true, 0, 2);
    v1 = mem_srv(&r, b, true, 2, 2);
    if (!v0 || !v1)
        goto done;
    mem_points(&r, vs, gs, ps, v0, 0, 2, __LINE__);
    mem_points(&r, vs, gs, ps, v1, 2, 2, __LINE__);
    mem_points(&r, vs, gs, ps, NULL, 0, 0, __LINE__);
    {
        static const char gs_no_flag[] =
            "gs_4_0\ndcl_resource_raw t0\ndcl_input_siv v[1][0].xyzw, position\n"
            "dcl_temps 1\ndcl_inputprimitive point\ndcl_outputtopology pointlist\n"
            "dcl_output_siv o0.xyzw, position\ndcl_maxout 1\n"
            "ld_raw r0.x, l(0), t0.xxxx\nmov o0.xyzw, r0.xxxx\nemit\nret\n";
        static const char gs_typed[] =
            "gs_4_0\ndcl_globalFlags enableRawAndStructuredBuffers\n"
            "dcl_resource_buffer (float,float,float,float) t0\n"
            "dcl_input_siv v[1][0].xyzw, position\n"
            "dcl_temps 1\ndcl_inputprimitive point\ndcl_outputtopology pointlist\n"
            "dcl_output_siv o0.xyzw, position\ndcl_maxout 1\n"
            "ld_raw r0.x, l(0), t0.xxxx\nmov o0.xyzw, r0.xxxx\nemit\nret\n";
        blob = NULL;
        CHECK(tpf_assemble(gs_no_flag, strlen(gs_no_flag), &blob, &n, err, sizeof(err)) != 0);
        CHECK_STR_CONTAINS(err, "ld_raw in a shader model 4 geometry program needs "
                                "dcl_globalFlags");
        CHECK(tpf_assemble(gs_typed, strlen(gs_typed), &blob, &n, err, sizeof(err)) != 0);
        CHECK_STR_CONTAINS(err, "ld_raw needs a raw buffer");
        free(blob);
    }
done:
    RD_RELEASE(v1);
    RD_RELEASE(v0);
    RD_RELEASE(ps);
    RD_RELEASE(gs);
    RD_RELEASE(vs);
    RD_RELEASE(b);
    rd_end(&r);
}

/* `text` assembled, then its dcl_globalFlags token stripped of enableRawAndStructuredBuffers
 * (bit 14: flags from bit 11, D3D11_SB_GLOBAL_FLAG_ENABLE_RAW_AND_STRUCTURED_BUFFERS is flag 3)
 * and the container signed again: bytecode the assembler (which decodes what it writes) would
 * not make. */
static void *without_flag(const char *text, size_t *n)
{
    uint8_t *blob = rd_assemble(text, n);
    struct dxbc_container c;
    struct dxbc_chunk chunk;
    struct dxbc_error err;
    uint32_t tok = 0;
    if (!blob)
        return NULL;
    if (dxbc_container_open(&c, blob, *n, 0, &err) < 0 ||
        !dxbc_container_find(&c, DXBC_TAG_SHDR, &chunk) ||
        (memcpy(&tok, blob + chunk.offset + 8, 4), (tok & 0x7ff) != 0x6a)) {
        harness_fail(__FILE__, __LINE__, "no SHDR chunk opening with dcl_globalFlags");
        free(blob);
        return NULL;
    }
    tok &= ~(1u << 14);
    memcpy(blob + chunk.offset + 8, &tok, 4);
    CHECK_EQ(dxbc_sign(blob, *n), 0);
    return blob;
}

/* Bytecode without the flag: CreateGeometryShader refuses it (E_INVALIDARG: the decoder's
 * TPF_E_BAD_INSTRUCTION); a vertex shader is created (its program is decoded at the first
 * draw, as every vertex shader's) and its draw dropped with the decoder's message. */
TEST(fl10_buffer_without_flag)
{
    struct rd r;
    size_t n = 0;
    void *blob;
    ID3D11GeometryShader *gs = (ID3D11GeometryShader *)(uintptr_t)1;
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    uint8_t img[9 * 4];
    if (!rd_begin_profile(&r, "10_0", L100, 3, 3)) {
        rd_end(&r);
        return;
    }
    if ((blob = without_flag(GS4_RAW_POINTS, &n))) {
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateGeometryShader(r.dev, blob, n, NULL, &gs), E_INVALIDARG);
        CHECK(gs == NULL);
        CHECK_STR_CONTAINS(LAST, "needs dcl_globalFlags enableRawAndStructuredBuffers");
        free(blob);
    }
    if ((blob = without_flag(VS4_STRUCTURED_POINTS, &n))) {
        CHECK_HR(ID3D11Device_CreateVertexShader(r.dev, blob, n, NULL, &vs), S_OK);
        free(blob);
    }
    ps = rd_ps(r.dev, PS4_COLOUR);
    if (vs && ps) {
        ID3D11DeviceContext_IASetInputLayout(r.ctx, NULL);
        ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
        ID3D11DeviceContext_VSSetShader(r.ctx, vs, NULL, 0);
        ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
        rd_clear(&r, 0.2f, 0.2f, 0.2f, 0.2f);
        util_clear_last_message();
        ID3D11DeviceContext_Draw(r.ctx, 4, 0);
        CHECK_STR_CONTAINS(LAST, "needs dcl_globalFlags enableRawAndStructuredBuffers");
        rd_read(&r, img);
        for (int i = 0; i < 9 * 4; i++)
            CHECK_EQ(img[i], 51);   /* nothing drawn */
        ID3D11DeviceContext_ClearState(r.ctx);
    }
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    rd_end(&r);
}

TEST(fl10_buffer_structured_vertex)
{
    structured_vertex("10_0", L100, false);
    structured_vertex("10_1", D3D_FEATURE_LEVEL_10_1, true);
}

TEST(fl10_buffer_raw_geometry)
{
    raw_geometry("10_0", L100, false);
    raw_geometry("10_1", D3D_FEATURE_LEVEL_10_1, true);
}

/* Buffer render-target views (D3D11_BUFFER_RTV): their rules, a draw into elements 2..5 of an
 * 8-element R8G8B8A8_UNORM buffer (4 x 1 pixels) and a clear of that range, read back through a
 * staging buffer; the other elements stay as they were. */
TEST(fl10_buffer_render_target)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float red[4] = { 1, 0, 0, 1 }, blue[4] = { 0, 0, 1, 1 };
    uint8_t init[8][4];
    D3D11_RENDER_TARGET_VIEW_DESC rd;
    D3D11_BUFFER_DESC sd = { 32, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0 };
    ID3D11Buffer *b = NULL, *st = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    memset(init, 7, sizeof(init));
    if (!rd_begin_profile(&r, "10_0", L100, 4, 1)) {
        rd_end(&r);
        return;
    }
    b = rd_buffer(r.dev, D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, init,
                  sizeof(init));
    CHECK_HR(ID3D11Device_CreateBuffer(r.dev, &sd, NULL, &st), S_OK);
    if (!b || !st)
        goto done;
    memset(&rd, 0, sizeof(rd));
    rd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    rd.ViewDimension = D3D11_RTV_DIMENSION_BUFFER;
    rd.Buffer.FirstElement = 2;
    rd.Buffer.NumElements = 7;   /* past the 8 elements */
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)b, &rd, &rtv),
             E_INVALIDARG);
    rd.Buffer.NumElements = 4;
    rd.Format = DXGI_FORMAT_R8G8B8A8_TYPELESS;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)b, &rd, &rtv),
             E_INVALIDARG);
    rd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)b, NULL, &rtv),
             E_INVALIDARG);   /* a buffer has no format */
    CHECK(rtv == NULL);
    CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)b, &rd, &rtv), S_OK);
    if (!rtv)
        goto done;
    /* the right half of the 4 x 1 target red (elements 4, 5) */
    rd_quad(v, 0.0f, red, red, red, red);
    for (int i = 0; i < 6; i++)
        v[i].pos[0] = v[i].pos[0] < 0 ? 0.0f : 1.0f;
    rd_pipe_begin(&r, &p, VS4_PASS, "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
                  "mov o0.xyzw, v1.xyzw\nret\n", v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &rtv, NULL);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    rd_pipe_end(&p);
    ID3D11DeviceContext_CopyResource(r.ctx, (ID3D11Resource *)st, (ID3D11Resource *)b);
    CHECK_HR(ID3D11DeviceContext_Map(r.ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m), S_OK);
    if (m.pData) {
        const uint8_t *e = m.pData;
        static const uint8_t seven[4] = { 7, 7, 7, 7 }, r8[4] = { 255, 0, 0, 255 };
        for (int i = 0; i < 8; i++)
            CHECK(!memcmp(e + 4 * i, i == 4 || i == 5 ? r8 : seven, 4));
        ID3D11DeviceContext_Unmap(r.ctx, (ID3D11Resource *)st, 0);
    }
    /* ClearRenderTargetView: the view's four elements only */
    ID3D11DeviceContext_ClearRenderTargetView(r.ctx, rtv, blue);
    ID3D11DeviceContext_CopyResource(r.ctx, (ID3D11Resource *)st, (ID3D11Resource *)b);
    CHECK_HR(ID3D11DeviceContext_Map(r.ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m), S_OK);
    if (m.pData) {
        const uint8_t *e = m.pData;
        static const uint8_t seven[4] = { 7, 7, 7, 7 }, b8[4] = { 0, 0, 255, 255 };
        for (int i = 0; i < 8; i++)
            CHECK(!memcmp(e + 4 * i, i >= 2 && i < 6 ? b8 : seven, 4));
        ID3D11DeviceContext_Unmap(r.ctx, (ID3D11Resource *)st, 0);
    }
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(rtv);
    RD_RELEASE(st);
    RD_RELEASE(b);
    rd_end(&r);
}
