/* tests/test_hlsl_tess.c — hs_5_0 / ds_5_0 from HLSL (issues 13 and 16; src/hlsl/gen_tess.c):
 * the listing's hull declarations and phases, tri- and quad-domain HS/DS pairs drawn on an
 * 11_0 device and compared byte for byte with the same pipeline built from the hand-written
 * listings of tests/test_d3d11_tess.c (tests/tess_programs.h) and with closed forms (the
 * triangle patch covers the triangle's 64 pixels; the quad patch its rectangle), and the
 * refusals: missing attributes, patch sizes, the factors of the domain, misplaced system
 * values; isolines (SV_TessFactor [0] density, [1] detail) equal to the listings' lines.
 */
#include "test_render_util.h"
#include "tess_programs.h"

#include <stdio.h>
#include <stdlib.h>

#include "hlsl/hlsl.h"

#define W 16
#define H 16

static const D3D_FEATURE_LEVEL L110 = D3D_FEATURE_LEVEL_11_0;

/* ---- compiling ----------------------------------------------------------------------------- */

/* src compiled for target (entry main); the container (malloc'ed, *n its size) and, when
 * listing is not NULL, the listing; NULL with the failure reported. */
static void *compile_ok(const char *src, const char *target, size_t *n, char **listing)
{
    struct hlsl_args a = {0};
    struct hlsl_result r;
    a.source = src;
    a.size = strlen(src);
    a.filename = "tess.hlsl";
    a.entry = "main";
    a.target = target;
    int ret = hlsl_compile(&a, &r);
    if (ret || !r.code) {
        harness_fail(__FILE__, __LINE__, "%s does not compile: %s", target,
                     r.messages ? r.messages : "(no messages)");
        hlsl_result_free(&r);
        return NULL;
    }
    void *code = r.code;
    *n = r.code_size;
    r.code = NULL;
    if (listing)
        *listing = strdup(r.listing ? r.listing : "");
    hlsl_result_free(&r);
    return code;
}

/* src refused for target with a message containing `want` (fxc's "error X...: " prefix). */
static void compile_fails(const char *src, const char *target, const char *want, int line)
{
    struct hlsl_args a = {0};
    struct hlsl_result r;
    a.source = src;
    a.size = strlen(src);
    a.filename = "tess.hlsl";
    a.entry = "main";
    a.target = target;
    int ret = hlsl_compile(&a, &r);
    if (ret != -1 || r.code || !r.messages || !strstr(r.messages, want))
        harness_fail(__FILE__, line, "%s: want a refusal with \"%s\", got %d: %s", target, want,
                     ret, r.messages ? r.messages : "(no messages)");
    hlsl_result_free(&r);
}
#define FAILS(src, target, want) compile_fails(src, target, want, __LINE__)

static ID3D11HullShader *hs_from(ID3D11Device *dev, const void *code, size_t n)
{
    ID3D11HullShader *s = NULL;
    if (code)
        CHECK_HR(ID3D11Device_CreateHullShader(dev, code, n, NULL, &s), S_OK);
    return s;
}

static ID3D11DomainShader *ds_from(ID3D11Device *dev, const void *code, size_t n)
{
    ID3D11DomainShader *s = NULL;
    if (code)
        CHECK_HR(ID3D11Device_CreateDomainShader(dev, code, n, NULL, &s), S_OK);
    return s;
}

static ID3D11HullShader *hs_text(ID3D11Device *dev, const char *text)
{
    size_t n;
    void *blob = rd_assemble(text, &n);
    ID3D11HullShader *s = hs_from(dev, blob, n);
    free(blob);
    return s;
}

static ID3D11DomainShader *ds_text(ID3D11Device *dev, const char *text)
{
    size_t n;
    void *blob = rd_assemble(text, &n);
    ID3D11DomainShader *s = ds_from(dev, blob, n);
    free(blob);
    return s;
}

/* ---- the programs -------------------------------------------------------------------------- */

/* The hand-written pair of tests/test_d3d11_tess.c's triangle patch: the edge factors are the
 * control points' w, the inside factor the sum of the first two edges. */
static const char hs_tri_asm[] =
    "hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\ndcl_tessellator_partitioning partitioning_fractional_odd\n"
    "dcl_tessellator_output_primitive output_triangle_ccw\ndcl_hs_max_tessfactor l(32.000000)\n"
    "hs_control_point_phase\ndcl_input vOutputControlPointID\ndcl_input v[3][0].xyzw\n"
    "dcl_output o0.xyzw\ndcl_temps 1\nmov r0.x, vOutputControlPointID\n"
    "mov o0.xyzw, v[r0.x + 0][0].xyzw\nret\n"
    "hs_fork_phase\ndcl_hs_fork_phase_instance_count 3\ndcl_input vForkInstanceID\n"
    "dcl_input vocp[3][0].xyzw\ndcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\n"
    "dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n"
    "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\ndcl_temps 1\ndcl_indexRange o0.x 3\n"
    "mov r0.x, vForkInstanceID\nmov o[r0.x + 0].x, vocp[r0.x + 0][0].w\nret\n"
    "hs_join_phase\ndcl_input vpc0.x\ndcl_input vpc1.x\n"
    "dcl_output_siv o3.x, finalTriInsideTessFactor\nadd o3.x, vpc0.x, vpc1.x\nret\n";
static const char ds_tri_asm[] =
    "ds_5_0\ndcl_input_control_point_count 3\ndcl_tessellator_domain domain_tri\n"
    "dcl_input vDomain.xyz\ndcl_input vicp[3][0].xyzw\n"
    "dcl_output_siv o0.xyzw, position\ndcl_temps 1\n"
    "mul r0.xyzw, vDomain.yyyy, vicp[1][0].xyzw\n"
    "mad r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw, r0.xyzw\n"
    "mad o0.xyzw, vDomain.zzzz, vicp[2][0].xyzw, r0.xyzw\nret\n";

/* The same in HLSL: the control points pass through (read through the OutputPatch by the
 * patch-constant function, as the listing's fork phase reads vocp). */
#define TRI_CP "struct CP { float4 pos : TEXCOORD0; float4 attr : TEXCOORD1; };\n"
#define TRI_PC "struct PC { float edge[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };\n"
static const char hs_tri_hlsl[] =
    TRI_CP TRI_PC
    "PC patch_main(InputPatch<CP, 3> ip, OutputPatch<CP, 3> op, uint pid : SV_PrimitiveID)\n"
    "{\n"
    "    PC o;\n"
    "    [unroll] for (uint i = 0; i < 3; i++)\n"
    "        o.edge[i] = op[i].pos.w;\n"
    "    o.inside = o.edge[0] + o.edge[1];\n"
    "    return o;\n"
    "}\n"
    "[domain(\"tri\")]\n[partitioning(\"fractional_odd\")]\n[outputtopology(\"triangle_ccw\")]\n"
    "[outputcontrolpoints(3)]\n[patchconstantfunc(\"patch_main\")]\n[maxtessfactor(32.0)]\n"
    "CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID)\n"
    "{\n"
    "    return ip[id];\n"
    "}\n";
