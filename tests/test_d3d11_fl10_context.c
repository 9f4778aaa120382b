/* tests/test_d3d11_fl10_context.c — context methods at 10_0 / 10_1 (issue 11, third step):
 * SetResourceMinLOD / GetResourceMinLOD (the clamp on sampling, ld of the levels it removes,
 * the empty set, a view that starts below it, and every refusal). */
#include "test_render_util.h"

static const D3D_FEATURE_LEVEL L100 = D3D_FEATURE_LEVEL_10_0;

#define VS4_PASS                                                                                 \
    "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"           \
    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"
#define PS4_SAMPLE_L0                                                                            \
    "ps_4_0\ndcl_sampler s0, mode_default\n"                                                     \
    "dcl_resource_texture2d (float,float,float,float) t0\ndcl_output o0.xyzw\n"                  \
    "sample_l o0.xyzw, l(0.5, 0.5, 0.0, 0.0), t0.xyzw, s0, l(0.0)\nret\n"
#define PS4_LD(mip)                                                                              \
    "ps_4_0\ndcl_resource_texture2d (float,float,float,float) t0\ndcl_output o0.xyzw\n"          \
    "ld o0.xyzw, l(0, 0, 0, " #mip "), t0.xyzw\nret\n"

/* Level l of the 4x4 texture is solid (40 l + 10, 200 - 50 l, l, 255). */
static void level_colour(UINT l, uint8_t out[4])
{
    out[0] = (uint8_t)(40 * l + 10);
    out[1] = (uint8_t)(200 - 50 * l);
    out[2] = (uint8_t)l;
    out[3] = 255;
}

