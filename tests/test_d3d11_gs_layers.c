/* tests/test_d3d11_gs_layers.c — layered rendering and viewport arrays at 10_0 (issue 11, item
 * 3): a geometry shader's SV_RenderTargetArrayIndex selects the slice of Texture2DArray, cube
 * and Texture3D render-target views and of a depth array, and its SV_ViewportArrayIndex the
 * viewport, scissor rectangle and depth range of each primitive (src/pipeline/geometry.c,
 * draw_route in draw.c).  Exact pixels; an index outside the views / the viewports set takes 0
 * (the D3D12_VIEW_INSTANCE_LOCATION page's rule for an index outside the array), the order of
 * the primitives within a slice is kept, and the value comes from the leading vertex.
 * tests/run-tests.sh runs this binary with the JIT on and off. */
#include "test_render_util.h"

#include <stdio.h>

static const D3D_FEATURE_LEVEL L100 = D3D_FEATURE_LEVEL_10_0;

/* v0 = (centre x, centre y, z, half-size), v1 = (r, g, b, index) passed on. */
#define LY_VS                                                                                    \
    "vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"           \
    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n"
#define LY_PS "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v1.xyzw\nret\n"

/* A point to a square (a 4-vertex strip) of its half-size around its centre, colour (r, g, b,
 * 1), and the index ftou(v1.w) in o2.x as the system value `sv` written at every vertex. */
#define LY_CORNER(sx, sy)                                                                        \
    "mad o0.xy, v[0][0].wwww, l(" #sx ", " #sy ", 0.0, 0.0), v[0][0].xyxx\nmov o0.z, v[0][0].z\n"   \
    "mov o0.w, l(1.0)\nmov o1.xyz, v[0][1].xyzx\nmov o1.w, l(1.0)\nftou o2.x, v[0][1].w\nemit\n"
#define LY_GS(sv)                                                                                \
    "gs_4_0\ndcl_input_siv v[1][0].xyzw, position\ndcl_input v[1][1].xyzw\n"                    \
    "dcl_inputprimitive point\ndcl_outputtopology trianglestrip\n"                              \
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_output_siv o2.x, " sv "\n"       \
    "dcl_maxout 4\n" LY_CORNER(-1.0, 1.0) LY_CORNER(1.0, 1.0) LY_CORNER(-1.0, -1.0) LY_CORNER(1.0, -1.0) "ret\n"

struct ly_scene {
    struct rd r;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps;
    ID3D11GeometryShader *gs;
    ID3D11InputLayout *il;
    ID3D11Buffer *vb;
};

static ID3D11GeometryShader *ly_gs(ID3D11Device *dev, const char *text)
{
    size_t n;
    void *blob = rd_assemble(text, &n);
    ID3D11GeometryShader *s = NULL;
    if (blob)
        CHECK_HR(ID3D11Device_CreateGeometryShader(dev, blob, n, NULL, &s), S_OK);
    free(blob);
    return s;
}

/* A 10_0 device, the points as a point list, the GS writing SV_ViewportArrayIndex or (viewport
 * false) SV_RenderTargetArrayIndex. */
static bool ly_begin(struct ly_scene *s, const struct vtx *v, UINT nv, bool viewport)
{
    UINT stride = sizeof(struct vtx), offset = 0;
    memset(s, 0, sizeof(*s));
    if (!rd_begin_profile(&s->r, "10_0", L100, 8, 8))
        return false;
    s->vs = rd_vs(s->r.dev, LY_VS);
    s->ps = rd_ps(s->r.dev, LY_PS);
    s->gs = ly_gs(s->r.dev, viewport ? LY_GS("viewport_array_index")
                                     : LY_GS("rendertarget_array_index"));
    s->il = rd_layout(s->r.dev, rd_vtx_layout, 2, LY_VS);
    s->vb = rd_buffer(s->r.dev, D3D11_BIND_VERTEX_BUFFER, v, nv * (UINT)sizeof(*v));
    ID3D11DeviceContext_IASetInputLayout(s->r.ctx, s->il);
    ID3D11DeviceContext_IASetVertexBuffers(s->r.ctx, 0, 1, &s->vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->r.ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D11DeviceContext_VSSetShader(s->r.ctx, s->vs, NULL, 0);
    ID3D11DeviceContext_GSSetShader(s->r.ctx, s->gs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(s->r.ctx, s->ps, NULL, 0);
    return s->vs && s->ps && s->gs && s->il && s->vb;
}

static void ly_end(struct ly_scene *s)
{
    if (s->r.ctx)
        ID3D11DeviceContext_ClearState(s->r.ctx);
    RD_RELEASE(s->vb);
    RD_RELEASE(s->il);
    RD_RELEASE(s->gs);
    RD_RELEASE(s->ps);
    RD_RELEASE(s->vs);
    rd_end(&s->r);
}

static ID3D11Texture2D *ly_array(ID3D11Device *dev, UINT slices, DXGI_FORMAT f, UINT bind,
                                 UINT misc)
{
    D3D11_TEXTURE2D_DESC d = { 8, 8, 1, slices, f, { 1, 0 }, D3D11_USAGE_DEFAULT, bind, 0, misc };
    ID3D11Texture2D *t = NULL;
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, &t), S_OK);
    return t;
}