static const char ds_tri_hlsl[] =
    TRI_CP TRI_PC
    "[domain(\"tri\")]\n"
    "float4 main(PC pc, float3 uvw : SV_DomainLocation, const OutputPatch<CP, 3> p) "
    ": SV_Position\n"
    "{\n"
    "    return uvw.x * p[0].pos + uvw.y * p[1].pos + uvw.z * p[2].pos;\n"
    "}\n";

/* The quad patch: HS_QUAD's factors from cb0 (x edges, y inside) and ds_quad's bilinear
 * position with (u, v) as the attribute. */
#define QUAD_HS_HLSL(part)                                                                       \
    "cbuffer Factors : register(b0) { float edge_factor; float inside_factor; };\n"              \
    "struct PC { float edge[4] : SV_TessFactor; float inside[2] : SV_InsideTessFactor; };\n"     \
    "PC patch_main()\n{\n    PC o;\n    for (int i = 0; i < 4; i++)\n"                           \
    "        o.edge[i] = edge_factor;\n    o.inside[0] = o.inside[1] = inside_factor;\n"         \
    "    return o;\n}\n"                                                                         \
    "[domain(\"quad\")]\n[partitioning(\"" part "\")]\n[outputtopology(\"triangle_cw\")]\n"      \
    "[outputcontrolpoints(4)]\n[patchconstantfunc(\"patch_main\")]\n"                            \
    "float4 main(InputPatch<float4, 4> ip : TEXCOORD0, uint id : SV_OutputControlPointID) "      \
    ": TEXCOORD0\n{\n    return ip[id];\n}\n"
static const char ds_quad_hlsl[] =
    "struct PC { float edge[4] : SV_TessFactor; float inside[2] : SV_InsideTessFactor; };\n"
    "struct VO { float4 pos : SV_Position; float4 attr : TEXCOORD0; };\n"
    "[domain(\"quad\")]\n"
    "VO main(PC pc, float2 uv : SV_DomainLocation, const OutputPatch<float4, 4> p : TEXCOORD0)\n"
    "{\n"
    "    VO o;\n"
    "    float4 a = lerp(p[0], p[1], uv.x), b = lerp(p[3], p[2], uv.x);\n"
    "    o.pos = lerp(a, b, uv.y);\n"
    "    o.attr = float4(uv, 0, 1);\n"
    "    return o;\n"
    "}\n";
/* tests/test_d3d11_tess.c's ds_quad */
static const char ds_quad_asm[] =
    "ds_5_0\ndcl_input_control_point_count 4\ndcl_tessellator_domain domain_quad\n"
    "dcl_input vDomain.xy\ndcl_input vicp[4][0].xyzw\n"
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_temps 2\n"
    "add r0.xyzw, vicp[1][0].xyzw, -vicp[0][0].xyzw\n"
    "mad r0.xyzw, vDomain.xxxx, r0.xyzw, vicp[0][0].xyzw\n"
    "add r1.xyzw, vicp[2][0].xyzw, -vicp[3][0].xyzw\n"
    "mad r1.xyzw, vDomain.xxxx, r1.xyzw, vicp[3][0].xyzw\n"
    "add r1.xyzw, r1.xyzw, -r0.xyzw\n"
    "mad o0.xyzw, vDomain.yyyy, r1.xyzw, r0.xyzw\n"
    "mov o1.xyzw, l(0.0, 0.0, 0.0, 1.0)\nmov o1.xy, vDomain.xyxx\nret\n";

#define TS_VS                                                                                    \
    "vs_5_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output o0.xyzw\ndcl_output o1.xyzw\n"      \
    "mov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"
#define TS_VS_POS                                                                                \
    "vs_5_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"           \
    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"
#define TS_PS_RED "ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0, 0.0, 0.0, 1.0)\nret\n"
#define TS_PS_ATTR                                                                               \
    "ps_5_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v1.xyzw\nret\n"

/* ---- the listing --------------------------------------------------------------------------- */

/* Each expected line in order, from `from` on. */
static void expect_in_order(const char *t, const char *from, const char *const *lines, int line)
{
    const char *p = strstr(t, from);
    if (!p) {
        harness_fail(__FILE__, line, "listing lacks \"%s\":\n%s", from, t);
        return;
    }
    for (unsigned i = 0; lines[i]; i++) {
        const char *q = strstr(p, lines[i]);
        if (!q) {
            harness_fail(__FILE__, line, "listing lacks \"%s\" (in order) in:\n%s", lines[i], t);
            return;
        }
        p = q + strlen(lines[i]);
    }
}

/* The hull program: hs_decls with the attributes' declarations, the entry point's
 * control-point phase (vOutputControlPointID, v[3][0]), the patch-constant function's fork
 * phase (vocp, each factor in a register of its own, declared by its name); vPrim, read by
 * nothing after dead code, is not declared.  The domain program: vDomain, vicp. */
