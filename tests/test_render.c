/* tests/test_render.c — the Direct3D 11 draw path at 9_x, pixel for pixel: clears and constant
 * colours, attribute interpolation (perspective, noperspective, constant), system values,
 * textures with point and linear filtering, depth, blending, scissor, culling, wireframe,
 * discard and signature linkage.  Every expectation is computed from the D3D11.3 functional
 * specification's rules (section numbers in the comments) with values chosen so that no
 * rounding tie can occur: the bytes must match exactly. */
#include "test_render_util.h"

/* Six vertices: a rectangle in pixels [x0, x1) x [y0, y1) of a w x h viewport, two clockwise
 * triangles, one attribute for all.  Pixel edges map to NDC exactly (x * 2 / w - 1). */
static void rect_px(struct vtx *v, float w, float h, float x0, float y0, float x1, float y1,
                    float z, const float *attr)
{
    float l = x0 * 2.0f / w - 1.0f, r = x1 * 2.0f / w - 1.0f;
    float t = 1.0f - y0 * 2.0f / h, b = 1.0f - y1 * 2.0f / h;
    rd_quad(v, z, attr, attr, attr, attr);
    for (int i = 0; i < 6; i++) {
        v[i].pos[0] = v[i].pos[0] < 0 ? l : r;
        v[i].pos[1] = v[i].pos[1] > 0 ? t : b;
    }
}

static bool pixel_is(const uint8_t *p, uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
    return p[0] == r && p[1] == g && p[2] == b && p[3] == a;
}

/* Every pixel of the image equals (r, g, b, a); returns the number that do not. */
static unsigned count_not(const struct rd *rd, const uint8_t *img, uint8_t r, uint8_t g,
                          uint8_t b, uint8_t a)
{
    unsigned bad = 0;
    for (UINT i = 0; i < rd->w * rd->h; i++)
        bad += !pixel_is(img + 4 * i, r, g, b, a);
    return bad;
}

/* ---- clear and constant colour ------------------------------------------------------------ */

TEST(render_clear_then_constant_colour_every_pixel)
{
    static const char ps_text[] = L9_PS_91 "ps_4_0_level_9_1\ndcl_output o0.xyzw\n"
                                  "mov o0.xyzw, l(0.2, 0.4, 0.6, 1.0)\nret\n";
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float zero[4] = { 0, 0, 0, 0 };
    uint8_t img[64 * 48 * 4];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 64, 48);
    rd_clear(&r, 1.0f, 0.0f, 0.5f, 1.0f);
    rd_read(&r, img);
    CHECK_EQ(count_not(&r, img, 255, 0, 128, 255), 0);

    rd_quad(v, 0.5f, zero, zero, zero, zero);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, ps_text, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    util_clear_last_message();
    ID3D11DeviceContext_Draw(r.ctx, 6, 0);
    CHECK_EQ(LAST[0], 0);
    rd_read(&r, img);
    /* 0.2, 0.4, 0.6 -> round(x * 255) = 51, 102, 153 (3.2.3.6) */
    CHECK_EQ(count_not(&r, img, 51, 102, 153, 255), 0);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* ---- interpolation (16.4) ------------------------------------------------------------------ */

TEST(render_interpolation_linear_exact_bytes)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float tl[4] = { 0, 0, 0, 1 }, tr[4] = { 1, 0, 0, 1 }, bl[4] = { 0, 1, 0, 1 },
                       br[4] = { 1, 1, 0, 1 };
    uint8_t img[8 * 4 * 4];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 8, 4);
    rd_quad(v, 0.0f, tl, tr, bl, br);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_Draw(r.ctx, 6, 0);
    rd_read(&r, img);
    /* The attribute is affine on screen: red = u = (x + 0.5) / 8 at the pixel centre (3.3.1),
     * green = (y + 0.5) / 4; the nearest bytes are 16, 48, 80, ... and 32, 96, 159, 223. */
    for (UINT y = 0; y < 4; y++)
        for (UINT x = 0; x < 8; x++) {
            const uint8_t *px = RD_PIXEL(img, &r, x, y);
            CHECK_EQ(px[0], rd_unorm8((x + 0.5) / 8.0));
            CHECK_EQ(px[1], rd_unorm8((y + 0.5) / 4.0));
            CHECK_EQ(px[2], 0);
            CHECK_EQ(px[3], 255);
        }
    rd_pipe_end(&p);
    rd_end(&r);
}

/* A triangle whose vertices have w = 1, 2, 4: perspective-correct interpolation (16.4) is
 * (sum b_i a_i / w_i) / (sum b_i / w_i) with b the screen barycentrics of the pixel centre. */
