/* tests/test_d3d11_fl11_0.c — the partial 11_0 profile (issue 15, first step): the profile and
 * level names, D3D11CreateDevice's negotiation up to 11_0, the 11_0 resource limits, the
 * 11_0 context rules (32 input slots, the D3D11 viewport bounds), the tessellation stages'
 * creation by level (their rules and draws: test_d3d11_tess.c), compute below 11_0 (the API
 * side at 11_0: test_d3d11_compute.c, test_d3d11_uav.c), and the format table (10_1's plus
 * gather4_c, the typed-UAV formats and BC6H/BC7: test_d3d11_bc67.c). */
#include "test_render_util.h"

#include "core/profile.h"
#include "d3d11/format_support.h"
#include "sample/texel.h"
#include "shader/shader_asm.h"
#include "dxbc_builder.h"

static const D3D_FEATURE_LEVEL L101 = D3D_FEATURE_LEVEL_10_1, L110 = D3D_FEATURE_LEVEL_11_0,
                               L111 = D3D_FEATURE_LEVEL_11_1;

TEST(fl11_0_profile_by_name)
{
    const core_profile *p = NULL;
    CHECK_EQ(core_profile_by_name("11_0", &p), 0);
    CHECK(p && p->id == CORE_PROFILE_11_0 && p->d3d11_level == CORE_LEVEL_11_0);
    CHECK(core_profile_get(CORE_PROFILE_11_0) == p);
    CHECK(p && core_profile_d3d11_level(p, NULL, 0) == CORE_LEVEL_11_0);
    /* the D3D9 face: the max caps, as the 10_x profiles */
    CHECK(p && !memcmp(&p->caps, &core_profile_get(CORE_PROFILE_MAX)->caps, sizeof(p->caps)));
    CHECK(!strcmp(core_level_name(CORE_LEVEL_11_0), "11_0"));
    CHECK_EQ(core_level_from_name("11_0"), CORE_LEVEL_11_0);
    CHECK_EQ(core_level_from_name("11_1"), CORE_LEVEL_11_1);
    CHECK(!strcmp(core_level_name(CORE_LEVEL_11_1), "11_1"));
    CHECK_EQ(core_level_from_name("12_0"), CORE_LEVEL_NONE);
    /* the 11_1 profile, and 11_1-tiled its alias */
    CHECK_EQ(core_profile_by_name("11_1", &p), 0);
    CHECK(p && p->id == CORE_PROFILE_11_1 && !strcmp(p->name, "11_1") &&
          p->d3d11_level == CORE_LEVEL_11_0 && p->d3d11_named_level == CORE_LEVEL_11_1);
    {
        const core_profile *alias = NULL;
        CHECK_EQ(core_profile_by_name("11_1-tiled", &alias), 0);
        CHECK(alias == p);
    }
    /* max offers what 11_1 does: up to 11_0, 11_1 when named (issues 11, 15, 16) */
    CHECK_EQ(core_profile_d3d11_level(core_profile_get(CORE_PROFILE_MAX), NULL, 0),
             CORE_LEVEL_11_0);
}

