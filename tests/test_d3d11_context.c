/* The immediate context's pipeline state (src/d3d11/context_state.c, context.c): every setter and
 * getter round trip with reference counts, each 10Level9 rule of the public "10Level9
 * ID3D11DeviceContext Methods" page at 9_1, 9_2 and 9_3 (tests named l9ctx_<method>_<rule>), the
 * seed-004 rules the context enforces (seed004_*), ClearState, lifetimes, hostile arguments.
 * Memory operations and queries are in test_d3d11_context_resource.c. */
#include "test_d3d11_context_util.h"

#include <math.h>

#include "d3d11/d3d11_private.h"
#include "d3d11/d3d11_context.h"

/* A void method refused with a message containing `text`, or accepted without any message. */
#define REFUSED(call, text)                                                                     \
    do {                                                                                        \
        util_clear_last_message();                                                              \
        call;                                                                                   \
        CHECK_STR_CONTAINS(LAST, text);                                                         \
    } while (0)
#define ACCEPTED(call)                                                                          \
    do {                                                                                        \
        util_clear_last_message();                                                              \
        call;                                                                                   \
        if (LAST[0])                                                                            \
            harness_fail(__FILE__, __LINE__, "unexpected refusal: %s", LAST);                   \
    } while (0)

static const struct d3d11_context_state *state_of(ID3D11DeviceContext *ctx)
{
    return &container_of((ID3D11DeviceContext2 *)ctx, struct d3d11_context, iface)->state;
}

/* ---- defaults --------------------------------------------------------------------------- */

TEST(d3d11_context_default_state)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_1, &ctx);
    D3D11_PRIMITIVE_TOPOLOGY topo = 99;
    ID3D11BlendState *blend = (void *)1;
    ID3D11DepthStencilState *ds = (void *)1;
    ID3D11RenderTargetView *rtv[8];
    ID3D11DepthStencilView *dsv = (void *)1;
    FLOAT factor[4] = { 0 };
    UINT mask = 0, ref = 7, n = 5;
    D3D11_VIEWPORT vp[2];
    if (!dev)
        return;
    ID3D11DeviceContext_IAGetPrimitiveTopology(ctx, &topo);
    CHECK_EQ(topo, D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED);
    ID3D11DeviceContext_OMGetBlendState(ctx, &blend, factor, &mask);
    CHECK(blend == NULL);
    CHECK(factor[0] == 1.0f && factor[1] == 1.0f && factor[2] == 1.0f && factor[3] == 1.0f);
    CHECK_EQ(mask, 0xffffffffu);
    ID3D11DeviceContext_OMGetDepthStencilState(ctx, &ds, &ref);
    CHECK(ds == NULL);
    CHECK_EQ(ref, 0);
    memset(rtv, 1, sizeof(rtv));
    ID3D11DeviceContext_OMGetRenderTargets(ctx, 8, rtv, &dsv);
    for (int i = 0; i < 8; i++)
        CHECK(rtv[i] == NULL);
    CHECK(dsv == NULL);
    ID3D11DeviceContext_RSGetViewports(ctx, &n, NULL);
    CHECK_EQ(n, 0);
    n = 2;
    memset(vp, 0xff, sizeof(vp));
    ID3D11DeviceContext_RSGetViewports(ctx, &n, vp);
    CHECK_EQ(n, 0);
    CHECK(vp[0].Width == 0.0f && vp[1].MaxDepth == 0.0f);   /* unused entries are zeroed */
    ctx_done(dev, ctx);
}

/* ---- input assembler ---------------------------------------------------------------------- */

TEST(d3d11_context_IASetInputLayout_round_trip_and_refcounts)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_1, &ctx), *other;
    ID3D11DeviceContext *octx;
    ID3D11InputLayout *l, *got = NULL, *foreign;
    ID3D11VertexShader *vs;
    if (!dev)
        return;
    other = ctx_device(D3D_FEATURE_LEVEL_9_1, &octx);
    l = ctx_layout(dev);
    foreign = ctx_layout(other);
    vs = ctx_vs(dev);
    ACCEPTED(ID3D11DeviceContext_IASetInputLayout(ctx, l));
    CHECK_EQ(ctx_refcount(l), 1);   /* the context's reference is not an application one */
    ID3D11DeviceContext_IAGetInputLayout(ctx, &got);
    CHECK(got == l);
    CHECK_EQ(ctx_refcount(l), 2);
    ID3D11InputLayout_Release(got);
    CHECK(state_of(ctx)->input_layout_info != NULL);
    REFUSED(ID3D11DeviceContext_IASetInputLayout(ctx, foreign), "belongs to another device");
    REFUSED(ID3D11DeviceContext_IASetInputLayout(ctx, (ID3D11InputLayout *)vs),
            "IASetInputLayout: pInputLayout is not a softd3d input layout");
    ID3D11DeviceContext_IAGetInputLayout(ctx, &got);
    CHECK(got == l);   /* refusals change nothing */
    ID3D11InputLayout_Release(got);
    CHECK_EQ(ID3D11InputLayout_Release(l), 0);   /* still bound: alive */
    ID3D11DeviceContext_IAGetInputLayout(ctx, &got);
    CHECK(got == l);
    CHECK_EQ(ID3D11InputLayout_Release(got), 0);
    ACCEPTED(ID3D11DeviceContext_IASetInputLayout(ctx, NULL));   /* frees it */
    ID3D11DeviceContext_IAGetInputLayout(ctx, &got);
    CHECK(got == NULL);
    CHECK_EQ(ID3D11VertexShader_Release(vs), 0);
    CHECK_EQ(ID3D11InputLayout_Release(foreign), 0);
    ctx_done(other, octx);
    ctx_done(dev, ctx);
}

