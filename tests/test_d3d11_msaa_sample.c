/* tests/test_d3d11_msaa_sample.c — the 10_1 multisampling pieces of issue 11 item 4, at 4x with
 * the standard pattern (D3D11.3 functional spec 3.5.5: sample offsets, in sixteenths of a
 * pixel from the centre, (-2,-6) (6,-2) (-6,2) (2,6)): sample-frequency shading (an input
 * declared `sample`, SV_SampleIndex: the program runs once per sample, `sample` inputs and
 * SV_Position at the sample, the other inputs at the centre), SV_Coverage as an output (oMask,
 * ps_4_1) and as an input (vCoverage, ps_5_0), sampleinfo / samplepos of a view and of the
 * rasterizer, and Texture2DMSArray shader-resource views read by ld_ms.  Each sample is read
 * back exactly through a Texture2DMS(Array) view and ld_ms into a one-sample target. */
#include "test_render_util.h"

#include <stdio.h>

static const D3D_FEATURE_LEVEL L101 = D3D_FEATURE_LEVEL_10_1, L110 = D3D_FEATURE_LEVEL_11_0;

enum { SW = 8, SH = 8, NS = 4 };

/* the standard 4x pattern, x and y offsets in sixteenths (spec 3.5.5) */
static const int SX[NS] = { -2, 6, -6, 2 }, SY[NS] = { -6, -2, 2, 6 };

static float sx_ndc(float px) { return px * 2.0f / SW - 1.0f; }
static float sy_ndc(float py) { return 1.0f - py * 2.0f / SH; }

/* A 4x R8G8B8A8 texture (ArraySize `slices`) bound as render target (slice 0) and viewable by
 * ld_ms, on a device of `profile` at `level`, with the one-sample target of struct rd. */
struct sf {
    struct rd r;
    ID3D11Texture2D *ms;
    ID3D11RenderTargetView *rtv;
    ID3D11ShaderResourceView *srv;
};

static bool sf_begin(struct sf *f, const char *profile, D3D_FEATURE_LEVEL level, UINT slices)
{
    memset(f, 0, sizeof(*f));
    if (!rd_begin_profile(&f->r, profile, level, SW, SH))
        return false;
    D3D11_TEXTURE2D_DESC d;
    memset(&d, 0, sizeof(d));
    d.Width = SW;
    d.Height = SH;
    d.MipLevels = 1;
    d.ArraySize = slices;
    d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    d.SampleDesc.Count = NS;
    d.Usage = D3D11_USAGE_DEFAULT;
    d.BindFlags = D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE;
    CHECK_HR(ID3D11Device_CreateTexture2D(f->r.dev, &d, NULL, &f->ms), S_OK);
    if (!f->ms)
        return false;
    D3D11_RENDER_TARGET_VIEW_DESC rd;
    memset(&rd, 0, sizeof(rd));
    rd.Format = d.Format;
    rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY;
    rd.Texture2DMSArray.ArraySize = 1;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(f->r.dev, (ID3D11Resource *)f->ms, &rd, &f->rtv),
             S_OK);
    CHECK_HR(ID3D11Device_CreateShaderResourceView(f->r.dev, (ID3D11Resource *)f->ms, NULL,
                                                   &f->srv), S_OK);
    if (!f->rtv || !f->srv)
        return false;
    static const float black[4] = { 0, 0, 0, 0 };
    ID3D11DeviceContext_ClearRenderTargetView(f->r.ctx, f->rtv, black);
    ID3D11DeviceContext_OMSetRenderTargets(f->r.ctx, 1, &f->rtv, NULL);
    return true;
}

static void sf_end(struct sf *f)
{
    RD_RELEASE(f->srv);
    RD_RELEASE(f->rtv);
    RD_RELEASE(f->ms);
    rd_end(&f->r);
}

#define VS4_POS "vs_4_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, v0.xyzw\nret\n"

/* Sample s of slice `slice` of `srv` (a Texture2DMS view when slice < 0, else a
 * Texture2DMSArray view), every pixel, into img through ld_ms.  Leaves the one-sample target
 * bound. */