TEST(fl11_0_negotiation)
{
    static const D3D_FEATURE_LEVEL sokol[] = { D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0 };
    static const D3D_FEATURE_LEVEL imgui[] = { D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_0 };
    static const struct {
        const char *profile;
        const D3D_FEATURE_LEVEL *levels;
        UINT n;
        HRESULT hr;
        D3D_FEATURE_LEVEL got;
    } cases[] = {
        { "11_0", NULL, 0, S_OK, D3D_FEATURE_LEVEL_11_0 },   /* the default array's first */
        { "11_0", sokol, 2, S_OK, D3D_FEATURE_LEVEL_11_0 },  /* 11_1 skipped */
        { "11_0", imgui, 2, S_OK, D3D_FEATURE_LEVEL_11_0 },
        { "11_0", &L101, 1, S_OK, D3D_FEATURE_LEVEL_10_1 },  /* every level below */
        { "11_0", &L111, 1, DXGI_ERROR_UNSUPPORTED, 0 },
        { "10_1", &L110, 1, DXGI_ERROR_UNSUPPORTED, 0 },
        /* max as profile 11_1 */
        { "max", imgui, 2, S_OK, D3D_FEATURE_LEVEL_11_0 },
        { "max", &L110, 1, S_OK, D3D_FEATURE_LEVEL_11_0 },
        { "max", sokol, 2, S_OK, D3D_FEATURE_LEVEL_11_1 },
        { "max", NULL, 0, S_OK, D3D_FEATURE_LEVEL_11_0 },
        /* profile 11_1 (issues 11/15): every level to 11_0, 11_1 only when named */
        { "11_1", NULL, 0, S_OK, D3D_FEATURE_LEVEL_11_0 },   /* the default array's first */
        { "11_1", sokol, 2, S_OK, D3D_FEATURE_LEVEL_11_1 },
        { "11_1", imgui, 2, S_OK, D3D_FEATURE_LEVEL_11_0 },
        { "11_1", &L101, 1, S_OK, D3D_FEATURE_LEVEL_10_1 },
        { "11_1-tiled", &L111, 1, S_OK, D3D_FEATURE_LEVEL_11_1 },   /* the old name */
        { "11_1-tiled", NULL, 0, S_OK, D3D_FEATURE_LEVEL_11_0 },
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        D3D_FEATURE_LEVEL got = (D3D_FEATURE_LEVEL)123;
        ID3D11Device *dev = NULL;
        setenv("SOFTD3D_PROFILE", cases[i].profile, 1);
        util_clear_last_message();
        CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, cases[i].levels,
                                   cases[i].n, D3D11_SDK_VERSION, &dev, &got, NULL),
                 cases[i].hr);
        CHECK_EQ(got, cases[i].got);
        if (cases[i].hr == DXGI_ERROR_UNSUPPORTED && !strcmp(cases[i].profile, "11_0"))
            CHECK_STR_CONTAINS(LAST, "profile 11_0 (highest: 11_0)");
        if (dev) {
            CHECK_EQ(ID3D11Device_GetFeatureLevel(dev), cases[i].got);
            ID3D11Device_Release(dev);
        }
    }
    unsetenv("SOFTD3D_PROFILE");
}

static HRESULT tex(ID3D11Device *dev, D3D11_RESOURCE_DIMENSION dim, UINT w, UINT h, UINT d,
                   UINT array, UINT misc)
{
    ID3D11Resource *r = NULL;
    HRESULT hr;
    if (dim == D3D11_RESOURCE_DIMENSION_TEXTURE1D) {
        D3D11_TEXTURE1D_DESC t = { w, 1, array, DXGI_FORMAT_R8_UNORM, D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_SHADER_RESOURCE, 0, misc };
        hr = ID3D11Device_CreateTexture1D(dev, &t, NULL, (ID3D11Texture1D **)&r);
    } else if (dim == D3D11_RESOURCE_DIMENSION_TEXTURE2D) {
        D3D11_TEXTURE2D_DESC t = { w, h, 1, array, DXGI_FORMAT_R8_UNORM, { 1, 0 },
                                   D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, misc };
        hr = ID3D11Device_CreateTexture2D(dev, &t, NULL, (ID3D11Texture2D **)&r);
    } else {
        D3D11_TEXTURE3D_DESC t = { w, h, d, 1, DXGI_FORMAT_R8_UNORM, D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_SHADER_RESOURCE, 0, misc };
        hr = ID3D11Device_CreateTexture3D(dev, &t, NULL, (ID3D11Texture3D **)&r);
    }
    if (r)
        ID3D11Resource_Release(r);
    return hr;
}

/* The 11_0 column of "Direct3D feature levels" (D3D11_REQ_*): 16384 for 1D, 2D and cube
 * textures, 2048 for 3D and for array sizes; 10_1's 8192 / 512 are below. */
