/* tests/test_d3d11_tess.c — hull and domain shaders through the D3D11 API at 11_0 (issue 16,
 * the device step): CreateHullShader / CreateDomainShader and their refusals, the HS* / DS*
 * context methods and ClearState, patch-list topologies by level, tessellated draws read back
 * through a staging copy and compared exactly (a quad patch covering its rectangle for every
 * partitioning; the bare quad and a triangle patch equal to the same geometry drawn as
 * triangles), Draw / DrawIndexed / DrawInstanced, the draw-time refusals (nothing drawn, a
 * message), the pipeline-statistics HS/DS invocations, and textures in both stages (high
 * slots, a cube array).  The pipeline side of the same
 * draws: tests/test_tess_draw.c. */
#include "tess_scene.h"

#include <stdio.h>

/* Drops a reference a getter returned (the object stays bound or owned elsewhere). */
#define RD_RELEASE_REF(obj)                                                                      \
    do {                                                                                         \
        if (obj)                                                                                 \
            IUnknown_Release((IUnknown *)(obj));                                                 \
        (obj) = NULL;                                                                            \
    } while (0)

/* tests/shaders/sm4/hs_5_0_tri.asm and ds_5_0_tri.asm: the edge TessFactors are the control
 * points' w (vocp), the inside one the sum of two edges (a join phase reading vpc). */
static const char hs_tri[] =
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
    "hs_join_phase\ndcl_hs_join_phase_instance_count 2\ndcl_input vJoinInstanceID\n"
    "dcl_input vPrim\ndcl_input vpc0.x\ndcl_input vpc1.x\n"
    "dcl_output_siv o3.x, finalTriInsideTessFactor\ndcl_output o4.x\ndcl_temps 1\n"
    "ieq r0.x, vJoinInstanceID, l(0)\nif_nz r0.x\n  add o3.x, vpc0.x, vpc1.x\nelse\n"
    "  utof o4.x, vPrim\nendif\nret\n";
static const char ds_tri[] =
    "ds_5_0\ndcl_input_control_point_count 3\ndcl_tessellator_domain domain_tri\n"
    "dcl_input vDomain.xyz\ndcl_input vicp[3][0].xyzw\ndcl_input vpc3.x\n"
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.x\ndcl_temps 1\n"
    "mul r0.xyzw, vDomain.yyyy, vicp[1][0].xyzw\n"
    "mad r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw, r0.xyzw\n"
    "mad o0.xyzw, vDomain.zzzz, vicp[2][0].xyzw, r0.xyzw\nmov o1.x, vpc3.x\nret\n";

/* ---- creation ------------------------------------------------------------------------------ */

TEST(tess_create_hull_and_domain_shaders)
{
    struct rd r, r10;
    if (!rd_begin_profile(&r, "11_0", L110, W, H) || !rd_begin_profile(&r10, "11_0", L101, W, H)) {
        rd_end(&r);
        return;
    }
    size_t nh, nd, nv;
    void *hb = rd_assemble(hs_tri, &nh), *db = rd_assemble(ds_tri, &nd);
    void *vb = rd_assemble(TS_VS, &nv);
    if (hb && db && vb) {
        ID3D11HullShader *hs = NULL;
        ID3D11DomainShader *ds = NULL;
        CHECK_HR(ID3D11Device_CreateHullShader(r.dev, hb, nh, NULL, &hs), S_OK);
        CHECK_HR(ID3D11Device_CreateDomainShader(r.dev, db, nd, NULL, &ds), S_OK);
        CHECK(hs && ds);
        if (hs) {
            void *q = NULL;
            CHECK_HR(ID3D11HullShader_QueryInterface(hs, &IID_ID3D11HullShader, &q), S_OK);
            CHECK(q == hs);
            if (q)
                ID3D11HullShader_Release(hs);
            CHECK_HR(ID3D11HullShader_QueryInterface(hs, &IID_ID3D11DomainShader, &q),
                     E_NOINTERFACE);
        }
        RD_RELEASE(hs);
        RD_RELEASE(ds);
        /* validation only */
        CHECK_HR(ID3D11Device_CreateHullShader(r.dev, hb, nh, NULL, NULL), S_FALSE);
        CHECK_HR(ID3D11Device_CreateDomainShader(r.dev, db, nd, NULL, NULL), S_FALSE);
        /* the wrong stage, no bytecode, a truncated blob, a class linkage */
        static const struct {
            bool hull;
            int blob;   /* 0 hull, 1 domain, 2 vertex, 3 NULL, 4 truncated hull */
            bool linkage;
            const char *why;
        } bad[] = {
            { true, 1, false, "domain shader, not a hull shader" },
            { false, 0, false, "hull shader, not a domain shader" },
            { true, 2, false, "vertex shader, not a hull shader" },
            { false, 3, false, "pShaderBytecode is NULL" },
            { true, 4, false, "malformed bytecode" },
            { true, 0, true, "pClassLinkage" },
            { false, 1, true, "pClassLinkage" },
        };
        for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
            const void *b = bad[i].blob == 0 || bad[i].blob == 4 ? hb : bad[i].blob == 1 ? db :
                            bad[i].blob == 2 ? vb : NULL;
            size_t n = bad[i].blob == 0 ? nh : bad[i].blob == 1 ? nd : bad[i].blob == 2 ? nv :
                       bad[i].blob == 4 ? nh - 8 : 16;
            /* an object that is not a softd3d class linkage (its vtable is checked) */
            static const void *const fake_vtbl[8];
            static const struct { const void *const *vtbl; } fake = { fake_vtbl };
            ID3D11ClassLinkage *cl = bad[i].linkage ? (ID3D11ClassLinkage *)&fake : NULL;
            void *out = (void *)(uintptr_t)1;
            util_clear_last_message();
            HRESULT hr = bad[i].hull
                ? ID3D11Device_CreateHullShader(r.dev, b, n, cl, (ID3D11HullShader **)&out)
                : ID3D11Device_CreateDomainShader(r.dev, b, n, cl, (ID3D11DomainShader **)&out);
            CHECK_HR(hr, E_INVALIDARG);
            CHECK(out == NULL);
            CHECK_STR_CONTAINS(LAST, bad[i].why);
        }
        /* 10_1: the stages do not exist (seed 004) */
        ID3D11HullShader *h10 = (ID3D11HullShader *)(uintptr_t)1;
        ID3D11DomainShader *d10 = (ID3D11DomainShader *)(uintptr_t)1;
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateHullShader(r10.dev, hb, nh, NULL, &h10), E_INVALIDARG);
        CHECK(h10 == NULL);
        CHECK_STR_CONTAINS(LAST, "hull shaders are not supported at feature level 10_1");
        CHECK_HR(ID3D11Device_CreateDomainShader(r10.dev, db, nd, NULL, &d10), E_INVALIDARG);
        CHECK(d10 == NULL);
    }
    free(hb);
    free(db);
    free(vb);
    rd_end(&r10);
    rd_end(&r);
}