TEST(d3d11_context_IASetVertexBuffers_round_trip_and_rules)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_2, &ctx);
    ID3D11Buffer *vb[2], *ib, *got[3] = { 0 };
    UINT strides[2] = { 16, 32 }, offsets[2] = { 0, 64 }, gs[3], go[3];
    ID3D11Buffer *nulls[2] = { NULL, NULL };
    if (!dev)
        return;
    vb[0] = ctx_buffer(dev, 256, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0);
    vb[1] = ctx_buffer(dev, 256, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0);
    ib = ctx_buffer(dev, 256, D3D11_BIND_INDEX_BUFFER, D3D11_USAGE_DEFAULT, 0);
    ACCEPTED(ID3D11DeviceContext_IASetVertexBuffers(ctx, 14, 2, vb, strides, offsets));
    ID3D11DeviceContext_IAGetVertexBuffers(ctx, 13, 3, got, gs, go);
    CHECK(got[0] == NULL && got[1] == vb[0] && got[2] == vb[1]);
    CHECK_EQ(gs[1], 16);
    CHECK_EQ(gs[2], 32);
    CHECK_EQ(go[2], 64);
    CHECK_EQ(gs[0], 0);
    for (int i = 1; i < 3; i++)
        CHECK_EQ(ID3D11Buffer_Release(got[i]), 1);
    /* 16 input slots below 11_0 */
    REFUSED(ID3D11DeviceContext_IASetVertexBuffers(ctx, 15, 2, vb, strides, offsets),
            "StartSlot 15 + NumBuffers 2 exceeds the 16 input slots of feature level 9_2");
    REFUSED(ID3D11DeviceContext_IASetVertexBuffers(ctx, 0xffffffffu, 2, vb, strides, offsets),
            "exceeds the 16 input slots");
    REFUSED(ID3D11DeviceContext_IASetVertexBuffers(ctx, 0, 2, NULL, strides, offsets),
            "ppVertexBuffers is NULL with NumBuffers 2");
    REFUSED(ID3D11DeviceContext_IASetVertexBuffers(ctx, 0, 1, &ib, strides, offsets),
            "was not created with D3D11_BIND_VERTEX_BUFFER");
    REFUSED(ID3D11DeviceContext_IASetVertexBuffers(ctx, 0, 1, vb, NULL, offsets),
            "pStrides is NULL");
    strides[0] = 4096;
    REFUSED(ID3D11DeviceContext_IASetVertexBuffers(ctx, 0, 1, vb, strides, offsets),
            "pStrides[0] 4096 exceeds 2048 bytes");
    REFUSED(ID3D11DeviceContext_IAGetVertexBuffers(ctx, 15, 2, got, gs, go), "exceeds 16 slots");
    /* NULL entries unbind, and need no strides */
    ACCEPTED(ID3D11DeviceContext_IASetVertexBuffers(ctx, 14, 2, nulls, NULL, NULL));
    ID3D11DeviceContext_IAGetVertexBuffers(ctx, 14, 2, got, NULL, NULL);
    CHECK(got[0] == NULL && got[1] == NULL);
    CHECK_EQ(ID3D11Buffer_Release(vb[0]), 0);
    CHECK_EQ(ID3D11Buffer_Release(vb[1]), 0);
    CHECK_EQ(ID3D11Buffer_Release(ib), 0);
    ctx_done(dev, ctx);
}

/* seed 004, CreateBuffer: R16_UINT index buffers only at 9_1, R32_UINT too from 9_2. */
static void check_index_format(int li)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
    ID3D11Buffer *ib, *got = NULL;
    DXGI_FORMAT f = 0;
    if (!dev)
        return;
    ib = ctx_buffer(dev, 64, D3D11_BIND_INDEX_BUFFER, D3D11_USAGE_DEFAULT, 0);
    ACCEPTED(ID3D11DeviceContext_IASetIndexBuffer(ctx, ib, DXGI_FORMAT_R16_UINT, 2));
    if (li == 0)
        REFUSED(ID3D11DeviceContext_IASetIndexBuffer(ctx, ib, DXGI_FORMAT_R32_UINT, 0), "9_1");
    else
        ACCEPTED(ID3D11DeviceContext_IASetIndexBuffer(ctx, ib, DXGI_FORMAT_R32_UINT, 4));
    ID3D11DeviceContext_IAGetIndexBuffer(ctx, &got, &f, NULL);
    CHECK(got == ib);
    CHECK_EQ(f, li == 0 ? DXGI_FORMAT_R16_UINT : DXGI_FORMAT_R32_UINT);
    if (got)
        ID3D11Buffer_Release(got);
    CHECK_EQ(ID3D11Buffer_Release(ib), 0);
    ctx_done(dev, ctx);
}

TEST(seed004_IASetIndexBuffer_format_9_1) { check_index_format(0); }
TEST(seed004_IASetIndexBuffer_format_9_2) { check_index_format(1); }
TEST(seed004_IASetIndexBuffer_format_9_3) { check_index_format(2); }

/* 10Level9: "primitive topologies with adjacency are not supported"; patch lists need hull
 * shaders (seed 004). */
static void check_topology(int li)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
    D3D11_PRIMITIVE_TOPOLOGY t = 0;
    if (!dev)
        return;
    for (UINT v = 0; v <= 5; v++) {
        ACCEPTED(ID3D11DeviceContext_IASetPrimitiveTopology(ctx, (D3D11_PRIMITIVE_TOPOLOGY)v));
        ID3D11DeviceContext_IAGetPrimitiveTopology(ctx, &t);
        CHECK_EQ(t, v);
    }
    for (UINT v = 10; v <= 13; v++) {
        REFUSED(ID3D11DeviceContext_IASetPrimitiveTopology(ctx, (D3D11_PRIMITIVE_TOPOLOGY)v),
                "adjacency are not supported");
        CHECK_STR_CONTAINS(LAST, ctx_level_names[li]);
    }
    REFUSED(ID3D11DeviceContext_IASetPrimitiveTopology(
                ctx, D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST), "hull shader");
    REFUSED(ID3D11DeviceContext_IASetPrimitiveTopology(ctx, (D3D11_PRIMITIVE_TOPOLOGY)99),
            "99 is not a D3D11_PRIMITIVE_TOPOLOGY value");
    ID3D11DeviceContext_IAGetPrimitiveTopology(ctx, &t);
    CHECK_EQ(t, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ctx_done(dev, ctx);
}

TEST(l9ctx_IASetPrimitiveTopology_adjacency_9_1) { check_topology(0); }
TEST(l9ctx_IASetPrimitiveTopology_adjacency_9_2) { check_topology(1); }
TEST(l9ctx_IASetPrimitiveTopology_adjacency_9_3) { check_topology(2); }

/* ---- shader stages ------------------------------------------------------------------------ */

TEST(d3d11_context_VSSetShader_PSSetShader_round_trip)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_3, &ctx);
    ID3D11VertexShader *vs, *gvs = NULL;
    ID3D11PixelShader *ps, *gps = NULL;
    ID3D11ClassInstance *inst = NULL;
    UINT n = 9;
    if (!dev)
        return;
    vs = ctx_vs(dev);
    ps = ctx_ps(dev);
    ACCEPTED(ID3D11DeviceContext_VSSetShader(ctx, vs, NULL, 0));
    ACCEPTED(ID3D11DeviceContext_PSSetShader(ctx, ps, NULL, 0));
    CHECK(state_of(ctx)->vs.code != NULL && state_of(ctx)->ps.code != NULL);
    REFUSED(ID3D11DeviceContext_VSSetShader(ctx, (ID3D11VertexShader *)ps, NULL, 0),
            "VSSetShader: pVertexShader is not a softd3d vertex shader");
    REFUSED(ID3D11DeviceContext_PSSetShader(ctx, ps, &inst, 1),
            "PSSetShader: NumClassInstances 1 must be 0 at feature level 9_3");
    ID3D11DeviceContext_VSGetShader(ctx, &gvs, NULL, &n);
    CHECK(gvs == vs);
    CHECK_EQ(n, 0);
    ID3D11DeviceContext_PSGetShader(ctx, &gps, NULL, NULL);
    CHECK(gps == ps);
    CHECK_EQ(ID3D11VertexShader_Release(gvs), 1);
    CHECK_EQ(ID3D11PixelShader_Release(gps), 1);
    CHECK_EQ(ID3D11VertexShader_Release(vs), 0);
    CHECK_EQ(ID3D11PixelShader_Release(ps), 0);
    ID3D11DeviceContext_VSGetShader(ctx, &gvs, NULL, NULL);
    CHECK(gvs == vs);   /* bound: alive */
    CHECK_EQ(ID3D11VertexShader_Release(gvs), 0);
    ctx_done(dev, ctx);   /* the device dies with both shaders bound; ASan checks they go too */
}

