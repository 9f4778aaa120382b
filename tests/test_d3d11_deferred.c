/* tests/test_d3d11_deferred.c — deferred contexts and command lists (issue 11 part 7;
 * src/d3d11/context_deferred.c, command_list.c): a scene drawn through a deferred context and
 * ExecuteCommandList is byte for byte the scene drawn on the immediate context; the documented
 * state rules (no inheritance, RestoreContextState, RestoreDeferredContextState); the refusals;
 * reference counts back to where they started; several threads recording while one draws. */
#include "test_d3d11_context_util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "d3dcompiler.h"

enum { W = 32, H = 32 };

static const char scene_vs[] =
    "cbuffer cb : register(b0) { float4 offset; float4 color; };\n"
    "struct VI { float2 pos : POSITION; float2 uv : TEXCOORD0; };\n"
    "struct VO { float4 pos : SV_POSITION; float2 uv : TEXCOORD0; float4 col : COLOR0; };\n"
    "VO main(VI i) { VO o; o.pos = float4(i.pos + offset.xy, offset.z, 1); o.uv = i.uv;\n"
    "                o.col = color; return o; }\n";
static const char scene_ps[] =
    "Texture2D t0; SamplerState s0;\n"
    "struct VO { float4 pos : SV_POSITION; float2 uv : TEXCOORD0; float4 col : COLOR0; };\n"
    "float4 main(VO i) : SV_Target { return t0.Sample(s0, i.uv) * i.col; }\n";

static ID3DBlob *compile(const char *src, const char *target)
{
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "deferred.hlsl", NULL, NULL, "main", target, 0, 0,
                            &code, &errors);
    CHECK_HR(hr, S_OK);
    if (errors)
        ID3D10Blob_Release(errors);
    return code;
}

/* Everything a scene draws with. */
struct scene {
    ID3D11Device *dev;
    ID3D11DeviceContext *imm;
    ID3D11Texture2D *target, *staging, *tex;
    ID3D11RenderTargetView *rtv;
    ID3D11DepthStencilView *dsv;
    ID3D11ShaderResourceView *srv;
    ID3D11SamplerState *smp;
    ID3D11BlendState *blend;
    ID3D11DepthStencilState *ds;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps;
    ID3D11InputLayout *layout;
    ID3D11Buffer *vb, *ib, *cb;
};

