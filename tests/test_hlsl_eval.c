/* tests/test_hlsl_eval.c — the pull-model intrinsics from HLSL (issue 11; src/hlsl/gen_eval.c):
 * EvaluateAttributeSnapped, EvaluateAttributeAtSample and EvaluateAttributeCentroid compiled
 * by D3DCompile for ps_5_0 and drawn at 11_0 on the scenes of tests/test_d3d11_eval.c
 * (eval_scene.h: the attribute is the pixel position, so every expected value is exact:
 * x + 0.5 + dx / 16), at 1 and 4 samples; the listing (eval_* on the v# itself, with the
 * literal offsets and indices, no temp copy of the input), the perspective triangle bit-equal
 * to the hand-written eval_* program, and the refusals: other targets and stages, arguments
 * that are not inputs, SV_Position, wrong argument counts and types. */
#include "eval_scene.h"

#include <stdlib.h>

#include "d3dcompiler.h"
#include "hlsl/hlsl.h"

/* src compiled by D3DCompile for ps_5_0 (entry main) and created on the device; NULL with the
 * compiler's messages reported. */
static ID3D11PixelShader *hlsl_ps(ID3D11Device *dev, const char *src)
{
    ID3DBlob *code = NULL, *err = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "eval.hlsl", NULL, NULL, "main", "ps_5_0", 0, 0,
                            &code, &err);
    ID3D11PixelShader *ps = NULL;
    if (FAILED(hr) || !code)
        harness_fail(__FILE__, __LINE__, "D3DCompile: 0x%08x %s", (unsigned)hr,
                     err ? (const char *)ID3D10Blob_GetBufferPointer(err) : "");
    else
        CHECK_HR(ID3D11Device_CreatePixelShader(dev, ID3D10Blob_GetBufferPointer(code),
                                                ID3D10Blob_GetBufferSize(code), NULL, &ps),
                 S_OK);
    if (code)
        ID3D10Blob_Release(code);
    if (err)
        ID3D10Blob_Release(err);
    return ps;
}

/* The quad or triangle v drawn with the HLSL program src into a fresh `samples` target whose
 * cb0 holds cbv (16 bytes; NULL none); sample s read back into img.  False when the scene
 * could not be made (reported). */
static bool hlsl_draw(UINT samples, const char *src, const void *cbv, const struct vtx *v,
                      UINT n, unsigned s, float *img)
{
    struct ev e;
    bool ok = ev_begin(&e, samples);
    ID3D11PixelShader *ps = ok ? hlsl_ps(e.r.dev, src) : NULL;
    ID3D11Buffer *cb = ok && cbv ? rd_buffer(e.r.dev, D3D11_BIND_CONSTANT_BUFFER, cbv, 16) : NULL;
    ok = ok && ps && (!cbv || cb);
    if (ok) {
        if (cb)
            ID3D11DeviceContext_PSSetConstantBuffers(e.r.ctx, 0, 1, &cb);
        ev_draw_shader(&e, ps, v, n);
        ev_read(&e, s, img);
    }
    RD_RELEASE(cb);
    RD_RELEASE(ps);
    ev_end(&e);
    CHECK(ok);
    return ok;
}

/* ---- EvaluateAttributeSnapped ------------------------------------------------------------------ */

/* The offset's low 4 bits, signed, in sixteenths (16.5.3; the intrinsic's reference page):
 * (-8, 7) reaches the grid's left and top edges, (0x13, -20) keeps only 3 and -4; linear and
 * noperspective inputs (w = 1: the same values); the offset from the constant buffer (5, -1). */
static const char snapped_src[] =
    "float4 main(float2 a : TEXCOORD0, noperspective float2 b : TEXCOORD1) : SV_Target\n"
    "{\n"
    "    return float4(EvaluateAttributeSnapped(a, int2(-8, 7)),\n"
    "                  EvaluateAttributeSnapped(b, int2(0x13, -20)));\n"
    "}\n";