TEST(fl11_0_texture_limits)
{
    const D3D11_RESOURCE_DIMENSION T1 = D3D11_RESOURCE_DIMENSION_TEXTURE1D,
                                   T2 = D3D11_RESOURCE_DIMENSION_TEXTURE2D,
                                   T3 = D3D11_RESOURCE_DIMENSION_TEXTURE3D;
    ID3D11Device *dev = rd_profile_device("11_0", L110, NULL), *dev10 = rd_profile_device("11_0", L101, NULL);
    if (!dev || !dev10)
        goto done;
    CHECK_HR(tex(dev, T2, 16384, 1, 1, 1, 0), S_OK);
    CHECK_HR(tex(dev, T2, 1, 16384, 1, 1, 0), S_OK);
    util_clear_last_message();
    CHECK_HR(tex(dev, T2, 16385, 1, 1, 1, 0), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "16384");
    CHECK_HR(tex(dev10, T2, 16384, 1, 1, 1, 0), E_INVALIDARG);   /* the same device at 10_1 */
    CHECK_HR(tex(dev, T2, 2, 2, 1, 2048, 0), S_OK);
    CHECK_HR(tex(dev, T2, 2, 2, 1, 2049, 0), E_INVALIDARG);
    CHECK_HR(tex(dev10, T2, 2, 2, 1, 2048, 0), E_INVALIDARG);
    CHECK_HR(tex(dev, T1, 16384, 1, 1, 1, 0), S_OK);
    CHECK_HR(tex(dev, T1, 16385, 1, 1, 1, 0), E_INVALIDARG);
    CHECK_HR(tex(dev, T1, 4, 1, 1, 2048, 0), S_OK);
    CHECK_HR(tex(dev, T3, 2048, 1, 1, 1, 0), S_OK);
    CHECK_HR(tex(dev, T3, 2049, 1, 1, 1, 0), E_INVALIDARG);
    CHECK_HR(tex(dev, T2, 16385, 16385, 1, 6, D3D11_RESOURCE_MISC_TEXTURECUBE), E_INVALIDARG);
    CHECK_HR(tex(dev, T2, 4, 4, 1, 12, D3D11_RESOURCE_MISC_TEXTURECUBE), S_OK);   /* cube arrays */
done:
    if (dev)
        ID3D11Device_Release(dev);
    if (dev10)
        ID3D11Device_Release(dev10);
}

/* Hull and domain shaders are 11_0's (issue 16, test_d3d11_tess.c): there a vertex shader's
 * bytecode is refused as the wrong stage; 10_1 refuses the stages as a rule.  Both
 * E_INVALIDARG with a message, out-pointer NULL. */
TEST(fl11_0_tessellation_stages_by_level)
{
    ID3D11Device *dev = rd_profile_device("11_0", L110, NULL), *dev10 = rd_profile_device("11_0", L101, NULL);
    uint8_t blob[512];
    size_t n = dxbc_build_simple(DXBC_PROGRAM_VERTEX, 5, 0, 0, blob, sizeof(blob));
    ID3D11HullShader *hs = (ID3D11HullShader *)(uintptr_t)1;
    ID3D11DomainShader *ds = (ID3D11DomainShader *)(uintptr_t)1;
    if (dev) {
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateHullShader(dev, blob, n, NULL, &hs), E_INVALIDARG);
        CHECK(hs == NULL);
        CHECK_STR_CONTAINS(LAST, "vertex shader, not a hull shader");
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateDomainShader(dev, blob, n, NULL, &ds), E_INVALIDARG);
        CHECK(ds == NULL);
        CHECK_STR_CONTAINS(LAST, "vertex shader, not a domain shader");
        ID3D11Device_Release(dev);
    }
    if (dev10) {
        hs = (ID3D11HullShader *)(uintptr_t)1;
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateHullShader(dev10, blob, n, NULL, &hs), E_INVALIDARG);
        CHECK(hs == NULL);
        CHECK_STR_CONTAINS(LAST, "not supported at feature level 10_1");
        ID3D11Device_Release(dev10);
    }
}