static bool scene_init(struct scene *s, D3D_FEATURE_LEVEL level)
{
    static const float quad[] = { -0.5f, -0.5f, 0, 1, -0.5f, 0.5f, 0, 0,
                                  0.5f, 0.5f, 1, 0, 0.5f, -0.5f, 1, 1 };
    static const UINT16 idx[] = { 0, 1, 2, 0, 2, 3 };
    static const D3D11_INPUT_ELEMENT_DESC el[] = {
        { "POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        { "TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0 },
    };
    memset(s, 0, sizeof(*s));
    if (!(s->dev = ctx_device(level, &s->imm)))
        return false;
    ID3DBlob *vsb = compile(scene_vs, "vs_4_0_level_9_1"), *psb = compile(scene_ps,
                                                                           "ps_4_0_level_9_1");
    if (!vsb || !psb)
        return false;
    CHECK_HR(ID3D11Device_CreateVertexShader(s->dev, ID3D10Blob_GetBufferPointer(vsb),
                                             ID3D10Blob_GetBufferSize(vsb), NULL, &s->vs), S_OK);
    CHECK_HR(ID3D11Device_CreatePixelShader(s->dev, ID3D10Blob_GetBufferPointer(psb),
                                            ID3D10Blob_GetBufferSize(psb), NULL, &s->ps), S_OK);
    CHECK_HR(ID3D11Device_CreateInputLayout(s->dev, el, 2, ID3D10Blob_GetBufferPointer(vsb),
                                            ID3D10Blob_GetBufferSize(vsb), &s->layout), S_OK);
    ID3D10Blob_Release(vsb);
    ID3D10Blob_Release(psb);
    D3D11_SUBRESOURCE_DATA vd = { quad, 0, 0 }, id = { idx, 0, 0 };
    D3D11_BUFFER_DESC bd = { sizeof(quad), D3D11_USAGE_IMMUTABLE, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0 };
    CHECK_HR(ID3D11Device_CreateBuffer(s->dev, &bd, &vd, &s->vb), S_OK);
    bd = (D3D11_BUFFER_DESC){ sizeof(idx), D3D11_USAGE_IMMUTABLE, D3D11_BIND_INDEX_BUFFER, 0, 0, 0 };
    CHECK_HR(ID3D11Device_CreateBuffer(s->dev, &bd, &id, &s->ib), S_OK);
    s->cb = ctx_buffer(s->dev, 32, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DYNAMIC,
                       D3D11_CPU_ACCESS_WRITE);
    s->rtv = ctx_rtv(s->dev, W, H, DXGI_FORMAT_R8G8B8A8_UNORM, &s->target);
    s->dsv = ctx_dsv(s->dev, W, H, DXGI_FORMAT_D24_UNORM_S8_UINT, NULL);
    D3D11_TEXTURE2D_DESC td = ctx_tex_desc(4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                           D3D11_BIND_SHADER_RESOURCE);
    s->tex = ctx_tex(s->dev, &td, NULL);
    s->srv = s->tex ? ctx_srv(s->dev, (ID3D11Resource *)s->tex) : NULL;
    td = ctx_tex_desc(W, H, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    td.Usage = D3D11_USAGE_STAGING;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    s->staging = ctx_tex(s->dev, &td, NULL);
    s->smp = ctx_sampler(s->dev, 0);
    s->blend = ctx_blend(s->dev);
    s->ds = ctx_depth_stencil(s->dev);
    return s->vs && s->ps && s->layout && s->vb && s->ib && s->cb && s->rtv && s->dsv && s->srv &&
           s->staging && s->smp && s->blend && s->ds;
}

static void rel(void *p)
{
    if (p)
        IUnknown_Release((IUnknown *)p);
}
#define REL(p) rel(p)

static void scene_done(struct scene *s)
{
    REL(s->target), REL(s->staging), REL(s->tex), REL(s->rtv), REL(s->dsv), REL(s->srv);
    REL(s->smp), REL(s->blend), REL(s->ds), REL(s->vs), REL(s->ps), REL(s->layout), REL(s->vb);
    REL(s->ib), REL(s->cb);
    ctx_done(s->dev, s->imm);
}

static void set_constants(ID3D11DeviceContext *c, ID3D11Buffer *cb, const float v[8])
{
    D3D11_MAPPED_SUBRESOURCE m;
    CHECK_HR(ID3D11DeviceContext_Map(c, (ID3D11Resource *)cb, 0, D3D11_MAP_WRITE_DISCARD, 0, &m),
             S_OK);
    if (m.pData)
        memcpy(m.pData, v, 32);
    ID3D11DeviceContext_Unmap(c, (ID3D11Resource *)cb, 0);
}

/* The scene, on any context: clears, a texture upload, two indexed draws (the second blended
 * over the first, depth-tested), constants through Map(WRITE_DISCARD) between them. */
static void draw_scene(struct scene *s, ID3D11DeviceContext *c)
{
    static const float clear[4] = { 0.1f, 0.2f, 0.3f, 1.0f };
    static const float first[8] = { -0.2f, -0.2f, 0.5f, 0, 1, 0.5f, 0.25f, 1 };
    static const float second[8] = { 0.2f, 0.2f, 0.3f, 0, 0, 1, 0.5f, 0.5f };
    uint32_t texels[16];
    const UINT stride = 16, offset = 0;
    D3D11_VIEWPORT vp = { 0, 0, W, H, 0, 1 };
    for (int i = 0; i < 16; i++)
        texels[i] = 0xff000000u | (uint32_t)(i * 16) << 16 | (uint32_t)(255 - i * 8) << 8 | 0x80;
    ID3D11DeviceContext_UpdateSubresource(c, (ID3D11Resource *)s->tex, 0, NULL, texels, 16, 0);
    ID3D11DeviceContext_ClearRenderTargetView(c, s->rtv, clear);
    ID3D11DeviceContext_ClearDepthStencilView(c, s->dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
    ID3D11DeviceContext_OMSetRenderTargets(c, 1, &s->rtv, s->dsv);
    ID3D11DeviceContext_RSSetViewports(c, 1, &vp);
    ID3D11DeviceContext_IASetInputLayout(c, s->layout);
    ID3D11DeviceContext_IASetVertexBuffers(c, 0, 1, &s->vb, &stride, &offset);
    ID3D11DeviceContext_IASetIndexBuffer(c, s->ib, DXGI_FORMAT_R16_UINT, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(c, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(c, s->vs, NULL, 0);
    ID3D11DeviceContext_VSSetConstantBuffers(c, 0, 1, &s->cb);
    ID3D11DeviceContext_PSSetShader(c, s->ps, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(c, 0, 1, &s->srv);
    ID3D11DeviceContext_PSSetSamplers(c, 0, 1, &s->smp);
    ID3D11DeviceContext_OMSetDepthStencilState(c, s->ds, 0);
    set_constants(c, s->cb, first);
    ID3D11DeviceContext_DrawIndexed(c, 6, 0, 0);
    ID3D11DeviceContext_OMSetBlendState(c, s->blend, NULL, 0xffffffffu);
    set_constants(c, s->cb, second);
    ID3D11DeviceContext_DrawIndexed(c, 6, 0, 0);
}

/* The target's pixels, read back through the staging texture. */
static void read_target(struct scene *s, uint32_t *out)
{
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11DeviceContext_CopyResource(s->imm, (ID3D11Resource *)s->staging,
                                     (ID3D11Resource *)s->target);
    memset(out, 0, W * H * 4);
    CHECK_HR(ID3D11DeviceContext_Map(s->imm, (ID3D11Resource *)s->staging, 0, D3D11_MAP_READ, 0,
                                     &m), S_OK);
    if (!m.pData)
        return;
    for (int y = 0; y < H; y++)
        memcpy(out + y * W, (const char *)m.pData + (size_t)y * m.RowPitch, W * 4);
    ID3D11DeviceContext_Unmap(s->imm, (ID3D11Resource *)s->staging, 0);
}

static ID3D11DeviceContext *deferred(ID3D11Device *dev)
{
    ID3D11DeviceContext *d = NULL;
    CHECK_HR(ID3D11Device_CreateDeferredContext(dev, 0, &d), S_OK);
    return d;
}

static int distinct_colours(const uint32_t *img)
{
    uint32_t seen[8];
    int n = 0;
    for (int i = 0; i < W * H && n < 8; i++) {
        int k = 0;
        while (k < n && seen[k] != img[i])
            k++;
        if (k == n)
            seen[n++] = img[i];
    }
    return n;
}

static void check_same_pixels(D3D_FEATURE_LEVEL level)
{
    struct scene s;
    uint32_t *a = calloc(W * H, 4), *b = calloc(W * H, 4);
    ID3D11DeviceContext *d = NULL;
    ID3D11CommandList *cl = NULL;
    if (!a || !b || !scene_init(&s, level))
        goto out;
    draw_scene(&s, s.imm);
    read_target(&s, a);
    ID3D11DeviceContext_ClearState(s.imm);
    /* something was drawn: the clear colour, the first quad, the blend of both */
    CHECK(distinct_colours(a) >= 4);
    {
        static const float black[4] = { 0, 0, 0, 0 };
        ID3D11DeviceContext_ClearRenderTargetView(s.imm, s.rtv, black);
    }
    if ((d = deferred(s.dev))) {
        draw_scene(&s, d);
        /* nothing happened yet: the target is still black */
        read_target(&s, b);
        CHECK_EQ(b[W * H / 2], 0u);
        CHECK_HR(ID3D11DeviceContext_FinishCommandList(d, FALSE, &cl), S_OK);
        if (cl)
            ID3D11DeviceContext_ExecuteCommandList(s.imm, cl, FALSE);
        read_target(&s, b);
        CHECK(!memcmp(a, b, W * H * 4));
        /* a command list can be executed again, with the same result */
        ID3D11DeviceContext_ClearState(s.imm);
        if (cl)
            ID3D11DeviceContext_ExecuteCommandList(s.imm, cl, TRUE);
        read_target(&s, b);
        CHECK(!memcmp(a, b, W * H * 4));
        REL(cl);
        CHECK_EQ(ID3D11DeviceContext_Release(d), 0);
    }
out:
    scene_done(&s);
    free(a);
    free(b);
}

TEST(deferred_render_equals_immediate_9_1) { check_same_pixels(D3D_FEATURE_LEVEL_9_1); }
TEST(deferred_render_equals_immediate_9_3) { check_same_pixels(D3D_FEATURE_LEVEL_9_3); }

/* ExecuteCommandList on a deferred context merges lists: the merged list draws the same. */
TEST(deferred_merged_lists_equal_immediate)
{
    struct scene s;
    uint32_t *a = calloc(W * H, 4), *b = calloc(W * H, 4);
    ID3D11DeviceContext *d1 = NULL, *d2 = NULL;
    ID3D11CommandList *l1 = NULL, *l2 = NULL;
    if (!a || !b || !scene_init(&s, D3D_FEATURE_LEVEL_9_2))
        goto out;
    draw_scene(&s, s.imm);
    read_target(&s, a);
    ID3D11DeviceContext_ClearState(s.imm);
    d1 = deferred(s.dev);
    d2 = deferred(s.dev);
    if (d1 && d2) {
        draw_scene(&s, d1);
        CHECK_HR(ID3D11DeviceContext_FinishCommandList(d1, FALSE, &l1), S_OK);
        ID3D11DeviceContext_ExecuteCommandList(d2, l1, FALSE);
        CHECK_HR(ID3D11DeviceContext_FinishCommandList(d2, FALSE, &l2), S_OK);
        if (l2)
            ID3D11DeviceContext_ExecuteCommandList(s.imm, l2, FALSE);
        read_target(&s, b);
        CHECK(!memcmp(a, b, W * H * 4));
    }
    REL(l1), REL(l2), REL(d1), REL(d2);
out:
    scene_done(&s);
    free(a);
    free(b);
}

/* The documented state rules. */
TEST(deferred_state_rules)
{
    struct scene s;
    ID3D11DeviceContext *d = NULL;
    ID3D11CommandList *l1 = NULL, *l2 = NULL;
    ID3D11RasterizerState *rs = NULL, *got = NULL;
    uint32_t *img = calloc(W * H, 4);
    if (!img || !scene_init(&s, D3D_FEATURE_LEVEL_9_3) || !(d = deferred(s.dev)))
        goto out;
    rs = ctx_rasterizer(s.dev);
    /* A deferred context starts from the default state, not the immediate context's. */
    ID3D11DeviceContext_RSSetState(s.imm, rs);
    ID3D11DeviceContext_RSGetState(d, &got);
    CHECK(got == NULL);
    REL(got), got = NULL;
    /* FinishCommandList(TRUE) keeps the deferred state; FALSE clears it. */
    ID3D11DeviceContext_RSSetState(d, rs);
    CHECK_HR(ID3D11DeviceContext_FinishCommandList(d, TRUE, &l1), S_OK);
    ID3D11DeviceContext_RSGetState(d, &got);
    CHECK(got == rs);
    REL(got), got = NULL;
    CHECK_HR(ID3D11DeviceContext_FinishCommandList(d, FALSE, &l2), S_OK);
    ID3D11DeviceContext_RSGetState(d, &got);
    CHECK(got == NULL);
    REL(got), got = NULL;
    /* ExecuteCommandList(FALSE): the immediate context ends in the default state; TRUE: its own
     * state is back (l2 sets nothing). */
    ID3D11DeviceContext_ExecuteCommandList(s.imm, l2, TRUE);
    ID3D11DeviceContext_RSGetState(s.imm, &got);
    CHECK(got == rs);
    REL(got), got = NULL;
    ID3D11DeviceContext_ExecuteCommandList(s.imm, l1, FALSE);
    ID3D11DeviceContext_RSGetState(s.imm, &got);
    CHECK(got == NULL);   /* l1 set rs, but the state is cleared after the list */
    REL(got), got = NULL;
    REL(l1), REL(l2), l1 = l2 = NULL;

    /* No inheritance: a list of one draw, executed on an immediate context with the whole
     * pipeline bound, draws nothing (the state is cleared before the list runs). */
    {
        static const float black[4] = { 0, 0, 0, 0 };
        ID3D11DeviceContext_ClearRenderTargetView(s.imm, s.rtv, black);
        draw_scene(&s, s.imm);   /* binds everything (and draws) */
        ID3D11DeviceContext_ClearRenderTargetView(s.imm, s.rtv, black);
        ID3D11DeviceContext_DrawIndexed(d, 6, 0, 0);
        CHECK_HR(ID3D11DeviceContext_FinishCommandList(d, FALSE, &l1), S_OK);
        ID3D11DeviceContext_ExecuteCommandList(s.imm, l1, TRUE);
        read_target(&s, img);
        CHECK_EQ(distinct_colours(img), 1);
        CHECK_EQ(img[W * H / 2 + W / 2], 0u);
        /* ...and the same draw on the immediate context itself (state restored) does draw */
        ID3D11DeviceContext_DrawIndexed(s.imm, 6, 0, 0);
        read_target(&s, img);
        CHECK(img[W * H / 2 + W / 2] != 0u);
        REL(l1), l1 = NULL;
    }
    /* "Each call to FinishCommandList will record only the state set since any previous call":
     * the state kept by FinishCommandList(TRUE) is not in the next list. */
    {
        static const float black[4] = { 0, 0, 0, 0 };
        draw_scene(&s, d);
        CHECK_HR(ID3D11DeviceContext_FinishCommandList(d, TRUE, &l1), S_OK);
        ID3D11DeviceContext_DrawIndexed(d, 6, 0, 0);
        CHECK_HR(ID3D11DeviceContext_FinishCommandList(d, FALSE, &l2), S_OK);
        ID3D11DeviceContext_ClearRenderTargetView(s.imm, s.rtv, black);
        ID3D11DeviceContext_ExecuteCommandList(s.imm, l2, FALSE);
        read_target(&s, img);
        CHECK_EQ(distinct_colours(img), 1);
        CHECK_EQ(img[0], 0u);
    }
out:
    REL(l1), REL(l2), REL(rs), REL(d);
    if (s.dev)
        scene_done(&s);
    free(img);
}

TEST(deferred_refusals_and_identity)
{
    ID3D11DeviceContext *imm = NULL, *d = NULL;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_2, &imm);
    ID3D11CommandList *cl = (ID3D11CommandList *)(uintptr_t)1;
    D3D11_FEATURE_DATA_THREADING th = { 0 };
    D3D11_MAPPED_SUBRESOURCE m;
    if (!dev)
        return;
    CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_THREADING, &th, sizeof(th)), S_OK);
    CHECK_EQ(th.DriverConcurrentCreates, TRUE);
    CHECK_EQ(th.DriverCommandLists, FALSE);   /* emulated by the runtime */
    /* CreateDeferredContext: ContextFlags must be 0; NULL out validates only */
    d = (ID3D11DeviceContext *)(uintptr_t)1;
    CHECK_HR(ID3D11Device_CreateDeferredContext(dev, 1, &d), E_INVALIDARG);
    CHECK(d == NULL);
    CHECK_HR(ID3D11Device_CreateDeferredContext(dev, 0, NULL), S_FALSE);
    d = deferred(dev);
    if (!d) {
        ctx_done(dev, imm);
        return;
    }
    CHECK_EQ(ID3D11DeviceContext_GetType(d), D3D11_DEVICE_CONTEXT_DEFERRED);
    CHECK_EQ(ID3D11DeviceContext_GetType(imm), D3D11_DEVICE_CONTEXT_IMMEDIATE);
    CHECK_EQ(ID3D11DeviceContext_GetContextFlags(d), 0u);
    {
        ID3D11Device *got = NULL;
        ID3D11DeviceContext1 *d1 = NULL;
        ID3D11DeviceContext_GetDevice(d, &got);
        CHECK(got == dev);
        REL(got);
        CHECK_HR(ID3D11DeviceContext_QueryInterface(d, &IID_ID3D11DeviceContext1, (void **)&d1),
                 S_OK);
        CHECK((void *)d1 == (void *)d);
        REL(d1);
    }
    /* FinishCommandList on the immediate context */
    CHECK_HR(ID3D11DeviceContext_FinishCommandList(imm, FALSE, &cl), DXGI_ERROR_INVALID_CALL);
    CHECK(cl == NULL);
    CHECK_HR(ID3D11DeviceContext_FinishCommandList(d, FALSE, NULL), E_INVALIDARG);
    /* Map: WRITE_DISCARD / NO_OVERWRITE only, on DYNAMIC resources */
    {
        ID3D11Buffer *vb = ctx_buffer(dev, 64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DYNAMIC,
                                      D3D11_CPU_ACCESS_WRITE);
        ID3D11Buffer *def = ctx_buffer(dev, 64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0);
        ID3D11Buffer *cbuf = ctx_buffer(dev, 64, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DYNAMIC,
                                        D3D11_CPU_ACCESS_WRITE);
        ID3D11Resource *r = (ID3D11Resource *)vb;
        CHECK_HR(ID3D11DeviceContext_Map(d, r, 0, D3D11_MAP_WRITE, 0, &m), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "only D3D11_MAP_WRITE_DISCARD and D3D11_MAP_WRITE_NO_OVERWRITE");
        CHECK_HR(ID3D11DeviceContext_Map(d, r, 0, D3D11_MAP_READ, 0, &m), E_INVALIDARG);
        CHECK_HR(ID3D11DeviceContext_Map(d, r, 0, D3D11_MAP_WRITE_NO_OVERWRITE, 0, &m),
                 E_INVALIDARG);   /* no WRITE_DISCARD before it in this list */
        CHECK_STR_CONTAINS(LAST, "needs a D3D11_MAP_WRITE_DISCARD");
        CHECK_HR(ID3D11DeviceContext_Map(d, (ID3D11Resource *)def, 0, D3D11_MAP_WRITE_DISCARD, 0,
                                         &m), E_INVALIDARG);
        CHECK_HR(ID3D11DeviceContext_Map(d, r, 1, D3D11_MAP_WRITE_DISCARD, 0, &m), E_INVALIDARG);
        CHECK_HR(ID3D11DeviceContext_Map(d, r, 0, D3D11_MAP_WRITE_DISCARD,
                                         D3D11_MAP_FLAG_DO_NOT_WAIT, &m), E_INVALIDARG);
        CHECK_HR(ID3D11DeviceContext_Map(d, r, 0, D3D11_MAP_WRITE_DISCARD, 0, &m), S_OK);
        CHECK(m.pData != NULL);
        CHECK_HR(ID3D11DeviceContext_Map(d, r, 0, D3D11_MAP_WRITE_DISCARD, 0, &m), E_INVALIDARG);
        /* a list cannot be finished with a subresource mapped */
        CHECK_HR(ID3D11DeviceContext_FinishCommandList(d, FALSE, &cl), DXGI_ERROR_INVALID_CALL);
        ID3D11DeviceContext_Unmap(d, r, 0);
        CHECK_HR(ID3D11DeviceContext_Map(d, r, 0, D3D11_MAP_WRITE_NO_OVERWRITE, 0, &m), S_OK);
        ID3D11DeviceContext_Unmap(d, r, 0);
        /* NO_OVERWRITE: vertex and index buffers only */
        CHECK_HR(ID3D11DeviceContext_Map(d, (ID3D11Resource *)cbuf, 0, D3D11_MAP_WRITE_DISCARD, 0,
                                         &m), S_OK);
        ID3D11DeviceContext_Unmap(d, (ID3D11Resource *)cbuf, 0);
        CHECK_HR(ID3D11DeviceContext_Map(d, (ID3D11Resource *)cbuf, 0,
                                         D3D11_MAP_WRITE_NO_OVERWRITE, 0, &m), E_INVALIDARG);
        CHECK_HR(ID3D11DeviceContext_FinishCommandList(d, FALSE, &cl), S_OK);
        REL(cl), cl = NULL;
        /* after the list: a new list starts, NO_OVERWRITE needs a new discard */
        CHECK_HR(ID3D11DeviceContext_Map(d, r, 0, D3D11_MAP_WRITE_NO_OVERWRITE, 0, &m),
                 E_INVALIDARG);
        REL(vb), REL(def), REL(cbuf);
    }
    /* queries: Begin/End recorded; GetData refused on a deferred context */
    {
        ID3D11Query *q = ctx_query(dev, D3D11_QUERY_OCCLUSION);
        UINT64 n = 0;
        if (q) {
            ID3D11DeviceContext_Begin(d, (ID3D11Asynchronous *)q);
            ID3D11DeviceContext_End(d, (ID3D11Asynchronous *)q);
            CHECK_HR(ID3D11DeviceContext_GetData(d, (ID3D11Asynchronous *)q, &n, sizeof(n), 0),
                     DXGI_ERROR_INVALID_CALL);
            CHECK_HR(ID3D11DeviceContext_FinishCommandList(d, FALSE, &cl), S_OK);
            /* executed: the query ran on the immediate context */
            ID3D11DeviceContext_ExecuteCommandList(imm, cl, FALSE);
            CHECK_HR(ID3D11DeviceContext_GetData(imm, (ID3D11Asynchronous *)q, &n, sizeof(n), 0),
                     S_OK);
            CHECK_EQ(n, 0u);
            /* a query the immediate context has begun: the list is not executed */
            ID3D11DeviceContext_Begin(imm, (ID3D11Asynchronous *)q);
            util_clear_last_message();
            ID3D11DeviceContext_ExecuteCommandList(imm, cl, FALSE);
            CHECK_STR_CONTAINS(LAST, "the list is not executed");
            ID3D11DeviceContext_End(imm, (ID3D11Asynchronous *)q);
            REL(cl), cl = NULL;
            REL(q);
        }
    }
    /* a command list of another device, a foreign pointer */
    ID3D11DeviceContext_ExecuteCommandList(imm, (ID3D11CommandList *)d, FALSE);
    CHECK_STR_CONTAINS(LAST, "not a command list of this device");
    /* the tile methods are not recorded on deferred contexts (README) */
    CHECK_HR(ID3D11DeviceContext2_ResizeTilePool((ID3D11DeviceContext2 *)d, NULL, 0), E_NOTIMPL);
    CHECK_EQ(ID3D11DeviceContext_Release(d), 0);
    ctx_done(dev, imm);
    /* a single-threaded device has no deferred contexts */
    {
        D3D_FEATURE_LEVEL l = D3D_FEATURE_LEVEL_9_1;
        ID3D11Device *st = NULL;
        CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL,
                                   D3D11_CREATE_DEVICE_SINGLETHREADED, &l, 1, D3D11_SDK_VERSION,
                                   &st, NULL, NULL), S_OK);
        if (st) {
            d = (ID3D11DeviceContext *)(uintptr_t)1;
            CHECK_HR(ID3D11Device_CreateDeferredContext(st, 0, &d), DXGI_ERROR_INVALID_CALL);
            CHECK(d == NULL);
            CHECK_EQ(ID3D11Device_Release(st), 0);
        }
    }
}

