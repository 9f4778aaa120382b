/* tests/test_d3d11_eval.c — pull-model attribute evaluation at feature level 11_0 (issue 11):
 * eval_snapped, eval_sample_index and eval_centroid (D3D11.3 functional spec 16.5, 22.4.23-25)
 * on a one-sample and a 4x R32G32B32A32_FLOAT target (the standard 4x pattern, spec 3.5.5:
 * sample offsets in sixteenths (-2,-6) (6,-2) (-6,2) (2,6)).
 *
 * The attribute is the pixel position itself: a quad whose corners carry their own pixel
 * coordinates, w = 1 (so perspective-correct and screen-linear weights agree), on an 8x8
 * target whose triangles have power-of-two sides: every plane coefficient and every value
 * below is exact in float, so the expected values are exact: x + 0.5 + dx / 16.  Where w
 * varies, the perspective results are checked bit for bit against what the same pipeline
 * gives a `sample` / `centroid` input or a plain read, and against the screen-linear value
 * they must differ from. */
#include "eval_scene.h"

/* ---- eval_snapped --------------------------------------------------------------------------- */

/* The offset's low 4 bits, signed, in sixteenths of a pixel (16.5.3): l(-8, 7) moves to the
 * left and top edges of the grid; 0x13 and 0xfffffffc keep only 3 and -4 (the other bits are
 * ignored).  Linear and noperspective inputs (w = 1: the same values); the offset from a
 * register too (cb0: 5, -1). */
#define PS_SNAPPED                                                                               \
    "ps_5_0\ndcl_constantbuffer cb0[1], immediateIndexed\ndcl_input_ps linear v0.xy\n"          \
    "dcl_input_ps linear noperspective v1.xy\ndcl_output o0.xyzw\ndcl_output o1.xyzw\n"         \
    "eval_snapped o0.xy, v0.xyxx, l(-8, 7, 0, 0)\n"                                              \
    "eval_snapped o0.zw, v1.xxxy, l(0x13, 0xfffffffc, 0, 0)\n"                                   \
    "eval_snapped o1.xy, v1.xyxx, cb0[0].xyxx\nmov o1.zw, v0.xxxy\nret\n"

static void snapped_case(UINT samples)
{
    struct ev e;
    struct vtx q[6];
    float img[EW * EH * 4];
    if (!ev_begin(&e, samples)) {
        ev_end(&e);
        return;
    }
    /* two targets: o1 into a second one-sample float texture */
    ID3D11Texture2D *t2 = ev_texture(&e, samples);
    ID3D11RenderTargetView *rtv2 = NULL;
    if (t2)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(e.r.dev, (ID3D11Resource *)t2, NULL, &rtv2),
                 S_OK);
    const int32_t cbv[4] = { 5, -1, 0, 0 };
    ID3D11Buffer *cb = rd_buffer(e.r.dev, D3D11_BIND_CONSTANT_BUFFER, cbv, sizeof(cbv));
    ev_position_quad(q);
    struct rd_pipe p;
    ID3D11RenderTargetView *rtvs[2] = { e.rtv, rtv2 };
    rd_pipe_begin(&e.r, &p, VS_ATTR2, PS_SNAPPED, q, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    CHECK(p.ps != NULL);
    ID3D11DeviceContext_OMSetRenderTargets(e.r.ctx, 2, rtvs, NULL);
    ID3D11DeviceContext_PSSetConstantBuffers(e.r.ctx, 0, 1, &cb);
    ACCEPTED(ID3D11DeviceContext_Draw(e.r.ctx, 6, 0));
    rd_pipe_end(&p);
    for (unsigned s = 0; s < samples; s++) {
        ev_read(&e, s, img);
        for (int y = 0; y < EH; y++)
            for (int x = 0; x < EW; x++)
                ev_expect(img, x, y, x + 0.5 - 8 / 16.0, y + 0.5 + 7 / 16.0, x + 0.5 + 3 / 16.0,
                          y + 0.5 - 4 / 16.0, "eval_snapped literal");
    }
    /* the second target, sample 0, read through the first's path */
    if (t2 && rtv2) {
        ID3D11Texture2D *keep = e.tex;
        ID3D11ShaderResourceView *keep_srv = e.srv;
        ID3D11ShaderResourceView *srv2 = NULL;
        if (samples > 1)
            CHECK_HR(ID3D11Device_CreateShaderResourceView(e.r.dev, (ID3D11Resource *)t2, NULL,
                                                           &srv2), S_OK);
        e.tex = t2;
        e.srv = srv2;
        ev_read(&e, 0, img);
        e.tex = keep;
        e.srv = keep_srv;
        RD_RELEASE(srv2);
        for (int y = 0; y < EH; y++)
            for (int x = 0; x < EW; x++)
                ev_expect(img, x, y, x + 0.5 + 5 / 16.0, y + 0.5 - 1 / 16.0, x + 0.5, y + 0.5,
                          "eval_snapped register offset, plain read");
    }
    RD_RELEASE(cb);
    RD_RELEASE(rtv2);
    RD_RELEASE(t2);
    ev_end(&e);
}