static const char snapped_cb_src[] =
    "cbuffer C : register(b0) { int2 off; };\n"
    "float4 main(float2 a : TEXCOORD0, noperspective float2 b : TEXCOORD1) : SV_Target\n"
    "{\n"
    "    return float4(EvaluateAttributeSnapped(b, off), a);\n"
    "}\n";

static void snapped_case(UINT samples)
{
    struct vtx q[6];
    float img[EW * EH * 4];
    ev_position_quad(q);
    for (unsigned s = 0; s < samples; s++) {
        if (!hlsl_draw(samples, snapped_src, NULL, q, 6, s, img))
            return;
        for (int y = 0; y < EH; y++)
            for (int x = 0; x < EW; x++)
                ev_expect(img, x, y, x + 0.5 - 8 / 16.0, y + 0.5 + 7 / 16.0, x + 0.5 + 3 / 16.0,
                          y + 0.5 - 4 / 16.0, "EvaluateAttributeSnapped literal");
    }
    const int32_t cbv[4] = { 5, -1, 0, 0 };
    if (!hlsl_draw(samples, snapped_cb_src, cbv, q, 6, 0, img))
        return;
    for (int y = 0; y < EH; y++)
        for (int x = 0; x < EW; x++)
            ev_expect(img, x, y, x + 0.5 + 5 / 16.0, y + 0.5 - 1 / 16.0, x + 0.5, y + 0.5,
                      "EvaluateAttributeSnapped cbuffer offset, plain read");
}

TEST(hlsl_eval_snapped_one_sample)
{
    snapped_case(1);
}

TEST(hlsl_eval_snapped_4x)
{
    snapped_case(NS);
}

/* ---- EvaluateAttributeAtSample ----------------------------------------------------------------- */

/* Sample i of the pattern (one-sample targets and an index past the count: the centre,
 * pixel_eval.c); the index a literal (through a function's parameter) and a cbuffer uint; the
 * attributes struct members, one `centroid` (ignored by the evaluation, 16.5), one copied
 * into a local swizzled. */
#define SAMPLE_SRC                                                                               \
    "cbuffer C : register(b0) { uint idx; };\n"                                                  \
    "struct I { centroid float2 a : TEXCOORD0; noperspective float2 b : TEXCOORD1; };\n"         \
    "float2 pull(float2 v, uint s) { return EvaluateAttributeAtSample(v, s); }\n"               \
    "float4 main(I i) : SV_Target\n"                                                             \
    "{\n"                                                                                        \
    "    float2 c = i.b.yx;\n"                                                                   \
    "    return float4(pull(i.a, %u), EvaluateAttributeAtSample(c, idx).yx);\n"                 \
    "}\n"

static void sample_index_case(UINT samples)
{
    struct vtx q[6];
    float img[EW * EH * 4];
    char src[600];
    ev_position_quad(q);
    for (unsigned i = 0; i <= NS; i++) {
        snprintf(src, sizeof(src), SAMPLE_SRC, i);
        const uint32_t cbv[4] = { i, 0, 0, 0 };
        if (!hlsl_draw(samples, src, cbv, q, 6, 0, img))
            return;
        bool at = samples > 1 && i < samples;
        double dx = at ? SX[i] / 16.0 : 0, dy = at ? SY[i] / 16.0 : 0;
        for (int y = 0; y < EH; y++)
            for (int x = 0; x < EW; x++)
                ev_expect(img, x, y, x + 0.5 + dx, y + 0.5 + dy, x + 0.5 + dx, y + 0.5 + dy,
                          "EvaluateAttributeAtSample");
    }
}

TEST(hlsl_eval_sample_index_one_sample)
{
    sample_index_case(1);
}

TEST(hlsl_eval_sample_index_4x)
{
    sample_index_case(NS);
}

/* ---- EvaluateAttributeCentroid ----------------------------------------------------------------- */