TEST(l9ctx_SetConstantBuffers_14_slots_and_bind_flag)
{
    for (int li = 0; li < 3; li++) {
        ID3D11DeviceContext *ctx;
        ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
        ID3D11Buffer *cb, *vb, *got[2] = { 0 };
        if (!dev)
            continue;
        cb = ctx_buffer(dev, 64, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DEFAULT, 0);
        vb = ctx_buffer(dev, 64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0);
        ACCEPTED(ID3D11DeviceContext_VSSetConstantBuffers(ctx, 13, 1, &cb));
        ACCEPTED(ID3D11DeviceContext_PSSetConstantBuffers(ctx, 0, 1, &cb));
        REFUSED(ID3D11DeviceContext_PSSetConstantBuffers(ctx, 14, 1, &cb),
                "exceeds the 14 constant-buffer slots");
        REFUSED(ID3D11DeviceContext_VSSetConstantBuffers(ctx, 0, 1, &vb),
                "was not created with D3D11_BIND_CONSTANT_BUFFER");
        REFUSED(ID3D11DeviceContext_VSSetConstantBuffers(ctx, 0, 3, NULL),
                "ppConstantBuffers is NULL with NumBuffers 3");
        ID3D11DeviceContext_VSGetConstantBuffers(ctx, 12, 2, got);
        CHECK(got[0] == NULL && got[1] == cb);
        ID3D11DeviceContext_PSGetConstantBuffers(ctx, 0, 1, got);
        CHECK(got[0] == cb);
        CHECK_EQ(ctx_refcount(cb), 3);
        ID3D11Buffer_Release(got[0]);
        ID3D11Buffer_Release(got[1]);
        CHECK_EQ(ID3D11Buffer_Release(cb), 0);
        CHECK_EQ(ID3D11Buffer_Release(vb), 0);
        ctx_done(dev, ctx);
    }
}

/* 10Level9: PSSetShaderResources "no more than 8 simultaneously bound shader resources";
 * VSSetShaderResources "not supported on any 9.* feature level". */
static void check_shader_resources(int li)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
    D3D11_TEXTURE2D_DESC d = ctx_tex_desc(4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                          D3D11_BIND_SHADER_RESOURCE);
    ID3D11Texture2D *t;
    ID3D11ShaderResourceView *v, *views[9], *got[2] = { 0 }, *nulls[2] = { 0 };
    if (!dev)
        return;
    t = ctx_tex(dev, &d, NULL);
    v = ctx_srv(dev, (ID3D11Resource *)t);
    for (int i = 0; i < 9; i++)
        views[i] = v;
    ACCEPTED(ID3D11DeviceContext_PSSetShaderResources(ctx, 0, 8, views));
    REFUSED(ID3D11DeviceContext_PSSetShaderResources(ctx, 100, 1, views),
            "9 shader-resource views would be bound");
    CHECK_STR_CONTAINS(LAST, ctx_level_names[li]);
    ACCEPTED(ID3D11DeviceContext_PSSetShaderResources(ctx, 7, 1, nulls));
    ACCEPTED(ID3D11DeviceContext_PSSetShaderResources(ctx, 127, 1, views));   /* 8 again */
    REFUSED(ID3D11DeviceContext_PSSetShaderResources(ctx, 120, 9, views), "exceeds the 128");
    REFUSED(ID3D11DeviceContext_PSSetShaderResources(ctx, 0, 9, views), "would be bound");
    ID3D11DeviceContext_PSGetShaderResources(ctx, 126, 2, got);
    CHECK(got[0] == NULL && got[1] == v);
    if (got[1])
        ID3D11ShaderResourceView_Release(got[1]);
    REFUSED(ID3D11DeviceContext_VSSetShaderResources(ctx, 0, 1, views),
            "vertex-shader resources are not supported at feature level");
    CHECK_STR_CONTAINS(LAST, ctx_level_names[li]);
    ACCEPTED(ID3D11DeviceContext_VSSetShaderResources(ctx, 0, 2, nulls));
    got[0] = v;
    ID3D11DeviceContext_VSGetShaderResources(ctx, 0, 1, got);
    CHECK(got[0] == NULL);
    CHECK_EQ(ctx_refcount(v), 1);
    CHECK_EQ(ID3D11ShaderResourceView_Release(v), 0);   /* bound: alive, device not held */
    CHECK_EQ(ID3D11Texture2D_Release(t), 0);
    ctx_done(dev, ctx);
}

TEST(l9ctx_PSSetShaderResources_8_bound_VS_none_9_1) { check_shader_resources(0); }
TEST(l9ctx_PSSetShaderResources_8_bound_VS_none_9_2) { check_shader_resources(1); }
TEST(l9ctx_PSSetShaderResources_8_bound_VS_none_9_3) { check_shader_resources(2); }

/* 10Level9: PSSetSamplers "no more than 16 samplers"; VSSetSamplers not supported. */
static void check_samplers(int li)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
    ID3D11SamplerState *s, *all[17], *got[2] = { 0 };
    ID3D11BlendState *blend;
    if (!dev)
        return;
    s = ctx_sampler(dev, 0.0f);
    blend = ctx_blend(dev);
    for (int i = 0; i < 17; i++)
        all[i] = s;
    ACCEPTED(ID3D11DeviceContext_PSSetSamplers(ctx, 0, 16, all));
    REFUSED(ID3D11DeviceContext_PSSetSamplers(ctx, 0, 17, all), "no more than 16 samplers");
    REFUSED(ID3D11DeviceContext_PSSetSamplers(ctx, 0, 1, (ID3D11SamplerState **)&blend),
            "ppSamplers[0] is not a softd3d sampler state");
    REFUSED(ID3D11DeviceContext_VSSetSamplers(ctx, 0, 1, all),
            "vertex-shader samplers are not supported at feature level");
    CHECK_STR_CONTAINS(LAST, ctx_level_names[li]);
    ID3D11DeviceContext_PSGetSamplers(ctx, 14, 2, got);
    CHECK(got[0] == s && got[1] == s);
    CHECK_EQ(ctx_refcount(s), 3);
    ID3D11SamplerState_Release(got[0]);
    ID3D11SamplerState_Release(got[1]);
    ID3D11DeviceContext_VSGetSamplers(ctx, 0, 1, got);
    CHECK(got[0] == NULL);
    CHECK_EQ(ID3D11SamplerState_Release(s), 0);
    CHECK_EQ(ID3D11BlendState_Release(blend), 0);
    ctx_done(dev, ctx);
}

TEST(l9ctx_PSSetSamplers_16_VSSetSamplers_none_9_1) { check_samplers(0); }
TEST(l9ctx_PSSetSamplers_16_VSSetSamplers_none_9_2) { check_samplers(1); }
TEST(l9ctx_PSSetSamplers_16_VSSetSamplers_none_9_3) { check_samplers(2); }

/* ---- rasterizer ---------------------------------------------------------------------------- */