static void draw_px(struct rd *r, const char *ps, ID3D11ShaderResourceView *srv,
                    ID3D11SamplerState *smp, uint8_t out[4])
{
    struct rd_pipe p;
    struct vtx v[6];
    static const float c[4] = { 0, 0, 0, 0 };
    rd_quad(v, 0.0f, c, c, c, c);
    rd_pipe_begin(r, &p, VS4_PASS, ps, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_PSSetShaderResources(r->ctx, 0, 1, &srv);
    ID3D11DeviceContext_PSSetSamplers(r->ctx, 0, 1, &smp);
    rd_clear(r, 0.2f, 0.2f, 0.2f, 0.2f);
    ACCEPTED(ID3D11DeviceContext_Draw(r->ctx, 6, 0));
    rd_read(r, out);
    rd_pipe_end(&p);
}

static void want_level(const uint8_t px[4], int level, int line)
{
    uint8_t want[4] = { 0, 0, 0, 0 };
    if (level >= 0)
        level_colour((UINT)level, want);
    if (memcmp(px, want, 4))
        harness_fail(__FILE__, line, "read %u %u %u %u, want level %d", px[0], px[1], px[2],
                     px[3], level);
}

TEST(fl10_resource_min_lod)
{
    struct rd r;
    uint8_t mips[3][16][4], px[4];
    D3D11_SUBRESOURCE_DATA init[3];
    D3D11_TEXTURE2D_DESC d = { 4, 4, 3, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                               D3D11_RESOURCE_MISC_RESOURCE_CLAMP };
    D3D11_SAMPLER_DESC sd = { D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                              D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                              D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    D3D11_SHADER_RESOURCE_VIEW_DESC vd;
    ID3D11Texture2D *t = NULL, *plain = NULL;
    ID3D11ShaderResourceView *srv = NULL, *from1 = NULL;
    ID3D11SamplerState *smp = NULL;
    ID3D11Buffer *b = NULL;
    for (UINT l = 0; l < 3; l++) {
        for (int k = 0; k < 16; k++)
            level_colour(l, mips[l][k]);
        init[l] = (D3D11_SUBRESOURCE_DATA){ mips[l], (4u >> l) * 4, 0 };
    }
    if (!rd_begin_profile(&r, "10_0", L100, 1, 1)) {
        rd_end(&r);
        return;
    }
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &d, init, &t), S_OK);
    d.MiscFlags = 0;
    CHECK_HR(ID3D11Device_CreateTexture2D(r.dev, &d, init, &plain), S_OK);
    CHECK_HR(ID3D11Device_CreateSamplerState(r.dev, &sd, &smp), S_OK);
    b = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, NULL, 16);
    if (!t || !plain || !smp || !b)
        goto done;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, NULL, &srv), S_OK);
    memset(&vd, 0, sizeof(vd));
    vd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    vd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
    vd.Texture2D.MostDetailedMip = 1;
    vd.Texture2D.MipLevels = 2;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)t, &vd, &from1),
             S_OK);
    if (!srv || !from1)
        goto done;
    CHECK_EQ(ID3D11DeviceContext_GetResourceMinLOD(r.ctx, (ID3D11Resource *)t), 0.0f);
    draw_px(&r, PS4_SAMPLE_L0, srv, smp, px);
    want_level(px, 0, __LINE__);
    /* LOD 0 clamped to 1, then to 2 (point mip filter: 1.4 still selects level 1) */
    ID3D11DeviceContext_SetResourceMinLOD(r.ctx, (ID3D11Resource *)t, 1.4f);
    CHECK_EQ(ID3D11DeviceContext_GetResourceMinLOD(r.ctx, (ID3D11Resource *)t), 1.4f);
    draw_px(&r, PS4_SAMPLE_L0, srv, smp, px);
    want_level(px, 1, __LINE__);
    /* ld: level 0 is gone (reads 0), level 1 is there */
    draw_px(&r, PS4_LD(0), srv, smp, px);
    want_level(px, -1, __LINE__);
    draw_px(&r, PS4_LD(1), srv, smp, px);
    want_level(px, 1, __LINE__);
    ID3D11DeviceContext_SetResourceMinLOD(r.ctx, (ID3D11Resource *)t, 2.0f);
    draw_px(&r, PS4_SAMPLE_L0, srv, smp, px);
    want_level(px, 2, __LINE__);
    /* a view from mip 1: its level 1 is resource level 2 */
    draw_px(&r, PS4_SAMPLE_L0, from1, smp, px);
    want_level(px, 2, __LINE__);
    /* MinLOD = MipLevels: the empty set reads 0 */
    ID3D11DeviceContext_SetResourceMinLOD(r.ctx, (ID3D11Resource *)t, 3.0f);
    draw_px(&r, PS4_SAMPLE_L0, srv, smp, px);
    want_level(px, -1, __LINE__);
    /* refusals change nothing */
    {
        static const float bad[] = { -1.0f, 3.5f, NAN };
        for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
            util_clear_last_message();
            ID3D11DeviceContext_SetResourceMinLOD(r.ctx, (ID3D11Resource *)t, bad[i]);
            CHECK_STR_CONTAINS(LAST, "is outside 0..3");
            CHECK_EQ(ID3D11DeviceContext_GetResourceMinLOD(r.ctx, (ID3D11Resource *)t), 3.0f);
        }
    }
    util_clear_last_message();
    ID3D11DeviceContext_SetResourceMinLOD(r.ctx, (ID3D11Resource *)plain, 1.0f);
    CHECK_STR_CONTAINS(LAST, "D3D11_RESOURCE_MISC_RESOURCE_CLAMP");
    CHECK_EQ(ID3D11DeviceContext_GetResourceMinLOD(r.ctx, (ID3D11Resource *)plain), 0.0f);
    util_clear_last_message();
    ID3D11DeviceContext_SetResourceMinLOD(r.ctx, (ID3D11Resource *)b, 0.0f);
    CHECK_STR_CONTAINS(LAST, "a buffer has no mip levels");
    util_clear_last_message();
    ID3D11DeviceContext_SetResourceMinLOD(r.ctx, NULL, 0.0f);
    CHECK_STR_CONTAINS(LAST, "pResource is NULL");
    CHECK_EQ(ID3D11DeviceContext_GetResourceMinLOD(r.ctx, NULL), 0.0f);
    /* back to 0: level 0 again */
    ID3D11DeviceContext_SetResourceMinLOD(r.ctx, (ID3D11Resource *)t, 0.0f);
    draw_px(&r, PS4_SAMPLE_L0, srv, smp, px);
    want_level(px, 0, __LINE__);
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(from1);
    RD_RELEASE(srv);
    RD_RELEASE(b);
    RD_RELEASE(smp);
    RD_RELEASE(plain);
    RD_RELEASE(t);
    rd_end(&r);
}

/* ---- predicates and SetPredication ------------------------------------------------------------ */

static ID3D11Predicate *predicate(ID3D11Device *dev)
{
    D3D11_QUERY_DESC d = { D3D11_QUERY_OCCLUSION_PREDICATE, D3D11_QUERY_MISC_PREDICATEHINT };
    ID3D11Predicate *p = NULL;
    CHECK_HR(ID3D11Device_CreatePredicate(dev, &d, &p), S_OK);
    return p;
}

static BOOL predicate_data(struct rd *r, ID3D11Predicate *p)
{
    BOOL any = 77;
    CHECK_HR(ID3D11DeviceContext_GetData(r->ctx, (ID3D11Asynchronous *)p, &any, sizeof(any), 0),
             S_OK);
    return any;
}

/* The target's first pixel after the predicated calls, read with predication off. */
static uint8_t first_red(struct rd *r)
{
    uint8_t img[4 * 4 * 4];
    ID3D11Predicate *p = NULL;
    BOOL v = FALSE;
    ID3D11DeviceContext_GetPredication(r->ctx, &p, &v);
    ID3D11DeviceContext_SetPredication(r->ctx, NULL, FALSE);
    rd_read(r, img);
    ID3D11DeviceContext_SetPredication(r->ctx, p, v);
    if (p)
        ID3D11Predicate_Release(p);
    return img[0];
}