/* 32 input slots at 11_0 (D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT), 16 at 10_1; viewports
 * within the D3D11 bounds [-32768, 32767] (D3D11_VIEWPORT: the D3D10 bounds are for 10_1 and
 * below). */
TEST(fl11_0_context_rules)
{
    ID3D11DeviceContext *ctx = NULL, *ctx10 = NULL;
    ID3D11Device *dev = rd_profile_device("11_0", L110, &ctx), *dev10 = rd_profile_device("11_0", L101, &ctx10);
    ID3D11Buffer *vb = NULL, *back = NULL;
    UINT stride = 16, offset = 0, got_stride = 0, got_offset = 0;
    D3D11_VIEWPORT vp = { -20000.0f, 0.0f, 16.0f, 16.0f, 0.0f, 1.0f }, got_vp;
    UINT nvp = 1;
    if (!dev || !dev10)
        goto done;
    vb = rd_buffer(dev, D3D11_BIND_VERTEX_BUFFER, NULL, 64);
    ACCEPTED(ID3D11DeviceContext_IASetVertexBuffers(ctx, 31, 1, &vb, &stride, &offset));
    ID3D11DeviceContext_IAGetVertexBuffers(ctx, 31, 1, &back, &got_stride, &got_offset);
    CHECK(back == vb);
    CHECK_EQ(got_stride, 16);
    if (back)
        ID3D11Buffer_Release(back);
    back = NULL;
    util_clear_last_message();
    {
        ID3D11Buffer *two[2] = { NULL, NULL };
        UINT zeros[2] = { 0, 0 };
        ID3D11DeviceContext_IASetVertexBuffers(ctx, 31, 2, two, zeros, zeros);
    }
    CHECK_STR_CONTAINS(LAST, "exceeds the 32 input slots of feature level 11_0");
    ID3D11DeviceContext_IAGetVertexBuffers(ctx, 31, 1, &back, NULL, NULL);
    CHECK(back == vb);   /* the refused call changed nothing */
    if (back)
        ID3D11Buffer_Release(back);
    back = NULL;
    ID3D11DeviceContext_ClearState(ctx);
    ID3D11DeviceContext_IAGetVertexBuffers(ctx, 31, 1, &back, &got_stride, NULL);
    CHECK(back == NULL && got_stride == 0);
    util_clear_last_message();
    ID3D11DeviceContext_IASetVertexBuffers(ctx10, 16, 1, &vb, &stride, &offset);
    CHECK_STR_CONTAINS(LAST, "exceeds the 16 input slots of feature level 10_1");
    ID3D11DeviceContext_IAGetVertexBuffers(ctx10, 16, 1, &back, NULL, NULL);
    CHECK(back == NULL);

    ACCEPTED(ID3D11DeviceContext_RSSetViewports(ctx, 1, &vp));
    ID3D11DeviceContext_RSGetViewports(ctx, &nvp, &got_vp);
    CHECK(nvp == 1 && got_vp.TopLeftX == -20000.0f);
    vp.TopLeftX = -40000.0f;
    util_clear_last_message();
    ID3D11DeviceContext_RSSetViewports(ctx, 1, &vp);
    CHECK_STR_CONTAINS(LAST, "outside [-32768, 32767]");
    vp.TopLeftX = -20000.0f;
    util_clear_last_message();
    ID3D11DeviceContext_RSSetViewports(ctx10, 1, &vp);
    CHECK_STR_CONTAINS(LAST, "outside [-16384, 16383]");
done:
    RD_RELEASE(vb);
    if (ctx)
        ID3D11DeviceContext_Release(ctx);
    if (ctx10)
        ID3D11DeviceContext_Release(ctx10);
    if (dev)
        ID3D11Device_Release(dev);
    if (dev10)
        ID3D11Device_Release(dev10);
}