/* Subresource `sub` (an 8x8 RGBA8 slice) through a staging copy. */
static void ly_read_slice(struct rd *r, ID3D11Texture2D *tex, UINT sub, uint8_t *out)
{
    D3D11_TEXTURE2D_DESC d = { 8, 8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0 };
    ID3D11Texture2D *st = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    memset(out, 0xcd, 8 * 8 * 4);
    CHECK_HR(ID3D11Device_CreateTexture2D(r->dev, &d, NULL, &st), S_OK);
    if (!st)
        return;
    ID3D11DeviceContext_CopySubresourceRegion(r->ctx, (ID3D11Resource *)st, 0, 0, 0, 0,
                                              (ID3D11Resource *)tex, sub, NULL);
    CHECK_HR(ID3D11DeviceContext_Map(r->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m),
             S_OK);
    if (m.pData)
        for (UINT y = 0; y < 8; y++)
            memcpy(out + y * 32, (const uint8_t *)m.pData + (size_t)y * m.RowPitch, 32);
    ID3D11DeviceContext_Unmap(r->ctx, (ID3D11Resource *)st, 0);
    RD_RELEASE(st);
}

/* Each pixel of an 8x8 image equals the colour of the rectangle list's last rectangle holding
 * it (x0, y0, x1, y1 half-open, colour index into `cols`), 0 outside every one. */
struct ly_rect {
    UINT x0, y0, x1, y1;
    uint8_t rgba[4];
};

static bool ly_image_is(const uint8_t *img, const struct ly_rect *rects, unsigned n)
{
    for (UINT y = 0; y < 8; y++)
        for (UINT x = 0; x < 8; x++) {
            uint8_t want[4] = { 0, 0, 0, 0 };
            for (unsigned k = 0; k < n; k++)
                if (x >= rects[k].x0 && x < rects[k].x1 && y >= rects[k].y0 && y < rects[k].y1)
                    memcpy(want, rects[k].rgba, 4);
            const uint8_t *p = img + (y * 8 + x) * 4;
            if (memcmp(p, want, 4)) {
                printf("  pixel (%u, %u) = %u %u %u %u, want %u %u %u %u\n", x, y, p[0], p[1],
                       p[2], p[3], want[0], want[1], want[2], want[3]);
                return false;
            }
        }
    return true;
}

#define RED { 255, 0, 0, 255 }
#define GREEN { 0, 255, 0, 255 }
#define BLUE { 0, 0, 255, 255 }

/* A 2x2-pixel square with its top-left pixel at (x, y) of an 8x8 target (NDC 0.25 a pixel). */
#define SQ(x, y, z) { -1.0f + 0.25f * ((x) + 1), 1.0f - 0.25f * ((y) + 1), z, 0.25f }

static const float zero4[4] = { 0, 0, 0, 0 };

static void ly_clear_slices(struct rd *r, ID3D11Texture2D *tex, UINT slices)
{
    for (UINT i = 0; i < slices; i++) {
        D3D11_RENDER_TARGET_VIEW_DESC d;
        memset(&d, 0, sizeof(d));
        d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
        d.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
        d.Texture2DArray.FirstArraySlice = i;
        d.Texture2DArray.ArraySize = 1;
        ID3D11RenderTargetView *v = NULL;
        CHECK_HR(ID3D11Device_CreateRenderTargetView(r->dev, (ID3D11Resource *)tex, &d, &v),
                 S_OK);
        if (v)
            ID3D11DeviceContext_ClearRenderTargetView(r->ctx, v, zero4);
        RD_RELEASE(v);
    }
}

