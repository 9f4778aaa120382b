/* tests/test_hlsl_accept.c — issue 13's acceptance shaders (hlsl_accept.h): the scenes, their
 * closed forms, the level-9 draws on D3D11 9_1 / 9_3 devices, the 4_0 draws at 10_0
 * (SOFTD3D_PROFILE=10_0), the 5_0 draws at 11_0 (SOFTD3D_PROFILE=11_0) and the 5_0 runs on
 * the VM.
 *
 * Every scene is one quad over the 16x16 target with attributes affine in (u, v), so the value
 * at a pixel centre is known exactly; each expected colour below is the shader's formula in C.
 */
#include "test_render_util.h"

#include <strings.h>

#include "d3dcompiler.h"
#include "hlsl_accept.h"
#include "shader/dxbc.h"
#include "shader/tpf.h"
#include "vm/vm.h"

const char *const accept_semantics[ACCEPT_ATTRS] = {
    "POSITION", "NORMAL", "TANGENT", "TEXCOORD", "COLOR", "BLENDWEIGHT", "BLENDINDICES",
};

void *accept_compile(const char *file, const char *target, size_t *size)
{
    char path[512];
    WCHAR wpath[512];
    snprintf(path, sizeof(path), "%s/tests/shaders/hlsl/%s", SOFTD3D_SOURCE_DIR, file);
    size_t n = strlen(path);
    for (size_t i = 0; i <= n; i++)
        wpath[i] = (WCHAR)(unsigned char)path[i];
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr = D3DCompileFromFile(wpath, NULL, D3D_COMPILE_STANDARD_FILE_INCLUDE, "main",
                                    target, 0, 0, &code, &errors);
    if (FAILED(hr))
        harness_fail(__FILE__, __LINE__, "%s for %s: 0x%08x %s", file, target, (unsigned)hr,
                     errors ? (const char *)ID3D10Blob_GetBufferPointer(errors) : "");
    if (errors)
        ID3D10Blob_Release(errors);
    if (FAILED(hr))
        return NULL;
    *size = ID3D10Blob_GetBufferSize(code);
    void *p = malloc(*size);
    if (p)
        memcpy(p, ID3D10Blob_GetBufferPointer(code), *size);
    ID3D10Blob_Release(code);
    return p;
}

void accept_quad(const struct accept_scene *s, struct accept_vertex v[6])
{
    static const float uv[6][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 1}};
    for (unsigned i = 0; i < 6; i++) {
        memset(&v[i], 0, sizeof(v[i]));
        s->corner(uv[i][0], uv[i][1], &v[i]);
    }
}

void accept_check(const struct accept_scene *s, const char *target, const uint8_t *rgba)
{
    unsigned bad = 0;
    for (unsigned y = 0; y < ACCEPT_H; y++)
        for (unsigned x = 0; x < ACCEPT_W; x++) {
            float u = ((float)x + 0.5f) / ACCEPT_W, v = ((float)y + 0.5f) / ACCEPT_H;
            float want[4] = {0, 0, 0, 0};
            bool kept = true;
            s->expect(u, v, want, &kept);
            const uint8_t *p = rgba + (y * ACCEPT_W + x) * 4;
            for (unsigned c = 0; c < 4; c++) {
                int w = kept ? rd_unorm8(want[c]) : 0;
                if ((p[c] > w ? p[c] - w : w - p[c]) > 1 && bad++ < 4)
                    harness_fail(__FILE__, __LINE__, "%s %s: pixel (%u, %u) = (%d, %d, %d, %d), "
                                 "want (%d, %d, %d, %d)%s", s->name, target, x, y, p[0], p[1],
                                 p[2], p[3], kept ? rd_unorm8(want[0]) : 0,
                                 kept ? rd_unorm8(want[1]) : 0, kept ? rd_unorm8(want[2]) : 0,
                                 kept ? rd_unorm8(want[3]) : 0, kept ? "" : " (discarded)");
            }
        }
}