TEST(render_interpolation_perspective_correct)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[3];
    static const float sx[3] = { -1.0f, 1.0f, -1.0f }, sy[3] = { 1.0f, 1.0f, -1.0f };
    static const float w[3] = { 1.0f, 2.0f, 4.0f }, a[3] = { 0.0f, 1.0f, 0.5f };
    uint8_t img[16 * 16 * 4];
    unsigned checked = 0;
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 16, 16);
    memset(v, 0, sizeof(v));
    for (int i = 0; i < 3; i++) {
        v[i].pos[0] = sx[i] * w[i];
        v[i].pos[1] = sy[i] * w[i];
        v[i].pos[2] = 0.0f;
        v[i].pos[3] = w[i];
        v[i].attr[0] = a[i];
        v[i].attr[3] = 1.0f;
    }
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 3, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_Draw(r.ctx, 3, 0);
    rd_read(&r, img);
    /* screen: v0 (0, 0), v1 (16, 0), v2 (0, 16); centre (x+.5, y+.5) inside when x + y < 15 */
    for (UINT y = 0; y < 16; y++)
        for (UINT x = 0; x < 16; x++) {
            double px = x + 0.5, py = y + 0.5;
            double b1 = px / 16.0, b2 = py / 16.0, b0 = 1.0 - b1 - b2;
            if (b0 <= 0.0)
                continue;
            double num = b0 * a[0] / w[0] + b1 * a[1] / w[1] + b2 * a[2] / w[2];
            double den = b0 / w[0] + b1 / w[1] + b2 / w[2];
            double e = num / den * 255.0;
            if (fabs(e - floor(e) - 0.5) < 0.02)
                continue;   /* too close to a rounding tie for float32 arithmetic */
            CHECK_EQ(RD_PIXEL(img, &r, x, y)[0], rd_unorm8(num / den));
            checked++;
        }
    CHECK(checked > 90);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* SV_Position.w in the pixel shader is the clip-space w, interpolated perspective-correctly:
 * 1 / (sum b_i / w_i) — not inverted as GLSL's gl_FragCoord.w (pixel.c). */