/* Every level the device offers, ID3D11Device1/2's variants included, and 11_1. */
TEST(deferred_every_level_and_interface)
{
    static const D3D_FEATURE_LEVEL levels[] = { D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2,
                                                D3D_FEATURE_LEVEL_9_3, D3D_FEATURE_LEVEL_11_1 };
    for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
        ID3D11Device *dev = NULL;
        ID3D11Device2 *dev2 = NULL;
        ID3D11DeviceContext *imm = NULL;
        ID3D11DeviceContext1 *d1 = NULL;
        ID3D11DeviceContext2 *d2 = NULL;
        ID3D11CommandList *cl = NULL;
        if (levels[i] == D3D_FEATURE_LEVEL_11_1)
            setenv("SOFTD3D_PROFILE", "11_1-tiled", 1);
        HRESULT hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &levels[i], 1,
                                       D3D11_SDK_VERSION, &dev, NULL, &imm);
        unsetenv("SOFTD3D_PROFILE");
        CHECK_HR(hr, S_OK);
        if (!dev)
            continue;
        CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11Device2, (void **)&dev2), S_OK);
        CHECK_HR(ID3D11Device2_CreateDeferredContext1(dev2, 0, &d1), S_OK);
        CHECK_HR(ID3D11Device2_CreateDeferredContext2(dev2, 0, &d2), S_OK);
        if (d1 && d2) {
            D3D11_FEATURE_DATA_THREADING th = { 0 };
            CHECK_EQ(ID3D11DeviceContext1_GetType(d1), D3D11_DEVICE_CONTEXT_DEFERRED);
            CHECK_EQ(ID3D11DeviceContext2_GetType(d2), D3D11_DEVICE_CONTEXT_DEFERRED);
            CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_THREADING, &th,
                                                      sizeof(th)), S_OK);
            CHECK_EQ(th.DriverCommandLists, FALSE);
            ID3D11DeviceContext2_ClearState(d2);
            CHECK_HR(ID3D11DeviceContext2_FinishCommandList(d2, FALSE, &cl), S_OK);
            if (cl) {
                CHECK_EQ(ID3D11CommandList_GetContextFlags(cl), 0u);
                ID3D11DeviceContext_ExecuteCommandList(imm, cl, TRUE);
                CHECK_EQ(ID3D11CommandList_Release(cl), 0);
            }
        }
        REL(d1), REL(d2), REL(dev2);
        ctx_done(dev, imm);
    }
}