/* ---- context methods ----------------------------------------------------------------------- */

TEST(tess_context_methods)
{
    struct rd r, r10;
    if (!rd_begin_profile(&r, "11_0", L110, W, H) || !rd_begin_profile(&r10, "11_0", L101, W, H)) {
        rd_end(&r);
        return;
    }
    ID3D11DeviceContext *c = r.ctx;
    ID3D11HullShader *hs = hs_create(r.dev, hs_tri, S_OK), *got_hs = NULL;
    ID3D11DomainShader *ds = ds_create(r.dev, ds_tri, S_OK), *got_ds = NULL;
    float zero[4] = { 0 };
    ID3D11Buffer *cb = rd_buffer(r.dev, D3D11_BIND_CONSTANT_BUFFER, zero, 16), *got_cb = NULL;
    ID3D11Buffer *vbuf = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, zero, 16);
    ID3D11ShaderResourceView *srv = NULL, *got_srv = NULL;
    ID3D11SamplerState *smp = NULL, *got_smp = NULL;
    ID3D11Texture2D *tex = rd_texture(r.dev, 2, 2, DXGI_FORMAT_R8G8B8A8_UNORM,
                                      D3D11_BIND_SHADER_RESOURCE, NULL, 0);
    D3D11_SAMPLER_DESC sd = { D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                              D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                              D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    if (tex)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)tex, NULL, &srv),
                 S_OK);
    CHECK_HR(ID3D11Device_CreateSamplerState(r.dev, &sd, &smp), S_OK);
    if (!hs || !ds || !cb || !vbuf || !srv || !smp)
        goto done;
    UINT n = 7;
    ACCEPTED(ID3D11DeviceContext_HSSetShader(c, hs, NULL, 0));
    ACCEPTED(ID3D11DeviceContext_DSSetShader(c, ds, NULL, 0));
    ID3D11DeviceContext_HSGetShader(c, &got_hs, NULL, &n);
    CHECK(got_hs == hs);
    CHECK_EQ(n, 0);
    ID3D11DeviceContext_DSGetShader(c, &got_ds, NULL, NULL);
    CHECK(got_ds == ds);
    RD_RELEASE_REF(got_hs);
    RD_RELEASE_REF(got_ds);
    /* a shader of the other stage is refused, the binding kept */
    util_clear_last_message();
    ID3D11DeviceContext_HSSetShader(c, (ID3D11HullShader *)ds, NULL, 0);
    CHECK_STR_CONTAINS(LAST, "HSSetShader");
    ID3D11DeviceContext_HSGetShader(c, &got_hs, NULL, NULL);
    CHECK(got_hs == hs);
    RD_RELEASE_REF(got_hs);
    /* every slot kind of both stages */
    ACCEPTED(ID3D11DeviceContext_HSSetConstantBuffers(c, 13, 1, &cb));
    ACCEPTED(ID3D11DeviceContext_DSSetConstantBuffers(c, 2, 1, &cb));
    ACCEPTED(ID3D11DeviceContext_HSSetShaderResources(c, 127, 1, &srv));
    ACCEPTED(ID3D11DeviceContext_DSSetShaderResources(c, 3, 1, &srv));
    ACCEPTED(ID3D11DeviceContext_HSSetSamplers(c, 15, 1, &smp));
    ACCEPTED(ID3D11DeviceContext_DSSetSamplers(c, 1, 1, &smp));
    ID3D11DeviceContext_HSGetConstantBuffers(c, 13, 1, &got_cb);
    CHECK(got_cb == cb);
    RD_RELEASE_REF(got_cb);
    ID3D11DeviceContext_DSGetConstantBuffers(c, 2, 1, &got_cb);
    CHECK(got_cb == cb);
    RD_RELEASE_REF(got_cb);
    ID3D11DeviceContext_HSGetShaderResources(c, 127, 1, &got_srv);
    CHECK(got_srv == srv);
    RD_RELEASE_REF(got_srv);
    ID3D11DeviceContext_DSGetShaderResources(c, 3, 1, &got_srv);
    CHECK(got_srv == srv);
    RD_RELEASE_REF(got_srv);
    ID3D11DeviceContext_HSGetSamplers(c, 15, 1, &got_smp);
    CHECK(got_smp == smp);
    RD_RELEASE_REF(got_smp);
    ID3D11DeviceContext_DSGetSamplers(c, 1, 1, &got_smp);
    CHECK(got_smp == smp);
    RD_RELEASE_REF(got_smp);
    /* out of range and wrong bind flags: refused, nothing changed */
    util_clear_last_message();
    ID3D11DeviceContext_HSSetConstantBuffers(c, 13, 2, &cb);
    CHECK_STR_CONTAINS(LAST, "HSSetConstantBuffers");
    util_clear_last_message();
    ID3D11DeviceContext_DSSetConstantBuffers(c, 2, 1, &vbuf);
    CHECK_STR_CONTAINS(LAST, "D3D11_BIND_CONSTANT_BUFFER");
    ID3D11DeviceContext_DSGetConstantBuffers(c, 2, 1, &got_cb);
    CHECK(got_cb == cb);
    RD_RELEASE_REF(got_cb);
    /* the 32 patch lists at 11_0; refused at 10_1, the topology kept */
    for (UINT t = D3D11_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST;
         t <= D3D11_PRIMITIVE_TOPOLOGY_32_CONTROL_POINT_PATCHLIST; t++) {
        D3D11_PRIMITIVE_TOPOLOGY got;
        ACCEPTED(ID3D11DeviceContext_IASetPrimitiveTopology(c, (D3D11_PRIMITIVE_TOPOLOGY)t));
        ID3D11DeviceContext_IAGetPrimitiveTopology(c, &got);
        CHECK_EQ(got, t);
        ID3D11DeviceContext_IASetPrimitiveTopology(r10.ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
        util_clear_last_message();
        ID3D11DeviceContext_IASetPrimitiveTopology(r10.ctx, (D3D11_PRIMITIVE_TOPOLOGY)t);
        CHECK_STR_CONTAINS(LAST, "not supported at feature level 10_1");
        ID3D11DeviceContext_IAGetPrimitiveTopology(r10.ctx, &got);
        CHECK_EQ(got, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    }
    util_clear_last_message();
    ID3D11DeviceContext_IASetPrimitiveTopology(c, (D3D11_PRIMITIVE_TOPOLOGY)65);
    CHECK_STR_CONTAINS(LAST, "is not a D3D11_PRIMITIVE_TOPOLOGY value");
    /* 10_1: the methods take NULL only, the getters give NULL */
    util_clear_last_message();
    ID3D11DeviceContext_HSSetShader(r10.ctx, NULL, NULL, 0);
    ID3D11DeviceContext_DSSetSamplers(r10.ctx, 0, 1, (ID3D11SamplerState *const *)&got_smp);
    CHECK_EQ(LAST[0], 0);
    ID3D11DeviceContext_DSSetShader(r10.ctx, ds, NULL, 0);
    CHECK_STR_CONTAINS(LAST, "domain shaders are not supported");
    got_ds = (ID3D11DomainShader *)(uintptr_t)1;
    ID3D11DeviceContext_DSGetShader(r10.ctx, &got_ds, NULL, NULL);
    CHECK(got_ds == NULL);
    /* ClearState unbinds every HS and DS slot */
    ID3D11DeviceContext_ClearState(c);
    ID3D11DeviceContext_HSGetShader(c, &got_hs, NULL, NULL);
    ID3D11DeviceContext_DSGetShader(c, &got_ds, NULL, NULL);
    ID3D11DeviceContext_HSGetConstantBuffers(c, 13, 1, &got_cb);
    ID3D11DeviceContext_DSGetShaderResources(c, 3, 1, &got_srv);
    ID3D11DeviceContext_HSGetSamplers(c, 15, 1, &got_smp);
    CHECK(!got_hs && !got_ds && !got_cb && !got_srv && !got_smp);
done:
    /* the bindings held no application reference: every object goes with its last Release */
    RD_RELEASE(srv);
    RD_RELEASE(tex);
    RD_RELEASE(smp);
    RD_RELEASE(vbuf);
    RD_RELEASE(cb);
    RD_RELEASE(ds);
    RD_RELEASE(hs);
    rd_end(&r10);
    rd_end(&r);
}

/* ---- draws --------------------------------------------------------------------------------- */

/* The quad patch covers its rectangle exactly once whatever the partitioning and factors: the
 * tessellator's triangles tile the domain and the top-left rule owns every shared edge once
 * (as tests/test_tess_draw.c checks through the pipeline's own API); a factor 0 culls the
 * patch (D3D11.3 functional spec 11.7.12), an inside factor 0 does not. */
TEST(tess_quad_patch_every_partitioning)
{
    static const char *const hs_text[] = {
        HS_QUAD("partitioning_integer"), HS_QUAD("partitioning_pow2"),
        HS_QUAD("partitioning_fractional_odd"), HS_QUAD("partitioning_fractional_even"),
    };
    static const float factors[][3] = {
        { 1, 1, W * H / 2 }, { 2, 3, W * H / 2 }, { 3.3f, 7, W * H / 2 }, { 64, 64, W * H / 2 },
        { 0, 4, 0 }, { 4, 0, W * H / 2 },
    };
    struct ts_scene s;
    uint8_t img[W * H * 4];
    SCENE_BEGIN(&s, TS_PS_RED);
    ID3D11DomainShader *ds = ds_create(s.r.dev, ds_quad, S_OK);
    scene_vertices(&s, quad_patch, 4);
    ID3D11DeviceContext_IASetPrimitiveTopology(s.r.ctx,
                                               D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
    ID3D11DeviceContext_DSSetShader(s.r.ctx, ds, NULL, 0);
    for (size_t h = 0; ds && h < sizeof(hs_text) / sizeof(hs_text[0]); h++) {
        ID3D11HullShader *hs = hs_create(s.r.dev, hs_text[h], S_OK);
        ID3D11DeviceContext_HSSetShader(s.r.ctx, hs, NULL, 0);
        for (size_t f = 0; hs && f < sizeof(factors) / sizeof(factors[0]); f++) {
            scene_factors(&s, factors[f][0], factors[f][1]);
            DRAW_INTO(&s, img, ID3D11DeviceContext_Draw(s.r.ctx, 4, 0));
            unsigned left, n = count_pixels(&s.r, img, red, &left);
            if (n != (unsigned)factors[f][2] || left != n)
                harness_fail(__FILE__, __LINE__, "hull %zu, factors %g %g: %u red pixels (%u "
                             "left), want %g", h, (double)factors[f][0], (double)factors[f][1],
                             n, left, (double)factors[f][2]);
        }
        ID3D11DeviceContext_HSSetShader(s.r.ctx, NULL, NULL, 0);
        RD_RELEASE(hs);
    }
    ID3D11DeviceContext_DSSetShader(s.r.ctx, NULL, NULL, 0);
    RD_RELEASE(ds);
    scene_end(&s);
}

/* Factors 1 make the bare quad, triangles (0,1,3) (1,2,3) (11.7.6): the same bytes as a
 * triangle list of those corners carrying (u, v) as their attribute; DrawIndexed and
 * DrawInstanced of the same patch give them too. */
TEST(tess_bare_quad_equals_the_triangle_list)
{
    struct ts_scene s;
    uint8_t tess_img[W * H * 4], img[W * H * 4];
    SCENE_BEGIN(&s, TS_PS_ATTR);
    ID3D11HullShader *hs = hs_create(s.r.dev, HS_QUAD("partitioning_integer"), S_OK);
    ID3D11DomainShader *ds = ds_create(s.r.dev, ds_quad, S_OK);
    ID3D11VertexShader *vs_pos = rd_vs(s.r.dev, TS_VS_POS);
    static const uint32_t idx[4] = { 0, 1, 2, 3 };
    ID3D11Buffer *ib = rd_buffer(s.r.dev, D3D11_BIND_INDEX_BUFFER, idx, sizeof(idx));
    if (!hs || !ds || !vs_pos || !ib)
        goto done;
    scene_factors(&s, 1, 1);
    scene_vertices(&s, quad_patch, 4);
    ID3D11DeviceContext_IASetPrimitiveTopology(s.r.ctx,
                                               D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
    ID3D11DeviceContext_HSSetShader(s.r.ctx, hs, NULL, 0);
    ID3D11DeviceContext_DSSetShader(s.r.ctx, ds, NULL, 0);
    DRAW_INTO(&s, tess_img, ID3D11DeviceContext_Draw(s.r.ctx, 4, 0));
    unsigned lit = 0;
    for (unsigned i = 0; i < W * H; i++)
        lit += tess_img[4 * i + 3] == 255;
    CHECK_EQ(lit, W * H / 2);
    CHECK(RD_PIXEL(tess_img, &s.r, 7, 0)[0] > RD_PIXEL(tess_img, &s.r, 0, 0)[0]);   /* u -> */
    CHECK(RD_PIXEL(tess_img, &s.r, 0, 15)[1] > RD_PIXEL(tess_img, &s.r, 0, 0)[1]);  /* v down */
    ID3D11DeviceContext_IASetIndexBuffer(s.r.ctx, ib, DXGI_FORMAT_R32_UINT, 0);
    DRAW_INTO(&s, img, ID3D11DeviceContext_DrawIndexed(s.r.ctx, 4, 0, 0));
    CHECK(!memcmp(img, tess_img, sizeof(img)));
    DRAW_INTO(&s, img, ID3D11DeviceContext_DrawInstanced(s.r.ctx, 4, 3, 0, 0));
    CHECK(!memcmp(img, tess_img, sizeof(img)));
    DRAW_INTO(&s, img, ID3D11DeviceContext_DrawIndexedInstanced(s.r.ctx, 4, 2, 0, 0, 0));
    CHECK(!memcmp(img, tess_img, sizeof(img)));

    /* the reference: no tessellation, the corners as a triangle list */
    static const unsigned order[6] = { 0, 1, 3, 1, 2, 3 };
    struct vtx tri[6];
    for (int i = 0; i < 6; i++)
        tri[i] = quad_patch[order[i]];
    ID3D11DeviceContext_HSSetShader(s.r.ctx, NULL, NULL, 0);
    ID3D11DeviceContext_DSSetShader(s.r.ctx, NULL, NULL, 0);
    ID3D11DeviceContext_VSSetShader(s.r.ctx, vs_pos, NULL, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(s.r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    scene_vertices(&s, tri, 6);
    DRAW_INTO(&s, img, ID3D11DeviceContext_Draw(s.r.ctx, 6, 0));
    CHECK(!memcmp(img, tess_img, sizeof(img)));
done:
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(ib);
    RD_RELEASE(vs_pos);
    RD_RELEASE(ds);
    RD_RELEASE(hs);
    scene_end(&s);
}

/* The corpus triangle patch (fractional_odd; the edge factors are the control points' w, so
 * the positions are scaled by it: the same point after the divide).  In pixels the triangle is
 * (0, 0) (16, 0) (0, 8): no pixel centre lies within 0.2 pixel of its diagonal edge
 * (x + 2y = 16 at centres i + 2j + 1.5), so the tessellated patch covers exactly the pixels of
 * the triangle drawn as one -- 15 + 13 + ... + 1 = 64 -- for any factor. */
TEST(tess_triangle_patch_equals_the_triangle)
{
    static const float corners[3][2] = { { -1, 1 }, { 1, 1 }, { -1, 0 } };
    static const float factors[] = { 1, 2, 3.3f, 7, 13.5f };
    struct ts_scene s;
    uint8_t img[W * H * 4], ref[W * H * 4];
    SCENE_BEGIN(&s, TS_PS_RED);
    ID3D11HullShader *hs = hs_create(s.r.dev, hs_tri, S_OK);
    ID3D11DomainShader *ds = ds_create(s.r.dev, ds_tri, S_OK);
    ID3D11VertexShader *vs_pos = rd_vs(s.r.dev, TS_VS_POS);
    for (size_t f = 0; hs && ds && vs_pos && f < sizeof(factors) / sizeof(factors[0]); f++) {
        struct vtx v[3];
        memset(v, 0, sizeof(v));
        for (int i = 0; i < 3; i++) {
            v[i].pos[0] = corners[i][0] * factors[f];
            v[i].pos[1] = corners[i][1] * factors[f];
            v[i].pos[3] = factors[f];
        }
        scene_vertices(&s, v, 3);
        ID3D11DeviceContext_VSSetShader(s.r.ctx, s.vs, NULL, 0);
        ID3D11DeviceContext_HSSetShader(s.r.ctx, hs, NULL, 0);
        ID3D11DeviceContext_DSSetShader(s.r.ctx, ds, NULL, 0);
        ID3D11DeviceContext_IASetPrimitiveTopology(
            s.r.ctx, D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
        DRAW_INTO(&s, img, ID3D11DeviceContext_Draw(s.r.ctx, 3, 0));
        ID3D11DeviceContext_HSSetShader(s.r.ctx, NULL, NULL, 0);
        ID3D11DeviceContext_DSSetShader(s.r.ctx, NULL, NULL, 0);
        ID3D11DeviceContext_VSSetShader(s.r.ctx, vs_pos, NULL, 0);
        ID3D11DeviceContext_IASetPrimitiveTopology(s.r.ctx,
                                                   D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        DRAW_INTO(&s, ref, ID3D11DeviceContext_Draw(s.r.ctx, 3, 0));
        unsigned left, n = count_pixels(&s.r, img, red, &left);
        if (n != 64 || memcmp(img, ref, sizeof(img)))
            harness_fail(__FILE__, __LINE__, "factor %g: %u red pixels, want 64 and the "
                         "triangle's", (double)factors[f], n);
    }
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(vs_pos);
    RD_RELEASE(ds);
    RD_RELEASE(hs);
    scene_end(&s);
}

/* The documented refusals at draw time: nothing is drawn, one message says why. */
TEST(tess_draw_refusals)
{
    static const char ds_quad_3cp[] =
        DS_QUAD_HEAD(3, "domain_quad") "dcl_output_siv o0.xyzw, position\n"
        "mov o0.xyzw, vicp[2][0].xyzw\nret\n";
    static const char ds_tri_4cp[] =
        "ds_5_0\ndcl_input_control_point_count 4\ndcl_tessellator_domain domain_tri\n"
        "dcl_input vDomain.xyz\ndcl_input vicp[4][0].xyzw\ndcl_output_siv o0.xyzw, position\n"
        "mov o0.xyzw, vicp[0][0].xyzw\nret\n";
    static const char gs_text[] =   /* points in: not what the tessellator makes here */
        "gs_5_0\ndcl_input_siv v[1][0].xyzw, position\ndcl_inputprimitive point\n"
        "dcl_outputtopology trianglestrip\ndcl_output_siv o0.xyzw, position\ndcl_maxout 1\n"
        "mov o0.xyzw, v[0][0].xyzw\nemit\nret\n";
    struct ts_scene s;
    uint8_t img[W * H * 4];
    SCENE_BEGIN(&s, TS_PS_RED);
    ID3D11HullShader *hs = hs_create(s.r.dev, HS_QUAD("partitioning_integer"), S_OK);
    ID3D11HullShader *hs3 = hs_create(s.r.dev, HS_QUAD_CP("partitioning_integer", 3), S_OK);
    ID3D11DomainShader *ds = ds_create(s.r.dev, ds_quad, S_OK);
    ID3D11DomainShader *ds3 = ds_create(s.r.dev, ds_quad_3cp, S_OK);
    ID3D11DomainShader *ds_tri4 = ds_create(s.r.dev, ds_tri_4cp, S_OK);
    size_t ng;
    void *gb = rd_assemble(gs_text, &ng);
    ID3D11GeometryShader *gs = NULL;
    if (gb)
        CHECK_HR(ID3D11Device_CreateGeometryShader(s.r.dev, gb, ng, NULL, &gs), S_OK);
    free(gb);
    const D3D11_PRIMITIVE_TOPOLOGY P4 = D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST;
    const D3D11_PRIMITIVE_TOPOLOGY P3 = D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST;
    const D3D11_PRIMITIVE_TOPOLOGY TL = D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST;
    const struct {
        ID3D11HullShader *hs;
        ID3D11DomainShader *ds;
        ID3D11GeometryShader *gs;
        D3D11_PRIMITIVE_TOPOLOGY topology;
        const char *why;
    } cases[] = {
        { hs, NULL, NULL, P4, "a hull shader is bound without a domain shader" },
        { NULL, ds, NULL, P4, "a domain shader is bound without a hull shader" },
        { NULL, NULL, NULL, P4, "a patch-list topology without hull and domain shaders" },
        { hs, ds, NULL, TL, "need a patch-list topology" },
        { hs, ds, NULL, P3, "the hull shader's dcl_input_control_point_count is 4" },
        { hs, ds3, NULL, P4, "HS_DS_CONTROL_POINT_COUNT_MISMATCH" },
        { hs3, ds, NULL, P4, "the hull shader outputs 3 control points, the domain shader "
                             "reads 4" },
        { hs, ds_tri4, NULL, P4, "TESSELLATOR_DOMAIN_MISMATCH" },
        { hs, ds, gs, P4, "input primitive is not the tessellator's output (triangles)" },
    };
    if (!hs || !hs3 || !ds || !ds3 || !ds_tri4 || !gs)
        goto done;
    scene_factors(&s, 4, 4);
    scene_vertices(&s, quad_patch, 4);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        ID3D11DeviceContext_HSSetShader(s.r.ctx, cases[i].hs, NULL, 0);
        ID3D11DeviceContext_DSSetShader(s.r.ctx, cases[i].ds, NULL, 0);
        ID3D11DeviceContext_GSSetShader(s.r.ctx, cases[i].gs, NULL, 0);
        ID3D11DeviceContext_IASetPrimitiveTopology(s.r.ctx, cases[i].topology);
        rd_clear(&s.r, 0, 0, 0, 0);
        util_clear_last_message();
        ID3D11DeviceContext_Draw(s.r.ctx, 4, 0);
        CHECK_STR_CONTAINS(LAST, cases[i].why);
        rd_read(&s.r, img);
        unsigned left;
        CHECK_EQ(count_pixels(&s.r, img, red, &left), 0);
    }
    /* the same state made whole draws */
    ID3D11DeviceContext_HSSetShader(s.r.ctx, hs, NULL, 0);
    ID3D11DeviceContext_DSSetShader(s.r.ctx, ds, NULL, 0);
    ID3D11DeviceContext_GSSetShader(s.r.ctx, NULL, NULL, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(s.r.ctx, P4);
    DRAW_INTO(&s, img, ID3D11DeviceContext_Draw(s.r.ctx, 4, 0));
    unsigned left;
    CHECK_EQ(count_pixels(&s.r, img, red, &left), W * H / 2);
done:
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(gs);
    RD_RELEASE(ds_tri4);
    RD_RELEASE(ds3);
    RD_RELEASE(ds);
    RD_RELEASE(hs3);
    RD_RELEASE(hs);
    scene_end(&s);
}

/* D3D11_QUERY_PIPELINE_STATISTICS (pipeline/draw.h draw_stats): two quad patches of integer
 * factors 2 are 2 IA primitives, 2 hull invocations and 2 x 9 domain points (the 3 x 3 grid),
 * 2 x 8 triangles to clipping, each patch shading the left half; the incomplete third patch
 * of the 10 vertices counts its vertices only; culled patches run the hull shader but no
 * domain shader. */
TEST(tess_pipeline_statistics)
{
    struct ts_scene s;
    SCENE_BEGIN(&s, TS_PS_RED);
    ID3D11HullShader *hs = hs_create(s.r.dev, HS_QUAD("partitioning_integer"), S_OK);
    ID3D11DomainShader *ds = ds_create(s.r.dev, ds_quad, S_OK);
    ID3D11Query *q = NULL;
    D3D11_QUERY_DESC qd = { D3D11_QUERY_PIPELINE_STATISTICS, 0 };
    CHECK_HR(ID3D11Device_CreateQuery(s.r.dev, &qd, &q), S_OK);
    struct vtx v[10];
    for (int i = 0; i < 10; i++)
        v[i] = quad_patch[i % 4];
    if (!hs || !ds || !q)
        goto done;
    scene_vertices(&s, v, 10);
    ID3D11DeviceContext_IASetPrimitiveTopology(s.r.ctx,
                                               D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
    ID3D11DeviceContext_HSSetShader(s.r.ctx, hs, NULL, 0);
    ID3D11DeviceContext_DSSetShader(s.r.ctx, ds, NULL, 0);
    static const struct { float edge; UINT64 ds, c; } runs[] = { { 2, 18, 16 }, { 0, 0, 0 } };
    for (size_t i = 0; i < 2; i++) {
        D3D11_QUERY_DATA_PIPELINE_STATISTICS st;
        memset(&st, 0xcd, sizeof(st));
        scene_factors(&s, runs[i].edge, 2);
        rd_clear(&s.r, 0, 0, 0, 0);
        ID3D11DeviceContext_Begin(s.r.ctx, (ID3D11Asynchronous *)q);
        ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 10, 0));
        ID3D11DeviceContext_End(s.r.ctx, (ID3D11Asynchronous *)q);
        CHECK_HR(ID3D11DeviceContext_GetData(s.r.ctx, (ID3D11Asynchronous *)q, &st, sizeof(st),
                                             0), S_OK);
        CHECK_EQ(st.IAVertices, 10);
        CHECK_EQ(st.IAPrimitives, 2);
        CHECK_EQ(st.VSInvocations, 10);
        CHECK_EQ(st.HSInvocations, 2);
        CHECK_EQ(st.DSInvocations, runs[i].ds);
        CHECK_EQ(st.CInvocations, runs[i].c);
        CHECK_EQ(st.GSInvocations, 0);
        CHECK_EQ(st.CSInvocations, 0);
        CHECK_EQ(st.PSInvocations, runs[i].ds ? 2 * (W * H / 2) : 0);   /* both patches */
    }
done:
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(q);
    RD_RELEASE(ds);
    RD_RELEASE(hs);
    scene_end(&s);
}

/* Signature linkage at the draw, by register ("Shader Signatures": adjacent stages share a
 * register array): the vertex shader's outputs to the hull's input control points, the hull's
 * output control points (without a control-point phase its input ones, 10.6) to the domain
 * shader's -- an element missing at its register, another semantic there, or components the
 * producer does not have are refused (nothing drawn, a message); matching ones draw, also a
 * hull whose two phases both declare the control points (one signature element). */
TEST(tess_signature_linkage)
{
    /* the hull's control-point phase writing o0.xy only, or o0 and o1 (TEXCOORD0, 1) */
    static const char hs_xy[] =
        "hs_5_0\nhs_decls\ndcl_input_control_point_count 4\ndcl_output_control_point_count 4\n"
        "dcl_tessellator_domain domain_quad\ndcl_tessellator_partitioning partitioning_integer\n"
        "dcl_tessellator_output_primitive output_triangle_cw\n"
        "hs_control_point_phase\ndcl_input vOutputControlPointID\ndcl_input v[4][0].xyzw\n"
        "dcl_output o0.xy\ndcl_temps 1\nmov r0.x, vOutputControlPointID\n"
        "mov o0.xy, v[r0.x + 0][0].xyxx\nret\n"
        "hs_fork_phase\ndcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor\n"
        "dcl_output_siv o1.x, finalQuadVeq0EdgeTessFactor\n"
        "dcl_output_siv o2.x, finalQuadUeq1EdgeTessFactor\n"
        "dcl_output_siv o3.x, finalQuadVeq1EdgeTessFactor\n"
        "dcl_output_siv o4.x, finalQuadUInsideTessFactor\n"
        "dcl_output_siv o5.x, finalQuadVInsideTessFactor\n"
        "mov o0.x, l(2.0)\nmov o1.x, l(2.0)\nmov o2.x, l(2.0)\nmov o3.x, l(2.0)\n"
        "mov o4.x, l(2.0)\nmov o5.x, l(2.0)\nret\n";
    /* a hull reading v[4][1] only: its input signature is TEXCOORD0 at register 1, where the
     * vertex shader writes TEXCOORD1 */
    static const char hs_v1[] =
        "hs_5_0\nhs_decls\ndcl_input_control_point_count 4\ndcl_output_control_point_count 4\n"
        "dcl_tessellator_domain domain_quad\ndcl_tessellator_partitioning partitioning_integer\n"
        "dcl_tessellator_output_primitive output_triangle_cw\n"
        "hs_control_point_phase\ndcl_input vOutputControlPointID\ndcl_input v[4][1].xyzw\n"
        "dcl_output o0.xyzw\ndcl_temps 1\nmov r0.x, vOutputControlPointID\n"
        "mov o0.xyzw, v[r0.x + 0][1].xyzw\nret\n"
        "hs_fork_phase\ndcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor\n"
        "dcl_output_siv o1.x, finalQuadVeq0EdgeTessFactor\n"
        "dcl_output_siv o2.x, finalQuadUeq1EdgeTessFactor\n"
        "dcl_output_siv o3.x, finalQuadVeq1EdgeTessFactor\n"
        "dcl_output_siv o4.x, finalQuadUInsideTessFactor\n"
        "dcl_output_siv o5.x, finalQuadVInsideTessFactor\n"
        "mov o0.x, l(2.0)\nmov o1.x, l(2.0)\nmov o2.x, l(2.0)\nmov o3.x, l(2.0)\n"
        "mov o4.x, l(2.0)\nmov o5.x, l(2.0)\nret\n";
    /* the control points declared by two phases (v[4][0] and vicp[4][0]): one element of the
     * input signature (TEXCOORD0 at register 0), not two (tpf_derive.c) */
    static const char hs_twice[] =
        "hs_5_0\nhs_decls\ndcl_input_control_point_count 4\ndcl_output_control_point_count 4\n"
        "dcl_tessellator_domain domain_quad\ndcl_tessellator_partitioning partitioning_integer\n"
        "dcl_tessellator_output_primitive output_triangle_cw\n"
        "hs_control_point_phase\ndcl_input vOutputControlPointID\ndcl_input v[4][0].xyzw\n"
        "dcl_output o0.xyzw\ndcl_temps 1\nmov r0.x, vOutputControlPointID\n"
        "mov o0.xyzw, v[r0.x + 0][0].xyzw\nret\n"
        "hs_fork_phase\ndcl_input vicp[4][0].xyzw\n"
        "dcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor\n"
        "dcl_output_siv o1.x, finalQuadVeq0EdgeTessFactor\n"
        "dcl_output_siv o2.x, finalQuadUeq1EdgeTessFactor\n"
        "dcl_output_siv o3.x, finalQuadVeq1EdgeTessFactor\n"
        "dcl_output_siv o4.x, finalQuadUInsideTessFactor\n"
        "dcl_output_siv o5.x, finalQuadVInsideTessFactor\n"
        "dcl_temps 1\nadd r0.x, vicp[0][0].w, l(1.0)\nmov o0.x, r0.x\nmov o1.x, r0.x\nmov o2.x, r0.x\n"
        "mov o3.x, r0.x\nmov o4.x, r0.x\nmov o5.x, r0.x\nret\n";
    /* a domain shader reading vicp[4][1] too (TEXCOORD1 at register 1) */
    static const char ds_reg1[] =
        DS_QUAD_HEAD(4, "domain_quad") "dcl_input vicp[4][1].xyzw\n"
        "dcl_output_siv o0.xyzw, position\nmov o0.xyzw, vicp[0][0].xyzw\nret\n";
    struct ts_scene s;
    uint8_t img[W * H * 4];
    SCENE_BEGIN(&s, TS_PS_RED);
    ID3D11HullShader *hs = hs_create(s.r.dev, HS_QUAD("partitioning_integer"), S_OK);
    ID3D11HullShader *hsxy = hs_create(s.r.dev, hs_xy, S_OK);
    ID3D11HullShader *hsv1 = hs_create(s.r.dev, hs_v1, S_OK);
    ID3D11HullShader *hs_iso = hs_create(s.r.dev, HS_ISOLINE, S_OK);
    ID3D11HullShader *hs2 = hs_create(s.r.dev, hs_twice, S_OK);
    ID3D11DomainShader *ds = ds_create(s.r.dev, ds_quad, S_OK);
    ID3D11DomainShader *ds1 = ds_create(s.r.dev, ds_reg1, S_OK);
    ID3D11DomainShader *ds_iso = ds_create(s.r.dev, DS_ISOLINE, S_OK);
    const D3D11_PRIMITIVE_TOPOLOGY P2 = D3D11_PRIMITIVE_TOPOLOGY_2_CONTROL_POINT_PATCHLIST;
    const struct {
        ID3D11HullShader *hs;
        ID3D11DomainShader *ds;
        const char *why;   /* NULL: draws */
    } cases[] = {
        { hs, ds, NULL },
        { hs2, ds, NULL },
        { hsxy, ds, "the domain shader's control-point input TEXCOORD0 (register 0) takes "
                    "components 0xf, the output has 0x3 (DEVICE_SHADER_LINKAGE_REGISTERMASK) "
                    "of the hull shader" },
        { hs, ds1, "TEXCOORD1 (register 1) is not written: no output element at that register "
                   "(DEVICE_SHADER_LINKAGE_REGISTERINDEX) of the hull shader" },
        { hsv1, ds, "the hull shader's input TEXCOORD0 (register 1) meets the output TEXCOORD1 "
                    "there (DEVICE_SHADER_LINKAGE_SEMANTICNAME_NOT_FOUND) of the vertex "
                    "shader" },
    };
    if (!hs || !hsxy || !hsv1 || !hs_iso || !hs2 || !ds || !ds1 || !ds_iso)
        goto done;
    scene_factors(&s, 2, 2);
    scene_vertices(&s, quad_patch, 4);
    ID3D11DeviceContext_IASetPrimitiveTopology(s.r.ctx,
                                               D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        ID3D11DeviceContext_HSSetShader(s.r.ctx, cases[i].hs, NULL, 0);
        ID3D11DeviceContext_DSSetShader(s.r.ctx, cases[i].ds, NULL, 0);
        rd_clear(&s.r, 0, 0, 0, 0);
        util_clear_last_message();
        ID3D11DeviceContext_Draw(s.r.ctx, 4, 0);
        if (cases[i].why)
            CHECK_STR_CONTAINS(LAST, cases[i].why);
        else
            CHECK_EQ(LAST[0], 0);
        rd_read(&s.r, img);
        unsigned left;
        CHECK_EQ(count_pixels(&s.r, img, red, &left), cases[i].why ? 0u : W * H / 2);
    }
    /* no control-point phase: the domain shader's vicp[2][0] is the vertex shader's o0 (an
     * isoline along row 0, density 1) */
    static const struct vtx cps[2] = { { { -1, 0.9375f, 0, 1 }, { 0 } },
                                       { { 1, 0.9375f, 0, 1 }, { 0 } } };
    scene_vertices(&s, cps, 2);
    scene_factors(&s, 3, 1);
    ID3D11DeviceContext_HSSetShader(s.r.ctx, hs_iso, NULL, 0);
    ID3D11DeviceContext_DSSetShader(s.r.ctx, ds_iso, NULL, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(s.r.ctx, P2);
    util_clear_last_message();
    DRAW_INTO(&s, img, ID3D11DeviceContext_Draw(s.r.ctx, 2, 0));
    CHECK_EQ(LAST[0], 0);
    unsigned row0 = 0;
    for (UINT x = 0; x < W; x++)
        row0 += !memcmp(RD_PIXEL(img, &s.r, x, 0), red, 4);
    CHECK_EQ(row0, W);
done:
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(ds_iso);
    RD_RELEASE(ds1);
    RD_RELEASE(ds);
    RD_RELEASE(hs2);
    RD_RELEASE(hs_iso);
    RD_RELEASE(hsv1);
    RD_RELEASE(hsxy);
    RD_RELEASE(hs);
    scene_end(&s);
}

/* ---- textures in the hull and domain stages ---------------------------------------------- */

/* The hull program reads its tess factors from t100 (ld), the domain program its colour from
 * t40 (ld) and a cube-array view at t17 sampled through s15 (sample_l, cube 1's +X face): the
 * stages' bindings reach t0..t127 and s0..s15 and cube arrays as the vertex stage's do
 * (7.18.17).  With the factor texel 1.0 the patch is the bare quad over the left half, every
 * pixel (51, 102, 153, 204); with t40 unbound (reads 0) red and green go to 0; with the factor
 * 0 the patch is culled. */
TEST(tess_stage_textures_high_slots_and_cube_arrays)
{
    static const char hs_text[] =
        "hs_5_0\nhs_decls\ndcl_input_control_point_count 4\ndcl_output_control_point_count 4\n"
        "dcl_tessellator_domain domain_quad\ndcl_tessellator_partitioning partitioning_integer\n"
        "dcl_tessellator_output_primitive output_triangle_cw\n"
        "hs_control_point_phase\ndcl_input vOutputControlPointID\ndcl_input v[4][0].xyzw\n"
        "dcl_output o0.xyzw\ndcl_temps 1\nmov r0.x, vOutputControlPointID\n"
        "mov o0.xyzw, v[r0.x + 0][0].xyzw\nret\n"
        "hs_fork_phase\ndcl_hs_fork_phase_instance_count 4\ndcl_input vForkInstanceID\n"
        "dcl_resource_texture2d (float,float,float,float) t100\n"
        "dcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor\n"
        "dcl_output_siv o1.x, finalQuadVeq0EdgeTessFactor\n"
        "dcl_output_siv o2.x, finalQuadUeq1EdgeTessFactor\n"
        "dcl_output_siv o3.x, finalQuadVeq1EdgeTessFactor\n"
        "dcl_temps 2\ndcl_indexRange o0.x 4\nmov r0.x, vForkInstanceID\n"
        "ld r1.xyzw, l(0, 0, 0, 0), t100.xyzw\nmov o[r0.x + 0].x, r1.x\nret\n"
        "hs_join_phase\ndcl_resource_texture2d (float,float,float,float) t100\n"
        "dcl_output_siv o4.x, finalQuadUInsideTessFactor\n"
        "dcl_output_siv o5.x, finalQuadVInsideTessFactor\ndcl_temps 1\n"
        "ld r0.xyzw, l(0, 0, 0, 0), t100.xyzw\nmov o4.x, r0.x\nmov o5.x, r0.x\nret\n";
    static const char ds_text[] =
        DS_QUAD_HEAD(4, "domain_quad")
        "dcl_sampler s15, mode_default\n"
        "dcl_resource_texture2d (float,float,float,float) t40\n"
        "dcl_resource_texturecubearray (float,float,float,float) t17\n"
        "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_temps 3\n"
        "add r0.xyzw, vicp[1][0].xyzw, -vicp[0][0].xyzw\n"
        "mad r0.xyzw, vDomain.xxxx, r0.xyzw, vicp[0][0].xyzw\n"
        "add r1.xyzw, vicp[2][0].xyzw, -vicp[3][0].xyzw\n"
        "mad r1.xyzw, vDomain.xxxx, r1.xyzw, vicp[3][0].xyzw\n"
        "add r1.xyzw, r1.xyzw, -r0.xyzw\n"
        "mad o0.xyzw, vDomain.yyyy, r1.xyzw, r0.xyzw\n"
        "ld r2.xyzw, l(0, 0, 0, 0), t40.xyzw\n"
        "sample_l r0.xyzw, l(1.0, 0.0, 0.0, 1.0), t17.xyzw, s15, l(0.0)\n"
        "mov o1.xy, r2.xyxx\nmov o1.zw, r0.zzzw\nret\n";
    static const uint8_t want[4] = { 51, 102, 153, 204 }, want_no_t40[4] = { 0, 0, 153, 204 };
    struct ts_scene s;
    uint8_t img[W * H * 4];
    ID3D11Texture2D *ft = NULL, *ct = NULL, *cube = NULL;
    ID3D11ShaderResourceView *fv = NULL, *cv = NULL, *cubev = NULL;
    ID3D11SamplerState *smp = NULL;
    SCENE_BEGIN(&s, TS_PS_ATTR);
    ID3D11HullShader *hs = hs_create(s.r.dev, hs_text, S_OK);
    ID3D11DomainShader *ds = ds_create(s.r.dev, ds_text, S_OK);
    float one = 1.0f;
    const uint32_t colour = 51u | 102u << 8;   /* (51, 102, 0, 0) */
    uint32_t faces[12];
    D3D11_SUBRESOURCE_DATA init[12];
    for (int i = 0; i < 12; i++) {
        faces[i] = i == 6 ? 153u << 16 | 204u << 24 : 0xffffffffu;   /* cube 1, +X */
        init[i] = (D3D11_SUBRESOURCE_DATA){ &faces[i], 4, 0 };
    }
    D3D11_TEXTURE2D_DESC cd = { 1, 1, 1, 12, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                                D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                                D3D11_RESOURCE_MISC_TEXTURECUBE };
    D3D11_SHADER_RESOURCE_VIEW_DESC sv;
    memset(&sv, 0, sizeof(sv));
    sv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    sv.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBEARRAY;
    sv.TextureCubeArray.MipLevels = 1;
    sv.TextureCubeArray.NumCubes = 2;
    D3D11_SAMPLER_DESC sd = { D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                              D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                              D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    ft = rd_texture(s.r.dev, 1, 1, DXGI_FORMAT_R32_FLOAT, D3D11_BIND_SHADER_RESOURCE, &one, 4);
    ct = rd_texture(s.r.dev, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE,
                    &colour, 4);
    CHECK_HR(ID3D11Device_CreateTexture2D(s.r.dev, &cd, init, &cube), S_OK);
    CHECK_HR(ID3D11Device_CreateSamplerState(s.r.dev, &sd, &smp), S_OK);
    if (!hs || !ds || !ft || !ct || !cube || !smp)
        goto done;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(s.r.dev, (ID3D11Resource *)ft, NULL, &fv),
             S_OK);
    CHECK_HR(ID3D11Device_CreateShaderResourceView(s.r.dev, (ID3D11Resource *)ct, NULL, &cv),
             S_OK);
    CHECK_HR(ID3D11Device_CreateShaderResourceView(s.r.dev, (ID3D11Resource *)cube, &sv, &cubev),
             S_OK);
    if (!fv || !cv || !cubev)
        goto done;
    scene_vertices(&s, quad_patch, 4);
    ID3D11DeviceContext_IASetPrimitiveTopology(s.r.ctx,
                                               D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
    ID3D11DeviceContext_HSSetShader(s.r.ctx, hs, NULL, 0);
    ID3D11DeviceContext_DSSetShader(s.r.ctx, ds, NULL, 0);
    ACCEPTED(ID3D11DeviceContext_HSSetShaderResources(s.r.ctx, 100, 1, &fv));
    ACCEPTED(ID3D11DeviceContext_DSSetShaderResources(s.r.ctx, 40, 1, &cv));
    ACCEPTED(ID3D11DeviceContext_DSSetShaderResources(s.r.ctx, 17, 1, &cubev));
    ACCEPTED(ID3D11DeviceContext_DSSetSamplers(s.r.ctx, 15, 1, &smp));
    unsigned left, n;
    DRAW_INTO(&s, img, ID3D11DeviceContext_Draw(s.r.ctx, 4, 0));
    n = count_pixels(&s.r, img, want, &left);
    CHECK_EQ(n, W * H / 2);
    CHECK_EQ(left, n);
    /* t40 unbound: ld reads 0 there */
    ID3D11DeviceContext_DSSetShaderResources(s.r.ctx, 40, 1, &(ID3D11ShaderResourceView *){ NULL });
    DRAW_INTO(&s, img, ID3D11DeviceContext_Draw(s.r.ctx, 4, 0));
    CHECK_EQ(count_pixels(&s.r, img, want_no_t40, &left), W * H / 2);
    /* t100 unbound: the factors read 0 and the patch is culled */
    ID3D11DeviceContext_HSSetShaderResources(s.r.ctx, 100, 1,
                                             &(ID3D11ShaderResourceView *){ NULL });
    DRAW_INTO(&s, img, ID3D11DeviceContext_Draw(s.r.ctx, 4, 0));
    CHECK_EQ(count_pixels(&s.r, img, want, &left), 0);
done:
    ID3D11DeviceContext_ClearState(s.r.ctx);
    RD_RELEASE(smp);
    RD_RELEASE(cubev);
    RD_RELEASE(cv);
    RD_RELEASE(fv);
    RD_RELEASE(cube);
    RD_RELEASE(ct);
    RD_RELEASE(ft);
    RD_RELEASE(ds);
    RD_RELEASE(hs);
    scene_end(&s);
}