TEST(render_sv_position_w_is_clip_w)
{
    static const char ps_text[] =
        L9_PS_91 "ps_4_0_level_9_1\ndcl_input_ps_siv linear noperspective v0.xyzw, position\n"
        "dcl_output o0.xyzw\nmul o0.x, v0.w, l(0.25)\nmov o0.yzw, l(0, 0, 0, 1.0)\nret\n";
    struct rd r;
    struct rd_pipe p;
    struct vtx v[3];
    static const float sx[3] = { -1.0f, 1.0f, -1.0f }, sy[3] = { 1.0f, 1.0f, -1.0f };
    static const float w[3] = { 1.0f, 2.0f, 4.0f };
    uint8_t img[16 * 16 * 4];
    unsigned checked = 0;
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 16, 16);
    memset(v, 0, sizeof(v));
    for (int i = 0; i < 3; i++) {
        v[i].pos[0] = sx[i] * w[i];
        v[i].pos[1] = sy[i] * w[i];
        v[i].pos[3] = w[i];
    }
    rd_pipe_begin(&r, &p, VS_POS_ATTR, ps_text, v, 3, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_Draw(r.ctx, 3, 0);
    rd_read(&r, img);
    for (UINT y = 0; y < 16; y++)
        for (UINT x = 0; x + y < 15; x++) {
            double b1 = (x + 0.5) / 16.0, b2 = (y + 0.5) / 16.0, b0 = 1.0 - b1 - b2;
            double clip_w = 1.0 / (b0 / w[0] + b1 / w[1] + b2 / w[2]);
            double e = clip_w * 0.25 * 255.0;
            if (fabs(e - floor(e) - 0.5) < 0.02)
                continue;
            CHECK_EQ(RD_PIXEL(img, &r, x, y)[0], rd_unorm8(clip_w * 0.25));
            checked++;
        }
    CHECK(checked > 90);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* Constant (leading vertex, 8.14) and noperspective (screen-linear) inputs. */
TEST(render_interpolation_constant_and_noperspective)
{
    static const char vs_text[] =
        L9_VS_91 "vs_4_0_level_9_1\ndcl_input v0.xyzw\ndcl_input v1.xyzw\n"
        "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_output o2.xyzw\n"
        "mov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nmov o2.xyzw, v1.xyzw\nret\n";
    static const char ps_text[] =
        L9_PS_91 "ps_4_0_level_9_1\ndcl_input_ps constant v0.x\n"
        "dcl_input_ps linear noperspective v1.y\ndcl_output o0.xyzw\n"
        "mov o0.x, v0.x\nmov o0.y, v1.y\nmov o0.zw, l(0, 0, 0, 1.0)\nret\n";
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float tl[4] = { 0.2f, 0, 0, 0 }, tr[4] = { 0.4f, 1, 0, 0 },
                       bl[4] = { 0.6f, 0, 0, 0 }, br[4] = { 0.8f, 1, 0, 0 };
    uint8_t img[8 * 8 * 4];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 8, 8);
    rd_quad(v, 0.0f, tl, tr, bl, br);
    /* w = 4 on the right: the same screen positions, but perspective would bend .y */
    for (int i = 0; i < 6; i++)
        if (v[i].pos[0] > 0)
            for (int c = 0; c < 4; c++)
                v[i].pos[c] *= 4.0f;
    rd_pipe_begin(&r, &p, vs_text, ps_text, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_Draw(r.ctx, 6, 0);
    rd_read(&r, img);
    for (UINT y = 0; y < 8; y++)
        for (UINT x = 0; x < 8; x++) {
            const uint8_t *px = RD_PIXEL(img, &r, x, y);
            /* triangle (TL, TR, BL) leads with TL (0.2), triangle (BL, TR, BR) with BL (0.6);
             * centres on the shared diagonal x + y = 7 go by the top-left rule: skipped */
            if (x + y < 7)
                CHECK_EQ(px[0], 51);
            else if (x + y > 7)
                CHECK_EQ(px[0], 153);
            CHECK_EQ(px[1], rd_unorm8((x + 0.5) / 8.0));
        }
    rd_pipe_end(&p);
    rd_end(&r);
}

/* SV_Position: the pixel centre (x + 0.5, y + 0.5), and SV_IsFrontFace. */
TEST(render_sv_position_and_front_face)
{
    static const char ps_pos[] =
        L9_PS_91 "ps_4_0_level_9_1\ndcl_input_ps_siv linear noperspective v0.xy, position\n"
        "dcl_output o0.xyzw\nmul o0.xy, v0.xyxx, l(0.0625, 0.03125, 0, 0)\n"
        "mov o0.zw, l(0, 0, 0, 1.0)\nret\n";
    static const char ps_face[] =
        L9_PS_91 "ps_4_0_level_9_1\ndcl_input_ps_sgv constant v0.x, is_front_face\n"
        "dcl_output o0.xyzw\nmovc o0.xyzw, v0.xxxx, l(1.0, 0, 0, 1.0), l(0, 1.0, 0, 1.0)\n"
        "ret\n";
    static const D3D11_RASTERIZER_DESC no_cull = { D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0,
                                                   0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float zero[4] = { 0, 0, 0, 0 };
    uint8_t img[16 * 32 * 4];
    ID3D11RasterizerState *rs = NULL;
    ID3D11PixelShader *face;
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 16, 32);
    rd_quad(v, 0.0f, zero, zero, zero, zero);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, ps_pos, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_Draw(r.ctx, 6, 0);
    rd_read(&r, img);
    for (UINT y = 0; y < 32; y++)
        for (UINT x = 0; x < 16; x++) {
            CHECK_EQ(RD_PIXEL(img, &r, x, y)[0], rd_unorm8((x + 0.5) / 16.0));
            CHECK_EQ(RD_PIXEL(img, &r, x, y)[1], rd_unorm8((y + 0.5) / 32.0));
        }

    /* front (clockwise) quad on the left half, back (counter-clockwise) on the right */
    face = rd_ps(r.dev, ps_face);
    CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &no_cull, &rs), S_OK);
    ID3D11DeviceContext_RSSetState(r.ctx, rs);
    ID3D11DeviceContext_PSSetShader(r.ctx, face, NULL, 0);
    struct vtx both[12];
    rect_px(both, 16, 32, 0, 0, 8, 32, 0.0f, zero);
    rect_px(both + 6, 16, 32, 8, 0, 16, 32, 0.0f, zero);
    for (int i = 6; i < 12; i += 3) {
        struct vtx t = both[i + 1];
        both[i + 1] = both[i + 2];
        both[i + 2] = t;
    }
    ID3D11Buffer *vb = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, both, sizeof(both));
    UINT stride = sizeof(struct vtx), offset = 0;
    ID3D11DeviceContext_IASetVertexBuffers(r.ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_Draw(r.ctx, 12, 0);
    rd_read(&r, img);
    CHECK(pixel_is(RD_PIXEL(img, &r, 3, 5), 255, 0, 0, 255));
    CHECK(pixel_is(RD_PIXEL(img, &r, 12, 20), 0, 255, 0, 255));
    RD_RELEASE(vb);
    RD_RELEASE(rs);
    RD_RELEASE(face);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* Inputs and outputs pair up by semantic, not by register (signature linkage). */
TEST(render_linkage_by_semantic_name)
{
    static const char vs_text[] =
        "// Input signature:\n//\n"
        "// Name                 Index   Mask Register SysValue  Format   Used\n"
        "// -------------------- ----- ------ -------- -------- ------- ------\n"
        "// POSITION                 0   xyzw        0     NONE   float   xyzw\n"
        "// COLOR                    0   xyzw        1     NONE   float   xyzw\n//\n"
        "// Output signature:\n//\n"
        "// Name                 Index   Mask Register SysValue  Format   Used\n"
        "// -------------------- ----- ------ -------- -------- ------- ------\n"
        "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
        "// COLOR                    0   xyzw        1     NONE   float   xyzw\n"
        "// TEXCOORD                 0   xyzw        2     NONE   float   xyzw\n//\n"
        L9_VS_91 "vs_4_0_level_9_1\ndcl_input v0.xyzw\ndcl_input v1.xyzw\n"
        "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_output o2.xyzw\n"
        "mov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nmov o2.xyzw, l(0.9, 0.9, 0.9, 0.9)\nret\n";
    static const char ps_text[] =
        "// Input signature:\n//\n"
        "// Name                 Index   Mask Register SysValue  Format   Used\n"
        "// -------------------- ----- ------ -------- -------- ------- ------\n"
        "// TEXCOORD                 0   xyzw        0     NONE   float   xyzw\n"
        "// COLOR                    0   xyzw        1     NONE   float   xyzw\n//\n"
        "// Output signature:\n//\n"
        "// Name                 Index   Mask Register SysValue  Format   Used\n"
        "// -------------------- ----- ------ -------- -------- ------- ------\n"
        "// SV_Target                0   xyzw        0   TARGET   float   xyzw\n//\n"
        L9_PS_91 "ps_4_0_level_9_1\ndcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\n"
        "dcl_output o0.xyzw\nmov o0.xyzw, v1.xyzw\nret\n";
    static const D3D11_INPUT_ELEMENT_DESC layout[] = {
        { "POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0 },
        { "COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0 },
    };
    struct rd r;
    struct vtx v[6];
    static const float c[4] = { 0.2f, 0.4f, 0.6f, 0.8f };
    uint8_t img[8 * 8 * 4];
    UINT stride = sizeof(struct vtx), offset = 0;
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 8, 8);
    rd_quad(v, 0.0f, c, c, c, c);
    ID3D11VertexShader *vs = rd_vs(r.dev, vs_text);
    ID3D11PixelShader *ps = rd_ps(r.dev, ps_text);
    ID3D11InputLayout *il = rd_layout(r.dev, layout, 2, vs_text);
    ID3D11Buffer *vb = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, v, sizeof(v));
    ID3D11DeviceContext_IASetInputLayout(r.ctx, il);
    ID3D11DeviceContext_IASetVertexBuffers(r.ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(r.ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
    ID3D11DeviceContext_Draw(r.ctx, 6, 0);
    rd_read(&r, img);
    CHECK_EQ(count_not(&r, img, 51, 102, 153, 204), 0);
    RD_RELEASE(vb);
    RD_RELEASE(il);
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    rd_end(&r);
}

/* ---- textures ------------------------------------------------------------------------------ */

static ID3D11SamplerState *sampler(ID3D11Device *dev, D3D11_FILTER filter)
{
    D3D11_SAMPLER_DESC d;
    ID3D11SamplerState *s = NULL;
    memset(&d, 0, sizeof(d));
    d.Filter = filter;
    d.AddressU = d.AddressV = d.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
    d.MaxAnisotropy = 1;
    d.ComparisonFunc = D3D11_COMPARISON_NEVER;
    d.MaxLOD = FLT_MAX;
    CHECK_HR(ID3D11Device_CreateSamplerState(dev, &d, &s), S_OK);
    return s;
}

/* Draws the target-covering quad with uv (0, 0) top-left to (1, 1) bottom-right through
 * PS_TEX with texture `tex`. */
static void draw_textured(struct rd *r, ID3D11Texture2D *tex, D3D11_FILTER filter)
{
    static const float tl[4] = { 0, 0, 0, 0 }, tr[4] = { 1, 0, 0, 0 }, bl[4] = { 0, 1, 0, 0 },
                       br[4] = { 1, 1, 0, 0 };
    struct rd_pipe p;
    struct vtx v[6];
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *s = sampler(r->dev, filter);
    CHECK_HR(ID3D11Device_CreateShaderResourceView(r->dev, (ID3D11Resource *)tex, NULL, &srv),
             S_OK);
    rd_quad(v, 0.0f, tl, tr, bl, br);
    rd_pipe_begin(r, &p, VS_POS_ATTR, PS_TEX, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_PSSetShaderResources(r->ctx, 0, 1, &srv);
    ID3D11DeviceContext_PSSetSamplers(r->ctx, 0, 1, &s);
    util_clear_last_message();
    ID3D11DeviceContext_Draw(r->ctx, 6, 0);
    CHECK_EQ(LAST[0], 0);
    ID3D11DeviceContext_ClearState(r->ctx);
    ID3D11DeviceContext_OMSetRenderTargets(r->ctx, 1, &r->rtv, NULL);
    rd_viewport(r->ctx, 0.0f, 0.0f, (float)r->w, (float)r->h);
    RD_RELEASE(s);
    RD_RELEASE(srv);
    rd_pipe_end(&p);
}

TEST(render_texture_point_sampling_exact_texels)
{
    struct rd r;
    uint8_t texels[4 * 4 * 4], img[8 * 8 * 4];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 8, 8);
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 4; i++) {
            uint8_t *t = &texels[(j * 4 + i) * 4];
            t[0] = (uint8_t)(i * 60 + 10);
            t[1] = (uint8_t)(j * 60 + 20);
            t[2] = (uint8_t)(i * 16 + j);
            t[3] = 255;
        }
    ID3D11Texture2D *tex = rd_texture(r.dev, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM,
                                      D3D11_BIND_SHADER_RESOURCE, texels, 16);
    draw_textured(&r, tex, D3D11_FILTER_MIN_MAG_MIP_POINT);
    rd_read(&r, img);
    /* pixel centre u = (x + 0.5) / 8 lands in texel floor(u * 4) = x / 2 (7.18.7) */
    for (UINT y = 0; y < 8; y++)
        for (UINT x = 0; x < 8; x++)
            CHECK(!memcmp(RD_PIXEL(img, &r, x, y), &texels[((y / 2) * 4 + x / 2) * 4], 4));
    RD_RELEASE(tex);
    rd_end(&r);
}

TEST(render_texture_linear_filtering_closed_form)
{
    struct rd r;
    static const uint8_t texels[2 * 4] = { 0, 0, 0, 255, 255, 0, 0, 255 };
    uint8_t img[8 * 2 * 4];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 8, 2);
    ID3D11Texture2D *tex = rd_texture(r.dev, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                      D3D11_BIND_SHADER_RESOURCE, texels, 8);
    draw_textured(&r, tex, D3D11_FILTER_MIN_MAG_MIP_LINEAR);
    rd_read(&r, img);
    /* 7.18.8: texel-space u' = u * 2 - 0.5 = (x + 0.5) / 4 - 0.5; red = (1 - f) T[i] + f T[i+1]
     * with i = floor(u'), f = u' - i, T clamped to [0, 1]: 0, 0, .125, .375, .625, .875, 1, 1 */
    for (UINT y = 0; y < 2; y++)
        for (UINT x = 0; x < 8; x++) {
            double u = (x + 0.5) / 4.0 - 0.5, i = floor(u), f = u - i;
            double t0 = i < 0 ? 0.0 : (i >= 1 ? 1.0 : 0.0);
            double t1 = i + 1 < 0 ? 0.0 : (i + 1 >= 1 ? 1.0 : 0.0);
            CHECK_EQ(RD_PIXEL(img, &r, x, y)[0], rd_unorm8((1 - f) * t0 + f * t1));
            CHECK_EQ(RD_PIXEL(img, &r, x, y)[3], 255);
        }
    RD_RELEASE(tex);
    rd_end(&r);
}

/* ---- output merger ------------------------------------------------------------------------- */

static void depth_case(D3D11_COMPARISON_FUNC func, float clear, uint8_t left_red,
                       uint8_t left_green)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[18];
    static const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 }, blue[4] = { 0, 0, 1, 1 };
    uint8_t img[16 * 16 * 4];
    ID3D11Texture2D *dt = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    ID3D11DepthStencilState *dss = NULL;
    D3D11_DEPTH_STENCIL_DESC dd;
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 16, 16);
    dt = rd_texture(r.dev, 16, 16, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL, NULL,
                    0);
    CHECK_HR(ID3D11Device_CreateDepthStencilView(r.dev, (ID3D11Resource *)dt, NULL, &dsv), S_OK);
    memset(&dd, 0, sizeof(dd));
    dd.DepthEnable = TRUE;
    dd.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
    dd.DepthFunc = func;
    dd.StencilReadMask = dd.StencilWriteMask = 0xff;
    dd.FrontFace.StencilFailOp = dd.FrontFace.StencilDepthFailOp = D3D11_STENCIL_OP_KEEP;
    dd.FrontFace.StencilPassOp = D3D11_STENCIL_OP_KEEP;
    dd.FrontFace.StencilFunc = D3D11_COMPARISON_ALWAYS;
    dd.BackFace = dd.FrontFace;
    CHECK_HR(ID3D11Device_CreateDepthStencilState(r.dev, &dd, &dss), S_OK);
    ID3D11DeviceContext_OMSetRenderTargets(r.ctx, 1, &r.rtv, dsv);
    ID3D11DeviceContext_OMSetDepthStencilState(r.ctx, dss, 0);
    ID3D11DeviceContext_ClearDepthStencilView(r.ctx, dsv, D3D11_CLEAR_DEPTH, clear, 0);
    rd_clear(&r, 0, 0, 0, 0);
    /* red everywhere at z 0.5, then green on the left half at z 0.25 (nearer), then blue on
     * the right half at z 0.75 (farther) */
    rect_px(v, 16, 16, 0, 0, 16, 16, 0.5f, red);
    rect_px(v + 6, 16, 16, 0, 0, 8, 16, 0.25f, green);
    rect_px(v + 12, 16, 16, 8, 0, 16, 16, 0.75f, blue);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 18, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_Draw(r.ctx, 18, 0);
    rd_read(&r, img);
    bool less = func == D3D11_COMPARISON_LESS;
    for (UINT y = 0; y < 16; y++) {
        CHECK(pixel_is(RD_PIXEL(img, &r, 3, y), left_red, left_green, 0, 255));
        /* LESS: red (0.5) beats blue (0.75); GREATER: blue wins */
        CHECK(pixel_is(RD_PIXEL(img, &r, 12, y), less ? 255 : 0, 0, less ? 0 : 255, 255));
    }
    RD_RELEASE(dss);
    RD_RELEASE(dsv);
    RD_RELEASE(dt);
    rd_pipe_end(&p);
    rd_end(&r);
}