TEST(fl10_predication)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float red[4] = { 1, 0, 0, 1 };
    static const float grey[4] = { 0.5f, 0.5f, 0.5f, 0.5f };
    ID3D11Predicate *none = NULL, *some = NULL, *got = NULL;
    D3D11_QUERY_DESC d = { D3D11_QUERY_OCCLUSION, 0 };
    ID3D11Predicate *bad = (ID3D11Predicate *)(uintptr_t)1;
    BOOL value = FALSE;
    if (!rd_begin_profile(&r, "10_0", L100, 4, 4)) {
        rd_end(&r);
        return;
    }
    /* creation: only the predicate types; the object answers ID3D11Predicate */
    CHECK_HR(ID3D11Device_CreatePredicate(r.dev, &d, &bad), E_INVALIDARG);
    CHECK(bad == NULL);
    none = predicate(r.dev);
    some = predicate(r.dev);
    if (!none || !some)
        goto done;
    CHECK_EQ(ID3D11Predicate_GetDataSize(none), sizeof(BOOL));
    rd_quad(v, 0.0f, red, red, red, red);
    rd_pipe_begin(&r, &p, VS4_PASS, "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
                  "mov o0.xyzw, v1.xyzw\nret\n", v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    /* not issued yet: refused */
    util_clear_last_message();
    ID3D11DeviceContext_SetPredication(r.ctx, none, FALSE);
    CHECK_STR_CONTAINS(LAST, "must be issued");
    ID3D11DeviceContext_GetPredication(r.ctx, &got, &value);
    CHECK(got == NULL);
    /* `none`: nothing drawn between Begin and End (FALSE); `some`: a draw (TRUE) */
    ID3D11DeviceContext_Begin(r.ctx, (ID3D11Asynchronous *)none);
    ID3D11DeviceContext_End(r.ctx, (ID3D11Asynchronous *)none);
    ID3D11DeviceContext_Begin(r.ctx, (ID3D11Asynchronous *)some);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    ID3D11DeviceContext_End(r.ctx, (ID3D11Asynchronous *)some);
    CHECK_EQ(predicate_data(&r, none), FALSE);
    CHECK_EQ(predicate_data(&r, some), TRUE);
    /* predicated off (data FALSE == value FALSE): clears, draws, copies are not performed */
    rd_clear(&r, 0, 0, 0, 0);
    ID3D11DeviceContext_SetPredication(r.ctx, none, FALSE);
    ID3D11DeviceContext_GetPredication(r.ctx, &got, &value);
    CHECK(got == none && value == FALSE);
    if (got)
        ID3D11Predicate_Release(got);   /* GetPredication's reference */
    ID3D11DeviceContext_ClearRenderTargetView(r.ctx, r.rtv, grey);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    {
        static const uint8_t texel[4] = { 9, 9, 9, 9 };
        D3D11_BOX box = { 0, 0, 0, 1, 1, 1 };
        ID3D11DeviceContext_UpdateSubresource(r.ctx, (ID3D11Resource *)r.tex, 0, &box, texel, 4,
                                              0);
    }
    CHECK_EQ(first_red(&r), 0);
    /* Begin and End of the predicate in use are invalid */
    util_clear_last_message();
    ID3D11DeviceContext_Begin(r.ctx, (ID3D11Asynchronous *)none);
    CHECK_STR_CONTAINS(LAST, "set for predication");
    /* value TRUE: the FALSE predicate lets everything through */
    ID3D11DeviceContext_SetPredication(r.ctx, none, TRUE);
    ID3D11DeviceContext_ClearRenderTargetView(r.ctx, r.rtv, grey);
    CHECK_EQ(first_red(&r), 128);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    CHECK_EQ(first_red(&r), 255);
    /* the TRUE predicate with value TRUE skips */
    ID3D11DeviceContext_SetPredication(r.ctx, some, TRUE);
    ID3D11DeviceContext_ClearRenderTargetView(r.ctx, r.rtv, grey);
    CHECK_EQ(first_red(&r), 255);
    /* ClearState ends predication */
    ID3D11DeviceContext_ClearState(r.ctx);
    ID3D11DeviceContext_GetPredication(r.ctx, &got, &value);
    CHECK(got == NULL && value == FALSE);
    ID3D11DeviceContext_ClearRenderTargetView(r.ctx, r.rtv, grey);
    CHECK_EQ(first_red(&r), 128);
    rd_pipe_end(&p);
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(some);
    RD_RELEASE(none);
    rd_end(&r);
}
