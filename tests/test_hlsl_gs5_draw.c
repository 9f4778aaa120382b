/* tests/test_hlsl_gs5_draw.c — gs_5_0 instancing drawn (issue 11 item 5; D3D11.3 functional
 * spec 13.3 "GS Instancing"): an HLSL geometry shader with [instance(4)] reads
 * SV_GSInstanceID (dcl_gsinstances 4, vGSInstanceID), so every input triangle runs four
 * times, instance i moving it right by i/2 (NDC) and colouring it i/4.  The image equals the
 * four moved triangles drawn as a plain triangle list (the same positions, exactly
 * representable; the same colours), and the pipeline statistics count the GS invocations per
 * instance: IAPrimitives 2, GSInvocations 8, GSPrimitives 8.
 */
#include "test_render_util.h"

#include <stdlib.h>

#include "hlsl/hlsl.h"

#define W 16
#define H 16

static const char gs_src[] =
    "struct V { float4 pos : SV_Position; float4 attr : TEXCOORD0; };\n"
    "[maxvertexcount(3)] [instance(4)]\n"
    "void main(triangle V v[3], uint id : SV_GSInstanceID, inout TriangleStream<V> s)\n"
    "{\n"
    "    for (uint i = 0; i < 3; i++) {\n"
    "        V o;\n"
    "        o.pos = v[i].pos + float4(0.5 * id, 0, 0, 0);\n"
    "        o.attr = float4(0.25 * id, v[i].attr.y, 0, 1);\n"
    "        s.Append(o);\n"
    "    }\n"
    "}\n";

#define GS5_VS_POS                                                                                   \
    "vs_5_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"           \
    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"
#define GS5_PS_ATTR                                                                                  \
    "ps_5_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v1.xyzw\nret\n"

/* Two small triangles in the target's left quarter, one at the top (attr.y 1), one below
 * (attr.y 0.5). */
static const float tris[2][3][2] = {
    { { -1, 1 }, { -0.5f, 1 }, { -1, 0.5f } },
    { { -1, 0 }, { -0.5f, 0 }, { -0.75f, -0.75f } },
};

static void vertex(struct vtx *v, float x, float y, float col_x, float col_y)
{
    memset(v, 0, sizeof(*v));
    v->pos[0] = x;
    v->pos[1] = y;
    v->pos[3] = 1;
    v->attr[0] = col_x;
    v->attr[1] = col_y;
    v->attr[3] = 1;
}