TEST(render_depth_less_nearer_wins)
{
    depth_case(D3D11_COMPARISON_LESS, 1.0f, 0, 255);
}

TEST(render_depth_greater_farther_wins)
{
    depth_case(D3D11_COMPARISON_GREATER, 0.0f, 255, 0);
}

TEST(render_blend_src_alpha_inv_src_alpha_exact)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float c[4] = { 1.0f, 0.0f, 0.0f, 0.25f };
    uint8_t img[8 * 8 * 4];
    D3D11_BLEND_DESC bd;
    ID3D11BlendState *bs = NULL;
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 8, 8);
    memset(&bd, 0, sizeof(bd));
    for (int i = 0; i < 8; i++) {
        bd.RenderTarget[i].BlendEnable = TRUE;
        bd.RenderTarget[i].SrcBlend = D3D11_BLEND_SRC_ALPHA;
        bd.RenderTarget[i].DestBlend = D3D11_BLEND_INV_SRC_ALPHA;
        bd.RenderTarget[i].BlendOp = D3D11_BLEND_OP_ADD;
        bd.RenderTarget[i].SrcBlendAlpha = D3D11_BLEND_ONE;
        bd.RenderTarget[i].DestBlendAlpha = D3D11_BLEND_ZERO;
        bd.RenderTarget[i].BlendOpAlpha = D3D11_BLEND_OP_ADD;
        bd.RenderTarget[i].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    }
    CHECK_HR(ID3D11Device_CreateBlendState(r.dev, &bd, &bs), S_OK);
    ID3D11DeviceContext_OMSetBlendState(r.ctx, bs, NULL, 0xffffffff);
    rd_clear(&r, 0.0f, 0.0f, 1.0f, 1.0f);
    rd_quad(v, 0.0f, c, c, c, c);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_Draw(r.ctx, 6, 0);
    rd_read(&r, img);
    /* 17.1: rgb = src * 0.25 + dst * 0.75 = (0.25, 0, 0.75); alpha = 0.25 * 1 + 1 * 0 */
    CHECK_EQ(count_not(&r, img, 64, 0, 191, 64), 0);
    RD_RELEASE(bs);
    rd_pipe_end(&p);
    rd_end(&r);
}