/* The triangle from x = 2.5 (eval_scene.h): column 2 has samples 1 and 3 covered, so its
 * centroid is sample 1, (+6, -2) sixteenths; columns 3..7 the centre (3.5.5).  `sample` on a
 * makes the program run per sample (16.3), which the evaluation ignores (16.5); the call
 * inside a function under a branch; components one at a time. */
static const char centroid_src[] =
    "struct I { float4 pos : SV_Position; sample float2 a : TEXCOORD0;\n"
    "           noperspective float2 b : TEXCOORD1; };\n"
    "float2 cen(float2 v) { return EvaluateAttributeCentroid(v); }\n"
    "float4 main(I i) : SV_Target\n"
    "{\n"
    "    float4 r = -2;\n"
    "    [branch] if (i.pos.x > 1.0)\n"
    "        r.xy = cen(i.a);\n"
    "    r.z = EvaluateAttributeCentroid(i.b.x);\n"
    "    r.w = EvaluateAttributeCentroid(i.b).y;\n"
    "    return r;\n"
    "}\n";

static void centroid_case(UINT samples)
{
    struct vtx v[3];
    float img[EW * EH * 4];
    ev_position_tri(v, 2.5f);
    if (!hlsl_draw(samples, centroid_src, NULL, v, 3, samples > 1 ? 1 : 0, img))
        return;
    for (int y = 0; y < EH; y++)
        for (int x = samples > 1 ? 2 : 3; x < EW; x++) {
            bool partial = samples > 1 && x == 2;
            double dx = partial ? 6 / 16.0 : 0, dy = partial ? -2 / 16.0 : 0;
            ev_expect(img, x, y, x + 0.5 + dx, y + 0.5 + dy, x + 0.5 + dx, y + 0.5 + dy,
                      "EvaluateAttributeCentroid");
        }
}

TEST(hlsl_eval_centroid_one_sample)
{
    centroid_case(1);
}

TEST(hlsl_eval_centroid_4x)
{
    centroid_case(NS);
}

/* ---- perspective: the same bits as the hand-written program ------------------------------------ */

/* tests/test_d3d11_eval.c's program A (itself checked against `sample` / `centroid` inputs
 * and plain reads), and the HLSL that means the same: every pixel bit-equal, at sample 1,
 * on the perspective triangle (w = 1, 2, 4), including the uncovered ones (the clear). */
TEST(hlsl_eval_perspective_equals_listing_4x)
{
    static const char src[] =
        "float4 main(float a : TEXCOORD0, noperspective float b : TEXCOORD1) : SV_Target\n"
        "{\n"
        "    return float4(EvaluateAttributeAtSample(a, 2), EvaluateAttributeAtSample(b, 2),\n"
        "                  EvaluateAttributeCentroid(a), EvaluateAttributeSnapped(a, int2(0, 0)));\n"
        "}\n";
    struct ev e;
    struct vtx v[3];
    static float a[EW * EH * 4], b[EW * EH * 4];
    persp_tri(v, 2.5f);
    if (!hlsl_draw(NS, src, NULL, v, 3, 1, a))
        return;
    if (!ev_begin(&e, NS)) {
        ev_end(&e);
        return;
    }
    ev_draw(&e,
            "ps_5_0\ndcl_input_ps linear v0.x\ndcl_input_ps linear noperspective v1.x\n"
            "dcl_output o0.xyzw\neval_sample_index o0.x, v0.x, l(2)\n"
            "eval_sample_index o0.y, v1.x, l(2)\neval_centroid o0.z, v0.x\n"
            "eval_snapped o0.w, v0.x, l(0, 0, 0, 0)\nret\n", v, 3);
    ev_read(&e, 1, b);
    ev_end(&e);
    unsigned drawn = 0, differ = 0;
    for (unsigned p = 0; p < EW * EH * 4; p++) {
        CHECK_EQ(ev_bits(a[p]), ev_bits(b[p]));
        drawn += a[p] != -1.0f;
    }
    for (unsigned p = 0; p < EW * EH; p++)
        differ += a[4 * p] != -1.0f && a[4 * p] != a[4 * p + 1];
    CHECK_EQ(drawn, (EW - 2) * EH * 4);   /* columns 2..7 (column 2: sample 1 is covered) */
    CHECK(differ > 0);                     /* perspective-correct vs screen-linear */
}