/* Recording holds the objects it names; releasing the list and the context gives every count
 * back. */
TEST(deferred_reference_counts)
{
    struct scene s;
    ID3D11DeviceContext *d = NULL;
    ID3D11CommandList *cl = NULL;
    ULONG vs0, cb0, rtv0, dev0, vs1;
    if (!scene_init(&s, D3D_FEATURE_LEVEL_9_1) || !(d = deferred(s.dev)))
        goto out;
    vs0 = ctx_refcount(s.vs), cb0 = ctx_refcount(s.cb), rtv0 = ctx_refcount(s.rtv);
    dev0 = ctx_refcount(s.dev);
    draw_scene(&s, d);
    CHECK_HR(ID3D11DeviceContext_FinishCommandList(d, TRUE, &cl), S_OK);
    vs1 = ctx_refcount(s.vs);
    CHECK(vs1 > vs0);   /* the list holds the shader it binds */
    CHECK_EQ(ID3D11DeviceContext_Release(d), 0);
    d = NULL;
    /* the list alone keeps what it names alive, and the device */
    REL(s.vs);
    s.vs = NULL;
    if (cl)
        ID3D11DeviceContext_ExecuteCommandList(s.imm, cl, FALSE);
    CHECK_EQ(ID3D11CommandList_Release(cl), 0);
    cl = NULL;
    CHECK_EQ(ctx_refcount(s.cb), cb0);
    CHECK_EQ(ctx_refcount(s.rtv), rtv0);
    CHECK_EQ(ctx_refcount(s.dev), dev0 - 2);   /* the deferred context and the shader held one each */
out:
    REL(cl), REL(d);
    scene_done(&s);
    (void)vs1;
}