TEST(render_scissor_and_viewport_limit_pixels)
{
    static const D3D11_RASTERIZER_DESC scissor = { D3D11_FILL_SOLID, D3D11_CULL_BACK, FALSE, 0,
                                                   0.0f, 0.0f, TRUE, TRUE, FALSE, FALSE };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float c[4] = { 1, 1, 1, 1 };
    uint8_t img[16 * 16 * 4];
    ID3D11RasterizerState *rs = NULL;
    const D3D11_RECT rect = { 3, 5, 11, 9 };
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 16, 16);
    CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &scissor, &rs), S_OK);
    ID3D11DeviceContext_RSSetState(r.ctx, rs);
    ID3D11DeviceContext_RSSetScissorRects(r.ctx, 1, &rect);
    rd_clear(&r, 0, 0, 0, 0);
    rd_quad(v, 0.0f, c, c, c, c);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_Draw(r.ctx, 6, 0);
    rd_read(&r, img);
    for (UINT y = 0; y < 16; y++)
        for (UINT x = 0; x < 16; x++) {
            bool in = x >= 3 && x < 11 && y >= 5 && y < 9;
            CHECK_EQ(RD_PIXEL(img, &r, x, y)[0], in ? 255 : 0);
        }

    /* no scissor, a viewport of 4x4 at (2, 6): the quad fills exactly it (15.6, 15.7) */
    ID3D11DeviceContext_RSSetState(r.ctx, NULL);
    rd_viewport(r.ctx, 2.0f, 6.0f, 4.0f, 4.0f);
    rd_clear(&r, 0, 0, 0, 0);
    ID3D11DeviceContext_Draw(r.ctx, 6, 0);
    rd_read(&r, img);
    for (UINT y = 0; y < 16; y++)
        for (UINT x = 0; x < 16; x++) {
            bool in = x >= 2 && x < 6 && y >= 6 && y < 10;
            CHECK_EQ(RD_PIXEL(img, &r, x, y)[0], in ? 255 : 0);
        }
    RD_RELEASE(rs);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* Clockwise quad on the left, counter-clockwise on the right, under every cull mode. */