/* ---- results sharing a register ----------------------------------------------------------------- */

/* Two results packed into one register by the allocator (r0.xy and r0.zw): the attribute's
 * swizzle moves with the destination (v1.xxxy), on one sample (the centroid: the centre). */
static const char packed_src[] =
    "float4 main(float2 a : TEXCOORD0, noperspective float2 b : TEXCOORD1) : SV_Target\n"
    "{\n"
    "    float2 p = EvaluateAttributeSnapped(a, int2(1, 2));\n"
    "    float2 q = EvaluateAttributeCentroid(b);\n"
    "    return float4(p.x * q.y, p.y * q.x, p.x + q.x, p.y + q.y);\n"
    "}\n";

TEST(hlsl_eval_packed_registers)
{
    struct vtx q[6];
    float img[EW * EH * 4];
    ev_position_quad(q);
    if (!hlsl_draw(1, packed_src, NULL, q, 6, 0, img))
        return;
    for (int y = 0; y < EH; y++)
        for (int x = 0; x < EW; x++) {
            double px = x + 0.5 + 1 / 16.0, py = y + 0.5 + 2 / 16.0, qx = x + 0.5, qy = y + 0.5;
            ev_expect(img, x, y, px * qy, py * qx, px + qx, py + qy, "packed results");
        }
}

/* ---- the listing -------------------------------------------------------------------------------- */

static char *listing_of(const char *src)
{
    struct hlsl_args a = {0};
    struct hlsl_result r;
    a.source = src;
    a.size = strlen(src);
    a.filename = "eval.hlsl";
    a.entry = "main";
    a.target = "ps_5_0";
    int ret = hlsl_compile(&a, &r);
    char *l = NULL;
    if (ret || !r.listing)
        harness_fail(__FILE__, __LINE__, "%s", r.messages ? r.messages : "(no messages)");
    else
        l = strdup(r.listing);
    hlsl_result_free(&r);
    return l;
}

/* Every eval_* line reads a v# as its attribute operand; returns how many there are. */
static unsigned eval_lines(const char *l)
{
    unsigned n = 0;
    for (const char *p = strstr(l, "\neval_"); p; p = strstr(p + 1, "\neval_")) {
        const char *comma = strchr(p, ',');
        CHECK(comma && comma[1] == ' ' && comma[2] == 'v');
        n++;
    }
    return n;
}