/* ---- threads ---------------------------------------------------------------------------------- */

enum { THREADS = 4, ROUNDS = 8 };

struct worker {
    ID3D11Device *dev;
    int index;
    ID3D11CommandList *lists[ROUNDS];
    ID3D11Texture2D *target;
    ID3D11RenderTargetView *rtv;
    int failed;
};

/* Each worker creates its own objects and records a clear of its own target per round, while
 * the main thread draws on the immediate context. */
static void *worker_run(void *p)
{
    struct worker *w = p;
    ID3D11DeviceContext *d = NULL;
    D3D11_TEXTURE2D_DESC td = ctx_tex_desc(8, 8, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                           D3D11_BIND_RENDER_TARGET);
    if (FAILED(ID3D11Device_CreateTexture2D(w->dev, &td, NULL, &w->target)) ||
        FAILED(ID3D11Device_CreateRenderTargetView(w->dev, (ID3D11Resource *)w->target, NULL,
                                                   &w->rtv)) ||
        FAILED(ID3D11Device_CreateDeferredContext(w->dev, 0, &d))) {
        w->failed = 1;
        return NULL;
    }
    for (int r = 0; r < ROUNDS; r++) {
        float c[4] = { (float)w->index / 8.0f, (float)r / 8.0f, 0.5f, 1.0f };
        ID3D11Buffer *tmp = NULL;
        D3D11_BUFFER_DESC bd = { 64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0 };
        if (FAILED(ID3D11Device_CreateBuffer(w->dev, &bd, NULL, &tmp)))
            w->failed = 1;
        else
            ID3D11Buffer_Release(tmp);
        ID3D11DeviceContext_ClearRenderTargetView(d, w->rtv, c);
        if (FAILED(ID3D11DeviceContext_FinishCommandList(d, FALSE, &w->lists[r])))
            w->failed = 1;
    }
    ID3D11DeviceContext_Release(d);
    return NULL;
}