TEST(render_cull_modes_and_front_ccw)
{
    static const struct {
        D3D11_CULL_MODE cull;
        BOOL ccw;
        bool left, right;
    } cases[] = {
        { D3D11_CULL_BACK, FALSE, true, false }, { D3D11_CULL_FRONT, FALSE, false, true },
        { D3D11_CULL_NONE, FALSE, true, true },  { D3D11_CULL_BACK, TRUE, false, true },
        { D3D11_CULL_FRONT, TRUE, true, false },
    };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[12];
    static const float c[4] = { 1, 1, 1, 1 };
    uint8_t img[16 * 8 * 4];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 16, 8);
    rect_px(v, 16, 8, 0, 0, 8, 8, 0.0f, c);
    rect_px(v + 6, 16, 8, 8, 0, 16, 8, 0.0f, c);
    for (int i = 6; i < 12; i += 3) {
        struct vtx t = v[i + 1];
        v[i + 1] = v[i + 2];
        v[i + 2] = t;
    }
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 12, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        D3D11_RASTERIZER_DESC d = { D3D11_FILL_SOLID, cases[i].cull, cases[i].ccw, 0, 0.0f,
                                    0.0f, TRUE, FALSE, FALSE, FALSE };
        ID3D11RasterizerState *rs = NULL;
        CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &d, &rs), S_OK);
        ID3D11DeviceContext_RSSetState(r.ctx, rs);
        rd_clear(&r, 0, 0, 0, 0);
        ID3D11DeviceContext_Draw(r.ctx, 12, 0);
        rd_read(&r, img);
        CHECK_EQ(RD_PIXEL(img, &r, 2, 3)[0], cases[i].left ? 255 : 0);
        CHECK_EQ(RD_PIXEL(img, &r, 13, 3)[0], cases[i].right ? 255 : 0);
        ID3D11DeviceContext_RSSetState(r.ctx, NULL);
        RD_RELEASE(rs);
    }
    rd_pipe_end(&p);
    rd_end(&r);
}