TEST(hlsl_eval_listing)
{
    char *l = listing_of(snapped_src);
    if (l) {
        CHECK_STR_CONTAINS(l, "dcl_input_ps linear v0.xy\n");
        CHECK_STR_CONTAINS(l, "dcl_input_ps linear noperspective v1.xy\n");
        CHECK_STR_CONTAINS(l, ".xy, v0.xyxx, l(-8, 7, 0, 0)\n");
        CHECK_STR_CONTAINS(l, ".zw, v1.xxxy, l(19, -20, 0, 0)\n");
        CHECK_EQ(eval_lines(l), 2);
        CHECK(!strstr(l, "mov r0.xy, v0.xyxx"));   /* no copy of the input */
        free(l);
    }
    l = listing_of(snapped_cb_src);
    if (l) {
        CHECK_STR_CONTAINS(l, "eval_snapped r0.xy, v1.xyxx, cb0[0].xyxx\n");
        CHECK_EQ(eval_lines(l), 1);
        free(l);
    }
    char src[600];
    snprintf(src, sizeof(src), SAMPLE_SRC, 3u);
    l = listing_of(src);
    if (l) {
        CHECK_STR_CONTAINS(l, "dcl_input_ps linear centroid v0.xy\n");
        CHECK_STR_CONTAINS(l, ".xy, v0.xyxx, l(3)\n");
        CHECK_STR_CONTAINS(l, ".zw, v1.xxxy, cb0[0].x\n");   /* the local's .yx undone */
        CHECK_EQ(eval_lines(l), 2);
        free(l);
    }
    l = listing_of(centroid_src);
    if (l) {
        CHECK_STR_CONTAINS(l, "dcl_input_ps linear sample v1.xy\n");
        CHECK_STR_CONTAINS(l, "eval_centroid r0.xy, v1.xyxx\n");   /* under the if_nz */
        CHECK_STR_CONTAINS(l, ".z, v2.x\n");
        CHECK_STR_CONTAINS(l, ".w, v2.y\n");
        CHECK_EQ(eval_lines(l), 3);
        free(l);
    }
    l = listing_of(packed_src);
    if (l) {
        CHECK_STR_CONTAINS(l, "dcl_input_ps linear noperspective v1.xy\n");
        CHECK_STR_CONTAINS(l, "eval_centroid r0.zw, v1.xxxy\n");
        CHECK_EQ(eval_lines(l), 2);
        free(l);
    }
}

/* ---- refusals ----------------------------------------------------------------------------------- */