TEST(hlsl_tess_listings)
{
    size_t n;
    char *hl = NULL, *dl = NULL;
    void *h = compile_ok(hs_tri_hlsl, "hs_5_0", &n, &hl);
    void *d = compile_ok(ds_tri_hlsl, "ds_5_0", &n, &dl);
    if (h) {
        static const char *const lines[] = {
            "hs_decls\n", "dcl_input_control_point_count 3\n",
            "dcl_output_control_point_count 3\n", "dcl_tessellator_domain domain_tri\n",
            "dcl_tessellator_partitioning partitioning_fractional_odd\n",
            "dcl_tessellator_output_primitive output_triangle_ccw\n",
            "dcl_hs_max_tessfactor l(32.000000)\n", "hs_control_point_phase\n",
            "dcl_input vOutputControlPointID\n", "dcl_input v[3][0].xyzw\n",
            "dcl_output o0.xyzw\n", "dcl_output o1.xyzw\n", "ret\n", "hs_fork_phase\n",
            "dcl_input vocp[3][0].w\n", "dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\n",
            "dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n",
            "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\n",
            "dcl_output_siv o3.x, finalTriInsideTessFactor\n",
            "add o3.x, vocp[0][0].w, vocp[1][0].w\n", "ret\n", NULL};
        expect_in_order(hl, "hs_5_0\n", lines, __LINE__);
        CHECK(strstr(hl, "vPrim") == NULL);
        CHECK(strstr(hl, "hs_join_phase") == NULL);
    }
    if (d) {
        static const char *const lines[] = {
            "dcl_input_control_point_count 3\n", "dcl_tessellator_domain domain_tri\n",
            "dcl_input vDomain.xyz\n", "dcl_input vicp[3][0].xyzw\n",
            "dcl_output_siv o0.xyzw, position\n", "ret\n", NULL};
        expect_in_order(dl, "ds_5_0\n", lines, __LINE__);
    }
    /* the quad domain's factors, read from cb0 in the fork phase */
    char *ql = NULL;
    void *q = compile_ok(QUAD_HS_HLSL("pow2"), "hs_5_0", &n, &ql);
    if (q) {
        static const char *const lines[] = {
            "dcl_tessellator_domain domain_quad\n", "dcl_tessellator_partitioning "
            "partitioning_pow2\n", "dcl_tessellator_output_primitive output_triangle_cw\n",
            "hs_control_point_phase\n", "hs_fork_phase\n",
            "dcl_constantbuffer cb0[1], immediateIndexed\n",
            "dcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor\n",
            "dcl_output_siv o1.x, finalQuadVeq0EdgeTessFactor\n",
            "dcl_output_siv o2.x, finalQuadUeq1EdgeTessFactor\n",
            "dcl_output_siv o3.x, finalQuadVeq1EdgeTessFactor\n",
            "dcl_output_siv o4.x, finalQuadUInsideTessFactor\n",
            "dcl_output_siv o5.x, finalQuadVInsideTessFactor\n", "mov o5.x, cb0[0].y\n", NULL};
        expect_in_order(ql, "hs_5_0\n", lines, __LINE__);
        CHECK(strstr(ql, "dcl_hs_max_tessfactor") == NULL); /* not given */
    }
    free(q);
    free(ql);
    free(h);
    free(d);
    free(hl);
    free(dl);
}

/* ---- draws --------------------------------------------------------------------------------- */

struct scene {
    struct rd r;
    ID3D11VertexShader *vs, *vs_pos;
    ID3D11PixelShader *ps;
    ID3D11InputLayout *il;
    ID3D11Buffer *vb, *cb;
    ID3D11RasterizerState *rs;
};

static void scene_vertices(struct scene *s, const struct vtx *v, UINT nv)
{
    UINT stride = sizeof(struct vtx), offset = 0;
    RD_RELEASE(s->vb);
    s->vb = rd_buffer(s->r.dev, D3D11_BIND_VERTEX_BUFFER, v, nv * (UINT)sizeof(*v));
    ID3D11DeviceContext_IASetVertexBuffers(s->r.ctx, 0, 1, &s->vb, &stride, &offset);
}

static bool scene_begin(struct scene *s, const char *ps)
{
    memset(s, 0, sizeof(*s));
    if (!rd_begin_profile(&s->r, "11_0", L110, W, H))
        return false;
    D3D11_RASTERIZER_DESC rd = { D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE, FALSE,
                                 FALSE, FALSE };
    static const float zero[4] = { 0 };
    s->vs = rd_vs(s->r.dev, TS_VS);
    s->vs_pos = rd_vs(s->r.dev, TS_VS_POS);
    s->ps = rd_ps(s->r.dev, ps);
    s->il = rd_layout(s->r.dev, rd_vtx_layout, 2, TS_VS);
    s->cb = rd_buffer(s->r.dev, D3D11_BIND_CONSTANT_BUFFER, zero, 16);
    CHECK_HR(ID3D11Device_CreateRasterizerState(s->r.dev, &rd, &s->rs), S_OK);
    ID3D11DeviceContext_IASetInputLayout(s->r.ctx, s->il);
    ID3D11DeviceContext_PSSetShader(s->r.ctx, s->ps, NULL, 0);
    ID3D11DeviceContext_HSSetConstantBuffers(s->r.ctx, 0, 1, &s->cb);
    ID3D11DeviceContext_RSSetState(s->r.ctx, s->rs);
    return s->vs && s->vs_pos && s->ps && s->il && s->cb && s->rs;
}

static void scene_end(struct scene *s)
{
    if (s->r.ctx)
        ID3D11DeviceContext_ClearState(s->r.ctx);
    RD_RELEASE(s->rs);
    RD_RELEASE(s->cb);
    RD_RELEASE(s->vb);
    RD_RELEASE(s->il);
    RD_RELEASE(s->ps);
    RD_RELEASE(s->vs_pos);
    RD_RELEASE(s->vs);
    rd_end(&s->r);
}

/* A tessellated draw of nv control points with hs/ds into a cleared target. */
static void draw_tess(struct scene *s, ID3D11HullShader *hs, ID3D11DomainShader *ds, UINT nv,
                      uint8_t *img)
{
    ID3D11DeviceContext *c = s->r.ctx;
    ID3D11DeviceContext_VSSetShader(c, s->vs, NULL, 0);
    ID3D11DeviceContext_HSSetShader(c, hs, NULL, 0);
    ID3D11DeviceContext_DSSetShader(c, ds, NULL, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(
        c, (D3D11_PRIMITIVE_TOPOLOGY)(D3D11_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST + nv - 1));
    rd_clear(&s->r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(c, nv, 0));
    rd_read(&s->r, img);
}

static unsigned count_red(const uint8_t *img)
{
    unsigned n = 0;
    for (unsigned i = 0; i < W * H; i++)
        n += img[4 * i] == 255 && img[4 * i + 3] == 255;
    return n;
}

/* The triangle patch, (0, 0) (16, 0) (0, 8) in pixels and its positions scaled by the
 * factor (the same point after the divide): the HLSL pair draws the bytes the hand-written
 * pair draws, which are the triangle's without tessellation: 15 + 13 + ... + 1 = 64 pixels
 * (no pixel centre lies within 0.2 pixel of the diagonal, tests/test_d3d11_tess.c). */
TEST(hlsl_tess_tri_patch)
{
    static const float corners[3][2] = { { -1, 1 }, { 1, 1 }, { -1, 0 } };
    static const float factors[] = { 1, 2, 3.3f, 7, 13.5f };
    struct scene s;
    uint8_t img[W * H * 4], ref[W * H * 4], tri[W * H * 4];
    size_t nh = 0, nd = 0;
    void *hc = compile_ok(hs_tri_hlsl, "hs_5_0", &nh, NULL);
    void *dc = compile_ok(ds_tri_hlsl, "ds_5_0", &nd, NULL);
    if (!scene_begin(&s, TS_PS_RED) || !hc || !dc) {
        scene_end(&s);
        free(hc);
        free(dc);
        return;
    }
    ID3D11HullShader *hs = hs_from(s.r.dev, hc, nh), *hs_ref = hs_text(s.r.dev, hs_tri_asm);
    ID3D11DomainShader *ds = ds_from(s.r.dev, dc, nd), *ds_ref = ds_text(s.r.dev, ds_tri_asm);
    for (size_t f = 0; hs && ds && hs_ref && ds_ref && f < sizeof(factors) / sizeof(*factors);
         f++) {
        struct vtx v[3];
        memset(v, 0, sizeof(v));
        for (int i = 0; i < 3; i++) {
            v[i].pos[0] = corners[i][0] * factors[f];
            v[i].pos[1] = corners[i][1] * factors[f];
            v[i].pos[3] = factors[f];
        }
        scene_vertices(&s, v, 3);
        draw_tess(&s, hs, ds, 3, img);
        draw_tess(&s, hs_ref, ds_ref, 3, ref);
        ID3D11DeviceContext_HSSetShader(s.r.ctx, NULL, NULL, 0);
        ID3D11DeviceContext_DSSetShader(s.r.ctx, NULL, NULL, 0);
        ID3D11DeviceContext_VSSetShader(s.r.ctx, s.vs_pos, NULL, 0);
        ID3D11DeviceContext_IASetPrimitiveTopology(s.r.ctx,
                                                   D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        rd_clear(&s.r, 0, 0, 0, 0);
        ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 3, 0));
        rd_read(&s.r, tri);
        unsigned n = count_red(img);
        if (n != 64 || memcmp(img, ref, sizeof(img)) || memcmp(img, tri, sizeof(img)))
            harness_fail(__FILE__, __LINE__, "factor %g: %u red pixels (want 64), same as the "
                         "listings' %d, as the triangle's %d", (double)factors[f], n,
                         !memcmp(img, ref, sizeof(img)), !memcmp(img, tri, sizeof(img)));
    }
    RD_RELEASE(ds_ref);
    RD_RELEASE(hs_ref);
    RD_RELEASE(ds);
    RD_RELEASE(hs);
    scene_end(&s);
    free(hc);
    free(dc);
}