/* Points to slices 0, 2, 7 (outside the 3-slice view: slice 0), 1, 1: slice 1's second square
 * covers its first (the order within a slice is kept while slices are drawn apart). */
TEST(gs_layers_texture2darray)
{
    static const struct vtx pts[] = {
        { SQ(0, 0, 0.5f), { 1, 0, 0, 0 } },
        { SQ(5, 5, 0.5f), { 0, 1, 0, 2 } },
        { SQ(5, 0, 0.5f), { 0, 0, 1, 7 } },
        { SQ(2, 2, 0.5f), { 1, 0, 0, 1 } },
        { SQ(3, 3, 0.5f), { 0, 1, 0, 1 } },
    };
    struct ly_scene s;
    if (!ly_begin(&s, pts, 5, false)) {
        ly_end(&s);
        return;
    }
    ID3D11Texture2D *tex = ly_array(s.r.dev, 3, DXGI_FORMAT_R8G8B8A8_UNORM,
                                    D3D11_BIND_RENDER_TARGET, 0);
    ID3D11RenderTargetView *rtv = NULL;
    if (tex)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(s.r.dev, (ID3D11Resource *)tex, NULL, &rtv),
                 S_OK);
    if (rtv) {
        ly_clear_slices(&s.r, tex, 3);
        ID3D11DeviceContext_OMSetRenderTargets(s.r.ctx, 1, &rtv, NULL);
        ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 5, 0));
        uint8_t img[8 * 8 * 4];
        const struct ly_rect s0[] = { { 0, 0, 2, 2, RED }, { 5, 0, 7, 2, BLUE } };
        const struct ly_rect s1[] = { { 2, 2, 4, 4, RED }, { 3, 3, 5, 5, GREEN } };
        const struct ly_rect s2[] = { { 5, 5, 7, 7, GREEN } };
        ly_read_slice(&s.r, tex, 0, img);
        CHECK(ly_image_is(img, s0, 2));
        ly_read_slice(&s.r, tex, 1, img);
        CHECK(ly_image_is(img, s1, 2));
        ly_read_slice(&s.r, tex, 2, img);
        CHECK(ly_image_is(img, s2, 1));
    }
    RD_RELEASE(rtv);
    RD_RELEASE(tex);
    ly_end(&s);
}

/* A view of slices 1..2 of a 4-slice array: index 0 is resource slice 1, index 1 slice 2; the
 * resource's slices 0 and 3 stay untouched. */
TEST(gs_layers_partial_view)
{
    static const struct vtx pts[] = {
        { SQ(0, 0, 0.5f), { 1, 0, 0, 0 } },
        { SQ(4, 4, 0.5f), { 0, 1, 0, 1 } },
        { SQ(6, 0, 0.5f), { 0, 0, 1, 2 } },   /* outside the 2-slice view: its slice 0 */
    };
    struct ly_scene s;
    if (!ly_begin(&s, pts, 3, false)) {
        ly_end(&s);
        return;
    }
    ID3D11Texture2D *tex = ly_array(s.r.dev, 4, DXGI_FORMAT_R8G8B8A8_UNORM,
                                    D3D11_BIND_RENDER_TARGET, 0);
    D3D11_RENDER_TARGET_VIEW_DESC d;
    memset(&d, 0, sizeof(d));
    d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    d.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
    d.Texture2DArray.FirstArraySlice = 1;
    d.Texture2DArray.ArraySize = 2;
    ID3D11RenderTargetView *rtv = NULL;
    if (tex)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(s.r.dev, (ID3D11Resource *)tex, &d, &rtv),
                 S_OK);
    if (rtv) {
        ly_clear_slices(&s.r, tex, 4);
        ID3D11DeviceContext_OMSetRenderTargets(s.r.ctx, 1, &rtv, NULL);
        ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 3, 0));
        uint8_t img[8 * 8 * 4];
        const struct ly_rect s1[] = { { 0, 0, 2, 2, RED }, { 6, 0, 8, 2, BLUE } };
        const struct ly_rect s2[] = { { 4, 4, 6, 6, GREEN } };
        ly_read_slice(&s.r, tex, 0, img);
        CHECK(ly_image_is(img, NULL, 0));
        ly_read_slice(&s.r, tex, 1, img);
        CHECK(ly_image_is(img, s1, 2));
        ly_read_slice(&s.r, tex, 2, img);
        CHECK(ly_image_is(img, s2, 1));
        ly_read_slice(&s.r, tex, 3, img);
        CHECK(ly_image_is(img, NULL, 0));
    }
    RD_RELEASE(rtv);
    RD_RELEASE(tex);
    ly_end(&s);
}