TEST(eval_snapped_offsets_one_sample)
{
    snapped_case(1);
}

TEST(eval_snapped_offsets_4x)
{
    snapped_case(NS);
}

/* ---- eval_sample_index ---------------------------------------------------------------------- */

/* Sample i of the draw's pattern; an index past the count (undefined, 16.5.2) and the one
 * sample of a one-sample target give the pixel centre (pixel_eval.c).  The index from a
 * literal and from the constant buffer (uint). */
static void sample_index_case(UINT samples)
{
    for (unsigned i = 0; i <= NS; i++) {
        struct ev e;
        struct vtx q[6];
        float img[EW * EH * 4];
        char ps[600];
        if (!ev_begin(&e, samples)) {
            ev_end(&e);
            return;
        }
        snprintf(ps, sizeof(ps),
                 "ps_5_0\ndcl_constantbuffer cb0[1], immediateIndexed\n"
                 "dcl_input_ps linear centroid v0.xy\ndcl_input_ps linear noperspective v1.xy\n"
                 "dcl_output o0.xyzw\neval_sample_index o0.xy, v0.xyxx, l(%u)\n"
                 "eval_sample_index o0.zw, v1.xxxy, cb0[0].x\nret\n", i);
        const uint32_t cbv[4] = { i, 0, 0, 0 };
        ID3D11Buffer *cb = rd_buffer(e.r.dev, D3D11_BIND_CONSTANT_BUFFER, cbv, sizeof(cbv));
        ID3D11DeviceContext_PSSetConstantBuffers(e.r.ctx, 0, 1, &cb);
        ev_position_quad(q);
        ev_draw(&e, ps, q, 6);
        bool at = samples > 1 && i < samples;
        double dx = at ? SX[i] / 16.0 : 0, dy = at ? SY[i] / 16.0 : 0;
        ev_read(&e, 0, img);
        for (int y = 0; y < EH; y++)
            for (int x = 0; x < EW; x++)
                ev_expect(img, x, y, x + 0.5 + dx, y + 0.5 + dy, x + 0.5 + dx, y + 0.5 + dy,
                          "eval_sample_index");
        RD_RELEASE(cb);
        ev_end(&e);
    }
}

TEST(eval_sample_index_one_sample)
{
    sample_index_case(1);
}

TEST(eval_sample_index_4x)
{
    sample_index_case(NS);
}

/* ---- eval_centroid -------------------------------------------------------------------------- */

/* The centroid rule of centroid inputs (3.5.5): a pixel whose every sample is covered, the
 * centre; a partly covered one, its first covered sample.  A triangle from x = 2.5 covers
 * samples 1 and 3 of column 2 (offsets +6/16 and +2/16), so column 2 evaluates at sample 1,
 * (+6, -2) sixteenths; columns 3..7 at the centre; one-sample targets always at the centre. */
static void centroid_case(UINT samples)
{
    struct ev e;
    struct vtx v[3];
    float img[EW * EH * 4];
    if (!ev_begin(&e, samples)) {
        ev_end(&e);
        return;
    }
    /* one triangle, so no edge of another primitive crosses the pixels */
    ev_position_tri(v, 2.5f);
    ev_draw(&e,
            "ps_5_0\ndcl_input_ps linear sample v0.xy\ndcl_input_ps linear noperspective v1.xy\n"
            "dcl_output o0.xyzw\ndcl_temps 1\neval_centroid r0.xy, v0.xyxx\n"
            "eval_centroid r0.zw, v1.xxxy\nmov o0.xyzw, r0.xyzw\nret\n", v, 3);
    /* (the `sample` modifier of v0 makes the program run per sample, 16.3; eval_centroid
     * ignores it: 16.5) */
    ev_read(&e, 1, img);
    for (int y = 0; y < EH; y++)
        for (int x = samples > 1 ? 2 : 3; x < EW; x++) {
            bool partial = samples > 1 && x == 2;
            double dx = partial ? 6 / 16.0 : 0, dy = partial ? -2 / 16.0 : 0;
            ev_expect(img, x, y, x + 0.5 + dx, y + 0.5 + dy, x + 0.5 + dx, y + 0.5 + dy,
                      "eval_centroid");
        }
    ev_end(&e);
}

TEST(eval_centroid_one_sample)
{
    centroid_case(1);
}

TEST(eval_centroid_4x)
{
    centroid_case(NS);
}

/* ---- perspective-correct and screen-linear, against the declared modes -------------------- */

/* The perspective triangle (eval_scene.h: w = 1, 2, 4 at its vertices, the attribute 0, 16,
 * 5).  Program A pulls: eval_sample_index(linear v0, 2), the same of
 * noperspective v1, eval_centroid(v0), eval_snapped(v0, 0).  Program B declares the inputs
 * `linear sample` / `noperspective sample` and runs per sample; C declares v0 `centroid` and
 * reads it plainly, and v1 plain.  A's values must equal B's at sample 2, C's centroid and
 * plain reads, bit for bit -- and A's linear and noperspective values must differ. */