/* The left half of the target as one quad patch, (u, v) from the top-left corner. */
static const struct vtx quad_patch[4] = {
    { { -1, 1, 0, 1 }, { 0, 0, 0, 1 } }, { { 0, 1, 0, 1 }, { 1, 0, 0, 1 } },
    { { 0, -1, 0, 1 }, { 1, 1, 0, 1 } }, { { -1, -1, 0, 1 }, { 0, 1, 0, 1 } },
};

/* The quad patch for every partitioning and several factors, (u, v) as the colour: the HLSL
 * hull and domain programs draw the bytes HS_QUAD and ds_quad draw, the HLSL domain program
 * with the hand-written hull program too; the patch covers the left half exactly once
 * (W * H / 2 pixels lit) unless an edge factor is 0, which culls it (D3D11.3 spec 11.7.12). */
TEST(hlsl_tess_quad_patch)
{
    static const char *const parts[4] = {"integer", "pow2", "fractional_odd",
                                         "fractional_even"};
    static const char *const hs_src[4] = {
        QUAD_HS_HLSL("integer"), QUAD_HS_HLSL("pow2"), QUAD_HS_HLSL("fractional_odd"),
        QUAD_HS_HLSL("fractional_even")};
    static const char *const hs_asm[4] = {
        HS_QUAD("partitioning_integer"), HS_QUAD("partitioning_pow2"),
        HS_QUAD("partitioning_fractional_odd"), HS_QUAD("partitioning_fractional_even")};
    static const float factors[][3] = {
        { 1, 1, W * H / 2 }, { 2, 3, W * H / 2 }, { 3.3f, 7, W * H / 2 }, { 64, 64, W * H / 2 },
        { 0, 4, 0 }, { 4, 0, W * H / 2 },
    };
    struct scene s;
    uint8_t img[W * H * 4], ref[W * H * 4], mixed[W * H * 4];
    size_t nd = 0;
    void *dc = compile_ok(ds_quad_hlsl, "ds_5_0", &nd, NULL);
    if (!scene_begin(&s, TS_PS_ATTR) || !dc) {
        scene_end(&s);
        free(dc);
        return;
    }
    scene_vertices(&s, quad_patch, 4);
    ID3D11DomainShader *ds = ds_from(s.r.dev, dc, nd), *ds_ref = ds_text(s.r.dev, ds_quad_asm);
    for (unsigned p = 0; ds && ds_ref && p < 4; p++) {
        size_t nh = 0;
        void *hc = compile_ok(hs_src[p], "hs_5_0", &nh, NULL);
        ID3D11HullShader *hs = hs_from(s.r.dev, hc, nh), *hs_ref = hs_text(s.r.dev, hs_asm[p]);
        for (size_t f = 0; hs && hs_ref && f < sizeof(factors) / sizeof(factors[0]); f++) {
            const float cbv[4] = { factors[f][0], factors[f][1], 0, 0 };
            ID3D11DeviceContext_UpdateSubresource(s.r.ctx, (ID3D11Resource *)s.cb, 0, NULL, cbv,
                                                  0, 0);
            draw_tess(&s, hs, ds, 4, img);
            draw_tess(&s, hs_ref, ds_ref, 4, ref);
            draw_tess(&s, hs_ref, ds, 4, mixed);
            unsigned lit = 0;
            for (unsigned i = 0; i < W * H; i++)
                lit += img[4 * i + 3] == 255;
            if (lit != (unsigned)factors[f][2] || memcmp(img, ref, sizeof(img)) ||
                memcmp(img, mixed, sizeof(img)))
                harness_fail(__FILE__, __LINE__, "%s, factors %g %g: %u pixels lit (want %g), "
                             "same as the listings' %d, with the listing's hull %d", parts[p],
                             (double)factors[f][0], (double)factors[f][1], lit,
                             (double)factors[f][2], !memcmp(img, ref, sizeof(img)),
                             !memcmp(img, mixed, sizeof(img)));
        }
        RD_RELEASE(hs_ref);
        RD_RELEASE(hs);
        free(hc);
    }
    /* (u, v) grows right and down across the patch */
    CHECK(RD_PIXEL(img, &s.r, 7, 0)[0] > RD_PIXEL(img, &s.r, 0, 0)[0]);
    CHECK(RD_PIXEL(img, &s.r, 0, 15)[1] > RD_PIXEL(img, &s.r, 0, 0)[1]);
    RD_RELEASE(ds_ref);
    RD_RELEASE(ds);
    scene_end(&s);
    free(dc);
}

/* A displacement: the domain program moves every point right by a constant of its own
 * constant buffer (DS cb0, 0.5 in NDC: 4 pixels).  With integer partitioning and factor 4 the
 * domain points are multiples of 1/4, so the displaced lerps are exact and the image equals
 * the hand-written pair drawing the patch with its corners moved by 0.5: the left half's 128
 * pixels now cover columns 4..11. */