TEST(d3d11_context_RSSetState_round_trip)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_1, &ctx);
    ID3D11RasterizerState *rs, *got = NULL;
    ID3D11DepthStencilState *ds;
    if (!dev)
        return;
    rs = ctx_rasterizer(dev);
    ds = ctx_depth_stencil(dev);
    ACCEPTED(ID3D11DeviceContext_RSSetState(ctx, rs));
    REFUSED(ID3D11DeviceContext_RSSetState(ctx, (ID3D11RasterizerState *)ds),
            "pRasterizerState is not a softd3d rasterizer state");
    ID3D11DeviceContext_RSGetState(ctx, &got);
    CHECK(got == rs);
    CHECK_EQ(ID3D11RasterizerState_Release(got), 1);
    CHECK_EQ(ID3D11RasterizerState_Release(rs), 0);
    CHECK_EQ(ID3D11DepthStencilState_Release(ds), 0);
    ctx_done(dev, ctx);
}

/* 10Level9: "only the zeroth viewport is available"; a negative top-left corner fails at 9_x;
 * D3D11_VIEWPORT ranges. */
static void check_viewports(int li)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
    D3D11_VIEWPORT vp[2] = { { 0, 0, 64, 32, 0, 1 }, { 0, 0, 8, 8, 0, 1 } }, got[2];
    D3D11_VIEWPORT bad;
    UINT n;
    if (!dev)
        return;
    ACCEPTED(ID3D11DeviceContext_RSSetViewports(ctx, 1, vp));
    REFUSED(ID3D11DeviceContext_RSSetViewports(ctx, 2, vp), "NumViewports 2 exceeds 1");
    CHECK_STR_CONTAINS(LAST, ctx_level_names[li]);
    bad = vp[0], bad.TopLeftX = -1.0f;
    REFUSED(ID3D11DeviceContext_RSSetViewports(ctx, 1, &bad), "TopLeftX -1 is negative");
    bad = vp[0], bad.Height = -4.0f;
    REFUSED(ID3D11DeviceContext_RSSetViewports(ctx, 1, &bad), "Height -4 is negative");
    bad = vp[0], bad.MaxDepth = 1.5f;
    REFUSED(ID3D11DeviceContext_RSSetViewports(ctx, 1, &bad), "must be in [0, 1]");
    bad = vp[0], bad.MinDepth = NAN;
    REFUSED(ID3D11DeviceContext_RSSetViewports(ctx, 1, &bad), "must be in [0, 1]");
    bad = vp[0], bad.Width = INFINITY;
    REFUSED(ID3D11DeviceContext_RSSetViewports(ctx, 1, &bad), "not finite");
    bad = vp[0], bad.TopLeftX = 16000.0f, bad.Width = 1000.0f;
    REFUSED(ID3D11DeviceContext_RSSetViewports(ctx, 1, &bad), "outside [-16384, 16383]");
    REFUSED(ID3D11DeviceContext_RSSetViewports(ctx, 1, NULL), "pViewports is NULL");
    n = 0;
    ID3D11DeviceContext_RSGetViewports(ctx, &n, NULL);
    CHECK_EQ(n, 1);
    n = 2;
    memset(got, 0xff, sizeof(got));
    ID3D11DeviceContext_RSGetViewports(ctx, &n, got);
    CHECK_EQ(n, 1);
    CHECK(got[0].Width == 64.0f && got[0].Height == 32.0f && got[0].MaxDepth == 1.0f);
    CHECK(got[1].Width == 0.0f);
    ACCEPTED(ID3D11DeviceContext_RSSetViewports(ctx, 0, NULL));
    ID3D11DeviceContext_RSGetViewports(ctx, &n, NULL);
    CHECK_EQ(n, 0);
    ctx_done(dev, ctx);
}

TEST(l9ctx_RSSetViewports_one_nonnegative_9_1) { check_viewports(0); }
TEST(l9ctx_RSSetViewports_one_nonnegative_9_2) { check_viewports(1); }
TEST(l9ctx_RSSetViewports_one_nonnegative_9_3) { check_viewports(2); }

static void check_scissors(int li)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
    D3D11_RECT r[2] = { { 1, 2, 30, 40 }, { 0, 0, 1, 1 } }, got[1];
    UINT n = 1;
    if (!dev)
        return;
    ACCEPTED(ID3D11DeviceContext_RSSetScissorRects(ctx, 1, r));
    REFUSED(ID3D11DeviceContext_RSSetScissorRects(ctx, 2, r), "NumRects 2 exceeds 1");
    CHECK_STR_CONTAINS(LAST, ctx_level_names[li]);
    REFUSED(ID3D11DeviceContext_RSSetScissorRects(ctx, 1, NULL), "pRects is NULL");
    ID3D11DeviceContext_RSGetScissorRects(ctx, &n, got);
    CHECK_EQ(n, 1);
    CHECK(got[0].left == 1 && got[0].bottom == 40);
    ctx_done(dev, ctx);
}

TEST(l9ctx_RSSetScissorRects_one_9_1) { check_scissors(0); }
TEST(l9ctx_RSSetScissorRects_one_9_2) { check_scissors(1); }
TEST(l9ctx_RSSetScissorRects_one_9_3) { check_scissors(2); }

/* ---- output merger ------------------------------------------------------------------------- */

/* 10Level9: one render target at 9_1 and 9_2, four at 9_3 (seed 000 NumSimultaneousRTs). */
static void check_render_target_count(int li)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
    ID3D11RenderTargetView *rtv[5] = { 0 }, *got[8] = { 0 };
    ID3D11DepthStencilView *dsv, *gdsv = NULL;
    if (!dev)
        return;
    for (int i = 0; i < 5; i++)
        rtv[i] = ctx_rtv(dev, 16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, NULL);
    dsv = ctx_dsv(dev, 16, 16, DXGI_FORMAT_D24_UNORM_S8_UINT, NULL);
    ID3D11RenderTargetView *nulls_past[8] = { 0 };
    ACCEPTED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, rtv, dsv));
    /* Issue 11 part 10 (Windows, an independent conformance suite): NULL slots past the level's
     * render targets are accepted; only non-NULL views count. */
    nulls_past[0] = rtv[0];
    ACCEPTED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 8, nulls_past, dsv));
    if (li < 2) {
        REFUSED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 2, rtv, dsv),
                "ppRenderTargetViews[1] is not NULL; feature level");
        CHECK_STR_CONTAINS(LAST, ctx_level_names[li]);
        CHECK_STR_CONTAINS(LAST, "has 1 render target ");
        REFUSED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 4, rtv, NULL), "has 1 render");
        nulls_past[7] = rtv[1];
        REFUSED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 8, nulls_past, NULL),
                "ppRenderTargetViews[7] is not NULL");
    } else {
        ACCEPTED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 4, rtv, dsv));
        REFUSED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 5, rtv, dsv),
                "ppRenderTargetViews[4] is not NULL; feature level 9_3 has 4 render targets");
    }
    REFUSED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 9, rtv, dsv), "exceeds "
            "D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT");
    ID3D11DeviceContext_OMGetRenderTargets(ctx, 8, got, &gdsv);
    for (int i = 0; i < 8; i++) {
        CHECK(got[i] == (i < (li < 2 ? 1 : 4) ? rtv[i] : NULL));
        if (got[i])
            CHECK_EQ(ID3D11RenderTargetView_Release(got[i]), 1);
    }
    CHECK(gdsv == dsv);
    if (gdsv)
        CHECK_EQ(ID3D11DepthStencilView_Release(gdsv), 1);
    ID3D11DeviceContext_ClearState(ctx);
    for (int i = 0; i < 5; i++)
        CHECK_EQ(ID3D11RenderTargetView_Release(rtv[i]), 0);
    CHECK_EQ(ID3D11DepthStencilView_Release(dsv), 0);
    ctx_done(dev, ctx);
}