TEST(eval_perspective_matches_declared_modes_4x)
{
    struct ev e;
    struct vtx v[3];
    float a[EW * EH * 4], b[EW * EH * 4], c[EW * EH * 4];
    if (!ev_begin(&e, NS)) {
        ev_end(&e);
        return;
    }
    /* the left edge at x = 2.5: column 2 partly covered, so the centroid is not the centre */
    persp_tri(v, 2.5f);
    ev_draw(&e,
            "ps_5_0\ndcl_input_ps linear v0.x\ndcl_input_ps linear noperspective v1.x\n"
            "dcl_output o0.xyzw\neval_sample_index o0.x, v0.x, l(2)\n"
            "eval_sample_index o0.y, v1.x, l(2)\neval_centroid o0.z, v0.x\n"
            "eval_snapped o0.w, v0.x, l(0, 0, 0, 0)\nret\n", v, 3);
    ev_read(&e, 1, a);
    ev_end(&e);
    if (!ev_begin(&e, NS)) {
        ev_end(&e);
        return;
    }
    ev_draw(&e,
            "ps_5_0\ndcl_input_ps linear sample v0.x\ndcl_input_ps linear noperspective sample v1.x\n"
            "dcl_output o0.xyzw\nmov o0.xy, v0.xxxx\nmov o0.y, v1.x\nmov o0.zw, l(0, 0, 0, 0)\n"
            "ret\n", v, 3);
    ev_read(&e, 2, b);
    ev_end(&e);
    if (!ev_begin(&e, NS)) {
        ev_end(&e);
        return;
    }
    ev_draw(&e,
            "ps_5_0\ndcl_input_ps linear centroid v0.x\ndcl_input_ps linear v1.x\n"
            "dcl_output o0.xyzw\nmov o0.x, v0.x\nmov o0.y, v1.x\nmov o0.zw, l(0, 0, 0, 0)\nret\n",
            v, 3);
    ev_read(&e, 1, c);
    ev_end(&e);
    unsigned differ = 0;
    for (int y = 0; y < EH; y++)
        for (int x = 3; x < EW; x++) {   /* column 2: sample 2 not covered, B wrote nothing */
            const float *pa = &a[(y * EW + x) * 4], *pb = &b[(y * EW + x) * 4];
            const float *pc = &c[(y * EW + x) * 4];
            CHECK_EQ(ev_bits(pa[0]), ev_bits(pb[0]));   /* linear at sample 2 */
            CHECK_EQ(ev_bits(pa[1]), ev_bits(pb[1]));   /* noperspective at sample 2 */
            CHECK_EQ(ev_bits(pa[2]), ev_bits(pc[0]));   /* centroid */
            CHECK_EQ(ev_bits(pa[3]), ev_bits(pc[1]));   /* the centre */
            differ += pa[0] != pa[1];
        }
    for (int y = 0; y < EH; y++) {   /* column 2: the centroid is sample 1 (pixel_eval.c) */
        const float *pa = &a[(y * EW + 2) * 4], *pc = &c[(y * EW + 2) * 4];
        CHECK_EQ(ev_bits(pa[2]), ev_bits(pc[0]));
        CHECK(pa[2] != pa[3]);
    }
    CHECK_EQ(differ, (EW - 3) * EH);
}

/* ---- levels --------------------------------------------------------------------------------- */

/* ps_5_0 (where the instructions exist, tpf_table.c) needs 11_0: refused at 10_1, taken at
 * 11_0. */
TEST(eval_needs_11_0)
{
    static const char *ps = "ps_5_0\ndcl_input_ps linear v0.x\ndcl_output o0.xyzw\n"
                            "eval_centroid o0.x, v0.x\nmov o0.yzw, l(0, 0, 0, 0)\nret\n";
    size_t n;
    void *blob = rd_assemble(ps, &n);
    CHECK(blob != NULL);
    if (!blob)
        return;
    static const D3D_FEATURE_LEVEL levels[2] = { D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_11_0 };
    for (int i = 0; i < 2; i++) {
        ID3D11DeviceContext *ctx = NULL;
        ID3D11Device *dev = rd_profile_device(NULL, levels[i], &ctx);
        if (!dev)
            continue;
        ID3D11PixelShader *s = (ID3D11PixelShader *)(uintptr_t)1;
        CHECK_HR(ID3D11Device_CreatePixelShader(dev, blob, n, NULL, &s),
                 i ? S_OK : E_INVALIDARG);
        CHECK(i ? s != NULL : s == NULL);
        if (s && i)
            ID3D11PixelShader_Release(s);
        ID3D11DeviceContext_Release(ctx);
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
    free(blob);
}