static const char ds_shift_hlsl[] =
    "cbuffer Displace : register(b0) { float shift; };\n"
    "struct PC { float edge[4] : SV_TessFactor; float inside[2] : SV_InsideTessFactor; };\n"
    "struct VO { float4 pos : SV_Position; float4 attr : TEXCOORD0; };\n"
    "[domain(\"quad\")]\n"
    "VO main(PC pc, float2 uv : SV_DomainLocation, const OutputPatch<float4, 4> p : TEXCOORD0)\n"
    "{\n"
    "    VO o;\n"
    "    float4 a = lerp(p[0], p[1], uv.x), b = lerp(p[3], p[2], uv.x);\n"
    "    o.pos = lerp(a, b, uv.y) + float4(shift, 0, 0, 0);\n"
    "    o.attr = float4(uv, 0, 1);\n"
    "    return o;\n"
    "}\n";

TEST(hlsl_tess_displacement)
{
    struct scene s;
    uint8_t img[W * H * 4], ref[W * H * 4];
    size_t nd = 0, nh = 0;
    void *dc = compile_ok(ds_shift_hlsl, "ds_5_0", &nd, NULL);
    void *hc = compile_ok(QUAD_HS_HLSL("integer"), "hs_5_0", &nh, NULL);
    ID3D11Buffer *dcb = NULL;
    ID3D11HullShader *hs = NULL, *hs_ref = NULL;
    ID3D11DomainShader *ds = NULL, *ds_ref = NULL;
    if (!scene_begin(&s, TS_PS_ATTR) || !dc || !hc)
        goto done;
    static const float shift[4] = { 0.5f, 0, 0, 0 }, factors[4] = { 4, 4, 0, 0 };
    dcb = rd_buffer(s.r.dev, D3D11_BIND_CONSTANT_BUFFER, shift, sizeof(shift));
    ID3D11DeviceContext_UpdateSubresource(s.r.ctx, (ID3D11Resource *)s.cb, 0, NULL, factors, 0,
                                          0);
    hs = hs_from(s.r.dev, hc, nh);
    hs_ref = hs_text(s.r.dev, HS_QUAD("partitioning_integer"));
    ds = ds_from(s.r.dev, dc, nd);
    ds_ref = ds_text(s.r.dev, ds_quad_asm);
    if (!dcb || !hs || !hs_ref || !ds || !ds_ref)
        goto done;
    ID3D11DeviceContext_DSSetConstantBuffers(s.r.ctx, 0, 1, &dcb);
    scene_vertices(&s, quad_patch, 4);
    draw_tess(&s, hs, ds, 4, img);
    struct vtx moved[4];
    memcpy(moved, quad_patch, sizeof(moved));
    for (int i = 0; i < 4; i++)
        moved[i].pos[0] += 0.5f;
    scene_vertices(&s, moved, 4);
    draw_tess(&s, hs_ref, ds_ref, 4, ref);
    CHECK(!memcmp(img, ref, sizeof(img)));
    unsigned lit = 0, inside = 0;
    for (unsigned y = 0; y < H; y++)
        for (unsigned x = 0; x < W; x++) {
            bool on = img[4 * (y * W + x) + 3] == 255;
            lit += on;
            inside += on && x >= 4 && x < 12;
        }
    CHECK_EQ(lit, W * H / 2);
    CHECK_EQ(inside, W * H / 2);
done:
    RD_RELEASE(ds_ref);
    RD_RELEASE(ds);
    RD_RELEASE(hs_ref);
    RD_RELEASE(hs);
    RD_RELEASE(dcb);
    scene_end(&s);
    free(dc);
    free(hc);
}

/* The domain program reads a factor as a patch constant (dcl_input_siv vpc4.x,
 * finalQuadUInsideTessFactor): the hull's inside factor 2, / 8, is every lit pixel's blue
 * (0.25 -> 64), over the whole left half. */
static const char ds_reads_factor_hlsl[] =
    "struct PC { float edge[4] : SV_TessFactor; float inside[2] : SV_InsideTessFactor; };\n"
    "struct VO { float4 pos : SV_Position; float4 attr : TEXCOORD0; };\n"
    "[domain(\"quad\")]\n"
    "VO main(PC pc, float2 uv : SV_DomainLocation, const OutputPatch<float4, 4> p : TEXCOORD0)\n"
    "{\n"
    "    VO o;\n"
    "    o.pos = lerp(lerp(p[0], p[1], uv.x), lerp(p[3], p[2], uv.x), uv.y);\n"
    "    o.attr = float4(uv, pc.inside[0] / 8, 1);\n"
    "    return o;\n"
    "}\n";

TEST(hlsl_tess_domain_reads_factors)
{
    struct scene s;
    uint8_t img[W * H * 4];
    size_t nd = 0, nh = 0;
    char *dl = NULL;
    void *dc = compile_ok(ds_reads_factor_hlsl, "ds_5_0", &nd, &dl);
    void *hc = compile_ok(QUAD_HS_HLSL("integer"), "hs_5_0", &nh, NULL);
    ID3D11HullShader *hs = NULL;
    ID3D11DomainShader *ds = NULL;
    if (dl)
        CHECK_STR_CONTAINS(dl, "dcl_input_siv vpc4.x, finalQuadUInsideTessFactor\n");
    if (!scene_begin(&s, TS_PS_ATTR) || !dc || !hc)
        goto done;
    static const float factors[4] = { 4, 2, 0, 0 };
    ID3D11DeviceContext_UpdateSubresource(s.r.ctx, (ID3D11Resource *)s.cb, 0, NULL, factors, 0,
                                          0);
    hs = hs_from(s.r.dev, hc, nh);
    ds = ds_from(s.r.dev, dc, nd);
    if (!hs || !ds)
        goto done;
    scene_vertices(&s, quad_patch, 4);
    draw_tess(&s, hs, ds, 4, img);
    unsigned lit = 0, blue = 0;
    for (unsigned i = 0; i < W * H; i++) {
        lit += img[4 * i + 3] == 255;
        blue += img[4 * i + 3] == 255 && img[4 * i + 2] == 64;
    }
    CHECK_EQ(lit, W * H / 2);
    CHECK_EQ(blue, W * H / 2);
done:
    RD_RELEASE(ds);
    RD_RELEASE(hs);
    scene_end(&s);
    free(dc);
    free(hc);
    free(dl);
}