TEST(l9ctx_OMSetRenderTargets_count_9_1) { check_render_target_count(0); }
TEST(l9ctx_OMSetRenderTargets_count_9_2) { check_render_target_count(1); }
TEST(l9ctx_OMSetRenderTargets_count_9_3) { check_render_target_count(2); }

TEST(l9ctx_OMSetRenderTargets_same_bit_depth_9_3)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_3, &ctx);
    ID3D11RenderTargetView *rtv[2];
    if (!dev)
        return;
    rtv[0] = ctx_rtv(dev, 16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, NULL);
    rtv[1] = ctx_rtv(dev, 16, 16, DXGI_FORMAT_R16G16B16A16_FLOAT, NULL);
    REFUSED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 2, rtv, NULL),
            "has 64 bits per element, the first bound view 32");
    CHECK_STR_CONTAINS(LAST, "9_3");
    ID3D11RenderTargetView_Release(rtv[1]);
    rtv[1] = ctx_rtv(dev, 16, 16, DXGI_FORMAT_B8G8R8A8_UNORM, NULL);   /* 32 bits: fine */
    ACCEPTED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 2, rtv, NULL));
    ID3D11DeviceContext_ClearState(ctx);
    CHECK_EQ(ID3D11RenderTargetView_Release(rtv[0]), 0);
    CHECK_EQ(ID3D11RenderTargetView_Release(rtv[1]), 0);
    ctx_done(dev, ctx);
}

TEST(d3d11_context_OMSetRenderTargets_general_rules)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_3, &ctx), *other;
    ID3D11DeviceContext *octx;
    ID3D11RenderTargetView *a, *b, *small, *pair[2], *foreign;
    ID3D11DepthStencilView *dsv_small;
    if (!dev)
        return;
    other = ctx_device(D3D_FEATURE_LEVEL_9_3, &octx);
    a = ctx_rtv(dev, 16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, NULL);
    b = ctx_rtv(dev, 16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, NULL);
    small = ctx_rtv(dev, 8, 16, DXGI_FORMAT_R8G8B8A8_UNORM, NULL);
    foreign = ctx_rtv(other, 16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, NULL);
    dsv_small = ctx_dsv(dev, 8, 8, DXGI_FORMAT_D16_UNORM, NULL);
    pair[0] = a, pair[1] = a;
    REFUSED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 2, pair, NULL),
            "ppRenderTargetViews[0] and [1] select the same subresource");
    pair[1] = small;
    REFUSED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 2, pair, NULL), "all must be the same size");
    REFUSED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, &a, dsv_small),
            "pDepthStencilView is 8x8");
    REFUSED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, &foreign, NULL),
            "belongs to another device");
    REFUSED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, NULL, NULL), "is NULL with NumViews 1");
    REFUSED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, (ID3D11RenderTargetView **)&dsv_small,
                                                   NULL), "is not a softd3d render-target view");
    pair[0] = NULL, pair[1] = b;   /* any slot combination */
    ACCEPTED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 2, pair, NULL));
    ACCEPTED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 0, NULL, dsv_small));   /* depth only */
    /* KEEP keeps; NULL UAVs are accepted; a non-NULL UAV cannot exist */
    ACCEPTED(ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(
        ctx, D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL, NULL, NULL, 0, 0, NULL, NULL));
    {
        ID3D11DepthStencilView *g = NULL;
        ID3D11UnorderedAccessView *u = (void *)1;
        ID3D11DeviceContext_OMGetRenderTargetsAndUnorderedAccessViews(ctx, 0, NULL, &g, 0, 1, &u);
        CHECK(g == dsv_small && u == NULL);
        if (g)
            ID3D11DepthStencilView_Release(g);
        REFUSED(ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(
                    ctx, 1, &a, NULL, 0, 1, (ID3D11UnorderedAccessView **)&a, NULL),
                "unordered-access views are not supported");
    }
    ACCEPTED(ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(
        ctx, 1, &a, NULL, 0, D3D11_KEEP_UNORDERED_ACCESS_VIEWS, NULL, NULL));
    CHECK(state_of(ctx)->rtvs[0].iface == a && state_of(ctx)->dsv.iface == NULL);
    ID3D11DeviceContext_ClearState(ctx);
    CHECK_EQ(ID3D11RenderTargetView_Release(a), 0);
    CHECK_EQ(ID3D11RenderTargetView_Release(b), 0);
    CHECK_EQ(ID3D11RenderTargetView_Release(small), 0);
    CHECK_EQ(ID3D11RenderTargetView_Release(foreign), 0);
    CHECK_EQ(ID3D11DepthStencilView_Release(dsv_small), 0);
    ctx_done(other, octx);
    ctx_done(dev, ctx);
}

/* OMSetRenderTargets: "if any subresources are also currently bound for reading ... those bind
 * points will be set to NULL"; the reverse binds NULL (the runtime's hazard warning). */
TEST(d3d11_context_render_target_shader_resource_hazards)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_1, &ctx);
    ID3D11Texture2D *t;
    ID3D11RenderTargetView *rtv;
    ID3D11ShaderResourceView *srv, *got = NULL;
    if (!dev)
        return;
    rtv = ctx_rtv(dev, 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, &t);
    srv = ctx_srv(dev, (ID3D11Resource *)t);
    ACCEPTED(ID3D11DeviceContext_PSSetShaderResources(ctx, 3, 1, &srv));
    REFUSED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, &rtv, NULL),
            "pixel shader-resource slot 3, which is set to NULL");
    ID3D11DeviceContext_PSGetShaderResources(ctx, 3, 1, &got);
    CHECK(got == NULL);
    CHECK(state_of(ctx)->rtvs[0].iface == rtv);   /* the render target is bound */
    REFUSED(ID3D11DeviceContext_PSSetShaderResources(ctx, 0, 1, &srv),
            "is bound as a render target or depth-stencil view; slot 0 is set to NULL");
    ID3D11DeviceContext_PSGetShaderResources(ctx, 0, 1, &got);
    CHECK(got == NULL);
    ACCEPTED(ID3D11DeviceContext_OMSetRenderTargets(ctx, 0, NULL, NULL));
    ACCEPTED(ID3D11DeviceContext_PSSetShaderResources(ctx, 0, 1, &srv));
    ID3D11DeviceContext_ClearState(ctx);
    CHECK_EQ(ID3D11ShaderResourceView_Release(srv), 0);
    CHECK_EQ(ID3D11RenderTargetView_Release(rtv), 0);
    CHECK_EQ(ID3D11Texture2D_Release(t), 0);
    ctx_done(dev, ctx);
}

