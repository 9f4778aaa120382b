/* tests/test_tiled_draw.c — issue 7 through the Direct3D 11 API at feature level 11_1: ps_5_0
 * programs (the project's assembler) read tiled textures with sample_cl_s, ld_s, gather4_s and
 * check_access_fully_mapped in a draw, min/max sampler states, draws and clears into tiled render
 * targets (writes to NULL tiles dropped), views of tiled textures bound in every stage, and the
 * refusals of bad descriptions (test_tiled_pipeline.c: input layouts, DrawIndexed, depth).
 *
 * Scene: a full-target quad from SV_VertexID (a 4-vertex strip) with
 * TEXCOORD = (x, y) in [0, 1].  Render target: R8G8B8A8_UNORM 512x256 (4x2 tiles of 128x128);
 * texture: R8_UNORM 512x256 (2 tiles of 256x256), tile 0 mapped — every texel 255 except
 * column 255 = 153 (0.6) — and tile 1 NULL.  Pixel (x, y) samples at u = (x + 0.5) / 512, the
 * centre of texel x, at LOD 0 (one texel per pixel), so a bilinear footprint gives its right
 * neighbour weight 0: exact values, no rounding tie. */
#include "test_tiled_util.h"

#include "shader/shader_asm.h"

#define W 512
#define H 256

static const char vs_text[] =
    "// Input signature:\n//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_VertexID              0   x           0   VERTID    uint   x   \n//\n"
    "// Output signature:\n//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "// TEXCOORD                 0   xy          1     NONE   float   xy  \n//\n"
    "vs_5_0\n"
    "dcl_input_sgv v0.x, vertex_id\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xy\n"
    "dcl_temps 1\n"
    "and r0.x, v0.x, l(1)\n"
    "ushr r0.y, v0.x, l(1)\n"
    "utof r0.xy, r0.xyxx\n"
    "mad o0.xy, r0.xyxx, l(2.000000, -2.000000, 0, 0), l(-1.000000, 1.000000, 0, 0)\n"
    "mov o0.zw, l(0, 0, 0, 1.000000)\n"
    "mov o1.xy, r0.xyxx\n"
    "ret\n";

#define PS_SIG                                                                                 \
    "// Input signature:\n//\n"                                                                \
    "// Name                 Index   Mask Register SysValue  Format   Used\n"                  \
    "// -------------------- ----- ------ -------- -------- ------- ------\n"                  \
    "// SV_Position              0   xyzw        0      POS   float   xy  \n"                  \
    "// TEXCOORD                 0   xy          1     NONE   float   xy  \n//\n"              \
    "// Output signature:\n//\n"                                                               \
    "// Name                 Index   Mask Register SysValue  Format   Used\n"                  \
    "// -------------------- ----- ------ -------- -------- ------- ------\n"                  \
    "// SV_Target                0   xyzw        0   TARGET   float   xyzw\n//\n"              \
    "ps_5_0\n"                                                                                 \
    "dcl_sampler s0, mode_default\n"                                                           \
    "dcl_resource_texture2d (float,float,float,float) t0\n"                                    \
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"                                  \
    "dcl_input_ps linear v1.xy\n"                                                              \
    "dcl_output o0.xyzw\n"                                                                     \
    "dcl_temps 3\n"

/* o0 = (sampled r, CheckAccessFullyMapped ? 1 : 0, 0, 1); r2.x is added to u first. */
#define PS_SAMPLE(op_line)                                                                     \
    PS_SIG "add r2.x, v1.x, l(%s)\nmov r2.y, v1.y\n" op_line                                    \
    "check_access_fully_mapped r1.y, r1.x\n"                                                   \
    "and r0.y, r1.y, l(0x3f800000)\n"                                                          \
    "mov o0.xy, r0.xyxx\nmov o0.zw, l(0, 0, 0, 1.000000)\nret\n"

struct scene {
    ID3D11DeviceContext2 *ctx;
    ID3D11Device2 *dev;
    ID3D11Buffer *pool;
    ID3D11Texture2D *tex, *rt;
    ID3D11ShaderResourceView *srv;
    ID3D11RenderTargetView *rtv;
    ID3D11VertexShader *vs;
    uint8_t *img;   /* W x H RGBA8, read back through CopyTiles */
};