/* A quad whose colour comes from input slot 31 (11_0), with other colours in slots 15 and 0 (a
 * slot index taken modulo 16 would read slot 15's), drawn by the immediate context and by a
 * deferred context's command list; an input layout naming slot 16 is refused at 10_1. */
TEST(fl11_0_input_slot_31_drawn)
{
    static const float zero[4] = { 0, 0, 0, 0 }, red[4] = { 1, 0, 0, 1 };
    static const float col[4] = { 0.2f, 0.4f, 0.6f, 0.8f };
    static const D3D11_INPUT_ELEMENT_DESC el[2] = {
        { "TEXCOORD", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        { "TEXCOORD", 1, DXGI_FORMAT_R32G32B32A32_FLOAT, 31, 16, D3D11_INPUT_PER_VERTEX_DATA, 0 },
    };
    const char *vs_text = "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\n"
                          "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\n"
                          "mov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n";
    struct rd r;
    struct vtx v0[6], v15[6], v31[6];
    ID3D11Buffer *b[3] = { NULL, NULL, NULL };
    ID3D11InputLayout *layout = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11DeviceContext *dc = NULL;
    ID3D11CommandList *cl = NULL;
    uint8_t img[4 * 4 * 4];
    UINT strides[3] = { 32, 32, 32 }, offsets[3] = { 0, 0, 0 };
    if (!rd_begin_profile(&r, "11_0", L110, 4, 4)) {
        rd_end(&r);
        return;
    }
    rd_quad(v0, 0.0f, zero, zero, zero, zero);
    rd_quad(v15, 0.0f, red, red, red, red);
    rd_quad(v31, 0.0f, col, col, col, col);
    b[0] = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, v0, sizeof(v0));
    b[1] = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, v15, sizeof(v15));
    b[2] = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, v31, sizeof(v31));
    vs = rd_vs(r.dev, vs_text);
    ps = rd_ps(r.dev, "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
                      "mov o0.xyzw, v1.xyzw\nret\n");
    layout = rd_layout(r.dev, el, 2, vs_text);
    CHECK_HR(ID3D11Device_CreateDeferredContext(r.dev, 0, &dc), S_OK);
    if (!b[0] || !b[1] || !b[2] || !vs || !ps || !layout || !dc)
        goto done;
    for (int pass = 0; pass < 2; pass++) {
        ID3D11DeviceContext *c = pass ? dc : r.ctx;
        if (pass) {
            ID3D11DeviceContext_OMSetRenderTargets(dc, 1, &r.rtv, NULL);
            rd_viewport(dc, 0.0f, 0.0f, 4.0f, 4.0f);
        }
        rd_clear(&r, 0, 0, 0, 0);
        ID3D11DeviceContext_IASetInputLayout(c, layout);
        ACCEPTED(ID3D11DeviceContext_IASetVertexBuffers(c, 0, 1, &b[0], &strides[0], &offsets[0]));
        ACCEPTED(ID3D11DeviceContext_IASetVertexBuffers(c, 15, 1, &b[1], &strides[1], &offsets[1]));
        ACCEPTED(ID3D11DeviceContext_IASetVertexBuffers(c, 31, 1, &b[2], &strides[2], &offsets[2]));
        ID3D11DeviceContext_IASetPrimitiveTopology(c, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        ID3D11DeviceContext_VSSetShader(c, vs, NULL, 0);
        ID3D11DeviceContext_PSSetShader(c, ps, NULL, 0);
        ACCEPTED(ID3D11DeviceContext_Draw(c, 6, 0));
        if (pass) {
            CHECK_HR(ID3D11DeviceContext_FinishCommandList(dc, FALSE, &cl), S_OK);
            ID3D11DeviceContext_ClearState(r.ctx);
            if (!cl)
                break;
            ID3D11DeviceContext_ExecuteCommandList(r.ctx, cl, FALSE);
        }
        rd_read(&r, img);
        for (int i = 0; i < 16; i++)
            if (img[4 * i] != 51 || img[4 * i + 1] != 102 || img[4 * i + 2] != 153 ||
                img[4 * i + 3] != 204) {
                harness_fail(__FILE__, __LINE__, "%s pixel %d: %u %u %u %u, want 51 102 153 204",
                             pass ? "deferred" : "immediate", i, img[4 * i], img[4 * i + 1],
                             img[4 * i + 2], img[4 * i + 3]);
                break;
            }
        if (!pass) {
            ID3D11DeviceContext_ClearState(r.ctx);
            ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &r.rtv, NULL);
            rd_viewport(r.ctx, 0.0f, 0.0f, 4.0f, 4.0f);
        }
    }
    /* 10_1: InputSlot 16 is outside the level's 16 slots */
    {
        ID3D11Device *dev10 = rd_profile_device("10_1", L101, NULL);
        D3D11_INPUT_ELEMENT_DESC e16[2];
        size_t size = 0;
        void *code = rd_assemble(vs_text, &size);
        ID3D11InputLayout *l16 = NULL;
        memcpy(e16, el, sizeof(e16));
        e16[1].InputSlot = 16;
        if (dev10 && code) {
            util_clear_last_message();
            CHECK_HR(ID3D11Device_CreateInputLayout(dev10, e16, 2, code, size, &l16),
                     E_INVALIDARG);
            CHECK(l16 == NULL);
            CHECK(LAST[0] != 0);
            e16[1].InputSlot = 15;
            CHECK_HR(ID3D11Device_CreateInputLayout(dev10, e16, 2, code, size, &l16), S_OK);
            RD_RELEASE(l16);
        }
        free(code);
        if (dev10)
            CHECK_EQ(ID3D11Device_Release(dev10), 0);
    }
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(cl);
    if (dc)
        ID3D11DeviceContext_Release(dc);
    RD_RELEASE(layout);
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    for (int i = 0; i < 3; i++)
        RD_RELEASE(b[i]);
    rd_end(&r);
}