/* The six faces of a cube render target (a TEXTURE2DARRAY view of its 6 slices): face i gets
 * a square at column i. */
TEST(gs_layers_cube_faces)
{
    struct vtx pts[6];
    for (int i = 0; i < 6; i++)
        pts[i] = (struct vtx){ SQ(i, i, 0.5f), { (float)(i & 1), (float)((i >> 1) & 1),
                                                 (float)(i >> 2), (float)i } };
    struct ly_scene s;
    if (!ly_begin(&s, pts, 6, false)) {
        ly_end(&s);
        return;
    }
    ID3D11Texture2D *tex = ly_array(s.r.dev, 6, DXGI_FORMAT_R8G8B8A8_UNORM,
                                    D3D11_BIND_RENDER_TARGET, D3D11_RESOURCE_MISC_TEXTURECUBE);
    ID3D11RenderTargetView *rtv = NULL;
    if (tex)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(s.r.dev, (ID3D11Resource *)tex, NULL, &rtv),
                 S_OK);
    if (rtv) {
        ly_clear_slices(&s.r, tex, 6);
        ID3D11DeviceContext_OMSetRenderTargets(s.r.ctx, 1, &rtv, NULL);
        ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 6, 0));
        for (UINT i = 0; i < 6; i++) {
            uint8_t img[8 * 8 * 4];
            struct ly_rect want = { i, i, i + 2, i + 2,
                                    { (uint8_t)(i & 1 ? 255 : 0), (uint8_t)(i & 2 ? 255 : 0),
                                      (uint8_t)(i & 4 ? 255 : 0), 255 } };
            ly_read_slice(&s.r, tex, i, img);
            CHECK(ly_image_is(img, &want, 1));
        }
    }
    RD_RELEASE(rtv);
    RD_RELEASE(tex);
    ly_end(&s);
}

/* A depth array: slice 0 cleared to 1.0, slice 1 to 0.25; squares at z 0.5 pass the LESS test
 * in slice 0 only, so only colour slice 0 is written. */
TEST(gs_layers_depth_array)
{
    static const struct vtx pts[] = {
        { SQ(1, 1, 0.5f), { 1, 0, 0, 0 } },
        { SQ(4, 4, 0.5f), { 0, 1, 0, 1 } },
    };
    struct ly_scene s;
    if (!ly_begin(&s, pts, 2, false)) {
        ly_end(&s);
        return;
    }
    ID3D11Texture2D *tex = ly_array(s.r.dev, 2, DXGI_FORMAT_R8G8B8A8_UNORM,
                                    D3D11_BIND_RENDER_TARGET, 0);
    ID3D11Texture2D *depth = ly_array(s.r.dev, 2, DXGI_FORMAT_D32_FLOAT,
                                      D3D11_BIND_DEPTH_STENCIL, 0);
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11DepthStencilView *dsv = NULL, *dsv1 = NULL;
    if (tex && depth) {
        CHECK_HR(ID3D11Device_CreateRenderTargetView(s.r.dev, (ID3D11Resource *)tex, NULL, &rtv),
                 S_OK);
        CHECK_HR(ID3D11Device_CreateDepthStencilView(s.r.dev, (ID3D11Resource *)depth, NULL,
                                                     &dsv), S_OK);
        D3D11_DEPTH_STENCIL_VIEW_DESC d;
        memset(&d, 0, sizeof(d));
        d.Format = DXGI_FORMAT_D32_FLOAT;
        d.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DARRAY;
        d.Texture2DArray.FirstArraySlice = 1;
        d.Texture2DArray.ArraySize = 1;
        CHECK_HR(ID3D11Device_CreateDepthStencilView(s.r.dev, (ID3D11Resource *)depth, &d,
                                                     &dsv1), S_OK);
    }
    if (rtv && dsv && dsv1) {
        ly_clear_slices(&s.r, tex, 2);
        ID3D11DeviceContext_ClearDepthStencilView(s.r.ctx, dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
        ID3D11DeviceContext_ClearDepthStencilView(s.r.ctx, dsv1, D3D11_CLEAR_DEPTH, 0.25f, 0);
        ID3D11DeviceContext_OMSetRenderTargets(s.r.ctx, 1, &rtv, dsv);
        ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 2, 0));
        uint8_t img[8 * 8 * 4];
        const struct ly_rect s0[] = { { 1, 1, 3, 3, RED } };
        ly_read_slice(&s.r, tex, 0, img);
        CHECK(ly_image_is(img, s0, 1));
        ly_read_slice(&s.r, tex, 1, img);
        CHECK(ly_image_is(img, NULL, 0));
    }
    RD_RELEASE(dsv1);
    RD_RELEASE(dsv);
    RD_RELEASE(rtv);
    RD_RELEASE(depth);
    RD_RELEASE(tex);
    ly_end(&s);
}