/* Isolines: tests/test_tess_draw.c's pair (detail from cb0.x, density from cb0.y; the DS
 * spreads the lines down from cp0 to cp1; here with HS_QUAD's control-point phase: without one
 * the listing pair drew nothing through the D3D11 API in this test, not looked into further) and the same in HLSL, where
 * SV_TessFactor[0] is the density and [1] the detail.  Density 4 draws the lines at
 * v = 0, 1/4, 2/4, 3/4 -- pixel rows 0, 4, 8, 12, each lit across the target -- for any detail;
 * the HLSL hull with the listing's domain program, and the HLSL pair, draw the listings' bytes. */
#define HS_ISO_ASM                                                                               \
    "hs_5_0\nhs_decls\ndcl_input_control_point_count 2\ndcl_output_control_point_count 2\n"     \
    "dcl_tessellator_domain domain_isoline\ndcl_tessellator_partitioning partitioning_integer\n" \
    "dcl_tessellator_output_primitive output_line\n"                                            \
    "hs_control_point_phase\ndcl_input vOutputControlPointID\ndcl_input v[2][0].xyzw\n"         \
    "dcl_output o0.xyzw\ndcl_temps 1\nmov r0.x, vOutputControlPointID\n"                        \
    "mov o0.xyzw, v[r0.x + 0][0].xyzw\nret\n"                                                  \
    "hs_fork_phase\ndcl_constantbuffer cb0[1], immediateIndexed\n"                             \
    "dcl_output_siv o0.x, finalLineDetailTessFactor\n"                                          \
    "dcl_output_siv o1.x, finalLineDensityTessFactor\n"                                         \
    "mov o0.x, cb0[0].x\nmov o1.x, cb0[0].y\nret\n"
static const char ds_iso_asm[] =
    "ds_5_0\ndcl_input_control_point_count 2\ndcl_tessellator_domain domain_isoline\n"
    "dcl_input vDomain.xy\ndcl_input vicp[2][0].xyzw\ndcl_output_siv o0.xyzw, position\n"
    "dcl_temps 1\nadd r0.xyzw, vicp[1][0].xyzw, -vicp[0][0].xyzw\n"
    "mul r0.xyzw, r0.xyzw, vDomain.xyxx\nadd o0.xy, r0.xyxx, vicp[0][0].xyxx\n"
    "mov o0.zw, vicp[0][0].zzzw\nret\n";
static const char hs_iso_hlsl[] =
    "cbuffer Factors : register(b0) { float detail; float density; };\n"
    "struct PC { float f[2] : SV_TessFactor; };\n"
    "PC patch_main() { PC o; o.f[0] = density; o.f[1] = detail; return o; }\n"
    "[domain(\"isoline\")]\n[partitioning(\"integer\")]\n[outputtopology(\"line\")]\n"
    "[outputcontrolpoints(2)]\n[patchconstantfunc(\"patch_main\")]\n"
    "float4 main(InputPatch<float4, 2> ip : TEXCOORD0, uint id : SV_OutputControlPointID) "
    ": TEXCOORD0\n{\n    return ip[id];\n}\n";
static const char ds_iso_hlsl[] =
    "struct PC { float f[2] : SV_TessFactor; };\n"
    "[domain(\"isoline\")]\n"
    "float4 main(PC pc, float2 uv : SV_DomainLocation, const OutputPatch<float4, 2> p "
    ": TEXCOORD0) : SV_Position\n"
    "{\n"
    "    float4 d = (p[1] - p[0]) * float4(uv, uv);\n"
    "    return float4(d.xy + p[0].xy, p[0].zw);\n"
    "}\n";

TEST(hlsl_tess_isolines)
{
    static const float details[] = { 1, 3, 7.5f };
    struct scene s;
    uint8_t img[W * H * 4], ref[W * H * 4], both[W * H * 4];
    size_t nh = 0, nd = 0;
    char *hl = NULL;
    void *hc = compile_ok(hs_iso_hlsl, "hs_5_0", &nh, &hl);
    void *dc = compile_ok(ds_iso_hlsl, "ds_5_0", &nd, NULL);
    ID3D11HullShader *hs = NULL, *hs_ref = NULL;
    ID3D11DomainShader *ds = NULL, *ds_ref = NULL;
    if (hl) {
        static const char *const lines[] = {
            "dcl_tessellator_domain domain_isoline\n",
            "dcl_tessellator_output_primitive output_line\n", "hs_fork_phase\n",
            "dcl_output_siv o0.x, finalLineDensityTessFactor\n",
            "dcl_output_siv o1.x, finalLineDetailTessFactor\n", "mov o0.x, cb0[0].y\n",
            "mov o1.x, cb0[0].x\n", NULL};
        expect_in_order(hl, "hs_5_0\n", lines, __LINE__);
    }
    if (!scene_begin(&s, TS_PS_RED) || !hc || !dc)
        goto done;
    hs = hs_from(s.r.dev, hc, nh);
    ds = ds_from(s.r.dev, dc, nd);
    hs_ref = hs_text(s.r.dev, HS_ISO_ASM);
    ds_ref = ds_text(s.r.dev, ds_iso_asm);
    if (!hs || !ds || !hs_ref || !ds_ref)
        goto done;
    /* cp0 at the centre of row 0's left edge, cp1 two units down at the right edge */
    struct vtx cps[2];
    memset(cps, 0, sizeof(cps));
    const float p0[4] = { -1, 0.9375f, 0, 1 }, p1[4] = { 1, -1.0625f, 0, 1 };
    memcpy(cps[0].pos, p0, sizeof(p0));
    memcpy(cps[1].pos, p1, sizeof(p1));
    scene_vertices(&s, cps, 2);
    for (size_t k = 0; k < sizeof(details) / sizeof(details[0]); k++) {
        const float cbv[4] = { details[k], 4, 0, 0 };
        ID3D11DeviceContext_UpdateSubresource(s.r.ctx, (ID3D11Resource *)s.cb, 0, NULL, cbv, 0,
                                              0);
        draw_tess(&s, hs, ds_ref, 2, img);
        draw_tess(&s, hs_ref, ds_ref, 2, ref);
        draw_tess(&s, hs, ds, 2, both);
        for (unsigned y = 0; y < H; y++) {
            unsigned lit = 0;
            for (unsigned x = 0; x < W; x++)
                lit += img[(y * W + x) * 4] == 255;
            if (lit != (y % 4 == 0 ? W : 0u))
                harness_fail(__FILE__, __LINE__, "detail %g: row %u has %u lit pixels",
                             (double)details[k], y, lit);
        }
        if (memcmp(img, ref, sizeof(img)) || memcmp(both, ref, sizeof(img)))
            harness_fail(__FILE__, __LINE__, "detail %g: the HLSL hull %s the listings' lines, "
                         "the HLSL pair %s (red pixels %u, %u, %u)", (double)details[k],
                         memcmp(img, ref, sizeof(img)) ? "differs from" : "draws",
                         memcmp(both, ref, sizeof(img)) ? "differs" : "too", count_red(img),
                         count_red(ref), count_red(both));
    }
done:
    RD_RELEASE(ds_ref);
    RD_RELEASE(hs_ref);
    RD_RELEASE(ds);
    RD_RELEASE(hs);
    scene_end(&s);
    free(hc);
    free(dc);
    free(hl);
}