static const struct {
    const char *target, *src, *want;
} refusals[] = {
    /* the reference pages: shader model 5, pixel shaders */
    {"ps_4_1", "float4 main(float4 a : A) : SV_Target { return EvaluateAttributeCentroid(a); }",
     "error X4532: EvaluateAttributeCentroid needs shader model 5.0 (not ps_4_1)"},
    {"ps_4_0", "float4 main(float4 a : A) : SV_Target { return EvaluateAttributeSnapped(a, 0); }",
     "error X4532: EvaluateAttributeSnapped needs shader model 5.0"},
    {"ps_4_0_level_9_3",
     "float4 main(float4 a : A) : SV_Target { return EvaluateAttributeAtSample(a, 0); }",
     "error X4532: EvaluateAttributeAtSample needs shader model 5.0"},
    {"ps_3_0", "float4 main(float4 a : TEXCOORD0) : COLOR { return EvaluateAttributeCentroid(a); }",
     "error X4532: EvaluateAttributeCentroid needs shader model 5.0 (not ps_3_0)"},
    {"vs_5_0",
     "float4 main(float4 a : A) : SV_Position { return EvaluateAttributeCentroid(a); }",
     "error X4532: EvaluateAttributeCentroid is only for pixel shaders"},
    {"cs_5_0", "[numthreads(1, 1, 1)] void main() { EvaluateAttributeCentroid(1.0); }",
     "error X4532: EvaluateAttributeCentroid is only for pixel shaders"},
    /* not an input read directly */
    {"ps_5_0", "float4 main(float4 a : A) : SV_Target { return EvaluateAttributeCentroid(a * 2); }",
     "error X3000: 'EvaluateAttributeCentroid': the attribute must be read directly from a pixel "
     "shader input"},
    {"ps_5_0", "float4 main(float4 a : A) : SV_Target { return EvaluateAttributeCentroid(-a); }",
     "error X3000: 'EvaluateAttributeCentroid': the attribute must be read directly"},
    {"ps_5_0", "float4 c; float4 main(float4 a : A) : SV_Target { "
               "return EvaluateAttributeAtSample(c, 1); }",
     "error X3000: 'EvaluateAttributeAtSample': the attribute must be read directly"},
    {"ps_5_0", "float4 main(float4 a : A) : SV_Target { "
               "return EvaluateAttributeSnapped(float4(1, 2, 3, 4), int2(1, 1)); }",
     "error X3000: 'EvaluateAttributeSnapped': the attribute must be read directly"},
    {"ps_5_0", "float4 main(float4 a : A) : SV_Target { a.x = 1; "
               "return EvaluateAttributeCentroid(a); }",
     "error X3000: 'EvaluateAttributeCentroid': the attribute must be read directly"},
    /* written after the evaluation: still not the input's value everywhere */
    {"ps_5_0", "float4 main(float4 a : A) : SV_Target { float4 r = EvaluateAttributeCentroid(a);"
               " a.y = 0; return r + a; }",
     "error X3000: 'EvaluateAttributeCentroid': the attribute must be read directly"},
    {"ps_5_0", "float4 main(float4 a : A) : SV_Target { float4 r = 0; if (a.x > 0) r = a; "
               "return EvaluateAttributeCentroid(r); }",
     "error X3000: 'EvaluateAttributeCentroid': the attribute must be read directly"},
    /* refused even when the result is not used */
    {"ps_5_0", "float4 main(float4 a : A) : SV_Target { EvaluateAttributeCentroid(a + 1); "
               "return a; }",
     "error X3000: 'EvaluateAttributeCentroid': the attribute must be read directly"},
    {"ps_5_0", "float4 main(float4 p : SV_Position) : SV_Target { "
               "return EvaluateAttributeCentroid(p); }",
     "error X3000: 'EvaluateAttributeCentroid': SV_Position cannot be evaluated"},
    /* counts and types */
    {"ps_5_0", "float4 main(float4 a : A) : SV_Target { return EvaluateAttributeCentroid(a, 1); }",
     "error X3013: 'EvaluateAttributeCentroid': no matching 2 parameter intrinsic function"},
    {"ps_5_0", "float4 main(float4 a : A) : SV_Target { return EvaluateAttributeSnapped(a); }",
     "error X3013: 'EvaluateAttributeSnapped': no matching 1 parameter intrinsic function"},
    {"ps_5_0", "struct S { float4 a : A; }; float4 main(S s) : SV_Target { "
               "return EvaluateAttributeCentroid(s); }",
     "error X3013: 'EvaluateAttributeCentroid': the attribute must be a scalar or vector input, "
     "not 'S'"},
    {"ps_5_0", "float4 main(float4x4 m : A) : SV_Target { "
               "return EvaluateAttributeCentroid(m)[0]; }",
     "error X3013: 'EvaluateAttributeCentroid': the attribute must be a scalar or vector input, "
     "not 'float4x4'"},
    {"ps_5_0", "Texture2D t; float4 main(float4 a : A) : SV_Target { "
               "return EvaluateAttributeAtSample(a, t); }",
     "error X3017: cannot convert from 'Texture2D' to 'uint'"},
    {"ps_5_0", "SamplerState s; float4 main(float4 a : A) : SV_Target { "
               "return EvaluateAttributeSnapped(a, s); }",
     "error X3017: cannot convert from 'sampler' to 'int2'"},
};

TEST(hlsl_eval_refusals)
{
    for (size_t i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
        ID3DBlob *code = (ID3DBlob *)(uintptr_t)1, *err = NULL;
        const char *src = refusals[i].src;
        HRESULT hr = D3DCompile(src, strlen(src), "eval.hlsl", NULL, NULL, "main",
                                refusals[i].target, 0, 0, &code, &err);
        const char *msg = err ? (const char *)ID3D10Blob_GetBufferPointer(err) : "";
        if (hr != E_FAIL || code || !strstr(msg, refusals[i].want) ||
            strncmp(msg, "eval.hlsl(1,", 12))
            harness_fail(__FILE__, __LINE__, "%s %s: 0x%08x \"%s\", want \"%s\"",
                         refusals[i].target, src, (unsigned)hr, msg, refusals[i].want);
        if (code && code != (ID3DBlob *)(uintptr_t)1)
            ID3D10Blob_Release(code);
        if (err)
            ID3D10Blob_Release(err);
    }
}