/* ---- the scenes ------------------------------------------------------------------------------ */

static void set4(float *d, float a, float b, float c, float e)
{
    d[0] = a;
    d[1] = b;
    d[2] = c;
    d[3] = e;
}

/* A clip-space quad over the target: (u, v) = (0, 0) top left. */
static void clip_corner(float u, float v, struct accept_vertex *o)
{
    set4(o->pos, 2 * u - 1, 1 - 2 * v, 0.5f, 1);
    set4(o->uv, u, v, 0, 0);
}

/* the 4x4 texture: texel (x, y) = (x / 4, y / 4, 0.75, 1) */
static void grid_texel(unsigned x, unsigned y, float rgba[4])
{
    set4(rgba, (float)x / 4, (float)y / 4, 0.75f, 1);
}

static float texel_at(float u, unsigned n)
{
    int t = (int)floorf(u * (float)n);
    return (float)(t < 0 ? 0 : t >= (int)n ? (int)n - 1 : t);
}

static float sat(float x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* UI: ImGui's orthographic projection of pixel coordinates, colour (1, 0.5, 0.25, 1) */
static void ui_corner(float u, float v, struct accept_vertex *o)
{
    set4(o->pos, u * ACCEPT_W, v * ACCEPT_H, 0, 0);
    set4(o->col, 1, 0.5f, 0.25f, 1);
    set4(o->uv, u, v, 0, 0);
}

static const float ui_vs_cb[4][4] = {   /* column_major: the registers are its columns */
    {2.0f / ACCEPT_W, 0, 0, 0}, {0, -2.0f / ACCEPT_H, 0, 0}, {0, 0, 0.5f, 0}, {-1, 1, 0.5f, 1},
};
static const struct accept_uniform ui_vs_uni[] = {{"ProjectionMatrix", 0, 4}, {NULL, 0, 0}};

static void ui_expect(float u, float v, float c[4], bool *kept)
{
    (void)kept;
    set4(c, texel_at(u, 4) / 4, 0.5f * texel_at(v, 4) / 4, 0.25f * 0.75f, 1);
}

/* Lighting: normal (0, 0, 2) (normalized: +z), colour (1, 1, 1 - u); three lights */
static void light_corner(float u, float v, struct accept_vertex *o)
{
    clip_corner(u, v, o);
    set4(o->nrm, 0, 0, 2, 0);
    set4(o->col, 1, 1, 1 - u, 1);
}

static const float light_ps_cb[7][4] = {
    {0, 0, -1, 0}, {1, 0, 0, 0.5f},                    /* along -z: lambert 1; red 0.5 */
    {0, -0.8660254f, -0.5f, 0}, {0, 1, 0, 1},          /* 60 degrees: lambert 0.5; green 1 */
    {0, 0, 1, 0}, {0, 0, 1, 1},                        /* from behind: lambert 0 */
    {0.125f, 0, 0.25f, 0},                             /* ambient */
};
static const struct accept_uniform light_ps_uni[] = {{"lights", 0, 6}, {"ambient", 6, 1},
                                                     {NULL, 0, 0}};

static void light_expect(float u, float v, float c[4], bool *kept)
{
    (void)v;
    (void)kept;
    set4(c, 0.125f + 0.5f, 0.5f, 0.25f * (1 - u), 1);
}

/* Normal mapping: surface normal +z, tangent +x; the map holds tangent-space normals tilted
 * towards +x by texel column; the sun along -z */
static void nm_corner(float u, float v, struct accept_vertex *o)
{
    clip_corner(u, v, o);
    set4(o->nrm, 0, 0, 1, 0);
    set4(o->tan, 3, 0, 0, 0);
}

static void nm_texel(unsigned x, unsigned y, float rgba[4])
{
    /* tangent-space (sin a, 0, cos a) for a = 0, 30, 60, 90 degrees by column, stored * 0.5 +
     * 0.5 as UNORM8 (the decoded value is what the draw sees: the expectation uses it too) */
    static const float s[4] = {0, 0.5f, 0.8660254f, 1}, k[4] = {1, 0.8660254f, 0.5f, 0};
    (void)y;
    set4(rgba, s[x] * 0.5f + 0.5f, 0.5f, k[x] * 0.5f + 0.5f, 1);
}

static const float nm_ps_cb[2][4] = {{0, 0, -1, 0}, {1, 0.5f, 0.25f, 1}};
static const struct accept_uniform nm_ps_uni[] = {{"sun", 0, 2}, {NULL, 0, 0}};

static void nm_expect(float u, float v, float c[4], bool *kept)
{
    (void)v;
    (void)kept;
    float t[4];
    nm_texel((unsigned)texel_at(u, 4), 0, t);
    /* what the sampler returns: the UNORM8 value */
    float x = (float)rd_unorm8(t[0]) / 255 * 2 - 1, y = (float)rd_unorm8(t[1]) / 255 * 2 - 1,
          z = (float)rd_unorm8(t[2]) / 255 * 2 - 1;
    float l = z / sqrtf(x * x + y * y + z * z);   /* dot(normalize(ts), +z): the world normal's z */
    l = sat(l);
    set4(c, l, 0.5f * l, 0.25f * l, 1);
}

/* Skinning: bone 1 doubles x and y, bone 2 flattens them to 0; weights 0.5 each: the quad */
static void skin_corner(float u, float v, struct accept_vertex *o)
{
    set4(o->bw, 0.5f, 0.5f, 0, 0);
    set4(o->bi, 1, 2, 0, 0);
    set4(o->pos, (u - 0.5f) * 2, (0.5f - v) * 2, 0.5f, 1);
}

/* bones[4], column_major float4x4 (registers = columns), mul(p, M): p.x * column 0 ... */
static const float skin_vs_cb[16][4] = {
    {9, 9, 9, 9}, {9, 9, 9, 9}, {9, 9, 9, 9}, {9, 9, 9, 9},       /* bone 0: never used */
    {2, 0, 0, 0}, {0, 2, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1},       /* bone 1: x, y doubled */
    {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1},       /* bone 2: x, y to 0 */
    {9, 9, 9, 9}, {9, 9, 9, 9}, {9, 9, 9, 9}, {9, 9, 9, 9},
};
static const struct accept_uniform skin_vs_uni[] = {{"bones", 0, 16}, {NULL, 0, 0}};

static void skin_expect(float u, float v, float c[4], bool *kept)
{
    (void)kept;
    (void)u;
    (void)v;
    set4(c, 0.5f, 0.5f, 0.25f, 1);
}

/* clip / discard */
static void clip_expect(float u, float v, float c[4], bool *kept)
{
    *kept = u >= 0.5f && !(v > 0.75f);
    set4(c, u, v, 0.5f, 1);
}

/* derivatives */
static void deriv_expect(float u, float v, float c[4], bool *kept)
{
    (void)u;
    (void)v;
    (void)kept;
    set4(c, 1, 1, 0.5f, 1);
}

/* loops */
static void loops_expect(float u, float v, float c[4], bool *kept)
{
    (void)v;
    (void)kept;
    set4(c, u * 0.25f, 0.3f, 0.25f, 1);
}

static void loops_dyn_expect(float u, float v, float c[4], bool *kept)
{
    (void)v;
    (void)kept;
    set4(c, 5 * u * 0.125f, 0.5f, 0, 1);
}

/* shadow: the map's depth rises by column, the fragment's depth (COLOR0.w) is 0.5 */
static void shadow_corner(float u, float v, struct accept_vertex *o)
{
    clip_corner(u, v, o);
    set4(o->col, 0, 0, 0, 0.5f);
}

static void shadow_texel(unsigned x, unsigned y, float rgba[4])
{
    (void)y;
    set4(rgba, 0.2f * (float)x, 0, 0, 0);   /* 0, 0.2, 0.4, 0.6 */
}

static void shadow_expect(float u, float v, float c[4], bool *kept)
{
    (void)v;
    (void)kept;
    float d = 0.2f * texel_at(u, 4);
    /* LESS_EQUAL: lit where the fragment's depth <= the map's */
    set4(c, 0.5f <= d ? 1.0f : 0.0f, 0.25f <= d ? 1.0f : 0.0f, 0.5f, 1);
}

static const char *const all_targets[] = {
    "vs_4_0_level_9_1", "ps_4_0_level_9_1", "vs_4_0_level_9_3", "ps_4_0_level_9_3",
    "vs_2_0", "ps_2_0", "vs_3_0", "ps_3_0", "vs_4_0", "ps_4_0", "vs_5_0", "ps_5_0", NULL};
/* ddx/ddy: not at 9_1 or ps_2_0 (no derivatives there) */
static const char *const deriv_targets[] = {
    "vs_4_0_level_9_3", "ps_4_0_level_9_3", "vs_3_0", "ps_3_0", "vs_4_0", "ps_4_0",
    "vs_5_0", "ps_5_0", NULL};
/* 10_0 and up only: run-time loops, comparison sampling */
static const char *const sm4_targets[] = {"vs_4_0", "ps_4_0", "vs_5_0", "ps_5_0", NULL};

static float loops_dyn_data[1][4];

static const struct accept_scene scenes[] = {
    {"ui", "ui_vs.hlsl", "ui_ps.hlsl", all_targets, ui_corner, ui_vs_cb, NULL, 4, 0, ui_vs_uni,
     NULL, 4, 4, grid_texel, false, ui_expect, true},
    {"lighting", "pass_vs.hlsl", "light_ps.hlsl", all_targets, light_corner, NULL, light_ps_cb,
     0, 7, NULL, light_ps_uni, 0, 0, NULL, false, light_expect, false},
    {"normalmap", "pass_vs.hlsl", "normalmap_ps.hlsl", all_targets, nm_corner, NULL, nm_ps_cb, 0,
     2, NULL, nm_ps_uni, 4, 4, nm_texel, false, nm_expect, false},
    {"skinning", "skin_vs.hlsl", "color_ps.hlsl", all_targets, skin_corner, skin_vs_cb, NULL, 16,
     0, skin_vs_uni, NULL, 0, 0, NULL, false, skin_expect, false},
    {"clip", "pass_vs.hlsl", "clip_ps.hlsl", all_targets, clip_corner, NULL, NULL, 0, 0, NULL,
     NULL, 0, 0, NULL, false, clip_expect, false},
    {"derivatives", "pass_vs.hlsl", "deriv_ps.hlsl", deriv_targets, clip_corner, NULL, NULL, 0,
     0, NULL, NULL, 0, 0, NULL, false, deriv_expect, false},
    {"loops", "pass_vs.hlsl", "loops_ps.hlsl", all_targets, clip_corner, NULL, NULL, 0, 0, NULL,
     NULL, 0, 0, NULL, false, loops_expect, false},
    {"loops_dynamic", "pass_vs.hlsl", "loops_dynamic_ps.hlsl", sm4_targets, clip_corner, NULL,
     (const float (*)[4])loops_dyn_data, 0, 1, NULL, NULL, 0, 0, NULL, false, loops_dyn_expect, false},
    {"shadow", "pass_vs.hlsl", "shadow_ps.hlsl", sm4_targets, shadow_corner, NULL, NULL, 0, 0,
     NULL, NULL, 4, 4, shadow_texel, true, shadow_expect, false},
};

/* ---- level 9 and 4_0: drawn by a D3D11 9_1 / 9_3 / 10_0 device --------------------------------- */

/* The scene's texture t0: RGBA8 texels, or a depth map (R32_FLOAT, texel .x). */
static ID3D11Texture2D *scene_texture(struct rd *r, const struct accept_scene *s)
{
    uint8_t texels[16 * 16 * 4];
    float depths[16 * 16];
    for (unsigned y = 0; y < s->tex_h; y++)
        for (unsigned x = 0; x < s->tex_w; x++) {
            float t[4];
            s->texel(x, y, t);
            depths[y * s->tex_w + x] = t[0];
            for (unsigned c = 0; c < 4; c++)
                texels[(y * s->tex_w + x) * 4 + c] = rd_unorm8(t[c]);
        }
    if (s->depth)
        return rd_texture(r->dev, s->tex_w, s->tex_h, DXGI_FORMAT_R32_FLOAT,
                          D3D11_BIND_SHADER_RESOURCE, depths, 4 * s->tex_w);
    return rd_texture(r->dev, s->tex_w, s->tex_h, DXGI_FORMAT_R8G8B8A8_UNORM,
                      D3D11_BIND_SHADER_RESOURCE, texels, 4 * s->tex_w);
}

static void draw_d3d11(const struct accept_scene *s, const char *vs_t, const char *ps_t,
                       D3D_FEATURE_LEVEL level)
{
    struct rd r;
    if (level >= D3D_FEATURE_LEVEL_10_0) {
        const char *profile = level >= D3D_FEATURE_LEVEL_11_0 ? "11_0" : "10_0";
        if (!rd_begin_profile(&r, profile, level, ACCEPT_W, ACCEPT_H)) {
            rd_end(&r);
            return;
        }
    } else {
        RD_BEGIN(&r, level, ACCEPT_W, ACCEPT_H);
    }
    size_t vs_size = 0, ps_size = 0;
    void *vsb = accept_compile(s->vs, vs_t, &vs_size), *psb = accept_compile(s->ps, ps_t, &ps_size);
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11InputLayout *layout = NULL;
    ID3D11Buffer *vb = NULL, *vcb = NULL, *pcb = NULL;
    ID3D11Texture2D *tex = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *smp = NULL;
    if (!vsb || !psb)
        goto done;
    CHECK_HR(ID3D11Device_CreateVertexShader(r.dev, vsb, vs_size, NULL, &vs), S_OK);
    CHECK_HR(ID3D11Device_CreatePixelShader(r.dev, psb, ps_size, NULL, &ps), S_OK);
    D3D11_INPUT_ELEMENT_DESC el[ACCEPT_ATTRS];
    for (unsigned i = 0; i < ACCEPT_ATTRS; i++) {
        D3D11_INPUT_ELEMENT_DESC e = {accept_semantics[i], 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0,
                                      16 * i, D3D11_INPUT_PER_VERTEX_DATA, 0};
        el[i] = e;
    }
    CHECK_HR(ID3D11Device_CreateInputLayout(r.dev, el, ACCEPT_ATTRS, vsb, vs_size, &layout),
             S_OK);
    struct accept_vertex quad[6];
    accept_quad(s, quad);
    vb = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, quad, sizeof(quad));
    if (s->vs_cb)
        vcb = rd_buffer(r.dev, D3D11_BIND_CONSTANT_BUFFER, s->vs_cb, 16 * s->vs_cb_n);
    if (s->ps_cb)
        pcb = rd_buffer(r.dev, D3D11_BIND_CONSTANT_BUFFER, s->ps_cb, 16 * s->ps_cb_n);
    if (s->tex_w) {
        tex = scene_texture(&r, s);
        if (tex)
            CHECK_HR(ID3D11Device_CreateShaderResourceView(r.dev, (ID3D11Resource *)tex, NULL,
                                                           &srv), S_OK);
        D3D11_SAMPLER_DESC sd;
        memset(&sd, 0, sizeof(sd));
        /* point sampling; a depth map is compared: lit where reference <= map */
        sd.Filter = s->depth ? D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT
                             : D3D11_FILTER_MIN_MAG_MIP_POINT;
        sd.AddressU = sd.AddressV = sd.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
        sd.MaxAnisotropy = 1;
        sd.ComparisonFunc = s->depth ? D3D11_COMPARISON_LESS_EQUAL : D3D11_COMPARISON_NEVER;
        sd.MaxLOD = FLT_MAX;
        CHECK_HR(ID3D11Device_CreateSamplerState(r.dev, &sd, &smp), S_OK);
    }
    UINT stride = sizeof(struct accept_vertex), offset = 0;
    ID3D11DeviceContext_IASetInputLayout(r.ctx, layout);
    ID3D11DeviceContext_IASetVertexBuffers(r.ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(r.ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
    if (vcb)
        ID3D11DeviceContext_VSSetConstantBuffers(r.ctx, 0, 1, &vcb);
    if (pcb)
        ID3D11DeviceContext_PSSetConstantBuffers(r.ctx, 0, 1, &pcb);
    if (srv) {
        ID3D11DeviceContext_PSSetShaderResources(r.ctx, 0, 1, &srv);
        ID3D11DeviceContext_PSSetSamplers(r.ctx, 0, 1, &smp);
    }
    rd_clear(&r, 0, 0, 0, 0);
    ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
    uint8_t img[ACCEPT_W * ACCEPT_H * 4];
    rd_read(&r, img);
    accept_check(s, ps_t, img);
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(smp);
    RD_RELEASE(srv);
    RD_RELEASE(tex);
    RD_RELEASE(pcb);
    RD_RELEASE(vcb);
    RD_RELEASE(vb);
    RD_RELEASE(layout);
    RD_RELEASE(ps);
    RD_RELEASE(vs);
    free(vsb);
    free(psb);
    rd_end(&r);
}

/* ---- 5_0: the two programs on the VM ------------------------------------------------------------ */

struct vm_prog {
    struct ir_program ir;
    struct vm_program *p;
    struct vm_state *st;
    struct dxbc_shader_info info;
    bool ok, have_ir, have_info;
};

static bool vm_prog_load(struct vm_prog *v, const void *blob, size_t size)
{
    memset(v, 0, sizeof(*v));
    struct tpf_error err;
    struct dxbc_error derr;
    v->have_info = dxbc_parse(blob, size, 0, &v->info, &derr) == 0;
    v->have_ir = tpf_decode_blob(blob, size, 0, &v->ir, &err) == 0;
    CHECK(v->have_info && v->have_ir);
    v->ok = v->have_info && v->have_ir && vm_program_create(&v->ir, &v->p) == VM_OK &&
            vm_state_create(v->p, &v->st) == VM_OK;
    CHECK(v->ok);
    return v->ok;
}

static void vm_prog_free(struct vm_prog *v)
{
    vm_state_destroy(v->st);
    vm_program_destroy(v->p);
    if (v->have_ir)
        ir_program_free(&v->ir);
    if (v->have_info)
        dxbc_info_free(&v->info);
}

static const struct accept_scene *cur_scene;

/* t0 / s0 of the scene: point sampling with clamping; a depth map compared LESS_EQUAL */
static void accept_sample(void *ctx, const struct vm_sample_request *req,
                          struct vm_sample_result *res)
{
    (void)ctx;
    const struct accept_scene *s = cur_scene;
    for (unsigned l = 0; l < VM_LANES; l++) {
        float t[4] = {0, 0, 0, 0};
        if (s->tex_w && req->resource == 0) {
            unsigned x = (unsigned)texel_at(req->address.f[0][l], s->tex_w);
            unsigned y = (unsigned)texel_at(req->address.f[1][l], s->tex_h);
            s->texel(x, y, t);
            if (!s->depth)
                for (unsigned c = 0; c < 4; c++)
                    t[c] = (float)rd_unorm8(t[c]) / 255;   /* an R8G8B8A8_UNORM texture */
        }
        if (req->kind == VM_TEX_SAMPLE_C || req->kind == VM_TEX_SAMPLE_C_LZ) {
            float pass = req->ref[l] <= t[0] ? 1.0f : 0.0f;
            set4(t, pass, 0, 0, 0);
        }
        for (unsigned c = 0; c < 4; c++)
            memcpy(&res->value[c][l], &t[c], 4);
    }
}

static void draw_vm(const struct accept_scene *s, const char *vs_t, const char *ps_t)
{
    size_t vs_size = 0, ps_size = 0;
    void *vsb = accept_compile(s->vs, vs_t, &vs_size), *psb = accept_compile(s->ps, ps_t, &ps_size);
    struct vm_prog vp, pp;
    memset(&vp, 0, sizeof(vp));
    memset(&pp, 0, sizeof(pp));
    if (!vsb || !psb || !vm_prog_load(&vp, vsb, vs_size) || !vm_prog_load(&pp, psb, ps_size))
        goto done;
    cur_scene = s;
    /* the vertex program at the corners (0,0) (1,0) (0,1) (1,1): lanes 0..3 */
    static vm_reg vin[16], vout[16];
    memset(vin, 0, sizeof(vin));
    for (unsigned k = 0; k < 4; k++) {
        struct accept_vertex a;
        memset(&a, 0, sizeof(a));
        s->corner((float)(k & 1), (float)(k >> 1), &a);
        const float *attr[ACCEPT_ATTRS] = {a.pos, a.nrm, a.tan, a.uv, a.col, a.bw, a.bi};
        for (uint32_t e = 0; e < vp.info.input.count; e++) {
            const struct dxbc_signature_element *el = &vp.info.input.elements[e];
            for (unsigned i = 0; i < ACCEPT_ATTRS; i++)
                if (!strcasecmp(el->semantic_name, accept_semantics[i]) && el->register_index < 16)
                    for (unsigned c = 0; c < 4; c++)
                        memcpy(&vin[el->register_index][c][k], &attr[i][c], 4);
        }
    }
    struct vm_env env;
    memset(&env, 0, sizeof(env));
    env.inputs = (const vm_reg *)vin;
    env.outputs = vout;
    env.cb[0].data = s->vs_cb ? (const uint32_t *)(const void *)s->vs_cb : NULL;
    env.cb[0].size = s->vs_cb_n;
    vm_run(vp.p, vp.st, &env, 0xf);
    /* the pixel program's inputs from the vertex outputs of the same semantic */
    const struct dxbc_signature *psin = &pp.info.input, *vsout = &vp.info.output;
    int from[16];
    for (unsigned i = 0; i < 16; i++)
        from[i] = -1;
    for (uint32_t e = 0; e < psin->count; e++) {
        const struct dxbc_signature_element *pe = &psin->elements[e];
        const struct dxbc_signature_element *ve =
            dxbc_signature_find(vsout, pe->semantic_name, pe->semantic_index);
        if (pe->register_index < 16 && ve)
            from[pe->register_index] = (int)ve->register_index;
    }
    uint8_t img[ACCEPT_W * ACCEPT_H * 4];
    memset(img, 0, sizeof(img));
    static vm_reg pin[16], pout[8];
    for (unsigned q0 = 0; q0 < ACCEPT_W * ACCEPT_H / 4; q0 += VM_LANES / 4) {
        unsigned px[VM_LANES], py[VM_LANES];
        memset(pin, 0, sizeof(pin));
        for (unsigned l = 0; l < VM_LANES; l++) {
            unsigned q = q0 + l / 4, qx = q % (ACCEPT_W / 2), qy = q / (ACCEPT_W / 2);
            px[l] = qx * 2 + ((l % 4 == VM_QUAD_TR || l % 4 == VM_QUAD_BR) ? 1 : 0);
            py[l] = qy * 2 + ((l % 4 == VM_QUAD_BL || l % 4 == VM_QUAD_BR) ? 1 : 0);
            float u = ((float)px[l] + 0.5f) / ACCEPT_W, v = ((float)py[l] + 0.5f) / ACCEPT_H;
            float w4[4] = {(1 - u) * (1 - v), u * (1 - v), (1 - u) * v, u * v};
            for (unsigned r = 0; r < 16; r++)
                for (unsigned c = 0; c < 4 && from[r] >= 0; c++) {
                    float val = 0;
                    for (unsigned k = 0; k < 4; k++) {
                        float cv;
                        memcpy(&cv, &vout[from[r]][c][k], 4);
                        val += w4[k] * cv;
                    }
                    memcpy(&pin[r][c][l], &val, 4);
                }
        }
        memset(&env, 0, sizeof(env));
        env.inputs = (const vm_reg *)pin;
        env.outputs = pout;
        env.cb[0].data = s->ps_cb ? (const uint32_t *)(const void *)s->ps_cb : NULL;
        env.cb[0].size = s->ps_cb_n;
        env.sample = accept_sample;
        vm_run(pp.p, pp.st, &env, 0xffffffffu);
        for (unsigned l = 0; l < VM_LANES; l++) {
            if (env.discarded >> l & 1)
                continue;
            for (unsigned c = 0; c < 4; c++) {
                float f;
                memcpy(&f, &pout[0][c][l], 4);
                img[(py[l] * ACCEPT_W + px[l]) * 4 + c] = rd_unorm8(f);
            }
        }
    }
    accept_check(s, ps_t, img);
done:
    vm_prog_free(&vp);
    vm_prog_free(&pp);
    free(vsb);
    free(psb);
}

/* ---- every scene on every target it fits -------------------------------------------------------- */

static void run_scene(const struct accept_scene *s)
{
    for (const char *const *t = s->targets; *t; t += 2) {
        const char *vs_t = t[0], *ps_t = t[1];
        if (strstr(vs_t, "level_9_1"))
            draw_d3d11(s, vs_t, ps_t, D3D_FEATURE_LEVEL_9_1);
        else if (strstr(vs_t, "level_9_3"))
            draw_d3d11(s, vs_t, ps_t, D3D_FEATURE_LEVEL_9_3);
        else if (vs_t[3] == '2' || vs_t[3] == '3')
            accept_draw_d3d9(s, vs_t, ps_t);
        else if (!strcmp(vs_t, "vs_4_0"))
            draw_d3d11(s, vs_t, ps_t, D3D_FEATURE_LEVEL_10_0);
        else {
            /* 5_0: drawn by an 11_0 device, and run on the VM as the pipeline runs it */
            draw_d3d11(s, vs_t, ps_t, D3D_FEATURE_LEVEL_11_0);
            draw_vm(s, vs_t, ps_t);
        }
    }
}

static const struct accept_scene *scene(const char *name)
{
    for (size_t i = 0; i < sizeof(scenes) / sizeof(scenes[0]); i++)
        if (!strcmp(scenes[i].name, name))
            return &scenes[i];
    return NULL;
}

TEST(hlsl_accept_ui_pair) { run_scene(scene("ui")); }
TEST(hlsl_accept_lighting_light_array) { run_scene(scene("lighting")); }
TEST(hlsl_accept_normal_mapping) { run_scene(scene("normalmap")); }
TEST(hlsl_accept_skinning_bone_array) { run_scene(scene("skinning")); }
TEST(hlsl_accept_clip_discard) { run_scene(scene("clip")); }
TEST(hlsl_accept_ddx_ddy) { run_scene(scene("derivatives")); }
TEST(hlsl_accept_loops_unrolled_and_not) { run_scene(scene("loops")); }

TEST(hlsl_accept_loop_runtime_count)
{
    int32_t five = 5;   /* int4 count = (5, 0, 0, 0) */
    memcpy(&loops_dyn_data[0][0], &five, 4);
    run_scene(scene("loops_dynamic"));
}

TEST(hlsl_accept_shadow_map_samplecmp) { run_scene(scene("shadow")); }