TEST(render_wireframe_draws_edges_only)
{
    static const D3D11_RASTERIZER_DESC wire = { D3D11_FILL_WIREFRAME, D3D11_CULL_BACK, FALSE, 0,
                                                0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE };
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float c[4] = { 1, 1, 1, 1 };
    uint8_t img[16 * 16 * 4];
    ID3D11RasterizerState *rs = NULL;
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 16, 16);
    /* corners on pixel centres (2.5, 2.5) .. (12.5, 12.5) */
    rect_px(v, 16, 16, 2.5f, 2.5f, 12.5f, 12.5f, 0.0f, c);
    CHECK_HR(ID3D11Device_CreateRasterizerState(r.dev, &wire, &rs), S_OK);
    ID3D11DeviceContext_RSSetState(r.ctx, rs);
    rd_clear(&r, 0, 0, 0, 0);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_Draw(r.ctx, 6, 0);
    rd_read(&r, img);
    CHECK_EQ(RD_PIXEL(img, &r, 7, 2)[0], 255);    /* top edge */
    CHECK_EQ(RD_PIXEL(img, &r, 2, 7)[0], 255);    /* left edge */
    CHECK_EQ(RD_PIXEL(img, &r, 5, 5)[0], 0);      /* inside, off the diagonal */
    CHECK_EQ(RD_PIXEL(img, &r, 0, 0)[0], 0);
    RD_RELEASE(rs);
    rd_pipe_end(&p);
    rd_end(&r);
}