static void *assemble(const char *text, size_t *size)
{
    void *blob = NULL;
    char err[256] = "";
    if (shader_assemble(text, strlen(text), &blob, size, err, sizeof(err)) != SHADER_ASM_OK) {
        fprintf(stderr, "assemble: %s\n", err);
        return NULL;
    }
    return blob;
}

static ID3D11PixelShader *make_ps(ID3D11Device2 *dev, const char *text)
{
    size_t size = 0;
    void *blob = assemble(text, &size);
    ID3D11PixelShader *ps = NULL;
    if (blob)
        CHECK_EQ(ID3D11Device2_CreatePixelShader(dev, blob, size, NULL, &ps), S_OK);
    free(blob);
    return ps;
}

static bool scene_begin(struct scene *s)
{
    memset(s, 0, sizeof(*s));
    if (!(s->dev = tiled_device(&s->ctx)))
        return false;
    s->pool = tiled_pool(s->dev, 16);
    s->tex = tiled_texture(s->dev, W, H, 1, DXGI_FORMAT_R8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    s->rt = tiled_texture(s->dev, W, H, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
    s->img = malloc(8 * TILE);
    if (!s->pool || !s->tex || !s->rt || !s->img)
        return false;
    /* texture tile 0 -> pool 0 (tile 1 NULL); RT tiles 0..6 -> pool 1..7, tile 7 NULL */
    CHECK_EQ(tiled_map(s->ctx, s->tex, s->pool, 0, 1, 0), S_OK);
    CHECK_EQ(tiled_map(s->ctx, s->rt, s->pool, 0, 7, 1), S_OK);
    {
        uint8_t *t0 = malloc(TILE);
        D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 0 };
        memset(t0, 255, TILE);
        for (int y = 0; y < 256; y++)
            t0[y * 256 + 255] = 153;
        ID3D11DeviceContext2_UpdateTiles(s->ctx, (ID3D11Resource *)s->tex, &c, NULL, t0, 0);
        free(t0);
    }
    CHECK_EQ(ID3D11Device2_CreateShaderResourceView(s->dev, (ID3D11Resource *)s->tex, NULL,
                                                    &s->srv), S_OK);
    CHECK_EQ(ID3D11Device2_CreateRenderTargetView(s->dev, (ID3D11Resource *)s->rt, NULL,
                                                  &s->rtv), S_OK);
    size_t size = 0;
    void *blob = assemble(vs_text, &size);
    if (blob)
        CHECK_EQ(ID3D11Device2_CreateVertexShader(s->dev, blob, size, NULL, &s->vs), S_OK);
    free(blob);
    if (!s->srv || !s->rtv || !s->vs)
        return false;
    D3D11_VIEWPORT vp = { 0, 0, W, H, 0, 1 };
    ID3D11DeviceContext2_RSSetViewports(s->ctx, 1, &vp);
    ID3D11DeviceContext2_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ID3D11DeviceContext2_VSSetShader(s->ctx, s->vs, NULL, 0);
    ID3D11DeviceContext2_PSSetShaderResources(s->ctx, 0, 1, &s->srv);
    ID3D11DeviceContext2_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
    return true;
}

/* Reads the RT back into s->img as a linear W x H image (tile by tile, 128x128 RGBA8 each). */
static void scene_read(struct scene *s)
{
    uint8_t *tiles = malloc(8 * TILE);
    CHECK(tiled_read(s->dev, s->ctx, s->rt, 0, 8, tiles));
    for (int ty = 0; ty < 2; ty++)
        for (int tx = 0; tx < 4; tx++)
            for (int y = 0; y < 128; y++)
                memcpy(s->img + ((size_t)(ty * 128 + y) * W + tx * 128) * 4,
                       tiles + (size_t)(ty * 4 + tx) * TILE + (size_t)y * 512, 512);
    free(tiles);
}

static const uint8_t *px(const struct scene *s, int x, int y)
{
    return s->img + ((size_t)y * W + x) * 4;
}

static bool px_is(const struct scene *s, int x, int y, uint8_t r, uint8_t g, uint8_t b,
                  uint8_t a)
{
    const uint8_t *p = px(s, x, y);
    if (p[0] == r && p[1] == g && p[2] == b && p[3] == a)
        return true;
    fprintf(stderr, "pixel (%d, %d) = (%u, %u, %u, %u), expected (%u, %u, %u, %u)\n", x, y,
            p[0], p[1], p[2], p[3], r, g, b, a);
    return false;
}

static void scene_end(struct scene *s)
{
    if (s->ctx)
        ID3D11DeviceContext2_ClearState(s->ctx);
    if (s->vs)
        ID3D11VertexShader_Release(s->vs);
    if (s->srv)
        ID3D11ShaderResourceView_Release(s->srv);
    if (s->rtv)
        ID3D11RenderTargetView_Release(s->rtv);
    if (s->tex)
        ID3D11Texture2D_Release(s->tex);
    if (s->rt)
        ID3D11Texture2D_Release(s->rt);
    if (s->pool)
        ID3D11Buffer_Release(s->pool);
    free(s->img);
    if (s->ctx)
        ID3D11DeviceContext2_Release(s->ctx);
    if (s->dev)
        CHECK_EQ(ID3D11Device2_Release(s->dev), 0u);
}

static ID3D11SamplerState *sampler(ID3D11Device2 *dev, D3D11_FILTER f)
{
    D3D11_SAMPLER_DESC d = { f, D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1, D3D11_COMPARISON_NEVER,
                             { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    ID3D11SamplerState *s = NULL;
    CHECK_EQ(ID3D11Device2_CreateSamplerState(dev, &d, &s), S_OK);
    return s;
}

static void draw_with(struct scene *s, const char *ps_fmt, const char *u_offset,
                      D3D11_FILTER filter)
{
    char text[4096];
    snprintf(text, sizeof(text), ps_fmt, u_offset);
    ID3D11PixelShader *ps = make_ps(s->dev, text);
    ID3D11SamplerState *smp = sampler(s->dev, filter);
    static const float clear[4] = { 0.0f, 0.0f, 1.0f, 1.0f };
    ID3D11DeviceContext2_ClearRenderTargetView(s->ctx, s->rtv, clear);
    ID3D11DeviceContext2_PSSetShader(s->ctx, ps, NULL, 0);
    ID3D11DeviceContext2_PSSetSamplers(s->ctx, 0, 1, &smp);
    util_clear_last_message();
    ID3D11DeviceContext2_Draw(s->ctx, 4, 0);
    CHECK_EQ(LAST[0], 0);
    if (LAST[0])
        fprintf(stderr, "%s\n", LAST);
    scene_read(s);
    if (ps)
        ID3D11PixelShader_Release(ps);
    if (smp)
        ID3D11SamplerState_Release(smp);
}

TEST(tiled_draw_ps50_sample_cl_s_and_check_access_fully_mapped)
{
    struct scene s;
    CHECK(scene_begin(&s));
    if (!s.vs) {
        scene_end(&s);
        return;
    }
    draw_with(&s, PS_SAMPLE("sample_cl_s r0.xyzw, r1.x, r2.xyxx, t0.xyzw, s0, l(0.000000)\n"),
              "0", D3D11_FILTER_MIN_MAG_MIP_LINEAR);
    for (int y = 0; y < H; y += 37) {
        CHECK(px_is(&s, 0, y, 255, 255, 0, 255));
        CHECK(px_is(&s, 254, y, 255, 255, 0, 255));
        /* texel 255 = 0.6 -> 153; its NULL neighbour has weight 0: fully mapped */
        CHECK(px_is(&s, 255, y, 153, 255, 0, 255));
        /* texel 256 is on the NULL tile: (0, default..) and not fully mapped */
        CHECK(px_is(&s, 256, y, 0, 0, 0, 255));
        CHECK(px_is(&s, 383, y, 0, 0, 0, 255));
    }
    /* RT tile 7 (x >= 384, y >= 128) is NULL: the draw's and the clear's writes were dropped,
     * it reads 0; its neighbour above was written */
    CHECK(px_is(&s, 400, 100, 0, 0, 0, 255));
    CHECK(px_is(&s, 400, 200, 0, 0, 0, 0));
    CHECK(px_is(&s, 511, 255, 0, 0, 0, 0));
    scene_end(&s);
}

TEST(tiled_draw_straddling_filter_and_min_max_samplers)
{
    struct scene s;
    CHECK(scene_begin(&s));
    if (!s.vs) {
        scene_end(&s);
        return;
    }
    /* u moved half a texel right: texels x and x + 1 with weight 1/2 each.
     * x = 254: 1.0 and 0.6; x = 255: 0.6 and NULL (0); x = 100: 1.0 and 1.0 */
    /* 0.5 / 512 = 0.0009765625 exactly */
    draw_with(&s, PS_SAMPLE("sample_cl_s r0.xyzw, r1.x, r2.xyxx, t0.xyzw, s0, l(0.000000)\n"),
              "0.0009765625", D3D11_FILTER_MIN_MAG_MIP_LINEAR);
    CHECK(px_is(&s, 100, 10, 255, 255, 0, 255));
    CHECK(px_is(&s, 254, 10, 204, 255, 0, 255));   /* 0.8 -> 204 */
    CHECK(px_is(&s, 255, 10, 77, 0, 0, 255));      /* 0.3 -> 76.5 -> 77 (round half up of
                                                      0.3f * 255 = 76.50000...) */
    draw_with(&s, PS_SAMPLE("sample_cl_s r0.xyzw, r1.x, r2.xyxx, t0.xyzw, s0, l(0.000000)\n"),
              "0.0009765625", D3D11_FILTER_MAXIMUM_MIN_MAG_MIP_LINEAR);
    CHECK(px_is(&s, 254, 10, 255, 255, 0, 255));
    CHECK(px_is(&s, 255, 10, 153, 0, 0, 255));
    draw_with(&s, PS_SAMPLE("sample_cl_s r0.xyzw, r1.x, r2.xyxx, t0.xyzw, s0, l(0.000000)\n"),
              "0.0009765625", D3D11_FILTER_MINIMUM_MIN_MAG_MIP_LINEAR);
    CHECK(px_is(&s, 254, 10, 153, 255, 0, 255));
    CHECK(px_is(&s, 255, 10, 0, 0, 0, 255));
    scene_end(&s);
}

TEST(tiled_draw_ld_s_and_gather4_s)
{
    struct scene s;
    CHECK(scene_begin(&s));
    if (!s.vs) {
        scene_end(&s);
        return;
    }
    /* ld_s at the pixel's own texel */
    draw_with(&s, PS_SIG "ftou r2.xy, v0.xyxx\nmov r2.zw, l(0, 0, 0, 0)\n"
                  "ld_s r0.xyzw, r1.x, r2.xyzw, t0.xyzw\n"
                  "check_access_fully_mapped r1.y, r1.x\nand r0.y, r1.y, l(0x3f800000)\n"
                  "mov o0.xy, r0.xyxx\nmov o0.zw, l(0, 0, 0, 1.000000)\nret\n%s",
              "", D3D11_FILTER_MIN_MAG_MIP_POINT);
    CHECK(px_is(&s, 255, 3, 153, 255, 0, 255));
    CHECK(px_is(&s, 256, 3, 0, 0, 0, 255));
    /* gather4_s (red) half a texel right of the centre: the 2x2 footprint is texels x, x + 1 of
     * rows y and y + 1 (v moved half a texel down too); o0.x = its w component (u0, v0),
     * o0.z = its y component (u1, v1) */
    draw_with(&s, PS_SIG "add r2.x, v1.x, l(0.0009765625)\nadd r2.y, v1.y, l(0.001953125)\n"
                  "gather4_s r0.xyzw, r1.x, r2.xyxx, t0.xyzw, s0.x\n"
                  "check_access_fully_mapped r1.y, r1.x\nand r1.y, r1.y, l(0x3f800000)\n"
                  "mov o0.x, r0.w\nmov o0.y, r1.y\nmov o0.z, r0.y\nmov o0.w, l(1.000000)\n"
                  "ret\n%s",
              "", D3D11_FILTER_MIN_MAG_MIP_LINEAR);
    CHECK(px_is(&s, 254, 20, 255, 255, 153, 255));
    CHECK(px_is(&s, 255, 20, 153, 0, 0, 255));
    scene_end(&s);
}

TEST(tiled_11_1_views_bind_in_every_stage_and_bad_descriptions_are_refused)
{
    struct scene s;
    D3D11_SAMPLER_DESC sd = { D3D11_FILTER_MINIMUM_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                              D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                              D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    ID3D11SamplerState *smp = NULL;
    ID3D11ShaderResourceView *v = NULL;
    ID3D11RenderTargetView *r = NULL;
    CHECK(scene_begin(&s));
    if (!s.vs) {
        scene_end(&s);
        return;
    }
    /* the 11_1 context is the ordinary one: a view of a tiled texture binds in every stage */
    util_clear_last_message();
    ID3D11DeviceContext2_VSSetShaderResources(s.ctx, 0, 1, &s.srv);
    ID3D11DeviceContext2_GSSetShaderResources(s.ctx, 1, 1, &s.srv);
    ID3D11DeviceContext2_CSSetShaderResources(s.ctx, 2, 1, &s.srv);
    CHECK_EQ(LAST[0], 0);
    {
        ID3D11ShaderResourceView *got[3] = { NULL, NULL, NULL };
        ID3D11DeviceContext2_VSGetShaderResources(s.ctx, 0, 1, &got[0]);
        ID3D11DeviceContext2_GSGetShaderResources(s.ctx, 1, 1, &got[1]);
        ID3D11DeviceContext2_CSGetShaderResources(s.ctx, 2, 1, &got[2]);
        for (int i = 0; i < 3; i++) {
            CHECK(got[i] == s.srv);
            if (got[i])
                ID3D11ShaderResourceView_Release(got[i]);
        }
    }
    /* a tile pool is not a vertex buffer (no D3D11_BIND_VERTEX_BUFFER, not a resource the
     * ordinary bindings know) */
    util_clear_last_message();
    ID3D11DeviceContext2_IASetVertexBuffers(s.ctx, 0, 1, &s.pool, &(UINT){ 4 }, &(UINT){ 0 });
    CHECK(LAST[0] != 0);
    /* sampler states: bad values refused with a message; min/max creatable at 11_1 */
    CHECK_EQ(ID3D11Device2_CreateSamplerState(s.dev, &sd, &smp), S_OK);
    if (smp)
        ID3D11SamplerState_Release(smp);
    sd.Filter = (D3D11_FILTER)0x3;   /* not a D3D11_FILTER */
    util_clear_last_message();
    CHECK_EQ(ID3D11Device2_CreateSamplerState(s.dev, &sd, &smp), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "not a D3D11_FILTER");
    sd.Filter = D3D11_FILTER_ANISOTROPIC;
    sd.MaxAnisotropy = 17;
    CHECK_EQ(ID3D11Device2_CreateSamplerState(s.dev, &sd, &smp), E_INVALIDARG);
    sd.Filter = D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT;
    sd.ComparisonFunc = (D3D11_COMPARISON_FUNC)0;
    CHECK_EQ(ID3D11Device2_CreateSamplerState(s.dev, &sd, &smp), E_INVALIDARG);
    /* views: a tiled buffer needs a description for its view (the ordinary rule: a NULL one
     * is for textures), a tile pool has no views; bind flags are checked */
    {
        ID3D11Buffer *tb = tiled_buffer(s.dev, 1);
        util_clear_last_message();
        CHECK_EQ(ID3D11Device2_CreateShaderResourceView(s.dev, (ID3D11Resource *)tb, NULL, &v),
                 E_INVALIDARG);
        CHECK(LAST[0] != 0);
        ID3D11Buffer_Release(tb);
        util_clear_last_message();
        CHECK_EQ(ID3D11Device2_CreateShaderResourceView(s.dev, (ID3D11Resource *)s.pool, NULL,
                                                        &v), E_INVALIDARG);
        CHECK_STR_CONTAINS(LAST, "tile pool");
    }
    CHECK_EQ(ID3D11Device2_CreateRenderTargetView(s.dev, (ID3D11Resource *)s.tex, NULL, &r),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "D3D11_BIND_RENDER_TARGET");
    CHECK_EQ(ID3D11Device2_CreateShaderResourceView(s.dev, (ID3D11Resource *)s.rt, NULL, &v),
             E_INVALIDARG);
    CHECK(v == NULL && r == NULL);
    scene_end(&s);
}

TEST(tiled_min_max_filters_refused_at_9_x)
{
    /* issue 7: MINIMUM_/MAXIMUM_ filters are sampler states of 11_1 devices only */
    D3D_FEATURE_LEVEL lv = D3D_FEATURE_LEVEL_9_3;
    ID3D11Device *dev = NULL;
    D3D11_SAMPLER_DESC sd = { D3D11_FILTER_MAXIMUM_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_CLAMP,
                              D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                              D3D11_COMPARISON_NEVER, { 0, 0, 0, 0 }, 0, D3D11_FLOAT32_MAX };
    ID3D11SamplerState *smp = NULL;
    CHECK_EQ(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &lv, 1,
                               D3D11_SDK_VERSION, &dev, NULL, NULL), S_OK);
    CHECK_EQ(ID3D11Device_CreateSamplerState(dev, &sd, &smp), E_INVALIDARG);
    CHECK(smp == NULL);
    sd.Filter = D3D11_FILTER_MINIMUM_MIN_MAG_MIP_POINT;
    CHECK_EQ(ID3D11Device_CreateSamplerState(dev, &sd, &smp), E_INVALIDARG);
    CHECK_EQ(ID3D11Device_Release(dev), 0u);
}

TEST(tiled_draw_lod_instruction_feeds_back_the_lod)
{
    /* u, v scaled by 4: 4 texels per pixel, LOD log2(4) = 2 exactly (sampler.c: log2 of a
     * power of two is exact); o0.x = unclamped LOD / 4 = 0.5 -> 128 (127.5 rounds up) */
    struct scene s;
    CHECK(scene_begin(&s));
    if (!s.vs) {
        scene_end(&s);
        return;
    }
    draw_with(&s, PS_SIG "mul r2.xy, v1.xyxx, l(4.000000, 4.000000, 0, 0)\n"
                  "lod r0.xy, r2.xyxx, t0.xyzw, s0\n"
                  "mul o0.x, r0.y, l(0.250000)\nmov o0.yzw, l(0, 0, 0, 1.000000)\nret\n%s",
              "", D3D11_FILTER_MIN_MAG_MIP_LINEAR);
    CHECK(px_is(&s, 10, 10, 128, 0, 0, 255));
    CHECK(px_is(&s, 300, 50, 128, 0, 0, 255));
    scene_end(&s);
}

TEST(tiled_array_views_through_the_api)
{
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    D3D11_TEXTURE2D_DESC td = { 256, 256, 1, 4, DXGI_FORMAT_R8_UNORM, { 1, 0 },
                                D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                                D3D11_RESOURCE_MISC_TILED };
    ID3D11Texture2D *t = NULL;
    ID3D11ShaderResourceView *v = NULL;
    D3D11_SHADER_RESOURCE_VIEW_DESC d = { 0 }, got;
    CHECK(dev != NULL);
    if (!dev)
        return;
    CHECK_EQ(ID3D11Device2_CreateTexture2D(dev, &td, NULL, &t), S_OK);
    /* NULL description: a Texture2DArray view of every slice */
    CHECK_EQ(ID3D11Device2_CreateShaderResourceView(dev, (ID3D11Resource *)t, NULL, &v), S_OK);
    ID3D11ShaderResourceView_GetDesc(v, &got);
    CHECK_EQ(got.ViewDimension, D3D11_SRV_DIMENSION_TEXTURE2DARRAY);
    CHECK_EQ(got.Texture2DArray.ArraySize, 4u);
    CHECK_EQ(got.Texture2DArray.MipLevels, 1u);
    ID3D11ShaderResourceView_Release(v);
    /* slices 1..2 */
    d.Format = DXGI_FORMAT_R8_UNORM;
    d.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
    d.Texture2DArray = (D3D11_TEX2D_ARRAY_SRV){ 0, (UINT)-1, 1, 2 };
    CHECK_EQ(ID3D11Device2_CreateShaderResourceView(dev, (ID3D11Resource *)t, &d, &v), S_OK);
    ID3D11ShaderResourceView_GetDesc(v, &got);
    CHECK_EQ(got.Texture2DArray.FirstArraySlice, 1u);
    CHECK_EQ(got.Texture2DArray.ArraySize, 2u);
    ID3D11ShaderResourceView_Release(v);
    /* past the last slice, and a format of another element size */
    d.Texture2DArray.ArraySize = 4;
    util_clear_last_message();
    CHECK_EQ(ID3D11Device2_CreateShaderResourceView(dev, (ID3D11Resource *)t, &d, &v),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "slices 1..+4");
    d.Texture2DArray.ArraySize = 1;
    d.Format = DXGI_FORMAT_R8G8_UNORM;
    CHECK_EQ(ID3D11Device2_CreateShaderResourceView(dev, (ID3D11Resource *)t, &d, &v),
             E_INVALIDARG);
    /* a cube view of a texture without D3D11_RESOURCE_MISC_TEXTURECUBE: the ordinary rule
     * (test_tiled_views.c: cube views of a tiled cube) */
    d.Format = DXGI_FORMAT_R8_UNORM;
    d.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBE;
    d.TextureCube = (D3D11_TEXCUBE_SRV){ 0, 1 };
    util_clear_last_message();
    CHECK_EQ(ID3D11Device2_CreateShaderResourceView(dev, (ID3D11Resource *)t, &d, &v),
             E_INVALIDARG);
    CHECK(LAST[0] != 0);
    CHECK(v == NULL);
    ID3D11Texture2D_Release(t);
    ID3D11DeviceContext2_Release(ctx);
    CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}

TEST(tiled_draw_texture2darray_slice_from_the_address)
{
    /* t1: R8_UNORM 256x256 x 3 slices, one tile each: slice 0 NULL, slice 2 = 204 (0.8).
     * A ps_5_0 sample_l_s at slice z = 2 (left half of the target) or 0 (right half). */
    struct scene s;
    CHECK(scene_begin(&s));
    if (!s.vs) {
        scene_end(&s);
        return;
    }
    D3D11_TEXTURE2D_DESC td = { 256, 256, 1, 3, DXGI_FORMAT_R8_UNORM, { 1, 0 },
                                D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                                D3D11_RESOURCE_MISC_TILED };
    ID3D11Texture2D *arr = NULL;
    ID3D11ShaderResourceView *v = NULL;
    CHECK_EQ(ID3D11Device2_CreateTexture2D(s.dev, &td, NULL, &arr), S_OK);
    CHECK_EQ(ID3D11Device2_CreateShaderResourceView(s.dev, (ID3D11Resource *)arr, NULL, &v),
             S_OK);
    if (!arr || !v) {
        scene_end(&s);
        return;
    }
    {
        D3D11_TILED_RESOURCE_COORDINATE c = { 0, 0, 0, 2 };   /* subresource 2 = slice 2 */
        UINT zero = 0, one = 1, page = 12;
        uint8_t *tile = malloc(TILE);
        CHECK_EQ(ID3D11DeviceContext2_UpdateTileMappings(s.ctx, (ID3D11Resource *)arr, 1, &c,
                                                         NULL, s.pool, 1, &zero, &page, &one, 0),
                 S_OK);
        memset(tile, 204, TILE);
        ID3D11DeviceContext2_UpdateTiles(s.ctx, (ID3D11Resource *)arr, &c, NULL, tile, 0);
        free(tile);
    }
    ID3D11DeviceContext2_PSSetShaderResources(s.ctx, 1, 1, &v);
    draw_with(&s, PS_SIG "dcl_resource_texture2darray (float,float,float,float) t1\n"
                  "lt r2.w, v1.x, l(0.5)\nmovc r2.z, r2.w, l(2.000000), l(0)\n"
                  "mov r2.xy, v1.xyxx\n"
                  "sample_l_s r0.xyzw, r1.x, r2.xyzx, t1.xyzw, s0, l(0)\n"
                  "check_access_fully_mapped r1.y, r1.x\nand r0.y, r1.y, l(0x3f800000)\n"
                  "mov o0.xy, r0.xyxx\nmov o0.zw, l(0, 0, 0, 1.000000)\nret\n%s",
              "", D3D11_FILTER_MIN_MAG_MIP_POINT);
    CHECK(px_is(&s, 10, 10, 204, 255, 0, 255));
    CHECK(px_is(&s, 300, 10, 0, 0, 0, 255));
    ID3D11ShaderResourceView_Release(v);
    ID3D11Texture2D_Release(arr);
    scene_end(&s);
}