/* 10Level9: OMSetBlendState "SampleMask cannot be zero"; pBlendFactor NULL means 1,1,1,1. */
static void check_blend(int li)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
    ID3D11BlendState *b, *got = NULL;
    const FLOAT f[4] = { 0.25f, 0.5f, 0.75f, 1.0f };
    FLOAT gf[4];
    UINT mask = 0;
    if (!dev)
        return;
    b = ctx_blend(dev);
    ACCEPTED(ID3D11DeviceContext_OMSetBlendState(ctx, b, f, 0x1));
    REFUSED(ID3D11DeviceContext_OMSetBlendState(ctx, NULL, NULL, 0), "SampleMask cannot be zero");
    CHECK_STR_CONTAINS(LAST, ctx_level_names[li]);
    ID3D11DeviceContext_OMGetBlendState(ctx, &got, gf, &mask);
    CHECK(got == b);
    CHECK(gf[0] == 0.25f && gf[2] == 0.75f);
    CHECK_EQ(mask, 1);
    CHECK_EQ(ID3D11BlendState_Release(got), 1);
    ACCEPTED(ID3D11DeviceContext_OMSetBlendState(ctx, NULL, NULL, 0xffffffffu));
    ID3D11DeviceContext_OMGetBlendState(ctx, &got, gf, NULL);
    CHECK(got == NULL);
    CHECK(gf[0] == 1.0f && gf[1] == 1.0f && gf[2] == 1.0f && gf[3] == 1.0f);
    CHECK_EQ(ID3D11BlendState_Release(b), 0);
    ctx_done(dev, ctx);
}

TEST(l9ctx_OMSetBlendState_sample_mask_9_1) { check_blend(0); }
TEST(l9ctx_OMSetBlendState_sample_mask_9_2) { check_blend(1); }
TEST(l9ctx_OMSetBlendState_sample_mask_9_3) { check_blend(2); }

TEST(d3d11_context_OMSetDepthStencilState_round_trip)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_2, &ctx);
    ID3D11DepthStencilState *s, *got = NULL;
    UINT ref = 0;
    if (!dev)
        return;
    s = ctx_depth_stencil(dev);
    ACCEPTED(ID3D11DeviceContext_OMSetDepthStencilState(ctx, s, 0x42));
    REFUSED(ID3D11DeviceContext_OMSetDepthStencilState(ctx, (ID3D11DepthStencilState *)ctx, 0),
            "is not a softd3d depth-stencil state");
    ID3D11DeviceContext_OMGetDepthStencilState(ctx, &got, &ref);
    CHECK(got == s);
    CHECK_EQ(ref, 0x42);
    CHECK_EQ(ID3D11DepthStencilState_Release(got), 1);
    CHECK_EQ(ID3D11DepthStencilState_Release(s), 0);
    ctx_done(dev, ctx);
}

/* ---- stages and features 9_x lacks --------------------------------------------------------- */

static void check_absent_stages(int li)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
    ID3D11Buffer *cb, *nullb[2] = { 0 }, *gotb[2] = { (void *)1, (void *)1 };
    ID3D11VertexShader *vs;
    ID3D11GeometryShader *gs = (void *)1;
    ID3D11ComputeShader *cs = (void *)1;
    ID3D11Predicate *pred = (void *)1;
    ID3D11UnorderedAccessView *uav = (void *)1;
    BOOL pv = TRUE;
    UINT n = 5;
    if (!dev)
        return;
    cb = ctx_buffer(dev, 16, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DEFAULT, 0);
    vs = ctx_vs(dev);
    ACCEPTED(ID3D11DeviceContext_GSSetShader(ctx, NULL, NULL, 0));
    ACCEPTED(ID3D11DeviceContext_HSSetShader(ctx, NULL, NULL, 0));
    ACCEPTED(ID3D11DeviceContext_DSSetShader(ctx, NULL, NULL, 0));
    ACCEPTED(ID3D11DeviceContext_CSSetShader(ctx, NULL, NULL, 0));
    REFUSED(ID3D11DeviceContext_GSSetShader(ctx, (ID3D11GeometryShader *)vs, NULL, 0),
            "geometry shaders are not supported");
    CHECK_STR_CONTAINS(LAST, ctx_level_names[li]);
    REFUSED(ID3D11DeviceContext_HSSetShader(ctx, (ID3D11HullShader *)vs, NULL, 0),
            "hull shaders are not supported");
    ACCEPTED(ID3D11DeviceContext_GSSetConstantBuffers(ctx, 0, 2, nullb));
    REFUSED(ID3D11DeviceContext_GSSetConstantBuffers(ctx, 0, 1, &cb), "entry 0 is not NULL");
    REFUSED(ID3D11DeviceContext_DSSetSamplers(ctx, 15, 2, (ID3D11SamplerState **)nullb),
            "exceeds the 16 slots");
    REFUSED(ID3D11DeviceContext_CSSetShaderResources(ctx, 0, 1, NULL), "array is NULL");
    ID3D11DeviceContext_GSGetConstantBuffers(ctx, 0, 2, gotb);
    CHECK(gotb[0] == NULL && gotb[1] == NULL);
    ID3D11DeviceContext_GSGetShader(ctx, &gs, NULL, &n);
    CHECK(gs == NULL);
    CHECK_EQ(n, 0);
    ID3D11DeviceContext_CSGetShader(ctx, &cs, NULL, NULL);
    CHECK(cs == NULL);
    ACCEPTED(ID3D11DeviceContext_CSSetUnorderedAccessViews(ctx, 0, 1, (ID3D11UnorderedAccessView
                                                           **)nullb, NULL));
    ID3D11DeviceContext_CSGetUnorderedAccessViews(ctx, 0, 1, &uav);
    CHECK(uav == NULL);
    ACCEPTED(ID3D11DeviceContext_SOSetTargets(ctx, 2, nullb, NULL));
    REFUSED(ID3D11DeviceContext_SOSetTargets(ctx, 1, &cb, NULL), "stream output");
    REFUSED(ID3D11DeviceContext_SOSetTargets(ctx, 5, nullb, NULL), "exceeds the 4 slots");
    gotb[0] = (void *)1;
    ID3D11DeviceContext_SOGetTargets(ctx, 1, gotb);
    CHECK(gotb[0] == NULL);
    ACCEPTED(ID3D11DeviceContext_SetPredication(ctx, NULL, FALSE));
    REFUSED(ID3D11DeviceContext_SetPredication(ctx, (ID3D11Predicate *)cb, TRUE),
            "predication is not supported at feature level");
    ID3D11DeviceContext_GetPredication(ctx, &pred, &pv);
    CHECK(pred == NULL);
    CHECK_EQ(pv, FALSE);
    CHECK_EQ(ID3D11Buffer_Release(cb), 0);
    CHECK_EQ(ID3D11VertexShader_Release(vs), 0);
    ctx_done(dev, ctx);
}

TEST(l9ctx_GS_HS_DS_CS_SO_predication_absent_9_1) { check_absent_stages(0); }
TEST(l9ctx_GS_HS_DS_CS_SO_predication_absent_9_2) { check_absent_stages(1); }
TEST(l9ctx_GS_HS_DS_CS_SO_predication_absent_9_3) { check_absent_stages(2); }

/* ---- ClearState, Flush, lifetimes ---------------------------------------------------------- */