TEST(render_discard_removes_pixels)
{
    static const char ps_text[] =
        L9_PS_91 "ps_4_0_level_9_1\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\n"
        "dcl_temps 1\nlt r0.x, v0.x, l(0.5)\ndiscard_nz r0.x\nmov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)\n"
        "ret\n";
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float tl[4] = { 0, 0, 0, 0 }, tr[4] = { 1, 0, 0, 0 };
    uint8_t img[8 * 4 * 4];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 8, 4);
    rd_clear(&r, 0, 0, 0, 0);
    rd_quad(v, 0.0f, tl, tr, tl, tr);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, ps_text, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_Draw(r.ctx, 6, 0);
    rd_read(&r, img);
    for (UINT y = 0; y < 4; y++)
        for (UINT x = 0; x < 8; x++)
            CHECK_EQ(RD_PIXEL(img, &r, x, y)[0], x < 4 ? 0 : 255);
    rd_pipe_end(&p);
    rd_end(&r);
}

/* Clipping (15.4): z from -1 (top) to +1 (bottom): the near plane keeps the bottom half;
 * z from 0 (top) to 2 (bottom): the far plane keeps the top half. */
TEST(render_clip_near_and_far)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[6];
    static const float c[4] = { 1, 1, 1, 1 };
    uint8_t img[8 * 16 * 4];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 8, 16);
    for (int pass = 0; pass < 2; pass++) {
        rd_quad(v, 0.0f, c, c, c, c);
        for (int i = 0; i < 6; i++)
            v[i].pos[2] = pass == 0 ? -v[i].pos[1] : 1.0f - v[i].pos[1];
        rd_clear(&r, 0, 0, 0, 0);
        rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 6, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        ID3D11DeviceContext_Draw(r.ctx, 6, 0);
        rd_read(&r, img);
        for (UINT y = 0; y < 16; y++)
            for (UINT x = 0; x < 8; x++) {
                bool drawn = pass == 0 ? y >= 8 : y < 8;
                CHECK_EQ(RD_PIXEL(img, &r, x, y)[0], drawn ? 255 : 0);
            }
        rd_pipe_end(&p);
    }
    rd_end(&r);
}

/* A triangle reaching far beyond the guard band still covers exactly the viewport. */
TEST(render_clip_guard_band_huge_triangle)
{
    struct rd r;
    struct rd_pipe p;
    struct vtx v[3];
    static const float c[4] = { 1, 1, 1, 1 };
    uint8_t img[32 * 32 * 4];
    RD_BEGIN(&r, D3D_FEATURE_LEVEL_9_1, 32, 32);
    memset(v, 0, sizeof(v));
    const float pos[3][2] = { { -1e7f, 1e7f }, { 1e7f, 1e7f }, { -1e7f, -3e7f } };
    for (int i = 0; i < 3; i++) {
        v[i].pos[0] = pos[i][0];
        v[i].pos[1] = pos[i][1];
        v[i].pos[3] = 1.0f;
        memcpy(v[i].attr, c, sizeof(c));
    }
    rd_clear(&r, 0, 0, 0, 0);
    rd_pipe_begin(&r, &p, VS_POS_ATTR, PS_ATTR, v, 3, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_Draw(r.ctx, 3, 0);
    rd_read(&r, img);
    CHECK_EQ(count_not(&r, img, 255, 255, 255, 255), 0);
    rd_pipe_end(&p);
    rd_end(&r);
}