TEST(deferred_threads_record_while_immediate_draws)
{
    struct scene s;
    struct worker w[THREADS];
    pthread_t th[THREADS];
    int started = 0;
    uint32_t *img = calloc(W * H, 4);
    memset(w, 0, sizeof(w));
    if (!img || !scene_init(&s, D3D_FEATURE_LEVEL_9_3))
        goto out;
    for (int i = 0; i < THREADS; i++) {
        w[i].dev = s.dev;
        w[i].index = i;
        if (pthread_create(&th[i], NULL, worker_run, &w[i]) == 0)
            started++;
    }
    for (int k = 0; k < 4; k++)
        draw_scene(&s, s.imm);
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    CHECK_EQ(started, THREADS);
    read_target(&s, img);
    CHECK(distinct_colours(img) >= 4);
    /* every list replays: the last round's clear is what each target holds */
    for (int i = 0; i < started; i++) {
        CHECK_EQ(w[i].failed, 0);
        for (int r = 0; r < ROUNDS; r++)
            if (w[i].lists[r])
                ID3D11DeviceContext_ExecuteCommandList(s.imm, w[i].lists[r], FALSE);
        if (w[i].target) {
            D3D11_TEXTURE2D_DESC td = ctx_tex_desc(8, 8, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
            ID3D11Texture2D *st = NULL;
            D3D11_MAPPED_SUBRESOURCE m;
            td.Usage = D3D11_USAGE_STAGING;
            td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
            CHECK_HR(ID3D11Device_CreateTexture2D(s.dev, &td, NULL, &st), S_OK);
            ID3D11DeviceContext_CopyResource(s.imm, (ID3D11Resource *)st,
                                             (ID3D11Resource *)w[i].target);
            if (st && SUCCEEDED(ID3D11DeviceContext_Map(s.imm, (ID3D11Resource *)st, 0,
                                                        D3D11_MAP_READ, 0, &m))) {
                const uint8_t *p = m.pData;
                CHECK_EQ(p[0], (i * 255 + 4) / 8);   /* UNORM: round(c * 255) */
                CHECK_EQ(p[1], ((ROUNDS - 1) * 255 + 4) / 8);
                ID3D11DeviceContext_Unmap(s.imm, (ID3D11Resource *)st, 0);
            }
            REL(st);
        }
    }
out:
    for (int i = 0; i < THREADS; i++) {
        for (int r = 0; r < ROUNDS; r++)
            REL(w[i].lists[r]);
        REL(w[i].rtv), REL(w[i].target);
    }
    if (s.dev)
        scene_done(&s);
    free(img);
}