TEST(d3d11_context_ClearState_unbinds_everything)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_3, &ctx);
    ID3D11Buffer *vb, *ib, *cb, *got = NULL;
    ID3D11InputLayout *layout, *gl = NULL;
    ID3D11VertexShader *vs, *gvs = NULL;
    ID3D11PixelShader *ps;
    ID3D11SamplerState *smp, *gs = NULL;
    ID3D11RasterizerState *rs, *grs = NULL;
    ID3D11BlendState *bs, *gbs = NULL;
    ID3D11DepthStencilState *dss, *gdss = NULL;
    ID3D11RenderTargetView *rtv, *grtv = NULL;
    ID3D11DepthStencilView *dsv;
    ID3D11ShaderResourceView *srv, *gsrv = NULL;
    ID3D11Texture2D *t;
    D3D11_TEXTURE2D_DESC td = ctx_tex_desc(8, 8, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                           D3D11_BIND_SHADER_RESOURCE);
    D3D11_VIEWPORT vp = { 0, 0, 8, 8, 0, 1 };
    D3D11_RECT sc = { 0, 0, 4, 4 };
    UINT stride = 16, offset = 0, n = 1, ref = 1, mask = 0;
    FLOAT f[4] = { 0 }, gf[4];
    D3D11_PRIMITIVE_TOPOLOGY topo;
    if (!dev)
        return;
    vb = ctx_buffer(dev, 64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0);
    ib = ctx_buffer(dev, 64, D3D11_BIND_INDEX_BUFFER, D3D11_USAGE_DEFAULT, 0);
    cb = ctx_buffer(dev, 64, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DEFAULT, 0);
    layout = ctx_layout(dev);
    vs = ctx_vs(dev);
    ps = ctx_ps(dev);
    smp = ctx_sampler(dev, 0.0f);
    rs = ctx_rasterizer(dev);
    bs = ctx_blend(dev);
    dss = ctx_depth_stencil(dev);
    rtv = ctx_rtv(dev, 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, NULL);
    dsv = ctx_dsv(dev, 8, 8, DXGI_FORMAT_D16_UNORM, NULL);
    t = ctx_tex(dev, &td, NULL);
    srv = ctx_srv(dev, (ID3D11Resource *)t);
    ID3D11DeviceContext_IASetVertexBuffers(ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_IASetIndexBuffer(ctx, ib, DXGI_FORMAT_R16_UINT, 0);
    ID3D11DeviceContext_IASetInputLayout(ctx, layout);
    ID3D11DeviceContext_IASetPrimitiveTopology(ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(ctx, vs, NULL, 0);
    ID3D11DeviceContext_VSSetConstantBuffers(ctx, 0, 1, &cb);
    ID3D11DeviceContext_PSSetShader(ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetSamplers(ctx, 0, 1, &smp);
    ID3D11DeviceContext_PSSetShaderResources(ctx, 0, 1, &srv);
    ID3D11DeviceContext_RSSetState(ctx, rs);
    ID3D11DeviceContext_RSSetViewports(ctx, 1, &vp);
    ID3D11DeviceContext_RSSetScissorRects(ctx, 1, &sc);
    ID3D11DeviceContext_OMSetBlendState(ctx, bs, f, 3);
    ID3D11DeviceContext_OMSetDepthStencilState(ctx, dss, 5);
    ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, &rtv, dsv);
    ID3D11DeviceContext_Flush(ctx);   /* a no-op: nothing is queued */
    ID3D11DeviceContext_ClearState(ctx);

    ID3D11DeviceContext_IAGetVertexBuffers(ctx, 0, 1, &got, &stride, &offset);
    CHECK(got == NULL && stride == 0);
    ID3D11DeviceContext_IAGetIndexBuffer(ctx, &got, NULL, NULL);
    CHECK(got == NULL);
    ID3D11DeviceContext_IAGetInputLayout(ctx, &gl);
    CHECK(gl == NULL);
    ID3D11DeviceContext_IAGetPrimitiveTopology(ctx, &topo);
    CHECK_EQ(topo, D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED);
    ID3D11DeviceContext_VSGetShader(ctx, &gvs, NULL, NULL);
    CHECK(gvs == NULL);
    ID3D11DeviceContext_VSGetConstantBuffers(ctx, 0, 1, &got);
    CHECK(got == NULL);
    ID3D11DeviceContext_PSGetSamplers(ctx, 0, 1, &gs);
    CHECK(gs == NULL);
    ID3D11DeviceContext_PSGetShaderResources(ctx, 0, 1, &gsrv);
    CHECK(gsrv == NULL);
    ID3D11DeviceContext_RSGetState(ctx, &grs);
    CHECK(grs == NULL);
    ID3D11DeviceContext_RSGetViewports(ctx, &n, NULL);
    CHECK_EQ(n, 0);
    ID3D11DeviceContext_RSGetScissorRects(ctx, &n, NULL);
    CHECK_EQ(n, 0);
    ID3D11DeviceContext_OMGetBlendState(ctx, &gbs, gf, &mask);
    CHECK(gbs == NULL && gf[0] == 1.0f && mask == 0xffffffffu);
    ID3D11DeviceContext_OMGetDepthStencilState(ctx, &gdss, &ref);
    CHECK(gdss == NULL && ref == 0);
    ID3D11DeviceContext_OMGetRenderTargets(ctx, 1, &grtv, NULL);
    CHECK(grtv == NULL);
    /* Nothing is held any more: each application Release is the last. */
    CHECK_EQ(ID3D11Buffer_Release(vb), 0);
    CHECK_EQ(ID3D11Buffer_Release(ib), 0);
    CHECK_EQ(ID3D11Buffer_Release(cb), 0);
    CHECK_EQ(ID3D11InputLayout_Release(layout), 0);
    CHECK_EQ(ID3D11VertexShader_Release(vs), 0);
    CHECK_EQ(ID3D11PixelShader_Release(ps), 0);
    CHECK_EQ(ID3D11SamplerState_Release(smp), 0);
    CHECK_EQ(ID3D11RasterizerState_Release(rs), 0);
    CHECK_EQ(ID3D11BlendState_Release(bs), 0);
    CHECK_EQ(ID3D11DepthStencilState_Release(dss), 0);
    CHECK_EQ(ID3D11RenderTargetView_Release(rtv), 0);
    CHECK_EQ(ID3D11DepthStencilView_Release(dsv), 0);
    CHECK_EQ(ID3D11ShaderResourceView_Release(srv), 0);
    CHECK_EQ(ID3D11Texture2D_Release(t), 0);
    ctx_done(dev, ctx);
}

/* The context keeps bound objects alive but not the device: every kind is bound, every
 * application reference released, then the device; the sanitizer build checks all is freed. */
TEST(d3d11_context_bound_objects_outlive_app_references_not_device)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_2, &ctx);
    ID3D11Buffer *vb, *cb;
    ID3D11InputLayout *layout;
    ID3D11VertexShader *vs, *gvs = NULL;
    ID3D11PixelShader *ps;
    ID3D11SamplerState *smp;
    ID3D11RasterizerState *rs;
    ID3D11BlendState *bs;
    ID3D11DepthStencilState *dss;
    UINT stride = 16, offset = 0;
    if (!dev)
        return;
    vb = ctx_buffer(dev, 64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0);
    cb = ctx_buffer(dev, 64, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DEFAULT, 0);
    layout = ctx_layout(dev);
    vs = ctx_vs(dev);
    ps = ctx_ps(dev);
    smp = ctx_sampler(dev, 1.0f);
    rs = ctx_rasterizer(dev);
    bs = ctx_blend(dev);
    dss = ctx_depth_stencil(dev);
    ID3D11DeviceContext_IASetVertexBuffers(ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_IASetInputLayout(ctx, layout);
    ID3D11DeviceContext_VSSetShader(ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetConstantBuffers(ctx, 0, 1, &cb);
    ID3D11DeviceContext_PSSetSamplers(ctx, 0, 1, &smp);
    ID3D11DeviceContext_RSSetState(ctx, rs);
    ID3D11DeviceContext_OMSetBlendState(ctx, bs, NULL, 0xffffffffu);
    ID3D11DeviceContext_OMSetDepthStencilState(ctx, dss, 0);
    CHECK_EQ(ID3D11Buffer_Release(vb), 0);
    CHECK_EQ(ID3D11Buffer_Release(cb), 0);
    CHECK_EQ(ID3D11InputLayout_Release(layout), 0);
    CHECK_EQ(ID3D11VertexShader_Release(vs), 0);
    CHECK_EQ(ID3D11PixelShader_Release(ps), 0);
    CHECK_EQ(ID3D11SamplerState_Release(smp), 0);
    CHECK_EQ(ID3D11RasterizerState_Release(rs), 0);
    CHECK_EQ(ID3D11BlendState_Release(bs), 0);
    CHECK_EQ(ID3D11DepthStencilState_Release(dss), 0);
    /* a getter hands out a new application reference, which takes the device again */
    ID3D11DeviceContext_VSGetShader(ctx, &gvs, NULL, NULL);
    CHECK(gvs == vs);
    if (gvs)
        CHECK_EQ(ID3D11VertexShader_Release(gvs), 0);
    ctx_done(dev, ctx);
}

/* The same for views, which hold their resource: a view only the context holds keeps the
 * resource alive but neither of them keeps the device (device_child.h on_app_refs, view.c). */
TEST(d3d11_context_bound_views_outlive_app_references_not_device)
{
    for (int li = 0; li < 3; li++) {
        ID3D11DeviceContext *ctx;
        ID3D11Device *dev = ctx_device(ctx_levels[li], &ctx);
        D3D11_TEXTURE2D_DESC d = ctx_tex_desc(4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D11_BIND_SHADER_RESOURCE);
        ID3D11Texture2D *t, *rt, *ds;
        ID3D11ShaderResourceView *srv, *got = NULL;
        ID3D11RenderTargetView *rtv;
        ID3D11DepthStencilView *dsv;
        ID3D11Resource *r = NULL;
        if (!dev)
            continue;
        t = ctx_tex(dev, &d, NULL);
        srv = ctx_srv(dev, (ID3D11Resource *)t);
        rtv = ctx_rtv(dev, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, &rt);
        dsv = ctx_dsv(dev, 4, 4, DXGI_FORMAT_D16_UNORM, &ds);
        ID3D11DeviceContext_PSSetShaderResources(ctx, 0, 1, &srv);
        ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, &rtv, dsv);
        CHECK_EQ(ID3D11Texture2D_Release(t), 1);    /* the SRV's application reference */
        CHECK_EQ(ID3D11ShaderResourceView_Release(srv), 0);
        CHECK_EQ(ID3D11RenderTargetView_Release(rtv), 0);
        CHECK_EQ(ID3D11DepthStencilView_Release(dsv), 0);
        CHECK_EQ(ID3D11Texture2D_Release(rt), 0);
        CHECK_EQ(ID3D11Texture2D_Release(ds), 0);
        /* taken again through a getter, the view holds its resource for the application again */
        ID3D11DeviceContext_PSGetShaderResources(ctx, 0, 1, &got);
        CHECK(got == srv);
        if (got) {
            ID3D11ShaderResourceView_GetResource(got, &r);
            CHECK(r == (ID3D11Resource *)t);
            if (r)
                CHECK_EQ(ID3D11Resource_Release(r), 1);
            CHECK_EQ(ID3D11ShaderResourceView_Release(got), 0);
        }
        ctx_done(dev, ctx);   /* 0: nothing kept the device */
    }
}