/* 10_1's table plus gather4_c on the comparison-sampled formats, the typed-UAV formats and
 * BC6H/BC7 (their rows: test_d3d11_bc67.c). */
TEST(fl11_0_format_support)
{
    ID3D11Device *dev = rd_profile_device("11_0", L110, NULL);
    static const DXGI_FORMAT same[] = { DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R16G16_FLOAT,
                                        DXGI_FORMAT_R32G32B32A32_UINT, DXGI_FORMAT_BC3_UNORM,
                                        DXGI_FORMAT_D24_UNORM_S8_UINT };
    UINT bits = 0;
    if (!dev)
        return;
    const UINT uav = D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW;
    for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++)
        CHECK_EQ(d3d11_format_support_bits(L110, same[i]) & ~uav,
                 d3d11_format_support_bits(L101, same[i]));
    CHECK_HR(ID3D11Device_CheckFormatSupport(dev, DXGI_FORMAT_R32_FLOAT, &bits), S_OK);
    CHECK(bits & D3D11_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON);
    CHECK(bits & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON);
    CHECK(!(d3d11_format_support_bits(L101, DXGI_FORMAT_R32_FLOAT) &
            D3D11_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON));
    CHECK_EQ(d3d11_format_support_bits(L110, DXGI_FORMAT_R32_FLOAT) &
                 ~(UINT)(D3D11_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON | uav),
             d3d11_format_support_bits(L101, DXGI_FORMAT_R32_FLOAT));
    CHECK(!(d3d11_format_support_bits(L110, DXGI_FORMAT_R8G8B8A8_UNORM) &
            D3D11_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON));
    /* BC6H/BC7 at 11_0 only; a format of neither page is refused with the page's name */
    CHECK_HR(ID3D11Device_CheckFormatSupport(dev, DXGI_FORMAT_BC7_UNORM, &bits), S_OK);
    CHECK(d3d11_format_support_bits(L110, DXGI_FORMAT_BC6H_UF16) &
          D3D11_FORMAT_SUPPORT_SHADER_SAMPLE);
    CHECK_EQ(d3d11_format_support_bits(L101, DXGI_FORMAT_BC6H_UF16), 0);
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CheckFormatSupport(dev, DXGI_FORMAT_R1_UNORM, &bits), E_FAIL);
    CHECK_STR_CONTAINS(LAST, "Direct3D feature level 11.0 hardware");
    /* typed UAVs of the 11.0 page's required formats only */
    CHECK(d3d11_format_support_bits(L110, DXGI_FORMAT_R32_UINT) & uav);
    CHECK(d3d11_format_support_bits(L110, DXGI_FORMAT_R8G8B8A8_UNORM) & uav);
    CHECK(!(d3d11_format_support_bits(L110, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB) & uav));
    CHECK(!(d3d11_format_support_bits(L110, DXGI_FORMAT_B8G8R8A8_UNORM) & uav));
    CHECK(!(d3d11_format_support_bits(L101, DXGI_FORMAT_R32_UINT) & uav));
    /* FORMAT_SUPPORT2: typed loads of the R32 formats, atomics of the integer ones */
    D3D11_FEATURE_DATA_FORMAT_SUPPORT2 f2 = { DXGI_FORMAT_R32_UINT, 0 };
    CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_FORMAT_SUPPORT2, &f2,
                                              sizeof(f2)), S_OK);
    CHECK(f2.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_UAV_TYPED_LOAD);
    CHECK(f2.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_ADD);
    CHECK(f2.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_UAV_TYPED_STORE);
    f2.InFormat = DXGI_FORMAT_R8G8B8A8_UNORM;
    CHECK_HR(ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_FORMAT_SUPPORT2, &f2,
                                              sizeof(f2)), S_OK);
    CHECK_EQ(f2.OutFormatSupport2, D3D11_FORMAT_SUPPORT2_UAV_TYPED_STORE);
    CHECK_EQ(d3d11_format_support2_bits(L101, DXGI_FORMAT_R32_UINT), 0);
    /* every claimed typed-UAV format can be stored (the VM's typed stores) */
    for (UINT f = 1; f < 120; f++)
        if (d3d11_format_support_bits(L110, (DXGI_FORMAT)f) & uav) {
            const struct texel_format *t = texel_format_get((core_format)f);
            CHECK(t && t->store && t->block_w == 1 && t->block_h == 1);
        }
    ID3D11Device_Release(dev);
}