/* A 3D render-target view of depth slices 1..2 of a 8x8x4 texture: index 0 writes slice 1,
 * index 1 slice 2, index 5 (outside WSize 2) slice 1; slices 0 and 3 keep their clear. */
TEST(gs_layers_texture3d)
{
    static const struct vtx pts[] = {
        { SQ(0, 0, 0.5f), { 1, 0, 0, 0 } },
        { SQ(6, 6, 0.5f), { 0, 1, 0, 1 } },
        { SQ(6, 0, 0.5f), { 0, 0, 1, 5 } },
    };
    struct ly_scene s;
    if (!ly_begin(&s, pts, 3, false)) {
        ly_end(&s);
        return;
    }
    D3D11_TEXTURE3D_DESC td = { 8, 8, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                                D3D11_BIND_RENDER_TARGET, 0, 0 };
    ID3D11Texture3D *tex = NULL, *st = NULL;
    CHECK_HR(ID3D11Device_CreateTexture3D(s.r.dev, &td, NULL, &tex), S_OK);
    D3D11_RENDER_TARGET_VIEW_DESC d;
    memset(&d, 0, sizeof(d));
    d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    d.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE3D;
    d.Texture3D.FirstWSlice = 1;
    d.Texture3D.WSize = 2;
    ID3D11RenderTargetView *rtv = NULL, *all = NULL;
    if (tex) {
        CHECK_HR(ID3D11Device_CreateRenderTargetView(s.r.dev, (ID3D11Resource *)tex, &d, &rtv),
                 S_OK);
        /* NULL description: mip 0, every depth slice (WSize -1) */
        CHECK_HR(ID3D11Device_CreateRenderTargetView(s.r.dev, (ID3D11Resource *)tex, NULL, &all),
                 S_OK);
    }
    if (rtv && all) {
        D3D11_RENDER_TARGET_VIEW_DESC got;
        ID3D11RenderTargetView_GetDesc(all, &got);
        CHECK_EQ(got.ViewDimension, D3D11_RTV_DIMENSION_TEXTURE3D);
        CHECK_EQ(got.Texture3D.FirstWSlice, 0);
        CHECK_EQ(got.Texture3D.WSize, 4);
        const float grey[4] = { 0.2f, 0.2f, 0.2f, 0.2f };
        ID3D11DeviceContext_ClearRenderTargetView(s.r.ctx, all, grey);   /* every slice */
        ID3D11DeviceContext_ClearRenderTargetView(s.r.ctx, rtv, zero4);  /* slices 1, 2 */
        ID3D11DeviceContext_OMSetRenderTargets(s.r.ctx, 1, &rtv, NULL);
        ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 3, 0));
        td.Usage = D3D11_USAGE_STAGING;
        td.BindFlags = 0;
        td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
        CHECK_HR(ID3D11Device_CreateTexture3D(s.r.dev, &td, NULL, &st), S_OK);
    }
    D3D11_MAPPED_SUBRESOURCE m;
    if (st) {
        ID3D11DeviceContext_CopyResource(s.r.ctx, (ID3D11Resource *)st, (ID3D11Resource *)tex);
        CHECK_HR(ID3D11DeviceContext_Map(s.r.ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m),
                 S_OK);
    }
    if (st && m.pData) {
        const struct ly_rect grey[] = { { 0, 0, 8, 8, { 51, 51, 51, 51 } } };
        const struct ly_rect w1[] = { { 0, 0, 2, 2, RED }, { 6, 0, 8, 2, BLUE } };
        const struct ly_rect w2[] = { { 6, 6, 8, 8, GREEN } };
        const struct ly_rect *want[4] = { grey, w1, w2, grey };
        const unsigned n[4] = { 1, 2, 1, 1 };
        for (UINT z = 0; z < 4; z++) {
            uint8_t img[8 * 8 * 4];
            for (UINT y = 0; y < 8; y++)
                memcpy(img + y * 32, (const uint8_t *)m.pData + z * m.DepthPitch + y * m.RowPitch,
                       32);
            CHECK(ly_image_is(img, want[z], n[z]));
        }
        ID3D11DeviceContext_Unmap(s.r.ctx, (ID3D11Resource *)st, 0);
    }
    RD_RELEASE(st);
    RD_RELEASE(all);
    RD_RELEASE(rtv);
    RD_RELEASE(tex);
    ly_end(&s);
}