/* Rebinding the object already bound must not free it (bind before unbind). */
TEST(d3d11_context_rebind_same_object)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_1, &ctx);
    ID3D11RasterizerState *rs, *got = NULL;
    if (!dev)
        return;
    rs = ctx_rasterizer(dev);
    ID3D11DeviceContext_RSSetState(ctx, rs);
    CHECK_EQ(ID3D11RasterizerState_Release(rs), 0);
    ID3D11DeviceContext_RSSetState(ctx, rs);   /* the context's reference is the only one */
    ID3D11DeviceContext_RSGetState(ctx, &got);
    CHECK(got == rs);
    if (got) {
        D3D11_RASTERIZER_DESC d;
        ID3D11RasterizerState_GetDesc(got, &d);
        CHECK_EQ(d.CullMode, D3D11_CULL_NONE);
        CHECK_EQ(ID3D11RasterizerState_Release(got), 0);
    }
    ctx_done(dev, ctx);
}

/* Hostile arguments: NULL arrays with counts, slot ranges that overflow, objects of the wrong
 * kind; nothing crashes, nothing changes. */
TEST(d3d11_context_hostile_arguments)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_3, &ctx);
    ID3D11Query *q;
    ID3D11Buffer *b[1];
    ID3D11SamplerState *s = NULL;
    UINT stride = 4, offset = 0;
    if (!dev)
        return;
    q = ctx_query(dev, D3D11_QUERY_EVENT);
    b[0] = (ID3D11Buffer *)q;
    REFUSED(ID3D11DeviceContext_IASetVertexBuffers(ctx, 0, 1, b, &stride, &offset),
            "ppVertexBuffers[0] is not a softd3d buffer");
    REFUSED(ID3D11DeviceContext_PSSetConstantBuffers(ctx, 0xfffffff0u, 0x20, b),
            "exceeds the 14 constant-buffer slots");
    REFUSED(ID3D11DeviceContext_PSSetShaderResources(ctx, 0xffffffffu, 1, NULL), "exceeds");
    REFUSED(ID3D11DeviceContext_PSSetSamplers(ctx, 1, 0xffffffffu, &s), "exceeds");
    REFUSED(ID3D11DeviceContext_PSGetSamplers(ctx, 1, 0xffffffffu, &s), "exceeds");
    REFUSED(ID3D11DeviceContext_PSGetShaderResources(ctx, 200, 1, NULL), "exceeds");
    REFUSED(ID3D11DeviceContext_OMGetRenderTargets(ctx, 9, NULL, NULL), "exceeds");
    REFUSED(ID3D11DeviceContext_RSSetViewports(ctx, 0xffffffffu, NULL), "exceeds 1");
    REFUSED(ID3D11DeviceContext_IASetIndexBuffer(ctx, b[0], DXGI_FORMAT_R16_UINT, 0),
            "not a buffer of this device");
    REFUSED(ID3D11DeviceContext_VSSetShader(ctx, (ID3D11VertexShader *)q, NULL, 0),
            "not a softd3d vertex shader");
    ID3D11DeviceContext_IAGetVertexBuffers(ctx, 0, 1, NULL, NULL, NULL);   /* all optional */
    ID3D11DeviceContext_OMGetBlendState(ctx, NULL, NULL, NULL);
    ID3D11DeviceContext_RSGetViewports(ctx, NULL, NULL);
    ID3D11DeviceContext_VSGetShader(ctx, NULL, NULL, NULL);
    CHECK_EQ(ID3D11Query_Release(q), 0);
    ctx_done(dev, ctx);
}