static void sf_read_view(struct sf *f, ID3D11ShaderResourceView *srv, int slice, unsigned s,
                         uint8_t *img)
{
    char ps[640];
    static const float none[4] = { 0, 0, 0, 0 };
    struct vtx q[6];
    struct rd_pipe p;
    snprintf(ps, sizeof(ps),
             "ps_4_1\ndcl_resource_texture2dms%s(4) (float,float,float,float) t0\n"
             "dcl_input_ps_siv linear noperspective v0.xy, position\ndcl_output o0.xyzw\n"
             "dcl_temps 1\nftou r0.xy, v0.xyxx\nmov r0.zw, l(0, 0, %d, 0)\n"
             "ld_ms o0.xyzw, r0.xyzw, t0.xyzw, l(%u)\nret\n",
             slice < 0 ? "" : "array", slice < 0 ? 0 : slice, s);
    ID3D11DeviceContext_OMSetRenderTargets(f->r.ctx, 1, &f->r.rtv, NULL);
    rd_clear(&f->r, 0, 0, 1, 1);
    rd_quad(q, 0.5f, none, none, none, none);
    rd_pipe_begin(&f->r, &p, VS4_POS, ps, q, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_PSSetShaderResources(f->r.ctx, 0, 1, &srv);
    ACCEPTED(ID3D11DeviceContext_Draw(f->r.ctx, 6, 0));
    ID3D11ShaderResourceView *null_srv = NULL;
    ID3D11DeviceContext_PSSetShaderResources(f->r.ctx, 0, 1, &null_srv);
    rd_pipe_end(&p);
    rd_read(&f->r, img);
}

static void sf_read_sample(struct sf *f, unsigned s, uint8_t *img)
{
    sf_read_view(f, f->srv, -1, s, img);
    ID3D11DeviceContext_OMSetRenderTargets(f->r.ctx, 1, &f->rtv, NULL);
}

/* Draws `n` vertices of v into the 4x target with the listing `ps`. */
static void sf_draw(struct sf *f, const char *vs, const char *ps, const struct vtx *v, UINT n)
{
    struct rd_pipe p;
    rd_pipe_begin(&f->r, &p, vs, ps, v, n, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ACCEPTED(ID3D11DeviceContext_Draw(f->r.ctx, n, 0));
    rd_pipe_end(&p);
}

/* The rectangle [x0, SW] x [0, SH] in pixels, attribute c. */
static void sf_rect(struct vtx *v, float x0, const float *c)
{
    const float xs[4] = { x0, (float)SW, x0, (float)SW }, ys[4] = { 0, 0, (float)SH, (float)SH };
    static const int order[6] = { 0, 1, 2, 2, 1, 3 };
    for (int i = 0; i < 6; i++) {
        int k = order[i];
        v[i].pos[0] = sx_ndc(xs[k]);
        v[i].pos[1] = sy_ndc(ys[k]);
        v[i].pos[2] = 0.5f;
        v[i].pos[3] = 1.0f;
        memcpy(v[i].attr, c, sizeof(v[i].attr));
    }
}

/* One triangle covering [x0, SW] x [0, SH] of the target (its left edge at x0; no diagonal
 * inside the target, so every pixel's samples come from the one primitive), attribute c. */
static void sf_tri(struct vtx *v, float x0, const float *c)
{
    const float xs[3] = { x0, x0 + 2.0f * SW, x0 }, ys[3] = { 0, 0, 2.0f * SH };
    for (int i = 0; i < 3; i++) {
        v[i].pos[0] = sx_ndc(xs[i]);
        v[i].pos[1] = sy_ndc(ys[i]);
        v[i].pos[2] = 0.5f;
        v[i].pos[3] = 1.0f;
        memcpy(v[i].attr, c, sizeof(v[i].attr));
    }
}

/* ---- sample-frequency shading ---------------------------------------------------------------- */

/* SV_Position declared `sample` and SV_SampleIndex: each sample gets its own position (the
 * fraction of x and y is 0.5 + the sample's offset) and index.  A pixel-frequency program
 * would give every sample 0.5, 0.5 and the same index. */
#define PS_SAMPLE_POS_INDEX                                                                      \
    "ps_4_1\ndcl_input_ps_siv linear noperspective sample v0.xy, position\n"                     \
    "dcl_input_ps_sgv constant v1.x, sample_index\ndcl_output o0.xyzw\ndcl_temps 1\n"           \
    "frc r0.xy, v0.xyxx\nutof r0.z, v1.x\nmul r0.z, r0.z, l(0.25)\nmov r0.w, l(1.0)\n"           \
    "mov o0.xyzw, r0.xyzw\nret\n"

TEST(msaa_sample_frequency_position_and_index)
{
    static const float none[4] = { 0, 0, 0, 0 };
    struct sf f;
    struct vtx q[6];
    uint8_t img[SW * SH * 4];
    if (!sf_begin(&f, "10_1", L101, 1)) {
        sf_end(&f);
        return;
    }
    rd_quad(q, 0.5f, none, none, none, none);
    sf_draw(&f, VS4_POS, PS_SAMPLE_POS_INDEX, q, 6);
    for (unsigned s = 0; s < NS; s++) {
        sf_read_sample(&f, s, img);
        for (int y = 0; y < SH; y++)
            for (int x = 0; x < SW; x++) {
                const uint8_t *px = &img[(y * SW + x) * 4];
                CHECK_EQ(px[0], rd_unorm8(0.5 + SX[s] / 16.0));
                CHECK_EQ(px[1], rd_unorm8(0.5 + SY[s] / 16.0));
                CHECK_EQ(px[2], rd_unorm8(0.25 * s));
                CHECK_EQ(px[3], 255);
            }
    }
    sf_end(&f);
}

/* An attribute declared `linear sample` is interpolated at each sample; SV_Position declared
 * without `sample` in the same program stays at the pixel centre (16.3: only the inputs with
 * the modifier move).  The attribute is the pixel x coordinate (0 at the left, SW at the
 * right), so its fraction at sample s is 0.5 + SX[s] / 16. */
#define PS_SAMPLE_ATTR                                                                           \
    "ps_4_1\ndcl_input_ps linear sample v0.x\n"                                                  \
    "dcl_input_ps_siv linear noperspective v1.x, position\ndcl_output o0.xyzw\ndcl_temps 1\n"   \
    "frc r0.x, v0.x\nfrc r0.y, v1.x\nmul r0.y, r0.y, l(0.5)\nmov r0.zw, l(0, 0, 0, 1.0)\n"       \
    "mov o0.xyzw, r0.xyzw\nret\n"

TEST(msaa_sample_frequency_attribute)
{
    const float left[4] = { 0, 0, 0, 0 }, right[4] = { (float)SW, 0, 0, 0 };
    struct sf f;
    struct vtx q[6];
    uint8_t img[SW * SH * 4];
    if (!sf_begin(&f, "10_1", L101, 1)) {
        sf_end(&f);
        return;
    }
    rd_quad(q, 0.5f, left, right, left, right);
    sf_draw(&f, VS_POS_ATTR, PS_SAMPLE_ATTR, q, 6);
    for (unsigned s = 0; s < NS; s++) {
        sf_read_sample(&f, s, img);
        for (int y = 0; y < SH; y++)
            for (int x = 0; x < SW; x++) {
                CHECK_EQ(img[(y * SW + x) * 4], rd_unorm8(0.5 + SX[s] / 16.0));
                CHECK_EQ(img[(y * SW + x) * 4 + 1], 64);   /* 0.25 */
            }
    }
    sf_end(&f);
}

/* Sample-frequency shading against the coverage: an edge through pixel 2's centre covers its
 * samples 1 and 3 only; only those are shaded and written (the others keep the clear), and
 * PSInvocations counts one invocation per covered sample (16.3). */
TEST(msaa_sample_frequency_partial_coverage)
{
    static const float none[4] = { 0, 0, 0, 0 };
    struct sf f;
    struct vtx v[6];
    uint8_t img[SW * SH * 4];
    if (!sf_begin(&f, "10_1", L101, 1)) {
        sf_end(&f);
        return;
    }
    D3D11_QUERY_DESC qd = { D3D11_QUERY_PIPELINE_STATISTICS, 0 };
    ID3D11Query *query = NULL;
    CHECK_HR(ID3D11Device_CreateQuery(f.r.dev, &qd, &query), S_OK);
    sf_rect(v, 2.5f, none);
    if (query)
        ID3D11DeviceContext_Begin(f.r.ctx, (ID3D11Asynchronous *)query);
    sf_draw(&f, VS4_POS, PS_SAMPLE_POS_INDEX, v, 6);
    if (query) {
        D3D11_QUERY_DATA_PIPELINE_STATISTICS st;
        ID3D11DeviceContext_End(f.r.ctx, (ID3D11Asynchronous *)query);
        CHECK_HR(ID3D11DeviceContext_GetData(f.r.ctx, (ID3D11Asynchronous *)query, &st,
                                             sizeof(st), 0), S_OK);
        /* columns 3..7 fully (5 x 8 pixels x 4 samples), column 2 half (8 x 2) */
        CHECK_EQ(st.PSInvocations, 5 * SH * NS + SH * 2);
        RD_RELEASE(query);
    }
    for (unsigned s = 0; s < NS; s++) {
        sf_read_sample(&f, s, img);
        bool covered = s == 1 || s == 3;
        for (int y = 0; y < SH; y++) {
            CHECK_EQ(img[(y * SW + 1) * 4 + 3], 0);
            CHECK_EQ(img[(y * SW + 2) * 4 + 2], covered ? rd_unorm8(0.25 * s) : 0);
            CHECK_EQ(img[(y * SW + 2) * 4 + 3], covered ? 255 : 0);
            CHECK_EQ(img[(y * SW + 3) * 4 + 2], rd_unorm8(0.25 * s));
        }
    }
    sf_end(&f);
}

/* The same program on a one-sample target runs once per pixel as sample 0 at the centre
 * (the one-sample "pattern" is the centre). */
TEST(msaa_sample_frequency_one_sample)
{
    static const float none[4] = { 0, 0, 0, 0 };
    struct rd r;
    struct rd_pipe p;
    struct vtx q[6];
    uint8_t img[SW * SH * 4];
    if (!rd_begin_profile(&r, "10_1", L101, SW, SH)) {
        rd_end(&r);
        return;
    }
    rd_clear(&r, 0, 0, 0, 0);
    rd_quad(q, 0.5f, none, none, none, none);
    rd_pipe_begin(&r, &p, VS4_POS, PS_SAMPLE_POS_INDEX, q, 6,
                  D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    rd_pipe_end(&p);
    rd_read(&r, img);
    for (int i = 0; i < SW * SH; i++) {
        CHECK_EQ(img[i * 4], 128);
        CHECK_EQ(img[i * 4 + 1], 128);
        CHECK_EQ(img[i * 4 + 2], 0);
    }
    rd_end(&r);
}

/* ---- SV_Coverage ----------------------------------------------------------------------------- */

/* oMask (ps_4_1): the written mask ANDs the coverage, sample by sample. */
#define PS_OMASK(m)                                                                              \
    "ps_4_1\ndcl_output o0.xyzw\ndcl_output oMask\nmov o0.xyzw, l(1.0, 0, 0, 1.0)\n"             \
    "mov oMask, l(" #m ")\nret\n"

TEST(msaa_coverage_output)
{
    static const float none[4] = { 0, 0, 0, 0 };
    struct sf f;
    struct vtx q[6], v[6];
    uint8_t img[SW * SH * 4];
    if (!sf_begin(&f, "10_1", L101, 1)) {
        sf_end(&f);
        return;
    }
    rd_quad(q, 0.5f, none, none, none, none);
    sf_draw(&f, VS4_POS, PS_OMASK(5), q, 6);
    for (unsigned s = 0; s < NS; s++) {
        sf_read_sample(&f, s, img);
        for (int i = 0; i < SW * SH; i++)
            CHECK_EQ(img[i * 4], s == 0 || s == 2 ? 255 : 0);
    }
    /* with an edge through pixel 2's centre (samples 1 and 3 covered) and oMask 0xe: sample 1
     * and 3 there, samples 1..3 right of it; sample 0 keeps its red from the first draw */
    sf_rect(v, 2.5f, none);
    sf_draw(&f, VS4_POS,
            "ps_4_1\ndcl_output o0.xyzw\ndcl_output oMask\nmov o0.xyzw, l(0, 1.0, 0, 1.0)\n"
            "mov oMask, l(0xfffffffe)\nret\n", v, 6);
    for (unsigned s = 0; s < NS; s++) {
        sf_read_sample(&f, s, img);
        for (int y = 0; y < SH; y++) {
            uint8_t red = s == 0 || s == 2 ? 255 : 0;
            CHECK_EQ(img[(y * SW + 1) * 4 + 1], 0);
            CHECK_EQ(img[(y * SW + 2) * 4 + 1], s == 1 || s == 3 ? 255 : 0);
            CHECK_EQ(img[(y * SW + 2) * 4], s == 1 || s == 3 ? 0 : red);
            CHECK_EQ(img[(y * SW + 3) * 4 + 1], s == 0 ? 0 : 255);
            CHECK_EQ(img[(y * SW + 3) * 4], s == 0 ? 255 : 0);
        }
    }
    sf_end(&f);
}

/* oMask at one sample a pixel: bit 0 decides. */
TEST(msaa_coverage_output_one_sample)
{
    static const float none[4] = { 0, 0, 0, 0 };
    struct rd r;
    struct rd_pipe p;
    struct vtx q[6];
    uint8_t img[SW * SH * 4];
    if (!rd_begin_profile(&r, "10_1", L101, SW, SH)) {
        rd_end(&r);
        return;
    }
    rd_quad(q, 0.5f, none, none, none, none);
    static const char *const ps[2] = { PS_OMASK(6), PS_OMASK(1) };
    for (int k = 0; k < 2; k++) {
        rd_clear(&r, 0, 0, 0, 0);
        rd_pipe_begin(&r, &p, VS4_POS, ps[k], q, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
        rd_pipe_end(&p);
        rd_read(&r, img);
        for (int i = 0; i < SW * SH; i++)
            CHECK_EQ(img[i * 4], k ? 255 : 0);
    }
    rd_end(&r);
}

/* vCoverage (ps_5_0, 11_0): the samples of the pixel the primitive covers, as bits: 10
 * (samples 1 and 3) at pixel 2 behind an edge through its centre, 15 right of it; written as
 * red = mask / 255, read back from sample 1 (covered in both).  One triangle: where two
 * primitives share a pixel each sees only its own samples. */
#define PS_INPUT_COVERAGE                                                                        \
    "ps_5_0\ndcl_input vCoverage\ndcl_output o0.xyzw\ndcl_temps 1\nutof r0.x, vCoverage\n"       \
    "mul r0.x, r0.x, l(0.00392156886)\nmov r0.yzw, l(0, 0, 0, 1.0)\nmov o0.xyzw, r0.xyzw\nret\n"

TEST(msaa_coverage_input)
{
    static const float none[4] = { 0, 0, 0, 0 };
    struct sf f;
    struct vtx v[6];
    uint8_t img[SW * SH * 4];
    if (!sf_begin(&f, "11_0", L110, 1)) {
        sf_end(&f);
        return;
    }
    sf_tri(v, 2.5f, none);
    sf_draw(&f, VS4_POS, PS_INPUT_COVERAGE, v, 3);
    sf_read_sample(&f, 1, img);
    for (int y = 0; y < SH; y++) {
        CHECK_EQ(img[(y * SW + 1) * 4 + 3], 0);
        CHECK_EQ(img[(y * SW + 2) * 4], 10);
        CHECK_EQ(img[(y * SW + 3) * 4], 15);
    }
    sf_end(&f);
}

/* ---- sampleinfo / samplepos ------------------------------------------------------------------ */

/* (sampleinfo t0, sampleinfo rasterizer, samplepos(t0, N) * 16 + 8) / 255 */
#define PS_MS_QUERY(n)                                                                           \
    "ps_4_1\ndcl_resource_texture2dms(4) (float,float,float,float) t0\ndcl_output o0.xyzw\n"     \
    "dcl_temps 2\nsampleinfo_uint r0.x, t0.x\nsampleinfo_uint r0.y, rasterizer.x\n"              \
    "utof r0.xy, r0.xyxx\nsamplepos r1.xy, t0.xyxx, l(" #n ")\n"                                \
    "mad r0.zw, r1.xxxy, l(16.0, 16.0, 16.0, 16.0), l(8.0, 8.0, 8.0, 8.0)\n"                    \
    "mul o0.xyzw, r0.xyzw, l(0.00392156886, 0.00392156886, 0.00392156886, 0.00392156886)\nret\n"
/* (sampleinfo_float rasterizer, samplepos(rasterizer, N) * 16 + 8, 0) / 255 */
#define PS_RAST_QUERY(n)                                                                         \
    "ps_4_1\ndcl_output o0.xyzw\ndcl_temps 2\nsampleinfo r0.x, rasterizer.x\n"                   \
    "samplepos r1.xy, rasterizer.xyxx, l(" #n ")\n"                                              \
    "mad r0.yz, r1.xxyx, l(16.0, 16.0, 16.0, 16.0), l(8.0, 8.0, 8.0, 8.0)\nmov r0.w, l(0)\n"    \
    "mul o0.xyzw, r0.xyzw, l(0.00392156886, 0.00392156886, 0.00392156886, 0.00392156886)\nret\n"

TEST(msaa_sampleinfo_samplepos)
{
    static const float none[4] = { 0, 0, 0, 0 };
    struct sf f;
    struct vtx q[6];
    struct rd_pipe p;
    uint8_t img[SW * SH * 4];
    if (!sf_begin(&f, "10_1", L101, 1)) {
        sf_end(&f);
        return;
    }
    rd_quad(q, 0.5f, none, none, none, none);
    /* into the one-sample target: the view has 4 samples, the rasterizer 1 */
    static const char *const ps[3] = { PS_MS_QUERY(1), PS_MS_QUERY(2), PS_MS_QUERY(4) };
    static const uint8_t want[3][4] = { { 4, 1, 14, 6 }, { 4, 1, 2, 10 }, { 4, 1, 8, 8 } };
    ID3D11DeviceContext_OMSetRenderTargets(f.r.ctx, 1, &f.r.rtv, NULL);
    for (int k = 0; k < 3; k++) {
        rd_clear(&f.r, 0, 0, 0, 0);
        rd_pipe_begin(&f.r, &p, VS4_POS, ps[k], q, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        ID3D11DeviceContext_PSSetShaderResources(f.r.ctx, 0, 1, &f.srv);
        ACCEPTED(ID3D11DeviceContext_Draw(f.r.ctx, 6, 0));
        ID3D11ShaderResourceView *null_srv = NULL;
        ID3D11DeviceContext_PSSetShaderResources(f.r.ctx, 0, 1, &null_srv);
        rd_pipe_end(&p);
        rd_read(&f.r, img);
        for (int c = 0; c < 4; c++)
            CHECK_EQ(img[c], want[k][c]);
        CHECK_EQ(img[(SW * SH - 1) * 4 + 2], want[k][2]);
    }
    /* no view bound: 0 samples, position (0, 0) */
    rd_clear(&f.r, 0, 0, 0, 0);
    rd_pipe_begin(&f.r, &p, VS4_POS, PS_MS_QUERY(1), q, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ACCEPTED(ID3D11DeviceContext_Draw(f.r.ctx, 6, 0));
    rd_pipe_end(&p);
    rd_read(&f.r, img);
    CHECK_EQ(img[0], 0);
    CHECK_EQ(img[2], 8);
    /* the rasterizer of the 4x target: 4 samples, sample 3 at (2, 6), sample 0 at (-2, -6);
     * read back from each sample (pixel frequency: all alike) */
    static const char *const rs[2] = { PS_RAST_QUERY(3), PS_RAST_QUERY(0) };
    static const uint8_t rwant[2][3] = { { 4, 10, 14 }, { 4, 6, 2 } };
    for (int k = 0; k < 2; k++) {
        ID3D11DeviceContext_OMSetRenderTargets(f.r.ctx, 1, &f.rtv, NULL);
        sf_draw(&f, VS4_POS, rs[k], q, 6);
        for (unsigned s = 0; s < NS; s += 3) {
            sf_read_sample(&f, s, img);
            for (int c = 0; c < 3; c++)
                CHECK_EQ(img[(3 * SW + 5) * 4 + c], rwant[k][c]);
        }
    }
    sf_end(&f);
}

/* ---- Texture2DMSArray views ------------------------------------------------------------------ */

TEST(msaa_texture2dmsarray_view)
{
    static const float blue[4] = { 0, 0, 1, 1 }, green[4] = { 0, 1, 0, 1 };
    struct sf f;
    struct vtx v[6];
    uint8_t img[SW * SH * 4];
    if (!sf_begin(&f, "10_1", L101, 3)) {
        sf_end(&f);
        return;
    }
    /* slice 0 blue (clear), slice 1 black with green right of pixel 2's centre, slice 2 green */
    D3D11_RENDER_TARGET_VIEW_DESC rd;
    memset(&rd, 0, sizeof(rd));
    rd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY;
    rd.Texture2DMSArray.ArraySize = 1;
    ID3D11RenderTargetView *slice[3] = { NULL, NULL, NULL };
    for (UINT k = 0; k < 3; k++) {
        rd.Texture2DMSArray.FirstArraySlice = k;
        CHECK_HR(ID3D11Device_CreateRenderTargetView(f.r.dev, (ID3D11Resource *)f.ms, &rd,
                                                     &slice[k]), S_OK);
    }
    ID3D11ShaderResourceView *part = NULL;
    if (slice[0] && slice[1] && slice[2]) {
        ID3D11DeviceContext_ClearRenderTargetView(f.r.ctx, slice[0], blue);
        ID3D11DeviceContext_ClearRenderTargetView(f.r.ctx, slice[2], green);
        ID3D11DeviceContext_OMSetRenderTargets(f.r.ctx, 1, &slice[1], NULL);
        sf_rect(v, 2.5f, green);
        sf_draw(&f, VS_POS_ATTR, PS_ATTR, v, 6);
        D3D11_SHADER_RESOURCE_VIEW_DESC sd;
        ID3D11ShaderResourceView_GetDesc(f.srv, &sd);
        CHECK_EQ(sd.ViewDimension, D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY);
        CHECK_EQ(sd.Texture2DMSArray.ArraySize, 3);
        for (unsigned s = 0; s < NS; s++) {
            bool right = s == 1 || s == 3;
            sf_read_view(&f, f.srv, 0, s, img);
            CHECK_EQ(img[(4 * SW + 2) * 4 + 2], 255);
            CHECK_EQ(img[(4 * SW + 2) * 4 + 1], 0);
            sf_read_view(&f, f.srv, 1, s, img);
            CHECK_EQ(img[(4 * SW + 1) * 4 + 1], 0);
            CHECK_EQ(img[(4 * SW + 2) * 4 + 1], right ? 255 : 0);
            CHECK_EQ(img[(4 * SW + 3) * 4 + 1], 255);
            CHECK_EQ(img[(4 * SW + 2) * 4 + 2], 0);
            sf_read_view(&f, f.srv, 2, s, img);
            CHECK_EQ(img[(4 * SW + 1) * 4 + 1], 255);
            /* a slice outside the view reads 0 */
            sf_read_view(&f, f.srv, 3, s, img);
            CHECK_EQ(img[(4 * SW + 3) * 4 + 1], 0);
            CHECK_EQ(img[(4 * SW + 3) * 4 + 3], 0);
        }
        /* a view of slices 1..2: its slice 0 is the resource's slice 1 */
        memset(&sd, 0, sizeof(sd));
        sd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
        sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY;
        sd.Texture2DMSArray.FirstArraySlice = 1;
        sd.Texture2DMSArray.ArraySize = 2;
        CHECK_HR(ID3D11Device_CreateShaderResourceView(f.r.dev, (ID3D11Resource *)f.ms, &sd,
                                                       &part), S_OK);
        if (part) {
            sf_read_view(&f, part, 0, 1, img);
            CHECK_EQ(img[(4 * SW + 1) * 4 + 1], 0);
            CHECK_EQ(img[(4 * SW + 2) * 4 + 1], 255);
            sf_read_view(&f, part, 2, 1, img);   /* past the view's two slices */
            CHECK_EQ(img[(4 * SW + 1) * 4 + 1], 0);
        }
        /* refusals: slices outside the resource, a one-sample resource */
        ID3D11ShaderResourceView *bad = NULL;
        sd.Texture2DMSArray.ArraySize = 3;
        CHECK_HR(ID3D11Device_CreateShaderResourceView(f.r.dev, (ID3D11Resource *)f.ms, &sd,
                                                       &bad), E_INVALIDARG);
        CHECK(bad == NULL);
        sd.Texture2DMSArray.FirstArraySlice = 0;
        sd.Texture2DMSArray.ArraySize = 1;
        CHECK_HR(ID3D11Device_CreateShaderResourceView(f.r.dev, (ID3D11Resource *)f.r.tex, &sd,
                                                       &bad), E_INVALIDARG);
        CHECK(bad == NULL);
    }
    RD_RELEASE(part);
    for (int k = 0; k < 3; k++)
        RD_RELEASE(slice[k]);
    sf_end(&f);
}

/* ---- centroid -------------------------------------------------------------------------------- */

/* An attribute declared `linear centroid` (the pixel x coordinate) and SV_Position without it:
 * (frac(attr) / 2, frac(pos.x) / 2). */
#define PS_CENTROID                                                                              \
    "ps_4_1\ndcl_input_ps linear centroid v0.x\n"                                                \
    "dcl_input_ps_siv linear noperspective v1.x, position\ndcl_output o0.xyzw\ndcl_temps 1\n"   \
    "frc r0.x, v0.x\nfrc r0.y, v1.x\nmul r0.xy, r0.xyxx, l(0.5, 0.5, 0, 0)\n"                    \
    "mov r0.zw, l(0, 0, 0, 1.0)\nmov o0.xyzw, r0.xyzw\nret\n"

/* Centroid (D3D11.3 functional spec 3.5.5): a fully covered pixel evaluates at its centre
 * (frac 0.5 -> 64), a partly covered one at its first covered sample within the SampleMask:
 * behind an edge through pixel 2's centre, sample 1 (+6/16: frac 0.875 -> 112); with the
 * SampleMask holding sample 3 only, sample 3 (+2/16: frac 0.625 -> 80).  SV_Position, not
 * declared centroid, stays at the centre (64) in both. */
TEST(msaa_centroid_interpolation)
{
    struct sf f;
    struct vtx v[3];
    uint8_t img[SW * SH * 4];
    if (!sf_begin(&f, "10_1", L101, 1)) {
        sf_end(&f);
        return;
    }
    static const UINT masks[2] = { 0xffffffffu, 0x8u };
    static const unsigned read[2] = { 1, 3 };
    static const uint8_t want2[2] = { 112, 80 };
    for (int k = 0; k < 2; k++) {
        static const float none[4] = { 0, 0, 0, 0 };
        ID3D11DeviceContext_ClearRenderTargetView(f.r.ctx, f.rtv, none);
        ID3D11DeviceContext_OMSetBlendState(f.r.ctx, NULL, NULL, masks[k]);
        sf_tri(v, 2.5f, none);
        for (int i = 0; i < 3; i++)
            v[i].attr[0] = (v[i].pos[0] + 1.0f) * 0.5f * SW;   /* the pixel x coordinate */
        sf_draw(&f, VS_POS_ATTR, PS_CENTROID, v, 3);
        ID3D11DeviceContext_OMSetBlendState(f.r.ctx, NULL, NULL, 0xffffffffu);
        sf_read_sample(&f, read[k], img);
        for (int y = 0; y < SH; y++) {
            CHECK_EQ(img[(y * SW + 1) * 4 + 3], 0);
            CHECK_EQ(img[(y * SW + 2) * 4], want2[k]);
            CHECK_EQ(img[(y * SW + 2) * 4 + 1], 64);
            CHECK_EQ(img[(y * SW + 3) * 4], 64);
            CHECK_EQ(img[(y * SW + 5) * 4], 64);
        }
    }
    sf_end(&f);
}

/* ---- points -------------------------------------------------------------------------------- */

/* A point is a square of width 1 rasterized as two triangles (D3D11.3 functional spec 3.4.6),
 * per sample on a multisampled target: a point at the corner (2, 2) of four pixels covers, of
 * each, the one sample on its side -- pixel (1,1) sample 3 (+2,+6), (2,1) sample 2 (-6,+2),
 * (1,2) sample 1 (+6,-2), (2,2) sample 0 (-2,-6); a point at pixel (5,5)'s centre all of its
 * samples and nothing else. */
TEST(msaa_point_square_per_sample)
{
    static const float white[4] = { 1, 1, 1, 1 };
    struct sf f;
    struct vtx v[2];
    uint8_t img[SW * SH * 4];
    if (!sf_begin(&f, "10_1", L101, 1)) {
        sf_end(&f);
        return;
    }
    const float at[2][2] = { { 2.0f, 2.0f }, { 5.5f, 5.5f } };
    for (int i = 0; i < 2; i++) {
        memset(&v[i], 0, sizeof(v[i]));
        v[i].pos[0] = sx_ndc(at[i][0]);
        v[i].pos[1] = sy_ndc(at[i][1]);
        v[i].pos[2] = 0.5f;
        v[i].pos[3] = 1.0f;
        memcpy(v[i].attr, white, sizeof(white));
    }
    struct rd_pipe p;
    rd_pipe_begin(&f.r, &p, VS_POS_ATTR, PS_ATTR, v, 2, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    ACCEPTED(ID3D11DeviceContext_Draw(f.r.ctx, 2, 0));
    rd_pipe_end(&p);
    static const int px[4][2] = { { 2, 2 }, { 1, 2 }, { 2, 1 }, { 1, 1 } };   /* lit by sample s */
    for (unsigned s = 0; s < NS; s++) {
        sf_read_sample(&f, s, img);
        unsigned lit = 0;
        for (int y = 0; y < SH; y++)
            for (int x = 0; x < SW; x++) {
                bool want = (x == px[s][0] && y == px[s][1]) || (x == 5 && y == 5);
                lit += img[(y * SW + x) * 4] != 0;
                if (img[(y * SW + x) * 4] != (want ? 255 : 0))
                    harness_fail(__FILE__, __LINE__, "sample %u, pixel (%d, %d): %u", s, x, y,
                                 img[(y * SW + x) * 4]);
            }
        CHECK_EQ(lit, 2);
    }
    sf_end(&f);
}

/* ---- quadrilateral lines --------------------------------------------------------------------- */

static ID3D11RasterizerState *line_state(ID3D11Device *dev, BOOL multisample)
{
    D3D11_RASTERIZER_DESC rs = { D3D11_FILL_SOLID, D3D11_CULL_BACK, FALSE, 0, 0.0f, 0.0f, TRUE,
                                 FALSE, multisample, FALSE };
    ID3D11RasterizerState *s = NULL;
    CHECK_HR(ID3D11Device_CreateRasterizerState(dev, &rs, &s), S_OK);
    return s;
}

/* MultisampleEnable TRUE draws lines as rectangles of width 1.4 (D3D11.3 functional spec
 * 3.4.5, 15.14), at any sample count.  A horizontal line at y = 4 from x = 0.5 to 7.5 covers
 * y in [3.3, 4.7]: at one sample a pixel rows 3 and 4 (centres 3.5, 4.5), where the aliased
 * line (MultisampleEnable FALSE) lights one row; at 4x, of row 3 the samples at y offsets
 * -2, +2, +6 sixteenths (samples 1, 2, 3), of row 4 those at -6, -2, +2 (samples 0, 1, 2). */
TEST(msaa_quadrilateral_lines)
{
    static const float white[4] = { 1, 1, 1, 1 };
    struct vtx v[2];
    const float ends[2][2] = { { 0.5f, 4.0f }, { 7.5f, 4.0f } };
    for (int i = 0; i < 2; i++) {
        memset(&v[i], 0, sizeof(v[i]));
        v[i].pos[0] = sx_ndc(ends[i][0]);
        v[i].pos[1] = sy_ndc(ends[i][1]);
        v[i].pos[2] = 0.5f;
        v[i].pos[3] = 1.0f;
        memcpy(v[i].attr, white, sizeof(white));
    }
    /* one sample a pixel */
    struct rd r;
    struct rd_pipe p;
    uint8_t img[SW * SH * 4];
    if (!rd_begin_profile(&r, "10_1", L101, SW, SH)) {
        rd_end(&r);
        return;
    }
    for (int ms = 0; ms < 2; ms++) {
        ID3D11RasterizerState *rz = line_state(r.dev, ms);
        rd_clear(&r, 0, 0, 0, 0);
        rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 2, D3D11_PRIMITIVE_TOPOLOGY_LINELIST);
        ID3D11DeviceContext_RSSetState(r.ctx, rz);
        ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 2, 0));
        rd_pipe_end(&p);
        rd_read(&r, img);
        unsigned rows = 0;
        for (int y = 0; y < SH; y++) {
            bool any = false;
            for (int x = 0; x < SW; x++)
                any |= img[(y * SW + x) * 4] != 0;
            rows += any;
            if (ms) {
                for (int x = 0; x < SW; x++)
                    CHECK_EQ(img[(y * SW + x) * 4], (y == 3 || y == 4) && x < 7 ? 255 : 0);
            }
        }
        CHECK_EQ(rows, ms ? 2u : 1u);
        ID3D11DeviceContext_RSSetState(r.ctx, NULL);
        RD_RELEASE(rz);
    }
    rd_end(&r);
    /* 4x */
    struct sf f;
    if (!sf_begin(&f, "10_1", L101, 1)) {
        sf_end(&f);
        return;
    }
    ID3D11RasterizerState *rz = line_state(f.r.dev, TRUE);
    rd_pipe_begin(&f.r, &p, VS_POS_ATTR, PS_ATTR, v, 2, D3D11_PRIMITIVE_TOPOLOGY_LINELIST);
    ID3D11DeviceContext_RSSetState(f.r.ctx, rz);
    ACCEPTED(ID3D11DeviceContext_Draw(f.r.ctx, 2, 0));
    ID3D11DeviceContext_RSSetState(f.r.ctx, NULL);
    rd_pipe_end(&p);
    static const bool row3[NS] = { false, true, true, true }, row4[NS] = { true, true, true, false };
    for (unsigned s = 0; s < NS; s++) {
        sf_read_sample(&f, s, img);
        for (int x = 2; x < 6; x++) {
            CHECK_EQ(img[(2 * SW + x) * 4], 0);
            CHECK_EQ(img[(3 * SW + x) * 4], row3[s] ? 255 : 0);
            CHECK_EQ(img[(4 * SW + x) * 4], row4[s] ? 255 : 0);
            CHECK_EQ(img[(5 * SW + x) * 4], 0);
        }
    }
    RD_RELEASE(rz);
    sf_end(&f);
}

/* samplepos of a view of a D3D11_CENTER_MULTISAMPLE_PATTERN resource: "all of the samples are
 * located at the pixel center" -> (0, 0) for each; sampleinfo still 4. */
TEST(msaa_samplepos_center_pattern)
{
    static const float none[4] = { 0, 0, 0, 0 };
    struct rd r;
    struct rd_pipe p;
    struct vtx q[6];
    uint8_t img[SW * SH * 4];
    if (!rd_begin_profile(&r, "10_1", L101, SW, SH)) {
        rd_end(&r);
        return;
    }
    D3D11_TEXTURE2D_DESC d = { SW, SH, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                               { NS, (UINT)D3D11_CENTER_MULTISAMPLE_PATTERN }, D3D11_USAGE_DEFAULT,
                               D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    ID3D11Texture2D *t = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &d, NULL, &t), S_OK);
    if (t)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, NULL, &srv),
                 S_OK);
    if (srv) {
        rd_quad(q, 0.5f, none, none, none, none);
        static const char *const ps[2] = { PS_MS_QUERY(1), PS_MS_QUERY(3) };
        for (int k = 0; k < 2; k++) {
            rd_clear(&r, 0, 0, 0, 0);
            rd_pipe_begin(&r, &p, VS4_POS, ps[k], q, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
            ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, &srv);
            ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
            rd_pipe_end(&p);
            rd_read(&r, img);
            CHECK_EQ(img[0], 4);
            CHECK_EQ(img[2], 8);   /* x: 0 * 16 + 8 */
            CHECK_EQ(img[3], 8);   /* y */
        }
    }
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(srv);
    RD_RELEASE(t);
    rd_end(&r);
}

/* The usual multisampled depth texture of a deferred renderer: R24G8_TYPELESS at 4x, bound as
 * depth-stencil (D24_UNORM_S8_UINT) and read by ld_ms (R24_UNORM_X8_TYPELESS).  A _TYPELESS
 * format renders through its family, so CheckMultisampleQualityLevels answers for it as for
 * the family's typed render-target / depth formats (and 0 for a family with none, BC1). */
TEST(msaa_typeless_depth_texture)
{
    struct sf f;
    memset(&f, 0, sizeof(f));
    if (!rd_begin_profile(&f.r, "10_1", L101, SW, SH)) {
        SKIP("no 10_1 device");
        return;
    }
    UINT q = 7;
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(f.r.dev, DXGI_FORMAT_R24G8_TYPELESS, 4, &q),
             S_OK);
    CHECK_EQ(q, 1u);
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(f.r.dev, DXGI_FORMAT_R32_TYPELESS, 4, &q),
             S_OK);
    CHECK_EQ(q, 1u);
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(f.r.dev, DXGI_FORMAT_R8G8B8A8_TYPELESS, 8,
                                                        &q), S_OK);
    CHECK_EQ(q, 1u);
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(f.r.dev, DXGI_FORMAT_BC1_TYPELESS, 4, &q),
             S_OK);
    CHECK_EQ(q, 0u);
    CHECK_HR(ID3D11Device_CheckMultisampleQualityLevels(f.r.dev, DXGI_FORMAT_R24G8_TYPELESS, 3, &q),
             S_OK);
    CHECK_EQ(q, 0u);

    D3D11_TEXTURE2D_DESC d;
    memset(&d, 0, sizeof(d));
    d.Width = SW;
    d.Height = SH;
    d.MipLevels = 1;
    d.ArraySize = 1;
    d.Format = DXGI_FORMAT_R24G8_TYPELESS;
    d.SampleDesc.Count = NS;
    d.Usage = D3D11_USAGE_DEFAULT;
    d.BindFlags = D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE;
    CHECK_HR(ID3D11Device_CreateTexture2D(f.r.dev, &d, NULL, &f.ms), S_OK);
    ID3D11DepthStencilView *dsv = NULL;
    if (f.ms) {
        D3D11_DEPTH_STENCIL_VIEW_DESC dd;
        memset(&dd, 0, sizeof(dd));
        dd.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
        dd.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DMS;
        CHECK_HR(ID3D11Device_CreateDepthStencilView(f.r.dev, (ID3D11Resource *)f.ms, &dd, &dsv),
                 S_OK);
        D3D11_SHADER_RESOURCE_VIEW_DESC sd;
        memset(&sd, 0, sizeof(sd));
        sd.Format = DXGI_FORMAT_R24_UNORM_X8_TYPELESS;
        sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DMS;
        CHECK_HR(ID3D11Device_CreateShaderResourceView(f.r.dev, (ID3D11Resource *)f.ms, &sd,
                                                       &f.srv), S_OK);
    }
    if (dsv && f.srv) {
        /* 0.25 stored as 24-bit UNORM (round(0.25 (2^24 - 1)) = 2^22) reads back as
         * 2^22 / (2^24 - 1), written to the 8-bit target as round(63.75...) = 64 */
        ID3D11DeviceContext_ClearDepthStencilView(f.r.ctx, dsv, D3D11_CLEAR_DEPTH, 0.25f, 0);
        static uint8_t img[SW * SH * 4];
        for (unsigned s = 0; s < NS; s++) {
            sf_read_view(&f, f.srv, -1, s, img);
            CHECK_EQ(img[0], 64);
            CHECK_EQ(img[1], 0);
            CHECK_EQ(img[2], 0);
            CHECK_EQ(img[(SW * SH - 1) * 4], 64);
        }
    }
    RD_RELEASE(dsv);
    sf_end(&f);
}