/* Negative rules of 3D render-target views: FirstWSlice + WSize past the mip's depth, a mip
 * past the chain. */
TEST(gs_layers_texture3d_rules)
{
    struct rd r;
    if (!rd_begin_profile(&r, "10_0", L100, 4, 4)) {
        rd_end(&r);
        return;
    }
    D3D11_TEXTURE3D_DESC td = { 8, 8, 4, 2, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                                D3D11_BIND_RENDER_TARGET, 0, 0 };
    ID3D11Texture3D *tex = NULL;
    CHECK_HR(ID3D11Device_CreateTexture3D(r.dev, &td, NULL, &tex), S_OK);
    D3D11_RENDER_TARGET_VIEW_DESC d;
    memset(&d, 0, sizeof(d));
    d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    d.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE3D;
    ID3D11RenderTargetView *v = (ID3D11RenderTargetView *)1;
    if (tex) {
        d.Texture3D.FirstWSlice = 3;
        d.Texture3D.WSize = 2;   /* slices 3, 4 of 4 */
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)tex, &d, &v),
                 E_INVALIDARG);
        CHECK(v == NULL);
        CHECK(LAST[0] != 0);
        d.Texture3D.MipSlice = 1;   /* mip 1 has depth 2 */
        d.Texture3D.FirstWSlice = 1;
        d.Texture3D.WSize = 2;
        CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)tex, &d, &v),
                 E_INVALIDARG);
        d.Texture3D.WSize = (UINT)-1;   /* the rest of the mip: slice 1 */
        CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)tex, &d, &v), S_OK);
        if (v && v != (ID3D11RenderTargetView *)1) {
            D3D11_RENDER_TARGET_VIEW_DESC got;
            ID3D11RenderTargetView_GetDesc(v, &got);
            CHECK_EQ(got.Texture3D.WSize, 1);
            RD_RELEASE(v);
        }
        d.Texture3D.MipSlice = 2;
        d.Texture3D.FirstWSlice = 0;
        d.Texture3D.WSize = 1;
        CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)tex, &d, &v),
                 E_INVALIDARG);
        /* a 2D view dimension does not fit a 3D texture */
        d.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
        d.Texture2D.MipSlice = 0;
        CHECK_HR(ID3D11Device_CreateRenderTargetView(r.dev, (ID3D11Resource *)tex, &d, &v),
                 E_INVALIDARG);
    }
    RD_RELEASE(tex);
    rd_end(&r);
}

/* Viewport arrays: full-target squares (half-size 1) through viewport 1 (the right half), 9
 * (not set: viewport 0, the left half) and 2 (the top-left quarter), in that order. */