/* cs_5_0 below 11_0 is refused (the API side at 11_0: test_d3d11_compute.c; cs_4_x at 10_x:
 * test_d3d11_cs4.c). */
TEST(fl11_0_compute_below_11_0)
{
    static const char cs[] = "cs_5_0\ndcl_uav_raw u0\ndcl_thread_group 8, 1, 1\n"
                             "store_raw u0.x, l(0), l(1)\nret\n";
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Device *dev10 = rd_profile_device("11_0", L101, &ctx);
    ID3D11ComputeShader *shader = (ID3D11ComputeShader *)(uintptr_t)1;
    void *blob = NULL;
    size_t n = 0;
    char err[128];
    CHECK_EQ(tpf_assemble(cs, strlen(cs), &blob, &n, err, sizeof(err)), 0);
    if (!dev10 || !blob)
        goto done;
    CHECK_HR(ID3D11Device_CreateComputeShader(dev10, blob, n, NULL, &shader), E_INVALIDARG);
    CHECK(shader == NULL);
    util_clear_last_message();
    ID3D11DeviceContext_Dispatch(ctx, 1, 1, 1);
    CHECK_STR_CONTAINS(LAST, "Dispatch: no compute shader is bound");
done:
    free(blob);
    if (ctx)
        ID3D11DeviceContext_Release(ctx);
    if (dev10)
        ID3D11Device_Release(dev10);
}