TEST(hlsl_gs5_instances_drawn)
{
    struct hlsl_args a = {0};
    struct hlsl_result res;
    a.source = gs_src;
    a.size = strlen(gs_src);
    a.filename = "gs.hlsl";
    a.entry = "main";
    a.target = "gs_5_0";
    int ret = hlsl_compile(&a, &res);
    CHECK_EQ(ret, 0);
    if (ret) {
        harness_fail(__FILE__, __LINE__, "%s", res.messages ? res.messages : "");
        hlsl_result_free(&res);
        return;
    }
    CHECK_STR_CONTAINS(res.listing, "dcl_input vGSInstanceID\n");
    CHECK_STR_CONTAINS(res.listing, "dcl_gsinstances 4\n");
    struct rd r;
    if (!rd_begin_profile(&r, "11_0", D3D_FEATURE_LEVEL_11_0, W, H)) {
        rd_end(&r);
        hlsl_result_free(&res);
        return;
    }
    ID3D11GeometryShader *gs = NULL;
    CHECK_HR(ID3D11Device_CreateGeometryShader(r.dev, res.code, res.code_size, NULL, &gs), S_OK);
    hlsl_result_free(&res);
    ID3D11VertexShader *vs = rd_vs(r.dev, GS5_VS_POS);
    ID3D11PixelShader *ps = rd_ps(r.dev, GS5_PS_ATTR);
    ID3D11InputLayout *il = rd_layout(r.dev, rd_vtx_layout, 2, GS5_VS_POS);
    D3D11_RASTERIZER_DESC rsd = { D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE, FALSE,
                                  FALSE, FALSE };
    ID3D11RasterizerState *rs = NULL;
    CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &rsd, &rs), S_OK);
    ID3D11Query *q = NULL;
    D3D11_QUERY_DESC qd = { D3D11_QUERY_PIPELINE_STATISTICS, 0 };
    CHECK_HR(ID3D11Device_CreateQuery(r.dev, &qd, &q), S_OK);
    struct vtx in[6], ref[24];
    for (int t = 0; t < 2; t++)
        for (int k = 0; k < 3; k++) {
            float cy = t ? 0.5f : 1.0f;
            vertex(&in[3 * t + k], tris[t][k][0], tris[t][k][1], 0, cy);
            /* the GS's instances, in its order: per input triangle, instance 0..3 */
            for (int i = 0; i < 4; i++)
                vertex(&ref[12 * t + 3 * i + k], tris[t][k][0] + 0.5f * (float)i, tris[t][k][1],
                       0.25f * (float)i, cy);
        }
    ID3D11Buffer *vb_in = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, in, sizeof(in));
    ID3D11Buffer *vb_ref = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, ref, sizeof(ref));
    if (!gs || !vs || !ps || !il || !rs || !q || !vb_in || !vb_ref)
        goto done;
    ID3D11DeviceContext *c = r.ctx;
    UINT stride = sizeof(struct vtx), offset = 0;
    ID3D11DeviceContext_IASetInputLayout(c, il);
    ID3D11DeviceContext_IASetPrimitiveTopology(c, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(c, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(c, ps, NULL, 0);
    ID3D11DeviceContext_RSSetState(c, rs);
    uint8_t img[W * H * 4], want[W * H * 4];
    /* with the instanced GS */
    ID3D11DeviceContext_GSSetShader(c, gs, NULL, 0);
    ID3D11DeviceContext_IASetVertexBuffers(c, 0, 1, &vb_in, &stride, &offset);
    rd_clear(&r, 0, 0, 0, 0);
    D3D11_QUERY_DATA_PIPELINE_STATISTICS st;
    memset(&st, 0xcd, sizeof(st));
    ID3D11DeviceContext_Begin(c, (ID3D11Asynchronous *)q);
    ACCEPTED(ID3D11DeviceContext_Draw(c, 6, 0));
    ID3D11DeviceContext_End(c, (ID3D11Asynchronous *)q);
    CHECK_HR(ID3D11DeviceContext_GetData(c, (ID3D11Asynchronous *)q, &st, sizeof(st), 0), S_OK);
    rd_read(&r, img);
    CHECK_EQ(st.IAVertices, 6);
    CHECK_EQ(st.IAPrimitives, 2);
    CHECK_EQ(st.VSInvocations, 6);
    CHECK_EQ(st.GSInvocations, 8);   /* 2 primitives x 4 instances (13.3) */
    CHECK_EQ(st.GSPrimitives, 8);
    /* the reference: the moved triangles as a list */
    ID3D11DeviceContext_GSSetShader(c, NULL, NULL, 0);
    ID3D11DeviceContext_IASetVertexBuffers(c, 0, 1, &vb_ref, &stride, &offset);
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(c, 24, 0));
    rd_read(&r, want);
    CHECK(!memcmp(img, want, sizeof(img)));
    /* and it is not empty: instance 3's colour (0.75 -> 191) at the top right quarter */
    unsigned lit = 0, inst3 = 0;
    for (unsigned p = 0; p < W * H; p++) {
        lit += img[4 * p + 3] == 255;
        inst3 += img[4 * p + 3] == 255 && img[4 * p] == 191 && p % W >= 12;
    }
    CHECK(lit > 0 && inst3 > 0);
done:
    if (r.ctx)
        ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(vb_ref);
    RD_RELEASE(vb_in);
    RD_RELEASE(q);
    RD_RELEASE(rs);
    RD_RELEASE(il);
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    RD_RELEASE(gs);
    rd_end(&r);
}