/* ---- refusals ------------------------------------------------------------------------------ */

#define HS_ATTRS(domain, ocp)                                                                    \
    "[domain(\"" domain "\")]\n[partitioning(\"integer\")]\n[outputtopology(\"triangle_cw\")]\n" \
    "[outputcontrolpoints(" #ocp ")]\n[patchconstantfunc(\"pc\")]\n"
#define HS_PC "struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };\n"
#define HS_PC_FN "PC pc() { PC o; o.e[0] = o.e[1] = o.e[2] = o.i = 1; return o; }\n"
#define HS_MAIN "float4 main(InputPatch<float4, 3> ip : P, uint id : SV_OutputControlPointID) " \
                ": P { return ip[id]; }\n"

TEST(hlsl_tess_refusals)
{
    /* a complete pair compiles (the baseline of the refusals below) */
    size_t n;
    void *ok = compile_ok(HS_PC HS_PC_FN HS_ATTRS("tri", 3) HS_MAIN, "hs_5_0", &n, NULL);
    CHECK(ok != NULL);
    free(ok);
    /* shader model 5 only */
    FAILS(HS_PC HS_PC_FN HS_ATTRS("tri", 3) HS_MAIN, "hs_4_1",
          "error X3000: unrecognized compiler target 'hs_4_1'");
    FAILS("float4 main() : SV_Position { return 0; }", "ds_4_0",
          "error X3000: unrecognized compiler target 'ds_4_0'");
    /* attributes */
    FAILS(HS_PC HS_PC_FN "[partitioning(\"integer\")]\n[outputtopology(\"triangle_cw\")]\n"
          "[outputcontrolpoints(3)]\n[patchconstantfunc(\"pc\")]\n" HS_MAIN, "hs_5_0",
          "needs [domain(\"tri\")], [domain(\"quad\")] or [domain(\"isoline\")]");
    FAILS(HS_PC HS_PC_FN "[domain(\"tri\")]\n[outputtopology(\"triangle_cw\")]\n"
          "[outputcontrolpoints(3)]\n[patchconstantfunc(\"pc\")]\n" HS_MAIN, "hs_5_0",
          "needs [partitioning(...)]");
    FAILS(HS_PC HS_PC_FN "[domain(\"tri\")]\n[partitioning(\"odd\")]\n"
          "[outputtopology(\"triangle_cw\")]\n[outputcontrolpoints(3)]\n"
          "[patchconstantfunc(\"pc\")]\n" HS_MAIN, "hs_5_0", "[partitioning(\"odd\")]");
    FAILS(HS_PC HS_PC_FN "[domain(\"tri\")]\n[partitioning(\"integer\")]\n"
          "[outputcontrolpoints(3)]\n[patchconstantfunc(\"pc\")]\n" HS_MAIN, "hs_5_0",
          "needs [outputtopology(...)]");
    FAILS(HS_PC HS_PC_FN "[domain(\"tri\")]\n[partitioning(\"integer\")]\n"
          "[outputtopology(\"triangle_cw\")]\n[patchconstantfunc(\"pc\")]\n" HS_MAIN, "hs_5_0",
          "needs [outputcontrolpoints(n)]");
    FAILS(HS_PC HS_PC_FN "[domain(\"tri\")]\n[partitioning(\"integer\")]\n"
          "[outputtopology(\"triangle_cw\")]\n[outputcontrolpoints(3)]\n" HS_MAIN, "hs_5_0",
          "needs [patchconstantfunc(\"name\")]");
    FAILS(HS_PC HS_PC_FN HS_ATTRS("tri", 33) HS_MAIN, "hs_5_0",
          "[outputcontrolpoints(33)]: 0 to 32");
    FAILS(HS_PC HS_PC_FN HS_ATTRS("tri", 3) "[maxtessfactor(65.0)]\n" HS_MAIN, "hs_5_0",
          "[maxtessfactor(65)]: 1.0 to 64.0");
    /* the isoline domain: two factors, no inside one, points or lines */
    FAILS(HS_PC HS_PC_FN HS_ATTRS("isoline", 3) HS_MAIN, "hs_5_0",
          "[outputtopology(\"triangle_cw\")]: the isoline domain draws points or lines");
    FAILS(HS_PC HS_PC_FN "[domain(\"isoline\")]\n[partitioning(\"integer\")]\n"
          "[outputtopology(\"line\")]\n[outputcontrolpoints(3)]\n[patchconstantfunc(\"pc\")]\n"
          HS_MAIN, "hs_5_0", "error X4502: SV_TessFactor2: the isoline domain has 2 factors");
    FAILS("struct PC { float e[2] : SV_TessFactor; float i : SV_InsideTessFactor; };\n"
          "PC pc() { PC o; o.e[0] = o.e[1] = o.i = 1; return o; }\n"
          "[domain(\"isoline\")]\n[partitioning(\"integer\")]\n[outputtopology(\"line\")]\n"
          "[outputcontrolpoints(3)]\n[patchconstantfunc(\"pc\")]\n" HS_MAIN, "hs_5_0",
          "error X4502: SV_InsideTessFactor: the isoline domain has no inside factor");
    FAILS("struct PC { float e[1] : SV_TessFactor; };\n"
          "PC pc() { PC o; o.e[0] = 1; return o; }\n"
          "[domain(\"isoline\")]\n[partitioning(\"integer\")]\n[outputtopology(\"line\")]\n"
          "[outputcontrolpoints(3)]\n[patchconstantfunc(\"pc\")]\n" HS_MAIN, "hs_5_0",
          "writes SV_TessFactor (a float[2]: density, detail)");
    FAILS(HS_PC HS_PC_FN HS_ATTRS("hexagon", 3) HS_MAIN, "hs_5_0", "[domain(\"hexagon\")]");
    /* the patch-constant function: found, and writing the domain's factors */
    FAILS(HS_PC "[domain(\"tri\")]\n[partitioning(\"integer\")]\n"
          "[outputtopology(\"triangle_cw\")]\n[outputcontrolpoints(3)]\n"
          "[patchconstantfunc(\"nowhere\")]\n" HS_MAIN, "hs_5_0",
          "error X3501: 'nowhere': entrypoint not found");
    FAILS(HS_PC HS_PC_FN HS_ATTRS("quad", 3) HS_MAIN, "hs_5_0",
          "SV_InsideTessFactor (a float[2])");
    FAILS("struct PC { float e[3] : SV_TessFactor; };\nPC pc() { PC o; o.e[0] = o.e[1] = "
          "o.e[2] = 1; return o; }\n" HS_ATTRS("tri", 3) HS_MAIN, "hs_5_0",
          "writes SV_TessFactor (a float[3]) and SV_InsideTessFactor (a float)");
    FAILS("struct PC { float e[4] : SV_TessFactor; float i : SV_InsideTessFactor; };\n"
          "PC pc() { PC o; o.e[0] = o.e[1] = o.e[2] = o.e[3] = o.i = 1; return o; }\n"
          HS_ATTRS("tri", 3) HS_MAIN, "hs_5_0",
          "error X4502: SV_TessFactor3: the tri domain has 3 edge factors");
    /* patch sizes */
    FAILS(HS_PC HS_PC_FN HS_ATTRS("tri", 3)
          "float4 main(InputPatch<float4, 33> ip : P, uint id : SV_OutputControlPointID) : P "
          "{ return ip[id]; }\n", "hs_5_0", "InputPatch<T, 33>: a patch has 1 to 32 control "
          "points");
    FAILS(HS_PC "PC pc(OutputPatch<float4, 4> op : P) { PC o; o.e[0] = o.e[1] = o.e[2] = "
          "o.i = op[0].x; return o; }\n" HS_ATTRS("tri", 3) HS_MAIN, "hs_5_0",
          "OutputPatch<T, 4> but [outputcontrolpoints(3)]");
    FAILS(HS_PC HS_PC_FN HS_ATTRS("tri", 3)
          "float4 main(uint id : SV_OutputControlPointID) : P { return id; }\n", "hs_5_0",
          "a hull shader needs an InputPatch<T, n> parameter");
    FAILS(HS_PC HS_PC_FN HS_ATTRS("tri", 3)
          "float4 main(OutputPatch<float4, 3> ip : P) : P { return ip[0]; }\n", "hs_5_0",
          "takes an InputPatch");
    /* domain programs */
    FAILS(HS_PC "[domain(\"tri\")] float4 main(PC pc, float2 uv : SV_DomainLocation, "
          "OutputPatch<float4, 3> p : P) : SV_Position { return p[0] * uv.x; }\n", "ds_5_0",
          "error X4502: SV_DomainLocation of the tri domain is a float3");
    FAILS(HS_PC "float4 main(PC pc, float3 uv : SV_DomainLocation, "
          "OutputPatch<float4, 3> p : P) : SV_Position { return p[0] * uv.x; }\n", "ds_5_0",
          "needs [domain(\"tri\")], [domain(\"quad\")] or [domain(\"isoline\")]");
    FAILS(HS_PC "[domain(\"tri\")] float4 main(PC pc, float3 uv : SV_DomainLocation) "
          ": SV_Position { return uv.xyzz; }\n", "ds_5_0",
          "a domain shader needs an OutputPatch<T, n> parameter");
    FAILS(HS_PC "[domain(\"tri\")] float4 main(PC pc, float3 uv : SV_DomainLocation, "
          "InputPatch<float4, 3> p : P) : SV_Position { return p[0] * uv.x; }\n", "ds_5_0",
          "a domain shader takes an OutputPatch");
    FAILS(HS_PC "[domain(\"tri\")] float4 main(PC pc, uint id : SV_OutputControlPointID, "
          "OutputPatch<float4, 3> p : P) : SV_Position { return p[id]; }\n", "ds_5_0",
          "error X4502: SV_OutputControlPointID is an input of a hull shader's control-point "
          "function");
    FAILS(HS_PC HS_PC_FN HS_ATTRS("tri", 3)
          "float4 main(InputPatch<float4, 3> ip : P, float3 uv : SV_DomainLocation) : P "
          "{ return ip[0] * uv.x; }\n", "hs_5_0",
          "error X4502: SV_DomainLocation is a domain shader's input");
    /* patches belong to hull and domain shaders */
    FAILS("float4 main(InputPatch<float4, 3> ip : P) : SV_Position { return ip[0]; }\n",
          "vs_5_0", "'ip': InputPatch and OutputPatch are hull and domain shader parameters");
    FAILS("[domain(\"tri\")] float4 main(InputPatch<float4, 0> p : P, float3 uv : "
          "SV_DomainLocation) : SV_Position { return uv.xyzz; }\n", "ds_5_0",
          "InputPatch<T, 0>: a patch has 1 to 32 control points");
    /* the two hull functions bind one cbuffer slot to two buffers ($Globals in the first, B
     * in the second): refused, not miscompiled */
    FAILS("float a;\ncbuffer B { float b; };\n" HS_PC
          "PC pc() { PC o; o.e[0] = o.e[1] = o.e[2] = o.i = b; return o; }\n" HS_ATTRS("tri", 3)
          "float4 main(InputPatch<float4, 3> ip : P, uint id : SV_OutputControlPointID) : P "
          "{ return ip[id] * a; }\n", "hs_5_0",
          "bind their constant buffers and resources differently (b0): not supported yet");
    /* two cbuffers without registers: the second function keeps the first one's slots */
    char *l = NULL;
    ok = compile_ok("cbuffer A { float a; };\ncbuffer B { float b; };\n" HS_PC
                    "PC pc() { PC o; o.e[0] = o.e[1] = o.e[2] = o.i = b; return o; }\n"
                    HS_ATTRS("tri", 3)
                    "float4 main(InputPatch<float4, 3> ip : P, "
                    "uint id : SV_OutputControlPointID) : P { return ip[id] * a; }\n",
                    "hs_5_0", &n, &l);
    if (ok) {
        static const char *const lines[] = {
            "hs_control_point_phase\n", "dcl_constantbuffer cb0[1], immediateIndexed\n",
            "cb0[0].xxxx\n", "hs_fork_phase\n", "dcl_constantbuffer cb1[1], immediateIndexed\n",
            "mov o3.x, cb1[0].x\n", NULL};
        expect_in_order(l, "hs_5_0\n", lines, __LINE__);
    }
    free(ok);
    free(l);
    /* ... and with explicit registers they agree */
    ok = compile_ok("cbuffer A : register(b0) { float a; };\n"
                    "cbuffer B : register(b1) { float b; };\n" HS_PC
                    "PC pc() { PC o; o.e[0] = o.e[1] = o.e[2] = o.i = b; return o; }\n"
                    HS_ATTRS("tri", 3)
                    "float4 main(InputPatch<float4, 3> ip : P, "
                    "uint id : SV_OutputControlPointID) : P { return ip[id] * a; }\n",
                    "hs_5_0", &n, NULL);
    CHECK(ok != NULL);
    free(ok);
}