TEST(gs_viewport_array)
{
    static const struct vtx pts[] = {
        { { 0, 0, 0.5f, 1 }, { 1, 0, 0, 1 } },
        { { 0, 0, 0.5f, 1 }, { 0, 0, 1, 9 } },
        { { 0, 0, 0.5f, 1 }, { 0, 1, 0, 2 } },
    };
    struct ly_scene s;
    if (!ly_begin(&s, pts, 3, true)) {
        ly_end(&s);
        return;
    }
    const D3D11_VIEWPORT vps[3] = { { 0, 0, 4, 8, 0, 1 }, { 4, 0, 4, 8, 0, 1 },
                                    { 0, 0, 4, 4, 0, 1 } };
    ID3D11DeviceContext_RSSetViewports(s.r.ctx, 3, vps);
    ID3D11DeviceContext_OMSetRenderTargets(s.r.ctx, 1, &s.r.rtv, NULL);
    uint8_t img[8 * 8 * 4];
    rd_clear(&s.r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 3, 0));
    rd_read(&s.r, img);
    const struct ly_rect want[] = { { 4, 0, 8, 8, RED }, { 0, 0, 4, 8, BLUE },
                                    { 0, 0, 4, 4, GREEN } };
    CHECK(ly_image_is(img, want, 3));

    /* With ScissorEnable each viewport takes its scissor rectangle: rect 1 keeps columns 4..5
     * of the right half; rect 2 is not set (empty): the green square is gone. */
    D3D11_RASTERIZER_DESC rd = { D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE, TRUE,
                                 FALSE, FALSE };
    ID3D11RasterizerState *rs = NULL;
    CHECK_HR(ID3D11Device_CreateRasterizerState(s.r.dev, &rd, &rs), S_OK);
    const D3D11_RECT sc[2] = { { 0, 0, 8, 8 }, { 4, 0, 6, 8 } };
    ID3D11DeviceContext_RSSetScissorRects(s.r.ctx, 2, sc);
    ID3D11DeviceContext_RSSetState(s.r.ctx, rs);
    rd_clear(&s.r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 3, 0));
    rd_read(&s.r, img);
    const struct ly_rect want_sc[] = { { 4, 0, 6, 8, RED }, { 0, 0, 4, 8, BLUE } };
    CHECK(ly_image_is(img, want_sc, 2));

    /* One viewport set: every index is out of range, everything goes through viewport 0 (the
     * left half) and the later squares cover the earlier. */
    ID3D11DeviceContext_RSSetState(s.r.ctx, NULL);
    ID3D11DeviceContext_RSSetViewports(s.r.ctx, 1, vps);
    rd_clear(&s.r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 3, 0));
    rd_read(&s.r, img);
    const struct ly_rect want_one[] = { { 0, 0, 4, 8, GREEN } };
    CHECK(ly_image_is(img, want_one, 1));
    RD_RELEASE(rs);
    ly_end(&s);
}

/* Each viewport's depth range: viewport 1 (the right half) maps every depth to 0.25 (MinDepth
 * = MaxDepth), so its green square passes LESS against a 0.3 clear; viewport 0's red square
 * (z 0.5) then fails everywhere, and its blue one (z 0.28) passes on the left only (0.28 >
 * the 0.25 the green square wrote). */
TEST(gs_viewport_depth_range)
{
    static const struct vtx pts[] = {
        { { 0, 0, 0.5f, 1 }, { 0, 1, 0, 1 } },
        { { 0, 0, 0.5f, 1 }, { 1, 0, 0, 0 } },
        { { 0, 0, 0.28f, 1 }, { 0, 0, 1, 0 } },
    };
    struct ly_scene s;
    if (!ly_begin(&s, pts, 3, true)) {
        ly_end(&s);
        return;
    }
    const D3D11_VIEWPORT vps[2] = { { 0, 0, 8, 8, 0, 1 }, { 4, 0, 4, 8, 0.25f, 0.25f } };
    ID3D11Texture2D *depth = rd_texture(s.r.dev, 8, 8, DXGI_FORMAT_D32_FLOAT,
                                        D3D11_BIND_DEPTH_STENCIL, NULL, 0);
    ID3D11DepthStencilView *dsv = NULL;
    if (depth)
        CHECK_HR(ID3D11Device_CreateDepthStencilView(s.r.dev, (ID3D11Resource *)depth, NULL,
                                                     &dsv), S_OK);
    if (dsv) {
        ID3D11DeviceContext_RSSetViewports(s.r.ctx, 2, vps);
        ID3D11DeviceContext_OMSetRenderTargets(s.r.ctx, 1, &s.r.rtv, dsv);
        ID3D11DeviceContext_ClearDepthStencilView(s.r.ctx, dsv, D3D11_CLEAR_DEPTH, 0.3f, 0);
        rd_clear(&s.r, 0, 0, 0, 0);
        ACCEPTED(ID3D11DeviceContext_Draw(s.r.ctx, 3, 0));
        uint8_t img[8 * 8 * 4];
        rd_read(&s.r, img);
        const struct ly_rect want[] = { { 4, 0, 8, 8, GREEN }, { 0, 0, 4, 8, BLUE } };
        CHECK(ly_image_is(img, want, 2));
    }
    RD_RELEASE(dsv);
    RD_RELEASE(depth);
    ly_end(&s);
}
